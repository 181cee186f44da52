/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Motorola CPCAP PMIC: the SPI frame and the registers the model gives a
 * behaviour. Addresses are the byte offsets Linux uses
 * (include/linux/mfd/motorola-cpcap.h: register number x 4); bit names
 * follow drivers/iio/adc/cpcap-adc.c, cpcap-charger.c, cpcap-battery.c
 * and leds-cpcap.c.
 */
#ifndef HW_MISC_MOTOROLA_CPCAP_REGS_H
#define HW_MISC_MOTOROLA_CPCAP_REGS_H

#include "hw/registerfields.h"

/*
 * The SPI frame: 16-bit words while chip select is high. The first word
 * is the command (bit 15 set for a write, bits 14-0 the register's
 * address); each following word reads or writes one register, the
 * address advancing by 4 (regmap's bulk reads and writes).
 */
#define CPCAP_WORD_BITS         16
FIELD(CPCAP_CMD, ADDR, 0, 15)
FIELD(CPCAP_CMD, WRITE, 15, 1)
#define CPCAP_REG_STRIDE        4
#define CPCAP_REG_LAST          0x7d18      /* ST_TEST2 */
#define CPCAP_NUM_REGS          (CPCAP_REG_LAST / CPCAP_REG_STRIDE + 1)

/* Interrupt banks 1-4: latched (write 1 to clear), mask, sense. */
REG32(INT1, 0x0000)
REG32(INT2, 0x0004)
REG32(INT3, 0x0008)
REG32(INT4, 0x000c)
REG32(INTM1, 0x0010)
REG32(INTS1, 0x0020)
REG32(INTS4, 0x002c)
#define CPCAP_INT_BANKS         4
#define CPCAP_REG_INTM(n)       (A_INTM1 + (n) * 4)
#define CPCAP_REG_INTS(n)       (A_INTS1 + (n) * 4)
/*
 * Interrupt numbers, as the mapphone device tree names them: bank n / 16,
 * bit n % 16 of INTn, INTMn and INTSn.
 */
#define CPCAP_IRQ_LOWBPL        3
#define CPCAP_IRQ_LOWBPH        5
#define CPCAP_IRQ_EOL           6
#define CPCAP_IRQ_ADCDONE       8
#define CPCAP_IRQ_VBUSOV        11
#define CPCAP_IRQ_CHRG_DET      13
#define CPCAP_IRQ_VBUSVLD       19
#define CPCAP_IRQ_CHRGCURR1     20
#define CPCAP_IRQ_CHRGCURR2     21
#define CPCAP_IRQ_BATTDETB      54
#define CPCAP_IRQ_CCCAL         57
#define CPCAP_NUM_IRQS          64

REG32(VERSC1, 0x0048)
    FIELD(VERSC1, REV_HI, 0, 3)     /* revision bits 5-3 */
    FIELD(VERSC1, REV_LO, 3, 3)     /* revision bits 2-0 */
    FIELD(VERSC1, VENDOR, 6, 3)     /* 0 ST, 1 TI */
REG32(VERSC2, 0x004c)

/* Macro interrupts: the driver's two private chips. */
REG32(MI1, 0x0200)
REG32(MIM1, 0x0204)
REG32(MI2, 0x0208)
REG32(MIM2, 0x020c)

REG32(BPEOL, 0x0224)

/* Coulomb counter. */
REG32(CCC1, 0x0a00)
    FIELD(CCC1, PAUSE, 0, 1)
    FIELD(CCC1, CAL_EN, 1, 1)
    FIELD(CCC1, AUTOCLEAR, 2, 1)
REG32(CRM, 0x0a04)
    FIELD(CRM, ICHRG, 0, 4)
    FIELD(CRM, VCHRG, 4, 4)
    FIELD(CRM, FET_CTRL, 8, 1)
    FIELD(CRM, FET_OVRD, 9, 1)
    FIELD(CRM, RVRSMODE, 12, 1)
    FIELD(CRM, CHRG_LED_EN, 13, 1)
REG32(CCS1, 0x0a0c)
REG32(CCM, 0x0a1c)
REG32(CCI, 0x0a24)

/* ADC. */
REG32(ADCC1, 0x0c00)
    FIELD(ADCC1, ADEN, 0, 1)
    FIELD(ADCC1, RAND0, 1, 1)
    FIELD(ADCC1, RAND1, 2, 1)
    FIELD(ADCC1, AD_SEL1, 3, 1)
    FIELD(ADCC1, ADA, 4, 3)
    FIELD(ADCC1, ATO, 7, 4)
    FIELD(ADCC1, ATOX, 11, 1)
    FIELD(ADCC1, CAL_MODE, 14, 1)
REG32(ADCC2, 0x0c04)
    FIELD(ADCC2, ADTRIG_DIS, 5, 1)
    FIELD(ADCC2, THERMBIAS_EN, 6, 1)
    FIELD(ADCC2, ADC_BUSY, 7, 1)
    FIELD(ADCC2, ASC, 12, 1)
    FIELD(ADCC2, ADTRIG_ONESHOT, 13, 1)
REG32(ADCD0, 0x0c08)
#define CPCAP_ADC_RESULTS       8
#define CPCAP_REG_ADCD(n)       (A_ADCD0 + (n) * 4)
REG32(ADCAL1, 0x0c28)
REG32(ADCAL2, 0x0c2c)
#define CPCAP_ADC_BITS          10
#define CPCAP_ADC_MAX           0x3ff
/* A current channel's zero: the calibration reads it back as 512. */
#define CPCAP_ADC_ZERO          512

REG32(VUSBC, 0x066c)

/* Indicator LEDs: current limit in bits 8-4, duty cycle in bits 3-0. */
REG32(ADLC, 0x1008)
REG32(REDC, 0x100c)
REG32(GREENC, 0x1010)
REG32(BLUEC, 0x1014)
REG32(CLEDC, 0x1024)
    FIELD(LEDC, DUTY, 0, 4)
    FIELD(LEDC, CURRENT, 4, 5)

#endif
