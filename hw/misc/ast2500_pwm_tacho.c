/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASPEED AST2500 PWM and fan tachometer ("aspeed,ast2500-pwm-tacho").
 *
 * Eight PWM ports (A-H), each of one of three clock types (M, N, O) that
 * set its period, and sixteen tach inputs, as the Linux aspeed-pwm-tacho
 * hwmon driver programs them. Behind the tach inputs are modelled fans:
 * a fan heads for max-rpm times its PWM port's duty with a first-order
 * lag (spin-ms), and a measurement counts tach clocks between two pulse
 * edges of the fan as it turns, in virtual time. A fan can be stalled or
 * its tach wire pulled from QMP. The SoC's reset line for the block (the
 * SCU's PWM reset, bit 9) is a second window a reset-simple driver drives.
 *
 * Not modelled: the PWM waveform itself (only its duty reaches the fans),
 * the tach's own sampling period (TYPE_CTRL period, kept), the CLK_SRC
 * choice (one clock, clk-hz), the fan's electrical start-up threshold, and
 * the AST2400's differences.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/misc/ast2500_pwm_tacho.h"
#include "trace.h"
#include <math.h>

#define R(s, a)         ((s)->regs[(a) / 4])
#define PPM             1000000
/* The fans the board's device tree describes: PWM A-D on tach 0-3. */
#define AST_DT_FANS     4

static const hwaddr ast_type_ctrl[AST2500_PWM_TYPES] = {
    A_PTCR_TYPEM_CTRL, A_PTCR_TYPEN_CTRL, A_PTCR_TYPEO_CTRL,
};
static const hwaddr ast_type_limit[AST2500_PWM_TYPES] = {
    A_PTCR_TYPEM_LIMIT, A_PTCR_TYPEN_LIMIT, A_PTCR_TYPEO_LIMIT,
};

/* The registers that exist; anything else in the window is a guest error. */
static bool ast_reg_exists(hwaddr addr)
{
    switch (addr) {
    case A_PTCR_CTRL ... A_PTCR_TACH_SOURCE:
    case A_PTCR_TRIGGER ... A_PTCR_TYPEO_CTRL1:
    case A_PTCR_TACH_SOURCE_EXT:
    case A_PTCR_TYPEO_LIMIT:
        return true;
    }
    return false;
}

static int64_t ast_now(void)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

static bool ast_in_reset(Ast2500PwmTachoState *s)
{
    return s->reset_ctrl & BIT(AST2500_PWM_RESET_BIT);
}

/* Port p's type (0 M, 1 N, 2 O; 3 is reserved and runs as M). */
static unsigned ast_port_type(Ast2500PwmTachoState *s, unsigned p)
{
    uint32_t ctrl = p < 4 ? R(s, A_PTCR_CTRL) : R(s, A_PTCR_CTRL_EXT);
    unsigned q = p % 4;
    unsigned t = ((ctrl >> (R_PTCR_CTRL_TYPE_BIT0_SHIFT + q)) & 1) |
                 (((ctrl >> (R_PTCR_CTRL_TYPE_BIT1_SHIFT + q)) & 1) << 1);

    return t < AST2500_PWM_TYPES ? t : 0;
}

/* A type's PWM period in clocks: its unit plus one. */
static unsigned ast_type_period(Ast2500PwmTachoState *s, unsigned t)
{
    switch (t) {
    case 1:
        return FIELD_EX32(R(s, A_PTCR_CLK_CTRL), PTCR_CLK_CTRL, N_UNIT) + 1;
    case 2:
        return FIELD_EX32(R(s, A_PTCR_CLK_CTRL_EXT), PTCR_CLK_CTRL,
                          M_UNIT) + 1;
    default:
        return FIELD_EX32(R(s, A_PTCR_CLK_CTRL), PTCR_CLK_CTRL, M_UNIT) + 1;
    }
}

