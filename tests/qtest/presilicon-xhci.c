/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small xHCI host driver for qtests of USB models on the board's xHCI
 * (presilicon-xhci.h). Register and structure layouts: xHCI 1.2,
 * sections 5 (registers) and 6 (contexts, TRBs).
 */
#include "qemu/osdep.h"
#include "qemu/bitops.h"
#include "qemu/bswap.h"
#include "presilicon-xhci.h"
#include "check-tap.h"

#define RAM_ARENA       0x44000000ull   /* 64 MiB into RAM */
#define RING_TRBS       32
#define EVENT_TRBS      64
#define MAX_SLOTS       8
#define MAX_DCI         32
#define MAX_STASH       64
#define MAX_PENDING     16
#define CTX_SIZE        32              /* HCCPARAMS1.CSZ = 0 */

/* Capability registers. */
#define CAPLENGTH       0x00
#define HCSPARAMS1      0x04
#define DBOFF           0x14
#define RTSOFF          0x18
/* Operational registers. */
#define USBCMD          0x00
#define USBCMD_RS       BIT(0)
#define USBCMD_HCRST    BIT(1)
#define USBCMD_INTE     BIT(2)
#define USBSTS          0x04
#define USBSTS_HCH      BIT(0)
#define CRCR            0x18
#define DCBAAP          0x30
#define CONFIG          0x38
#define PORTSC(n)       (0x400 + 0x10 * ((n) - 1))
#define PORTSC_CCS      BIT(0)
#define PORTSC_PED      BIT(1)
#define PORTSC_PR       BIT(4)
#define PORTSC_PP       BIT(9)
#define PORTSC_SPEED(v) (((v) >> 10) & 0xf)
#define PORTSC_CHANGES  (0x7fu << 17)
/* Interrupter 0. */
#define IR0             0x20
#define IMAN            0x00
#define IMAN_IP         BIT(0)
#define IMAN_IE         BIT(1)
#define ERSTSZ          0x08
#define ERSTBA          0x10
#define ERDP            0x18
#define ERDP_EHB        BIT(3)

/* TRB types and control bits. */
#define TRB_NORMAL      1
#define TRB_SETUP       2
#define TRB_DATA        3
#define TRB_STATUS      4
#define TRB_LINK        6
#define TRB_ENABLE_SLOT 9
#define TRB_ADDRESS_DEV 11
#define TRB_CONFIG_EP   12
#define TRB_RESET_EP    14
#define TRB_SET_DEQ     16
#define TRB_EV_TRANSFER 32
#define TRB_EV_CMD      33
#define TRB_TYPE(t)     ((t) << 10)
#define TRB_GET_TYPE(c) (((c) >> 10) & 0x3f)
#define TRB_C           BIT(0)
#define TRB_TC          BIT(1)
#define TRB_ISP         BIT(2)
#define TRB_IOC         BIT(5)
#define TRB_IDT         BIT(6)
#define TRB_DIR_IN      BIT(16)
#define TRB_TRT_OUT     (2u << 16)
#define TRB_TRT_IN      (3u << 16)

typedef struct Ring {
    uint64_t base;
    int idx;
    uint32_t cycle;
} Ring;

typedef struct Event {
    uint64_t param;
    uint32_t status, control;
} Event;

typedef struct Pending {
    int slot, dci, len;
    uint64_t buf, trb;
} Pending;

struct PsXhci {
    QTestState *qts;
    uint64_t op, rt, db;
    int nports;
    uint64_t arena;
    uint64_t dcbaa;
    Ring cmd;
    uint64_t er;
    int er_idx;
    uint32_t er_cycle;
    Ring *rings[MAX_SLOTS + 1][MAX_DCI];
    uint64_t in_ctx[MAX_SLOTS + 1];
    uint64_t out_ctx[MAX_SLOTS + 1];
    Event stash[MAX_STASH];
    int n_stash;
    Pending pending[MAX_PENDING];
    int n_pending;
};

static uint64_t xalloc(PsXhci *x, size_t size)
{
    uint64_t a = x->arena;

    x->arena += ROUND_UP(size, 64);
    qtest_memset(x->qts, a, 0, ROUND_UP(size, 64));
    return a;
}

static void wr32(PsXhci *x, uint64_t a, uint32_t v)
{
    qtest_writel(x->qts, a, v);
}

static uint32_t rd32(PsXhci *x, uint64_t a)
{
    return qtest_readl(x->qts, a);
}

