/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX ZIP: the compression cores. Deflate and inflate are
 * raw RFC 1951 done by the host's zlib, one stream each for the device,
 * reset for every instruction; a whole stream that zlib and libdeflate
 * decode alike goes to libdeflate, in under half the time. LZS is Stac
 * LZS (ANSI X3.241) from lzs.c.
 * Each coding turns an instruction's history, input and output space
 * into a ZipResult: completion code, bytes read and written, bits.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "hw/crypto/lzs.h"
#include "thunderx_zip_internal.h"
#include <zlib.h>
#include <libdeflate.h>

/* SS: 0 is the densest, 3 the fastest; 1 is what the driver calls zlib 6. */
static int zip_level(unsigned ss)
{
    static const int level[4] = { 9, 6, 3, 1 };

    return level[ss & 3];
}

void thunderx_zip_deflate(ThunderxZipState *s, const uint8_t *hist,
                          uint32_t hist_len, const uint8_t *in, uint32_t len,
                          uint8_t *out, uint64_t cap, uint64_t iw0,
                          ZipResult *r)
{
    unsigned cc = FIELD_EX64(iw0, ZIP_INST_IWORD0, CC);
    unsigned exn = FIELD_EX64(iw0, ZIP_INST_IWORD0, EXN);
    bool ef = FIELD_EX64(iw0, ZIP_INST_IWORD0, EF);
    int level = zip_level(FIELD_EX64(iw0, ZIP_INST_IWORD0, SS));
    int strategy = cc == ZIP_CC_FIXED ? Z_FIXED : Z_DEFAULT_STRATEGY;
    z_stream *zs = &s->zdef;
    unsigned pending = 0;
    int bits = 0, ret;
    bool done;

    /* One stream for the device, reset per instruction: no 256 KiB setup. */
    if (!s->zdef_ready) {
        if (deflateInit2(zs, level, Z_DEFLATED, -15, 8, strategy) != Z_OK) {
            r->compcode = ZIP_COMP_FATAL;
            return;
        }
        s->zdef_ready = true;
    }
    if (deflateReset(zs) != Z_OK ||
        deflateParams(zs, level, strategy) != Z_OK) {
        r->compcode = ZIP_COMP_FATAL;
        return;
    }
    if (hist_len) {
        uint32_t n = MIN(hist_len, ZIP_DEFLATE_WINDOW);

        deflateSetDictionary(zs, hist + hist_len - n, n);
    }
    if (exn) {
        /* Bits left over from the previous instruction's last byte. */
        deflatePrime(zs, exn, FIELD_EX64(iw0, ZIP_INST_IWORD0, EXBITS));
    }
    zs->next_in = (Bytef *)in;
    zs->avail_in = len;
    zs->next_out = out;
    zs->avail_out = cap;
    ret = deflate(zs, ef ? Z_FINISH : Z_SYNC_FLUSH);
    if (ef) {
        done = ret == Z_STREAM_END;
    } else {
        deflatePending(zs, &pending, &bits);
        done = zs->avail_in == 0 && pending == 0 && bits == 0;
    }
    r->compcode = done ? ZIP_COMP_SUCCESS : ZIP_COMP_DTRUNC;
    r->ef = done && ef;
    r->bytes_written = cap - zs->avail_out;
    r->bits = r->bytes_written * 8;
}

/* Map zlib's diagnosis of a corrupt stream onto ZIP_COMP_E. */
static uint8_t zip_inflate_code(const char *msg)
{
    static const struct {
        const char *msg;
        uint8_t code;
    } map[] = {
        { "invalid block type", ZIP_COMP_RBLOCK },
        { "invalid stored block lengths", ZIP_COMP_NLEN },
        { "invalid code lengths set", ZIP_COMP_BADCODE2 },
        { "invalid bit length repeat", ZIP_COMP_BADCODE2 },
        { "too many length or distance symbols", ZIP_COMP_BADCODE2 },
    };
    unsigned i;

    for (i = 0; msg && i < ARRAY_SIZE(map); i++) {
        if (!strcmp(msg, map[i].msg)) {
            return map[i].code;
        }
    }
    return ZIP_COMP_BADCODE;
}

/* An LSB-first reader of a deflate block header. */
typedef struct ZipBits {
    const uint8_t *in;
    uint32_t len;
    uint64_t pos;
} ZipBits;

static int zip_bits(ZipBits *b, unsigned n)
{
    int v = 0;
    unsigned i;

    for (i = 0; i < n; i++, b->pos++) {
        if (b->pos >= (uint64_t)b->len * 8) {
            return -1;
        }
        v |= ((b->in[b->pos >> 3] >> (b->pos & 7)) & 1) << i;
    }
    return v;
}

