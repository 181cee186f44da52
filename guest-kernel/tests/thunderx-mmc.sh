#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 300
# drive: sd 2 64M
#
# Cavium ThunderX MMC (drivers/mmc/host/cavium-thunderx.c + cavium.c, PCI
# 177d:a010, its slots as "mmc-slot" children of the PCI function's
# device-tree node): the driver binds and registers one mmc host per slot;
# the card of drive sd2 (the first of the host's slots once the Xenon and
# BCM2835 slots come before it, a later one until then) enumerates as
# mmcblkN; ext2 round trip; removal in the middle of reads (the host has
# no card-detect line: the slot nodes say broken-cd and the core polls);
# then every mmc_test case, each its own subtest (lib/mmc.sh).
. /tests/lib/ktap.sh
. /tests/lib/mmc.sh
# What cavium.c cannot do on the hardware either; the qtests show the
# model doing what the chip does in each case.
MMC_TEST_DRIVER_LIMITS="7:do_write_request() never writes a last partial 64-bit word to MIO_EMM_BUF_DAT (blocks of 1-4 bytes)|\
9:do_write_request() never writes a last partial 64-bit word to MIO_EMM_BUF_DAT (block sizes not a multiple of 8)|\
13:prepare_dma_single() passes a misaligned buffer; MIO_EMM_DMA_ADR must be 8-byte aligned|\
14:prepare_dma_single() passes a misaligned buffer; MIO_EMM_DMA_ADR must be 8-byte aligned|\
15:check_status() reports the data timeout in cmd->error, never data->error|\
16:check_status() reports the data timeout in cmd->error, never data->error|\
17:a 2-block CMD24 goes through one 512-byte buffer (OFFSET wraps) and succeeds|\
18:a 2-block CMD17 goes through one 512-byte buffer (OFFSET wraps) and succeeds"

DRV=/sys/bus/pci/drivers/thunderx_mmc
PCIDEV=0000:00:02.0

# The slot host (mmcN) under our PCI function that holds a card.
tx_host_with_card() {
	for h in /sys/class/mmc_host/mmc*; do
		[ -e "$h" ] || continue
		case "$(readlink -f "$h/device")" in
		*"$PCIDEV"*) mmc_card "${h##*/}" >/dev/null &&
			{ echo "${h##*/}"; return 0; } ;;
		esac
	done
	return 1
}

tx_hosts() {
	for h in /sys/class/mmc_host/mmc*; do
		case "$(readlink -f "$h/device")" in
		*"$PCIDEV"*) echo "${h##*/}" ;;
		esac
	done
}

ktap_begin thunderx-mmc $((6 + MMC_TEST_CASES))
ktap_probe_report thunderx_mmc "$([ -e "$DRV/$PCIDEV" ] && echo $PCIDEV)" \
	"thunderx_mmc $PCIDEV: "
[ -e "$DRV/$PCIDEV" ]
ktap_result $? "driver bound to $PCIDEV" "thunderx_mmc did not bind"
hosts=$(tx_hosts | tr '\n' ' ')
ktap_diag "slot hosts: $hosts"
[ "$(tx_hosts | wc -l)" -ge 1 ]
ktap_result $? "one mmc host per slot" "no mmc host under $PCIDEV"

i=0
host=
while [ $i -lt 100 ] && [ -z "$host" ]; do
	host=$(tx_host_with_card)
	[ -n "$host" ] || sleep 0.1
	i=$((i + 1))
done
card=
[ -n "$host" ] && card=$(mmc_card "$host")
ktap_diag "card host: ${host:-none}"
mmc_check_enumerated "$card" 64
mmc_check_filesystem "$card"
mmc_check_removal "$host" sd2
card=$(mmc_card "$host")
mmc_check_mmc_test "$card"
ktap_validator "card ${card:-none}; $MMC_TEST_TALLY"
ktap_finish
