/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mediatek RNG (MT7623 family) registers, shared by the model and its qtest.
 * Names and bits as the Linux mtk-rng driver uses them.
 */
#ifndef HW_CRYPTO_MTK_RNG_REGS_H
#define HW_CRYPTO_MTK_RNG_REGS_H

#include "hw/registerfields.h"

/* The block's MMIO window, as the MT7623 device tree gives it. */
#define MTK_RNG_MMIO_SIZE   0x100

/* RNG_CTRL: enable, and a ready flag for each new 32-bit word. */
REG32(RNG_CTRL, 0x00)
    FIELD(RNG_CTRL, EN, 0, 1)       /* RNG_EN: the generator runs */
    FIELD(RNG_CTRL, READY, 31, 1)   /* RNG_READY: RNG_DATA holds a word (RO) */

/* RNG_DATA: each read returns a fresh word and consumes it. */
REG32(RNG_DATA, 0x08)

#endif