/* The duty port p drives its fan with, in parts per million. */
static uint32_t ast_port_duty_ppm(Ast2500PwmTachoState *s, unsigned p)
{
    static const hwaddr duty_reg[] = {
        A_PTCR_DUTY0_CTRL, A_PTCR_DUTY1_CTRL, A_PTCR_DUTY2_CTRL,
        A_PTCR_DUTY3_CTRL,
    };
    uint32_t ctrl = p < 4 ? R(s, A_PTCR_CTRL) : R(s, A_PTCR_CTRL_EXT);
    uint32_t duty = R(s, duty_reg[p / 2]) >> (p % 2 ? 16 : 0);
    unsigned period = ast_type_period(s, ast_port_type(s, p));
    unsigned rise = FIELD_EX32(duty, DUTY, RISE);
    unsigned fall = FIELD_EX32(duty, DUTY, FALL);
    unsigned on;

    if (ast_in_reset(s) || !FIELD_EX32(R(s, A_PTCR_CTRL), PTCR_CTRL, CLK_EN) ||
        !(ctrl & BIT(R_PTCR_CTRL_PWM_EN_SHIFT + p % 4))) {
        return 0;
    }
    /* A point past the period never comes: low for good, or high. */
    if (rise >= period) {
        return 0;
    }
    if (fall >= period) {
        return PPM;
    }
    /* Rising and falling on the same clock: high the whole period. */
    on = (fall + period - rise) % period;
    return on ? (uint64_t)on * PPM / period : PPM;
}

/* Fan f's speed now, in milli-RPM. */
static int64_t ast_fan_mrpm(Ast2500PwmTachoState *s, Ast2500Fan *f)
{
    double target = (double)s->max_rpm * 1000 * f->duty_ppm / PPM;
    double tau = (double)MAX(s->spin_ms, 1) * SCALE_MS;
    double dt = ast_now() - f->at_ns;

    if (f->stalled) {
        return 0;
    }
    return llround(target + (f->mrpm_at - target) * exp(-dt / tau));
}

/* Re-aim every fan at its port's duty, from the speed it has now. */
static void ast_update_fans(Ast2500PwmTachoState *s)
{
    for (int i = 0; i < AST2500_TACH_CHANNELS; i++) {
        Ast2500Fan *f = &s->fan[i];
        uint32_t duty = ast_port_duty_ppm(s, f->pwm);

        if (duty != f->duty_ppm) {
            f->mrpm_at = ast_fan_mrpm(s, f);
            f->at_ns = ast_now();
            f->duty_ppm = duty;
            trace_ast2500_pwm_fan(i, f->pwm, duty, f->mrpm_at / 1000);
        }
    }
}

static void ast_update_irq(Ast2500PwmTachoState *s)
{
    qemu_set_irq(s->irq,
                 !!(R(s, A_PTCR_INTR_STS) & R(s, A_PTCR_INTR_CTRL)));
}

/* The PWM port whose type tach channel ch measures with. */
static unsigned ast_tach_source(Ast2500PwmTachoState *s, unsigned ch)
{
    return ((R(s, A_PTCR_TACH_SOURCE) >> (2 * ch)) & 3) |
           (((R(s, A_PTCR_TACH_SOURCE_EXT) >> (2 * ch)) & 1) << 2);
}

static void ast_measure_done(void *opaque)
{
    Ast2500PwmTachoState *s = opaque;
    int ch = s->measuring;
    unsigned type = ast_port_type(s, ast_tach_source(s, ch));
    uint32_t limit = FIELD_EX32(R(s, ast_type_limit[type]), LIMIT, VALUE);

    R(s, A_PTCR_RESULT) = R_PTCR_RESULT_READY_MASK | s->measure_value;
    trace_ast2500_pwm_result(ch, s->measure_value);
    if (s->measure_value > limit) {
        /* Slower than the type's limit: the channel's alarm. */
        R(s, A_PTCR_INTR_STS) |= BIT(ch) & R(s, A_PTCR_INTR_CTRL);
    }
    s->measuring = -1;
    ast_update_irq(s);
}

/*
 * A trigger: the count of tach clocks between two edges of the fan's
 * pulses, ready two edges later. A fan that gives no edges gives no
 * result: the driver's poll times out.
 */
