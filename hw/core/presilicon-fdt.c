/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * presilicon device-tree hook and the helpers that many nodes share.
 */
#include "qemu/osdep.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/qdev-core.h"
#include "hw/boards.h"
#include "hw/pci/pci.h"
#include "system/device_tree.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/core/presilicon-fdt-build.h"
#include "qemu/error-report.h"
#include <libfdt.h>
#include "trace.h"

/* The first node each device wrote, for presilicon_fdt_phandle(). */
static GHashTable *presilicon_fdt_paths;
/* Phandles handed out for devices whose node was not written yet. */
static GHashTable *presilicon_fdt_promised;
static DeviceState *presilicon_fdt_writer;

void presilicon_fdt_record_node(DeviceState *dev, const char *path)
{
    gpointer promised;

    if (!presilicon_fdt_paths) {
        presilicon_fdt_paths = g_hash_table_new_full(NULL, NULL, NULL, g_free);
    }
    if (g_hash_table_contains(presilicon_fdt_paths, dev)) {
        return;
    }
    g_hash_table_insert(presilicon_fdt_paths, dev, g_strdup(path));
    if (presilicon_fdt_promised &&
        g_hash_table_steal_extended(presilicon_fdt_promised, dev, NULL,
                                    &promised)) {
        qemu_fdt_setprop_cell(MACHINE(qdev_get_machine())->fdt, path,
                              "phandle", GPOINTER_TO_UINT(promised));
    }
}

static void presilicon_fdt_record(const char *path)
{
    if (presilicon_fdt_writer) {
        presilicon_fdt_record_node(presilicon_fdt_writer, path);
    }
}

static void presilicon_fdt_fail(const char *what, const char *name, int err)
{
    /* A board or model bug, not something a guest or a user can cause. */
    error_report("presilicon: cannot add %s '%s' to the device tree: %s",
                 what, name, fdt_strerror(err));
    exit(1);
}

static char *presilicon_fdt_mmio(PresiliconFdtContext *ctx,
                                 const char *parent, int cells,
                                 const char *name,
                                 const char *const *compat, int ncompat)
{
    PsFdtMmio m = {
        .parent = parent,
        .cells = cells,
        .name = name,
        .compat = compat,
        .ncompat = ncompat,
        .base = ctx->reg_base,
        .size = ctx->reg_size,
        .nregs = ctx->n_regs,
        .spi = ctx->irq,
        .nirqs = ctx->n_irqs,
        .intc_phandle = ctx->intc_phandle,
    };
    char *path = NULL;
    int err = psfdt_add_mmio_node(ctx->fdt, &m, &path);

    if (err) {
        presilicon_fdt_fail("node", name, err);
    }
    presilicon_fdt_record(path);
    return path;
}

char *presilicon_fdt_add_mmio_node(PresiliconFdtContext *ctx, const char *name,
                                   const char *const *compat, int ncompat)
{
    return presilicon_fdt_mmio(ctx, ctx->parent, 2, name, compat, ncompat);
}

char *presilicon_fdt_add_mmio_node32(PresiliconFdtContext *ctx,
                                     const char *name,
                                     const char *const *compat, int ncompat)
{
    g_autofree char *bus = NULL;
    int err = psfdt_bus32(ctx->fdt, ctx->parent, &bus);

    if (err) {
        presilicon_fdt_fail("bus", "bus@0", err);
    }
    return presilicon_fdt_mmio(ctx, bus, 1, name, compat, ncompat);
}

char *presilicon_fdt_add_pci_node(PresiliconFdtContext *ctx, const char *name,
                                  const char *const *compat, int ncompat)
{
    int slot = PCI_SLOT(ctx->pci_devfn), fn = PCI_FUNC(ctx->pci_devfn);
    char *path = fn ? g_strdup_printf("%s/%s@%x,%x", ctx->parent, name, slot,
                                      fn)
                    : g_strdup_printf("%s/%s@%x", ctx->parent, name, slot);

    /* qemu_fdt_* end QEMU on a libfdt error (a board or model bug). */
    qemu_fdt_add_subnode(ctx->fdt, path);
    qemu_fdt_setprop_string_array(ctx->fdt, path, "compatible",
                                  (char **)compat, ncompat);
    qemu_fdt_setprop_cells(ctx->fdt, path, "reg",
                           PCI_DEVFN(slot, fn) << 8, 0, 0, 0, 0);
    presilicon_fdt_record(path);
    return path;
}

