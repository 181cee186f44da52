/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Broadcom FlexRM ring manager with the SBA-RAID engine behind its rings
 * ("brcm,iproc-flexrm-mbox" and "brcm,iproc-sba-v2"; Linux
 * drivers/mailbox/bcm-flexrm-mailbox.c and drivers/dma/bcm-sba-raid.c).
 *
 * Software rings no doorbell: the hardware polls each active ring's BD
 * table for a header whose toggle bit says it is valid, at the rate
 * RING_CONTROL asks for (dynamic: fast after work or a register read,
 * backing off to 1 ms when idle), and at once when software reads the
 * ring's read or completion pointer. A request is a header (with
 * continuation headers past 31 descriptors) and its descriptors;
 * next-pointer descriptors chain the 4 KiB tables and flip the valid
 * toggle. The request runs on
 * the SBA engine (bcm_sba_engine.c), one completion descriptor goes to
 * the completion ring, and the ring's MSI (a write of MSI_DATA_VALUE to
 * MSI_ADDR with the device ID msi-device-id, through the ITS) follows
 * per RING_MSI_CONTROL: after COUNT completions, or TIMER microseconds
 * after the first, and not again until software reads
 * RING_CMPL_WRITE_PTR.
 *
 * Errors end in the completion's status, as on the chip: a source or
 * destination that is not DRAM in DME RRESP/BRESP, a stream of the wrong
 * length in DME FIFO under/overflow, a command the engine cannot run or
 * a descriptor chain that does not end in RM status AE_TIMEOUT. A ring
 * whose next descriptor is no header stops until software restarts it.
 *
 * Not modelled: the SPU (crypto) engine's requests, the read-pointer
 * write-back to DDR, the per-ring performance counters beyond the
 * request counts, the engine's response word (the model writes the
 * command back) and its timing: a request runs when it is fetched.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "exec/address-spaces.h"
#include "system/dma.h"
#include "system/device_tree.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/misc/bcm_flexrm.h"
#include "trace.h"
#include <libfdt.h>

#define R(r, reg)   ((r)->regs[A_##reg / 4])

/* Table hops a request may take: it spans at most three tables. */
#define FLEXRM_MAX_HOPS         8
/* Headers a packet may have: FLEXRM_MAX_REQ_DESCS is 32 headers' worth. */
#define FLEXRM_MAX_REQ_HEADERS  32
/* Descriptors one poll of a ring takes before it yields the BQL. */
#define FLEXRM_POLL_STEPS       512

#define FLEXRM_POLL_MIN_NS      (1 * SCALE_US)
#define FLEXRM_POLL_MAX_NS      (1 * SCALE_MS)

typedef struct FlexrmStatus {
    uint32_t engine;
    uint32_t dme;
    uint32_t rm;
} FlexrmStatus;

static const char *flexrm_type_name(unsigned t)
{
    static const char *const names[] = {
        "NULL", "HEADER", "SRC", "DST", "IMM", "NPTR", "MSRC", "MDST",
        "SRCT", "DSTT", "IMMT",
    };

    return t < ARRAY_SIZE(names) ? names[t] : "reserved";
}

/* The engine's DMA reaches DRAM only: anything else is a bus error. */
static bool flexrm_is_ram(uint64_t addr, uint64_t len, bool write)
{
    uint64_t done = 0;

    if (addr + len < addr || addr + len > (1ULL << 44)) {
        return false;
    }
    while (done < len) {
        hwaddr xlat, l = len - done;
        MemoryRegion *mr;

        RCU_READ_LOCK_GUARD();
        mr = address_space_translate(&address_space_memory, addr + done,
                                     &xlat, &l, write,
                                     MEMTXATTRS_UNSPECIFIED);
        if (!memory_region_is_ram(mr) || (write && memory_region_is_rom(mr))
            || !l) {
            return false;
        }
        done += l;
    }
    return true;
}

static bool flexrm_dma(uint64_t addr, void *buf, uint64_t len, bool write)
{
    if (!flexrm_is_ram(addr, len, write)) {
        return false;
    }
    return dma_memory_rw(&address_space_memory, addr, buf, len,
                         write ? DMA_DIRECTION_FROM_DEVICE :
                                 DMA_DIRECTION_TO_DEVICE,
                         MEMTXATTRS_UNSPECIFIED) == MEMTX_OK;
}

static uint64_t flexrm_cmpl_base(BcmFlexrmRing *r)
{
    return (uint64_t)FIELD_EX32(R(r, RING_CMPL_START_ADDR),
                                RING_CMPL_START_ADDR, ADDR)
           << FLEXRM_CMPL_SHIFT;
}

static bool flexrm_running(BcmFlexrmRing *r)
{
    return FIELD_EX32(R(r, RING_CONTROL), RING_CONTROL, ACTIVE) &&
           !FIELD_EX32(R(r, RING_CONTROL), RING_CONTROL, FLUSH) &&
           !r->stalled;
}

