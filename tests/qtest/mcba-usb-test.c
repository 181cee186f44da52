/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Microchip CAN BUS Analyzer on the board's xHCI: the device on the bus
 * of -M presilicon and not on a bare board; its descriptors; the 19-byte
 * messages on the bulk endpoints as mcba_usb sends them (bit rate,
 * termination, firmware versions, frames) and what comes back (status
 * messages, received frames, several stacked in one transfer). Two
 * analyzers on a bare board's CAN bus exchange frames in virtual time;
 * a bit rate mismatch takes the sender to bus-off and the ECAN's own
 * recovery; an injected bus-off; a host that does not read (frames lost
 * and counted) and a bus that does not acknowledge (the OUT endpoint
 * NAKs until there is room). Malformed messages and transfers end in a
 * guest error and the device still answering; system reset; migration
 * with a frame on the bus.
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "presilicon-xhci.h"
#include "hw/net/can/mcba_usb_regs.h"
#include "check-tap.h"
#include <linux/can.h>
#include <net/if.h>
#include <poll.h>
#include <sys/socket.h>

#define TWO_ARGS    "-device mcba-usb,bus=usb-bus.0,id=a " \
                    "-device mcba-usb,bus=usb-bus.0,id=b"
#define PATH_A      "/machine/peripheral/a"
#define PATH_B      "/machine/peripheral/b"

#define SET_CONFIGURATION   0x09
#define GET_DESCRIPTOR      0x06
#define DT_DEVICE           1
#define DT_CONFIG           2
#define RT_IN_STD_DEV       0x80
#define RT_OUT_STD_DEV      0x00
#define RT_IN_VENDOR_DEV    0xc0

#define EP_IN       (PS_USB_DIR_IN | MCBA_EP_IN)
#define MAX_DEVS    2
#define MAX_MSGS    128

typedef struct Dev {
    int slot;
    bool in_queued;
    uint8_t msgs[MAX_MSGS][MCBA_MSG_LEN];
    int n;
} Dev;

typedef struct M {
    PsQTest *t;
    PsXhci *x;
    const char *machine, *args;
    Dev d[MAX_DEVS];
    int ndev;
} M;

static uint16_t desc_id(M *m, int slot, int off)
{
    uint8_t desc[18];
    int n;

    ck_assert_int_eq(ps_xhci_control(m->x, slot, RT_IN_STD_DEV,
                                     GET_DESCRIPTOR, DT_DEVICE << 8, 0,
                                     sizeof(desc), desc, &n),
                     PS_XHCI_CC_SUCCESS);
    ck_assert_int_eq(n, sizeof(desc));
    return lduw_le_p(desc + off);
}

/* Address every analyzer on the bus and configure it as mcba_usb does. */
static void m_enumerate(M *m)
{
    m->x = ps_xhci_init(m->t->qts);
    m->ndev = 0;
    for (int port = 1; port <= 8; port++) {
        int slot;

        if (!(ps_xhci_portsc(m->x, port) & 1)) {
            continue;
        }
        slot = ps_xhci_attach(m->x, port, 8);
        if (desc_id(m, slot, 8) != MCBA_VENDOR_ID ||
            desc_id(m, slot, 10) != MCBA_PRODUCT_ID) {
            continue;           /* the board's touchscreen */
        }
        ck_assert_int_lt(m->ndev, MAX_DEVS);
        memset(&m->d[m->ndev], 0, sizeof(Dev));
        m->d[m->ndev].slot = slot;
        ck_assert_int_eq(ps_xhci_control(m->x, slot, RT_OUT_STD_DEV,
                                         SET_CONFIGURATION, MCBA_CONFIG_VALUE,
                                         0, 0, NULL, NULL),
                         PS_XHCI_CC_SUCCESS);
        ck_assert_int_eq(ps_xhci_configure_bulk(m->x, slot, MCBA_EP_IN,
                                                MCBA_EP_OUT,
                                                MCBA_EP_MAX_PACKET),
                         PS_XHCI_CC_SUCCESS);
        m->ndev++;
    }
}

static M *m_start(const char *machine, const char *args)
{
    M *m = g_new0(M, 1);

    m->machine = machine;
    m->args = args;
    m->t = ps_qtest_start(machine, "%s", args);
    m_enumerate(m);
    return m;
}

static void m_stop(M *m)
{
    ps_xhci_free(m->x);
    ps_qtest_quit(m->t);
    g_free(m);
}

static void step_us(M *m, int64_t us)
{
    qtest_clock_step(m->t->qts, us * 1000);
}

static int64_t qom_int(M *m, const char *path, const char *prop)
{
    return ps_qom_int(m->t->qts, path, prop);
}

static char *qom_str(M *m, const char *path, const char *prop)
{
    return ps_qom_str(m->t->qts, path, prop);
}

