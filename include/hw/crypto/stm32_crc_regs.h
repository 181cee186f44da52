/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * STM32F7 CRC calculation unit registers (RM0410, "CRC registers"),
 * shared by the model and its qtest. Names as the reference manual and
 * the Linux stm32-crc32 driver use them.
 */
#ifndef HW_CRYPTO_STM32_CRC_REGS_H
#define HW_CRYPTO_STM32_CRC_REGS_H

#include "hw/registerfields.h"

/* The block's MMIO window, as the binding's example gives it. */
#define STM32_CRC_MMIO_SIZE         0x400

/*
 * CRC_DR: a write feeds the 8, 16 or 32 bits written to the calculator;
 * a read returns the current CRC (with REV_OUT applied).
 */
REG32(CRC_DR, 0x00)
#define STM32_CRC_DR_RESET          0xffffffffu

/* CRC_IDR: a general-purpose 8-bit register (STM32F7; 32 bits on H7). */
REG32(CRC_IDR, 0x04)
    FIELD(CRC_IDR, IDR, 0, 8)       /* general-purpose 8-bit data */

/* CRC_CR: control; bits 2:1 and 31:8 are reserved. */
REG32(CRC_CR, 0x08)
    FIELD(CRC_CR, RESET, 0, 1)      /* load CRC_INIT; set only, reads 0 */
    FIELD(CRC_CR, POLYSIZE, 3, 2)   /* polynomial size: 32, 16, 8, 7 bits */
    FIELD(CRC_CR, REV_IN, 5, 2)     /* reverse input: none/byte/half/word */
    FIELD(CRC_CR, REV_OUT, 7, 1)    /* reverse output data */

/* CRC_CR.POLYSIZE values. */
enum {
    STM32_CRC_POLYSIZE_32 = 0,
    STM32_CRC_POLYSIZE_16 = 1,
    STM32_CRC_POLYSIZE_8 = 2,
    STM32_CRC_POLYSIZE_7 = 3,
};

/* CRC_CR.REV_IN values: bit reversal done by byte, half-word or word. */
enum {
    STM32_CRC_REV_IN_NONE = 0,
    STM32_CRC_REV_IN_BYTE = 1,
    STM32_CRC_REV_IN_HALF = 2,
    STM32_CRC_REV_IN_WORD = 3,
};

/* CRC_INIT: loaded by CR.RESET; narrower CRCs use its low bits. */
REG32(CRC_INIT, 0x10)
#define STM32_CRC_INIT_RESET        0xffffffffu

/* CRC_POL: the polynomial below its top term; must be odd. */
REG32(CRC_POL, 0x14)
#define STM32_CRC_POL_RESET         0x04c11db7u

#endif
