/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Microchip LAN9303 switch on the board's I2C (0x0a): the management
 * interface as lan9303_i2c's regmap drives it (ID, byte test, HW_CFG, the
 * indirect switch CSR access, the PMI to the internal PHYs, the virtual
 * PHY), the data path on three datagram-socket netdevs (learning,
 * flooding, the driver's port separation by mirroring, the special tag
 * both ways, STP states, the IGMP trap), MIB counters, the ALR commands,
 * link changes with their PHY interrupt, hostile programming and frames,
 * the device-tree node, and a migration with learned state.
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include <sys/socket.h>
#include <libfdt.h>
#include "presilicon-qtest.h"
#include "presilicon-i2c.h"
#include "hw/net/lan9303_regs.h"
#include "check-tap.h"

#define ADDR        0x0a
#define SW_PATH     "/machine/peripheral/sw"

/* ALR port field values (WR_DAT_1 bits 18:16). */
#define ALR_PORT(v) ((uint32_t)(v) << LAN9303_ALR_DAT1_PORT_SHIFT)

typedef struct Sw {
    PsQTest *t;
    int sock[3];        /* our ends of the ports' netdevs */
} Sw;

static const uint8_t mac_a[6] = { 0x02, 0, 0, 0, 0, 0x0a };
static const uint8_t mac_b[6] = { 0x02, 0, 0, 0, 0, 0x0b };
static const uint8_t mac_c[6] = { 0x02, 0, 0, 0, 0, 0x0c };
static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
static const uint8_t stp_mac[6] = { 0x01, 0x80, 0xc2, 0, 0, 0 };

/* A datagram socket pair per port: one frame per datagram. */
static void sw_sockets(int ours[3], int theirs[3], GString *args)
{
    struct timeval tv = { .tv_sec = 10 };

    for (int i = 0; i < 3; i++) {
        int sv[2];

        ck_assert_int_eq(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv), 0);
        ours[i] = sv[0];
        theirs[i] = sv[1];
        setsockopt(sv[0], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
        g_string_append_printf(args, "-netdev dgram,id=p%d,local.type=fd,"
                               "local.str=%d ", i, sv[1]);
    }
}

static Sw *sw_start(const char *extra)
{
    Sw *s = g_new0(Sw, 1);
    g_autoptr(GString) args = g_string_new("");
    int theirs[3];

    sw_sockets(s->sock, theirs, args);
    s->t = ps_qtest_start("presilicon,bare=on", "%s -device dwc-xlgmac,"
                          "addr=04.0,id=cpu -device lan9303,id=sw,"
                          "address=0x0a,conduit=cpu,port0=p0,port1=p1,"
                          "port2=p2 %s", args->str, extra ? extra : "");
    for (int i = 0; i < 3; i++) {
        close(theirs[i]);
    }
    return s;
}

static void sw_quit(Sw *s)
{
    for (int i = 0; i < 3; i++) {
        close(s->sock[i]);
    }
    ps_qtest_quit(s->t);
    g_free(s);
}

/* ---- management, as regmap-i2c does it ---- */

static uint32_t rd(Sw *s, uint8_t reg)
{
    uint8_t b[4];

    ck_assert(ps_i2c_write_read(s->t->qts, ADDR, &reg, 1, b, 4));
    return ldl_be_p(b);
}

static void wr(Sw *s, uint8_t reg, uint32_t v)
{
    uint8_t b[5] = { reg };

    stl_be_p(b + 1, v);
    ck_assert(ps_i2c_write(s->t->qts, ADDR, b, 5));
}

/* lan9303_read_switch_reg(): BUSY | RW | all lanes, then DATA. */
static uint32_t csr_rd(Sw *s, uint16_t reg)
{
    wr(s, A_SWITCH_CSR_CMD, reg | 0xc00f0000);
    ck_assert_uint_eq(rd(s, A_SWITCH_CSR_CMD) >> 31, 0);
    return rd(s, A_SWITCH_CSR_DATA);
}

static void csr_wr(Sw *s, uint16_t reg, uint32_t v)
{
    wr(s, A_SWITCH_CSR_DATA, v);
    wr(s, A_SWITCH_CSR_CMD, reg | 0x800f0000);
}

static uint32_t port_rd(Sw *s, int port, unsigned off)
{
    return csr_rd(s, LAN9303_SF_PORT(port) + off);
}

static uint16_t pmi_rd(Sw *s, int phy, int reg)
{
    wr(s, A_PMI_ACCESS, (phy << 11) | (reg << 6));
    ck_assert_uint_eq(rd(s, A_PMI_ACCESS) & 1, 0);
    return rd(s, A_PMI_DATA);
}

static void pmi_wr(Sw *s, int phy, int reg, uint16_t v)
{
    wr(s, A_PMI_DATA, v);
    wr(s, A_PMI_ACCESS, (phy << 11) | (reg << 6) | 2);
}

static void enable_port(Sw *s, int port)
{
    csr_wr(s, LAN9303_SF_PORT(port) + LAN9303_MAC_RX_CFG, 3);
    csr_wr(s, LAN9303_SF_PORT(port) + LAN9303_MAC_TX_CFG, 0x57);
}

