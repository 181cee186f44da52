/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Axis ARTPEC-6 pin controller ("axis,artpec6-pinctrl"), with QEMU's PL061
 * as the GPIO banks of its GPIO pins.
 *
 * One register per pin, as the Linux driver (drivers/pinctrl/
 * pinctrl-artpec6.c) programs it: the bias (UDC0: pull-up or pull-down,
 * UDC1: bias disabled), the drive strength (DRV: 4, 6, 8 or 9 mA) and,
 * on pins 0-35 only, the function (SEL: config 0-3; GPIO is config 0 on
 * pins 0-31). The 97 registers sit in three runs with holes between
 * them (pins 0-35 from 0x000, 36-52 from 0x100, 53-96 from 0x180).
 *
 * The chip's GPIO controller is not in the upstream device tree and Linux
 * 6.12 has no driver for it: the pinctrl driver's only GPIO hook is
 * gpio_request_enable, which puts a pin in its gpio function. The model
 * pairs the pin controller with four PL061s (QEMU's hw/gpio/pl061.c), one
 * per 8 pins of GPIO0-31, whose nodes map their lines onto the pin
 * controller with gpio-ranges, so that a GPIO request goes through
 * pinctrl as it would on the chip. The PL061s sit behind windows of the
 * model's own (windows 1-4), which pass every access on and then read
 * back the bank's direction and output, and their interrupts leave
 * through the model (sysbus IRQs 0-3).
 *
 * The model owns the pads of pins 0-31: a pad is driven by its PL061
 * line when the pin is in its gpio function (SEL 0) and the line is an
 * output, else by the board (the input-N property the host sets). Every
 * PL061 input line sees its pad, so a host-made edge on an input reaches
 * the PL061's edge detector and its interrupt.
 *
 * Not modelled: the functions behind the mux (a pin in uart0 carries no
 * UART, and its pad is the board's); the bias and drive strength are kept
 * with no electrical effect (the board's level is the pad's, pulled or
 * not); the chip's own GPIO block.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "exec/memory.h"
#include "hw/irq.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/pinctrl/artpec6_pinctrl.h"
#include "trace.h"

/* The board's apb_pclk, the PL061s' bus clock. */
#define ARTPEC6_APB_PCLK_HZ 24000000

/* PL061 registers the model reads back after a guest write to a bank. */
#define PL061_DATA_ALL  0x3fc       /* GPIODATA, every line unmasked */
#define PL061_DIR       0x400       /* GPIODIR: 1 output */

#define ARTPEC6_RESERVED_MASK \
    (~(ARTPEC6_PINMUX_CONF_MASK | R_PINMUX_SEL_MASK))

static const char *const artpec6_pin_names[ARTPEC6_PINS] = {
    "GPIO0", "GPIO1", "GPIO2", "GPIO3", "GPIO4", "GPIO5", "GPIO6", "GPIO7",
    "GPIO8", "GPIO9", "GPIO10", "GPIO11", "GPIO12", "GPIO13", "GPIO14",
    "GPIO15", "GPIO16", "GPIO17", "GPIO18", "GPIO19", "GPIO20", "GPIO21",
    "GPIO22", "GPIO23", "GPIO24", "GPIO25", "GPIO26", "GPIO27", "GPIO28",
    "GPIO29", "GPIO30", "GPIO31", "UART3_TXD", "UART3_RXD", "UART3_RTS",
    "UART3_CTS", "NF_ALE", "NF_CE0_N", "NF_CE1_N", "NF_CLE", "NF_RE_N",
    "NF_WE_N", "NF_WP0_N", "NF_WP1_N", "NF_IO0", "NF_IO1", "NF_IO2", "NF_IO3",
    "NF_IO4", "NF_IO5", "NF_IO6", "NF_IO7", "NF_RB0_N", "SDIO0_CLK",
    "SDIO0_CMD", "SDIO0_DAT0", "SDIO0_DAT1", "SDIO0_DAT2", "SDIO0_DAT3",
    "SDI0_CD", "SDI0_WP", "SDIO1_CLK", "SDIO1_CMD", "SDIO1_DAT0",
    "SDIO1_DAT1", "SDIO1_DAT2", "SDIO1_DAT3", "SDIO1_CD", "SDIO1_WP",
    "GBE_REFCLk", "GBE_GTX_CLK", "GBE_TX_CLK", "GBE_TX_EN", "GBE_TX_ER",
    "GBE_TXD0", "GBE_TXD1", "GBE_TXD2", "GBE_TXD3", "GBE_TXD4", "GBE_TXD5",
    "GBE_TXD6", "GBE_TXD7", "GBE_RX_CLK", "GBE_RX_DV", "GBE_RX_ER",
    "GBE_RXD0", "GBE_RXD1", "GBE_RXD2", "GBE_RXD3", "GBE_RXD4", "GBE_RXD5",
    "GBE_RXD6", "GBE_RXD7", "GBE_CRS", "GBE_COL", "GBE_MDC", "GBE_MDIO",
};

/*
 * The function config sel gives pin, from the driver's groups: "gpio"
 * (config 0 of pins 0-31), a group's function, or NULL for a config no
 * group of the pin has (reserved). Pins past 35 have one function.
 */
static const char *artpec6_func(unsigned pin, unsigned sel)
{
    if (pin > ARTPEC6_MAX_MUXABLE) {
        sel = 0;
    }
    if (sel == 0 && pin < ARTPEC6_GPIO_PINS) {
        return "gpio";
    }
    for (int i = 0; i < ARRAY_SIZE(artpec6_groups); i++) {
        const Artpec6PinGroup *g = &artpec6_groups[i];

        if (pin >= g->first && pin < g->first + g->npins &&
            g->config == sel) {
            return g->func;
        }
    }
    return NULL;
}

static unsigned artpec6_sel(Artpec6PinctrlState *s, unsigned pin)
{
    return FIELD_EX32(s->pinmux[pin], PINMUX, SEL);
}

static const char *artpec6_bias(uint32_t reg)
{
    if (FIELD_EX32(reg, PINMUX, UDC1)) {
        return "disabled";
    }
    return FIELD_EX32(reg, PINMUX, UDC0) ? "pull-up" : "pull-down";
}

/* The functions pin has, for a guest error: "gpio (0), uart0 (1), ...". */
static char *artpec6_funcs_of(unsigned pin)
{
    GString *str = g_string_new(NULL);

    for (unsigned sel = 0; sel < 4; sel++) {
        const char *f = artpec6_func(pin, sel);

        if (f) {
            g_string_append_printf(str, "%s%s (%u)", str->len ? ", " : "",
                                   f, sel);
        }
    }
    return g_string_free(str, false);
}

/*
 * The pads of pins 0-31 from the mux, the PL061s and the board. Every
 * PL061 input line follows its pad: the lines whose pad changed, and
 * those of force (a bank whose direction may have changed, or every
 * bank after a reset), are driven again.
 */
static void artpec6_update(Artpec6PinctrlState *s, uint32_t force)
{
    uint32_t gpio = 0, drive, lvl, changed;

    for (unsigned pin = 0; pin < ARTPEC6_GPIO_PINS; pin++) {
        if (artpec6_sel(s, pin) == 0) {
            gpio |= BIT(pin);
        }
    }
    drive = gpio & s->gpio_dir;
    lvl = (drive & s->gpio_out) | (~drive & s->input_ext);
    changed = lvl ^ s->level;
    s->level = lvl;
    for (unsigned pin = 0; pin < ARTPEC6_GPIO_PINS; pin++) {
        if (changed & BIT(pin)) {
            trace_artpec6_pinctrl_pad(pin, !!(lvl & BIT(pin)),
                                      drive & BIT(pin) ? "gpio" : "board");
        }
        if ((changed | force) & BIT(pin)) {
            qemu_set_irq(s->pl061_in[pin], !!(lvl & BIT(pin)));
        }
    }
}

/* A PL061's interrupt, passed on as the model's sysbus IRQ of the bank. */
static void artpec6_pl061_irq(void *opaque, int bank, int level)
{
    Artpec6PinctrlState *s = opaque;

    trace_artpec6_pinctrl_irq(bank, level);
    qemu_set_irq(s->irq[bank], level);
}

static uint64_t artpec6_read(void *opaque, hwaddr addr, unsigned size)
{
    Artpec6PinctrlState *s = opaque;
    int pin = artpec6_offset_pin(addr);
    uint32_t val = 0;

    if (pin < 0) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "artpec6-pinctrl: read of offset 0x%03" HWADDR_PRIx
                      ", %s (ignored, reads 0)\n", addr,
                      addr > ARTPEC6_LAST_PIN_OFFSET ?
                      "past the last pin's register (GBE_MDIO, pin 96, at "
                      "0x22c)" : "where no pin has a register");
    } else {
        val = s->pinmux[pin];
    }
    trace_artpec6_pinctrl_read(addr, pin, val);
    return val;
}

