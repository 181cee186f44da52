/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Marvell Armada 37xx pin controller with GPIO and GPIO interrupts
 * ("marvell,armada3710-nb-pinctrl" / "marvell,armada3710-sb-pinctrl").
 */
#ifndef HW_PINCTRL_ARMADA37XX_PINCTRL_H
#define HW_PINCTRL_ARMADA37XX_PINCTRL_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/pinctrl/armada37xx_pinctrl_regs.h"

#define TYPE_ARMADA37XX_PINCTRL "armada37xx-pinctrl"
OBJECT_DECLARE_SIMPLE_TYPE(Armada37xxPinctrlState, ARMADA37XX_PINCTRL)

struct Armada37xxPinctrlState {
    SysBusDevice parent_obj;

    MemoryRegion mmio;
    MemoryRegion irq_mmio;
    qemu_irq irq;

    /* GPIO and mux registers (first window), one word per bank. */
    uint32_t output_en[A37XX_BANKS];
    uint32_t output_val[A37XX_BANKS];
    uint32_t output_ctl[A37XX_BANKS];
    uint32_t selection;
    /* Interrupt controller (second window). */
    uint32_t irq_en[A37XX_BANKS];
    uint32_t irq_pol[A37XX_BANKS];
    uint32_t irq_status[A37XX_BANKS];
    uint32_t irq_wkup[A37XX_BANKS];
    /* What the board drives on the pins (host-set), and the pad levels. */
    uint32_t input_ext[A37XX_BANKS];
    uint32_t level[A37XX_BANKS];

    /* Set at realize from the properties. */
    bool south;
    unsigned npins;
    uint32_t pin_mask[A37XX_BANKS];
    uint32_t sel_valid;
    const A37xxPinGroup *groups;
    unsigned ngroups;

    /* Properties. */
    char *bridge;               /* "nb" or "sb" */
    uint32_t xtal_hz;           /* NB strap: 25 or 40 MHz */
};

#endif
