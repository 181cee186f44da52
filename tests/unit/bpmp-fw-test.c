/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the Tegra186 BPMP firmware (firmware/bpmp/bpmp.c),
 * driven the way Linux 6.12 drives it: the test has its own copy of the
 * CPU's end of the IVC protocol (drivers/firmware/tegra/ivc.c) over the
 * two shared partitions, sends the MRQs bpmp.c, clk-bpmp.c, reset-bpmp.c
 * and tegra186-cpufreq.c send, and decodes the answers from the ABI's
 * byte layouts, not from the firmware's own helpers. Then hostile
 * shared memory: over-full and full queues, channels half reset, and
 * random bytes, with canaries around both partitions.
 */
#include "check-tap.h"
#include "xorshift.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "firmware/bpmp/bpmp.h"

#define CANARY          32
#define CANARY_BYTE     0xa5

/* The fake guest RAM the firmware may DMA into. */
#define RAM_BASE        0x80000000u
#define RAM_SIZE        0x10000u
#define RAM_FILL        0xee

/* IVC queue layout (ivc.c's struct tegra_ivc_header, then a frame). */
#define Q_TX_COUNT      0
#define Q_TX_STATE      4
#define Q_RX_COUNT      64
#define Q_FRAME         128
#define DATA_SIZE       120

#define CHAN_ATOMIC     3u
#define NO_PARENT       0xffffffffu

/* MRQ_CLK sub-commands and flags (bpmp-abi.h). */
enum {
    CLK_GET_RATE = 1, CLK_SET_RATE, CLK_ROUND_RATE, CLK_GET_PARENT,
    CLK_SET_PARENT, CLK_IS_ENABLED, CLK_ENABLE, CLK_DISABLE,
    CLK_GET_ALL_INFO = 14, CLK_GET_MAX_CLK_ID = 15,
};
#define CLK_HAS_MUX     1u
#define CLK_HAS_SET_RATE 2u
#define CLK_IS_ROOT     4u
#define CLK_IS_VAR_ROOT 8u

/* cpu_vhint_data field offsets (packed). */
#define VH_NDIV         10
#define VH_NDIV_MIN     170
#define VH_VFLOOR       172
#define VH_VCEIL        174
#define VH_MULT         176
#define VH_DIV          178
#define VH_SIZE         836

static BpmpFw fw;
static uint8_t shm[2][CANARY + BPMP_FW_SHMEM_SIZE + CANARY];
static uint8_t *const tx = shm[0] + CANARY;
static uint8_t *const rx = shm[1] + CANARY;
static uint8_t ram[RAM_SIZE];

/* What the fake host saw. */
static unsigned rings, guest_errors, traces;
static char last_error[256];
static unsigned trace_chan;
static uint32_t trace_mrq;
static int32_t trace_err;

static void host_ring(void *opaque)
{
    rings++;
}

static bool host_dma_write(void *opaque, uint64_t addr, const void *buf,
                           size_t len)
{
    if (addr < RAM_BASE || addr - RAM_BASE > RAM_SIZE ||
        len > RAM_SIZE - (addr - RAM_BASE)) {
        return false;
    }
    memcpy(ram + (addr - RAM_BASE), buf, len);
    return true;
}

static void host_guest_error(void *opaque, const char *msg)
{
    ck_assert_uint_gt(strlen(msg), 0);
    ck_assert_uint_lt(strlen(msg), sizeof(last_error));
    strcpy(last_error, msg);
    guest_errors++;
}

static void host_trace(void *opaque, unsigned chan, uint32_t mrq,
                       int32_t err)
{
    trace_chan = chan;
    trace_mrq = mrq;
    trace_err = err;
    traces++;
}

static const BpmpFwHost host = {
    .ring = host_ring,
    .dma_write = host_dma_write,
    .guest_error = host_guest_error,
    .trace_mrq = host_trace,
};

static void setup(void)
{
    memset(shm, CANARY_BYTE, sizeof(shm));
    memset(tx, 0, BPMP_FW_SHMEM_SIZE);
    memset(rx, 0, BPMP_FW_SHMEM_SIZE);
    memset(ram, RAM_FILL, sizeof(ram));
    rings = guest_errors = traces = 0;
    last_error[0] = '\0';
    bpmp_fw_init(&fw, &host, tx, rx);
}

static void canaries_check(void)
{
    for (unsigned p = 0; p < 2; p++) {
        for (unsigned i = 0; i < CANARY; i++) {
            ck_assert_msg(shm[p][i] == CANARY_BYTE &&
                          shm[p][CANARY + BPMP_FW_SHMEM_SIZE + i] ==
                          CANARY_BYTE,
                          "partition %u: canary byte %u overwritten", p, i);
        }
    }
}

static void teardown(void)
{
    canaries_check();
}

static uint32_t ld32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static uint16_t ld16(const uint8_t *p)
{
    return p[0] | p[1] << 8;
}

static uint64_t ld64(const uint8_t *p)
{
    return ld32(p) | (uint64_t)ld32(p + 4) << 32;
}

static void st32(uint8_t *p, uint32_t v)
{
    p[0] = v;
    p[1] = v >> 8;
    p[2] = v >> 16;
    p[3] = v >> 24;
}

static void st64(uint8_t *p, uint64_t v)
{
    st32(p, v);
    st32(p + 4, v >> 32);
}

static bool all_zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i]) {
            return false;
        }
    }
    return true;
}

/*
 * The CPU's end of channel ch, as ivc.c runs it: it transmits in the tx
 * partition and receives in the rx one. Its notify rings the BPMP, which
 * the firmware answers at once (as the QEMU model does).
 */
static uint8_t *cq(unsigned ch)
{
    return tx + ch * BPMP_FW_QUEUE_SIZE;
}

static uint8_t *bq(unsigned ch)
{
    return rx + ch * BPMP_FW_QUEUE_SIZE;
}

static void cpu_notify(void)
{
    bpmp_fw_doorbell(&fw);
}

static void ivc_reset(unsigned ch)
{
    st32(cq(ch) + Q_TX_STATE, BPMP_IVC_SYNC);
    cpu_notify();
}

static int ivc_notified(unsigned ch)
{
    uint32_t peer = ld32(bq(ch) + Q_TX_STATE);
    uint32_t own = ld32(cq(ch) + Q_TX_STATE);

    if (peer == BPMP_IVC_SYNC ||
        (own == BPMP_IVC_SYNC && peer == BPMP_IVC_ACK)) {
        st32(cq(ch) + Q_TX_COUNT, 0);
        st32(bq(ch) + Q_RX_COUNT, 0);
        st32(cq(ch) + Q_TX_STATE, peer == BPMP_IVC_SYNC ?
             BPMP_IVC_ACK : BPMP_IVC_ESTABLISHED);
        cpu_notify();
    } else if (own == BPMP_IVC_ACK) {
        st32(cq(ch) + Q_TX_STATE, BPMP_IVC_ESTABLISHED);
        cpu_notify();
    }
    return own == BPMP_IVC_ESTABLISHED ? 0 : -1;
}

/* tegra186_bpmp_channel_reset(), with a bound on the spin. */
static void channel_reset(unsigned ch)
{
    unsigned spins = 0;

    ivc_reset(ch);
    while (ivc_notified(ch)) {
        ck_assert_msg(++spins < 8, "channel %u: handshake never ends", ch);
    }
    ck_assert_uint_eq(ld32(cq(ch) + Q_TX_STATE), BPMP_IVC_ESTABLISHED);
    ck_assert_uint_eq(ld32(bq(ch) + Q_TX_STATE), BPMP_IVC_ESTABLISHED);
}

/* The channels Linux resets, in its order. */
static const unsigned linux_chans[] = { 3, 13, 0, 1, 2 };

static void linux_reset_channels(void)
{
    for (unsigned i = 0; i < 5; i++) {
        channel_reset(linux_chans[i]);
    }
}

static bool ivc_write(unsigned ch, const uint8_t *frame)
{
    uint32_t count = ld32(cq(ch) + Q_TX_COUNT);

    if (ld32(cq(ch) + Q_TX_STATE) != BPMP_IVC_ESTABLISHED ||
        count - ld32(cq(ch) + Q_RX_COUNT) >= 1) {
        return false;
    }
    memcpy(cq(ch) + Q_FRAME, frame, BPMP_FW_FRAME_SIZE);
    st32(cq(ch) + Q_TX_COUNT, count + 1);
    if (count + 1 - ld32(cq(ch) + Q_RX_COUNT) == 1) {
        cpu_notify();
    }
    return true;
}

static bool ivc_read(unsigned ch, uint8_t *frame)
{
    uint32_t count = ld32(bq(ch) + Q_RX_COUNT);
    uint32_t avail = ld32(bq(ch) + Q_TX_COUNT) - count;

    if (ld32(cq(ch) + Q_TX_STATE) != BPMP_IVC_ESTABLISHED ||
        avail != 1) {
        return false;
    }
    memcpy(frame, bq(ch) + Q_FRAME, BPMP_FW_FRAME_SIZE);
    st32(bq(ch) + Q_RX_COUNT, count + 1);
    if (ld32(bq(ch) + Q_TX_COUNT) - (count + 1) == 0) {
        cpu_notify();
    }
    return true;
}

