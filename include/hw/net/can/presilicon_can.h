/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CAN bus as presilicon's CAN controllers see it: a layer over QEMU's
 * can-bus (net/can/can_core.c) that adds what that bus leaves out.
 *
 *   - Time: a frame occupies the bus for its bit length (stuff bits
 *     included, computed from the frame) at the sender's bitrate, in
 *     QEMU_CLOCK_VIRTUAL. Frames from several nodes queue for the bus in
 *     the order they were started (no ID arbitration).
 *   - Bit timing: a node receives and acknowledges only frames sent at
 *     its own bitrate (within 1%). A node at another bitrate on the same
 *     bus destroys the frame with error flags: nobody receives it, the
 *     sender's TEC grows by 8 and each mismatched receiver's REC by 1.
 *   - Acknowledgement: a frame that no node acknowledges is an ACK
 *     error for its sender (TEC + 8, but not past error-passive, ISO
 *     11898-1's exception for a passive transmitter).
 *   - Fault confinement: TEC/REC, error-active, error-warning (96),
 *     error-passive (128), bus-off (TEC > 255). A node retransmits a
 *     failed frame until it is acknowledged or the node goes bus-off.
 *   - Fault injection from QMP, as QOM properties of the device that
 *     holds the node (ps_can_node_add_properties()).
 *
 * Clients of the can-bus that are not PsCanNodes (can-host-socketcan, a
 * QEMU CAN model) receive every frame and count as acknowledging nodes at
 * any bitrate; frames they send arrive without bit timing.
 */
#ifndef HW_NET_CAN_PRESILICON_CAN_H
#define HW_NET_CAN_PRESILICON_CAN_H

#include "net/can_emu.h"
#include "qemu/timer.h"
#include "migration/vmstate.h"

/* The board's bus, /machine/canbus0; "canbus" link properties default to it. */
#define PS_CAN_BOARD_BUS "canbus0"

typedef enum PsCanMode {
    PS_CAN_MODE_OFF = 0,    /* init, configuration or sleep: off the bus */
    PS_CAN_MODE_NORMAL,     /* sends, receives, acknowledges */
    PS_CAN_MODE_LISTEN,     /* receives; never acknowledges nor sends */
    PS_CAN_MODE_LOOPBACK,   /* internal: its frames come back to itself only */
} PsCanMode;

typedef enum PsCanState {
    PS_CAN_STATE_ACTIVE = 0,
    PS_CAN_STATE_WARNING,   /* TEC or REC >= 96 */
    PS_CAN_STATE_PASSIVE,   /* TEC or REC >= 128 */
    PS_CAN_STATE_BUS_OFF,   /* TEC > 255 */
} PsCanState;

/* Why a node's errors changed, for the controller's error flags. */
typedef enum PsCanError {
    PS_CAN_ERR_NONE = 0,
    PS_CAN_ERR_ACK,         /* nobody acknowledged our frame */
    PS_CAN_ERR_BIT,         /* our frame was destroyed by error flags */
    PS_CAN_ERR_FORM,        /* a frame we could not decode (bit timing) */
    PS_CAN_ERR_INJECTED,    /* an error frame from QMP */
} PsCanError;

typedef struct PsCanNodeOps {
    /*
     * The controller can take one more received frame (NULL: always).
     * When not, the frame is lost to it though it still acknowledges it,
     * as a controller with a full FIFO does: the controller flags its
     * overrun here.
     */
    bool (*can_receive)(void *opaque);
    /* A frame arrived (or came back in loopback mode). */
    void (*receive)(void *opaque, const qemu_can_frame *frame);
    /* The frame of ps_can_node_transmit() was acknowledged and is done. */
    void (*tx_done)(void *opaque);
    /* TEC, REC or the state changed; err says why. */
    void (*error)(void *opaque, PsCanError err);
} PsCanNodeOps;

typedef struct PsCanNode {
    CanBusClientState client;
    const PsCanNodeOps *ops;
    void *opaque;
    QEMUTimer *tx_timer;
    QTAILQ_ENTRY(PsCanNode) next;

    /* Set by the controller. */
    uint32_t bitrate;               /* bit/s; 0 while the timing is unset */
    uint32_t mode;                  /* PsCanMode */

    /* Migrated (vmstate_ps_can_node). */
    bool tx_pending;
    qemu_can_frame tx_frame;
    int64_t tx_end;                 /* virtual ns: tx_frame off the bus */
    uint32_t tx_attempts;
    uint16_t tec;                   /* 0..256; 256 is bus-off */
    uint16_t rec;                   /* 0..255 */
    bool bus_off;
    uint64_t tx_frames, rx_frames, errors;
} PsCanNode;

extern const VMStateDescription vmstate_ps_can_node;
#define VMSTATE_PS_CAN_NODE(_f, _s) \
    VMSTATE_STRUCT(_f, _s, 1, vmstate_ps_can_node, PsCanNode)

/*
 * Attach node to bus (NULL: the node stays off any bus; frames in
 * loopback mode still work). name is for traces and errors.
 */
void ps_can_node_init(PsCanNode *node, CanBusState *bus, const char *name,
                      const PsCanNodeOps *ops, void *opaque, Error **errp);
void ps_can_node_cleanup(PsCanNode *node);

/* Controller reset: counters, bus-off and any frame in flight go. */
void ps_can_node_reset(PsCanNode *node);

/*
 * Start sending frame (data length from can_dlc, 0..8). Returns false,
 * with nothing started, while a frame is in flight, the node is off the
 * bus, listen-only or bus-off. tx_done() follows when it is acknowledged.
 */
bool ps_can_node_transmit(PsCanNode *node, const qemu_can_frame *frame);

/* Abort the frame in flight, if any (no tx_done()). */
void ps_can_node_abort(PsCanNode *node);

PsCanState ps_can_node_state(const PsCanNode *node);
const char *ps_can_state_name(PsCanState state);

/* Bits the frame occupies on the bus, stuff bits and interframe space in. */
unsigned ps_can_frame_bits(const qemu_can_frame *frame);

/* The bitrate from a time quantum count: clock_hz / (brp * bit_tq). */
uint32_t ps_can_bitrate(uint64_t clock_hz, uint32_t brp, uint32_t bit_tq);

/*
 * QOM properties on obj for the node, for QMP and the guest tests' host
 * checks: "can-state" (string), "can-tec", "can-rec", "can-bitrate",
 * "can-tx-frames", "can-rx-frames" (read-only); "can-inject" (write-only
 * string): "error" (an error frame: TEC + 8), "error-passive" (TEC 128),
 * "bus-off" (TEC 256), or a frame in cansend syntax ("123#DEADBEEF",
 * "1F334455#", "123#R") that the node receives as if from the bus.
 */
void ps_can_node_add_properties(Object *obj, PsCanNode *node);

/*
 * The board's bus, created on first use as /machine/canbus0; for the
 * "canbus" link properties' default when a model is realized without one.
 */
CanBusState *ps_can_board_bus(void);

#endif