static void wr64(PsXhci *x, uint64_t a, uint64_t v)
{
    qtest_writel(x->qts, a, (uint32_t)v);
    qtest_writel(x->qts, a + 4, v >> 32);
}

static void put_trb(PsXhci *x, uint64_t a, uint64_t param, uint32_t status,
                    uint32_t control)
{
    uint8_t trb[16];

    stq_le_p(trb, param);
    stl_le_p(trb + 8, status);
    stl_le_p(trb + 12, control);
    qtest_memwrite(x->qts, a, trb, sizeof(trb));
}

static Ring *ring_new(PsXhci *x)
{
    Ring *r = g_new0(Ring, 1);

    r->base = xalloc(x, RING_TRBS * 16);
    r->cycle = 1;
    return r;
}

/* Write a TRB at the enqueue pointer; a Link TRB closes the segment. */
static uint64_t ring_push(PsXhci *x, Ring *r, uint64_t param, uint32_t status,
                          uint32_t control)
{
    uint64_t a = r->base + r->idx * 16;

    put_trb(x, a, param, status, (control & ~TRB_C) | r->cycle);
    if (++r->idx == RING_TRBS - 1) {
        put_trb(x, r->base + r->idx * 16, r->base, 0,
                TRB_TYPE(TRB_LINK) | TRB_TC | r->cycle);
        r->cycle ^= 1;
        r->idx = 0;
    }
    return a;
}

bool ps_xhci_next_event(PsXhci *x, uint64_t *param, uint32_t *status,
                        uint32_t *control)
{
    uint8_t trb[16];
    uint64_t a = x->er + x->er_idx * 16;

    qtest_memread(x->qts, a, trb, sizeof(trb));
    if ((ldl_le_p(trb + 12) & TRB_C) != x->er_cycle) {
        return false;
    }
    *param = ldq_le_p(trb);
    *status = ldl_le_p(trb + 8);
    *control = ldl_le_p(trb + 12);
    if (++x->er_idx == EVENT_TRBS) {
        x->er_idx = 0;
        x->er_cycle ^= 1;
    }
    wr64(x, x->rt + IR0 + ERDP, (x->er + x->er_idx * 16) | ERDP_EHB);
    return true;
}

/* Pull events into the stash (port status changes are dropped). */
static void drain_events(PsXhci *x)
{
    Event e;

    while (ps_xhci_next_event(x, &e.param, &e.status, &e.control)) {
        if (TRB_GET_TYPE(e.control) != TRB_EV_TRANSFER &&
            TRB_GET_TYPE(e.control) != TRB_EV_CMD) {
            continue;
        }
        ck_assert_int_lt(x->n_stash, MAX_STASH);
        x->stash[x->n_stash++] = e;
    }
}

/* Take the first stashed event that matches, if any. */
static bool take_event(PsXhci *x, int type, uint64_t ptr, int slot, int dci,
                       Event *out)
{
    drain_events(x);
    for (int i = 0; i < x->n_stash; i++) {
        Event *e = &x->stash[i];

        if (TRB_GET_TYPE(e->control) != type) {
            continue;
        }
        if (ptr && e->param != ptr) {
            continue;
        }
        if (slot && ((e->control >> 24) != slot ||
                     ((e->control >> 16) & 0x1f) != dci)) {
            continue;
        }
        *out = *e;
        memmove(e, e + 1, (x->n_stash - i - 1) * sizeof(*e));
        x->n_stash--;
        return true;
    }
    return false;
}

/* Run one command; the controller completes it during the doorbell write. */
static int command(PsXhci *x, uint64_t param, uint32_t control, int *slot)
{
    uint64_t trb = ring_push(x, &x->cmd, param, 0, control);
    Event e;

    wr32(x, x->db, 0);
    ck_assert_msg(take_event(x, TRB_EV_CMD, trb, 0, 0, &e),
                  "no completion for command type %d",
                  TRB_GET_TYPE(control));
    if (slot) {
        *slot = e.control >> 24;
    }
    return e.status >> 24;
}

