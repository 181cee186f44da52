/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * STM32F469 pin controller with its GPIO banks and GPIO interrupts
 * ("st,stm32f469-pinctrl").
 *
 * One 16 KiB window holds what the Linux driver (drivers/pinctrl/stm32/
 * pinctrl-stm32.c) programs: the GPIO banks A-K (MODER, OTYPER, OSPEEDR,
 * PUPDR, IDR, ODR, BSRR, LCKR, AFRL, AFRH; one 0x400 block each), the
 * SYSCFG whose EXTICR1-4 pick the port of each EXTI line, and the EXTI
 * that latches the edges of lines 0-15 and raises one interrupt per line.
 *
 * A pin's pad level is what the chip drives when it is an output (ODR;
 * open drain drives only a 0, a 1 lets the board's level through), else
 * what the board drives on it (the input-Pxn property the host sets); in
 * analog mode the input buffer is off and the pad reads 0. EXTI line n
 * watches pin n of the port EXTICR selects: a rising change sets RPR when
 * RTSR has the line, a falling one FPR when FTSR has it; the line's
 * interrupt is high while a pending bit is set and IMR enables it.
 *
 * The F469's own EXTI (st,stm32-exti, F4 layout) has a Linux driver that
 * only 32-bit Cortex-M kernels build (STM32_EXTI, selected by ARCH_STM32
 * with ARM_SINGLE_ARMV7M); an arm64 kernel reaches GPIO interrupts of this
 * driver through the STM32MP EXTI driver (st,stm32mp1-exti, the EXTI the
 * arm64 STM32MP25 pairs with this pinctrl driver). The model's EXTI
 * therefore has that layout, with one GIC interrupt per line from the
 * DT's interrupts-extended, as the STM32MP25's EXTI1 has them.
 *
 * Not modelled: the functions behind the mux (a pin in AF7 carries no
 * USART), so an output in AF mode drives nothing; pull-ups and pull-downs
 * (PUPDR is kept, the host's level is the pad's); slew rates (OSPEEDR is
 * kept); the EXTI's event outputs (EMR kept), its events 16-95 and its
 * MP1 EXTICR; the SYSCFG's MEMRMP, PMC and CMPCR.
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
#include "hw/core/presilicon-fdt.h"
#include "hw/pinctrl/stm32f469_pinctrl.h"
#include "stm32f469_pins.h"
#include "trace.h"

#define STM32F469_SYSCFG_HZ 90000000    /* APB2 at its maximum */
#define STM32F469_AHB1_HZ   180000000

static const char *const stm32_fn[] = {
    "gpio", "gpio", "af", "analog"
};

/* The pins of bank b that exist. */
static uint32_t stm32_pins(int b)
{
    return b == 9 ? STM32F469_PINS_J : b == 10 ? STM32F469_PINS_K : 0xffff;
}

/* A mask with pin bits spread to fields of width bits. */
static uint32_t stm32_spread(uint32_t pins, int width, int first)
{
    uint32_t m = 0;

    for (int i = 0; i < 32 / width; i++) {
        if (pins & BIT(first + i)) {
            m |= MAKE_64BIT_MASK(i * width, width);
        }
    }
    return m;
}

static unsigned stm32_mode(Stm32f469PinctrlState *s, int b, int pin)
{
    return extract32(s->moder[b], pin * 2, 2);
}

static unsigned stm32_af(Stm32f469PinctrlState *s, int b, int pin)
{
    return pin < 8 ? extract32(s->afrl[b], pin * 4, 4)
                   : extract32(s->afrh[b], (pin - 8) * 4, 4);
}

static void stm32_update_irq(Stm32f469PinctrlState *s)
{
    uint32_t out = (s->rpr | s->fpr) & s->imr;

    for (int i = 0; i < STM32F469_EXTI_LINES; i++) {
        trace_stm32f469_pinctrl_irq(i, !!(out & BIT(i)));
        qemu_set_irq(s->irq[i], !!(out & BIT(i)));
    }
}

/* The pad levels from the registers and the board; the EXTI's edges. */
static void stm32_update(Stm32f469PinctrlState *s)
{
    uint32_t in = 0, changed, rise, fall;

    for (int b = 0; b < STM32F469_BANKS; b++) {
        uint32_t lvl = 0;

        for (int i = 0; i < 16; i++) {
            bool v;

            switch (stm32_mode(s, b, i)) {
            case STM32_MODE_OUTPUT:
                v = (s->odr[b] & BIT(i)) &&
                    (!(s->otyper[b] & BIT(i)) || (s->input_ext[b] & BIT(i)));
                break;
            case STM32_MODE_ANALOG:
                v = false;
                break;
            default:
                v = s->input_ext[b] & BIT(i);
                break;
            }
            lvl |= v ? BIT(i) : 0;
        }
        s->level[b] = lvl & stm32_pins(b);
    }
    for (int n = 0; n < STM32F469_EXTI_LINES; n++) {
        unsigned port = extract32(s->exticr[n / 4], (n % 4) * 4, 4);

        if (port < STM32F469_BANKS && (s->level[port] & BIT(n))) {
            in |= BIT(n);
        }
    }
    changed = in ^ s->exti_in;
    rise = changed & in & s->rtsr;
    fall = changed & ~in & s->ftsr;
    for (int n = 0; n < STM32F469_EXTI_LINES; n++) {
        if (changed & BIT(n)) {
            trace_stm32f469_pinctrl_edge(n, !!(in & BIT(n)),
                                         !!((rise | fall) & BIT(n)));
        }
    }
    s->rpr |= rise;
    s->fpr |= fall;
    s->exti_in = in;
    stm32_update_irq(s);
}

