/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASPEED AST2500 PWM and fan tach: device-tree nodes (the controller and
 * its reset line), the reset line holding the block, the driver's
 * programming, duty driving the modelled fans to their speed with their
 * lag, the tach count the driver turns into RPM, faults from QMP (a
 * stalled fan, a tach wire pulled), the limit interrupt, hostile
 * programming, reset and migration in the middle of a measurement.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/misc/ast2500_pwm_tacho_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* Where docs/board.md places the board's AST2500 PWM/tach (slot 6). */
#define AST_BASE    0x10060000ull
#define AST_RESET   (AST_BASE + 0x1000)
#define AST_PATH    "/machine/ast2500-pwm-tacho"
#define CLK_HZ      24000000u
#define MAX_RPM     10000u

/* The driver's type M set-up (aspeed_create_type). */
#define M_DIV_L     5
#define M_UNIT      0x5f
#define M_TACH_UNIT 0x420
#define BOTH_EDGES  2

typedef struct Ast {
    PsQTest *t;
} Ast;

static uint32_t rd(Ast *a, uint32_t reg)
{
    return qtest_readl(a->t->qts, AST_BASE + reg);
}

static void wr(Ast *a, uint32_t reg, uint32_t v)
{
    qtest_writel(a->t->qts, AST_BASE + reg, v);
}

static void upd(Ast *a, uint32_t reg, uint32_t mask, uint32_t v)
{
    wr(a, reg, (rd(a, reg) & ~mask) | (v & mask));
}

static Ast *ast_start(const char *extra)
{
    Ast *a = g_new0(Ast, 1);

    a->t = ps_qtest_start("presilicon", "%s", extra ? extra : "");
    return a;
}

static void ast_stop(Ast *a)
{
    ps_qtest_quit(a->t);
    g_free(a);
}

static void step_ms(Ast *a, uint64_t ms)
{
    qtest_clock_step(a->t->qts, ms * 1000 * 1000);
}

/* What aspeed_pwm_tacho_probe() writes, fans on ports A-D, tach 0-3. */
static void driver_init(Ast *a)
{
    int p;

    qtest_writel(a->t->qts, AST_RESET, 0);      /* reset deasserted */
    wr(a, A_PTCR_TACH_SOURCE, 0);
    wr(a, A_PTCR_TACH_SOURCE_EXT, 0);
    upd(a, A_PTCR_CTRL, R_PTCR_CTRL_CLK_EN_MASK, R_PTCR_CTRL_CLK_EN_MASK);
    upd(a, A_PTCR_CTRL, R_PTCR_CTRL_CLK_SRC_MASK, 0);
    upd(a, A_PTCR_CLK_CTRL, 0xffff, (M_UNIT << 8) | M_DIV_L);
    upd(a, A_PTCR_TYPEM_CTRL, 1, 1);
    upd(a, A_PTCR_TYPEM_CTRL, 0xffff003e,
        (BOTH_EDGES << 4) | (M_TACH_UNIT << 16));
    wr(a, A_PTCR_TYPEM_CTRL1, M_TACH_UNIT << 16);
    for (p = 0; p < 4; p++) {
        upd(a, A_PTCR_CTRL, BIT(8 + p), BIT(8 + p));
        upd(a, A_PTCR_CTRL, BIT(4 + p) | BIT(12 + p), 0);   /* type M */
        upd(a, A_PTCR_CTRL, BIT(16 + p), BIT(16 + p));      /* tach p */
        upd(a, A_PTCR_TACH_SOURCE, 3 << (2 * p), p << (2 * p));
    }
}

/* aspeed_set_pwm_port_fan_ctrl(): 0-255 to a falling point, or off. */
static void set_pwm(Ast *a, int port, unsigned fan_ctrl)
{
    unsigned period = M_UNIT + 1, on = fan_ctrl * period / 255;
    uint32_t reg = port < 2 ? A_PTCR_DUTY0_CTRL : A_PTCR_DUTY1_CTRL;
    unsigned shift = port % 2 ? 16 : 0;

    if (!on) {
        upd(a, A_PTCR_CTRL, BIT(8 + port), 0);
        return;
    }
    if (on == period) {
        on = 0;
    }
    upd(a, reg, 0xffff << shift, (on << 8) << shift);
    upd(a, A_PTCR_CTRL, BIT(8 + port), BIT(8 + port));
}

