/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TI DM816x (DaVinci/Netra) AHCI SATA controller ("ti,dm816-ahci").
 *
 * The DM816x SATA block is a two-port AHCI 1.1 HBA (QEMU's AHCI core does
 * the HBA, the command lists, the FIS and the disks) with a TI SerDes PHY
 * whose control registers sit in each port's vendor-specific space. This
 * model adds what the Linux ahci_dm816 driver relies on there:
 *   - P0PHYCR/P1PHYCR, kept across an HBA reset (GHC.HR), since the driver
 *     programs them before it resets the HBA;
 *   - the PHY PLL, which multiplies the external reference clock (the
 *     "refclk-hz" property, the DT's second clock) by the MPY code to the
 *     1.5 GHz line rate. Until ENPLL is set with the MPY code that reaches
 *     1.5 GHz, there is no link: SStatus reads 0 on both ports and a
 *     command issued there stays pending, as on a chip whose PHY has no
 *     clock, until the port is stopped or reset.
 *
 * Not modelled: the PHY's analogue settings (LOS, RXCDR, RXEQ, TXSWING are
 * kept but change nothing), the PLL's lock time, port multipliers, Gen2
 * (the core offers Gen1), power management (partial/slumber), and the
 * PRCM clock gates (the DT's clocks are fixed).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/qdev-properties.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/block/dm816_ahci.h"
#include "hw/ide/ahci-internal.h"
#include "trace.h"

#define DM816_REFCLK_HZ_DEFAULT     100000000
/* The functional clock; the driver only enables it. */
#define DM816_FCK_HZ                200000000
#define DM816_GHC                   0x04
#define DM816_GHC_HR                (1u << 0)

/* The PLL multiplier of each MPY code, times 100. */
static const uint32_t dm816_mpy_x100[DM816_AHCI_MPY_CODES] = {
    400, 500, 600, 800, 825, 1000, 1200, 1250, 1500, 1600, 1650, 2000,
    2200, 2500,
};

typedef struct Dm816AhciClass {
    SysBusDeviceClass parent_class;
    DeviceRealize parent_realize;
    ResettablePhases parent_phases;
} Dm816AhciClass;

DECLARE_CLASS_CHECKERS(Dm816AhciClass, DM816_AHCI, TYPE_DM816_AHCI)

static AHCIState *dm816_core(Dm816AhciState *s)
{
    return &s->parent_obj.ahci;
}

/* The PLL's output in Hz for a PHY control value, 0 when it is off. */
static uint64_t dm816_pll_hz(Dm816AhciState *s, uint32_t phycr)
{
    unsigned mpy = FIELD_EX32(phycr, PXPHYCR, MPY);

    if (!FIELD_EX32(phycr, PXPHYCR, ENPLL) || mpy >= DM816_AHCI_MPY_CODES) {
        return 0;
    }
    return (uint64_t)s->refclk_hz * dm816_mpy_x100[mpy] / 100;
}

static bool dm816_link_up(Dm816AhciState *s)
{
    return dm816_pll_hz(s, s->phycr[0]) == DM816_AHCI_PLL_OUT_HZ;
}

/*
 * The core's own handlers, called directly: a dispatch through its region
 * would enter the same device twice and trip QEMU's re-entrancy guard.
 */
static uint64_t dm816_core_read(Dm816AhciState *s, hwaddr addr,
                                unsigned size)
{
    MemoryRegion *mr = &dm816_core(s)->mem;

    return mr->ops->read(mr->opaque, addr, size);
}

static void dm816_core_write(Dm816AhciState *s, hwaddr addr, uint64_t val,
                             unsigned size)
{
    MemoryRegion *mr = &dm816_core(s)->mem;

    mr->ops->write(mr->opaque, addr, val, size);
}

static uint32_t dm816_core_read32(Dm816AhciState *s, hwaddr addr)
{
    return dm816_core_read(s, addr, 4);
}

/*
 * The port whose registers hold addr, and addr's offset among them; -1
 * outside the ports (the generic host control, the unused rest).
 */
static int dm816_port_of(hwaddr addr, hwaddr *reg)
{
    hwaddr end = DM816_AHCI_PORT_BASE +
                 DM816_AHCI_NUM_PORTS * DM816_AHCI_PORT_STRIDE;

    if (addr < DM816_AHCI_PORT_BASE || addr >= end) {
        return -1;
    }
    *reg = (addr - DM816_AHCI_PORT_BASE) % DM816_AHCI_PORT_STRIDE;
    return (addr - DM816_AHCI_PORT_BASE) / DM816_AHCI_PORT_STRIDE;
}

/* A 32-bit register's value as an access of size bytes at addr sees it. */
static uint64_t dm816_lanes(uint32_t reg, hwaddr addr, unsigned size)
{
    return extract64(reg, (addr & 3) * 8, size * 8);
}

static uint64_t dm816_read(void *opaque, hwaddr addr, unsigned size)
{
    Dm816AhciState *s = opaque;
    hwaddr aligned = addr & ~3ULL, reg = 0;
    int port = dm816_port_of(aligned, &reg);
    uint32_t val;

    if (port < 0 || (addr & 3) + size > 4) {
        return dm816_core_read(s, addr, size);
    }
    switch (reg) {
    case A_PXPHYCR:
        val = s->phycr[port];
        break;
    case A_PXSSTS:
        /* No PLL, no out-of-band signalling: nothing on the wire. */
        val = dm816_link_up(s) ? dm816_core_read32(s, aligned) : 0;
        break;
    case A_PXCI:
        val = dm816_core_read32(s, aligned) | s->ci_stalled[port];
        break;
    default:
        val = dm816_core_read32(s, aligned);
        break;
    }
    return dm816_lanes(val, addr, size);
}

static void dm816_phycr_write(Dm816AhciState *s, int port, uint32_t val)
{
    bool was_up = dm816_link_up(s);
    unsigned mpy = FIELD_EX32(val, PXPHYCR, MPY);
    uint64_t pll = dm816_pll_hz(s, val);

    s->phycr[port] = val;
    trace_dm816_ahci_phycr(port, val);
    if (port == 0 && FIELD_EX32(val, PXPHYCR, ENPLL)) {
        if (mpy >= DM816_AHCI_MPY_CODES) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "dm816-ahci: P0PHYCR MPY code %u is reserved: the "
                          "PHY PLL does not lock and both links stay down\n",
                          mpy);
        } else if (pll != DM816_AHCI_PLL_OUT_HZ) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "dm816-ahci: P0PHYCR MPY code %u multiplies the %u "
                          "Hz reference clock to %" PRIu64 " Hz, not the "
                          "%llu Hz SATA needs: the PHY PLL does not lock and "
                          "both links stay down\n", mpy, s->refclk_hz, pll,
                          DM816_AHCI_PLL_OUT_HZ);
        }
    }
    if (dm816_link_up(s) != was_up) {
        trace_dm816_ahci_pll(dm816_pll_hz(s, s->phycr[0]), dm816_link_up(s));
    }
}

