/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Marvell Xenon SDHCI, as on the Armada 3700 ("marvell,armada-3700-sdhci").
 *
 * Xenon is a standard SDHCI 3.0 slot (QEMU's SDHCI core does the commands,
 * PIO, SDMA and ADMA2) with Marvell's system and slot registers above it
 * and an eMMC 5.1 PHY. This model adds what the Linux sdhci-xenon driver
 * programs there:
 *   - the slot enable: a command issued to a disabled slot never reaches
 *     the card (a command timeout);
 *   - the PHY's initialisation, which takes the FC_SYNC and wait cycles
 *     TIMING_ADJUST names at the current SD clock, and needs the internal
 *     clock running; the DLL, which locks some time after it is enabled;
 *   - the Armada 3700 SoC's SD pad voltage control (a second window);
 *   - the slot's write-protect switch, a property (Present State's WP).
 *
 * Not modelled: the eMMC 5.0 PHY of other Xenon parts, SDIO card
 * interrupts in the Xenon slot-type sense, UHS-I and HS200 signalling
 * (the capabilities offer 3.3 V SD high speed only), more than one slot,
 * and the electrical settings (pads, ZNR/ZPR, strobes), which are kept
 * but change nothing.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/qdev-properties.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/block/xenon_sdhci.h"
#include "hw/sd/sdhci-internal.h"
#include "trace.h"

/* The "core" clock the device tree gives the controller. */
#define XENON_CORE_CLK_HZ       200000000
/*
 * Capabilities: SDHCI 3.0, timeout clock 50 MHz, base clock 200 MHz,
 * 512-byte blocks, ADMA2, high speed, SDMA, 3.3 V, 64-bit system bus.
 */
#define XENON_CAPAREG           0x1168c8b2ULL
/* The DLL locks this long after it is enabled. */
#define XENON_DLL_LOCK_NS       (50 * SCALE_US)
/* The delay the locked DLL reports, in taps (a 200 MHz clock's period). */
#define XENON_DLL_DELAY_TAPS    0x40

#define VREG(s, a)  ((s)->vregs[((a) - XENON_SDHCI_VENDOR_BASE) / 4])

/* The Xenon registers that exist, with their writable bits. */
static const struct {
    hwaddr addr;
    uint32_t reset;
    uint32_t rw;
} xenon_vregs[] = {
    { A_SYS_CFG_INFO, 1 << R_SYS_CFG_INFO_NR_SLOTS_SHIFT,
      1 << R_SYS_CFG_INFO_SLOT_SDIO_SHIFT },
    { A_SYS_OP_CTRL, 0,
      (1 << R_SYS_OP_CTRL_SLOT_EN_SHIFT) |
      (1 << R_SYS_OP_CTRL_SDCLK_IDLEOFF_SHIFT) |
      R_SYS_OP_CTRL_AUTO_CLKGATE_DIS_MASK },
    { A_SYS_EXT_OP_CTRL, 0,
      (1 << R_SYS_EXT_OP_CTRL_PARALLEL_TRAN_SHIFT) |
      R_SYS_EXT_OP_CTRL_MASK_CMD_CONFLICT_MASK },
    { A_SLOT_OP_STATUS_CTRL, 4 << R_SLOT_OP_STATUS_CTRL_TUN_CONSECUTIVE_SHIFT,
      R_SLOT_OP_STATUS_CTRL_TUNING_STEP_MASK |
      R_SLOT_OP_STATUS_CTRL_TUN_CONSECUTIVE_MASK },
    { A_SLOT_EMMC_CTRL, 0, UINT32_MAX },
    { A_SLOT_RETUNING_REQ_CTRL, R_SLOT_RETUNING_REQ_CTRL_COMPATIBLE_MASK,
      R_SLOT_RETUNING_REQ_CTRL_COMPATIBLE_MASK },
    { A_SLOT_EXT_PRESENT_STATE, 0, 0 },
    { A_SLOT_DLL_CUR_DLY_VAL, 0, 0 },
    { A_PHY_TIMING_ADJUST, 0x4444, UINT32_MAX },
    { A_PHY_FUNC_CONTROL, R_PHY_FUNC_CONTROL_DQ_ASYNC_MASK, UINT32_MAX },
    { A_PHY_PAD_CONTROL, 0, UINT32_MAX },
    { A_PHY_PAD_CONTROL1, 0, UINT32_MAX },
    { A_PHY_PAD_CONTROL2, 0x0f0f, UINT32_MAX },
    { A_PHY_DLL_CONTROL, 0, UINT32_MAX },
    { A_PHY_LOGIC_TIMING_ADJUST, 0, UINT32_MAX },
};

