/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Microchip (SMSC) LAN9303 three-port switch: the registers the Linux 6.12
 * lan9303 DSA driver (drivers/net/dsa/lan9303-core.c, lan9303_i2c.c) and
 * its tagger (net/dsa/tag_lan9303.c) use, as the datasheet lays them out.
 *
 * Two register spaces:
 * - System CSRs, 32 bits each, addressed over I2C by their DWORD index
 *   (byte offset / 4); the REG32 offsets below are those indices.
 * - Switch fabric CSRs, reached indirectly through SWITCH_CSR_CMD/DATA by
 *   a 16-bit register number (LAN9303_SF_*); per-port MAC registers are
 *   at LAN9303_SF_PORT(port) + offset.
 */
#ifndef HW_NET_LAN9303_REGS_H
#define HW_NET_LAN9303_REGS_H

#include "hw/registerfields.h"

/* System CSRs (DWORD index). */
REG32(ID_REV, 0x14)
#define LAN9303_ID_REV_VALUE        0x93030001
REG32(IRQ_CFG, 0x15)
    FIELD(IRQ_CFG, IRQ_TYPE, 0, 1)
    FIELD(IRQ_CFG, IRQ_POL, 4, 1)
    FIELD(IRQ_CFG, IRQ_EN, 8, 1)
    FIELD(IRQ_CFG, IRQ_INT, 12, 1)
#define LAN9303_IRQ_CFG_RW          0xff000111
REG32(INT_STS, 0x16)
    FIELD(INT_STS, PHY_INT1, 26, 1)
    FIELD(INT_STS, PHY_INT2, 27, 1)
    FIELD(INT_STS, SW_INT, 31, 1)
REG32(INT_EN, 0x17)
REG32(BYTE_TEST, 0x19)
#define LAN9303_BYTE_TEST_VALUE     0x87654321
REG32(HW_CFG, 0x1d)
    FIELD(HW_CFG, AMDIX_EN_PORT1, 25, 1)
    FIELD(HW_CFG, AMDIX_EN_PORT2, 26, 1)
    FIELD(HW_CFG, READY, 27, 1)
REG32(GPT_CFG, 0x23)
REG32(GPT_CNT, 0x24)
REG32(FREE_RUN, 0x27)
REG32(PMI_DATA, 0x29)
REG32(PMI_ACCESS, 0x2a)
    FIELD(PMI_ACCESS, BUSY, 0, 1)
    FIELD(PMI_ACCESS, WRITE, 1, 1)
    FIELD(PMI_ACCESS, REG, 6, 5)
    FIELD(PMI_ACCESS, PHY, 11, 5)
REG32(MANUAL_FC_1, 0x68)
REG32(MANUAL_FC_2, 0x69)
REG32(MANUAL_FC_0, 0x6a)
REG32(SWITCH_CSR_DATA, 0x6b)
REG32(SWITCH_CSR_CMD, 0x6c)
    FIELD(SWITCH_CSR_CMD, ADDR, 0, 16)
    FIELD(SWITCH_CSR_CMD, BE, 16, 4)
    FIELD(SWITCH_CSR_CMD, AUTO_DEC, 28, 1)
    FIELD(SWITCH_CSR_CMD, AUTO_INC, 29, 1)
    FIELD(SWITCH_CSR_CMD, READ, 30, 1)
    FIELD(SWITCH_CSR_CMD, BUSY, 31, 1)
REG32(E2P_CMD, 0x6d)
REG32(E2P_DATA, 0x6e)
REG32(LED_CFG, 0x6f)
/* The virtual PHY of port 0 (the xMII port): MII registers 0-6. */
REG32(VPHY_BASIC_CTRL, 0x70)
REG32(VPHY_AN_EXP, 0x76)
REG32(VPHY_SPECIAL_CTRL, 0x77)
    FIELD(VPHY_SPECIAL_CTRL, TURBO, 10, 1)
REG32(GPIO_CFG, 0x78)
REG32(GPIO_DATA_DIR, 0x79)
REG32(GPIO_INT_STS_EN, 0x7a)
REG32(SWITCH_MAC_ADDRH, 0x7c)
REG32(SWITCH_MAC_ADDRL, 0x7d)
REG32(RESET_CTL, 0x7e)
    FIELD(RESET_CTL, DIGITAL_RST, 0, 1)
    FIELD(RESET_CTL, PHY1_RST, 1, 1)
    FIELD(RESET_CTL, PHY2_RST, 2, 1)
    FIELD(RESET_CTL, VPHY_RST, 3, 1)
