#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Guest half of bench/can-throughput (not a test: select it with
# presilicon.tests=bench/can-throughput). A cangen burst of 8-byte frames
# from the HI-3110 to the Microchip CAN BUS Analyzer, then the same burst
# on vcan0, the kernel's software CAN interface (the reference); one
# "bench" line each, as diagnostics. Every frame must arrive, in order,
# or the path fails. Not the other way: at full bus load the HI-3110's
# 8-message FIFO, drained over SPI, overflows (on the chip too).
# presilicon.can_bench_frames=N (default 10000) and
# presilicon.can_bench_bitrate=B (default 500000).
. /tests/lib/ktap.sh
. /tests/lib/can.sh

N=$(sed -n 's/.*presilicon\.can_bench_frames=\([0-9]*\).*/\1/p' /proc/cmdline)
N=${N:-10000}
BITRATE=$(sed -n 's/.*presilicon\.can_bench_bitrate=\([0-9]*\).*/\1/p' /proc/cmdline)
BITRATE=${BITRATE:-500000}
ktap_begin bench/can-throughput 2

# Centiseconds since boot.
now() { sed 's/^\([0-9]*\)\.\([0-9]*\) .*/\1\2/' /proc/uptime; }

hi=
mc=
i=0
while [ $i -lt 50 ] && { [ -z "$hi" ] || [ -z "$mc" ]; }; do
	for n in /sys/class/net/*; do
		case "$(readlink "$n/device/driver" 2>/dev/null)" in
		*/hi3110) hi=${n##*/} ;;
		*/mcba_usb) mc=${n##*/} ;;
		esac
	done
	[ -n "$hi" ] && [ -n "$mc" ] || sleep 0.1
	i=$((i + 1))
done
for d in "$hi" "$mc"; do
	[ -n "$d" ] && ip link set "$d" type can bitrate "$BITRATE" &&
		ip link set "$d" up
done
ip link add vcan0 type vcan 2>/dev/null
ip link set vcan0 up 2>/dev/null

# Frames/s of one burst from $1 to $2, or nothing when a frame was lost.
burst() {  # from to
	# A large receive buffer: on vcan0 cangen outruns candump's writes.
	CAN_DUMP_ARGS="-r 16777216" can_dump "$2" "$N" /tmp/burst 10000
	t0=$(now)
	cangen "$1" -g 0 -p 1000 -I 2A5 -L 8 -D i -n "$N"
	wait $dpid
	t1=$(now)
	[ "$(grep -c '2A5   \[8\]' /tmp/burst)" = "$N" ] || return 1
	# In order: the first payload byte counts up (cangen -D i).
	[ "$(can_out_of_order /tmp/burst)" = 0 ] || return 1
	awk -v n="$N" -v cs=$((t1 - t0)) 'BEGIN { printf "%.1f", n * 100 / (cs ? cs : 1) }'
}

run() {  # label from to bitrate
	fps=$(burst "$2" "$3")
	[ -n "$fps" ]
	ktap_result $? "$1: $N frames, complete and in order" \
		"$(grep -c '2A5' /tmp/burst) of $N frames arrived"
	[ -z "$fps" ] || ktap_diag "bench path=$1 frames=$N bitrate=$4 fps=$fps"
}
run hi3110-to-mcba "$hi" "$mc" "$BITRATE"
run vcan vcan0 vcan0 0
ip link set "$hi" down
ktap_finish
