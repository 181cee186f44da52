/*
 * APM X-Gene Ethernet v2
 *
 * The port as Linux's xgene-enet-v2 driver (4.12) programs it: the port
 * glue (clock enable, soft reset, RAM shutdown and its ready flags), a
 * gigabit MAC with station address and RMON counters, the MII management
 * block with one clause-22 gigabit PHY at address 1, and the descriptor
 * DMA: one TX and one RX chain of 64-byte descriptors linked by address,
 * frame counters the driver acknowledges one by one, and one interrupt.
 *
 * The PHY reports ID 0 (no vendor): Linux drives it with its Generic PHY
 * driver. Its link follows the netdev's (QMP set_link); auto-negotiation
 * completes at once, at 1000 Mbit/s full duplex unless the driver
 * advertises less.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "system/dma.h"
#include "system/device_tree.h"
#include "exec/address-spaces.h"
#include "net/net.h"
#include "net/eth.h"
#include "hw/net/mii.h"
#include "hw/net/xgene_enet_v2.h"
#include "hw/core/presilicon-fdt.h"
#include "trace.h"

#define R(s, reg)   ((s)->regs[A_##reg / 4])

/* Descriptors one BH run walks before it yields to the main loop. */
#define XGE_TX_BUDGET   64

/* PHY: 10/100/1000, auto-negotiation, extended status. */
#define XGE_PHY_BMCR    (MII_BMCR_AUTOEN | MII_BMCR_FD | MII_BMCR_SPEED1000)
#define XGE_PHY_BMSR    (MII_BMSR_100TX_FD | MII_BMSR_100TX_HD | \
                         MII_BMSR_10T_FD | MII_BMSR_10T_HD | \
                         MII_BMSR_EXTSTAT | MII_BMSR_MFPS | \
                         MII_BMSR_AUTONEG | MII_BMSR_EXTCAP)
#define XGE_PHY_ANAR    (MII_ANAR_TXFD | MII_ANAR_TX | MII_ANAR_10FD | \
                         MII_ANAR_10 | MII_ANAR_CSMACD)
/* The link partner: everything, and 1000BASE-T both duplexes. */
#define XGE_PHY_ANLPAR  (MII_ANLPAR_ACK | MII_ANLPAR_TXFD | MII_ANLPAR_TX | \
                         MII_ANLPAR_10FD | MII_ANLPAR_10 | MII_ANLPAR_CSMACD)
#define XGE_PHY_CTRL1000    (MII_CTRL1000_FULL | MII_CTRL1000_HALF)
#define XGE_PHY_STAT1000    (MII_STAT1000_FULL | MII_STAT1000_HALF | \
                             MII_STAT1000_LOK | MII_STAT1000_ROK)
#define XGE_PHY_ESTAT       (MII_EXTSTAT_1000T_FD | MII_EXTSTAT_1000T_HD)

static bool xge_valid_offset(hwaddr a)
{
    switch (a) {
    case A_CFG_FORCE_LINK_STATUS_EN: case A_FORCE_LINK_STATUS:
    case A_CFG_LINK_AGGR_RESUME: case A_RGMII_REG_0:
    case A_ICM_CONFIG0_REG_0: case A_ICM_CONFIG2_REG_0:
    case A_ECM_CONFIG0_REG_0: case A_RX_DV_GATE_REG:
    case A_MAC_CONFIG_1: case A_MAC_CONFIG_2:
    case A_MII_MGMT_CONFIG ... A_INTERFACE_CONTROL:
    case A_STATION_ADDR0: case A_STATION_ADDR1:
    case XGENE_ENET_V2_RMON_FIRST ... XGENE_ENET_V2_RMON_LAST:
    case A_DMATXCTRL ... A_DMARXDESCH:
    case A_ENET_SRST: case A_ENET_CLKEN: case A_ENET_SHIM:
    case A_CFG_MEM_RAM_SHUTDOWN: case A_BLOCK_MEM_RDY:
        return true;
    default:
        return false;
    }
}

/* The glue's own registers answer with the port's clocks off. */
static bool xge_is_glue(hwaddr a)
{
    return a >= A_ENET_SRST;
}

static bool xge_clocked(XgeneEnetV2State *s)
{
    return R(s, ENET_CLKEN) && !R(s, ENET_SRST);
}

