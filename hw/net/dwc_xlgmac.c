/*
 * Synopsys DesignWare XLGMAC (Enterprise Ethernet) on PCI, 16c3:7302
 *
 * The controller as Linux's dwc-xlgmac driver (4.12) programs it: one DMA
 * channel with a TX and an RX descriptor ring, one MTL queue, the MAC's
 * address filter and the MMC statistics counters, all behind BAR 0; the
 * driver takes the function's INTx line and reads DMA_ISR / DMA_CH_SR on
 * each interrupt (shared mode, no per-channel vectors).
 *
 * The hardware-feature registers advertise no offload (no checksum, TSO,
 * RSS, VLAN insertion, split-header hash or timestamps): the driver then
 * keeps all of them in software. One queue, one channel, 16 KiB FIFOs,
 * 48-bit DMA addresses, MMC counters present.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/pci/pci_device.h"
#include "hw/pci/pcie.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "system/dma.h"
#include "net/net.h"
#include "net/eth.h"
#include "hw/net/dwc_xlgmac.h"
#include "hw/core/presilicon-fdt.h"
#include "trace.h"

#define R(s, reg)   ((s)->regs[A_##reg / 4])

/* MAC_VR: Synopsys version 0x20, device id 0x30. */
#define XLGMAC_VR_VALUE     0x00003020
#define XLGMAC_HWF0R_VALUE  R_MAC_HWF0R_MMCSEL_MASK
/* 16 KiB TX and RX FIFOs (encoding 7), 48-bit addresses (2). */
#define XLGMAC_HWF1R_VALUE  ((7 << R_MAC_HWF1R_RXFIFOSIZE_SHIFT) | \
                             (7 << R_MAC_HWF1R_TXFIFOSIZE_SHIFT) | \
                             (2 << R_MAC_HWF1R_ADDR64_SHIFT))
/* One TX/RX queue and channel (the fields count from zero). */
#define XLGMAC_HWF2R_VALUE  0

static bool xlgmac_offset_valid(hwaddr a)
{
    switch (a) {
    case A_MAC_TCR: case A_MAC_RCR: case A_MAC_PFR:
    case A_MAC_HTR0 ... A_MAC_HTR0 + 0x1c:
    case A_MAC_VLANTR: case A_MAC_VLANHTR: case A_MAC_VLANIR:
    case A_MAC_Q0TFCR: case A_MAC_RFCR:
    case A_MAC_RQC0R: case A_MAC_RQC1R: case A_MAC_RQC2R: case A_MAC_RQC3R:
    case A_MAC_ISR: case A_MAC_IER: case A_MAC_VR:
    case A_MAC_HWF0R: case A_MAC_HWF1R: case A_MAC_HWF2R:
    case A_MAC_MACA0HR: case A_MAC_MACA0LR:
    case A_MMC_CR ... XLGMAC_MMC_LAST:
    case A_MTL_OMR: case A_MTL_FDDR: case A_MTL_RQDCM0R:
    case A_MTL_Q0_TQOMR: case A_MTL_TC0_ETSCR: case A_MTL_TC0_ETSSR:
    case A_MTL_TC0_QWR: case A_MTL_Q0_RQOMR: case A_MTL_Q0_RQDR:
    case A_MTL_Q0_RQFCR: case A_MTL_Q0_IER: case A_MTL_Q0_ISR:
    case A_DMA_MR: case A_DMA_SBMR: case A_DMA_ISR:
    case A_DMA_DSR0: case A_DMA_DSR1:
    case A_DMA_CH0_CR ... A_DMA_CH0_SR:
        return true;
    default:
        return false;
    }
}

static uint32_t xlgmac_ch_pending(DwcXlgmacState *s)
{
    uint32_t ier = R(s, DMA_CH0_IER);
    uint32_t sr = R(s, DMA_CH0_SR) & ier;
    uint32_t mask = 0;

    if (ier & R_DMA_CH0_IER_NIE_MASK) {
        mask |= XLGMAC_CH_SR_NORMAL;
    }
    if (ier & R_DMA_CH0_IER_AIE_MASK) {
        mask |= XLGMAC_CH_SR_ABNORMAL;
    }
    return sr & mask;
}

/* The one IRQ function: INTx follows the channel's enabled status. */
static void xlgmac_update_irq(DwcXlgmacState *s)
{
    int level = xlgmac_ch_pending(s) != 0;

    trace_dwc_xlgmac_irq(R(s, DMA_CH0_SR), level);
    pci_set_irq(PCI_DEVICE(s), level);
}

