#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 90
# host-iperf3
# nic: user,model=xgene-enet-v2,net=10.0.3.0/24
#
# APM X-Gene Ethernet v2 (drivers/net/ethernet/apm/xgene-v2, xgene-enet-v2,
# slot 12 at 0x100c0000): Linux 6.12's driver matches only ACPI, so the
# test binds it to the board's "apm,xgene-enet-v2" node by driver_override.
# The driver resets the port, finds the PHY at MDIO address 1 and registers
# a netdev with the node's MAC; phylib brings the link up at 1000 Mbit/s
# full duplex, busybox udhcpc gets an address from the NIC's own slirp
# network (10.0.3.0/24), and the gateway answers ping at payload sizes 1 to
# 1472. iperf3 runs both ways against the harness's server on the host's
# loopback; the driver's counters and the MAC's RMON counters (ethtool -S)
# count the frames. Then the host takes the link down (QMP set_link): the
# PHY reports no link and the carrier drops; up again: carrier and ping
# return.
. /tests/lib/ktap.sh
. /tests/lib/net.sh

NC=xgene-enet-v2.0

ktap_begin xgene-enet-v2 11

net_bind_override apm,xgene-enet-v2 xgene-enet-v2
bound=$?
dev=$NET_DEV
ktap_probe_report xgene-enet-v2 "$dev" "xgene-enet-v2 $dev: "
ifc=
[ "$bound" = 0 ] && ifc=$(ls "/sys/bus/platform/devices/$dev/net" 2>/dev/null | head -n 1)
if [ -n "$ifc" ]; then
	ktap_diag "bound device: $dev, interface $ifc"
	ktap_pass bound
else
	ktap_fail bound "no netdev under ${dev:-no apm,xgene-enet-v2 node}"
	dmesg | grep -i xge | while read -r l; do ktap_diag "dmesg: $l"; done
	ktap_finish
fi

# The MAC from the node (the board's -nic ...,mac=), not a random one.
mac=$(cat "/sys/class/net/$ifc/address")
want=$(od -An -tx1 "/sys/bus/platform/devices/$dev/of_node/local-mac-address" |
	tr -s ' \n' ':' | sed 's/^://; s/:$//')
[ "$mac" = "$want" ] && [ "$(cat "/sys/class/net/$ifc/addr_assign_type")" = 0 ]
ktap_result $? mac-address "$ifc address $mac, node $want"

# phylib polls the PHY once a second: the carrier comes within two polls.
carrier_is() {  # 0|1: wait up to 4 s
	for _ in $(seq 20); do
		[ "$(cat "/sys/class/net/$ifc/carrier" 2>/dev/null)" = "$1" ] && return 0
		sleep 0.2
	done
	return 1
}
ip link set "$ifc" up
carrier_is 1
ktap_result $? link-up "$ifc carrier $(cat "/sys/class/net/$ifc/carrier" 2>&1), $(cat "/sys/class/net/$ifc/speed" 2>&1) Mbit/s $(cat "/sys/class/net/$ifc/duplex" 2>&1)"
speed=$(cat "/sys/class/net/$ifc/speed" 2>/dev/null)

net_dhcp "$ifc"
ktap_result $? dhcp "udhcpc: $(tr '\n' ' ' </tmp/udhcpc-"$ifc".out)"
addr=$NET_ADDR
GW=${NET_GW:-10.0.3.2}

ping_ok() {  # count
	ping -c "$1" -i 0.2 -W 1 -I "$ifc" "$GW" >/tmp/ping.out 2>&1
}
ping_ok 3
ktap_result $? ping-gateway "$(tr '\n' ' ' </tmp/ping.out)"
rtt=$(sed -n 's/.*min\/avg\/max = \([^ ]*\).*/\1/p' /tmp/ping.out)

net_ping_sizes "$GW" 1 56 100 576 1000 1400 1472
ktap_result $? ping-sizes "no answer at payload sizes$NET_PING_BAD"

# iperf3 through slirp to the host's loopback, both ways; the driver's
# packet counters and the MAC's size-bin counters must count what crossed.
net_iperf3_subtests "$ifc" "$GW"
big=$(net_stat "$ifc" tx_rx_1518b_frame_cntr)
ktap_diag "ethtool -S $ifc: tx_rx_1518b_frame_cntr $big"
[ "${NET_DTX:-0}" -ge 1000 ] && [ "${NET_DRX:-0}" -ge 1000 ] &&
	[ "${big:-0}" -ge 1000 ]
ktap_result $? ethtool-counters "fewer than 1000 frames counted each way, or by the MAC's 1024-1518 bin"
ktap_validator "$ifc up at ${speed:-?} Mbit/s, DHCP address $addr, ping $GW ok (rtt $rtt ms), iperf3 ${NET_SEND:-?} Mbit/s out, ${NET_RECV:-?} Mbit/s in"

# phylib sees a link change at its next poll, a second apart: 2-3 s for
# the pair, which quick mode (make run, the ASan boot) leaves to the plain
# boot.
if ktap_quick; then
	ktap_skip link-down "quick mode: the plain boot's"
	ktap_skip link-up-again "quick mode: the plain boot's"
else
	ktap_host "qmp {\"execute\": \"set_link\", \"arguments\": {\"name\": \"$NC\", \"up\": false}}"
	carrier_is 0 && ! ping_ok 1
	ktap_result $? link-down "carrier $(cat "/sys/class/net/$ifc/carrier" 2>&1) after set_link off"

	ktap_host "qmp {\"execute\": \"set_link\", \"arguments\": {\"name\": \"$NC\", \"up\": true}}"
	up=1
	if carrier_is 1; then
		for _ in 1 2 3 4 5; do
			if ping_ok 1; then up=0; break; fi
		done
	fi
	ktap_result $up link-up-again "carrier $(cat "/sys/class/net/$ifc/carrier" 2>&1), no answer after set_link on"
fi
net_cleanup "$ifc"
ktap_finish
