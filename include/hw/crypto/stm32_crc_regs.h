/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * STM32F7 CRC calculation unit registers (RM0410, "CRC registers"),
 * shared by the model and its qtest. Names as the reference manual and
 * the Linux stm32-crc32 driver use them.
 */
#ifndef HW_CRYPTO_STM32_CRC_REGS_H
#define HW_CRYPTO_STM32_CRC_REGS_H

/* The block's MMIO window, as the binding's example gives it. */
#define STM32_CRC_MMIO_SIZE         0x400

/*
 * CRC_DR: a write feeds the 8, 16 or 32 bits written to the calculator;
 * a read returns the current CRC (with REV_OUT applied).
 */
#define STM32_CRC_DR                0x00
#define STM32_CRC_DR_RESET          0xffffffffu

/* CRC_IDR: a general-purpose 8-bit register (STM32F7; 32 bits on H7). */
#define STM32_CRC_IDR               0x04
#define STM32_CRC_IDR_MASK          0x000000ffu

/* CRC_CR: control. */
#define STM32_CRC_CR                0x08
/* Loads CRC_INIT into the calculator; set only, reads as 0. */
#define STM32_CRC_CR_RESET          (1u << 0)
/* Polynomial size: 32, 16, 8 or 7 bits. */
#define STM32_CRC_CR_POLYSIZE_SHIFT 3
#define STM32_CRC_CR_POLYSIZE_MASK  (3u << 3)
#define STM32_CRC_CR_POLYSIZE_32    (0u << 3)
#define STM32_CRC_CR_POLYSIZE_16    (1u << 3)
#define STM32_CRC_CR_POLYSIZE_8     (2u << 3)
#define STM32_CRC_CR_POLYSIZE_7     (3u << 3)
/* Reverse input data: none, by byte, by half-word, by word. */
#define STM32_CRC_CR_REV_IN_SHIFT   5
#define STM32_CRC_CR_REV_IN_MASK    (3u << 5)
#define STM32_CRC_CR_REV_IN_NONE    (0u << 5)
#define STM32_CRC_CR_REV_IN_BYTE    (1u << 5)
#define STM32_CRC_CR_REV_IN_HALF    (2u << 5)
#define STM32_CRC_CR_REV_IN_WORD    (3u << 5)
/* Reverse output data: CRC_DR reads with the CRC's bits reversed. */
#define STM32_CRC_CR_REV_OUT        (1u << 7)
/* The bits CRC_CR keeps; bits 2:1 and 31:8 are reserved. */
#define STM32_CRC_CR_RW             (STM32_CRC_CR_POLYSIZE_MASK | \
                                     STM32_CRC_CR_REV_IN_MASK | \
                                     STM32_CRC_CR_REV_OUT)

/* CRC_INIT: loaded by CR.RESET; narrower CRCs use its low bits. */
#define STM32_CRC_INIT              0x10
#define STM32_CRC_INIT_RESET        0xffffffffu

/* CRC_POL: the polynomial below its top term; must be odd. */
#define STM32_CRC_POL               0x14
#define STM32_CRC_POL_RESET         0x04c11db7u

#endif
