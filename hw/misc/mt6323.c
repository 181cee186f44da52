/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * MediaTek MT6323 PMIC ("mediatek,mt6323"), as the MT7623's PMIC wrapper
 * reaches it: a 16-bit register file of which the model gives meaning to
 * the chip id, the clock power-down and interrupt registers (with their
 * SET/CLR aliases), the device wrapper's (DEW) link registers that the
 * wrapper's init sequence checks, and the four current sinks (ISINK0-3)
 * the leds-mt6323 driver lights and blinks, the 28 regulators of
 * mt6323-regulator (enable bits with their QI status, voltage selects),
 * and the RTC that rtc-mt6397 drives at 0x8000: a time counter in QEMU's
 * RTC clock (-rtc), an alarm that raises the PMIC's RTC interrupt at the
 * programmed second, and the write trigger (WRTGR) that commits the time
 * and alarm registers with CBUSY set for a while in virtual time. Over
 * QOM: the LEDs' state (ledN-brightness, -blinking, -period-ms,
 * -duty-pct), each regulator's <name>-enabled and <name>-microvolts, the
 * RTC's time (rtc-seconds, settable; rtc-date); interrupt sources can be
 * raised from QMP (int-status).
 *
 * Not modelled: the charger, the AUXADC, the power key and the WLED
 * driver, the regulators' modes and the voltages' effect on anything;
 * their registers below 0x800 hold what is written and do nothing, and
 * nothing answers at 0x800 and above but the RTC's 0x8000-0x803e. The
 * RTC's low-power detection, calibration and power-key registers hold
 * what is written. The cipher is not computed: the link is good while
 * both ends agree on dual I/O, read dummy cycles and cipher settings
 * (hw/misc/mt7623_pwrap.c checks that).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bswap.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "migration/vmstate.h"
#include "qemu/cutils.h"
#include "system/rtc.h"
#include "system/system.h"
#include "hw/irq.h"
#include "hw/misc/mt6323.h"
#include "trace.h"

#define PR(s, a)        ((s)->regs[(a) / 2])
#define SET_OFS         2
#define CLR_OFS         4
/* Status bits with a source (MT6323_IRQ_STATUS_* in Linux). */
#define INT_STATUS0_MASK    0x0fff
#define INT_STATUS1_MASK    0x00ff

/* Registers with SET (+2) and CLR (+4) aliases. */
static const uint16_t mt6323_setclr[] = {
    A_MT6323_TOP_CKPDN0, A_MT6323_TOP_CKPDN1, A_MT6323_TOP_CKPDN2,
    A_MT6323_TOP_CKCON0, A_MT6323_TOP_CKCON1, A_MT6323_INT_CON0,
    A_MT6323_INT_CON1,
};

/* --- regulators --------------------------------------------------------- */

typedef struct Mt6323Regulator {
    const char *name;           /* the DT node is buck_<name> or ldo_<name> */
    bool buck;
    uint16_t en_reg;
    uint8_t en_bit;
    uint16_t qi;                /* the status bit in en_reg */
    uint16_t vsel_reg, vsel_mask;
    uint16_t vselon_reg, vselctrl_reg;  /* bucks */
    uint32_t min_uv, step_uv;   /* bucks; a fixed LDO's voltage in min_uv */
    const uint32_t *table;      /* LDOs with a voltage select */
    uint8_t n_table;
} Mt6323Regulator;

static const uint32_t ldo_t1[] = { 3300000, 3400000, 3500000, 3600000 };
static const uint32_t ldo_t2[] = { 1500000, 1800000, 2500000, 2800000 };
static const uint32_t ldo_t3[] = { 1800000, 3300000 };
static const uint32_t ldo_t4[] = { 3000000, 3300000 };
static const uint32_t ldo_t5[] = {
    1200000, 1300000, 1500000, 1800000, 2000000, 2800000, 3000000, 3300000,
};
static const uint32_t ldo_t6[] = {
    1200000, 1300000, 1500000, 1800000, 2500000, 2800000, 3000000, 2000000,
};
static const uint32_t ldo_t7[] = { 1200000, 1300000, 1500000, 1800000 };
static const uint32_t ldo_t8[] = { 1800000, 3000000 };
static const uint32_t ldo_t9[] = { 1200000, 1350000, 1500000, 1800000 };

#define BUCK(n, base, vmask, min, step)                                  \
    { .name = n, .buck = true, .en_reg = (base) + 4, .en_bit = 0,         \
      .qi = R_MT6323_BUCK_CON7_QI_MASK, .vsel_reg = (base) + 8,           \
      .vsel_mask = vmask, .vselon_reg = (base) + 10, .vselctrl_reg = base, \
      .min_uv = min, .step_uv = step }
#define LDO(n, en, bit, vsel, vmask, t)                                   \
    { .name = n, .en_reg = en, .en_bit = bit, .qi = MT6323_LDO_QI,        \
      .vsel_reg = vsel, .vsel_mask = vmask, .table = t,                   \
      .n_table = ARRAY_SIZE(t) }
#define FIXED(n, en, bit, uv)                                             \
    { .name = n, .en_reg = en, .en_bit = bit, .qi = MT6323_LDO_QI,        \
      .min_uv = uv }

