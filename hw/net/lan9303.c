/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Microchip (SMSC) LAN9303 three-port 10/100 Ethernet switch, I2C managed.
 *
 * What Linux's lan9303 DSA driver and tag_lan9303 need of the chip:
 * the system CSRs over I2C (ID, byte test, HW_CFG.READY, the PMI to the
 * internal PHYs, the virtual PHY of the xMII port, the indirect switch
 * CSR access), and behind that the switch fabric: the MACs with their
 * read-to-clear MIB counters, the address logic resolution table (ALR)
 * with learning, aging and static entries, port states, port mirroring
 * (how the driver keeps the ports apart), the special VLAN tag on the
 * CPU port, and the IGMP trap.
 *
 * Each port is a QEMU NIC client: port 0 (the xMII port) is cabled to the
 * board's CPU MAC (lan9303_connect_port()), ports 1 and 2 take any
 * netdev. A port sends at 100 Mbit/s of virtual time and a full egress
 * buffer drops; there are no priorities, queues or rate limits.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qemu/error-report.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/qdev-properties-system.h"
#include "hw/core/presilicon-fdt.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "net/eth.h"
#include "hw/net/mii.h"
#include "hw/net/lan9303.h"
#include "trace.h"

#define ETH_HDR             14
#define TPID_8021Q          0x8100
#define ETHERTYPE_MAC_CTRL  0x8808
#define MAX_FRAME           1518        /* without tag, with FCS */
#define MAX_FRAME_TAGGED    1522
#define MAX_FRAME_JUMBO     2048
#define MIN_FRAME           64

/* MIB counter index of a port register offset. */
#define CNT(off)            ((off) - LAN9303_MAC_RX_FIRST_CNT)

static const char *const port_state_name[] = {
    "forwarding", "listening", "learning", "disabled",
};

/* ---- interrupts ---- */

static uint32_t lan9303_int_sts(Lan9303State *s)
{
    uint32_t v = s->int_sts;

    v = FIELD_DP32(v, INT_STS, PHY_INT1,
                   !!(s->port[1].phy.int_src & s->port[1].phy.int_mask));
    v = FIELD_DP32(v, INT_STS, PHY_INT2,
                   !!(s->port[2].phy.int_src & s->port[2].phy.int_mask));
    return v;
}

/*
 * The one place the IRQ pin is driven: INT_STS & INT_EN, IRQ_CFG's enable
 * and polarity (IRQ_POL clear: active low).
 */
static void lan9303_update_irq(Lan9303State *s)
{
    bool pending = lan9303_int_sts(s) & s->int_en;
    bool asserted = pending && FIELD_EX32(s->irq_cfg, IRQ_CFG, IRQ_EN);
    bool high = FIELD_EX32(s->irq_cfg, IRQ_CFG, IRQ_POL);

    s->irq_cfg = FIELD_DP32(s->irq_cfg, IRQ_CFG, IRQ_INT, pending);
    trace_lan9303_irq(lan9303_int_sts(s), s->int_en, asserted);
    qemu_set_irq(s->irq, asserted ? high : !high);
}

/* ---- PHYs ---- */

static int lan9303_phy_addr(Lan9303State *s, int port)
{
    return port + (s->phy_addr_sel ? 1 : 0);
}

static bool lan9303_port_link(Lan9303State *s, int port)
{
    Lan9303Port *p = &s->port[port];
    NetClientState *nc = p->nic ? qemu_get_queue(p->nic) : NULL;

    if (p->phy.bmcr & (MII_BMCR_PDOWN | MII_BMCR_RESET)) {
        return false;
    }
    if (port == 0) {
        return true;    /* the xMII port: a fixed link to the CPU MAC */
    }
    return nc && nc->peer && !nc->link_down;
}

static void lan9303_phy_reset(Lan9303State *s, int port)
{
    Lan9303Phy *phy = &s->port[port].phy;

    *phy = (Lan9303Phy) {
        .bmcr = MII_BMCR_SPEED100 | MII_BMCR_AUTOEN | MII_BMCR_FD,
        .anar = MII_ANAR_TXFD | MII_ANAR_TX | MII_ANAR_10FD | MII_ANAR_10 |
                MII_ANAR_CSMACD,
    };
    phy->link_up = lan9303_port_link(s, port);
}

/* Called when anything that decides a port's link changed. */
static void lan9303_phy_update_link(Lan9303State *s, int port)
{
    Lan9303Phy *phy = &s->port[port].phy;
    bool up = lan9303_port_link(s, port);

    if (up == phy->link_up) {
        return;
    }
    phy->link_up = up;
    if (up) {
        /* Auto-negotiation completes at once against a 100/full partner. */
        phy->int_src |= LAN9303_PHY_INT_AN_COMPLETE | LAN9303_PHY_INT_ENERGYON;
    } else {
        phy->link_latched_down = true;
        phy->int_src |= LAN9303_PHY_INT_LINK_DOWN;
    }
    trace_lan9303_link(port, up);
    lan9303_update_irq(s);
}

static uint16_t lan9303_phy_read(Lan9303State *s, int port, int reg)
{
    Lan9303Phy *phy = &s->port[port].phy;
    bool up = phy->link_up;
    bool an = phy->bmcr & MII_BMCR_AUTOEN;
    uint16_t v = 0;

    switch (reg) {
    case MII_BMCR:
        v = phy->bmcr;
        break;
    case MII_BMSR:
        v = MII_BMSR_100TX_FD | MII_BMSR_100TX_HD | MII_BMSR_10T_FD |
            MII_BMSR_10T_HD | MII_BMSR_AUTONEG | MII_BMSR_EXTCAP;
        if (up && !phy->link_latched_down) {
            v |= MII_BMSR_LINK_ST;
        }
        if (up && an) {
            v |= MII_BMSR_AN_COMP;
        }
        phy->link_latched_down = false;
        break;
    case MII_PHYID1:
        v = LAN9303_PHY_ID1;
        break;
    case MII_PHYID2:
        v = LAN9303_PHY_ID2;
        break;
    case MII_ANAR:
        v = phy->anar;
        break;
    case MII_ANLPAR:
        if (up && an) {
            v = MII_ANLPAR_ACK | MII_ANLPAR_PAUSE | MII_ANLPAR_TXFD |
                MII_ANLPAR_TX | MII_ANLPAR_10FD | MII_ANLPAR_10 |
                MII_ANLPAR_CSMACD;
        }
        break;
    case MII_ANER:
        v = (up && an) ? MII_ANER_NWAY : 0;
        break;
    case LAN9303_PHY_MODE_CTRL_STS:
        v = phy->mode_ctrl | (up ? LAN9303_PHY_ENERGYON : 0);
        break;
    case LAN9303_PHY_SPECIAL_MODES:
        v = 0xe0 | lan9303_phy_addr(s, port);   /* all capable, AN */
        break;
    case LAN9303_PHY_SPECIAL_CTRL_IND:
        v = phy->special_ctrl;
        break;
    case LAN9303_PHY_INT_SRC:
        v = phy->int_src;
        phy->int_src = 0;
        lan9303_update_irq(s);
        break;
    case LAN9303_PHY_INT_MASK:
        v = phy->int_mask;
        break;
    case LAN9303_PHY_SPECIAL_CTRL_STS:
        v = LAN9303_PHY_SPEED_100FD | ((up && an) ? LAN9303_PHY_AUTODONE : 0);
        break;
    default:
        break;      /* reserved: reads as zero */
    }
    trace_lan9303_phy_read(port, reg, v);
    return v;
}

