/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TI OMAP4 USB2 PHY (the CPCAP charger's companion): device-tree nodes
 * (the PHY and the syscon its power register sits in), the registers
 * phy-omap-usb2 touches, power up/down as the host sees it, reset,
 * malformed accesses and migration.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/usb/omap_usb2_phy_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* docs/board.md: beside the xHCI, the control module's register 4 KiB in. */
#define PHY_BASE  0x09050000ull
#define CTRL_BASE (PHY_BASE + 0x1000)

static bool powered(PsQTest *t, const char *path)
{
    QDict *rsp = qtest_qmp(t->qts, "{'execute': 'qom-get', 'arguments': {"
                           " 'path': %s, 'property': 'powered'}}", path);
    bool on;

    ck_assert(qdict_haskey(rsp, "return"));
    on = qdict_get_bool(rsp, "return");
    qobject_unref(rsp);
    return on;
}

/* Cell @i of a property, or ~0 when it has fewer. */
static uint32_t cell_at(const void *fdt, int node, const char *prop, int i)
{
    int len;
    const fdt32_t *v = fdt_getprop(fdt, node, prop, &len);

    return v && len >= (i + 1) * 4 ? fdt32_to_cpu(v[i]) : ~0u;
}

/* phy-omap-usb2's binding: reg, syscon-phy-power, wkupclk, #phy-cells. */
static void check_phy_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size, cbase, csize;
    uint32_t syscon, clk;
    int cnode, len;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, OMAP_USB2_PHY_SIZE);
    /* One window: the control module is its own node. */
    ck_assert(!ps_fdt_reg(fdt, node, 1, &cbase, &csize));
    syscon = cell_at(fdt, node, "syscon-phy-power", 0);
    ck_assert_uint_eq(cell_at(fdt, node, "syscon-phy-power", 1),
                      A_CONTROL_DEV_CONF);
    ck_assert_int_eq(fdt_getprop(fdt, node, "syscon-phy-power", &len) ?
                     len : -1, 8);
    cnode = fdt_node_offset_by_phandle(fdt, syscon);
    ck_assert_int_ge(cnode, 0);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, cnode, "syscon"), 0);
    ck_assert(ps_fdt_reg(fdt, cnode, 0, &cbase, &csize));
    ck_assert_uint_eq(cbase, base + 0x1000);
    ck_assert_uint_eq(csize, OMAP_USB2_CTRL_SIZE);
    clk = cell_at(fdt, node, "clocks", 0);
    ck_assert_int_eq(fdt_node_check_compatible(
                         fdt, fdt_node_offset_by_phandle(fdt, clk),
                         "fixed-clock"), 0);
    ck_assert_str_eq(fdt_getprop(fdt, node, "clock-names", &len), "wkupclk");
    ck_assert_uint_eq(cell_at(fdt, node, "#phy-cells", 0), 0);
    ck_assert_ptr_null(fdt_getprop(fdt, node, "interrupts", NULL));
}

START_TEST(test_fdt_node)
{
    ps_check_builtin_node("ti,omap-usb2", PHY_BASE, check_phy_node);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    uint64_t base;
    PsQTest *t = ps_start_bare_device("omap-usb2-phy", "ti,omap-usb2",
                                      check_phy_node, &base);

    /* Both windows answer where the nodes say. */
    qtest_writel(t->qts, base + A_USB2PHY_CHRG_DET,
                 R_USB2PHY_CHRG_DET_DIS_CHG_DET_MASK);
    ck_assert_uint_eq(qtest_readl(t->qts, base + A_USB2PHY_CHRG_DET),
                      R_USB2PHY_CHRG_DET_DIS_CHG_DET_MASK);
    qtest_writel(t->qts, base + 0x1000 + A_CONTROL_DEV_CONF, 0);
    ck_assert_uint_eq(qtest_readl(t->qts, base + 0x1000), 0);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_reset_values)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");

    /* Powered down out of reset, the PHY block's words clear. */
    ck_assert_uint_eq(qtest_readl(t->qts, CTRL_BASE + A_CONTROL_DEV_CONF),
                      R_CONTROL_DEV_CONF_USBPHY_PD_MASK);
    ck_assert(!powered(t, "/machine/omap-usb2-phy"));
    for (unsigned off = 0; off < OMAP_USB2_PHY_SIZE; off += 4) {
        ck_assert_uint_eq(qtest_readl(t->qts, PHY_BASE + off), 0);
    }
    ps_qtest_quit(t);
}
END_TEST

/* What phy-omap-usb2 does: power on and off through the syscon. */
START_TEST(test_power_through_syscon)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *log = NULL;
    uint32_t v;

    /* regmap_update_bits(mask USBPHY_PD, 0): powered. */
    v = qtest_readl(t->qts, CTRL_BASE);
    qtest_writel(t->qts, CTRL_BASE, v & ~R_CONTROL_DEV_CONF_USBPHY_PD_MASK);
    ck_assert(powered(t, "/machine/omap-usb2-phy"));
    v = qtest_readl(t->qts, CTRL_BASE);
    qtest_writel(t->qts, CTRL_BASE, v | R_CONTROL_DEV_CONF_USBPHY_PD_MASK);
    ck_assert(!powered(t, "/machine/omap-usb2-phy"));
    log = ps_log_take(t);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(t);
}
END_TEST

