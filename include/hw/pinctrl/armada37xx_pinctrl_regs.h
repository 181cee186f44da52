/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Marvell Armada 37xx north- and south-bridge pin controller registers,
 * shared by the model and its qtest. Names, bits and the mux groups as the
 * Linux driver (drivers/pinctrl/mvebu/pinctrl-armada-37xx.c) has them.
 */
#ifndef HW_PINCTRL_ARMADA37XX_PINCTRL_REGS_H
#define HW_PINCTRL_ARMADA37XX_PINCTRL_REGS_H

#include "hw/registerfields.h"

/* reg = <0x13800 0x100>, <0x13c00 0x20> (NB); 0x18800, 0x18c00 (SB). */
#define A37XX_PINCTRL_MMIO_SIZE     0x100
#define A37XX_PINCTRL_IRQ_SIZE      0x20
#define A37XX_NB_PINS               36      /* GPIO1_0 .. GPIO1_35 */
#define A37XX_SB_PINS               30      /* GPIO2_0 .. GPIO2_29 */
#define A37XX_MAX_PINS              A37XX_NB_PINS
#define A37XX_BANKS                 2       /* pins 0-31, 32-63 */
#define A37XX_NB_FUNCS              3       /* functions a group may take */

/*
 * First window: GPIO and pin multiplexing. Every GPIO register is a pair,
 * pins 0-31 at the offset and pins 32-63 four bytes above it.
 */
REG32(OUTPUT_EN, 0x00)          /* 1: the pin is an output */
REG32(LATCH, 0x08)              /* the strap pins, latched at reset (RO) */
    FIELD(LATCH, XTAL_MODE, 9, 1)   /* NB: 1 = 40 MHz crystal, 0 = 25 MHz */
REG32(INPUT_VAL, 0x10)          /* the pad levels (RO) */
REG32(OUTPUT_VAL, 0x18)         /* the level an output drives */
REG32(OUTPUT_CTL, 0x20)         /* output control (the driver leaves it) */
REG32(SELECTION, 0x30)          /* one register: every group's function */

/* Window 1 (reg's second entry): the GPIO interrupt controller, pairs. */
REG32(IRQ_EN, 0x00)             /* 1: the pin's edge reaches the line */
REG32(IRQ_POL, 0x08)            /* 0: rising edge, 1: falling edge */
REG32(IRQ_STATUS, 0x10)         /* edges seen (write 1 to clear) */
REG32(IRQ_WKUP, 0x18)           /* wake-up enable (kept, no effect) */

/* SELECTION bits that no group of the bridge uses. */
#define A37XX_NB_SELECTION_VALID    0x00ff77ffu /* bits 0-10, 12-14, 16-23 */
#define A37XX_SB_SELECTION_VALID    0x00007fffu /* bits 0-14 */

/*
 * A mux group: npins pins from start (and extra_npins from extra_pin),
 * whose function is func[i] when SELECTION & mask == val[i].
 */
typedef struct A37xxPinGroup {
    const char *name;
    unsigned start, npins;
    uint32_t mask;
    uint32_t val[A37XX_NB_FUNCS];
    unsigned extra_pin, extra_npins;
    const char *func[A37XX_NB_FUNCS];
} A37xxPinGroup;

#define A37XX_BIT(n)    (1u << (n))
#define A37XX_GRP_GPIO_0(n, s, c) \
    { n, s, c, 0, { 0 }, 0, 0, { "gpio" } }
#define A37XX_GRP_GPIO(n, s, c, m, f) \
    { n, s, c, m, { 0, m }, 0, 0, { f, "gpio" } }
#define A37XX_GRP_GPIO_2(n, s, c, m, v1, v2, f) \
    { n, s, c, m, { v1, v2 }, 0, 0, { f, "gpio" } }
#define A37XX_GRP_GPIO_3(n, s, c, m, v1, v2, v3, f1, f2) \
    { n, s, c, m, { v1, v2, v3 }, 0, 0, { f1, f2, "gpio" } }
#define A37XX_GRP_EXTRA(n, s, c, m, v1, v2, s2, c2, f1, f2) \
    { n, s, c, m, { v1, v2 }, s2, c2, { f1, f2 } }

