/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mediatek RNG (MT7623 family) registers, shared by the model and its qtest.
 * Names and bits as the Linux mtk-rng driver uses them.
 */
#ifndef HW_CRYPTO_MTK_RNG_REGS_H
#define HW_CRYPTO_MTK_RNG_REGS_H

/* The block's MMIO window, as the MT7623 device tree gives it. */
#define MTK_RNG_MMIO_SIZE   0x100

/* RNG_CTRL: enable, and a ready flag for each new 32-bit word. */
#define MTK_RNG_CTRL        0x00
#define MTK_RNG_CTRL_EN     (1u << 0)
#define MTK_RNG_CTRL_READY  (1u << 31)
#define MTK_RNG_CTRL_RW     MTK_RNG_CTRL_EN

/* RNG_DATA: each read returns a fresh word and consumes it. */
#define MTK_RNG_DATA        0x08

#endif
