# SPDX-License-Identifier: GPL-2.0-or-later
# Shared steps of the tests and benchmarks that run md RAID on the
# FlexRM's SBA (bcm-flexrm.sh, bench/raid-throughput.sh). Sourced after
# ktap.sh.

# The async_tx and md RAID4/5/6 modules the kernel ships with the test
# modules (raid6_pq, which bcm-sba-raid needs too, first), in dependency
# order; the insmod messages go to $1. Non-zero when one did not load.
raid_load_stack() {  # log
	rc=0
	for m in raid6_pq xor-neon xor async_tx async_memcpy async_xor async_pq \
			async_raid6_recov libcrc32c md-mod raid456; do
		[ -e /tests/modules/$m.ko ] || [ $m != libcrc32c ] || continue
		grep -q "^$(echo $m | tr - _) " /proc/modules && continue
		insmod /tests/modules/$m.ko >>"$1" 2>&1 || rc=1
	done
	return $rc
}

# "submitted completed": the requests the FlexRM driver counts on all
# rings of the mailbox device $1 (debugfs), "0 0" without it.
flexrm_ring_stats() {  # device
	awk '$1 ~ /^[0-9]+$/ { s += $5; c += $6 } END { print s + 0, c + 0 }' \
		/sys/kernel/debug/${1:-none}/stats 2>/dev/null || echo "0 0"
}

# md's check of array $1 (both syndromes of every stripe recomputed by the
# CPU and compared), waited for up to $2 tenths of a second; prints
# mismatch_cnt, and succeeds when the check ended with none.
md_check() {  # md tenths
	echo check >/sys/block/$1/md/sync_action
	i=0
	while [ "$(cat /sys/block/$1/md/sync_action)" != idle ] && [ $i -lt $2 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	mm=$(cat /sys/block/$1/md/mismatch_cnt)
	echo "$mm"
	[ "$(cat /sys/block/$1/md/sync_action)" = idle ] && [ "$mm" = 0 ]
}
