/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Motorola CPCAP PMIC ("motorola,cpcap", ST 6556002) on SPI, as the
 * Droid 4 wires it and Linux's mfd/motorola-cpcap.c drives it: 16-bit
 * words with chip select active high, a command word (bit 15 write, the
 * register's byte address) and one word per register after it, the
 * address advancing by 4 (regmap-spi, reg_bits = val_bits = 16).
 *
 * Modelled:
 * - the register map of include/linux/mfd/motorola-cpcap.h: every
 *   register Linux names reads back what was written unless given a
 *   behaviour below; an address between them is a guest error;
 * - the interrupt controller the mfd driver chains (three regmap-irq
 *   chips): INT1-4 latched (write 1 to clear), INTM1-4 masks, INTS1-4
 *   the sources' present state, and the macro interrupts MI1/MI2 with
 *   their masks; the output (a SoC GPIO, level high) is high while an
 *   unmasked latched bit is set;
 * - the ADC (cpcap-adc): a conversion started by ADCC2.ASC fills
 *   ADCD0-7 from bank 0 or 1 (ADCC1.AD_SEL1), or BATTP/BATTI with RAND1,
 *   clears ASC and raises ADCDONE; with ADCC1.CAL_MODE it calibrates the
 *   two current channels into ADCAL1/2. The values come from a battery
 *   and charger input model set from QMP (battery voltage, current and
 *   temperature, VBUS, charge current), scaled as the driver's tables
 *   invert them;
 * - the comparators behind INTS1/2/4 (low battery, VBUS valid and
 *   overvoltage, charger detect, charge current, battery detect), whose
 *   changes latch their INT bits;
 * - the coulomb counter's calibration (CCC1.CAL_EN clears at once, CCM
 *   holds the offset, CCCAL raised);
 * - the red, green and blue indicator LEDs, readable from QMP.
 *
 * Not modelled: the coulomb counter counting (its sample, accumulator
 * and integrator registers hold what is written), the charger's power
 * path (CRM is stored: setting a charge current does not change the
 * injected one), the regulators, RTC, power button, audio codec, USB PHY
 * and one-wire blocks (their registers are plain storage), conversion
 * time (results are there when ASC is written) and the timed triggers.
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
#include "hw/misc/motorola_cpcap.h"
#include "trace.h"

#define CPCAP_IDX(addr)         ((addr) / CPCAP_REG_STRIDE)
#define REG(s, addr)            ((s)->regs[CPCAP_IDX(addr)])

/* The Droid 4's: vendor ST, revision 2.10 ("CPCAP vendor: ST rev: 2.10"). */
#define CPCAP_VENDOR_ST         0
#define CPCAP_REVISION          0x1a

/* dt-bindings/interrupt-controller/irq.h */
#define CPCAP_FDT_IRQ_LEVEL_HIGH 4

/* Every register include/linux/mfd/motorola-cpcap.h names, in order. */
static const uint16_t cpcap_known[] = {
    0x0000, 0x0004, 0x0008, 0x000c, 0x0010, 0x0014, 0x0018, 0x001c,
    0x0020, 0x0024, 0x0028, 0x002c, 0x0030, 0x0034, 0x0038, 0x003c,
    0x0040, 0x0044, 0x0048, 0x004c,
    0x0200, 0x0204, 0x0208, 0x020c, 0x0210, 0x0214, 0x021c, 0x0220,
    0x0224, 0x0228, 0x022c, 0x0230, 0x0234, 0x0238,
    0x0400, 0x0404, 0x0408, 0x040c, 0x0410, 0x0414, 0x0418, 0x041c,
    0x0420, 0x0424, 0x0428, 0x042c,
    0x0600, 0x0604, 0x0608, 0x060c, 0x0610, 0x0614, 0x0618, 0x061c,
    0x0620, 0x0624, 0x0628, 0x062c, 0x0630, 0x0634, 0x0638, 0x063c,
    0x0640, 0x0644, 0x0648, 0x064c, 0x0650, 0x0654, 0x0658, 0x065c,
    0x0660, 0x0664, 0x0668, 0x066c, 0x0670, 0x0674, 0x0678, 0x067c,
    0x0680,
    0x0800, 0x0804, 0x0808, 0x080c, 0x0810, 0x0814, 0x0818, 0x081c,
    0x0820, 0x0824, 0x0828, 0x082c, 0x0830, 0x0834, 0x0838, 0x083c,
    0x0840, 0x0844,
    0x0a00, 0x0a04, 0x0a08, 0x0a0c, 0x0a10, 0x0a14, 0x0a18, 0x0a1c,
    0x0a20, 0x0a24,
    0x0c00, 0x0c04, 0x0c08, 0x0c0c, 0x0c10, 0x0c14, 0x0c18, 0x0c1c,
    0x0c20, 0x0c24, 0x0c28, 0x0c2c,
    0x0e00, 0x0e04, 0x0e08, 0x0e0c, 0x0e10, 0x0e14, 0x0e18, 0x0e1c,
    0x0e20, 0x0e24, 0x0e28, 0x0e2c, 0x0e30, 0x0e34, 0x0e38, 0x0e3c,
    0x0e40, 0x0e44, 0x0e48, 0x0e4c, 0x0e50, 0x0e54, 0x0e58, 0x0e5c,
    0x0e60, 0x0e64, 0x0e68, 0x0e6c, 0x0eac, 0x0eb0, 0x0eb4, 0x0ebc,
    0x0ec4, 0x0ecc, 0x0ed4, 0x0edc, 0x0ee4,
    0x1000, 0x1004, 0x1008, 0x100c, 0x1010, 0x1014, 0x1018, 0x101c,
    0x1020, 0x1024,
    0x1200, 0x1204, 0x1208, 0x120c, 0x1214, 0x1220, 0x1224, 0x1228,
    0x122c, 0x1234, 0x1240, 0x1244, 0x1248, 0x124c, 0x1254, 0x1258,
    0x125c, 0x1260, 0x1264, 0x1268, 0x126c, 0x1270, 0x1274, 0x1278,
    0x127c,
    0x7c00, 0x7d08, 0x7d18,
};

