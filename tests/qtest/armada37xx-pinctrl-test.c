/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Marvell Armada 37xx pin controllers: device-tree nodes (the syscon with
 * its gpio and xtal-clk children, the hog state), bad options, the register
 * contract and the strap latch, the mux as the driver sets it (functions,
 * a GPIO request, the groups that share bits) read back from the host,
 * GPIO outputs and host-driven inputs, edge interrupts both ways and both
 * edges by polarity swapping, reset, hostile programming and a migration
 * with an interrupt pending.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/pinctrl/armada37xx_pinctrl_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* Where docs/board.md places them (slots 8 and 9), interrupts 4 KiB in. */
#define NB_BASE     0x10080000ull
#define SB_BASE     0x10090000ull
#define IRQ_WIN     0x1000
#define NB_PATH     "/machine/armada37xx-nb-pinctrl"
#define SB_PATH     "/machine/armada37xx-sb-pinctrl"

typedef struct Pc {
    PsQTest *t;
    uint64_t base;
    const char *path;
} Pc;

static Pc *pc_start(bool south, const char *extra)
{
    Pc *p = g_new0(Pc, 1);

    p->t = ps_qtest_start("presilicon", "%s", extra ? extra : "");
    p->base = south ? SB_BASE : NB_BASE;
    p->path = south ? SB_PATH : NB_PATH;
    return p;
}

static void pc_stop(Pc *p)
{
    ps_qtest_quit(p->t);
    g_free(p);
}

static uint32_t rd(Pc *p, uint32_t reg)
{
    return qtest_readl(p->t->qts, p->base + reg);
}

static void wr(Pc *p, uint32_t reg, uint32_t v)
{
    qtest_writel(p->t->qts, p->base + reg, v);
}

static uint32_t ird(Pc *p, uint32_t reg)
{
    return qtest_readl(p->t->qts, p->base + IRQ_WIN + reg);
}

static void iwr(Pc *p, uint32_t reg, uint32_t v)
{
    qtest_writel(p->t->qts, p->base + IRQ_WIN + reg, v);
}

/* regmap_update_bits() on the first window. */
static void upd(Pc *p, uint32_t reg, uint32_t mask, uint32_t v)
{
    wr(p, reg, (rd(p, reg) & ~mask) | (v & mask));
}

static void iupd(Pc *p, uint32_t reg, uint32_t mask, uint32_t v)
{
    iwr(p, reg, (ird(p, reg) & ~mask) | (v & mask));
}

/* A GPIO register's word and bit for a pin (armada_37xx_update_reg()). */
#define PREG(r, pin)    ((r) + 4 * ((pin) / 32))
#define PBIT(pin)       BIT((pin) % 32)

static const A37xxPinGroup *group(bool south, const char *name)
{
    const A37xxPinGroup *g = south ? a37xx_sb_groups : a37xx_nb_groups;
    size_t n = south ? ARRAY_SIZE(a37xx_sb_groups)
                     : ARRAY_SIZE(a37xx_nb_groups);

    for (size_t i = 0; i < n; i++) {
        if (!strcmp(g[i].name, name)) {
            return &g[i];
        }
    }
    g_assert_not_reached();
}

/* armada_37xx_pmx_set_by_name(): the function's value under the mask. */
static void set_mux(Pc *p, bool south, const char *grp, const char *func)
{
    const A37xxPinGroup *g = group(south, grp);

    for (int f = 0; f < A37XX_NB_FUNCS && g->func[f]; f++) {
        if (!strcmp(g->func[f], func)) {
            upd(p, A_SELECTION, g->mask, g->val[f]);
            return;
        }
    }
    g_assert_not_reached();
}

static char *qom_str(Pc *p, const char *prop)
{
    QDict *r = qtest_qmp(p->t->qts, "{'execute': 'qom-get', 'arguments': "
                         "{'path': %s, 'property': %s}}", p->path, prop);
    char *v;

    ck_assert_msg(qdict_haskey(r, "return"), "qom-get %s failed", prop);
    v = g_strdup(qdict_get_str(r, "return"));
    qobject_unref(r);
    return v;
}