static const A37xxPinGroup a37xx_nb_groups[] = {
    A37XX_GRP_GPIO("jtag", 20, 5, A37XX_BIT(0), "jtag"),
    A37XX_GRP_GPIO("sdio0", 8, 3, A37XX_BIT(1), "sdio"),
    A37XX_GRP_GPIO("emmc_nb", 27, 9, A37XX_BIT(2), "emmc"),
    A37XX_GRP_GPIO_3("pwm0", 11, 1, A37XX_BIT(3) | A37XX_BIT(20), 0,
                     A37XX_BIT(20), A37XX_BIT(3), "pwm", "led"),
    A37XX_GRP_GPIO_3("pwm1", 12, 1, A37XX_BIT(4) | A37XX_BIT(21), 0,
                     A37XX_BIT(21), A37XX_BIT(4), "pwm", "led"),
    A37XX_GRP_GPIO_3("pwm2", 13, 1, A37XX_BIT(5) | A37XX_BIT(22), 0,
                     A37XX_BIT(22), A37XX_BIT(5), "pwm", "led"),
    A37XX_GRP_GPIO_3("pwm3", 14, 1, A37XX_BIT(6) | A37XX_BIT(23), 0,
                     A37XX_BIT(23), A37XX_BIT(6), "pwm", "led"),
    A37XX_GRP_GPIO("pmic1", 7, 1, A37XX_BIT(7), "pmic"),
    A37XX_GRP_GPIO("pmic0", 6, 1, A37XX_BIT(8), "pmic"),
    A37XX_GRP_GPIO_0("gpio1_5", 5, 1),
    A37XX_GRP_GPIO("i2c2", 2, 2, A37XX_BIT(9), "i2c"),
    A37XX_GRP_GPIO("i2c1", 0, 2, A37XX_BIT(10), "i2c"),
    A37XX_GRP_GPIO("spi_cs1", 17, 1, A37XX_BIT(12), "spi"),
    A37XX_GRP_GPIO_2("spi_cs2", 18, 1, A37XX_BIT(13) | A37XX_BIT(19), 0,
                     A37XX_BIT(13), "spi"),
    A37XX_GRP_GPIO_2("spi_cs3", 19, 1, A37XX_BIT(14) | A37XX_BIT(19), 0,
                     A37XX_BIT(14), "spi"),
    A37XX_GRP_GPIO("onewire", 4, 1, A37XX_BIT(16), "onewire"),
    A37XX_GRP_GPIO("uart1", 25, 2, A37XX_BIT(17), "uart"),
    A37XX_GRP_GPIO("spi_quad", 15, 2, A37XX_BIT(18), "spi"),
    A37XX_GRP_EXTRA("uart2", 9, 2,
                    A37XX_BIT(1) | A37XX_BIT(13) | A37XX_BIT(14) |
                    A37XX_BIT(19),
                    A37XX_BIT(1) | A37XX_BIT(13) | A37XX_BIT(14),
                    A37XX_BIT(1) | A37XX_BIT(19), 18, 2, "gpio", "uart"),
};

static const A37xxPinGroup a37xx_sb_groups[] = {
    A37XX_GRP_GPIO("usb32_drvvbus0", 0, 1, A37XX_BIT(0), "drvbus"),
    A37XX_GRP_GPIO("usb2_drvvbus1", 1, 1, A37XX_BIT(1), "drvbus"),
    A37XX_GRP_GPIO_0("gpio2_2", 2, 1),
    A37XX_GRP_GPIO("sdio_sb", 24, 6, A37XX_BIT(2), "sdio"),
    A37XX_GRP_GPIO("rgmii", 6, 12, A37XX_BIT(3), "mii"),
    A37XX_GRP_GPIO("smi", 18, 2, A37XX_BIT(4), "smi"),
    A37XX_GRP_GPIO("pcie1", 3, 1, A37XX_BIT(5), "pcie"),
    A37XX_GRP_GPIO("pcie1_clkreq", 4, 1, A37XX_BIT(9), "pcie"),
    A37XX_GRP_GPIO("pcie1_wakeup", 5, 1, A37XX_BIT(10), "pcie"),
    A37XX_GRP_GPIO("ptp", 20, 1, A37XX_BIT(11), "ptp"),
    A37XX_GRP_GPIO_3("ptp_clk", 21, 1, A37XX_BIT(6) | A37XX_BIT(12), 0,
                     A37XX_BIT(6), A37XX_BIT(12), "ptp", "mii"),
    A37XX_GRP_GPIO_3("ptp_trig", 22, 1, A37XX_BIT(7) | A37XX_BIT(13), 0,
                     A37XX_BIT(7), A37XX_BIT(13), "ptp", "mii"),
    A37XX_GRP_GPIO_3("mii_col", 23, 1, A37XX_BIT(8) | A37XX_BIT(14), 0,
                     A37XX_BIT(8), A37XX_BIT(14), "mii", "mii_err"),
};

#endif
