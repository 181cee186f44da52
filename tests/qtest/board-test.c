/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The presilicon board: it starts, its device tree is well formed and
 * describes what the board built, bad options are refused by name.
 */
#include "qemu/osdep.h"
#include "presilicon-qtest.h"
#include "check-tap.h"
#include <libfdt.h>

static int count_compat(const void *fdt, const char *compat)
{
    int n = 0, node = -1;

    while ((node = fdt_node_offset_by_compatible(fdt, node, compat)) >= 0) {
        n++;
    }
    return n;
}

START_TEST(test_fdt_infrastructure)
{
    PsQTest *t = ps_qtest_start("presilicon", "-smp 3 -m 2G");
    g_autofree void *fdt = ps_dtb(t);
    int node, len;
    uint64_t base, size;
    const char *stdout_path;

    ck_assert_int_eq(count_compat(fdt, "arm,cortex-a53"), 3);
    ck_assert_int_eq(count_compat(fdt, "arm,gic-v3"), 1);
    ck_assert_int_eq(count_compat(fdt, "arm,gic-v3-its"), 1);
    ck_assert_int_eq(count_compat(fdt, "arm,armv8-timer"), 1);
    /*
     * The second pair is the radio bus (docs/board.md); four more PL061s
     * are the ARTPEC-6 pin controller's GPIO banks.
     */
    ck_assert_int_eq(count_compat(fdt, "arm,pl061"), 6);
    ck_assert_int_eq(count_compat(fdt, "arm,pl022"), 2);
    ck_assert_int_eq(count_compat(fdt, "fsl,imx21-i2c"), 1);
    ck_assert_int_eq(count_compat(fdt, "pci-host-ecam-generic"), 1);
    ck_assert_int_eq(count_compat(fdt, "virtio,mmio"), 8);

    node = ps_fdt_node_by_compat(fdt, "arm,pl011");
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    ck_assert_uint_eq(base, 0x09000000);
    stdout_path = fdt_getprop(fdt, fdt_path_offset(fdt, "/chosen"),
                              "stdout-path", &len);
    ck_assert_str_eq(stdout_path, "/soc/serial@9000000");

    /* The I2C controller: its interrupt (SPI 9) and a clock (i2c-imx). */
    node = ps_fdt_node_by_compat(fdt, "fsl,imx21-i2c");
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    ck_assert_uint_eq(base, 0x09030000);
    {
        const fdt32_t *irq = fdt_getprop(fdt, node, "interrupts", &len);

        ck_assert_int_eq(len, 12);
        ck_assert_uint_eq(fdt32_to_cpu(irq[1]), 9);
        ck_assert_ptr_nonnull(fdt_getprop(fdt, node, "clocks", &len));
    }

    node = fdt_path_offset(fdt, "/memory");
    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    ck_assert_uint_eq(base, 0x40000000);
    ck_assert_uint_eq(size, 2ull << 30);

    /* PCIe MSIs are routed to the ITS. */
    node = ps_fdt_node_by_compat(fdt, "pci-host-ecam-generic");
    {
        const fdt32_t *map = fdt_getprop(fdt, node, "msi-map", &len);
        int its = ps_fdt_node_by_compat(fdt, "arm,gic-v3-its");

        ck_assert_int_eq(len, 16);
        ck_assert_uint_eq(fdt32_to_cpu(map[1]), fdt_get_phandle(fdt, its));
    }
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_dtc_accepts_tree)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree void *fdt = ps_dtb(t);
    g_autofree char *path = NULL, *out = NULL, *err = NULL;
    int fd, status;
    char *argv[] = { (char *)"dtc", (char *)"-I", (char *)"dtb",
                     (char *)"-O", (char *)"dts", NULL, NULL };

    fd = g_file_open_tmp("presilicon-board-XXXXXX.dtb", &path, NULL);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, fdt, fdt_totalsize(fdt)), fdt_totalsize(fdt));
    close(fd);
    argv[5] = path;
    ck_assert(g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                           &out, &err, &status, NULL));
    unlink(path);
    ck_assert_msg((status) == 0, "dtc failed: %s",
                  err);
    /* dtc's checks (unit addresses, reg sizes, phandles...) stay quiet. */
    ck_assert_msg(err[0] == '\0', "dtc warned:\n%s", err);
    ck_assert_ptr_nonnull(strstr(out, "mediatek,mt7623-rng"));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_idle_without_guest)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *log = NULL;

    /* A second of virtual time in the boot ROM's WFI loop: no errors. */
    qtest_clock_step(t->qts, 1000000000);
    ck_assert_uint_eq(qtest_readl(t->qts, 0x0), 0xd503207f);
    log = ps_log_take(t);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(t);
}
END_TEST