/* The one interrupt function: a ring's MSI, as RING_MSI_CONTROL says. */
static void flexrm_update_msi(BcmFlexrmState *s, int n)
{
    BcmFlexrmRing *r = &s->ring[n];
    uint32_t ctl = R(r, RING_MSI_CONTROL);
    uint32_t count = MAX(FIELD_EX32(ctl, RING_MSI_CONTROL, COUNT), 1);
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    uint64_t addr;
    MemTxAttrs attrs = MEMTXATTRS_UNSPECIFIED;
    MemTxResult res;

    if (!FIELD_EX32(ctl, RING_MSI_CONTROL, ENABLE) || r->msi_sent ||
        !r->msi_pending) {
        r->msi_deadline = -1;
        return;
    }
    if (r->msi_pending < count &&
        (r->msi_deadline < 0 || now < r->msi_deadline)) {
        if (r->msi_deadline < 0) {
            r->msi_deadline = now + (int64_t)FIELD_EX32(ctl, RING_MSI_CONTROL,
                                                        TIMER) * SCALE_US;
        }
        return;
    }
    addr = deposit64(R(r, RING_MSI_ADDR_LS), 32, 32, R(r, RING_MSI_ADDR_MS));
    attrs.requester_id = s->msi_devid;
    res = MEMTX_ERROR;
    if (addr) {
        address_space_stl_le(&address_space_memory, addr,
                             R(r, RING_MSI_DATA_VALUE), attrs, &res);
    }
    if (res != MEMTX_OK) {
        qemu_log_mask(LOG_GUEST_ERROR, "bcm-flexrm: ring %d: MSI write of "
                      "0x%x to 0x%" PRIx64 " failed\n", n,
                      R(r, RING_MSI_DATA_VALUE), addr);
    }
    trace_bcm_flexrm_msi(n, R(r, RING_MSI_DATA_VALUE), addr, r->msi_pending);
    r->msi_sent = true;
    r->msi_deadline = -1;
    s->stat_msis++;
}

static void flexrm_stall(BcmFlexrmState *s, int n, const char *why,
                         uint64_t desc)
{
    BcmFlexrmRing *r = &s->ring[n];

    qemu_log_mask(LOG_GUEST_ERROR, "bcm-flexrm: ring %d stops at BD 0x%"
                  PRIx64 " (%s descriptor 0x%016" PRIx64 "): %s; restart "
                  "it through RING_CONTROL\n", n,
                  r->bd_table + r->bd_index * FLEXRM_DESC_SIZE,
                  flexrm_type_name(FLEXRM_DESC_TYPE(desc)), desc, why);
    trace_bcm_flexrm_stall(n, why);
    r->stalled = true;
}

static bool flexrm_read_bd(BcmFlexrmRing *r, uint64_t *desc)
{
    uint64_t d;

    if (!flexrm_dma(r->bd_table + r->bd_index * FLEXRM_DESC_SIZE, &d,
                    sizeof(d), false)) {
        return false;
    }
    *desc = le64_to_cpu(d);
    return true;
}

static void flexrm_advance(BcmFlexrmRing *r)
{
    if (++r->bd_index == FLEXRM_BD_TABLE_DESCS) {
        /* A table without a next pointer runs on into the next page. */
        r->bd_table += 1 << FLEXRM_BD_TABLE_SHIFT;
        r->bd_index = 0;
    }
}

/* Follow a valid next pointer: the next table, the other toggle. */
static void flexrm_follow(BcmFlexrmRing *r, uint64_t desc)
{
    uint64_t to = FLEXRM_DESC_ADDR(desc) & ~(uint64_t)(FLEXRM_DESC_SIZE - 1);

    r->bd_table = to & ~(uint64_t)((1 << FLEXRM_BD_TABLE_SHIFT) - 1);
    r->bd_index = (to >> 3) & (FLEXRM_BD_TABLE_DESCS - 1);
    r->toggle ^= 1;
}

/*
 * The next descriptor of a request, past next pointers. NULL with the
 * reason when the chain breaks.
 */
static const char *flexrm_next_in_request(BcmFlexrmRing *r, uint64_t *desc,
                                          int *hops)
{
    for (;;) {
        if (!flexrm_read_bd(r, desc)) {
            return "BD table outside DRAM";
        }
        if (FLEXRM_DESC_TYPE(*desc) != FLEXRM_NPTR) {
            flexrm_advance(r);
            return NULL;
        }
        if (FLEXRM_DESC_TOGGLE(*desc) != r->toggle) {
            return "next pointer not valid yet inside a request";
        }
        if (++*hops > FLEXRM_MAX_HOPS) {
            return "next pointers loop";
        }
        flexrm_follow(r, *desc);
    }
}

/* The SBA side: one destination the ring gave a command. */
typedef struct FlexrmDst {
    uint64_t addr;
    uint32_t len;
} FlexrmDst;

