/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * MediaTek MT6323 PMIC registers, shared by the model and its qtest: a
 * 16-bit register file reached through the SoC's PMIC wrapper. Names and
 * addresses as Linux uses them (include/linux/mfd/mt6323/registers.h,
 * drivers/leds/leds-mt6323.c, the mt6323_regs[] DEW table of
 * drivers/soc/mediatek/mtk-pmic-wrap.c).
 */
#ifndef HW_MISC_MT6323_REGS_H
#define HW_MISC_MT6323_REGS_H

#include "hw/registerfields.h"

/* The register file the model decodes: 0x0000-0x07fe, 16-bit registers. */
#define MT6323_REG_SPACE        0x0800
#define MT6323_NUM_REGS         (MT6323_REG_SPACE / 2)
#define MT6323_CHIP_ID          0x0023  /* CID: low byte is the chip */
#define MT6323_NUM_ISINKS       4       /* ISINK0-3: the LED channels */

REG16(MT6323_CID, 0x0100)                   /* chip id, read-only */
/* Clock power-down: a bit set stops that clock. _SET/_CLR at +2/+4. */
REG16(MT6323_TOP_CKPDN0, 0x0102)
    FIELD(MT6323_TOP_CKPDN0, VWLED_1M, 0, 1)
    FIELD(MT6323_TOP_CKPDN0, DRV_32K, 11, 1)    /* the ISINK drivers' clock */
    FIELD(MT6323_TOP_CKPDN0, VWLED_32K, 12, 1)
    FIELD(MT6323_TOP_CKPDN0, VWLED_6M, 13, 1)
REG16(MT6323_TOP_CKPDN1, 0x0108)
REG16(MT6323_TOP_CKPDN2, 0x010e)
    FIELD(MT6323_TOP_CKPDN2, ISINK, 0, 4)       /* ISINKn's clock off */
REG16(MT6323_TOP_CKCON0, 0x0120)
REG16(MT6323_TOP_CKCON1, 0x0126)
    FIELD(MT6323_TOP_CKCON1, ISINK_CK_SEL, 10, 4)   /* 0: the 32K clock */
/* Interrupt enables; _SET/_CLR at +2/+4. */
REG16(MT6323_INT_CON0, 0x0160)
REG16(MT6323_INT_CON1, 0x0166)
/* Interrupt status: write one to clear. */
REG16(MT6323_INT_STATUS0, 0x0172)
REG16(MT6323_INT_STATUS1, 0x0174)

/* The device wrapper (DEW): the PMIC's end of the wrapper's SPI link. */
REG16(MT6323_DEW_DIO_EN, 0x018a)            /* 1: dual I/O */
REG16(MT6323_DEW_READ_TEST, 0x018c)         /* reads 0x5aa5 */
REG16(MT6323_DEW_WRITE_TEST, 0x018e)        /* scratch */
REG16(MT6323_DEW_CRC_EN, 0x0192)
REG16(MT6323_DEW_CRC_VAL, 0x0194)           /* read-only */
REG16(MT6323_DEW_MON_GRP_SEL, 0x0196)
REG16(MT6323_DEW_CIPHER_KEY_SEL, 0x0198)
REG16(MT6323_DEW_CIPHER_IV_SEL, 0x019a)
REG16(MT6323_DEW_CIPHER_EN, 0x019c)
REG16(MT6323_DEW_CIPHER_RDY, 0x019e)        /* read-only */
REG16(MT6323_DEW_CIPHER_MODE, 0x01a0)       /* 1: the link is enciphered */
REG16(MT6323_DEW_CIPHER_SWRST, 0x01a2)
REG16(MT6323_DEW_RDDMY_NO, 0x01a4)          /* read dummy cycles */

#define MT6323_DEW_READ_TEST_VAL    0x5aa5

/* ISINKn's registers are 8 bytes apart: ISINK0_CON0 + 8 * n. */
#define MT6323_ISINK_STRIDE     8
REG16(MT6323_ISINK0_CON0, 0x0330)
    FIELD(MT6323_ISINK_CON0, DIM_DUTY, 8, 5)    /* on-time, 32nds - 1 */
REG16(MT6323_ISINK0_CON1, 0x0332)
    FIELD(MT6323_ISINK_CON1, DIM_FSEL, 0, 16)   /* blink period, ms - 1 */
REG16(MT6323_ISINK0_CON2, 0x0334)
    FIELD(MT6323_ISINK_CON2, SFSTR_EN, 0, 1)    /* soft start */
    FIELD(MT6323_ISINK_CON2, SFSTR_TC, 1, 2)
    FIELD(MT6323_ISINK_CON2, CH_STEP, 12, 3)    /* current step: level - 1 */
REG16(MT6323_ISINK_EN_CTRL, 0x0356)
    FIELD(MT6323_ISINK_EN_CTRL, CH_EN, 0, 4)    /* ISINKn enabled */

#endif
