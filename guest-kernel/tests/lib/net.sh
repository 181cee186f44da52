# SPDX-License-Identifier: GPL-2.0-or-later
#
# Helpers for the NIC guest tests (sourced after ktap.sh:
# . /tests/lib/net.sh). Each NIC sits on a user-mode (slirp) network of its
# own subnet, so two NICs up in one boot never share a route; a test
# takes its interface down again with net_cleanup.
#
#	net_dhcp eth0               # NET_ADDR, NET_GW; status 0 on a lease
#	net_ping_sizes 10.0.2.2 1 56 1472   # NET_PING_BAD: the sizes that failed
#	net_iperf3 10.0.2.2 send 3  # NET_MBPS, NET_IPERF3 (the client's output)
#	net_iperf3_subtests eth0 10.0.2.2   # both ways, as subtests
#	net_poll_clock_start 10.0.2.2 ... net_poll_clock_stop
#	net_cleanup eth0
#	net_bind_override apm,xgene-enet-v2 xgene-enet-v2  # NET_DEV

# busybox udhcpc: one lease, the address and default route set by the
# script below.
net_dhcp() {  # ifc
	NET_ADDR= NET_GW=
	cat >/tmp/udhcpc-"$1".sh <<'SCRIPT'
#!/bin/sh
[ "$1" = bound ] || exit 0
ip addr add "$ip/${mask:-24}" dev "$interface"
[ -z "$router" ] || ip route add default via "${router%% *}" dev "$interface" metric 100
echo "$ip ${router%% *}" >/tmp/udhcpc-"$interface".lease
SCRIPT
	chmod +x /tmp/udhcpc-"$1".sh
	rm -f /tmp/udhcpc-"$1".lease
	udhcpc -i "$1" -n -q -t 5 -T 1 -s /tmp/udhcpc-"$1".sh \
		>/tmp/udhcpc-"$1".out 2>&1
	[ -s /tmp/udhcpc-"$1".lease ] || return 1
	read -r NET_ADDR NET_GW </tmp/udhcpc-"$1".lease
	[ -n "$NET_ADDR" ]
}

# One echo request per size (payload bytes; 1472 fills a 1500-byte MTU).
net_ping_sizes() {  # ip size...
	_ip=$1
	shift
	NET_PING_BAD=
	for _s in "$@"; do
		ping -c 1 -W 2 -s "$_s" "$_ip" >/tmp/ping-sizes.out 2>&1 ||
			NET_PING_BAD="$NET_PING_BAD $_s"
	done
	[ -z "$NET_PING_BAD" ]
}

# The port of the host's iperf3 server (tests/guest/run-guest-test starts
# one for a test whose header has `# host-iperf3`), or nothing.
net_iperf3_port() {
	sed -n 's/.*presilicon\.iperf3_port=\([0-9]*\).*/\1/p' /proc/cmdline
}

# iperf3 TCP against the host's server: "send" from the guest, "receive"
# to it (-R), for SECONDS (e.g. 3) or a byte count (e.g. 4M, quick runs).
# NET_MBPS: the receiver's Mbit/s (decimal, as iperf3 prints it); status 0
# when the run completed and moved data.
net_iperf3() {  # server-ip send|receive seconds|bytes
	NET_MBPS= NET_IPERF3=
	_port=$(net_iperf3_port)
	if [ -z "$_port" ]; then
		NET_IPERF3="no presilicon.iperf3_port= on the kernel command line (the test's header needs # host-iperf3)"
		return 1
	fi
	_dir=
	[ "$2" = receive ] && _dir=-R
	case "$3" in
	*[KMG]) _len="-n $3" _limit=30 ;;
	*) _len="-t $3" _limit=$(($3 + 20)) ;;
	esac
	# --connect-timeout: a dead path fails in seconds, not at TCP's pace;
	# timeout: a run stalled on its control connection fails too. The
	# server takes one test at a time and may still be closing the last
	# one when the next connects ("the server is busy"): ask again.
	for _try in 1 2 3 4 5; do
		NET_IPERF3=$(timeout "$_limit" iperf3 -c "$1" -p "$_port" $_len \
			$_dir -f m --connect-timeout 5000 2>&1)
		_st=$?
		case "$NET_IPERF3" in *"server is busy"*) sleep 1 ;; *) break ;; esac
	done
	NET_MBPS=$(echo "$NET_IPERF3" |
		awk '/receiver$/ { for (i = 1; i < NF; i++) if ($(i + 1) == "Mbits/sec") print $i }' |
		tail -n 1)
	[ "$_st" = 0 ] && [ -n "$NET_MBPS" ] &&
		awk -v m="$NET_MBPS" 'BEGIN { exit !(m > 0) }'
}

