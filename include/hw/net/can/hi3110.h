/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Holt HI-3110 SPI CAN controller (holt,hi3110).
 */
#ifndef HW_NET_CAN_HI3110_H
#define HW_NET_CAN_HI3110_H

#include "hw/ssi/ssi.h"
#include "hw/net/can/hi3110_regs.h"
#include "hw/net/can/presilicon_can.h"
#include "qom/object.h"

#define TYPE_HI3110 "hi3110"
OBJECT_DECLARE_SIMPLE_TYPE(Hi3110State, HI3110)

/* The interrupt output (active high, level): a GPIO line of the SoC. */
#define HI3110_IRQ_OUT "irq"

/* The oscillator the board gives it; the CAN clock is half of it. */
#define HI3110_DEFAULT_CLOCK_HZ 32000000
#define HI3110_MAX_CLOCK_HZ     40000000

struct Hi3110State {
    SSIPeripheral parent_obj;

    qemu_irq irq;
    PsCanNode node;
    CanBusState *canbus;

    uint8_t ctrl0, ctrl1, btr0, btr1, inte, intf, err;
    /* The FIFOs, as the SPI commands move messages in and out. */
    uint8_t rx[HI3110_FIFO_DEPTH][HI3110_RX_LEN];
    uint8_t rx_head, rx_count;
    uint8_t tx[HI3110_FIFO_DEPTH][HI3110_TX_EXT_LEN];
    uint8_t tx_len[HI3110_FIFO_DEPTH];
    uint8_t tx_head, tx_count;
    bool tx_busy;                   /* tx[tx_head] is on the bus */
    uint32_t rx_overruns;

    /* The SPI transfer in progress. */
    uint8_t cmd;
    uint8_t pos;                    /* bytes after the command byte */
    bool cmd_done;
    uint8_t buf[HI3110_TX_EXT_LEN];

    /* Properties. */
    uint32_t clock_hz;
    uint32_t max_hz;
};

#endif
