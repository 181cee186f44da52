/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * MediaTek MT7623 PMIC wrapper ("mediatek,mt7623-pwrap") with the MT6323
 * PMIC behind it.
 */
#ifndef HW_MISC_MT7623_PWRAP_H
#define HW_MISC_MT7623_PWRAP_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/misc/mt7623_pwrap_regs.h"
#include "hw/misc/mt6323.h"

#define TYPE_MT7623_PWRAP "mt7623-pwrap"
OBJECT_DECLARE_SIMPLE_TYPE(Mt7623PwrapState, MT7623_PWRAP)

struct Mt7623PwrapState {
    SysBusDevice parent_obj;

    MemoryRegion mmio;
    MemoryRegion reset_mmio;
    qemu_irq irq;               /* the wrapper's own (errors) */
    qemu_irq pmic_irq;          /* the PMIC's INT pin, passed through */
    Mt6323State pmic;

    uint32_t regs[MT7623_PWRAP_NUM_REGS];
    uint32_t reset_ctrl;        /* the INFRACFG reset register, bit 7 ours */
    uint8_t fsm;                /* the WACS2 state (PWRAP_FSM_*) */
    uint16_t rdata;             /* WACS2 read data, valid in WFVLDCLR */
    uint8_t man_seq;            /* manual SPI slave reset: steps seen */

    /* Properties. */
    uint32_t spi_hz;
    uint32_t sidly_pass;        /* SIDLY values whose read test passes */
};

#endif
