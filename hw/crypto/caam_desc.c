/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NXP CAAM descriptor engine: one DECO running one job descriptor (and
 * the shared descriptor it points to) to completion.
 *
 * Commands: HEADER, SHARED HEADER (either order, HDR_REVERSE), KEY and
 * SEQ KEY (plain keys), LOAD/SEQ LOAD and STORE/SEQ STORE (class
 * contexts, keys and their sizes, DECO math registers, clear-written),
 * FIFO LOAD/SEQ FIFO LOAD (message data, IV, skip), FIFO STORE/SEQ FIFO
 * STORE (message data, RNG data, skip), SEQ IN/OUT PTR (plain pointers
 * or gather tables, 16-bit and extended lengths), MOVE between contexts
 * and math registers, MATH (add/sub/logic/shift, with condition
 * codes), JUMP (local, conditional on math codes and the JSL states,
 * halt, halt with user status) and OPERATION for:
 *   class 1: AES-ECB, AES-CBC, AES-CTR (mod 128), RNG4 (instantiate,
 *            uninstantiate, secure-key generation, generate);
 *   class 2: MD5, SHA-1, SHA-256, SHA-384, SHA-512 and their HMAC with
 *            a plain key, in one INITFINAL pass.
 *
 * Anything else ends the job with the DECO or CCB error the hardware
 * defines and a guest error. Every job has a budget of commands (a JUMP
 * loop ends in the DECO watchdog error), every length is checked against
 * the buffer it indexes, and data moves by DMA to and from RAM only.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bswap.h"
#include "qemu/guest-random.h"
#include "qapi/error.h"
#include "caam_int.h"
#include "trace.h"

/* Commands one job may execute (the DECO watchdog, in commands). */
#define CAAM_CMD_BUDGET     2048
/* Data one job may move to and from memory (the watchdog, in bytes). */
#define CAAM_JOB_BYTES      (2 * CAAM_MAX_XFER)

/* RNG errors (CCB, CHA RNG) */
#define CAAM_RNGERR_INSTANTIATE     0x3
#define CAAM_RNGERR_NOT_INST        0x4
#define CAAM_RNGERR_UNINSTANTIATE   0x8
#define CAAM_RNGERR_SECURE_KEY      0x9

#define CAAM_SG_ENTRY       16
#define CAAM_SG_LEN_EXT     (1u << 31)
#define CAAM_SG_LEN_FIN     (1u << 30)
#define CAAM_SG_LEN_MASK    0x3fffffff
#define CAAM_SG_OFFSET_MASK 0x1fff

#define DECO_ERR(code)      CAAM_DECO_ERR(code)
#define CCB_ERR(cha, err)   CAAM_CCB_ERR(cha, err)

bool G_GNUC_PRINTF(4, 5)
caam_fail(CaamDeco *d, unsigned idx, uint32_t status, const char *fmt, ...)
{
    va_list ap;
    g_autofree char *msg = NULL;

    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    if (!d->ended) {
        d->status = status | ((idx & 0xff) << CAAM_STATUS_INDEX_SHIFT);
        d->ended = true;
        qemu_log_mask(LOG_GUEST_ERROR, "caam: descriptor word %u: %s "
                      "(status 0x%08" PRIx32 ")\n", idx, msg, d->status);
        trace_caam_job_error(idx, d->status, msg);
    }
    return false;
}


/* Word idx of the buffer being run, checked against its length. */
static bool caam_word(CaamDeco *d, unsigned idx, uint32_t *w)
{
    if (idx >= d->len) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_DESCCMD),
                         "command runs past the descriptor's end (%u words)",
                         d->len);
    }
    *w = d->buf[idx];
    return true;
}

/* A pointer at word idx (one or two words, low word first). */
static bool caam_ptr(CaamDeco *d, unsigned idx, uint64_t *p)
{
    uint32_t lo, hi = 0;

    if (!caam_word(d, idx, &lo) ||
        (d->psz == 8 && !caam_word(d, idx + 1, &hi))) {
        return false;
    }
    *p = deposit64(lo, 32, 32, hi);
    return true;
}

/* len bytes of immediate data after the command at idx, as in memory. */
static bool caam_imm(CaamDeco *d, unsigned idx, uint32_t len, uint8_t *out)
{
    unsigned nw = DIV_ROUND_UP(len, 4);
    uint8_t tmp[4];

    idx++;
    if (idx + nw > d->len) {
        idx--;
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_DESCCMD),
                         "%u bytes of immediate data past the descriptor's "
                         "end", len);
    }
    for (unsigned i = 0; i < nw; i++) {
        stl_le_p(tmp, d->buf[idx + i]);
        memcpy(out + 4 * i, tmp, MIN(4, len - 4 * i));
    }
    return true;
}

/* Charge len bytes of memory traffic to the job. */
static bool caam_spend(CaamDeco *d, unsigned idx, uint32_t len)
{
    d->traffic += len;
    if (d->traffic > CAAM_JOB_BYTES) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_WATCHDOG),
                         "the job moves more than %u bytes", CAAM_JOB_BYTES);
    }
    return true;
}

static bool caam_read_mem(CaamDeco *d, unsigned idx, uint64_t addr,
                          void *buf, uint32_t len)
{
    if (!caam_spend(d, idx, len)) {
        return false;
    }
    if (!caam_dma(addr, buf, len, false)) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_DMA),
                         "read of %u bytes at 0x%" PRIx64 " outside RAM",
                         len, addr);
    }
    return true;
}

static bool caam_write_mem(CaamDeco *d, unsigned idx, uint64_t addr,
                           const void *buf, uint32_t len)
{
    if (!caam_spend(d, idx, len)) {
        return false;
    }
    if (!caam_dma(addr, (void *)buf, len, true)) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_DMA),
                         "write of %u bytes at 0x%" PRIx64 " outside RAM",
                         len, addr);
    }
    return true;
}

/* Move len bytes through a sequence (buf NULL: skip them). */
static bool caam_seq_io(CaamDeco *d, unsigned idx, CaamSeq *q, uint8_t *buf,
                        uint32_t len, bool write)
{
    if (len > q->len) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_SEQCMD),
                         "%s %u bytes, the %s sequence has %u",
                         write ? "writes" : "reads", len,
                         write ? "output" : "input", q->len);
    }
    q->len -= len;
    while (len) {
        CaamSeg *g;
        uint32_t n;

        if (q->cur >= q->nseg) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_LINKLEN),
                             "the %s sequence's gather table ends before "
                             "its length", write ? "output" : "input");
        }
        g = &q->seg[q->cur];
        n = MIN(len, g->len - q->off);
        if (buf && !(write ? caam_write_mem(d, idx, g->addr + q->off, buf, n)
                           : caam_read_mem(d, idx, g->addr + q->off, buf,
                                           n))) {
            return false;
        }
        if (buf) {
            buf += n;
        }
        len -= n;
        q->off += n;
        if (q->off == g->len) {
            q->cur++;
            q->off = 0;
        }
    }
    return true;
}

/* Take len bytes from the input sequence. */
static bool caam_seq_in(CaamDeco *d, unsigned idx, void *buf, uint32_t len)
{
    return caam_seq_io(d, idx, &d->in, buf, len, false);
}

/* Put len bytes to the output sequence (buf NULL: skip them). */
static bool caam_seq_out(CaamDeco *d, unsigned idx, const void *buf,
                         uint32_t len)
{
    return caam_seq_io(d, idx, &d->out, (uint8_t *)buf, len, true);
}