static void lan9303_phy_write(Lan9303State *s, int port, int reg, uint16_t v)
{
    Lan9303Phy *phy = &s->port[port].phy;

    trace_lan9303_phy_write(port, reg, v);
    switch (reg) {
    case MII_BMCR:
        if (v & MII_BMCR_RESET) {
            lan9303_phy_reset(s, port);
            break;
        }
        /* Restart-AN self-clears: negotiation is instantaneous. */
        phy->bmcr = v & ~MII_BMCR_ANRESTART;
        if (phy->link_up && (v & MII_BMCR_ANRESTART)) {
            phy->int_src |= LAN9303_PHY_INT_AN_COMPLETE;
            lan9303_update_irq(s);
        }
        break;
    case MII_ANAR:
        phy->anar = (v & ~0x1f) | MII_ANAR_CSMACD;
        break;
    case LAN9303_PHY_MODE_CTRL_STS:
        phy->mode_ctrl = v & ~LAN9303_PHY_ENERGYON;
        break;
    case LAN9303_PHY_SPECIAL_CTRL_IND:
        phy->special_ctrl = v;
        break;
    case LAN9303_PHY_INT_MASK:
        phy->int_mask = v;
        lan9303_update_irq(s);
        break;
    case LAN9303_PHY_SPECIAL_MODES:
    case LAN9303_PHY_SPECIAL_CTRL_STS:
        break;      /* strap overrides and MDI-X: nothing to model */
    case MII_BMSR: case MII_PHYID1: case MII_PHYID2: case MII_ANLPAR:
    case MII_ANER: case LAN9303_PHY_INT_SRC:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "lan9303: write 0x%04x to read-only register %d of "
                      "port %d's PHY ignored\n", v, reg, port);
        return;
    default:
        break;
    }
    lan9303_phy_update_link(s, port);
}

/* The PMI reaches the internal PHYs of ports 1 and 2 only. */
static int lan9303_pmi_port(Lan9303State *s, int addr)
{
    for (int p = 1; p < LAN9303_PORTS; p++) {
        if (addr == lan9303_phy_addr(s, p)) {
            return p;
        }
    }
    return -1;
}

static void lan9303_pmi_access(Lan9303State *s, uint32_t v)
{
    int addr = FIELD_EX32(v, PMI_ACCESS, PHY);
    int reg = FIELD_EX32(v, PMI_ACCESS, REG);
    int port = lan9303_pmi_port(s, addr);

    /* The cycle completes before the next register access can look. */
    s->pmi_access = v & ~R_PMI_ACCESS_BUSY_MASK;
    if (port < 0) {
        /* Nothing answers at that address: the bus floats high. */
        if (!FIELD_EX32(v, PMI_ACCESS, WRITE)) {
            s->pmi_data = 0xffff;
        }
        trace_lan9303_pmi_absent(addr, reg);
        return;
    }
    if (FIELD_EX32(v, PMI_ACCESS, WRITE)) {
        lan9303_phy_write(s, port, reg, s->pmi_data);
    } else {
        s->pmi_data = lan9303_phy_read(s, port, reg);
    }
}

/* ---- the address logic resolution table ---- */

/* Valid and not aged out (an aged entry is dropped on the way). */
static bool lan9303_alr_live(Lan9303AlrEntry *e, int64_t now)
{
    if (!(e->dat1 & LAN9303_ALR_DAT1_VALID)) {
        return false;
    }
    if (!(e->dat1 & LAN9303_ALR_DAT1_STATIC) &&
        now - e->seen_ns > LAN9303_ALR_AGE_NS) {
        trace_lan9303_alr_aged(e->mac[0], e->mac[1], e->mac[2], e->mac[3],
                               e->mac[4], e->mac[5]);
        e->dat1 = 0;
        return false;
    }
    return true;
}

static Lan9303AlrEntry *lan9303_alr_find(Lan9303State *s, const uint8_t *mac)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    for (int i = 0; i < LAN9303_ALR_ENTRIES; i++) {
        Lan9303AlrEntry *e = &s->alr[i];

        if (lan9303_alr_live(e, now) && !memcmp(e->mac, mac, 6)) {
            return e;
        }
    }
    return NULL;
}

static Lan9303AlrEntry *lan9303_alr_free(Lan9303State *s)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    for (int i = 0; i < LAN9303_ALR_ENTRIES; i++) {
        if (!lan9303_alr_live(&s->alr[i], now)) {
            return &s->alr[i];
        }
    }
    return NULL;
}

/* ALR port field to a port mask: 0-2 one port, 4-7 pairs and all. */
static unsigned lan9303_alr_ports(uint32_t dat1)
{
    static const uint8_t map[8] = { 1, 2, 4, 0, 3, 5, 6, 7 };

    return map[(dat1 & LAN9303_ALR_DAT1_PORT) >> LAN9303_ALR_DAT1_PORT_SHIFT];
}

static void lan9303_alr_make_entry(Lan9303State *s)
{
    uint32_t dat1 = s->alr_wr[1];
    uint8_t mac[6] = {
        s->alr_wr[0], s->alr_wr[0] >> 8, s->alr_wr[0] >> 16,
        s->alr_wr[0] >> 24, dat1, dat1 >> 8,
    };
    Lan9303AlrEntry *e = lan9303_alr_find(s, mac);

    trace_lan9303_alr_make(mac[0], mac[1], mac[2], mac[3], mac[4], mac[5],
                           dat1);
    if (!(dat1 & LAN9303_ALR_DAT1_VALID)) {
        if (e) {
            e->dat1 = 0;    /* delete */
        }
        return;
    }
    if (((dat1 & LAN9303_ALR_DAT1_PORT) >> LAN9303_ALR_DAT1_PORT_SHIFT) ==
        LAN9303_ALR_PORT_RESERVED) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "lan9303: ALR entry with the reserved port value 3 "
                      "not made\n");
        return;
    }
    if (!e) {
        e = lan9303_alr_free(s);
    }
    if (!e) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "lan9303: ALR full (%d entries): entry not made\n",
                      LAN9303_ALR_ENTRIES);
        return;
    }
    memcpy(e->mac, mac, 6);
    e->dat1 = dat1 & ~LAN9303_ALR_DAT1_MAC_HI;
    e->seen_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

/* GET_FIRST / GET_NEXT: the next live entry from alr_next on. */
static void lan9303_alr_get(Lan9303State *s)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    for (; s->alr_next < LAN9303_ALR_ENTRIES; s->alr_next++) {
        Lan9303AlrEntry *e = &s->alr[s->alr_next];

        if (lan9303_alr_live(e, now)) {
            s->alr_rd[0] = ldl_le_p(e->mac);
            s->alr_rd[1] = lduw_le_p(e->mac + 4) |
                           (e->dat1 & ~LAN9303_ALR_DAT1_END_OF_TABLE);
            s->alr_next++;
            return;
        }
    }
    s->alr_rd[0] = 0;
    s->alr_rd[1] = LAN9303_ALR_DAT1_END_OF_TABLE;
}

static void lan9303_alr_cmd(Lan9303State *s, uint32_t v)
{
    uint32_t rising = v & ~s->alr_cmd;

    s->alr_cmd = v & 7;
    if (rising & LAN9303_ALR_CMD_MAKE_ENTRY) {
        lan9303_alr_make_entry(s);
    }
    if (rising & LAN9303_ALR_CMD_GET_FIRST) {
        s->alr_next = 0;
        lan9303_alr_get(s);
    } else if (rising & LAN9303_ALR_CMD_GET_NEXT) {
        lan9303_alr_get(s);
    }
}

