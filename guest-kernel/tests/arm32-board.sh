#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 30
# arch: arm
#
# The 32-bit guest (-M presilicon -cpu cortex-a15, docs/board.md): the
# kernel runs in AArch32 on the CPU the board's device tree names, with
# the architected timer as its clocksource, the GICv3 as its interrupt
# controller and every CPU of the device tree brought up through PSCI
# (32-bit function IDs). Pin control is in the kernel (debugfs), and the
# armhf user space runs: libgpiod's gpiodetect finds the board's PL061s.
. /tests/lib/ktap.sh

ktap_begin arm32-board 7

m=$(uname -m)
[ "$m" = armv7l ]
ktap_result $? uname-armv7l "uname -m says '$m'"

# CPU part 0xc0f: a Cortex-A15, as the cpu nodes' compatible says.
compat=$(tr '\0' '\n' </proc/device-tree/cpus/cpu@0/compatible | head -1)
part=$(sed -n 's/^CPU part[[:space:]]*: //p' /proc/cpuinfo | head -1)
ktap_diag "cpu: $compat, part $part"
[ "$compat" = arm,cortex-a15 ] && [ "$part" = 0xc0f ]
ktap_result $? cpu-cortex-a15 "compatible '$compat', CPU part '$part'"

cs=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)
[ "$cs" = arch_sys_counter ]
ktap_result $? arch-timer "clocksource '$cs'"

grep -q 'GICv3' /proc/interrupts
ktap_result $? gicv3 "no GICv3 interrupt in /proc/interrupts"

want=$(ls -d /proc/device-tree/cpus/cpu@* | wc -l)
have=$(grep -c '^processor' /proc/cpuinfo)
ktap_diag "cpus: $have online of $want in the device tree"
[ "$have" = "$want" ]
ktap_result $? psci-smp "$have CPUs online, the device tree has $want"

[ -d /sys/kernel/debug/pinctrl ]
ktap_result $? pinctrl-debugfs "no /sys/kernel/debug/pinctrl"

chips=$(gpiodetect 2>&1)
ktap_diag "$chips"
echo "$chips" | grep -q '\[9010000\.gpio\] (8 lines)'
ktap_result $? gpiodetect-pl061 "gpiodetect does not list the PL061 at 0x9010000"

# For make run's report: the board's first PL061 and what this test saw.
dev=
[ ! -e /sys/bus/amba/drivers/pl061_gpio/9010000.gpio ] || dev=9010000.gpio
ktap_probe_report pl061_gpio "$dev"
ktap_validator "$m on $compat, clocksource $cs, GICv3, $have of $want CPUs up by PSCI; gpiodetect (armhf libgpiod): $(echo "$chips" | grep -c gpiochip) chips"

ktap_finish