static int cpcap_cmp(const void *a, const void *b)
{
    return *(const uint16_t *)a - *(const uint16_t *)b;
}

static bool cpcap_reg_known(uint16_t addr)
{
    return bsearch(&addr, cpcap_known, ARRAY_SIZE(cpcap_known),
                   sizeof(addr), cpcap_cmp);
}

static bool cpcap_reg_read_only(uint16_t addr)
{
    return (addr >= A_INTS1 && addr <= A_INTS4) ||
           addr == A_VERSC1 || addr == A_VERSC2 ||
           (addr >= A_ADCD0 && addr <= A_ADCAL2);
}

/* The sense (INTS) bit of interrupt @n. */
#define SENSE(n)    ((uint64_t)1 << (n))

static void cpcap_update_irq(MotorolaCpcapState *s)
{
    bool level = (REG(s, A_MI1) & ~REG(s, A_MIM1)) ||
                 (REG(s, A_MI2) & ~REG(s, A_MIM2));

    for (int i = 0; i < CPCAP_INT_BANKS; i++) {
        level |= !!(REG(s, A_INT1 + i * 4) & ~REG(s, CPCAP_REG_INTM(i)));
    }
    trace_motorola_cpcap_irq(level);
    qemu_set_irq(s->irq, level);
}

/* The comparators' outputs, as INTS1-4 read them. */
static uint64_t cpcap_sense(MotorolaCpcapState *s)
{
    uint64_t sense = 0;
    bool batt = s->battery_present;
    bool vbusvld = s->vbus_present && s->vbus_uv >= CPCAP_VBUSVLD_UV;

    if (batt && s->battery_uv < CPCAP_LOWBPL_UV) {
        sense |= SENSE(CPCAP_IRQ_LOWBPL);
    }
    if (batt && s->battery_uv < CPCAP_LOWBPH_UV) {
        sense |= SENSE(CPCAP_IRQ_LOWBPH);
    }
    if (batt && s->battery_uv < CPCAP_EOL_UV) {
        sense |= SENSE(CPCAP_IRQ_EOL);
    }
    if (s->vbus_present && s->vbus_uv > CPCAP_VBUSOV_UV) {
        sense |= SENSE(CPCAP_IRQ_VBUSOV);
    }
    if (vbusvld) {
        sense |= SENSE(CPCAP_IRQ_CHRG_DET) | SENSE(CPCAP_IRQ_VBUSVLD) |
                 SENSE(CPCAP_IRQ_CHRGCURR1);
        if (batt && s->charge_ua > CPCAP_CHRGCURR2_UA) {
            sense |= SENSE(CPCAP_IRQ_CHRGCURR2);
        }
    }
    /* BATTDETB: the battery detect comparator, low while one is in. */
    if (!batt) {
        sense |= SENSE(CPCAP_IRQ_BATTDETB);
    }
    return sense;
}

/* Recompute INTS1-4; a source that changed latches its INT bit. */
static void cpcap_update_sense(MotorolaCpcapState *s)
{
    uint64_t sense = cpcap_sense(s);

    for (int i = 0; i < CPCAP_INT_BANKS; i++) {
        uint16_t now = sense >> (i * 16);
        uint16_t changed = now ^ REG(s, CPCAP_REG_INTS(i));

        REG(s, CPCAP_REG_INTS(i)) = now;
        REG(s, A_INT1 + i * 4) |= changed;
    }
    trace_motorola_cpcap_sense(sense);
    cpcap_update_irq(s);
}

static void cpcap_raise(MotorolaCpcapState *s, unsigned n)
{
    REG(s, A_INT1 + n / 16 * 4) |= BIT(n % 16);
    cpcap_update_irq(s);
}

/*
 * The battery thermistor's divider (cpcap-adc.c's temp_map, the codes
 * for -40 to 90 degrees C in steps of 5; the table's first two codes are
 * both 0x3ff).
 */