static int xenon_vreg_index(hwaddr addr)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(xenon_vregs); i++) {
        if (xenon_vregs[i].addr == addr) {
            return i;
        }
    }
    return -1;
}

static int64_t xenon_now(void)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

/* SDCLK in Hz from the core's Clock Control (SDHCI 3.0 10-bit divider). */
static uint64_t xenon_sdclk_hz(XenonSdhciState *s)
{
    uint16_t clk = s->sdhci.clkcon;
    unsigned div = ((clk >> 8) & 0xff) | ((clk & 0xc0) << 2);

    return div ? XENON_CORE_CLK_HZ / (2 * div) : XENON_CORE_CLK_HZ;
}

static bool xenon_slot_enabled(XenonSdhciState *s)
{
    return FIELD_EX32(VREG(s, A_SYS_OP_CTRL), SYS_OP_CTRL, SLOT_EN) & 1;
}

static uint32_t xenon_vreg_value(XenonSdhciState *s, hwaddr addr)
{
    uint32_t v = VREG(s, addr);
    bool locked;

    switch (addr) {
    case A_PHY_TIMING_ADJUST:
        if (s->phy_init_done >= 0 && xenon_now() >= s->phy_init_done) {
            s->phy_init_done = -1;
            VREG(s, addr) &= ~R_PHY_TIMING_ADJUST_INIT_MASK;
            trace_xenon_sdhci_phy_init_done();
        }
        return VREG(s, addr);
    case A_SLOT_EXT_PRESENT_STATE:
    case A_SLOT_DLL_CUR_DLY_VAL:
        locked = FIELD_EX32(VREG(s, A_PHY_DLL_CONTROL), PHY_DLL_CONTROL,
                            ENABLE) &&
                 s->dll_lock_at >= 0 && xenon_now() >= s->dll_lock_at;
        if (addr == A_SLOT_EXT_PRESENT_STATE) {
            return FIELD_DP32(0, SLOT_EXT_PRESENT_STATE, DLL_LOCK, locked);
        }
        return locked ? XENON_DLL_DELAY_TAPS : 0;
    }
    return v;
}