static uint32_t flexrm_desc_len(uint64_t d)
{
    unsigned t = FLEXRM_DESC_TYPE(d);

    return FLEXRM_DESC_LEN(d) * (t == FLEXRM_MSRC || t == FLEXRM_MDST ? 16 : 1);
}

static bool flexrm_sba_fail(FlexrmStatus *st, int n, uint32_t dme,
                            uint32_t rm, uint32_t engine, const char *why,
                            uint64_t addr)
{
    qemu_log_mask(LOG_GUEST_ERROR, "bcm-flexrm: ring %d: SBA request "
                  "fails: %s (0x%" PRIx64 ")\n", n, why, addr);
    st->dme |= dme;
    st->rm = rm ?: st->rm;
    st->engine = engine ?: st->engine;
    return false;
}

static bool flexrm_sba_out(BcmFlexrmState *s, int n, FlexrmStatus *st,
                           FlexrmDst *dst, const void *buf, size_t len)
{
    if (dst->len != len) {
        return flexrm_sba_fail(st, n, dst->len < len ?
                               FLEXRM_DME_FIFO_OVERFLOW :
                               FLEXRM_DME_FIFO_UNDERFLOW, 0, 0,
                               "destination length differs from the data's",
                               dst->addr);
    }
    if (!flexrm_dma(dst->addr, (void *)buf, len, true)) {
        return flexrm_sba_fail(st, n, FLEXRM_DME_BRESP_ERR, 0, 0,
                               "destination outside DRAM", dst->addr);
    }
    s->stat_bytes += len;
    return true;
}

/* Run a request's descriptors on the SBA engine; false at the first error. */
static bool flexrm_sba_run(BcmFlexrmState *s, int n, const uint64_t *d,
                           int nd, FlexrmStatus *st)
{
    uint8_t *src = s->src;
    FlexrmDst dst[2];
    int ndst = 0, i;

    for (i = 0; i < nd; i++) {
        unsigned t = FLEXRM_DESC_TYPE(d[i]);
        uint64_t cmd, resp;
        const uint8_t *out;
        size_t out_len, src_len = 0;
        SbaStatus es;
        int used = 0;

        switch (t) {
        case FLEXRM_DST:
        case FLEXRM_DSTT:
        case FLEXRM_MDST:
            if (ndst == ARRAY_SIZE(dst)) {
                return flexrm_sba_fail(st, n, 0, FLEXRM_RM_AE_TIMEOUT, 0,
                                       "three destinations for one command",
                                       FLEXRM_DESC_ADDR(d[i]));
            }
            dst[ndst].addr = FLEXRM_DESC_ADDR(d[i]);
            dst[ndst++].len = flexrm_desc_len(d[i]);
            continue;
        case FLEXRM_IMM:
        case FLEXRM_IMMT:
            break;
        case FLEXRM_SRC:
        case FLEXRM_SRCT:
        case FLEXRM_MSRC:
            return flexrm_sba_fail(st, n, FLEXRM_DME_FIFO_OVERFLOW, 0, 0,
                                   "a source no command takes",
                                   FLEXRM_DESC_ADDR(d[i]));
        default:
            return flexrm_sba_fail(st, n, 0, FLEXRM_RM_AE_TIMEOUT, 0,
                                   "descriptor type the SBA does not take",
                                   t);
        }

        cmd = FLEXRM_DESC_IMM(d[i]);
        if (sba_cmd_has_source(cmd)) {
            unsigned st_type = i + 1 < nd ? FLEXRM_DESC_TYPE(d[i + 1]) : 0;

            if (st_type != FLEXRM_SRC && st_type != FLEXRM_SRCT &&
                st_type != FLEXRM_MSRC) {
                return flexrm_sba_fail(st, n, FLEXRM_DME_FIFO_UNDERFLOW, 0,
                                       SBA_ERR_SOURCE,
                                       "command without its source", cmd);
            }
            i++;
            src_len = flexrm_desc_len(d[i]);
            if (src_len > SBA_BUF_SIZE) {
                return flexrm_sba_fail(st, n, FLEXRM_DME_FIFO_OVERFLOW, 0,
                                       SBA_ERR_SOURCE,
                                       "source longer than a buffer",
                                       FLEXRM_DESC_ADDR(d[i]));
            }
            if (!flexrm_dma(FLEXRM_DESC_ADDR(d[i]), src, src_len, false)) {
                return flexrm_sba_fail(st, n, FLEXRM_DME_RRESP_ERR, 0, 0,
                                       "source outside DRAM",
                                       FLEXRM_DESC_ADDR(d[i]));
            }
        }
        es = sba_engine_exec(&s->sba, cmd, src, src_len, &out, &out_len);
        trace_bcm_flexrm_sba_cmd(n, cmd, src_len, es);
        if (es != SBA_OK) {
            /* A stream shorter than the command starves the engine. */
            uint32_t dme = es != SBA_ERR_SOURCE ? 0 :
                           src_len > SBA_CMD_LEN(cmd) ?
                           FLEXRM_DME_FIFO_OVERFLOW :
                           FLEXRM_DME_FIFO_UNDERFLOW;

            return flexrm_sba_fail(st, n, dme,
                                   FLEXRM_RM_AE_TIMEOUT, es,
                                   sba_status_name(es), cmd);
        }
        switch (SBA_CMD_OP(cmd)) {
        case SBA_OP_GALOIS:
        case SBA_OP_GALOIS_XOR:
            s->stat_pq++;
            break;
        }
        if (SBA_CMD_RESP(cmd)) {
            if (used == ndst) {
                return flexrm_sba_fail(st, n, FLEXRM_DME_FIFO_OVERFLOW, 0, 0,
                                       "response without a destination",
                                       cmd);
            }
            resp = cpu_to_le64(cmd);
            if (dst[used].len < sizeof(resp) ||
                !flexrm_dma(dst[used].addr, &resp, sizeof(resp), true)) {
                return flexrm_sba_fail(st, n, dst[used].len < sizeof(resp) ?
                                       FLEXRM_DME_FIFO_OVERFLOW :
                                       FLEXRM_DME_BRESP_ERR, 0, 0,
                                       "response destination unusable",
                                       dst[used].addr);
            }
            used++;
        }
        if (out) {
            if (used == ndst) {
                return flexrm_sba_fail(st, n, FLEXRM_DME_FIFO_OVERFLOW, 0, 0,
                                       "output without a destination", cmd);
            }
            if (!flexrm_sba_out(s, n, st, &dst[used], out, out_len)) {
                return false;
            }
            used++;
        }
        if (used != ndst) {
            return flexrm_sba_fail(st, n, FLEXRM_DME_FIFO_UNDERFLOW, 0, 0,
                                   "destination the command does not fill",
                                   dst[used].addr);
        }
        ndst = 0;
    }
    if (ndst) {
        return flexrm_sba_fail(st, n, FLEXRM_DME_FIFO_UNDERFLOW, 0, 0,
                               "destination after the last command",
                               dst[0].addr);
    }
    return true;
}