static bool qom_bool(Pc *p, const char *fmt, unsigned pin)
{
    g_autofree char *prop = g_strdup_printf(fmt, pin);
    QDict *r = qtest_qmp(p->t->qts, "{'execute': 'qom-get', 'arguments': "
                         "{'path': %s, 'property': %s}}", p->path, prop);
    bool v;

    ck_assert_msg(qdict_haskey(r, "return"), "qom-get %s failed", prop);
    v = qdict_get_bool(r, "return");
    qobject_unref(r);
    return v;
}

/* The host drives a pin; NULL on success, else QMP's error text. */
static char *host_input(Pc *p, unsigned pin, bool level)
{
    g_autofree char *prop = g_strdup_printf("input-%u", pin);
    QDict *r = qtest_qmp(p->t->qts, "{'execute': 'qom-set', 'arguments': "
                         "{'path': %s, 'property': %s, 'value': %i}}",
                         p->path, prop, level);
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

static void assert_mux(Pc *p, const char *grp, const char *want)
{
    g_autofree char *prop = g_strdup_printf("mux-%s", grp);
    g_autofree char *got = qom_str(p, prop);

    ck_assert_str_eq(got, want);
}

/* --- device tree -------------------------------------------------------- */

static void check_node(const void *fdt, int node, uint64_t want_base)
{
    bool south = !fdt_node_check_compatible(fdt, node,
                                            "marvell,armada3710-sb-pinctrl");
    uint64_t base, size, ibase, isize;
    const fdt32_t *ranges, *irqs;
    int len, gpio, xtal, hog;

    ck_assert_int_ge(node, 0);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, node, "syscon"), 0);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, node, "simple-mfd"), 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        /* On the board a slot's second window is 4 KiB in. */
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, A37XX_PINCTRL_MMIO_SIZE);
    ck_assert(ps_fdt_reg(fdt, node, 1, &ibase, &isize));
    if (want_base) {
        ck_assert_uint_eq(ibase, base + IRQ_WIN);
    }
    ck_assert_uint_eq(isize, A37XX_PINCTRL_IRQ_SIZE);
    /* Interrupts belong to the gpio child, not to the syscon. */
    ck_assert_ptr_null(fdt_getprop(fdt, node, "interrupts", &len));

    gpio = fdt_subnode_offset(fdt, node, "gpio");
    ck_assert_int_ge(gpio, 0);
    ck_assert_ptr_nonnull(fdt_getprop(fdt, gpio, "gpio-controller", &len));
    ck_assert_ptr_nonnull(fdt_getprop(fdt, gpio, "interrupt-controller",
                                      &len));
    ck_assert_uint_eq(ps_fdt_cell(fdt, gpio, "#gpio-cells", 0), 2);
    ck_assert_uint_eq(ps_fdt_cell(fdt, gpio, "#interrupt-cells", 0), 2);
    ck_assert_uint_eq(ps_fdt_cell(fdt, gpio, "#address-cells", 9), 0);
    ranges = fdt_getprop(fdt, gpio, "gpio-ranges", &len);
    ck_assert_int_eq(len, 16);
    ck_assert_uint_eq(fdt32_to_cpu(ranges[0]), fdt_get_phandle(fdt, node));
    ck_assert_uint_eq(fdt32_to_cpu(ranges[1]), 0);
    ck_assert_uint_eq(fdt32_to_cpu(ranges[2]), 0);
    ck_assert_uint_eq(fdt32_to_cpu(ranges[3]),
                      south ? A37XX_SB_PINS : A37XX_NB_PINS);
    irqs = fdt_getprop(fdt, gpio, "interrupts", &len);
    ck_assert_int_eq(len, 12);
    ck_assert_uint_eq(fdt32_to_cpu(irqs[0]), 0);        /* SPI */
    ck_assert_uint_eq(fdt32_to_cpu(irqs[2]), 4);        /* level high */

    /* The north bridge's crystal strap reader. */
    xtal = fdt_subnode_offset(fdt, node, "xtal-clk");
    if (south) {
        ck_assert_int_lt(xtal, 0);
    } else {
        ck_assert_int_ge(xtal, 0);
        ck_assert_int_eq(fdt_node_check_compatible(
                             fdt, xtal, "marvell,armada-3700-xtal-clock"), 0);
        ck_assert_uint_eq(ps_fdt_cell(fdt, xtal, "#clock-cells", 9), 0);
    }

    /* The hog: the controller's own default state. */
    hog = fdt_node_offset_by_phandle(fdt, ps_fdt_cell(fdt, node, "pinctrl-0",
                                                      0));
    ck_assert_int_ge(hog, 0);
    ck_assert_int_eq(fdt_parent_offset(fdt, hog), node);
    ck_assert_str_eq(fdt_getprop(fdt, hog, "groups", &len),
                     south ? "ptp_clk" : "pwm3");
    ck_assert_str_eq(fdt_getprop(fdt, hog, "function", &len),
                     south ? "mii" : "led");
}

