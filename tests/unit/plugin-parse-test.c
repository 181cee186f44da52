/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the TCG plugins' parsers (plugins/parse.c): System.map,
 * DTB ranges and the register map generated from the models' _regs.h.
 */
#include "check-tap.h"
#include <glib.h>
#include <string.h>
#include <libfdt.h>
#include "parse.h"

static const char sysmap[] =
    "ffff800080000000 T _text\n"
    "ffff800080010000 t gic_handle_irq\n"
    "ffff8000802c35e8 t mtk_rng_runtime_resume\n"
    "ffff8000802c368c t mtk_rng_probe\n"
    "ffff8000802c368c t mtk_rng_probe_alias\n"
    "ffff8000802c37d4 t mtk_rng_runtime_suspend\n"
    "ffff8000802c3830 t mtk_rng_read\n"
    "ffff8000804ab6b8 d mtk_rng_match\n"
    "ffff8000804ab800 W weak_fn\n";

START_TEST(test_sysmap_lookup)
{
    KSymtab t = { 0 };
    GError *err = NULL;
    const KSym *s;
    char buf[64];

    ck_assert(ksym_parse(&t, sysmap, &err));
    ck_assert_uint_eq(t.n, 8);          /* the data symbol is left out */
    s = ksym_lookup(&t, 0xffff8000802c3830 + 0x4c);
    ck_assert_ptr_nonnull(s);
    ck_assert_str_eq(s->name, "mtk_rng_read");
    /* mtk_rng_read ends where the next text symbol starts. */
    ck_assert_uint_eq(s->end, 0xffff8000804ab800);
    ck_assert_str_eq(ksym_format(&t, 0xffff8000802c35e8 + 0x70, buf,
                                 sizeof(buf)),
                     "mtk_rng_runtime_resume+0x70");
    ck_assert_str_eq(ksym_format(&t, 0x1000, buf, sizeof(buf)), "0x1000");
    /* Two names at one address: both end at the next address. */
    s = ksym_find(&t, "mtk_rng_probe");
    ck_assert_uint_eq(s->end, 0xffff8000802c37d4);
    ck_assert_ptr_null(ksym_find(&t, "mtk_rng_match"));
    ck_assert_ptr_null(ksym_lookup(&t, 0xffff800080000000 - 1));
    ksym_free(&t);
}
END_TEST

START_TEST(test_sysmap_bad)
{
    KSymtab t = { 0 };
    GError *err = NULL;

    ck_assert(!ksym_parse(&t, "ffff800080000000 T\n", &err));
    ck_assert_ptr_nonnull(strstr(err->message, "line 1"));
    g_clear_error(&err);
    ck_assert(!ksym_parse(&t, "ffff800080000000 d only_data\n", &err));
    g_clear_error(&err);
    ck_assert(!ksym_load(&t, "/nonexistent/System.map", &err));
    g_clear_error(&err);
}
END_TEST

static char blob[8192];

static void prop_cells(void *fdt, const char *name, int n, const uint32_t *v)
{
    fdt32_t c[8];
    int i;

    for (i = 0; i < n; i++) {
        c[i] = cpu_to_fdt32(v[i]);
    }
    ck_assert_int_eq(fdt_property(fdt, name, c, n * 4), 0);
}

/*
 * / (2 address cells, 2 size cells)
 *   soc: simple-bus, empty ranges
 *     rng@10000000 (two reg entries)
 *     bus@0: 1+1 cells, ranges 0 -> 0x0 size 0x40000000... mapped +0x1000
 *       mmc@30000
 *   pcie: 3 address cells, a child with a PCI address
 *   nobus: no ranges, a child that has no CPU address
 */
static void *board(void)
{
    void *fdt = blob;
    uint32_t two[] = { 2 }, one[] = { 1 }, three[] = { 3 };
    uint32_t rng[] = { 0, 0x10000000, 0, 0x100, 0, 0x10001000, 0, 4 };
    uint32_t ranges[] = { 0, 0, 0x1000, 0x40000000 };
    uint32_t mmc[] = { 0x30000, 0x100 };
    uint32_t pci[] = { 0x1000, 0, 0, 0, 0 };

    ck_assert_int_eq(fdt_create(fdt, sizeof(blob)), 0);
    ck_assert_int_eq(fdt_finish_reservemap(fdt), 0);
    ck_assert_int_eq(fdt_begin_node(fdt, ""), 0);
    prop_cells(fdt, "#address-cells", 1, two);
    prop_cells(fdt, "#size-cells", 1, two);
    ck_assert_int_eq(fdt_begin_node(fdt, "soc"), 0);
    fdt_property_string(fdt, "compatible", "simple-bus");
    fdt_property(fdt, "ranges", NULL, 0);
    prop_cells(fdt, "#address-cells", 1, two);
    prop_cells(fdt, "#size-cells", 1, two);
    ck_assert_int_eq(fdt_begin_node(fdt, "rng@10000000"), 0);
    fdt_property(fdt, "compatible", "mediatek,mt7623-rng\0vendor,rng", 31);
    prop_cells(fdt, "reg", 8, rng);
    fdt_end_node(fdt);
    ck_assert_int_eq(fdt_begin_node(fdt, "bus@0"), 0);
    fdt_property_string(fdt, "compatible", "simple-bus");
    prop_cells(fdt, "#address-cells", 1, one);
    prop_cells(fdt, "#size-cells", 1, one);
    prop_cells(fdt, "ranges", 4, ranges);
    ck_assert_int_eq(fdt_begin_node(fdt, "mmc@30000"), 0);
    fdt_property_string(fdt, "compatible", "brcm,bcm2835-sdhost");
    prop_cells(fdt, "reg", 2, mmc);
    fdt_end_node(fdt);
    fdt_end_node(fdt);
    fdt_end_node(fdt);
    ck_assert_int_eq(fdt_begin_node(fdt, "pcie@30000000"), 0);
    prop_cells(fdt, "#address-cells", 1, three);
    prop_cells(fdt, "#size-cells", 1, two);
    ck_assert_int_eq(fdt_begin_node(fdt, "mmc@2"), 0);
    fdt_property_string(fdt, "compatible", "cavium,thunder-8390-mmc");
    prop_cells(fdt, "reg", 5, pci);
    fdt_end_node(fdt);
    fdt_end_node(fdt);
    ck_assert_int_eq(fdt_begin_node(fdt, "nobus"), 0);
    prop_cells(fdt, "#address-cells", 1, one);
    prop_cells(fdt, "#size-cells", 1, one);
    ck_assert_int_eq(fdt_begin_node(fdt, "dev@10"), 0);
    fdt_property_string(fdt, "compatible", "vendor,dev");
    prop_cells(fdt, "reg", 2, mmc);
    fdt_end_node(fdt);
    fdt_end_node(fdt);
    fdt_end_node(fdt);
    ck_assert_int_eq(fdt_finish(fdt), 0);
    return fdt;
}