static void artpec6_write(void *opaque, hwaddr addr, uint64_t value,
                          unsigned size)
{
    Artpec6PinctrlState *s = opaque;
    int pin = artpec6_offset_pin(addr);
    uint32_t val = value, valid, old;
    const char *f;

    trace_artpec6_pinctrl_write(addr, pin, val);
    if (pin < 0) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "artpec6-pinctrl: write 0x%08x to offset 0x%03"
                      HWADDR_PRIx ", %s (ignored)\n", val, addr,
                      addr > ARTPEC6_LAST_PIN_OFFSET ?
                      "past the last pin's register (GBE_MDIO, pin 96, at "
                      "0x22c)" : "where no pin has a register");
        return;
    }
    valid = ARTPEC6_PINMUX_CONF_MASK;
    if (pin <= ARTPEC6_MAX_MUXABLE) {
        valid |= R_PINMUX_SEL_MASK;
    } else if (val & R_PINMUX_SEL_MASK) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "artpec6-pinctrl: pin %d (%s) has no SEL field (only "
                      "pins 0-35 are muxable; its function is %s): SEL bits "
                      "0x%08x dropped\n", pin, artpec6_pin_names[pin],
                      artpec6_func(pin, 0), val & R_PINMUX_SEL_MASK);
    }
    if (val & ARTPEC6_RESERVED_MASK) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "artpec6-pinctrl: pin %d (%s) register: reserved bits "
                      "0x%08x dropped\n", pin, artpec6_pin_names[pin],
                      val & ARTPEC6_RESERVED_MASK);
    }
    old = s->pinmux[pin];
    s->pinmux[pin] = val & valid;

    f = artpec6_func(pin, artpec6_sel(s, pin));
    if (!f) {
        g_autofree char *has = artpec6_funcs_of(pin);

        qemu_log_mask(LOG_GUEST_ERROR,
                      "artpec6-pinctrl: pin %d (%s): SEL %u is reserved "
                      "(the pin has %s); no function\n", pin,
                      artpec6_pin_names[pin], artpec6_sel(s, pin), has);
    }
    if ((old ^ s->pinmux[pin]) & R_PINMUX_SEL_MASK) {
        trace_artpec6_pinctrl_mux(pin, artpec6_pin_names[pin],
                                  f ? f : "reserved");
    }
    if ((old ^ s->pinmux[pin]) & ARTPEC6_PINMUX_CONF_MASK) {
        trace_artpec6_pinctrl_conf(pin, artpec6_pin_names[pin],
                                   artpec6_bias(s->pinmux[pin]),
                                   artpec6_drive_ma[FIELD_EX32(s->pinmux[pin],
                                                               PINMUX, DRV)]);
    }
    artpec6_update(s, 0);
}

