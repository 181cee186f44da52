/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * MediaTek MT7623 PMIC wrapper with the MT6323 PMIC: device-tree nodes
 * (the wrapper, its reset line and clocks, the PMIC and its LEDs), the
 * register contract, the mtk-pmic-wrap init sequence run step by step
 * (SPI slave reset, SIDLY scan, dual I/O, cipher, read/write tests,
 * INIT_DONE), the WACS2 FSM and its errors, a link whose two ends
 * disagree, the LEDs as leds-mt6323 programs them, the PMIC's interrupt
 * controller, the regulators as mt6323-regulator drives them, the RTC as
 * rtc-mt6397 does (time in virtual time, the write trigger and CBUSY, the
 * alarm raising the PMIC interrupt), the reset line, system reset,
 * hostile programming and migration with a read in flight and with an
 * alarm pending.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/misc/mt7623_pwrap_regs.h"
#include "hw/misc/mt6323_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* Where docs/board.md places the board's wrapper (slot 7, SPIs 40-41). */
#define PW_BASE     0x10070000ull
#define PW_RESET    (PW_BASE + 0x1000)
#define PW_PATH     "/machine/mt7623-pwrap"
#define PMIC_PATH   PW_PATH "/pmic"
#define PW_SPI      40
#define PMIC_SPI    41

/* The driver's constants (pwrap_mt2701, pmic_mt6323). */
#define SPI_W           R_PWRAP_MAN_CMD_SPI_WRITE_NEW_MASK
#define ARB_EN_ALL      0x3f
#define INT_EN_ALL      (~(uint32_t)(BIT(31) | BIT(2)))
#define WRITE_TEST_VAL  0xa55a

typedef struct Pw {
    PsQTest *t;
} Pw;

static uint32_t rd(Pw *p, uint32_t reg)
{
    return qtest_readl(p->t->qts, PW_BASE + reg);
}

static void wr(Pw *p, uint32_t reg, uint32_t v)
{
    qtest_writel(p->t->qts, PW_BASE + reg, v);
}

static Pw *pw_start(const char *extra)
{
    Pw *p = g_new0(Pw, 1);

    p->t = ps_qtest_start("presilicon", "%s", extra ? extra : "");
    return p;
}

static void pw_stop(Pw *p)
{
    ps_qtest_quit(p->t);
    g_free(p);
}

static unsigned fsm(Pw *p)
{
    return FIELD_EX32(rd(p, A_PWRAP_WACS2_RDATA), PWRAP_WACS2_RDATA, FSM);
}

/* pwrap_read16(): wait for IDLE, command, wait for WFVLDCLR, data, clear. */
static uint16_t pmic_rd(Pw *p, uint16_t adr)
{
    uint32_t v;

    ck_assert_uint_eq(fsm(p), PWRAP_FSM_IDLE);
    wr(p, A_PWRAP_WACS2_CMD, (adr >> 1) << 16);
    v = rd(p, A_PWRAP_WACS2_RDATA);
    ck_assert_uint_eq(FIELD_EX32(v, PWRAP_WACS2_RDATA, FSM),
                      PWRAP_FSM_WFVLDCLR);
    wr(p, A_PWRAP_WACS2_VLDCLR, 1);
    return FIELD_EX32(v, PWRAP_WACS2_RDATA, RDATA);
}

/* pwrap_write16(). */
static void pmic_wr(Pw *p, uint16_t adr, uint16_t v)
{
    ck_assert_uint_eq(fsm(p), PWRAP_FSM_IDLE);
    wr(p, A_PWRAP_WACS2_CMD, BIT(31) | ((adr >> 1) << 16) | v);
}

/* regmap_update_bits() over the wrapper. */
static void pmic_upd(Pw *p, uint16_t adr, uint16_t mask, uint16_t v)
{
    pmic_wr(p, adr, (pmic_rd(p, adr) & ~mask) | (v & mask));
}

/* pwrap_reset_spislave(). */
static void spi_slave_reset(Pw *p)
{
    wr(p, A_PWRAP_HIPRIO_ARB_EN, 0);
    wr(p, A_PWRAP_WRAP_EN, 0);
    wr(p, A_PWRAP_MUX_SEL, 1);
    wr(p, A_PWRAP_MAN_EN, 1);
    wr(p, A_PWRAP_DIO_EN, 0);
    wr(p, A_PWRAP_MAN_CMD, SPI_W | PWRAP_MAN_OP_CSL << 8);
    wr(p, A_PWRAP_MAN_CMD, SPI_W | PWRAP_MAN_OP_OUTS << 8);
    wr(p, A_PWRAP_MAN_CMD, SPI_W | PWRAP_MAN_OP_CSH << 8);
    for (int i = 0; i < 4; i++) {
        wr(p, A_PWRAP_MAN_CMD, SPI_W | PWRAP_MAN_OP_OUTS << 8);
    }
    ck_assert(rd(p, A_PWRAP_WACS2_RDATA) & R_PWRAP_WACS2_RDATA_SYNC_IDLE0_MASK);
    wr(p, A_PWRAP_MAN_EN, 0);
    wr(p, A_PWRAP_MUX_SEL, 0);
}

/* pwrap_init_sidly(): the SIDLY values whose read test passes. */
static unsigned sidly_scan(Pw *p)
{
    static const signed char dly[16] = {
        -1, 0, 1, 0, 2, -1, 1, 1, 3, -1, -1, -1, 3, -1, 2, 1
    };
    unsigned pass = 0;

    for (int i = 0; i < 4; i++) {
        wr(p, A_PWRAP_SIDLY, i);
        if (pmic_rd(p, A_MT6323_DEW_READ_TEST) == MT6323_DEW_READ_TEST_VAL) {
            pass |= 1 << i;
        }
    }
    if (dly[pass] >= 0) {
        wr(p, A_PWRAP_SIDLY, dly[pass]);
    }
    return pass;
}

