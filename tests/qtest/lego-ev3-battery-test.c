/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * LEGO EV3 battery behind a TI ADS7957 on the board's PL022: the nodes
 * (the ADC at its chip select, its reference, the battery with its two
 * channels and type GPIO, the controller's cs-gpios), the 16-bit frame
 * protocol through the PL022 and the PL061 chip-select line (the result
 * two frames after the command), manual, Auto-1 and Auto-2 sequences,
 * the settings and GPIO registers, the battery's injected voltage and
 * current arriving in the ADC codes the Linux drivers turn back into
 * voltage_now and current_now, the type line, bad frames and commands,
 * bad options, reset and migration in the middle of a sequence.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "presilicon-spi.h"
#include "hw/adc/ti_ads7950_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* PL061 line 4: the battery-type switch (docs/board.md). */
#define TYPE_LINE   4
#define ADC_PATH    "/machine/ti-ads7957"
#define BATT_PATH   "/machine/lego-ev3-battery"

/* The driver's words (ti-ads7950.c). */
#define CR_MANUAL   (ADS7950_MODE_MANUAL << 12)
#define CR_WRITE    R_CMD_WRITE_MASK
#define CR_RANGE_5V R_CMD_RANGE_5V_MASK
#define MAN(ch)     (CR_MANUAL | ((ch) << R_CMD_CHAN_SHIFT))
#define VREF_MV     2500
#define MAXCODE     1023

typedef struct Ev3 {
    PsQTest *t;
    int cs;
} Ev3;

static Ev3 *ev3_start(const char *machine, const char *extra, int cs)
{
    Ev3 *e = g_new0(Ev3, 1);

    e->t = ps_qtest_start(machine, "%s", extra ? extra : "");
    e->cs = cs;
    return e;
}

static void ev3_stop(Ev3 *e)
{
    ps_qtest_quit(e->t);
    g_free(e);
}

/* What spi-pl022 programs; the chip selects idle high (active low). */
static void spi_setup(Ev3 *e, int bits)
{
    ps_spi_setup(e->t->qts, bits, 0xf);
}

static void cs(Ev3 *e, bool active)
{
    ps_cs_set(e->t->qts, e->cs, !active);
}

static uint32_t word(Ev3 *e, uint32_t w)
{
    return ps_spi_word(e->t->qts, w);
}

/* One frame: chip select low, a 16-bit word each way, chip select high. */
static uint32_t frame(Ev3 *e, uint32_t cmd)
{
    uint32_t r;

    cs(e, true);
    r = word(e, cmd);
    cs(e, false);
    return r;
}

/* ti_ads7950_scan_direct(): command, command, then the result. */
static uint32_t scan(Ev3 *e, int ch)
{
    frame(e, MAN(ch));
    frame(e, MAN(ch));
    return frame(e, 0);
}

static uint32_t code_of(uint32_t out)
{
    return FIELD_EX32(out, OUT, DATA) >> 2;     /* 10 bits at DO11-02 */
}

/* ti_ads7950_init_hw(): settings (5 V range), then the GPIO register. */
static void driver_init(Ev3 *e)
{
    spi_setup(e, 16);
    frame(e, CR_MANUAL | CR_WRITE | CR_RANGE_5V);
    frame(e, ADS7950_MODE_GPIO_PROG << 12);
}

static void qom_set_u32(Ev3 *e, const char *path, const char *prop,
                        uint32_t v)
{
    QDict *r = qtest_qmp(e->t->qts, "{'execute': 'qom-set', 'arguments': "
                         "{'path': %s, 'property': %s, 'value': %u}}",
                         path, prop, v);

    ck_assert_msg(qdict_haskey(r, "return"), "qom-set %s failed", prop);
    qobject_unref(r);
}

static void qom_set_bool(Ev3 *e, const char *path, const char *prop, bool v)
{
    QDict *r = qtest_qmp(e->t->qts, "{'execute': 'qom-set', 'arguments': "
                         "{'path': %s, 'property': %s, 'value': %i}}",
                         path, prop, v);

    ck_assert(qdict_haskey(r, "return"));
    qobject_unref(r);
}

static void assert_log_has(Ev3 *e, const char *what)
{
    g_autofree char *log = ps_log_take(e->t);

    ck_assert_msg(strstr(log, what), "no guest error '%s' in: %s", what,
                  log);
}

static void assert_log_clean(Ev3 *e)
{
    g_autofree char *log = ps_log_take(e->t);

    ck_assert_msg(!strstr(log, "ti-ads7957"), "unexpected: %s", log);
}

/* --- device tree --------------------------------------------------------- */

/* Whether the device at chip select cs_n has an active-high select. */
static bool spi_cs_high(const void *fdt, int spi, int cs_n)
{
    int n;

    fdt_for_each_subnode(n, fdt, spi) {
        if (ps_fdt_cell(fdt, n, "reg", ~0u) == cs_n) {
            return fdt_getprop(fdt, n, "spi-cs-high", NULL);
        }
    }
    return false;
}

static void check_nodes(const void *fdt, int cs_n)
{
    int adc = ps_fdt_node_by_compat(fdt, "ti,ads7957");
    int batt = ps_fdt_node_by_compat(fdt, "lego,ev3-battery");
    int spi = ps_fdt_node_by_reg(fdt, "arm,pl022", PS_SPI_BASE);
    int gpio = ps_fdt_node_by_reg(fdt, "arm,pl061", PS_GPIO_BASE);
    int csg = ps_fdt_node_by_reg(fdt, "fsl,imx35-gpio", PS_GPIO_CS_BASE);
    const fdt32_t *p;
    int len, reg;

    ck_assert_int_ge(adc, 0);
    ck_assert_int_ge(batt, 0);
    ck_assert_int_eq(fdt_parent_offset(fdt, adc), spi);
    ck_assert_uint_eq(ps_fdt_cell(fdt, adc, "reg", ~0u), cs_n);
    ck_assert_uint_eq(ps_fdt_cell(fdt, adc, "#io-channel-cells", 0), 1);
    ck_assert_uint_eq(ps_fdt_cell(fdt, adc, "spi-max-frequency", 0),
                      1000000);
    reg = fdt_node_offset_by_phandle(fdt,
                                     ps_fdt_cell(fdt, adc, "vref-supply", 0));
    ck_assert_int_ge(reg, 0);
    ck_assert_str_eq(fdt_getprop(fdt, reg, "compatible", NULL),
                     "regulator-fixed");
    ck_assert_uint_eq(ps_fdt_cell(fdt, reg, "regulator-min-microvolt", 0),
                      VREF_MV * 1000);

    /* cs-gpios: the chip-select GPIO's lines 0-3, active low. */
    p = fdt_getprop(fdt, spi, "cs-gpios", &len);
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(len, 4 * 3 * 4);
    ck_assert_int_ge(csg, 0);
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(fdt_node_offset_by_phandle(fdt,
                                                    fdt32_to_cpu(p[i * 3])),
                         csg);
        ck_assert_uint_eq(fdt32_to_cpu(p[i * 3 + 1]), i);
        /* Active low, but for a device with spi-cs-high (the CPCAP). */
        ck_assert_uint_eq(fdt32_to_cpu(p[i * 3 + 2]),
                          !spi_cs_high(fdt, spi, i));
    }

    /* The battery: voltage on channel 4, current on 3, type on line 4. */
    p = fdt_getprop(fdt, batt, "io-channels", &len);
    ck_assert_int_eq(len, 16);
    ck_assert_int_eq(fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(p[0])),
                     adc);
    ck_assert_uint_eq(fdt32_to_cpu(p[1]), 4);
    ck_assert_int_eq(fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(p[2])),
                     adc);
    ck_assert_uint_eq(fdt32_to_cpu(p[3]), 3);
    ck_assert_int_eq(fdt_stringlist_search(fdt, batt, "io-channel-names",
                                           "voltage"), 0);
    ck_assert_int_eq(fdt_stringlist_search(fdt, batt, "io-channel-names",
                                           "current"), 1);
    p = fdt_getprop(fdt, batt, "rechargeable-gpios", &len);
    ck_assert_int_eq(len, 12);
    ck_assert_int_eq(fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(p[0])),
                     gpio);
    ck_assert_uint_eq(fdt32_to_cpu(p[1]), TYPE_LINE);
    ck_assert_uint_eq(fdt32_to_cpu(p[2]), 1);
}

