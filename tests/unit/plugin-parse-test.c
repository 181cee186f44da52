/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the TCG plugins' parsers (plugins/parse.c): System.map,
 * DTB ranges, the register map generated from the models' _regs.h, and
 * driver-coverage's AArch64 basic blocks and line table, and the PCI
 * functions mmio-trace follows through ECAM.
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
    uint32_t pinranges[] = { 0, 0, 0x20000000, 0x1000 };
    uint32_t bank[] = { 0x400, 0x400 };

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
    /* A controller node with only ranges, its banks without compatible. */
    ck_assert_int_eq(fdt_begin_node(fdt, "pinctrl@20000000"), 0);
    fdt_property_string(fdt, "compatible", "st,stm32f469-pinctrl");
    prop_cells(fdt, "#address-cells", 1, one);
    prop_cells(fdt, "#size-cells", 1, one);
    prop_cells(fdt, "ranges", 4, pinranges);
    ck_assert_int_eq(fdt_begin_node(fdt, "gpio@400"), 0);
    prop_cells(fdt, "reg", 2, bank);
    fdt_end_node(fdt);
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
    ck_assert_uint_eq(r->len, 4);
    ck_assert_int_eq(untranslated, 2);  /* the PCI function, dev@10 */
    /* A bank: the controller's compatible, at the bank's CPU address. */
    d = dt_range_find(r, 0x20000404);
    ck_assert_ptr_nonnull(d);
    ck_assert_str_eq(d->name, "gpio@400");
    ck_assert_str_eq(d->compat[0], "st,stm32f469-pinctrl");
    ck_assert_uint_eq(d->base, 0x20000400);
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
    r = regmap_reg(d, 0, 0x0);
    ck_assert_str_eq(r->name, "RNG_CTRL");
    ck_assert_uint_eq(r->size, 4);
    ck_assert_str_eq(regmap_reg(d, 0, 0x8)->name, "RNG_DATA");
    ck_assert_str_eq(regmap_reg(d, 0, 0xa)->name, "RNG_DATA");
    ck_assert_ptr_null(regmap_reg(d, 0, 0x4));
    f = regmap_decode(r, 0x80000001);
    ck_assert_str_eq(f, "EN=1 READY=1");
    empty = regmap_decode(regmap_reg(d, 0, 0x8), 0x1234);
    ck_assert_str_eq(empty, "");
    ck_assert_ptr_null(regmap_for_compat(none));
    /* A model with a multi-bit field, from another class's header. */
    {
        char *pwm[] = { "aspeed,ast2500-pwm-tacho", NULL };
        const RegmapDevice *p = regmap_for_compat(pwm);
        g_autofree char *s = NULL;

        ck_assert_ptr_nonnull(p);
        r = regmap_reg(p, 0, 0x2c);
        ck_assert_str_eq(r->name, "PTCR_RESULT");
        s = regmap_decode(r, 0x80001234);
        ck_assert_str_eq(s, "VALUE=0x1234 READY=1");
    }
    /* Two reg windows with registers at the same offsets, variant arrays. */
    {
        char *sb[] = { "marvell,armada3710-sb-pinctrl", "syscon", NULL };
        char *syscon[] = { "syscon", NULL };
        const RegmapDevice *a = regmap_for_compat(sb);

        ck_assert_ptr_nonnull(a);
        ck_assert_str_eq(regmap_reg(a, 0, 0x10)->name, "INPUT_VAL");
        ck_assert_str_eq(regmap_reg(a, 1, 0x10)->name, "IRQ_STATUS");
        ck_assert_ptr_null(regmap_reg(a, 2, 0x10));
        ck_assert_ptr_null(regmap_for_compat(syscon));
    }
    /* One header, three nodes ("Node" sections): the STM32F469's. */
    {
        char *bank[] = { "st,stm32f469-pinctrl", NULL };
        char *syscfg[] = { "st,stm32-syscfg", "syscon", NULL };

        ck_assert_str_eq(regmap_reg(regmap_for_compat(bank), 0, 0x10)->name,
                         "GPIO_IDR");
        ck_assert_str_eq(regmap_reg(regmap_for_compat(syscfg), 0,
                                    0x08)->name, "SYSCFG_EXTICR1");
    }
    /* A PCI function, under the IDs its class_init sets. */
    {
        char *zip[] = { "pci177d,a01a", NULL };
        const RegmapDevice *z = regmap_for_compat(zip);

        ck_assert_ptr_nonnull(z);
        ck_assert_str_eq(regmap_reg(z, 0, 0x0)->name, "ZIP_CMD_CTL");
        ck_assert_uint_eq(regmap_reg(z, 0, 0x0)->size, 8);
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

START_TEST(test_a64_flow)
{
    A64Flow f;

    f = a64_flow(0x94000040, 0x1008);           /* bl .+0x100 */
    ck_assert_int_eq(f.kind, A64_CALL);
    ck_assert(f.has_target);
    ck_assert_uint_eq(f.target, 0x1108);
    f = a64_flow(0x97ffffff, 0x1008);           /* bl .-4 */
    ck_assert_uint_eq(f.target, 0x1004);
    f = a64_flow(0x14000002, 0x100c);           /* b .+8 */
    ck_assert_int_eq(f.kind, A64_JUMP);
    ck_assert_uint_eq(f.target, 0x1014);
    f = a64_flow(0x54ffffc1, 0x2000);           /* b.ne .-8 */
    ck_assert_int_eq(f.kind, A64_COND);
    ck_assert_uint_eq(f.target, 0x1ff8);
    f = a64_flow(0xb4000060, 0x1004);           /* cbz x0, .+12 */
    ck_assert_int_eq(f.kind, A64_COND);
    ck_assert_uint_eq(f.target, 0x1010);
    f = a64_flow(0x37180080, 0x3000);           /* tbnz w0, #3, .+16 */
    ck_assert_int_eq(f.kind, A64_COND);
    ck_assert_uint_eq(f.target, 0x3010);
    f = a64_flow(0xd63f0020, 0);                /* blr x1 */
    ck_assert_int_eq(f.kind, A64_CALL);
    ck_assert(!f.has_target);
    ck_assert_int_eq(a64_flow(0xd65f03c0, 0).kind, A64_INDIRECT); /* ret */
    ck_assert_int_eq(a64_flow(0xd61f0020, 0).kind, A64_INDIRECT); /* br */
    ck_assert_int_eq(a64_flow(0xa9bf7bfd, 0).kind, A64_OTHER);    /* stp */
    ck_assert_int_eq(a64_flow(0xd503201f, 0).kind, A64_OTHER);    /* nop */
}
END_TEST

START_TEST(test_a64_blocks)
{
    static const uint32_t code[] = {
        0xa9bf7bfd,     /* 0: stp x29, x30, [sp, #-16]! */
        0xb4000060,     /* 1: cbz x0, 4 */
        0x94000040,     /* 2: bl elsewhere (does not end the block) */
        0x14000002,     /* 3: b 5 */
        0xd503201f,     /* 4: nop (a branch target, not padding) */
        0xd65f03c0,     /* 5: ret */
        0x00000000,     /* padding */
        0xd503201f,
    };
    bool leader[8];
    size_t n = a64_trim(code, 8);

    ck_assert_uint_eq(n, 6);
    ck_assert_uint_eq(a64_blocks(code, n, 0x1000, leader), 4);
    ck_assert(leader[0] && !leader[1] && leader[2] && !leader[3]);
    ck_assert(leader[4] && leader[5]);
    /* A target outside the function is no leader of it. */
    ck_assert_uint_eq(a64_blocks(code + 3, 1, 0x100c, leader), 1);
    ck_assert_uint_eq(a64_trim(code + 6, 2), 0);
}
END_TEST

START_TEST(test_lines)
{
    LineTable t = { 0 };
    GError *err = NULL;
    const LineRef *r;

    ck_assert(lines_parse(&t, "ffff8000802cd6ac /src/a b.c 166\n"
                          "ffff8000802cd6a8 /src/a b.c 165\n"
                          "ffff8000802cd6b0 /inc/device.h 927\n", &err));
    ck_assert_uint_eq(t.n, 3);
    r = lines_find(&t, 0xffff8000802cd6a8);
    ck_assert_ptr_nonnull(r);
    ck_assert_str_eq(r->file, "/src/a b.c");
    ck_assert_uint_eq(r->line, 165);
    /* One interned string per file. */
    ck_assert_ptr_eq(r->file, lines_find(&t, 0xffff8000802cd6ac)->file);
    ck_assert_ptr_null(lines_find(&t, 0xffff8000802cd6a4));
    lines_free(&t);
    ck_assert(!lines_parse(&t, "ffff8000802cd6a8 165\n", &err));
    ck_assert_ptr_nonnull(strstr(err->message, "line 1"));
    g_clear_error(&err);
    ck_assert(!lines_parse(&t, "\nzz /a.c 1\n", &err));
    ck_assert_ptr_nonnull(strstr(err->message, "line 2"));
    g_clear_error(&err);
}
END_TEST

START_TEST(test_pci_tracker)
{
    /* 00:01.0, as Linux's generic host probes and places a 64-bit BAR0. */
    const uint64_t fn = 1 << 15;
    PciTracker t;
    PciFunc *f;
    int bar;

    pci_tracker_init(&t);
    ck_assert_ptr_null(pci_cfg_access(&t, fn + 0, 4, false, 0xa01a177d,
                                      &bar));
    /* Size BAR0 (64-bit): all-ones, read the mask, restore 0; then BAR1. */
    ck_assert_ptr_null(pci_cfg_access(&t, fn + 0x10, 4, true, 0xffffffff,
                                      &bar));
    ck_assert_ptr_null(pci_cfg_access(&t, fn + 0x10, 4, false, 0xfff00004,
                                      &bar));
    ck_assert_ptr_null(pci_cfg_access(&t, fn + 0x10, 4, true, 0x4, &bar));
    ck_assert_ptr_null(pci_cfg_access(&t, fn + 0x14, 4, true, 0xffffffff,
                                      &bar));
    ck_assert_ptr_null(pci_cfg_access(&t, fn + 0x14, 4, false, 0xffffffff,
                                      &bar));
    ck_assert_ptr_null(pci_cfg_access(&t, fn + 0x14, 4, true, 0, &bar));
    /* Placed: low half, then high half. */
    f = pci_cfg_access(&t, fn + 0x10, 4, true, 0x20100004, &bar);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(bar, 0);
    ck_assert_uint_eq(f->bdf, 0x08);
    ck_assert(f->have_id);
    ck_assert_uint_eq(f->vendor, 0x177d);
    ck_assert_uint_eq(f->device, 0xa01a);
    ck_assert_uint_eq(f->bar[0].size, 0x100000);
    ck_assert_uint_eq(f->bar[0].base, 0x20100000);
    f = pci_cfg_access(&t, fn + 0x14, 4, true, 0x1, &bar);
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(f->bar[0].base, 0x120100000ull);
    /* An I/O BAR and a config register are not followed. */
    ck_assert_ptr_null(pci_cfg_access(&t, fn + 0x18, 4, true, 0x1001, &bar));
    ck_assert_ptr_null(pci_cfg_access(&t, fn + 0x04, 4, true, 0x6, &bar));
    /* No device: vendor all-ones. */
    pci_cfg_access(&t, 2 << 15, 4, false, 0xffffffff, &bar);
    f = pci_cfg_access(&t, (2 << 15) + 0x10, 4, true, 0xffffffff, &bar);
    ck_assert_ptr_null(f);
    pci_tracker_free(&t);
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
    tcase_add_test(tc, test_a64_flow);
    tcase_add_test(tc, test_a64_blocks);
    tcase_add_test(tc, test_lines);
    tcase_add_test(tc, test_pci_tracker);
    suite_add_tcase(s, tc);
    return ps_check_run(s);
}
