/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Marvell Xenon SDHCI, as on the Armada 3700 ("marvell,armada-3700-sdhci").
 */
#ifndef HW_BLOCK_XENON_SDHCI_H
#define HW_BLOCK_XENON_SDHCI_H

#include "hw/sysbus.h"
#include "hw/sd/sdhci.h"
#include "qom/object.h"
#include "hw/block/xenon_sdhci_regs.h"

#define TYPE_XENON_SDHCI "xenon-sdhci"
OBJECT_DECLARE_SIMPLE_TYPE(XenonSdhciState, XENON_SDHCI)

#define XENON_SDHCI_NUM_VREGS \
    ((XENON_SDHCI_MMIO_SIZE - XENON_SDHCI_VENDOR_BASE) / 4)

struct XenonSdhciState {
    SysBusDevice parent_obj;

    SDHCIState sdhci;           /* the standard SDHCI core (QEMU's) */
    MemoryRegion container;
    MemoryRegion std;           /* 0x000: forwards to the core */
    MemoryRegion vendor;        /* 0x100: the Xenon registers */
    MemoryRegion pad;           /* the SoC pad control window */

    uint32_t vregs[XENON_SDHCI_NUM_VREGS];
    uint32_t pad_ctrl;
    int64_t phy_init_done;      /* ns of virtual time, or -1 */
    int64_t dll_lock_at;        /* ns of virtual time, or -1 */
    int64_t phy_init_left;      /* the two as time left, for migration */
    int64_t dll_lock_left;

    /* The slot's write-protect switch (a property, settable at run time). */
    bool write_protect;
};

#endif
