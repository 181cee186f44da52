/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX ZIP compression engine (PCI 177d:a01a), as Linux's
 * drivers/crypto/cavium/zip programs it.
 *
 * Software writes 128-byte ZIP_INST_S instructions into queue buffers in
 * its memory and rings a per-queue doorbell with the number it added. The
 * engine fetches them in order: a chunk of ZIP_QUE_SBUF_CTL[SIZE] words
 * holds instruction slots, and its last word is the next-chunk pointer
 * (ZIP_NPTR_S), followed when the slots run out. Each instruction names
 * an input, an output and a 24-byte ZIP_ZRES_S result buffer (directly or
 * as gather/scatter lists); the engine writes the output, then the
 * result with its completion code last, which is what the driver polls.
 *
 * Deflate is raw RFC 1951 done by the host's zlib; LZS is Stac LZS
 * (ANSI X3.241) from lzs.c. Instructions run synchronously from the
 * doorbell write, a bounded batch at a time; the rest continue in a
 * bottom half so a huge doorbell count cannot stall the vCPU.
 *
 * Not modelled: compression/decompression context save (CTX pointer,
 * BF=0 continuation), SSO work submission (WQ_PTR), DONE_WAIT's time
 * threshold, ECC and FIFO error injection, big-endian data pointers.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/units.h"
#include "qemu/module.h"
#include "qemu/main-loop.h"
#include "qapi/error.h"
#include "migration/vmstate.h"
#include "hw/pci/pci.h"
#include "hw/pci/msix.h"
#include "hw/pci/pcie.h"
#include "system/dma.h"
#include "hw/crypto/thunderx_zip.h"
#include "hw/crypto/lzs.h"
#include "trace.h"
#include <zlib.h>

/* Instructions run per queue before yielding to the bottom half. */
#define ZIP_BATCH           32
/* Gather/scatter lists: most entries, and most data, per instruction. */
#define ZIP_MAX_GATHER      1024
#define ZIP_MAX_DATA        (16 * MiB)
#define ZIP_DEFLATE_WINDOW  32768
#define ZIP_LZS_WINDOW      2048

/* ZIP_CONSTANTS as the model reports them (the driver only prints them). */
#define ZIP_CONST_CTXSIZE   2048
#define ZIP_CONST_ONFSIZE   1024
#define ZIP_CONST_DEPTH     ZIP_DEFLATE_WINDOW
#define ZIP_CONST_NEXEC     2
#define ZIP_CONSTANTS_VAL   (((uint64_t)ZIP_CONST_CTXSIZE << 8) |        \
                             ((uint64_t)ZIP_CONST_ONFSIZE << 20) |       \
                             ((uint64_t)ZIP_CONST_DEPTH << 32) |         \
                             (1ULL << 48) /* SYNCFLUSH_CAPABLE */ |      \
                             ((uint64_t)ZIP_CONST_NEXEC << 56))
#define ZIP_THROTTLE_RESET  0x10

/* A buffer as an instruction describes it: one or more guest segments. */
typedef struct ZipSeg {
    uint64_t addr;
    uint32_t len;
} ZipSeg;

typedef struct ZipBuf {
    ZipSeg *seg;
    unsigned nseg;
    uint64_t total;
} ZipBuf;

/* What an instruction produced, before it becomes a ZIP_ZRES_S. */
typedef struct ZipResult {
    uint8_t compcode;
    bool ef;
    uint32_t adler32;
    uint32_t crc32;
    uint32_t bytes_read;
    uint32_t bytes_written;
    uint32_t bits;
} ZipResult;

static void zip_msix_notify(ThunderxZipState *s, unsigned vector)
{
    PCIDevice *pdev = PCI_DEVICE(s);

    if (msix_enabled(pdev)) {
        trace_thunderx_zip_msix(vector);
        msix_notify(pdev, vector);
    }
}

static void zip_queue_error(ThunderxZipState *s, int qn, uint64_t bit,
                            const char *why)
{
    ThunderxZipQueue *q = &s->q[qn];
    bool new = !(q->err_int & bit);

    trace_thunderx_zip_queue_error(qn, bit, why);
    q->err_int |= bit;
    if (new && (q->err_ena & bit)) {
        zip_msix_notify(s, ZIP_VEC_QUE_ERR(qn));
    }
}

/* A fetch or chain error stops the queue until SBUF_ADDR is rewritten. */
static void zip_queue_halt(ThunderxZipState *s, int qn, uint64_t bit,
                           const char *why)
{
    ThunderxZipQueue *q = &s->q[qn];

    qemu_log_mask(LOG_GUEST_ERROR,
                  "thunderx-zip: queue %d: %s; queue stopped with %u "
                  "doorbell(s) dropped until ZIP_QUE%d_SBUF_ADDR is "
                  "rewritten\n", qn, why, q->pending, qn);
    zip_queue_error(s, qn, bit, why);
    q->halted = true;
    q->pending = 0;
    g_hash_table_remove_all(q->seen);
}

static void zip_done_update(ThunderxZipState *s, int qn)
{
    ThunderxZipQueue *q = &s->q[qn];
    uint64_t num_wait = MAX(q->done_wait & ZIP_COUNT_MASK, 1);

    if (q->done_ena && q->done >= num_wait) {
        zip_msix_notify(s, ZIP_VEC_QUE_DONE(qn));
    }
}

