/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX ZIP compression engine (PCI 177d:a01a).
 */
#ifndef HW_CRYPTO_THUNDERX_ZIP_H
#define HW_CRYPTO_THUNDERX_ZIP_H

#include "hw/pci/pci_device.h"
#include "qom/object.h"
#include <zlib.h>
#include "hw/crypto/thunderx_zip_regs.h"

#define TYPE_THUNDERX_ZIP "thunderx-zip"
OBJECT_DECLARE_SIMPLE_TYPE(ThunderxZipState, THUNDERX_ZIP)

#define PCI_VENDOR_ID_CAVIUM_ZIP    0x177d
#define PCI_DEVICE_ID_THUNDERX_ZIP  0xa01a

typedef struct ThunderxZipQueue {
    /* CSRs */
    uint64_t sbuf_addr;
    uint64_t sbuf_ctl;
    uint64_t map;
    uint64_t gcfg;
    uint64_t done;
    uint64_t done_ena;
    uint64_t done_wait;
    uint64_t err_int;
    uint64_t err_ena;
    /* Instruction fetch state: the chunk and the offset of the next slot. */
    uint64_t chunk;
    uint32_t offset;
    /* Doorbell count not yet executed, and instructions executed. */
    uint32_t pending;
    uint32_t nii;
    /* Set by a queue error; cleared by rewriting SBUF_ADDR. */
    bool halted;
    /*
     * Not migrated: instruction addresses fetched since the queue was
     * last idle. A repeat means the chain loops over slots it already
     * ran, which no correct doorbell count can ask for.
     */
    GHashTable *seen;
} ThunderxZipQueue;

struct ThunderxZipState {
    PCIDevice parent_obj;

    MemoryRegion bar0;
    AddressSpace *dma_as;
    QEMUBH *bh;

    uint64_t cmd_ctl;
    uint64_t throttle;
    uint64_t fife_int;
    uint64_t fife_ena;
    uint64_t que_ena;
    uint64_t que_pri;
    uint64_t ctl_cfg;
    uint64_t ecc_ctl;
    uint64_t ecce_int;
    uint64_t ecce_ena;
    ThunderxZipQueue q[ZIP_NUM_QUEUES];

    /* Host zlib streams, reset for each instruction; not guest state. */
    z_stream zdef;
    z_stream zinf;
    bool zdef_ready;
    bool zinf_ready;
    /* libdeflate's decoder for whole streams zlib would decode the same. */
    struct libdeflate_decompressor *ldinf;
};

#endif
