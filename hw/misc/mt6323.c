/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * MediaTek MT6323 PMIC ("mediatek,mt6323"), as the MT7623's PMIC wrapper
 * reaches it: a 16-bit register file of which the model gives meaning to
 * the chip id, the clock power-down and interrupt registers (with their
 * SET/CLR aliases), the device wrapper's (DEW) link registers that the
 * wrapper's init sequence checks, and the four current sinks (ISINK0-3)
 * the leds-mt6323 driver lights and blinks. The LEDs' state is readable
 * over QOM (ledN-brightness, -blinking, -period-ms, -duty-pct), and
 * interrupt sources can be raised from QMP (int-status).
 *
 * Not modelled: the regulators, the RTC, the charger, the AUXADC, the
 * power key and the WLED driver; their registers below 0x800 hold what
 * is written and do nothing, and nothing answers at 0x800 and above (the
 * RTC's 0x8000 window included). The cipher is not computed: the link is
 * good while both ends agree on dual I/O, read dummy cycles and cipher
 * settings (hw/misc/mt7623_pwrap.c checks that).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bswap.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "migration/vmstate.h"
#include "hw/irq.h"
#include "hw/misc/mt6323.h"
#include "trace.h"

#define PR(s, a)        ((s)->regs[(a) / 2])
#define SET_OFS         2
#define CLR_OFS         4
/* Status bits with a source (MT6323_IRQ_STATUS_* in Linux). */
#define INT_STATUS0_MASK    0x0fff
#define INT_STATUS1_MASK    0x00ff

/* Registers with SET (+2) and CLR (+4) aliases. */
static const uint16_t mt6323_setclr[] = {
    A_MT6323_TOP_CKPDN0, A_MT6323_TOP_CKPDN1, A_MT6323_TOP_CKPDN2,
    A_MT6323_TOP_CKCON0, A_MT6323_TOP_CKCON1, A_MT6323_INT_CON0,
    A_MT6323_INT_CON1,
};

static void mt6323_update_irq(Mt6323State *s)
{
    qemu_set_irq(s->irq,
                 !!((PR(s, A_MT6323_INT_STATUS0) & PR(s, A_MT6323_INT_CON0)) |
                    (PR(s, A_MT6323_INT_STATUS1) & PR(s, A_MT6323_INT_CON1))));
}

/* ISINK n: lit, and at which current step (0 when dark). */
static unsigned mt6323_led_level(Mt6323State *s, unsigned n)
{
    uint16_t con2 = PR(s, A_MT6323_ISINK0_CON2 + n * MT6323_ISINK_STRIDE);

    if (FIELD_EX16(PR(s, A_MT6323_TOP_CKPDN0), MT6323_TOP_CKPDN0, DRV_32K) ||
        (PR(s, A_MT6323_TOP_CKPDN2) & BIT(n)) ||
        (PR(s, A_MT6323_TOP_CKCON1) &
         BIT(R_MT6323_TOP_CKCON1_ISINK_CK_SEL_SHIFT + n)) ||
        !(PR(s, A_MT6323_ISINK_EN_CTRL) & BIT(n))) {
        return 0;
    }
    return FIELD_EX16(con2, MT6323_ISINK_CON2, CH_STEP) + 1;
}

/* Its dimming: on-time in 32nds of a period of period_ms. */
static unsigned mt6323_led_duty32(Mt6323State *s, unsigned n)
{
    return FIELD_EX16(PR(s, A_MT6323_ISINK0_CON0 + n * MT6323_ISINK_STRIDE),
                      MT6323_ISINK_CON0, DIM_DUTY) + 1;
}

static unsigned mt6323_led_period_ms(Mt6323State *s, unsigned n)
{
    return FIELD_EX16(PR(s, A_MT6323_ISINK0_CON1 + n * MT6323_ISINK_STRIDE),
                      MT6323_ISINK_CON1, DIM_FSEL) + 1;
}

static bool mt6323_led_blinking(Mt6323State *s, unsigned n)
{
    return mt6323_led_level(s, n) && mt6323_led_duty32(s, n) < 32;
}

static void mt6323_trace_leds(Mt6323State *s, const unsigned *before)
{
    for (unsigned n = 0; n < MT6323_NUM_ISINKS; n++) {
        unsigned now = mt6323_led_level(s, n) |
                       mt6323_led_blinking(s, n) << 8;

        if (now != before[n]) {
            trace_mt6323_led(n, mt6323_led_level(s, n),
                             mt6323_led_blinking(s, n),
                             mt6323_led_period_ms(s, n),
                             mt6323_led_duty32(s, n));
        }
    }
}

static bool mt6323_cipher_ready(Mt6323State *s)
{
    return (PR(s, A_MT6323_DEW_CIPHER_EN) & 1) &&
           !(PR(s, A_MT6323_DEW_CIPHER_SWRST) & 1);
}

bool mt6323_read(Mt6323State *s, uint16_t addr, uint16_t *val)
{
    *val = 0;
    if (addr >= MT6323_REG_SPACE || (addr & 1)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt6323: read of 0x%04x: no register "
                      "there (the model decodes 0x0000-0x07fe)\n", addr);
        return false;
    }
    switch (addr) {
    case A_MT6323_DEW_READ_TEST:
        *val = MT6323_DEW_READ_TEST_VAL;
        break;
    case A_MT6323_DEW_CRC_VAL:
        *val = s->crc;
        break;
    case A_MT6323_DEW_CIPHER_RDY:
        *val = mt6323_cipher_ready(s);
        break;
    default:
        *val = PR(s, addr);
        for (int i = 0; i < ARRAY_SIZE(mt6323_setclr); i++) {
            if (addr == mt6323_setclr[i] + SET_OFS ||
                addr == mt6323_setclr[i] + CLR_OFS) {
                *val = PR(s, mt6323_setclr[i]);
            }
        }
        break;
    }
    trace_mt6323_read(addr, *val);
    return true;
}

