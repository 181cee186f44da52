/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Motorola CPCAP PMIC on the board's PL022 at chip select 1 (active
 * high), its interrupt on PL061 line 5: the nodes (the PMIC and the
 * children Linux binds, the controller's cs-gpios), the regmap-spi frame
 * (command word, auto-incrementing bursts), the revision the mfd driver
 * checks, the register contract (read/write, write-1-to-clear, read-only,
 * holes), the interrupt controller (latch on a source's change, masks,
 * the line on the PL061), ADC conversions and calibration as cpcap-adc
 * programs them with values following the injected battery and VBUS,
 * the low-battery thresholds, the coulomb counter's calibration, the
 * LEDs read back over QMP, bad words and addresses, bad options, reset
 * and migration in the middle of a frame.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "presilicon-spi.h"
#include "hw/misc/motorola_cpcap_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* PL061 line 5: the PMIC's interrupt (docs/board.md). */
#define IRQ_LINE    5
#define QOM         "/machine/motorola-cpcap"
#define WR          R_CPCAP_CMD_WRITE_MASK
#define SCR1        0x0e64      /* a scratch register: plain storage */

typedef struct Cp {
    PsQTest *t;
    int cs;
} Cp;

static Cp *cp_start(const char *machine, const char *extra, int cs)
{
    Cp *c = g_new0(Cp, 1);

    c->t = ps_qtest_start(machine, "%s", extra ? extra : "");
    c->cs = cs;
    return c;
}

static void cp_stop(Cp *c)
{
    ps_qtest_quit(c->t);
    g_free(c);
}

/*
 * What spi-pl022 and the SPI core program. The ADS7957 at CS0 is active
 * low (idle high); the CPCAP's chip select is active high (idle low).
 */
static void spi_setup(Cp *c, int bits)
{
    ps_spi_setup(c->t->qts, bits, 0x1);
}

static void cs(Cp *c, bool active)
{
    ps_cs_set(c->t->qts, c->cs, active);
}

static uint16_t word(Cp *c, uint32_t w)
{
    return ps_spi_word(c->t->qts, w);
}

/* regmap-spi: a read is the address, then a word clocked in. */
static uint16_t rd(Cp *c, uint16_t addr)
{
    uint16_t v;

    cs(c, true);
    word(c, addr);
    v = word(c, 0);
    cs(c, false);
    return v;
}

static void wr(Cp *c, uint16_t addr, uint16_t val)
{
    cs(c, true);
    word(c, WR | addr);
    word(c, val);
    cs(c, false);
}

static bool irq_line(Cp *c)
{
    return ps_gpio_get(c->t->qts, IRQ_LINE);
}

static void qom_set_int(Cp *c, const char *prop, int64_t v)
{
    QDict *r = qtest_qmp(c->t->qts, "{'execute': 'qom-set', 'arguments': "
                         "{'path': %s, 'property': %s, 'value': %" PRId64
                         "}}", QOM, prop, v);

    ck_assert_msg(qdict_haskey(r, "return"), "qom-set %s failed", prop);
    qobject_unref(r);
}

static void qom_set_bool(Cp *c, const char *prop, bool v)
{
    QDict *r = qtest_qmp(c->t->qts, "{'execute': 'qom-set', 'arguments': "
                         "{'path': %s, 'property': %s, 'value': %i}}",
                         QOM, prop, v);

    ck_assert(qdict_haskey(r, "return"));
    qobject_unref(r);
}

static int64_t qom_get_int(Cp *c, const char *prop)
{
    QDict *r = qtest_qmp(c->t->qts, "{'execute': 'qom-get', 'arguments': "
                         "{'path': %s, 'property': %s}}", QOM, prop);
    int64_t v = qdict_get_int(r, "return");

    qobject_unref(r);
    return v;
}

static void assert_log_has(Cp *c, const char *what)
{
    g_autofree char *log = ps_log_take(c->t);

    ck_assert_msg(strstr(log, what), "no guest error '%s' in: %s", what,
                  log);
}

static void assert_log_clean(Cp *c)
{
    g_autofree char *log = ps_log_take(c->t);

    ck_assert_msg(!strstr(log, "motorola-cpcap"), "unexpected: %s", log);
}

/* cpcap-adc.c's scaling of a code back to what the guest reports. */
static int battp_mv(int code)
{
    return code * 2300 / 1023 + 2400;
}

static int current_ma(int code)
{
    int r = MAX(-512, MIN(code - 512, 511));

    return r * 5000 / 1023 + 2;
}

/* cpcap_adc_setup_bank() + start, for TIMING_IMM, and the result. */
static void adc_convert(Cp *c, uint16_t adcc1)
{
    wr(c, A_ADCC1, adcc1);
    wr(c, A_ADCC2, R_ADCC2_ADTRIG_DIS_MASK);
    wr(c, A_ADCC2, R_ADCC2_ADTRIG_DIS_MASK | R_ADCC2_ASC_MASK);
}

/* --- device tree --------------------------------------------------------- */

static int child(const void *fdt, int parent, const char *name)
{
    return fdt_subnode_offset(fdt, parent, name);
}

static void check_nodes(const void *fdt, int cs_n, bool irq)
{
    int pmic = ps_fdt_node_by_compat(fdt, "motorola,cpcap");
    int spi = ps_fdt_node_by_reg(fdt, "arm,pl022", PS_SPI_BASE);
    int gpio = ps_fdt_node_by_reg(fdt, "arm,pl061", PS_GPIO_BASE);
    uint32_t ph;
    const fdt32_t *p;
    int len, n;

    ck_assert_int_ge(pmic, 0);
    ck_assert_int_eq(fdt_parent_offset(fdt, pmic), spi);
    ck_assert_uint_eq(ps_fdt_cell(fdt, pmic, "reg", ~0u), cs_n);
    ck_assert_int_eq(fdt_stringlist_search(fdt, pmic, "compatible",
                                           "st,6556002"), 1);
    ck_assert_ptr_nonnull(fdt_getprop(fdt, pmic, "spi-cs-high", NULL));
    ck_assert_ptr_nonnull(fdt_getprop(fdt, pmic, "interrupt-controller",
                                      NULL));
    ck_assert_uint_eq(ps_fdt_cell(fdt, pmic, "#interrupt-cells", 0), 2);
    ck_assert_uint_eq(ps_fdt_cell(fdt, pmic, "spi-max-frequency", 0),
                      9600000);
    p = fdt_getprop(fdt, pmic, "interrupts-extended", &len);
    if (irq) {
        ck_assert_int_eq(len, 12);
        ck_assert_int_eq(fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(p[0])),
                         gpio);
        ck_assert_uint_eq(fdt32_to_cpu(p[1]), IRQ_LINE);
        ck_assert_uint_eq(fdt32_to_cpu(p[2]), 4);   /* level high */
    }
    /* cs-gpios: its entry active high, as spi-cs-high says. */
    p = fdt_getprop(fdt, spi, "cs-gpios", &len);
    ck_assert_int_eq(len, 4 * 3 * 4);
    ck_assert_uint_eq(fdt32_to_cpu(p[cs_n * 3 + 1]), cs_n);
    ck_assert_uint_eq(fdt32_to_cpu(p[cs_n * 3 + 2]), 0);

    ph = ps_fdt_cell(fdt, pmic, "phandle", 0);
    n = child(fdt, pmic, "adc");
    ck_assert_int_ge(n, 0);
    ck_assert_str_eq(fdt_getprop(fdt, n, "compatible", NULL),
                     "motorola,mapphone-cpcap-adc");
    p = fdt_getprop(fdt, n, "interrupts-extended", &len);
    ck_assert_int_eq(len, 12);
    ck_assert_uint_eq(fdt32_to_cpu(p[0]), ph);
    ck_assert_uint_eq(fdt32_to_cpu(p[1]), CPCAP_IRQ_ADCDONE);
    ck_assert_str_eq(fdt_getprop(fdt, n, "interrupt-names", NULL), "adcdone");

    n = child(fdt, pmic, "battery");
    ck_assert_int_ge(n, 0);
    ck_assert_int_eq(fdt_stringlist_search(fdt, n, "interrupt-names",
                                           "lowbph"), 1);
    p = fdt_getprop(fdt, n, "interrupts-extended", &len);
    ck_assert_int_eq(len, 6 * 12);
    ck_assert_uint_eq(fdt32_to_cpu(p[4]), CPCAP_IRQ_LOWBPH);
    ck_assert_int_eq(fdt_stringlist_search(fdt, n, "io-channel-names",
                                           "battp"), 1);
    n = child(fdt, pmic, "charger");
    ck_assert_int_ge(n, 0);
    ck_assert_int_eq(fdt_stringlist_search(fdt, n, "interrupt-names",
                                           "vbusvld"), 7);
    for (int i = 0; i < 3; i++) {
        static const char *const led[] = { "led-red", "led-green",
                                           "led-blue" };
        int r;

        n = child(fdt, pmic, led[i]);
        ck_assert_int_ge(n, 0);
        r = fdt_node_offset_by_phandle(fdt, ps_fdt_cell(fdt, n, "vdd-supply",
                                                        0));
        ck_assert_int_ge(r, 0);
        ck_assert_str_eq(fdt_getprop(fdt, r, "compatible", NULL),
                         "regulator-fixed");
    }
}