PsXhci *ps_xhci_init(QTestState *qts)
{
    PsXhci *x = g_new0(PsXhci, 1);
    uint64_t erst;
    uint32_t caplen;

    x->qts = qts;
    x->arena = RAM_ARENA;
    caplen = rd32(x, PS_XHCI_BASE + CAPLENGTH) & 0xff;
    x->op = PS_XHCI_BASE + caplen;
    x->rt = PS_XHCI_BASE + (rd32(x, PS_XHCI_BASE + RTSOFF) & ~0x1fu);
    x->db = PS_XHCI_BASE + (rd32(x, PS_XHCI_BASE + DBOFF) & ~0x3u);
    x->nports = rd32(x, PS_XHCI_BASE + HCSPARAMS1) >> 24;

    wr32(x, x->op + USBCMD, USBCMD_HCRST);
    ck_assert_int_eq(rd32(x, x->op + USBCMD) & USBCMD_HCRST, 0);
    ck_assert(rd32(x, x->op + USBSTS) & USBSTS_HCH);
    wr32(x, x->op + CONFIG, MAX_SLOTS);
    x->dcbaa = xalloc(x, (MAX_SLOTS + 1) * 8);
    wr64(x, x->op + DCBAAP, x->dcbaa);
    x->cmd.base = xalloc(x, RING_TRBS * 16);
    x->cmd.cycle = 1;
    wr64(x, x->op + CRCR, x->cmd.base | 1);

    x->er = xalloc(x, EVENT_TRBS * 16);
    x->er_cycle = 1;
    erst = xalloc(x, 16);
    qtest_writeq(qts, erst, x->er);
    qtest_writel(qts, erst + 8, EVENT_TRBS);
    wr32(x, x->rt + IR0 + ERSTSZ, 1);
    wr64(x, x->rt + IR0 + ERDP, x->er);
    wr64(x, x->rt + IR0 + ERSTBA, erst);
    wr32(x, x->rt + IR0 + IMAN, IMAN_IE);
    wr32(x, x->op + USBCMD, USBCMD_RS | USBCMD_INTE);
    ck_assert_int_eq(rd32(x, x->op + USBSTS) & USBSTS_HCH, 0);
    return x;
}

void ps_xhci_free(PsXhci *x)
{
    for (int s = 0; s <= MAX_SLOTS; s++) {
        for (int d = 0; d < MAX_DCI; d++) {
            g_free(x->rings[s][d]);
        }
    }
    g_free(x);
}

void ps_xhci_set_qts(PsXhci *x, QTestState *qts)
{
    x->qts = qts;
}

uint32_t ps_xhci_portsc(PsXhci *x, int port)
{
    return rd32(x, x->op + PORTSC(port));
}

int ps_xhci_connected_port(PsXhci *x)
{
    for (int p = 1; p <= x->nports; p++) {
        if (ps_xhci_portsc(x, p) & PORTSC_CCS) {
            return p;
        }
    }
    return 0;
}

bool ps_xhci_irq_pending(PsXhci *x)
{
    return rd32(x, x->rt + IR0 + IMAN) & IMAN_IP;
}

void ps_xhci_doorbell(PsXhci *x, int slot, int target)
{
    wr32(x, x->db + 4 * slot, target);
}

void ps_xhci_queue_raw(PsXhci *x, int slot, int dci, uint64_t param,
                       uint32_t status, uint32_t control)
{
    ck_assert_ptr_nonnull(x->rings[slot][dci]);
    ring_push(x, x->rings[slot][dci], param, status, control);
}

int ps_xhci_attach(PsXhci *x, int port, int max_packet0)
{
    uint32_t sc;
    uint64_t in;
    Ring *ep0;
    int slot = 0;

    /* Port reset: write PR with PP kept, PED (RW1C) left alone. */
    wr32(x, x->op + PORTSC(port), PORTSC_PP | PORTSC_PR);
    sc = ps_xhci_portsc(x, port);
    ck_assert_msg(sc & PORTSC_PED, "port %d not enabled after reset (0x%x)",
                  port, sc);
    wr32(x, x->op + PORTSC(port), PORTSC_PP | (sc & PORTSC_CHANGES));

    ck_assert_int_eq(command(x, 0, TRB_TYPE(TRB_ENABLE_SLOT), &slot),
                     PS_XHCI_CC_SUCCESS);
    ck_assert(slot >= 1 && slot <= MAX_SLOTS);

    x->out_ctx[slot] = xalloc(x, CTX_SIZE * 32);
    qtest_writeq(x->qts, x->dcbaa + 8 * slot, x->out_ctx[slot]);
    in = x->in_ctx[slot] = xalloc(x, CTX_SIZE * 33);
    ep0 = x->rings[slot][1] = ring_new(x);

    qtest_writel(x->qts, in + 4, 0x3);                  /* add A0, A1 */
    qtest_writel(x->qts, in + CTX_SIZE,                 /* slot context */
                 (1u << 27) | (PORTSC_SPEED(sc) << 20));
    qtest_writel(x->qts, in + CTX_SIZE + 4, port << 16);
    qtest_writel(x->qts, in + 2 * CTX_SIZE + 4,         /* EP0: control */
                 (max_packet0 << 16) | (4 << 3) | (3 << 1));
    qtest_writeq(x->qts, in + 2 * CTX_SIZE + 8, ep0->base | 1);
    qtest_writel(x->qts, in + 2 * CTX_SIZE + 16, 8);
    ck_assert_int_eq(command(x, in, TRB_TYPE(TRB_ADDRESS_DEV) |
                             ((uint32_t)slot << 24), NULL),
                     PS_XHCI_CC_SUCCESS);
    return slot;
}

