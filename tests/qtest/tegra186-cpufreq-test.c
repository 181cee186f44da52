/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tegra186 cpufreq set: the HSP's doorbells and shared mailboxes, the
 * BPMP's IVC channels and firmware driven as Linux's bpmp-tegra186.c and
 * ivc.c drive them (the CPU side is written out below), the CCPLEX
 * cluster's EDVD registers, the MISC chip ID; device-tree nodes, hostile
 * programming, reset and migration with a request in flight.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/misc/tegra186_hsp_regs.h"
#include "hw/misc/tegra186_ccplex_regs.h"
#include "firmware/bpmp/bpmp.h"
#include "check-tap.h"
#include "xorshift.h"
#include <libfdt.h>

/* Where docs/board.md places the set (slots 13-26). */
#define HSP_BASE    0x100d0000ull
#define SYSRAM      0x10110000ull
#define CCPLEX_BASE 0x10120000ull
#define MISC_BASE   0x101a0000ull
#define HSP_PATH    "/machine/tegra186-hsp"
#define BPMP_PATH   "/machine/tegra186-bpmp"
#define CCPLEX_PATH "/machine/tegra186-ccplex-cluster"
/* Guest RAM for the requests that carry a buffer address. */
#define BUF         0x40100000ull

#define DB(i)       (HSP_BASE + TEGRA186_HSP_DB_BASE + (i) * 0x100)
#define SM(n)       (HSP_BASE + TEGRA186_HSP_SM_BASE + \
                     (n) * TEGRA186_HSP_SM_STRIDE)
/* Channel ch's queues: the CPU's (requests) and the BPMP's (answers). */
#define TXQ(ch)     (SYSRAM + (ch) * BPMP_FW_QUEUE_SIZE)
#define RXQ(ch)     (SYSRAM + BPMP_FW_SHMEM_SIZE + (ch) * BPMP_FW_QUEUE_SIZE)
#define Q_COUNT     0
#define Q_STATE     4
#define Q_RXCOUNT   64
#define Q_FRAME     128

#define CHAN_ATOMIC 3
#define CHAN_THREAD 0

static PsQTest *start(void)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");

    qtest_irq_intercept_out_named(t->qts, HSP_PATH, "sysbus-irq");
    return t;
}

static uint32_t rd(PsQTest *t, uint64_t a)
{
    return qtest_readl(t->qts, a);
}

static void wr(PsQTest *t, uint64_t a, uint32_t v)
{
    qtest_writel(t->qts, a, v);
}

static bool log_has(PsQTest *t, const char *what)
{
    g_autofree char *log = ps_log_take(t);
    bool hit = strstr(log, what) != NULL;

    ck_assert_msg(hit, "guest-error log lacks \"%s\": %s", what, log);
    return hit;
}

static void log_clean(PsQTest *t)
{
    g_autofree char *log = ps_log_take(t);

    ck_assert_msg(!*log, "unexpected guest errors: %s", log);
}

/* qom-set of an integer: NULL, or QMP's error text (g_free it). */
static char *qom_set_int(PsQTest *t, const char *path, const char *prop,
                         int64_t value)
{
    QDict *r = qtest_qmp(t->qts, "{'execute': 'qom-set', 'arguments': "
                         "{'path': %s, 'property': %s, 'value': %" PRId64
                         "}}", path, prop, value);
    char *err = NULL;

    if (qdict_haskey(r, "error")) {
        err = g_strdup(qdict_get_str(qdict_get_qdict(r, "error"), "desc"));
    }
    qobject_unref(r);
    return err;
}

static void ring_bpmp(PsQTest *t)
{
    wr(t, DB(TEGRA186_HSP_DB_BPMP) + A_HSP_DB_TRIGGER, 1);
}

/* tegra_ivc_notified() for the CPU's end; true once established. */
static bool ivc_notified(PsQTest *t, int ch)
{
    uint32_t peer = rd(t, RXQ(ch) + Q_STATE), own = rd(t, TXQ(ch) + Q_STATE);

    if (peer == BPMP_IVC_SYNC ||
        (own == BPMP_IVC_SYNC && peer == BPMP_IVC_ACK)) {
        wr(t, TXQ(ch) + Q_COUNT, 0);
        wr(t, RXQ(ch) + Q_RXCOUNT, 0);
        wr(t, TXQ(ch) + Q_STATE, peer == BPMP_IVC_SYNC ? BPMP_IVC_ACK :
                                 BPMP_IVC_ESTABLISHED);
        ring_bpmp(t);
    } else if (own == BPMP_IVC_ACK) {
        wr(t, TXQ(ch) + Q_STATE, BPMP_IVC_ESTABLISHED);
        ring_bpmp(t);
    }
    return own == BPMP_IVC_ESTABLISHED;
}

/* tegra186_bpmp_channel_reset(): SYNC, then notified() until established. */
static void ivc_reset(PsQTest *t, int ch)
{
    int n;

    wr(t, TXQ(ch) + Q_STATE, BPMP_IVC_SYNC);
    ring_bpmp(t);
    for (n = 0; n < 8 && !ivc_notified(t, ch); n++) {
        /* each step answers at once: no time passes */
    }
    ck_assert_int_lt(n, 8);
    ck_assert_uint_eq(rd(t, RXQ(ch) + Q_STATE), BPMP_IVC_ESTABLISHED);
}

static void ivc_reset_linux(PsQTest *t)
{
    static const int chans[] = { 3, 13, 0, 1, 2 };

    for (int i = 0; i < ARRAY_SIZE(chans); i++) {
        ivc_reset(t, chans[i]);
    }
}

/* Post a request on ch and ring the BPMP; the frame must be free. */
static void send_req(PsQTest *t, int ch, uint32_t mrq, uint32_t flags,
                     const void *data, size_t len)
{
    uint8_t frame[BPMP_FW_FRAME_SIZE] = { 0 };
    uint32_t count = rd(t, TXQ(ch) + Q_COUNT);

    ck_assert_uint_eq(count - rd(t, TXQ(ch) + Q_RXCOUNT), 0);
    memcpy(frame, &mrq, 4);
    memcpy(frame + 4, &flags, 4);
    memcpy(frame + 8, data, len);
    qtest_memwrite(t->qts, TXQ(ch) + Q_FRAME, frame, sizeof(frame));
    wr(t, TXQ(ch) + Q_COUNT, count + 1);
    ring_bpmp(t);
}

