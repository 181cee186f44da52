/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NXP CAAM: the crypto hardware accelerators (CHAs) a DECO drives.
 *
 * Class 1: AESA (ECB, CBC, CTR mod 2^128, XTS, GCM) and DESA (DES and
 * 3DES in ECB and CBC); class 2: MDHA (MD5, SHA-1/224/256/384/512, with
 * HMAC from a plain or a split key, in INIT, UPDATE, FINALIZE or
 * INITFINAL steps). A class takes typed input (message, IV, AAD, ICV) as
 * the DECO's FIFO LOAD, NFIFO and MOVE commands deliver it, and its
 * output goes to the DECO's output FIFO. Input that arrives before the
 * class's OPERATION waits for it, as it waits in the input FIFO.
 *
 * The block ciphers are QEMU's (crypto/cipher.h, ECB only: the modes are
 * here, where the CAAM keeps their state in its context register); the
 * digests are caam_mdha.c's, whose running state the context can hold.
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qapi/error.h"
#include "crypto/clmul.h"
#include "caam_int.h"
#include "trace.h"

static bool caam_c1_is_des(uint32_t op)
{
    return caam_op_alg(op) == CAAM_ALG_DES || caam_op_alg(op) == CAAM_ALG_3DES;
}

static unsigned caam_c1_cha(CaamClass *c)
{
    return caam_c1_is_des(c->op) ? CAAM_CHAID_DES : CAAM_CHAID_AES;
}

static unsigned caam_c1_mode(uint32_t op)
{
    unsigned aai = caam_op_aai(op);

    return caam_c1_is_des(op) ? aai : aai & ~CAAM_AAI_DK;
}

void caam_class_reset(CaamClass *c)
{
    CaamChunk *k;

    while ((k = g_queue_pop_head(&c->pend))) {
        g_byte_array_unref(k->data);
        g_free(k);
    }
    qcrypto_cipher_free(c->cipher);
    qcrypto_cipher_free(c->tweak);
    c->cipher = c->tweak = NULL;
    if (c->data) {
        g_byte_array_set_size(c->data, 0);
    }
    c->op = 0;
    c->done = false;
    c->icvlen = 0;
    c->icv_ready = false;
    c->started = c->gcm_text = false;
    c->gcm_ivlen = 0;
}

/* An ICV that does not match ends the job as the hardware does. */
static bool caam_icv_check(CaamDeco *d, unsigned idx, CaamClass *c,
                           unsigned cha)
{
    if (!(c->op & CAAM_OP_ICV) || (c->op & CAAM_OP_ENCRYPT) ||
        !c->done || !c->icvlen) {
        return true;
    }
    if (memcmp(c->icv, c->ctx, c->icvlen)) {
        /* Not a guest error: authentication failing is a result. */
        if (!d->ended) {
            d->status = CAAM_CCB_ERR(cha, CAAM_CCBERR_ICVCHK) |
                        ((idx & 0xff) << CAAM_STATUS_INDEX_SHIFT);
            d->ended = true;
            trace_caam_job_error(idx, d->status, "ICV check failed");
        }
        return false;
    }
    c->icvlen = 0;
    return true;
}

static bool caam_icv_in(CaamDeco *d, unsigned idx, CaamClass *c,
                        const uint8_t *buf, uint32_t len)
{
    if (c->icvlen + len > CAAM_ICV_MAX) {
        return caam_fail(d, idx, CAAM_DECO_ERR(CAAM_DECOERR_FIFOLDCMD),
                         "ICV of more than %d bytes", CAAM_ICV_MAX);
    }
    if (len) {
        memcpy(c->icv + c->icvlen, buf, len);
    }
    c->icvlen += len;
    return true;
}

/* ---- class 1 ---- */

static bool caam_blk(CaamDeco *d, unsigned idx, QCryptoCipher *ci,
                     uint8_t *p, size_t n, bool enc)
{
    int r = enc ? qcrypto_cipher_encrypt(ci, p, p, n, NULL)
                : qcrypto_cipher_decrypt(ci, p, p, n, NULL);

    if (r < 0) {
        return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_AES,
                                              CAAM_CCBERR_DATASIZE),
                         "block cipher failed");
    }
    return true;
}