/* pwrap_probe() and pwrap_init() for MT2701/MT7623 with an MT6323. */
static void driver_init(Pw *p)
{
    wr(p, A_PWRAP_DCM_EN, 1);
    wr(p, A_PWRAP_DCM_DBC_PRD, 0);
    ck_assert_uint_eq(rd(p, A_PWRAP_INIT_DONE2), 0);
    spi_slave_reset(p);
    wr(p, A_PWRAP_WRAP_EN, 1);
    wr(p, A_PWRAP_HIPRIO_ARB_EN, ARB_EN_ALL);
    wr(p, A_PWRAP_WACS2_EN, 1);
    /* pwrap_mt2701_init_reg_clock() */
    wr(p, A_PWRAP_RDDMY, 8);
    pmic_wr(p, A_MT6323_DEW_RDDMY_NO, 8);
    wr(p, A_PWRAP_CSHEXT_WRITE, 5);
    wr(p, A_PWRAP_CSHEXT_READ, 0);
    wr(p, A_PWRAP_CSLEXT_START, 2);
    wr(p, A_PWRAP_CSLEXT_END, 2);
    ck_assert_uint_eq(sidly_scan(p), 0xf);
    /* pwrap_init_dual_io() */
    pmic_wr(p, A_MT6323_DEW_DIO_EN, 1);
    wr(p, A_PWRAP_DIO_EN, 1);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DEW_READ_TEST),
                      MT6323_DEW_READ_TEST_VAL);
    /* pwrap_init_cipher() */
    wr(p, A_PWRAP_CIPHER_SWRST, 1);
    wr(p, A_PWRAP_CIPHER_SWRST, 0);
    wr(p, A_PWRAP_CIPHER_KEY_SEL, 1);
    wr(p, A_PWRAP_CIPHER_IV_SEL, 2);
    wr(p, A_PWRAP_CIPHER_EN, 1);
    pmic_wr(p, A_MT6323_DEW_CIPHER_SWRST, 1);
    pmic_wr(p, A_MT6323_DEW_CIPHER_SWRST, 0);
    pmic_wr(p, A_MT6323_DEW_CIPHER_KEY_SEL, 1);
    pmic_wr(p, A_MT6323_DEW_CIPHER_IV_SEL, 2);
    pmic_wr(p, A_MT6323_DEW_CIPHER_EN, 1);
    ck_assert_uint_eq(rd(p, A_PWRAP_CIPHER_RDY) & 1, 1);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DEW_CIPHER_RDY), 1);
    pmic_wr(p, A_MT6323_DEW_CIPHER_MODE, 1);
    wr(p, A_PWRAP_CIPHER_MODE, 1);
    pmic_wr(p, A_MT6323_DEW_WRITE_TEST, WRITE_TEST_VAL);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DEW_WRITE_TEST), WRITE_TEST_VAL);
    /* pwrap_init_security(): CRC */
    pmic_wr(p, A_MT6323_DEW_CRC_EN, 1);
    wr(p, A_PWRAP_CRC_EN, 1);
    wr(p, A_PWRAP_SIG_MODE, 0);
    wr(p, A_PWRAP_SIG_ADR, A_MT6323_DEW_CRC_VAL);
    wr(p, A_PWRAP_HIPRIO_ARB_EN, ARB_EN_ALL);
    wr(p, A_PWRAP_WACS0_EN, 1);
    wr(p, A_PWRAP_WACS1_EN, 1);
    wr(p, A_PWRAP_WACS2_EN, 1);
    wr(p, A_PWRAP_STAUPD_PRD, 5);
    wr(p, A_PWRAP_STAUPD_GRPEN, 0xff);
    /* pwrap_mt2701_init_soc_specific() */
    wr(p, A_PWRAP_ADC_CMD_ADDR, 0x076c);
    wr(p, A_PWRAP_PWRAP_ADC_CMD, 0x8000);
    wr(p, A_PWRAP_ADC_RDY_ADDR, 0x072c);
    wr(p, A_PWRAP_ADC_RDATA_ADDR1, 0x072e);
    wr(p, A_PWRAP_ADC_RDATA_ADDR2, 0x0730);
    wr(p, A_PWRAP_INIT_DONE2, 1);
    wr(p, A_PWRAP_INIT_DONE0, 1);
    wr(p, A_PWRAP_INIT_DONE1, 1);
    /* Back in pwrap_probe(). */
    ck_assert(rd(p, A_PWRAP_WACS2_RDATA) & R_PWRAP_WACS2_RDATA_INIT_DONE0_MASK);
    wr(p, A_PWRAP_WDT_UNIT, 0xf);
    wr(p, A_PWRAP_WDT_SRC_EN, 0xffffffff);
    wr(p, A_PWRAP_TIMER_EN, 1);
    wr(p, A_PWRAP_INT_EN, INT_EN_ALL);
}

static uint32_t qom_u32(Pw *p, const char *prop)
{
    QDict *r = qtest_qmp(p->t->qts, "{'execute': 'qom-get', 'arguments': "
                         "{'path': %s, 'property': %s}}", PMIC_PATH, prop);
    uint32_t v;

    ck_assert_msg(qdict_haskey(r, "return"), "qom-get %s failed", prop);
    v = qobject_type(qdict_get(r, "return")) == QTYPE_QBOOL ?
        qdict_get_bool(r, "return") : qdict_get_int(r, "return");
    qobject_unref(r);
    return v;
}

/* A string property of the PMIC (freed with the next call). */
static const char *qom_str(Pw *p, const char *prop)
{
    static char *last;
    QDict *r = qtest_qmp(p->t->qts, "{'execute': 'qom-get', 'arguments': "
                         "{'path': %s, 'property': %s}}", PMIC_PATH, prop);

    g_free(last);
    last = g_strdup(qdict_get_str(r, "return"));
    qobject_unref(r);
    return last;
}

static void assert_log_has(Pw *p, const char *what)
{
    g_autofree char *log = ps_log_take(p->t);

    ck_assert_msg(strstr(log, what), "no '%s' in the guest-error log: %s",
                  what, log);
}

static void assert_log_clean(Pw *p)
{
    g_autofree char *log = ps_log_take(p->t);

    ck_assert_msg(!strcmp(log, ""), "unexpected guest errors: %s", log);
}

/* --- device tree -------------------------------------------------------- */

static void check_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size, rbase, rsize;
    const fdt32_t *cells;
    int len, rst, pmic, leds, led, regs, reg, n = 0;

    ck_assert_int_ge(node, 0);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, node,
                                               "mediatek,mt2701-pwrap"), 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, MT7623_PWRAP_MMIO_SIZE);
    ck_assert(!ps_fdt_reg(fdt, node, 1, &rbase, &rsize));
    ck_assert_str_eq(fdt_getprop(fdt, node, "reg-names", NULL), "pwrap");
    ck_assert_str_eq(fdt_getprop(fdt, node, "reset-names", NULL), "pwrap");
    cells = fdt_getprop(fdt, node, "interrupts", &len);
    ck_assert_int_eq(len, 12);
    if (want_base) {
        ck_assert_uint_eq(fdt32_to_cpu(cells[1]), PW_SPI);
    }
    cells = fdt_getprop(fdt, node, "clocks", &len);
    ck_assert_int_eq(len, 8);
    ck_assert(fdt_stringlist_search(fdt, node, "clock-names", "spi") == 0);
    ck_assert(fdt_stringlist_search(fdt, node, "clock-names", "wrap") == 1);
    cells = fdt_getprop(fdt, node, "resets", &len);
    ck_assert_int_eq(len, 8);
    ck_assert_uint_eq(fdt32_to_cpu(cells[1]), MT7623_PWRAP_RESET_BIT);
    rst = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(cells[0]));
    ck_assert_int_eq(fdt_node_check_compatible(fdt, rst,
                                               "snps,dw-high-reset"), 0);
    ck_assert(ps_fdt_reg(fdt, rst, 0, &rbase, &rsize));
    ck_assert_uint_eq(rbase, base + 0x1000);
    ck_assert_uint_eq(rsize, MT7623_PWRAP_RESET_SIZE);

    pmic = fdt_first_subnode(fdt, node);
    ck_assert_int_ge(pmic, 0);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, pmic, "mediatek,mt6323"),
                     0);
    ck_assert_ptr_nonnull(fdt_getprop(fdt, pmic, "interrupt-controller",
                                      NULL));
    cells = fdt_getprop(fdt, pmic, "interrupts", &len);
    ck_assert_int_eq(len, 12);
    if (want_base) {
        ck_assert_uint_eq(fdt32_to_cpu(cells[1]), PMIC_SPI);
    }
    leds = fdt_subnode_offset(fdt, pmic, "leds");
    ck_assert_int_eq(fdt_node_check_compatible(fdt, leds,
                                               "mediatek,mt6323-led"), 0);
    fdt_for_each_subnode(led, fdt, leds) {
        ck_assert_uint_eq(ps_fdt_cell(fdt, led, "reg", 99), n);
        n++;
    }
    ck_assert_int_eq(n, MT6323_NUM_ISINKS);
    /* The RTC cell's node and the regulators, in the driver's order. */
    ck_assert_int_eq(fdt_node_check_compatible(fdt,
                         fdt_subnode_offset(fdt, pmic, "rtc"),
                         "mediatek,mt6323-rtc"), 0);
    regs = fdt_subnode_offset(fdt, pmic, "regulators");
    ck_assert_int_eq(fdt_node_check_compatible(fdt, regs,
                                               "mediatek,mt6323-regulator"), 0);
    n = 0;
    fdt_for_each_subnode(reg, fdt, regs) {
        const char *name = fdt_get_name(fdt, reg, NULL);

        if (n == 0) {
            ck_assert_str_eq(name, "buck_vproc");
            ck_assert_ptr_nonnull(fdt_getprop(fdt, reg, "regulator-always-on",
                                              NULL));
        }
        if (!strcmp(name, "ldo_vgp1")) {
            ck_assert_uint_eq(ps_fdt_cell(fdt, reg,
                                          "regulator-min-microvolt", 0),
                              3300000);
        }
        n++;
    }
    ck_assert_int_eq(n, 28);
}