/* Take the answer waiting on ch: its code, and its data into out. */
static bool take_resp(PsQTest *t, int ch, int32_t *err, void *out,
                      size_t len)
{
    uint32_t rx = rd(t, RXQ(ch) + Q_RXCOUNT);
    uint8_t frame[BPMP_FW_FRAME_SIZE];

    if (rd(t, RXQ(ch) + Q_COUNT) - rx != 1) {
        return false;
    }
    qtest_memread(t->qts, RXQ(ch) + Q_FRAME, frame, sizeof(frame));
    memcpy(err, frame, 4);
    if (out) {
        memcpy(out, frame + 8, len);
    }
    wr(t, RXQ(ch) + Q_RXCOUNT, rx + 1);
    return true;
}

/* One request on the atomic channel (polled, as tegra_bpmp_transfer_atomic). */
static int32_t xfer(PsQTest *t, uint32_t mrq, const void *req, size_t rlen,
                    void *resp, size_t len)
{
    int32_t err;

    send_req(t, CHAN_ATOMIC, mrq, BPMP_MSG_ACK, req, rlen);
    ck_assert(take_resp(t, CHAN_ATOMIC, &err, resp, len));
    return err;
}

/* Linux's probe: enable the BPMP's bit on the CCPLEX doorbell, reset all. */
static PsQTest *start_linked(void)
{
    PsQTest *t = start();

    wr(t, DB(TEGRA186_HSP_DB_CCPLEX) + A_HSP_DB_ENABLE,
       BIT(TEGRA186_HSP_MASTER_BPMP));
    ivc_reset_linux(t);
    /* Every handshake step rang the CCPLEX: acknowledge as the ISR does. */
    wr(t, DB(TEGRA186_HSP_DB_CCPLEX) + A_HSP_DB_PENDING,
       rd(t, DB(TEGRA186_HSP_DB_CCPLEX) + A_HSP_DB_PENDING));
    ck_assert(!qtest_get_irq(t->qts, 0));
    return t;
}

/* ---- device tree ---- */

static void check_hsp_node(const void *fdt, int node, uint64_t want)
{
    uint64_t base, size;
    int len;
    const char *names;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want) {
        ck_assert_uint_eq(base, want);
    }
    ck_assert_uint_eq(size, TEGRA186_HSP_MMIO_SIZE);
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "#mbox-cells", 0), 2);
    names = fdt_getprop(fdt, node, "interrupt-names", &len);
    ck_assert_int_eq(len, sizeof("doorbell") + sizeof("shared0"));
    ck_assert_str_eq(names, "doorbell");
    ck_assert_str_eq(names + sizeof("doorbell"), "shared0");
    fdt_getprop(fdt, node, "interrupts", &len);
    ck_assert_int_eq(len, 2 * 3 * 4);
}

/* The BPMP node and the SYSRAM partitions its shmem names. */
static void check_bpmp(const void *fdt, uint32_t hsp_phandle,
                       uint64_t want_sysram)
{
    int node = fdt_path_offset(fdt, "/bpmp"), len;
    const fdt32_t *mb = fdt_getprop(fdt, node, "mboxes", &len);
    const fdt32_t *shmem;

    ck_assert_int_ge(node, 0);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, node,
                                               "nvidia,tegra186-bpmp"), 0);
    ck_assert_int_eq(len, 12);
    ck_assert_uint_eq(fdt32_to_cpu(mb[0]), hsp_phandle);
    ck_assert_uint_eq(fdt32_to_cpu(mb[1]), 0);  /* TEGRA_HSP_MBOX_TYPE_DB */
    ck_assert_uint_eq(fdt32_to_cpu(mb[2]), TEGRA186_HSP_MASTER_BPMP);
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "#clock-cells", 0), 1);
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "#reset-cells", 0), 1);
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "#power-domain-cells", 0), 1);
    shmem = fdt_getprop(fdt, node, "shmem", &len);
    ck_assert_int_eq(len, 8);
    for (int i = 0; i < 2; i++) {
        int part = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(shmem[i]));
        int sram = fdt_parent_offset(fdt, part);
        const fdt32_t *reg = fdt_getprop(fdt, part, "reg", &len);
        uint64_t base, size;

        ck_assert_int_ge(part, 0);
        ck_assert_str_eq(fdt_getprop(fdt, part, "label", NULL),
                         i ? "cpu-bpmp-rx" : "cpu-bpmp-tx");
        ck_assert_ptr_nonnull(fdt_getprop(fdt, part, "pool", NULL));
        ck_assert_int_eq(len, 8);
        ck_assert_uint_eq(fdt32_to_cpu(reg[0]), i * BPMP_FW_SHMEM_SIZE);
        ck_assert_uint_eq(fdt32_to_cpu(reg[1]), BPMP_FW_SHMEM_SIZE);
        ck_assert_int_eq(fdt_node_check_compatible(fdt, sram, "mmio-sram"),
                         0);
        ck_assert(ps_fdt_reg(fdt, sram, 0, &base, &size));
        ck_assert_uint_eq(size, 2 * BPMP_FW_SHMEM_SIZE);
        if (want_sysram) {
            ck_assert_uint_eq(base, want_sysram);
        }
    }
}

