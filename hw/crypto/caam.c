/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NXP CAAM (SEC 4.x, "fsl,sec-v4.0"): the controller page, the job rings
 * ("fsl,sec-v4.0-job-ring") and DECO 0's direct-access window. The
 * descriptor engine is in caam_desc.c.
 *
 * The model presents an Era 8 CAAM, little endian with 64-bit pointers
 * (CTPR_MS[PS] and MCFGR[LONG_PTR] set at reset), 4 KiB pages, two job
 * rings and one DECO. Its perfmon registers advertise only the CHAs it
 * implements: one AES (low-power, so no GCM), one MD (up to SHA-256) and
 * RNG4; no DES, PKHA, blob or QI.
 *
 * A job ring fetches the jobs the guest adds (IRJA) job-ns (CAAM_JOB_NS) of
 * virtual time later, runs each to completion and writes its output
 * entry; interrupts follow JRCFG's coalescing (count and timer).
 *
 * Not modelled: the QI (DPAA), RTIC, secure memory, the KEK registers,
 * virtualisation (JRSTART is storage), DECO watchdog timing, the TRNG's
 * statistical self-test (the programming registers are storage; the
 * fail-rng property makes instantiation fail instead).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "system/dma.h"
#include "exec/address-spaces.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/arm/fdt.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/crypto/caam.h"
#include "trace.h"

#define CAAM_ERA            8
#define CAAM_IP_ID          0x0a16
#define CAAM_MAJ_REV        4

/*
 * CHAVID_LS / CHANUM_LS: one of each CHA the engine runs: AES high
 * performance (4: GCM and XTS, which the driver skips on low-power AESA),
 * DES (1), MD high performance (2: up to SHA-512), RNG4 (4).
 */
#define CAAM_CHAVID_LS      ((4 << R_CHAVID_LS_AES_SHIFT) | \
                             (1 << R_CHAVID_LS_DES_SHIFT) | \
                             (2 << R_CHAVID_LS_MD_SHIFT) | \
                             (4 << R_CHAVID_LS_RNG_SHIFT))
#define CAAM_CHANUM_LS      ((1 << R_CHAVID_LS_AES_SHIFT) | \
                             (1 << R_CHAVID_LS_DES_SHIFT) | \
                             (1 << R_CHAVID_LS_MD_SHIFT) | \
                             (1 << R_CHAVID_LS_RNG_SHIFT))

#define CAAM_MCFGR_RW       (R_MCFGR_LARGE_BURST_MASK | 0xfff0 | \
                             R_MCFGR_LONG_PTR_MASK | R_MCFGR_WDENABLE_MASK | \
                             0x0b)
#define CAAM_SCFGR_RW       (R_SCFGR_RDBENABLE_MASK | R_SCFGR_VIRT_EN_MASK)
#define CAAM_RTMCTL_RW      (R_RTMCTL_SAMP_MODE_MASK | R_RTMCTL_ACC_MASK | \
                             R_RTMCTL_PRGM_MASK)

unsigned caam_ptr_size(CaamState *s)
{
    return FIELD_EX32(s->mcfgr, MCFGR, LONG_PTR) ? 8 : 4;
}

/* The engine's DMA reaches DRAM only: anything else is a bus error. */
static bool caam_is_ram(uint64_t addr, uint64_t len, bool write)
{
    uint64_t done = 0;

    if (addr + len < addr) {
        return false;
    }
    while (done < len) {
        hwaddr xlat, l = len - done;
        MemoryRegion *mr;

        RCU_READ_LOCK_GUARD();
        mr = address_space_translate(&address_space_memory, addr + done,
                                     &xlat, &l, write,
                                     MEMTXATTRS_UNSPECIFIED);
        if (!memory_region_is_ram(mr) || (write && memory_region_is_rom(mr))
            || !l) {
            return false;
        }
        done += l;
    }
    return true;
}

bool caam_dma(uint64_t addr, void *buf, uint64_t len, bool write)
{
    if (!len) {
        return true;
    }
    if (!caam_is_ram(addr, len, write)) {
        return false;
    }
    return dma_memory_rw(&address_space_memory, addr, buf, len,
                         write ? DMA_DIRECTION_FROM_DEVICE :
                                 DMA_DIRECTION_TO_DEVICE,
                         MEMTXATTRS_UNSPECIFIED) == MEMTX_OK;
}

/* ---- job rings ---- */

static void caam_jr_update_irq(CaamJobRing *jr)
{
    bool level = FIELD_EX32(jr->jrint, JRINT, JR_INT) &&
                 !FIELD_EX32(jr->cfg_lo, JRCFG_LO, IMSK);

    qemu_set_irq(jr->irq, level);
}

