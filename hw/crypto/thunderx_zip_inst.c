/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX ZIP: instruction fetch and execution.
 *
 * A queue's instructions sit in chunks of ZIP_QUE_SBUF_CTL[SIZE] words:
 * 128-byte ZIP_INST_S slots, then the next-chunk pointer (ZIP_NPTR_S) in
 * the last word, followed when the slots run out. Each instruction names
 * an input, an output and a 24-byte ZIP_ZRES_S result buffer, directly
 * or as gather/scatter lists of ZIP_ZPTR_S; the engine reads the input
 * whole, runs the coding (thunderx_zip_engine.c), writes the output, then
 * the result with its completion code last, which is what the driver
 * polls.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qemu/units.h"
#include "system/dma.h"
#include "thunderx_zip_internal.h"
#include "trace.h"
#include <libdeflate.h>

/* Gather/scatter lists: most entries, and most data, per instruction. */
#define ZIP_MAX_GATHER      1024
#define ZIP_MAX_DATA        (16 * MiB)

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
    uint64_t addr = FIELD_EX64(iw[idx], ZIP_ZPTR_ADDR, ADDR);
    uint32_t len = FIELD_EX64(iw[idx + 1], ZIP_ZPTR_CTL, LENGTH);
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
        thunderx_zip_queue_error(s, qn, R_ZIP_QUE_ERR_INT_NRRP_MASK,
                                 "gather list read");
        *code = ZIP_COMP_FATAL;
        return false;
    }
    for (i = 0; i < len; i++) {
        uint64_t a = FIELD_EX64(le64_to_cpu(list[2 * i]), ZIP_ZPTR_ADDR,
                                ADDR);
        uint32_t l = FIELD_EX64(le64_to_cpu(list[2 * i + 1]), ZIP_ZPTR_CTL,
                                LENGTH);

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
            thunderx_zip_queue_error(s, qn, R_ZIP_QUE_ERR_INT_NRRP_MASK,
                                     "data read");
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
            thunderx_zip_queue_error(s, qn, R_ZIP_QUE_ERR_INT_NWRP_MASK,
                                     "output write");
            return false;
        }
        data += n;
        len -= n;
    }
    return true;
}

/*
 * Count the instruction in ZIP_QUE(qn)_DONE when DONEINT asks for it,
 * and write its ZIP_ZRES_S: words 0 and 1, then word 2 with the
 * completion code, which the driver polls.
 */
static void zip_complete(ThunderxZipState *s, int qn, uint64_t iw0,
                         uint64_t res_addr, const ZipResult *r)
{
    bool doneint = FIELD_EX64(iw0, ZIP_INST_IWORD0, DONEINT);
    uint64_t res[3] = { 0 };

    if (doneint) {
        s->q[qn].done = (s->q[qn].done + 1) & R_ZIP_QUE_DONE_DONE_MASK;
    }
    trace_thunderx_zip_result(qn, r->compcode, r->bytes_read,
                              r->bytes_written);
    res[0] = FIELD_DP64(res[0], ZIP_ZRES_W0, ADLER32, r->adler32);
    res[0] = FIELD_DP64(res[0], ZIP_ZRES_W0, CRC32, r->crc32);
    res[1] = FIELD_DP64(res[1], ZIP_ZRES_W1, TOTALBYTESREAD, r->bytes_read);
    res[1] = FIELD_DP64(res[1], ZIP_ZRES_W1, TOTALBYTESWRITTEN,
                        r->bytes_written);
    res[2] = FIELD_DP64(res[2], ZIP_ZRES_W2, COMPCODE, r->compcode);
    res[2] = FIELD_DP64(res[2], ZIP_ZRES_W2, EF, r->ef);
    res[2] = FIELD_DP64(res[2], ZIP_ZRES_W2, DONEINT, doneint);
    res[2] = FIELD_DP64(res[2], ZIP_ZRES_W2, TOTALBITSPROCESSED, r->bits);
    res[0] = cpu_to_le64(res[0]);
    res[1] = cpu_to_le64(res[1]);
    res[2] = cpu_to_le64(res[2]);
    if (!zip_dma_write(s, res_addr, res, 16) ||
        !zip_dma_write(s, res_addr + 16, &res[2], 8)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: queue %d: result pointer 0x%" PRIx64
                      " is not in memory\n", qn, res_addr);
        thunderx_zip_queue_error(s, qn, R_ZIP_QUE_ERR_INT_NWRP_MASK,
                                 "result write");
    }
    if (doneint) {
        thunderx_zip_done_update(s, qn);
    }
}

