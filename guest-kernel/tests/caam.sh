#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 240
#
# NXP CAAM (drivers/crypto/caam, modules): the controller binds and
# instantiates both RNG4 state handles through DECO 0, the two job rings
# bind, and every algorithm the job rings register ("-caam": AES in ECB,
# CBC, CTR, RFC 3686, XTS, GCM, RFC 4106 and 4543; DES and 3DES; MD5 and
# SHA-1 to SHA-512 with HMAC; CMAC and XCBC; the authenc AEADs with and
# without echainiv/seqiv) passes the crypto manager's self-tests, extra
# tests on (random inputs against the generic code). rngtest passes on
# rng-caam (FIPS 140-2 blocks, a false-alarm rate below the Mediatek RNG
# test's); AF_ALG results of AES-CBC, GCM and HMAC-SHA256 on random
# buffers equal the software ones, decryption gives the data back and a
# changed tag gives EBADMSG.
# Quick mode (make run, the ASan boot): fewer rngtest blocks and AF_ALG
# buffers, and the self-tests without the extra (random) ones.
. /tests/lib/ktap.sh
. /tests/lib/caam.sh

CTRL=/sys/bus/platform/drivers/caam
JR=/sys/bus/platform/drivers/caam_jr
HWRNG=/sys/class/misc/hw_random
# rngtest: caamrng.c asks for 16 bytes a job, so 1000 blocks (2.5 MB)
# are 156,000 jobs and 16 s of the boot. 200 blocks: on truly random data
# 0.16 failures are expected (0.08% a block, rng-tools), and more than 3
# come with probability 2.4e-5, below the Mediatek test's 1.8e-4 for 5 of
# 1000; a stuck, biased or repeating source fails most blocks.
BLOCKS=200 MAX_FIPS_FAILURES=3 COUNT=300
# The extra self-tests are off at boot (cryptomgr.noextratests=1); on
# for the algorithms this test registers, except in quick mode.
if ktap_quick; then
	BLOCKS=100 MAX_FIPS_FAILURES=2 COUNT=30
	crypto_extra_tests off
else
	crypto_extra_tests on
fi
# What the driver must register on this CAAM (AES and MD high-performance,
# one DESA, RNG4): a CHA the perfmon registers hide would take these away.
REQUIRED="cbc-aes-caam ecb-aes-caam ctr-aes-caam rfc3686-ctr-aes-caam
xts-aes-caam gcm-aes-caam rfc4106-gcm-aes-caam rfc4543-gcm-aes-caam
cbc-des-caam cbc-3des-caam ecb-des-caam ecb-des3-caam md5-caam sha1-caam
sha224-caam sha256-caam sha384-caam sha512-caam hmac-md5-caam
hmac-sha1-caam hmac-sha224-caam hmac-sha256-caam hmac-sha384-caam
hmac-sha512-caam cmac-aes-caam xcbc-aes-caam
authenc-hmac-sha256-cbc-aes-caam authenc-hmac-sha512-cbc-des3_ede-caam
echainiv-authenc-hmac-sha1-cbc-aes-caam
seqiv-authenc-hmac-sha256-rfc3686-ctr-aes-caam
authenc-hmac-sha1-ecb-cipher_null-caam"

ktap_begin caam 8
t0=$(cut -d' ' -f1 /proc/uptime)
phase() { ktap_diag "time: $1 at $(awk -v t0="$t0" '{ printf "%.1f s", $1 - t0 }' /proc/uptime)"; }

caam_load_modules | while read -r l; do ktap_diag "$l"; done

dev=$(ktap_bound_device "$CTRL")
ktap_probe_report caam "$dev"
[ -n "$dev" ] && dmesg | grep -q "$dev: device ID = .*(Era 8)" &&
	dmesg | grep -q "$dev: Instantiated RNG4 SH0" &&
	dmesg | grep -q "$dev: Instantiated RNG4 SH1"
ktap_result $? controller "$(dmesg | grep -m4 -e 'caam ' -e RNG4)"