/* Do these code lengths fill the codespace exactly (a complete code)? */
static bool zip_code_complete(const uint8_t *lens, unsigned n)
{
    uint32_t used = 0;
    unsigned i;

    for (i = 0; i < n; i++) {
        if (lens[i]) {
            used += 1u << (15 - lens[i]);
        }
    }
    return used == 1u << 15;
}

/* The precode as a canonical Huffman code: codewords per length, symbols. */
typedef struct ZipPrecode {
    unsigned count[8];
    uint8_t sym[19];
} ZipPrecode;

static void zip_precode_build(ZipPrecode *h, const uint8_t *lens)
{
    unsigned len, i, k = 0;

    memset(h->count, 0, sizeof(h->count));
    for (i = 0; i < 19; i++) {
        h->count[lens[i]]++;
    }
    for (len = 1; len < 8; len++) {
        for (i = 0; i < 19; i++) {
            if (lens[i] == len) {
                h->sym[k++] = i;
            }
        }
    }
}

/* Decode one precode symbol, a bit at a time (RFC 1951 3.2.2's order). */
static int zip_precode_sym(ZipBits *b, const ZipPrecode *h)
{
    int code = 0, first = 0, index = 0, bit;
    unsigned len;

    for (len = 1; len < 8; len++) {
        bit = zip_bits(b, 1);
        if (bit < 0) {
            return -1;
        }
        code |= bit;
        if (code - (int)h->count[len] < first) {
            return h->sym[index + code - first];
        }
        index += h->count[len];
        first = (first + h->count[len]) << 1;
        code <<= 1;
    }
    return -1;
}

/*
 * libdeflate accepts more than zlib: the reserved length codes 286-287
 * and distance codes 30-31 (as 285 and 29), headers that declare them,
 * and incomplete codes whose unused codeword it decodes as the used one.
 * A stream that is one final dynamic block declaring none of them, with
 * complete codes, decodes identically in both (what zlib and the driver's
 * engine produce for a request). Anything else goes to zlib alone.
 */
static bool zip_inflate_same_in_libdeflate(const uint8_t *in, uint32_t len)
{
    static const uint8_t order[19] = {
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15
    };
    uint8_t pre[19] = { 0 }, lens[286 + 30];
    ZipBits b = { in, len, 0 };
    ZipPrecode h;
    int hlit, hdist, hclen, v, sym, rep;
    unsigned i, n;

    if (zip_bits(&b, 3) != (1 | 2 << 1)) {     /* BFINAL, BTYPE 10 */
        return false;
    }
    hlit = zip_bits(&b, 5);
    hdist = zip_bits(&b, 5);
    hclen = zip_bits(&b, 4);
    if (hlit < 0 || hlit > 29 || hdist < 0 || hdist > 29 || hclen < 0) {
        return false;
    }
    for (i = 0; i < 4u + hclen; i++) {
        v = zip_bits(&b, 3);
        if (v < 0) {
            return false;
        }
        pre[order[i]] = v;
    }
    if (!zip_code_complete(pre, 19)) {
        return false;
    }
    zip_precode_build(&h, pre);
    n = 257 + hlit + 1 + hdist;
    for (i = 0; i < n; i += rep) {
        sym = zip_precode_sym(&b, &h);
        if (sym < 16) {
            if (sym < 0) {
                return false;
            }
            lens[i] = sym;
            rep = 1;
            continue;
        }
        v = sym == 16 ? zip_bits(&b, 2) : zip_bits(&b, sym == 17 ? 3 : 7);
        rep = (sym == 18 ? 11 : 3) + v;
        if (v < 0 || (sym == 16 && i == 0) || i + rep > n) {
            return false;
        }
        memset(&lens[i], sym == 16 ? lens[i - 1] : 0, rep);
    }
    return lens[256] && zip_code_complete(lens, 257 + hlit) &&
           zip_code_complete(lens + 257 + hlit, 1 + hdist);
}