START_TEST(test_fdt_nodes)
{
    Ev3 *e = ev3_start("presilicon", NULL, 0);
    g_autofree void *fdt = ps_dtb(e->t);

    check_nodes(fdt, 0);
    ev3_stop(e);
}
END_TEST

START_TEST(test_bare_device)
{
    Ev3 *e = ev3_start("presilicon,bare=on", NULL, 0);
    g_autofree void *fdt = ps_dtb(e->t);
    g_autofree void *fdt2 = NULL;

    ck_assert_int_lt(ps_fdt_node_by_compat(fdt, "ti,ads7957"), 0);
    ck_assert_int_lt(ps_fdt_node_by_compat(fdt, "lego,ev3-battery"), 0);
    ev3_stop(e);

    /* -device at chip select 2: its node, and only CS2 selects it. */
    e = ev3_start("presilicon,bare=on", "-device ti-ads7957,id=adc,cs=2 "
                  "-device lego-ev3-battery,adc=adc,voltage-uv=8000000", 2);
    fdt2 = ps_dtb(e->t);
    check_nodes(fdt2, 2);
    driver_init(e);
    ck_assert_uint_eq(FIELD_EX32(scan(e, 4), OUT, ADDR), 4);
    ck_assert_uint_ne(code_of(scan(e, 4)), 0);
    e->cs = 0;          /* nothing there */
    ck_assert_uint_eq(scan(e, 4), 0);
    assert_log_clean(e);
    ev3_stop(e);
}
END_TEST