/*
 * aspeed_get_fan_tach_ch_rpm(): trigger, poll RESULT every 500 us for
 * up to 200 ms, and turn the count into RPM; -1 when nothing came.
 */
static int read_rpm(Ast *a, int ch, uint32_t *count)
{
    int i;

    wr(a, A_PTCR_TRIGGER, 0);
    wr(a, A_PTCR_TRIGGER, BIT(ch));
    for (i = 0; i < 400; i++) {
        uint32_t v = rd(a, A_PTCR_RESULT);

        if (v & R_PTCR_RESULT_READY_MASK) {
            uint32_t raw = v & R_PTCR_RESULT_VALUE_MASK;

            if (count) {
                *count = raw;
            }
            return raw ? (uint64_t)CLK_HZ * 60 / (2 * raw * 8) : 0;
        }
        qtest_clock_step(a->t->qts, 500 * 1000);
    }
    return -1;
}

static uint32_t qom_u32(Ast *a, const char *prop)
{
    QDict *r = qtest_qmp(a->t->qts, "{'execute': 'qom-get', 'arguments': "
                         "{'path': %s, 'property': %s}}", AST_PATH, prop);
    uint32_t v = qdict_get_int(r, "return");

    qobject_unref(r);
    return v;
}

static void qom_set_bool(Ast *a, const char *prop, bool v)
{
    QDict *r = qtest_qmp(a->t->qts, "{'execute': 'qom-set', 'arguments': "
                         "{'path': %s, 'property': %s, 'value': %i}}",
                         AST_PATH, prop, v);

    ck_assert_msg(qdict_haskey(r, "return"), "qom-set %s failed", prop);
    qobject_unref(r);
}

/* Within the tach's quantisation and the lag's tail: 1%. */
static void assert_rpm_near(int rpm, unsigned want)
{
    ck_assert_msg(abs(rpm - (int)want) <= (int)want / 100 + 1,
                  "rpm %d, want %u", rpm, want);
}

/* --- device tree -------------------------------------------------------- */

static void check_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size, rbase, rsize;
    const fdt32_t *resets;
    int len, rst, clk, fan, n = 0;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, AST2500_PWM_MMIO_SIZE);
    ck_assert(!ps_fdt_reg(fdt, node, 1, &rbase, &rsize));
    clk = fdt_node_offset_by_phandle(fdt, ps_fdt_cell(fdt, node, "clocks",
                                                      0));
    ck_assert_uint_eq(ps_fdt_cell(fdt, clk, "clock-frequency", 0), CLK_HZ);
    resets = fdt_getprop(fdt, node, "resets", &len);
    ck_assert_int_eq(len, 8);
    ck_assert_uint_eq(fdt32_to_cpu(resets[1]), AST2500_PWM_RESET_BIT);
    rst = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(resets[0]));
    ck_assert_int_eq(fdt_node_check_compatible(fdt, rst,
                                               "snps,dw-high-reset"), 0);
    ck_assert_uint_eq(ps_fdt_cell(fdt, rst, "#reset-cells", 0), 1);
    ck_assert(ps_fdt_reg(fdt, rst, 0, &rbase, &rsize));
    ck_assert_uint_eq(rbase, base + 0x1000);
    ck_assert_uint_eq(rsize, AST2500_PWM_RESET_SIZE);
    fdt_for_each_subnode(fan, fdt, node) {
        const uint8_t *tach = fdt_getprop(fdt, fan, "aspeed,fan-tach-ch",
                                          &len);

        ck_assert_int_eq(len, 1);
        ck_assert_uint_eq(ps_fdt_cell(fdt, fan, "reg", 99), tach[0]);
        n++;
    }
    ck_assert_int_eq(n, 4);
}

START_TEST(test_fdt_node)
{
    ps_check_builtin_node("aspeed,ast2500-pwm-tacho", AST_BASE, check_node);
}
END_TEST

