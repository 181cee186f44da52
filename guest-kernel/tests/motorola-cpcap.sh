#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 60
#
# Motorola CPCAP PMIC (drivers/mfd/motorola-cpcap.c) on the board's PL022
# at chip select 1, its interrupt on PL061 line 5: the mfd binds over SPI
# (16-bit regmap frames, chip select active high), reads the ST revision
# and chains its three regmap-irq chips on the GPIO interrupt; its ADC
# (cpcap-adc: each read a conversion ended by the ADCDONE interrupt),
# battery (cpcap-battery) and red/green/blue LEDs (leds-cpcap) bind. The
# host sets the battery's voltage, current and temperature and VBUS over
# QMP: the battery's voltage_now, current_now and temp and the ADC's VBUS
# channel follow within one ADC step (2.25 mV, 4.9 mA, 9.8 mV); a battery
# below the model's LOWBPH threshold (3.4 V) raises the lowbph interrupt
# through the chain. LED brightness reaches the model, read back by the
# host. The charger (cpcap-charger) binds once the board's OMAP USB2 PHY
# has (it is the PHY's VBUS comparator): with VBUS from the host it
# starts charging (the usb supply online, CRM's charge current and
# voltage set in the model), and without it stops.
. /tests/lib/ktap.sh

MFD_DRV=/sys/bus/spi/drivers/cpcap-core
PSY=/sys/class/power_supply/battery
QOM=/machine/motorola-cpcap
LED=/sys/class/leds/status-led:red
V_RES=3000      # uV: 2.3 V / 1023 and the driver's rounding
I_RES=5000      # uA: 5 A / 1023
VBUS_RES=10     # mV: 10 V / 1023

ktap_begin motorola-cpcap 18

dev=$(ktap_bound_device "$MFD_DRV")
ktap_probe_report cpcap-core "$dev" "CPCAP vendor"
[ -n "$dev" ]
ktap_result $? "bound" "no device bound to $MFD_DRV"
rev=$(dmesg | grep -o 'CPCAP vendor: [A-Z]* rev: [0-9.]* ([0-9a-f]*)' | tail -1)
[ "$rev" = "CPCAP vendor: ST rev: 2.10 (1a)" ]
ktap_result $? "revision" "dmesg says '$rev'"

iio=
for d in /sys/bus/iio/devices/iio:device*; do
	case "$(cat "$d/name" 2>/dev/null)" in cpcap_adc*) iio=$d ;; esac
done
v=$(cat "$iio/in_voltage1_input" 2>/dev/null)
[ -n "$iio" ] && [ -n "$v" ] && [ "$v" -gt 3700 ] && [ "$v" -lt 3900 ]
ktap_result $? "adc battp" "iio '$iio' in_voltage1_input '$v' (3800 mV injected)"

[ -d "$PSY" ] && [ "$(cat "$PSY/present" 2>/dev/null)" = 1 ]
ktap_result $? "battery bound" "no battery power supply, or not present"

