/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * presilicon device-tree hook.
 *
 * Every model of the suite implements TYPE_PRESILICON_FDT_NODE. The board
 * does not know any model's binding: it places the device, wires its
 * interrupts, fills a PresiliconFdtContext with where the device ended up
 * and calls add_node(), which writes the node exactly as the upstream Linux
 * binding describes it.
 */
#ifndef HW_CORE_PRESILICON_FDT_H
#define HW_CORE_PRESILICON_FDT_H

#include "qom/object.h"
#include "exec/hwaddr.h"

#define TYPE_PRESILICON_FDT_NODE "presilicon-fdt-node"

#define PRESILICON_FDT_MAX_REGS 8
#define PRESILICON_FDT_MAX_IRQS 16

typedef struct PresiliconFdtContext {
    void *fdt;
    /* Path of the node to add under: "/soc" for MMIO, a bus node otherwise. */
    const char *parent;
    /* Interrupt controller the irq[] numbers below belong to. */
    uint32_t intc_phandle;
    /* MMIO regions, in sysbus order, as the board mapped them. */
    int n_regs;
    uint64_t reg_base[PRESILICON_FDT_MAX_REGS];
    uint64_t reg_size[PRESILICON_FDT_MAX_REGS];
    /* Interrupt lines, in sysbus order: GIC SPI numbers (0-based). */
    int n_irqs;
    int irq[PRESILICON_FDT_MAX_IRQS];
    /* A PCI function on the root bus of the PCIe host (parent): its devfn. */
    int pci_devfn;
    /* An SPI device under the controller's node (parent): its chip select. */
    int spi_cs;
    /* An I2C device under the controller's node (parent): its address. */
    int i2c_addr;
    /* The board's GPIO controller and the line it gave the device (0: none). */
    uint32_t gpio_phandle;
    int gpio_line;
} PresiliconFdtContext;

/* The flags cell of a GPIO specifier (dt-bindings/gpio/gpio.h). */
#define PRESILICON_FDT_GPIO_ACTIVE_HIGH 0
#define PRESILICON_FDT_GPIO_ACTIVE_LOW  1

typedef struct PresiliconFdtNodeClass {
    InterfaceClass parent_class;
    /* Write this device's node under ctx->parent. */
    void (*add_node)(DeviceState *dev, PresiliconFdtContext *ctx);
} PresiliconFdtNodeClass;

DECLARE_CLASS_CHECKERS(PresiliconFdtNodeClass, PRESILICON_FDT_NODE,
                       TYPE_PRESILICON_FDT_NODE)

/*
 * Create "<parent>/<name>@<first reg base>" with "compatible" (a list of
 * ncompat strings), "reg" (every region, two address and two size cells)
 * and "interrupts" (every line, level-high SPIs), and return its path
 * (free with g_free).
 */
char *presilicon_fdt_add_mmio_node(PresiliconFdtContext *ctx, const char *name,
                                   const char *const *compat, int ncompat);

/*
 * The same under "<parent>/bus@0", a simple-bus with one address and one
 * size cell mapping the MMIO below RAM one to one (created on first use):
 * for bindings whose driver takes the first cell of "reg" as the bus
 * address its DMA uses.
 */
char *presilicon_fdt_add_mmio_node32(PresiliconFdtContext *ctx,
                                     const char *name,
                                     const char *const *compat, int ncompat);

/*
 * Create "<parent>/<name>@<slot>[,<fn>]" for the PCI function ctx->pci_devfn
 * with "compatible" and the five-cell "reg" of the PCI bus binding
 * (Documentation/devicetree/bindings/pci/pci.txt: phys.hi holds bus 0 and
 * the devfn, the rest is zero), and return its path (free with g_free).
 * Linux then gives the node to the pci_dev it enumerates there.
 */
char *presilicon_fdt_add_pci_node(PresiliconFdtContext *ctx, const char *name,
                                  const char *const *compat, int ncompat);

/*
 * Create "<parent>/<name>@<spi_cs>" for the SPI device at chip select
 * ctx->spi_cs of the controller whose node is ctx->parent, with
 * "compatible", "reg" (the chip select) and "spi-max-frequency" (max_hz),
 * and return its path (free with g_free). spi-controller.yaml.
 */
char *presilicon_fdt_add_spi_node(PresiliconFdtContext *ctx, const char *name,
                                  const char *const *compat, int ncompat,
                                  uint32_t max_hz);

/*
 * Create "<parent>/<name>@<i2c_addr>" for the I2C device at address
 * ctx->i2c_addr of the controller whose node is ctx->parent, with
 * "compatible" and "reg", and return its path (free with g_free).
 */
char *presilicon_fdt_add_i2c_node(PresiliconFdtContext *ctx, const char *name,
                                  const char *const *compat, int ncompat);

/*
 * Phandle of the node another device's add_node writes (its first one),
 * given one on first use. When that device's node is not written yet
 * (devices added with -device are described in no set order), the
 * phandle is promised and its node gets it when it is written. 0 for a
 * device without the hook whose node the board did not record.
 */
uint32_t presilicon_fdt_phandle(PresiliconFdtContext *ctx, DeviceState *dev);

/*
 * For a node the board wrote for a device that has no hook of its own
 * (a QEMU device): say whose it is, so presilicon_fdt_phandle() finds it.
 */
void presilicon_fdt_record_node(DeviceState *dev, const char *path);

/*
 * Phandle of a "fixed-clock" node /clocks/<name> running at freq Hz,
 * created on first use and shared by every node that names it.
 */
uint32_t presilicon_fdt_fixed_clock(PresiliconFdtContext *ctx,
                                    const char *name, uint32_t freq);

/* Call dev's add_node hook if it implements the interface. */
void presilicon_fdt_add_device(DeviceState *dev, PresiliconFdtContext *ctx);

#endif