START_TEST(test_bare_has_no_models)
{
    ps_check_bare_has_no_node("aspeed,ast2500-pwm-tacho", AST_RESET);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    uint64_t base;
    PsQTest *t = ps_start_bare_device("ast2500-pwm-tacho",
                                      "aspeed,ast2500-pwm-tacho", check_node,
                                      &base);

    ck_assert_uint_eq(qtest_readl(t->qts, base + 0x1000),
                      BIT(AST2500_PWM_RESET_BIT));
    ps_qtest_quit(t);
}
END_TEST

/* --- registers ---------------------------------------------------------- */

/* Held in reset from power-on: writes go nowhere until it is let go. */
START_TEST(test_reset_line)
{
    Ast *a = ast_start(NULL);
    g_autofree char *log = NULL;

    ck_assert_uint_eq(qtest_readl(a->t->qts, AST_RESET),
                      BIT(AST2500_PWM_RESET_BIT));
    wr(a, A_PTCR_CTRL, 1);
    ck_assert_uint_eq(rd(a, A_PTCR_CTRL), 0);
    log = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(log, "held in reset"));
    qtest_writel(a->t->qts, AST_RESET, 0);
    wr(a, A_PTCR_CTRL, 1);
    ck_assert_uint_eq(rd(a, A_PTCR_CTRL), 1);
    /* Asserted again: the block's registers go back to their reset 0. */
    qtest_writel(a->t->qts, AST_RESET, BIT(AST2500_PWM_RESET_BIT));
    ck_assert_uint_eq(rd(a, A_PTCR_CTRL), 0);
    ast_stop(a);
}
END_TEST

START_TEST(test_register_contract)
{
    Ast *a = ast_start(NULL);
    static const uint32_t rw[] = {
        A_PTCR_CTRL, A_PTCR_CLK_CTRL, A_PTCR_DUTY0_CTRL, A_PTCR_DUTY1_CTRL,
        A_PTCR_TYPEM_CTRL, A_PTCR_TYPEM_CTRL1, A_PTCR_TYPEN_CTRL,
        A_PTCR_TYPEN_CTRL1, A_PTCR_TACH_SOURCE, A_PTCR_INTR_CTRL,
        A_PTCR_TYPEM_LIMIT, A_PTCR_TYPEN_LIMIT, A_PTCR_CTRL_EXT,
        A_PTCR_CLK_CTRL_EXT, A_PTCR_DUTY2_CTRL, A_PTCR_DUTY3_CTRL,
        A_PTCR_TYPEO_CTRL, A_PTCR_TYPEO_CTRL1, A_PTCR_TACH_SOURCE_EXT,
        A_PTCR_TYPEO_LIMIT,
    };
    g_autofree char *log = NULL;
    int i;

    qtest_writel(a->t->qts, AST_RESET, 0);
    for (i = 0; i < ARRAY_SIZE(rw); i++) {
        ck_assert_uint_eq(rd(a, rw[i]), 0);
        wr(a, rw[i], 0x5a5a0000 | rw[i]);
        ck_assert_uint_eq(rd(a, rw[i]), 0x5a5a0000 | rw[i]);
    }
    log = ps_log_take(a->t);
    ck_assert_str_eq(log, "");
    ast_stop(a);
}
END_TEST

START_TEST(test_system_reset)
{
    Ast *a = ast_start(NULL);

    driver_init(a);
    qtest_system_reset(a->t->qts);
    ck_assert_uint_eq(qtest_readl(a->t->qts, AST_RESET),
                      BIT(AST2500_PWM_RESET_BIT));
    qtest_writel(a->t->qts, AST_RESET, 0);
    ck_assert_uint_eq(rd(a, A_PTCR_CTRL), 0);
    ck_assert_uint_eq(rd(a, A_PTCR_CLK_CTRL), 0);
    ck_assert_uint_eq(qom_u32(a, "fan0-rpm"), 0);
    ast_stop(a);
}
END_TEST

/* --- the fans ----------------------------------------------------------- */