static void flexrm_complete(BcmFlexrmState *s, int n, uint32_t opaque,
                            FlexrmStatus *st)
{
    BcmFlexrmRing *r = &s->ring[n];
    uint64_t c = cpu_to_le64(FLEXRM_CMPL(opaque, st->engine, st->dme, st->rm));
    uint64_t at = flexrm_cmpl_base(r) + r->cmpl_index * FLEXRM_DESC_SIZE;

    trace_bcm_flexrm_complete(n, opaque, st->engine, st->dme, st->rm);
    if (!flexrm_dma(at, &c, sizeof(c), true)) {
        flexrm_stall(s, n, "completion ring outside DRAM", at);
        return;
    }
    r->cmpl_index = (r->cmpl_index + 1) % FLEXRM_CMPL_DESCS;
    r->trans++;
    r->msi_pending++;
    if (st->dme || st->rm) {
        s->stat_errors++;
    }
    flexrm_update_msi(s, n);
}

/*
 * Fetch and run the request whose first header is at the read pointer;
 * how many descriptors it took.
 */
static int flexrm_run_request(BcmFlexrmState *s, int n, uint64_t hdr)
{
    uint64_t *descs = s->descs;
    BcmFlexrmRing *r = &s->ring[n];
    FlexrmStatus st = { 0 };
    unsigned left = FLEXRM_HDR_BDCOUNT(hdr);
    bool end = FLEXRM_HDR_ENDPKT(hdr);
    uint32_t opaque = FLEXRM_HDR_OPAQUE(hdr);
    const char *why = NULL;
    int nd = 0, hops = 0, headers = 1;
    uint64_t d = hdr;

    r->recv++;
    s->stat_requests++;
    flexrm_advance(r);
    for (;;) {
        while (left) {
            why = flexrm_next_in_request(r, &d, &hops);
            if (why) {
                break;
            }
            if (FLEXRM_DESC_TYPE(d) == FLEXRM_HEADER ||
                FLEXRM_DESC_TYPE(d) == FLEXRM_NULL) {
                why = "header or null where the BD count wants more";
                break;
            }
            descs[nd++] = d;
            left--;
        }
        if (why || end) {
            break;
        }
        why = flexrm_next_in_request(r, &d, &hops);
        if (why) {
            break;
        }
        if (FLEXRM_DESC_TYPE(d) != FLEXRM_HEADER ||
            FLEXRM_DESC_TOGGLE(d) != r->toggle || FLEXRM_HDR_STARTPKT(d)) {
            why = "the packet does not go on with a header";
            break;
        }
        left = FLEXRM_HDR_BDCOUNT(d);
        end = FLEXRM_HDR_ENDPKT(d);
        if (nd + left > FLEXRM_MAX_REQ_DESCS ||
            ++headers > FLEXRM_MAX_REQ_HEADERS) {
            why = "the packet never ends";
            break;
        }
    }
    trace_bcm_flexrm_request(n, opaque, nd, why ? why : "fetched");
    if (why) {
        /* The chain is broken: its end cannot be known, the ring stops. */
        st.rm = FLEXRM_RM_AE_TIMEOUT;
        flexrm_stall(s, n, why, d);
    } else {
        flexrm_sba_run(s, n, descs, nd, &st);
    }
    flexrm_complete(s, n, opaque, &st);
    return nd;
}

