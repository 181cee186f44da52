#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seed.py DIR: write the caam fuzz target's seed inputs into DIR (named by
# their SHA-1, as libFuzzer names inputs), in generic-fuzz's input format
# (tests/qtest/fuzz/generic_fuzz.c: commands split by "FUZZ", the first
# byte of each picks the op). Each instantiates RNG4 through DECO 0 as
# ctrl.c does (MMIO only), sets job ring 0 up as jr.c does, adds one job
# (which runs it: the target sets job-ns=0). The job's reads are DMA
# patterns, handed out one per read in the order the model reads them
# (generic-fuzz refills a region read twice): the input ring entry, the
# job header, then the job again word by word from its header (then the
# shared descriptor's the same way, and the data). One seed generates
# RNG data (caamrng.c), one runs AES-CBC through a shared descriptor
# (caamalg.c's skcipher), one AES-GCM as caamalg orders it (the IV before
# the OPERATION, the store before the load that feeds it), one HMAC-SHA256
# from a DKP split key (caamhash.c on Era 6 and later).
import hashlib
import os
import struct
import sys

OP_READ, OP_WRITE, OP_ADD_DMA_PATTERN = 2, 3, 7
LONG = 2
RAM = 0x40000000
IRING, ORING, DESC, SHDESC, SRC, DST = (RAM + 0x1000, RAM + 0x2000,
                                        RAM + 0x3000, RAM + 0x4000,
                                        RAM + 0x5000, RAM + 0x6000)
JR0 = 0x1000


def write(off, val):
    # struct { u8 size; u8 base; (2 bytes padding) u32 offset; u64 value; }
    return bytes([OP_WRITE]) + struct.pack("<BBxxIQ", LONG, 0, off, val)


def read(off):
    return bytes([OP_READ]) + struct.pack("<BBxxI", LONG, 0, off)


def pattern(data):
    return bytes([OP_ADD_DMA_PATTERN, 0, 0]) + data


def cmd(c):
    return c << 27


def hdr(c, words, opts=0):
    return cmd(c) | 1 << 23 | opts | (len(words) + 1)


def ptr(p):
    return [p & 0xffffffff, p >> 32]


RNG_OP = cmd(0x10) | 2 << 24 | 0x50 << 16
inst = [RNG_OP | 1 << 2 | 1 << 1,                 # instantiate SH0, PR
        cmd(0x14) | 1 << 25 | 1,                  # JUMP: wait for class 1
        cmd(0x02) | 1 << 23 | 0x08 << 16 | 4, 1,  # LOAD 1 to clear-written
        RNG_OP | 0x100 << 4,                      # secure keys
        cmd(0x14) | 1 << 25 | 2 << 22]            # HALT
inst = [hdr(0x16, inst)] + inst
start = [write(0x9c, 1)]                          # DECORR: ask for DECO 0
start += [write(0x8a00 + 4 * i, w) for i, w in enumerate(inst)]
start += [write(0x8800, 1 << 29 | 1 << 28),       # CxJRR: run it
          write(0x9c, 0),
          read(0x6c0),                            # RDSTA
          write(JR0 + 0x00, IRING), write(JR0 + 0x04, 0),
          write(JR0 + 0x20, ORING), write(JR0 + 0x24, 0),
          write(JR0 + 0x0c, 4), write(JR0 + 0x2c, 4),
          write(JR0 + 0x54, 2 | 2 << 8 | 50 << 16)]   # coalescing


def desc_patterns(words):
    # The header alone, then every word (the model fetches word by word).
    return [pattern(struct.pack("<I", w)) for w in [words[0]] + words]


def job_patterns(words):
    return [pattern(struct.pack("<Q", DESC))] + desc_patterns(words)


rng = [RNG_OP | 1 << 1, cmd(0x0c) | 0x34 << 16 | 32] + ptr(DST)
rng = [hdr(0x16, rng)] + rng

