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
#include "crypto/cipher.h"
#include "crypto/hash.h"
#include "crypto/hmac.h"
#include "hw/crypto/caam.h"
#include "trace.h"

/* Commands one job may execute (the DECO watchdog, in commands). */
#define CAAM_CMD_BUDGET     2048
/* Data one command moves, and what a class may buffer in one job. */
#define CAAM_MAX_XFER       (1024u * 1024u)
/* Data one job may move to and from memory (the watchdog, in bytes). */
#define CAAM_JOB_BYTES      (2 * CAAM_MAX_XFER)

/* RNG errors (CCB, CHA RNG) */
#define CAAM_RNGERR_INSTANTIATE     0x3
#define CAAM_RNGERR_NOT_INST        0x4
#define CAAM_RNGERR_UNINSTANTIATE   0x8
#define CAAM_RNGERR_SECURE_KEY      0x9

/* Segments of a sequence's scatter/gather table (sec4_sg_entry). */
#define CAAM_SG_MAX         64
#define CAAM_SG_ENTRY       16
#define CAAM_SG_LEN_EXT     (1u << 31)
#define CAAM_SG_LEN_FIN     (1u << 30)
#define CAAM_SG_LEN_MASK    0x3fffffff
#define CAAM_SG_OFFSET_MASK 0x1fff

#define CAAM_AES_BLOCK      16
#define CAAM_CTX_SIZE       72
#define CAAM_KEY_SIZE       128

typedef struct CaamClass {
    uint32_t op;                /* the OPERATION word; 0: none */
    uint8_t key[CAAM_KEY_SIZE];
    uint32_t keylen;
    bool split_key;
    uint8_t ctx[CAAM_CTX_SIZE];
    uint32_t datasize, icvsize;
    GByteArray *data;           /* class 1: a partial block; 2: message */
    QCryptoCipher *cipher;
} CaamClass;

/* A sequence: its memory segments (one, or a gather table's). */
typedef struct CaamSeg {
    uint64_t addr;
    uint32_t len;
} CaamSeg;

typedef struct CaamSeq {
    CaamSeg seg[CAAM_SG_MAX];
    unsigned nseg, cur;
    uint32_t off;               /* into seg[cur] */
    uint32_t len;               /* bytes left (SEQINLEN / SEQOUTLEN) */
} CaamSeq;

typedef struct CaamDeco {
    CaamState *s;
    unsigned psz;
    /* The buffer being run, and where its first word sits in the DECO. */
    const uint32_t *buf;
    unsigned len;
    CaamClass c1, c2;
    uint64_t math[4];
    uint32_t dpovrd;
    uint8_t cc;                 /* math condition codes: N Z C NV */
    CaamSeq in, out;
    uint32_t vsil, vsol;
    GByteArray *ofifo;
    int budget;
    uint64_t traffic;           /* bytes moved so far, up to CAAM_JOB_BYTES */
    bool ended;
    uint32_t status;
} CaamDeco;

#define CAAM_CC_N   0x8
#define CAAM_CC_Z   0x4
#define CAAM_CC_C   0x2
#define CAAM_CC_NV  0x1

static bool G_GNUC_PRINTF(4, 5)
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

#define DECO_ERR(code)          (((uint32_t)CAAM_SSRC_DECO << 28) | (code))
#define CCB_ERR(cha, err)       (((uint32_t)CAAM_SSRC_CCB << 28) | \
                                 ((cha) << 4) | (err))

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

static unsigned caam_op_alg(uint32_t op)
{
    return (op & CAAM_OP_ALGSEL_MASK) >> CAAM_OP_ALGSEL_SHIFT;
}

static unsigned caam_op_aai(uint32_t op)
{
    return (op & CAAM_OP_AAI_MASK) >> CAAM_OP_AAI_SHIFT;
}

static unsigned caam_op_as(uint32_t op)
{
    return (op & CAAM_OP_AS_MASK) >> CAAM_OP_AS_SHIFT;
}

/* ---- class 1: AES ---- */