/* CRC-16/CCITT over the address and data of each write, while CRC_EN. */
static void mt6323_crc(Mt6323State *s, uint16_t addr, uint16_t val)
{
    uint32_t word = (uint32_t)addr << 16 | val;

    for (int i = 31; i >= 0; i--) {
        bool bit = ((s->crc >> 15) & 1) ^ ((word >> i) & 1);

        s->crc = (s->crc << 1) ^ (bit ? 0x1021 : 0);
    }
}

bool mt6323_write(Mt6323State *s, uint16_t addr, uint16_t val)
{
    unsigned before[MT6323_NUM_ISINKS];

    if (addr >= MT6323_REG_SPACE || (addr & 1)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt6323: write 0x%04x to 0x%04x: no "
                      "register there (the model decodes 0x0000-0x07fe)\n",
                      val, addr);
        return false;
    }
    trace_mt6323_write(addr, val);
    for (unsigned n = 0; n < MT6323_NUM_ISINKS; n++) {
        before[n] = mt6323_led_level(s, n) | mt6323_led_blinking(s, n) << 8;
    }
    if (PR(s, A_MT6323_DEW_CRC_EN) & 1) {
        mt6323_crc(s, addr, val);
    }
    for (int i = 0; i < ARRAY_SIZE(mt6323_setclr); i++) {
        if (addr == mt6323_setclr[i] + SET_OFS) {
            PR(s, mt6323_setclr[i]) |= val;
            goto done;
        }
        if (addr == mt6323_setclr[i] + CLR_OFS) {
            PR(s, mt6323_setclr[i]) &= ~val;
            goto done;
        }
    }
    switch (addr) {
    case A_MT6323_CID:
    case A_MT6323_DEW_READ_TEST:
    case A_MT6323_DEW_CRC_VAL:
    case A_MT6323_DEW_CIPHER_RDY:
        qemu_log_mask(LOG_GUEST_ERROR, "mt6323: write 0x%04x to read-only "
                      "register 0x%04x\n", val, addr);
        return true;
    case A_MT6323_INT_STATUS0:
    case A_MT6323_INT_STATUS1:
        PR(s, addr) &= ~val;
        break;
    case A_MT6323_DEW_CRC_EN:
        if ((val & 1) && !(PR(s, addr) & 1)) {
            s->crc = 0;
        }
        PR(s, addr) = val & 1;
        break;
    case A_MT6323_DEW_DIO_EN:
    case A_MT6323_DEW_CIPHER_EN:
    case A_MT6323_DEW_CIPHER_MODE:
        PR(s, addr) = val & 1;
        break;
    case A_MT6323_DEW_CIPHER_SWRST:
        PR(s, addr) = val & 1;
        if (val & 1) {
            /* The cipher in reset: not ready, the link back in plain text. */
            PR(s, A_MT6323_DEW_CIPHER_EN) = 0;
            PR(s, A_MT6323_DEW_CIPHER_MODE) = 0;
        }
        break;
    default:
        PR(s, addr) = val;
        break;
    }
done:
    mt6323_trace_leds(s, before);
    mt6323_update_irq(s);
    return true;
}

void mt6323_spi_reset(Mt6323State *s)
{
    trace_mt6323_spi_reset();
    PR(s, A_MT6323_DEW_DIO_EN) = 0;
    PR(s, A_MT6323_DEW_CIPHER_MODE) = 0;
}

bool mt6323_dio(Mt6323State *s)
{
    return PR(s, A_MT6323_DEW_DIO_EN) & 1;
}

bool mt6323_ciphered(Mt6323State *s)
{
    return PR(s, A_MT6323_DEW_CIPHER_MODE) & 1;
}

/* The key and IV selections, as one word. */
uint32_t mt6323_cipher_sel(Mt6323State *s)
{
    return (PR(s, A_MT6323_DEW_CIPHER_KEY_SEL) & 0xff) |
           (PR(s, A_MT6323_DEW_CIPHER_IV_SEL) & 0xff) << 8;
}

uint16_t mt6323_rddmy(Mt6323State *s)
{
    return PR(s, A_MT6323_DEW_RDDMY_NO);
}

