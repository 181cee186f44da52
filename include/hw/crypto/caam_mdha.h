/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Message digests of the NXP CAAM model's MDHA (message digest hardware
 * accelerator): MD5 (RFC 1321), SHA-1 and SHA-2 (FIPS 180-4), HMAC
 * (RFC 2104) from split keys, and the running context in the layout the
 * hardware saves it in. Plain C with no QEMU or glib headers, so that
 * the unit tests can run it alone; no static state, no allocation.
 */
#ifndef HW_CRYPTO_CAAM_MDHA_H
#define HW_CRYPTO_CAAM_MDHA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum CaamMdAlg {
    CAAM_MD_MD5, CAAM_MD_SHA1, CAAM_MD_SHA224, CAAM_MD_SHA256,
    CAAM_MD_SHA384, CAAM_MD_SHA512,
} CaamMdAlg;

/* The largest block, digest, state and split key of any algorithm. */
#define CAAM_MD_MAX_BLOCK       128
#define CAAM_MD_MAX_DIGEST      64
#define CAAM_MD_MAX_STATE       64
#define CAAM_MD_MAX_SPLIT_KEY   (2 * CAAM_MD_MAX_STATE)
/* The saved context: the state, then the 8-byte message length. */
#define CAAM_MD_MAX_CTX         (CAAM_MD_MAX_STATE + 8)

/* Running state of one hash. */
typedef struct CaamMd {
    CaamMdAlg alg;
    uint64_t h[8];      /* the chaining state (32-bit algs use low words) */
    uint64_t len;       /* bytes hashed so far, including buffered ones */
    uint8_t buf[128];   /* a partial block */
    unsigned nbuf;
} CaamMd;

unsigned caam_md_block_size(CaamMdAlg alg);   /* 64 or 128 */
unsigned caam_md_digest_size(CaamMdAlg alg);  /* 16, 20, 28, 32, 48, 64 */
/*
 * Bytes of the running state in the CAAM's context register:
 * MD5 16, SHA-1 20, SHA-224 32, SHA-256 32, SHA-384 64, SHA-512 64
 * (the whole chaining state, also for the truncated SHA-224/384).
 */
unsigned caam_md_state_size(CaamMdAlg alg);

void caam_md_init(CaamMd *md, CaamMdAlg alg);
void caam_md_update(CaamMd *md, const uint8_t *data, size_t len);
/* Pad and write digest_size bytes to out. md is left finalised. */
void caam_md_final(CaamMd *md, uint8_t *out);

/*
 * The CAAM MDHA running context, as the hardware saves it in the class 2
 * context register and the Linux caam driver stores and reloads it
 * between ahash update jobs: the chaining state, state_size bytes (each
 * word in the digest's byte order: little-endian words for MD5,
 * big-endian for SHA), then the 8-byte running message length in bytes,
 * big-endian. Only whole blocks are in a saved state: save requires
 * md->nbuf == 0 and returns false otherwise (the engine keeps partial
 * blocks itself). Load returns false if the length is not a multiple of
 * the block size. ctx must have room for state_size + 8 bytes.
 */
bool caam_md_save(const CaamMd *md, uint8_t *ctx);
bool caam_md_load(CaamMd *md, CaamMdAlg alg, const uint8_t *ctx);

/*
 * HMAC split key (what the CAAM's DKP protocol and MDHA split-key
 * generation produce): the state after hashing one block of key^ipad,
 * then the state after one block of key^opad, each state_size bytes in
 * the saved-context byte order above (no length field), so the split
 * key is 2 * state_size bytes: MD5 32, SHA-1 40, SHA-224/256 64,
 * SHA-384/512 128. A key longer than the block size is first hashed,
 * as HMAC (RFC 2104) defines. Returns the split key's length.
 */
unsigned caam_md_split_key(CaamMdAlg alg, const uint8_t *key, size_t keylen,
                           uint8_t *split);
/*
 * HMAC with a split key: start an inner hash from the ipad state
 * (length = one block already hashed).
 */
void caam_md_hmac_init(CaamMd *md, CaamMdAlg alg, const uint8_t *split);
/*
 * Finish: inner digest, then outer hash from the opad state over it;
 * writes digest_size bytes.
 */
void caam_md_hmac_final(CaamMd *md, const uint8_t *split, uint8_t *out);

#endif