static void inject(M *m, const char *path, const char *what)
{
    g_autofree char *err = ps_qom_set_str(m->t->qts, path, "can-inject",
                                          what);

    ck_assert_msg(!err, "can-inject %s: %s", what, err);
}

static void assert_log_has(M *m, const char *what)
{
    g_autofree char *log = ps_log_take(m->t);

    ck_assert_msg(strstr(log, what), "no guest error '%s' in: %s", what, log);
}

/* An OUT transfer; its completion code (NAK: -1, still pending). */
static int out_raw(M *m, int i, const void *data, int len)
{
    int cc, n;

    ps_xhci_out_queue(m->x, m->d[i].slot, MCBA_EP_OUT, data, len);
    if (!ps_xhci_xfer_done(m->x, m->d[i].slot, MCBA_EP_OUT, &cc, NULL, &n)) {
        return -1;
    }
    return cc;
}

static void send_msg(M *m, int i, const uint8_t *msg)
{
    ck_assert_int_eq(out_raw(m, i, msg, MCBA_MSG_LEN), PS_XHCI_CC_SUCCESS);
}

static void cmd2(M *m, int i, uint8_t cmd, uint8_t a, uint8_t b)
{
    uint8_t msg[MCBA_MSG_LEN] = { cmd, a, b };

    send_msg(m, i, msg);
}

static void set_kbps(M *m, int i, uint16_t kbps)
{
    cmd2(m, i, MCBA_CMD_CHANGE_BIT_RATE, kbps >> 8, kbps & 0xff);
}

/* TRANSMIT_MESSAGE_EV, encoded as mcba_usb_start_xmit() does. */
static void encode_frame(uint8_t *msg, uint32_t id, bool ext, bool rtr,
                         const void *data, int dlc)
{
    memset(msg, 0, MCBA_MSG_LEN);
    msg[MCBA_MSG_CMD] = MCBA_CMD_TRANSMIT_MESSAGE_EV;
    if (ext) {
        stw_be_p(msg + MCBA_CAN_SID, MCBA_SID_EXIDE |
                 ((id & 0x1ffc0000) >> 13) | ((id & 0x30000) >> 16));
        stw_be_p(msg + MCBA_CAN_EID, id & 0xffff);
    } else {
        stw_be_p(msg + MCBA_CAN_SID, (id & 0x7ff) << 5);
    }
    msg[MCBA_CAN_DLC] = dlc | (rtr ? MCBA_DLC_RTR : 0);
    if (data) {
        memcpy(msg + MCBA_CAN_DATA, data, MIN(dlc, 8));
    }
}

static void send_frame(M *m, int i, uint32_t id, bool ext, bool rtr,
                       const void *data, int dlc)
{
    uint8_t msg[MCBA_MSG_LEN];

    encode_frame(msg, id, ext, rtr, data, dlc);
    send_msg(m, i, msg);
}

/* Collect what device i has sent; the IN transfer stays queued on NAK. */
static void poll_in(M *m, int i)
{
    Dev *d = &m->d[i];
    uint8_t buf[MCBA_EP_MAX_PACKET];
    int cc, n;

    for (;;) {
        if (!d->in_queued) {
            ps_xhci_in_queue(m->x, d->slot, MCBA_EP_IN, sizeof(buf));
            d->in_queued = true;
        }
        if (!ps_xhci_xfer_done(m->x, d->slot, EP_IN, &cc, buf, &n)) {
            return;
        }
        d->in_queued = false;
        ck_assert_int_eq(cc, PS_XHCI_CC_SHORT_PACKET);
        ck_assert_int_eq(n % MCBA_MSG_LEN, 0);
        ck_assert_int_le(n, 3 * MCBA_MSG_LEN);
        for (int k = 0; k < n; k += MCBA_MSG_LEN) {
            ck_assert_int_lt(d->n, MAX_MSGS);
            memcpy(d->msgs[d->n++], buf + k, MCBA_MSG_LEN);
        }
    }
}

/* The first message of type cmd from device i, if any (taken). */
static bool take(M *m, int i, uint8_t cmd, uint8_t *out)
{
    Dev *d = &m->d[i];

    poll_in(m, i);
    for (int k = 0; k < d->n; k++) {
        if (d->msgs[k][MCBA_MSG_CMD] != cmd) {
            continue;
        }
        memcpy(out, d->msgs[k], MCBA_MSG_LEN);
        memmove(d->msgs[k], d->msgs[k + 1], (d->n - k - 1) * MCBA_MSG_LEN);
        d->n--;
        return true;
    }
    return false;
}

/* Drop the status messages received so far (the periodic ones). */
static void drop_status(M *m, int i)
{
    uint8_t msg[MCBA_MSG_LEN];

    while (take(m, i, MCBA_CMD_I_AM_ALIVE_FROM_CAN, msg)) {
        continue;
    }
}

