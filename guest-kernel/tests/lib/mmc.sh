# SPDX-License-Identifier: GPL-2.0-or-later
#
# The SD/MMC validator (DEVICES.md), shared by the SD/MMC host tests
# (sourced after ktap.sh: . /tests/lib/mmc.sh). A test names its host by a
# piece of its device path and its card's drive (`# drive: sd N SIZE` in
# its header; the board puts -drive if=sd,index=N in SD slot N), then:
#
#	host=$(mmc_host_for 10020000.sdhci)
#	mmc_wait_card "$host" 10 && card=$(mmc_card "$host")
#	mmc_check_enumerated "$card" 64         # 1 subtest: mmcblkN, 64 MiB
#	mmc_check_filesystem "$card"            # 1 subtest: ext2 round trip
#	mmc_check_removal "$host" sd0           # 2 subtests: errors, recovery
#	mmc_check_mmc_test "$card"              # MMC_TEST_CASES subtests
#
# Each check prints its KTAP subtests and `mmc_test` leaves its tally in
# MMC_TEST_TALLY for the bring-up report.

# The number of cases of the 6.12 mmc_test driver (its testlist).
MMC_TEST_CASES=52
MMC_TEST_TALLY=
# The throughput benchmarks among the cases: each moves its data once per
# transfer size (4 MiB for 30, 31, 35, 36; 128 MiB for 37-44, over a GiB
# per case) or runs 20 s of guest time per size (33, 34). They pass or fail
# like the others, but under TCG they would take most of an hour per host;
# presilicon.mmc_test=all on the kernel command line runs them too.
MMC_TEST_BENCH="30 31 33 34 35 36 37 38 39 40 41 42 43 44"
# A host test may name cases its driver cannot pass in the board's set-up
# whatever the hardware does, as "N:reason" words joined by '|', e.g.
# MMC_TEST_DRIVER_LIMITS="13:why". They are reported as SKIP with the
# reason and counted apart in the tally, so they stay visible.
MMC_TEST_DRIVER_LIMITS=${MMC_TEST_DRIVER_LIMITS:-}
# presilicon.quick=1 (`make run`'s bring-up report) runs the cases that
# move data through the host's every path (basic, multi-block, aligned
# and misaligned, short transfers, highmem, reset) and skips the rest and
# the card removal, saying that `make check` runs them.
MMC_TEST_QUICK="1 2 3 4 5 6 11 12 15 16 17 18 19 20 21 22 45"

# The host (mmcN) whose device path contains $1, or nothing.
mmc_host_for() {  # device-path-part
	for h in /sys/class/mmc_host/mmc*; do
		[ -e "$h" ] || continue
		case "$(readlink -f "$h/device")" in
		*"$1"*) echo "${h##*/}"; return 0 ;;
		esac
	done
	return 1
}

# The card (mmcN:RCA) on host $1, or nothing.
mmc_card() {  # host
	for c in /sys/class/mmc_host/"$1"/"$1":*; do
		[ -e "$c" ] && { echo "${c##*/}"; return 0; }
	done
	return 1
}

