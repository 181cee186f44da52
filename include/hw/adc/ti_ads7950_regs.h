/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TI ADS7950 family (ADS7950-ADS7961) SPI ADCs: the 16-bit frames.
 *
 * Each frame is 16 clocks with chip select low. The word the host sends
 * (SDI) is a command; the word the chip sends back (SDO) carries the
 * conversion of the channel sampled during the frame before, so a
 * channel chosen in frame n comes back in frame n + 2 (datasheet
 * SLAS605, "Device Operation"; the Linux driver's three transfers).
 */
#ifndef HW_ADC_TI_ADS7950_REGS_H
#define HW_ADC_TI_ADS7950_REGS_H

#include "hw/registerfields.h"

/* SDI: the command frame. DI15-12 select the operation. */
REG32(CMD, 0)
    FIELD(CMD, MODE, 12, 4)
    /* Manual, Auto-1, Auto-2: DI11 = 1 programs DI06-00 from this frame. */
    FIELD(CMD, WRITE, 11, 1)
    /* Manual: the channel to sample next. */
    FIELD(CMD, CHAN, 7, 4)
    /* Auto-1, Auto-2: restart the channel sequence at its first channel. */
    FIELD(CMD, RESET_CNT, 10, 1)
    /* DI06-00, the settings the three conversion modes share: */
    FIELD(CMD, SETTINGS, 0, 7)
    /* 0: 0 to Vref; 1: 0 to 2 x Vref. */
    FIELD(CMD, RANGE_5V, 6, 1)
    /* Power down at the end of the frame (not modelled: stays up). */
    FIELD(CMD, POWER_DOWN, 5, 1)
    /* SDO DO15-12 carry the GPIO3-0 levels instead of the channel. */
    FIELD(CMD, GPIO_DATA, 4, 1)
    /* GPIO3-0 output levels (on pins programmed as outputs). */
    FIELD(CMD, GPIO_OUT, 0, 4)
    /* Auto-2 program: DI09-06, the last channel of the sequence. */
    FIELD(CMD, AUTO2_LAST, 6, 4)
    /* GPIO program: DI11-00. */
    FIELD(CMD, GPIO_PROG, 0, 12)

/* DI15-12. */
#define ADS7950_MODE_CONTINUE   0x0
#define ADS7950_MODE_MANUAL     0x1
#define ADS7950_MODE_AUTO1      0x2
#define ADS7950_MODE_AUTO2      0x3
#define ADS7950_MODE_GPIO_PROG  0x4
/* The next frame is the Auto-1 channel mask (DI15-00, bit n = channel n). */
#define ADS7950_MODE_AUTO1_PROG 0x8
#define ADS7950_MODE_AUTO2_PROG 0x9
/* 0xc-0xf: alarm threshold programming, channel groups 0-3. */
#define ADS7950_MODE_ALARM0     0xc

/* GPIO program register (DI11-00). */
REG32(GPIO_PROG, 0)
    /* 1: GPIOn is an output. */
    FIELD(GPIO_PROG, DIR, 0, 4)
    FIELD(GPIO_PROG, ALARM, 4, 3)
    FIELD(GPIO_PROG, GPIO2_RANGE, 7, 1)
    FIELD(GPIO_PROG, GPIO3_PD, 8, 1)
    /* Resets every register to its power-on value. */
    FIELD(GPIO_PROG, RESET, 9, 1)

/* SDO: the output frame. */
REG32(OUT, 0)
    /* The channel this conversion is of, or GPIO3-0 (CMD.GPIO_DATA). */
    FIELD(OUT, ADDR, 12, 4)
    /* The conversion, MSB at DO11 (10-bit parts: DO11-02, 8-bit: DO11-04). */
    FIELD(OUT, DATA, 0, 12)

#define ADS7950_FRAME_BITS      16
#define ADS7950_MAX_CHANNELS    16
#define ADS7950_NUM_GPIOS       4

#endif
