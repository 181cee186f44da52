/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * MediaTek MT7623 PMIC wrapper ("mediatek,mt7623-pwrap", the MT2701's
 * wrapper) with the MT6323 PMIC (hw/misc/mt6323.c) behind it, as the
 * Linux mtk-pmic-wrap driver brings it up and uses it.
 *
 * The CPU reaches the PMIC's 16-bit registers through the WACS2 port: a
 * command (WACS2_CMD) is taken only when the port's FSM is IDLE; a write
 * completes at once, a read leaves its data in WACS2_RDATA with the FSM in
 * WFVLDCLR until software writes WACS2_VLDCLR. A command in any other
 * state, with the wrapper or the port disabled, or in manual mode is a
 * guest error that sets an INT_FLG bit (the driver's "unexpected
 * interrupt"). The init sequence is followed as the chip needs it: the
 * SPI slave reset by manual commands (CSL, a byte, CSH), the serial input
 * delay scan (the SIDLY values in sidly-pass read the PMIC right, the
 * others get garbage), dual I/O, read dummy cycles and the cipher set on
 * both ends - a read while the two ends disagree returns garbled data and
 * a write is lost, with a guest error - the PMIC's read and write tests,
 * and the INIT_DONE bits. The SoC's reset line for the wrapper (INFRACFG
 * bit 7) is a second window a reset-simple driver drives.
 *
 * Not modelled: WACS0/1 (other masters), the status-update, DVFS, ADC and
 * watchdog engines (their registers hold what is written), the cipher's
 * arithmetic, CRC signature checking (the PMIC computes DEW_CRC_VAL; the
 * wrapper does not compare it), the SPI timing (commands take no time).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/bswap.h"
#include "qapi/error.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/core/presilicon-fdt-build.h"
#include "hw/misc/mt7623_pwrap.h"
#include "trace.h"

#define R(s, a)         ((s)->regs[(a) / 4])
/* The MT7623's PMIC wrapper clock (the 26 MHz crystal). */
#define PWRAP_WRAP_HZ   26000000
#define PWRAP_DT_LEDS   4

static const char *pwrap_fsm_name(uint8_t fsm)
{
    switch (fsm) {
    case PWRAP_FSM_IDLE:
        return "IDLE";
    case PWRAP_FSM_REQ:
        return "REQ";
    case PWRAP_FSM_WFDLE:
        return "WFDLE";
    case PWRAP_FSM_WFVLDCLR:
        return "WFVLDCLR";
    }
    return "?";
}

/* The registers that exist (the holes of the map are guest errors). */
static bool pwrap_reg_exists(hwaddr addr)
{
    switch (addr) {
    case A_PWRAP_MUX_SEL ... A_PWRAP_SIDLY:
    case A_PWRAP_RDDMY ... A_PWRAP_STAUPD_STA:
    case A_PWRAP_WRAP_STA ... A_PWRAP_ADC_RDATA_ADDR2:
        return true;
    }
    return false;
}

static bool pwrap_reg_readonly(hwaddr addr)
{
    switch (addr) {
    case A_PWRAP_STAUPD_STA:
    case A_PWRAP_WRAP_STA:
    case A_PWRAP_HARB_STA0:
    case A_PWRAP_HARB_STA1:
    case A_PWRAP_MAN_RDATA:
    case A_PWRAP_WACS0_RDATA:
    case A_PWRAP_WACS1_RDATA:
    case A_PWRAP_WACS2_RDATA:
    case A_PWRAP_INT_FLG_RAW:
    case A_PWRAP_INT_FLG:
    case A_PWRAP_SIG_ERRVAL:
    case A_PWRAP_TIMER_STA:
    case A_PWRAP_WDT_FLG:
    case A_PWRAP_CIPHER_RDY:
        return true;
    }
    return false;
}

static bool pwrap_in_reset(Mt7623PwrapState *s)
{
    return s->reset_ctrl & BIT(MT7623_PWRAP_RESET_BIT);
}

static void pwrap_update_irq(Mt7623PwrapState *s)
{
    qemu_set_irq(s->irq, !!(R(s, A_PWRAP_INT_FLG_RAW) & R(s, A_PWRAP_INT_EN)));
}

