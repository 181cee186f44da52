#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 60
#
# Cavium ThunderX ZIP (drivers/crypto/cavium/zip, PCI 177d:a01a): the
# upstream driver binds to the model and registers deflate-cavium,
# lzs-cavium, deflate-scomp-cavium and lzs-scomp-cavium; the crypto
# manager's deflate self-tests pass on both deflate registrations; the
# zip_roundtrip module (guest-kernel/modules/zip-roundtrip) finds the
# engine's raw deflate equal to the kernel's software deflate both ways,
# round-trips LZS, and sees corrupt streams and short output buffers
# refused; the driver's debugfs counters show those requests reached the
# engine. The module's KTAP lines (kernel log) become subtests here.
#
# presilicon.zip_args=a=b,c=d on the kernel command line replaces the
# module's arguments (commas become spaces); e.g. the module alone on the
# software code, without an engine:
#   presilicon.zip_args=engine=deflate-generic,lzs_engine=,acomp_engine=deflate-scomp
. /tests/lib/ktap.sh

DRV=/sys/bus/pci/drivers/ThunderX-ZIP
MOD=/tests/modules/zip_roundtrip.ko
STATS=/sys/kernel/debug/thunderx_zip/zip_stats
# Subtests of this script; the module's come on top.
OWN=7

# The PCI function with the ZIP's IDs that the driver bound, or nothing.
zip_device() {
	for d in "$DRV"/*; do
		[ -L "$d" ] && [ -e "$d/vendor" ] || continue
		[ "$(cat "$d/vendor")" = 0x177d ] && [ "$(cat "$d/device")" = 0xa01a ] ||
			continue
		echo "${d##*/}"
		return 0
	done
}

# One counter of the driver's debugfs statistics, e.g. "Comp Req Completed"
# (0 when the file is missing).
zip_stat() {
	v=$(sed -n "s/^$1 *:[[:space:]]*\\([0-9]*\\).*/\\1/p" "$STATS" 2>/dev/null | head -n 1)
	echo "${v:-0}"
}

# --- run the module first: its plan is part of ours ----------------------
args=$(sed -n 's/.*presilicon\.zip_args=\([^ ]*\).*/\1/p' /proc/cmdline | tr , ' ')
comp0=$(zip_stat "Comp Req Completed")
decomp0=$(zip_stat "Decomp Req Completed")
bad0=$(zip_stat "Decompress Bad requests")
lines0=$(dmesg | wc -l)
# shellcheck disable=SC2086 # word splitting of $args is wanted
insmod "$MOD" $args >/tmp/zip-insmod.out 2>&1
mod_rc=$?
dmesg | tail -n "+$((lines0 + 1))" |
	sed -n 's/^\[[^]]*\] zip_roundtrip: //p' >/tmp/zip-roundtrip.ktap
[ "$mod_rc" != 0 ] || rmmod zip_roundtrip
comp=$(($(zip_stat "Comp Req Completed") - comp0))
decomp=$(($(zip_stat "Decomp Req Completed") - decomp0))
bad=$(($(zip_stat "Decompress Bad requests") - bad0))
mod_plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' /tmp/zip-roundtrip.ktap | head -n 1)

ktap_begin thunderx-zip $((OWN + ${mod_plan:-0}))

dev=$(zip_device)
ktap_probe_report ThunderX-ZIP "$dev" "ThunderX-ZIP $dev: "
[ -n "$dev" ]
ktap_result $? bound "no 177d:a01a device bound to $DRV"

missing=
for d in deflate-cavium lzs-cavium deflate-scomp-cavium lzs-scomp-cavium; do
	grep -q "^driver *: $d\$" /proc/crypto || missing="$missing $d"
done
[ -z "$missing" ]
ktap_result $? registered "not in /proc/crypto:$missing"

st=$(crypto_selftest deflate-cavium)
[ "$st" = passed ]
ktap_result $? selftest-deflate "deflate-cavium selftest: '${st:-not registered}'"
st_scomp=$(crypto_selftest deflate-scomp-cavium)
[ "$st_scomp" = passed ]
ktap_result $? selftest-deflate-scomp "deflate-scomp-cavium selftest: '${st_scomp:-not registered}'"
# LZS has no test vectors in the crypto manager: "passed" means untested.
ktap_diag "lzs-cavium selftest: $(crypto_selftest lzs-cavium) (no test vectors)"

# The module's results, as subtests of ours.
ktap_diag "insmod zip_roundtrip.ko $args"
ran=0
while IFS= read -r l; do
	case "$l" in
	"ok "*"# SKIP"*)
		rest=${l#ok }; rest=${rest#* }
		ktap_skip "${rest%% \# SKIP*}" "${rest#*\# SKIP }"
		ran=$((ran + 1)) ;;
	"ok "*)
		rest=${l#ok }
		ktap_pass "${rest#* }"
		ran=$((ran + 1)) ;;
	"not ok "*)
		rest=${l#not ok }; rest=${rest#* }
		why=${rest#* \# }
		[ "$why" != "$rest" ] || why=
		ktap_fail "${rest%% \# *}" "$why"
		ran=$((ran + 1)) ;;
	"# "*)
		ktap_diag "${l#\# }" ;;
	esac
done </tmp/zip-roundtrip.ktap
summary=$(sed -n 's/^# \([0-9]*\/[0-9]* checks passed.*\)/\1/p' /tmp/zip-roundtrip.ktap)

[ "$mod_rc" = 0 ] && [ -n "$mod_plan" ] && [ "$ran" = "$mod_plan" ]
ktap_result $? module "insmod exit $mod_rc ($(cat /tmp/zip-insmod.out)), ran $ran of ${mod_plan:-no} planned checks"

# The round trips and refusals were the engine's work, not a fallback's.
ktap_diag "engine requests during the module: $comp compress, $decomp decompress, $bad refused"
[ "$comp" -gt 0 ] && [ "$decomp" -gt 0 ] && [ "$bad" -gt 0 ]
ktap_result $? engine-used "debugfs $STATS: $comp compress, $decomp decompress, $bad bad requests"

[ "$KTAP_FAILED" = 0 ]
ok=$?
ktap_validator "crypto self-tests ${st:-missing}; zip_roundtrip: ${summary:-no result} against deflate-generic; engine served $comp compress and $decomp decompress requests"
ktap_result $ok summary "see the lines above"

ktap_finish
