/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NVIDIA Tegra186 CCPLEX cluster: the cores' DVFS requests.
 *
 * Each core has an EDVD register: an NDIV (the cluster PLL's feedback
 * divider, so the frequency: ref_clk * NDIV / (PDIV * MDIV)) and the
 * voltage step it needs. The steps and the NDIV each allows are the
 * BPMP firmware's (MRQ_CPU_VHINT, firmware/bpmp/): a request the cluster
 * cannot run, an NDIV outside the cluster's range or a step too low for
 * it, is corrected and logged, as the DVFS controller would refuse to
 * undervolt a core. The frequency each core runs at is readable from the
 * host (a57-coreN-khz, denver-coreN-khz).
 *
 * Not modelled: the frequency does not change how fast QEMU runs the
 * CPUs; the cluster's other registers (power states, the counters the
 * Tegra194 driver reads) read as zero with a guest error.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/misc/tegra186_ccplex.h"
#include "trace.h"

static const char *const tegra186_ccplex_core_name[TEGRA186_CCPLEX_CORES] = {
    "a57-core0", "a57-core1", "a57-core2", "a57-core3",
    "denver-core0", "denver-core1",
};

static unsigned tegra186_ccplex_cluster(unsigned core)
{
    return core < TEGRA186_CCPLEX_A57_CORES ? TEGRA186_CLUSTER_A57 :
                                              TEGRA186_CLUSTER_DENVER;
}

/* The core whose EDVD is at a, or -1. */
static int tegra186_ccplex_core(hwaddr a)
{
    if (a >= A_EDVD_A57(0) && a < A_EDVD_A57(TEGRA186_CCPLEX_A57_CORES) &&
        !(a & 3)) {
        return (a - A_EDVD_A57(0)) / 4;
    }
    if (a >= A_EDVD_DENVER(0) &&
        a < A_EDVD_DENVER(TEGRA186_CCPLEX_DENVER_CORES) && !(a & 3)) {
        return TEGRA186_CCPLEX_A57_CORES + (a - A_EDVD_DENVER(0)) / 4;
    }
    return -1;
}

static uint32_t tegra186_ccplex_khz(unsigned core, uint32_t edvd)
{
    const BpmpVhint *t = bpmp_fw_vhint(tegra186_ccplex_cluster(core));

    return (uint64_t)(t->ref_clk_hz / 1000) * FIELD_EX32(edvd, EDVD, NDIV) /
           (t->pdiv * t->mdiv);
}

/* The EDVD the cluster runs for a request: in range, enough voltage. */
static uint32_t tegra186_ccplex_check(unsigned core, uint32_t v)
{
    unsigned cl = tegra186_ccplex_cluster(core);
    const BpmpVhint *t = bpmp_fw_vhint(cl);
    unsigned ndiv = FIELD_EX32(v, EDVD, NDIV);
    unsigned vi = FIELD_EX32(v, EDVD, VINDEX);
    const char *who = tegra186_ccplex_core_name[core];

    if (v & ~(R_EDVD_NDIV_MASK | R_EDVD_VINDEX_MASK)) {
        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-ccplex: %s EDVD 0x%08"
                      PRIx32 " sets reserved bits; ignored\n", who, v);
    }
    if (ndiv < t->ndiv_min || ndiv > t->ndiv_max) {
        unsigned c = MIN(MAX(ndiv, t->ndiv_min), t->ndiv_max);

        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-ccplex: %s NDIV %u is "
                      "outside the cluster's range %u-%u (MRQ_CPU_VHINT); "
                      "runs at %u\n", who, ndiv, t->ndiv_min, t->ndiv_max,
                      c);
        ndiv = c;
    }
    if (vi < t->vfloor || vi > t->vceil || t->ndiv[vi] < ndiv) {
        int need = bpmp_fw_vindex_for_ndiv(cl, ndiv);

        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-ccplex: %s voltage step "
                      "%u cannot run NDIV %u (steps %u-%u; NDIV %u needs "
                      "step %d); the cluster takes step %d\n", who, vi, ndiv,
                      t->vfloor, t->vceil, ndiv, need, need);
        vi = need < 0 ? t->vceil : need;
    }
    return FIELD_DP32(ndiv, EDVD, VINDEX, vi);
}

static uint64_t tegra186_ccplex_read(void *opaque, hwaddr a, unsigned size)
{
    Tegra186CcplexState *s = opaque;
    int core = tegra186_ccplex_core(a);

    if (core < 0) {
        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-ccplex: read of "
                      "unmodelled register 0x%05" HWADDR_PRIx "\n", a);
        return 0;
    }
    trace_tegra186_ccplex_read(core, s->edvd[core]);
    return s->edvd[core];
}

