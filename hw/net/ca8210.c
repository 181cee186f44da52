/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cascoda CA8210 IEEE 802.15.4 radio on SPI (cascoda,ca8210), as the
 * Linux 6.12 ca8210 driver drives it: the chip's own MAC behind a SAP
 * protocol. Each SPI transfer carries at most one message each way (a
 * command ID, a length and the parameters; 0xFF idle, 0xF0 NACK when the
 * chip cannot take a request); the chip pulls its IRQ pin low while it
 * holds a confirm or an indication for the host. Modelled: reset and the
 * HWME-WAKEUP.indication, MCPS-DATA (the chip builds the frame, waits
 * for the ACK and retries), MLME-RESET/GET/SET/START over the PHY and MAC
 * PIB, HWME-SET/GET, TDME-SETSFR/GETSFR, and the receive filter of
 * 802.15.4-2006 with automatic ACKs, on the board's 802.15.4 medium.
 *
 * Not modelled: security, beacons, GTS, indirect transmission,
 * association, scan, poll, RX-enable windows, CSMA-CA timing and
 * channel-access failures, aTurnaroundTime (ACKs leave at once).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qemu/guest-random.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/core/presilicon-fdt.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/net/ca8210.h"
#include "trace.h"

#define CA8210_MAX_SPI_HZ       4000000     /* the binding: below 4 MHz */
#define CA8210_BOOT_NS          (1 * SCALE_MS)
/* macAckWaitDuration: 54 symbols of 16 us after the frame. */
#define CA8210_ACK_WAIT_NS      (54 * 16 * SCALE_US)
#define CA8210_SYMBOL_NS        (16 * SCALE_US)
/* aMaxMACSafePayloadSize: longer payloads need a 2006 frame. */
#define CA8210_MAX_SAFE_PAYLOAD 102
#define CA8210_BEACON_PAYLOAD_MAX 52

typedef enum Ca8210Chip {
    CA8210_CHIP_RESET,
    CA8210_CHIP_BOOT,
    CA8210_CHIP_AWAKE,
} Ca8210Chip;

typedef enum Ca8210Tx {
    CA8210_TX_IDLE,
    CA8210_TX_AIR,
    CA8210_TX_ACK_WAIT,
} Ca8210Tx;

static const char *const ca8210_chip_name[] = { "reset", "boot", "awake" };

/* Where each PIB attribute lives in s->pib. */
enum {
    P_CHANNEL = 0,
    P_CHANNELS = P_CHANNEL + 1,
    P_TXPOWER = P_CHANNELS + 4,
    P_CCA_MODE = P_TXPOWER + 1,
    P_PAGE = P_CCA_MODE + 1,
    P_ACK_WAIT = P_PAGE + 1,
    P_ASSOC_PERMIT = P_ACK_WAIT + 1,
    P_AUTO_REQ = P_ASSOC_PERMIT + 1,
    P_BLE = P_AUTO_REQ + 1,
    P_BLE_PERIODS = P_BLE + 1,
    P_BEACON_PAYLOAD = P_BLE_PERIODS + 1,
    P_BEACON_PAYLOAD_LEN = P_BEACON_PAYLOAD + CA8210_BEACON_PAYLOAD_MAX,
    P_BEACON_ORDER = P_BEACON_PAYLOAD_LEN + 1,
    P_BSN = P_BEACON_ORDER + 1,
    P_COORD_EXT = P_BSN + 1,
    P_COORD_SHORT = P_COORD_EXT + 8,
    P_DSN = P_COORD_SHORT + 2,
    P_GTS_PERMIT = P_DSN + 1,
    P_CSMA_BACKOFFS = P_GTS_PERMIT + 1,
    P_MIN_BE = P_CSMA_BACKOFFS + 1,
    P_PAN_ID = P_MIN_BE + 1,
    P_PROMISC = P_PAN_ID + 2,
    P_RX_ON = P_PROMISC + 1,
    P_SHORT = P_RX_ON + 1,
    P_SF_ORDER = P_SHORT + 2,
    P_PERSIST = P_SF_ORDER + 1,
    P_ASSOC_COORD = P_PERSIST + 2,
    P_MAX_BE = P_ASSOC_COORD + 1,
    P_TOTAL_WAIT = P_MAX_BE + 1,
    P_RETRIES = P_TOTAL_WAIT + 2,
    P_RESP_WAIT = P_RETRIES + 1,
    P_TIMESTAMP = P_RESP_WAIT + 1,
    P_SECURITY = P_TIMESTAMP + 1,
    P_IEEE = P_SECURITY + 1,
    P_END = P_IEEE + 8,
};
QEMU_BUILD_BUG_ON(P_END > CA8210_PIB_SIZE);

#define PIB_RO      0x01        /* MLME-SET answers READ_ONLY */
#define PIB_RANGE   0x02        /* one byte, min..max */
#define PIB_VAR     0x04        /* 0..size bytes */

typedef struct Ca8210Pib {
    uint8_t id, off, size, flags, min, max;
} Ca8210Pib;

/* The attributes and the ranges the chip (and tdme_checkpibattribute) take. */
static const Ca8210Pib ca8210_pibs[] = {
    { CA8210_PHY_CURRENT_CHANNEL, P_CHANNEL, 1, PIB_RANGE,
      IEEE802154_CHANNEL_MIN, IEEE802154_CHANNEL_MAX },
    { CA8210_PHY_CHANNELS_SUPPORTED, P_CHANNELS, 4, PIB_RO },
    { CA8210_PHY_TRANSMIT_POWER, P_TXPOWER, 1, PIB_RANGE, 0, 0x3f },
    { CA8210_PHY_CCA_MODE, P_CCA_MODE, 1, PIB_RANGE, 0, 3 },
    { CA8210_PHY_CURRENT_PAGE, P_PAGE, 1, PIB_RANGE, 0, 0 },
    { CA8210_MAC_ACK_WAIT_DURATION, P_ACK_WAIT, 1, PIB_RO },
    { CA8210_MAC_ASSOCIATION_PERMIT, P_ASSOC_PERMIT, 1, PIB_RANGE, 0, 1 },
    { CA8210_MAC_AUTO_REQUEST, P_AUTO_REQ, 1, PIB_RANGE, 0, 1 },
    { CA8210_MAC_BATT_LIFE_EXT, P_BLE, 1, PIB_RANGE, 0, 1 },
    { CA8210_MAC_BATT_LIFE_EXT_PERIODS, P_BLE_PERIODS, 1, PIB_RANGE, 6, 41 },
    { CA8210_MAC_BEACON_PAYLOAD, P_BEACON_PAYLOAD, CA8210_BEACON_PAYLOAD_MAX,
      PIB_VAR },
    { CA8210_MAC_BEACON_PAYLOAD_LENGTH, P_BEACON_PAYLOAD_LEN, 1, PIB_RANGE,
      0, CA8210_BEACON_PAYLOAD_MAX },
    { CA8210_MAC_BEACON_ORDER, P_BEACON_ORDER, 1, PIB_RANGE, 0, 15 },
    { CA8210_MAC_BSN, P_BSN, 1 },
    { CA8210_MAC_COORD_EXTENDED_ADDRESS, P_COORD_EXT, 8 },
    { CA8210_MAC_COORD_SHORT_ADDRESS, P_COORD_SHORT, 2 },
    { CA8210_MAC_DSN, P_DSN, 1 },
    { CA8210_MAC_GTS_PERMIT, P_GTS_PERMIT, 1, PIB_RANGE, 0, 1 },
    { CA8210_MAC_MAX_CSMA_BACKOFFS, P_CSMA_BACKOFFS, 1, PIB_RANGE, 0, 5 },
    { CA8210_MAC_MIN_BE, P_MIN_BE, 1, PIB_RANGE, 0, 8 },
    { CA8210_MAC_PAN_ID, P_PAN_ID, 2 },
    { CA8210_MAC_PROMISCUOUS_MODE, P_PROMISC, 1, PIB_RANGE, 0, 1 },
    { CA8210_MAC_RX_ON_WHEN_IDLE, P_RX_ON, 1, PIB_RANGE, 0, 1 },
    { CA8210_MAC_SHORT_ADDRESS, P_SHORT, 2 },
    { CA8210_MAC_SUPERFRAME_ORDER, P_SF_ORDER, 1, PIB_RANGE, 0, 15 },
    { CA8210_MAC_TRANSACTION_PERSISTENCE_TIME, P_PERSIST, 2 },
    { CA8210_MAC_ASSOCIATED_PAN_COORD, P_ASSOC_COORD, 1, PIB_RANGE, 0, 1 },
    { CA8210_MAC_MAX_BE, P_MAX_BE, 1, PIB_RANGE, 3, 8 },
    { CA8210_MAC_MAX_FRAME_TOTAL_WAIT_TIME, P_TOTAL_WAIT, 2 },
    { CA8210_MAC_MAX_FRAME_RETRIES, P_RETRIES, 1, PIB_RANGE, 0, 7 },
    { CA8210_MAC_RESPONSE_WAIT_TIME, P_RESP_WAIT, 1, PIB_RANGE, 2, 64 },
    { CA8210_MAC_TIMESTAMP_SUPPORTED, P_TIMESTAMP, 1, PIB_RO },
    { CA8210_MAC_SECURITY_ENABLED, P_SECURITY, 1, PIB_RANGE, 0, 1 },
    { CA8210_NS_IEEE_ADDRESS, P_IEEE, 8 },
};

