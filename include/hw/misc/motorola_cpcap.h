/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Motorola CPCAP PMIC ("motorola,cpcap") on SPI, with the battery and
 * charger input it measures.
 */
#ifndef HW_MISC_MOTOROLA_CPCAP_H
#define HW_MISC_MOTOROLA_CPCAP_H

#include "hw/ssi/ssi.h"
#include "hw/misc/motorola_cpcap_regs.h"
#include "qom/object.h"

#define TYPE_MOTOROLA_CPCAP "motorola-cpcap"
OBJECT_DECLARE_SIMPLE_TYPE(MotorolaCpcapState, MOTOROLA_CPCAP)

/* The interrupt output, a GPIO line of the SoC: high while one is due. */
#define CPCAP_IRQ_OUT "irq"

/* Injectable ranges (what the ADC's channels measure). */
#define CPCAP_BATT_MAX_UV       5000000
#define CPCAP_BATT_MAX_UA       2500000     /* either way */
#define CPCAP_TEMP_MIN_MC       (-40000)
#define CPCAP_TEMP_MAX_MC       90000
#define CPCAP_VBUS_MAX_UV       10000000
#define CPCAP_CHRG_MAX_UA       2500000

/*
 * The low-battery comparators (INTS1 LOWBPH, LOWBPL, EOL): the datasheet
 * is not public; the model's thresholds, below which each sense bit is 1.
 */
#define CPCAP_LOWBPH_UV         3400000
#define CPCAP_LOWBPL_UV         3200000
#define CPCAP_EOL_UV            3000000
/* VBUS valid above 4.4 V (USB's VBUS session valid), overvoltage above 6.5 V */
#define CPCAP_VBUSVLD_UV        4400000
#define CPCAP_VBUSOV_UV         6500000
/* chrgcurr2: the charge current is above the end-of-charge threshold. */
#define CPCAP_CHRGCURR2_UA      50000

struct MotorolaCpcapState {
    SSIPeripheral parent_obj;

    qemu_irq irq;
    uint16_t regs[CPCAP_NUM_REGS];

    /* The SPI frame in progress. */
    bool cmd_done;
    bool frame_bad;
    uint16_t cmd;
    uint16_t addr;

    /* The physical world, from QMP. */
    bool battery_present;
    uint32_t battery_uv;
    int32_t battery_ua;
    int32_t battery_mc;
    bool vbus_present;
    uint32_t vbus_uv;
    uint32_t charge_ua;

    /* Properties. */
    uint32_t max_hz;
    uint8_t vendor;
    uint8_t revision;
};

#endif