static void check_set(const void *fdt, bool builtin)
{
    int hsp = ps_fdt_node_by_compat(fdt, "nvidia,tegra186-hsp");
    int ccplex = ps_fdt_node_by_compat(fdt, "nvidia,tegra186-ccplex-cluster");
    int misc = ps_fdt_node_by_compat(fdt, "nvidia,tegra186-misc");
    int bpmp = fdt_path_offset(fdt, "/bpmp");
    uint64_t base, size;

    check_hsp_node(fdt, hsp, builtin ? HSP_BASE : 0);
    ck_assert_uint_ne(fdt_get_phandle(fdt, hsp), 0);
    check_bpmp(fdt, fdt_get_phandle(fdt, hsp), builtin ? SYSRAM : 0);
    ck_assert_int_ge(ccplex, 0);
    ck_assert(ps_fdt_reg(fdt, ccplex, 0, &base, &size));
    ck_assert_uint_eq(size, TEGRA186_CCPLEX_MMIO_SIZE);
    if (builtin) {
        ck_assert_uint_eq(base, CCPLEX_BASE);
    }
    ck_assert_uint_eq(ps_fdt_cell(fdt, ccplex, "nvidia,bpmp", 0),
                      fdt_get_phandle(fdt, bpmp));
    ck_assert_int_ge(misc, 0);
    ck_assert(ps_fdt_reg(fdt, misc, 1, &base, &size));  /* the straps */
}

START_TEST(test_fdt_nodes)
{
    PsQTest *t = start();
    g_autofree void *fdt = ps_dtb(t);

    check_set(fdt, true);
    ps_qtest_quit(t);
}
END_TEST

#define BARE_SET "-device tegra186-hsp,id=hsp " \
    "-device tegra186-bpmp,id=bpmp,hsp=hsp " \
    "-device tegra186-ccplex-cluster,id=cc,bpmp=bpmp -device tegra186-misc"

START_TEST(test_bare_devices)
{
    PsQTest *t = ps_qtest_start("presilicon,bare=on", "%s", BARE_SET);
    g_autofree void *fdt = ps_dtb(t);
    int node = ps_fdt_node_by_compat(fdt, "nvidia,tegra186-hsp");
    uint64_t hsp, sram, size;
    int32_t err;
    uint32_t req = 7, resp = 0, peer;

    check_set(fdt, false);
    ck_assert(ps_fdt_reg(fdt, node, 0, &hsp, &size));
    ck_assert(ps_fdt_reg(fdt, ps_fdt_node_by_compat(fdt, "mmio-sram"), 0,
                         &sram, &size));
    /* The placed pair talks: handshake on channel 3, then a ping. */
    qtest_writel(t->qts, sram + 3 * 256 + Q_STATE, BPMP_IVC_SYNC);
    qtest_writel(t->qts, hsp + TEGRA186_HSP_DB_BASE + 3 * 0x100, 1);
    peer = qtest_readl(t->qts, sram + 0x1000 + 3 * 256 + Q_STATE);
    ck_assert_uint_eq(peer, BPMP_IVC_ACK);
    qtest_writel(t->qts, sram + 3 * 256 + Q_STATE, BPMP_IVC_ESTABLISHED);
    qtest_writel(t->qts, hsp + TEGRA186_HSP_DB_BASE + 3 * 0x100, 1);
    ck_assert_uint_eq(qtest_readl(t->qts, sram + 0x1000 + 3 * 256 + Q_STATE),
                      BPMP_IVC_ESTABLISHED);
    qtest_writel(t->qts, sram + 3 * 256 + Q_FRAME, BPMP_MRQ_PING);
    qtest_writel(t->qts, sram + 3 * 256 + Q_FRAME + 4, BPMP_MSG_ACK);
    qtest_writel(t->qts, sram + 3 * 256 + Q_FRAME + 8, req);
    qtest_writel(t->qts, sram + 3 * 256 + Q_COUNT, 1);
    qtest_writel(t->qts, hsp + TEGRA186_HSP_DB_BASE + 3 * 0x100, 1);
    ck_assert_uint_eq(qtest_readl(t->qts, sram + 0x1000 + 3 * 256), 1);
    err = qtest_readl(t->qts, sram + 0x1000 + 3 * 256 + Q_FRAME);
    resp = qtest_readl(t->qts, sram + 0x1000 + 3 * 256 + Q_FRAME + 8);
    ck_assert_int_eq(err, 0);
    ck_assert_uint_eq(resp, 14);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bare_has_no_models)
{
    ps_check_bare_has_no_node("nvidia,tegra186-hsp",
                              HSP_BASE + A_HSP_INT_DIMENSIONING);
}
END_TEST

/* A user's mistakes stop QEMU with a message naming the property. */
START_TEST(test_bad_options_refused)
{
    ps_expect_refused("-device tegra186-bpmp", "property 'hsp' is not set");
    ps_expect_refused("-device tegra186-hsp,id=h "
                      "-device tegra186-ccplex-cluster",
                      "property 'bpmp' is not set");
    ps_expect_refused("-device tegra186-hsp,id=h -device tegra186-bpmp,hsp=h "
                      "-device tegra186-bpmp,hsp=h", "already has a BPMP");
}
END_TEST

/* ---- MISC ---- */

START_TEST(test_misc_chip_id)
{
    PsQTest *t = start();

    ck_assert_uint_eq(rd(t, MISC_BASE + 4), 0x1810);
    ck_assert_uint_eq(rd(t, MISC_BASE + 0x1000), 0);
    log_clean(t);
    wr(t, MISC_BASE + 4, 0);
    log_has(t, "write of 0x00000000 to read-only register 0x004");
    ck_assert_uint_eq(rd(t, MISC_BASE + 4), 0x1810);
    rd(t, MISC_BASE + 0x800);
    log_has(t, "read of unmodelled register 0x800");
    ps_qtest_quit(t);
}
END_TEST

/* ---- HSP ---- */

