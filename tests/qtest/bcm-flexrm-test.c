/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Broadcom FlexRM ring manager with the SBA-RAID engine (slot 27,
 * 0x101b0000, two 64 KiB ring windows, MSIs instead of an SPI): the
 * device-tree nodes, the rings started as Linux's bcm-flexrm-mailbox.c
 * starts them, requests built as its flexrm_sba_write_descs() builds the
 * commands of bcm-sba-raid.c (memcpy, xor, P+Q checked against a GF(2^8)
 * reference, the pq_single slow path, continuation headers, next-pointer
 * crossings), completions and the MSI rules, polling in virtual time,
 * hostile programming, reset, and a migration with work pending.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/misc/bcm_flexrm_regs.h"
#include "hw/misc/bcm_sba_engine.h"
#include "check-tap.h"
#include "xorshift.h"
#include <libfdt.h>

#define FR_BASE     0x101b0000ull
#define FR_PATH     "/machine/bcm-flexrm"
#define COMPAT      "brcm,iproc-flexrm-mbox"
#define SBA_COMPAT  "brcm,iproc-sba-v2"
#define NRINGS      2
#define MSI_DEVID   0xfe00

/* Guest RAM (-m 128M): rings, MSI targets, response words, buffers. */
#define RAM         0x40000000ull
#define RAM_END     (RAM + 128 * 1024 * 1024)
#define BD_RING(n)  (RAM + 0x100000 + (n) * 0x10000)
#define CMPL_RING(n) (RAM + 0x200000 + (n) * 0x10000)
#define MSI_ADDR(n) (RAM + 0x300000 + (n) * 0x100)
#define MSI_DATA(n) (0x20 + (n))
#define RESP(id)    (RAM + 0x380000 + ((id) & 0xfff) * 8)
#define SCRATCH     (RAM + 0x3c0000)            /* tables of bad chains */
#define DATA(i)     (RAM + 0x400000 + (i) * 0x1000)
#define NOWHERE     0x3f000000000ull            /* no memory here */
/* No memory either, and inside the 40 bits the ring addresses take. */
#define NOWHERE_RING 0x3f00000000ull

/* A smaller BD ring than the driver's 256 KiB: two 4 KiB tables. */
#define BD_PAGES    2
#define BD_SIZE     (BD_PAGES << FLEXRM_BD_TABLE_SHIFT)
#define BD_DESCS    (BD_SIZE / FLEXRM_DESC_SIZE)
#define CMPL_SIZE   (FLEXRM_CMPL_DESCS * FLEXRM_DESC_SIZE)
/* An active ring is polled at least every millisecond. */
#define POLL_NS     (2 * 1000 * 1000)
#define US          1000

#define HDR_BDCOUNT_MAX 31
#define TOGGLE_BIT      (1ull << 58)

/* struct brcm_sba_command's flags (include/linux/mailbox/brcm-message.h) */
#define CMD_TYPE_A      (1u << 0)
#define CMD_TYPE_B      (1u << 1)
#define CMD_TYPE_C      (1u << 2)
#define CMD_HAS_RESP    (1u << 3)
#define CMD_HAS_OUTPUT  (1u << 4)
#define SBA_RESP_LEN    8               /* hw_resp_size of SBA v2 */

typedef struct Ring {
    uint64_t bd, cmpl;
    uint32_t bd_write_offset;           /* the driver's bookkeeping */
    uint32_t cmpl_read_offset;
    uint64_t mirror[BD_DESCS];          /* what the BD ring holds */
} Ring;

typedef struct Fr {
    PsQTest *t;
    QTestState *qts;
    uint64_t base;
    Ring ring[NRINGS];
} Fr;

typedef struct SbaCmd {
    uint64_t cmd;
    unsigned flags;
    uint64_t data;
    unsigned data_len;
    uint64_t resp;
    unsigned resp_len;
} SbaCmd;

/* A brcm_message of type SBA: its commands and its response word. */
typedef struct Msg {
    SbaCmd c[64];
    int n;
    uint64_t resp;
} Msg;

static uint8_t gf_exp[256], gf_log[256];

/* --- GF(2^8) over x^8+x^4+x^3+x^2+1 (0x11d), generator 2: raid6's --- */

static void gf_init(void)
{
    unsigned x = 1;

    for (int i = 0; i < 255; i++) {
        gf_exp[i] = x;
        gf_log[x] = i;
        x <<= 1;
        if (x & 0x100) {
            x ^= 0x11d;
        }
    }
    gf_exp[255] = gf_exp[0];
    gf_log[0] = 255;
}

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    return a && b ? gf_exp[(gf_log[a] + gf_log[b]) % 255] : 0;
}

/* --- registers and memory --- */

static uint64_t reg(Fr *f, int n, uint32_t r)
{
    return f->base + n * FLEXRM_RING_SIZE + r;
}

static uint32_t rd(Fr *f, int n, uint32_t r)
{
    return qtest_readl(f->qts, reg(f, n, r));
}

static void wr(Fr *f, int n, uint32_t r, uint32_t v)
{
    qtest_writel(f->qts, reg(f, n, r), v);
}

static void step(Fr *f)
{
    qtest_clock_step(f->qts, POLL_NS);
}

static void log_has(Fr *f, const char *what)
{
    g_autofree char *log = ps_log_take(f->t);

    ck_assert_msg(strstr(log, what), "no \"%s\" in the log:\n%s", what,
                  log);
}

static void log_clean(Fr *f)
{
    g_autofree char *log = ps_log_take(f->t);

    ck_assert_msg(!*log, "unexpected guest errors:\n%s", log);
}

static int64_t qom(Fr *f, const char *prop)
{
    return ps_qom_int(f->qts, FR_PATH, prop);
}

/* Random bytes at addr; the same bytes into copy. */
static void fill_rand(Fr *f, uint64_t addr, uint8_t *copy, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        copy[i] = rnd();
    }
    qtest_bufwrite(f->qts, addr, copy, len);
}

static void mem_expect(Fr *f, uint64_t addr, const uint8_t *want, size_t len)
{
    g_autofree uint8_t *got = g_malloc(len);

    qtest_bufread(f->qts, addr, got, len);
    ck_assert_mem_eq(got, want, len);
}

static uint32_t msi_take(Fr *f, int n)
{
    uint32_t v = qtest_readl(f->qts, MSI_ADDR(n));

    qtest_writel(f->qts, MSI_ADDR(n), 0);
    return v;
}

static Fr *fr_wrap(PsQTest *t, uint64_t base)
{
    Fr *f = g_new0(Fr, 1);

    f->t = t;
    f->qts = t->qts;
    f->base = base;
    for (int n = 0; n < NRINGS; n++) {
        f->ring[n].bd = BD_RING(n);
        f->ring[n].cmpl = CMPL_RING(n);
    }
    return f;
}

static Fr *fr_start(void)
{
    return fr_wrap(ps_qtest_start("presilicon", "%s", ""), FR_BASE);
}

static void fr_quit(Fr *f)
{
    ps_qtest_quit(f->t);
    g_free(f);
}

/* --- descriptors, encoded as the driver's helpers do --- */

static uint64_t d_null(unsigned toggle)
{
    return (uint64_t)FLEXRM_NULL << 60 | (uint64_t)(toggle & 1) << 58;
}

static uint64_t d_nptr(unsigned toggle, uint64_t addr)
{
    return (uint64_t)FLEXRM_NPTR << 60 | (uint64_t)(toggle & 1) << 58 |
           (addr & 0xfffffffffffull);
}

static uint64_t d_header(unsigned toggle, unsigned start, unsigned end,
                         unsigned bdcount, unsigned opaque)
{
    return (uint64_t)FLEXRM_HEADER << 60 | (uint64_t)(toggle & 1) << 58 |
           (uint64_t)(end & 1) << 57 | (uint64_t)(start & 1) << 56 |
           (uint64_t)(bdcount & 0x1f) << 36 | (opaque & 0xffff);
}

static uint64_t d_buf(unsigned type, uint64_t addr, unsigned len)
{
    return (uint64_t)type << 60 | (uint64_t)(len & 0xffff) << 44 |
           (addr & 0xfffffffffffull);
}

static uint64_t d_imm(unsigned type, uint64_t data)
{
    return (uint64_t)type << 60 | (data & 0x0fffffffffffffffull);
}

/* RING_BD_TOGGLE_VALID(): the valid toggle of the table holding off. */
static unsigned toggle_valid(uint32_t off)
{
    return !((off >> FLEXRM_BD_TABLE_SHIFT) & 1);
}

static uint32_t bd_next(uint32_t off)
{
    off += FLEXRM_DESC_SIZE;
    return off == BD_SIZE ? 0 : off;
}

static bool bd_is_nptr(Ring *r, uint32_t off)
{
    return FLEXRM_DESC_TYPE(r->mirror[off / 8]) == FLEXRM_NPTR;
}

static void bd_put(Fr *f, Ring *r, uint32_t off, uint64_t d)
{
    r->mirror[off / 8] = d;
    qtest_writeq(f->qts, r->bd + off, d);
}

/* --- the driver: ring start-up and shutdown --- */

/* flexrm_mbox_msi_write(): where the ring's MSI goes. */
static void ring_msi(Fr *f, int n, uint64_t addr, uint32_t data)
{
    wr(f, n, A_RING_MSI_ADDR_LS, addr);
    wr(f, n, A_RING_MSI_ADDR_MS, addr >> 32);
    wr(f, n, A_RING_MSI_DATA_VALUE, data);
}

/* flexrm_startup(), with a BD ring of BD_PAGES tables. */
static void ring_startup(Fr *f, int n, unsigned count, unsigned timer)
{
    Ring *r = &f->ring[n];
    uint64_t le[BD_DESCS];
    uint32_t off;

    for (off = 0; off < BD_SIZE; off += FLEXRM_DESC_SIZE) {
        uint64_t next = off + FLEXRM_DESC_SIZE;

        if (next == BD_SIZE) {
            next = 0;
        }
        next += r->bd;
        if (!(next & ((1 << FLEXRM_BD_TABLE_SHIFT) - 1))) {
            r->mirror[off / 8] = d_nptr(toggle_valid(off), next);
        } else {
            r->mirror[off / 8] = d_null(!toggle_valid(off));
        }
        le[off / 8] = cpu_to_le64(r->mirror[off / 8]);
    }
    qtest_bufwrite(f->qts, r->bd, le, sizeof(le));
    if (r->cmpl < RAM_END) {
        qtest_memset(f->qts, r->cmpl, 0, CMPL_SIZE);    /* dma_pool_zalloc */
    }
    ring_msi(f, n, MSI_ADDR(n), MSI_DATA(n));
    qtest_writel(f->qts, MSI_ADDR(n), 0);

    wr(f, n, A_RING_CONTROL, 0);
    wr(f, n, A_RING_BD_START_ADDR, r->bd >> FLEXRM_BD_TABLE_SHIFT);
    r->bd_write_offset = rd(f, n, A_RING_BD_WRITE_PTR) * FLEXRM_DESC_SIZE;
    ck_assert_uint_eq(r->bd_write_offset, 0);
    wr(f, n, A_RING_CMPL_START_ADDR, r->cmpl >> FLEXRM_CMPL_SHIFT);
    r->cmpl_read_offset = rd(f, n, A_RING_CMPL_WRITE_PTR) *
                          FLEXRM_DESC_SIZE;
    ck_assert_uint_eq(r->cmpl_read_offset, 0);
    rd(f, n, A_RING_NUM_REQ_RECV_LS);
    rd(f, n, A_RING_NUM_REQ_RECV_MS);
    rd(f, n, A_RING_NUM_REQ_TRANS_LS);
    rd(f, n, A_RING_NUM_REQ_TRANS_MS);
    rd(f, n, A_RING_NUM_REQ_OUTSTAND);
    wr(f, n, A_RING_MSI_CONTROL,
       FIELD_DP32(FIELD_DP32(FIELD_DP32(0, RING_MSI_CONTROL, TIMER, timer),
                             RING_MSI_CONTROL, ENABLE, 1),
                  RING_MSI_CONTROL, COUNT, count));
    wr(f, n, A_RING_CONTROL, R_RING_CONTROL_ACTIVE_MASK);
}

