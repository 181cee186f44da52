/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An SPI device on the board's PL022, driven as spi-pl022 drives it, with
 * its chip select on a PL061 line (docs/board.md, "SPI devices"): shared
 * by the qtests of the SPI models.
 */
#ifndef PRESILICON_SPI_H
#define PRESILICON_SPI_H

#include "libqtest.h"
#include <check.h>

#define PS_GPIO_BASE    0x09010000ull   /* PL061: lines 0-3 chip selects */
#define PS_SPI_BASE     0x09020000ull   /* PL022 */
#define PS_GPIO_DIR     0x400
#define PS_GPIO_DATA(mask) ((uint64_t)(mask) << 2)
#define PS_SSP_CR0      0x00
#define PS_SSP_CR1      0x04
#define PS_SSP_DR       0x08
#define PS_SSP_SR       0x0c
#define PS_SSP_CR1_SSE  0x02
#define PS_SSP_SR_RNE   0x04

/*
 * What spi-pl022 and the SPI core program: CR0.DSS = bits - 1, then
 * enable; the four chip-select lines as outputs at their idle levels
 * (bit n: line n's level while its device is not selected).
 */
static inline void ps_spi_setup(QTestState *q, int bits, uint32_t cs_idle)
{
    qtest_writel(q, PS_SPI_BASE + PS_SSP_CR1, 0);
    qtest_writel(q, PS_SPI_BASE + PS_SSP_CR0, bits - 1);
    qtest_writel(q, PS_SPI_BASE + PS_SSP_CR1, PS_SSP_CR1_SSE);
    qtest_writel(q, PS_GPIO_BASE + PS_GPIO_DATA(0xf), cs_idle & 0xf);
    qtest_writel(q, PS_GPIO_BASE + PS_GPIO_DIR, 0xf);
}

/* Drive a PL061 line (a chip select) to a level. */
static inline void ps_gpio_set(QTestState *q, int line, bool level)
{
    qtest_writel(q, PS_GPIO_BASE + PS_GPIO_DATA(1u << line),
                 level ? 1u << line : 0);
}

/* A PL061 line's level (an input such as a device's interrupt). */
static inline bool ps_gpio_get(QTestState *q, int line)
{
    return qtest_readl(q, PS_GPIO_BASE + PS_GPIO_DATA(1u << line));
}

/* One word each way: the PL022 has it back in its receive FIFO. */
static inline uint32_t ps_spi_word(QTestState *q, uint32_t w)
{
    qtest_writel(q, PS_SPI_BASE + PS_SSP_DR, w);
    ck_assert(qtest_readl(q, PS_SPI_BASE + PS_SSP_SR) & PS_SSP_SR_RNE);
    return qtest_readl(q, PS_SPI_BASE + PS_SSP_DR);
}

#endif