START_TEST(test_hsp_dimensioning_and_reset)
{
    PsQTest *t = start();
    uint32_t dim = rd(t, HSP_BASE + A_HSP_INT_DIMENSIONING);

    /* The driver finds the doorbells from these counts. */
    ck_assert_uint_eq(FIELD_EX32(dim, HSP_INT_DIMENSIONING, NSM), 2);
    ck_assert_uint_eq(FIELD_EX32(dim, HSP_INT_DIMENSIONING, NSS), 0);
    ck_assert_uint_eq(FIELD_EX32(dim, HSP_INT_DIMENSIONING, NAS), 0);
    ck_assert_uint_eq(FIELD_EX32(dim, HSP_INT_DIMENSIONING, NDB), 4);
    ck_assert_uint_eq(FIELD_EX32(dim, HSP_INT_DIMENSIONING, NSI), 1);
    ck_assert_uint_eq((1 + FIELD_EX32(dim, HSP_INT_DIMENSIONING, NSM) / 2) *
                      0x10000, TEGRA186_HSP_DB_BASE);
    /* The BPMP's firmware lets the CCPLEX ring it (can_ring on silicon). */
    ck_assert_uint_eq(rd(t, DB(3) + A_HSP_DB_ENABLE),
                      BIT(TEGRA186_HSP_MASTER_CCPLEX));
    ck_assert_uint_eq(rd(t, DB(1) + A_HSP_DB_ENABLE), 0);
    ck_assert_uint_eq(rd(t, HSP_BASE + A_HSP_INT_IR), 0x3);   /* empty */
    ck_assert(!qtest_get_irq(t->qts, 0));
    ck_assert(!qtest_get_irq(t->qts, 1));
    wr(t, DB(1) + A_HSP_DB_ENABLE, 0xffffffff);
    wr(t, HSP_BASE + A_HSP_INT_IE0, 0x1);
    ck_assert(qtest_get_irq(t->qts, 1));
    qtest_system_reset(t->qts);
    ck_assert_uint_eq(rd(t, DB(1) + A_HSP_DB_ENABLE), 0);
    ck_assert_uint_eq(rd(t, HSP_BASE + A_HSP_INT_IE0), 0);
    ck_assert(!qtest_get_irq(t->qts, 1));
    log_clean(t);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_hsp_doorbell_irq)
{
    PsQTest *t = start_linked();
    uint32_t req = 5, resp;
    int32_t err;

    /* A threaded request asks for a ring: the doorbell interrupt. */
    send_req(t, CHAN_THREAD, BPMP_MRQ_PING, BPMP_MSG_ACK | BPMP_MSG_RING,
             &req, 4);
    ck_assert(qtest_get_irq(t->qts, 0));
    ck_assert_uint_eq(rd(t, DB(1) + A_HSP_DB_PENDING),
                      BIT(TEGRA186_HSP_MASTER_BPMP));
    ck_assert_uint_eq(rd(t, DB(1) + A_HSP_DB_RAW),
                      BIT(TEGRA186_HSP_MASTER_BPMP));
    /* The ISR writes back what it read. */
    wr(t, DB(1) + A_HSP_DB_PENDING, rd(t, DB(1) + A_HSP_DB_PENDING));
    ck_assert(!qtest_get_irq(t->qts, 0));
    ck_assert_uint_eq(rd(t, DB(1) + A_HSP_DB_RAW), 0);
    ck_assert(take_resp(t, CHAN_THREAD, &err, &resp, 4));
    ck_assert_int_eq(err, 0);
    ck_assert_uint_eq(resp, 10);
    /* The atomic channel polls: no ring asked, none given. */
    req = 9;
    ck_assert_int_eq(xfer(t, BPMP_MRQ_PING, &req, 4, &resp, 4), 0);
    ck_assert_uint_eq(resp, 18);
    ck_assert(!qtest_get_irq(t->qts, 0));
    /* With the BPMP's bit disabled the ring is only RAW. */
    wr(t, DB(1) + A_HSP_DB_ENABLE, 0);
    send_req(t, CHAN_THREAD, BPMP_MRQ_PING, BPMP_MSG_ACK | BPMP_MSG_RING,
             &req, 4);
    ck_assert(!qtest_get_irq(t->qts, 0));
    ck_assert_uint_eq(rd(t, DB(1) + A_HSP_DB_RAW),
                      BIT(TEGRA186_HSP_MASTER_BPMP));
    log_clean(t);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_hsp_shared_mailboxes)
{
    PsQTest *t = start();

    /* The CCPLEX produces on mailbox 0: FULL, with its interrupt. */
    wr(t, HSP_BASE + A_HSP_INT_IE0, BIT(8));
    wr(t, SM(0), 0x80001234);
    ck_assert_uint_eq(rd(t, HSP_BASE + A_HSP_INT_IR), BIT(8) | BIT(1));
    ck_assert(qtest_get_irq(t->qts, 1));
    ck_assert_uint_eq(rd(t, HSP_BASE + A_HSP_INT_IV), BIT(8));
    ck_assert_uint_eq(ps_qom_int(t->qts, HSP_PATH, "sm0-remote"),
                      0x80001234);
    /* The consumer takes it: EMPTY, and with EMPTY enabled, the line. */
    ck_assert_ptr_null(qom_set_int(t, HSP_PATH, "sm0-remote", 0));
    ck_assert(!qtest_get_irq(t->qts, 1));
    wr(t, HSP_BASE + A_HSP_INT_IE0, BIT(0));
    ck_assert(qtest_get_irq(t->qts, 1));
    /* The remote produces on mailbox 1; the CCPLEX reads and clears. */
    wr(t, HSP_BASE + A_HSP_INT_IE0, BIT(9));
    ck_assert(!qtest_get_irq(t->qts, 1));
    ck_assert_ptr_null(qom_set_int(t, HSP_PATH, "sm1-remote", 0x80000047));
    ck_assert(qtest_get_irq(t->qts, 1));
    ck_assert_uint_eq(rd(t, SM(1)), 0x80000047);
    wr(t, SM(1), 0);
    ck_assert(!qtest_get_irq(t->qts, 1));
    log_clean(t);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_hsp_bad_accesses)
{
    PsQTest *t = start();

    wr(t, DB(3) + A_HSP_DB_ENABLE, 0);
    log_has(t, "the CCPLEX wrote doorbell 3's ENABLE");
    ck_assert_uint_eq(rd(t, DB(3) + A_HSP_DB_ENABLE),
                      BIT(TEGRA186_HSP_MASTER_CCPLEX));
    wr(t, DB(3) + A_HSP_DB_PENDING, 0xffffffff);
    log_has(t, "doorbell 3's PENDING");
    wr(t, DB(0) + A_HSP_DB_TRIGGER, 1);
    log_has(t, "doorbell 0 rung by the CCPLEX, which its ENABLE");
    ck_assert_uint_eq(rd(t, DB(0) + A_HSP_DB_RAW),
                      BIT(TEGRA186_HSP_MASTER_CCPLEX));
    ck_assert_uint_eq(rd(t, DB(0) + A_HSP_DB_PENDING), 0);
    wr(t, DB(1) + A_HSP_DB_RAW, 1);
    log_has(t, "RAW (read-only)");
    wr(t, SM(0), 0x80000001);
    wr(t, SM(0), 0x80000002);
    log_has(t, "while it is full");
    ck_assert_uint_eq(rd(t, SM(0)), 0x80000001);
    wr(t, HSP_BASE + A_HSP_INT_IE0, 0xffffffff);
    log_has(t, "enables mailboxes past the 2 there are");
    wr(t, HSP_BASE + A_HSP_INT_IR, 0);
    log_has(t, "read-only register 0x304");
    rd(t, HSP_BASE + 0x3fffc);
    log_has(t, "read of unknown register 0x3fffc");
    rd(t, SM(0) + 4);
    log_has(t, "read of unknown register 0x10004");
    ps_qtest_quit(t);
}
END_TEST

