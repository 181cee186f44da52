/*
 * Broadcom SBA (stream buffer accelerator) RAID engine: the command set
 * of Linux drivers/dma/bcm-sba-raid.c, on the engine's internal buffers.
 * Pure C, no QEMU headers: the FlexRM model feeds it, the unit test
 * drives it directly.
 *
 * A command is one 64-bit word. Type A commands work on the buffers
 * alone; type B (and C) commands take a source stream of the command's
 * length. WRITE_BUFFER hands a buffer out to the destination the ring
 * gave the command.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_MISC_BCM_SBA_ENGINE_H
#define HW_MISC_BCM_SBA_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* SBA v2 ("brcm,iproc-sba-v2"): four 4 KiB buffers, 30 coefficients. */
#define SBA_NUM_BUFS        4
#define SBA_BUF_SIZE        4096
#define SBA_MAX_COEFS       30

/* Command word fields. */
#define SBA_CMD_TYPE(c)     ((unsigned)((c) >> 48) & 0x3)
#define SBA_CMD_LEN(c)      ((unsigned)((c) >> 32) & 0xffff)
#define SBA_CMD_RESP(c)     ((unsigned)((c) >> 16) & 0x1)
#define SBA_CMD_OP(c)       ((unsigned)(c) & 0xf)
/* c_mdata: 8 bits at 8 and 2 more at 18. */
#define SBA_CMD_MDATA(c)    ((unsigned)(((c) >> 8) & 0xff) | \
                             (unsigned)(((c) >> 18) & 0x3) << 8)
#define SBA_MDATA_B0(m)     ((m) & 0x3)
#define SBA_MDATA_B1(m)     (((m) >> 2) & 0x3)
#define SBA_MDATA_DNUM(m)   (((m) >> 5) & 0x1f)

#define SBA_TYPE_A          0x0
#define SBA_TYPE_B          0x2
#define SBA_TYPE_C          0x3

#define SBA_OP_ZERO_BUFFER      0x4
#define SBA_OP_ZERO_ALL_BUFFERS 0x8
#define SBA_OP_LOAD_BUFFER      0x9
#define SBA_OP_XOR              0xa
#define SBA_OP_GALOIS_XOR       0xb
#define SBA_OP_WRITE_BUFFER     0xc
#define SBA_OP_GALOIS           0xe

typedef enum SbaStatus {
    SBA_OK = 0,
    SBA_ERR_OPCODE,         /* no such command, or a reserved type */
    SBA_ERR_LENGTH,         /* zero, or more than a buffer */
    SBA_ERR_TYPE,           /* the opcode needs the other type */
    SBA_ERR_COEF,           /* a coefficient index the engine lacks */
    SBA_ERR_SOURCE,         /* a source stream not of the command's length */
} SbaStatus;

typedef struct SbaEngine {
    uint8_t buf[SBA_NUM_BUFS][SBA_BUF_SIZE];
} SbaEngine;

/* Whether the command reads a source stream (type B or C). */
bool sba_cmd_has_source(uint64_t cmd);

/*
 * Run one command. src/src_len: its source stream (type B/C). For
 * WRITE_BUFFER, *out points at the buffer to write out and *out_len is
 * the command's length; otherwise *out is NULL.
 */
SbaStatus sba_engine_exec(SbaEngine *e, uint64_t cmd, const uint8_t *src,
                          size_t src_len, const uint8_t **out,
                          size_t *out_len);

/* Multiplication in GF(2^8) over 0x11d, and g^n for g = 2 (raid6's). */
uint8_t sba_gf_mul(uint8_t a, uint8_t b);
uint8_t sba_gf_exp(unsigned n);

const char *sba_status_name(SbaStatus st);

#endif
