#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 300
# disk: r5r0 8M powerfail,group=psu,cache-size=256K
# disk: r5r1 8M powerfail,group=psu,cache-size=256K
# disk: r5r2 8M powerfail,group=psu,cache-size=256K
# disk: r5r3 8M powerfail,group=psu,cache-size=256K
# disk: r5p0 8M powerfail,group=psu,cache-size=256K
# disk: r5p1 8M powerfail,group=psu,cache-size=256K
# disk: r5p2 8M powerfail,group=psu,cache-size=256K
# disk: r5p3 8M powerfail,group=psu,cache-size=256K
#
# The md RAID5 write hole, and its closing by the partial parity log
# (Documentation/driver-api/md/raid5-ppl.rst, Linux 4.12), on eight
# virtio disks behind presilicon's power-fail filter (block/powerfail.c):
# each disk has a 256 KiB volatile write cache, all share one power
# supply. Two arrays of four: md0 with --consistency-policy=resync, md1
# with ppl.
#
# Boot 1: both arrays are filled with known content and flushed (that
# content is acknowledged), then 512 random 4 KiB blocks of each are
# overwritten without a flush, and the host cuts the power (QMP
# powerfail-cut) while md1's burst is still under way: every disk loses
# what its cache held, so of a stripe's update the data may have reached
# the medium and the parity not, or the reverse. The host resets the
# machine.
# Boot 2: each array is assembled without its first disk and every block
# is compared with what was written. On md0 md refuses the dirty degraded
# start (its guard against the write hole); forced, blocks that no write
# touched since the flush come back wrong: their stripe's parity no longer
# matches its data. md1 starts degraded by itself after replaying its PPL,
# and every block is the acknowledged one (the burst's blocks old or new,
# a torn one mixed at sector boundaries).
. /tests/lib/ktap.sh
. /tests/lib/raid.sh

SEED=4120
BURST=512
LOG=/tmp/powerfail.log
PLAN=13