/* Full duty at probe, then half: the tach follows within 1%. */
START_TEST(test_duty_drives_rpm)
{
    Ast *a = ast_start(NULL);
    uint32_t count;
    int rpm;

    driver_init(a);
    step_ms(a, 5000);
    rpm = read_rpm(a, 0, &count);
    assert_rpm_near(rpm, MAX_RPM);
    /* 24 MHz / 4 tach clocks, both edges of 2 pulses: 4 edges a turn. */
    ck_assert_uint_eq(count, 6000000ull * 60 / (MAX_RPM * 4));
    assert_rpm_near(qom_u32(a, "fan0-rpm"), MAX_RPM);
    set_pwm(a, 1, 128);     /* 48 of 96 clocks */
    step_ms(a, 5000);
    ck_assert_uint_eq(qom_u32(a, "fan1-duty-ppm"), 500000);
    assert_rpm_near(read_rpm(a, 1, NULL), MAX_RPM / 2);
    /* Points past the 96-clock period: never rising, never falling. */
    wr(a, A_PTCR_DUTY0_CTRL, (rd(a, A_PTCR_DUTY0_CTRL) & 0xffff) |
       ((0 << 8 | 96) << 16));
    ck_assert_uint_eq(qom_u32(a, "fan1-duty-ppm"), 0);
    wr(a, A_PTCR_DUTY0_CTRL, (rd(a, A_PTCR_DUTY0_CTRL) & 0xffff) |
       ((200 << 8 | 0) << 16));
    ck_assert_uint_eq(qom_u32(a, "fan1-duty-ppm"), 1000000);
    /* Off: the port is disabled and the fan winds down to nothing. */
    set_pwm(a, 2, 0);
    step_ms(a, 10000);
    ck_assert_int_eq(read_rpm(a, 2, NULL), -1);
    ck_assert_uint_eq(qom_u32(a, "fan2-rpm"), 0);
    ast_stop(a);
}
END_TEST

/* The motor's lag: one time constant (200 ms) after a step, 63% there. */
START_TEST(test_spin_up_inertia)
{
    Ast *a = ast_start(NULL);

    driver_init(a);
    set_pwm(a, 3, 0);
    step_ms(a, 20000);
    set_pwm(a, 3, 255);
    step_ms(a, 200);
    ck_assert_msg(abs((int)qom_u32(a, "fan3-rpm") - 6321) < 50,
                  "rpm %u after one time constant", qom_u32(a, "fan3-rpm"));
    step_ms(a, 4500);
    assert_rpm_near(read_rpm(a, 3, NULL), MAX_RPM);
    ast_stop(a);
}
END_TEST

START_TEST(test_faults_from_qmp)
{
    Ast *a = ast_start(NULL);

    driver_init(a);
    step_ms(a, 5000);
    /* A stuck rotor: no pulses, the driver's poll times out. */
    qom_set_bool(a, "fan1-stalled", true);
    ck_assert_int_eq(read_rpm(a, 1, NULL), -1);
    ck_assert_uint_eq(qom_u32(a, "fan1-rpm"), 0);
    /* Freed, it spins up again from standstill. */
    qom_set_bool(a, "fan1-stalled", false);
    step_ms(a, 5000);
    assert_rpm_near(read_rpm(a, 1, NULL), MAX_RPM);
    /* A pulled tach wire: the fan turns, the tach sees nothing. */
    qom_set_bool(a, "fan2-tach-connected", false);
    ck_assert_int_eq(read_rpm(a, 2, NULL), -1);
    assert_rpm_near(qom_u32(a, "fan2-rpm"), MAX_RPM);
    qom_set_bool(a, "fan2-tach-connected", true);
    assert_rpm_near(read_rpm(a, 2, NULL), MAX_RPM);
    ast_stop(a);
}
END_TEST

/* A 4-pulse fan read by a driver that assumes 2: twice the speed. */
START_TEST(test_pulses_per_rev)
{
    Ast *a = ast_start("-global ast2500-pwm-tacho.pulses-per-rev=4");

    driver_init(a);
    set_pwm(a, 0, 64);      /* 24 of 96 clocks: a quarter */
    step_ms(a, 5000);
    assert_rpm_near(read_rpm(a, 0, NULL), MAX_RPM / 4 * 2);
    ast_stop(a);
}
END_TEST