char *presilicon_fdt_add_spi_node(PresiliconFdtContext *ctx, const char *name,
                                  const char *const *compat, int ncompat,
                                  uint32_t max_hz)
{
    char *path = g_strdup_printf("%s/%s@%x", ctx->parent, name, ctx->spi_cs);

    qemu_fdt_add_subnode(ctx->fdt, path);
    qemu_fdt_setprop_string_array(ctx->fdt, path, "compatible",
                                  (char **)compat, ncompat);
    qemu_fdt_setprop_cell(ctx->fdt, path, "reg", ctx->spi_cs);
    qemu_fdt_setprop_cell(ctx->fdt, path, "spi-max-frequency", max_hz);
    presilicon_fdt_record(path);
    return path;
}

char *presilicon_fdt_add_i2c_node(PresiliconFdtContext *ctx, const char *name,
                                  const char *const *compat, int ncompat)
{
    char *path = g_strdup_printf("%s/%s@%x", ctx->parent, name, ctx->i2c_addr);

    qemu_fdt_add_subnode(ctx->fdt, path);
    qemu_fdt_setprop_string_array(ctx->fdt, path, "compatible",
                                  (char **)compat, ncompat);
    qemu_fdt_setprop_cell(ctx->fdt, path, "reg", ctx->i2c_addr);
    presilicon_fdt_record(path);
    return path;
}

uint32_t presilicon_fdt_phandle(PresiliconFdtContext *ctx, DeviceState *dev)
{
    const char *path = presilicon_fdt_paths ?
        g_hash_table_lookup(presilicon_fdt_paths, dev) : NULL;
    gpointer promised;
    uint32_t phandle;
    int off;

    if (!path) {
        if (!object_dynamic_cast(OBJECT(dev), TYPE_PRESILICON_FDT_NODE)) {
            return 0;   /* a QEMU device the board described nowhere */
        }
        /* Its node comes later (-device order): it takes this phandle. */
        if (!presilicon_fdt_promised) {
            presilicon_fdt_promised = g_hash_table_new(NULL, NULL);
        }
        if (!g_hash_table_lookup_extended(presilicon_fdt_promised, dev, NULL,
                                          &promised)) {
            promised = GUINT_TO_POINTER(qemu_fdt_alloc_phandle(ctx->fdt));
            g_hash_table_insert(presilicon_fdt_promised, dev, promised);
        }
        return GPOINTER_TO_UINT(promised);
    }
    off = fdt_path_offset(ctx->fdt, path);
    if (off < 0) {
        return 0;
    }
    phandle = fdt_get_phandle(ctx->fdt, off);
    if (!phandle) {
        phandle = qemu_fdt_alloc_phandle(ctx->fdt);
        qemu_fdt_setprop_cell(ctx->fdt, path, "phandle", phandle);
    }
    return phandle;
}

static uint32_t presilicon_fdt_alloc(void *fdt)
{
    return qemu_fdt_alloc_phandle(fdt);
}

uint32_t presilicon_fdt_fixed_clock(PresiliconFdtContext *ctx,
                                    const char *name, uint32_t freq)
{
    uint32_t phandle = 0;
    int err = psfdt_fixed_clock(ctx->fdt, name, freq, presilicon_fdt_alloc,
                                ctx->fdt, &phandle);

    if (err) {
        presilicon_fdt_fail("clock", name, err);
    }
    trace_presilicon_fdt_clock(name, freq, phandle);
    return phandle;
}

void presilicon_fdt_add_device(DeviceState *dev, PresiliconFdtContext *ctx)
{
    PresiliconFdtNodeClass *k;

    if (!object_dynamic_cast(OBJECT(dev), TYPE_PRESILICON_FDT_NODE)) {
        return;
    }
    k = PRESILICON_FDT_NODE_GET_CLASS(dev);
    trace_presilicon_fdt_node(object_get_typename(OBJECT(dev)), ctx->parent,
                              ctx->n_regs ? ctx->reg_base[0] : 0,
                              ctx->n_regs, ctx->n_irqs);
    if (k->add_node) {
        DeviceState *outer = presilicon_fdt_writer;

        presilicon_fdt_writer = dev;
        k->add_node(dev, ctx);
        presilicon_fdt_writer = outer;
    }
}

static const TypeInfo presilicon_fdt_node_info = {
    .name = TYPE_PRESILICON_FDT_NODE,
    .parent = TYPE_INTERFACE,
    .class_size = sizeof(PresiliconFdtNodeClass),
};

static void presilicon_fdt_register_types(void)
{
    type_register_static(&presilicon_fdt_node_info);
}

type_init(presilicon_fdt_register_types)
