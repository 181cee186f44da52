/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Synopsys DWC XLGMAC on PCI (00:03.0): identity and hardware features,
 * the TX and RX descriptor rings as Linux's dwc-xlgmac driver fills them
 * (frames checked byte for byte on a socket netdev), ring wrap, INTx and
 * DMA_CH_SR, the MMC counters behind ethtool -S, software reset, hostile
 * descriptors, and a migration with work pending.
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "standard-headers/linux/pci_regs.h"
#include "presilicon-qtest.h"
#include "hw/net/dwc_xlgmac_regs.h"
#include "check-tap.h"

#define ECAM        0x30000000ull
#define CFG         (ECAM + (3 << 15))          /* 00:03.0 */
#define BAR0        0x20000000ull
#define RAM         0x40000000ull
#define TXRING      (RAM + 0x100000)
#define RXRING      (RAM + 0x110000)
#define TXBUF       (RAM + 0x200000)
#define RXBUF       (RAM + 0x300000)
#define NOWHERE     0x3f000000000ull            /* no memory here */
#define NDESC       8
#define RBSZ        1536

#define SR(bit)     R_DMA_CH0_SR_##bit##_MASK

typedef struct Nic {
    PsQTest *t;
    int sock;           /* our end of the socket netdev, -1 without one */
    unsigned tx_next;   /* next TX descriptor the "driver" fills */
} Nic;

static const uint8_t our_mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };

static uint32_t rd(Nic *n, uint32_t reg)
{
    return qtest_readl(n->t->qts, BAR0 + reg);
}

static void wr(Nic *n, uint32_t reg, uint32_t v)
{
    qtest_writel(n->t->qts, BAR0 + reg, v);
}

static uint32_t cfg_r(Nic *n, uint32_t reg)
{
    return qtest_readl(n->t->qts, CFG + reg);
}

static void cfg_w(Nic *n, uint32_t reg, uint32_t v)
{
    qtest_writel(n->t->qts, CFG + reg, v);
}

static bool intx(Nic *n)
{
    return (cfg_r(n, PCI_COMMAND) >> 16) & PCI_STATUS_INTERRUPT;
}

static void desc_w(Nic *n, uint64_t a, uint32_t d0, uint32_t d1, uint32_t d2,
                   uint32_t d3)
{
    qtest_writel(n->t->qts, a, d0);
    qtest_writel(n->t->qts, a + 4, d1);
    qtest_writel(n->t->qts, a + 8, d2);
    qtest_writel(n->t->qts, a + 12, d3);
}

static uint32_t desc3(Nic *n, uint64_t ring, unsigned i)
{
    return qtest_readl(n->t->qts, ring + i * XLGMAC_DESC_SIZE + 12);
}

