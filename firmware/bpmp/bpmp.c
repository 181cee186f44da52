/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * presilicon's BPMP firmware (see bpmp.h): the IVC peer of Linux's
 * drivers/firmware/tegra/ivc.c on every channel, and the MRQs Linux 6.12
 * sends a Tegra186 BPMP at boot: ping, tags, ABI queries, clocks, resets
 * and the CPU clusters' V/F tables.
 *
 * Everything in the shared memory is the guest's to write, the BPMP's
 * own half included, so every word read from it is checked before use:
 * the offsets the firmware touches are fixed by the channel number, each
 * frame is copied out before it is parsed, and no loop depends on what
 * the guest wrote. The clock state in BpmpFw comes back from migration
 * unchecked, so it is never used as an index either.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "firmware/bpmp/bpmp.h"

/* One IVC queue: the transmitter's header, the receiver's, a frame. */
#define Q_TX_COUNT      0u
#define Q_TX_STATE      4u
#define Q_RX_COUNT      64u
#define Q_FRAME         128u

/* A frame: mrq (request) or err (response), flags, data. */
#define F_CODE          0u
#define F_FLAGS         4u
#define F_DATA          8u
#define DATA_SIZE       (BPMP_FW_FRAME_SIZE - F_DATA)

/* MRQ_CLK commands (bpmp-abi.h). */
#define CMD_CLK_GET_RATE        1u
#define CMD_CLK_SET_RATE        2u
#define CMD_CLK_ROUND_RATE      3u
#define CMD_CLK_GET_PARENT      4u
#define CMD_CLK_SET_PARENT      5u
#define CMD_CLK_IS_ENABLED      6u
#define CMD_CLK_ENABLE          7u
#define CMD_CLK_DISABLE         8u
#define CMD_CLK_GET_ALL_INFO    14u
#define CMD_CLK_GET_MAX_CLK_ID  15u

#define BPMP_CLK_HAS_MUX        (1u << 0)
#define BPMP_CLK_HAS_SET_RATE   (1u << 1)
#define BPMP_CLK_IS_ROOT        (1u << 2)
#define BPMP_CLK_IS_VAR_ROOT    (1u << 3)

#define CLK_NAME_MAXLEN         40u
#define CLK_MAX_PARENTS         16u
/* cmd_clk_get_all_info_response: flags, parent, parents[16], n, name. */
#define INFO_NUM_PARENTS        (8u + 4u * CLK_MAX_PARENTS)
#define INFO_NAME               (INFO_NUM_PARENTS + 1u)

/* MRQ_RESET commands. */
#define CMD_RESET_ASSERT        1u
#define CMD_RESET_DEASSERT      2u
#define CMD_RESET_MODULE        3u
#define CMD_RESET_GET_MAX_ID    4u

/* struct cpu_vhint_data: 180 bytes of fields, then reserved[328] u16. */
#define VHINT_NDIV              10u
#define VHINT_NDIV_MIN          (VHINT_NDIV + 2u * BPMP_VHINT_POINTS)
#define VHINT_SIZE              (VHINT_NDIV_MIN + 10u + 2u * 328u)

/* A root's parent in BpmpFwClock and in CMD_CLK_GET_ALL_INFO. */
#define CLK_NO_PARENT           UINT32_MAX
/* Leaf clocks divide their parent by 1..CLK_MAX_DIV. */
#define CLK_MAX_DIV             256u
/* pll_c: NDIV x 4.8 MHz (clk_m / 8), NDIV 20..208. */
#define PLLC_STEP               4800000u
#define PLLC_NDIV_MIN           20u
#define PLLC_NDIV_MAX           208u

const char bpmp_fw_tag[BPMP_FW_TAG_SIZE + 1] = "presilicon-bpmp-fw 1.0";

/*
 * Clock ids: 0 clk_m, 1 pll_p, 2 pll_c, 3 uarta, 4 i2c1, 5 none (a hole,
 * as real firmware has: Linux skips ids whose GET_ALL_INFO fails),
 * 6 sdmmc4, 7 sor0.
 */
