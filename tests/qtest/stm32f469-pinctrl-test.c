/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * STM32F469 pin controller: device-tree nodes (the pinctrl node with its
 * eleven gpio banks, the SYSCFG syscon, the EXTI and its
 * sixteen GIC interrupts), the GPIO bank registers as pinctrl-stm32.c
 * programs them, the mux read back from the host, outputs (push-pull and
 * open drain) and host-driven inputs, EXTI edges through the SYSCFG's
 * EXTICR (rising, falling, mask, software trigger), the LCKR key sequence,
 * reset, hostile programming and a migration with an interrupt pending.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/pinctrl/stm32f469_pinctrl_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* Where docs/board.md places it: slot 10, SPIs 44-59. */
#define BASE        0x100a0000ull
#define FIRST_SPI   44
#define PATH        "/machine/stm32f469-pinctrl"
#define GPIO(b)     ((b) * STM32F469_BANK_SIZE)
#define SYSCFG      STM32F469_SYSCFG_BASE
#define EXTI        STM32F469_EXTI_BASE

enum { A, B, C, D, E, F, G, H, I, J, K };

typedef struct Pc {
    PsQTest *t;
    uint64_t base;
} Pc;

static Pc *pc_start(void)
{
    Pc *p = g_new0(Pc, 1);

    p->t = ps_qtest_start("presilicon", "%s", "");
    p->base = BASE;
    return p;
}

static Pc *pc_start_irq(void)
{
    Pc *p = pc_start();

    qtest_irq_intercept_out_named(p->t->qts, PATH, "sysbus-irq");
    return p;
}

static void pc_stop(Pc *p)
{
    ps_qtest_quit(p->t);
    g_free(p);
}

static uint32_t rd(Pc *p, uint32_t off)
{
    return qtest_readl(p->t->qts, p->base + off);
}

static void wr(Pc *p, uint32_t off, uint32_t v)
{
    qtest_writel(p->t->qts, p->base + off, v);
}

/* The driver's read-modify-write of a field. */
static void upd(Pc *p, uint32_t off, uint32_t mask, uint32_t v)
{
    wr(p, off, (rd(p, off) & ~mask) | (v & mask));
}

/* stm32_pmx_set_mode(): AFR first, then MODER. */
static void set_mode(Pc *p, int b, int pin, int mode, int af)
{
    uint32_t afr = GPIO(b) + (pin < 8 ? A_GPIO_AFRL : A_GPIO_AFRH);
    int shift = (pin % 8) * 4;

    upd(p, afr, 0xf << shift, af << shift);
    upd(p, GPIO(b) + A_GPIO_MODER, 3 << (pin * 2), mode << (pin * 2));
}

/* stm32_gpio_direction_output(): the value (BSRR), then the mode. */
static void gpio_output(Pc *p, int b, int pin, bool v)
{
    wr(p, GPIO(b) + A_GPIO_BSRR, v ? BIT(pin) : BIT(pin + 16));
    set_mode(p, b, pin, STM32_MODE_OUTPUT, 0);
}

static bool gpio_get(Pc *p, int b, int pin)
{
    return rd(p, GPIO(b) + A_GPIO_IDR) & BIT(pin);
}

static QDict *qom_get(Pc *p, const char *prop)
{
    QDict *r = qtest_qmp(p->t->qts, "{'execute': 'qom-get', 'arguments': "
                         "{'path': %s, 'property': %s}}", PATH, prop);

    ck_assert_msg(qdict_haskey(r, "return"), "qom-get %s failed", prop);
    return r;
}

static bool qom_bool(Pc *p, const char *what, int b, int pin)
{
    g_autofree char *prop = g_strdup_printf("%s-P%c%d", what, 'A' + b, pin);
    QDict *r = qom_get(p, prop);
    bool v = qdict_get_bool(r, "return");

    qobject_unref(r);
    return v;
}

static void assert_str(Pc *p, const char *what, int b, int pin,
                       const char *want)
{
    g_autofree char *prop = g_strdup_printf("%s-P%c%d", what, 'A' + b, pin);
    QDict *r = qom_get(p, prop);

    ck_assert_str_eq(qdict_get_str(r, "return"), want);
    qobject_unref(r);
}