njr=0
for d in "$JR"/*; do [ -L "$d" ] && [ -e "$d/of_node" ] && njr=$((njr + 1)); done
[ "$njr" = 2 ]
ktap_result $? job-rings "$njr job rings bound to caam_jr, expected 2"

# The self-tests run as the algorithms register (a few seconds, more
# under ASan); wait until every "-caam" one has passed, or one failed.
i=0
while [ $i -lt 180 ]; do
	awk '/^driver/ { d = $3 } /^selftest/ && d ~ /-caam$/ && $3 != "passed" { f = 1 }
	     END { exit f }' /proc/crypto && dmesg | grep -q "registering rng-caam" && break
	dmesg | grep -q "alg: self-tests for .*-caam failed" && break
	sleep 1
	i=$((i + 1))
done
crypto_extra_tests restore
phase "self-tests done"
all=$(awk '/^driver/ { d = $3 } /^selftest/ && d ~ /-caam$/ { print d, $3 }' /proc/crypto | sort -u)
n=$(echo "$all" | grep -c . )
bad=$(echo "$all" | grep -v " passed$")
echo "$all" | while read -r l; do ktap_diag "selftest: $l"; done
dmesg | grep -e "alg: .*caam" | grep -v "No test for" | while read -r l; do ktap_diag "dmesg: $l"; done
ktap_validator "crypto self-tests: $n -caam algorithms, $(echo "$bad" | grep -c .) not passed"
[ "$n" -gt 0 ] && [ -z "$bad" ]
ktap_result $? selftests "not passed: $bad"

missing=
for a in $REQUIRED; do
	echo "$all" | grep -q "^$a " || missing="$missing $a"
done
[ -z "$missing" ]
ktap_result $? registered "not registered:$missing"

# rng-caam: select it (the Mediatek RNG may be the current one).
rng=$(tr ' ' '\n' <"$HWRNG/rng_available" 2>/dev/null | grep -m1 caam)
if [ -n "$rng" ] && echo "$rng" >"$HWRNG/rng_current" 2>/dev/null &&
   [ "$(cat "$HWRNG/rng_current")" = "$rng" ]; then
	out=$(rngtest -c "$BLOCKS" </dev/hwrng 2>&1)
	echo "$out" | grep "^rngtest:" | while read -r l; do ktap_diag "$l"; done
	fail=$(echo "$out" | sed -n 's/.*FIPS 140-2 failures: *\([0-9][0-9]*\).*/\1/p')
	succ=$(echo "$out" | sed -n 's/.*FIPS 140-2 successes: *\([0-9][0-9]*\).*/\1/p')
	ktap_validator "rngtest on $rng: ${fail:-?} of $BLOCKS FIPS 140-2 blocks failed (max $MAX_FIPS_FAILURES)"
	[ -n "$fail" ] && [ $((fail + succ)) -eq "$BLOCKS" ] &&
		[ "$fail" -le "$MAX_FIPS_FAILURES" ]
	ktap_result $? rngtest "rngtest on $rng: ${fail:-no} failures of $((fail + succ)) blocks"
else
	ktap_fail rngtest "no caam hwrng to select: $(cat "$HWRNG/rng_available" 2>&1)"
fi

phase "rngtest done"
afalg() {  # name args...
	name=$1
	shift
	out=$(/tests/bin/afalg-crypt "$@" 2>&1)
	rc=$?
	echo "$out" | while read -r l; do ktap_diag "${l#\# }"; done
	ktap_result $rc "afalg-$name" "$2 differs from $3"
}
afalg cbc-aes skcipher cbc-aes-caam "cbc(aes-generic)" 16 "$COUNT"
afalg gcm-aes aead gcm-aes-caam "gcm_base(ctr(aes-generic),ghash-generic)" 16 16 "$COUNT"
afalg hmac-sha256 hash hmac-sha256-caam "hmac(sha256-generic)" 32 "$COUNT"
phase "AF_ALG done"

ktap_finish
