/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * STM32F469 pin controller with its GPIO banks and GPIO interrupts
 * ("st,stm32f469-pinctrl", the SYSCFG's EXTICR and an EXTI).
 */
#ifndef HW_PINCTRL_STM32F469_PINCTRL_H
#define HW_PINCTRL_STM32F469_PINCTRL_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/pinctrl/stm32f469_pinctrl_regs.h"

#define TYPE_STM32F469_PINCTRL "stm32f469-pinctrl"
OBJECT_DECLARE_SIMPLE_TYPE(Stm32f469PinctrlState, STM32F469_PINCTRL)

struct Stm32f469PinctrlState {
    SysBusDevice parent_obj;

    MemoryRegion mmio;
    MemoryRegion gpio_mmio;
    MemoryRegion syscfg_mmio;
    MemoryRegion exti_mmio;
    qemu_irq irq[STM32F469_EXTI_LINES];

    /* GPIO banks A-K. */
    uint32_t moder[STM32F469_BANKS];
    uint32_t otyper[STM32F469_BANKS];
    uint32_t ospeedr[STM32F469_BANKS];
    uint32_t pupdr[STM32F469_BANKS];
    uint32_t odr[STM32F469_BANKS];
    uint32_t afrl[STM32F469_BANKS];
    uint32_t afrh[STM32F469_BANKS];
    uint32_t lckr[STM32F469_BANKS];     /* LCK, and LCKK once locked */
    uint32_t lock_step[STM32F469_BANKS]; /* key sequence: writes seen */
    /* What the board drives on the pins (host-set), and the pad levels. */
    uint32_t input_ext[STM32F469_BANKS];
    uint32_t level[STM32F469_BANKS];

    /* SYSCFG. */
    uint32_t exticr[4];

    /* EXTI, events 0-15. */
    uint32_t rtsr;
    uint32_t ftsr;
    uint32_t swier;
    uint32_t rpr;
    uint32_t fpr;
    uint32_t imr;
    uint32_t emr;
    uint32_t exti_in;           /* the level on each line after EXTICR */
};

#endif