static CaamClass *caam_class(CaamDeco *d, uint32_t w)
{
    switch (w & (3u << CAAM_CLASS_SHIFT)) {
    case CAAM_CLASS_1:
        return &d->c1;
    case CAAM_CLASS_2:
        return &d->c2;
    }
    return NULL;
}

/* ---- OPERATION ---- */

static bool caam_op_rng(CaamDeco *d, unsigned idx, uint32_t w)
{
    CaamState *s = d->s;
    unsigned aai = caam_op_aai(w), as = caam_op_as(w);
    unsigned sh = aai & CAAM_AAI_RNG4_SH1;
    uint32_t inst = R_RDSTA_IF0_MASK << sh;
    uint32_t pr = R_RDSTA_PR0_MASK << sh;

    if (aai & CAAM_AAI_RNG4_SK) {
        if (s->rdsta & R_RDSTA_SKVN_MASK) {
            return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_RNG,
                                             CAAM_RNGERR_SECURE_KEY),
                             "secure keys were already generated");
        }
        s->rdsta |= R_RDSTA_SKVN_MASK;
        trace_caam_rng(sh, "secure keys generated");
        return true;
    }
    switch (as) {
    case CAAM_AS_INIT:
        if ((s->rdsta & inst) || s->fail_rng) {
            return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_RNG,
                                             CAAM_RNGERR_INSTANTIATE),
                             "RNG4 state handle %u: %s", sh,
                             s->fail_rng ? "the TRNG failed (fail-rng)" :
                             "already instantiated");
        }
        s->rdsta |= inst | ((w & CAAM_OP_PR_ON) ? pr : 0);
        trace_caam_rng(sh, "instantiated");
        return true;
    case CAAM_AS_INITFINAL:
        if (!(s->rdsta & inst)) {
            return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_RNG,
                                             CAAM_RNGERR_UNINSTANTIATE),
                             "RNG4 state handle %u is not instantiated", sh);
        }
        s->rdsta &= ~(inst | pr);
        trace_caam_rng(sh, "uninstantiated");
        return true;
    default:    /* generate (UPDATE), reseed (FINALIZE) */
        if (!(s->rdsta & inst)) {
            return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_RNG,
                                             CAAM_RNGERR_NOT_INST),
                             "RNG4 state handle %u is not instantiated", sh);
        }
        d->c1.op = w;
        return true;
    }
}

/*
 * The Derived Key Protocol: the HMAC split key of a plain key (the
 * states after one block of key^ipad and of key^opad), into the class 2
 * key register and to its destination: the descriptor's own words after
 * the command (room the driver reserved), or back to the key's memory.
 */
static bool caam_dkp(CaamDeco *d, unsigned idx, uint32_t w, unsigned *next)
{
    unsigned pcl = (w >> CAAM_OP_PCLID_SHIFT) & 0xff;
    unsigned src = (w >> CAAM_OP_DKP_SRC_SHIFT) & 3;
    unsigned dst = (w >> CAAM_OP_DKP_DST_SHIFT) & 3;
    uint32_t klen = w & CAAM_OP_DKP_KEYLEN_MASK;
    uint8_t key[CAAM_MD_MAX_BLOCK * 2], split[CAAM_MD_MAX_SPLIT_KEY];
    CaamMdAlg alg;
    unsigned slen, words;
    uint64_t p = 0;

    if (!caam_md_alg(CAAM_ALG_MD5 + pcl - CAAM_OP_PCLID_DKP_MD5, &alg) ||
        pcl < CAAM_OP_PCLID_DKP_MD5 ||
        (src != CAAM_OP_DKP_IMM && src != CAAM_OP_DKP_PTR) ||
        (dst != CAAM_OP_DKP_IMM && dst != CAAM_OP_DKP_PTR) ||
        (src == CAAM_OP_DKP_IMM && dst == CAAM_OP_DKP_PTR) ||
        klen > sizeof(key)) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_OPCMD),
                         "protocol OPERATION 0x%08" PRIx32 " not "
                         "implemented (DKP: MD5 to SHA-512, immediate or "
                         "pointer, keys up to %zu bytes)", w, sizeof(key));
    }
    if (src == CAAM_OP_DKP_IMM) {
        if (!caam_imm(d, idx, klen, key)) {
            return false;
        }
    } else if (!caam_ptr(d, idx + 1, &p) ||
               !caam_read_mem(d, idx, p, key, klen)) {
        return false;
    }
    slen = caam_md_split_key(alg, key, klen, split);
    if (dst == CAAM_OP_DKP_IMM) {
        words = DIV_ROUND_UP(slen, 4);
        if (idx + 1 + words > d->len) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_DESCCMD),
                             "DKP: no room for the %u-byte split key in "
                             "the descriptor", slen);
        }
        for (unsigned i = 0; i < words; i++) {
            uint8_t tmp[4] = { 0 };

            memcpy(tmp, split + 4 * i, MIN(4, slen - 4 * i));
            d->buf[idx + 1 + i] = ldl_le_p(tmp);
        }
        *next = idx + 1 + words;
    } else {
        if (!caam_write_mem(d, idx, p, split, slen)) {
            return false;
        }
        *next = idx + 1 + d->psz / 4;
    }
    memcpy(d->c2.key, split, slen);
    d->c2.keylen = slen;
    d->c2.split_key = true;
    trace_caam_dkp(pcl, src, dst, slen);
    return true;
}

static bool caam_op(CaamDeco *d, unsigned idx, uint32_t w, unsigned *next)
{
    *next = idx + 1;
    switch (w & CAAM_OP_TYPE_MASK) {
    case CAAM_OP_TYPE_CLASS1:
        if (caam_op_alg(w) == CAAM_ALG_RNG) {
            return caam_op_rng(d, idx, w);
        }
        return caam_c1_op(d, idx, w);
    case CAAM_OP_TYPE_CLASS2:
        return caam_c2_op(d, idx, w);
    case CAAM_OP_TYPE_UNI_PCL:
        return caam_dkp(d, idx, w, next);
    }
    return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_OPCMD),
                     "OPERATION type %u (protocol or PKHA) not implemented",
                     (w & CAAM_OP_TYPE_MASK) >> CAAM_OP_TYPE_SHIFT);
}

/* ---- the output FIFO, waiting stores, NFIFO entries ---- */

/* Give a waiting FIFO STORE what the output FIFO now holds. */
static bool caam_pstore_drain(CaamDeco *d)
{
    CaamPendStore *p = &d->pstore;
    uint32_t n;
    bool ok;

    if (!p->active || !d->ofifo->len) {
        return true;
    }
    n = MIN(p->left, d->ofifo->len);
    ok = p->seq ? caam_seq_io(d, p->idx, &p->q, d->ofifo->data, n, true)
                : caam_write_mem(d, p->idx, p->addr, d->ofifo->data, n);
    g_byte_array_remove_range(d->ofifo, 0, n);
    p->addr += n;
    p->left -= n;
    p->active = p->left;
    return ok;
}

bool caam_ofifo_put(CaamDeco *d, unsigned idx, const uint8_t *buf,
                    uint32_t len)
{
    if (d->ofifo->len + (uint64_t)len > CAAM_MAX_XFER) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOSTCMD),
                         "the output FIFO holds more than %u bytes",
                         CAAM_MAX_XFER);
    }
    g_byte_array_append(d->ofifo, buf, len);
    return caam_pstore_drain(d);
}