static void dm816_write(void *opaque, hwaddr addr, uint64_t val,
                        unsigned size)
{
    Dm816AhciState *s = opaque;
    hwaddr reg = 0;
    int port = dm816_port_of(addr, &reg);

    if (addr == DM816_GHC && size == 4 && (val & DM816_GHC_HR)) {
        /* An HBA reset stops every port: their pending commands go. */
        memset(s->ci_stalled, 0, sizeof(s->ci_stalled));
    }
    if (port < 0) {
        dm816_core_write(s, addr, val, size);
        return;
    }
    if ((reg & ~3ULL) == A_PXPHYCR || (reg & ~3ULL) == A_PXCI) {
        if (size != 4 || (addr & 3)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "dm816-ahci: %u-byte write at 0x%03" HWADDR_PRIx
                          " (port %d %s): the register takes 32-bit writes "
                          "only\n", size, addr, port,
                          (reg & ~3ULL) == A_PXCI ? "PxCI" : "PxPHYCR");
            return;
        }
        if (reg == A_PXPHYCR) {
            dm816_phycr_write(s, port, val);
            return;
        }
        if (val && !dm816_link_up(s)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "dm816-ahci: port %d: command slots 0x%08" PRIx64
                          " issued with no link (the PHY PLL is not locked: "
                          "see P0PHYCR); they stay pending until the port "
                          "is stopped or reset\n", port, val);
            s->ci_stalled[port] |= val;
            trace_dm816_ahci_stalled(port, s->ci_stalled[port]);
            return;
        }
    } else if (reg == A_PXCMD && size == 4 && !(val & R_PXCMD_ST_MASK)) {
        /* Clearing ST clears PxCI (AHCI 1.1, 3.3.14). */
        s->ci_stalled[port] = 0;
    } else if (reg == A_PXSCTL && size == 4 &&
               FIELD_EX32(val, PXSCTL, DET) == 1) {
        s->ci_stalled[port] = 0;    /* COMRESET */
    }
    dm816_core_write(s, addr, val, size);
}

