#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Guest half of bench/wpan-throughput (not a test: select it with
# presilicon.tests=bench/wpan-throughput). TCP over 6LoWPAN between two
# 802.15.4 radios, one in a network namespace so that the traffic
# crosses the radio: first the board's two CA8210s (SPI, the air of
# /machine/wpan0), then two mac802154_hwsim radios, the kernel's software
# 802.15.4 (the reference, in the same boot). iperf3 for
# presilicon.wpan_bench_seconds=N (default 10) each; one "bench" line
# each, as diagnostics.
. /tests/lib/ktap.sh

SECS=$(sed -n 's/.*presilicon\.wpan_bench_seconds=\([0-9]*\).*/\1/p' /proc/cmdline)
SECS=${SECS:-10}
ktap_begin bench/wpan-throughput 2

ip() { /bin/ip "$@"; }

# The phys of driver $1 (a wpan phy's device/driver, or hwsim's platform
# device), first two.
phys_of() {
	for p in /sys/class/ieee802154/*; do
		case "$(readlink "$p/device/driver" 2>/dev/null)" in
		*/"$1") echo "${p##*/}" ;;
		esac
	done | head -2
}
wpan_of() {  # phyN [netns-prefix...]
	_n=${1#phy}
	shift
	"$@" iwpan dev | awk -v n="$_n" '
		/^phy#/ { cur = substr($1, 5) }
		/Interface/ && cur == n { print $2; exit }'
}

# Two radios as one link: $2 goes into netns $3; lowpan-$3 on each with
# $4::a and $4::b.
link_up() {  # phyA phyB ns prefix chan
	ip netns add "$3" &&
	iwpan phy "$2" set netns name /run/netns/"$3" || return 1
	_wa=$(wpan_of "$1") _wb=$(wpan_of "$2" ip netns exec "$3")
	_lp=lowpan-$3
	for side in a b; do
		if [ $side = a ]; then _p=$1 _w=$_wa _x= _sa=0x0001
		else _p=$2 _w=$_wb _x="ip netns exec $3" _sa=0x0002; fi
		$_x iwpan phy "$_p" set channel 0 "$5" &&
		$_x iwpan dev "$_w" set pan_id 0xbeef &&
		$_x iwpan dev "$_w" set short_addr $_sa &&
		$_x ip link add link "$_w" name $_lp type lowpan &&
		$_x sh -c "echo 0 >/proc/sys/net/ipv6/conf/$_lp/disable_ipv6" &&
		$_x ip link set "$_w" up &&
		$_x ip link set $_lp up &&
		$_x ip -6 addr add "$4::$side/64" dev $_lp nodad || return 1
	done
	ping -c 1 -W 5 -s 8 "$4::b" >/dev/null 2>&1
}

# bits/s of $SECS seconds of TCP from here to $2::b in netns $1.
measure() {  # ns prefix
	ip netns exec "$1" iperf3 -s -1 -D -B "$2::b" >/dev/null 2>&1
	sleep 0.5
	iperf3 -c "$2::b" -t "$SECS" -f k >/tmp/iperf.out 2>&1 || return 1
	awk '/receiver/ { v = $7; u = $8 } END {
		if (u ~ /^K/) v *= 1000; else if (u ~ /^M/) v *= 1000000
		if (v > 0) printf "%.0f", v }' /tmp/iperf.out
}

run() {  # label driver ns prefix chan
	set -- "$1" $(phys_of "$2") "$3" "$4" "$5"
	if [ $# -ne 6 ] || ! link_up "$2" "$3" "$4" "$5" "$6"; then
		ktap_fail "$1: two radios, a lowpan link" "$(iwpan dev 2>&1 | head -5)"
		return
	fi
	bps=$(measure "$4" "$5")
	[ -n "$bps" ]
	ktap_result $? "$1: ${SECS} s of TCP over 6LoWPAN" "$(tail -5 /tmp/iperf.out)"
	[ -z "$bps" ] || ktap_diag "bench path=$1 seconds=$SECS bps=$bps"
}

run ca8210 ca8210 wb-ca fd15:4 20
insmod /tests/modules/mac802154_hwsim.ko radios=2 >/dev/null 2>&1
run hwsim mac802154_hwsim wb-hw fd15:5 20
ktap_finish
