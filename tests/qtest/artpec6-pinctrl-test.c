/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Axis ARTPEC-6 pin controller with its PL061 GPIO banks: device-tree
 * nodes (the controller with its hog state, a PL061 per 8 pins with
 * gpio-ranges and line names) and their SPIs; the register contract and
 * the register map's three runs; the driver's probe (8 mA everywhere),
 * every group in its function and in gpio as the driver sets them, bias
 * and drive strength as pinconf sets them, all read back from the host;
 * GPIO through the PL061s: a GPIO request muxing the pin, outputs reaching
 * the pads only in gpio, host-driven inputs, rising, falling, both-edge
 * and level interrupts on the bank's own line; reset; hostile
 * programming (reserved bits, SEL where there is none, reserved configs,
 * offsets with no register, missing pins) and a migration with an
 * interrupt pending.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/pinctrl/artpec6_pinctrl_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* Where docs/board.md places it (slot 29), the PL061s 4 KiB apart after. */
#define BASE        0x101d0000ull
#define PATH        "/machine/artpec6-pinctrl"
#define FIRST_SPI   96

/* The PL061's registers (ARM DDI 0190B), as drivers/gpio/gpio-pl061.c. */
#define GPIODIR     0x400
#define GPIOIS      0x404
#define GPIOIBE     0x408
#define GPIOIEV     0x40c
#define GPIOIE      0x410
#define GPIORIS     0x414
#define GPIOMIS     0x418
#define GPIOIC      0x41c

typedef struct Pc {
    PsQTest *t;
    uint64_t base;
    uint64_t gpio[ARTPEC6_GPIO_BANKS];
} Pc;

static Pc *pc_start(const char *extra)
{
    Pc *p = g_new0(Pc, 1);

    p->t = ps_qtest_start("presilicon", "%s", extra ? extra : "");
    p->base = BASE;
    for (int b = 0; b < ARTPEC6_GPIO_BANKS; b++) {
        p->gpio[b] = BASE + (b + 1) * 0x1000;
    }
    return p;
}

static void pc_stop(Pc *p)
{
    ps_qtest_quit(p->t);
    g_free(p);
}

static uint32_t rd_pin(Pc *p, unsigned pin)
{
    return qtest_readl(p->t->qts, p->base + artpec6_pin_offset(pin));
}

static void wr_pin(Pc *p, unsigned pin, uint32_t v)
{
    qtest_writel(p->t->qts, p->base + artpec6_pin_offset(pin), v);
}

/* readl, clear mask, or in v, writel: as every path of the driver. */
static void upd_pin(Pc *p, unsigned pin, uint32_t mask, uint32_t v)
{
    wr_pin(p, pin, (rd_pin(p, pin) & ~mask) | v);
}

static uint8_t grd(Pc *p, unsigned pin, uint32_t reg)
{
    return qtest_readb(p->t->qts, p->gpio[pin / 8] + reg);
}

static void gwr(Pc *p, unsigned pin, uint32_t reg, uint8_t v)
{
    qtest_writeb(p->t->qts, p->gpio[pin / 8] + reg, v);
}

static void gset(Pc *p, unsigned pin, uint32_t reg, bool on)
{
    uint8_t v = grd(p, pin, reg);

    gwr(p, pin, reg, on ? v | BIT(pin % 8) : v & ~BIT(pin % 8));
}

/* --- the driver's paths ------------------------------------------------- */

static const Artpec6PinGroup *group(const char *name)
{
    for (int i = 0; i < ARRAY_SIZE(artpec6_groups); i++) {
        if (!strcmp(artpec6_groups[i].name, name)) {
            return &artpec6_groups[i];
        }
    }
    g_assert_not_reached();
}

/* artpec6_pmx_select_func(): config, or 0 for gpio, to each muxable pin. */
static void set_mux(Pc *p, const char *grp, bool gpio)
{
    const Artpec6PinGroup *g = group(grp);

    for (unsigned pin = g->first; pin < g->first + g->npins; pin++) {
        if (pin > ARTPEC6_MAX_MUXABLE) {
            continue;
        }
        upd_pin(p, pin, R_PINMUX_SEL_MASK,
                (gpio ? 0 : g->config) << R_PINMUX_SEL_SHIFT);
    }
}

/* artpec6_pmx_request_gpio(): the pin to config 0. */
static void gpio_request(Pc *p, unsigned pin)
{
    upd_pin(p, pin, R_PINMUX_SEL_MASK, 0);
}

/* artpec6_pconf_set() for bias: "up", "down" or "disable". */
static void set_bias(Pc *p, unsigned pin, const char *bias)
{
    if (!strcmp(bias, "disable")) {
        upd_pin(p, pin, 0, R_PINMUX_UDC1_MASK);
    } else if (!strcmp(bias, "up")) {
        upd_pin(p, pin, R_PINMUX_UDC1_MASK, R_PINMUX_UDC0_MASK);
    } else {
        upd_pin(p, pin, R_PINMUX_UDC1_MASK | R_PINMUX_UDC0_MASK, 0);
    }
}

