/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Broadcom BCM2835 SDHOST ("brcm,bcm2835-sdhost"), the Raspberry Pi's
 * custom SD card controller.
 */
#ifndef HW_BLOCK_BCM2835_SDHOST_H
#define HW_BLOCK_BCM2835_SDHOST_H

#include "hw/sysbus.h"
#include "hw/sd/sd.h"
#include "qom/object.h"
#include "qemu/timer.h"
#include "hw/block/bcm2835_sdhost_regs.h"

#define TYPE_BCM2835_SDHOST "bcm2835-sdhost"
OBJECT_DECLARE_SIMPLE_TYPE(Bcm2835SdhostState, BCM2835_SDHOST)

#define TYPE_BCM2835_SDHOST_BUS "bcm2835-sdhost-bus"

struct Bcm2835SdhostState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    SDBus sdbus;
    qemu_irq irq;
    qemu_irq dreq;          /* "dreq" GPIO out: to a BCM2835 DMA channel */

    /* Registers as the guest wrote them (FSM and FIFO level are derived). */
    uint32_t cmd;
    uint32_t arg;
    uint32_t tout;
    uint32_t cdiv;
    uint32_t rsp[4];
    uint32_t hsts;
    uint32_t vdd;
    uint32_t edm;
    uint32_t hcfg;
    uint32_t hbct;
    uint32_t hblc;

    /* The data phase: bytes still to cross the card bus, FIFO contents. */
    bool data_active;
    bool data_read;
    bool data_mode;         /* idle FSM: DATAMODE (true) or IDENTMODE */
    uint32_t datacnt;
    uint32_t blk_bytes;     /* bytes of the current block so far */
    uint32_t fifo[BCM2835_SDHOST_FIFO_WORDS];
    uint32_t fifo_pos;
    uint32_t fifo_len;

    /*
     * A block is on its way over the card bus until block_timer fires: a
     * read's next block (the FIFO is refilled then), or a written block
     * whose CRC status comes back then (BLOCK_IRPT; words the driver
     * wrote meanwhile wait in the FIFO). write_dropped: the card took
     * none of that block, so no CRC status comes.
     */
    QEMUTimer *block_timer;
    bool block_wait;
    bool write_dropped;

    /* Write-protect switch (the block has no WP pin: writes are refused). */
    bool write_protect;
};

#endif