START_TEST(test_fdt_nodes)
{
    ps_check_builtin_node("marvell,armada3710-nb-pinctrl", NB_BASE,
                          check_node);
    ps_check_builtin_node("marvell,armada3710-sb-pinctrl", SB_BASE,
                          check_node);
}
END_TEST

/* Each bridge gets its own SPI, after the MT7623 PMIC wrapper's two. */
START_TEST(test_fdt_interrupts)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree void *fdt = ps_dtb(t);
    int nb = ps_fdt_node_by_compat(fdt, "marvell,armada3710-nb-pinctrl");
    int sb = ps_fdt_node_by_compat(fdt, "marvell,armada3710-sb-pinctrl");
    const fdt32_t *ni, *si;
    int len;

    ni = fdt_getprop(fdt, fdt_subnode_offset(fdt, nb, "gpio"), "interrupts",
                     &len);
    si = fdt_getprop(fdt, fdt_subnode_offset(fdt, sb, "gpio"), "interrupts",
                     &len);
    ck_assert_uint_eq(fdt32_to_cpu(ni[1]), 42);
    ck_assert_uint_eq(fdt32_to_cpu(si[1]), 43);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bare_has_no_models)
{
    ps_check_bare_has_no_node("marvell,armada3710-nb-pinctrl", NB_BASE);
    ps_check_bare_has_no_node("marvell,armada3710-sb-pinctrl", SB_BASE);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    uint64_t base;
    PsQTest *t = ps_start_bare_device("armada37xx-pinctrl,bridge=sb",
                                      "marvell,armada3710-sb-pinctrl",
                                      check_node, &base);

    /* Pins 30 and 31 do not exist on the south bridge. */
    qtest_writel(t->qts, base + A_OUTPUT_EN, 0xffffffff);
    ck_assert_uint_eq(qtest_readl(t->qts, base + A_OUTPUT_EN), 0x3fffffff);
    ps_qtest_quit(t);
    t = ps_start_bare_device("armada37xx-pinctrl",
                             "marvell,armada3710-nb-pinctrl", check_node,
                             &base);
    qtest_writel(t->qts, base + A_OUTPUT_EN + 4, 0xffffffff);
    ck_assert_uint_eq(qtest_readl(t->qts, base + A_OUTPUT_EN + 4), 0xf);
    ps_qtest_quit(t);
}
END_TEST

static void assert_bad_option(const char *opts, const char *name)
{
    g_autofree char *cmd = g_strdup_printf(
        "%s -M presilicon,bare=on -display none -device armada37xx-pinctrl,%s",
        g_getenv("QTEST_QEMU_BINARY"), opts);
    g_autofree char *err = NULL;
    int status;

    ck_assert(g_spawn_command_line_sync(cmd, NULL, &err, &status, NULL));
    ck_assert_int_ne(status, 0);
    ck_assert_msg(strstr(err, name), "'%s' does not name %s", err, name);
}

START_TEST(test_bad_options_named)
{
    assert_bad_option("bridge=eb", "bridge");
    assert_bad_option("xtal-hz=30000000", "xtal-hz");
}
END_TEST