/* What lan9303_setup() leaves: tags on port 0, ports 1 and 2 apart. */
static void driver_setup(Sw *s)
{
    csr_wr(s, LAN9303_SF_SWE_INGRESS_PORT_TYPE, 3);
    csr_wr(s, LAN9303_SF_BM_EGRSS_PORT_TYPE, 3);
    csr_wr(s, LAN9303_SF_SWE_PORT_MIRROR, 0x13a);
    csr_wr(s, LAN9303_SF_SWE_PORT_STATE, 0x14);
    for (int p = 0; p < 3; p++) {
        enable_port(s, p);
    }
}

/* lan9303_alr_make_entry_raw(). */
static void alr_make(Sw *s, const uint8_t *mac, uint32_t dat1)
{
    csr_wr(s, LAN9303_SF_SWE_ALR_WR_DAT_0, ldl_le_p(mac));
    csr_wr(s, LAN9303_SF_SWE_ALR_WR_DAT_1, dat1 | lduw_le_p(mac + 4));
    csr_wr(s, LAN9303_SF_SWE_ALR_CMD, LAN9303_ALR_CMD_MAKE_ENTRY);
    ck_assert_uint_eq(csr_rd(s, LAN9303_SF_SWE_ALR_CMD_STS) &
                      LAN9303_ALR_STS_MAKE_PEND, 0);
    csr_wr(s, LAN9303_SF_SWE_ALR_CMD, 0);
}

/* ---- frames ---- */

static size_t frame(uint8_t *f, const uint8_t *dst, const uint8_t *src,
                    size_t len, int seed)
{
    memcpy(f, dst, 6);
    memcpy(f + 6, src, 6);
    stw_be_p(f + 12, 0x0800);
    for (size_t i = 14; i < len; i++) {
        f[i] = i * 3 + seed;
    }
    return len;
}

static void send_on(Sw *s, int port, const uint8_t *f, size_t len)
{
    ck_assert_int_eq(send(s->sock[port], f, len, 0), len);
}

/*
 * Wait until the switch has taken `n` frames in on a port (its RX_PKTOK
 * count, read-to-clear) or dropped them before counting: after that every
 * frame it forwarded is already on the other sockets.
 */
static void wait_taken(Sw *s, int port, unsigned n, unsigned counter)
{
    unsigned got = 0;

    for (int i = 0; i < 200 && got < n; i++) {
        got += port_rd(s, port, counter);
    }
    ck_assert_uint_eq(got, n);
}

/*
 * The next frame waiting on a port, or -1. After an incoming migration
 * QEMU announces every NIC client, these ports too, with RARP frames
 * (qemu_announce_self): those are not the switch's and are skipped.
 */
static ssize_t recv_now(Sw *s, int port, uint8_t *buf, size_t max)
{
    ssize_t n;

    do {
        n = recv(s->sock[port], buf, max, MSG_DONTWAIT);
    } while (n >= 14 && lduw_be_p(buf + 12) == 0x8035);
    return n;
}

/* Send on `in`, return which ports got it (bit per port), frame in out. */
static unsigned xfer(Sw *s, int in, const uint8_t *f, size_t len,
                     uint8_t out[3][2048], ssize_t olen[3])
{
    unsigned got = 0;

    send_on(s, in, f, len);
    wait_taken(s, in, 1, LAN9303_MAC_RX_PKTOK_CNT);
    for (int p = 0; p < 3; p++) {
        olen[p] = recv_now(s, p, out[p], 2048);
        if (olen[p] > 0) {
            got |= 1u << p;
        }
    }
    return got;
}

START_TEST(test_identity)
{
    Sw *s = sw_start(NULL);
    uint8_t reg = A_ID_REV, b[8];

    ck_assert_uint_eq(rd(s, A_BYTE_TEST), LAN9303_BYTE_TEST_VALUE);
    ck_assert_uint_eq(rd(s, A_ID_REV) >> 16, 0x9303);
    ck_assert(rd(s, A_HW_CFG) & R_HW_CFG_READY_MASK);
    /* The DWORD index moves on after each register in one transfer. */
    ck_assert(ps_i2c_write_read(s->t->qts, ADDR, &reg, 1, b, 8));
    ck_assert_uint_eq((uint32_t)ldl_be_p(b), LAN9303_ID_REV_VALUE);
    ck_assert_uint_eq((uint32_t)ldl_be_p(b + 4), 0);           /* IRQ_CFG */
    /* Nobody at another address: NACK. */
    ck_assert(!ps_i2c_write(s->t->qts, 0x0b, &reg, 1));
    /* Switch fabric through SWITCH_CSR_CMD/DATA. */
    ck_assert_uint_eq(csr_rd(s, LAN9303_SF_SW_DEV_ID),
                      LAN9303_SW_DEV_ID_VALUE);
    for (int p = 0; p < 3; p++) {
        ck_assert_uint_eq(port_rd(s, p, LAN9303_MAC_VER_ID),
                          LAN9303_MAC_VER_ID_VALUE);
        ck_assert_uint_eq(port_rd(s, p, LAN9303_MAC_RX_CFG), 3);
    }
    csr_wr(s, LAN9303_SF_SWE_PORT_STATE, 0x14);
    ck_assert_uint_eq(csr_rd(s, LAN9303_SF_SWE_PORT_STATE), 0x14);
    /* Byte lanes: only lane 0 written. */
    wr(s, A_SWITCH_CSR_DATA, 0xff);
    wr(s, A_SWITCH_CSR_CMD, LAN9303_SF_SWE_PORT_STATE | 0x80010000);
    ck_assert_uint_eq(csr_rd(s, LAN9303_SF_SWE_PORT_STATE), 0x3f);
    sw_quit(s);
}
END_TEST

