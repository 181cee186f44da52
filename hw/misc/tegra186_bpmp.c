/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NVIDIA Tegra186 BPMP: the processor side of the CPU<->BPMP channels.
 *
 * The model is the BPMP's SYSRAM (two 4 KiB partitions the CPU and the
 * BPMP exchange IVC frames through; a device region, not guest RAM, so
 * that it migrates with the firmware's state and the fuzzer reaches it)
 * and the firmware that serves them,
 * firmware/bpmp/bpmp.c. The CPU rings the BPMP's HSP doorbell; the
 * firmware then runs at once, in the ringing write, and rings the
 * CCPLEX's doorbell when it has answered a request that asked for it.
 * Requests that point the BPMP at guest memory (MRQ_QUERY_TAG,
 * MRQ_CPU_VHINT) may name RAM only.
 *
 * Not modelled: the BPMP's own I2C and thermal services, MRQ_DEBUG and
 * MRQ_DEBUGFS (the firmware says so through MRQ_QUERY_ABI, and Linux
 * then creates no debugfs mirror), suspend. The firmware takes no time.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "exec/address-spaces.h"
#include "system/device_tree.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/misc/tegra186_bpmp.h"
#include "trace.h"

static void tegra186_bpmp_fw_ring(void *opaque)
{
    Tegra186BpmpState *s = opaque;

    trace_tegra186_bpmp_ring();
    tegra186_hsp_ring(s->hsp, TEGRA186_HSP_MASTER_BPMP,
                      TEGRA186_HSP_DB_CCPLEX);
}

/* The BPMP writes only RAM: a buffer anywhere else is refused. */
static bool tegra186_bpmp_fw_dma_write(void *opaque, uint64_t addr,
                                       const void *buf, size_t len)
{
    uint64_t done = 0;

    while (done < len) {
        hwaddr xlat, l = len - done;
        MemoryRegion *mr;

        RCU_READ_LOCK_GUARD();
        mr = address_space_translate(&address_space_memory, addr + done,
                                     &xlat, &l, true,
                                     MEMTXATTRS_UNSPECIFIED);
        if (!memory_region_is_ram(mr) || memory_region_is_rom(mr) || !l) {
            return false;
        }
        done += l;
    }
    return address_space_write(&address_space_memory, addr,
                               MEMTXATTRS_UNSPECIFIED, buf, len) == MEMTX_OK;
}

static void tegra186_bpmp_fw_guest_error(void *opaque, const char *msg)
{
    qemu_log_mask(LOG_GUEST_ERROR, "tegra186-bpmp: %s\n", msg);
}

static void tegra186_bpmp_fw_trace(void *opaque, unsigned chan, uint32_t mrq,
                                   int32_t err)
{
    trace_tegra186_bpmp_mrq(chan, mrq, err);
}

static uint64_t tegra186_bpmp_sysram_read(void *opaque, hwaddr a,
                                          unsigned size)
{
    Tegra186BpmpState *s = opaque;

    return ldn_le_p(&s->shmem[a], size);
}

static void tegra186_bpmp_sysram_write(void *opaque, hwaddr a, uint64_t v,
                                       unsigned size)
{
    Tegra186BpmpState *s = opaque;

    stn_le_p(&s->shmem[a], size, v);
}

static const MemoryRegionOps tegra186_bpmp_sysram_ops = {
    .read = tegra186_bpmp_sysram_read,
    .write = tegra186_bpmp_sysram_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8,
               .unaligned = true },
    .impl = { .min_access_size = 1, .max_access_size = 8,
              .unaligned = true },
};

/* The CCPLEX rang doorbell 3. */
static void tegra186_bpmp_doorbell(void *opaque)
{
    Tegra186BpmpState *s = opaque;

    tegra186_hsp_take_pending(s->hsp, TEGRA186_HSP_DB_BPMP);
    bpmp_fw_doorbell(&s->fw);
}

