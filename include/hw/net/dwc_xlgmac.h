/*
 * Synopsys DesignWare XLGMAC (Enterprise Ethernet) on PCI, 16c3:7302
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NET_DWC_XLGMAC_H
#define HW_NET_DWC_XLGMAC_H

#include "hw/pci/pci_device.h"
#include "net/net.h"
#include "qom/object.h"
#include "hw/net/dwc_xlgmac_regs.h"

#define TYPE_DWC_XLGMAC "dwc-xlgmac"
OBJECT_DECLARE_SIMPLE_TYPE(DwcXlgmacState, DWC_XLGMAC)

#define PCI_VENDOR_ID_SYNOPSYS_XLGMAC   0x16c3
#define PCI_DEVICE_ID_DWC_XLGMAC        0x7302

#define XLGMAC_NUM_REGS         (XLGMAC_MMIO_SIZE / 4)
#define XLGMAC_MMC_COUNTERS     ((XLGMAC_MMC_LAST - XLGMAC_MMC_FIRST) / 4 + 1)

struct DwcXlgmacState {
    PCIDevice parent_obj;

    MemoryRegion mmio;
    NICState *nic;
    NICConf conf;
    QEMUBH *tx_bh;

    /* Plain read/write registers, indexed by offset / 4. */
    uint32_t regs[XLGMAC_NUM_REGS];
    /* MMC counters by (offset - XLGMAC_MMC_FIRST) / 4 (LO words). */
    uint64_t mmc[XLGMAC_MMC_COUNTERS];
    /* DMA channel 0 positions, ring indices. */
    uint32_t tx_cur;
    uint32_t rx_cur;
    /* Stopped by a bus error until the guest restarts the channel. */
    bool tx_halted;
    bool rx_halted;
    /* RX found no descriptor it owns; waits for a tail-pointer write. */
    bool rx_stalled;
    /* A TX frame being gathered across descriptors (not migrated mid-BH). */
    uint8_t *tx_frame;
};

#endif
