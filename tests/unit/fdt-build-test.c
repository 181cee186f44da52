/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the device-tree node builders every model's node goes
 * through (hw/core/presilicon-fdt-build.c), with libfdt and no QEMU.
 */
#include "check-tap.h"
#include <glib.h>
#include <string.h>
#include <libfdt.h>
#include "hw/core/presilicon-fdt-build.h"

static char blob[16384];
static int allocs;

static uint32_t next_phandle(void *opaque)
{
    allocs++;
    return ++*(uint32_t *)opaque;
}

static void *new_fdt(int size)
{
    ck_assert_int_eq(fdt_create_empty_tree(blob, size), 0);
    allocs = 0;
    return blob;
}

static const char *const two_compat[] = { "vendor,chip-v2", "vendor,chip" };

START_TEST(test_mmio_node_shape)
{
    void *fdt = new_fdt(sizeof(blob));
    const uint64_t base[] = { 0x10000000, 0x10001000 };
    const uint64_t size[] = { 0x100, 0x20 };
    const int spi[] = { 32, 33 };
    PsFdtMmio m = { "/soc", "engine", two_compat, 2, base, size, 2, spi, 2,
                    0x8001 };
    g_autofree char *path = NULL;
    const fdt32_t *cells;
    const char *c;
    int node, len;

    ck_assert_int_eq(psfdt_add_mmio_node(fdt, &m, &path), 0);
    ck_assert_str_eq(path, "/soc/engine@10000000");
    node = fdt_path_offset(fdt, path);
    ck_assert_int_ge(node, 0);

    c = fdt_getprop(fdt, node, "compatible", &len);
    ck_assert_int_eq(len, sizeof("vendor,chip-v2") + sizeof("vendor,chip"));
    ck_assert_mem_eq(c, "vendor,chip-v2\0vendor,chip", len);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, node, "vendor,chip"), 0);

    cells = fdt_getprop(fdt, node, "reg", &len);
    ck_assert_int_eq(len, 8 * 4);
    ck_assert_uint_eq(fdt32_to_cpu(cells[1]), 0x10000000);
    ck_assert_uint_eq(fdt32_to_cpu(cells[3]), 0x100);
    ck_assert_uint_eq(fdt32_to_cpu(cells[5]), 0x10001000);
    ck_assert_uint_eq(fdt32_to_cpu(cells[7]), 0x20);

    cells = fdt_getprop(fdt, node, "interrupts", &len);
    ck_assert_int_eq(len, 6 * 4);
    ck_assert_uint_eq(fdt32_to_cpu(cells[0]), PSFDT_IRQ_TYPE_SPI);
    ck_assert_uint_eq(fdt32_to_cpu(cells[1]), 32);
    ck_assert_uint_eq(fdt32_to_cpu(cells[2]), PSFDT_IRQ_LEVEL_HIGH);
    ck_assert_uint_eq(fdt32_to_cpu(cells[4]), 33);
    cells = fdt_getprop(fdt, node, "interrupt-parent", &len);
    ck_assert_uint_eq(fdt32_to_cpu(*cells), 0x8001);
}
END_TEST

START_TEST(test_mmio_node_without_irq)
{
    void *fdt = new_fdt(sizeof(blob));
    const uint64_t base = 0x9000, size = 0x10;
    PsFdtMmio m = { "/", "rng", two_compat, 1, &base, &size, 1, NULL, 0, 1 };
    g_autofree char *path = NULL;
    int node;

    ck_assert_int_eq(psfdt_add_mmio_node(fdt, &m, &path), 0);
    ck_assert_str_eq(path, "/rng@9000");
    node = fdt_path_offset(fdt, path);
    ck_assert_ptr_null(fdt_getprop(fdt, node, "interrupts", NULL));
    ck_assert_ptr_null(fdt_getprop(fdt, node, "interrupt-parent", NULL));
}
END_TEST

START_TEST(test_mmio_node_refuses_bad_input)
{
    void *fdt = new_fdt(sizeof(blob));
    const uint64_t base = 0x9000, size = 0x10;
    PsFdtMmio m = { "/soc", "rng", two_compat, 1, &base, &size, 1, NULL, 0,
                    1 };
    PsFdtMmio noreg = m, nocompat = m;
    char *path = NULL;

    noreg.nregs = 0;
    nocompat.ncompat = 0;
    ck_assert_int_eq(psfdt_add_mmio_node(fdt, &noreg, &path),
                     -FDT_ERR_BADVALUE);
    ck_assert_int_eq(psfdt_add_mmio_node(fdt, &nocompat, &path),
                     -FDT_ERR_BADVALUE);
    ck_assert_int_eq(psfdt_add_mmio_node(fdt, &m, &path), 0);
    g_free(path);
    path = NULL;
    /* Two devices at one address would be one node: refused. */
    ck_assert_int_eq(psfdt_add_mmio_node(fdt, &m, &path), -FDT_ERR_EXISTS);
    ck_assert_ptr_null(path);
}
END_TEST

START_TEST(test_mmio_node_out_of_space)
{
    void *fdt = new_fdt(128);
    const uint64_t base = 0x9000, size = 0x10;
    PsFdtMmio m = { "/soc", "a-rather-long-node-name", two_compat, 2, &base,
                    &size, 1, NULL, 0, 1 };
    char *path = NULL;

    ck_assert_int_eq(psfdt_add_mmio_node(fdt, &m, &path), -FDT_ERR_NOSPACE);
    ck_assert_ptr_null(path);
}
END_TEST

