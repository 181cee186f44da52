/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Marvell Armada 37xx pin controller with GPIO and GPIO interrupts
 * ("marvell,armada3710-nb-pinctrl" / "marvell,armada3710-sb-pinctrl").
 *
 * One block per bridge, chosen by the "bridge" property: the north bridge
 * has 36 pins (GPIO1) and 19 mux groups, the south bridge 30 pins (GPIO2)
 * and 13 groups. The first window holds the GPIO registers (direction,
 * output value, input levels, the strap latch) and the SELECTION register
 * that puts each group in one of its functions; the second window is the
 * GPIO interrupt controller, as the Linux driver maps them.
 *
 * A pin's pad level is what the chip drives when it is an output
 * (OUTPUT_EN), else what the board drives on it (the input-N property the
 * host sets). Each change of a pad level is an edge: it sets the pin's
 * IRQ_STATUS bit when it goes the way IRQ_POL asks (0 rising, 1 falling),
 * enabled or not; the one interrupt line is high while an enabled pin's
 * status bit is set. The edge detector watches the pad, not the polarity:
 * writing IRQ_POL to the way the level already went latches nothing, so a
 * driver that wants both edges sets the polarity from the present level
 * and swaps it after each edge, as the Linux driver does.
 *
 * Not modelled: the functions behind the mux (a pin in "uart" carries no
 * UART), which also means a GPIO output drives its pad whatever the mux
 * says; OUTPUT_CTL and IRQ_WKUP are kept with no effect; the real chip's
 * several interrupt lines per bridge are one line here; pull-ups and drive
 * strength (in other blocks on the chip).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/arm/fdt.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/pinctrl/armada37xx_pinctrl.h"
#include "trace.h"

#define A37_XTAL_25MHZ  25000000
#define A37_XTAL_40MHZ  40000000

static const char *a37_name(Armada37xxPinctrlState *s)
{
    return s->south ? "sb" : "nb";
}

static void a37_update_irq(Armada37xxPinctrlState *s)
{
    bool level = (s->irq_status[0] & s->irq_en[0]) ||
                 (s->irq_status[1] & s->irq_en[1]);

    trace_armada37xx_pinctrl_irq(a37_name(s), level);
    qemu_set_irq(s->irq, level);
}

/* The pad levels from the registers and the board; latch their edges. */
static void a37_update_pads(Armada37xxPinctrlState *s)
{
    for (int b = 0; b < A37XX_BANKS; b++) {
        uint32_t lvl = ((s->output_en[b] & s->output_val[b]) |
                        (~s->output_en[b] & s->input_ext[b])) &
                       s->pin_mask[b];
        uint32_t changed = lvl ^ s->level[b];
        uint32_t hit = (changed & lvl & ~s->irq_pol[b]) |
                       (changed & ~lvl & s->irq_pol[b]);

        for (int i = 0; i < 32; i++) {
            if (changed & BIT(i)) {
                trace_armada37xx_pinctrl_edge(a37_name(s), b * 32 + i,
                                              !!(lvl & BIT(i)),
                                              !!(hit & BIT(i)));
            }
        }
        s->irq_status[b] |= hit;
        s->level[b] = lvl;
    }
    a37_update_irq(s);
}

/* Whether another group shares one of group g's SELECTION bits. */
static bool a37_group_shared(Armada37xxPinctrlState *s, unsigned g)
{
    for (unsigned i = 0; i < s->ngroups; i++) {
        if (i != g && (s->groups[i].mask & s->groups[g].mask)) {
            return true;
        }
    }
    return false;
}

/*
 * Group g's function under SELECTION value sel: its name; "none" when no
 * function matches and a group sharing its bits has the pins; "reserved"
 * for an encoding no function has.
 */
static const char *a37_group_func(Armada37xxPinctrlState *s, unsigned g,
                                  uint32_t sel)
{
    const A37xxPinGroup *grp = &s->groups[g];

    for (int f = 0; f < A37XX_NB_FUNCS && grp->func[f]; f++) {
        if ((sel & grp->mask) == grp->val[f]) {
            return grp->func[f];
        }
    }
    return a37_group_shared(s, g) ? "none" : "reserved";
}