static const Ca8210Pib *ca8210_pib_find(uint8_t id)
{
    for (int i = 0; i < ARRAY_SIZE(ca8210_pibs); i++) {
        if (ca8210_pibs[i].id == id) {
            return &ca8210_pibs[i];
        }
    }
    return NULL;
}

static uint16_t ca8210_pib16(Ca8210State *s, int off)
{
    return lduw_le_p(&s->pib[off]);
}

/* 802.15.4-2006 defaults; DSN and BSN start at random. */
static void ca8210_pib_defaults(Ca8210State *s)
{
    memset(s->pib, 0, sizeof(s->pib));
    s->pib[P_CHANNEL] = IEEE802154_CHANNEL_MIN;
    stl_le_p(&s->pib[P_CHANNELS], 0x07fff800);
    s->pib[P_TXPOWER] = 8;
    s->pib[P_CCA_MODE] = 1;
    s->pib[P_ACK_WAIT] = 54;
    s->pib[P_AUTO_REQ] = 1;
    s->pib[P_BLE_PERIODS] = 6;
    s->pib[P_BEACON_ORDER] = 15;
    s->pib[P_SF_ORDER] = 15;
    qemu_guest_getrandom_nofail(&s->pib[P_BSN], 1);
    qemu_guest_getrandom_nofail(&s->pib[P_DSN], 1);
    stw_le_p(&s->pib[P_COORD_SHORT], 0xffff);
    s->pib[P_GTS_PERMIT] = 1;
    s->pib[P_CSMA_BACKOFFS] = 4;
    s->pib[P_MIN_BE] = 3;
    stw_le_p(&s->pib[P_PAN_ID], 0xffff);
    stw_le_p(&s->pib[P_SHORT], 0xffff);
    stw_le_p(&s->pib[P_PERSIST], 0x01f4);
    s->pib[P_MAX_BE] = 5;
    stw_le_p(&s->pib[P_TOTAL_WAIT], 1220);
    s->pib[P_RETRIES] = 3;
    s->pib[P_RESP_WAIT] = 32;
    s->pib[P_TIMESTAMP] = 1;
}

/* The IRQ pin is low while a message waits and is not going out. */
static void ca8210_update_irq(Ca8210State *s)
{
    bool pending = s->chip == CA8210_CHIP_AWAKE && s->upq_count &&
                   !s->out_active;

    trace_ca8210_irq(s->upq_count, !pending);
    qemu_set_irq(s->irq, !pending);
}

/* What the radio listens to: the receiver is on when idle, or for an ACK. */
static void ca8210_update_radio(Ca8210State *s)
{
    s->node.channel = s->pib[P_CHANNEL];
    s->node.rx_on = s->chip == CA8210_CHIP_AWAKE &&
                    (s->pib[P_RX_ON] || s->pib[P_PROMISC] ||
                     s->tx_state == CA8210_TX_ACK_WAIT);
}

static uint32_t ca8210_timestamp(void)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) / CA8210_SYMBOL_NS;
}

/*
 * Queue a message for the host. Confirms are the host's answers and
 * only lost when it stops reading; indications keep two slots free for
 * them.
 */
static bool ca8210_send_up(Ca8210State *s, uint8_t cmd, const uint8_t *p,
                           uint8_t n, bool confirm)
{
    uint8_t *m;
    int limit = confirm ? CA8210_UPQ_DEPTH : CA8210_UPQ_DEPTH - 2;

    if (s->upq_count >= limit) {
        if (confirm) {
            qemu_log_mask(LOG_GUEST_ERROR, "ca8210: %d messages wait for the "
                          "host, which is not reading them: message 0x%02x "
                          "lost\n", s->upq_count, cmd);
        }
        s->rx_dropped += !confirm;
        trace_ca8210_up_full(cmd, s->upq_count);
        return false;
    }
    assert(n <= CA8210_MAX_PARAMS);
    m = s->upq[(s->upq_head + s->upq_count) % CA8210_UPQ_DEPTH];
    memset(m, CA8210_SPI_IDLE, CA8210_XFER_LEN);
    m[0] = cmd;
    m[1] = n;
    memcpy(m + 2, p, n);
    s->upq_count++;
    trace_ca8210_up(cmd, n, s->upq_count);
    ca8210_update_irq(s);
    return true;
}

/* TDME-ERROR.indication: the chip could not parse what the host sent. */
static void ca8210_spi_invalid(Ca8210State *s)
{
    uint8_t code = CA8210_TDME_ERR_SPI_INVALID;

    ca8210_send_up(s, CA8210_TDME_ERROR_IND, &code, 1, true);
}

/* --- transmit ------------------------------------------------------------ */

static void ca8210_kick_tx(Ca8210State *s)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    uint8_t *f;
    int64_t air;

    if (s->chip != CA8210_CHIP_AWAKE || s->tx_state != CA8210_TX_IDLE ||
        !s->txq_count) {
        return;
    }
    if (now < s->air_until) {
        /* Our last frame (an ACK) is still on the air. */
        timer_mod(s->tx_timer, s->air_until);
        return;
    }
    f = s->txq[s->txq_head];
    air = ieee802154_medium_transmit(&s->node, f, s->txq_len[s->txq_head]);
    trace_ca8210_tx(f[2], s->txq_len[s->txq_head], s->tx_retries);
    s->tx_frames++;
    s->air_until = now + air;
    s->tx_state = CA8210_TX_AIR;
    timer_mod(s->tx_timer, s->air_until);
}