static void make_frame(uint8_t *frame, uint32_t mrq, uint32_t flags,
                       const void *data, size_t len)
{
    ck_assert_uint_le(len, DATA_SIZE);
    memset(frame, 0, BPMP_FW_FRAME_SIZE);
    st32(frame, mrq);
    st32(frame + 4, flags);
    if (len) {
        memcpy(frame + 8, data, len);
    }
}

/* A frame in ch's CPU->BPMP queue, without ringing. */
static void post_raw(unsigned ch, uint32_t mrq, uint32_t flags,
                     const void *data, size_t len)
{
    uint32_t count = ld32(cq(ch) + Q_TX_COUNT);

    make_frame(cq(ch) + Q_FRAME, mrq, flags, data, len);
    st32(cq(ch) + Q_TX_COUNT, count + 1);
}

/*
 * tegra_bpmp_transfer(): write, ring, read. True if a response came;
 * then *err is its code and resp (DATA_SIZE bytes) its data.
 */
static bool transfer(unsigned ch, uint32_t mrq, uint32_t flags,
                     const void *data, size_t len, uint8_t *resp,
                     int32_t *err)
{
    uint8_t frame[BPMP_FW_FRAME_SIZE];

    make_frame(frame, mrq, flags, data, len);
    ck_assert(ivc_write(ch, frame));
    cpu_notify();
    if (!ivc_read(ch, frame)) {
        return false;
    }
    *err = (int32_t)ld32(frame);
    ck_assert_uint_eq(ld32(frame + 4), 0);
    memcpy(resp, frame + 8, DATA_SIZE);
    return true;
}

/* An MRQ on threaded channel 0 that must be answered. */
static int32_t call(uint32_t mrq, const void *data, size_t len,
                    uint8_t *resp)
{
    int32_t err;

    ck_assert(transfer(0, mrq, BPMP_MSG_ACK | BPMP_MSG_RING, data, len,
                       resp, &err));
    return err;
}

static int32_t clk_call(uint32_t cmd, uint32_t id, uint64_t arg64,
                        uint32_t arg32, uint8_t *resp)
{
    uint8_t req[16] = { 0 };

    /* struct mrq_clk_request, as tegra_bpmp_clk_transfer() fills it. */
    st32(req, cmd << 24 | (id & 0xffffff));
    if (cmd == CLK_SET_PARENT) {
        st32(req + 4, arg32);
    } else {
        st64(req + 8, arg64);
    }
    return call(BPMP_MRQ_CLK, req, sizeof(req), resp);
}

static uint64_t clk_rate(uint32_t id)
{
    uint8_t resp[DATA_SIZE];

    ck_assert_int_eq(clk_call(CLK_GET_RATE, id, 0, 0, resp), 0);
    ck_assert(all_zero(resp + 8, DATA_SIZE - 8));
    return ld64(resp);
}

static int32_t clk_round(uint32_t id, uint64_t want, uint64_t *got)
{
    uint8_t resp[DATA_SIZE];
    int32_t err = clk_call(CLK_ROUND_RATE, id, want, 0, resp);

    *got = ld64(resp);
    return err;
}

static int32_t reset_call(uint32_t cmd, uint32_t id, uint8_t *resp)
{
    uint8_t req[8];

    st32(req, cmd);
    st32(req + 4, id);
    return call(BPMP_MRQ_RESET, req, sizeof(req), resp);
}

static bool reset_asserted(unsigned id)
{
    return fw.reset_asserted[id / 32] >> (id % 32) & 1;
}

/* The Linux side of channel 13: tegra_bpmp_handle_rx() with its ping. */
static bool cpu_handle_rx(void)
{
    uint8_t frame[BPMP_FW_FRAME_SIZE], resp[4];
    uint32_t flags;

    if (!ivc_read(BPMP_FW_CHAN_CPU_RX, frame)) {
        return false;
    }
    ck_assert_uint_eq(ld32(frame), BPMP_MRQ_PING);
    flags = ld32(frame + 4);
    st32(resp, ld32(frame + 8) << 1);
    if (flags & BPMP_MSG_ACK) {
        make_frame(frame, 0, 0, resp, sizeof(resp));
        ck_assert(ivc_write(BPMP_FW_CHAN_CPU_RX, frame));
    }
    if (flags & BPMP_MSG_RING) {
        cpu_notify();
    }
    return true;
}

/* Handshake. */

START_TEST(test_handshake_zeroed)
{
    unsigned ch = linux_chans[_i];
    uint8_t before_tx[BPMP_FW_SHMEM_SIZE], before_rx[BPMP_FW_SHMEM_SIZE];

    channel_reset(ch);
    /* ACK, then ESTABLISHED: the CPU is told of each. */
    ck_assert_uint_eq(rings, 2);
    ck_assert_uint_eq(fw.errors, 0);
    /* Nothing else moved: the other channels are still all zero. */
    memcpy(before_tx, tx, sizeof(before_tx));
    memcpy(before_rx, rx, sizeof(before_rx));
    memset(cq(ch), 0, BPMP_FW_QUEUE_SIZE);
    memset(bq(ch), 0, BPMP_FW_QUEUE_SIZE);
    ck_assert(all_zero(tx, BPMP_FW_SHMEM_SIZE));
    ck_assert(all_zero(rx, BPMP_FW_SHMEM_SIZE));
    memcpy(tx, before_tx, sizeof(before_tx));
    memcpy(rx, before_rx, sizeof(before_rx));
    /* A doorbell with nothing to do does nothing. */
    bpmp_fw_doorbell(&fw);
    ck_assert_uint_eq(rings, 2);
    ck_assert_int_eq(memcmp(tx, before_tx, sizeof(before_tx)), 0);
    ck_assert_int_eq(memcmp(rx, before_rx, sizeof(before_rx)), 0);
}
END_TEST

/* The CPU resets a channel that was in use: its counters restart. */
START_TEST(test_handshake_from_established)
{
    unsigned ch = linux_chans[_i];
    uint8_t resp[DATA_SIZE];
    int32_t err;

    channel_reset(ch);
    for (unsigned i = 0; i < 3; i++) {
        if (ch == BPMP_FW_CHAN_CPU_RX) {
            ck_assert(bpmp_fw_ping_cpu(&fw, i));
            ck_assert(cpu_handle_rx());
            ck_assert(!fw.cpu_ping_pending);
        } else {
            ck_assert(transfer(ch, BPMP_MRQ_PING, BPMP_MSG_ACK, &i, 4, resp,
                               &err));
        }
    }
    ck_assert_uint_eq(ld32(cq(ch) + Q_TX_COUNT), 3);
    ck_assert_uint_eq(ld32(bq(ch) + Q_TX_COUNT), 3);
    /* An unanswered ping is lost with the channel. */
    if (ch == BPMP_FW_CHAN_CPU_RX) {
        ck_assert(bpmp_fw_ping_cpu(&fw, 7));
    }
    rings = 0;
    channel_reset(ch);
    ck_assert_uint_eq(rings, 2);
    ck_assert_uint_eq(ld32(cq(ch) + Q_TX_COUNT), 0);
    ck_assert_uint_eq(ld32(cq(ch) + Q_RX_COUNT), 0);
    ck_assert_uint_eq(ld32(bq(ch) + Q_TX_COUNT), 0);
    ck_assert_uint_eq(ld32(bq(ch) + Q_RX_COUNT), 0);
    ck_assert(!fw.cpu_ping_pending);
    if (ch == BPMP_FW_CHAN_CPU_RX) {
        ck_assert(bpmp_fw_ping_cpu(&fw, 50));
        ck_assert(cpu_handle_rx());
        ck_assert_uint_eq(fw.cpu_ping_reply, 100);
    } else {
        uint32_t c = 50;

        ck_assert(transfer(ch, BPMP_MRQ_PING, BPMP_MSG_ACK, &c, 4, resp,
                           &err));
        ck_assert_uint_eq(ld32(resp), 100);
    }
    ck_assert_uint_eq(ld32(bq(ch) + Q_TX_COUNT), 1);
    ck_assert_uint_eq(fw.errors, 0);
}
END_TEST

/* The table's other rows: BPMP in SYNC meets CPU in ACK; CPU SYNC again. */
START_TEST(test_handshake_rows)
{
    st32(bq(1) + Q_TX_STATE, BPMP_IVC_SYNC);
    st32(bq(1) + Q_TX_COUNT, 77);
    st32(cq(1) + Q_TX_STATE, BPMP_IVC_ACK);
    st32(cq(1) + Q_RX_COUNT, 78);
    bpmp_fw_doorbell(&fw);
    ck_assert_uint_eq(ld32(bq(1) + Q_TX_STATE), BPMP_IVC_ESTABLISHED);
    ck_assert_uint_eq(ld32(bq(1) + Q_TX_COUNT), 0);
    ck_assert_uint_eq(ld32(cq(1) + Q_RX_COUNT), 0);
    ck_assert_uint_eq(rings, 1);

    /* The BPMP in SYNC, the CPU established: wait. */
    st32(bq(2) + Q_TX_STATE, BPMP_IVC_SYNC);
    bpmp_fw_doorbell(&fw);
    ck_assert_uint_eq(ld32(bq(2) + Q_TX_STATE), BPMP_IVC_SYNC);
    ck_assert_uint_eq(rings, 1);

    /* The CPU stays in SYNC: each doorbell clears and ACKs again. */
    st32(cq(2) + Q_TX_STATE, BPMP_IVC_SYNC);
    bpmp_fw_doorbell(&fw);
    ck_assert_uint_eq(ld32(bq(2) + Q_TX_STATE), BPMP_IVC_ACK);
    st32(bq(2) + Q_TX_COUNT, 5);
    bpmp_fw_doorbell(&fw);
    ck_assert_uint_eq(ld32(bq(2) + Q_TX_STATE), BPMP_IVC_ACK);
    ck_assert_uint_eq(ld32(bq(2) + Q_TX_COUNT), 0);
    ck_assert_uint_eq(rings, 3);
    ck_assert_uint_eq(fw.errors, 0);
}
END_TEST

