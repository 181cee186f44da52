#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# host-iperf3
# nic: user,model=xgene-enet-v2,net=10.0.3.0/24
#
# Guest half of bench/net-throughput (not a test: select it with
# presilicon.tests=bench/net-throughput). For each NIC in turn — the
# reference virtio-net the bench adds (MAC 52:54:00:9e:7f:01), the DWC
# XLGMAC, the X-Gene ENET v2 — bring it up alone,
# take a DHCP lease from its user-mode network, and run iperf3 TCP against
# the host's server (the harness starts it, `# host-iperf3`) both ways;
# one "bench" line each, as diagnostics. A NIC that is missing, gets no
# lease or moves nothing fails.
# presilicon.net_bench_seconds=N (default 5) per direction.
. /tests/lib/ktap.sh
. /tests/lib/net.sh

REF_MAC=52:54:00:9e:7f:01
T=$(sed -n 's/.*presilicon\.net_bench_seconds=\([0-9]*\).*/\1/p' /proc/cmdline)
T=${T:-5}

# The interface of NIC $1 (virtio-net: the one with the reference MAC).
ifc_of() {
	for n in /sys/class/net/*; do
		drv=$(readlink "$n/device/driver" 2>/dev/null)
		case "$1:${drv##*/}" in
		virtio-net:virtio_net)
			[ "$(cat "$n/address")" = $REF_MAC ] || continue ;;
		dwc-xlgmac:dwc-xlgmac | xgene-enet-v2:xgene-enet-v2) ;;
		*) continue ;;
		esac
		echo "${n##*/}"
		return 0
	done
}

# The X-Gene binds by driver_override (docs/devices/xgene-enet-v2.md).
net_bind_override apm,xgene-enet-v2 xgene-enet-v2

# Interrupts the NIC took so far: its PCI function's INTx line and MSI-X
# vectors, or a platform device's line (named after the interface, as
# request_irq got it), summed over the CPUs.
irqs_of() {  # ifc
	dev=/sys/class/net/$1/device
	# A virtio-net's device is the virtio device; its lines are the PCI
	# function's, one up.
	if ! [ -e "$dev/irq" ] && ! [ -d "$dev/msi_irqs" ] &&
		{ [ -e "$dev/../irq" ] || [ -d "$dev/../msi_irqs" ]; }; then
		dev=$dev/..
	fi
	list="$(cat "$dev/irq" 2>/dev/null) $(ls "$dev/msi_irqs" 2>/dev/null)"
	awk -v list="$list" -v ifc="$1" '
		BEGIN { n = split(list, l, " "); for (i = 1; i <= n; i++) want[l[i] ":"] = 1 }
		$1 in want || $NF == ifc { for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) sum += $i }
		END { print sum + 0 }' /proc/interrupts
}

nics="virtio-net dwc-xlgmac"
[ -n "$(ifc_of xgene-enet-v2)" ] && nics="$nics xgene-enet-v2"
set -- $nics
ktap_begin bench/net-throughput $#

for nic in $nics; do
	ifc=$(ifc_of "$nic")
	if [ -z "$ifc" ]; then
		ktap_fail "$nic" "no interface"
		continue
	fi
	ip link set "$ifc" up
	i=0
	while [ "$(cat "/sys/class/net/$ifc/carrier" 2>/dev/null)" != 1 ] &&
		[ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if ! net_dhcp "$ifc"; then
		ktap_fail "$nic" "$ifc: no DHCP lease: $(tr '\n' ' ' </tmp/udhcpc-"$ifc".out)"
		net_cleanup "$ifc"
		continue
	fi
	# Where the time goes: the round trip to the gateway and how many
	# interrupts the NIC raised over the iperf3 run.
	ping -c 10 -i 0.1 -W 1 "$NET_GW" >/tmp/bench-ping.out 2>&1
	rtt=$(sed -n 's/.*min\/avg\/max = [^/]*\/\([^/]*\)\/.*/\1/p' /tmp/bench-ping.out)
	# dwc-xlgmac takes RX only when it transmits (net.sh).
	[ "$nic" = dwc-xlgmac ] && net_poll_clock_start "$NET_GW"
	ok=0
	for dir in send receive; do
		i0=$(irqs_of "$ifc")
		if net_iperf3 "$NET_GW" $dir "$T"; then
			i1=$(irqs_of "$ifc")
			ktap_diag "bench nic=$nic ifc=$ifc dir=$dir mbps=$NET_MBPS seconds=$T rtt_ms=${rtt:-?} irqs=$((i1 - i0))"
		else
			ok=1
			ktap_diag "$nic $dir: $(echo "$NET_IPERF3" | tail -n 3)"
		fi
	done
	net_poll_clock_stop
	ktap_result $ok "$nic"
	net_cleanup "$ifc"
done
ktap_finish