/*
 * Run what is valid at the ring's read pointer; how many requests ran.
 * Every loop here is bounded: a poll takes at most FLEXRM_POLL_STEPS
 * descriptors (plus the last request's, at most FLEXRM_MAX_REQ_DESCS)
 * and FLEXRM_MAX_HOPS next pointers between requests; the next poll
 * goes on where it stopped.
 */
static int flexrm_poll_ring(BcmFlexrmState *s, int n)
{
    BcmFlexrmRing *r = &s->ring[n];
    int done = 0, steps = 0, hops = 0;
    uint64_t d;

    while (flexrm_running(r) && steps++ < FLEXRM_POLL_STEPS) {
        if (!flexrm_read_bd(r, &d)) {
            flexrm_stall(s, n, "BD table outside DRAM", 0);
            break;
        }
        switch (FLEXRM_DESC_TYPE(d)) {
        case FLEXRM_NPTR:
            if (FLEXRM_DESC_TOGGLE(d) != r->toggle) {
                return done;
            }
            if (++hops > FLEXRM_MAX_HOPS) {
                flexrm_stall(s, n, "next pointers loop", d);
                return done;
            }
            flexrm_follow(r, d);
            continue;
        case FLEXRM_NULL:
            if (FLEXRM_DESC_TOGGLE(d) != r->toggle) {
                return done;
            }
            flexrm_advance(r);
            continue;
        case FLEXRM_HEADER:
            if (FLEXRM_DESC_TOGGLE(d) != r->toggle) {
                return done;
            }
            if (!FLEXRM_HDR_STARTPKT(d)) {
                flexrm_stall(s, n, "a packet starts without STARTPKT", d);
                return done;
            }
            hops = 0;
            steps += flexrm_run_request(s, n, d);
            done++;
            continue;
        default:
            flexrm_stall(s, n, "a request does not start with a header", d);
            return done;
        }
    }
    return done;
}

static int64_t flexrm_rate_ns(BcmFlexrmState *s, BcmFlexrmRing *r)
{
    switch (FIELD_EX32(R(r, RING_CONTROL), RING_CONTROL, RATE)) {
    case FLEXRM_RATE_FAST:
        return 1 * SCALE_US;
    case FLEXRM_RATE_MEDIUM:
        return 10 * SCALE_US;
    case FLEXRM_RATE_SLOW:
        return 100 * SCALE_US;
    case FLEXRM_RATE_IDLE:
        return 1 * SCALE_MS;
    default:
        return s->poll_ns;
    }
}

static void flexrm_schedule(BcmFlexrmState *s)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), next = INT64_MAX;
    int n;

    for (n = 0; n < s->num_rings; n++) {
        BcmFlexrmRing *r = &s->ring[n];

        if (flexrm_running(r)) {
            next = MIN(next, now + flexrm_rate_ns(s, r));
        }
        if (r->msi_deadline >= 0) {
            next = MIN(next, r->msi_deadline);
        }
    }
    if (next == INT64_MAX) {
        timer_del(s->timer);
    } else {
        timer_mod(s->timer, next);
    }
}

static void flexrm_poll(BcmFlexrmState *s)
{
    int n, done = 0;

    for (n = 0; n < s->num_rings; n++) {
        done += flexrm_poll_ring(s, n);
        flexrm_update_msi(s, n);
    }
    /* Dynamic rate: quick again after work, halving when idle. */
    s->poll_ns = done ? FLEXRM_POLL_MIN_NS :
                 MIN(s->poll_ns * 2, FLEXRM_POLL_MAX_NS);
    flexrm_schedule(s);
}

static void flexrm_timer(void *opaque)
{
    flexrm_poll(opaque);
}

static bool flexrm_known(hwaddr reg)
{
    switch (reg) {
    case A_RING_VER ... A_RING_MSI_ADDR_MS:
    case A_RING_MSI_CONTROL:
    case A_RING_BD_READ_PTR_DDR_CONTROL:
    case A_RING_MSI_DATA_VALUE:
        return true;
    }
    return false;
}

/*
 * Software at the ring's registers is about to submit (Linux reads the
 * read pointer before it writes a request) or is taking completions: the
 * dynamic rate polls fast again, as after work.
 */
static void flexrm_software_active(BcmFlexrmState *s)
{
    if (s->poll_ns != FLEXRM_POLL_MIN_NS) {
        s->poll_ns = FLEXRM_POLL_MIN_NS;
        flexrm_schedule(s);
    }
}