START_TEST(test_bad_options_named)
{
    static const struct {
        const char *args, *want;
    } bad[] = {
        { "-device ti-ads7957,vref-uv=5", "vref-uv" },
        { "-device ti-ads7957,cs=4", "cs=4" },
        { "-device ti-ads7957,cs=1 -device ti-ads7957,cs=1", "CS index" },
        { "-device lego-ev3-battery", "adc=" },
        { "-device ti-ads7957,id=a -device lego-ev3-battery,adc=a,"
          "voltage-uv=20000000", "voltage-uv" },
        { "-device ti-ads7957,ch3-uv=9000000", "ch3-uv" },
    };

    for (int i = 0; i < ARRAY_SIZE(bad); i++) {
        g_autofree char *cmd = g_strdup_printf(
            "%s -M presilicon,bare=on -display none %s",
            g_getenv("QTEST_QEMU_BINARY"), bad[i].args);
        g_autofree char *err = NULL;
        int status;

        ck_assert(g_spawn_command_line_sync(cmd, NULL, &err, &status, NULL));
        ck_assert_int_ne(status, 0);
        ck_assert_msg(strstr(err, bad[i].want), "'%s' not in: %s",
                      bad[i].want, err);
    }
}
END_TEST

/* --- the frame protocol -------------------------------------------------- */

