/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * STM32 CRC calculation unit, as on the STM32F7 (RM0410) and used by the
 * Linux stm32-crc32 driver ("st,stm32f7-crc").
 *
 * A programmable CRC of 7, 8, 16 or 32 bits: CR.RESET loads CRC_INIT into
 * the calculator, each write to CRC_DR feeds the 8, 16 or 32 bits written
 * (after the CR.REV_IN bit reversal), and a read of CRC_DR returns the CRC
 * (bit-reversed over the polynomial size with CR.REV_OUT). The arithmetic
 * is in stm32_crc_engine.c. The result is ready at once: the manual's
 * AHB wait states while a word is processed are not modelled, nor is the
 * clock gate, which the device tree describes but which has no register
 * here. CRC_IDR is 8 bits wide, as on the F7 (the H7 has 32).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/crypto/stm32_crc.h"
#include "hw/crypto/stm32_crc_engine.h"
#include "trace.h"

/* The STM32F7's AHB1 clock at its maximum, which feeds the unit. */
#define STM32_CRC_CLK_HZ 216000000

/* The bits CRC_CR keeps; RESET is set-only and reads as 0. */
#define STM32_CRC_CR_RW (R_CRC_CR_POLYSIZE_MASK | R_CRC_CR_REV_IN_MASK | \
                         R_CRC_CR_REV_OUT_MASK)

/* Polynomial size in bits, by CRC_CR.POLYSIZE. */
static const unsigned stm32_crc_widths[] = {
    [STM32_CRC_POLYSIZE_32] = 32,
    [STM32_CRC_POLYSIZE_16] = 16,
    [STM32_CRC_POLYSIZE_8] = 8,
    [STM32_CRC_POLYSIZE_7] = 7,
};

static Stm32CrcEngineCfg stm32_crc_cfg(Stm32CrcState *s)
{
    return (Stm32CrcEngineCfg) {
        .poly = s->pol,
        .width = stm32_crc_widths[FIELD_EX32(s->cr, CRC_CR, POLYSIZE)],
        .rev_in = FIELD_EX32(s->cr, CRC_CR, REV_IN),
        .rev_out = FIELD_EX32(s->cr, CRC_CR, REV_OUT),
    };
}

/* CR, INIT and POL are whole words: a narrower access is reported. */
static bool stm32_crc_word_access(const char *reg, unsigned size, bool write)
{
    if (size == 4) {
        return true;
    }
    qemu_log_mask(LOG_GUEST_ERROR,
                  "%s: %u-byte %s of %s, a 32-bit register%s\n", __func__,
                  size, write ? "write" : "read", reg,
                  write ? " (ignored)" : "");
    return false;
}

/*
 * The manual uses the low POLYSIZE bits of CRC_POL; a polynomial wider
 * than that is a configuration error, reported once per configuration
 * when data meets it (CR and POL may be written in either order).
 */
static void stm32_crc_check_pol_size(Stm32CrcState *s,
                                     const Stm32CrcEngineCfg *cfg)
{
    if (cfg->width == 32 || !(s->pol >> cfg->width) ||
        s->pol_size_reported) {
        return;
    }
    s->pol_size_reported = true;
    qemu_log_mask(LOG_GUEST_ERROR,
                  "%s: CRC_POL 0x%08" PRIx32 " is wider than the %u-bit "
                  "POLYSIZE; only its low %u bits are used\n", __func__,
                  s->pol, cfg->width, cfg->width);
}

static uint64_t stm32_crc_read(void *opaque, hwaddr offset, unsigned size)
{
    Stm32CrcState *s = opaque;
    Stm32CrcEngineCfg cfg = stm32_crc_cfg(s);
    uint32_t val = 0;

    switch (offset) {
    case A_CRC_DR:
        val = stm32_crc_engine_output(&cfg, s->crc);
        break;
    case A_CRC_IDR:
        val = s->idr;
        break;
    case A_CRC_CR:
        stm32_crc_word_access("CRC_CR", size, false);
        val = s->cr;
        break;
    case A_CRC_INIT:
        stm32_crc_word_access("CRC_INIT", size, false);
        val = s->init;
        break;
    case A_CRC_POL:
        stm32_crc_word_access("CRC_POL", size, false);
        val = s->pol;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: read of unknown register 0x%02" HWADDR_PRIx "\n",
                      __func__, offset);
        break;
    }
    trace_stm32_crc_read(offset, size, val);
    return val;
}

static void stm32_crc_write_cr(Stm32CrcState *s, uint32_t value)
{
    Stm32CrcEngineCfg cfg;

    if (value & ~(uint32_t)(STM32_CRC_CR_RW | R_CRC_CR_RESET_MASK)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: CRC_CR write 0x%08" PRIx32
                      " sets reserved bits\n", __func__, value);
    }
    s->cr = value & STM32_CRC_CR_RW;
    s->pol_size_reported = false;
    cfg = stm32_crc_cfg(s);
    trace_stm32_crc_config(cfg.width, cfg.rev_in, cfg.rev_out);
    if (FIELD_EX32(value, CRC_CR, RESET)) {
        /* RESET is set-only and clears itself: it is never stored. */
        s->crc = s->init;
        trace_stm32_crc_reset_unit(s->init);
    }
}

