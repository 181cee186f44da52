/*
 * APM X-Gene Ethernet v2: register and descriptor layout (Linux
 * drivers/net/ethernet/apm/xgene-v2/{mac,enet,ring,ethtool}.h), shared by
 * the model and its qtest.
 *
 * One 64 KiB CSR window: the port glue (clocks, resets, RAM shutdown), the
 * gigabit MAC with its MII management block and RMON counters, and the
 * linked-list descriptor DMA.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NET_XGENE_ENET_V2_REGS_H
#define HW_NET_XGENE_ENET_V2_REGS_H

#include "hw/registerfields.h"

#define XGENE_ENET_V2_MMIO_SIZE     0x10000

/* Port glue: the link-status override and the RX data-valid gate. */
REG32(CFG_FORCE_LINK_STATUS_EN, 0x229c)
REG32(FORCE_LINK_STATUS, 0x22a0)
REG32(CFG_LINK_AGGR_RESUME, 0x27c8)
REG32(RGMII_REG_0, 0x27e0)
    FIELD(RGMII_REG_0, CFG_SPEED_125, 24, 1)
/* Ingress (ICM) and egress (ECM) clock-crossing FIFOs. */
REG32(ICM_CONFIG0_REG_0, 0x2c00)
    FIELD(ICM_CONFIG0_REG_0, CFG_MACMODE, 18, 2)
REG32(ICM_CONFIG2_REG_0, 0x2c08)
    FIELD(ICM_CONFIG2_REG_0, CFG_WAITASYNCRD, 0, 16)
    FIELD(ICM_CONFIG2_REG_0, CFG_WAITASYNCRD_EN, 16, 1)
REG32(ECM_CONFIG0_REG_0, 0x2d00)
    FIELD(ECM_CONFIG0_REG_0, CFG_WFIFOFULLTHR, 0, 7)
REG32(RX_DV_GATE_REG, 0x2dfc)

/* MAC */
REG32(MAC_CONFIG_1, 0xa000)
    FIELD(MAC_CONFIG_1, TX_EN, 0, 1)
    FIELD(MAC_CONFIG_1, RX_EN, 2, 1)
    FIELD(MAC_CONFIG_1, SOFT_RESET, 31, 1)
REG32(MAC_CONFIG_2, 0xa004)
    FIELD(MAC_CONFIG_2, FULL_DUPLEX, 0, 1)
    FIELD(MAC_CONFIG_2, CRC_EN, 1, 1)
    FIELD(MAC_CONFIG_2, PAD_CRC, 2, 1)
    FIELD(MAC_CONFIG_2, INTF_MODE, 8, 2)
REG32(MII_MGMT_CONFIG, 0xa020)
    FIELD(MII_MGMT_CONFIG, MGMT_CLOCK_SEL, 0, 3)
REG32(MII_MGMT_COMMAND, 0xa024)
    FIELD(MII_MGMT_COMMAND, READ_CYCLE, 0, 1)
REG32(MII_MGMT_ADDRESS, 0xa028)
    FIELD(MII_MGMT_ADDRESS, REG_ADDR, 0, 5)
    FIELD(MII_MGMT_ADDRESS, PHY_ADDR, 8, 5)
/* Writing the data starts a write cycle. */
REG32(MII_MGMT_CONTROL, 0xa02c)
    FIELD(MII_MGMT_CONTROL, DATA, 0, 16)
REG32(MII_MGMT_STATUS, 0xa030)
    FIELD(MII_MGMT_STATUS, DATA, 0, 16)
REG32(MII_MGMT_INDICATORS, 0xa034)
    FIELD(MII_MGMT_INDICATORS, BUSY, 0, 1)
REG32(INTERFACE_CONTROL, 0xa038)
    FIELD(INTERFACE_CONTROL, HD_MODE, 25, 2)
/* Station address: bytes 0-3, then bytes 4-5 in bits 31:16. */
REG32(STATION_ADDR0, 0xa040)
REG32(STATION_ADDR1, 0xa044)

/*
 * RMON counters, clear on read (the driver adds each read to its total).
 * The layout is the eTSEC family's; the driver names all but RBYT, RPKT,
 * TBYT and TPKT.
 */