static bool caam_c1_key(CaamDeco *d, unsigned idx)
{
    CaamClass *c = &d->c1;
    unsigned alg = caam_op_alg(c->op), mode = caam_c1_mode(c->op);
    unsigned klen = c->keylen;
    QCryptoCipherAlgo qa;

    if (c->cipher) {
        return true;
    }
    if (alg == CAAM_ALG_AES && mode == CAAM_AAI_XTS) {
        if (klen != 32 && klen != 64) {
            goto bad;
        }
        klen /= 2;
    }
    switch (alg) {
    case CAAM_ALG_AES:
        if (klen != 16 && klen != 24 && klen != 32) {
            goto bad;
        }
        qa = klen == 16 ? QCRYPTO_CIPHER_ALGO_AES_128 :
             klen == 24 ? QCRYPTO_CIPHER_ALGO_AES_192 :
             QCRYPTO_CIPHER_ALGO_AES_256;
        c->bs = 16;
        break;
    case CAAM_ALG_DES:
        if (klen != 8) {
            goto bad;
        }
        qa = QCRYPTO_CIPHER_ALGO_DES;
        c->bs = 8;
        break;
    default:
        if (klen != 24) {
            goto bad;
        }
        qa = QCRYPTO_CIPHER_ALGO_3DES;
        c->bs = 8;
        break;
    }
    c->cipher = qcrypto_cipher_new(qa, QCRYPTO_CIPHER_MODE_ECB, c->key, klen,
                                   NULL);
    if (c->cipher && mode == CAAM_AAI_XTS && alg == CAAM_ALG_AES) {
        c->tweak = qcrypto_cipher_new(qa, QCRYPTO_CIPHER_MODE_ECB,
                                      c->key + klen, klen, NULL);
    }
    if (!c->cipher || (mode == CAAM_AAI_XTS && !c->tweak)) {
        return caam_fail(d, idx, CAAM_CCB_ERR(caam_c1_cha(c),
                                              CAAM_CCBERR_KEYSIZE),
                         "the host cannot run this cipher (key of %u "
                         "bytes)", c->keylen);
    }
    return true;

bad:
    return caam_fail(d, idx, CAAM_CCB_ERR(caam_c1_cha(c), CAAM_CCBERR_KEYSIZE),
                     "%s key of %u bytes",
                     alg == CAAM_ALG_AES ? (mode == CAAM_AAI_XTS ? "AES-XTS" :
                                            "AES") :
                     alg == CAAM_ALG_DES ? "DES" : "3DES", c->keylen);
}

/* The class's output: to the output FIFO, and to class 2 (MSG1OUT2). */
static bool caam_c1_out(CaamDeco *d, unsigned idx, const uint8_t *p,
                        uint32_t n, bool out2, bool last)
{
    if (!caam_ofifo_put(d, idx, p, n)) {
        return false;
    }
    return !out2 || caam_class_in(d, idx, 2, CAAM_DATA_MSG, p, n, last,
                                  false);
}

static void caam_xor(uint8_t *a, const uint8_t *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        a[i] ^= b[i];
    }
}

static void caam_ctr128_inc(uint8_t *ctr)
{
    for (int i = 15; i >= 0 && !++ctr[i]; i--) {
        /* carry */
    }
}

/* ECB, CBC and CTR over n bytes (whole blocks but for CTR's last). */
static bool caam_c1_stream(CaamDeco *d, unsigned idx, uint8_t *p, uint32_t n)
{
    CaamClass *c = &d->c1;
    bool enc = c->op & CAAM_OP_ENCRYPT;
    unsigned bs = c->bs;
    uint8_t blk[16];

    switch (caam_c1_mode(c->op)) {
    case CAAM_AAI_ECB:
        return caam_blk(d, idx, c->cipher, p, n, enc);
    case CAAM_AAI_CBC:
        if (enc) {
            for (uint32_t o = 0; o < n; o += bs) {
                caam_xor(p + o, c->ctx, bs);
                if (!caam_blk(d, idx, c->cipher, p + o, bs, true)) {
                    return false;
                }
                memcpy(c->ctx, p + o, bs);
            }
            return true;
        }
        if (n) {
            g_autofree uint8_t *in = g_memdup2(p, n);

            if (!caam_blk(d, idx, c->cipher, p, n, false)) {
                return false;
            }
            caam_xor(p, c->ctx, bs);
            for (uint32_t o = bs; o < n; o += bs) {
                caam_xor(p + o, in + o - bs, bs);
            }
            memcpy(c->ctx, in + n - bs, bs);
        }
        return true;
    default:    /* CTR mod 2^128: the counter is at context byte 16 */
        for (uint32_t o = 0; o < n; o += 16) {
            memcpy(blk, c->ctx + 16, 16);
            if (!caam_blk(d, idx, c->cipher, blk, 16, true)) {
                return false;
            }
            caam_xor(p + o, blk, MIN(16, n - o));
            caam_ctr128_inc(c->ctx + 16);
        }
        return true;
    }
}

