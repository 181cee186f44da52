/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NVIDIA Tegra186 MISC: chip ID and straps, read-only.
 *
 * Linux reads HIDREV at early boot (tegra_init_apbmisc()); without it
 * tegra_is_silicon(), which the HSP driver asks before it rings a
 * doorbell, warns that the chip ID is not yet available. This block says
 * Tegra186 A01 silicon. Not modelled: everything else of the 60 KiB
 * block (pad controls, debug, the other ID registers read as zero).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/misc/tegra186_misc.h"
#include "trace.h"

static uint64_t tegra186_misc_read(void *opaque, hwaddr a, unsigned size)
{
    uint32_t v = 0;

    if (a == A_MISC_HIDREV) {
        v = FIELD_DP32(v, MISC_HIDREV, CHIPID, TEGRA186_CHIPID);
        v = FIELD_DP32(v, MISC_HIDREV, MAJORREV, 1);
    } else {
        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-misc: read of unmodelled "
                      "register 0x%03" HWADDR_PRIx "; reads as 0\n", a);
    }
    trace_tegra186_misc_read(a, v);
    return v;
}

static uint64_t tegra186_misc_straps_read(void *opaque, hwaddr a,
                                          unsigned size)
{
    if (a != A_MISC_STRAPS) {
        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-misc: read of unknown "
                      "strap register 0x%03" HWADDR_PRIx "\n", a);
    }
    return 0;
}

static void tegra186_misc_write(void *opaque, hwaddr a, uint64_t v,
                                unsigned size)
{
    qemu_log_mask(LOG_GUEST_ERROR, "tegra186-misc: write of 0x%08" PRIx64
                  " to read-only register 0x%03" HWADDR_PRIx "; ignored\n",
                  v, a);
}

static const MemoryRegionOps tegra186_misc_ops = {
    .read = tegra186_misc_read,
    .write = tegra186_misc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

static const MemoryRegionOps tegra186_misc_straps_ops = {
    .read = tegra186_misc_straps_read,
    .write = tegra186_misc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

static void tegra186_misc_init(Object *obj)
{
    Tegra186MiscState *s = TEGRA186_MISC(obj);

    memory_region_init_io(&s->apbmisc, obj, &tegra186_misc_ops, s,
                          TYPE_TEGRA186_MISC, TEGRA186_MISC_MMIO_SIZE);
    memory_region_init_io(&s->straps, obj, &tegra186_misc_straps_ops, s,
                          TYPE_TEGRA186_MISC ".straps", 4);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->apbmisc);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->straps);
}

static void tegra186_misc_add_fdt_node(DeviceState *dev,
                                       PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "nvidia,tegra186-misc" };
    g_autofree char *path = presilicon_fdt_add_mmio_node(ctx, "misc", compat,
                                                         1);
}

/* Nothing to carry: every register is a constant. */
static const VMStateDescription vmstate_tegra186_misc = {
    .name = TYPE_TEGRA186_MISC,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_END_OF_LIST()
    },
};

static void tegra186_misc_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "NVIDIA Tegra186 MISC (chip ID, straps; stateless)";
    dc->user_creatable = true;
    dc->vmsd = &vmstate_tegra186_misc;
    fc->add_node = tegra186_misc_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo tegra186_misc_types[] = {
    {
        .name = TYPE_TEGRA186_MISC,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Tegra186MiscState),
        .instance_init = tegra186_misc_init,
        .class_init = tegra186_misc_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(tegra186_misc_types)
