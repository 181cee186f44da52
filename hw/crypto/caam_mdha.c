/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CAAM MDHA message digests (plain C, no QEMU headers; the API and the
 * saved-context layout are in the header). Written from RFC 1321 (MD5),
 * FIPS 180-4 (SHA-1, SHA-2) and RFC 2104 (HMAC).
 *
 * The chaining state is kept as uint64_t words for every algorithm so
 * that one CaamMd fits all; the 32-bit ones use and keep the low words.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "hw/crypto/caam_mdha.h"

typedef void CaamMdBlockFn(uint64_t *h, const uint8_t *p);

typedef struct CaamMdParams {
    unsigned block;
    unsigned digest;
    unsigned state;
    unsigned word;          /* bytes in one word of the state */
    bool le;                /* MD5: little-endian words and length */
    CaamMdBlockFn *compress;
    uint64_t iv[8];
} CaamMdParams;

static uint32_t rol32(uint32_t v, unsigned n)
{
    return (v << n) | (v >> (32 - n));
}

static uint32_t ror32(uint32_t v, unsigned n)
{
    return (v >> n) | (v << (32 - n));
}

static uint64_t ror64(uint64_t v, unsigned n)
{
    return (v >> n) | (v << (64 - n));
}

static uint64_t get_word(const uint8_t *p, unsigned size, bool le)
{
    uint64_t v = 0;

    for (unsigned i = 0; i < size; i++) {
        v |= (uint64_t)p[i] << (8 * (le ? i : size - 1 - i));
    }
    return v;
}

static void put_word(uint8_t *p, uint64_t v, unsigned size, bool le)
{
    for (unsigned i = 0; i < size; i++) {
        p[i] = v >> (8 * (le ? i : size - 1 - i));
    }
}