static void ast_trigger(Ast2500PwmTachoState *s, uint32_t val)
{
    unsigned ch, src, type, mode, edges;
    uint32_t tctrl;
    uint64_t tach_hz, count;
    int64_t mrpm, edge_ns;
    Ast2500Fan *f;

    R(s, A_PTCR_TRIGGER) = val;
    R(s, A_PTCR_RESULT) &= ~R_PTCR_RESULT_READY_MASK;
    timer_del(s->measure);
    s->measuring = -1;
    if (!val) {
        return;
    }
    ch = ctz32(val);
    if (ch >= AST2500_TACH_CHANNELS) {
        qemu_log_mask(LOG_GUEST_ERROR, "ast2500-pwm-tacho: TRIGGER 0x%08x "
                      "names no tach channel (0-15): no measurement\n", val);
        return;
    }
    if (val & (val - 1)) {
        qemu_log_mask(LOG_GUEST_ERROR, "ast2500-pwm-tacho: TRIGGER 0x%08x "
                      "names several channels: measuring channel %u only\n",
                      val, ch);
    }
    src = ast_tach_source(s, ch);
    type = ast_port_type(s, src);
    tctrl = R(s, ast_type_ctrl[type]);
    mode = FIELD_EX32(tctrl, TYPE_CTRL, MODE);
    if (!FIELD_EX32(R(s, A_PTCR_CTRL), PTCR_CTRL, CLK_EN) ||
        !(R(s, A_PTCR_CTRL) & BIT(R_PTCR_CTRL_FAN_EN_SHIFT + ch)) ||
        !FIELD_EX32(tctrl, TYPE_CTRL, EN) || mode == 3) {
        const char *why =
            !FIELD_EX32(R(s, A_PTCR_CTRL), PTCR_CTRL, CLK_EN) ?
            "the clock off (PTCR_CTRL bit 0)" :
            !(R(s, A_PTCR_CTRL) & BIT(R_PTCR_CTRL_FAN_EN_SHIFT + ch)) ?
            "the channel disabled (PTCR_CTRL bits 31:16)" :
            mode == 3 ? "the reserved edge mode 3" :
            "its source port's tach type disabled (TYPE_CTRL bit 0)";

        qemu_log_mask(LOG_GUEST_ERROR, "ast2500-pwm-tacho: tach channel %u "
                      "triggered with %s: no measurement\n", ch, why);
        return;
    }
    f = &s->fan[ch];
    mrpm = ast_fan_mrpm(s, f);
    if (!f->tach_connected || mrpm < 1) {
        trace_ast2500_pwm_no_pulses(ch);
        return;
    }
    edges = s->pulses_per_rev * (mode == 2 ? 2 : 1);
    tach_hz = s->clk_hz / (4u << (2 * FIELD_EX32(tctrl, TYPE_CTRL, DIV)));
    count = tach_hz * 60 * 1000 / ((uint64_t)mrpm * edges);
    s->measure_value = MIN(count, R_PTCR_RESULT_VALUE_MASK);
    s->measuring = ch;
    edge_ns = NANOSECONDS_PER_SECOND * 60 * 1000 / (mrpm * edges);
    trace_ast2500_pwm_trigger(ch, src, type, mrpm / 1000);
    timer_mod(s->measure, ast_now() + 2 * edge_ns);
}

static uint64_t ast_read(void *opaque, hwaddr addr, unsigned size)
{
    Ast2500PwmTachoState *s = opaque;

    if (!ast_reg_exists(addr)) {
        qemu_log_mask(LOG_GUEST_ERROR, "ast2500-pwm-tacho: read of unknown "
                      "register 0x%03" HWADDR_PRIx "\n", addr);
        return 0;
    }
    return R(s, addr);
}

static void ast_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    Ast2500PwmTachoState *s = opaque;

    trace_ast2500_pwm_write(addr, val);
    if (!ast_reg_exists(addr)) {
        qemu_log_mask(LOG_GUEST_ERROR, "ast2500-pwm-tacho: write 0x%08" PRIx64
                      " to unknown register 0x%03" HWADDR_PRIx "\n", val,
                      addr);
        return;
    }
    if (ast_in_reset(s)) {
        qemu_log_mask(LOG_GUEST_ERROR, "ast2500-pwm-tacho: write 0x%08" PRIx64
                      " to 0x%03" HWADDR_PRIx " while the controller is held "
                      "in reset (its reset line, SCU04 bit 9, asserted): "
                      "dropped\n", val, addr);
        return;
    }
    switch (addr) {
    case A_PTCR_TRIGGER:
        ast_trigger(s, val);
        return;
    case A_PTCR_RESULT:
        qemu_log_mask(LOG_GUEST_ERROR, "ast2500-pwm-tacho: RESULT is "
                      "read-only\n");
        return;
    case A_PTCR_INTR_STS:
        R(s, addr) &= ~val;
        break;
    default:
        R(s, addr) = val;
        break;
    }
    ast_update_fans(s);
    ast_update_irq(s);
}

