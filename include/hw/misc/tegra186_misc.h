/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NVIDIA Tegra186 MISC ("nvidia,tegra186-misc"): the chip identification
 * and strapping registers Linux reads at early boot (soc/tegra/fuse).
 */
#ifndef HW_MISC_TEGRA186_MISC_H
#define HW_MISC_TEGRA186_MISC_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/registerfields.h"

#define TYPE_TEGRA186_MISC "tegra186-misc"
OBJECT_DECLARE_SIMPLE_TYPE(Tegra186MiscState, TEGRA186_MISC)

#define TEGRA186_MISC_MMIO_SIZE 0x1000

/* APB MISC, first window. */
REG32(MISC_HIDREV, 0x4)
    FIELD(MISC_HIDREV, MAJORREV, 4, 4)
    FIELD(MISC_HIDREV, CHIPID, 8, 8)
    FIELD(MISC_HIDREV, MINORREV, 16, 4)
    FIELD(MISC_HIDREV, PLATFORM, 20, 4) /* 0: silicon */
/* Strapping options, second window. */
REG32(MISC_STRAPS, 0x0)

#define TEGRA186_CHIPID 0x18

struct Tegra186MiscState {
    SysBusDevice parent_obj;

    MemoryRegion apbmisc;
    MemoryRegion straps;
};

#endif