/* --- registers ---------------------------------------------------------- */

START_TEST(test_register_contract)
{
    Pc *p = pc_start(false, NULL);
    static const uint32_t regs[] = {
        A_OUTPUT_EN, A_OUTPUT_VAL, A_OUTPUT_CTL,
    };
    static const uint32_t iregs[] = { A_IRQ_EN, A_IRQ_POL, A_IRQ_WKUP };
    g_autofree char *log = NULL;

    /* Reset: inputs, no interrupts; the 25 MHz strap. */
    for (int b = 0; b < 2; b++) {
        for (int i = 0; i < ARRAY_SIZE(regs); i++) {
            ck_assert_uint_eq(rd(p, regs[i] + 4 * b), 0);
        }
        for (int i = 0; i < 4; i++) {
            ck_assert_uint_eq(ird(p, 8 * i + 4 * b), 0);
        }
        ck_assert_uint_eq(rd(p, A_INPUT_VAL + 4 * b), 0);
    }
    ck_assert_uint_eq(rd(p, A_LATCH), 0);
    /* The hog the kernel would apply is the kernel's: at reset, 0. */
    ck_assert_uint_eq(rd(p, A_SELECTION), 0);
    assert_mux(p, "pwm3", "pwm");
    /* Read/write, pin bits only. */
    for (int i = 0; i < ARRAY_SIZE(regs); i++) {
        wr(p, regs[i], 0xa5a5a5a5);
        ck_assert_uint_eq(rd(p, regs[i]), 0xa5a5a5a5);
        wr(p, regs[i] + 4, 0x5);
        ck_assert_uint_eq(rd(p, regs[i] + 4), 0x5);
    }
    for (int i = 0; i < ARRAY_SIZE(iregs); i++) {
        iwr(p, iregs[i], 0x12345678);
        ck_assert_uint_eq(ird(p, iregs[i]), 0x12345678);
        iwr(p, iregs[i] + 4, 0xa);
        ck_assert_uint_eq(ird(p, iregs[i] + 4), 0xa);
    }
    wr(p, A_SELECTION, A37XX_NB_SELECTION_VALID & ~0x00f00078u);
    ck_assert_uint_eq(rd(p, A_SELECTION),
                      A37XX_NB_SELECTION_VALID & ~0x00f00078u);
    log = ps_log_take(p->t);
    ck_assert_str_eq(log, "");
    pc_stop(p);
}
END_TEST

/* The crystal strap the xtal clock driver reads (NB_GPIO1_LATCH bit 9). */
START_TEST(test_xtal_latch)
{
    PsQTest *t = ps_qtest_start("presilicon,bare=on", "%s",
                                "-device armada37xx-pinctrl,xtal-hz=40000000"
                                " -device armada37xx-pinctrl,bridge=sb,"
                                "xtal-hz=40000000");
    g_autofree void *fdt = ps_dtb(t);
    uint64_t nb, sb, size;

    ck_assert(ps_fdt_reg(fdt, ps_fdt_node_by_compat(
                             fdt, "marvell,armada3710-nb-pinctrl"), 0, &nb,
                         &size));
    ck_assert(ps_fdt_reg(fdt, ps_fdt_node_by_compat(
                             fdt, "marvell,armada3710-sb-pinctrl"), 0, &sb,
                         &size));
    ck_assert_uint_eq(qtest_readl(t->qts, nb + A_LATCH),
                      R_LATCH_XTAL_MODE_MASK);
    ck_assert_uint_eq(qtest_readl(t->qts, sb + A_LATCH), 0);
    ps_qtest_quit(t);
}
END_TEST

/* --- the mux ------------------------------------------------------------ */