/* Ping, the tags, QUERY_ABI. */

/* tegra_bpmp_ping(): the atomic channel, MSG_ACK only, polled. */
START_TEST(test_ping_atomic)
{
    uint8_t resp[DATA_SIZE];
    uint32_t challenge = 0x80000001;
    int32_t err = -1;

    linux_reset_channels();
    /* Stale bytes in the response frame must not leak into the answer. */
    memset(bq(CHAN_ATOMIC) + Q_FRAME, 0xff, BPMP_FW_FRAME_SIZE);
    rings = 0;
    ck_assert(transfer(CHAN_ATOMIC, BPMP_MRQ_PING, BPMP_MSG_ACK, &challenge,
                       4, resp, &err));
    ck_assert_int_eq(err, 0);
    ck_assert_uint_eq(ld32(resp), 2);
    ck_assert(all_zero(resp + 4, DATA_SIZE - 4));
    ck_assert_uint_eq(rings, 0);
    ck_assert_uint_eq(fw.requests, 1);
    ck_assert_uint_eq(traces, 1);
    ck_assert_uint_eq(trace_chan, CHAN_ATOMIC);
    ck_assert_uint_eq(trace_mrq, BPMP_MRQ_PING);
    ck_assert_int_eq(trace_err, 0);
}
END_TEST

START_TEST(test_ping_threaded)
{
    uint8_t resp[DATA_SIZE];
    int32_t err = -1;

    linux_reset_channels();
    for (unsigned ch = 0; ch < 3; ch++) {
        uint32_t challenge = 1000 + ch;

        rings = 0;
        ck_assert(transfer(ch, BPMP_MRQ_PING, BPMP_MSG_ACK | BPMP_MSG_RING,
                           &challenge, 4, resp, &err));
        ck_assert_int_eq(err, 0);
        ck_assert_uint_eq(ld32(resp), 2000 + 2 * ch);
        /* The threaded channels wait for the doorbell. */
        ck_assert_uint_eq(rings, 1);
        ck_assert_uint_eq(trace_chan, ch);
    }
    /* Channels Linux does not use are served too. */
    channel_reset(15);
    ck_assert(transfer(15, BPMP_MRQ_PING, BPMP_MSG_ACK, &fw.requests, 4,
                       resp, &err));
    ck_assert_uint_eq(ld32(resp), 6);
    ck_assert_uint_eq(fw.requests, 4);
}
END_TEST

/* One doorbell serves every channel that has a request. */
START_TEST(test_doorbell_all_channels)
{
    uint8_t frame[BPMP_FW_FRAME_SIZE];

    linux_reset_channels();
    for (uint32_t ch = 0; ch < 3; ch++) {
        post_raw(ch, BPMP_MRQ_PING, BPMP_MSG_ACK | BPMP_MSG_RING, &ch, 4);
    }
    rings = 0;
    bpmp_fw_doorbell(&fw);
    ck_assert_uint_eq(rings, 3);
    for (uint32_t ch = 0; ch < 3; ch++) {
        ck_assert(ivc_read(ch, frame));
        ck_assert_uint_eq(ld32(frame + 8), ch << 1);
    }
}
END_TEST

START_TEST(test_query_abi)
{
    static const uint32_t yes[] = { 0, 1, 20, 22, 23, 28, 66, 71 };
    /* MRQ_DEBUGFS, MRQ_DEBUG, MRQ_THREADED_PING, ... */
    static const uint32_t no[] = { 19, 75, 9, 2, 21, 27, 67, 72, 1000,
                                   0xffffffff };
    uint8_t resp[DATA_SIZE];

    linux_reset_channels();
    for (unsigned i = 0; i < sizeof(yes) / sizeof(*yes); i++) {
        ck_assert_int_eq(call(BPMP_MRQ_QUERY_ABI, &yes[i], 4, resp), 0);
        ck_assert_int_eq((int32_t)ld32(resp), 0);
        ck_assert(all_zero(resp + 4, DATA_SIZE - 4));
    }
    for (unsigned i = 0; i < sizeof(no) / sizeof(*no); i++) {
        ck_assert_int_eq(call(BPMP_MRQ_QUERY_ABI, &no[i], 4, resp), 0);
        ck_assert_int_eq((int32_t)ld32(resp), -BPMP_ENODEV);
    }
    ck_assert_uint_eq(fw.errors, 0);
}
END_TEST

START_TEST(test_query_fw_tag)
{
    uint8_t resp[DATA_SIZE];

    linux_reset_channels();
    ck_assert_int_eq(strncmp(bpmp_fw_tag, "presilicon-bpmp-fw", 18), 0);
    ck_assert_int_eq(call(BPMP_MRQ_QUERY_FW_TAG, NULL, 0, resp), 0);
    ck_assert_int_eq(memcmp(resp, bpmp_fw_tag, BPMP_FW_TAG_SIZE), 0);
    ck_assert(all_zero(resp + BPMP_FW_TAG_SIZE,
                       DATA_SIZE - BPMP_FW_TAG_SIZE));
}
END_TEST

/* The deprecated tag query: the BPMP writes the tag into RAM. */
START_TEST(test_query_tag)
{
    static const uint32_t bad[] = {
        0x1000, RAM_BASE - 1, RAM_BASE + RAM_SIZE - 16, RAM_BASE + RAM_SIZE,
        0xffffffff,
    };
    uint8_t resp[DATA_SIZE];
    uint32_t addr = RAM_BASE + 0x100;

    linux_reset_channels();
    ck_assert_int_eq(call(BPMP_MRQ_QUERY_TAG, &addr, 4, resp), 0);
    ck_assert_int_eq(memcmp(ram + 0x100, bpmp_fw_tag, BPMP_FW_TAG_SIZE), 0);
    ck_assert_uint_eq(ram[0xff], RAM_FILL);
    ck_assert_uint_eq(ram[0x100 + BPMP_FW_TAG_SIZE], RAM_FILL);
    ck_assert_uint_eq(guest_errors, 0);

    for (unsigned i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
        ck_assert_int_eq(call(BPMP_MRQ_QUERY_TAG, &bad[i], 4, resp),
                         -BPMP_EFAULT);
        ck_assert_uint_eq(guest_errors, i + 1);
        ck_assert_ptr_nonnull(strstr(last_error, "MRQ_QUERY_TAG"));
    }
    ck_assert_uint_eq(fw.errors, guest_errors);
    ck_assert_uint_eq(ram[RAM_SIZE - 1], RAM_FILL);
}
END_TEST

/* CPU_VHINT, read back as tegra186-cpufreq.c reads it. */

typedef struct CpufreqTable {
    unsigned n;
    uint32_t khz[BPMP_VHINT_POINTS];
    uint32_t edvd[BPMP_VHINT_POINTS];
} CpufreqTable;

static void linux_vhint_table(const uint8_t *d, CpufreqTable *t)
{
    uint32_t ref_khz = ld32(d) / 1000;
    uint32_t div = ld16(d + 4) * ld16(d + 6);
    unsigned max = ld16(d + 8), min = ld16(d + VH_NDIV_MIN);

    t->n = 0;
    for (unsigned i = ld16(d + VH_VFLOOR); i <= ld16(d + VH_VCEIL); i++) {
        unsigned ndiv;

        ck_assert_uint_lt(i, BPMP_VHINT_POINTS);
        ndiv = ld16(d + VH_NDIV + 2 * i);
        if (ndiv < min || ndiv > max) {
            continue;
        }
        /* Only store lowest voltage index for each rate */
        if (i > 0 && ndiv == ld16(d + VH_NDIV + 2 * (i - 1))) {
            continue;
        }
        t->edvd[t->n] = i << 16 | ndiv;
        t->khz[t->n++] = ref_khz * ndiv / div;
    }
}

