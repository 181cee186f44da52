/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Axis ARTPEC-6 pin controller registers, shared by the model and its
 * qtest. Names, bits, the register map and the pin groups as the Linux
 * driver (drivers/pinctrl/pinctrl-artpec6.c) has them.
 */
#ifndef HW_PINCTRL_ARTPEC6_PINCTRL_REGS_H
#define HW_PINCTRL_ARTPEC6_PINCTRL_REGS_H

#include "hw/registerfields.h"

/* reg = <0xf801d000 0x400> (arch/arm/boot/dts/axis/artpec6.dtsi). */
#define ARTPEC6_PINCTRL_MMIO_SIZE   0x400
#define ARTPEC6_PINS                97      /* GPIO0 .. GBE_MDIO */
#define ARTPEC6_MAX_MUXABLE         35      /* pins 0-35 have a SEL field */
#define ARTPEC6_GPIO_PINS           32      /* GPIO0-31: gpio_request_enable */
/* The model's GPIO banks: PL061s of 8 lines, pins 8b to 8b + 7. */
#define ARTPEC6_GPIO_BANKS          4
#define ARTPEC6_GPIO_BANK_PINS      8
#define ARTPEC6_PL061_SIZE          0x1000

/*
 * One register per pin, in three runs with holes between them
 * (artpec6_pmx_reg_offset()): pins 0-35 from 0x000, 36-52 from 0x100,
 * 53-96 from 0x180; the last, GBE_MDIO, at 0x22c.
 */
REG32(PINMUX, 0x000)
    FIELD(PINMUX, UDC0, 0, 1)       /* bias: 1 pull-up, 0 pull-down */
    FIELD(PINMUX, UDC1, 1, 1)       /* 1: bias disabled */
    FIELD(PINMUX, DRV, 5, 2)        /* drive: 4, 6, 8, 9 mA */
    FIELD(PINMUX, SEL, 12, 2)       /* function (config 0-3), pins 0-35 */

#define ARTPEC6_PINMUX_CONF_MASK \
    (R_PINMUX_UDC0_MASK | R_PINMUX_UDC1_MASK | R_PINMUX_DRV_MASK)
#define ARTPEC6_LAST_PIN_OFFSET     0x22c

typedef struct Artpec6PinRun {
    unsigned first, last;
    uint32_t base;
} Artpec6PinRun;

static const Artpec6PinRun artpec6_pin_runs[] = {
    { 0, 35, 0x000 },
    { 36, 52, 0x100 },
    { 53, 96, 0x180 },
};

/* The offset of pin's register. */
static inline uint32_t artpec6_pin_offset(unsigned pin)
{
    for (int i = 0; i < ARRAY_SIZE(artpec6_pin_runs); i++) {
        if (pin <= artpec6_pin_runs[i].last) {
            return artpec6_pin_runs[i].base +
                   (pin - artpec6_pin_runs[i].first) * 4;
        }
    }
    return ARTPEC6_PINCTRL_MMIO_SIZE;
}

/* The pin whose register is at offset, or -1 (a hole, past the last). */
static inline int artpec6_offset_pin(uint32_t offset)
{
    if (offset & 3) {
        return -1;
    }
    for (int i = 0; i < ARRAY_SIZE(artpec6_pin_runs); i++) {
        const Artpec6PinRun *r = &artpec6_pin_runs[i];

        if (offset >= r->base &&
            offset <= r->base + (r->last - r->first) * 4) {
            return r->first + (offset - r->base) / 4;
        }
    }
    return -1;
}

/* DRV's values in mA (artpec6_pconf_drive_field_to_mA()). */
static const unsigned artpec6_drive_ma[4] = { 4, 6, 8, 9 };

/*
 * The driver's groups (artpec6_pin_groups[]): every one is a run of
 * npins pins from first, put in function func by writing config to the
 * SEL field of each of them that is muxable (pins past 35 have no SEL:
 * their function is fixed). The "gpio" function of the groups on pins
 * 0-31 is config 0.
 */
typedef struct Artpec6PinGroup {
    const char *name;
    const char *func;
    unsigned config;
    unsigned first, npins;
    bool gpio;                  /* in the gpio function's list */
} Artpec6PinGroup;

static const Artpec6PinGroup artpec6_groups[] = {
    { "cpuclkoutgrp0", "cpuclkout", 1, 0, 1, true },
    { "udlclkoutgrp0", "udlclkout", 1, 1, 1, true },
    { "i2c1grp0", "i2c1", 1, 2, 2, true },
    { "i2c2grp0", "i2c2", 1, 4, 2, true },
    { "i2c3grp0", "i2c3", 1, 6, 2, true },
    { "i2s0grp0", "i2s0", 1, 8, 4, true },
    { "i2s1grp0", "i2s1", 1, 12, 4, true },
    { "i2srefclkgrp0", "i2srefclk", 3, 19, 1, true },
    { "spi0grp0", "spi0", 2, 12, 4, true },
    { "spi1grp0", "spi1", 2, 16, 4, true },
    { "pciedebuggrp0", "pciedebug", 3, 12, 4, true },
    { "uart0grp0", "uart0", 1, 16, 10, true },
    { "uart0grp1", "uart0", 1, 20, 4, true },
    { "uart0grp2", "uart0", 1, 20, 2, true },
    { "uart1grp0", "uart1", 2, 24, 4, true },
    { "uart1grp1", "uart1", 2, 24, 2, true },
    { "uart2grp0", "uart2", 1, 26, 10, true },
    { "uart2grp1", "uart2", 1, 28, 4, true },
    { "uart2grp2", "uart2", 1, 28, 2, true },
    { "uart3grp0", "uart3", 0, 32, 4, false },
    { "uart3grp1", "uart3", 0, 32, 4, false },
    { "uart4grp0", "uart4", 2, 20, 4, true },
    { "uart5grp0", "uart5", 2, 28, 4, true },
    { "uart5grp1", "uart5", 2, 28, 2, true },
    { "uart5nocts", "uart5", 2, 28, 3, true },
    { "nandgrp0", "nand", 0, 36, 17, false },
    { "sdio0grp0", "sdio0", 0, 53, 8, false },
    { "sdio1grp0", "sdio1", 0, 61, 8, false },
    { "ethernetgrp0", "ethernet", 0, 69, 28, false },
};

#endif