START_TEST(test_fdt_node)
{
    ps_check_builtin_node("mediatek,mt7623-pwrap", PW_BASE, check_node);
}
END_TEST

START_TEST(test_bare_has_no_models)
{
    ps_check_bare_has_no_node("mediatek,mt7623-pwrap", PW_BASE);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    uint64_t base;
    PsQTest *t = ps_start_bare_device("mt7623-pwrap", "mediatek,mt7623-pwrap",
                                      check_node, &base);

    /* The PMIC answers behind it: the read test over WACS2. */
    qtest_writel(t->qts, base + A_PWRAP_WRAP_EN, 1);
    qtest_writel(t->qts, base + A_PWRAP_WACS2_EN, 1);
    qtest_writel(t->qts, base + A_PWRAP_WACS2_CMD,
                 (A_MT6323_DEW_READ_TEST >> 1) << 16);
    ck_assert_uint_eq(qtest_readl(t->qts, base + A_PWRAP_WACS2_RDATA) & 0xffff,
                      MT6323_DEW_READ_TEST_VAL);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bad_options_named)
{
    static const char *const bad[] = { "sidly-pass=0", "sidly-pass=16",
                                       "spi-hz=1000" };

    for (int i = 0; i < ARRAY_SIZE(bad); i++) {
        g_autofree char *cmd = g_strdup_printf(
            "%s -M presilicon,bare=on -display none -device mt7623-pwrap,%s",
            g_getenv("QTEST_QEMU_BINARY"), bad[i]);
        g_autofree char *err = NULL;
        g_autofree char *name = g_strndup(bad[i], strchr(bad[i], '=') - bad[i]);
        int status;

        ck_assert(g_spawn_command_line_sync(cmd, NULL, &err, &status, NULL));
        ck_assert_int_ne(status, 0);
        ck_assert_msg(strstr(err, name), "'%s' not named: %s", name, err);
    }
}
END_TEST

/* --- registers ---------------------------------------------------------- */

START_TEST(test_register_contract)
{
    Pw *p = pw_start(NULL);
    static const uint32_t rw[] = {
        A_PWRAP_RDDMY, A_PWRAP_SI_CK_CON, A_PWRAP_CSHEXT_WRITE,
        A_PWRAP_CSHEXT_READ, A_PWRAP_CSLEXT_START, A_PWRAP_CSLEXT_END,
        A_PWRAP_STAUPD_PRD, A_PWRAP_STAUPD_GRPEN, A_PWRAP_HIPRIO_ARB_EN,
        A_PWRAP_INIT_DONE2, A_PWRAP_INT_EN, A_PWRAP_SIG_ADR,
        A_PWRAP_SIG_MODE, A_PWRAP_CRC_EN, A_PWRAP_TIMER_EN, A_PWRAP_WDT_UNIT,
        A_PWRAP_WDT_SRC_EN, A_PWRAP_CIPHER_KEY_SEL, A_PWRAP_CIPHER_IV_SEL,
        A_PWRAP_DCM_EN, A_PWRAP_DCM_DBC_PRD, A_PWRAP_ADC_CMD_ADDR,
        A_PWRAP_PWRAP_ADC_CMD, A_PWRAP_ADC_RDY_ADDR, A_PWRAP_ADC_RDATA_ADDR1,
        A_PWRAP_ADC_RDATA_ADDR2, A_PWRAP_DVFS_ADR0, A_PWRAP_DVFS_WDATA7,
    };
    static const uint32_t ro[] = {
        A_PWRAP_WACS2_RDATA, A_PWRAP_INT_FLG, A_PWRAP_INT_FLG_RAW,
        A_PWRAP_CIPHER_RDY, A_PWRAP_WRAP_STA,
    };

    for (int i = 0; i < ARRAY_SIZE(rw); i++) {
        ck_assert_uint_eq(rd(p, rw[i]), 0);
        wr(p, rw[i], 0x5a5a0000 | rw[i]);
        ck_assert_uint_eq(rd(p, rw[i]), 0x5a5a0000 | rw[i]);
    }
    assert_log_clean(p);
    /* The idle port: FSM IDLE, link idle, not initialised. */
    ck_assert_uint_eq(rd(p, A_PWRAP_WACS2_RDATA),
                      R_PWRAP_WACS2_RDATA_SYNC_IDLE0_MASK);
    for (int i = 0; i < ARRAY_SIZE(ro); i++) {
        uint32_t before = rd(p, ro[i]);

        wr(p, ro[i], 0xffffffff);
        ck_assert_uint_eq(rd(p, ro[i]), before);
        assert_log_has(p, "read-only register");
    }
    /* Holes in the map and past its end. */
    wr(p, 0x10, 1);
    assert_log_has(p, "unknown register 0x010");
    ck_assert_uint_eq(rd(p, 0x40), 0);
    assert_log_has(p, "read of unknown register 0x040");
    ck_assert_uint_eq(rd(p, 0x158), 0);
    assert_log_has(p, "read of unknown register 0x158");
    pw_stop(p);
}
END_TEST

/* The driver's whole bring-up passes, with no guest error on the way. */
START_TEST(test_driver_init)
{
    Pw *p = pw_start(NULL);

    driver_init(p);
    assert_log_clean(p);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_CID) & 0xff, 0x23);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DEW_DIO_EN), 1);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DEW_CIPHER_MODE), 1);
    ck_assert_uint_eq(rd(p, A_PWRAP_INT_FLG), 0);
    /* The PMIC's CRC covers the writes since DEW_CRC_EN: it moves. */
    {
        uint16_t crc = pmic_rd(p, A_MT6323_DEW_CRC_VAL);

        pmic_wr(p, A_MT6323_DEW_WRITE_TEST, 0x1234);
        ck_assert_uint_ne(pmic_rd(p, A_MT6323_DEW_CRC_VAL), crc);
    }
    assert_log_clean(p);
    pw_stop(p);
}
END_TEST

/* Only the SIDLY values in sidly-pass sample right; the driver picks one. */
START_TEST(test_sidly_scan)
{
    Pw *p = pw_start("-global mt7623-pwrap.sidly-pass=6");

    wr(p, A_PWRAP_WRAP_EN, 1);
    wr(p, A_PWRAP_WACS2_EN, 1);
    ck_assert_uint_eq(sidly_scan(p), 6);
    ck_assert_uint_eq(rd(p, A_PWRAP_SIDLY), 1);     /* dly[6] */
    wr(p, A_PWRAP_SIDLY, 0);
    ck_assert_uint_ne(pmic_rd(p, A_MT6323_DEW_READ_TEST),
                      MT6323_DEW_READ_TEST_VAL);
    /* A calibration scan, not a mistake: no guest error. */
    assert_log_clean(p);
    pw_stop(p);
}
END_TEST

/* --- the WACS2 FSM ------------------------------------------------------ */