static const uint16_t cpcap_therm[] = {
    0x03ff, 0x03ff, 0x03ef, 0x03b2, 0x036c, 0x0320, 0x02d0, 0x027f,
    0x022f, 0x01e4, 0x019f, 0x0161, 0x012b, 0x00fc, 0x00d4, 0x00b2,
    0x0095, 0x007d, 0x0069, 0x0059, 0x004b, 0x003f, 0x0036, 0x002e,
    0x0027, 0x0022, 0x001d,
};

static uint16_t cpcap_therm_code(int32_t mc)
{
    int i = (mc - CPCAP_TEMP_MIN_MC) / 5000;
    int frac = (mc - CPCAP_TEMP_MIN_MC) % 5000;

    if (i >= ARRAY_SIZE(cpcap_therm) - 1) {
        return cpcap_therm[ARRAY_SIZE(cpcap_therm) - 1];
    }
    /* Linear between the table's points, as the driver interpolates. */
    return cpcap_therm[i] - ((cpcap_therm[i] - cpcap_therm[i + 1]) * frac +
                             2500) / 5000;
}

static uint16_t cpcap_clamp_code(int64_t code)
{
    return MAX(0, MIN(code, CPCAP_ADC_MAX));
}

/* BATTP, BPLUS: 2.4 V + code x 2.3 V / 1023. */
static uint16_t cpcap_battp_code(MotorolaCpcapState *s)
{
    int64_t mv = s->battery_present ? s->battery_uv / 1000 : 0;

    return cpcap_clamp_code(((mv - 2400) * 1023 + 1150) / 2300);
}

/* CHG_ISENSE, BATTI: (code - 512) x 5 A / 1023 + 2 mA, signed. */
static uint16_t cpcap_current_code(int64_t ua)
{
    int64_t ma = ua / 1000 - 2;
    int64_t num = ma * 1023;

    return cpcap_clamp_code(CPCAP_ADC_ZERO +
                            (num >= 0 ? num + 2500 : num - 2500) / 5000);
}

/* What channel @ch (cpcap-adc.c's numbering, 0-15) converts to. */
static uint16_t cpcap_adc_channel(MotorolaCpcapState *s, unsigned ch)
{
    uint32_t vbus_mv = s->vbus_present ? s->vbus_uv / 1000 : 0;

    switch (ch) {
    case 0:     /* AD0 battdetb: the thermistor, open without a battery */
        return s->battery_present ? cpcap_therm_code(s->battery_mc)
                                  : CPCAP_ADC_MAX;
    case 1:     /* BATTP */
    case 4:     /* BPLUS_AD4 */
    case 11:    /* HV_BATTP */
        return cpcap_battp_code(s);
    case 2:     /* VBUS: code x 10 V / 1023 */
        return cpcap_clamp_code(((int64_t)vbus_mv * 1023 + 5000) / 10000);
    case 3:     /* AD3, the die at 25 degrees C (ST: (code - 282) x 114) */
        return 282;
    case 5:     /* CHG_ISENSE */
        return cpcap_current_code(s->vbus_present && s->battery_present ?
                                  s->charge_ua : 0);
    case 6:     /* BATTI */
        return cpcap_current_code(s->battery_present ? s->battery_ua : 0);
    case 7:     /* USB_ID, floating: no OTG cable */
        return CPCAP_ADC_MAX;
    case 10:    /* LICELL, the coin cell at 3.0 V: code x 3.4 V / 1023 */
        return (3000 * 1023 + 1700) / 3400;
    default:    /* AD8, AD9 and the touchscreen inputs: nothing on them */
        return 0;
    }
}

static void cpcap_adc_convert(MotorolaCpcapState *s)
{
    uint16_t c1 = REG(s, A_ADCC1);

    if (FIELD_EX32(c1, ADCC1, CAL_MODE)) {
        /* Both current channels' zero, as the driver wants it (512). */
        REG(s, A_ADCAL1) = CPCAP_ADC_ZERO;
        REG(s, A_ADCAL2) = CPCAP_ADC_ZERO;
        trace_motorola_cpcap_adc_cal(CPCAP_ADC_ZERO);
    } else {
        unsigned bank = FIELD_EX32(c1, ADCC1, AD_SEL1) ? 8 : 0;

        for (unsigned i = 0; i < CPCAP_ADC_RESULTS; i++) {
            REG(s, CPCAP_REG_ADCD(i)) = cpcap_adc_channel(s, bank + i);
        }
        if (FIELD_EX32(c1, ADCC1, RAND1)) {
            /* The remuxed channels 16 and 17: BATTP and BATTI. */
            REG(s, CPCAP_REG_ADCD(0)) = cpcap_adc_channel(s, 1);
            REG(s, CPCAP_REG_ADCD(1)) = cpcap_adc_channel(s, 6);
        }
        trace_motorola_cpcap_adc(bank, FIELD_EX32(c1, ADCC1, RAND1),
                                 REG(s, CPCAP_REG_ADCD(0)),
                                 REG(s, CPCAP_REG_ADCD(1)),
                                 REG(s, CPCAP_REG_ADCD(2)),
                                 REG(s, CPCAP_REG_ADCD(5)),
                                 REG(s, CPCAP_REG_ADCD(6)));
    }
    REG(s, A_ADCC2) &= ~R_ADCC2_ASC_MASK;
    cpcap_raise(s, CPCAP_IRQ_ADCDONE);
}