static const char *stm32_bank_name(int b)
{
    static const char *const n[STM32F469_BANKS] = {
        "GPIOA", "GPIOB", "GPIOC", "GPIOD", "GPIOE", "GPIOF", "GPIOG",
        "GPIOH", "GPIOI", "GPIOJ", "GPIOK"
    };
    return n[b];
}

/*
 * A write to a per-pin configuration register (width bits a pin, pins
 * first.. of the register): bits of missing pins and of pins LCKR locked
 * keep their value.
 */
static uint32_t stm32_cfg_write(Stm32f469PinctrlState *s, int b,
                                const char *reg, uint32_t old, uint32_t val,
                                int width, int first)
{
    uint32_t missing = ~stm32_spread(stm32_pins(b), width, first);
    uint32_t locked = 0;

    if (width == 1) {
        missing = ~stm32_pins(b);
    }
    if (s->lckr[b] & R_GPIO_LCKR_LCKK_MASK) {
        locked = width == 1 ? s->lckr[b] & R_GPIO_LCKR_LCK_MASK
                            : stm32_spread(s->lckr[b], width, first);
    }
    if ((val ^ old) & missing) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: %s %s bits 0x%08x are pins or "
                      "bits the bank does not have (ignored)\n",
                      stm32_bank_name(b), reg, (val ^ old) & missing);
    }
    if ((val ^ old) & locked & ~missing) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: %s %s bits 0x%08x belong to pins "
                      "LCKR locked (0x%04x; unchanged until reset)\n",
                      stm32_bank_name(b), reg, (val ^ old) & locked & ~missing,
                      s->lckr[b] & R_GPIO_LCKR_LCK_MASK);
    }
    return (old & (missing | locked)) | (val & ~(missing | locked));
}

/*
 * Pins in AF mode whose AF has no signal on this chip: said when a pin
 * enters AF mode (a MODER write), or when AFR moves a pin in AF mode to
 * another AF but AF0, which the driver writes on its way out of AF mode
 * (stm32_pmx_set_mode(): AFR first, then MODER).
 */
static void stm32_check_af(Stm32f469PinctrlState *s, int b, uint32_t pins,
                           uint32_t old_moder)
{
    for (int i = 0; i < 16; i++) {
        unsigned af = stm32_af(s, b, i);
        bool entered = extract32(old_moder, i * 2, 2) != STM32_MODE_AF;

        if ((pins & BIT(i)) && stm32_mode(s, b, i) == STM32_MODE_AF &&
            (entered || af) && !stm32f469_af[b * 16 + i][af]) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "stm32f469-pinctrl: P%c%d in alternate function "
                          "AF%u, which has no signal on that pin (reserved)\n",
                          'A' + b, i, af);
        }
    }
}

/* Pins whose function (mode, or AF in AF mode) differs: trace them. */
static uint32_t stm32_mux_changed(Stm32f469PinctrlState *s, int b,
                                  uint32_t moder, uint32_t afrl,
                                  uint32_t afrh)
{
    uint32_t pins = 0;

    for (int i = 0; i < 16; i++) {
        unsigned m = stm32_mode(s, b, i), om = extract32(moder, i * 2, 2);
        unsigned oaf = i < 8 ? extract32(afrl, i * 4, 4)
                             : extract32(afrh, (i - 8) * 4, 4);

        if (m != om || (m == STM32_MODE_AF && stm32_af(s, b, i) != oaf)) {
            pins |= BIT(i);
            trace_stm32f469_pinctrl_mux('A' + b, i, stm32_fn[m],
                                        m == STM32_MODE_AF ?
                                        (int)stm32_af(s, b, i) : -1);
        }
    }
    return pins;
}

static void stm32_write_lckr(Stm32f469PinctrlState *s, int b, uint32_t val)
{
    uint32_t lck = val & R_GPIO_LCKR_LCK_MASK;
    bool key = val & R_GPIO_LCKR_LCKK_MASK;

    if (s->lckr[b] & R_GPIO_LCKR_LCKK_MASK) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: %s LCKR write 0x%08x after the "
                      "lock is active (ignored until reset)\n",
                      stm32_bank_name(b), val);
        return;
    }
    if (val & ~(R_GPIO_LCKR_LCK_MASK | R_GPIO_LCKR_LCKK_MASK)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: %s LCKR reserved bits 0x%08x "
                      "(ignored)\n", stm32_bank_name(b),
                      val & ~(R_GPIO_LCKR_LCK_MASK | R_GPIO_LCKR_LCKK_MASK));
    }
    /* LCKK=1, LCKK=0, LCKK=1 with the same LCK, then a read. */
    if (s->lock_step[b] && lck != s->lckr[b]) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: %s LCKR key sequence aborted: LCK "
                      "changed from 0x%04x to 0x%04x\n", stm32_bank_name(b),
                      s->lckr[b], lck);
        s->lock_step[b] = 0;
    } else if (s->lock_step[b] && key != (s->lock_step[b] == 2)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: %s LCKR key sequence aborted: "
                      "LCKK=%d at step %u\n", stm32_bank_name(b), key,
                      s->lock_step[b] + 1);
        s->lock_step[b] = 0;
    } else if (s->lock_step[b] == 3) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: %s LCKR key sequence aborted: a "
                      "fourth write instead of the read\n",
                      stm32_bank_name(b));
        s->lock_step[b] = 0;
    }
    if (s->lock_step[b] == 0) {
        s->lock_step[b] = key ? 1 : 0;
    } else {
        s->lock_step[b]++;
    }
    s->lckr[b] = lck;
    trace_stm32f469_pinctrl_lock('A' + b, lck, s->lock_step[b], false);
}