/* The head request is done: MCPS-DATA.confirm, then the next one. */
static void ca8210_tx_done(Ca8210State *s, uint8_t status)
{
    uint8_t cnf[6] = { s->txq_handle[s->txq_head], status };

    stl_le_p(&cnf[2], ca8210_timestamp());
    trace_ca8210_tx_done(cnf[0], status);
    s->txq_head = (s->txq_head + 1) % CA8210_TXQ_DEPTH;
    s->txq_count--;
    s->tx_state = CA8210_TX_IDLE;
    s->tx_retries = 0;
    timer_del(s->tx_timer);
    ca8210_update_radio(s);
    ca8210_send_up(s, CA8210_MCPS_DATA_CNF, cnf, sizeof(cnf), true);
    ca8210_kick_tx(s);
}

static void ca8210_tx_timer(void *opaque)
{
    Ca8210State *s = opaque;

    switch (s->tx_state) {
    case CA8210_TX_AIR:
        if (s->txq[s->txq_head][0] & CA8210_FC_ACK_REQ) {
            s->tx_state = CA8210_TX_ACK_WAIT;
            ca8210_update_radio(s);
            timer_mod(s->tx_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                                   CA8210_ACK_WAIT_NS);
        } else {
            ca8210_tx_done(s, CA8210_SUCCESS);
        }
        break;
    case CA8210_TX_ACK_WAIT:
        if (s->tx_retries < s->pib[P_RETRIES]) {
            s->tx_retries++;
            s->tx_state = CA8210_TX_IDLE;
            ca8210_update_radio(s);
            ca8210_kick_tx(s);
        } else {
            ca8210_tx_done(s, CA8210_NO_ACK);
        }
        break;
    default:
        ca8210_kick_tx(s);
        break;
    }
}

/*
 * Build the data frame of an MCPS-DATA.request (p: its parameters) into
 * the TX queue's tail. Returns a MAC status.
 */
static uint8_t ca8210_build_frame(Ca8210State *s, const uint8_t *p,
                                  uint8_t msdu_len)
{
    uint8_t *f = s->txq[(s->txq_head + s->txq_count) % CA8210_TXQ_DEPTH];
    uint8_t smode = p[0], dmode = p[1], txopt = p[14];
    uint16_t dpan = lduw_le_p(&p[2]);
    uint16_t pan = ca8210_pib16(s, P_PAN_ID);
    bool bcast = dmode == CA8210_ADDR_SHORT && lduw_le_p(&p[4]) == 0xffff;
    uint16_t fc = CA8210_FC_TYPE_DATA | dmode << CA8210_FC_DST_SHIFT |
                  smode << CA8210_FC_SRC_SHIFT;
    int n = 3;

    if (smode == 1 || smode > CA8210_ADDR_EXT || dmode == 1 ||
        dmode > CA8210_ADDR_EXT) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: MCPS-DATA.request with "
                      "addressing modes %u/%u (0, 2 or 3)\n", smode, dmode);
        return CA8210_INVALID_PARAMETER;
    }
    if (!smode && !dmode) {
        return CA8210_INVALID_ADDRESS;
    }
    if (txopt & (CA8210_TXOPT_GTS | CA8210_TXOPT_INDIRECT)) {
        qemu_log_mask(LOG_UNIMP, "ca8210: GTS and indirect transmission "
                      "(TxOptions 0x%02x) are not modelled\n", txopt);
        return CA8210_INVALID_PARAMETER;
    }
    if ((txopt & CA8210_TXOPT_ACK) && !bcast) {
        fc |= CA8210_FC_ACK_REQ;
    }
    if (dmode && smode && dpan == pan) {
        fc |= CA8210_FC_PANID_COMP;
    }
    if (msdu_len > CA8210_MAX_SAFE_PAYLOAD) {
        fc |= 1 << CA8210_FC_VERSION_SHIFT;
    }
    if (dmode) {
        stw_le_p(&f[n], dpan);
        n += 2;
        memcpy(&f[n], &p[4], dmode == CA8210_ADDR_SHORT ? 2 : 8);
        n += dmode == CA8210_ADDR_SHORT ? 2 : 8;
    }
    if (smode) {
        if (!(fc & CA8210_FC_PANID_COMP)) {
            stw_le_p(&f[n], pan);
            n += 2;
        }
        if (smode == CA8210_ADDR_SHORT) {
            memcpy(&f[n], &s->pib[P_SHORT], 2);
            n += 2;
        } else {
            memcpy(&f[n], &s->pib[P_IEEE], 8);
            n += 8;
        }
    }
    if (n + msdu_len + 2 > IEEE802154_MAX_PSDU) {
        return CA8210_FRAME_TOO_LONG;
    }
    stw_le_p(&f[0], fc);
    f[2] = s->pib[P_DSN]++;
    memcpy(&f[n], &p[CA8210_DATA_REQ_MSDU], msdu_len);
    n += msdu_len;
    stw_le_p(&f[n], ieee802154_fcs(f, n));
    s->txq_len[(s->txq_head + s->txq_count) % CA8210_TXQ_DEPTH] = n + 2;
    return CA8210_SUCCESS;
}

static void ca8210_data_req(Ca8210State *s, const uint8_t *p, uint8_t len)
{
    uint8_t cnf[6] = { len > 13 ? p[13] : 0, CA8210_INVALID_PARAMETER };
    uint8_t msdu_len, sec, need;

    if (len < CA8210_DATA_REQ_MSDU + 1) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: MCPS-DATA.request of %u "
                      "bytes: it has %d at least\n", len,
                      CA8210_DATA_REQ_MSDU + 1);
        goto confirm;
    }
    msdu_len = p[12];
    sec = msdu_len + CA8210_DATA_REQ_MSDU < len ?
          p[CA8210_DATA_REQ_MSDU + msdu_len] : 0;
    need = CA8210_DATA_REQ_MSDU + msdu_len + (sec ? 11 : 1);
    if (msdu_len > CA8210_MAX_MSDU || need != len) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: MCPS-DATA.request of %u "
                      "bytes with MsduLength %u: it needs %u\n", len,
                      msdu_len, msdu_len > CA8210_MAX_MSDU ? 0 : need);
        goto confirm;
    }
    if (sec) {
        /* No key table: the outgoing security procedure finds no key. */
        cnf[1] = CA8210_UNAVAILABLE_KEY;
        goto confirm;
    }
    if (s->txq_count == CA8210_TXQ_DEPTH) {
        cnf[1] = CA8210_TRANSACTION_OVERFLOW;
        goto confirm;
    }
    cnf[1] = ca8210_build_frame(s, p, msdu_len);
    if (cnf[1] == CA8210_SUCCESS) {
        s->txq_handle[(s->txq_head + s->txq_count) % CA8210_TXQ_DEPTH] = p[13];
        s->txq_count++;
        ca8210_kick_tx(s);
        return;
    }
confirm:
    stl_le_p(&cnf[2], ca8210_timestamp());
    trace_ca8210_tx_done(cnf[0], cnf[1]);
    ca8210_send_up(s, CA8210_MCPS_DATA_CNF, cnf, sizeof(cnf), true);
}

/* --- receive ------------------------------------------------------------- */

typedef struct Ca8210Hdr {
    uint16_t fc;
    uint8_t dmode, smode;
    uint16_t dpan, span;
    uint8_t daddr[8], saddr[8];
    int len;
} Ca8210Hdr;