/* XTS: multiply the tweak by x (IEEE 1619, little-endian bytes). */
static void caam_xts_mulx(uint8_t *t)
{
    unsigned carry = t[15] >> 7;

    for (int i = 15; i > 0; i--) {
        t[i] = (t[i] << 1) | (t[i - 1] >> 7);
    }
    t[0] = (t[0] << 1) ^ (carry ? 0x87 : 0);
}

static bool caam_xts_block(CaamDeco *d, unsigned idx, uint8_t *p,
                           const uint8_t *t, bool enc)
{
    caam_xor(p, t, 16);
    if (!caam_blk(d, idx, d->c1.cipher, p, 16, enc)) {
        return false;
    }
    caam_xor(p, t, 16);
    return true;
}

/*
 * The whole sector at once, with ciphertext stealing for a partial last
 * block. The tweak is E(K2, sector index): context bytes 0x20-0x27 as
 * the IV had them; an Era 8 CAAM takes no upper tweak half (0x30), and
 * the driver hands requests that have one to its software fallback.
 */
static bool caam_xts_run(CaamDeco *d, unsigned idx, uint8_t *p, uint32_t n)
{
    CaamClass *c = &d->c1;
    bool enc = c->op & CAAM_OP_ENCRYPT;
    uint32_t full = n / 16, r = n % 16;
    uint8_t t[16] = { 0 }, t2[16], pp[16];

    if (n < 16) {
        return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_AES,
                                              CAAM_CCBERR_DATASIZE),
                         "AES-XTS data of %u bytes (at least a block)", n);
    }
    memcpy(t, c->ctx + 0x20, 8);
    if (!caam_blk(d, idx, c->tweak, t, 16, true)) {
        return false;
    }
    for (uint32_t b = 0; b < full - (r ? 1 : 0); b++) {
        if (!caam_xts_block(d, idx, p + 16 * b, t, enc)) {
            return false;
        }
        caam_xts_mulx(t);
    }
    if (r) {
        uint8_t *last = p + 16 * (full - 1), *tail = last + 16;

        memcpy(t2, t, 16);
        caam_xts_mulx(t2);
        /* encrypt: T(m-1) then T(m); decrypt: the other way round */
        if (!caam_xts_block(d, idx, last, enc ? t : t2, enc)) {
            return false;
        }
        memcpy(pp, tail, r);
        memcpy(pp + r, last + r, 16 - r);
        memcpy(tail, last, r);
        memcpy(last, pp, 16);
        if (!caam_xts_block(d, idx, last, enc ? t2 : t, enc)) {
            return false;
        }
    }
    return true;
}

/* ---- GCM ---- */

/*
 * x = x * h in GF(2^128), GCM's bit order: x^0 is the top bit of byte 0,
 * so a block read as a big-endian 128-bit integer holds its polynomial
 * bit-reversed. The carry-less product of two such integers (QEMU's
 * clmul_64, PCLMULQDQ where the host has it), shifted left by one, is
 * the 256-bit reversal of the product: its high half is the low 128
 * coefficients, its low half R the high ones. Those fold back with
 * x^128 = x^7 + x^2 + x + 1, where multiplying by x^m is a right shift
 * here: what falls off R's bottom (R << 127, 126, 121) folds once more.
 */
static void caam_gf128_mul(uint8_t *x, const uint8_t *h)
{
    uint64_t a1 = ldq_be_p(x), a0 = ldq_be_p(x + 8);
    uint64_t b1 = ldq_be_p(h), b0 = ldq_be_p(h + 8);
    Int128 lo = clmul_64(a0, b0), hi = clmul_64(a1, b1);
    Int128 mid = int128_xor(clmul_64(a0, b1), clmul_64(a1, b0));
    uint64_t c0 = int128_getlo(lo);
    uint64_t c1 = int128_gethi(lo) ^ int128_getlo(mid);
    uint64_t c2 = int128_getlo(hi) ^ int128_gethi(mid);
    uint64_t c3 = int128_gethi(hi);
    uint64_t d0, d1, d2, d3, s1, s0;

    /* D = C << 1 */
    d3 = (c3 << 1) | (c2 >> 63);
    d2 = (c2 << 1) | (c1 >> 63);
    d1 = (c1 << 1) | (c0 >> 63);
    d0 = c0 << 1;
    /* S = R ^ (R << 127) ^ (R << 126) ^ (R << 121), R = [d1:d0] */
    s1 = d1 ^ (d0 << 63) ^ (d0 << 62) ^ (d0 << 57);
    s0 = d0;
    /* Z = D_hi ^ S ^ (S >> 1) ^ (S >> 2) ^ (S >> 7) */
    d3 ^= s1 ^ (s1 >> 1) ^ (s1 >> 2) ^ (s1 >> 7);
    d2 ^= s0 ^ ((s0 >> 1) | (s1 << 63)) ^ ((s0 >> 2) | (s1 << 62)) ^
          ((s0 >> 7) | (s1 << 57));
    stq_be_p(x, d3);
    stq_be_p(x + 8, d2);
}