/* 0x80-0xb7: direct write windows onto some switch CSRs (not modelled). */
#define LAN9303_SYS_DIRECT_FIRST    0x80
#define LAN9303_SYS_DIRECT_LAST     0xb7
#define LAN9303_SYS_REGS            0x100

/* Switch fabric CSRs (16-bit register numbers). */
#define LAN9303_SF_SW_DEV_ID        0x0000
#define LAN9303_SW_DEV_ID_VALUE     0x00030407
#define LAN9303_SF_SW_RESET         0x0001
#define LAN9303_SF_SW_IMR           0x0004
#define LAN9303_SF_SW_IPR           0x0005

/* Per-port MAC registers: LAN9303_SF_PORT(p) + LAN9303_MAC_*. */
#define LAN9303_SF_PORT(p)          (0x400 * ((p) + 1))
#define LAN9303_MAC_VER_ID          0x00
#define LAN9303_MAC_VER_ID_VALUE    0x00000583
#define LAN9303_MAC_RX_CFG          0x01
#define   LAN9303_MAC_RX_CFG_RX_EN          (1u << 0)
#define   LAN9303_MAC_RX_CFG_REJECT_TYPES   (1u << 1)
#define   LAN9303_MAC_RX_CFG_JUMBO_2K       (1u << 3)
#define   LAN9303_MAC_RX_CFG_RX_OWN_TX      (1u << 5)
#define   LAN9303_MAC_RX_CFG_RESET          0x00000003
#define LAN9303_MAC_RX_FIRST_CNT    0x10    /* RX counters 0x10-0x23 */
#define LAN9303_MAC_RX_UNDSZE_CNT   0x10
#define LAN9303_MAC_RX_64_CNT       0x11
#define LAN9303_MAC_RX_127_CNT      0x12
#define LAN9303_MAC_RX_255_CNT      0x13
#define LAN9303_MAC_RX_511_CNT      0x14
#define LAN9303_MAC_RX_1023_CNT     0x15
#define LAN9303_MAC_RX_MAX_CNT      0x16
#define LAN9303_MAC_RX_OVRSZE_CNT   0x17
#define LAN9303_MAC_RX_PKTOK_CNT    0x18
#define LAN9303_MAC_RX_CRCERR_CNT   0x19
#define LAN9303_MAC_RX_MULCST_CNT   0x1a
#define LAN9303_MAC_RX_BRDCST_CNT   0x1b
#define LAN9303_MAC_RX_PAUSE_CNT    0x1c
#define LAN9303_MAC_RX_FRAG_CNT     0x1d
#define LAN9303_MAC_RX_JABB_CNT     0x1e
#define LAN9303_MAC_RX_ALIGN_CNT    0x1f
#define LAN9303_MAC_RX_PKTLEN_CNT   0x20
#define LAN9303_MAC_RX_GOODPKTLEN_CNT 0x21
#define LAN9303_MAC_RX_SYMBL_CNT    0x22
#define LAN9303_MAC_RX_CTLFRM_CNT   0x23
#define LAN9303_MAC_RX_LAST_CNT     0x23
#define LAN9303_MAC_TX_CFG          0x40
#define   LAN9303_MAC_TX_CFG_TX_EN          (1u << 0)
#define   LAN9303_MAC_TX_CFG_TX_PAD_EN      (1u << 1)
#define   LAN9303_MAC_TX_CFG_RESET          0x00000057
#define LAN9303_MAC_TX_FC_SETTINGS  0x41
#define LAN9303_MAC_TX_FIRST_CNT    0x51    /* TX counters 0x51-0x63 */
#define LAN9303_MAC_TX_DEFER_CNT    0x51
#define LAN9303_MAC_TX_PAUSE_CNT    0x52
#define LAN9303_MAC_TX_PKTOK_CNT    0x53
#define LAN9303_MAC_TX_64_CNT       0x54
#define LAN9303_MAC_TX_127_CNT      0x55
#define LAN9303_MAC_TX_255_CNT      0x56
#define LAN9303_MAC_TX_511_CNT      0x57
#define LAN9303_MAC_TX_1023_CNT     0x58
#define LAN9303_MAC_TX_MAX_CNT      0x59
#define LAN9303_MAC_TX_UNDSZE_CNT   0x5a
#define LAN9303_MAC_TX_PKTLEN_CNT   0x5c
#define LAN9303_MAC_TX_BRDCST_CNT   0x5d
#define LAN9303_MAC_TX_MULCST_CNT   0x5e
#define LAN9303_MAC_TX_LATECOL_CNT  0x5f
#define LAN9303_MAC_TX_EXCOL_CNT    0x60
#define LAN9303_MAC_TX_SNGLECOL_CNT 0x61
#define LAN9303_MAC_TX_MULTICOL_CNT 0x62
#define LAN9303_MAC_TX_TOTALCOL_CNT 0x63
#define LAN9303_MAC_TX_LAST_CNT     0x63
#define LAN9303_MAC_IMR             0x80
#define LAN9303_MAC_IPR             0x81
/* Counters of one port, by (offset - RX_FIRST); TX ones after the RX. */
#define LAN9303_MAC_COUNTERS        0x54