/* A register's new value took effect: act on what it starts. */
static void xenon_vreg_written(XenonSdhciState *s, hwaddr addr, uint32_t old)
{
    uint32_t v = VREG(s, addr);

    switch (addr) {
    case A_SYS_OP_CTRL:
        trace_xenon_sdhci_slot(xenon_slot_enabled(s));
        break;
    case A_PHY_TIMING_ADJUST:
        if (!(v & R_PHY_TIMING_ADJUST_INIT_MASK)) {
            /* INIT is the PHY's to clear. */
            VREG(s, addr) |= old & R_PHY_TIMING_ADJUST_INIT_MASK;
            break;
        }
        if (old & R_PHY_TIMING_ADJUST_INIT_MASK) {
            break;          /* already initialising */
        }
        if (!(s->sdhci.clkcon & SDHC_CLOCK_INT_STABLE)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "xenon-sdhci: PHY initialisation started with the "
                          "internal clock stopped (Clock Control 0x%04x); "
                          "it does not complete\n", s->sdhci.clkcon);
            s->phy_init_done = -1;
            break;
        } else {
            /* FC_SYNC_RST + FC_SYNC_RST_EN + FC_SYNC_EN + WAIT_CYCLE + 8. */
            uint64_t cycles = FIELD_EX32(v, PHY_TIMING_ADJUST, FC_SYNC_RST) +
                FIELD_EX32(v, PHY_TIMING_ADJUST, FC_SYNC_RST_EN) +
                FIELD_EX32(v, PHY_TIMING_ADJUST, FC_SYNC_EN) +
                FIELD_EX32(v, PHY_TIMING_ADJUST, WAIT_CYCLE) + 8;
            uint64_t ns = muldiv64(cycles, NANOSECONDS_PER_SECOND,
                                   xenon_sdclk_hz(s));

            s->phy_init_done = xenon_now() + ns;
            trace_xenon_sdhci_phy_init(cycles, ns);
        }
        break;
    case A_PHY_FUNC_CONTROL:
        if (s->sdhci.clkcon & SDHC_CLOCK_SDCLK_EN) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "xenon-sdhci: PHY FUNC_CONTROL written with SDCLK "
                          "running (Clock Control 0x%04x); the PHY wants it "
                          "stopped\n", s->sdhci.clkcon);
        }
        break;
    case A_PHY_DLL_CONTROL:
        /* UPDATE is a strobe. */
        VREG(s, addr) &= ~R_PHY_DLL_CONTROL_UPDATE_MASK;
        if (!FIELD_EX32(v, PHY_DLL_CONTROL, ENABLE)) {
            s->dll_lock_at = -1;
        } else if (!FIELD_EX32(old, PHY_DLL_CONTROL, ENABLE) ||
                   FIELD_EX32(v, PHY_DLL_CONTROL, UPDATE)) {
            s->dll_lock_at = xenon_now() + XENON_DLL_LOCK_NS;
            trace_xenon_sdhci_dll(s->dll_lock_at);
        }
        break;
    }
}

static uint64_t xenon_vendor_read(void *opaque, hwaddr offset, unsigned size)
{
    XenonSdhciState *s = opaque;
    hwaddr addr = XENON_SDHCI_VENDOR_BASE + (offset & ~3);
    unsigned shift = (offset & 3) * 8;
    uint64_t val = 0;

    if (xenon_vreg_index(addr) < 0) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "xenon-sdhci: read of unknown register 0x%03" HWADDR_PRIx
                      "%s\n", addr, addr >= 0x160 && addr < 0x170 ?
                      " (eMMC 5.0 PHY: not on the Armada 3700)" : "");
    } else {
        val = extract64(xenon_vreg_value(s, addr), shift, size * 8);
    }
    trace_xenon_sdhci_read(XENON_SDHCI_VENDOR_BASE + offset, size, val);
    return val;
}

static void xenon_vendor_write(void *opaque, hwaddr offset, uint64_t value,
                               unsigned size)
{
    XenonSdhciState *s = opaque;
    hwaddr addr = XENON_SDHCI_VENDOR_BASE + (offset & ~3);
    unsigned shift = (offset & 3) * 8;
    uint32_t mask = MAKE_64BIT_MASK(shift, size * 8);
    uint32_t val = (uint32_t)value << shift;
    int i = xenon_vreg_index(addr);
    uint32_t old, rw;

    trace_xenon_sdhci_write(XENON_SDHCI_VENDOR_BASE + offset, size, value);
    if (i < 0) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "xenon-sdhci: write of unknown register 0x%03" HWADDR_PRIx
                      "%s\n", addr, addr >= 0x160 && addr < 0x170 ?
                      " (eMMC 5.0 PHY: not on the Armada 3700)" : "");
        return;
    }
    rw = xenon_vregs[i].rw;
    if (!rw) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "xenon-sdhci: register 0x%03" HWADDR_PRIx
                      " is read-only\n", addr);
        return;
    }
    old = xenon_vreg_value(s, addr);
    if ((val ^ old) & mask & ~rw) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "xenon-sdhci: write 0x%08" PRIx32 " to 0x%03" HWADDR_PRIx
                      " changes bits that do not exist here (slots other "
                      "than 0, or read-only fields): 0x%08" PRIx32 "\n",
                      val & mask, addr, (val ^ old) & mask & ~rw);
    }
    VREG(s, addr) = (old & ~(mask & rw)) | (val & mask & rw);
    xenon_vreg_written(s, addr, old);
}

