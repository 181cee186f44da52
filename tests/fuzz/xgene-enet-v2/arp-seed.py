#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# arp-seed.py DIR: write the xgene-enet-v2 fuzz target's seed input into
# DIR (named by its SHA-1, as libFuzzer names inputs). In generic-fuzz's
# input format (tests/qtest/fuzz/generic_fuzz.c: commands split by "FUZZ",
# the first byte of each picks the op) it brings the port up, gives the RX
# DMA an empty descriptor and sends one ARP request for 10.0.2.2 through
# the TX DMA; slirp (qemu-args) answers at once, into the RX descriptor.
# The descriptors and the frame are DMA patterns, handed out in the order
# the model reads them: TX descriptor, frame, RX descriptor, the second TX
# descriptor (empty: the chain ends). The random mutations alone would
# hardly build an ARP frame: slirp's parser is not instrumented.
import hashlib
import os
import struct
import sys

OP_READ, OP_WRITE, OP_ADD_DMA_PATTERN = 2, 3, 7
LONG = 2
RAM = 0x40000000


def write(off, val):
    # struct { u8 size; u8 base; (2 bytes padding) u32 offset; u64 value; }
    return bytes([OP_WRITE]) + struct.pack("<BBxxIQ", LONG, 0, off, val)


def read(off):
    return bytes([OP_READ]) + struct.pack("<BBxxI", LONG, 0, off)


def pattern(data):
    return bytes([OP_ADD_DMA_PATTERN, 0, 0]) + data


def desc(m0, m1, m2=0):
    return struct.pack("<QQQ", m0, m1, m2)


E = 1 << 63
mac = bytes([0x02, 0, 0, 0, 0, 0x01])
arp = (b"\xff" * 6 + mac + b"\x08\x06" +
       b"\x00\x01\x08\x00\x06\x04\x00\x01" + mac + bytes([10, 0, 2, 15]) +
       b"\x00" * 6 + bytes([10, 0, 2, 2]))
tx0, tx1, rx0, rx1 = RAM, RAM + 0x40, RAM + 0x1000, RAM + 0x1040
txbuf, rxbuf = RAM + 0x2000, RAM + 0x3000

cmds = [
    write(0xc008, 1),               # ENET_CLKEN
    write(0xd070, 0),               # CFG_MEM_RAM_SHUTDOWN: RAMs on
    write(0xa040, 0x00000002),      # STATION_ADDR0: 02:00:00:00
    write(0xa044, 0x01000000),      # STATION_ADDR1: :00:01
    write(0xa000, 0x5),             # MAC_CONFIG_1: TX_EN | RX_EN
    write(0xa198, 0x99),            # DMAINTRMASK: all four
    pattern(desc(txbuf | len(arp) << 32, tx1)),
    pattern(arp),
    pattern(desc(rxbuf | E, rx1)),
    pattern(desc(E, 0)),
    write(0xa190, rx0),             # DMARXDESCL
    write(0xa18c, 1),               # DMARXCTRL: START
    write(0xa184, tx0),             # DMATXDESCL
    write(0xa180, 1),               # DMATXCTRL: START (the BH sends)
    read(0xa188),                   # DMATXSTATUS
    read(0xa194),                   # DMARXSTATUS
    read(0xa19c),                   # DMAINTERRUPT
    write(0xa188, 1),               # one frame sent, acknowledged
    write(0xa194, 1),               # one frame received, acknowledged
    read(0xa0a0),                   # RPKT
    read(0xa0e4),                   # TPKT
]
for c in cmds:
    assert b"FUZZ" not in c
seed = b"FUZZ".join(cmds)
name = hashlib.sha1(seed).hexdigest()
os.makedirs(sys.argv[1], exist_ok=True)
with open(os.path.join(sys.argv[1], name), "wb") as f:
    f.write(seed)
print(name, len(seed))
