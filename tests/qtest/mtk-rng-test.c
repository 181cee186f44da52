/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mediatek RNG: device-tree node, register contract, output stream and
 * its reproducibility under -seed, malformed accesses, fault injection.
 */
#include "qemu/osdep.h"
#include "qemu/host-utils.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/crypto/mtk_rng_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* Where docs/board.md places the board's RNG (first model slot). */
#define RNG_BASE 0x10000000ull

static uint32_t rd(PsQTest *t, uint32_t reg)
{
    return qtest_readl(t->qts, RNG_BASE + reg);
}

static void wr(PsQTest *t, uint32_t reg, uint32_t val)
{
    qtest_writel(t->qts, RNG_BASE + reg, val);
}

/* The node follows bindings/rng/mtk-rng.yaml: reg, clocks, clock-names. */
static void check_rng_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size;
    uint32_t clk;
    int clk_node, len;
    const char *name;
    g_autofree char *want_name = NULL;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, MTK_RNG_MMIO_SIZE);
    name = fdt_get_name(fdt, node, NULL);
    want_name = g_strdup_printf("rng@%" PRIx64, base);
    ck_assert_str_eq(name, want_name);

    clk = ps_fdt_cell(fdt, node, "clocks", 0);
    ck_assert_uint_ne(clk, 0);
    clk_node = fdt_node_offset_by_phandle(fdt, clk);
    ck_assert_int_ge(clk_node, 0);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, clk_node, "fixed-clock"),
                     0);
    ck_assert_uint_gt(ps_fdt_cell(fdt, clk_node, "clock-frequency", 0), 0);
    ck_assert_str_eq(fdt_getprop(fdt, node, "clock-names", &len), "rng");
    /* The block raises no interrupt and the binding has none. */
    ck_assert_ptr_null(fdt_getprop(fdt, node, "interrupts", NULL));
}

START_TEST(test_fdt_node)
{
    ps_check_builtin_node("mediatek,mt7623-rng", RNG_BASE, check_rng_node);
}
END_TEST

START_TEST(test_bare_has_no_models)
{
    ps_check_bare_has_no_node("mediatek,mt7623-rng", RNG_BASE + A_RNG_CTRL);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    uint64_t base;
    PsQTest *t = ps_start_bare_device("mtk-rng", "mediatek,mt7623-rng",
                                      check_rng_node, &base);

    /* The node's address is where the device answers. */
    qtest_writel(t->qts, base + A_RNG_CTRL, R_RNG_CTRL_EN_MASK);
    ck_assert_uint_eq(qtest_readl(t->qts, base + A_RNG_CTRL),
                      R_RNG_CTRL_EN_MASK | R_RNG_CTRL_READY_MASK);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_reset_values)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *log = NULL;

    ck_assert_uint_eq(rd(t, A_RNG_CTRL), 0);
    /* Disabled: no word is ready, DATA gives nothing and says why. */
    ck_assert_uint_eq(rd(t, A_RNG_DATA), 0);
    log = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(log, "RNG_DATA read while no word is ready"));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_enable_ready)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *log = NULL;

    wr(t, A_RNG_CTRL, R_RNG_CTRL_EN_MASK);
    ck_assert_uint_eq(rd(t, A_RNG_CTRL),
                      R_RNG_CTRL_EN_MASK | R_RNG_CTRL_READY_MASK);
    /* The driver writes back what it read: READY is read-only, no error. */
    wr(t, A_RNG_CTRL, rd(t, A_RNG_CTRL));
    ck_assert_uint_eq(rd(t, A_RNG_CTRL),
                      R_RNG_CTRL_EN_MASK | R_RNG_CTRL_READY_MASK);
    wr(t, A_RNG_CTRL, rd(t, A_RNG_CTRL) & ~R_RNG_CTRL_EN_MASK);
    ck_assert_uint_eq(rd(t, A_RNG_CTRL), 0);
    log = ps_log_take(t);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_system_reset)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");

    wr(t, A_RNG_CTRL, R_RNG_CTRL_EN_MASK);
    qtest_system_reset(t->qts);
    ck_assert_uint_eq(rd(t, A_RNG_CTRL), 0);
    ps_qtest_quit(t);
}
END_TEST

static void read_words(const char *seed, uint32_t *w, int n)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", seed);

    wr(t, A_RNG_CTRL, R_RNG_CTRL_EN_MASK);
    for (int i = 0; i < n; i++) {
        ck_assert(rd(t, A_RNG_CTRL) & R_RNG_CTRL_READY_MASK);
        w[i] = rd(t, A_RNG_DATA);
    }
    ps_qtest_quit(t);
}