static void stm32_crc_write(void *opaque, hwaddr offset, uint64_t value,
                            unsigned size)
{
    Stm32CrcState *s = opaque;
    Stm32CrcEngineCfg cfg;

    trace_stm32_crc_write(offset, size, value);
    switch (offset) {
    case A_CRC_DR:
        cfg = stm32_crc_cfg(s);
        stm32_crc_check_pol_size(s, &cfg);
        s->crc = stm32_crc_engine_feed(&cfg, s->crc, value, size);
        trace_stm32_crc_feed(size, value, s->crc);
        break;
    case A_CRC_IDR:
        if (value & ~(uint64_t)R_CRC_IDR_IDR_MASK) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "%s: CRC_IDR write 0x%08" PRIx64 " sets bits "
                          "beyond its 8 bits\n", __func__, value);
        }
        s->idr = value & R_CRC_IDR_IDR_MASK;
        break;
    case A_CRC_CR:
        if (stm32_crc_word_access("CRC_CR", size, true)) {
            stm32_crc_write_cr(s, value);
        }
        break;
    case A_CRC_INIT:
        if (stm32_crc_word_access("CRC_INIT", size, true)) {
            s->init = value;
        }
        break;
    case A_CRC_POL:
        if (!stm32_crc_word_access("CRC_POL", size, true)) {
            break;
        }
        if (!(value & 1)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "%s: CRC_POL 0x%08" PRIx64 " is even, which the "
                          "unit does not support; used as written\n",
                          __func__, value);
        }
        s->pol = value;
        s->pol_size_reported = false;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write of unknown register 0x%02" HWADDR_PRIx "\n",
                      __func__, offset);
        break;
    }
}

static const MemoryRegionOps stm32_crc_ops = {
    .read = stm32_crc_read,
    .write = stm32_crc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
        .unaligned = false,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

static void stm32_crc_reset_enter(Object *obj, ResetType type)
{
    Stm32CrcState *s = STM32_CRC(obj);

    s->crc = STM32_CRC_DR_RESET;
    s->idr = 0;
    s->cr = 0;
    s->init = STM32_CRC_INIT_RESET;
    s->pol = STM32_CRC_POL_RESET;
    s->pol_size_reported = false;
}

static void stm32_crc_init(Object *obj)
{
    Stm32CrcState *s = STM32_CRC(obj);

    memory_region_init_io(&s->iomem, obj, &stm32_crc_ops, s, TYPE_STM32_CRC,
                          STM32_CRC_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
}

/* bindings/crypto/st,stm32-crc.yaml: compatible, reg and one clock. */
static void stm32_crc_add_fdt_node(DeviceState *dev,
                                   PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "st,stm32f7-crc" };
    g_autofree char *path = presilicon_fdt_add_mmio_node(ctx, "crc", compat,
                                                         1);
    uint32_t clk = presilicon_fdt_fixed_clock(ctx, "crc_clk",
                                              STM32_CRC_CLK_HZ);

    qemu_fdt_setprop_cell(ctx->fdt, path, "clocks", clk);
}

static int stm32_crc_post_load(void *opaque, int version_id)
{
    Stm32CrcState *s = opaque;

    /* What no guest write can produce comes from a bad stream. */
    if ((s->cr & ~(uint32_t)STM32_CRC_CR_RW) ||
        (s->idr & ~(uint32_t)R_CRC_IDR_IDR_MASK)) {
        return -EINVAL;
    }
    s->pol_size_reported = false;
    return 0;
}

static const VMStateDescription vmstate_stm32_crc = {
    .name = TYPE_STM32_CRC,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = stm32_crc_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(crc, Stm32CrcState),
        VMSTATE_UINT32(idr, Stm32CrcState),
        VMSTATE_UINT32(cr, Stm32CrcState),
        VMSTATE_UINT32(init, Stm32CrcState),
        VMSTATE_UINT32(pol, Stm32CrcState),
        VMSTATE_END_OF_LIST()
    },
};

static void stm32_crc_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "STM32 CRC calculation unit";
    dc->vmsd = &vmstate_stm32_crc;
    dc->user_creatable = true;
    rc->phases.enter = stm32_crc_reset_enter;
    fc->add_node = stm32_crc_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo stm32_crc_types[] = {
    {
        .name = TYPE_STM32_CRC,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Stm32CrcState),
        .instance_init = stm32_crc_init,
        .class_init = stm32_crc_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(stm32_crc_types)