static uint64_t stm32_gpio_read(void *opaque, hwaddr addr, unsigned size)
{
    Stm32f469PinctrlState *s = opaque;
    int b = addr / STM32F469_BANK_SIZE;
    hwaddr reg = addr % STM32F469_BANK_SIZE;
    uint32_t val = 0;

    switch (reg) {
    case A_GPIO_MODER:
        val = s->moder[b];
        break;
    case A_GPIO_OTYPER:
        val = s->otyper[b];
        break;
    case A_GPIO_OSPEEDR:
        val = s->ospeedr[b];
        break;
    case A_GPIO_PUPDR:
        val = s->pupdr[b];
        break;
    case A_GPIO_IDR:
        val = s->level[b];
        break;
    case A_GPIO_ODR:
        val = s->odr[b];
        break;
    case A_GPIO_BSRR:
        break;      /* reads 0 */
    case A_GPIO_LCKR:
        val = s->lckr[b];
        if (s->lock_step[b] == 3) {
            /* The read that completes the key sequence. */
            s->lckr[b] |= R_GPIO_LCKR_LCKK_MASK;
            s->lock_step[b] = 0;
            trace_stm32f469_pinctrl_lock('A' + b, s->lckr[b] &
                                         R_GPIO_LCKR_LCK_MASK, 4, true);
        } else if (s->lock_step[b]) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "stm32f469-pinctrl: %s LCKR read at step %u of "
                          "the key sequence (aborted)\n", stm32_bank_name(b),
                          s->lock_step[b] + 1);
            s->lock_step[b] = 0;
        }
        break;
    case A_GPIO_AFRL:
        val = s->afrl[b];
        break;
    case A_GPIO_AFRH:
        val = s->afrh[b];
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: %s read of unknown offset "
                      "0x%03" HWADDR_PRIx "\n", stm32_bank_name(b), reg);
        break;
    }
    trace_stm32f469_pinctrl_read(stm32_bank_name(b), reg, val);
    return val;
}

static void stm32_gpio_write(void *opaque, hwaddr addr, uint64_t value,
                             unsigned size)
{
    Stm32f469PinctrlState *s = opaque;
    int b = addr / STM32F469_BANK_SIZE;
    hwaddr reg = addr % STM32F469_BANK_SIZE;
    uint32_t val = value, moder = s->moder[b];
    uint32_t afrl = s->afrl[b], afrh = s->afrh[b], pins = stm32_pins(b);

    trace_stm32f469_pinctrl_write(stm32_bank_name(b), reg, val);
    switch (reg) {
    case A_GPIO_MODER:
        s->moder[b] = stm32_cfg_write(s, b, "MODER", moder, val, 2, 0);
        break;
    case A_GPIO_OTYPER:
        s->otyper[b] = stm32_cfg_write(s, b, "OTYPER", s->otyper[b], val,
                                       1, 0);
        break;
    case A_GPIO_OSPEEDR:
        s->ospeedr[b] = stm32_cfg_write(s, b, "OSPEEDR", s->ospeedr[b], val,
                                        2, 0);
        break;
    case A_GPIO_PUPDR:
        s->pupdr[b] = stm32_cfg_write(s, b, "PUPDR", s->pupdr[b], val, 2, 0);
        for (int i = 0; i < 16; i++) {
            if (extract32(s->pupdr[b], i * 2, 2) == STM32_PUPD_RESERVED &&
                extract32(val, i * 2, 2) == STM32_PUPD_RESERVED) {
                qemu_log_mask(LOG_GUEST_ERROR,
                              "stm32f469-pinctrl: P%c%d PUPDR 0b11 is "
                              "reserved\n", 'A' + b, i);
            }
        }
        break;
    case A_GPIO_ODR:
        if (val & ~pins) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "stm32f469-pinctrl: %s ODR bits 0x%08x are pins or "
                          "bits the bank does not have (ignored)\n",
                          stm32_bank_name(b), val & ~pins);
        }
        s->odr[b] = val & pins;
        break;
    case A_GPIO_BSRR:
        if ((val | val >> 16) & ~pins & 0xffff) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "stm32f469-pinctrl: %s BSRR 0x%08x names pins the "
                          "bank does not have (ignored)\n",
                          stm32_bank_name(b), val);
        }
        /* Set wins over reset. */
        s->odr[b] = ((s->odr[b] & ~(val >> 16)) | val) & pins;
        break;
    case A_GPIO_LCKR:
        stm32_write_lckr(s, b, val);
        return;
    case A_GPIO_AFRL:
        s->afrl[b] = stm32_cfg_write(s, b, "AFRL", afrl, val, 4, 0);
        break;
    case A_GPIO_AFRH:
        s->afrh[b] = stm32_cfg_write(s, b, "AFRH", afrh, val, 4, 8);
        break;
    case A_GPIO_IDR:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: %s write 0x%08x to read-only IDR "
                      "(ignored)\n", stm32_bank_name(b), val);
        return;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: %s write 0x%08x to unknown offset "
                      "0x%03" HWADDR_PRIx "\n", stm32_bank_name(b), val, reg);
        return;
    }
    stm32_check_af(s, b, stm32_mux_changed(s, b, moder, afrl, afrh), moder);
    stm32_update(s);
}