static void caam_jr_raise(CaamJobRing *jr)
{
    jr->jrint = FIELD_DP32(jr->jrint, JRINT, JR_INT, 1);
    jr->coal_count = 0;
    timer_del(jr->coal_timer);
    trace_caam_jr_irq(jr->index, jr->jrint);
    caam_jr_update_irq(jr);
}

/* A ring error: the ring stops until it is reset, and interrupts. */
static void caam_jr_error(CaamJobRing *jr, unsigned type, const char *why)
{
    qemu_log_mask(LOG_GUEST_ERROR, "caam: job ring %d: %s\n", jr->index,
                  why);
    jr->error = true;
    jr->jrint = FIELD_DP32(jr->jrint, JRINT, JR_ERROR, 1);
    jr->jrint = FIELD_DP32(jr->jrint, JRINT, ERR_TYPE, type);
    jr->jrint = FIELD_DP32(jr->jrint, JRINT, ERR_INDEX, jr->irri);
    trace_caam_jr_error(jr->index, type, why);
    caam_jr_raise(jr);
}

static bool caam_jr_halted(CaamJobRing *jr)
{
    return jr->error || FIELD_EX32(jr->jrint, JRINT, HALT);
}

static bool caam_jr_runnable(CaamJobRing *jr)
{
    return jr->pending && !caam_jr_halted(jr) && jr->orsf < jr->ors;
}

static void caam_jr_run(void *opaque);

static void caam_jr_schedule(CaamJobRing *jr)
{
    if (!caam_jr_runnable(jr) || timer_pending(jr->job_timer)) {
        return;
    }
    if (!jr->caam->job_ns) {
        /* Test knob: jobs run in the register write that starts them. */
        caam_jr_run(jr);
        return;
    }
    timer_mod(jr->job_timer,
              qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + jr->caam->job_ns);
}

/* A job finished: interrupt now, or when the coalescing count or timer say. */
static void caam_jr_done(CaamJobRing *jr)
{
    uint32_t count = FIELD_EX32(jr->cfg_lo, JRCFG_LO, ICDCT);

    jr->coal_count++;
    if (!FIELD_EX32(jr->cfg_lo, JRCFG_LO, ICEN) ||
        jr->coal_count >= MAX(count, 1)) {
        caam_jr_raise(jr);
    } else if (!timer_pending(jr->coal_timer)) {
        uint64_t ns = (uint64_t)MAX(FIELD_EX32(jr->cfg_lo, JRCFG_LO, ICTT),
                                    1) * CAAM_ICTT_NS;

        timer_mod(jr->coal_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + ns);
    }
}

static void caam_jr_coal_timeout(void *opaque)
{
    CaamJobRing *jr = opaque;

    if (jr->coal_count) {
        caam_jr_raise(jr);
    }
}

/* Fetch, run and retire one job; false when the ring stopped on an error. */
static bool caam_jr_run_one(CaamJobRing *jr)
{
    CaamState *s = jr->caam;
    unsigned psz = caam_ptr_size(s);
    uint64_t desc = 0, in_addr = jr->irba + (uint64_t)jr->irri * psz;
    uint64_t out_addr = jr->orba + (uint64_t)jr->orwi * (psz + 4);
    uint8_t entry[12];
    uint32_t status;

    if (!caam_dma(in_addr, &desc, psz, false)) {
        caam_jr_error(jr, CAAM_JRINT_ERR_BAD_INPADDR,
                      "input ring entry outside RAM");
        return false;
    }
    desc = le64_to_cpu(desc);
    status = caam_run_job(s, desc, NULL, 0);
    trace_caam_jr_job(jr->index, jr->irri, desc, status);

    if (psz == 8) {
        stq_le_p(entry, desc);
    } else {
        stl_le_p(entry, desc);
    }
    stl_le_p(entry + psz, status);
    if (!caam_dma(out_addr, entry, psz + 4, true)) {
        caam_jr_error(jr, CAAM_JRINT_ERR_BAD_OUTADDR,
                      "output ring entry outside RAM");
        return false;
    }
    jr->jrsta = status;
    jr->irri = (jr->irri + 1) % jr->irs;
    jr->orwi = (jr->orwi + 1) % jr->ors;
    jr->pending--;
    jr->orsf++;
    caam_jr_done(jr);
    return true;
}