START_TEST(test_mux_nb)
{
    Pc *p = pc_start(false, NULL);

    set_mux(p, false, "pwm1", "led");
    ck_assert_uint_eq(rd(p, A_SELECTION), BIT(21));
    assert_mux(p, "pwm1", "led");
    assert_mux(p, "pwm0", "pwm");
    set_mux(p, false, "pwm1", "gpio");
    ck_assert_uint_eq(rd(p, A_SELECTION), BIT(4));
    assert_mux(p, "pwm1", "gpio");
    set_mux(p, false, "jtag", "gpio");
    assert_mux(p, "jtag", "gpio");
    /* A GPIO request on pin 18: every group holding it goes to gpio. */
    set_mux(p, false, "spi_cs2", "gpio");
    set_mux(p, false, "uart2", "gpio");
    assert_mux(p, "spi_cs2", "gpio");
    assert_mux(p, "uart2", "gpio");
    assert_mux(p, "sdio0", "gpio");         /* bit 1 is shared */
    /* uart2's UART takes bit 19 from the chip selects. */
    set_mux(p, false, "uart2", "uart");
    assert_mux(p, "uart2", "uart");
    assert_mux(p, "spi_cs2", "none");
    assert_mux(p, "spi_cs3", "none");
    set_mux(p, false, "spi_cs3", "spi");
    assert_mux(p, "spi_cs3", "spi");
    assert_mux(p, "uart2", "none");
    assert_mux(p, "gpio1_5", "gpio");
    pc_stop(p);
}
END_TEST

START_TEST(test_mux_sb)
{
    Pc *p = pc_start(true, NULL);

    assert_mux(p, "mii_col", "mii");
    set_mux(p, true, "mii_col", "mii_err");
    assert_mux(p, "mii_col", "mii_err");
    set_mux(p, true, "rgmii", "gpio");
    assert_mux(p, "rgmii", "gpio");
    ck_assert_uint_eq(rd(p, A_SELECTION), BIT(3) | BIT(8));
    set_mux(p, true, "mii_col", "gpio");
    ck_assert_uint_eq(rd(p, A_SELECTION), BIT(3) | BIT(14));
    pc_stop(p);
}
END_TEST

/* --- GPIO --------------------------------------------------------------- */

/* armada_37xx_gpio_direction_output(): value first, then the enable. */
static void gpio_output(Pc *p, unsigned pin, bool v)
{
    upd(p, PREG(A_OUTPUT_VAL, pin), PBIT(pin), v ? PBIT(pin) : 0);
    upd(p, PREG(A_OUTPUT_EN, pin), PBIT(pin), PBIT(pin));
}

static void gpio_input(Pc *p, unsigned pin)
{
    upd(p, PREG(A_OUTPUT_EN, pin), PBIT(pin), 0);
}

static bool gpio_get(Pc *p, unsigned pin)
{
    return rd(p, PREG(A_INPUT_VAL, pin)) & PBIT(pin);
}

START_TEST(test_gpio_out_in)
{
    Pc *p = pc_start(false, NULL);

    gpio_output(p, 33, true);
    ck_assert(qom_bool(p, "output-enable-%u", 33));
    ck_assert(qom_bool(p, "output-%u", 33));
    ck_assert(qom_bool(p, "level-%u", 33));
    ck_assert(gpio_get(p, 33));
    gpio_output(p, 33, false);
    ck_assert(!qom_bool(p, "output-%u", 33));
    ck_assert(!gpio_get(p, 33));
    /* An output ignores what the board drives; an input follows it. */
    drive(p, 33, true);
    ck_assert(!gpio_get(p, 33));
    gpio_input(p, 33);
    ck_assert(!qom_bool(p, "output-enable-%u", 33));
    ck_assert(gpio_get(p, 33));
    drive(p, 33, false);
    ck_assert(!gpio_get(p, 33));
    drive(p, 7, true);
    ck_assert_uint_eq(rd(p, A_INPUT_VAL), BIT(7));
    ck_assert(qom_bool(p, "input-%u", 7));
    pc_stop(p);
}
END_TEST

/* --- interrupts --------------------------------------------------------- */

/* The driver's irq_set_type() for one edge, then irq_startup (unmask). */
static void irq_setup(Pc *p, unsigned pin, bool falling)
{
    iupd(p, PREG(A_IRQ_POL, pin), PBIT(pin), falling ? PBIT(pin) : 0);
    iupd(p, PREG(A_IRQ_EN, pin), PBIT(pin), PBIT(pin));
}