/* The MAC header of an MPDU of len bytes (FCS excluded). */
static bool ca8210_parse(const uint8_t *f, size_t len, Ca8210Hdr *h)
{
    int n = 3;

    memset(h, 0, sizeof(*h));
    h->fc = lduw_le_p(f);
    h->dmode = (h->fc >> CA8210_FC_DST_SHIFT) & 3;
    h->smode = (h->fc >> CA8210_FC_SRC_SHIFT) & 3;
    if (h->dmode == 1 || h->smode == 1) {
        return false;
    }
    if (h->dmode) {
        int a = h->dmode == CA8210_ADDR_SHORT ? 2 : 8;

        if (n + 2 + a > len) {
            return false;
        }
        h->dpan = lduw_le_p(&f[n]);
        memcpy(h->daddr, &f[n + 2], a);
        n += 2 + a;
    }
    if (h->smode) {
        int a = h->smode == CA8210_ADDR_SHORT ? 2 : 8;

        if (h->dmode && (h->fc & CA8210_FC_PANID_COMP)) {
            h->span = h->dpan;
        } else {
            if (n + 2 > len) {
                return false;
            }
            h->span = lduw_le_p(&f[n]);
            n += 2;
        }
        if (n + a > len) {
            return false;
        }
        memcpy(h->saddr, &f[n], a);
        n += a;
    }
    h->len = n;
    return true;
}

/* 802.15.4-2006 7.5.6.2, third level: is this frame for us? */
static const char *ca8210_filter(Ca8210State *s, const Ca8210Hdr *h)
{
    uint16_t pan = ca8210_pib16(s, P_PAN_ID);

    if ((h->fc >> CA8210_FC_VERSION_SHIFT & 3) > 1) {
        return "frame version";
    }
    if (h->dmode && h->dpan != 0xffff && h->dpan != pan) {
        return "destination PAN";
    }
    if (h->dmode == CA8210_ADDR_SHORT) {
        uint16_t d = lduw_le_p(h->daddr);

        if (d != 0xffff && d != ca8210_pib16(s, P_SHORT)) {
            return "destination address";
        }
    } else if (h->dmode == CA8210_ADDR_EXT) {
        if (memcmp(h->daddr, &s->pib[P_IEEE], 8)) {
            return "destination address";
        }
    } else if (!s->pan_coord || h->span != pan) {
        return "no destination, not our PAN's coordinator";
    }
    return NULL;
}

static void ca8210_indicate(Ca8210State *s, const Ca8210Hdr *h,
                            const uint8_t *msdu, int msdu_len, uint8_t lqi,
                            uint8_t dsn)
{
    uint8_t p[CA8210_MAX_PARAMS];

    if (CA8210_IND_MSDU + msdu_len + 1 > CA8210_MAX_PARAMS) {
        /* The driver clocks 150 bytes a transfer: it would not fit. */
        s->rx_dropped++;
        trace_ca8210_rx_drop(msdu_len, "indication longer than a transfer");
        return;
    }
    memset(p, 0, sizeof(p));
    p[CA8210_IND_SRC] = h->smode;
    stw_le_p(&p[CA8210_IND_SRC + 1], h->span);
    memcpy(&p[CA8210_IND_SRC + 3], h->saddr, 8);
    p[CA8210_IND_DST] = h->dmode;
    stw_le_p(&p[CA8210_IND_DST + 1], h->dpan);
    memcpy(&p[CA8210_IND_DST + 3], h->daddr, 8);
    p[CA8210_IND_MSDU_LEN] = msdu_len;
    p[CA8210_IND_LQI] = lqi;
    p[CA8210_IND_DSN] = dsn;
    stl_le_p(&p[CA8210_IND_TIMESTAMP], ca8210_timestamp());
    memcpy(&p[CA8210_IND_MSDU], msdu, msdu_len);
    /* SecurityLevel 0 after the MSDU. */
    if (ca8210_send_up(s, CA8210_MCPS_DATA_IND, p,
                       CA8210_IND_MSDU + msdu_len + 1, false)) {
        s->rx_frames++;
    }
}

static void ca8210_receive(Ieee802154Node *node, const uint8_t *psdu,
                           size_t len, int8_t rssi, uint8_t lqi)
{
    Ca8210State *s = container_of(node, Ca8210State, node);
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    size_t mpdu = len - 2;
    uint8_t ack[5] = { CA8210_FC_TYPE_ACK, 0 };
    Ca8210Hdr h;
    const char *why;

    if (s->chip != CA8210_CHIP_AWAKE) {
        return;
    }
    if (now < s->air_until) {
        trace_ca8210_rx_drop(len, "transmitting");
        return;
    }
    if (len < 5 || ieee802154_fcs(psdu, mpdu) != lduw_le_p(&psdu[mpdu])) {
        trace_ca8210_rx_drop(len, "bad FCS");
        return;
    }
    if (s->lqi_mode) {
        /* ED mode: the energy, -100 to -40 dBm over 0 to 255. */
        lqi = MIN(MAX(rssi + 100, 0) * 255 / 60, 255);
    }
    trace_ca8210_rx(psdu[2], len, lqi);
    if ((psdu[0] & CA8210_FC_TYPE_MASK) == CA8210_FC_TYPE_ACK) {
        if (s->tx_state == CA8210_TX_ACK_WAIT && len == 5 &&
            psdu[2] == s->txq[s->txq_head][2]) {
            ca8210_tx_done(s, CA8210_SUCCESS);
            return;
        }
    }
    if (s->pib[P_PROMISC]) {
        /* Every frame, whole, with no addressing and no ACK. */
        memset(&h, 0, sizeof(h));
        ca8210_indicate(s, &h, psdu, mpdu, lqi, psdu[2]);
        return;
    }
    if (!ca8210_parse(psdu, mpdu, &h)) {
        trace_ca8210_rx_drop(len, "malformed header");
        return;
    }
    if ((h.fc & CA8210_FC_TYPE_MASK) != CA8210_FC_TYPE_DATA) {
        trace_ca8210_rx_drop(len, "not a data frame");
        return;
    }
    why = ca8210_filter(s, &h);
    if (why) {
        trace_ca8210_rx_drop(len, why);
        return;
    }
    if (h.fc & CA8210_FC_SECURITY) {
        trace_ca8210_rx_drop(len, "secured: no keys");
        return;
    }
    if (lqi < s->lqi_limit) {
        trace_ca8210_rx_drop(len, "LQI below HWME_LQILIMIT");
        return;
    }
    if ((h.fc & CA8210_FC_ACK_REQ) &&
        !(h.dmode == CA8210_ADDR_SHORT && lduw_le_p(h.daddr) == 0xffff)) {
        ack[2] = psdu[2];
        stw_le_p(&ack[3], ieee802154_fcs(ack, 3));
        s->air_until = now + ieee802154_medium_transmit(&s->node, ack, 5);
    }
    ca8210_indicate(s, &h, psdu + h.len, mpdu - h.len, lqi, psdu[2]);
}

static const Ieee802154NodeOps ca8210_node_ops = {
    .receive = ca8210_receive,
};

/* --- MAC SAP ------------------------------------------------------------- */

static void ca8210_mac_reset(Ca8210State *s, bool defaults)
{
    s->txq_head = s->txq_count = 0;
    s->tx_state = CA8210_TX_IDLE;
    s->tx_retries = 0;
    timer_del(s->tx_timer);
    if (defaults) {
        ca8210_pib_defaults(s);
        s->pan_coord = false;
    }
    ca8210_update_radio(s);
}

