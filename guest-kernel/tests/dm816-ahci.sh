#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# timeout: 180
# drive: ide 0 64M pattern
# drive: ide 1 16M pattern
#
# TI DM816 AHCI (drivers/ata/ahci_dm816.c): the upstream driver binds to
# the model and programs its PHY for the board's 100 MHz reference clock;
# libata brings up both SATA ports at 1.5 Gb/s and the disks behind them
# (64 MiB on port 0, 16 MiB on port 1, each sector "presilicon lba N ..."
# as the harness wrote it) enumerate as SCSI disks of those sizes. Their
# IDENTIFY data reads through hdparm; sectors read by dd (O_DIRECT, through
# the block layer) and by hdparm --read-sector (ATA pass-through) equal
# the images; a megabyte written by O_DIRECT reads back without touching
# its neighbours; and an ext2 filesystem round trip matches its checksums.
. /tests/lib/ktap.sh

DRV=/sys/bus/platform/drivers/ahci-dm816

ktap_begin dm816-ahci 9

dev=$(ktap_bound_device "$DRV")
ktap_probe_report ahci-dm816 "$dev"
[ -n "$dev" ]
ktap_result $? bound "no device bound to $DRV"

# The SCSI disk behind ATA port $1 (ata1 is the HBA's port 0), waited for.
disk_on() {  # ata-port
	i=0
	while [ $i -lt 100 ]; do
		for b in /sys/block/sd*; do
			[ -e "$b" ] || continue
			p=$(readlink -f "$b")
			# .../10050000.sata/ata1/host0/.../block/sda
			[ "${p#*/$dev/$1/}" != "$p" ] && echo "${b##*/}" && return 0
		done
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# Sector $1's "presilicon lba" text, as the harness wrote it, $2 sectors:
# 21 copies of the 24 characters and 8 more. One printf a sector: growing
# a string copy by copy took a second of the guest's CPU for 1 MiB.
pattern() {  # first-lba count
	awk -v first="$1" -v n="$2" 'BEGIN {
		for (s = first; s < first + n; s++) {
			t = sprintf("presilicon lba %08x ", s)
			printf "%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%.8s",
			    t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t
		} }'
}

# Hex bytes one space apart: hdparm prints the sector as 16-bit words,
# first byte first ("7072" for "pr"); od -tx1 prints bytes.
words() { tr -s ' \n' '  ' | sed 's/^ *//; s/ *$//'; }

sda=$(disk_on ata1)
sdb=$(disk_on ata2)
links=$(cat /sys/class/ata_link/link1/sata_spd /sys/class/ata_link/link2/sata_spd 2>/dev/null | tr '\n' ' ')
[ "$links" = "1.5 Gbps 1.5 Gbps " ]
ktap_result $? "links up" "port links: '${links:-none}'"

[ -n "$sda" ] && [ -n "$sdb" ] &&
	[ "$(cat /sys/block/$sda/size)" = 131072 ] &&
	[ "$(cat /sys/block/$sdb/size)" = 32768 ]
ktap_result $? "disks enumerated" \
	"port 0: '${sda:-none}' $(cat /sys/block/${sda:-none}/size 2>/dev/null), port 1: '${sdb:-none}' $(cat /sys/block/${sdb:-none}/size 2>/dev/null) sectors"
[ -n "$sda" ] || sda=none
[ -n "$sdb" ] || sdb=none

hdparm -I /dev/$sda >/tmp/ahci-id.txt 2>&1
grep -q "Model Number: *QEMU HARDDISK" /tmp/ahci-id.txt &&
	grep -q "LBA48  user addressable sectors: *131072" /tmp/ahci-id.txt
ktap_result $? identify "$(head -c 300 /tmp/ahci-id.txt)"