static void lan9303_alr_learn(Lan9303State *s, int port, const uint8_t *mac)
{
    Lan9303AlrEntry *e;

    static const uint8_t zero[6];

    if ((mac[0] & 1) || !memcmp(mac, zero, 6)) {
        return;
    }
    e = lan9303_alr_find(s, mac);
    if (e && (e->dat1 & LAN9303_ALR_DAT1_STATIC)) {
        return;
    }
    if (!e) {
        e = lan9303_alr_free(s);
        if (!e) {
            s->port[port].learn_discard++;
            return;
        }
        memcpy(e->mac, mac, 6);
        trace_lan9303_alr_learn(port, mac[0], mac[1], mac[2], mac[3], mac[4],
                                mac[5]);
    }
    e->dat1 = LAN9303_ALR_DAT1_VALID | (port << LAN9303_ALR_DAT1_PORT_SHIFT);
    e->seen_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

/* ---- the data path ---- */

static void lan9303_count(uint32_t *c)
{
    if (*c != UINT32_MAX) {
        (*c)++;     /* the MIB counters stop at their maximum */
    }
}

static void lan9303_count_add(uint32_t *c, uint32_t n)
{
    *c = (UINT32_MAX - *c < n) ? UINT32_MAX : *c + n;
}

static void lan9303_count_size(Lan9303Port *p, int first, unsigned wire)
{
    int bin = wire <= 64 ? 0 : wire <= 127 ? 1 : wire <= 255 ? 2 :
              wire <= 511 ? 3 : wire <= 1023 ? 4 : 5;

    lan9303_count(&p->cnt[CNT(first + bin)]);
}

/* Bytes on the wire: padded to the minimum, plus the FCS QEMU leaves off. */
static unsigned lan9303_wire_len(size_t len)
{
    return MAX(len + 4, MIN_FRAME);
}

static int lan9303_port_state(Lan9303State *s, int port)
{
    return (s->port_state >> (2 * port)) & 3;
}

static void lan9303_egress(Lan9303State *s, int port, int src,
                           const uint8_t *buf, size_t len, uint16_t flags)
{
    Lan9303Port *p = &s->port[port];
    uint8_t frame[MAX_FRAME_JUMBO + 4];
    size_t n = len;
    unsigned wire;

    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    int64_t start = MAX(now, p->tx_busy_until);

    if (!(p->tx_cfg & LAN9303_MAC_TX_CFG_TX_EN) || !p->phy.link_up ||
        !p->nic) {
        lan9303_count(&s->port[src].bm_drop);
        trace_lan9303_drop(port, "egress disabled or link down");
        return;
    }
    if (start - now > LAN9303_EGRESS_BACKLOG * LAN9303_NS_PER_BYTE) {
        lan9303_count(&s->port[src].bm_drop);
        trace_lan9303_drop(port, "egress buffer full");
        return;
    }
    if (((s->egress_type >> (8 * port)) & LAN9303_EGRESS_TYPE_MASK) ==
        LAN9303_EGRESS_TYPE_CPU) {
        /* The special tag: the source port and why the frame came. */
        memcpy(frame, buf, 12);
        stw_be_p(frame + 12, TPID_8021Q);
        stw_be_p(frame + 14, src | flags);
        memcpy(frame + 16, buf + 12, len - 12);
        n = len + 4;
    } else {
        memcpy(frame, buf, len);
    }
    if (n < ETH_ZLEN && (p->tx_cfg & LAN9303_MAC_TX_CFG_TX_PAD_EN)) {
        memset(frame + n, 0, ETH_ZLEN - n);
        n = ETH_ZLEN;
    }
    wire = lan9303_wire_len(n);
    /* Preamble, start delimiter and inter-frame gap: 20 more bytes. */
    p->tx_busy_until = start + (wire + 20) * LAN9303_NS_PER_BYTE;
    lan9303_count(&p->cnt[CNT(LAN9303_MAC_TX_PKTOK_CNT)]);
    lan9303_count_add(&p->cnt[CNT(LAN9303_MAC_TX_PKTLEN_CNT)], wire);
    lan9303_count_size(p, LAN9303_MAC_TX_64_CNT, wire);
    if (is_broadcast_ether_addr(frame)) {
        lan9303_count(&p->cnt[CNT(LAN9303_MAC_TX_BRDCST_CNT)]);
    } else if (frame[0] & 1) {
        lan9303_count(&p->cnt[CNT(LAN9303_MAC_TX_MULCST_CNT)]);
    }
    trace_lan9303_tx(port, src, n, flags);
    qemu_send_packet(qemu_get_queue(p->nic), frame, n);
}

static bool lan9303_is_igmp(const uint8_t *buf, size_t len)
{
    size_t l3 = ETH_HDR;
    uint16_t type = lduw_be_p(buf + 12);

    if (type == TPID_8021Q && len >= ETH_HDR + 4) {
        type = lduw_be_p(buf + 16);
        l3 += 4;
    }
    /* IPv4, protocol 2. */
    return type == ETH_P_IP && len >= l3 + 20 && (buf[l3] >> 4) == 4 &&
           buf[l3 + 9] == 2 /* IGMP */;
}

static void lan9303_ingress(Lan9303State *s, int in, const uint8_t *buf,
                            size_t len)
{
    Lan9303Port *p = &s->port[in];
    uint8_t frame[MAX_FRAME_JUMBO];
    unsigned wire = lan9303_wire_len(len), max;
    bool tagged, special, filtered = false, override = false;
    unsigned dest = 0, mirrored, sniffer;
    uint16_t flags = 0;
    int st = lan9303_port_state(s, in);

    if (!(p->rx_cfg & LAN9303_MAC_RX_CFG_RX_EN) || !p->phy.link_up) {
        trace_lan9303_drop(in, "receiver disabled or link down");
        return;
    }
    if (len < ETH_HDR) {
        lan9303_count(&p->cnt[CNT(LAN9303_MAC_RX_FRAG_CNT)]);
        lan9303_count(&p->filtered);
        trace_lan9303_drop(in, "runt");
        return;
    }
    tagged = lduw_be_p(buf + 12) == TPID_8021Q;
    max = (p->rx_cfg & LAN9303_MAC_RX_CFG_JUMBO_2K) ? MAX_FRAME_JUMBO :
          tagged ? MAX_FRAME_TAGGED : MAX_FRAME;
    lan9303_count_add(&p->cnt[CNT(LAN9303_MAC_RX_PKTLEN_CNT)], MIN(wire, max));
    lan9303_count_size(p, LAN9303_MAC_RX_64_CNT, MIN(wire, max));
    if (wire > max) {
        lan9303_count(&p->cnt[CNT(LAN9303_MAC_RX_OVRSZE_CNT)]);
        trace_lan9303_drop(in, "oversized");
        return;
    }
    lan9303_count(&p->cnt[CNT(LAN9303_MAC_RX_PKTOK_CNT)]);
    lan9303_count_add(&p->cnt[CNT(LAN9303_MAC_RX_GOODPKTLEN_CNT)], wire);
    if (is_broadcast_ether_addr(buf)) {
        lan9303_count(&p->cnt[CNT(LAN9303_MAC_RX_BRDCST_CNT)]);
    } else if (buf[0] & 1) {
        lan9303_count(&p->cnt[CNT(LAN9303_MAC_RX_MULCST_CNT)]);
    }
    if (lduw_be_p(buf + 12) == ETHERTYPE_MAC_CTRL) {
        /* MAC control frames end in the MAC. */
        lan9303_count(&p->cnt[CNT(LAN9303_MAC_RX_CTLFRM_CNT)]);
        if (len >= ETH_HDR + 2 && lduw_be_p(buf + ETH_HDR) == 1) {
            lan9303_count(&p->cnt[CNT(LAN9303_MAC_RX_PAUSE_CNT)]);
        }
        return;
    }
    trace_lan9303_rx(in, len, port_state_name[st]);

    special = tagged && ((s->ingress_type >> (2 * in)) & 3) ==
              LAN9303_INGRESS_TYPE_SPECIAL_TAG;
    if (special) {
        uint16_t vid;

        if (len < ETH_HDR + 4) {
            lan9303_count(&p->filtered);
            qemu_log_mask(LOG_GUEST_ERROR, "lan9303: port %d: special tag "
                          "cut short (%zu-byte frame): dropped\n", in, len);
            return;
        }
        vid = lduw_be_p(buf + 14) & 0xfff;
        /* The switch removes the tag. */
        memcpy(frame, buf, 12);
        memcpy(frame + 12, buf + 16, len - 16);
        len -= 4;
        buf = frame;
        if (!(vid & LAN9303_TAG_TX_USE_ALR)) {
            int to = vid & LAN9303_TAG_PORT_MASK;

            dest = to == LAN9303_TAG_BROADCAST ? 6 : 1u << to;
            if (dest & (1u << in)) {
                lan9303_count(&p->filtered);
                qemu_log_mask(LOG_GUEST_ERROR, "lan9303: port %d: special tag "
                              "0x%03x sends the frame back to its own port: "
                              "dropped\n", in, vid);
                return;
            }
            override = vid & LAN9303_TAG_TX_STP_OVERRIDE;
            goto forward;
        }
        /* Bit 3: an ALR lookup, with learning, as for an untagged frame. */
    }

    if (st == LAN9303_PORT_STATE_FORWARDING ||
        st == LAN9303_PORT_STATE_LEARNING) {
        lan9303_alr_learn(s, in, buf + 6);
    }
    {
        Lan9303AlrEntry *e = lan9303_alr_find(s, buf);

        if (e && (e->dat1 & LAN9303_ALR_DAT1_FILTER)) {
            filtered = true;
        } else if (e) {
            dest = lan9303_alr_ports(e->dat1);
            if (e->dat1 & LAN9303_ALR_DAT1_STATIC) {
                flags |= LAN9303_TAG_RX_STATIC;
                if (e->dat1 & LAN9303_ALR_DAT1_AGE_OVERRIDE) {
                    flags |= LAN9303_TAG_RX_STP;
                    override = true;
                }
            }
        } else if (is_broadcast_ether_addr(buf)) {
            dest = 7;
        } else if (buf[0] & 1) {
            dest = (s->glb_ingress & LAN9303_GLB_INGRESS_FILTER_MCAST) ? 0 : 7;
        } else {
            dest = (s->glb_ingress & LAN9303_GLB_INGRESS_DROP_UNKNOWN) ? 0 : 7;
        }
    }
    if ((s->glb_ingress & LAN9303_GLB_INGRESS_IGMP_TRAP) &&
        lan9303_is_igmp(buf, len)) {
        dest = (s->glb_ingress >> LAN9303_GLB_INGRESS_IGMP_PORTS_SHIFT) & 7;
        flags |= LAN9303_TAG_RX_IGMP;
        override = true;
    }
    /* A static entry with age override (BPDUs) or the trap: any state. */
    if (!override && st != LAN9303_PORT_STATE_FORWARDING) {
        filtered = true;
    }

forward:
    if (filtered) {
        dest = 0;
    }
    dest &= ~(1u << in);
    for (int d = 0; d < LAN9303_PORTS; d++) {
        if ((dest & (1u << d)) && !override &&
            lan9303_port_state(s, d) != LAN9303_PORT_STATE_FORWARDING) {
            dest &= ~(1u << d);
        }
    }

    /* Mirroring: how the driver brings unbridged ports' frames to port 0. */
    mirrored = (s->mirror >> LAN9303_MIRROR_MIRRORED_SHIFT) & 7;
    sniffer = (s->mirror >> LAN9303_MIRROR_SNIFFER_SHIFT) & 7 & ~(1u << in);
    if ((s->mirror & LAN9303_MIRROR_RX_EN) && (mirrored & (1u << in)) &&
        (!filtered || (s->mirror & LAN9303_MIRROR_RX_FILTERED))) {
        dest |= sniffer;
    } else if ((s->mirror & LAN9303_MIRROR_TX_EN) && (dest & mirrored)) {
        dest |= sniffer;
    }

    if (!dest) {
        lan9303_count(&p->filtered);
        trace_lan9303_drop(in, filtered ? "filtered" : "no destination");
        return;
    }
    for (int d = 0; d < LAN9303_PORTS; d++) {
        if (dest & (1u << d)) {
            lan9303_egress(s, d, in, buf, len, flags);
        }
    }
}

static bool lan9303_can_receive(NetClientState *nc)
{
    return true;    /* the switch drops what it cannot take, never waits */
}

static ssize_t lan9303_receive(NetClientState *nc, const uint8_t *buf,
                               size_t size)
{
    Lan9303Port *p = qemu_get_nic_opaque(nc);

    if (size > MAX_FRAME_JUMBO) {
        lan9303_count(&p->cnt[CNT(LAN9303_MAC_RX_OVRSZE_CNT)]);
        lan9303_count(&p->cnt[CNT(LAN9303_MAC_RX_JABB_CNT)]);
        trace_lan9303_drop(p->index, "jabber");
        return size;
    }
    lan9303_ingress(p->s, p->index, buf, size);
    return size;
}

static void lan9303_link_status_changed(NetClientState *nc)
{
    Lan9303Port *p = qemu_get_nic_opaque(nc);

    lan9303_phy_update_link(p->s, p->index);
}

static NetClientInfo lan9303_net_info = {
    .type = NET_CLIENT_DRIVER_NIC,
    .size = sizeof(NICState),
    .can_receive = lan9303_can_receive,
    .receive = lan9303_receive,
    .link_status_changed = lan9303_link_status_changed,
};

/* ---- switch fabric CSRs ---- */

static void lan9303_fabric_reset(Lan9303State *s)
{
    for (int i = 0; i < LAN9303_PORTS; i++) {
        Lan9303Port *p = &s->port[i];

        p->rx_cfg = LAN9303_MAC_RX_CFG_RESET;
        p->tx_cfg = LAN9303_MAC_TX_CFG_RESET;
        p->tx_fc = 0;
        p->imr = 0x1;
        memset(p->cnt, 0, sizeof(p->cnt));
        p->filtered = p->learn_discard = p->bm_drop = 0;
        p->tx_busy_until = 0;
    }
    s->sw_imr = 0x7f;
    s->alr_cmd = 0;
    s->alr_wr[0] = s->alr_wr[1] = 0;
    s->alr_rd[0] = 0;
    s->alr_rd[1] = LAN9303_ALR_DAT1_END_OF_TABLE;
    s->alr_next = 0;
    s->alr_cfg = 0;
    memset(s->alr, 0, sizeof(s->alr));
    /* Out of reset the chip is a plain switch: all ports forward. */
    s->glb_ingress = 0;
    s->port_ingress = 0x3f;
    s->admt_only_vlan = 0;
    s->port_state = 0;
    s->pri_to_que = 0xfa50;
    s->mirror = 0;
    s->ingress_type = 0;
    s->bcst_throt = 0;
    s->admt_n_member = 0;
    s->swe_imr = 0x1f;
    s->bm_cfg = 0;
    s->bm_lvl[0] = s->bm_lvl[1] = s->bm_lvl[2] = s->bm_lvl[3] = 0;
    s->egress_type = 0;
    s->bm_imr = 0x1f;
}

static uint32_t lan9303_rc(uint32_t *c, bool peek)
{
    uint32_t v = *c;

    if (!peek) {
        *c = 0;     /* MIB and drop counters clear when read */
    }
    return v;
}

/* A switch CSR; peek: no read side effects (for byte-lane writes). */
static uint32_t lan9303_sf_read(Lan9303State *s, uint16_t addr, bool peek)
{
    if (addr >= LAN9303_SF_PORT(0) && addr < LAN9303_SF_PORT(LAN9303_PORTS)) {
        Lan9303Port *p = &s->port[(addr >> 10) - 1];
        unsigned off = addr & 0x3ff;

        switch (off) {
        case LAN9303_MAC_VER_ID:
            return LAN9303_MAC_VER_ID_VALUE;
        case LAN9303_MAC_RX_CFG:
            return p->rx_cfg;
        case LAN9303_MAC_TX_CFG:
            return p->tx_cfg;
        case LAN9303_MAC_TX_FC_SETTINGS:
            return p->tx_fc;
        case LAN9303_MAC_IMR:
            return p->imr;
        case LAN9303_MAC_IPR:
            return 0;
        case LAN9303_MAC_RX_FIRST_CNT ... LAN9303_MAC_RX_LAST_CNT:
        case LAN9303_MAC_TX_FIRST_CNT ... LAN9303_MAC_TX_LAST_CNT:
            if (off != 0x5b) {
                return lan9303_rc(&p->cnt[CNT(off)], peek);
            }
            break;
        default:
            break;
        }
        goto reserved;
    }
    switch (addr) {
    case LAN9303_SF_SW_DEV_ID:
        return LAN9303_SW_DEV_ID_VALUE;
    case LAN9303_SF_SW_RESET:
    case LAN9303_SF_SW_IPR:
    case LAN9303_SF_SWE_IPR:
    case LAN9303_SF_BM_IPR:
        return 0;
    case LAN9303_SF_SW_IMR:
        return s->sw_imr;
    case LAN9303_SF_SWE_ALR_CMD:
        return s->alr_cmd;
    case LAN9303_SF_SWE_ALR_WR_DAT_0:
        return s->alr_wr[0];
    case LAN9303_SF_SWE_ALR_WR_DAT_1:
        return s->alr_wr[1];
    case LAN9303_SF_SWE_ALR_RD_DAT_0:
        return s->alr_rd[0];
    case LAN9303_SF_SWE_ALR_RD_DAT_1:
        return s->alr_rd[1];
    case LAN9303_SF_SWE_ALR_CMD_STS:
        return LAN9303_ALR_STS_INIT_DONE;   /* entries are made at once */
    case LAN9303_SF_SWE_ALR_CFG:
        return s->alr_cfg;
    case LAN9303_SF_SWE_VLAN_CMD_STS:
        return 0;
    case LAN9303_SF_SWE_GLB_INGRESS_CFG:
        return s->glb_ingress;
    case LAN9303_SF_SWE_PORT_INGRESS_CFG:
        return s->port_ingress;
    case LAN9303_SF_SWE_ADMT_ONLY_VLAN:
        return s->admt_only_vlan;
    case LAN9303_SF_SWE_PORT_STATE:
        return s->port_state;
    case LAN9303_SF_SWE_PRI_TO_QUE:
        return s->pri_to_que;
    case LAN9303_SF_SWE_PORT_MIRROR:
        return s->mirror;
    case LAN9303_SF_SWE_INGRESS_PORT_TYPE:
        return s->ingress_type;
    case LAN9303_SF_SWE_BCST_THROT:
        return s->bcst_throt;
    case LAN9303_SF_SWE_ADMT_N_MEMBER:
        return s->admt_n_member;
    case LAN9303_SF_SWE_FILTERED_CNT(0) ... LAN9303_SF_SWE_FILTERED_CNT(2):
        return lan9303_rc(&s->port[addr - LAN9303_SF_SWE_FILTERED_CNT(0)]
                          .filtered, peek);
    case LAN9303_SF_SWE_LRN_DISCRD_CNT(0) ... LAN9303_SF_SWE_LRN_DISCRD_CNT(2):
        return lan9303_rc(&s->port[addr - LAN9303_SF_SWE_LRN_DISCRD_CNT(0)]
                          .learn_discard, peek);
    case LAN9303_SF_SWE_IMR:
        return s->swe_imr;
    case LAN9303_SF_BM_CFG:
        return s->bm_cfg;
    case LAN9303_SF_BM_DROP_LVL ... LAN9303_SF_BM_BCST_LVL:
        return s->bm_lvl[addr - LAN9303_SF_BM_DROP_LVL];
    case LAN9303_SF_BM_DRP_CNT_SRC(0) ... LAN9303_SF_BM_DRP_CNT_SRC(2):
        return lan9303_rc(&s->port[addr - LAN9303_SF_BM_DRP_CNT_SRC(0)]
                          .bm_drop, peek);
    case LAN9303_SF_BM_RST_STS:
        return 1;   /* buffer manager ready */
    case LAN9303_SF_BM_EGRSS_PORT_TYPE:
        return s->egress_type;
    case LAN9303_SF_BM_IMR:
        return s->bm_imr;
    case LAN9303_SF_SWE_VLAN_CMD:
    case LAN9303_SF_SWE_VLAN_WR_DATA:
    case LAN9303_SF_SWE_VLAN_RD_DATA:
        if (!peek) {
            qemu_log_mask(LOG_UNIMP, "lan9303: VLAN table not modelled\n");
        }
        return 0;
    default:
        break;
    }
reserved:
    if (!peek) {
        qemu_log_mask(LOG_GUEST_ERROR, "lan9303: read of reserved switch "
                      "CSR 0x%04x\n", addr);
    }
    return 0;
}

static void lan9303_sf_write(Lan9303State *s, uint16_t addr, uint32_t v)
{
    trace_lan9303_sf_write(addr, v);
    if (addr >= LAN9303_SF_PORT(0) && addr < LAN9303_SF_PORT(LAN9303_PORTS)) {
        int port = (addr >> 10) - 1;
        Lan9303Port *p = &s->port[port];

        switch (addr & 0x3ff) {
        case LAN9303_MAC_RX_CFG:
            p->rx_cfg = v & 0x2b;
            return;
        case LAN9303_MAC_TX_CFG:
            p->tx_cfg = v & 0xff;
            return;
        case LAN9303_MAC_TX_FC_SETTINGS:
            p->tx_fc = v;
            return;
        case LAN9303_MAC_IMR:
            p->imr = v & 1;
            return;
        case LAN9303_MAC_VER_ID:
        case LAN9303_MAC_IPR:
        case LAN9303_MAC_RX_FIRST_CNT ... LAN9303_MAC_RX_LAST_CNT:
        case LAN9303_MAC_TX_FIRST_CNT ... LAN9303_MAC_TX_LAST_CNT:
            qemu_log_mask(LOG_GUEST_ERROR, "lan9303: write to read-only "
                          "switch CSR 0x%04x ignored\n", addr);
            return;
        default:
            goto reserved;
        }
    }
    switch (addr) {
    case LAN9303_SF_SW_RESET:
        if (v & 1) {
            trace_lan9303_fabric_reset();
            lan9303_fabric_reset(s);
        }
        return;
    case LAN9303_SF_SW_IMR:
        s->sw_imr = v & 0x67;
        return;
    case LAN9303_SF_SWE_ALR_CMD:
        lan9303_alr_cmd(s, v);
        return;
    case LAN9303_SF_SWE_ALR_WR_DAT_0:
        s->alr_wr[0] = v;
        return;
    case LAN9303_SF_SWE_ALR_WR_DAT_1:
        s->alr_wr[1] = v & 0x07ffffff;
        return;
    case LAN9303_SF_SWE_ALR_CFG:
        s->alr_cfg = v & 0x3;
        return;
    case LAN9303_SF_SWE_GLB_INGRESS_CFG:
        if (v & LAN9303_GLB_INGRESS_VLAN_EN) {
            qemu_log_mask(LOG_UNIMP, "lan9303: 802.1Q VLAN processing not "
                          "modelled; frames switch as without it\n");
        }
        s->glb_ingress = v & 0xffff;
        return;
    case LAN9303_SF_SWE_PORT_INGRESS_CFG:
        s->port_ingress = v & 0x3f;
        return;
    case LAN9303_SF_SWE_ADMT_ONLY_VLAN:
        s->admt_only_vlan = v & 7;
        return;
    case LAN9303_SF_SWE_PORT_STATE:
        s->port_state = v & 0x3f;
        for (int i = 0; i < LAN9303_PORTS; i++) {
            trace_lan9303_port_state(i,
                                     port_state_name[lan9303_port_state(s, i)]);
        }
        return;
    case LAN9303_SF_SWE_PRI_TO_QUE:
        s->pri_to_que = v & 0xffff;
        return;
    case LAN9303_SF_SWE_PORT_MIRROR:
        s->mirror = v & 0x1ff;
        return;
    case LAN9303_SF_SWE_INGRESS_PORT_TYPE:
        s->ingress_type = v & 0x3f;
        return;
    case LAN9303_SF_SWE_BCST_THROT:
        s->bcst_throt = v;
        return;
    case LAN9303_SF_SWE_ADMT_N_MEMBER:
        s->admt_n_member = v & 7;
        return;
    case LAN9303_SF_SWE_IMR:
        s->swe_imr = v & 0x1f;
        return;
    case LAN9303_SF_BM_CFG:
        s->bm_cfg = v;
        return;
    case LAN9303_SF_BM_DROP_LVL ... LAN9303_SF_BM_BCST_LVL:
        s->bm_lvl[addr - LAN9303_SF_BM_DROP_LVL] = v;
        return;
    case LAN9303_SF_BM_EGRSS_PORT_TYPE:
        for (int i = 0; i < LAN9303_PORTS; i++) {
            unsigned t = (v >> (8 * i)) & 0x7f;

            if ((t & LAN9303_EGRESS_TYPE_MASK) != LAN9303_EGRESS_TYPE_DUMB &&
                (t & LAN9303_EGRESS_TYPE_MASK) != LAN9303_EGRESS_TYPE_CPU) {
                qemu_log_mask(LOG_UNIMP, "lan9303: egress port type %u "
                              "(access/hybrid VLAN) of port %d not modelled; "
                              "frames leave unchanged\n",
                              t & LAN9303_EGRESS_TYPE_MASK, i);
            }
        }
        s->egress_type = v & 0x7f7f7f;
        return;
    case LAN9303_SF_BM_IMR:
        s->bm_imr = v & 0x1f;
        return;
    case LAN9303_SF_SWE_VLAN_CMD:
    case LAN9303_SF_SWE_VLAN_WR_DATA:
        qemu_log_mask(LOG_UNIMP, "lan9303: VLAN table not modelled\n");
        return;
    case LAN9303_SF_SW_DEV_ID:
    case LAN9303_SF_SW_IPR:
    case LAN9303_SF_SWE_ALR_RD_DAT_0:
    case LAN9303_SF_SWE_ALR_RD_DAT_1:
    case LAN9303_SF_SWE_ALR_CMD_STS:
    case LAN9303_SF_SWE_VLAN_RD_DATA:
    case LAN9303_SF_SWE_VLAN_CMD_STS:
    case LAN9303_SF_SWE_FILTERED_CNT(0) ... LAN9303_SF_SWE_FILTERED_CNT(2):
    case LAN9303_SF_SWE_LRN_DISCRD_CNT(0) ... LAN9303_SF_SWE_LRN_DISCRD_CNT(2):
    case LAN9303_SF_SWE_IPR:
    case LAN9303_SF_BM_DRP_CNT_SRC(0) ... LAN9303_SF_BM_DRP_CNT_SRC(2):
    case LAN9303_SF_BM_RST_STS:
    case LAN9303_SF_BM_IPR:
        qemu_log_mask(LOG_GUEST_ERROR, "lan9303: write to read-only switch "
                      "CSR 0x%04x ignored\n", addr);
        return;
    default:
        break;
    }
reserved:
    qemu_log_mask(LOG_GUEST_ERROR, "lan9303: write 0x%08x to reserved switch "
                  "CSR 0x%04x ignored\n", v, addr);
}

static void lan9303_csr_cmd(Lan9303State *s, uint32_t v)
{
    uint16_t addr = FIELD_EX32(v, SWITCH_CSR_CMD, ADDR);
    unsigned be = FIELD_EX32(v, SWITCH_CSR_CMD, BE);

    s->csr_cmd = v & ~R_SWITCH_CSR_CMD_BUSY_MASK;
    if (!FIELD_EX32(v, SWITCH_CSR_CMD, BUSY)) {
        return;     /* no command: BUSY starts one */
    }
    if (v & (R_SWITCH_CSR_CMD_AUTO_INC_MASK | R_SWITCH_CSR_CMD_AUTO_DEC_MASK)) {
        qemu_log_mask(LOG_UNIMP, "lan9303: switch CSR auto increment/"
                      "decrement not modelled: one access done\n");
    }
    if (FIELD_EX32(v, SWITCH_CSR_CMD, READ)) {
        s->csr_data = lan9303_sf_read(s, addr, false);
        trace_lan9303_sf_read(addr, s->csr_data);
        return;
    }
    if (!be) {
        qemu_log_mask(LOG_GUEST_ERROR, "lan9303: switch CSR write to 0x%04x "
                      "with no byte lane enabled: nothing written\n", addr);
        return;
    }
    if (be != 0xf) {
        uint32_t mask = 0;

        for (int i = 0; i < 4; i++) {
            mask |= (be & (1u << i)) ? 0xffu << (8 * i) : 0;
        }
        v = (lan9303_sf_read(s, addr, true) & ~mask) | (s->csr_data & mask);
    } else {
        v = s->csr_data;
    }
    lan9303_sf_write(s, addr, v);
}

/* ---- system CSRs ---- */

static void lan9303_reset_all(Lan9303State *s);

static uint32_t lan9303_sys_read(Lan9303State *s, uint8_t reg)
{
    uint32_t v = 0;

    switch (reg) {
    case A_ID_REV:
        v = LAN9303_ID_REV_VALUE;
        break;
    case A_IRQ_CFG:
        v = s->irq_cfg;
        break;
    case A_INT_STS:
        v = lan9303_int_sts(s);
        break;
    case A_INT_EN:
        v = s->int_en;
        break;
    case A_BYTE_TEST:
        v = LAN9303_BYTE_TEST_VALUE;
        break;
    case A_HW_CFG:
        /* Ready at once: no EEPROM to load. */
        v = R_HW_CFG_READY_MASK | R_HW_CFG_AMDIX_EN_PORT1_MASK |
            R_HW_CFG_AMDIX_EN_PORT2_MASK;
        break;
    case A_GPT_CFG:
        v = s->gpt_cfg;
        break;
    case A_GPT_CNT:
        v = 0xffff;
        break;
    case A_FREE_RUN:
        /* A 25 MHz free-running counter. */
        v = muldiv64(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), 25000000,
                     NANOSECONDS_PER_SECOND);
        break;
    case A_PMI_DATA:
        v = s->pmi_data;
        break;
    case A_PMI_ACCESS:
        v = s->pmi_access;
        break;
    case A_MANUAL_FC_1:
        v = s->manual_fc[1];
        break;
    case A_MANUAL_FC_2:
        v = s->manual_fc[2];
        break;
    case A_MANUAL_FC_0:
        v = s->manual_fc[0];
        break;
    case A_SWITCH_CSR_DATA:
        v = s->csr_data;
        break;
    case A_SWITCH_CSR_CMD:
        v = s->csr_cmd;
        break;
    case A_E2P_CMD:
        v = 0;      /* no EEPROM: not busy, nothing loaded */
        break;
    case A_E2P_DATA:
        v = 0;
        break;
    case A_LED_CFG:
        v = s->led_cfg;
        break;
    case A_VPHY_BASIC_CTRL ... A_VPHY_AN_EXP:
        v = lan9303_phy_read(s, 0, reg - A_VPHY_BASIC_CTRL);
        break;
    case A_VPHY_SPECIAL_CTRL:
        v = s->port[0].phy.special_ctrl;
        break;
    case A_GPIO_CFG ... A_GPIO_INT_STS_EN:
        v = s->gpio[reg - A_GPIO_CFG];
        break;
    case A_SWITCH_MAC_ADDRH:
        v = s->mac_addrh;
        break;
    case A_SWITCH_MAC_ADDRL:
        v = s->mac_addrl;
        break;
    case A_RESET_CTL:
        v = 0;
        break;
    default:
        if (reg >= LAN9303_SYS_DIRECT_FIRST &&
            reg <= LAN9303_SYS_DIRECT_LAST) {
            qemu_log_mask(LOG_GUEST_ERROR, "lan9303: read of write-only "
                          "direct switch CSR window 0x%02x\n", reg);
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "lan9303: read of reserved "
                          "system CSR 0x%02x (byte offset 0x%03x)\n",
                          reg, reg * 4);
        }
        break;
    }
    trace_lan9303_sys_read(reg, v);
    return v;
}