START_TEST(test_phys_and_link)
{
    Sw *s = sw_start(NULL);
    QTestState *q = s->t->qts;
    uint16_t bmsr;

    /* lan9303_detect_phy_setup(): PHY 3 absent means PHYs at 0-1-2. */
    ck_assert_uint_eq(pmi_rd(s, 3, LAN9303_PHY_SPECIAL_MODES), 0xffff);
    for (int p = 1; p < 3; p++) {
        ck_assert_uint_eq(pmi_rd(s, p, 2), LAN9303_PHY_ID1);
        ck_assert_uint_eq(pmi_rd(s, p, 3), LAN9303_PHY_ID2);
        bmsr = pmi_rd(s, p, 1);
        ck_assert(bmsr & 0x0004);                   /* link */
        ck_assert(bmsr & 0x0020);                   /* AN complete */
        ck_assert_uint_eq(pmi_rd(s, p, 5) & 0x4000, 0x4000);   /* LP ACK */
    }
    /* The virtual PHY: what phylink's mac_link_up does for port 0. */
    ck_assert_uint_eq(rd(s, A_VPHY_BASIC_CTRL), 0x3100);
    wr(s, A_VPHY_BASIC_CTRL, 0x2100);
    ck_assert_uint_eq(rd(s, A_VPHY_BASIC_CTRL), 0x2100);
    ck_assert(rd(s, A_VPHY_BASIC_CTRL + 1) & 0x0004);
    wr(s, A_VPHY_SPECIAL_CTRL, 1u << 10);
    ck_assert_uint_eq(rd(s, A_VPHY_SPECIAL_CTRL), 1u << 10);

    /* The link follows the netdev: set_link off raises the PHY interrupt. */
    qtest_irq_intercept_out_named(q, SW_PATH, "irq");
    pmi_wr(s, 1, LAN9303_PHY_INT_MASK, LAN9303_PHY_INT_LINK_DOWN);
    wr(s, A_INT_EN, R_INT_STS_PHY_INT1_MASK);
    wr(s, A_IRQ_CFG, R_IRQ_CFG_IRQ_EN_MASK | R_IRQ_CFG_IRQ_POL_MASK);
    ck_assert(!qtest_get_irq(q, 0));
    qtest_qmp_assert_success(q, "{'execute': 'set_link', 'arguments': "
                             "{'name': 'p1', 'up': false}}");
    ck_assert(rd(s, A_INT_STS) & R_INT_STS_PHY_INT1_MASK);
    ck_assert(rd(s, A_IRQ_CFG) & R_IRQ_CFG_IRQ_INT_MASK);
    ck_assert(qtest_get_irq(q, 0));
    ck_assert_uint_eq(pmi_rd(s, 1, 1) & 0x4, 0);
    ck_assert_uint_eq(pmi_rd(s, 1, LAN9303_PHY_INT_SRC) &
                      LAN9303_PHY_INT_LINK_DOWN, LAN9303_PHY_INT_LINK_DOWN);
    ck_assert(!qtest_get_irq(q, 0));                /* read clears */
    qtest_qmp_assert_success(q, "{'execute': 'set_link', 'arguments': "
                             "{'name': 'p1', 'up': true}}");
    /* Link status latches low until read: first read 0, then 1. */
    ck_assert_uint_eq(pmi_rd(s, 1, 1) & 0x4, 0x4);
    /* Power-down drops the link too. */
    pmi_wr(s, 2, 0, 0x0800);
    ck_assert_uint_eq(pmi_rd(s, 2, 1) & 0x4, 0);
    pmi_wr(s, 2, 0, 0x8000);                        /* reset */
    ck_assert_uint_eq(pmi_rd(s, 2, 0), 0x3100);
    sw_quit(s);

    /* The other strap: PHYs at 1-2-3, so PHY 3 answers. */
    s = sw_start("-global lan9303.phy-addr-sel=on");
    ck_assert_uint_eq(pmi_rd(s, 3, LAN9303_PHY_SPECIAL_MODES), 0xe3);
    ck_assert_uint_eq(pmi_rd(s, 3, 2), LAN9303_PHY_ID1);
    sw_quit(s);
}
END_TEST

/* Out of reset the chip is a plain learning switch. */
START_TEST(test_learning_and_flooding)
{
    Sw *s = sw_start(NULL);
    uint8_t f[128], out[3][2048];
    ssize_t olen[3];
    size_t len;

    for (int p = 0; p < 3; p++) {
        enable_port(s, p);
    }
    /* Unknown destination: flooded to ports 0 and 2, byte for byte. */
    len = frame(f, mac_b, mac_a, 100, 1);
    ck_assert_uint_eq(xfer(s, 1, f, len, out, olen), 0x5);
    ck_assert_int_eq(olen[2], len);
    ck_assert(!memcmp(out[2], f, len));
    ck_assert_int_eq(olen[0], len);
    /* B answers A: A was learned on port 1, so only port 1 gets it. */
    len = frame(f, mac_a, mac_b, 80, 2);
    ck_assert_uint_eq(xfer(s, 2, f, len, out, olen), 0x2);
    ck_assert(!memcmp(out[1], f, len));
    /* Now B is known on port 2 as well. */
    len = frame(f, mac_b, mac_a, 60, 3);
    ck_assert_uint_eq(xfer(s, 1, f, len, out, olen), 0x4);
    /* Broadcast goes everywhere but back. */
    len = frame(f, bcast, mac_c, 64, 4);
    ck_assert_uint_eq(xfer(s, 0, f, len, out, olen), 0x6);
    /* A receiver that is off takes nothing in. */
    csr_wr(s, LAN9303_SF_PORT(1) + LAN9303_MAC_RX_CFG, 2);
    len = frame(f, mac_b, mac_a, 64, 5);
    send_on(s, 1, f, len);
    ck_assert_uint_eq(port_rd(s, 1, LAN9303_MAC_RX_PKTOK_CNT), 0);
    ck_assert_int_lt(recv_now(s, 2, out[2], 2048), 0);
    sw_quit(s);
}
END_TEST