static void status(M *m, int i, uint8_t *ka)
{
    drop_status(m, i);
    cmd2(m, i, MCBA_CMD_READ_FW_VERSION, MCBA_PIC_CAN, 0);
    ck_assert_msg(take(m, i, MCBA_CMD_I_AM_ALIVE_FROM_CAN, ka),
                  "no status from the CAN PIC");
}

static uint32_t rx_id(const uint8_t *msg)
{
    uint16_t sid = lduw_be_p(msg + MCBA_CAN_SID);

    if (sid & MCBA_SID_EXIDE) {
        return (sid & 0xffe0) << 13 | (sid & 3) << 16 |
               lduw_be_p(msg + MCBA_CAN_EID);
    }
    return sid >> 5;
}

START_TEST(test_board_device)
{
    M *m = m_start("presilicon", "");
    uint8_t cfg[64];
    g_autofree char *state = NULL;
    int n;

    ck_assert_int_eq(m->ndev, 1);
    /* Off the bus until the host sets a bit rate. */
    state = qom_str(m, "/machine/mcba-usb", "can-state");
    ck_assert_str_eq(state, "stopped");
    ck_assert_int_eq(qom_int(m, "/machine/mcba-usb", "can-bitrate"), 0);
    ck_assert_int_eq(desc_id(m, m->d[0].slot, 2), 0x0200);    /* bcdUSB */
    ck_assert_int_eq(ps_xhci_control(m->x, m->d[0].slot, RT_IN_STD_DEV,
                                     GET_DESCRIPTOR, DT_CONFIG << 8, 0,
                                     sizeof(cfg), cfg, &n),
                     PS_XHCI_CC_SUCCESS);
    ck_assert_int_eq(n, 9 + 9 + 7 + 7);
    ck_assert_int_eq(cfg[9 + 4], 2);                    /* bNumEndpoints */
    ck_assert_int_eq(cfg[9 + 5], 0xff);                 /* vendor class */
    ck_assert_int_eq(cfg[18 + 2], 0x81);
    ck_assert_int_eq(cfg[18 + 3], 2);                   /* bulk */
    ck_assert_int_eq(lduw_le_p(cfg + 18 + 4), MCBA_EP_MAX_PACKET);
    ck_assert_int_eq(cfg[25 + 2], 0x01);
    ck_assert_int_eq(cfg[25 + 3], 2);
    ck_assert_int_eq(lduw_le_p(cfg + 25 + 4), MCBA_EP_MAX_PACKET);
    m_stop(m);

    m = m_start("presilicon,bare=on", "");
    ck_assert_int_eq(m->ndev, 0);
    m_stop(m);
}
END_TEST

/* mcba_usb_start(): READ_FW_VERSION for each PIC; both answer. */
START_TEST(test_firmware_versions)
{
    M *m = m_start("presilicon,bare=on", "-device mcba-usb,bus=usb-bus.0,"
                   "id=a");
    uint8_t ka[MCBA_MSG_LEN];

    ck_assert_int_eq(m->ndev, 1);
    ck_assert(!take(m, 0, MCBA_CMD_I_AM_ALIVE_FROM_USB, ka));
    cmd2(m, 0, MCBA_CMD_READ_FW_VERSION, MCBA_PIC_USB, 0);
    ck_assert(take(m, 0, MCBA_CMD_I_AM_ALIVE_FROM_USB, ka));
    ck_assert_int_eq(ka[MCBA_KA_USB_TERMINATION], MCBA_TERMINATION_OFF);
    ck_assert_int_eq(ka[MCBA_KA_USB_VER_MAJOR], MCBA_FW_USB_MAJOR);
    ck_assert_int_eq(ka[MCBA_KA_USB_VER_MINOR], MCBA_FW_USB_MINOR);

    status(m, 0, ka);
    ck_assert_int_eq(lduw_be_p(ka + MCBA_KA_CAN_BITRATE), MCBA_DEFAULT_KBPS);
    ck_assert_int_eq(ka[MCBA_KA_CAN_TEC], 0);
    ck_assert_int_eq(ka[MCBA_KA_CAN_TX_BUS_OFF], 0);
    ck_assert_int_eq(ka[MCBA_KA_CAN_VER_MAJOR], MCBA_FW_CAN_MAJOR);

    /* Termination: on is 0 (CAN_RES driven low), as mcba_usb encodes it. */
    cmd2(m, 0, MCBA_CMD_SETUP_TERMINATION, MCBA_TERMINATION_ON, 0);
    ck_assert(qtest_qom_get_bool(m->t->qts, PATH_A, "termination"));
    cmd2(m, 0, MCBA_CMD_READ_FW_VERSION, MCBA_PIC_USB, 0);
    ck_assert(take(m, 0, MCBA_CMD_I_AM_ALIVE_FROM_USB, ka));
    ck_assert_int_eq(ka[MCBA_KA_USB_TERMINATION], MCBA_TERMINATION_ON);

    /* The CAN PIC reports by itself every second of virtual time. */
    drop_status(m, 0);
    step_us(m, MCBA_KA_PERIOD_MS * 1000);
    ck_assert(take(m, 0, MCBA_CMD_I_AM_ALIVE_FROM_CAN, ka));
    ck_assert(!take(m, 0, MCBA_CMD_I_AM_ALIVE_FROM_CAN, ka));
    m_stop(m);
}
END_TEST