/* A channel chosen in frame n comes back in frame n + 2, with its number. */
START_TEST(test_manual_pipeline)
{
    Ev3 *e = ev3_start("presilicon", NULL, 0);
    uint32_t o;

    qom_set_u32(e, ADC_PATH, "ch7-uv", 1000000);
    qom_set_u32(e, ADC_PATH, "ch9-uv", 4000000);
    driver_init(e);
    frame(e, MAN(7));
    o = frame(e, MAN(9));
    ck_assert_uint_ne(FIELD_EX32(o, OUT, ADDR), 7);
    o = frame(e, MAN(9));
    ck_assert_uint_eq(FIELD_EX32(o, OUT, ADDR), 7);
    /* 1 V of a 5 V range: 1023 / 5, rounded. */
    ck_assert_uint_eq(code_of(o), 205);
    ck_assert_uint_eq(o & 3, 0);
    o = frame(e, 0);
    ck_assert_uint_eq(FIELD_EX32(o, OUT, ADDR), 9);
    ck_assert_uint_eq(code_of(o), 818);
    /* Continue (DI15-12 = 0) stays on the manual channel. */
    ck_assert_uint_eq(FIELD_EX32(frame(e, 0), OUT, ADDR), 9);

    /* The 2.5 V range (DI06 = 0): 1 V is 1023 x 2 / 5; 4 V saturates. */
    frame(e, CR_MANUAL | CR_WRITE | (7 << R_CMD_CHAN_SHIFT));
    frame(e, MAN(9));
    ck_assert_uint_eq(code_of(frame(e, MAN(9))), 409);
    ck_assert_uint_eq(code_of(frame(e, 0)), MAXCODE);
    /* Without DI11 the settings stay: still the 2.5 V range. */
    frame(e, MAN(7) | CR_RANGE_5V);
    frame(e, 0);
    ck_assert_uint_eq(code_of(frame(e, 0)), 409);
    assert_log_clean(e);
    ev3_stop(e);
}
END_TEST

START_TEST(test_auto_sequences)
{
    Ev3 *e = ev3_start("presilicon", NULL, 0);
    static const int want1[] = { 3, 4, 10, 3, 4 };
    static const int want2[] = { 0, 1, 2, 0, 1 };
    int i;

    for (i = 0; i < 16; i++) {
        g_autofree char *p = g_strdup_printf("ch%d-uv", i);

        qom_set_u32(e, ADC_PATH, p, 100000 * (i + 1));
    }
    driver_init(e);
    /* Auto-1: program the mask (two frames), enter with a counter reset. */
    frame(e, ADS7950_MODE_AUTO1_PROG << 12);
    frame(e, BIT(3) | BIT(4) | BIT(10));
    frame(e, (ADS7950_MODE_AUTO1 << 12) | R_CMD_RESET_CNT_MASK);
    frame(e, 0);
    for (i = 0; i < ARRAY_SIZE(want1); i++) {
        uint32_t o = frame(e, 0);

        ck_assert_uint_eq(FIELD_EX32(o, OUT, ADDR), want1[i]);
        /* (ch + 1) x 0.1 V of 5 V */
        ck_assert_uint_eq(code_of(o),
                          ((want1[i] + 1) * 100 * MAXCODE + 2500) / 5000);
    }
    /* Auto-2: channels 0 to 2. */
    frame(e, (ADS7950_MODE_AUTO2_PROG << 12) | (2 << R_CMD_AUTO2_LAST_SHIFT));
    frame(e, (ADS7950_MODE_AUTO2 << 12) | R_CMD_RESET_CNT_MASK);
    frame(e, 0);
    for (i = 0; i < ARRAY_SIZE(want2); i++) {
        ck_assert_uint_eq(FIELD_EX32(frame(e, 0), OUT, ADDR), want2[i]);
    }
    /* Back to manual: the sequence stops. */
    frame(e, MAN(15));
    frame(e, 0);
    ck_assert_uint_eq(FIELD_EX32(frame(e, 0), OUT, ADDR), 15);
    ck_assert_uint_eq(FIELD_EX32(frame(e, 0), OUT, ADDR), 15);
    assert_log_clean(e);
    ev3_stop(e);
}
END_TEST