/* The host drives a pin; NULL on success, else QMP's error text. */
static char *host_input(Pc *p, const char *pin, bool level)
{
    g_autofree char *prop = g_strdup_printf("input-%s", pin);
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

static void drive(Pc *p, int b, int pin, bool level)
{
    g_autofree char *name = g_strdup_printf("P%c%d", 'A' + b, pin);
    g_autofree char *err = host_input(p, name, level);

    ck_assert_msg(!err, "input-%s: %s", name, err);
}

/* --- device tree -------------------------------------------------------- */

static void check_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base;
    const fdt32_t *c;
    int len, n = 0, gpio, exti, syscfg;

    ck_assert_int_ge(node, 0);
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "#address-cells", 0), 1);
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "#size-cells", 0), 1);
    c = fdt_getprop(fdt, node, "ranges", &len);
    ck_assert_int_eq(len, 16);
    ck_assert_uint_eq(fdt32_to_cpu(c[0]), 0);
    base = (uint64_t)fdt32_to_cpu(c[1]) << 32 | fdt32_to_cpu(c[2]);
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(fdt32_to_cpu(c[3]), STM32F469_GPIO_SIZE);
    /* No reg: the banks have them. */
    ck_assert_ptr_null(fdt_getprop(fdt, node, "reg", &len));

    /* The EXTI is the interrupt parent, the SYSCFG has the EXTICRs. */
    exti = fdt_node_offset_by_phandle(
        fdt, ps_fdt_cell(fdt, node, "interrupt-parent", 0));
    ck_assert_int_eq(fdt_node_check_compatible(fdt, exti,
                                               "st,stm32mp1-exti"), 0);
    c = fdt_getprop(fdt, node, "st,syscfg", &len);
    ck_assert_int_eq(len, 8);
    syscfg = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(c[0]));
    ck_assert_int_eq(fdt_node_check_compatible(fdt, syscfg, "syscon"), 0);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, syscfg,
                                               "st,stm32-syscfg"), 0);
    ck_assert_uint_eq(fdt32_to_cpu(c[1]), 8);
    {
        uint64_t sb, ss, eb, es;

        ck_assert(ps_fdt_reg(fdt, syscfg, 0, &sb, &ss));
        ck_assert(ps_fdt_reg(fdt, exti, 0, &eb, &es));
        ck_assert_uint_eq(sb, base + SYSCFG);
        ck_assert_uint_eq(eb, base + EXTI);
        ck_assert_uint_eq(ss, 0x400);
        ck_assert_uint_eq(es, 0x400);
    }
    ck_assert_ptr_nonnull(fdt_getprop(fdt, exti, "interrupt-controller",
                                      &len));
    ck_assert_uint_eq(ps_fdt_cell(fdt, exti, "#interrupt-cells", 0), 2);
    c = fdt_getprop(fdt, exti, "interrupts-extended", &len);
    ck_assert_int_eq(len, 16 * 16);
    for (int i = 0; i < 16; i++) {
        ck_assert_uint_eq(fdt32_to_cpu(c[4 * i + 1]), 0);      /* SPI */
        ck_assert_uint_eq(fdt32_to_cpu(c[4 * i + 3]), 4);      /* level */
        if (i) {
            ck_assert_uint_eq(fdt32_to_cpu(c[4 * i + 2]),
                              fdt32_to_cpu(c[2]) + i);
        }
    }

    /* Eleven banks, each with its 0x400 and the chip's pins. */
    fdt_for_each_subnode(gpio, fdt, node) {
        const char *name = fdt_get_name(fdt, gpio, NULL);
        g_autofree char *bank = NULL;

        if (!g_str_has_prefix(name, "gpio@")) {
            continue;
        }
        bank = g_strdup_printf("GPIO%c", 'A' + n);
        ck_assert_ptr_nonnull(fdt_getprop(fdt, gpio, "gpio-controller",
                                          &len));
        ck_assert_ptr_nonnull(fdt_getprop(fdt, gpio, "interrupt-controller",
                                          &len));
        ck_assert_uint_eq(ps_fdt_cell(fdt, gpio, "#gpio-cells", 0), 2);
        ck_assert_uint_eq(ps_fdt_cell(fdt, gpio, "#interrupt-cells", 0), 2);
        ck_assert_str_eq(fdt_getprop(fdt, gpio, "st,bank-name", &len), bank);
        ck_assert_ptr_nonnull(fdt_getprop(fdt, gpio, "clocks", &len));
        c = fdt_getprop(fdt, gpio, "reg", &len);
        ck_assert_int_eq(len, 8);
        ck_assert_uint_eq(fdt32_to_cpu(c[0]), GPIO(n));
        ck_assert_uint_eq(fdt32_to_cpu(c[1]), 0x400);
        c = fdt_getprop(fdt, gpio, "gpio-ranges", &len);
        ck_assert_uint_eq(fdt32_to_cpu(c[0]), fdt_get_phandle(fdt, node));
        if (n == J) {
            /* PJ0-5, PJ12-15. */
            ck_assert_int_eq(len, 32);
            ck_assert_uint_eq(fdt32_to_cpu(c[2]), 144);
            ck_assert_uint_eq(fdt32_to_cpu(c[3]), 6);
            ck_assert_uint_eq(fdt32_to_cpu(c[5]), 12);
            ck_assert_uint_eq(fdt32_to_cpu(c[6]), 156);
            ck_assert_uint_eq(fdt32_to_cpu(c[7]), 4);
        } else if (n == K) {
            ck_assert_int_eq(len, 16);
            ck_assert_uint_eq(fdt32_to_cpu(c[1]), 3);
            ck_assert_uint_eq(fdt32_to_cpu(c[2]), 163);
            ck_assert_uint_eq(fdt32_to_cpu(c[3]), 5);
        } else {
            ck_assert_int_eq(len, 16);
            ck_assert_uint_eq(fdt32_to_cpu(c[1]), 0);
            ck_assert_uint_eq(fdt32_to_cpu(c[2]), n * 16);
            ck_assert_uint_eq(fdt32_to_cpu(c[3]), 16);
        }
        n++;
    }
    ck_assert_int_eq(n, STM32F469_BANKS);
}