void thunderx_zip_inflate(ThunderxZipState *s, const uint8_t *hist,
                          uint32_t hist_len, const uint8_t *in, uint32_t len,
                          uint8_t *out, uint64_t cap, bool ef, ZipResult *r)
{
    z_stream *zs = &s->zinf;
    uint8_t probe;
    int ret;

    if (!hist_len && zip_inflate_same_in_libdeflate(in, len)) {
        size_t used, made;

        if (!s->ldinf) {
            s->ldinf = libdeflate_alloc_decompressor();
        }
        /* A full output or corrupt data: zlib says where and why. */
        if (s->ldinf &&
            libdeflate_deflate_decompress_ex(s->ldinf, in, len, out, cap,
                                             &used, &made) ==
            LIBDEFLATE_SUCCESS) {
            r->compcode = ZIP_COMP_SUCCESS;
            r->ef = true;
            r->bytes_read = used;
            r->bytes_written = made;
            r->bits = used * 8;
            return;
        }
    }

    if (!s->zinf_ready) {
        if (inflateInit2(zs, -15) != Z_OK) {
            r->compcode = ZIP_COMP_FATAL;
            return;
        }
        s->zinf_ready = true;
    }
    if (inflateReset(zs) != Z_OK) {
        r->compcode = ZIP_COMP_FATAL;
        return;
    }
    if (hist_len) {
        uint32_t n = MIN(hist_len, ZIP_DEFLATE_WINDOW);

        inflateSetDictionary(zs, hist + hist_len - n, n);
    }
    zs->next_in = (Bytef *)in;
    zs->avail_in = len;
    zs->next_out = out;
    zs->avail_out = cap;
    ret = inflate(zs, Z_SYNC_FLUSH);
    r->bytes_written = cap - zs->avail_out;
    if (ret != Z_STREAM_END && ret != Z_DATA_ERROR && zs->avail_out == 0) {
        /* The output is full: is there more to come? */
        zs->next_out = &probe;
        zs->avail_out = 1;
        ret = inflate(zs, Z_SYNC_FLUSH);
        if (zs->avail_out == 0) {
            ret = Z_BUF_ERROR;
            r->compcode = ZIP_COMP_DTRUNC;
            goto out;
        }
    }
    switch (ret) {
    case Z_STREAM_END:
        r->compcode = ZIP_COMP_SUCCESS;
        r->ef = true;
        break;
    case Z_DATA_ERROR:
        r->compcode = zip_inflate_code(zs->msg);
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: corrupt deflate stream at input byte "
                      "%lu: %s\n", zs->total_in, zs->msg ? zs->msg : "?");
        break;
    case Z_OK:
    case Z_BUF_ERROR:
        /* All input used without reaching the last block's end. */
        r->compcode = ef ? ZIP_COMP_ITRUNC : ZIP_COMP_SUCCESS;
        break;
    default:
        r->compcode = ZIP_COMP_FATAL;
        break;
    }
out:
    r->bytes_read = zs->total_in;
    /*
     * Mid-stream, the bit where decoding stopped; at the stream's end the
     * last byte is consumed whole, its padding with it.
     */
    r->bits = zs->total_in * 8 - (ret == Z_STREAM_END ? 0 :
                                  (zs->data_type & 0x3f));
}

void thunderx_zip_lzs_compress(const uint8_t *hist, uint32_t hist_len,
                               const uint8_t *in, uint32_t len, uint8_t *out,
                               uint64_t cap, ZipResult *r)
{
    size_t n = 0;
    uint32_t h = MIN(hist_len, ZIP_LZS_WINDOW);

    switch (lzs_compress(hist + hist_len - h, h, in, len, out, cap, &n)) {
    case LZS_OK:
        r->compcode = ZIP_COMP_SUCCESS;
        r->ef = true;
        break;
    default:
        r->compcode = ZIP_COMP_DTRUNC;
        break;
    }
    r->bytes_written = n;
    r->bits = n * 8;
}

void thunderx_zip_lzs_decompress(const uint8_t *hist, uint32_t hist_len,
                                 const uint8_t *in, uint32_t len, uint8_t *out,
                                 uint64_t cap, bool ef, ZipResult *r)
{
    size_t n = 0, used = 0;
    uint32_t h = MIN(hist_len, ZIP_LZS_WINDOW);

    switch (lzs_decompress(hist + hist_len - h, h, in, len, out, cap, &n,
                           &used)) {
    case LZS_OK:
        r->compcode = ZIP_COMP_SUCCESS;
        r->ef = true;
        break;
    case LZS_OUTPUT_FULL:
        r->compcode = ZIP_COMP_DTRUNC;
        break;
    case LZS_INPUT_TRUNC:
        r->compcode = ef ? ZIP_COMP_ITRUNC : ZIP_COMP_SUCCESS;
        break;
    case LZS_BAD_OFFSET:
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: corrupt LZS stream: a string reaches "
                      "before its history (%zu bytes decoded)\n", n);
        r->compcode = ZIP_COMP_BADCODE;
        break;
    }
    r->bytes_written = n;
    r->bytes_read = used;
    r->bits = used * 8;
}

/* Release the host coders (the device is going away). */
void thunderx_zip_engine_release(ThunderxZipState *s)
{
    if (s->zdef_ready) {
        deflateEnd(&s->zdef);
        s->zdef_ready = false;
    }
    if (s->zinf_ready) {
        inflateEnd(&s->zinf);
        s->zinf_ready = false;
    }
    libdeflate_free_decompressor(s->ldinf);
    s->ldinf = NULL;
}
