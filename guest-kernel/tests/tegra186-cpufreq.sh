#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 60
#
# NVIDIA Tegra186 cpufreq (drivers/cpufreq/tegra186-cpufreq.c) over the
# BPMP (drivers/firmware/tegra/) and the HSP doorbells
# (drivers/mailbox/tegra-hsp.c): the HSP and BPMP drivers bind, the BPMP
# driver's handshake, ping and tag query reach presilicon's firmware
# (firmware/bpmp/) and its clock provider lists the firmware's clocks.
# The cpufreq driver's tables come from the firmware's MRQ_CPU_VHINT
# (the A57 cluster for CPU 0, Denver for CPU 1), and a frequency set with
# the userspace governor reaches the cluster's EDVD register, which the
# host reads over QMP. Last, the BPMP pings the CPU on its own channel
# (13) and Linux's MRQ_PING handler answers.
. /tests/lib/ktap.sh

HSP_DRV=/sys/bus/platform/drivers/tegra-hsp
BPMP_DRV=/sys/bus/platform/drivers/tegra-bpmp
CCPLEX=/machine/tegra186-ccplex-cluster
BPMP=/machine/tegra186-bpmp
# The firmware's tables (firmware/bpmp/bpmp.c), as Linux lists them (kHz).
A57_FREQS="345600 460800 576000 691200 806400 921600 1036800 1152000 1267200 1382400 1497600 1612800 1728000 1843200"
DENVER_FREQS="345600 537600 729600 921600 1075200 1228800 1382400 1536000 1651200 1766400 1843200 1920000 1958400 1996800 2035200"
A57_SET=1036800
DENVER_SET=1228800

ktap_begin tegra186-cpufreq 13

hsp=$(ktap_bound_device "$HSP_DRV")
[ -n "$hsp" ]
ktap_result $? hsp-bound "no device bound to $HSP_DRV"

bpmp=$(ktap_bound_device "$BPMP_DRV")
ktap_probe_report tegra-bpmp "$bpmp"
tag=$(dmesg | sed -n 's/.*tegra-bpmp [^:]*: firmware: //p' | head -n 1)
ktap_diag "firmware tag: $tag"
[ -n "$bpmp" ] && [ -n "$tag" ]
ktap_result $? bpmp-bound "no device bound to $BPMP_DRV, or no firmware tag in the log"
if [ -z "$bpmp" ]; then
	dmesg | grep -i -e bpmp -e hsp -e tegra | while read -r l; do ktap_diag "dmesg: $l"; done
fi

# The clock provider registered the firmware's clocks (MRQ_CLK), with
# the rates the firmware gives.
grep -qs debugfs /proc/mounts || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
rate=$(cat /sys/kernel/debug/clk/pll_p/clk_rate 2>/dev/null)
ktap_diag "pll_p: ${rate:-absent}"
[ "$rate" = 408000000 ]
ktap_result $? bpmp-clocks "pll_p's rate is '${rate:-absent}', expected 408000000"

cpu0=/sys/devices/system/cpu/cpu0/cpufreq
cpu1=/sys/devices/system/cpu/cpu1/cpufreq
drv=$(cat $cpu0/scaling_driver 2>/dev/null)
[ "$drv" = tegra186 ]
ktap_result $? cpufreq-driver "cpu0's scaling_driver is '${drv:-none}'"

a57=$(cat $cpu0/scaling_available_frequencies 2>/dev/null | sed 's/ *$//')
den=$(cat $cpu1/scaling_available_frequencies 2>/dev/null | sed 's/ *$//')
ktap_diag "cpu0 (A57): $a57"
ktap_diag "cpu1 (Denver): $den"
[ "$a57" = "$A57_FREQS" ]
ktap_result $? a57-table "cpu0 lists '$a57', the firmware's table gives '$A57_FREQS'"
# CPU 1 is the first Denver core; a one-CPU boot (the ASan suite's) has
# none to ask.
if [ -d /sys/devices/system/cpu/cpu1 ]; then
	[ "$den" = "$DENVER_FREQS" ]
	ktap_result $? denver-table "cpu1 lists '$den', the firmware's table gives '$DENVER_FREQS'"
else
	ktap_skip denver-table "one CPU: no Denver core"
fi

# The performance governor runs the core at its cluster's highest rate.
echo performance >$cpu0/scaling_governor 2>/dev/null
ktap_host_expect $CCPLEX a57-core0-khz "${A57_FREQS##* }"

# The userspace governor sets KHZ on a CPU: the driver reads it back from
# the cluster's register, and the host sees the core run at it.
set_rate() {  # cpufreq-dir subtest khz cluster-core
	echo userspace >$1/scaling_governor 2>/dev/null &&
		echo $3 >$1/scaling_setspeed 2>/dev/null
	cur=$(cat $1/cpuinfo_cur_freq 2>/dev/null)
	[ "$cur" = $3 ]
	ktap_result $? $2 "${1%/cpufreq} reads $cur kHz after setting $3"
	ktap_host_expect $CCPLEX $4-khz $3
}
set_rate $cpu0 a57-set $A57_SET a57-core0
if [ -d /sys/devices/system/cpu/cpu1 ]; then
	set_rate $cpu1 denver-set $DENVER_SET denver-core0
else
	ktap_skip denver-set "one CPU: no Denver core"
	ktap_skip denver-cluster "one CPU: no Denver core"
fi

# The BPMP's request channel: it pings the CPU, Linux answers 2 x 21.
ktap_host "qmp {\"execute\": \"qom-set\", \"arguments\": {\"path\": \"$BPMP\", \"property\": \"ping-cpu\", \"value\": 21}}"
ktap_host_expect $BPMP cpu-ping-reply 42

# Back to the boot's governor for the tests after this one.
for c in $cpu0 $cpu1; do
	[ -d "$c" ] && echo performance >$c/scaling_governor 2>/dev/null
done

# Nothing in the set's drivers complained on the way, nor warned (a
# missing chip ID makes tegra_is_silicon() WARN).
bad=$(dmesg | grep -i -e bpmp -e hsp -e tegra -e 'cpufreq' -e 'sram' |
	grep -i -e warn -e fail -e error -e 'not yet available')
echo "$bad" | while read -r l; do [ -z "$l" ] || ktap_diag "dmesg: $l"; done
[ -z "$bad" ]
ktap_result $? no-complaints "the kernel log has warnings or errors from the set's drivers"

rates="A57 $(echo $a57 | wc -w) and Denver $(echo $den | wc -w) rates"
[ -d /sys/devices/system/cpu/cpu1 ] || rates="A57 $(echo $a57 | wc -w) rates (one CPU: no Denver core)"
ktap_validator "bpmp firmware '$tag'; $rates; $A57_SET kHz on cpu0 reached the cluster"
ktap_finish