/* Run one instruction and write its output, then its result. */
static void zip_execute(ThunderxZipState *s, int qn, const uint64_t *iw)
{
    uint64_t iw0 = iw[0];
    bool ce = FIELD_EX64(iw0, ZIP_INST_IWORD0, CE);
    bool ef = FIELD_EX64(iw0, ZIP_INST_IWORD0, EF);
    unsigned cc = FIELD_EX64(iw0, ZIP_INST_IWORD0, CC);
    uint32_t hist_len = FIELD_EX64(iw[1], ZIP_INST_IWORD1, HISTORYLENGTH);
    uint32_t seed = FIELD_EX64(iw[1], ZIP_INST_IWORD1, ADLERCRC32);
    uint64_t res_addr = FIELD_EX64(iw[ZIP_IW_RES], ZIP_ZPTR_ADDR, ADDR);
    uint64_t cap = FIELD_EX64(iw0, ZIP_INST_IWORD0, TOTALOUTPUTLENGTH);
    ZipBuf inb = { 0 }, outb = { 0 }, hisb = { 0 };
    g_autofree uint8_t *in = NULL;
    g_autofree uint8_t *his = NULL;
    g_autofree uint8_t *out = NULL;
    const uint8_t *hist, *data;
    uint32_t data_len;
    ZipResult r = { .compcode = ZIP_COMP_FATAL };
    /* Host time per instruction, for bench/zip-throughput's breakdown. */
    int64_t t0 = trace_event_get_state_backends(TRACE_THUNDERX_ZIP_EXEC) ?
                 get_clock() : 0;

    trace_thunderx_zip_inst(qn, ce, cc, ef,
                            FIELD_EX64(iw0, ZIP_INST_IWORD0, SF), hist_len,
                            cap);
    if (FIELD_EX64(iw[ZIP_IW_WQ], ZIP_ZPTR_ADDR, ADDR)) {
        qemu_log_mask(LOG_UNIMP, "thunderx-zip: queue %d: WQ_PTR work "
                      "submission is not modelled; ignored\n", qn);
    }
    if (res_addr & 7) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: queue %d: result pointer 0x%" PRIx64
                      " is not 8-byte aligned; instruction dropped\n",
                      qn, res_addr);
        thunderx_zip_queue_error(s, qn, R_ZIP_QUE_ERR_INT_NWRP_MASK,
                                 "result misaligned");
        return;
    }

    if (!zip_get_buf(s, qn, iw, ZIP_IW_INP,
                     FIELD_EX64(iw0, ZIP_INST_IWORD0, DG), "input",
                     &inb, &r.compcode) ||
        !zip_get_buf(s, qn, iw, ZIP_IW_OUT,
                     FIELD_EX64(iw0, ZIP_INST_IWORD0, DS), "output",
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
        if (!zip_get_buf(s, qn, iw, ZIP_IW_HIS,
                         FIELD_EX64(iw0, ZIP_INST_IWORD0, HG), "history",
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
        thunderx_zip_lzs_compress(hist, hist_len, data, data_len, out, cap, &r);
    } else if (ce) {
        thunderx_zip_deflate(s, hist, hist_len, data, data_len, out, cap,
                             iw0, &r);
    } else if (cc == ZIP_CC_LZS) {
        thunderx_zip_lzs_decompress(hist, hist_len, data, data_len, out, cap,
                                    ef, &r);
    } else {
        thunderx_zip_inflate(s, hist, hist_len, data, data_len, out, cap,
                             ef, &r);
    }
    /*
     * The engine reports both checksums of the uncompressed data every
     * time. libdeflate's (SIMD) give zlib's values at a tenth of the cost:
     * zlib's scalar pair took ~25 us of a 32 KiB request.
     */
    if (ce) {
        r.bytes_read = inb.total;
        r.adler32 = libdeflate_adler32(seed, data, data_len);
        r.crc32 = libdeflate_crc32(seed, data, data_len);
    } else {
        r.adler32 = libdeflate_adler32(seed, out, r.bytes_written);
        r.crc32 = libdeflate_crc32(seed, out, r.bytes_written);
    }
    /* The output is complete in memory before the result says so. */
    if (!zip_write_buf(s, qn, &outb, out, r.bytes_written)) {
        r.compcode = ZIP_COMP_FATAL;
    }

done:
    g_free(inb.seg);
    g_free(outb.seg);
    g_free(hisb.seg);
    zip_complete(s, qn, iw0, res_addr, &r);
    if (t0) {
        trace_thunderx_zip_exec(qn, ce, r.bytes_read, r.bytes_written,
                                get_clock() - t0);
    }
}

/* Fetch and run the next instruction of a queue. */
void thunderx_zip_queue_step(ThunderxZipState *s, int qn)
{
    ThunderxZipQueue *q = &s->q[qn];
    uint32_t size = FIELD_EX64(q->sbuf_ctl, ZIP_QUE_SBUF_CTL, SIZE);
    bool inst_be = FIELD_EX64(q->sbuf_ctl, ZIP_QUE_SBUF_CTL, INST_BE);
    uint32_t slots = size ? (size - 1) * 8 / ZIP_INST_SIZE : 0;
    uint64_t iw[ZIP_INST_WORDS], addr, nptr;
    g_autofree char *why = NULL;
    unsigned i;

    if (!slots) {
        why = g_strdup_printf("ZIP_QUE%d_SBUF_CTL SIZE %u words leaves no "
                              "room for an instruction", qn, size);
        thunderx_zip_queue_halt(s, qn, R_ZIP_QUE_ERR_INT_IRDE_MASK, why);
        return;
    }
    if (q->offset / ZIP_INST_SIZE >= slots) {
        /* Slots used up: follow the next-chunk pointer in the last word. */
        addr = q->chunk + (size - 1) * 8ULL;
        if (!zip_dma_read(s, addr, &nptr, 8)) {
            why = g_strdup_printf("next-chunk pointer at 0x%" PRIx64
                                  " is not in memory", addr);
            thunderx_zip_queue_halt(s, qn, R_ZIP_QUE_ERR_INT_IRDE_MASK, why);
            return;
        }
        nptr = ldq_le_p(&nptr);
        if (inst_be) {
            nptr = bswap64(nptr);
        }
        nptr = FIELD_EX64(nptr, ZIP_NPTR, ADDR);
        if (!nptr || (nptr & (ZIP_INST_SIZE - 1))) {
            why = g_strdup_printf("next-chunk pointer 0x%" PRIx64 " at 0x%"
                                  PRIx64 " is %s", nptr, addr,
                                  nptr ? "not 128-byte aligned" : "null");
            thunderx_zip_queue_halt(s, qn, R_ZIP_QUE_ERR_INT_IRDE_MASK, why);
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
        thunderx_zip_queue_halt(s, qn, R_ZIP_QUE_ERR_INT_IRDE_MASK, why);
        return;
    }
    if (!zip_dma_read(s, addr, iw, sizeof(iw))) {
        why = g_strdup_printf("instruction at 0x%" PRIx64
                              " is not in memory", addr);
        thunderx_zip_queue_halt(s, qn, R_ZIP_QUE_ERR_INT_IRDE_MASK, why);
        return;
    }
    g_hash_table_add(q->seen, GSIZE_TO_POINTER(addr));
    for (i = 0; i < ZIP_INST_WORDS; i++) {
        iw[i] = inst_be ? be64_to_cpu(iw[i]) : le64_to_cpu(iw[i]);
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