static bool caam_nfifo_type(unsigned dtype, CaamData *t)
{
    switch (dtype) {
    case CAAM_NFIFO_DTYPE_MSG:
        *t = CAAM_DATA_MSG;
        return true;
    case CAAM_NFIFO_DTYPE_AAD:
        *t = CAAM_DATA_AAD;
        return true;
    case CAAM_NFIFO_DTYPE_IV:
        *t = CAAM_DATA_IV;
        return true;
    case CAAM_NFIFO_DTYPE_ICV:
        *t = CAAM_DATA_ICV;
        return true;
    }
    return false;
}

/*
 * An info FIFO entry written by the descriptor: padding (zeros or random
 * bytes) or a copy of the output FIFO's head (which stays there for the
 * FIFO STORE that follows), for the DECO's input FIFO or a class.
 */
static bool caam_nfifo(CaamDeco *d, unsigned idx, uint32_t e)
{
    unsigned dest = e >> CAAM_NFIFO_DEST_SHIFT;
    unsigned stype = (e >> CAAM_NFIFO_STYPE_SHIFT) & 3;
    unsigned ptype = (e >> CAAM_NFIFO_PTYPE_SHIFT) & 7;
    uint32_t len = e & CAAM_NFIFO_DLEN_MASK;
    g_autofree uint8_t *buf = g_malloc0(len + 1);
    CaamData type = CAAM_DATA_MSG;

    if ((dest && !caam_nfifo_type((e >> CAAM_NFIFO_DTYPE_SHIFT) & 0xf,
                                  &type)) ||
        (stype == CAAM_NFIFO_STYPE_PAD && ptype != CAAM_NFIFO_PTYPE_ZEROS &&
         ptype != CAAM_NFIFO_PTYPE_RND && ptype != CAAM_NFIFO_PTYPE_RND_NZ) ||
        (stype != CAAM_NFIFO_STYPE_PAD && stype != CAAM_NFIFO_STYPE_OFIFO)) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_LOADCMD),
                         "info FIFO entry 0x%08" PRIx32 " not implemented "
                         "(padding or output FIFO data of a known type)", e);
    }
    if (stype == CAAM_NFIFO_STYPE_OFIFO) {
        if (len > d->ofifo->len) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_LOADCMD),
                             "info FIFO entry takes %u bytes, the output "
                             "FIFO holds %u", len, d->ofifo->len);
        }
        if (len) {
            memcpy(buf, d->ofifo->data, len);
        }
    } else if (ptype != CAAM_NFIFO_PTYPE_ZEROS) {
        qemu_guest_getrandom_nofail(buf, len);
        for (uint32_t i = 0; ptype == CAAM_NFIFO_PTYPE_RND_NZ && i < len;
             i++) {
            buf[i] = buf[i] ? buf[i] : 0x5a;
        }
    }
    if (!dest) {
        if (d->ififo->len + (uint64_t)len > CAAM_MAX_XFER) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_LOADCMD),
                             "the input FIFO holds more than %u bytes",
                             CAAM_MAX_XFER);
        }
        g_byte_array_append(d->ififo, buf, len);
        return true;
    }
    if ((dest & 2) && !caam_class_in(d, idx, 2, type, buf, len,
                                     e & CAAM_NFIFO_LC2, false)) {
        return false;
    }
    return !(dest & 1) || caam_class_in(d, idx, 1, type, buf, len,
                                        e & CAAM_NFIFO_LC1, false);
}

/* ---- KEY, LOAD, STORE ---- */

/* Source of a KEY/LOAD's data: immediate, pointer or input sequence. */
static bool caam_src(CaamDeco *d, unsigned idx, bool seq, bool imm,
                     uint8_t *buf, uint32_t len, unsigned *next)
{
    uint64_t p;

    if (seq) {
        *next = idx + 1;
        return caam_seq_in(d, idx, buf, len);
    }
    if (imm) {
        *next = idx + 1 + DIV_ROUND_UP(len, 4);
        return caam_imm(d, idx, len, buf);
    }
    *next = idx + 1 + d->psz / 4;
    return caam_ptr(d, idx + 1, &p) && caam_read_mem(d, idx, p, buf, len);
}

/*
 * Black keys: a key register stored with FIFO STORE KEY_KEK (or a split
 * key with SPLIT_KEK) comes back through KEY with ENC. The hardware
 * encrypts it with the job's key encryption key in AES-ECB, so a black
 * key takes its length rounded up to 16 bytes; here a fixed mask stands
 * for the encryption: opaque to the guest, as on the chip, but it
 * protects nothing.
 */
#define CAAM_BLACK_LEN(len)     ROUND_UP(len, 16)

static void caam_black(uint8_t *k, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        k[i] ^= 0xa5 ^ (uint8_t)(i * 0x3b);
    }
}

static bool caam_key(CaamDeco *d, unsigned idx, uint32_t w, unsigned *next)
{
    CaamClass *c = caam_class(d, w);
    uint32_t len = w & CAAM_KEY_LEN_MASK;
    uint32_t dest = w & CAAM_KEY_DEST_MASK;

    bool enc = w & CAAM_KEY_ENC;
    uint8_t buf[CAAM_KEY_SIZE];

    if (!c || (w & (1u << 24)) ||
        (dest && (dest != CAAM_KEY_DEST_MDHA_SPLIT || c != &d->c2)) ||
        (enc ? CAAM_BLACK_LEN(len) : len) > CAAM_KEY_SIZE) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_KEYCMD),
                         "KEY 0x%08" PRIx32 " (class, destination or "
                         "length) not supported", w);
    }
    if (!caam_src(d, idx, CAAM_CMD(w) == CAAM_CMD_SEQ_KEY,
                  w & CAAM_KEY_IMM, buf, enc ? CAAM_BLACK_LEN(len) : len,
                  next)) {
        return false;
    }
    if (enc) {
        caam_black(buf, CAAM_BLACK_LEN(len));
    }
    memcpy(c->key, buf, len);
    c->keylen = len;
    c->split_key = dest == CAAM_KEY_DEST_MDHA_SPLIT;
    qcrypto_cipher_free(c->cipher);
    qcrypto_cipher_free(c->tweak);
    c->cipher = c->tweak = NULL;
    return true;
}

/* The byte window a LOAD/STORE reaches: a class's context or key. */
static uint8_t *caam_ldst_bytes(CaamDeco *d, uint32_t w, uint32_t off,
                                uint32_t len, bool store)
{
    CaamClass *c = caam_class(d, w);
    unsigned reg = (w & CAAM_LDST_SRCDST_MASK) >> CAAM_LDST_SRCDST_SHIFT;

    if (!c) {
        return NULL;
    }
    if (reg == CAAM_LDST_CTX && off + len <= CAAM_CTX_SIZE) {
        return c->ctx + off;
    }
    if (reg == CAAM_LDST_KEY && !store && off + len <= CAAM_KEY_SIZE) {
        return c->key + off;
    }
    return NULL;
}

static bool caam_math_reg(uint32_t w, unsigned *n)
{
    unsigned reg = (w & CAAM_LDST_SRCDST_MASK) >> CAAM_LDST_SRCDST_SHIFT;

    if ((w & (3u << CAAM_CLASS_SHIFT)) == CAAM_LDST_CLASS_DECO &&
        reg >= CAAM_LDST_MATH0 && reg <= CAAM_LDST_MATH3) {
        *n = reg - CAAM_LDST_MATH0;
        return true;
    }
    return false;
}