/* flexrm_shutdown()'s register part: inactive, flush, flush cleared. */
static void ring_shutdown(Fr *f, int n)
{
    wr(f, n, A_RING_CONTROL, 0);
    wr(f, n, A_RING_CONTROL, R_RING_CONTROL_FLUSH_MASK);
    ck_assert_uint_eq(rd(f, n, A_RING_FLUSH_DONE) &
                      R_RING_FLUSH_DONE_DONE_MASK, 1);
    wr(f, n, A_RING_CONTROL, 0);
    ck_assert_uint_eq(rd(f, n, A_RING_FLUSH_DONE) &
                      R_RING_FLUSH_DONE_DONE_MASK, 0);
}

/* --- the driver: requests --- */

/* flexrm_estimate_header_desc_count() */
static uint32_t header_count(uint32_t nhcnt)
{
    return nhcnt / HDR_BDCOUNT_MAX + !(nhcnt % HDR_BDCOUNT_MAX);
}

/* flexrm_enqueue_desc() */
static void enqueue(Fr *f, Ring *r, uint32_t nhpos, uint32_t nhcnt,
                    uint32_t reqid, uint64_t desc, uint32_t *off,
                    unsigned *toggle)
{
    if (nhcnt <= nhpos) {
        return;
    }
    if (nhpos % HDR_BDCOUNT_MAX == 0) {
        uint32_t avail = nhcnt - nhpos;

        bd_put(f, r, *off, d_header(nhpos == 0 ? !*toggle : *toggle,
                                    nhpos == 0, avail <= HDR_BDCOUNT_MAX,
                                    MIN(avail, HDR_BDCOUNT_MAX), reqid));
        *off = bd_next(*off);
        while (bd_is_nptr(r, *off)) {
            *toggle ^= 1;
            *off = bd_next(*off);
        }
    }
    bd_put(f, r, *off, desc);
    *off = bd_next(*off);
    while (bd_is_nptr(r, *off)) {
        *toggle ^= 1;
        *off = bd_next(*off);
    }
}

/*
 * flexrm_sba_write_descs() on non-header descriptors: headers with the
 * first one's toggle invalid, the null with the invalid toggle after
 * them, then the first header's toggle flipped.
 */
static uint32_t write_descs(Fr *f, int n, const uint64_t *d, int nd,
                            uint32_t reqid)
{
    Ring *r = &f->ring[n];
    uint32_t start = r->bd_write_offset, off = start;
    unsigned toggle = toggle_valid(off);

    ck_assert_int_gt(nd, 0);
    for (int i = 0; i < nd; i++) {
        enqueue(f, r, i, nd, reqid, d[i], &off, &toggle);
    }
    bd_put(f, r, off, d_null(!toggle));
    bd_put(f, r, start, r->mirror[start / 8] ^ TOGGLE_BIT);
    r->bd_write_offset = off;
    return start;
}

/* The driver's view of the hardware's read offset in the BD ring. */
static uint32_t bd_read_offset(Fr *f, int n)
{
    uint32_t idx = rd(f, n, A_RING_BD_READ_PTR);
    uint64_t table = (uint64_t)FIELD_EX32(rd(f, n, A_RING_BD_START_ADDR),
                                          RING_BD_START_ADDR, ADDR)
                     << FLEXRM_BD_TABLE_SHIFT;

    return idx * FLEXRM_DESC_SIZE + (uint32_t)(table - f->ring[n].bd);
}

/* flexrm_new_request(): the space check, then the descriptors. */
static uint32_t new_request(Fr *f, int n, const uint64_t *d, int nd,
                            uint32_t reqid)
{
    Ring *r = &f->ring[n];
    uint32_t read_offset = bd_read_offset(f, n);
    uint32_t count = header_count(nd) + nd + 1;
    uint32_t off = r->bd_write_offset;

    while (count) {
        if (!bd_is_nptr(r, off)) {
            count--;
        }
        off = bd_next(off);
        if (off == read_offset) {
            break;
        }
    }
    ck_assert_uint_eq(count, 0);
    return write_descs(f, n, d, nd, reqid);
}

/*
 * Raw descriptors for hostile requests, each a slot of the ring (next
 * pointers skipped): a header, null or next pointer given with the toggle
 * bit set gets the valid toggle of its place, clear the invalid one. A
 * first header goes in invalid and is flipped once the null after the
 * whole sequence is there.
 */
static void write_raw(Fr *f, int n, const uint64_t *d, int nd)
{
    Ring *r = &f->ring[n];
    uint32_t start = r->bd_write_offset, off = start;
    unsigned toggle = toggle_valid(off);
    bool flip = false;

    while (bd_is_nptr(r, off)) {
        toggle ^= 1;
        off = bd_next(off);
    }
    start = off;
    for (int i = 0; i < nd; i++) {
        uint64_t v = d[i];
        unsigned t = FLEXRM_DESC_TYPE(v);

        if (t == FLEXRM_HEADER || t == FLEXRM_NULL || t == FLEXRM_NPTR) {
            unsigned valid = FLEXRM_DESC_TOGGLE(v);

            v &= ~TOGGLE_BIT;
            v |= (uint64_t)(valid ? toggle : !toggle) << 58;
            if (i == 0 && t == FLEXRM_HEADER && valid) {
                v ^= TOGGLE_BIT;
                flip = true;
            }
        }
        bd_put(f, r, off, v);
        off = bd_next(off);
        while (bd_is_nptr(r, off)) {
            toggle ^= 1;
            off = bd_next(off);
        }
    }
    bd_put(f, r, off, d_null(!toggle));
    if (flip) {
        bd_put(f, r, start, r->mirror[start / 8] ^ TOGGLE_BIT);
    }
    r->bd_write_offset = off;
}

/* flexrm_process_completions(): what RING_CMPL_WRITE_PTR says is done. */
static int cmpl_take(Fr *f, int n, uint64_t *out, int max)
{
    Ring *r = &f->ring[n];
    uint32_t w = rd(f, n, A_RING_CMPL_WRITE_PTR) * FLEXRM_DESC_SIZE;
    int k = 0;

    while (r->cmpl_read_offset != w) {
        ck_assert_int_lt(k, max);
        out[k++] = qtest_readq(f->qts, r->cmpl + r->cmpl_read_offset);
        r->cmpl_read_offset = (r->cmpl_read_offset + FLEXRM_DESC_SIZE) %
                              CMPL_SIZE;
    }
    return k;
}

/* Exactly one completion waits: reqid's, with this status. */
static void expect_cmpl(Fr *f, int n, uint32_t reqid, unsigned engine,
                        unsigned dme, unsigned rm)
{
    uint64_t c[4];

    ck_assert_int_eq(cmpl_take(f, n, c, 4), 1);
    ck_assert_uint_eq(c[0], FLEXRM_CMPL(reqid, engine, dme, rm));
}

static void expect_no_cmpl(Fr *f, int n)
{
    uint64_t c[4];

    ck_assert_int_eq(cmpl_take(f, n, c, 4), 0);
}

/* --- bcm-sba-raid: commands --- */

static uint64_t sba_cmd(unsigned type, unsigned len, bool resp,
                        unsigned c_mdata, unsigned op)
{
    return (uint64_t)(type & 3) << 48 | (uint64_t)(len & 0xffff) << 32 |
           (uint64_t)((c_mdata >> 8) & 3) << 18 | (uint64_t)resp << 16 |
           (uint64_t)(c_mdata & 0xff) << 8 | (op & 0xf);
}

/* sba_cmd_pq_c_mdata(d, b1, b0); load, write and xor are b0 (b1) alone. */
static unsigned mdata_pq(unsigned d, unsigned b1, unsigned b0)
{
    return (b0 & 3) | (b1 & 3) << 2 | (d & 0x1f) << 5;
}

static SbaCmd *m_add(Msg *m)
{
    ck_assert_int_lt(m->n, ARRAY_SIZE(m->c));
    return memset(&m->c[m->n++], 0, sizeof(SbaCmd));
}

static void m_type_b(Msg *m, unsigned op, unsigned mdata, uint64_t src,
                     unsigned len)
{
    SbaCmd *c = m_add(m);

    c->cmd = sba_cmd(SBA_TYPE_B, len, false, mdata, op);
    c->flags = CMD_TYPE_B;
    c->data = src;
    c->data_len = len;
}

static void m_type_a(Msg *m, unsigned op, unsigned mdata, unsigned len)
{
    SbaCmd *c = m_add(m);

    c->cmd = sba_cmd(SBA_TYPE_A, len, false, mdata, op);
    c->flags = CMD_TYPE_A;
}

/* Type-A WRITE_BUFFER of buffer b, with the response word. */
static void m_write(Msg *m, unsigned b, uint64_t dst, unsigned len)
{
    SbaCmd *c = m_add(m);

    c->cmd = sba_cmd(SBA_TYPE_A, len, true, b, SBA_OP_WRITE_BUFFER);
    c->flags = CMD_TYPE_A | CMD_HAS_RESP | CMD_HAS_OUTPUT;
    c->resp = m->resp;
    c->resp_len = SBA_RESP_LEN;
    c->data = dst;
    c->data_len = len;
}

/* sba_fillup_memcpy_msg() */
static void fill_memcpy(Msg *m, uint64_t dst, uint64_t src, unsigned len)
{
    m_type_b(m, SBA_OP_LOAD_BUFFER, 0, src, len);
    m_write(m, 0, dst, len);
}

/* sba_fillup_xor_msg() */
static void fill_xor(Msg *m, uint64_t dst, const uint64_t *src, int n,
                     unsigned len)
{
    m_type_b(m, SBA_OP_LOAD_BUFFER, 0, src[0], len);
    for (int i = 1; i < n; i++) {
        m_type_b(m, SBA_OP_XOR, 0, src[i], len);
    }
    m_write(m, 0, dst, len);
}

/* sba_fillup_pq_msg() of a first request (no DMA_PREP_CONTINUE). */
static void fill_pq(Msg *m, uint64_t p, uint64_t q, const uint8_t *scf,
                    const uint64_t *src, int n, unsigned len)
{
    m_type_a(m, SBA_OP_ZERO_ALL_BUFFERS, 0, len);
    for (int i = 0; i < n; i++) {
        m_type_b(m, SBA_OP_GALOIS_XOR, mdata_pq(gf_log[scf[i]], 1, 0),
                 src[i], len);
    }
    m_write(m, 0, p, len);
    m_write(m, 1, q, len);
}