static bool zip_dma_read(ThunderxZipState *s, uint64_t addr, void *buf,
                         uint64_t len)
{
    return dma_memory_read(s->dma_as, addr, buf, len,
                           MEMTXATTRS_UNSPECIFIED) == MEMTX_OK;
}

static bool zip_dma_write(ThunderxZipState *s, uint64_t addr,
                          const void *buf, uint64_t len)
{
    return dma_memory_write(s->dma_as, addr, buf, len,
                            MEMTXATTRS_UNSPECIFIED) == MEMTX_OK;
}

/*
 * Decode the pointer pair at iw[idx], iw[idx + 1]. Direct: one segment
 * of LENGTH bytes. Gather: ADDR holds LENGTH ZIP_ZPTR_S entries.
 */
static bool zip_get_buf(ThunderxZipState *s, int qn, const uint64_t *iw,
                        int idx, bool gather, const char *what, ZipBuf *b,
                        uint8_t *code)
{
    uint64_t addr = iw[idx] & ZIP_ZPTR_ADDR_MASK;
    uint32_t len = (iw[idx + 1] >> ZIP_ZPTR_LEN_SHIFT) & ZIP_ZPTR_LEN_MASK;
    g_autofree uint64_t *list = NULL;
    unsigned i;

    b->nseg = 0;
    b->total = 0;
    if (!gather && idx == ZIP_IW_OUT && !len) {
        /*
         * The 16-bit LENGTH wraps at the driver's 64 KiB buffers (it
         * passes the caller's dlen, 128 KiB for an acomp request with no
         * destination): a direct output of length 0 is taken as 64 KiB,
         * still bounded by TOTALOUTPUTLENGTH.
         */
        len = 0x10000;
    }
    if (!gather) {
        b->seg = g_new(ZipSeg, 1);
        if (len) {
            b->seg[0] = (ZipSeg){ addr, len };
            b->nseg = 1;
            b->total = len;
        }
        return true;
    }
    if (len > ZIP_MAX_GATHER) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: queue %d: %s gather list of %u entries "
                      "(the model takes at most %u)\n",
                      qn, what, len, ZIP_MAX_GATHER);
        *code = ZIP_COMP_FATAL;
        return false;
    }
    b->seg = g_new(ZipSeg, MAX(len, 1));
    list = g_new(uint64_t, 2 * MAX(len, 1));
    if (!zip_dma_read(s, addr, list, 16ULL * len)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: queue %d: %s gather list at 0x%" PRIx64
                      " (%u entries) is not in memory\n", qn, what, addr, len);
        zip_queue_error(s, qn, ZIP_ERR_NRRP, "gather list read");
        *code = ZIP_COMP_FATAL;
        return false;
    }
    for (i = 0; i < len; i++) {
        uint64_t a = le64_to_cpu(list[2 * i]) & ZIP_ZPTR_ADDR_MASK;
        uint32_t l = (le64_to_cpu(list[2 * i + 1]) >> ZIP_ZPTR_LEN_SHIFT) &
                     ZIP_ZPTR_LEN_MASK;

        if (!l) {
            continue;
        }
        b->seg[b->nseg++] = (ZipSeg){ a, l };
        b->total += l;
    }
    if (b->total > ZIP_MAX_DATA) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: queue %d: %s gather list totals %" PRIu64
                      " bytes (the model takes at most %llu)\n",
                      qn, what, b->total, (unsigned long long)ZIP_MAX_DATA);
        *code = ZIP_COMP_FATAL;
        return false;
    }
    return true;
}

/* Read a whole buffer into host memory. */
static uint8_t *zip_read_buf(ThunderxZipState *s, int qn, const ZipBuf *b,
                             const char *what, uint8_t *code)
{
    g_autofree uint8_t *data = g_malloc(MAX(b->total, 1));
    uint64_t pos = 0;
    unsigned i;

    for (i = 0; i < b->nseg; i++) {
        if (!zip_dma_read(s, b->seg[i].addr, data + pos, b->seg[i].len)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: queue %d: %s at 0x%" PRIx64
                          " (%u bytes) is not in memory\n",
                          qn, what, b->seg[i].addr, b->seg[i].len);
            zip_queue_error(s, qn, ZIP_ERR_NRRP, "data read");
            *code = ZIP_COMP_FATAL;
            return NULL;
        }
        pos += b->seg[i].len;
    }
    return g_steal_pointer(&data);
}

static bool zip_write_buf(ThunderxZipState *s, int qn, const ZipBuf *b,
                          const uint8_t *data, uint64_t len)
{
    unsigned i;

    for (i = 0; i < b->nseg && len; i++) {
        uint32_t n = MIN(len, b->seg[i].len);

        if (!zip_dma_write(s, b->seg[i].addr, data, n)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: queue %d: output at 0x%" PRIx64
                          " (%u bytes) is not in memory\n",
                          qn, b->seg[i].addr, n);
            zip_queue_error(s, qn, ZIP_ERR_NWRP, "output write");
            return false;
        }
        data += n;
        len -= n;
    }
    return true;
}

