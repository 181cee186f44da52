/*
 * Broadcom FlexRM ring manager: per-ring registers and the descriptor
 * formats (Linux drivers/mailbox/bcm-flexrm-mailbox.c), shared by the
 * model and its qtest.
 *
 * Each ring has a 64 KiB register window; a ring exists where RING_VER
 * reads RING_VER_MAGIC. Software owns a BD (buffer descriptor) ring of
 * 4 KiB tables chained by next-pointer descriptors and a completion ring;
 * the hardware polls the BD ring for a valid header, runs the request on
 * the engine behind the rings, writes one completion descriptor and
 * signals the ring's MSI.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_MISC_BCM_FLEXRM_REGS_H
#define HW_MISC_BCM_FLEXRM_REGS_H

#include "hw/registerfields.h"

#define FLEXRM_RING_SIZE        0x10000
#define FLEXRM_RING_VER_MAGIC   0x76303031      /* "v001" */
#define FLEXRM_DESC_SIZE        8
/* A BD table is 4 KiB; RING_BD_READ_PTR indexes the current one. */
#define FLEXRM_BD_TABLE_SHIFT   12
#define FLEXRM_BD_TABLE_DESCS   (1 << (FLEXRM_BD_TABLE_SHIFT - 3))
/* The completion ring: 1024 descriptors, 8 KiB aligned. */
#define FLEXRM_CMPL_SHIFT       13
#define FLEXRM_CMPL_DESCS       1024

REG32(RING_VER, 0x000)
REG32(RING_BD_START_ADDR, 0x004)
    FIELD(RING_BD_START_ADDR, ADDR, 0, 28)          /* address >> 12 */
    FIELD(RING_BD_START_ADDR, LAST_UPDATE_HW, 28, 1)
REG32(RING_BD_READ_PTR, 0x008)
REG32(RING_BD_WRITE_PTR, 0x00c)
REG32(RING_BD_READ_PTR_DDR_LS, 0x010)
REG32(RING_BD_READ_PTR_DDR_MS, 0x014)
REG32(RING_CMPL_START_ADDR, 0x018)
    FIELD(RING_CMPL_START_ADDR, ADDR, 0, 27)        /* address >> 13 */
REG32(RING_CMPL_WRITE_PTR, 0x01c)
REG32(RING_NUM_REQ_RECV_LS, 0x020)
REG32(RING_NUM_REQ_RECV_MS, 0x024)
REG32(RING_NUM_REQ_TRANS_LS, 0x028)
REG32(RING_NUM_REQ_TRANS_MS, 0x02c)
REG32(RING_NUM_REQ_OUTSTAND, 0x030)
REG32(RING_CONTROL, 0x034)
    FIELD(RING_CONTROL, RATE, 0, 4)
    FIELD(RING_CONTROL, ACTIVE, 4, 1)
    FIELD(RING_CONTROL, FLUSH, 5, 1)
    FIELD(RING_CONTROL, MASK_DISABLE, 12, 1)
REG32(RING_FLUSH_DONE, 0x038)
    FIELD(RING_FLUSH_DONE, DONE, 0, 1)
REG32(RING_MSI_ADDR_LS, 0x03c)
REG32(RING_MSI_ADDR_MS, 0x040)
REG32(RING_MSI_CONTROL, 0x048)
    FIELD(RING_MSI_CONTROL, COUNT, 0, 10)
    FIELD(RING_MSI_CONTROL, ENABLE, 15, 1)
    FIELD(RING_MSI_CONTROL, TIMER, 16, 16)
REG32(RING_BD_READ_PTR_DDR_CONTROL, 0x04c)
REG32(RING_MSI_DATA_VALUE, 0x064)

#define FLEXRM_RING_REGS        (0x068 / 4)

/* RING_CONTROL.RATE: how often an idle ring is polled. */
#define FLEXRM_RATE_DYNAMIC     0x0
#define FLEXRM_RATE_FAST        0x8
#define FLEXRM_RATE_MEDIUM      0x9
#define FLEXRM_RATE_SLOW        0xa
#define FLEXRM_RATE_IDLE        0xb

/* Descriptors: 64 bits, the type in the top four. */
#define FLEXRM_DESC_TYPE(d)     ((unsigned)((d) >> 60))
#define FLEXRM_DESC_TOGGLE(d)   ((unsigned)((d) >> 58) & 1)
#define FLEXRM_DESC_ADDR(d)     ((d) & 0x00000fffffffffffULL)
#define FLEXRM_DESC_LEN(d)      ((unsigned)((d) >> 44) & 0xffff)
#define FLEXRM_DESC_IMM(d)      ((d) & 0x0fffffffffffffffULL)

enum {
    FLEXRM_NULL = 0,        /* toggle */
    FLEXRM_HEADER = 1,      /* toggle, start/end of packet, BD count, id */
    FLEXRM_SRC = 2,
    FLEXRM_DST = 3,
    FLEXRM_IMM = 4,
    FLEXRM_NPTR = 5,        /* toggle, the next table's address */
    FLEXRM_MSRC = 6,        /* length in 16-byte units */
    FLEXRM_MDST = 7,
    FLEXRM_SRCT = 8,        /* ... with tlast: the last of a command */
    FLEXRM_DSTT = 9,
    FLEXRM_IMMT = 10,
};

#define FLEXRM_HDR_ENDPKT(d)    ((unsigned)((d) >> 57) & 1)
#define FLEXRM_HDR_STARTPKT(d)  ((unsigned)((d) >> 56) & 1)
#define FLEXRM_HDR_BDCOUNT(d)   ((unsigned)((d) >> 36) & 0x1f)
#define FLEXRM_HDR_OPAQUE(d)    ((unsigned)(d) & 0xffff)

/* Completion descriptor: request id, engine, DME and RM status. */
#define FLEXRM_CMPL(opaque, engine, dme, rm) \
    ((uint64_t)(opaque) | (uint64_t)(engine) << 16 | \
     (uint64_t)(dme) << 32 | (uint64_t)(rm) << 48)
#define FLEXRM_DME_MEM_UCOR_ERR     (1u << 1)
#define FLEXRM_DME_FIFO_UNDERFLOW   (1u << 2)
#define FLEXRM_DME_FIFO_OVERFLOW    (1u << 3)
#define FLEXRM_DME_RRESP_ERR        (1u << 4)
#define FLEXRM_DME_BRESP_ERR        (1u << 5)
#define FLEXRM_RM_AE_TIMEOUT        0x3ff

#endif