static const MemoryRegionOps xenon_vendor_ops = {
    .read = xenon_vendor_read,
    .write = xenon_vendor_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
        .unaligned = false,
    },
};

/*
 * The standard SDHCI registers go to the core, except what the Xenon
 * wrapper decides: the slot enable gates commands, and the slot's switch
 * gives Present State's write-protect level.
 */
static bool xenon_touches(hwaddr offset, unsigned size, hwaddr byte)
{
    return offset <= byte && byte < offset + size;
}

static uint64_t xenon_std_read(void *opaque, hwaddr offset, unsigned size)
{
    XenonSdhciState *s = opaque;
    uint64_t val = 0;

    memory_region_dispatch_read(&s->sdhci.iomem, offset, &val,
                                size_memop(size), MEMTXATTRS_UNSPECIFIED);
    /* Present State bit 19: 1 = writable, 0 = the switch protects. */
    if (s->write_protect && xenon_touches(offset, size, SDHC_PRNSTS + 2)) {
        val &= ~(uint64_t)(SDHC_WRITE_PROTECT >> ((offset - SDHC_PRNSTS) * 8));
    }
    return val;
}

/* Say what the core's new error status bits mean. */
static void xenon_report_errors(XenonSdhciState *s, uint16_t before)
{
    uint16_t new = s->sdhci.errintsts & ~before;

    if (new & SDHC_EIS_DATATIMEOUT) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "xenon-sdhci: data timeout: the card sent or took no "
                      "data for CMD%u (block count left %u)\n",
                      s->sdhci.cmdreg >> 8, s->sdhci.blkcnt);
    }
    if (new & SDHC_EIS_ADMAERR) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "xenon-sdhci: ADMA error at descriptor 0x%" PRIx64
                      " (ADMA error status 0x%02x): not valid or not "
                      "readable\n", s->sdhci.admasysaddr, s->sdhci.admaerr);
    }
}

static void xenon_std_write(void *opaque, hwaddr offset, uint64_t value,
                            unsigned size)
{
    XenonSdhciState *s = opaque;
    uint16_t errs;

    if (!xenon_slot_enabled(s) && xenon_touches(offset, size, SDHC_CMDREG + 1)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "xenon-sdhci: command issued while slot 0 is disabled "
                      "(SYS_OP_CTRL 0x%08" PRIx32 "); the card never sees "
                      "it\n", VREG(s, A_SYS_OP_CTRL));
        trace_xenon_sdhci_cmd_dropped(value);
        if (s->sdhci.errintstsen & SDHC_EISEN_CMDTIMEOUT) {
            uint16_t en = s->sdhci.norintstsen;

            s->sdhci.errintsts |= SDHC_EIS_CMDTIMEOUT;
            s->sdhci.norintsts |= SDHC_NIS_ERR;
            /* Rewriting the enables makes the core update its interrupt. */
            memory_region_dispatch_write(&s->sdhci.iomem, SDHC_NORINTSTSEN,
                                         en, MO_16, MEMTXATTRS_UNSPECIFIED);
        }
        return;
    }
    if (offset == SDHC_BLKSIZE && size >= 2 && (value & 0xfff) > 512) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "xenon-sdhci: block size %u is larger than the "
                      "512-byte buffer (capabilities); not taken\n",
                      (unsigned)(value & 0xfff));
    }
    if ((offset == SDHC_TRNMOD && size == 4) ||
        (offset == SDHC_CMDREG && size == 2)) {
        uint16_t cmdreg = offset == SDHC_TRNMOD ? value >> 16 : value;
        uint16_t blk = s->sdhci.blksize & 0xfff;

        if ((cmdreg & SDHC_CMD_DATA_PRESENT) && (blk == 0 || blk > 512)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "xenon-sdhci: CMD%u with data and a block size of "
                          "%u (1 to 512 here); no data moves\n",
                          cmdreg >> 8, blk);
        }
    }
    errs = s->sdhci.errintsts;
    memory_region_dispatch_write(&s->sdhci.iomem, offset, value,
                                 size_memop(size), MEMTXATTRS_UNSPECIFIED);
    xenon_report_errors(s, errs);
}