START_TEST(test_two_nodes)
{
    M *m = m_start("presilicon,bare=on", TWO_ARGS);
    static const uint8_t d4[] = { 0xde, 0xad, 0xbe, 0xef };
    static const uint8_t d8[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    uint8_t msg[MCBA_MSG_LEN];

    ck_assert_int_eq(m->ndev, 2);
    set_kbps(m, 0, 500);
    set_kbps(m, 1, 500);
    ck_assert_int_eq(qom_int(m, PATH_A, "can-bitrate"), 500000);

    /* 0x123 with 4 bytes is ~80 bits: 160 us at 500 kbit/s. */
    send_frame(m, 0, 0x123, false, false, d4, 4);
    step_us(m, 50);
    ck_assert(!take(m, 1, MCBA_CMD_RECEIVE_MESSAGE, msg));
    step_us(m, 500);
    ck_assert(take(m, 1, MCBA_CMD_RECEIVE_MESSAGE, msg));
    ck_assert_int_eq(rx_id(msg), 0x123);
    ck_assert_int_eq(lduw_be_p(msg + MCBA_CAN_SID) & MCBA_SID_EXIDE, 0);
    ck_assert_int_eq(msg[MCBA_CAN_DLC], 4);
    ck_assert_mem_eq(msg + MCBA_CAN_DATA, d4, 4);

    /* Extended and remote frames, the other way. */
    send_frame(m, 1, 0x1f334455, true, false, d8, 8);
    send_frame(m, 1, 0x7ff, false, true, NULL, 2);
    step_us(m, 1000);
    ck_assert(take(m, 0, MCBA_CMD_RECEIVE_MESSAGE, msg));
    ck_assert_int_eq(lduw_be_p(msg + MCBA_CAN_SID) & MCBA_SID_EXIDE,
                     MCBA_SID_EXIDE);
    ck_assert_int_eq(rx_id(msg), 0x1f334455);
    ck_assert_int_eq(msg[MCBA_CAN_DLC], 8);
    ck_assert_mem_eq(msg + MCBA_CAN_DATA, d8, 8);
    ck_assert(take(m, 0, MCBA_CMD_RECEIVE_MESSAGE, msg));
    ck_assert_int_eq(rx_id(msg), 0x7ff);
    ck_assert_int_eq(msg[MCBA_CAN_DLC], MCBA_DLC_RTR | 2);
    ck_assert(!take(m, 0, MCBA_CMD_RECEIVE_MESSAGE, msg));

    ck_assert_int_eq(qom_int(m, PATH_A, "can-tx-frames"), 1);
    ck_assert_int_eq(qom_int(m, PATH_B, "can-tx-frames"), 2);
    ck_assert_int_eq(qom_int(m, PATH_A, "can-rx-frames"), 2);
    m_stop(m);
}
END_TEST

/* 500 against 250 kbit/s: error flags, bus-off, the ECAN's recovery. */
START_TEST(test_bitrate_mismatch)
{
    M *m = m_start("presilicon,bare=on", TWO_ARGS);
    uint8_t msg[MCBA_MSG_LEN], ka[MCBA_MSG_LEN];
    bool seen_off = false, seen_back = false;

    set_kbps(m, 0, 500);
    set_kbps(m, 1, 250);
    drop_status(m, 0);
    send_frame(m, 0, 0x100, false, false, "x", 1);
    for (int i = 0; i < 40 && !seen_back; i++) {
        step_us(m, 500);
        while (take(m, 0, MCBA_CMD_I_AM_ALIVE_FROM_CAN, ka)) {
            if (ka[MCBA_KA_CAN_TX_BUS_OFF]) {
                ck_assert_int_eq(ka[MCBA_KA_CAN_TEC], 255);
                ck_assert(ka[MCBA_KA_CAN_STAT] & MCBA_COMSTAT_TXBO);
                seen_off = true;
            } else if (seen_off) {
                ck_assert_int_eq(ka[MCBA_KA_CAN_TEC], 0);
                seen_back = true;
            }
        }
    }
    ck_assert_msg(seen_off && seen_back, "bus-off %d, recovered %d",
                  seen_off, seen_back);
    ck_assert(!take(m, 1, MCBA_CMD_RECEIVE_MESSAGE, msg));
    ck_assert_int_ge(qom_int(m, PATH_B, "can-rec"), 32);
    /* The frame was dropped at bus-off: nothing more goes out. */
    ck_assert_int_eq(qom_int(m, PATH_A, "can-tx-frames"), 0);
    step_us(m, 5000);
    ck_assert_int_eq(qom_int(m, PATH_A, "can-tec"), 0);
    m_stop(m);
}
END_TEST

START_TEST(test_bus_off_injected)
{
    M *m = m_start("presilicon,bare=on", "-device mcba-usb,bus=usb-bus.0,"
                   "id=a");
    uint8_t ka[MCBA_MSG_LEN];
    g_autofree char *st = NULL;

    set_kbps(m, 0, 500);
    drop_status(m, 0);
    inject(m, PATH_A, "error-passive");
    ck_assert(take(m, 0, MCBA_CMD_I_AM_ALIVE_FROM_CAN, ka));
    ck_assert_int_eq(ka[MCBA_KA_CAN_TEC], 128);
    ck_assert_int_eq(ka[MCBA_KA_CAN_STAT], MCBA_COMSTAT_TXBP |
                     MCBA_COMSTAT_TXWARN | MCBA_COMSTAT_EWARN);
    inject(m, PATH_A, "bus-off");
    ck_assert(take(m, 0, MCBA_CMD_I_AM_ALIVE_FROM_CAN, ka));
    ck_assert_int_eq(ka[MCBA_KA_CAN_TX_BUS_OFF], 1);
    /* 128 x 11 bits at 500 kbit/s: 2.816 ms. */
    step_us(m, 2700);
    st = qom_str(m, PATH_A, "can-state");
    ck_assert_str_eq(st, "bus-off");
    step_us(m, 200);
    g_free(st);
    st = qom_str(m, PATH_A, "can-state");
    ck_assert_str_eq(st, "error-active");
    ck_assert(take(m, 0, MCBA_CMD_I_AM_ALIVE_FROM_CAN, ka));
    ck_assert_int_eq(ka[MCBA_KA_CAN_TX_BUS_OFF], 0);
    ck_assert_int_eq(ka[MCBA_KA_CAN_TEC], 0);
    m_stop(m);
}
END_TEST

/* A host that does not read: 64 frames wait, the rest are counted lost. */
START_TEST(test_rx_overflow)
{
    M *m = m_start("presilicon,bare=on", "-device mcba-usb,bus=usb-bus.0,"
                   "id=a");
    uint8_t buf[MCBA_EP_MAX_PACKET], ka[MCBA_MSG_LEN];
    int cc, n, got = 0;

    set_kbps(m, 0, 500);
    for (int i = 0; i < MCBA_RX_DEPTH + 6; i++) {
        g_autofree char *f = g_strdup_printf("%03X#%02X", i, i);

        inject(m, PATH_A, f);
    }
    ck_assert_int_eq(qom_int(m, PATH_A, "rx-lost"), 6);
    /* Three messages fit in one 64-byte transfer. */
    ps_xhci_in_queue(m->x, m->d[0].slot, MCBA_EP_IN, sizeof(buf));
    ck_assert(ps_xhci_xfer_done(m->x, m->d[0].slot, EP_IN, &cc, buf, &n));
    ck_assert_int_eq(n, 3 * MCBA_MSG_LEN);
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(buf[k * MCBA_MSG_LEN], MCBA_CMD_RECEIVE_MESSAGE);
        ck_assert_int_eq(rx_id(buf + k * MCBA_MSG_LEN), k);
        ck_assert_int_eq(buf[k * MCBA_MSG_LEN + MCBA_CAN_DATA], k);
    }
    got = 3;
    for (;;) {
        uint8_t msg[MCBA_MSG_LEN];

        if (!take(m, 0, MCBA_CMD_RECEIVE_MESSAGE, msg)) {
            break;
        }
        ck_assert_int_eq(rx_id(msg), got);
        got++;
    }
    ck_assert_int_eq(got, MCBA_RX_DEPTH);
    status(m, 0, ka);
    ck_assert_int_eq(ka[MCBA_KA_CAN_RX_OVFL], 1);
    ck_assert_int_eq(lduw_le_p(ka + MCBA_KA_CAN_RX_LOST), 6);
    ck_assert(ka[MCBA_KA_CAN_STAT] & MCBA_COMSTAT_RXBNOVFL);
    /* The overflow flag is reported once; the count stays. */
    status(m, 0, ka);
    ck_assert_int_eq(ka[MCBA_KA_CAN_RX_OVFL], 0);
    ck_assert_int_eq(lduw_le_p(ka + MCBA_KA_CAN_RX_LOST), 6);
    m_stop(m);
}
END_TEST

