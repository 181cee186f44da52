#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 300
#
# Guest half of bench/caam-throughput (not a test: /init runs only
# /tests/*.sh by default; select it with presilicon.tests=bench/caam-throughput).
# Loads the caam modules as caam.sh does, waits until the crypto manager's
# self-tests (without the extra ones) of every "-caam" algorithm are done
# (cbc-aes-caam, gcm-aes-caam and sha256-caam must have passed), then times
# each against the kernel's software implementation in the same boot with
# /tests/bin/afalg-bench (AF_ALG, 64 KiB requests, one op socket per
# driver): AES-128-CBC encryption against cbc(aes-generic), AES-128-GCM
# encryption (16 bytes of AAD, a 16-byte tag) against
# gcm_base(ctr(aes-generic),ghash-generic), SHA-256 against sha256-generic.
# Each pair fails when the two drivers' results differ. Its "bench" lines
# (one per driver, then the ratio), prefixed "alg=NAME", as diagnostics.
# presilicon.caam_bench_seconds=N sets the time per driver (default 5).
. /tests/lib/ktap.sh
. /tests/lib/caam.sh

SIZE=65536
SECS=$(sed -n 's/.*presilicon\.caam_bench_seconds=\([0-9]*\).*/\1/p' /proc/cmdline)
SECS=${SECS:-5}
ktap_begin bench/caam-throughput 4

# The crypto manager's self-tests without its extra (random) ones: the
# guest test caam.sh runs those; here they would only lengthen the wait.
echo 1 >/sys/module/cryptomgr/parameters/noextratests 2>/dev/null
caam_load_modules >/tmp/cb-insmod.log 2>&1

# The algorithms register when the job rings probe, and the crypto
# manager tests each as it does, in a cryptomgr_test thread, on the same
# job rings (seconds; tens of seconds with the extra tests). A driver it
# has not passed cannot be bound, and tests still running would share the
# CAAM and the CPUs with the bench: wait until the three the bench needs
# have passed and no test thread has been left for 2 s.
ALGS="cbc-aes-caam gcm-aes-caam sha256-caam"
testing() { cat /proc/[0-9]*/comm 2>/dev/null | grep -c '^cryptomgr_'; }
i=0 idle=0 waiting=$ALGS
while [ $i -lt 180 ] && { [ -n "$waiting" ] || [ $idle -lt 2 ]; }; do
	sleep 1
	i=$((i + 1))
	waiting=
	for a in $ALGS; do
		[ "$(crypto_selftest "$a")" = passed ] || waiting="$waiting $a"
	done
	[ "$(testing)" = 0 ] && idle=$((idle + 1)) || idle=0
done
ktap_diag "self-tests: $(awk '/^driver/ { d = $3 } /^selftest/ && d ~ /-caam$/ && $3 == "passed" { print d }' /proc/crypto | sort -u | grep -c .) -caam algorithms passed after $i s, $(testing) cryptomgr threads left"
[ -z "$waiting" ]
ktap_result $? selftests "not passed:$waiting: $(cat /tmp/cb-insmod.log) $(dmesg | grep -e caam -e 'alg: ' | tail -n 5)"

# The job rings' interrupts ("101e1000.jr"; one a job, the driver built
# without CRYPTO_DEV_FSL_CAAM_INTC, fewer when one handler sees several).
jr_irqs() { awk '$NF ~ /\.jr$/ { for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i } END { print n + 0 }' /proc/interrupts; }

bench() {  # name type driver reference
	name=$1
	shift
	n0=$(jr_irqs)
	/tests/bin/afalg-bench "$1" "$2" "$3" "$SIZE" "$SECS" >/tmp/cb-bench.out 2>&1
	rc=$?
	n1=$(jr_irqs)
	while IFS= read -r l; do
		case "$l" in
		bench\ *) ktap_diag "bench alg=$name ${l#bench }" ;;
		*) ktap_diag "$name: ${l#\# }" ;;
		esac
	done </tmp/cb-bench.out
	ktap_diag "bench alg=$name jr_irqs=$((n1 - n0))"
	[ $rc = 0 ] && grep -q '^bench ratio=' /tmp/cb-bench.out
	ktap_result $? "$name" "afalg-bench exit $rc: $2 against $3"
}
bench cbc-aes skcipher cbc-aes-caam "cbc(aes-generic)"
bench gcm-aes aead gcm-aes-caam "gcm_base(ctr(aes-generic),ghash-generic)"
bench sha256 hash sha256-caam sha256-generic

ktap_finish