START_TEST(test_fdt_nodes)
{
    Cp *c = cp_start("presilicon", NULL, 1);
    g_autofree void *fdt = ps_dtb(c->t);
    const fdt32_t *p;
    int len;

    check_nodes(fdt, 1, true);
    /* The ADS7957 at chip select 0 keeps its active-low entry. */
    p = fdt_getprop(fdt, ps_fdt_node_by_reg(fdt, "arm,pl022", PS_SPI_BASE),
                    "cs-gpios", &len);
    ck_assert_uint_eq(fdt32_to_cpu(p[2]), 1);
    cp_stop(c);
}
END_TEST

START_TEST(test_bare_device)
{
    Cp *c = cp_start("presilicon,bare=on", NULL, 1);
    g_autofree void *fdt = ps_dtb(c->t);
    g_autofree void *fdt2 = NULL;

    ck_assert_int_lt(ps_fdt_node_by_compat(fdt, "motorola,cpcap"), 0);
    cp_stop(c);

    /* -device at chip select 2: its node, and CS2 selects it. */
    c = cp_start("presilicon,bare=on", "-device motorola-cpcap,cs=2", 2);
    fdt2 = ps_dtb(c->t);
    check_nodes(fdt2, 2, true);
    spi_setup(c, 16);
    ck_assert_uint_eq(rd(c, A_VERSC1), 0x0013);
    c->cs = 1;                  /* nothing at chip select 1 */
    ck_assert_uint_eq(rd(c, A_VERSC1), 0);
    cp_stop(c);
}
END_TEST

