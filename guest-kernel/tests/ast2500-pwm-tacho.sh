#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 120
#
# ASPEED AST2500 PWM/fan tach (drivers/hwmon/aspeed-pwm-tacho.c): the
# upstream driver binds to the model once reset-simple lets its reset line
# go, and registers a hwmon device with pwm1-4 and fan1-4_input for the
# four fans the board describes. Writing pwm1 sweeps fan 1's duty: after
# the modelled motor settles, fan1_input reads the speed the model's fan
# turns at for that duty (max-rpm 10000 times the duty the driver's
# 96-clock period can express), within 1%. From the host, over QMP, fan 2
# is stalled and fan 3's tach wire pulled: their reads fail as the
# driver's do on a chip (no tach pulses: -ETIMEDOUT), and come back.
# Each sweep point is printed as "curve: pwm=N duty=D rpm=R" for
# scripts/fan-curve, which draws docs/devices/ast2500-fan-curve.svg.
. /tests/lib/ktap.sh

DRV=/sys/bus/platform/drivers/aspeed_pwm_tacho
MAX_RPM=10000
PERIOD=96
SETTLE_MAX=3    # seconds: fifteen of the model's 200 ms time constants

# make run's quick report: one sweep point and the stall; make check: all.
if ktap_quick; then
	SWEEP=128 FAULTS=2
else
	SWEEP="255 224 192 160 128 96 64 32 0" FAULTS=4
fi
n=0
for v in $SWEEP; do n=$((n + 1)); done
ktap_begin ast2500-pwm-tacho $((3 + n + FAULTS))

dev=$(ktap_bound_device "$DRV")
ktap_probe_report aspeed_pwm_tacho "$dev"
[ -n "$dev" ]
ktap_result $? bound "no device bound to $DRV"

hw=
for h in /sys/class/hwmon/hwmon*; do
	[ "$(cat "$h/name" 2>/dev/null)" = aspeed_pwm_tacho ] && hw=$h
done
[ -n "$hw" ]
ktap_result $? "hwmon registered" "no hwmon named aspeed_pwm_tacho"
hw=${hw:-/nonexistent}

ok=0
for i in 1 2 3 4; do
	[ -e "$hw/pwm$i" ] && [ -e "$hw/fan${i}_input" ] && ok=$((ok + 1))
done
extra=0
[ -e "$hw/pwm5" ] || [ -e "$hw/fan5_input" ] && extra=1
[ $ok = 4 ] && [ $extra = 0 ]
ktap_result $? "four fans" "$ok of pwm1-4/fan1-4_input, or more than four"

# The speed duty v should give: the driver's on-time in clocks, floored.
want_rpm() {  # pwm
	on=$(($1 * PERIOD / 255))
	echo $((MAX_RPM * on / PERIOD))
}

near() {  # got want
	d=$(($1 - $2))
	[ $d -lt 0 ] && d=$((-d))
	[ $d -le $(($2 / 100 + 1)) ]
}

# The fan follows a step with the model's 200 ms time constant and never
# overshoots: the first reading within 1% is the settled one. SETTLE_MAX is
# the bound, not the wait.
settled() {  # input want
	i=0
	while :; do
		got=$(cat "$1" 2>/dev/null || echo none)
		if [ "$2" = 0 ]; then
			# Off: the port is disabled; no pulses, the read times out.
			[ "$got" = none ] && return 0
		else
			near "${got%none}" "$2" 2>/dev/null && return 0
		fi
		[ $i -ge $((SETTLE_MAX * 10)) ] && return 1
		sleep 0.1
		i=$((i + 1))
	done
}

points=
for v in $SWEEP; do
	echo "$v" >"$hw/pwm1"
	want=$(want_rpm "$v")
	settled "$hw/fan1_input" "$want"
	ktap_result $? "pwm1=$v" "fan1_input '$got', want $want rpm (within 1%)"
	ktap_diag "curve: pwm=$v duty=$(($v * PERIOD / 255))/$PERIOD rpm=$got"
	points="$points $v:$got"
done
echo 255 >"$hw/pwm1"

# Host-injected faults; each read waits for the effect.
fault() {  # fan-index property value input
	ktap_host "qmp {\"execute\": \"qom-set\", \"arguments\": {\"path\": \"/machine/ast2500-pwm-tacho\", \"property\": \"fan$1-$2\", \"value\": $3}}"
}
reads_fail() {  # input, seconds: true once a read fails
	i=0
	while [ $i -lt $(($2 * 10)) ]; do
		cat "$1" >/dev/null 2>&1 || return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
reads_near() {  # input want seconds
	i=0
	while [ $i -lt $(($3 * 10)) ]; do
		got=$(cat "$1" 2>/dev/null) && near "$got" "$2" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

fault 1 stalled true
reads_fail "$hw/fan2_input" 10
ktap_result $? "fan 2 stalled from the host" "fan2_input still reads $(cat "$hw/fan2_input" 2>&1)"
fault 1 stalled false
reads_near "$hw/fan2_input" $MAX_RPM 10
ktap_result $? "fan 2 spins up again" "fan2_input '$(cat "$hw/fan2_input" 2>&1)'"

faults="a stall"
if [ $FAULTS = 4 ]; then
	fault 2 tach-connected false
	reads_fail "$hw/fan3_input" 10
	ktap_result $? "fan 3's tach pulled from the host" "fan3_input still reads $(cat "$hw/fan3_input" 2>&1)"
	fault 2 tach-connected true
	reads_near "$hw/fan3_input" $MAX_RPM 10
	ktap_result $? "fan 3's tach back" "fan3_input '$(cat "$hw/fan3_input" 2>&1)'"
	faults="a stall and a pulled tach"
fi

ktap_validator "pwm1 -> fan1_input:$points; $faults from QMP seen by the driver"
ktap_finish