static void set_drive(Pc *p, unsigned pin, unsigned ma)
{
    for (unsigned f = 0; f < 4; f++) {
        if (artpec6_drive_ma[f] == ma) {
            upd_pin(p, pin, R_PINMUX_DRV_MASK, f << R_PINMUX_DRV_SHIFT);
            return;
        }
    }
    g_assert_not_reached();
}

/* gpio-pl061's direction_output(): direction, then the value. */
static void gpio_output(Pc *p, unsigned pin, bool v)
{
    gset(p, pin, GPIODIR, true);
    gwr(p, pin, BIT(pin % 8 + 2), v ? 0xff : 0);
}

static void gpio_input(Pc *p, unsigned pin)
{
    gset(p, pin, GPIODIR, false);
}

static bool gpio_get(Pc *p, unsigned pin)
{
    return grd(p, pin, BIT(pin % 8 + 2));
}

/* pl061_irq_type() and the unmask: "rising", "falling", "both", "high". */
static void irq_setup(Pc *p, unsigned pin, const char *type)
{
    gset(p, pin, GPIOIS, !strcmp(type, "high"));
    gset(p, pin, GPIOIBE, !strcmp(type, "both"));
    gset(p, pin, GPIOIEV, !strcmp(type, "rising") || !strcmp(type, "high"));
    gset(p, pin, GPIOIE, true);
}

static void irq_ack(Pc *p, unsigned pin)
{
    gwr(p, pin, GPIOIC, BIT(pin % 8));
}

/* --- the host's side ---------------------------------------------------- */

static char *qom_str(Pc *p, const char *fmt, unsigned pin)
{
    g_autofree char *prop = g_strdup_printf(fmt, pin);
    char *v = ps_qom_str(p->t->qts, PATH, prop);

    ck_assert_msg(v, "qom-get %s failed", prop);
    return v;
}

static bool qom_bool(Pc *p, const char *fmt, unsigned pin)
{
    g_autofree char *prop = g_strdup_printf(fmt, pin);
    QDict *r = qtest_qmp(p->t->qts, "{'execute': 'qom-get', 'arguments': "
                         "{'path': %s, 'property': %s}}", PATH, prop);
    bool v;

    ck_assert_msg(qdict_haskey(r, "return"), "qom-get %s failed", prop);
    v = qdict_get_bool(r, "return");
    qobject_unref(r);
    return v;
}

static int64_t qom_ma(Pc *p, unsigned pin)
{
    g_autofree char *prop = g_strdup_printf("drive-strength-%u", pin);

    return ps_qom_int(p->t->qts, PATH, prop);
}

/* The host drives a pin; NULL on success, else QMP's error text. */
static char *host_input(Pc *p, unsigned pin, bool level)
{
    g_autofree char *prop = g_strdup_printf("input-%u", pin);
    QDict *r = qtest_qmp(p->t->qts, "{'execute': 'qom-set', 'arguments': "
                         "{'path': %s, 'property': %s, 'value': %i}}",
                         PATH, prop, level);
    char *err = NULL;

    if (qdict_haskey(r, "error")) {
        err = g_strdup(qdict_get_str(qdict_get_qdict(r, "error"), "desc"));
    }
    qobject_unref(r);
    return err;
}

static void drive(Pc *p, unsigned pin, bool level)
{
    g_autofree char *err = host_input(p, pin, level);

    ck_assert_msg(!err, "input-%u: %s", pin, err);
}

static void assert_mux(Pc *p, unsigned pin, const char *want)
{
    g_autofree char *got = qom_str(p, "mux-%u", pin);

    ck_assert_msg(!strcmp(got, want), "mux-%u: '%s', not '%s'", pin, got,
                  want);
}

static void assert_bias(Pc *p, unsigned pin, const char *want)
{
    g_autofree char *got = qom_str(p, "bias-%u", pin);

    ck_assert_msg(!strcmp(got, want), "bias-%u: '%s', not '%s'", pin, got,
                  want);
}

static void assert_log_has(const char *log, const char *want)
{
    ck_assert_msg(strstr(log, want), "no '%s' in the log:\n%s", want, log);
}

/* --- device tree -------------------------------------------------------- */