static uint64_t flexrm_read(void *opaque, hwaddr addr, unsigned size)
{
    BcmFlexrmState *s = opaque;
    int n = addr / FLEXRM_RING_SIZE;
    hwaddr reg = addr % FLEXRM_RING_SIZE;
    BcmFlexrmRing *r = &s->ring[n];
    uint32_t v;

    if (!flexrm_known(reg)) {
        qemu_log_mask(LOG_GUEST_ERROR, "bcm-flexrm: ring %d: read of unknown "
                      "register 0x%04" HWADDR_PRIx "\n", n, reg);
        return 0;
    }
    flexrm_software_active(s);
    switch (reg) {
    case A_RING_VER:
        v = FLEXRM_RING_VER_MAGIC;
        break;
    case A_RING_BD_START_ADDR:
        /* The table being fetched from: software adds the index to it. */
        v = FIELD_DP32(R(r, RING_BD_START_ADDR), RING_BD_START_ADDR, ADDR,
                       r->bd_table >> FLEXRM_BD_TABLE_SHIFT);
        break;
    case A_RING_BD_READ_PTR:
    case A_RING_BD_WRITE_PTR:
        flexrm_poll(s);
        v = r->bd_index;
        break;
    case A_RING_CMPL_WRITE_PTR:
        flexrm_poll(s);
        v = r->cmpl_index;
        /* What was written so far is now seen: the MSI re-arms. */
        r->msi_pending = 0;
        r->msi_sent = false;
        r->msi_deadline = -1;
        break;
    case A_RING_NUM_REQ_RECV_LS:
        v = r->recv;
        R(r, RING_NUM_REQ_RECV_MS) = r->recv >> 32;
        r->recv = 0;
        break;
    case A_RING_NUM_REQ_TRANS_LS:
        v = r->trans;
        R(r, RING_NUM_REQ_TRANS_MS) = r->trans >> 32;
        r->trans = 0;
        break;
    case A_RING_NUM_REQ_OUTSTAND:
        /* A request runs when it is fetched: none is ever in flight. */
        v = 0;
        break;
    case A_RING_FLUSH_DONE:
        v = FIELD_EX32(R(r, RING_CONTROL), RING_CONTROL, FLUSH);
        break;
    default:
        v = r->regs[reg / 4];
        break;
    }
    trace_bcm_flexrm_read(n, reg, v);
    return v;
}

static void flexrm_restart(BcmFlexrmRing *r)
{
    r->bd_table = (uint64_t)FIELD_EX32(R(r, RING_BD_START_ADDR),
                                       RING_BD_START_ADDR, ADDR)
                  << FLEXRM_BD_TABLE_SHIFT;
    r->bd_index = 0;
    r->toggle = 1;
    r->stalled = false;
}