/* mt6323_regulators[] of the driver, in its order (MT6323_ID_*). */
static const Mt6323Regulator mt6323_regulators[] = {
    BUCK("vproc", A_MT6323_VPROC_CON5, 0x7f, 700000, 6250),
    BUCK("vsys", A_MT6323_VSYS_CON5, 0x7f, 1400000, 12500),
    BUCK("vpa", A_MT6323_VPA_CON5, 0x3f, 500000, 50000),
    FIXED("vtcxo", 0x0402, 10, 2800000),
    FIXED("vcn28", 0x041c, 12, 2800000),
    LDO("vcn33_bt", 0x0416, 7, 0x0416, 0x000c, ldo_t1),
    LDO("vcn33_wifi", 0x0418, 12, 0x0416, 0x000c, ldo_t1),
    FIXED("va", 0x0404, 14, 2800000),
    LDO("vcama", 0x0408, 15, 0x0412, 0x0060, ldo_t2),
    FIXED("vio28", 0x0500, 14, 2800000),
    FIXED("vusb", 0x0502, 14, 3300000),
    LDO("vmc", 0x0504, 12, 0x052a, 0x0010, ldo_t3),
    LDO("vmch", 0x0506, 14, 0x052c, 0x0080, ldo_t4),
    LDO("vemc3v3", 0x0508, 14, 0x052e, 0x0080, ldo_t4),
    LDO("vgp1", 0x050a, 15, 0x0530, 0x00e0, ldo_t5),
    LDO("vgp2", 0x050c, 15, 0x0532, 0x00e0, ldo_t6),
    LDO("vgp3", 0x050e, 15, 0x0534, 0x0060, ldo_t7),
    FIXED("vcn18", 0x0512, 14, 1800000),
    LDO("vsim1", 0x0516, 15, 0x053c, 0x0020, ldo_t8),
    LDO("vsim2", 0x0518, 15, 0x053e, 0x0020, ldo_t8),
    FIXED("vrtc", 0x051a, 8, 2800000),
    LDO("vcamaf", 0x0536, 15, 0x0538, 0x00e0, ldo_t5),
    LDO("vibr", 0x0542, 15, 0x0544, 0x00e0, ldo_t5),
    FIXED("vrf18", 0x054e, 15, 1825000),
    LDO("vm", 0x0552, 14, 0x0554, 0x0030, ldo_t9),
    FIXED("vio18", 0x0556, 14, 1800000),
    LDO("vcamd", 0x055a, 14, 0x055c, 0x0060, ldo_t7),
    FIXED("vcamio", 0x055e, 14, 1800000),
};

static const Mt6323Regulator *mt6323_regulator_of(const char *prop)
{
    for (int i = 0; i < ARRAY_SIZE(mt6323_regulators); i++) {
        size_t n = strlen(mt6323_regulators[i].name);

        if (!strncmp(prop, mt6323_regulators[i].name, n) && prop[n] == '-') {
            return &mt6323_regulators[i];
        }
    }
    return NULL;
}

static bool mt6323_reg_enabled(Mt6323State *s, const Mt6323Regulator *r)
{
    return PR(s, r->en_reg) & BIT(r->en_bit);
}

static uint32_t mt6323_reg_uv(Mt6323State *s, const Mt6323Regulator *r)
{
    uint16_t sel;

    if (r->buck) {
        uint16_t reg = PR(s, r->vselctrl_reg) &
                       R_MT6323_BUCK_CON5_VOSEL_CTRL_MASK ?
                       r->vselon_reg : r->vsel_reg;

        return r->min_uv + (PR(s, reg) & r->vsel_mask) * r->step_uv;
    }
    if (!r->table) {
        return r->min_uv;
    }
    sel = (PR(s, r->vsel_reg) & r->vsel_mask) >> ctz32(r->vsel_mask);
    return sel < r->n_table ? r->table[sel] : 0;
}

/* A write to a register of a regulator: trace what it is now. */
static void mt6323_trace_regulators(Mt6323State *s, uint16_t addr)
{
    for (int i = 0; i < ARRAY_SIZE(mt6323_regulators); i++) {
        const Mt6323Regulator *r = &mt6323_regulators[i];

        if (addr == r->en_reg || addr == r->vsel_reg ||
            (r->buck && (addr == r->vselon_reg || addr == r->vselctrl_reg))) {
            trace_mt6323_regulator(r->name, mt6323_reg_enabled(s, r),
                                   mt6323_reg_uv(s, r));
        }
    }
}

/*
 * QI bits: read-only, following their enable bits (for the LDOs whose
 * enable is bit 15, the two are one bit).
 */
static uint16_t mt6323_qi_mask(uint16_t addr)
{
    for (int i = 0; i < ARRAY_SIZE(mt6323_regulators); i++) {
        const Mt6323Regulator *r = &mt6323_regulators[i];

        if (r->en_reg == addr) {
            return r->qi & ~BIT(r->en_bit);
        }
    }
    return 0;
}

/* A buck's VOSEL register: the field alone. */
static const Mt6323Regulator *mt6323_buck_vosel(uint16_t addr)
{
    for (int i = 0; i < ARRAY_SIZE(mt6323_regulators); i++) {
        const Mt6323Regulator *r = &mt6323_regulators[i];

        if (r->buck && (addr == r->vsel_reg || addr == r->vselon_reg)) {
            return r;
        }
    }
    return NULL;
}

/* --- RTC ---------------------------------------------------------------- */