/* A fan slower than its type's limit raises the channel's interrupt. */
START_TEST(test_limit_interrupt)
{
    Ast *a = ast_start(NULL);
    QTestState *qts = a->t->qts;

    qtest_irq_intercept_out_named(qts, AST_PATH, "sysbus-irq");
    driver_init(a);
    wr(a, A_PTCR_TYPEM_LIMIT, 6000000u * 60 / (3000 * 4));   /* 3000 rpm */
    wr(a, A_PTCR_INTR_CTRL, BIT(0));
    step_ms(a, 5000);
    ck_assert_int_ge(read_rpm(a, 0, NULL), 0);
    ck_assert_uint_eq(rd(a, A_PTCR_INTR_STS), 0);
    ck_assert(!qtest_get_irq(qts, 0));
    set_pwm(a, 0, 51);      /* 19 of 96 clocks: about 2000 rpm */
    step_ms(a, 5000);
    ck_assert_int_ge(read_rpm(a, 0, NULL), 0);
    ck_assert_uint_eq(rd(a, A_PTCR_INTR_STS), BIT(0));
    ck_assert(qtest_get_irq(qts, 0));
    wr(a, A_PTCR_INTR_STS, BIT(0));
    ck_assert(!qtest_get_irq(qts, 0));
    /* Masked: the status stays clear. */
    wr(a, A_PTCR_INTR_CTRL, 0);
    ck_assert_int_ge(read_rpm(a, 0, NULL), 0);
    ck_assert_uint_eq(rd(a, A_PTCR_INTR_STS), 0);
    ast_stop(a);
}
END_TEST

/* --- hostile programming ------------------------------------------------ */

START_TEST(test_bad_triggers)
{
    Ast *a = ast_start(NULL);
    g_autofree char *l1 = NULL;
    g_autofree char *l2 = NULL;
    g_autofree char *l3 = NULL;
    g_autofree char *l4 = NULL;

    driver_init(a);
    step_ms(a, 5000);
    /* A channel that is not enabled. */
    ck_assert_int_eq(read_rpm(a, 9, NULL), -1);
    l1 = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(l1, "tach channel 9 triggered with the "
                                     "channel disabled"));
    /* Several channels at once: the lowest is measured. */
    wr(a, A_PTCR_TRIGGER, BIT(1) | BIT(2));
    step_ms(a, 10);
    ck_assert(rd(a, A_PTCR_RESULT) & R_PTCR_RESULT_READY_MASK);
    l2 = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(l2, "measuring channel 1 only"));
    /* A bit past the sixteen channels. */
    wr(a, A_PTCR_TRIGGER, BIT(20));
    step_ms(a, 10);
    ck_assert(!(rd(a, A_PTCR_RESULT) & R_PTCR_RESULT_READY_MASK));
    /* The reserved edge mode. */
    upd(a, A_PTCR_TYPEM_CTRL, 0x30, 0x30);
    ck_assert_int_eq(read_rpm(a, 0, NULL), -1);
    l3 = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(l3, "0x00100000 names no tach channel"));
    ck_assert_ptr_nonnull(strstr(l3, "reserved edge mode 3"));
    /* The clock off. */
    upd(a, A_PTCR_TYPEM_CTRL, 0x30, BOTH_EDGES << 4);
    upd(a, A_PTCR_CTRL, R_PTCR_CTRL_CLK_EN_MASK, 0);
    ck_assert_int_eq(read_rpm(a, 0, NULL), -1);
    l4 = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(l4, "the clock off"));
    ast_stop(a);
}
END_TEST