START_TEST(test_wacs2_fsm_errors)
{
    Pw *p = pw_start(NULL);
    QTestState *qts = p->t->qts;

    qtest_irq_intercept_out_named(qts, PW_PATH, "sysbus-irq");
    driver_init(p);
    ck_assert(!qtest_get_irq(qts, 0));
    /* A read leaves its data until VLDCLR... */
    wr(p, A_PWRAP_WACS2_CMD, (A_MT6323_DEW_WRITE_TEST >> 1) << 16);
    ck_assert_uint_eq(fsm(p), PWRAP_FSM_WFVLDCLR);
    ck_assert_uint_eq(rd(p, A_PWRAP_WACS2_RDATA) & 0xffff, WRITE_TEST_VAL);
    /* ...and a command meanwhile is refused: error flag, interrupt. */
    wr(p, A_PWRAP_WACS2_CMD,
       BIT(31) | (A_MT6323_DEW_WRITE_TEST >> 1) << 16 | 0x1111);
    assert_log_has(p, "while the WACS2 FSM is in WFVLDCLR");
    ck_assert_uint_eq(rd(p, A_PWRAP_INT_FLG), PWRAP_INT_WACS2_CMD_ERR);
    ck_assert(qtest_get_irq(qts, 0));
    ck_assert_uint_eq(fsm(p), PWRAP_FSM_WFVLDCLR);
    wr(p, A_PWRAP_WACS2_VLDCLR, 1);
    ck_assert_uint_eq(fsm(p), PWRAP_FSM_IDLE);
    ck_assert_uint_eq(rd(p, A_PWRAP_WACS2_RDATA) & 0xffff, 0);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DEW_WRITE_TEST), WRITE_TEST_VAL);
    /* VLDCLR with nothing to clear. */
    wr(p, A_PWRAP_WACS2_VLDCLR, 1);
    assert_log_has(p, "no read data to clear");
    ck_assert_uint_eq(rd(p, A_PWRAP_INT_FLG_RAW),
                      PWRAP_INT_WACS2_CMD_ERR | PWRAP_INT_WACS2_VLDCLR_ERR);
    /* The driver's handler: INT_CLR everything, the line drops. */
    wr(p, A_PWRAP_INT_CLR, 0xffffffff);
    ck_assert_uint_eq(rd(p, A_PWRAP_INT_FLG_RAW), 0);
    ck_assert(!qtest_get_irq(qts, 0));
    /* A command with the port disabled, or in manual mode. */
    wr(p, A_PWRAP_WACS2_EN, 0);
    wr(p, A_PWRAP_WACS2_CMD, (A_MT6323_CID >> 1) << 16);
    assert_log_has(p, "the WACS2 port disabled");
    ck_assert_uint_eq(fsm(p), PWRAP_FSM_IDLE);
    wr(p, A_PWRAP_WACS2_EN, 1);
    wr(p, A_PWRAP_MUX_SEL, 1);
    wr(p, A_PWRAP_WACS2_CMD, (A_MT6323_CID >> 1) << 16);
    assert_log_has(p, "manual mode");
    wr(p, A_PWRAP_MUX_SEL, 0);
    /* A manual command outside manual mode. */
    wr(p, A_PWRAP_MAN_CMD, SPI_W | PWRAP_MAN_OP_CSL << 8);
    assert_log_has(p, "outside manual mode");
    ck_assert(rd(p, A_PWRAP_INT_FLG) & PWRAP_INT_MAN_ERR);
    /* Masked flags do not raise the line. */
    wr(p, A_PWRAP_INT_CLR, 0xffffffff);
    wr(p, A_PWRAP_INT_EN, 0);
    wr(p, A_PWRAP_WACS2_VLDCLR, 1);
    ck_assert(rd(p, A_PWRAP_INT_FLG_RAW));
    ck_assert(!qtest_get_irq(qts, 0));
    pw_stop(p);
}
END_TEST

/* Both ends must agree on dual I/O and the cipher: else reads garble. */
START_TEST(test_link_mismatch)
{
    Pw *p = pw_start(NULL);

    driver_init(p);
    pmic_wr(p, A_MT6323_ISINK0_CON1, 0x0123);
    wr(p, A_PWRAP_DIO_EN, 0);
    ck_assert_uint_ne(pmic_rd(p, A_MT6323_DEW_READ_TEST),
                      MT6323_DEW_READ_TEST_VAL);
    assert_log_has(p, "dual I/O on one end only");
    ck_assert(rd(p, A_PWRAP_INT_FLG) & PWRAP_INT_LINK_ERR);
    pmic_wr(p, A_MT6323_ISINK0_CON1, 0x0456);
    assert_log_has(p, "lost");
    wr(p, A_PWRAP_DIO_EN, 1);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_ISINK0_CON1), 0x0123);
    /* A different key on the wrapper's end. */
    wr(p, A_PWRAP_CIPHER_KEY_SEL, 3);
    ck_assert_uint_ne(pmic_rd(p, A_MT6323_DEW_READ_TEST),
                      MT6323_DEW_READ_TEST_VAL);
    assert_log_has(p, "key or IV");
    wr(p, A_PWRAP_CIPHER_KEY_SEL, 1);
    /* Enciphered on the PMIC's end only. */
    wr(p, A_PWRAP_CIPHER_MODE, 0);
    ck_assert_uint_ne(pmic_rd(p, A_MT6323_DEW_READ_TEST),
                      MT6323_DEW_READ_TEST_VAL);
    assert_log_has(p, "enciphered on one end only");
    wr(p, A_PWRAP_CIPHER_MODE, 1);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DEW_READ_TEST),
                      MT6323_DEW_READ_TEST_VAL);
    assert_log_clean(p);
    pw_stop(p);
}
END_TEST

/* The manual CSL, byte, CSH sequence puts the PMIC's end in single I/O. */
START_TEST(test_spi_slave_reset)
{
    Pw *p = pw_start(NULL);

    wr(p, A_PWRAP_WRAP_EN, 1);
    wr(p, A_PWRAP_WACS2_EN, 1);
    pmic_wr(p, A_MT6323_DEW_DIO_EN, 1);
    /* The PMIC now talks dual I/O to a single-I/O wrapper. */
    ck_assert_uint_ne(pmic_rd(p, A_MT6323_DEW_READ_TEST),
                      MT6323_DEW_READ_TEST_VAL);
    ps_log_take(p->t);
    spi_slave_reset(p);
    wr(p, A_PWRAP_WRAP_EN, 1);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DEW_READ_TEST),
                      MT6323_DEW_READ_TEST_VAL);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DEW_DIO_EN), 0);
    assert_log_clean(p);
    /* A CSH without the CSL and byte before it resets nothing. */
    pmic_wr(p, A_MT6323_DEW_DIO_EN, 1);
    wr(p, A_PWRAP_DIO_EN, 1);
    wr(p, A_PWRAP_MUX_SEL, 1);
    wr(p, A_PWRAP_MAN_EN, 1);
    wr(p, A_PWRAP_MAN_CMD, SPI_W | PWRAP_MAN_OP_CSH << 8);
    wr(p, A_PWRAP_MAN_CMD, SPI_W | 0x1f << 8);
    assert_log_has(p, "no operation 0x1f");
    wr(p, A_PWRAP_MAN_EN, 0);
    wr(p, A_PWRAP_MUX_SEL, 0);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DEW_DIO_EN), 1);
    pw_stop(p);
}
END_TEST

/* --- the PMIC ----------------------------------------------------------- */

/* mt6323_led_hw_on() for ISINK n at a level 1-6. */
static void led_on(Pw *p, int n, int level)
{
    pmic_upd(p, A_MT6323_TOP_CKCON1, BIT(10 + n), 0);
    pmic_upd(p, A_MT6323_TOP_CKPDN2, BIT(n), 0);
    pmic_upd(p, A_MT6323_ISINK_EN_CTRL, BIT(n), BIT(n));
    pmic_upd(p, A_MT6323_ISINK0_CON2 + 8 * n, 0x7007,
             (level - 1) << 12 | 2 << 1 | 1);
    pmic_upd(p, A_MT6323_ISINK0_CON0 + 8 * n, 0x1f00, 31 << 8);
    pmic_upd(p, A_MT6323_ISINK0_CON1 + 8 * n, 0xffff, 1000);
}