static bool caam_load(CaamDeco *d, unsigned idx, uint32_t w, unsigned *next)
{
    uint32_t off = (w >> CAAM_LDST_OFFSET_SHIFT) & 0xff;
    uint32_t len = w & CAAM_LDST_LEN_MASK;
    unsigned reg = (w & CAAM_LDST_SRCDST_MASK) >> CAAM_LDST_SRCDST_SHIFT;
    bool seq = CAAM_CMD(w) == CAAM_CMD_SEQ_LOAD;
    uint8_t buf[256];
    uint8_t *dst = caam_ldst_bytes(d, w, off, len, false);
    CaamClass *c = caam_class(d, w);
    unsigned m;

    if (seq && (w & (1u << 24))) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_LOADCMD),
                         "SEQ LOAD with a variable length not implemented");
    }
    if (!caam_src(d, idx, seq, w & CAAM_LDST_IMM, buf, len, next)) {
        return false;
    }
    if (dst) {
        memcpy(dst, buf, len);
        if (reg == CAAM_LDST_KEY) {
            c->keylen = MAX(c->keylen, off + len);
            c->split_key = false;
            qcrypto_cipher_free(c->cipher);
            qcrypto_cipher_free(c->tweak);
            c->cipher = c->tweak = NULL;
        }
        return true;
    }
    if (len == 4 && off == 0 && c) {
        uint32_t v = ldl_le_p(buf);

        switch (reg) {
        case CAAM_LDST_KEYSZ:
            if (v > CAAM_KEY_SIZE) {
                break;
            }
            c->keylen = v;
            return true;
        case CAAM_LDST_DATASZ:
            c->datasize = v;
            return true;
        case CAAM_LDST_ICVSZ:
            c->icvsize = v;
            return true;
        }
    }
    if (caam_math_reg(w, &m) && (len == 4 || len == 8) &&
        off + len <= 8) {
        if (len == 8) {
            d->math[m] = ldq_le_p(buf);
        } else {
            d->math[m] = deposit64(d->math[m], off ? 0 : 32, 32,
                                   ldl_le_p(buf));
        }
        return true;
    }
    if (!(w & (3u << CAAM_CLASS_SHIFT)) && reg == CAAM_LDST_CLRW) {
        /* Clear written: bit 0 resets class 1, bit 16 class 2. */
        uint32_t v = len >= 4 ? ldl_le_p(buf) : 0;

        if (v & 1) {
            caam_class_reset(&d->c1);
        }
        if (v & (1u << 16)) {
            caam_class_reset(&d->c2);
        }
        return true;
    }
    if (!(w & (3u << CAAM_CLASS_SHIFT)) && reg == CAAM_LDST_OUTFIFO) {
        return caam_ofifo_put(d, idx, buf, len);
    }
    if (!(w & (3u << CAAM_CLASS_SHIFT)) && reg == CAAM_LDST_INFO_FIFO &&
        len == 4) {
        return caam_nfifo(d, idx, ldl_le_p(buf));
    }
    if ((w & (3u << CAAM_CLASS_SHIFT)) == CAAM_LDST_CLASS_DECO &&
        (reg == 0x06 || reg == 0x07)) {
        /* DECO control, protocol override: nothing to model. */
        return true;
    }
    return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_LOADCMD),
                     "LOAD 0x%08" PRIx32 " (destination 0x%02x, offset %u, "
                     "length %u) not supported", w, reg, off, len);
}

static bool caam_store(CaamDeco *d, unsigned idx, uint32_t w, unsigned *next)
{
    uint32_t off = (w >> CAAM_LDST_OFFSET_SHIFT) & 0xff;
    uint32_t len = w & CAAM_LDST_LEN_MASK;
    bool seq = CAAM_CMD(w) == CAAM_CMD_SEQ_STORE;
    const uint8_t *src = caam_ldst_bytes(d, w, off, len, true);
    uint8_t buf[8];
    unsigned m;
    uint64_t p;

    if (!src && caam_math_reg(w, &m) && (len == 4 || len == 8) &&
        off + len <= 8) {
        if (len == 8) {
            stq_le_p(buf, d->math[m]);
        } else {
            stl_le_p(buf, d->math[m] >> (off ? 0 : 32));
        }
        src = buf;
    }
    if (!src || (w & CAAM_LDST_IMM) || (w & (1u << 24))) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_STORECMD),
                         "STORE 0x%08" PRIx32 " not supported", w);
    }
    if (seq) {
        *next = idx + 1;
        return caam_seq_out(d, idx, src, len);
    }
    *next = idx + 1 + d->psz / 4;
    return caam_ptr(d, idx + 1, &p) && caam_write_mem(d, idx, p, src, len);
}

/* ---- FIFO LOAD / FIFO STORE ---- */

static bool caam_fifo_len(CaamDeco *d, unsigned idx, uint32_t w, bool seq,
                          bool in, unsigned *next, uint32_t *len)
{
    unsigned at = idx + 1 + (seq ? 0 : d->psz / 4);

    *next = at;
    if (seq && (w & CAAM_FIFO_SGF)) {
        /* VLF: the variable sequence length */
        *len = in ? d->vsil : d->vsol;
    } else if (w & CAAM_FIFO_EXT) {
        if (!caam_word(d, at, len)) {
            return false;
        }
        *next = at + 1;
    } else {
        *len = w & CAAM_FIFO_LEN_MASK;
    }
    if (*len > CAAM_MAX_XFER) {
        return caam_fail(d, idx, DECO_ERR(in ? CAAM_DECOERR_FIFOLDCMD :
                                          CAAM_DECOERR_FIFOSTCMD),
                         "FIFO transfer of %u bytes (limit %u)", *len,
                         CAAM_MAX_XFER);
    }
    return true;
}