/* SS: 0 is the densest, 3 the fastest; 1 is what the driver calls zlib 6. */
static int zip_level(unsigned ss)
{
    static const int level[4] = { 9, 6, 3, 1 };

    return level[ss & 3];
}

static void zip_deflate(ThunderxZipState *s, const uint8_t *hist,
                        uint32_t hist_len, const uint8_t *in, uint32_t len,
                        uint8_t *out, uint64_t cap, uint64_t iw0, ZipResult *r)
{
    unsigned cc = (iw0 >> ZIP_I0_CC_SHIFT) & 3;
    unsigned exn = (iw0 >> ZIP_I0_EXN_SHIFT) & 7;
    bool ef = iw0 & ZIP_I0_EF;
    int level = zip_level(iw0 >> ZIP_I0_SS_SHIFT);
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
        deflatePrime(zs, exn, (iw0 >> ZIP_I0_EXBITS_SHIFT) & 0x7f);
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

static void zip_inflate(ThunderxZipState *s, const uint8_t *hist,
                        uint32_t hist_len, const uint8_t *in, uint32_t len,
                        uint8_t *out, uint64_t cap, bool ef, ZipResult *r)
{
    z_stream *zs = &s->zinf;
    uint8_t probe;
    int ret;

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
    r->bits = zs->total_in * 8 - (zs->data_type & 0x3f);
}

static void zip_lzs_compress(const uint8_t *hist, uint32_t hist_len,
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

static void zip_lzs_decompress(const uint8_t *hist, uint32_t hist_len,
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

/* Run one instruction and write its output, then its result. */
static void zip_execute(ThunderxZipState *s, int qn, const uint64_t *iw)
{
    uint64_t iw0 = iw[0];
    bool ce = iw0 & ZIP_I0_CE, ef = iw0 & ZIP_I0_EF;
    unsigned cc = (iw0 >> ZIP_I0_CC_SHIFT) & 3;
    uint32_t hist_len = iw[1] >> ZIP_I1_HISTLEN_SHIFT;
    uint32_t seed = iw[1];
    uint64_t res_addr = iw[ZIP_IW_RES] & ZIP_ZPTR_ADDR_MASK;
    uint64_t cap = (iw0 >> ZIP_I0_TOTOUT_SHIFT) & ZIP_I0_TOTOUT_MASK;
    ZipBuf inb = { 0 }, outb = { 0 }, hisb = { 0 };
    g_autofree uint8_t *in = NULL;
    g_autofree uint8_t *his = NULL;
    g_autofree uint8_t *out = NULL;
    const uint8_t *hist, *data;
    uint32_t data_len;
    ZipResult r = { .compcode = ZIP_COMP_FATAL };
    uint64_t res[3];

    trace_thunderx_zip_inst(qn, ce, cc, ef, !!(iw0 & ZIP_I0_SF), hist_len,
                            cap);
    if (iw[ZIP_IW_WQ] & ZIP_ZPTR_ADDR_MASK) {
        qemu_log_mask(LOG_UNIMP, "thunderx-zip: queue %d: WQ_PTR work "
                      "submission is not modelled; ignored\n", qn);
    }
    if (res_addr & 7) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: queue %d: result pointer 0x%" PRIx64
                      " is not 8-byte aligned; instruction dropped\n",
                      qn, res_addr);
        zip_queue_error(s, qn, ZIP_ERR_NWRP, "result misaligned");
        return;
    }

    if (!zip_get_buf(s, qn, iw, ZIP_IW_INP, iw0 & ZIP_I0_DG, "input",
                     &inb, &r.compcode) ||
        !zip_get_buf(s, qn, iw, ZIP_IW_OUT, iw0 & ZIP_I0_DS, "output",
                     &outb, &r.compcode)) {
        goto done;
    }
    cap = MIN(cap, outb.total);
    in = zip_read_buf(s, qn, &inb, "input", &r.compcode);
    if (!in) {
        goto done;
    }

    if (ce) {
        /* Compression: the input starts with HISTORYLENGTH history bytes. */
        if (hist_len > inb.total) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: queue %d: HISTORYLENGTH %u exceeds "
                          "the %" PRIu64 "-byte input\n",
                          qn, hist_len, inb.total);
            goto done;
        }
        hist = in;
        data = in + hist_len;
        data_len = inb.total - hist_len;
    } else {
        if (hist_len) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: queue %d: HISTORYLENGTH must be 0 "
                          "for decompression (history comes through IWORD4)"
                          "\n", qn);
            goto done;
        }
        if (!zip_get_buf(s, qn, iw, ZIP_IW_HIS, iw0 & ZIP_I0_HG, "history",
                         &hisb, &r.compcode)) {
            goto done;
        }
        his = zip_read_buf(s, qn, &hisb, "history", &r.compcode);
        if (!his) {
            goto done;
        }
        hist = his;
        hist_len = hisb.total;
        data = in;
        data_len = inb.total;
    }

    out = g_malloc(MAX(cap, 1));
    if (ce && data_len == 0) {
        r.compcode = ZIP_COMP_ZERO_LEN;
    } else if (ce && cc == ZIP_CC_LZS) {
        zip_lzs_compress(hist, hist_len, data, data_len, out, cap, &r);
    } else if (ce) {
        zip_deflate(s, hist, hist_len, data, data_len, out, cap, iw0, &r);
    } else if (cc == ZIP_CC_LZS) {
        zip_lzs_decompress(hist, hist_len, data, data_len, out, cap, ef, &r);
    } else {
        zip_inflate(s, hist, hist_len, data, data_len, out, cap, ef, &r);
    }
    if (ce) {
        r.bytes_read = inb.total;
        r.adler32 = adler32(seed, data, data_len);
        r.crc32 = crc32(seed, data, data_len);
    } else {
        r.adler32 = adler32(seed, out, r.bytes_written);
        r.crc32 = crc32(seed, out, r.bytes_written);
    }
    /* The output is complete in memory before the result says so. */
    if (!zip_write_buf(s, qn, &outb, out, r.bytes_written)) {
        r.compcode = ZIP_COMP_FATAL;
    }

