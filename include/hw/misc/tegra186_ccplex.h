/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NVIDIA Tegra186 CCPLEX cluster ("nvidia,tegra186-ccplex-cluster"): the
 * per-core DVFS request registers of the CPU complex.
 */
#ifndef HW_MISC_TEGRA186_CCPLEX_H
#define HW_MISC_TEGRA186_CCPLEX_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/misc/tegra186_ccplex_regs.h"
#include "hw/misc/tegra186_bpmp.h"

#define TYPE_TEGRA186_CCPLEX "tegra186-ccplex-cluster"
OBJECT_DECLARE_SIMPLE_TYPE(Tegra186CcplexState, TEGRA186_CCPLEX)

struct Tegra186CcplexState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    Tegra186BpmpState *bpmp;
    /* EDVD per core: A57 cores 0-3, then Denver cores 0-1. */
    uint32_t edvd[TEGRA186_CCPLEX_CORES];
};

#endif