static void a37_write_selection(Armada37xxPinctrlState *s, uint32_t val)
{
    uint32_t old = s->selection;

    if (val & ~s->sel_valid) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "armada37xx-pinctrl (%s): SELECTION bits 0x%08x "
                      "select no group (ignored)\n", a37_name(s),
                      val & ~s->sel_valid);
    }
    s->selection = val & s->sel_valid;
    for (unsigned g = 0; g < s->ngroups; g++) {
        const char *f = a37_group_func(s, g, s->selection);

        if (!strcmp(f, "reserved")) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "armada37xx-pinctrl (%s): SELECTION 0x%08x is a "
                          "reserved encoding for group %s (bits 0x%08x)\n",
                          a37_name(s), s->selection, s->groups[g].name,
                          s->selection & s->groups[g].mask);
        }
        if (strcmp(f, a37_group_func(s, g, old))) {
            trace_armada37xx_pinctrl_mux(a37_name(s), s->groups[g].name, f);
        }
    }
}

/* A write to a register with one bit per pin: bits of missing pins drop. */
static uint32_t a37_pin_bits(Armada37xxPinctrlState *s, const char *reg,
                             int bank, uint32_t val)
{
    if (val & ~s->pin_mask[bank]) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "armada37xx-pinctrl (%s): %s%s bits 0x%08x are pins "
                      "the bridge does not have (%u pins; ignored)\n",
                      a37_name(s), reg, bank ? " (pins 32-63)" : "",
                      val & ~s->pin_mask[bank], s->npins);
    }
    return val & s->pin_mask[bank];
}

static uint32_t a37_latch(Armada37xxPinctrlState *s, int bank)
{
    if (s->south || bank) {
        return 0;
    }
    return s->xtal_hz == A37_XTAL_40MHZ ? R_LATCH_XTAL_MODE_MASK : 0;
}

static uint64_t a37_read(void *opaque, hwaddr addr, unsigned size)
{
    Armada37xxPinctrlState *s = opaque;
    int bank = (addr >> 2) & 1;
    uint32_t val = 0;

    switch (addr) {
    case A_OUTPUT_EN ... A_OUTPUT_EN + 4:
        val = s->output_en[bank];
        break;
    case A_LATCH ... A_LATCH + 4:
        val = a37_latch(s, bank);
        break;
    case A_INPUT_VAL ... A_INPUT_VAL + 4:
        val = s->level[bank];
        break;
    case A_OUTPUT_VAL ... A_OUTPUT_VAL + 4:
        val = s->output_val[bank];
        break;
    case A_OUTPUT_CTL ... A_OUTPUT_CTL + 4:
        val = s->output_ctl[bank];
        break;
    case A_SELECTION:
        val = s->selection;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "armada37xx-pinctrl (%s): read of unknown offset "
                      "0x%02" HWADDR_PRIx "\n", a37_name(s), addr);
        break;
    }
    trace_armada37xx_pinctrl_read(a37_name(s), "gpio", addr, val);
    return val;
}

static void a37_write(void *opaque, hwaddr addr, uint64_t value,
                      unsigned size)
{
    Armada37xxPinctrlState *s = opaque;
    int bank = (addr >> 2) & 1;
    uint32_t val = value;

    trace_armada37xx_pinctrl_write(a37_name(s), "gpio", addr, val);
    switch (addr) {
    case A_OUTPUT_EN ... A_OUTPUT_EN + 4:
        s->output_en[bank] = a37_pin_bits(s, "OUTPUT_EN", bank, val);
        break;
    case A_OUTPUT_VAL ... A_OUTPUT_VAL + 4:
        s->output_val[bank] = a37_pin_bits(s, "OUTPUT_VAL", bank, val);
        break;
    case A_OUTPUT_CTL ... A_OUTPUT_CTL + 4:
        s->output_ctl[bank] = a37_pin_bits(s, "OUTPUT_CTL", bank, val);
        break;
    case A_SELECTION:
        a37_write_selection(s, val);
        break;
    case A_LATCH ... A_LATCH + 4:
    case A_INPUT_VAL ... A_INPUT_VAL + 4:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "armada37xx-pinctrl (%s): write 0x%08x to read-only "
                      "%s (ignored)\n", a37_name(s), val,
                      addr < A_INPUT_VAL ? "LATCH" : "INPUT_VAL");
        return;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "armada37xx-pinctrl (%s): write 0x%08x to unknown "
                      "offset 0x%02" HWADDR_PRIx "\n", a37_name(s), val, addr);
        return;
    }
    a37_update_pads(s);
}