done:
    g_free(inb.seg);
    g_free(outb.seg);
    g_free(hisb.seg);
    if (iw0 & ZIP_I0_DONEINT) {
        s->q[qn].done = (s->q[qn].done + 1) & ZIP_COUNT_MASK;
    }
    trace_thunderx_zip_result(qn, r.compcode, r.bytes_read, r.bytes_written);
    res[0] = cpu_to_le64(r.adler32 | (uint64_t)r.crc32 << 32);
    res[1] = cpu_to_le64(r.bytes_read | (uint64_t)r.bytes_written << 32);
    res[2] = cpu_to_le64(r.compcode | (r.ef ? ZIP_R2_EF : 0) |
                         (iw0 & ZIP_I0_DONEINT ? ZIP_R2_DONEINT : 0) |
                         (uint64_t)r.bits << ZIP_R2_BITS_SHIFT);
    if (!zip_dma_write(s, res_addr, res, 16) ||
        !zip_dma_write(s, res_addr + 16, &res[2], 8)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: queue %d: result pointer 0x%" PRIx64
                      " is not in memory\n", qn, res_addr);
        zip_queue_error(s, qn, ZIP_ERR_NWRP, "result write");
    }
    if (iw0 & ZIP_I0_DONEINT) {
        zip_done_update(s, qn);
    }
}

static bool zip_queue_runnable(ThunderxZipState *s, int qn)
{
    ThunderxZipQueue *q = &s->q[qn];

    return q->pending && !q->halted && (s->que_ena & BIT(qn)) &&
           (q->map & ZIP_QUE_MAP_ZCE) && s->throttle;
}

/* Fetch and run the next instruction of a queue. */
static void zip_queue_step(ThunderxZipState *s, int qn)
{
    ThunderxZipQueue *q = &s->q[qn];
    uint32_t size = (q->sbuf_ctl >> ZIP_SBUF_CTL_SIZE_SHIFT) &
                    ZIP_SBUF_CTL_SIZE_MASK;
    uint32_t slots = size ? (size - 1) * 8 / ZIP_INST_SIZE : 0;
    uint64_t iw[ZIP_INST_WORDS], addr, nptr;
    g_autofree char *why = NULL;
    unsigned i;

    if (!slots) {
        why = g_strdup_printf("ZIP_QUE%d_SBUF_CTL SIZE %u words leaves no "
                              "room for an instruction", qn, size);
        zip_queue_halt(s, qn, ZIP_ERR_IRDE, why);
        return;
    }
    if (q->offset / ZIP_INST_SIZE >= slots) {
        /* Slots used up: follow the next-chunk pointer in the last word. */
        addr = q->chunk + (size - 1) * 8ULL;
        if (!zip_dma_read(s, addr, &nptr, 8)) {
            why = g_strdup_printf("next-chunk pointer at 0x%" PRIx64
                                  " is not in memory", addr);
            zip_queue_halt(s, qn, ZIP_ERR_IRDE, why);
            return;
        }
        nptr = ldq_le_p(&nptr);
        if (q->sbuf_ctl & ZIP_SBUF_CTL_INST_BE) {
            nptr = bswap64(nptr);
        }
        nptr &= ZIP_ZPTR_ADDR_MASK;
        if (!nptr || (nptr & (ZIP_INST_SIZE - 1))) {
            why = g_strdup_printf("next-chunk pointer 0x%" PRIx64 " at 0x%"
                                  PRIx64 " is %s", nptr, addr,
                                  nptr ? "not 128-byte aligned" : "null");
            zip_queue_halt(s, qn, ZIP_ERR_IRDE, why);
            return;
        }
        trace_thunderx_zip_chunk(qn, nptr);
        q->chunk = nptr;
        q->offset = 0;
    }

    addr = q->chunk + q->offset;
    if (g_hash_table_contains(q->seen, GSIZE_TO_POINTER(addr))) {
        why = g_strdup_printf("the queue chain loops: the instruction at "
                              "0x%" PRIx64 " comes round again within one "
                              "doorbell run", addr);
        zip_queue_halt(s, qn, ZIP_ERR_IRDE, why);
        return;
    }
    if (!zip_dma_read(s, addr, iw, sizeof(iw))) {
        why = g_strdup_printf("instruction at 0x%" PRIx64
                              " is not in memory", addr);
        zip_queue_halt(s, qn, ZIP_ERR_IRDE, why);
        return;
    }
    g_hash_table_add(q->seen, GSIZE_TO_POINTER(addr));
    for (i = 0; i < ZIP_INST_WORDS; i++) {
        iw[i] = (q->sbuf_ctl & ZIP_SBUF_CTL_INST_BE) ? be64_to_cpu(iw[i])
                                                      : le64_to_cpu(iw[i]);
    }
    q->offset += ZIP_INST_SIZE;
    q->pending--;
    q->nii++;
    if (!q->pending) {
        g_hash_table_remove_all(q->seen);
    }
    trace_thunderx_zip_fetch(qn, addr, q->pending);
    zip_execute(s, qn, iw);
}

