/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cascoda CA8210 IEEE 802.15.4 radio: its SPI protocol, as the Linux 6.12
 * ca8210 driver (drivers/net/ieee802154/ca8210.c) speaks it. The chip has
 * no registers the host addresses: the host sends MAC SAP requests and
 * reads confirms and indications, each message a command ID, a length
 * and that many parameter bytes.
 */
#ifndef HW_NET_CA8210_REGS_H
#define HW_NET_CA8210_REGS_H

/* The driver clocks every transfer at sizeof(struct mac_message). */
#define CA8210_XFER_LEN         150
#define CA8210_MAX_PARAMS       (CA8210_XFER_LEN - 2)
/* MAX_DATA_SIZE: the longest MSDU the driver puts in a request. */
#define CA8210_MAX_MSDU         114

/* Bytes on the wire outside a message. */
#define CA8210_SPI_IDLE         0xff
#define CA8210_SPI_NACK         0xf0    /* busy: the host sends it again */

/* Command ID bits. */
#define CA8210_SPI_S2M          0x20    /* chip to host */
#define CA8210_SPI_SYN          0x40    /* synchronous: a confirm follows */

/* Requests, host to chip (with SPI_SYN where the driver sets it). */
#define CA8210_MCPS_DATA_REQ            0x00
#define CA8210_MLME_ASSOCIATE_REQ       0x02
#define CA8210_MLME_ASSOCIATE_RSP       0x03
#define CA8210_MLME_DISASSOCIATE_REQ    0x04
#define CA8210_MLME_GET_REQ             0x45
#define CA8210_MLME_ORPHAN_RSP          0x06
#define CA8210_MLME_RESET_REQ           0x47
#define CA8210_MLME_RX_ENABLE_REQ       0x48
#define CA8210_MLME_SCAN_REQ            0x09
#define CA8210_MLME_SET_REQ             0x4a
#define CA8210_MLME_START_REQ           0x4b
#define CA8210_MLME_POLL_REQ            0x4d
#define CA8210_HWME_SET_REQ             0x4e
#define CA8210_HWME_GET_REQ             0x4f
#define CA8210_HWME_HAES_REQ            0x50
#define CA8210_TDME_SETSFR_REQ          0x51
#define CA8210_TDME_GETSFR_REQ          0x52
#define CA8210_TDME_TESTMODE_REQ        0x53
#define CA8210_TDME_SET_REQ             0x54
#define CA8210_TDME_TXPKT_REQ           0x55
#define CA8210_TDME_LOTLK_REQ           0x56

/* Confirms and indications, chip to host. */
#define CA8210_MCPS_DATA_IND            0x20
#define CA8210_MCPS_DATA_CNF            0x21
#define CA8210_MLME_GET_CNF             0x68
#define CA8210_MLME_RESET_CNF           0x6a
#define CA8210_MLME_SET_CNF             0x6e
#define CA8210_MLME_START_CNF           0x6f
#define CA8210_HWME_SET_CNF             0x72
#define CA8210_HWME_GET_CNF             0x73
#define CA8210_HWME_WAKEUP_IND          0x35
#define CA8210_TDME_SETSFR_CNF          0x77
#define CA8210_TDME_GETSFR_CNF          0x78
#define CA8210_TDME_ERROR_IND           0x3e

/* HWME-WAKEUP.indication's WakeUpCondition. */
#define CA8210_WAKEUP_POWERUP           0x00

/* TDME-ERROR.indication's ErrorCode: a message the chip cannot parse. */
#define CA8210_TDME_ERR_SPI_INVALID     0x20

/* MAC status codes (IEEE 802.15.4-2006 table 78, Linux's ieee802154.h). */
#define CA8210_SUCCESS                  0x00
#define CA8210_FRAME_TOO_LONG           0xe5
#define CA8210_INVALID_PARAMETER        0xe8
#define CA8210_NO_ACK                   0xe9
#define CA8210_NO_SHORT_ADDRESS         0xec
#define CA8210_TRANSACTION_OVERFLOW     0xf1
#define CA8210_UNAVAILABLE_KEY          0xf3
#define CA8210_UNSUPPORTED_ATTRIBUTE    0xf4
#define CA8210_INVALID_ADDRESS          0xf5
#define CA8210_INVALID_INDEX            0xf9
#define CA8210_READ_ONLY                0xfb

/* HWME and TDME status codes (Cascoda API). */
#define CA8210_HWME_SUCCESS             0x00
#define CA8210_HWME_UNKNOWN             0x01
#define CA8210_HWME_INVALID             0x02
#define CA8210_HWME_NO_ACCESS           0x03
#define CA8210_TDME_SUCCESS             0x00
#define CA8210_TDME_INVALID             0x02

