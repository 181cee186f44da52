#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 120
#
# Broadcom FlexRM + SBA-RAID (drivers/mailbox/bcm-flexrm-mailbox.c,
# drivers/dma/bcm-sba-raid.c): the ring manager binds with one platform
# MSI per ring through the ITS; the SBA driver (a module, with raid6_pq)
# binds one dmaengine channel to each ring; the kernel's dmatest runs its
# memcpy, xor and pq threads on both channels with verification; then
# the async_tx offload is loaded under md's RAID6 on five ramdisks: the
# parity of 16 MiB written in whole stripes is computed on the SBA (the
# rings' request counts grow by it) and md's check, on the CPU, finds it
# right; with a data disk failed, its blocks are rebuilt on the SBA and
# the data reads back whole. The RAID6 recovery code itself
# (raid6_recov, a test module): a stripe's syndrome equals the CPU's, and
# every data disk lost with P comes back. Not two failed data disks:
# Linux 6.12's driver deadlocks on the chained P+Q requests that recovery
# sends (docs/devices/bcm-flexrm.md). Quick mode (make run, the ASan
# boot) runs fewer dmatest iterations and writes 2 MiB, on 2 MiB disks,
# instead of 16 on 8 MiB ones.
. /tests/lib/ktap.sh
. /tests/lib/raid.sh

FRM=/sys/bus/platform/drivers/brcm-flexrm-mbox
SBA=/sys/bus/platform/drivers/bcm-sba-raid
MOD=/tests/modules
DT=/sys/module/dmatest/parameters
QOM=/machine/bcm-flexrm

ktap_begin bcm-flexrm 15

dev=$(ktap_bound_device "$FRM")
ktap_probe_report brcm-flexrm-mbox "$dev"
[ -n "$dev" ] && dmesg | grep -q "$dev: registered flexrm mailbox with 2 channels"
ktap_result $? bound "$(dmesg | grep -m2 -i flexrm)"
[ -n "$dev" ] || dev=none

# The SBA driver and its table's module, then its two channels.
# Not the rest of the RAID stack yet: async_tx would hold the channels.
insmod $MOD/raid6_pq.ko >/tmp/sba-insmod.log 2>&1
insmod $MOD/bcm-sba-raid.ko >>/tmp/sba-insmod.log 2>&1
chans=
for c in /sys/class/dma/dma*chan*; do
	[ -e "$c" ] || continue
	[ "$(basename "$(readlink -f "$c/device")")" = "$dev" ] &&
		chans="$chans ${c##*/}"