static bool caam_fifo_load(CaamDeco *d, unsigned idx, uint32_t w,
                           unsigned *next)
{
    bool seq = CAAM_CMD(w) == CAAM_CMD_SEQ_FIFO_LOAD;
    unsigned type = (w >> CAAM_FIFOLD_TYPE_SHIFT) & 0x3f;
    unsigned cls = (w >> CAAM_CLASS_SHIFT) & 3;
    /* The action bits: 0 flushes class 1, 1 ends class 1's, 2 class 2's. */
    unsigned act = type & CAAM_FIFOLD_ACT_MASK;
    bool last1 = act & CAAM_FIFOLD_LAST1;
    bool last2 = act & CAAM_FIFOLD_LAST2;
    g_autofree uint8_t *buf = NULL;
    CaamData dt;
    uint32_t len;
    uint64_t p;
    bool ok = true;

    if (!seq && (w & CAAM_FIFO_SGF)) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOLDCMD),
                         "FIFO LOAD scatter/gather not implemented");
    }
    if (!seq && (w & CAAM_FIFO_IMM)) {
        len = w & CAAM_FIFO_LEN_MASK;
        *next = idx + 1 + DIV_ROUND_UP(len, 4);
        buf = g_malloc(len + 4);
        ok = caam_imm(d, idx, len, buf);
    } else {
        if (!caam_fifo_len(d, idx, w, seq, true, next, &len)) {
            return false;
        }
        buf = g_malloc(len + 1);
        if (seq) {
            ok = caam_seq_in(d, idx, cls ? buf : NULL, len);
            if (w & CAAM_FIFO_SGF) {
                d->vsil = 0;
            }
        } else {
            ok = caam_ptr(d, idx + 1, &p) &&
                 caam_read_mem(d, idx, p, buf, len);
        }
    }
    if (!ok || !cls) {
        return ok;      /* class 0: skip the input */
    }
    switch (type & CAAM_FIFOLD_TYPE_MASK) {
    case CAAM_FIFOLD_TYPE_MSG:
        /* Both classes: class 2 hashes the input (decryption). */
        if ((cls & 2) && !caam_class_in(d, idx, 2, CAAM_DATA_MSG, buf, len,
                                        last2, false)) {
            return false;
        }
        return !(cls & 1) || caam_class_in(d, idx, 1, CAAM_DATA_MSG, buf,
                                           len, last1, false);
    case CAAM_FIFOLD_TYPE_MSG1OUT2:
        /* Class 1's output goes on to class 2 (encrypt, then MAC). */
        return caam_class_in(d, idx, 1, CAAM_DATA_MSG, buf, len, last1,
                             cls & 2);
    case CAAM_FIFOLD_TYPE_IV:
        dt = CAAM_DATA_IV;
        break;
    case CAAM_FIFOLD_TYPE_AAD:
        dt = CAAM_DATA_AAD;
        break;
    case CAAM_FIFOLD_TYPE_ICV:
        dt = CAAM_DATA_ICV;
        break;
    default:
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOLDCMD),
                         "FIFO LOAD of type 0x%02x not implemented", type);
    }
    if (cls == 3) {
        /* AAD to both: class 2 takes it as message (RFC 4543 snoops). */
        if (dt != CAAM_DATA_AAD) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOLDCMD),
                             "FIFO LOAD of type 0x%02x to both classes not "
                             "implemented", type);
        }
        if (!caam_class_in(d, idx, 2, CAAM_DATA_MSG, buf, len, last2,
                           false)) {
            return false;
        }
        cls = 1;
    }
    return caam_class_in(d, idx, cls, dt, buf, len,
                         cls == 1 ? last1 : last2, false);
}

static bool caam_fifo_store(CaamDeco *d, unsigned idx, uint32_t w,
                            unsigned *next)
{
    bool seq = CAAM_CMD(w) == CAAM_CMD_SEQ_FIFO_STORE;
    unsigned type = (w >> CAAM_FIFOLD_TYPE_SHIFT) & 0x3f;
    g_autofree uint8_t *buf = NULL;
    uint32_t len, now;
    uint64_t p = 0;

    if (((w & (3u << CAAM_CLASS_SHIFT)) &&
         type != CAAM_FIFOST_TYPE_KEY_KEK &&
         type != CAAM_FIFOST_TYPE_SPLIT_KEK) ||
        (!seq && (w & CAAM_FIFO_SGF))) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOSTCMD),
                         "FIFO STORE 0x%08" PRIx32 ": keys other than "
                         "KEY_KEK, or scatter/gather, not implemented", w);
    }
    if (!caam_fifo_len(d, idx, w, seq, false, next, &len) ||
        (!seq && !caam_ptr(d, idx + 1, &p))) {
        return false;
    }
    if (seq && (w & CAAM_FIFO_SGF)) {
        d->vsol = 0;
    }
    switch (type) {
    case CAAM_FIFOST_TYPE_MSG:
        if (d->pstore.active) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOSTCMD),
                             "FIFO STORE while another still waits for %u "
                             "bytes", d->pstore.left);
        }
        /*
         * What the output FIFO holds goes now; the rest when a CHA makes
         * it (a store is often issued before the load that feeds it).
         */
        now = MIN(len, d->ofifo->len);
        if (!(seq ? caam_seq_out(d, idx, d->ofifo->data, now)
                  : caam_write_mem(d, idx, p, d->ofifo->data, now))) {
            return false;
        }
        g_byte_array_remove_range(d->ofifo, 0, now);
        if (now < len) {
            d->pstore = (CaamPendStore) {
                .active = true, .seq = seq, .idx = idx,
                .q = d->out, .addr = p + now, .left = len - now,
            };
            /* Its bytes of the output sequence are taken now. */
            return !seq || caam_seq_out(d, idx, NULL, len - now);
        }
        return true;
    case CAAM_FIFOST_TYPE_RNGSTORE:
    case CAAM_FIFOST_TYPE_RNGFIFO:
        if (caam_op_alg(d->c1.op) != CAAM_ALG_RNG) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOSTCMD),
                             "RNG data stored without an RNG OPERATION");
        }
        if (!caam_spend(d, idx, len)) {
            return false;
        }
        buf = g_malloc(len + 1);
        qemu_guest_getrandom_nofail(buf, len);
        break;
    case CAAM_FIFOST_TYPE_KEY_KEK: {
        CaamClass *c = caam_class(d, w);

        if (!c || len > c->keylen) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOSTCMD),
                             "FIFO STORE of %u key bytes, the key register "
                             "holds %u", len, c ? c->keylen : 0);
        }
        buf = g_malloc0(CAAM_BLACK_LEN(len) + 1);
        memcpy(buf, c->key, len);
        len = CAAM_BLACK_LEN(len);
        caam_black(buf, len);
        break;
    }
    case CAAM_FIFOST_TYPE_SPLIT_KEK: {
        /*
         * MDHA split-key generation (key_gen.c, Eras before DKP): the
         * HMAC pads of the class 2 key, for the algorithm of the class 2
         * OPERATION before it, stored black.
         */
        CaamMdAlg alg;
        uint8_t split[CAAM_MD_MAX_SPLIT_KEY];
        unsigned slen;

        if (!(w & CAAM_CLASS_2) || (w & CAAM_CLASS_1) ||
            !caam_md_alg(caam_op_alg(d->c2.op), &alg)) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOSTCMD),
                             "FIFO STORE of a split key without a class 2 "
                             "hash OPERATION");
        }
        slen = d->c2.split_key ? d->c2.keylen :
               caam_md_split_key(alg, d->c2.key, d->c2.keylen, split);
        if (d->c2.split_key) {
            memcpy(split, d->c2.key, slen);
        }
        if (len > slen) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOSTCMD),
                             "FIFO STORE of %u split-key bytes, the split "
                             "key has %u", len, slen);
        }
        buf = g_malloc0(CAAM_BLACK_LEN(len) + 1);
        memcpy(buf, split, len);
        len = CAAM_BLACK_LEN(len);
        caam_black(buf, len);
        break;
    }
    case CAAM_FIFOST_TYPE_SKIP:
        if (seq) {
            return caam_seq_out(d, idx, NULL, len);
        }
        /* fall through */
    default:
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOSTCMD),
                         "FIFO STORE of type 0x%02x not implemented", type);
    }
    return seq ? caam_seq_out(d, idx, buf, len)
               : caam_write_mem(d, idx, p, buf, len);
}

/* ---- SEQ IN/OUT PTR ---- */

/*
 * Copy the gather table at t (sec4_sg_entry: 64-bit pointer, length with
 * EXT and FIN, offset) into the sequence's segments, as far as its
 * length needs: the hardware reads entries as the data goes, so a table
 * need not end in FIN (the driver marks only the last of a job's tables).
 * EXT entries continue the table elsewhere. Up to CAAM_SG_MAX entries.
 */
