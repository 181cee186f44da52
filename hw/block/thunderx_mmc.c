/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX eMMC/SD host controller (MIO_EMM, PCI 177d:a010), as
 * Linux's drivers/mmc/host/cavium-thunderx.c and cavium.c program it.
 *
 * One controller drives up to four card slots ("buses"); every operation
 * names its bus in a BUS_ID field. Software runs a card in two ways:
 *
 * - MIO_EMM_CMD sends one command. The hardware knows each command index's
 *   default command type (no data, read, write) and response type from
 *   the eMMC standard; CTYPE_XOR/RTYPE_XOR adapt them to SD. Data moves
 *   through one of two 512-byte buffers that software reads and fills
 *   through MIO_EMM_BUF_IDX/BUF_DAT (64-bit words, first byte in bits
 *   63:56). Completion sets MIO_EMM_RSP_STS and MIO_EMM_INT[CMD_DONE]
 *   (plus BUF_DONE after data) or [CMD_ERR].
 * - MIO_EMM_DMA runs a whole multi-block transfer between the card and
 *   memory: with MULTI, CMD23 then CMD18/CMD25; without, one CMD17/CMD24
 *   per 512-byte block. Memory comes from MIO_EMM_DMA_CFG/DMA_ADR, which
 *   the scatter-gather FIFO (MIO_EMM_DMA_FIFO_*) reloads entry by entry.
 *   Completion sets MIO_EMM_INT[DMA_DONE], or [DMA_ERR] with
 *   RSP_STS[DMA_PEND] (software then resumes or unwinds with DAT_NULL).
 *
 * Commands complete within the register write; a DMA moves a burst of
 * blocks per tick of a virtual-time timer, so a transfer has a duration
 * that register writes, card removal and migration can fall into.
 *
 * Interrupts are MSI-X only: vector n is MIO_EMM_INT bit n (0-6), 7 and 8
 * are MIO_EMM_DMA_INT[FIFO] and [DONE]. A vector fires when its bit and
 * its enable become both set.
 *
 * Cards are QEMU's sd-card on one SD bus per slot. The chip has no
 * card-detect or write-protect inputs (boards use GPIOs): card changes
 * reach Linux by polling (the slot nodes say broken-cd), and a slot's
 * write-protect switch (the wp-mask property, or a read-only drive) makes
 * the model refuse writes with WP_VIOLATION in the R1 status.
 *
 * Not modelled: the SWITCH_EXE eMMC CMD6 sequence (logged as
 * unimplemented), the watchdogs, sampling delays, THRES, SKIP_BUSY,
 * DAT_NULL memory traffic (DAT_NULL only unwinds the engine), bus timing.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/bswap.h"
#include "qapi/error.h"
#include "migration/vmstate.h"
#include "hw/qdev-properties.h"
#include "hw/pci/pci.h"
#include "hw/pci/msi.h"
#include "hw/pci/msix.h"
#include "hw/pci/pcie.h"
#include "system/dma.h"
#include "system/device_tree.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/block/thunderx_mmc.h"
#include "trace.h"

/* Blocks a DMA moves per timer tick by default, and the tick. */
#define TXMMC_DMA_BURST     64
#define TXMMC_DMA_TICK_NS   1000

#define TXMMC_SLOTS_DEFAULT 3     /* CN8xxx: buses 0-2 */
#define TXMMC_SCLK_DEFAULT  800000000

/* The settings MIO_EMM_SWITCH writes into a bus's MIO_EMM_MODE. */
#define TXMMC_MODE_MASK     (R_MIO_EMM_SWITCH_CLK_LO_MASK | \
                             R_MIO_EMM_SWITCH_CLK_HI_MASK | \
                             R_MIO_EMM_SWITCH_POWER_CLASS_MASK | \
                             R_MIO_EMM_SWITCH_BUS_WIDTH_MASK | \
                             R_MIO_EMM_SWITCH_HS_TIMING_MASK)
#define TXMMC_SWITCH_ERRS   (R_MIO_EMM_SWITCH_ERR0_MASK | \
                             R_MIO_EMM_SWITCH_ERR1_MASK | \
                             R_MIO_EMM_SWITCH_ERR2_MASK)
#define TXMMC_FIFO_CMD_RW   (R_MIO_EMM_DMA_FIFO_CMD_SIZE_MASK | \
                             R_MIO_EMM_DMA_FIFO_CMD_ENDIAN_MASK | \
                             R_MIO_EMM_DMA_FIFO_CMD_SWAP8_MASK | \
                             R_MIO_EMM_DMA_FIFO_CMD_SWAP16_MASK | \
                             R_MIO_EMM_DMA_FIFO_CMD_SWAP32_MASK | \
                             R_MIO_EMM_DMA_FIFO_CMD_INTDIS_MASK | \
                             R_MIO_EMM_DMA_FIFO_CMD_RW_MASK)
#define TXMMC_DMA_CFG_RW    (R_MIO_EMM_DMA_CFG_SIZE_MASK | \
                             R_MIO_EMM_DMA_CFG_ENDIAN_MASK | \
                             R_MIO_EMM_DMA_CFG_SWAP8_MASK | \
                             R_MIO_EMM_DMA_CFG_SWAP16_MASK | \
                             R_MIO_EMM_DMA_CFG_SWAP32_MASK | \
                             R_MIO_EMM_DMA_CFG_RW_MASK | \
                             R_MIO_EMM_DMA_CFG_EN_MASK)
/* RSP_STS error bits: any of them fails the operation. */
#define TXMMC_RSP_ERRS      (R_MIO_EMM_RSP_STS_RSP_BAD_STS_MASK | \
                             R_MIO_EMM_RSP_STS_RSP_CRC_ERR_MASK | \
                             R_MIO_EMM_RSP_STS_RSP_TIMEOUT_MASK | \
                             R_MIO_EMM_RSP_STS_BLK_CRC_ERR_MASK | \
                             R_MIO_EMM_RSP_STS_BLK_TIMEOUT_MASK | \
                             R_MIO_EMM_RSP_STS_DBUF_ERR_MASK)

/* R1 card status bits the model reads. */
#define R1_WP_VIOLATION     (1u << 26)
#define R1_STATE_TRAN       (4u << 9)
#define R1_READY_FOR_DATA   (1u << 8)
/* CMD23's argument: the block count, and bit 31 for a reliable write. */
#define SBC_RELIABLE_WRITE  (1u << 31)

/*
 * The command and response type of each command index, as the hardware
 * assumes them (the eMMC standard's; the manual's "Command and Response
 * Types" table, which Linux's cvm_mmc_cr_types mirrors). CMD56's data
 * direction is ARG bit 0.
 */
static const struct {
    uint8_t ctype;
    uint8_t rtype;
} txmmc_cr_types[64] = {
    [1] = { 0, 3 }, [2] = { 0, 2 }, [3] = { 0, 1 }, [5] = { 0, 1 },
    [6] = { 0, 1 }, [7] = { 0, 1 }, [8] = { 1, 1 }, [9] = { 0, 2 },
    [10] = { 0, 2 }, [11] = { 1, 1 }, [12] = { 0, 1 }, [13] = { 0, 1 },
    [14] = { 1, 1 }, [16] = { 0, 1 }, [17] = { 1, 1 }, [18] = { 1, 1 },
    [19] = { 3, 1 }, [20] = { 2, 1 }, [23] = { 0, 1 }, [24] = { 2, 1 },
    [25] = { 2, 1 }, [26] = { 2, 1 }, [27] = { 2, 1 }, [28] = { 0, 1 },
    [29] = { 0, 1 }, [30] = { 1, 1 }, [31] = { 1, 1 }, [35] = { 0, 1 },
    [36] = { 0, 1 }, [38] = { 0, 1 }, [39] = { 0, 4 }, [40] = { 0, 5 },
    [42] = { 2, 1 }, [55] = { 0, 1 }, [56] = { 0, 1 },
};