START_TEST(test_leds)
{
    Pw *p = pw_start(NULL);

    driver_init(p);
    /* Probe: the drivers' 32K clock on. Nothing lit yet. */
    pmic_upd(p, A_MT6323_TOP_CKPDN0, BIT(11), 0);
    ck_assert_uint_eq(qom_u32(p, "led1-brightness"), 0);
    led_on(p, 1, 3);
    ck_assert_uint_eq(qom_u32(p, "led1-brightness"), 3);
    ck_assert_uint_eq(qom_u32(p, "led1-blinking"), 0);
    ck_assert_uint_eq(qom_u32(p, "led1-duty-pct"), 100);
    ck_assert_uint_eq(qom_u32(p, "led0-brightness"), 0);
    /* mt6323_led_hw_brightness(): level 6. */
    pmic_upd(p, A_MT6323_ISINK0_CON2 + 8, 0x7000, 5 << 12);
    ck_assert_uint_eq(qom_u32(p, "led1-brightness"), 6);
    /* mt6323_led_set_blink(), 250/750 ms: duty 8/32, period 1000 ms. */
    pmic_upd(p, A_MT6323_ISINK0_CON0 + 8, 0x1f00, 7 << 8);
    pmic_upd(p, A_MT6323_ISINK0_CON1 + 8, 0xffff, 999);
    ck_assert_uint_eq(qom_u32(p, "led1-blinking"), 1);
    ck_assert_uint_eq(qom_u32(p, "led1-period-ms"), 1000);
    ck_assert_uint_eq(qom_u32(p, "led1-duty-pct"), 25);
    /* The 32K clock stopped through the SET alias: dark. */
    pmic_wr(p, A_MT6323_TOP_CKPDN0 + 2, BIT(11));
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_TOP_CKPDN0) & BIT(11), BIT(11));
    ck_assert_uint_eq(qom_u32(p, "led1-brightness"), 0);
    ck_assert_uint_eq(qom_u32(p, "led1-blinking"), 0);
    pmic_wr(p, A_MT6323_TOP_CKPDN0 + 4, BIT(11));
    ck_assert_uint_eq(qom_u32(p, "led1-brightness"), 6);
    /* mt6323_led_hw_off(): channel disabled, its clock stopped. */
    pmic_upd(p, A_MT6323_ISINK_EN_CTRL, BIT(1), 0);
    pmic_upd(p, A_MT6323_TOP_CKPDN2, BIT(1), BIT(1));
    ck_assert_uint_eq(qom_u32(p, "led1-brightness"), 0);
    assert_log_clean(p);
    pw_stop(p);
}
END_TEST

START_TEST(test_pmic_interrupt)
{
    Pw *p = pw_start(NULL);
    QTestState *qts = p->t->qts;
    QDict *r;

    qtest_irq_intercept_out_named(qts, PW_PATH, "sysbus-irq");
    driver_init(p);
    /* An RTC event (STATUS1 bit 4) while masked: status only. */
    r = qtest_qmp(qts, "{'execute': 'qom-set', 'arguments': {'path': %s, "
                  "'property': 'int-status', 'value': %u}}", PMIC_PATH,
                  (unsigned)BIT(20));
    ck_assert(qdict_haskey(r, "return"));
    qobject_unref(r);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_INT_STATUS1), BIT(4));
    ck_assert(!qtest_get_irq(qts, 1));
    /* mt6397_irq_sync_unlock(): enabled, the INT pin rises. */
    pmic_wr(p, A_MT6323_INT_CON1, BIT(4));
    ck_assert(qtest_get_irq(qts, 1));
    ck_assert(!qtest_get_irq(qts, 0));
    /* mt6397_irq_handle_reg(): write the status back to clear it. */
    pmic_wr(p, A_MT6323_INT_STATUS1, pmic_rd(p, A_MT6323_INT_STATUS1));
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_INT_STATUS1), 0);
    ck_assert(!qtest_get_irq(qts, 1));
    /* The CLR alias masks it again. */
    pmic_wr(p, A_MT6323_INT_CON1 + 4, BIT(4));
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_INT_CON1), 0);
    /* A source that does not exist is refused, by name. */
    r = qtest_qmp(qts, "{'execute': 'qom-set', 'arguments': {'path': %s, "
                  "'property': 'int-status', 'value': %u}}", PMIC_PATH,
                  0x80000000u);
    ck_assert(qdict_haskey(r, "error"));
    ck_assert_ptr_nonnull(strstr(qdict_get_str(qdict_get_qdict(r, "error"),
                                               "desc"), "int-status"));
    qobject_unref(r);
    assert_log_clean(p);
    pw_stop(p);
}
END_TEST

/* --- reset -------------------------------------------------------------- */

/* The INFRACFG line resets the wrapper, not the PMIC behind it. */
START_TEST(test_reset_line)
{
    Pw *p = pw_start(NULL);

    driver_init(p);
    pmic_upd(p, A_MT6323_TOP_CKPDN0, BIT(11), 0);
    led_on(p, 2, 4);
    ck_assert_uint_eq(qtest_readl(p->t->qts, PW_RESET), 0);
    qtest_writel(p->t->qts, PW_RESET, BIT(MT7623_PWRAP_RESET_BIT));
    ck_assert_uint_eq(rd(p, A_PWRAP_INIT_DONE2), 0);
    ck_assert_uint_eq(rd(p, A_PWRAP_WRAP_EN), 0);
    wr(p, A_PWRAP_WRAP_EN, 1);
    assert_log_has(p, "held in reset");
    ck_assert_uint_eq(rd(p, A_PWRAP_WRAP_EN), 0);
    ck_assert_uint_eq(qom_u32(p, "led2-brightness"), 4);
    qtest_writel(p->t->qts, PW_RESET, 0);
    /* The PMIC still has dual I/O and its cipher on: a fresh init. */
    driver_init(p);
    assert_log_clean(p);
    ck_assert_uint_eq(qom_u32(p, "led2-brightness"), 4);
    pw_stop(p);
}
END_TEST

START_TEST(test_system_reset)
{
    Pw *p = pw_start(NULL);

    driver_init(p);
    pmic_upd(p, A_MT6323_TOP_CKPDN0, BIT(11), 0);
    led_on(p, 0, 2);
    wr(p, A_PWRAP_WACS2_CMD, (A_MT6323_CID >> 1) << 16);
    qtest_system_reset(p->t->qts);
    ck_assert_uint_eq(rd(p, A_PWRAP_INIT_DONE2), 0);
    ck_assert_uint_eq(rd(p, A_PWRAP_WACS2_RDATA),
                      R_PWRAP_WACS2_RDATA_SYNC_IDLE0_MASK);
    ck_assert_uint_eq(qom_u32(p, "led0-brightness"), 0);
    /* The PMIC came back in single I/O and plain text: init works again. */
    driver_init(p);
    assert_log_clean(p);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_TOP_CKPDN2) & 0xf, 0xf);
    pw_stop(p);
}
END_TEST

/* --- hostile programming ------------------------------------------------ */

START_TEST(test_bad_accesses)
{
    Pw *p = pw_start(NULL);

    driver_init(p);
    /* Nothing answers past 0x7fe but the RTC's 0x8000-0x803e. */
    ck_assert_uint_eq(pmic_rd(p, 0x8040), 0);
    assert_log_has(p, "read of 0x8040: no register");
    pmic_wr(p, 0x7ffe, 1);
    assert_log_has(p, "write 0x0001 to 0x7ffe: no register");
    pmic_wr(p, 0x0800, 0x1234);
    assert_log_has(p, "write 0x1234 to 0x0800: no register");
    /* Read-only PMIC registers. */
    pmic_wr(p, A_MT6323_CID, 0);
    assert_log_has(p, "read-only register 0x0100");
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_CID), MT6323_CHIP_ID);
    pmic_wr(p, A_MT6323_DEW_READ_TEST, 0);
    assert_log_has(p, "read-only register 0x018c");
    /* Reset window: only line 7. */
    qtest_writel(p->t->qts, PW_RESET, 0xffffffff);
    assert_log_has(p, "only line 7");
    ck_assert_uint_eq(qtest_readl(p->t->qts, PW_RESET),
                      BIT(MT7623_PWRAP_RESET_BIT));
    qtest_writel(p->t->qts, PW_RESET, 0);
    /* WACS0/1: other masters, not modelled, nothing happens. */
    wr(p, A_PWRAP_WACS0_CMD, 0x80001234);
    ck_assert_uint_eq(fsm(p), PWRAP_FSM_IDLE);
    /* Every command word from an idle, uninitialised port: no crash. */
    for (uint32_t i = 0; i < 64; i++) {
        uint32_t cmd = (i * 0x9e3779b9u) ^ (i << 31);

        wr(p, A_PWRAP_WACS2_CMD, cmd);
        if (fsm(p) == PWRAP_FSM_WFVLDCLR) {
            wr(p, A_PWRAP_WACS2_VLDCLR, 1);
        }
        ck_assert_uint_eq(fsm(p), PWRAP_FSM_IDLE);
    }
    pw_stop(p);
}
END_TEST


