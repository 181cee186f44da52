/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Broadcom BCM2835 SDHOST registers, shared by the model and its qtest.
 * Names and bits as the Linux bcm2835 mmc driver (drivers/mmc/host/
 * bcm2835.c) uses them; Broadcom published no datasheet for this block.
 */
#ifndef HW_BLOCK_BCM2835_SDHOST_REGS_H
#define HW_BLOCK_BCM2835_SDHOST_REGS_H

#include "hw/registerfields.h"

/* The MMIO window of the BCM2835 device tree (0x7e202000, 0x100). */
#define BCM2835_SDHOST_MMIO_SIZE    0x100
/* The data FIFO, in 32-bit words. */
#define BCM2835_SDHOST_FIFO_WORDS   16
/* The largest block SDHBCT accepts (the driver's max_blk_size). */
#define BCM2835_SDHOST_MAX_BLKSZ    1024
/* SDHBLC is a 16-bit block count. */
#define BCM2835_SDHOST_MAX_BLOCKS   0xffff

/* SDCMD: command to the card; NEW starts it and reads 1 until done. */
REG32(SDCMD, 0x00)
    FIELD(SDCMD, CMD, 0, 6)          /* command index */
    FIELD(SDCMD, READ, 6, 1)         /* a data phase from the card */
    FIELD(SDCMD, WRITE, 7, 1)        /* a data phase to the card */
    FIELD(SDCMD, LONG_RESPONSE, 9, 1)    /* 136-bit response (R2) */
    FIELD(SDCMD, NO_RESPONSE, 10, 1)
    FIELD(SDCMD, BUSYWAIT, 11, 1)    /* R1b: BUSY_IRPT when the card is done */
    FIELD(SDCMD, FAIL, 14, 1)        /* the command failed (RO) */
    FIELD(SDCMD, NEW, 15, 1)         /* start; reads 1 while in progress */
#define BCM2835_SDHOST_SDCMD_RW_MASK \
    (R_SDCMD_CMD_MASK | R_SDCMD_READ_MASK | R_SDCMD_WRITE_MASK | \
     R_SDCMD_LONG_RESPONSE_MASK | R_SDCMD_NO_RESPONSE_MASK | \
     R_SDCMD_BUSYWAIT_MASK | R_SDCMD_NEW_MASK)

REG32(SDARG, 0x04)      /* command argument */
REG32(SDTOUT, 0x08)     /* data timeout, in SD clock cycles */
REG32(SDCDIV, 0x0c)     /* SD clock divider (core clock / (CDIV + 2)) */
    FIELD(SDCDIV, CDIV, 0, 11)
REG32(SDRSP0, 0x10)     /* response bits 31:0 (RO) */
REG32(SDRSP1, 0x14)     /* response bits 63:32 (RO) */
REG32(SDRSP2, 0x18)     /* response bits 95:64 (RO) */
REG32(SDRSP3, 0x1c)     /* response bits 127:96 (RO) */

/* SDHSTS: host status; write 1 to clear (DATA_FLAG is live). */
REG32(SDHSTS, 0x20)
    FIELD(SDHSTS, DATA_FLAG, 0, 1)   /* the FIFO wants service */
    FIELD(SDHSTS, FIFO_ERROR, 3, 1)
    FIELD(SDHSTS, CRC7_ERROR, 4, 1)
    FIELD(SDHSTS, CRC16_ERROR, 5, 1)
    FIELD(SDHSTS, CMD_TIME_OUT, 6, 1)
    FIELD(SDHSTS, REW_TIME_OUT, 7, 1)    /* read/erase/write timeout */
    FIELD(SDHSTS, SDIO_IRPT, 8, 1)
    FIELD(SDHSTS, BLOCK_IRPT, 9, 1)  /* a block crossed the card bus */
    FIELD(SDHSTS, BUSY_IRPT, 10, 1)  /* a BUSYWAIT command completed */
#define BCM2835_SDHOST_HSTS_DATA_ERRORS \
    (R_SDHSTS_FIFO_ERROR_MASK | R_SDHSTS_CRC16_ERROR_MASK | \
     R_SDHSTS_REW_TIME_OUT_MASK)
#define BCM2835_SDHOST_HSTS_W1C_MASK 0x7f9

/* SDVDD: card power. */
REG32(SDVDD, 0x30)
    FIELD(SDVDD, POWER_ON, 0, 1)

/* SDEDM: "emergency debug mode": state machine, FIFO level, thresholds. */
REG32(SDEDM, 0x34)
    FIELD(SDEDM, FSM, 0, 4)          /* data state machine (RO) */
    FIELD(SDEDM, FIFO_COUNT, 4, 5)   /* words in the FIFO (RO) */
    FIELD(SDEDM, WRITE_THRESHOLD, 9, 5)
    FIELD(SDEDM, READ_THRESHOLD, 14, 5)
    FIELD(SDEDM, FORCE_DATA_MODE, 19, 1) /* abort to DATAMODE (self-clears) */
    FIELD(SDEDM, CLOCK_PULSE, 20, 1)
    FIELD(SDEDM, BYPASS, 21, 1)
#define BCM2835_SDHOST_EDM_RW_MASK \
    (R_SDEDM_WRITE_THRESHOLD_MASK | R_SDEDM_READ_THRESHOLD_MASK | \
     R_SDEDM_CLOCK_PULSE_MASK | R_SDEDM_BYPASS_MASK)

/* SDEDM.FSM values. */
#define SDEDM_FSM_IDENTMODE     0x0
#define SDEDM_FSM_DATAMODE      0x1
#define SDEDM_FSM_READDATA      0x2
#define SDEDM_FSM_WRITEDATA     0x3
#define SDEDM_FSM_READWAIT      0x4     /* a read stalled on a full FIFO */
#define SDEDM_FSM_WRITECRC      0x6     /* a written block's CRC status due */
#define SDEDM_FSM_POWERDOWN     0x8
#define SDEDM_FSM_WRITESTART1   0xa     /* a write waiting for its block */

/* SDHCFG: host configuration and interrupt enables. */
REG32(SDHCFG, 0x38)
    FIELD(SDHCFG, REL_CMD_LINE, 0, 1)
    FIELD(SDHCFG, WIDE_INT_BUS, 1, 1)
    FIELD(SDHCFG, WIDE_EXT_BUS, 2, 1)    /* 4-bit card bus */
    FIELD(SDHCFG, SLOW_CARD, 3, 1)
    FIELD(SDHCFG, DATA_IRPT_EN, 4, 1)    /* interrupt on DATA_FLAG */
    FIELD(SDHCFG, SDIO_IRPT_EN, 5, 1)
    FIELD(SDHCFG, BLOCK_IRPT_EN, 8, 1)
    FIELD(SDHCFG, BUSY_IRPT_EN, 10, 1)
#define BCM2835_SDHOST_HCFG_RW_MASK 0x53f

REG32(SDHBCT, 0x3c)     /* block size in bytes */
REG32(SDDATA, 0x40)     /* the data FIFO */
REG32(SDHBLC, 0x50)     /* block count */

#endif
