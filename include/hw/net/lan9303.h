/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Microchip (SMSC) LAN9303 three-port 10/100 Ethernet switch, managed
 * over I2C (smsc,lan9303-i2c).
 */
#ifndef HW_NET_LAN9303_H
#define HW_NET_LAN9303_H

#include "hw/i2c/i2c.h"
#include "net/net.h"
#include "qom/object.h"
#include "hw/net/lan9303_regs.h"

#define TYPE_LAN9303 "lan9303"
OBJECT_DECLARE_SIMPLE_TYPE(Lan9303State, LAN9303)

#define LAN9303_PORTS           3
#define LAN9303_DEFAULT_ADDR    0x0a
/* Dynamic ALR entries age out after this long unheard (datasheet: 300 s). */
#define LAN9303_ALR_AGE_NS      (300 * NANOSECONDS_PER_SECOND)
/*
 * Each port sends at 100 Mbit/s in virtual time; what waits for the wire
 * beyond this many bytes is dropped, as the buffer manager drops when its
 * memory is full. A loop between two ports (a broadcast storm) dies out.
 */
#define LAN9303_EGRESS_BACKLOG  16384
#define LAN9303_NS_PER_BYTE     80      /* 100 Mbit/s */
/* The interrupt output (IRQ pin), level, polarity from IRQ_CFG. */
#define LAN9303_IRQ_OUT         "irq"

typedef struct Lan9303State Lan9303State;

/* One internal PHY (ports 1 and 2) or the virtual PHY (port 0). */
typedef struct Lan9303Phy {
    uint16_t bmcr;
    uint16_t anar;
    uint16_t int_src;
    uint16_t int_mask;
    uint16_t mode_ctrl;
    uint16_t special_ctrl;  /* the virtual PHY's special control */
    bool link_latched_down; /* BMSR's link bit is latched low until read */
    bool link_up;           /* as last seen: a change raises interrupts */
} Lan9303Phy;

typedef struct Lan9303Port {
    Lan9303State *s;
    int index;
    NICState *nic;
    NICConf conf;
    uint32_t rx_cfg;
    uint32_t tx_cfg;
    uint32_t tx_fc;
    uint32_t imr;
    uint32_t cnt[LAN9303_MAC_COUNTERS];
    uint32_t filtered;      /* SWE_FILTERED_CNT */
    uint32_t learn_discard; /* SWE_LRN_DISCRD_CNT */
    uint32_t bm_drop;       /* BM_DRP_CNT_SRC */
    int64_t tx_busy_until;  /* virtual ns the wire is busy until */
    Lan9303Phy phy;
} Lan9303Port;

typedef struct Lan9303AlrEntry {
    uint8_t mac[6];
    uint32_t dat1;          /* WR_DAT_1 layout: VALID, STATIC, ports... */
    int64_t seen_ns;        /* last learned (dynamic entries) */
} Lan9303AlrEntry;

struct Lan9303State {
    I2CSlave parent_obj;

    qemu_irq irq;
    Lan9303Port port[LAN9303_PORTS];

    /* System CSRs. */
    uint32_t irq_cfg;
    uint32_t int_sts;       /* SW_INT; the PHY bits are derived */
    uint32_t int_en;
    uint32_t gpt_cfg;
    uint32_t pmi_data;
    uint32_t pmi_access;
    uint32_t manual_fc[LAN9303_PORTS];
    uint32_t csr_data;
    uint32_t csr_cmd;
    uint32_t led_cfg;
    uint32_t gpio[3];
    uint32_t mac_addrh, mac_addrl;

    /* Switch fabric CSRs. */
    uint32_t sw_imr;
    uint32_t alr_cmd;
    uint32_t alr_wr[2];
    uint32_t alr_rd[2];
    int32_t alr_next;       /* GET_NEXT continues from here */
    uint32_t alr_cfg;
    uint32_t glb_ingress;
    uint32_t port_ingress;
    uint32_t admt_only_vlan;
    uint32_t port_state;
    uint32_t pri_to_que;
    uint32_t mirror;
    uint32_t ingress_type;
    uint32_t bcst_throt;
    uint32_t admt_n_member;
    uint32_t swe_imr;
    uint32_t bm_cfg;
    uint32_t bm_lvl[4];
    uint32_t egress_type;
    uint32_t bm_imr;
    Lan9303AlrEntry alr[LAN9303_ALR_ENTRIES];

    /* The I2C transfer in progress. */
    uint8_t i2c_reg;        /* DWORD index */
    uint8_t i2c_pos;        /* byte within the DWORD */
    bool i2c_have_reg;      /* the first byte of a write came */
    bool i2c_reading;
    uint32_t i2c_shift;

    /* Properties. */
    DeviceState *conduit;   /* the CPU port's MAC, for the device tree */
    bool phy_addr_sel;      /* PHYs at 1-2-3 instead of 0-1-2 */
};

/*
 * Cable a port straight to a NIC of the same machine (the board's conduit
 * MAC on port 0), before realize: no netdev or hub between them.
 */
bool lan9303_connect_port(Lan9303State *s, int port, NetClientState *nic,
                          Error **errp);

#endif