enum {
    CLK_M, PLL_P, PLL_C, UARTA, I2C1, CLK_HOLE, SDMMC4, SOR0, NUM_CLKS
};

typedef struct BpmpClkDesc {
    const char *name;
    uint32_t flags;
    uint8_t num_parents;
    uint8_t parents[3];
    uint8_t boot_parent;        /* index into parents */
    uint64_t boot_rate;
    uint64_t max_rate;          /* leaves: the highest rate allowed */
    bool boot_enabled;
} BpmpClkDesc;

#define LEAF (BPMP_CLK_HAS_MUX | BPMP_CLK_HAS_SET_RATE)

static const BpmpClkDesc clk_desc[NUM_CLKS] = {
    [CLK_M] = { "clk_m", BPMP_CLK_IS_ROOT, 0, { 0 }, 0,
                38400000, 38400000, true },
    [PLL_P] = { "pll_p", 0, 1, { CLK_M }, 0,
                408000000, 408000000, true },
    [PLL_C] = { "pll_c",
                BPMP_CLK_IS_ROOT | BPMP_CLK_IS_VAR_ROOT |
                BPMP_CLK_HAS_SET_RATE, 0, { 0 }, 0,
                600000000, (uint64_t)PLLC_NDIV_MAX * PLLC_STEP, true },
    [UARTA] = { "uarta", LEAF, 2, { PLL_P, CLK_M }, 0,
                51000000, 102000000, true },
    [I2C1] = { "i2c1", LEAF, 2, { PLL_P, CLK_M }, 1,
               38400000, 136000000, false },
    [SDMMC4] = { "sdmmc4", LEAF, 3, { PLL_P, PLL_C, CLK_M }, 0,
                 204000000, 204000000, true },
    [SOR0] = { "sor0", LEAF, 3, { PLL_C, PLL_P, CLK_M }, 0,
               150000000, 600000000, false },
};

/*
 * V/F tables. Both clusters run from 38.4 MHz with pdiv = mdiv = 1, so
 * Linux lists 38.4 MHz x NDIV. Each table repeats one NDIV (Linux keeps
 * the lowest voltage for it); the A57's ndiv_max 50 drops its top point.
 */
static const BpmpVhint vhint[BPMP_FW_CLUSTERS] = {
    {   /* 0: Denver */
        .ref_clk_hz = 38400000, .pdiv = 1, .mdiv = 1, .ndiv_max = 53,
        .ndiv = { 9, 9, 14, 19, 24, 28, 32, 36,
                  40, 43, 46, 48, 50, 51, 52, 53 },
        .ndiv_min = 9, .vfloor = 0, .vceil = 15,
        .vindex_mult = 1, .vindex_div = 1,
    },
    {   /* 1: A57 */
        .ref_clk_hz = 38400000, .pdiv = 1, .mdiv = 1, .ndiv_max = 50,
        .ndiv = { 9, 12, 15, 18, 21, 24, 27, 30,
                  33, 36, 39, 42, 42, 45, 48, 53 },
        .ndiv_min = 9, .vfloor = 0, .vceil = 15,
        .vindex_mult = 1, .vindex_div = 1,
    },
};

static const uint32_t supported_mrqs[] = {
    BPMP_MRQ_PING, BPMP_MRQ_QUERY_TAG, BPMP_MRQ_RESET, BPMP_MRQ_CLK,
    BPMP_MRQ_QUERY_ABI, BPMP_MRQ_CPU_VHINT, BPMP_MRQ_QUERY_FW_TAG,
    BPMP_MRQ_PG,
};

/* Little-endian fields, byte by byte: any alignment, any host. */
static uint32_t ld32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static uint64_t ld64(const uint8_t *p)
{
    return ld32(p) | (uint64_t)ld32(p + 4) << 32;
}

static void st16(uint8_t *p, uint16_t v)
{
    p[0] = v;
    p[1] = v >> 8;
}

static void st32(uint8_t *p, uint32_t v)
{
    st16(p, v);
    st16(p + 2, v >> 16);
}