static void pwrap_error(Mt7623PwrapState *s, uint32_t flag)
{
    R(s, A_PWRAP_INT_FLG_RAW) |= flag;
    pwrap_update_irq(s);
}

static bool pwrap_cipher_ready(Mt7623PwrapState *s)
{
    return (R(s, A_PWRAP_CIPHER_EN) & 1) && !(R(s, A_PWRAP_CIPHER_SWRST) & 1);
}

/*
 * Why the two ends of the link do not understand each other, or NULL:
 * dual I/O, enciphering and its key/IV selection must agree.
 */
static const char *pwrap_link_fault(Mt7623PwrapState *s)
{
    bool ciphered = R(s, A_PWRAP_CIPHER_MODE) & 1;

    if ((R(s, A_PWRAP_DIO_EN) & 1) != mt6323_dio(&s->pmic)) {
        return "dual I/O on one end only (DIO_EN, DEW_DIO_EN)";
    }
    if (ciphered != mt6323_ciphered(&s->pmic)) {
        return "enciphered on one end only (CIPHER_MODE, DEW_CIPHER_MODE)";
    }
    if (ciphered &&
        ((R(s, A_PWRAP_CIPHER_KEY_SEL) & 0xff) |
         (R(s, A_PWRAP_CIPHER_IV_SEL) & 0xff) << 8) !=
        mt6323_cipher_sel(&s->pmic)) {
        return "different cipher key or IV selections on the two ends";
    }
    if (ciphered && !pwrap_cipher_ready(s)) {
        return "the wrapper's cipher not ready (CIPHER_EN, CIPHER_SWRST)";
    }
    return NULL;
}

/* A WACS2 command, from IDLE. */
static void pwrap_wacs2_cmd(Mt7623PwrapState *s, uint32_t cmd)
{
    bool write = FIELD_EX32(cmd, PWRAP_WACS2_CMD, WRITE);
    uint16_t adr = FIELD_EX32(cmd, PWRAP_WACS2_CMD, ADR) << 1;
    uint16_t wdata = FIELD_EX32(cmd, PWRAP_WACS2_CMD, WDATA);
    const char *fault;
    uint16_t val;

    trace_mt7623_pwrap_cmd(write, adr, wdata, pwrap_fsm_name(s->fsm));
    if (s->fsm != PWRAP_FSM_IDLE) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: WACS2_CMD 0x%08x while "
                      "the WACS2 FSM is in %s, not IDLE%s: dropped\n", cmd,
                      pwrap_fsm_name(s->fsm),
                      s->fsm == PWRAP_FSM_WFVLDCLR ?
                      " (read data not cleared with WACS2_VLDCLR)" : "");
        pwrap_error(s, PWRAP_INT_WACS2_CMD_ERR);
        return;
    }
    if (!(R(s, A_PWRAP_WRAP_EN) & 1) || !(R(s, A_PWRAP_WACS2_EN) & 1) ||
        (R(s, A_PWRAP_MUX_SEL) & 1)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: WACS2_CMD 0x%08x with "
                      "%s: dropped\n", cmd,
                      !(R(s, A_PWRAP_WRAP_EN) & 1) ? "the wrapper disabled "
                      "(WRAP_EN 0)" : !(R(s, A_PWRAP_WACS2_EN) & 1) ?
                      "the WACS2 port disabled (WACS2_EN 0)" :
                      "the link in manual mode (MUX_SEL 1)");
        pwrap_error(s, PWRAP_INT_WACS2_CMD_ERR);
        return;
    }
    fault = pwrap_link_fault(s);
    if (write) {
        if (fault) {
            qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: write 0x%04x to "
                          "PMIC 0x%04x lost: %s\n", wdata, adr, fault);
            pwrap_error(s, PWRAP_INT_LINK_ERR);
            return;
        }
        mt6323_write(&s->pmic, adr, wdata);
        return;
    }
    mt6323_read(&s->pmic, adr, &val);
    if (fault) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: read of PMIC 0x%04x "
                      "garbled: %s\n", adr, fault);
        pwrap_error(s, PWRAP_INT_LINK_ERR);
        val = bswap16(val);
    } else if (!(s->sidly_pass & BIT(R(s, A_PWRAP_SIDLY) & 3)) ||
               (R(s, A_PWRAP_RDDMY) & 0xff) != mt6323_rddmy(&s->pmic)) {
        /* Sampled at the wrong time: the bits come shifted by one. */
        trace_mt7623_pwrap_bad_sample(R(s, A_PWRAP_SIDLY) & 3,
                                      R(s, A_PWRAP_RDDMY) & 0xff,
                                      mt6323_rddmy(&s->pmic));
        val = val >> 1 | 0x8000;
    }
    s->rdata = val;
    s->fsm = PWRAP_FSM_WFVLDCLR;
}

