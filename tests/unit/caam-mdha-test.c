/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the CAAM MDHA digests (hw/crypto/caam_mdha.c): the
 * FIPS 180-4 / RFC 1321 known answers, every padding boundary, RFC 2202
 * and RFC 4231 HMACs through split keys, and the saved-context layout
 * the hardware and the Linux caam driver exchange.
 */
#include "check-tap.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "hw/crypto/caam_mdha.h"

#define N_ALGS 6

static const CaamMdAlg algs[N_ALGS] = {
    CAAM_MD_MD5, CAAM_MD_SHA1, CAAM_MD_SHA224,
    CAAM_MD_SHA256, CAAM_MD_SHA384, CAAM_MD_SHA512,
};

#define MSG448 "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
#define MSG896 "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn" \
               "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"

static void to_hex(const uint8_t *p, size_t n, char *hex)
{
    for (size_t i = 0; i < n; i++) {
        sprintf(hex + 2 * i, "%02x", p[i]);
    }
    hex[2 * n] = '\0';
}

static void check_hex(const uint8_t *p, size_t n, const char *want)
{
    char hex[2 * CAAM_MD_MAX_CTX + 1];

    ck_assert_uint_le(n, CAAM_MD_MAX_CTX);
    to_hex(p, n, hex);
    ck_assert_str_eq(hex, want);
}

static void digest(CaamMdAlg alg, const void *msg, size_t len, uint8_t *out)
{
    CaamMd md;

    caam_md_init(&md, alg);
    caam_md_update(&md, msg, len);
    caam_md_final(&md, out);
}

START_TEST(test_sizes)
{
    static const unsigned block[] = { 64, 64, 64, 64, 128, 128 };
    static const unsigned dsize[] = { 16, 20, 28, 32, 48, 64 };
    static const unsigned ssize[] = { 16, 20, 32, 32, 64, 64 };

    for (int i = 0; i < N_ALGS; i++) {
        ck_assert_uint_eq(caam_md_block_size(algs[i]), block[i]);
        ck_assert_uint_eq(caam_md_digest_size(algs[i]), dsize[i]);
        ck_assert_uint_eq(caam_md_state_size(algs[i]), ssize[i]);
    }
    /* The engine checks the guest's algorithm against these. */
    ck_assert_uint_eq(caam_md_block_size((CaamMdAlg)N_ALGS), 0);
    ck_assert_uint_eq(caam_md_digest_size((CaamMdAlg)-1), 0);
    ck_assert_uint_eq(caam_md_state_size((CaamMdAlg)99), 0);
}
END_TEST

typedef struct Kat {
    CaamMdAlg alg;
    const char *msg;
    const char *hex;
} Kat;