static bool caam_gather(CaamDeco *d, unsigned idx, CaamSeq *q, uint64_t t)
{
    uint64_t have = 0;

    q->nseg = 0;
    for (int i = 0; i < CAAM_SG_MAX; i++) {
        uint8_t e[CAAM_SG_ENTRY];
        uint64_t ptr;
        uint32_t len, off;

        if (!caam_read_mem(d, idx, t, e, sizeof(e))) {
            return false;
        }
        ptr = ldq_le_p(e);
        len = ldl_le_p(e + 8);
        off = ldl_le_p(e + 12) & CAAM_SG_OFFSET_MASK;
        if (len & CAAM_SG_LEN_EXT) {
            t = ptr + off;      /* the table goes on there */
            continue;
        }
        q->seg[q->nseg++] = (CaamSeg) { ptr + off, len & CAAM_SG_LEN_MASK };
        have += len & CAAM_SG_LEN_MASK;
        if ((len & CAAM_SG_LEN_FIN) || have >= q->len) {
            return true;
        }
        t += CAAM_SG_ENTRY;
    }
    return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_LINKLEN),
                     "gather table longer than %d entries", CAAM_SG_MAX);
}

static bool caam_seq_ptr(CaamDeco *d, unsigned idx, uint32_t w,
                         unsigned *next)
{
    bool in = CAAM_CMD(w) == CAAM_CMD_SEQ_IN_PTR;
    CaamSeq *q = in ? &d->in : &d->out;
    uint64_t p;
    uint32_t len = w & CAAM_SQ_LEN_MASK;

    if (w & (CAAM_SQ_RBS | CAAM_SQ_INL | CAAM_SQ_PRE | CAAM_SQ_RTO)) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_SEQCMD),
                         "SEQ %s PTR 0x%08" PRIx32 ": restore, previous "
                         "pointer or in-line not implemented",
                         in ? "IN" : "OUT", w);
    }
    if (!caam_ptr(d, idx + 1, &p)) {
        return false;
    }
    *next = idx + 1 + d->psz / 4;
    if (w & CAAM_SQ_EXT) {
        if (!caam_word(d, *next, &len)) {
            return false;
        }
        (*next)++;
    }
    q->cur = 0;
    q->off = 0;
    q->len = len;
    q->nseg = 1;
    q->seg[0] = (CaamSeg) { p, UINT32_MAX };
    return !(w & CAAM_SQ_SGF) || caam_gather(d, idx, q, p);
}

/* ---- MATH, MOVE, JUMP ---- */

static bool caam_math_src(CaamDeco *d, unsigned src, bool src0,
                          uint64_t imm, uint64_t *v)
{
    switch (src) {
    case 0 ... 3:
        *v = d->math[src];
        return true;
    case CAAM_MATH_SRC_IMM:
        *v = imm;
        return true;
    case CAAM_MATH_SRC_DPOVRD:
        *v = d->dpovrd;
        return true;
    case CAAM_MATH_SRC_ZERO:
        *v = src0 ? 0 : 1;
        return true;
    }
    if (!src0) {
        return false;
    }
    switch (src) {
    case CAAM_MATH_SRC0_SEQINLEN:
        *v = d->in.len;
        return true;
    case CAAM_MATH_SRC0_SEQOUTLEN:
        *v = d->out.len;
        return true;
    case CAAM_MATH_SRC0_VSEQINLEN:
        *v = d->vsil;
        return true;
    case CAAM_MATH_SRC0_VSEQOUTLEN:
        *v = d->vsol;
        return true;
    }
    return false;
}

static bool caam_math(CaamDeco *d, unsigned idx, uint32_t w, unsigned *next)
{
    unsigned fun = (w >> CAAM_MATH_FUN_SHIFT) & 0xf;
    unsigned s0 = (w >> CAAM_MATH_SRC0_SHIFT) & 0xf;
    unsigned s1 = (w >> CAAM_MATH_SRC1_SHIFT) & 0xf;
    unsigned dst = (w >> CAAM_MATH_DEST_SHIFT) & 0xf;
    unsigned len = w & CAAM_MATH_LEN_MASK;
    uint64_t a, b, r, mask, imm = 0;
    uint32_t lo, hi = 0;
    bool carry = false;

    *next = idx + 1;
    if (s0 == CAAM_MATH_SRC_IMM || s1 == CAAM_MATH_SRC_IMM) {
        if (!caam_word(d, idx + 1, &lo) ||
            (len == 8 && !caam_word(d, idx + 2, &hi))) {
            return false;
        }
        imm = deposit64(lo, 32, 32, hi);
        *next = idx + 1 + (len == 8 ? 2 : 1);
    }
    if ((len != 1 && len != 2 && len != 4 && len != 8) ||
        !caam_math_src(d, s0, true, imm, &a) ||
        !caam_math_src(d, s1, false, imm, &b)) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_MATHCMD),
                         "MATH 0x%08" PRIx32 ": source or length not "
                         "supported", w);
    }
    mask = len == 8 ? UINT64_MAX : (1ULL << (len * 8)) - 1;
    a &= mask;
    b &= mask;
    switch (fun) {
    case CAAM_MATH_FUN_ADD:
    case CAAM_MATH_FUN_ADDC:
        r = a + b + (fun == CAAM_MATH_FUN_ADDC && (d->cc & CAAM_CC_C));
        carry = len == 8 ? r < a : (r & ~mask) != 0;
        break;
    case CAAM_MATH_FUN_SUB:
    case CAAM_MATH_FUN_SUBB:
        r = a - b - (fun == CAAM_MATH_FUN_SUBB && (d->cc & CAAM_CC_C));
        carry = b > a;
        break;
    case CAAM_MATH_FUN_OR:
        r = a | b;
        break;
    case CAAM_MATH_FUN_AND:
        r = a & b;
        break;
    case CAAM_MATH_FUN_XOR:
        r = a ^ b;
        break;
    case CAAM_MATH_FUN_LSHIFT:
        r = b >= 64 ? 0 : a << b;
        break;
    case CAAM_MATH_FUN_RSHIFT:
        r = b >= 64 ? 0 : a >> b;
        break;
    default:
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_MATHCMD),
                         "MATH function %u not implemented", fun);
    }
    r &= mask;
    d->cc = (r ? 0 : CAAM_CC_Z) | ((r >> (len * 8 - 1)) & 1 ? CAAM_CC_N : 0) |
            (carry ? CAAM_CC_C : 0);
    switch (dst) {
    case 0 ... 3:
        d->math[dst] = r;
        return true;
    case CAAM_MATH_SRC_DPOVRD:
        d->dpovrd = r;
        return true;
    case CAAM_MATH_DEST_SEQINLEN:
        d->in.len = r;
        return true;
    case CAAM_MATH_DEST_SEQOUTLEN:
        d->out.len = r;
        return true;
    case CAAM_MATH_DEST_VSEQINLEN:
        d->vsil = r;
        return true;
    case CAAM_MATH_DEST_VSEQOUTLEN:
        d->vsol = r;
        return true;
    case CAAM_MATH_DEST_NONE:
        return true;
    }
    return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_MATHCMD),
                     "MATH destination %u not implemented", dst);
}

/* The descriptor buffer as the DECO sees it: words, MSB first. */
static void caam_descbuf_get(CaamDeco *d, unsigned off, uint8_t *p,
                             unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        p[i] = d->buf[(off + i) / 4] >> (8 * (3 - (off + i) % 4));
    }
}