static void check_node(const void *fdt, int node, uint64_t want_base)
{
    static const char *const hog_groups[] = { "uart1grp0", "spi0grp0" };
    uint32_t ph = fdt_get_phandle(fdt, node);
    uint64_t base, size;
    const fdt32_t *hogs;
    int len, gpio, found = 0;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, ARTPEC6_PINCTRL_MMIO_SIZE);
    ck_assert(!ps_fdt_reg(fdt, node, 1, &base, &size));
    ck_assert_ptr_null(fdt_getprop(fdt, node, "interrupts", &len));
    ck_assert_uint_ne(ph, 0);

    /* The hog: uart1 pulled up at 6 mA, spi0 without bias at 9 mA. */
    ck_assert_str_eq(fdt_getprop(fdt, node, "pinctrl-names", &len),
                     "default");
    hogs = fdt_getprop(fdt, node, "pinctrl-0", &len);
    ck_assert_int_eq(len, 8);
    for (int i = 0; i < 2; i++) {
        int hog = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(hogs[i]));

        ck_assert_int_eq(fdt_parent_offset(fdt, hog), node);
        ck_assert_str_eq(fdt_getprop(fdt, hog, "groups", &len),
                         hog_groups[i]);
        ck_assert_uint_eq(ps_fdt_cell(fdt, hog, "drive-strength", 0),
                          i ? 9 : 6);
        ck_assert_ptr_nonnull(fdt_getprop(fdt, hog, i ? "bias-disable" :
                                          "bias-pull-up", &len));
    }
    ck_assert_str_eq(fdt_getprop(fdt, fdt_node_offset_by_phandle(
                                     fdt, fdt32_to_cpu(hogs[0])),
                                 "function", &len), "uart1");

    /* The GPIO banks: PL061s whose gpio-ranges name this controller. */
    for (gpio = fdt_node_offset_by_compatible(fdt, -1, "arm,pl061");
         gpio >= 0;
         gpio = fdt_node_offset_by_compatible(fdt, gpio, "arm,pl061")) {
        const fdt32_t *r = fdt_getprop(fdt, gpio, "gpio-ranges", &len);
        const fdt32_t *irq;
        const char *names;
        unsigned b;
        uint64_t gbase, gsize;

        if (!r || fdt32_to_cpu(r[0]) != ph) {
            continue;
        }
        ck_assert_int_eq(len, 16);
        ck_assert_uint_eq(fdt32_to_cpu(r[1]), 0);
        ck_assert_uint_eq(fdt32_to_cpu(r[3]), 8);
        b = fdt32_to_cpu(r[2]) / 8;
        ck_assert_uint_lt(b, ARTPEC6_GPIO_BANKS);
        ck_assert_uint_eq(fdt32_to_cpu(r[2]) % 8, 0);
        found |= BIT(b);
        ck_assert_int_eq(fdt_node_check_compatible(fdt, gpio,
                                                   "arm,primecell"), 0);
        ck_assert(ps_fdt_reg(fdt, gpio, 0, &gbase, &gsize));
        ck_assert_uint_eq(gsize, ARTPEC6_PL061_SIZE);
        if (want_base) {
            ck_assert_uint_eq(gbase, want_base + (b + 1) * 0x1000);
        }
        ck_assert_ptr_nonnull(fdt_getprop(fdt, gpio, "gpio-controller",
                                          &len));
        ck_assert_ptr_nonnull(fdt_getprop(fdt, gpio, "interrupt-controller",
                                          &len));
        ck_assert_uint_eq(ps_fdt_cell(fdt, gpio, "#gpio-cells", 0), 2);
        ck_assert_uint_eq(ps_fdt_cell(fdt, gpio, "#interrupt-cells", 0), 2);
        ck_assert_str_eq(fdt_getprop(fdt, gpio, "clock-names", &len),
                         "apb_pclk");
        irq = fdt_getprop(fdt, gpio, "interrupts", &len);
        ck_assert_int_eq(len, 12);
        if (want_base) {
            ck_assert_uint_eq(fdt32_to_cpu(irq[1]), FIRST_SPI + b);
        }
        /* gpio-line-names: the pins' own names, GPIO8b.. */
        names = fdt_getprop(fdt, gpio, "gpio-line-names", &len);
        ck_assert_ptr_nonnull(names);
        for (int i = 0; i < 8; i++) {
            g_autofree char *want = g_strdup_printf("GPIO%u", b * 8 + i);

            ck_assert_str_eq(names, want);
            names += strlen(names) + 1;
        }
    }
    ck_assert_int_eq(found, 0xf);
}

START_TEST(test_fdt_nodes)
{
    ps_check_builtin_node("axis,artpec6-pinctrl", BASE, check_node);
}
END_TEST

START_TEST(test_bare_has_no_models)
{
    ps_check_bare_has_no_node("axis,artpec6-pinctrl", BASE);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    uint64_t base;
    PsQTest *t = ps_start_bare_device("artpec6-pinctrl",
                                      "axis,artpec6-pinctrl", check_node,
                                      &base);
    g_autofree void *fdt = ps_dtb(t);
    int node = ps_fdt_node_by_compat(fdt, "axis,artpec6-pinctrl");
    uint32_t ph = fdt_get_phandle(fdt, node);
    int gpio;

    /* The pin registers answer, and the PL061 of GPIO0-7 (PrimeCell ID). */
    qtest_writel(t->qts, base + artpec6_pin_offset(96), 0xffffffff);
    ck_assert_uint_eq(qtest_readl(t->qts, base + artpec6_pin_offset(96)),
                      ARTPEC6_PINMUX_CONF_MASK);
    for (gpio = fdt_node_offset_by_compatible(fdt, -1, "arm,pl061");
         gpio >= 0;
         gpio = fdt_node_offset_by_compatible(fdt, gpio, "arm,pl061")) {
        int len;
        const fdt32_t *r = fdt_getprop(fdt, gpio, "gpio-ranges", &len);
        uint64_t gbase, gsize;

        if (r && fdt32_to_cpu(r[0]) == ph && fdt32_to_cpu(r[2]) == 0) {
            ck_assert(ps_fdt_reg(fdt, gpio, 0, &gbase, &gsize));
            ck_assert_uint_eq(qtest_readl(t->qts, gbase + 0xfe0), 0x61);
            break;
        }
    }
    ck_assert_int_ge(gpio, 0);
    ps_qtest_quit(t);
}
END_TEST