static void xlgmac_ch_status(DwcXlgmacState *s, uint32_t bits)
{
    R(s, DMA_CH0_SR) |= bits;
    xlgmac_update_irq(s);
}

static bool xlgmac_tx_running(DwcXlgmacState *s)
{
    return (R(s, DMA_CH0_TCR) & R_DMA_CH0_TCR_ST_MASK) && !s->tx_halted;
}

static bool xlgmac_rx_running(DwcXlgmacState *s)
{
    return (R(s, MAC_RCR) & R_MAC_RCR_RE_MASK) &&
           (R(s, DMA_CH0_RCR) & R_DMA_CH0_RCR_SR_MASK) && !s->rx_halted;
}

static uint64_t xlgmac_tx_base(DwcXlgmacState *s)
{
    return ((uint64_t)R(s, DMA_CH0_TDLR_HI) << 32) | R(s, DMA_CH0_TDLR_LO);
}

static uint64_t xlgmac_rx_base(DwcXlgmacState *s)
{
    return ((uint64_t)R(s, DMA_CH0_RDLR_HI) << 32) | R(s, DMA_CH0_RDLR_LO);
}

static uint32_t xlgmac_tx_count(DwcXlgmacState *s)
{
    return FIELD_EX32(R(s, DMA_CH0_TDRLR), DMA_CH0_TDRLR, RL) + 1;
}

static uint32_t xlgmac_rx_count(DwcXlgmacState *s)
{
    return FIELD_EX32(R(s, DMA_CH0_RDRLR), DMA_CH0_RDRLR, RL) + 1;
}

static AddressSpace *xlgmac_as(DwcXlgmacState *s)
{
    return pci_get_address_space(PCI_DEVICE(s));
}

