#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 900
# drive: sd 0 64M
#
# Marvell Xenon SDHCI (drivers/mmc/host/sdhci-xenon*.c): the upstream driver
# binds to the model, the card in SD slot 0 (a 64 MiB sd-card) enumerates
# as mmcblkN, an ext2 filesystem reads back what was written, every
# mmc_test case the card and host support passes, and a card pulled in the
# middle of reads fails them and comes back when it is put in again.
. /tests/lib/ktap.sh
. /tests/lib/mmc.sh

DRV=/sys/bus/platform/drivers/xenon-sdhci

ktap_begin xenon-sdhci $((6 + MMC_TEST_CASES))

dev=$(ktap_bound_device "$DRV")
ktap_probe_report xenon-sdhci "$dev"
[ -n "$dev" ]
ktap_result $? bound "no device bound to $DRV"

host=$(mmc_host_for "${dev:-none}")
card=
[ -n "$host" ] && mmc_wait_card "$host" 10 && card=$(mmc_card "$host")
[ -n "$card" ]
ktap_result $? "card detected" "host '${host:-none}' has no card"

if [ -n "$card" ]; then
	mmc_check_enumerated "$card" 64
	mmc_check_filesystem "$card"
	mmc_check_mmc_test "$card"
	mmc_check_removal "$host" sd0
	ktap_validator "$MMC_TEST_TALLY; ext2 and card removal checked"
else
	dmesg | grep -i -e mmc -e sdhci | while read -r l; do ktap_diag "dmesg: $l"; done
	i=0
	while [ $i -lt $((4 + MMC_TEST_CASES)) ]; do
		i=$((i + 1))
		ktap_fail "no card: check $i not run"
	done
	ktap_validator "no card"
fi
ktap_finish