START_TEST(test_fdt_nodes)
{
    ps_check_builtin_node("st,stm32f469-pinctrl", BASE, check_node);
}
END_TEST

/* Sixteen SPIs from 44, after the Armada 37xx south bridge's 43. */
START_TEST(test_fdt_interrupts)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree void *fdt = ps_dtb(t);
    int exti = ps_fdt_node_by_compat(fdt, "st,stm32mp1-exti");
    const fdt32_t *c;
    int len;

    c = fdt_getprop(fdt, exti, "interrupts-extended", &len);
    ck_assert_int_eq(len, 16 * 16);
    ck_assert_uint_eq(fdt32_to_cpu(c[2]), FIRST_SPI);
    ck_assert_uint_eq(fdt32_to_cpu(c[4 * 15 + 2]), FIRST_SPI + 15);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bare_has_no_models)
{
    ps_check_bare_has_no_node("st,stm32f469-pinctrl", BASE);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    PsQTest *t = ps_qtest_start("presilicon,bare=on", "-device %s",
                                "stm32f469-pinctrl");
    g_autofree void *fdt = ps_dtb(t);
    int node = ps_fdt_node_by_compat(fdt, "st,stm32f469-pinctrl");
    const fdt32_t *c;
    uint64_t base;
    int len;

    check_node(fdt, node, 0);
    c = fdt_getprop(fdt, node, "ranges", &len);
    base = (uint64_t)fdt32_to_cpu(c[1]) << 32 | fdt32_to_cpu(c[2]);
    /* PK0-PK2 do not exist. */
    qtest_writel(t->qts, base + GPIO(K) + A_GPIO_ODR, 0xffff);
    ck_assert_uint_eq(qtest_readl(t->qts, base + GPIO(K) + A_GPIO_ODR),
                      0xf8);
    ck_assert_uint_eq(qtest_readl(t->qts, base + EXTI + A_EXTI_TRG1),
                      0xffff);
    ps_qtest_quit(t);
}
END_TEST

/* --- registers ---------------------------------------------------------- */

START_TEST(test_register_contract)
{
    Pc *p = pc_start();
    static const uint32_t regs[] = {
        A_GPIO_OSPEEDR, A_GPIO_AFRL, A_GPIO_AFRH,
    };
    g_autofree char *log = NULL;

    /* Reset (RM0386): the debug port's pins in AF0, the rest inputs. */
    ck_assert_uint_eq(rd(p, GPIO(A) + A_GPIO_MODER), 0xa8000000);
    ck_assert_uint_eq(rd(p, GPIO(A) + A_GPIO_OSPEEDR), 0x0c000000);
    ck_assert_uint_eq(rd(p, GPIO(A) + A_GPIO_PUPDR), 0x64000000);
    ck_assert_uint_eq(rd(p, GPIO(B) + A_GPIO_MODER), 0x00000280);
    ck_assert_uint_eq(rd(p, GPIO(B) + A_GPIO_OSPEEDR), 0x000000c0);
    ck_assert_uint_eq(rd(p, GPIO(B) + A_GPIO_PUPDR), 0x00000100);
    assert_str(p, "mux", A, 13, "af0");
    assert_str(p, "signal", A, 13, "JTMS SWDIO");
    for (int b = C; b <= K; b++) {
        for (int r = 0; r <= A_GPIO_AFRH; r += 4) {
            ck_assert_uint_eq(rd(p, GPIO(b) + r), 0);
        }
    }
    for (int r = A_SYSCFG_EXTICR1; r <= A_SYSCFG_EXTICR4; r += 4) {
        ck_assert_uint_eq(rd(p, SYSCFG + r), 0);
    }
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_IMR1), 0);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_HWCFGR1), 16);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_TRG1), 0xffff);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_SECCFGR1), 0);

    /* Read/write: every bank, every pin. */
    for (int b = C; b <= I; b++) {
        for (int i = 0; i < ARRAY_SIZE(regs); i++) {
            wr(p, GPIO(b) + regs[i], 0x5a5aa5a5 + b);
            ck_assert_uint_eq(rd(p, GPIO(b) + regs[i]), 0x5a5aa5a5 + b);
        }
        /* No pin in AF mode: the AFs above select nothing yet. */
        wr(p, GPIO(b) + A_GPIO_MODER, 0x5f5fd7f5);
        ck_assert_uint_eq(rd(p, GPIO(b) + A_GPIO_MODER), 0x5f5fd7f5);
        wr(p, GPIO(b) + A_GPIO_PUPDR, 0x66665555);
        ck_assert_uint_eq(rd(p, GPIO(b) + A_GPIO_PUPDR), 0x66665555);
        wr(p, GPIO(b) + A_GPIO_OTYPER, 0xa5a5);
        ck_assert_uint_eq(rd(p, GPIO(b) + A_GPIO_OTYPER), 0xa5a5);
        wr(p, GPIO(b) + A_GPIO_ODR, 0x1234);
        ck_assert_uint_eq(rd(p, GPIO(b) + A_GPIO_ODR), 0x1234);
    }
    /* BSRR: set bits 0-15, reset bits 16-31, set wins; reads 0. */
    wr(p, GPIO(D) + A_GPIO_ODR, 0x00f0);
    wr(p, GPIO(D) + A_GPIO_BSRR, 0x00300003);
    ck_assert_uint_eq(rd(p, GPIO(D) + A_GPIO_ODR), 0x00c3);
    wr(p, GPIO(D) + A_GPIO_BSRR, 0x00010001);
    ck_assert_uint_eq(rd(p, GPIO(D) + A_GPIO_ODR), 0x00c3);
    ck_assert_uint_eq(rd(p, GPIO(D) + A_GPIO_BSRR), 0);
    /* EXTICR: a port per line, A=0 .. K=10. */
    wr(p, SYSCFG + A_SYSCFG_EXTICR1, 0x2310);
    ck_assert_uint_eq(rd(p, SYSCFG + A_SYSCFG_EXTICR1), 0x2310);
    wr(p, SYSCFG + A_SYSCFG_EXTICR4, 0x9987);
    ck_assert_uint_eq(rd(p, SYSCFG + A_SYSCFG_EXTICR4), 0x9987);
    wr(p, EXTI + A_EXTI_RTSR1, 0xffff);
    wr(p, EXTI + A_EXTI_FTSR1, 0x00ff);
    wr(p, EXTI + A_EXTI_IMR1, 0x0f0f);
    wr(p, EXTI + A_EXTI_EMR1, 0x0101);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RTSR1), 0xffff);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_FTSR1), 0x00ff);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_IMR1), 0x0f0f);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_EMR1), 0x0101);
    /* The driver's probe: IMR of all three EXTI banks to 0, SECCFGRs. */
    wr(p, EXTI + A_EXTI_IMR1 + 0x10, 0);
    wr(p, EXTI + A_EXTI_IMR1 + 0x20, 0);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_SECCFGR1 + 0x20), 0);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_TRG2), 0);
    log = ps_log_take(p->t);
    ck_assert_str_eq(log, "");
    pc_stop(p);
}
END_TEST