static uint16_t cpcap_read(MotorolaCpcapState *s, uint16_t addr)
{
    uint16_t val = 0;

    if (!cpcap_reg_known(addr)) {
        qemu_log_mask(LOG_GUEST_ERROR, "motorola-cpcap: read of 0x%04x: "
                      "no register there, reads 0\n", addr);
    } else {
        val = REG(s, addr);
    }
    trace_motorola_cpcap_read(addr, val);
    return val;
}

static void cpcap_write(MotorolaCpcapState *s, uint16_t addr, uint16_t val)
{
    trace_motorola_cpcap_write(addr, val);
    if (!cpcap_reg_known(addr)) {
        qemu_log_mask(LOG_GUEST_ERROR, "motorola-cpcap: write of 0x%04x "
                      "to 0x%04x: no register there, ignored\n", val, addr);
        return;
    }
    if (cpcap_reg_read_only(addr)) {
        qemu_log_mask(LOG_GUEST_ERROR, "motorola-cpcap: write of 0x%04x "
                      "to 0x%04x: the register is read-only, ignored\n",
                      val, addr);
        return;
    }
    switch (addr) {
    case A_INT1 ... A_INT4:
    case A_MI1:
    case A_MI2:
        REG(s, addr) &= ~val;                   /* write 1 to clear */
        break;
    case A_ADCC2:
        REG(s, addr) = val & ~R_ADCC2_ADC_BUSY_MASK;
        if (val & R_ADCC2_ASC_MASK) {
            cpcap_adc_convert(s);
        }
        break;
    case A_CCC1:
        REG(s, addr) = val;
        if (val & R_CCC1_CAL_EN_MASK) {
            /* Calibrated at once: no offset. */
            REG(s, addr) &= ~R_CCC1_CAL_EN_MASK;
            REG(s, A_CCM) = 0;
            cpcap_raise(s, CPCAP_IRQ_CCCAL);
        }
        break;
    case A_REDC:
    case A_GREENC:
    case A_BLUEC:
        REG(s, addr) = val;
        trace_motorola_cpcap_led(addr,
                                 FIELD_EX32(val, LEDC, CURRENT),
                                 FIELD_EX32(val, LEDC, DUTY));
        break;
    default:
        REG(s, addr) = val;
        break;
    }
    cpcap_update_irq(s);
}

static uint32_t cpcap_transfer(SSIPeripheral *ss, uint32_t val)
{
    MotorolaCpcapState *s = MOTOROLA_CPCAP(ss);
    unsigned bits = ssi_word_bits(ss);
    uint16_t out = 0;

    if (s->frame_bad) {
        return 0;
    }
    if (bits && bits != CPCAP_WORD_BITS) {
        qemu_log_mask(LOG_GUEST_ERROR, "motorola-cpcap: a %u-bit word: the "
                      "chip takes 16-bit words: frame ignored\n", bits);
        s->frame_bad = true;
        return 0;
    }
    val &= 0xffff;
    if (!s->cmd_done) {
        uint16_t addr = FIELD_EX32(val, CPCAP_CMD, ADDR);

        trace_motorola_cpcap_cmd(val);
        if (addr % CPCAP_REG_STRIDE || addr > CPCAP_REG_LAST) {
            qemu_log_mask(LOG_GUEST_ERROR, "motorola-cpcap: command 0x%04x: "
                          "address 0x%04x is %s: frame ignored\n", val, addr,
                          addr % CPCAP_REG_STRIDE ? "not a multiple of 4"
                                                   : "past the last "
                                                     "register (0x7d18)");
            s->frame_bad = true;
            return 0;
        }
        s->cmd = val;
        s->addr = addr;
        s->cmd_done = true;
        return 0;
    }
    if (s->addr > CPCAP_REG_LAST) {
        qemu_log_mask(LOG_GUEST_ERROR, "motorola-cpcap: a burst past the "
                      "last register (0x7d18): rest of the frame ignored\n");
        s->frame_bad = true;
        return 0;
    }
    if (FIELD_EX32(s->cmd, CPCAP_CMD, WRITE)) {
        cpcap_write(s, s->addr, val);
    } else {
        out = cpcap_read(s, s->addr);
    }
    s->addr += CPCAP_REG_STRIDE;
    return out;
}

static int cpcap_set_cs(SSIPeripheral *ss, bool level)
{
    MotorolaCpcapState *s = MOTOROLA_CPCAP(ss);

    /* Either edge ends a frame; chip select is active high. */
    s->cmd_done = false;
    s->frame_bad = false;
    trace_motorola_cpcap_cs(level);
    return 0;
}

/* The physical world. */
typedef enum {
    CPCAP_IN_BATT_UV, CPCAP_IN_BATT_UA, CPCAP_IN_BATT_MC, CPCAP_IN_VBUS_UV,
    CPCAP_IN_CHRG_UA,
} CpcapInput;