/* Nobody acknowledges: 16 frames wait and the OUT endpoint NAKs. */
START_TEST(test_tx_queue_full)
{
    M *m = m_start("presilicon,bare=on", TWO_ARGS);
    uint8_t msg[MCBA_MSG_LEN];
    int cc, n;

    set_kbps(m, 0, 500);
    for (int i = 0; i < MCBA_TX_DEPTH; i++) {
        send_frame(m, 0, 0x200 + i, false, false, &i, 1);
        step_us(m, 100);
    }
    encode_frame(msg, 0x2ff, false, false, "z", 1);
    ck_assert_int_eq(out_raw(m, 0, msg, MCBA_MSG_LEN), -1);
    step_us(m, 10000);
    ck_assert(!ps_xhci_xfer_done(m->x, m->d[0].slot, MCBA_EP_OUT, &cc, NULL,
                               &n));
    ck_assert_int_eq(qom_int(m, PATH_A, "can-tec"), 128);   /* passive */

    /* A second node joins: the frames go, in order, and room appears. */
    set_kbps(m, 1, 500);
    step_us(m, 10000);
    ck_assert(ps_xhci_xfer_done(m->x, m->d[0].slot, MCBA_EP_OUT, &cc, NULL,
                              &n));
    ck_assert_int_eq(cc, PS_XHCI_CC_SUCCESS);
    ck_assert_int_eq(n, MCBA_MSG_LEN);
    for (int i = 0; i < MCBA_TX_DEPTH; i++) {
        ck_assert(take(m, 1, MCBA_CMD_RECEIVE_MESSAGE, msg));
        ck_assert_int_eq(rx_id(msg), 0x200 + i);
    }
    ck_assert(take(m, 1, MCBA_CMD_RECEIVE_MESSAGE, msg));
    ck_assert_int_eq(rx_id(msg), 0x2ff);
    ck_assert_int_eq(qom_int(m, PATH_A, "can-tx-frames"), MCBA_TX_DEPTH + 1);
    m_stop(m);
}
END_TEST

