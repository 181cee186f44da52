#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 60
#
# Holt HI-3110 on the PL022 (chip select 2): hi311x binds from the device
# tree and `ip link set X type can bitrate 500000` programs BTR0/BTR1 to
# the bitrate the model puts on the board's CAN bus (read back over QMP).
# Loopback mode: a cansend frame comes back through the chip's RX FIFO.
# Normal mode: a frame the host puts on the bus (can-inject) reaches
# candump; error-passive injected from the host shows as ERROR-PASSIVE;
# bus-off shows as BUS-OFF until `ip link set X type can restart`, and
# with restart-ms the driver restarts the chip by itself.
# The other CAN interfaces stay down. (The analyzer, once its own test
# gave it a bit rate, stays on the bus and acknowledges: nothing here
# depends on an unacknowledged bus.)
. /tests/lib/ktap.sh
. /tests/lib/can.sh

MODEL=/machine/hi3110
ktap_begin hi3110 15

ifc=
dev=
for n in /sys/class/net/*; do
	case "$(readlink "$n/device/driver" 2>/dev/null)" in
	*/hi3110)
		# The board's, at chip select 2 (a can-bus test adds one at 3).
		if [ "$(basename "$(readlink -f "$n/device/of_node")")" = can@2 ]; then
			ifc=${n##*/}
			dev=$(basename "$(readlink "$n/device")")
		else
			ip link set "${n##*/}" down 2>/dev/null
		fi ;;
	*) [ "$(cat "$n/type" 2>/dev/null)" = 280 ] &&
		ip link set "${n##*/}" down 2>/dev/null ;;
	esac
done
ktap_probe_report hi3110 "$dev" "hi3110 $dev"
[ -n "$ifc" ]
ktap_result $? "hi311x bound to $dev, interface ${ifc:-none}" \
	"no net device of driver hi3110: $(ls /sys/class/net | tr '\n' ' ')"

state() { can_state "$ifc"; }
rx() { cat "/sys/class/net/$ifc/statistics/rx_packets"; }
# can statistics from `ip -details -statistics`: re-started bus-errors
# arbit-lost error-warn error-pass bus-off, the numbers under them.
canstat() {  # field number (1-6)
	ip -details -statistics link show "$ifc" | awk -v f="$1" '
		/re-started/ { getline; print $f; exit }'
}
dump() { can_dump "$ifc" "$1" "$2"; }  # count file
wait_state() { can_wait_state "$ifc" "$1"; }

ip link set "$ifc" type can bitrate 500000 loopback on 2>/tmp/ip.err &&
	ip link set "$ifc" up 2>>/tmp/ip.err
ktap_result $? "bitrate 500000, loopback, up" "$(cat /tmp/ip.err)"
ktap_host_expect $MODEL can-bitrate 500000
ktap_diag "$(ip -details link show "$ifc" | grep -E 'bitrate|tq')"

# Loopback: the frame goes through the chip and back into its RX FIFO.
r0=$(rx)
dump 2 /tmp/lo
cansend "$ifc" 123#DEADBEEF
wait $dpid
r1=$(rx)
grep -q "123 \+\[4\] \+DE AD BE EF" /tmp/lo && [ $((r1 - r0)) = 1 ]
ktap_result $? "loopback: standard 0x123 DE AD BE EF back through the RX FIFO" \
	"rx_packets $r0 -> $r1, candump: $(cat /tmp/lo)"
r0=$(rx)
dump 2 /tmp/lo
cansend "$ifc" 1F334455#R
wait $dpid
r1=$(rx)
grep -q "1F334455 \+\[0\] \+remote request" /tmp/lo && [ $((r1 - r0)) = 1 ]
ktap_result $? "loopback: extended remote frame 0x1F334455" \
	"rx_packets $r0 -> $r1, candump: $(cat /tmp/lo)"

# Normal mode, bus errors reported, no automatic restart.
ip link set "$ifc" down
ip link set "$ifc" type can bitrate 500000 loopback off berr-reporting on \
	restart-ms 0 2>/tmp/ip.err && ip link set "$ifc" up 2>>/tmp/ip.err
ktap_result $? "normal mode, berr-reporting on, restart-ms 0" "$(cat /tmp/ip.err)"
[ "$(state)" = ERROR-ACTIVE ]
ktap_result $? "state ERROR-ACTIVE" "state '$(state)'"

dump 1 /tmp/rx
ktap_host qmp "{\"execute\": \"qom-set\", \"arguments\": {\"path\": \"$MODEL\", \"property\": \"can-inject\", \"value\": \"1F334455#0102030405060708\"}}"
wait $dpid
grep -q "1F334455 \+\[8\] \+01 02 03 04 05 06 07 08" /tmp/rx
ktap_result $? "a frame from the bus (host) reaches candump" "candump: $(cat /tmp/rx)"

inject() {
	ktap_host qmp "{\"execute\": \"qom-set\", \"arguments\": {\"path\": \"$MODEL\", \"property\": \"can-inject\", \"value\": \"$1\"}}"
}
inject error-passive
wait_state ERROR-PASSIVE
ktap_result $? "error-passive from the host: ERROR-PASSIVE" "state '$(state)'"
ip -details link show "$ifc" | grep -q "berr-counter tx 128"
ktap_result $? "berr-counter tx 128" "$(ip -details link show "$ifc" | grep berr)"

inject bus-off
wait_state BUS-OFF
ktap_result $? "bus-off from the host: BUS-OFF" "state '$(state)'"
ktap_host_expect $MODEL can-state '"bus-off"'
ip link set "$ifc" type can restart 2>/tmp/ip.err
wait_state ERROR-ACTIVE
ktap_result $? "ip link set type can restart: ERROR-ACTIVE again" \
	"state '$(state)' $(cat /tmp/ip.err)"
ktap_host_expect $MODEL can-tec 0

# Automatic restart after 100 ms.
ip link set "$ifc" down
ip link set "$ifc" type can restart-ms 100 && ip link set "$ifc" up
before=$(canstat 1)
inject bus-off
i=0
while [ $i -lt 50 ] && [ "$(canstat 1)" = "$before" ]; do sleep 0.05; i=$((i + 1)); done
wait_state ERROR-ACTIVE && [ "$(canstat 1)" -gt "$before" ] && [ "$(canstat 6)" -ge 2 ]
ktap_result $? "restart-ms 100: restarted by itself, ERROR-ACTIVE" \
	"state '$(state)', re-started $before -> $(canstat 1), bus-off $(canstat 6)"

ip link set "$ifc" down
ktap_validator "$ifc at 500000 bit/s; loopback frames back through the RX FIFO; host frame received; error-passive and bus-off from the host, manual and restart-ms recovery"
ktap_finish