static void st64(uint8_t *p, uint64_t v)
{
    st32(p, v);
    st32(p + 4, v >> 32);
}

/* Channel chan's CPU->BPMP queue (tx) and BPMP->CPU queue (rx). */
static uint8_t *cpu_q(BpmpFw *fw, unsigned chan)
{
    return fw->tx + chan * BPMP_FW_QUEUE_SIZE;
}

static uint8_t *bpmp_q(BpmpFw *fw, unsigned chan)
{
    return fw->rx + chan * BPMP_FW_QUEUE_SIZE;
}

static void fw_ring(BpmpFw *fw)
{
    if (fw->host.ring) {
        fw->host.ring(fw->host.opaque);
    }
}

/* A guest error: counted, and reported to the host. */
static void __attribute__((format(printf, 2, 3)))
fw_error(BpmpFw *fw, const char *fmt, ...)
{
    char msg[160];
    va_list ap;

    fw->errors++;
    if (!fw->host.guest_error) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    fw->host.guest_error(fw->host.opaque, msg);
}

static bool fw_dma_write(BpmpFw *fw, uint64_t addr, const void *buf,
                         size_t len)
{
    return fw->host.dma_write &&
           fw->host.dma_write(fw->host.opaque, addr, buf, len);
}

/*
 * One step of the IVC reset handshake, as tegra_ivc_notified() takes it:
 * the BPMP's transmit queue is the rx partition's, its receive queue the
 * tx partition's. The peer in SYNC may have wiped its counters, so ours
 * restart too.
 */
static void fw_handshake(BpmpFw *fw, unsigned chan)
{
    uint8_t *own = bpmp_q(fw, chan), *peer = cpu_q(fw, chan);
    uint32_t own_state = ld32(own + Q_TX_STATE);
    uint32_t peer_state = ld32(peer + Q_TX_STATE);
    uint32_t next;

    if (peer_state == BPMP_IVC_SYNC) {
        next = BPMP_IVC_ACK;
    } else if (own_state == BPMP_IVC_SYNC && peer_state == BPMP_IVC_ACK) {
        next = BPMP_IVC_ESTABLISHED;
    } else if (own_state == BPMP_IVC_ACK) {
        /* Counters already cleared on the way into ACK. */
        st32(own + Q_TX_STATE, BPMP_IVC_ESTABLISHED);
        fw_ring(fw);
        return;
    } else {
        return;
    }
    st32(own + Q_TX_COUNT, 0);
    st32(peer + Q_RX_COUNT, 0);
    st32(own + Q_TX_STATE, next);
    /* A reset channel 13 lost the ping that was in it. */
    if (chan == BPMP_FW_CHAN_CPU_RX) {
        fw->cpu_ping_pending = false;
    }
    fw_ring(fw);
}

static bool fw_established(BpmpFw *fw, unsigned chan)
{
    return ld32(bpmp_q(fw, chan) + Q_TX_STATE) == BPMP_IVC_ESTABLISHED &&
           ld32(cpu_q(fw, chan) + Q_TX_STATE) == BPMP_IVC_ESTABLISHED;
}

/*
 * Copy the frame waiting in channel chan's CPU->BPMP queue into frame and
 * take it off the queue. Over-full counters mean a broken or hostile
 * peer: like ivc.c, treat the queue as empty.
 */
static bool fw_receive(BpmpFw *fw, unsigned chan, uint8_t *frame)
{
    uint8_t *q = cpu_q(fw, chan);
    uint32_t tx = ld32(q + Q_TX_COUNT), rx = ld32(q + Q_RX_COUNT);

    if (tx == rx) {
        return false;
    }
    if (tx - rx > 1) {
        fw_error(fw, "channel %u: over-full queue from the CPU (its count "
                 "%u, the BPMP's %u): ignored", chan, tx, rx);
        return false;
    }
    memcpy(frame, q + Q_FRAME, BPMP_FW_FRAME_SIZE);
    st32(q + Q_RX_COUNT, rx + 1);
    return true;
}