static uint8_t ca8210_pib_set(Ca8210State *s, uint8_t id, uint8_t index,
                              uint8_t len, const uint8_t *v)
{
    const Ca8210Pib *a = ca8210_pib_find(id);

    if (!a) {
        return CA8210_UNSUPPORTED_ATTRIBUTE;
    }
    if (index) {
        return CA8210_INVALID_INDEX;
    }
    if (a->flags & PIB_RO) {
        return CA8210_READ_ONLY;
    }
    if ((a->flags & PIB_VAR) ? len > a->size : len != a->size) {
        return CA8210_INVALID_PARAMETER;
    }
    if ((a->flags & PIB_RANGE) && (v[0] < a->min || v[0] > a->max)) {
        return CA8210_INVALID_PARAMETER;
    }
    memcpy(&s->pib[a->off], v, len);
    if (id == CA8210_MAC_BEACON_PAYLOAD) {
        s->pib[P_BEACON_PAYLOAD_LEN] = len;
    }
    ca8210_update_radio(s);
    return CA8210_SUCCESS;
}

static void ca8210_mlme_set(Ca8210State *s, const uint8_t *p, uint8_t len)
{
    uint8_t cnf[3] = { CA8210_INVALID_PARAMETER, len ? p[0] : 0,
                       len > 1 ? p[1] : 0 };

    if (len < 3 || len != 3 + p[2]) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: MLME-SET.request of %u bytes "
                      "for a %d-byte value\n", len, len < 3 ? -1 : p[2]);
    } else {
        cnf[0] = ca8210_pib_set(s, p[0], p[1], p[2], &p[3]);
    }
    trace_ca8210_pib_set(cnf[1], len < 3 ? 0 : p[2], cnf[0]);
    ca8210_send_up(s, CA8210_MLME_SET_CNF, cnf, sizeof(cnf), true);
}

static void ca8210_mlme_get(Ca8210State *s, const uint8_t *p, uint8_t len)
{
    uint8_t cnf[4 + CA8210_BEACON_PAYLOAD_MAX] = {
        CA8210_INVALID_PARAMETER, len ? p[0] : 0, len > 1 ? p[1] : 0, 0
    };
    const Ca8210Pib *a = len ? ca8210_pib_find(p[0]) : NULL;

    if (len != 2) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: MLME-GET.request of %u "
                      "bytes: it has 2\n", len);
    } else if (!a) {
        cnf[0] = CA8210_UNSUPPORTED_ATTRIBUTE;
    } else if (p[1]) {
        cnf[0] = CA8210_INVALID_INDEX;
    } else {
        cnf[0] = CA8210_SUCCESS;
        cnf[3] = a->flags & PIB_VAR ? s->pib[P_BEACON_PAYLOAD_LEN] : a->size;
        memcpy(&cnf[4], &s->pib[a->off], cnf[3]);
    }
    ca8210_send_up(s, CA8210_MLME_GET_CNF, cnf, 4 + cnf[3], true);
}

static void ca8210_mlme_reset(Ca8210State *s, const uint8_t *p, uint8_t len)
{
    uint8_t status = CA8210_INVALID_PARAMETER;

    if (len != 1) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: MLME-RESET.request of %u "
                      "bytes: it has 1\n", len);
    } else if (p[0] <= 1) {
        ca8210_mac_reset(s, p[0]);
        status = CA8210_SUCCESS;
    }
    ca8210_send_up(s, CA8210_MLME_RESET_CNF, &status, 1, true);
}

/* A non-beacon PAN: PAN ID, channel and the coordinator role. */
static void ca8210_mlme_start(Ca8210State *s, const uint8_t *p, uint8_t len)
{
    uint8_t status = CA8210_INVALID_PARAMETER;

    if (len < 8) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: MLME-START.request of %u "
                      "bytes: it has 10 at least\n", len);
    } else if (ca8210_pib16(s, P_SHORT) == 0xffff) {
        status = CA8210_NO_SHORT_ADDRESS;
    } else if (p[2] < IEEE802154_CHANNEL_MIN ||
               p[2] > IEEE802154_CHANNEL_MAX || p[5] > 1) {
        status = CA8210_INVALID_PARAMETER;
    } else if (p[3] != 15) {
        qemu_log_mask(LOG_UNIMP, "ca8210: beacon-enabled PANs (BeaconOrder "
                      "%u) are not modelled\n", p[3]);
    } else {
        memcpy(&s->pib[P_PAN_ID], p, 2);
        s->pib[P_CHANNEL] = p[2];
        s->pan_coord = p[5];
        ca8210_update_radio(s);
        status = CA8210_SUCCESS;
    }
    ca8210_send_up(s, CA8210_MLME_START_CNF, &status, 1, true);
}

static uint8_t ca8210_hwme_set(Ca8210State *s, uint8_t id, uint8_t len,
                               const uint8_t *v)
{
    uint8_t *dst;

    switch (id) {
    case CA8210_HWME_EDTHRESHOLD:
        dst = &s->ed_threshold;
        break;
    case CA8210_HWME_CSTHRESHOLD:
        dst = &s->cs_threshold;
        break;
    case CA8210_HWME_LQILIMIT:
        dst = &s->lqi_limit;
        break;
    case CA8210_HWME_LQIMODE:
        if (len != 1 || v[0] > 1) {
            return CA8210_HWME_INVALID;
        }
        dst = &s->lqi_mode;
        break;
    case CA8210_HWME_SYSCLKOUT:
        /* Off, or 16, 8, 4, 2, 1 MHz on one of the chip's GPIOs. */
        if (len != 2 || v[0] > 5) {
            return CA8210_HWME_INVALID;
        }
        memcpy(s->sysclkout, v, 2);
        trace_ca8210_sysclkout(v[0], v[1]);
        return CA8210_HWME_SUCCESS;
    case CA8210_HWME_EDVALUE:
    case CA8210_HWME_RANDOMNUM:
        return CA8210_HWME_NO_ACCESS;
    default:
        return CA8210_HWME_UNKNOWN;
    }
    if (len != 1) {
        return CA8210_HWME_INVALID;
    }
    *dst = v[0];
    return CA8210_HWME_SUCCESS;
}

static void ca8210_hwme(Ca8210State *s, uint8_t cmd, const uint8_t *p,
                        uint8_t len)
{
    uint8_t cnf[5] = { CA8210_HWME_INVALID, len ? p[0] : 0, 0 };
    int n = 2;

    if (cmd == CA8210_HWME_SET_REQ) {
        if (len < 2 || len != 2 + p[1]) {
            qemu_log_mask(LOG_GUEST_ERROR, "ca8210: HWME-SET.request of %u "
                          "bytes for a %d-byte value\n", len,
                          len < 2 ? -1 : p[1]);
        } else {
            cnf[0] = ca8210_hwme_set(s, p[0], p[1], &p[2]);
        }
        ca8210_send_up(s, CA8210_HWME_SET_CNF, cnf, 2, true);
        return;
    }
    n = 3;
    if (len != 1) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: HWME-GET.request of %u "
                      "bytes: it has 1\n", len);
    } else {
        cnf[0] = CA8210_HWME_SUCCESS;
        cnf[2] = 1;
        switch (p[0]) {
        case CA8210_HWME_EDTHRESHOLD:
            cnf[3] = s->ed_threshold;
            break;
        case CA8210_HWME_CSTHRESHOLD:
            cnf[3] = s->cs_threshold;
            break;
        case CA8210_HWME_EDVALUE:
            cnf[3] = 0;             /* a quiet channel: no interferer */
            break;
        case CA8210_HWME_RANDOMNUM:
            qemu_guest_getrandom_nofail(&cnf[3], 1);
            break;
        case CA8210_HWME_LQIMODE:
            cnf[3] = s->lqi_mode;
            break;
        case CA8210_HWME_LQILIMIT:
            cnf[3] = s->lqi_limit;
            break;
        case CA8210_HWME_SYSCLKOUT:
            cnf[2] = 2;
            memcpy(&cnf[3], s->sysclkout, 2);
            break;
        default:
            cnf[0] = CA8210_HWME_UNKNOWN;
            cnf[2] = 0;
            break;
        }
        n += cnf[2];
    }
    ca8210_send_up(s, CA8210_HWME_GET_CNF, cnf, n, true);
}

