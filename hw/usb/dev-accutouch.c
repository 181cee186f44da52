/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Elo Accutouch 2216 USB touchscreen controller.
 *
 * A full-speed USB HID device (04e7:0050) with one interrupt IN endpoint:
 * each report carries the touch (Button 1) and the absolute X and Y of the
 * contact on the panel's 12-bit range. Linux's hid-accutouch binds to it
 * and maps the button to BTN_TOUCH. Touches come from QEMU's input layer
 * as an absolute pointer (QMP input-send-event, a display's mouse): the
 * left button is the finger on the glass, the position is scaled from
 * 0..0x7fff to 0..4095.
 *
 * See docs/devices/accutouch.md.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/usb.h"
#include "hw/usb/desc.h"
#include "hw/usb/hid.h"
#include "hw/usb/accutouch.h"
#include "migration/vmstate.h"
#include "ui/input.h"
#include "trace.h"

enum {
    STR_MANUFACTURER = 1,
    STR_PRODUCT,
    STR_SERIALNUMBER,
};

static const USBDescStrings accutouch_strings = {
    [STR_MANUFACTURER] = "Elo TouchSystems",
    [STR_PRODUCT]      = "Elo TouchSystems 2216 AccuTouch USB Touchmonitor "
                         "Interface",
    [STR_SERIALNUMBER] = "20160001",
};

/*
 * A pointer application with one button and absolute X/Y: the usages
 * hid-accutouch expects (it remaps the Button page to BTN_TOUCH; X and Y
 * become ABS_X/ABS_Y through hid-input).
 */
static const uint8_t accutouch_report_desc[] = {
    0x05, 0x01,         /* Usage Page (Generic Desktop) */
    0x09, 0x01,         /* Usage (Pointer) */
    0xa1, 0x01,         /* Collection (Application) */
    0x09, 0x01,         /*   Usage (Pointer) */
    0xa1, 0x00,         /*   Collection (Physical) */
    0x05, 0x09,         /*     Usage Page (Button) */
    0x19, 0x01,         /*     Usage Minimum (1) */
    0x29, 0x01,         /*     Usage Maximum (1) */
    0x15, 0x00,         /*     Logical Minimum (0) */
    0x25, 0x01,         /*     Logical Maximum (1) */
    0x95, 0x01,         /*     Report Count (1) */
    0x75, 0x01,         /*     Report Size (1) */
    0x81, 0x02,         /*     Input (Data, Variable, Absolute) */
    0x95, 0x01,         /*     Report Count (1) */
    0x75, 0x07,         /*     Report Size (7) */
    0x81, 0x01,         /*     Input (Constant) */
    0x05, 0x01,         /*     Usage Page (Generic Desktop) */
    0x09, 0x30,         /*     Usage (X) */
    0x09, 0x31,         /*     Usage (Y) */
    0x15, 0x00,         /*     Logical Minimum (0) */
    0x26, ACCUTOUCH_LOGICAL_MAX & 0xff, ACCUTOUCH_LOGICAL_MAX >> 8,
                        /*     Logical Maximum (4095) */
    0x75, 0x10,         /*     Report Size (16) */
    0x95, 0x02,         /*     Report Count (2) */
    0x81, 0x02,         /*     Input (Data, Variable, Absolute) */
    0xc0,               /*   End Collection */
    0xc0,               /* End Collection */
};
QEMU_BUILD_BUG_ON(sizeof(accutouch_report_desc) != ACCUTOUCH_REPORT_DESC_LEN);

static const USBDescIface accutouch_iface = {
    .bInterfaceNumber   = ACCUTOUCH_INTERFACE,
    .bNumEndpoints      = 1,
    .bInterfaceClass    = USB_CLASS_HID,
    .bInterfaceSubClass = 0,    /* no boot protocol */
    .bInterfaceProtocol = 0,
    .ndesc              = 1,
    .descs = (USBDescOther[]) {
        {
            .data = (uint8_t[]) {
                0x09,                   /* bLength */
                ACCUTOUCH_DT_HID,       /* bDescriptorType */
                0x10, 0x01,             /* bcdHID 1.10 */
                0x00,                   /* bCountryCode */
                0x01,                   /* bNumDescriptors */
                ACCUTOUCH_DT_REPORT,    /* bDescriptorType */
                ACCUTOUCH_REPORT_DESC_LEN, 0, /* wDescriptorLength */
            },
        },
    },
    .eps = (USBDescEndpoint[]) {
        {
            .bEndpointAddress = USB_DIR_IN | ACCUTOUCH_EP_IN,
            .bmAttributes     = USB_ENDPOINT_XFER_INT,
            .wMaxPacketSize   = ACCUTOUCH_EP_MAX_PACKET,
            .bInterval        = ACCUTOUCH_EP_INTERVAL,
        },
    },
};

static const USBDescDevice accutouch_desc_device = {
    .bcdUSB             = 0x0110,
    .bMaxPacketSize0    = ACCUTOUCH_EP0_MAX_PACKET,
    .bNumConfigurations = 1,
    .confs = (USBDescConfig[]) {
        {
            .bNumInterfaces      = 1,
            .bConfigurationValue = ACCUTOUCH_CONFIG_VALUE,
            .bmAttributes        = USB_CFG_ATT_ONE,
            .bMaxPower           = 50,  /* 100 mA */
            .nif = 1,
            .ifs = &accutouch_iface,
        },
    },
};

static const USBDesc accutouch_desc = {
    .id = {
        .idVendor      = ACCUTOUCH_VENDOR_ID,
        .idProduct     = ACCUTOUCH_PRODUCT_ID,
        .bcdDevice     = ACCUTOUCH_BCD_DEVICE,
        .iManufacturer = STR_MANUFACTURER,
        .iProduct      = STR_PRODUCT,
        .iSerialNumber = STR_SERIALNUMBER,
    },
    .full = &accutouch_desc_device,
    .str  = accutouch_strings,
};

static int accutouch_encode(const AccutouchReport *r, uint8_t *buf)
{
    buf[0] = r->touch ? ACCUTOUCH_REPORT_TOUCH : 0;
    stw_le_p(buf + ACCUTOUCH_REPORT_X, r->x);
    stw_le_p(buf + ACCUTOUCH_REPORT_Y, r->y);
    return ACCUTOUCH_REPORT_LEN;
}

/* The idle timer runs only while a non-zero idle rate is set. */
static void accutouch_arm_idle(AccutouchState *s)
{
    if (s->idle) {
        timer_mod(s->idle_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                  (int64_t)s->idle * 4 * SCALE_MS);
    } else {
        timer_del(s->idle_timer);
        s->idle_pending = false;
    }
}

static void accutouch_idle_expired(void *opaque)
{
    AccutouchState *s = opaque;

    s->idle_pending = true;
    usb_wakeup(s->intr, 0);
}

/* Queue the panel's state; a full queue keeps the newest in its last slot. */
static void accutouch_push(AccutouchState *s, const AccutouchReport *r)
{
    unsigned slot;

    if (s->count == ACCUTOUCH_QUEUE_LEN) {
        slot = (s->head + s->count - 1) % ACCUTOUCH_QUEUE_LEN;
    } else {
        slot = (s->head + s->count++) % ACCUTOUCH_QUEUE_LEN;
    }
    s->queue[slot] = *r;
    trace_accutouch_report(r->touch, r->x, r->y, s->count);
    usb_wakeup(s->intr, 0);
}

static void accutouch_input_event(DeviceState *dev, QemuConsole *src,
                                  InputEvent *evt)
{
    AccutouchState *s = USB_ACCUTOUCH(dev);
    InputMoveEvent *move;
    InputBtnEvent *btn;

    switch (evt->type) {
    case INPUT_EVENT_KIND_ABS:
        move = evt->u.abs.data;
        if (move->axis == INPUT_AXIS_X) {
            s->pending.x = accutouch_scale(move->value);
        } else if (move->axis == INPUT_AXIS_Y) {
            s->pending.y = accutouch_scale(move->value);
        }
        break;
    case INPUT_EVENT_KIND_BTN:
        btn = evt->u.btn.data;
        /* The panel senses one contact: the left button is the finger. */
        if (btn->button == INPUT_BUTTON_LEFT) {
            s->pending.touch = btn->down;
        }
        break;
    default:
        break;
    }
}

static void accutouch_input_sync(DeviceState *dev)
{
    AccutouchState *s = USB_ACCUTOUCH(dev);
    const AccutouchReport *prev = s->count ?
        &s->queue[(s->head + s->count - 1) % ACCUTOUCH_QUEUE_LEN] : &s->last;
    const AccutouchReport *now = &s->pending;

    trace_accutouch_input(now->touch, now->x, now->y);
    /* The controller reports while touched and once on the release. */
    if (!now->touch && !prev->touch) {
        return;
    }
    if (now->touch == prev->touch && now->x == prev->x && now->y == prev->y) {
        return;
    }
    accutouch_push(s, &s->pending);
}

static const QemuInputHandler accutouch_input_handler = {
    .name  = "Elo Accutouch 2216 touchscreen",
    .mask  = INPUT_EVENT_MASK_BTN | INPUT_EVENT_MASK_ABS,
    .event = accutouch_input_event,
    .sync  = accutouch_input_sync,
};

static void accutouch_stall(USBPacket *p, const char *why, int request,
                            int value, int index, int length)
{
    qemu_log_mask(LOG_GUEST_ERROR, "accutouch: control request 0x%04x "
                  "wValue 0x%04x wIndex 0x%04x wLength %d: %s, STALL\n",
                  request, value, index, length, why);
    p->status = USB_RET_STALL;
}

static void accutouch_handle_control(USBDevice *dev, USBPacket *p,
                                     int request, int value, int index,
                                     int length, uint8_t *data)
{
    AccutouchState *s = USB_ACCUTOUCH(dev);
    uint8_t report[ACCUTOUCH_REPORT_LEN];
    int ret;

    trace_accutouch_control(request, value, index, length);
    ret = usb_desc_handle_control(dev, p, request, value, index, length, data);
    if (ret >= 0) {
        return;
    }

    /* The interrupt endpoint's halt feature (USB 2.0, 9.4.1 and 9.4.5). */
    if (request == (EndpointOutRequest | USB_REQ_CLEAR_FEATURE) &&
        value == 0 /* ENDPOINT_HALT */ &&
        index == (USB_DIR_IN | ACCUTOUCH_EP_IN)) {
        return;
    }
    if (request == (EndpointRequest | USB_REQ_GET_STATUS) && length >= 2 &&
        (index == 0 || index == (USB_DIR_IN | ACCUTOUCH_EP_IN))) {
        data[0] = data[1] = 0;
        p->actual_length = 2;
        return;
    }

    /* Every other request is addressed to the HID interface. */
    if ((request >> 8) != (InterfaceRequest >> 8) &&
        (request >> 8) != (ClassInterfaceRequest >> 8) &&
        (request >> 8) != (ClassInterfaceOutRequest >> 8)) {
        accutouch_stall(p, "request not supported", request, value, index,
                        length);
        return;
    }
    if (index != ACCUTOUCH_INTERFACE) {
        accutouch_stall(p, "no such interface", request, value, index,
                        length);
        return;
    }

    switch (request) {
    case InterfaceRequest | USB_REQ_GET_DESCRIPTOR:
        switch (value >> 8) {
        case ACCUTOUCH_DT_REPORT:
            p->actual_length = MIN(length, sizeof(accutouch_report_desc));
            memcpy(data, accutouch_report_desc, p->actual_length);
            return;
        case ACCUTOUCH_DT_HID:
            p->actual_length = MIN(length, accutouch_iface.descs[0].data[0]);
            memcpy(data, accutouch_iface.descs[0].data, p->actual_length);
            return;
        }
        accutouch_stall(p, "no such class descriptor", request, value, index,
                        length);
        return;
    case HID_GET_REPORT:
        /* wValue: report type in the high byte, report ID (none) low. */
        if ((value >> 8) != ACCUTOUCH_REPORT_TYPE_INPUT || (value & 0xff)) {
            accutouch_stall(p, "the device has one input report, ID 0",
                            request, value, index, length);
            return;
        }
        accutouch_encode(&s->pending, report);
        p->actual_length = MIN(length, ACCUTOUCH_REPORT_LEN);
        memcpy(data, report, p->actual_length);
        return;
    case HID_SET_REPORT:
        accutouch_stall(p, "the device has no output or feature report",
                        request, value, index, length);
        return;
    case HID_GET_IDLE:
        if (value & 0xff) {
            accutouch_stall(p, "no such report ID", request, value, index,
                            length);
            return;
        }
        if (length < 1) {
            accutouch_stall(p, "wLength 0", request, value, index, length);
            return;
        }
        data[0] = s->idle;
        p->actual_length = 1;
        return;
    case HID_SET_IDLE:
        if (value & 0xff) {
            accutouch_stall(p, "no such report ID", request, value, index,
                            length);
            return;
        }
        s->idle = value >> 8;
        trace_accutouch_idle(s->idle);
        accutouch_arm_idle(s);
        return;
    case HID_GET_PROTOCOL:
    case HID_SET_PROTOCOL:
        accutouch_stall(p, "not a boot device (no protocol requests)",
                        request, value, index, length);
        return;
    default:
        accutouch_stall(p, "request not supported", request, value, index,
                        length);
        return;
    }
}

static void accutouch_handle_data(USBDevice *dev, USBPacket *p)
{
    AccutouchState *s = USB_ACCUTOUCH(dev);
    uint8_t buf[ACCUTOUCH_REPORT_LEN];

    if (p->pid != USB_TOKEN_IN || p->ep->nr != ACCUTOUCH_EP_IN) {
        qemu_log_mask(LOG_GUEST_ERROR, "accutouch: %s transfer on "
                      "endpoint %d: only endpoint 1 IN exists, STALL\n",
                      p->pid == USB_TOKEN_IN ? "IN" : "OUT", p->ep->nr);
        p->status = USB_RET_STALL;
        return;
    }
    if (!s->count && !s->idle_pending) {
        p->status = USB_RET_NAK;
        return;
    }
    if (p->iov.size < ACCUTOUCH_REPORT_LEN) {
        /* The report does not fit: on the wire, the device babbles. */
        qemu_log_mask(LOG_GUEST_ERROR, "accutouch: IN transfer of %zu "
                      "bytes, shorter than the %d-byte report\n",
                      p->iov.size, ACCUTOUCH_REPORT_LEN);
        p->status = USB_RET_BABBLE;
        return;
    }
    if (s->count) {
        s->last = s->queue[s->head];
        s->head = (s->head + 1) % ACCUTOUCH_QUEUE_LEN;
        s->count--;
    }
    s->idle_pending = false;
    accutouch_arm_idle(s);
    usb_packet_copy(p, buf, accutouch_encode(&s->last, buf));
    trace_accutouch_in(s->last.touch, s->last.x, s->last.y, s->count);
}

/* A USB reset: no report pending, idle back to its default (0). */
static void accutouch_handle_reset(USBDevice *dev)
{
    AccutouchState *s = USB_ACCUTOUCH(dev);

    trace_accutouch_reset();
    s->head = 0;
    s->count = 0;
    s->idle = 0;
    s->idle_pending = false;
    timer_del(s->idle_timer);
    memset(&s->last, 0, sizeof(s->last));
}

static void accutouch_realize(USBDevice *dev, Error **errp)
{
    AccutouchState *s = USB_ACCUTOUCH(dev);

    usb_desc_create_serial(dev);
    usb_desc_init(dev);
    s->intr = usb_ep_get(dev, USB_TOKEN_IN, ACCUTOUCH_EP_IN);
    s->idle_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, accutouch_idle_expired,
                                 s);
    s->input = qemu_input_handler_register(DEVICE(dev),
                                           &accutouch_input_handler);
    qemu_input_handler_activate(s->input);
}