static void lan9303_sys_write(Lan9303State *s, uint8_t reg, uint32_t v)
{
    trace_lan9303_sys_write(reg, v);
    switch (reg) {
    case A_IRQ_CFG:
        s->irq_cfg = v & LAN9303_IRQ_CFG_RW;
        lan9303_update_irq(s);
        break;
    case A_INT_STS:
        s->int_sts &= ~(v & R_INT_STS_SW_INT_MASK);    /* write one to clear */
        lan9303_update_irq(s);
        break;
    case A_INT_EN:
        /* Enabling SW_INT raises it: the chip's software interrupt. */
        if ((v & ~s->int_en) & R_INT_STS_SW_INT_MASK) {
            s->int_sts |= R_INT_STS_SW_INT_MASK;
        }
        s->int_en = v;
        lan9303_update_irq(s);
        break;
    case A_GPT_CFG:
        s->gpt_cfg = v;
        if (v & (1u << 29)) {
            qemu_log_mask(LOG_UNIMP, "lan9303: general purpose timer not "
                          "modelled\n");
        }
        break;
    case A_PMI_DATA:
        s->pmi_data = v & 0xffff;
        break;
    case A_PMI_ACCESS:
        lan9303_pmi_access(s, v);
        break;
    case A_MANUAL_FC_1:
        s->manual_fc[1] = v & 0x7f;
        break;
    case A_MANUAL_FC_2:
        s->manual_fc[2] = v & 0x7f;
        break;
    case A_MANUAL_FC_0:
        s->manual_fc[0] = v & 0x7f;
        break;
    case A_SWITCH_CSR_DATA:
        s->csr_data = v;
        break;
    case A_SWITCH_CSR_CMD:
        lan9303_csr_cmd(s, v);
        break;
    case A_E2P_CMD:
        if (v & (1u << 31)) {
            qemu_log_mask(LOG_UNIMP, "lan9303: no EEPROM attached; "
                          "E2P command ignored\n");
        }
        break;
    case A_E2P_DATA:
        break;
    case A_LED_CFG:
        s->led_cfg = v & 0x7ff;
        break;
    case A_VPHY_BASIC_CTRL ... A_VPHY_AN_EXP:
        lan9303_phy_write(s, 0, reg - A_VPHY_BASIC_CTRL, v);
        break;
    case A_VPHY_SPECIAL_CTRL:
        s->port[0].phy.special_ctrl = v & 0xffff;
        break;
    case A_GPIO_CFG ... A_GPIO_INT_STS_EN:
        s->gpio[reg - A_GPIO_CFG] = v;
        break;
    case A_SWITCH_MAC_ADDRH:
        s->mac_addrh = v & 0xffff;
        break;
    case A_SWITCH_MAC_ADDRL:
        s->mac_addrl = v;
        break;
    case A_RESET_CTL:
        if (v & R_RESET_CTL_DIGITAL_RST_MASK) {
            trace_lan9303_reset("digital reset");
            lan9303_reset_all(s);
            break;
        }
        if (v & R_RESET_CTL_PHY1_RST_MASK) {
            lan9303_phy_reset(s, 1);
        }
        if (v & R_RESET_CTL_PHY2_RST_MASK) {
            lan9303_phy_reset(s, 2);
        }
        if (v & R_RESET_CTL_VPHY_RST_MASK) {
            lan9303_phy_reset(s, 0);
        }
        lan9303_update_irq(s);
        break;
    case A_ID_REV:
    case A_BYTE_TEST:
    case A_HW_CFG:
    case A_GPT_CNT:
    case A_FREE_RUN:
        qemu_log_mask(LOG_GUEST_ERROR, "lan9303: write 0x%08x to read-only "
                      "system CSR 0x%02x ignored\n", v, reg);
        break;
    default:
        if (reg >= LAN9303_SYS_DIRECT_FIRST &&
            reg <= LAN9303_SYS_DIRECT_LAST) {
            qemu_log_mask(LOG_UNIMP, "lan9303: direct switch CSR window "
                          "0x%02x not modelled; use SWITCH_CSR_CMD\n", reg);
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "lan9303: write 0x%08x to "
                          "reserved system CSR 0x%02x ignored\n", v, reg);
        }
        break;
    }
}