static void caam_ghash(CaamClass *c, const uint8_t *p, uint32_t n)
{
    while (n) {
        unsigned k = MIN(n, 16 - c->gcm_npart);

        memcpy(c->gcm_part + c->gcm_npart, p, k);
        c->gcm_npart += k;
        p += k;
        n -= k;
        if (c->gcm_npart == 16) {
            caam_xor(c->gcm_y, c->gcm_part, 16);
            caam_gf128_mul(c->gcm_y, c->gcm_h);
            c->gcm_npart = 0;
        }
    }
}

/* Zero-pad the GHASH input to a block (end of the AAD, of the text). */
static void caam_ghash_pad(CaamClass *c)
{
    if (c->gcm_npart) {
        memset(c->gcm_part + c->gcm_npart, 0, 16 - c->gcm_npart);
        caam_xor(c->gcm_y, c->gcm_part, 16);
        caam_gf128_mul(c->gcm_y, c->gcm_h);
        c->gcm_npart = 0;
    }
}

static bool caam_gcm_start(CaamDeco *d, unsigned idx)
{
    CaamClass *c = &d->c1;
    uint8_t len[16] = { 0 };

    if (c->started) {
        return true;
    }
    memset(c->gcm_h, 0, 16);
    if (!caam_blk(d, idx, c->cipher, c->gcm_h, 16, true)) {
        return false;
    }
    memset(c->gcm_y, 0, 16);
    c->gcm_npart = 0;
    if (c->gcm_ivlen == 12) {
        memcpy(c->gcm_j0, c->gcm_iv, 12);
        stl_be_p(c->gcm_j0 + 12, 1);
    } else {
        /* J0 = GHASH(IV || 0-pad || [0]64 || [len(IV)]64) */
        caam_ghash(c, c->gcm_iv, c->gcm_ivlen);
        caam_ghash_pad(c);
        stq_be_p(len + 8, (uint64_t)c->gcm_ivlen * 8);
        caam_ghash(c, len, 16);
        memcpy(c->gcm_j0, c->gcm_y, 16);
        memset(c->gcm_y, 0, 16);
    }
    c->gcm_alen = c->gcm_clen = 0;
    c->gcm_ksoff = 16;
    c->gcm_text = false;
    c->started = true;
    return true;
}

static bool caam_gcm_text(CaamDeco *d, unsigned idx, uint8_t *p, uint32_t n)
{
    CaamClass *c = &d->c1;
    bool enc = c->op & CAAM_OP_ENCRYPT;

    if (!c->gcm_text) {
        caam_ghash_pad(c);
        memcpy(c->gcm_ctr, c->gcm_j0, 16);
        c->gcm_text = true;
    }
    if (!enc) {
        caam_ghash(c, p, n);
    }
    for (uint32_t i = 0; i < n; i++) {
        if (c->gcm_ksoff == 16) {
            /* inc32, then the next block of key stream */
            stl_be_p(c->gcm_ctr + 12, ldl_be_p(c->gcm_ctr + 12) + 1);
            memcpy(c->gcm_ks, c->gcm_ctr, 16);
            if (!caam_blk(d, idx, c->cipher, c->gcm_ks, 16, true)) {
                return false;
            }
            c->gcm_ksoff = 0;
        }
        p[i] ^= c->gcm_ks[c->gcm_ksoff++];
    }
    if (enc) {
        caam_ghash(c, p, n);
    }
    c->gcm_clen += n;
    return true;
}

static bool caam_gcm_final(CaamDeco *d, unsigned idx)
{
    CaamClass *c = &d->c1;
    uint8_t len[16], t[16];

    if (!caam_gcm_start(d, idx)) {
        return false;
    }
    caam_ghash_pad(c);
    stq_be_p(len, c->gcm_alen * 8);
    stq_be_p(len + 8, c->gcm_clen * 8);
    caam_ghash(c, len, 16);
    memcpy(t, c->gcm_j0, 16);
    if (!caam_blk(d, idx, c->cipher, t, 16, true)) {
        return false;
    }
    caam_xor(t, c->gcm_y, 16);
    memcpy(c->ctx, t, 16);
    return true;
}