/* A manual-mode command: the driver's SPI slave reset is CSL, OUTS, CSH. */
static void pwrap_man_cmd(Mt7623PwrapState *s, uint32_t val)
{
    unsigned op = FIELD_EX32(val, PWRAP_MAN_CMD, OP);

    if (!(R(s, A_PWRAP_MAN_EN) & 1) || !(R(s, A_PWRAP_MUX_SEL) & 1)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: MAN_CMD 0x%08x outside "
                      "manual mode (MAN_EN %u, MUX_SEL %u): dropped\n", val,
                      R(s, A_PWRAP_MAN_EN) & 1, R(s, A_PWRAP_MUX_SEL) & 1);
        pwrap_error(s, PWRAP_INT_MAN_ERR);
        return;
    }
    switch (op) {
    case PWRAP_MAN_OP_CSL:
        s->man_seq = 1;
        break;
    case PWRAP_MAN_OP_OUTS:
    case PWRAP_MAN_OP_OUTD:
    case PWRAP_MAN_OP_OUTQ:
        s->man_seq = s->man_seq == 1 ? 2 : s->man_seq == 2 ? 2 : 0;
        break;
    case PWRAP_MAN_OP_CSH:
        if (s->man_seq == 2) {
            mt6323_spi_reset(&s->pmic);
        }
        s->man_seq = 0;
        break;
    case PWRAP_MAN_OP_CK:
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: MAN_CMD 0x%08x: no "
                      "operation 0x%x\n", val, op);
        pwrap_error(s, PWRAP_INT_MAN_ERR);
        return;
    }
    trace_mt7623_pwrap_man(op, s->man_seq);
}

static uint64_t pwrap_read(void *opaque, hwaddr addr, unsigned size)
{
    Mt7623PwrapState *s = opaque;
    uint32_t val;

    if (!pwrap_reg_exists(addr)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: read of unknown "
                      "register 0x%03" HWADDR_PRIx "\n", addr);
        return 0;
    }
    switch (addr) {
    case A_PWRAP_WACS2_RDATA:
        val = FIELD_DP32(0, PWRAP_WACS2_RDATA, FSM, s->fsm);
        val = FIELD_DP32(val, PWRAP_WACS2_RDATA, SYNC_IDLE0, 1);
        val = FIELD_DP32(val, PWRAP_WACS2_RDATA, INIT_DONE0,
                         R(s, A_PWRAP_INIT_DONE0) & 1);
        if (s->fsm == PWRAP_FSM_WFVLDCLR) {
            val = FIELD_DP32(val, PWRAP_WACS2_RDATA, RDATA, s->rdata);
        }
        break;
    case A_PWRAP_INT_FLG:
        val = R(s, A_PWRAP_INT_FLG_RAW) & R(s, A_PWRAP_INT_EN);
        break;
    case A_PWRAP_CIPHER_RDY:
        val = pwrap_cipher_ready(s);
        break;
    default:
        val = R(s, addr);
        break;
    }
    trace_mt7623_pwrap_read(addr, val);
    return val;
}