static const struct {
    const char *name;
    int64_t min, max;
    const char *desc;
} cpcap_inputs[] = {
    [CPCAP_IN_BATT_UV] = { "battery-voltage-uv", 0, CPCAP_BATT_MAX_UV,
        "Battery voltage in microvolts (the ADC reads 2.4 V to 4.7 V)" },
    [CPCAP_IN_BATT_UA] = { "battery-current-ua", -CPCAP_BATT_MAX_UA,
        CPCAP_BATT_MAX_UA,
        "Current out of the battery in microamps (negative: into it)" },
    [CPCAP_IN_BATT_MC] = { "battery-temperature", CPCAP_TEMP_MIN_MC,
        CPCAP_TEMP_MAX_MC, "Battery temperature in millidegrees Celsius" },
    [CPCAP_IN_VBUS_UV] = { "vbus-uv", 0, CPCAP_VBUS_MAX_UV,
        "VBUS voltage in microvolts while vbus-present" },
    [CPCAP_IN_CHRG_UA] = { "charge-current-ua", 0, CPCAP_CHRG_MAX_UA,
        "Charge current in microamps while VBUS and a battery are present" },
};

static int32_t *cpcap_input(MotorolaCpcapState *s, CpcapInput in)
{
    switch (in) {
    case CPCAP_IN_BATT_UV:
        return (int32_t *)&s->battery_uv;
    case CPCAP_IN_BATT_UA:
        return &s->battery_ua;
    case CPCAP_IN_BATT_MC:
        return &s->battery_mc;
    case CPCAP_IN_VBUS_UV:
        return (int32_t *)&s->vbus_uv;
    default:
        return (int32_t *)&s->charge_ua;
    }
}

static void cpcap_get_input(Object *obj, Visitor *v, const char *name,
                            void *opaque, Error **errp)
{
    int64_t val = *cpcap_input(MOTOROLA_CPCAP(obj), (uintptr_t)opaque);

    if ((uintptr_t)opaque == CPCAP_IN_BATT_UA ||
        (uintptr_t)opaque == CPCAP_IN_BATT_MC) {
        visit_type_int64(v, name, &val, errp);
    } else {
        uint64_t u = (uint32_t)val;

        visit_type_uint64(v, name, &u, errp);
    }
}

static void cpcap_set_input(Object *obj, Visitor *v, const char *name,
                            void *opaque, Error **errp)
{
    MotorolaCpcapState *s = MOTOROLA_CPCAP(obj);
    CpcapInput in = (uintptr_t)opaque;
    int64_t val;

    if (!visit_type_int64(v, name, &val, errp)) {
        return;
    }
    if (val < cpcap_inputs[in].min || val > cpcap_inputs[in].max) {
        error_setg(errp, "motorola-cpcap: %s %" PRId64 " is outside %" PRId64
                   " to %" PRId64, name, val, cpcap_inputs[in].min,
                   cpcap_inputs[in].max);
        return;
    }
    *cpcap_input(s, in) = val;
    trace_motorola_cpcap_input(name, val);
    cpcap_update_sense(s);
}

static bool cpcap_get_vbus(Object *obj, Error **errp)
{
    return MOTOROLA_CPCAP(obj)->vbus_present;
}

static void cpcap_set_vbus(Object *obj, bool val, Error **errp)
{
    MotorolaCpcapState *s = MOTOROLA_CPCAP(obj);

    s->vbus_present = val;
    trace_motorola_cpcap_input("vbus-present", val);
    cpcap_update_sense(s);
}

static bool cpcap_get_battery(Object *obj, Error **errp)
{
    return MOTOROLA_CPCAP(obj)->battery_present;
}

static void cpcap_set_battery(Object *obj, bool val, Error **errp)
{
    MotorolaCpcapState *s = MOTOROLA_CPCAP(obj);

    s->battery_present = val;
    trace_motorola_cpcap_input("battery-present", val);
    cpcap_update_sense(s);
}

/* An LED's brightness: its current setting while its duty cycle is on. */
static void cpcap_get_led(Object *obj, Visitor *v, const char *name,
                          void *opaque, Error **errp)
{
    uint16_t r = REG(MOTOROLA_CPCAP(obj), (uintptr_t)opaque);
    uint32_t val = FIELD_EX32(r, LEDC, DUTY) ? FIELD_EX32(r, LEDC, CURRENT)
                                             : 0;

    visit_type_uint32(v, name, &val, errp);
}

/* What the charger driver programmed: CRM's charge current and voltage. */
static void cpcap_get_charge_setting(Object *obj, Visitor *v, const char *name,
                                     void *opaque, Error **errp)
{
    uint16_t crm = REG(MOTOROLA_CPCAP(obj), A_CRM);
    uint32_t val = (uintptr_t)opaque ? FIELD_EX32(crm, CRM, VCHRG)
                                     : FIELD_EX32(crm, CRM, ICHRG);

    visit_type_uint32(v, name, &val, errp);
}