static const MemoryRegionOps a37_ops = {
    .read = a37_read,
    .write = a37_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static uint64_t a37_irq_read(void *opaque, hwaddr addr, unsigned size)
{
    Armada37xxPinctrlState *s = opaque;
    int bank = (addr >> 2) & 1;
    uint32_t val = 0;

    switch (addr) {
    case A_IRQ_EN ... A_IRQ_EN + 4:
        val = s->irq_en[bank];
        break;
    case A_IRQ_POL ... A_IRQ_POL + 4:
        val = s->irq_pol[bank];
        break;
    case A_IRQ_STATUS ... A_IRQ_STATUS + 4:
        val = s->irq_status[bank];
        break;
    case A_IRQ_WKUP ... A_IRQ_WKUP + 4:
        val = s->irq_wkup[bank];
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "armada37xx-pinctrl (%s): read of unknown interrupt "
                      "offset 0x%02" HWADDR_PRIx "\n", a37_name(s), addr);
        break;
    }
    trace_armada37xx_pinctrl_read(a37_name(s), "irq", addr, val);
    return val;
}

static void a37_irq_write(void *opaque, hwaddr addr, uint64_t value,
                          unsigned size)
{
    Armada37xxPinctrlState *s = opaque;
    int bank = (addr >> 2) & 1;
    uint32_t val = value;

    trace_armada37xx_pinctrl_write(a37_name(s), "irq", addr, val);
    switch (addr) {
    case A_IRQ_EN ... A_IRQ_EN + 4:
        s->irq_en[bank] = a37_pin_bits(s, "IRQ_EN", bank, val);
        break;
    case A_IRQ_POL ... A_IRQ_POL + 4:
        /* A new polarity waits for the next edge of the pad. */
        s->irq_pol[bank] = a37_pin_bits(s, "IRQ_POL", bank, val);
        break;
    case A_IRQ_STATUS ... A_IRQ_STATUS + 4:
        s->irq_status[bank] &= ~a37_pin_bits(s, "IRQ_STATUS", bank, val);
        break;
    case A_IRQ_WKUP ... A_IRQ_WKUP + 4:
        s->irq_wkup[bank] = a37_pin_bits(s, "IRQ_WKUP", bank, val);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "armada37xx-pinctrl (%s): write 0x%08x to unknown "
                      "interrupt offset 0x%02" HWADDR_PRIx "\n", a37_name(s),
                      val, addr);
        return;
    }
    a37_update_irq(s);
}