/* --- the mux ------------------------------------------------------------ */

START_TEST(test_mux)
{
    Pc *p = pc_start();
    g_autofree char *log = NULL;

    /* USART1 on PA9/PA10, as the driver programs it. */
    set_mode(p, A, 9, STM32_MODE_AF, 7);
    set_mode(p, A, 10, STM32_MODE_AF, 7);
    upd(p, GPIO(A) + A_GPIO_PUPDR, 3 << 20, 1 << 20);
    ck_assert_uint_eq(rd(p, GPIO(A) + A_GPIO_AFRH), 0x770);
    ck_assert_uint_eq(rd(p, GPIO(A) + A_GPIO_MODER) & (0xf << 18),
                      0xa << 18);
    assert_str(p, "mux", A, 9, "af7");
    assert_str(p, "signal", A, 9, "USART1_TX");
    assert_str(p, "signal", A, 10, "USART1_RX");
    /* Another AF; gpio; analog; AF15 in bank K. */
    set_mode(p, A, 9, STM32_MODE_AF, 1);
    assert_str(p, "mux", A, 9, "af1");
    assert_str(p, "signal", A, 9, "TIM1_CH2");
    set_mode(p, A, 9, STM32_MODE_INPUT, 0);
    assert_str(p, "mux", A, 9, "gpio");
    assert_str(p, "signal", A, 9, "");
    set_mode(p, A, 9, STM32_MODE_ANALOG, 0);
    assert_str(p, "mux", A, 9, "analog");
    set_mode(p, K, 7, STM32_MODE_AF, 14);
    assert_str(p, "mux", K, 7, "af14");
    assert_str(p, "signal", K, 7, "LCD_DE");
    ck_assert_uint_eq(rd(p, GPIO(K) + A_GPIO_AFRL), 0xe0000000);
    log = ps_log_take(p->t);
    ck_assert_str_eq(log, "");
    pc_stop(p);
}
END_TEST

/* --- GPIO --------------------------------------------------------------- */