/* PHY and MAC PIB attributes (802.15.4-2006 tables 23 and 86). */
#define CA8210_PHY_CURRENT_CHANNEL      0x00
#define CA8210_PHY_CHANNELS_SUPPORTED   0x01
#define CA8210_PHY_TRANSMIT_POWER       0x02
#define CA8210_PHY_CCA_MODE             0x03
#define CA8210_PHY_CURRENT_PAGE         0x04
#define CA8210_MAC_ACK_WAIT_DURATION    0x40
#define CA8210_MAC_ASSOCIATION_PERMIT   0x41
#define CA8210_MAC_AUTO_REQUEST         0x42
#define CA8210_MAC_BATT_LIFE_EXT        0x43
#define CA8210_MAC_BATT_LIFE_EXT_PERIODS 0x44
#define CA8210_MAC_BEACON_PAYLOAD       0x45
#define CA8210_MAC_BEACON_PAYLOAD_LENGTH 0x46
#define CA8210_MAC_BEACON_ORDER         0x47
#define CA8210_MAC_BSN                  0x49
#define CA8210_MAC_COORD_EXTENDED_ADDRESS 0x4a
#define CA8210_MAC_COORD_SHORT_ADDRESS  0x4b
#define CA8210_MAC_DSN                  0x4c
#define CA8210_MAC_GTS_PERMIT           0x4d
#define CA8210_MAC_MAX_CSMA_BACKOFFS    0x4e
#define CA8210_MAC_MIN_BE               0x4f
#define CA8210_MAC_PAN_ID               0x50
#define CA8210_MAC_PROMISCUOUS_MODE     0x51
#define CA8210_MAC_RX_ON_WHEN_IDLE      0x52
#define CA8210_MAC_SHORT_ADDRESS        0x53
#define CA8210_MAC_SUPERFRAME_ORDER     0x54
#define CA8210_MAC_TRANSACTION_PERSISTENCE_TIME 0x55
#define CA8210_MAC_ASSOCIATED_PAN_COORD 0x56
#define CA8210_MAC_MAX_BE               0x57
#define CA8210_MAC_MAX_FRAME_TOTAL_WAIT_TIME 0x58
#define CA8210_MAC_MAX_FRAME_RETRIES    0x59
#define CA8210_MAC_RESPONSE_WAIT_TIME   0x5a
#define CA8210_MAC_TIMESTAMP_SUPPORTED  0x5c
#define CA8210_MAC_SECURITY_ENABLED     0x5d
/* Non-standard: the extended address (EUI-64) the MAC uses. */
#define CA8210_NS_IEEE_ADDRESS          0xff

/* HWME attributes (Cascoda API). */
#define CA8210_HWME_EDTHRESHOLD         0x04
#define CA8210_HWME_CSTHRESHOLD         0x05
#define CA8210_HWME_EDVALUE             0x06
#define CA8210_HWME_RANDOMNUM           0x0c
#define CA8210_HWME_SYSCLKOUT           0x0f
#define CA8210_HWME_LQIMODE             0x10
#define CA8210_HWME_LQILIMIT            0x11

/* Addressing modes. */
#define CA8210_ADDR_NONE                0
#define CA8210_ADDR_SHORT               2
#define CA8210_ADDR_EXT                 3

/* MCPS-DATA.request TxOptions. */
#define CA8210_TXOPT_ACK                0x01
#define CA8210_TXOPT_GTS                0x02
#define CA8210_TXOPT_INDIRECT           0x04

/*
 * MCPS-DATA.request parameters: SrcAddrMode, Dst (mode, PAN ID, 8-byte
 * address), MsduLength, MsduHandle, TxOptions, then the MSDU and the
 * security spec (SecurityLevel alone when it is 0).
 */
#define CA8210_DATA_REQ_MSDU            15
/*
 * MCPS-DATA.indication parameters as ca8210_skb_rx() reads them: Src and
 * Dst (11 bytes each), MsduLength, MpduLinkQuality, DSN, a 4-byte
 * timestamp, the MSDU, then SecurityLevel.
 */
#define CA8210_IND_SRC                  0
#define CA8210_IND_DST                  11
#define CA8210_IND_MSDU_LEN             22
#define CA8210_IND_LQI                  23
#define CA8210_IND_DSN                  24
#define CA8210_IND_TIMESTAMP            25
#define CA8210_IND_MSDU                 29

/* 802.15.4 frame control. */
#define CA8210_FC_TYPE_MASK             0x0007
#define CA8210_FC_TYPE_BEACON           0
#define CA8210_FC_TYPE_DATA             1
#define CA8210_FC_TYPE_ACK              2
#define CA8210_FC_TYPE_CMD              3
#define CA8210_FC_SECURITY              0x0008
#define CA8210_FC_PENDING               0x0010
#define CA8210_FC_ACK_REQ               0x0020
#define CA8210_FC_PANID_COMP            0x0040
#define CA8210_FC_DST_SHIFT             10
#define CA8210_FC_VERSION_SHIFT         12
#define CA8210_FC_SRC_SHIFT             14

#endif
