#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 60
#
# Mediatek RNG (drivers/char/hw_random/mtk-rng.c): the upstream driver binds
# to the model, becomes /dev/hwrng, and its output passes rngtest (FIPS 140-2).
. /tests/lib/ktap.sh

# The driver's name is KBUILD_MODNAME (mtk_rng); its hwrng is named after
# the platform device (e.g. 1020f000.rng), not after the driver.
DRV=/sys/bus/platform/drivers/mtk_rng
HWRNG=/sys/class/misc/hw_random

# rngtest runs 1000 FIPS 140-2 blocks of 20,000 bits. On truly random data
# a block fails about 0.08% of the time (rng-tools documentation), so about
# 0.8 failures are expected in 1000 blocks. Poisson(0.8) exceeds 5 with
# probability 1.8e-4, so allowing up to 5 gives a false alarm about once in
# 5,000 runs, while a stuck, biased or repeating source fails most blocks.
MAX_FIPS_FAILURES=5
BLOCKS=1000
# presilicon.quick=1 (make run, the sanitizer boot): 100 blocks, whose
# expected 0.08 failures exceed 2 with probability 8e-5. Enough to see the
# driver's path and a broken source; the full statistics are make check's.
if ktap_quick; then
	MAX_FIPS_FAILURES=2
	BLOCKS=100
fi

ktap_begin mtk-rng 4

dev=$(ktap_bound_device "$DRV")
ktap_probe_report mtk_rng "$dev"
if [ -n "$dev" ]; then
	ktap_diag "bound device: $dev"
	ktap_pass bound
else
	ktap_fail bound "no device bound to $DRV"
	dmesg | grep -i -e mtk -e hwrng -e 'rng@' -e '\.rng' |
		grep -v 'command line' | while read -r l; do ktap_diag "dmesg: $l"; done
fi

# The hwrng core picks the highest-quality source; another model's RNG may
# win, so select ours explicitly and check the selection holds.
if [ -z "$dev" ]; then
	ktap_fail current "no mtk_rng device to select"
elif grep -qw "$dev" "$HWRNG/rng_available" 2>/dev/null; then
	ktap_diag "rng_current at boot: $(cat "$HWRNG/rng_current")"
	echo "$dev" >"$HWRNG/rng_current" 2>/dev/null
	cur=$(cat "$HWRNG/rng_current")
	[ "$cur" = "$dev" ]
	ktap_result $? current "rng_current is '$cur', expected '$dev'"
else
	ktap_fail current "'$dev' not in rng_available: $(cat "$HWRNG/rng_available" 2>&1)"
fi

# For the host's -seed reproducibility check; read before rngtest so that
# only the hwrng fill thread has consumed output before it.
bytes=$(head -c 32 /dev/hwrng 2>/dev/null | od -An -tx1 -v | tr -d ' \n')
ktap_diag "first-bytes: $bytes"
[ ${#bytes} = 64 ]
ktap_result $? read-32-bytes "read ${#bytes} hex digits from /dev/hwrng"

if [ -z "$dev" ]; then
	ktap_skip rngtest "no mtk-rng device"
	ktap_finish
fi
out=$(rngtest -c "$BLOCKS" </dev/hwrng 2>&1)
echo "$out" | grep "^rngtest:" | while read -r l; do ktap_diag "$l"; done
fail=$(echo "$out" | sed -n 's/.*FIPS 140-2 failures: *\([0-9][0-9]*\).*/\1/p')
succ=$(echo "$out" | sed -n 's/.*FIPS 140-2 successes: *\([0-9][0-9]*\).*/\1/p')
if [ -z "$fail" ] || [ -z "$succ" ]; then
	ktap_fail rngtest "no FIPS 140-2 summary from rngtest"
elif [ $((fail + succ)) -ne "$BLOCKS" ]; then
	ktap_fail rngtest "tested $((fail + succ)) blocks, expected $BLOCKS (short read?)"
else
	ktap_validator "rngtest: $fail of $BLOCKS FIPS 140-2 blocks failed (max $MAX_FIPS_FAILURES)"
	[ "$fail" -le "$MAX_FIPS_FAILURES" ]
	ktap_result $? rngtest "$fail of $BLOCKS blocks failed FIPS 140-2 (max $MAX_FIPS_FAILURES)"
fi

ktap_finish