static Pc *pc_start_irq(bool south)
{
    Pc *p = pc_start(south, NULL);

    qtest_irq_intercept_out_named(p->t->qts, p->path, "sysbus-irq");
    return p;
}

START_TEST(test_irq_rising_falling)
{
    Pc *p = pc_start_irq(false);
    QTestState *qts = p->t->qts;

    irq_setup(p, 3, false);
    irq_setup(p, 34, true);
    drive(p, 34, true);             /* rising: pin 34 waits for falling */
    ck_assert_uint_eq(ird(p, A_IRQ_STATUS + 4), 0);
    ck_assert(!qtest_get_irq(qts, 0));
    drive(p, 3, true);
    ck_assert_uint_eq(ird(p, A_IRQ_STATUS), BIT(3));
    ck_assert(qtest_get_irq(qts, 0));
    iwr(p, A_IRQ_STATUS, BIT(3));   /* irq_ack */
    ck_assert_uint_eq(ird(p, A_IRQ_STATUS), 0);
    ck_assert(!qtest_get_irq(qts, 0));
    drive(p, 3, false);             /* falling: not pin 3's edge */
    ck_assert(!qtest_get_irq(qts, 0));
    drive(p, 34, false);
    ck_assert_uint_eq(ird(p, A_IRQ_STATUS + 4), BIT(2));
    ck_assert(qtest_get_irq(qts, 0));
    iwr(p, A_IRQ_STATUS + 4, BIT(2));
    ck_assert(!qtest_get_irq(qts, 0));
    pc_stop(p);
}
END_TEST

/* Status latches whether enabled or not; only enabled pins raise it. */
START_TEST(test_irq_mask)
{
    Pc *p = pc_start_irq(false);
    QTestState *qts = p->t->qts;

    drive(p, 9, true);
    ck_assert_uint_eq(ird(p, A_IRQ_STATUS), BIT(9));
    ck_assert(!qtest_get_irq(qts, 0));
    iupd(p, A_IRQ_EN, BIT(9), BIT(9));
    ck_assert(qtest_get_irq(qts, 0));
    iupd(p, A_IRQ_EN, BIT(9), 0);   /* irq_mask */
    ck_assert(!qtest_get_irq(qts, 0));
    /* A GPIO output's own edge is seen too (the pad loops back). */
    iwr(p, A_IRQ_STATUS, 0xffffffff);
    irq_setup(p, 20, false);
    gpio_output(p, 20, true);
    ck_assert(qtest_get_irq(qts, 0));
    ck_assert_uint_eq(ird(p, A_IRQ_STATUS), BIT(20));
    pc_stop(p);
}
END_TEST

/*
 * IRQ_TYPE_EDGE_BOTH: the driver sets the polarity from the level and
 * swaps it after each edge (armada_37xx_edge_both_irq_swap_pol()). A
 * polarity set to where the level already is latches nothing.
 */
START_TEST(test_irq_both_edges)
{
    Pc *p = pc_start_irq(true);
    QTestState *qts = p->t->qts;
    unsigned pin = 29;

    drive(p, pin, true);
    iwr(p, A_IRQ_STATUS, 0xffffffff);
    /* Level high: falling. */
    irq_setup(p, pin, gpio_get(p, pin));
    ck_assert(!qtest_get_irq(qts, 0));
    drive(p, pin, false);
    ck_assert(qtest_get_irq(qts, 0));
    /* The handler: the level and polarity differ, swap, ack. */
    ck_assert(ird(p, A_IRQ_POL) & BIT(pin));
    iupd(p, A_IRQ_POL, BIT(pin), 0);
    iwr(p, A_IRQ_STATUS, BIT(pin));
    ck_assert(!qtest_get_irq(qts, 0));
    drive(p, pin, true);
    ck_assert(qtest_get_irq(qts, 0));
    iupd(p, A_IRQ_POL, BIT(pin), BIT(pin));
    iwr(p, A_IRQ_STATUS, BIT(pin));
    /* Polarity to rising while high, and back: no edge, nothing latched. */
    iupd(p, A_IRQ_POL, BIT(pin), 0);
    iupd(p, A_IRQ_POL, BIT(pin), BIT(pin));
    ck_assert_uint_eq(ird(p, A_IRQ_STATUS), 0);
    ck_assert(!qtest_get_irq(qts, 0));
    pc_stop(p);
}
END_TEST