static const MemoryRegionOps stm32_gpio_ops = {
    .read = stm32_gpio_read,
    .write = stm32_gpio_write,
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

static uint64_t stm32_syscfg_read(void *opaque, hwaddr addr, unsigned size)
{
    Stm32f469PinctrlState *s = opaque;
    uint32_t val = 0;

    switch (addr) {
    case A_SYSCFG_EXTICR1 ... A_SYSCFG_EXTICR4:
        val = s->exticr[(addr - A_SYSCFG_EXTICR1) / 4];
        break;
    case A_SYSCFG_MEMRMP:
    case A_SYSCFG_PMC:
    case A_SYSCFG_CMPCR:
        qemu_log_mask(LOG_UNIMP, "stm32f469-pinctrl: SYSCFG offset 0x%02"
                      HWADDR_PRIx " is not modelled (reads 0)\n", addr);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: SYSCFG read of unknown offset "
                      "0x%03" HWADDR_PRIx "\n", addr);
        break;
    }
    trace_stm32f469_pinctrl_read("SYSCFG", addr, val);
    return val;
}

static void stm32_syscfg_write(void *opaque, hwaddr addr, uint64_t value,
                               unsigned size)
{
    Stm32f469PinctrlState *s = opaque;
    uint32_t val = value;

    trace_stm32f469_pinctrl_write("SYSCFG", addr, val);
    switch (addr) {
    case A_SYSCFG_EXTICR1 ... A_SYSCFG_EXTICR4: {
        int r = (addr - A_SYSCFG_EXTICR1) / 4;

        if (val & 0xffff0000) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "stm32f469-pinctrl: EXTICR%d reserved bits 0x%08x "
                          "(ignored)\n", r + 1, val & 0xffff0000);
        }
        s->exticr[r] = val & 0xffff;
        for (int i = 0; i < 4; i++) {
            unsigned port = extract32(val, i * 4, 4), n = r * 4 + i;

            if (port >= STM32F469_BANKS) {
                qemu_log_mask(LOG_GUEST_ERROR,
                              "stm32f469-pinctrl: EXTICR%d selects port %u "
                              "for EXTI%u: the chip has ports A-K (0-10); "
                              "the line sees 0\n", r + 1, port, n);
            } else if (!(stm32_pins(port) & BIT(n))) {
                qemu_log_mask(LOG_GUEST_ERROR,
                              "stm32f469-pinctrl: EXTICR%d selects P%c%u for "
                              "EXTI%u, a pin the chip does not have; the "
                              "line sees 0\n", r + 1, 'A' + port, n, n);
            }
        }
        stm32_update(s);
        break;
    }
    case A_SYSCFG_MEMRMP:
    case A_SYSCFG_PMC:
    case A_SYSCFG_CMPCR:
        qemu_log_mask(LOG_UNIMP, "stm32f469-pinctrl: SYSCFG offset 0x%02"
                      HWADDR_PRIx " is not modelled (write 0x%08x ignored)\n",
                      addr, val);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: SYSCFG write 0x%08x to unknown "
                      "offset 0x%03" HWADDR_PRIx "\n", val, addr);
        break;
    }
}