/* --- registers ---------------------------------------------------------- */

START_TEST(test_register_contract)
{
    Pc *p = pc_start(NULL);
    g_autofree char *log = NULL;

    /*
     * Reset: every field 0 (gpio on 0-31, uart3 on 32-35, pull-down,
     * 4 mA). The hog in the node is the kernel's to apply.
     */
    for (unsigned pin = 0; pin < ARTPEC6_PINS; pin++) {
        ck_assert_uint_eq(rd_pin(p, pin), 0);
    }
    assert_mux(p, 0, "gpio");
    assert_mux(p, 31, "gpio");
    assert_mux(p, 32, "uart3");
    assert_mux(p, 36, "nand");
    assert_bias(p, 5, "pull-down");
    ck_assert_int_eq(qom_ma(p, 5), 4);
    /* Every field read/write where the pin has it. */
    for (unsigned pin = 0; pin < ARTPEC6_PINS; pin++) {
        uint32_t all = ARTPEC6_PINMUX_CONF_MASK;

        if (pin <= ARTPEC6_MAX_MUXABLE) {
            /* Each pin's highest config (i2srefclk, pciedebug, ...). */
            all |= (pin == 19 || (pin >= 12 && pin <= 15) ? 3 :
                    pin < 16 || pin >= 32 ? 1 : 2) << R_PINMUX_SEL_SHIFT;
        }
        wr_pin(p, pin, all);
        ck_assert_uint_eq(rd_pin(p, pin), all);
    }
    assert_bias(p, 5, "disabled");
    ck_assert_int_eq(qom_ma(p, 5), 9);
    assert_mux(p, 19, "i2srefclk");
    assert_mux(p, 13, "pciedebug");
    log = ps_log_take(p->t);
    ck_assert_str_eq(log, "");
    pc_stop(p);
}
END_TEST

/* Three runs of registers: 0-35 from 0x000, 36-52 from 0x100, 53-96 0x180. */
START_TEST(test_register_map)
{
    Pc *p = pc_start(NULL);
    static const struct {
        unsigned pin;
        uint32_t offset;
        const char *func;
    } map[] = {
        { 0, 0x000, "gpio" }, { 35, 0x08c, "uart3" }, { 36, 0x100, "nand" },
        { 52, 0x140, "nand" }, { 53, 0x180, "sdio0" }, { 61, 0x1a0, "sdio1" },
        { 69, 0x1c0, "ethernet" }, { 96, 0x22c, "ethernet" },
    };

    for (int i = 0; i < ARRAY_SIZE(map); i++) {
        ck_assert_uint_eq(artpec6_pin_offset(map[i].pin), map[i].offset);
        ck_assert_int_eq(artpec6_offset_pin(map[i].offset), map[i].pin);
        assert_mux(p, map[i].pin, map[i].func);
        /* A register is its pin's alone. */
        qtest_writel(p->t->qts, p->base + map[i].offset,
                     R_PINMUX_DRV_MASK);
        ck_assert_int_eq(qom_ma(p, map[i].pin), 9);
        if (map[i].pin) {
            ck_assert_int_eq(qom_ma(p, map[i].pin - 1),
                             i && map[i - 1].pin == map[i].pin - 1 ? 9 : 4);
        }
    }
    pc_stop(p);
}
END_TEST

/* artpec6_pmx_reset() at probe: 8 mA on every pin ("we want 8mA"). */
START_TEST(test_driver_probe)
{
    Pc *p = pc_start(NULL);
    g_autofree char *log = NULL;

    for (unsigned pin = 0; pin < ARTPEC6_PINS; pin++) {
        upd_pin(p, pin, R_PINMUX_DRV_MASK, 2 << R_PINMUX_DRV_SHIFT);
    }
    for (unsigned pin = 0; pin < ARTPEC6_PINS; pin++) {
        ck_assert_int_eq(qom_ma(p, pin), 8);
        ck_assert_uint_eq(rd_pin(p, pin), 2 << R_PINMUX_DRV_SHIFT);
    }
    log = ps_log_take(p->t);
    ck_assert_str_eq(log, "");
    pc_stop(p);
}
END_TEST