# The virtio disk whose serial (the harness's disk name) is $1.
disk() {
	for s in /sys/block/vd*/serial; do
		[ "$(cat "$s")" = "$1" ] && { d=${s%/serial}; echo /dev/${d##*/}; return; }
	done
	echo /dev/missing-$1
}

R0=$(disk r5r0) R1=$(disk r5r1) R2=$(disk r5r2) R3=$(disk r5r3)
P0=$(disk r5p0) P1=$(disk r5p1) P2=$(disk r5p2) P3=$(disk r5p3)

ktap_begin powerfail-raid5 $PLAN
raid_load_stack $LOG

if ! mdadm --examine "$R1" >/dev/null 2>&1; then
	# ---- Boot 1: arrays, content, a burst of unflushed writes, the cut.
	ok=0
	mdadm --create /dev/md0 --run --level=5 --raid-devices=4 --chunk=64 \
		--assume-clean --bitmap=none --consistency-policy=resync \
		"$R0" "$R1" "$R2" "$R3" >>$LOG 2>&1 &&
	mdadm --create /dev/md1 --run --level=5 --raid-devices=4 --chunk=64 \
		--assume-clean --consistency-policy=ppl \
		"$P0" "$P1" "$P2" "$P3" >>$LOG 2>&1 && ok=1
	[ $ok = 1 ] &&
		[ "$(cat /sys/block/md0/md/consistency_policy)" = resync ] &&
		[ "$(cat /sys/block/md1/md/consistency_policy)" = ppl ]
	ktap_result $? "two RAID5 arrays on the powerfail disks (resync, ppl)" \
		"$(tail -5 $LOG; cat /proc/mdstat)"
	# md marks an idle array clean with a flush of every disk: not
	# before the cut.
	for md in md0 md1; do
		echo 3600 >/sys/block/$md/md/safe_mode_delay
	done

	ok=0
	/tests/bin/blockpat fill /dev/md0 $SEED >>$LOG 2>&1 &&
		/tests/bin/blockpat fill /dev/md1 $SEED >>$LOG 2>&1 && ok=1
	[ $ok = 1 ]
	ktap_result $? "known content written and flushed" "$(tail -3 $LOG)"

	/tests/bin/blockpat burst /dev/md0 $SEED $BURST >>$LOG 2>&1
	ktap_result $? "resync array: $BURST blocks overwritten, no flush" \
		"$(tail -3 $LOG)"

	# The ppl array's burst is under way when the power goes: md flushes
	# its members after each batch of stripes (ppl_do_flush), so only a
	# cut during the burst finds its stripe updates half done.
	/tests/bin/blockpat burst /dev/md1 $SEED $BURST >/tmp/b1 2>&1 &
	bp=$!
	sleep 0.3
	ktap_host qmp '{"execute":"query-powerfail"}'
	ktap_host qmp '{"execute":"powerfail-cut","arguments":{"group":"psu"}}'
	wait $bp
	rc=$?
	cat /tmp/b1 >>$LOG
	[ $rc != 0 ]
	ktap_result $? "ppl array: the cut comes in the middle of its burst" \
		"blockpat exited $rc: $(tail -2 /tmp/b1)"
	dd if="$R0" of=/dev/null bs=4096 count=1 iflag=direct >>$LOG 2>&1
	[ $? != 0 ]
	ktap_result $? "after the cut the disks fail I/O" "$(tail -2 $LOG)"

	# The host resets the machine; this boot ends here.
	ktap_diag "presilicon-host: reboot"
	sleep 60
	ktap_fail "the host reset the machine" "still running 60 s later"
	ktap_finish
fi

# ---- Boot 2: degraded assembly, every block compared.
KTAP_N=5
md_events() { dmesg | grep -E "md/raid:$1|md: $1|$1:" | tail -4; }

# Without PPL: md's guard (mdadm's "not clean", or the kernel's), then
# the write hole once forced past it.
mdadm --assemble /dev/md0 --run "$R1" "$R2" "$R3" >/tmp/a0 2>&1
cat /tmp/a0 >>$LOG
[ ! -e /sys/block/md0/md/array_state ] ||
	[ "$(cat /sys/block/md0/md/array_state)" = inactive ]
ok1=$?
grep -q "not clean" /tmp/a0 ||
	dmesg | grep -q "md/raid:md0: cannot start dirty degraded array"
[ $ok1 = 0 ] && [ $? = 0 ]
ktap_result $? "resync array: the dirty degraded start is refused" \
	"$(md_events md0; cat /tmp/a0)"

mdadm --stop /dev/md0 >>$LOG 2>&1
mdadm --assemble /dev/md0 --force --run "$R1" "$R2" "$R3" >>$LOG 2>&1
[ "$(cat /sys/block/md0/md/degraded 2>/dev/null)" = 1 ]
ktap_result $? "resync array: started degraded with --force" \
	"$(md_events md0; tail -3 $LOG)"

/tests/bin/blockpat verify /dev/md0 $SEED $BURST --raid5 4 64 >/tmp/v0 2>&1
rc=$?
ktap_diag "md0: $(head -1 /tmp/v0)"
ktap_diag "md0: $(grep '^bad stripes' /tmp/v0)"
ktap_diag "md0: $(grep '^bad by disk' /tmp/v0)"
# The write hole: blocks no write touched since the flush, rebuilt wrong.
hole=$(grep -c '^bad block .* burst no' /tmp/v0)
[ $rc = 1 ] && [ "$hole" -gt 0 ]
ktap_result $? "resync array: the write hole shows ($hole untouched blocks rebuilt wrong)" \
	"$(head -8 /tmp/v0)"
# Only the missing disk's blocks are rebuilt from parity: only they can
# be wrong.
[ "$(grep '^bad by disk' /tmp/v0 | cut -d' ' -f5-)" = "0 0 0" ] ||
	[ "$(grep -c '^bad block' /tmp/v0)" = 0 ]
ktap_result $? "resync array: every wrong block is one the missing disk held" \
	"$(grep '^bad by disk' /tmp/v0)"
mdadm --stop /dev/md0 >>$LOG 2>&1

# With PPL: md replays the log and starts degraded by itself.
mdadm --assemble /dev/md1 --run "$P1" "$P2" "$P3" >>$LOG 2>&1
[ "$(cat /sys/block/md1/md/degraded 2>/dev/null)" = 1 ] &&
	[ "$(cat /sys/block/md1/md/consistency_policy)" = ppl ] &&
	dmesg | grep -q "md/raid:md1: starting dirty degraded array with PPL"
ktap_result $? "ppl array: starts dirty and degraded with its PPL" \
	"$(md_events md1; tail -3 $LOG)"

/tests/bin/blockpat verify /dev/md1 $SEED $BURST --raid5 4 64 >/tmp/v1 2>&1
rc=$?
ktap_diag "md1: $(head -1 /tmp/v1)"
[ $rc = 0 ]
ktap_result $? "ppl array: every acknowledged block intact, the burst's old or new" \
	"$(head -8 /tmp/v1)"

# The rebuilt disk's blocks came from parity in three of four stripes;
# a fresh disk in its place is rebuilt and md's check finds no mismatch.
mdadm --zero-superblock "$P0" >>$LOG 2>&1
mdadm /dev/md1 --add "$P0" >>$LOG 2>&1
i=0
while [ "$(cat /sys/block/md1/md/degraded)" != 0 ] && [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
mm=$(md_check md1 600)
ktap_result $? "ppl array: rebuilt onto a fresh disk, check finds parity right" \
	"degraded $(cat /sys/block/md1/md/degraded), mismatch_cnt $mm"

/tests/bin/blockpat verify /dev/md1 $SEED $BURST >/tmp/v1b 2>&1
ktap_result $? "ppl array: the data reads back the same after the rebuild" \
	"$(head -4 /tmp/v1b)"
mdadm --stop /dev/md1 >>$LOG 2>&1

ktap_finish