/* Post frame into channel chan's BPMP->CPU queue, if it has room. */
static bool fw_send(BpmpFw *fw, unsigned chan, const uint8_t *frame)
{
    uint8_t *q = bpmp_q(fw, chan);
    uint32_t tx = ld32(q + Q_TX_COUNT), rx = ld32(q + Q_RX_COUNT);

    if (tx - rx >= 1) {
        return false;
    }
    memcpy(q + Q_FRAME, frame, BPMP_FW_FRAME_SIZE);
    st32(q + Q_TX_COUNT, tx + 1);
    return true;
}

/* Clocks. */

static bool clk_exists(uint32_t id)
{
    return id < NUM_CLKS && clk_desc[id].name;
}

static bool clk_has_parent(uint32_t id, uint32_t parent)
{
    for (unsigned i = 0; i < clk_desc[id].num_parents; i++) {
        if (clk_desc[id].parents[i] == parent) {
            return true;
        }
    }
    return false;
}

/* The rate of id's current parent (0 if its state names none). */
static uint64_t clk_parent_rate(const BpmpFw *fw, uint32_t id)
{
    uint32_t p = fw->clk[id].parent;

    return clk_has_parent(id, p) ? fw->clk[p].rate : 0;
}

/*
 * The rate id would run at for a request of want Hz from a parent at
 * parent_rate: the highest one not above want (nor the clock's maximum),
 * or the lowest there is when want is below them all. Rounding a rate
 * this returns gives it back, as Linux's round-then-set expects.
 */
static uint64_t clk_round(uint32_t id, uint64_t parent_rate, uint64_t want)
{
    const BpmpClkDesc *d = &clk_desc[id];
    uint64_t div, n;

    if (want > d->max_rate) {
        want = d->max_rate;
    }
    if (d->flags & BPMP_CLK_IS_VAR_ROOT) {
        n = want / PLLC_STEP;
        n = n < PLLC_NDIV_MIN ? PLLC_NDIV_MIN : n;
        n = n > PLLC_NDIV_MAX ? PLLC_NDIV_MAX : n;
        return n * PLLC_STEP;
    }
    /* The smallest divider whose (truncated) rate is <= want. */
    div = parent_rate / (want + 1) + 1;
    div = div > CLK_MAX_DIV ? CLK_MAX_DIV : div;
    return parent_rate / div;
}

/* A parent changed rate: its children keep the nearest rate they can. */
static void clk_rerate_children(BpmpFw *fw, uint32_t parent)
{
    for (uint32_t id = 0; id < NUM_CLKS; id++) {
        if (clk_exists(id) && (clk_desc[id].flags & BPMP_CLK_HAS_SET_RATE) &&
            fw->clk[id].parent == parent && clk_has_parent(id, parent)) {
            fw->clk[id].rate = clk_round(id, fw->clk[parent].rate,
                                         fw->clk[id].rate);
        }
    }
}

static int32_t clk_rate_cmd(BpmpFw *fw, uint32_t cmd, uint32_t id,
                            const uint8_t *req, uint8_t *resp)
{
    int64_t want = (int64_t)ld64(req + 8);  /* after cmd_and_id, unused */
    uint64_t rate;

    if (!(clk_desc[id].flags & BPMP_CLK_HAS_SET_RATE)) {
        if (cmd == CMD_CLK_SET_RATE) {
            fw_error(fw, "MRQ_CLK: clock %s has a fixed rate",
                     clk_desc[id].name);
            return -BPMP_EINVAL;
        }
        st64(resp, fw->clk[id].rate);
        return 0;
    }
    if (want < 0) {
        fw_error(fw, "MRQ_CLK: negative rate %lld for clock %s",
                 (long long)want, clk_desc[id].name);
        return -BPMP_EINVAL;
    }
    rate = clk_round(id, clk_parent_rate(fw, id), want);
    if (cmd == CMD_CLK_SET_RATE) {
        fw->clk[id].rate = rate;
        clk_rerate_children(fw, id);
    }
    st64(resp, rate);
    return 0;
}