static const char *const txmmc_rtype_name[8] = {
    "none", "R1", "R2", "R3", "R4", "R5", "reserved 6", "reserved 7",
};

static void txmmc_update_irq(ThunderxMmcState *s)
{
    PCIDevice *pdev = PCI_DEVICE(s);
    uint64_t dma = s->dma_int & s->dma_int_ena;
    uint32_t level = (s->emm_int & s->int_ena & TXMMC_INT_ALL) |
                     (FIELD_EX64(dma, MIO_EMM_DMA_INT, FIFO) <<
                      TXMMC_VEC_DMA_FIFO) |
                     (FIELD_EX64(dma, MIO_EMM_DMA_INT, DONE) <<
                      TXMMC_VEC_DMA_DONE);
    uint32_t rising = level & ~s->irq_level;
    int vec;

    s->irq_level = level;
    for (vec = 0; vec < TXMMC_NUM_VECTORS; vec++) {
        if ((rising & BIT(vec)) && msix_enabled(pdev)) {
            trace_thunderx_mmc_msix(vec);
            msix_notify(pdev, vec);
        }
    }
}

static void txmmc_raise(ThunderxMmcState *s, uint64_t bits)
{
    s->emm_int |= bits;
    txmmc_update_irq(s);
}

static bool txmmc_dma_busy(ThunderxMmcState *s)
{
    return FIELD_EX64(s->rsp_sts, MIO_EMM_RSP_STS, DMA_VAL);
}

/* The card slot of a bus, or NULL (with a guest error) when it has none. */
static SDBus *txmmc_bus(ThunderxMmcState *s, unsigned bus, const char *what)
{
    if (bus >= s->num_slots) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-mmc: %s on bus %u, which has no slot (%u "
                      "slots)\n", what, bus, s->num_slots);
        return NULL;
    }
    if (!(FIELD_EX64(s->emm_cfg, MIO_EMM_CFG, BUS_ENA) & BIT(bus))) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-mmc: %s on bus %u, disabled in "
                      "MIO_EMM_CFG[BUS_ENA] 0x%" PRIx64 "\n", what, bus,
                      s->emm_cfg);
        return NULL;
    }
    return &s->slot[bus];
}

static bool txmmc_slot_wp(ThunderxMmcState *s, unsigned bus)
{
    return (s->wp_mask & BIT(bus)) || sdbus_get_readonly(&s->slot[bus]);
}

/* CRC7 of a response's first five bytes (polynomial x^7 + x^3 + 1). */
static uint8_t txmmc_crc7(const uint8_t *p, int len)
{
    uint8_t crc = 0;
    int i, b;

    for (i = 0; i < len; i++) {
        for (b = 7; b >= 0; b--) {
            uint8_t in = ((p[i] >> b) & 1) ^ ((crc >> 6) & 1);

            crc = ((crc << 1) & 0x7f) ^ (in ? 0x09 : 0);
        }
    }
    return crc;
}

/* A 48-bit response in RSP_LO: index, 32 bits, CRC7 and end bit. */
static uint64_t txmmc_rsp48(uint8_t idx, uint32_t val)
{
    uint8_t raw[5] = { idx & 0x3f, val >> 24, val >> 16, val >> 8, val };
    uint64_t lo = FIELD_DP64(0, MIO_EMM_RSP_LO, IDX, raw[0]);

    lo = FIELD_DP64(lo, MIO_EMM_RSP_LO, ARG, val);
    lo = FIELD_DP64(lo, MIO_EMM_RSP_LO, CRC7, txmmc_crc7(raw, 5));
    return FIELD_DP64(lo, MIO_EMM_RSP_LO, END, 1);
}

/*
 * Send one command on bus and latch its response as rtype says. Returns
 * the RSP_STS error bits (RSP_TIMEOUT, RSP_CRC_ERR, RSP_BAD_STS); *r1 is
 * the 32-bit status of a 48-bit response.
 */
static uint64_t txmmc_send(ThunderxMmcState *s, SDBus *bus, uint8_t idx,
                           uint32_t arg, unsigned rtype, uint32_t *r1)
{
    SDRequest req = { .cmd = idx, .arg = arg };
    uint8_t rsp[16];
    int len = bus ? sdbus_do_command(bus, &req, rsp) : 0;
    uint32_t val;

    trace_thunderx_mmc_card_cmd(idx, arg, rtype, len);
    *r1 = 0;
    if (idx == 7) {
        s->rca = FIELD_DP64(0, MIO_EMM_RCA, CARD_RCA, arg >> 16);
    }
    if (rtype == TXMMC_RTYPE_NONE) {
        return 0;
    }
    if (rtype == TXMMC_RTYPE_R2) {
        if (len != 16) {
            return len ? R_MIO_EMM_RSP_STS_RSP_CRC_ERR_MASK
                       : R_MIO_EMM_RSP_STS_RSP_TIMEOUT_MASK;
        }
        s->rsp_hi = ldq_be_p(rsp);
        s->rsp_lo = ldq_be_p(rsp + 8);
        return 0;
    }
    if (len != 4) {
        return len ? R_MIO_EMM_RSP_STS_RSP_CRC_ERR_MASK
                   : R_MIO_EMM_RSP_STS_RSP_TIMEOUT_MASK;
    }
    val = ldl_be_p(rsp);
    *r1 = val;
    /* R3/R4 carry no index and no CRC: both fields read as ones. */
    if (rtype == TXMMC_RTYPE_R3 || rtype == TXMMC_RTYPE_R4) {
        s->rsp_lo = FIELD_DP64(R_MIO_EMM_RSP_LO_IDX_MASK |
                               R_MIO_EMM_RSP_LO_CRC7_MASK |
                               R_MIO_EMM_RSP_LO_END_MASK,
                               MIO_EMM_RSP_LO, ARG, val);
    } else {
        s->rsp_lo = txmmc_rsp48(idx, val);
    }
    s->rsp_hi = 0;
    if (rtype == TXMMC_RTYPE_R1 && (val & s->sts_mask)) {
        return R_MIO_EMM_RSP_STS_RSP_BAD_STS_MASK;
    }
    return 0;
}

/* A write to a write-protected slot: the card is not addressed. */
static uint64_t txmmc_refuse_write(ThunderxMmcState *s, uint8_t idx)
{
    uint32_t r1 = R1_WP_VIOLATION | R1_STATE_TRAN | R1_READY_FOR_DATA;

    trace_thunderx_mmc_write_protected(idx);
    s->rsp_lo = txmmc_rsp48(idx, r1);
    s->rsp_hi = 0;
    return (r1 & s->sts_mask) ? R_MIO_EMM_RSP_STS_RSP_BAD_STS_MASK : 0;
}

static uint64_t txmmc_rsp_sts(unsigned bus, uint8_t idx, unsigned ctype,
                              unsigned rtype, uint64_t errs)
{
    uint64_t st = R_MIO_EMM_RSP_STS_CMD_DONE_MASK | errs;

    st = FIELD_DP64(st, MIO_EMM_RSP_STS, CMD_IDX, idx);
    st = FIELD_DP64(st, MIO_EMM_RSP_STS, CMD_TYPE, ctype);
    st = FIELD_DP64(st, MIO_EMM_RSP_STS, RSP_TYPE, rtype);
    st = FIELD_DP64(st, MIO_EMM_RSP_STS, BUS_ID, bus);
    if (rtype && !(errs & (R_MIO_EMM_RSP_STS_RSP_TIMEOUT_MASK |
                           R_MIO_EMM_RSP_STS_RSP_CRC_ERR_MASK))) {
        st |= R_MIO_EMM_RSP_STS_RSP_VAL_MASK;
    }
    return st;
}

/*
 * The data phase of a MIO_EMM_CMD: the card's block (its CMD16 length),
 * into or out of a 512-byte buffer. A card that sends or wants nothing
 * times out; one that would go past the buffer gets a CRC error and is
 * stopped (CMD12), so it does not wait for data that never comes.
 */
