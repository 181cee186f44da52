/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TI ADS7950 family SPI ADCs (ADS7950-ADS7961; the LEGO EV3's ADS7957).
 *
 * 4, 8, 12 or 16 channels of 12, 10 or 8 bits behind a 16-bit SPI frame,
 * as the Linux ti-ads7950 driver drives them: one frame per chip select,
 * a command in each, the result of the channel it selects two frames
 * later (sampled during the next frame, shifted out in the one after).
 * Manual, Auto-1 (a channel mask) and Auto-2 (channels 0 to N) sequences,
 * the shared settings (range Vref or 2 x Vref, GPIO data on DO15-12,
 * GPIO output levels) and the GPIO program register, whose reset bit
 * resets the chip. Each channel's input is a voltage (chN-uv, settable
 * from QMP, or set by a source such as the EV3 battery model).
 *
 * A word that is not a 16-bit frame, a second word in one chip select,
 * a reserved command or a channel the part lacks: LOG_GUEST_ERROR, and
 * the frame is ignored (SDO reads 0).
 *
 * Not modelled: power down (the chip stays up), the alarm thresholds
 * and the GPIO alarm outputs, GPIO2 as range and GPIO3 as power-down
 * inputs, conversion noise and timing (results are exact, at once).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/adc/ti_ads7950.h"
#include "trace.h"

/* The largest input a pin takes (VA + 0.3 V at VA = 5.25 V): 5.55 V. */
#define ADS_INPUT_MAX_UV 5550000

static const char *ads_name(TiAds7950State *s)
{
    return object_get_typename(OBJECT(s));
}

static uint16_t ads_convert(TiAds7950State *s, unsigned ch)
{
    TiAds7950Class *k = TI_ADS7950_GET_CLASS(s);
    uint64_t fs = (uint64_t)s->vref_uv *
                  (FIELD_EX32(s->settings, CMD, RANGE_5V) ? 2 : 1);
    uint32_t max = (1u << k->bits) - 1;
    uint64_t code = ((uint64_t)s->input_uv[ch] * max + fs / 2) / fs;

    return MIN(code, max);
}

/* The GPIO pins programmed as outputs follow the settings' levels. */
static void ads_update_gpio(TiAds7950State *s)
{
    uint8_t dir = FIELD_EX32(s->gpio_prog, GPIO_PROG, DIR);
    uint8_t lvl = FIELD_EX32(s->settings, CMD, GPIO_OUT);

    for (int i = 0; i < ADS7950_NUM_GPIOS; i++) {
        qemu_set_irq(s->gpio_out[i], (dir & lvl) >> i & 1);
    }
}

static void ads_reset_regs(TiAds7950State *s)
{
    TiAds7950Class *k = TI_ADS7950_GET_CLASS(s);

    s->mode = ADS7950_MODE_MANUAL;
    s->settings = 0;
    s->auto1_mask = MAKE_64BIT_MASK(0, k->nchan);
    s->auto2_last = k->nchan - 1;
    s->gpio_prog = 0;
    s->auto_ch = 0;
    s->auto1_prog_next = false;
    s->sample_ch = 0;
}

/* The next channel of the Auto-1 or Auto-2 sequence, from @from on. */
static uint8_t ads_auto_next(TiAds7950State *s, unsigned from)
{
    uint16_t seq = s->mode == ADS7950_MODE_AUTO1 ? s->auto1_mask :
                   MAKE_64BIT_MASK(0, s->auto2_last + 1);

    for (unsigned i = 0; i < ADS7950_MAX_CHANNELS; i++) {
        unsigned ch = (from + i) % ADS7950_MAX_CHANNELS;

        if (seq & BIT(ch)) {
            return ch;
        }
    }
    return 0;   /* an empty mask is refused when it is programmed */
}

static bool ads_auto_mode(TiAds7950State *s, uint16_t cmd, uint8_t mode)
{
    bool entering = s->mode != mode;

    s->mode = mode;
    if (FIELD_EX32(cmd, CMD, WRITE)) {
        s->settings = FIELD_EX32(cmd, CMD, SETTINGS);
    }
    s->auto_ch = ads_auto_next(s, entering || FIELD_EX32(cmd, CMD, RESET_CNT)
                                  ? 0 : s->auto_ch + 1);
    s->sample_ch = s->auto_ch;
    return true;
}