START_TEST(test_dt_ranges)
{
    int untranslated = -1;
    GError *err = NULL;
    GPtrArray *r = dt_ranges(board(), &untranslated, &err);
    const DtRange *d;

    ck_assert_ptr_nonnull(r);
    ck_assert_uint_eq(r->len, 3);
    ck_assert_int_eq(untranslated, 2);  /* the PCI function, dev@10 */
    d = dt_range_find(r, 0x10000008);
    ck_assert_ptr_nonnull(d);
    ck_assert_str_eq(d->name, "rng@10000000");
    ck_assert_str_eq(d->path, "/soc/rng@10000000");
    ck_assert_str_eq(d->compat[0], "mediatek,mt7623-rng");
    ck_assert_str_eq(d->compat[1], "vendor,rng");
    ck_assert_ptr_null(d->compat[2]);
    ck_assert_int_eq(d->index, 0);
    d = dt_range_find(r, 0x10001000);
    ck_assert_int_eq(d->index, 1);
    ck_assert_uint_eq(d->size, 4);
    ck_assert_ptr_null(dt_range_find(r, 0x10000100));
    /* Through bus@0's ranges: 0x30000 on the bus is 0x31000 for the CPU. */
    d = dt_range_find(r, 0x31000);
    ck_assert_ptr_nonnull(d);
    ck_assert_str_eq(d->name, "mmc@30000");
    ck_assert_ptr_null(dt_range_find(r, 0x30000));
    g_ptr_array_free(r, TRUE);

    ck_assert_ptr_null(dt_ranges("not a dtb, not at all", NULL, &err));
    g_clear_error(&err);
}
END_TEST

START_TEST(test_regmap)
{
    char *rng[] = { "mediatek,mt7623-rng", NULL };
    char *none[] = { "vendor,unknown", NULL };
    const RegmapDevice *d = regmap_for_compat(rng);
    const RegmapReg *r;
    g_autofree char *f = NULL;
    g_autofree char *empty = NULL;

    ck_assert_ptr_nonnull(d);
    ck_assert_str_eq(d->header, "include/hw/crypto/mtk_rng_regs.h");
    r = regmap_reg(d, 0x0);
    ck_assert_str_eq(r->name, "RNG_CTRL");
    ck_assert_uint_eq(r->size, 4);
    ck_assert_str_eq(regmap_reg(d, 0x8)->name, "RNG_DATA");
    ck_assert_str_eq(regmap_reg(d, 0xa)->name, "RNG_DATA");
    ck_assert_ptr_null(regmap_reg(d, 0x4));
    f = regmap_decode(r, 0x80000001);
    ck_assert_str_eq(f, "EN=1 READY=1");
    empty = regmap_decode(regmap_reg(d, 0x8), 0x1234);
    ck_assert_str_eq(empty, "");
    ck_assert_ptr_null(regmap_for_compat(none));
    /* A model with a multi-bit field, from another class's header. */
    {
        char *pwm[] = { "aspeed,ast2500-pwm-tacho", NULL };
        const RegmapDevice *p = regmap_for_compat(pwm);
        g_autofree char *s = NULL;

        ck_assert_ptr_nonnull(p);
        r = regmap_reg(p, 0x2c);
        ck_assert_str_eq(r->name, "PTCR_RESULT");
        s = regmap_decode(r, 0x80001234);
        ck_assert_str_eq(s, "VALUE=0x1234 READY=1");
    }
}
END_TEST

START_TEST(test_plugin_arg)
{
    g_autofree char *k = NULL;
    g_autofree char *v = NULL;

    ck_assert(plugin_arg("dtb=/tmp/a=b.dtb", &k, &v));
    ck_assert_str_eq(k, "dtb");
    ck_assert_str_eq(v, "/tmp/a=b.dtb");
    ck_assert(!plugin_arg("dtb", &k, &v));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("plugin-parse");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, test_sysmap_lookup);
    tcase_add_test(tc, test_sysmap_bad);
    tcase_add_test(tc, test_dt_ranges);
    tcase_add_test(tc, test_regmap);
    tcase_add_test(tc, test_plugin_arg);
    suite_add_tcase(s, tc);
    return ps_check_run(s);
}
