# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the CAN guest tests (hi3110, mcba-usb, bench/can-throughput).

# iproute2's ip: busybox's sh runs its own applet for a bare `ip`, and
# that one knows no `type can`.
ip() { /bin/ip "$@"; }

# The sanitizer boot runs 3x slower (presilicon.timeout_scale): so do the
# waits below.
can_scale=$(sed -n 's/.*presilicon\.timeout_scale=\([0-9]*\).*/\1/p' /proc/cmdline)
can_scale=${can_scale:-1}

# The interface's CAN state as `ip -details link` shows it (ERROR-ACTIVE...).
can_state() {  # ifc
	ip -details link show "$1" 2>/dev/null | sed -n 's/.*can .*state \([A-Z-]*\).*/\1/p'
}

# Wait (bounded) for a CAN state; 0 once the interface is in it.
can_wait_state() {  # ifc state
	i=0
	while [ $i -lt $((60 * can_scale)) ]; do
		[ "$(can_state "$1")" = "$2" ] && return 0
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# Start candump in the background ($dpid) and wait (bounded) for its
# socket; it exits after count frames or timeout-ms without one.
# CAN_DUMP_ARGS: more candump options (-r SIZE for a larger buffer).
can_dump() {  # ifc count file [timeout-ms]
	# shellcheck disable=SC2086
	candump ${CAN_DUMP_ARGS:-} -n "$2" -T $((${4:-3000} * can_scale)) "$1" >"$3" 2>&1 &
	dpid=$!
	i=0
	while [ $i -lt 50 ] && ! ls -l "/proc/$dpid/fd" 2>/dev/null | grep -q socket; do
		sleep 0.02
		i=$((i + 1))
	done
	sleep 0.05
}

# Frames of a candump file whose first data byte is not one more than the
# previous frame's (mod 256): 0 for a `cangen -D i` burst received in order.
can_out_of_order() {  # file
	awk 'function hex(s) { return (index("0123456789ABCDEF", substr(s, 1, 1)) - 1) * 16 + index("0123456789ABCDEF", substr(s, 2, 1)) - 1 }
		{ v = hex($4); if (NR > 1 && v != (prev + 1) % 256) n++; prev = v }
		END { print n + 0 }' "$1"
}
