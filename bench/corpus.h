/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Deterministic data for compression tests and benchmarks, shared by the
 * guest module guest-kernel/modules/zip-roundtrip (kernel C) and the host
 * reference bench/zlib-ref.c (user C), so that both compress exactly the
 * same bytes: the same kind, length and seed give the same buffer on both
 * sides, and corpus_fnv() lets each side print a digest to compare.
 *
 * Kinds:
 *   ZERO     all zero bytes
 *   TEXT     English-like words, punctuation and line breaks (deflate
 *            level 6: about 3:1)
 *   RANDOM   runs of symbols from a 16-letter alphabet: compressible by
 *            Huffman coding and short matches (about 2:1)
 *   NOISE    uniformly random bytes: incompressible
 *   RECORDS  32-byte binary records (counters, timestamps, a few types,
 *            sparse payload), like a table or a log in binary (about 4:1)
 *
 * The benchmark corpus is a sequence of chunks, chunk i made by
 * corpus_bench_chunk(buf, len, i): TEXT, RECORDS, TEXT, RANDOM, ... All of
 * its kinds compress, so every chunk's deflate output fits the engine's
 * 65535-byte output limit.
 */
#ifndef PRESILICON_BENCH_CORPUS_H
#define PRESILICON_BENCH_CORPUS_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stddef.h>
#include <stdint.h>
#endif

enum corpus_kind {
    CORPUS_ZERO,
    CORPUS_TEXT,
    CORPUS_RANDOM,
    CORPUS_NOISE,
    CORPUS_RECORDS,
    CORPUS_NKINDS
};

static const char *const corpus_kind_names[CORPUS_NKINDS] = {
    [CORPUS_ZERO] = "zero",
    [CORPUS_TEXT] = "text",
    [CORPUS_RANDOM] = "random",
    [CORPUS_NOISE] = "noise",
    [CORPUS_RECORDS] = "records",
};

/* xorshift64*: small, fast, the same everywhere. */
struct corpus_rng {
    uint64_t s;
};

static inline uint64_t corpus_next(struct corpus_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1DULL;
}

static inline void corpus_seed(struct corpus_rng *r, uint64_t seed)
{
    r->s = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
    if (!r->s) {
        r->s = 1;
    }
    corpus_next(r);
}

/* Uniform in [0, n), n > 0 (the tiny modulo bias does not matter here). */
static inline uint32_t corpus_below(struct corpus_rng *r, uint32_t n)
{
    return (uint32_t)((corpus_next(r) >> 32) % n);
}

static const char *const corpus_words[] = {
    "the", "of", "and", "to", "a", "in", "is", "that", "for", "it",
    "as", "was", "with", "be", "by", "on", "not", "he", "this", "are",
    "or", "his", "from", "at", "which", "but", "have", "an", "had", "they",
    "you", "were", "their", "one", "all", "we", "can", "her", "has", "there",
    "been", "if", "more", "when", "will", "would", "who", "so", "no",
    "driver", "register", "interrupt", "buffer", "queue", "engine",
    "compression", "device", "kernel", "memory", "silicon", "board",
    "controller", "instruction",
};
#define CORPUS_NWORDS (sizeof(corpus_words) / sizeof(corpus_words[0]))

static inline void corpus_text(struct corpus_rng *r, uint8_t *buf, size_t len)
{
    size_t n = 0, col = 0;

    while (n < len) {
        /* The smaller of two draws: frequent words are the short ones. */
        uint32_t a = corpus_below(r, CORPUS_NWORDS);
        uint32_t b = corpus_below(r, CORPUS_NWORDS);
        const char *w = corpus_words[a < b ? a : b];
        uint32_t p = corpus_below(r, 32);

        while (*w && n < len) {
            buf[n++] = (uint8_t)*w++;
            col++;
        }
        if (n < len && p == 0) {
            buf[n++] = '.';
        } else if (n < len && p == 1) {
            buf[n++] = ',';
        }
        if (n < len) {
            if (col > 64) {
                buf[n++] = '\n';
                col = 0;
            } else {
                buf[n++] = ' ';
                col++;
            }
        }
    }
}

