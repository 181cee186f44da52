/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASPEED AST2500 PWM and fan tachometer ("aspeed,ast2500-pwm-tacho").
 */
#ifndef HW_MISC_AST2500_PWM_TACHO_H
#define HW_MISC_AST2500_PWM_TACHO_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/misc/ast2500_pwm_tacho_regs.h"

#define TYPE_AST2500_PWM_TACHO "ast2500-pwm-tacho"
OBJECT_DECLARE_SIMPLE_TYPE(Ast2500PwmTachoState, AST2500_PWM_TACHO)

/* A fan on a tach input: a motor that follows its PWM duty with a lag. */
typedef struct Ast2500Fan {
    uint8_t pwm;            /* the PWM port that drives it (board wiring) */
    bool stalled;           /* fault: the rotor is stuck */
    bool tach_connected;    /* fault when false: no tach pulses at all */
    /*
     * Speed mrpm_at (milli-RPM) at virtual time at_ns, heading for the
     * duty's speed; at_ns travels as age_ns for migration.
     */
    int64_t mrpm_at;
    int64_t at_ns;
    int64_t age_ns;
    uint32_t duty_ppm;      /* the duty it heads for, parts per million */
} Ast2500Fan;

struct Ast2500PwmTachoState {
    SysBusDevice parent_obj;

    MemoryRegion mmio;
    MemoryRegion reset_mmio;
    qemu_irq irq;
    QEMUTimer *measure;

    uint32_t regs[AST2500_PWM_NUM_REGS];
    uint32_t reset_ctrl;        /* the SCU reset register, bit 9 ours */
    int32_t measuring;          /* the channel being measured, or -1 */
    uint32_t measure_value;     /* its count, latched when done */
    int64_t measure_left_ns;    /* migration: time to the result */
    Ast2500Fan fan[AST2500_TACH_CHANNELS];

    /* Properties. */
    uint32_t clk_hz;            /* the controller's clock (24 MHz) */
    uint32_t max_rpm;           /* every fan's speed at 100% duty */
    uint32_t pulses_per_rev;    /* tach pulses per revolution */
    uint32_t spin_ms;           /* the motor's time constant */
};

#endif
