#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 240
#
# Guest half of bench/raid-throughput (not a test: /init runs only
# /tests/*.sh by default; select it with presilicon.tests=bench/raid-throughput).
# md RAID6 on five brd ramdisks, twice in one boot: first with the RAID
# stack loaded but not bcm-sba-raid, so async_tx finds no channel and md
# computes P, Q and the rebuilt blocks on the CPU; then with bcm-sba-raid
# loaded, whose channels register with async_tx, which offloads them to the
# SBA behind the FlexRM rings. Each mode: a fresh array, MIB MiB of random
# data (prepared in /tmp, not timed) written with dd oflag=direct bs=1M
# (timed), read back and checked, md's check (mismatch_cnt 0), a data disk
# failed, caches dropped, the MIB MiB read again with iflag=direct through
# the rebuild (timed, checked); the FlexRM rings' request counts around
# each timed step. One "bench mode=..." line per mode, as diagnostics.
# presilicon.raid_bench_mib=N sets the amount (default 32 MiB).
. /tests/lib/ktap.sh
. /tests/lib/raid.sh

MOD=/tests/modules
FRM=/sys/bus/platform/drivers/brcm-flexrm-mbox
MIB=$(sed -n 's/.*presilicon\.raid_bench_mib=\([0-9]*\).*/\1/p' /proc/cmdline)
MIB=${MIB:-32}
# Each of the five disks holds a third of the data (three data disks a
# stripe), plus mdadm's 1.2 superblock and data offset (1–2 MiB here).
DISK_MIB=$(( (MIB + 2) / 3 + 4 ))
DISKS="/dev/ram0 /dev/ram1 /dev/ram2 /dev/ram3 /dev/ram4"

# Centiseconds since boot.
now() { sed 's/^\([0-9]*\)\.\([0-9]*\) .*/\1\2/' /proc/uptime; }
mibs() { awk -v m="$MIB" -v cs="$1" 'BEGIN { printf "%.2f", m * 100 / (cs > 0 ? cs : 1) }'; }

# Requests the FlexRM driver submitted on all rings (debugfs).
dev=$(ktap_bound_device "$FRM")
ring_submitted() { set -- $(flexrm_ring_stats "$dev"); echo "$1"; }

# The SBA's dmaengine channels in use (async_tx holds them once they
# register), out of those it has.
sba_chans() {
	n=0 u=0
	for c in /sys/class/dma/dma*chan*; do
		[ -e "$c" ] || continue
		[ "$(basename "$(readlink -f "$c/device")")" = "$dev" ] || continue
		n=$((n + 1))
		[ "$(cat "$c/in_use" 2>/dev/null)" -gt 0 ] 2>/dev/null && u=$((u + 1))
	done
	echo "$u/$n"
}

sha() { sha256sum "$@" | cut -d' ' -f1; }

