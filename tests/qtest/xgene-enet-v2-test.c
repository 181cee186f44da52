/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * APM X-Gene Ethernet v2 (slot 12, 0x100c0000, SPI 61): the port brought
 * up as Linux's xgene-enet-v2 driver does it (clocks, resets, RAM
 * shutdown), the PHY behind the MII management block, the station address
 * and MAC soft reset, the linked descriptor rings (frames checked byte for
 * byte on a socket netdev), the interrupt, the RMON counters, hostile
 * descriptors and DMA outside RAM, device reset, and a migration with work
 * pending.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "qemu/bswap.h"
#include "hw/net/mii.h"
#include "presilicon-qtest.h"
#include "hw/net/xgene_enet_v2_regs.h"
#include "check-tap.h"
#include <libfdt.h>

#define XG_BASE     0x100c0000ull
#define XG_PATH     "/machine/xgene-enet-v2"
#define XG_SPI      61
#define RAM         0x40000000ull
#define TXRING      (RAM + 0x100000)
#define RXRING      (RAM + 0x110000)
#define TXBUF       (RAM + 0x200000)
#define RXBUF       (RAM + 0x300000)
#define BUFSZ       0x800
#define NOWHERE     0x3f000000000ull            /* no memory here */
#define NDESC       256                         /* the driver's rings */
#define MAXF        XGENE_ENET_V2_MAX_FRAME

#define DESC(ring, i)   ((ring) + (i) * XGENE_ENET_V2_DESC_SIZE)
#define INT(bit)        R_DMAINTERRUPT_##bit##_MASK
/* What xge_intr_enable() unmasks. */
#define DRV_INTR        (INT(RX_PKT_RCVD) | INT(TX_PKT_SENT))
#define M0_SIZE(m0)     (((m0) & XGENE_DESC_M0_PKT_SIZE_MASK) >> \
                         XGENE_DESC_M0_PKT_SIZE_SHIFT)
#define NEXT_MASK       (XGENE_DESC_M1_NEXT_ADDRL_MASK | \
                         XGENE_DESC_M1_NEXT_ADDRH_MASK)

/* PHY 1 with a link: 10/100 abilities, extended status, AN done. */
#define BMSR_UP     (MII_BMSR_100TX_FD | MII_BMSR_100TX_HD | \
                     MII_BMSR_10T_FD | MII_BMSR_10T_HD | MII_BMSR_EXTSTAT | \
                     MII_BMSR_MFPS | MII_BMSR_AN_COMP | MII_BMSR_AUTONEG | \
                     MII_BMSR_LINK_ST | MII_BMSR_EXTCAP)
#define BMCR_RESET_VAL  (MII_BMCR_AUTOEN | MII_BMCR_FD | MII_BMCR_SPEED1000)
#define ANAR_RESET_VAL  (MII_ANAR_TXFD | MII_ANAR_TX | MII_ANAR_10FD | \
                         MII_ANAR_10 | MII_ANAR_CSMACD)

typedef struct Xg {
    PsQTest *t;
    QTestState *qts;
    int sock;           /* our end of the socket netdev, -1 without one */
    unsigned ndesc;     /* descriptors in each ring */
    unsigned tx_tail;   /* next TX descriptor the "driver" fills */
    unsigned tx_head;   /* next TX descriptor it reclaims */
    unsigned rx_head;   /* next RX descriptor it expects filled */
} Xg;

static const uint8_t our_mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };
static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
static const uint8_t mcast[6] = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0x01 };
static const uint8_t other[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };

static uint32_t rd(Xg *x, uint32_t reg)
{
    return qtest_readl(x->qts, XG_BASE + reg);
}

static void wr(Xg *x, uint32_t reg, uint32_t v)
{
    qtest_writel(x->qts, XG_BASE + reg, v);
}

static uint64_t dq(Xg *x, uint64_t desc, int word)
{
    return qtest_readq(x->qts, desc + word * 8);
}

static void dqw(Xg *x, uint64_t desc, int word, uint64_t v)
{
    qtest_writeq(x->qts, desc + word * 8, v);
}

static bool irq(Xg *x)
{
    return qtest_get_irq(x->qts, 0);
}

static void log_has(Xg *x, const char *needle)
{
    g_autofree char *log = ps_log_take(x->t);

    ck_assert_msg(strstr(log, needle), "no \"%s\" in the log:\n%s", needle,
                  log);
}

/* --- the driver's steps --------------------------------------------- */

/* xge_port_reset(): clocks, reset pulse, RAMs out of shutdown. */
static void port_reset(Xg *x)
{
    int wait = 10;

    wr(x, A_ENET_CLKEN, 3);
    wr(x, A_ENET_SRST, 0xf);
    wr(x, A_ENET_SRST, 0);
    wr(x, A_CFG_MEM_RAM_SHUTDOWN, 1);
    wr(x, A_CFG_MEM_RAM_SHUTDOWN, 0);
    while (rd(x, A_BLOCK_MEM_RDY) != XGENE_ENET_V2_MEM_RDY && wait--) {
        qtest_clock_step(x->qts, 100000);
    }
    ck_assert_uint_eq(rd(x, A_BLOCK_MEM_RDY), XGENE_ENET_V2_MEM_RDY);
    wr(x, A_ENET_SHIM, 0x3);
}

static void set_station_addr(Xg *x, const uint8_t *a)
{
    wr(x, A_STATION_ADDR0, a[3] << 24 | a[2] << 16 | a[1] << 8 | a[0]);
    wr(x, A_STATION_ADDR1, a[5] << 24 | a[4] << 16);
}

/* xge_mac_init(): MAC reset, 1000 Mbit/s, station address; traffic. */
static void mac_init(Xg *x)
{
    uint32_t icm0, icm2, ecm0, mc2, intf, rgmii;

    wr(x, A_MAC_CONFIG_1, R_MAC_CONFIG_1_SOFT_RESET_MASK);
    wr(x, A_MAC_CONFIG_1, 0);
    icm0 = rd(x, A_ICM_CONFIG0_REG_0);
    icm2 = rd(x, A_ICM_CONFIG2_REG_0);
    ecm0 = rd(x, A_ECM_CONFIG0_REG_0);
    rgmii = rd(x, A_RGMII_REG_0);
    mc2 = rd(x, A_MAC_CONFIG_2);
    intf = rd(x, A_INTERFACE_CONTROL);
    icm2 |= R_ICM_CONFIG2_REG_0_CFG_WAITASYNCRD_EN_MASK;
    mc2 = FIELD_DP32(mc2, MAC_CONFIG_2, INTF_MODE, 2);
    intf = FIELD_DP32(intf, INTERFACE_CONTROL, HD_MODE, 2);
    icm0 = FIELD_DP32(icm0, ICM_CONFIG0_REG_0, CFG_MACMODE, 2);
    icm2 = FIELD_DP32(icm2, ICM_CONFIG2_REG_0, CFG_WAITASYNCRD, 16);
    rgmii = FIELD_DP32(rgmii, RGMII_REG_0, CFG_SPEED_125, 1);
    mc2 |= R_MAC_CONFIG_2_FULL_DUPLEX_MASK | R_MAC_CONFIG_2_CRC_EN_MASK |
           R_MAC_CONFIG_2_PAD_CRC_MASK;
    ecm0 = FIELD_DP32(ecm0, ECM_CONFIG0_REG_0, CFG_WFIFOFULLTHR, 0x32);
    wr(x, A_MAC_CONFIG_2, mc2);
    wr(x, A_INTERFACE_CONTROL, intf);
    wr(x, A_RGMII_REG_0, rgmii);
    wr(x, A_ICM_CONFIG0_REG_0, icm0);
    wr(x, A_ICM_CONFIG2_REG_0, icm2);
    wr(x, A_ECM_CONFIG0_REG_0, ecm0);
    set_station_addr(x, our_mac);
    /* xge_traffic_resume() */
    wr(x, A_CFG_FORCE_LINK_STATUS_EN, 1);
    wr(x, A_FORCE_LINK_STATUS, 1);
    wr(x, A_CFG_LINK_AGGR_RESUME, 1);
    wr(x, A_RX_DV_GATE_REG, 1);
}

static void mac_enable(Xg *x, bool on)
{
    uint32_t v = rd(x, A_MAC_CONFIG_1);
    uint32_t en = R_MAC_CONFIG_1_TX_EN_MASK | R_MAC_CONFIG_1_RX_EN_MASK;

    wr(x, A_MAC_CONFIG_1, on ? v | en : v & ~en);
}

/* xge_setup_desc(): a circle of n empty slots linked by m1. */
static void ring_setup(Xg *x, uint64_t ring, unsigned n)
{
    unsigned i;

    for (i = 0; i < n; i++) {
        uint64_t next = DESC(ring, (i + 1) % n);

        dqw(x, DESC(ring, i), 0, XGENE_DESC_M0_E |
            ((uint64_t)XGENE_DESC_SLOT_EMPTY << XGENE_DESC_M0_PKT_SIZE_SHIFT));
        dqw(x, DESC(ring, i), 1, (next & XGENE_DESC_M1_NEXT_ADDRL_MASK) |
            ((next >> 32) << XGENE_DESC_M1_NEXT_ADDRH_SHIFT));
        dqw(x, DESC(ring, i), 2, 0);
    }
}

/* Point a descriptor's buffer at buf: m1 first, then m0 (the driver's). */
static void desc_fill(Xg *x, uint64_t d, uint64_t buf, uint64_t m0_rest)
{
    uint64_t m1 = dq(x, d, 1) & NEXT_MASK;

    dqw(x, d, 1, m1 | ((buf >> 32) << XGENE_DESC_M1_PKT_ADDRH_SHIFT));
    dqw(x, d, 0, (buf & XGENE_DESC_M0_PKT_ADDRL_MASK) | m0_rest);
}