/* The GPIO pins: direction, output levels, input levels on DO15-12. */
START_TEST(test_gpio)
{
    Ev3 *e = ev3_start("presilicon,bare=on",
                       "-device ti-ads7957,id=adc,gpio-in=0x5", 0);
    QTestState *q = e->t->qts;

    qtest_irq_intercept_out_named(q, "/machine/peripheral/adc", "gpio");
    driver_init(e);
    /* The driver's get(): GPIO data on, a frame, the inputs in DO15-12. */
    frame(e, CR_MANUAL | CR_WRITE | CR_RANGE_5V | R_CMD_GPIO_DATA_MASK);
    frame(e, CR_MANUAL | CR_WRITE | CR_RANGE_5V | R_CMD_GPIO_DATA_MASK);
    ck_assert_uint_eq(FIELD_EX32(frame(e, 0), OUT, ADDR), 0x5);
    frame(e, CR_MANUAL | CR_WRITE | CR_RANGE_5V);
    /* GPIO1 an output, then set high: only an output pin follows. */
    frame(e, (ADS7950_MODE_GPIO_PROG << 12) | BIT(1));
    ck_assert(!qtest_get_irq(q, 1));
    frame(e, CR_MANUAL | CR_WRITE | CR_RANGE_5V | BIT(1) | BIT(2));
    ck_assert(qtest_get_irq(q, 1));
    ck_assert(!qtest_get_irq(q, 2));
    frame(e, CR_MANUAL | CR_WRITE | CR_RANGE_5V);
    ck_assert(!qtest_get_irq(q, 1));
    assert_log_clean(e);
    ev3_stop(e);
}
END_TEST

/* --- the battery --------------------------------------------------------- */

/* The driver's arithmetic: iio processed mV, then lego_ev3_battery.c. */
static int processed_mv(uint32_t code)
{
    return code * (VREF_MV * 2) / MAXCODE;
}

static void read_battery(Ev3 *e, int *uv, int *ua)
{
    int v = processed_mv(code_of(scan(e, 4)));
    int i = processed_mv(code_of(scan(e, 3)));

    *uv = v * 2000 + 50000 + i * 1000 / 15;
    *ua = i * 20000 / 15;
}

START_TEST(test_battery_follows_injection)
{
    Ev3 *e = ev3_start("presilicon", NULL, 0);
    static const struct {
        uint32_t uv, ua;
    } pts[] = {
        { 9000000, 200000 }, { 7400000, 1500000 }, { 5000000, 0 },
        { 8123456, 654321 }, { 6000000, 3000000 },
    };
    /* One ADC step at the battery: 2 x 4.89 mV + its share of I, 6.5 mA. */
    const int v_res = 2 * 5000000 / MAXCODE + 5000000 / MAXCODE / 15 + 1;
    const int i_res = 5000 * 20000 / 15 / MAXCODE + 1;
    int uv, ua;

    driver_init(e);
    for (int k = 0; k < ARRAY_SIZE(pts); k++) {
        qom_set_u32(e, BATT_PATH, "voltage-uv", pts[k].uv);
        qom_set_u32(e, BATT_PATH, "current-ua", pts[k].ua);
        read_battery(e, &uv, &ua);
        ck_assert_msg(abs(uv - (int)pts[k].uv) <= v_res,
                      "voltage %d uV for %u", uv, pts[k].uv);
        ck_assert_msg(abs(ua - (int)pts[k].ua) <= i_res,
                      "current %d uA for %u", ua, pts[k].ua);
    }
    /* A broken scaling (no divider) would be off by volts, not steps. */
    qom_set_u32(e, BATT_PATH, "voltage-uv", 9000000);
    qom_set_u32(e, BATT_PATH, "current-ua", 0);
    ck_assert_uint_eq(code_of(scan(e, 4)), (4475 * MAXCODE + 2500) / 5000);
    assert_log_clean(e);
    ev3_stop(e);
}
END_TEST

static bool type_line(Ev3 *e)
{
    return ps_gpio_get(e->t->qts, TYPE_LINE);
}

START_TEST(test_battery_type_line)
{
    Ev3 *e = ev3_start("presilicon", NULL, 0);

    /* Six AA cells: the line is high (rechargeable-gpios active low). */
    ck_assert(type_line(e));
    qom_set_bool(e, BATT_PATH, "rechargeable", true);
    ck_assert(!type_line(e));
    /* A system reset keeps the battery in the box, and its switch. */
    qtest_qmp_assert_success(e->t->qts, "{'execute': 'system_reset'}");
    qtest_qmp_eventwait(e->t->qts, "RESET");
    ck_assert(!type_line(e));
    qom_set_bool(e, BATT_PATH, "rechargeable", false);
    ck_assert(type_line(e));
    ev3_stop(e);
}
END_TEST