# Subtests iperf3-send and iperf3-receive through IFC against the host's
# server at IP: 3 s each way, 2 MB in quick mode. NET_SEND, NET_RECV: the
# Mbit/s; NET_DTX, NET_DRX: how far ethtool -S's tx_packets and rx_packets
# moved meanwhile (empty when the driver has no such counter). (Its
# locals are not net_iperf3's: sh has no local scope.)
net_iperf3_subtests() {  # ifc ip
	_tx0=$(net_stat "$1" tx_packets)
	_rx0=$(net_stat "$1" rx_packets)
	_amount=3
	ktap_quick && _amount=2M
	net_iperf3 "$2" send "$_amount"
	ktap_result $? iperf3-send "$(echo "$NET_IPERF3" | tail -n 4)"
	NET_SEND=$NET_MBPS
	net_iperf3 "$2" receive "$_amount"
	ktap_result $? iperf3-receive "$(echo "$NET_IPERF3" | tail -n 4)"
	NET_RECV=$NET_MBPS
	_tx1=$(net_stat "$1" tx_packets)
	_rx1=$(net_stat "$1" rx_packets)
	ktap_diag "ethtool -S $1: tx_packets $_tx0 -> $_tx1, rx_packets $_rx0 -> $_rx1"
	NET_DTX= NET_DRX=
	[ -z "$_tx1" ] || NET_DTX=$((_tx1 - ${_tx0:-0}))
	[ -z "$_rx1" ] || NET_DRX=$((_rx1 - ${_rx0:-0}))
}

# For a NIC whose driver takes received frames only when it transmits
# (Linux 6.12's dwc-xlgmac: no interrupt, RX on the NAPI poll its TX timer
# schedules, docs/devices/dwc-xlgmac.md): a ping to IP every 20 ms in the
# background, so that an answer the guest waits for without sending (an
# iperf3 control message) is taken within 20 ms, not never.
net_poll_clock_start() {  # ip
	ping -q -i 0.02 "$1" >/dev/null 2>&1 &
	NET_POLL_CLOCK=$!
}

net_poll_clock_stop() {
	[ -z "${NET_POLL_CLOCK:-}" ] || kill "$NET_POLL_CLOCK" 2>/dev/null
	wait "$NET_POLL_CLOCK" 2>/dev/null
	NET_POLL_CLOCK=
}

# An ethtool -S counter, or nothing.
net_stat() {  # ifc counter
	ethtool -S "$1" 2>/dev/null |
		awk -v c="$2" '{ sub(/^ +/, "") } $1 == c ":" { print $2; exit }'
}

net_cleanup() {  # ifc
	ip addr flush dev "$1" 2>/dev/null
	ip route flush dev "$1" 2>/dev/null
	ip link set "$1" down 2>/dev/null
	return 0
}

# Bind DRIVER to the platform device whose node's first compatible is
# COMPAT, by driver_override: for a driver with no OF match (the X-Gene
# ENET v2 matches only ACPI). NET_DEV: the device's name, empty when the
# board has none; status 0 when DRIVER holds it.
net_bind_override() {  # compatible driver
	NET_DEV=
	for _d in /sys/bus/platform/devices/*; do
		[ "$(tr '\0' '\n' <"$_d/of_node/compatible" 2>/dev/null |
			head -n 1)" = "$1" ] || continue
		NET_DEV=${_d##*/}
		[ -e "$_d/driver" ] ||
			{ echo "$2" >"$_d/driver_override" &&
				echo "$NET_DEV" >"/sys/bus/platform/drivers/$2/bind"; } 2>/dev/null
		[ "$(basename "$(readlink "$_d/driver" 2>/dev/null)")" = "$2" ]
		return
	done
	return 1
}
