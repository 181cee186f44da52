/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Microchip CAN BUS Analyzer (USB 04d8:0a30), as Linux 6.12's mcba_usb
 * driver talks to it: 19-byte messages on a bulk OUT endpoint (frames to
 * send, the bit rate, the termination resistor, firmware version requests)
 * and a bulk IN endpoint (received frames and the two PICs' status
 * messages, several stacked in one transfer). Its CAN node is on the
 * board's CAN bus (presilicon_can.h), which carries the frames in virtual
 * time at the bit rate the host chose.
 *
 * Modelled choices where the firmware is not documented: the node joins
 * the bus on the first CHANGE_BIT_RATE; the CAN PIC reports its status
 * every second and whenever its error state changes; bus-off drops the
 * frames waiting to be sent and recovers after 128 x 11 recessive bits,
 * as the PIC18 ECAN does. Not modelled: timestamps (zero), the checksum
 * byte, TRANSMIT_MESSAGE_RSP, the firmware's debug and self-test modes.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "qemu/iov.h"
#include "hw/qdev-properties.h"
#include "hw/net/can/mcba_usb.h"
#include "hw/usb/desc.h"
#include "migration/vmstate.h"
#include "../trace.h"

enum {
    STR_MANUFACTURER = 1,
    STR_PRODUCT,
    STR_SERIALNUMBER,
};

static const USBDescStrings mcba_strings = {
    [STR_MANUFACTURER] = "Microchip Technology Inc.",
    [STR_PRODUCT]      = "CAN BUS Analyzer",
    [STR_SERIALNUMBER] = "20170001",
};

static const USBDescIface mcba_iface = {
    .bInterfaceNumber   = MCBA_INTERFACE,
    .bNumEndpoints      = 2,
    .bInterfaceClass    = USB_CLASS_VENDOR_SPEC,
    .eps = (USBDescEndpoint[]) {
        {
            .bEndpointAddress = USB_DIR_IN | MCBA_EP_IN,
            .bmAttributes     = USB_ENDPOINT_XFER_BULK,
            .wMaxPacketSize   = MCBA_EP_MAX_PACKET,
        }, {
            .bEndpointAddress = USB_DIR_OUT | MCBA_EP_OUT,
            .bmAttributes     = USB_ENDPOINT_XFER_BULK,
            .wMaxPacketSize   = MCBA_EP_MAX_PACKET,
        },
    },
};

static const USBDescDevice mcba_desc_device = {
    .bcdUSB             = 0x0200,
    .bMaxPacketSize0    = MCBA_EP0_MAX_PACKET,
    .bNumConfigurations = 1,
    .confs = (USBDescConfig[]) {
        {
            .bNumInterfaces      = 1,
            .bConfigurationValue = MCBA_CONFIG_VALUE,
            .bmAttributes        = USB_CFG_ATT_ONE,
            .bMaxPower           = 50,  /* 100 mA */
            .nif = 1,
            .ifs = &mcba_iface,
        },
    },
};

static const USBDesc mcba_desc = {
    .id = {
        .idVendor      = MCBA_VENDOR_ID,
        .idProduct     = MCBA_PRODUCT_ID,
        .bcdDevice     = MCBA_BCD_DEVICE,
        .iManufacturer = STR_MANUFACTURER,
        .iProduct      = STR_PRODUCT,
        .iSerialNumber = STR_SERIALNUMBER,
    },
    .full = &mcba_desc_device,
    .str  = mcba_strings,
};

/* The bit rates the firmware knows, in the kbit/s its messages carry. */
static const uint16_t mcba_kbps[] = {
    20, 33, 50, 80, 83, 100, 125, 150, 175, 200, 225, 250, 275, 300, 500,
    625, 800, 1000,
};

static uint32_t mcba_bitrate(uint16_t kbps)
{
    return kbps == 33 || kbps == 83 ? kbps * 1000 + 333 : kbps * 1000;
}

static void mcba_bad_message(McbaUsbState *s, const char *fmt, ...)
    G_GNUC_PRINTF(2, 3);