START_TEST(test_hostile_messages)
{
    M *m = m_start("presilicon,bare=on", TWO_ARGS);
    uint8_t msg[MCBA_MSG_LEN], ka[MCBA_MSG_LEN], big[20 * MCBA_MSG_LEN];
    uint8_t buf[MCBA_EP_MAX_PACKET];
    int cc, n;

    set_kbps(m, 0, 500);
    set_kbps(m, 1, 500);
    g_free(ps_log_take(m->t));

    cmd2(m, 0, 0x55, 0, 0);
    assert_log_has(m, "unknown command 0x55");
    set_kbps(m, 0, 123);
    assert_log_has(m, "CHANGE_BIT_RATE to 123 kbit/s");
    ck_assert_int_eq(qom_int(m, PATH_A, "can-bitrate"), 500000);
    cmd2(m, 0, MCBA_CMD_SETUP_TERMINATION, 7, 0);
    assert_log_has(m, "SETUP_TERMINATION_RESISTANCE 7");
    cmd2(m, 0, MCBA_CMD_READ_FW_VERSION, 9, 0);
    assert_log_has(m, "READ_FW_VERSION of PIC 9");
    ck_assert_int_eq(qom_int(m, PATH_A, "bad-messages"), 4);

    /* DLC 15: the frame goes with 8 bytes. */
    encode_frame(msg, 0x321, false, false, "abcdefgh", 8);
    msg[MCBA_CAN_DLC] = 15;
    send_msg(m, 0, msg);
    assert_log_has(m, "DLC 15");
    step_us(m, 1000);
    ck_assert(take(m, 1, MCBA_CMD_RECEIVE_MESSAGE, ka));
    ck_assert_int_eq(ka[MCBA_CAN_DLC], 8);
    ck_assert_mem_eq(ka + MCBA_CAN_DATA, "abcdefgh", 8);

    /* A message and a stray byte: the message counts, the byte does not. */
    memset(big, 0, sizeof(big));
    encode_frame(big, 0x322, false, false, "1", 1);
    ck_assert_int_eq(out_raw(m, 0, big, MCBA_MSG_LEN + 1),
                     PS_XHCI_CC_SUCCESS);
    assert_log_has(m, "the last 1 dropped");
    step_us(m, 1000);
    ck_assert(take(m, 1, MCBA_CMD_RECEIVE_MESSAGE, ka));
    ck_assert_int_eq(rx_id(ka), 0x322);

    /* More frames in one transfer than the analyzer buffers: STALL. */
    for (int i = 0; i < 20; i++) {
        encode_frame(big + i * MCBA_MSG_LEN, 0x400 + i, false, false, "", 0);
    }
    ck_assert_int_eq(out_raw(m, 0, big, sizeof(big)), PS_XHCI_CC_STALL);
    assert_log_has(m, "OUT transfer of 20 frames");
    ps_xhci_recover(m->x, m->d[0].slot, MCBA_EP_OUT);

    /*
     * A transfer of no bytes (how QEMU's xHCI runs the No-Op TRB Linux
     * leaves for a cancelled URB) completes and takes no message.
     */
    cmd2(m, 0, MCBA_CMD_READ_FW_VERSION, MCBA_PIC_USB, 0);
    ps_xhci_in_queue(m->x, m->d[0].slot, MCBA_EP_IN, 0);
    ck_assert(ps_xhci_xfer_done(m->x, m->d[0].slot, EP_IN, &cc, buf, &n));
    ck_assert_int_eq(cc, PS_XHCI_CC_SUCCESS);
    ck_assert_int_eq(n, 0);

    /* An IN buffer shorter than a message: babble. */
    ps_xhci_in_queue(m->x, m->d[0].slot, MCBA_EP_IN, 10);
    ck_assert(ps_xhci_xfer_done(m->x, m->d[0].slot, EP_IN, &cc, buf, &n));
    ck_assert_int_eq(cc, PS_XHCI_CC_BABBLE);
    assert_log_has(m, "shorter than a 19-byte message");
    ps_xhci_recover(m->x, m->d[0].slot, EP_IN);

    /* A vendor request: STALL. */
    ck_assert_int_eq(ps_xhci_control(m->x, m->d[0].slot, RT_IN_VENDOR_DEV,
                                     1, 0, 0, 4, buf, &n), PS_XHCI_CC_STALL);
    assert_log_has(m, "no vendor requests");

    /* Still answering, and nothing of the stalled transfer went out. */
    ck_assert(take(m, 0, MCBA_CMD_I_AM_ALIVE_FROM_USB, ka));
    status(m, 0, ka);
    ck_assert_int_eq(lduw_be_p(ka + MCBA_KA_CAN_BITRATE), 500);
    step_us(m, 5000);
    ck_assert(!take(m, 1, MCBA_CMD_RECEIVE_MESSAGE, ka));
    ck_assert_int_eq(qom_int(m, PATH_A, "can-tx-frames"), 2);
    m_stop(m);
}
END_TEST