/* xge_refill_buffers() for one slot. */
static void rx_refill(Xg *x, unsigned i)
{
    desc_fill(x, DESC(RXRING, i), RXBUF + i * BUFSZ, XGENE_DESC_M0_E);
}

/* xge_open(): rings, descriptor pointers, buffers, interrupts, MAC on. */
static void xg_open(Xg *x, unsigned ndesc)
{
    unsigned i;

    x->ndesc = ndesc;
    ring_setup(x, TXRING, ndesc);
    wr(x, A_DMATXDESCL, (uint32_t)TXRING);
    wr(x, A_DMATXDESCH, TXRING >> 32);
    ring_setup(x, RXRING, ndesc);
    wr(x, A_DMARXDESCL, (uint32_t)RXRING);
    wr(x, A_DMARXDESCH, RXRING >> 32);
    for (i = 0; i < ndesc; i++) {
        rx_refill(x, i);
    }
    wr(x, A_DMAINTRMASK, DRV_INTR);
    wr(x, A_DMARXCTRL, 1);
    mac_enable(x, true);
    x->tx_tail = x->tx_head = x->rx_head = 0;
}

static Xg *xg_new(bool sock)
{
    Xg *x = g_new0(Xg, 1);
    int sv[2];

    if (!sock) {
        x->sock = -1;
        x->t = ps_qtest_start("presilicon", "-nic none");
    } else {
        g_assert_cmpint(socketpair(PF_UNIX, SOCK_STREAM, 0, sv), ==, 0);
        x->sock = sv[0];
        /* A bound, not a wait: frames are sent from the TX bottom half. */
        struct timeval tv = { .tv_sec = 10 };
        setsockopt(x->sock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
        x->t = ps_qtest_start("presilicon", "-nic socket,id=xn,fd=%d,"
                              "model=xgene-enet-v2,mac=52:54:00:12:34:56",
                              sv[1]);
        close(sv[1]);
    }
    x->qts = x->t->qts;
    qtest_irq_intercept_out_named(x->qts, XG_PATH, "sysbus-irq");
    return x;
}

/* A port the driver has probed and opened, with n-descriptor rings. */
static Xg *xg_start(unsigned ndesc)
{
    Xg *x = xg_new(true);

    port_reset(x);
    mac_init(x);
    xg_open(x, ndesc);
    return x;
}

static void xg_quit(Xg *x)
{
    if (x->sock >= 0) {
        close(x->sock);
    }
    ps_qtest_quit(x->t);
    g_free(x);
}

/* --- frames ----------------------------------------------------------- */

static void make_frame(uint8_t *f, size_t len, const uint8_t *dst, int seed)
{
    size_t i;

    memcpy(f, dst, 6);
    memcpy(f + 6, "\x02\x00\x00\x00\x00\x01", 6);
    f[12] = 0x08;
    f[13] = 0x00;
    for (i = 14; i < len; i++) {
        f[i] = i * 7 + seed;
    }
}

/* xge_start_xmit() without the doorbell: fill the tail slot. */
static void tx_queue(Xg *x, const uint8_t *f, size_t len)
{
    unsigned i = x->tx_tail;
    uint64_t buf = TXBUF + i * BUFSZ;

    qtest_memwrite(x->qts, buf, f, len);
    desc_fill(x, DESC(TXRING, i), buf,
              (uint64_t)len << XGENE_DESC_M0_PKT_SIZE_SHIFT);
    x->tx_tail = (i + 1) % x->ndesc;
}

static void tx_kick(Xg *x)
{
    wr(x, A_DMATXCTRL, 1);
    qtest_clock_step(x->qts, 1000);
}

static void xmit(Xg *x, const uint8_t *f, size_t len)
{
    tx_queue(x, f, len);
    tx_kick(x);
}

/* The done slots xge_txc_poll() frees (ack: one DMATXSTATUS write each). */
static void tx_free(Xg *x, unsigned n, bool ack)
{
    unsigned k;

    for (k = 0; k < n; k++) {
        uint64_t d = DESC(TXRING, x->tx_head);
        uint64_t m0 = dq(x, d, 0);

        /* is_tx_hw_done(): E set, PKT_SIZE 0; the buffer stays. */
        ck_assert(m0 & XGENE_DESC_M0_E);
        ck_assert_uint_eq(M0_SIZE(m0), 0);
        ck_assert_uint_eq(m0 & XGENE_DESC_M0_PKT_ADDRL_MASK,
                          (uint32_t)(TXBUF + x->tx_head * BUFSZ));
        dqw(x, d, 0, XGENE_DESC_M0_E | ((uint64_t)XGENE_DESC_SLOT_EMPTY <<
                                        XGENE_DESC_M0_PKT_SIZE_SHIFT));
        if (ack) {
            wr(x, A_DMATXSTATUS, 1);
        }
        x->tx_head = (x->tx_head + 1) % x->ndesc;
    }
}

/* xge_txc_poll(): n frames counted, their slots freed and acknowledged. */
static void tx_reclaim(Xg *x, unsigned n)
{
    ck_assert_uint_eq(FIELD_EX32(rd(x, A_DMATXSTATUS), DMATXSTATUS,
                                 PKTCOUNT), MIN(n, 255));
    tx_free(x, n, true);
    ck_assert_uint_eq(rd(x, A_DMATXSTATUS), 0);
}

static void sock_expect(Xg *x, const uint8_t *f, size_t len)
{
    uint8_t got[4096];

    ck_assert_uint_eq(ps_netsock_recv(x->sock, got, sizeof(got)), len);
    ck_assert_mem_eq(got, f, len);
}

/*
 * The same, past the RARP announcements QEMU sends from every NIC after
 * an incoming migration (on the real-time clock, so at any point).
 */
static void sock_expect_after_announce(Xg *x, const uint8_t *f, size_t len)
{
    uint8_t got[4096];
    size_t n;

    while ((n = ps_netsock_recv(x->sock, got, sizeof(got))) == 60 &&
           lduw_be_p(got + 12) == 0x8035) {
        ck_assert_mem_eq(got + 6, our_mac, 6);
    }
    ck_assert_uint_eq(n, len);
    ck_assert_mem_eq(got, f, len);
}

/* Nothing was sent: a few main-loop turns later the socket is empty. */
static void sock_quiet(Xg *x)
{
    uint8_t b;

    qtest_clock_step(x->qts, 1000);
    qtest_clock_step(x->qts, 1000);
    rd(x, A_DMATXSTATUS);
    ck_assert_int_eq(recv(x->sock, &b, 1, MSG_DONTWAIT), -1);
    ck_assert(errno == EAGAIN || errno == EWOULDBLOCK);
}

/* Wait (virtual time, then the main loop) until RX descriptor i is done. */
static void rx_wait(Xg *x, unsigned i)
{
    int tries;

    for (tries = 0; tries < 1000; tries++) {
        if (!(dq(x, DESC(RXRING, i), 0) & XGENE_DESC_M0_E)) {
            return;
        }
        qtest_clock_step(x->qts, 1000);
    }
    ck_abort_msg("RX descriptor %u never filled", i);
}

/* Nothing landed in RX descriptor i after the main loop had its turns. */
static void rx_none(Xg *x, unsigned i)
{
    int k;

    for (k = 0; k < 20; k++) {
        qtest_clock_step(x->qts, 1000);
    }
    ck_assert(dq(x, DESC(RXRING, i), 0) & XGENE_DESC_M0_E);
}

/* The frame in RX slot i is f: size, E clear, no error, the bytes. */
static void rx_check(Xg *x, unsigned i, const uint8_t *f, size_t len)
{
    uint8_t got[MAXF];
    uint64_t m0 = dq(x, DESC(RXRING, i), 0);

    ck_assert_uint_eq(m0 & XGENE_DESC_M0_E, 0);
    ck_assert_uint_eq(M0_SIZE(m0), len);
    ck_assert_uint_eq(dq(x, DESC(RXRING, i), 2) & XGENE_DESC_M2_D_MASK, 0);
    qtest_memread(x->qts, RXBUF + i * BUFSZ, got, len);
    ck_assert_mem_eq(got, f, len);
}

/* xge_rx_poll() for one slot: refill, acknowledge, restart. */
static void rx_done(Xg *x)
{
    rx_refill(x, x->rx_head);
    wr(x, A_DMARXSTATUS, 1);
    wr(x, A_DMARXCTRL, 1);
    x->rx_head = (x->rx_head + 1) % x->ndesc;
}

/* Send f, see it land in the next slot, hand the slot back. */
static void recv_one(Xg *x, const uint8_t *f, size_t len)
{
    ps_netsock_send(x->sock, f, len);
    rx_wait(x, x->rx_head);
    rx_check(x, x->rx_head, f, len);
    rx_done(x);
}

/* --- MDIO ------------------------------------------------------------- */

/* xge_mdio_read() */
static uint16_t mdio_rd(Xg *x, unsigned phy, unsigned reg)
{
    uint32_t v;

    wr(x, A_MII_MGMT_ADDRESS, phy << R_MII_MGMT_ADDRESS_PHY_ADDR_SHIFT | reg);
    wr(x, A_MII_MGMT_COMMAND, R_MII_MGMT_COMMAND_READ_CYCLE_MASK);
    ck_assert_uint_eq(rd(x, A_MII_MGMT_INDICATORS) &
                      R_MII_MGMT_INDICATORS_BUSY_MASK, 0);
    v = rd(x, A_MII_MGMT_STATUS);
    wr(x, A_MII_MGMT_COMMAND, 0);
    ck_assert_uint_le(v, 0xffff);
    return v;
}

/* xge_mdio_write() */
static void mdio_wr(Xg *x, unsigned phy, unsigned reg, uint16_t v)
{
    wr(x, A_MII_MGMT_ADDRESS, phy << R_MII_MGMT_ADDRESS_PHY_ADDR_SHIFT | reg);
    wr(x, A_MII_MGMT_CONTROL, v);
    ck_assert_uint_eq(rd(x, A_MII_MGMT_INDICATORS) &
                      R_MII_MGMT_INDICATORS_BUSY_MASK, 0);
}

static void set_link(Xg *x, bool up)
{
    qtest_qmp_assert_success(x->qts, "{'execute': 'set_link', 'arguments': "
                             "{'name': 'xn', 'up': %i}}", up);
}

/* --- tests ------------------------------------------------------------ */

static void check_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size;
    const fdt32_t *irqs;
    int len;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    ck_assert_uint_eq(base, want_base);
    ck_assert_uint_eq(size, XGENE_ENET_V2_MMIO_SIZE);
    irqs = fdt_getprop(fdt, node, "interrupts", &len);
    ck_assert_int_eq(len, 12);
    ck_assert_uint_eq(fdt32_to_cpu(irqs[0]), 0);            /* SPI */
    ck_assert_uint_eq(fdt32_to_cpu(irqs[1]), XG_SPI);
    ck_assert_uint_eq(fdt32_to_cpu(irqs[2]), 4);            /* level high */
    ck_assert_str_eq(fdt_getprop(fdt, node, "phy-connection-type", &len),
                     "rgmii");
    ck_assert_ptr_nonnull(fdt_getprop(fdt, node, "dma-coherent", &len));
    ck_assert_int_eq(len, 0);
}

