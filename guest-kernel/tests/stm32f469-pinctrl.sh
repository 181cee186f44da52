#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 60
#
# STM32F469 pin controller (drivers/pinctrl/stm32/pinctrl-stm32f469.c and
# pinctrl-stm32.c): the driver binds with interrupt support (its EXTI
# parent bound by irq-stm32mp-exti.c), registers one group per pin and the
# gpio/af0-af15/analog functions (debugfs) and the GPIOA-GPIOK chips. Mux:
# pins selected through debugfs's pinmux-select reach the model (PA9 in
# USART1_TX, PB7 in I2C1_SDA). GPIO (libgpiod):
# gpioset's outputs reach the model's pads, inputs the host drives over
# QMP are what gpioget reads, and an edge the host makes wakes gpiomon
# through the SYSCFG's EXTICR and the EXTI, rising alone and both edges.
# The host reads the model's side over QMP (ktap_host_expect).
. /tests/lib/ktap.sh

DRV=/sys/bus/platform/drivers/stm32f469-pinctrl
EXTI=/sys/bus/platform/drivers/stm32mp_exti
P=/machine/stm32f469-pinctrl
ktap_begin stm32f469-pinctrl 19

host_set() {  # property json-value
	ktap_host "qmp {\"execute\": \"qom-set\", \"arguments\": {\"path\": \"$P\", \"property\": \"$1\", \"value\": $2}}"
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

dev=$(ls "$DRV" 2>/dev/null | grep -m1 'pinctrl@100a0000')
ktap_probe_report stm32f469-pinctrl "$dev"
[ -n "$dev" ] && ls "$EXTI" 2>/dev/null | grep -q '100a3c00'
ktap_result $? "pinctrl and its EXTI bound" "pinctrl: '$(ls "$DRV" 2>/dev/null | tr '\n' ' ')' exti: '$(ls "$EXTI" 2>/dev/null | tr '\n' ' ')'; $(dmesg | grep -i -m4 'stm32\|exti\|pinctrl')"
dmesg | grep -q 'pinctrl without interrupt support'
[ $? != 0 ]
ktap_result $? "interrupt support (interrupt-parent: the EXTI)" "$(dmesg | grep -m2 'pinctrl without')"

# One group per pin (159 in the driver's table), gpio, af0-af15, analog.
dbg=$(ls -d /sys/kernel/debug/pinctrl/*pinctrl@100a0000* 2>/dev/null | head -1)
ng=$(grep -c '^group:' "$dbg/pingroups" 2>/dev/null)
nf=$(grep -c '^function' "$dbg/pinmux-functions" 2>/dev/null)
grep -q 'af7, groups = \[ PA0 .* PA9 ' "$dbg/pinmux-functions" 2>/dev/null &&
	[ "$ng" = 159 ] && [ "$nf" = 18 ]
ktap_result $? "159 groups, 18 functions" "$ng groups, $nf functions in '$dbg'"

# The chips: gpiodetect's "gpiochipN [LABEL] (N lines)".
chip() {  # label lines
	gpiodetect 2>/dev/null | sed -n "s/^\(gpiochip[0-9]*\) \[$1\] ($2 lines)$/\1/p"
}
ca=$(chip GPIOA 16) cc=$(chip GPIOC 16) cd=$(chip GPIOD 16)
ce=$(chip GPIOE 16) cg=$(chip GPIOG 16) ck=$(chip GPIOK 8)
n=$(gpiodetect 2>/dev/null | grep -c '\[GPIO[A-K]\]')
[ "$n" = 11 ] && [ -n "$ca" ] && [ -n "$ck" ]
ktap_result $? "GPIOA-GPIOK (GPIOK: 8 lines)" "$(gpiodetect 2>&1 | tr '\n' ';')"
ca=${ca:-nochip} cc=${cc:-nochip} cd=${cd:-nochip}
ce=${ce:-nochip} cg=${cg:-nochip} ck=${ck:-nochip}

# Muxes set through debugfs ("GROUP FUNCTION"; a group is a pin): the
# driver writes AFR, then MODER.
echo "PA9 af7" >"$dbg/pinmux-select" 2>/dev/null
ktap_result $? "pinmux-select PA9 af7" "write refused"
ktap_host_expect $P mux-PA9 '"af7"'
ktap_host_expect $P signal-PA9 '"USART1_TX"'
echo "PB7 af4" >"$dbg/pinmux-select" 2>/dev/null
ktap_result $? "pinmux-select PB7 af4" "write refused"
ktap_host_expect $P signal-PB7 '"I2C1_SDA"'

# Outputs: gpio mode, and the pad follows.
gpioset "$cc" 5=1
ktap_result $? "gpioset GPIOC 5=1" "gpioset failed"
ktap_host_expect $P level-PC5 true
ktap_host_expect $P mux-PC5 '"gpio"'
gpioset "$ck" 7=1
ktap_host_expect $P level-PK7 true

# Inputs the host drives.
reads() {  # chip line value
	[ "$(gpioget "$1" "$2" 2>/dev/null)" = "$3" ]
}
host_set input-PD3 true
wait_for reads "$cd" 3 1
ktap_result $? "gpioget GPIOD 3 reads the host's 1" "reads '$(gpioget "$cd" 3 2>&1)'"
host_set input-PD3 false
wait_for reads "$cd" 3 0
ktap_result $? "gpioget GPIOD 3 reads the host's 0" "reads '$(gpioget "$cd" 3 2>&1)'"

# The harness acts on console lines in order: the QMP requests above
# came after the expects, so the pads may change now.
gpioset "$cc" 5=0
ktap_host_expect $P level-PC5 false

# Edges from the host wake gpiomon.
monitoring() {  # chip line
	gpioinfo "$1" 2>/dev/null | grep -q "line *$2:.*\"gpiomon\""
}
events() {  # file count
	[ "$(grep -c EDGE "$1" 2>/dev/null)" -ge "$2" ]
}
# gpiomon's output to a file is buffered until it exits: count the
# interrupts the line took instead (/proc/interrupts: "N: c0 c1 stm32gpio
# 13 Edge gpiomon").
irqs() {  # line count
	[ "$(awk -v l="$1" '{
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i
		if ($i == "stm32gpio" && $(i + 1) == l) { print n; exit }
		n = 0 }' /proc/interrupts)" -ge "$2" ] 2>/dev/null
}
gpiomon --num-events=1 --rising-edge "$ce" 4 >/tmp/mon1 2>&1 &
mon=$!
wait_for monitoring "$ce" 4
ktap_result $? "gpiomon holds GPIOE 4" "$(gpioinfo "$ce" 2>&1 | grep 'line *4:')"
host_set input-PE4 true
wait_for events /tmp/mon1 1 && grep -q 'RISING EDGE offset: 4' /tmp/mon1
ktap_result $? "gpiomon woken by a rising edge on GPIOE 4" "gpiomon: '$(cat /tmp/mon1)'"
kill $mon 2>/dev/null
wait $mon 2>/dev/null

gpiomon --num-events=2 "$cg" 13 >/tmp/mon2 2>&1 &
mon=$!
wait_for monitoring "$cg" 13
host_set input-PG13 true
wait_for irqs 13 1
host_set input-PG13 false
wait_for events /tmp/mon2 2 && grep -q 'RISING EDGE offset: 13' /tmp/mon2 &&
	grep -q 'FALLING EDGE offset: 13' /tmp/mon2
ktap_result $? "gpiomon sees both edges on GPIOG 13" "gpiomon: '$(cat /tmp/mon2 | tr '\n' ';')'; $(grep stm32gpio /proc/interrupts | tr '\n' ';')"
kill $mon 2>/dev/null
wait $mon 2>/dev/null
n=$(grep -c EDGE /tmp/mon1 /tmp/mon2 | awk -F: '{ s += $2 } END { print s }')

ktap_validator "pinmux-select PA9=af7 (USART1_TX), PB7=af4 (I2C1_SDA) reach the model; gpioset -> pads; host inputs -> gpioget; $n host edges woke gpiomon via EXTICR+EXTI"
ktap_finish
