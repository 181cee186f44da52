/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Stac LZS (ANSI X3.241-1994, as RFC 1967/1974/2395 use it) in plain C
 * with no QEMU or glib headers, so that the unit tests can run it alone.
 *
 * The stream is a sequence of tokens packed most-significant bit first
 * into bytes, over a 2048-byte sliding window:
 *   literal  0 bbbbbbbb
 *   string   1 <offset> <length>
 *     offset 1 ooooooo (1..127) or 0 ooooooooooo (1..2047)
 *     length 00 = 2, 01 = 3, 10 = 4, 1100 = 5, 1101 = 6, 1110 = 7,
 *            1111 then nibbles: each 1111 adds 15, the first other
 *            nibble n ends it; length = 8 + 15 * (count of 1111) + n
 *   end      1 1 0000000, then zero bits to the next byte boundary
 * An 11-bit offset of 0 is invalid.
 *
 * Both functions are reentrant: no static state, no allocation (the
 * compressor keeps 16 KiB of hash tables on the stack).
 */
#ifndef HW_CRYPTO_LZS_H
#define HW_CRYPTO_LZS_H

#include <stddef.h>
#include <stdint.h>

/* The sliding window: the largest offset is LZS_WINDOW - 1. */
#define LZS_WINDOW 2048

/*
 * The largest stream lzs_compress() makes from n bytes: every byte a
 * 9-bit literal, then the 9-bit end marker, padded to a byte.
 */
#define LZS_COMPRESS_BOUND(n) (((n) * 9 + 9 + 7) / 8)

typedef enum LzsStatus {
    LZS_OK = 0,          /* decompress: end marker seen; compress: done */
    LZS_OUTPUT_FULL,     /* output buffer too small */
    LZS_INPUT_TRUNC,     /* decompress: input ended before the end marker */
    LZS_BAD_OFFSET,      /* decompress: an offset no data is at */
} LzsStatus;

/*
 * Compress in[0..in_len) into one complete stream (end marker, padded)
 * in out[0..out_cap). hist[0..hist_len) is data that logically precedes
 * in (NULL when hist_len is 0); strings may reach back into its last
 * LZS_WINDOW - 1 bytes, so the decompressor needs the same history.
 *
 * LZS_OK: *out_len is the stream's length (at most
 * LZS_COMPRESS_BOUND(in_len)).
 * LZS_OUTPUT_FULL: the stream does not fit; out holds its first out_cap
 * bytes and *out_len is out_cap.
 * Nothing is written at or after out[out_cap].
 */
LzsStatus lzs_compress(const uint8_t *hist, size_t hist_len,
                       const uint8_t *in, size_t in_len,
                       uint8_t *out, size_t out_cap, size_t *out_len);

/*
 * Decompress one stream from in[0..in_len) into out[0..out_cap).
 * hist[0..hist_len) is the data that precedes the output (NULL when
 * hist_len is 0); offsets may reach back into it. Tokens are decoded in
 * order, each whole before any of its output is written; the first that
 * fails gives the status. *out_len is always the number of bytes written,
 * all of them correct decoded data.
 *
 * LZS_OK: the end marker was read; *in_used counts the bytes up to and
 * including the one holding its last bit (trailing data is not read).
 * LZS_OUTPUT_FULL: a literal or string did not fit; out is filled to
 * out_cap with as much of it as fits.
 * LZS_INPUT_TRUNC: the input ended inside a token or before the end
 * marker; *out_len covers the tokens that were complete.
 * LZS_BAD_OFFSET: an 11-bit offset of 0, or an offset larger than
 * hist_len plus the output so far; nothing of that string is written.
 * On every status but LZS_OK, *in_used is in_len.
 *
 * Nothing is read at or after in[in_len] nor written at or after
 * out[out_cap]; every token consumes at least 9 bits of input, so the
 * work is bounded by in_len and out_cap.
 */
LzsStatus lzs_decompress(const uint8_t *hist, size_t hist_len,
                         const uint8_t *in, size_t in_len,
                         uint8_t *out, size_t out_cap, size_t *out_len,
                         size_t *in_used);

#endif