static uint64_t txmmc_pio_data(ThunderxMmcState *s, SDBus *bus,
                               uint8_t *data, bool write)
{
    unsigned n;
    uint32_t r1;

    if (!bus) {
        /* No slot, or a disabled one (already logged): nothing answers. */
        return R_MIO_EMM_RSP_STS_BLK_TIMEOUT_MASK;
    }
    for (n = 0; n < TXMMC_BUF_SIZE; n++) {
        if (write ? !sdbus_receive_ready(bus) : !sdbus_data_ready(bus)) {
            break;
        }
        if (write) {
            sdbus_write_byte(bus, data[n]);
        } else {
            data[n] = sdbus_read_byte(bus);
        }
    }
    trace_thunderx_mmc_pio(write, n);
    if (!n) {
        return R_MIO_EMM_RSP_STS_BLK_TIMEOUT_MASK;
    }
    if (write ? sdbus_receive_ready(bus) : sdbus_data_ready(bus)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-mmc: the card's block is longer than the "
                      "%d-byte data buffer (CMD16)\n", TXMMC_BUF_SIZE);
        txmmc_send(s, bus, 12, 0, TXMMC_RTYPE_R1, &r1);
        return R_MIO_EMM_RSP_STS_BLK_CRC_ERR_MASK;
    }
    return 0;
}

/* MIO_EMM_CMD: one command, its data through buffer DBUF. */
static void txmmc_command(ThunderxMmcState *s, uint64_t cmd)
{
    unsigned busn = FIELD_EX64(cmd, MIO_EMM_CMD, BUS_ID);
    uint8_t idx = FIELD_EX64(cmd, MIO_EMM_CMD, IDX);
    uint32_t arg = FIELD_EX64(cmd, MIO_EMM_CMD, ARG);
    unsigned dbuf = FIELD_EX64(cmd, MIO_EMM_CMD, DBUF);
    unsigned len = (64 - FIELD_EX64(cmd, MIO_EMM_CMD, OFFSET)) * 8;
    unsigned ctype = txmmc_cr_types[idx].ctype;
    unsigned rtype = txmmc_cr_types[idx].rtype;
    uint8_t *data = &s->buf[dbuf * TXMMC_BUF_SIZE];
    uint64_t errs = 0;
    uint32_t r1;
    SDBus *bus;

    if (idx == 56) {
        ctype = (arg & 1) ? TXMMC_CTYPE_READ : TXMMC_CTYPE_WRITE;
    }
    ctype ^= FIELD_EX64(cmd, MIO_EMM_CMD, CTYPE_XOR);
    rtype ^= FIELD_EX64(cmd, MIO_EMM_CMD, RTYPE_XOR);
    trace_thunderx_mmc_command(busn, idx, arg, ctype, rtype, len);
    s->emm_cmd = cmd & ~R_MIO_EMM_CMD_VAL_MASK;

    if (ctype == 3 || rtype > TXMMC_RTYPE_R5) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-mmc: CMD%u with reserved command type %u or "
                      "response type %s (check CTYPE_XOR/RTYPE_XOR)\n",
                      idx, ctype, txmmc_rtype_name[rtype & 7]);
        s->rsp_sts = txmmc_rsp_sts(busn, idx, ctype & 3, rtype & 7,
                                   R_MIO_EMM_RSP_STS_RSP_TIMEOUT_MASK);
        txmmc_raise(s, R_MIO_EMM_INT_CMD_ERR_MASK);
        return;
    }
    bus = txmmc_bus(s, busn, "command");
    if (bus && ctype == TXMMC_CTYPE_WRITE && txmmc_slot_wp(s, busn)) {
        errs = txmmc_refuse_write(s, idx);
        rtype = TXMMC_RTYPE_R1;
        ctype = TXMMC_CTYPE_NONE;
    } else {
        errs = txmmc_send(s, bus, idx, arg, rtype, &r1);
    }
    if (!errs && ctype != TXMMC_CTYPE_NONE) {
        errs = txmmc_pio_data(s, bus, data, ctype == TXMMC_CTYPE_WRITE);
    }
    s->rsp_sts = txmmc_rsp_sts(busn, idx, ctype, rtype, errs);
    s->rsp_sts = FIELD_DP64(s->rsp_sts, MIO_EMM_RSP_STS, DBUF, dbuf);
    trace_thunderx_mmc_done("command", s->rsp_sts);
    if (errs) {
        txmmc_raise(s, R_MIO_EMM_INT_CMD_ERR_MASK);
    } else {
        txmmc_raise(s, R_MIO_EMM_INT_CMD_DONE_MASK |
                    (ctype ? R_MIO_EMM_INT_BUF_DONE_MASK : 0));
    }
}

/*
 * DMA data order: the engine sees card data as big-endian 64-bit words;
 * ENDIAN and the SWAPs permute the bytes of each word. Each is an XOR
 * on the byte's index, so a permutation is its own inverse.
 */
static void txmmc_swap(uint8_t *p, unsigned len, uint64_t cfg)
{
    unsigned m = (FIELD_EX64(cfg, MIO_EMM_DMA_CFG, ENDIAN) ? 0 : 7) ^
                 (FIELD_EX64(cfg, MIO_EMM_DMA_CFG, SWAP32) ? 4 : 0) ^
                 (FIELD_EX64(cfg, MIO_EMM_DMA_CFG, SWAP16) ? 2 : 0) ^
                 (FIELD_EX64(cfg, MIO_EMM_DMA_CFG, SWAP8) ? 1 : 0);
    uint8_t w[8];
    unsigned i, j;

    if (!m) {
        return;
    }
    for (i = 0; i + 8 <= len; i += 8) {
        for (j = 0; j < 8; j++) {
            w[j] = p[i + (j ^ m)];
        }
        memcpy(p + i, w, 8);
    }
}

/* Load the next FIFO entry into DMA_CFG/DMA_ADR; false when none. */
static bool txmmc_fifo_pop(ThunderxMmcState *s)
{
    uint64_t cmd;

    if (!s->fifo_count ||
        FIELD_EX64(s->fifo_cfg, MIO_EMM_DMA_FIFO_CFG, CLR)) {
        return false;
    }
    cmd = s->fifo_q_cmd[0];
    s->dma_adr = s->fifo_q_adr[0];
    s->dma_cfg = (cmd & (TXMMC_FIFO_CMD_RW &
                         ~R_MIO_EMM_DMA_FIFO_CMD_INTDIS_MASK)) |
                 R_MIO_EMM_DMA_CFG_EN_MASK;
    s->dma_cfg_int = !FIELD_EX64(cmd, MIO_EMM_DMA_FIFO_CMD, INTDIS);
    s->fifo_count--;
    memmove(s->fifo_q_adr, s->fifo_q_adr + 1,
            s->fifo_count * sizeof(s->fifo_q_adr[0]));
    memmove(s->fifo_q_cmd, s->fifo_q_cmd + 1,
            s->fifo_count * sizeof(s->fifo_q_cmd[0]));
    trace_thunderx_mmc_fifo_pop(s->dma_adr, s->dma_cfg, s->fifo_count);
    return true;
}

/*
 * Move one block between blk and memory through DMA_CFG/DMA_ADR and the
 * FIFO. Returns RSP_STS error bits (DBUF_ERR) after logging why.
 */