static const MemoryRegionOps a37_irq_ops = {
    .read = a37_irq_read,
    .write = a37_irq_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void a37_reset_enter(Object *obj, ResetType type)
{
    Armada37xxPinctrlState *s = ARMADA37XX_PINCTRL(obj);

    /* Every pin an input, every group in its first function, no IRQs. */
    for (int b = 0; b < A37XX_BANKS; b++) {
        s->output_en[b] = 0;
        s->output_val[b] = 0;
        s->output_ctl[b] = 0;
        s->irq_en[b] = 0;
        s->irq_pol[b] = 0;
        s->irq_status[b] = 0;
        s->irq_wkup[b] = 0;
        /* The board keeps driving its inputs; no edge at reset. */
        s->level[b] = s->input_ext[b] & s->pin_mask[b];
    }
    s->selection = 0;
}

static void a37_reset_hold(Object *obj, ResetType type)
{
    a37_update_irq(ARMADA37XX_PINCTRL(obj));
}

/* QOM, per pin: input-N (read/write), output-N, output-enable-N, level-N. */
static void a37_get_pin(Object *obj, Visitor *v, const char *name,
                        void *opaque, Error **errp)
{
    Armada37xxPinctrlState *s = ARMADA37XX_PINCTRL(obj);
    unsigned pin = (uintptr_t)opaque;
    uint32_t bit = BIT(pin % 32), *reg;
    bool val;

    if (g_str_has_prefix(name, "input-")) {
        reg = s->input_ext;
    } else if (g_str_has_prefix(name, "output-enable-")) {
        reg = s->output_en;
    } else if (g_str_has_prefix(name, "output-")) {
        reg = s->output_val;
    } else {
        reg = s->level;
    }
    val = reg[pin / 32] & bit;
    visit_type_bool(v, name, &val, errp);
}

static void a37_set_input(Object *obj, Visitor *v, const char *name,
                          void *opaque, Error **errp)
{
    Armada37xxPinctrlState *s = ARMADA37XX_PINCTRL(obj);
    unsigned pin = (uintptr_t)opaque;
    bool val;

    if (!visit_type_bool(v, name, &val, errp)) {
        return;
    }
    trace_armada37xx_pinctrl_input(a37_name(s), pin, val);
    s->input_ext[pin / 32] = deposit32(s->input_ext[pin / 32], pin % 32, 1,
                                       val);
    if (DEVICE(obj)->realized) {
        a37_update_pads(s);
    }
}

/* QOM, per group: mux-GROUP, the function SELECTION puts it in. */
static void a37_get_mux(Object *obj, Visitor *v, const char *name,
                        void *opaque, Error **errp)
{
    Armada37xxPinctrlState *s = ARMADA37XX_PINCTRL(obj);
    char *f = (char *)a37_group_func(s, (uintptr_t)opaque, s->selection);

    visit_type_str(v, name, &f, errp);
}

static void a37_init(Object *obj)
{
    Armada37xxPinctrlState *s = ARMADA37XX_PINCTRL(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->mmio, obj, &a37_ops, s, "armada37xx-pinctrl",
                          A37XX_PINCTRL_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->mmio);
    memory_region_init_io(&s->irq_mmio, obj, &a37_irq_ops, s,
                          "armada37xx-pinctrl.irq", A37XX_PINCTRL_IRQ_SIZE);
    sysbus_init_mmio(sbd, &s->irq_mmio);
    sysbus_init_irq(sbd, &s->irq);
}

static void a37_realize(DeviceState *dev, Error **errp)
{
    Armada37xxPinctrlState *s = ARMADA37XX_PINCTRL(dev);
    Object *obj = OBJECT(dev);

    if (!s->bridge || !strcmp(s->bridge, "nb")) {
        s->south = false;
    } else if (!strcmp(s->bridge, "sb")) {
        s->south = true;
    } else {
        error_setg(errp, "armada37xx-pinctrl: bridge must be nb (north "
                   "bridge) or sb (south bridge), not '%s'", s->bridge);
        return;
    }
    if (s->xtal_hz != A37_XTAL_25MHZ && s->xtal_hz != A37_XTAL_40MHZ) {
        error_setg(errp, "armada37xx-pinctrl: xtal-hz must be 25000000 or "
                   "40000000 (the strap's two crystals), not %u", s->xtal_hz);
        return;
    }
    s->npins = s->south ? A37XX_SB_PINS : A37XX_NB_PINS;
    s->pin_mask[0] = MAKE_64BIT_MASK(0, MIN(s->npins, 32));
    s->pin_mask[1] = s->npins > 32 ? MAKE_64BIT_MASK(0, s->npins - 32) : 0;
    s->sel_valid = s->south ? A37XX_SB_SELECTION_VALID
                            : A37XX_NB_SELECTION_VALID;
    s->groups = s->south ? a37xx_sb_groups : a37xx_nb_groups;
    s->ngroups = s->south ? ARRAY_SIZE(a37xx_sb_groups)
                          : ARRAY_SIZE(a37xx_nb_groups);
    for (uintptr_t i = 0; i < s->npins; i++) {
        g_autofree char *in = g_strdup_printf("input-%u", (unsigned)i);
        g_autofree char *out = g_strdup_printf("output-%u", (unsigned)i);
        g_autofree char *oe = g_strdup_printf("output-enable-%u",
                                              (unsigned)i);
        g_autofree char *lvl = g_strdup_printf("level-%u", (unsigned)i);

        object_property_add(obj, in, "bool", a37_get_pin, a37_set_input,
                            NULL, (void *)i);
        object_property_add(obj, out, "bool", a37_get_pin, NULL, NULL,
                            (void *)i);
        object_property_add(obj, oe, "bool", a37_get_pin, NULL, NULL,
                            (void *)i);
        object_property_add(obj, lvl, "bool", a37_get_pin, NULL, NULL,
                            (void *)i);
    }
    for (uintptr_t g = 0; g < s->ngroups; g++) {
        g_autofree char *mux = g_strdup_printf("mux-%s", s->groups[g].name);

        object_property_add(obj, mux, "str", a37_get_mux, NULL, NULL,
                            (void *)g);
    }
}

/*
 * The node of the binding (marvell,armada-37xx-pinctrl.txt), as the SoC's
 * device tree has it: the pin controller is a syscon whose "gpio" child is
 * the GPIO and interrupt controller, and the north bridge's "xtal-clk"
 * child reads the crystal strap from the latch. A hog state puts one group
 * in a function other than its reset one (NB pwm3: led, SB ptp_clk: mii),
 * so the DT path from a pinctrl state to SELECTION is seen at boot.
 */
static void a37_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat_nb[] = {
        "marvell,armada3710-nb-pinctrl", "syscon", "simple-mfd"
    };
    static const char *const compat_sb[] = {
        "marvell,armada3710-sb-pinctrl", "syscon", "simple-mfd"
    };
    Armada37xxPinctrlState *s = ARMADA37XX_PINCTRL(dev);
    PresiliconFdtContext pctx = *ctx;
    g_autofree char *path = NULL, *gpio = NULL, *hog = NULL;
    g_autofree uint32_t *irqs = g_new(uint32_t, 3 * MAX(ctx->n_irqs, 1));
    uint32_t ph, hog_ph;

    pctx.n_regs = MIN(ctx->n_regs, 2);
    pctx.n_irqs = 0;
    path = presilicon_fdt_add_mmio_node(&pctx, "pinctrl",
                                        s->south ? compat_sb : compat_nb,
                                        3);
    ph = qemu_fdt_alloc_phandle(ctx->fdt);
    qemu_fdt_setprop_cell(ctx->fdt, path, "phandle", ph);

    /* Children in reverse: dtc order, gpio first. */
    hog = g_strdup_printf("%s/%s", path, s->south ? "mii-pins" : "led-pins");
    qemu_fdt_add_subnode(ctx->fdt, hog);
    qemu_fdt_setprop_string(ctx->fdt, hog, "groups",
                            s->south ? "ptp_clk" : "pwm3");
    qemu_fdt_setprop_string(ctx->fdt, hog, "function",
                            s->south ? "mii" : "led");
    hog_ph = qemu_fdt_alloc_phandle(ctx->fdt);
    qemu_fdt_setprop_cell(ctx->fdt, hog, "phandle", hog_ph);
    qemu_fdt_setprop_string(ctx->fdt, path, "pinctrl-names", "default");
    qemu_fdt_setprop_cell(ctx->fdt, path, "pinctrl-0", hog_ph);

    if (!s->south) {
        g_autofree char *xtal = g_strdup_printf("%s/xtal-clk", path);

        qemu_fdt_add_subnode(ctx->fdt, xtal);
        qemu_fdt_setprop_string(ctx->fdt, xtal, "compatible",
                                "marvell,armada-3700-xtal-clock");
        qemu_fdt_setprop_string(ctx->fdt, xtal, "clock-output-names", "xtal");
        qemu_fdt_setprop_cell(ctx->fdt, xtal, "#clock-cells", 0);
    }

    gpio = g_strdup_printf("%s/gpio", path);
    qemu_fdt_add_subnode(ctx->fdt, gpio);
    qemu_fdt_setprop_cell(ctx->fdt, gpio, "#gpio-cells", 2);
    qemu_fdt_setprop_cells(ctx->fdt, gpio, "gpio-ranges", ph, 0, 0,
                           s->npins);
    qemu_fdt_setprop(ctx->fdt, gpio, "gpio-controller", NULL, 0);
    qemu_fdt_setprop(ctx->fdt, gpio, "interrupt-controller", NULL, 0);
    qemu_fdt_setprop_cell(ctx->fdt, gpio, "#interrupt-cells", 2);
    /* dtc wants it on every interrupt provider; GPIO lines have none. */
    qemu_fdt_setprop_cell(ctx->fdt, gpio, "#address-cells", 0);
    for (int i = 0; i < ctx->n_irqs; i++) {
        irqs[3 * i] = cpu_to_be32(GIC_FDT_IRQ_TYPE_SPI);
        irqs[3 * i + 1] = cpu_to_be32(ctx->irq[i]);
        irqs[3 * i + 2] = cpu_to_be32(GIC_FDT_IRQ_FLAGS_LEVEL_HI);
    }
    if (ctx->n_irqs) {
        qemu_fdt_setprop(ctx->fdt, gpio, "interrupts", irqs,
                         3 * ctx->n_irqs * sizeof(*irqs));
        qemu_fdt_setprop_cell(ctx->fdt, gpio, "interrupt-parent",
                              ctx->intc_phandle);
    }
}

