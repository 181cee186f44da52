/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TI OMAP4 USB2 PHY: the transceiver of the Droid 4's OMAP4, which
 * Linux's phy-omap-usb2 drives ("ti,omap-usb2").
 *
 * On the Droid 4 the CPCAP PMIC's charger is the PHY's VBUS comparator:
 * cpcap-charger registers itself with omap_usb2_set_comparator() and
 * defers its probe until the PHY exists. This model is that PHY: the
 * 0x58-byte USB2PHY block (charger detection and the analog
 * configuration the driver touches, the other words kept as written) and
 * the control module's CONTROL_DEV_CONF in a second window, which the
 * driver reaches as a syscon ("syscon-phy-power") to power the PHY up
 * and down. The host reads the power state as the QOM property
 * "powered".
 *
 * Not modelled: the USB signalling itself (no USB controller on the board
 * uses this PHY), the OTG comparators (VBUS is the CPCAP's), the PHY's
 * clocks beyond their device-tree nodes.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/usb/omap_usb2_phy.h"
#include "trace.h"

/* The PHY's 32 kHz wake-up clock, the driver's "wkupclk". */
#define OMAP_USB2_WKUPCLK_HZ 32768

static void omap_usb2_phy_bad(const char *what, hwaddr offset, unsigned size)
{
    qemu_log_mask(LOG_GUEST_ERROR,
                  "omap-usb2-phy: %s of %u bytes at 0x%02" HWADDR_PRIx
                  ": the block takes aligned 32-bit accesses inside its "
                  "window\n", what, size, offset);
}

static uint64_t omap_usb2_phy_read(void *opaque, hwaddr offset, unsigned size)
{
    OmapUsb2PhyState *s = opaque;
    uint32_t val = 0;

    if (size != 4 || offset % 4 || offset >= OMAP_USB2_PHY_SIZE) {
        omap_usb2_phy_bad("read", offset, size);
        return 0;
    }
    val = s->phy[offset / 4];
    trace_omap_usb2_phy_read(offset, val);
    return val;
}

static void omap_usb2_phy_write(void *opaque, hwaddr offset, uint64_t value,
                                unsigned size)
{
    OmapUsb2PhyState *s = opaque;

    if (size != 4 || offset % 4 || offset >= OMAP_USB2_PHY_SIZE) {
        omap_usb2_phy_bad("write", offset, size);
        return;
    }
    trace_omap_usb2_phy_write(offset, value);
    switch (offset) {
    case A_USB2PHY_CHRG_DET:
    case A_USB2PHY_ANA_CONFIG1:
        break;
    default:
        /* The analog trims the driver never writes: kept, as latches. */
        qemu_log_mask(LOG_UNIMP, "omap-usb2-phy: write 0x%08" PRIx64
                      " to 0x%02" HWADDR_PRIx ": held, no effect modelled\n",
                      value, offset);
        break;
    }
    s->phy[offset / 4] = value;
}

static uint64_t omap_usb2_ctrl_read(void *opaque, hwaddr offset,
                                    unsigned size)
{
    OmapUsb2PhyState *s = opaque;

    if (size != 4 || offset != A_CONTROL_DEV_CONF) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap-usb2-phy: control read of %u bytes at 0x%02"
                      HWADDR_PRIx ": only CONTROL_DEV_CONF (0x0, 32-bit) "
                      "is here\n", size, offset);
        return 0;
    }
    return s->dev_conf;
}

static void omap_usb2_ctrl_write(void *opaque, hwaddr offset, uint64_t value,
                                 unsigned size)
{
    OmapUsb2PhyState *s = opaque;

    if (size != 4 || offset != A_CONTROL_DEV_CONF) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap-usb2-phy: control write of %u bytes at 0x%02"
                      HWADDR_PRIx ": only CONTROL_DEV_CONF (0x0, 32-bit) "
                      "is here\n", size, offset);
        return;
    }
    if (value & ~(uint64_t)R_CONTROL_DEV_CONF_USBPHY_PD_MASK) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "omap-usb2-phy: CONTROL_DEV_CONF write 0x%08" PRIx64
                      " sets reserved bits (only USBPHY_PD, bit 0, exists)\n",
                      value);
    }
    s->dev_conf = value & R_CONTROL_DEV_CONF_USBPHY_PD_MASK;
    trace_omap_usb2_phy_power(!FIELD_EX32(s->dev_conf, CONTROL_DEV_CONF,
                                          USBPHY_PD));
}

/* Any access size reaches the handlers, which refuse all but 32 bits. */
static const MemoryRegionOps omap_usb2_phy_ops = {
    .read = omap_usb2_phy_read,
    .write = omap_usb2_phy_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 8 },
};