static uint64_t txmmc_dma_mem(ThunderxMmcState *s, uint8_t *blk,
                              bool to_card)
{
    unsigned done = 0;

    while (done < TXMMC_BLOCK_SIZE) {
        uint64_t words, chunk, addr;
        MemTxResult r;

        if (!FIELD_EX64(s->dma_cfg, MIO_EMM_DMA_CFG, EN) &&
            !txmmc_fifo_pop(s)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-mmc: DMA ran out of memory buffers "
                          "(MIO_EMM_DMA_CFG not enabled, FIFO empty) with "
                          "%u bytes of a block left\n",
                          TXMMC_BLOCK_SIZE - done);
            return R_MIO_EMM_RSP_STS_DBUF_ERR_MASK;
        }
        if (FIELD_EX64(s->dma_cfg, MIO_EMM_DMA_CFG, RW) != to_card) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-mmc: MIO_EMM_DMA_CFG[RW]=%u does not "
                          "match the %s transfer\n",
                          (unsigned)FIELD_EX64(s->dma_cfg, MIO_EMM_DMA_CFG,
                                               RW),
                          to_card ? "write" : "read");
            return R_MIO_EMM_RSP_STS_DBUF_ERR_MASK;
        }
        addr = FIELD_EX64(s->dma_adr, MIO_EMM_DMA_ADR, ADR);
        if (addr & 7) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-mmc: DMA address 0x%" PRIx64 " is not "
                          "8-byte aligned\n", addr);
            return R_MIO_EMM_RSP_STS_DBUF_ERR_MASK;
        }
        words = FIELD_EX64(s->dma_cfg, MIO_EMM_DMA_CFG, SIZE) + 1;
        chunk = MIN(words * 8, TXMMC_BLOCK_SIZE - done);
        if (to_card) {
            r = dma_memory_read(s->dma_as, addr, blk + done, chunk,
                                MEMTXATTRS_UNSPECIFIED);
            txmmc_swap(blk + done, chunk, s->dma_cfg);
        } else {
            txmmc_swap(blk + done, chunk, s->dma_cfg);
            r = dma_memory_write(s->dma_as, addr, blk + done, chunk,
                                 MEMTXATTRS_UNSPECIFIED);
        }
        if (r != MEMTX_OK) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-mmc: DMA %s 0x%" PRIx64 " (+%" PRIu64
                          ") failed: no memory there\n",
                          to_card ? "read from" : "write to", addr, chunk);
            return R_MIO_EMM_RSP_STS_DBUF_ERR_MASK;
        }
        done += chunk;
        words -= chunk / 8;
        s->dma_adr = FIELD_DP64(s->dma_adr, MIO_EMM_DMA_ADR, ADR,
                                addr + chunk);
        if (words) {
            s->dma_cfg = FIELD_DP64(s->dma_cfg, MIO_EMM_DMA_CFG, SIZE,
                                    words - 1);
        } else {
            s->dma_cfg = FIELD_DP64(s->dma_cfg, MIO_EMM_DMA_CFG, SIZE, 0);
            s->dma_cfg = FIELD_DP64(s->dma_cfg, MIO_EMM_DMA_CFG, EN, 0);
            if (s->dma_cfg_int) {
                s->dma_int |= R_MIO_EMM_DMA_INT_DONE_MASK;
                s->dma_cfg_int = false;
            }
        }
    }
    return 0;
}

/* End the transfer: DMA_DONE, or DMA_ERR with DMA_PEND. */
static void txmmc_dma_finish(ThunderxMmcState *s, uint8_t idx, uint64_t errs)
{
    bool rw = FIELD_EX64(s->emm_dma, MIO_EMM_DMA, RW);
    unsigned busn = FIELD_EX64(s->emm_dma, MIO_EMM_DMA, BUS_ID);

    timer_del(s->dma_timer);
    s->emm_dma = FIELD_DP64(s->emm_dma, MIO_EMM_DMA, VAL, 0);
    s->dma_multi_open = false;
    s->rsp_sts = txmmc_rsp_sts(busn, idx, rw ? TXMMC_CTYPE_WRITE
                                             : TXMMC_CTYPE_READ,
                               TXMMC_RTYPE_R1, errs);
    trace_thunderx_mmc_done("dma", s->rsp_sts);
    if (errs) {
        s->rsp_sts |= R_MIO_EMM_RSP_STS_DMA_PEND_MASK;
        txmmc_raise(s, R_MIO_EMM_INT_DMA_ERR_MASK);
    } else {
        txmmc_raise(s, R_MIO_EMM_INT_DMA_DONE_MASK);
    }
}

/* Stop an open multi-block transfer the card is still in (CMD12). */
static void txmmc_dma_stop_card(ThunderxMmcState *s, SDBus *bus)
{
    uint32_t r1;
    uint64_t errs;

    if (!bus || !(sdbus_data_ready(bus) || sdbus_receive_ready(bus))) {
        return;
    }
    errs = txmmc_send(s, bus, 12, 0, TXMMC_RTYPE_R1, &r1);
    s->rsp_sts |= R_MIO_EMM_RSP_STS_STP_VAL_MASK;
    if (errs & R_MIO_EMM_RSP_STS_RSP_TIMEOUT_MASK) {
        s->rsp_sts |= R_MIO_EMM_RSP_STS_STP_TIMEOUT_MASK;
    }
}

/*
 * One block of the transfer in MIO_EMM_DMA: the commands it needs, the
 * data, then BLOCK_CNT and CARD_ADDR advance. Returns RSP_STS error bits.
 */
static uint64_t txmmc_dma_block(ThunderxMmcState *s, SDBus *bus,
                                uint8_t *idx)
{
    uint64_t d = s->emm_dma;
    bool rw = FIELD_EX64(d, MIO_EMM_DMA, RW);
    bool multi = FIELD_EX64(d, MIO_EMM_DMA, MULTI);
    uint32_t addr = FIELD_EX64(d, MIO_EMM_DMA, CARD_ADDR);
    uint32_t cnt = FIELD_EX64(d, MIO_EMM_DMA, BLOCK_CNT);
    uint8_t blk[TXMMC_BLOCK_SIZE];
    uint64_t errs;
    uint32_t r1;

    if (rw) {
        errs = txmmc_dma_mem(s, blk, true);
        if (errs) {
            return errs;
        }
    }
    if (!multi || !s->dma_multi_open) {
        *idx = multi ? (rw ? 25 : 18) : (rw ? 24 : 17);
        if (rw && txmmc_slot_wp(s, FIELD_EX64(d, MIO_EMM_DMA, BUS_ID))) {
            return txmmc_refuse_write(s, *idx) |
                   R_MIO_EMM_RSP_STS_BLK_TIMEOUT_MASK;
        }
        if (multi) {
            uint32_t sbc = cnt | (FIELD_EX64(d, MIO_EMM_DMA, REL_WR) ?
                                  SBC_RELIABLE_WRITE : 0);

            errs = txmmc_send(s, bus, 23, sbc, TXMMC_RTYPE_R1, &r1);
            if (errs) {
                *idx = 23;
                return errs;
            }
            s->dma_multi_open = true;
        }
        errs = txmmc_send(s, bus, *idx, addr, TXMMC_RTYPE_R1, &r1);
        if (errs) {
            return errs;
        }
    }
    if (rw) {
        if (!sdbus_receive_ready(bus)) {
            return R_MIO_EMM_RSP_STS_BLK_TIMEOUT_MASK;
        }
        sdbus_write_data(bus, blk, sizeof(blk));
    } else {
        if (!sdbus_data_ready(bus)) {
            return R_MIO_EMM_RSP_STS_BLK_TIMEOUT_MASK;
        }
        sdbus_read_data(bus, blk, sizeof(blk));
        errs = txmmc_dma_mem(s, blk, false);
        if (errs) {
            return errs;
        }
    }
    addr += FIELD_EX64(d, MIO_EMM_DMA, SECTOR) ? 1 : TXMMC_BLOCK_SIZE;
    s->emm_dma = FIELD_DP64(s->emm_dma, MIO_EMM_DMA, CARD_ADDR, addr);
    s->emm_dma = FIELD_DP64(s->emm_dma, MIO_EMM_DMA, BLOCK_CNT, cnt - 1);
    return 0;
}