# Wait up to $2 seconds for a card on host $1 to appear (or, with
# mmc_wait_gone, to disappear); the core finds it by interrupt or poll.
mmc_wait_card() {  # host seconds
	i=0
	while [ $i -lt $(($2 * 10)) ]; do
		mmc_card "$1" >/dev/null && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

mmc_wait_gone() {  # host seconds
	i=0
	while [ $i -lt $(($2 * 10)) ]; do
		mmc_card "$1" >/dev/null || return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# The block device (mmcblkN) of card $1, waiting up to 5 s for mmcblk.
mmc_blockdev() {  # card
	i=0
	while [ $i -lt 50 ]; do
		for b in /sys/bus/mmc/devices/"$1"/block/mmcblk*; do
			[ -e "$b" ] && [ -b "/dev/${b##*/}" ] &&
				{ echo "${b##*/}"; return 0; }
		done
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# The card enumerated as mmcblkN with the drive's size (MiB).
mmc_check_enumerated() {  # card mib
	blk=$(mmc_blockdev "$1")
	if [ -z "$blk" ]; then
		ktap_fail "card enumerates as mmcblkN" "no block device for card '$1'"
		return
	fi
	sectors=$(cat "/sys/block/$blk/size")
	ktap_diag "card: $1 $(cat "/sys/bus/mmc/devices/$1/type") $(cat "/sys/bus/mmc/devices/$1/name") as $blk, $((sectors / 2048)) MiB"
	[ "$sectors" = $(($2 * 2048)) ]
	ktap_result $? "card enumerates as mmcblkN" \
		"$blk has $sectors sectors, the drive $(($2 * 2048))"
}

# ext2 (8 MiB of the card: busybox mke2fs writes much of what it spans)
# made, filled with random files, unmounted, mounted again and read
# back with the same checksums (the second mount reads from the card: the
# page cache is dropped in between).
mmc_check_filesystem() {  # card
	blk=$(mmc_blockdev "$1")
	mnt=/tmp/mmc-fs
	mkdir -p $mnt
	rc=1
	if [ -n "$blk" ] && mke2fs -q -N 256 "/dev/$blk" 8192 >/tmp/mmc-fs.log 2>&1 &&
		mount -t ext2 "/dev/$blk" $mnt 2>>/tmp/mmc-fs.log; then
		mkdir -p $mnt/d
		for n in 1 2 3 4 5 6 7 8; do
			dd if=/dev/urandom of=$mnt/d/f$n bs=1k count=$((n * 29)) 2>/dev/null
		done
		dd if=/dev/urandom of=$mnt/big bs=64k count=16 2>/dev/null
		(cd $mnt && sha256sum d/* big) >/tmp/mmc-fs.sum
		umount $mnt
		echo 3 >/proc/sys/vm/drop_caches
		if mount -t ext2 "/dev/$blk" $mnt 2>>/tmp/mmc-fs.log; then
			(cd $mnt && sha256sum -c -s /tmp/mmc-fs.sum) && rc=0
			umount $mnt
		fi
	fi
	[ $rc = 0 ] || ktap_diag "$(cat /tmp/mmc-fs.log 2>/dev/null)"
	ktap_result $rc "ext2 written, remounted and read back" \
		"checksums differ or the filesystem did not mount"
}

# Card removal in the middle of I/O: reads fail, the card goes; put back,
# it enumerates again and its data reads back.
mmc_check_removal() {  # host drive
	if ktap_quick; then
		ktap_skip "card removed mid-I/O: reads fail and the card goes" \
			"presilicon.quick=1; make check runs it"
		ktap_skip "card reinserted: it enumerates and its data reads back" \
			"presilicon.quick=1; make check runs it"
		return
	fi
	card=$(mmc_card "$1")
	blk=$(mmc_blockdev "$card")
	rc=1
	if [ -n "$blk" ]; then
		dd if=/dev/urandom of=/tmp/mmc-pattern bs=64k count=16 2>/dev/null
		dd if=/tmp/mmc-pattern of="/dev/$blk" bs=64k conv=fsync 2>/dev/null
		# Reads that go to the card (no page cache), until they fail.
		(while timeout 30 dd if="/dev/$blk" of=/dev/null bs=64k \
			count=64 iflag=direct 2>/dev/null; do :; done
		 echo done >/tmp/mmc-reader) &
		reader=$!
		sleep 0.2
		ktap_host "eject $2"
		if mmc_wait_gone "$1" 10; then
			i=0
			while [ ! -e /tmp/mmc-reader ] && [ $i -lt 100 ]; do
				sleep 0.1
				i=$((i + 1))
			done
			[ -e /tmp/mmc-reader ] && rc=0
		fi
		kill -9 $reader 2>/dev/null
	fi
	ktap_result $rc "card removed mid-I/O: reads fail and the card goes" \
		"the card stayed or the reads went on"
	rc=1
	ktap_host "insert $2"
	if mmc_wait_card "$1" 10; then
		card=$(mmc_card "$1")
		blk=$(mmc_blockdev "$card")
		[ -n "$blk" ] &&
			timeout 30 dd if="/dev/$blk" bs=64k count=16 iflag=direct \
				2>/dev/null | cmp -s - /tmp/mmc-pattern && rc=0
	fi
	ktap_result $rc "card reinserted: it enumerates and its data reads back" \
		"no card, or its data differ"
	rm -f /tmp/mmc-reader
}

# The kernel's mmc_test on card $1: the card moves from mmcblk to mmc_test
# and every case runs on its own (`echo N > test`); the debugfs `test`
# file gives its result: 0 passed, 1 failed, 2 not supported by the host,
# 3 not supported by the card (a SKIP saying which); none when its prepare
# stage failed. The card goes back to mmcblk at the end.
mmc_check_mmc_test() {  # card
	host=${1%%:*}
	d=/sys/kernel/debug/$host/$1
	pass=0 fail=0 skip=0 limits=0 quick_n=0
	echo "$1" >/sys/bus/mmc/drivers/mmcblk/unbind 2>/dev/null
	echo "$1" >/sys/bus/mmc/drivers/mmc_test/bind 2>/dev/null
	if [ ! -e "$d/testlist" ]; then
		ktap_diag "mmc_test did not bind to $1"
		n=0
		while [ $n -lt $MMC_TEST_CASES ]; do
			n=$((n + 1))
			ktap_fail "mmc_test $n"
		done
		fail=$MMC_TEST_CASES
	else
		sed -n 's/^\([0-9][0-9]*\):\t\(.*\)$/\1 \2/p' "$d/testlist" |
			grep -v '^0 ' >/tmp/mmc-testlist
		all=$(sed -n 's/.*presilicon\.mmc_test=\([^ ]*\).*/\1/p' /proc/cmdline)
		quick=
		ktap_quick && quick=1
		have=$(wc -l </tmp/mmc-testlist)
		[ "$have" = $MMC_TEST_CASES ] ||
			ktap_diag "mmc_test lists $have cases, this check knows $MMC_TEST_CASES"
		# Shell matching only in the loop: a process per case costs
		# tens of milliseconds in a TCG guest.
		lims="|$MMC_TEST_DRIVER_LIMITS|"
		quick_n=0
		while read -r n name; do
			case "$lims" in
			*"|$n:"*)
				limit=${lims#*|$n:}
				ktap_skip "mmc_test $n $name" "driver limitation: ${limit%%|*}"
				skip=$((skip + 1))
				limits=$((limits + 1))
				continue ;;
			esac
			if [ -n "$quick" ]; then
				case " $MMC_TEST_QUICK " in
				*" $n "*) ;;
				*) ktap_skip "mmc_test $n $name" "presilicon.quick=1; make check runs it"
				   quick_n=$((quick_n + 1))
				   continue ;;
				esac
			fi
			case " $MMC_TEST_BENCH " in
			*" $n "*)
				if [ "$all" != all ]; then
					ktap_skip "mmc_test $n $name" "throughput benchmark; presilicon.mmc_test=all runs it"
					skip=$((skip + 1))
					continue
				fi ;;
			esac
			read -r t0 _ </proc/uptime
			echo $n >"$d/test"
			r=$(sed -n "s/^Test $n: \\(-*[0-9]*\\)$/\\1/p" "$d/test")
			read -r t1 _ </proc/uptime
			took=$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')
			case "$r" in
			0) ktap_pass "mmc_test $n $name (${took}s)"; pass=$((pass + 1)) ;;
			2) ktap_skip "mmc_test $n $name" "not supported by the host"
			   skip=$((skip + 1)) ;;
			3) ktap_skip "mmc_test $n $name" "not supported by the card"
			   skip=$((skip + 1)) ;;
			*) ktap_fail "mmc_test $n $name" "result '${r:-none}'; kernel log:
$(dmesg | grep -F "$host: " | tail -n 8)"
			   fail=$((fail + 1)) ;;
			esac
		done </tmp/mmc-testlist
	fi
	echo "$1" >/sys/bus/mmc/drivers/mmc_test/unbind 2>/dev/null
	echo "$1" >/sys/bus/mmc/drivers/mmcblk/bind 2>/dev/null
	MMC_TEST_TALLY="mmc_test $pass passed, $fail failed, $skip not supported"
	[ $limits = 0 ] || MMC_TEST_TALLY="$MMC_TEST_TALLY ($limits by a driver limitation)"
	[ $quick_n = 0 ] || MMC_TEST_TALLY="$MMC_TEST_TALLY, $quick_n left to make check"
	ktap_diag "$MMC_TEST_TALLY"
}