static void caam_ctr_inc(uint8_t *ctr)
{
    for (int i = CAAM_AES_BLOCK - 1; i >= 0 && !++ctr[i]; i--) {
        /* carry */
    }
}

static bool caam_aes_block(CaamDeco *d, unsigned idx, uint8_t *blk,
                           bool enc)
{
    Error *err = NULL;
    int r = enc ? qcrypto_cipher_encrypt(d->c1.cipher, blk, blk,
                                         CAAM_AES_BLOCK, &err)
                : qcrypto_cipher_decrypt(d->c1.cipher, blk, blk,
                                         CAAM_AES_BLOCK, &err);

    if (r < 0) {
        error_free(err);
        return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_AES,
                                         CAAM_CCBERR_DATASIZE),
                         "AES block failed");
    }
    return true;
}

/* Run n bytes (whole blocks, or the last partial one in CTR) through AES. */
static bool caam_aes_run(CaamDeco *d, unsigned idx, uint8_t *p, uint32_t n)
{
    CaamClass *c = &d->c1;
    unsigned aai = caam_op_aai(c->op);
    bool enc = c->op & CAAM_OP_ENCRYPT;
    uint8_t blk[CAAM_AES_BLOCK];

    for (uint32_t o = 0; o < n; o += CAAM_AES_BLOCK) {
        uint32_t l = MIN(CAAM_AES_BLOCK, n - o);

        switch (aai) {
        case CAAM_AAI_ECB:
            if (!caam_aes_block(d, idx, p + o, enc)) {
                return false;
            }
            break;
        case CAAM_AAI_CBC:
            if (enc) {
                for (int i = 0; i < CAAM_AES_BLOCK; i++) {
                    p[o + i] ^= c->ctx[i];
                }
                if (!caam_aes_block(d, idx, p + o, true)) {
                    return false;
                }
                memcpy(c->ctx, p + o, CAAM_AES_BLOCK);
            } else {
                memcpy(blk, p + o, CAAM_AES_BLOCK);
                if (!caam_aes_block(d, idx, p + o, false)) {
                    return false;
                }
                for (int i = 0; i < CAAM_AES_BLOCK; i++) {
                    p[o + i] ^= c->ctx[i];
                }
                memcpy(c->ctx, blk, CAAM_AES_BLOCK);
            }
            break;
        default:    /* CTR mod 128: the counter sits at context byte 16 */
            memcpy(blk, c->ctx + 16, CAAM_AES_BLOCK);
            if (!caam_aes_block(d, idx, blk, true)) {
                return false;
            }
            for (uint32_t i = 0; i < l; i++) {
                p[o + i] ^= blk[i];
            }
            caam_ctr_inc(c->ctx + 16);
            break;
        }
    }
    return true;
}

static bool caam_c1_feed(CaamDeco *d, unsigned idx, const uint8_t *buf,
                         uint32_t len, bool last)
{
    CaamClass *c = &d->c1;
    uint32_t n;

    if (!c->op || caam_op_alg(c->op) != CAAM_ALG_AES) {
        return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_AES, CAAM_CCBERR_MODE),
                         "class 1 data without an AES OPERATION");
    }
    if (!c->cipher) {
        QCryptoCipherAlgo alg = c->keylen == 16 ? QCRYPTO_CIPHER_ALGO_AES_128 :
                                c->keylen == 24 ? QCRYPTO_CIPHER_ALGO_AES_192 :
                                QCRYPTO_CIPHER_ALGO_AES_256;

        if (c->keylen != 16 && c->keylen != 24 && c->keylen != 32) {
            return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_AES,
                                             CAAM_CCBERR_KEYSIZE),
                             "AES key of %u bytes", c->keylen);
        }
        c->cipher = qcrypto_cipher_new(alg, QCRYPTO_CIPHER_MODE_ECB, c->key,
                                       c->keylen, NULL);
        if (!c->cipher) {
            return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_AES,
                                             CAAM_CCBERR_KEYSIZE),
                             "the host has no AES-%u", c->keylen * 8);
        }
    }
    if (c->data->len + (uint64_t)len > CAAM_MAX_XFER) {
        return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_AES,
                                         CAAM_CCBERR_DATASIZE),
                         "class 1 data past %u bytes", CAAM_MAX_XFER);
    }
    g_byte_array_append(c->data, buf, len);
    n = c->data->len;
    if (!last) {
        n -= n % CAAM_AES_BLOCK;
    } else if (n % CAAM_AES_BLOCK &&
               caam_op_aai(c->op) != CAAM_AAI_CTR_MOD128) {
        return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_AES,
                                         CAAM_CCBERR_DATASIZE),
                         "AES-%s data of %u bytes is not whole blocks",
                         caam_op_aai(c->op) == CAAM_AAI_CBC ? "CBC" : "ECB",
                         n);
    }
    if (!caam_aes_run(d, idx, c->data->data, n)) {
        return false;
    }
    g_byte_array_append(d->ofifo, c->data->data, n);
    g_byte_array_remove_range(c->data, 0, n);
    return true;
}