/* The radio's special function registers: kept, not acted on. */
static void ca8210_tdme_sfr(Ca8210State *s, uint8_t cmd, const uint8_t *p,
                            uint8_t len)
{
    bool set = cmd == CA8210_TDME_SETSFR_REQ;
    uint8_t cnf[4] = { CA8210_TDME_INVALID, len ? p[0] : 0,
                       len > 1 ? p[1] : 0, 0 };

    if (len != (set ? 3 : 2)) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: TDME-%sSFR.request of %u "
                      "bytes: it has %d\n", set ? "SET" : "GET", len,
                      set ? 3 : 2);
    } else if (p[0] <= 1) {
        cnf[0] = CA8210_TDME_SUCCESS;
        if (set) {
            s->sfr[p[0]][p[1]] = p[2];
        }
        cnf[3] = s->sfr[p[0]][p[1]];
    }
    if (set) {
        ca8210_send_up(s, CA8210_TDME_SETSFR_CNF, cnf, 3, true);
    } else {
        ca8210_send_up(s, CA8210_TDME_GETSFR_CNF, cnf, 4, true);
    }
}

/*
 * A request the chip could not take whole: its confirm with the
 * parameter error, so that a synchronous caller is not left waiting.
 */
static void ca8210_reject(Ca8210State *s, uint8_t cmd)
{
    const uint8_t *in = s->in + 2;
    uint8_t p[6] = { CA8210_INVALID_PARAMETER, in[0], in[1], 0 };

    switch (cmd) {
    case CA8210_MCPS_DATA_REQ:
        p[0] = in[13];
        p[1] = CA8210_INVALID_PARAMETER;
        stl_le_p(&p[2], ca8210_timestamp());
        ca8210_send_up(s, CA8210_MCPS_DATA_CNF, p, 6, true);
        break;
    case CA8210_MLME_SET_REQ:
        ca8210_send_up(s, CA8210_MLME_SET_CNF, p, 3, true);
        break;
    case CA8210_MLME_GET_REQ:
        ca8210_send_up(s, CA8210_MLME_GET_CNF, p, 4, true);
        break;
    case CA8210_MLME_RESET_REQ:
        ca8210_send_up(s, CA8210_MLME_RESET_CNF, p, 1, true);
        break;
    case CA8210_MLME_START_REQ:
        ca8210_send_up(s, CA8210_MLME_START_CNF, p, 1, true);
        break;
    case CA8210_HWME_SET_REQ:
        p[0] = CA8210_HWME_INVALID;
        ca8210_send_up(s, CA8210_HWME_SET_CNF, p, 2, true);
        break;
    case CA8210_HWME_GET_REQ:
        p[0] = CA8210_HWME_INVALID;
        p[2] = 0;
        ca8210_send_up(s, CA8210_HWME_GET_CNF, p, 3, true);
        break;
    case CA8210_TDME_SETSFR_REQ:
        p[0] = CA8210_TDME_INVALID;
        ca8210_send_up(s, CA8210_TDME_SETSFR_CNF, p, 3, true);
        break;
    case CA8210_TDME_GETSFR_REQ:
        p[0] = CA8210_TDME_INVALID;
        p[3] = 0;
        ca8210_send_up(s, CA8210_TDME_GETSFR_CNF, p, 4, true);
        break;
    default:
        ca8210_spi_invalid(s);
        break;
    }
}

static bool ca8210_unmodelled(uint8_t cmd)
{
    switch (cmd) {
    case CA8210_MLME_ASSOCIATE_REQ:
    case CA8210_MLME_ASSOCIATE_RSP:
    case CA8210_MLME_DISASSOCIATE_REQ:
    case CA8210_MLME_ORPHAN_RSP:
    case CA8210_MLME_RX_ENABLE_REQ:
    case CA8210_MLME_SCAN_REQ:
    case CA8210_MLME_POLL_REQ:
    case CA8210_HWME_HAES_REQ:
    case CA8210_TDME_TESTMODE_REQ:
    case CA8210_TDME_SET_REQ:
    case CA8210_TDME_TXPKT_REQ:
    case CA8210_TDME_LOTLK_REQ:
        return true;
    }
    return false;
}

/* One whole request from the host: p holds len parameter bytes. */
static void ca8210_request(Ca8210State *s, uint8_t cmd, const uint8_t *p,
                           uint8_t len)
{
    trace_ca8210_cmd(cmd, len);
    switch (cmd) {
    case CA8210_MCPS_DATA_REQ:
        ca8210_data_req(s, p, len);
        break;
    case CA8210_MLME_SET_REQ:
        ca8210_mlme_set(s, p, len);
        break;
    case CA8210_MLME_GET_REQ:
        ca8210_mlme_get(s, p, len);
        break;
    case CA8210_MLME_RESET_REQ:
        ca8210_mlme_reset(s, p, len);
        break;
    case CA8210_MLME_START_REQ:
        ca8210_mlme_start(s, p, len);
        break;
    case CA8210_HWME_SET_REQ:
    case CA8210_HWME_GET_REQ:
        ca8210_hwme(s, cmd, p, len);
        break;
    case CA8210_TDME_SETSFR_REQ:
    case CA8210_TDME_GETSFR_REQ:
        ca8210_tdme_sfr(s, cmd, p, len);
        break;
    default:
        if (ca8210_unmodelled(cmd)) {
            qemu_log_mask(LOG_UNIMP, "ca8210: request 0x%02x (association, "
                          "scan, poll, RX enable, AES and test modes) is not "
                          "modelled: ignored\n", cmd);
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "ca8210: command 0x%02x is no "
                          "request of the chip's: TDME-ERROR.indication\n",
                          cmd);
            ca8210_spi_invalid(s);
        }
        break;
    }
}

/* --- SPI ----------------------------------------------------------------- */

static bool ca8210_busy(Ca8210State *s)
{
    return s->chip == CA8210_CHIP_BOOT ||
           (s->upq_count == CA8210_UPQ_DEPTH && !s->out_active);
}