#define RTC(s, o)           ((s)->rtc[(o) / 2])
#define RTC_LIVE(s, o)      ((s)->rtc_live[(o) / 2])
#define RTC_TC              (A_MT6323_RTC_TC_SEC / 2)
#define RTC_AL              (A_MT6323_RTC_AL_SEC / 2)
#define RTC_F_DOW           4
/* How long a write trigger keeps CBUSY set: a few 32 kHz cycles. */
#define RTC_BUSY_NS         (100 * SCALE_US)
#define RTC_BBPU_RW         0x00bf

/* The fields' widths in the alarm registers (RTC_AL_*_MASK). */
static const uint16_t rtc_al_mask[MT6323_RTC_NUM_FIELDS] = {
    0x3f, 0x3f, 0x1f, 0x1f, 0x07, 0x0f, 0x7f,
};
static const char *const rtc_field_name[MT6323_RTC_NUM_FIELDS] = {
    "SEC", "MIN", "HOU", "DOM", "DOW", "MTH", "YEA",
};

static void mt6323_update_irq(Mt6323State *s);

static int64_t mt6323_rtc_clock_s(void)
{
    return qemu_clock_get_ns(rtc_clock) / NANOSECONDS_PER_SECOND;
}

static int64_t mt6323_rtc_now(Mt6323State *s)
{
    return s->tick_offset + mt6323_rtc_clock_s();
}

/* A time as the TC registers show it. */
static void mt6323_rtc_fields(int64_t t, uint16_t *f)
{
    time_t tt = t;
    struct tm tm;

    gmtime_r(&tt, &tm);
    f[0] = tm.tm_sec;
    f[1] = tm.tm_min;
    f[2] = tm.tm_hour;
    f[3] = tm.tm_mday;
    f[RTC_F_DOW] = tm.tm_wday + 1;
    f[5] = tm.tm_mon + 1;
    f[6] = (tm.tm_year + 1900 - MT6323_RTC_MIN_YEAR) & 0x7f;
}

static bool mt6323_rtc_field_ok(unsigned i, uint16_t v)
{
    static const uint16_t lo[] = { 0, 0, 0, 1, 0, 1, 0 };
    static const uint16_t hi[] = { 59, 59, 23, 31, 0xffff, 12, 127 };

    return v >= lo[i] && v <= hi[i];
}

/* The seconds of a date in TC/AL fields, or -1 when there is no such day. */
static int64_t mt6323_rtc_time_of(const uint16_t *f)
{
    static const uint8_t mdays[] = {
        31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    };
    int year = f[6] + MT6323_RTC_MIN_YEAR;
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    struct tm tm = {
        .tm_sec = f[0], .tm_min = f[1], .tm_hour = f[2], .tm_mday = f[3],
        .tm_mon = f[5] - 1, .tm_year = year - 1900,
    };

    for (unsigned i = 0; i < MT6323_RTC_NUM_FIELDS; i++) {
        if (i != RTC_F_DOW && !mt6323_rtc_field_ok(i, f[i])) {
            return -1;
        }
    }
    if (f[3] > mdays[f[5] - 1] || (f[5] == 2 && f[3] == 29 && !leap)) {
        return -1;
    }
    return mktimegm(&tm);
}

/* The committed alarm fields, their widths applied. */
static void mt6323_rtc_alarm_fields(Mt6323State *s, uint16_t *f)
{
    for (unsigned i = 0; i < MT6323_RTC_NUM_FIELDS; i++) {
        f[i] = s->rtc_live[RTC_AL + i] & rtc_al_mask[i];
    }
}

/*
 * The alarm's timer: with every field but DOW compared (what rtc-mt6397
 * programs), at that second; with a coarser mask, every second, the
 * comparator checking each.
 */
static void mt6323_rtc_arm(Mt6323State *s)
{
    uint16_t mask = RTC_LIVE(s, A_MT6323_RTC_AL_MASK) &
                    R_MT6323_RTC_AL_MASK_FIELDS_MASK;
    uint16_t f[MT6323_RTC_NUM_FIELDS];
    int64_t t;

    timer_del(s->alarm);
    if (!(RTC_LIVE(s, A_MT6323_RTC_IRQ_EN) & R_MT6323_RTC_IRQ_EN_AL_MASK)) {
        return;
    }
    if (mask & ~MT6323_RTC_AL_MASK_DOW) {
        t = (mt6323_rtc_clock_s() + 1) * NANOSECONDS_PER_SECOND;
    } else {
        mt6323_rtc_alarm_fields(s, f);
        t = mt6323_rtc_time_of(f);
        if (t <= mt6323_rtc_now(s)) {
            return;                     /* passed, or no such date */
        }
        t = (t - s->tick_offset) * NANOSECONDS_PER_SECOND;
    }
    trace_mt6323_rtc_arm(t);
    timer_mod(s->alarm, t);
}

static void mt6323_rtc_alarm_cb(void *opaque)
{
    Mt6323State *s = opaque;
    uint16_t mask = RTC_LIVE(s, A_MT6323_RTC_AL_MASK);
    uint16_t al[MT6323_RTC_NUM_FIELDS], now[MT6323_RTC_NUM_FIELDS];
    int64_t t = mt6323_rtc_now(s);

    mt6323_rtc_fields(t, now);
    mt6323_rtc_alarm_fields(s, al);
    for (unsigned i = 0; i < MT6323_RTC_NUM_FIELDS; i++) {
        if (!(mask & BIT(i)) && al[i] != now[i]) {
            mt6323_rtc_arm(s);
            return;
        }
    }
    trace_mt6323_rtc_alarm(t);
    RTC(s, A_MT6323_RTC_IRQ_STA) |= R_MT6323_RTC_IRQ_STA_AL_MASK;
    PR(s, A_MT6323_INT_STATUS1) |= MT6323_INT1_RTC;
    if (RTC_LIVE(s, A_MT6323_RTC_IRQ_EN) & R_MT6323_RTC_IRQ_EN_ONESHOT_MASK) {
        RTC_LIVE(s, A_MT6323_RTC_IRQ_EN) &= ~R_MT6323_RTC_IRQ_EN_AL_MASK;
        RTC(s, A_MT6323_RTC_IRQ_EN) &= ~R_MT6323_RTC_IRQ_EN_AL_MASK;
    }
    mt6323_update_irq(s);
    mt6323_rtc_arm(s);
}

