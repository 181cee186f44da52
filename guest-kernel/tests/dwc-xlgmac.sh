#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 60
#
# Synopsys DWC XLGMAC (drivers/net/ethernet/synopsys, dwc-xlgmac-pci, PCI
# 16c3:7302 at 00:03.0): the upstream driver binds and registers a netdev,
# the interface comes up, busybox udhcpc gets an address from the board's
# user-mode (slirp) network, and the slirp gateway answers ping. Then the
# host takes the NIC's link down (QMP set_link): frames stop both ways;
# and up again: ping answers again. The driver has no link detection
# (no PHY, no carrier calls), so the guest's carrier stays on throughout.
. /tests/lib/ktap.sh

DRV=/sys/bus/pci/drivers/dwc-xlgmac
GW=10.0.2.2
NC=dwc-xlgmac.0

ktap_begin dwc-xlgmac 6

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

cat >/tmp/udhcpc.sh <<'SCRIPT'
#!/bin/sh
[ "$1" = bound ] || exit 0
ip addr add "$ip/${mask:-24}" dev "$interface"
[ -z "$router" ] || ip route add default via "${router%% *}" dev "$interface"
echo "$ip" >/tmp/udhcpc.ip
SCRIPT
chmod +x /tmp/udhcpc.sh
udhcpc -i "$ifc" -n -q -t 5 -T 1 -s /tmp/udhcpc.sh >/tmp/udhcpc.out 2>&1
addr=$(cat /tmp/udhcpc.ip 2>/dev/null)
[ -n "$addr" ]
ktap_result $? dhcp "udhcpc: $(tr '\n' ' ' </tmp/udhcpc.out)"

ping_ok() {  # count
	ping -c "$1" -W 1 "$GW" >/tmp/ping.out 2>&1
}
ping_ok 3
ktap_result $? ping-gateway "$(tr '\n' ' ' </tmp/ping.out)"
rtt=$(sed -n 's/.*min\/avg\/max = \([^ ]*\).*/\1/p' /tmp/ping.out)
ktap_validator "$ifc up, DHCP address $addr, ping $GW ok (rtt $rtt ms)"

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
ktap_finish