START_TEST(test_cpu_vhint)
{
    static const struct {
        unsigned n;
        uint32_t first, last;
    } want[BPMP_FW_CLUSTERS] = {
        { 15, 345600, 2035200 },    /* Denver */
        { 14, 345600, 1843200 },    /* A57: ndiv_max 50 drops 53 */
    };
    uint8_t resp[DATA_SIZE];

    linux_reset_channels();
    for (unsigned c = 0; c < BPMP_FW_CLUSTERS; c++) {
        const BpmpVhint *v = bpmp_fw_vhint(c);
        uint32_t off = 0x1000 + c * 0x1000;
        uint32_t req[2] = { RAM_BASE + off, c };
        uint8_t *d = ram + off;
        CpufreqTable t;

        ck_assert_ptr_nonnull(v);
        ck_assert_int_eq(call(BPMP_MRQ_CPU_VHINT, req, sizeof(req), resp),
                         0);
        ck_assert_uint_eq(ram[off - 1], RAM_FILL);
        ck_assert_uint_eq(d[VH_SIZE], RAM_FILL);
        ck_assert_uint_eq(ld32(d), 38400000);
        ck_assert_uint_eq(ld32(d), v->ref_clk_hz);
        ck_assert_uint_eq(ld16(d + 4), v->pdiv);
        ck_assert_uint_eq(ld16(d + 6), v->mdiv);
        ck_assert_uint_eq(ld16(d + 8), v->ndiv_max);
        for (unsigned i = 0; i < BPMP_VHINT_POINTS; i++) {
            ck_assert_uint_eq(ld16(d + VH_NDIV + 2 * i), v->ndiv[i]);
        }
        ck_assert_uint_eq(ld16(d + VH_NDIV_MIN), v->ndiv_min);
        ck_assert_uint_eq(ld16(d + VH_VFLOOR), 0);
        ck_assert_uint_eq(ld16(d + VH_VCEIL), 15);
        ck_assert_uint_eq(ld16(d + VH_MULT), 1);
        ck_assert_uint_eq(ld16(d + VH_DIV), 1);
        ck_assert(all_zero(d + 180, VH_SIZE - 180));

        linux_vhint_table(d, &t);
        ck_assert_uint_eq(t.n, want[c].n);
        ck_assert_uint_eq(t.khz[0], want[c].first);
        ck_assert_uint_eq(t.khz[t.n - 1], want[c].last);
        for (unsigned i = 1; i < t.n; i++) {
            ck_assert_uint_gt(t.khz[i], t.khz[i - 1]);
        }
        /* The voltage each rate is listed with is the lowest for it. */
        for (unsigned i = 0; i < t.n; i++) {
            ck_assert_int_eq(t.edvd[i] >> 16,
                             bpmp_fw_vindex_for_ndiv(c, t.edvd[i] & 0xffff));
        }
    }
    ck_assert_uint_eq(guest_errors, 0);
    /* The tables differ: the clusters are not one table twice. */
    ck_assert_int_ne(memcmp(ram + 0x1000, ram + 0x2000, VH_SIZE), 0);
}
END_TEST

START_TEST(test_cpu_vhint_errors)
{
    uint8_t resp[DATA_SIZE];
    uint32_t req[2] = { RAM_BASE, 2 };

    linux_reset_channels();
    ck_assert_int_eq(call(BPMP_MRQ_CPU_VHINT, req, sizeof(req), resp),
                     -BPMP_EINVAL);
    ck_assert_uint_eq(guest_errors, 1);
    req[1] = 0xffffffff;
    ck_assert_int_eq(call(BPMP_MRQ_CPU_VHINT, req, sizeof(req), resp),
                     -BPMP_EINVAL);
    ck_assert_uint_eq(guest_errors, 2);
    ck_assert_uint_eq(ram[0], RAM_FILL);
    /* 836 bytes do not fit at the end of RAM. */
    req[0] = RAM_BASE + RAM_SIZE - VH_SIZE + 1;
    req[1] = 1;
    ck_assert_int_eq(call(BPMP_MRQ_CPU_VHINT, req, sizeof(req), resp),
                     -BPMP_EFAULT);
    ck_assert_uint_eq(guest_errors, 3);
    ck_assert_ptr_nonnull(strstr(last_error, "MRQ_CPU_VHINT"));
    req[0] = RAM_BASE + RAM_SIZE - VH_SIZE;
    ck_assert_int_eq(call(BPMP_MRQ_CPU_VHINT, req, sizeof(req), resp), 0);
    ck_assert_uint_eq(fw.errors, 3);
}
END_TEST

START_TEST(test_vindex)
{
    ck_assert_int_eq(bpmp_fw_vindex_for_ndiv(0, 0), 0);
    ck_assert_int_eq(bpmp_fw_vindex_for_ndiv(0, 9), 0);
    ck_assert_int_eq(bpmp_fw_vindex_for_ndiv(0, 10), 2);
    ck_assert_int_eq(bpmp_fw_vindex_for_ndiv(0, 53), 15);
    ck_assert_int_eq(bpmp_fw_vindex_for_ndiv(0, 54), -1);
    ck_assert_int_eq(bpmp_fw_vindex_for_ndiv(1, 42), 11);
    ck_assert_int_eq(bpmp_fw_vindex_for_ndiv(1, 43), 13);
    ck_assert_int_eq(bpmp_fw_vindex_for_ndiv(1, 53), 15);
    ck_assert_int_eq(bpmp_fw_vindex_for_ndiv(2, 9), -1);
    ck_assert_int_eq(bpmp_fw_vindex_for_ndiv(~0u, 9), -1);
    ck_assert_ptr_null(bpmp_fw_vhint(2));
    for (unsigned c = 0; c < BPMP_FW_CLUSTERS; c++) {
        const BpmpVhint *v = bpmp_fw_vhint(c);

        for (unsigned i = v->vceil + 1; i < BPMP_VHINT_POINTS; i++) {
            ck_assert_uint_eq(v->ndiv[i], 0);
        }
        for (unsigned i = 1; i <= v->vceil; i++) {
            ck_assert_uint_ge(v->ndiv[i], v->ndiv[i - 1]);
        }
    }
}
END_TEST

/* Clocks. */

typedef struct ClkWant {
    const char *name;
    uint32_t flags;
    unsigned num_parents;
    uint32_t parents[3];
    uint32_t parent;
    uint64_t rate;
    bool enabled;
} ClkWant;

#define HOLE 5
#define LEAF (CLK_HAS_MUX | CLK_HAS_SET_RATE)
static const ClkWant clk_want[8] = {
    { "clk_m", CLK_IS_ROOT, 0, { 0 }, NO_PARENT, 38400000, true },
    { "pll_p", 0, 1, { 0 }, 0, 408000000, true },
    { "pll_c", CLK_IS_ROOT | CLK_IS_VAR_ROOT | CLK_HAS_SET_RATE, 0, { 0 },
      NO_PARENT, 600000000, true },
    { "uarta", LEAF, 2, { 1, 0 }, 1, 51000000, true },
    { "i2c1", LEAF, 2, { 1, 0 }, 0, 38400000, false },
    { .name = NULL },   /* the hole */
    { "sdmmc4", LEAF, 3, { 1, 2, 0 }, 1, 204000000, true },
    { "sor0", LEAF, 3, { 2, 1, 0 }, 2, 150000000, false },
};

/* tegra_bpmp_probe_clocks(): max id, then GET_ALL_INFO on each id. */
START_TEST(test_clk_walk)
{
    uint8_t resp[DATA_SIZE];
    unsigned count = 0, failed = 0;
    uint32_t max_id;

    linux_reset_channels();
    ck_assert_int_eq(clk_call(CLK_GET_MAX_CLK_ID, 0, 0, 0, resp), 0);
    max_id = ld32(resp);
    ck_assert_uint_eq(max_id, 7);
    ck_assert_uint_eq(bpmp_fw_num_clocks(), max_id + 1);
    ck_assert(all_zero(resp + 4, DATA_SIZE - 4));
    for (uint32_t id = 0; id <= max_id; id++) {
        const ClkWant *w = &clk_want[id];
        char name[40];

        if (clk_call(CLK_GET_ALL_INFO, id, 0, 0, resp) < 0) {
            ck_assert_uint_eq(id, HOLE);
            ck_assert_ptr_null(bpmp_fw_clock_name(id));
            failed++;
            continue;
        }
        ck_assert_uint_eq(ld32(resp), w->flags);
        ck_assert_uint_eq(ld32(resp + 4), w->parent);
        ck_assert_uint_eq(resp[72], w->num_parents);
        for (unsigned i = 0; i < 16; i++) {
            ck_assert_uint_eq(ld32(resp + 8 + 4 * i),
                              i < w->num_parents ? w->parents[i] : 0);
        }
        ck_assert_uint_eq(resp[73 + 39], 0);
        memcpy(name, resp + 73, sizeof(name));
        ck_assert_str_eq(name, w->name);
        ck_assert_str_eq(bpmp_fw_clock_name(id), w->name);
        ck_assert(all_zero(resp + 113, DATA_SIZE - 113));
        count++;
    }
    ck_assert_uint_eq(count, 7);
    ck_assert_uint_eq(failed, 1);
    /* Linux asks about the hole legitimately: no guest error. */
    ck_assert_uint_eq(guest_errors, 0);
    ck_assert_ptr_null(bpmp_fw_clock_name(8));
}
END_TEST

START_TEST(test_clk_boot_state)
{
    uint8_t resp[DATA_SIZE];

    linux_reset_channels();
    for (uint32_t id = 0; id < 8; id++) {
        if (id == HOLE) {
            continue;
        }
        ck_assert_uint_eq(clk_rate(id), clk_want[id].rate);
        ck_assert_int_eq(clk_call(CLK_IS_ENABLED, id, 0, 0, resp), 0);
        ck_assert_int_eq((int32_t)ld32(resp), clk_want[id].enabled);
        if (clk_want[id].flags & CLK_HAS_MUX) {
            ck_assert_int_eq(clk_call(CLK_GET_PARENT, id, 0, 0, resp), 0);
            ck_assert_uint_eq(ld32(resp), clk_want[id].parent);
        }
    }
    ck_assert_uint_eq(guest_errors, 0);
}
END_TEST

