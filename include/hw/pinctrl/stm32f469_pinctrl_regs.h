/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * STM32F469 pin controller registers, shared by the model and its qtest:
 * the GPIO banks (RM0386 section 8, as drivers/pinctrl/stm32/pinctrl-stm32.c
 * programs them), the SYSCFG's EXTI port selection (EXTICR1-4) and the
 * EXTI in the register layout of drivers/irqchip/irq-stm32mp-exti.c.
 */
#ifndef HW_PINCTRL_STM32F469_PINCTRL_REGS_H
#define HW_PINCTRL_STM32F469_PINCTRL_REGS_H

#include "hw/registerfields.h"

/*
 * One window of 16 KiB: the GPIO banks A-K at 0x400 each from 0 (the
 * pinctrl node's ranges), the SYSCFG at 0x3800 and the EXTI at 0x3c00, as
 * on the chip relative to 0x40020000 / 0x40013800 / 0x40013c00 mod 16 KiB.
 */
#define STM32F469_MMIO_SIZE         0x4000
#define STM32F469_BANKS             11      /* GPIOA .. GPIOK */
#define STM32F469_BANK_SIZE         0x400
#define STM32F469_GPIO_SIZE         (STM32F469_BANKS * STM32F469_BANK_SIZE)
#define STM32F469_SYSCFG_BASE       0x3800
#define STM32F469_EXTI_BASE         0x3c00
#define STM32F469_BLOCK_SIZE        0x400
#define STM32F469_PINS              (STM32F469_BANKS * 16)
#define STM32F469_EXTI_LINES        16      /* the GPIO lines EXTI0-15 */

/*
 * Pins the chip has (pinctrl-stm32f469.c's table, the DT's gpio-ranges):
 * every bank A-I has 16; PJ6-PJ11 and PK0-PK2 and PK8-PK15 do not exist.
 */
#define STM32F469_PINS_J            0xf03fu
#define STM32F469_PINS_K            0x00f8u

/* A GPIO bank. */
REG32(GPIO_MODER, 0x00)         /* 2 bits a pin: in, out, AF, analog */
#define STM32_MODE_INPUT            0
#define STM32_MODE_OUTPUT           1
#define STM32_MODE_AF               2
#define STM32_MODE_ANALOG           3
REG32(GPIO_OTYPER, 0x04)        /* 1: open drain (bits 16-31 reserved) */
REG32(GPIO_OSPEEDR, 0x08)       /* 2 bits a pin: slew rate */
REG32(GPIO_PUPDR, 0x0c)         /* 2 bits a pin: none, up, down, reserved */
#define STM32_PUPD_RESERVED         3
REG32(GPIO_IDR, 0x10)           /* the pad levels (RO) */
REG32(GPIO_ODR, 0x14)           /* the output levels */
REG32(GPIO_BSRR, 0x18)          /* WO: bits 0-15 set, 16-31 reset ODR */
REG32(GPIO_LCKR, 0x1c)          /* lock key sequence */
    FIELD(GPIO_LCKR, LCK, 0, 16)
    FIELD(GPIO_LCKR, LCKK, 16, 1)
REG32(GPIO_AFRL, 0x20)          /* 4 bits a pin: AF of pins 0-7 */
REG32(GPIO_AFRH, 0x24)          /* 4 bits a pin: AF of pins 8-15 */

/* Node st,stm32-syscfg: the SYSCFG; the driver uses EXTICR1-4 alone. */
REG32(SYSCFG_MEMRMP, 0x00)
REG32(SYSCFG_PMC, 0x04)
REG32(SYSCFG_EXTICR1, 0x08)     /* 4 bits a line: the port, A=0 .. K=10 */
REG32(SYSCFG_EXTICR4, 0x14)
REG32(SYSCFG_CMPCR, 0x20)
#define STM32F469_EXTICR_OFFSET     A_SYSCFG_EXTICR1   /* st,syscfg's offset */

/* Node st,stm32mp1-exti: the EXTI, its own node. */
/*
 * Three banks of 32 events as irq-stm32mp-exti.c addresses them; the
 * model has events 0-15 (the GPIO lines, configurable) and no other.
 */
REG32(EXTI_RTSR1, 0x00)         /* rising trigger enable */
REG32(EXTI_FTSR1, 0x04)         /* falling trigger enable */
REG32(EXTI_SWIER1, 0x08)        /* software event: sets the rising pending */
REG32(EXTI_RPR1, 0x0c)          /* rising edge pending (write 1 to clear) */
REG32(EXTI_FPR1, 0x10)          /* falling edge pending (write 1 to clear) */
REG32(EXTI_SECCFGR1, 0x14)      /* RO 0: nothing reserved to the secure side */
#define STM32_EXTI_BANK_STRIDE      0x20    /* RTSR2 at 0x20, RTSR3 at 0x40 */
REG32(EXTI_IMR1, 0x80)          /* interrupt mask: 1 = enabled */
REG32(EXTI_EMR1, 0x84)          /* event mask (no event output modelled) */
#define STM32_EXTI_MASK_STRIDE      0x10    /* IMR2 at 0x90, IMR3 at 0xa0 */
REG32(EXTI_TRG3, 0x3e4)         /* RO: 1 = configurable event */
REG32(EXTI_TRG2, 0x3e8)
REG32(EXTI_TRG1, 0x3ec)
REG32(EXTI_HWCFGR1, 0x3f0)      /* RO: event count, no CID filtering */
    FIELD(EXTI_HWCFGR1, NBEVENTS, 0, 8)
    FIELD(EXTI_HWCFGR1, CIDWIDTH, 24, 4)

#define STM32F469_EXTI_VALID        0x0000ffffu

#endif