static const MemoryRegionOps xenon_std_ops = {
    .read = xenon_std_read,
    .write = xenon_std_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
        .unaligned = false,
    },
};

static uint64_t xenon_pad_read(void *opaque, hwaddr offset, unsigned size)
{
    XenonSdhciState *s = opaque;

    return s->pad_ctrl;
}

static void xenon_pad_write(void *opaque, hwaddr offset, uint64_t value,
                            unsigned size)
{
    XenonSdhciState *s = opaque;

    if (value & ~(uint64_t)R_SOC_PAD_CTRL_V18_MASK) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "xenon-sdhci: SoC pad control write 0x%08" PRIx64
                      " sets reserved bits\n", value);
    }
    s->pad_ctrl = value & R_SOC_PAD_CTRL_V18_MASK;
    trace_xenon_sdhci_pad(s->pad_ctrl ? 18 : 33);
}

static const MemoryRegionOps xenon_pad_ops = {
    .read = xenon_pad_read,
    .write = xenon_pad_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void xenon_sdhci_reset_enter(Object *obj, ResetType type)
{
    XenonSdhciState *s = XENON_SDHCI(obj);
    int i;

    memset(s->vregs, 0, sizeof(s->vregs));
    for (i = 0; i < ARRAY_SIZE(xenon_vregs); i++) {
        VREG(s, xenon_vregs[i].addr) = xenon_vregs[i].reset;
    }
    s->pad_ctrl = 0;
    s->phy_init_done = -1;
    s->dll_lock_at = -1;
}

static void xenon_sdhci_reset_hold(Object *obj, ResetType type)
{
    XenonSdhciState *s = XENON_SDHCI(obj);

    device_cold_reset(DEVICE(&s->sdhci));
}

static void xenon_sdhci_init(Object *obj)
{
    XenonSdhciState *s = XENON_SDHCI(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    object_initialize_child(obj, "sdhci", &s->sdhci, TYPE_SYSBUS_SDHCI);
    memory_region_init(&s->container, obj, "xenon-sdhci",
                       XENON_SDHCI_MMIO_SIZE);
    memory_region_init_io(&s->std, obj, &xenon_std_ops, s, "xenon-sdhci.std",
                          XENON_SDHCI_VENDOR_BASE);
    memory_region_init_io(&s->vendor, obj, &xenon_vendor_ops, s,
                          "xenon-sdhci.xenon",
                          XENON_SDHCI_MMIO_SIZE - XENON_SDHCI_VENDOR_BASE);
    memory_region_add_subregion(&s->container, 0, &s->std);
    memory_region_add_subregion(&s->container, XENON_SDHCI_VENDOR_BASE,
                                &s->vendor);
    sysbus_init_mmio(sbd, &s->container);
    memory_region_init_io(&s->pad, obj, &xenon_pad_ops, s, "xenon-sdhci.pad",
                          XENON_SDHCI_PAD_SIZE);
    sysbus_init_mmio(sbd, &s->pad);
}

static void xenon_sdhci_realize(DeviceState *dev, Error **errp)
{
    XenonSdhciState *s = XENON_SDHCI(dev);
    SysBusDevice *core = SYS_BUS_DEVICE(&s->sdhci);

    qdev_prop_set_uint8(DEVICE(core), "sd-spec-version", 3);
    qdev_prop_set_uint64(DEVICE(core), "capareg", XENON_CAPAREG);
    if (!sysbus_realize(core, errp)) {
        return;
    }
    /* The core's interrupt is the controller's. */
    sysbus_pass_irq(SYS_BUS_DEVICE(dev), core);
}

static void xenon_sdhci_add_fdt_node(DeviceState *dev,
                                     PresiliconFdtContext *ctx)
{
    static const char *const compat[] = {
        "marvell,armada-3700-sdhci", "marvell,sdhci-xenon",
    };
    g_autofree char *path = presilicon_fdt_add_mmio_node(ctx, "mmc", compat,
                                                         ARRAY_SIZE(compat));
    uint32_t clk = presilicon_fdt_fixed_clock(ctx, "xenon_core_clk",
                                              XENON_CORE_CLK_HZ);

    qemu_fdt_setprop_cell(ctx->fdt, path, "clocks", clk);
    qemu_fdt_setprop_string(ctx->fdt, path, "clock-names", "core");
    qemu_fdt_setprop_string(ctx->fdt, path, "marvell,pad-type", "sd");
    qemu_fdt_setprop_cell(ctx->fdt, path, "bus-width", 4);
}

/*
 * The PHY and DLL deadlines travel as time left (-1: none), so that they
 * hold whatever the destination's clock reads.
 */
static int64_t xenon_left(int64_t deadline)
{
    return deadline < 0 ? -1 : MAX(deadline - xenon_now(), 0);
}

static int64_t xenon_deadline(int64_t left)
{
    return left < 0 ? -1 : xenon_now() + left;
}

static int xenon_sdhci_pre_save(void *opaque)
{
    XenonSdhciState *s = opaque;

    s->phy_init_left = xenon_left(s->phy_init_done);
    s->dll_lock_left = xenon_left(s->dll_lock_at);
    return 0;
}

static int xenon_sdhci_post_load(void *opaque, int version_id)
{
    XenonSdhciState *s = opaque;

    s->phy_init_done = xenon_deadline(s->phy_init_left);
    s->dll_lock_at = xenon_deadline(s->dll_lock_left);
    return 0;
}

static const VMStateDescription vmstate_xenon_sdhci = {
    .name = TYPE_XENON_SDHCI,
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_save = xenon_sdhci_pre_save,
    .post_load = xenon_sdhci_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(vregs, XenonSdhciState, XENON_SDHCI_NUM_VREGS),
        VMSTATE_UINT32(pad_ctrl, XenonSdhciState),
        VMSTATE_INT64(phy_init_left, XenonSdhciState),
        VMSTATE_INT64(dll_lock_left, XenonSdhciState),
        VMSTATE_BOOL(write_protect, XenonSdhciState),
        VMSTATE_END_OF_LIST()
    },
};

static bool xenon_sdhci_get_wp(Object *obj, Error **errp)
{
    return XENON_SDHCI(obj)->write_protect;
}

static void xenon_sdhci_set_wp(Object *obj, bool value, Error **errp)
{
    XENON_SDHCI(obj)->write_protect = value;
    trace_xenon_sdhci_write_protect(value);
}

static void xenon_sdhci_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "Marvell Xenon SDHCI (Armada 3700)";
    dc->realize = xenon_sdhci_realize;
    dc->vmsd = &vmstate_xenon_sdhci;
    dc->user_creatable = true;
    object_class_property_add_bool(oc, "write-protect", xenon_sdhci_get_wp,
                                   xenon_sdhci_set_wp);
    object_class_property_set_description(oc, "write-protect",
        "The slot's write-protect switch (settable at run time)");
    rc->phases.enter = xenon_sdhci_reset_enter;
    rc->phases.hold = xenon_sdhci_reset_hold;
    fc->add_node = xenon_sdhci_add_fdt_node;
    set_bit(DEVICE_CATEGORY_STORAGE, dc->categories);
}

static const TypeInfo xenon_sdhci_types[] = {
    {
        .name = TYPE_XENON_SDHCI,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(XenonSdhciState),
        .instance_init = xenon_sdhci_init,
        .class_init = xenon_sdhci_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(xenon_sdhci_types)