START_TEST(test_system_reset)
{
    M *m = m_start("presilicon,bare=on", TWO_ARGS);
    uint8_t ka[MCBA_MSG_LEN];

    set_kbps(m, 0, 250);
    cmd2(m, 0, MCBA_CMD_SETUP_TERMINATION, MCBA_TERMINATION_ON, 0);
    inject(m, PATH_A, "123#01");
    inject(m, PATH_A, "error-passive");
    /*
     * The analyzer is powered by the bus and keeps its state through the
     * board's reset; the host's port reset at enumeration resets it.
     */
    qtest_qmp_assert_success(m->t->qts, "{'execute': 'system_reset'}");
    ck_assert_int_eq(qom_int(m, PATH_A, "can-bitrate"), 250000);
    ps_xhci_free(m->x);
    m_enumerate(m);
    ck_assert_int_eq(m->ndev, 2);
    ck_assert_int_eq(qom_int(m, PATH_A, "can-bitrate"), 0);
    ck_assert_int_eq(qom_int(m, PATH_A, "can-tec"), 0);
    ck_assert(!qtest_qom_get_bool(m->t->qts, PATH_A, "termination"));
    status(m, 0, ka);
    ck_assert_int_eq(lduw_be_p(ka + MCBA_KA_CAN_BITRATE), MCBA_DEFAULT_KBPS);
    ck_assert(!take(m, 0, MCBA_CMD_RECEIVE_MESSAGE, ka));
    /* Off the bus until the host sets a bit rate: no acknowledgement. */
    set_kbps(m, 1, 500);
    send_frame(m, 1, 0x55, false, false, "", 0);
    step_us(m, 1000);
    ck_assert_int_eq(qom_int(m, PATH_B, "can-tx-frames"), 0);
    set_kbps(m, 0, 500);
    step_us(m, 1000);
    ck_assert_int_eq(qom_int(m, PATH_B, "can-tx-frames"), 1);
    ck_assert(take(m, 0, MCBA_CMD_RECEIVE_MESSAGE, ka));
    m_stop(m);
}
END_TEST

/* A frame on the bus and frames waiting for the host cross a migration. */
START_TEST(test_migration_mid_frame)
{
    M *m = m_start("presilicon,bare=on", TWO_ARGS);
    static const uint8_t d8[] = { 8, 7, 6, 5, 4, 3, 2, 1 };
    uint8_t msg[MCBA_MSG_LEN];
    PsQTest *dst;

    set_kbps(m, 0, 500);
    set_kbps(m, 1, 500);
    inject(m, PATH_B, "42#AA");
    inject(m, PATH_B, "43#BB");
    send_frame(m, 0, 0xabcde, true, false, d8, 8);
    step_us(m, 50);
    ck_assert_int_eq(qom_int(m, PATH_B, "can-rx-frames"), 2);

    dst = ps_migrate(m->t, m->machine, m->args);
    ps_qtest_quit(m->t);
    m->t = dst;
    ps_xhci_set_qts(m->x, dst->qts);
    step_us(m, 1000);
    ck_assert_int_eq(qom_int(m, PATH_A, "can-tx-frames"), 1);
    ck_assert(take(m, 1, MCBA_CMD_RECEIVE_MESSAGE, msg));
    ck_assert_int_eq(rx_id(msg), 0x42);
    ck_assert_int_eq(msg[MCBA_CAN_DATA], 0xaa);
    ck_assert(take(m, 1, MCBA_CMD_RECEIVE_MESSAGE, msg));
    ck_assert_int_eq(rx_id(msg), 0x43);
    ck_assert(take(m, 1, MCBA_CMD_RECEIVE_MESSAGE, msg));
    ck_assert_int_eq(rx_id(msg), 0xabcde);
    ck_assert_mem_eq(msg + MCBA_CAN_DATA, d8, 8);
    m_stop(m);
}
END_TEST