START_TEST(test_bad_accesses)
{
    Ast *a = ast_start(NULL);
    g_autofree char *log = NULL;
    QDict *r;

    qtest_writel(a->t->qts, AST_RESET, 0);
    wr(a, 0x24, 1);
    ck_assert_uint_eq(rd(a, 0x24), 0);
    ck_assert_uint_eq(rd(a, 0x800), 0);
    wr(a, A_PTCR_RESULT, 0x80001234);
    ck_assert_uint_eq(rd(a, A_PTCR_RESULT), 0);
    qtest_writel(a->t->qts, AST_RESET, 0xffffffff);
    ck_assert_uint_eq(qtest_readl(a->t->qts, AST_RESET),
                      BIT(AST2500_PWM_RESET_BIT));
    log = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(log, "to unknown register 0x024"));
    ck_assert_ptr_nonnull(strstr(log, "read of unknown register 0x800"));
    ck_assert_ptr_nonnull(strstr(log, "RESULT is read-only"));
    ck_assert_ptr_nonnull(strstr(log, "only line 9"));
    /* A fan wired to a port that does not exist: refused, named. */
    r = qtest_qmp(a->t->qts, "{'execute': 'qom-set', 'arguments': "
                  "{'path': %s, 'property': 'fan0-pwm', 'value': 8}}",
                  AST_PATH);
    ck_assert(qdict_haskey(r, "error"));
    ck_assert_ptr_nonnull(strstr(qdict_get_str(qdict_get_qdict(r, "error"),
                                               "desc"), "fan0-pwm"));
    qobject_unref(r);
    ast_stop(a);
}
END_TEST

START_TEST(test_bad_options_named)
{
    g_autofree char *cmd = g_strdup_printf(
        "%s -M presilicon,bare=on -display none -device "
        "ast2500-pwm-tacho,pulses-per-rev=0", g_getenv("QTEST_QEMU_BINARY"));
    g_autofree char *err = NULL;
    int status;

    ck_assert(g_spawn_command_line_sync(cmd, NULL, &err, &status, NULL));
    ck_assert_int_ne(status, 0);
    ck_assert_ptr_nonnull(strstr(err, "pulses-per-rev"));
}
END_TEST

/* --- migration ---------------------------------------------------------- */

/* A slow fan's measurement (two edges: 30 ms) spans the migration. */
START_TEST(test_migration_mid_measurement)
{
    Ast *a = ast_start(NULL);
    PsQTest *dst;
    uint32_t v;
    int i;

    driver_init(a);
    set_pwm(a, 0, 26);      /* 9 of 96 clocks: about 940 rpm */
    step_ms(a, 5000);
    wr(a, A_PTCR_TRIGGER, BIT(0));
    step_ms(a, 5);
    ck_assert(!(rd(a, A_PTCR_RESULT) & R_PTCR_RESULT_READY_MASK));
    dst = ps_migrate(a->t, "presilicon", "");
    ps_qtest_quit(a->t);
    a->t = dst;
    for (i = 0; i < 100; i++) {
        v = rd(a, A_PTCR_RESULT);
        if (v & R_PTCR_RESULT_READY_MASK) {
            break;
        }
        step_ms(a, 1);
    }
    ck_assert(v & R_PTCR_RESULT_READY_MASK);
    assert_rpm_near(CLK_HZ * 60ull / (16 * (v & R_PTCR_RESULT_VALUE_MASK)),
                    MAX_RPM * 9 / 96);
    /* The fans came along: fan 1 still at full speed, fan 0 slow. */
    assert_rpm_near(read_rpm(a, 1, NULL), MAX_RPM);
    assert_rpm_near(qom_u32(a, "fan0-rpm"), MAX_RPM * 9 / 96);
    ast_stop(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ast2500-pwm-tacho");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *fans = tcase_create("fans");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(dt, test_fdt_node);
    tcase_add_test(dt, test_bare_has_no_models);
    tcase_add_test(dt, test_bare_device_is_placed);
    tcase_add_test(dt, test_bad_options_named);
    tcase_add_test(regs, test_reset_line);
    tcase_add_test(regs, test_register_contract);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(fans, test_duty_drives_rpm);
    tcase_add_test(fans, test_spin_up_inertia);
    tcase_add_test(fans, test_faults_from_qmp);
    tcase_add_test(fans, test_pulses_per_rev);
    tcase_add_test(fans, test_limit_interrupt);
    tcase_add_test(fans, test_migration_mid_measurement);
    tcase_add_test(bad, test_bad_triggers);
    tcase_add_test(bad, test_bad_accesses);
    tcase_set_timeout(dt, 60);
    tcase_set_timeout(regs, 60);
    tcase_set_timeout(fans, 60);
    tcase_set_timeout(bad, 60);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, fans);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