static const MemoryRegionOps dm816_ops = {
    .read = dm816_read,
    .write = dm816_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

static void dm816_ahci_init(Object *obj)
{
    Dm816AhciState *s = DM816_AHCI(obj);

    /* The glue sees every access first and hands the rest to the core. */
    memory_region_init_io(&s->glue, obj, &dm816_ops, s, "dm816-ahci",
                          DM816_AHCI_MMIO_SIZE);
    memory_region_add_subregion(&dm816_core(s)->mem, 0, &s->glue);
}

static void dm816_ahci_realize(DeviceState *dev, Error **errp)
{
    Dm816AhciState *s = DM816_AHCI(dev);
    Dm816AhciClass *c = DM816_AHCI_GET_CLASS(dev);

    if (dm816_core(s)->ports != DM816_AHCI_NUM_PORTS) {
        error_setg(errp, "dm816-ahci: num-ports must be %d (the DM816 has "
                   "two SATA ports), not %u", DM816_AHCI_NUM_PORTS,
                   dm816_core(s)->ports);
        return;
    }
    if (!s->refclk_hz) {
        error_setg(errp, "dm816-ahci: refclk-hz must not be 0");
        return;
    }
    c->parent_realize(dev, errp);
}

static void dm816_ahci_reset_enter(Object *obj, ResetType type)
{
    Dm816AhciState *s = DM816_AHCI(obj);
    Dm816AhciClass *c = DM816_AHCI_GET_CLASS(obj);

    if (c->parent_phases.enter) {
        c->parent_phases.enter(obj, type);
    }
    memset(s->phycr, 0, sizeof(s->phycr));
    memset(s->ci_stalled, 0, sizeof(s->ci_stalled));
}

static void dm816_ahci_add_fdt_node(DeviceState *dev,
                                    PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "ti,dm816-ahci" };
    Dm816AhciState *s = DM816_AHCI(dev);
    g_autofree char *path = presilicon_fdt_add_mmio_node(ctx, "sata", compat,
                                                         1);
    g_autofree char *refclk = s->refclk_hz == DM816_REFCLK_HZ_DEFAULT ?
        g_strdup("sata_refclk") : g_strdup_printf("sata_refclk_%u",
                                                  s->refclk_hz);
    uint32_t fck = presilicon_fdt_fixed_clock(ctx, "sata_fck", DM816_FCK_HZ);
    uint32_t ref = presilicon_fdt_fixed_clock(ctx, refclk, s->refclk_hz);

    /* ahci_dm816 takes the second clock as the PHY's reference. */
    qemu_fdt_setprop_cells(ctx->fdt, path, "clocks", fck, ref);
}

static const VMStateDescription vmstate_dm816_ahci = {
    .name = TYPE_DM816_AHCI,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_AHCI(parent_obj.ahci, Dm816AhciState),
        VMSTATE_UINT32_ARRAY(phycr, Dm816AhciState, DM816_AHCI_NUM_PORTS),
        VMSTATE_UINT32_ARRAY(ci_stalled, Dm816AhciState,
                             DM816_AHCI_NUM_PORTS),
        VMSTATE_END_OF_LIST()
    },
};

static const Property dm816_ahci_properties[] = {
    DEFINE_PROP_UINT32("refclk-hz", Dm816AhciState, refclk_hz,
                       DM816_REFCLK_HZ_DEFAULT),
};

static void dm816_ahci_instance_post_init(Object *obj)
{
    /* Two ports unless the user asks otherwise (realize refuses that). */
    object_property_set_uint(obj, "num-ports", DM816_AHCI_NUM_PORTS,
                             &error_abort);
}

static void dm816_ahci_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);
    Dm816AhciClass *c = DM816_AHCI_CLASS(oc);

    dc->desc = "TI DM816x AHCI SATA controller";
    dc->vmsd = &vmstate_dm816_ahci;
    dc->user_creatable = true;
    device_class_set_props(dc, dm816_ahci_properties);
    device_class_set_parent_realize(dc, dm816_ahci_realize,
                                    &c->parent_realize);
    resettable_class_set_parent_phases(rc, dm816_ahci_reset_enter, NULL,
                                       NULL, &c->parent_phases);
    fc->add_node = dm816_ahci_add_fdt_node;
    set_bit(DEVICE_CATEGORY_STORAGE, dc->categories);
}

static const TypeInfo dm816_ahci_types[] = {
    {
        .name = TYPE_DM816_AHCI,
        .parent = TYPE_SYSBUS_AHCI,
        .instance_size = sizeof(Dm816AhciState),
        .instance_init = dm816_ahci_init,
        .instance_post_init = dm816_ahci_instance_post_init,
        .class_size = sizeof(Dm816AhciClass),
        .class_init = dm816_ahci_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(dm816_ahci_types)