static const MemoryRegionOps artpec6_ops = {
    .read = artpec6_read,
    .write = artpec6_write,
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

static MemoryRegion *artpec6_pl061_mr(Artpec6GpioWindow *w)
{
    return sysbus_mmio_get_region(SYS_BUS_DEVICE(w->s->pl061[w->bank]), 0);
}

static uint32_t artpec6_pl061_reg(Artpec6GpioWindow *w, hwaddr reg)
{
    uint64_t val = 0;

    memory_region_dispatch_read(artpec6_pl061_mr(w), reg, &val,
                                MO_32 | MO_LE, MEMTXATTRS_UNSPECIFIED);
    return val;
}

/* The bank's direction and output levels, as its PL061 has them now. */
static void artpec6_sync_bank(Artpec6GpioWindow *w)
{
    Artpec6PinctrlState *s = w->s;
    unsigned shift = w->bank * ARTPEC6_GPIO_BANK_PINS;
    uint32_t dir = artpec6_pl061_reg(w, PL061_DIR) & 0xff;
    uint32_t data = artpec6_pl061_reg(w, PL061_DATA_ALL) & 0xff;

    s->gpio_dir = deposit32(s->gpio_dir, shift, 8, dir);
    s->gpio_out = deposit32(s->gpio_out, shift, 8, data & dir);
    trace_artpec6_pinctrl_gpio(w->bank, dir, data & dir);
}

static uint64_t artpec6_gpio_read(void *opaque, hwaddr addr, unsigned size)
{
    Artpec6GpioWindow *w = opaque;
    uint64_t val = 0;

    memory_region_dispatch_read(artpec6_pl061_mr(w), addr, &val,
                                size_memop(size) | MO_LE,
                                MEMTXATTRS_UNSPECIFIED);
    return val;
}

static void artpec6_gpio_write(void *opaque, hwaddr addr, uint64_t value,
                               unsigned size)
{
    Artpec6GpioWindow *w = opaque;

    memory_region_dispatch_write(artpec6_pl061_mr(w), addr, value,
                                 size_memop(size) | MO_LE,
                                 MEMTXATTRS_UNSPECIFIED);
    artpec6_sync_bank(w);
    artpec6_update(w->s, MAKE_64BIT_MASK(w->bank * ARTPEC6_GPIO_BANK_PINS,
                                         ARTPEC6_GPIO_BANK_PINS));
}

/* The PL061's own checks apply behind it: sizes 1-4, aligned. */
static const MemoryRegionOps artpec6_gpio_ops = {
    .read = artpec6_gpio_read,
    .write = artpec6_gpio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

static void artpec6_reset_enter(Object *obj, ResetType type)
{
    Artpec6PinctrlState *s = ARTPEC6_PINCTRL(obj);

    /*
     * Every field 0: pins 0-31 in gpio, 32-35 in uart3, bias enabled
     * pulling down, 4 mA (the driver's comment: "The reset values say
     * 4mA"). What the board drives stays, and makes no edge.
     */
    memset(s->pinmux, 0, sizeof(s->pinmux));
    s->gpio_dir = 0;
    s->gpio_out = 0;
    s->level = s->input_ext;
}

static void artpec6_reset_hold(Object *obj, ResetType type)
{
    Artpec6PinctrlState *s = ARTPEC6_PINCTRL(obj);

    /* The PL061s were reset too: their inputs see the pads again. */
    for (int b = 0; b < ARTPEC6_GPIO_BANKS; b++) {
        if (s->pl061[b]) {
            artpec6_sync_bank(&s->gpio_win[b]);
        }
    }
    artpec6_update(s, MAKE_64BIT_MASK(0, ARTPEC6_GPIO_PINS));
}

/* "name-N" -> N */
static unsigned artpec6_prop_pin(const char *name)
{
    return atoi(strrchr(name, '-') + 1);
}

/* QOM, pins 0-31: input-N (read/write), level-, output-, output-enable-. */
static void artpec6_get_pin(Object *obj, Visitor *v, const char *name,
                            void *opaque, Error **errp)
{
    Artpec6PinctrlState *s = ARTPEC6_PINCTRL(obj);
    uint32_t bit = BIT(artpec6_prop_pin(name));
    bool val;

    if (g_str_has_prefix(name, "input-")) {
        val = s->input_ext & bit;
    } else if (g_str_has_prefix(name, "output-enable-")) {
        val = s->gpio_dir & bit;
    } else if (g_str_has_prefix(name, "output-")) {
        val = s->gpio_out & bit;
    } else {
        val = s->level & bit;
    }
    visit_type_bool(v, name, &val, errp);
}

static void artpec6_set_input(Object *obj, Visitor *v, const char *name,
                              void *opaque, Error **errp)
{
    Artpec6PinctrlState *s = ARTPEC6_PINCTRL(obj);
    unsigned pin = artpec6_prop_pin(name);
    bool val;

    if (!visit_type_bool(v, name, &val, errp)) {
        return;
    }
    trace_artpec6_pinctrl_input(pin, val);
    s->input_ext = deposit32(s->input_ext, pin, 1, val);
    if (DEVICE(obj)->realized) {
        artpec6_update(s, 0);
    } else {
        s->level = s->input_ext;
    }
}

/* QOM, every pin: mux-N, bias-N (strings), drive-strength-N (mA). */
static void artpec6_get_conf(Object *obj, Visitor *v, const char *name,
                             void *opaque, Error **errp)
{
    Artpec6PinctrlState *s = ARTPEC6_PINCTRL(obj);
    unsigned pin = artpec6_prop_pin(name);
    uint32_t reg = s->pinmux[pin];

    if (g_str_has_prefix(name, "drive-strength-")) {
        uint32_t ma = artpec6_drive_ma[FIELD_EX32(reg, PINMUX, DRV)];

        visit_type_uint32(v, name, &ma, errp);
    } else {
        const char *f = g_str_has_prefix(name, "bias-") ? artpec6_bias(reg) :
                        artpec6_func(pin, artpec6_sel(s, pin));
        char *str = (char *)(f ? f : "reserved");

        visit_type_str(v, name, &str, errp);
    }
}

static void artpec6_init(Object *obj)
{
    Artpec6PinctrlState *s = ARTPEC6_PINCTRL(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->mmio, obj, &artpec6_ops, s, "artpec6-pinctrl",
                          ARTPEC6_PINCTRL_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->mmio);
    for (int b = 0; b < ARTPEC6_GPIO_BANKS; b++) {
        g_autofree char *name = g_strdup_printf("artpec6-pinctrl.gpio%d", b);

        s->gpio_win[b].s = s;
        s->gpio_win[b].bank = b;
        memory_region_init_io(&s->gpio_mmio[b], obj, &artpec6_gpio_ops,
                              &s->gpio_win[b], name, ARTPEC6_PL061_SIZE);
        sysbus_init_mmio(sbd, &s->gpio_mmio[b]);
        sysbus_init_irq(sbd, &s->irq[b]);
    }
    qdev_init_gpio_in_named(DEVICE(obj), artpec6_pl061_irq, "pl061-irq",
                            ARTPEC6_GPIO_BANKS);

    for (unsigned pin = 0; pin < ARTPEC6_PINS; pin++) {
        static const char *const conf[] = {
            "mux", "bias", "drive-strength"
        };

        for (int i = 0; i < ARRAY_SIZE(conf); i++) {
            g_autofree char *n = g_strdup_printf("%s-%u", conf[i], pin);

            object_property_add(obj, n, i < 2 ? "str" : "uint32",
                                artpec6_get_conf, NULL, NULL, NULL);
        }
    }
    for (unsigned pin = 0; pin < ARTPEC6_GPIO_PINS; pin++) {
        static const char *const ro[] = {
            "level", "output", "output-enable"
        };
        g_autofree char *in = g_strdup_printf("input-%u", pin);

        object_property_add(obj, in, "bool", artpec6_get_pin,
                            artpec6_set_input, NULL, NULL);
        for (int i = 0; i < ARRAY_SIZE(ro); i++) {
            g_autofree char *n = g_strdup_printf("%s-%u", ro[i], pin);

            object_property_add(obj, n, "bool", artpec6_get_pin, NULL, NULL,
                                NULL);
        }
    }
}

/*
 * The GPIO banks: a PL061 per 8 pins, children gpio0-gpio3, each line's
 * input from its pad, each interrupt passed on.
 */
static void artpec6_realize(DeviceState *dev, Error **errp)
{
    Artpec6PinctrlState *s = ARTPEC6_PINCTRL(dev);

    for (int b = 0; b < ARTPEC6_GPIO_BANKS; b++) {
        g_autofree char *name = g_strdup_printf("gpio%d", b);
        DeviceState *gpio = qdev_new("pl061");

        object_property_add_child(OBJECT(dev), name, OBJECT(gpio));
        if (!sysbus_realize_and_unref(SYS_BUS_DEVICE(gpio), errp)) {
            return;
        }
        sysbus_connect_irq(SYS_BUS_DEVICE(gpio), 0,
                           qdev_get_gpio_in_named(dev, "pl061-irq", b));
        for (int i = 0; i < ARTPEC6_GPIO_BANK_PINS; i++) {
            s->pl061_in[b * ARTPEC6_GPIO_BANK_PINS + i] =
                qdev_get_gpio_in(gpio, i);
        }
        s->pl061[b] = gpio;
    }
}

/*
 * The pin controller's node (axis,artpec6-pinctrl.txt), with a hog state
 * (pinctrl-0 on the controller itself) that gives two groups a function,
 * bias and drive strength other than their reset ones, so the DT path
 * from a pinctrl state to the registers is seen at every boot; then a
 * PL061 node per bank (arm,pl061.yaml) whose gpio-ranges put its lines
 * on pins 8b to 8b + 7, named after them (gpio-line-names).
 */
static void artpec6_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "axis,artpec6-pinctrl" };
    static const char *const compat_gpio[] = { "arm,pl061", "arm,primecell" };
    static const struct {
        const char *node, *func, *group, *bias;
        uint32_t ma;
    } hogs[] = {
        { "uart1-pins", "uart1", "uart1grp0", "bias-pull-up", 6 },
        { "spi0-pins", "spi0", "spi0grp0", "bias-disable", 9 },
    };
    PresiliconFdtContext pctx = *ctx;
    g_autofree char *path = NULL;
    uint32_t ph, pclk, hog_ph[ARRAY_SIZE(hogs)];

    pctx.n_regs = MIN(ctx->n_regs, 1);
    pctx.n_irqs = 0;
    path = presilicon_fdt_add_mmio_node(&pctx, "pinctrl", compat, 1);
    ph = qemu_fdt_alloc_phandle(ctx->fdt);
    qemu_fdt_setprop_cell(ctx->fdt, path, "phandle", ph);

    /* Children in reverse: dtc order, uart1-pins first. */
    for (int i = ARRAY_SIZE(hogs) - 1; i >= 0; i--) {
        g_autofree char *hog = g_strdup_printf("%s/%s", path, hogs[i].node);

        qemu_fdt_add_subnode(ctx->fdt, hog);
        qemu_fdt_setprop_string(ctx->fdt, hog, "function", hogs[i].func);
        qemu_fdt_setprop_string(ctx->fdt, hog, "groups", hogs[i].group);
        qemu_fdt_setprop(ctx->fdt, hog, hogs[i].bias, NULL, 0);
        qemu_fdt_setprop_cell(ctx->fdt, hog, "drive-strength", hogs[i].ma);
        hog_ph[i] = qemu_fdt_alloc_phandle(ctx->fdt);
        qemu_fdt_setprop_cell(ctx->fdt, hog, "phandle", hog_ph[i]);
    }
    qemu_fdt_setprop_string(ctx->fdt, path, "pinctrl-names", "default");
    qemu_fdt_setprop_cells(ctx->fdt, path, "pinctrl-0", hog_ph[0], hog_ph[1]);

    pclk = presilicon_fdt_fixed_clock(ctx, "apb_pclk", ARTPEC6_APB_PCLK_HZ);
    for (int b = 0; b < ARTPEC6_GPIO_BANKS && b + 1 < ctx->n_regs; b++) {
        PresiliconFdtContext gctx = *ctx;
        g_autofree char *gpio = NULL;
        g_autofree char *names = NULL;
        GString *list = g_string_new(NULL);
        unsigned first = b * ARTPEC6_GPIO_BANK_PINS;
        size_t len;

        gctx.n_regs = 1;
        gctx.reg_base[0] = ctx->reg_base[b + 1];
        gctx.reg_size[0] = ctx->reg_size[b + 1];
        gctx.n_irqs = b < ctx->n_irqs ? 1 : 0;
        gctx.irq[0] = ctx->irq[b];
        gpio = presilicon_fdt_add_mmio_node(&gctx, "gpio", compat_gpio, 2);
        qemu_fdt_setprop_cell(ctx->fdt, gpio, "#gpio-cells", 2);
        qemu_fdt_setprop(ctx->fdt, gpio, "gpio-controller", NULL, 0);
        qemu_fdt_setprop_cell(ctx->fdt, gpio, "#interrupt-cells", 2);
        qemu_fdt_setprop(ctx->fdt, gpio, "interrupt-controller", NULL, 0);
        /* dtc wants it on every interrupt provider; GPIO lines have none. */
        qemu_fdt_setprop_cell(ctx->fdt, gpio, "#address-cells", 0);
        qemu_fdt_setprop_cell(ctx->fdt, gpio, "clocks", pclk);
        qemu_fdt_setprop_string(ctx->fdt, gpio, "clock-names", "apb_pclk");
        qemu_fdt_setprop_cells(ctx->fdt, gpio, "gpio-ranges", ph, 0, first,
                               ARTPEC6_GPIO_BANK_PINS);
        for (int i = 0; i < ARTPEC6_GPIO_BANK_PINS; i++) {
            g_string_append_len(list, artpec6_pin_names[first + i],
                                strlen(artpec6_pin_names[first + i]) + 1);
        }
        len = list->len;
        names = g_string_free(list, false);
        qemu_fdt_setprop(ctx->fdt, gpio, "gpio-line-names", names, len);
    }
}