static bool xlgmac_desc_read(DwcXlgmacState *s, uint64_t addr, uint32_t d[4])
{
    int i;

    if (dma_memory_read(xlgmac_as(s), addr, d, XLGMAC_DESC_SIZE,
                        MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
        return false;
    }
    for (i = 0; i < 4; i++) {
        d[i] = le32_to_cpu(d[i]);
    }
    return true;
}

static bool xlgmac_desc_write(DwcXlgmacState *s, uint64_t addr,
                              const uint32_t d[4])
{
    uint32_t le[4];
    int i;

    for (i = 0; i < 4; i++) {
        le[i] = cpu_to_le32(d[i]);
    }
    return dma_memory_write(xlgmac_as(s), addr, le, XLGMAC_DESC_SIZE,
                            MEMTXATTRS_UNSPECIFIED) == MEMTX_OK;
}

/* --- MMC counters --- */

static void xlgmac_mmc_add(DwcXlgmacState *s, hwaddr lo, uint64_t n)
{
    s->mmc[(lo - XLGMAC_MMC_FIRST) / 4] += n;
}

static void xlgmac_mmc_size(DwcXlgmacState *s, hwaddr first, size_t len)
{
    hwaddr r = len <= 64 ? first : len <= 127 ? first + 8 :
               len <= 255 ? first + 16 : len <= 511 ? first + 24 :
               len <= 1023 ? first + 32 : first + 40;

    xlgmac_mmc_add(s, r, 1);
}

static void xlgmac_mmc_tx(DwcXlgmacState *s, const uint8_t *f, size_t len)
{
    bool bcast = is_broadcast_ether_addr(f);
    bool mcast = !bcast && is_multicast_ether_addr(f);

    xlgmac_mmc_add(s, A_MMC_TXOCTETCOUNT_GB_LO, len);
    xlgmac_mmc_add(s, A_MMC_TXOCTETCOUNT_G_LO, len);
    xlgmac_mmc_add(s, A_MMC_TXFRAMECOUNT_GB_LO, 1);
    xlgmac_mmc_add(s, A_MMC_TXFRAMECOUNT_G_LO, 1);
    xlgmac_mmc_size(s, A_MMC_TX64OCTETS_GB_LO, len);
    if (bcast) {
        xlgmac_mmc_add(s, A_MMC_TXBROADCASTFRAMES_G_LO, 1);
        xlgmac_mmc_add(s, A_MMC_TXBROADCASTFRAMES_GB_LO, 1);
    } else if (mcast) {
        xlgmac_mmc_add(s, A_MMC_TXMULTICASTFRAMES_G_LO, 1);
        xlgmac_mmc_add(s, A_MMC_TXMULTICASTFRAMES_GB_LO, 1);
    } else {
        xlgmac_mmc_add(s, A_MMC_TXUNICASTFRAMES_GB_LO, 1);
    }
}

static void xlgmac_mmc_rx(DwcXlgmacState *s, const uint8_t *f, size_t len)
{
    xlgmac_mmc_add(s, A_MMC_RXFRAMECOUNT_GB_LO, 1);
    xlgmac_mmc_add(s, A_MMC_RXOCTETCOUNT_GB_LO, len);
    xlgmac_mmc_add(s, A_MMC_RXOCTETCOUNT_G_LO, len);
    xlgmac_mmc_size(s, A_MMC_RX64OCTETS_GB_LO, len);
    if (is_broadcast_ether_addr(f)) {
        xlgmac_mmc_add(s, A_MMC_RXBROADCASTFRAMES_G_LO, 1);
    } else if (is_multicast_ether_addr(f)) {
        xlgmac_mmc_add(s, A_MMC_RXMULTICASTFRAMES_G_LO, 1);
    } else {
        xlgmac_mmc_add(s, A_MMC_RXUNICASTFRAMES_G_LO, 1);
    }
}

/* The four octet counters are read as 64 bits, low word first. */
static bool xlgmac_mmc_is64(hwaddr lo)
{
    return lo == A_MMC_TXOCTETCOUNT_GB_LO || lo == A_MMC_TXOCTETCOUNT_G_LO ||
           lo == A_MMC_RXOCTETCOUNT_GB_LO || lo == A_MMC_RXOCTETCOUNT_G_LO;
}

static uint32_t xlgmac_mmc_read(DwcXlgmacState *s, hwaddr a)
{
    bool ror = R(s, MMC_CR) & R_MMC_CR_ROR_MASK;
    hwaddr lo;
    uint64_t *c;
    uint32_t v;

    /* An odd word is the HI half of the counter below it. */
    if (((a - XLGMAC_MMC_FIRST) / 4) % 2 && a < A_MMC_RXFRAMECOUNT_GB_LO) {
        lo = a - 4;
    } else if (a >= A_MMC_RXFRAMECOUNT_GB_LO &&
               ((a - A_MMC_RXFRAMECOUNT_GB_LO) / 4) % 2) {
        lo = a - 4;
    } else {
        lo = a;
    }
    c = &s->mmc[(lo - XLGMAC_MMC_FIRST) / 4];
    v = lo == a ? (uint32_t)*c : (uint32_t)(*c >> 32);
    if (ror && (lo != a || !xlgmac_mmc_is64(lo))) {
        *c = 0;
    }
    return v;
}

/* --- address filter --- */

static bool xlgmac_filter(DwcXlgmacState *s, const uint8_t *f)
{
    uint32_t pfr = R(s, MAC_PFR);
    uint32_t hi = R(s, MAC_MACA0HR), lo = R(s, MAC_MACA0LR);
    uint8_t mac[6] = { lo, lo >> 8, lo >> 16, lo >> 24, hi, hi >> 8 };

    if (pfr & R_MAC_PFR_PR_MASK || is_broadcast_ether_addr(f)) {
        return true;
    }
    if (is_multicast_ether_addr(f)) {
        /* No hash table is advertised: PM passes them, else none. */
        return pfr & R_MAC_PFR_PM_MASK;
    }
    return memcmp(f, mac, 6) == 0;
}

/* --- transmit --- */

static void xlgmac_tx_error(DwcXlgmacState *s, const char *why, uint64_t a)
{
    qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: TX DMA: %s at 0x%" PRIx64
                  "; channel stopped (FBE)\n", why, a);
    s->tx_halted = true;
    xlgmac_ch_status(s, R_DMA_CH0_SR_FBE_MASK | R_DMA_CH0_SR_TPS_MASK);
}

/*
 * Send the frame whose first descriptor is at tx_cur. Returns the number
 * of descriptors consumed, 0 when the frame is not complete yet (the DMA
 * suspends) or the channel stopped.
 */
