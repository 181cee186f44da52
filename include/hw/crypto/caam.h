/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NXP CAAM (SEC 4.x) crypto engine ("fsl,sec-v4.0") with its job rings
 * ("fsl,sec-v4.0-job-ring").
 */
#ifndef HW_CRYPTO_CAAM_H
#define HW_CRYPTO_CAAM_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "qemu/timer.h"
#include "hw/crypto/caam_regs.h"

#define TYPE_CAAM "caam"
OBJECT_DECLARE_SIMPLE_TYPE(CaamState, CAAM)

/* A job takes this long from IRJA to its output entry (virtual time). */
#define CAAM_JOB_NS         1000
/* Jobs a ring runs in one go before it yields for job-ns. */
#define CAAM_JOBS_PER_TICK  8
/* JRCFG[ICTT] counts 64 cycles of the engine's clock, 1 GHz here. */
#define CAAM_ICTT_NS        64

typedef struct CaamJobRing {
    struct CaamState *caam;
    int index;
    qemu_irq irq;
    QEMUTimer *job_timer;       /* runs queued jobs */
    QEMUTimer *coal_timer;      /* JRCFG[ICTT]: coalescing timeout */

    uint64_t irba, orba;
    uint32_t irs, ors;
    uint32_t pending;           /* jobs added and not yet fetched */
    uint32_t irri, orwi;
    uint32_t orsf;
    uint32_t jrsta;
    uint32_t jrint;
    uint32_t cfg_hi, cfg_lo;
    uint32_t coal_count;        /* jobs done since the last interrupt */
    bool error;                 /* a ring error stopped it until reset */
} CaamJobRing;

struct CaamState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    CaamJobRing jr[CAAM_NUM_JR];

    /* Controller page */
    uint32_t mcfgr;
    uint32_t scfgr;
    uint32_t jr_liodn[8];
    uint32_t jrstart;
    uint32_t decorsr;
    uint32_t decorr;
    uint32_t deco_liodn[32];
    /* RNG4: the TRNG's programming registers and the state handles */
    uint32_t rtmctl;
    uint32_t rtscmisc, rtpkrrng, rtpkrmax, rtsdctl, rtsblim;
    uint32_t rtfrqmin, rtfrqmax, rtscml;
    uint32_t rtscrl[CAAM_RTSCRL_COUNT];
    uint32_t rdsta;
    /* DECO 0 under direct software control */
    uint32_t deco_desc[CAAM_DESC_MAX_WORDS];
    uint32_t deco_jrctl_hi;
    uint32_t deco_opsta;

    /* Fault injection: every RNG instantiation fails (the TRNG's test). */
    bool fail_rng;
    /* Virtual time from IRJA to a job's run; 0: in the write itself. */
    uint32_t job_ns;
};

/*
 * The descriptor engine (caam_desc.c). Run the job descriptor at addr
 * (or, with words != NULL, the n words already in DECO 0's buffer) and
 * return its status word (0: done, no error).
 */
uint32_t caam_run_job(CaamState *s, uint64_t addr, const uint32_t *words,
                      unsigned n);
/* Pointers in descriptors and rings: 8 bytes with MCFGR[LONG_PTR]. */
unsigned caam_ptr_size(CaamState *s);
/* DMA to and from RAM only; false on anything else. */
bool caam_dma(uint64_t addr, void *buf, uint64_t len, bool write);

#endif
