#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 60
#
# Marvell Armada 37xx pin controllers (drivers/pinctrl/mvebu/
# pinctrl-armada-37xx.c): the driver binds to both bridges, registers
# their groups and functions (debugfs) and the GPIO1/GPIO2 chips with
# their interrupt controllers; the xtal clock driver reads the crystal
# strap from the north bridge's latch. Mux: the hog state of each node is
# in the model at boot (NB pwm3 = led, SB ptp_clk = mii), and groups
# selected through debugfs's pinmux-select reach it. GPIO (libgpiod):
# gpioset's outputs reach the model's pads and switch the group to gpio,
# inputs the host drives over QMP are what gpioget reads, and an edge the
# host makes wakes gpiomon, rising alone and both edges (the driver swaps
# the polarity after each edge). The host reads the model's side over QMP
# (ktap_host_expect).
. /tests/lib/ktap.sh

DRV=/sys/bus/platform/drivers/armada-37xx-pinctrl
NB=/machine/armada37xx-nb-pinctrl
SB=/machine/armada37xx-sb-pinctrl
DBG=/sys/kernel/debug/pinctrl
ktap_begin armada37xx-pinctrl 20

host_set() {  # path property json-value
	ktap_host "qmp {\"execute\": \"qom-set\", \"arguments\": {\"path\": \"$1\", \"property\": \"$2\", \"value\": $3}}"
}