/* Every group in its function, then in gpio, as set_mux does it. */
START_TEST(test_mux_groups)
{
    Pc *p = pc_start(NULL);
    g_autofree char *log = NULL;

    for (int i = 0; i < ARRAY_SIZE(artpec6_groups); i++) {
        const Artpec6PinGroup *g = &artpec6_groups[i];

        set_mux(p, g->name, false);
        for (unsigned pin = g->first; pin < g->first + g->npins; pin++) {
            assert_mux(p, pin, g->func);
            if (pin <= ARTPEC6_MAX_MUXABLE) {
                ck_assert_uint_eq(FIELD_EX32(rd_pin(p, pin), PINMUX, SEL),
                                  g->config);
            }
        }
        if (g->gpio) {
            /*
             * Config 0 on every pin: uart2grp0's pins 32-35 have no GPIO,
             * and config 0 is their uart3.
             */
            set_mux(p, g->name, true);
            for (unsigned pin = g->first; pin < g->first + g->npins; pin++) {
                assert_mux(p, pin, pin < ARTPEC6_GPIO_PINS ? "gpio" : "uart3");
            }
        }
    }
    /* Groups that share pins: the last one set has them. */
    set_mux(p, "uart0grp0", false);
    set_mux(p, "uart4grp0", false);
    assert_mux(p, 19, "uart0");
    assert_mux(p, 20, "uart4");
    set_mux(p, "spi1grp0", false);
    set_mux(p, "i2srefclkgrp0", false);
    assert_mux(p, 18, "spi1");
    assert_mux(p, 19, "i2srefclk");
    log = ps_log_take(p->t);
    ck_assert_str_eq(log, "");
    pc_stop(p);
}
END_TEST

/* artpec6_pconf_set(): bias and drive strength; pconf_get reads them. */
START_TEST(test_pinconf)
{
    Pc *p = pc_start(NULL);
    static const unsigned pins[] = { 0, 33, 50, 96 };
    g_autofree char *log = NULL;

    for (int i = 0; i < ARRAY_SIZE(pins); i++) {
        unsigned pin = pins[i];

        set_bias(p, pin, "up");
        ck_assert_uint_eq(rd_pin(p, pin), R_PINMUX_UDC0_MASK);
        assert_bias(p, pin, "pull-up");
        set_bias(p, pin, "disable");
        ck_assert_uint_eq(rd_pin(p, pin),
                          R_PINMUX_UDC0_MASK | R_PINMUX_UDC1_MASK);
        assert_bias(p, pin, "disabled");
        set_bias(p, pin, "down");
        ck_assert_uint_eq(rd_pin(p, pin), 0);
        assert_bias(p, pin, "pull-down");
        for (int f = 3; f >= 0; f--) {
            set_drive(p, pin, artpec6_drive_ma[f]);
            ck_assert_uint_eq(FIELD_EX32(rd_pin(p, pin), PINMUX, DRV), f);
            ck_assert_int_eq(qom_ma(p, pin), artpec6_drive_ma[f]);
        }
        /* Bias and drive leave the function alone. */
        ck_assert_uint_eq(FIELD_EX32(rd_pin(p, pin), PINMUX, SEL), 0);
    }
    set_mux(p, "uart2grp0", false);
    set_bias(p, 33, "up");
    set_drive(p, 33, 6);
    assert_mux(p, 33, "uart2");
    assert_bias(p, 33, "pull-up");
    log = ps_log_take(p->t);
    ck_assert_str_eq(log, "");
    pc_stop(p);
}
END_TEST

START_TEST(test_system_reset)
{
    Pc *p = pc_start(NULL);
    QTestState *qts = p->t->qts;

    qtest_irq_intercept_out_named(qts, PATH, "sysbus-irq");
    set_mux(p, "i2c2grp0", false);
    set_drive(p, 60, 9);
    gpio_output(p, 1, true);
    irq_setup(p, 10, "rising");
    drive(p, 10, true);
    ck_assert(qtest_get_irq(qts, 1));
    qtest_system_reset(qts);
    ck_assert(!qtest_get_irq(qts, 1));
    for (unsigned pin = 0; pin < ARTPEC6_PINS; pin++) {
        ck_assert_uint_eq(rd_pin(p, pin), 0);
    }
    ck_assert(!qom_bool(p, "output-enable-%u", 1));
    ck_assert(!qom_bool(p, "level-%u", 1));
    ck_assert_uint_eq(grd(p, 10, GPIODIR), 0);
    ck_assert_uint_eq(grd(p, 10, GPIOIE), 0);
    ck_assert_uint_eq(grd(p, 10, GPIORIS), 0);
    /* The board still drives pin 10, and the PL061 sees it again. */
    ck_assert(qom_bool(p, "level-%u", 10));
    ck_assert(gpio_get(p, 10));
    pc_stop(p);
}
END_TEST

/* --- GPIO --------------------------------------------------------------- */

/*
 * A PL061 line reaches its pad only in the pin's gpio function: the GPIO
 * request (gpio_request_enable) is what connects it, as on the chip.
 */