/* RFC 1321 3.4: T[i] = floor(2^32 * abs(sin(i + 1))). */
static const uint32_t md5_t[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee,
    0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
    0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa,
    0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
    0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
    0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05,
    0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039,
    0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
    0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

/* The left rotations of each round, by step within a group of four. */
static const uint8_t md5_s[4][4] = {
    { 7, 12, 17, 22 }, { 5, 9, 14, 20 }, { 4, 11, 16, 23 }, { 6, 10, 15, 21 },
};

static void md5_block(uint64_t *h, const uint8_t *p)
{
    uint32_t m[16], a = h[0], b = h[1], c = h[2], d = h[3], f, t;
    unsigned g;

    for (unsigned i = 0; i < 16; i++) {
        m[i] = get_word(p + 4 * i, 4, true);
    }
    for (unsigned i = 0; i < 64; i++) {
        switch (i / 16) {
        case 0:
            f = (b & c) | (~b & d);
            g = i;
            break;
        case 1:
            f = (b & d) | (c & ~d);
            g = (5 * i + 1) % 16;
            break;
        case 2:
            f = b ^ c ^ d;
            g = (3 * i + 5) % 16;
            break;
        default:
            f = c ^ (b | ~d);
            g = (7 * i) % 16;
            break;
        }
        t = d;
        d = c;
        c = b;
        b += rol32(a + f + md5_t[i] + m[g], md5_s[i / 16][i % 4]);
        a = t;
    }
    h[0] = (uint32_t)(h[0] + a);
    h[1] = (uint32_t)(h[1] + b);
    h[2] = (uint32_t)(h[2] + c);
    h[3] = (uint32_t)(h[3] + d);
}

static void sha1_block(uint64_t *h, const uint8_t *p)
{
    uint32_t w[80], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f, k, t;

    for (unsigned i = 0; i < 16; i++) {
        w[i] = get_word(p + 4 * i, 4, false);
    }
    for (unsigned i = 16; i < 80; i++) {
        w[i] = rol32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    }
    for (unsigned i = 0; i < 80; i++) {
        if (i < 20) {
            f = (b & c) | (~b & d);
            k = 0x5a827999;
        } else if (i < 40) {
            f = b ^ c ^ d;
            k = 0x6ed9eba1;
        } else if (i < 60) {
            f = (b & c) | (b & d) | (c & d);
            k = 0x8f1bbcdc;
        } else {
            f = b ^ c ^ d;
            k = 0xca62c1d6;
        }
        t = rol32(a, 5) + f + e + k + w[i];
        e = d;
        d = c;
        c = rol32(b, 30);
        b = a;
        a = t;
    }
    h[0] = (uint32_t)(h[0] + a);
    h[1] = (uint32_t)(h[1] + b);
    h[2] = (uint32_t)(h[2] + c);
    h[3] = (uint32_t)(h[3] + d);
    h[4] = (uint32_t)(h[4] + e);
}

/* FIPS 180-4 4.2.2: cube roots of the first 64 primes. */
static const uint32_t sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
    0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
    0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
    0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
    0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static void sha256_block(uint64_t *h, const uint8_t *p)
{
    uint32_t w[64], v[8], s0, s1, t1, t2;

    for (unsigned i = 0; i < 16; i++) {
        w[i] = get_word(p + 4 * i, 4, false);
    }
    for (unsigned i = 16; i < 64; i++) {
        s0 = ror32(w[i - 15], 7) ^ ror32(w[i - 15], 18) ^ (w[i - 15] >> 3);
        s1 = ror32(w[i - 2], 17) ^ ror32(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    for (unsigned i = 0; i < 8; i++) {
        v[i] = h[i];
    }
    /* a..h of FIPS 180-4 6.2.2, in registers rather than an array */
    {
        uint32_t a = v[0], b = v[1], c = v[2], d = v[3];
        uint32_t e = v[4], f = v[5], g = v[6], hh = v[7];

        for (unsigned i = 0; i < 64; i++) {
            s1 = ror32(e, 6) ^ ror32(e, 11) ^ ror32(e, 25);
            t1 = hh + s1 + ((e & f) ^ (~e & g)) + sha256_k[i] + w[i];
            s0 = ror32(a, 2) ^ ror32(a, 13) ^ ror32(a, 22);
            t2 = s0 + ((a & b) ^ (a & c) ^ (b & c));
            hh = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        v[0] = a, v[1] = b, v[2] = c, v[3] = d;
        v[4] = e, v[5] = f, v[6] = g, v[7] = hh;
    }
    for (unsigned i = 0; i < 8; i++) {
        h[i] = (uint32_t)(h[i] + v[i]);
    }
}

/* FIPS 180-4 4.2.3: cube roots of the first 80 primes. */
static const uint64_t sha512_k[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL,
    0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL,
    0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL,
    0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL,
    0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL,
    0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL,
    0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL,
    0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
    0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL,
    0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL,
    0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL,
    0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL,
    0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL,
    0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL,
    0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL,
    0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL,
    0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL,
    0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL,
    0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL,
    0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL,
    0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

static void sha512_block(uint64_t *h, const uint8_t *p)
{
    uint64_t w[80], v[8], s0, s1, t1, t2;

    for (unsigned i = 0; i < 16; i++) {
        w[i] = get_word(p + 8 * i, 8, false);
    }
    for (unsigned i = 16; i < 80; i++) {
        s0 = ror64(w[i - 15], 1) ^ ror64(w[i - 15], 8) ^ (w[i - 15] >> 7);
        s1 = ror64(w[i - 2], 19) ^ ror64(w[i - 2], 61) ^ (w[i - 2] >> 6);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    memcpy(v, h, sizeof(v));
    /* a..h of FIPS 180-4 6.4.2, in registers rather than an array */
    {
        uint64_t a = v[0], b = v[1], c = v[2], d = v[3];
        uint64_t e = v[4], f = v[5], g = v[6], hh = v[7];

        for (unsigned i = 0; i < 80; i++) {
            s1 = ror64(e, 14) ^ ror64(e, 18) ^ ror64(e, 41);
            t1 = hh + s1 + ((e & f) ^ (~e & g)) + sha512_k[i] + w[i];
            s0 = ror64(a, 28) ^ ror64(a, 34) ^ ror64(a, 39);
            t2 = s0 + ((a & b) ^ (a & c) ^ (b & c));
            hh = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        v[0] = a, v[1] = b, v[2] = c, v[3] = d;
        v[4] = e, v[5] = f, v[6] = g, v[7] = hh;
    }
    for (unsigned i = 0; i < 8; i++) {
        h[i] += v[i];
    }
}

static const CaamMdParams caam_md_params[] = {
    [CAAM_MD_MD5] = {
        64, 16, 16, 4, true, md5_block,
        { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476 },
    },
    [CAAM_MD_SHA1] = {
        64, 20, 20, 4, false, sha1_block,
        { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 },
    },
    [CAAM_MD_SHA224] = {
        64, 28, 32, 4, false, sha256_block,
        { 0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
          0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4 },
    },
    [CAAM_MD_SHA256] = {
        64, 32, 32, 4, false, sha256_block,
        { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
          0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 },
    },
    [CAAM_MD_SHA384] = {
        128, 48, 64, 8, false, sha512_block,
        { 0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL,
          0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
          0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
          0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL },
    },
    [CAAM_MD_SHA512] = {
        128, 64, 64, 8, false, sha512_block,
        { 0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
          0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
          0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
          0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL },
    },
};

/* NULL for a value outside the enum: the guest picks the algorithm. */
static const CaamMdParams *md_params(CaamMdAlg alg)
{
    unsigned n = sizeof(caam_md_params) / sizeof(caam_md_params[0]);

    return (unsigned)alg < n ? &caam_md_params[alg] : NULL;
}

unsigned caam_md_block_size(CaamMdAlg alg)
{
    const CaamMdParams *p = md_params(alg);

    return p ? p->block : 0;
}

unsigned caam_md_digest_size(CaamMdAlg alg)
{
    const CaamMdParams *p = md_params(alg);

    return p ? p->digest : 0;
}

unsigned caam_md_state_size(CaamMdAlg alg)
{
    const CaamMdParams *p = md_params(alg);

    return p ? p->state : 0;
}

static void state_out(const CaamMd *md, const CaamMdParams *p, uint8_t *out)
{
    for (unsigned i = 0; i < p->state / p->word; i++) {
        put_word(out + i * p->word, md->h[i], p->word, p->le);
    }
}

static void state_in(CaamMd *md, const CaamMdParams *p, const uint8_t *in)
{
    for (unsigned i = 0; i < p->state / p->word; i++) {
        md->h[i] = get_word(in + i * p->word, p->word, p->le);
    }
}

void caam_md_init(CaamMd *md, CaamMdAlg alg)
{
    const CaamMdParams *p = md_params(alg);

    memset(md, 0, sizeof(*md));
    md->alg = alg;
    if (p) {
        memcpy(md->h, p->iv, sizeof(md->h));
    }
}

void caam_md_update(CaamMd *md, const uint8_t *data, size_t len)
{
    const CaamMdParams *p = md_params(md->alg);
    size_t n;

    if (!p || !len) {
        return;
    }
    md->len += len;
    if (md->nbuf) {
        n = p->block - md->nbuf;
        if (n > len) {
            n = len;
        }
        memcpy(md->buf + md->nbuf, data, n);
        md->nbuf += n;
        data += n;
        len -= n;
        if (md->nbuf < p->block) {
            return;
        }
        p->compress(md->h, md->buf);
        md->nbuf = 0;
    }
    for (; len >= p->block; data += p->block, len -= p->block) {
        p->compress(md->h, data);
    }
    memcpy(md->buf, data, len);
    md->nbuf = len;
}

void caam_md_final(CaamMd *md, uint8_t *out)
{
    const CaamMdParams *p = md_params(md->alg);
    uint8_t state[CAAM_MD_MAX_STATE];
    unsigned lenbytes;

    if (!p) {
        return;
    }
    /* The length field: 64 bits, or 128 for the 128-byte blocks. */
    lenbytes = p->block / 8;
    /* Padding is not message: md->len stays the message length. */
    md->buf[md->nbuf++] = 0x80;
    if (md->nbuf > p->block - lenbytes) {
        memset(md->buf + md->nbuf, 0, p->block - md->nbuf);
        p->compress(md->h, md->buf);
        md->nbuf = 0;
    }
    memset(md->buf + md->nbuf, 0, p->block - md->nbuf);
    put_word(md->buf + p->block - 8, md->len << 3, 8, p->le);
    if (lenbytes == 16) {
        put_word(md->buf + p->block - 16, md->len >> 61, 8, false);
    }
    p->compress(md->h, md->buf);
    md->nbuf = 0;
    state_out(md, p, state);
    memcpy(out, state, p->digest);
}

bool caam_md_save(const CaamMd *md, uint8_t *ctx)
{
    const CaamMdParams *p = md_params(md->alg);

    if (!p || md->nbuf) {
        return false;
    }
    state_out(md, p, ctx);
    put_word(ctx + p->state, md->len, 8, false);
    return true;
}

bool caam_md_load(CaamMd *md, CaamMdAlg alg, const uint8_t *ctx)
{
    const CaamMdParams *p = md_params(alg);
    uint64_t len;

    if (!p) {
        return false;
    }
    len = get_word(ctx + p->state, 8, false);
    if (len % p->block) {
        return false;
    }
    caam_md_init(md, alg);
    state_in(md, p, ctx);
    md->len = len;
    return true;
}

/* The state after one block of key ^ pad, key already block-sized. */
static void split_half(CaamMdAlg alg, const CaamMdParams *p,
                       const uint8_t *key, uint8_t pad, uint8_t *out)
{
    uint8_t blk[CAAM_MD_MAX_BLOCK];
    CaamMd md;

    for (unsigned i = 0; i < p->block; i++) {
        blk[i] = key[i] ^ pad;
    }
    caam_md_init(&md, alg);
    caam_md_update(&md, blk, p->block);
    state_out(&md, p, out);
}

unsigned caam_md_split_key(CaamMdAlg alg, const uint8_t *key, size_t keylen,
                           uint8_t *split)
{
    const CaamMdParams *p = md_params(alg);
    uint8_t k[CAAM_MD_MAX_BLOCK] = { 0 };
    CaamMd md;

    if (!p) {
        return 0;
    }
    if (keylen > p->block) {
        caam_md_init(&md, alg);
        caam_md_update(&md, key, keylen);
        caam_md_final(&md, k);
    } else if (keylen) {
        memcpy(k, key, keylen);
    }
    split_half(alg, p, k, 0x36, split);
    split_half(alg, p, k, 0x5c, split + p->state);
    return 2 * p->state;
}

void caam_md_hmac_init(CaamMd *md, CaamMdAlg alg, const uint8_t *split)
{
    const CaamMdParams *p = md_params(alg);

    caam_md_init(md, alg);
    if (p) {
        state_in(md, p, split);
        md->len = p->block;
    }
}

void caam_md_hmac_final(CaamMd *md, const uint8_t *split, uint8_t *out)
{
    const CaamMdParams *p = md_params(md->alg);
    uint8_t inner[CAAM_MD_MAX_DIGEST];

    if (!p) {
        return;
    }
    caam_md_final(md, inner);
    caam_md_hmac_init(md, md->alg, split + p->state);
    caam_md_update(md, inner, p->digest);
    caam_md_final(md, out);
}
