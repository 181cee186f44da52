#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 220
# drive: sd 1 64M
#
# Broadcom BCM2835 SDHOST (drivers/mmc/host/bcm2835.c): the upstream
# driver binds to the model (PIO: the board has no BCM2835 DMA), the card
# in its SD slot enumerates as mmcblkN with the drive's size, the kernel's
# mmc_test runs every case, ext2 survives a remount, and a card removed in
# the middle of reads (QMP eject; the driver polls, MMC_CAP_NEEDS_POLL)
# gives I/O errors and comes back when reinserted.
. /tests/lib/ktap.sh
. /tests/lib/mmc.sh

DRV=/sys/bus/platform/drivers/sdhost-bcm2835
DRIVE=sd1
# Without its DMA channel the driver moves every block by PIO, and its PIO
# write path stops at a scatterlist piece that is not a multiple of 4
# bytes (-EINVAL) and then waits for a block interrupt that only the next,
# never written, block could give: the request ends by the 10 s software
# timeout. A real Pi has the DMA channel, which takes multi-block
# transfers; modelling the BCM2835 DMA controller is what would run it.
MMC_TEST_DRIVER_LIMITS="13:PIO write of a misaligned scatterlist (no DMA channel on this board)"

ktap_begin bcm2835-sdhost $((5 + MMC_TEST_CASES))

dev=$(ktap_bound_device "$DRV")
ktap_probe_report sdhost-bcm2835 "$dev"
[ -n "$dev" ]
ktap_result $? bound "no device bound to $DRV"
dmesg | grep -F "$dev: " | while read -r l; do ktap_diag "$l"; done

host=$(mmc_host_for "$dev")
mmc_wait_card "$host" 10
card=$(mmc_card "$host")
mmc_check_enumerated "$card" 64
mmc_check_filesystem "$card"
mmc_check_mmc_test "$card"
mmc_check_removal "$host" "$DRIVE"

ktap_validator "card ${card:-missing} on ${host:-no host}; $MMC_TEST_TALLY"
ktap_finish
