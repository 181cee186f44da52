#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 90
# endpoint: a lan9303.port1 02:00:5e:93:03:01 10.93.0.11
# endpoint: b lan9303.port2 02:00:5e:93:03:02 10.93.0.12
#
# Microchip LAN9303 on the board's I2C (0x0a): the lan9303 DSA driver binds,
# lan1 and lan2 appear on the conduit (a virtio-net at 00:04.0) and their
# LAN911x PHYs bring the links up. The harness puts a simulated host on
# each external port (endpoints a and b, run-guest-test's net-ping).
# Apart (the driver's default): the guest pings a through lan1, and a
# cannot reach b. Bridged (br0 over lan1 and lan2, offloaded): a and b
# reach each other through the switch alone, and both reach br0; ethtool
# -S counts exactly the frames a net-ping sends and gets back (one ARP
# request and the echo requests; the chip's MIB counters clear when read); lan2 in STP
# blocking state drops a's frames, forwarding again passes them; the
# host's set_link off/on on b's netdev takes lan2's carrier down and up.
. /tests/lib/ktap.sh

ip() { /bin/ip "$@"; }
ETHTOOL=/sbin/ethtool
DRV=/sys/bus/i2c/drivers/LAN9303_I2C
scale=$(sed -n 's/.*presilicon\.timeout_scale=\([0-9]*\).*/\1/p' /proc/cmdline)
scale=${scale:-1}

ktap_begin lan9303 18

# The driver is a module (configs/lan9303.config): it binds here.
[ -d "$DRV" ] || ktap_insmod regmap-i2c lan9303-core lan9303_i2c |
	while read -r l; do ktap_diag "$l"; done

dev=
for d in "$DRV"/*; do
	[ -L "$d" ] && [ -e "$d/of_node" ] && dev=${d##*/} && break
done
ktap_probe_report LAN9303_I2C "$dev" "LAN9303_I2C $dev: Found"
[ -n "$dev" ] && [ -d /sys/class/net/lan1 ] && [ -d /sys/class/net/lan2 ]
ktap_result $? "bound to ${dev:-nothing}, lan1 and lan2 exist" \
	"$(dmesg | grep -i lan9303 | tail -3)"
if [ -z "$dev" ]; then
	ktap_finish
fi

# The conduit: the net device lan1 sits on, the virtio-net at 00:04.0.
conduit=
for n in /sys/class/net/*; do
	[ "$(cat "$n/ifindex")" = "$(cat /sys/class/net/lan1/iflink)" ] &&
		conduit=${n##*/}
done
cdev=$(basename "$(readlink -f "/sys/class/net/$conduit/device/.." 2>/dev/null)")
[ "$cdev" = 0000:00:04.0 ]
ktap_result $? "conduit $conduit is the virtio-net at $cdev" \
	"lan1's conduit is '$conduit' ($cdev)"

