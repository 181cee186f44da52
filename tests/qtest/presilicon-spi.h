/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An SPI device on the board's PL022, driven as spi-pl022 drives it, with
 * its chip select on a line of the i.MX chip-select GPIO and its other
 * pins (interrupts, resets) on a PL061 (docs/board.md, "SPI devices"):
 * shared by the qtests of the SPI models.
 */
#ifndef PRESILICON_SPI_H
#define PRESILICON_SPI_H

#include "libqtest.h"
#include <check.h>

#define PS_GPIO_BASE    0x09010000ull   /* PL061: interrupts, type lines */
#define PS_SPI_BASE     0x09020000ull   /* PL022 */
/* The radios' pair: PL061 lines 2-5 IRQ/RESET pairs. */
#define PS_GPIO1_BASE   0x09060000ull
#define PS_SPI1_BASE    0x09070000ull
/* i.MX GPIO: the first PL022's chip selects on lines 0-3, the radios' 8-9. */
#define PS_GPIO_CS_BASE 0x09080000ull
#define PS_GPIO_CS_RADIO 8
#define PS_MXC_DR       0x00
#define PS_MXC_GDIR     0x04
#define PS_GPIO_DIR     0x400
#define PS_GPIO_DATA(mask) ((uint64_t)(mask) << 2)
#define PS_SSP_CR0      0x00
#define PS_SSP_CR1      0x04
#define PS_SSP_DR       0x08
#define PS_SSP_SR       0x0c
#define PS_SSP_CR1_SSE  0x02
#define PS_SSP_SR_RNE   0x04

/*
 * What spi-pl022 and the SPI core program on the PL022 at spi: CR0.DSS =
 * bits - 1, then enable; the chip-select lines of out (a mask of the
 * bus's chip selects, the first at line first) as outputs at the levels
 * of idle (bit n: chip select n's level while its device is not selected).
 */
static inline void ps_spi_setup_at(QTestState *q, uint64_t spi, int first,
                                   int bits, uint32_t out, uint32_t idle)
{
    uint32_t dr = qtest_readl(q, PS_GPIO_CS_BASE + PS_MXC_DR);
    uint32_t dir = qtest_readl(q, PS_GPIO_CS_BASE + PS_MXC_GDIR);

    qtest_writel(q, spi + PS_SSP_CR1, 0);
    qtest_writel(q, spi + PS_SSP_CR0, bits - 1);
    qtest_writel(q, spi + PS_SSP_CR1, PS_SSP_CR1_SSE);
    dr = (dr & ~(out << first)) | ((idle & out) << first);
    qtest_writel(q, PS_GPIO_CS_BASE + PS_MXC_DR, dr);
    qtest_writel(q, PS_GPIO_CS_BASE + PS_MXC_GDIR, dir | out << first);
}

/* Drive line n of the chip-select GPIO to a level. */
static inline void ps_cs_set_line(QTestState *q, int line, bool level)
{
    uint32_t dr = qtest_readl(q, PS_GPIO_CS_BASE + PS_MXC_DR);

    dr = level ? dr | 1u << line : dr & ~(1u << line);
    qtest_writel(q, PS_GPIO_CS_BASE + PS_MXC_DR, dr);
}

/* Drive a line of the PL061 at gpio (a reset pin) to a level. */
static inline void ps_gpio_set_at(QTestState *q, uint64_t gpio, int line,
                                  bool level)
{
    qtest_writel(q, gpio + PS_GPIO_DATA(1u << line), level ? 1u << line : 0);
}

/* A line's level on the PL061 at gpio (an input such as an interrupt). */
static inline bool ps_gpio_get_at(QTestState *q, uint64_t gpio, int line)
{
    return qtest_readl(q, gpio + PS_GPIO_DATA(1u << line));
}

/* One word each way: the PL022 at spi has it back in its receive FIFO. */
static inline uint32_t ps_spi_word_at(QTestState *q, uint64_t spi, uint32_t w)
{
    qtest_writel(q, spi + PS_SSP_DR, w);
    ck_assert(qtest_readl(q, spi + PS_SSP_SR) & PS_SSP_SR_RNE);
    return qtest_readl(q, spi + PS_SSP_DR);
}

/* The first PL022: its four chip selects, lines 0-3. */
static inline void ps_spi_setup(QTestState *q, int bits, uint32_t cs_idle)
{
    ps_spi_setup_at(q, PS_SPI_BASE, 0, bits, 0xf, cs_idle);
}

/* Chip select cs of the first PL022 to a level. */
static inline void ps_cs_set(QTestState *q, int cs, bool level)
{
    ps_cs_set_line(q, cs, level);
}

static inline bool ps_gpio_get(QTestState *q, int line)
{
    return ps_gpio_get_at(q, PS_GPIO_BASE, line);
}

static inline uint32_t ps_spi_word(QTestState *q, uint32_t w)
{
    return ps_spi_word_at(q, PS_SPI_BASE, w);
}

#endif