/* ---- class 2: hashes ---- */

static bool caam_hash_algo(unsigned alg, QCryptoHashAlgo *out)
{
    switch (alg) {
    case CAAM_ALG_MD5:
        *out = QCRYPTO_HASH_ALGO_MD5;
        return true;
    case CAAM_ALG_SHA1:
        *out = QCRYPTO_HASH_ALGO_SHA1;
        return true;
    case CAAM_ALG_SHA224:
        *out = QCRYPTO_HASH_ALGO_SHA224;
        return true;
    case CAAM_ALG_SHA256:
        *out = QCRYPTO_HASH_ALGO_SHA256;
        return true;
    case CAAM_ALG_SHA384:
        *out = QCRYPTO_HASH_ALGO_SHA384;
        return true;
    case CAAM_ALG_SHA512:
        *out = QCRYPTO_HASH_ALGO_SHA512;
        return true;
    }
    return false;
}

static bool caam_c2_final(CaamDeco *d, unsigned idx)
{
    CaamClass *c = &d->c2;
    QCryptoHashAlgo alg;
    g_autofree uint8_t *res = NULL;
    size_t rlen = 0;
    int r;

    caam_hash_algo(caam_op_alg(c->op), &alg);
    if (caam_op_aai(c->op) == CAAM_AAI_HMAC) {
        g_autoptr(QCryptoHmac) h = qcrypto_hmac_new(alg, c->key, c->keylen,
                                                    NULL);

        r = h ? qcrypto_hmac_bytes(h, (const char *)c->data->data,
                                   c->data->len, &res, &rlen, NULL) : -1;
    } else {
        r = qcrypto_hash_bytes(alg, (const char *)c->data->data,
                               c->data->len, &res, &rlen, NULL);
    }
    if (r < 0 || rlen > sizeof(c->ctx)) {
        return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_MD, CAAM_CCBERR_MODE),
                         "hash failed");
    }
    memcpy(c->ctx, res, rlen);
    g_byte_array_set_size(c->data, 0);
    c->op = 0;
    return true;
}

static bool caam_c2_feed(CaamDeco *d, unsigned idx, const uint8_t *buf,
                         uint32_t len, bool last)
{
    CaamClass *c = &d->c2;

    if (!c->op) {
        return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_MD, CAAM_CCBERR_MODE),
                         "class 2 data without a hash OPERATION");
    }
    if (c->data->len + (uint64_t)len > CAAM_MAX_XFER) {
        return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_MD,
                                         CAAM_CCBERR_DATASIZE),
                         "class 2 data past %u bytes", CAAM_MAX_XFER);
    }
    g_byte_array_append(c->data, buf, len);
    return !last || caam_c2_final(d, idx);
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