/* Switch engine. */
#define LAN9303_ALR_ENTRIES         512     /* table size */
#define LAN9303_SF_SWE_ALR_CMD      0x1800
#define   LAN9303_ALR_CMD_GET_NEXT          (1u << 0)
#define   LAN9303_ALR_CMD_GET_FIRST         (1u << 1)
#define   LAN9303_ALR_CMD_MAKE_ENTRY        (1u << 2)
#define LAN9303_SF_SWE_ALR_WR_DAT_0 0x1801
#define LAN9303_SF_SWE_ALR_WR_DAT_1 0x1802
#define LAN9303_SF_SWE_ALR_RD_DAT_0 0x1805
#define LAN9303_SF_SWE_ALR_RD_DAT_1 0x1806
/* ALR data word 1 (write and read). */
#define   LAN9303_ALR_DAT1_MAC_HI           0x0000ffffu
#define   LAN9303_ALR_DAT1_PORT_SHIFT       16
#define   LAN9303_ALR_DAT1_PORT             (7u << 16)
#define   LAN9303_ALR_DAT1_PRIO             (7u << 19)
#define   LAN9303_ALR_DAT1_PRIO_EN          (1u << 22)
#define   LAN9303_ALR_DAT1_FILTER           (1u << 23)
#define   LAN9303_ALR_DAT1_STATIC           (1u << 24)
#define   LAN9303_ALR_DAT1_AGE_OVERRIDE     (1u << 25)  /* write */
#define   LAN9303_ALR_DAT1_END_OF_TABLE     (1u << 25)  /* read */
#define   LAN9303_ALR_DAT1_VALID            (1u << 26)
#define   LAN9303_ALR_PORT_RESERVED         3
#define LAN9303_SF_SWE_ALR_CMD_STS  0x1808
#define   LAN9303_ALR_STS_MAKE_PEND         (1u << 0)
#define   LAN9303_ALR_STS_INIT_DONE         (1u << 1)
#define LAN9303_SF_SWE_ALR_CFG      0x1809
#define LAN9303_SF_SWE_VLAN_CMD     0x180b
#define LAN9303_SF_SWE_VLAN_WR_DATA 0x180c
#define LAN9303_SF_SWE_VLAN_RD_DATA 0x180e
#define LAN9303_SF_SWE_VLAN_CMD_STS 0x1810
#define LAN9303_SF_SWE_GLB_INGRESS_CFG 0x1840
#define   LAN9303_GLB_INGRESS_VLAN_EN       (1u << 0)
#define   LAN9303_GLB_INGRESS_DROP_UNKNOWN  (1u << 3)
#define   LAN9303_GLB_INGRESS_FILTER_MCAST  (1u << 4)
#define   LAN9303_GLB_INGRESS_IGMP_TRAP     (1u << 7)
#define   LAN9303_GLB_INGRESS_IGMP_PORTS_SHIFT 10   /* a port mask */
#define LAN9303_SF_SWE_PORT_INGRESS_CFG 0x1841
#define LAN9303_SF_SWE_ADMT_ONLY_VLAN 0x1842
#define LAN9303_SF_SWE_PORT_STATE   0x1843  /* two bits per port */
#define   LAN9303_PORT_STATE_FORWARDING     0
#define   LAN9303_PORT_STATE_LISTENING      1   /* Linux: blocking */
#define   LAN9303_PORT_STATE_LEARNING       2
#define   LAN9303_PORT_STATE_DISABLED       3
#define LAN9303_SF_SWE_PRI_TO_QUE   0x1845
#define LAN9303_SF_SWE_PORT_MIRROR  0x1846
#define   LAN9303_MIRROR_TX_EN              (1u << 0)
#define   LAN9303_MIRROR_RX_EN              (1u << 1)
#define   LAN9303_MIRROR_MIRRORED_SHIFT     2   /* port mask, bits 4:2 */
#define   LAN9303_MIRROR_SNIFFER_SHIFT      5   /* port mask, bits 7:5 */
#define   LAN9303_MIRROR_RX_FILTERED        (1u << 8)
#define LAN9303_SF_SWE_INGRESS_PORT_TYPE 0x1847 /* two bits per port */
#define   LAN9303_INGRESS_TYPE_SPECIAL_TAG  3
#define LAN9303_SF_SWE_BCST_THROT   0x1848
#define LAN9303_SF_SWE_ADMT_N_MEMBER 0x1849
#define LAN9303_SF_SWE_FILTERED_CNT(p) (0x1850 + (p))
#define LAN9303_SF_SWE_LRN_DISCRD_CNT(p) (0x1858 + (p))
#define LAN9303_SF_SWE_IMR          0x1880
#define LAN9303_SF_SWE_IPR          0x1881

