/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Stac LZS codec (plain C, no QEMU headers; the format is in the header).
 *
 * The compressor finds strings through hash chains over the window:
 * three-byte hashes with a bounded chain walk, plus the last position of
 * each two-byte hash for the short strings the chains cannot see.
 * Strings are weighed by the bits they save over literals, and parsed
 * lazily as zlib does: a better string one byte on wins over the
 * current one, which then goes out as a literal.
 */
#include <stdbool.h>
#include <string.h>
#include "hw/crypto/lzs.h"

#define LZS_HASH3_BITS  12
#define LZS_HASH2_BITS  11
/* Candidates tried per position: the speed/ratio trade-off. */
#define LZS_MAX_CHAIN   16
/* A string this long shortens the chain walk. */
#define LZS_GOOD_LEN    16
/* A string this long is taken at once, without a lazy look one further. */
#define LZS_NICE_LEN    64

/* Bits in a literal: what each byte covered by a string saves. */
#define LZS_LITERAL_BITS 9

typedef struct LzsBitWriter {
    uint8_t *out;
    size_t cap;
    size_t len;
    uint64_t acc;       /* pending bits in the low n bits */
    unsigned n;         /* fewer than 8 between calls */
    bool full;
} LzsBitWriter;

/* Append the low n (at most 32) bits of bits, most significant first. */
static void lzs_put(LzsBitWriter *w, uint32_t bits, unsigned n)
{
    w->acc = (w->acc << n) | bits;
    w->n += n;
    while (w->n >= 8) {
        w->n -= 8;
        if (w->len == w->cap) {
            w->full = true;
            w->n = 0;
            return;
        }
        w->out[w->len++] = w->acc >> w->n;
    }
}

static void lzs_put_length(LzsBitWriter *w, size_t len)
{
    if (len <= 4) {
        lzs_put(w, len - 2, 2);
        return;
    }
    if (len <= 7) {
        lzs_put(w, 0xc | (len - 5), 4);
        return;
    }
    lzs_put(w, 0xf, 4);
    len -= 8;
    /* Eight 1111 nibbles at a time for the long runs. */
    while (len >= 15 * 8 && !w->full) {
        lzs_put(w, 0xffffffff, 32);
        len -= 15 * 8;
    }
    while (len >= 15) {
        lzs_put(w, 0xf, 4);
        len -= 15;
    }
    lzs_put(w, len, 4);
}

static void lzs_put_string(LzsBitWriter *w, size_t off, size_t len)
{
    if (off < 128) {
        lzs_put(w, 0x180 | off, 9);
    } else {
        lzs_put(w, 0x1000 | off, 13);
    }
    lzs_put_length(w, len);
}

static size_t lzs_length_bits(size_t len)
{
    if (len <= 4) {
        return 2;
    }
    if (len <= 7) {
        return 4;
    }
    return 8 + (len - 8) / 15 * 4;
}

/* Bits saved by coding len bytes as a string at off rather than literals. */
static size_t lzs_saving(size_t off, size_t len)
{
    return len * LZS_LITERAL_BITS -
           (2 + (off < 128 ? 7 : 11) + lzs_length_bits(len));
}

/*
 * The input is addressed by "virtual" positions: first the last window of
 * the history (hist[0..hlen)), then the input. The tables hold the low 16
 * bits of positions; a candidate is only a hint, checked against the data
 * at its distance, so stale or wrapped entries cost time, never output.
 */
typedef struct LzsMatcher {
    const uint8_t *hist;
    size_t hlen;
    const uint8_t *in;
    size_t in_len;
    size_t next_insert;         /* first position not hashed */
    uint16_t head3[1 << LZS_HASH3_BITS];
    uint16_t head2[1 << LZS_HASH2_BITS];
    /* Per window position: distance to the last with its hash, or 0. */
    uint16_t prev[LZS_WINDOW];
} LzsMatcher;

static uint8_t lzs_byte(const LzsMatcher *m, size_t v)
{
    return v < m->hlen ? m->hist[v] : m->in[v - m->hlen];
}

static uint32_t lzs_hash3(uint32_t a, uint32_t b, uint32_t c)
{
    return ((a << 16 | b << 8 | c) * 2654435761u) >> (32 - LZS_HASH3_BITS);
}

static uint32_t lzs_hash2(uint32_t a, uint32_t b)
{
    return ((a << 8 | b) * 2654435761u) >> (32 - LZS_HASH2_BITS);
}

/* A usable distance from position v, or 0. */
static size_t lzs_distance(size_t v, uint16_t pos)
{
    uint16_t d = (uint16_t)v - pos;

    return d < LZS_WINDOW && d <= v ? d : 0;
}