static void accutouch_unrealize(USBDevice *dev)
{
    AccutouchState *s = USB_ACCUTOUCH(dev);

    qemu_input_handler_unregister(s->input);
    timer_free(s->idle_timer);
}

static int accutouch_post_load(void *opaque, int version_id)
{
    AccutouchState *s = opaque;

    if (s->head >= ACCUTOUCH_QUEUE_LEN || s->count > ACCUTOUCH_QUEUE_LEN) {
        return -EINVAL;
    }
    if (!s->idle) {
        s->idle_pending = false;
    }
    return 0;
}

static const VMStateDescription vmstate_accutouch_report = {
    .name = "accutouch/report",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8(touch, AccutouchReport),
        VMSTATE_UINT16(x, AccutouchReport),
        VMSTATE_UINT16(y, AccutouchReport),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_accutouch = {
    .name = TYPE_USB_ACCUTOUCH,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = accutouch_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_USB_DEVICE(parent_obj, AccutouchState),
        VMSTATE_STRUCT(pending, AccutouchState, 1, vmstate_accutouch_report,
                       AccutouchReport),
        VMSTATE_STRUCT(last, AccutouchState, 1, vmstate_accutouch_report,
                       AccutouchReport),
        VMSTATE_STRUCT_ARRAY(queue, AccutouchState, ACCUTOUCH_QUEUE_LEN, 1,
                             vmstate_accutouch_report, AccutouchReport),
        VMSTATE_UINT32(head, AccutouchState),
        VMSTATE_UINT32(count, AccutouchState),
        VMSTATE_UINT8(idle, AccutouchState),
        VMSTATE_BOOL(idle_pending, AccutouchState),
        VMSTATE_TIMER_PTR(idle_timer, AccutouchState),
        VMSTATE_END_OF_LIST()
    },
};