static void pwrap_write(void *opaque, hwaddr addr, uint64_t val,
                        unsigned size)
{
    Mt7623PwrapState *s = opaque;

    trace_mt7623_pwrap_write(addr, val);
    if (!pwrap_reg_exists(addr)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: write 0x%08" PRIx64
                      " to unknown register 0x%03" HWADDR_PRIx "\n", val,
                      addr);
        return;
    }
    if (pwrap_in_reset(s)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: write 0x%08" PRIx64
                      " to 0x%03" HWADDR_PRIx " while the wrapper is held in "
                      "reset (INFRACFG reset bit %d): dropped\n", val, addr,
                      MT7623_PWRAP_RESET_BIT);
        return;
    }
    if (pwrap_reg_readonly(addr)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: write 0x%08" PRIx64
                      " to read-only register 0x%03" HWADDR_PRIx "\n", val,
                      addr);
        return;
    }
    switch (addr) {
    case A_PWRAP_WACS2_CMD:
        R(s, addr) = val;
        pwrap_wacs2_cmd(s, val);
        break;
    case A_PWRAP_WACS2_VLDCLR:
        if (!(val & 1)) {
            break;
        }
        if (s->fsm != PWRAP_FSM_WFVLDCLR) {
            qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: WACS2_VLDCLR with "
                          "the FSM in %s: no read data to clear\n",
                          pwrap_fsm_name(s->fsm));
            pwrap_error(s, PWRAP_INT_WACS2_VLDCLR_ERR);
            break;
        }
        s->fsm = PWRAP_FSM_IDLE;
        s->rdata = 0;
        break;
    case A_PWRAP_WACS0_CMD:
    case A_PWRAP_WACS1_CMD:
    case A_PWRAP_WACS0_VLDCLR:
    case A_PWRAP_WACS1_VLDCLR:
    case A_PWRAP_MAN_VLDCLR:
        qemu_log_mask(LOG_UNIMP, "mt7623-pwrap: WACS0/1 and manual reads "
                      "are not modelled (write to 0x%03" HWADDR_PRIx ")\n",
                      addr);
        break;
    case A_PWRAP_MAN_CMD:
        R(s, addr) = val;
        pwrap_man_cmd(s, val);
        break;
    case A_PWRAP_INT_CLR:
        R(s, A_PWRAP_INT_FLG_RAW) &= ~val;
        break;
    case A_PWRAP_SIDLY:
        R(s, addr) = val & 3;
        break;
    case A_PWRAP_CIPHER_SWRST:
        R(s, addr) = val & 1;
        if (val & 1) {
            R(s, A_PWRAP_CIPHER_EN) = 0;
            R(s, A_PWRAP_CIPHER_MODE) = 0;
        }
        break;
    default:
        R(s, addr) = val;
        break;
    }
    pwrap_update_irq(s);
}

static const MemoryRegionOps pwrap_ops = {
    .read = pwrap_read,
    .write = pwrap_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

/* The wrapper's registers out of reset (the PMIC keeps its own). */
static void pwrap_reset_block(Mt7623PwrapState *s)
{
    memset(s->regs, 0, sizeof(s->regs));
    s->fsm = PWRAP_FSM_IDLE;
    s->rdata = 0;
    s->man_seq = 0;
}

static uint64_t pwrap_reset_read(void *opaque, hwaddr addr, unsigned size)
{
    return MT7623_PWRAP(opaque)->reset_ctrl;
}

static void pwrap_reset_write(void *opaque, hwaddr addr, uint64_t val,
                              unsigned size)
{
    Mt7623PwrapState *s = opaque;

    if (val & ~BIT(MT7623_PWRAP_RESET_BIT)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7623-pwrap: reset control "
                      "0x%08" PRIx64 ": only line %d (the PMIC wrapper) "
                      "exists here\n", val, MT7623_PWRAP_RESET_BIT);
    }
    s->reset_ctrl = val & BIT(MT7623_PWRAP_RESET_BIT);
    trace_mt7623_pwrap_reset(pwrap_in_reset(s));
    if (pwrap_in_reset(s)) {
        pwrap_reset_block(s);
    }
    pwrap_update_irq(s);
}