static const MemoryRegionOps ast_ops = {
    .read = ast_read,
    .write = ast_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

/* The controller's registers as they come out of reset. */
static void ast_reset_block(Ast2500PwmTachoState *s)
{
    memset(s->regs, 0, sizeof(s->regs));
    timer_del(s->measure);
    s->measuring = -1;
    s->measure_value = 0;
}

static uint64_t ast_reset_read(void *opaque, hwaddr addr, unsigned size)
{
    return AST2500_PWM_TACHO(opaque)->reset_ctrl;
}

static void ast_reset_write(void *opaque, hwaddr addr, uint64_t val,
                            unsigned size)
{
    Ast2500PwmTachoState *s = opaque;

    if (val & ~BIT(AST2500_PWM_RESET_BIT)) {
        qemu_log_mask(LOG_GUEST_ERROR, "ast2500-pwm-tacho: reset control "
                      "0x%08" PRIx64 ": only line %d (the PWM controller) "
                      "exists here\n", val, AST2500_PWM_RESET_BIT);
    }
    s->reset_ctrl = val & BIT(AST2500_PWM_RESET_BIT);
    trace_ast2500_pwm_reset(ast_in_reset(s));
    if (ast_in_reset(s)) {
        ast_reset_block(s);
    }
    ast_update_fans(s);
    ast_update_irq(s);
}

static const MemoryRegionOps ast_reset_ops = {
    .read = ast_reset_read,
    .write = ast_reset_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void ast_reset_enter(Object *obj, ResetType type)
{
    Ast2500PwmTachoState *s = AST2500_PWM_TACHO(obj);

    ast_reset_block(s);
    /* Power-on: the controller is held in reset until software lets go. */
    s->reset_ctrl = BIT(AST2500_PWM_RESET_BIT);
    for (int i = 0; i < AST2500_TACH_CHANNELS; i++) {
        s->fan[i].mrpm_at = 0;
        s->fan[i].at_ns = ast_now();
        s->fan[i].duty_ppm = 0;
    }
}

static void ast_reset_hold(Object *obj, ResetType type)
{
    ast_update_irq(AST2500_PWM_TACHO(obj));
}

/* QOM: the fans' speed (read), faults and wiring (read/write). */
static Ast2500Fan *ast_fan_of(Object *obj, const char *name)
{
    Ast2500PwmTachoState *s = AST2500_PWM_TACHO(obj);

    return &s->fan[atoi(name + strlen("fan"))];
}

static void ast_get_rpm(Object *obj, Visitor *v, const char *name,
                        void *opaque, Error **errp)
{
    uint32_t rpm = ast_fan_mrpm(AST2500_PWM_TACHO(obj),
                                ast_fan_of(obj, name)) / 1000;

    visit_type_uint32(v, name, &rpm, errp);
}

static void ast_get_duty(Object *obj, Visitor *v, const char *name,
                         void *opaque, Error **errp)
{
    uint32_t ppm = ast_fan_of(obj, name)->duty_ppm;

    visit_type_uint32(v, name, &ppm, errp);
}

static void ast_get_flag(Object *obj, Visitor *v, const char *name,
                         void *opaque, Error **errp)
{
    Ast2500Fan *f = ast_fan_of(obj, name);
    bool val = g_str_has_suffix(name, "-stalled") ? f->stalled
                                                  : f->tach_connected;

    visit_type_bool(v, name, &val, errp);
}

static void ast_set_flag(Object *obj, Visitor *v, const char *name,
                         void *opaque, Error **errp)
{
    Ast2500PwmTachoState *s = AST2500_PWM_TACHO(obj);
    Ast2500Fan *f = ast_fan_of(obj, name);
    bool val;

    if (!visit_type_bool(v, name, &val, errp)) {
        return;
    }
    /* From the speed it has now: a freed rotor spins up from standstill. */
    f->mrpm_at = ast_fan_mrpm(s, f);
    f->at_ns = ast_now();
    if (g_str_has_suffix(name, "-stalled")) {
        f->stalled = val;
    } else {
        f->tach_connected = val;
    }
    trace_ast2500_pwm_fault(name, val);
}

static void ast_get_pwm(Object *obj, Visitor *v, const char *name,
                        void *opaque, Error **errp)
{
    uint8_t pwm = ast_fan_of(obj, name)->pwm;

    visit_type_uint8(v, name, &pwm, errp);
}

static void ast_set_pwm(Object *obj, Visitor *v, const char *name,
                        void *opaque, Error **errp)
{
    Ast2500PwmTachoState *s = AST2500_PWM_TACHO(obj);
    uint8_t pwm;

    if (!visit_type_uint8(v, name, &pwm, errp)) {
        return;
    }
    if (pwm >= AST2500_PWM_PORTS) {
        error_setg(errp, "ast2500-pwm-tacho: %s must be a PWM port 0-7 "
                   "(A-H), not %u", name, pwm);
        return;
    }
    ast_fan_of(obj, name)->pwm = pwm;
    ast_update_fans(s);
}

static void ast_init(Object *obj)
{
    Ast2500PwmTachoState *s = AST2500_PWM_TACHO(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->mmio, obj, &ast_ops, s, "ast2500-pwm-tacho",
                          AST2500_PWM_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->mmio);
    memory_region_init_io(&s->reset_mmio, obj, &ast_reset_ops, s,
                          "ast2500-pwm-tacho.reset", AST2500_PWM_RESET_SIZE);
    sysbus_init_mmio(sbd, &s->reset_mmio);
    sysbus_init_irq(sbd, &s->irq);
    for (int i = 0; i < AST2500_TACH_CHANNELS; i++) {
        g_autofree char *rpm = g_strdup_printf("fan%d-rpm", i);
        g_autofree char *duty = g_strdup_printf("fan%d-duty-ppm", i);
        g_autofree char *stall = g_strdup_printf("fan%d-stalled", i);
        g_autofree char *tach = g_strdup_printf("fan%d-tach-connected", i);
        g_autofree char *pwm = g_strdup_printf("fan%d-pwm", i);

        s->fan[i].pwm = i % AST2500_PWM_PORTS;
        s->fan[i].tach_connected = true;
        object_property_add(obj, rpm, "uint32", ast_get_rpm, NULL, NULL,
                            NULL);
        object_property_add(obj, duty, "uint32", ast_get_duty, NULL, NULL,
                            NULL);
        object_property_add(obj, stall, "bool", ast_get_flag, ast_set_flag,
                            NULL, NULL);
        object_property_add(obj, tach, "bool", ast_get_flag, ast_set_flag,
                            NULL, NULL);
        object_property_add(obj, pwm, "uint8", ast_get_pwm, ast_set_pwm,
                            NULL, NULL);
    }
}

static void ast_realize(DeviceState *dev, Error **errp)
{
    Ast2500PwmTachoState *s = AST2500_PWM_TACHO(dev);

    if (s->clk_hz < 1000000) {
        error_setg(errp, "ast2500-pwm-tacho: clk-hz %u is below 1 MHz",
                   s->clk_hz);
    } else if (!s->pulses_per_rev || s->pulses_per_rev > 8) {
        error_setg(errp, "ast2500-pwm-tacho: pulses-per-rev must be 1 to 8, "
                   "not %u", s->pulses_per_rev);
    } else if (s->max_rpm < 100 || s->max_rpm > 100000) {
        error_setg(errp, "ast2500-pwm-tacho: max-rpm must be 100 to 100000, "
                   "not %u", s->max_rpm);
    } else {
        s->measure = timer_new_ns(QEMU_CLOCK_VIRTUAL, ast_measure_done, s);
    }
}

static void ast_unrealize(DeviceState *dev)
{
    timer_free(AST2500_PWM_TACHO(dev)->measure);
}

static void ast_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "aspeed,ast2500-pwm-tacho" };
    static const char *const rcompat[] = { "snps,dw-high-reset" };
    Ast2500PwmTachoState *s = AST2500_PWM_TACHO(dev);
    PresiliconFdtContext pctx = *ctx, rctx = *ctx;
    g_autofree char *path = NULL;
    g_autofree char *rpath = NULL;
    uint32_t clk, rst;

    /* The SoC's reset register: a node of its own, as the SCU is. */
    rctx.reg_base[0] = ctx->reg_base[1];
    rctx.reg_size[0] = ctx->reg_size[1];
    rctx.n_regs = 1;
    rctx.n_irqs = 0;
    rpath = presilicon_fdt_add_mmio_node(&rctx, "reset-controller", rcompat,
                                         1);
    rst = qemu_fdt_alloc_phandle(ctx->fdt);
    qemu_fdt_setprop_cell(ctx->fdt, rpath, "phandle", rst);
    qemu_fdt_setprop_cell(ctx->fdt, rpath, "#reset-cells", 1);

    pctx.n_regs = 1;
    path = presilicon_fdt_add_mmio_node(&pctx, "pwm-tacho-controller",
                                        compat, 1);
    clk = presilicon_fdt_fixed_clock(ctx, "pwm_clk", s->clk_hz);
    qemu_fdt_setprop_cell(ctx->fdt, path, "#address-cells", 1);
    qemu_fdt_setprop_cell(ctx->fdt, path, "#size-cells", 0);
    qemu_fdt_setprop_cell(ctx->fdt, path, "clocks", clk);
    qemu_fdt_setprop_cells(ctx->fdt, path, "resets", rst,
                           AST2500_PWM_RESET_BIT);
    /* Fans 0-3 on PWM A-D, each read on the tach input of its number. */
    for (int i = AST_DT_FANS - 1; i >= 0; i--) {
        g_autofree char *fan = g_strdup_printf("%s/fan@%d", path, i);
        uint8_t tach = i;

        qemu_fdt_add_subnode(ctx->fdt, fan);
        qemu_fdt_setprop_cell(ctx->fdt, fan, "reg", s->fan[i].pwm);
        qemu_fdt_setprop(ctx->fdt, fan, "aspeed,fan-tach-ch", &tach, 1);
    }
}

