/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX eMMC/SD host (MIO_EMM, PCI 177d:a010): CSRs in BAR0,
 * MSI-X vectors in BAR4. Offsets and field names are those of Linux's
 * drivers/mmc/host/cavium.h with ThunderX's register offsets (EMM CSRs at
 * 0x2000, DMA CSRs at 0x160) and the MIO_EMM chapter of the ThunderX
 * hardware reference (field names in upper case).
 */
#ifndef HW_BLOCK_THUNDERX_MMC_REGS_H
#define HW_BLOCK_THUNDERX_MMC_REGS_H

#include "hw/registerfields.h"

/* BAR0 decodes the two CSR blocks below; the chip's BAR0 is 8 MiB. */
#define TXMMC_BAR0_SIZE         0x4000
#define TXMMC_MSIX_BAR          4
#define TXMMC_MAX_SLOTS         4       /* BUS_ID is two bits */
#define TXMMC_BUF_SIZE          512     /* each of the two data buffers */
#define TXMMC_BUF_WORDS         (TXMMC_BUF_SIZE / 8)    /* BUF_IDX[OFFSET] */
#define TXMMC_BLOCK_SIZE        512     /* external DMA works in blocks */
#define TXMMC_FIFO_DEPTH        16      /* scatter-gather FIFO entries */

/* DMA engine CSRs. */
REG64(MIO_EMM_DMA_FIFO_CFG, 0x160)
    FIELD(MIO_EMM_DMA_FIFO_CFG, COUNT, 0, 5)    /* RO: entries queued */
    FIELD(MIO_EMM_DMA_FIFO_CFG, INT_LVL, 8, 5)
    FIELD(MIO_EMM_DMA_FIFO_CFG, CLR, 16, 1)     /* 1: FIFO cleared, off */
REG64(MIO_EMM_DMA_FIFO_ADR, 0x170)
    FIELD(MIO_EMM_DMA_FIFO_ADR, ADR, 3, 46)     /* 8-byte aligned IOVA */
REG64(MIO_EMM_DMA_FIFO_CMD, 0x178)              /* write: push an entry */
    FIELD(MIO_EMM_DMA_FIFO_CMD, SIZE, 36, 20)   /* 64-bit words, minus 1 */
    FIELD(MIO_EMM_DMA_FIFO_CMD, ENDIAN, 56, 1)
    FIELD(MIO_EMM_DMA_FIFO_CMD, SWAP8, 57, 1)
    FIELD(MIO_EMM_DMA_FIFO_CMD, SWAP16, 58, 1)
    FIELD(MIO_EMM_DMA_FIFO_CMD, SWAP32, 59, 1)
    FIELD(MIO_EMM_DMA_FIFO_CMD, INTDIS, 60, 1)  /* no DMA_INT[DONE] after it */
    FIELD(MIO_EMM_DMA_FIFO_CMD, RW, 62, 1)
REG64(MIO_EMM_DMA_CFG, 0x180)
    FIELD(MIO_EMM_DMA_CFG, SIZE, 36, 20)        /* 64-bit words, minus 1 */
    FIELD(MIO_EMM_DMA_CFG, ENDIAN, 56, 1)       /* 1: little-endian */
    FIELD(MIO_EMM_DMA_CFG, SWAP8, 57, 1)
    FIELD(MIO_EMM_DMA_CFG, SWAP16, 58, 1)
    FIELD(MIO_EMM_DMA_CFG, SWAP32, 59, 1)
    FIELD(MIO_EMM_DMA_CFG, CLR, 61, 1)          /* abort the engine */
    FIELD(MIO_EMM_DMA_CFG, RW, 62, 1)           /* 1: memory to card */
    FIELD(MIO_EMM_DMA_CFG, EN, 63, 1)
REG64(MIO_EMM_DMA_ADR, 0x188)
    FIELD(MIO_EMM_DMA_ADR, ADR, 0, 49)
REG64(MIO_EMM_DMA_INT, 0x190)                   /* W1C */
    FIELD(MIO_EMM_DMA_INT, DONE, 0, 1)          /* a FIFO entry finished */
    FIELD(MIO_EMM_DMA_INT, FIFO, 1, 1)          /* FIFO fell to INT_LVL */
REG64(MIO_EMM_DMA_INT_W1S, 0x198)
REG64(MIO_EMM_DMA_INT_ENA_W1S, 0x1a0)
REG64(MIO_EMM_DMA_INT_ENA_W1C, 0x1a8)

/* eMMC bus CSRs. */
REG64(MIO_EMM_CFG, 0x2000)
    FIELD(MIO_EMM_CFG, BUS_ENA, 0, 4)           /* all clear: reset */