START_TEST(test_device_tree_node)
{
    Xg *x;
    g_autofree void *fdt = NULL;
    const void *mac;
    int node, len;

    ps_check_builtin_node("apm,xgene-enet-v2", XG_BASE, check_node);
    /* -nic ...,mac= is the node's local-mac-address. */
    x = xg_new(true);
    fdt = ps_dtb(x->t);
    node = ps_fdt_node_by_compat(fdt, "apm,xgene-enet-v2");
    check_node(fdt, node, XG_BASE);
    mac = fdt_getprop(fdt, node, "local-mac-address", &len);
    ck_assert_int_eq(len, 6);
    ck_assert_mem_eq(mac, our_mac, 6);
    xg_quit(x);
}
END_TEST

START_TEST(test_port_bringup)
{
    Xg *x = xg_new(true);

    /* Power-on: clocks off, out of reset, RAMs shut down and not ready. */
    ck_assert_uint_eq(rd(x, A_ENET_CLKEN), 0);
    ck_assert_uint_eq(rd(x, A_ENET_SRST), 0);
    ck_assert_uint_eq(rd(x, A_CFG_MEM_RAM_SHUTDOWN), 1);
    ck_assert_uint_eq(rd(x, A_BLOCK_MEM_RDY), 0);

    /* Clocks off: MAC and DMA writes are dropped, reads give 0. */
    wr(x, A_STATION_ADDR0, 0x12345678);
    log_has(x, "write of 0xa040 with the port clocks off (ENET_CLKEN); "
            "ignored");
    wr(x, A_DMAINTRMASK, DRV_INTR);
    log_has(x, "write of 0xa198 with the port clocks off");
    wr(x, A_ENET_CLKEN, 3);
    ck_assert_uint_eq(rd(x, A_ENET_CLKEN), 3);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR0), 0);
    ck_assert_uint_eq(rd(x, A_DMAINTRMASK), 0);
    wr(x, A_STATION_ADDR0, 0x12345678);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR0), 0x12345678);
    wr(x, A_ENET_CLKEN, 0);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR0), 0);
    log_has(x, "read of 0xa040 with the port clocks off (ENET_CLKEN)");
    /* Gating the clock keeps the register. */
    wr(x, A_ENET_CLKEN, 3);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR0), 0x12345678);

    /* In reset: the same, and the reset clears the port. */
    wr(x, A_ENET_SRST, 0xf);
    ck_assert_uint_eq(rd(x, A_ENET_SRST), 0xf);
    ck_assert_uint_eq(rd(x, A_MAC_CONFIG_2), 0);
    log_has(x, "read of 0xa004 with the port in reset (ENET_SRST)");
    wr(x, A_MAC_CONFIG_2, 0x7);
    log_has(x, "write of 0xa004 with the port in reset (ENET_SRST); "
            "ignored");
    wr(x, A_ENET_SRST, 0);
    ck_assert_uint_eq(rd(x, A_MAC_CONFIG_2), 0);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR0), 0);
    ck_assert_uint_eq(rd(x, A_ENET_CLKEN), 3);

    /* The RAMs: ready exactly when out of shutdown. */
    ck_assert_uint_eq(rd(x, A_BLOCK_MEM_RDY), 0);
    wr(x, A_CFG_MEM_RAM_SHUTDOWN, 0);
    ck_assert_uint_eq(rd(x, A_BLOCK_MEM_RDY), 0xffffffff);
    wr(x, A_CFG_MEM_RAM_SHUTDOWN, 1);
    ck_assert_uint_eq(rd(x, A_BLOCK_MEM_RDY), 0);
    wr(x, A_DMATXCTRL, 1);
    log_has(x, "TX DMA started with its RAMs shut down");
    wr(x, A_DMARXCTRL, 1);
    log_has(x, "RX DMA started with its RAMs shut down");

    /* The driver's whole sequence, and what it leaves in the MAC. */
    port_reset(x);
    ck_assert_uint_eq(rd(x, A_DMATXCTRL), 0);       /* SRST cleared it */
    ck_assert_uint_eq(rd(x, A_ENET_SHIM), 3);
    mac_init(x);
    ck_assert_uint_eq(rd(x, A_MAC_CONFIG_1), 0);
    ck_assert_uint_eq(rd(x, A_MAC_CONFIG_2), 0x207);
    ck_assert_uint_eq(rd(x, A_INTERFACE_CONTROL), 2u << 25);
    ck_assert_uint_eq(rd(x, A_ICM_CONFIG0_REG_0), 2u << 18);
    ck_assert_uint_eq(rd(x, A_ICM_CONFIG2_REG_0), 0x10010);
    ck_assert_uint_eq(rd(x, A_ECM_CONFIG0_REG_0), 0x32);
    ck_assert_uint_eq(rd(x, A_RGMII_REG_0), 1u << 24);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR0), 0x12005452);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR1), 0x56340000);
    ck_assert_uint_eq(rd(x, A_RX_DV_GATE_REG), 1);
    xg_open(x, NDESC);
    ck_assert_uint_eq(rd(x, A_MAC_CONFIG_1), R_MAC_CONFIG_1_TX_EN_MASK |
                      R_MAC_CONFIG_1_RX_EN_MASK);
    ck_assert_uint_eq(rd(x, A_DMATXDESCL), (uint32_t)TXRING);
    ck_assert_uint_eq(rd(x, A_DMARXDESCL), (uint32_t)RXRING);
    ck_assert_uint_eq(rd(x, A_DMATXDESCH), 0);
    ck_assert_uint_eq(rd(x, A_DMAINTRMASK), DRV_INTR);
    ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), 0);
    ck_assert(!irq(x));

    /* A second ENET_SRST pulse takes the opened port back to power-on. */
    wr(x, A_ENET_SRST, 0xf);
    wr(x, A_ENET_SRST, 0);
    ck_assert_uint_eq(rd(x, A_MAC_CONFIG_1), 0);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR1), 0);
    ck_assert_uint_eq(rd(x, A_DMARXDESCL), 0);
    ck_assert_uint_eq(rd(x, A_DMAINTRMASK), 0);
    ck_assert_uint_eq(rd(x, A_CFG_MEM_RAM_SHUTDOWN), 1);
    ck_assert_uint_eq(rd(x, A_BLOCK_MEM_RDY), 0);
    xg_quit(x);
}
END_TEST

