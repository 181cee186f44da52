/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Western Digital WD1003 (ST-506) Winchester disk controller registers,
 * shared by the model and its qtest. Names and bits as the WD1003 data
 * sheet and the removed Linux hd driver (drivers/block/hd.c) have them.
 *
 * On the PC/AT the task file sat at I/O ports 0x1f0-0x1f7 and the fixed
 * disk control register at 0x3f6. On this board they are MMIO, one
 * register every WD1003_REG_STRIDE bytes; the data register takes 16-bit
 * accesses, every other register 8-bit ones.
 */
#ifndef HW_BLOCK_WD1003_REGS_H
#define HW_BLOCK_WD1003_REGS_H

#include "hw/registerfields.h"

#define WD1003_REG_STRIDE       4
#define WD1003_MMIO_SIZE        0x24
#define WD1003_SECTOR_SIZE      512
#define WD1003_ECC_BYTES        4       /* READ/WRITE LONG: after the data */
#define WD1003_LONG_BYTES       (WD1003_SECTOR_SIZE + WD1003_ECC_BYTES)
#define WD1003_RETRIES          8       /* attempts of a command with retry */
#define WD1003_MAX_BAD          64      /* entries of the bad-sector list */

REG16(DATA, 0x00)               /* 0x1f0: sector buffer, 16-bit */
REG8(ERROR, 0x04)               /* 0x1f1 read: error register */
    FIELD(ERROR, DAM, 0, 1)     /* data address mark not found */
    FIELD(ERROR, TR000, 1, 1)   /* track 0 not found (RESTORE) */
    FIELD(ERROR, ABRT, 2, 1)    /* aborted command */
    FIELD(ERROR, IDNF, 4, 1)    /* ID not found */
    FIELD(ERROR, ECC, 6, 1)     /* uncorrectable data (ECC) error */
    FIELD(ERROR, BBK, 7, 1)     /* bad block mark detected */
#define A_WPC   A_ERROR         /* 0x1f1 write: write precompensation cyl/4 */
REG8(SECCNT, 0x08)              /* 0x1f2: sector count (0 = 256) */
REG8(SECNUM, 0x0c)              /* 0x1f3: sector number (1-based) */
REG8(CYLLO, 0x10)               /* 0x1f4: cylinder bits 0-7 */
REG8(CYLHI, 0x14)               /* 0x1f5: cylinder bits 8-9 */
REG8(SDH, 0x18)                 /* 0x1f6: size/drive/head */
    FIELD(SDH, HEAD, 0, 4)      /* bit 3 needs CTL.HS3EN */
    FIELD(SDH, DRV, 4, 1)
    FIELD(SDH, SIZE, 5, 2)      /* 0: 256, 1: 512, 2: 1024, 3: 128 bytes */
    FIELD(SDH, ECC, 7, 1)       /* 1: ECC (the only mode modelled), 0: CRC */
REG8(STATUS, 0x1c)              /* 0x1f7 read: status, clears the IRQ */
    FIELD(STATUS, ERR, 0, 1)    /* see the error register */
    FIELD(STATUS, IDX, 1, 1)    /* index pulse (not modelled: 0) */
    FIELD(STATUS, CORR, 2, 1)   /* corrected data (not modelled: 0) */
    FIELD(STATUS, DRQ, 3, 1)    /* data request: the buffer waits */
    FIELD(STATUS, SC, 4, 1)     /* seek complete */
    FIELD(STATUS, WF, 5, 1)     /* write fault */
    FIELD(STATUS, RDY, 6, 1)    /* drive ready */
    FIELD(STATUS, BSY, 7, 1)    /* busy: the task file is the controller's */
#define A_COMMAND A_STATUS      /* 0x1f7 write: command */
REG8(CTL, 0x20)                 /* 0x3f6 write: fixed disk control */
    FIELD(CTL, NIEN, 1, 1)      /* 1: interrupt line held low */
    FIELD(CTL, SRST, 2, 1)      /* 1: controller in reset */
    FIELD(CTL, HS3EN, 3, 1)     /* 1: head select bit 3 (more than 8 heads) */
#define A_ALTSTATUS A_CTL       /* 0x3f6 read: status, IRQ left alone */

/* SDH.SIZE of 512-byte sectors, the only size the model formats. */
#define WD1003_SDH_SIZE_512     1

/* Commands: the high nibble; the low bits as the data sheet names them. */
#define WD1003_CMD_RESTORE      0x10    /* | step rate (0-15) */
#define WD1003_CMD_READ         0x20    /* | L (0x02) | T (0x01) */
#define WD1003_CMD_WRITE        0x30    /* | L | T */
#define WD1003_CMD_VERIFY       0x40    /* | T */
#define WD1003_CMD_FORMAT       0x50
#define WD1003_CMD_SEEK         0x70    /* | step rate */
#define WD1003_CMD_DIAGNOSE     0x90
#define WD1003_CMD_SET_PARAMS   0x91    /* heads-1 in SDH, sectors in SECCNT */
#define WD1003_CMD_L            0x02    /* long: the 4 ECC bytes follow */
#define WD1003_CMD_T            0x01    /* retries disabled */

/* DIAGNOSE's (and a reset's) result in the error register: no error. */
#define WD1003_DIAG_OK          0x01

/* FORMAT TRACK's buffer: a (flag, sector number) byte pair per sector. */
#define WD1003_FMT_BAD          0x80

#endif