# One mode on a fresh array: sets $why on failure, prints the bench line.
run_mode() {  # mode data-file
	mode=$1 data=$2
	why=
	want=$(sha <"$data")
	# What a failed earlier mode may have left.
	# shellcheck disable=SC2086
	if [ -e /sys/block/md0/md ]; then
		mdadm --stop /dev/md0
		mdadm --zero-superblock $DISKS
	fi >/dev/null 2>&1
	# shellcheck disable=SC2086
	mdadm --create /dev/md0 --run --level=6 --raid-devices=5 --chunk=64 \
		--assume-clean $DISKS >/tmp/rb-md.log 2>&1 ||
		{ why="mdadm --create: $(tail -n 3 /tmp/rb-md.log)"; return 1; }
	sectors=$(cat /sys/block/md0/size 2>/dev/null || echo 0)
	[ "$sectors" -ge $((MIB * 2048)) ] ||
		{ why="array of $sectors sectors, less than $MIB MiB"; return 1; }

	r0=$(ring_submitted)
	t0=$(now)
	dd if="$data" of=/dev/md0 bs=1M count="$MIB" oflag=direct 2>/tmp/rb-dd.log ||
		{ why="write: $(cat /tmp/rb-dd.log)"; return 1; }
	t1=$(now)
	r1=$(ring_submitted)
	got=$(dd if=/dev/md0 bs=1M count="$MIB" iflag=direct 2>/dev/null | sha)
	[ "$got" = "$want" ] ||
		{ why="read back $got, wrote $want"; return 1; }

	# md's check: both syndromes of every stripe recomputed and compared.
	mm=$(md_check md0 600) ||
		{ why="check: sync_action $(cat /sys/block/md0/md/sync_action), mismatch_cnt $mm"; return 1; }

	# A data disk fails: its blocks are rebuilt from the others and P.
	mdadm /dev/md0 --fail /dev/ram1 >>/tmp/rb-md.log 2>&1 ||
		{ why="mdadm --fail: $(tail -n 3 /tmp/rb-md.log)"; return 1; }
	echo 3 >/proc/sys/vm/drop_caches
	r2=$(ring_submitted)
	t2=$(now)
	dd if=/dev/md0 of=/tmp/rb-read bs=1M count="$MIB" iflag=direct 2>/tmp/rb-dd.log ||
		{ why="degraded read: $(cat /tmp/rb-dd.log)"; return 1; }
	t3=$(now)
	r3=$(ring_submitted)
	got=$(sha /tmp/rb-read)
	rm -f /tmp/rb-read
	[ "$got" = "$want" ] ||
		{ why="degraded read $got, wrote $want: $(grep -A2 md0 /proc/mdstat)"; return 1; }

	# Away with the array and its superblocks: the next mode starts afresh.
	# shellcheck disable=SC2086
	{ mdadm --stop /dev/md0 && mdadm --zero-superblock $DISKS; } >>/tmp/rb-md.log 2>&1 ||
		{ why="mdadm --stop/--zero-superblock: $(tail -n 3 /tmp/rb-md.log)"; return 1; }

	wcs=$((t1 - t0)) rcs=$((t3 - t2))
	wreq=$((r1 - r0)) rreq=$((r3 - r2))
	ktap_diag "bench mode=$mode mib=$MIB write_cs=$wcs write_mibs=$(mibs $wcs) dread_cs=$rcs dread_mibs=$(mibs $rcs) write_req=$wreq dread_req=$rreq mismatch=$mm sba_chans_in_use=$(sba_chans)"
}

ktap_begin bench/raid-throughput 4

# The RAID stack without the SBA driver; five ramdisks.
: >/tmp/rb-insmod.log
ok=1
raid_load_stack /tmp/rb-insmod.log || ok=0
insmod $MOD/brd.ko rd_nr=5 rd_size=$((DISK_MIB * 1024)) >>/tmp/rb-insmod.log 2>&1 || ok=0
[ $ok = 1 ] && [ -b /dev/ram4 ] && [ -n "$dev" ] && [ -e "/sys/kernel/debug/$dev/stats" ] &&
	! grep -q '^bcm_sba_raid ' /proc/modules
ktap_result $? "RAID stack without the SBA" "flexrm '$dev': $(cat /tmp/rb-insmod.log)"

# Random data for each mode, different so that the SBA's parity cannot
# pass on what the CPU left on the disks.
dd if=/dev/urandom of=/tmp/rb-data-cpu bs=1M count="$MIB" 2>/dev/null
dd if=/dev/urandom of=/tmp/rb-data-sba bs=1M count="$MIB" 2>/dev/null

# CPU: no channel for async_tx, so no ring request either.
run_mode cpu /tmp/rb-data-cpu && [ "$wreq" = 0 ] && [ "$rreq" = 0 ]
ktap_result $? "RAID6 on the CPU" "${why:-ring requests $wreq (write), $rreq (degraded read)}"

# The SBA's channels register; async_tx, holding dmaengine, takes them.
n0=$(dmesg | grep -c "using SBAv2 mailbox channel")
insmod $MOD/bcm-sba-raid.ko >>/tmp/rb-insmod.log 2>&1
nsba=$(( $(dmesg | grep -c "using SBAv2 mailbox channel") - n0 ))
held=$(sba_chans)
[ "$nsba" -ge 1 ] && [ "${held%/*}" = "$nsba" ] && [ "${held#*/}" = "$nsba" ]
ktap_result $? "SBA channels" "'using SBAv2' $nsba times, channels in use $held: $(tail -n 3 /tmp/rb-insmod.log) $(dmesg | grep -i sba | tail -n 3)"

# SBA: parity and rebuild go to the rings.
run_mode sba /tmp/rb-data-sba && [ "$wreq" -gt 0 ] && [ "$rreq" -gt 0 ]
ktap_result $? "RAID6 on the SBA" "${why:-ring requests $wreq (write), $rreq (degraded read)}"
rm -f /tmp/rb-data-cpu /tmp/rb-data-sba
ktap_finish
