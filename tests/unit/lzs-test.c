/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the Stac LZS codec (hw/crypto/lzs.c): streams built by
 * hand bit by bit from ANSI X3.241 / RFC 1974, round trips through both
 * directions and through a second, bit-at-a-time decoder written here,
 * and the error paths a guest can reach with corrupt or truncated data
 * or too small buffers.
 */
#include "check-tap.h"
#include "xorshift.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "hw/crypto/lzs.h"

/* Bytes after every output buffer that the codec must not touch. */
#define CANARY      32
#define CANARY_BYTE 0xa5

/* A stream under construction, most significant bit first. */
typedef struct Bits {
    uint8_t buf[4096];
    size_t nbits;
} Bits;

static void bits_put(Bits *b, uint32_t v, unsigned n)
{
    while (n--) {
        ck_assert_uint_lt(b->nbits, sizeof(b->buf) * 8);
        if ((v >> n) & 1) {
            b->buf[b->nbits / 8] |= 0x80 >> (b->nbits % 8);
        }
        b->nbits++;
    }
}

/* Append the '0' and '1' of s; anything else (spaces) is ignored. */
static void bits_str(Bits *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '0' || *s == '1') {
            bits_put(b, *s == '1', 1);
        }
    }
}

static void bits_lit(Bits *b, uint8_t c)
{
    bits_put(b, 0, 1);
    bits_put(b, c, 8);
}

static void bits_end(Bits *b)
{
    bits_str(b, "1 1 0000000");
}

/* Length in bytes with zero padding (the buffer starts zeroed). */
static size_t bits_len(const Bits *b)
{
    return (b->nbits + 7) / 8;
}

static bool status_valid(LzsStatus st)
{
    return st == LZS_OK || st == LZS_OUTPUT_FULL || st == LZS_INPUT_TRUNC ||
           st == LZS_BAD_OFFSET;
}

static void *canary_alloc(size_t n)
{
    uint8_t *p = malloc(n + CANARY);

    ck_assert_ptr_nonnull(p);
    memset(p, CANARY_BYTE, n + CANARY);
    return p;
}

static void canary_check(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < CANARY; i++) {
        ck_assert_msg(p[n + i] == CANARY_BYTE,
                      "byte %zu after a buffer of %zu was written", i, n);
    }
}

/*
 * A second decoder, one bit at a time and written from the format text,
 * with the same contract: to check the encoder's streams independently
 * of lzs_decompress(), and lzs_decompress() against it on garbage.
 */
static bool ref_bits(const uint8_t *in, size_t in_len, size_t *bit,
                     unsigned n, uint32_t *v)
{
    *v = 0;
    if (in_len * 8 - *bit < n) {
        return false;
    }
    for (unsigned i = 0; i < n; i++, (*bit)++) {
        *v = *v << 1 | ((in[*bit / 8] >> (7 - *bit % 8)) & 1);
    }
    return true;
}

static LzsStatus ref_decompress(const uint8_t *hist, size_t hist_len,
                                const uint8_t *in, size_t in_len,
                                uint8_t *out, size_t cap, size_t *out_len,
                                size_t *in_used)
{
    size_t bit = 0, o = 0;
    LzsStatus st = LZS_INPUT_TRUNC;
    uint32_t v, form;

    for (;;) {
        size_t off, len;

        if (!ref_bits(in, in_len, &bit, 1, &v)) {
            break;
        }
        if (v == 0) {
            if (!ref_bits(in, in_len, &bit, 8, &v)) {
                break;
            }
            if (o >= cap) {
                st = LZS_OUTPUT_FULL;
                break;
            }
            out[o++] = v;
            continue;
        }
        if (!ref_bits(in, in_len, &bit, 1, &form) ||
            !ref_bits(in, in_len, &bit, form ? 7 : 11, &v)) {
            break;
        }
        if (form && v == 0) {
            *out_len = o;
            *in_used = (bit + 7) / 8;
            return LZS_OK;
        }
        off = v;
        if (off == 0 || off > hist_len + o) {
            st = LZS_BAD_OFFSET;
            break;
        }
        if (!ref_bits(in, in_len, &bit, 2, &v)) {
            break;
        }
        len = 2 + v;
        if (v == 3) {
            if (!ref_bits(in, in_len, &bit, 2, &v)) {
                break;
            }
            len = 5 + v;
        }
        if (len == 8) {
            do {
                if (!ref_bits(in, in_len, &bit, 4, &v)) {
                    goto out;
                }
                len += v;
            } while (v == 15);
        }
        for (size_t k = 0; k < len; k++, o++) {
            if (o >= cap) {
                st = LZS_OUTPUT_FULL;
                goto out;
            }
            out[o] = off > o ? hist[hist_len - (off - o)] : out[o - off];
        }
    }
out:
    *out_len = o;
    *in_used = in_len;
    return st;
}

