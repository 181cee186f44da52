/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small xHCI host driver for qtests of USB models on the board's xHCI
 * (docs/board.md, "USB devices"): reset and start the controller, find
 * the connected port, enable a slot, address the device, run control
 * transfers on endpoint 0 and transfers on its other endpoints, and read
 * the completion codes the controller reports. Everything lives in guest
 * RAM above the first 64 MiB; time does not advance unless a test steps it.
 */
#ifndef PRESILICON_XHCI_H
#define PRESILICON_XHCI_H

#include "libqtest.h"

/* The board's xHCI (docs/board.md). */
#define PS_XHCI_BASE    0x09040000ull
#define PS_XHCI_SPI     8

/* Completion codes (xHCI 1.2, 6.4.5). */
#define PS_XHCI_CC_SUCCESS      1
#define PS_XHCI_CC_BABBLE       3
#define PS_XHCI_CC_TRB_ERROR    5
#define PS_XHCI_CC_STALL        6
#define PS_XHCI_CC_SHORT_PACKET 13

/* The 8-byte SETUP packet's fields. */
#define PS_USB_DIR_IN   0x80

typedef struct PsXhci PsXhci;

/* Reset the controller, set up its rings and start it. */
PsXhci *ps_xhci_init(QTestState *qts);
void ps_xhci_free(PsXhci *x);
/* After a migration: go on driving the same controller in another QEMU. */
void ps_xhci_set_qts(PsXhci *x, QTestState *qts);

/* The first port with a device connected (1-based), or 0. */
int ps_xhci_connected_port(PsXhci *x);
/* PORTSC of a port (1-based). */
uint32_t ps_xhci_portsc(PsXhci *x, int port);

/*
 * Reset the port, enable a slot and address the device behind it with a
 * control endpoint of max_packet0 bytes; return the slot or fail.
 */
int ps_xhci_attach(PsXhci *x, int port, int max_packet0);

/*
 * A control transfer on endpoint 0: SETUP, an optional data stage of
 * wLength bytes in the direction of bmRequestType, STATUS. Returns the
 * completion code; *actual (when given) is the data moved.
 */
int ps_xhci_control(PsXhci *x, int slot, uint8_t bm_request_type,
                    uint8_t b_request, uint16_t w_value, uint16_t w_index,
                    uint16_t w_length, void *data, int *actual);

/*
 * Configure Endpoint for one interrupt IN endpoint (address 0x80 | ep)
 * of max_packet bytes; returns the command's completion code.
 */
int ps_xhci_configure_int_in(PsXhci *x, int slot, int ep, int max_packet);

/*
 * Configure Endpoint for a bulk IN (0x80 | ep_in) and a bulk OUT (ep_out)
 * endpoint of max_packet bytes; returns the command's completion code.
 */
int ps_xhci_configure_bulk(PsXhci *x, int slot, int ep_in, int ep_out,
                           int max_packet);

/*
 * Queue one Normal TRB with len bytes of data on OUT endpoint ep and ring
 * its doorbell; its completion: ps_xhci_xfer_done(x, slot, ep, ...).
 */
void ps_xhci_out_queue(PsXhci *x, int slot, int ep, const void *data,
                       int len);
/*
 * The completion of the oldest transfer queued on endpoint address
 * ep_addr (0x80 | n for IN, n for OUT) of a slot, as ps_xhci_in_done().
 */
bool ps_xhci_xfer_done(PsXhci *x, int slot, int ep_addr, int *cc,
                       void *data, int *actual);

/*
 * Queue one Normal TRB of len bytes on an IN endpoint and ring its
 * doorbell. Its Transfer Event arrives when the device answers (at once,
 * or later for an interrupt endpoint that NAKs): ps_xhci_in_done().
 */
void ps_xhci_in_queue(PsXhci *x, int slot, int ep, int len);
/*
 * The completion of the oldest queued IN transfer, if its Transfer Event
 * has arrived: true, with the completion code, the bytes copied into data
 * (at most the queued length) and their count. false: still pending.
 */
bool ps_xhci_in_done(PsXhci *x, int *cc, void *data, int *actual);

/* After a STALL or babble on a bulk endpoint: Reset Endpoint, skip the TD. */
void ps_xhci_recover(PsXhci *x, int slot, int ep_addr);

/* Raw access for hostile cases: a doorbell, and a TRB on an endpoint ring. */
void ps_xhci_doorbell(PsXhci *x, int slot, int target);
void ps_xhci_queue_raw(PsXhci *x, int slot, int dci, uint64_t param,
                       uint32_t status, uint32_t control);
/* The next event of any type (false when the ring is empty). */
bool ps_xhci_next_event(PsXhci *x, uint64_t *param, uint32_t *status,
                        uint32_t *control);

/* Interrupter 0's IMAN.IP (the line follows it while IMAN.IE is set). */
bool ps_xhci_irq_pending(PsXhci *x);

#endif