static void caam_jr_run(void *opaque)
{
    CaamJobRing *jr = opaque;

    /* A few jobs a tick, so a full ring of long jobs cannot stall QEMU. */
    for (int n = 0; n < CAAM_JOBS_PER_TICK; n++) {
        if (!caam_jr_runnable(jr) || !caam_jr_run_one(jr)) {
            return;
        }
    }
    if (jr->caam->job_ns) {
        caam_jr_schedule(jr);
    }
}

static void caam_jr_reset_ring(CaamJobRing *jr)
{
    if (jr->job_timer) {
        timer_del(jr->job_timer);
        timer_del(jr->coal_timer);
    }
    jr->pending = 0;
    jr->irri = 0;
    jr->orwi = 0;
    jr->orsf = 0;
    jr->jrsta = 0;
    jr->jrint = 0;
    jr->coal_count = 0;
    jr->error = false;
}

static void caam_jr_reset(CaamJobRing *jr)
{
    caam_jr_reset_ring(jr);
    jr->irba = 0;
    jr->orba = 0;
    jr->irs = 0;
    jr->ors = 0;
    jr->cfg_hi = 0;
    jr->cfg_lo = 0;
}

static uint32_t caam_jr_read(CaamJobRing *jr, hwaddr off)
{
    switch (off) {
    case A_IRBA_LO:
        return jr->irba;
    case A_IRBA_HI:
        return jr->irba >> 32;
    case A_IRS:
        return jr->irs;
    case A_IRSA:
        return jr->irs - jr->pending;
    case A_IRJA:
        return 0;
    case A_ORBA_LO:
        return jr->orba;
    case A_ORBA_HI:
        return jr->orba >> 32;
    case A_ORS:
        return jr->ors;
    case A_ORJR:
        return 0;
    case A_ORSF:
        return jr->orsf;
    case A_JRSTA:
        return jr->jrsta;
    case A_JRINT:
        return jr->jrint;
    case A_JRCFG_HI:
        return jr->cfg_hi;
    case A_JRCFG_LO:
        return jr->cfg_lo;
    case A_IRRI:
        return jr->irri;
    case A_ORWI:
        return jr->orwi;
    case A_JRCR:
        return 0;   /* a reset completes at once */
    }
    qemu_log_mask(LOG_GUEST_ERROR, "caam: job ring %d: read of unknown "
                  "register 0x%03" HWADDR_PRIx "\n", jr->index, off);
    return 0;
}