key = [0x16157e2b, 0xa6d2ae28, 0x8815f7ab, 0x3c4fcf09]
sh = [cmd(0x00) | 1 << 25 | 1 << 23 | 16] + key + [
    cmd(0x03) | 1 << 25 | 0x20 << 16 | 16,       # SEQ LOAD IV
    cmd(0x10) | 2 << 24 | 0x10 << 16 | 0x10 << 4 | 3 << 2 | 1,
    cmd(0x15) | 2 << 20 | 8 << 16 | 0xb << 8 | 4,
    cmd(0x15) | 2 << 20 | 8 << 16 | 0xa << 8 | 4,
    cmd(0x05) | 1 << 25 | 1 << 24 | 0x12 << 16,  # SEQ FIFO LOAD, VLF
    cmd(0x0d) | 1 << 24 | 0x30 << 16,            # SEQ FIFO STORE, VLF
    cmd(0x0b) | 1 << 25 | 0x20 << 16 | 16]       # SEQ STORE the IV
sh = [hdr(0x17, sh, 1 << 16)] + sh
cbc = ptr(SHDESC) + [cmd(0x1f) | 48] + ptr(DST) + [cmd(0x1e) | 48] + ptr(SRC)
cbc = [hdr(0x16, cbc, 1 << 12 | 1 << 11)] + cbc
cbc_data = desc_patterns(sh) + [pattern(bytes(range(16))),
                               pattern(bytes(range(32, 64)))]

gcm = [cmd(0x1f) | 48] + ptr(DST) + [cmd(0x1e) | 32] + ptr(SRC) + [
    cmd(0x04) | 1 << 25 | 1 << 23 | 0x21 << 16 | 12,     # FIFO LOAD IV
    0xbebafeca, 0xdbacefa, 0x88f8cade,
    cmd(0x00) | 1 << 25 | 1 << 23 | 16] + key + [
    cmd(0x10) | 2 << 24 | 0x10 << 16 | 0x90 << 4 | 3 << 2 | 1,
    cmd(0x05) | 1 << 25 | 0x31 << 16 | 16,               # AAD, FLUSH1
    cmd(0x0d) | 0x30 << 16 | 16,                         # store, waits
    cmd(0x05) | 1 << 25 | 0x12 << 16 | 16,               # MSG, LAST1
    cmd(0x0b) | 1 << 25 | 0x20 << 16 | 16]               # the tag
gcm = [hdr(0x16, gcm)] + gcm
gcm_data = [pattern(bytes(range(16))), pattern(bytes(range(16, 32)))]

dkp = [cmd(0x1f) | 32] + ptr(DST) + [cmd(0x1e) | 20] + ptr(SRC) + [
    cmd(0x10) | 0x23 << 16 | 4, 0x6566654a] + [0] * 15 + [  # DKP "Jefe"
    cmd(0x10) | 4 << 24 | 0x43 << 16 | 0x04 << 4 | 3 << 2 | 1,
    cmd(0x05) | 2 << 25 | 0x14 << 16 | 20,               # MSG, LAST2
    cmd(0x0b) | 2 << 25 | 0x20 << 16 | 32]
dkp = [hdr(0x16, dkp)] + dkp
dkp_data = [pattern(b"what do ya want for ")]

tail = [write(JR0 + 0x1c, 1),                     # IRJA: the job runs
        read(JR0 + 0x4c),                         # JRINT
        read(JR0 + 0x3c),                         # ORSF
        write(JR0 + 0x34, 1),                     # ORJR
        write(JR0 + 0x4c, 1)]
os.makedirs(sys.argv[1], exist_ok=True)
for body in (job_patterns(rng), job_patterns(cbc) + cbc_data,
             job_patterns(gcm) + gcm_data, job_patterns(dkp) + dkp_data):
    cmds = start + body + tail
    for c in cmds:
        assert b"FUZZ" not in c
    seed = b"FUZZ".join(cmds)
    name = hashlib.sha1(seed).hexdigest()
    with open(os.path.join(sys.argv[1], name), "wb") as f:
        f.write(seed)
    print(name, len(seed))