static bool caam_gcm_data(CaamDeco *d, unsigned idx, CaamData type,
                          const uint8_t *buf, uint32_t len)
{
    CaamClass *c = &d->c1;
    g_autofree uint8_t *p = NULL;

    switch (type) {
    case CAAM_DATA_IV:
        if (c->started || c->gcm_ivlen + len > CAAM_GCM_IV_MAX) {
            return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_AES,
                                                  CAAM_CCBERR_DATASIZE),
                             "GCM IV after data, or over %d bytes",
                             CAAM_GCM_IV_MAX);
        }
        if (len) {
            memcpy(c->gcm_iv + c->gcm_ivlen, buf, len);
        }
        c->gcm_ivlen += len;
        return true;
    case CAAM_DATA_AAD:
        if (!caam_gcm_start(d, idx)) {
            return false;
        }
        if (c->gcm_text) {
            return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_AES,
                                                  CAAM_CCBERR_MODE),
                             "GCM AAD after the text");
        }
        caam_ghash(c, buf, len);
        c->gcm_alen += len;
        return true;
    case CAAM_DATA_MSG:
        if (!caam_gcm_start(d, idx)) {
            return false;
        }
        p = g_memdup2(buf, len);
        return caam_gcm_text(d, idx, p, len) &&
               caam_c1_out(d, idx, p, len, false, false);
    default:
        return caam_icv_in(d, idx, c, buf, len);
    }
}

/* ---- CMAC and XCBC-MAC ---- */

/* CMAC's subkey doubling: a left shift in GF(2^128), big-endian. */
static void caam_cmac_dbl(uint8_t *k)
{
    unsigned carry = k[0] >> 7;

    for (int i = 0; i < 15; i++) {
        k[i] = (k[i] << 1) | (k[i + 1] >> 7);
    }
    k[15] = (k[15] << 1) ^ (carry ? 0x87 : 0);
}

/*
 * XCBC-MAC (RFC 3566) starts by deriving K1, K2 and K3 from the key:
 * K1 becomes the key (the driver saves it, encrypted, with a FIFO STORE
 * and loads it back for UPDATE and FINALIZE); K2 and K3 go to context
 * bytes 16-47, which the driver saves with the running MAC.
 */
static bool caam_xcbc_keys(CaamDeco *d, unsigned idx)
{
    CaamClass *c = &d->c1;
    uint8_t k[48];

    for (int i = 0; i < 3; i++) {
        memset(k + 16 * i, i + 1, 16);
    }
    if (!caam_blk(d, idx, c->cipher, k, 48, true)) {
        return false;
    }
    memcpy(c->key, k, 16);
    c->keylen = 16;
    c->split_key = false;
    memcpy(c->ctx + 16, k + 16, 32);
    qcrypto_cipher_free(c->cipher);
    c->cipher = NULL;
    return caam_c1_key(d, idx);
}

static bool caam_mac_block(CaamDeco *d, unsigned idx, const uint8_t *p)
{
    caam_xor(d->c1.ctx, p, 16);
    return caam_blk(d, idx, d->c1.cipher, d->c1.ctx, 16, true);
}

/*
 * The MAC runs in context bytes 0-15. INIT and UPDATE take whole blocks
 * (the driver keeps the last block back for FINALIZE); FINALIZE and
 * INITFINAL end with the last block masked by a subkey.
 */