static void cpcap_init(Object *obj)
{
    MotorolaCpcapState *s = MOTOROLA_CPCAP(obj);
    static const struct {
        const char *name;
        uint16_t reg;
    } leds[] = {
        { "led-red", A_REDC }, { "led-green", A_GREENC },
        { "led-blue", A_BLUEC },
    };

    /* A charged battery at room temperature, no USB cable. */
    s->battery_present = true;
    s->battery_uv = 3800000;
    s->battery_ua = 250000;
    s->battery_mc = 25000;
    s->vbus_uv = 5000000;
    s->charge_ua = 500000;

    for (uintptr_t i = 0; i < ARRAY_SIZE(cpcap_inputs); i++) {
        object_property_add(obj, cpcap_inputs[i].name, "int", cpcap_get_input,
                            cpcap_set_input, NULL, (void *)i);
        object_property_set_description(obj, cpcap_inputs[i].name,
                                        cpcap_inputs[i].desc);
    }
    object_property_add_bool(obj, "vbus-present", cpcap_get_vbus,
                             cpcap_set_vbus);
    object_property_set_description(obj, "vbus-present",
                                    "A USB charger on the micro-USB port");
    object_property_add_bool(obj, "battery-present", cpcap_get_battery,
                             cpcap_set_battery);
    object_property_set_description(obj, "battery-present",
                                    "A battery in the phone");
    for (size_t i = 0; i < ARRAY_SIZE(leds); i++) {
        object_property_add(obj, leds[i].name, "uint32", cpcap_get_led, NULL,
                            NULL, (void *)(uintptr_t)leds[i].reg);
        object_property_set_description(obj, leds[i].name,
            "The LED's current setting (0-31; 0 while its duty cycle is "
            "off), read-only");
    }
    object_property_add(obj, "charge-ichrg", "uint32",
                        cpcap_get_charge_setting, NULL, NULL, (void *)0);
    object_property_set_description(obj, "charge-ichrg",
        "CRM.ICHRG, the charge current the charger driver set (0: off), "
        "read-only");
    object_property_add(obj, "charge-vchrg", "uint32",
                        cpcap_get_charge_setting, NULL, NULL, (void *)1);
    object_property_set_description(obj, "charge-vchrg",
        "CRM.VCHRG, the charge voltage the charger driver set, read-only");
    qdev_init_gpio_out_named(DEVICE(obj), &s->irq, CPCAP_IRQ_OUT, 1);
}

static void cpcap_realize(SSIPeripheral *ss, Error **errp)
{
    MotorolaCpcapState *s = MOTOROLA_CPCAP(ss);

    if (!s->max_hz || s->max_hz > 26000000) {
        error_setg(errp, "motorola-cpcap: max-hz must be 1 to 26000000, "
                   "not %u", s->max_hz);
    }
}

static void cpcap_reset_enter(Object *obj, ResetType type)
{
    MotorolaCpcapState *s = MOTOROLA_CPCAP(obj);
    uint32_t versc1;

    memset(s->regs, 0, sizeof(s->regs));
    for (int i = 0; i < CPCAP_INT_BANKS; i++) {
        REG(s, CPCAP_REG_INTM(i)) = 0xffff;
    }
    REG(s, A_MIM1) = 0xffff;
    REG(s, A_MIM2) = 0xffff;
    versc1 = FIELD_DP32(0, VERSC1, VENDOR, CPCAP_VENDOR_ST);
    versc1 = FIELD_DP32(versc1, VERSC1, REV_LO, CPCAP_REVISION & 7);
    versc1 = FIELD_DP32(versc1, VERSC1, REV_HI, CPCAP_REVISION >> 3);
    REG(s, A_VERSC1) = versc1;
    /* The sources as they are: nothing latched at power on. */
    for (int i = 0; i < CPCAP_INT_BANKS; i++) {
        REG(s, CPCAP_REG_INTS(i)) = cpcap_sense(s) >> (i * 16);
    }
    s->cmd_done = false;
    s->frame_bad = false;
    s->cmd = 0;
    s->addr = 0;
}

static void cpcap_reset_hold(Object *obj, ResetType type)
{
    cpcap_update_irq(MOTOROLA_CPCAP(obj));
}

/*
 * motorola,cpcap.yaml and the children of motorola-cpcap-mapphone.dtsi:
 * the ADC, battery, charger and the five LEDs (their vdd a
 * fixed 5.05 V regulator, the Droid 4's SW5). Chip select is active high
 * (spi-cs-high), so the controller's cs-gpios entry says so too.
 */