/* Buffer manager. */
#define LAN9303_SF_BM_CFG           0x1c00
#define LAN9303_SF_BM_DROP_LVL      0x1c01
#define LAN9303_SF_BM_FC_PAUSE_LVL  0x1c02
#define LAN9303_SF_BM_FC_RESUME_LVL 0x1c03
#define LAN9303_SF_BM_BCST_LVL      0x1c04
#define LAN9303_SF_BM_DRP_CNT_SRC(p) (0x1c05 + (p))
#define LAN9303_SF_BM_RST_STS       0x1c08
#define LAN9303_SF_BM_EGRSS_PORT_TYPE 0x1c0c    /* eight bits per port */
#define   LAN9303_EGRESS_TYPE_MASK          3
#define   LAN9303_EGRESS_TYPE_DUMB          0
#define   LAN9303_EGRESS_TYPE_CPU           3
#define LAN9303_SF_BM_IMR           0x1c20
#define LAN9303_SF_BM_IPR           0x1c21

/*
 * The special VLAN tag of a port in special-tag mode (ingress type 3,
 * egress type CPU): TPID 0x8100, and in the VID
 */
#define LAN9303_TAG_PORT_MASK       0x3     /* destination / source port */
#define LAN9303_TAG_BROADCAST       0x3     /* to ports 1 and 2 */
#define LAN9303_TAG_TX_USE_ALR      (1u << 3)
#define LAN9303_TAG_TX_STP_OVERRIDE (1u << 4)
#define LAN9303_TAG_RX_IGMP         (1u << 3)
#define LAN9303_TAG_RX_STP          (1u << 4)   /* trapped: not forwarded */
#define LAN9303_TAG_RX_STATIC       (1u << 5)

/* PHY registers beyond the MII basic set (the internal PHYs, LAN911x). */
#define LAN9303_PHY_MODE_CTRL_STS   17
#define   LAN9303_PHY_ENERGYON              (1u << 1)
#define LAN9303_PHY_SPECIAL_MODES   18
#define LAN9303_PHY_SPECIAL_CTRL_IND 27
#define LAN9303_PHY_INT_SRC         29
#define   LAN9303_PHY_INT_LINK_DOWN         (1u << 4)
#define   LAN9303_PHY_INT_AN_COMPLETE       (1u << 6)
#define   LAN9303_PHY_INT_ENERGYON          (1u << 7)
#define LAN9303_PHY_INT_MASK        30
#define LAN9303_PHY_SPECIAL_CTRL_STS 31
#define   LAN9303_PHY_AUTODONE              (1u << 12)
#define   LAN9303_PHY_SPEED_100FD           (6u << 2)
#define LAN9303_PHY_ID1             0x0007
#define LAN9303_PHY_ID2             0xc0d1

#endif
