#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 30
#
# Elo Accutouch 2216 on the board's xHCI (drivers/hid/hid-accutouch.c,
# USB 04e7:0050): xhci-plat binds the xHCI, the USB core enumerates the
# touchscreen, usbhid parses its report descriptor and hid-accutouch
# binds to it, so the panel's button is BTN_TOUCH, not the BTN_LEFT
# hid-generic would make of it; ABS_X and ABS_Y span the panel's
# 0-4095. The host then touches the panel through QEMU's input layer
# (QMP input-send-event, absolute 0-0x7fff), moves the finger and lifts
# it: evdev delivers ABS_X/ABS_Y on the panel's scale (the model's x/y
# read over QMP while touched), BTN_TOUCH 1, the move, and BTN_TOUCH 0.
. /tests/lib/ktap.sh

DRV=/sys/bus/hid/drivers/hid-accutouch
MODEL=/machine/accutouch
# The host's touch points, and where they land on the panel:
# round(v * 4095 / 32767), as the model scales them.
X1=8192; Y1=24576; PX1=1024; PY1=3071
X2=20000; Y2=4000; PX2=2499; PY2=500
ktap_begin accutouch 9

# USB enumeration runs after the xHCI's probe: wait for the HID device.
dev=
i=0
while [ $i -lt 50 ]; do
	dev=$(ls "$DRV" 2>/dev/null | grep -m1 '^0003:04E7:0050')
	[ -n "$dev" ] && break
	sleep 0.1
	i=$((i + 1))
done
ktap_probe_report hid-accutouch "$dev"
[ -n "$dev" ]
ktap_result $? "hid-accutouch bound to 04e7:0050 on the xHCI" \
	"nothing bound to $DRV; USB devices: '$(cat /sys/bus/usb/devices/*/product 2>/dev/null | tr '\n' ,)'"

ev=$(ls -d "$DRV/$dev"/input/input*/event* 2>/dev/null | head -1)
ev=/dev/input/${ev##*/}
caps=$(/tests/bin/evread caps "$ev" 2>&1)
ktap_diag "$caps"
echo "$caps" | grep -qx "abs_x: 0 4095" && echo "$caps" | grep -qx "abs_y: 0 4095"
ktap_result $? "ABS_X and ABS_Y span the panel's 0-4095" "$ev: $caps"
echo "$caps" | grep -qx "btn_touch: 1" && echo "$caps" | grep -qx "btn_left: 0"
ktap_result $? "the panel's button is BTN_TOUCH (the driver's mapping), not BTN_LEFT" "$ev: $caps"

log=/tmp/accutouch-events
# The reader stops after 30 s without an event; the test kills it when
# done. (Its limit was 3 s, and three QMP round trips between the touch
# and the move took longer than that once, in the ASan boot on a busy
# machine: the move's events were lost.)
/tests/bin/evread events "$ev" 30000 >"$log" 2>&1 &
reader=$!
i=0
while [ $i -lt 50 ] && ! grep -q ready "$log"; do sleep 0.02; i=$((i + 1)); done

# Wait (bounded) for a line in the event log.
wait_event() {  # pattern: up to 5 s
	i=0
	while [ $i -lt 250 ]; do
		grep -q "$1" "$log" && return 0
		sleep 0.02
		i=$((i + 1))
	done
	return 1
}
host_touch() {  # x y down
	ktap_host "qmp {\"execute\":\"input-send-event\",\"arguments\":{\"events\":[{\"type\":\"abs\",\"data\":{\"axis\":\"x\",\"value\":$1}},{\"type\":\"abs\",\"data\":{\"axis\":\"y\",\"value\":$2}},{\"type\":\"btn\",\"data\":{\"button\":\"left\",\"down\":$3}}]}}"
}

host_touch $X1 $Y1 true
wait_event "BTN_TOUCH 1" &&
	grep -qx "EV_ABS ABS_X $PX1" "$log" && grep -qx "EV_ABS ABS_Y $PY1" "$log"
ktap_result $? "touch at ($X1, $Y1): ABS_X $PX1, ABS_Y $PY1, BTN_TOUCH 1" \
	"events: $(tr '\n' ' ' <"$log")"

# The host reads the model while the finger is still down.
ktap_host_expect $MODEL x $PX1
ktap_host_expect $MODEL y $PY1
ktap_host_expect $MODEL touch true

host_touch $X2 $Y2 true
wait_event "ABS_Y $PY2" && grep -qx "EV_ABS ABS_X $PX2" "$log"
ktap_result $? "move to ($X2, $Y2): ABS_X $PX2, ABS_Y $PY2" \
	"events: $(tr '\n' ' ' <"$log")"

host_touch $X2 $Y2 false
wait_event "BTN_TOUCH 0"
ktap_result $? "release: BTN_TOUCH 0" "events: $(tr '\n' ' ' <"$log")"
kill $reader 2>/dev/null
wait $reader 2>/dev/null

ktap_diag "events: $(grep -v -e ready -e SYN "$log" | tr '\n' ' ')"
ktap_validator "host touched ($X1,$Y1) -> ($X2,$Y2), lifted;" \
	"guest read ABS_X/ABS_Y $(grep -o 'ABS_[XY] [0-9]*' "$log" | awk '{print $2}' | tr '\n' '/' | sed 's/\/$//')," \
	"BTN_TOUCH $(grep -o 'BTN_TOUCH [01]' "$log" | awk '{print $2}' | tr '\n' ' ')"
ktap_finish
