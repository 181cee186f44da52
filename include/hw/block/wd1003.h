/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Western Digital WD1003 (ST-506) Winchester disk controller ("wdc,wd1003").
 */
#ifndef HW_BLOCK_WD1003_H
#define HW_BLOCK_WD1003_H

#include "hw/sysbus.h"
#include "hw/ide/ide-bus.h"
#include "qom/object.h"
#include "hw/block/wd1003_regs.h"

#define TYPE_WD1003 "wd1003"
OBJECT_DECLARE_SIMPLE_TYPE(Wd1003State, WD1003)

/* What a bad-sector entry fails with (an ERROR bit). */
typedef struct Wd1003Bad {
    uint32_t lba;
    uint8_t unit;
    uint8_t err;            /* R_ERROR_ECC/IDNF/BBK/DAM_MASK */
    uint16_t fails;         /* attempts still to fail; 0xffff: for good */
    uint32_t ecc_xor;       /* READ LONG: the recorded ECC ^ the right one */
} Wd1003Bad;

#define WD1003_FAILS_FOREVER 0xffff

/* A transfer the model runs itself (the IDE core has no such command). */
enum {
    WD1003_XFER_NONE,
    WD1003_XFER_READ_LONG,
    WD1003_XFER_WRITE_LONG,
    WD1003_XFER_FORMAT,
};

/* The PIO transfer the IDE core runs for the model. */
enum {
    WD1003_CORE_NONE,
    WD1003_CORE_READ,
    WD1003_CORE_WRITE,
};

struct Wd1003State {
    SysBusDevice parent_obj;

    IDEBus bus;             /* QEMU's IDE core: the task file, two drives */
    MemoryRegion mmio;
    qemu_irq irq;
    qemu_irq core_irq;      /* the core's output, into wd1003_core_irq() */
    QEMUTimer *step_timer;  /* RESTORE/SEEK: the heads stepping */

    uint8_t sdh;            /* as written: the core sees 512/ECC/CHS */
    uint8_t ctl;
    uint8_t wpc;            /* write precompensation (kept, no effect) */
    bool core_level;        /* the core's interrupt request */
    bool retry;             /* the running READ/WRITE has retries */
    uint8_t core_op;        /* WD1003_CORE_*: what the core transfers */
    uint8_t step_rate[2];   /* the last RESTORE/SEEK's rate, per drive */
    uint16_t cur_cyl[2];    /* where each drive's heads are */
    /* The RESTORE or SEEK in progress (step_timer armed). */
    uint8_t seek_unit;
    uint8_t seek_err;
    uint16_t seek_cyl;
    /* The model's own transfer (READ/WRITE LONG, FORMAT TRACK). */
    uint8_t xfer;
    uint8_t xfer_unit;
    uint16_t xfer_pos;
    uint16_t xfer_len;
    uint8_t xfer_buf[WD1003_LONG_BYTES];
    /* The medium's defects: injected, or marked by FORMAT TRACK. */
    uint32_t n_bad;
    Wd1003Bad bad[WD1003_MAX_BAD];

    /* Properties. */
    char *drive_id[2];
    uint32_t cyls, heads, secs;
};

#endif
