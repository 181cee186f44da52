/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The LEGO MINDSTORMS EV3's battery ("lego,ev3-battery"): the physical
 * model behind two channels of the EV3's TI ADS7957 ADC and one GPIO.
 *
 * A test or user sets the battery's terminal voltage, the current drawn
 * from it and its kind (six AA cells or the rechargeable Li-ion pack)
 * from QMP; the model puts on the ADC's inputs what the EV3's front end
 * would (channel 4: (V - Vce - I x 0.05 ohm) / 2 through the transistor
 * and divider; channel 3: I x 0.05 ohm amplified 15 times), and drives
 * the battery-type line low for the rechargeable pack (the EV3's switch
 * in the battery compartment, "rechargeable-gpios", active low). Linux's
 * lego_ev3_battery driver inverts the same scaling, so its voltage_now
 * and current_now equal the injected values within the ADC's resolution.
 *
 * Not modelled: the battery's chemistry (charge, internal resistance,
 * voltage sag with load: V and I are independent inputs), reverse
 * current (the shunt amplifier reads 0), temperature.
 */
#include "qemu/osdep.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/misc/lego_ev3_battery.h"
#include "trace.h"

/* What the front end puts on the two ADC inputs. */
static void ev3_batt_update(LegoEv3BatteryState *s)
{
    /* I x R in microvolts: uA x mOhm / 1000. */
    uint64_t ir_uv = (uint64_t)s->current_ua * EV3_BATT_RSHUNT_MOHM / 1000;
    uint64_t drop = EV3_BATT_VCE_UV + ir_uv;
    uint32_t v_uv = s->voltage_uv > drop ?
                    (s->voltage_uv - drop) / EV3_BATT_VDIV : 0;
    uint32_t i_uv = ir_uv * EV3_BATT_ISENSE_GAIN;

    trace_lego_ev3_battery_update(s->voltage_uv, s->current_ua,
                                  s->rechargeable, v_uv, i_uv);
    if (s->adc) {
        ti_ads7950_set_input(s->adc, EV3_BATT_CH_VOLTAGE, v_uv);
        ti_ads7950_set_input(s->adc, EV3_BATT_CH_CURRENT, i_uv);
    }
    qemu_set_irq(s->type_line, !s->rechargeable);
}

static void ev3_batt_get(Object *obj, Visitor *v, const char *name,
                         void *opaque, Error **errp)
{
    LegoEv3BatteryState *s = LEGO_EV3_BATTERY(obj);
    uint32_t val = !strcmp(name, "voltage-uv") ? s->voltage_uv
                                                : s->current_ua;

    visit_type_uint32(v, name, &val, errp);
}

static void ev3_batt_set(Object *obj, Visitor *v, const char *name,
                         void *opaque, Error **errp)
{
    LegoEv3BatteryState *s = LEGO_EV3_BATTERY(obj);
    bool volts = !strcmp(name, "voltage-uv");
    uint32_t max = volts ? EV3_BATT_MAX_UV : EV3_BATT_MAX_UA;
    uint32_t val;

    if (!visit_type_uint32(v, name, &val, errp)) {
        return;
    }
    if (val > max) {
        error_setg(errp, "lego-ev3-battery: %s %u is beyond %u, what the "
                   "EV3's ADC can measure", name, val, max);
        return;
    }
    *(volts ? &s->voltage_uv : &s->current_ua) = val;
    ev3_batt_update(s);
}

static bool ev3_batt_get_rechargeable(Object *obj, Error **errp)
{
    return LEGO_EV3_BATTERY(obj)->rechargeable;
}

static void ev3_batt_set_rechargeable(Object *obj, bool val, Error **errp)
{
    LegoEv3BatteryState *s = LEGO_EV3_BATTERY(obj);

    s->rechargeable = val;
    ev3_batt_update(s);
}

static void ev3_batt_init(Object *obj)
{
    LegoEv3BatteryState *s = LEGO_EV3_BATTERY(obj);

    /* Six fresh AA cells, the brick idling. */
    s->voltage_uv = 9000000;
    s->current_ua = 200000;
    qdev_init_gpio_out_named(DEVICE(obj), &s->type_line, "rechargeable", 1);
}

