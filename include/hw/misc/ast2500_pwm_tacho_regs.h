/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASPEED AST2500 PWM and fan tachometer controller registers, shared by
 * the model and its qtest. Names and bits as the Linux aspeed-pwm-tacho
 * hwmon driver (drivers/hwmon/aspeed-pwm-tacho.c) uses them.
 */
#ifndef HW_MISC_AST2500_PWM_TACHO_REGS_H
#define HW_MISC_AST2500_PWM_TACHO_REGS_H

#include "hw/registerfields.h"

/* The SoC's PWM/tach window (0x1e786000 on the AST2500). */
#define AST2500_PWM_MMIO_SIZE       0x1000
#define AST2500_PWM_NUM_REGS        (0x80 / 4)
#define AST2500_PWM_PORTS           8       /* A-H */
#define AST2500_TACH_CHANNELS       16
#define AST2500_PWM_TYPES           3       /* M, N, O */
/* The reset control window: one 32-bit register, the SCU's reset bit. */
#define AST2500_PWM_RESET_SIZE      4
#define AST2500_PWM_RESET_BIT       9       /* SCU04[9]: PWM controller */

/* General control: clock, port types and enables A-D, tach enables. */
REG32(PTCR_CTRL, 0x00)
    FIELD(PTCR_CTRL, CLK_EN, 0, 1)
    FIELD(PTCR_CTRL, CLK_SRC, 1, 1)
    FIELD(PTCR_CTRL, TYPE_BIT1, 4, 4)   /* ports A-D: type bit 1 */
    FIELD(PTCR_CTRL, PWM_EN, 8, 4)      /* ports A-D enabled */
    FIELD(PTCR_CTRL, TYPE_BIT0, 12, 4)  /* ports A-D: type bit 0 */
    FIELD(PTCR_CTRL, FAN_EN, 16, 16)    /* tach channels 0-15 enabled */
/* Clock control, types M (15:0) and N (31:16): divisors and period. */
REG32(PTCR_CLK_CTRL, 0x04)
    FIELD(PTCR_CLK_CTRL, M_DIV_L, 0, 4)
    FIELD(PTCR_CLK_CTRL, M_DIV_H, 4, 4)
    FIELD(PTCR_CLK_CTRL, M_UNIT, 8, 8)
    FIELD(PTCR_CLK_CTRL, N_DIV_L, 16, 4)
    FIELD(PTCR_CLK_CTRL, N_DIV_H, 20, 4)
    FIELD(PTCR_CLK_CTRL, N_UNIT, 24, 8)
/* Duty: two ports per register, rising and falling points in clocks. */
REG32(PTCR_DUTY0_CTRL, 0x08)            /* A 15:0, B 31:16 */
REG32(PTCR_DUTY1_CTRL, 0x0c)            /* C, D */
    FIELD(DUTY, RISE, 0, 8)
    FIELD(DUTY, FALL, 8, 8)
/* Per type: tach enable, clock division, edge mode, period. */
REG32(PTCR_TYPEM_CTRL, 0x10)
    FIELD(TYPE_CTRL, EN, 0, 1)
    FIELD(TYPE_CTRL, DIV, 1, 3)         /* tach clock / (4 << 2 DIV) */
    FIELD(TYPE_CTRL, MODE, 4, 2)        /* 0 falling, 1 rising, 2 both */
    FIELD(TYPE_CTRL, UNIT, 16, 16)      /* tach period */
REG32(PTCR_TYPEM_CTRL1, 0x14)
REG32(PTCR_TYPEN_CTRL, 0x18)
REG32(PTCR_TYPEN_CTRL1, 0x1c)
/* Which PWM port's type each tach channel measures with (bits 1:0). */
REG32(PTCR_TACH_SOURCE, 0x20)
REG32(PTCR_TRIGGER, 0x28)               /* bit n: measure channel n */
REG32(PTCR_RESULT, 0x2c)
    FIELD(PTCR_RESULT, VALUE, 0, 20)    /* tach clocks between edges */
    FIELD(PTCR_RESULT, READY, 31, 1)
REG32(PTCR_INTR_CTRL, 0x30)             /* bit n: channel n's limit irq */
REG32(PTCR_INTR_STS, 0x34)              /* W1C */
REG32(PTCR_TYPEM_LIMIT, 0x38)           /* a count above it: too slow */
REG32(PTCR_TYPEN_LIMIT, 0x3c)
    FIELD(LIMIT, VALUE, 0, 20)
REG32(PTCR_CTRL_EXT, 0x40)              /* the same for ports E-H */
REG32(PTCR_CLK_CTRL_EXT, 0x44)          /* type O: 15:0 as M */
REG32(PTCR_DUTY2_CTRL, 0x48)            /* E, F */
REG32(PTCR_DUTY3_CTRL, 0x4c)            /* G, H */
REG32(PTCR_TYPEO_CTRL, 0x50)
REG32(PTCR_TYPEO_CTRL1, 0x54)
REG32(PTCR_TACH_SOURCE_EXT, 0x60)       /* bit 2 of each channel's source */
REG32(PTCR_TYPEO_LIMIT, 0x78)

#endif