static int32_t clk_set_parent(BpmpFw *fw, uint32_t id, uint32_t parent,
                              uint8_t *resp)
{
    if (!(clk_desc[id].flags & BPMP_CLK_HAS_MUX) ||
        !clk_has_parent(id, parent)) {
        fw_error(fw, "MRQ_CLK: clock %u is not a parent of clock %s",
                 parent, clk_desc[id].name);
        return -BPMP_EINVAL;
    }
    fw->clk[id].parent = parent;
    fw->clk[id].rate = clk_round(id, fw->clk[parent].rate, fw->clk[id].rate);
    st32(resp, parent);
    return 0;
}

static void clk_all_info(const BpmpFw *fw, uint32_t id, uint8_t *resp)
{
    const BpmpClkDesc *d = &clk_desc[id];

    st32(resp, d->flags);
    st32(resp + 4, d->num_parents ? fw->clk[id].parent : CLK_NO_PARENT);
    for (unsigned i = 0; i < d->num_parents; i++) {
        st32(resp + 8 + 4 * i, d->parents[i]);
    }
    resp[INFO_NUM_PARENTS] = d->num_parents;
    memcpy(resp + INFO_NAME, d->name, strlen(d->name));
}

static int32_t mrq_clk(BpmpFw *fw, const uint8_t *req, uint8_t *resp)
{
    uint32_t cmd = ld32(req) >> 24, id = ld32(req) & 0xffffff;

    switch (cmd) {
    case CMD_CLK_GET_MAX_CLK_ID:
        st32(resp, (uint32_t)NUM_CLKS - 1);
        return 0;
    case CMD_CLK_GET_RATE:
    case CMD_CLK_SET_RATE:
    case CMD_CLK_ROUND_RATE:
    case CMD_CLK_GET_PARENT:
    case CMD_CLK_SET_PARENT:
    case CMD_CLK_IS_ENABLED:
    case CMD_CLK_ENABLE:
    case CMD_CLK_DISABLE:
    case CMD_CLK_GET_ALL_INFO:
        break;
    default:
        fw_error(fw, "MRQ_CLK: unknown command %u", cmd);
        return -BPMP_EBADCMD;
    }
    if (id >= NUM_CLKS) {
        fw_error(fw, "MRQ_CLK: command %u on clock %u: the last one is %u",
                 cmd, id, (unsigned)NUM_CLKS - 1);
        return -BPMP_EINVAL;
    }
    if (!clk_exists(id)) {
        /* Linux's clock walk asks for every id up to the last. */
        if (cmd != CMD_CLK_GET_ALL_INFO) {
            fw_error(fw, "MRQ_CLK: command %u on clock %u, which does not "
                     "exist", cmd, id);
        }
        return -BPMP_ENODEV;
    }

    switch (cmd) {
    case CMD_CLK_GET_RATE:
        st64(resp, fw->clk[id].rate);
        return 0;
    case CMD_CLK_SET_RATE:
    case CMD_CLK_ROUND_RATE:
        return clk_rate_cmd(fw, cmd, id, req, resp);
    case CMD_CLK_GET_PARENT:
        if (!clk_desc[id].num_parents) {
            fw_error(fw, "MRQ_CLK: clock %s is a root: no parent",
                     clk_desc[id].name);
            return -BPMP_ENOENT;
        }
        st32(resp, fw->clk[id].parent);
        return 0;
    case CMD_CLK_SET_PARENT:
        return clk_set_parent(fw, id, ld32(req + 4), resp);
    case CMD_CLK_IS_ENABLED:
        st32(resp, fw->clk[id].enabled);
        return 0;
    case CMD_CLK_ENABLE:
    case CMD_CLK_DISABLE:
        fw->clk[id].enabled = cmd == CMD_CLK_ENABLE;
        return 0;
    default:
        clk_all_info(fw, id, resp);
        return 0;
    }
}

/* Other MRQs. */