START_TEST(test_clk_rates)
{
    uint8_t resp[DATA_SIZE];
    uint64_t got;

    linux_reset_channels();
    /* uarta on pll_p (408 MHz), at most 102 MHz: 408 / n. */
    ck_assert_int_eq(clk_round(3, 100000000, &got), 0);
    ck_assert_uint_eq(got, 81600000);
    ck_assert_int_eq(clk_round(3, 102000000, &got), 0);
    ck_assert_uint_eq(got, 102000000);
    ck_assert_int_eq(clk_round(3, 101999999, &got), 0);
    ck_assert_uint_eq(got, 81600000);
    ck_assert_int_eq(clk_round(3, 500000000, &got), 0);
    ck_assert_uint_eq(got, 102000000);
    ck_assert_int_eq(clk_round(3, 0x7fffffffffffffffull, &got), 0);
    ck_assert_uint_eq(got, 102000000);
    /* Below the slowest (408 MHz / 256): the slowest. */
    ck_assert_int_eq(clk_round(3, 1, &got), 0);
    ck_assert_uint_eq(got, 1593750);
    ck_assert_int_eq(clk_round(3, 0, &got), 0);
    ck_assert_uint_eq(got, 1593750);
    /* Rounding does not set. */
    ck_assert_uint_eq(clk_rate(3), 51000000);

    ck_assert_int_eq(clk_call(CLK_SET_RATE, 3, 81600000, 0, resp), 0);
    ck_assert_uint_eq(ld64(resp), 81600000);
    ck_assert_uint_eq(clk_rate(3), 81600000);
    ck_assert_uint_eq(fw.clk[3].rate, 81600000);
    ck_assert_int_eq(clk_call(CLK_SET_RATE, 3, 70000000, 0, resp), 0);
    ck_assert_uint_eq(ld64(resp), 68000000);
    ck_assert_uint_eq(clk_rate(3), 68000000);

    /* pll_c: 4.8 MHz steps from 96 MHz to 998.4 MHz. */
    ck_assert_int_eq(clk_round(2, 10000000, &got), 0);
    ck_assert_uint_eq(got, 96000000);
    ck_assert_int_eq(clk_round(2, 2000000000, &got), 0);
    ck_assert_uint_eq(got, 998400000);
    ck_assert_int_eq(clk_call(CLK_SET_RATE, 2, 700000000, 0, resp), 0);
    ck_assert_uint_eq(ld64(resp), 696000000);
    ck_assert_uint_eq(clk_rate(2), 696000000);
    /* sor0 (pll_c / 4) keeps the nearest rate below its 150 MHz. */
    ck_assert_uint_eq(clk_rate(7), 696000000 / 5);
    ck_assert_uint_eq(clk_rate(6), 204000000);

    /* Fixed clocks: rounding answers their rate, setting is refused. */
    ck_assert_int_eq(clk_round(1, 100, &got), 0);
    ck_assert_uint_eq(got, 408000000);
    ck_assert_uint_eq(guest_errors, 0);
    ck_assert_int_eq(clk_call(CLK_SET_RATE, 1, 204000000, 0, resp),
                     -BPMP_EINVAL);
    ck_assert_uint_eq(guest_errors, 1);
    ck_assert_uint_eq(clk_rate(1), 408000000);
    ck_assert_int_eq(clk_call(CLK_SET_RATE, 0, 1, 0, resp), -BPMP_EINVAL);
    /* The ABI's rates are signed. */
    ck_assert_int_eq(clk_call(CLK_SET_RATE, 3, (uint64_t)-5, 0, resp),
                     -BPMP_EINVAL);
    ck_assert_uint_eq(guest_errors, 3);
    ck_assert_uint_eq(clk_rate(3), 68000000);
}
END_TEST

/* clk_round() then clk_set_rate() of what it said: the same rate. */
START_TEST(test_clk_round_stable)
{
    static const uint32_t ids[] = { 2, 3, 4, 6, 7 };
    uint8_t resp[DATA_SIZE];

    linux_reset_channels();
    rnd_state = 0xb9b9;
    for (unsigned i = 0; i < 300; i++) {
        uint32_t id = ids[rnd() % 5];
        uint64_t want = rnd() % 1200000000u, got, again, lowest;

        ck_assert_int_eq(clk_round(id, want, &got), 0);
        ck_assert_int_eq(clk_round(id, 0, &lowest), 0);
        ck_assert_msg(got <= want || got == lowest,
                      "clock %u: %llu for %llu", id,
                      (unsigned long long)got, (unsigned long long)want);
        ck_assert_int_eq(clk_round(id, got, &again), 0);
        ck_assert_uint_eq(again, got);
        ck_assert_int_eq(clk_call(CLK_SET_RATE, id, got, 0, resp), 0);
        ck_assert_uint_eq(ld64(resp), got);
        ck_assert_uint_eq(clk_rate(id), got);
    }
    ck_assert_uint_eq(guest_errors, 0);
}
END_TEST

START_TEST(test_clk_parents)
{
    uint8_t resp[DATA_SIZE];
    unsigned errs;

    linux_reset_channels();
    ck_assert_int_eq(clk_call(CLK_SET_PARENT, 3, 0, 0, resp), 0);
    ck_assert_uint_eq(ld32(resp), 0);
    ck_assert_int_eq(clk_call(CLK_GET_PARENT, 3, 0, 0, resp), 0);
    ck_assert_uint_eq(ld32(resp), 0);
    /* 51 MHz is above clk_m: uarta runs at clk_m's rate. */
    ck_assert_uint_eq(clk_rate(3), 38400000);
    ck_assert_uint_eq(fw.clk[3].parent, 0);

    /* sdmmc4 204 MHz from pll_c 600 MHz: 200 MHz. */
    ck_assert_int_eq(clk_call(CLK_SET_PARENT, 6, 2, 2, resp), 0);
    ck_assert_uint_eq(clk_rate(6), 200000000);
    ck_assert_uint_eq(guest_errors, 0);

    /* Not a parent of uarta: pll_c, the hole, nonsense, itself. */
    errs = guest_errors;
    ck_assert_int_eq(clk_call(CLK_SET_PARENT, 3, 0, 2, resp), -BPMP_EINVAL);
    ck_assert_int_eq(clk_call(CLK_SET_PARENT, 3, 0, HOLE, resp),
                     -BPMP_EINVAL);
    ck_assert_int_eq(clk_call(CLK_SET_PARENT, 3, 0, 0xffffffff, resp),
                     -BPMP_EINVAL);
    ck_assert_int_eq(clk_call(CLK_SET_PARENT, 3, 0, 3, resp), -BPMP_EINVAL);
    ck_assert_uint_eq(guest_errors, errs + 4);
    ck_assert_ptr_nonnull(strstr(last_error, "uarta"));
    ck_assert_uint_eq(fw.clk[3].parent, 0);
    ck_assert_uint_eq(clk_rate(3), 38400000);
    /* pll_p has one parent and no mux. */
    ck_assert_int_eq(clk_call(CLK_SET_PARENT, 1, 0, 0, resp), -BPMP_EINVAL);
    ck_assert_int_eq(clk_call(CLK_GET_PARENT, 1, 0, 0, resp), 0);
    ck_assert_uint_eq(ld32(resp), 0);
    /* A root has none. */
    ck_assert_int_eq(clk_call(CLK_GET_PARENT, 0, 0, 0, resp),
                     -BPMP_ENOENT);
    ck_assert_uint_eq(guest_errors, errs + 6);
}
END_TEST

START_TEST(test_clk_enable)
{
    uint8_t resp[DATA_SIZE];

    linux_reset_channels();
    ck_assert_int_eq(clk_call(CLK_IS_ENABLED, 4, 0, 0, resp), 0);
    ck_assert_int_eq((int32_t)ld32(resp), 0);
    ck_assert_int_eq(clk_call(CLK_ENABLE, 4, 0, 0, resp), 0);
    ck_assert(all_zero(resp, DATA_SIZE));
    ck_assert(fw.clk[4].enabled);
    ck_assert_int_eq(clk_call(CLK_IS_ENABLED, 4, 0, 0, resp), 0);
    ck_assert_int_eq((int32_t)ld32(resp), 1);
    ck_assert_int_eq(clk_call(CLK_DISABLE, 3, 0, 0, resp), 0);
    ck_assert_int_eq(clk_call(CLK_IS_ENABLED, 3, 0, 0, resp), 0);
    ck_assert_int_eq((int32_t)ld32(resp), 0);
    ck_assert_int_eq(clk_call(CLK_DISABLE, 4, 0, 0, resp), 0);
    ck_assert_int_eq(clk_call(CLK_IS_ENABLED, 4, 0, 0, resp), 0);
    ck_assert_int_eq((int32_t)ld32(resp), 0);
    ck_assert(!fw.clk[4].enabled);
    ck_assert_uint_eq(guest_errors, 0);
}
END_TEST