static const MemoryRegionOps pwrap_reset_ops = {
    .read = pwrap_reset_read,
    .write = pwrap_reset_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void pwrap_reset_enter(Object *obj, ResetType type)
{
    Mt7623PwrapState *s = MT7623_PWRAP(obj);

    pwrap_reset_block(s);
    s->reset_ctrl = 0;
}

static void pwrap_reset_hold(Object *obj, ResetType type)
{
    pwrap_update_irq(MT7623_PWRAP(obj));
}

/* The PMIC is reset with the board (it has no bus to be reset through). */
static void pwrap_child_foreach(Object *obj, ResettableChildCallback cb,
                                void *opaque, ResetType type)
{
    Mt7623PwrapState *s = MT7623_PWRAP(obj);

    cb(OBJECT(&s->pmic), opaque, type);
}

static void pwrap_pmic_int(void *opaque, int n, int level)
{
    Mt7623PwrapState *s = opaque;

    trace_mt7623_pwrap_pmic_int(level);
    qemu_set_irq(s->pmic_irq, level);
}

static void pwrap_init(Object *obj)
{
    Mt7623PwrapState *s = MT7623_PWRAP(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->mmio, obj, &pwrap_ops, s, "mt7623-pwrap",
                          MT7623_PWRAP_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->mmio);
    memory_region_init_io(&s->reset_mmio, obj, &pwrap_reset_ops, s,
                          "mt7623-pwrap.reset", MT7623_PWRAP_RESET_SIZE);
    sysbus_init_mmio(sbd, &s->reset_mmio);
    sysbus_init_irq(sbd, &s->irq);
    sysbus_init_irq(sbd, &s->pmic_irq);
    object_initialize_child(obj, "pmic", &s->pmic, TYPE_MT6323);
    qdev_init_gpio_in_named(DEVICE(obj), pwrap_pmic_int, "pmic-int", 1);
}

static void pwrap_realize(DeviceState *dev, Error **errp)
{
    Mt7623PwrapState *s = MT7623_PWRAP(dev);

    if (!s->sidly_pass || s->sidly_pass > 0xf) {
        error_setg(errp, "mt7623-pwrap: sidly-pass must be a mask of the "
                   "SIDLY values 0-3 that read right (1 to 15), not %u",
                   s->sidly_pass);
        return;
    }
    if (s->spi_hz < 1000000 || s->spi_hz > 100000000) {
        error_setg(errp, "mt7623-pwrap: spi-hz must be 1 MHz to 100 MHz, "
                   "not %u", s->spi_hz);
        return;
    }
    if (!qdev_realize(DEVICE(&s->pmic), NULL, errp)) {
        return;
    }
    qdev_connect_gpio_out(DEVICE(&s->pmic), 0,
                          qdev_get_gpio_in_named(dev, "pmic-int", 0));
}

/*
 * The regulators node mt6323-regulator matches, one child per regulator
 * (buck_<name>, ldo_<name>) with the range its voltage select spans. The
 * supplies the PMIC has on from power-on are always-on; VGP1 is too, at
 * 3.3 V, which the regulator core sets at probe (its reset value is
 * 1.2 V): the guest's write reaches the model.
 */
static void pwrap_add_regulators(void *fdt, const char *pmic)
{
    static const struct {
        const char *node;
        uint32_t min_uv, max_uv;
        bool always_on;
    } regs[] = {
        { "buck_vproc", 700000, 1493750, true },
        { "buck_vsys", 1400000, 2987500, true },
        { "buck_vpa", 500000, 3650000 },
        { "ldo_vtcxo", 2800000, 2800000, true },
        { "ldo_vcn28", 2800000, 2800000 },
        { "ldo_vcn33_bt", 3300000, 3600000 },
        { "ldo_vcn33_wifi", 3300000, 3600000 },
        { "ldo_va", 2800000, 2800000 },
        { "ldo_vcama", 1500000, 2800000 },
        { "ldo_vio28", 2800000, 2800000, true },
        { "ldo_vusb", 3300000, 3300000 },
        { "ldo_vmc", 1800000, 3300000 },
        { "ldo_vmch", 3000000, 3300000 },
        { "ldo_vemc3v3", 3000000, 3300000 },
        { "ldo_vgp1", 3300000, 3300000, true },
        { "ldo_vgp2", 1200000, 3000000 },
        { "ldo_vgp3", 1200000, 1800000 },
        { "ldo_vcn18", 1800000, 1800000 },
        { "ldo_vsim1", 1800000, 3000000 },
        { "ldo_vsim2", 1800000, 3000000 },
        { "ldo_vrtc", 2800000, 2800000, true },
        { "ldo_vcamaf", 1200000, 3300000 },
        { "ldo_vibr", 1200000, 3300000 },
        { "ldo_vrf18", 1825000, 1825000 },
        { "ldo_vm", 1200000, 1800000 },
        { "ldo_vio18", 1800000, 1800000, true },
        { "ldo_vcamd", 1200000, 1800000 },
        { "ldo_vcamio", 1800000, 1800000 },
    };
    g_autofree char *node = g_strdup_printf("%s/regulators", pmic);

    qemu_fdt_add_subnode(fdt, node);
    qemu_fdt_setprop_string(fdt, node, "compatible",
                            "mediatek,mt6323-regulator");
    /* Added last first: the nodes come out in the driver's order. */
    for (int i = ARRAY_SIZE(regs) - 1; i >= 0; i--) {
        g_autofree char *r = g_strdup_printf("%s/%s", node, regs[i].node);

        qemu_fdt_add_subnode(fdt, r);
        qemu_fdt_setprop_string(fdt, r, "regulator-name",
                                strchr(regs[i].node, '_') + 1);
        qemu_fdt_setprop_cell(fdt, r, "regulator-min-microvolt",
                              regs[i].min_uv);
        qemu_fdt_setprop_cell(fdt, r, "regulator-max-microvolt",
                              regs[i].max_uv);
        if (regs[i].always_on) {
            qemu_fdt_setprop(fdt, r, "regulator-always-on", NULL, 0);
            qemu_fdt_setprop(fdt, r, "regulator-boot-on", NULL, 0);
        }
    }
}

static void pwrap_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat[] = {
        "mediatek,mt7623-pwrap", "mediatek,mt2701-pwrap",
    };
    static const char *const rcompat[] = { "snps,dw-high-reset" };
    Mt7623PwrapState *s = MT7623_PWRAP(dev);
    PresiliconFdtContext pctx = *ctx, rctx = *ctx;
    g_autofree char *path = NULL, *rpath = NULL;
    g_autofree char *pmic = NULL, *leds = NULL, *rtc = NULL;
    const char *clk_names[] = { "spi", "wrap" };
    uint32_t spi_clk, wrap_clk, rst;

    /* The INFRACFG reset register: a node of its own. */
    rctx.reg_base[0] = ctx->reg_base[1];
    rctx.reg_size[0] = ctx->reg_size[1];
    rctx.n_regs = 1;
    rctx.n_irqs = 0;
    rpath = presilicon_fdt_add_mmio_node(&rctx, "reset-controller", rcompat,
                                         1);
    rst = qemu_fdt_alloc_phandle(ctx->fdt);
    qemu_fdt_setprop_cell(ctx->fdt, rpath, "phandle", rst);
    qemu_fdt_setprop_cell(ctx->fdt, rpath, "#reset-cells", 1);

    pctx.n_regs = 1;
    pctx.n_irqs = MIN(ctx->n_irqs, 1);
    path = presilicon_fdt_add_mmio_node(&pctx, "pwrap", compat, 2);
    qemu_fdt_setprop_string(ctx->fdt, path, "reg-names", "pwrap");
    qemu_fdt_setprop_cells(ctx->fdt, path, "resets", rst,
                           MT7623_PWRAP_RESET_BIT);
    qemu_fdt_setprop_string(ctx->fdt, path, "reset-names", "pwrap");
    spi_clk = presilicon_fdt_fixed_clock(ctx, "pmicspi_clk", s->spi_hz);
    wrap_clk = presilicon_fdt_fixed_clock(ctx, "pmicwrap_clk",
                                          PWRAP_WRAP_HZ);
    qemu_fdt_setprop_cells(ctx->fdt, path, "clocks", spi_clk, wrap_clk);
    qemu_fdt_setprop_string_array(ctx->fdt, path, "clock-names",
                                  (char **)clk_names, ARRAY_SIZE(clk_names));

    /* The PMIC, its INT pin on the wrapper's second line. */
    pmic = g_strdup_printf("%s/pmic", path);
    qemu_fdt_add_subnode(ctx->fdt, pmic);
    qemu_fdt_setprop_string(ctx->fdt, pmic, "compatible", "mediatek,mt6323");
    if (ctx->n_irqs > 1) {
        qemu_fdt_setprop_cell(ctx->fdt, pmic, "interrupt-parent",
                              ctx->intc_phandle);
        qemu_fdt_setprop_cells(ctx->fdt, pmic, "interrupts",
                               PSFDT_IRQ_TYPE_SPI, ctx->irq[1],
                               PSFDT_IRQ_LEVEL_HIGH);
    }
    qemu_fdt_setprop(ctx->fdt, pmic, "interrupt-controller", NULL, 0);
    qemu_fdt_setprop_cell(ctx->fdt, pmic, "#interrupt-cells", 2);
    /* An interrupt provider's interrupt-map cells (dtc asks for them). */
    qemu_fdt_setprop_cell(ctx->fdt, pmic, "#address-cells", 0);

    leds = g_strdup_printf("%s/leds", pmic);
    qemu_fdt_add_subnode(ctx->fdt, leds);
    qemu_fdt_setprop_string(ctx->fdt, leds, "compatible",
                            "mediatek,mt6323-led");
    qemu_fdt_setprop_cell(ctx->fdt, leds, "#address-cells", 1);
    qemu_fdt_setprop_cell(ctx->fdt, leds, "#size-cells", 0);
    for (int i = PWRAP_DT_LEDS - 1; i >= 0; i--) {
        g_autofree char *led = g_strdup_printf("%s/led@%d", leds, i);
        g_autofree char *label = g_strdup_printf("mt6323:isink%d", i);

        qemu_fdt_add_subnode(ctx->fdt, led);
        qemu_fdt_setprop_cell(ctx->fdt, led, "reg", i);
        qemu_fdt_setprop_string(ctx->fdt, led, "label", label);
        qemu_fdt_setprop_string(ctx->fdt, led, "default-state", "off");
    }
    pwrap_add_regulators(ctx->fdt, pmic);
    rtc = g_strdup_printf("%s/rtc", pmic);
    qemu_fdt_add_subnode(ctx->fdt, rtc);
    qemu_fdt_setprop_string(ctx->fdt, rtc, "compatible", "mediatek,mt6323-rtc");
}