static uint32_t ca8210_transfer(SSIPeripheral *ss, uint32_t val)
{
    Ca8210State *s = CA8210(ss);
    unsigned bits = ssi_word_bits(ss);
    uint8_t out = CA8210_SPI_IDLE;

    if (bits && bits != 8) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: a %u-bit SPI word: the chip "
                      "takes 8-bit words; ignored\n", bits);
        return CA8210_SPI_IDLE;
    }
    if (s->chip == CA8210_CHIP_RESET) {
        return CA8210_SPI_IDLE;
    }
    if (s->out_active) {
        const uint8_t *m = s->upq[s->upq_head];

        if (s->pos < m[1] + 2) {
            out = m[s->pos];
        }
    } else if (s->pos == 1 && s->in[0] != CA8210_SPI_IDLE && ca8210_busy(s)) {
        /* The request is refused: ca8210_spi_transfer_complete retries. */
        out = CA8210_SPI_NACK;
        s->nacked = true;
        trace_ca8210_nack(s->in[0]);
    }
    if (s->pos < CA8210_XFER_LEN) {
        s->in[s->pos] = val;
    }
    if (s->pos < UINT16_MAX) {
        s->pos++;
    }
    return out;
}

static void ca8210_end_transfer(Ca8210State *s)
{
    uint8_t cmd = s->in[0], len = s->in[1];

    if (s->out_active) {
        uint8_t mlen = s->upq[s->upq_head][1] + 2;

        s->out_active = false;
        if (s->pos >= mlen) {
            s->upq_head = (s->upq_head + 1) % CA8210_UPQ_DEPTH;
            s->upq_count--;
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "ca8210: chip select rose after "
                          "%u of the %u bytes of message 0x%02x: it is sent "
                          "again\n", s->pos, mlen, s->upq[s->upq_head][0]);
        }
    }
    if (s->chip != CA8210_CHIP_AWAKE || !s->pos || cmd == CA8210_SPI_IDLE ||
        s->nacked) {
        goto done;
    }
    if (s->pos < 2) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: chip select rose after the "
                      "command byte 0x%02x, before its length\n", cmd);
        ca8210_spi_invalid(s);
    } else if (len > CA8210_MAX_PARAMS) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: command 0x%02x with length "
                      "%u: a message has %d parameter bytes at most\n", cmd,
                      len, CA8210_MAX_PARAMS);
        ca8210_reject(s, cmd);
    } else if (s->pos < len + 2) {
        qemu_log_mask(LOG_GUEST_ERROR, "ca8210: chip select rose after %u of "
                      "the %u bytes of command 0x%02x: message cut\n", s->pos,
                      len + 2, cmd);
        ca8210_reject(s, cmd);
    } else {
        ca8210_request(s, cmd, s->in + 2, len);
    }
done:
    s->pos = 0;
    s->nacked = false;
    ca8210_update_irq(s);
}

static int ca8210_set_cs(SSIPeripheral *ss, bool level)
{
    Ca8210State *s = CA8210(ss);

    /* Active low: low starts a transfer, high ends it. */
    if (level) {
        ca8210_end_transfer(s);
    } else {
        s->pos = 0;
        s->nacked = false;
        memset(s->in, CA8210_SPI_IDLE, sizeof(s->in));
        s->out_active = s->chip == CA8210_CHIP_AWAKE && s->upq_count;
        trace_ca8210_xfer(s->out_active ? s->upq[s->upq_head][0] :
                          CA8210_SPI_IDLE);
        ca8210_update_irq(s);
    }
    return 0;
}

/* --- reset and boot ------------------------------------------------------ */

static void ca8210_chip_reset(Ca8210State *s)
{
    s->chip = CA8210_CHIP_RESET;
    s->upq_head = s->upq_count = 0;
    s->out_active = false;
    s->pos = 0;
    s->nacked = false;
    ca8210_mac_reset(s, true);
    s->air_until = 0;
    s->ed_threshold = s->cs_threshold = 0;
    s->lqi_mode = s->lqi_limit = 0;
    memset(s->sysclkout, 0, sizeof(s->sysclkout));
    memset(s->sfr, 0, sizeof(s->sfr));
    timer_del(s->boot_timer);
}

static void ca8210_boot_done(void *opaque);

static void ca8210_boot_start(Ca8210State *s)
{
    s->chip = CA8210_CHIP_BOOT;
    trace_ca8210_chip(ca8210_chip_name[s->chip]);
    if (!s->boot_us) {
        ca8210_boot_done(s);
        return;
    }
    timer_mod(s->boot_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
              (int64_t)s->boot_us * SCALE_US);
}

static void ca8210_boot_done(void *opaque)
{
    Ca8210State *s = opaque;
    uint8_t reason = CA8210_WAKEUP_POWERUP;

    s->chip = CA8210_CHIP_AWAKE;
    trace_ca8210_chip(ca8210_chip_name[s->chip]);
    ca8210_update_radio(s);
    ca8210_send_up(s, CA8210_HWME_WAKEUP_IND, &reason, 1, true);
    ca8210_update_irq(s);
}

static void ca8210_reset_pin(void *opaque, int n, int level)
{
    Ca8210State *s = opaque;

    if (!!level == s->reset_pin) {
        return;
    }
    s->reset_pin = level;
    if (!level) {
        ca8210_chip_reset(s);
        trace_ca8210_chip(ca8210_chip_name[s->chip]);
    } else {
        ca8210_boot_start(s);
    }
    ca8210_update_irq(s);
}

static void ca8210_reset_enter(Object *obj, ResetType type)
{
    Ca8210State *s = CA8210(obj);

    ca8210_chip_reset(s);
    s->tx_frames = s->rx_frames = s->rx_dropped = 0;
}

static void ca8210_reset_hold(Object *obj, ResetType type)
{
    Ca8210State *s = CA8210(obj);

    /* Power-on: the chip boots unless the host holds RESET low. */
    if (s->reset_pin) {
        ca8210_boot_start(s);
    }
    ca8210_update_irq(s);
}

/* --- QOM ----------------------------------------------------------------- */

static void ca8210_realize(SSIPeripheral *ss, Error **errp)
{
    Ca8210State *s = CA8210(ss);
    DeviceState *dev = DEVICE(ss);
    const char *name;

    if (!s->max_hz || s->max_hz >= CA8210_MAX_SPI_HZ) {
        error_setg(errp, "ca8210: max-hz must be 1 to %u (below 4 MHz, as "
                   "the binding says), not %u", CA8210_MAX_SPI_HZ - 1,
                   s->max_hz);
        return;
    }
    if (!s->medium) {
        s->medium = IEEE802154_MEDIUM(object_resolve_path_type(
            "/machine/" IEEE802154_BOARD_MEDIUM, TYPE_IEEE802154_MEDIUM,
            NULL));
        if (!s->medium) {
            error_setg(errp, "ca8210: no 802.15.4 medium: set medium= to an "
                       "ieee802154-medium object (the board's is /machine/"
                       IEEE802154_BOARD_MEDIUM ")");
            return;
        }
    }
    if (!s->node_name) {
        name = dev->id ?: object_get_canonical_path_component(OBJECT(dev));
        s->node_name = name ? g_strdup(name) :
                       g_strdup_printf("ca8210-%u", ss->cs_index);
    }
    s->node.ops = &ca8210_node_ops;
    if (!ieee802154_medium_attach(s->medium, &s->node, s->node_name, errp)) {
        return;
    }
    ca8210_update_radio(s);
}

static void ca8210_unrealize(DeviceState *dev)
{
    Ca8210State *s = CA8210(dev);

    if (s->node.medium) {
        ieee802154_medium_detach(&s->node);
    }
}