/* A burst of the DMA in MIO_EMM_DMA; the timer brings the next. */
static void txmmc_dma_run(ThunderxMmcState *s)
{
    unsigned busn = FIELD_EX64(s->emm_dma, MIO_EMM_DMA, BUS_ID);
    SDBus *bus = txmmc_bus(s, busn, "DMA");
    uint8_t idx = FIELD_EX64(s->rsp_sts, MIO_EMM_RSP_STS, CMD_IDX);
    uint64_t errs;
    int n;

    if (!bus) {
        txmmc_dma_finish(s, idx, R_MIO_EMM_RSP_STS_RSP_TIMEOUT_MASK);
        return;
    }
    for (n = 0; n < s->dma_burst; n++) {
        if (!FIELD_EX64(s->emm_dma, MIO_EMM_DMA, BLOCK_CNT)) {
            bool open = s->dma_multi_open;

            txmmc_dma_finish(s, idx, 0);
            /* A card without CMD23's count is still sending or receiving. */
            if (open) {
                txmmc_dma_stop_card(s, bus);
            }
            return;
        }
        errs = txmmc_dma_block(s, bus, &idx);
        /* Keep CMD_IDX current for a migration in the middle. */
        s->rsp_sts = FIELD_DP64(s->rsp_sts, MIO_EMM_RSP_STS, CMD_IDX, idx);
        if (errs) {
            bool open = s->dma_multi_open;

            txmmc_dma_finish(s, idx, errs);
            /* A resume sends CMD23 + CMD18/25 again from CARD_ADDR. */
            if (open) {
                txmmc_dma_stop_card(s, bus);
            }
            return;
        }
    }
    timer_mod(s->dma_timer,
              qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + TXMMC_DMA_TICK_NS);
}

static void txmmc_dma_tick(void *opaque)
{
    ThunderxMmcState *s = opaque;
    MemReentrancyGuard *guard = &DEVICE(s)->mem_reentrancy_guard;
    bool engaged = guard->engaged_in_io;

    /* DMA into our own BAR must not re-enter the device. */
    guard->engaged_in_io = true;
    if (txmmc_dma_busy(s)) {
        txmmc_dma_run(s);
    }
    guard->engaged_in_io = engaged;
}

/* Unwind the engine after an error: no card traffic, no memory. */
static void txmmc_dma_unwind(ThunderxMmcState *s)
{
    trace_thunderx_mmc_dma_unwind(s->fifo_count);
    s->fifo_count = 0;
    s->dma_cfg = FIELD_DP64(s->dma_cfg, MIO_EMM_DMA_CFG, EN, 0);
    s->dma_cfg_int = false;
    s->rsp_sts &= ~R_MIO_EMM_RSP_STS_DMA_PEND_MASK;
    txmmc_raise(s, R_MIO_EMM_INT_DMA_DONE_MASK);
}

/* MIO_EMM_DMA with VAL: start (or resume) an external DMA. */
static void txmmc_dma_start(ThunderxMmcState *s, uint64_t val)
{
    unsigned busn = FIELD_EX64(val, MIO_EMM_DMA, BUS_ID);

    trace_thunderx_mmc_dma_start(busn, FIELD_EX64(val, MIO_EMM_DMA, RW),
                                 FIELD_EX64(val, MIO_EMM_DMA, BLOCK_CNT),
                                 FIELD_EX64(val, MIO_EMM_DMA, CARD_ADDR),
                                 FIELD_EX64(val, MIO_EMM_DMA, MULTI));
    s->emm_dma = val;
    if (FIELD_EX64(val, MIO_EMM_DMA, DAT_NULL)) {
        s->emm_dma = FIELD_DP64(s->emm_dma, MIO_EMM_DMA, VAL, 0);
        txmmc_dma_unwind(s);
        return;
    }
    s->rsp_sts = FIELD_DP64(0, MIO_EMM_RSP_STS, BUS_ID, busn);
    if (!FIELD_EX64(val, MIO_EMM_DMA, BLOCK_CNT)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-mmc: MIO_EMM_DMA with BLOCK_CNT 0\n");
        s->rsp_sts |= R_MIO_EMM_RSP_STS_DMA_VAL_MASK;
        txmmc_dma_finish(s, 0, R_MIO_EMM_RSP_STS_DBUF_ERR_MASK);
        return;
    }
    s->rsp_sts |= R_MIO_EMM_RSP_STS_DMA_VAL_MASK;
    s->dma_multi_open = false;
    timer_mod(s->dma_timer,
              qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + TXMMC_DMA_TICK_NS);
}

/* Stop a running DMA with an error (abort, bus disabled, reset). */
static void txmmc_dma_abort(ThunderxMmcState *s, const char *why)
{
    if (!txmmc_dma_busy(s)) {
        return;
    }
    trace_thunderx_mmc_dma_abort(why);
    txmmc_dma_finish(s, FIELD_EX64(s->rsp_sts, MIO_EMM_RSP_STS, CMD_IDX),
                     R_MIO_EMM_RSP_STS_DBUF_ERR_MASK);
}

/* The registers MIO_EMM_CFG[BUS_ENA] = 0 and a device reset set. */
static void txmmc_regs_reset(ThunderxMmcState *s)
{
    timer_del(s->dma_timer);
    memset(s->mode, 0, sizeof(s->mode));
    s->emm_switch = s->emm_dma = s->emm_cmd = 0;
    s->rsp_sts = s->rsp_lo = s->rsp_hi = 0;
    s->emm_int = s->int_ena = 0;
    s->wdog = s->sample = 0;
    s->sts_mask = TXMMC_STS_MASK_RESET;
    s->rca = TXMMC_RCA_RESET;
    s->buf_idx = 0;
    memset(s->buf, 0, sizeof(s->buf));
    s->dma_cfg = s->dma_adr = 0;
    s->dma_int = s->dma_int_ena = 0;
    s->fifo_cfg = R_MIO_EMM_DMA_FIFO_CFG_CLR_MASK;
    s->fifo_adr = 0;
    s->fifo_count = 0;
    s->dma_cfg_int = false;
    s->dma_multi_open = false;
}

static unsigned txmmc_buf_word(ThunderxMmcState *s)
{
    return FIELD_EX64(s->buf_idx, MIO_EMM_BUF_IDX, BUF_NUM) * TXMMC_BUF_WORDS +
           FIELD_EX64(s->buf_idx, MIO_EMM_BUF_IDX, OFFSET);
}

static void txmmc_buf_advance(ThunderxMmcState *s)
{
    unsigned w = (txmmc_buf_word(s) + 1) % (2 * TXMMC_BUF_WORDS);

    if (FIELD_EX64(s->buf_idx, MIO_EMM_BUF_IDX, INC)) {
        s->buf_idx = FIELD_DP64(s->buf_idx, MIO_EMM_BUF_IDX, OFFSET,
                                w % TXMMC_BUF_WORDS);
        s->buf_idx = FIELD_DP64(s->buf_idx, MIO_EMM_BUF_IDX, BUF_NUM,
                                w / TXMMC_BUF_WORDS);
    }
}

static uint64_t txmmc_fifo_cfg(ThunderxMmcState *s)
{
    return FIELD_DP64(s->fifo_cfg, MIO_EMM_DMA_FIFO_CFG, COUNT,
                      s->fifo_count);
}