/* The driver's setup: ports apart, every frame to the CPU, tagged. */
START_TEST(test_special_tag_both_ways)
{
    Sw *s = sw_start(NULL);
    uint8_t f[1600], t[1600], out[3][2048];
    ssize_t olen[3];
    size_t len;

    driver_setup(s);
    /* Port 1 in: only to port 0 (mirrored), with VID = source port. */
    len = frame(f, mac_b, mac_a, 90, 1);
    ck_assert_uint_eq(xfer(s, 1, f, len, out, olen), 0x1);
    ck_assert_int_eq(olen[0], len + 4);
    ck_assert_uint_eq(lduw_be_p(out[0] + 12), 0x8100);
    ck_assert_uint_eq(lduw_be_p(out[0] + 14), 1);
    ck_assert(!memcmp(out[0], f, 12));
    ck_assert(!memcmp(out[0] + 16, f + 12, len - 12));
    /* Port 2 the same, with its own number, and a full-size frame. */
    len = frame(f, mac_a, mac_b, 1514, 2);
    ck_assert_uint_eq(xfer(s, 2, f, len, out, olen), 0x1);
    ck_assert_uint_eq(lduw_be_p(out[0] + 14) & 0x3, 2);
    ck_assert_int_eq(olen[0], 1518);

    /* From the CPU: tag_lan9303's xmit, port | STP override. */
    for (int dst = 1; dst <= 3; dst++) {
        len = frame(f, bcast, mac_c, 70, dst);
        memcpy(t, f, 12);
        stw_be_p(t + 12, 0x8100);
        stw_be_p(t + 14, dst | LAN9303_TAG_TX_STP_OVERRIDE);
        memcpy(t + 16, f + 12, len - 12);
        ck_assert_uint_eq(xfer(s, 0, t, len + 4, out, olen),
                          dst == 3 ? 0x6 : 1u << dst);
        /* The tag is gone on the way out. */
        ck_assert_int_eq(olen[dst == 3 ? 1 : dst], len);
        ck_assert(!memcmp(out[dst == 3 ? 1 : dst], f, len));
    }
    /* Without the override, a blocked port takes nothing. */
    stw_be_p(t + 14, 1);
    ck_assert_uint_eq(xfer(s, 0, t, 74, out, olen), 0);
    ck_assert_uint_eq(csr_rd(s, LAN9303_SF_SWE_FILTERED_CNT(0)), 1);
    sw_quit(s);
}
END_TEST

/* The driver's bridged setup, and what STP states do to it. */
START_TEST(test_bridge_and_stp_states)
{
    Sw *s = sw_start(NULL);
    uint8_t f[128], t[128], out[3][2048];
    ssize_t olen[3];
    size_t len;

    driver_setup(s);
    /* lan9303_bridge_ports(): no mirroring, all forwarding, BPDUs to 0. */
    csr_wr(s, LAN9303_SF_SWE_PORT_MIRROR, 0);
    csr_wr(s, LAN9303_SF_SWE_PORT_STATE, 0);
    alr_make(s, stp_mac, LAN9303_ALR_DAT1_VALID | LAN9303_ALR_DAT1_STATIC |
             LAN9303_ALR_DAT1_AGE_OVERRIDE | ALR_PORT(0));
    /* The bridge's own address is a static entry on port 0. */
    alr_make(s, mac_c, LAN9303_ALR_DAT1_VALID | LAN9303_ALR_DAT1_STATIC |
             ALR_PORT(0));
    len = frame(f, mac_b, mac_a, 64, 1);
    ck_assert_uint_eq(xfer(s, 1, f, len, out, olen), 0x5);
    /* Forwarded by the switch: the tag says not trapped. */
    ck_assert_uint_eq(lduw_be_p(out[0] + 14) & 0x18, 0);
    len = frame(f, mac_a, mac_b, 64, 2);
    ck_assert_uint_eq(xfer(s, 2, f, len, out, olen), 0x2);
    len = frame(f, mac_c, mac_a, 64, 3);
    ck_assert_uint_eq(xfer(s, 1, f, len, out, olen), 0x1);
    ck_assert(lduw_be_p(out[0] + 14) & LAN9303_TAG_RX_STATIC);
    /* A frame from the CPU with "use ALR" finds A on port 1. */
    memcpy(t, f, 12);
    memcpy(t, mac_a, 6);
    memcpy(t + 6, mac_c, 6);
    stw_be_p(t + 12, 0x8100);
    stw_be_p(t + 14, LAN9303_TAG_TX_USE_ALR);
    memcpy(t + 16, f + 12, 50);
    ck_assert_uint_eq(xfer(s, 0, t, 66, out, olen), 0x2);

    /* Port 2 blocking (listening): nothing in or out of it, BPDUs pass. */
    csr_wr(s, LAN9303_SF_SWE_PORT_STATE, 0x10);
    len = frame(f, mac_b, mac_a, 64, 4);
    ck_assert_uint_eq(xfer(s, 1, f, len, out, olen), 0);
    len = frame(f, mac_a, mac_b, 64, 5);
    ck_assert_uint_eq(xfer(s, 2, f, len, out, olen), 0);
    ck_assert_uint_eq(csr_rd(s, LAN9303_SF_SWE_FILTERED_CNT(2)), 1);
    len = frame(f, stp_mac, mac_b, 64, 6);
    ck_assert_uint_eq(xfer(s, 2, f, len, out, olen), 0x1);
    ck_assert_uint_eq(lduw_be_p(out[0] + 14), 2 | LAN9303_TAG_RX_STP |
                      LAN9303_TAG_RX_STATIC);
    /* Forwarding again. */
    csr_wr(s, LAN9303_SF_SWE_PORT_STATE, 0);
    len = frame(f, mac_b, mac_a, 64, 7);
    ck_assert_uint_eq(xfer(s, 1, f, len, out, olen), 0x4);

    /* The IGMP trap (lan9303_setup's) sends IGMP to port 0 only. */
    csr_wr(s, LAN9303_SF_SWE_GLB_INGRESS_CFG, LAN9303_GLB_INGRESS_IGMP_TRAP |
           (1u << LAN9303_GLB_INGRESS_IGMP_PORTS_SHIFT));
    len = frame(f, bcast, mac_a, 64, 0);
    memset(f + 14, 0, 20);
    f[14] = 0x45;
    f[14 + 9] = 2;
    ck_assert_uint_eq(xfer(s, 1, f, len, out, olen), 0x1);
    ck_assert_uint_eq(lduw_be_p(out[0] + 14), 1 | LAN9303_TAG_RX_IGMP);
    sw_quit(s);
}
END_TEST