static void tegra186_ccplex_write(void *opaque, hwaddr a, uint64_t value,
                                  unsigned size)
{
    Tegra186CcplexState *s = opaque;
    int core = tegra186_ccplex_core(a);

    if (core < 0) {
        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-ccplex: write of 0x%08"
                      PRIx64 " to unmodelled register 0x%05" HWADDR_PRIx
                      "\n", value, a);
        return;
    }
    s->edvd[core] = tegra186_ccplex_check(core, value);
    trace_tegra186_ccplex_edvd(tegra186_ccplex_core_name[core], value,
                               s->edvd[core],
                               tegra186_ccplex_khz(core, s->edvd[core]));
}

static const MemoryRegionOps tegra186_ccplex_ops = {
    .read = tegra186_ccplex_read,
    .write = tegra186_ccplex_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

static void tegra186_ccplex_reset_enter(Object *obj, ResetType type)
{
    Tegra186CcplexState *s = TEGRA186_CCPLEX(obj);

    /* Cores come out of boot at their cluster's lowest step. */
    for (int c = 0; c < TEGRA186_CCPLEX_CORES; c++) {
        const BpmpVhint *t = bpmp_fw_vhint(tegra186_ccplex_cluster(c));

        s->edvd[c] = FIELD_DP32(t->ndiv[t->vfloor], EDVD, VINDEX, t->vfloor);
    }
}

static void tegra186_ccplex_get_khz(Object *obj, Visitor *v,
                                    const char *name, void *opaque,
                                    Error **errp)
{
    Tegra186CcplexState *s = TEGRA186_CCPLEX(obj);
    unsigned core = (uint32_t *)opaque - s->edvd;
    uint32_t khz = tegra186_ccplex_khz(core, s->edvd[core]);

    visit_type_uint32(v, name, &khz, errp);
}

static void tegra186_ccplex_get_edvd(Object *obj, Visitor *v,
                                     const char *name, void *opaque,
                                     Error **errp)
{
    visit_type_uint32(v, name, opaque, errp);
}

static void tegra186_ccplex_init(Object *obj)
{
    Tegra186CcplexState *s = TEGRA186_CCPLEX(obj);

    memory_region_init_io(&s->iomem, obj, &tegra186_ccplex_ops, s,
                          TYPE_TEGRA186_CCPLEX, TEGRA186_CCPLEX_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    for (int c = 0; c < TEGRA186_CCPLEX_CORES; c++) {
        g_autofree char *khz = g_strdup_printf("%s-khz",
                                               tegra186_ccplex_core_name[c]);
        g_autofree char *edvd = g_strdup_printf("%s-edvd",
                                                tegra186_ccplex_core_name[c]);

        object_property_add(obj, khz, "uint32", tegra186_ccplex_get_khz,
                            NULL, NULL, &s->edvd[c]);
        object_property_add(obj, edvd, "uint32", tegra186_ccplex_get_edvd,
                            NULL, NULL, &s->edvd[c]);
    }
}

static void tegra186_ccplex_realize(DeviceState *dev, Error **errp)
{
    if (!TEGRA186_CCPLEX(dev)->bpmp) {
        error_setg(errp, "tegra186-ccplex-cluster: property 'bpmp' is not "
                   "set: the cluster's frequency tables come from the BPMP "
                   "(-device tegra186-bpmp,id=bpmp,... -device "
                   "tegra186-ccplex-cluster,bpmp=bpmp)");
    }
}

static void tegra186_ccplex_add_fdt_node(DeviceState *dev,
                                         PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "nvidia,tegra186-ccplex-cluster" };
    Tegra186CcplexState *s = TEGRA186_CCPLEX(dev);
    uint32_t bpmp = presilicon_fdt_phandle(ctx, DEVICE(s->bpmp));
    g_autofree char *path = NULL;

    path = presilicon_fdt_add_mmio_node(ctx, "ccplex", compat, 1);
    qemu_fdt_setprop_cell(ctx->fdt, path, "nvidia,bpmp", bpmp);
}

static const VMStateDescription vmstate_tegra186_ccplex = {
    .name = TYPE_TEGRA186_CCPLEX,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(edvd, Tegra186CcplexState,
                             TEGRA186_CCPLEX_CORES),
        VMSTATE_END_OF_LIST()
    },
};

static const Property tegra186_ccplex_props[] = {
    DEFINE_PROP_LINK("bpmp", Tegra186CcplexState, bpmp, TYPE_TEGRA186_BPMP,
                     Tegra186BpmpState *),
};

static void tegra186_ccplex_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "NVIDIA Tegra186 CCPLEX cluster (per-core DVFS requests)";
    dc->realize = tegra186_ccplex_realize;
    dc->vmsd = &vmstate_tegra186_ccplex;
    dc->user_creatable = true;
    device_class_set_props(dc, tegra186_ccplex_props);
    rc->phases.enter = tegra186_ccplex_reset_enter;
    fc->add_node = tegra186_ccplex_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo tegra186_ccplex_types[] = {
    {
        .name = TYPE_TEGRA186_CCPLEX,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Tegra186CcplexState),
        .instance_init = tegra186_ccplex_init,
        .class_init = tegra186_ccplex_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(tegra186_ccplex_types)