/* WRTGR: the time and alarm registers written take effect. */
static void mt6323_rtc_trigger(Mt6323State *s)
{
    uint16_t f[MT6323_RTC_NUM_FIELDS];
    int64_t t;

    if (s->tc_pending) {
        mt6323_rtc_fields(mt6323_rtc_now(s), f);
        for (unsigned i = 0; i < MT6323_RTC_NUM_FIELDS; i++) {
            if (s->tc_pending & BIT(i)) {
                f[i] = s->rtc[RTC_TC + i];
            }
        }
        t = mt6323_rtc_time_of(f);
        if (t < 0) {
            qemu_log_mask(LOG_GUEST_ERROR, "mt6323: RTC write trigger with "
                          "TC %u-%02u-%02u %02u:%02u:%02u: no such date, "
                          "the time is unchanged\n",
                          f[6] + MT6323_RTC_MIN_YEAR, f[5], f[3], f[2], f[1],
                          f[0]);
        } else {
            s->tick_offset = t - mt6323_rtc_clock_s();
        }
        s->tc_pending = 0;
    }
    RTC_LIVE(s, A_MT6323_RTC_IRQ_EN) = RTC(s, A_MT6323_RTC_IRQ_EN);
    RTC_LIVE(s, A_MT6323_RTC_AL_MASK) = RTC(s, A_MT6323_RTC_AL_MASK);
    for (unsigned i = 0; i < MT6323_RTC_NUM_FIELDS; i++) {
        s->rtc_live[RTC_AL + i] = s->rtc[RTC_AL + i];
    }
    s->busy_until = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + RTC_BUSY_NS;
    trace_mt6323_rtc_trigger(mt6323_rtc_now(s),
                             RTC_LIVE(s, A_MT6323_RTC_IRQ_EN));
    mt6323_rtc_arm(s);
}

static bool mt6323_rtc_busy(Mt6323State *s)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) < s->busy_until;
}

static uint16_t mt6323_rtc_read(Mt6323State *s, uint16_t ofs)
{
    uint16_t f[MT6323_RTC_NUM_FIELDS], val;

    switch (ofs) {
    case A_MT6323_RTC_BBPU:
        return RTC(s, ofs) | (mt6323_rtc_busy(s) ?
                              R_MT6323_RTC_BBPU_CBUSY_MASK : 0);
    case A_MT6323_RTC_IRQ_STA:
        val = RTC(s, ofs);
        RTC(s, ofs) = 0;
        return val;
    case A_MT6323_RTC_TC_SEC ... A_MT6323_RTC_TC_YEA:
        mt6323_rtc_fields(mt6323_rtc_now(s), f);
        return f[ofs / 2 - RTC_TC];
    case A_MT6323_RTC_WRTGR:
        return 0;
    }
    return RTC(s, ofs);
}

static void mt6323_rtc_write(Mt6323State *s, uint16_t ofs, uint16_t val)
{
    unsigned i = ofs / 2 - RTC_TC;

    if (mt6323_rtc_busy(s)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt6323: RTC write 0x%04x to 0x%04x "
                      "while CBUSY (a write trigger in progress): lost\n",
                      val, MT6323_RTC_BASE + ofs);
        return;
    }
    switch (ofs) {
    case A_MT6323_RTC_BBPU:
        if (FIELD_EX16(val, MT6323_RTC_BBPU, KEY) != MT6323_RTC_BBPU_KEY) {
            qemu_log_mask(LOG_GUEST_ERROR, "mt6323: RTC_BBPU write 0x%04x "
                          "without the key 0x43 in bits 15:8: ignored\n", val);
            return;
        }
        RTC(s, ofs) = val & RTC_BBPU_RW;
        return;
    case A_MT6323_RTC_IRQ_STA:
        qemu_log_mask(LOG_GUEST_ERROR, "mt6323: write 0x%04x to RTC_IRQ_STA, "
                      "read-only (a read clears it)\n", val);
        return;
    case A_MT6323_RTC_TC_SEC ... A_MT6323_RTC_TC_YEA:
        if (i == RTC_F_DOW) {
            /* The weekday follows the date (rtc-mt6397 writes garbage). */
            return;
        }
        if (!mt6323_rtc_field_ok(i, val)) {
            qemu_log_mask(LOG_GUEST_ERROR, "mt6323: RTC_TC_%s 0x%04x out of "
                          "range: ignored\n", rtc_field_name[i], val);
            return;
        }
        RTC(s, ofs) = val;
        s->tc_pending |= BIT(i);
        return;
    case A_MT6323_RTC_AL_SEC ... A_MT6323_RTC_AL_YEA:
        i = ofs / 2 - RTC_AL;
        if (i != RTC_F_DOW &&
            !mt6323_rtc_field_ok(i, val & rtc_al_mask[i])) {
            qemu_log_mask(LOG_GUEST_ERROR, "mt6323: RTC_AL_%s 0x%04x: field "
                          "out of range, the alarm will not match it\n",
                          rtc_field_name[i], val);
        }
        break;
    case A_MT6323_RTC_WRTGR:
        if (val & 1) {
            mt6323_rtc_trigger(s);
        }
        return;
    }
    RTC(s, ofs) = val;
}

