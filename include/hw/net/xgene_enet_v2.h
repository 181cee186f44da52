/*
 * APM X-Gene Ethernet v2 (the xgene-enet-v2 driver's port)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NET_XGENE_ENET_V2_H
#define HW_NET_XGENE_ENET_V2_H

#include "hw/sysbus.h"
#include "net/net.h"
#include "qom/object.h"
#include "hw/net/xgene_enet_v2_regs.h"

#define TYPE_XGENE_ENET_V2 "xgene-enet-v2"
OBJECT_DECLARE_SIMPLE_TYPE(XgeneEnetV2State, XGENE_ENET_V2)

#define XGENE_ENET_V2_NUM_REGS  (XGENE_ENET_V2_MMIO_SIZE / 4)
#define XGENE_ENET_V2_SAVED_REGS 25

struct XgeneEnetV2State {
    SysBusDevice parent_obj;

    MemoryRegion mmio;
    qemu_irq irq;
    NICState *nic;
    NICConf conf;
    QEMUBH *tx_bh;

    /* Plain read/write registers, indexed by offset / 4. */
    uint32_t regs[XGENE_ENET_V2_NUM_REGS];
    /* Those of them that hold state, packed for migration. */
    uint32_t saved[XGENE_ENET_V2_SAVED_REGS];
    /* RMON counters by (offset - XGENE_ENET_V2_RMON_FIRST) / 4. */
    uint32_t rmon[XGENE_ENET_V2_RMON_COUNT];
    /* The DMA's current descriptors (DMATXDESCL/H, DMARXDESCL/H). */
    uint64_t tx_desc;
    uint64_t rx_desc;
    /* Frames done and not yet acknowledged (PKTCOUNT shows up to 255). */
    uint32_t tx_count;
    uint32_t rx_count;
    /* TX_BUS_ERROR / RX_BUS_ERROR: the DMA stopped until restarted. */
    bool tx_halted;
    bool rx_halted;
    /* RX found no empty descriptor; frames wait for a DMARXCTRL write. */
    bool rx_stalled;
    /* The PHY: clause-22 registers 0-31. */
    uint16_t phy[32];
    /* One frame gathered for sending (not migrated: sent within the BH). */
    uint8_t tx_frame[XGENE_ENET_V2_MAX_FRAME];
};

#endif
