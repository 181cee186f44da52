/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NVIDIA Tegra186 HSP ("nvidia,tegra186-hsp"): doorbells and shared
 * mailboxes between the CPU complex (CCPLEX) and the SoC's other
 * processors. The BPMP model sits on its doorbells.
 */
#ifndef HW_MISC_TEGRA186_HSP_H
#define HW_MISC_TEGRA186_HSP_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/misc/tegra186_hsp_regs.h"

#define TYPE_TEGRA186_HSP "tegra186-hsp"
OBJECT_DECLARE_SIMPLE_TYPE(Tegra186HspState, TEGRA186_HSP)

typedef struct Tegra186HspDoorbell {
    uint32_t enable;
    uint32_t raw;
    uint32_t pending;
} Tegra186HspDoorbell;

struct Tegra186HspState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq db_irq;            /* "doorbell": the CCPLEX's doorbell */
    qemu_irq shared_irq;        /* "shared0": the mailboxes */

    uint32_t int_ie[TEGRA186_HSP_NUM_SI];
    uint32_t sm[TEGRA186_HSP_NUM_SM];
    Tegra186HspDoorbell db[TEGRA186_HSP_NUM_DB];

    /* The processor behind each doorbell (the BPMP model), if any. */
    void (*db_handler[TEGRA186_HSP_NUM_DB])(void *opaque);
    void *db_opaque[TEGRA186_HSP_NUM_DB];
};

/* The owner of doorbell db: called when a master rings it while enabled. */
void tegra186_hsp_set_db_handler(Tegra186HspState *s, unsigned db,
                                 void (*handler)(void *), void *opaque);
/* Master master (not the CCPLEX) rings doorbell db. */
void tegra186_hsp_ring(Tegra186HspState *s, unsigned master, unsigned db);
/* The owner of doorbell db takes (reads and clears) its pending bits. */
uint32_t tegra186_hsp_take_pending(Tegra186HspState *s, unsigned db);

#endif
