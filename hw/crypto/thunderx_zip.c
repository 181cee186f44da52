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
 * This file is the PCI function: BAR0's CSRs, the queues and their
 * doorbells, interrupts (MSI-X), reset and VMState. Instruction fetch
 * and execution are in thunderx_zip_inst.c, the codings in
 * thunderx_zip_engine.c.
 *
 * Not modelled: compression/decompression context save (CTX pointer,
 * BF=0 continuation), SSO work submission (WQ_PTR), DONE_WAIT's time
 * threshold, ECC and FIFO error injection, big-endian data pointers.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/main-loop.h"
#include "qapi/error.h"
#include "migration/vmstate.h"
#include "hw/pci/pci.h"
#include "hw/pci/msix.h"
#include "hw/pci/pcie.h"
#include "thunderx_zip_internal.h"
#include "trace.h"

/* Instructions run per queue before yielding to the bottom half. */
#define ZIP_BATCH           32

/* ZIP_CONSTANTS as the model reports them (the driver only prints them). */
#define ZIP_CONST_CTXSIZE   2048
#define ZIP_CONST_ONFSIZE   1024
#define ZIP_CONST_DEPTH     ZIP_DEFLATE_WINDOW
#define ZIP_CONST_NEXEC     2
#define ZIP_THROTTLE_RESET  0x10

/* The bits each writable CSR keeps; the rest are reserved. */
#define ZIP_CMD_CTL_RW      (R_ZIP_CMD_CTL_RESET_MASK | \
                             R_ZIP_CMD_CTL_FORCECLK_MASK)
#define ZIP_ECC_CTL_RW      (R_ZIP_ECC_CTL_IQF_FS_MASK | \
                             R_ZIP_ECC_CTL_IQF_CDIS_MASK | \
                             R_ZIP_ECC_CTL_GSPF_FS_MASK | \
                             R_ZIP_ECC_CTL_GSPF_CDIS_MASK | \
                             R_ZIP_ECC_CTL_IDF0_FS_MASK | \
                             R_ZIP_ECC_CTL_IDF0_CDIS_MASK | \
                             R_ZIP_ECC_CTL_IDF1_FS_MASK | \
                             R_ZIP_ECC_CTL_IDF1_CDIS_MASK | \
                             R_ZIP_ECC_CTL_VMEM_FS_MASK | \
                             R_ZIP_ECC_CTL_VMEM_CDIS_MASK)
#define ZIP_ECCE_RW         (R_ZIP_ECCE_INT_SBE_MASK | \
                             R_ZIP_ECCE_INT_DBE_MASK)
#define ZIP_SBUF_ADDR_RW    (R_ZIP_QUE_SBUF_ADDR_OFF_MASK | \
                             R_ZIP_QUE_SBUF_ADDR_PTR_MASK)
#define ZIP_SBUF_CTL_RW     (R_ZIP_QUE_SBUF_CTL_AURA_MASK | \
                             R_ZIP_QUE_SBUF_CTL_STREAM_ID_MASK | \
                             R_ZIP_QUE_SBUF_CTL_INST_BE_MASK | \
                             R_ZIP_QUE_SBUF_CTL_SIZE_MASK)
#define ZIP_GCFG_RW         (R_ZIP_QUE_GCFG_L2LD_CMD_MASK | \
                             R_ZIP_QUE_GCFG_CBW_STY_MASK | \
                             R_ZIP_QUE_GCFG_IQB_LDWB_MASK)
#define ZIP_DONE_WAIT_RW    (R_ZIP_QUE_DONE_WAIT_NUM_WAIT_MASK | \
                             R_ZIP_QUE_DONE_WAIT_TIME_WAIT_MASK)
/* Doorbell counts, pending and done counts are 20 bits. */
#define ZIP_COUNT_MASK      R_ZIP_QUE_DOORBELL_DBELL_CNT_MASK

/*
 * Per-queue CSRs: queue q's copy of a CSR is at ZIP_QUE(A_<csr>, q), and
 * the copies of one CSR fill a naturally aligned block.
 */
#define ZIP_QUE_BLOCK       (ZIP_NUM_QUEUES * ZIP_QUE_STRIDE)

static int zip_que_num(hwaddr off)
{
    return (off / ZIP_QUE_STRIDE) % ZIP_NUM_QUEUES;
}