START_TEST(test_mdio_phy)
{
    Xg *x = xg_start(8);
    unsigned a;

    /* The bus scan: PHY 1 answers, every other address floats high. */
    for (a = 0; a < 32; a++) {
        ck_assert_uint_eq(mdio_rd(x, a, MII_BMSR),
                          a == XGENE_ENET_V2_PHY_ADDR ? BMSR_UP : 0xffff);
    }
    ck_assert_uint_eq(mdio_rd(x, 0, MII_PHYID1), 0xffff);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_PHYID1), 0);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_PHYID2), 0);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMCR), BMCR_RESET_VAL);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_ANAR), ANAR_RESET_VAL);
    ck_assert(mdio_rd(x, 1, MII_ANLPAR) & MII_ANLPAR_ACK);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_CTRL1000),
                      MII_CTRL1000_FULL | MII_CTRL1000_HALF);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_STAT1000),
                      MII_STAT1000_LOK | MII_STAT1000_ROK |
                      MII_STAT1000_FULL | MII_STAT1000_HALF);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_EXTSTAT),
                      MII_EXTSTAT_1000T_FD | MII_EXTSTAT_1000T_HD);
    /* The read cycle's result stays in MII_MGMT_STATUS: read-only. */
    wr(x, A_MII_MGMT_STATUS, 0x1234);
    log_has(x, "register 0xa030 is read-only");
    ck_assert_uint_eq(rd(x, A_MII_MGMT_STATUS), MII_EXTSTAT_1000T_FD |
                      MII_EXTSTAT_1000T_HD);

    /* Writes through MII_MGMT_CONTROL: genphy's advertisement. */
    mdio_wr(x, 1, MII_ANAR, MII_ANAR_TXFD | MII_ANAR_CSMACD);
    mdio_wr(x, 1, MII_CTRL1000, MII_CTRL1000_FULL);
    ck_assert_uint_eq(rd(x, A_MII_MGMT_CONTROL), MII_CTRL1000_FULL);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_ANAR),
                      MII_ANAR_TXFD | MII_ANAR_CSMACD);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_CTRL1000), MII_CTRL1000_FULL);
    /* Restart is self-clearing; negotiation is done at once. */
    mdio_wr(x, 1, MII_BMCR, MII_BMCR_AUTOEN | MII_BMCR_ANRESTART);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMCR), MII_BMCR_AUTOEN);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMSR), BMSR_UP);
    /* Another address takes no write. */
    mdio_wr(x, 2, MII_ANAR, 0);
    ck_assert_uint_eq(mdio_rd(x, 2, MII_ANAR), 0xffff);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_ANAR),
                      MII_ANAR_TXFD | MII_ANAR_CSMACD);
    /* Status registers are read-only. */
    mdio_wr(x, 1, MII_BMSR, 0);
    log_has(x, "PHY register 1 is read-only");
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMSR), BMSR_UP);
    mdio_wr(x, 1, MII_PHYID1, 0x1234);
    log_has(x, "PHY register 2 is read-only");
    ck_assert_uint_eq(mdio_rd(x, 1, MII_PHYID1), 0);

    /* Auto-negotiation off: link, no AN complete, no partner. */
    mdio_wr(x, 1, MII_BMCR, MII_BMCR_FD | MII_BMCR_SPEED1000);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMSR), BMSR_UP & ~MII_BMSR_AN_COMP);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_ANLPAR), 0);
    /* Power-down: no link. */
    mdio_wr(x, 1, MII_BMCR, MII_BMCR_PDOWN | MII_BMCR_AUTOEN);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMSR) &
                      (MII_BMSR_LINK_ST | MII_BMSR_AN_COMP), 0);
    /* BMCR reset: every default back, link up again. */
    mdio_wr(x, 1, MII_BMCR, MII_BMCR_RESET);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMCR), BMCR_RESET_VAL);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_ANAR), ANAR_RESET_VAL);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_CTRL1000),
                      MII_CTRL1000_FULL | MII_CTRL1000_HALF);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMSR), BMSR_UP);

    /* The link follows the netdev. */
    set_link(x, false);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMSR),
                      BMSR_UP & ~(MII_BMSR_LINK_ST | MII_BMSR_AN_COMP));
    ck_assert_uint_eq(mdio_rd(x, 1, MII_STAT1000), 0);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_ANLPAR), 0);
    set_link(x, true);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMSR), BMSR_UP);
    ck_assert(mdio_rd(x, 1, MII_STAT1000) & MII_STAT1000_FULL);
    xg_quit(x);
}
END_TEST

/* No netdev is no cable: the PHY has no link to report. */
START_TEST(test_phy_without_netdev)
{
    Xg *x = xg_new(false);

    port_reset(x);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMSR) &
                      (MII_BMSR_LINK_ST | MII_BMSR_AN_COMP), 0);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_STAT1000), 0);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_ANLPAR), 0);
    xg_quit(x);
}
END_TEST

START_TEST(test_station_address_and_mac_reset)
{
    Xg *x = xg_start(8);
    static const uint8_t new_mac[6] = { 0x02, 0xaa, 0xbb, 0xcc, 0xdd, 0xee };
    uint8_t f[100];

    /* The station address is the RX filter's unicast address. */
    set_station_addr(x, new_mac);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR0), 0xccbbaa02);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR1), 0xeedd0000);
    make_frame(f, sizeof(f), our_mac, 1);
    ps_netsock_send(x->sock, f, sizeof(f));
    rx_none(x, 0);
    make_frame(f, sizeof(f), new_mac, 2);
    recv_one(x, f, sizeof(f));
    ck_assert_uint_eq(rd(x, A_RPKT), 1);

    /* Soft reset: the MAC's registers clear; glue and DMA stay. */
    wr(x, A_MAC_CONFIG_1, R_MAC_CONFIG_1_SOFT_RESET_MASK |
       R_MAC_CONFIG_1_TX_EN_MASK | R_MAC_CONFIG_1_RX_EN_MASK);
    ck_assert_uint_eq(rd(x, A_MAC_CONFIG_1), R_MAC_CONFIG_1_SOFT_RESET_MASK |
                      R_MAC_CONFIG_1_TX_EN_MASK | R_MAC_CONFIG_1_RX_EN_MASK);
    ck_assert_uint_eq(rd(x, A_MAC_CONFIG_2), 0);
    ck_assert_uint_eq(rd(x, A_INTERFACE_CONTROL), 0);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR0), 0);
    ck_assert_uint_eq(rd(x, A_STATION_ADDR1), 0);
    ck_assert_uint_eq(rd(x, A_ICM_CONFIG0_REG_0), 2u << 18);
    ck_assert_uint_eq(rd(x, A_DMAINTRMASK), DRV_INTR);
    ck_assert_uint_eq(rd(x, A_DMATXDESCL), (uint32_t)TXRING);
    ck_assert_uint_eq(rd(x, A_DMARXDESCL), (uint32_t)DESC(RXRING, 1));
    /* Held in reset the MAC neither sends nor receives. */
    make_frame(f, sizeof(f), bcast, 3);
    xmit(x, f, sizeof(f));
    sock_quiet(x);
    ck_assert_uint_eq(dq(x, DESC(TXRING, 0), 0) & XGENE_DESC_M0_E, 0);
    ps_netsock_send(x->sock, f, sizeof(f));
    rx_none(x, 1);
    /* Out of reset and set up again: the queued frame goes. */
    mac_init(x);
    mac_enable(x, true);
    sock_expect(x, f, sizeof(f));
    tx_reclaim(x, 1);
    make_frame(f, sizeof(f), our_mac, 4);
    recv_one(x, f, sizeof(f));
    xg_quit(x);
}
END_TEST

START_TEST(test_tx_ring_wrap)
{
    Xg *x = xg_start(NDESC);
    uint8_t f[MAXF];
    size_t len;
    unsigned k;

    /* One frame at a time as xge_start_xmit() does: 260 wrap the ring. */
    for (k = 0; k < NDESC + 4; k++) {
        len = k == 5 ? MAXF : k == 7 ? 14 : 60 + (k * 97) % (MAXF - 59);
        make_frame(f, len, k % 3 ? bcast : other, k);
        tx_queue(x, f, len);
        ck_assert_uint_eq(rd(x, A_DMATXSTATUS), 0);
        ck_assert(!irq(x));
        tx_kick(x);
        sock_expect(x, f, len);
        ck_assert_uint_eq(rd(x, A_DMATXSTATUS),
                          R_DMATXSTATUS_PKT_SENT_MASK | 1 << 16);
        ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), INT(TX_PKT_SENT));
        ck_assert(irq(x));
        ck_assert_uint_eq(rd(x, A_DMATXDESCL),
                          (uint32_t)DESC(TXRING, x->tx_tail));
        tx_reclaim(x, 1);
        ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), 0);
        ck_assert(!irq(x));
    }
    ck_assert_uint_eq(rd(x, A_TPKT), NDESC + 4);

    /* 200 frames behind one doorbell: all go, in order. */
    for (k = 0; k < 200; k++) {
        len = 100 + k;
        make_frame(f, len, bcast, k);
        tx_queue(x, f, len);
    }
    tx_kick(x);
    for (k = 0; k < 200; k++) {
        len = 100 + k;
        make_frame(f, len, bcast, k);
        sock_expect(x, f, len);
    }
    sock_quiet(x);
    ck_assert(irq(x));
    tx_reclaim(x, 200);
    ck_assert(!irq(x));

    /* MAC TX disabled: the DMA waits; enabling the MAC sends. */
    mac_enable(x, false);
    make_frame(f, 300, bcast, 1);
    xmit(x, f, 300);
    sock_quiet(x);
    ck_assert_uint_eq(dq(x, DESC(TXRING, x->tx_head), 0) &
                      XGENE_DESC_M0_E, 0);
    ck_assert_uint_eq(rd(x, A_DMATXSTATUS), 0);
    mac_enable(x, true);
    sock_expect(x, f, 300);
    tx_reclaim(x, 1);
    xg_quit(x);
}
END_TEST