static void cpcap_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    MotorolaCpcapState *s = MOTOROLA_CPCAP(dev);
    static const char *const compat[] = { "motorola,cpcap", "st,6556002" };
    /*
     * All five LEDs, as on the phone: the mfd core adds every LED cell,
     * and leds-cpcap dereferences the match data of one without a node.
     */
    static const char *const leds[][2] = {
        { "red", "status-led:red" }, { "green", "status-led:green" },
        { "blue", "status-led:blue" }, { "adl", "button-backlight" },
        { "cp", "shift-key-light" },
    };
    static const char *const batt_irqs[] = {
        "eol", "lowbph", "lowbpl", "chrgcurr1", "battdetb", "cccal",
    };
    static const char *const chrg_irqs[] = {
        "chrg_det", "rvrs_chrg", "chrg_se1b", "se0conn", "rvrs_mode",
        "chrgcurr2", "chrgcurr1", "vbusvld", "battdetb",
    };
    static const char *const batt_io[] = {
        "battdetb", "battp", "chg_isense", "batti",
    };
    static const char *const chrg_io[] = {
        "battdetb", "battp", "vbus", "chg_isense", "batti",
    };
    g_autofree char *path = NULL;
    g_autofree char *sub = NULL;
    g_autofree char *sw5 = g_strdup_printf("/regulator-cpcap-sw5-cs%d",
                                           ctx->spi_cs);
    uint32_t cpcap = qemu_fdt_alloc_phandle(ctx->fdt);
    uint32_t adc = qemu_fdt_alloc_phandle(ctx->fdt);
    uint32_t vdd = qemu_fdt_alloc_phandle(ctx->fdt);
    const uint32_t *cs;
    int len;

    qemu_fdt_add_subnode(ctx->fdt, sw5);
    qemu_fdt_setprop_string(ctx->fdt, sw5, "compatible", "regulator-fixed");
    qemu_fdt_setprop_string(ctx->fdt, sw5, "regulator-name", "cpcap-sw5");
    qemu_fdt_setprop_cell(ctx->fdt, sw5, "regulator-min-microvolt", 5050000);
    qemu_fdt_setprop_cell(ctx->fdt, sw5, "regulator-max-microvolt", 5050000);
    qemu_fdt_setprop(ctx->fdt, sw5, "regulator-boot-on", NULL, 0);
    qemu_fdt_setprop_cell(ctx->fdt, sw5, "phandle", vdd);

    path = presilicon_fdt_add_spi_node(ctx, "pmic", compat,
                                       ARRAY_SIZE(compat), s->max_hz);
    qemu_fdt_setprop(ctx->fdt, path, "spi-cs-high", NULL, 0);
    if (ctx->gpio_phandle) {
        qemu_fdt_setprop_cells(ctx->fdt, path, "interrupts-extended",
                               ctx->gpio_phandle, ctx->gpio_line,
                               CPCAP_FDT_IRQ_LEVEL_HIGH);
    }
    qemu_fdt_setprop(ctx->fdt, path, "interrupt-controller", NULL, 0);
    qemu_fdt_setprop_cell(ctx->fdt, path, "#interrupt-cells", 2);
    /* dtc wants it on an interrupt provider; the children have no reg. */
    qemu_fdt_setprop_cell(ctx->fdt, path, "#address-cells", 0);
    qemu_fdt_setprop_cell(ctx->fdt, path, "phandle", cpcap);

    cs = qemu_fdt_getprop(ctx->fdt, ctx->parent, "cs-gpios", &len, NULL);
    if (cs && len >= (ctx->spi_cs + 1) * 12) {
        g_autofree uint32_t *copy = g_memdup2(cs, len);

        copy[ctx->spi_cs * 3 + 2] =
            cpu_to_be32(PRESILICON_FDT_GPIO_ACTIVE_HIGH);
        qemu_fdt_setprop(ctx->fdt, ctx->parent, "cs-gpios", copy, len);
    }

    sub = g_strdup_printf("%s/adc", path);
    qemu_fdt_add_subnode(ctx->fdt, sub);
    qemu_fdt_setprop_string(ctx->fdt, sub, "compatible",
                            "motorola,mapphone-cpcap-adc");
    qemu_fdt_setprop_cells(ctx->fdt, sub, "interrupts-extended",
                           cpcap, CPCAP_IRQ_ADCDONE, 0);
    qemu_fdt_setprop_string(ctx->fdt, sub, "interrupt-names", "adcdone");
    qemu_fdt_setprop_cell(ctx->fdt, sub, "#io-channel-cells", 1);
    qemu_fdt_setprop_cell(ctx->fdt, sub, "phandle", adc);
    g_clear_pointer(&sub, g_free);

    sub = g_strdup_printf("%s/battery", path);
    qemu_fdt_add_subnode(ctx->fdt, sub);
    qemu_fdt_setprop_string(ctx->fdt, sub, "compatible",
                            "motorola,cpcap-battery");
    qemu_fdt_setprop_cells(ctx->fdt, sub, "interrupts-extended",
                           cpcap, CPCAP_IRQ_EOL, 0, cpcap, CPCAP_IRQ_LOWBPH, 0,
                           cpcap, CPCAP_IRQ_LOWBPL, 0,
                           cpcap, CPCAP_IRQ_CHRGCURR1, 0,
                           cpcap, CPCAP_IRQ_BATTDETB, 0,
                           cpcap, CPCAP_IRQ_CCCAL, 0);
    qemu_fdt_setprop_string_array(ctx->fdt, sub, "interrupt-names",
                                  (char **)batt_irqs, ARRAY_SIZE(batt_irqs));
    qemu_fdt_setprop_cells(ctx->fdt, sub, "io-channels",
                           adc, 0, adc, 1, adc, 5, adc, 6);
    qemu_fdt_setprop_string_array(ctx->fdt, sub, "io-channel-names",
                                  (char **)batt_io, ARRAY_SIZE(batt_io));
    /*
     * No power-supplies = <&charger>: with the charger driver absent
     * (docs/devices/motorola-cpcap.md), the battery would wait for it.
     */
    g_clear_pointer(&sub, g_free);

    sub = g_strdup_printf("%s/charger", path);
    qemu_fdt_add_subnode(ctx->fdt, sub);
    qemu_fdt_setprop_string(ctx->fdt, sub, "compatible",
                            "motorola,mapphone-cpcap-charger");
    qemu_fdt_setprop_cells(ctx->fdt, sub, "interrupts-extended",
                           cpcap, 13, 0, cpcap, 12, 0, cpcap, 29, 0,
                           cpcap, 28, 0, cpcap, 22, 0, cpcap, 21, 0,
                           cpcap, 20, 0, cpcap, 19, 0, cpcap, 54, 0);
    qemu_fdt_setprop_string_array(ctx->fdt, sub, "interrupt-names",
                                  (char **)chrg_irqs, ARRAY_SIZE(chrg_irqs));
    qemu_fdt_setprop_cells(ctx->fdt, sub, "io-channels",
                           adc, 0, adc, 1, adc, 2, adc, 5, adc, 6);
    qemu_fdt_setprop_string_array(ctx->fdt, sub, "io-channel-names",
                                  (char **)chrg_io, ARRAY_SIZE(chrg_io));
    g_clear_pointer(&sub, g_free);

    for (size_t i = 0; i < ARRAY_SIZE(leds); i++) {
        g_autofree char *led = g_strdup_printf("%s/led-%s", path,
                                               leds[i][0]);
        g_autofree char *c = g_strdup_printf("motorola,cpcap-led-%s",
                                             leds[i][0]);

        qemu_fdt_add_subnode(ctx->fdt, led);
        qemu_fdt_setprop_string(ctx->fdt, led, "compatible", c);
        qemu_fdt_setprop_cell(ctx->fdt, led, "vdd-supply", vdd);
        qemu_fdt_setprop_string(ctx->fdt, led, "label", leds[i][1]);
    }
}