/* The driver's init order: reset, rings, interrupts, DMA, then MAC. */
static void nic_init(Nic *n)
{
    unsigned i;

    cfg_w(n, PCI_BASE_ADDRESS_0, BAR0);
    cfg_w(n, PCI_BASE_ADDRESS_0 + 4, 0);
    cfg_w(n, PCI_COMMAND, PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
    wr(n, A_DMA_MR, R_DMA_MR_SWR_MASK);
    g_assert_cmpuint(rd(n, A_DMA_MR) & R_DMA_MR_SWR_MASK, ==, 0);
    wr(n, A_MMC_CR, R_MMC_CR_ROR_MASK | R_MMC_CR_CR_MASK);
    wr(n, A_DMA_CH0_TDRLR, NDESC - 1);
    wr(n, A_DMA_CH0_TDLR_HI, TXRING >> 32);
    wr(n, A_DMA_CH0_TDLR_LO, (uint32_t)TXRING);
    for (i = 0; i < NDESC; i++) {
        desc_w(n, TXRING + i * 16, 0, 0, 0, 0);
        uint64_t hdr = RXBUF + i * 0x1000;

        desc_w(n, RXRING + i * 16, (uint32_t)hdr, hdr >> 32,
               (uint32_t)(hdr + 0x200),
               XLGMAC_RDES3_OWN | (((hdr + 0x200) >> 32) & 0xffff));
    }
    wr(n, A_DMA_CH0_RDRLR, NDESC - 1);
    wr(n, A_DMA_CH0_RDLR_HI, RXRING >> 32);
    wr(n, A_DMA_CH0_RDLR_LO, (uint32_t)RXRING);
    wr(n, A_DMA_CH0_RDTR_LO, (uint32_t)(RXRING + (NDESC - 1) * 16));
    wr(n, A_DMA_CH0_CR, R_DMA_CH0_CR_SPH_MASK);
    wr(n, A_MAC_RCR, 3 << R_MAC_RCR_HDSMS_SHIFT);       /* 512-byte header */
    wr(n, A_DMA_CH0_RCR, RBSZ << R_DMA_CH0_RCR_RBSZ_SHIFT);
    wr(n, A_DMA_CH0_RIWT, 0);
    wr(n, A_DMA_CH0_IER, R_DMA_CH0_IER_NIE_MASK | R_DMA_CH0_IER_AIE_MASK |
       SR(FBE) | SR(TI) | SR(RI) | SR(RBU));
    wr(n, A_DMA_CH0_TCR, R_DMA_CH0_TCR_ST_MASK);
    wr(n, A_DMA_CH0_RCR, rd(n, A_DMA_CH0_RCR) | R_DMA_CH0_RCR_SR_MASK);
    wr(n, A_MAC_TCR, R_MAC_TCR_TE_MASK);
    wr(n, A_MAC_RCR, rd(n, A_MAC_RCR) | R_MAC_RCR_RE_MASK);
    n->tx_next = 0;
}

static Nic *nic_start(const char *extra)
{
    Nic *n = g_new0(Nic, 1);
    int sv[2];

    if (extra) {
        n->sock = -1;
        n->t = ps_qtest_start("presilicon", "-m 256M %s", extra);
    } else {
        g_assert_cmpint(socketpair(PF_UNIX, SOCK_STREAM, 0, sv), ==, 0);
        n->sock = sv[0];
        /* A bound, not a wait: the frame is sent from the TX bottom half. */
        struct timeval tv = { .tv_sec = 10 };
        setsockopt(n->sock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
        n->t = ps_qtest_start("presilicon", "-m 256M -nic socket,fd=%d,"
                              "mac=52:54:00:12:34:56", sv[1]);
        close(sv[1]);
    }
    nic_init(n);
    return n;
}

static void nic_quit(Nic *n)
{
    if (n->sock >= 0) {
        close(n->sock);
    }
    ps_qtest_quit(n->t);
    g_free(n);
}

/* Queue one frame in `parts` descriptors (IC on the last) and ring. */
static void tx_frame(Nic *n, const uint8_t *f, size_t len, int parts)
{
    size_t off = 0, chunk = len / parts;
    int p;

    for (p = 0; p < parts; p++) {
        unsigned i = n->tx_next;
        size_t l = p == parts - 1 ? len - off : chunk;
        uint64_t buf = TXBUF + i * 0x1000;

        qtest_memwrite(n->t->qts, buf, f + off, l);
        desc_w(n, TXRING + i * 16, (uint32_t)buf, buf >> 32,
               l | (p == parts - 1 ? XLGMAC_TDES2_IC : 0),
               XLGMAC_TDES3_OWN | len | (p == 0 ? XLGMAC_TDES3_FD : 0) |
               (p == parts - 1 ? XLGMAC_TDES3_LD : 0));
        off += l;
        n->tx_next = (i + 1) % NDESC;
    }
    wr(n, A_DMA_CH0_TDTR_LO, (uint32_t)(TXRING + n->tx_next * 16));
    qtest_clock_step(n->t->qts, 1000);
}

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

/* Wait (virtual time, then the main loop) until RX descriptor i is done. */
static void rx_wait(Nic *n, unsigned i)
{
    int tries;

    for (tries = 0; tries < 1000; tries++) {
        if (!(desc3(n, RXRING, i) & XLGMAC_RDES3_OWN)) {
            return;
        }
        qtest_clock_step(n->t->qts, 1000);
    }
    g_assert_not_reached();
}

START_TEST(test_identity)
{
    Nic *n = nic_start(NULL);

    ck_assert_uint_eq(cfg_r(n, PCI_VENDOR_ID), 0x730216c3);
    ck_assert_uint_eq(cfg_r(n, PCI_CLASS_REVISION) >> 16, 0x0200);
    ck_assert_uint_eq((cfg_r(n, PCI_INTERRUPT_LINE) >> 8) & 0xff, 1);
    /* No offload advertised: no TX/RX COE, TSO, RSS; one channel. */
    ck_assert_uint_eq(rd(n, A_MAC_HWF0R), R_MAC_HWF0R_MMCSEL_MASK);
    ck_assert_uint_eq(rd(n, A_MAC_HWF1R) & (R_MAC_HWF1R_TSOEN_MASK |
                                            R_MAC_HWF1R_RSSEN_MASK), 0);
    ck_assert_uint_eq(FIELD_EX32(rd(n, A_MAC_HWF1R), MAC_HWF1R, ADDR64), 2);
    ck_assert_uint_eq(rd(n, A_MAC_HWF2R), 0);
    ck_assert_uint_eq(rd(n, A_MAC_VR), 0x3020);
    /* mac= is the reset value of address 0. */
    ck_assert_uint_eq(rd(n, A_MAC_MACA0LR), ldl_le_p(our_mac));
    ck_assert_uint_eq(rd(n, A_MAC_MACA0HR) & 0xffff, lduw_le_p(our_mac + 4));
    /* Read-only registers stay; unknown offsets log. */
    wr(n, A_MAC_HWF0R, 0xffffffff);
    ck_assert_uint_eq(rd(n, A_MAC_HWF0R), R_MAC_HWF0R_MMCSEL_MASK);
    rd(n, 0x2000);
    g_autofree char *log = ps_log_take(n->t);
    ck_assert_ptr_nonnull(strstr(log, "read-only register 0x11c"));
    ck_assert_ptr_nonnull(strstr(log, "unknown register 0x2000"));
    nic_quit(n);
}
END_TEST

START_TEST(test_tx_frames_and_wrap)
{
    Nic *n = nic_start(NULL);
    uint8_t f[1514], got[2048];
    int k;

    /* 12 frames over 8 descriptors: the ring wraps, split frames too. */
    for (k = 0; k < 12; k++) {
        size_t len = 60 + k * 120;
        int parts = k % 3 + 1;

        make_frame(f, len, (const uint8_t *)"\xff\xff\xff\xff\xff\xff", k);
        if (n->tx_next + parts > NDESC) {
            parts = 1;
        }
        tx_frame(n, f, len, parts);
        ck_assert_uint_eq(ps_netsock_recv(n->sock, got, sizeof(got)), len);
        ck_assert_mem_eq(got, f, len);
        ck_assert_uint_eq(desc3(n, TXRING, (n->tx_next + NDESC - 1) % NDESC) &
                          XLGMAC_TDES3_OWN, 0);
        ck_assert(rd(n, A_DMA_CH0_SR) & SR(TI));
        ck_assert(intx(n));
        ck_assert_uint_eq(rd(n, A_DMA_ISR), R_DMA_ISR_DC0IS_MASK);
        wr(n, A_DMA_CH0_SR, SR(TI));
        ck_assert(!intx(n));
    }
    ck_assert_uint_eq(rd(n, A_DMA_CH0_CATDR_LO), TXRING + n->tx_next * 16);
    /* MMC: 12 broadcast frames; reset on read clears the count. */
    ck_assert_uint_eq(rd(n, A_MMC_TXFRAMECOUNT_GB_LO), 12);
    ck_assert_uint_eq(rd(n, A_MMC_TXFRAMECOUNT_GB_LO), 0);
    ck_assert_uint_eq(rd(n, A_MMC_TXBROADCASTFRAMES_G_LO), 12);
    ck_assert_uint_eq(rd(n, A_MMC_TXOCTETCOUNT_GB_LO),
                      12 * 60 + 120 * (11 * 12 / 2));
    ck_assert_uint_eq(rd(n, A_MMC_TXOCTETCOUNT_GB_LO + 4), 0);
    ck_assert_uint_eq(rd(n, A_MMC_TXOCTETCOUNT_GB_LO), 0);
    /* TE clear: the descriptor completes but nothing goes out. */
    nic_quit(n);
}
END_TEST

START_TEST(test_rx_frames_wrap_and_stall)
{
    Nic *n = nic_start(NULL);
    uint8_t f[1514], got[2048];
    unsigned k, i;

    for (k = 0; k < 10; k++) {
        size_t len = k == 3 ? 1514 : 64 + k * 50;

        i = k % NDESC;
        make_frame(f, len, our_mac, k);
        ps_netsock_send(n->sock, f, len);
        rx_wait(n, i);
        uint32_t d3 = desc3(n, RXRING, i);
        ck_assert_uint_eq(d3 & XLGMAC_RDES3_PL_MASK, len);
        ck_assert(d3 & XLGMAC_RDES3_FD);
        ck_assert(d3 & XLGMAC_RDES3_LD);
        ck_assert_uint_eq(d3 & XLGMAC_RDES3_ES, 0);
        /* Header buffer takes the first 512 bytes, buffer 2 the rest. */
        qtest_memread(n->t->qts, RXBUF + i * 0x1000, got, MIN(len, 512));
        if (len > 512) {
            qtest_memread(n->t->qts, RXBUF + i * 0x1000 + 0x200, got + 512,
                          len - 512);
        }
        ck_assert_mem_eq(got, f, len);
        /* The driver hands the descriptor back at once. */
        desc_w(n, RXRING + i * 16, (uint32_t)(RXBUF + i * 0x1000), 0,
               (uint32_t)(RXBUF + i * 0x1000 + 0x200), XLGMAC_RDES3_OWN);
        wr(n, A_DMA_CH0_RDTR_LO, (uint32_t)(RXRING + i * 16));
    }
    /* Not for us: dropped by the filter; promiscuous takes it. */
    make_frame(f, 100, (const uint8_t *)"\x02\x11\x22\x33\x44\x55", 1);
    ps_netsock_send(n->sock, f, 100);
    qtest_clock_step(n->t->qts, 100000);
    ck_assert(desc3(n, RXRING, 10 % NDESC) & XLGMAC_RDES3_OWN);
    ck_assert_uint_eq(rd(n, A_MMC_RXFRAMECOUNT_GB_LO), 10);
    ck_assert_uint_eq(rd(n, A_MMC_RXUNICASTFRAMES_G_LO), 10);

    /* No INTE and no RIWT: no RI. Now take back every descriptor. */
    ck_assert_uint_eq(rd(n, A_DMA_CH0_SR) & SR(RI), 0);
    for (i = 0; i < NDESC; i++) {
        qtest_writel(n->t->qts, RXRING + i * 16 + 12, 0);
    }
    wr(n, A_DMA_CH0_RIWT, 0x40);
    make_frame(f, 200, our_mac, 9);
    ps_netsock_send(n->sock, f, 200);
    for (k = 0; k < 200 && !(rd(n, A_DMA_CH0_SR) & SR(RBU)); k++) {
        qtest_clock_step(n->t->qts, 1000);
    }
    ck_assert(rd(n, A_DMA_CH0_SR) & SR(RBU));
    ck_assert(intx(n));
    ck_assert_uint_eq(FIELD_EX32(rd(n, A_DMA_DSR0), DMA_DSR0, RPS0),
                      XLGMAC_DMA_SUSPENDED);
    wr(n, A_DMA_CH0_SR, SR(RBU));
    /* The frame waits in the queue until a descriptor comes back. */
    i = 10 % NDESC;
    desc_w(n, RXRING + i * 16, (uint32_t)(RXBUF + i * 0x1000), 0,
           (uint32_t)(RXBUF + i * 0x1000 + 0x200), XLGMAC_RDES3_OWN);
    wr(n, A_DMA_CH0_RDTR_LO, (uint32_t)(RXRING + i * 16));
    rx_wait(n, i);
    ck_assert_uint_eq(desc3(n, RXRING, i) & XLGMAC_RDES3_PL_MASK, 200);
    ck_assert(rd(n, A_DMA_CH0_SR) & SR(RI));
    ck_assert(intx(n));
    nic_quit(n);
}
END_TEST

START_TEST(test_software_reset)
{
    Nic *n = nic_start(NULL);

    wr(n, A_DMA_CH0_SR, 0xffffffff);
    wr(n, A_MAC_PFR, R_MAC_PFR_PR_MASK);
    wr(n, A_DMA_MR, R_DMA_MR_SWR_MASK);
    ck_assert_uint_eq(rd(n, A_DMA_MR), 0);
    ck_assert_uint_eq(rd(n, A_MAC_PFR), 0);
    ck_assert_uint_eq(rd(n, A_DMA_CH0_TCR), 0);
    ck_assert_uint_eq(rd(n, A_DMA_CH0_IER), 0);
    ck_assert_uint_eq(rd(n, A_MAC_HWF0R), R_MAC_HWF0R_MMCSEL_MASK);
    ck_assert_uint_eq(FIELD_EX32(rd(n, A_DMA_DSR0), DMA_DSR0, TPS0),
                      XLGMAC_DMA_STOPPED);
    ck_assert(!intx(n));
    nic_quit(n);
}
END_TEST

START_TEST(test_hostile_descriptors)
{
    Nic *n = nic_start(NULL);
    uint8_t f[200], got[2048];
    char *log;

    /* Zero-length buffer: dropped, ES in the write-back, a log line. */
    desc_w(n, TXRING, (uint32_t)TXBUF, 0, XLGMAC_TDES2_IC,
           XLGMAC_TDES3_OWN | XLGMAC_TDES3_FD | XLGMAC_TDES3_LD);
    n->tx_next = 1;
    wr(n, A_DMA_CH0_TDTR_LO, (uint32_t)(TXRING + 16));
    qtest_clock_step(n->t->qts, 1000);
    ck_assert_uint_eq(desc3(n, TXRING, 0) & (XLGMAC_TDES3_OWN |
                                             XLGMAC_TDES3_ES),
                      XLGMAC_TDES3_ES);
    log = ps_log_take(n->t);
    ck_assert_ptr_nonnull(strstr(log, "zero buffer length"));
    g_free(log);

    /* TSE without TSO advertised: dropped with ES. */
    make_frame(f, sizeof(f), our_mac, 3);
    qtest_memwrite(n->t->qts, TXBUF, f, sizeof(f));
    desc_w(n, TXRING + 16, (uint32_t)TXBUF, 0, sizeof(f),
           XLGMAC_TDES3_OWN | XLGMAC_TDES3_FD | XLGMAC_TDES3_LD |
           XLGMAC_TDES3_TSE);
    n->tx_next = 2;
    wr(n, A_DMA_CH0_TDTR_LO, (uint32_t)(TXRING + 32));
    qtest_clock_step(n->t->qts, 1000);
    ck_assert(desc3(n, TXRING, 1) & XLGMAC_TDES3_ES);
    log = ps_log_take(n->t);
    ck_assert_ptr_nonnull(strstr(log, "TSO is not advertised"));
    g_free(log);

    /* A ring whose every descriptor is owned, with no LD: bounded. */
    for (int i = 2; i < NDESC; i++) {
        desc_w(n, TXRING + i * 16, (uint32_t)TXBUF, 0, 100,
               XLGMAC_TDES3_OWN | (i == 2 ? XLGMAC_TDES3_FD : 0));
    }
    desc_w(n, TXRING, (uint32_t)TXBUF, 0, 100, XLGMAC_TDES3_OWN);
    desc_w(n, TXRING + 16, (uint32_t)TXBUF, 0, 100, XLGMAC_TDES3_OWN);
    wr(n, A_DMA_CH0_TDTR_LO, (uint32_t)(TXRING + 0x10000));
    qtest_clock_step(n->t->qts, 1000);
    log = ps_log_take(n->t);
    ck_assert_ptr_nonnull(strstr(log, "without a last descriptor"));
    g_free(log);

    /* A buffer outside memory: fatal bus error, TX stops, INTx. */
    wr(n, A_DMA_MR, R_DMA_MR_SWR_MASK);
    nic_init(n);
    desc_w(n, TXRING, (uint32_t)NOWHERE, NOWHERE >> 32, 100,
           XLGMAC_TDES3_OWN | XLGMAC_TDES3_FD | XLGMAC_TDES3_LD);
    wr(n, A_DMA_CH0_TDTR_LO, (uint32_t)(TXRING + 16));
    qtest_clock_step(n->t->qts, 1000);
    ck_assert_uint_eq(rd(n, A_DMA_CH0_SR) & (SR(FBE) | SR(TPS)),
                      SR(FBE) | SR(TPS));
    ck_assert(intx(n));
    ck_assert_uint_eq(FIELD_EX32(rd(n, A_DMA_DSR0), DMA_DSR0, TPS0),
                      XLGMAC_DMA_STOPPED);
    log = ps_log_take(n->t);
    ck_assert_ptr_nonnull(strstr(log, "buffer outside memory"));
    g_free(log);

    /* An RX ring outside memory: FBE and RPS; the frame is lost. */
    wr(n, A_DMA_CH0_RDLR_HI, NOWHERE >> 32);
    wr(n, A_DMA_CH0_RDLR_LO, (uint32_t)NOWHERE);
    ps_netsock_send(n->sock, f, sizeof(f));
    for (int k = 0; k < 200 && !(rd(n, A_DMA_CH0_SR) & SR(RPS)); k++) {
        qtest_clock_step(n->t->qts, 1000);
    }
    ck_assert(rd(n, A_DMA_CH0_SR) & SR(RPS));
    log = ps_log_take(n->t);
    ck_assert_ptr_nonnull(strstr(log, "RX DMA: descriptor outside memory"));
    g_free(log);

    /* A too-small RBSZ: the frame is dropped, RPS and a log line. */
    wr(n, A_DMA_MR, R_DMA_MR_SWR_MASK);
    nic_init(n);
    wr(n, A_DMA_CH0_RCR, R_DMA_CH0_RCR_SR_MASK | (16 << 1));
    ps_netsock_send(n->sock, f, sizeof(f));
    for (int k = 0; k < 200 && !(rd(n, A_DMA_CH0_SR) & SR(RPS)); k++) {
        qtest_clock_step(n->t->qts, 1000);
    }
    ck_assert(desc3(n, RXRING, 0) & XLGMAC_RDES3_OWN);
    log = ps_log_take(n->t);
    ck_assert_ptr_nonnull(strstr(log, "below 64"));
    g_free(log);

    /* The device still works after all that. */
    wr(n, A_DMA_MR, R_DMA_MR_SWR_MASK);
    nic_init(n);
    tx_frame(n, f, sizeof(f), 1);
    ck_assert_uint_eq(ps_netsock_recv(n->sock, got, sizeof(got)), sizeof(f));
    ck_assert_mem_eq(got, f, sizeof(f));
    nic_quit(n);
}
END_TEST

START_TEST(test_migration_mid_transfer)
{
    Nic *n = nic_start("-nic none");
    Nic *d;
    uint8_t f[300];

    /* Stop TX, queue two frames, start it on the destination. */
    wr(n, A_DMA_CH0_TCR, 0);
    make_frame(f, sizeof(f), our_mac, 5);
    tx_frame(n, f, sizeof(f), 2);
    tx_frame(n, f, sizeof(f), 1);
    ck_assert(desc3(n, TXRING, 0) & XLGMAC_TDES3_OWN);
    /* And the RX ring stalled with its DMA state. */
    d = g_new0(Nic, 1);
    d->sock = -1;
    d->t = ps_migrate(n->t, "presilicon", "-m 256M -nic none");
    nic_quit(n);
    ck_assert_uint_eq(rd(d, A_DMA_CH0_TDRLR), NDESC - 1);
    ck_assert_uint_eq(rd(d, A_DMA_CH0_TDTR_LO), TXRING + 3 * 16);
    wr(d, A_DMA_CH0_TCR, R_DMA_CH0_TCR_ST_MASK);
    qtest_clock_step(d->t->qts, 1000);
    for (int i = 0; i < 3; i++) {
        ck_assert_uint_eq(desc3(d, TXRING, i) & XLGMAC_TDES3_OWN, 0);
    }
    ck_assert_uint_eq(rd(d, A_MMC_TXFRAMECOUNT_GB_LO), 2);
    ck_assert_uint_eq(rd(d, A_DMA_CH0_CATDR_LO), TXRING + 3 * 16);
    nic_quit(d);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dwc-xlgmac");
    TCase *regs = tcase_create("registers");
    TCase *data = tcase_create("data");
    TCase *bad = tcase_create("bad-input");

    tcase_add_test(regs, test_identity);
    tcase_add_test(regs, test_software_reset);
    tcase_add_test(data, test_tx_frames_and_wrap);
    tcase_add_test(data, test_rx_frames_wrap_and_stall);
    tcase_add_test(bad, test_hostile_descriptors);
    tcase_add_test(bad, test_migration_mid_transfer);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, data);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