static void mcba_bad_message(McbaUsbState *s, const char *fmt, ...)
{
    g_autofree char *msg = NULL;
    va_list ap;

    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    s->bad_messages++;
    qemu_log_mask(LOG_GUEST_ERROR, "mcba-usb: %s\n", msg);
}

static void mcba_wake_in(McbaUsbState *s)
{
    if (s->ep_in) {
        usb_wakeup(s->ep_in, 0);
    }
}

/* A TRANSMIT_MESSAGE_EV as the bus carries it. */
static void mcba_decode_tx(const uint8_t *m, qemu_can_frame *f)
{
    uint16_t sid = lduw_be_p(m + MCBA_CAN_SID);

    memset(f, 0, sizeof(*f));
    if (sid & MCBA_SID_EXIDE) {
        f->can_id = QEMU_CAN_EFF_FLAG | (uint32_t)(sid & 0xffe0) << 13 |
                    (uint32_t)(sid & 3) << 16 | lduw_be_p(m + MCBA_CAN_EID);
    } else {
        f->can_id = sid >> 5;
    }
    f->can_dlc = MIN(m[MCBA_CAN_DLC] & MCBA_DLC_MASK, 8);
    if (m[MCBA_CAN_DLC] & MCBA_DLC_RTR) {
        f->can_id |= QEMU_CAN_RTR_FLAG;
    } else {
        memcpy(f->data, m + MCBA_CAN_DATA, f->can_dlc);
    }
}

static void mcba_kick_tx(McbaUsbState *s)
{
    qemu_can_frame f;

    if (s->tx_busy || !s->tx_count || !s->kbps) {
        return;
    }
    mcba_decode_tx(s->tx[s->tx_head], &f);
    s->tx_busy = ps_can_node_transmit(&s->node, &f);
    if (s->tx_busy) {
        trace_mcba_usb_tx(f.can_id, f.can_dlc, s->tx_count);
    }
}

static void mcba_tx_pop(McbaUsbState *s)
{
    s->tx_busy = false;
    s->tx_head = (s->tx_head + 1) % MCBA_TX_DEPTH;
    s->tx_count--;
    if (s->out_nak) {
        s->out_nak = false;
        usb_wakeup(s->ep_out, 0);
    }
}

static void mcba_tx_done(void *opaque)
{
    McbaUsbState *s = opaque;

    mcba_tx_pop(s);
    mcba_kick_tx(s);
}

static bool mcba_can_receive(void *opaque)
{
    McbaUsbState *s = opaque;

    if (s->rx_count < MCBA_RX_DEPTH) {
        return true;
    }
    /* The host is not reading: the frame is acknowledged and lost. */
    s->rx_ovfl = true;
    if (s->rx_lost < UINT16_MAX) {
        s->rx_lost++;
    }
    trace_mcba_usb_rx_lost(s->rx_lost);
    return false;
}

static void mcba_receive(void *opaque, const qemu_can_frame *f)
{
    McbaUsbState *s = opaque;
    uint8_t *m;
    uint32_t id = f->can_id;

    if (!mcba_can_receive(s)) {
        return;     /* the layer asked first; a full buffer still loses it */
    }
    m = s->rx[(s->rx_head + s->rx_count++) % MCBA_RX_DEPTH];
    memset(m, 0, MCBA_MSG_LEN);
    m[MCBA_MSG_CMD] = MCBA_CMD_RECEIVE_MESSAGE;
    if (id & QEMU_CAN_EFF_FLAG) {
        stw_be_p(m + MCBA_CAN_SID, ((id >> 13) & 0xffe0) | MCBA_SID_EXIDE |
                 ((id >> 16) & 3));
        stw_be_p(m + MCBA_CAN_EID, id & 0xffff);
    } else {
        stw_be_p(m + MCBA_CAN_SID, (id & QEMU_CAN_SFF_MASK) << 5);
    }
    m[MCBA_CAN_DLC] = MIN(f->can_dlc, 8);
    if (id & QEMU_CAN_RTR_FLAG) {
        m[MCBA_CAN_DLC] |= MCBA_DLC_RTR;
    } else {
        memcpy(m + MCBA_CAN_DATA, f->data, MIN(f->can_dlc, 8));
    }
    trace_mcba_usb_rx(id, f->can_dlc, s->rx_count);
    mcba_wake_in(s);
}

