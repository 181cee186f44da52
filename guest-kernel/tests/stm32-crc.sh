#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 60
#
# STM32 CRC32 (drivers/crypto/stm32/stm32-crc32.c): the upstream driver
# binds to the model, registers crc32 and crc32c, the crypto manager's
# self-tests (extra tests on: random inputs checked against the generic
# code) pass for both, and AF_ALG digests of many buffers, lengths,
# update splits and keys equal the kernel's software ones.
. /tests/lib/ktap.sh

DRV=/sys/bus/platform/drivers/stm32-crc32
COUNT=400
# presilicon.quick=1 (make run, the sanitizer boot): 100 buffers, the 64
# short lengths (0..63) that afalg-hash always starts with and 36 random
# ones up to 4099 bytes, with their splits and keys.
ktap_quick && COUNT=100

ktap_begin stm32-crc 7

dev=$(ktap_bound_device "$DRV")
ktap_probe_report stm32-crc32 "$dev"
[ -n "$dev" ]
ktap_result $? bound "no device bound to $DRV"

# The board boots with the extra self-tests off: bound again, the driver
# registers crc32 and crc32c again and the crypto manager tests them
# with the extra tests on.
crypto_extra_tests on
[ -n "$dev" ] && echo "$dev" >"$DRV/unbind" && echo "$dev" >"$DRV/bind" &&
	[ "$(ktap_bound_device "$DRV")" = "$dev" ]
rc=$?
crypto_extra_tests restore
ktap_result $rc rebind "$dev not bound again to $DRV (extra self-tests)"

for alg in crc32 crc32c; do
	st=$(crypto_selftest "stm32-crc32-$alg")
	[ "$st" = passed ]
	ktap_result $? "selftest-$alg" "stm32-crc32-$alg selftest: '${st:-not registered}'"
done

bad=0
for alg in crc32 crc32c; do
	out=$(/tests/bin/afalg-hash "stm32-crc32-$alg" "$alg-generic" "$COUNT" 2>&1)
	rc=$?
	echo "$out" | while read -r l; do ktap_diag "${l#\# }"; done
	[ $rc = 0 ] || bad=$((bad + 1))
	ktap_result $rc "afalg-$alg" "stm32-crc32-$alg differs from $alg-generic"
done

st=$(crypto_selftest stm32-crc32-crc32c)
[ "$bad" = 0 ] && [ "$st" = passed ]
ok=$?
ktap_validator "crypto self-tests ${st:-missing}; AF_ALG: $((2 - bad))/2 algorithms equal the generic code over $COUNT buffers"
ktap_result $ok summary "see the lines above"

ktap_finish