static void caam_jr_write(CaamJobRing *jr, hwaddr off, uint32_t val)
{
    switch (off) {
    case A_IRBA_LO:
        jr->irba = deposit64(jr->irba, 0, 32, val);
        return;
    case A_IRBA_HI:
        jr->irba = deposit64(jr->irba, 32, 32, val);
        return;
    case A_ORBA_LO:
        jr->orba = deposit64(jr->orba, 0, 32, val);
        return;
    case A_ORBA_HI:
        jr->orba = deposit64(jr->orba, 32, 32, val);
        return;
    case A_IRS:
    case A_ORS:
        if (jr->pending || jr->orsf) {
            qemu_log_mask(LOG_GUEST_ERROR, "caam: job ring %d: ring size "
                          "changed with jobs in the rings: ignored\n",
                          jr->index);
            return;
        }
        if (val & ~CAAM_JR_RINGSIZE_MASK) {
            qemu_log_mask(LOG_GUEST_ERROR, "caam: job ring %d: ring size "
                          "0x%" PRIx32 " past 1023\n", jr->index, val);
        }
        val &= CAAM_JR_RINGSIZE_MASK;
        if (off == A_IRS) {
            jr->irs = val;
            jr->irri = 0;
        } else {
            jr->ors = val;
            jr->orwi = 0;
        }
        return;
    case A_IRJA:
        val &= CAAM_JR_RINGSIZE_MASK;
        if ((uint64_t)jr->pending + val > jr->irs) {
            caam_jr_error(jr, CAAM_JRINT_ERR_ADD_OFL,
                          "IRJA adds more jobs than the input ring holds");
            return;
        }
        jr->pending += val;
        trace_caam_jr_add(jr->index, val, jr->pending);
        caam_jr_schedule(jr);
        return;
    case A_ORJR:
        val &= CAAM_JR_RINGSIZE_MASK;
        if (val > jr->orsf) {
            caam_jr_error(jr, CAAM_JRINT_ERR_REMOVE_OFL,
                          "ORJR removes more jobs than the output ring "
                          "holds");
            return;
        }
        jr->orsf -= val;
        caam_jr_schedule(jr);
        return;
    case A_JRINT:
        /* JR_INT and JR_ERROR are write-1-to-clear; so is HALT complete. */
        if (val & R_JRINT_JR_ERROR_MASK) {
            jr->jrint &= ~(R_JRINT_JR_ERROR_MASK | R_JRINT_ERR_TYPE_MASK |
                           R_JRINT_ERR_INDEX_MASK);
        }
        if (val & R_JRINT_JR_INT_MASK) {
            jr->jrint &= ~R_JRINT_JR_INT_MASK;
        }
        if ((val & R_JRINT_HALT_MASK) ==
            (CAAM_HALT_COMPLETE << R_JRINT_HALT_SHIFT) &&
            FIELD_EX32(jr->jrint, JRINT, HALT) == CAAM_HALT_COMPLETE) {
            jr->jrint = FIELD_DP32(jr->jrint, JRINT, HALT, 0);
            trace_caam_jr_halt(jr->index, 0);
            caam_jr_schedule(jr);
        }
        caam_jr_update_irq(jr);
        return;
    case A_JRCFG_HI:
        jr->cfg_hi = val;
        return;
    case A_JRCFG_LO:
        jr->cfg_lo = val & (R_JRCFG_LO_IMSK_MASK | R_JRCFG_LO_ICEN_MASK |
                            R_JRCFG_LO_SOE_MASK | R_JRCFG_LO_ICDCT_MASK |
                            R_JRCFG_LO_ICTT_MASK);
        caam_jr_update_irq(jr);
        return;
    case A_JRCR:
        if (val & R_JRCR_RESET_MASK) {
            if (FIELD_EX32(jr->jrint, JRINT, HALT) == CAAM_HALT_COMPLETE) {
                /* Second write, after the flush: reset the ring. */
                caam_jr_reset_ring(jr);
                caam_jr_update_irq(jr);
                trace_caam_jr_halt(jr->index, 3);
                return;
            }
            /* First write: flush queued jobs and halt. */
            jr->irri = jr->irs ? (jr->irri + jr->pending) % jr->irs : 0;
            jr->pending = 0;
            timer_del(jr->job_timer);
        } else if (!(val & R_JRCR_PARK_MASK)) {
            return;
        }
        jr->jrint = FIELD_DP32(jr->jrint, JRINT, HALT, CAAM_HALT_COMPLETE);
        trace_caam_jr_halt(jr->index, CAAM_HALT_COMPLETE);
        return;
    case A_IRSA:
    case A_ORSF:
    case A_JRSTA:
    case A_IRRI:
    case A_ORWI:
        qemu_log_mask(LOG_GUEST_ERROR, "caam: job ring %d: register 0x%03"
                      HWADDR_PRIx " is read-only\n", jr->index, off);
        return;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "caam: job ring %d: write of unknown "
                  "register 0x%03" HWADDR_PRIx "\n", jr->index, off);
}

/* ---- the perfmon block every page ends with ---- */

static bool caam_perfmon_read(hwaddr off, uint32_t *val)
{
    switch (off) {
    case A_CTPR_MS:
        *val = R_CTPR_MS_PS_MASK;
        return true;
    case A_CCBVID:
        *val = CAAM_ERA << R_CCBVID_ERA_SHIFT;
        return true;
    case A_CHAVID_LS:
        *val = CAAM_CHAVID_LS;
        return true;
    case A_CHANUM_MS:
        *val = (1 << R_CHANUM_MS_DECO_SHIFT) |
               (CAAM_NUM_JR << R_CHANUM_MS_JR_SHIFT);
        return true;
    case A_CHANUM_LS:
        *val = CAAM_CHANUM_LS;
        return true;
    case A_CAAMVID_MS:
        *val = (CAAM_IP_ID << R_CAAMVID_MS_IP_ID_SHIFT) |
               (CAAM_MAJ_REV << R_CAAMVID_MS_MAJ_REV_SHIFT);
        return true;
    }
    if (off >= CAAM_VREG_BASE && off < CAAM_PAGE_SIZE) {
        /* Performance counters, fault address, CSTA (little endian), ... */
        *val = 0;
        return true;
    }
    return false;
}

/* ---- controller page ---- */

static bool caam_rng_prog_reg(CaamState *s, hwaddr off, uint32_t **reg)
{
    switch (off) {
    case A_RTSCMISC:
        *reg = &s->rtscmisc;
        return true;
    case A_RTPKRRNG:
        *reg = &s->rtpkrrng;
        return true;
    case A_RTPKRMAX:
        *reg = &s->rtpkrmax;
        return true;
    case A_RTSDCTL:
        *reg = &s->rtsdctl;
        return true;
    case A_RTSBLIM:
        *reg = &s->rtsblim;
        return true;
    case A_RTFRQMIN:
        *reg = &s->rtfrqmin;
        return true;
    case A_RTFRQMAX:
        *reg = &s->rtfrqmax;
        return true;
    case A_RTSCML:
        *reg = &s->rtscml;
        return true;
    }
    if (off >= A_RTSCRL0 && off < A_RTSCRL0 + 4 * CAAM_RTSCRL_COUNT) {
        *reg = &s->rtscrl[(off - A_RTSCRL0) / 4];
        return true;
    }
    return false;
}