START_TEST(test_mib_counters)
{
    Sw *s = sw_start(NULL);
    uint8_t f[1600];
    size_t len;

    for (int p = 0; p < 3; p++) {
        enable_port(s, p);
    }
    /* Three frames in on port 1: 64, 200 and 1200 bytes on the wire. */
    send_on(s, 1, f, frame(f, bcast, mac_a, 60, 1));
    send_on(s, 1, f, frame(f, mac_b, mac_a, 196, 2));
    len = frame(f, mac_b, mac_a, 1196, 3);
    f[0] = 0x01;                                    /* multicast */
    send_on(s, 1, f, len);
    wait_taken(s, 1, 3, LAN9303_MAC_RX_PKTOK_CNT);
    ck_assert_uint_eq(port_rd(s, 1, LAN9303_MAC_RX_BRDCST_CNT), 1);
    ck_assert_uint_eq(port_rd(s, 1, LAN9303_MAC_RX_MULCST_CNT), 1);
    ck_assert_uint_eq(port_rd(s, 1, LAN9303_MAC_RX_64_CNT), 1);
    ck_assert_uint_eq(port_rd(s, 1, LAN9303_MAC_RX_255_CNT), 1);
    ck_assert_uint_eq(port_rd(s, 1, LAN9303_MAC_RX_MAX_CNT), 1);
    ck_assert_uint_eq(port_rd(s, 1, LAN9303_MAC_RX_PKTLEN_CNT),
                      64 + 200 + 1200);
    /* Read-to-clear. */
    ck_assert_uint_eq(port_rd(s, 1, LAN9303_MAC_RX_BRDCST_CNT), 0);
    /* Each was flooded out of ports 0 and 2. */
    for (int p = 0; p <= 2; p += 2) {
        ck_assert_uint_eq(port_rd(s, p, LAN9303_MAC_TX_PKTOK_CNT), 3);
        ck_assert_uint_eq(port_rd(s, p, LAN9303_MAC_TX_BRDCST_CNT), 1);
        ck_assert_uint_eq(port_rd(s, p, LAN9303_MAC_TX_PKTLEN_CNT),
                          64 + 200 + 1200);
    }
    /* A pause frame ends in the MAC. */
    len = frame(f, stp_mac, mac_a, 60, 0);
    stw_be_p(f + 12, 0x8808);
    stw_be_p(f + 14, 1);
    send_on(s, 2, f, len);
    wait_taken(s, 2, 1, LAN9303_MAC_RX_PAUSE_CNT);
    ck_assert_uint_eq(port_rd(s, 0, LAN9303_MAC_TX_PKTOK_CNT), 0);
    sw_quit(s);
}
END_TEST