/*
 * ---- I2C: an 8-bit DWORD index, then four bytes per register, most
 * significant first, the index moving on after each register. ----
 */

static int lan9303_i2c_event(I2CSlave *i2c, enum i2c_event event)
{
    Lan9303State *s = LAN9303(i2c);

    switch (event) {
    case I2C_START_SEND:
        s->i2c_have_reg = false;
        s->i2c_reading = false;
        s->i2c_pos = 0;
        break;
    case I2C_START_RECV:
        s->i2c_reading = true;
        s->i2c_pos = 0;
        break;
    case I2C_FINISH:
        if (!s->i2c_reading && s->i2c_pos) {
            qemu_log_mask(LOG_GUEST_ERROR, "lan9303: I2C write to CSR 0x%02x "
                          "stopped after %u of 4 bytes: not written\n",
                          s->i2c_reg, s->i2c_pos);
        }
        s->i2c_pos = 0;
        break;
    default:
        break;
    }
    return 0;
}

static int lan9303_i2c_send(I2CSlave *i2c, uint8_t data)
{
    Lan9303State *s = LAN9303(i2c);

    if (!s->i2c_have_reg) {
        s->i2c_reg = data;
        s->i2c_have_reg = true;
        s->i2c_pos = 0;
        return 0;
    }
    s->i2c_shift = (s->i2c_shift << 8) | data;
    if (++s->i2c_pos == 4) {
        s->i2c_pos = 0;
        lan9303_sys_write(s, s->i2c_reg, s->i2c_shift);
        s->i2c_reg++;
    }
    return 0;
}

