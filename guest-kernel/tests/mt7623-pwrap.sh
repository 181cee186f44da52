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
# The PMIC's RTC (drivers/rtc/rtc-mt6397.c) binds and its time advances;
# hwclock -w sets it (the guest's clock put back afterwards) and the host
# reads the date back; an alarm set through wakealarm fires the RTC's
# interrupt through the PMIC's. The regulators (mt6323-regulator) are all
# in /sys/class/regulator with their voltages; the regulator core set
# VGP1 to its 3.3 V constraint and enabled it (always-on), which the host
# reads back from the model with VPROC on and VPA off.
. /tests/lib/ktap.sh

DRV=/sys/bus/platform/drivers/mt-pmic-pwrap
PMIC=/machine/mt7623-pwrap/pmic
LEDS=/sys/class/leds
ktap_begin mt7623-pwrap 24

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

# --- RTC ---
rtc=
for r in /sys/class/rtc/rtc*; do
	case "$(readlink "$r/device/driver" 2>/dev/null)" in
	*/mt6397-rtc) rtc=${r##*/} ;;
	esac
done
R=/sys/class/rtc/$rtc
[ -n "$rtc" ] && [ -c /dev/$rtc ]
ktap_result $? "rtc-mt6397 bound ($rtc)" "no RTC of mt6397-rtc: '$(ls /sys/class/rtc 2>&1)' $(dmesg | grep -i rtc | tail -2)"

t0=$(cat "$R/since_epoch" 2>/dev/null)
t1=$t0
i=0
while [ "${t1:-0}" = "${t0:-0}" ] && [ $i -lt 25 ]; do
	sleep 0.1
	t1=$(cat "$R/since_epoch" 2>/dev/null)
	i=$((i + 1))
done
[ -n "$t0" ] && [ "${t1:-0}" -gt "$t0" ]
ktap_result $? "the RTC's time advances" "since_epoch '$t0' then '$t1'"

saved=$(date +%s)
date -u -s "2031-05-06 07:08:09" >/dev/null &&
	hwclock -u -w -f /dev/$rtc 2>/dev/null
wrote=$?
got=$(cat "$R/date" 2>/dev/null)
since=$(cat "$R/since_epoch" 2>/dev/null)
date -u -s "@$((saved + 1))" >/dev/null
[ $wrote = 0 ] && [ "$got" = 2031-05-06 ] &&
	[ "${since:-0}" -ge 1935817689 ] && [ "${since:-0}" -le 1935817691 ]
ktap_result $? "hwclock -w sets the RTC (2031-05-06 07:08:09)" \
	"hwclock $wrote, date '$got', since_epoch '$since'"

irqs() {
	awk '/mt6397-rtc/ { n = 0; for (i = 2; i <= NF; i++)
		if ($i ~ /^[0-9]+$/) n += $i; else break; print n }' /proc/interrupts
}
# +2 s (the RTC counts whole seconds: it fires 1 to 2 s later), +3 in
# the sanitizer boot: on a loaded host its rtc-mt6397 took over a second
# to read the time and write the alarm over the wrapper, and the core
# refused an alarm already past (wakealarm stayed empty).
scale=$(sed -n 's/.*presilicon\.timeout_scale=\([0-9]*\).*/\1/p' /proc/cmdline)
ahead=2
[ "${scale:-1}" -gt 1 ] && ahead=3
n0=$(irqs)
echo +$ahead >"$R/wakealarm" 2>/dev/null
armed=$(cat "$R/wakealarm" 2>/dev/null)
i=0
while [ "$(irqs)" = "$n0" ] && [ $i -lt $((60 * ${scale:-1})) ]; do
	sleep 0.1
	i=$((i + 1))
done
n1=$(irqs)
[ -n "$armed" ] && [ "${n1:-0}" -gt "${n0:-0}" ] &&
	[ -z "$(cat "$R/wakealarm" 2>/dev/null)" ]
ktap_result $? "wakealarm +$ahead s fires the RTC interrupt" \
	"armed '$armed', mt6397-rtc interrupts '$n0' -> '$n1', wakealarm '$(cat "$R/wakealarm" 2>&1)'"

# --- regulators ---
want="vproc vsys vpa vtcxo vcn28 vcn33_bt vcn33_wifi va vcama vio28 vusb vmc vmch vemc3v3 vgp1 vgp2 vgp3 vcn18 vsim1 vsim2 vrtc vcamaf vibr vrf18 vm vio18 vcamd vcamio"
reg_dir() {  # shell builtins only: one pass over the regulators is quick
	for d in /sys/class/regulator/regulator.*; do
		read -r n <"$d/name" && [ "$n" = "$1" ] && echo "$d" && return
	done
}
i=0
while [ -z "$(reg_dir vcamio)" ] && [ $i -lt 20 ]; do
	sleep 0.1
	i=$((i + 1))
done
list=" "
for d in /sys/class/regulator/regulator.*; do
	read -r n <"$d/name" && read -r v <"$d/microvolts" && list="$list$n=$v "
done 2>/dev/null
missing=
for r in $want; do
	case "$list" in
	*" $r="[0-9]*) ;;
	*) missing="$missing $r" ;;
	esac
done
[ -z "$missing" ]
ktap_result $? "28 MT6323 regulators with their voltages" "missing:$missing"

vgp1=$(reg_dir vgp1)
vproc=$(reg_dir vproc)
vpa=$(reg_dir vpa)
[ "$(cat "$vgp1/microvolts")" = 3300000 ] && [ "$(cat "$vgp1/state")" = enabled ] &&
	[ "$(cat "$vgp1/status")" = on ] && [ "$(cat "$vproc/microvolts")" = 1150000 ] &&
	[ "$(cat "$vproc/status")" = on ] && [ "$(cat "$vpa/state")" = disabled ] &&
	[ "$(cat "$vpa/status")" = off ]
ktap_result $? "vgp1 3.3 V on, vproc 1.15 V on, vpa off (state and QI status)" \
	"vgp1 $(cat "$vgp1/microvolts" "$vgp1/state" "$vgp1/status" 2>&1 | tr '\n' ' ')vproc $(cat "$vproc/microvolts" "$vproc/status" 2>&1 | tr '\n' ' ')vpa $(cat "$vpa/state" "$vpa/status" 2>&1 | tr '\n' ' ')"

# What the model holds, read by the host over QMP.
ktap_host_expect $PMIC led1-brightness 3
ktap_host_expect $PMIC led1-blinking false
ktap_host_expect $PMIC led0-blinking true
ktap_host_expect $PMIC led0-period-ms 1000
ktap_host_expect $PMIC led0-duty-pct 25
ktap_host_expect $PMIC led2-brightness 0
ktap_host_expect $PMIC rtc-date '"2031-05-06"'
ktap_host_expect $PMIC vgp1-enabled true
ktap_host_expect $PMIC vgp1-microvolts 3300000
ktap_host_expect $PMIC vproc-enabled true
ktap_host_expect $PMIC vpa-enabled false

ktap_validator "isink1 levels 1-6 written and read back over the wrapper; isink0 timer 250/750 ms; rtc-mt6397: hwclock -w read back, wakealarm fired; 28 regulators, vgp1 set to 3.3 V; model over QMP: see below"
ktap_finish
