#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 220
# drive: sd 1 64M
#
# Broadcom BCM2835 SDHOST (drivers/mmc/host/bcm2835.c): the upstream
# driver binds to the model with its DMA channel (the board's BCM2835 DMA
# controller, paced by the SDHOST's DREQ, for transfers of more than one
# block; PIO for single blocks), the card
# in its SD slot enumerates as mmcblkN with the drive's size, the kernel's
# mmc_test runs every case, ext2 survives a remount, and a card removed in
# the middle of reads (QMP eject; the driver polls, MMC_CAP_NEEDS_POLL)
# gives I/O errors and comes back when reinserted.
. /tests/lib/ktap.sh
. /tests/lib/mmc.sh

DRV=/sys/bus/platform/drivers/sdhost-bcm2835
DRIVE=sd1
# With its DMA channel the driver cannot pass three cases, on the chip as
# here (docs/devices/bcm2835-sdhost.md, "mmc_test"). For a multi-block
# read it shortens the last scatterlist entry by the 12 bytes it drains
# by PIO (bcm2835_prepare_dma) and never restores it; the data land where
# they should, but mmc_test copies them out through that scatterlist and
# misses its last 12 bytes. In DMA mode it enables no data or block
# interrupt, so a write whose block the card refused completes with all
# bytes counted and no error.
# make run's quick set without 18: with DMA the driver only ends that
# case (a 2-block read the card answers with one) by its 10 s software
# timeout, as on the chip; make check runs it.
MMC_TEST_QUICK="1 2 3 4 5 11 12 13 15 16 19 20 21 22 45"
MMC_TEST_DRIVER_LIMITS="6:the driver leaves the last scatterlist entry 12 bytes short after a DMA read (its PIO drain)|14:the driver leaves the last scatterlist entry 12 bytes short after a DMA read (its PIO drain)|17:a DMA write's data error never reaches the driver (no data or block interrupt with DMA)"

ktap_begin bcm2835-sdhost $((6 + MMC_TEST_CASES))

dev=$(ktap_bound_device "$DRV")
ktap_probe_report sdhost-bcm2835 "$dev"
[ -n "$dev" ]
ktap_result $? bound "no device bound to $DRV"
dmesg | grep -F "$dev: " | while read -r l; do ktap_diag "$l"; done
# The driver says "loaded - DMA enabled" when it got its channel from the
# board's BCM2835 DMA controller ("Falling back to PIO" when not).
dmesg | grep -qF "$dev: loaded - DMA enabled"
ktap_result $? dma-channel "the driver did not get its DMA channel (see dmesg)"

host=$(mmc_host_for "$dev")
mmc_wait_card "$host" 10
card=$(mmc_card "$host")
mmc_check_enumerated "$card" 64
mmc_check_filesystem "$card"
mmc_check_mmc_test "$card"
mmc_check_removal "$host" "$DRIVE"

ktap_validator "card ${card:-missing} on ${host:-no host}; $MMC_TEST_TALLY"
ktap_finish