static const MemoryRegionOps omap_usb2_ctrl_ops = {
    .read = omap_usb2_ctrl_read,
    .write = omap_usb2_ctrl_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 8 },
};

static void omap_usb2_phy_reset_enter(Object *obj, ResetType type)
{
    OmapUsb2PhyState *s = OMAP_USB2_PHY(obj);

    memset(s->phy, 0, sizeof(s->phy));
    /* Out of reset the PHY is powered down until software powers it. */
    s->dev_conf = R_CONTROL_DEV_CONF_USBPHY_PD_MASK;
}

static bool omap_usb2_phy_get_powered(Object *obj, Error **errp)
{
    return !FIELD_EX32(OMAP_USB2_PHY(obj)->dev_conf, CONTROL_DEV_CONF,
                       USBPHY_PD);
}

static void omap_usb2_phy_init(Object *obj)
{
    OmapUsb2PhyState *s = OMAP_USB2_PHY(obj);

    /*
     * The whole 4 KiB page, so that accesses past the block's 0x58 bytes
     * reach the model and are reported as such.
     */
    memory_region_init_io(&s->iomem, obj, &omap_usb2_phy_ops, s,
                          TYPE_OMAP_USB2_PHY, OMAP_USB2_PHY_WINDOW);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    memory_region_init_io(&s->ctrl, obj, &omap_usb2_ctrl_ops, s,
                          TYPE_OMAP_USB2_PHY "-ctrl", OMAP_USB2_CTRL_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->ctrl);
}

static void omap_usb2_phy_add_fdt_node(DeviceState *dev,
                                       PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "ti,omap-usb2" };
    static const char *const ccompat[] = { "syscon" };
    PresiliconFdtContext pctx = *ctx, cctx = *ctx;
    g_autofree char *path = NULL;
    g_autofree char *cpath = NULL;
    uint32_t ctrl, clk;

    /* The control module's register: a syscon the PHY's node points to. */
    cctx.reg_base[0] = ctx->reg_base[1];
    cctx.reg_size[0] = ctx->reg_size[1];
    cctx.n_regs = 1;
    cctx.n_irqs = 0;
    cpath = presilicon_fdt_add_mmio_node(&cctx, "syscon", ccompat, 1);
    ctrl = qemu_fdt_alloc_phandle(ctx->fdt);
    qemu_fdt_setprop_cell(ctx->fdt, cpath, "phandle", ctrl);

    pctx.n_regs = 1;
    pctx.reg_size[0] = OMAP_USB2_PHY_SIZE;
    path = presilicon_fdt_add_mmio_node(&pctx, "usb2phy", compat, 1);
    clk = presilicon_fdt_fixed_clock(ctx, "usb_phy_cm_clk32k",
                                     OMAP_USB2_WKUPCLK_HZ);
    qemu_fdt_setprop_cells(ctx->fdt, path, "syscon-phy-power", ctrl,
                           A_CONTROL_DEV_CONF);
    qemu_fdt_setprop_cell(ctx->fdt, path, "clocks", clk);
    qemu_fdt_setprop_string(ctx->fdt, path, "clock-names", "wkupclk");
    qemu_fdt_setprop_cell(ctx->fdt, path, "#phy-cells", 0);
}

static int omap_usb2_phy_post_load(void *opaque, int version_id)
{
    OmapUsb2PhyState *s = opaque;

    if (s->dev_conf & ~R_CONTROL_DEV_CONF_USBPHY_PD_MASK) {
        return -EINVAL;
    }
    return 0;
}

static const VMStateDescription vmstate_omap_usb2_phy = {
    .name = TYPE_OMAP_USB2_PHY,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = omap_usb2_phy_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(phy, OmapUsb2PhyState, OMAP_USB2_PHY_SIZE / 4),
        VMSTATE_UINT32(dev_conf, OmapUsb2PhyState),
        VMSTATE_END_OF_LIST()
    },
};

static void omap_usb2_phy_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "TI OMAP4 USB2 PHY and its control-module power register";
    dc->vmsd = &vmstate_omap_usb2_phy;
    dc->user_creatable = true;
    object_class_property_add_bool(oc, "powered", omap_usb2_phy_get_powered,
                                   NULL);
    object_class_property_set_description(oc, "powered",
        "The PHY is powered (CONTROL_DEV_CONF.USBPHY_PD clear)");
    rc->phases.enter = omap_usb2_phy_reset_enter;
    fc->add_node = omap_usb2_phy_add_fdt_node;
    set_bit(DEVICE_CATEGORY_USB, dc->categories);
}

static const TypeInfo omap_usb2_phy_types[] = {
    {
        .name = TYPE_OMAP_USB2_PHY,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(OmapUsb2PhyState),
        .instance_init = omap_usb2_phy_init,
        .class_init = omap_usb2_phy_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(omap_usb2_phy_types)