static int artpec6_post_load(void *opaque, int version_id)
{
    Artpec6PinctrlState *s = opaque;
    uint32_t drive = 0;

    for (unsigned pin = 0; pin < ARTPEC6_PINS; pin++) {
        uint32_t valid = ARTPEC6_PINMUX_CONF_MASK;

        if (pin <= ARTPEC6_MAX_MUXABLE) {
            valid |= R_PINMUX_SEL_MASK;
        }
        if (s->pinmux[pin] & ~valid) {
            return -EINVAL;
        }
        if (pin < ARTPEC6_GPIO_PINS && artpec6_sel(s, pin) == 0) {
            drive |= BIT(pin);
        }
    }
    /* The pads, as they were; the PL061s bring their own state. */
    drive &= s->gpio_dir;
    s->level = (drive & s->gpio_out) | (~drive & s->input_ext);
    return 0;
}

static const VMStateDescription vmstate_artpec6 = {
    .name = TYPE_ARTPEC6_PINCTRL,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = artpec6_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(pinmux, Artpec6PinctrlState, ARTPEC6_PINS),
        VMSTATE_UINT32(input_ext, Artpec6PinctrlState),
        VMSTATE_UINT32(gpio_dir, Artpec6PinctrlState),
        VMSTATE_UINT32(gpio_out, Artpec6PinctrlState),
        VMSTATE_END_OF_LIST()
    },
};

static void artpec6_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "Axis ARTPEC-6 pin controller with PL061 GPIO banks for "
               "GPIO0-31";
    dc->realize = artpec6_realize;
    dc->vmsd = &vmstate_artpec6;
    dc->user_creatable = true;
    rc->phases.enter = artpec6_reset_enter;
    rc->phases.hold = artpec6_reset_hold;
    fc->add_node = artpec6_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo artpec6_types[] = {
    {
        .name = TYPE_ARTPEC6_PINCTRL,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Artpec6PinctrlState),
        .instance_init = artpec6_init,
        .class_init = artpec6_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(artpec6_types)