START_TEST(test_bad_options_named)
{
    static const struct {
        const char *machine, *args, *want;
    } bad[] = {
        { ",bare=on", "-device motorola-cpcap,max-hz=0", "max-hz" },
        { ",bare=on", "-device motorola-cpcap,cs=5", "cs=5" },
        { ",bare=on", "-device motorola-cpcap,battery-voltage-uv=9000000",
          "battery-voltage-uv" },
        /* -M presilicon has one at chip select 1 already. */
        { "", "-device motorola-cpcap,cs=3", "one motorola-cpcap at most" },
    };

    for (int i = 0; i < ARRAY_SIZE(bad); i++) {
        g_autofree char *cmd = g_strdup_printf(
            "%s -M presilicon%s -display none %s",
            g_getenv("QTEST_QEMU_BINARY"), bad[i].machine, bad[i].args);
        g_autofree char *err = NULL;
        int status;

        ck_assert(g_spawn_command_line_sync(cmd, NULL, &err, &status, NULL));
        ck_assert_int_ne(status, 0);
        ck_assert_msg(strstr(err, bad[i].want), "'%s' not in: %s",
                      bad[i].want, err);
    }
}
END_TEST

/* --- protocol and registers ---------------------------------------------- */

START_TEST(test_revision)
{
    Cp *c = cp_start("presilicon", NULL, 1);
    uint16_t v, rev;

    spi_setup(c, 16);
    v = rd(c, A_VERSC1);
    /* cpcap_get_revision() / cpcap_get_vendor(): ST, 2.10 (0x1a). */
    rev = ((v >> 3) & 0x7) | ((v << 3) & 0x38);
    ck_assert_uint_eq(rev, 0x1a);
    ck_assert_uint_eq((v >> 6) & 0x7, 0);
    ck_assert_uint_ge(rev, 0x11);               /* CPCAP_REVISION_2_1 */
    assert_log_clean(c);
    cp_stop(c);
}
END_TEST