static bool caam_op(CaamDeco *d, unsigned idx, uint32_t w)
{
    unsigned alg = caam_op_alg(w), aai = caam_op_aai(w), as = caam_op_as(w);
    QCryptoHashAlgo halg;

    switch (w & CAAM_OP_TYPE_MASK) {
    case CAAM_OP_TYPE_CLASS1:
        if (alg == CAAM_ALG_RNG) {
            return caam_op_rng(d, idx, w);
        }
        if (alg != CAAM_ALG_AES) {
            return caam_fail(d, idx, CCB_ERR(alg == CAAM_ALG_DES ||
                                             alg == CAAM_ALG_3DES ? 2 : 0,
                                             CAAM_CCBERR_INVCHA),
                             "class 1 algorithm 0x%02x not implemented", alg);
        }
        if (aai != CAAM_AAI_CBC && aai != CAAM_AAI_ECB &&
            aai != CAAM_AAI_CTR_MOD128) {
            return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_AES,
                                             CAAM_CCBERR_MODE),
                             "AES mode (AAI 0x%03x) not implemented", aai);
        }
        d->c1.op = w;
        g_byte_array_set_size(d->c1.data, 0);
        qcrypto_cipher_free(d->c1.cipher);
        d->c1.cipher = NULL;
        return true;
    case CAAM_OP_TYPE_CLASS2:
        if (!caam_hash_algo(alg, &halg) || !qcrypto_hash_supports(halg)) {
            return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_MD,
                                             CAAM_CCBERR_MODE),
                             "class 2 algorithm 0x%02x not implemented", alg);
        }
        if ((aai != CAAM_AAI_HASH && aai != CAAM_AAI_HMAC) ||
            as != CAAM_AS_INITFINAL || (w & CAAM_OP_ICV)) {
            return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_MD,
                                             CAAM_CCBERR_MODE),
                             "hash mode (AAI 0x%03x, AS %u%s) not "
                             "implemented", aai, as,
                             (w & CAAM_OP_ICV) ? ", ICV check" : "");
        }
        if (aai == CAAM_AAI_HMAC && d->c2.split_key) {
            return caam_fail(d, idx, CCB_ERR(CAAM_CHAID_MD,
                                             CAAM_CCBERR_MODE),
                             "HMAC with a split key not implemented");
        }
        d->c2.op = w;
        g_byte_array_set_size(d->c2.data, 0);
        return true;
    }
    return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_OPCMD),
                     "OPERATION type %u (protocol or PKHA) not implemented",
                     (w & CAAM_OP_TYPE_MASK) >> CAAM_OP_TYPE_SHIFT);
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

static bool caam_key(CaamDeco *d, unsigned idx, uint32_t w, unsigned *next)
{
    CaamClass *c = caam_class(d, w);
    uint32_t len = w & CAAM_KEY_LEN_MASK;
    uint32_t dest = w & CAAM_KEY_DEST_MASK;

    if (!c || (w & CAAM_KEY_ENC) || (w & (1u << 24)) ||
        (dest && (dest != CAAM_KEY_DEST_MDHA_SPLIT || c != &d->c2)) ||
        len > CAAM_KEY_SIZE) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_KEYCMD),
                         "KEY 0x%08" PRIx32 " (class, encrypted key, "
                         "destination or length) not supported", w);
    }
    if (!caam_src(d, idx, CAAM_CMD(w) == CAAM_CMD_SEQ_KEY,
                  w & CAAM_KEY_IMM, c->key, len, next)) {
        return false;
    }
    c->keylen = len;
    c->split_key = dest == CAAM_KEY_DEST_MDHA_SPLIT;
    qcrypto_cipher_free(c->cipher);
    c->cipher = NULL;
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
            qcrypto_cipher_free(c->cipher);
            c->cipher = NULL;
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
            d->c1.op = 0;
        }
        if (v & (1u << 16)) {
            d->c2.op = 0;
        }
        return true;
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
    unsigned cls = (w >> CAAM_CLASS_SHIFT) & 3, act = type & 7;
    bool last1 = act == 1 || act == 2 || act >= 5;
    bool last2 = act >= 3;
    g_autofree uint8_t *buf = NULL;
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
    switch (type & 0x38) {
    case CAAM_FIFOLD_TYPE_MSG:
        if ((cls & 1) && !caam_c1_feed(d, idx, buf, len, last1)) {
            return false;
        }
        return !(cls & 2) || caam_c2_feed(d, idx, buf, len, last2);
    case CAAM_FIFOLD_TYPE_IV:
        if (cls == 1 && len <= CAAM_CTX_SIZE) {
            memcpy(d->c1.ctx, buf, len);
            return true;
        }
        break;
    }
    return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOLDCMD),
                     "FIFO LOAD of type 0x%02x to class %u not implemented",
                     type, cls);
}

