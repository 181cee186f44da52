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

/*
 * The regulators (drivers/regulator/mt6323-regulator.c): each has an
 * enable bit and a read-only status bit (QI: bit 13 of a buck's CON7, bit
 * 15 of an LDO's enable register) that follows it, and a voltage select
 * field. A buck's VOSEL is CON9, or CON10 (VOSEL_ON) when CON5's
 * VOSEL_CTRL is set.
 */
REG16(MT6323_VPROC_CON5, 0x0216)
    FIELD(MT6323_BUCK_CON5, VOSEL_CTRL, 1, 1)
REG16(MT6323_VPROC_CON7, 0x021a)
    FIELD(MT6323_BUCK_CON7, EN, 0, 1)
    FIELD(MT6323_BUCK_CON7, QI, 13, 1)
REG16(MT6323_VPROC_CON9, 0x021e)
REG16(MT6323_VPROC_CON10, 0x0220)
REG16(MT6323_VSYS_CON5, 0x023c)
REG16(MT6323_VSYS_CON7, 0x0240)
REG16(MT6323_VSYS_CON9, 0x0244)
REG16(MT6323_VSYS_CON10, 0x0246)
REG16(MT6323_VPA_CON5, 0x030a)
REG16(MT6323_VPA_CON7, 0x030e)
REG16(MT6323_VPA_CON9, 0x0312)
REG16(MT6323_VPA_CON10, 0x0314)
#define MT6323_LDO_QI           BIT(15)
REG16(MT6323_ANALDO_CON1, 0x0402)           /* VTCXO: EN bit 10 */
REG16(MT6323_ANALDO_CON2, 0x0404)           /* VA: EN bit 14 */
REG16(MT6323_ANALDO_CON4, 0x0408)           /* VCAMA: EN bit 15 */
REG16(MT6323_ANALDO_CON10, 0x0412)          /* VCAMA's VOSEL [6:5] */
REG16(MT6323_ANALDO_CON16, 0x0416)          /* VCN33_BT: EN 7, VOSEL [3:2] */
REG16(MT6323_ANALDO_CON17, 0x0418)          /* VCN33_WIFI: EN 12 */
REG16(MT6323_ANALDO_CON19, 0x041c)          /* VCN28: EN 12 */
REG16(MT6323_DIGLDO_CON0, 0x0500)           /* VIO28: EN 14 */
REG16(MT6323_DIGLDO_CON2, 0x0502)           /* VUSB: EN 14 */
REG16(MT6323_DIGLDO_CON7, 0x050a)           /* VGP1: EN 15 */
REG16(MT6323_DIGLDO_CON15, 0x051a)          /* VRTC: EN 8 */
REG16(MT6323_DIGLDO_CON28, 0x0530)          /* VGP1's VOSEL [7:5] */
REG16(MT6323_DIGLDO_CON49, 0x0556)          /* VIO18: EN 14 */

/*
 * The RTC (drivers/rtc/rtc-mt6397.c, "mediatek,mt6323-rtc"): a window of
 * 16-bit registers at 0x8000 (the MFD cell's MT6323_RTC_BASE), offsets as
 * include/linux/mfd/mt6397/rtc.h names them. Its interrupt is INT_STATUS1
 * bit 4 (MT6323_IRQ_STATUS_RTC, 20).
 */
#define MT6323_RTC_BASE         0x8000
#define MT6323_RTC_SIZE         0x40
#define MT6323_RTC_NUM_REGS     (MT6323_RTC_SIZE / 2)
#define MT6323_INT1_RTC         BIT(4)
#define MT6323_RTC_MIN_YEAR     1968    /* TC_YEAR 0 */
REG16(MT6323_RTC_BBPU, 0x00)
    FIELD(MT6323_RTC_BBPU, PWREN, 0, 1)
    FIELD(MT6323_RTC_BBPU, CBUSY, 6, 1)     /* a write trigger in progress */
    FIELD(MT6323_RTC_BBPU, KEY, 8, 8)       /* a write needs 0x43 here */
#define MT6323_RTC_BBPU_KEY     0x43
REG16(MT6323_RTC_IRQ_STA, 0x02)             /* read to clear */
    FIELD(MT6323_RTC_IRQ_STA, AL, 0, 1)
REG16(MT6323_RTC_IRQ_EN, 0x04)
    FIELD(MT6323_RTC_IRQ_EN, AL, 0, 1)
    FIELD(MT6323_RTC_IRQ_EN, ONESHOT, 2, 1) /* AL clears when it fires */
    FIELD(MT6323_RTC_IRQ_EN, LP, 3, 1)
REG16(MT6323_RTC_CII_EN, 0x06)
REG16(MT6323_RTC_AL_MASK, 0x08)             /* a bit set: field ignored */
    FIELD(MT6323_RTC_AL_MASK, FIELDS, 0, 7) /* SEC MIN HOU DOM DOW MTH YEA */
#define MT6323_RTC_AL_MASK_DOW  BIT(4)
/* Seven time fields: SEC MIN HOU DOM DOW MTH YEA, the alarm's alike. */
#define MT6323_RTC_NUM_FIELDS   7
REG16(MT6323_RTC_TC_SEC, 0x0a)
REG16(MT6323_RTC_TC_MIN, 0x0c)
REG16(MT6323_RTC_TC_HOU, 0x0e)
REG16(MT6323_RTC_TC_DOM, 0x10)
REG16(MT6323_RTC_TC_DOW, 0x12)              /* 1 (Sunday) - 7 */
REG16(MT6323_RTC_TC_MTH, 0x14)              /* 1-12 */
REG16(MT6323_RTC_TC_YEA, 0x16)              /* years since 1968, 0-127 */
REG16(MT6323_RTC_AL_SEC, 0x18)
REG16(MT6323_RTC_AL_YEA, 0x24)
REG16(MT6323_RTC_PDN1, 0x2c)
REG16(MT6323_RTC_PDN2, 0x2e)
REG16(MT6323_RTC_WRTGR, 0x3c)               /* write 1: commit the writes */
REG16(MT6323_RTC_CON, 0x3e)

#endif