/* Deadlines and fan clocks travel as ages, the destination's time base. */
static int ast_pre_save(void *opaque)
{
    Ast2500PwmTachoState *s = opaque;

    s->measure_left_ns = timer_pending(s->measure) ?
        MAX(timer_expire_time_ns(s->measure) - ast_now(), 0) : -1;
    for (int i = 0; i < AST2500_TACH_CHANNELS; i++) {
        s->fan[i].age_ns = ast_now() - s->fan[i].at_ns;
    }
    return 0;
}

static int ast_post_load(void *opaque, int version_id)
{
    Ast2500PwmTachoState *s = opaque;

    if (s->measuring >= AST2500_TACH_CHANNELS || s->measuring < -1 ||
        s->measure_value > R_PTCR_RESULT_VALUE_MASK) {
        return -EINVAL;
    }
    for (int i = 0; i < AST2500_TACH_CHANNELS; i++) {
        if (s->fan[i].pwm >= AST2500_PWM_PORTS || s->fan[i].age_ns < 0) {
            return -EINVAL;
        }
        s->fan[i].at_ns = ast_now() - s->fan[i].age_ns;
    }
    if (s->measuring >= 0 && s->measure_left_ns >= 0) {
        timer_mod(s->measure, ast_now() + s->measure_left_ns);
    }
    return 0;
}