static uint32_t xlgmac_tx_frame(DwcXlgmacState *s, bool *ic)
{
    uint64_t base = xlgmac_tx_base(s);
    uint32_t count = xlgmac_tx_count(s);
    uint32_t idx = s->tx_cur, n = 0, d[4];
    size_t len = 0;
    bool bad = false;
    uint64_t addr;

    *ic = false;
    for (;;) {
        addr = base + (uint64_t)idx * XLGMAC_DESC_SIZE;
        if (!xlgmac_desc_read(s, addr, d)) {
            xlgmac_tx_error(s, "descriptor outside memory", addr);
            return 0;
        }
        if (!(d[3] & XLGMAC_TDES3_OWN)) {
            if (n) {
                qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: TX frame at "
                              "descriptor %u ends on one the DMA does not "
                              "own; waiting\n", s->tx_cur);
            }
            return 0;
        }
        if (++n > count) {
            n = count;
            qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: TX frame without a "
                          "last descriptor in a ring of %u\n", count);
            bad = true;
            break;
        }
        if (d[3] & XLGMAC_TDES3_CTXT) {
            /* Context descriptor (MSS, VLAN tag): nothing to move. */
            if (n == 1) {
                break;
            }
        } else {
            uint32_t b1l = d[2] & XLGMAC_TDES2_B1L_MASK;
            uint64_t buf = ((uint64_t)d[1] << 32) | d[0];

            if (n == 1 && !(d[3] & XLGMAC_TDES3_FD)) {
                qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: TX descriptor %u "
                              "is not a first descriptor (FD)\n", idx);
                bad = true;
            }
            if (d[3] & XLGMAC_TDES3_TSE) {
                qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: TX TSE set, but "
                              "TSO is not advertised (MAC_HWF1R.TSOEN=0)\n");
                bad = true;
            }
            if (!b1l) {
                qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: TX descriptor %u "
                              "has a zero buffer length\n", idx);
                bad = true;
            } else if (len + b1l > XLGMAC_MAX_FRAME) {
                qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: TX frame over "
                              "%u bytes\n", XLGMAC_MAX_FRAME);
                bad = true;
            } else if (!bad) {
                if (dma_memory_read(xlgmac_as(s), buf, s->tx_frame + len, b1l,
                                    MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
                    xlgmac_tx_error(s, "buffer outside memory", buf);
                    return 0;
                }
                len += b1l;
            }
            if (d[2] & XLGMAC_TDES2_IC) {
                *ic = true;
            }
            if (d[3] & XLGMAC_TDES3_LD) {
                break;
            }
        }
        idx = (idx + 1) % count;
    }

    /* Write back: the DMA hands every descriptor of the frame back. */
    idx = s->tx_cur;
    for (uint32_t i = 0; i < n; i++) {
        addr = base + (uint64_t)idx * XLGMAC_DESC_SIZE;
        if (!xlgmac_desc_read(s, addr, d)) {
            xlgmac_tx_error(s, "descriptor outside memory", addr);
            return 0;
        }
        d[3] &= ~XLGMAC_TDES3_OWN;
        if (bad && i == n - 1) {
            d[3] |= XLGMAC_TDES3_ES;
        }
        if (!xlgmac_desc_write(s, addr, d)) {
            xlgmac_tx_error(s, "descriptor outside memory", addr);
            return 0;
        }
        idx = (idx + 1) % count;
    }
    if (!bad && len) {
        if (len < ETH_HLEN) {
            qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: TX frame of %zu "
                          "bytes is shorter than its header\n", len);
        } else {
            trace_dwc_xlgmac_tx(s->tx_cur, n, len);
            xlgmac_mmc_tx(s, s->tx_frame, len);
            if (R(s, MAC_TCR) & R_MAC_TCR_TE_MASK) {
                qemu_send_packet(qemu_get_queue(s->nic), s->tx_frame, len);
            }
        }
    }
    return n;
}

static void xlgmac_tx_bh(void *opaque)
{
    DwcXlgmacState *s = opaque;
    uint32_t count, budget = XLGMAC_TX_BUDGET, n;
    uint64_t tail;
    bool ic;

    while (xlgmac_tx_running(s)) {
        count = xlgmac_tx_count(s);
        if (s->tx_cur >= count) {
            s->tx_cur = 0;
        }
        tail = R(s, DMA_CH0_TDTR_LO);
        if ((uint32_t)(xlgmac_tx_base(s) + s->tx_cur * XLGMAC_DESC_SIZE) ==
            tail) {
            return;             /* caught up with the tail: suspended */
        }
        if (!budget) {
            qemu_bh_schedule(s->tx_bh);
            return;
        }
        n = xlgmac_tx_frame(s, &ic);
        if (!n) {
            if (!s->tx_halted) {
                xlgmac_ch_status(s, R_DMA_CH0_SR_TBU_MASK);
            }
            return;
        }
        budget = budget > n ? budget - n : 0;
        s->tx_cur = (s->tx_cur + n) % count;
        if (ic) {
            xlgmac_ch_status(s, R_DMA_CH0_SR_TI_MASK);
        }
    }
}

