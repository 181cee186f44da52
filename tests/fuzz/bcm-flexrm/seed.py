#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seed.py DIR: write the bcm-flexrm fuzz target's seed inputs into DIR
# (named by their SHA-1, as libFuzzer names inputs). In generic-fuzz's
# input format (tests/qtest/fuzz/generic_fuzz.c: commands split by "FUZZ",
# the first byte of each picks the op) each starts ring 0 as
# flexrm_startup() does (BD table, completion ring and MSI in RAM) and
# reads RING_BD_READ_PTR, which makes the ring poll. The descriptors and
# data are DMA patterns, handed out in the order the model reads them:
# a memcpy request (header, LOAD_BUFFER with its source, WRITE_BUFFER
# with response and output) in one seed, P+Q over two blocks in the
# other. Random mutations alone would hardly build a valid header.
import hashlib
import os
import struct
import sys

OP_READ, OP_WRITE, OP_ADD_DMA_PATTERN = 2, 3, 7
LONG = 2
RAM = 0x40000000
BD, CMPL, MSI, DATA = RAM, RAM + 0x10000, RAM + 0x20000, RAM + 0x30000


def write(off, val):
    # struct { u8 size; u8 base; (2 bytes padding) u32 offset; u64 value; }
    return bytes([OP_WRITE]) + struct.pack("<BBxxIQ", LONG, 0, off, val)


def read(off):
    return bytes([OP_READ]) + struct.pack("<BBxxI", LONG, 0, off)


def pattern(data):
    return bytes([OP_ADD_DMA_PATTERN, 0, 0]) + data


def d(v):
    return struct.pack("<Q", v)


def header(bdcount, opaque):
    # HEADER, toggle 1 (valid on the first table), start and end of packet
    return d(1 << 60 | 1 << 58 | 1 << 57 | 1 << 56 | bdcount << 36 | opaque)


def desc(t, addr, length=0):
    return d(t << 60 | length << 44 | addr)


def cmd(typ, length, op, mdata=0, resp=0):
    return (typ << 48 | length << 32 | (mdata >> 8) << 18 | resp << 16 |
            (mdata & 0xff) << 8 | op)


IMM, IMMT, SRCT, DST, DSTT = 4, 10, 8, 3, 9
L = 64
start = [
    write(0x34, 0),                     # RING_CONTROL: inactive
    write(0x04, BD >> 12),              # RING_BD_START_ADDR
    read(0x0c),                         # RING_BD_WRITE_PTR
    write(0x18, CMPL >> 13),            # RING_CMPL_START_ADDR
    read(0x1c),                         # RING_CMPL_WRITE_PTR
    write(0x3c, MSI),                   # RING_MSI_ADDR_LS
    write(0x40, 0),                     # RING_MSI_ADDR_MS
    write(0x64, 0x1234),                # RING_MSI_DATA_VALUE
    write(0x48, 0xffff << 16 | 1 << 15 | 1),    # RING_MSI_CONTROL
    write(0x34, 1 << 4),                # RING_CONTROL: active
]
memcpy = [
    pattern(header(5, 7)),
    pattern(desc(IMM, cmd(2, L, 0x9))),             # LOAD_BUFFER b0
    pattern(desc(SRCT, DATA, L)),
    pattern(bytes(range(L))),
    pattern(desc(DST, DATA + 0x1000, 8)),           # response
    pattern(desc(DSTT, DATA + 0x2000, L)),          # output
    pattern(desc(IMMT, cmd(0, L, 0xc, 0, 1))),      # WRITE_BUFFER b0
    pattern(d(0)),                                  # NULL, invalid toggle
]
pq = [
    pattern(header(12, 9)),
    pattern(desc(IMMT, cmd(0, L, 0x8))),            # ZERO_ALL_BUFFERS
    pattern(desc(IMM, cmd(2, L, 0xb, 1 << 2 | 0 << 5))),   # GALOIS_XOR g^0
    pattern(desc(SRCT, DATA, L)),
    pattern(bytes(range(L))),
    pattern(desc(IMM, cmd(2, L, 0xb, 1 << 2 | 1 << 5))),   # GALOIS_XOR g^1
    pattern(desc(SRCT, DATA + 0x100, L)),
    pattern(bytes(range(3, L + 3))),
    pattern(desc(DST, DATA + 0x1000, 8)),
    pattern(desc(DSTT, DATA + 0x2000, L)),
    pattern(desc(IMMT, cmd(0, L, 0xc, 0, 1))),      # P from b0
    pattern(desc(DST, DATA + 0x1000, 8)),
    pattern(desc(DSTT, DATA + 0x3000, L)),
    pattern(desc(IMMT, cmd(0, L, 0xc, 1, 1))),      # Q from b1
    pattern(d(0)),
]
tail = [
    read(0x08),                         # RING_BD_READ_PTR: the ring polls
    read(0x1c),                         # RING_CMPL_WRITE_PTR: MSI re-armed
    read(0x20),                         # RING_NUM_REQ_RECV_LS
    read(0x28),                         # RING_NUM_REQ_TRANS_LS
    write(0x34, 1 << 5),                # RING_CONTROL: flush
    read(0x38),                         # RING_FLUSH_DONE
]
os.makedirs(sys.argv[1], exist_ok=True)
for body in (memcpy, pq):
    cmds = start + body + tail
    for c in cmds:
        assert b"FUZZ" not in c
    seed = b"FUZZ".join(cmds)
    name = hashlib.sha1(seed).hexdigest()
    with open(os.path.join(sys.argv[1], name), "wb") as f:
        f.write(seed)
    print(name, len(seed))
