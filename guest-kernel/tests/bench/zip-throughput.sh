#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Guest half of bench/zip-throughput (not a test: /init runs only
# /tests/*.sh by default; select it with presilicon.tests=bench/zip-throughput).
# Loads the zip_roundtrip module in bench mode and relays its
# "bench key=value" lines as diagnostics. Module arguments come from
# presilicon.zip_bench=a=b,c=d on the kernel command line (commas become
# spaces), e.g. presilicon.zip_bench=engine=deflate-generic,bench_kb=512.
. /tests/lib/ktap.sh

MOD=/tests/modules/zip_roundtrip.ko

args=$(sed -n 's/.*presilicon\.zip_bench=\([^ ]*\).*/\1/p' /proc/cmdline | tr , ' ')
ktap_begin bench/zip-throughput 1
ktap_diag "insmod zip_roundtrip.ko mode=bench $args"
lines0=$(dmesg | wc -l)
# shellcheck disable=SC2086 # word splitting of $args is wanted
insmod "$MOD" mode=bench $args >/tmp/zip-insmod.out 2>&1
rc=$?
dmesg | tail -n "+$((lines0 + 1))" |
	sed -n 's/^\[[^]]*\] zip_roundtrip: //p' >/tmp/zip-bench.out
[ "$rc" != 0 ] || rmmod zip_roundtrip
while IFS= read -r l; do
	ktap_diag "$l"
done </tmp/zip-bench.out
[ "$rc" = 0 ] && grep -qx "bench done" /tmp/zip-bench.out
ktap_result $? bench "insmod exit $rc ($(cat /tmp/zip-insmod.out)); no 'bench done' from the module"
ktap_finish