START_TEST(test_register_contract)
{
    Cp *c = cp_start("presilicon", NULL, 1);
    uint16_t got[7];

    spi_setup(c, 16);
    wr(c, SCR1, 0xa5c3);
    ck_assert_uint_eq(rd(c, SCR1), 0xa5c3);
    /* The ADS7957 at CS0 saw nothing of it: its frames are its own. */
    ck_assert_uint_eq(rd(c, SCR1), 0xa5c3);

    /* A burst: regmap_bulk_write/read of CCS1..CCI, 7 registers. */
    cs(c, true);
    word(c, WR | A_CCS1);
    for (int i = 0; i < 7; i++) {
        word(c, 0x100 + i);
    }
    cs(c, false);
    cs(c, true);
    word(c, A_CCS1);
    for (int i = 0; i < 7; i++) {
        got[i] = word(c, 0);
    }
    cs(c, false);
    for (int i = 0; i < 7; i++) {
        ck_assert_uint_eq(got[i], 0x100 + i);
    }
    ck_assert_uint_eq(rd(c, A_CCM), 0x104);
    assert_log_clean(c);

    /* Read-only: VERSC1, INTS1, the ADC results. */
    wr(c, A_VERSC1, 0xffff);
    assert_log_has(c, "read-only");
    ck_assert_uint_eq(rd(c, A_VERSC1), 0x0013);
    wr(c, A_ADCD0, 0x3ff);
    assert_log_has(c, "read-only");
    ck_assert_uint_eq(rd(c, A_ADCD0), 0);

    /* A hole between registers (0x0218, 0x0050). */
    wr(c, 0x0218, 0x1234);
    assert_log_has(c, "no register there");
    ck_assert_uint_eq(rd(c, 0x0218), 0);
    assert_log_has(c, "no register there");
    ck_assert_uint_eq(rd(c, 0x0050), 0);
    cp_stop(c);
}
END_TEST

/* --- interrupts ---------------------------------------------------------- */

START_TEST(test_interrupt_controller)
{
    Cp *c = cp_start("presilicon", NULL, 1);

    spi_setup(c, 16);
    /* Everything masked from reset, nothing latched, line low. */
    for (int i = 0; i < CPCAP_INT_BANKS; i++) {
        ck_assert_uint_eq(rd(c, CPCAP_REG_INTM(i)), 0xffff);
        ck_assert_uint_eq(rd(c, A_INT1 + i * 4), 0);
    }
    ck_assert_uint_eq(rd(c, A_MIM1), 0xffff);
    ck_assert(!irq_line(c));
    /* No USB cable, a battery in: INTS2 clear, INTS4 BATTDETB clear. */
    ck_assert_uint_eq(rd(c, CPCAP_REG_INTS(1)) & 0x38, 0);
    ck_assert_uint_eq(rd(c, A_INTS4) & BIT(6), 0);

    /* A charger plugged in: the sources go high and latch, masked. */
    qom_set_bool(c, "vbus-present", true);
    ck_assert_uint_eq(rd(c, CPCAP_REG_INTS(1)) & 0x38, 0x38);
    ck_assert_uint_eq(rd(c, A_INTS1) & BIT(13), BIT(13));    /* chrg_det */
    ck_assert_uint_eq(rd(c, A_INT1 + 4) & 0x38, 0x38);
    ck_assert(!irq_line(c));
    /* regmap-irq unmasks vbusvld: the line goes high. */
    wr(c, CPCAP_REG_INTM(1), 0xffff & ~BIT(3));
    ck_assert(irq_line(c));
    /* Writing 0 clears nothing; writing the bit clears it (clear_ack). */
    wr(c, A_INT1 + 4, 0);
    ck_assert(irq_line(c));
    wr(c, A_INT1 + 4, BIT(3));
    wr(c, A_INT1 + 4, 0);
    ck_assert(!irq_line(c));
    ck_assert_uint_eq(rd(c, A_INT1 + 4) & 0x38, 0x30);
    /* The cable pulled: the falling edge latches too. */
    qom_set_bool(c, "vbus-present", false);
    ck_assert(irq_line(c));
    ck_assert_uint_eq(rd(c, CPCAP_REG_INTS(1)) & BIT(3), 0);
    wr(c, A_INT1 + 4, 0xffff);
    ck_assert(!irq_line(c));

    /* The battery pulled: BATTDETB (54, INT4 bit 6). */
    wr(c, CPCAP_REG_INTM(3), 0xffff & ~BIT(6));
    qom_set_bool(c, "battery-present", false);
    ck_assert_uint_eq(rd(c, A_INTS4) & BIT(6), BIT(6));
    ck_assert(irq_line(c));
    wr(c, A_INT4, BIT(6));
    ck_assert(!irq_line(c));

    /* The macro interrupt registers: write 1 to clear, masks stored. */
    wr(c, A_MIM2, 0x00ff);
    ck_assert_uint_eq(rd(c, A_MIM2), 0x00ff);
    ck_assert_uint_eq(rd(c, A_MI2), 0);
    assert_log_clean(c);
    cp_stop(c);
}
END_TEST

