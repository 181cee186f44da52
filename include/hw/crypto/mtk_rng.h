/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mediatek hardware random number generator ("mediatek,mt7623-rng").
 */
#ifndef HW_CRYPTO_MTK_RNG_H
#define HW_CRYPTO_MTK_RNG_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/crypto/mtk_rng_regs.h"

#define TYPE_MTK_RNG "mtk-rng"
OBJECT_DECLARE_SIMPLE_TYPE(MtkRngState, MTK_RNG)

struct MtkRngState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    uint32_t ctrl;

    /* Fault injection: the entropy source never reports a word ready. */
    bool fail_ready;
};

#endif
