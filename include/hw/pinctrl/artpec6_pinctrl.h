/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Axis ARTPEC-6 pin controller ("axis,artpec6-pinctrl"), with QEMU PL061s
 * as the GPIO banks of pins 0-31.
 */
#ifndef HW_PINCTRL_ARTPEC6_PINCTRL_H
#define HW_PINCTRL_ARTPEC6_PINCTRL_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/pinctrl/artpec6_pinctrl_regs.h"

#define TYPE_ARTPEC6_PINCTRL "artpec6-pinctrl"
OBJECT_DECLARE_SIMPLE_TYPE(Artpec6PinctrlState, ARTPEC6_PINCTRL)

/* A window in front of a PL061's registers: the bank it is. */
typedef struct Artpec6GpioWindow {
    Artpec6PinctrlState *s;
    unsigned bank;
} Artpec6GpioWindow;

struct Artpec6PinctrlState {
    SysBusDevice parent_obj;

    /* Window 0: the pin registers; windows 1-4: the PL061s' registers. */
    MemoryRegion mmio;
    MemoryRegion gpio_mmio[ARTPEC6_GPIO_BANKS];
    Artpec6GpioWindow gpio_win[ARTPEC6_GPIO_BANKS];
    /* The PL061s' interrupts, passed on. */
    qemu_irq irq[ARTPEC6_GPIO_BANKS];
    /* The GPIO banks (children "gpio0".."gpio3") and their input lines. */
    DeviceState *pl061[ARTPEC6_GPIO_BANKS];
    qemu_irq pl061_in[ARTPEC6_GPIO_PINS];

    /* One register per pin. */
    uint32_t pinmux[ARTPEC6_PINS];
    /* What the board drives on pins 0-31 (host-set), bit n for pin n. */
    uint32_t input_ext;
    /* The PL061s' GPIODIR and output GPIODATA, bit n for pin n. */
    uint32_t gpio_dir;
    uint32_t gpio_out;
    /* The pad levels of pins 0-31 (derived from the above). */
    uint32_t level;
};

#endif
