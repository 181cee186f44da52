// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zlib-ref [--kb N] [--chunk N] [--rounds N] [--level N] [--min-seconds S]
 *
 * The host reference of bench/zip-throughput: the benchmark corpus of
 * bench/corpus.h (the same bytes the guest module zip_roundtrip compresses),
 * compressed chunk by chunk with zlib's raw deflate (windowBits -15,
 * memLevel 8, level 6: what the ThunderX ZIP driver asks of the engine with
 * speed=1) into at most 65535 bytes each, as the engine must, and inflated
 * again, with zlib and with libdeflate (what the model inflates whole
 * streams with); all timed with CLOCK_MONOTONIC and checked.
 *
 * Prints the key=value lines the guest module prints:
 *   bench corpus bytes=N chunk=N chunks=N fnv=HEX
 *   bench op=compress driver=zlib-host level=6 rounds=N bytes=N out=N ns=N
 *         mbps=X
 *   bench op=decompress driver=zlib-host rounds=N bytes=N in=N ns=N mbps=X
 *   bench op=decompress driver=libdeflate-host rounds=N bytes=N in=N ns=N
 *         mbps=X
 * MB/s are 10^6 uncompressed bytes per second in both directions. Passes
 * over the corpus repeat until --min-seconds (0.5) have gone by, and at
 * least --rounds (3) times. Exit 0 when every chunk came back equal.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#include <libdeflate.h>

#include "corpus.h"

#define ENGINE_MAX 65535u