# Wait up to 5 s for a command to succeed.
wait_for() {
	i=0
	while [ $i -lt 50 ]; do
		"$@" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

nb=$(ls "$DRV" 2>/dev/null | grep -m1 '^10080000\.pinctrl$')
sb=$(ls "$DRV" 2>/dev/null | grep -m1 '^10090000\.pinctrl$')
ktap_probe_report armada-37xx-pinctrl "$nb"
[ -n "$nb" ] && [ -n "$sb" ]
ktap_result $? "both bridges bound" "bound: '$(ls "$DRV" | tr '\n' ' ')'; $(dmesg | grep -i -m3 'pinctrl\|armada')"

# Groups and functions as the driver's tables have them.
nbd=$DBG/10080000.pinctrl-armada_37xx-pinctrl
sbd=$DBG/10090000.pinctrl-armada_37xx-pinctrl
ng=$(grep -c '^group:' "$nbd/pingroups" 2>/dev/null)
nf=$(grep -c '^function' "$nbd/pinmux-functions" 2>/dev/null)
grep -q 'led, groups = \[ pwm0 pwm1 pwm2 pwm3 \]' "$nbd/pinmux-functions" 2>/dev/null &&
	[ "$ng" = 19 ] && [ "$nf" = 11 ]
ktap_result $? "north bridge: 19 groups, 11 functions" "$ng groups, $nf functions"
sg=$(grep -c '^group:' "$sbd/pingroups" 2>/dev/null)
sf=$(grep -c '^function' "$sbd/pinmux-functions" 2>/dev/null)
grep -q 'mii_err, groups = \[ mii_col \]' "$sbd/pinmux-functions" 2>/dev/null &&
	[ "$sg" = 13 ] && [ "$sf" = 8 ]
ktap_result $? "south bridge: 13 groups, 8 functions" "$sg groups, $sf functions"

# The GPIO chips: gpiodetect's "gpiochipN [LABEL] (N lines)".
c1=$(gpiodetect 2>/dev/null | sed -n 's/^\(gpiochip[0-9]*\) \[GPIO1\] (36 lines)$/\1/p')
c2=$(gpiodetect 2>/dev/null | sed -n 's/^\(gpiochip[0-9]*\) \[GPIO2\] (30 lines)$/\1/p')
[ -n "$c1" ] && [ -n "$c2" ]
ktap_result $? "GPIO1 (36 lines) and GPIO2 (30 lines)" "$(gpiodetect 2>&1 | tr '\n' ';')"
c1=${c1:-nochip} c2=${c2:-nochip}

rate=$(cat /sys/kernel/debug/clk/xtal/clk_rate 2>/dev/null)
[ "$rate" = 25000000 ]
ktap_result $? "xtal clock from the strap latch: 25 MHz" "xtal clk_rate '$rate'"

# The hogs, applied when the driver registered.
ktap_host_expect $NB mux-pwm3 '"led"'
ktap_host_expect $SB mux-ptp_clk '"mii"'

# A mux set through debugfs: "GROUP FUNCTION".
echo "pwm1 led" >"$nbd/pinmux-select" 2>/dev/null
ktap_result $? "pinmux-select pwm1 led" "write refused"
ktap_host_expect $NB mux-pwm1 '"led"'
echo "mii_col mii_err" >"$sbd/pinmux-select" 2>/dev/null
ktap_host_expect $SB mux-mii_col '"mii_err"'

# Outputs: the line's group goes to gpio and the pad follows.
gpioset "$c1" 20=1
ktap_result $? "gpioset GPIO1 20=1" "gpioset failed"
ktap_host_expect $NB level-20 true
ktap_host_expect $NB mux-jtag '"gpio"'
gpioset "$c2" 25=1
ktap_host_expect $SB level-25 true

# Inputs the host drives.
reads() {  # chip line value
	[ "$(gpioget "$1" "$2" 2>/dev/null)" = "$3" ]
}
host_set $NB input-21 true
wait_for reads "$c1" 21 1
ktap_result $? "gpioget GPIO1 21 reads the host's 1" "reads '$(gpioget "$c1" 21 2>&1)'"
host_set $NB input-21 false
wait_for reads "$c1" 21 0
ktap_result $? "gpioget GPIO1 21 reads the host's 0" "reads '$(gpioget "$c1" 21 2>&1)'"
host_set $SB input-3 true
wait_for reads "$c2" 3 1
ktap_result $? "gpioget GPIO2 3 reads the host's 1" "reads '$(gpioget "$c2" 3 2>&1)'"

# The harness acts on console lines in order: the QMP requests above
# came after the expects, so the pads may change now.
gpioset "$c1" 20=0
ktap_host_expect $NB level-20 false

# Edges from the host wake gpiomon.
monitoring() {  # chip line
	gpioinfo "$1" 2>/dev/null | grep -q "line *$2:.*\"gpiomon\""
}
events() {  # file count
	[ "$(grep -c EDGE "$1" 2>/dev/null)" -ge "$2" ]
}
# gpiomon's output to a file is buffered until it exits: count the
# interrupts the line took instead (/proc/interrupts: "N: c0 c1 GPIO2 10 ...").
irqs() {  # chip-label line count
	[ "$(awk -v c="$1" -v l="$2" '{
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i
		if ($i == c && $(i + 1) == l) { print n; exit }
		n = 0 }' /proc/interrupts)" -ge "$3" ] 2>/dev/null
}
gpiomon --num-events=1 --rising-edge "$c1" 22 >/tmp/mon1 2>&1 &
mon=$!
wait_for monitoring "$c1" 22
host_set $NB input-22 true
wait_for events /tmp/mon1 1 && grep -q 'RISING EDGE offset: 22' /tmp/mon1
ktap_result $? "gpiomon woken by a rising edge on GPIO1 22" "gpiomon: '$(cat /tmp/mon1)'"
kill $mon 2>/dev/null
wait $mon 2>/dev/null

gpiomon --num-events=2 "$c2" 10 >/tmp/mon2 2>&1 &
mon=$!
wait_for monitoring "$c2" 10
host_set $SB input-10 true
wait_for irqs GPIO2 10 1
host_set $SB input-10 false
wait_for events /tmp/mon2 2 && grep -q 'RISING EDGE offset: 10' /tmp/mon2 &&
	grep -q 'FALLING EDGE offset: 10' /tmp/mon2
ktap_result $? "gpiomon sees both edges on GPIO2 10" "gpiomon: '$(cat /tmp/mon2 | tr '\n' ';')'"
kill $mon 2>/dev/null
wait $mon 2>/dev/null
n=$(grep -c EDGE /tmp/mon1 /tmp/mon2 | awk -F: '{ s += $2 } END { print s }')

ktap_validator "hogs pwm3=led/ptp_clk=mii and pinmux-select reach the model; gpioset -> pads; host inputs -> gpioget; $n host edges woke gpiomon"
ktap_finish