static bool caam_mac_data(CaamDeco *d, unsigned idx, const uint8_t *buf,
                          uint32_t len, bool last)
{
    CaamClass *c = &d->c1;
    bool xcbc = caam_c1_mode(c->op) == CAAM_AAI_XCBC_MAC;
    unsigned as = caam_op_as(c->op);
    bool final = as == CAAM_AS_FINALIZE || as == CAAM_AS_INITFINAL;
    uint8_t blk[16], sub[16];
    uint32_t o = 0, n;

    if (!c->started) {
        if (as == CAAM_AS_INIT || as == CAAM_AS_INITFINAL) {
            memset(c->ctx, 0, 16);
            if (xcbc && !caam_xcbc_keys(d, idx)) {
                return false;
            }
        }
        c->started = true;
    }
    if (c->data->len + (uint64_t)len > CAAM_MAX_XFER) {
        return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_AES,
                                              CAAM_CCBERR_DATASIZE),
                         "class 1 data past %u bytes", CAAM_MAX_XFER);
    }
    g_byte_array_append(c->data, buf, len);
    n = c->data->len;
    /* Keep a last block back until the end: it may need its subkey. */
    while (n - o > 16) {
        if (!caam_mac_block(d, idx, c->data->data + o)) {
            return false;
        }
        o += 16;
    }
    g_byte_array_remove_range(c->data, 0, o);
    if (!last) {
        return true;
    }
    n = c->data->len;
    c->done = true;
    if (!final) {
        if (n % 16) {
            return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_AES,
                                                  CAAM_CCBERR_DATASIZE),
                             "%s %s of %u bytes: not whole blocks",
                             xcbc ? "XCBC-MAC" : "CMAC",
                             as == CAAM_AS_INIT ? "INIT" : "UPDATE", n);
        }
        return !n || caam_mac_block(d, idx, c->data->data);
    }
    memset(blk, 0, 16);
    if (n) {
        memcpy(blk, c->data->data, n);
    }
    if (n < 16) {
        blk[n] = 0x80;
    }
    if (xcbc) {
        memcpy(sub, c->ctx + (n == 16 ? 16 : 32), 16);
    } else {
        memset(sub, 0, 16);
        if (!caam_blk(d, idx, c->cipher, sub, 16, true)) {
            return false;
        }
        caam_cmac_dbl(sub);
        if (n < 16) {
            caam_cmac_dbl(sub);
        }
    }
    caam_xor(blk, sub, 16);
    g_byte_array_set_size(c->data, 0);
    return caam_mac_block(d, idx, blk);
}

bool caam_c1_op(CaamDeco *d, unsigned idx, uint32_t w)
{
    CaamClass *c = &d->c1;
    unsigned alg = caam_op_alg(w), mode = caam_op_aai(w);
    bool des = alg == CAAM_ALG_DES || alg == CAAM_ALG_3DES;

    if (alg != CAAM_ALG_AES && !des) {
        return caam_fail(d, idx, CAAM_CCB_ERR(0, CAAM_CCBERR_INVCHA),
                         "class 1 algorithm 0x%02x: this CAAM has no such "
                         "CHA", alg);
    }
    if (!des) {
        mode &= ~CAAM_AAI_DK;
    }
    if (des ? (mode != CAAM_AAI_CBC && mode != CAAM_AAI_ECB) :
        (mode != CAAM_AAI_CBC && mode != CAAM_AAI_ECB &&
         mode != CAAM_AAI_CTR_MOD128 && mode != CAAM_AAI_XTS &&
         mode != CAAM_AAI_GCM && mode != CAAM_AAI_CMAC &&
         mode != CAAM_AAI_XCBC_MAC)) {
        return caam_fail(d, idx, CAAM_CCB_ERR(des ? CAAM_CHAID_DES :
                                              CAAM_CHAID_AES,
                                              CAAM_CCBERR_MODE),
                         "%s mode (AAI 0x%03x) not implemented",
                         des ? "DES" : "AES", caam_op_aai(w));
    }
    qcrypto_cipher_free(c->cipher);
    qcrypto_cipher_free(c->tweak);
    c->cipher = c->tweak = NULL;
    g_byte_array_set_size(c->data, 0);
    c->op = w;
    c->done = false;
    c->icvlen = 0;
    c->started = c->gcm_text = false;
    trace_caam_op(1, alg, caam_op_aai(w), caam_op_as(w));
    return caam_class_drain(d, idx, 1);
}