static void die(const char *fmt, const char *arg)
{
    fprintf(stderr, "zlib-ref: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    exit(2);
}

static uint64_t now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static unsigned long num(const char *opt, const char *val, unsigned long lo,
                         unsigned long hi)
{
    char *end;
    unsigned long v;

    if (!val) {
        die("%s needs a value", opt);
    }
    errno = 0;
    v = strtoul(val, &end, 10);
    if (errno || *end || v < lo || v > hi) {
        fprintf(stderr, "zlib-ref: %s %s: want %lu..%lu\n", opt, val, lo, hi);
        exit(2);
    }
    return v;
}

/* Inflate one whole raw-deflate chunk into exactly len bytes. */
static bool inflate_chunk(z_stream *zi, struct libdeflate_decompressor *ld,
                          const uint8_t *in, size_t in_len, uint8_t *out,
                          size_t len)
{
    if (!zi) {
        return ld && libdeflate_deflate_decompress(ld, in, in_len, out, len,
                                                   NULL) == LIBDEFLATE_SUCCESS;
    }
    inflateReset(zi);
    zi->next_in = (Bytef *)in;
    zi->avail_in = (uInt)in_len;
    zi->next_out = out;
    zi->avail_out = (uInt)len;
    return inflate(zi, Z_FINISH) == Z_STREAM_END && !zi->avail_out;
}

int main(int argc, char **argv)
{
    unsigned long kb = 1024, chunk = 32768, min_rounds = 3, level = 6;
    double min_seconds = 0.5;
    size_t bytes, chunks, i, slot;
    uint8_t *data, *comp, *out;
    unsigned int *clen;
    static const char *const inflater[2] = { "zlib", "libdeflate" };
    uint64_t fnv, t0, tc = 0, td[2] = { 0 }, outsz = 0;
    unsigned long rc = 0, rd[2] = { 0 };
    struct libdeflate_decompressor *ld = libdeflate_alloc_decompressor();
    z_stream zs, zi;
    int a, c;

    for (a = 1; a < argc; a++) {
        const char *v = a + 1 < argc ? argv[a + 1] : NULL;

        if (!strcmp(argv[a], "--kb")) {
            kb = num(argv[a], v, 1, 1 << 20);
        } else if (!strcmp(argv[a], "--chunk")) {
            chunk = num(argv[a], v, 1, ENGINE_MAX);
        } else if (!strcmp(argv[a], "--rounds")) {
            min_rounds = num(argv[a], v, 1, 1000000);
        } else if (!strcmp(argv[a], "--level")) {
            level = num(argv[a], v, 0, 9);
        } else if (!strcmp(argv[a], "--min-seconds")) {
            if (!v) {
                die("%s needs a value", argv[a]);
            }
            min_seconds = atof(v);
        } else {
            die("unknown argument '%s' (see the top of zlib-ref.c)", argv[a]);
        }
        a++;
    }

    bytes = kb * 1024;
    chunks = (bytes + chunk - 1) / chunk;
    slot = 2 * chunk + 64 < ENGINE_MAX ? 2 * chunk + 64 : ENGINE_MAX;
    data = malloc(bytes);
    out = malloc(bytes);
    comp = malloc(chunks * slot);
    clen = calloc(chunks, sizeof(*clen));
    if (!data || !out || !comp || !clen) {
        fprintf(stderr, "zlib-ref: cannot allocate a corpus of %lu KiB\n", kb);
        return 2;
    }
    for (i = 0; i < chunks; i++) {
        size_t len = bytes - i * chunk < chunk ? bytes - i * chunk : chunk;

        corpus_bench_chunk(data + i * chunk, len, (uint32_t)i);
    }
    fnv = corpus_fnv(CORPUS_FNV_INIT, data, bytes);

    memset(&zs, 0, sizeof(zs));
    memset(&zi, 0, sizeof(zi));
    if (deflateInit2(&zs, (int)level, Z_DEFLATED, -15, 8,
                     Z_DEFAULT_STRATEGY) != Z_OK ||
        inflateInit2(&zi, -15) != Z_OK) {
        die("zlib init failed%s", "");
    }

    /* Compression: whole passes until min_seconds and min_rounds. */
    do {
        t0 = now_ns();
        outsz = 0;
        for (i = 0; i < chunks; i++) {
            size_t len = bytes - i * chunk < chunk ? bytes - i * chunk : chunk;

            deflateReset(&zs);
            zs.next_in = data + i * chunk;
            zs.avail_in = (uInt)len;
            zs.next_out = comp + i * slot;
            zs.avail_out = (uInt)slot;
            if (deflate(&zs, Z_FINISH) != Z_STREAM_END) {
                fprintf(stderr, "zlib-ref: chunk %zu does not fit %zu bytes\n",
                        i, slot);
                return 1;
            }
            clen[i] = (unsigned int)(slot - zs.avail_out);
            outsz += clen[i];
        }
        tc += now_ns() - t0;
        rc++;
    } while (rc < min_rounds || tc < min_seconds * 1e9);

    /* Decompression: zlib (coder 0), then libdeflate (1), each checked. */
    for (c = 0; c < 2; c++) {
        memset(out, 0, bytes);
        do {
            t0 = now_ns();
            for (i = 0; i < chunks; i++) {
                size_t len = bytes - i * chunk < chunk ? bytes - i * chunk
                                                       : chunk;

                if (!inflate_chunk(c ? NULL : &zi, ld, comp + i * slot,
                                   clen[i], out + i * chunk, len)) {
                    fprintf(stderr, "zlib-ref: chunk %zu does not inflate "
                            "with %s\n", i, inflater[c]);
                    return 1;
                }
            }
            td[c] += now_ns() - t0;
            rd[c]++;
        } while (rd[c] < min_rounds || td[c] < min_seconds * 1e9);
        if (memcmp(data, out, bytes)) {
            fprintf(stderr, "zlib-ref: %s's round trip differs\n",
                    inflater[c]);
            return 1;
        }
    }
    printf("bench corpus bytes=%zu chunk=%lu chunks=%zu fnv=%016llx\n",
           bytes, chunk, chunks, (unsigned long long)fnv);
    printf("bench op=compress driver=zlib-host level=%lu rounds=%lu bytes=%llu "
           "out=%llu ns=%llu mbps=%.2f\n", level, rc,
           (unsigned long long)bytes * rc, (unsigned long long)outsz * rc,
           (unsigned long long)tc, (double)bytes * rc * 1e3 / (double)tc);
    for (c = 0; c < 2; c++) {
        printf("bench op=decompress driver=%s-host rounds=%lu bytes=%llu "
               "in=%llu ns=%llu mbps=%.2f\n", inflater[c], rd[c],
               (unsigned long long)bytes * rd[c],
               (unsigned long long)outsz * rd[c], (unsigned long long)td[c],
               (double)bytes * rd[c] * 1e3 / (double)td[c]);
    }
    libdeflate_free_decompressor(ld);
    deflateEnd(&zs);
    inflateEnd(&zi);
    free(clen);
    free(comp);
    free(out);
    free(data);
    return 0;
}