static void mt6323_update_irq(Mt6323State *s)
{
    qemu_set_irq(s->irq,
                 !!((PR(s, A_MT6323_INT_STATUS0) & PR(s, A_MT6323_INT_CON0)) |
                    (PR(s, A_MT6323_INT_STATUS1) & PR(s, A_MT6323_INT_CON1))));
}

/* ISINK n: lit, and at which current step (0 when dark). */
static unsigned mt6323_led_level(Mt6323State *s, unsigned n)
{
    uint16_t con2 = PR(s, A_MT6323_ISINK0_CON2 + n * MT6323_ISINK_STRIDE);

    if (FIELD_EX16(PR(s, A_MT6323_TOP_CKPDN0), MT6323_TOP_CKPDN0, DRV_32K) ||
        (PR(s, A_MT6323_TOP_CKPDN2) & BIT(n)) ||
        (PR(s, A_MT6323_TOP_CKCON1) &
         BIT(R_MT6323_TOP_CKCON1_ISINK_CK_SEL_SHIFT + n)) ||
        !(PR(s, A_MT6323_ISINK_EN_CTRL) & BIT(n))) {
        return 0;
    }
    return FIELD_EX16(con2, MT6323_ISINK_CON2, CH_STEP) + 1;
}

/* Its dimming: on-time in 32nds of a period of period_ms. */
static unsigned mt6323_led_duty32(Mt6323State *s, unsigned n)
{
    return FIELD_EX16(PR(s, A_MT6323_ISINK0_CON0 + n * MT6323_ISINK_STRIDE),
                      MT6323_ISINK_CON0, DIM_DUTY) + 1;
}

static unsigned mt6323_led_period_ms(Mt6323State *s, unsigned n)
{
    return FIELD_EX16(PR(s, A_MT6323_ISINK0_CON1 + n * MT6323_ISINK_STRIDE),
                      MT6323_ISINK_CON1, DIM_FSEL) + 1;
}

static bool mt6323_led_blinking(Mt6323State *s, unsigned n)
{
    return mt6323_led_level(s, n) && mt6323_led_duty32(s, n) < 32;
}

static void mt6323_trace_leds(Mt6323State *s, const unsigned *before)
{
    for (unsigned n = 0; n < MT6323_NUM_ISINKS; n++) {
        unsigned now = mt6323_led_level(s, n) |
                       mt6323_led_blinking(s, n) << 8;

        if (now != before[n]) {
            trace_mt6323_led(n, mt6323_led_level(s, n),
                             mt6323_led_blinking(s, n),
                             mt6323_led_period_ms(s, n),
                             mt6323_led_duty32(s, n));
        }
    }
}

static bool mt6323_cipher_ready(Mt6323State *s)
{
    return (PR(s, A_MT6323_DEW_CIPHER_EN) & 1) &&
           !(PR(s, A_MT6323_DEW_CIPHER_SWRST) & 1);
}

static bool mt6323_is_rtc(uint16_t addr)
{
    return addr >= MT6323_RTC_BASE && addr < MT6323_RTC_BASE + MT6323_RTC_SIZE;
}

bool mt6323_read(Mt6323State *s, uint16_t addr, uint16_t *val)
{
    *val = 0;
    if ((addr >= MT6323_REG_SPACE && !mt6323_is_rtc(addr)) || (addr & 1)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt6323: read of 0x%04x: no register "
                      "there (the model decodes 0x0000-0x07fe and the RTC's "
                      "0x8000-0x803e)\n", addr);
        return false;
    }
    if (mt6323_is_rtc(addr)) {
        *val = mt6323_rtc_read(s, addr - MT6323_RTC_BASE);
        trace_mt6323_read(addr, *val);
        return true;
    }
    switch (addr) {
    case A_MT6323_DEW_READ_TEST:
        *val = MT6323_DEW_READ_TEST_VAL;
        break;
    case A_MT6323_DEW_CRC_VAL:
        *val = s->crc;
        break;
    case A_MT6323_DEW_CIPHER_RDY:
        *val = mt6323_cipher_ready(s);
        break;
    default:
        *val = PR(s, addr);
        for (int i = 0; i < ARRAY_SIZE(mt6323_setclr); i++) {
            if (addr == mt6323_setclr[i] + SET_OFS ||
                addr == mt6323_setclr[i] + CLR_OFS) {
                *val = PR(s, mt6323_setclr[i]);
            }
        }
        if (mt6323_qi_mask(addr)) {
            const uint16_t qi = mt6323_qi_mask(addr);

            *val &= ~qi;
            for (int i = 0; i < ARRAY_SIZE(mt6323_regulators); i++) {
                if (mt6323_regulators[i].en_reg == addr &&
                    mt6323_reg_enabled(s, &mt6323_regulators[i])) {
                    *val |= qi;
                }
            }
        }
        break;
    }
    trace_mt6323_read(addr, *val);
    return true;
}