START_TEST(test_tx_small_ring_and_mask)
{
    Xg *x = xg_start(8);
    uint8_t f[600];
    unsigned k, b;

    /* A linked ring of 8, three frames per doorbell: it wraps twice. */
    for (b = 0; b < 6; b++) {
        for (k = 0; k < 3; k++) {
            make_frame(f, 200 + k * 100, bcast, b * 3 + k);
            tx_queue(x, f, 200 + k * 100);
        }
        tx_kick(x);
        for (k = 0; k < 3; k++) {
            make_frame(f, 200 + k * 100, bcast, b * 3 + k);
            sock_expect(x, f, 200 + k * 100);
        }
        tx_free(x, 3, false);
        /* Each acknowledgement takes one off; the line stays until 0. */
        for (k = 3; k > 0; k--) {
            ck_assert_uint_eq(rd(x, A_DMATXSTATUS),
                              R_DMATXSTATUS_PKT_SENT_MASK | k << 16);
            ck_assert(irq(x));
            wr(x, A_DMATXSTATUS, 1);
        }
        ck_assert_uint_eq(rd(x, A_DMATXSTATUS), 0);
        ck_assert(!irq(x));
    }
    ck_assert_uint_eq(rd(x, A_DMATXDESCL), (uint32_t)DESC(TXRING, 18 % 8));
    /* Writing 0 acknowledges nothing; extra acknowledgements stop at 0. */
    make_frame(f, 64, bcast, 9);
    xmit(x, f, 64);
    sock_expect(x, f, 64);
    wr(x, A_DMATXSTATUS, 0);
    ck_assert_uint_eq(rd(x, A_DMATXSTATUS),
                      R_DMATXSTATUS_PKT_SENT_MASK | 1 << 16);
    tx_reclaim(x, 1);
    wr(x, A_DMATXSTATUS, 1);
    ck_assert_uint_eq(rd(x, A_DMATXSTATUS), 0);

    /* Masked (xge_irq's intr_disable): status, no line; unmask: line. */
    wr(x, A_DMAINTRMASK, 0);
    xmit(x, f, 64);
    sock_expect(x, f, 64);
    ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), INT(TX_PKT_SENT));
    ck_assert(!irq(x));
    wr(x, A_DMAINTRMASK, INT(RX_PKT_RCVD));
    ck_assert(!irq(x));
    wr(x, A_DMAINTRMASK, DRV_INTR);
    ck_assert(irq(x));
    /* DMAINTERRUPT's PKT bits follow the counts, W1C does not clear. */
    wr(x, A_DMAINTERRUPT, INT(TX_PKT_SENT));
    ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), INT(TX_PKT_SENT));
    ck_assert(irq(x));
    tx_reclaim(x, 1);
    ck_assert(!irq(x));
    xg_quit(x);
}
END_TEST

START_TEST(test_rx_frames_and_filter)
{
    Xg *x = xg_start(NDESC);
    uint8_t f[MAXF + 1], pad[60], got[64];
    unsigned k;

    /* A short frame is padded to 60 with zeros over the old contents. */
    qtest_memset(x->qts, RXBUF, 0xaa, BUFSZ);
    dqw(x, DESC(RXRING, 0), 2, XGENE_DESC_M2_D_MASK);  /* stale error */
    make_frame(f, 20, our_mac, 1);
    memset(pad, 0, sizeof(pad));
    memcpy(pad, f, 20);
    ck_assert(!irq(x));
    ps_netsock_send(x->sock, f, 20);
    rx_wait(x, 0);
    rx_check(x, 0, pad, 60);
    qtest_memread(x->qts, RXBUF + 60, got, 4);
    ck_assert_uint_eq(got[0], 0xaa);                    /* no further */
    ck_assert_uint_eq(rd(x, A_DMARXSTATUS),
                      R_DMARXSTATUS_PKT_RCVD_MASK | 1 << 16);
    ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), INT(RX_PKT_RCVD));
    ck_assert(irq(x));
    ck_assert_uint_eq(rd(x, A_DMARXDESCL), (uint32_t)DESC(RXRING, 1));
    rx_done(x);
    ck_assert_uint_eq(rd(x, A_DMARXSTATUS), 0);
    ck_assert(!irq(x));

    /* Sizes up to the 1536-byte buffer; broadcast and multicast too. */
    make_frame(f, 60, our_mac, 2);
    recv_one(x, f, 60);
    make_frame(f, 61, our_mac, 3);
    recv_one(x, f, 61);
    make_frame(f, MAXF, our_mac, 4);
    recv_one(x, f, MAXF);
    make_frame(f, 200, bcast, 5);
    recv_one(x, f, 200);
    make_frame(f, 300, mcast, 6);
    recv_one(x, f, 300);

    /* Another station's frame, and an oversized one: nothing consumed. */
    make_frame(f, 100, other, 7);
    ps_netsock_send(x->sock, f, 100);
    make_frame(f, MAXF + 1, our_mac, 8);
    ps_netsock_send(x->sock, f, MAXF + 1);
    make_frame(f, MAXF + 1, bcast, 8);
    ps_netsock_send(x->sock, f, MAXF + 1);
    make_frame(f, 80, our_mac, 9);
    recv_one(x, f, 80);
    ck_assert_uint_eq(rd(x, A_ROVR), 2);
    ck_assert_uint_eq(rd(x, A_RDRP), 2);
    ck_assert_uint_eq(rd(x, A_RPKT), 7);
    ck_assert_uint_eq(rd(x, A_RBCA), 1);
    ck_assert_uint_eq(rd(x, A_RMCA), 1);

    /* RX disabled in the MAC: frames are dropped, not held. */
    mac_enable(x, false);
    make_frame(f, 90, our_mac, 10);
    ps_netsock_send(x->sock, f, 90);
    rx_none(x, x->rx_head);
    mac_enable(x, true);
    make_frame(f, 91, our_mac, 11);
    recv_one(x, f, 91);

    /* Three frames before the driver looks: PKTCOUNT 3, one ack each. */
    for (k = 0; k < 3; k++) {
        make_frame(f, 100 + k, our_mac, 20 + k);
        ps_netsock_send(x->sock, f, 100 + k);
    }
    rx_wait(x, (x->rx_head + 2) % NDESC);
    ck_assert_uint_eq(rd(x, A_DMARXSTATUS),
                      R_DMARXSTATUS_PKT_RCVD_MASK | 3 << 16);
    for (k = 0; k < 3; k++) {
        make_frame(f, 100 + k, our_mac, 20 + k);
        rx_check(x, x->rx_head, f, 100 + k);
        ck_assert(irq(x));
        rx_done(x);
    }
    ck_assert(!irq(x));

    /* Around the 256-slot ring and past its start. */
    for (k = 0; k < NDESC; k++) {
        make_frame(f, 60 + k * 5, k & 1 ? bcast : our_mac, k);
        recv_one(x, f, 60 + k * 5);
    }
    ck_assert_uint_eq(rd(x, A_DMARXDESCL),
                      (uint32_t)DESC(RXRING, x->rx_head));
    xg_quit(x);
}
END_TEST

START_TEST(test_rx_waits_for_refill)
{
    Xg *x = xg_start(4);
    uint8_t f[6][200];
    unsigned k;

    /* Six frames, four empty buffers: two wait, none is overwritten. */
    for (k = 0; k < 6; k++) {
        make_frame(f[k], 100 + k * 10, our_mac, k);
        ps_netsock_send(x->sock, f[k], 100 + k * 10);
    }
    rx_wait(x, 3);
    for (k = 0; k < 20; k++) {
        qtest_clock_step(x->qts, 1000);
    }
    for (k = 0; k < 4; k++) {
        rx_check(x, k, f[k], 100 + k * 10);
    }
    ck_assert_uint_eq(rd(x, A_DMARXSTATUS),
                      R_DMARXSTATUS_PKT_RCVD_MASK | 4 << 16);
    ck_assert_uint_eq(rd(x, A_RPKT), 4);
    ck_assert_uint_eq(rd(x, A_RDRP), 0);

    /* A refill alone does not restart the DMA: DMARXCTRL does. */
    rx_refill(x, 0);
    wr(x, A_DMARXSTATUS, 1);
    rx_none(x, 0);
    wr(x, A_DMARXCTRL, 1);
    rx_wait(x, 0);
    rx_check(x, 0, f[4], 140);
    x->rx_head = 1;
    rx_done(x);                 /* slot 1 back: the sixth frame lands */
    rx_wait(x, 1);
    rx_check(x, 1, f[5], 150);
    ck_assert_uint_eq(FIELD_EX32(rd(x, A_DMARXSTATUS), DMARXSTATUS,
                                 PKTCOUNT), 4);
    ck_assert_uint_eq(rd(x, A_RPKT), 2);
    xg_quit(x);
}
END_TEST

START_TEST(test_rmon_counters)
{
    Xg *x = xg_start(NDESC);
    /* Frame lengths (before the FCS) and the bin of each on the wire. */
    static const struct {
        size_t len;
        uint32_t bin;
    } t[] = {
        { 14, A_TR64 }, { 60, A_TR64 }, { 61, A_TR127 }, { 123, A_TR127 },
        { 124, A_TR255 }, { 251, A_TR255 }, { 252, A_TR511 },
        { 507, A_TR511 }, { 508, A_TR1K }, { 1019, A_TR1K },
        { 1020, A_TRMAX }, { 1514, A_TRMAX }, { 1515, A_TRMGV },
        { 1536, A_TRMGV },
    };
    static const uint32_t bins[] = {
        A_TR64, A_TR127, A_TR255, A_TR511, A_TR1K, A_TRMAX, A_TRMGV,
    };
    uint8_t f[MAXF], pad[60];
    uint32_t bytes = 0, want;
    unsigned k, b, i;

    for (k = 0; k < ARRAY_SIZE(t); k++) {
        make_frame(f, t[k].len, k < 3 ? bcast : k < 5 ? mcast : other, k);
        xmit(x, f, t[k].len);
        sock_expect(x, f, t[k].len);
        bytes += MAX(t[k].len, 60) + 4;
    }
    tx_reclaim(x, ARRAY_SIZE(t));
    for (b = 0; b < ARRAY_SIZE(bins); b++) {
        want = 0;
        for (k = 0; k < ARRAY_SIZE(t); k++) {
            want += t[k].bin == bins[b];
        }
        ck_assert_uint_eq(rd(x, bins[b]), want);
        ck_assert_uint_eq(rd(x, bins[b]), 0);           /* clear on read */
    }
    ck_assert_uint_eq(rd(x, A_TBYT), bytes);
    ck_assert_uint_eq(rd(x, A_TPKT), ARRAY_SIZE(t));
    ck_assert_uint_eq(rd(x, A_TBCA), 3);
    ck_assert_uint_eq(rd(x, A_TMCA), 2);
    ck_assert_uint_eq(rd(x, A_TBYT), 0);
    ck_assert_uint_eq(rd(x, A_TPKT), 0);
    ck_assert_uint_eq(rd(x, A_TBCA), 0);
    ck_assert_uint_eq(rd(x, A_RPKT), 0);

    /* Received frames share the size bins; short ones count as 64. */
    bytes = 0;
    for (k = 0; k < 5; k++) {
        size_t len = k == 0 ? 30 : 100 * k;

        make_frame(f, len, k == 1 ? bcast : k == 2 ? mcast : our_mac, k);
        if (len < 60) {
            memset(pad, 0, sizeof(pad));
            memcpy(pad, f, len);
            ps_netsock_send(x->sock, f, len);
            rx_wait(x, x->rx_head);
            rx_check(x, x->rx_head, pad, sizeof(pad));
            rx_done(x);
        } else {
            recv_one(x, f, len);
        }
        bytes += MAX(len, 60) + 4;
    }
    ck_assert_uint_eq(rd(x, A_RBYT), bytes);
    ck_assert_uint_eq(rd(x, A_RPKT), 5);
    ck_assert_uint_eq(rd(x, A_RBCA), 1);
    ck_assert_uint_eq(rd(x, A_RMCA), 1);
    ck_assert_uint_eq(rd(x, A_TR64), 1);
    ck_assert_uint_eq(rd(x, A_TR127), 1);
    ck_assert_uint_eq(rd(x, A_TR255), 1);
    ck_assert_uint_eq(rd(x, A_TR511), 2);
    ck_assert_uint_eq(rd(x, A_TPKT), 0);
    /* Everything read once is 0 now; writes are refused. */
    for (i = XGENE_ENET_V2_RMON_FIRST; i <= XGENE_ENET_V2_RMON_LAST; i += 4) {
        ck_assert_uint_eq(rd(x, i), 0);
    }
    wr(x, A_TPKT, 5);
    log_has(x, "register 0xa0e4 is read-only");
    ck_assert_uint_eq(rd(x, A_TPKT), 0);
    xg_quit(x);
}
END_TEST

