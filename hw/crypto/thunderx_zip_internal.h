/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX ZIP: what crosses the model's files.
 *
 *   thunderx_zip.c         PCI function, CSRs, queues and doorbells,
 *                          interrupts, reset, VMState
 *   thunderx_zip_inst.c    instruction fetch and execution: ZIP_INST_S,
 *                          gather/scatter, output and ZIP_ZRES_S writes
 *   thunderx_zip_engine.c  the cores' codings: deflate/inflate (zlib,
 *                          libdeflate for whole streams), LZS
 */
#ifndef HW_CRYPTO_THUNDERX_ZIP_INTERNAL_H
#define HW_CRYPTO_THUNDERX_ZIP_INTERNAL_H

#include "hw/crypto/thunderx_zip.h"

/* History window of each coding, in bytes. */
#define ZIP_DEFLATE_WINDOW  32768
#define ZIP_LZS_WINDOW      2048

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

/* thunderx_zip.c: queue errors and interrupts. */

/* Set ZIP_QUE(qn)_ERR_INT bits; a new enabled bit fires vector 8 + qn. */
void thunderx_zip_queue_error(ThunderxZipState *s, int qn, uint64_t bit,
                              const char *why);
/* A fetch or chain error stops the queue until SBUF_ADDR is rewritten. */
void thunderx_zip_queue_halt(ThunderxZipState *s, int qn, uint64_t bit,
                             const char *why);
/* Fire queue qn's DONE vector when DONE reaches NUM_WAIT and it is enabled. */
void thunderx_zip_done_update(ThunderxZipState *s, int qn);

/* thunderx_zip_inst.c: fetch the next instruction of a queue and run it. */
void thunderx_zip_queue_step(ThunderxZipState *s, int qn);

/*
 * thunderx_zip_engine.c: code len bytes of input into at most cap bytes
 * of output, with hist_len bytes of history before the input.
 */
void thunderx_zip_deflate(ThunderxZipState *s, const uint8_t *hist,
                          uint32_t hist_len, const uint8_t *in, uint32_t len,
                          uint8_t *out, uint64_t cap, uint64_t iw0,
                          ZipResult *r);
void thunderx_zip_inflate(ThunderxZipState *s, const uint8_t *hist,
                          uint32_t hist_len, const uint8_t *in, uint32_t len,
                          uint8_t *out, uint64_t cap, bool ef, ZipResult *r);
void thunderx_zip_lzs_compress(const uint8_t *hist, uint32_t hist_len,
                               const uint8_t *in, uint32_t len, uint8_t *out,
                               uint64_t cap, ZipResult *r);
void thunderx_zip_lzs_decompress(const uint8_t *hist, uint32_t hist_len,
                                 const uint8_t *in, uint32_t len, uint8_t *out,
                                 uint64_t cap, bool ef, ZipResult *r);
/* Release the host zlib streams and libdeflate's decoder. */
void thunderx_zip_engine_release(ThunderxZipState *s);

#endif