/* Decode with both decoders; expect OK and exactly want[0..want_len). */
static void expect_decode(const uint8_t *hist, size_t hist_len,
                          const uint8_t *in, size_t in_len,
                          const uint8_t *want, size_t want_len,
                          size_t want_used)
{
    uint8_t *out = canary_alloc(want_len);
    size_t out_len = 12345, used = 12345;

    ck_assert_int_eq(lzs_decompress(hist, hist_len, in, in_len, out,
                                    want_len, &out_len, &used), LZS_OK);
    ck_assert_uint_eq(out_len, want_len);
    ck_assert_uint_eq(used, want_used);
    ck_assert(memcmp(out, want, want_len) == 0);
    canary_check(out, want_len);

    memset(out, 0, want_len);
    ck_assert_int_eq(ref_decompress(hist, hist_len, in, in_len, out,
                                    want_len, &out_len, &used), LZS_OK);
    ck_assert_uint_eq(out_len, want_len);
    ck_assert_uint_eq(used, want_used);
    ck_assert(memcmp(out, want, want_len) == 0);
    free(out);
}

/* Known answers: streams built by hand from the format. */

START_TEST(test_end_marker)
{
    static const uint8_t end[] = { 0xc0, 0x00 };
    Bits b = { 0 };
    uint8_t out[4];
    size_t out_len, used;

    bits_end(&b);
    ck_assert_uint_eq(bits_len(&b), 2);
    ck_assert(memcmp(b.buf, end, 2) == 0);
    expect_decode(NULL, 0, end, 2, (const uint8_t *)"", 0, 2);
    /* The marker needs its ninth bit: one byte is not a stream. */
    ck_assert_int_eq(lzs_decompress(NULL, 0, end, 1, out, sizeof(out),
                                    &out_len, &used), LZS_INPUT_TRUNC);
    ck_assert_uint_eq(out_len, 0);
    ck_assert_uint_eq(used, 1);
    ck_assert_int_eq(lzs_decompress(NULL, 0, end, 0, out, sizeof(out),
                                    &out_len, &used), LZS_INPUT_TRUNC);
    ck_assert_uint_eq(used, 0);
    /* An empty input compresses to the marker alone. */
    memset(out, CANARY_BYTE, sizeof(out));
    ck_assert_int_eq(lzs_compress(NULL, 0, NULL, 0, out, sizeof(out),
                                  &out_len), LZS_OK);
    ck_assert_uint_eq(out_len, 2);
    ck_assert(memcmp(out, end, 2) == 0);
    ck_assert_uint_eq(out[2], CANARY_BYTE);
}
END_TEST

START_TEST(test_literals)
{
    /* 'A' = 0 01000001, end = 1 1 0000000: 0010 0000 1110 0000 00(000000). */
    static const uint8_t a[] = { 0x20, 0xe0, 0x00 };
    static const uint8_t lzs[] = "LZS codec";
    uint8_t out[16];
    size_t out_len;
    Bits b = { 0 };

    bits_lit(&b, 'A');
    bits_end(&b);
    ck_assert_uint_eq(bits_len(&b), 3);
    ck_assert(memcmp(b.buf, a, 3) == 0);
    expect_decode(NULL, 0, a, 3, (const uint8_t *)"A", 1, 3);
    /* Nothing to match in one byte: this is the only encoding. */
    ck_assert_int_eq(lzs_compress(NULL, 0, (const uint8_t *)"A", 1, out,
                                  sizeof(out), &out_len), LZS_OK);
    ck_assert_uint_eq(out_len, 3);
    ck_assert(memcmp(out, a, 3) == 0);

    /* Literal bytes with every bit pattern at every bit alignment. */
    memset(&b, 0, sizeof(b));
    for (size_t i = 0; i < 9; i++) {
        bits_lit(&b, lzs[i]);
    }
    bits_end(&b);
    ck_assert_uint_eq(bits_len(&b), 12);          /* 90 bits */
    expect_decode(NULL, 0, b.buf, 12, lzs, 9, 12);
    for (unsigned c = 0; c < 256; c++) {
        uint8_t want[8] = { 0 };

        memset(&b, 0, sizeof(b));
        for (unsigned k = 0; k < 8; k++) {
            want[k] = c ^ (k * 0x35);
            bits_lit(&b, want[k]);
        }
        bits_end(&b);
        expect_decode(NULL, 0, b.buf, bits_len(&b), want, 8, bits_len(&b));
    }
}
END_TEST