START_TEST(test_system_reset)
{
    Pc *p = pc_start_irq(false);
    QTestState *qts = p->t->qts;

    gpio_output(p, 1, true);
    set_mux(p, false, "i2c1", "gpio");
    irq_setup(p, 2, false);
    drive(p, 2, true);
    ck_assert(qtest_get_irq(qts, 0));
    qtest_system_reset(qts);
    ck_assert(!qtest_get_irq(qts, 0));
    ck_assert_uint_eq(rd(p, A_OUTPUT_EN), 0);
    ck_assert_uint_eq(rd(p, A_OUTPUT_VAL), 0);
    ck_assert_uint_eq(rd(p, A_SELECTION), 0);
    ck_assert_uint_eq(ird(p, A_IRQ_EN), 0);
    ck_assert_uint_eq(ird(p, A_IRQ_STATUS), 0);
    /* The board still drives pin 2. */
    ck_assert_uint_eq(rd(p, A_INPUT_VAL), BIT(2));
    pc_stop(p);
}
END_TEST

/* --- hostile programming ------------------------------------------------ */

START_TEST(test_bad_mux)
{
    Pc *p = pc_start(false, NULL);
    g_autofree char *l1 = NULL;
    g_autofree char *l2 = NULL;

    /* pwm0 with both its bits: an encoding no function has. */
    wr(p, A_SELECTION, BIT(3) | BIT(20));
    ck_assert_uint_eq(rd(p, A_SELECTION), BIT(3) | BIT(20));
    assert_mux(p, "pwm0", "reserved");
    l1 = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(l1, "reserved encoding for group pwm0"));
    /* Bits no group has: dropped. */
    wr(p, A_SELECTION, BIT(11) | BIT(15) | BIT(31) | BIT(0));
    ck_assert_uint_eq(rd(p, A_SELECTION), BIT(0));
    l2 = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(l2, "SELECTION bits 0x80008800 select no "
                                     "group"));
    assert_mux(p, "jtag", "gpio");
    pc_stop(p);
}
END_TEST

START_TEST(test_bad_pins)
{
    Pc *p = pc_start(true, NULL);
    g_autofree char *log = NULL;
    g_autofree char *e1 = NULL;
    g_autofree char *e2 = NULL;

    /* The south bridge has 30 pins: bank 1 and bits 30-31 are empty. */
    wr(p, A_OUTPUT_EN + 4, 1);
    wr(p, A_OUTPUT_VAL, 0xc0000001);
    iwr(p, A_IRQ_EN, BIT(31));
    ck_assert_uint_eq(rd(p, A_OUTPUT_EN + 4), 0);
    ck_assert_uint_eq(rd(p, A_OUTPUT_VAL), 1);
    ck_assert_uint_eq(ird(p, A_IRQ_EN), 0);
    log = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(log, "OUTPUT_EN (pins 32-63) bits "
                                      "0x00000001 are pins the bridge does "
                                      "not have (30 pins"));
    ck_assert_ptr_nonnull(strstr(log, "OUTPUT_VAL bits 0xc0000000"));
    ck_assert_ptr_nonnull(strstr(log, "IRQ_EN bits 0x80000000"));
    /* From the host: a pin past the end has no property. */
    e1 = host_input(p, 30, true);
    ck_assert_ptr_nonnull(e1);
    ck_assert_ptr_nonnull(strstr(e1, "input-30"));
    e2 = host_input(p, 29, true);
    ck_assert_ptr_null(e2);
    pc_stop(p);
}
END_TEST