/* Decode a command; false if the chip does not take it. */
static bool ads_command(TiAds7950State *s, uint16_t cmd)
{
    TiAds7950Class *k = TI_ADS7950_GET_CLASS(s);
    uint8_t mode = FIELD_EX32(cmd, CMD, MODE);
    unsigned ch;

    if (s->auto1_prog_next) {
        s->auto1_prog_next = false;
        if (!(cmd & MAKE_64BIT_MASK(0, k->nchan))) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: Auto-1 channel mask 0x%04x "
                          "names none of the %u channels: ignored\n",
                          ads_name(s), cmd, k->nchan);
            return false;
        }
        if (cmd & ~MAKE_64BIT_MASK(0, k->nchan)) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: Auto-1 channel mask 0x%04x "
                          "names channels beyond the %u it has: ignored\n",
                          ads_name(s), cmd, k->nchan);
            return false;
        }
        s->auto1_mask = cmd;
        return true;
    }

    switch (mode) {
    case ADS7950_MODE_CONTINUE:
        if (s->mode != ADS7950_MODE_MANUAL) {
            s->auto_ch = ads_auto_next(s, s->auto_ch + 1);
            s->sample_ch = s->auto_ch;
        }
        return true;
    case ADS7950_MODE_MANUAL:
        ch = FIELD_EX32(cmd, CMD, CHAN);
        if (ch >= k->nchan) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: manual mode on channel %u, "
                          "the part has %u: ignored\n", ads_name(s), ch,
                          k->nchan);
            return false;
        }
        s->mode = mode;
        if (FIELD_EX32(cmd, CMD, WRITE)) {
            s->settings = FIELD_EX32(cmd, CMD, SETTINGS);
        }
        s->sample_ch = ch;
        return true;
    case ADS7950_MODE_AUTO1:
    case ADS7950_MODE_AUTO2:
        return ads_auto_mode(s, cmd, mode);
    case ADS7950_MODE_GPIO_PROG:
        if (FIELD_EX32(cmd, GPIO_PROG, RESET)) {
            ads_reset_regs(s);
        } else {
            s->gpio_prog = FIELD_EX32(cmd, CMD, GPIO_PROG);
        }
        return true;
    case ADS7950_MODE_AUTO1_PROG:
        s->auto1_prog_next = true;
        return true;
    case ADS7950_MODE_AUTO2_PROG:
        ch = FIELD_EX32(cmd, CMD, AUTO2_LAST);
        if (ch >= k->nchan) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: Auto-2 last channel %u, the "
                          "part has %u: ignored\n", ads_name(s), ch,
                          k->nchan);
            return false;
        }
        s->auto2_last = ch;
        return true;
    case ADS7950_MODE_ALARM0 ... ADS7950_MODE_ALARM0 + 3:
        qemu_log_mask(LOG_UNIMP, "%s: alarm thresholds (command 0x%04x) "
                      "are not modelled\n", ads_name(s), cmd);
        return true;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: command 0x%04x: DI15-12 = 0x%x "
                      "is reserved: ignored\n", ads_name(s), cmd, mode);
        return false;
    }
}

static uint32_t ads_transfer(SSIPeripheral *ss, uint32_t val)
{
    TiAds7950State *s = TI_ADS7950(ss);
    TiAds7950Class *k = TI_ADS7950_GET_CLASS(s);
    unsigned bits = ssi_word_bits(ss);
    uint32_t out;

    if (bits && bits != ADS7950_FRAME_BITS) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: a %u-bit word: the chip takes "
                      "16-bit frames: ignored\n", ads_name(s), bits);
        trace_ti_ads7950_bad_frame(bits, s->frame_words);
        return 0;
    }
    if (s->frame_words++) {
        s->frame_words = 2;
        qemu_log_mask(LOG_GUEST_ERROR, "%s: a second word in one chip "
                      "select: a frame is 16 clocks between chip select "
                      "edges: ignored\n", ads_name(s));
        trace_ti_ads7950_bad_frame(bits, s->frame_words);
        return 0;
    }

    /* Shift out what the frame before converted. */
    out = FIELD_DP32(0, OUT, ADDR, FIELD_EX32(s->settings, CMD, GPIO_DATA)
                     ? s->gpio_in & 0xf : s->out_ch);
    out = FIELD_DP32(out, OUT, DATA, s->out_code << (12 - k->bits));
    /* The channel sampled during this frame converts by its end. */
    s->out_ch = s->sample_ch;
    s->out_code = ads_convert(s, s->sample_ch);
    trace_ti_ads7950_frame(val & 0xffff, out, s->out_ch, s->out_code);
    ads_command(s, val & 0xffff);
    ads_update_gpio(s);
    return out;
}

static int ads_set_cs(SSIPeripheral *ss, bool level)
{
    TiAds7950State *s = TI_ADS7950(ss);

    /* Active low: a frame ends when chip select goes high. */
    if (level) {
        s->frame_words = 0;
    }
    trace_ti_ads7950_cs(!level);
    return 0;
}