static void mcba_error(void *opaque, PsCanError err)
{
    McbaUsbState *s = opaque;
    PsCanState st = ps_can_node_state(&s->node);

    if (s->node.bus_off) {
        /* Off the bus: what waited to be sent is dropped. */
        ps_can_node_abort(&s->node);
        s->tx_busy = false;
        while (s->tx_count) {
            mcba_tx_pop(s);
        }
        if (!timer_pending(s->recover_timer) && s->kbps) {
            timer_mod(s->recover_timer,
                      qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                      128 * 11 * NANOSECONDS_PER_SECOND /
                      mcba_bitrate(s->kbps));
        }
    }
    if (st != s->reported_state) {
        s->ka_can_pending = true;
        mcba_wake_in(s);
    }
}

static const PsCanNodeOps mcba_can_ops = {
    .can_receive = mcba_can_receive,
    .receive = mcba_receive,
    .tx_done = mcba_tx_done,
    .error = mcba_error,
};

/* 128 occurrences of 11 recessive bits: back on the bus, error-active. */
static void mcba_recover(void *opaque)
{
    McbaUsbState *s = opaque;

    trace_mcba_usb_recover();
    ps_can_node_reset(&s->node);
    s->ka_can_pending = true;
    mcba_wake_in(s);
    mcba_kick_tx(s);
}

static void mcba_ka_tick(void *opaque)
{
    McbaUsbState *s = opaque;

    s->ka_can_pending = true;
    mcba_wake_in(s);
    timer_mod(s->ka_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
              MCBA_KA_PERIOD_MS * SCALE_MS);
}

static void mcba_encode_ka_can(McbaUsbState *s, uint8_t *m)
{
    PsCanState st = ps_can_node_state(&s->node);
    uint8_t stat = 0;

    memset(m, 0, MCBA_MSG_LEN);
    m[MCBA_MSG_CMD] = MCBA_CMD_I_AM_ALIVE_FROM_CAN;
    m[MCBA_KA_CAN_TEC] = MIN(s->node.tec, 255);
    m[MCBA_KA_CAN_REC] = s->node.rec;
    m[MCBA_KA_CAN_RX_OVFL] = s->rx_ovfl;
    m[MCBA_KA_CAN_TX_BUS_OFF] = s->node.bus_off;
    stw_be_p(m + MCBA_KA_CAN_BITRATE, s->kbps ? s->kbps : MCBA_DEFAULT_KBPS);
    stw_le_p(m + MCBA_KA_CAN_RX_LOST, s->rx_lost);
    if (s->node.tec >= 96) {
        stat |= MCBA_COMSTAT_TXWARN | MCBA_COMSTAT_EWARN;
    }
    if (s->node.rec >= 96) {
        stat |= MCBA_COMSTAT_RXWARN | MCBA_COMSTAT_EWARN;
    }
    if (s->node.tec >= 128) {
        stat |= MCBA_COMSTAT_TXBP;
    }
    if (s->node.rec >= 128) {
        stat |= MCBA_COMSTAT_RXBP;
    }
    if (s->node.bus_off) {
        stat |= MCBA_COMSTAT_TXBO;
    }
    if (s->rx_ovfl) {
        stat |= MCBA_COMSTAT_RXBNOVFL;
    }
    m[MCBA_KA_CAN_STAT] = stat;
    m[MCBA_KA_CAN_VER_MAJOR] = MCBA_FW_CAN_MAJOR;
    m[MCBA_KA_CAN_VER_MINOR] = MCBA_FW_CAN_MINOR;
    s->reported_state = st;
    s->rx_ovfl = false;
    trace_mcba_usb_ka_can(m[MCBA_KA_CAN_TEC], m[MCBA_KA_CAN_REC],
                          s->node.bus_off, s->rx_lost);
}