/* Run QEMU to completion with args; return its exit status and stderr. */
static int run_qemu(const char *args, char **err)
{
    g_autofree char *cmd = g_strdup_printf("%s %s -display none",
                                           g_getenv("QTEST_QEMU_BINARY"), args);
    int status;

    ck_assert(g_spawn_command_line_sync(cmd, NULL, err, &status, NULL));
    return status;
}

START_TEST(test_too_much_ram_refused)
{
    g_autofree char *err = NULL;
    int status = run_qemu("-M presilicon -m 32G", &err);

    ck_assert((status) != 0);
    ck_assert_ptr_nonnull(strstr(err, "-m 32768 MiB"));
}
END_TEST

START_TEST(test_bad_machine_option_named)
{
    g_autofree char *err = NULL;
    int status = run_qemu("-M presilicon,bare=maybe", &err);

    ck_assert((status) != 0);
    ck_assert_ptr_nonnull(strstr(err, "bare"));
}
END_TEST

/*
 * -cpu cortex-a15: the 32-bit board. Its CPUs start in AArch32 (the boot
 * ROM's A32 idle loop runs quietly), the tree names the CPU and the
 * Armv7 timer, and the GICv3 and the RAM are those of the arm64 board.
 */
START_TEST(test_aarch32_cpu)
{
    PsQTest *t = ps_qtest_start("presilicon", "-cpu cortex-a15 -smp 2 -m 3G");
    g_autofree void *fdt = ps_dtb(t);
    g_autofree char *log = NULL;
    uint64_t base, size;
    int node, len;

    ck_assert_int_eq(count_compat(fdt, "arm,cortex-a15"), 2);
    ck_assert_int_eq(count_compat(fdt, "arm,cortex-a53"), 0);
    ck_assert_int_eq(count_compat(fdt, "arm,armv7-timer"), 1);
    ck_assert_int_eq(count_compat(fdt, "arm,armv8-timer"), 0);
    ck_assert_int_eq(count_compat(fdt, "arm,gic-v3"), 1);
    node = fdt_path_offset(fdt, "/cpus/cpu@1");
    ck_assert_int_ge(node, 0);
    ck_assert_str_eq(fdt_getprop(fdt, node, "enable-method", &len), "psci");

    node = fdt_path_offset(fdt, "/memory");
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    /* 3 GiB from 0x4000_0000: all below 4 GiB, for a kernel without LPAE. */
    ck_assert_uint_eq(base, 0x40000000);
    ck_assert_uint_eq(size, 3ull << 30);

    qtest_clock_step(t->qts, 1000000000);
    ck_assert_uint_eq(qtest_readl(t->qts, 0x0), 0xe320f003);
    log = ps_log_take(t);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(t);
}
END_TEST

/*
 * The 32-bit board's PSCI node (hw/arm/boot.c writes it) has the SMC32
 * function IDs, over HVC. Through dumpdtb=, under TCG: the qtest
 * accelerator's CPUs have no PSCI version, and get the PSCI 0.1 node.
 */
START_TEST(test_aarch32_psci)
{
    g_autofree char *err = NULL, *path = NULL, *args = NULL, *blob = NULL;
    size_t len;
    int node, plen;
    int fd = g_file_open_tmp("presilicon-dump-XXXXXX.dtb", &path, NULL);

    close(fd);
    args = g_strdup_printf("-M presilicon,dumpdtb=%s -cpu cortex-a15", path);
    ck_assert((run_qemu(args, &err)) == 0);
    ck_assert(g_file_get_contents(path, &blob, &len, NULL));
    unlink(path);
    ck_assert_int_eq(fdt_check_header(blob), 0);
    node = fdt_path_offset(blob, "/psci");
    ck_assert_int_ge(node, 0);
    ck_assert_str_eq(fdt_getprop(blob, node, "compatible", &plen),
                     "arm,psci-1.0");
    ck_assert_str_eq(fdt_getprop(blob, node, "method", &plen), "hvc");
    /* CPU_ON, SMC32 (0xc4000003 would be SMC64). */
    ck_assert_uint_eq(ps_fdt_cell(blob, node, "cpu_on", 0), 0x84000003);
}
END_TEST

