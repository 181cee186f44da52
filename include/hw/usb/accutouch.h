/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Elo Accutouch 2216 USB touchscreen controller (docs/devices/accutouch.md).
 */
#ifndef HW_USB_ACCUTOUCH_H
#define HW_USB_ACCUTOUCH_H

#include "hw/usb.h"
#include "qemu/timer.h"
#include "ui/input.h"
#include "qom/object.h"
#include "hw/usb/accutouch_regs.h"

#define TYPE_USB_ACCUTOUCH "accutouch"
OBJECT_DECLARE_SIMPLE_TYPE(AccutouchState, USB_ACCUTOUCH)

typedef struct AccutouchReport {
    uint8_t touch;
    uint16_t x, y;
} AccutouchReport;

struct AccutouchState {
    USBDevice parent_obj;

    USBEndpoint *intr;
    QemuInputHandlerState *input;
    QEMUTimer *idle_timer;

    /* The panel as the input layer left it at the last sync. */
    AccutouchReport pending;
    /* The last report sent on the interrupt endpoint (idle repeats it). */
    AccutouchReport last;
    /* Reports not yet fetched by the host, oldest at head. */
    AccutouchReport queue[ACCUTOUCH_QUEUE_LEN];
    uint32_t head;
    uint32_t count;
    /* SET_IDLE duration in 4 ms units (0: report on change only). */
    uint8_t idle;
    bool idle_pending;
};

#endif