void ti_ads7950_set_input(TiAds7950State *s, unsigned ch, uint32_t uv)
{
    if (ch < ADS7950_MAX_CHANNELS) {
        s->input_uv[ch] = MIN(uv, ADS_INPUT_MAX_UV);
        trace_ti_ads7950_input(ch, s->input_uv[ch]);
    }
}

uint32_t ti_ads7950_phandle(TiAds7950State *s, void *fdt)
{
    if (!s->phandle) {
        s->phandle = qemu_fdt_alloc_phandle(fdt);
    }
    return s->phandle;
}

static void ads_get_input(Object *obj, Visitor *v, const char *name,
                          void *opaque, Error **errp)
{
    TiAds7950State *s = TI_ADS7950(obj);
    uint32_t uv = s->input_uv[(uintptr_t)opaque];

    visit_type_uint32(v, name, &uv, errp);
}

static void ads_set_input(Object *obj, Visitor *v, const char *name,
                          void *opaque, Error **errp)
{
    uint32_t uv;

    if (!visit_type_uint32(v, name, &uv, errp)) {
        return;
    }
    if (uv > ADS_INPUT_MAX_UV) {
        error_setg(errp, "%s: %s %u is beyond the %u uV an input pin takes",
                   object_get_typename(obj), name, uv, ADS_INPUT_MAX_UV);
        return;
    }
    ti_ads7950_set_input(TI_ADS7950(obj), (uintptr_t)opaque, uv);
}

static void ads_reset_enter(Object *obj, ResetType type)
{
    TiAds7950State *s = TI_ADS7950(obj);

    ads_reset_regs(s);
    s->out_ch = 0;
    s->out_code = 0;
    s->frame_words = 0;
}

static void ads_reset_hold(Object *obj, ResetType type)
{
    ads_update_gpio(TI_ADS7950(obj));
}

static void ads_init(Object *obj)
{
    TiAds7950Class *k = TI_ADS7950_GET_CLASS(obj);

    for (uintptr_t ch = 0; ch < k->nchan; ch++) {
        g_autofree char *name = g_strdup_printf("ch%u-uv", (unsigned)ch);

        object_property_add(obj, name, "uint32", ads_get_input, ads_set_input,
                            NULL, (void *)ch);
    }
    qdev_init_gpio_out_named(DEVICE(obj), TI_ADS7950(obj)->gpio_out, "gpio",
                             ADS7950_NUM_GPIOS);
}

static void ads_realize(SSIPeripheral *ss, Error **errp)
{
    TiAds7950State *s = TI_ADS7950(ss);

    if (s->vref_uv < 1000000 || s->vref_uv > 3000000) {
        error_setg(errp, "%s: vref-uv must be 1000000 to 3000000 (REFP, "
                   "1 V to 3 V), not %u", ads_name(s), s->vref_uv);
    } else if (!s->max_hz || s->max_hz > 20000000) {
        error_setg(errp, "%s: max-hz must be 1 to 20000000 (20 MHz SCLK), "
                   "not %u", ads_name(s), s->max_hz);
    } else if (s->gpio_in > 0xf) {
        error_setg(errp, "%s: gpio-in is the levels of GPIO3-0, 0 to 0xf, "
                   "not 0x%x", ads_name(s), s->gpio_in);
    }
}

/*
 * ti,ads7950.yaml: a child of the SPI controller at its chip select, with
 * the reference as a regulator (here a fixed one at vref-uv).
 */
static void ads_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    TiAds7950State *s = TI_ADS7950(dev);
    TiAds7950Class *k = TI_ADS7950_GET_CLASS(s);
    g_autofree char *path = NULL;
    g_autofree char *reg = g_strdup_printf("/regulator-%s-cs%d",
                                           ads_name(s), ctx->spi_cs);
    uint32_t vref = qemu_fdt_alloc_phandle(ctx->fdt);

    qemu_fdt_add_subnode(ctx->fdt, reg);
    qemu_fdt_setprop_string(ctx->fdt, reg, "compatible", "regulator-fixed");
    qemu_fdt_setprop_string(ctx->fdt, reg, "regulator-name", "adc-vref");
    qemu_fdt_setprop_cell(ctx->fdt, reg, "regulator-min-microvolt",
                          s->vref_uv);
    qemu_fdt_setprop_cell(ctx->fdt, reg, "regulator-max-microvolt",
                          s->vref_uv);
    qemu_fdt_setprop(ctx->fdt, reg, "regulator-boot-on", NULL, 0);
    qemu_fdt_setprop_cell(ctx->fdt, reg, "phandle", vref);

    path = presilicon_fdt_add_spi_node(ctx, "adc", &k->compatible, 1,
                                       s->max_hz);
    qemu_fdt_setprop_cell(ctx->fdt, path, "#io-channel-cells", 1);
    qemu_fdt_setprop_cell(ctx->fdt, path, "vref-supply", vref);
    qemu_fdt_setprop_cell(ctx->fdt, path, "phandle",
                          ti_ads7950_phandle(s, ctx->fdt));
}