START_TEST(test_low_battery_thresholds)
{
    Cp *c = cp_start("presilicon", NULL, 1);
    uint16_t bits = BIT(CPCAP_IRQ_LOWBPL) | BIT(CPCAP_IRQ_LOWBPH) |
                    BIT(CPCAP_IRQ_EOL);

    spi_setup(c, 16);
    wr(c, A_INTM1, 0xffff & ~BIT(CPCAP_IRQ_LOWBPH));
    ck_assert_uint_eq(rd(c, A_INTS1) & bits, 0);
    qom_set_int(c, "battery-voltage-uv", 3400000);
    ck_assert_uint_eq(rd(c, A_INTS1) & bits, 0);
    ck_assert(!irq_line(c));
    qom_set_int(c, "battery-voltage-uv", 3350000);
    ck_assert_uint_eq(rd(c, A_INTS1) & bits, BIT(CPCAP_IRQ_LOWBPH));
    ck_assert(irq_line(c));
    wr(c, A_INT1, BIT(CPCAP_IRQ_LOWBPH));
    ck_assert(!irq_line(c));
    qom_set_int(c, "battery-voltage-uv", 3100000);
    ck_assert_uint_eq(rd(c, A_INTS1) & bits,
                      BIT(CPCAP_IRQ_LOWBPH) | BIT(CPCAP_IRQ_LOWBPL));
    ck_assert_uint_eq(rd(c, A_INT1) & bits, BIT(CPCAP_IRQ_LOWBPL));
    ck_assert(!irq_line(c));                    /* LOWBPL is masked */
    qom_set_int(c, "battery-voltage-uv", 2900000);
    ck_assert_uint_eq(rd(c, A_INTS1) & bits, bits);
    cp_stop(c);
}
END_TEST

/* --- ADC ----------------------------------------------------------------- */