START_TEST(test_alr_commands_and_aging)
{
    Sw *s = sw_start(NULL);
    uint8_t f[64], out[3][2048];
    ssize_t olen[3];
    uint32_t d0, d1;
    int n = 0;

    for (int p = 0; p < 3; p++) {
        enable_port(s, p);
    }
    alr_make(s, mac_c, LAN9303_ALR_DAT1_VALID | LAN9303_ALR_DAT1_STATIC |
             ALR_PORT(6));                          /* ports 1 and 2 */
    ck_assert_uint_eq(xfer(s, 1, f, frame(f, mac_b, mac_a, 60, 1), out, olen),
                      0x5);                         /* A learned on 1 */
    /* lan9303_alr_loop(): GET_FIRST, then GET_NEXT to the end. */
    csr_wr(s, LAN9303_SF_SWE_ALR_CMD, LAN9303_ALR_CMD_GET_FIRST);
    csr_wr(s, LAN9303_SF_SWE_ALR_CMD, 0);
    for (;;) {
        d0 = csr_rd(s, LAN9303_SF_SWE_ALR_RD_DAT_0);
        d1 = csr_rd(s, LAN9303_SF_SWE_ALR_RD_DAT_1);
        if (d1 & LAN9303_ALR_DAT1_END_OF_TABLE) {
            break;
        }
        ck_assert(d1 & LAN9303_ALR_DAT1_VALID);
        ck_assert_uint_eq(d0, ldl_le_p(mac_c));     /* 02:00:00:00 */
        if ((d1 & 0xffff) == lduw_le_p(mac_c + 4)) {
            ck_assert_uint_eq(d1 & 0xffff, lduw_le_p(mac_c + 4));
            ck_assert(d1 & LAN9303_ALR_DAT1_STATIC);
            ck_assert_uint_eq(d1 & LAN9303_ALR_DAT1_PORT, ALR_PORT(6));
        } else {
            ck_assert_uint_eq(d1 & 0xffff, lduw_le_p(mac_a + 4));
            ck_assert(!(d1 & LAN9303_ALR_DAT1_STATIC));
            ck_assert_uint_eq(d1 & LAN9303_ALR_DAT1_PORT, ALR_PORT(1));
        }
        n++;
        csr_wr(s, LAN9303_SF_SWE_ALR_CMD, LAN9303_ALR_CMD_GET_NEXT);
        csr_wr(s, LAN9303_SF_SWE_ALR_CMD, 0);
    }
    ck_assert_int_eq(n, 2);
    /* The static entry sends C's frames to ports 1 and 2. */
    ck_assert_uint_eq(xfer(s, 0, f, frame(f, mac_c, mac_b, 60, 2), out, olen),
                      0x6);
    /* Learned entries age out after 300 s; static ones stay. */
    qtest_clock_step(s->t->qts, 301000000000LL);
    ck_assert_uint_eq(xfer(s, 2, f, frame(f, mac_a, mac_b, 60, 3), out, olen),
                      0x3);                         /* A unknown: flooded */
    ck_assert_uint_eq(xfer(s, 0, f, frame(f, mac_c, mac_b, 60, 4), out, olen),
                      0x6);
    /* Deleting: VALID clear. */
    alr_make(s, mac_c, LAN9303_ALR_DAT1_STATIC);
    ck_assert_uint_eq(xfer(s, 0, f, frame(f, mac_c, mac_b, 60, 5), out, olen),
                      0x6);                         /* flooded to 1 and 2 */
    /* SW_RESET forgets everything the fabric held. */
    csr_wr(s, LAN9303_SF_SW_RESET, 1);
    ck_assert_uint_eq(port_rd(s, 1, LAN9303_MAC_RX_CFG), 3);
    csr_wr(s, LAN9303_SF_SWE_ALR_CMD, LAN9303_ALR_CMD_GET_FIRST);
    ck_assert(csr_rd(s, LAN9303_SF_SWE_ALR_RD_DAT_1) &
              LAN9303_ALR_DAT1_END_OF_TABLE);
    sw_quit(s);
}
END_TEST

START_TEST(test_hostile_programming)
{
    Sw *s = sw_start(NULL);
    g_autofree char *log = NULL;
    uint8_t b[3] = { A_INT_EN, 0xff, 0xff }, f[64];

    /* A write cut short of a DWORD is not written. */
    ck_assert(ps_i2c_write(s->t->qts, ADDR, b, 3));
    ck_assert_uint_eq(rd(s, A_INT_EN), 0);
    /* Reserved and read-only registers, both spaces. */
    ck_assert_uint_eq(rd(s, 0x05), 0);
    wr(s, A_ID_REV, 0);
    ck_assert_uint_eq(rd(s, A_ID_REV), LAN9303_ID_REV_VALUE);
    ck_assert_uint_eq(csr_rd(s, 0x1234), 0);
    csr_wr(s, LAN9303_SF_SWE_ALR_RD_DAT_1, 0);
    csr_wr(s, LAN9303_SF_PORT(1) + LAN9303_MAC_RX_PKTOK_CNT, 5);
    /* No byte lane enabled: nothing written. */
    wr(s, A_SWITCH_CSR_DATA, 0x3f);
    wr(s, A_SWITCH_CSR_CMD, LAN9303_SF_SWE_PORT_STATE | 0x80000000);
    ck_assert_uint_eq(csr_rd(s, LAN9303_SF_SWE_PORT_STATE), 0);
    /* The reserved ALR port value is refused. */
    alr_make(s, mac_a, LAN9303_ALR_DAT1_VALID | LAN9303_ALR_DAT1_STATIC |
             ALR_PORT(3));
    csr_wr(s, LAN9303_SF_SWE_ALR_CMD, LAN9303_ALR_CMD_GET_FIRST);
    ck_assert(csr_rd(s, LAN9303_SF_SWE_ALR_RD_DAT_1) &
              LAN9303_ALR_DAT1_END_OF_TABLE);
    /*
     * A full table: 513 sources learned on port 1 leave one discarded,
     * and a static entry is refused.
     */
    enable_port(s, 1);
    for (int i = 0; i < LAN9303_ALR_ENTRIES + 1; i++) {
        uint8_t m[6] = { 0x02, 1, 0, 0, i >> 8, i };

        frame(f, bcast, m, 60, i);
        send_on(s, 1, f, 60);
    }
    wait_taken(s, 1, LAN9303_ALR_ENTRIES + 1, LAN9303_MAC_RX_PKTOK_CNT);
    ck_assert_uint_eq(csr_rd(s, LAN9303_SF_SWE_LRN_DISCRD_CNT(1)), 1);
    alr_make(s, mac_c, LAN9303_ALR_DAT1_VALID | LAN9303_ALR_DAT1_STATIC |
             ALR_PORT(2));
    log = ps_log_take(s->t);
    ck_assert_ptr_nonnull(strstr(log, "stopped after 2 of 4 bytes"));
    ck_assert_ptr_nonnull(strstr(log, "reserved system CSR 0x05"));
    ck_assert_ptr_nonnull(strstr(log, "read-only system CSR 0x14"));
    ck_assert_ptr_nonnull(strstr(log, "reserved switch CSR 0x1234"));
    ck_assert_ptr_nonnull(strstr(log, "read-only switch CSR 0x1806"));
    ck_assert_ptr_nonnull(strstr(log, "read-only switch CSR 0x0818"));
    ck_assert_ptr_nonnull(strstr(log, "no byte lane enabled"));
    ck_assert_ptr_nonnull(strstr(log, "reserved port value 3"));
    ck_assert_ptr_nonnull(strstr(log, "ALR full"));
    sw_quit(s);
}
END_TEST