START_TEST(test_hostile_tx_lengths)
{
    Xg *x = xg_start(8);
    uint8_t f[0xfff];
    unsigned k;

    /* Zero, 0xfff and 1537 bytes, then a good frame, one doorbell. */
    make_frame(f, sizeof(f), bcast, 1);
    tx_queue(x, f, 0);
    tx_queue(x, f, 0xfff);
    tx_queue(x, f, MAXF + 1);
    tx_queue(x, f, 200);
    tx_kick(x);
    sock_expect(x, f, 200);                     /* the only frame out */
    sock_quiet(x);
    {
        g_autofree char *log = ps_log_take(x->t);

        ck_assert_ptr_nonnull(strstr(log, "TX descriptor at 0x40100000: "
                                     "frame length 0 (1-1536); frame not "
                                     "sent"));
        ck_assert_ptr_nonnull(strstr(log, "frame length 4095"));
        ck_assert_ptr_nonnull(strstr(log, "frame length 1537"));
    }
    /* All four completed: the walk went on past the bad ones. */
    tx_reclaim(x, 4);
    ck_assert_uint_eq(rd(x, A_TUND), 1);
    ck_assert_uint_eq(rd(x, A_TOVR), 2);
    ck_assert_uint_eq(rd(x, A_TDRP), 3);
    ck_assert_uint_eq(rd(x, A_TPKT), 1);
    ck_assert_uint_eq(rd(x, A_TBYT), 200 + 4);
    /* The port goes on. */
    for (k = 0; k < 3; k++) {
        make_frame(f, 100, bcast, k);
        xmit(x, f, 100);
        sock_expect(x, f, 100);
    }
    tx_reclaim(x, 3);
    xg_quit(x);
}
END_TEST

START_TEST(test_hostile_dma_outside_ram)
{
    Xg *x = xg_start(8);
    uint8_t f[120], g[130];

    wr(x, A_DMAINTRMASK, XGENE_ENET_V2_INT_MASK);
    make_frame(f, sizeof(f), bcast, 1);

    /* TX descriptor pointer with no memory behind it. */
    wr(x, A_DMATXDESCL, (uint32_t)NOWHERE);
    wr(x, A_DMATXDESCH, NOWHERE >> 32);
    tx_queue(x, f, sizeof(f));
    tx_kick(x);
    log_has(x, "TX DMA: descriptor outside memory at 0x3f000000000; DMA "
            "stopped (TX_BUS_ERROR)");
    ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), INT(TX_BUS_ERROR));
    ck_assert(irq(x));
    /* Stopped: a good pointer and a MAC write do not restart it. */
    wr(x, A_DMATXDESCL, (uint32_t)TXRING);
    wr(x, A_DMATXDESCH, TXRING >> 32);
    mac_enable(x, true);
    sock_quiet(x);
    ck_assert_uint_eq(dq(x, DESC(TXRING, 0), 0) & XGENE_DESC_M0_E, 0);
    /* W1C clears the error and the line; DMATXCTRL restarts. */
    wr(x, A_DMAINTERRUPT, INT(TX_BUS_ERROR));
    ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), 0);
    ck_assert(!irq(x));
    tx_kick(x);
    sock_expect(x, f, sizeof(f));
    tx_reclaim(x, 1);

    /* A TX buffer outside RAM (high bits in m1): not completed. */
    tx_queue(x, f, sizeof(f));
    desc_fill(x, DESC(TXRING, 1), NOWHERE,
              (uint64_t)sizeof(f) << XGENE_DESC_M0_PKT_SIZE_SHIFT);
    tx_kick(x);
    log_has(x, "TX DMA: frame buffer outside memory at 0x3f000000000");
    ck_assert(rd(x, A_DMAINTERRUPT) & INT(TX_BUS_ERROR));
    ck_assert(irq(x));
    sock_quiet(x);
    ck_assert_uint_eq(M0_SIZE(dq(x, DESC(TXRING, 1), 0)), sizeof(f));
    ck_assert_uint_eq(dq(x, DESC(TXRING, 1), 0) & XGENE_DESC_M0_E, 0);
    ck_assert_uint_eq(rd(x, A_DMATXDESCL), (uint32_t)DESC(TXRING, 1));
    ck_assert_uint_eq(rd(x, A_DMATXSTATUS), 0);
    /* The driver fixes the slot and restarts: the frame goes. */
    desc_fill(x, DESC(TXRING, 1), TXBUF + BUFSZ,
              (uint64_t)sizeof(f) << XGENE_DESC_M0_PKT_SIZE_SHIFT);
    wr(x, A_DMAINTERRUPT, INT(TX_BUS_ERROR));
    ck_assert(!irq(x));
    tx_kick(x);
    sock_expect(x, f, sizeof(f));
    tx_reclaim(x, 1);

    /* RX descriptor pointer outside RAM: the frame is lost, DMA stops. */
    wr(x, A_DMARXDESCL, (uint32_t)NOWHERE);
    wr(x, A_DMARXDESCH, NOWHERE >> 32);
    make_frame(f, sizeof(f), our_mac, 2);
    ps_netsock_send(x->sock, f, sizeof(f));
    for (int k = 0; k < 200 && !irq(x); k++) {
        qtest_clock_step(x->qts, 1000);
    }
    ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), INT(RX_BUS_ERROR));
    ck_assert(irq(x));
    log_has(x, "RX DMA: descriptor outside memory at 0x3f000000000; DMA "
            "stopped (RX_BUS_ERROR)");
    /* Stopped: the next frame waits for the restart. */
    make_frame(g, sizeof(g), our_mac, 3);
    ps_netsock_send(x->sock, g, sizeof(g));
    wr(x, A_DMARXDESCL, (uint32_t)RXRING);
    wr(x, A_DMARXDESCH, RXRING >> 32);
    rx_none(x, 0);
    wr(x, A_DMAINTERRUPT, INT(RX_BUS_ERROR));
    ck_assert(!irq(x));
    rx_none(x, 0);
    wr(x, A_DMARXCTRL, 1);
    rx_wait(x, 0);
    rx_check(x, 0, g, sizeof(g));
    ck_assert(irq(x));
    rx_done(x);
    ck_assert(!irq(x));

    /* An RX buffer outside RAM: the slot stays empty, RX_BUS_ERROR. */
    desc_fill(x, DESC(RXRING, 1), NOWHERE, XGENE_DESC_M0_E);
    ps_netsock_send(x->sock, f, sizeof(f));
    for (int k = 0; k < 200 && !irq(x); k++) {
        qtest_clock_step(x->qts, 1000);
    }
    ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), INT(RX_BUS_ERROR));
    log_has(x, "RX DMA: frame buffer outside memory at 0x3f000000000");
    ck_assert(dq(x, DESC(RXRING, 1), 0) & XGENE_DESC_M0_E);
    ck_assert_uint_eq(rd(x, A_DMARXSTATUS), 0);
    rx_refill(x, 1);
    wr(x, A_DMAINTERRUPT, INT(RX_BUS_ERROR));
    wr(x, A_DMARXCTRL, 1);
    recv_one(x, g, sizeof(g));
    xg_quit(x);
}
END_TEST

/*
 * DMA aimed at the port's own registers: the re-entrancy guard refuses it,
 * so it is a bus error, and no register sees the access (a read would
 * clear an RMON counter, a write of ones to ENET_SRST reset the port).
 */