START_TEST(test_adc_follows_injection)
{
    Cp *c = cp_start("presilicon", NULL, 1);
    static const struct {
        int32_t uv, ua, chg_ua;
    } pts[] = {
        { 3800000, 250000, 500000 }, { 4012345, -750000, 1200000 },
        { 2400000, 2500000, 0 }, { 4700000, -2500000, 2500000 },
    };

    spi_setup(c, 16);
    qom_set_bool(c, "vbus-present", true);
    wr(c, A_INTM1, 0xffff & ~BIT(CPCAP_IRQ_ADCDONE));
    for (size_t i = 0; i < ARRAY_SIZE(pts); i++) {
        int mv, ma, cma;

        qom_set_int(c, "battery-voltage-uv", pts[i].uv);
        qom_set_int(c, "battery-current-ua", pts[i].ua);
        qom_set_int(c, "charge-current-ua", pts[i].chg_ua);
        wr(c, A_INT1, 0xffff);
        ck_assert(!irq_line(c));
        adc_convert(c, 0);
        /* Done at once: ASC cleared, ADCDONE latched and the line up. */
        ck_assert_uint_eq(rd(c, A_ADCC2) & R_ADCC2_ASC_MASK, 0);
        ck_assert_uint_eq(rd(c, A_INT1) & BIT(CPCAP_IRQ_ADCDONE),
                          BIT(CPCAP_IRQ_ADCDONE));
        ck_assert(irq_line(c));
        mv = battp_mv(rd(c, CPCAP_REG_ADCD(1)));
        ma = current_ma(rd(c, CPCAP_REG_ADCD(6)));
        cma = current_ma(rd(c, CPCAP_REG_ADCD(5)));
        ck_assert_msg(abs(mv - pts[i].uv / 1000) <= 3, "battp %d mV for %d uV",
                      mv, pts[i].uv);
        ck_assert_msg(abs(ma - pts[i].ua / 1000) <= 5, "batti %d mA for %d uA",
                      ma, pts[i].ua);
        ck_assert_msg(abs(cma - pts[i].chg_ua / 1000) <= 5,
                      "chg_isense %d mA for %d uA", cma, pts[i].chg_ua);
        /* BPLUS (AD4) sees the battery too. */
        ck_assert_uint_eq(rd(c, CPCAP_REG_ADCD(4)), rd(c, CPCAP_REG_ADCD(1)));
    }
    /* VBUS: 5 V, then none. */
    ck_assert_int_le(abs((int)rd(c, CPCAP_REG_ADCD(2)) * 10000 / 1023 - 5000),
                     10);
    qom_set_bool(c, "vbus-present", false);
    adc_convert(c, 0);
    ck_assert_uint_eq(rd(c, CPCAP_REG_ADCD(2)), 0);
    ck_assert_uint_eq(current_ma(rd(c, CPCAP_REG_ADCD(5))), 2);

    /* The thermistor: the driver's table points read back exactly. */
    qom_set_int(c, "battery-temperature", 25000);
    adc_convert(c, 0);
    ck_assert_uint_eq(rd(c, CPCAP_REG_ADCD(0)), 0x00fc);
    qom_set_int(c, "battery-temperature", -10000);
    adc_convert(c, 0);
    ck_assert_uint_eq(rd(c, CPCAP_REG_ADCD(0)), 0x02d0);
    qom_set_int(c, "battery-temperature", 27500);   /* between 0xfc, 0xd4 */
    adc_convert(c, 0);
    ck_assert_uint_eq(rd(c, CPCAP_REG_ADCD(0)), 0x00e8);
    qom_set_bool(c, "battery-present", false);      /* open: -40 C */
    adc_convert(c, 0);
    ck_assert_uint_eq(rd(c, CPCAP_REG_ADCD(0)), 0x3ff);
    qom_set_bool(c, "battery-present", true);

    /* Bank 1 (AD_SEL1): LICELL at 3.0 V; RAND1: BATTP and BATTI. */
    adc_convert(c, R_ADCC1_AD_SEL1_MASK);
    ck_assert_int_le(abs((int)rd(c, CPCAP_REG_ADCD(2)) * 3400 / 1023 - 3000),
                     4);
    qom_set_int(c, "battery-voltage-uv", 3700000);
    adc_convert(c, R_ADCC1_RAND1_MASK);
    ck_assert_int_le(abs(battp_mv(rd(c, CPCAP_REG_ADCD(0))) - 3700), 3);
    assert_log_clean(c);
    cp_stop(c);
}
END_TEST

/* cpcap_adc_setup_calibrate(): CAL_MODE | RAND0, ASC polled to clear. */
START_TEST(test_adc_calibration)
{
    Cp *c = cp_start("presilicon", NULL, 1);

    spi_setup(c, 16);
    ck_assert_uint_eq(rd(c, A_ADCAL1), 0);
    adc_convert(c, R_ADCC1_CAL_MODE_MASK | R_ADCC1_RAND0_MASK |
                (5 << R_ADCC1_ADA_SHIFT));
    ck_assert_uint_eq(rd(c, A_ADCC2) & R_ADCC2_ASC_MASK, 0);
    /* In 494..530 (ST's window): the driver's offset 512 - cal is 0. */
    ck_assert_uint_eq(rd(c, A_ADCAL1), 512);
    ck_assert_uint_eq(rd(c, A_ADCAL2), 512);
    /* A calibration converts nothing into the results. */
    ck_assert_uint_eq(rd(c, CPCAP_REG_ADCD(1)), 0);
    cp_stop(c);
}
END_TEST