static uint64_t txmmc_reg_read(ThunderxMmcState *s, hwaddr off)
{
    uint64_t v;

    if (off >= A_MIO_EMM_MODE0 &&
        off < A_MIO_EMM_MODE0 + 8 * TXMMC_MAX_SLOTS) {
        return s->mode[(off - A_MIO_EMM_MODE0) / 8];
    }
    switch (off) {
    case A_MIO_EMM_DMA_FIFO_CFG:
        return txmmc_fifo_cfg(s);
    case A_MIO_EMM_DMA_FIFO_ADR:
        return s->fifo_adr;
    case A_MIO_EMM_DMA_FIFO_CMD:
        return 0;
    case A_MIO_EMM_DMA_CFG:
        return s->dma_cfg;
    case A_MIO_EMM_DMA_ADR:
        return s->dma_adr;
    case A_MIO_EMM_DMA_INT:
    case A_MIO_EMM_DMA_INT_W1S:
        return s->dma_int;
    case A_MIO_EMM_DMA_INT_ENA_W1S:
    case A_MIO_EMM_DMA_INT_ENA_W1C:
        return s->dma_int_ena;
    case A_MIO_EMM_CFG:
        return s->emm_cfg;
    case A_MIO_EMM_SWITCH:
        return s->emm_switch;
    case A_MIO_EMM_DMA:
        return s->emm_dma;
    case A_MIO_EMM_CMD:
        return s->emm_cmd;
    case A_MIO_EMM_RSP_STS:
        return s->rsp_sts;
    case A_MIO_EMM_RSP_LO:
        return s->rsp_lo;
    case A_MIO_EMM_RSP_HI:
        return s->rsp_hi;
    case A_MIO_EMM_INT:
    case A_MIO_EMM_INT_W1S:
        return s->emm_int;
    case A_MIO_EMM_INT_ENA_W1S:
    case A_MIO_EMM_INT_ENA_W1C:
        return s->int_ena;
    case A_MIO_EMM_WDOG:
        return s->wdog;
    case A_MIO_EMM_SAMPLE:
        return s->sample;
    case A_MIO_EMM_STS_MASK:
        return s->sts_mask;
    case A_MIO_EMM_RCA:
        return s->rca;
    case A_MIO_EMM_BUF_IDX:
        return s->buf_idx;
    case A_MIO_EMM_BUF_DAT:
        v = ldq_be_p(&s->buf[txmmc_buf_word(s) * 8]);
        txmmc_buf_advance(s);
        return v;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-mmc: read of unknown CSR 0x%04" HWADDR_PRIx
                      "\n", off);
        return 0;
    }
}

static void txmmc_busy_write(hwaddr off)
{
    qemu_log_mask(LOG_GUEST_ERROR,
                  "thunderx-mmc: write to CSR 0x%04" HWADDR_PRIx " during "
                  "a DMA transfer ignored\n", off);
}

/* The DMA engine's CSRs and the FIFO. */
static bool txmmc_write_dma_csr(ThunderxMmcState *s, hwaddr off,
                                uint64_t val)
{
    switch (off) {
    case A_MIO_EMM_DMA_FIFO_CFG:
        s->fifo_cfg = val & (R_MIO_EMM_DMA_FIFO_CFG_CLR_MASK |
                             R_MIO_EMM_DMA_FIFO_CFG_INT_LVL_MASK);
        if (FIELD_EX64(val, MIO_EMM_DMA_FIFO_CFG, CLR)) {
            s->fifo_count = 0;
        }
        return true;
    case A_MIO_EMM_DMA_FIFO_ADR:
        s->fifo_adr = val & R_MIO_EMM_DMA_FIFO_ADR_ADR_MASK;
        return true;
    case A_MIO_EMM_DMA_FIFO_CMD:
        if (FIELD_EX64(s->fifo_cfg, MIO_EMM_DMA_FIFO_CFG, CLR) ||
            s->fifo_count == TXMMC_FIFO_DEPTH) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-mmc: MIO_EMM_DMA_FIFO_CMD dropped: the "
                          "FIFO is %s\n", s->fifo_count ? "full" :
                          "cleared (MIO_EMM_DMA_FIFO_CFG[CLR])");
            return true;
        }
        s->fifo_q_adr[s->fifo_count] = s->fifo_adr;
        s->fifo_q_cmd[s->fifo_count] = val & TXMMC_FIFO_CMD_RW;
        s->fifo_count++;
        trace_thunderx_mmc_fifo_push(s->fifo_adr, val, s->fifo_count);
        return true;
    case A_MIO_EMM_DMA_CFG:
        if (FIELD_EX64(val, MIO_EMM_DMA_CFG, CLR)) {
            txmmc_dma_abort(s, "MIO_EMM_DMA_CFG[CLR]");
            s->dma_cfg = 0;
            s->dma_cfg_int = false;
            return true;
        }
        if (txmmc_dma_busy(s)) {
            txmmc_busy_write(off);
            return true;
        }
        s->dma_cfg = val & TXMMC_DMA_CFG_RW;
        s->dma_cfg_int = false;
        return true;
    case A_MIO_EMM_DMA_ADR:
        if (txmmc_dma_busy(s)) {
            txmmc_busy_write(off);
            return true;
        }
        s->dma_adr = val & R_MIO_EMM_DMA_ADR_ADR_MASK;
        return true;
    case A_MIO_EMM_DMA_INT:
        s->dma_int &= ~val;
        return true;
    case A_MIO_EMM_DMA_INT_W1S:
        s->dma_int |= val & TXMMC_DMA_INT_ALL;
        return true;
    case A_MIO_EMM_DMA_INT_ENA_W1S:
        s->dma_int_ena |= val & TXMMC_DMA_INT_ALL;
        return true;
    case A_MIO_EMM_DMA_INT_ENA_W1C:
        s->dma_int_ena &= ~val;
        return true;
    default:
        return false;
    }
}

/* The operations: bus enables, switch, DMA and command. */
static bool txmmc_write_ops(ThunderxMmcState *s, hwaddr off, uint64_t val)
{
    unsigned bus;

    switch (off) {
    case A_MIO_EMM_CFG:
        s->emm_cfg = val & R_MIO_EMM_CFG_BUS_ENA_MASK;
        if (!s->emm_cfg) {
            txmmc_dma_abort(s, "MIO_EMM_CFG[BUS_ENA] cleared");
            txmmc_regs_reset(s);
        } else if (txmmc_dma_busy(s) &&
                   !(FIELD_EX64(s->emm_cfg, MIO_EMM_CFG, BUS_ENA) &
                     BIT(FIELD_EX64(s->emm_dma, MIO_EMM_DMA, BUS_ID)))) {
            txmmc_dma_abort(s, "the DMA's bus disabled");
        }
        return true;
    case A_MIO_EMM_SWITCH:
        if (txmmc_dma_busy(s)) {
            txmmc_busy_write(off);
            return true;
        }
        bus = FIELD_EX64(val, MIO_EMM_SWITCH, BUS_ID);
        s->emm_switch = val & ~TXMMC_SWITCH_ERRS;
        if (FIELD_EX64(val, MIO_EMM_SWITCH, EXE)) {
            qemu_log_mask(LOG_UNIMP, "thunderx-mmc: MIO_EMM_SWITCH[EXE] "
                          "(the eMMC CMD6 switch sequence) is not "
                          "modelled\n");
            s->emm_switch = (s->emm_switch & ~R_MIO_EMM_SWITCH_EXE_MASK) |
                            TXMMC_SWITCH_ERRS;
            txmmc_raise(s, R_MIO_EMM_INT_SWITCH_ERR_MASK);
            return true;
        }
        s->mode[bus] = val & TXMMC_MODE_MASK;
        trace_thunderx_mmc_switch(bus, s->mode[bus]);
        return true;
    case A_MIO_EMM_DMA:
        if (!FIELD_EX64(val, MIO_EMM_DMA, VAL)) {
            if (!txmmc_dma_busy(s)) {
                s->emm_dma = val;
            }
            return true;
        }
        if (txmmc_dma_busy(s)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-mmc: MIO_EMM_DMA[VAL] written while a "
                          "DMA runs; ignored\n");
            return true;
        }
        txmmc_dma_start(s, val);
        return true;
    case A_MIO_EMM_CMD:
        if (!FIELD_EX64(val, MIO_EMM_CMD, VAL)) {
            s->emm_cmd = val;
            return true;
        }
        if (txmmc_dma_busy(s)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "thunderx-mmc: MIO_EMM_CMD[VAL] written while a "
                          "DMA runs; command dropped\n");
            txmmc_raise(s, R_MIO_EMM_INT_CMD_ERR_MASK);
            return true;
        }
        txmmc_command(s, val);
        return true;
    default:
        return false;
    }
}