static int pwrap_post_load(void *opaque, int version_id)
{
    Mt7623PwrapState *s = opaque;

    if (s->fsm != PWRAP_FSM_IDLE && s->fsm != PWRAP_FSM_WFVLDCLR) {
        return -EINVAL;
    }
    if (s->man_seq > 2 || (s->reset_ctrl & ~BIT(MT7623_PWRAP_RESET_BIT))) {
        return -EINVAL;
    }
    return 0;
}

static const VMStateDescription vmstate_pwrap = {
    .name = TYPE_MT7623_PWRAP,
    /* 2: the PMIC's RTC */
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = pwrap_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, Mt7623PwrapState, MT7623_PWRAP_NUM_REGS),
        VMSTATE_UINT32(reset_ctrl, Mt7623PwrapState),
        VMSTATE_UINT8(fsm, Mt7623PwrapState),
        VMSTATE_UINT16(rdata, Mt7623PwrapState),
        VMSTATE_UINT8(man_seq, Mt7623PwrapState),
        VMSTATE_STRUCT(pmic, Mt7623PwrapState, 1, vmstate_mt6323,
                       Mt6323State),
        VMSTATE_END_OF_LIST()
    },
};

static const Property pwrap_properties[] = {
    DEFINE_PROP_UINT32("spi-hz", Mt7623PwrapState, spi_hz, 26000000),
    DEFINE_PROP_UINT32("sidly-pass", Mt7623PwrapState, sidly_pass, 0xf),
};

static void pwrap_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "MediaTek MT7623 PMIC wrapper, with an MT6323 PMIC";
    dc->realize = pwrap_realize;
    dc->vmsd = &vmstate_pwrap;
    dc->user_creatable = true;
    device_class_set_props(dc, pwrap_properties);
    rc->phases.enter = pwrap_reset_enter;
    rc->phases.hold = pwrap_reset_hold;
    rc->child_foreach = pwrap_child_foreach;
    fc->add_node = pwrap_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo pwrap_types[] = {
    {
        .name = TYPE_MT7623_PWRAP,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Mt7623PwrapState),
        .instance_init = pwrap_init,
        .class_init = pwrap_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(pwrap_types)