static const MemoryRegionOps stm32_syscfg_ops = {
    .read = stm32_syscfg_read,
    .write = stm32_syscfg_write,
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

/* The EXTI register at addr, for bank 1; NULL for banks 2-3 and others. */
static uint32_t *stm32_exti_reg(Stm32f469PinctrlState *s, hwaddr addr,
                                const char **name, bool *other_bank)
{
    static const char *const names[] = {
        "RTSR", "FTSR", "SWIER", "RPR", "FPR", "SECCFGR"
    };
    uint32_t *regs[] = { &s->rtsr, &s->ftsr, &s->swier, &s->rpr, &s->fpr,
                         NULL };

    *other_bank = false;
    if (addr < 3 * STM32_EXTI_BANK_STRIDE &&
        addr % STM32_EXTI_BANK_STRIDE <= A_EXTI_SECCFGR1) {
        *name = names[(addr % STM32_EXTI_BANK_STRIDE) / 4];
        *other_bank = addr >= STM32_EXTI_BANK_STRIDE;
        return *other_bank ? NULL : regs[addr / 4];
    }
    if (addr >= A_EXTI_IMR1 &&
        addr < A_EXTI_IMR1 + 3 * STM32_EXTI_MASK_STRIDE &&
        addr % STM32_EXTI_MASK_STRIDE <= 4) {
        *name = addr % STM32_EXTI_MASK_STRIDE ? "EMR" : "IMR";
        *other_bank = addr >= A_EXTI_IMR1 + STM32_EXTI_MASK_STRIDE;
        return *other_bank ? NULL
                           : addr % STM32_EXTI_MASK_STRIDE ? &s->emr : &s->imr;
    }
    *name = NULL;
    return NULL;
}

static uint64_t stm32_exti_read(void *opaque, hwaddr addr, unsigned size)
{
    Stm32f469PinctrlState *s = opaque;
    const char *name;
    bool other;
    uint32_t *reg = stm32_exti_reg(s, addr, &name, &other), val = 0;

    if (reg) {
        val = *reg;
    } else if (name) {
        val = 0;    /* SECCFGR, and the banks of events 32-95 */
    } else {
        switch (addr) {
        case A_EXTI_TRG1:
            val = STM32F469_EXTI_VALID;
            break;
        case A_EXTI_TRG2:
        case A_EXTI_TRG3:
            break;
        case A_EXTI_HWCFGR1:
            val = STM32F469_EXTI_LINES << R_EXTI_HWCFGR1_NBEVENTS_SHIFT;
            break;
        default:
            qemu_log_mask(LOG_GUEST_ERROR,
                          "stm32f469-pinctrl: EXTI read of unknown offset "
                          "0x%03" HWADDR_PRIx "\n", addr);
            break;
        }
    }
    trace_stm32f469_pinctrl_read("EXTI", addr, val);
    return val;
}

static void stm32_exti_write(void *opaque, hwaddr addr, uint64_t value,
                             unsigned size)
{
    Stm32f469PinctrlState *s = opaque;
    const char *name;
    bool other;
    uint32_t *reg = stm32_exti_reg(s, addr, &name, &other), val = value;

    trace_stm32f469_pinctrl_write("EXTI", addr, val);
    if (!name) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: EXTI write 0x%08x to %s offset "
                      "0x%03" HWADDR_PRIx " (ignored)\n", val,
                      addr >= A_EXTI_TRG3 ? "read-only" : "unknown", addr);
        return;
    }
    if (!reg) {
        if (val) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "stm32f469-pinctrl: EXTI %s%s 0x%08x: %s (ignored)"
                          "\n", name, other ? "2/3" : "1", val,
                          other ? "the model has no events 32-95"
                                : "read-only");
        }
        return;
    }
    if (val & ~STM32F469_EXTI_VALID) {
        /* RPR/FPR clear by writing 1: a 1 for a missing line is harmless. */
        qemu_log_mask(LOG_GUEST_ERROR,
                      "stm32f469-pinctrl: EXTI %s1 bits 0x%08x are events "
                      "16-31, which have no source in this model (ignored)\n",
                      name, val & ~STM32F469_EXTI_VALID);
        val &= STM32F469_EXTI_VALID;
    }
    if (reg == &s->rpr || reg == &s->fpr) {
        *reg &= ~val;
        if (reg == &s->rpr) {
            s->swier &= ~val;
        }
    } else if (reg == &s->swier) {
        /* A 0-to-1 change of SWIER is a rising event on the line. */
        s->rpr |= val & ~s->swier & s->rtsr;
        s->swier |= val;
    } else {
        *reg = val;
    }
    stm32_update_irq(s);
}