/* The address of queue 0's copy of the per-queue CSR at off. */
static hwaddr zip_que_csr(hwaddr off)
{
    return off & ~(hwaddr)(ZIP_QUE_BLOCK - 1);
}

static uint64_t zip_constants(void)
{
    uint64_t v = 0;

    v = FIELD_DP64(v, ZIP_CONSTANTS, CTXSIZE, ZIP_CONST_CTXSIZE);
    v = FIELD_DP64(v, ZIP_CONSTANTS, ONFSIZE, ZIP_CONST_ONFSIZE);
    v = FIELD_DP64(v, ZIP_CONSTANTS, DEPTH, ZIP_CONST_DEPTH);
    v = FIELD_DP64(v, ZIP_CONSTANTS, SYNCFLUSH_CAPABLE, 1);
    v = FIELD_DP64(v, ZIP_CONSTANTS, NEXEC, ZIP_CONST_NEXEC);
    return v;
}

static void zip_msix_notify(ThunderxZipState *s, unsigned vector)
{
    PCIDevice *pdev = PCI_DEVICE(s);

    if (msix_enabled(pdev)) {
        trace_thunderx_zip_msix(vector);
        msix_notify(pdev, vector);
    }
}

void thunderx_zip_queue_error(ThunderxZipState *s, int qn, uint64_t bit,
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
void thunderx_zip_queue_halt(ThunderxZipState *s, int qn, uint64_t bit,
                             const char *why)
{
    ThunderxZipQueue *q = &s->q[qn];

    qemu_log_mask(LOG_GUEST_ERROR,
                  "thunderx-zip: queue %d: %s; queue stopped with %u "
                  "doorbell(s) dropped until ZIP_QUE%d_SBUF_ADDR is "
                  "rewritten\n", qn, why, q->pending, qn);
    thunderx_zip_queue_error(s, qn, bit, why);
    q->halted = true;
    q->pending = 0;
    g_hash_table_remove_all(q->seen);
}

void thunderx_zip_done_update(ThunderxZipState *s, int qn)
{
    ThunderxZipQueue *q = &s->q[qn];
    uint64_t num_wait = MAX(FIELD_EX64(q->done_wait, ZIP_QUE_DONE_WAIT,
                                       NUM_WAIT), 1);

    if (q->done_ena && q->done >= num_wait) {
        zip_msix_notify(s, ZIP_VEC_QUE_DONE(qn));
    }
}

static bool zip_queue_runnable(ThunderxZipState *s, int qn)
{
    ThunderxZipQueue *q = &s->q[qn];

    return q->pending && !q->halted && (s->que_ena & BIT(qn)) &&
           FIELD_EX64(q->map, ZIP_QUE_MAP, ZCE) && s->throttle;
}

/* Run a batch of every runnable queue; the bottom half does the rest. */
static void zip_run(ThunderxZipState *s)
{
    bool more = false;
    int qn, n;

    for (qn = 0; qn < ZIP_NUM_QUEUES; qn++) {
        for (n = 0; n < ZIP_BATCH && zip_queue_runnable(s, qn); n++) {
            thunderx_zip_queue_step(s, qn);
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
    q->chunk = q->sbuf_addr & ZIP_SBUF_ADDR_RW;
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

static void zip_log_unknown(const char *access, hwaddr off)
{
    qemu_log_mask(LOG_GUEST_ERROR,
                  "thunderx-zip: %s of unknown CSR 0x%04" HWADDR_PRIx "\n",
                  access, off);
}

/* Queue qn's copy of a per-queue CSR (off at or above ZIP_QUE_SBUF_ADDR). */
static uint64_t zip_que_read(ThunderxZipState *s, hwaddr off)
{
    int qn = zip_que_num(off);
    ThunderxZipQueue *q = &s->q[qn];
    uint64_t sta;

    switch (zip_que_csr(off)) {
    case A_ZIP_QUE_SBUF_ADDR:
        return q->sbuf_addr;
    case A_ZIP_QUE_SBUF_CTL:
        return q->sbuf_ctl;
    case A_ZIP_QUE_MAP:
        return q->map;
    case A_ZIP_DBG_QUE_STA:
        sta = FIELD_DP64(0, ZIP_DBG_QUE_STA, NII, q->nii);
        sta = FIELD_DP64(sta, ZIP_DBG_QUE_STA, RQWC, q->pending);
        return FIELD_DP64(sta, ZIP_DBG_QUE_STA, BUSY,
                          zip_queue_runnable(s, qn));
    case A_ZIP_QUE_GCFG:
        return q->gcfg;
    case A_ZIP_QUE_DONE:
    case A_ZIP_QUE_DONE_ACK:
        return q->done;
    case A_ZIP_QUE_DONE_ENA_W1S:
    case A_ZIP_QUE_DONE_ENA_W1C:
        return q->done_ena;
    case A_ZIP_QUE_DONE_WAIT:
        return q->done_wait;
    case A_ZIP_QUE_ERR_INT:
    case A_ZIP_QUE_ERR_INT_W1S:
        return q->err_int;
    case A_ZIP_QUE_ERR_ENA_W1S:
    case A_ZIP_QUE_ERR_ENA_W1C:
        return q->err_ena;
    case A_ZIP_QUE_DOORBELL:
        return q->pending;
    default:
        zip_log_unknown("read", off);
        return 0;
    }
}

static uint64_t zip_reg_read(ThunderxZipState *s, hwaddr off)
{
    if (off >= A_ZIP_QUE_SBUF_ADDR) {
        return zip_que_read(s, off);
    }
    switch (off) {
    case A_ZIP_CMD_CTL:
        return s->cmd_ctl;
    case A_ZIP_THROTTLE:
        return s->throttle;
    case A_ZIP_FIFE_INT:
    case A_ZIP_FIFE_INT_W1S:
        return s->fife_int;
    case A_ZIP_FIFE_ENA_W1S:
    case A_ZIP_FIFE_ENA_W1C:
        return s->fife_ena;
    case A_ZIP_CONSTANTS:
        return zip_constants();
    case A_ZIP_QUE_ENA:
        return s->que_ena;
    case A_ZIP_QUE_PRI:
        return s->que_pri;
    case A_ZIP_CTL_BIST_STATUS:
        return 0;
    case A_ZIP_CTL_CFG:
        return s->ctl_cfg;
    case A_ZIP_ECC_CTL:
        return s->ecc_ctl;
    case A_ZIP_ECCE_INT:
    case A_ZIP_ECCE_INT_W1S:
        return s->ecce_int;
    case A_ZIP_ECCE_ENA_W1S:
    case A_ZIP_ECCE_ENA_W1C:
        return s->ecce_ena;
    default:
        zip_log_unknown("read", off);
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

/*
 * Each zip_write_* below takes the CSRs of one block of the manual and
 * returns false for an offset that is not one of them.
 */

/* Engine control: command, throttle, queue enables, configuration. */
static bool zip_write_ctl(ThunderxZipState *s, hwaddr off, uint64_t val)
{
    switch (off) {
    case A_ZIP_CMD_CTL:
        zip_warn_reserved(off, val, ZIP_CMD_CTL_RW);
        if (FIELD_EX64(val, ZIP_CMD_CTL, RESET)) {
            /* The cores reset: queued work is dropped, the bit self-clears. */
            trace_thunderx_zip_core_reset();
            zip_engine_reset(s);
        }
        s->cmd_ctl = val & R_ZIP_CMD_CTL_FORCECLK_MASK;
        return true;
    case A_ZIP_THROTTLE:
        zip_warn_reserved(off, val, R_ZIP_THROTTLE_LD_INFL_MASK);
        s->throttle = val & R_ZIP_THROTTLE_LD_INFL_MASK;
        return true;
    case A_ZIP_QUE_ENA:
        zip_warn_reserved(off, val, R_ZIP_QUE_ENA_ENA_MASK);
        s->que_ena = val & R_ZIP_QUE_ENA_ENA_MASK;
        return true;
    case A_ZIP_QUE_PRI:
        zip_warn_reserved(off, val, R_ZIP_QUE_PRI_PRI_MASK);
        s->que_pri = val & R_ZIP_QUE_PRI_PRI_MASK;
        return true;
    case A_ZIP_CTL_CFG:
        s->ctl_cfg = val;
        return true;
    case A_ZIP_ECC_CTL:
        zip_warn_reserved(off, val, ZIP_ECC_CTL_RW);
        s->ecc_ctl = val & ZIP_ECC_CTL_RW;
        return true;
    default:
        return false;
    }
}

/* FIFO and ECC error summaries: W1C status, W1S to set, enable pairs. */
static bool zip_write_fife_ecce(ThunderxZipState *s, hwaddr off,
                                uint64_t val)
{
    switch (off) {
    case A_ZIP_FIFE_INT:
        s->fife_int &= ~val;
        return true;
    case A_ZIP_FIFE_INT_W1S:
        s->fife_int |= val & R_ZIP_FIFE_INT_W1S_ASSERTS_MASK;
        return true;
    case A_ZIP_FIFE_ENA_W1S:
        s->fife_ena |= val & R_ZIP_FIFE_ENA_W1S_ASSERTS_MASK;
        return true;
    case A_ZIP_FIFE_ENA_W1C:
        s->fife_ena &= ~val;
        return true;
    case A_ZIP_ECCE_INT:
        s->ecce_int &= ~val;
        return true;
    case A_ZIP_ECCE_INT_W1S:
        s->ecce_int |= val & ZIP_ECCE_RW;
        return true;
    case A_ZIP_ECCE_ENA_W1S:
        s->ecce_ena |= val & ZIP_ECCE_RW;
        return true;
    case A_ZIP_ECCE_ENA_W1C:
        s->ecce_ena &= ~val;
        return true;
    default:
        return false;
    }
}

/* A queue's instruction buffer and its mapping to the cores. */
static bool zip_write_que_sbuf(ThunderxZipState *s, hwaddr off,
                               uint64_t val)
{
    int qn = zip_que_num(off);
    ThunderxZipQueue *q = &s->q[qn];

    switch (zip_que_csr(off)) {
    case A_ZIP_QUE_SBUF_ADDR:
        zip_warn_reserved(off, val, ZIP_SBUF_ADDR_RW);
        if (q->pending) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: ZIP_QUE%d_SBUF_ADDR rewritten with "
                          "%u doorbell(s) outstanding; they are dropped\n",
                          qn, q->pending);
        }
        q->sbuf_addr = val & ZIP_SBUF_ADDR_RW;
        zip_queue_restart(q);
        if (FIELD_EX64(q->sbuf_addr, ZIP_QUE_SBUF_ADDR, OFF)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: ZIP_QUE%d_SBUF_ADDR 0x%" PRIx64
                          " is not 128-byte aligned; queue stopped\n",
                          qn, q->sbuf_addr);
            q->halted = true;
        }
        return true;
    case A_ZIP_QUE_SBUF_CTL:
        zip_warn_reserved(off, val, ZIP_SBUF_CTL_RW);
        if (q->pending) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: ZIP_QUE%d_SBUF_CTL rewritten with "
                          "%u doorbell(s) outstanding\n", qn, q->pending);
        }
        q->sbuf_ctl = val & ZIP_SBUF_CTL_RW;
        return true;
    case A_ZIP_QUE_MAP:
        zip_warn_reserved(off, val, R_ZIP_QUE_MAP_ZCE_MASK);
        q->map = val & R_ZIP_QUE_MAP_ZCE_MASK;
        return true;
    case A_ZIP_QUE_GCFG:
        q->gcfg = val & ZIP_GCFG_RW;
        return true;
    default:
        return false;
    }
}

/* A queue's done counter and its interrupt. */
static bool zip_write_que_done(ThunderxZipState *s, hwaddr off,
                               uint64_t val)
{
    int qn = zip_que_num(off);
    ThunderxZipQueue *q = &s->q[qn];
    uint64_t cnt;

    switch (zip_que_csr(off)) {
    case A_ZIP_QUE_DONE:
        q->done = val & R_ZIP_QUE_DONE_DONE_MASK;
        return true;
    case A_ZIP_QUE_DONE_ACK:
        cnt = val & R_ZIP_QUE_DONE_ACK_DONE_ACK_MASK;
        if (cnt > q->done) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-zip: ZIP_QUE%d_DONE_ACK of %" PRIu64
                          " exceeds the done count %" PRIu64 "\n",
                          qn, cnt, q->done);
            cnt = q->done;
        }
        q->done -= cnt;
        thunderx_zip_done_update(s, qn);
        return true;
    case A_ZIP_QUE_DONE_ENA_W1S:
        q->done_ena |= val & R_ZIP_QUE_DONE_ENA_W1S_DONE_ENA_MASK;
        thunderx_zip_done_update(s, qn);
        return true;
    case A_ZIP_QUE_DONE_ENA_W1C:
        q->done_ena &= ~(val & R_ZIP_QUE_DONE_ENA_W1C_DONE_ENA_MASK);
        return true;
    case A_ZIP_QUE_DONE_WAIT:
        zip_warn_reserved(off, val, ZIP_DONE_WAIT_RW);
        q->done_wait = val & ZIP_DONE_WAIT_RW;
        if (FIELD_EX64(q->done_wait, ZIP_QUE_DONE_WAIT, TIME_WAIT)) {
            qemu_log_mask(LOG_UNIMP, "thunderx-zip: ZIP_QUE%d_DONE_WAIT "
                          "TIME_WAIT is not modelled; only NUM_WAIT "
                          "counts\n", qn);
        }
        return true;
    default:
        return false;
    }
}