/* Interrupts, settings and the data buffer. */
static bool txmmc_write_misc(ThunderxMmcState *s, hwaddr off, uint64_t val)
{
    switch (off) {
    case A_MIO_EMM_INT:
        s->emm_int &= ~val;
        return true;
    case A_MIO_EMM_INT_W1S:
        s->emm_int |= val & TXMMC_INT_ALL;
        return true;
    case A_MIO_EMM_INT_ENA_W1S:
        s->int_ena |= val & TXMMC_INT_ALL;
        return true;
    case A_MIO_EMM_INT_ENA_W1C:
        s->int_ena &= ~val;
        return true;
    case A_MIO_EMM_WDOG:
        s->wdog = val & R_MIO_EMM_WDOG_CLK_CNT_MASK;
        return true;
    case A_MIO_EMM_SAMPLE:
        s->sample = val & (R_MIO_EMM_SAMPLE_CMD_CNT_MASK |
                           R_MIO_EMM_SAMPLE_DAT_CNT_MASK);
        return true;
    case A_MIO_EMM_STS_MASK:
        s->sts_mask = val & R_MIO_EMM_STS_MASK_STS_MSK_MASK;
        return true;
    case A_MIO_EMM_RCA:
        s->rca = val & R_MIO_EMM_RCA_CARD_RCA_MASK;
        return true;
    case A_MIO_EMM_BUF_IDX:
        s->buf_idx = val & (R_MIO_EMM_BUF_IDX_OFFSET_MASK |
                            R_MIO_EMM_BUF_IDX_BUF_NUM_MASK |
                            R_MIO_EMM_BUF_IDX_INC_MASK);
        return true;
    case A_MIO_EMM_BUF_DAT:
        stq_be_p(&s->buf[txmmc_buf_word(s) * 8], val);
        txmmc_buf_advance(s);
        return true;
    default:
        return false;
    }
}

static bool txmmc_read_only(hwaddr off)
{
    return (off >= A_MIO_EMM_MODE0 &&
            off < A_MIO_EMM_MODE0 + 8 * TXMMC_MAX_SLOTS) ||
           off == A_MIO_EMM_RSP_STS || off == A_MIO_EMM_RSP_LO ||
           off == A_MIO_EMM_RSP_HI;
}

static void txmmc_reg_write(ThunderxMmcState *s, hwaddr off, uint64_t val)
{
    if (txmmc_read_only(off)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-mmc: write to read-only CSR 0x%04"
                      HWADDR_PRIx "\n", off);
        return;
    }
    if (!txmmc_write_dma_csr(s, off, val) &&
        !txmmc_write_ops(s, off, val) &&
        !txmmc_write_misc(s, off, val)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-mmc: write of unknown CSR 0x%04"
                      HWADDR_PRIx "\n", off);
    }
    txmmc_update_irq(s);
}

static uint64_t txmmc_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    ThunderxMmcState *s = opaque;
    uint64_t val = txmmc_reg_read(s, addr & ~7ULL);

    if (size == 4) {
        val = extract64(val, (addr & 4) * 8, 32);
    }
    trace_thunderx_mmc_read(addr, size, val);
    return val;
}

static void txmmc_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                             unsigned size)
{
    ThunderxMmcState *s = opaque;

    trace_thunderx_mmc_write(addr, size, val);
    if (size != 8) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "thunderx-mmc: %u-byte write to CSR 0x%04" HWADDR_PRIx
                      " ignored: MIO_EMM CSRs take 64-bit writes\n", size,
                      addr);
        return;
    }
    txmmc_reg_write(s, addr, val);
}

static const MemoryRegionOps txmmc_mmio_ops = {
    .read = txmmc_mmio_read,
    .write = txmmc_mmio_write,
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

/* A card went in or out: the slots' sd-cards report through their bus. */
static void txmmc_set_inserted(DeviceState *dev, bool inserted)
{
    ThunderxMmcState *s = THUNDERX_MMC(dev);
    unsigned i;

    for (i = 0; i < s->num_slots; i++) {
        bool now = sdbus_get_inserted(&s->slot[i]);

        if (now != !!(s->inserted & BIT(i))) {
            trace_thunderx_mmc_card(i, now);
            s->inserted ^= BIT(i);
        }
    }
}

/*
 * MSI-X messages go out like the DMA, whatever PCI_COMMAND.MASTER says:
 * Linux's driver never sets it (pcim_enable_device() only enables
 * memory decoding), and the on-chip function interrupts all the same.
 */
static void txmmc_msi_trigger(PCIDevice *pdev, MSIMessage msg)
{
    ThunderxMmcState *s = THUNDERX_MMC(pdev);
    MemTxAttrs attrs = { .requester_id = pci_requester_id(pdev) };

    address_space_stl_le(s->dma_as, msg.address, msg.data, attrs, NULL);
}

static void txmmc_realize(PCIDevice *pdev, Error **errp)
{
    ThunderxMmcState *s = THUNDERX_MMC(pdev);
    unsigned i;

    if (s->num_slots < 1 || s->num_slots > TXMMC_MAX_SLOTS) {
        error_setg(errp, "thunderx-mmc: num-slots must be 1 to %d",
                   TXMMC_MAX_SLOTS);
        return;
    }
    if (!s->dma_burst) {
        error_setg(errp, "thunderx-mmc: dma-burst must not be 0");
        return;
    }
    if (!s->sclk_hz) {
        error_setg(errp, "thunderx-mmc: sclk-hz must not be 0");
        return;
    }
    memory_region_init_io(&s->bar0, OBJECT(s), &txmmc_mmio_ops, s,
                          "thunderx-mmc-csr", TXMMC_BAR0_SIZE);
    pci_register_bar(pdev, 0, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->bar0);
    if (msix_init_exclusive_bar(pdev, TXMMC_NUM_VECTORS, TXMMC_MSIX_BAR,
                                errp)) {
        return;
    }
    for (i = 0; i < TXMMC_NUM_VECTORS; i++) {
        msix_vector_use(pdev, i);
    }
    if (pcie_endpoint_cap_init(pdev, 0x70) < 0) {
        error_setg(errp, "thunderx-mmc: cannot add the PCIe capability");
        msix_uninit_exclusive_bar(pdev);
        return;
    }
    /* On-chip: it masters memory whatever PCI_COMMAND says, like the ZIP. */
    s->dma_as = pci_device_iommu_address_space(pdev);
    s->dma_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, txmmc_dma_tick, s);
    for (i = 0; i < s->num_slots; i++) {
        qbus_init(&s->slot[i], sizeof(s->slot[i]), TYPE_THUNDERX_MMC_BUS,
                  DEVICE(s), NULL);
    }
}

/* After the PCI core's realize, which installs the default trigger. */
static void txmmc_qdev_realize(DeviceState *dev, Error **errp)
{
    ThunderxMmcClass *k = THUNDERX_MMC_GET_CLASS(dev);
    Error *err = NULL;

    k->parent_realize(dev, &err);
    if (err) {
        error_propagate(errp, err);
        return;
    }
    PCI_DEVICE(dev)->msi_trigger = txmmc_msi_trigger;
}

static void txmmc_exit(PCIDevice *pdev)
{
    ThunderxMmcState *s = THUNDERX_MMC(pdev);

    timer_free(s->dma_timer);
    pcie_cap_exit(pdev);
    msix_unuse_all_vectors(pdev);
    msix_uninit_exclusive_bar(pdev);
}

static void txmmc_reset_hold(Object *obj, ResetType type)
{
    ThunderxMmcState *s = THUNDERX_MMC(obj);
    unsigned i;

    s->emm_cfg = 0;
    txmmc_regs_reset(s);
    s->irq_level = 0;
    s->inserted = 0;
    for (i = 0; i < s->num_slots; i++) {
        s->inserted |= sdbus_get_inserted(&s->slot[i]) << i;
    }
}

