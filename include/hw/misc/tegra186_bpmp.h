/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NVIDIA Tegra186 BPMP ("nvidia,tegra186-bpmp"): the Boot and Power
 * Management Processor, its SYSRAM message channels and the firmware it
 * runs (firmware/bpmp/, presilicon's own).
 */
#ifndef HW_MISC_TEGRA186_BPMP_H
#define HW_MISC_TEGRA186_BPMP_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/misc/tegra186_hsp.h"
#include "firmware/bpmp/bpmp.h"

#define TYPE_TEGRA186_BPMP "tegra186-bpmp"
OBJECT_DECLARE_SIMPLE_TYPE(Tegra186BpmpState, TEGRA186_BPMP)

/* SYSRAM: cpu-bpmp-tx at 0, cpu-bpmp-rx after it. */
#define TEGRA186_BPMP_SYSRAM_SIZE (2 * BPMP_FW_SHMEM_SIZE)

struct Tegra186BpmpState {
    SysBusDevice parent_obj;

    MemoryRegion sysram;
    Tegra186HspState *hsp;
    BpmpFw fw;
    /* SYSRAM's contents: the channels, migrated with the rest. */
    uint8_t shmem[TEGRA186_BPMP_SYSRAM_SIZE];
};

#endif