/* --- regulators --------------------------------------------------------- */

static bool qom_bool(Pw *p, const char *prop)
{
    return qom_u32(p, prop);
}

/* What mt6323-regulator reads and writes: enable, QI status, VOSEL. */
START_TEST(test_regulators)
{
    Pw *p = pw_start(NULL);

    driver_init(p);
    /* Power-on: VPROC on at 1.15 V, its QI (bit 13) following EN. */
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_VPROC_CON7), 0x2001);
    ck_assert(qom_bool(p, "vproc-enabled"));
    ck_assert_uint_eq(qom_u32(p, "vproc-microvolts"), 1150000);
    ck_assert_uint_eq(qom_u32(p, "vsys-microvolts"), 1800000);
    ck_assert(!qom_bool(p, "vpa-enabled"));
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_VPA_CON7), 0);
    /* regulator_enable_regmap() on a buck, then its voltage select. */
    pmic_upd(p, A_MT6323_VPA_CON7, 1, 1);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_VPA_CON7), 0x2001);
    ck_assert(qom_bool(p, "vpa-enabled"));
    pmic_upd(p, A_MT6323_VPA_CON9, 0x3f, 0x3f);
    ck_assert_uint_eq(qom_u32(p, "vpa-microvolts"), 3650000);
    pmic_upd(p, A_MT6323_VPROC_CON9, 0x7f, 0x60);
    ck_assert_uint_eq(qom_u32(p, "vproc-microvolts"), 1300000);
    /* VOSEL_CTRL set: the voltage comes from VOSEL_ON (CON10). */
    pmic_wr(p, A_MT6323_VPROC_CON10, 0x10);
    pmic_upd(p, A_MT6323_VPROC_CON5, 2, 2);
    ck_assert_uint_eq(qom_u32(p, "vproc-microvolts"), 800000);
    pmic_upd(p, A_MT6323_VPA_CON7, 1, 0);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_VPA_CON7), 0);
    ck_assert(!qom_bool(p, "vpa-enabled"));
    /* An LDO: VCN33_BT, enable bit 7, QI bit 15, VOSEL [3:2]. */
    ck_assert(!qom_bool(p, "vcn33_bt-enabled"));
    pmic_upd(p, A_MT6323_ANALDO_CON16, BIT(7), BIT(7));
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_ANALDO_CON16), 0x8080);
    ck_assert(qom_bool(p, "vcn33_bt-enabled"));
    ck_assert_uint_eq(qom_u32(p, "vcn33_bt-microvolts"), 3300000);
    pmic_upd(p, A_MT6323_ANALDO_CON16, 0xc, 2 << 2);
    ck_assert_uint_eq(qom_u32(p, "vcn33_bt-microvolts"), 3500000);
    /* VCN33_WIFI shares the select, has its own enable (CON17 bit 12). */
    ck_assert_uint_eq(qom_u32(p, "vcn33_wifi-microvolts"), 3500000);
    ck_assert(!qom_bool(p, "vcn33_wifi-enabled"));
    /* QI is status: a write of it alone keeps nothing. */
    pmic_wr(p, A_MT6323_ANALDO_CON16, 0x8000);
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_ANALDO_CON16), 0);
    ck_assert(!qom_bool(p, "vcn33_bt-enabled"));
    /* VGP1 as the regulator core sets it for its 3.3 V constraint. */
    ck_assert_uint_eq(qom_u32(p, "vgp1-microvolts"), 1200000);
    pmic_upd(p, A_MT6323_DIGLDO_CON28, 0xe0, 7 << 5);
    pmic_upd(p, A_MT6323_DIGLDO_CON7, BIT(15), BIT(15));
    ck_assert_uint_eq(qom_u32(p, "vgp1-microvolts"), 3300000);
    ck_assert(qom_bool(p, "vgp1-enabled"));
    /* Fixed ones: VRTC on from power-on, its voltage fixed. */
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DIGLDO_CON15), 0x8100);
    ck_assert_uint_eq(qom_u32(p, "vrtc-microvolts"), 2800000);
    ck_assert_uint_eq(qom_u32(p, "vrf18-microvolts"), 1825000);
    assert_log_clean(p);
    /* A buck's VOSEL has nothing beyond its field. */
    pmic_wr(p, A_MT6323_VPA_CON9, 0x1c5);
    assert_log_has(p, "vpa VOSEL 0x01c5");
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_VPA_CON9), 0x05);
    ck_assert_uint_eq(qom_u32(p, "vpa-microvolts"), 750000);
    /* System reset: back to the power-on supplies. */
    qtest_system_reset(p->t->qts);
    ck_assert_uint_eq(qom_u32(p, "vproc-microvolts"), 1150000);
    ck_assert(!qom_bool(p, "vcn33_bt-enabled"));
    ck_assert(!qom_bool(p, "vgp1-enabled"));
    pw_stop(p);
}
END_TEST

/* --- RTC ---------------------------------------------------------------- */

/* -rtc in virtual time from a Saturday: 2030-06-15 12:00:00 UTC. */
#define RTC_ARGS    "-rtc clock=vm,base=2030-06-15T12:00:00"
#define RTC_T0      1907755200ll
#define NANOSECONDS_PER_SECOND  1000000000ll
#define RTC(o)      (MT6323_RTC_BASE + (o))
#define CBUSY       R_MT6323_RTC_BBPU_CBUSY_MASK

static void rtc_read_tc(Pw *p, uint16_t *f)
{
    for (int i = 0; i < 7; i++) {
        f[i] = pmic_rd(p, RTC(A_MT6323_RTC_TC_SEC) + 2 * i);
    }
}

/* mtk_rtc_write_trigger(): WRTGR, then poll BBPU until CBUSY clears. */
static void rtc_trigger(Pw *p)
{
    int n = 0;

    pmic_wr(p, RTC(A_MT6323_RTC_WRTGR), 1);
    while (pmic_rd(p, RTC(A_MT6323_RTC_BBPU)) & CBUSY) {
        qtest_clock_step(p->t->qts, 10000);
        ck_assert_int_lt(++n, 100);
    }
    ck_assert_int_gt(n, 0);
}

static int64_t qom_i64(Pw *p, const char *prop)
{
    QDict *r = qtest_qmp(p->t->qts, "{'execute': 'qom-get', 'arguments': "
                         "{'path': %s, 'property': %s}}", PMIC_PATH, prop);
    int64_t v = qdict_get_int(r, "return");

    qobject_unref(r);
    return v;
}

/* mtk_rtc_set_alarm() for a time as TC fields, then the trigger. */
static void rtc_set_alarm(Pw *p, const uint16_t *f)
{
    static const uint16_t m[] = { 0x3f, 0x3f, 0x1f, 0x1f, 0x07, 0x0f, 0x7f };

    for (int i = 0; i < 7; i++) {
        if (i != 4) {
            pmic_upd(p, RTC(A_MT6323_RTC_AL_SEC) + 2 * i, m[i], f[i]);
        }
    }
    pmic_wr(p, RTC(A_MT6323_RTC_AL_MASK), MT6323_RTC_AL_MASK_DOW);
    pmic_upd(p, RTC(A_MT6323_RTC_IRQ_EN), 5, 5);
    rtc_trigger(p);
}

