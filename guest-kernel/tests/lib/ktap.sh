# SPDX-License-Identifier: GPL-2.0-or-later
#
# KTAP helpers for guest tests (sourced: . /tests/lib/ktap.sh).
# A test prints its subtests as nested KTAP, indented four spaces under
# the init's top-level line for it:
#
#	ktap_begin mtk-rng 3
#	ktap_result 0 bound          # 0 = pass (an exit status)
#	ktap_skip registered "why"
#	ktap_diag "first-bytes: ..."
#	ktap_finish                  # exits 1 if anything failed or is missing

KTAP_N=0
KTAP_PLAN=0
KTAP_FAILED=0

ktap_begin() {  # name count
	KTAP_PLAN=$2
	echo "    KTAP version 1"
	echo "    # Subtest: $1"
	echo "    1..$2"
}

ktap_diag() {
	echo "$*" | sed 's/^/    # /'
}

ktap_pass() { KTAP_N=$((KTAP_N + 1)); echo "    ok $KTAP_N $1"; }

ktap_fail() {  # name [reason]
	KTAP_N=$((KTAP_N + 1))
	KTAP_FAILED=$((KTAP_FAILED + 1))
	[ -z "${2:-}" ] || ktap_diag "$1: $2"
	echo "    not ok $KTAP_N $1"
}

ktap_skip() {  # name reason
	KTAP_N=$((KTAP_N + 1))
	echo "    ok $KTAP_N $1 # SKIP $2"
}

ktap_result() {  # status name [reason-if-failed]
	if [ "$1" = 0 ]; then ktap_pass "$2"; else ktap_fail "$2" "${3:-}"; fi
}

# Wait until the host harness has carried out every `presilicon-host:`
# request printed so far: it answers the token on the console's input
# (init turned the tty's echo off). Bounded, for a guest run without it.
KTAP_SYNC=0
ktap_host_sync() {
	KTAP_SYNC=$((KTAP_SYNC + 1))
	tok="presilicon-sync-$$-$KTAP_SYNC"
	ktap_diag "presilicon-host: sync $tok"
	while IFS= read -r -t 30 line </dev/console; do
		[ "$line" = "$tok" ] && return 0
	done
	ktap_diag "no answer from the host to $tok"
	return 1
}

# Ask the host harness to act on QEMU (eject sdN, insert sdN, qmp JSON;
# see run-guest-test) and return once it has.
ktap_host() {  # action...
	ktap_diag "presilicon-host: $*"
	ktap_host_sync
}

# A check the host makes (run-guest-test's `expect`): QOM's PROPERTY of
# the object at PATH must equal VALUE (JSON) now. The harness reads it over
# QMP and reports it as this test's next subtest, "host: PATH PROPERTY =
# GOT"; this returns once it has, so the guest may change the state next.
ktap_host_expect() {  # path property json-value
	KTAP_N=$((KTAP_N + 1))
	ktap_diag "presilicon-host: expect $KTAP_N $1 $2 $3"
	ktap_host_sync
}

# Have the host wait (20 s at most) until QOM's PROPERTY of PATH equals
# VALUE (JSON): for what the driver does later, in a work queue, and the
# guest cannot see. The log says how long it took; the test's next checks
# say whether it came.
ktap_host_wait() {  # path property json-value
	ktap_host wait "$1" "$2" "$3"
}

# A ping the host makes from one of the test's endpoints (its `# endpoint:`
# header, run-guest-test's net-ping): one ARP request for IP (broadcast),
# then, once answered, COUNT ICMP echo requests (SIZE payload bytes, 56 by
# default, at most 1472), 20 ms apart; the endpoint sends nothing else
# (docs/guest.md). The harness reports it as this test's next subtest, ok
# when WANT replies came (WANT 0: none, or no ARP answer); this returns
# once it has. COUNT is at most 100, so that the ping (5 s plus 20 ms a
# request at most, times the timeout scale) ends well inside the sync's
# 30 s.
ktap_host_ping() {  # from ip count want [size]
	KTAP_N=$((KTAP_N + 1))
	ktap_diag "presilicon-host: net-ping $KTAP_N $*"
	ktap_host_sync
}