# Single sectors across each disk, and a 1 MiB run, by O_DIRECT.
bad=
nsec=0
for d in "$sda:0 1 255 4095 65535 131071" "$sdb:0 7 32767"; do
	blk=${d%%:*}
	for s in ${d#*:}; do
		got=$(dd if=/dev/$blk bs=512 skip=$s count=1 iflag=direct 2>/dev/null | sha256sum)
		[ "$got" = "$(pattern $s 1 | sha256sum)" ] || bad="$bad $blk:$s"
		nsec=$((nsec + 1))
	done
done
got=$(dd if=/dev/$sda bs=64k skip=160 count=16 iflag=direct 2>/dev/null | sha256sum)
[ "$got" = "$(pattern 20480 2048 | sha256sum)" ] || bad="$bad $sda:20480+2048"
nsec=$((nsec + 2048))
[ -z "$bad" ]
ktap_result $? "dd reads match the images" "sectors differ:$bad"

# The same sectors by ATA pass-through (READ SECTORS EXT from hdparm).
bad=
nh=0
for d in "$sda:0 4095 131071" "$sdb:7 32767"; do
	blk=${d%%:*}
	for s in ${d#*:}; do
		h=$(hdparm --read-sector $s /dev/$blk 2>/dev/null | grep -E '^[0-9a-f]{4} ' |
			sed 's/\([0-9a-f][0-9a-f]\)\([0-9a-f][0-9a-f]\)/\1 \2/g' | words)
		w=$(pattern $s 1 | od -An -tx1 -v | words)
		[ -n "$h" ] && [ "$h" = "$w" ] || bad="$bad $blk:$s"
		nh=$((nh + 1))
	done
done
[ -z "$bad" ]
ktap_result $? "hdparm reads match the images" "sectors differ:$bad"

# 1 MiB of random data at sector 9984 of port 1's disk, by O_DIRECT.
dd if=/dev/urandom of=/tmp/ahci-w.bin bs=64k count=16 2>/dev/null
at=9984
dd if=/tmp/ahci-w.bin of=/dev/$sdb bs=64k seek=$((at / 128)) count=16 oflag=direct 2>/dev/null
got=$(dd if=/dev/$sdb bs=64k skip=$((at / 128)) count=16 iflag=direct 2>/dev/null | sha256sum)
before=$(dd if=/dev/$sdb bs=512 skip=$((at - 1)) count=1 iflag=direct 2>/dev/null | sha256sum)
after=$(dd if=/dev/$sdb bs=512 skip=$((at + 2048)) count=1 iflag=direct 2>/dev/null | sha256sum)
[ "$got" = "$(sha256sum </tmp/ahci-w.bin)" ] &&
	[ "$before" = "$(pattern $((at - 1)) 1 | sha256sum)" ] &&
	[ "$after" = "$(pattern $((at + 2048)) 1 | sha256sum)" ]
ktap_result $? "write reads back" "sector $at: written $(sha256sum </tmp/ahci-w.bin | head -c 16), read ${got%% *}"

# ext2 on port 0's disk: files written, unmounted, caches dropped, read.
mnt=/tmp/ahci-fs
mkdir -p $mnt
rc=1
if mke2fs -q -N 256 /dev/$sda 16384 >/tmp/ahci-fs.log 2>&1 &&
	mount -t ext2 /dev/$sda $mnt 2>>/tmp/ahci-fs.log; then
	mkdir -p $mnt/d
	for n in 1 2 3 4 5 6 7 8; do
		dd if=/dev/urandom of=$mnt/d/f$n bs=1k count=$((n * 37)) 2>/dev/null
	done
	dd if=/dev/urandom of=$mnt/big bs=64k count=64 2>/dev/null
	(cd $mnt && sha256sum d/* big) >/tmp/ahci-fs.sum
	umount $mnt
	echo 3 >/proc/sys/vm/drop_caches
	if mount -t ext2 /dev/$sda $mnt 2>>/tmp/ahci-fs.log; then
		(cd $mnt && sha256sum -c -s /tmp/ahci-fs.sum) && rc=0
		umount $mnt
	fi
fi
[ $rc = 0 ]
ktap_result $rc "ext2 round trip" "$(tail -n 3 /tmp/ahci-fs.log)"

# libata saw no error on either port.
errs=$(dmesg | grep -E 'ata[12](\.00)?: .*(error|failed|exception)' | head -n 3)
[ -z "$errs" ]
ktap_result $? "no ATA errors" "$errs"

ktap_validator "2 disks at ${links%% Gbps*} Gb/s; $nsec sectors by dd and $nh by hdparm match the images; 1 MiB written back; ext2 round trip"
ktap_finish