/* sba_fillup_pq_single_msg(): a coefficient beyond the engine's 30. */
static void fill_pq_single(Msg *m, bool cont, uint64_t p, uint64_t q,
                           uint64_t src, uint8_t scf, unsigned len)
{
    unsigned dpos = gf_log[scf], pos;

    if (cont) {
        m_type_b(m, SBA_OP_LOAD_BUFFER, 0, p, len);
        m_type_b(m, SBA_OP_XOR, 0, src, len);
    } else {
        m_type_b(m, SBA_OP_LOAD_BUFFER, 0, src, len);
    }
    m_write(m, 0, p, len);
    m_type_a(m, SBA_OP_ZERO_ALL_BUFFERS, 0, len);
    if (dpos != 255) {
        pos = MIN(dpos, SBA_MAX_COEFS - 1);
        m_type_b(m, SBA_OP_GALOIS, mdata_pq(pos, 0, 0), src, len);
        dpos -= pos;
        while (dpos) {
            pos = MIN(dpos, SBA_MAX_COEFS - 1);
            m_type_a(m, SBA_OP_GALOIS, mdata_pq(pos, 0, 1), len);
            dpos -= pos;
        }
    }
    if (cont) {
        m_type_b(m, SBA_OP_XOR, 0, q, len);
    }
    m_write(m, 0, q, len);
}

/* The descriptors flexrm_sba_write_descs() makes of the commands. */
static int sba_descs(const Msg *m, uint64_t *d)
{
    int k = 0;

    for (int i = 0; i < m->n; i++) {
        const SbaCmd *c = &m->c[i];

        if ((c->flags & CMD_HAS_RESP) && (c->flags & CMD_HAS_OUTPUT)) {
            d[k++] = d_buf(FLEXRM_DST, c->resp, c->resp_len);
        } else if (c->flags & CMD_HAS_RESP) {
            d[k++] = d_buf(FLEXRM_DSTT, c->resp, c->resp_len);
        }
        if (c->flags & CMD_HAS_OUTPUT) {
            d[k++] = d_buf(FLEXRM_DSTT, c->data, c->data_len);
        }
        d[k++] = d_imm(c->flags & CMD_TYPE_B ? FLEXRM_IMM : FLEXRM_IMMT,
                       c->cmd);
        if (c->flags & (CMD_TYPE_B | CMD_TYPE_C)) {
            d[k++] = d_buf(FLEXRM_SRCT, c->data, c->data_len);
        }
    }
    return k;
}

/* mbox_send_message() of an SBA message as request reqid. */
static int send_msg(Fr *f, int n, const Msg *m, uint32_t reqid)
{
    uint64_t d[4 * ARRAY_SIZE(m->c)];
    int nd = sba_descs(m, d);

    new_request(f, n, d, nd, reqid);
    return nd;
}

/* A memcpy as request reqid, its response word at RESP(reqid). */
static void send_memcpy(Fr *f, int n, uint32_t reqid, uint64_t dst,
                        uint64_t src, unsigned len)
{
    Msg m = { .resp = RESP(reqid) };

    fill_memcpy(&m, dst, src, len);
    send_msg(f, n, &m, reqid);
}

/* A good memcpy runs on ring n and completes: the ring is alive. */
static void check_memcpy_works(Fr *f, int n, uint32_t reqid)
{
    uint8_t src[256];

    fill_rand(f, DATA(60), src, sizeof(src));
    qtest_memset(f->qts, DATA(61), 0, sizeof(src));
    send_memcpy(f, n, reqid, DATA(61), DATA(60), sizeof(src));
    step(f);
    expect_cmpl(f, n, reqid, 0, 0, 0);
    mem_expect(f, DATA(61), src, sizeof(src));
}

/*
 * Flushed and started again, as the driver's shutdown and startup do:
 * the ring runs a good memcpy, with nothing more in the log.
 */
static void check_recovers(Fr *f, int n, uint32_t reqid)
{
    ring_shutdown(f, n);
    ring_startup(f, n, 1, 0xffff);
    check_memcpy_works(f, n, reqid);
    log_clean(f);
}

/* ---- device tree ---- */

static int want_rings = NRINGS;

static void check_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size;
    const fdt32_t *msi, *mb;
    int len, its, sba, nsba = 0;
    uint32_t ph, seen = 0;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, want_rings * FLEXRM_RING_SIZE);
    its = fdt_node_offset_by_compatible(fdt, -1, "arm,gic-v3-its");
    ck_assert_int_ge(its, 0);
    ck_assert_uint_ne(fdt_get_phandle(fdt, its), 0);
    msi = fdt_getprop(fdt, node, "msi-parent", &len);
    ck_assert_int_eq(len, 8);
    ck_assert_uint_eq(fdt32_to_cpu(msi[0]), fdt_get_phandle(fdt, its));
    ck_assert_uint_eq(fdt32_to_cpu(msi[1]), MSI_DEVID);
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "#mbox-cells", 0), 3);
    ck_assert_ptr_nonnull(fdt_getprop(fdt, node, "dma-coherent", &len));
    ph = fdt_get_phandle(fdt, node);
    ck_assert_uint_ne(ph, 0);
    /* One SBA-RAID channel per ring: <&flexrm ring threshold timer>. */
    for (sba = fdt_node_offset_by_compatible(fdt, -1, SBA_COMPAT); sba >= 0;
         sba = fdt_node_offset_by_compatible(fdt, sba, SBA_COMPAT)) {
        unsigned ring;

        mb = fdt_getprop(fdt, sba, "mboxes", &len);
        ck_assert_int_eq(len, 16);
        ck_assert_uint_eq(fdt32_to_cpu(mb[0]), ph);
        ring = fdt32_to_cpu(mb[1]);
        ck_assert_uint_lt(ring, want_rings);
        ck_assert(!(seen & (1u << ring)));
        seen |= 1u << ring;
        ck_assert_uint_eq(fdt32_to_cpu(mb[2]), 1);
        ck_assert_uint_eq(fdt32_to_cpu(mb[3]), 0xffff);
        nsba++;
    }
    ck_assert_int_eq(nsba, want_rings);
    ck_assert_uint_eq(seen, (1u << want_rings) - 1);
}

START_TEST(test_device_tree_node)
{
    ps_check_builtin_node(COMPAT, FR_BASE, check_node);
}
END_TEST

START_TEST(test_bare_placements)
{
    PsQTest *t;
    uint64_t base;
    Fr *f;

    ps_check_bare_has_no_node(COMPAT, FR_BASE + A_RING_VER);
    t = ps_start_bare_device("bcm-flexrm", COMPAT, check_node, &base);
    f = fr_wrap(t, base);
    for (int n = 0; n < NRINGS; n++) {
        ck_assert_uint_eq(rd(f, n, A_RING_VER), FLEXRM_RING_VER_MAGIC);
    }
    /* The placed model works: a memcpy on ring 1 with its MSI. */
    ring_startup(f, 1, 1, 0xffff);
    check_memcpy_works(f, 1, 3);
    ck_assert_uint_eq(msi_take(f, 1), MSI_DATA(1));
    log_clean(f);
    fr_quit(f);

    want_rings = 1;
    t = ps_start_bare_device("bcm-flexrm,num-rings=1", COMPAT, check_node,
                             &base);
    want_rings = NRINGS;
    f = fr_wrap(t, base);
    ck_assert_uint_eq(rd(f, 0, A_RING_VER), FLEXRM_RING_VER_MAGIC);
    fr_quit(f);
}
END_TEST

/* A user's mistakes stop QEMU with a message naming the property. */
START_TEST(test_bad_options_refused)
{
    ps_expect_refused("-device bcm-flexrm,num-rings=0", "num-rings=0");
    ps_expect_refused("-device bcm-flexrm,num-rings=33", "num-rings=33");
    ps_expect_refused("-device bcm-flexrm,msi-device-id=0x10000",
                      "16-bit device IDs");
}
END_TEST

/* ---- registers and start-up ---- */

START_TEST(test_ring_startup)
{
    Fr *f = fr_start();
    static const uint32_t zero_regs[] = {
        A_RING_BD_START_ADDR, A_RING_BD_READ_PTR, A_RING_BD_WRITE_PTR,
        A_RING_BD_READ_PTR_DDR_LS, A_RING_BD_READ_PTR_DDR_MS,
        A_RING_CMPL_START_ADDR, A_RING_CMPL_WRITE_PTR,
        A_RING_NUM_REQ_RECV_LS, A_RING_NUM_REQ_RECV_MS,
        A_RING_NUM_REQ_TRANS_LS, A_RING_NUM_REQ_TRANS_MS,
        A_RING_NUM_REQ_OUTSTAND, A_RING_CONTROL, A_RING_FLUSH_DONE,
        A_RING_MSI_ADDR_LS, A_RING_MSI_ADDR_MS, A_RING_MSI_CONTROL,
        A_RING_BD_READ_PTR_DDR_CONTROL, A_RING_MSI_DATA_VALUE,
    };
    uint64_t c[4];

    for (int n = 0; n < NRINGS; n++) {
        ck_assert_uint_eq(rd(f, n, A_RING_VER), FLEXRM_RING_VER_MAGIC);
        for (int i = 0; i < ARRAY_SIZE(zero_regs); i++) {
            ck_assert_uint_eq(rd(f, n, zero_regs[i]), 0);
        }
    }
    /* Past the rings: nothing (the window is two rings wide). */
    ck_assert_uint_eq(qtest_readl(f->qts, FR_BASE + NRINGS *
                                  FLEXRM_RING_SIZE), 0);
    g_free(ps_log_take(f->t));

    ring_startup(f, 0, 1, 0xffff);
    ck_assert_uint_eq(rd(f, 0, A_RING_BD_START_ADDR),
                      BD_RING(0) >> FLEXRM_BD_TABLE_SHIFT);
    ck_assert_uint_eq(rd(f, 0, A_RING_CMPL_START_ADDR),
                      CMPL_RING(0) >> FLEXRM_CMPL_SHIFT);
    ck_assert_uint_eq(rd(f, 0, A_RING_MSI_CONTROL),
                      0xffffu << 16 | 1u << 15 | 1);
    ck_assert_uint_eq(rd(f, 0, A_RING_CONTROL), R_RING_CONTROL_ACTIVE_MASK);
    ck_assert_uint_eq(rd(f, 0, A_RING_MSI_ADDR_LS), (uint32_t)MSI_ADDR(0));
    ck_assert_uint_eq(rd(f, 0, A_RING_MSI_ADDR_MS), MSI_ADDR(0) >> 32);
    ck_assert_uint_eq(rd(f, 0, A_RING_MSI_DATA_VALUE), MSI_DATA(0));
    /* Ring 1 was left alone. */
    ck_assert_uint_eq(rd(f, 1, A_RING_CONTROL), 0);

    /* Null descriptors with the invalid toggle are no work, however long. */
    for (int i = 0; i < 5; i++) {
        step(f);
    }
    ck_assert_uint_eq(rd(f, 0, A_RING_BD_READ_PTR), 0);
    ck_assert_int_eq(cmpl_take(f, 0, c, 4), 0);
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(0)), 0);
    ck_assert_uint_eq(msi_take(f, 0), 0);

    /* Two requests: the counters count them and clear on read. */
    check_memcpy_works(f, 0, 1);
    check_memcpy_works(f, 0, 2);
    ck_assert_uint_eq(rd(f, 0, A_RING_NUM_REQ_RECV_LS), 2);
    ck_assert_uint_eq(rd(f, 0, A_RING_NUM_REQ_RECV_MS), 0);
    ck_assert_uint_eq(rd(f, 0, A_RING_NUM_REQ_RECV_LS), 0);
    ck_assert_uint_eq(rd(f, 0, A_RING_NUM_REQ_TRANS_LS), 2);
    ck_assert_uint_eq(rd(f, 0, A_RING_NUM_REQ_TRANS_MS), 0);
    ck_assert_uint_eq(rd(f, 0, A_RING_NUM_REQ_TRANS_LS), 0);
    ck_assert_uint_eq(rd(f, 0, A_RING_NUM_REQ_OUTSTAND), 0);
    ck_assert_uint_eq(rd(f, 0, A_RING_BD_READ_PTR) * FLEXRM_DESC_SIZE,
                      f->ring[0].bd_write_offset);
    ck_assert_uint_eq(rd(f, 0, A_RING_BD_WRITE_PTR) * FLEXRM_DESC_SIZE,
                      f->ring[0].bd_write_offset);
    log_clean(f);
    fr_quit(f);
}
END_TEST