static void ev3_batt_realize(DeviceState *dev, Error **errp)
{
    LegoEv3BatteryState *s = LEGO_EV3_BATTERY(dev);

    if (!s->adc) {
        error_setg(errp, "lego-ev3-battery: adc= must name the ti-ads7957 "
                   "whose channels %d and %d measure the battery (add it "
                   "first, with an id)", EV3_BATT_CH_VOLTAGE,
                   EV3_BATT_CH_CURRENT);
        return;
    }
    if (TI_ADS7950_GET_CLASS(s->adc)->nchan <= EV3_BATT_CH_VOLTAGE) {
        error_setg(errp, "lego-ev3-battery: adc= %s has no channel %d",
                   object_get_typename(OBJECT(s->adc)), EV3_BATT_CH_VOLTAGE);
        return;
    }
    ev3_batt_update(s);
}

/* The battery's state is its inputs: they are not reset, only redriven. */
static void ev3_batt_reset_hold(Object *obj, ResetType type)
{
    ev3_batt_update(LEGO_EV3_BATTERY(obj));
}

/* lego,ev3-battery.yaml: the two ADC channels and the type GPIO. */
static void ev3_batt_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    LegoEv3BatteryState *s = LEGO_EV3_BATTERY(dev);
    g_autofree char *path = g_strdup_printf("%s/battery",
                                           strcmp(ctx->parent, "/") ?
                                           ctx->parent : "");
    uint32_t adc = ti_ads7950_phandle(s->adc, ctx->fdt);
    static const char *const names[] = { "voltage", "current" };

    qemu_fdt_add_subnode(ctx->fdt, path);
    qemu_fdt_setprop_string(ctx->fdt, path, "compatible", "lego,ev3-battery");
    qemu_fdt_setprop_cells(ctx->fdt, path, "io-channels",
                           adc, EV3_BATT_CH_VOLTAGE, adc, EV3_BATT_CH_CURRENT);
    qemu_fdt_setprop_string_array(ctx->fdt, path, "io-channel-names",
                                  (char **)names, ARRAY_SIZE(names));
    if (ctx->gpio_phandle) {
        qemu_fdt_setprop_cells(ctx->fdt, path, "rechargeable-gpios",
                               ctx->gpio_phandle, ctx->gpio_line,
                               PRESILICON_FDT_GPIO_ACTIVE_LOW);
    }
}

static const VMStateDescription vmstate_ev3_batt = {
    .name = TYPE_LEGO_EV3_BATTERY,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(voltage_uv, LegoEv3BatteryState),
        VMSTATE_UINT32(current_ua, LegoEv3BatteryState),
        VMSTATE_BOOL(rechargeable, LegoEv3BatteryState),
        VMSTATE_END_OF_LIST()
    },
};

static const Property ev3_batt_properties[] = {
    DEFINE_PROP_LINK("adc", LegoEv3BatteryState, adc, TYPE_TI_ADS7950,
                     TiAds7950State *),
};

static void ev3_batt_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "LEGO EV3 battery (behind a TI ADS7957 and a GPIO)";
    dc->realize = ev3_batt_realize;
    dc->vmsd = &vmstate_ev3_batt;
    dc->user_creatable = true;
    device_class_set_props(dc, ev3_batt_properties);
    rc->phases.hold = ev3_batt_reset_hold;
    fc->add_node = ev3_batt_add_fdt_node;
    object_class_property_add(oc, "voltage-uv", "uint32", ev3_batt_get,
                              ev3_batt_set, NULL, NULL);
    object_class_property_set_description(oc, "voltage-uv",
        "Battery terminal voltage in microvolts (0 to 12000000)");
    object_class_property_add(oc, "current-ua", "uint32", ev3_batt_get,
                              ev3_batt_set, NULL, NULL);
    object_class_property_set_description(oc, "current-ua",
        "Current drawn from the battery in microamps (0 to 6000000)");
    object_class_property_add_bool(oc, "rechargeable",
                                   ev3_batt_get_rechargeable,
                                   ev3_batt_set_rechargeable);
    object_class_property_set_description(oc, "rechargeable",
        "The Li-ion pack (on) or six AA cells (off)");
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo ev3_batt_types[] = {
    {
        .name = TYPE_LEGO_EV3_BATTERY,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(LegoEv3BatteryState),
        .instance_init = ev3_batt_init,
        .class_init = ev3_batt_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(ev3_batt_types)