START_TEST(test_hostile_dma_into_own_registers)
{
    Xg *x = xg_start(8);
    uint8_t f[100];

    wr(x, A_DMAINTRMASK, XGENE_ENET_V2_INT_MASK);
    make_frame(f, sizeof(f), bcast, 1);
    xmit(x, f, sizeof(f));
    sock_expect(x, f, sizeof(f));
    tx_reclaim(x, 1);

    /* TX descriptor over the TX counters. */
    wr(x, A_DMATXDESCL, (uint32_t)(XG_BASE + A_TBYT));
    tx_kick(x);
    ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), INT(TX_BUS_ERROR));
    log_has(x, "TX DMA: descriptor outside memory at 0x100ca0e0");
    ck_assert_uint_eq(rd(x, A_TPKT), 1);
    ck_assert_uint_eq(rd(x, A_TBYT), sizeof(f) + 4);
    /* TX buffer there: the same. */
    wr(x, A_DMATXDESCL, (uint32_t)DESC(TXRING, 1));
    wr(x, A_DMAINTERRUPT, INT(TX_BUS_ERROR));
    xmit(x, f, sizeof(f));
    sock_expect(x, f, sizeof(f));
    tx_reclaim(x, 1);
    desc_fill(x, DESC(TXRING, 2), XG_BASE + A_TR64,
              (uint64_t)64 << XGENE_DESC_M0_PKT_SIZE_SHIFT);
    tx_kick(x);
    ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), INT(TX_BUS_ERROR));
    log_has(x, "TX DMA: frame buffer outside memory at 0x100ca080");
    ck_assert_uint_eq(rd(x, A_TR127), 2);        /* the two good frames */
    sock_quiet(x);

    /* RX buffer over ENET_SRST: refused, the port stays up. */
    desc_fill(x, DESC(RXRING, 0), XG_BASE + A_ENET_SRST, XGENE_DESC_M0_E);
    memset(f, 0xff, sizeof(f));
    ps_netsock_send(x->sock, f, sizeof(f));
    for (int k = 0; k < 200 && !(rd(x, A_DMAINTERRUPT) &
                                 INT(RX_BUS_ERROR)); k++) {
        qtest_clock_step(x->qts, 1000);
    }
    ck_assert(rd(x, A_DMAINTERRUPT) & INT(RX_BUS_ERROR));
    log_has(x, "RX DMA: frame buffer outside memory at 0x100cc000");
    ck_assert_uint_eq(rd(x, A_ENET_SRST), 0);
    ck_assert_uint_eq(rd(x, A_BLOCK_MEM_RDY), XGENE_ENET_V2_MEM_RDY);
    ck_assert_uint_eq(rd(x, A_MAC_CONFIG_1), R_MAC_CONFIG_1_TX_EN_MASK |
                      R_MAC_CONFIG_1_RX_EN_MASK);
    ck_assert(dq(x, DESC(RXRING, 0), 0) & XGENE_DESC_M0_E);
    xg_quit(x);
}
END_TEST

START_TEST(test_hostile_self_linked_and_endless_chains)
{
    Xg *x = xg_start(NDESC);
    uint8_t f[100], g[110];
    uint64_t d = DESC(TXRING, 0);
    unsigned k;

    /* A TX descriptor linked to itself: sent once, E written back. */
    make_frame(f, sizeof(f), bcast, 1);
    dqw(x, d, 1, d & XGENE_DESC_M1_NEXT_ADDRL_MASK);
    tx_queue(x, f, sizeof(f));
    tx_kick(x);
    sock_expect(x, f, sizeof(f));
    sock_quiet(x);
    ck_assert(dq(x, d, 0) & XGENE_DESC_M0_E);
    ck_assert_uint_eq(rd(x, A_DMATXDESCL), (uint32_t)d);
    ck_assert_uint_eq(FIELD_EX32(rd(x, A_DMATXSTATUS), DMATXSTATUS,
                                 PKTCOUNT), 1);
    /* Ringing again sends nothing; re-armed, it sends once more. */
    tx_kick(x);
    sock_quiet(x);
    desc_fill(x, d, TXBUF, (uint64_t)sizeof(f) <<
              XGENE_DESC_M0_PKT_SIZE_SHIFT);
    tx_kick(x);
    sock_expect(x, f, sizeof(f));
    sock_quiet(x);
    wr(x, A_DMATXSTATUS, 1);
    wr(x, A_DMATXSTATUS, 1);
    ck_assert_uint_eq(rd(x, A_DMATXSTATUS), 0);

    /*
     * Every descriptor of the 256-ring full, one doorbell: the DMA goes
     * round once (each slot it sends it hands back) and stops.
     */
    ring_setup(x, TXRING, NDESC);
    wr(x, A_DMATXDESCL, (uint32_t)TXRING);
    qtest_memwrite(x->qts, TXBUF, f, sizeof(f));
    for (k = 0; k < NDESC; k++) {
        desc_fill(x, DESC(TXRING, k), TXBUF,
                  (uint64_t)sizeof(f) << XGENE_DESC_M0_PKT_SIZE_SHIFT);
    }
    tx_kick(x);
    for (k = 0; k < NDESC; k++) {
        sock_expect(x, f, sizeof(f));
    }
    sock_quiet(x);
    ck_assert_uint_eq(rd(x, A_DMATXDESCL), (uint32_t)TXRING);
    /* 256 done: PKTCOUNT shows 255, the count underneath is kept. */
    ck_assert_uint_eq(rd(x, A_DMATXSTATUS),
                      R_DMATXSTATUS_PKT_SENT_MASK | 255 << 16);
    for (k = 0; k < 255; k++) {
        wr(x, A_DMATXSTATUS, 1);
    }
    ck_assert_uint_eq(rd(x, A_DMATXSTATUS),
                      R_DMATXSTATUS_PKT_SENT_MASK | 1 << 16);
    wr(x, A_DMATXSTATUS, 1);
    ck_assert_uint_eq(rd(x, A_DMATXSTATUS), 0);

    /* An RX descriptor linked to itself: one frame, then a wait. */
    d = DESC(RXRING, 0);
    dqw(x, d, 1, (d & XGENE_DESC_M1_NEXT_ADDRL_MASK) |
        ((RXBUF >> 32) << XGENE_DESC_M1_PKT_ADDRH_SHIFT));
    make_frame(f, sizeof(f), our_mac, 2);
    make_frame(g, sizeof(g), our_mac, 3);
    ps_netsock_send(x->sock, f, sizeof(f));
    ps_netsock_send(x->sock, g, sizeof(g));
    rx_wait(x, 0);
    rx_none(x, 1);
    rx_check(x, 0, f, sizeof(f));
    ck_assert_uint_eq(rd(x, A_DMARXDESCL), (uint32_t)d);
    x->rx_head = 0;
    rx_done(x);
    rx_wait(x, 0);
    rx_check(x, 0, g, sizeof(g));
    ck_assert(dq(x, DESC(RXRING, 1), 0) & XGENE_DESC_M0_E);
    ck_assert_uint_eq(FIELD_EX32(rd(x, A_DMARXSTATUS), DMARXSTATUS,
                                 PKTCOUNT), 1);

    /*
     * A descriptor whose E can never be written back: zeros in the boot
     * ROM (a zero-length frame). One pass, then a bus error, not a loop.
     */
    wr(x, A_DMAINTRMASK, XGENE_ENET_V2_INT_MASK);
    wr(x, A_DMATXDESCL, 0x1000);
    wr(x, A_DMATXDESCH, 0);
    tx_kick(x);
    ck_assert(rd(x, A_DMAINTERRUPT) & INT(TX_BUS_ERROR));
    ck_assert(irq(x));
    log_has(x, "TX DMA: descriptor not writable at 0x1000; DMA stopped");
    ck_assert_uint_eq(rd(x, A_TUND), 1);
    ck_assert_uint_eq(rd(x, A_DMATXDESCL), 0x1000);
    sock_quiet(x);
    xg_quit(x);
}
END_TEST

START_TEST(test_bad_register_access)
{
    Xg *x = xg_start(8);

    /* Unknown offsets: 0 and a log line, writes dropped. */
    ck_assert_uint_eq(rd(x, 0x0004), 0);
    log_has(x, "read of unknown register 0x0004");
    ck_assert_uint_eq(rd(x, 0xa03c), 0);
    log_has(x, "read of unknown register 0xa03c");
    wr(x, 0xfffc, 0xffffffff);
    log_has(x, "write of unknown register 0xfffc");
    ck_assert_uint_eq(rd(x, 0xfffc), 0);
    wr(x, 0xa1a8, 1);
    log_has(x, "write of unknown register 0xa1a8");
    /* Unknown offsets answer even with the clocks off. */
    wr(x, A_ENET_CLKEN, 0);
    rd(x, 0x1000);
    log_has(x, "read of unknown register 0x1000");
    wr(x, A_ENET_CLKEN, 3);

    /* Read-only registers keep their value and log. */
    wr(x, A_BLOCK_MEM_RDY, 0);
    log_has(x, "register 0xd074 is read-only");
    ck_assert_uint_eq(rd(x, A_BLOCK_MEM_RDY), XGENE_ENET_V2_MEM_RDY);
    wr(x, A_MII_MGMT_INDICATORS, 1);
    log_has(x, "register 0xa034 is read-only");
    ck_assert_uint_eq(rd(x, A_MII_MGMT_INDICATORS), 0);
    wr(x, A_TR64, 7);
    log_has(x, "register 0xa080 is read-only");
    ck_assert_uint_eq(rd(x, A_TR64), 0);

    /* Only the defined bits stick. */
    wr(x, A_DMAINTRMASK, 0xffffffff);
    ck_assert_uint_eq(rd(x, A_DMAINTRMASK), XGENE_ENET_V2_INT_MASK);
    wr(x, A_MAC_CONFIG_1, 0x7ffffffa);
    ck_assert_uint_eq(rd(x, A_MAC_CONFIG_1), 0);
    wr(x, A_CFG_MEM_RAM_SHUTDOWN, 0xfffffffe);
    ck_assert_uint_eq(rd(x, A_CFG_MEM_RAM_SHUTDOWN), 0);
    /* Acknowledging what was never counted leaves 0. */
    wr(x, A_DMATXSTATUS, 0xffffffff);
    wr(x, A_DMARXSTATUS, 0xffffffff);
    ck_assert_uint_eq(rd(x, A_DMATXSTATUS), 0);
    ck_assert_uint_eq(rd(x, A_DMARXSTATUS), 0);
    ck_assert_uint_eq(rd(x, A_DMAINTERRUPT), 0);
    ck_assert(!irq(x));

    /* Byte and 16-bit accesses are refused by the bus. */
    ck_assert_uint_eq(qtest_readb(x->qts, XG_BASE + A_DMAINTRMASK), 0);
    log_has(x, "Invalid read at addr 0xA198, size 1");
    qtest_writew(x->qts, XG_BASE + A_DMAINTRMASK, 0);
    ck_assert_uint_eq(rd(x, A_DMAINTRMASK), XGENE_ENET_V2_INT_MASK);
    xg_quit(x);
}
END_TEST