/* --- receive --- */

static bool xlgmac_can_receive(NetClientState *nc)
{
    DwcXlgmacState *s = qemu_get_nic_opaque(nc);

    return xlgmac_rx_running(s) && !s->rx_stalled;
}

static void xlgmac_rx_error(DwcXlgmacState *s, const char *why, uint64_t a)
{
    qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: RX DMA: %s at 0x%" PRIx64
                  "; channel stopped (FBE)\n", why, a);
    s->rx_halted = true;
    xlgmac_ch_status(s, R_DMA_CH0_SR_FBE_MASK | R_DMA_CH0_SR_RPS_MASK);
}

static ssize_t xlgmac_receive(NetClientState *nc, const uint8_t *buf,
                              size_t size)
{
    DwcXlgmacState *s = qemu_get_nic_opaque(nc);
    uint64_t base = xlgmac_rx_base(s), addr;
    uint32_t count = xlgmac_rx_count(s);
    uint32_t rbsz = FIELD_EX32(R(s, DMA_CH0_RCR), DMA_CH0_RCR, RBSZ);
    bool sph = R(s, DMA_CH0_CR) & R_DMA_CH0_CR_SPH_MASK;
    uint32_t hdr = 64u << MIN(FIELD_EX32(R(s, MAC_RCR), MAC_RCR, HDSMS), 3);
    uint32_t idx, d[4], n, i, need = 0, inte = 0;
    size_t done;

    if (!xlgmac_rx_running(s)) {
        return 0;
    }
    if (!xlgmac_filter(s, buf)) {
        trace_dwc_xlgmac_rx_filtered(size);
        return size;
    }
    if (size > XLGMAC_MAX_FRAME ||
        (size > 1518 + 4 && !(R(s, MAC_RCR) & R_MAC_RCR_JE_MASK))) {
        trace_dwc_xlgmac_rx_filtered(size);
        return size;
    }
    if (rbsz < 64) {
        qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: RX buffer size %u "
                      "(DMA_CH_RCR.RBSZ) below 64; frame dropped\n", rbsz);
        xlgmac_ch_status(s, R_DMA_CH0_SR_RPS_MASK);
        return size;
    }
    if (s->rx_cur >= count) {
        s->rx_cur = 0;
    }

    /* How many descriptors the frame needs, and whether we own them. */
    for (done = 0; done < size; need++) {
        done += (need == 0 || !sph ? (sph ? hdr : rbsz) : 0) + rbsz;
    }
    if (need > count) {
        qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: RX frame of %zu bytes "
                      "needs %u descriptors, the ring has %u\n",
                      size, need, count);
        return size;
    }
    idx = s->rx_cur;
    for (n = 0; n < need; n++) {
        addr = base + (uint64_t)idx * XLGMAC_DESC_SIZE;
        if (!xlgmac_desc_read(s, addr, d)) {
            xlgmac_rx_error(s, "descriptor outside memory", addr);
            return size;
        }
        if (!(d[3] & XLGMAC_RDES3_OWN)) {
            trace_dwc_xlgmac_rx_stall(s->rx_cur);
            s->rx_stalled = true;
            xlgmac_ch_status(s, R_DMA_CH0_SR_RBU_MASK);
            return 0;
        }
        idx = (idx + 1) % count;
    }

    done = 0;
    idx = s->rx_cur;
    for (i = 0; i < need; i++) {
        uint64_t b1, b2;
        uint32_t l1, l2;

        addr = base + (uint64_t)idx * XLGMAC_DESC_SIZE;
        xlgmac_desc_read(s, addr, d);
        b1 = ((uint64_t)d[1] << 32) | d[0];
        b2 = ((uint64_t)(d[3] & 0xffff) << 32) | d[2];
        inte |= d[3] & XLGMAC_RDES3_INTE;
        l1 = (i == 0 || !sph) ? MIN(size - done, sph ? hdr : rbsz) : 0;
        if (l1 && dma_memory_write(xlgmac_as(s), b1, buf + done, l1,
                                   MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
            xlgmac_rx_error(s, "buffer outside memory", b1);
            return size;
        }
        done += l1;
        l2 = MIN(size - done, rbsz);
        if (l2 && dma_memory_write(xlgmac_as(s), b2, buf + done, l2,
                                   MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
            xlgmac_rx_error(s, "buffer outside memory", b2);
            return size;
        }
        done += l2;
        /* Write-back: cumulative length, first/last, ownership returned. */
        d[0] = d[1] = d[2] = 0;
        d[3] = done & XLGMAC_RDES3_PL_MASK;
        if (i == 0) {
            d[3] |= XLGMAC_RDES3_FD;
        }
        if (i == need - 1) {
            d[3] |= XLGMAC_RDES3_LD;
        }
        if (!xlgmac_desc_write(s, addr, d)) {
            xlgmac_rx_error(s, "descriptor outside memory", addr);
            return size;
        }
        idx = (idx + 1) % count;
    }
    s->rx_cur = idx;
    trace_dwc_xlgmac_rx(size, need);
    xlgmac_mmc_rx(s, buf, size);
    /* INTE, or the RX watchdog (RIWT, expiring at once here). */
    if (inte || FIELD_EX32(R(s, DMA_CH0_RIWT), DMA_CH0_RIWT, RWT)) {
        xlgmac_ch_status(s, R_DMA_CH0_SR_RI_MASK);
    }
    return size;
}

static void xlgmac_rx_kick(DwcXlgmacState *s)
{
    if (xlgmac_can_receive(qemu_get_queue(s->nic))) {
        qemu_flush_queued_packets(qemu_get_queue(s->nic));
    }
}

/* --- registers --- */

static void xlgmac_soft_reset(DwcXlgmacState *s)
{
    memset(s->regs, 0, sizeof(s->regs));
    memset(s->mmc, 0, sizeof(s->mmc));
    R(s, MAC_VR) = XLGMAC_VR_VALUE;
    R(s, MAC_HWF0R) = XLGMAC_HWF0R_VALUE;
    R(s, MAC_HWF1R) = XLGMAC_HWF1R_VALUE;
    R(s, MAC_HWF2R) = XLGMAC_HWF2R_VALUE;
    R(s, MAC_MACA0HR) = s->conf.macaddr.a[4] | (s->conf.macaddr.a[5] << 8) |
                        (1u << 31);
    R(s, MAC_MACA0LR) = ldl_le_p(s->conf.macaddr.a);
    s->tx_cur = s->rx_cur = 0;
    s->tx_halted = s->rx_halted = s->rx_stalled = false;
}

static uint64_t xlgmac_read(void *opaque, hwaddr a, unsigned size)
{
    DwcXlgmacState *s = opaque;
    uint32_t v;

    if (!xlgmac_offset_valid(a)) {
        qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: read of unknown register "
                      "0x%" HWADDR_PRIx "\n", a);
        return 0;
    }
    switch (a) {
    case XLGMAC_MMC_FIRST ... XLGMAC_MMC_LAST:
        v = xlgmac_mmc_read(s, a);
        break;
    case A_DMA_ISR:
        v = xlgmac_ch_pending(s) ? R_DMA_ISR_DC0IS_MASK : 0;
        break;
    case A_DMA_DSR0: {
        uint32_t tps = !(R(s, DMA_CH0_TCR) & R_DMA_CH0_TCR_ST_MASK) ||
                       s->tx_halted ? XLGMAC_DMA_STOPPED :
                       XLGMAC_DMA_SUSPENDED;
        uint32_t rps = !xlgmac_rx_running(s) ? XLGMAC_DMA_STOPPED :
                       s->rx_stalled ? XLGMAC_DMA_SUSPENDED :
                       XLGMAC_DMA_RUNNING + 2;  /* 3: waiting for a frame */

        v = (tps << R_DMA_DSR0_TPS0_SHIFT) | (rps << R_DMA_DSR0_RPS0_SHIFT);
        break;
    }
    case A_DMA_CH0_CATDR_LO:
        v = xlgmac_tx_base(s) + s->tx_cur * XLGMAC_DESC_SIZE;
        break;
    case A_DMA_CH0_CARDR_LO:
        v = xlgmac_rx_base(s) + s->rx_cur * XLGMAC_DESC_SIZE;
        break;
    case A_MTL_Q0_RQDR:
        v = 0;                  /* the RX FIFO is always empty */
        break;
    default:
        v = s->regs[a / 4];
        break;
    }
    trace_dwc_xlgmac_read(a, v);
    return v;
}