REG32(TR64, 0xa080)         /* frames sent or received of 64 bytes */
REG32(TR127, 0xa084)        /* 65-127 */
REG32(TR255, 0xa088)        /* 128-255 */
REG32(TR511, 0xa08c)        /* 256-511 */
REG32(TR1K, 0xa090)         /* 512-1023 */
REG32(TRMAX, 0xa094)        /* 1024-1518 */
REG32(TRMGV, 0xa098)        /* 1519-1522, good VLAN */
REG32(RBYT, 0xa09c)         /* bytes received */
REG32(RPKT, 0xa0a0)         /* frames received */
REG32(RFCS, 0xa0a4)
REG32(RMCA, 0xa0a8)         /* multicast received */
REG32(RBCA, 0xa0ac)         /* broadcast received */
REG32(ROVR, 0xa0d0)         /* oversize received (dropped) */
REG32(RDRP, 0xa0dc)         /* received frames dropped */
REG32(TBYT, 0xa0e0)         /* bytes sent */
REG32(TPKT, 0xa0e4)         /* frames sent */
REG32(TMCA, 0xa0e8)         /* multicast sent */
REG32(TBCA, 0xa0ec)         /* broadcast sent */
REG32(TDRP, 0xa114)         /* frames not sent */
REG32(TOVR, 0xa124)         /* oversize frames not sent */
REG32(TUND, 0xa128)         /* zero-length frames not sent */
REG32(TFRG, 0xa12c)
#define XGENE_ENET_V2_RMON_FIRST    A_TR64
#define XGENE_ENET_V2_RMON_LAST     A_TFRG
#define XGENE_ENET_V2_RMON_COUNT    \
    ((XGENE_ENET_V2_RMON_LAST - XGENE_ENET_V2_RMON_FIRST) / 4 + 1)

/* Descriptor DMA */
REG32(DMATXCTRL, 0xa180)
    FIELD(DMATXCTRL, START, 0, 1)
REG32(DMATXDESCL, 0xa184)
/* Writing 1 to PKT_SENT takes one frame off PKTCOUNT. */
REG32(DMATXSTATUS, 0xa188)
    FIELD(DMATXSTATUS, PKT_SENT, 0, 1)
    FIELD(DMATXSTATUS, PKTCOUNT, 16, 8)
REG32(DMARXCTRL, 0xa18c)
    FIELD(DMARXCTRL, START, 0, 1)
REG32(DMARXDESCL, 0xa190)
REG32(DMARXSTATUS, 0xa194)
    FIELD(DMARXSTATUS, PKT_RCVD, 0, 1)
    FIELD(DMARXSTATUS, PKTCOUNT, 16, 8)
REG32(DMAINTRMASK, 0xa198)
/* PKT_SENT and PKT_RCVD mirror the status registers; errors are W1C. */
REG32(DMAINTERRUPT, 0xa19c)
    FIELD(DMAINTERRUPT, TX_PKT_SENT, 0, 1)
    FIELD(DMAINTERRUPT, TX_BUS_ERROR, 3, 1)
    FIELD(DMAINTERRUPT, RX_PKT_RCVD, 4, 1)
    FIELD(DMAINTERRUPT, RX_BUS_ERROR, 7, 1)
REG32(DMATXDESCH, 0xa1a0)
REG32(DMARXDESCH, 0xa1a4)
#define XGENE_ENET_V2_INT_MASK  (R_DMAINTERRUPT_TX_PKT_SENT_MASK | \
                                 R_DMAINTERRUPT_TX_BUS_ERROR_MASK | \
                                 R_DMAINTERRUPT_RX_PKT_RCVD_MASK | \
                                 R_DMAINTERRUPT_RX_BUS_ERROR_MASK)

/* Port glue: resets, clocks, coherency, RAM power */
REG32(ENET_SRST, 0xc000)
REG32(ENET_CLKEN, 0xc008)
REG32(ENET_SHIM, 0xc010)
REG32(CFG_MEM_RAM_SHUTDOWN, 0xd070)
REG32(BLOCK_MEM_RDY, 0xd074)
#define XGENE_ENET_V2_MEM_RDY   0xffffffffu

/*
 * Descriptors: 64 bytes, eight little-endian 64-bit words, linked by the
 * next-descriptor address in m1. E (empty) set: TX, nothing to send (the
 * DMA writes it back with PKT_SIZE 0 when the frame is out); RX, a buffer
 * the DMA may fill (it clears E and writes PKT_SIZE). RX buffers are
 * XGENE_ENET_V2_MAX_FRAME bytes.
 */
#define XGENE_ENET_V2_DESC_SIZE     64
#define XGENE_ENET_V2_MAX_FRAME     1536
#define XGENE_DESC_M0_PKT_ADDRL_MASK    0xffffffffULL
#define XGENE_DESC_M0_PKT_SIZE_SHIFT    32
#define XGENE_DESC_M0_PKT_SIZE_MASK     (0xfffULL << 32)
#define XGENE_DESC_M0_E                 (1ULL << 63)
#define XGENE_DESC_M1_NEXT_ADDRL_MASK   0xffffffffULL
#define XGENE_DESC_M1_PKT_ADDRH_SHIFT   32
#define XGENE_DESC_M1_PKT_ADDRH_MASK    (0x3ffULL << 32)
#define XGENE_DESC_M1_NEXT_ADDRH_SHIFT  48
#define XGENE_DESC_M1_NEXT_ADDRH_MASK   (0x3ffULL << 48)
/* RX: nonzero when the frame came in with an error. */
#define XGENE_DESC_M2_D_SHIFT           62
#define XGENE_DESC_M2_D_MASK            (3ULL << 62)
/* The driver's mark of a TX slot it may fill (E set, this size). */
#define XGENE_DESC_SLOT_EMPTY           0xfff

/* The PHY on the MII management bus (address 0 is not scanned). */
#define XGENE_ENET_V2_PHY_ADDR      1

#endif