/* A MAC, MII or DMA register with the port unclocked or in reset. */
static bool xge_port_off(XgeneEnetV2State *s, hwaddr a, bool write)
{
    if (xge_is_glue(a) || xge_clocked(s)) {
        return false;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "xgene-enet-v2: %s of 0x%04" HWADDR_PRIx
                  " with the port %s; %s\n", write ? "write" : "read", a,
                  R(s, ENET_SRST) ? "in reset (ENET_SRST)" :
                  "clocks off (ENET_CLKEN)",
                  write ? "ignored" : "reads as 0");
    return true;
}

static bool xge_ram_ready(XgeneEnetV2State *s)
{
    return !R(s, CFG_MEM_RAM_SHUTDOWN);
}

/* --- interrupt --- */

static uint32_t xge_int_status(XgeneEnetV2State *s)
{
    uint32_t st = 0;

    st = FIELD_DP32(st, DMAINTERRUPT, TX_PKT_SENT, s->tx_count > 0);
    st = FIELD_DP32(st, DMAINTERRUPT, TX_BUS_ERROR, s->tx_halted);
    st = FIELD_DP32(st, DMAINTERRUPT, RX_PKT_RCVD, s->rx_count > 0);
    st = FIELD_DP32(st, DMAINTERRUPT, RX_BUS_ERROR, s->rx_halted);
    return st;
}

static void xge_update_irq(XgeneEnetV2State *s)
{
    uint32_t st = xge_int_status(s), mask = R(s, DMAINTRMASK);

    trace_xgene_enet_v2_irq(st, mask, !!(st & mask));
    qemu_set_irq(s->irq, !!(st & mask));
}

/* --- PHY --- */

static void xge_phy_link(XgeneEnetV2State *s)
{
    NetClientState *nc = s->nic ? qemu_get_queue(s->nic) : NULL;
    /* No netdev is no cable. */
    bool up = nc && nc->peer && !nc->link_down;
    bool an = s->phy[MII_BMCR] & MII_BMCR_AUTOEN;

    s->phy[MII_BMSR] &= ~(MII_BMSR_LINK_ST | MII_BMSR_AN_COMP);
    s->phy[MII_ANLPAR] = 0;
    s->phy[MII_STAT1000] = 0;
    if (up && !(s->phy[MII_BMCR] & MII_BMCR_PDOWN)) {
        s->phy[MII_BMSR] |= MII_BMSR_LINK_ST;
        if (an) {
            s->phy[MII_BMSR] |= MII_BMSR_AN_COMP;
            s->phy[MII_ANLPAR] = XGE_PHY_ANLPAR;
            s->phy[MII_STAT1000] = XGE_PHY_STAT1000;
        }
    }
}

static void xge_phy_reset(XgeneEnetV2State *s)
{
    memset(s->phy, 0, sizeof(s->phy));
    s->phy[MII_BMCR] = XGE_PHY_BMCR;
    s->phy[MII_BMSR] = XGE_PHY_BMSR;
    s->phy[MII_ANAR] = XGE_PHY_ANAR;
    s->phy[MII_CTRL1000] = XGE_PHY_CTRL1000;
    s->phy[MII_EXTSTAT] = XGE_PHY_ESTAT;
    xge_phy_link(s);
}

static uint16_t xge_phy_read(XgeneEnetV2State *s, unsigned addr, unsigned reg)
{
    if (addr != XGENE_ENET_V2_PHY_ADDR) {
        return 0xffff;      /* no PHY: the bus floats high */
    }
    return s->phy[reg];
}

static void xge_phy_write(XgeneEnetV2State *s, unsigned addr, unsigned reg,
                          uint16_t val)
{
    if (addr != XGENE_ENET_V2_PHY_ADDR) {
        return;
    }
    switch (reg) {
    case MII_BMCR:
        if (val & MII_BMCR_RESET) {
            xge_phy_reset(s);
            return;
        }
        /* Restart is self-clearing: negotiation completes at once. */
        s->phy[MII_BMCR] = val & ~(MII_BMCR_RESET | MII_BMCR_ANRESTART);
        break;
    case MII_ANAR:
    case MII_CTRL1000:
        s->phy[reg] = val;
        break;
    case MII_BMSR: case MII_PHYID1: case MII_PHYID2: case MII_ANLPAR:
    case MII_STAT1000: case MII_EXTSTAT:
        qemu_log_mask(LOG_GUEST_ERROR, "xgene-enet-v2: PHY register %u is "
                      "read-only\n", reg);
        return;
    default:
        s->phy[reg] = val;  /* vendor registers: storage */
        return;
    }
    xge_phy_link(s);
}

/* --- RMON counters --- */