/* Run a batch of every runnable queue; the bottom half does the rest. */
static void zip_run(ThunderxZipState *s)
{
    bool more = false;
    int qn, n;

    for (qn = 0; qn < ZIP_NUM_QUEUES; qn++) {
        for (n = 0; n < ZIP_BATCH && zip_queue_runnable(s, qn); n++) {
            zip_queue_step(s, qn);
        }
        more |= zip_queue_runnable(s, qn);
    }
    if (more) {
        qemu_bh_schedule(s->bh);
    }
}

static void zip_bh(void *opaque)
{
    zip_run(opaque);
}

static void zip_queue_restart(ThunderxZipQueue *q)
{
    q->chunk = q->sbuf_addr & ZIP_SBUF_ADDR_MASK;
    q->offset = 0;
    q->pending = 0;
    q->halted = false;
    g_hash_table_remove_all(q->seen);
}

static void zip_engine_reset(ThunderxZipState *s)
{
    int qn;

    for (qn = 0; qn < ZIP_NUM_QUEUES; qn++) {
        zip_queue_restart(&s->q[qn]);
        s->q[qn].done = 0;
        s->q[qn].nii = 0;
    }
}

static uint64_t zip_reg_read(ThunderxZipState *s, hwaddr off)
{
    int qn = (off >> 3) & 7;
    ThunderxZipQueue *q = &s->q[qn];

    switch (off) {
    case ZIP_CMD_CTL:
        return s->cmd_ctl;
    case ZIP_THROTTLE:
        return s->throttle;
    case ZIP_FIFE_INT:
    case ZIP_FIFE_INT_W1S:
        return s->fife_int;
    case ZIP_FIFE_ENA_W1S:
    case ZIP_FIFE_ENA_W1C:
        return s->fife_ena;
    case ZIP_CONSTANTS:
        return ZIP_CONSTANTS_VAL;
    case ZIP_QUE_ENA:
        return s->que_ena;
    case ZIP_QUE_PRI:
        return s->que_pri;
    case ZIP_CTL_BIST_STATUS:
        return 0;
    case ZIP_CTL_CFG:
        return s->ctl_cfg;
    case ZIP_ECC_CTL:
        return s->ecc_ctl;
    case ZIP_ECCE_INT:
    case ZIP_ECCE_INT_W1S:
        return s->ecce_int;
    case ZIP_ECCE_ENA_W1S:
    case ZIP_ECCE_ENA_W1C:
        return s->ecce_ena;
    case ZIP_QUE_SBUF_ADDR(0) ... ZIP_QUE_SBUF_ADDR(7):
        return q->sbuf_addr;
    case ZIP_QUE_SBUF_CTL(0) ... ZIP_QUE_SBUF_CTL(7):
        return q->sbuf_ctl;
    case ZIP_QUE_MAP(0) ... ZIP_QUE_MAP(7):
        return q->map;
    case ZIP_DBG_QUE_STA(0) ... ZIP_DBG_QUE_STA(7):
        return q->nii | (uint64_t)q->pending << 32 |
               (zip_queue_runnable(s, qn) ? ZIP_DBG_QUE_STA_BUSY : 0);
    case ZIP_QUE_GCFG(0) ... ZIP_QUE_GCFG(7):
        return q->gcfg;
    case ZIP_QUE_DONE(0) ... ZIP_QUE_DONE(7):
        return q->done;
    case ZIP_QUE_DONE_ACK(0) ... ZIP_QUE_DONE_ACK(7):
        return q->done;
    case ZIP_QUE_DONE_ENA_W1S(0) ... ZIP_QUE_DONE_ENA_W1S(7):
    case ZIP_QUE_DONE_ENA_W1C(0) ... ZIP_QUE_DONE_ENA_W1C(7):
        return q->done_ena;
    case ZIP_QUE_DONE_WAIT(0) ... ZIP_QUE_DONE_WAIT(7):
        return q->done_wait;
    case ZIP_QUE_ERR_INT(0) ... ZIP_QUE_ERR_INT(7):
    case ZIP_QUE_ERR_INT_W1S(0) ... ZIP_QUE_ERR_INT_W1S(7):
        return q->err_int;
    case ZIP_QUE_ERR_ENA_W1S(0) ... ZIP_QUE_ERR_ENA_W1S(7):
    case ZIP_QUE_ERR_ENA_W1C(0) ... ZIP_QUE_ERR_ENA_W1C(7):
        return q->err_ena;
    case ZIP_QUE_DOORBELL(0) ... ZIP_QUE_DOORBELL(7):
        return q->pending;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: read of unknown CSR 0x%04" HWADDR_PRIx
                      "\n", off);
        return 0;
    }
}