static inline void corpus_random(struct corpus_rng *r, uint8_t *buf,
                                 size_t len)
{
    static const char alphabet[16] = "etaoinshrdlucmfw";
    size_t n = 0;

    while (n < len) {
        uint64_t v = corpus_next(r);
        uint8_t c = (uint8_t)alphabet[v & 15];
        size_t run = 1 + ((v >> 4) & 3);

        while (run-- && n < len) {
            buf[n++] = c;
        }
    }
}

static inline void corpus_noise(struct corpus_rng *r, uint8_t *buf,
                                size_t len)
{
    size_t n = 0;

    while (n < len) {
        uint64_t v = corpus_next(r);
        int i;

        for (i = 0; i < 8 && n < len; i++) {
            buf[n++] = (uint8_t)(v >> (8 * i));
        }
    }
}

static inline void corpus_records(struct corpus_rng *r, uint8_t *buf,
                                  size_t len)
{
    uint8_t rec[32];
    uint32_t seq = 0, stamp = 1000000;
    size_t n = 0;

    while (n < len) {
        uint32_t type = corpus_below(r, 4);
        size_t i;

        stamp += 1 + corpus_below(r, 50);
        for (i = 0; i < sizeof(rec); i++) {
            rec[i] = 0;
        }
        for (i = 0; i < 4; i++) {
            rec[i] = (uint8_t)(seq >> (8 * i));
            rec[4 + i] = (uint8_t)(stamp >> (8 * i));
        }
        rec[8] = (uint8_t)(0x10 + type);
        rec[9] = 0x80;
        rec[10] = (uint8_t)(type * 3);
        /* Sparse payload: one random value, one small count. */
        rec[12 + corpus_below(r, 8)] = (uint8_t)corpus_next(r);
        rec[24] = (uint8_t)corpus_below(r, 4);
        for (i = 0; i < sizeof(rec) && n < len; i++) {
            buf[n++] = rec[i];
        }
        seq++;
    }
}

/*
 * Fill buf[0..len) with data of the given kind; the same arguments give
 * the same bytes on every platform.
 */
static inline void corpus_fill(uint8_t *buf, size_t len, int kind,
                               uint64_t seed)
{
    struct corpus_rng r;
    size_t i;

    corpus_seed(&r, seed);
    switch (kind) {
    case CORPUS_TEXT:
        corpus_text(&r, buf, len);
        break;
    case CORPUS_RANDOM:
        corpus_random(&r, buf, len);
        break;
    case CORPUS_NOISE:
        corpus_noise(&r, buf, len);
        break;
    case CORPUS_RECORDS:
        corpus_records(&r, buf, len);
        break;
    default:
        for (i = 0; i < len; i++) {
            buf[i] = 0;
        }
        break;
    }
}

/* Chunk number idx of the benchmark corpus. */
static inline int corpus_bench_kind(uint32_t idx)
{
    static const int kinds[4] = {
        CORPUS_TEXT, CORPUS_RECORDS, CORPUS_TEXT, CORPUS_RANDOM
    };

    return kinds[idx % 4];
}

static inline void corpus_bench_chunk(uint8_t *buf, size_t len, uint32_t idx)
{
    corpus_fill(buf, len, corpus_bench_kind(idx), 0xC0DE0000ULL + idx);
}

/* FNV-1a, 64 bits: start with CORPUS_FNV_INIT, feed buffers in order. */
#define CORPUS_FNV_INIT 0xcbf29ce484222325ULL

static inline uint64_t corpus_fnv(uint64_t h, const uint8_t *p, size_t len)
{
    size_t i;

    for (i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

#endif /* PRESILICON_BENCH_CORPUS_H */
