/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The presilicon board: memory map and interrupt map (docs/board.md).
 */
#ifndef HW_ARM_PRESILICON_H
#define HW_ARM_PRESILICON_H

#include "hw/boards.h"
#include "hw/arm/boot.h"
#include "hw/pci/pci.h"
#include "hw/usb.h"
#include "qom/object.h"

#define TYPE_PRESILICON_MACHINE MACHINE_TYPE_NAME("presilicon")
OBJECT_DECLARE_SIMPLE_TYPE(PresiliconMachineState, PRESILICON_MACHINE)

enum {
    PS_BOOTROM,
    PS_GIC_DIST,
    PS_GIC_ITS,
    PS_GIC_REDIST,
    PS_UART0,
    PS_GPIO0,
    PS_SPI0,
    PS_I2C0,
    PS_USB0,
    PS_USB2PHY,
    PS_GPIO1,
    PS_SPI1,
    PS_GPIO_CS,
    PS_VIRTIO,
    PS_PLATFORM_BUS,
    PS_MODELS,
    PS_PCIE_PIO,
    PS_PCIE_MMIO,
    PS_PCIE_ECAM,
    PS_RAM,
    PS_NR_REGIONS
};

typedef struct PresiliconMemMapEntry {
    hwaddr base;
    hwaddr size;
} PresiliconMemMapEntry;

/* GIC SPI numbers (0-based: INTID - 32). */
#define PS_IRQ_UART0        1
#define PS_IRQ_GPIO0        2
#define PS_IRQ_SPI0         3
#define PS_IRQ_PCIE         4   /* INTA..INTD: 4..7 */
#define PS_IRQ_USB0         8   /* the xHCI */
#define PS_IRQ_I2C0         9   /* the i.MX I2C controller */
#define PS_IRQ_GPIO1        10  /* the radios' PL061 */
#define PS_IRQ_SPI1         11  /* the radios' PL022 */
#define PS_IRQ_GPIO_CS      12  /* the chip-select GPIO (i.MX) */
#define PS_IRQ_VIRTIO       16  /* one per slot: 16..23 */
#define PS_IRQ_MODELS       32  /* built-in models: 32.. in table order */
#define PS_IRQ_PLATFORM_BUS 64  /* -device models: 64..95 */
#define PS_IRQ_MODELS_HIGH  96  /* built-in models past 63: 96.. */
#define PS_NUM_SPIS         128

#define PS_NUM_VIRTIO       8
#define PS_VIRTIO_SIZE      0x200
#define PS_MODEL_SLOT       0x10000
/* Window N > 0 of a built-in model sits N * this into its slot. */
#define PS_MODEL_SUBWINDOW  0x1000
#define PS_PLATFORM_BUS_IRQS 32
/* Built-in PCIe endpoints: 00:01.0 ThunderX ZIP, 00:02.0 ThunderX MMC. */
#define PS_DEVFN_ZIP        PCI_DEVFN(1, 0)
#define PS_DEVFN_MMC        PCI_DEVFN(2, 0)
#define PS_DEVFN_XLGMAC     PCI_DEVFN(3, 0)
/* 00:04.0: a virtio-net, the LAN9303 switch's CPU-port (conduit) MAC. */
#define PS_DEVFN_LAN9303_CONDUIT PCI_DEVFN(4, 0)
/*
 * The PL022s' chip selects (cs-gpios) are lines of an i.MX GPIO: the
 * first PL022's 0-3 lines 0-3, the radio bus's 0-1 lines 8-9. Linux's
 * gpio-mxc registers at subsys_initcall, the PL022's driver's level, so
 * both buses probe there; a PL061 (device_initcall) made them wait for
 * the deferred probes at late_initcall, and every SPI device with them.
 */
#define PS_SPI_NUM_CS       4
#define PS_GPIO_CS_RADIO    8
/* PL061 line 4: the EV3 battery's type switch (low: rechargeable). */
#define PS_GPIO_EV3_BATTERY 4
/* PL061 line 5: the CPCAP PMIC's interrupt (level high). */
#define PS_GPIO_CPCAP_INT   5
/*
 * An HI-3110 CAN controller at chip select N interrupts on PL061 line
 * N + 4 (level high): the built-in one at chip select 2 on line 6, a
 * second one (-device hi3110,cs=3) on line 7.
 */
#define PS_GPIO_HI3110_BASE 4
#define PS_SPI_CS_HI3110    2
/*
 * The radio bus: a second PL022 (its SSI bus named "spi1") whose chip
 * selects 0 and 1 are the chip-select GPIO's lines 8 and 9 (active low).
 * A CA8210 at chip select N has its IRQ pin on a second PL061's line
 * 2 + 2N and its RESET pin on line 3 + 2N. The board has two, on
 * /machine/wpan0.
 */
#define PS_RADIO_NUM_CS     2
#define PS_GPIO1_RADIO_IRQ(cs)   (2 + 2 * (cs))
#define PS_GPIO1_RADIO_RESET(cs) (3 + 2 * (cs))
#define PS_RADIO_SPI_BUS    "spi1"

struct PresiliconMachineState {
    MachineState parent_obj;

    bool bare;
    Notifier machine_done;
    struct arm_boot_info bootinfo;
    int fdt_size;
    DeviceState *gic;
    DeviceState *platform_bus;
    PCIBus *pci_bus;
    /* The PCIe host's node: PCI functions with a node go under it. */
    char *pcie_path;
    uint32_t gic_phandle;
    uint32_t its_phandle;
    /* Built-in models, in table order, for the device-tree pass. */
    GPtrArray *models;
    /* The PL061, whose lines the board hands out, and the PL022. */
    DeviceState *gpio;
    uint32_t gpio_phandle;
    DeviceState *spi;
    char *spi_path;
    /* The radio bus: its PL061 and PL022, and the radios' medium. */
    DeviceState *gpio1;
    uint32_t gpio1_phandle;
    DeviceState *gpio_cs;
    uint32_t gpio_cs_phandle;
    DeviceState *spi1;
    char *spi1_path;
    Object *wpan;
    char *wpan_pcap, *wpan_chardev;
    /* The i.MX I2C controller and its node: I2C devices go under it. */
    DeviceState *i2c;
    char *i2c_path;
    /* The LAN9303's conduit MAC (its node is the board's to write). */
    DeviceState *lan9303_conduit;
    /* The xHCI's USB bus: USB devices, built in or -device ...,bus=. */
    USBBus *usb_bus;
    /* The built-in EV3 battery (its ADC is on the PL022 at chip select 0). */
    DeviceState *ev3_battery;
    /* The CPCAP charger's companion, the OMAP4 USB2 PHY (not in a slot). */
    DeviceState *usb2phy;
};

extern const PresiliconMemMapEntry presilicon_memmap[PS_NR_REGIONS];

#endif