static void zip_warn_reserved(hwaddr off, uint64_t val, uint64_t mask)
{
    if (val & ~mask) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: CSR 0x%04" HWADDR_PRIx " write 0x%016"
                      PRIx64 " sets reserved bits 0x%016" PRIx64 "\n",
                      off, val, val & ~mask);
    }
}

static void zip_reg_write(ThunderxZipState *s, hwaddr off, uint64_t val)
{
    int qn = (off >> 3) & 7;
    ThunderxZipQueue *q = &s->q[qn];
    uint64_t cnt;

    switch (off) {
    case ZIP_CMD_CTL:
        zip_warn_reserved(off, val, ZIP_CMD_CTL_RESET | ZIP_CMD_CTL_FORCECLK);
        if (val & ZIP_CMD_CTL_RESET) {
            /* The cores reset: queued work is dropped, the bit self-clears. */
            trace_thunderx_zip_core_reset();
            zip_engine_reset(s);
        }
        s->cmd_ctl = val & ZIP_CMD_CTL_FORCECLK;
        break;
    case ZIP_THROTTLE:
        zip_warn_reserved(off, val, ZIP_THROTTLE_MASK);
        s->throttle = val & ZIP_THROTTLE_MASK;
        break;
    case ZIP_FIFE_INT:
        s->fife_int &= ~val;
        break;
    case ZIP_FIFE_INT_W1S:
        s->fife_int |= val & ZIP_FIFE_MASK;
        break;
    case ZIP_FIFE_ENA_W1S:
        s->fife_ena |= val & ZIP_FIFE_MASK;
        break;
    case ZIP_FIFE_ENA_W1C:
        s->fife_ena &= ~val;
        break;
    case ZIP_QUE_ENA:
        zip_warn_reserved(off, val, 0xff);
        s->que_ena = val & 0xff;
        break;
    case ZIP_QUE_PRI:
        zip_warn_reserved(off, val, 0xff);
        s->que_pri = val & 0xff;
        break;
    case ZIP_CTL_CFG:
        s->ctl_cfg = val;
        break;
    case ZIP_ECC_CTL:
        zip_warn_reserved(off, val, ZIP_ECC_CTL_MASK);
        s->ecc_ctl = val & ZIP_ECC_CTL_MASK;
        break;
    case ZIP_ECCE_INT:
        s->ecce_int &= ~val;
        break;
    case ZIP_ECCE_INT_W1S:
        s->ecce_int |= val & ZIP_ECCE_MASK;
        break;
    case ZIP_ECCE_ENA_W1S:
        s->ecce_ena |= val & ZIP_ECCE_MASK;
        break;
    case ZIP_ECCE_ENA_W1C:
        s->ecce_ena &= ~val;
        break;
    case ZIP_QUE_SBUF_ADDR(0) ... ZIP_QUE_SBUF_ADDR(7):
        zip_warn_reserved(off, val, ZIP_SBUF_ADDR_MASK);
        if (q->pending) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: ZIP_QUE%d_SBUF_ADDR rewritten with "
                          "%u doorbell(s) outstanding; they are dropped\n",
                          qn, q->pending);
        }
        q->sbuf_addr = val & ZIP_SBUF_ADDR_MASK;
        zip_queue_restart(q);
        if (q->sbuf_addr & (ZIP_INST_SIZE - 1)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: ZIP_QUE%d_SBUF_ADDR 0x%" PRIx64
                          " is not 128-byte aligned; queue stopped\n",
                          qn, q->sbuf_addr);
            q->halted = true;
        }
        break;
    case ZIP_QUE_SBUF_CTL(0) ... ZIP_QUE_SBUF_CTL(7):
        zip_warn_reserved(off, val, ZIP_SBUF_CTL_MASK);
        if (q->pending) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: ZIP_QUE%d_SBUF_CTL rewritten with "
                          "%u doorbell(s) outstanding\n", qn, q->pending);
        }
        q->sbuf_ctl = val & ZIP_SBUF_CTL_MASK;
        break;
    case ZIP_QUE_MAP(0) ... ZIP_QUE_MAP(7):
        zip_warn_reserved(off, val, ZIP_QUE_MAP_ZCE);
        q->map = val & ZIP_QUE_MAP_ZCE;
        break;
    case ZIP_QUE_GCFG(0) ... ZIP_QUE_GCFG(7):
        q->gcfg = val & ZIP_QUE_GCFG_MASK;
        break;
    case ZIP_QUE_DONE(0) ... ZIP_QUE_DONE(7):
        q->done = val & ZIP_COUNT_MASK;
        break;
    case ZIP_QUE_DONE_ACK(0) ... ZIP_QUE_DONE_ACK(7):
        cnt = val & ZIP_COUNT_MASK;
        if (cnt > q->done) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: ZIP_QUE%d_DONE_ACK of %" PRIu64
                          " exceeds the done count %" PRIu64 "\n",
                          qn, cnt, q->done);
            cnt = q->done;
        }
        q->done -= cnt;
        zip_done_update(s, qn);
        break;
    case ZIP_QUE_DONE_ENA_W1S(0) ... ZIP_QUE_DONE_ENA_W1S(7):
        q->done_ena |= val & 1;
        zip_done_update(s, qn);
        break;
    case ZIP_QUE_DONE_ENA_W1C(0) ... ZIP_QUE_DONE_ENA_W1C(7):
        q->done_ena &= ~(val & 1);
        break;
    case ZIP_QUE_DONE_WAIT(0) ... ZIP_QUE_DONE_WAIT(7):
        zip_warn_reserved(off, val, ZIP_DONE_WAIT_MASK);
        q->done_wait = val & ZIP_DONE_WAIT_MASK;
        if (q->done_wait >> 32) {
            qemu_log_mask(LOG_UNIMP, "thunderx-zip: ZIP_QUE%d_DONE_WAIT "
                          "TIME_WAIT is not modelled; only NUM_WAIT "
                          "counts\n", qn);
        }
        break;
    case ZIP_QUE_ERR_INT(0) ... ZIP_QUE_ERR_INT(7):
        q->err_int &= ~val;
        break;
    case ZIP_QUE_ERR_INT_W1S(0) ... ZIP_QUE_ERR_INT_W1S(7):
        zip_queue_error(s, qn, val & ZIP_ERR_MASK, "ERR_INT_W1S");
        break;
    case ZIP_QUE_ERR_ENA_W1S(0) ... ZIP_QUE_ERR_ENA_W1S(7):
        q->err_ena |= val & ZIP_ERR_MASK;
        break;
    case ZIP_QUE_ERR_ENA_W1C(0) ... ZIP_QUE_ERR_ENA_W1C(7):
        q->err_ena &= ~val;
        break;
    case ZIP_QUE_DOORBELL(0) ... ZIP_QUE_DOORBELL(7):
        cnt = val & ZIP_COUNT_MASK;
        zip_warn_reserved(off, val, ZIP_COUNT_MASK);
        trace_thunderx_zip_doorbell(qn, cnt, q->pending);
        if (q->halted) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: doorbell on stopped queue %d "
                          "ignored (rewrite ZIP_QUE%d_SBUF_ADDR to restart)"
                          "\n", qn, qn);
            break;
        }
        if (q->pending + cnt > ZIP_COUNT_MASK) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: queue %d doorbell overflow: %u "
                          "pending + %" PRIu64 "\n", qn, q->pending, cnt);
            zip_queue_error(s, qn, ZIP_ERR_DOVF, "doorbell overflow");
            break;
        }
        q->pending += cnt;
        break;
    case ZIP_CONSTANTS:
    case ZIP_CTL_BIST_STATUS:
    case ZIP_DBG_QUE_STA(0) ... ZIP_DBG_QUE_STA(7):
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: write to read-only CSR 0x%04"
                      HWADDR_PRIx "\n", off);
        return;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: write of unknown CSR 0x%04" HWADDR_PRIx
                      "\n", off);
        return;
    }
    zip_run(s);
}