/* A 32-bit bus: one cell each in reg, mapped one to one below RAM. */
START_TEST(test_bus32_one_cell_reg)
{
    void *fdt = new_fdt(sizeof(blob));
    const uint64_t base = 0x10030000, size = 0x1000;
    const uint64_t high = 0x100000000ULL;
    PsFdtMmio m = { NULL, "mmc", two_compat, 1, &base, &size, 1, NULL, 0,
                    1, 1 };
    g_autofree char *bus = NULL, *again = NULL, *path = NULL;
    char *none = NULL;
    const fdt32_t *cells;
    int node, len;

    ck_assert_int_eq(psfdt_bus32(fdt, "/soc", &bus), 0);
    ck_assert_str_eq(bus, "/soc/bus@0");
    ck_assert_int_eq(psfdt_bus32(fdt, "/soc", &again), 0);
    ck_assert_str_eq(again, bus);
    node = fdt_path_offset(fdt, bus);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, node, "simple-bus"), 0);
    ck_assert_int_eq(fdt_address_cells(fdt, node), 1);
    ck_assert_int_eq(fdt_size_cells(fdt, node), 1);
    cells = fdt_getprop(fdt, node, "ranges", &len);
    ck_assert_int_eq(len, 4 * 4);
    ck_assert_uint_eq(fdt32_to_cpu(cells[0]), 0);
    ck_assert_uint_eq(fdt32_to_cpu(cells[2]), 0);
    ck_assert_uint_eq(fdt32_to_cpu(cells[3]), PSFDT_BUS32_SIZE);

    m.parent = bus;
    ck_assert_int_eq(psfdt_add_mmio_node(fdt, &m, &path), 0);
    ck_assert_str_eq(path, "/soc/bus@0/mmc@10030000");
    cells = fdt_getprop(fdt, fdt_path_offset(fdt, path), "reg", &len);
    /* What drivers/mmc/host/bcm2835.c takes as the DMA address. */
    ck_assert_int_eq(len, 2 * 4);
    ck_assert_uint_eq(fdt32_to_cpu(cells[0]), 0x10030000);
    ck_assert_uint_eq(fdt32_to_cpu(cells[1]), 0x1000);

    /* A region past 4 GiB cannot be said in one cell. */
    m.base = &high;
    ck_assert_int_eq(psfdt_add_mmio_node(fdt, &m, &none), -FDT_ERR_BADVALUE);
    ck_assert_ptr_null(none);
}
END_TEST

START_TEST(test_fixed_clock_shared)
{
    void *fdt = new_fdt(sizeof(blob));
    uint32_t counter = 0x100, a = 0, b = 0, c = 0;
    int node, len;

    ck_assert_int_eq(psfdt_fixed_clock(fdt, "pclk", 24000000, next_phandle,
                                       &counter, &a), 0);
    ck_assert_int_eq(psfdt_fixed_clock(fdt, "pclk", 24000000, next_phandle,
                                       &counter, &b), 0);
    ck_assert_int_eq(psfdt_fixed_clock(fdt, "rng", 26000000, next_phandle,
                                       &counter, &c), 0);
    ck_assert_uint_eq(a, 0x101);
    ck_assert_uint_eq(b, a);
    ck_assert_uint_eq(c, 0x102);
    ck_assert_int_eq(allocs, 2);

    node = fdt_path_offset(fdt, "/clocks/pclk");
    ck_assert_int_eq(fdt_node_check_compatible(fdt, node, "fixed-clock"), 0);
    ck_assert_uint_eq(fdt_get_phandle(fdt, node), a);
    ck_assert_uint_eq(fdt32_to_cpu(*(const fdt32_t *)
                      fdt_getprop(fdt, node, "#clock-cells", &len)), 0);
    ck_assert_uint_eq(fdt32_to_cpu(*(const fdt32_t *)
                      fdt_getprop(fdt, node, "clock-frequency", &len)),
                      24000000);
    ck_assert_str_eq(fdt_getprop(fdt, node, "clock-output-names", &len),
                     "pclk");
}
END_TEST

START_TEST(test_fixed_clock_rate_conflict)
{
    void *fdt = new_fdt(sizeof(blob));
    uint32_t counter = 0, p = 0;

    ck_assert_int_eq(psfdt_fixed_clock(fdt, "pclk", 24000000, next_phandle,
                                       &counter, &p), 0);
    ck_assert_int_eq(psfdt_fixed_clock(fdt, "pclk", 12000000, next_phandle,
                                       &counter, &p), -FDT_ERR_BADVALUE);
    ck_assert_int_eq(allocs, 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fdt-build");
    TCase *tc = tcase_create("fdt-build");

    tcase_add_test(tc, test_mmio_node_shape);
    tcase_add_test(tc, test_mmio_node_without_irq);
    tcase_add_test(tc, test_mmio_node_refuses_bad_input);
    tcase_add_test(tc, test_mmio_node_out_of_space);
    tcase_add_test(tc, test_bus32_one_cell_reg);
    tcase_add_test(tc, test_fixed_clock_shared);
    tcase_add_test(tc, test_fixed_clock_rate_conflict);
    suite_add_tcase(s, tc);
    return ps_check_run(s);
}