bool caam_c1_data(CaamDeco *d, unsigned idx, CaamData type,
                  const uint8_t *buf, uint32_t len, bool last, bool out2)
{
    CaamClass *c = &d->c1;
    unsigned mode = caam_c1_mode(c->op);
    uint32_t n;

    if (caam_op_alg(c->op) == CAAM_ALG_RNG) {
        return caam_fail(d, idx, CAAM_DECO_ERR(CAAM_DECOERR_FIFOLDCMD),
                         "class 1 data to the RNG");
    }
    if (c->done) {
        if (type == CAAM_DATA_ICV) {
            return caam_icv_in(d, idx, c, buf, len) &&
                   caam_icv_check(d, idx, c, caam_c1_cha(c));
        }
        return caam_fail(d, idx, CAAM_CCB_ERR(caam_c1_cha(c),
                                              CAAM_CCBERR_DATASIZE),
                         "class 1 data after its last");
    }
    if (!caam_c1_key(d, idx)) {
        return false;
    }
    if (mode == CAAM_AAI_CMAC || mode == CAAM_AAI_XCBC_MAC) {
        if (type != CAAM_DATA_MSG) {
            return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_AES,
                                                  CAAM_CCBERR_MODE),
                             "MAC input that is not message data");
        }
        return caam_mac_data(d, idx, buf, len, last);
    }
    if (mode == CAAM_AAI_GCM) {
        if (!caam_gcm_data(d, idx, type, buf, len)) {
            return false;
        }
        if (last) {
            c->done = true;
            return caam_gcm_final(d, idx) &&
                   caam_icv_check(d, idx, c, CAAM_CHAID_AES);
        }
        return true;
    }
    if (type == CAAM_DATA_IV) {
        if (len) {
            memcpy(c->ctx, buf, MIN(len, CAAM_CTX_SIZE));
        }
        if (!last) {
            return true;
        }
        len = 0;
    } else if (type != CAAM_DATA_MSG) {
        return caam_fail(d, idx, CAAM_CCB_ERR(caam_c1_cha(c),
                                              CAAM_CCBERR_MODE),
                         "%s data for a mode without it",
                         type == CAAM_DATA_AAD ? "AAD" : "ICV");
    }
    if (c->data->len + (uint64_t)len > CAAM_MAX_XFER) {
        return caam_fail(d, idx, CAAM_CCB_ERR(caam_c1_cha(c),
                                              CAAM_CCBERR_DATASIZE),
                         "class 1 data past %u bytes", CAAM_MAX_XFER);
    }
    g_byte_array_append(c->data, buf, len);
    n = c->data->len;
    if (mode == CAAM_AAI_XTS) {
        if (!last) {
            return true;    /* stealing needs the end: whole sectors */
        }
        if (!caam_xts_run(d, idx, c->data->data, n)) {
            return false;
        }
    } else {
        if (!last) {
            n -= n % c->bs;
        } else if (n % c->bs && mode != CAAM_AAI_CTR_MOD128) {
            return caam_fail(d, idx, CAAM_CCB_ERR(caam_c1_cha(c),
                                                  CAAM_CCBERR_DATASIZE),
                             "%u bytes for a %u-byte block mode", n, c->bs);
        }
        if (!caam_c1_stream(d, idx, c->data->data, n)) {
            return false;
        }
    }
    if (last) {
        c->done = true;
    }
    {
        g_autofree uint8_t *out = g_memdup2(c->data->data, n);

        g_byte_array_remove_range(c->data, 0, n);
        return caam_c1_out(d, idx, out, n, out2, last);
    }
}

/* ---- class 2: MDHA ---- */

bool caam_md_alg(unsigned alg, CaamMdAlg *out)
{
    static const CaamMdAlg map[] = {
        CAAM_MD_MD5, CAAM_MD_SHA1, CAAM_MD_SHA224, CAAM_MD_SHA256,
        CAAM_MD_SHA384, CAAM_MD_SHA512,
    };

    if (alg < CAAM_ALG_MD5 || alg > CAAM_ALG_SHA512) {
        return false;
    }
    *out = map[alg - CAAM_ALG_MD5];
    return true;
}

bool caam_c2_op(CaamDeco *d, unsigned idx, uint32_t w)
{
    CaamClass *c = &d->c2;
    unsigned aai = caam_op_aai(w), as = caam_op_as(w);
    CaamMdAlg alg;
    unsigned ssz;

    if (!caam_md_alg(caam_op_alg(w), &alg)) {
        return caam_fail(d, idx, CAAM_CCB_ERR(0, CAAM_CCBERR_INVCHA),
                         "class 2 algorithm 0x%02x: this CAAM has no such "
                         "CHA", caam_op_alg(w));
    }
    if (aai != CAAM_AAI_HASH && aai != CAAM_AAI_HMAC &&
        aai != CAAM_AAI_HMAC_PRECOMP) {
        return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_MD,
                                              CAAM_CCBERR_MODE),
                         "MDHA mode (AAI 0x%03x) not implemented", aai);
    }
    ssz = caam_md_state_size(alg);
    c->op = w;
    c->done = false;
    c->icvlen = 0;
    if (aai != CAAM_AAI_HASH) {
        /* HMAC: the split key, given or derived from a plain key. */
        if (c->split_key) {
            if (c->keylen != 2 * ssz) {
                return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_MD,
                                                      CAAM_CCBERR_KEYSIZE),
                                 "split key of %u bytes, this hash's is %u",
                                 c->keylen, 2 * ssz);
            }
            memcpy(c->split, c->key, 2 * ssz);
        } else if (aai == CAAM_AAI_HMAC_PRECOMP) {
            return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_MD,
                                                  CAAM_CCBERR_KEYSIZE),
                             "precomputed HMAC without a split key");
        } else {
            caam_md_split_key(alg, c->key, c->keylen, c->split);
        }
    }
    if (as == CAAM_AS_INIT || as == CAAM_AS_INITFINAL) {
        if (aai == CAAM_AAI_HASH) {
            caam_md_init(&c->md, alg);
        } else {
            caam_md_hmac_init(&c->md, alg, c->split);
        }
    } else if (!caam_md_load(&c->md, alg, c->ctx)) {
        return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_MD,
                                              CAAM_CCBERR_DATASIZE),
                         "the running context's length is not whole "
                         "blocks");
    }
    trace_caam_op(2, caam_op_alg(w), aai, as);
    return caam_class_drain(d, idx, 2);
}