static const uint32_t all_regs[] = {
    A_CFG_FORCE_LINK_STATUS_EN, A_FORCE_LINK_STATUS, A_CFG_LINK_AGGR_RESUME,
    A_RGMII_REG_0, A_ICM_CONFIG0_REG_0, A_ICM_CONFIG2_REG_0,
    A_ECM_CONFIG0_REG_0, A_RX_DV_GATE_REG, A_MAC_CONFIG_1, A_MAC_CONFIG_2,
    A_MII_MGMT_CONFIG, A_MII_MGMT_COMMAND, A_MII_MGMT_ADDRESS,
    A_MII_MGMT_CONTROL, A_MII_MGMT_STATUS, A_MII_MGMT_INDICATORS,
    A_INTERFACE_CONTROL, A_STATION_ADDR0, A_STATION_ADDR1, A_DMATXCTRL,
    A_DMATXDESCL, A_DMATXSTATUS, A_DMARXCTRL, A_DMARXDESCL, A_DMARXSTATUS,
    A_DMAINTRMASK, A_DMAINTERRUPT, A_DMATXDESCH, A_DMARXDESCH, A_ENET_SHIM,
};

START_TEST(test_system_reset)
{
    Xg *x = xg_start(8);
    uint8_t f[100];
    unsigned i;

    /* Dirty everything: traffic, counts, an error, the PHY, the mask. */
    make_frame(f, sizeof(f), bcast, 1);
    xmit(x, f, sizeof(f));
    sock_expect(x, f, sizeof(f));
    make_frame(f, sizeof(f), our_mac, 2);
    ps_netsock_send(x->sock, f, sizeof(f));
    rx_wait(x, 0);
    wr(x, A_DMAINTRMASK, XGENE_ENET_V2_INT_MASK);
    wr(x, A_DMATXDESCH, NOWHERE >> 32);
    xmit(x, f, sizeof(f));
    ck_assert(rd(x, A_DMAINTERRUPT) & INT(TX_BUS_ERROR));
    mdio_wr(x, 1, MII_ANAR, MII_ANAR_CSMACD);
    mdio_wr(x, 1, MII_BMCR, MII_BMCR_PDOWN);
    wr(x, A_MII_MGMT_CONFIG, 7);
    ck_assert(irq(x));

    qtest_qmp_assert_success(x->qts, "{'execute': 'system_reset'}");
    qtest_qmp_eventwait(x->qts, "RESET");
    ck_assert(!irq(x));
    /* The glue at power-on; with the clocks off the rest reads 0. */
    ck_assert_uint_eq(rd(x, A_ENET_CLKEN), 0);
    ck_assert_uint_eq(rd(x, A_ENET_SRST), 0);
    ck_assert_uint_eq(rd(x, A_ENET_SHIM), 0);
    ck_assert_uint_eq(rd(x, A_CFG_MEM_RAM_SHUTDOWN), 1);
    ck_assert_uint_eq(rd(x, A_BLOCK_MEM_RDY), 0);
    /* Clocked again: every register at its reset value. */
    wr(x, A_ENET_CLKEN, 3);
    for (i = 0; i < ARRAY_SIZE(all_regs); i++) {
        ck_assert_msg(rd(x, all_regs[i]) == 0, "register 0x%x is 0x%x",
                      all_regs[i], rd(x, all_regs[i]));
    }
    for (i = XGENE_ENET_V2_RMON_FIRST; i <= XGENE_ENET_V2_RMON_LAST; i += 4) {
        ck_assert_uint_eq(rd(x, i), 0);
    }
    ck_assert_uint_eq(rd(x, A_BLOCK_MEM_RDY), 0);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMCR), BMCR_RESET_VAL);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_ANAR), ANAR_RESET_VAL);
    ck_assert_uint_eq(mdio_rd(x, 1, MII_BMSR), BMSR_UP);
    /* The driver's bring-up works again from there. */
    port_reset(x);
    mac_init(x);
    xg_open(x, 8);
    make_frame(f, sizeof(f), bcast, 3);
    xmit(x, f, sizeof(f));
    sock_expect(x, f, sizeof(f));
    tx_reclaim(x, 1);
    make_frame(f, sizeof(f), our_mac, 4);
    recv_one(x, f, sizeof(f));
    xg_quit(x);
}
END_TEST

START_TEST(test_migration_mid_transfer)
{
    Xg *x = xg_start(8), *d;
    uint8_t f[3][300], r[2][200];
    int sv[2];
    unsigned k;
    g_autofree char *args = NULL;

    /* Two frames received, not yet taken by the driver. */
    for (k = 0; k < 2; k++) {
        make_frame(r[k], sizeof(r[k]), our_mac, 10 + k);
        ps_netsock_send(x->sock, r[k], sizeof(r[k]));
    }
    rx_wait(x, 1);
    /* TX held by the MAC: three frames behind rung doorbells. */
    wr(x, A_MAC_CONFIG_1, R_MAC_CONFIG_1_RX_EN_MASK);
    for (k = 0; k < 3; k++) {
        make_frame(f[k], sizeof(f[k]), bcast, k);
        xmit(x, f[k], sizeof(f[k]));
    }
    sock_quiet(x);
    ck_assert_uint_eq(rd(x, A_DMATXSTATUS), 0);

    g_assert_cmpint(socketpair(PF_UNIX, SOCK_STREAM, 0, sv), ==, 0);
    args = g_strdup_printf("-nic socket,id=xn,fd=%d,model=xgene-enet-v2,"
                           "mac=52:54:00:12:34:56", sv[1]);
    d = g_new0(Xg, 1);
    d->t = ps_migrate(x->t, "presilicon", args);
    d->qts = d->t->qts;
    close(sv[1]);
    d->sock = sv[0];
    struct timeval tv = { .tv_sec = 10 };
    setsockopt(d->sock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
    d->ndesc = 8;
    d->tx_tail = 3;
    d->rx_head = 0;
    qtest_irq_intercept_out_named(d->qts, XG_PATH, "sysbus-irq");

    /* The destination has the RX work pending, counted. */
    ck_assert_uint_eq(rd(d, A_DMARXSTATUS),
                      R_DMARXSTATUS_PKT_RCVD_MASK | 2 << 16);
    ck_assert_uint_eq(rd(d, A_DMAINTERRUPT), INT(RX_PKT_RCVD));
    ck_assert_uint_eq(rd(d, A_RPKT), 2);
    ck_assert_uint_eq(rd(d, A_DMATXDESCL), (uint32_t)TXRING);
    ck_assert_uint_eq(rd(d, A_STATION_ADDR0), 0x12005452);
    ck_assert_uint_eq(mdio_rd(d, 1, MII_BMSR), BMSR_UP);
    for (k = 0; k < 2; k++) {
        rx_check(d, k, r[k], sizeof(r[k]));
        rx_done(d);
    }
    ck_assert_uint_eq(rd(d, A_DMARXSTATUS), 0);
    /* The MAC enabled on the destination sends the three, in order. */
    mac_enable(d, true);
    for (k = 0; k < 3; k++) {
        sock_expect_after_announce(d, f[k], sizeof(f[k]));
    }
    ck_assert(irq(d));
    tx_reclaim(d, 3);
    ck_assert(!irq(d));
    ck_assert_uint_eq(rd(d, A_TPKT), 3);
    /* The source sent nothing after all. */
    sock_quiet(x);
    /* And the destination's RX carries on where the source left it. */
    make_frame(r[0], 150, our_mac, 20);
    recv_one(d, r[0], 150);
    xg_quit(x);
    xg_quit(d);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("xgene-enet-v2");
    TCase *regs = tcase_create("registers");
    TCase *data = tcase_create("data");
    TCase *bad = tcase_create("bad-input");

    tcase_add_test(regs, test_device_tree_node);
    tcase_add_test(regs, test_port_bringup);
    tcase_add_test(regs, test_mdio_phy);
    tcase_add_test(regs, test_phy_without_netdev);
    tcase_add_test(regs, test_station_address_and_mac_reset);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(data, test_tx_ring_wrap);
    tcase_add_test(data, test_tx_small_ring_and_mask);
    tcase_add_test(data, test_rx_frames_and_filter);
    tcase_add_test(data, test_rx_waits_for_refill);
    tcase_add_test(data, test_rmon_counters);
    tcase_add_test(bad, test_hostile_tx_lengths);
    tcase_add_test(bad, test_hostile_dma_outside_ram);
    tcase_add_test(bad, test_hostile_dma_into_own_registers);
    tcase_add_test(bad, test_hostile_self_linked_and_endless_chains);
    tcase_add_test(bad, test_bad_register_access);
    tcase_add_test(bad, test_migration_mid_transfer);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, data);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
