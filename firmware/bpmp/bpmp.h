/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * presilicon's BPMP firmware: the Tegra186 Boot and Power Management
 * Processor's side of the CPU<->BPMP message protocol, as Linux 6.12's
 * drivers/firmware/tegra (bpmp.c, bpmp-tegra186.c, ivc.c) speaks it.
 *
 * Pure C with no QEMU dependency: the QEMU model (hw/misc/tegra186_bpmp.c)
 * links it and gives it the shared memory and a doorbell; the unit tests
 * (tests/unit/bpmp-fw-test.c) drive it directly.
 *
 * Shared memory: two 4 KiB SYSRAM partitions, cpu-bpmp-tx (the CPU writes
 * requests there) and cpu-bpmp-rx (the BPMP writes there). Each holds
 * BPMP_FW_CHANNELS IVC queues of BPMP_FW_QUEUE_SIZE bytes: a 128-byte
 * header (the transmitter's count and state in the first 64 bytes, the
 * receiver's count in the next 64) and one 128-byte frame. Channel N's
 * CPU->BPMP queue is at tx + N * 256, its BPMP->CPU queue at rx + N * 256.
 * Tegra186's Linux driver uses channels 0-2 (threaded), 3 (atomic) and 13
 * (requests from the BPMP).
 */
#ifndef PRESILICON_FIRMWARE_BPMP_H
#define PRESILICON_FIRMWARE_BPMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BPMP_FW_SHMEM_SIZE    4096u
#define BPMP_FW_QUEUE_SIZE    256u
#define BPMP_FW_FRAME_SIZE    128u
#define BPMP_FW_CHANNELS      (BPMP_FW_SHMEM_SIZE / BPMP_FW_QUEUE_SIZE)
#define BPMP_FW_CHAN_CPU_RX   13u   /* the BPMP's requests to the CPU */

/* IVC channel states (ivc.c). */
#define BPMP_IVC_ESTABLISHED  0u
#define BPMP_IVC_SYNC         1u
#define BPMP_IVC_ACK          2u

/* Message flags (bpmp.c). */
#define BPMP_MSG_ACK          (1u << 0)
#define BPMP_MSG_RING         (1u << 1)

/* MRQs the firmware answers (bpmp-abi.h); any other gets -BPMP_ENODEV. */
#define BPMP_MRQ_PING         0u
#define BPMP_MRQ_QUERY_TAG    1u
#define BPMP_MRQ_RESET        20u
#define BPMP_MRQ_CLK          22u
#define BPMP_MRQ_QUERY_ABI    23u
#define BPMP_MRQ_CPU_VHINT    28u
#define BPMP_MRQ_PG           66u
#define BPMP_MRQ_QUERY_FW_TAG 71u

#define BPMP_ENOENT           2
#define BPMP_EBADCMD          6
#define BPMP_EFAULT           14
#define BPMP_ENODEV           19
#define BPMP_EINVAL           22
#define BPMP_ERANGE           34

#define BPMP_FW_TAG_SIZE      32u
#define BPMP_FW_NUM_RESETS    193u   /* Tegra186's, as bpmp.c says */
#define BPMP_FW_NUM_PG        4u     /* power domains of MRQ_PG */

/* The CPU clusters whose V/F tables MRQ_CPU_VHINT gives (0 Denver, 1 A57). */
#define BPMP_FW_CLUSTERS      2u
#define BPMP_VHINT_POINTS     80u

/*
 * The fields of bpmp-abi.h's struct cpu_vhint_data; MRQ_CPU_VHINT writes
 * them packed, with the zeroed reserved tail: 836 bytes (bpmp.c).
 */
typedef struct BpmpVhint {
    uint32_t ref_clk_hz;
    uint16_t pdiv;
    uint16_t mdiv;
    uint16_t ndiv_max;
    uint16_t ndiv[BPMP_VHINT_POINTS];
    uint16_t ndiv_min;
    uint16_t vfloor;
    uint16_t vceil;
    uint16_t vindex_mult;
    uint16_t vindex_div;
} BpmpVhint;

/* What the firmware needs from its host (the QEMU model, or a test). */
typedef struct BpmpFwHost {
    /* Ring the CCPLEX's doorbell: the BPMP has something for the CPU. */
    void (*ring)(void *opaque);
    /* Write len bytes at guest physical address addr; false if it can't. */
    bool (*dma_write)(void *opaque, uint64_t addr, const void *buf,
                      size_t len);
    /* Something the chip would refuse (a LOG_GUEST_ERROR line). */
    void (*guest_error)(void *opaque, const char *msg);
    /* One served request, for tracing (may be NULL). */
    void (*trace_mrq)(void *opaque, unsigned chan, uint32_t mrq, int32_t err);
    void *opaque;
} BpmpFwHost;

#define BPMP_FW_MAX_CLOCKS    16u

typedef struct BpmpFwClock {
    uint64_t rate;      /* Hz */
    uint32_t parent;    /* clock id */
    bool enabled;
} BpmpFwClock;

/* The firmware's state: everything here is migrated by the model. */
typedef struct BpmpFw {
    BpmpFwHost host;
    uint8_t *tx;        /* cpu-bpmp-tx, BPMP_FW_SHMEM_SIZE bytes */
    uint8_t *rx;        /* cpu-bpmp-rx, BPMP_FW_SHMEM_SIZE bytes */
    BpmpFwClock clk[BPMP_FW_MAX_CLOCKS];
    uint32_t reset_asserted[(BPMP_FW_NUM_RESETS + 31) / 32];
    uint32_t pg_on;     /* bit n: power domain n is on */
    /* A ping the BPMP sent the CPU on channel 13 (bpmp_fw_ping_cpu()). */
    uint32_t cpu_ping_challenge;
    uint32_t cpu_ping_reply;
    bool cpu_ping_pending;
    uint32_t requests;  /* MRQs served */
    uint32_t errors;    /* malformed frames and refused requests */
} BpmpFw;

/* Bind fw to its shared memory and host; then bpmp_fw_reset(). */
void bpmp_fw_init(BpmpFw *fw, const BpmpFwHost *host, uint8_t *tx,
                  uint8_t *rx);
/*
 * Power-on: clocks at their boot rates, resets deasserted, counters 0.
 * Does not touch the shared memory (the SYSRAM's own reset does).
 */
void bpmp_fw_reset(BpmpFw *fw);
/*
 * The CCPLEX rang the BPMP's doorbell: run the IVC handshake on every
 * channel the CPU reset and serve every request waiting, answering in
 * the matching BPMP->CPU queue. Bounded: one frame per channel per call.
 */
void bpmp_fw_doorbell(BpmpFw *fw);

/*
 * Send the CPU an MRQ_PING on channel 13 (MSG_ACK | MSG_RING) and ring its
 * doorbell; the CPU's answer is taken at a later bpmp_fw_doorbell() into
 * cpu_ping_reply. False (nothing sent) when the channel is not established
 * or a ping is still unanswered.
 */
bool bpmp_fw_ping_cpu(BpmpFw *fw, uint32_t challenge);

/* The V/F table of a cluster (NULL past BPMP_FW_CLUSTERS). */
const BpmpVhint *bpmp_fw_vhint(unsigned cluster);
/* Lowest voltage index of cluster whose NDIV is >= ndiv (-1: none). */
int bpmp_fw_vindex_for_ndiv(unsigned cluster, unsigned ndiv);

/* Power domains the firmware exposes through MRQ_PG. */
const char *bpmp_fw_pg_name(unsigned id);

/* Clocks the firmware exposes through MRQ_CLK. */
unsigned bpmp_fw_num_clocks(void);
const char *bpmp_fw_clock_name(unsigned id);

/* The tag MRQ_QUERY_FW_TAG / MRQ_QUERY_TAG return (32 bytes, no NUL). */
extern const char bpmp_fw_tag[BPMP_FW_TAG_SIZE + 1];

#endif