static int32_t mrq_reset(BpmpFw *fw, const uint8_t *req, uint8_t *resp)
{
    uint32_t cmd = ld32(req), id = ld32(req + 4);
    uint32_t bit = 1u << (id % 32);
    uint32_t *word;

    if (cmd == CMD_RESET_GET_MAX_ID) {
        st32(resp, BPMP_FW_NUM_RESETS - 1);
        return 0;
    }
    if (cmd < CMD_RESET_ASSERT || cmd > CMD_RESET_MODULE) {
        fw_error(fw, "MRQ_RESET: unknown command %u", cmd);
        return -BPMP_EBADCMD;
    }
    if (id >= BPMP_FW_NUM_RESETS) {
        fw_error(fw, "MRQ_RESET: reset %u: the last one is %u", id,
                 BPMP_FW_NUM_RESETS - 1);
        return -BPMP_EINVAL;
    }
    word = &fw->reset_asserted[id / 32];
    if (cmd == CMD_RESET_ASSERT) {
        *word |= bit;
    } else {
        /* MODULE pulses the reset: it ends deasserted. */
        *word &= ~bit;
    }
    return 0;
}

/* MRQ_PG: power domains (powergate-bpmp.c asks for them at probe). */
#define CMD_PG_SET_STATE    1u
#define CMD_PG_GET_STATE    2u
#define CMD_PG_GET_NAME     3u
#define CMD_PG_GET_MAX_ID   4u
#define PG_STATE_OFF        0u
#define PG_STATE_ON         1u
#define PG_STATE_RUNNING    2u

/* Names fit cmd_pg_get_name_response's 40 bytes with their NUL. */
static const char *const pg_name[BPMP_FW_NUM_PG] = {
    "aud", "disp", "pcie", "xusba",
};
/* The display is on at boot (the bootloader's splash), the rest off. */
#define PG_BOOT_ON          (1u << 1)

static int32_t mrq_pg(BpmpFw *fw, const uint8_t *req, uint8_t *resp)
{
    uint32_t cmd = ld32(req), id = ld32(req + 4), state = ld32(req + 8);

    if (cmd == CMD_PG_GET_MAX_ID) {
        st32(resp, BPMP_FW_NUM_PG - 1);
        return 0;
    }
    if (cmd < CMD_PG_SET_STATE || cmd > CMD_PG_GET_NAME) {
        fw_error(fw, "MRQ_PG: unknown command %u", cmd);
        return -BPMP_EBADCMD;
    }
    if (id >= BPMP_FW_NUM_PG) {
        fw_error(fw, "MRQ_PG: power domain %u: the last one is %u", id,
                 BPMP_FW_NUM_PG - 1);
        return -BPMP_EINVAL;
    }
    switch (cmd) {
    case CMD_PG_GET_NAME:
        memcpy(resp, pg_name[id], strlen(pg_name[id]));
        return 0;
    case CMD_PG_GET_STATE:
        st32(resp, (fw->pg_on >> id) & 1 ? PG_STATE_ON : PG_STATE_OFF);
        return 0;
    default:
        if (state > PG_STATE_RUNNING) {
            fw_error(fw, "MRQ_PG: power domain %s: no state %u", pg_name[id],
                     state);
            return -BPMP_EINVAL;
        }
        if (state == PG_STATE_OFF) {
            fw->pg_on &= ~(1u << id);
        } else {
            fw->pg_on |= 1u << id;
        }
        return 0;
    }
}

static void vhint_pack(const BpmpVhint *v, uint8_t *buf)
{
    memset(buf, 0, VHINT_SIZE);
    st32(buf, v->ref_clk_hz);
    st16(buf + 4, v->pdiv);
    st16(buf + 6, v->mdiv);
    st16(buf + 8, v->ndiv_max);
    for (unsigned i = 0; i < BPMP_VHINT_POINTS; i++) {
        st16(buf + VHINT_NDIV + 2 * i, v->ndiv[i]);
    }
    st16(buf + VHINT_NDIV_MIN, v->ndiv_min);
    st16(buf + VHINT_NDIV_MIN + 2, v->vfloor);
    st16(buf + VHINT_NDIV_MIN + 4, v->vceil);
    st16(buf + VHINT_NDIV_MIN + 6, v->vindex_mult);
    st16(buf + VHINT_NDIV_MIN + 8, v->vindex_div);
}