static void mt6323_reset_enter(Object *obj, ResetType type)
{
    Mt6323State *s = MT6323(obj);

    memset(s->regs, 0, sizeof(s->regs));
    s->crc = 0;
    PR(s, A_MT6323_CID) = MT6323_CHIP_ID;
    /* Out of power-on every clock the LEDs use is stopped. */
    PR(s, A_MT6323_TOP_CKPDN0) = R_MT6323_TOP_CKPDN0_DRV_32K_MASK |
                                 R_MT6323_TOP_CKPDN0_VWLED_1M_MASK |
                                 R_MT6323_TOP_CKPDN0_VWLED_32K_MASK |
                                 R_MT6323_TOP_CKPDN0_VWLED_6M_MASK;
    PR(s, A_MT6323_TOP_CKPDN2) = R_MT6323_TOP_CKPDN2_ISINK_MASK;
}

static void mt6323_reset_hold(Object *obj, ResetType type)
{
    mt6323_update_irq(MT6323(obj));
}

/* QOM: the LEDs as the model lights them. */
static unsigned mt6323_led_of(const char *name)
{
    return name[3] - '0';
}

static void mt6323_get_led(Object *obj, Visitor *v, const char *name,
                           void *opaque, Error **errp)
{
    Mt6323State *s = MT6323(obj);
    unsigned n = mt6323_led_of(name);
    uint32_t val;

    if (g_str_has_suffix(name, "-blinking")) {
        bool b = mt6323_led_blinking(s, n);

        visit_type_bool(v, name, &b, errp);
        return;
    }
    if (g_str_has_suffix(name, "-brightness")) {
        val = mt6323_led_level(s, n);
    } else if (g_str_has_suffix(name, "-period-ms")) {
        val = mt6323_led_period_ms(s, n);
    } else {
        val = mt6323_led_duty32(s, n) * 100 / 32;
    }
    visit_type_uint32(v, name, &val, errp);
}

/* int-status: STATUS1 << 16 | STATUS0; a write raises those sources. */
static void mt6323_get_int(Object *obj, Visitor *v, const char *name,
                           void *opaque, Error **errp)
{
    Mt6323State *s = MT6323(obj);
    uint32_t val = PR(s, A_MT6323_INT_STATUS1) << 16 |
                   PR(s, A_MT6323_INT_STATUS0);

    visit_type_uint32(v, name, &val, errp);
}

static void mt6323_set_int(Object *obj, Visitor *v, const char *name,
                           void *opaque, Error **errp)
{
    Mt6323State *s = MT6323(obj);
    uint32_t val;

    if (!visit_type_uint32(v, name, &val, errp)) {
        return;
    }
    if (val & ~(INT_STATUS1_MASK << 16 | INT_STATUS0_MASK)) {
        error_setg(errp, "mt6323: int-status 0x%x names sources that do not "
                   "exist (STATUS0 bits 0-11, STATUS1 bits 16-23)", val);
        return;
    }
    PR(s, A_MT6323_INT_STATUS0) |= val & INT_STATUS0_MASK;
    PR(s, A_MT6323_INT_STATUS1) |= val >> 16;
    trace_mt6323_int_raise(val);
    mt6323_update_irq(s);
}

static void mt6323_init(Object *obj)
{
    Mt6323State *s = MT6323(obj);
    static const char *const what[] = {
        "brightness", "blinking", "period-ms", "duty-pct",
    };

    qdev_init_gpio_out(DEVICE(obj), &s->irq, 1);
    for (int n = 0; n < MT6323_NUM_ISINKS; n++) {
        for (int i = 0; i < ARRAY_SIZE(what); i++) {
            g_autofree char *prop = g_strdup_printf("led%d-%s", n, what[i]);

            object_property_add(obj, prop, i == 1 ? "bool" : "uint32",
                                mt6323_get_led, NULL, NULL, NULL);
        }
    }
    object_property_add(obj, "int-status", "uint32", mt6323_get_int,
                        mt6323_set_int, NULL, NULL);
}

/* Migrated inside the wrapper's state: the PMIC has no bus of its own. */
const VMStateDescription vmstate_mt6323 = {
    .name = TYPE_MT6323,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT16_ARRAY(regs, Mt6323State, MT6323_NUM_REGS),
        VMSTATE_UINT16(crc, Mt6323State),
        VMSTATE_END_OF_LIST()
    },
};

static void mt6323_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    dc->desc = "MediaTek MT6323 PMIC (behind the MT7623 PMIC wrapper)";
    /* Only a wrapper reaches it: mt7623-pwrap makes one. */
    dc->user_creatable = false;
    rc->phases.enter = mt6323_reset_enter;
    rc->phases.hold = mt6323_reset_hold;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo mt6323_types[] = {
    {
        .name = TYPE_MT6323,
        .parent = TYPE_DEVICE,
        .instance_size = sizeof(Mt6323State),
        .instance_init = mt6323_init,
        .class_init = mt6323_class_init,
    },
};

DEFINE_TYPES(mt6323_types)