START_TEST(test_short_repeat)
{
    /*
     * "abcabc": three literals, then offset 3 in the 7-bit form and
     * length 3 (01): 001100001 001100010 001100011 1 1 0000011 01
     * 1 1 0000000, packed by hand.
     */
    static const uint8_t abc[] = { 0x30, 0x98, 0x8c, 0x78, 0x37, 0x00 };
    uint8_t out[16];
    size_t out_len;
    Bits b = { 0 };

    bits_lit(&b, 'a');
    bits_lit(&b, 'b');
    bits_lit(&b, 'c');
    bits_str(&b, "1 1 0000011 01");
    bits_end(&b);
    ck_assert_uint_eq(bits_len(&b), sizeof(abc));
    ck_assert(memcmp(b.buf, abc, sizeof(abc)) == 0);
    expect_decode(NULL, 0, abc, sizeof(abc), (const uint8_t *)"abcabc", 6,
                  6);
    /* Three literals and one string is the shortest encoding. */
    ck_assert_int_eq(lzs_compress(NULL, 0, (const uint8_t *)"abcabc", 6,
                                  out, sizeof(out), &out_len), LZS_OK);
    ck_assert_uint_eq(out_len, sizeof(abc));
    ck_assert(memcmp(out, abc, sizeof(abc)) == 0);

    /* A string overlapping its own output: offset 1, length 5 (1100). */
    memset(&b, 0, sizeof(b));
    bits_lit(&b, 'z');
    bits_str(&b, "1 1 0000001 1100");
    bits_end(&b);
    expect_decode(NULL, 0, b.buf, bits_len(&b), (const uint8_t *)"zzzzzz",
                  6, bits_len(&b));

    /* Offset 127, the largest of the 7-bit form. */
    memset(&b, 0, sizeof(b));
    for (unsigned i = 0; i < 127; i++) {
        bits_lit(&b, i * 3);
    }
    bits_str(&b, "1 1 1111111 00");
    bits_end(&b);
    {
        uint8_t want[129];

        for (unsigned i = 0; i < 127; i++) {
            want[i] = i * 3;
        }
        want[127] = 0;
        want[128] = 3;
        expect_decode(NULL, 0, b.buf, bits_len(&b), want, 129,
                      bits_len(&b));
    }
}
END_TEST

START_TEST(test_long_offset)
{
    uint8_t want[2100], hist[2047];
    Bits b = { 0 };

    /* 130 literals, then offset 130 in the 11-bit form, length 4 (10). */
    for (unsigned i = 0; i < 130; i++) {
        want[i] = i * 7 + 1;
        bits_lit(&b, want[i]);
    }
    memcpy(want + 130, want, 4);
    bits_str(&b, "1 0 00010000010 10");
    bits_end(&b);
    expect_decode(NULL, 0, b.buf, bits_len(&b), want, 134, bits_len(&b));

    /* The 11-bit form of a small offset is accepted: 5, length 2. */
    memset(&b, 0, sizeof(b));
    for (unsigned i = 0; i < 5; i++) {
        want[i] = 'v' + i;
        bits_lit(&b, want[i]);
    }
    memcpy(want + 5, want, 2);
    bits_str(&b, "1 0 00000000101 00");
    bits_end(&b);
    expect_decode(NULL, 0, b.buf, bits_len(&b), want, 7, bits_len(&b));

    /* Offset 2047, reaching the first byte of a 2047-byte history. */
    for (unsigned i = 0; i < sizeof(hist); i++) {
        hist[i] = rnd();
    }
    memset(&b, 0, sizeof(b));
    bits_str(&b, "1 0 11111111111 1110");          /* length 7 */
    bits_end(&b);
    expect_decode(hist, sizeof(hist), b.buf, bits_len(&b), hist, 7,
                  bits_len(&b));
}
END_TEST

START_TEST(test_length_codes)
{
    static const struct {
        size_t len;
        const char *code;
    } codes[] = {
        { 2, "00" }, { 3, "01" }, { 4, "10" },
        { 5, "1100" }, { 6, "1101" }, { 7, "1110" },
        { 8, "1111 0000" }, { 9, "1111 0001" }, { 22, "1111 1110" },
        { 23, "1111 1111 0000" }, { 37, "1111 1111 1110" },
        { 38, "1111 1111 1111 0000" }, { 52, "1111 1111 1111 1110" },
        { 53, "1111 1111 1111 1111 0000" },
    };

    for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
        uint8_t want[64];
        Bits b = { 0 };

        /* "xyz", then offset 3 for the length under test. */
        for (size_t k = 0; k < 3 + codes[i].len; k++) {
            want[k] = "xyz"[k % 3];
        }
        bits_lit(&b, 'x');
        bits_lit(&b, 'y');
        bits_lit(&b, 'z');
        bits_str(&b, "1 1 0000011");
        bits_str(&b, codes[i].code);
        bits_end(&b);
        expect_decode(NULL, 0, b.buf, bits_len(&b), want, 3 + codes[i].len,
                      bits_len(&b));
    }
}
END_TEST