static uint8_t lan9303_i2c_recv(I2CSlave *i2c)
{
    Lan9303State *s = LAN9303(i2c);
    uint8_t v;

    if (s->i2c_pos == 0) {
        s->i2c_shift = lan9303_sys_read(s, s->i2c_reg);
    }
    v = s->i2c_shift >> (24 - 8 * s->i2c_pos);
    if (++s->i2c_pos == 4) {
        s->i2c_pos = 0;
        s->i2c_reg++;
    }
    return v;
}

/* ---- device ---- */

static void lan9303_reset_all(Lan9303State *s)
{
    s->irq_cfg = 0;
    s->int_sts = 0;
    s->int_en = 0;
    s->gpt_cfg = 0xffff;
    s->pmi_data = 0;
    s->pmi_access = 0;
    memset(s->manual_fc, 0, sizeof(s->manual_fc));
    s->csr_data = 0;
    s->csr_cmd = 0;
    s->led_cfg = 0;
    memset(s->gpio, 0, sizeof(s->gpio));
    s->mac_addrh = 0xffff;
    s->mac_addrl = 0xffffffff;
    lan9303_fabric_reset(s);
    for (int i = 0; i < LAN9303_PORTS; i++) {
        lan9303_phy_reset(s, i);
    }
    lan9303_update_irq(s);
}