static void ca8210_init(Object *obj)
{
    Ca8210State *s = CA8210(obj);
    DeviceState *dev = DEVICE(obj);

    qdev_init_gpio_out_named(dev, &s->irq, CA8210_IRQ_OUT, 1);
    qdev_init_gpio_in_named(dev, ca8210_reset_pin, CA8210_RESET_IN, 1);
    s->reset_pin = true;            /* undriven: pulled up */
    s->boot_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, ca8210_boot_done, s);
    s->tx_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, ca8210_tx_timer, s);
    object_property_add_uint32_ptr(obj, "tx-frames", &s->tx_frames,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint32_ptr(obj, "rx-frames", &s->rx_frames,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint32_ptr(obj, "rx-dropped", &s->rx_dropped,
                                   OBJ_PROP_FLAG_READ);
}

static void ca8210_finalize(Object *obj)
{
    Ca8210State *s = CA8210(obj);

    timer_free(s->boot_timer);
    timer_free(s->tx_timer);
}

/*
 * Documentation/devicetree/bindings/net/ieee802154/ca8210.txt: the chip
 * select, below 4 MHz, CPOL 1, and the RESET and IRQ lines as plain
 * GPIOs (the driver takes them with of_get_named_gpio() and drives them
 * raw: RESET low is reset, IRQ falls when a message waits).
 */
static void ca8210_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    Ca8210State *s = CA8210(dev);
    static const char *const compat[] = { "cascoda,ca8210" };
    g_autofree char *path = presilicon_fdt_add_spi_node(ctx, "ieee802154",
                                                        compat, 1, s->max_hz);

    qemu_fdt_setprop(ctx->fdt, path, "spi-cpol", NULL, 0);
    if (ctx->gpio_phandle) {
        qemu_fdt_setprop_cells(ctx->fdt, path, "reset-gpio",
                               ctx->gpio_phandle, ctx->gpio_line + 1,
                               PRESILICON_FDT_GPIO_ACTIVE_HIGH);
        qemu_fdt_setprop_cells(ctx->fdt, path, "irq-gpio",
                               ctx->gpio_phandle, ctx->gpio_line,
                               PRESILICON_FDT_GPIO_ACTIVE_HIGH);
    }
}

static int ca8210_post_load(void *opaque, int version_id)
{
    Ca8210State *s = opaque;

    if (s->upq_head >= CA8210_UPQ_DEPTH || s->upq_count > CA8210_UPQ_DEPTH ||
        s->txq_head >= CA8210_TXQ_DEPTH || s->txq_count > CA8210_TXQ_DEPTH ||
        s->chip > CA8210_CHIP_AWAKE || s->tx_state > CA8210_TX_ACK_WAIT ||
        (s->tx_state != CA8210_TX_IDLE && !s->txq_count) ||
        (s->out_active && !s->upq_count)) {
        return -EINVAL;
    }
    for (int i = 0; i < CA8210_UPQ_DEPTH; i++) {
        if (s->upq[i][1] > CA8210_MAX_PARAMS) {
            return -EINVAL;
        }
    }
    for (int i = 0; i < CA8210_TXQ_DEPTH; i++) {
        if (s->txq_len[i] > IEEE802154_MAX_PSDU) {
            return -EINVAL;
        }
    }
    ca8210_update_radio(s);
    ca8210_update_irq(s);
    return 0;
}

static const VMStateDescription vmstate_ca8210 = {
    .name = TYPE_CA8210,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = ca8210_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_SSI_PERIPHERAL(parent_obj, Ca8210State),
        VMSTATE_TIMER_PTR(boot_timer, Ca8210State),
        VMSTATE_TIMER_PTR(tx_timer, Ca8210State),
        VMSTATE_BOOL(reset_pin, Ca8210State),
        VMSTATE_UINT8(chip, Ca8210State),
        VMSTATE_UINT8_2DARRAY(upq, Ca8210State, CA8210_UPQ_DEPTH,
                              CA8210_XFER_LEN),
        VMSTATE_UINT8(upq_head, Ca8210State),
        VMSTATE_UINT8(upq_count, Ca8210State),
        VMSTATE_BOOL(out_active, Ca8210State),
        VMSTATE_UINT8_ARRAY(in, Ca8210State, CA8210_XFER_LEN),
        VMSTATE_UINT16(pos, Ca8210State),
        VMSTATE_BOOL(nacked, Ca8210State),
        VMSTATE_UINT8_ARRAY(pib, Ca8210State, CA8210_PIB_SIZE),
        VMSTATE_UINT8(ed_threshold, Ca8210State),
        VMSTATE_UINT8(cs_threshold, Ca8210State),
        VMSTATE_UINT8(lqi_mode, Ca8210State),
        VMSTATE_UINT8(lqi_limit, Ca8210State),
        VMSTATE_UINT8_ARRAY(sysclkout, Ca8210State, 2),
        VMSTATE_UINT8_2DARRAY(sfr, Ca8210State, 2, 256),
        VMSTATE_BOOL(pan_coord, Ca8210State),
        VMSTATE_UINT8_2DARRAY(txq, Ca8210State, CA8210_TXQ_DEPTH,
                              IEEE802154_MAX_PSDU),
        VMSTATE_UINT8_ARRAY(txq_len, Ca8210State, CA8210_TXQ_DEPTH),
        VMSTATE_UINT8_ARRAY(txq_handle, Ca8210State, CA8210_TXQ_DEPTH),
        VMSTATE_UINT8(txq_head, Ca8210State),
        VMSTATE_UINT8(txq_count, Ca8210State),
        VMSTATE_UINT8(tx_state, Ca8210State),
        VMSTATE_UINT8(tx_retries, Ca8210State),
        VMSTATE_INT64(air_until, Ca8210State),
        VMSTATE_UINT32(tx_frames, Ca8210State),
        VMSTATE_UINT32(rx_frames, Ca8210State),
        VMSTATE_UINT32(rx_dropped, Ca8210State),
        VMSTATE_END_OF_LIST()
    },
};

static const Property ca8210_properties[] = {
    DEFINE_PROP_LINK("medium", Ca8210State, medium, TYPE_IEEE802154_MEDIUM,
                     Ieee802154Medium *),
    DEFINE_PROP_STRING("node-name", Ca8210State, node_name),
    DEFINE_PROP_UINT32("max-hz", Ca8210State, max_hz, 3000000),
    /*
     * The chip's boot after RESET rises; 0 wakes it at once, for the
     * fuzzer, whose generic-fuzz never moves virtual time.
     */
    DEFINE_PROP_UINT32("boot-us", Ca8210State, boot_us,
                       CA8210_BOOT_NS / SCALE_US),
};

static void ca8210_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    SSIPeripheralClass *k = SSI_PERIPHERAL_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "Cascoda CA8210 IEEE 802.15.4 radio on SPI";
    dc->vmsd = &vmstate_ca8210;
    dc->user_creatable = true;
    dc->unrealize = ca8210_unrealize;
    device_class_set_props(dc, ca8210_properties);
    k->realize = ca8210_realize;
    k->transfer = ca8210_transfer;
    k->set_cs = ca8210_set_cs;
    k->cs_polarity = SSI_CS_LOW;
    rc->phases.enter = ca8210_reset_enter;
    rc->phases.hold = ca8210_reset_hold;
    fc->add_node = ca8210_add_fdt_node;
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
}

static const TypeInfo ca8210_types[] = {
    {
        .name = TYPE_CA8210,
        .parent = TYPE_SSI_PERIPHERAL,
        .instance_size = sizeof(Ca8210State),
        .instance_init = ca8210_init,
        .instance_finalize = ca8210_finalize,
        .class_init = ca8210_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(ca8210_types)