START_TEST(test_cpu_without_generic_timer_refused)
{
    g_autofree char *err = NULL;
    int status = run_qemu("-M presilicon -cpu cortex-a9", &err);

    ck_assert((status) != 0);
    ck_assert_ptr_nonnull(strstr(err, "cortex-a9"));
    ck_assert_ptr_nonnull(strstr(err, "cortex-a15"));
}
END_TEST

/* A file that looks like a kernel's head: magic at offset. */
static char *fake_kernel(uint32_t offset, uint32_t magic)
{
    uint8_t head[4096] = { 0 };
    char *path = NULL;
    int fd = g_file_open_tmp("presilicon-kernel-XXXXXX", &path, NULL);

    ck_assert_int_ge(fd, 0);
    for (int i = 0; i < 4; i++) {
        head[offset + i] = magic >> (8 * i);     /* little endian */
    }
    ck_assert_int_eq(write(fd, head, sizeof(head)), sizeof(head));
    close(fd);
    return path;
}

/* A kernel for the other instruction set is refused, naming -cpu. */
START_TEST(test_kernel_for_other_isa_refused)
{
    g_autofree char *zimage = fake_kernel(0x24, 0x016f2818);
    g_autofree char *image = fake_kernel(0x38, 0x644d5241);
    g_autofree char *args = NULL, *err = NULL, *err2 = NULL;

    args = g_strdup_printf("-M presilicon -kernel %s", zimage);
    ck_assert((run_qemu(args, &err)) != 0);
    ck_assert_ptr_nonnull(strstr(err, "zImage"));
    ck_assert_ptr_nonnull(strstr(err, "-cpu cortex-a15"));
    g_free(args);
    args = g_strdup_printf("-M presilicon -cpu cortex-a15 -kernel %s", image);
    ck_assert((run_qemu(args, &err2)) != 0);
    ck_assert_ptr_nonnull(strstr(err2, "arm64 Image"));
    ck_assert_ptr_nonnull(strstr(err2, "-cpu cortex-a15"));
    unlink(zimage);
    unlink(image);
}
END_TEST

START_TEST(test_dumpdtb_option)
{
    g_autofree char *err = NULL, *path = NULL, *args = NULL, *blob = NULL;
    size_t len;
    int fd = g_file_open_tmp("presilicon-dump-XXXXXX.dtb", &path, NULL);

    close(fd);
    args = g_strdup_printf("-M presilicon,dumpdtb=%s", path);
    ck_assert((run_qemu(args, &err)) == 0);
    ck_assert(g_file_get_contents(path, &blob, &len, NULL));
    unlink(path);
    ck_assert_int_eq(fdt_check_header(blob), 0);
    ck_assert_int_ge(fdt_node_offset_by_compatible(blob, -1,
                                                   "mediatek,mt7623-rng"), 0);
}
END_TEST

