/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The LEGO MINDSTORMS EV3's battery, as its ADC sees it ("lego,ev3-battery").
 */
#ifndef HW_MISC_LEGO_EV3_BATTERY_H
#define HW_MISC_LEGO_EV3_BATTERY_H

#include "hw/sysbus.h"
#include "hw/adc/ti_ads7950.h"
#include "qom/object.h"

#define TYPE_LEGO_EV3_BATTERY "lego-ev3-battery"
OBJECT_DECLARE_SIMPLE_TYPE(LegoEv3BatteryState, LEGO_EV3_BATTERY)

/* The ADS7957 channels the EV3 wires to the battery (da850-lego-ev3.dts). */
#define EV3_BATT_CH_VOLTAGE     4
#define EV3_BATT_CH_CURRENT     3
/*
 * The analog front end: the voltage channel sees (Vbatt - Vce - Ibatt x
 * Rshunt) / 2, the current channel Ibatt x Rshunt amplified 15 times.
 */
#define EV3_BATT_VCE_UV         50000
#define EV3_BATT_RSHUNT_MOHM    50
#define EV3_BATT_ISENSE_GAIN    15
#define EV3_BATT_VDIV           2
/* Injectable range: the ADC's 5 V full scale reaches about 10 V, 6.6 A. */
#define EV3_BATT_MAX_UV         12000000
#define EV3_BATT_MAX_UA         6000000

struct LegoEv3BatteryState {
    SysBusDevice parent_obj;

    TiAds7950State *adc;
    /* "rechargeable" line to a SoC GPIO: low for the Li-ion pack. */
    qemu_irq type_line;
    uint32_t voltage_uv;
    uint32_t current_ua;
    bool rechargeable;
};

#endif