START_TEST(test_gpio_request_muxes)
{
    Pc *p = pc_start(NULL);

    set_mux(p, "i2s0grp0", false);
    assert_mux(p, 9, "i2s0");
    gpio_output(p, 9, true);
    ck_assert(qom_bool(p, "output-enable-%u", 9));
    ck_assert(qom_bool(p, "output-%u", 9));
    ck_assert(!qom_bool(p, "level-%u", 9));      /* the pad is i2s0's */
    gpio_request(p, 9);
    assert_mux(p, 9, "gpio");
    assert_mux(p, 8, "i2s0");
    ck_assert(qom_bool(p, "level-%u", 9));
    /* Back to i2s0: the pad is the board's again. */
    set_mux(p, "i2s0grp0", false);
    ck_assert(!qom_bool(p, "level-%u", 9));
    drive(p, 9, true);
    ck_assert(qom_bool(p, "level-%u", 9));
    pc_stop(p);
}
END_TEST

START_TEST(test_gpio_out_in)
{
    Pc *p = pc_start(NULL);

    gpio_output(p, 20, true);
    ck_assert(qom_bool(p, "output-enable-%u", 20));
    ck_assert(qom_bool(p, "output-%u", 20));
    ck_assert(qom_bool(p, "level-%u", 20));
    ck_assert(gpio_get(p, 20));
    gpio_output(p, 20, false);
    ck_assert(!qom_bool(p, "output-%u", 20));
    ck_assert(!qom_bool(p, "level-%u", 20));
    /* An output ignores what the board drives; an input follows it. */
    drive(p, 20, true);
    ck_assert(!qom_bool(p, "level-%u", 20));
    ck_assert(!gpio_get(p, 20));
    gpio_input(p, 20);
    ck_assert(!qom_bool(p, "output-enable-%u", 20));
    ck_assert(qom_bool(p, "level-%u", 20));
    ck_assert(gpio_get(p, 20));
    drive(p, 20, false);
    ck_assert(!gpio_get(p, 20));
    /* Every bank: the host's levels are what the PL061 reads. */
    for (unsigned pin = 3; pin < ARTPEC6_GPIO_PINS; pin += 7) {
        drive(p, pin, true);
        ck_assert(qom_bool(p, "input-%u", pin));
        ck_assert_uint_eq(grd(p, pin, 0x3fc), BIT(pin % 8));
        drive(p, pin, false);
        ck_assert_uint_eq(grd(p, pin, 0x3fc), 0);
    }
    /* Outputs of all lines of a bank, through the data mask. */
    qtest_writeb(p->t->qts, p->gpio[3] + GPIODIR, 0xff);
    qtest_writeb(p->t->qts, p->gpio[3] + 0x3fc, 0xa5);
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(qom_bool(p, "level-%u", 24 + i), !!(0xa5 & BIT(i)));
    }
    pc_stop(p);
}
END_TEST

/* Each bank's interrupt is its own sysbus IRQ (SPI 96 + bank). */
START_TEST(test_gpio_irq_edges)
{
    Pc *p = pc_start(NULL);
    QTestState *qts = p->t->qts;

    qtest_irq_intercept_out_named(qts, PATH, "sysbus-irq");
    irq_setup(p, 2, "rising");
    irq_setup(p, 30, "falling");
    irq_setup(p, 17, "both");
    irq_setup(p, 11, "high");
    /*
     * QEMU's PL061 latches a level interrupt while IS is set and IEV not
     * yet (pl061_irq_type() writes them in that order): the driver's
     * first ack clears it.
     */
    irq_ack(p, 11);
    for (int b = 0; b < 4; b++) {
        ck_assert(!qtest_get_irq(qts, b));
    }

    drive(p, 30, true);             /* rising: pin 30 waits for falling */
    ck_assert(!qtest_get_irq(qts, 3));
    drive(p, 2, true);
    ck_assert(qtest_get_irq(qts, 0));
    ck_assert_uint_eq(grd(p, 2, GPIOMIS), BIT(2));
    ck_assert(!qtest_get_irq(qts, 3));
    irq_ack(p, 2);
    ck_assert(!qtest_get_irq(qts, 0));
    drive(p, 2, false);             /* falling: not pin 2's edge */
    ck_assert(!qtest_get_irq(qts, 0));
    drive(p, 30, false);
    ck_assert(qtest_get_irq(qts, 3));
    irq_ack(p, 30);
    ck_assert(!qtest_get_irq(qts, 3));

    /* Both edges. */
    drive(p, 17, true);
    ck_assert(qtest_get_irq(qts, 2));
    irq_ack(p, 17);
    ck_assert(!qtest_get_irq(qts, 2));
    drive(p, 17, false);
    ck_assert(qtest_get_irq(qts, 2));
    irq_ack(p, 17);

    /* Level high: pending while the pad is high, whatever the acks. */
    drive(p, 11, true);
    ck_assert(qtest_get_irq(qts, 1));
    irq_ack(p, 11);
    drive(p, 11, false);
    irq_ack(p, 11);
    ck_assert(!qtest_get_irq(qts, 1));

    /* Masked: latched in RIS, the line stays low until unmasked. */
    gset(p, 5, GPIOIEV, true);
    drive(p, 5, true);
    ck_assert_uint_eq(grd(p, 5, GPIORIS), BIT(5));
    ck_assert(!qtest_get_irq(qts, 0));
    gset(p, 5, GPIOIE, true);
    ck_assert(qtest_get_irq(qts, 0));
    pc_stop(p);
}
END_TEST

