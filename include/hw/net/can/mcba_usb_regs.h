/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Microchip CAN BUS Analyzer (APGDT002): what a USB host sees of it, shared
 * by the model and its qtest. The tool has two PICs: one speaks USB, one
 * runs the CAN controller. The host talks to them with 19-byte messages on
 * a pair of bulk endpoints; each message starts with a command byte.
 * Layouts from Linux's drivers/net/can/usb/mcba_usb.c (struct mcba_usb_msg
 * and its variants; multi-byte fields as that driver reads them).
 */
#ifndef HW_NET_CAN_MCBA_USB_REGS_H
#define HW_NET_CAN_MCBA_USB_REGS_H

#define MCBA_VENDOR_ID          0x04d8
#define MCBA_PRODUCT_ID         0x0a30
#define MCBA_BCD_DEVICE         0x0100

/* One configuration, one vendor interface, bulk IN 0x81 and OUT 0x01. */
#define MCBA_CONFIG_VALUE       1
#define MCBA_INTERFACE          0
#define MCBA_EP_IN              1
#define MCBA_EP_OUT             1
#define MCBA_EP_MAX_PACKET      64
#define MCBA_EP0_MAX_PACKET     64

/* Every message, both ways. */
#define MCBA_MSG_LEN            19
#define MCBA_MSG_CMD            0

/* Host to device. */
#define MCBA_CMD_CHANGE_BIT_RATE        0xa1    /* bitrate: kbit/s, BE16 */
#define MCBA_CMD_TRANSMIT_MESSAGE_EV    0xa3    /* a CAN frame to send */
#define MCBA_CMD_SETUP_TERMINATION      0xa8    /* termination */
#define MCBA_CMD_READ_FW_VERSION        0xa9    /* pic */
/* Device to host. */
#define MCBA_CMD_TRANSMIT_MESSAGE_RSP   0xe2
#define MCBA_CMD_RECEIVE_MESSAGE        0xe3    /* a CAN frame received */
#define MCBA_CMD_I_AM_ALIVE_FROM_CAN    0xf5    /* the CAN PIC's status */
#define MCBA_CMD_I_AM_ALIVE_FROM_USB    0xf7    /* the USB PIC's status */
#define MCBA_CMD_NOTHING_TO_SEND        0xff

/* CHANGE_BIT_RATE */
#define MCBA_BITRATE            1       /* BE16, kbit/s (33, 83: 33.333...) */
/* SETUP_TERMINATION and I_AM_ALIVE_FROM_USB's termination_state */
#define MCBA_TERMINATION        1
#define MCBA_TERMINATION_ON     0       /* CAN_RES low: 120 ohm across */
#define MCBA_TERMINATION_OFF    1
/* READ_FW_VERSION: which PIC answers with its I_AM_ALIVE message */
#define MCBA_FW_PIC             1
#define MCBA_PIC_USB            1
#define MCBA_PIC_CAN            2

/* TRANSMIT_MESSAGE_EV and RECEIVE_MESSAGE: the ECAN buffer layout. */
#define MCBA_CAN_EID            1       /* BE16: ID bits 15-0 (extended) */
#define MCBA_CAN_SID            3       /* BE16: SIDH:SIDL */
#define MCBA_CAN_DLC            5
#define MCBA_CAN_DATA           6       /* 8 bytes */
#define MCBA_CAN_TIMESTAMP      14      /* 4 bytes */
#define MCBA_CAN_CHECKSUM       18
/*
 * SIDH:SIDL: ID 10-0 in bits 15-5 (standard); extended: ID 28-18 there,
 * EXIDE bit 3, ID 17-16 in bits 1-0.
 */
#define MCBA_SID_EXIDE          0x0008
#define MCBA_DLC_MASK           0x0f
#define MCBA_DLC_RTR            0x40

/* I_AM_ALIVE_FROM_USB */
#define MCBA_KA_USB_TERMINATION 1
#define MCBA_KA_USB_VER_MAJOR   2
#define MCBA_KA_USB_VER_MINOR   3

/* I_AM_ALIVE_FROM_CAN */
#define MCBA_KA_CAN_TEC         1
#define MCBA_KA_CAN_REC         2
#define MCBA_KA_CAN_RX_OVFL     3
#define MCBA_KA_CAN_TX_BUS_OFF  4
#define MCBA_KA_CAN_BITRATE     5       /* BE16, kbit/s */
#define MCBA_KA_CAN_RX_LOST     7       /* LE16 */
#define MCBA_KA_CAN_STAT        9       /* the ECAN's COMSTAT */
#define MCBA_KA_CAN_VER_MAJOR   10
#define MCBA_KA_CAN_VER_MINOR   11

/* COMSTAT (PIC18 ECAN) */
#define MCBA_COMSTAT_EWARN      0x01
#define MCBA_COMSTAT_RXWARN     0x02
#define MCBA_COMSTAT_TXWARN     0x04
#define MCBA_COMSTAT_RXBP       0x08
#define MCBA_COMSTAT_TXBP       0x10
#define MCBA_COMSTAT_TXBO       0x20
#define MCBA_COMSTAT_RXBNOVFL   0x40

/* The firmware versions the model reports. */
#define MCBA_FW_USB_MAJOR       2
#define MCBA_FW_USB_MINOR       0
#define MCBA_FW_CAN_MAJOR       2
#define MCBA_FW_CAN_MINOR       0

/* Buffering in the model: frames waiting for the bus and for the host. */
#define MCBA_TX_DEPTH           16
#define MCBA_RX_DEPTH           64
/* The CAN PIC reports its status this often (virtual time). */
#define MCBA_KA_PERIOD_MS       1000

/*
 * Power-on bit rate (kbit/s); the node joins the bus on the first
 * CHANGE_BIT_RATE.
 */
#define MCBA_DEFAULT_KBPS       500

#endif