static void xge_rmon_add(XgeneEnetV2State *s, hwaddr a, uint32_t n)
{
    uint32_t *c = &s->rmon[(a - XGENE_ENET_V2_RMON_FIRST) / 4];

    *c = n > UINT32_MAX - *c ? UINT32_MAX : *c + n;
}

/* Size bins, destination class, bytes and frames of one good frame. */
static void xge_rmon_frame(XgeneEnetV2State *s, const uint8_t *f, size_t len,
                           bool tx)
{
    size_t wire = MAX(len, ETH_ZLEN) + ETH_FCS_LEN;
    hwaddr bin = wire <= 64 ? A_TR64 : wire <= 127 ? A_TR127 :
                 wire <= 255 ? A_TR255 : wire <= 511 ? A_TR511 :
                 wire <= 1023 ? A_TR1K : wire <= 1518 ? A_TRMAX : A_TRMGV;

    xge_rmon_add(s, bin, 1);
    xge_rmon_add(s, tx ? A_TBYT : A_RBYT, wire);
    xge_rmon_add(s, tx ? A_TPKT : A_RPKT, 1);
    if (is_broadcast_ether_addr(f)) {
        xge_rmon_add(s, tx ? A_TBCA : A_RBCA, 1);
    } else if (is_multicast_ether_addr(f)) {
        xge_rmon_add(s, tx ? A_TMCA : A_RMCA, 1);
    }
}

/* --- descriptor DMA --- */