/* A queue's error status and its interrupt. */
static bool zip_write_que_err(ThunderxZipState *s, hwaddr off,
                              uint64_t val)
{
    int qn = zip_que_num(off);
    ThunderxZipQueue *q = &s->q[qn];

    switch (zip_que_csr(off)) {
    case A_ZIP_QUE_ERR_INT:
        q->err_int &= ~val;
        return true;
    case A_ZIP_QUE_ERR_INT_W1S:
        thunderx_zip_queue_error(s, qn, val & ZIP_QUE_ERR_ALL, "ERR_INT_W1S");
        return true;
    case A_ZIP_QUE_ERR_ENA_W1S:
        q->err_ena |= val & ZIP_QUE_ERR_ALL;
        return true;
    case A_ZIP_QUE_ERR_ENA_W1C:
        q->err_ena &= ~val;
        return true;
    default:
        return false;
    }
}

/* A queue's doorbell: instructions added to the queue buffer. */
static bool zip_write_que_doorbell(ThunderxZipState *s, hwaddr off,
                                   uint64_t val)
{
    int qn = zip_que_num(off);
    ThunderxZipQueue *q = &s->q[qn];
    uint64_t cnt;

    if (zip_que_csr(off) != A_ZIP_QUE_DOORBELL) {
        return false;
    }
    cnt = FIELD_EX64(val, ZIP_QUE_DOORBELL, DBELL_CNT);
    zip_warn_reserved(off, val, R_ZIP_QUE_DOORBELL_DBELL_CNT_MASK);
    trace_thunderx_zip_doorbell(qn, cnt, q->pending);
    if (q->halted) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: doorbell on stopped queue %d "
                      "ignored (rewrite ZIP_QUE%d_SBUF_ADDR to restart)"
                      "\n", qn, qn);
        return true;
    }
    if (q->pending + cnt > ZIP_COUNT_MASK) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: queue %d doorbell overflow: %u "
                      "pending + %" PRIu64 "\n", qn, q->pending, cnt);
        thunderx_zip_queue_error(s, qn, R_ZIP_QUE_ERR_INT_DOVF_MASK,
                                 "doorbell overflow");
        return true;
    }
    q->pending += cnt;
    return true;
}

static bool zip_csr_read_only(hwaddr off)
{
    if (off >= A_ZIP_QUE_SBUF_ADDR) {
        return zip_que_csr(off) == A_ZIP_DBG_QUE_STA;
    }
    return off == A_ZIP_CONSTANTS || off == A_ZIP_CTL_BIST_STATUS;
}

/* A 64-bit CSR write; any accepted write may let queues run. */
static void zip_reg_write(ThunderxZipState *s, hwaddr off, uint64_t val)
{
    bool known;

    if (zip_csr_read_only(off)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-zip: write to read-only CSR 0x%04"
                      HWADDR_PRIx "\n", off);
        return;
    }
    if (off < A_ZIP_QUE_SBUF_ADDR) {
        known = zip_write_ctl(s, off, val) ||
                zip_write_fife_ecce(s, off, val);
    } else {
        known = zip_write_que_sbuf(s, off, val) ||
                zip_write_que_done(s, off, val) ||
                zip_write_que_err(s, off, val) ||
                zip_write_que_doorbell(s, off, val);
    }
    if (!known) {
        zip_log_unknown("write", off);
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
    thunderx_zip_engine_release(s);
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