static uint64_t zip_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    ThunderxZipState *s = opaque;
    uint64_t val = zip_reg_read(s, addr & ~7ULL);

    if (size == 4) {
        val = extract64(val, (addr & 4) * 8, 32);
    }
    trace_thunderx_zip_read(addr, size, val);
    return val;
}

static void zip_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                           unsigned size)
{
    ThunderxZipState *s = opaque;

    trace_thunderx_zip_write(addr, size, val);
    if (size != 8) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: %u-byte write to CSR 0x%04" HWADDR_PRIx
                      " ignored: ZIP CSRs take 64-bit writes\n", size, addr);
        return;
    }
    zip_reg_write(s, addr, val);
}

static const MemoryRegionOps zip_mmio_ops = {
    .read = zip_mmio_read,
    .write = zip_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 8,
        .unaligned = false,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 8,
    },
};

static void zip_realize(PCIDevice *pdev, Error **errp)
{
    ThunderxZipState *s = THUNDERX_ZIP(pdev);
    int qn;

    memory_region_init_io(&s->bar0, OBJECT(s), &zip_mmio_ops, s,
                          "thunderx-zip-csr", ZIP_BAR0_SIZE);
    pci_register_bar(pdev, 0, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->bar0);
    if (msix_init_exclusive_bar(pdev, ZIP_NUM_VECTORS, ZIP_MSIX_BAR,
                                errp)) {
        return;
    }
    for (qn = 0; qn < ZIP_NUM_VECTORS; qn++) {
        msix_vector_use(pdev, qn);
    }
    if (pcie_endpoint_cap_init(pdev, 0x70) < 0) {
        error_setg(errp, "thunderx-zip: cannot add the PCIe capability");
        msix_uninit_exclusive_bar(pdev);
        return;
    }
    /*
     * An on-chip ThunderX device masters memory whatever PCI_COMMAND says:
     * Linux's driver never sets MASTER, and works on the chip.
     */
    s->dma_as = pci_device_iommu_address_space(pdev);
    s->bh = qemu_bh_new_guarded(zip_bh, s,
                                &DEVICE(s)->mem_reentrancy_guard);
    for (qn = 0; qn < ZIP_NUM_QUEUES; qn++) {
        s->q[qn].seen = g_hash_table_new(g_direct_hash, g_direct_equal);
    }
}