/* cpcap_battery_calibrate(): CAL_EN, polled until it clears; CCCAL. */
START_TEST(test_coulomb_counter_calibration)
{
    Cp *c = cp_start("presilicon", NULL, 1);

    spi_setup(c, 16);
    wr(c, A_CCM, 0x55);
    wr(c, CPCAP_REG_INTM(3), 0xffff & ~BIT(CPCAP_IRQ_CCCAL - 48));
    wr(c, A_CCC1, R_CCC1_CAL_EN_MASK | R_CCC1_AUTOCLEAR_MASK);
    ck_assert_uint_eq(rd(c, A_CCC1), R_CCC1_AUTOCLEAR_MASK);
    ck_assert_uint_eq(rd(c, A_CCM), 0);
    ck_assert(irq_line(c));
    ck_assert_uint_eq(rd(c, A_INT4), BIT(CPCAP_IRQ_CCCAL - 48));
    cp_stop(c);
}
END_TEST

/* --- LEDs ---------------------------------------------------------------- */

START_TEST(test_leds)
{
    Cp *c = cp_start("presilicon", NULL, 1);

    spi_setup(c, 16);
    ck_assert_int_eq(qom_get_int(c, "led-red"), 0);
    /* cpcap_led_set(): current << 4 | duty 1 (LED_ON). */
    wr(c, A_REDC, 20 << 4 | 1);
    wr(c, A_GREENC, 31 << 4 | 1);
    ck_assert_int_eq(qom_get_int(c, "led-red"), 20);
    ck_assert_int_eq(qom_get_int(c, "led-green"), 31);
    ck_assert_int_eq(qom_get_int(c, "led-blue"), 0);
    /* Off: no current first, then current and duty 0. */
    wr(c, A_REDC, 0x0001);
    ck_assert_int_eq(qom_get_int(c, "led-red"), 0);
    wr(c, A_REDC, 0);
    ck_assert_int_eq(qom_get_int(c, "led-red"), 0);
    ck_assert_uint_eq(rd(c, A_GREENC), 31 << 4 | 1);
    cp_stop(c);
}
END_TEST

/* --- hostile input ------------------------------------------------------- */

START_TEST(test_bad_frames)
{
    Cp *c = cp_start("presilicon", NULL, 1);

    spi_setup(c, 16);
    wr(c, SCR1, 0x1111);
    assert_log_clean(c);
    /* 8-bit words: the frame is refused, the register untouched. */
    spi_setup(c, 8);
    cs(c, true);
    word(c, 0x80);
    word(c, 0x0e);
    word(c, 0x22);
    cs(c, false);
    assert_log_has(c, "8-bit word");
    spi_setup(c, 16);
    ck_assert_uint_eq(rd(c, SCR1), 0x1111);

    /* An address that is not a register's: unaligned, past the end. */
    wr(c, SCR1 + 2, 0x2222);
    assert_log_has(c, "not a multiple of 4");
    ck_assert_uint_eq(rd(c, SCR1), 0x1111);
    ck_assert_uint_eq(rd(c, 0x7ffc), 0);
    assert_log_has(c, "past the last register");
    /* A burst that runs off the end stops there. */
    cs(c, true);
    word(c, 0x7d18);
    word(c, 0);
    ck_assert_uint_eq(word(c, 0), 0);
    cs(c, false);
    assert_log_has(c, "burst past the last register");

    /* Out-of-range injection is refused with the property's name. */
    {
        QDict *r = qtest_qmp(c->t->qts, "{'execute': 'qom-set', 'arguments':"
                             " {'path': %s, 'property': 'battery-voltage-uv',"
                             " 'value': 6000000}}", QOM);
        ck_assert(qdict_haskey(r, "error"));
        ck_assert(strstr(qdict_get_str(qdict_get_qdict(r, "error"), "desc"),
                         "battery-voltage-uv"));
        qobject_unref(r);
    }
    /* And the chip still answers. */
    ck_assert_uint_eq(rd(c, A_VERSC1), 0x0013);
    cp_stop(c);
}
END_TEST