START_TEST(test_clk_errors)
{
    static const uint32_t cmds[] = { 0, 9, 10, 13, 16, 17, 255 };
    uint8_t resp[DATA_SIZE];
    unsigned n = 0;

    linux_reset_channels();
    ck_assert_int_eq(clk_call(CLK_GET_RATE, 8, 0, 0, resp), -BPMP_EINVAL);
    ck_assert_uint_eq(guest_errors, ++n);
    ck_assert_int_eq(clk_call(CLK_ENABLE, 0xffffff, 0, 0, resp),
                     -BPMP_EINVAL);
    ck_assert_uint_eq(guest_errors, ++n);
    ck_assert_int_eq(clk_call(CLK_GET_ALL_INFO, 8, 0, 0, resp),
                     -BPMP_EINVAL);
    ck_assert_uint_eq(guest_errors, ++n);
    /* The hole: an error to all but GET_ALL_INFO. */
    ck_assert_int_eq(clk_call(CLK_GET_RATE, HOLE, 0, 0, resp),
                     -BPMP_ENODEV);
    ck_assert_uint_eq(guest_errors, ++n);
    ck_assert_int_eq(clk_call(CLK_ENABLE, HOLE, 0, 0, resp), -BPMP_ENODEV);
    ck_assert_uint_eq(guest_errors, ++n);
    ck_assert_int_eq(clk_call(CLK_GET_ALL_INFO, HOLE, 0, 0, resp),
                     -BPMP_ENODEV);
    ck_assert_uint_eq(guest_errors, n);
    ck_assert(all_zero(resp, DATA_SIZE));
    for (unsigned i = 0; i < sizeof(cmds) / sizeof(*cmds); i++) {
        ck_assert_int_eq(clk_call(cmds[i], 3, 0, 0, resp), -BPMP_EBADCMD);
        ck_assert_uint_eq(guest_errors, ++n);
    }
    ck_assert_uint_eq(fw.errors, n);
    /* GET_MAX_CLK_ID does not look at the id. */
    ck_assert_int_eq(clk_call(CLK_GET_MAX_CLK_ID, 0xabcdef, 0, 0, resp), 0);
    ck_assert_uint_eq(ld32(resp), 7);
}
END_TEST

/* Resets. */

START_TEST(test_reset)
{
    uint8_t resp[DATA_SIZE];

    linux_reset_channels();
    ck_assert_int_eq(reset_call(4, 0, resp), 0);
    ck_assert_uint_eq(ld32(resp), BPMP_FW_NUM_RESETS - 1);
    ck_assert_uint_eq(ld32(resp), 192);
    ck_assert(all_zero(resp + 4, DATA_SIZE - 4));

    ck_assert_int_eq(reset_call(1, 0, resp), 0);
    ck_assert_int_eq(reset_call(1, 31, resp), 0);
    ck_assert_int_eq(reset_call(1, 32, resp), 0);
    ck_assert_int_eq(reset_call(1, 192, resp), 0);
    ck_assert(all_zero(resp, DATA_SIZE));
    ck_assert(reset_asserted(0) && reset_asserted(31) &&
              reset_asserted(32) && reset_asserted(192));
    ck_assert(!reset_asserted(1) && !reset_asserted(191));
    ck_assert_int_eq(reset_call(2, 31, resp), 0);
    ck_assert(!reset_asserted(31) && reset_asserted(0));
    /* MODULE: asserted then deasserted, from either state. */
    ck_assert_int_eq(reset_call(3, 32, resp), 0);
    ck_assert(!reset_asserted(32));
    ck_assert_int_eq(reset_call(3, 40, resp), 0);
    ck_assert(!reset_asserted(40));
    ck_assert_uint_eq(guest_errors, 0);

    ck_assert_int_eq(reset_call(1, 193, resp), -BPMP_EINVAL);
    ck_assert_int_eq(reset_call(3, 0xffffffff, resp), -BPMP_EINVAL);
    ck_assert_uint_eq(guest_errors, 2);
    ck_assert_int_eq(reset_call(0, 1, resp), -BPMP_EBADCMD);
    ck_assert_int_eq(reset_call(5, 1, resp), -BPMP_EBADCMD);
    ck_assert_int_eq(reset_call(0xffffffff, 0xffffffff, resp),
                     -BPMP_EBADCMD);
    ck_assert_uint_eq(guest_errors, 5);
    ck_assert_uint_eq(fw.errors, 5);
    ck_assert_uint_eq(fw.reset_asserted[0], 1);
    ck_assert_uint_eq(fw.reset_asserted[6], 1);
    for (unsigned w = 1; w < 6; w++) {
        ck_assert_uint_eq(fw.reset_asserted[w], 0);
    }
}
END_TEST

/* MRQ_PG as powergate-bpmp.c uses it: max id, names, state. */
static int32_t pg_call(uint32_t cmd, uint32_t id, uint32_t state,
                       uint8_t *resp)
{
    uint32_t req[3] = { cmd, id, state };

    return call(BPMP_MRQ_PG, req, sizeof(req), resp);
}

START_TEST(test_power_domains)
{
    uint8_t resp[DATA_SIZE];

    linux_reset_channels();
    ck_assert_int_eq(pg_call(4, 0, 0, resp), 0);
    ck_assert_uint_eq(ld32(resp), BPMP_FW_NUM_PG - 1);
    for (unsigned id = 0; id < BPMP_FW_NUM_PG; id++) {
        ck_assert_int_eq(pg_call(3, id, 0, resp), 0);
        ck_assert_str_eq((char *)resp, bpmp_fw_pg_name(id));
        ck_assert_int_eq(pg_call(2, id, 0, resp), 0);
        /* disp (1) is on from boot, the others off */
        ck_assert_uint_eq(ld32(resp), id == 1);
    }
    ck_assert_int_eq(pg_call(1, 2, 1, resp), 0);
    ck_assert_int_eq(pg_call(2, 2, 0, resp), 0);
    ck_assert_uint_eq(ld32(resp), 1);
    ck_assert_int_eq(pg_call(1, 1, 0, resp), 0);
    ck_assert_int_eq(pg_call(2, 1, 0, resp), 0);
    ck_assert_uint_eq(ld32(resp), 0);
    ck_assert_int_eq(pg_call(1, 0, 2, resp), 0);   /* RUNNING: on */
    ck_assert_uint_eq(fw.pg_on, 0x5);
    ck_assert_uint_eq(guest_errors, 0);
    ck_assert_int_eq(pg_call(1, 0, 3, resp), -BPMP_EINVAL);
    ck_assert_int_eq(pg_call(3, BPMP_FW_NUM_PG, 0, resp), -BPMP_EINVAL);
    ck_assert_int_eq(pg_call(0, 0, 0, resp), -BPMP_EBADCMD);
    ck_assert_int_eq(pg_call(5, 0, 0, resp), -BPMP_EBADCMD);
    ck_assert_uint_eq(guest_errors, 4);
    ck_assert_uint_eq(fw.pg_on, 0x5);
    bpmp_fw_reset(&fw);
    ck_assert_uint_eq(fw.pg_on, 0x2);
}
END_TEST

/* Frames and queues. */

START_TEST(test_unknown_mrq)
{
    static const uint32_t mrqs[] = { 2, 9, 19, 21, 67, 75, 0xffffffff };
    uint8_t resp[DATA_SIZE], junk[DATA_SIZE];

    linux_reset_channels();
    memset(junk, 0x5a, sizeof(junk));
    for (unsigned i = 0; i < sizeof(mrqs) / sizeof(*mrqs); i++) {
        ck_assert_int_eq(call(mrqs[i], junk, sizeof(junk), resp),
                         -BPMP_ENODEV);
        ck_assert(all_zero(resp, DATA_SIZE));
        ck_assert_uint_eq(trace_mrq, mrqs[i]);
        ck_assert_int_eq(trace_err, -BPMP_ENODEV);
    }
    ck_assert_uint_eq(guest_errors, 0);
    ck_assert_uint_eq(fw.errors, 0);
    ck_assert_uint_eq(fw.requests, 7);
}
END_TEST

/* No MSG_ACK: executed, taken off the queue, not answered. */
START_TEST(test_no_ack)
{
    uint8_t resp[DATA_SIZE];
    uint32_t req[2] = { 1, 7 };
    int32_t err;

    linux_reset_channels();
    rings = 0;
    ck_assert(!transfer(1, BPMP_MRQ_RESET, BPMP_MSG_RING, req, sizeof(req),
                        resp, &err));
    ck_assert(reset_asserted(7));
    ck_assert_uint_eq(ld32(cq(1) + Q_RX_COUNT), 1);
    ck_assert_uint_eq(ld32(bq(1) + Q_TX_COUNT), 0);
    ck_assert_uint_eq(rings, 0);
    ck_assert_uint_eq(fw.requests, 1);
    ck_assert_uint_eq(traces, 1);
    /* The channel is free for the next one. */
    ck_assert(transfer(1, BPMP_MRQ_PING, BPMP_MSG_ACK, req, 4, resp, &err));
    ck_assert_uint_eq(ld32(resp), 2);
    ck_assert_uint_eq(fw.errors, 0);
}
END_TEST

START_TEST(test_overfull)
{
    static const uint32_t gaps[] = { 2, 0x80000000, 0xffffffff };

    linux_reset_channels();
    for (unsigned i = 0; i < 3; i++) {
        uint32_t rxc = 0xfffffff0 + i;

        st32(cq(1) + Q_RX_COUNT, rxc);
        st32(cq(1) + Q_TX_COUNT, rxc + gaps[i]);
        make_frame(cq(1) + Q_FRAME, BPMP_MRQ_PING, BPMP_MSG_ACK, &rxc, 4);
        rings = 0;
        bpmp_fw_doorbell(&fw);
        ck_assert_uint_eq(guest_errors, i + 1);
        ck_assert_uint_eq(fw.errors, i + 1);
        ck_assert_ptr_nonnull(strstr(last_error, "channel 1"));
        ck_assert_ptr_nonnull(strstr(last_error, "over-full"));
        ck_assert_uint_eq(ld32(cq(1) + Q_RX_COUNT), rxc);
        ck_assert_uint_eq(ld32(bq(1) + Q_TX_COUNT), 0);
        ck_assert_uint_eq(fw.requests, 0);
        ck_assert_uint_eq(rings, 0);
    }
    /* Counters that wrap, one apart, are a frame. */
    st32(cq(1) + Q_RX_COUNT, 0xffffffff);
    st32(cq(1) + Q_TX_COUNT, 0);
    bpmp_fw_doorbell(&fw);
    ck_assert_uint_eq(fw.requests, 1);
    ck_assert_uint_eq(ld32(cq(1) + Q_RX_COUNT), 0);
    ck_assert_uint_eq(ld32(bq(1) + Q_TX_COUNT), 1);
}
END_TEST

