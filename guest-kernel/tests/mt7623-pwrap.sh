#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 60
#
# MediaTek MT7623 PMIC wrapper with the MT6323 PMIC behind it
# (drivers/soc/mediatek/mtk-pmic-wrap.c, drivers/mfd/mt6397-core.c,
# drivers/leds/leds-mt6323.c): the wrapper driver runs its whole init
# sequence on the model (SPI slave reset, SIDLY scan, dual I/O, cipher,
# read/write tests, INIT_DONE) and populates the PMIC, whose MFD core
# reads the chip id and registers its interrupt controller; the LED
# driver registers ISINK0-3. Every brightness level written to isink1
# reads back through the driver (brightness_get goes over the wrapper to
# the PMIC's registers); the timer trigger blinks isink0 in hardware
# (period and duty in ISINK0_CON0/1). The host then reads the LEDs' state
# from the model over QMP (ktap_host_expect): isink1 lit at level 3,
# isink0 blinking with a 1000 ms period at 25% duty, isink2 dark. The
# wrapper's error interrupt never fires.
. /tests/lib/ktap.sh

DRV=/sys/bus/platform/drivers/mt-pmic-pwrap
PMIC=/machine/mt7623-pwrap/pmic
LEDS=/sys/class/leds
ktap_begin mt7623-pwrap 13

dev=$(ktap_bound_device "$DRV")
ktap_probe_report mt-pmic-pwrap "$dev"
[ -n "$dev" ]
ktap_result $? "wrapper bound" "no device bound to $DRV ($(dmesg | grep -i pwrap | tail -3))"

[ -n "$(ls /sys/bus/platform/drivers/mt6397/ 2>/dev/null | grep pmic)" ] &&
	grep -q mt6397-pmic /proc/interrupts
ktap_result $? "PMIC core bound, its interrupt requested" \
	"mt6397 driver: '$(ls /sys/bus/platform/drivers/mt6397/ 2>&1)'"

n=0
for i in 0 1 2 3; do
	[ "$(cat "$LEDS/mt6323:isink$i/max_brightness" 2>/dev/null)" = 6 ] && n=$((n + 1))
done
[ $n = 4 ]
ktap_result $? "four ISINK LEDs, six levels each" "$n of mt6323:isink0-3 with max_brightness 6"

L1=$LEDS/mt6323:isink1
bad=
for v in 1 2 3 4 5 6 0 3; do
	echo $v >"$L1/brightness" 2>/dev/null
	got=$(cat "$L1/brightness" 2>/dev/null)
	[ "$got" = $v ] || bad="$bad $v->${got:-error}"
done
[ -z "$bad" ]
ktap_result $? "isink1 levels 1-6, off, 3 read back from the PMIC" "written->read:$bad"

L0=$LEDS/mt6323:isink0
echo timer >"$L0/trigger" 2>/dev/null
grep -q '\[timer\]' "$L0/trigger" 2>/dev/null &&
	[ "$(cat "$L0/delay_on")" = 500 ] && [ "$(cat "$L0/delay_off")" = 500 ]
ktap_result $? "isink0 blinks in hardware (timer, 500/500 ms)" \
	"trigger '$(cat "$L0/trigger" 2>&1)', delays $(cat "$L0/delay_on" 2>&1)/$(cat "$L0/delay_off" 2>&1)"
echo 250 >"$L0/delay_on" 2>/dev/null
echo 750 >"$L0/delay_off" 2>/dev/null
[ "$(cat "$L0/delay_on")" = 250 ] && [ "$(cat "$L0/delay_off")" = 750 ] &&
	[ "$(cat "$L0/brightness")" != 0 ]
ktap_result $? "isink0 blink 250/750 ms" \
	"delays $(cat "$L0/delay_on" 2>&1)/$(cat "$L0/delay_off" 2>&1), brightness $(cat "$L0/brightness" 2>&1)"

# The wrapper's error interrupt: the driver says "unexpected interrupt".
errs=$(awk '/mt-pmic-pwrap/ { n = 0; for (i = 2; i <= NF; i++)
	if ($i ~ /^[0-9]+$/) n += $i; else break; print n }' /proc/interrupts)
[ "${errs:-x}" = 0 ]
ktap_result $? "no wrapper error interrupt" "mt-pmic-pwrap interrupts: '${errs:-not requested}'"

# What the model holds, read by the host over QMP.
ktap_host_expect $PMIC led1-brightness 3
ktap_host_expect $PMIC led1-blinking false
ktap_host_expect $PMIC led0-blinking true
ktap_host_expect $PMIC led0-period-ms 1000
ktap_host_expect $PMIC led0-duty-pct 25
ktap_host_expect $PMIC led2-brightness 0
# Keep the state until the harness has read it (it answers within ms).
sleep 1

ktap_validator "isink1 levels 1-6 written and read back over the wrapper; isink0 timer 250/750 ms; model over QMP: see below"
ktap_finish