/* --- hostile input ------------------------------------------------------- */

START_TEST(test_bad_frames)
{
    Ev3 *e = ev3_start("presilicon", NULL, 0);

    qom_set_u32(e, ADC_PATH, "ch5-uv", 2500000);
    driver_init(e);
    frame(e, MAN(5));
    frame(e, MAN(5));
    assert_log_clean(e);

    /* 8-bit words: refused, SDO 0, the pipeline untouched. */
    spi_setup(e, 8);
    ck_assert_uint_eq(frame(e, 0x12), 0);
    assert_log_has(e, "8-bit");
    spi_setup(e, 16);
    ck_assert_uint_eq(FIELD_EX32(frame(e, MAN(5)), OUT, ADDR), 5);

    /* Two words in one chip select: the second is refused. */
    cs(e, true);
    ck_assert_uint_eq(FIELD_EX32(word(e, MAN(5)), OUT, ADDR), 5);
    ck_assert_uint_eq(word(e, MAN(6)), 0);
    cs(e, false);
    assert_log_has(e, "second word");
    ck_assert_uint_eq(code_of(frame(e, MAN(5))), 512);

    /* A reserved command, an empty Auto-1 mask: refused, nothing moves. */
    frame(e, 0x5000);
    assert_log_has(e, "reserved");
    frame(e, 0xa123);
    assert_log_has(e, "reserved");
    frame(e, ADS7950_MODE_AUTO1_PROG << 12);
    frame(e, 0);
    assert_log_has(e, "names none");
    frame(e, 0);
    ck_assert_uint_eq(FIELD_EX32(frame(e, 0), OUT, ADDR), 5);

    /* Injection beyond range: a QMP error naming the property. */
    {
        QDict *r = qtest_qmp(e->t->qts, "{'execute': 'qom-set', "
                             "'arguments': {'path': %s, 'property': "
                             "'current-ua', 'value': 9000000}}", BATT_PATH);

        ck_assert(qdict_haskey(r, "error"));
        ck_assert_ptr_nonnull(strstr(qdict_get_str(qdict_get_qdict(r,
                                     "error"), "desc"), "current-ua"));
        qobject_unref(r);
    }
    ev3_stop(e);
}
END_TEST

/* Random frames of every size, chip select toggled at random: no crash. */
START_TEST(test_random_frames)
{
    Ev3 *e = ev3_start("presilicon", NULL, 0);
    uint32_t seed = 12345;

    spi_setup(e, 16);
    for (int i = 0; i < 2000; i++) {
        seed = seed * 1103515245 + 12345;
        if (seed >> 28 == 0) {
            spi_setup(e, 4 + (seed >> 8) % 13);
        }
        cs(e, seed & 0x100);
        word(e, seed >> 12);
    }
    /*
     * Whatever state that left, two GPIO-register resets (the first may
     * be taken as a pending Auto-1 mask) bring the chip back.
     */
    spi_setup(e, 16);
    cs(e, false);
    frame(e, (ADS7950_MODE_GPIO_PROG << 12) | R_GPIO_PROG_RESET_MASK);
    frame(e, (ADS7950_MODE_GPIO_PROG << 12) | R_GPIO_PROG_RESET_MASK);
    driver_init(e);
    ck_assert_uint_eq(FIELD_EX32(scan(e, 4), OUT, ADDR), 4);
    /* It said why it refused what it refused. */
    assert_log_has(e, "-bit word");
    ev3_stop(e);
}
END_TEST

/* --- reset and migration ------------------------------------------------- */