static void lan9303_reset_hold(Object *obj, ResetType type)
{
    Lan9303State *s = LAN9303(obj);

    s->i2c_reg = 0;
    s->i2c_pos = 0;
    s->i2c_have_reg = false;
    s->i2c_reading = false;
    s->i2c_shift = 0;
    lan9303_reset_all(s);
}

bool lan9303_connect_port(Lan9303State *s, int port, NetClientState *nic,
                          Error **errp)
{
    assert(!DEVICE(s)->realized);
    if (nic->peer) {
        error_setg(errp, "lan9303: the MAC for port%d already has a netdev "
                   "(%s); on this board it is cabled to the switch",
                   port, nic->peer->name);
        return false;
    }
    if (s->port[port].conf.peers.ncs[0]) {
        error_setg(errp, "lan9303: port%d is cabled to the board's MAC; "
                   "it takes no netdev (property 'port%d')", port, port);
        return false;
    }
    s->port[port].conf.peers.ncs[0] = nic;
    s->port[port].conf.peers.queues = 1;
    return true;
}

static void lan9303_realize(DeviceState *dev, Error **errp)
{
    Lan9303State *s = LAN9303(dev);

    for (int i = 0; i < LAN9303_PORTS; i++) {
        Lan9303Port *p = &s->port[i];
        g_autofree char *name = dev->id ?
            g_strdup_printf("%s.port%d", dev->id, i) : NULL;

        p->s = s;
        p->index = i;
        if (!p->conf.peers.ncs[0]) {
            continue;   /* nothing plugged in: no client, link down */
        }
        qemu_macaddr_default_if_unset(&p->conf.macaddr);
        p->nic = qemu_new_nic(&lan9303_net_info, &p->conf,
                              object_get_typename(OBJECT(dev)), name,
                              &dev->mem_reentrancy_guard, p);
        qemu_format_nic_info_str(qemu_get_queue(p->nic), p->conf.macaddr.a);
    }
}

static void lan9303_unrealize(DeviceState *dev)
{
    Lan9303State *s = LAN9303(dev);

    for (int i = 0; i < LAN9303_PORTS; i++) {
        if (s->port[i].nic) {
            qemu_del_nic(s->port[i].nic);
        }
    }
}

static void lan9303_init(Object *obj)
{
    Lan9303State *s = LAN9303(obj);

    qdev_init_gpio_out_named(DEVICE(obj), &s->irq, LAN9303_IRQ_OUT, 1);
    /* For tests and users: what the driver has made of the port states. */
    object_property_add_uint32_ptr(obj, "swe-port-state", &s->port_state,
                                   OBJ_PROP_FLAG_READ);
}

/*
 * The binding (dsa/lan9303.txt): port 0 is the CPU port, linked to the
 * conduit MAC's node and fixed at 100 Mbit/s full duplex over RMII; ports
 * 1 and 2 use their internal PHYs through the switch's own MDIO bus.
 */