/* A string from the history that runs on into its own output. */
START_TEST(test_history_strings)
{
    static const uint8_t hist[] = "....HIST";
    Bits b = { 0 };

    bits_str(&b, "1 1 0000100 1111 0000");          /* offset 4, length 8 */
    bits_str(&b, "1 0 00000001010 00");             /* offset 10, length 2 */
    bits_lit(&b, '!');
    bits_end(&b);
    expect_decode(hist, 8, b.buf, bits_len(&b),
                  (const uint8_t *)"HISTHISTST!", 11, bits_len(&b));
}
END_TEST

/* The encoder. */

/* Compress, check the bound and the canary, return a malloc'd stream. */
static uint8_t *compress_ok(const uint8_t *hist, size_t hist_len,
                            const uint8_t *in, size_t n, size_t *len)
{
    size_t cap = LZS_COMPRESS_BOUND(n);
    uint8_t *z = canary_alloc(cap);

    *len = 0;
    ck_assert_int_eq(lzs_compress(hist, hist_len, in, n, z, cap, len),
                     LZS_OK);
    ck_assert_uint_ge(*len, 2);
    ck_assert_uint_le(*len, cap);
    canary_check(z, cap);
    return z;
}

/*
 * Compress, then decode with both decoders, the stream followed by junk
 * that must not be read.
 */
static size_t roundtrip(const uint8_t *hist, size_t hist_len,
                        const uint8_t *in, size_t n)
{
    size_t zlen;
    uint8_t *z = compress_ok(hist, hist_len, in, n, &zlen);

    memset(z + zlen, 0xff, CANARY);
    expect_decode(hist, hist_len, z, zlen + CANARY, in, n, zlen);
    free(z);
    return zlen;
}

START_TEST(test_encoder_simple)
{
    uint8_t buf[3000];
    size_t zlen;

    ck_assert_uint_eq(roundtrip(NULL, 0, (const uint8_t *)"", 0), 2);
    ck_assert_uint_eq(roundtrip(NULL, 0, (const uint8_t *)"ab", 2), 4);
    /* One literal, then one string of 999: far less than the literals. */
    memset(buf, 'q', 1000);
    zlen = roundtrip(NULL, 0, buf, 1000);
    ck_assert_uint_le(zlen, (9 + 9 + 8 + (999 - 8) / 15 * 4 + 9 + 7) / 8);
    /* 1000 random bytes twice: the second copy is strings at 1000. */
    for (int i = 0; i < 1000; i++) {
        buf[i] = rnd();
    }
    memcpy(buf + 1000, buf, 1000);
    zlen = roundtrip(NULL, 0, buf, 2000);
    ck_assert_uint_le(zlen, LZS_COMPRESS_BOUND(1000) + 50);
}
END_TEST

START_TEST(test_encoder_window)
{
    static uint8_t buf[3 * 2048];
    size_t zlen, n = sizeof(buf);

    /*
     * A period of 2047 is within reach: after the first period, one
     * string, whose length costs 4 bits per 15 bytes.
     */
    for (size_t i = 0; i < n; i++) {
        buf[i] = i < 2047 ? rnd() : buf[i - 2047];
    }
    zlen = roundtrip(NULL, 0, buf, n);
    ck_assert_uint_le(zlen, LZS_COMPRESS_BOUND(2047) + (n - 2047) / 30 + 4);
    /*
     * Periods of 2048 and 2049 are beyond it: an encoder that used
     * those offsets would fail the round trip (2048 is an 11-bit 0).
     */
    for (size_t period = 2048; period <= 2049; period++) {
        for (size_t i = 0; i < n; i++) {
            buf[i] = i < period ? rnd() : buf[i - period];
        }
        zlen = roundtrip(NULL, 0, buf, n);
        ck_assert_uint_ge(zlen, n);
    }
}
END_TEST