static bool caam_fifo_store(CaamDeco *d, unsigned idx, uint32_t w,
                            unsigned *next)
{
    bool seq = CAAM_CMD(w) == CAAM_CMD_SEQ_FIFO_STORE;
    unsigned type = (w >> CAAM_FIFOLD_TYPE_SHIFT) & 0x3f;
    g_autofree uint8_t *buf = NULL;
    uint32_t len;
    uint64_t p = 0;

    if ((w & (3u << CAAM_CLASS_SHIFT)) || (!seq && (w & CAAM_FIFO_SGF))) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOSTCMD),
                         "FIFO STORE of keys or scatter/gather not "
                         "implemented");
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
        if (len > d->ofifo->len) {
            return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_FIFOSTCMD),
                             "stores %u bytes, the output FIFO holds %u",
                             len, d->ofifo->len);
        }
        buf = g_memdup2(d->ofifo->data, len);
        g_byte_array_remove_range(d->ofifo, 0, len);
        break;
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
 * EXT and FIN, offset) into the sequence's segments: up to CAAM_SG_MAX
 * entries, following EXT entries to further tables.
 */
static bool caam_gather(CaamDeco *d, unsigned idx, CaamSeq *q, uint64_t t)
{
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
        if (len & CAAM_SG_LEN_FIN) {
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

/* A MOVE endpoint: a context, or a math register (8 bytes, MSB first). */
static uint8_t *caam_move_end(CaamDeco *d, unsigned what, uint8_t *math)
{
    switch (what) {
    case CAAM_MOVE_CLASS1CTX:
        return d->c1.ctx;
    case CAAM_MOVE_CLASS2CTX:
        return d->c2.ctx;
    case CAAM_MOVE_MATH0 ... CAAM_MOVE_MATH0 + 3:
        stq_be_p(math, d->math[what - CAAM_MOVE_MATH0]);
        return math;
    }
    return NULL;
}

static bool caam_move(CaamDeco *d, unsigned idx, uint32_t w)
{
    unsigned src = (w >> CAAM_MOVE_SRC_SHIFT) & 0xf;
    unsigned dst = (w >> CAAM_MOVE_DEST_SHIFT) & 0xf;
    unsigned off = (w >> CAAM_MOVE_OFFSET_SHIFT) & 0xff;
    unsigned len = w & CAAM_MOVE_LEN_MASK;
    uint8_t ms[8], md[8];
    uint8_t *ps = caam_move_end(d, src, ms), *pd = caam_move_end(d, dst, md);
    unsigned ssz = src <= 1 ? CAAM_CTX_SIZE : 8;
    unsigned dsz = dst <= 1 ? CAAM_CTX_SIZE : 8;
    unsigned soff = src <= 1 ? off : 0, doff = src <= 1 ? 0 : off;

    if (CAAM_CMD(w) == CAAM_CMD_MOVE_LEN || !ps || !pd ||
        soff + len > ssz || doff + len > dsz) {
        return caam_fail(d, idx, DECO_ERR(CAAM_DECOERR_MOVECMD),
                         "MOVE 0x%08" PRIx32 " not supported", w);
    }
    memmove(pd + doff, ps + soff, len);
    if (dst >= CAAM_MOVE_MATH0) {
        d->math[dst - CAAM_MOVE_MATH0] = ldq_be_p(md);
    }
    return true;
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

static void caam_exec(CaamDeco *d, const uint32_t *buf, unsigned len,
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
            ok = caam_op(d, idx, w);
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
    qcrypto_cipher_free(d.c1.cipher);
    g_byte_array_unref(d.c1.data);
    g_byte_array_unref(d.c2.data);
    g_byte_array_unref(d.ofifo);
    return d.status;
}