static uint32_t caam_ctrl_read(CaamState *s, hwaddr off)
{
    uint32_t *reg;

    switch (off) {
    case A_MCFGR:
        return s->mcfgr;
    case A_SCFGR:
        return s->scfgr;
    case A_JRSTART:
        return s->jrstart;
    case A_DECORSR:
        return s->decorsr;
    case A_DECORR:
        return s->decorr;
    case A_DAR:
    case A_DRR:
        return 0;
    case A_RTMCTL:
        return s->rtmctl;
    case A_RDSTA:
        return s->rdsta;
    }
    if (off >= A_JR0LIODNR_MS && off < A_JR0LIODNR_MS + 4 * 8) {
        return s->jr_liodn[(off - A_JR0LIODNR_MS) / 4];
    }
    if (off >= A_DECO0LIODNR_MS && off < A_DECO0LIODNR_MS + 4 * 32) {
        return s->deco_liodn[(off - A_DECO0LIODNR_MS) / 4];
    }
    if (caam_rng_prog_reg(s, off, &reg)) {
        return *reg;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "caam: read of unknown controller "
                  "register 0x%03" HWADDR_PRIx "\n", off);
    return 0;
}

static void caam_ctrl_write(CaamState *s, hwaddr off, uint32_t val)
{
    uint32_t *reg;

    switch (off) {
    case A_MCFGR:
        if (val & (R_MCFGR_SWRESET_MASK | R_MCFGR_DMA_RESET_MASK |
                   R_MCFGR_WDFAIL_MASK)) {
            qemu_log_mask(LOG_UNIMP, "caam: MCFGR 0x%08" PRIx32 ": software "
                          "and DMA reset, watchdog fail not modelled\n", val);
        }
        s->mcfgr = val & CAAM_MCFGR_RW;
        return;
    case A_SCFGR:
        s->scfgr = val & CAAM_SCFGR_RW;
        return;
    case A_JRSTART:
        s->jrstart = val & 0xf;
        return;
    case A_DECORSR:
        s->decorsr = FIELD_DP32(val & R_DECORSR_JR0_MASK, DECORSR, VALID,
                                !!(val & R_DECORSR_JR0_MASK));
        return;
    case A_DECORR:
        /* DECO 0 is free whenever it is asked for. */
        s->decorr = val & R_DECORR_RQD0ENABLE_MASK;
        s->decorr = FIELD_DP32(s->decorr, DECORR, DEN0,
                               FIELD_EX32(val, DECORR, RQD0ENABLE));
        trace_caam_deco_request(FIELD_EX32(s->decorr, DECORR, DEN0));
        return;
    case A_DRR:
        return;
    case A_RTMCTL:
        s->rtmctl = val & CAAM_RTMCTL_RW;
        return;
    case A_RDSTA:
    case A_DAR:
        qemu_log_mask(LOG_GUEST_ERROR, "caam: controller register 0x%03"
                      HWADDR_PRIx " is read-only\n", off);
        return;
    }
    if (off >= A_JR0LIODNR_MS && off < A_JR0LIODNR_MS + 4 * 8) {
        s->jr_liodn[(off - A_JR0LIODNR_MS) / 4] = val;
        return;
    }
    if (off >= A_DECO0LIODNR_MS && off < A_DECO0LIODNR_MS + 4 * 32) {
        s->deco_liodn[(off - A_DECO0LIODNR_MS) / 4] = val;
        return;
    }
    if (caam_rng_prog_reg(s, off, &reg)) {
        if (!FIELD_EX32(s->rtmctl, RTMCTL, PRGM)) {
            qemu_log_mask(LOG_GUEST_ERROR, "caam: TRNG register 0x%03"
                          HWADDR_PRIx " written outside program mode\n", off);
            return;
        }
        *reg = val;
        return;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "caam: write of unknown controller "
                  "register 0x%03" HWADDR_PRIx "\n", off);
}

/* ---- DECO 0, direct access ---- */

