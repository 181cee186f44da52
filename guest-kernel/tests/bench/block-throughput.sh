#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Guest half of bench/block-throughput (not a test: /init runs only
# /tests/*.sh by default; select it with presilicon.tests=bench/block-throughput).
# Sequential O_DIRECT writes and reads in 1 MiB blocks through every SD/MMC
# host with a card, every SATA disk and virtio-blk (/dev/vda), which the
# host side backs with the same file; one "bench" line per device, as
# diagnostics. presilicon.block_bench_mib=N sets the amount (default 32 MiB).
. /tests/lib/ktap.sh
. /tests/lib/mmc.sh

MIB=$(sed -n 's/.*presilicon\.block_bench_mib=\([0-9]*\).*/\1/p' /proc/cmdline)
MIB=${MIB:-32}

# Centiseconds since boot.
now() { sed 's/^\([0-9]*\)\.\([0-9]*\) .*/\1\2/' /proc/uptime; }

# MiB/s of one dd over $MIB MiB, or nothing when it failed.
timed() {
	t0=$(now)
	"$@" bs=1M count="$MIB" 2>/dev/null || return 1
	t1=$(now)
	awk -v m="$MIB" -v cs=$((t1 - t0)) 'BEGIN { printf "%.2f", m * 100 / (cs ? cs : 1) }'
}

bench_dev() {  # label driver /dev/node
	w=$(timed dd if=/dev/zero of="$3" oflag=direct) &&
	r=$(timed dd if="$3" of=/dev/null iflag=direct) || return 1
	ktap_diag "bench dev=$1 driver=$2 mib=$MIB write_mibs=$w read_mibs=$r"
}

devs=
for h in /sys/class/mmc_host/mmc*; do
	[ -e "$h" ] || continue
	host=${h##*/}
	mmc_wait_card "$host" 5 || continue
	# The host's device, or the nearest parent with a driver (the
	# ThunderX slots are children of the PCI function).
	d=$(readlink -f "$h/device")
	while [ ! -e "$d/driver" ] && [ "$d" != /sys/devices ]; do
		d=${d%/*}
	done
	drv=$(basename "$(readlink -f "$d/driver")")
	blk=$(mmc_blockdev "$(mmc_card "$host")") || continue
	devs="$devs $host:$drv:$blk"
done
# SATA disks (SCSI disks behind an ATA port), named by their controller's
# driver; libata probes asynchronously, so give it a moment.
i=0
while ! ls -d /sys/class/ata_port/ata* >/dev/null 2>&1 && [ $i -lt 20 ]; do
	sleep 0.1; i=$((i + 1))
done
for b in /sys/block/sd*; do
	[ -e "$b" ] || continue
	d=$(readlink -f "$b")
	case "$d" in */ata[0-9]*) ;; *) continue ;; esac
	ata=${d%%/host*}
	ata=${ata##*/}
	d=${d%%/ata[0-9]*}
	drv=$(basename "$(readlink -f "$d/driver")")
	devs="$devs $ata:$drv:${b##*/}"
done
n=1
for d in $devs; do n=$((n + 1)); done
ktap_begin bench/block-throughput $n
i=0
while [ ! -b /dev/vda ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
bench_dev vda virtio_blk /dev/vda
ktap_result $? "virtio-blk" "no /dev/vda or dd failed"
for d in $devs; do
	host=${d%%:*}; rest=${d#*:}; drv=${rest%%:*}; blk=${rest#*:}
	bench_dev "$blk" "$drv" "/dev/$blk"
	ktap_result $? "$drv ($host)" "dd on /dev/$blk failed"
done
ktap_finish