static void tegra186_bpmp_realize(DeviceState *dev, Error **errp)
{
    Tegra186BpmpState *s = TEGRA186_BPMP(dev);
    const BpmpFwHost host = {
        .ring = tegra186_bpmp_fw_ring,
        .dma_write = tegra186_bpmp_fw_dma_write,
        .guest_error = tegra186_bpmp_fw_guest_error,
        .trace_mrq = tegra186_bpmp_fw_trace,
        .opaque = s,
    };

    if (!s->hsp) {
        error_setg(errp, "tegra186-bpmp: property 'hsp' is not set: the "
                   "BPMP needs the HSP whose doorbells it answers "
                   "(-device tegra186-hsp,id=hsp -device "
                   "tegra186-bpmp,hsp=hsp)");
        return;
    }
    if (s->hsp->db_handler[TEGRA186_HSP_DB_BPMP]) {
        error_setg(errp, "tegra186-bpmp: the HSP given in 'hsp' already "
                   "has a BPMP");
        return;
    }
    bpmp_fw_init(&s->fw, &host, s->shmem, s->shmem + BPMP_FW_SHMEM_SIZE);
    tegra186_hsp_set_db_handler(s->hsp, TEGRA186_HSP_DB_BPMP,
                                tegra186_bpmp_doorbell, s);
}

static void tegra186_bpmp_reset_enter(Object *obj, ResetType type)
{
    Tegra186BpmpState *s = TEGRA186_BPMP(obj);

    /* SRAM keeps no promise across a reset; zero is every channel idle. */
    memset(s->shmem, 0, sizeof(s->shmem));
    bpmp_fw_reset(&s->fw);
}

static void tegra186_bpmp_get_u32(Object *obj, Visitor *v, const char *name,
                                  void *opaque, Error **errp)
{
    visit_type_uint32(v, name, opaque, errp);
}

/* ping-cpu: the BPMP sends the CPU an MRQ_PING with this challenge. */
static void tegra186_bpmp_set_ping(Object *obj, Visitor *v, const char *name,
                                   void *opaque, Error **errp)
{
    Tegra186BpmpState *s = TEGRA186_BPMP(obj);
    uint32_t challenge;

    if (!visit_type_uint32(v, name, &challenge, errp)) {
        return;
    }
    if (!bpmp_fw_ping_cpu(&s->fw, challenge)) {
        error_setg(errp, "tegra186-bpmp: cannot ping the CPU: channel %u "
                   "is not established or a ping is unanswered",
                   BPMP_FW_CHAN_CPU_RX);
    }
}

static void tegra186_bpmp_init(Object *obj)
{
    Tegra186BpmpState *s = TEGRA186_BPMP(obj);

    memory_region_init_io(&s->sysram, obj, &tegra186_bpmp_sysram_ops, s,
                          TYPE_TEGRA186_BPMP ".sysram",
                          TEGRA186_BPMP_SYSRAM_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->sysram);
    object_property_add(obj, "requests", "uint32", tegra186_bpmp_get_u32,
                        NULL, NULL, &s->fw.requests);
    object_property_add(obj, "errors", "uint32", tegra186_bpmp_get_u32,
                        NULL, NULL, &s->fw.errors);
    object_property_add(obj, "cpu-ping-reply", "uint32",
                        tegra186_bpmp_get_u32, NULL, NULL,
                        &s->fw.cpu_ping_reply);
    object_property_add(obj, "ping-cpu", "uint32", NULL,
                        tegra186_bpmp_set_ping, NULL, NULL);
}