/* FIPS 180-4 examples; for MD5 RFC 1321 A.5, and the same long ones. */
static const Kat kats[] = {
    { CAAM_MD_MD5, "", "d41d8cd98f00b204e9800998ecf8427e" },
    { CAAM_MD_MD5, "abc", "900150983cd24fb0d6963f7d28e17f72" },
    { CAAM_MD_MD5, MSG448, "8215ef0796a20bcaaae116d3876c664a" },
    { CAAM_MD_MD5, MSG896, "03dd8807a93175fb062dfb55dc7d359c" },
    { CAAM_MD_SHA1, "", "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
    { CAAM_MD_SHA1, "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
    { CAAM_MD_SHA1, MSG448, "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
    { CAAM_MD_SHA1, MSG896, "a49b2446a02c645bf419f995b67091253a04a259" },
    { CAAM_MD_SHA224, "",
      "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f" },
    { CAAM_MD_SHA224, "abc",
      "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
    { CAAM_MD_SHA224, MSG448,
      "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525" },
    { CAAM_MD_SHA224, MSG896,
      "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3" },
    { CAAM_MD_SHA256, "",
      "e3b0c44298fc1c149afbf4c8996fb924"
      "27ae41e4649b934ca495991b7852b855" },
    { CAAM_MD_SHA256, "abc",
      "ba7816bf8f01cfea414140de5dae2223"
      "b00361a396177a9cb410ff61f20015ad" },
    { CAAM_MD_SHA256, MSG448,
      "248d6a61d20638b8e5c026930c3e6039"
      "a33ce45964ff2167f6ecedd419db06c1" },
    { CAAM_MD_SHA256, MSG896,
      "cf5b16a778af8380036ce59e7b049237"
      "0b249b11e8f07a51afac45037afee9d1" },
    { CAAM_MD_SHA384, "",
      "38b060a751ac96384cd9327eb1b1e36a21fdb71114be0743"
      "4c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b" },
    { CAAM_MD_SHA384, "abc",
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
      "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7" },
    { CAAM_MD_SHA384, MSG448,
      "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05ab"
      "fe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b" },
    { CAAM_MD_SHA384, MSG896,
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d2"
      "2fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039" },
    { CAAM_MD_SHA512, "",
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
      "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
    { CAAM_MD_SHA512, "abc",
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
    { CAAM_MD_SHA512, MSG448,
      "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
      "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445" },
    { CAAM_MD_SHA512, MSG896,
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
      "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
};
#define N_KATS (int)(sizeof(kats) / sizeof(kats[0]))

/* In one update, then a byte at a time: the buffering must not matter. */
START_TEST(test_kat)
{
    const Kat *k = &kats[_i];
    size_t len = strlen(k->msg);
    uint8_t out[CAAM_MD_MAX_DIGEST];
    CaamMd md;

    digest(k->alg, k->msg, len, out);
    check_hex(out, caam_md_digest_size(k->alg), k->hex);

    caam_md_init(&md, k->alg);
    for (size_t i = 0; i < len; i++) {
        caam_md_update(&md, (const uint8_t *)k->msg + i, 1);
    }
    ck_assert_uint_eq(md.len, len);
    caam_md_final(&md, out);
    check_hex(out, caam_md_digest_size(k->alg), k->hex);
}
END_TEST

/* One million 'a' (FIPS 180-4 examples), in chunks across blocks. */
static const char *const million_a[N_ALGS] = {
    "7707d6ae4e027c70eea2a935c2296f21",
    "34aa973cd4c4daa4f61eeb2bdbad27316534016f",
    "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67",
    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
    "9d0e1809716474cb086e834e310a4a1ced149e9c00f24852"
    "7972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985",
    "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
    "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
};

START_TEST(test_million_a)
{
    static const size_t chunks[] = { 1, 63, 64, 65, 1000, 127, 128, 129 };
    uint8_t a[1000], out[CAAM_MD_MAX_DIGEST];
    size_t done = 0, n;
    CaamMd md;

    memset(a, 'a', sizeof(a));
    caam_md_init(&md, algs[_i]);
    for (unsigned i = 0; done < 1000000; i++) {
        n = chunks[i % (sizeof(chunks) / sizeof(chunks[0]))];
        if (n > 1000000 - done) {
            n = 1000000 - done;
        }
        caam_md_update(&md, a, n);
        done += n;
    }
    caam_md_final(&md, out);
    check_hex(out, caam_md_digest_size(algs[_i]), million_a[_i]);
}
END_TEST

/*
 * Every message length 0..300 of bytes 0, 1, 2, ..., so every place the
 * 0x80 and the length field can fall in one or two final blocks: the
 * digest, under the same algorithm, of all 301 digests one after another
 * (computed with Python's hashlib).
 */
static const char *const boundary[N_ALGS] = {
    "6b8bd80d0e8310b8f7791dd7526e801a",
    "d72ddaff10d3a5eed5157a8c23af4f64540384c4",
    "9a9f24d9f5930aa92cf0f1c0295dd14b6e3aa0fd00dcf4d56b8ac524",
    "ddbdb189f5834c274dbe603d6d2874adf7234fd8a075c3d1bfbadc2107a75676",
    "9eac9135d3e01a08e33ba204064b7ca9820893ed864baed4"
    "bb53633cdf010d22b5a45fab86bfd70b4fd1dc267942a022",
    "d7ff5323ebbef9438546b104939504d6846f067dc41a135152e616e5fb701a72"
    "458ac9ce86a32dbf342659cacb0a9237c21653d6bd379bd1f10a5a92f5c3f5d2",
};

START_TEST(test_padding_boundaries)
{
    CaamMdAlg alg = algs[_i];
    unsigned dsize = caam_md_digest_size(alg);
    uint8_t msg[301], out[CAAM_MD_MAX_DIGEST];
    CaamMd all;

    for (unsigned i = 0; i < sizeof(msg); i++) {
        msg[i] = i;
    }
    caam_md_init(&all, alg);
    for (unsigned n = 0; n < sizeof(msg); n++) {
        digest(alg, msg, n, out);
        caam_md_update(&all, out, dsize);
    }
    caam_md_final(&all, out);
    check_hex(out, dsize, boundary[_i]);
}
END_TEST

typedef struct HmacCase {
    CaamMdAlg alg;
    int tc;                 /* the RFC's test case: 1, 2, 3 or 6 */
    const char *hex;
} HmacCase;

/* RFC 2202 sections 2 and 3, RFC 4231 section 4. */
static const HmacCase hmacs[] = {
    { CAAM_MD_MD5, 1, "9294727a3638bb1c13f48ef8158bfc9d" },
    { CAAM_MD_MD5, 2, "750c783e6ab0b503eaa86e310a5db738" },
    { CAAM_MD_MD5, 3, "56be34521d144c88dbb8c733f0e8b3f6" },
    { CAAM_MD_MD5, 6, "6b1ab7fe4bd7bf8f0b62e6ce61b9d0cd" },
    { CAAM_MD_SHA1, 1, "b617318655057264e28bc0b6fb378c8ef146be00" },
    { CAAM_MD_SHA1, 2, "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79" },
    { CAAM_MD_SHA1, 3, "125d7342b9ac11cd91a39af48aa17b4f63f175d3" },
    { CAAM_MD_SHA1, 6, "aa4ae5e15272d00e95705637ce8a3b55ed402112" },
    { CAAM_MD_SHA224, 1,
      "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22" },
    { CAAM_MD_SHA224, 2,
      "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44" },
    { CAAM_MD_SHA224, 3,
      "7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea" },
    { CAAM_MD_SHA224, 6,
      "95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e" },
    { CAAM_MD_SHA256, 1,
      "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7" },
    { CAAM_MD_SHA256, 2,
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
    { CAAM_MD_SHA256, 3,
      "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe" },
    { CAAM_MD_SHA256, 6,
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54" },
    { CAAM_MD_SHA384, 1,
      "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec6"
      "82aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6" },
    { CAAM_MD_SHA384, 2,
      "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47"
      "e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649" },
    { CAAM_MD_SHA384, 3,
      "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9feb"
      "e83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27" },
    { CAAM_MD_SHA384, 6,
      "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f"
      "3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952" },
    { CAAM_MD_SHA512, 1,
      "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
      "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854" },
    { CAAM_MD_SHA512, 2,
      "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
      "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737" },
    { CAAM_MD_SHA512, 3,
      "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
      "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb" },
    { CAAM_MD_SHA512, 6,
      "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
      "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598" },
};
#define N_HMACS (int)(sizeof(hmacs) / sizeof(hmacs[0]))

START_TEST(test_hmac)
{
    const HmacCase *c = &hmacs[_i];
    /* RFC 2202 keys are as long as the digest, RFC 4231 ones 20 bytes. */
    size_t klen = c->alg == CAAM_MD_MD5 ? 16 : 20;
    uint8_t key[131], data[64], split[CAAM_MD_MAX_SPLIT_KEY];
    uint8_t out[CAAM_MD_MAX_DIGEST];
    size_t dlen;
    CaamMd md;

    switch (c->tc) {
    case 1:
        memset(key, 0x0b, klen);
        dlen = 8;
        memcpy(data, "Hi There", dlen);
        break;
    case 2:
        klen = 4;
        memcpy(key, "Jefe", klen);
        dlen = 28;
        memcpy(data, "what do ya want for nothing?", dlen);
        break;
    case 3:
        memset(key, 0xaa, klen);
        dlen = 50;
        memset(data, 0xdd, dlen);
        break;
    default:
        /* Longer than the block: 80 bytes in RFC 2202, 131 in 4231. */
        klen = c->alg <= CAAM_MD_SHA1 ? 80 : 131;
        memset(key, 0xaa, klen);
        dlen = 54;
        memcpy(data, "Test Using Larger Than Block-Size Key - Hash Key First",
               dlen);
        break;
    }
    ck_assert_uint_gt(klen, c->tc == 6 ? caam_md_block_size(c->alg) : 0);

    ck_assert_uint_eq(caam_md_split_key(c->alg, key, klen, split),
                      2 * caam_md_state_size(c->alg));
    caam_md_hmac_init(&md, c->alg, split);
    caam_md_update(&md, data, 3);
    caam_md_update(&md, data + 3, dlen - 3);
    caam_md_hmac_final(&md, split, out);
    check_hex(out, caam_md_digest_size(c->alg), c->hex);
}
END_TEST

/* The initial values, in the digest's byte order, with a zero length. */
static const char *const saved_iv[N_ALGS] = {
    "0123456789abcdeffedcba9876543210",
    "67452301efcdab8998badcfe10325476c3d2e1f0",
    "c1059ed8367cd5073070dd17f70e5939ffc00b316858151164f98fa7befa4fa4",
    "6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19",
    "cbbb9d5dc1059ed8629a292a367cd5079159015a3070dd17152fecd8f70e5939"
    "67332667ffc00b318eb44a8768581511db0c2e0d64f98fa747b5481dbefa4fa4",
    "6a09e667f3bcc908bb67ae8584caa73b3c6ef372fe94f82ba54ff53a5f1d36f1"
    "510e527fade682d19b05688c2b3e6c1f1f83d9abfb41bd6b5be0cd19137e2179",
};

START_TEST(test_save_layout)
{
    CaamMdAlg alg = algs[_i];
    unsigned ssize = caam_md_state_size(alg);
    uint8_t ctx[CAAM_MD_MAX_CTX], blocks[256] = { 0 };
    char want[2 * CAAM_MD_MAX_CTX + 1];
    CaamMd md;

    caam_md_init(&md, alg);
    ck_assert(caam_md_save(&md, ctx));
    snprintf(want, sizeof(want), "%s0000000000000000", saved_iv[_i]);
    check_hex(ctx, ssize + 8, want);

    /* Two blocks: the length field is big-endian bytes, not bits. */
    caam_md_update(&md, blocks, 2 * caam_md_block_size(alg));
    ck_assert(caam_md_save(&md, ctx));
    check_hex(ctx + ssize, 8,
              caam_md_block_size(alg) == 64 ? "0000000000000080"
                                            : "0000000000000100");
}
END_TEST

/* Part of a message in whole blocks, saved, reloaded, then the rest. */
START_TEST(test_save_load)
{
    CaamMdAlg alg = algs[_i];
    unsigned bs = caam_md_block_size(alg), dsize = caam_md_digest_size(alg);
    uint8_t msg[3 * 128 + 17], ctx[CAAM_MD_MAX_CTX];
    uint8_t one[CAAM_MD_MAX_DIGEST], two[CAAM_MD_MAX_DIGEST];
    size_t len = 3 * bs + 17;
    CaamMd md, md2;

    for (size_t i = 0; i < len; i++) {
        msg[i] = i * 7 + 3;
    }
    digest(alg, msg, len, one);

    caam_md_init(&md, alg);
    caam_md_update(&md, msg, 5);
    caam_md_update(&md, msg + 5, 2 * bs - 5);
    ck_assert(caam_md_save(&md, ctx));
    /* Whatever was in md2 before must not leak into the loaded state. */
    memset(&md2, 0xa5, sizeof(md2));
    ck_assert(caam_md_load(&md2, alg, ctx));
    ck_assert_int_eq(md2.alg, alg);
    ck_assert_uint_eq(md2.len, 2 * bs);
    ck_assert_uint_eq(md2.nbuf, 0);
    caam_md_update(&md2, msg + 2 * bs, len - 2 * bs);
    caam_md_final(&md2, two);
    ck_assert_mem_eq(one, two, dsize);

    /* Save and load again, mid-way, with nothing more hashed in between. */
    caam_md_update(&md, msg + 2 * bs, bs);
    ck_assert(caam_md_save(&md, ctx));
    ck_assert(caam_md_load(&md2, alg, ctx));
    ck_assert(caam_md_save(&md2, ctx));
    ck_assert(caam_md_load(&md, alg, ctx));
    caam_md_update(&md, msg + 3 * bs, len - 3 * bs);
    caam_md_final(&md, two);
    ck_assert_mem_eq(one, two, dsize);
}
END_TEST

START_TEST(test_save_partial)
{
    CaamMdAlg alg = algs[_i];
    unsigned bs = caam_md_block_size(alg), ssize = caam_md_state_size(alg);
    uint8_t msg[CAAM_MD_MAX_BLOCK + 1] = { 0 }, ctx[CAAM_MD_MAX_CTX];
    uint8_t zero[CAAM_MD_MAX_CTX];
    CaamMd md;

    memset(zero, 0, sizeof(zero));
    memset(ctx, 0, sizeof(ctx));
    caam_md_init(&md, alg);
    caam_md_update(&md, msg, 1);
    ck_assert(!caam_md_save(&md, ctx));
    ck_assert_mem_eq(ctx, zero, ssize + 8);
    caam_md_update(&md, msg, bs - 2);
    ck_assert(!caam_md_save(&md, ctx));
    ck_assert_mem_eq(ctx, zero, ssize + 8);
    /* The block completes: now it can be saved. */
    caam_md_update(&md, msg, 1);
    ck_assert(caam_md_save(&md, ctx));
    caam_md_update(&md, msg, bs + 1);
    ck_assert(!caam_md_save(&md, ctx));
}
END_TEST

START_TEST(test_load_bad_length)
{
    CaamMdAlg alg = algs[_i];
    unsigned bs = caam_md_block_size(alg), ssize = caam_md_state_size(alg);
    static const uint64_t bad[] = { 1, 63, 65, 127, 129, 1ULL << 63 | 64 };
    uint8_t ctx[CAAM_MD_MAX_CTX];
    CaamMd md, before;
    uint64_t len;

    caam_md_init(&md, alg);
    caam_md_update(&md, (const uint8_t *)"xyz", 3);
    before = md;
    memset(ctx, 0x5a, sizeof(ctx));
    for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        if (bad[i] % bs == 0) {
            continue;
        }
        for (unsigned j = 0; j < 8; j++) {
            ctx[ssize + j] = bad[i] >> (56 - 8 * j);
        }
        ck_assert(!caam_md_load(&md, alg, ctx));
        /* A refused context leaves the hash as it was. */
        ck_assert_mem_eq(&md, &before, sizeof(md));
    }
    ck_assert(!caam_md_load(&md, (CaamMdAlg)N_ALGS, ctx));

    /* Block multiples load, up to the top of the 64-bit field. */
    len = (1ULL << 63) | bs;
    for (unsigned j = 0; j < 8; j++) {
        ctx[ssize + j] = len >> (56 - 8 * j);
    }
    ck_assert(caam_md_load(&md, alg, ctx));
    ck_assert_uint_eq(md.len, len);
    memset(ctx + ssize, 0, 8);
    ck_assert(caam_md_load(&md, alg, ctx));
    ck_assert_uint_eq(md.len, 0);
}
END_TEST

/*
 * The split key's halves are what save() gives after exactly one block
 * of key ^ ipad or key ^ opad, and hmac_init starts from the first with
 * one block counted.
 */
START_TEST(test_split_key_layout)
{
    CaamMdAlg alg = algs[_i];
    unsigned bs = caam_md_block_size(alg), ssize = caam_md_state_size(alg);
    uint8_t split[CAAM_MD_MAX_SPLIT_KEY], ctx[CAAM_MD_MAX_CTX];
    uint8_t blk[CAAM_MD_MAX_BLOCK], len[8] = { 0 };
    static const uint8_t pads[2] = { 0x36, 0x5c };
    CaamMd md;

    ck_assert_uint_eq(caam_md_split_key(alg, (const uint8_t *)"Jefe", 4,
                                        split), 2 * ssize);
    len[7] = bs;
    for (int half = 0; half < 2; half++) {
        memset(blk, pads[half], bs);
        for (int i = 0; i < 4; i++) {
            blk[i] ^= "Jefe"[i];
        }
        caam_md_init(&md, alg);
        caam_md_update(&md, blk, bs);
        ck_assert(caam_md_save(&md, ctx));
        ck_assert_mem_eq(ctx + ssize, len, 8);
        ck_assert_mem_eq(split + half * ssize, ctx, ssize);
    }

    caam_md_hmac_init(&md, alg, split);
    ck_assert(caam_md_save(&md, ctx));
    ck_assert_mem_eq(ctx, split, ssize);
    ck_assert_mem_eq(ctx + ssize, len, 8);

    /* An empty key is a block of zeros, not the same as a 1-byte one. */
    caam_md_split_key(alg, NULL, 0, split);
    memset(blk, 0x36, bs);
    caam_md_init(&md, alg);
    caam_md_update(&md, blk, bs);
    ck_assert(caam_md_save(&md, ctx));
    ck_assert_mem_eq(split, ctx, ssize);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("caam-mdha");
    TCase *digests = tcase_create("digests");
    TCase *hmac = tcase_create("hmac");
    TCase *context = tcase_create("context");

    tcase_add_test(digests, test_sizes);
    tcase_add_loop_test(digests, test_kat, 0, N_KATS);
    tcase_add_loop_test(digests, test_million_a, 0, N_ALGS);
    tcase_add_loop_test(digests, test_padding_boundaries, 0, N_ALGS);
    tcase_add_loop_test(hmac, test_hmac, 0, N_HMACS);
    tcase_add_loop_test(hmac, test_split_key_layout, 0, N_ALGS);
    tcase_add_loop_test(context, test_save_layout, 0, N_ALGS);
    tcase_add_loop_test(context, test_save_load, 0, N_ALGS);
    tcase_add_loop_test(context, test_save_partial, 0, N_ALGS);
    tcase_add_loop_test(context, test_load_bad_length, 0, N_ALGS);
    /* A million bytes per algorithm under the sanitizers. */
    tcase_set_timeout(digests, 60);
    suite_add_tcase(s, digests);
    suite_add_tcase(s, hmac);
    suite_add_tcase(s, context);

    return ps_check_run(s);
}