static bool caam_c2_final(CaamDeco *d, unsigned idx)
{
    CaamClass *c = &d->c2;
    unsigned as = caam_op_as(c->op);

    c->done = true;
    if (as == CAAM_AS_INIT || as == CAAM_AS_UPDATE) {
        if (!caam_md_save(&c->md, c->ctx)) {
            return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_MD,
                                                  CAAM_CCBERR_DATASIZE),
                             "MDHA %s of a partial block",
                             as == CAAM_AS_INIT ? "INIT" : "UPDATE");
        }
        return true;
    }
    memset(c->ctx, 0, CAAM_CTX_SIZE);
    if (caam_op_aai(c->op) == CAAM_AAI_HASH) {
        caam_md_final(&c->md, c->ctx);
    } else {
        caam_md_hmac_final(&c->md, c->split, c->ctx);
    }
    return caam_icv_check(d, idx, c, CAAM_CHAID_MD);
}

bool caam_c2_data(CaamDeco *d, unsigned idx, CaamData type,
                  const uint8_t *buf, uint32_t len, bool last)
{
    CaamClass *c = &d->c2;

    if (type == CAAM_DATA_ICV) {
        if (!caam_icv_in(d, idx, c, buf, len)) {
            return false;
        }
        if (c->done) {
            return caam_icv_check(d, idx, c, CAAM_CHAID_MD);
        }
        return !last || caam_c2_final(d, idx);
    }
    if (c->done) {
        return caam_fail(d, idx, CAAM_CCB_ERR(CAAM_CHAID_MD,
                                              CAAM_CCBERR_DATASIZE),
                         "class 2 data after its last");
    }
    caam_md_update(&c->md, buf, len);
    return !last || caam_c2_final(d, idx);
}

/* ---- routing ---- */

bool caam_class_in(CaamDeco *d, unsigned idx, int cls, CaamData type,
                   const uint8_t *buf, uint32_t len, bool last, bool out2)
{
    CaamClass *c = cls == 1 ? &d->c1 : &d->c2;

    if (!c->op) {
        CaamChunk *k;
        uint64_t held = len;

        for (GList *l = c->pend.head; l; l = l->next) {
            held += ((CaamChunk *)l->data)->data->len;
        }
        if (held > CAAM_MAX_XFER) {
            return caam_fail(d, idx, CAAM_DECO_ERR(CAAM_DECOERR_FIFOLDCMD),
                             "class %d holds more than %u bytes without an "
                             "OPERATION", cls, CAAM_MAX_XFER);
        }
        k = g_new0(CaamChunk, 1);
        k->type = type;
        k->last = last;
        k->out2 = out2;
        k->data = g_byte_array_new();
        g_byte_array_append(k->data, buf, len);
        g_queue_push_tail(&c->pend, k);
        return true;
    }
    return cls == 1 ? caam_c1_data(d, idx, type, buf, len, last, out2)
                    : caam_c2_data(d, idx, type, buf, len, last);
}

bool caam_class_drain(CaamDeco *d, unsigned idx, int cls)
{
    CaamClass *c = cls == 1 ? &d->c1 : &d->c2;
    CaamChunk *k;
    bool ok = true;

    while (ok && (k = g_queue_pop_head(&c->pend))) {
        ok = cls == 1 ? caam_c1_data(d, idx, k->type, k->data->data,
                                     k->data->len, k->last, k->out2)
                      : caam_c2_data(d, idx, k->type, k->data->data,
                                     k->data->len, k->last);
        g_byte_array_unref(k->data);
        g_free(k);
    }
    return ok;
}