REG64(MIO_EMM_MODE0, 0x2008)                    /* RO, one per bus, +8 */
REG64(MIO_EMM_SWITCH, 0x2048)
    FIELD(MIO_EMM_SWITCH, CLK_LO, 0, 16)
    FIELD(MIO_EMM_SWITCH, CLK_HI, 16, 16)
    FIELD(MIO_EMM_SWITCH, POWER_CLASS, 32, 4)
    FIELD(MIO_EMM_SWITCH, BUS_WIDTH, 40, 3)
    FIELD(MIO_EMM_SWITCH, HS_TIMING, 48, 1)
    FIELD(MIO_EMM_SWITCH, ERR2, 56, 1)
    FIELD(MIO_EMM_SWITCH, ERR1, 57, 1)
    FIELD(MIO_EMM_SWITCH, ERR0, 58, 1)
    FIELD(MIO_EMM_SWITCH, EXE, 59, 1)           /* send CMD6 (eMMC) */
    FIELD(MIO_EMM_SWITCH, BUS_ID, 60, 2)
REG64(MIO_EMM_DMA, 0x2050)
    FIELD(MIO_EMM_DMA, CARD_ADDR, 0, 32)
    FIELD(MIO_EMM_DMA, BLOCK_CNT, 32, 16)
    FIELD(MIO_EMM_DMA, MULTI, 48, 1)            /* CMD23 + CMD18/25 */
    FIELD(MIO_EMM_DMA, RW, 49, 1)               /* 1: write the card */
    FIELD(MIO_EMM_DMA, REL_WR, 50, 1)
    FIELD(MIO_EMM_DMA, THRES, 51, 6)
    FIELD(MIO_EMM_DMA, DAT_NULL, 57, 1)         /* no card commands */
    FIELD(MIO_EMM_DMA, SECTOR, 58, 1)           /* CARD_ADDR in blocks */
    FIELD(MIO_EMM_DMA, VAL, 59, 1)
    FIELD(MIO_EMM_DMA, BUS_ID, 60, 2)
    FIELD(MIO_EMM_DMA, SKIP_BUSY, 62, 1)
REG64(MIO_EMM_CMD, 0x2058)
    FIELD(MIO_EMM_CMD, ARG, 0, 32)
    FIELD(MIO_EMM_CMD, IDX, 32, 6)
    FIELD(MIO_EMM_CMD, RTYPE_XOR, 38, 3)
    FIELD(MIO_EMM_CMD, CTYPE_XOR, 41, 2)
    FIELD(MIO_EMM_CMD, OFFSET, 49, 6)           /* transfer 64 - OFFSET words */
    FIELD(MIO_EMM_CMD, DBUF, 55, 1)
    FIELD(MIO_EMM_CMD, VAL, 59, 1)
    FIELD(MIO_EMM_CMD, BUS_ID, 60, 2)
    FIELD(MIO_EMM_CMD, SKIP_BUSY, 62, 1)
REG64(MIO_EMM_RSP_STS, 0x2060)                  /* RO */
    FIELD(MIO_EMM_RSP_STS, CMD_DONE, 0, 1)
    FIELD(MIO_EMM_RSP_STS, CMD_IDX, 1, 6)
    FIELD(MIO_EMM_RSP_STS, CMD_TYPE, 7, 2)
    FIELD(MIO_EMM_RSP_STS, RSP_TYPE, 9, 3)
    FIELD(MIO_EMM_RSP_STS, RSP_VAL, 12, 1)
    FIELD(MIO_EMM_RSP_STS, RSP_BAD_STS, 13, 1)
    FIELD(MIO_EMM_RSP_STS, RSP_CRC_ERR, 14, 1)
    FIELD(MIO_EMM_RSP_STS, RSP_TIMEOUT, 15, 1)
    FIELD(MIO_EMM_RSP_STS, STP_VAL, 16, 1)
    FIELD(MIO_EMM_RSP_STS, STP_BAD_STS, 17, 1)
    FIELD(MIO_EMM_RSP_STS, STP_CRC_ERR, 18, 1)
    FIELD(MIO_EMM_RSP_STS, STP_TIMEOUT, 19, 1)
    FIELD(MIO_EMM_RSP_STS, RSP_BUSYBIT, 20, 1)
    FIELD(MIO_EMM_RSP_STS, BLK_CRC_ERR, 21, 1)
    FIELD(MIO_EMM_RSP_STS, BLK_TIMEOUT, 22, 1)
    FIELD(MIO_EMM_RSP_STS, DBUF, 23, 1)
    FIELD(MIO_EMM_RSP_STS, DBUF_ERR, 28, 1)
    FIELD(MIO_EMM_RSP_STS, DMA_PEND, 56, 1)
    FIELD(MIO_EMM_RSP_STS, DMA_VAL, 57, 1)
    FIELD(MIO_EMM_RSP_STS, SWITCH_VAL, 58, 1)
    FIELD(MIO_EMM_RSP_STS, CMD_VAL, 59, 1)
    FIELD(MIO_EMM_RSP_STS, BUS_ID, 60, 2)