START_TEST(test_bad_frames)
{
    Sw *s = sw_start(NULL);
    uint8_t f[2100], out[3][2048];
    ssize_t olen[3];
    g_autofree char *log = NULL;

    driver_setup(s);
    /* A special tag that sends the frame back to port 0. */
    frame(f, bcast, mac_c, 64, 0);
    memmove(f + 16, f + 12, 48);
    stw_be_p(f + 12, 0x8100);
    stw_be_p(f + 14, 0 | LAN9303_TAG_TX_STP_OVERRIDE);
    ck_assert_uint_eq(xfer(s, 0, f, 64, out, olen), 0);
    ck_assert_uint_eq(csr_rd(s, LAN9303_SF_SWE_FILTERED_CNT(0)), 1);
    /* A tag cut short: the frame ends inside it. */
    send_on(s, 0, f, 15);
    wait_taken(s, 0, 1, LAN9303_MAC_RX_PKTOK_CNT);
    ck_assert_uint_eq(csr_rd(s, LAN9303_SF_SWE_FILTERED_CNT(0)), 1);
    /* A runt without even a header. */
    send_on(s, 1, f, 10);
    wait_taken(s, 1, 1, LAN9303_MAC_RX_FRAG_CNT);
    /* Oversized: 1600 bytes untagged, and past 2048 (jabber). */
    send_on(s, 1, f, frame(f, bcast, mac_a, 1600, 1));
    wait_taken(s, 1, 1, LAN9303_MAC_RX_OVRSZE_CNT);
    send_on(s, 2, f, frame(f, bcast, mac_a, 2100, 1));
    wait_taken(s, 2, 1, LAN9303_MAC_RX_JABB_CNT);
    /* With JUMBO_2K, 1600 bytes pass. */
    csr_wr(s, LAN9303_SF_PORT(1) + LAN9303_MAC_RX_CFG,
           3 | LAN9303_MAC_RX_CFG_JUMBO_2K);
    ck_assert_uint_eq(xfer(s, 1, f, frame(f, bcast, mac_a, 1600, 2), out,
                           olen), 0x1);
    for (int p = 0; p < 3; p++) {
        ck_assert_int_lt(recv_now(s, p, out[p], 2048), 0);
    }
    log = ps_log_take(s->t);
    ck_assert_ptr_nonnull(strstr(log, "back to its own port"));
    ck_assert_ptr_nonnull(strstr(log, "special tag cut short"));
    sw_quit(s);
}
END_TEST

/*
 * Ports 1 and 2 on one hub: a loop. A broadcast storms around it until
 * the egress buffer fills in virtual time; then frames are dropped and
 * counted, and QEMU answers again.
 */
START_TEST(test_bad_loop_between_ports)
{
    Sw *s = g_new0(Sw, 1);
    g_autoptr(GString) args = g_string_new("");
    int theirs[3];
    uint8_t f[64];
    uint32_t drops = 0;

    sw_sockets(s->sock, theirs, args);
    s->t = ps_qtest_start("presilicon,bare=on", "%s -netdev hubport,id=l1,"
                          "hubid=7 -netdev hubport,id=l2,hubid=7 -device "
                          "lan9303,id=sw,address=0x0a,port0=p0,port1=l1,"
                          "port2=l2", args->str);
    for (int i = 0; i < 3; i++) {
        close(theirs[i]);
    }
    for (int p = 0; p < 3; p++) {
        enable_port(s, p);
    }
    send_on(s, 0, f, frame(f, bcast, mac_c, 60, 0));
    wait_taken(s, 0, 1, LAN9303_MAC_RX_PKTOK_CNT);
    for (int p = 0; p < 3; p++) {
        drops += csr_rd(s, LAN9303_SF_BM_DRP_CNT_SRC(p));
    }
    ck_assert_uint_gt(drops, 0);
    ck_assert_uint_gt(port_rd(s, 1, LAN9303_MAC_TX_PKTOK_CNT), 100);
    sw_quit(s);
}
END_TEST

