/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NVIDIA Tegra186 HSP (Hardware Synchronization Primitives) registers, as
 * Linux 6.12's drivers/mailbox/tegra-hsp.c uses them. Shared by the model
 * and its qtest.
 *
 * Layout: the common registers in the first 64 KiB; the shared mailboxes
 * from 64 KiB, 32 KiB each (num_sm / 2 blocks of 64 KiB); then, after the
 * shared semaphores and arbitrated semaphores (none here), the doorbells,
 * 0x100 apart.
 */
#ifndef HW_MISC_TEGRA186_HSP_REGS_H
#define HW_MISC_TEGRA186_HSP_REGS_H

#include "hw/registerfields.h"

#define TEGRA186_HSP_NUM_SM     2   /* shared mailboxes */
#define TEGRA186_HSP_NUM_SI     1   /* shared interrupts ("shared0") */
#define TEGRA186_HSP_NUM_DB     4   /* doorbells 0-3 */
#define TEGRA186_HSP_SM_BASE    0x10000
#define TEGRA186_HSP_SM_STRIDE  0x8000
#define TEGRA186_HSP_DB_BASE    ((1 + TEGRA186_HSP_NUM_SM / 2) * 0x10000)
#define TEGRA186_HSP_DB_STRIDE  0x100
#define TEGRA186_HSP_MMIO_SIZE  0x40000

/* Doorbells by index (HSP_DB_CCPLEX, HSP_DB_BPMP)... */
#define TEGRA186_HSP_DB_CCPLEX  1
#define TEGRA186_HSP_DB_BPMP    3
/* ... and the master IDs whose bits they carry (dt-bindings). */
#define TEGRA186_HSP_MASTER_CCPLEX 17
#define TEGRA186_HSP_MASTER_BPMP   19

/* Common registers. */
REG32(HSP_INT_IE0, 0x100)       /* per shared interrupt: EMPTY/FULL enables */
REG32(HSP_INT_IV, 0x300)        /* the enabled interrupts that are asserted */
REG32(HSP_INT_IR, 0x304)        /* raw mailbox status */
    FIELD(HSP_INT_IR, EMPTY, 0, 8)  /* bit n: shared mailbox n is empty */
    FIELD(HSP_INT_IR, FULL, 8, 8)   /* bit 8+n: shared mailbox n is full */
REG32(HSP_INT_DIMENSIONING, 0x380)
    FIELD(HSP_INT_DIMENSIONING, NSM, 0, 4)
    FIELD(HSP_INT_DIMENSIONING, NSS, 4, 4)
    FIELD(HSP_INT_DIMENSIONING, NAS, 8, 4)
    FIELD(HSP_INT_DIMENSIONING, NDB, 12, 4)
    FIELD(HSP_INT_DIMENSIONING, NSI, 16, 4)

/* A shared mailbox, relative to its base. */
REG32(HSP_SM_SHRD_MBOX, 0x0)
    FIELD(HSP_SM_SHRD_MBOX, DATA, 0, 31)
    FIELD(HSP_SM_SHRD_MBOX, FULL, 31, 1)

/* A doorbell, relative to its base. */
REG32(HSP_DB_TRIGGER, 0x0)      /* write: ring it */
REG32(HSP_DB_ENABLE, 0x4)       /* the masters allowed to ring it */
REG32(HSP_DB_RAW, 0x8)          /* who rang, enabled or not */
REG32(HSP_DB_PENDING, 0xc)      /* who rang while enabled; write 1 clears */

#endif