static int ads_post_load(void *opaque, int version_id)
{
    TiAds7950State *s = opaque;
    TiAds7950Class *k = TI_ADS7950_GET_CLASS(s);

    if (s->sample_ch >= k->nchan || s->out_ch >= k->nchan ||
        s->auto_ch >= k->nchan || s->auto2_last >= k->nchan ||
        s->out_code >> k->bits || s->settings >> 7 ||
        s->gpio_prog >> 12 || s->frame_words > 2 ||
        !(s->auto1_mask & MAKE_64BIT_MASK(0, k->nchan))) {
        return -EINVAL;
    }
    for (int i = 0; i < ADS7950_MAX_CHANNELS; i++) {
        if (s->input_uv[i] > ADS_INPUT_MAX_UV) {
            return -EINVAL;
        }
    }
    return 0;
}

static const VMStateDescription vmstate_ads = {
    .name = TYPE_TI_ADS7950,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = ads_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_SSI_PERIPHERAL(parent_obj, TiAds7950State),
        VMSTATE_UINT8(mode, TiAds7950State),
        VMSTATE_UINT8(settings, TiAds7950State),
        VMSTATE_UINT16(auto1_mask, TiAds7950State),
        VMSTATE_UINT8(auto2_last, TiAds7950State),
        VMSTATE_UINT16(gpio_prog, TiAds7950State),
        VMSTATE_UINT8(auto_ch, TiAds7950State),
        VMSTATE_BOOL(auto1_prog_next, TiAds7950State),
        VMSTATE_UINT8(sample_ch, TiAds7950State),
        VMSTATE_UINT8(out_ch, TiAds7950State),
        VMSTATE_UINT16(out_code, TiAds7950State),
        VMSTATE_UINT8(frame_words, TiAds7950State),
        VMSTATE_UINT32_ARRAY(input_uv, TiAds7950State, ADS7950_MAX_CHANNELS),
        VMSTATE_END_OF_LIST()
    },
};

static const Property ads_properties[] = {
    /* The EV3's: a divider on VCC5V, 2.5 V. */
    DEFINE_PROP_UINT32("vref-uv", TiAds7950State, vref_uv, 2500000),
    DEFINE_PROP_UINT32("max-hz", TiAds7950State, max_hz, 1000000),
    DEFINE_PROP_UINT8("gpio-in", TiAds7950State, gpio_in, 0),
};

static void ads_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    SSIPeripheralClass *sc = SSI_PERIPHERAL_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "TI ADS7950 family SPI ADC";
    dc->vmsd = &vmstate_ads;
    dc->user_creatable = true;
    device_class_set_props(dc, ads_properties);
    sc->realize = ads_realize;
    sc->transfer = ads_transfer;
    sc->set_cs = ads_set_cs;
    sc->cs_polarity = SSI_CS_LOW;
    rc->phases.enter = ads_reset_enter;
    rc->phases.hold = ads_reset_hold;
    fc->add_node = ads_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

typedef struct TiAds7950Part {
    const char *compatible;
    uint8_t nchan, bits;
} TiAds7950Part;

/*
 * The family differs in channels (4, 8, 12, 16) and bits (12, 10, 8):
 * another part is one more type here (and a VMState golden).
 */
static const TiAds7950Part ads7957 = { "ti,ads7957", 16, 10 };

static void ads_part_class_init(ObjectClass *oc, void *data)
{
    TiAds7950Class *k = TI_ADS7950_CLASS(oc);
    const TiAds7950Part *part = data;

    k->compatible = part->compatible;
    k->nchan = part->nchan;
    k->bits = part->bits;
}

static const TypeInfo ads_types[] = {
    {
        .name = TYPE_TI_ADS7950,
        .parent = TYPE_SSI_PERIPHERAL,
        .abstract = true,
        .instance_size = sizeof(TiAds7950State),
        .class_size = sizeof(TiAds7950Class),
        .class_init = ads_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    }, {
        .name = TYPE_TI_ADS7957,
        .parent = TYPE_TI_ADS7950,
        .instance_init = ads_init,
        .class_init = ads_part_class_init,
        .class_data = (void *)&ads7957,
    },
};

DEFINE_TYPES(ads_types)