/* Text from a small vocabulary, frequent words more often. */
static void gen_text(uint8_t *p, size_t n)
{
    static const char *const words[] = {
        "the", "of", "and", "to", "a", "in", "is", "that", "for", "it",
        "as", "with", "on", "be", "by", "this", "are", "or", "from", "at",
        "compression", "engine", "instruction", "queue", "doorbell",
        "buffer", "history", "window", "offset", "length", "literal",
        "stream", "output", "input", "driver", "register", "interrupt",
        "memory", "device", "model", "result", "pointer", "completion",
        "hardware", "software", "guest", "host", "kernel", "write", "read",
    };
    const size_t nw = sizeof(words) / sizeof(words[0]);
    size_t i = 0, col = 0;

    while (i < n) {
        uint32_t r1 = rnd() % nw, r2 = rnd() % nw;
        const char *w = words[r1 < r2 ? r1 : r2];

        for (; *w && i < n; w++, col++) {
            p[i++] = *w;
        }
        if (i < n) {
            p[i++] = col > 70 ? '\n' : rnd() % 12 ? ' ' : ',';
            col = col > 70 ? 0 : col + 1;
        }
    }
}

START_TEST(test_encoder_ratio)
{
    static uint8_t text[65536];
    size_t zlen;

    gen_text(text, sizeof(text));
    zlen = roundtrip(NULL, 0, text, sizeof(text));
    ck_assert_msg(zlen * 100 < sizeof(text) * 55,
                  "text: %zu bytes from %zu", zlen, sizeof(text));
    /* Random data grows by at most the literal flag bits. */
    for (size_t i = 0; i < sizeof(text); i++) {
        text[i] = rnd();
    }
    zlen = roundtrip(NULL, 0, text, sizeof(text));
    ck_assert_uint_gt(zlen, sizeof(text));
    ck_assert_uint_le(zlen, LZS_COMPRESS_BOUND(sizeof(text)));
}
END_TEST

START_TEST(test_encoder_history)
{
    static uint8_t hist[5000], in[1000], out[1000];
    size_t zlen, zlen_alone, out_len, used;
    uint8_t *z;

    /* Input made of pieces of the history's last 1000 bytes. */
    for (size_t i = 0; i < sizeof(hist); i++) {
        hist[i] = rnd();
    }
    for (size_t i = 0; i < sizeof(in);) {
        size_t len = 8 + rnd() % 40, from = sizeof(hist) - 1 - rnd() % 1000;

        for (size_t k = 0; k < len && i < sizeof(in) &&
             from + k < sizeof(hist); k++) {
            in[i++] = hist[from + k];
        }
    }
    zlen = roundtrip(hist, sizeof(hist), in, sizeof(in));
    zlen_alone = roundtrip(NULL, 0, in, sizeof(in));
    ck_assert_uint_lt(zlen * 3, zlen_alone);

    /* Without the history the same stream reaches before its start. */
    z = compress_ok(hist, sizeof(hist), in, sizeof(in), &zlen);
    ck_assert_int_eq(lzs_decompress(NULL, 0, z, zlen, out, sizeof(out),
                                    &out_len, &used), LZS_BAD_OFFSET);
    ck_assert_uint_eq(used, zlen);
    /* The decoder needs only the last 2047 bytes of it. */
    expect_decode(hist + sizeof(hist) - 2047, 2047, z, zlen, in, sizeof(in),
                  zlen);
    free(z);

    /* A repeat that starts in the history and runs into the input. */
    memcpy(hist + sizeof(hist) - 6, "xyzxyz", 6);
    for (size_t i = 0; i < 30; i++) {
        in[i] = "xyz"[i % 3];
    }
    ck_assert_uint_le(roundtrip(hist, sizeof(hist), in, 30), 4);

    /* Data beyond the window is not used: no string can reach it. */
    zlen = roundtrip(hist, sizeof(hist), hist, 2048);
    ck_assert_uint_ge(zlen, 2048);
}
END_TEST

/* Round trips. */

static const size_t rt_sizes[] = {
    0, 1, 2, 3, 127, 128, 2047, 2048, 2049, 4096, 65535,
};

enum { RT_RANDOM, RT_TEXT, RT_ZERO, RT_SPARSE, RT_KINDS };

static void gen_kind(int kind, uint8_t *p, size_t n)
{
    switch (kind) {
    case RT_RANDOM:
        for (size_t i = 0; i < n; i++) {
            p[i] = rnd();
        }
        break;
    case RT_TEXT:
        gen_text(p, n);
        break;
    case RT_ZERO:
        memset(p, 0, n);
        break;
    default:
        /* Copies of earlier data at every distance, with noise. */
        for (size_t i = 0; i < n; i++) {
            size_t back = 1 + rnd() % (i < 2100 ? i + 1 : 2100);

            p[i] = i && rnd() % 4 && back <= i ? p[i - back] : rnd() % 5;
        }
        break;
    }
}