/* The CPU never read the last response: the next one has nowhere to go. */
START_TEST(test_response_full)
{
    uint8_t frame[BPMP_FW_FRAME_SIZE];
    uint32_t one = 1, two = 2, req[2] = { 1, 9 };

    linux_reset_channels();
    post_raw(0, BPMP_MRQ_PING, BPMP_MSG_ACK | BPMP_MSG_RING, &one, 4);
    bpmp_fw_doorbell(&fw);
    post_raw(0, BPMP_MRQ_PING, BPMP_MSG_ACK | BPMP_MSG_RING, &two, 4);
    rings = 0;
    bpmp_fw_doorbell(&fw);
    ck_assert_uint_eq(guest_errors, 1);
    ck_assert_uint_eq(fw.errors, 1);
    ck_assert_ptr_nonnull(strstr(last_error, "channel 0: no room"));
    ck_assert_uint_eq(rings, 0);
    ck_assert_uint_eq(fw.requests, 2);
    ck_assert_uint_eq(ld32(bq(0) + Q_TX_COUNT), 1);
    ck_assert_uint_eq(ld32(bq(0) + Q_FRAME + 8), 2);
    /* Executed all the same. */
    post_raw(0, BPMP_MRQ_RESET, BPMP_MSG_ACK, req, sizeof(req));
    bpmp_fw_doorbell(&fw);
    ck_assert(reset_asserted(9));
    ck_assert_uint_eq(guest_errors, 2);
    /* The first answer is still there to read, then nothing. */
    ck_assert(ivc_read(0, frame));
    ck_assert_uint_eq(ld32(frame + 8), 2);
    ck_assert(!ivc_read(0, frame));
}
END_TEST

START_TEST(test_not_established)
{
    uint32_t c = 3;

    /* The BPMP's state is nonsense: it waits for the CPU to reset. */
    st32(bq(0) + Q_TX_STATE, 7);
    post_raw(0, BPMP_MRQ_PING, BPMP_MSG_ACK | BPMP_MSG_RING, &c, 4);
    /* The CPU is in ACK while the BPMP is established: not usable. */
    st32(cq(1) + Q_TX_STATE, BPMP_IVC_ACK);
    post_raw(1, BPMP_MRQ_PING, BPMP_MSG_ACK | BPMP_MSG_RING, &c, 4);
    /* The CPU asks for a reset with a frame queued: it is dropped. */
    st32(cq(2) + Q_TX_STATE, BPMP_IVC_SYNC);
    st32(cq(2) + Q_TX_COUNT, 5);
    st32(cq(2) + Q_RX_COUNT, 5);
    post_raw(2, BPMP_MRQ_PING, BPMP_MSG_ACK | BPMP_MSG_RING, &c, 4);
    bpmp_fw_doorbell(&fw);
    bpmp_fw_doorbell(&fw);
    ck_assert_uint_eq(fw.requests, 0);
    ck_assert_uint_eq(traces, 0);
    ck_assert_uint_eq(ld32(cq(0) + Q_RX_COUNT), 0);
    ck_assert_uint_eq(ld32(cq(1) + Q_RX_COUNT), 0);
    ck_assert_uint_eq(ld32(cq(2) + Q_RX_COUNT), 0);
    ck_assert_uint_eq(ld32(bq(0) + Q_TX_COUNT), 0);
    ck_assert_uint_eq(ld32(bq(1) + Q_TX_COUNT), 0);
    ck_assert_uint_eq(ld32(bq(2) + Q_TX_COUNT), 0);
    ck_assert_uint_eq(ld32(bq(2) + Q_TX_STATE), BPMP_IVC_ACK);
    ck_assert_uint_eq(ld32(bq(0) + Q_TX_STATE), 7);
    ck_assert_uint_eq(fw.errors, 0);
    /* Reset properly, the channels work. */
    channel_reset(0);
    channel_reset(2);
    ck_assert_uint_eq(fw.requests, 0);
    post_raw(0, BPMP_MRQ_PING, BPMP_MSG_ACK | BPMP_MSG_RING, &c, 4);
    bpmp_fw_doorbell(&fw);
    ck_assert_uint_eq(fw.requests, 1);
}
END_TEST

/* The BPMP's own requests: MRQ_PING to the CPU on channel 13. */

START_TEST(test_ping_cpu)
{
    uint8_t *f = bq(BPMP_FW_CHAN_CPU_RX) + Q_FRAME;

    linux_reset_channels();
    rings = 0;
    ck_assert(bpmp_fw_ping_cpu(&fw, 21));
    ck_assert_uint_eq(rings, 1);
    ck_assert(fw.cpu_ping_pending);
    ck_assert_uint_eq(fw.cpu_ping_challenge, 21);
    ck_assert_uint_eq(ld32(f), BPMP_MRQ_PING);
    ck_assert_uint_eq(ld32(f + 4), BPMP_MSG_ACK | BPMP_MSG_RING);
    ck_assert_uint_eq(ld32(f + 8), 21);
    ck_assert(all_zero(f + 12, DATA_SIZE - 4));
    /* One at a time. */
    ck_assert(!bpmp_fw_ping_cpu(&fw, 22));
    ck_assert_uint_eq(rings, 1);
    ck_assert_uint_eq(fw.cpu_ping_challenge, 21);

    ck_assert(cpu_handle_rx());
    ck_assert(!fw.cpu_ping_pending);
    ck_assert_uint_eq(fw.cpu_ping_reply, 42);
    ck_assert_uint_eq(ld32(cq(BPMP_FW_CHAN_CPU_RX) + Q_RX_COUNT), 1);

    ck_assert(bpmp_fw_ping_cpu(&fw, 0x80000003));
    ck_assert(cpu_handle_rx());
    ck_assert_uint_eq(fw.cpu_ping_reply, 6);
    ck_assert_uint_eq(fw.errors, 0);
    /* The CPU's requests are not served on channel 13. */
    ck_assert_uint_eq(fw.requests, 0);
}
END_TEST

START_TEST(test_ping_cpu_refused)
{
    const unsigned ch = BPMP_FW_CHAN_CPU_RX;
    uint8_t frame[BPMP_FW_FRAME_SIZE];

    linux_reset_channels();
    /* The CPU has asked for a reset the BPMP has not seen yet. */
    st32(cq(ch) + Q_TX_STATE, BPMP_IVC_SYNC);
    ck_assert(!bpmp_fw_ping_cpu(&fw, 1));
    /* Half way through the handshake. */
    bpmp_fw_doorbell(&fw);
    ck_assert_uint_eq(ld32(bq(ch) + Q_TX_STATE), BPMP_IVC_ACK);
    ck_assert(!bpmp_fw_ping_cpu(&fw, 1));
    ck_assert(!fw.cpu_ping_pending);
    while (ivc_notified(ch)) {
        continue;
    }
    /* The queue is full though no ping is pending. */
    st32(bq(ch) + Q_TX_COUNT, 1);
    rings = 0;
    ck_assert(!bpmp_fw_ping_cpu(&fw, 1));
    ck_assert(!fw.cpu_ping_pending);
    ck_assert_uint_eq(rings, 0);
    st32(bq(ch) + Q_RX_COUNT, 1);
    ck_assert(bpmp_fw_ping_cpu(&fw, 1));

    /* An answer to a ping the BPMP never sent is dropped. */
    channel_reset(ch);
    make_frame(frame, 0, 0, "\x08\0\0\0", 4);
    ck_assert(ivc_write(ch, frame));
    ck_assert_uint_eq(guest_errors, 1);
    ck_assert_ptr_nonnull(strstr(last_error, "channel 13"));
    ck_assert_uint_eq(ld32(cq(ch) + Q_RX_COUNT), 1);
    ck_assert_uint_eq(fw.cpu_ping_reply, 0);
    ck_assert_uint_eq(fw.requests, 0);
}
END_TEST

/* Reset and init. */