START_TEST(test_gpio_out_in)
{
    Pc *p = pc_start();

    gpio_output(p, C, 5, true);
    ck_assert(qom_bool(p, "output-enable", C, 5));
    ck_assert(qom_bool(p, "output", C, 5));
    ck_assert(qom_bool(p, "level", C, 5));
    ck_assert(gpio_get(p, C, 5));
    assert_str(p, "mux", C, 5, "gpio");
    wr(p, GPIO(C) + A_GPIO_BSRR, BIT(5 + 16));
    ck_assert(!qom_bool(p, "level", C, 5));
    ck_assert(!gpio_get(p, C, 5));
    /* An output ignores what the board drives; an input follows it. */
    drive(p, C, 5, true);
    ck_assert(!gpio_get(p, C, 5));
    set_mode(p, C, 5, STM32_MODE_INPUT, 0);
    ck_assert(!qom_bool(p, "output-enable", C, 5));
    ck_assert(gpio_get(p, C, 5));
    ck_assert(qom_bool(p, "input", C, 5));
    drive(p, C, 5, false);
    ck_assert(!gpio_get(p, C, 5));
    /* Open drain: a 1 lets the board's level through, a 0 pulls down. */
    drive(p, E, 2, false);
    upd(p, GPIO(E) + A_GPIO_OTYPER, BIT(2), BIT(2));
    gpio_output(p, E, 2, true);
    ck_assert(!gpio_get(p, E, 2));
    drive(p, E, 2, true);
    ck_assert(gpio_get(p, E, 2));
    wr(p, GPIO(E) + A_GPIO_BSRR, BIT(2 + 16));
    ck_assert(!gpio_get(p, E, 2));
    /* Analog: the input buffer is off. */
    drive(p, F, 0, true);
    ck_assert_uint_eq(rd(p, GPIO(F) + A_GPIO_IDR), 1);
    set_mode(p, F, 0, STM32_MODE_ANALOG, 0);
    ck_assert_uint_eq(rd(p, GPIO(F) + A_GPIO_IDR), 0);
    /* The last bank's highest pin. */
    drive(p, K, 7, true);
    ck_assert_uint_eq(rd(p, GPIO(K) + A_GPIO_IDR), BIT(7));
    pc_stop(p);
}
END_TEST

/* --- interrupts --------------------------------------------------------- */

/*
 * What the drivers do for a GPIO interrupt on Pxn: the pinctrl driver's
 * activate puts port b in line n's EXTICR field, the EXTI's set_type sets
 * RTSR/FTSR, unmask sets IMR.
 */
static void irq_setup(Pc *p, int b, int n, bool rising, bool falling)
{
    uint32_t r = SYSCFG + A_SYSCFG_EXTICR1 + (n / 4) * 4;
    int shift = (n % 4) * 4;

    upd(p, r, 0xf << shift, b << shift);
    upd(p, EXTI + A_EXTI_RTSR1, BIT(n), rising ? BIT(n) : 0);
    upd(p, EXTI + A_EXTI_FTSR1, BIT(n), falling ? BIT(n) : 0);
    upd(p, EXTI + A_EXTI_IMR1, BIT(n), BIT(n));
}

/* The EXTI's eoi: RPR and FPR cleared by writing 1. */
static void irq_eoi(Pc *p, int n)
{
    wr(p, EXTI + A_EXTI_RPR1, BIT(n));
    wr(p, EXTI + A_EXTI_FPR1, BIT(n));
}

START_TEST(test_irq_rising_falling)
{
    Pc *p = pc_start_irq();
    QTestState *qts = p->t->qts;

    irq_setup(p, C, 13, true, false);
    irq_setup(p, G, 2, false, true);
    drive(p, G, 2, true);               /* rising: line 2 waits for falling */
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RPR1), 0);
    ck_assert(!qtest_get_irq(qts, 2));
    drive(p, C, 13, true);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RPR1), BIT(13));
    ck_assert(qtest_get_irq(qts, 13));
    for (int i = 0; i < 16; i++) {
        ck_assert(i == 13 || !qtest_get_irq(qts, i));
    }
    irq_eoi(p, 13);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RPR1), 0);
    ck_assert(!qtest_get_irq(qts, 13));
    drive(p, C, 13, false);             /* falling: not line 13's edge */
    ck_assert(!qtest_get_irq(qts, 13));
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_FPR1), 0);
    drive(p, G, 2, false);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_FPR1), BIT(2));
    ck_assert(qtest_get_irq(qts, 2));
    irq_eoi(p, 2);
    ck_assert(!qtest_get_irq(qts, 2));
    /* Both edges. */
    irq_setup(p, A, 0, true, true);
    drive(p, A, 0, true);
    ck_assert(qtest_get_irq(qts, 0));
    irq_eoi(p, 0);
    drive(p, A, 0, false);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_FPR1), BIT(0));
    ck_assert(qtest_get_irq(qts, 0));
    pc_stop(p);
}
END_TEST

/* Only the port EXTICR selects reaches the line; IMR masks it. */
START_TEST(test_irq_port_and_mask)
{
    Pc *p = pc_start_irq();
    QTestState *qts = p->t->qts;

    irq_setup(p, D, 4, true, false);
    drive(p, A, 4, true);               /* another port: nothing */
    drive(p, B, 4, true);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RPR1), 0);
    upd(p, EXTI + A_EXTI_IMR1, BIT(4), 0);  /* mask */
    drive(p, D, 4, true);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RPR1), BIT(4));
    ck_assert(!qtest_get_irq(qts, 4));
    upd(p, EXTI + A_EXTI_IMR1, BIT(4), BIT(4));  /* unmask: pending fires */
    ck_assert(qtest_get_irq(qts, 4));
    irq_eoi(p, 4);
    ck_assert(!qtest_get_irq(qts, 4));
    /* Moving the line to port A, already high: an edge of the line. */
    drive(p, D, 4, false);
    upd(p, SYSCFG + A_SYSCFG_EXTICR1 + 4, 0xf, A);
    ck_assert(qtest_get_irq(qts, 4));
    irq_eoi(p, 4);
    /* A GPIO output's own edge is seen too (the pad loops back). */
    irq_setup(p, H, 9, true, false);
    gpio_output(p, H, 9, true);
    ck_assert(qtest_get_irq(qts, 9));
    pc_stop(p);
}
END_TEST