static void flexrm_write(void *opaque, hwaddr addr, uint64_t val,
                         unsigned size)
{
    BcmFlexrmState *s = opaque;
    int n = addr / FLEXRM_RING_SIZE;
    hwaddr reg = addr % FLEXRM_RING_SIZE;
    BcmFlexrmRing *r = &s->ring[n];
    bool active = FIELD_EX32(R(r, RING_CONTROL), RING_CONTROL, ACTIVE);
    uint32_t v = val, rate;

    trace_bcm_flexrm_write(n, reg, v);
    if (!flexrm_known(reg)) {
        qemu_log_mask(LOG_GUEST_ERROR, "bcm-flexrm: ring %d: write of unknown "
                      "register 0x%04" HWADDR_PRIx "\n", n, reg);
        return;
    }
    switch (reg) {
    case A_RING_VER:
    case A_RING_BD_READ_PTR:
    case A_RING_BD_WRITE_PTR:
    case A_RING_CMPL_WRITE_PTR:
    case A_RING_NUM_REQ_RECV_LS ... A_RING_NUM_REQ_OUTSTAND:
    case A_RING_FLUSH_DONE:
        qemu_log_mask(LOG_GUEST_ERROR, "bcm-flexrm: ring %d: register 0x%03"
                      HWADDR_PRIx " is read-only\n", n, reg);
        return;
    case A_RING_BD_START_ADDR:
    case A_RING_CMPL_START_ADDR:
        if (active) {
            qemu_log_mask(LOG_GUEST_ERROR, "bcm-flexrm: ring %d: %s written "
                          "while the ring is active: ignored\n", n,
                          reg == A_RING_BD_START_ADDR ? "RING_BD_START_ADDR"
                                                      : "RING_CMPL_START_ADDR");
            return;
        }
        r->regs[reg / 4] = v;
        if (reg == A_RING_BD_START_ADDR) {
            flexrm_restart(r);
        } else {
            r->cmpl_index = 0;
        }
        break;
    case A_RING_CONTROL:
        rate = FIELD_EX32(v, RING_CONTROL, RATE);
        if (rate != FLEXRM_RATE_DYNAMIC &&
            (rate < FLEXRM_RATE_FAST || rate > FLEXRM_RATE_IDLE)) {
            qemu_log_mask(LOG_GUEST_ERROR, "bcm-flexrm: ring %d: reserved "
                          "rate %u in RING_CONTROL: polled as dynamic\n",
                          n, rate);
        }
        if (FIELD_EX32(v, RING_CONTROL, ACTIVE) &&
            FIELD_EX32(v, RING_CONTROL, FLUSH)) {
            qemu_log_mask(LOG_GUEST_ERROR, "bcm-flexrm: ring %d: ACTIVE and "
                          "FLUSH together: the ring flushes\n", n);
        }
        if (FIELD_EX32(v, RING_CONTROL, FLUSH)) {
            /* Flushed: back to the start, nothing owed to software. */
            flexrm_restart(r);
            r->cmpl_index = 0;
            r->msi_pending = 0;
            r->msi_sent = false;
            r->msi_deadline = -1;
        } else if (FIELD_EX32(v, RING_CONTROL, ACTIVE) && r->stalled) {
            r->stalled = false;
        }
        R(r, RING_CONTROL) = v & (R_RING_CONTROL_RATE_MASK |
                                  R_RING_CONTROL_ACTIVE_MASK |
                                  R_RING_CONTROL_FLUSH_MASK |
                                  R_RING_CONTROL_MASK_DISABLE_MASK);
        s->poll_ns = FLEXRM_POLL_MIN_NS;
        break;
    case A_RING_BD_READ_PTR_DDR_CONTROL:
        if (v & (1u << 15)) {
            qemu_log_mask(LOG_UNIMP, "bcm-flexrm: ring %d: read-pointer "
                          "write-back to DDR is not modelled\n", n);
        }
        r->regs[reg / 4] = v;
        break;
    case A_RING_MSI_CONTROL:
        r->regs[reg / 4] = v & (R_RING_MSI_CONTROL_COUNT_MASK |
                                R_RING_MSI_CONTROL_ENABLE_MASK |
                                R_RING_MSI_CONTROL_TIMER_MASK);
        flexrm_update_msi(s, n);
        break;
    default:
        r->regs[reg / 4] = v;
        break;
    }
    flexrm_schedule(s);
}

static const MemoryRegionOps flexrm_ops = {
    .read = flexrm_read,
    .write = flexrm_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
};

static void flexrm_realize(DeviceState *dev, Error **errp)
{
    BcmFlexrmState *s = BCM_FLEXRM(dev);

    if (s->num_rings < 1 || s->num_rings > BCM_FLEXRM_MAX_RINGS) {
        error_setg(errp, "bcm-flexrm: num-rings=%u: must be 1 to %d",
                   s->num_rings, BCM_FLEXRM_MAX_RINGS);
        return;
    }
    if (s->msi_devid > 0xffff) {
        error_setg(errp, "bcm-flexrm: msi-device-id=0x%x: the ITS takes "
                   "16-bit device IDs", s->msi_devid);
        return;
    }
    memory_region_init_io(&s->mmio, OBJECT(dev), &flexrm_ops, s,
                          TYPE_BCM_FLEXRM,
                          (uint64_t)s->num_rings * FLEXRM_RING_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->mmio);
    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, flexrm_timer, s);
}

static void flexrm_unrealize(DeviceState *dev)
{
    BcmFlexrmState *s = BCM_FLEXRM(dev);

    timer_free(s->timer);
}

static void flexrm_reset_hold(Object *obj, ResetType type)
{
    BcmFlexrmState *s = BCM_FLEXRM(obj);
    int n;

    for (n = 0; n < BCM_FLEXRM_MAX_RINGS; n++) {
        memset(&s->ring[n], 0, sizeof(s->ring[n]));
        s->ring[n].toggle = 1;
        s->ring[n].msi_deadline = -1;
    }
    s->poll_ns = FLEXRM_POLL_MIN_NS;
    s->stat_requests = s->stat_errors = s->stat_bytes = 0;
    s->stat_pq = s->stat_msis = 0;
    if (s->timer) {
        timer_del(s->timer);
    }
}

static void flexrm_init(Object *obj)
{
    BcmFlexrmState *s = BCM_FLEXRM(obj);

    object_property_add_uint64_ptr(obj, "requests", &s->stat_requests,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "errors", &s->stat_errors,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "bytes", &s->stat_bytes,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "pq-ops", &s->stat_pq,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "msis", &s->stat_msis,
                                   OBJ_PROP_FLAG_READ);
}

