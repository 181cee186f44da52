/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mediatek hardware random number generator (MT7623 and relatives).
 *
 * The block has an enable bit and a data register. While enabled it
 * reports a word ready in RNG_CTRL.READY, and each read of RNG_DATA
 * returns a new word. Words come from qemu_guest_getrandom_nofail(), so
 * `-seed N` makes the stream reproducible.
 *
 * Not modelled: the warm-up time after enable (a word is ready at once)
 * and the clock gate, which the device tree describes but which has no
 * register here.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/guest-random.h"
#include "qapi/error.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/crypto/mtk_rng.h"
#include "trace.h"

#define MTK_RNG_CLK_HZ 26000000

/* The bits RNG_CTRL keeps; READY is the model's to report. */
#define MTK_RNG_CTRL_RW R_RNG_CTRL_EN_MASK

static bool mtk_rng_ready(MtkRngState *s)
{
    return FIELD_EX32(s->ctrl, RNG_CTRL, EN) && !s->fail_ready;
}

static uint64_t mtk_rng_read(void *opaque, hwaddr offset, unsigned size)
{
    MtkRngState *s = opaque;
    uint32_t val = 0;

    switch (offset) {
    case A_RNG_CTRL:
        val = FIELD_DP32(s->ctrl, RNG_CTRL, READY, mtk_rng_ready(s));
        break;
    case A_RNG_DATA:
        if (!mtk_rng_ready(s)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "%s: RNG_DATA read while no word is ready "
                          "(RNG_CTRL 0x%08" PRIx32 ")\n", __func__, s->ctrl);
            break;
        }
        qemu_guest_getrandom_nofail(&val, sizeof(val));
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: read of unknown register 0x%02" HWADDR_PRIx "\n",
                      __func__, offset);
        break;
    }
    trace_mtk_rng_read(offset, val);
    return val;
}

static void mtk_rng_write(void *opaque, hwaddr offset, uint64_t value,
                          unsigned size)
{
    MtkRngState *s = opaque;

    trace_mtk_rng_write(offset, value);
    switch (offset) {
    case A_RNG_CTRL:
        if (value & ~(uint64_t)(MTK_RNG_CTRL_RW | R_RNG_CTRL_READY_MASK)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "%s: RNG_CTRL write 0x%08" PRIx64
                          " sets reserved bits\n", __func__, value);
        }
        /* READY is read-only; writing back what was read is harmless. */
        s->ctrl = value & MTK_RNG_CTRL_RW;
        trace_mtk_rng_enable(FIELD_EX32(s->ctrl, RNG_CTRL, EN));
        break;
    case A_RNG_DATA:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: RNG_DATA is read-only\n",
                      __func__);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write of unknown register 0x%02" HWADDR_PRIx "\n",
                      __func__, offset);
        break;
    }
}

static const MemoryRegionOps mtk_rng_ops = {
    .read = mtk_rng_read,
    .write = mtk_rng_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
        .unaligned = false,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void mtk_rng_reset_enter(Object *obj, ResetType type)
{
    MtkRngState *s = MTK_RNG(obj);

    s->ctrl = 0;
}

static void mtk_rng_init(Object *obj)
{
    MtkRngState *s = MTK_RNG(obj);

    memory_region_init_io(&s->iomem, obj, &mtk_rng_ops, s, TYPE_MTK_RNG,
                          MTK_RNG_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
}

static void mtk_rng_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "mediatek,mt7623-rng" };
    g_autofree char *path = presilicon_fdt_add_mmio_node(ctx, "rng", compat,
                                                         1);
    uint32_t clk = presilicon_fdt_fixed_clock(ctx, "rng_clk", MTK_RNG_CLK_HZ);

    qemu_fdt_setprop_cell(ctx->fdt, path, "clocks", clk);
    qemu_fdt_setprop_string(ctx->fdt, path, "clock-names", "rng");
}

static const VMStateDescription vmstate_mtk_rng = {
    .name = TYPE_MTK_RNG,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(ctrl, MtkRngState),
        VMSTATE_END_OF_LIST()
    },
};

/* A plain QOM property, so that tests can flip it on a running machine. */
static bool mtk_rng_get_fail_ready(Object *obj, Error **errp)
{
    return MTK_RNG(obj)->fail_ready;
}

static void mtk_rng_set_fail_ready(Object *obj, bool value, Error **errp)
{
    MTK_RNG(obj)->fail_ready = value;
    trace_mtk_rng_fail_ready(value);
}

static void mtk_rng_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "Mediatek hardware random number generator";
    dc->vmsd = &vmstate_mtk_rng;
    dc->user_creatable = true;
    object_class_property_add_bool(oc, "fail-ready", mtk_rng_get_fail_ready,
                                   mtk_rng_set_fail_ready);
    object_class_property_set_description(oc, "fail-ready",
        "Fault injection: the entropy source never reports a word ready");
    rc->phases.enter = mtk_rng_reset_enter;
    fc->add_node = mtk_rng_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo mtk_rng_types[] = {
    {
        .name = TYPE_MTK_RNG,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(MtkRngState),
        .instance_init = mtk_rng_init,
        .class_init = mtk_rng_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(mtk_rng_types)