/* The counter runs in QEMU's RTC clock from -rtc base. */
START_TEST(test_rtc_time)
{
    Pw *p = pw_start(RTC_ARGS);
    uint16_t f[7];

    driver_init(p);
    rtc_read_tc(p, f);
    ck_assert_uint_eq(f[0], 0);
    ck_assert_uint_eq(f[1], 0);
    ck_assert_uint_eq(f[2], 12);
    ck_assert_uint_eq(f[3], 15);
    ck_assert_uint_eq(f[4], 7);                 /* Saturday */
    ck_assert_uint_eq(f[5], 6);
    ck_assert_uint_eq(f[6], 2030 - 1968);
    ck_assert_int_eq(qom_i64(p, "rtc-seconds"), RTC_T0);
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_BBPU)),
                      R_MT6323_RTC_BBPU_PWREN_MASK);
    /* 12 hours and 61 seconds of virtual time: the next day. */
    qtest_clock_step(p->t->qts, (12 * 3600 + 61) * NANOSECONDS_PER_SECOND);
    rtc_read_tc(p, f);
    ck_assert_uint_eq(f[0], 1);
    ck_assert_uint_eq(f[1], 1);
    ck_assert_uint_eq(f[2], 0);
    ck_assert_uint_eq(f[3], 16);
    ck_assert_uint_eq(f[4], 1);                 /* Sunday */
    ck_assert_str_eq(qom_str(p, "rtc-date"), "2030-06-16");
    assert_log_clean(p);
    pw_stop(p);
}
END_TEST

/* mtk_rtc_set_time(): the TC registers take effect on the trigger. */
START_TEST(test_rtc_set_time)
{
    Pw *p = pw_start(RTC_ARGS);
    uint16_t set[7] = { 9, 8, 7, 29, 0x5a5a, 2, 2032 - 1968 }, f[7];
    QDict *r;

    driver_init(p);
    for (int i = 0; i < 7; i++) {
        pmic_wr(p, RTC(A_MT6323_RTC_TC_SEC) + 2 * i, set[i]);
    }
    /* Not yet: the counter still shows 2030. */
    rtc_read_tc(p, f);
    ck_assert_uint_eq(f[6], 2030 - 1968);
    pmic_wr(p, RTC(A_MT6323_RTC_WRTGR), 1);
    ck_assert(pmic_rd(p, RTC(A_MT6323_RTC_BBPU)) & CBUSY);
    /* A write while CBUSY is lost, with a guest error. */
    pmic_wr(p, RTC(A_MT6323_RTC_PDN2), 0x10);
    assert_log_has(p, "while CBUSY");
    qtest_clock_step(p->t->qts, 99000);
    ck_assert(pmic_rd(p, RTC(A_MT6323_RTC_BBPU)) & CBUSY);
    qtest_clock_step(p->t->qts, 1000);
    ck_assert(!(pmic_rd(p, RTC(A_MT6323_RTC_BBPU)) & CBUSY));
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_PDN2)), 0);
    rtc_read_tc(p, f);
    ck_assert_uint_eq(f[0], 9);
    ck_assert_uint_eq(f[1], 8);
    ck_assert_uint_eq(f[2], 7);
    ck_assert_uint_eq(f[3], 29);
    ck_assert_uint_eq(f[4], 1);                 /* 2032-02-29: a Sunday */
    ck_assert_uint_eq(f[5], 2);
    ck_assert_uint_eq(f[6], 2032 - 1968);
    ck_assert_str_eq(qom_str(p, "rtc-date"), "2032-02-29");
    /* PDN1/PDN2: storage. */
    pmic_wr(p, RTC(A_MT6323_RTC_PDN2), 0x10);
    pmic_wr(p, RTC(A_MT6323_RTC_PDN1), 0xbeef);
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_PDN2)), 0x10);
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_PDN1)), 0xbeef);
    assert_log_clean(p);
    /* The host sets the time; the guest reads it. */
    r = qtest_qmp(p->t->qts, "{'execute': 'qom-set', 'arguments': {'path': "
                  "%s, 'property': 'rtc-seconds', 'value': %lld}}",
                  PMIC_PATH, (long long)RTC_T0 + 86400 + 3600);
    ck_assert(qdict_haskey(r, "return"));
    qobject_unref(r);
    rtc_read_tc(p, f);
    ck_assert_uint_eq(f[2], 13);
    ck_assert_uint_eq(f[3], 16);
    r = qtest_qmp(p->t->qts, "{'execute': 'qom-set', 'arguments': {'path': "
                  "%s, 'property': 'rtc-seconds', 'value': %lld}}",
                  PMIC_PATH, 5000000000ll);
    ck_assert(strstr(qdict_get_str(qdict_get_qdict(r, "error"), "desc"),
                     "rtc-seconds"));
    qobject_unref(r);
    pw_stop(p);
}
END_TEST

/* The alarm raises the PMIC's RTC interrupt at the programmed second. */
START_TEST(test_rtc_alarm)
{
    Pw *p = pw_start(RTC_ARGS);
    QTestState *qts = p->t->qts;
    uint16_t f[7];

    qtest_irq_intercept_out_named(qts, PW_PATH, "sysbus-irq");
    driver_init(p);
    pmic_wr(p, A_MT6323_INT_CON1, MT6323_INT1_RTC);
    rtc_read_tc(p, f);
    f[0] += 10;
    rtc_set_alarm(p, f);
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_IRQ_EN)), 5);
    qtest_clock_step(qts, 9800 * 1000 * 1000ll);
    ck_assert(!qtest_get_irq(qts, 1));
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_IRQ_STA)), 0);
    qtest_clock_step(qts, 200 * 1000 * 1000ll);
    ck_assert(qtest_get_irq(qts, 1));
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_INT_STATUS1), MT6323_INT1_RTC);
    /* IRQ_STA: read to clear. One-shot: IRQ_EN's AL went with it. */
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_IRQ_STA)), 1);
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_IRQ_STA)), 0);
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_IRQ_EN)), 4);
    /* mtk_rtc_irq_handler_thread(), then mt6397_irq_handle_reg(). */
    pmic_wr(p, RTC(A_MT6323_RTC_IRQ_EN), 0);
    rtc_trigger(p);
    pmic_wr(p, A_MT6323_INT_STATUS1, MT6323_INT1_RTC);
    ck_assert(!qtest_get_irq(qts, 1));
    /* Not again a minute later. */
    qtest_clock_step(qts, 60 * NANOSECONDS_PER_SECOND);
    ck_assert(!qtest_get_irq(qts, 1));
    /* An alarm in the past never fires; nor one that was disabled. */
    rtc_read_tc(p, f);
    f[0] = (f[0] + 59) % 60;
    rtc_set_alarm(p, f);
    qtest_clock_step(qts, 3590 * NANOSECONDS_PER_SECOND);
    ck_assert(!qtest_get_irq(qts, 1));
    /* AL_MASK with only the seconds compared: every minute at :05. */
    pmic_wr(p, RTC(A_MT6323_RTC_AL_SEC), 5);
    pmic_wr(p, RTC(A_MT6323_RTC_AL_MASK), 0x7e);
    pmic_wr(p, RTC(A_MT6323_RTC_IRQ_EN), 1);
    rtc_trigger(p);
    for (int n = 0; n < 2; n++) {
        rtc_read_tc(p, f);
        qtest_clock_step(qts, ((65 - f[0]) % 60) * NANOSECONDS_PER_SECOND -
                              200 * 1000 * 1000ll);
        ck_assert(!qtest_get_irq(qts, 1));
        qtest_clock_step(qts, 300 * 1000 * 1000ll);
        ck_assert(qtest_get_irq(qts, 1));
        ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_TC_SEC)), 5);
        ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_IRQ_STA)), 1);
        pmic_wr(p, A_MT6323_INT_STATUS1, MT6323_INT1_RTC);
        ck_assert(!qtest_get_irq(qts, 1));
        qtest_clock_step(qts, 2 * NANOSECONDS_PER_SECOND);
    }
    assert_log_clean(p);
    pw_stop(p);
}
END_TEST

