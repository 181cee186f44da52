/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TI DM816x (DaVinci/Netra) SATA: the registers the DM816 glue adds to a
 * standard AHCI 1.1 HBA, shared by the model and its qtest. The PHY
 * control fields are those the Linux ahci_dm816 driver programs; the
 * port registers are AHCI's, offsets from a port's base (0x100 + 0x80 n).
 */
#ifndef HW_BLOCK_DM816_AHCI_REGS_H
#define HW_BLOCK_DM816_AHCI_REGS_H

#include "hw/registerfields.h"

/* The SoC's SATA window: the AHCI HBA, vendor registers in each port's. */
#define DM816_AHCI_MMIO_SIZE        0x1000
/* Two SATA ports, both behind the one PHY PLL. */
#define DM816_AHCI_NUM_PORTS        2
#define DM816_AHCI_PORT_BASE        0x100
#define DM816_AHCI_PORT_STRIDE      0x80
/* The PHY PLL's output: 1.5 GHz, SATA Gen1's line rate. */
#define DM816_AHCI_PLL_OUT_HZ       1500000000ULL

/* Port registers the glue looks at (AHCI 1.1, section 3.3). */
REG32(PXIS, 0x10)                       /* interrupt status (R/W1C) */
    FIELD(PXIS, DHRS, 0, 1)             /* D2H register FIS received */
    FIELD(PXIS, SDBS, 3, 1)             /* Set Device Bits FIS (NCQ done) */
    FIELD(PXIS, HBFS, 29, 1)            /* host bus fatal error */
    FIELD(PXIS, TFES, 30, 1)            /* task file error */
REG32(PXCMD, 0x18)
    FIELD(PXCMD, ST, 0, 1)              /* command list running */
    FIELD(PXCMD, FRE, 4, 1)             /* FIS receive enable */
REG32(PXTFD, 0x20)
REG32(PXSSTS, 0x28)                     /* SStatus: the link the PHY sees */
    FIELD(PXSSTS, DET, 0, 4)            /* 0 no device, 3 device and PHY up */
    FIELD(PXSSTS, SPD, 4, 4)            /* 1: Gen1, 1.5 Gb/s */
    FIELD(PXSSTS, IPM, 8, 4)            /* 1: active */
REG32(PXSCTL, 0x2c)
    FIELD(PXSCTL, DET, 0, 4)            /* 1: COMRESET */
REG32(PXSERR, 0x30)
REG32(PXCI, 0x38)                       /* command issue, one bit per slot */

/*
 * PxPHYCR: the port's PHY control (vendor-specific space, port offset
 * 0x78: P0PHYCR at 0x178, P1PHYCR at 0x1f8). The PLL is port 0's: its
 * ENPLL and MPY clock both ports; in P1PHYCR they change nothing.
 */
REG32(PXPHYCR, 0x78)
    FIELD(PXPHYCR, ENPLL, 0, 1)         /* PLL enable (port 0) */
    FIELD(PXPHYCR, MPY, 1, 4)           /* PLL multiplier, see below */
    FIELD(PXPHYCR, LOS, 12, 1)          /* loss-of-signal detection */
    FIELD(PXPHYCR, RXCDR, 13, 3)        /* receiver clock/data recovery */
    FIELD(PXPHYCR, RXEQ, 16, 4)         /* receiver equaliser */
    FIELD(PXPHYCR, TXSWING, 23, 3)      /* transmitter swing */

/* MPY codes 0-13: the multiplier times 100 (8.25 is 825); 14, 15 reserved. */
#define DM816_AHCI_MPY_CODES        14

#endif