/* ---- the data path ---- */

START_TEST(test_memcpy_both_rings)
{
    Fr *f = fr_start();
    static uint8_t big[4096], small[100];
    uint8_t guard[8];
    Msg m = { .resp = RESP(1) };

    rnd_state = 0x5ba0001;
    ring_startup(f, 0, 1, 0xffff);
    ring_startup(f, 1, 1, 0xffff);
    fill_rand(f, DATA(0), big, sizeof(big));
    fill_rand(f, DATA(2), small, sizeof(small));
    qtest_memset(f->qts, DATA(1), 0xee, 4096);
    qtest_memset(f->qts, DATA(3), 0xee, 4096);

    /* 4 KiB (a whole engine buffer) on ring 0, 100 bytes on ring 1. */
    fill_memcpy(&m, DATA(1), DATA(0), sizeof(big));
    ck_assert_int_eq(send_msg(f, 0, &m, 1), 5);
    send_memcpy(f, 1, 7, DATA(3) + 5, DATA(2), sizeof(small));
    step(f);

    mem_expect(f, DATA(1), big, sizeof(big));
    mem_expect(f, DATA(3) + 5, small, sizeof(small));
    memset(guard, 0xee, sizeof(guard));
    mem_expect(f, DATA(3), guard, 5);
    mem_expect(f, DATA(3) + 5 + sizeof(small), guard, sizeof(guard));
    /* The response word: the model writes the command back. */
    ck_assert_uint_eq(qtest_readq(f->qts, RESP(1)), m.c[1].cmd);

    /* Each ring's MSI to its own address, with its own data. */
    ck_assert_uint_eq(msi_take(f, 0), MSI_DATA(0));
    ck_assert_uint_eq(msi_take(f, 1), MSI_DATA(1));
    ck_assert_uint_eq(rd(f, 0, A_RING_CMPL_WRITE_PTR), 1);
    expect_cmpl(f, 0, 1, 0, 0, 0);
    expect_cmpl(f, 1, 7, 0, 0, 0);

    /* A second request: CMPL_WRITE_PTR moves on, the MSI comes again. */
    send_memcpy(f, 0, 0xbeef, DATA(4), DATA(2), sizeof(small));
    step(f);
    ck_assert_uint_eq(rd(f, 0, A_RING_CMPL_WRITE_PTR), 2);
    expect_cmpl(f, 0, 0xbeef, 0, 0, 0);
    mem_expect(f, DATA(4), small, sizeof(small));
    ck_assert_uint_eq(msi_take(f, 0), MSI_DATA(0));
    ck_assert_uint_eq(msi_take(f, 1), 0);

    ck_assert_int_eq(qom(f, "requests"), 3);
    ck_assert_int_eq(qom(f, "bytes"), sizeof(big) + 2 * sizeof(small));
    ck_assert_int_eq(qom(f, "errors"), 0);
    ck_assert_int_eq(qom(f, "pq-ops"), 0);
    ck_assert_int_eq(qom(f, "msis"), 3);
    log_clean(f);
    fr_quit(f);
}
END_TEST

START_TEST(test_xor_three_sources)
{
    Fr *f = fr_start();
    static uint8_t s[3][1000], want[1000];
    const uint64_t src[3] = { DATA(0), DATA(1) + 3, DATA(2) + 0x800 };
    Msg m = { .resp = RESP(9) };

    rnd_state = 0x5ba0002;
    ring_startup(f, 1, 1, 0xffff);
    for (int i = 0; i < 3; i++) {
        fill_rand(f, src[i], s[i], sizeof(s[i]));
    }
    for (int j = 0; j < sizeof(want); j++) {
        want[j] = s[0][j] ^ s[1][j] ^ s[2][j];
    }
    fill_xor(&m, DATA(5), src, 3, sizeof(want));
    ck_assert_int_eq(send_msg(f, 1, &m, 9), 2 * 3 + 3);
    step(f);
    expect_cmpl(f, 1, 9, 0, 0, 0);
    mem_expect(f, DATA(5), want, sizeof(want));
    ck_assert_uint_eq(msi_take(f, 1), MSI_DATA(1));
    ck_assert_int_eq(qom(f, "bytes"), sizeof(want));
    log_clean(f);
    fr_quit(f);
}
END_TEST

/* Send a P+Q over n sources and check both against the reference. */
static void pq_check(Fr *f, uint32_t reqid, const uint8_t *k, int n,
                     unsigned len, int want_descs)
{
    g_autofree uint8_t *d = g_malloc(len), *p = g_malloc0(len),
                       *q = g_malloc0(len);
    uint64_t src[16];
    uint8_t scf[16];
    Msg m = { .resp = RESP(reqid) };

    for (int i = 0; i < n; i++) {
        src[i] = DATA(i);
        scf[i] = gf_exp[k[i]];
        fill_rand(f, src[i], d, len);
        for (unsigned j = 0; j < len; j++) {
            p[j] ^= d[j];
            q[j] ^= gf_mul(scf[i], d[j]);      /* Q = sum g^k * D_k */
        }
    }
    qtest_memset(f->qts, DATA(30), 0, len);
    qtest_memset(f->qts, DATA(31), 0, len);
    fill_pq(&m, DATA(30), DATA(31), scf, src, n, len);
    ck_assert_int_eq(send_msg(f, 0, &m, reqid), want_descs);
    step(f);
    expect_cmpl(f, 0, reqid, 0, 0, 0);
    mem_expect(f, DATA(30), p, len);
    mem_expect(f, DATA(31), q, len);
}

START_TEST(test_pq_coefficients)
{
    Fr *f = fr_start();
    /* RAID-6's syndrome over the driver's 12 sources: 31 descriptors. */
    static const uint8_t k12[12] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };
    /* Scattered coefficients up to the engine's last, g^29. */
    static const uint8_t k5[5] = { 0, 7, 13, 22, 29 };

    rnd_state = 0x5ba0003;
    ring_startup(f, 0, 1, 0xffff);
    pq_check(f, 1, k12, 12, 512, 1 + 2 * 12 + 2 * 3);
    pq_check(f, 2, k5, 5, 4096, 1 + 2 * 5 + 2 * 3);
    ck_assert_int_eq(qom(f, "pq-ops"), 12 + 5);
    ck_assert_int_eq(qom(f, "bytes"), 2 * 512 + 2 * 4096);
    ck_assert_int_eq(qom(f, "errors"), 0);
    log_clean(f);
    fr_quit(f);
}
END_TEST

/*
 * sba_prep_dma_pq() with coefficients beyond g^29: one pq_single request
 * per source, the second continuing the first; Q's coefficient is built
 * up by Type-A GALOIS steps of at most g^29 each.
 */
START_TEST(test_pq_single_slow_path)
{
    Fr *f = fr_start();
    enum { LEN = 777 };
    static uint8_t d0[LEN], d1[LEN], p[LEN], q[LEN];
    Msg m0 = { .resp = RESP(1) }, m1 = { .resp = RESP(2) };
    int a_steps = 0;

    rnd_state = 0x5ba0004;
    ring_startup(f, 0, 1, 0xffff);
    fill_rand(f, DATA(0), d0, LEN);
    fill_rand(f, DATA(1), d1, LEN);
    qtest_memset(f->qts, DATA(30), 0x55, LEN);
    qtest_memset(f->qts, DATA(31), 0x55, LEN);

    /* g^100: a Type-B GALOIS of g^29, then Type-A g^29, g^29, g^13. */
    fill_pq_single(&m0, false, DATA(30), DATA(31), DATA(0), gf_exp[100],
                   LEN);
    for (int i = 0; i < m0.n; i++) {
        if (SBA_CMD_OP(m0.c[i].cmd) == SBA_OP_GALOIS &&
            SBA_CMD_TYPE(m0.c[i].cmd) == SBA_TYPE_A) {
            a_steps++;
        }
    }
    ck_assert_int_eq(a_steps, 3);
    send_msg(f, 0, &m0, 1);
    step(f);
    expect_cmpl(f, 0, 1, 0, 0, 0);
    for (int j = 0; j < LEN; j++) {
        p[j] = d0[j];
        q[j] = gf_mul(gf_exp[100], d0[j]);
    }
    mem_expect(f, DATA(30), p, LEN);
    mem_expect(f, DATA(31), q, LEN);
    ck_assert_int_eq(qom(f, "pq-ops"), 4);

    /* g^200, continuing: old P and Q folded in, six Type-A steps. */
    fill_pq_single(&m1, true, DATA(30), DATA(31), DATA(1), gf_exp[200],
                   LEN);
    send_msg(f, 0, &m1, 2);
    step(f);
    expect_cmpl(f, 0, 2, 0, 0, 0);
    for (int j = 0; j < LEN; j++) {
        p[j] ^= d1[j];
        q[j] ^= gf_mul(gf_exp[200], d1[j]);
    }
    mem_expect(f, DATA(30), p, LEN);
    mem_expect(f, DATA(31), q, LEN);
    ck_assert_int_eq(qom(f, "pq-ops"), 4 + 7);
    log_clean(f);
    fr_quit(f);
}
END_TEST

/* An xor of sources DATA(0..n-1), len bytes, into dst as reqid. */
static void xor_many(Fr *f, int n, uint32_t reqid, unsigned len,
                     uint64_t dst)
{
    uint64_t src[48];
    Msg m = { .resp = RESP(reqid & 0xff) };

    for (int i = 0; i < n; i++) {
        src[i] = DATA(i);
    }
    qtest_memset(f->qts, dst, 0, len);
    fill_xor(&m, dst, src, n, len);
    ck_assert_int_eq(send_msg(f, 0, &m, reqid), 2 * n + 3);
}

static void xor_sources(Fr *f, int n, uint8_t *want, unsigned len)
{
    g_autofree uint8_t *s = g_malloc(len);

    memset(want, 0, len);
    for (int i = 0; i < n; i++) {
        fill_rand(f, DATA(i), s, len);
        for (unsigned j = 0; j < len; j++) {
            want[j] ^= s[j];
        }
    }
}

START_TEST(test_long_request_continuation_headers)
{
    Fr *f = fr_start();
    uint8_t want[64];
    int headers = 0;

    rnd_state = 0x5ba0005;
    ring_startup(f, 0, 1, 0xffff);
    xor_sources(f, 40, want, sizeof(want));
    /* 83 descriptors: headers of 31, 31 and 21. */
    xor_many(f, 40, 0x4242, sizeof(want), DATA(45));
    for (int i = 0; i < BD_DESCS; i++) {
        uint64_t d = f->ring[0].mirror[i];

        if (FLEXRM_DESC_TYPE(d) == FLEXRM_HEADER) {
            ck_assert_uint_eq(FLEXRM_HDR_STARTPKT(d), headers == 0);
            ck_assert_uint_eq(FLEXRM_HDR_ENDPKT(d), headers == 2);
            ck_assert_uint_eq(FLEXRM_HDR_BDCOUNT(d), headers == 2 ? 21 : 31);
            headers++;
        }
    }
    ck_assert_int_eq(headers, 3);
    step(f);
    expect_cmpl(f, 0, 0x4242, 0, 0, 0);
    mem_expect(f, DATA(45), want, sizeof(want));
    ck_assert_uint_eq(bd_read_offset(f, 0), f->ring[0].bd_write_offset);
    ck_assert_uint_eq(f->ring[0].bd_write_offset, (3 + 83) * 8);
    log_clean(f);
    fr_quit(f);
}
END_TEST

