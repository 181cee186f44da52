/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX eMMC/SD host (MIO_EMM, PCI 177d:a010).
 */
#ifndef HW_BLOCK_THUNDERX_MMC_H
#define HW_BLOCK_THUNDERX_MMC_H

#include "hw/pci/pci_device.h"
#include "hw/sd/sd.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "hw/block/thunderx_mmc_regs.h"

#define TYPE_THUNDERX_MMC "thunderx-mmc"
OBJECT_DECLARE_TYPE(ThunderxMmcState, ThunderxMmcClass, THUNDERX_MMC)

struct ThunderxMmcClass {
    PCIDeviceClass parent_class;
    DeviceRealize parent_realize;
};

/* The SD bus of one slot; its card reports insertion to the host. */
#define TYPE_THUNDERX_MMC_BUS "thunderx-mmc-bus"

#define PCI_VENDOR_ID_CAVIUM_MMC    0x177d
#define PCI_DEVICE_ID_THUNDERX_MMC  0xa010

struct ThunderxMmcState {
    PCIDevice parent_obj;

    MemoryRegion bar0;
    AddressSpace *dma_as;
    QEMUTimer *dma_timer;
    SDBus slot[TXMMC_MAX_SLOTS];

    /* Properties. */
    uint32_t num_slots;
    uint32_t wp_mask;       /* slots whose write-protect switch is on */
    uint32_t sclk_hz;       /* coprocessor clock named in the DT node */
    uint32_t dma_burst;     /* blocks a DMA moves per timer tick */

    /* eMMC bus CSRs. */
    uint64_t emm_cfg;
    uint64_t mode[TXMMC_MAX_SLOTS];
    uint64_t emm_switch;
    uint64_t emm_dma;
    uint64_t emm_cmd;
    uint64_t rsp_sts;
    uint64_t rsp_lo;
    uint64_t rsp_hi;
    uint64_t emm_int;
    uint64_t int_ena;
    uint64_t wdog;
    uint64_t sample;
    uint64_t sts_mask;
    uint64_t rca;
    uint64_t buf_idx;
    uint8_t buf[2 * TXMMC_BUF_SIZE];

    /* DMA engine CSRs and the scatter-gather FIFO. */
    uint64_t dma_cfg;
    uint64_t dma_adr;
    uint64_t dma_int;
    uint64_t dma_int_ena;
    uint64_t fifo_cfg;
    uint64_t fifo_adr;
    uint64_t fifo_q_adr[TXMMC_FIFO_DEPTH];
    uint64_t fifo_q_cmd[TXMMC_FIFO_DEPTH];
    uint32_t fifo_count;
    /* The DMA_CFG in use came from a FIFO entry with INTDIS clear. */
    bool dma_cfg_int;
    /* A MULTI transfer's CMD23 + CMD18/25 went out. */
    bool dma_multi_open;

    /* Derived, not migrated: MSI-X vectors asserted; cards present. */
    uint32_t irq_level;
    uint32_t inserted;
};

#endif