static void caam_descbuf_put(CaamDeco *d, unsigned off, const uint8_t *p,
                             unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned sh = 8 * (3 - (off + i) % 4);
        uint32_t *w = &d->buf[(off + i) / 4];

        *w = (*w & ~(0xffu << sh)) | ((uint32_t)p[i] << sh);
    }
}

static bool caam_move_infifo(CaamDeco *d, unsigned idx, unsigned dst,
                             uint32_t len)
{
    GQueue *q = !g_queue_is_empty(&d->c1.pend) ? &d->c1.pend : &d->c2.pend;

    if (dst != CAAM_MOVE_OUTFIFO) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_MOVECMD),
                         "MOVE from a class input FIFO to destination %u "
                         "not implemented", dst);
    }
    while (len) {
        CaamChunk *k = g_queue_peek_head(q);
        uint32_t n;

        if (!k) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_MOVECMD),
                             "MOVE of %u bytes more than the class input "
                             "FIFO holds", len);
        }
        n = MIN(len, k->data->len);
        if (!caam_ofifo_put(d, idx, k->data->data, n)) {
            return false;
        }
        g_byte_array_remove_range(k->data, 0, n);
        len -= n;
        if (!k->data->len) {
            g_queue_pop_head(q);
            g_byte_array_unref(k->data);
            g_free(k);
        }
    }
    return true;
}

/*
 * MOVE: between the class contexts, the math registers (8 bytes, most
 * significant first), the descriptor buffer, the output FIFO, the DECO's
 * input FIFO and a class's input. The offset is on the side that has
 * one: a context or the descriptor buffer (the source, when both do).
 */
static bool caam_move(CaamDeco *d, unsigned idx, uint32_t w)
{
    unsigned src = (w >> CAAM_MOVE_SRC_SHIFT) & 0xf;
    unsigned dst = (w >> CAAM_MOVE_DEST_SHIFT) & 0xf;
    unsigned off = (w >> CAAM_MOVE_OFFSET_SHIFT) & 0xff;
    unsigned len = w & CAAM_MOVE_LEN_MASK;
    bool src_off = src <= CAAM_MOVE_CLASS2CTX || src == CAAM_MOVE_DESCBUF;
    unsigned soff = src_off ? off : 0, doff = src_off ? 0 : off;
    uint8_t buf[256], m[8];

    if (CAAM_CMD(w) == CAAM_CMD_MOVE_LEN) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_MOVECMD),
                         "MOVE_LEN not implemented");
    }
    if (src == CAAM_MOVE_SRC_INFIFO_CL) {
        /*
         * Data waiting in a class's input FIFO (loaded to a class with
         * no OPERATION) to the output FIFO: a null cipher's or RFC 4543's
         * pass-through. Between FIFOs the length is 16 bits, the offset
         * field its high byte; the driver patches it in at run time.
         */
        return caam_move_infifo(d, idx, dst, w & 0xffff);
    }
    switch (src) {
    case CAAM_MOVE_CLASS1CTX:
    case CAAM_MOVE_CLASS2CTX:
        if (soff + len > CAAM_CTX_SIZE) {
            goto bad;
        }
        memcpy(buf, (src == CAAM_MOVE_CLASS1CTX ? d->c1.ctx : d->c2.ctx) +
               soff, len);
        break;
    case CAAM_MOVE_OUTFIFO:
    case CAAM_MOVE_SRC_INFIFO: {
        GByteArray *f = src == CAAM_MOVE_OUTFIFO ? d->ofifo : d->ififo;

        if (len > f->len) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_MOVECMD),
                             "MOVE of %u bytes from a FIFO that holds %u",
                             len, f->len);
        }
        if (len) {
            memcpy(buf, f->data, len);
            g_byte_array_remove_range(f, 0, len);
        }
        break;
    }
    case CAAM_MOVE_DESCBUF:
        if (soff + len > 4 * d->len) {
            goto bad;
        }
        caam_descbuf_get(d, soff, buf, len);
        break;
    case CAAM_MOVE_MATH0 ... CAAM_MOVE_MATH0 + 3:
        if (len > 8) {
            goto bad;
        }
        stq_be_p(m, d->math[src - CAAM_MOVE_MATH0]);
        memcpy(buf, m, len);
        break;
    default:
        goto bad;
    }
    switch (dst) {
    case CAAM_MOVE_CLASS1CTX:
    case CAAM_MOVE_CLASS2CTX:
        if (doff + len > CAAM_CTX_SIZE) {
            goto bad;
        }
        memcpy((dst == CAAM_MOVE_CLASS1CTX ? d->c1.ctx : d->c2.ctx) + doff,
               buf, len);
        return true;
    case CAAM_MOVE_OUTFIFO:
        return caam_ofifo_put(d, idx, buf, len);
    case CAAM_MOVE_DESCBUF:
        if (doff + len > 4 * d->len) {
            goto bad;
        }
        caam_descbuf_put(d, doff, buf, len);
        return true;
    case CAAM_MOVE_MATH0 ... CAAM_MOVE_MATH0 + 3:
        if (len > 8) {
            goto bad;
        }
        stq_be_p(m, d->math[dst - CAAM_MOVE_MATH0]);
        memcpy(m, buf, len);
        d->math[dst - CAAM_MOVE_MATH0] = ldq_be_p(m);
        return true;
    case CAAM_MOVE_DEST_C1INFIFO:
    case CAAM_MOVE_DEST_C2INFIFO:
        return caam_class_in(d, idx, dst == CAAM_MOVE_DEST_C1INFIFO ? 1 : 2,
                             CAAM_DATA_MSG, buf, len, false, false);
    }
bad:
    return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_MOVECMD),
                     "MOVE 0x%08" PRIx32 " not supported (source %u, "
                     "destination %u, offset %u, length %u)", w, src, dst,
                     off, len);
}

static bool caam_jump(CaamDeco *d, unsigned idx, uint32_t w, unsigned *next)
{
    unsigned type = (w >> CAAM_JUMP_TYPE_SHIFT) & 3;
    unsigned test = (w >> CAAM_JUMP_TEST_SHIFT) & 3;
    uint8_t sel = (w >> CAAM_JUMP_COND_SHIFT) & 0xff;
    /* JSL states: CALM, NIP, NIFP, NOP, NCP; no sharing, no job queued. */
    uint8_t state = (w & CAAM_JUMP_JSL) ? 0x1f : d->cc;
    bool all = (state & sel) == sel, any = state & sel;
    bool take = test == CAAM_JUMP_TEST_ALL ? all :
                test == CAAM_JUMP_TEST_INVALL ? !all :
                test == CAAM_JUMP_TEST_ANY ? any : !any;
    int target = (int)idx + (int8_t)(w & 0xff);

    *next = idx + 1;
    if (!take) {
        return true;
    }
    switch (type) {
    case CAAM_JUMP_TYPE_LOCAL:
        if (target < 0 || target > d->len) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_JUMPCMD),
                             "local JUMP to word %d, outside the "
                             "descriptor", target);
        }
        *next = target;
        return true;
    case CAAM_JUMP_TYPE_HALT:
    case CAAM_JUMP_TYPE_HALT_USER:
        d->status = ((uint32_t)(type == CAAM_JUMP_TYPE_HALT ?
                                CAAM_SSRC_JUMP_HALT_CC :
                                CAAM_SSRC_JUMP_HALT_USER) << 28) |
                    (w & 0xff);
        d->ended = true;
        return true;
    }
    return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_JUMPCMD),
                     "non-local JUMP not implemented");
}

