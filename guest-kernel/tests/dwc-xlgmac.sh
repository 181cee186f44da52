#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 90
# host-iperf3
#
# Synopsys DWC XLGMAC (drivers/net/ethernet/synopsys, dwc-xlgmac-pci, PCI
# 16c3:7302 at 00:03.0): the upstream driver binds and registers a netdev,
# the interface comes up, busybox udhcpc gets an address from the board's
# user-mode (slirp) network, and the slirp gateway answers ping at payload
# sizes from 1 to 1472 bytes. iperf3 runs both ways against the server the
# harness starts on the host's loopback (reached through slirp at the
# gateway), and the MAC's MMC counters (ethtool -S) count the frames. Then
# the host takes the NIC's link down (QMP set_link): frames stop both ways;
# and up again: ping answers again. The driver has no link detection
# (no PHY, no carrier calls), so the guest's carrier stays on throughout.
. /tests/lib/ktap.sh
. /tests/lib/net.sh

DRV=/sys/bus/pci/drivers/dwc-xlgmac
GW=10.0.2.2
NC=dwc-xlgmac.0

ktap_begin dwc-xlgmac 10

dev=
for d in "$DRV"/*; do
	[ -L "$d" ] && [ -e "$d/vendor" ] || continue
	[ "$(cat "$d/vendor")" = 0x16c3 ] && [ "$(cat "$d/device")" = 0x7302 ] ||
		continue
	dev=${d##*/}
	break
done
ktap_probe_report dwc-xlgmac "$dev" "dwc-xlgmac $dev: "
ifc=
[ -n "$dev" ] && ifc=$(ls "$DRV/$dev/net" 2>/dev/null | head -n 1)
if [ -n "$ifc" ]; then
	ktap_diag "bound device: $dev, interface $ifc"
	ktap_pass bound
else
	ktap_fail bound "no netdev under $DRV/${dev:-?}"
	dmesg | grep -i xlgmac | while read -r l; do ktap_diag "dmesg: $l"; done
	ktap_finish
fi

ip link set "$ifc" up
[ "$(cat "/sys/class/net/$ifc/carrier" 2>/dev/null)" = 1 ]
ktap_result $? link-up "$ifc carrier: $(cat "/sys/class/net/$ifc/carrier" 2>&1)"

net_dhcp "$ifc"
ktap_result $? dhcp "udhcpc: $(tr '\n' ' ' </tmp/udhcpc-"$ifc".out)"
addr=$NET_ADDR

ping_ok() {  # count
	ping -c "$1" -i 0.2 -W 1 "$GW" >/tmp/ping.out 2>&1
}
ping_ok 3
ktap_result $? ping-gateway "$(tr '\n' ' ' </tmp/ping.out)"
rtt=$(sed -n 's/.*min\/avg\/max = \([^ ]*\).*/\1/p' /tmp/ping.out)

net_ping_sizes "$GW" 1 56 100 576 1000 1400 1472
ktap_result $? ping-sizes "no answer at payload sizes$NET_PING_BAD"

# iperf3 through slirp to the host's loopback, both ways; the MAC's MMC
# counters (ethtool -S) must count what crossed. The driver takes RX only
# when it transmits: a background ping keeps its poll going while iperf3
# waits for an answer without sending (its control messages).
net_poll_clock_start "$GW"
net_iperf3_subtests "$ifc" "$GW"
net_poll_clock_stop
[ "${NET_DTX:-0}" -ge 1000 ] && [ "${NET_DRX:-0}" -ge 1000 ]
ktap_result $? ethtool-counters "fewer than 1000 frames counted each way"
ktap_validator "$ifc up, DHCP address $addr, ping $GW ok (rtt $rtt ms), iperf3 ${NET_SEND:-?} Mbit/s out, ${NET_RECV:-?} Mbit/s in"

# Each half waits for a ping to time out or answer: about 2 s for the
# pair, which quick mode (make run, the ASan boot) leaves to the plain boot.
if ktap_quick; then
	ktap_skip link-down-stops-frames "quick mode: the plain boot's"
	ktap_skip link-up-again "quick mode: the plain boot's"
else
	ktap_host "qmp {\"execute\": \"set_link\", \"arguments\": {\"name\": \"$NC\", \"up\": false}}"
	down=1
	for _ in 1 2 3 4 5; do
		if ! ping_ok 1; then down=0; break; fi
	done
	ktap_result $down link-down-stops-frames "ping still answered after set_link off"

	ktap_host "qmp {\"execute\": \"set_link\", \"arguments\": {\"name\": \"$NC\", \"up\": true}}"
	up=1
	for _ in 1 2 3 4 5; do
		if ping_ok 1; then up=0; break; fi
	done
	ktap_result $up link-up-again "no answer after set_link on"
fi
net_cleanup "$ifc"
ktap_finish