/*
 * The level types: the pinctrl driver retriggers through the EXTI's
 * retrigger, a write to SWIER, which sets the rising pending bit.
 */
START_TEST(test_irq_swier)
{
    Pc *p = pc_start_irq();
    QTestState *qts = p->t->qts;

    irq_setup(p, I, 11, true, false);
    wr(p, EXTI + A_EXTI_SWIER1, BIT(11));
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RPR1), BIT(11));
    ck_assert(qtest_get_irq(qts, 11));
    irq_eoi(p, 11);
    ck_assert(!qtest_get_irq(qts, 11));
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_SWIER1), 0);
    wr(p, EXTI + A_EXTI_SWIER1, BIT(11));
    ck_assert(qtest_get_irq(qts, 11));
    pc_stop(p);
}
END_TEST

/* --- the lock ----------------------------------------------------------- */

START_TEST(test_lock)
{
    Pc *p = pc_start();
    g_autofree char *log = NULL;
    g_autofree char *log2 = NULL;
    uint32_t lckr = GPIO(E) + A_GPIO_LCKR;

    wr(p, GPIO(E) + A_GPIO_MODER, 0x5);
    /* A broken sequence locks nothing. */
    wr(p, lckr, 0x10003);
    wr(p, lckr, 0x10003);
    log = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(log, "LCKR key sequence aborted"));
    /* The key: LCKK=1, 0, 1 with the same LCK, then a read. */
    wr(p, lckr, 0x10003);
    wr(p, lckr, 0x00003);
    wr(p, lckr, 0x10003);
    ck_assert_uint_eq(rd(p, lckr), 0x00003);
    ck_assert_uint_eq(rd(p, lckr), 0x10003);
    /* Pins 0 and 1 keep their configuration; pin 2 does not. */
    wr(p, GPIO(E) + A_GPIO_MODER, 0x2a);
    ck_assert_uint_eq(rd(p, GPIO(E) + A_GPIO_MODER), 0x25);
    wr(p, GPIO(E) + A_GPIO_PUPDR, 0xf);
    ck_assert_uint_eq(rd(p, GPIO(E) + A_GPIO_PUPDR), 0);
    /* The output data is not locked. */
    wr(p, GPIO(E) + A_GPIO_ODR, 3);
    ck_assert_uint_eq(rd(p, GPIO(E) + A_GPIO_ODR), 3);
    wr(p, lckr, 0);
    ck_assert_uint_eq(rd(p, lckr), 0x10003);
    log2 = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(log2, "GPIOE MODER bits 0x0000000f belong "
                                       "to pins LCKR locked"));
    ck_assert_ptr_nonnull(strstr(log2, "after the lock is active"));
    /* Until reset. */
    qtest_system_reset(p->t->qts);
    ck_assert_uint_eq(rd(p, lckr), 0);
    wr(p, GPIO(E) + A_GPIO_MODER, 0x2a);
    ck_assert_uint_eq(rd(p, GPIO(E) + A_GPIO_MODER), 0x2a);
    pc_stop(p);
}
END_TEST

START_TEST(test_system_reset)
{
    Pc *p = pc_start_irq();
    QTestState *qts = p->t->qts;

    gpio_output(p, B, 1, true);
    set_mode(p, A, 9, STM32_MODE_AF, 7);
    irq_setup(p, F, 2, true, false);
    drive(p, F, 2, true);
    ck_assert(qtest_get_irq(qts, 2));
    qtest_system_reset(qts);
    ck_assert(!qtest_get_irq(qts, 2));
    ck_assert_uint_eq(rd(p, GPIO(B) + A_GPIO_MODER), 0x280);
    ck_assert_uint_eq(rd(p, GPIO(B) + A_GPIO_ODR), 0);
    ck_assert_uint_eq(rd(p, GPIO(A) + A_GPIO_AFRH), 0);
    ck_assert_uint_eq(rd(p, SYSCFG + A_SYSCFG_EXTICR1), 0);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_IMR1), 0);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RTSR1), 0);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RPR1), 0);
    assert_str(p, "mux", A, 9, "gpio");
    /* The board still drives PF2. */
    ck_assert_uint_eq(rd(p, GPIO(F) + A_GPIO_IDR), BIT(2));
    pc_stop(p);
}
END_TEST

/* --- hostile programming ------------------------------------------------ */