static int cpcap_post_load(void *opaque, int version_id)
{
    MotorolaCpcapState *s = opaque;

    if (s->addr > CPCAP_REG_LAST + CPCAP_REG_STRIDE ||
        s->addr % CPCAP_REG_STRIDE ||
        s->battery_uv > CPCAP_BATT_MAX_UV ||
        s->battery_ua < -CPCAP_BATT_MAX_UA ||
        s->battery_ua > CPCAP_BATT_MAX_UA ||
        s->battery_mc < CPCAP_TEMP_MIN_MC ||
        s->battery_mc > CPCAP_TEMP_MAX_MC ||
        s->vbus_uv > CPCAP_VBUS_MAX_UV || s->charge_ua > CPCAP_CHRG_MAX_UA) {
        return -EINVAL;
    }
    cpcap_update_irq(s);
    return 0;
}

static const VMStateDescription vmstate_cpcap = {
    .name = TYPE_MOTOROLA_CPCAP,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = cpcap_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_SSI_PERIPHERAL(parent_obj, MotorolaCpcapState),
        VMSTATE_UINT16_ARRAY(regs, MotorolaCpcapState, CPCAP_NUM_REGS),
        VMSTATE_BOOL(cmd_done, MotorolaCpcapState),
        VMSTATE_BOOL(frame_bad, MotorolaCpcapState),
        VMSTATE_UINT16(cmd, MotorolaCpcapState),
        VMSTATE_UINT16(addr, MotorolaCpcapState),
        VMSTATE_BOOL(battery_present, MotorolaCpcapState),
        VMSTATE_UINT32(battery_uv, MotorolaCpcapState),
        VMSTATE_INT32(battery_ua, MotorolaCpcapState),
        VMSTATE_INT32(battery_mc, MotorolaCpcapState),
        VMSTATE_BOOL(vbus_present, MotorolaCpcapState),
        VMSTATE_UINT32(vbus_uv, MotorolaCpcapState),
        VMSTATE_UINT32(charge_ua, MotorolaCpcapState),
        VMSTATE_END_OF_LIST()
    },
};

static const Property cpcap_properties[] = {
    /* The Droid 4's spi-max-frequency. */
    DEFINE_PROP_UINT32("max-hz", MotorolaCpcapState, max_hz, 9600000),
};

static void cpcap_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    SSIPeripheralClass *k = SSI_PERIPHERAL_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "Motorola CPCAP PMIC (ADC, charger, battery, LEDs) on SPI";
    dc->vmsd = &vmstate_cpcap;
    dc->user_creatable = true;
    device_class_set_props(dc, cpcap_properties);
    k->realize = cpcap_realize;
    k->transfer = cpcap_transfer;
    k->set_cs = cpcap_set_cs;
    k->cs_polarity = SSI_CS_HIGH;
    rc->phases.enter = cpcap_reset_enter;
    rc->phases.hold = cpcap_reset_hold;
    fc->add_node = cpcap_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo cpcap_types[] = {
    {
        .name = TYPE_MOTOROLA_CPCAP,
        .parent = TYPE_SSI_PERIPHERAL,
        .instance_size = sizeof(MotorolaCpcapState),
        .instance_init = cpcap_init,
        .class_init = cpcap_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(cpcap_types)