START_TEST(test_reset)
{
    Ev3 *e = ev3_start("presilicon", NULL, 0);

    qom_set_u32(e, ADC_PATH, "ch0-uv", 1000000);
    driver_init(e);
    frame(e, (ADS7950_MODE_AUTO2_PROG << 12) | (3 << R_CMD_AUTO2_LAST_SHIFT));
    frame(e, (ADS7950_MODE_AUTO2 << 12) | R_CMD_RESET_CNT_MASK);
    /* The GPIO register's reset bit: manual mode, 2.5 V range, channel 0. */
    frame(e, (ADS7950_MODE_GPIO_PROG << 12) | R_GPIO_PROG_RESET_MASK);
    frame(e, 0);
    ck_assert_uint_eq(FIELD_EX32(frame(e, 0), OUT, ADDR), 0);
    ck_assert_uint_eq(code_of(frame(e, 0)), 409);
    /* A system reset does the same, and keeps the injected inputs. */
    driver_init(e);
    frame(e, MAN(6));
    qtest_qmp_assert_success(e->t->qts, "{'execute': 'system_reset'}");
    qtest_qmp_eventwait(e->t->qts, "RESET");
    spi_setup(e, 16);
    ck_assert_uint_eq(frame(e, 0), 0);
    frame(e, 0);
    ck_assert_uint_eq(code_of(frame(e, 0)), 409);
    ev3_stop(e);
}
END_TEST

/* An Auto-1 sequence with a conversion in the pipeline crosses over. */
START_TEST(test_migration_mid_sequence)
{
    Ev3 *e = ev3_start("presilicon", NULL, 0);
    PsQTest *dst;
    uint32_t o;

    qom_set_u32(e, ADC_PATH, "ch1-uv", 1000000);
    qom_set_u32(e, ADC_PATH, "ch2-uv", 2000000);
    qom_set_u32(e, BATT_PATH, "voltage-uv", 7000000);
    driver_init(e);
    frame(e, ADS7950_MODE_AUTO1_PROG << 12);
    frame(e, BIT(1) | BIT(2));
    frame(e, (ADS7950_MODE_AUTO1 << 12) | R_CMD_RESET_CNT_MASK);
    frame(e, 0);
    ck_assert_uint_eq(FIELD_EX32(frame(e, 0), OUT, ADDR), 1);
    dst = ps_migrate(e->t, "presilicon", "");
    ps_qtest_quit(e->t);
    e->t = dst;
    o = frame(e, 0);
    ck_assert_uint_eq(FIELD_EX32(o, OUT, ADDR), 2);
    ck_assert_uint_eq(code_of(o), 409);
    ck_assert_uint_eq(FIELD_EX32(frame(e, 0), OUT, ADDR), 1);
    /* The battery came along. */
    frame(e, MAN(4) | CR_WRITE | CR_RANGE_5V);
    frame(e, 0);
    ck_assert_uint_eq(code_of(frame(e, 0)),
                      ((7000000 - 50000 - 10000) / 2 / 1000 * MAXCODE + 2500)
                      / 5000);
    ev3_stop(e);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lego-ev3-battery");
    TCase *dt = tcase_create("device-tree");
    TCase *proto = tcase_create("protocol");
    TCase *batt = tcase_create("battery");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(dt, test_fdt_nodes);
    tcase_add_test(dt, test_bare_device);
    tcase_add_test(dt, test_bad_options_named);
    tcase_add_test(proto, test_manual_pipeline);
    tcase_add_test(proto, test_auto_sequences);
    tcase_add_test(proto, test_gpio);
    tcase_add_test(proto, test_reset);
    tcase_add_test(proto, test_migration_mid_sequence);
    tcase_add_test(batt, test_battery_follows_injection);
    tcase_add_test(batt, test_battery_type_line);
    tcase_add_test(bad, test_bad_frames);
    tcase_add_test(bad, test_random_frames);
    tcase_set_timeout(dt, 60);
    tcase_set_timeout(proto, 60);
    tcase_set_timeout(batt, 60);
    tcase_set_timeout(bad, 120);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, proto);
    suite_add_tcase(s, batt);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
