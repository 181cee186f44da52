#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 60
# arch: arm
#
# Axis ARTPEC-6 pin controller (drivers/pinctrl/pinctrl-artpec6.c) with
# the PL061s the model pairs it with as GPIO banks of GPIO0-31 (their
# gpio-ranges point at the pin controller). 32-bit guests only: the
# driver depends on MACH_ARTPEC6 (guest-kernel/configs-arm/).
#
# The driver binds and registers its 97 pins, 29 groups and 22 functions
# (debugfs); its probe sets every pin to 8 mA, and the node's hog state
# (uart1grp0: uart1, pull-up, 6 mA; spi0grp0: spi0, no bias, 9 mA) is in
# the model's registers, which the host reads over QMP (ktap_host_expect)
# and pinconf-pins shows. Groups selected through debugfs's pinmux-select
# reach the model. GPIO (libgpiod): the four PL061 chips map onto the pin
# controller (gpio-ranges), gpioset on a pin muxed to i2s0 switches it to
# gpio (gpio_request_enable) and its level reaches the model's pad, the
# host's input levels are what gpioget reads, and host-made edges wake
# gpiomon, rising alone and both edges.
. /tests/lib/ktap.sh

DRV=/sys/bus/platform/drivers/artpec6-pinctrl
PC=/machine/artpec6-pinctrl

ktap_begin artpec6-pinctrl 27

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

dev=$(ktap_bound_device "$DRV")
ktap_probe_report artpec6-pinctrl "$dev"
[ -n "$dev" ] && dmesg | grep -q "$dev: initialised Axis ARTPEC-6 pinctrl driver"
ktap_result $? "driver bound" "bound: '$dev'; $(dmesg | grep -i -m3 'pinctrl\|artpec')"

# Pins, groups and functions as the driver's tables have them.
dbg=/sys/kernel/debug/pinctrl/${dev:-none}-artpec6-pinctrl
np=$(grep -c '^pin ' "$dbg/pins" 2>/dev/null)
ng=$(grep -c '^group:' "$dbg/pingroups" 2>/dev/null)
nf=$(grep -c '^function' "$dbg/pinmux-functions" 2>/dev/null)
grep -q 'uart5, groups = \[ uart5grp0 uart5grp1 uart5nocts \]' "$dbg/pinmux-functions" 2>/dev/null &&
	[ "$np" = 97 ] && [ "$ng" = 29 ] && [ "$nf" = 22 ]
ktap_result $? "97 pins, 29 groups, 22 functions" "$np pins, $ng groups, $nf functions"

# The probe's 8 mA (artpec6_pmx_reset()) on pins no hog touches.
ktap_host_expect $PC drive-strength-0 8
ktap_host_expect $PC drive-strength-96 8

# The hogs, applied when the driver registered.
ktap_host_expect $PC mux-24 '"uart1"'
ktap_host_expect $PC bias-27 '"pull-up"'
ktap_host_expect $PC drive-strength-25 6
ktap_host_expect $PC mux-15 '"spi0"'
ktap_host_expect $PC bias-12 '"disabled"'
ktap_host_expect $PC drive-strength-13 9
# pinconf_get reads them back.
conf() {  # pin name text
	grep -q "^pin $1 ($2): .*$3" "$dbg/pinconf-pins" 2>/dev/null
}
conf 24 GPIO24 'input bias pull up.*output drive strength (6 mA)' &&
	conf 12 GPIO12 'input bias disabled, output drive strength (9 mA)' &&
	conf 50 NF_IO6 'input bias pull down.*output drive strength (8 mA)'
ktap_result $? "pinconf-pins: the hogs' bias and drive, 8 mA elsewhere" "$(grep -E '^pin (12|24|50) ' "$dbg/pinconf-pins" 2>&1 | tr '\n' ';')"

# Muxes set through debugfs: "GROUP FUNCTION".
echo "i2s0grp0 i2s0" >"$dbg/pinmux-select" 2>/dev/null
ktap_result $? "pinmux-select i2s0grp0 i2s0" "write refused"
ktap_host_expect $PC mux-9 '"i2s0"'
echo "uart2grp1 uart2" >"$dbg/pinmux-select" 2>/dev/null
ktap_host_expect $PC mux-31 '"uart2"'

# The GPIO chips: four PL061s of 8 lines named GPIO0-31, each mapped onto
# the pin controller.
chip_of() {  # line name -> "gpiochipN offset"
	gpiofind "$1" 2>/dev/null
}
nr=$(grep -c 'GPIOS \[' "$dbg/gpio-ranges" 2>/dev/null)
n=0
for l in 0 7 8 15 16 23 24 31; do
	[ -n "$(chip_of GPIO$l)" ] && n=$((n + 1))