static void mcba_encode_ka_usb(McbaUsbState *s, uint8_t *m)
{
    memset(m, 0, MCBA_MSG_LEN);
    m[MCBA_MSG_CMD] = MCBA_CMD_I_AM_ALIVE_FROM_USB;
    m[MCBA_KA_USB_TERMINATION] = s->termination;
    m[MCBA_KA_USB_VER_MAJOR] = MCBA_FW_USB_MAJOR;
    m[MCBA_KA_USB_VER_MINOR] = MCBA_FW_USB_MINOR;
}

static void mcba_change_bitrate(McbaUsbState *s, const uint8_t *m)
{
    uint16_t kbps = lduw_be_p(m + MCBA_BITRATE);
    size_t i;

    for (i = 0; i < ARRAY_SIZE(mcba_kbps) && mcba_kbps[i] != kbps; i++) {
        continue;
    }
    if (i == ARRAY_SIZE(mcba_kbps)) {
        mcba_bad_message(s, "CHANGE_BIT_RATE to %u kbit/s: the firmware "
                         "knows 20, 33, 50, 80, 83, 100-300 in steps of 25, "
                         "500, 625, 800 and 1000; ignored", kbps);
        return;
    }
    trace_mcba_usb_bitrate(kbps);
    s->kbps = kbps;
    s->node.bitrate = mcba_bitrate(kbps);
    s->node.mode = PS_CAN_MODE_NORMAL;
    mcba_kick_tx(s);
}

/* One host message; TRANSMIT_MESSAGE_EV has room (checked by the caller). */
static void mcba_command(McbaUsbState *s, const uint8_t *m)
{
    trace_mcba_usb_cmd(m[MCBA_MSG_CMD]);
    switch (m[MCBA_MSG_CMD]) {
    case MCBA_CMD_TRANSMIT_MESSAGE_EV:
        if ((m[MCBA_CAN_DLC] & MCBA_DLC_MASK) > 8) {
            mcba_bad_message(s, "TRANSMIT_MESSAGE_EV with DLC %u: a classic "
                             "CAN frame carries at most 8 bytes; sent with 8",
                             m[MCBA_CAN_DLC] & MCBA_DLC_MASK);
        }
        memcpy(s->tx[(s->tx_head + s->tx_count++) % MCBA_TX_DEPTH], m,
               MCBA_MSG_LEN);
        mcba_kick_tx(s);
        break;
    case MCBA_CMD_CHANGE_BIT_RATE:
        mcba_change_bitrate(s, m);
        break;
    case MCBA_CMD_SETUP_TERMINATION:
        if (m[MCBA_TERMINATION] > MCBA_TERMINATION_OFF) {
            mcba_bad_message(s, "SETUP_TERMINATION_RESISTANCE %u: 0 is on, "
                             "1 off; ignored", m[MCBA_TERMINATION]);
            break;
        }
        s->termination = m[MCBA_TERMINATION];
        trace_mcba_usb_termination(s->termination == MCBA_TERMINATION_ON);
        break;
    case MCBA_CMD_READ_FW_VERSION:
        if (m[MCBA_FW_PIC] == MCBA_PIC_USB) {
            s->ka_usb_pending = true;
        } else if (m[MCBA_FW_PIC] == MCBA_PIC_CAN) {
            s->ka_can_pending = true;
        } else {
            mcba_bad_message(s, "READ_FW_VERSION of PIC %u: 1 is the USB "
                             "PIC, 2 the CAN PIC; ignored", m[MCBA_FW_PIC]);
            break;
        }
        mcba_wake_in(s);
        break;
    default:
        mcba_bad_message(s, "unknown command 0x%02x; ignored",
                         m[MCBA_MSG_CMD]);
        break;
    }
}

