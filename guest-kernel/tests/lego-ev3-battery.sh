#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 90
#
# LEGO EV3 battery (drivers/power/supply/lego_ev3_battery.c) on a TI
# ADS7957 (drivers/iio/adc/ti-ads7950.c) behind the board's PL022, chip
# select on a PL061 line: the ADC driver binds over SPI (its 16-bit frames
# through the PL022, the reference from the fixed regulator), the battery
# driver finds its two IIO channels and type GPIO and registers the
# lego-ev3-battery power supply. The host sets the battery's voltage and
# current over QMP; voltage_now and current_now follow within one ADC
# step as seen at the battery (10.1 mV, 6.5 mA: a 10-bit code of 5 V,
# through the EV3's divider and 15x shunt amplifier). The type switch is
# read at probe: the host turns it to the Li-ion pack and a rebind sees
# Li-ion.
. /tests/lib/ktap.sh

BATT_DRV=/sys/bus/platform/drivers/lego-ev3-battery
ADC_DRV=/sys/bus/spi/drivers/ads7950
PSY=/sys/class/power_supply/lego-ev3-battery
QOM=/machine/lego-ev3-battery
V_RES=10101     # uV: 2 x 5 V / 1023, plus the current's share
I_RES=6518      # uA: 5 V / 1023 x 20000 / 15

# make run's quick report: two points; make check: six.
if ktap_quick; then
	POINTS="7400000:1500000 9000000:200000"
else
	POINTS="9000000:200000 7400000:1500000 8123456:654321 6000000:3000000 5000000:0 10000000:50000"
fi
n=0
for p in $POINTS; do n=$((n + 1)); done
ktap_begin lego-ev3-battery $((5 + n + 2))

dev=$(ktap_bound_device "$BATT_DRV")
ktap_probe_report lego-ev3-battery "$dev"
adc=
for d in "$ADC_DRV"/spi*; do [ -L "$d" ] && adc=${d##*/}; done
[ -n "$adc" ]
ktap_result $? "adc bound" "no device bound to $ADC_DRV"

iio=
for d in /sys/bus/iio/devices/iio:device*; do
	[ "$(cat "$d/name" 2>/dev/null)" = ads7957 ] && iio=$d
done
scale=$(cat "$iio/in_voltage_scale" 2>/dev/null)
raw=$(cat "$iio/in_voltage4_raw" 2>/dev/null)
# 5 V range (the driver's default) over 1023 codes: 4.887585532 mV.
[ "${scale#4.8875}" != "$scale" ] && [ -n "$raw" ] && [ "$raw" -gt 0 ]
ktap_result $? "iio channels" "iio '$iio' scale '$scale' in_voltage4_raw '$raw'"

[ -n "$dev" ] && [ -d "$PSY" ]
ktap_result $? "battery bound" "no lego-ev3-battery power supply"

tech=$(cat "$PSY/technology" 2>/dev/null)
[ "$tech" = Unknown ] && [ "$(cat "$PSY/voltage_max_design" 2>/dev/null)" = 90000000 ]
ktap_result $? "six AA cells" "technology '$tech'"

# The driver's reads are frames on the wire: compare two in a row.
v1=$(cat "$PSY/voltage_now" 2>/dev/null)
v2=$(cat "$PSY/voltage_now" 2>/dev/null)
[ -n "$v1" ] && [ "$v1" = "$v2" ]
ktap_result $? "steady reads" "voltage_now '$v1' then '$v2'"

qmp_set() {  # property value
	ktap_host "qmp {\"execute\": \"qom-set\", \"arguments\": {\"path\": \"$QOM\", \"property\": \"$1\", \"value\": $2}}"
}
within() {  # got want tolerance
	d=$(($1 - $2))
	[ $d -lt 0 ] && d=$((-d))
	[ $d -le "$3" ]
}
# The host acts asynchronously: wait (bounded) for both values.
follows() {  # uv ua
	i=0
	while [ $i -lt 50 ]; do
		gv=$(cat "$PSY/voltage_now" 2>/dev/null || echo 0)
		gi=$(cat "$PSY/current_now" 2>/dev/null || echo 0)
		within "$gv" "$1" $V_RES && within "$gi" "$2" $I_RES && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

seen=
for p in $POINTS; do
	uv=${p%:*} ua=${p#*:}
	qmp_set voltage-uv "$uv"
	qmp_set current-ua "$ua"
	follows "$uv" "$ua"
	ktap_result $? "injected ${uv} uV ${ua} uA" "voltage_now $gv uV, current_now $gi uA"
	ktap_diag "battery: injected ${uv} uV ${ua} uA, guest voltage_now $gv uV current_now $gi uA"
	seen="$seen ${uv}/${ua} uV/uA -> ${gv}/${gi};"
done
# The model holds what the host injected last; the harness reads it.
ktap_host_expect "$QOM" voltage-uv "$uv"

# The type switch, read at probe: the Li-ion pack, then a rebind.
qmp_set rechargeable true
echo "$dev" >"$BATT_DRV/unbind" 2>/dev/null
echo "$dev" >"$BATT_DRV/bind" 2>/dev/null
tech=$(cat "$PSY/technology" 2>/dev/null)
[ "$tech" = Li-ion ]
ktap_result $? "Li-ion pack after rebind" "technology '$tech'"

ktap_validator "voltage_now/current_now follow the host's injection within one ADC step:$seen type switch AA -> Li-ion"
ktap_finish