/* ---- BPMP ---- */

START_TEST(test_ivc_handshake_every_channel)
{
    PsQTest *t = start_linked();

    /* From established, the CPU resets again (resume, a second probe). */
    ivc_reset_linux(t);
    for (int ch = 0; ch < BPMP_FW_CHANNELS; ch++) {
        if (ch == 3 || ch == 13 || ch <= 2) {
            ck_assert_uint_eq(rd(t, RXQ(ch) + Q_STATE),
                              BPMP_IVC_ESTABLISHED);
            ck_assert_uint_eq(rd(t, RXQ(ch) + Q_COUNT), 0);
        }
    }
    log_clean(t);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_query_abi_and_tags)
{
    PsQTest *t = start_linked();
    uint32_t mrq;
    int32_t status;
    char tag[BPMP_FW_TAG_SIZE], dma[BPMP_FW_TAG_SIZE];
    uint32_t addr = BUF;

    mrq = BPMP_MRQ_CPU_VHINT;
    ck_assert_int_eq(xfer(t, BPMP_MRQ_QUERY_ABI, &mrq, 4, &status, 4), 0);
    ck_assert_int_eq(status, 0);
    mrq = 75;   /* MRQ_DEBUG: Linux then makes no debugfs mirror */
    ck_assert_int_eq(xfer(t, BPMP_MRQ_QUERY_ABI, &mrq, 4, &status, 4), 0);
    ck_assert_int_eq(status, -BPMP_ENODEV);
    ck_assert_int_eq(xfer(t, BPMP_MRQ_QUERY_FW_TAG, NULL, 0, tag,
                          sizeof(tag)), 0);
    ck_assert_mem_eq(tag, bpmp_fw_tag, BPMP_FW_TAG_SIZE);
    /* The old query writes the tag where the CPU says. */
    ck_assert_int_eq(xfer(t, BPMP_MRQ_QUERY_TAG, &addr, 4, NULL, 0), 0);
    qtest_memread(t->qts, BUF, dma, sizeof(dma));
    ck_assert_mem_eq(dma, bpmp_fw_tag, BPMP_FW_TAG_SIZE);
    /* An MRQ the firmware lacks. */
    ck_assert_int_eq(xfer(t, 84, NULL, 0, NULL, 0), -BPMP_ENODEV);
    log_clean(t);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bad_dma_outside_ram)
{
    PsQTest *t = start_linked();
    uint32_t req[2] = { 0x10000000, 0 };   /* the RNG's registers */
    uint32_t addr = 0x08000000;            /* the GIC */

    ck_assert_int_eq(xfer(t, BPMP_MRQ_CPU_VHINT, req, 8, NULL, 0),
                     -BPMP_EFAULT);
    log_has(t, "tegra186-bpmp: ");
    ck_assert_int_eq(xfer(t, BPMP_MRQ_QUERY_TAG, &addr, 4, NULL, 0),
                     -BPMP_EFAULT);
    log_has(t, "tegra186-bpmp: ");
    /* Past the end of RAM. */
    req[0] = 0x40000000 + 128 * 1024 * 1024 - 16;
    ck_assert_int_eq(xfer(t, BPMP_MRQ_CPU_VHINT, req, 8, NULL, 0),
                     -BPMP_EFAULT);
    log_has(t, "tegra186-bpmp: ");
    ck_assert_uint_ge(ps_qom_int(t->qts, BPMP_PATH, "errors"), 3);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_cpu_vhint)
{
    PsQTest *t = start_linked();

    for (unsigned cl = 0; cl < BPMP_FW_CLUSTERS; cl++) {
        const BpmpVhint *v = bpmp_fw_vhint(cl);
        uint32_t req[2] = { BUF, cl };
        uint8_t raw[836];
        uint32_t ref;
        uint16_t u16;

        memset(raw, 0xee, sizeof(raw));
        qtest_memwrite(t->qts, BUF, raw, sizeof(raw));
        ck_assert_int_eq(xfer(t, BPMP_MRQ_CPU_VHINT, req, 8, NULL, 0), 0);
        qtest_memread(t->qts, BUF, raw, sizeof(raw));
        memcpy(&ref, raw, 4);
        ck_assert_uint_eq(ref, v->ref_clk_hz);
        memcpy(&u16, raw + 8, 2);
        ck_assert_uint_eq(u16, v->ndiv_max);
        for (int i = 0; i < BPMP_VHINT_POINTS; i++) {
            memcpy(&u16, raw + 10 + 2 * i, 2);
            ck_assert_uint_eq(u16, v->ndiv[i]);
        }
        memcpy(&u16, raw + 170, 2);
        ck_assert_uint_eq(u16, v->ndiv_min);
        memcpy(&u16, raw + 174, 2);
        ck_assert_uint_eq(u16, v->vceil);
        /* reserved[] is written too, as zero */
        ck_assert_uint_eq(raw[835], 0);
    }
    log_clean(t);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bad_cluster_and_commands)
{
    PsQTest *t = start_linked();
    uint32_t req[3] = { BUF, 2, 0 };

    ck_assert_int_eq(xfer(t, BPMP_MRQ_CPU_VHINT, req, 8, NULL, 0),
                     -BPMP_EINVAL);
    log_has(t, "tegra186-bpmp: ");
    /* MRQ_RESET: an id past the 193 resets, an unknown command. */
    req[0] = 1;
    req[1] = BPMP_FW_NUM_RESETS;
    ck_assert_int_eq(xfer(t, BPMP_MRQ_RESET, req, 8, NULL, 0), -BPMP_EINVAL);
    log_has(t, "tegra186-bpmp: ");
    req[0] = 9;
    req[1] = 0;
    ck_assert_int_eq(xfer(t, BPMP_MRQ_RESET, req, 8, NULL, 0),
                     -BPMP_EBADCMD);
    log_has(t, "tegra186-bpmp: ");
    /* MRQ_CLK: an unknown command. */
    req[0] = 99u << 24;
    ck_assert_int_eq(xfer(t, BPMP_MRQ_CLK, req, 4, NULL, 0), -BPMP_EBADCMD);
    log_has(t, "tegra186-bpmp: ");
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_clocks_and_resets)
{
    PsQTest *t = start_linked();
    uint32_t req[8] = { 0 }, resp[30] = { 0 };
    unsigned max, pllp = ~0u;
    uint64_t rate;

    req[0] = 15u << 24;     /* CMD_CLK_GET_MAX_CLK_ID */
    ck_assert_int_eq(xfer(t, BPMP_MRQ_CLK, req, 4, resp, 4), 0);
    max = resp[0];
    ck_assert_uint_eq(max + 1, bpmp_fw_num_clocks());
    for (unsigned id = 0; id <= max; id++) {
        const char *name = bpmp_fw_clock_name(id);
        uint8_t info[120];

        req[0] = (14u << 24) | id;  /* CMD_CLK_GET_ALL_INFO */
        if (xfer(t, BPMP_MRQ_CLK, req, 4, info, sizeof(info)) != 0) {
            ck_assert_ptr_null(name);
            continue;
        }
        /* flags, parent, parents[16], num_parents, name[40] */
        ck_assert_ptr_nonnull(name);
        ck_assert_str_eq((char *)info + 4 + 4 + 64 + 1, name);
        if (!strcmp(name, "pll_p")) {
            pllp = id;
        }
    }
    ck_assert_uint_ne(pllp, ~0u);
    req[0] = (1u << 24) | pllp;     /* CMD_CLK_GET_RATE */
    ck_assert_int_eq(xfer(t, BPMP_MRQ_CLK, req, 4, resp, 8), 0);
    memcpy(&rate, resp, 8);
    ck_assert_uint_eq(rate, 408000000);
    /* Resets: assert, deassert, the largest id. */
    req[0] = 4;                     /* CMD_RESET_GET_MAX_ID */
    ck_assert_int_eq(xfer(t, BPMP_MRQ_RESET, req, 8, resp, 4), 0);
    ck_assert_uint_eq(resp[0], BPMP_FW_NUM_RESETS - 1);
    req[0] = 1;
    req[1] = 192;
    ck_assert_int_eq(xfer(t, BPMP_MRQ_RESET, req, 8, NULL, 0), 0);
    req[0] = 2;
    ck_assert_int_eq(xfer(t, BPMP_MRQ_RESET, req, 8, NULL, 0), 0);
    log_clean(t);
    ck_assert_uint_gt(ps_qom_int(t->qts, BPMP_PATH, "requests"), max);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bad_ivc_counters)
{
    PsQTest *t = start_linked();
    uint32_t req = 3;
    int32_t err;

    /* Over-full: ten frames claimed in a one-frame queue: silence. */
    wr(t, TXQ(CHAN_ATOMIC) + Q_FRAME, BPMP_MRQ_PING);
    wr(t, TXQ(CHAN_ATOMIC) + Q_FRAME + 4, BPMP_MSG_ACK);
    wr(t, TXQ(CHAN_ATOMIC) + Q_COUNT, 10);
    ring_bpmp(t);
    log_has(t, "tegra186-bpmp: ");
    ck_assert(!take_resp(t, CHAN_ATOMIC, &err, NULL, 0));
    ck_assert_uint_ge(ps_qom_int(t->qts, BPMP_PATH, "errors"), 1);
    /* The CPU starts over and the channel works again. */
    ivc_reset(t, CHAN_ATOMIC);
    ck_assert_int_eq(xfer(t, BPMP_MRQ_PING, &req, 4, &req, 4), 0);
    ck_assert_uint_eq(req, 6);
    /* The answer's slot still holds the last answer: no room. */
    send_req(t, CHAN_ATOMIC, BPMP_MRQ_PING, BPMP_MSG_ACK, &req, 4);
    send_req(t, CHAN_ATOMIC, BPMP_MRQ_PING, BPMP_MSG_ACK, &req, 4);
    log_has(t, "no room");
    /* A channel in SYNC is not served. */
    wr(t, TXQ(1) + Q_STATE, BPMP_IVC_SYNC);
    wr(t, TXQ(1) + Q_FRAME, BPMP_MRQ_PING);
    wr(t, TXQ(1) + Q_FRAME + 4, BPMP_MSG_ACK);
    wr(t, TXQ(1) + Q_COUNT, rd(t, TXQ(1) + Q_COUNT) + 1);
    ring_bpmp(t);
    ck_assert_uint_ne(rd(t, RXQ(1) + Q_STATE), BPMP_IVC_ESTABLISHED);
    ck_assert(!take_resp(t, 1, &err, NULL, 0));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bpmp_pings_cpu)
{
    PsQTest *t = start_linked();
    uint8_t frame[BPMP_FW_FRAME_SIZE];
    uint32_t mrq, flags, challenge, reply, rx;
    g_autofree char *err = NULL;

    err = qom_set_int(t, BPMP_PATH, "ping-cpu", 21);
    ck_assert_ptr_null(err);
    ck_assert(qtest_get_irq(t->qts, 0));
    /* Linux's handle_rx: the request on channel 13, its answer back. */
    rx = rd(t, RXQ(13) + Q_RXCOUNT);
    ck_assert_uint_eq(rd(t, RXQ(13) + Q_COUNT) - rx, 1);
    qtest_memread(t->qts, RXQ(13) + Q_FRAME, frame, sizeof(frame));
    memcpy(&mrq, frame, 4);
    memcpy(&flags, frame + 4, 4);
    memcpy(&challenge, frame + 8, 4);
    ck_assert_uint_eq(mrq, BPMP_MRQ_PING);
    ck_assert_uint_eq(flags, BPMP_MSG_ACK | BPMP_MSG_RING);
    ck_assert_uint_eq(challenge, 21);
    wr(t, RXQ(13) + Q_RXCOUNT, rx + 1);
    /* A second ping while this one is unanswered is refused. */
    g_free(err);
    err = qom_set_int(t, BPMP_PATH, "ping-cpu", 22);
    ck_assert_ptr_nonnull(err);
    reply = challenge << 1;
    send_req(t, 13, 0, 0, &reply, 4);
    ck_assert_uint_eq(ps_qom_int(t->qts, BPMP_PATH, "cpu-ping-reply"), 42);
    log_clean(t);
    ps_qtest_quit(t);
}
END_TEST