static void mcba_handle_out(McbaUsbState *s, USBPacket *p)
{
    size_t size = p->iov.size, n = size / MCBA_MSG_LEN, frames = 0;
    g_autofree uint8_t *buf = g_malloc(size ?: 1);

    iov_to_buf(p->iov.iov, p->iov.niov, 0, buf, size);
    for (size_t i = 0; i < n; i++) {
        frames += buf[i * MCBA_MSG_LEN] == MCBA_CMD_TRANSMIT_MESSAGE_EV;
    }
    if (frames > MCBA_TX_DEPTH) {
        mcba_bad_message(s, "an OUT transfer of %zu frames: the analyzer "
                         "buffers %d; STALL", frames, MCBA_TX_DEPTH);
        p->status = USB_RET_STALL;
        return;
    }
    if (frames > MCBA_TX_DEPTH - s->tx_count) {
        /* No room yet: the host retries when a frame has left. */
        p->status = USB_RET_NAK;
        s->out_nak = true;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        mcba_command(s, buf + i * MCBA_MSG_LEN);
    }
    p->actual_length = size;
    if (size % MCBA_MSG_LEN) {
        mcba_bad_message(s, "OUT transfer of %zu bytes: messages are %d "
                         "bytes, the last %zu dropped", size, MCBA_MSG_LEN,
                         size % MCBA_MSG_LEN);
    }
}

static void mcba_handle_in(McbaUsbState *s, USBPacket *p)
{
    size_t room = MIN(p->iov.size, MCBA_EP_MAX_PACKET) / MCBA_MSG_LEN;
    uint8_t m[MCBA_MSG_LEN];
    size_t sent = 0;

    if (!p->iov.size) {
        /*
         * No data stage at all: QEMU's xHCI runs a No-Op TRB this way
         * (Linux leaves one where it cancelled a URB). It moves nothing.
         */
        return;
    }
    if (!s->ka_usb_pending && !s->ka_can_pending && !s->rx_count) {
        p->status = USB_RET_NAK;
        return;
    }
    if (!room) {
        mcba_bad_message(s, "IN transfer of %zu bytes, shorter than a "
                         "%d-byte message: babble", p->iov.size,
                         MCBA_MSG_LEN);
        p->status = USB_RET_BABBLE;
        return;
    }
    for (; sent < room; sent++) {
        if (s->ka_usb_pending) {
            s->ka_usb_pending = false;
            mcba_encode_ka_usb(s, m);
        } else if (s->ka_can_pending) {
            s->ka_can_pending = false;
            mcba_encode_ka_can(s, m);
        } else if (s->rx_count) {
            memcpy(m, s->rx[s->rx_head], MCBA_MSG_LEN);
            s->rx_head = (s->rx_head + 1) % MCBA_RX_DEPTH;
            s->rx_count--;
        } else {
            break;
        }
        usb_packet_copy(p, m, MCBA_MSG_LEN);
    }
    trace_mcba_usb_in(sent, s->rx_count);
}

static void mcba_handle_data(USBDevice *dev, USBPacket *p)
{
    McbaUsbState *s = MCBA_USB(dev);

    if (p->ep->nr != MCBA_EP_IN) {
        mcba_bad_message(s, "%s transfer on endpoint %d: only endpoint 1 "
                         "exists; STALL",
                         p->pid == USB_TOKEN_IN ? "IN" : "OUT", p->ep->nr);
        p->status = USB_RET_STALL;
        return;
    }
    if (p->pid == USB_TOKEN_IN) {
        mcba_handle_in(s, p);
    } else {
        mcba_handle_out(s, p);
    }
}