START_TEST(test_roundtrip_sizes)
{
    static uint8_t buf[65535], hist[3000];
    int kind = _i;

    for (size_t s = 0; s < sizeof(rt_sizes) / sizeof(rt_sizes[0]); s++) {
        size_t n = rt_sizes[s];

        gen_kind(kind, buf, n);
        roundtrip(NULL, 0, buf, n);
        /* A history of the same kind, then one of 1 byte. */
        gen_kind(kind, hist, sizeof(hist));
        roundtrip(hist, sizeof(hist), buf, n);
        roundtrip(hist + sizeof(hist) - 1, 1, buf, n);
    }
}
END_TEST

/*
 * The way the ZIP model uses it: a file in pieces, each compressed with
 * all that came before as history and decoded the same way.
 */
START_TEST(test_roundtrip_chunks)
{
    static uint8_t data[40000], back[40000];
    size_t pos = 0;

    gen_text(data, 20000);
    gen_kind(RT_SPARSE, data + 20000, 20000);
    while (pos < sizeof(data)) {
        size_t n = 1 + rnd() % 3000, zlen, out_len, used;
        uint8_t *z;

        if (n > sizeof(data) - pos) {
            n = sizeof(data) - pos;
        }
        z = compress_ok(data, pos, data + pos, n, &zlen);
        ck_assert_int_eq(lzs_decompress(back, pos, z, zlen, back + pos, n,
                                        &out_len, &used), LZS_OK);
        ck_assert_uint_eq(out_len, n);
        ck_assert_uint_eq(used, zlen);
        free(z);
        pos += n;
    }
    ck_assert(memcmp(data, back, sizeof(data)) == 0);
}
END_TEST

/* Two streams back to back: in_used finds the second. */
START_TEST(test_roundtrip_concat)
{
    static uint8_t a[5000], b[5000], out[10000], s[2 * 5700];
    size_t la, lb, out_len, used;
    uint8_t *za, *zb;

    gen_text(a, sizeof(a));
    gen_text(b, sizeof(b));
    za = compress_ok(NULL, 0, a, sizeof(a), &la);
    zb = compress_ok(a, sizeof(a), b, sizeof(b), &lb);
    memcpy(s, za, la);
    memcpy(s + la, zb, lb);
    ck_assert_int_eq(lzs_decompress(NULL, 0, s, la + lb, out, sizeof(out),
                                    &out_len, &used), LZS_OK);
    ck_assert_uint_eq(used, la);
    ck_assert_uint_eq(out_len, sizeof(a));
    ck_assert_int_eq(lzs_decompress(out, out_len, s + used, la + lb - used,
                                    out + out_len, sizeof(out) - out_len,
                                    &out_len, &used), LZS_OK);
    ck_assert_uint_eq(used, lb);
    ck_assert_uint_eq(out_len, sizeof(b));
    ck_assert(memcmp(out, a, sizeof(a)) == 0);
    ck_assert(memcmp(out + sizeof(a), b, sizeof(b)) == 0);
    free(za);
    free(zb);
}
END_TEST

/* Errors. */

/* Every prefix of a stream is truncated and decodes to a prefix. */
START_TEST(test_truncated)
{
    static uint8_t data[3000], out[3000], ref[3000];
    size_t zlen, out_len, used, ref_len, ref_used, last = 0;
    uint8_t *z;

    gen_kind(RT_SPARSE, data, 1500);
    gen_text(data + 1500, 1500);
    z = compress_ok(NULL, 0, data, sizeof(data), &zlen);
    for (size_t cut = 0; cut < zlen; cut++) {
        /* Exactly cut bytes, so that reading one more is caught. */
        uint8_t *part = malloc(cut ? cut : 1);

        memcpy(part, z, cut);
        ck_assert_int_eq(lzs_decompress(NULL, 0, part, cut, out, sizeof(out),
                                        &out_len, &used), LZS_INPUT_TRUNC);
        ck_assert_uint_eq(used, cut);
        ck_assert(memcmp(out, data, out_len) == 0);
        /* More input never gives less output; the tokens are whole. */
        ck_assert_uint_ge(out_len, last);
        last = out_len;
        ck_assert_int_eq(ref_decompress(NULL, 0, part, cut, ref, sizeof(ref),
                                        &ref_len, &ref_used),
                         LZS_INPUT_TRUNC);
        ck_assert_uint_eq(out_len, ref_len);
        free(part);
    }
    ck_assert_uint_gt(last, sizeof(data) - 50);
    ck_assert_int_eq(lzs_decompress(NULL, 0, z, zlen, out, sizeof(out),
                                    &out_len, &used), LZS_OK);
    free(z);
}
END_TEST