/*
 * Requests of 86 slots until the ring has gone round: some cross the
 * next pointer from the first table into the second, one crosses back
 * into the first (each a toggle flip); the driver's read offset follows.
 */
START_TEST(test_request_crosses_tables)
{
    Fr *f = fr_start();
    uint8_t want[64];
    int crossings = 0, laps = 0;

    rnd_state = 0x5ba0006;
    ring_startup(f, 0, 1, 0xffff);
    xor_sources(f, 40, want, sizeof(want));
    for (int i = 0; i < 14; i++) {
        uint32_t start = f->ring[0].bd_write_offset, end;

        xor_many(f, 40, 100 + i, sizeof(want), DATA(45 + (i & 1)));
        end = f->ring[0].bd_write_offset;
        if ((start ^ end) >> FLEXRM_BD_TABLE_SHIFT) {
            crossings++;
        }
        if (end < start) {
            laps++;
        }
        step(f);
        expect_cmpl(f, 0, 100 + i, 0, 0, 0);
        mem_expect(f, DATA(45 + (i & 1)), want, sizeof(want));
        ck_assert_uint_eq(bd_read_offset(f, 0), end);
        /* RING_BD_START_ADDR names the table being fetched from. */
        ck_assert_uint_eq(rd(f, 0, A_RING_BD_START_ADDR),
                          (BD_RING(0) + (end & ~0xfffu)) >>
                          FLEXRM_BD_TABLE_SHIFT);
        ck_assert_uint_eq(msi_take(f, 0), MSI_DATA(0));
    }
    ck_assert_int_eq(crossings, 2);
    ck_assert_int_eq(laps, 1);
    ck_assert_int_eq(qom(f, "requests"), 14);
    log_clean(f);
    fr_quit(f);
}
END_TEST

/* ---- polling and MSIs ---- */

START_TEST(test_polling_in_virtual_time)
{
    Fr *f = fr_start();
    uint8_t src[128];
    uint64_t d[8];
    Msg m = { .resp = RESP(1) };
    int nd;

    rnd_state = 0x5ba0007;
    ring_startup(f, 0, 1, 0xffff);
    fill_rand(f, DATA(0), src, sizeof(src));
    step(f);            /* idle: the dynamic rate backs off */

    /* Written while idle: nothing happens until time passes. */
    fill_memcpy(&m, DATA(1), DATA(0), sizeof(src));
    nd = sba_descs(&m, d);
    write_descs(f, 0, d, nd, 1);
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(0)), 0);
    ck_assert_uint_eq(qtest_readl(f->qts, DATA(1)), 0);
    ck_assert_uint_eq(qtest_readl(f->qts, MSI_ADDR(0)), 0);
    step(f);
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(0)),
                      FLEXRM_CMPL(1, 0, 0, 0));
    mem_expect(f, DATA(1), src, sizeof(src));
    ck_assert_uint_eq(msi_take(f, 0), MSI_DATA(0));
    expect_cmpl(f, 0, 1, 0, 0, 0);

    /* Reading RING_BD_READ_PTR fetches at once, without time. */
    step(f);
    write_descs(f, 0, d, nd, 2);
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(0) + 8), 0);
    ck_assert_uint_eq(rd(f, 0, A_RING_BD_READ_PTR) * 8,
                      f->ring[0].bd_write_offset);
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(0) + 8),
                      FLEXRM_CMPL(2, 0, 0, 0));

    /* So does reading RING_CMPL_WRITE_PTR. */
    step(f);
    write_descs(f, 0, d, nd, 3);
    ck_assert_uint_eq(rd(f, 0, A_RING_CMPL_WRITE_PTR), 3);
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(0) + 16),
                      FLEXRM_CMPL(3, 0, 0, 0));
    f->ring[0].cmpl_read_offset = 3 * 8;

    /* RATE fast: polled every microsecond, idle or not. */
    wr(f, 0, A_RING_CONTROL, R_RING_CONTROL_ACTIVE_MASK | FLEXRM_RATE_FAST);
    step(f);
    write_descs(f, 0, d, nd, 4);
    qtest_clock_step(f->qts, 1 * US);
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(0) + 24),
                      FLEXRM_CMPL(4, 0, 0, 0));
    expect_cmpl(f, 0, 4, 0, 0, 0);

    /* Inactive: a request waits, however long, until ACTIVE again. */
    wr(f, 0, A_RING_CONTROL, 0);
    write_descs(f, 0, d, nd, 5);
    step(f);
    ck_assert_uint_eq(rd(f, 0, A_RING_BD_READ_PTR) * 8,
                      f->ring[0].bd_write_offset - (nd + 1) * 8);
    expect_no_cmpl(f, 0);
    wr(f, 0, A_RING_CONTROL, R_RING_CONTROL_ACTIVE_MASK);
    step(f);
    expect_cmpl(f, 0, 5, 0, 0, 0);
    log_clean(f);
    fr_quit(f);
}
END_TEST

START_TEST(test_msi_threshold_one_and_rearm)
{
    Fr *f = fr_start();
    uint64_t c[4];

    rnd_state = 0x5ba0008;
    ring_startup(f, 0, 1, 0xffff);
    check_memcpy_works(f, 0, 1);   /* reads CMPL_WRITE_PTR: re-armed */
    ck_assert_uint_eq(msi_take(f, 0), MSI_DATA(0));

    /* One MSI, then none until software reads RING_CMPL_WRITE_PTR. */
    send_memcpy(f, 0, 2, DATA(2), DATA(60), 64);
    step(f);
    ck_assert_uint_eq(msi_take(f, 0), MSI_DATA(0));
    send_memcpy(f, 0, 3, DATA(3), DATA(60), 64);
    step(f);
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(0) + 2 * 8),
                      FLEXRM_CMPL(3, 0, 0, 0));
    ck_assert_uint_eq(msi_take(f, 0), 0);
    send_memcpy(f, 0, 4, DATA(4), DATA(60), 64);
    step(f);
    ck_assert_uint_eq(msi_take(f, 0), 0);
    ck_assert_int_eq(qom(f, "msis"), 2);
    ck_assert_int_eq(cmpl_take(f, 0, c, 4), 3);
    ck_assert_uint_eq(c[0], FLEXRM_CMPL(2, 0, 0, 0));
    ck_assert_uint_eq(c[1], FLEXRM_CMPL(3, 0, 0, 0));
    ck_assert_uint_eq(c[2], FLEXRM_CMPL(4, 0, 0, 0));
    /* Read: what it covered needs no MSI; the next completion does. */
    step(f);
    ck_assert_uint_eq(msi_take(f, 0), 0);
    send_memcpy(f, 0, 5, DATA(5), DATA(60), 64);
    step(f);
    ck_assert_uint_eq(msi_take(f, 0), MSI_DATA(0));
    expect_cmpl(f, 0, 5, 0, 0, 0);
    ck_assert_int_eq(qom(f, "msis"), 3);

    /* MSI disabled: completions, no MSI. */
    wr(f, 0, A_RING_MSI_CONTROL, 1);
    send_memcpy(f, 0, 6, DATA(6), DATA(60), 64);
    step(f);
    expect_cmpl(f, 0, 6, 0, 0, 0);
    ck_assert_uint_eq(msi_take(f, 0), 0);
    ck_assert_int_eq(qom(f, "msis"), 3);
    log_clean(f);
    fr_quit(f);
}
END_TEST

START_TEST(test_msi_threshold_two_and_timer)
{
    Fr *f = fr_start();
    uint64_t d[8];
    Msg m = { .resp = RESP(1) };
    int nd;

    ring_startup(f, 0, 2, 100);     /* two completions, or 100 us */
    fill_memcpy(&m, DATA(1), DATA(0), 64);
    nd = sba_descs(&m, d);

    /* One completion: the MSI waits for the timer. */
    write_descs(f, 0, d, nd, 1);
    rd(f, 0, A_RING_BD_READ_PTR);   /* fetched and run now */
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(0)),
                      FLEXRM_CMPL(1, 0, 0, 0));
    ck_assert_uint_eq(msi_take(f, 0), 0);
    qtest_clock_step(f->qts, 99 * US);
    ck_assert_uint_eq(msi_take(f, 0), 0);
    qtest_clock_step(f->qts, 1 * US);
    ck_assert_uint_eq(msi_take(f, 0), MSI_DATA(0));
    expect_cmpl(f, 0, 1, 0, 0, 0);

    /* Two completions: the MSI at once, before the timer. */
    write_descs(f, 0, d, nd, 2);
    write_descs(f, 0, d, nd, 3);
    rd(f, 0, A_RING_BD_READ_PTR);
    ck_assert_uint_eq(msi_take(f, 0), MSI_DATA(0));
    ck_assert_int_eq(qom(f, "msis"), 2);

    /* Sent and not read: no more, with the timer or the count. */
    write_descs(f, 0, d, nd, 4);
    write_descs(f, 0, d, nd, 5);
    step(f);
    ck_assert_uint_eq(msi_take(f, 0), 0);
    {
        uint64_t c[8];

        ck_assert_int_eq(cmpl_take(f, 0, c, 8), 4);
        ck_assert_uint_eq(c[3], FLEXRM_CMPL(5, 0, 0, 0));
    }
    ck_assert_int_eq(qom(f, "msis"), 2);
    ck_assert_int_eq(qom(f, "requests"), 5);
    log_clean(f);
    fr_quit(f);
}
END_TEST

START_TEST(test_qom_counters)
{
    Fr *f = fr_start();
    uint64_t src[2] = { DATA(0), DATA(1) };
    uint8_t scf[2] = { 1, 2 };
    Msg m = { .resp = RESP(2) };

    ring_startup(f, 0, 1, 0xffff);
    ring_startup(f, 1, 1, 0xffff);
    send_memcpy(f, 0, 1, DATA(2), DATA(0), 300);
    fill_pq(&m, DATA(3), DATA(4), scf, src, 2, 200);
    send_msg(f, 1, &m, 2);
    step(f);
    expect_cmpl(f, 0, 1, 0, 0, 0);
    expect_cmpl(f, 1, 2, 0, 0, 0);
    send_memcpy(f, 0, 3, DATA(2), NOWHERE, 300);
    step(f);
    expect_cmpl(f, 0, 3, 0, FLEXRM_DME_RRESP_ERR, 0);
    log_has(f, "source outside DRAM");
    ck_assert_int_eq(qom(f, "requests"), 3);
    ck_assert_int_eq(qom(f, "errors"), 1);
    ck_assert_int_eq(qom(f, "bytes"), 300 + 2 * 200);
    ck_assert_int_eq(qom(f, "pq-ops"), 2);
    ck_assert_int_eq(qom(f, "msis"), 3);
    fr_quit(f);
}
END_TEST

/* ---- hostile programming ---- */

