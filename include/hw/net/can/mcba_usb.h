/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Microchip CAN BUS Analyzer, USB 04d8:0a30 (docs/devices/mcba-usb.md).
 */
#ifndef HW_NET_CAN_MCBA_USB_H
#define HW_NET_CAN_MCBA_USB_H

#include "hw/usb.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "hw/net/can/mcba_usb_regs.h"
#include "hw/net/can/presilicon_can.h"

#define TYPE_MCBA_USB "mcba-usb"
OBJECT_DECLARE_SIMPLE_TYPE(McbaUsbState, MCBA_USB)

struct McbaUsbState {
    USBDevice parent_obj;

    USBEndpoint *ep_in, *ep_out;
    PsCanNode node;
    CanBusState *canbus;
    QEMUTimer *ka_timer;            /* the CAN PIC's periodic status */
    QEMUTimer *recover_timer;       /* bus-off recovery */

    /* Frames from the host, waiting for the bus; tx[tx_head] is first. */
    uint8_t tx[MCBA_TX_DEPTH][MCBA_MSG_LEN];
    uint8_t tx_head, tx_count;
    bool tx_busy;                   /* tx[tx_head] is on the bus */
    bool out_nak;                   /* an OUT transfer waits for room */
    /* RECEIVE_MESSAGEs for the host, rx[rx_head] first. */
    uint8_t rx[MCBA_RX_DEPTH][MCBA_MSG_LEN];
    uint8_t rx_head, rx_count;
    uint16_t rx_lost;
    bool rx_ovfl;

    bool ka_usb_pending, ka_can_pending;
    uint32_t reported_state;        /* PsCanState in the last status */
    uint16_t kbps;                  /* 0: the node is not on the bus yet */
    uint8_t termination;            /* MCBA_TERMINATION_ON/OFF */
    uint32_t bad_messages;
};

#endif