done
[ "$nr" = 4 ] && [ "$n" = 8 ]
ktap_result $? "4 PL061 chips, lines GPIO0-31, 4 gpio-ranges" "$nr ranges, $n of 8 lines found; $(gpiodetect 2>&1 | tr '\n' ';')"

# An output on a pin muxed to i2s0: the request puts it in gpio, and the
# pad follows.
set -- $(chip_of GPIO9) nochip 0
gpioset "$1" "$2"=1
ktap_result $? "gpioset GPIO9=1" "gpioset $1 $2 failed"
ktap_host_expect $PC mux-9 '"gpio"'
ktap_host_expect $PC mux-8 '"i2s0"'
ktap_host_expect $PC output-enable-9 true
ktap_host_expect $PC level-9 true
gpioset "$1" "$2"=0
ktap_host_expect $PC level-9 false

# Inputs the host drives.
reads() {  # line-name value
	set -- $(chip_of "$1") "$2"
	[ "$(gpioget "$1" "$2" 2>/dev/null)" = "$3" ]
}
host_set $PC input-2 true
wait_for reads GPIO2 1
ktap_result $? "gpioget GPIO2 reads the host's 1" "reads '$(gpioget $(chip_of GPIO2) 2>&1)'"
host_set $PC input-2 false
wait_for reads GPIO2 0
ktap_result $? "gpioget GPIO2 reads the host's 0" "reads '$(gpioget $(chip_of GPIO2) 2>&1)'"
host_set $PC input-28 true
wait_for reads GPIO28 1
ktap_result $? "gpioget GPIO28 (uart2 until now) reads the host's 1" "reads '$(gpioget $(chip_of GPIO28) 2>&1)'"
ktap_host_expect $PC mux-28 '"gpio"'

# Edges from the host wake gpiomon.
monitoring() {  # chip line
	gpioinfo "$1" 2>/dev/null | grep -q "line *$2:.*\"gpiomon\""
}
events() {  # file count
	[ "$(grep -c EDGE "$1" 2>/dev/null)" -ge "$2" ]
}
# gpiomon's output to a file is buffered until it exits: count the
# interrupts the line took instead (/proc/interrupts: "N: c0 c1 CHIP L ...").
irqs() {  # chip-label line count
	[ "$(awk -v c="$1" -v l="$2" '{
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i
		if ($i == c && $(i + 1) == l) { print n; exit }
		n = 0 }' /proc/interrupts)" -ge "$3" ] 2>/dev/null
}
# gpiolib names the line's consumer before it requests the interrupt:
# an edge between the two is lost. The edge detector is armed once the
# interrupt, named after the consumer, is in /proc/interrupts.
armed() {  # chip-label line
	awk -v c="$1" -v l="$2" '/gpiomon/ {
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) ;
		if ($i == c && $(i + 1) == l) f = 1 } END { exit !f }' /proc/interrupts
}
set -- $(chip_of GPIO5) nochip 0
label=$(gpiodetect 2>/dev/null | sed -n "s/^$1 \[\(.*\)\] .*/\1/p")
gpiomon --num-events=1 --rising-edge "$1" "$2" >/tmp/mon1 2>&1 &
mon=$!
wait_for monitoring "$1" "$2"
wait_for armed "$label" "$2"
host_set $PC input-5 true
wait_for events /tmp/mon1 1 && grep -q "RISING EDGE offset: $2" /tmp/mon1
ktap_result $? "gpiomon woken by a rising edge on GPIO5" "gpiomon: '$(cat /tmp/mon1)'"
kill $mon 2>/dev/null
wait $mon 2>/dev/null

set -- $(chip_of GPIO30) nochip 0
label=$(gpiodetect 2>/dev/null | sed -n "s/^$1 \[\(.*\)\] .*/\1/p")
gpiomon --num-events=2 "$1" "$2" >/tmp/mon2 2>&1 &
mon=$!
wait_for monitoring "$1" "$2"
wait_for armed "$label" "$2"
host_set $PC input-30 true
wait_for irqs "$label" "$2" 1
host_set $PC input-30 false
wait_for events /tmp/mon2 2 && grep -q "RISING EDGE offset: $2" /tmp/mon2 &&
	grep -q "FALLING EDGE offset: $2" /tmp/mon2
ktap_result $? "gpiomon sees both edges on GPIO30" "gpiomon: '$(cat /tmp/mon2 | tr '\n' ';')'"
kill $mon 2>/dev/null
wait $mon 2>/dev/null
n=$(grep -c EDGE /tmp/mon1 /tmp/mon2 | awk -F: '{ s += $2 } END { print s }')

ktap_validator "probe 8 mA, hogs uart1/spi0 and pinmux-select reach the model; gpioset muxes to gpio -> pads; host inputs -> gpioget; $n host edges woke gpiomon"
ktap_finish