START_TEST(test_hostile_dma_outside_ram)
{
    Fr *f = fr_start();
    uint8_t junk[64];
    Msg m = { .resp = NOWHERE };

    rnd_state = 0x5ba0009;
    ring_startup(f, 0, 1, 0xffff);
    fill_rand(f, DATA(0), junk, sizeof(junk));
    qtest_memset(f->qts, DATA(1), 0, 64);

    send_memcpy(f, 0, 1, DATA(1), NOWHERE, 64);
    step(f);
    expect_cmpl(f, 0, 1, 0, FLEXRM_DME_RRESP_ERR, 0);
    log_has(f, "source outside DRAM");
    ck_assert_uint_eq(qtest_readq(f->qts, DATA(1)), 0);
    ck_assert_uint_eq(msi_take(f, 0), MSI_DATA(0));

    send_memcpy(f, 0, 2, NOWHERE, DATA(0), 64);
    step(f);
    expect_cmpl(f, 0, 2, 0, FLEXRM_DME_BRESP_ERR, 0);
    log_has(f, "destination outside DRAM");

    /* The response word nowhere. */
    fill_memcpy(&m, DATA(1), DATA(0), 64);
    send_msg(f, 0, &m, 3);
    step(f);
    expect_cmpl(f, 0, 3, 0, FLEXRM_DME_BRESP_ERR, 0);
    log_has(f, "response destination unusable");

    /* A source running off the end of RAM. */
    send_memcpy(f, 0, 4, DATA(1), RAM_END - 16, 64);
    step(f);
    expect_cmpl(f, 0, 4, 0, FLEXRM_DME_RRESP_ERR, 0);
    log_has(f, "source outside DRAM");

    /* The model's own registers are no DRAM either. */
    send_memcpy(f, 0, 5, FR_BASE + A_RING_CONTROL, DATA(0), 64);
    step(f);
    expect_cmpl(f, 0, 5, 0, FLEXRM_DME_BRESP_ERR, 0);
    log_has(f, "destination outside DRAM");
    ck_assert_uint_eq(rd(f, 0, A_RING_CONTROL), R_RING_CONTROL_ACTIVE_MASK);

    ck_assert_uint_eq(qtest_readq(f->qts, DATA(1)), 0);
    ck_assert_int_eq(qom(f, "errors"), 5);
    check_memcpy_works(f, 0, 6);
    log_clean(f);
    fr_quit(f);
}
END_TEST

/* One request of raw non-header descriptors; its completion's status. */
static void bad_request(Fr *f, uint32_t reqid, const uint64_t *d, int nd,
                        unsigned engine, unsigned dme, unsigned rm,
                        const char *why)
{
    new_request(f, 0, d, nd, reqid);
    step(f);
    expect_cmpl(f, 0, reqid, engine, dme, rm);
    log_has(f, why);
}

START_TEST(test_bad_sba_commands)
{
    Fr *f = fr_start();
    const uint64_t a = DATA(0), b = DATA(1);
    uint64_t zero = sba_cmd(SBA_TYPE_A, 64, false, 0, SBA_OP_ZERO_BUFFER);
    uint64_t load64 = sba_cmd(SBA_TYPE_B, 64, false, 0, SBA_OP_LOAD_BUFFER);
    uint32_t id = 0x100;

    ring_startup(f, 0, 1, 0xffff);

    /* Unknown opcode; the reserved type 1. */
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMMT, sba_cmd(SBA_TYPE_A, 64, false, 0, 0x1)) }, 1,
        SBA_ERR_OPCODE, 0, FLEXRM_RM_AE_TIMEOUT, "unknown command");
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMMT, sba_cmd(1, 64, false, 0, SBA_OP_ZERO_BUFFER)) },
        1, SBA_ERR_OPCODE, 0, FLEXRM_RM_AE_TIMEOUT, "unknown command");
    /* Zero length, with a source of zero bytes and without one. */
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMM, sba_cmd(SBA_TYPE_B, 0, false, 0,
                                  SBA_OP_LOAD_BUFFER)),
        d_buf(FLEXRM_SRCT, a, 0) }, 2,
        SBA_ERR_LENGTH, 0, FLEXRM_RM_AE_TIMEOUT, "length not 1-4096");
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMMT, sba_cmd(SBA_TYPE_A, 0, false, 0,
                                   SBA_OP_ZERO_BUFFER)) }, 1,
        SBA_ERR_LENGTH, 0, FLEXRM_RM_AE_TIMEOUT, "length not 1-4096");
    /* Longer than a buffer: a command of 4097, a source of 8192. */
    bad_request(f, id++, (uint64_t[]) {
        d_buf(FLEXRM_DST, b, 8), d_buf(FLEXRM_DSTT, b, 4097),
        d_imm(FLEXRM_IMMT, sba_cmd(SBA_TYPE_A, 4097, true, 0,
                                   SBA_OP_WRITE_BUFFER)) }, 3,
        SBA_ERR_LENGTH, 0, FLEXRM_RM_AE_TIMEOUT, "length not 1-4096");
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMM, sba_cmd(SBA_TYPE_B, 8192, false, 0,
                                  SBA_OP_LOAD_BUFFER)),
        d_buf(FLEXRM_SRCT, a, 8192) }, 2,
        SBA_ERR_SOURCE, FLEXRM_DME_FIFO_OVERFLOW, 0,
        "source longer than a buffer");
    /* Coefficient indices 30 and 31: the engine has 30. */
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMMT, zero),
        d_imm(FLEXRM_IMM, sba_cmd(SBA_TYPE_B, 64, false, mdata_pq(30, 1, 0),
                                  SBA_OP_GALOIS_XOR)),
        d_buf(FLEXRM_SRCT, a, 64) }, 3,
        SBA_ERR_COEF, 0, FLEXRM_RM_AE_TIMEOUT,
        "coefficient index beyond the engine's 30");
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMMT, sba_cmd(SBA_TYPE_A, 64, false, mdata_pq(31, 0, 1),
                                   SBA_OP_GALOIS)) }, 1,
        SBA_ERR_COEF, 0, FLEXRM_RM_AE_TIMEOUT,
        "coefficient index beyond the engine's 30");
    /* A Type-B command without its source: last, or before a command. */
    bad_request(f, id++, (uint64_t[]) { d_imm(FLEXRM_IMM, load64) }, 1,
        SBA_ERR_SOURCE, FLEXRM_DME_FIFO_UNDERFLOW, 0,
        "command without its source");
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMM, load64), d_imm(FLEXRM_IMMT, zero) }, 2,
        SBA_ERR_SOURCE, FLEXRM_DME_FIFO_UNDERFLOW, 0,
        "command without its source");
    /* A source shorter, or longer, than the command. */
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMM, load64), d_buf(FLEXRM_SRCT, a, 32) }, 2,
        SBA_ERR_SOURCE, FLEXRM_DME_FIFO_UNDERFLOW, FLEXRM_RM_AE_TIMEOUT,
        "source length differs from the command's");
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMM, load64), d_buf(FLEXRM_SRCT, a, 65) }, 2,
        SBA_ERR_SOURCE, FLEXRM_DME_FIFO_OVERFLOW, FLEXRM_RM_AE_TIMEOUT,
        "source length differs from the command's");
    /* LOAD_BUFFER as Type A: the opcode needs a source. */
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMMT, sba_cmd(SBA_TYPE_A, 64, false, 0,
                                   SBA_OP_LOAD_BUFFER)) }, 1,
        SBA_ERR_TYPE, 0, FLEXRM_RM_AE_TIMEOUT, "of the wrong type");
    /* A source no command takes; a descriptor type the SBA lacks. */
    bad_request(f, id++, (uint64_t[]) { d_buf(FLEXRM_SRCT, a, 64) }, 1,
        0, FLEXRM_DME_FIFO_OVERFLOW, 0, "a source no command takes");
    bad_request(f, id++, (uint64_t[]) { d_imm(0xc, 0x1234) }, 1,
        0, 0, FLEXRM_RM_AE_TIMEOUT, "descriptor type the SBA does not take");
    /* WRITE_BUFFER with no destination, a short one, one too many. */
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMMT, sba_cmd(SBA_TYPE_A, 64, false, 0,
                                   SBA_OP_WRITE_BUFFER)) }, 1,
        0, FLEXRM_DME_FIFO_OVERFLOW, 0, "output without a destination");
    bad_request(f, id++, (uint64_t[]) {
        d_buf(FLEXRM_DSTT, b, 32),
        d_imm(FLEXRM_IMMT, sba_cmd(SBA_TYPE_A, 64, false, 0,
                                   SBA_OP_WRITE_BUFFER)) }, 2,
        0, FLEXRM_DME_FIFO_OVERFLOW, 0, "destination length differs");
    bad_request(f, id++, (uint64_t[]) {
        d_buf(FLEXRM_DST, b, 64), d_imm(FLEXRM_IMMT, zero) }, 2,
        0, FLEXRM_DME_FIFO_UNDERFLOW, 0,
        "destination the command does not fill");
    bad_request(f, id++, (uint64_t[]) {
        d_buf(FLEXRM_DST, b, 64), d_buf(FLEXRM_DST, b, 64),
        d_buf(FLEXRM_DSTT, b, 64), d_imm(FLEXRM_IMMT, zero) }, 4,
        0, 0, FLEXRM_RM_AE_TIMEOUT, "three destinations for one command");
    bad_request(f, id++, (uint64_t[]) {
        d_imm(FLEXRM_IMMT, zero), d_buf(FLEXRM_DSTT, b, 64) }, 2,
        0, FLEXRM_DME_FIFO_UNDERFLOW, 0,
        "destination after the last command");

    /* Errors end requests, not the ring. */
    ck_assert_int_eq(qom(f, "errors"), id - 0x100);
    check_memcpy_works(f, 0, id);
    log_clean(f);
    fr_quit(f);
}
END_TEST

/*
 * The chain of a request breaks: a packet whose continuation header is
 * missing, or a BD count that runs into the null. The request completes
 * with AE_TIMEOUT and the ring stops until software restarts it.
 */
START_TEST(test_bad_missing_continuation_header)
{
    Fr *f = fr_start();
    uint64_t zero = d_imm(FLEXRM_IMMT, sba_cmd(SBA_TYPE_A, 64, false, 0,
                                               SBA_OP_ZERO_BUFFER));
    uint64_t raw[40];
    int k = 0;

    rnd_state = 0x5ba000a;
    ring_startup(f, 0, 1, 0xffff);
    raw[k++] = d_header(1, 1, 0, 31, 0x77);
    for (int i = 0; i < 31; i++) {
        raw[k++] = zero;
    }
    raw[k++] = zero;                /* where a header should go on */
    write_raw(f, 0, raw, k);
    step(f);
    expect_cmpl(f, 0, 0x77, 0, 0, FLEXRM_RM_AE_TIMEOUT);
    log_has(f, "the packet does not go on with a header");
    ck_assert_uint_eq(msi_take(f, 0), MSI_DATA(0));

    /* Stopped: the next request waits. */
    send_memcpy(f, 0, 0x78, DATA(2), DATA(60), 64);
    step(f);
    expect_no_cmpl(f, 0);
    /* RING_CONTROL restarts it where it stopped. */
    wr(f, 0, A_RING_CONTROL, R_RING_CONTROL_ACTIVE_MASK);
    step(f);
    expect_cmpl(f, 0, 0x78, 0, 0, 0);

    /* A BD count of 5 with three descriptors: the null is met. */
    write_raw(f, 0, (uint64_t[]) { d_header(1, 1, 1, 5, 0x79), zero, zero,
                                    zero }, 4);
    step(f);
    expect_cmpl(f, 0, 0x79, 0, 0, FLEXRM_RM_AE_TIMEOUT);
    log_has(f, "header or null where the BD count wants more");
    /* Flushed and started again, as the driver's shutdown and startup. */
    check_recovers(f, 0, 0x7a);
    fr_quit(f);
}
END_TEST