done
chans=${chans# }
nsba=0
for d in "$SBA"/*; do [ -L "$d" ] && [ -e "$d/of_node" ] && nsba=$((nsba + 1)); done
ncap=$(dmesg | grep -c "capabilities: interrupt memcpy xor pq")
[ "$nsba" = 2 ] && [ "$ncap" = 2 ] && [ "$(echo $chans | wc -w)" = 2 ]
ktap_result $? "SBA channels" "bound $nsba, capable $ncap, channels '$chans': $(cat /tmp/sba-insmod.log)"

# One MSI per ring (requested when the SBA takes the ring), named after
# the mailbox device, through the ITS.
msis=$(grep -c " $dev\$" /proc/interrupts)
[ "$msis" = 2 ] && grep " $dev\$" /proc/interrupts | grep -q ITS
ktap_result $? "ring MSIs" "$(grep " $dev\$" /proc/interrupts)"


# The ring counters the FlexRM driver keeps (Submitted, Completed).
ring_stats() { flexrm_ring_stats "$dev"; }

# dmatest: every SBA channel, its copy, xor and pq threads, verified.
iter=400
ktap_quick && iter=40
echo 0 >$DT/run
echo $iter >$DT/iterations
echo 1 >$DT/threads_per_chan
echo 3 >$DT/xor_sources
echo 3 >$DT/pq_sources
echo 5000 >$DT/timeout
echo N >$DT/noverify
for c in $chans; do echo "$c" >$DT/channel; done
# The kernel log from here on (never cleared: later tests in the same
# boot read it from the start).
n0=$(dmesg | wc -l)
echo 1 >$DT/run
cat $DT/wait >/dev/null
dmesg | tail -n +$((n0 + 1)) >/tmp/dmatest.log
for kind in copy xor pq; do
	bad=
	for c in $chans; do
		grep -q "dmatest: $c-${kind}0: summary $iter tests, 0 failures" \
			/tmp/dmatest.log || bad="$bad $c"
	done
	[ -n "$chans" ] && [ -z "$bad" ]
	ktap_result $? "dmatest $kind" "not clean on:$bad: $(grep -m3 "${kind}0" /tmp/dmatest.log)"
done
rate=$(sed -n "s/.*-copy0: summary .* \([0-9.]*\) KB\/s.*/\1/p" /tmp/dmatest.log | head -n 1)
# Let the channels go: async_tx may take them next.
echo 0 >$DT/run

# md RAID6 on five ramdisks, over the async_tx offload: its parity and
# its recovery go to the SBA.
ok=1
raid_load_stack /tmp/sba-insmod.log || ok=0
# Disks of 8 MiB (2 MiB in quick mode; md keeps the first MiB for its
# metadata): md's check reads them all.
rd=8192
ktap_quick && rd=2048
insmod $MOD/brd.ko rd_nr=5 rd_size=$rd >>/tmp/sba-insmod.log 2>&1 || ok=0
mdadm --create /dev/md0 --run --level=6 --raid-devices=5 --chunk=64 \
	--assume-clean /dev/ram0 /dev/ram1 /dev/ram2 /dev/ram3 /dev/ram4 \
	>/tmp/md.log 2>&1 || ok=0
[ $ok = 1 ] && [ "$(cat /sys/block/md0/md/level 2>/dev/null)" = raid6 ] &&
	[ "$(cat /sys/block/md0/md/raid_disks 2>/dev/null)" = 5 ]
ktap_result $? "RAID6 array" "$(tail -n 3 /tmp/sba-insmod.log) $(tail -n 3 /tmp/md.log)"

# Data in whole stripes: md computes P and Q of each on the SBA.
mib=16
ktap_quick && mib=2
dd if=/dev/urandom of=/tmp/md-data bs=1M count=$mib 2>/dev/null
want=$(sha256sum </tmp/md-data)
before=$(ring_stats)
dd if=/tmp/md-data of=/dev/md0 bs=1M oflag=direct 2>/dev/null
sync
after=$(ring_stats)
wreq=$(( ${after%% *} - ${before%% *} ))
[ "$wreq" -gt $((mib * 64)) ]
ktap_result $? "parity on the SBA" "ring requests before '$before', after '$after'"

# md's check recomputes both syndromes on the CPU and compares.
mm=$(md_check md0 300)
ktap_result $? "check finds the parity right" "sync_action $(cat /sys/block/md0/md/sync_action), mismatch_cnt $mm"

# A data disk fails: md rebuilds its blocks from the others and P, by
# XOR on the SBA, and the data reads back whole.
mdadm /dev/md0 --fail /dev/ram1 >>/tmp/md.log 2>&1
echo 3 >/proc/sys/vm/drop_caches
before=$(ring_stats)
got=$(dd if=/dev/md0 bs=1M count=$mib iflag=direct 2>/dev/null | sha256sum)
after=$(ring_stats)
rreq=$(( ${after%% *} - ${before%% *} ))
[ "$got" = "$want" ] && grep -q "_U_UUU\|U_UUU" /proc/mdstat
ktap_result $? "degraded read recovers the data" "read ${got%% *}, wrote ${want%% *}: $(grep -A2 md0 /proc/mdstat)"
[ "$rreq" -gt 100 ]
ktap_result $? "recovery on the SBA" "ring requests before '$before', after '$after'"
mdadm --stop /dev/md0 >>/tmp/md.log 2>&1

# The kernel's RAID6 recovery code on the SBA (our module, raid6_recov):
# a 12-disk stripe's syndrome against the CPU's, then each data disk lost
# with P and rebuilt from Q by async_raid6_datap_recov().
before=$(ring_stats)
n0=$(dmesg | wc -l)
insmod $MOD/raid6_recov.ko disks=12 >>/tmp/sba-insmod.log 2>&1
dmesg | tail -n +$((n0 + 1)) | grep "raid6_recov:" >/tmp/raid6-recov.log
after=$(ring_stats)
rchan=$(sed -n 's/.*raid6_recov: channel \([^ ]*\)$/\1/p' /tmp/raid6-recov.log)
case " $chans " in *" $rchan "*) onsba=1 ;; *) onsba=0 ;; esac
[ $onsba = 1 ] && grep -q "raid6_recov: ok syndrome of 10 data disks" /tmp/raid6-recov.log
ktap_result $? "RAID6 syndrome on the SBA" "channel '${rchan:-none}': $(head -n 3 /tmp/raid6-recov.log)"
grep -q "raid6_recov: done: syndrome ok, data+P recovered 10 of 10" /tmp/raid6-recov.log &&
	[ $(( ${after%% *} - ${before%% *} )) -gt 10 ]
ktap_result $? "RAID6 data+P recovery" "$(tail -n 3 /tmp/raid6-recov.log); ring requests '$before' -> '$after'"

# Every request the driver submitted came back, and the model saw no
# error from either driver.
set -- $(ring_stats)
[ "$1" -gt 0 ] && [ "$1" = "$2" ] && ! dmesg | grep -q "got message with error"
ktap_result $? "all requests completed" "submitted $1, completed $2"
ktap_host_expect $QOM errors 0

ktap_validator "dmatest memcpy, xor, pq: $iter verified each on $(echo $chans | wc -w) SBA channels${rate:+ (copy ${rate} KB/s)}; md RAID6: parity of $mib MiB by $wreq requests, a failed disk rebuilt by $rreq; raid6 syndrome and data+P recovery of 10 disks"
ktap_finish