static void xlgmac_write(void *opaque, hwaddr a, uint64_t val, unsigned size)
{
    DwcXlgmacState *s = opaque;
    uint32_t v = val, old;

    trace_dwc_xlgmac_write(a, v);
    if (!xlgmac_offset_valid(a)) {
        qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: write of unknown register "
                      "0x%" HWADDR_PRIx "\n", a);
        return;
    }
    old = s->regs[a / 4];
    switch (a) {
    case A_MAC_VR: case A_MAC_HWF0R: case A_MAC_HWF1R: case A_MAC_HWF2R:
    case A_DMA_ISR: case A_DMA_DSR0: case A_DMA_DSR1: case A_MAC_ISR:
    case A_DMA_CH0_CATDR_LO: case A_DMA_CH0_CARDR_LO: case A_MTL_Q0_RQDR:
    case A_MMC_RISR: case A_MMC_TISR:
    case XLGMAC_MMC_FIRST ... XLGMAC_MMC_LAST:
        qemu_log_mask(LOG_GUEST_ERROR, "dwc-xlgmac: write to read-only "
                      "register 0x%" HWADDR_PRIx "\n", a);
        return;
    case A_DMA_MR:
        if (v & R_DMA_MR_SWR_MASK) {
            /* Software reset: done at once, SWR reads back 0. */
            xlgmac_soft_reset(s);
            xlgmac_update_irq(s);
            return;
        }
        s->regs[a / 4] = v;
        return;
    case A_MMC_CR:
        if (v & R_MMC_CR_CR_MASK) {
            memset(s->mmc, 0, sizeof(s->mmc));
        }
        s->regs[a / 4] = v & ~R_MMC_CR_CR_MASK;
        return;
    case A_MTL_Q0_TQOMR:
        s->regs[a / 4] = v & ~R_MTL_Q0_TQOMR_FTQ_MASK;   /* flush: at once */
        return;
    case A_DMA_CH0_SR:
        s->regs[a / 4] &= ~v;
        xlgmac_update_irq(s);
        return;
    case A_DMA_CH0_IER:
        s->regs[a / 4] = v;
        xlgmac_update_irq(s);
        return;
    case A_DMA_CH0_TDLR_LO:
        s->regs[a / 4] = v & ~0xfu;
        s->tx_cur = 0;
        return;
    case A_DMA_CH0_RDLR_LO:
        s->regs[a / 4] = v & ~0xfu;
        s->rx_cur = 0;
        return;
    case A_DMA_CH0_TCR:
        s->regs[a / 4] = v;
        if ((v & ~old) & R_DMA_CH0_TCR_ST_MASK) {
            s->tx_halted = false;
        }
        qemu_bh_schedule(s->tx_bh);
        return;
    case A_DMA_CH0_TDTR_LO:
        s->regs[a / 4] = v;
        qemu_bh_schedule(s->tx_bh);
        return;
    case A_DMA_CH0_RCR:
        s->regs[a / 4] = v;
        if ((v & ~old) & R_DMA_CH0_RCR_SR_MASK) {
            s->rx_halted = false;
            s->rx_stalled = false;
        }
        xlgmac_rx_kick(s);
        return;
    case A_DMA_CH0_RDTR_LO:
        s->regs[a / 4] = v;
        s->rx_stalled = false;
        xlgmac_rx_kick(s);
        return;
    case A_MAC_RCR:
        s->regs[a / 4] = v;
        xlgmac_rx_kick(s);
        return;
    case A_MAC_TCR:
        s->regs[a / 4] = v;
        qemu_bh_schedule(s->tx_bh);
        return;
    default:
        s->regs[a / 4] = v;
        return;
    }
}