/* Hash every position before v. */
static void lzs_insert_to(LzsMatcher *m, size_t v)
{
    size_t total = m->hlen + m->in_len;

    for (; m->next_insert < v; m->next_insert++) {
        size_t p = m->next_insert;
        uint8_t a, b;

        if (p + 1 >= total) {
            continue;
        }
        a = lzs_byte(m, p);
        b = lzs_byte(m, p + 1);
        m->head2[lzs_hash2(a, b)] = p;
        if (p + 2 < total) {
            uint32_t h = lzs_hash3(a, b, lzs_byte(m, p + 2));

            m->prev[p % LZS_WINDOW] = lzs_distance(p, m->head3[h]);
            m->head3[h] = p;
        }
    }
}

/* Length of the common prefix of a and b, at most max. */
static size_t lzs_common(const uint8_t *a, const uint8_t *b, size_t max)
{
    size_t n = 0;

    while (n + 8 <= max) {
        uint64_t x, y;

        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        if (x != y) {
            break;
        }
        n += 8;
    }
    while (n < max && a[n] == b[n]) {
        n++;
    }
    return n;
}

/* How far the data at position c matches the input at index i. */
static size_t lzs_match_len(const LzsMatcher *m, size_t c, size_t i,
                            size_t max)
{
    const uint8_t *q = m->in + i;
    size_t n;

    if (c >= m->hlen) {
        return lzs_common(m->in + (c - m->hlen), q, max);
    }
    /* The string starts in the history and may run on into the input. */
    n = lzs_common(m->hist + c, q, m->hlen - c < max ? m->hlen - c : max);
    if (n < m->hlen - c || n == max) {
        return n;
    }
    return n + lzs_common(m->in, q + n, max - n);
}

typedef struct LzsMatch {
    size_t len;         /* 0: none */
    size_t off;
    size_t saving;
} LzsMatch;

/* The best string at input index i; positions before it must be hashed. */
static LzsMatch lzs_find(LzsMatcher *m, size_t i)
{
    LzsMatch best = { 0, 0, 0 };
    size_t v = m->hlen + i, max = m->in_len - i, d;
    const uint8_t *q = m->in + i;

    if (max < 2) {
        return best;
    }
    if (max >= 3) {
        unsigned depth = LZS_MAX_CHAIN;

        d = lzs_distance(v, m->head3[lzs_hash3(q[0], q[1], q[2])]);
        while (d && depth--) {
            size_t c = v - d, len, step;

            /* Only a longer string can save more: test its last byte. */
            if (best.len < 3 || best.len >= max ||
                lzs_byte(m, c + best.len) == q[best.len]) {
                len = lzs_match_len(m, c, i, max);
                if (len >= 3 && (best.len == 0 ||
                                 lzs_saving(d, len) > best.saving)) {
                    best.len = len;
                    best.off = d;
                    best.saving = lzs_saving(d, len);
                    if (len >= LZS_NICE_LEN || len == max) {
                        break;
                    }
                    /* Already good: look less hard for better. */
                    if (len >= LZS_GOOD_LEN && depth > LZS_MAX_CHAIN / 4) {
                        depth = LZS_MAX_CHAIN / 4;
                    }
                }
            }
            step = m->prev[c % LZS_WINDOW];
            if (!step) {
                break;
            }
            d += step;
            if (d >= LZS_WINDOW || d > v) {
                break;
            }
        }
        if (best.len) {
            /* Any 3-byte string saves more than any 2-byte one. */
            return best;
        }
    }
    d = lzs_distance(v, m->head2[lzs_hash2(q[0], q[1])]);
    if (d && lzs_match_len(m, v - d, i, 2) == 2) {
        best.len = 2;
        best.off = d;
        best.saving = lzs_saving(d, 2);
    }
    return best;
}

LzsStatus lzs_compress(const uint8_t *hist, size_t hist_len,
                       const uint8_t *in, size_t in_len,
                       uint8_t *out, size_t out_cap, size_t *out_len)
{
    LzsMatcher m;
    LzsBitWriter w = { .out = out, .cap = out_cap };
    LzsMatch cur = { 0, 0, 0 };
    size_t i = 0;

    memset(&m, 0, sizeof(m));
    m.hlen = hist_len < LZS_WINDOW ? hist_len : LZS_WINDOW;
    m.hist = m.hlen ? hist + hist_len - m.hlen : NULL;
    m.in = in;
    m.in_len = in_len;

    if (i < in_len) {
        lzs_insert_to(&m, m.hlen);
        cur = lzs_find(&m, 0);
    }
    while (i < in_len && !w.full) {
        if (cur.len && cur.len < LZS_NICE_LEN && i + 1 < in_len) {
            LzsMatch next;

            /* Lazy: a better string one byte on is worth a literal. */
            lzs_insert_to(&m, m.hlen + i + 1);
            next = lzs_find(&m, i + 1);
            if (next.len && next.saving > cur.saving) {
                lzs_put(&w, in[i], LZS_LITERAL_BITS);
                i++;
                cur = next;
                continue;
            }
        }
        if (cur.len) {
            lzs_put_string(&w, cur.off, cur.len);
            i += cur.len;
        } else {
            lzs_put(&w, in[i], LZS_LITERAL_BITS);
            i++;
        }
        if (i < in_len) {
            lzs_insert_to(&m, m.hlen + i);
            cur = lzs_find(&m, i);
        }
    }
    /* The end marker, and zero bits to the byte boundary. */
    lzs_put(&w, 0x180, 9);
    if (w.n) {
        lzs_put(&w, 0, 8 - w.n);
    }
    *out_len = w.len;
    return w.full ? LZS_OUTPUT_FULL : LZS_OK;
}

