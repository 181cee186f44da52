/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Holt HI-3110 CAN controller: SPI commands and register fields, as the
 * Linux 6.12 hi311x driver (drivers/net/can/spi/hi311x.c) uses them.
 *
 * A transfer is one command byte, then data bytes while chip select
 * stays low. Registers have a read and a write command; the REG8 offsets
 * here are the read commands.
 */
#ifndef HW_NET_CAN_HI3110_REGS_H
#define HW_NET_CAN_HI3110_REGS_H

#include "hw/registerfields.h"

/* Commands without a register. */
#define HI3110_CMD_MASTER_RESET     0x56
#define HI3110_CMD_READ_FIFO_WOTIME 0x48    /* RX FIFO head, no timestamp */
#define HI3110_CMD_WRITE_FIFO       0x12    /* TX FIFO tail */

/* Write commands of the registers below. */
#define HI3110_CMD_WRITE_CTRL0      0x14
#define HI3110_CMD_WRITE_CTRL1      0x16
#define HI3110_CMD_WRITE_BTR0       0x18
#define HI3110_CMD_WRITE_BTR1       0x1a
#define HI3110_CMD_WRITE_INTE       0x1c

REG8(CTRL0, 0xd2)
    FIELD(CTRL0, MODE, 5, 3)
#define HI3110_MODE_NORMAL      0
#define HI3110_MODE_LOOPBACK    1
#define HI3110_MODE_MONITOR     2
#define HI3110_MODE_SLEEP       3
#define HI3110_MODE_INIT        4
REG8(CTRL1, 0xd4)
    FIELD(CTRL1, TXEN, 7, 1)
REG8(BTR0, 0xd6)
    FIELD(BTR0, SJW, 6, 2)
    FIELD(BTR0, BRP, 0, 6)
REG8(BTR1, 0xd8)
    FIELD(BTR1, SAMP, 7, 1)
    FIELD(BTR1, TSEG2, 4, 3)
    FIELD(BTR1, TSEG1, 0, 4)
REG8(MESSTAT, 0xda)
    FIELD(MESSTAT, RXCOUNT, 0, 4)   /* messages in the RX FIFO */
REG8(ERR, 0xdc)
    FIELD(ERR, BUSOFF, 7, 1)
    FIELD(ERR, TXERRP, 6, 1)
    FIELD(ERR, RXERRP, 5, 1)
    FIELD(ERR, BITERR, 4, 1)
    FIELD(ERR, FRMERR, 3, 1)
    FIELD(ERR, CRCERR, 2, 1)
    FIELD(ERR, ACKERR, 1, 1)
    FIELD(ERR, STUFERR, 0, 1)
#define HI3110_ERR_PROTOCOL     0x1f        /* cleared by reading ERR */
REG8(INTF, 0xde)                            /* cleared by reading it */
    FIELD(INTF, RXTMP, 7, 1)
    FIELD(INTF, RXFIFO, 6, 1)
    FIELD(INTF, TXCPLT, 5, 1)
    FIELD(INTF, BUSERR, 4, 1)
    FIELD(INTF, MCHG, 3, 1)
    FIELD(INTF, WAKEUP, 2, 1)
    FIELD(INTF, F1MESS, 1, 1)
    FIELD(INTF, F0MESS, 0, 1)
REG8(INTE, 0xe0)                            /* not read by the driver */
REG8(STATF, 0xe2)
    FIELD(STATF, TXMTY, 7, 1)
    FIELD(STATF, ERRW, 4, 1)
    FIELD(STATF, ERRP, 3, 1)
    FIELD(STATF, BUSOFF, 2, 1)
    FIELD(STATF, RXFMTY, 1, 1)
#define HI3110_STATF_RESET      0x82        /* the driver's probe checks it */
REG8(REC, 0xea)
REG8(TEC, 0xec)

/*
 * A message in the FIFOs. TX (WRITE_FIFO): a tag byte, then ID1 ID2 for a
 * standard frame or ID1..ID4 for an extended one (IDE in ID2), DLC, data.
 * RX (READ_FIFO_WOTIME): a tag byte with IDE, ID1..ID4, DLC, 8 data bytes.
 */
#define HI3110_ID2_IDE          0x08
#define HI3110_ID2_SRR_RTR      0x10        /* SRR (extended), RTR (standard) */
#define HI3110_ID4_RTR          0x01
#define HI3110_RX_TAG_IDE       0x80
#define HI3110_TX_STD_LEN       12          /* tag, 2 ID, DLC, 8 data */
#define HI3110_TX_EXT_LEN       14          /* tag, 4 ID, DLC, 8 data */
#define HI3110_RX_LEN           14          /* tag, 4 ID, DLC, 8 data */
#define HI3110_FIFO_DEPTH       8

#endif