/*
 * A poll takes a bounded share of the ring: 100 requests of seven
 * descriptors (700 in all) written at once run over two polls, not one.
 */
START_TEST(test_poll_is_bounded)
{
    Fr *f = fr_start();
    uint64_t zero = d_imm(FLEXRM_IMMT, sba_cmd(SBA_TYPE_A, 64, false, 0,
                                               SBA_OP_ZERO_BUFFER));
    uint64_t raw[700];
    int64_t before, first;
    int k = 0;

    ring_startup(f, 0, 1, 0xffff);
    for (int i = 0; i < 100; i++) {
        raw[k++] = d_header(1, 1, 1, 6, 0x100 + i);
        for (int j = 0; j < 6; j++) {
            raw[k++] = zero;
        }
    }
    before = qom(f, "requests");
    write_raw(f, 0, raw, k);
    /* RING_CONTROL written: the dynamic poll comes 1 us later, once. */
    wr(f, 0, A_RING_CONTROL, R_RING_CONTROL_ACTIVE_MASK);
    qtest_clock_step(f->qts, 1000);
    first = qom(f, "requests") - before;
    ck_assert_int_gt(first, 0);
    ck_assert_int_lt(first, 100);
    step(f);
    ck_assert_int_eq(qom(f, "requests") - before, 100);
    ck_assert_int_eq(qom(f, "errors"), 0);
    log_clean(f);
    fr_quit(f);
}
END_TEST

/* A request's continuation headers of no descriptors, on and on. */
START_TEST(test_bad_endless_packet)
{
    Fr *f = fr_start();
    uint64_t zero = d_imm(FLEXRM_IMMT, sba_cmd(SBA_TYPE_A, 64, false, 0,
                                               SBA_OP_ZERO_BUFFER));
    uint64_t raw[64];
    int k = 0;

    ring_startup(f, 0, 1, 0xffff);
    raw[k++] = d_header(1, 1, 0, 0, 0x55);
    for (int i = 0; i < 40; i++) {
        raw[k++] = d_header(1, 0, 0, 0, 0x55);
    }
    raw[k++] = d_header(1, 0, 1, 1, 0x55);
    raw[k++] = zero;
    write_raw(f, 0, raw, k);
    step(f);
    expect_cmpl(f, 0, 0x55, 0, 0, FLEXRM_RM_AE_TIMEOUT);
    log_has(f, "the packet never ends");
    check_recovers(f, 0, 0x56);
    fr_quit(f);
}
END_TEST

/*
 * Next pointers that loop: two loose tables pointing at each other, with
 * the toggles that make every hop valid. Inside a request it ends the
 * request; at a request boundary it stops the ring. A next pointer to
 * itself is not valid after the hop: the ring waits.
 */
START_TEST(test_bad_next_pointer_loops)
{
    Fr *f = fr_start();
    uint64_t zero = d_imm(FLEXRM_IMMT, sba_cmd(SBA_TYPE_A, 64, false, 0,
                                               SBA_OP_ZERO_BUFFER));
    const uint64_t ta = SCRATCH, tb = SCRATCH + 0x1000;
    unsigned t;

    ring_startup(f, 0, 1, 0xffff);
    /* Valid toggle at slot 2 of table 0 is 1: A wants 0, B 1 again. */
    t = toggle_valid(0);
    qtest_writeq(f->qts, ta, d_nptr(!t, tb));
    qtest_writeq(f->qts, tb, d_nptr(t, ta));
    write_raw(f, 0, (uint64_t[]) { d_header(1, 1, 1, 3, 0x31), zero,
                                    d_nptr(1, ta), zero }, 4);
    step(f);
    expect_cmpl(f, 0, 0x31, 0, 0, FLEXRM_RM_AE_TIMEOUT);
    log_has(f, "next pointers loop");
    ring_shutdown(f, 0);
    ring_startup(f, 0, 1, 0xffff);

    /* At a request boundary: the ring stops, nothing completes. */
    write_raw(f, 0, (uint64_t[]) { d_nptr(1, ta) }, 1);
    send_memcpy(f, 0, 0x32, DATA(2), DATA(60), 64);
    step(f);
    log_has(f, "next pointers loop");
    expect_no_cmpl(f, 0);
    ring_shutdown(f, 0);
    ring_startup(f, 0, 1, 0xffff);

    /* To itself: after the hop its toggle is stale, the ring waits. */
    write_raw(f, 0, (uint64_t[]) { d_nptr(1, BD_RING(0)) }, 1);
    step(f);
    step(f);
    expect_no_cmpl(f, 0);
    ck_assert_uint_eq(rd(f, 0, A_RING_BD_READ_PTR), 0);
    log_clean(f);
    check_recovers(f, 0, 0x33);
    fr_quit(f);
}
END_TEST

/* A descriptor at a request boundary that is no (first) header. */
START_TEST(test_bad_request_boundary)
{
    Fr *f = fr_start();
    uint32_t bogus;

    ring_startup(f, 0, 1, 0xffff);
    bogus = f->ring[0].bd_write_offset;
    write_raw(f, 0, (uint64_t[]) { d_buf(FLEXRM_SRC, DATA(0), 64) }, 1);
    send_memcpy(f, 0, 0x21, DATA(2), DATA(60), 64);
    step(f);
    log_has(f, "a request does not start with a header");
    expect_no_cmpl(f, 0);
    /* Restarted as it is, it stops again at the same descriptor. */
    wr(f, 0, A_RING_CONTROL, R_RING_CONTROL_ACTIVE_MASK);
    step(f);
    log_has(f, "a request does not start with a header");
    expect_no_cmpl(f, 0);
    /* Software puts a valid null there and restarts: the request runs. */
    bd_put(f, &f->ring[0], bogus, d_null(toggle_valid(bogus)));
    wr(f, 0, A_RING_CONTROL, R_RING_CONTROL_ACTIVE_MASK);
    step(f);
    expect_cmpl(f, 0, 0x21, 0, 0, 0);
    log_clean(f);

    /* A continuation header where a packet should start. */
    write_raw(f, 0, (uint64_t[]) { d_header(1, 0, 1, 0, 0x22) }, 1);
    step(f);
    log_has(f, "a packet starts without STARTPKT");
    expect_no_cmpl(f, 0);
    check_recovers(f, 0, 0x23);
    fr_quit(f);
}
END_TEST

START_TEST(test_bad_rings_outside_ram)
{
    Fr *f = fr_start();
    uint8_t src[64];

    rnd_state = 0x5ba000b;
    /* BD ring nowhere: the ring stops at its first fetch. */
    wr(f, 0, A_RING_BD_START_ADDR, NOWHERE_RING >> FLEXRM_BD_TABLE_SHIFT);
    wr(f, 0, A_RING_CMPL_START_ADDR, CMPL_RING(0) >> FLEXRM_CMPL_SHIFT);
    wr(f, 0, A_RING_CONTROL, R_RING_CONTROL_ACTIVE_MASK);
    step(f);
    log_has(f, "BD table outside DRAM");
    ck_assert_uint_eq(rd(f, 0, A_RING_BD_READ_PTR), 0);
    ck_assert_uint_eq(rd(f, 0, A_RING_CMPL_WRITE_PTR), 0);
    step(f);
    log_clean(f);           /* stopped: reported once */
    ring_shutdown(f, 0);

    /* Completion ring nowhere: the work is done, its completion lost. */
    f->ring[0].cmpl = NOWHERE_RING;
    ring_startup(f, 0, 1, 0xffff);
    fill_rand(f, DATA(0), src, sizeof(src));
    send_memcpy(f, 0, 1, DATA(1), DATA(0), sizeof(src));
    step(f);
    log_has(f, "completion ring outside DRAM");
    mem_expect(f, DATA(1), src, sizeof(src));
    ck_assert_uint_eq(rd(f, 0, A_RING_CMPL_WRITE_PTR), 0);
    ck_assert_uint_eq(msi_take(f, 0), 0);
    ring_shutdown(f, 0);

    /* MSIs nowhere, or to address 0: reported, completions still there. */
    f->ring[0].cmpl = CMPL_RING(0);
    ring_startup(f, 0, 1, 0xffff);
    ring_msi(f, 0, NOWHERE, 0x99);
    send_memcpy(f, 0, 2, DATA(1), DATA(0), sizeof(src));
    step(f);
    log_has(f, "MSI write of 0x99 to 0x3f000000000 failed");
    expect_cmpl(f, 0, 2, 0, 0, 0);
    ring_msi(f, 0, 0, 0x98);
    send_memcpy(f, 0, 3, DATA(1), DATA(0), sizeof(src));
    step(f);
    log_has(f, "MSI write of 0x98 to 0x0 failed");
    expect_cmpl(f, 0, 3, 0, 0, 0);
    fr_quit(f);
}
END_TEST

START_TEST(test_bad_register_access)
{
    Fr *f = fr_start();
    static const uint32_t ro[] = {
        A_RING_VER, A_RING_BD_READ_PTR, A_RING_BD_WRITE_PTR,
        A_RING_CMPL_WRITE_PTR, A_RING_NUM_REQ_RECV_LS,
        A_RING_NUM_REQ_RECV_MS, A_RING_NUM_REQ_TRANS_LS,
        A_RING_NUM_REQ_TRANS_MS, A_RING_NUM_REQ_OUTSTAND,
        A_RING_FLUSH_DONE,
    };
    static const uint32_t unknown[] = { 0x044, 0x050, 0x060, 0x068, 0x100,
                                        0xfffc };

    ring_startup(f, 1, 1, 0xffff);
    check_memcpy_works(f, 1, 1);
    for (int i = 0; i < ARRAY_SIZE(ro); i++) {
        g_autofree char *msg = g_strdup_printf("ring 1: register 0x%03x is "
                                               "read-only", ro[i]);

        wr(f, 1, ro[i], 0x5a5);
        log_has(f, msg);
    }
    ck_assert_uint_eq(rd(f, 1, A_RING_VER), FLEXRM_RING_VER_MAGIC);
    ck_assert_uint_eq(rd(f, 1, A_RING_CMPL_WRITE_PTR), 1);
    ck_assert_uint_eq(rd(f, 1, A_RING_BD_READ_PTR) * 8,
                      f->ring[1].bd_write_offset);
    ck_assert_uint_eq(rd(f, 1, A_RING_FLUSH_DONE), 0);

    /* The ring's addresses are fixed while it is active. */
    wr(f, 1, A_RING_BD_START_ADDR, 0x12345);
    log_has(f, "RING_BD_START_ADDR written while the ring is active");
    wr(f, 1, A_RING_CMPL_START_ADDR, 0x12345);
    log_has(f, "RING_CMPL_START_ADDR written while the ring is active");
    ck_assert_uint_eq(rd(f, 1, A_RING_BD_START_ADDR),
                      BD_RING(1) >> FLEXRM_BD_TABLE_SHIFT);
    ck_assert_uint_eq(rd(f, 1, A_RING_CMPL_START_ADDR),
                      CMPL_RING(1) >> FLEXRM_CMPL_SHIFT);

    for (int i = 0; i < ARRAY_SIZE(unknown); i++) {
        g_autofree char *r = g_strdup_printf("ring 0: read of unknown "
                                             "register 0x%04x", unknown[i]);
        g_autofree char *w = g_strdup_printf("ring 1: write of unknown "
                                             "register 0x%04x", unknown[i]);

        ck_assert_uint_eq(rd(f, 0, unknown[i]), 0);
        log_has(f, r);
        wr(f, 1, unknown[i], 0xffffffff);
        log_has(f, w);
        ck_assert_uint_eq(rd(f, 1, unknown[i]), 0);
        g_free(ps_log_take(f->t));
    }

    /* Reserved rates, ACTIVE with FLUSH, accesses of the wrong size. */
    wr(f, 1, A_RING_CONTROL, R_RING_CONTROL_ACTIVE_MASK | 3);
    log_has(f, "reserved rate 3");
    wr(f, 1, A_RING_CONTROL, R_RING_CONTROL_ACTIVE_MASK |
       R_RING_CONTROL_FLUSH_MASK);
    log_has(f, "ACTIVE and FLUSH together");
    ck_assert_uint_eq(rd(f, 1, A_RING_FLUSH_DONE), 1);
    ck_assert_uint_eq(rd(f, 1, A_RING_CMPL_WRITE_PTR), 0);
    qtest_writeb(f->qts, reg(f, 1, A_RING_CONTROL), 0);
    log_has(f, "invalid size");
    ck_assert_uint_eq(rd(f, 1, A_RING_CONTROL), R_RING_CONTROL_ACTIVE_MASK |
                      R_RING_CONTROL_FLUSH_MASK);
    qtest_readw(f->qts, reg(f, 1, A_RING_VER));
    log_has(f, "invalid size");

    /* Still a working ring once the driver starts it again. */
    check_recovers(f, 1, 2);
    fr_quit(f);
}
END_TEST