/* CRC-16/CCITT over the address and data of each write, while CRC_EN. */
static void mt6323_crc(Mt6323State *s, uint16_t addr, uint16_t val)
{
    uint32_t word = (uint32_t)addr << 16 | val;

    for (int i = 31; i >= 0; i--) {
        bool bit = ((s->crc >> 15) & 1) ^ ((word >> i) & 1);

        s->crc = (s->crc << 1) ^ (bit ? 0x1021 : 0);
    }
}

bool mt6323_write(Mt6323State *s, uint16_t addr, uint16_t val)
{
    unsigned before[MT6323_NUM_ISINKS];
    const Mt6323Regulator *buck;

    if ((addr >= MT6323_REG_SPACE && !mt6323_is_rtc(addr)) || (addr & 1)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt6323: write 0x%04x to 0x%04x: no "
                      "register there (the model decodes 0x0000-0x07fe and "
                      "the RTC's 0x8000-0x803e)\n", val, addr);
        return false;
    }
    trace_mt6323_write(addr, val);
    if (mt6323_is_rtc(addr)) {
        if (PR(s, A_MT6323_DEW_CRC_EN) & 1) {
            mt6323_crc(s, addr, val);
        }
        mt6323_rtc_write(s, addr - MT6323_RTC_BASE, val);
        return true;
    }
    for (unsigned n = 0; n < MT6323_NUM_ISINKS; n++) {
        before[n] = mt6323_led_level(s, n) | mt6323_led_blinking(s, n) << 8;
    }
    if (PR(s, A_MT6323_DEW_CRC_EN) & 1) {
        mt6323_crc(s, addr, val);
    }
    for (int i = 0; i < ARRAY_SIZE(mt6323_setclr); i++) {
        if (addr == mt6323_setclr[i] + SET_OFS) {
            PR(s, mt6323_setclr[i]) |= val;
            goto done;
        }
        if (addr == mt6323_setclr[i] + CLR_OFS) {
            PR(s, mt6323_setclr[i]) &= ~val;
            goto done;
        }
    }
    switch (addr) {
    case A_MT6323_CID:
    case A_MT6323_DEW_READ_TEST:
    case A_MT6323_DEW_CRC_VAL:
    case A_MT6323_DEW_CIPHER_RDY:
        qemu_log_mask(LOG_GUEST_ERROR, "mt6323: write 0x%04x to read-only "
                      "register 0x%04x\n", val, addr);
        return true;
    case A_MT6323_INT_STATUS0:
    case A_MT6323_INT_STATUS1:
        PR(s, addr) &= ~val;
        break;
    case A_MT6323_DEW_CRC_EN:
        if ((val & 1) && !(PR(s, addr) & 1)) {
            s->crc = 0;
        }
        PR(s, addr) = val & 1;
        break;
    case A_MT6323_DEW_DIO_EN:
    case A_MT6323_DEW_CIPHER_EN:
    case A_MT6323_DEW_CIPHER_MODE:
        PR(s, addr) = val & 1;
        break;
    case A_MT6323_DEW_CIPHER_SWRST:
        PR(s, addr) = val & 1;
        if (val & 1) {
            /* The cipher in reset: not ready, the link back in plain text. */
            PR(s, A_MT6323_DEW_CIPHER_EN) = 0;
            PR(s, A_MT6323_DEW_CIPHER_MODE) = 0;
        }
        break;
    default:
        buck = mt6323_buck_vosel(addr);
        if (buck && (val & ~buck->vsel_mask)) {
            qemu_log_mask(LOG_GUEST_ERROR, "mt6323: %s VOSEL 0x%04x at 0x%04x "
                          "has bits beyond the field (0x%02x): dropped\n",
                          buck->name, val, addr, buck->vsel_mask);
            val &= buck->vsel_mask;
        }
        /* QI bits are status: what is written there is not kept. */
        PR(s, addr) = val & ~mt6323_qi_mask(addr);
        mt6323_trace_regulators(s, addr);
        break;
    }
done:
    mt6323_trace_leds(s, before);
    mt6323_update_irq(s);
    return true;
}

void mt6323_spi_reset(Mt6323State *s)
{
    trace_mt6323_spi_reset();
    PR(s, A_MT6323_DEW_DIO_EN) = 0;
    PR(s, A_MT6323_DEW_CIPHER_MODE) = 0;
}

bool mt6323_dio(Mt6323State *s)
{
    return PR(s, A_MT6323_DEW_DIO_EN) & 1;
}

bool mt6323_ciphered(Mt6323State *s)
{
    return PR(s, A_MT6323_DEW_CIPHER_MODE) & 1;
}

/* The key and IV selections, as one word. */
uint32_t mt6323_cipher_sel(Mt6323State *s)
{
    return (PR(s, A_MT6323_DEW_CIPHER_KEY_SEL) & 0xff) |
           (PR(s, A_MT6323_DEW_CIPHER_IV_SEL) & 0xff) << 8;
}

uint16_t mt6323_rddmy(Mt6323State *s)
{
    return PR(s, A_MT6323_DEW_RDDMY_NO);
}

