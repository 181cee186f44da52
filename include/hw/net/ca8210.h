/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cascoda CA8210 IEEE 802.15.4 radio on SPI (cascoda,ca8210).
 */
#ifndef HW_NET_CA8210_H
#define HW_NET_CA8210_H

#include "hw/ssi/ssi.h"
#include "hw/net/ca8210_regs.h"
#include "hw/net/ieee802154_medium.h"
#include "qom/object.h"

#define TYPE_CA8210 "ca8210"
OBJECT_DECLARE_SIMPLE_TYPE(Ca8210State, CA8210)

/*
 * The IRQ pin (out): low while the chip has a message for the host; the
 * driver reads one on each falling edge. High when idle and in reset.
 */
#define CA8210_IRQ_OUT      "ca8210-irq"
/* The RESET pin (in): low holds the chip in reset; high lets it boot. */
#define CA8210_RESET_IN     "ca8210-reset"

/* Messages the chip holds for the host, and MCPS-DATA requests queued. */
#define CA8210_UPQ_DEPTH    8
#define CA8210_TXQ_DEPTH    4
/* Bytes of PIB attribute storage (ca8210.c lays them out). */
#define CA8210_PIB_SIZE     112

struct Ca8210State {
    SSIPeripheral parent_obj;

    qemu_irq irq;
    Ieee802154Node node;
    Ieee802154Medium *medium;
    QEMUTimer *boot_timer;
    QEMUTimer *tx_timer;

    bool reset_pin;             /* the RESET input's level */
    uint8_t chip;               /* Ca8210Chip */

    /* Messages for the host; the head goes out while out_active. */
    uint8_t upq[CA8210_UPQ_DEPTH][CA8210_XFER_LEN];
    uint8_t upq_head, upq_count;
    bool out_active;

    /* The transfer in progress (chip select low). */
    uint8_t in[CA8210_XFER_LEN];
    uint16_t pos;
    bool nacked;

    /* MAC and PHY PIB, HWME attributes, TDME SFRs. */
    uint8_t pib[CA8210_PIB_SIZE];
    uint8_t ed_threshold, cs_threshold, lqi_mode, lqi_limit;
    uint8_t sysclkout[2];
    uint8_t sfr[2][256];
    bool pan_coord;

    /* MCPS-DATA requests as built frames; the head is on the air. */
    uint8_t txq[CA8210_TXQ_DEPTH][IEEE802154_MAX_PSDU];
    uint8_t txq_len[CA8210_TXQ_DEPTH];
    uint8_t txq_handle[CA8210_TXQ_DEPTH];
    uint8_t txq_head, txq_count;
    uint8_t tx_state;           /* Ca8210Tx */
    uint8_t tx_retries;
    int64_t air_until;          /* our last frame leaves the air */

    /* Statistics (QOM, read-only). */
    uint32_t tx_frames, rx_frames, rx_dropped;

    /* Properties. */
    char *node_name;
    uint32_t max_hz;
    uint32_t boot_us;
};

#endif