/*
 * The board's CAN bus bridged to a host SocketCAN interface with QEMU's
 * can-host-socketcan: a frame from the analyzer reaches a raw socket on
 * the host interface, and one written there reaches the analyzer.
 */
static const char *vcan_name(void)
{
    return getenv("PRESILICON_VCAN") ? getenv("PRESILICON_VCAN") : "vcan0";
}

START_TEST(test_host_socketcan)
{
    g_autofree char *args = g_strdup_printf(
        "-device mcba-usb,bus=usb-bus.0,id=a "
        "-object can-host-socketcan,id=host,if=%s,canbus=canbus0",
        vcan_name());
    struct sockaddr_can addr = { .can_family = AF_CAN };
    struct can_frame cf = { 0 };
    uint8_t msg[MCBA_MSG_LEN];
    struct pollfd pfd;
    gint64 deadline;
    M *m;
    int fd;

    fd = socket(PF_CAN, SOCK_RAW, CAN_RAW);
    ck_assert_int_ge(fd, 0);
    addr.can_ifindex = if_nametoindex(vcan_name());
    ck_assert_int_eq(bind(fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
    m = m_start("presilicon,bare=on", args);
    set_kbps(m, 0, 500);

    send_frame(m, 0, 0x5a5, false, false, "\x11\x22", 2);
    step_us(m, 1000);
    pfd = (struct pollfd){ .fd = fd, .events = POLLIN };
    ck_assert_int_eq(poll(&pfd, 1, 5000), 1);
    ck_assert_int_eq(read(fd, &cf, sizeof(cf)), sizeof(cf));
    ck_assert_uint_eq(cf.can_id, 0x5a5);
    ck_assert_int_eq(cf.len, 2);
    ck_assert_int_eq(cf.data[1], 0x22);

    cf = (struct can_frame){ .can_id = 0x1abcdef | CAN_EFF_FLAG, .len = 1,
                             .data = { 0x77 } };
    ck_assert_int_eq(write(fd, &cf, sizeof(cf)), sizeof(cf));
    /* QEMU's main loop reads the host socket: bounded in real time. */
    deadline = g_get_monotonic_time() + 5 * G_USEC_PER_SEC;
    while (!take(m, 0, MCBA_CMD_RECEIVE_MESSAGE, msg)) {
        ck_assert_msg(g_get_monotonic_time() < deadline,
                      "the host's frame did not arrive");
        step_us(m, 100);
        g_usleep(1000);
    }
    ck_assert_uint_eq(rx_id(msg), 0x1abcdef);
    ck_assert_int_eq(msg[MCBA_CAN_DATA], 0x77);
    close(fd);
    m_stop(m);
}
END_TEST

/*
 * PRESILICON_SOCKETCAN=1: the bridge test alone (its own meson test),
 * skipped as a whole where the host has no vcan interface.
 */
static int socketcan_main(void)
{
    Suite *s = suite_create("can-socketcan");
    TCase *tc = tcase_create("host");

    if (!if_nametoindex(vcan_name())) {
        printf("1..0 # SKIP no %s on this host (as root: modprobe vcan; "
               "ip link add %s type vcan; ip link set %s up)\n",
               vcan_name(), vcan_name(), vcan_name());
        return 0;
    }
    tcase_add_test(tc, test_host_socketcan);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return ps_check_run(s);
}

int main(void)
{
    Suite *s = suite_create("mcba-usb");
    TCase *dev = tcase_create("device");
    TCase *frames = tcase_create("frames");
    TCase *bad = tcase_create("hostile");

    if (getenv("PRESILICON_SOCKETCAN")) {
        return socketcan_main();
    }
    tcase_add_test(dev, test_board_device);
    tcase_add_test(dev, test_firmware_versions);
    tcase_add_test(dev, test_system_reset);
    tcase_add_test(frames, test_two_nodes);
    tcase_add_test(frames, test_bitrate_mismatch);
    tcase_add_test(frames, test_bus_off_injected);
    tcase_add_test(frames, test_rx_overflow);
    tcase_add_test(frames, test_tx_queue_full);
    tcase_add_test(frames, test_migration_mid_frame);
    tcase_add_test(bad, test_hostile_messages);
    tcase_set_timeout(dev, 60);
    tcase_set_timeout(frames, 60);
    tcase_set_timeout(bad, 60);
    suite_add_tcase(s, dev);
    suite_add_tcase(s, frames);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