static int a37_post_load(void *opaque, int version_id)
{
    Armada37xxPinctrlState *s = opaque;

    for (int b = 0; b < A37XX_BANKS; b++) {
        uint32_t m = s->pin_mask[b];

        if ((s->output_en[b] | s->output_val[b] | s->output_ctl[b] |
             s->irq_en[b] | s->irq_pol[b] | s->irq_status[b] |
             s->irq_wkup[b] | s->input_ext[b] | s->level[b]) & ~m) {
            return -EINVAL;
        }
    }
    if (s->selection & ~s->sel_valid) {
        return -EINVAL;
    }
    a37_update_irq(s);
    return 0;
}

static const VMStateDescription vmstate_a37 = {
    .name = TYPE_ARMADA37XX_PINCTRL,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = a37_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(output_en, Armada37xxPinctrlState, A37XX_BANKS),
        VMSTATE_UINT32_ARRAY(output_val, Armada37xxPinctrlState, A37XX_BANKS),
        VMSTATE_UINT32_ARRAY(output_ctl, Armada37xxPinctrlState, A37XX_BANKS),
        VMSTATE_UINT32(selection, Armada37xxPinctrlState),
        VMSTATE_UINT32_ARRAY(irq_en, Armada37xxPinctrlState, A37XX_BANKS),
        VMSTATE_UINT32_ARRAY(irq_pol, Armada37xxPinctrlState, A37XX_BANKS),
        VMSTATE_UINT32_ARRAY(irq_status, Armada37xxPinctrlState, A37XX_BANKS),
        VMSTATE_UINT32_ARRAY(irq_wkup, Armada37xxPinctrlState, A37XX_BANKS),
        VMSTATE_UINT32_ARRAY(input_ext, Armada37xxPinctrlState, A37XX_BANKS),
        VMSTATE_UINT32_ARRAY(level, Armada37xxPinctrlState, A37XX_BANKS),
        VMSTATE_END_OF_LIST()
    },
};

static const Property a37_properties[] = {
    DEFINE_PROP_STRING("bridge", Armada37xxPinctrlState, bridge),
    DEFINE_PROP_UINT32("xtal-hz", Armada37xxPinctrlState, xtal_hz,
                       A37_XTAL_25MHZ),
};

static void a37_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "Marvell Armada 37xx pin controller with GPIO (bridge=nb|sb)";
    dc->realize = a37_realize;
    dc->vmsd = &vmstate_a37;
    dc->user_creatable = true;
    device_class_set_props(dc, a37_properties);
    rc->phases.enter = a37_reset_enter;
    rc->phases.hold = a37_reset_hold;
    fc->add_node = a37_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo a37_types[] = {
    {
        .name = TYPE_ARMADA37XX_PINCTRL,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Armada37xxPinctrlState),
        .instance_init = a37_init,
        .class_init = a37_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(a37_types)