static void mt6323_reset_enter(Object *obj, ResetType type)
{
    Mt6323State *s = MT6323(obj);

    memset(s->regs, 0, sizeof(s->regs));
    s->crc = 0;
    PR(s, A_MT6323_CID) = MT6323_CHIP_ID;
    /* Out of power-on every clock the LEDs use is stopped. */
    PR(s, A_MT6323_TOP_CKPDN0) = R_MT6323_TOP_CKPDN0_DRV_32K_MASK |
                                 R_MT6323_TOP_CKPDN0_VWLED_1M_MASK |
                                 R_MT6323_TOP_CKPDN0_VWLED_32K_MASK |
                                 R_MT6323_TOP_CKPDN0_VWLED_6M_MASK;
    PR(s, A_MT6323_TOP_CKPDN2) = R_MT6323_TOP_CKPDN2_ISINK_MASK;
    /*
     * The supplies a board needs from power-on: VPROC at 1.15 V, VSYS at
     * 1.8 V, VTCXO, VIO28, VIO18 and VRTC.
     */
    PR(s, A_MT6323_VPROC_CON7) = R_MT6323_BUCK_CON7_EN_MASK;
    PR(s, A_MT6323_VPROC_CON9) = 0x48;
    PR(s, A_MT6323_VSYS_CON7) = R_MT6323_BUCK_CON7_EN_MASK;
    PR(s, A_MT6323_VSYS_CON9) = 0x20;
    PR(s, A_MT6323_ANALDO_CON1) = BIT(10);
    PR(s, A_MT6323_DIGLDO_CON0) = BIT(14);
    PR(s, A_MT6323_DIGLDO_CON49) = BIT(14);
    PR(s, A_MT6323_DIGLDO_CON15) = BIT(8);

    /* The RTC's registers; its time runs on (tick_offset stays). */
    memset(s->rtc, 0, sizeof(s->rtc));
    RTC(s, A_MT6323_RTC_BBPU) = R_MT6323_RTC_BBPU_PWREN_MASK;
    RTC(s, A_MT6323_RTC_AL_SEC + 2 * 3) = 1;        /* AL_DOM */
    RTC(s, A_MT6323_RTC_AL_SEC + 2 * 5) = 1;        /* AL_MTH */
    memcpy(s->rtc_live, s->rtc, sizeof(s->rtc));
    s->tc_pending = 0;
    s->busy_until = 0;
    if (s->alarm) {
        timer_del(s->alarm);
    }
}

static void mt6323_reset_hold(Object *obj, ResetType type)
{
    mt6323_update_irq(MT6323(obj));
}

static void mt6323_realize(DeviceState *dev, Error **errp)
{
    Mt6323State *s = MT6323(dev);
    struct tm tm;

    s->alarm = timer_new_ns(rtc_clock, mt6323_rtc_alarm_cb, s);
    /* The RTC starts at -rtc base, as QEMU's other RTCs do. */
    qemu_get_timedate(&tm, 0);
    s->tick_offset = mktimegm(&tm) - mt6323_rtc_clock_s();
}

/* QOM: the regulators as the model holds them. */
static void mt6323_get_regulator(Object *obj, Visitor *v, const char *name,
                                 void *opaque, Error **errp)
{
    Mt6323State *s = MT6323(obj);
    const Mt6323Regulator *r = mt6323_regulator_of(name);
    uint32_t uv;
    bool en;

    if (g_str_has_suffix(name, "-enabled")) {
        en = mt6323_reg_enabled(s, r);
        visit_type_bool(v, name, &en, errp);
        return;
    }
    uv = mt6323_reg_uv(s, r);
    visit_type_uint32(v, name, &uv, errp);
}

/* rtc-seconds: the RTC's time, seconds since 1970; a write sets it. */
static void mt6323_get_rtc_seconds(Object *obj, Visitor *v, const char *name,
                                   void *opaque, Error **errp)
{
    int64_t t = mt6323_rtc_now(MT6323(obj));

    visit_type_int64(v, name, &t, errp);
}

static void mt6323_set_rtc_seconds(Object *obj, Visitor *v, const char *name,
                                   void *opaque, Error **errp)
{
    Mt6323State *s = MT6323(obj);
    int64_t t;

    if (!visit_type_int64(v, name, &t, errp)) {
        return;
    }
    /* The TC registers count 1968 to 2095. */
    if (t < -63158400 || t > 3976214399LL) {
        error_setg(errp, "mt6323: rtc-seconds %" PRId64 " is outside the "
                   "RTC's years 1968-2095", t);
        return;
    }
    s->tick_offset = t - mt6323_rtc_clock_s();
    trace_mt6323_rtc_trigger(t, RTC_LIVE(s, A_MT6323_RTC_IRQ_EN));
    mt6323_rtc_arm(s);
}

/* rtc-date: the RTC's date, "YYYY-MM-DD". */
static char *mt6323_get_rtc_date(Object *obj, Error **errp)
{
    uint16_t f[MT6323_RTC_NUM_FIELDS];

    mt6323_rtc_fields(mt6323_rtc_now(MT6323(obj)), f);
    return g_strdup_printf("%04u-%02u-%02u", f[6] + MT6323_RTC_MIN_YEAR,
                           f[5], f[3]);
}

/* QOM: the LEDs as the model lights them. */
static unsigned mt6323_led_of(const char *name)
{
    return name[3] - '0';
}

static void mt6323_get_led(Object *obj, Visitor *v, const char *name,
                           void *opaque, Error **errp)
{
    Mt6323State *s = MT6323(obj);
    unsigned n = mt6323_led_of(name);
    uint32_t val;

    if (g_str_has_suffix(name, "-blinking")) {
        bool b = mt6323_led_blinking(s, n);

        visit_type_bool(v, name, &b, errp);
        return;
    }
    if (g_str_has_suffix(name, "-brightness")) {
        val = mt6323_led_level(s, n);
    } else if (g_str_has_suffix(name, "-period-ms")) {
        val = mt6323_led_period_ms(s, n);
    } else {
        val = mt6323_led_duty32(s, n) * 100 / 32;
    }
    visit_type_uint32(v, name, &val, errp);
}