START_TEST(test_bad_mux)
{
    Pc *p = pc_start();
    g_autofree char *l1 = NULL;
    g_autofree char *l2 = NULL;
    g_autofree char *l3 = NULL;

    /* PA13 has AF0 and AF15 only: AF5 is reserved there. */
    set_mode(p, A, 13, STM32_MODE_AF, 5);
    ck_assert_uint_eq(rd(p, GPIO(A) + A_GPIO_AFRH), 5 << 20);
    assert_str(p, "mux", A, 13, "af5");
    assert_str(p, "signal", A, 13, "");
    l1 = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(l1, "PA13 in alternate function AF5, which "
                                     "has no signal"));
    /* AF mode to another reserved AF by AFR alone: said too. */
    set_mode(p, A, 13, STM32_MODE_AF, 0);
    ck_assert_str_eq(ps_log_take(p->t), "");
    upd(p, GPIO(A) + A_GPIO_AFRH, 0xf << 20, 3 << 20);
    l3 = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(l3, "PA13 in alternate function AF3"));
    /* A reserved AF written while the pin is an input: said on the mode. */
    set_mode(p, B, 0, STM32_MODE_INPUT, 13);
    ck_assert_str_eq(ps_log_take(p->t), "");
    upd(p, GPIO(B) + A_GPIO_MODER, 3, STM32_MODE_AF);
    /* Reserved pull: PUPDR 0b11. */
    wr(p, GPIO(C) + A_GPIO_PUPDR, 3 << 8);
    l2 = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(l2, "PB0 in alternate function AF13"));
    ck_assert_ptr_nonnull(strstr(l2, "PC4 PUPDR 0b11 is reserved"));
    pc_stop(p);
}
END_TEST

START_TEST(test_bad_pins)
{
    Pc *p = pc_start();
    g_autofree char *log = NULL;
    g_autofree char *e1 = NULL;
    g_autofree char *e2 = NULL;
    g_autofree char *e3 = NULL;

    /* PJ6-PJ11 and PK0-PK2, PK8-PK15 do not exist. */
    wr(p, GPIO(J) + A_GPIO_MODER, 0x55555555);
    ck_assert_uint_eq(rd(p, GPIO(J) + A_GPIO_MODER), 0x55000555);
    wr(p, GPIO(K) + A_GPIO_ODR, 0xffff);
    ck_assert_uint_eq(rd(p, GPIO(K) + A_GPIO_ODR), 0xf8);
    wr(p, GPIO(K) + A_GPIO_OTYPER, 0xffffffff);
    ck_assert_uint_eq(rd(p, GPIO(K) + A_GPIO_OTYPER), 0xf8);
    wr(p, GPIO(C) + A_GPIO_OTYPER, 0x10001);
    ck_assert_uint_eq(rd(p, GPIO(C) + A_GPIO_OTYPER), 1);
    /* EXTICR: ports past K, pins the port lacks. */
    wr(p, SYSCFG + A_SYSCFG_EXTICR1 + 4, 0x00f0);      /* EXTI5: port 15 */
    wr(p, SYSCFG + A_SYSCFG_EXTICR1 + 4, 0x0900);      /* EXTI6: PJ6 */
    wr(p, SYSCFG + A_SYSCFG_EXTICR1, 0x10000);
    ck_assert_uint_eq(rd(p, SYSCFG + A_SYSCFG_EXTICR1), 0);
    log = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(log, "GPIOJ MODER bits 0x00555000 are pins"));
    ck_assert_ptr_nonnull(strstr(log, "GPIOK ODR bits 0x0000ff07"));
    ck_assert_ptr_nonnull(strstr(log, "GPIOK OTYPER"));
    ck_assert_ptr_nonnull(strstr(log, "GPIOC OTYPER bits 0x00010000"));
    ck_assert_ptr_nonnull(strstr(log, "EXTICR2 selects port 15 for EXTI5"));
    ck_assert_ptr_nonnull(strstr(log, "EXTICR2 selects PJ6 for EXTI6"));
    ck_assert_ptr_nonnull(strstr(log, "EXTICR1 reserved bits 0x00010000"));
    /* From the host: a pin the chip lacks has no property. */
    e1 = host_input(p, "PK0", true);
    ck_assert_ptr_nonnull(e1);
    ck_assert_ptr_nonnull(strstr(e1, "input-PK0"));
    e2 = host_input(p, "PL0", true);
    ck_assert_ptr_nonnull(e2);
    wr(p, GPIO(J) + A_GPIO_MODER, 0);
    e3 = host_input(p, "PJ12", true);
    ck_assert_ptr_null(e3);
    ck_assert_uint_eq(rd(p, GPIO(J) + A_GPIO_IDR), BIT(12));
    pc_stop(p);
}
END_TEST