static uint32_t caam_deco_read(CaamState *s, hwaddr off)
{
    switch (off) {
    case A_DECO_JRCTL_HI:
        return s->deco_jrctl_hi;
    case A_DECO_OPSTA_HI:
        return s->deco_opsta;
    case A_DECO_OPSTA_LO:
    case A_DECO_JRCTL_LO:
        return 0;
    case A_DECO_DBG:
    case A_DECO_DBG_EXEC:
        /* The descriptor ran to its end when JRCTL was written. */
        return 0;
    }
    if (off >= A_DECO_DESCBUF && off < A_DECO_DESCBUF + 4 * 64) {
        return s->deco_desc[(off - A_DECO_DESCBUF) / 4];
    }
    qemu_log_mask(LOG_GUEST_ERROR, "caam: DECO 0: read of unknown register "
                  "0x%03" HWADDR_PRIx "\n", off);
    return 0;
}

static void caam_deco_write(CaamState *s, hwaddr off, uint32_t val)
{
    if (off >= A_DECO_DESCBUF && off < A_DECO_DESCBUF + 4 * 64) {
        s->deco_desc[(off - A_DECO_DESCBUF) / 4] = val;
        return;
    }
    switch (off) {
    case A_DECO_JRCTL_HI:
        s->deco_jrctl_hi = val;
        if (!FIELD_EX32(s->decorr, DECORR, DEN0)) {
            qemu_log_mask(LOG_GUEST_ERROR, "caam: DECO 0 started without "
                          "being granted (DECORR[RQD0ENABLE] clear)\n");
            return;
        }
        if (FIELD_EX32(val, DECO_JRCTL_HI, WHL)) {
            s->deco_opsta = caam_run_job(s, 0, s->deco_desc,
                                         CAAM_DESC_MAX_WORDS);
            trace_caam_deco_run(s->deco_desc[0], s->deco_opsta);
        }
        return;
    case A_DECO_JRCTL_LO:
        return;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "caam: DECO 0: write of unknown register "
                  "0x%03" HWADDR_PRIx " (or read-only)\n", off);
}

/* ---- MMIO ---- */

static uint64_t caam_read(void *opaque, hwaddr addr, unsigned size)
{
    CaamState *s = opaque;
    hwaddr page = addr & ~(hwaddr)(CAAM_PAGE_SIZE - 1);
    hwaddr off = addr & (CAAM_PAGE_SIZE - 1);
    uint32_t val = 0;

    if (page == 0) {
        if (!caam_perfmon_read(off, &val)) {
            val = caam_ctrl_read(s, off);
        }
    } else if (page >= CAAM_JR_PAGE(0) && page < CAAM_JR_PAGE(CAAM_NUM_JR)) {
        if (!caam_perfmon_read(off, &val)) {
            val = caam_jr_read(&s->jr[page / CAAM_PAGE_SIZE - 1], off);
        }
    } else if (page == CAAM_DECO_PAGE) {
        val = caam_deco_read(s, off);
    } else {
        qemu_log_mask(LOG_GUEST_ERROR, "caam: read of page 0x%05"
                      HWADDR_PRIx ", which the model does not have\n", page);
    }
    trace_caam_read(addr, val);
    return val;
}

static void caam_write(void *opaque, hwaddr addr, uint64_t value,
                       unsigned size)
{
    CaamState *s = opaque;
    hwaddr page = addr & ~(hwaddr)(CAAM_PAGE_SIZE - 1);
    hwaddr off = addr & (CAAM_PAGE_SIZE - 1);
    uint32_t dummy;

    trace_caam_write(addr, value);
    if (page < CAAM_DECO_PAGE && page <= CAAM_JR_PAGE(CAAM_NUM_JR - 1) &&
        caam_perfmon_read(off, &dummy)) {
        qemu_log_mask(LOG_GUEST_ERROR, "caam: write of read-only version "
                      "register 0x%05" HWADDR_PRIx "\n", addr);
    } else if (page == 0) {
        caam_ctrl_write(s, off, value);
    } else if (page >= CAAM_JR_PAGE(0) && page < CAAM_JR_PAGE(CAAM_NUM_JR)) {
        caam_jr_write(&s->jr[page / CAAM_PAGE_SIZE - 1], off, value);
    } else if (page == CAAM_DECO_PAGE) {
        caam_deco_write(s, off, value);
    } else {
        qemu_log_mask(LOG_GUEST_ERROR, "caam: write of page 0x%05"
                      HWADDR_PRIx ", which the model does not have\n", page);
    }
}