START_TEST(test_output_varies)
{
    uint32_t w[256];
    GHashTable *seen = g_hash_table_new(g_direct_hash, g_direct_equal);
    int ones = 0;

    read_words("", w, ARRAY_SIZE(w));
    for (int i = 0; i < ARRAY_SIZE(w); i++) {
        g_hash_table_add(seen, GUINT_TO_POINTER(w[i]));
        ones += ctpop32(w[i]);
    }
    /* 256 random words: a repeat has probability ~8e-6. */
    ck_assert_uint_ge(g_hash_table_size(seen), 255);
    /* 8192 bits: the count of ones lies within 6 sigma (~272) of 4096. */
    ck_assert_int_gt(ones, 4096 - 272);
    ck_assert_int_lt(ones, 4096 + 272);
    g_hash_table_destroy(seen);
}
END_TEST

START_TEST(test_seed_reproduces)
{
    uint32_t a[16], b[16], c[16];

    read_words("-seed 42", a, 16);
    read_words("-seed 42", b, 16);
    read_words("-seed 43", c, 16);
    ck_assert_mem_eq(a, b, sizeof(a));
    ck_assert_int_ne(memcmp(a, c, sizeof(a)), 0);
}
END_TEST

START_TEST(test_bad_accesses)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *l1 = NULL, *l2 = NULL, *l3 = NULL, *l4 = NULL;

    /* Byte and halfword writes are not accepted: EN stays clear. */
    qtest_writeb(t->qts, RNG_BASE + A_RNG_CTRL, R_RNG_CTRL_EN_MASK);
    qtest_writew(t->qts, RNG_BASE + A_RNG_CTRL, R_RNG_CTRL_EN_MASK);
    ck_assert_uint_eq(rd(t, A_RNG_CTRL), 0);
    l1 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l1, "invalid size"));

    /* An unaligned word: the memory core splits it into halfwords. */
    qtest_writel(t->qts, RNG_BASE + A_RNG_CTRL + 2, 0xffffffff);
    ck_assert_uint_eq(rd(t, A_RNG_CTRL), 0);
    l2 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l2, "Invalid write at addr 0x2, size 2"));

    /* Offsets the block does not decode, and the read-only DATA. */
    qtest_writel(t->qts, RNG_BASE + 0x04, 0xffffffff);
    ck_assert_uint_eq(qtest_readl(t->qts, RNG_BASE + 0xfc), 0);
    wr(t, A_RNG_DATA, 0x12345678);
    ck_assert_uint_eq(rd(t, A_RNG_CTRL), 0);
    l3 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l3, "write of unknown register 0x04"));
    ck_assert_ptr_nonnull(strstr(l3, "read of unknown register 0xfc"));
    ck_assert_ptr_nonnull(strstr(l3, "RNG_DATA is read-only"));

    /* Reserved CTRL bits are reported and dropped; EN is honoured. */
    wr(t, A_RNG_CTRL, 0x00ff0001);
    ck_assert_uint_eq(rd(t, A_RNG_CTRL),
                      R_RNG_CTRL_EN_MASK | R_RNG_CTRL_READY_MASK);
    l4 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l4, "sets reserved bits"));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_fail_ready_injection)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    QDict *rsp;
    g_autofree char *log = NULL;

    wr(t, A_RNG_CTRL, R_RNG_CTRL_EN_MASK);
    rsp = qtest_qmp(t->qts, "{'execute': 'qom-set', 'arguments': {"
                    " 'path': '/machine/mtk-rng', 'property': 'fail-ready',"
                    " 'value': true}}");
    ck_assert(!qdict_haskey(rsp, "error"));
    qobject_unref(rsp);
    ck_assert_uint_eq(rd(t, A_RNG_CTRL), R_RNG_CTRL_EN_MASK);
    ck_assert_uint_eq(rd(t, A_RNG_DATA), 0);
    log = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(log, "RNG_DATA read while no word is ready"));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_migration_keeps_enable)
{
    PsQTest *src = ps_qtest_start("presilicon", "-m 128M");
    PsQTest *dst;
    g_autofree char *log = NULL;
    uint32_t a, b;

    /* Mid-work: enabled, a few words consumed. */
    wr(src, A_RNG_CTRL, R_RNG_CTRL_EN_MASK);
    rd(src, A_RNG_DATA);
    dst = ps_migrate(src, "presilicon", "-m 128M");
    ps_qtest_quit(src);

    ck_assert_uint_eq(rd(dst, A_RNG_CTRL),
                      R_RNG_CTRL_EN_MASK | R_RNG_CTRL_READY_MASK);
    a = rd(dst, A_RNG_DATA);
    b = rd(dst, A_RNG_DATA);
    ck_assert_uint_ne(a, b);
    log = ps_log_take(dst);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(dst);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mtk-rng");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *data = tcase_create("data");

    tcase_add_test(dt, test_fdt_node);
    tcase_add_test(dt, test_bare_has_no_models);
    tcase_add_test(dt, test_bare_device_is_placed);
    tcase_add_test(regs, test_reset_values);
    tcase_add_test(regs, test_enable_ready);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(regs, test_bad_accesses);
    tcase_add_test(regs, test_fail_ready_injection);
    tcase_add_test(data, test_output_varies);
    tcase_add_test(data, test_seed_reproduces);
    tcase_add_test(data, test_migration_keeps_enable);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, data);

    return ps_check_run(s);
}