qmp_set() {  # property value
	ktap_host "qmp {\"execute\": \"qom-set\", \"arguments\": {\"path\": \"$QOM\", \"property\": \"$1\", \"value\": $2}}"
}
within() {  # got want tolerance
	d=$(($1 - $2))
	[ $d -lt 0 ] && d=$((-d))
	[ $d -le "$3" ]
}
# The host acts asynchronously and the battery driver samples at most
# every 250 ms: wait, bounded, for the value.
follows() {  # file want tolerance
	i=0
	while [ $i -lt 40 ]; do
		got=$(cat "$1" 2>/dev/null || echo 0)
		within "$got" "$2" "$3" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

qmp_set battery-voltage-uv 4012345
follows "$PSY/voltage_now" 4012345 $V_RES
ktap_result $? "voltage_now follows" "voltage_now $got uV, 4012345 injected"
ktap_diag "battery: injected 4012345 uV, guest voltage_now $got uV"
vseen=$got

qmp_set battery-current-ua 750000
follows "$PSY/current_now" 750000 $I_RES
ktap_result $? "current_now follows" "current_now $got uA, 750000 injected"
iseen=$got

qmp_set battery-temperature 35000
follows "$PSY/temp" 350 2
ktap_result $? "temp follows" "temp $got (0.1 C), 35000 mC injected"
tseen=$got

# VBUS on the ADC's channel 2 (what the charger would read): on, then off.
qmp_set vbus-present true
follows "$iio/in_voltage2_input" 5000 $VBUS_RES
on=$?
von=$got
qmp_set vbus-present false
follows "$iio/in_voltage2_input" 0 $VBUS_RES
[ $on = 0 ] && [ $? = 0 ]
ktap_result $? "vbus follows" "in_voltage2_input $von mV with VBUS, $got mV without"

# The charger: it bound after the PHY, and VBUS from the host starts and
# stops charging (its detect work waits 80-120 ms for VBUS to settle).
USB=/sys/class/power_supply/usb
chg=$(ktap_bound_device /sys/bus/platform/drivers/cpcap-charger)
phy=$(ktap_bound_device /sys/bus/platform/drivers/omap-usb2)
[ -n "$chg" ] && [ -n "$phy" ] && [ -d "$USB" ]
ktap_result $? "charger bound" "cpcap-charger '$chg', omap-usb2 '$phy', $USB"
# VBUS came and went above: the charger started charging, and its detect
# work stops it only after the same 80-120 ms. Until then online is still
# 1 from that first plug, so wait for it to settle first.
follows "$USB/online" 0 0
qmp_set vbus-present true
follows "$USB/online" 1 0
ktap_result $? "charging with VBUS" "usb online '$got' with VBUS present"
# The charge current and voltage the driver set reach the model; a
# later injection synchronises with the harness as below.
qmp_set battery-voltage-uv 3805000
follows "$PSY/voltage_now" 3805000 $V_RES
# 532 mA (the driver's default limit) / 88.666 mA and 4.2 V: 6 and 5.
# The driver programs them from its detect work after online reads 1; on
# a busy host that came after the voltage above (a make check saw 0 and
# 0), so the host waits for them first.
ktap_host_wait "$QOM" charge-ichrg 6
ktap_host_expect "$QOM" charge-ichrg 6
ktap_host_expect "$QOM" charge-vchrg 5
qmp_set vbus-present false
follows "$USB/online" 0 0
ktap_result $? "not charging without VBUS" "usb online '$got' without VBUS"
qmp_set battery-voltage-uv 3800000
follows "$PSY/voltage_now" 3800000 $V_RES
ktap_host_expect "$QOM" charge-ichrg 0

# Below LOWBPH: the model latches INT1 bit 5, its line goes high, the
# PL061 interrupt runs the regmap-irq chain to the battery's handler.
lowbph() { awk '/lowbph/ { n = 0; for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) n += $i; else break; print n }' /proc/interrupts; }
before=$(lowbph)
qmp_set battery-voltage-uv 3350000
i=0
while [ $i -lt 40 ] && [ "$(lowbph)" = "$before" ]; do sleep 0.1; i=$((i + 1)); done
after=$(lowbph)
[ -n "$before" ] && [ "$after" -gt "$before" ]
ktap_result $? "lowbph interrupt" "lowbph count $before -> $after"
qmp_set battery-voltage-uv 3800000
follows "$PSY/voltage_now" 3800000 $V_RES

# The red LED's current setting reaches the model; off again.
echo 20 >"$LED/brightness" 2>/dev/null
[ "$(cat "$LED/brightness" 2>/dev/null)" = 20 ]
ktap_result $? "led brightness" "$LED/brightness '$(cat "$LED/brightness" 2>/dev/null)'"
# The harness acts on console lines in order: once a later injection has
# reached the guest, it has read the LED.
host_sync() {  # uv
	qmp_set battery-voltage-uv "$1"
	follows "$PSY/voltage_now" "$1" $V_RES
}
ktap_host_expect "$QOM" led-red 20
host_sync 3810000
echo 0 >"$LED/brightness" 2>/dev/null
ktap_host_expect "$QOM" led-red 0
host_sync 3800000

ktap_validator "battery voltage_now/current_now/temp follow the host's injection (4012345 uV -> $vseen, 750000 uA -> $iseen, 35 C -> $tseen); VBUS 5 V -> $von mV on the ADC, the charger charging with it (CRM: 532 mA, 4.2 V) and off without; lowbph interrupt $before -> $after; red LED 20 reaches the model"
ktap_finish