START_TEST(test_fw_reset)
{
    uint8_t resp[DATA_SIZE], snap_tx[BPMP_FW_SHMEM_SIZE];
    uint8_t snap_rx[BPMP_FW_SHMEM_SIZE];
    BpmpFw fresh;

    linux_reset_channels();
    ck_assert_int_eq(clk_call(CLK_SET_RATE, 2, 300000000, 0, resp), 0);
    ck_assert_int_eq(clk_call(CLK_SET_PARENT, 6, 0, 0, resp), 0);
    ck_assert_int_eq(clk_call(CLK_ENABLE, 4, 0, 0, resp), 0);
    ck_assert_int_eq(clk_call(CLK_DISABLE, 3, 0, 0, resp), 0);
    ck_assert_int_eq(clk_call(CLK_SET_RATE, 7, 1, 0, resp), 0);
    ck_assert_int_eq(reset_call(1, 100, resp), 0);
    ck_assert_int_eq(reset_call(1, 0, resp), 0);
    ck_assert_int_eq(clk_call(CLK_GET_RATE, 99, 0, 0, resp), -BPMP_EINVAL);
    ck_assert(bpmp_fw_ping_cpu(&fw, 5));
    ck_assert(fw.requests && fw.errors && fw.cpu_ping_pending);
    memcpy(snap_tx, tx, sizeof(snap_tx));
    memcpy(snap_rx, rx, sizeof(snap_rx));

    bpmp_fw_reset(&fw);
    ck_assert_int_eq(memcmp(tx, snap_tx, sizeof(snap_tx)), 0);
    ck_assert_int_eq(memcmp(rx, snap_rx, sizeof(snap_rx)), 0);
    bpmp_fw_init(&fresh, &host, tx, rx);
    for (unsigned id = 0; id < BPMP_FW_MAX_CLOCKS; id++) {
        ck_assert_uint_eq(fw.clk[id].rate, fresh.clk[id].rate);
        ck_assert_uint_eq(fw.clk[id].parent, fresh.clk[id].parent);
        ck_assert_int_eq(fw.clk[id].enabled, fresh.clk[id].enabled);
    }
    for (unsigned w = 0; w < (BPMP_FW_NUM_RESETS + 31) / 32; w++) {
        ck_assert_uint_eq(fw.reset_asserted[w], 0);
    }
    ck_assert(!fw.cpu_ping_pending);
    ck_assert_uint_eq(fw.cpu_ping_challenge, 0);
    ck_assert_uint_eq(fw.cpu_ping_reply, 0);
    ck_assert_uint_eq(fw.requests, 0);
    ck_assert_uint_eq(fw.errors, 0);
    ck_assert_ptr_eq(fw.tx, tx);
    ck_assert_ptr_eq(fw.rx, rx);
    /* And the boot state is what MRQ_CLK reports. */
    for (uint32_t id = 0; id < 8; id++) {
        if (id != HOLE) {
            ck_assert_uint_eq(clk_rate(id), clk_want[id].rate);
            ck_assert_uint_eq(fw.clk[id].enabled, clk_want[id].enabled);
            ck_assert_uint_eq(fw.clk[id].parent, clk_want[id].parent);
        }
    }
}
END_TEST

START_TEST(test_init_leaves_shmem)
{
    memset(tx, 0x5a, BPMP_FW_SHMEM_SIZE);
    memset(rx, 0xc3, BPMP_FW_SHMEM_SIZE);
    bpmp_fw_init(&fw, &host, tx, rx);
    bpmp_fw_reset(&fw);
    for (unsigned i = 0; i < BPMP_FW_SHMEM_SIZE; i++) {
        ck_assert_uint_eq(tx[i], 0x5a);
        ck_assert_uint_eq(rx[i], 0xc3);
    }
    ck_assert_uint_eq(rings + guest_errors + traces, 0);
}
END_TEST

/* Hostile shared memory. */

static uint32_t fuzz_word(void)
{
    static const uint32_t v[] = { 0, 1, 2, 3, 0x7fffffff, 0x80000000,
                                  0xfffffffe, 0xffffffff };

    return rnd() & 1 ? v[rnd() % 8] : rnd();
}

/* A queue header and frame that are nearly right, or not at all. */
static void fuzz_queue(uint8_t *q)
{
    static const uint32_t mrqs[] = { 0, 1, 20, 22, 23, 28, 71 };
    uint32_t count = fuzz_word();

    st32(q + Q_TX_COUNT, count);
    st32(q + Q_TX_STATE, rnd() % 4 ? rnd() % 3 : fuzz_word());
    st32(q + Q_RX_COUNT, count - (rnd() % 4 ? rnd() % 3 : fuzz_word()));
    for (unsigned i = Q_FRAME; i < BPMP_FW_QUEUE_SIZE; i += 4) {
        st32(q + i, fuzz_word());
    }
    st32(q + Q_FRAME, rnd() % 4 ? mrqs[rnd() % 7] : fuzz_word());
    if (rnd() % 2) {
        /* MRQ_CLK / MRQ_RESET with a real command and a near id. */
        st32(q + Q_FRAME + 8, (rnd() % 17) << 24 | rnd() % 10);
        st32(q + Q_FRAME + 12, rnd() % 2 ? rnd() % 200 : rnd() % 10);
    }
    if (rnd() % 2) {
        /* A DMA address in, across the end of, or out of RAM. */
        st32(q + Q_FRAME + 8, RAM_BASE + rnd() % (RAM_SIZE + 0x100));
    }
}

START_TEST(test_fuzz)
{
    unsigned long seen = 0;

    rnd_state = 0xf00d + _i;
    for (unsigned round = 0; round < 20000; round++) {
        unsigned r = rnd() % 8;

        if (r == 0) {
            for (unsigned i = 0; i < BPMP_FW_SHMEM_SIZE; i += 4) {
                st32(tx + i, rnd());
                st32(rx + i, rnd());
            }
        } else if (r < 6) {
            for (unsigned n = rnd() % 6; n; n--) {
                unsigned ch = rnd() % BPMP_FW_CHANNELS;

                fuzz_queue(rnd() % 2 ? cq(ch) : bq(ch));
            }
        } else if (r == 6) {
            /* Clock state as a bad migration stream could leave it. */
            unsigned id = rnd() % BPMP_FW_MAX_CLOCKS;

            fw.clk[id].rate = (uint64_t)fuzz_word() << (rnd() % 33);
            fw.clk[id].parent = rnd() % 2 ? rnd() % 12 : fuzz_word();
            fw.clk[id].enabled = rnd() & 1;
        } else {
            bpmp_fw_ping_cpu(&fw, rnd());
        }
        for (unsigned n = rnd() % 3 + 1; n; n--) {
            bpmp_fw_doorbell(&fw);
        }
        if (round % 256 == 0) {
            canaries_check();
        }
        if (round % 5000 == 4999) {
            seen += fw.errors + fw.requests;
            bpmp_fw_reset(&fw);
        }
    }
    canaries_check();
    ck_assert_uint_gt(seen, 1000);
}
END_TEST

/* The fuzz got somewhere: requests were served, errors were caught. */
START_TEST(test_fuzz_reaches)
{
    unsigned served = 0, caught = 0;

    rnd_state = 0xbeef;
    for (unsigned round = 0; round < 2000; round++) {
        for (unsigned ch = 0; ch < BPMP_FW_CHANNELS; ch++) {
            fuzz_queue(cq(ch));
            st32(cq(ch) + Q_TX_STATE, 0);
            st32(bq(ch) + Q_TX_STATE, 0);
            st32(bq(ch) + Q_RX_COUNT, ld32(bq(ch) + Q_TX_COUNT));
        }
        fw.requests = fw.errors = 0;
        bpmp_fw_doorbell(&fw);
        served += fw.requests;
        caught += fw.errors;
    }
    ck_assert_uint_gt(served, 2000);
    ck_assert_uint_gt(caught, 1000);
    canaries_check();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bpmp-fw");
    TCase *ivc = tcase_create("ivc");
    TCase *mrq = tcase_create("mrq");
    TCase *clk = tcase_create("clk");
    TCase *queue = tcase_create("queue");
    TCase *hostile = tcase_create("hostile");
    TCase *all[] = { ivc, mrq, clk, queue, hostile };

    for (unsigned i = 0; i < 5; i++) {
        tcase_add_checked_fixture(all[i], setup, teardown);
        suite_add_tcase(s, all[i]);
    }
    tcase_add_loop_test(ivc, test_handshake_zeroed, 0, 5);
    tcase_add_loop_test(ivc, test_handshake_from_established, 0, 5);
    tcase_add_test(ivc, test_handshake_rows);
    tcase_add_test(mrq, test_ping_atomic);
    tcase_add_test(mrq, test_ping_threaded);
    tcase_add_test(mrq, test_doorbell_all_channels);
    tcase_add_test(mrq, test_query_abi);
    tcase_add_test(mrq, test_query_fw_tag);
    tcase_add_test(mrq, test_query_tag);
    tcase_add_test(mrq, test_cpu_vhint);
    tcase_add_test(mrq, test_cpu_vhint_errors);
    tcase_add_test(mrq, test_vindex);
    tcase_add_test(mrq, test_reset);
    tcase_add_test(mrq, test_unknown_mrq);
    tcase_add_test(mrq, test_power_domains);
    tcase_add_test(clk, test_clk_walk);
    tcase_add_test(clk, test_clk_boot_state);
    tcase_add_test(clk, test_clk_rates);
    tcase_add_test(clk, test_clk_round_stable);
    tcase_add_test(clk, test_clk_parents);
    tcase_add_test(clk, test_clk_enable);
    tcase_add_test(clk, test_clk_errors);
    tcase_add_test(queue, test_no_ack);
    tcase_add_test(queue, test_overfull);
    tcase_add_test(queue, test_response_full);
    tcase_add_test(queue, test_not_established);
    tcase_add_test(queue, test_ping_cpu);
    tcase_add_test(queue, test_ping_cpu_refused);
    tcase_add_test(queue, test_fw_reset);
    tcase_add_test(queue, test_init_leaves_shmem);
    tcase_add_loop_test(hostile, test_fuzz, 0, 2);
    tcase_add_test(hostile, test_fuzz_reaches);
    /* 40,000 fuzz rounds under the sanitizers take a few seconds. */
    tcase_set_timeout(hostile, 60);

    return ps_check_run(s);
}
