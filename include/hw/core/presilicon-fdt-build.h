/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Device-tree node builders used by presilicon-fdt.c, written against
 * libfdt and GLib only so that the unit tests can run them without QEMU.
 * Each returns 0 or a negative libfdt error code.
 */
#ifndef HW_CORE_PRESILICON_FDT_BUILD_H
#define HW_CORE_PRESILICON_FDT_BUILD_H

#include <stdint.h>

/* GIC interrupt specifier cells, as in Linux's arm,gic-v3 binding. */
#define PSFDT_IRQ_TYPE_SPI      0
#define PSFDT_IRQ_LEVEL_HIGH    4

typedef uint32_t (*PsFdtPhandleAlloc)(void *opaque);

typedef struct PsFdtMmio {
    const char *parent;             /* e.g. "/soc" */
    const char *name;               /* node name without unit address */
    const char *const *compat;      /* most specific first */
    int ncompat;
    const uint64_t *base, *size;    /* nregs regions */
    int nregs;
    const int *spi;                 /* nirqs GIC SPI numbers */
    int nirqs;
    uint32_t intc_phandle;
    int cells;                      /* reg's address/size cells: 2 (0), 1 */
} PsFdtMmio;

/*
 * Add "<parent>/<name>@<base[0] in hex>" with compatible, reg and, when
 * there are interrupts, interrupts and interrupt-parent. On success
 * *path is the new node's path (g_free it).
 */
int psfdt_add_mmio_node(void *fdt, const PsFdtMmio *m, char **path);

/*
 * "<parent>/bus@0", created on first use: a simple-bus with one address
 * and one size cell whose child address A is the parent's A, for A below
 * PSFDT_BUS32_SIZE (the board's MMIO, under its RAM). For bindings whose
 * driver reads the first cell of "reg" as the device's bus address.
 * On success *path is the bus's path (g_free it).
 */
#define PSFDT_BUS32_SIZE 0x40000000u
int psfdt_bus32(void *fdt, const char *parent, char **path);

/*
 * Phandle of the fixed-clock /clocks/<name> at freq Hz, created on first
 * use. Asking again with another frequency is -FDT_ERR_BADVALUE: two
 * models may share a clock only if they agree on its rate.
 */
int psfdt_fixed_clock(void *fdt, const char *name, uint32_t freq,
                      PsFdtPhandleAlloc alloc, void *opaque,
                      uint32_t *phandle);

#endif