/* ---- CCPLEX ---- */

static uint32_t khz(const BpmpVhint *v, unsigned ndiv)
{
    return v->ref_clk_hz / 1000 * ndiv / (v->pdiv * v->mdiv);
}

START_TEST(test_ccplex_edvd)
{
    PsQTest *t = start();
    const BpmpVhint *a57 = bpmp_fw_vhint(1), *den = bpmp_fw_vhint(0);
    unsigned top = a57->vceil;
    uint32_t v;

    /* Power-on: the lowest step. */
    v = rd(t, CCPLEX_BASE + A_EDVD_A57(0));
    ck_assert_uint_eq(FIELD_EX32(v, EDVD, VINDEX), a57->vfloor);
    ck_assert_uint_eq(FIELD_EX32(v, EDVD, NDIV), a57->ndiv[a57->vfloor]);
    /* What the driver writes: a table point. */
    while (a57->ndiv[top] > a57->ndiv_max) {
        top--;
    }
    v = FIELD_DP32(a57->ndiv[top], EDVD, VINDEX, top);
    wr(t, CCPLEX_BASE + A_EDVD_A57(0), v);
    ck_assert_uint_eq(rd(t, CCPLEX_BASE + A_EDVD_A57(0)), v);
    ck_assert_uint_eq(ps_qom_int(t->qts, CCPLEX_PATH, "a57-core0-khz"),
                      khz(a57, a57->ndiv[top]));
    v = FIELD_DP32(den->ndiv[den->vfloor + 1], EDVD, VINDEX, den->vfloor + 1);
    wr(t, CCPLEX_BASE + A_EDVD_DENVER(1), v);
    ck_assert_uint_eq(ps_qom_int(t->qts, CCPLEX_PATH, "denver-core1-edvd"),
                      v);
    ck_assert_uint_eq(ps_qom_int(t->qts, CCPLEX_PATH, "denver-core1-khz"),
                      khz(den, den->ndiv[den->vfloor + 1]));
    log_clean(t);
    qtest_system_reset(t->qts);
    v = rd(t, CCPLEX_BASE + A_EDVD_A57(0));
    ck_assert_uint_eq(FIELD_EX32(v, EDVD, NDIV), a57->ndiv[a57->vfloor]);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_ccplex_bad_requests)
{
    PsQTest *t = start();
    const BpmpVhint *a57 = bpmp_fw_vhint(1);
    uint32_t v;

    /* Past NDIV max: runs at the max, at a step that carries it. */
    wr(t, CCPLEX_BASE + A_EDVD_A57(1),
       FIELD_DP32(a57->ndiv_max + 20, EDVD, VINDEX, a57->vceil));
    log_has(t, "a57-core1 NDIV");
    v = rd(t, CCPLEX_BASE + A_EDVD_A57(1));
    ck_assert_uint_eq(FIELD_EX32(v, EDVD, NDIV), a57->ndiv_max);
    /* Undervolted: the top NDIV at the lowest step is raised. */
    wr(t, CCPLEX_BASE + A_EDVD_A57(2),
       FIELD_DP32(a57->ndiv_max, EDVD, VINDEX, a57->vfloor));
    log_has(t, "cannot run NDIV");
    v = rd(t, CCPLEX_BASE + A_EDVD_A57(2));
    ck_assert_uint_eq(FIELD_EX32(v, EDVD, VINDEX),
                      bpmp_fw_vindex_for_ndiv(1, a57->ndiv_max));
    ck_assert_uint_ge(a57->ndiv[FIELD_EX32(v, EDVD, VINDEX)],
                      a57->ndiv_max);
    wr(t, CCPLEX_BASE + A_EDVD_A57(3), 0xff000000 |
       FIELD_DP32(a57->ndiv[a57->vfloor], EDVD, VINDEX, a57->vfloor));
    log_has(t, "sets reserved bits");
    wr(t, CCPLEX_BASE + 0x100, 1);
    log_has(t, "write of 0x00000001 to unmodelled register 0x00100");
    rd(t, CCPLEX_BASE + A_EDVD_DENVER(2));
    log_has(t, "read of unmodelled register 0x70028");
    ps_qtest_quit(t);
}
END_TEST