/* ---- the interpreter ---- */

static void caam_exec(CaamDeco *d, uint32_t *buf, unsigned len,
                      unsigned start)
{
    unsigned idx = start;

    d->buf = buf;
    d->len = len;
    while (!d->ended && idx < len) {
        uint32_t w = buf[idx];
        unsigned next = idx + 1;
        bool ok;

        if (--d->budget < 0) {
            caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_WATCHDOG),
                      "more than %d commands: a JUMP loop?", CAAM_CMD_BUDGET);
            return;
        }
        trace_caam_cmd(idx, w);
        switch (CAAM_CMD(w)) {
        case CAAM_CMD_KEY:
        case CAAM_CMD_SEQ_KEY:
            ok = caam_key(d, idx, w, &next);
            break;
        case CAAM_CMD_LOAD:
        case CAAM_CMD_SEQ_LOAD:
            ok = caam_load(d, idx, w, &next);
            break;
        case CAAM_CMD_STORE:
        case CAAM_CMD_SEQ_STORE:
            ok = caam_store(d, idx, w, &next);
            break;
        case CAAM_CMD_FIFO_LOAD:
        case CAAM_CMD_SEQ_FIFO_LOAD:
            ok = caam_fifo_load(d, idx, w, &next);
            break;
        case CAAM_CMD_FIFO_STORE:
        case CAAM_CMD_SEQ_FIFO_STORE:
            ok = caam_fifo_store(d, idx, w, &next);
            break;
        case CAAM_CMD_SEQ_IN_PTR:
        case CAAM_CMD_SEQ_OUT_PTR:
            ok = caam_seq_ptr(d, idx, w, &next);
            break;
        case CAAM_CMD_OPERATION:
            ok = caam_op(d, idx, w, &next);
            break;
        case CAAM_CMD_MATH:
            ok = caam_math(d, idx, w, &next);
            break;
        case CAAM_CMD_MOVE:
        case CAAM_CMD_MOVE_LEN:
            ok = caam_move(d, idx, w);
            break;
        case CAAM_CMD_JUMP:
            ok = caam_jump(d, idx, w, &next);
            break;
        default:
            ok = caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_DESCCMD),
                           "command 0x%02x (word 0x%08" PRIx32 ") not "
                           "implemented here", CAAM_CMD(w), w);
            break;
        }
        if (!ok) {
            return;
        }
        idx = next;
    }
}

/* Read a descriptor whose header is hdr into buf (at most max words). */
static bool caam_fetch(CaamDeco *d, uint64_t addr, uint32_t *buf,
                       unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        uint32_t v;

        if (!caam_dma(addr + 4 * i, &v, 4, false)) {
            return caam_fail(d, i, DECO_ERR(CAAM_DECOERR_DMA),
                             "descriptor at 0x%" PRIx64 " outside RAM",
                             addr);
        }
        buf[i] = le32_to_cpu(v);
    }
    return true;
}

static bool caam_header_ok(uint32_t hdr, unsigned cmd, unsigned mask)
{
    return CAAM_CMD(hdr) == cmd && (hdr & CAAM_HDR_ONE) && (hdr & mask);
}

/* The trace event caam_desc: a fetched descriptor's words, in hex. */
static void caam_trace_desc(uint64_t addr, const uint32_t *w, unsigned n)
{
    if (trace_event_get_state_backends(TRACE_CAAM_DESC)) {
        g_autoptr(GString) str = g_string_sized_new(9 * n);

        for (unsigned i = 0; i < n; i++) {
            g_string_append_printf(str, "%s%08" PRIx32, i ? " " : "", w[i]);
        }
        trace_caam_desc(addr, n, str->str);
    }
}

uint32_t caam_run_job(CaamState *s, uint64_t addr, const uint32_t *words,
                      unsigned n)
{
    CaamDeco d = {
        .s = s,
        .psz = caam_ptr_size(s),
        .budget = CAAM_CMD_BUDGET,
    };
    uint32_t jd[CAAM_DESC_MAX_WORDS], sd[CAAM_DESC_MAX_WORDS];
    unsigned jlen, slen, jstart;
    uint64_t sp;

    d.c1.data = g_byte_array_new();
    d.c2.data = g_byte_array_new();
    d.ofifo = g_byte_array_new();
    d.ififo = g_byte_array_new();
    g_queue_init(&d.c1.pend);
    g_queue_init(&d.c2.pend);
    d.buf = jd;
    d.len = 1;

    if (words) {
        memcpy(jd, words, MIN(n, CAAM_DESC_MAX_WORDS) * 4);
    } else if (!caam_fetch(&d, addr, jd, 1)) {
        goto out;
    }
    jlen = jd[0] & CAAM_HDR_JD_LEN_MASK;
    if (!caam_header_ok(jd[0], CAAM_CMD_DESC_HDR, CAAM_HDR_JD_LEN_MASK) ||
        jlen > CAAM_DESC_MAX_WORDS) {
        caam_fail(&d, 0, DECO_ERR(CAAM_DECOERR_HDRLEN),
                  "bad job descriptor header 0x%08" PRIx32, jd[0]);
        goto out;
    }
    if (!words && !caam_fetch(&d, addr, jd, jlen)) {
        goto out;
    }
    d.len = jlen;
    caam_trace_desc(addr, jd, jlen);
    if (!(jd[0] & CAAM_HDR_SHARED)) {
        jstart = MAX(1, (jd[0] >> CAAM_HDR_START_IDX_SHIFT) & 0x3f);
        caam_exec(&d, jd, jlen, jstart);
        goto out;
    }

    /* A shared descriptor: its pointer follows the header. */
    if (!caam_ptr(&d, 1, &sp) || !caam_fetch(&d, sp, sd, 1)) {
        goto out;
    }
    slen = sd[0] & CAAM_HDR_SD_LEN_MASK;
    if (!caam_header_ok(sd[0], CAAM_CMD_SHARED_HDR, CAAM_HDR_SD_LEN_MASK)) {
        caam_fail(&d, 1, DECO_ERR(CAAM_DECOERR_SHDESCHDR),
                  "bad shared descriptor header 0x%08" PRIx32, sd[0]);
        goto out;
    }
    if (!caam_fetch(&d, sp, sd, slen)) {
        goto out;
    }
    caam_trace_desc(sp, sd, slen);
    jstart = 1 + d.psz / 4;
    if (jd[0] & CAAM_HDR_REVERSE) {
        caam_exec(&d, jd, jlen, jstart);
        caam_exec(&d, sd, slen,
                  MAX(1, (sd[0] >> CAAM_HDR_START_IDX_SHIFT) & 0x3f));
    } else {
        caam_exec(&d, sd, slen,
                  MAX(1, (sd[0] >> CAAM_HDR_START_IDX_SHIFT) & 0x3f));
        caam_exec(&d, jd, jlen, jstart);
    }

out:
    if (d.pstore.active) {
        /* The hardware would wait for the data until its watchdog. */
        caam_fail(&d, d.pstore.idx, DECO_ERR(CAAM_DECOERR_WATCHDOG),
                  "FIFO STORE still waits for %u bytes at the job's end",
                  d.pstore.left);
    }
    caam_class_reset(&d.c1);
    caam_class_reset(&d.c2);
    g_byte_array_unref(d.c1.data);
    g_byte_array_unref(d.c2.data);
    g_byte_array_unref(d.ofifo);
    g_byte_array_unref(d.ififo);
    return d.status;
}