ktap_finish() {
	if [ "$KTAP_N" != "$KTAP_PLAN" ]; then
		ktap_diag "planned $KTAP_PLAN subtests, ran $KTAP_N"
		exit 1
	fi
	[ "$KTAP_FAILED" = 0 ] || exit 1
	exit 0
}

# Quick mode (presilicon.quick=1: make run and the sanitizer boot): a
# test runs a representative part of itself and leaves the rest to the
# plain boot of make check.
ktap_quick() { grep -q 'presilicon\.quick=1' /proc/cmdline; }

# Load drivers built as modules (=m in a model's fragment; build-kernel
# ships them in /tests/modules), in any order: a module whose
# dependencies are not loaded yet is tried again after the others. One
# without a .ko is taken as built in (the test's own checks see whether
# its driver bound). A driver's probe runs inside its insmod. Prints why
# each module that would not load failed.
ktap_insmod() {  # module...
	_left=$*
	for _pass in "$@"; do
		_next=
		for _m in $_left; do
			[ -d "/sys/module/$(echo "$_m" | tr - _)" ] ||
				[ ! -e "/tests/modules/$_m.ko" ] ||
				insmod "/tests/modules/$_m.ko" 2>/dev/null ||
				_next="$_next $_m"
		done
		_left=$_next
		[ -n "$_left" ] || return 0
	done
	for _m in $_left; do
		echo "insmod $_m: $(insmod "/tests/modules/$_m.ko" 2>&1)"
	done
	return 1
}

# For the bring-up report of `make run`: which driver bound to which
# device, and when the device first spoke in the kernel log (its probe).
# A PCI device speaks at enumeration already: pass the driver's own prefix,
# e.g. "ThunderX-ZIP $dev: ", as the kernel log line to look for.
ktap_probe_report() {  # driver device [log-pattern]
	ktap_diag "driver: $1"
	ktap_diag "device: ${2:-none}"
	[ -n "${2:-}" ] || return 0
	t=$(dmesg | grep -m1 -F "${3:- $2: }" | sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p')
	[ -z "$t" ] || ktap_diag "probe-time: ${t}s"
}

# One line saying what the class's validator saw, for the same report.
ktap_validator() {
	ktap_diag "validator: $*"
}

# The first device bound to a platform driver (from the device tree), or
# nothing: ktap_bound_device /sys/bus/platform/drivers/NAME
ktap_bound_device() {
	for d in "$1"/*; do
		[ -L "$d" ] && [ -e "$d/of_node" ] || continue
		echo "${d##*/}"
		return 0
	done
}

# The crypto manager's extra (random) self-tests, for the algorithms
# registered from now on: on, off, or back to what they were before the
# last on or off. The harness boots with them off
# (cryptomgr.noextratests=1, docs/guest.md "Boot time"): a crypto
# driver's test turns them on before its algorithms register.
crypto_extra_tests() {  # on|off|restore
	_p=/sys/module/cryptomgr/parameters/noextratests
	case "$1" in
	on|off)
		read -r CRYPTO_NOEXTRA_WAS <"$_p" || return 1
		[ "$1" = on ] && echo N >"$_p" || echo Y >"$_p" ;;
	restore)
		[ -z "${CRYPTO_NOEXTRA_WAS:-}" ] || echo "$CRYPTO_NOEXTRA_WAS" >"$_p" ;;
	esac
}

# The crypto manager's verdict on a driver: "passed", "failed" or empty
# (not registered). /proc/crypto has one block per algorithm instance and
# a driver may show twice (its test larval says "unknown"); it passed when
# one block says passed and none says failed.
crypto_selftest() {  # driver-name
	awk -v d="$1" '/^driver/ { cur = $3 } /^selftest/ && cur == d { print $3 }' \
		/proc/crypto | sort -u | awk '
		$1 == "failed" { f = 1 } $1 == "passed" { p = 1 }
		END { print f ? "failed" : p ? "passed" : "" }'
}