# A bounded wait for a sysfs value (phylib polls the PHYs once a second).
wait_for() {  # file value seconds
	i=0
	while [ $i -lt $(($3 * 10 * scale)) ]; do
		[ "$(cat "$1" 2>/dev/null)" = "$2" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

ip link set lan1 up && ip link set lan2 up
wait_for /sys/class/net/lan1/carrier 1 5 && wait_for /sys/class/net/lan2/carrier 1 5
ktap_result $? "lan1 and lan2 carriers up (PHY link, auto-negotiated)" \
	"carriers: $(cat /sys/class/net/lan1/carrier /sys/class/net/lan2/carrier 2>&1 | tr '\n' ' ')"
ktap_diag "$($ETHTOOL lan1 2>/dev/null | grep -E 'Speed|Duplex' | tr -d '\t' | tr '\n' ' ')"

# Apart: lan1 is a port of its own; the switch keeps 1 and 2 apart.
ip addr add 10.93.0.1/24 dev lan1
ping -c 1 -W 3 10.93.0.11 >/tmp/ping.out 2>&1
ktap_result $? "apart: the guest pings a through lan1" "$(tail -2 /tmp/ping.out)"
ktap_host_ping a 10.93.0.1 3 3
ktap_host_ping a 10.93.0.12 3 0
ip addr flush dev lan1

# Bridged: br0 over both ports, STP off (they forward at once).
ip link add br0 type bridge
ip link set lan1 master br0 && ip link set lan2 master br0 && ip link set br0 up
ip addr add 10.93.0.1/24 dev br0
# Neighbours for good: no ARP probe of the guest's own lands in the
# frames the counters below must match.
ip neigh replace 10.93.0.11 lladdr 02:00:5e:93:03:01 dev br0 nud permanent
ip neigh replace 10.93.0.12 lladdr 02:00:5e:93:03:02 dev br0 nud permanent
ip -d link show lan1 | grep -q 'state forwarding'
ktap_result $? "bridged: lan1 and lan2 in br0, forwarding" \
	"$(ip -d link show lan1 | tail -2)"

ktap_host_ping a 10.93.0.12 5 5
ktap_host_ping b 10.93.0.11 5 5
ktap_host_ping a 10.93.0.1 3 3
ktap_host_ping b 10.93.0.1 3 3 1000

# The MIB counters behind ethtool -S: read (and so cleared), then a's one
# ARP request and 10 echo requests in on lan1, b's ARP reply and 10 echo
# replies out of it. (Each read is 34 registers over I2C.)
stat() {  # name: one counter of the saved `ethtool -S lan1`
	awk -v n="$1" '$1 == n ":" { print $2 }' /tmp/lan1.stats
}
if ktap_quick; then
	# The sanitizer boot: each ethtool -S there takes 3.5 s.
	ktap_host_ping a 10.93.0.12 10 10
	ktap_skip "ethtool -S lan1: RxOk 11 (1 broadcast), TxOk 11" \
		"quick mode: the MIB readout is the plain boot's"
else
	$ETHTOOL -S lan1 >/dev/null
	ktap_host_ping a 10.93.0.12 10 10
	$ETHTOOL -S lan1 >/tmp/lan1.stats
	rx=$(stat RxOk)
	rxb=$(stat RxBroad)
	tx=$(stat TxOk)
	ktap_diag "lan1 RxOk $rx RxBroad $rxb TxOk $tx"
	[ "$rx" = 11 ] && [ "$rxb" = 1 ] && [ "$tx" = 11 ]
	ktap_result $? "ethtool -S lan1: RxOk 11 (1 broadcast), TxOk 11" \
		"want 11, 1, 11"
fi

# STP: with the kernel's own STP off, the bridge puts every port back to
# forwarding at once; an STP daemon (mstpd) sets the states itself. So
# user-space STP, as with mstpd: /sbin/bridge-stp says yes, and the
# states the test sets stay. lan2 blocking drops a's frames; forwarding
# passes them again.
printf '#!/bin/sh\nexit 0\n' >/sbin/bridge-stp
chmod +x /sbin/bridge-stp
ip link set br0 type bridge stp_state 1
# The bridge hands a port state to the switch in deferred switchdev work:
# the host waits until the chip's SWE_PORT_STATE has it (port 2 listening,
# the driver's "blocking", is 0x10).
err=$(/sbin/bridge link set dev lan2 state 4 2>&1)
ip -d link show lan2 | grep -q 'state blocking'
ktap_result $? "lan2 set to STP blocking" "$err $(ip -d link show lan2 | tail -1 | cut -c1-60)"
ktap_host_wait /machine/lan9303 swe-port-state 16
ktap_host_ping a 10.93.0.12 3 0
/sbin/bridge link set dev lan2 state 3
ktap_host_wait /machine/lan9303 swe-port-state 0
ktap_host_ping a 10.93.0.12 3 3

# The cable: set_link off/on on b's netdev. phylib polls the PHYs once a
# second (irq=POLL), so this takes about 2 s: quick mode (make run, the
# sanitizer boot) leaves it to the plain boot and to the qtests.
if ktap_quick; then
	ktap_skip "set_link off: lan2 carrier down" "quick mode: the plain boot's"
	ktap_skip "set_link on: lan2 carrier up" "quick mode: the plain boot's"
else
	ktap_host qmp '{"execute": "set_link", "arguments": {"name": "ep-b", "up": false}}'
	wait_for /sys/class/net/lan2/carrier 0 5
	ktap_result $? "set_link off: lan2 carrier down" \
		"carrier $(cat /sys/class/net/lan2/carrier)"
	ktap_host qmp '{"execute": "set_link", "arguments": {"name": "ep-b", "up": true}}'
	wait_for /sys/class/net/lan2/carrier 1 5
	ktap_result $? "set_link on: lan2 carrier up" \
		"carrier $(cat /sys/class/net/lan2/carrier)"
fi

ktap_validator "lan1/lan2 on $conduit; bridged a<->b forwarded by the switch, both reach br0; ethtool -S counts match; STP blocking drops"
ip link del br0
rm -f /sbin/bridge-stp
ip link set lan1 down
ip link set lan2 down
ktap_finish
