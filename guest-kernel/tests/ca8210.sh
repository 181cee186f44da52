#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 120
#
# Two Cascoda CA8210 radios on the radio PL022 (chip selects 0 and 1), on
# the board's 802.15.4 medium /machine/wpan0: ca8210 binds both, the
# second radio's phy moves into a network namespace (so that traffic
# between the two crosses the air, not the local stack), iwpan sets PAN
# ID, short address and channel, a lowpan link comes up on each, and
# ping6 goes both ways (neighbour discovery first) at sizes up to ones
# 6LoWPAN must fragment. 100 % loss on one link, set from the host over
# QMP, stops the ping; clearing it brings it back. A radio tuned to
# another channel hears nothing.
. /tests/lib/ktap.sh

MEDIUM=/machine/wpan0
NS=ca8210-b
PAN=0xbeef
CHAN=20
A6=fd15:4::a
B6=fd15:4::b
PLAN=10

ktap_begin ca8210 $PLAN

# iproute2's ip: busybox's has neither lowpan links nor netns.
ip() { /bin/ip "$@"; }
inb() { ip netns exec $NS "$@"; }

# The wpan phys of the ca8210 driver, by chip select (phy names and
# interface numbers follow probe order, which is not the board's).
phy_a= phy_b= dev_a=
for p in /sys/class/ieee802154/*; do
	[ "$(basename "$(readlink "$p/device/driver" 2>/dev/null)")" = ca8210 ] ||
		continue
	spi=$(basename "$(readlink -f "$p/device")")
	case "$(basename "$(readlink -f "$p/device/of_node")")" in
	*@0) phy_a=${p##*/}; dev_a=$spi ;;
	*@1) phy_b=${p##*/} ;;
	esac
done
# The interface of a phy: `iwpan dev` lists "phy#N" then "Interface X".
wpan_of() {  # phyN [netns-prefix...]
	_n=${1#phy}
	shift
	"$@" iwpan dev | awk -v n="$_n" '
		/^phy#/ { cur = substr($1, 5) }
		/Interface/ && cur == n { print $2; exit }'
}
ktap_probe_report ca8210 "$dev_a" "ca8210 $dev_a"
[ -n "$phy_a" ] && [ -n "$phy_b" ]
ktap_result $? "ca8210 bound both radios ($phy_a, $phy_b)" \
	"$(dmesg | grep -i ca8210 | tail -5)"

ip netns add $NS 2>/tmp/ns.err &&
	iwpan phy "$phy_b" set netns name /run/netns/$NS 2>>/tmp/ns.err
wa=$(wpan_of "$phy_a")
wb=$(wpan_of "$phy_b" ip netns exec $NS)
[ -n "$wa" ] && [ -n "$wb" ]
ktap_result $? "the second radio's phy in netns $NS ($wa here, $wb there)" \
	"$(cat /tmp/ns.err; iwpan dev)"

setup() {  # short-addr addr6 [netns-prefix...]
	_sa=$1 _ip=$2 _w=$3 _p=$4
	shift 4
	"$@" iwpan phy "$_p" set channel 0 $CHAN &&
		"$@" iwpan dev "$_w" set pan_id $PAN &&
		"$@" iwpan dev "$_w" set short_addr "$_sa" &&
		"$@" ip link add link "$_w" name lowpan0 type lowpan &&
		"$@" sh -c 'echo 0 >/proc/sys/net/ipv6/conf/lowpan0/disable_ipv6' &&
		"$@" ip link set "$_w" up &&
		"$@" ip link set lowpan0 up &&
		"$@" ip -6 addr add "$_ip/64" dev lowpan0 nodad
}
setup 0x0001 $A6 "$wa" "$phy_a" >/tmp/setup.err 2>&1 &&
	setup 0x0002 $B6 "$wb" "$phy_b" ip netns exec $NS >>/tmp/setup.err 2>&1
ktap_result $? "iwpan: PAN $PAN, short addresses 1 and 2, channel $CHAN; lowpan0 up on each" \
	"$(cat /tmp/setup.err)"
ktap_diag "$(iwpan dev "$wa" info 2>&1 | tr '\n\t' '  ')"

# 8 and 64 bytes fit one frame; 200 and 1000 are fragmented (FRAG1 and
# FRAGN headers, up to 104 bytes of payload a frame). Make run's quick
# mode pings once each way, fragmented.
SIZES="8 64 200 1000"
ktap_quick && SIZES=200
ping6_sizes() {  # from-prefix...
	_bad=
	for _s in $SIZES; do
		"$@" ping -c 1 -W 3 -s "$_s" "$TO" >/tmp/ping.out 2>&1 && continue
		# One echo lost (seen once in a make run, not reproduced):
		# say so, and try once more.
		echo "retry at $_s bytes" >&2
		"$@" ping -c 1 -W 3 -s "$_s" "$TO" >/tmp/ping.out 2>&1 ||
			_bad="$_bad $_s"
	done
	echo "$_bad"
}
TO=$B6 bad=$(ping6_sizes 2>/tmp/retry.out)
[ -s /tmp/retry.out ] && ktap_diag "A to B: $(cat /tmp/retry.out | tr '\n' ' ')"
[ -z "$bad" ]
ktap_result $? "ping6 A to B at $SIZES bytes" \
	"failed at:$bad; $(tail -3 /tmp/ping.out)"
TO=$A6 bad=$(ping6_sizes ip netns exec $NS 2>/tmp/retry.out)
[ -s /tmp/retry.out ] && ktap_diag "B to A: $(cat /tmp/retry.out | tr '\n' ' ')"
[ -z "$bad" ]
ktap_result $? "ping6 B to A at $SIZES bytes" \
	"failed at:$bad; $(tail -3 /tmp/ping.out)"
ktap_validator "6LoWPAN ping6 both ways at $SIZES bytes (200 and up fragmented)"

if ktap_quick; then
	for t in "100 % loss from A to B (QMP)" "loss cleared" \
		"B on another channel" "B back on channel $CHAN"; do
		ktap_skip "$t" "quick mode (make run)"
	done
else
	ktap_host qmp "{\"execute\":\"qom-set\",\"arguments\":{\"path\":\"$MEDIUM\",\"property\":\"link\",\"value\":\"ca8210-0>ca8210-1 loss=100\"}}"
	! ping -c 2 -W 1 -s 8 $B6 >/tmp/ping.out 2>&1
	ktap_result $? "100 % loss from A to B (QMP): ping6 fails" "$(tail -3 /tmp/ping.out)"

	ktap_host qmp "{\"execute\":\"qom-set\",\"arguments\":{\"path\":\"$MEDIUM\",\"property\":\"link\",\"value\":\"ca8210-0>ca8210-1 loss=0\"}}"
	ping -c 1 -W 3 -s 8 $B6 >/tmp/ping.out 2>&1
	ktap_result $? "loss cleared: ping6 answers again" "$(tail -3 /tmp/ping.out)"

	# Channel filtering: B on another channel hears nothing.
	inb iwpan phy "$phy_b" set channel 0 $((CHAN + 1)) 2>/tmp/ch.err ||
		{ inb ip link set "$wb" down; inb iwpan phy "$phy_b" set channel 0 $((CHAN + 1)); inb ip link set "$wb" up; } 2>>/tmp/ch.err
	! ping -c 2 -W 1 -s 8 $B6 >/tmp/ping.out 2>&1
	ktap_result $? "B on channel $((CHAN + 1)): ping6 from channel $CHAN fails" \
		"$(cat /tmp/ch.err; tail -3 /tmp/ping.out)"
	inb iwpan phy "$phy_b" set channel 0 $CHAN 2>/dev/null ||
		{ inb ip link set "$wb" down; inb iwpan phy "$phy_b" set channel 0 $CHAN; inb ip link set "$wb" up; }
	ping -c 1 -W 3 -s 8 $B6 >/tmp/ping.out 2>&1
	ktap_result $? "B back on channel $CHAN: ping6 answers" "$(tail -3 /tmp/ping.out)"
fi

# Leave the radios as the next boot's tests expect: down, in the root netns.
inb ip link del lowpan0 2>/dev/null
ip link del lowpan0 2>/dev/null
ip netns del $NS 2>/dev/null
ktap_pass "cleanup"
ktap_finish