START_TEST(test_bad_accesses)
{
    Pc *p = pc_start_irq();
    g_autofree char *log = NULL;

    drive(p, A, 0, true);
    wr(p, GPIO(A) + A_GPIO_IDR, 0);
    ck_assert_uint_eq(rd(p, GPIO(A) + A_GPIO_IDR), 1);
    wr(p, GPIO(A) + 0x28, 1);
    ck_assert_uint_eq(rd(p, GPIO(A) + 0x3fc), 0);
    wr(p, SYSCFG + 0x40, 1);
    ck_assert_uint_eq(rd(p, SYSCFG + 0x40), 0);
    /* EXTI: events 16-31 and the banks of 32-95 have no source. */
    wr(p, EXTI + A_EXTI_IMR1, 0xffffffff);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_IMR1), 0xffff);
    wr(p, EXTI + A_EXTI_RTSR1 + 0x20, 1);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RTSR1 + 0x20), 0);
    wr(p, EXTI + A_EXTI_SWIER1, BIT(20));
    wr(p, EXTI + A_EXTI_TRG1, 0);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_TRG1), 0xffff);
    wr(p, EXTI + A_EXTI_SECCFGR1, 1);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_SECCFGR1), 0);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RPR1), 0);
    ck_assert(!qtest_get_irq(p->t->qts, 0));
    /* Byte accesses: refused by the bus, the register keeps its value. */
    wr(p, GPIO(C) + A_GPIO_ODR, 0x100);
    qtest_writeb(p->t->qts, p->base + GPIO(C) + A_GPIO_ODR, 0xff);
    ck_assert_uint_eq(rd(p, GPIO(C) + A_GPIO_ODR), 0x100);
    log = ps_log_take(p->t);
    ck_assert_ptr_nonnull(strstr(log, "to read-only IDR"));
    ck_assert_ptr_nonnull(strstr(log, "GPIOA write 0x00000001 to unknown "
                                      "offset 0x028"));
    ck_assert_ptr_nonnull(strstr(log, "GPIOA read of unknown offset 0x3fc"));
    ck_assert_ptr_nonnull(strstr(log, "SYSCFG write 0x00000001 to unknown"));
    ck_assert_ptr_nonnull(strstr(log, "EXTI IMR1 bits 0xffff0000 are events "
                                      "16-31"));
    ck_assert_ptr_nonnull(strstr(log, "EXTI RTSR2/3 0x00000001: the model "
                                      "has no events 32-95"));
    ck_assert_ptr_nonnull(strstr(log, "EXTI SWIER1 bits 0x00100000"));
    ck_assert_ptr_nonnull(strstr(log, "to read-only offset 0x3ec"));
    ck_assert_ptr_nonnull(strstr(log, "EXTI SECCFGR1 0x00000001: read-only"));
    pc_stop(p);
}
END_TEST

/* --- migration ---------------------------------------------------------- */

START_TEST(test_migration_irq_pending)
{
    Pc *p = pc_start();
    PsQTest *dst;
    uint32_t lckr = GPIO(D) + A_GPIO_LCKR;

    set_mode(p, A, 9, STM32_MODE_AF, 7);
    gpio_output(p, D, 3, true);
    irq_setup(p, B, 5, true, false);
    irq_setup(p, C, 6, false, true);
    drive(p, C, 6, true);
    drive(p, B, 5, true);               /* line 5's edge pending */
    /* The lock key half-way: two writes of three. */
    wr(p, lckr, 0x10008);
    wr(p, lckr, 0x00008);
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RPR1), BIT(5));
    dst = ps_migrate(p->t, "presilicon", "");
    ps_qtest_quit(p->t);
    p->t = dst;
    qtest_irq_intercept_out_named(dst->qts, PATH, "sysbus-irq");
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_RPR1), BIT(5));
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_IMR1), BIT(5) | BIT(6));
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_FTSR1), BIT(6));
    assert_str(p, "mux", A, 9, "af7");
    ck_assert(qom_bool(p, "level", D, 3));
    ck_assert(qom_bool(p, "input", C, 6));
    ck_assert_uint_eq(rd(p, GPIO(C) + A_GPIO_IDR), BIT(6));
    irq_eoi(p, 5);
    ck_assert(!qtest_get_irq(dst->qts, 5));
    /* Line 6 still waits for its falling edge. */
    drive(p, C, 6, false);
    ck_assert(qtest_get_irq(dst->qts, 6));
    ck_assert_uint_eq(rd(p, EXTI + A_EXTI_FPR1), BIT(6));
    /* The key sequence goes on where it was. */
    wr(p, lckr, 0x10008);
    rd(p, lckr);
    ck_assert_uint_eq(rd(p, lckr), 0x10008);
    pc_stop(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("stm32f469-pinctrl");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *gpio = tcase_create("gpio");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(dt, test_fdt_nodes);
    tcase_add_test(dt, test_fdt_interrupts);
    tcase_add_test(dt, test_bare_has_no_models);
    tcase_add_test(dt, test_bare_device_is_placed);
    tcase_add_test(regs, test_register_contract);
    tcase_add_test(regs, test_mux);
    tcase_add_test(regs, test_lock);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(gpio, test_gpio_out_in);
    tcase_add_test(gpio, test_irq_rising_falling);
    tcase_add_test(gpio, test_irq_port_and_mask);
    tcase_add_test(gpio, test_irq_swier);
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