static const MemoryRegionOps xlgmac_ops = {
    .read = xlgmac_read,
    .write = xlgmac_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

static void xlgmac_set_link(NetClientState *nc)
{
    /*
     * The driver has no link interrupt or status to read (no PHY, no
     * carrier calls): a link down only stops frames both ways.
     */
    trace_dwc_xlgmac_link(!nc->link_down);
}

static NetClientInfo xlgmac_net_info = {
    .type = NET_CLIENT_DRIVER_NIC,
    .size = sizeof(NICState),
    .can_receive = xlgmac_can_receive,
    .receive = xlgmac_receive,
    .link_status_changed = xlgmac_set_link,
};

static void xlgmac_realize(PCIDevice *pdev, Error **errp)
{
    DwcXlgmacState *s = DWC_XLGMAC(pdev);
    DeviceState *dev = DEVICE(pdev);

    pdev->config[PCI_INTERRUPT_PIN] = 1;
    memory_region_init_io(&s->mmio, OBJECT(s), &xlgmac_ops, s,
                          "dwc-xlgmac", XLGMAC_MMIO_SIZE);
    pci_register_bar(pdev, 0, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->mmio);
    if (pcie_endpoint_cap_init(pdev, 0x70) < 0) {
        error_setg(errp, "dwc-xlgmac: cannot add the PCIe capability");
        return;
    }
    qemu_macaddr_default_if_unset(&s->conf.macaddr);
    s->tx_frame = g_malloc(XLGMAC_MAX_FRAME);
    s->tx_bh = qemu_bh_new_guarded(xlgmac_tx_bh, s,
                                   &dev->mem_reentrancy_guard);
    s->nic = qemu_new_nic(&xlgmac_net_info, &s->conf,
                          object_get_typename(OBJECT(s)), dev->id,
                          &dev->mem_reentrancy_guard, s);
    qemu_format_nic_info_str(qemu_get_queue(s->nic), s->conf.macaddr.a);
}

static void xlgmac_exit(PCIDevice *pdev)
{
    DwcXlgmacState *s = DWC_XLGMAC(pdev);

    qemu_bh_delete(s->tx_bh);
    qemu_del_nic(s->nic);
    g_free(s->tx_frame);
    pcie_cap_exit(pdev);
}

static void xlgmac_reset_hold(Object *obj, ResetType type)
{
    DwcXlgmacState *s = DWC_XLGMAC(obj);

    xlgmac_soft_reset(s);
    xlgmac_update_irq(s);
}

static int xlgmac_post_load(void *opaque, int version_id)
{
    DwcXlgmacState *s = opaque;

    if (s->tx_cur >= xlgmac_tx_count(s) || s->rx_cur >= xlgmac_rx_count(s)) {
        return -EINVAL;
    }
    /* TX work queued on the source continues here; RX may flow again. */
    qemu_bh_schedule(s->tx_bh);
    return 0;
}

static const VMStateDescription vmstate_dwc_xlgmac = {
    .name = TYPE_DWC_XLGMAC,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = xlgmac_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, DwcXlgmacState),
        VMSTATE_UINT32_ARRAY(regs, DwcXlgmacState, XLGMAC_NUM_REGS),
        VMSTATE_UINT64_ARRAY(mmc, DwcXlgmacState, XLGMAC_MMC_COUNTERS),
        VMSTATE_UINT32(tx_cur, DwcXlgmacState),
        VMSTATE_UINT32(rx_cur, DwcXlgmacState),
        VMSTATE_BOOL(tx_halted, DwcXlgmacState),
        VMSTATE_BOOL(rx_halted, DwcXlgmacState),
        VMSTATE_BOOL(rx_stalled, DwcXlgmacState),
        VMSTATE_END_OF_LIST()
    },
};