/* --- hostile programming ------------------------------------------------ */

START_TEST(test_bad_reserved_bits)
{
    Pc *p = pc_start(NULL);
    g_autofree char *log = NULL;

    wr_pin(p, 7, 0xffffffff);
    ck_assert_uint_eq(rd_pin(p, 7), ARTPEC6_PINMUX_CONF_MASK |
                      (3 << R_PINMUX_SEL_SHIFT));
    wr_pin(p, 60, 0x80000004);
    ck_assert_uint_eq(rd_pin(p, 60), 0);
    log = ps_log_take(p->t);
    assert_log_has(log, "pin 7 (GPIO7) register: reserved bits 0xffffcf9c "
                        "dropped");
    assert_log_has(log, "pin 60 (SDI0_WP) register: reserved bits "
                        "0x80000004 dropped");
    pc_stop(p);
}
END_TEST

/* Pins past 35 have no SEL: their function is fixed. */
START_TEST(test_bad_sel_without_field)
{
    Pc *p = pc_start(NULL);
    g_autofree char *log = NULL;

    wr_pin(p, 36, (1 << R_PINMUX_SEL_SHIFT) | R_PINMUX_UDC0_MASK);
    ck_assert_uint_eq(rd_pin(p, 36), R_PINMUX_UDC0_MASK);
    assert_mux(p, 36, "nand");
    assert_bias(p, 36, "pull-up");
    wr_pin(p, 96, 3 << R_PINMUX_SEL_SHIFT);
    ck_assert_uint_eq(rd_pin(p, 96), 0);
    log = ps_log_take(p->t);
    assert_log_has(log, "pin 36 (NF_ALE) has no SEL field (only pins 0-35 "
                        "are muxable; its function is nand): SEL bits "
                        "0x00001000 dropped");
    assert_log_has(log, "pin 96 (GBE_MDIO) has no SEL field");
    pc_stop(p);
}
END_TEST

/* A config no group of the pin has: kept (the field exists), no function. */
START_TEST(test_bad_sel_reserved)
{
    Pc *p = pc_start(NULL);
    g_autofree char *log = NULL;

    wr_pin(p, 0, 2 << R_PINMUX_SEL_SHIFT);
    ck_assert_uint_eq(rd_pin(p, 0), 2 << R_PINMUX_SEL_SHIFT);
    assert_mux(p, 0, "reserved");
    wr_pin(p, 33, 3 << R_PINMUX_SEL_SHIFT);
    assert_mux(p, 33, "reserved");
    wr_pin(p, 16, 3 << R_PINMUX_SEL_SHIFT);
    assert_mux(p, 16, "reserved");
    log = ps_log_take(p->t);
    assert_log_has(log, "pin 0 (GPIO0): SEL 2 is reserved (the pin has "
                        "gpio (0), cpuclkout (1)); no function");
    assert_log_has(log, "pin 33 (UART3_RXD): SEL 3 is reserved (the pin "
                        "has uart3 (0), uart2 (1))");
    assert_log_has(log, "pin 16 (GPIO16): SEL 3 is reserved (the pin has "
                        "gpio (0), uart0 (1), spi1 (2))");
    /* A PL061 output on a pin with no function reaches nothing. */
    gpio_output(p, 0, true);
    ck_assert(!qom_bool(p, "level-%u", 0));
    gpio_request(p, 0);
    ck_assert(qom_bool(p, "level-%u", 0));
    pc_stop(p);
}
END_TEST