/* int-status: STATUS1 << 16 | STATUS0; a write raises those sources. */
static void mt6323_get_int(Object *obj, Visitor *v, const char *name,
                           void *opaque, Error **errp)
{
    Mt6323State *s = MT6323(obj);
    uint32_t val = PR(s, A_MT6323_INT_STATUS1) << 16 |
                   PR(s, A_MT6323_INT_STATUS0);

    visit_type_uint32(v, name, &val, errp);
}

static void mt6323_set_int(Object *obj, Visitor *v, const char *name,
                           void *opaque, Error **errp)
{
    Mt6323State *s = MT6323(obj);
    uint32_t val;

    if (!visit_type_uint32(v, name, &val, errp)) {
        return;
    }
    if (val & ~(INT_STATUS1_MASK << 16 | INT_STATUS0_MASK)) {
        error_setg(errp, "mt6323: int-status 0x%x names sources that do not "
                   "exist (STATUS0 bits 0-11, STATUS1 bits 16-23)", val);
        return;
    }
    PR(s, A_MT6323_INT_STATUS0) |= val & INT_STATUS0_MASK;
    PR(s, A_MT6323_INT_STATUS1) |= val >> 16;
    trace_mt6323_int_raise(val);
    mt6323_update_irq(s);
}

static void mt6323_init(Object *obj)
{
    Mt6323State *s = MT6323(obj);
    static const char *const what[] = {
        "brightness", "blinking", "period-ms", "duty-pct",
    };

    qdev_init_gpio_out(DEVICE(obj), &s->irq, 1);
    for (int n = 0; n < MT6323_NUM_ISINKS; n++) {
        for (int i = 0; i < ARRAY_SIZE(what); i++) {
            g_autofree char *prop = g_strdup_printf("led%d-%s", n, what[i]);

            object_property_add(obj, prop, i == 1 ? "bool" : "uint32",
                                mt6323_get_led, NULL, NULL, NULL);
        }
    }
    object_property_add(obj, "int-status", "uint32", mt6323_get_int,
                        mt6323_set_int, NULL, NULL);
    for (int i = 0; i < ARRAY_SIZE(mt6323_regulators); i++) {
        g_autofree char *en = g_strdup_printf("%s-enabled",
                                              mt6323_regulators[i].name);
        g_autofree char *uv = g_strdup_printf("%s-microvolts",
                                              mt6323_regulators[i].name);

        object_property_add(obj, en, "bool", mt6323_get_regulator, NULL,
                            NULL, NULL);
        object_property_add(obj, uv, "uint32", mt6323_get_regulator, NULL,
                            NULL, NULL);
    }
    object_property_add(obj, "rtc-seconds", "int64", mt6323_get_rtc_seconds,
                        mt6323_set_rtc_seconds, NULL, NULL);
    object_property_add_str(obj, "rtc-date", mt6323_get_rtc_date, NULL);
}

static int mt6323_pre_save(void *opaque)
{
    Mt6323State *s = opaque;

    s->mig_time = mt6323_rtc_now(s);
    s->mig_busy_ns = MAX(s->busy_until -
                         qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), 0);
    return 0;
}

static int mt6323_post_load(void *opaque, int version_id)
{
    Mt6323State *s = opaque;

    if (s->tc_pending >= BIT(MT6323_RTC_NUM_FIELDS) ||
        s->mig_busy_ns < 0 || s->mig_busy_ns > RTC_BUSY_NS) {
        return -EINVAL;
    }
    s->tick_offset = s->mig_time - mt6323_rtc_clock_s();
    s->busy_until = s->mig_busy_ns ?
                    qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + s->mig_busy_ns : 0;
    mt6323_rtc_arm(s);
    return 0;
}

/* Migrated inside the wrapper's state: the PMIC has no bus of its own. */
const VMStateDescription vmstate_mt6323 = {
    .name = TYPE_MT6323,
    .version_id = 2,
    .minimum_version_id = 2,
    .pre_save = mt6323_pre_save,
    .post_load = mt6323_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT16_ARRAY(regs, Mt6323State, MT6323_NUM_REGS),
        VMSTATE_UINT16(crc, Mt6323State),
        VMSTATE_UINT16_ARRAY(rtc, Mt6323State, MT6323_RTC_NUM_REGS),
        VMSTATE_UINT16_ARRAY(rtc_live, Mt6323State, MT6323_RTC_NUM_REGS),
        VMSTATE_UINT8(tc_pending, Mt6323State),
        VMSTATE_INT64(mig_time, Mt6323State),
        VMSTATE_INT64(mig_busy_ns, Mt6323State),
        VMSTATE_END_OF_LIST()
    },
};

static void mt6323_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    dc->desc = "MediaTek MT6323 PMIC (behind the MT7623 PMIC wrapper)";
    /* Only a wrapper reaches it: mt7623-pwrap makes one. */
    dc->user_creatable = false;
    dc->realize = mt6323_realize;
    rc->phases.enter = mt6323_reset_enter;
    rc->phases.hold = mt6323_reset_hold;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo mt6323_types[] = {
    {
        .name = TYPE_MT6323,
        .parent = TYPE_DEVICE,
        .instance_size = sizeof(Mt6323State),
        .instance_init = mt6323_init,
        .class_init = mt6323_class_init,
    },
};

DEFINE_TYPES(mt6323_types)