typedef struct LzsBitReader {
    const uint8_t *p;
    const uint8_t *end;
    uint64_t acc;       /* unread bits, left-aligned */
    unsigned n;         /* how many */
} LzsBitReader;

/* The next n (1..32) bits, or false when the input has fewer. */
static bool lzs_get(LzsBitReader *r, unsigned n, uint32_t *val)
{
    while (r->n < n && r->p < r->end) {
        r->acc |= (uint64_t)*r->p++ << (56 - r->n);
        r->n += 8;
    }
    if (r->n < n) {
        return false;
    }
    *val = r->acc >> (64 - n);
    r->acc <<= n;
    r->n -= n;
    return true;
}

/* The length field, saturated rather than wrapped on absurd inputs. */
static bool lzs_get_length(LzsBitReader *r, size_t *len)
{
    uint32_t v;

    if (!lzs_get(r, 2, &v)) {
        return false;
    }
    if (v < 3) {
        *len = 2 + v;
        return true;
    }
    if (!lzs_get(r, 2, &v)) {
        return false;
    }
    if (v < 3) {
        *len = 5 + v;
        return true;
    }
    *len = 8;
    /* Each pass consumes four bits or fails: bounded by the input. */
    for (;;) {
        if (!lzs_get(r, 4, &v)) {
            return false;
        }
        if (v < 15) {
            *len += v;
            return true;
        }
        if (*len <= SIZE_MAX - 30) {
            *len += 15;
        }
    }
}

LzsStatus lzs_decompress(const uint8_t *hist, size_t hist_len,
                         const uint8_t *in, size_t in_len,
                         uint8_t *out, size_t out_cap, size_t *out_len,
                         size_t *in_used)
{
    LzsBitReader r = { .p = in, .end = in_len ? in + in_len : in };
    LzsStatus ret;
    size_t o = 0;

    /*
     * Each token consumes input bits or ends the loop, and a string's copy
     * is cut at out_cap: bounded by in_len + out_cap.
     */
    for (;;) {
        uint32_t v;
        size_t off, len, n, k = 0;
        bool short_off;

        if (!lzs_get(&r, 1, &v)) {
            ret = LZS_INPUT_TRUNC;
            break;
        }
        if (!v) {
            if (!lzs_get(&r, 8, &v)) {
                ret = LZS_INPUT_TRUNC;
                break;
            }
            if (o == out_cap) {
                ret = LZS_OUTPUT_FULL;
                break;
            }
            out[o++] = v;
            continue;
        }
        if (!lzs_get(&r, 1, &v)) {
            ret = LZS_INPUT_TRUNC;
            break;
        }
        short_off = v;
        if (!lzs_get(&r, short_off ? 7 : 11, &v)) {
            ret = LZS_INPUT_TRUNC;
            break;
        }
        off = v;
        if (off == 0 && short_off) {
            /* The end marker: count the byte holding its last bit. */
            size_t bits = (size_t)(r.p - in) * 8 - r.n;

            *out_len = o;
            *in_used = (bits + 7) / 8;
            return LZS_OK;
        }
        if (off == 0 || (off > o && off - o > hist_len)) {
            ret = LZS_BAD_OFFSET;
            break;
        }
        if (!lzs_get_length(&r, &len)) {
            ret = LZS_INPUT_TRUNC;
            break;
        }
        n = out_cap - o < len ? out_cap - o : len;
        if (off > o && n) {
            /* The string starts in the history. */
            size_t back = off - o;

            k = back < n ? back : n;
            memcpy(out + o, hist + hist_len - back, k);
        }
        /* Byte by byte: the string may overlap what it produces. */
        for (; k < n; k++) {
            out[o + k] = out[o + k - off];
        }
        o += n;
        if (n < len) {
            ret = LZS_OUTPUT_FULL;
            break;
        }
    }
    *out_len = o;
    *in_used = in_len;
    return ret;
}