START_TEST(test_random_frames)
{
    Cp *c = cp_start("presilicon", NULL, 1);
    uint32_t seed = 0x1234567;

    spi_setup(c, 16);
    for (int i = 0; i < 400; i++) {
        int n = 1 + (seed >> 7) % 6;

        cs(c, true);
        for (int j = 0; j < n; j++) {
            seed = seed * 1103515245 + 12345;
            word(c, (seed >> 8) & 0xffff);
        }
        cs(c, false);
    }
    ps_log_take(c->t);
    ck_assert_uint_eq(rd(c, A_VERSC1), 0x0013);
    cp_stop(c);
}
END_TEST

/* --- reset and migration ------------------------------------------------- */

START_TEST(test_reset)
{
    Cp *c = cp_start("presilicon", NULL, 1);

    spi_setup(c, 16);
    qom_set_int(c, "battery-voltage-uv", 4100000);
    wr(c, SCR1, 0x4242);
    wr(c, A_INTM1, 0);
    adc_convert(c, 0);
    ck_assert(irq_line(c));
    qtest_qmp_assert_success(c->t->qts, "{'execute': 'system_reset'}");
    qtest_qmp_eventwait(c->t->qts, "RESET");
    spi_setup(c, 16);
    ck_assert(!irq_line(c));
    ck_assert_uint_eq(rd(c, SCR1), 0);
    ck_assert_uint_eq(rd(c, A_INTM1), 0xffff);
    ck_assert_uint_eq(rd(c, A_INT1), 0);
    ck_assert_uint_eq(rd(c, CPCAP_REG_ADCD(1)), 0);
    /* The injected battery stays. */
    adc_convert(c, 0);
    ck_assert_int_le(abs(battp_mv(rd(c, CPCAP_REG_ADCD(1))) - 4100), 3);
    cp_stop(c);
}
END_TEST

/* A burst read with its command sent, and an interrupt due, cross over. */
START_TEST(test_migration_mid_frame)
{
    Cp *c = cp_start("presilicon", NULL, 1);
    PsQTest *dst;

    spi_setup(c, 16);
    qom_set_int(c, "battery-voltage-uv", 3900000);
    qom_set_bool(c, "vbus-present", true);
    wr(c, CPCAP_REG_INTM(1), 0xffff & ~BIT(3));
    ck_assert(irq_line(c));
    wr(c, A_CCS1, 0x0111);
    wr(c, A_CCS1 + 4, 0x0222);
    cs(c, true);
    word(c, A_CCS1);
    ck_assert_uint_eq(word(c, 0), 0x0111);
    dst = ps_migrate(c->t, "presilicon", "");
    ps_qtest_quit(c->t);
    c->t = dst;
    ck_assert_uint_eq(word(c, 0), 0x0222);
    cs(c, false);
    ck_assert(irq_line(c));
    ck_assert_int_eq(qom_get_int(c, "battery-voltage-uv"), 3900000);
    adc_convert(c, 0);
    ck_assert_int_le(abs(battp_mv(rd(c, CPCAP_REG_ADCD(1))) - 3900), 3);
    cp_stop(c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("motorola-cpcap");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *adc = tcase_create("adc");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(dt, test_fdt_nodes);
    tcase_add_test(dt, test_bare_device);
    tcase_add_test(dt, test_bad_options_named);
    tcase_add_test(regs, test_revision);
    tcase_add_test(regs, test_register_contract);
    tcase_add_test(regs, test_interrupt_controller);
    tcase_add_test(regs, test_low_battery_thresholds);
    tcase_add_test(regs, test_leds);
    tcase_add_test(regs, test_reset);
    tcase_add_test(regs, test_migration_mid_frame);
    tcase_add_test(adc, test_adc_follows_injection);
    tcase_add_test(adc, test_adc_calibration);
    tcase_add_test(adc, test_coulomb_counter_calibration);
    tcase_add_test(bad, test_bad_frames);
    tcase_add_test(bad, test_random_frames);
    tcase_set_timeout(dt, 60);
    tcase_set_timeout(regs, 60);
    tcase_set_timeout(adc, 60);
    tcase_set_timeout(bad, 120);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, adc);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