static bool xge_desc_read(XgeneEnetV2State *s, uint64_t addr, uint64_t m[3])
{
    int i;

    if (dma_memory_read(&address_space_memory, addr, m, 3 * sizeof(m[0]),
                        MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
        return false;
    }
    for (i = 0; i < 3; i++) {
        m[i] = le64_to_cpu(m[i]);
    }
    return true;
}

static bool xge_desc_write(XgeneEnetV2State *s, uint64_t addr, int word,
                           uint64_t val)
{
    return stq_le_dma(&address_space_memory, addr + word * 8, val,
                      MEMTXATTRS_UNSPECIFIED) == MEMTX_OK;
}

static uint64_t xge_desc_next(uint64_t m1)
{
    return (m1 & XGENE_DESC_M1_NEXT_ADDRL_MASK) |
           (((m1 & XGENE_DESC_M1_NEXT_ADDRH_MASK) >>
             XGENE_DESC_M1_NEXT_ADDRH_SHIFT) << 32);
}

static uint64_t xge_desc_buf(uint64_t m0, uint64_t m1)
{
    return (m0 & XGENE_DESC_M0_PKT_ADDRL_MASK) |
           (((m1 & XGENE_DESC_M1_PKT_ADDRH_MASK) >>
             XGENE_DESC_M1_PKT_ADDRH_SHIFT) << 32);
}

static void xge_dma_error(XgeneEnetV2State *s, bool tx, const char *why,
                          uint64_t addr)
{
    qemu_log_mask(LOG_GUEST_ERROR, "xgene-enet-v2: %s DMA: %s at 0x%" PRIx64
                  "; DMA stopped (%s_BUS_ERROR)\n", tx ? "TX" : "RX", why,
                  addr, tx ? "TX" : "RX");
    if (tx) {
        s->tx_halted = true;
    } else {
        s->rx_halted = true;
    }
    xge_update_irq(s);
}

static bool xge_tx_running(XgeneEnetV2State *s)
{
    return (R(s, DMATXCTRL) & R_DMATXCTRL_START_MASK) && !s->tx_halted &&
           xge_clocked(s) && xge_ram_ready(s) &&
           (R(s, MAC_CONFIG_1) & R_MAC_CONFIG_1_TX_EN_MASK) &&
           !(R(s, MAC_CONFIG_1) & R_MAC_CONFIG_1_SOFT_RESET_MASK);
}

/*
 * Send the frame of the descriptor at tx_desc. False when there is nothing
 * to send (E set) or the DMA stopped.
 */
static bool xge_tx_one(XgeneEnetV2State *s)
{
    uint64_t m[3], buf, at = s->tx_desc;
    uint32_t len;

    if (!xge_desc_read(s, at, m)) {
        xge_dma_error(s, true, "descriptor outside memory", at);
        return false;
    }
    if (m[0] & XGENE_DESC_M0_E) {
        return false;
    }
    len = (m[0] & XGENE_DESC_M0_PKT_SIZE_MASK) >> XGENE_DESC_M0_PKT_SIZE_SHIFT;
    buf = xge_desc_buf(m[0], m[1]);
    if (len == 0 || len > XGENE_ENET_V2_MAX_FRAME) {
        qemu_log_mask(LOG_GUEST_ERROR, "xgene-enet-v2: TX descriptor at 0x%"
                      PRIx64 ": frame length %u (1-%u); frame not sent\n",
                      at, len, XGENE_ENET_V2_MAX_FRAME);
        xge_rmon_add(s, len ? A_TOVR : A_TUND, 1);
        xge_rmon_add(s, A_TDRP, 1);
    } else if (dma_memory_read(&address_space_memory, buf, s->tx_frame, len,
                               MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
        xge_dma_error(s, true, "frame buffer outside memory", buf);
        return false;
    } else {
        trace_xgene_enet_v2_tx(at, len);
        xge_rmon_frame(s, s->tx_frame, len, true);
        qemu_send_packet(qemu_get_queue(s->nic), s->tx_frame, len);
    }
    /* Done: E set, PKT_SIZE 0; the buffer address stays. */
    m[0] = (m[0] & ~XGENE_DESC_M0_PKT_SIZE_MASK) | XGENE_DESC_M0_E;
    if (!xge_desc_write(s, at, 0, m[0])) {
        xge_dma_error(s, true, "descriptor not writable", at);
        return false;
    }
    s->tx_desc = xge_desc_next(m[1]);
    s->tx_count++;
    return true;
}

static void xge_tx_bh(void *opaque)
{
    XgeneEnetV2State *s = opaque;
    int budget = XGE_TX_BUDGET;
    bool sent = false;

    while (xge_tx_running(s)) {
        if (!budget--) {
            qemu_bh_schedule(s->tx_bh);
            break;
        }
        if (!xge_tx_one(s)) {
            break;
        }
        sent = true;
    }
    if (sent) {
        xge_update_irq(s);
    }
}

/* --- receive --- */

static bool xge_rx_running(XgeneEnetV2State *s)
{
    return (R(s, DMARXCTRL) & R_DMARXCTRL_START_MASK) && !s->rx_halted &&
           xge_clocked(s) && xge_ram_ready(s);
}

static bool xge_can_receive(NetClientState *nc)
{
    XgeneEnetV2State *s = qemu_get_nic_opaque(nc);

    return xge_rx_running(s) && !s->rx_stalled;
}

static bool xge_rx_accept(XgeneEnetV2State *s, const uint8_t *f)
{
    uint8_t mac[ETH_ALEN];
    uint32_t a0 = R(s, STATION_ADDR0), a1 = R(s, STATION_ADDR1);

    if (is_multicast_ether_addr(f)) {
        return true;        /* the driver programs no multicast filter */
    }
    mac[0] = a0;
    mac[1] = a0 >> 8;
    mac[2] = a0 >> 16;
    mac[3] = a0 >> 24;
    mac[4] = a1 >> 16;
    mac[5] = a1 >> 24;
    return !memcmp(f, mac, ETH_ALEN);
}

static ssize_t xge_receive(NetClientState *nc, const uint8_t *buf,
                           size_t size)
{
    XgeneEnetV2State *s = qemu_get_nic_opaque(nc);
    uint8_t pad[ETH_ZLEN];
    uint64_t m[3], at = s->rx_desc, dst;
    size_t len = size;

    if (!xge_rx_running(s)) {
        return 0;
    }
    if (!(R(s, MAC_CONFIG_1) & R_MAC_CONFIG_1_RX_EN_MASK) ||
        (R(s, MAC_CONFIG_1) & R_MAC_CONFIG_1_SOFT_RESET_MASK) ||
        size < ETH_HLEN || !xge_rx_accept(s, buf)) {
        trace_xgene_enet_v2_rx_filtered(size);
        return size;
    }
    if (size > XGENE_ENET_V2_MAX_FRAME) {
        xge_rmon_add(s, A_ROVR, 1);
        xge_rmon_add(s, A_RDRP, 1);
        trace_xgene_enet_v2_rx_filtered(size);
        return size;
    }
    if (!xge_desc_read(s, at, m)) {
        xge_dma_error(s, false, "descriptor outside memory", at);
        return size;
    }
    if (!(m[0] & XGENE_DESC_M0_E)) {
        /* No empty buffer: hold the frame until the driver gives one. */
        trace_xgene_enet_v2_rx_stall(at);
        s->rx_stalled = true;
        return 0;
    }
    if (len < ETH_ZLEN) {
        /* Frames on the wire are at least 60 bytes before the FCS. */
        memcpy(pad, buf, len);
        memset(pad + len, 0, ETH_ZLEN - len);
        buf = pad;
        len = ETH_ZLEN;
    }
    dst = xge_desc_buf(m[0], m[1]);
    if (dma_memory_write(&address_space_memory, dst, buf, len,
                         MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
        xge_dma_error(s, false, "frame buffer outside memory", dst);
        return size;
    }
    /* Status first, then hand the descriptor over (E clear, PKT_SIZE). */
    m[0] = (m[0] & ~(XGENE_DESC_M0_E | XGENE_DESC_M0_PKT_SIZE_MASK)) |
           ((uint64_t)len << XGENE_DESC_M0_PKT_SIZE_SHIFT);
    if (!xge_desc_write(s, at, 2, m[2] & ~XGENE_DESC_M2_D_MASK) ||
        !xge_desc_write(s, at, 0, m[0])) {
        xge_dma_error(s, false, "descriptor not writable", at);
        return size;
    }
    trace_xgene_enet_v2_rx(at, len);
    xge_rmon_frame(s, buf, len, false);
    s->rx_desc = xge_desc_next(m[1]);
    s->rx_count++;
    xge_update_irq(s);
    return size;
}

static void xge_rx_kick(XgeneEnetV2State *s)
{
    s->rx_stalled = false;
    if (xge_can_receive(qemu_get_queue(s->nic))) {
        qemu_flush_queued_packets(qemu_get_queue(s->nic));
    }
}

/* --- registers --- */

static void xge_mac_reset(XgeneEnetV2State *s)
{
    R(s, MAC_CONFIG_1) = 0;
    R(s, MAC_CONFIG_2) = 0;
    R(s, INTERFACE_CONTROL) = 0;
    R(s, STATION_ADDR0) = 0;
    R(s, STATION_ADDR1) = 0;
}

/* The whole port, as at power-on: ENET_SRST and device reset. */
static void xge_port_reset(XgeneEnetV2State *s)
{
    uint32_t srst = R(s, ENET_SRST), clken = R(s, ENET_CLKEN);

    memset(s->regs, 0, sizeof(s->regs));
    memset(s->rmon, 0, sizeof(s->rmon));
    R(s, ENET_SRST) = srst;
    R(s, ENET_CLKEN) = clken;
    R(s, CFG_MEM_RAM_SHUTDOWN) = 1;
    s->tx_desc = s->rx_desc = 0;
    s->tx_count = s->rx_count = 0;
    s->tx_halted = s->rx_halted = s->rx_stalled = false;
    xge_phy_reset(s);
}

static uint32_t xge_mii_cycle(XgeneEnetV2State *s, bool read, uint16_t val)
{
    uint32_t a = R(s, MII_MGMT_ADDRESS);
    unsigned phy = FIELD_EX32(a, MII_MGMT_ADDRESS, PHY_ADDR);
    unsigned reg = FIELD_EX32(a, MII_MGMT_ADDRESS, REG_ADDR);

    if (read) {
        val = xge_phy_read(s, phy, reg);
    } else {
        xge_phy_write(s, phy, reg, val);
    }
    trace_xgene_enet_v2_mdio(read ? "read" : "write", phy, reg, val);
    return val;
}

static uint64_t xge_read(void *opaque, hwaddr a, unsigned size)
{
    XgeneEnetV2State *s = opaque;
    uint32_t val;

    if (!xge_valid_offset(a)) {
        qemu_log_mask(LOG_GUEST_ERROR, "xgene-enet-v2: read of unknown "
                      "register 0x%04" HWADDR_PRIx "\n", a);
        return 0;
    }
    if (xge_port_off(s, a, false)) {
        return 0;
    }
    switch (a) {
    case XGENE_ENET_V2_RMON_FIRST ... XGENE_ENET_V2_RMON_LAST:
        val = s->rmon[(a - XGENE_ENET_V2_RMON_FIRST) / 4];
        s->rmon[(a - XGENE_ENET_V2_RMON_FIRST) / 4] = 0;
        break;
    case A_MII_MGMT_INDICATORS:
        val = 0;            /* cycles complete at once */
        break;
    case A_DMATXDESCL:
        val = s->tx_desc;
        break;
    case A_DMATXDESCH:
        val = s->tx_desc >> 32;
        break;
    case A_DMARXDESCL:
        val = s->rx_desc;
        break;
    case A_DMARXDESCH:
        val = s->rx_desc >> 32;
        break;
    case A_DMATXSTATUS:
        val = FIELD_DP32(0, DMATXSTATUS, PKT_SENT, s->tx_count > 0);
        val = FIELD_DP32(val, DMATXSTATUS, PKTCOUNT, MIN(s->tx_count, 255));
        break;
    case A_DMARXSTATUS:
        val = FIELD_DP32(0, DMARXSTATUS, PKT_RCVD, s->rx_count > 0);
        val = FIELD_DP32(val, DMARXSTATUS, PKTCOUNT, MIN(s->rx_count, 255));
        break;
    case A_DMAINTERRUPT:
        val = xge_int_status(s);
        break;
    case A_BLOCK_MEM_RDY:
        val = xge_ram_ready(s) ? XGENE_ENET_V2_MEM_RDY : 0;
        break;
    default:
        val = s->regs[a / 4];
        break;
    }
    trace_xgene_enet_v2_read(a, val);
    return val;
}

static void xge_write(void *opaque, hwaddr a, uint64_t v, unsigned size)
{
    XgeneEnetV2State *s = opaque;
    uint32_t val = v, old;

    trace_xgene_enet_v2_write(a, val);
    if (!xge_valid_offset(a)) {
        qemu_log_mask(LOG_GUEST_ERROR, "xgene-enet-v2: write of unknown "
                      "register 0x%04" HWADDR_PRIx "\n", a);
        return;
    }
    if (xge_port_off(s, a, true)) {
        return;
    }
    old = s->regs[a / 4];
    switch (a) {
    case XGENE_ENET_V2_RMON_FIRST ... XGENE_ENET_V2_RMON_LAST:
    case A_MII_MGMT_STATUS:
    case A_MII_MGMT_INDICATORS:
    case A_BLOCK_MEM_RDY:
        qemu_log_mask(LOG_GUEST_ERROR, "xgene-enet-v2: register 0x%04"
                      HWADDR_PRIx " is read-only\n", a);
        return;
    case A_ENET_SRST:
        R(s, ENET_SRST) = val & 0xf;
        if (R(s, ENET_SRST)) {
            xge_port_reset(s);
            xge_update_irq(s);
        }
        return;
    case A_MAC_CONFIG_1:
        if (val & R_MAC_CONFIG_1_SOFT_RESET_MASK) {
            xge_mac_reset(s);
        }
        R(s, MAC_CONFIG_1) = val & (R_MAC_CONFIG_1_TX_EN_MASK |
                                    R_MAC_CONFIG_1_RX_EN_MASK |
                                    R_MAC_CONFIG_1_SOFT_RESET_MASK);
        qemu_bh_schedule(s->tx_bh);
        xge_rx_kick(s);
        return;
    case A_MII_MGMT_COMMAND:
        R(s, MII_MGMT_COMMAND) = val & R_MII_MGMT_COMMAND_READ_CYCLE_MASK;
        if ((val & R_MII_MGMT_COMMAND_READ_CYCLE_MASK) &&
            !(old & R_MII_MGMT_COMMAND_READ_CYCLE_MASK)) {
            R(s, MII_MGMT_STATUS) = xge_mii_cycle(s, true, 0);
        }
        return;
    case A_MII_MGMT_CONTROL:
        R(s, MII_MGMT_CONTROL) = val & R_MII_MGMT_CONTROL_DATA_MASK;
        xge_mii_cycle(s, false, val);
        return;
    case A_DMATXDESCL:
    case A_DMATXDESCH:
    case A_DMARXDESCL:
    case A_DMARXDESCH: {
        bool tx = a == A_DMATXDESCL || a == A_DMATXDESCH;
        uint64_t *d = tx ? &s->tx_desc : &s->rx_desc;

        if (a == A_DMATXDESCL || a == A_DMARXDESCL) {
            *d = deposit64(*d, 0, 32, val);
        } else {
            *d = deposit64(*d, 32, 32, val);
        }
        return;
    }
    case A_DMATXCTRL:
        R(s, DMATXCTRL) = val & R_DMATXCTRL_START_MASK;
        if (R(s, DMATXCTRL)) {
            if (!xge_ram_ready(s)) {
                qemu_log_mask(LOG_GUEST_ERROR, "xgene-enet-v2: TX DMA "
                              "started with its RAMs shut down "
                              "(CFG_MEM_RAM_SHUTDOWN)\n");
            }
            s->tx_halted = false;
            /*
             * Send now, as the MAC would start at once: the driver kicks
             * once per frame, and the completion (and slirp's answer) is
             * then ready when its xmit returns.
             */
            xge_tx_bh(s);
        }
        break;
    case A_DMARXCTRL:
        R(s, DMARXCTRL) = val & R_DMARXCTRL_START_MASK;
        if (R(s, DMARXCTRL)) {
            if (!xge_ram_ready(s)) {
                qemu_log_mask(LOG_GUEST_ERROR, "xgene-enet-v2: RX DMA "
                              "started with its RAMs shut down "
                              "(CFG_MEM_RAM_SHUTDOWN)\n");
            }
            s->rx_halted = false;
            xge_rx_kick(s);
        }
        break;
    case A_DMATXSTATUS:
        if ((val & R_DMATXSTATUS_PKT_SENT_MASK) && s->tx_count) {
            s->tx_count--;
        }
        break;
    case A_DMARXSTATUS:
        if ((val & R_DMARXSTATUS_PKT_RCVD_MASK) && s->rx_count) {
            s->rx_count--;
        }
        break;
    case A_DMAINTRMASK:
        R(s, DMAINTRMASK) = val & XGENE_ENET_V2_INT_MASK;
        break;
    case A_DMAINTERRUPT:
        if (val & R_DMAINTERRUPT_TX_BUS_ERROR_MASK) {
            s->tx_halted = false;
        }
        if (val & R_DMAINTERRUPT_RX_BUS_ERROR_MASK) {
            s->rx_halted = false;
        }
        break;
    case A_CFG_MEM_RAM_SHUTDOWN:
        R(s, CFG_MEM_RAM_SHUTDOWN) = val & 1;
        if (!(val & 1)) {
            qemu_bh_schedule(s->tx_bh);
            xge_rx_kick(s);
        }
        return;
    default:
        s->regs[a / 4] = val;
        return;
    }
    xge_update_irq(s);
}

static const MemoryRegionOps xge_ops = {
    .read = xge_read,
    .write = xge_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

static void xge_set_link(NetClientState *nc)
{
    XgeneEnetV2State *s = qemu_get_nic_opaque(nc);

    trace_xgene_enet_v2_link(!nc->link_down);
    xge_phy_link(s);
}

static NetClientInfo xge_net_info = {
    .type = NET_CLIENT_DRIVER_NIC,
    .size = sizeof(NICState),
    .can_receive = xge_can_receive,
    .receive = xge_receive,
    .link_status_changed = xge_set_link,
};

static void xge_init(Object *obj)
{
    XgeneEnetV2State *s = XGENE_ENET_V2(obj);

    memory_region_init_io(&s->mmio, obj, &xge_ops, s, TYPE_XGENE_ENET_V2,
                          XGENE_ENET_V2_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->mmio);
    sysbus_init_irq(SYS_BUS_DEVICE(obj), &s->irq);
}

static void xge_realize(DeviceState *dev, Error **errp)
{
    XgeneEnetV2State *s = XGENE_ENET_V2(dev);

    qemu_macaddr_default_if_unset(&s->conf.macaddr);
    s->tx_bh = qemu_bh_new_guarded(xge_tx_bh, s, &dev->mem_reentrancy_guard);
    s->nic = qemu_new_nic(&xge_net_info, &s->conf,
                          object_get_typename(OBJECT(dev)), dev->id,
                          &dev->mem_reentrancy_guard, s);
    qemu_format_nic_info_str(qemu_get_queue(s->nic), s->conf.macaddr.a);
}

static void xge_unrealize(DeviceState *dev)
{
    XgeneEnetV2State *s = XGENE_ENET_V2(dev);

    qemu_bh_delete(s->tx_bh);
    qemu_del_nic(s->nic);
}

static void xge_reset_hold(Object *obj, ResetType type)
{
    XgeneEnetV2State *s = XGENE_ENET_V2(obj);

    R(s, ENET_SRST) = 0;
    R(s, ENET_CLKEN) = 0;
    xge_port_reset(s);
    /* Frames held for a full RX ring were in the port: gone with it. */
    if (s->nic) {
        qemu_purge_queued_packets(qemu_get_queue(s->nic));
    }
    xge_update_irq(s);
}

/*
 * The registers that hold what was written (the others are computed or
 * live in the fields below): migrated as a packed list, not the sparse
 * 64 KiB array.
 */
static const uint16_t xge_saved_regs[] = {
    A_CFG_FORCE_LINK_STATUS_EN, A_FORCE_LINK_STATUS, A_CFG_LINK_AGGR_RESUME,
    A_RGMII_REG_0, A_ICM_CONFIG0_REG_0, A_ICM_CONFIG2_REG_0,
    A_ECM_CONFIG0_REG_0, A_RX_DV_GATE_REG,
    A_MAC_CONFIG_1, A_MAC_CONFIG_2, A_MII_MGMT_CONFIG, A_MII_MGMT_COMMAND,
    A_MII_MGMT_ADDRESS, A_MII_MGMT_CONTROL, A_MII_MGMT_STATUS,
    A_INTERFACE_CONTROL, A_STATION_ADDR0, A_STATION_ADDR1,
    A_DMATXCTRL, A_DMARXCTRL, A_DMAINTRMASK,
    A_ENET_SRST, A_ENET_CLKEN, A_ENET_SHIM, A_CFG_MEM_RAM_SHUTDOWN,
};
QEMU_BUILD_BUG_ON(ARRAY_SIZE(xge_saved_regs) != XGENE_ENET_V2_SAVED_REGS);

static int xge_pre_save(void *opaque)
{
    XgeneEnetV2State *s = opaque;
    int i;

    for (i = 0; i < XGENE_ENET_V2_SAVED_REGS; i++) {
        s->saved[i] = s->regs[xge_saved_regs[i] / 4];
    }
    return 0;
}

static int xge_post_load(void *opaque, int version_id)
{
    XgeneEnetV2State *s = opaque;
    int i;

    for (i = 0; i < XGENE_ENET_V2_SAVED_REGS; i++) {
        s->regs[xge_saved_regs[i] / 4] = s->saved[i];
    }

    xge_phy_link(s);
    /* TX work queued on the source continues here; RX may flow again. */
    qemu_bh_schedule(s->tx_bh);
    return 0;
}

static const VMStateDescription vmstate_xgene_enet_v2 = {
    .name = TYPE_XGENE_ENET_V2,
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_save = xge_pre_save,
    .post_load = xge_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(saved, XgeneEnetV2State,
                             XGENE_ENET_V2_SAVED_REGS),
        VMSTATE_UINT32_ARRAY(rmon, XgeneEnetV2State,
                             XGENE_ENET_V2_RMON_COUNT),
        VMSTATE_UINT64(tx_desc, XgeneEnetV2State),
        VMSTATE_UINT64(rx_desc, XgeneEnetV2State),
        VMSTATE_UINT32(tx_count, XgeneEnetV2State),
        VMSTATE_UINT32(rx_count, XgeneEnetV2State),
        VMSTATE_BOOL(tx_halted, XgeneEnetV2State),
        VMSTATE_BOOL(rx_halted, XgeneEnetV2State),
        VMSTATE_BOOL(rx_stalled, XgeneEnetV2State),
        VMSTATE_UINT16_ARRAY(phy, XgeneEnetV2State, 32),
        VMSTATE_END_OF_LIST()
    },
};

/*
 * Linux 6.12 matches this port only by ACPI (APMC0D80), and no DT binding
 * exists: the node carries what the driver reads through the fwnode API,
 * and a compatible no driver claims; the guest binds it by driver_override
 * (docs/devices/xgene-enet-v2.md). The "apm,xgene*" strings of the v1
 * ports would hand it to the v1 driver.
 */
static void xge_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "apm,xgene-enet-v2" };
    XgeneEnetV2State *s = XGENE_ENET_V2(dev);
    g_autofree char *path = presilicon_fdt_add_mmio_node(ctx, "ethernet",
                                                         compat, 1);

    qemu_fdt_setprop(ctx->fdt, path, "local-mac-address", s->conf.macaddr.a,
                     ETH_ALEN);
    qemu_fdt_setprop_string(ctx->fdt, path, "phy-connection-type", "rgmii");
    /* ENET_SHIM's coherent AXI reads and writes: no cache maintenance. */
    qemu_fdt_setprop(ctx->fdt, path, "dma-coherent", NULL, 0);
}

static const Property xge_properties[] = {
    DEFINE_NIC_PROPERTIES(XgeneEnetV2State, conf),
};

static void xge_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "APM X-Gene Ethernet v2";
    dc->realize = xge_realize;
    dc->unrealize = xge_unrealize;
    dc->vmsd = &vmstate_xgene_enet_v2;
    dc->user_creatable = true;
    device_class_set_props(dc, xge_properties);
    rc->phases.hold = xge_reset_hold;
    fc->add_node = xge_add_fdt_node;
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
}

static const TypeInfo xge_types[] = {
    {
        .name = TYPE_XGENE_ENET_V2,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(XgeneEnetV2State),
        .instance_init = xge_init,
        .class_init = xge_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(xge_types)
