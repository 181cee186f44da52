/*
 * Broadcom FlexRM ring manager with the SBA-RAID engine behind its rings
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_MISC_BCM_FLEXRM_H
#define HW_MISC_BCM_FLEXRM_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/misc/bcm_flexrm_regs.h"
#include "hw/misc/bcm_sba_engine.h"

#define TYPE_BCM_FLEXRM "bcm-flexrm"
OBJECT_DECLARE_SIMPLE_TYPE(BcmFlexrmState, BCM_FLEXRM)

#define BCM_FLEXRM_MAX_RINGS 32
/* A request's non-header descriptors: 32 headers' worth. */
#define FLEXRM_MAX_REQ_DESCS    (32 * 31)

typedef struct BcmFlexrmRing {
    /* Register file, indexed by offset / 4 (RING_VER is computed). */
    uint32_t regs[FLEXRM_RING_REGS];
    /* Where the ring's fetch stands: table, index in it, valid toggle. */
    uint64_t bd_table;
    uint32_t bd_index;
    uint32_t toggle;
    uint32_t cmpl_index;
    /* Requests fetched and completed (RING_NUM_REQ_*, clear on read). */
    uint64_t recv;
    uint64_t trans;
    /* Completions no RING_CMPL_WRITE_PTR read has covered yet. */
    uint32_t msi_pending;
    /* An MSI went out and no RING_CMPL_WRITE_PTR read has re-armed it. */
    bool msi_sent;
    /* The MSI timer's deadline (virtual ns), -1 when not running. */
    int64_t msi_deadline;
    /* The ring met a descriptor it cannot run: stopped until restarted. */
    bool stalled;
} BcmFlexrmRing;

struct BcmFlexrmState {
    SysBusDevice parent_obj;

    MemoryRegion mmio;
    QEMUTimer *timer;
    uint32_t num_rings;
    uint32_t msi_devid;

    BcmFlexrmRing ring[BCM_FLEXRM_MAX_RINGS];
    /* The next poll of an idle ring with RATE dynamic, in ns. */
    int64_t poll_ns;
    /* Counters the host can read (QOM): what the engine did. */
    uint64_t stat_requests;
    uint64_t stat_errors;
    uint64_t stat_bytes;
    uint64_t stat_pq;
    uint64_t stat_msis;

    /*
     * The engine's buffers and the request being run: a request runs
     * within one poll, so none of this outlives it (not migrated).
     */
    SbaEngine sba;
    uint64_t descs[FLEXRM_MAX_REQ_DESCS];
    uint8_t src[SBA_BUF_SIZE];
};

#endif