START_TEST(test_platform_bus_places_each_device)
{
    PsQTest *t = ps_qtest_start("presilicon,bare=on",
                                "-device mtk-rng -device mtk-rng");
    g_autofree void *fdt = ps_dtb(t);
    int a = fdt_node_offset_by_compatible(fdt, -1, "mediatek,mt7623-rng");
    int b = fdt_node_offset_by_compatible(fdt, a, "mediatek,mt7623-rng");
    uint64_t base_a, base_b, size;

    ck_assert_int_ge(a, 0);
    ck_assert_int_ge(b, 0);
    ck_assert(ps_fdt_reg(fdt, a, 0, &base_a, &size));
    ck_assert(ps_fdt_reg(fdt, b, 0, &base_b, &size));
    /* Both inside the platform-bus window, not overlapping. */
    ck_assert_uint_ne(base_a, base_b);
    ck_assert_uint_ge(MIN(base_a, base_b), 0x0c000000);
    ck_assert_uint_ge(MAX(base_a, base_b) - MIN(base_a, base_b), size);
    ck_assert_uint_lt(MAX(base_a, base_b) + size, 0x0e000000);
    /* And each answers at its own address. */
    qtest_writel(t->qts, base_a, 1);
    ck_assert_uint_eq(qtest_readl(t->qts, base_a), 0x80000001);
    ck_assert_uint_eq(qtest_readl(t->qts, base_b), 0);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_non_model_sysbus_device_refused)
{
    g_autofree char *err = NULL;
    int status = run_qemu("-M presilicon -device pl061", &err);

    /* Only presilicon models go on the platform bus. */
    ck_assert(status != 0);
    ck_assert_ptr_nonnull(strstr(err, "pl061"));
}
END_TEST

/* A radio belongs on the radio bus, at its chip selects 0-1. */
START_TEST(test_radio_bus_refusals)
{
    static const struct {
        const char *args, *msg;
    } cases[] = {
        { "-M presilicon,bare=on -device ca8210,cs=0", "bus=spi1" },
        { "-M presilicon,bare=on -device ca8210,bus=spi1,cs=2",
          "chip selects 0 and 1" },
        { "-M presilicon,bare=on -device ti-ads7957,bus=spi1,cs=0",
          "ca8210 radios only" },
    };

    for (int i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *err = NULL;
        int status = run_qemu(cases[i].args, &err);

        ck_assert_msg(status != 0, "%s: accepted", cases[i].args);
        ck_assert_msg(strstr(err, cases[i].msg), "%s: \"%s\" lacks \"%s\"",
                      cases[i].args, err, cases[i].msg);
    }
}
END_TEST

START_TEST(test_placement_is_traced)
{
    g_autofree char *err = NULL, *path = NULL, *args = NULL;
    int fd = g_file_open_tmp("presilicon-dump-XXXXXX.dtb", &path, NULL);
    int status;

    /*
     * Not dumpdtb=/dev/null: QEMU writes the blob with
     * g_file_set_contents(), a new file renamed over the path, which for
     * root replaces /dev/null with a regular file.
     */
    close(fd);
    args = g_strdup_printf("-M presilicon,dumpdtb=%s -trace presilicon_*",
                           path);
    status = run_qemu(args, &err);
    unlink(path);
    ck_assert_int_eq(status, 0);
    /*
     * Each built-in model: where the board put it and that its node was
     * written; the shared clocks once each.
     */
    ck_assert_ptr_nonnull(strstr(err,
                                 "presilicon_place mtk-rng at 0x10000000"));
    ck_assert_ptr_nonnull(strstr(err,
                                 "presilicon_fdt_node mtk-rng under /soc"));
    ck_assert_ptr_nonnull(strstr(err,
                                 "presilicon_place stm32-crc at 0x10010000"));
    ck_assert_ptr_nonnull(strstr(err, "fixed clock apb_pclk 24000000 Hz"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("board");
    TCase *tc = tcase_create("board");

    tcase_add_test(tc, test_fdt_infrastructure);
    tcase_add_test(tc, test_dtc_accepts_tree);
    tcase_add_test(tc, test_idle_without_guest);
    tcase_add_test(tc, test_too_much_ram_refused);
    tcase_add_test(tc, test_bad_machine_option_named);
    tcase_add_test(tc, test_aarch32_cpu);
    tcase_add_test(tc, test_aarch32_psci);
    tcase_add_test(tc, test_cpu_without_generic_timer_refused);
    tcase_add_test(tc, test_kernel_for_other_isa_refused);
    tcase_add_test(tc, test_dumpdtb_option);
    tcase_add_test(tc, test_platform_bus_places_each_device);
    tcase_add_test(tc, test_non_model_sysbus_device_refused);
    tcase_add_test(tc, test_radio_bus_refusals);
    tcase_add_test(tc, test_placement_is_traced);
    suite_add_tcase(s, tc);
    return ps_check_run(s);
}