static int txmmc_post_load(void *opaque, int version_id)
{
    ThunderxMmcState *s = opaque;
    unsigned i;

    if (s->fifo_count > TXMMC_FIFO_DEPTH) {
        return -EINVAL;
    }
    /* Vectors already signalled on the source stay quiet here. */
    s->irq_level = (s->emm_int & s->int_ena & TXMMC_INT_ALL) |
                   (FIELD_EX64(s->dma_int & s->dma_int_ena, MIO_EMM_DMA_INT,
                               FIFO) << TXMMC_VEC_DMA_FIFO) |
                   (FIELD_EX64(s->dma_int & s->dma_int_ena, MIO_EMM_DMA_INT,
                               DONE) << TXMMC_VEC_DMA_DONE);
    s->inserted = 0;
    for (i = 0; i < s->num_slots; i++) {
        s->inserted |= sdbus_get_inserted(&s->slot[i]) << i;
    }
    /* A transfer in the middle goes on from the block it reached. */
    if (txmmc_dma_busy(s)) {
        timer_mod(s->dma_timer,
                  qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + TXMMC_DMA_TICK_NS);
    }
    return 0;
}

static const VMStateDescription vmstate_thunderx_mmc = {
    .name = TYPE_THUNDERX_MMC,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = txmmc_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, ThunderxMmcState),
        VMSTATE_MSIX(parent_obj, ThunderxMmcState),
        VMSTATE_UINT64(emm_cfg, ThunderxMmcState),
        VMSTATE_UINT64_ARRAY(mode, ThunderxMmcState, TXMMC_MAX_SLOTS),
        VMSTATE_UINT64(emm_switch, ThunderxMmcState),
        VMSTATE_UINT64(emm_dma, ThunderxMmcState),
        VMSTATE_UINT64(emm_cmd, ThunderxMmcState),
        VMSTATE_UINT64(rsp_sts, ThunderxMmcState),
        VMSTATE_UINT64(rsp_lo, ThunderxMmcState),
        VMSTATE_UINT64(rsp_hi, ThunderxMmcState),
        VMSTATE_UINT64(emm_int, ThunderxMmcState),
        VMSTATE_UINT64(int_ena, ThunderxMmcState),
        VMSTATE_UINT64(wdog, ThunderxMmcState),
        VMSTATE_UINT64(sample, ThunderxMmcState),
        VMSTATE_UINT64(sts_mask, ThunderxMmcState),
        VMSTATE_UINT64(rca, ThunderxMmcState),
        VMSTATE_UINT64(buf_idx, ThunderxMmcState),
        VMSTATE_UINT8_ARRAY(buf, ThunderxMmcState, 2 * TXMMC_BUF_SIZE),
        VMSTATE_UINT64(dma_cfg, ThunderxMmcState),
        VMSTATE_UINT64(dma_adr, ThunderxMmcState),
        VMSTATE_UINT64(dma_int, ThunderxMmcState),
        VMSTATE_UINT64(dma_int_ena, ThunderxMmcState),
        VMSTATE_UINT64(fifo_cfg, ThunderxMmcState),
        VMSTATE_UINT64(fifo_adr, ThunderxMmcState),
        VMSTATE_UINT64_ARRAY(fifo_q_adr, ThunderxMmcState, TXMMC_FIFO_DEPTH),
        VMSTATE_UINT64_ARRAY(fifo_q_cmd, ThunderxMmcState, TXMMC_FIFO_DEPTH),
        VMSTATE_UINT32(fifo_count, ThunderxMmcState),
        VMSTATE_BOOL(dma_cfg_int, ThunderxMmcState),
        VMSTATE_BOOL(dma_multi_open, ThunderxMmcState),
        VMSTATE_END_OF_LIST()
    },
};

/*
 * The node under the PCIe host: the function (reg is its devfn), its
 * coprocessor clock, and one "mmc-slot" child per slot
 * (Documentation/devicetree/bindings/mmc/cavium-mmc.txt).
 */
static void txmmc_add_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    ThunderxMmcState *s = THUNDERX_MMC(dev);
    static const char *const compat[] = {
        "pci177d,a010", "cavium,thunder-8390-mmc",
    };
    g_autofree char *path = presilicon_fdt_add_pci_node(ctx, "mmc", compat,
                                                        ARRAY_SIZE(compat));
    uint32_t clk = presilicon_fdt_fixed_clock(ctx, "mmc_sclk", s->sclk_hz);
    unsigned i;

    qemu_fdt_setprop_cell(ctx->fdt, path, "#address-cells", 1);
    qemu_fdt_setprop_cell(ctx->fdt, path, "#size-cells", 0);
    qemu_fdt_setprop_cell(ctx->fdt, path, "clocks", clk);
    /* Nodes in reverse: libfdt adds each at the front. */
    for (i = s->num_slots; i-- > 0;) {
        g_autofree char *slot = g_strdup_printf("%s/mmc-slot@%u", path, i);

        qemu_fdt_add_subnode(ctx->fdt, slot);
        qemu_fdt_setprop_string(ctx->fdt, slot, "compatible", "mmc-slot");
        qemu_fdt_setprop_cell(ctx->fdt, slot, "reg", i);
        qemu_fdt_setprop_cell(ctx->fdt, slot, "bus-width", 4);
        qemu_fdt_setprop_cell(ctx->fdt, slot, "max-frequency", 52000000);
        qemu_fdt_setprop(ctx->fdt, slot, "cap-sd-highspeed", NULL, 0);
        /* No card-detect input: Linux polls the slot for changes. */
        qemu_fdt_setprop(ctx->fdt, slot, "broken-cd", NULL, 0);
        /* No write-protect input either (see the wp-mask property). */
        qemu_fdt_setprop(ctx->fdt, slot, "disable-wp", NULL, 0);
    }
}

static const Property txmmc_properties[] = {
    DEFINE_PROP_UINT32("num-slots", ThunderxMmcState, num_slots,
                       TXMMC_SLOTS_DEFAULT),
    DEFINE_PROP_UINT32("wp-mask", ThunderxMmcState, wp_mask, 0),
    DEFINE_PROP_UINT32("sclk-hz", ThunderxMmcState, sclk_hz,
                       TXMMC_SCLK_DEFAULT),
    /* Blocks per DMA tick: the transfer's granularity in virtual time. */
    DEFINE_PROP_UINT32("dma-burst", ThunderxMmcState, dma_burst,
                       TXMMC_DMA_BURST),
};

static void txmmc_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    PCIDeviceClass *pc = PCI_DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);
    ThunderxMmcClass *k = THUNDERX_MMC_CLASS(oc);

    device_class_set_parent_realize(dc, txmmc_qdev_realize,
                                    &k->parent_realize);
    pc->realize = txmmc_realize;
    pc->exit = txmmc_exit;
    pc->vendor_id = PCI_VENDOR_ID_CAVIUM_MMC;
    pc->device_id = PCI_DEVICE_ID_THUNDERX_MMC;
    pc->revision = 0;
    pc->class_id = PCI_CLASS_STORAGE_OTHER;
    rc->phases.hold = txmmc_reset_hold;
    fc->add_node = txmmc_add_node;
    dc->vmsd = &vmstate_thunderx_mmc;
    dc->desc = "Cavium ThunderX eMMC/SD host (MIO_EMM)";
    device_class_set_props(dc, txmmc_properties);
    set_bit(DEVICE_CATEGORY_STORAGE, dc->categories);
}

static void txmmc_bus_class_init(ObjectClass *oc, void *data)
{
    SDBusClass *sbc = SD_BUS_CLASS(oc);

    sbc->set_inserted = txmmc_set_inserted;
}

static const TypeInfo txmmc_types[] = {
    {
        .name = TYPE_THUNDERX_MMC,
        .parent = TYPE_PCI_DEVICE,
        .instance_size = sizeof(ThunderxMmcState),
        .class_size = sizeof(ThunderxMmcClass),
        .class_init = txmmc_class_init,
        .interfaces = (InterfaceInfo[]) {
            { INTERFACE_PCIE_DEVICE },
            { TYPE_PRESILICON_FDT_NODE },
            { },
        },
    },
    {
        .name = TYPE_THUNDERX_MMC_BUS,
        .parent = TYPE_SD_BUS,
        .instance_size = sizeof(SDBus),
        .class_init = txmmc_bus_class_init,
    },
};

DEFINE_TYPES(txmmc_types)