START_TEST(test_bad_offset)
{
    static const uint8_t hist[5] = { 'H', 'I', 'S', 'T', '!' };
    uint8_t out[64];
    size_t out_len, used;
    Bits b = { 0 };

    /* An 11-bit offset of 0, after one literal. */
    bits_lit(&b, 'k');
    bits_str(&b, "1 0 00000000000 00");
    bits_end(&b);
    ck_assert_int_eq(lzs_decompress(NULL, 0, b.buf, bits_len(&b), out,
                                    sizeof(out), &out_len, &used),
                     LZS_BAD_OFFSET);
    ck_assert_uint_eq(out_len, 1);
    ck_assert_uint_eq(out[0], 'k');
    ck_assert_uint_eq(used, bits_len(&b));

    /* Two bytes of output: offset 2 reaches the first, 3 nothing. */
    memset(&b, 0, sizeof(b));
    bits_lit(&b, 'k');
    bits_lit(&b, 'l');
    bits_str(&b, "1 1 0000010 00");
    bits_end(&b);
    expect_decode(NULL, 0, b.buf, bits_len(&b), (const uint8_t *)"klkl", 4,
                  bits_len(&b));
    memset(&b, 0, sizeof(b));
    bits_lit(&b, 'k');
    bits_lit(&b, 'l');
    bits_str(&b, "1 1 0000011 00");
    bits_end(&b);
    ck_assert_int_eq(lzs_decompress(NULL, 0, b.buf, bits_len(&b), out,
                                    sizeof(out), &out_len, &used),
                     LZS_BAD_OFFSET);
    ck_assert_uint_eq(out_len, 2);
    /* With a 5-byte history, 3 reaches its last byte. */
    expect_decode(hist, 5, b.buf, bits_len(&b), (const uint8_t *)"kl!k", 4,
                  bits_len(&b));
    /* 7 reaches its first byte, 8 is out. */
    memset(&b, 0, sizeof(b));
    bits_lit(&b, 'k');
    bits_lit(&b, 'l');
    bits_str(&b, "1 0 00000000111 00");
    bits_end(&b);
    expect_decode(hist, 5, b.buf, bits_len(&b), (const uint8_t *)"klHI", 4,
                  bits_len(&b));
    memset(&b, 0, sizeof(b));
    bits_lit(&b, 'k');
    bits_lit(&b, 'l');
    bits_str(&b, "1 0 00000001000 00");
    bits_end(&b);
    ck_assert_int_eq(lzs_decompress(hist, 5, b.buf, bits_len(&b), out,
                                    sizeof(out), &out_len, &used),
                     LZS_BAD_OFFSET);
    ck_assert_uint_eq(out_len, 2);
    ck_assert_uint_eq(used, bits_len(&b));
    /* The offset is judged before the length is read. */
    ck_assert_int_eq(lzs_decompress(hist, 5, b.buf, 4, out, sizeof(out),
                                    &out_len, &used), LZS_BAD_OFFSET);
}
END_TEST

/* Every output size short of the whole: OUTPUT_FULL, filled, no more. */
START_TEST(test_output_full_decompress)
{
    static uint8_t data[700];
    size_t zlen;
    uint8_t *z;

    /* Literals, short strings and one long one (length 200). */
    gen_kind(RT_SPARSE, data, 400);
    memset(data + 400, 'r', 200);
    gen_text(data + 600, 100);
    z = compress_ok(NULL, 0, data, sizeof(data), &zlen);
    for (size_t cap = 0; cap <= sizeof(data); cap++) {
        uint8_t *out = canary_alloc(cap);
        size_t out_len, used;
        LzsStatus st = lzs_decompress(NULL, 0, z, zlen, out, cap, &out_len,
                                      &used);

        if (cap < sizeof(data)) {
            ck_assert_int_eq(st, LZS_OUTPUT_FULL);
            ck_assert_uint_eq(out_len, cap);
            ck_assert_uint_eq(used, zlen);
        } else {
            ck_assert_int_eq(st, LZS_OK);
        }
        ck_assert(memcmp(out, data, cap) == 0);
        canary_check(out, cap);
        free(out);
    }
    free(z);
}
END_TEST

START_TEST(test_output_full_compress)
{
    static uint8_t data[2500];
    size_t zlen;
    uint8_t *z;

    gen_text(data, 1500);
    gen_kind(RT_RANDOM, data + 1500, 1000);
    z = compress_ok(NULL, 0, data, sizeof(data), &zlen);
    for (size_t cap = 0; cap <= zlen; cap++) {
        uint8_t *out = canary_alloc(cap);
        size_t out_len = 12345;
        LzsStatus st = lzs_compress(NULL, 0, data, sizeof(data), out, cap,
                                    &out_len);

        ck_assert_int_eq(st, cap < zlen ? LZS_OUTPUT_FULL : LZS_OK);
        ck_assert_uint_eq(out_len, cap);
        ck_assert(memcmp(out, z, cap) == 0);
        canary_check(out, cap);
        free(out);
    }
    free(z);
}
END_TEST