static const VMStateDescription vmstate_ast_fan = {
    .name = "ast2500-pwm-tacho/fan",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8(pwm, Ast2500Fan),
        VMSTATE_BOOL(stalled, Ast2500Fan),
        VMSTATE_BOOL(tach_connected, Ast2500Fan),
        VMSTATE_INT64(mrpm_at, Ast2500Fan),
        VMSTATE_INT64(age_ns, Ast2500Fan),
        VMSTATE_UINT32(duty_ppm, Ast2500Fan),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_ast = {
    .name = TYPE_AST2500_PWM_TACHO,
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_save = ast_pre_save,
    .post_load = ast_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, Ast2500PwmTachoState,
                             AST2500_PWM_NUM_REGS),
        VMSTATE_UINT32(reset_ctrl, Ast2500PwmTachoState),
        VMSTATE_INT32(measuring, Ast2500PwmTachoState),
        VMSTATE_UINT32(measure_value, Ast2500PwmTachoState),
        VMSTATE_INT64(measure_left_ns, Ast2500PwmTachoState),
        VMSTATE_STRUCT_ARRAY(fan, Ast2500PwmTachoState,
                             AST2500_TACH_CHANNELS, 1, vmstate_ast_fan,
                             Ast2500Fan),
        VMSTATE_END_OF_LIST()
    },
};

static const Property ast_properties[] = {
    DEFINE_PROP_UINT32("clk-hz", Ast2500PwmTachoState, clk_hz, 24000000),
    DEFINE_PROP_UINT32("max-rpm", Ast2500PwmTachoState, max_rpm, 10000),
    DEFINE_PROP_UINT32("pulses-per-rev", Ast2500PwmTachoState,
                       pulses_per_rev, 2),
    DEFINE_PROP_UINT32("spin-ms", Ast2500PwmTachoState, spin_ms, 200),
};

static void ast_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "ASPEED AST2500 PWM and fan tachometer, with fans";
    dc->realize = ast_realize;
    dc->unrealize = ast_unrealize;
    dc->vmsd = &vmstate_ast;
    dc->user_creatable = true;
    device_class_set_props(dc, ast_properties);
    rc->phases.enter = ast_reset_enter;
    rc->phases.hold = ast_reset_hold;
    fc->add_node = ast_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo ast_types[] = {
    {
        .name = TYPE_AST2500_PWM_TACHO,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Ast2500PwmTachoState),
        .instance_init = ast_init,
        .class_init = ast_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(ast_types)