/* Random descriptors and commands in the BD ring, rings restarted. */
START_TEST(test_hostile_random)
{
    Fr *f = fr_start();
    static const uint64_t addrs[] = { DATA(0), DATA(1) + 8, DATA(2) + 3,
                                      NOWHERE, RAM_END - 8, SCRATCH,
                                      FR_BASE, 0 };

    rnd_state = 0x5ba000c;
    for (int round = 0; round < 24; round++) {
        int n = round & 1;
        Ring *r = &f->ring[n];
        uint64_t le[BD_DESCS];

        ring_startup(f, n, 1 + rnd() % 3, rnd() % 200);
        for (int i = 0; i < BD_DESCS; i++) {
            unsigned type = rnd() % 16, toggle = rnd() % 4 != 0 ?
                            toggle_valid(i * 8) : !toggle_valid(i * 8);
            uint64_t a = addrs[rnd() % ARRAY_SIZE(addrs)] +
                         (rnd() % 4) * 0x1000;
            uint64_t d;

            if (i % 512 == 511 && rnd() % 8) {
                continue;               /* mostly keep the next pointers */
            }
            switch (rnd() % 6) {
            case 0:
                d = d_header(toggle, rnd() % 4 != 0, rnd() % 4 != 0,
                             rnd() % 32, rnd());
                break;
            case 1:
                d = d_imm(rnd() % 2 ? FLEXRM_IMM : FLEXRM_IMMT,
                          sba_cmd(rnd() % 4, rnd() % 3 ? 64 : rnd() % 5000,
                                  rnd() % 2, rnd() % 1024, rnd() % 16));
                break;
            case 2:
                d = d_buf(type, a, rnd() % 3 ? 64 : rnd() % 0x10000);
                break;
            case 3:
                d = d_nptr(toggle, rnd() % 2 ? BD_RING(n) +
                           (rnd() % BD_DESCS) * 8 : a);
                break;
            case 4:
                d = d_null(toggle);
                break;
            default:
                d = (uint64_t)rnd() << 32 | rnd();
                break;
            }
            r->mirror[i] = d;
        }
        for (int i = 0; i < BD_DESCS; i++) {
            le[i] = cpu_to_le64(r->mirror[i]);
        }
        qtest_bufwrite(f->qts, r->bd, le, sizeof(le));
        for (int s = 0; s < 4; s++) {
            step(f);
            wr(f, n, A_RING_CONTROL, R_RING_CONTROL_ACTIVE_MASK |
               (rnd() % 2 ? FLEXRM_RATE_FAST : 0));
            rd(f, n, rnd() % 2 ? A_RING_BD_READ_PTR : A_RING_CMPL_WRITE_PTR);
        }
        ring_shutdown(f, n);
    }
    g_free(ps_log_take(f->t));
    /* Both rings still work. */
    for (int n = 0; n < NRINGS; n++) {
        ring_startup(f, n, 1, 0xffff);
        check_memcpy_works(f, n, 0x1000 + n);
    }
    log_clean(f);
    fr_quit(f);
}
END_TEST

/* ---- reset and migration ---- */

START_TEST(test_system_reset)
{
    Fr *f = fr_start();
    static const uint32_t regs[] = {
        A_RING_BD_START_ADDR, A_RING_BD_READ_PTR, A_RING_CMPL_START_ADDR,
        A_RING_CMPL_WRITE_PTR, A_RING_CONTROL, A_RING_MSI_ADDR_LS,
        A_RING_MSI_ADDR_MS, A_RING_MSI_CONTROL, A_RING_MSI_DATA_VALUE,
        A_RING_NUM_REQ_RECV_LS, A_RING_NUM_REQ_TRANS_LS, A_RING_FLUSH_DONE,
    };
    uint64_t d[8];
    Msg m = { .resp = RESP(2) };

    ring_startup(f, 0, 1, 0xffff);
    ring_startup(f, 1, 2, 50);
    check_memcpy_works(f, 0, 1);
    check_memcpy_works(f, 1, 1);
    /* Ring 1 stopped on a bad descriptor before the reset. */
    write_raw(f, 1, (uint64_t[]) { d_buf(FLEXRM_SRC, DATA(0), 64) }, 1);
    step(f);
    log_has(f, "does not start with a header");

    qtest_system_reset(f->qts);
    for (int n = 0; n < NRINGS; n++) {
        ck_assert_uint_eq(rd(f, n, A_RING_VER), FLEXRM_RING_VER_MAGIC);
        for (int i = 0; i < ARRAY_SIZE(regs); i++) {
            ck_assert_uint_eq(rd(f, n, regs[i]), 0);
        }
    }
    /* Inactive: a request in the old ring's memory is not run. */
    fill_memcpy(&m, DATA(2), DATA(60), 64);
    write_descs(f, 0, d, sba_descs(&m, d), 2);
    qtest_writeq(f->qts, CMPL_RING(0) + 8, 0);
    step(f);
    step(f);
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(0) + 8), 0);
    ck_assert_uint_eq(rd(f, 0, A_RING_BD_READ_PTR), 0);
    log_clean(f);

    /* The driver probes again: both rings work from the start. */
    for (int n = 0; n < NRINGS; n++) {
        ring_startup(f, n, 1, 0xffff);
        check_memcpy_works(f, n, 0x10 + n);
        ck_assert_uint_eq(rd(f, n, A_RING_CMPL_WRITE_PTR), 1);
        ck_assert_uint_eq(msi_take(f, n), MSI_DATA(n));
    }
    log_clean(f);
    fr_quit(f);
}
END_TEST

/*
 * Migrated with work pending: on ring 0 a request written but not yet
 * fetched, on ring 1 a completion whose MSI waits for the timer. Both
 * finish on the destination.
 */
START_TEST(test_migration_mid_request)
{
    Fr *f = fr_start();
    PsQTest *dst;
    Fr *g;
    uint8_t src[512];
    uint64_t d[8];
    Msg m = { .resp = RESP(1) };

    rnd_state = 0x5ba000d;
    ring_startup(f, 0, 1, 0xffff);
    ring_startup(f, 1, 2, 500);
    fill_rand(f, DATA(0), src, sizeof(src));
    qtest_memset(f->qts, DATA(1), 0, sizeof(src));
    step(f);
    /* Ring 1 first: a register read polls every ring. */
    send_memcpy(f, 1, 0x62, DATA(2), DATA(0), 64);
    rd(f, 1, A_RING_BD_READ_PTR);                    /* run: timer on */
    fill_memcpy(&m, DATA(1), DATA(0), sizeof(src));
    write_descs(f, 0, d, sba_descs(&m, d), 0x61);
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(1)),
                      FLEXRM_CMPL(0x62, 0, 0, 0));
    ck_assert_uint_eq(qtest_readq(f->qts, CMPL_RING(0)), 0);
    ck_assert_uint_eq(msi_take(f, 1), 0);

    dst = ps_migrate(f->t, "presilicon", "");
    ps_qtest_quit(f->t);
    g = fr_wrap(dst, FR_BASE);
    memcpy(g->ring, f->ring, sizeof(f->ring));
    g_free(f);

    ck_assert_int_eq(qom(g, "requests"), 1);
    ck_assert_uint_eq(rd(g, 0, A_RING_CONTROL), R_RING_CONTROL_ACTIVE_MASK);
    ck_assert_uint_eq(rd(g, 1, A_RING_MSI_CONTROL), 500u << 16 | 1u << 15 | 2);
    /* The memcpy runs on the destination, with its MSI. */
    step(g);
    ck_assert_uint_eq(qtest_readq(g->qts, CMPL_RING(0)),
                      FLEXRM_CMPL(0x61, 0, 0, 0));
    mem_expect(g, DATA(1), src, sizeof(src));
    ck_assert_uint_eq(msi_take(g, 0), MSI_DATA(0));
    expect_cmpl(g, 0, 0x61, 0, 0, 0);
    /* Ring 1's MSI comes with its timer. */
    for (int i = 0; i < 10 && !qtest_readl(g->qts, MSI_ADDR(1)); i++) {
        step(g);
    }
    ck_assert_uint_eq(msi_take(g, 1), MSI_DATA(1));
    expect_cmpl(g, 1, 0x62, 0, 0, 0);
    check_memcpy_works(g, 0, 0x63);
    ck_assert_int_eq(qom(g, "requests"), 3);
    ck_assert_int_eq(qom(g, "msis"), 3);
    log_clean(g);
    fr_quit(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bcm-flexrm");
    TCase *regs = tcase_create("registers");
    TCase *data = tcase_create("data");
    TCase *bad = tcase_create("hostile");

    gf_init();
    tcase_set_timeout(regs, 120);
    tcase_set_timeout(data, 120);
    tcase_set_timeout(bad, 120);
    tcase_add_test(regs, test_device_tree_node);
    tcase_add_test(regs, test_bare_placements);
    tcase_add_test(regs, test_bad_options_refused);
    tcase_add_test(regs, test_ring_startup);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(data, test_memcpy_both_rings);
    tcase_add_test(data, test_xor_three_sources);
    tcase_add_test(data, test_pq_coefficients);
    tcase_add_test(data, test_pq_single_slow_path);
    tcase_add_test(data, test_long_request_continuation_headers);
    tcase_add_test(data, test_request_crosses_tables);
    tcase_add_test(data, test_polling_in_virtual_time);
    tcase_add_test(data, test_msi_threshold_one_and_rearm);
    tcase_add_test(data, test_msi_threshold_two_and_timer);
    tcase_add_test(data, test_qom_counters);
    tcase_add_test(bad, test_hostile_dma_outside_ram);
    tcase_add_test(bad, test_bad_sba_commands);
    tcase_add_test(bad, test_bad_missing_continuation_header);
    tcase_add_test(bad, test_bad_endless_packet);
    tcase_add_test(bad, test_poll_is_bounded);
    tcase_add_test(bad, test_bad_next_pointer_loops);
    tcase_add_test(bad, test_bad_request_boundary);
    tcase_add_test(bad, test_bad_rings_outside_ram);
    tcase_add_test(bad, test_bad_register_access);
    tcase_add_test(bad, test_hostile_random);
    tcase_add_test(bad, test_migration_mid_request);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, data);
    suite_add_tcase(s, bad);
    return ps_check_run(s);
}