/* omap_usb_init()'s read-modify-writes for the SoCs that need them. */
START_TEST(test_phy_registers)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *log = NULL;
    uint32_t v;

    v = qtest_readl(t->qts, PHY_BASE + A_USB2PHY_ANA_CONFIG1);
    qtest_writel(t->qts, PHY_BASE + A_USB2PHY_ANA_CONFIG1,
                 v | R_USB2PHY_ANA_CONFIG1_DISCON_BYP_LATCH_MASK);
    v = qtest_readl(t->qts, PHY_BASE + A_USB2PHY_CHRG_DET);
    qtest_writel(t->qts, PHY_BASE + A_USB2PHY_CHRG_DET,
                 v | R_USB2PHY_CHRG_DET_USE_CHG_DET_REG_MASK |
                 R_USB2PHY_CHRG_DET_DIS_CHG_DET_MASK);
    ck_assert_uint_eq(qtest_readl(t->qts, PHY_BASE + A_USB2PHY_ANA_CONFIG1),
                      R_USB2PHY_ANA_CONFIG1_DISCON_BYP_LATCH_MASK);
    ck_assert_uint_eq(qtest_readl(t->qts, PHY_BASE + A_USB2PHY_CHRG_DET),
                      R_USB2PHY_CHRG_DET_USE_CHG_DET_REG_MASK |
                      R_USB2PHY_CHRG_DET_DIS_CHG_DET_MASK);
    log = ps_log_take(t);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_system_reset)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");

    qtest_writel(t->qts, CTRL_BASE, 0);
    qtest_writel(t->qts, PHY_BASE + A_USB2PHY_CHRG_DET, 0x30000000);
    qtest_system_reset(t->qts);
    ck_assert_uint_eq(qtest_readl(t->qts, CTRL_BASE),
                      R_CONTROL_DEV_CONF_USBPHY_PD_MASK);
    ck_assert_uint_eq(qtest_readl(t->qts, PHY_BASE + A_USB2PHY_CHRG_DET), 0);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bad_accesses)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *l1 = NULL, *l2 = NULL, *l3 = NULL;

    /* Bytes, halfwords, unaligned words and offsets past the block. */
    qtest_writeb(t->qts, PHY_BASE + A_USB2PHY_CHRG_DET, 0xff);
    qtest_writew(t->qts, PHY_BASE + A_USB2PHY_CHRG_DET + 2, 0xffff);
    qtest_writel(t->qts, PHY_BASE + OMAP_USB2_PHY_SIZE, 0xffffffff);
    ck_assert_uint_eq(qtest_readl(t->qts, PHY_BASE + A_USB2PHY_CHRG_DET), 0);
    ck_assert_uint_eq(qtest_readl(t->qts, PHY_BASE + OMAP_USB2_PHY_SIZE), 0);
    l1 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l1, "write of 1 bytes at 0x14"));
    ck_assert_ptr_nonnull(strstr(l1, "write of 2 bytes at 0x16"));
    ck_assert_ptr_nonnull(strstr(l1, "write of 4 bytes at 0x58"));
    ck_assert_ptr_nonnull(strstr(l1, "read of 4 bytes at 0x58"));

    /* The control window: one register; reserved bits reported, dropped. */
    qtest_writel(t->qts, CTRL_BASE + 4, 0);
    qtest_writeb(t->qts, CTRL_BASE, 0);
    ck_assert_uint_eq(qtest_readl(t->qts, CTRL_BASE),
                      R_CONTROL_DEV_CONF_USBPHY_PD_MASK);
    l2 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l2, "control write of 4 bytes at 0x04"));
    ck_assert_ptr_nonnull(strstr(l2, "control write of 1 bytes at 0x00"));
    qtest_writel(t->qts, CTRL_BASE, 0xfffffffe);
    ck_assert_uint_eq(qtest_readl(t->qts, CTRL_BASE), 0);
    ck_assert(powered(t, "/machine/omap-usb2-phy"));
    l3 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l3, "sets reserved bits"));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_migration_powered)
{
    PsQTest *src = ps_qtest_start("presilicon", "-m 128M");
    PsQTest *dst;
    g_autofree char *log = NULL;

    qtest_writel(src->qts, CTRL_BASE, 0);
    qtest_writel(src->qts, PHY_BASE + A_USB2PHY_ANA_CONFIG1, 0x80000000);
    qtest_writel(src->qts, PHY_BASE + 0x40, 0x1234);
    dst = ps_migrate(src, "presilicon", "-m 128M");
    ps_qtest_quit(src);
    ck_assert(powered(dst, "/machine/omap-usb2-phy"));
    ck_assert_uint_eq(qtest_readl(dst->qts, PHY_BASE + A_USB2PHY_ANA_CONFIG1),
                      0x80000000);
    ck_assert_uint_eq(qtest_readl(dst->qts, PHY_BASE + 0x40), 0x1234);
    log = ps_log_take(dst);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(dst);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("omap-usb2-phy");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");

    tcase_add_test(dt, test_fdt_node);
    tcase_add_test(dt, test_bare_device_is_placed);
    tcase_add_test(regs, test_reset_values);
    tcase_add_test(regs, test_power_through_syscon);
    tcase_add_test(regs, test_phy_registers);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(regs, test_bad_accesses);
    tcase_add_test(regs, test_migration_powered);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, regs);
    return ps_check_run(s);
}