REG64(MIO_EMM_RSP_LO, 0x2068)                   /* RO */
    /* A 48-bit response: end bit, CRC7, 32 bits, command index. */
    FIELD(MIO_EMM_RSP_LO, END, 0, 1)
    FIELD(MIO_EMM_RSP_LO, CRC7, 1, 7)
    FIELD(MIO_EMM_RSP_LO, ARG, 8, 32)
    FIELD(MIO_EMM_RSP_LO, IDX, 40, 6)
REG64(MIO_EMM_RSP_HI, 0x2070)                   /* RO */
REG64(MIO_EMM_INT, 0x2078)                      /* W1C */
    FIELD(MIO_EMM_INT, BUF_DONE, 0, 1)
    FIELD(MIO_EMM_INT, CMD_DONE, 1, 1)
    FIELD(MIO_EMM_INT, DMA_DONE, 2, 1)
    FIELD(MIO_EMM_INT, CMD_ERR, 3, 1)
    FIELD(MIO_EMM_INT, DMA_ERR, 4, 1)
    FIELD(MIO_EMM_INT, SWITCH_DONE, 5, 1)
    FIELD(MIO_EMM_INT, SWITCH_ERR, 6, 1)
REG64(MIO_EMM_INT_W1S, 0x2080)
REG64(MIO_EMM_WDOG, 0x2088)
    FIELD(MIO_EMM_WDOG, CLK_CNT, 0, 26)
REG64(MIO_EMM_SAMPLE, 0x2090)
    FIELD(MIO_EMM_SAMPLE, DAT_CNT, 0, 10)
    FIELD(MIO_EMM_SAMPLE, CMD_CNT, 16, 10)
REG64(MIO_EMM_STS_MASK, 0x2098)                 /* R1 bits that are errors */
    FIELD(MIO_EMM_STS_MASK, STS_MSK, 0, 32)
REG64(MIO_EMM_RCA, 0x20a0)
    FIELD(MIO_EMM_RCA, CARD_RCA, 0, 16)
REG64(MIO_EMM_INT_ENA_W1S, 0x20b0)
REG64(MIO_EMM_INT_ENA_W1C, 0x20b8)
REG64(MIO_EMM_BUF_IDX, 0x20e0)
    FIELD(MIO_EMM_BUF_IDX, OFFSET, 0, 6)
    FIELD(MIO_EMM_BUF_IDX, BUF_NUM, 6, 1)
    FIELD(MIO_EMM_BUF_IDX, INC, 16, 1)
REG64(MIO_EMM_BUF_DAT, 0x20e8)

/* Every MIO_EMM_INT bit, and the DMA_INT bits. */
#define TXMMC_INT_ALL           0x7fULL
#define TXMMC_DMA_INT_ALL       0x3ULL

/* Reset values. */
#define TXMMC_STS_MASK_RESET    0xe4390080ULL
#define TXMMC_RCA_RESET         1

/* MSI-X vectors (MIO_EMM_INT_VEC_E): one per MIO_EMM_INT bit, then DMA. */
#define TXMMC_VEC_INT(bit)      (bit)           /* MIO_EMM_INT bit n */
#define TXMMC_VEC_DMA_FIFO      7               /* MIO_EMM_DMA_INT[FIFO] */
#define TXMMC_VEC_DMA_DONE      8               /* MIO_EMM_DMA_INT[DONE] */
#define TXMMC_NUM_VECTORS       9

/* Command types (CTYPE) and response types (RTYPE) of MIO_EMM_CMD. */
enum {
    TXMMC_CTYPE_NONE = 0,
    TXMMC_CTYPE_READ = 1,
    TXMMC_CTYPE_WRITE = 2,
};
enum {
    TXMMC_RTYPE_NONE = 0,
    TXMMC_RTYPE_R1 = 1,
    TXMMC_RTYPE_R2 = 2,
    TXMMC_RTYPE_R3 = 3,
    TXMMC_RTYPE_R4 = 4,
    TXMMC_RTYPE_R5 = 5,
};

#endif