static int32_t mrq_cpu_vhint(BpmpFw *fw, const uint8_t *req)
{
    uint32_t addr = ld32(req), cluster = ld32(req + 4);
    uint8_t buf[VHINT_SIZE];

    if (cluster >= BPMP_FW_CLUSTERS) {
        fw_error(fw, "MRQ_CPU_VHINT: cluster %u: there are %u", cluster,
                 BPMP_FW_CLUSTERS);
        return -BPMP_EINVAL;
    }
    vhint_pack(&vhint[cluster], buf);
    if (!fw_dma_write(fw, addr, buf, sizeof(buf))) {
        fw_error(fw, "MRQ_CPU_VHINT: cannot write %u bytes at 0x%08x",
                 VHINT_SIZE, addr);
        return -BPMP_EFAULT;
    }
    return 0;
}

static int32_t mrq_query_tag(BpmpFw *fw, const uint8_t *req)
{
    uint32_t addr = ld32(req);

    if (!fw_dma_write(fw, addr, bpmp_fw_tag, BPMP_FW_TAG_SIZE)) {
        fw_error(fw, "MRQ_QUERY_TAG: cannot write the tag at 0x%08x", addr);
        return -BPMP_EFAULT;
    }
    return 0;
}

static bool mrq_supported(uint32_t mrq)
{
    for (size_t i = 0; i < sizeof(supported_mrqs) / sizeof(*supported_mrqs);
         i++) {
        if (supported_mrqs[i] == mrq) {
            return true;
        }
    }
    return false;
}

/* Run mrq on req (DATA_SIZE bytes); resp (zeroed) gets its answer. */
static int32_t fw_mrq(BpmpFw *fw, uint32_t mrq, const uint8_t *req,
                      uint8_t *resp)
{
    switch (mrq) {
    case BPMP_MRQ_PING:
        st32(resp, ld32(req) << 1);
        return 0;
    case BPMP_MRQ_QUERY_TAG:
        return mrq_query_tag(fw, req);
    case BPMP_MRQ_QUERY_FW_TAG:
        memcpy(resp, bpmp_fw_tag, BPMP_FW_TAG_SIZE);
        return 0;
    case BPMP_MRQ_QUERY_ABI:
        st32(resp, mrq_supported(ld32(req)) ? 0 : -BPMP_ENODEV);
        return 0;
    case BPMP_MRQ_CPU_VHINT:
        return mrq_cpu_vhint(fw, req);
    case BPMP_MRQ_CLK:
        return mrq_clk(fw, req, resp);
    case BPMP_MRQ_RESET:
        return mrq_reset(fw, req, resp);
    case BPMP_MRQ_PG:
        return mrq_pg(fw, req, resp);
    default:
        /* Linux asks MRQ_QUERY_ABI first: nothing to report. */
        return -BPMP_ENODEV;
    }
}

/* Serve the request waiting on channel chan, if there is one. */
static void fw_serve(BpmpFw *fw, unsigned chan)
{
    uint8_t req[BPMP_FW_FRAME_SIZE], resp[BPMP_FW_FRAME_SIZE];
    uint32_t mrq, flags;
    int32_t err;

    if (!fw_receive(fw, chan, req)) {
        return;
    }
    mrq = ld32(req + F_CODE);
    flags = ld32(req + F_FLAGS);
    memset(resp, 0, sizeof(resp));
    err = fw_mrq(fw, mrq, req + F_DATA, resp + F_DATA);
    fw->requests++;
    if (fw->host.trace_mrq) {
        fw->host.trace_mrq(fw->host.opaque, chan, mrq, err);
    }
    if (!(flags & BPMP_MSG_ACK)) {
        return;
    }
    st32(resp + F_CODE, (uint32_t)err);
    if (!fw_send(fw, chan, resp)) {
        fw_error(fw, "channel %u: no room for the response: the CPU has "
                 "not read the last one", chan);
        return;
    }
    if (flags & BPMP_MSG_RING) {
        fw_ring(fw);
    }
}

