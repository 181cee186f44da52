/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Device-tree node builders (libfdt and GLib only; see the header).
 */
#include <glib.h>
#include <string.h>
#include <inttypes.h>
#include <libfdt.h>
#include "hw/core/presilicon-fdt-build.h"

/* Add every component of an absolute path that is missing. */
static int psfdt_mkpath(void *fdt, const char *path)
{
    g_auto(GStrv) parts = g_strsplit(path, "/", -1);
    int node = 0;

    for (int i = 0; parts[i]; i++) {
        int sub;

        if (!parts[i][0]) {
            continue;
        }
        sub = fdt_subnode_offset(fdt, node, parts[i]);
        if (sub == -FDT_ERR_NOTFOUND) {
            sub = fdt_add_subnode(fdt, node, parts[i]);
        }
        if (sub < 0) {
            return sub;
        }
        node = sub;
    }
    return node;
}

int psfdt_add_mmio_node(void *fdt, const PsFdtMmio *m, char **path)
{
    g_autofree char *p = NULL;
    g_autofree fdt32_t *reg = NULL;
    g_autofree fdt32_t *irq = NULL;
    GString *compat;
    int node, err, i, n, ac;

    if (m->nregs < 1 || m->ncompat < 1 || m->nirqs < 0 ||
        (m->cells && m->cells != 1 && m->cells != 2)) {
        return -FDT_ERR_BADVALUE;
    }
    for (i = 0; m->cells == 1 && i < m->nregs; i++) {
        if (m->base[i] + m->size[i] > UINT32_MAX + 1ULL) {
            return -FDT_ERR_BADVALUE;
        }
    }
    p = g_strdup_printf("%s/%s@%" PRIx64,
                        strcmp(m->parent, "/") ? m->parent : "", m->name,
                        m->base[0]);
    if (fdt_path_offset(fdt, p) >= 0) {
        return -FDT_ERR_EXISTS;
    }
    node = psfdt_mkpath(fdt, p);
    if (node < 0) {
        return node;
    }

    /* A string list is the strings back to back, each with its NUL. */
    compat = g_string_new(NULL);
    for (i = 0; i < m->ncompat; i++) {
        g_string_append_len(compat, m->compat[i], strlen(m->compat[i]) + 1);
    }
    err = fdt_setprop(fdt, node, "compatible", compat->str, compat->len);
    g_string_free(compat, TRUE);
    if (err) {
        return err;
    }

    /* Each base and size in the bus's cells: two (high, low) or one. */
    ac = m->cells == 1 ? 1 : 2;
    reg = g_new(fdt32_t, 2 * ac * m->nregs);
    for (i = 0, n = 0; i < m->nregs; i++) {
        const uint64_t v[2] = { m->base[i], m->size[i] };

        for (int j = 0; j < 2; j++) {
            if (ac == 2) {
                reg[n++] = cpu_to_fdt32(v[j] >> 32);
            }
            reg[n++] = cpu_to_fdt32(v[j]);
        }
    }
    err = fdt_setprop(fdt, node, "reg", reg, n * sizeof(*reg));
    if (err) {
        return err;
    }

    if (m->nirqs) {
        irq = g_new(fdt32_t, 3 * m->nirqs);
        for (i = 0; i < m->nirqs; i++) {
            irq[3 * i] = cpu_to_fdt32(PSFDT_IRQ_TYPE_SPI);
            irq[3 * i + 1] = cpu_to_fdt32(m->spi[i]);
            irq[3 * i + 2] = cpu_to_fdt32(PSFDT_IRQ_LEVEL_HIGH);
        }
        err = fdt_setprop(fdt, node, "interrupts", irq,
                          3 * m->nirqs * sizeof(*irq));
        if (!err) {
            err = fdt_setprop_u32(fdt, node, "interrupt-parent",
                                  m->intc_phandle);
        }
        if (err) {
            return err;
        }
    }
    *path = g_steal_pointer(&p);
    return 0;
}

int psfdt_bus32(void *fdt, const char *parent, char **path)
{
    const fdt32_t ranges[] = {
        cpu_to_fdt32(0), cpu_to_fdt32(0), cpu_to_fdt32(0),
        cpu_to_fdt32(PSFDT_BUS32_SIZE),
    };
    g_autofree char *p = g_strdup_printf("%s/bus@0",
                                         strcmp(parent, "/") ? parent : "");
    int node = fdt_path_offset(fdt, p);
    int err;

    if (node < 0) {
        node = psfdt_mkpath(fdt, p);
        if (node < 0) {
            return node;
        }
        err = fdt_setprop_string(fdt, node, "compatible", "simple-bus");
        err = err ? err : fdt_setprop_u32(fdt, node, "#address-cells", 1);
        err = err ? err : fdt_setprop_u32(fdt, node, "#size-cells", 1);
        err = err ? err : fdt_setprop(fdt, node, "ranges", ranges,
                                      sizeof(ranges));
        if (err) {
            return err;
        }
    }
    *path = g_steal_pointer(&p);
    return 0;
}

int psfdt_fixed_clock(void *fdt, const char *name, uint32_t freq,
                      PsFdtPhandleAlloc alloc, void *opaque,
                      uint32_t *phandle)
{
    g_autofree char *path = g_strdup_printf("/clocks/%s", name);
    int node = fdt_path_offset(fdt, path);
    int len, err;

    if (node >= 0) {
        const fdt32_t *f = fdt_getprop(fdt, node, "clock-frequency", &len);

        if (!f || len != 4 || fdt32_to_cpu(*f) != freq) {
            return -FDT_ERR_BADVALUE;
        }
        *phandle = fdt_get_phandle(fdt, node);
        return *phandle ? 0 : -FDT_ERR_BADPHANDLE;
    }
    node = psfdt_mkpath(fdt, path);
    if (node < 0) {
        return node;
    }
    *phandle = alloc(opaque);
    err = fdt_setprop_string(fdt, node, "compatible", "fixed-clock");
    err = err ? err : fdt_setprop_u32(fdt, node, "#clock-cells", 0);
    err = err ? err : fdt_setprop_u32(fdt, node, "clock-frequency", freq);
    err = err ? err : fdt_setprop_string(fdt, node, "clock-output-names",
                                         name);
    err = err ? err : fdt_setprop_u32(fdt, node, "phandle", *phandle);
    return err;
}