static int flexrm_post_load(void *opaque, int version_id)
{
    BcmFlexrmState *s = opaque;
    int n;

    for (n = 0; n < BCM_FLEXRM_MAX_RINGS; n++) {
        BcmFlexrmRing *r = &s->ring[n];

        if (r->bd_index >= FLEXRM_BD_TABLE_DESCS || r->toggle > 1 ||
            r->cmpl_index >= FLEXRM_CMPL_DESCS) {
            return -EINVAL;
        }
    }
    if (s->poll_ns < FLEXRM_POLL_MIN_NS || s->poll_ns > FLEXRM_POLL_MAX_NS) {
        return -EINVAL;
    }
    flexrm_schedule(s);
    return 0;
}

static const VMStateDescription vmstate_flexrm_ring = {
    .name = TYPE_BCM_FLEXRM "/ring",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, BcmFlexrmRing, FLEXRM_RING_REGS),
        VMSTATE_UINT64(bd_table, BcmFlexrmRing),
        VMSTATE_UINT32(bd_index, BcmFlexrmRing),
        VMSTATE_UINT32(toggle, BcmFlexrmRing),
        VMSTATE_UINT32(cmpl_index, BcmFlexrmRing),
        VMSTATE_UINT64(recv, BcmFlexrmRing),
        VMSTATE_UINT64(trans, BcmFlexrmRing),
        VMSTATE_UINT32(msi_pending, BcmFlexrmRing),
        VMSTATE_BOOL(msi_sent, BcmFlexrmRing),
        VMSTATE_INT64(msi_deadline, BcmFlexrmRing),
        VMSTATE_BOOL(stalled, BcmFlexrmRing),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_bcm_flexrm = {
    .name = TYPE_BCM_FLEXRM,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = flexrm_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(ring, BcmFlexrmState, BCM_FLEXRM_MAX_RINGS, 1,
                             vmstate_flexrm_ring, BcmFlexrmRing),
        VMSTATE_INT64(poll_ns, BcmFlexrmState),
        VMSTATE_UINT64(stat_requests, BcmFlexrmState),
        VMSTATE_UINT64(stat_errors, BcmFlexrmState),
        VMSTATE_UINT64(stat_bytes, BcmFlexrmState),
        VMSTATE_UINT64(stat_pq, BcmFlexrmState),
        VMSTATE_UINT64(stat_msis, BcmFlexrmState),
        VMSTATE_END_OF_LIST()
    },
};

/* The ITS's phandle: the rings' MSIs go through it. */
static uint32_t flexrm_its_phandle(PresiliconFdtContext *ctx)
{
    int off = fdt_node_offset_by_compatible(ctx->fdt, -1, "arm,gic-v3-its");

    return off < 0 ? 0 : fdt_get_phandle(ctx->fdt, off);
}

/*
 * The ring manager, and one SBA-RAID node per ring (each a dmaengine
 * channel on its ring): threshold one completion per MSI, the
 * driver's default timer.
 */
static void flexrm_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "brcm,iproc-flexrm-mbox" };
    BcmFlexrmState *s = BCM_FLEXRM(dev);
    g_autofree char *path = presilicon_fdt_add_mmio_node(ctx, "mailbox",
                                                         compat, 1);
    uint32_t its = flexrm_its_phandle(ctx);
    uint32_t ph = presilicon_fdt_phandle(ctx, dev);
    int n;

    if (its) {
        qemu_fdt_setprop_cells(ctx->fdt, path, "msi-parent", its,
                               s->msi_devid);
    }
    qemu_fdt_setprop_cell(ctx->fdt, path, "#mbox-cells", 3);
    qemu_fdt_setprop(ctx->fdt, path, "dma-coherent", NULL, 0);
    for (n = 0; n < s->num_rings; n++) {
        /* At the root: a simple-bus child without reg is not valid DT. */
        g_autofree char *sba = g_strdup_printf("/raid-%" PRIx64 "-%d",
                                               ctx->reg_base[0], n);

        qemu_fdt_add_subnode(ctx->fdt, sba);
        qemu_fdt_setprop_string(ctx->fdt, sba, "compatible",
                                "brcm,iproc-sba-v2");
        qemu_fdt_setprop_cells(ctx->fdt, sba, "mboxes", ph, n, 1, 0xffff);
    }
}

static const Property flexrm_properties[] = {
    DEFINE_PROP_UINT32("num-rings", BcmFlexrmState, num_rings, 2),
    DEFINE_PROP_UINT32("msi-device-id", BcmFlexrmState, msi_devid, 0xfe00),
};

static void flexrm_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "Broadcom FlexRM ring manager with the SBA-RAID engine";
    dc->realize = flexrm_realize;
    dc->unrealize = flexrm_unrealize;
    dc->vmsd = &vmstate_bcm_flexrm;
    dc->user_creatable = true;
    device_class_set_props(dc, flexrm_properties);
    rc->phases.hold = flexrm_reset_hold;
    fc->add_node = flexrm_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo flexrm_types[] = {
    {
        .name = TYPE_BCM_FLEXRM,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(BcmFlexrmState),
        .instance_init = flexrm_init,
        .class_init = flexrm_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(flexrm_types)