/* After a STALL: Reset Endpoint, then move the dequeue past the TD. */
static void recover_halted(PsXhci *x, int slot, int dci)
{
    Ring *r = x->rings[slot][dci];

    ck_assert_int_eq(command(x, 0, TRB_TYPE(TRB_RESET_EP) | (dci << 16) |
                             ((uint32_t)slot << 24), NULL),
                     PS_XHCI_CC_SUCCESS);
    ck_assert_int_eq(command(x, (r->base + r->idx * 16) | r->cycle,
                             TRB_TYPE(TRB_SET_DEQ) | (dci << 16) |
                             ((uint32_t)slot << 24), NULL),
                     PS_XHCI_CC_SUCCESS);
}

int ps_xhci_control(PsXhci *x, int slot, uint8_t bm_request_type,
                    uint8_t b_request, uint16_t w_value, uint16_t w_index,
                    uint16_t w_length, void *data, int *actual)
{
    Ring *ep0 = x->rings[slot][1];
    bool in = bm_request_type & PS_USB_DIR_IN;
    uint64_t setup = bm_request_type | (b_request << 8) |
                     ((uint64_t)w_value << 16) | ((uint64_t)w_index << 32) |
                     ((uint64_t)w_length << 48);
    uint64_t buf = 0, status_trb;
    int got = w_length, cc = PS_XHCI_CC_SUCCESS;
    Event e;

    ck_assert_ptr_nonnull(ep0);
    ring_push(x, ep0, setup, 8, TRB_TYPE(TRB_SETUP) | TRB_IDT |
              (w_length ? (in ? TRB_TRT_IN : TRB_TRT_OUT) : 0));
    if (w_length) {
        buf = xalloc(x, w_length);
        if (!in) {
            qtest_memwrite(x->qts, buf, data, w_length);
        }
        ring_push(x, ep0, buf, w_length, TRB_TYPE(TRB_DATA) | TRB_ISP |
                  (in ? TRB_DIR_IN : 0));
    }
    status_trb = ring_push(x, ep0, 0, 0, TRB_TYPE(TRB_STATUS) | TRB_IOC |
                           (in && w_length ? 0 : TRB_DIR_IN));
    ps_xhci_doorbell(x, slot, 1);

    /* A short data stage reports first; the status stage ends the TD. */
    while (take_event(x, TRB_EV_TRANSFER, 0, slot, 1, &e)) {
        int ecc = e.status >> 24;

        if (ecc == PS_XHCI_CC_SHORT_PACKET) {
            got = w_length - (e.status & 0xffffff);
            continue;
        }
        if (ecc != PS_XHCI_CC_SUCCESS) {
            cc = ecc;
            got = 0;
            recover_halted(x, slot, 1);
            break;
        }
        ck_assert_int_eq(e.param, status_trb);
        break;
    }
    if (in && got && data) {
        qtest_memread(x->qts, buf, data, got);
    }
    if (actual) {
        *actual = got;
    }
    return cc;
}

int ps_xhci_configure_int_in(PsXhci *x, int slot, int ep, int max_packet)
{
    int dci = 2 * ep + 1;
    uint64_t in = x->in_ctx[slot];
    uint64_t ctx = in + (dci + 1) * CTX_SIZE;
    Ring *r = x->rings[slot][dci] = ring_new(x);

    qtest_memset(x->qts, in, 0, CTX_SIZE * 33);
    qtest_writel(x->qts, in + 4, 1u | (1u << dci));     /* add A0, A(dci) */
    qtest_writel(x->qts, in + CTX_SIZE, (uint32_t)dci << 27);
    qtest_writel(x->qts, ctx, 3u << 16);                /* interval 2^3 */
    qtest_writel(x->qts, ctx + 4, (max_packet << 16) | (7 << 3) | (3 << 1));
    qtest_writeq(x->qts, ctx + 8, r->base | 1);
    qtest_writel(x->qts, ctx + 16, max_packet);
    return command(x, in, TRB_TYPE(TRB_CONFIG_EP) | ((uint32_t)slot << 24),
                   NULL);
}