/* ---- the set as a whole ---- */

START_TEST(test_migration_mid_request)
{
    PsQTest *t = start_linked(), *d;
    const BpmpVhint *a57 = bpmp_fw_vhint(1);
    uint32_t req = 100, resp, edvd;
    int32_t err;

    edvd = FIELD_DP32(a57->ndiv[a57->vfloor + 2], EDVD, VINDEX,
                      a57->vfloor + 2);
    wr(t, CCPLEX_BASE + A_EDVD_A57(0), edvd);
    wr(t, HSP_BASE + A_HSP_INT_IE0, BIT(8));
    wr(t, SM(0), 0x80000055);
    /* Answered and rung, not yet taken: the interrupt is up. */
    send_req(t, CHAN_THREAD, BPMP_MRQ_PING, BPMP_MSG_ACK | BPMP_MSG_RING,
             &req, 4);
    ck_assert(qtest_get_irq(t->qts, 0));
    d = ps_migrate(t, "presilicon", "");
    qtest_irq_intercept_out_named(d->qts, HSP_PATH, "sysbus-irq");
    ps_qtest_quit(t);
    ck_assert_uint_eq(qtest_readl(d->qts, DB(1) + A_HSP_DB_PENDING),
                      BIT(TEGRA186_HSP_MASTER_BPMP));
    ck_assert(take_resp(d, CHAN_THREAD, &err, &resp, 4));
    ck_assert_int_eq(err, 0);
    ck_assert_uint_eq(resp, 200);
    ck_assert_uint_eq(qtest_readl(d->qts, SM(0)), 0x80000055);
    ck_assert_uint_eq(qtest_readl(d->qts, CCPLEX_BASE + A_EDVD_A57(0)),
                      edvd);
    /* The channels stay established: the next request is served. */
    req = 8;
    ck_assert_int_eq(xfer(d, BPMP_MRQ_PING, &req, 4, &resp, 4), 0);
    ck_assert_uint_eq(resp, 16);
    log_clean(d);
    ps_qtest_quit(d);
}
END_TEST