/* The panel as the device sees it, in its coordinates, for the host. */
static void accutouch_get_pos(Object *obj, Visitor *v, const char *name,
                              void *opaque, Error **errp)
{
    AccutouchState *s = USB_ACCUTOUCH(obj);
    uint16_t val = !strcmp(name, "x") ? s->pending.x : s->pending.y;

    visit_type_uint16(v, name, &val, errp);
}

static bool accutouch_get_touch(Object *obj, Error **errp)
{
    return USB_ACCUTOUCH(obj)->pending.touch;
}

static void accutouch_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    USBDeviceClass *uc = USB_DEVICE_CLASS(klass);

    uc->product_desc   = "Elo Accutouch 2216 touchscreen";
    uc->usb_desc       = &accutouch_desc;
    uc->realize        = accutouch_realize;
    uc->unrealize      = accutouch_unrealize;
    uc->handle_reset   = accutouch_handle_reset;
    uc->handle_control = accutouch_handle_control;
    uc->handle_data    = accutouch_handle_data;
    set_bit(DEVICE_CATEGORY_INPUT, dc->categories);
    dc->desc = "Elo Accutouch 2216 USB touchscreen controller";
    dc->vmsd = &vmstate_accutouch;
    object_class_property_add(klass, "x", "uint16", accutouch_get_pos, NULL,
                              NULL, NULL);
    object_class_property_set_description(klass, "x",
        "Where the panel is touched (or was last), 0-4095 (read-only)");
    object_class_property_add(klass, "y", "uint16", accutouch_get_pos, NULL,
                              NULL, NULL);
    object_class_property_set_description(klass, "y",
        "Where the panel is touched (or was last), 0-4095 (read-only)");
    object_class_property_add_bool(klass, "touch", accutouch_get_touch, NULL);
    object_class_property_set_description(klass, "touch",
        "Whether the panel is touched now (read-only)");
}

static const TypeInfo accutouch_types[] = {
    {
        .name          = TYPE_USB_ACCUTOUCH,
        .parent        = TYPE_USB_DEVICE,
        .instance_size = sizeof(AccutouchState),
        .class_init    = accutouch_class_init,
    },
};

DEFINE_TYPES(accutouch_types)