static void check_node(const void *fdt, int node, uint64_t base)
{
    int ports, p0, len;
    const fdt32_t *eth;

    ck_assert_int_ge(node, 0);
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "reg", 0), ADDR);
    ck_assert_str_eq(fdt_get_name(fdt, fdt_parent_offset(fdt, node), NULL),
                     "i2c@9030000");
    ports = fdt_subnode_offset(fdt, node, "ports");
    ck_assert_int_ge(ports, 0);
    p0 = fdt_subnode_offset(fdt, ports, "port@0");
    ck_assert_int_ge(p0, 0);
    eth = fdt_getprop(fdt, p0, "ethernet", &len);
    ck_assert_ptr_nonnull(eth);
    node = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(*eth));
    ck_assert_int_ge(node, 0);
    /* A PCI function's node: the board's virtio-net, or -device's MAC. */
    ck_assert(g_str_has_prefix(fdt_getprop(fdt, node, "compatible", NULL),
                               "pci"));
    ck_assert_str_eq(fdt_get_name(fdt, node, NULL), "ethernet@4");
    ck_assert_int_ge(fdt_subnode_offset(fdt, p0, "fixed-link"), 0);
    ck_assert_str_eq(fdt_getprop(fdt, fdt_subnode_offset(fdt, ports,
                                 "port@1"), "label", NULL), "lan1");
    ck_assert_str_eq(fdt_getprop(fdt, fdt_subnode_offset(fdt, ports,
                                 "port@2"), "label", NULL), "lan2");
}

START_TEST(test_device_tree_nodes)
{
    Sw *s = sw_start(NULL);
    g_autofree void *fdt = ps_dtb(s->t);
    int node = ps_fdt_node_by_compat(fdt, "smsc,lan9303-i2c");

    /* On bare=on, the -device switch and its -device conduit. */
    check_node(fdt, node, 0);
    sw_quit(s);
    ps_check_builtin_node("smsc,lan9303-i2c", 0, check_node);
    {
        PsQTest *t = ps_qtest_start("presilicon,bare=on", "%s", "");
        g_autofree void *bare = ps_dtb(t);

        ck_assert_int_eq(ps_fdt_node_by_compat(bare, "smsc,lan9303-i2c"),
                         -1);
        ps_qtest_quit(t);
    }
}
END_TEST

START_TEST(test_migration_keeps_learned_state)
{
    Sw *s = sw_start(NULL), *d = g_new0(Sw, 1);
    uint8_t f[64], out[3][2048];
    ssize_t olen[3];
    g_autoptr(GString) args = g_string_new("");
    int theirs[3];

    driver_setup(s);
    csr_wr(s, LAN9303_SF_SWE_PORT_MIRROR, 0);
    csr_wr(s, LAN9303_SF_SWE_PORT_STATE, 0);
    ck_assert_uint_eq(xfer(s, 1, f, frame(f, mac_b, mac_a, 60, 1), out, olen),
                      0x5);
    send_on(s, 2, f, frame(f, mac_a, mac_b, 60, 2));
    /* Counters not yet read, A and B learned: all of it must move. */
    sw_sockets(d->sock, theirs, args);
    ck_assert_int_eq(recv(s->sock[1], out[1], 2048, 0), 60);
    g_string_append(args, "-device dwc-xlgmac,addr=04.0,id=cpu -device "
                    "lan9303,id=sw,address=0x0a,conduit=cpu,port0=p0,"
                    "port1=p1,port2=p2");
    d->t = ps_migrate(s->t, "presilicon,bare=on", args->str);
    for (int i = 0; i < 3; i++) {
        close(theirs[i]);
    }
    ck_assert_uint_eq(port_rd(d, 2, LAN9303_MAC_RX_PKTOK_CNT), 1);
    ck_assert_uint_eq(port_rd(d, 1, LAN9303_MAC_TX_PKTOK_CNT), 1);
    ck_assert_uint_eq(csr_rd(d, LAN9303_SF_BM_EGRSS_PORT_TYPE), 3);
    ck_assert_uint_eq(xfer(d, 1, f, frame(f, mac_b, mac_a, 60, 3), out, olen),
                      0x4);                         /* B known on port 2 */
    ck_assert_int_eq(olen[2], 60);
    sw_quit(s);
    sw_quit(d);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lan9303");
    TCase *mgmt = tcase_create("management");
    TCase *data = tcase_create("data");
    TCase *bad = tcase_create("hostile");

    tcase_set_timeout(mgmt, 120);
    tcase_set_timeout(data, 120);
    tcase_set_timeout(bad, 120);
    tcase_add_test(mgmt, test_identity);
    tcase_add_test(mgmt, test_phys_and_link);
    tcase_add_test(mgmt, test_device_tree_nodes);
    tcase_add_test(data, test_learning_and_flooding);
    tcase_add_test(data, test_special_tag_both_ways);
    tcase_add_test(data, test_bridge_and_stp_states);
    tcase_add_test(data, test_mib_counters);
    tcase_add_test(data, test_alr_commands_and_aging);
    tcase_add_test(bad, test_hostile_programming);
    tcase_add_test(bad, test_bad_frames);
    tcase_add_test(bad, test_bad_loop_between_ports);
    tcase_add_test(bad, test_migration_keeps_learned_state);
    suite_add_tcase(s, mgmt);
    suite_add_tcase(s, data);
    suite_add_tcase(s, bad);
    return ps_check_run(s);
}