static void zip_exit(PCIDevice *pdev)
{
    ThunderxZipState *s = THUNDERX_ZIP(pdev);
    int qn;

    qemu_bh_delete(s->bh);
    if (s->zdef_ready) {
        deflateEnd(&s->zdef);
    }
    if (s->zinf_ready) {
        inflateEnd(&s->zinf);
    }
    for (qn = 0; qn < ZIP_NUM_QUEUES; qn++) {
        g_hash_table_destroy(s->q[qn].seen);
    }
    pcie_cap_exit(pdev);
    msix_unuse_all_vectors(pdev);
    msix_uninit_exclusive_bar(pdev);
}

static void zip_reset_hold(Object *obj, ResetType type)
{
    ThunderxZipState *s = THUNDERX_ZIP(obj);
    int qn;

    s->cmd_ctl = 0;
    s->throttle = ZIP_THROTTLE_RESET;
    s->fife_int = s->fife_ena = 0;
    s->que_ena = s->que_pri = 0;
    s->ctl_cfg = s->ecc_ctl = 0;
    s->ecce_int = s->ecce_ena = 0;
    for (qn = 0; qn < ZIP_NUM_QUEUES; qn++) {
        ThunderxZipQueue *q = &s->q[qn];

        q->sbuf_addr = q->sbuf_ctl = q->map = q->gcfg = 0;
        q->done = q->done_ena = q->done_wait = 0;
        q->err_int = q->err_ena = 0;
        q->nii = 0;
        zip_queue_restart(q);
    }
}

static int zip_post_load(void *opaque, int version_id)
{
    ThunderxZipState *s = opaque;
    int qn;

    for (qn = 0; qn < ZIP_NUM_QUEUES; qn++) {
        if (s->q[qn].pending > ZIP_COUNT_MASK) {
            return -EINVAL;
        }
    }
    /* Work left for the bottom half on the source continues here. */
    qemu_bh_schedule(s->bh);
    return 0;
}

static const VMStateDescription vmstate_zip_queue = {
    .name = "thunderx-zip-queue",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(sbuf_addr, ThunderxZipQueue),
        VMSTATE_UINT64(sbuf_ctl, ThunderxZipQueue),
        VMSTATE_UINT64(map, ThunderxZipQueue),
        VMSTATE_UINT64(gcfg, ThunderxZipQueue),
        VMSTATE_UINT64(done, ThunderxZipQueue),
        VMSTATE_UINT64(done_ena, ThunderxZipQueue),
        VMSTATE_UINT64(done_wait, ThunderxZipQueue),
        VMSTATE_UINT64(err_int, ThunderxZipQueue),
        VMSTATE_UINT64(err_ena, ThunderxZipQueue),
        VMSTATE_UINT64(chunk, ThunderxZipQueue),
        VMSTATE_UINT32(offset, ThunderxZipQueue),
        VMSTATE_UINT32(pending, ThunderxZipQueue),
        VMSTATE_UINT32(nii, ThunderxZipQueue),
        VMSTATE_BOOL(halted, ThunderxZipQueue),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_thunderx_zip = {
    .name = TYPE_THUNDERX_ZIP,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = zip_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, ThunderxZipState),
        VMSTATE_MSIX(parent_obj, ThunderxZipState),
        VMSTATE_UINT64(cmd_ctl, ThunderxZipState),
        VMSTATE_UINT64(throttle, ThunderxZipState),
        VMSTATE_UINT64(fife_int, ThunderxZipState),
        VMSTATE_UINT64(fife_ena, ThunderxZipState),
        VMSTATE_UINT64(que_ena, ThunderxZipState),
        VMSTATE_UINT64(que_pri, ThunderxZipState),
        VMSTATE_UINT64(ctl_cfg, ThunderxZipState),
        VMSTATE_UINT64(ecc_ctl, ThunderxZipState),
        VMSTATE_UINT64(ecce_int, ThunderxZipState),
        VMSTATE_UINT64(ecce_ena, ThunderxZipState),
        VMSTATE_STRUCT_ARRAY(q, ThunderxZipState, ZIP_NUM_QUEUES, 1,
                             vmstate_zip_queue, ThunderxZipQueue),
        VMSTATE_END_OF_LIST()
    },
};

static void zip_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    PCIDeviceClass *pc = PCI_DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    pc->realize = zip_realize;
    pc->exit = zip_exit;
    pc->vendor_id = PCI_VENDOR_ID_CAVIUM_ZIP;
    pc->device_id = PCI_DEVICE_ID_THUNDERX_ZIP;
    pc->revision = 0;
    pc->class_id = PCI_CLASS_PROCESSOR_CO;
    rc->phases.hold = zip_reset_hold;
    dc->vmsd = &vmstate_thunderx_zip;
    dc->desc = "Cavium ThunderX ZIP compression engine";
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo zip_types[] = {
    {
        .name = TYPE_THUNDERX_ZIP,
        .parent = TYPE_PCI_DEVICE,
        .instance_size = sizeof(ThunderxZipState),
        .class_init = zip_class_init,
        .interfaces = (InterfaceInfo[]) {
            { INTERFACE_PCIE_DEVICE },
            { },
        },
    },
};

DEFINE_TYPES(zip_types)