START_TEST(test_bad_offsets)
{
    Pc *p = pc_start(NULL);
    QTestState *qts = p->t->qts;
    g_autofree char *log = NULL;
    static const uint32_t holes[] = { 0x090, 0x0fc, 0x144, 0x17c };

    for (int i = 0; i < ARRAY_SIZE(holes); i++) {
        qtest_writel(qts, p->base + holes[i], 0x60);
        ck_assert_uint_eq(qtest_readl(qts, p->base + holes[i]), 0);
    }
    qtest_writel(qts, p->base + 0x230, 0x60);
    ck_assert_uint_eq(qtest_readl(qts, p->base + 0x3fc), 0);
    log = ps_log_take(p->t);
    assert_log_has(log, "write 0x00000060 to offset 0x090, where no pin has "
                        "a register (ignored)");
    assert_log_has(log, "read of offset 0x17c, where no pin has a "
                        "register");
    assert_log_has(log, "write 0x00000060 to offset 0x230, past the last "
                        "pin's register (GBE_MDIO, pin 96, at 0x22c)");
    assert_log_has(log, "read of offset 0x3fc, past the last pin's "
                        "register");
    /* No pin's register changed. */
    for (unsigned pin = 0; pin < ARTPEC6_PINS; pin++) {
        ck_assert_uint_eq(rd_pin(p, pin), 0);
    }
    /* Byte and 16-bit accesses: refused by the bus, the register kept. */
    wr_pin(p, 4, R_PINMUX_DRV_MASK);
    qtest_writeb(qts, p->base + artpec6_pin_offset(4), 0xff);
    qtest_writew(qts, p->base + artpec6_pin_offset(4), 0xffff);
    ck_assert_uint_eq(rd_pin(p, 4), R_PINMUX_DRV_MASK);
    log = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(log, "nvalid"));
    pc_stop(p);
}
END_TEST

/* From the host: pins past the GPIO pins, or the last, have no property. */
START_TEST(test_bad_pins_qom)
{
    Pc *p = pc_start(NULL);
    g_autofree char *e1 = host_input(p, 32, true);
    g_autofree char *e2 = host_input(p, 31, true);
    g_autofree char *mux = ps_qom_str(p->t->qts, PATH, "mux-97");
    g_autofree char *out = ps_qom_str(p->t->qts, PATH, "output-32");

    ck_assert_ptr_nonnull(e1);
    ck_assert_ptr_nonnull(strstr(e1, "input-32"));
    ck_assert_ptr_null(e2);
    ck_assert_ptr_null(mux);
    ck_assert_ptr_null(out);
    pc_stop(p);
}
END_TEST

/* --- migration ---------------------------------------------------------- */

START_TEST(test_migration_irq_pending)
{
    Pc *p = pc_start(NULL);
    PsQTest *dst;

    set_mux(p, "uart5grp0", false);
    set_bias(p, 29, "up");
    set_drive(p, 70, 6);
    gpio_output(p, 12, true);
    irq_setup(p, 26, "rising");
    irq_setup(p, 27, "falling");
    drive(p, 27, true);
    drive(p, 26, true);             /* pin 26's edge pending */
    ck_assert_uint_eq(grd(p, 26, GPIOMIS), BIT(2));
    dst = ps_migrate(p->t, "presilicon", "");
    ps_qtest_quit(p->t);
    p->t = dst;
    qtest_irq_intercept_out_named(dst->qts, PATH, "sysbus-irq");
    ck_assert_uint_eq(grd(p, 26, GPIOMIS), BIT(2));
    ck_assert_uint_eq(grd(p, 26, GPIOIE), BIT(2) | BIT(3));
    assert_mux(p, 29, "uart5");
    assert_bias(p, 29, "pull-up");
    ck_assert_int_eq(qom_ma(p, 70), 6);
    ck_assert(qom_bool(p, "level-%u", 12));
    ck_assert(qom_bool(p, "output-enable-%u", 12));
    ck_assert(qom_bool(p, "input-%u", 27));
    ck_assert_uint_eq(grd(p, 26, 0x3fc), BIT(2) | BIT(3));
    irq_ack(p, 26);
    ck_assert(!qtest_get_irq(dst->qts, 3));
    /* Pin 27 still waits for its falling edge. */
    drive(p, 27, false);
    ck_assert(qtest_get_irq(dst->qts, 3));
    ck_assert_uint_eq(grd(p, 27, GPIOMIS), BIT(3));
    /* And the output still follows the guest. */
    gpio_output(p, 12, false);
    ck_assert(!qom_bool(p, "level-%u", 12));
    pc_stop(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("artpec6-pinctrl");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *gpio = tcase_create("gpio");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(dt, test_fdt_nodes);
    tcase_add_test(dt, test_bare_has_no_models);
    tcase_add_test(dt, test_bare_device_is_placed);
    tcase_add_test(regs, test_register_contract);
    tcase_add_test(regs, test_register_map);
    tcase_add_test(regs, test_driver_probe);
    tcase_add_test(regs, test_mux_groups);
    tcase_add_test(regs, test_pinconf);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(gpio, test_gpio_request_muxes);
    tcase_add_test(gpio, test_gpio_out_in);
    tcase_add_test(gpio, test_gpio_irq_edges);
    tcase_add_test(gpio, test_migration_irq_pending);
    tcase_add_test(bad, test_bad_reserved_bits);
    tcase_add_test(bad, test_bad_sel_without_field);
    tcase_add_test(bad, test_bad_sel_reserved);
    tcase_add_test(bad, test_bad_offsets);
    tcase_add_test(bad, test_bad_pins_qom);
    tcase_set_timeout(dt, 60);
    tcase_set_timeout(regs, 60);
    tcase_set_timeout(gpio, 60);
    tcase_set_timeout(bad, 60);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, gpio);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