static void mcba_handle_control(USBDevice *dev, USBPacket *p, int request,
                                int value, int index, int length,
                                uint8_t *data)
{
    McbaUsbState *s = MCBA_USB(dev);

    trace_mcba_usb_control(request, value, index, length);
    if (usb_desc_handle_control(dev, p, request, value, index, length,
                                data) >= 0) {
        return;
    }
    /* The bulk endpoints' halt feature (USB 2.0, 9.4.1 and 9.4.5). */
    if (request == (EndpointOutRequest | USB_REQ_CLEAR_FEATURE) &&
        value == 0 /* ENDPOINT_HALT */ &&
        (index == (USB_DIR_IN | MCBA_EP_IN) ||
         index == (USB_DIR_OUT | MCBA_EP_OUT))) {
        return;
    }
    if (request == (EndpointRequest | USB_REQ_GET_STATUS) && length >= 2 &&
        (index == 0 || index == (USB_DIR_IN | MCBA_EP_IN) ||
         index == (USB_DIR_OUT | MCBA_EP_OUT))) {
        data[0] = data[1] = 0;
        p->actual_length = 2;
        return;
    }
    mcba_bad_message(s, "control request 0x%04x wValue 0x%04x wIndex 0x%04x "
                     "wLength %d: the analyzer has no vendor requests; STALL",
                     request, value, index, length);
    p->status = USB_RET_STALL;
}

/* Power-on or a USB reset: both PICs start over, off the bus. */
static void mcba_handle_reset(USBDevice *dev)
{
    McbaUsbState *s = MCBA_USB(dev);

    trace_mcba_usb_reset();
    ps_can_node_reset(&s->node);
    s->node.mode = PS_CAN_MODE_OFF;
    s->node.bitrate = 0;
    s->node.tx_frames = s->node.rx_frames = s->node.errors = 0;
    s->kbps = 0;
    s->termination = MCBA_TERMINATION_OFF;
    s->tx_head = s->tx_count = 0;
    s->tx_busy = s->out_nak = false;
    s->rx_head = s->rx_count = 0;
    s->rx_lost = 0;
    s->rx_ovfl = false;
    s->ka_usb_pending = s->ka_can_pending = false;
    s->reported_state = PS_CAN_STATE_ACTIVE;
    s->bad_messages = 0;
    timer_del(s->recover_timer);
    timer_mod(s->ka_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
              MCBA_KA_PERIOD_MS * SCALE_MS);
}

static void mcba_realize(USBDevice *dev, Error **errp)
{
    McbaUsbState *s = MCBA_USB(dev);
    DeviceState *d = DEVICE(dev);
    Error *err = NULL;
    const char *name;

    usb_desc_create_serial(dev);
    usb_desc_init(dev);
    s->ep_in = usb_ep_get(dev, USB_TOKEN_IN, MCBA_EP_IN);
    s->ep_out = usb_ep_get(dev, USB_TOKEN_OUT, MCBA_EP_OUT);
    if (!s->canbus) {
        s->canbus = ps_can_board_bus();
    }
    name = d->id ? d->id : object_get_canonical_path_component(OBJECT(dev));
    ps_can_node_init(&s->node, s->canbus, name ?: TYPE_MCBA_USB,
                     &mcba_can_ops, s, &err);
    if (err) {
        error_propagate(errp, err);
        return;
    }
    s->ka_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, mcba_ka_tick, s);
    s->recover_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, mcba_recover, s);
    mcba_handle_reset(dev);
}

static void mcba_unrealize(USBDevice *dev)
{
    McbaUsbState *s = MCBA_USB(dev);

    timer_free(s->ka_timer);
    timer_free(s->recover_timer);
    ps_can_node_cleanup(&s->node);
}

static int mcba_post_load(void *opaque, int version_id)
{
    McbaUsbState *s = opaque;
    size_t i;

    if (s->tx_head >= MCBA_TX_DEPTH || s->tx_count > MCBA_TX_DEPTH ||
        s->rx_head >= MCBA_RX_DEPTH || s->rx_count > MCBA_RX_DEPTH ||
        (s->tx_busy && !s->tx_count) ||
        s->termination > MCBA_TERMINATION_OFF ||
        s->reported_state > PS_CAN_STATE_BUS_OFF) {
        return -EINVAL;
    }
    for (i = 0; i < ARRAY_SIZE(mcba_kbps) && mcba_kbps[i] != s->kbps; i++) {
        continue;
    }
    if (s->kbps && i == ARRAY_SIZE(mcba_kbps)) {
        return -EINVAL;
    }
    s->node.bitrate = s->kbps ? mcba_bitrate(s->kbps) : 0;
    return 0;
}

