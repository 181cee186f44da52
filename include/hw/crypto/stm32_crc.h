/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * STM32 CRC calculation unit ("st,stm32f7-crc").
 */
#ifndef HW_CRYPTO_STM32_CRC_H
#define HW_CRYPTO_STM32_CRC_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/crypto/stm32_crc_regs.h"

#define TYPE_STM32_CRC "stm32-crc"
OBJECT_DECLARE_SIMPLE_TYPE(Stm32CrcState, STM32_CRC)

struct Stm32CrcState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    /* The calculator's register; CRC_DR reads it through REV_OUT. */
    uint32_t crc;
    uint32_t idr;
    uint32_t cr;
    uint32_t init;
    uint32_t pol;

    /*
     * Not migrated: a POL with bits beyond POLYSIZE has been reported
     * since CR or POL last changed (one guest error per configuration).
     */
    bool pol_size_reported;
};

#endif