int ps_xhci_configure_bulk(PsXhci *x, int slot, int ep_in, int ep_out,
                           int max_packet)
{
    static const int type[2] = { 2, 6 };        /* bulk OUT, bulk IN */
    int dci[2] = { 2 * ep_out, 2 * ep_in + 1 };
    uint64_t in = x->in_ctx[slot];
    uint32_t add = 1;

    qtest_memset(x->qts, in, 0, CTX_SIZE * 33);
    for (int i = 0; i < 2; i++) {
        uint64_t ctx = in + (dci[i] + 1) * CTX_SIZE;
        Ring *r = x->rings[slot][dci[i]] = ring_new(x);

        add |= 1u << dci[i];
        qtest_writel(x->qts, ctx + 4, (max_packet << 16) | (type[i] << 3) |
                     (3 << 1));
        qtest_writeq(x->qts, ctx + 8, r->base | 1);
        qtest_writel(x->qts, ctx + 16, max_packet);
    }
    qtest_writel(x->qts, in + 4, add);
    qtest_writel(x->qts, in + CTX_SIZE, (uint32_t)MAX(dci[0], dci[1]) << 27);
    return command(x, in, TRB_TYPE(TRB_CONFIG_EP) | ((uint32_t)slot << 24),
                   NULL);
}

static void queue_normal(PsXhci *x, int slot, int dci, const void *data,
                         int len)
{
    Pending *p;

    ck_assert_int_lt(x->n_pending, MAX_PENDING);
    ck_assert_ptr_nonnull(x->rings[slot][dci]);
    p = &x->pending[x->n_pending++];
    p->slot = slot;
    p->dci = dci;
    p->len = len;
    p->buf = xalloc(x, len);
    if (data) {
        qtest_memwrite(x->qts, p->buf, data, len);
    }
    p->trb = ring_push(x, x->rings[slot][dci], p->buf, len,
                       TRB_TYPE(TRB_NORMAL) | TRB_IOC | TRB_ISP);
    ps_xhci_doorbell(x, slot, dci);
}

void ps_xhci_out_queue(PsXhci *x, int slot, int ep, const void *data,
                       int len)
{
    queue_normal(x, slot, 2 * ep, data, len);
}

static bool pending_done(PsXhci *x, Pending *p, int *cc, void *data,
                         int *actual)
{
    Event e;
    int got;

    if (!take_event(x, TRB_EV_TRANSFER, p->trb, 0, 0, &e)) {
        return false;
    }
    *cc = e.status >> 24;
    got = p->len - (e.status & 0xffffff);
    if (*cc != PS_XHCI_CC_SUCCESS && *cc != PS_XHCI_CC_SHORT_PACKET) {
        got = 0;
    }
    if (got && data && (p->dci & 1)) {
        qtest_memread(x->qts, p->buf, data, got);
    }
    if (actual) {
        *actual = got;
    }
    memmove(p, p + 1, (&x->pending[x->n_pending] - p - 1) * sizeof(*p));
    x->n_pending--;
    return true;
}

void ps_xhci_recover(PsXhci *x, int slot, int ep_addr)
{
    recover_halted(x, slot, 2 * (ep_addr & 0xf) + !!(ep_addr & PS_USB_DIR_IN));
}

bool ps_xhci_xfer_done(PsXhci *x, int slot, int ep_addr, int *cc,
                       void *data, int *actual)
{
    int dci = 2 * (ep_addr & 0xf) + !!(ep_addr & PS_USB_DIR_IN);

    for (int i = 0; i < x->n_pending; i++) {
        if (x->pending[i].slot == slot && x->pending[i].dci == dci) {
            return pending_done(x, &x->pending[i], cc, data, actual);
        }
    }
    ck_abort_msg("no transfer queued on endpoint 0x%02x", ep_addr);
    return false;
}

void ps_xhci_in_queue(PsXhci *x, int slot, int ep, int len)
{
    queue_normal(x, slot, 2 * ep + 1, NULL, len);
}

bool ps_xhci_in_done(PsXhci *x, int *cc, void *data, int *actual)
{
    ck_assert_int_gt(x->n_pending, 0);
    return pending_done(x, &x->pending[0], cc, data, actual);
}