static const VMStateDescription vmstate_mcba_usb = {
    .name = TYPE_MCBA_USB,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = mcba_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_USB_DEVICE(parent_obj, McbaUsbState),
        VMSTATE_PS_CAN_NODE(node, McbaUsbState),
        VMSTATE_UINT8_2DARRAY(tx, McbaUsbState, MCBA_TX_DEPTH, MCBA_MSG_LEN),
        VMSTATE_UINT8(tx_head, McbaUsbState),
        VMSTATE_UINT8(tx_count, McbaUsbState),
        VMSTATE_BOOL(tx_busy, McbaUsbState),
        VMSTATE_BOOL(out_nak, McbaUsbState),
        VMSTATE_UINT8_2DARRAY(rx, McbaUsbState, MCBA_RX_DEPTH, MCBA_MSG_LEN),
        VMSTATE_UINT8(rx_head, McbaUsbState),
        VMSTATE_UINT8(rx_count, McbaUsbState),
        VMSTATE_UINT16(rx_lost, McbaUsbState),
        VMSTATE_BOOL(rx_ovfl, McbaUsbState),
        VMSTATE_BOOL(ka_usb_pending, McbaUsbState),
        VMSTATE_BOOL(ka_can_pending, McbaUsbState),
        VMSTATE_UINT32(reported_state, McbaUsbState),
        VMSTATE_UINT16(kbps, McbaUsbState),
        VMSTATE_UINT8(termination, McbaUsbState),
        VMSTATE_UINT32(bad_messages, McbaUsbState),
        VMSTATE_TIMER_PTR(ka_timer, McbaUsbState),
        VMSTATE_TIMER_PTR(recover_timer, McbaUsbState),
        VMSTATE_END_OF_LIST()
    },
};

static bool mcba_get_termination(Object *obj, Error **errp)
{
    return MCBA_USB(obj)->termination == MCBA_TERMINATION_ON;
}

static void mcba_init(Object *obj)
{
    McbaUsbState *s = MCBA_USB(obj);

    ps_can_node_add_properties(obj, &s->node);
    object_property_add_bool(obj, "termination", mcba_get_termination, NULL);
    object_property_set_description(obj, "termination",
        "Whether the host switched the 120 ohm terminator on (read-only)");
    object_property_add_uint16_ptr(obj, "rx-lost", &s->rx_lost,
                                   OBJ_PROP_FLAG_READ);
    object_property_set_description(obj, "rx-lost",
        "Frames acknowledged on the bus but lost because the host did not "
        "read (read-only)");
    object_property_add_uint32_ptr(obj, "bad-messages", &s->bad_messages,
                                   OBJ_PROP_FLAG_READ);
    object_property_set_description(obj, "bad-messages",
        "Host messages the firmware refused (read-only)");
}

static const Property mcba_properties[] = {
    DEFINE_PROP_LINK("canbus", McbaUsbState, canbus, TYPE_CAN_BUS,
                     CanBusState *),
};

static void mcba_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    USBDeviceClass *uc = USB_DEVICE_CLASS(klass);

    uc->product_desc   = "Microchip CAN BUS Analyzer";
    uc->usb_desc       = &mcba_desc;
    uc->realize        = mcba_realize;
    uc->unrealize      = mcba_unrealize;
    uc->handle_reset   = mcba_handle_reset;
    uc->handle_control = mcba_handle_control;
    uc->handle_data    = mcba_handle_data;
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
    dc->desc = "Microchip CAN BUS Analyzer (USB 04d8:0a30)";
    dc->vmsd = &vmstate_mcba_usb;
    device_class_set_props(dc, mcba_properties);
}

static const TypeInfo mcba_types[] = {
    {
        .name          = TYPE_MCBA_USB,
        .parent        = TYPE_USB_DEVICE,
        .instance_size = sizeof(McbaUsbState),
        .instance_init = mcba_init,
        .class_init    = mcba_class_init,
    },
};

DEFINE_TYPES(mcba_types)
