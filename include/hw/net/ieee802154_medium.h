/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An IEEE 802.15.4 radio medium: carries PHY frames (PSDUs, FCS
 * included) between the radio nodes attached to it, in one QEMU process
 * and, through a chardev, across processes. Channel filtering (a node
 * hears only frames sent on its own channel), per-link loss and
 * RSSI/LQI settable from QMP, and a pcap of every frame sent.
 *
 * The board creates one, /machine/wpan0; a radio's "medium" link
 * property defaults to it. More: -object ieee802154-medium,id=air,...
 */
#ifndef HW_NET_IEEE802154_MEDIUM_H
#define HW_NET_IEEE802154_MEDIUM_H

#include "qom/object.h"
#include "qemu/queue.h"

#define TYPE_IEEE802154_MEDIUM "ieee802154-medium"
OBJECT_DECLARE_SIMPLE_TYPE(Ieee802154Medium, IEEE802154_MEDIUM)

/* The board's medium, /machine/wpan0. */
#define IEEE802154_BOARD_MEDIUM "wpan0"

/* aMaxPHYPacketSize: a PSDU is at most 127 bytes, FCS included. */
#define IEEE802154_MAX_PSDU 127
/* The 2.4 GHz O-QPSK PHY's channels. */
#define IEEE802154_CHANNEL_MIN 11
#define IEEE802154_CHANNEL_MAX 26
/* 250 kb/s: a byte is 32 us; preamble (4), SFD and PHR precede the PSDU. */
#define IEEE802154_BYTE_NS 32000
#define IEEE802154_PHY_HEADER_BYTES 6
/* A node's name: printable, none of "<>;=*" (the link syntax's). */
#define IEEE802154_NAME_MAX 63

typedef struct Ieee802154Node Ieee802154Node;

typedef struct Ieee802154NodeOps {
    /*
     * A frame on the node's channel reached it (the sender's own frames
     * never do). @psdu ends with its 2-byte FCS, which is right unless
     * the sender sent it wrong. @rssi in dBm; @lqi 0-255.
     */
    void (*receive)(Ieee802154Node *node, const uint8_t *psdu, size_t len,
                    int8_t rssi, uint8_t lqi);
} Ieee802154NodeOps;

struct Ieee802154Node {
    const Ieee802154NodeOps *ops;
    /* Unique on its medium: the name links are set by (QMP). */
    char *name;
    /* 11-26; set by the radio when the guest tunes it. */
    uint8_t channel;
    /* The receiver is on: only then does a frame reach the node. */
    bool rx_on;
    Ieee802154Medium *medium;
    QTAILQ_ENTRY(Ieee802154Node) next;
};

/*
 * Attach @node as @name; fails if the name is taken or is not a valid
 * name (IEEE802154_NAME_MAX). The medium copies @name into node->name.
 * The medium must outlive the node: hold it by a (strong) link property.
 */
bool ieee802154_medium_attach(Ieee802154Medium *m, Ieee802154Node *node,
                              const char *name, Error **errp);
void ieee802154_medium_detach(Ieee802154Node *node);

/*
 * @node sends @psdu (FCS included, 1..IEEE802154_MAX_PSDU bytes) on its
 * channel. The frame is on the air for its duration at 250 kb/s (PHY
 * header included, 32 us a byte, QEMU_CLOCK_VIRTUAL); when it ends,
 * every other node on that channel with its receiver on gets it (in this
 * process, and in the others through the medium's chardev), unless the
 * link loses it. Acknowledgements are frames like any other: a radio
 * that receives a frame asking for one sends an ACK frame back, and the
 * sender waits for it on its own timer. Returns the frame's air time in
 * ns, after which the node may send again; 0 for a frame refused for
 * its length (0 or over IEEE802154_MAX_PSDU: a guest error, logged).
 * Never calls a node's receive() from inside: delivery is from a timer.
 */
int64_t ieee802154_medium_transmit(Ieee802154Node *node, const uint8_t *psdu,
                                   size_t len);

/* Air time of a @len-byte PSDU, PHY header included. */
int64_t ieee802154_air_time_ns(size_t len);

/* LQI from RSSI: linear, -100 dBm -> 0 to -20 dBm -> 255, clamped. */
uint8_t ieee802154_lqi(int rssi);

/*
 * The board's medium, /machine/wpan0, created (and completed) on first
 * use: the default of a radio's "medium" link and the board's to wire.
 */
Ieee802154Medium *ieee802154_medium_board(void);

/*
 * The ITU-T CRC-16 of 802.15.4's FCS (x^16 + x^12 + x^5 + 1, LSB first,
 * initial 0), over @len bytes; the FCS goes out low byte first.
 */
uint16_t ieee802154_fcs(const uint8_t *data, size_t len);

#endif