static void tegra186_bpmp_add_fdt_node(DeviceState *dev,
                                       PresiliconFdtContext *ctx)
{
    static const char *const compat[] = {
        "nvidia,tegra186-sysram", "mmio-sram"
    };
    Tegra186BpmpState *s = TEGRA186_BPMP(dev);
    uint32_t hsp = presilicon_fdt_phandle(ctx, DEVICE(s->hsp));
    uint32_t part[2];
    g_autofree char *sram = NULL;
    const char *bpmp = "/bpmp";

    /* The BPMP node first: it is the one others name (nvidia,bpmp). */
    qemu_fdt_add_subnode(ctx->fdt, bpmp);
    presilicon_fdt_record_node(dev, bpmp);

    sram = presilicon_fdt_add_mmio_node(ctx, "sysram", compat, 2);
    qemu_fdt_setprop_cell(ctx->fdt, sram, "#address-cells", 1);
    qemu_fdt_setprop_cell(ctx->fdt, sram, "#size-cells", 1);
    qemu_fdt_setprop_cells(ctx->fdt, sram, "ranges", 0,
                           ctx->reg_base[0] >> 32, ctx->reg_base[0],
                           TEGRA186_BPMP_SYSRAM_SIZE);
    qemu_fdt_setprop(ctx->fdt, sram, "no-memory-wc", NULL, 0);
    for (int i = 0; i < 2; i++) {
        uint32_t off = i * BPMP_FW_SHMEM_SIZE;
        g_autofree char *p = g_strdup_printf("%s/sram@%x", sram, off);

        qemu_fdt_add_subnode(ctx->fdt, p);
        qemu_fdt_setprop_cells(ctx->fdt, p, "reg", off, BPMP_FW_SHMEM_SIZE);
        qemu_fdt_setprop_string(ctx->fdt, p, "label",
                                i ? "cpu-bpmp-rx" : "cpu-bpmp-tx");
        qemu_fdt_setprop(ctx->fdt, p, "pool", NULL, 0);
        part[i] = qemu_fdt_alloc_phandle(ctx->fdt);
        qemu_fdt_setprop_cell(ctx->fdt, p, "phandle", part[i]);
    }

    qemu_fdt_setprop_string(ctx->fdt, bpmp, "compatible",
                            "nvidia,tegra186-bpmp");
    /* <&hsp TEGRA_HSP_MBOX_TYPE_DB TEGRA_HSP_DB_MASTER_BPMP> */
    qemu_fdt_setprop_cells(ctx->fdt, bpmp, "mboxes", hsp, 0,
                           TEGRA186_HSP_MASTER_BPMP);
    qemu_fdt_setprop_cells(ctx->fdt, bpmp, "shmem", part[0], part[1]);
    qemu_fdt_setprop_cell(ctx->fdt, bpmp, "#clock-cells", 1);
    qemu_fdt_setprop_cell(ctx->fdt, bpmp, "#reset-cells", 1);
    qemu_fdt_setprop_cell(ctx->fdt, bpmp, "#power-domain-cells", 1);
}

static const VMStateDescription vmstate_bpmp_fw_clock = {
    .name = "tegra186-bpmp/clock",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(rate, BpmpFwClock),
        VMSTATE_UINT32(parent, BpmpFwClock),
        VMSTATE_BOOL(enabled, BpmpFwClock),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_tegra186_bpmp = {
    .name = TYPE_TEGRA186_BPMP,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(fw.clk, Tegra186BpmpState, BPMP_FW_MAX_CLOCKS,
                             1, vmstate_bpmp_fw_clock, BpmpFwClock),
        VMSTATE_UINT32_ARRAY(fw.reset_asserted, Tegra186BpmpState,
                             ARRAY_SIZE(((BpmpFw *)0)->reset_asserted)),
        VMSTATE_UINT32(fw.pg_on, Tegra186BpmpState),
        VMSTATE_UINT32(fw.cpu_ping_challenge, Tegra186BpmpState),
        VMSTATE_UINT32(fw.cpu_ping_reply, Tegra186BpmpState),
        VMSTATE_BOOL(fw.cpu_ping_pending, Tegra186BpmpState),
        VMSTATE_UINT32(fw.requests, Tegra186BpmpState),
        VMSTATE_UINT32(fw.errors, Tegra186BpmpState),
        VMSTATE_UINT8_ARRAY(shmem, Tegra186BpmpState,
                            TEGRA186_BPMP_SYSRAM_SIZE),
        VMSTATE_END_OF_LIST()
    },
};

static const Property tegra186_bpmp_props[] = {
    DEFINE_PROP_LINK("hsp", Tegra186BpmpState, hsp, TYPE_TEGRA186_HSP,
                     Tegra186HspState *),
};

static void tegra186_bpmp_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "NVIDIA Tegra186 BPMP (SYSRAM channels and firmware)";
    dc->realize = tegra186_bpmp_realize;
    dc->vmsd = &vmstate_tegra186_bpmp;
    dc->user_creatable = true;
    device_class_set_props(dc, tegra186_bpmp_props);
    rc->phases.enter = tegra186_bpmp_reset_enter;
    fc->add_node = tegra186_bpmp_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo tegra186_bpmp_types[] = {
    {
        .name = TYPE_TEGRA186_BPMP,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Tegra186BpmpState),
        .instance_init = tegra186_bpmp_init,
        .class_init = tegra186_bpmp_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(tegra186_bpmp_types)
