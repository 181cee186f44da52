/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Elo Accutouch 2216 USB touchscreen controller: what a host sees of it
 * (IDs, descriptors, the input report), shared by the model and its qtest.
 *
 * The 2216 is a USB HID device whose report describes a pointer with one
 * button (the touch) and absolute X and Y; Linux's hid-accutouch binds to
 * 04e7:0050 only to map that button to BTN_TOUCH instead of BTN_LEFT
 * (drivers/hid/hid-accutouch.c). See docs/devices/accutouch.md for what
 * the descriptors are built from.
 */
#ifndef HW_USB_ACCUTOUCH_REGS_H
#define HW_USB_ACCUTOUCH_REGS_H

/* USB_VENDOR_ID_ELO, USB_DEVICE_ID_ELO_ACCUTOUCH_2216 (hid-ids.h). */
#define ACCUTOUCH_VENDOR_ID     0x04e7
#define ACCUTOUCH_PRODUCT_ID    0x0050
#define ACCUTOUCH_BCD_DEVICE    0x0100

/* One configuration, one HID interface, one interrupt IN endpoint. */
#define ACCUTOUCH_CONFIG_VALUE  1
#define ACCUTOUCH_INTERFACE     0
#define ACCUTOUCH_EP_IN         1       /* bEndpointAddress 0x81 */
#define ACCUTOUCH_EP_MAX_PACKET 8
#define ACCUTOUCH_EP_INTERVAL   2       /* ms (full speed) */
#define ACCUTOUCH_EP0_MAX_PACKET 8

/* The panel's coordinate range: 12 bits (docs/devices/accutouch.md). */
#define ACCUTOUCH_LOGICAL_MAX   4095

/*
 * The input report (no report ID): byte 0 bit 0 the touch (Button 1),
 * bits 1-7 padding; then X and Y, 16 bits each, little endian.
 */
#define ACCUTOUCH_REPORT_LEN    5
#define ACCUTOUCH_REPORT_TOUCH  0x01
#define ACCUTOUCH_REPORT_X      1
#define ACCUTOUCH_REPORT_Y      3

/* HID class descriptor types (HID 1.11, 7.1) and report types (7.2.1). */
#define ACCUTOUCH_DT_HID        0x21
#define ACCUTOUCH_DT_REPORT     0x22
#define ACCUTOUCH_REPORT_TYPE_INPUT   1
#define ACCUTOUCH_REPORT_TYPE_OUTPUT  2
#define ACCUTOUCH_REPORT_TYPE_FEATURE 3

/* Reports queued between two IN transfers before touches coalesce. */
#define ACCUTOUCH_QUEUE_LEN     16

/* The report descriptor's length, for the HID descriptor and the qtest. */
#define ACCUTOUCH_REPORT_DESC_LEN 51

/* A QEMU absolute pointer value (0..0x7fff) on the panel's range. */
static inline unsigned accutouch_scale(int v)
{
    if (v <= 0) {
        return 0;
    }
    if (v >= 0x7fff) {
        return ACCUTOUCH_LOGICAL_MAX;
    }
    return (v * ACCUTOUCH_LOGICAL_MAX + 0x7fff / 2) / 0x7fff;
}

#endif