START_TEST(test_bad_accesses)
{
    Pc *p = pc_start(false, NULL);
    g_autofree char *log = NULL;

    drive(p, 0, true);
    wr(p, A_INPUT_VAL, 0);
    ck_assert_uint_eq(rd(p, A_INPUT_VAL), 1);
    wr(p, A_LATCH, R_LATCH_XTAL_MODE_MASK);
    ck_assert_uint_eq(rd(p, A_LATCH), 0);
    wr(p, 0x28, 1);
    ck_assert_uint_eq(rd(p, 0x28), 0);
    ck_assert_uint_eq(rd(p, 0xfc), 0);
    /* Byte accesses: refused by the bus, the register keeps its value. */
    wr(p, A_OUTPUT_VAL, 0x100);
    qtest_writeb(p->t->qts, p->base + A_OUTPUT_VAL, 0xff);
    ck_assert_uint_eq(rd(p, A_OUTPUT_VAL), 0x100);
    log = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(log, "to read-only INPUT_VAL"));
    ck_assert_ptr_nonnull(strstr(log, "to read-only LATCH"));
    ck_assert_ptr_nonnull(strstr(log, "write 0x00000001 to unknown offset "
                                      "0x28"));
    ck_assert_ptr_nonnull(strstr(log, "read of unknown offset 0xfc"));
    pc_stop(p);
}
END_TEST

/* --- migration ---------------------------------------------------------- */

START_TEST(test_migration_irq_pending)
{
    Pc *p = pc_start(false, NULL);
    PsQTest *dst;

    set_mux(p, false, "pwm2", "led");
    gpio_output(p, 35, true);
    irq_setup(p, 5, false);
    irq_setup(p, 6, true);
    drive(p, 6, true);
    drive(p, 5, true);              /* pin 5's edge pending */
    ck_assert_uint_eq(ird(p, A_IRQ_STATUS), BIT(5));
    dst = ps_migrate(p->t, "presilicon", "");
    ps_qtest_quit(p->t);
    p->t = dst;
    qtest_irq_intercept_out_named(dst->qts, p->path, "sysbus-irq");
    ck_assert_uint_eq(ird(p, A_IRQ_STATUS), BIT(5));
    ck_assert_uint_eq(ird(p, A_IRQ_EN), BIT(5) | BIT(6));
    ck_assert_uint_eq(ird(p, A_IRQ_POL), BIT(6));
    assert_mux(p, "pwm2", "led");
    ck_assert(qom_bool(p, "level-%u", 35));
    ck_assert(qom_bool(p, "input-%u", 6));
    ck_assert_uint_eq(rd(p, A_INPUT_VAL), BIT(5) | BIT(6));
    iwr(p, A_IRQ_STATUS, BIT(5));
    ck_assert(!qtest_get_irq(dst->qts, 0));
    /* Pin 6 still waits for its falling edge. */
    drive(p, 6, false);
    ck_assert(qtest_get_irq(dst->qts, 0));
    ck_assert_uint_eq(ird(p, A_IRQ_STATUS), BIT(6));
    pc_stop(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("armada37xx-pinctrl");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *gpio = tcase_create("gpio");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(dt, test_fdt_nodes);
    tcase_add_test(dt, test_fdt_interrupts);
    tcase_add_test(dt, test_bare_has_no_models);
    tcase_add_test(dt, test_bare_device_is_placed);
    tcase_add_test(dt, test_bad_options_named);
    tcase_add_test(regs, test_register_contract);
    tcase_add_test(regs, test_xtal_latch);
    tcase_add_test(regs, test_mux_nb);
    tcase_add_test(regs, test_mux_sb);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(gpio, test_gpio_out_in);
    tcase_add_test(gpio, test_irq_rising_falling);
    tcase_add_test(gpio, test_irq_mask);
    tcase_add_test(gpio, test_irq_both_edges);
    tcase_add_test(gpio, test_migration_irq_pending);
    tcase_add_test(bad, test_bad_mux);
    tcase_add_test(bad, test_bad_pins);
    tcase_add_test(bad, test_bad_accesses);
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