static const MemoryRegionOps caam_ops = {
    .read = caam_read,
    .write = caam_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /* 64-bit accesses (rd_reg64 on IRBA/ORBA) split low word first. */
    .valid = {
        .min_access_size = 4,
        .max_access_size = 8,
        .unaligned = false,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void caam_reset_enter(Object *obj, ResetType type)
{
    CaamState *s = CAAM(obj);

    s->mcfgr = R_MCFGR_LONG_PTR_MASK;
    s->scfgr = 0;
    memset(s->jr_liodn, 0, sizeof(s->jr_liodn));
    memset(s->deco_liodn, 0, sizeof(s->deco_liodn));
    s->jrstart = 0;
    s->decorsr = 0;
    s->decorr = 0;
    /* The TRNG comes out of reset in program mode, with its POR limits. */
    s->rtmctl = R_RTMCTL_PRGM_MASK | 1;
    s->rtscmisc = 0x00022000 | 32;
    s->rtpkrrng = 0x9a3;
    s->rtpkrmax = 0x6920;
    s->rtsdctl = (3200 << R_RTSDCTL_ENT_DLY_SHIFT) | 2500;
    s->rtsblim = 0x3f;
    s->rtfrqmin = 0x640;
    s->rtfrqmax = 0x6400;
    s->rtscml = 0x010c0568;
    memset(s->rtscrl, 0, sizeof(s->rtscrl));
    s->rdsta = 0;
    memset(s->deco_desc, 0, sizeof(s->deco_desc));
    s->deco_jrctl_hi = 0;
    s->deco_opsta = 0;
    for (int i = 0; i < CAAM_NUM_JR; i++) {
        caam_jr_reset(&s->jr[i]);
    }
}

static void caam_reset_hold(Object *obj, ResetType type)
{
    CaamState *s = CAAM(obj);

    for (int i = 0; i < CAAM_NUM_JR; i++) {
        caam_jr_update_irq(&s->jr[i]);
    }
}

static void caam_init(Object *obj)
{
    CaamState *s = CAAM(obj);

    memory_region_init_io(&s->iomem, obj, &caam_ops, s, TYPE_CAAM,
                          CAAM_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    for (int i = 0; i < CAAM_NUM_JR; i++) {
        CaamJobRing *jr = &s->jr[i];

        jr->caam = s;
        jr->index = i;
        sysbus_init_irq(SYS_BUS_DEVICE(obj), &jr->irq);
    }
}

static void caam_realize(DeviceState *dev, Error **errp)
{
    CaamState *s = CAAM(dev);

    for (int i = 0; i < CAAM_NUM_JR; i++) {
        CaamJobRing *jr = &s->jr[i];

        jr->job_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, caam_jr_run, jr);
        jr->coal_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                      caam_jr_coal_timeout, jr);
    }
}

static void caam_unrealize(DeviceState *dev)
{
    CaamState *s = CAAM(dev);

    for (int i = 0; i < CAAM_NUM_JR; i++) {
        timer_free(s->jr[i].job_timer);
        timer_free(s->jr[i].coal_timer);
    }
}

/*
 * The controller's node (bindings/crypto/fsl-sec4.txt) with one child
 * per job ring, its "reg" an offset into the controller's window and its
 * own interrupt; the controller itself raises none here.
 */
static void caam_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "fsl,sec-v4.0" };
    PresiliconFdtContext c = *ctx;
    g_autofree char *path = NULL;
    uint64_t base = ctx->reg_base[0];

    c.n_irqs = 0;
    path = presilicon_fdt_add_mmio_node(&c, "crypto", compat, 1);
    qemu_fdt_setprop_cell(ctx->fdt, path, "#address-cells", 1);
    qemu_fdt_setprop_cell(ctx->fdt, path, "#size-cells", 1);
    qemu_fdt_setprop_cells(ctx->fdt, path, "ranges", 0, base >> 32,
                           (uint32_t)base, CAAM_MMIO_SIZE);
    /* libfdt puts a new subnode first: add the rings last to first. */
    for (int i = MIN(CAAM_NUM_JR, ctx->n_irqs) - 1; i >= 0; i--) {
        g_autofree char *jr = g_strdup_printf("%s/jr@%x", path,
                                              CAAM_JR_PAGE(i));

        qemu_fdt_add_subnode(ctx->fdt, jr);
        qemu_fdt_setprop_string(ctx->fdt, jr, "compatible",
                                "fsl,sec-v4.0-job-ring");
        qemu_fdt_setprop_cells(ctx->fdt, jr, "reg", CAAM_JR_PAGE(i),
                               CAAM_PAGE_SIZE);
        qemu_fdt_setprop_cell(ctx->fdt, jr, "interrupt-parent",
                              ctx->intc_phandle);
        qemu_fdt_setprop_cells(ctx->fdt, jr, "interrupts",
                               GIC_FDT_IRQ_TYPE_SPI, ctx->irq[i],
                               GIC_FDT_IRQ_FLAGS_LEVEL_HI);
    }
}