START_TEST(test_system_reset)
{
    PsQTest *t = start_linked();
    uint32_t req = 1;

    ck_assert_int_eq(xfer(t, BPMP_MRQ_PING, &req, 4, &req, 4), 0);
    ck_assert_uint_gt(ps_qom_int(t->qts, BPMP_PATH, "requests"), 0);
    qtest_system_reset(t->qts);
    ck_assert_uint_eq(ps_qom_int(t->qts, BPMP_PATH, "requests"), 0);
    ck_assert_uint_eq(rd(t, DB(1) + A_HSP_DB_ENABLE), 0);
    /* Linux probes again after a reboot: the handshake starts over. */
    wr(t, DB(1) + A_HSP_DB_ENABLE, BIT(TEGRA186_HSP_MASTER_BPMP));
    ivc_reset_linux(t);
    req = 4;
    ck_assert_int_eq(xfer(t, BPMP_MRQ_PING, &req, 4, &req, 4), 0);
    ck_assert_uint_eq(req, 8);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_hostile_random)
{
    PsQTest *t = start_linked();
    static const uint64_t wins[][2] = {
        { HSP_BASE, TEGRA186_HSP_MMIO_SIZE },
        { SYSRAM, 2 * BPMP_FW_SHMEM_SIZE },
        { CCPLEX_BASE, TEGRA186_CCPLEX_MMIO_SIZE },
        { MISC_BASE, 0x2000 },
    };

    rnd_state = 0x7e6a186;
    for (int i = 0; i < 4000; i++) {
        int w = rnd() % ARRAY_SIZE(wins);
        uint64_t a = wins[w][0] + ((rnd() % wins[w][1]) & ~3ull);

        /* Bias towards the doorbells and the channel headers. */
        if (i % 3 == 0) {
            a = SYSRAM + ((rnd() % 0x2000) & ~0x3full) +
                (rnd() % 3) * 4;
        } else if (i % 3 == 1 && (i & 4)) {
            a = DB(rnd() % 4) + (rnd() % 4) * 4;
        }
        if (rnd() & 1) {
            wr(t, a, rnd() % 4 ? rnd() % 16 : rnd());
        } else {
            rd(t, a);
        }
        if (i % 50 == 0) {
            ring_bpmp(t);
        }
    }
    g_free(ps_log_take(t));
    /* Still a working pair after all that. */
    wr(t, DB(1) + A_HSP_DB_ENABLE, BIT(TEGRA186_HSP_MASTER_BPMP));
    ivc_reset(t, CHAN_ATOMIC);
    {
        uint32_t req = 11;

        ck_assert_int_eq(xfer(t, BPMP_MRQ_PING, &req, 4, &req, 4), 0);
        ck_assert_uint_eq(req, 22);
    }
    ps_qtest_quit(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tegra186-cpufreq");
    TCase *tc = tcase_create("tegra186-cpufreq");

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_fdt_nodes);
    tcase_add_test(tc, test_bare_devices);
    tcase_add_test(tc, test_bare_has_no_models);
    tcase_add_test(tc, test_bad_options_refused);
    tcase_add_test(tc, test_misc_chip_id);
    tcase_add_test(tc, test_hsp_dimensioning_and_reset);
    tcase_add_test(tc, test_hsp_doorbell_irq);
    tcase_add_test(tc, test_hsp_shared_mailboxes);
    tcase_add_test(tc, test_hsp_bad_accesses);
    tcase_add_test(tc, test_ivc_handshake_every_channel);
    tcase_add_test(tc, test_query_abi_and_tags);
    tcase_add_test(tc, test_bad_dma_outside_ram);
    tcase_add_test(tc, test_cpu_vhint);
    tcase_add_test(tc, test_bad_cluster_and_commands);
    tcase_add_test(tc, test_clocks_and_resets);
    tcase_add_test(tc, test_bad_ivc_counters);
    tcase_add_test(tc, test_bpmp_pings_cpu);
    tcase_add_test(tc, test_ccplex_edvd);
    tcase_add_test(tc, test_ccplex_bad_requests);
    tcase_add_test(tc, test_migration_mid_request);
    tcase_add_test(tc, test_system_reset);
    tcase_add_test(tc, test_hostile_random);
    suite_add_tcase(s, tc);
    return ps_check_run(s);
}