/*
 * Garbage: random bytes, and random bits leaning to 1 (strings, long
 * lengths), against the reference decoder: same status, same output.
 */
START_TEST(test_garbage)
{
    static uint8_t hist[300], ref[700];

    for (int round = 0; round < 6000; round++) {
        size_t in_len = rnd() % 400, cap = rnd() % 700;
        size_t hist_len = round % 3 ? 0 : rnd() % sizeof(hist);
        size_t out_len, used, ref_len, ref_used;
        uint8_t *out = canary_alloc(cap), *in = malloc(in_len + 1);
        LzsStatus st, ref_st;

        for (size_t i = 0; i < in_len; i++) {
            in[i] = round % 2 ? rnd() : rnd() | rnd() | rnd();
        }
        for (size_t i = 0; i < hist_len; i++) {
            hist[i] = rnd();
        }
        st = lzs_decompress(hist, hist_len, in, in_len, out, cap, &out_len,
                            &used);
        ck_assert(status_valid(st));
        ck_assert_uint_le(out_len, cap);
        ck_assert_uint_le(used, in_len);
        canary_check(out, cap);
        ref_st = ref_decompress(hist, hist_len, in, in_len, ref, cap,
                                &ref_len, &ref_used);
        ck_assert_int_eq(st, ref_st);
        ck_assert_uint_eq(out_len, ref_len);
        ck_assert_uint_eq(used, ref_used);
        ck_assert(memcmp(out, ref, out_len) == 0);
        free(out);
        free(in);
    }
}
END_TEST

/*
 * Lengths far beyond any buffer: decoding takes time in proportion to
 * the input, and a huge string fills the output and stops.
 */
START_TEST(test_huge_length)
{
    static uint8_t in[100000], out[64];
    size_t out_len, used;
    Bits b = { 0 };

    bits_lit(&b, 'w');
    bits_str(&b, "1 1 0000001 1111");
    /* 22 bits so far; all further bits 1: nibbles 1111 to the end. */
    memcpy(in, b.buf, bits_len(&b));
    in[2] |= 0x03;
    memset(in + 3, 0xff, sizeof(in) - 3);
    ck_assert_int_eq(lzs_decompress(NULL, 0, in, sizeof(in), out,
                                    sizeof(out), &out_len, &used),
                     LZS_INPUT_TRUNC);
    ck_assert_uint_eq(out_len, 1);
    ck_assert_uint_eq(used, sizeof(in));
    in[sizeof(in) - 1] = 0xf0;                       /* a final nibble */
    ck_assert_int_eq(lzs_decompress(NULL, 0, in, sizeof(in), out,
                                    sizeof(out), &out_len, &used),
                     LZS_OUTPUT_FULL);
    ck_assert_uint_eq(out_len, sizeof(out));
    for (size_t i = 0; i < sizeof(out); i++) {
        ck_assert_uint_eq(out[i], 'w');
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lzs");
    TCase *vectors = tcase_create("vectors");
    TCase *encoder = tcase_create("encoder");
    TCase *round = tcase_create("roundtrip");
    TCase *errors = tcase_create("errors");

    tcase_add_test(vectors, test_end_marker);
    tcase_add_test(vectors, test_literals);
    tcase_add_test(vectors, test_short_repeat);
    tcase_add_test(vectors, test_long_offset);
    tcase_add_test(vectors, test_length_codes);
    tcase_add_test(vectors, test_history_strings);
    tcase_add_test(encoder, test_encoder_simple);
    tcase_add_test(encoder, test_encoder_window);
    tcase_add_test(encoder, test_encoder_ratio);
    tcase_add_test(encoder, test_encoder_history);
    tcase_add_loop_test(round, test_roundtrip_sizes, 0, RT_KINDS);
    tcase_add_test(round, test_roundtrip_chunks);
    tcase_add_test(round, test_roundtrip_concat);
    tcase_add_test(errors, test_truncated);
    tcase_add_test(errors, test_bad_offset);
    tcase_add_test(errors, test_output_full_decompress);
    tcase_add_test(errors, test_output_full_compress);
    tcase_add_test(errors, test_garbage);
    tcase_add_test(errors, test_huge_length);
    /* Round trips of 64 KiB under the sanitizers take a few seconds. */
    tcase_set_timeout(round, 60);
    tcase_set_timeout(errors, 60);
    suite_add_tcase(s, vectors);
    suite_add_tcase(s, encoder);
    suite_add_tcase(s, round);
    suite_add_tcase(s, errors);

    return ps_check_run(s);
}