/* What rtc-mt6397 would never write, and what the chip refuses. */
START_TEST(test_rtc_hostile)
{
    Pw *p = pw_start(RTC_ARGS);
    uint16_t f[7];

    driver_init(p);
    /* BBPU needs its key; CBUSY is not writable. */
    pmic_wr(p, RTC(A_MT6323_RTC_BBPU), 0x0000);
    assert_log_has(p, "without the key");
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_BBPU)), 1);
    pmic_wr(p, RTC(A_MT6323_RTC_BBPU), 0x4340 | 0x3);
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_BBPU)), 3);
    pmic_wr(p, RTC(A_MT6323_RTC_IRQ_STA), 1);
    assert_log_has(p, "RTC_IRQ_STA, read-only");
    /* Fields out of range are refused as written. */
    pmic_wr(p, RTC(A_MT6323_RTC_TC_SEC), 60);
    assert_log_has(p, "RTC_TC_SEC 0x003c out of range");
    pmic_wr(p, RTC(A_MT6323_RTC_TC_MTH), 13);
    assert_log_has(p, "RTC_TC_MTH 0x000d out of range");
    pmic_wr(p, RTC(A_MT6323_RTC_TC_HOU), 24);
    assert_log_has(p, "RTC_TC_HOU");
    pmic_wr(p, RTC(A_MT6323_RTC_AL_SEC), 61);
    assert_log_has(p, "RTC_AL_SEC 0x003d");
    /* A date that does not exist: the trigger leaves the time alone. */
    pmic_wr(p, RTC(A_MT6323_RTC_TC_DOM), 31);
    pmic_wr(p, RTC(A_MT6323_RTC_TC_MTH), 2);
    rtc_trigger(p);
    assert_log_has(p, "no such date");
    rtc_read_tc(p, f);
    ck_assert_uint_eq(f[3], 15);
    ck_assert_uint_eq(f[5], 6);
    /* Feb 29 of a year without one. */
    pmic_wr(p, RTC(A_MT6323_RTC_TC_DOM), 29);
    pmic_wr(p, RTC(A_MT6323_RTC_TC_MTH), 2);
    rtc_trigger(p);
    assert_log_has(p, "no such date");
    ck_assert_int_eq(qom_i64(p, "rtc-seconds") / 60, RTC_T0 / 60);
    /* Every word to every RTC register, triggered: no crash, no hang. */
    for (uint32_t i = 0; i < 256; i++) {
        uint16_t v = i * 0x9e37u;

        pmic_wr(p, RTC(2 * (i % 32)), v);
        if (i % 7 == 0) {
            pmic_wr(p, RTC(A_MT6323_RTC_WRTGR), 1);
        }
        qtest_clock_step(p->t->qts, 200000);
    }
    qtest_clock_step(p->t->qts, 200 * NANOSECONDS_PER_SECOND);
    ps_log_take(p->t);
    ck_assert_uint_eq(fsm(p), PWRAP_FSM_IDLE);
    pw_stop(p);
}
END_TEST

/* --- migration ---------------------------------------------------------- */

START_TEST(test_migration_mid_read)
{
    Pw *p = pw_start(NULL);
    PsQTest *dst;

    driver_init(p);
    pmic_upd(p, A_MT6323_TOP_CKPDN0, BIT(11), 0);
    led_on(p, 3, 5);
    pmic_upd(p, A_MT6323_ISINK0_CON0 + 24, 0x1f00, 15 << 8);
    pmic_wr(p, A_MT6323_DEW_WRITE_TEST, 0x7777);
    wr(p, A_PWRAP_WACS2_CMD, (A_MT6323_DEW_WRITE_TEST >> 1) << 16);
    dst = ps_migrate(p->t, "presilicon", "");
    ps_qtest_quit(p->t);
    p->t = dst;
    ck_assert_uint_eq(fsm(p), PWRAP_FSM_WFVLDCLR);
    ck_assert_uint_eq(rd(p, A_PWRAP_WACS2_RDATA) & 0xffff, 0x7777);
    wr(p, A_PWRAP_WACS2_VLDCLR, 1);
    /* The link's settings came along: dual I/O, cipher, dummy cycles. */
    ck_assert_uint_eq(pmic_rd(p, A_MT6323_DEW_READ_TEST),
                      MT6323_DEW_READ_TEST_VAL);
    ck_assert_uint_eq(qom_u32(p, "led3-brightness"), 5);
    ck_assert_uint_eq(qom_u32(p, "led3-blinking"), 1);
    ck_assert_uint_eq(qom_u32(p, "led3-duty-pct"), 50);
    ck_assert(rd(p, A_PWRAP_WACS2_RDATA) & R_PWRAP_WACS2_RDATA_INIT_DONE0_MASK);
    assert_log_clean(p);
    pw_stop(p);
}
END_TEST

/* An alarm 20 s ahead, 5 s gone: it fires 15 s after the migration. */
START_TEST(test_migration_alarm_pending)
{
    Pw *p = pw_start(RTC_ARGS);
    PsQTest *dst;
    uint16_t f[7];

    driver_init(p);
    pmic_wr(p, A_MT6323_INT_CON1, MT6323_INT1_RTC);
    pmic_upd(p, A_MT6323_VPA_CON7, 1, 1);
    rtc_read_tc(p, f);
    f[0] += 20;
    rtc_set_alarm(p, f);
    qtest_clock_step(p->t->qts, 5 * NANOSECONDS_PER_SECOND);
    dst = ps_migrate(p->t, "presilicon", RTC_ARGS);
    ps_qtest_quit(p->t);
    p->t = dst;
    qtest_irq_intercept_out_named(p->t->qts, PW_PATH, "sysbus-irq");
    ck_assert_int_eq(qom_i64(p, "rtc-seconds"), RTC_T0 + 5);
    ck_assert(qom_bool(p, "vpa-enabled"));
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_IRQ_EN)), 5);
    qtest_clock_step(p->t->qts, 14800 * 1000 * 1000ll);
    ck_assert(!qtest_get_irq(p->t->qts, 1));
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_IRQ_STA)), 0);
    qtest_clock_step(p->t->qts, 400 * 1000 * 1000ll);
    ck_assert(qtest_get_irq(p->t->qts, 1));
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_IRQ_STA)), 1);
    ck_assert_uint_eq(pmic_rd(p, RTC(A_MT6323_RTC_TC_SEC)), f[0]);
    assert_log_clean(p);
    pw_stop(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mt7623-pwrap");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *link = tcase_create("protocol");
    TCase *pmic = tcase_create("pmic");
    TCase *bad = tcase_create("hostile");
    TCase *rtc = tcase_create("rtc");

    tcase_add_test(dt, test_fdt_node);
    tcase_add_test(dt, test_bare_has_no_models);
    tcase_add_test(dt, test_bare_device_is_placed);
    tcase_add_test(dt, test_bad_options_named);
    tcase_add_test(regs, test_register_contract);
    tcase_add_test(regs, test_reset_line);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(link, test_driver_init);
    tcase_add_test(link, test_sidly_scan);
    tcase_add_test(link, test_wacs2_fsm_errors);
    tcase_add_test(link, test_link_mismatch);
    tcase_add_test(link, test_spi_slave_reset);
    tcase_add_test(pmic, test_leds);
    tcase_add_test(pmic, test_pmic_interrupt);
    tcase_add_test(pmic, test_migration_mid_read);
    tcase_add_test(pmic, test_regulators);
    tcase_add_test(rtc, test_rtc_time);
    tcase_add_test(rtc, test_rtc_set_time);
    tcase_add_test(rtc, test_rtc_alarm);
    tcase_add_test(rtc, test_rtc_hostile);
    tcase_add_test(rtc, test_migration_alarm_pending);
    tcase_add_test(bad, test_bad_accesses);
    tcase_set_timeout(dt, 60);
    tcase_set_timeout(regs, 60);
    tcase_set_timeout(link, 60);
    tcase_set_timeout(pmic, 60);
    tcase_set_timeout(bad, 60);
    tcase_set_timeout(rtc, 60);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, link);
    suite_add_tcase(s, pmic);
    suite_add_tcase(s, bad);
    suite_add_tcase(s, rtc);

    return ps_check_run(s);
}