static void lan9303_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "smsc,lan9303-i2c" };
    Lan9303State *s = LAN9303(dev);
    g_autofree char *path = presilicon_fdt_add_i2c_node(ctx, "switch", compat,
                                                        1);
    g_autofree char *ports = g_strdup_printf("%s/ports", path);

    qemu_fdt_add_subnode(ctx->fdt, ports);
    qemu_fdt_setprop_cell(ctx->fdt, ports, "#address-cells", 1);
    qemu_fdt_setprop_cell(ctx->fdt, ports, "#size-cells", 0);
    for (int i = 0; i < LAN9303_PORTS; i++) {
        g_autofree char *port = g_strdup_printf("%s/port@%d", ports, i);

        qemu_fdt_add_subnode(ctx->fdt, port);
        qemu_fdt_setprop_cell(ctx->fdt, port, "reg", i);
        if (i == 0) {
            g_autofree char *fl = g_strdup_printf("%s/fixed-link", port);
            uint32_t conduit = s->conduit ?
                presilicon_fdt_phandle(ctx, s->conduit) : 0;

            if (conduit) {
                qemu_fdt_setprop_cell(ctx->fdt, port, "ethernet", conduit);
            } else {
                warn_report("lan9303: no conduit MAC with a device-tree node "
                            "(property 'conduit'): port 0 is not described "
                            "as the CPU port and Linux will not probe it");
            }
            qemu_fdt_setprop_string(ctx->fdt, port, "phy-mode", "rmii");
            qemu_fdt_add_subnode(ctx->fdt, fl);
            qemu_fdt_setprop_cell(ctx->fdt, fl, "speed", 100);
            qemu_fdt_setprop(ctx->fdt, fl, "full-duplex", NULL, 0);
        } else {
            g_autofree char *label = g_strdup_printf("lan%d", i);

            qemu_fdt_setprop_string(ctx->fdt, port, "label", label);
        }
    }
}

static int lan9303_post_load(void *opaque, int version_id)
{
    Lan9303State *s = opaque;

    if (s->alr_next < 0 || s->alr_next > LAN9303_ALR_ENTRIES ||
        s->i2c_pos > 3) {
        return -EINVAL;
    }
    for (int i = 0; i < LAN9303_PORTS; i++) {
        lan9303_phy_update_link(s, i);
    }
    lan9303_update_irq(s);
    return 0;
}

static const VMStateDescription vmstate_lan9303_phy = {
    .name = "lan9303/phy",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT16(bmcr, Lan9303Phy),
        VMSTATE_UINT16(anar, Lan9303Phy),
        VMSTATE_UINT16(int_src, Lan9303Phy),
        VMSTATE_UINT16(int_mask, Lan9303Phy),
        VMSTATE_UINT16(mode_ctrl, Lan9303Phy),
        VMSTATE_UINT16(special_ctrl, Lan9303Phy),
        VMSTATE_BOOL(link_latched_down, Lan9303Phy),
        VMSTATE_BOOL(link_up, Lan9303Phy),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_lan9303_port = {
    .name = "lan9303/port",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(rx_cfg, Lan9303Port),
        VMSTATE_UINT32(tx_cfg, Lan9303Port),
        VMSTATE_UINT32(tx_fc, Lan9303Port),
        VMSTATE_UINT32(imr, Lan9303Port),
        VMSTATE_UINT32_ARRAY(cnt, Lan9303Port, LAN9303_MAC_COUNTERS),
        VMSTATE_UINT32(filtered, Lan9303Port),
        VMSTATE_UINT32(learn_discard, Lan9303Port),
        VMSTATE_UINT32(bm_drop, Lan9303Port),
        VMSTATE_INT64(tx_busy_until, Lan9303Port),
        VMSTATE_STRUCT(phy, Lan9303Port, 1, vmstate_lan9303_phy, Lan9303Phy),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_lan9303_alr = {
    .name = "lan9303/alr",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_ARRAY(mac, Lan9303AlrEntry, 6),
        VMSTATE_UINT32(dat1, Lan9303AlrEntry),
        VMSTATE_INT64(seen_ns, Lan9303AlrEntry),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_lan9303 = {
    .name = TYPE_LAN9303,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = lan9303_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_I2C_SLAVE(parent_obj, Lan9303State),
        VMSTATE_STRUCT_ARRAY(port, Lan9303State, LAN9303_PORTS, 1,
                             vmstate_lan9303_port, Lan9303Port),
        VMSTATE_UINT32(irq_cfg, Lan9303State),
        VMSTATE_UINT32(int_sts, Lan9303State),
        VMSTATE_UINT32(int_en, Lan9303State),
        VMSTATE_UINT32(gpt_cfg, Lan9303State),
        VMSTATE_UINT32(pmi_data, Lan9303State),
        VMSTATE_UINT32(pmi_access, Lan9303State),
        VMSTATE_UINT32_ARRAY(manual_fc, Lan9303State, LAN9303_PORTS),
        VMSTATE_UINT32(csr_data, Lan9303State),
        VMSTATE_UINT32(csr_cmd, Lan9303State),
        VMSTATE_UINT32(led_cfg, Lan9303State),
        VMSTATE_UINT32_ARRAY(gpio, Lan9303State, 3),
        VMSTATE_UINT32(mac_addrh, Lan9303State),
        VMSTATE_UINT32(mac_addrl, Lan9303State),
        VMSTATE_UINT32(sw_imr, Lan9303State),
        VMSTATE_UINT32(alr_cmd, Lan9303State),
        VMSTATE_UINT32_ARRAY(alr_wr, Lan9303State, 2),
        VMSTATE_UINT32_ARRAY(alr_rd, Lan9303State, 2),
        VMSTATE_INT32(alr_next, Lan9303State),
        VMSTATE_UINT32(alr_cfg, Lan9303State),
        VMSTATE_UINT32(glb_ingress, Lan9303State),
        VMSTATE_UINT32(port_ingress, Lan9303State),
        VMSTATE_UINT32(admt_only_vlan, Lan9303State),
        VMSTATE_UINT32(port_state, Lan9303State),
        VMSTATE_UINT32(pri_to_que, Lan9303State),
        VMSTATE_UINT32(mirror, Lan9303State),
        VMSTATE_UINT32(ingress_type, Lan9303State),
        VMSTATE_UINT32(bcst_throt, Lan9303State),
        VMSTATE_UINT32(admt_n_member, Lan9303State),
        VMSTATE_UINT32(swe_imr, Lan9303State),
        VMSTATE_UINT32(bm_cfg, Lan9303State),
        VMSTATE_UINT32_ARRAY(bm_lvl, Lan9303State, 4),
        VMSTATE_UINT32(egress_type, Lan9303State),
        VMSTATE_UINT32(bm_imr, Lan9303State),
        VMSTATE_STRUCT_ARRAY(alr, Lan9303State, LAN9303_ALR_ENTRIES, 1,
                             vmstate_lan9303_alr, Lan9303AlrEntry),
        VMSTATE_UINT8(i2c_reg, Lan9303State),
        VMSTATE_UINT8(i2c_pos, Lan9303State),
        VMSTATE_BOOL(i2c_have_reg, Lan9303State),
        VMSTATE_BOOL(i2c_reading, Lan9303State),
        VMSTATE_UINT32(i2c_shift, Lan9303State),
        VMSTATE_END_OF_LIST()
    },
};

static const Property lan9303_properties[] = {
    DEFINE_PROP_NETDEV("port0", Lan9303State, port[0].conf.peers),
    DEFINE_PROP_NETDEV("port1", Lan9303State, port[1].conf.peers),
    DEFINE_PROP_NETDEV("port2", Lan9303State, port[2].conf.peers),
    DEFINE_PROP_LINK("conduit", Lan9303State, conduit, TYPE_DEVICE,
                     DeviceState *),
    DEFINE_PROP_BOOL("phy-addr-sel", Lan9303State, phy_addr_sel, false),
};

static void lan9303_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    I2CSlaveClass *k = I2C_SLAVE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "Microchip LAN9303 three-port Ethernet switch (I2C managed)";
    dc->realize = lan9303_realize;
    dc->unrealize = lan9303_unrealize;
    dc->vmsd = &vmstate_lan9303;
    dc->user_creatable = true;
    device_class_set_props(dc, lan9303_properties);
    k->event = lan9303_i2c_event;
    k->send = lan9303_i2c_send;
    k->recv = lan9303_i2c_recv;
    rc->phases.hold = lan9303_reset_hold;
    fc->add_node = lan9303_add_fdt_node;
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
}

static const TypeInfo lan9303_types[] = {
    {
        .name = TYPE_LAN9303,
        .parent = TYPE_I2C_SLAVE,
        .instance_size = sizeof(Lan9303State),
        .instance_init = lan9303_init,
        .class_init = lan9303_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(lan9303_types)
