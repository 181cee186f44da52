/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TI DM816x AHCI SATA controller ("ti,dm816-ahci").
 */
#ifndef HW_BLOCK_DM816_AHCI_H
#define HW_BLOCK_DM816_AHCI_H

#include "hw/ide/ahci-sysbus.h"
#include "qom/object.h"
#include "hw/block/dm816_ahci_regs.h"

#define TYPE_DM816_AHCI "dm816-ahci"
OBJECT_DECLARE_SIMPLE_TYPE(Dm816AhciState, DM816_AHCI)

struct Dm816AhciState {
    SysbusAHCIState parent_obj;     /* QEMU's AHCI HBA, two ports */

    MemoryRegion glue;              /* over the whole window, before the core */
    uint32_t phycr[DM816_AHCI_NUM_PORTS];
    /* Command slots issued while the link was down: pending for good. */
    uint32_t ci_stalled[DM816_AHCI_NUM_PORTS];
    /* The external SATA reference clock the PLL multiplies (a property). */
    uint32_t refclk_hz;
};

#endif