/* Take the CPU's answer to bpmp_fw_ping_cpu() from channel 13. */
static void fw_take_cpu_response(BpmpFw *fw)
{
    uint8_t frame[BPMP_FW_FRAME_SIZE];

    if (!fw_receive(fw, BPMP_FW_CHAN_CPU_RX, frame)) {
        return;
    }
    if (!fw->cpu_ping_pending) {
        fw_error(fw, "channel %u: a response from the CPU to no request: "
                 "dropped", BPMP_FW_CHAN_CPU_RX);
        return;
    }
    fw->cpu_ping_reply = ld32(frame + F_DATA);
    fw->cpu_ping_pending = false;
}

void bpmp_fw_doorbell(BpmpFw *fw)
{
    if (!fw->tx || !fw->rx) {
        return;
    }
    for (unsigned chan = 0; chan < BPMP_FW_CHANNELS; chan++) {
        fw_handshake(fw, chan);
        if (!fw_established(fw, chan)) {
            continue;
        }
        if (chan == BPMP_FW_CHAN_CPU_RX) {
            fw_take_cpu_response(fw);
        } else {
            fw_serve(fw, chan);
        }
    }
}

bool bpmp_fw_ping_cpu(BpmpFw *fw, uint32_t challenge)
{
    uint8_t frame[BPMP_FW_FRAME_SIZE] = { 0 };

    if (!fw->tx || !fw->rx || fw->cpu_ping_pending ||
        !fw_established(fw, BPMP_FW_CHAN_CPU_RX)) {
        return false;
    }
    st32(frame + F_CODE, BPMP_MRQ_PING);
    st32(frame + F_FLAGS, BPMP_MSG_ACK | BPMP_MSG_RING);
    st32(frame + F_DATA, challenge);
    if (!fw_send(fw, BPMP_FW_CHAN_CPU_RX, frame)) {
        return false;
    }
    fw->cpu_ping_challenge = challenge;
    fw->cpu_ping_pending = true;
    fw_ring(fw);
    return true;
}

void bpmp_fw_reset(BpmpFw *fw)
{
    memset(fw->clk, 0, sizeof(fw->clk));
    for (unsigned id = 0; id < NUM_CLKS; id++) {
        const BpmpClkDesc *d = &clk_desc[id];

        fw->clk[id].parent = d->num_parents ? d->parents[d->boot_parent]
                                            : CLK_NO_PARENT;
        fw->clk[id].rate = d->boot_rate;
        fw->clk[id].enabled = d->boot_enabled;
    }
    memset(fw->reset_asserted, 0, sizeof(fw->reset_asserted));
    fw->pg_on = PG_BOOT_ON;
    fw->cpu_ping_challenge = 0;
    fw->cpu_ping_reply = 0;
    fw->cpu_ping_pending = false;
    fw->requests = 0;
    fw->errors = 0;
}

void bpmp_fw_init(BpmpFw *fw, const BpmpFwHost *host, uint8_t *tx,
                  uint8_t *rx)
{
    memset(fw, 0, sizeof(*fw));
    fw->host = *host;
    fw->tx = tx;
    fw->rx = rx;
    bpmp_fw_reset(fw);
}

const BpmpVhint *bpmp_fw_vhint(unsigned cluster)
{
    return cluster < BPMP_FW_CLUSTERS ? &vhint[cluster] : NULL;
}

int bpmp_fw_vindex_for_ndiv(unsigned cluster, unsigned ndiv)
{
    const BpmpVhint *v = bpmp_fw_vhint(cluster);

    if (!v) {
        return -1;
    }
    for (unsigned i = v->vfloor; i <= v->vceil && i < BPMP_VHINT_POINTS;
         i++) {
        if (v->ndiv[i] >= ndiv) {
            return i;
        }
    }
    return -1;
}

const char *bpmp_fw_pg_name(unsigned id)
{
    return id < BPMP_FW_NUM_PG ? pg_name[id] : NULL;
}

unsigned bpmp_fw_num_clocks(void)
{
    return NUM_CLKS;
}

const char *bpmp_fw_clock_name(unsigned id)
{
    return id < NUM_CLKS ? clk_desc[id].name : NULL;
}