static const MemoryRegionOps stm32_exti_ops = {
    .read = stm32_exti_read,
    .write = stm32_exti_write,
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

static void stm32_reset_enter(Object *obj, ResetType type)
{
    Stm32f469PinctrlState *s = STM32F469_PINCTRL(obj);

    /* RM0386: every pin an input but the debug port's (PA13-15, PB3-4). */
    for (int b = 0; b < STM32F469_BANKS; b++) {
        s->moder[b] = 0;
        s->otyper[b] = 0;
        s->ospeedr[b] = 0;
        s->pupdr[b] = 0;
        s->odr[b] = 0;
        s->afrl[b] = 0;
        s->afrh[b] = 0;
        s->lckr[b] = 0;
        s->lock_step[b] = 0;
    }
    s->moder[0] = 0xa8000000;
    s->ospeedr[0] = 0x0c000000;
    s->pupdr[0] = 0x64000000;
    s->moder[1] = 0x00000280;
    s->ospeedr[1] = 0x000000c0;
    s->pupdr[1] = 0x00000100;
    memset(s->exticr, 0, sizeof(s->exticr));
    s->rtsr = s->ftsr = s->swier = s->rpr = s->fpr = 0;
    s->imr = s->emr = 0;
}

static void stm32_reset_hold(Object *obj, ResetType type)
{
    Stm32f469PinctrlState *s = STM32F469_PINCTRL(obj);

    /* The board keeps driving its inputs; no edge at reset. */
    stm32_update(s);
    s->rpr = s->fpr = 0;
    stm32_update_irq(s);
}

/* QOM, per pin Pxn: input- (rw), level-, output-, output-enable-, mux-. */
static bool stm32_prop_pin(const char *name, int *b, int *pin)
{
    const char *p = strrchr(name, '-');

    *b = p[2] - 'A';
    *pin = atoi(p + 3);
    return true;
}

static void stm32_get_pin(Object *obj, Visitor *v, const char *name,
                          void *opaque, Error **errp)
{
    Stm32f469PinctrlState *s = STM32F469_PINCTRL(obj);
    int b, pin;
    bool val;

    stm32_prop_pin(name, &b, &pin);
    if (g_str_has_prefix(name, "input-")) {
        val = s->input_ext[b] & BIT(pin);
    } else if (g_str_has_prefix(name, "output-enable-")) {
        val = stm32_mode(s, b, pin) == STM32_MODE_OUTPUT;
    } else if (g_str_has_prefix(name, "output-")) {
        val = s->odr[b] & BIT(pin);
    } else {
        val = s->level[b] & BIT(pin);
    }
    visit_type_bool(v, name, &val, errp);
}

static void stm32_set_input(Object *obj, Visitor *v, const char *name,
                            void *opaque, Error **errp)
{
    Stm32f469PinctrlState *s = STM32F469_PINCTRL(obj);
    int b, pin;
    bool val;

    if (!visit_type_bool(v, name, &val, errp)) {
        return;
    }
    stm32_prop_pin(name, &b, &pin);
    trace_stm32f469_pinctrl_input('A' + b, pin, val);
    s->input_ext[b] = deposit32(s->input_ext[b], pin, 1, val);
    if (DEVICE(obj)->realized) {
        stm32_update(s);
    }
}

/*
 * mux-Pxn: the driver's function name for what the pin is set to ("gpio",
 * "af0".."af15", "analog"); signal-Pxn: the signal of its AF ("" when the
 * pin is not in AF mode or the AF has none).
 */
static void stm32_get_mux(Object *obj, Visitor *v, const char *name,
                          void *opaque, Error **errp)
{
    Stm32f469PinctrlState *s = STM32F469_PINCTRL(obj);
    g_autofree char *f = NULL;
    int b, pin;
    unsigned m;

    stm32_prop_pin(name, &b, &pin);
    m = stm32_mode(s, b, pin);
    if (g_str_has_prefix(name, "signal-")) {
        const char *sig = stm32f469_af[b * 16 + pin][stm32_af(s, b, pin)];

        f = g_strdup(m == STM32_MODE_AF && sig ? sig : "");
    } else if (m == STM32_MODE_AF) {
        f = g_strdup_printf("af%u", stm32_af(s, b, pin));
    } else {
        f = g_strdup(stm32_fn[m]);
    }
    visit_type_str(v, name, &f, errp);
}

static void stm32_init(Object *obj)
{
    Stm32f469PinctrlState *s = STM32F469_PINCTRL(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init(&s->mmio, obj, "stm32f469-pinctrl",
                       STM32F469_MMIO_SIZE);
    memory_region_init_io(&s->gpio_mmio, obj, &stm32_gpio_ops, s,
                          "stm32f469-pinctrl.gpio", STM32F469_GPIO_SIZE);
    memory_region_add_subregion(&s->mmio, 0, &s->gpio_mmio);
    memory_region_init_io(&s->syscfg_mmio, obj, &stm32_syscfg_ops, s,
                          "stm32f469-pinctrl.syscfg", STM32F469_BLOCK_SIZE);
    memory_region_add_subregion(&s->mmio, STM32F469_SYSCFG_BASE,
                                &s->syscfg_mmio);
    memory_region_init_io(&s->exti_mmio, obj, &stm32_exti_ops, s,
                          "stm32f469-pinctrl.exti", STM32F469_BLOCK_SIZE);
    memory_region_add_subregion(&s->mmio, STM32F469_EXTI_BASE,
                                &s->exti_mmio);
    sysbus_init_mmio(sbd, &s->mmio);
    for (int i = 0; i < STM32F469_EXTI_LINES; i++) {
        sysbus_init_irq(sbd, &s->irq[i]);
    }

    for (int p = 0; p < STM32F469_PINS; p++) {
        int b = p / 16, pin = p % 16;
        static const char *const ro[] = {
            "level", "output", "output-enable"
        };
        g_autofree char *in = NULL, *mux = NULL, *sig = NULL;

        if (!(stm32_pins(b) & BIT(pin))) {
            continue;
        }
        in = g_strdup_printf("input-P%c%d", 'A' + b, pin);
        object_property_add(obj, in, "bool", stm32_get_pin, stm32_set_input,
                            NULL, NULL);
        for (int i = 0; i < ARRAY_SIZE(ro); i++) {
            g_autofree char *n = g_strdup_printf("%s-P%c%d", ro[i], 'A' + b,
                                                 pin);

            object_property_add(obj, n, "bool", stm32_get_pin, NULL, NULL,
                                NULL);
        }
        mux = g_strdup_printf("mux-P%c%d", 'A' + b, pin);
        object_property_add(obj, mux, "str", stm32_get_mux, NULL, NULL, NULL);
        sig = g_strdup_printf("signal-P%c%d", 'A' + b, pin);
        object_property_add(obj, sig, "str", stm32_get_mux, NULL, NULL, NULL);
    }
}

/*
 * The nodes of stm32f429.dtsi / stm32f469-pinctrl.dtsi with this window's
 * addresses: the SYSCFG syscon, the EXTI (as the STM32MP25's EXTI1: one
 * GIC interrupt per line in interrupts-extended) and the pin controller
 * with one gpio@ child per bank (gpio-ranges as the F469's, leaving out
 * PJ6-PJ11 and PK0-PK2). No hog state on the controller: the driver
 * registers its GPIO ranges after the pinctrl core claims hogs, so a hog
 * of this driver's always fails ("No gpio range defined").
 */
static void stm32_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat_syscfg[] = {
        "st,stm32-syscfg", "syscon"
    };
    static const char *const compat_exti[] = { "st,stm32mp1-exti" };
    static const char *const compat_pinctrl[] = { "st,stm32f469-pinctrl" };
    static const struct { int bank, first, pin, n; } ranges[] = {
        { 0, 0, 0, 16 }, { 1, 0, 16, 16 }, { 2, 0, 32, 16 },
        { 3, 0, 48, 16 }, { 4, 0, 64, 16 }, { 5, 0, 80, 16 },
        { 6, 0, 96, 16 }, { 7, 0, 112, 16 }, { 8, 0, 128, 16 },
        { 9, 0, 144, 6 }, { 9, 12, 156, 4 }, { 10, 3, 163, 5 },
    };
    PresiliconFdtContext pctx = *ctx;
    uint64_t base = ctx->reg_base[0];
    uint32_t syscfg_clk, gpio_clk, syscfg_ph, exti_ph, ph;
    g_autofree char *syscfg_path = NULL, *exti_path = NULL, *path = NULL;
    g_autofree uint32_t *irqs = g_new(uint32_t, 4 * MAX(ctx->n_irqs, 1));

    syscfg_clk = presilicon_fdt_fixed_clock(ctx, "stm32f469_apb2",
                                            STM32F469_SYSCFG_HZ);
    gpio_clk = presilicon_fdt_fixed_clock(ctx, "stm32f469_ahb1",
                                          STM32F469_AHB1_HZ);

    pctx.n_regs = 1;
    pctx.n_irqs = 0;
    pctx.reg_base[0] = base + STM32F469_SYSCFG_BASE;
    pctx.reg_size[0] = STM32F469_BLOCK_SIZE;
    syscfg_path = presilicon_fdt_add_mmio_node(&pctx, "syscon", compat_syscfg,
                                               2);
    qemu_fdt_setprop_cell(ctx->fdt, syscfg_path, "clocks", syscfg_clk);
    syscfg_ph = qemu_fdt_alloc_phandle(ctx->fdt);
    qemu_fdt_setprop_cell(ctx->fdt, syscfg_path, "phandle", syscfg_ph);

    pctx.reg_base[0] = base + STM32F469_EXTI_BASE;
    exti_path = presilicon_fdt_add_mmio_node(&pctx, "interrupt-controller",
                                             compat_exti, 1);
    qemu_fdt_setprop(ctx->fdt, exti_path, "interrupt-controller", NULL, 0);
    qemu_fdt_setprop_cell(ctx->fdt, exti_path, "#interrupt-cells", 2);
    qemu_fdt_setprop_cell(ctx->fdt, exti_path, "#address-cells", 0);
    qemu_fdt_setprop_cell(ctx->fdt, exti_path, "interrupt-parent",
                          ctx->intc_phandle);
    for (int i = 0; i < ctx->n_irqs; i++) {
        irqs[4 * i] = cpu_to_be32(ctx->intc_phandle);
        irqs[4 * i + 1] = cpu_to_be32(GIC_FDT_IRQ_TYPE_SPI);
        irqs[4 * i + 2] = cpu_to_be32(ctx->irq[i]);
        irqs[4 * i + 3] = cpu_to_be32(GIC_FDT_IRQ_FLAGS_LEVEL_HI);
    }
    if (ctx->n_irqs) {
        qemu_fdt_setprop(ctx->fdt, exti_path, "interrupts-extended", irqs,
                         4 * ctx->n_irqs * sizeof(*irqs));
    }
    exti_ph = qemu_fdt_alloc_phandle(ctx->fdt);
    qemu_fdt_setprop_cell(ctx->fdt, exti_path, "phandle", exti_ph);

    path = g_strdup_printf("%s/pinctrl@%" PRIx64, ctx->parent, base);
    qemu_fdt_add_subnode(ctx->fdt, path);
    qemu_fdt_setprop_string_array(ctx->fdt, path, "compatible",
                                  (char **)compat_pinctrl, 1);
    qemu_fdt_setprop_cell(ctx->fdt, path, "#address-cells", 1);
    qemu_fdt_setprop_cell(ctx->fdt, path, "#size-cells", 1);
    qemu_fdt_setprop_cells(ctx->fdt, path, "ranges", 0, base >> 32,
                           (uint32_t)base, STM32F469_GPIO_SIZE);
    if (ctx->n_irqs) {
        qemu_fdt_setprop_cell(ctx->fdt, path, "interrupt-parent", exti_ph);
        qemu_fdt_setprop_cells(ctx->fdt, path, "st,syscfg", syscfg_ph,
                               STM32F469_EXTICR_OFFSET);
    }
    ph = qemu_fdt_alloc_phandle(ctx->fdt);
    qemu_fdt_setprop_cell(ctx->fdt, path, "phandle", ph);

    /* Children in reverse: dtc order, gpio@0 first. */
    for (int b = STM32F469_BANKS - 1; b >= 0; b--) {
        g_autofree char *gpio = g_strdup_printf("%s/gpio@%x", path,
                                                b * STM32F469_BANK_SIZE);
        g_autofree uint32_t *r = g_new(uint32_t, 4 * 2);
        int n = 0;

        qemu_fdt_add_subnode(ctx->fdt, gpio);
        qemu_fdt_setprop(ctx->fdt, gpio, "gpio-controller", NULL, 0);
        qemu_fdt_setprop_cell(ctx->fdt, gpio, "#gpio-cells", 2);
        qemu_fdt_setprop(ctx->fdt, gpio, "interrupt-controller", NULL, 0);
        qemu_fdt_setprop_cell(ctx->fdt, gpio, "#interrupt-cells", 2);
        /* dtc wants it on every interrupt provider; GPIO lines have none. */
        qemu_fdt_setprop_cell(ctx->fdt, gpio, "#address-cells", 0);
        qemu_fdt_setprop_cells(ctx->fdt, gpio, "reg",
                               b * STM32F469_BANK_SIZE, STM32F469_BANK_SIZE);
        qemu_fdt_setprop_cell(ctx->fdt, gpio, "clocks", gpio_clk);
        qemu_fdt_setprop_string(ctx->fdt, gpio, "st,bank-name",
                                stm32_bank_name(b));
        for (int i = 0; i < ARRAY_SIZE(ranges); i++) {
            if (ranges[i].bank == b) {
                r[n++] = cpu_to_be32(ph);
                r[n++] = cpu_to_be32(ranges[i].first);
                r[n++] = cpu_to_be32(ranges[i].pin);
                r[n++] = cpu_to_be32(ranges[i].n);
            }
        }
        qemu_fdt_setprop(ctx->fdt, gpio, "gpio-ranges", r, n * sizeof(*r));
    }
}

static int stm32_post_load(void *opaque, int version_id)
{
    Stm32f469PinctrlState *s = opaque;

    for (int b = 0; b < STM32F469_BANKS; b++) {
        uint32_t m = stm32_pins(b);

        if ((s->otyper[b] | s->odr[b] | s->input_ext[b] | s->level[b]) & ~m ||
            s->lckr[b] & ~(R_GPIO_LCKR_LCK_MASK | R_GPIO_LCKR_LCKK_MASK) ||
            s->lock_step[b] > 3) {
            return -EINVAL;
        }
    }
    for (int i = 0; i < 4; i++) {
        if (s->exticr[i] & 0xffff0000) {
            return -EINVAL;
        }
    }
    if ((s->rtsr | s->ftsr | s->swier | s->rpr | s->fpr | s->imr | s->emr |
         s->exti_in) & ~STM32F469_EXTI_VALID) {
        return -EINVAL;
    }
    stm32_update_irq(s);
    return 0;
}

static const VMStateDescription vmstate_stm32 = {
    .name = TYPE_STM32F469_PINCTRL,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = stm32_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(moder, Stm32f469PinctrlState, STM32F469_BANKS),
        VMSTATE_UINT32_ARRAY(otyper, Stm32f469PinctrlState, STM32F469_BANKS),
        VMSTATE_UINT32_ARRAY(ospeedr, Stm32f469PinctrlState, STM32F469_BANKS),
        VMSTATE_UINT32_ARRAY(pupdr, Stm32f469PinctrlState, STM32F469_BANKS),
        VMSTATE_UINT32_ARRAY(odr, Stm32f469PinctrlState, STM32F469_BANKS),
        VMSTATE_UINT32_ARRAY(afrl, Stm32f469PinctrlState, STM32F469_BANKS),
        VMSTATE_UINT32_ARRAY(afrh, Stm32f469PinctrlState, STM32F469_BANKS),
        VMSTATE_UINT32_ARRAY(lckr, Stm32f469PinctrlState, STM32F469_BANKS),
        VMSTATE_UINT32_ARRAY(lock_step, Stm32f469PinctrlState,
                             STM32F469_BANKS),
        VMSTATE_UINT32_ARRAY(input_ext, Stm32f469PinctrlState,
                             STM32F469_BANKS),
        VMSTATE_UINT32_ARRAY(level, Stm32f469PinctrlState, STM32F469_BANKS),
        VMSTATE_UINT32_ARRAY(exticr, Stm32f469PinctrlState, 4),
        VMSTATE_UINT32(rtsr, Stm32f469PinctrlState),
        VMSTATE_UINT32(ftsr, Stm32f469PinctrlState),
        VMSTATE_UINT32(swier, Stm32f469PinctrlState),
        VMSTATE_UINT32(rpr, Stm32f469PinctrlState),
        VMSTATE_UINT32(fpr, Stm32f469PinctrlState),
        VMSTATE_UINT32(imr, Stm32f469PinctrlState),
        VMSTATE_UINT32(emr, Stm32f469PinctrlState),
        VMSTATE_UINT32(exti_in, Stm32f469PinctrlState),
        VMSTATE_END_OF_LIST()
    },
};

static void stm32_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "STM32F469 pin controller with GPIO banks A-K, SYSCFG "
               "EXTICR and EXTI";
    dc->vmsd = &vmstate_stm32;
    dc->user_creatable = true;
    rc->phases.enter = stm32_reset_enter;
    rc->phases.hold = stm32_reset_hold;
    fc->add_node = stm32_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo stm32_types[] = {
    {
        .name = TYPE_STM32F469_PINCTRL,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Stm32f469PinctrlState),
        .instance_init = stm32_init,
        .class_init = stm32_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(stm32_types)