static int caam_post_load(void *opaque, int version_id)
{
    CaamState *s = opaque;

    for (int i = 0; i < CAAM_NUM_JR; i++) {
        CaamJobRing *jr = &s->jr[i];

        if (jr->irs > CAAM_JR_RINGSIZE_MASK ||
            jr->ors > CAAM_JR_RINGSIZE_MASK ||
            jr->pending > jr->irs || jr->orsf > jr->ors ||
            (jr->irs && jr->irri >= jr->irs) ||
            (jr->ors && jr->orwi >= jr->ors) ||
            (!jr->irs && (jr->irri || jr->pending)) ||
            (!jr->ors && (jr->orwi || jr->orsf))) {
            return -EINVAL;
        }
    }
    return 0;
}

static const VMStateDescription vmstate_caam_jr = {
    .name = "caam-job-ring",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_TIMER_PTR(job_timer, CaamJobRing),
        VMSTATE_TIMER_PTR(coal_timer, CaamJobRing),
        VMSTATE_UINT64(irba, CaamJobRing),
        VMSTATE_UINT64(orba, CaamJobRing),
        VMSTATE_UINT32(irs, CaamJobRing),
        VMSTATE_UINT32(ors, CaamJobRing),
        VMSTATE_UINT32(pending, CaamJobRing),
        VMSTATE_UINT32(irri, CaamJobRing),
        VMSTATE_UINT32(orwi, CaamJobRing),
        VMSTATE_UINT32(orsf, CaamJobRing),
        VMSTATE_UINT32(jrsta, CaamJobRing),
        VMSTATE_UINT32(jrint, CaamJobRing),
        VMSTATE_UINT32(cfg_hi, CaamJobRing),
        VMSTATE_UINT32(cfg_lo, CaamJobRing),
        VMSTATE_UINT32(coal_count, CaamJobRing),
        VMSTATE_BOOL(error, CaamJobRing),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_caam = {
    .name = TYPE_CAAM,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = caam_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(jr, CaamState, CAAM_NUM_JR, 1, vmstate_caam_jr,
                             CaamJobRing),
        VMSTATE_UINT32(mcfgr, CaamState),
        VMSTATE_UINT32(scfgr, CaamState),
        VMSTATE_UINT32_ARRAY(jr_liodn, CaamState, 8),
        VMSTATE_UINT32(jrstart, CaamState),
        VMSTATE_UINT32(decorsr, CaamState),
        VMSTATE_UINT32(decorr, CaamState),
        VMSTATE_UINT32_ARRAY(deco_liodn, CaamState, 32),
        VMSTATE_UINT32(rtmctl, CaamState),
        VMSTATE_UINT32(rtscmisc, CaamState),
        VMSTATE_UINT32(rtpkrrng, CaamState),
        VMSTATE_UINT32(rtpkrmax, CaamState),
        VMSTATE_UINT32(rtsdctl, CaamState),
        VMSTATE_UINT32(rtsblim, CaamState),
        VMSTATE_UINT32(rtfrqmin, CaamState),
        VMSTATE_UINT32(rtfrqmax, CaamState),
        VMSTATE_UINT32(rtscml, CaamState),
        VMSTATE_UINT32_ARRAY(rtscrl, CaamState, CAAM_RTSCRL_COUNT),
        VMSTATE_UINT32(rdsta, CaamState),
        VMSTATE_UINT32_ARRAY(deco_desc, CaamState, CAAM_DESC_MAX_WORDS),
        VMSTATE_UINT32(deco_jrctl_hi, CaamState),
        VMSTATE_UINT32(deco_opsta, CaamState),
        VMSTATE_END_OF_LIST()
    },
};

static const Property caam_properties[] = {
    DEFINE_PROP_BOOL("fail-rng", CaamState, fail_rng, false),
    DEFINE_PROP_UINT32("job-ns", CaamState, job_ns, CAAM_JOB_NS),
};

static void caam_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "NXP CAAM (SEC 4.x) crypto engine with job rings";
    dc->vmsd = &vmstate_caam;
    dc->realize = caam_realize;
    dc->unrealize = caam_unrealize;
    dc->user_creatable = true;
    device_class_set_props(dc, caam_properties);
    rc->phases.enter = caam_reset_enter;
    rc->phases.hold = caam_reset_hold;
    fc->add_node = caam_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo caam_types[] = {
    {
        .name = TYPE_CAAM,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(CaamState),
        .instance_init = caam_init,
        .class_init = caam_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(caam_types)