static const Property xlgmac_properties[] = {
    DEFINE_NIC_PROPERTIES(DwcXlgmacState, conf),
};

/*
 * PCI enumeration needs no node; one is written so that a DSA switch
 * whose CPU port this MAC is (the LAN9303) can name it ("ethernet").
 */
static void xlgmac_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "pci16c3,7302" };

    g_free(presilicon_fdt_add_pci_node(ctx, "ethernet", compat, 1));
}

static void xlgmac_class_init(ObjectClass *oc, void *data)
{
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);
    DeviceClass *dc = DEVICE_CLASS(oc);
    PCIDeviceClass *pc = PCI_DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    pc->realize = xlgmac_realize;
    pc->exit = xlgmac_exit;
    pc->vendor_id = PCI_VENDOR_ID_SYNOPSYS_XLGMAC;
    pc->device_id = PCI_DEVICE_ID_DWC_XLGMAC;
    pc->revision = 1;
    pc->class_id = PCI_CLASS_NETWORK_ETHERNET;
    rc->phases.hold = xlgmac_reset_hold;
    dc->vmsd = &vmstate_dwc_xlgmac;
    dc->desc = "Synopsys DesignWare XLGMAC Ethernet";
    device_class_set_props(dc, xlgmac_properties);
    fc->add_node = xlgmac_add_fdt_node;
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
}

static const TypeInfo xlgmac_types[] = {
    {
        .name = TYPE_DWC_XLGMAC,
        .parent = TYPE_PCI_DEVICE,
        .instance_size = sizeof(DwcXlgmacState),
        .class_init = xlgmac_class_init,
        .interfaces = (InterfaceInfo[]) {
            { INTERFACE_PCIE_DEVICE },
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(xlgmac_types)
