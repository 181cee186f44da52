/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Elo Accutouch 2216 on the board's xHCI: the xHCI's node, the device on
 * the bus of -M presilicon and of a bare board with -device (where the
 * other cases run, alone on the bus); its device,
 * configuration, HID and report descriptors read over the xHCI; touches
 * injected through QEMU's input layer (QMP input-send-event) arriving as
 * interrupt IN reports on the panel's range, the release, no report while
 * untouched; GET_REPORT, SET_IDLE/GET_IDLE and idle repeats in virtual
 * time; a full report queue; malformed class and standard requests and a
 * short IN buffer (STALL or babble and a guest error, the device still
 * answering); USB and system reset; migration with reports queued.
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "presilicon-xhci.h"
#include "hw/usb/accutouch_regs.h"
#include "check-tap.h"
#include <libfdt.h>

#define DEV_PATH    "/machine/accutouch"
#define BARE_ARGS   "-device accutouch,bus=usb-bus.0"

/* Standard requests (USB 2.0, 9.4) and HID class requests (HID 1.11, 7.2). */
#define GET_STATUS          0x00
#define SET_CONFIGURATION   0x09
#define GET_DESCRIPTOR      0x06
#define DT_DEVICE           1
#define DT_CONFIG           2
#define DT_STRING           3
#define HID_GET_REPORT      0x01
#define HID_GET_IDLE        0x02
#define HID_GET_PROTOCOL    0x03
#define HID_SET_REPORT      0x09
#define HID_SET_IDLE        0x0a
#define RT_IN_STD_DEV       0x80
#define RT_OUT_STD_DEV      0x00
#define RT_IN_STD_IF        0x81
#define RT_IN_CLASS_IF      0xa1
#define RT_OUT_CLASS_IF     0x21
#define RT_IN_VENDOR_DEV    0xc0

typedef struct Touch {
    PsQTest *t;
    PsXhci *x;
    int slot;
} Touch;

static Touch *touch_start(const char *machine, const char *args)
{
    Touch *d = g_new0(Touch, 1);
    int port;

    d->t = ps_qtest_start(machine, "%s", args);
    d->x = ps_xhci_init(d->t->qts);
    port = ps_xhci_connected_port(d->x);
    ck_assert_msg(port > 0, "no device on the xHCI's ports");
    d->slot = ps_xhci_attach(d->x, port, ACCUTOUCH_EP0_MAX_PACKET);
    return d;
}

static void touch_stop(Touch *d)
{
    ps_xhci_free(d->x);
    ps_qtest_quit(d->t);
    g_free(d);
}

/* SET_CONFIGURATION and the interrupt endpoint, as usbhid gets there. */
static void touch_configure(Touch *d)
{
    ck_assert_int_eq(ps_xhci_control(d->x, d->slot, RT_OUT_STD_DEV,
                                     SET_CONFIGURATION, ACCUTOUCH_CONFIG_VALUE,
                                     0, 0, NULL, NULL), PS_XHCI_CC_SUCCESS);
    ck_assert_int_eq(ps_xhci_configure_int_in(d->x, d->slot, ACCUTOUCH_EP_IN,
                                              ACCUTOUCH_EP_MAX_PACKET),
                     PS_XHCI_CC_SUCCESS);
}

static int get_desc(Touch *d, uint8_t rt, int type, int index, int len,
                    uint8_t *buf)
{
    int actual = -1;

    ck_assert_int_eq(ps_xhci_control(d->x, d->slot, rt, GET_DESCRIPTOR,
                                     (type << 8) | index,
                                     rt == RT_IN_STD_IF ? ACCUTOUCH_INTERFACE
                                                        : 0,
                                     len, buf, &actual), PS_XHCI_CC_SUCCESS);
    return actual;
}

/* A touch (or a move, or the release) through the input layer, as QMP. */
static void inject(Touch *d, int x, int y, bool down)
{
    QDict *rsp = qtest_qmp(d->t->qts, "{'execute': 'input-send-event',"
        " 'arguments': {'events': ["
        " {'type': 'abs', 'data': {'axis': 'x', 'value': %d}},"
        " {'type': 'abs', 'data': {'axis': 'y', 'value': %d}},"
        " {'type': 'btn', 'data': {'button': 'left', 'down': %i}}]}}",
        x, y, down);

    ck_assert_msg(!qdict_haskey(rsp, "error"), "input-send-event failed");
    qobject_unref(rsp);
}

/*
 * The xHCI polls an interrupt endpoint at its interval (1 ms here) in
 * virtual time: step the clock until the oldest IN transfer completes.
 */
static bool wait_in(Touch *d, int *cc, uint8_t *r, int *n)
{
    for (int ms = 0; ms < 10; ms++) {
        if (ps_xhci_in_done(d->x, cc, r, n)) {
            return true;
        }
        qtest_clock_step(d->t->qts, 1000 * 1000);
    }
    return ps_xhci_in_done(d->x, cc, r, n);
}

/* The next report on the interrupt endpoint, which must arrive. */
static void expect_report(Touch *d, bool touch, int qx, int qy)
{
    uint8_t r[ACCUTOUCH_EP_MAX_PACKET];
    int cc, n;

    ck_assert_msg(wait_in(d, &cc, r, &n), "no report arrived");
    ck_assert_int_eq(cc, PS_XHCI_CC_SHORT_PACKET);
    ck_assert_int_eq(n, ACCUTOUCH_REPORT_LEN);
    ck_assert_int_eq(r[0], touch ? ACCUTOUCH_REPORT_TOUCH : 0);
    ck_assert_int_eq(lduw_le_p(r + ACCUTOUCH_REPORT_X), accutouch_scale(qx));
    ck_assert_int_eq(lduw_le_p(r + ACCUTOUCH_REPORT_Y), accutouch_scale(qy));
}

static void queue_in(Touch *d)
{
    ps_xhci_in_queue(d->x, d->slot, ACCUTOUCH_EP_IN, ACCUTOUCH_EP_MAX_PACKET);
}

/* After 5 ms (five polls of the endpoint), still no report. */
static bool in_pending(Touch *d)
{
    int cc, n;
    uint8_t r[ACCUTOUCH_EP_MAX_PACKET];

    qtest_clock_step(d->t->qts, 5 * 1000 * 1000);
    return !ps_xhci_in_done(d->x, &cc, r, &n);
}

static void check_xhci_node(const void *fdt)
{
    int node = ps_fdt_node_by_compat(fdt, "generic-xhci");
    const fdt32_t *irq;
    uint64_t base, size;
    int len;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    ck_assert_int_eq(base, PS_XHCI_BASE);
    ck_assert_int_eq(size, 0x4000);
    irq = fdt_getprop(fdt, node, "interrupts", &len);
    ck_assert_int_eq(len, 12);
    ck_assert_int_eq(fdt32_to_cpu(irq[0]), 0);          /* SPI */
    ck_assert_int_eq(fdt32_to_cpu(irq[1]), PS_XHCI_SPI);
    ck_assert_int_eq(fdt32_to_cpu(irq[2]), 4);          /* level high */
}

START_TEST(test_xhci_node)
{
    static const char *const machines[] = { "presilicon",
                                            "presilicon,bare=on" };

    for (int i = 0; i < ARRAY_SIZE(machines); i++) {
        PsQTest *t = ps_qtest_start(machines[i], "%s", "");
        g_autofree void *fdt = ps_dtb(t);

        check_xhci_node(fdt);
        ps_qtest_quit(t);
    }
}
END_TEST

/* -M presilicon carries one; a bare board none until -device adds it. */
START_TEST(test_bus_attachment)
{
    PsQTest *t = ps_qtest_start("presilicon,bare=on", "%s", "");
    PsXhci *x = ps_xhci_init(t->qts);
    Touch *d;

    ck_assert_int_eq(ps_xhci_connected_port(x), 0);
    ps_xhci_free(x);
    ps_qtest_quit(t);

    d = touch_start("presilicon", "");
    ck_assert(qtest_qom_get_bool(d->t->qts, DEV_PATH, "attached"));
    touch_stop(d);

    d = touch_start("presilicon,bare=on", BARE_ARGS);
    touch_stop(d);
}
END_TEST

START_TEST(test_bad_bus_named)
{
    g_autofree char *cmd = g_strdup_printf(
        "%s -M presilicon,bare=on -display none "
        "-device accutouch,bus=usb-bus.7", g_getenv("QTEST_QEMU_BINARY"));
    g_autofree char *err = NULL;
    int status;

    ck_assert(g_spawn_command_line_sync(cmd, NULL, &err, &status, NULL));
    ck_assert_int_ne(status, 0);
    ck_assert_msg(strstr(err, "usb-bus.7"), "'%s' does not name the bus", err);
}
END_TEST

START_TEST(test_device_descriptor)
{
    Touch *d = touch_start("presilicon", "");
    uint8_t dd[18];

    ck_assert_int_eq(get_desc(d, RT_IN_STD_DEV, DT_DEVICE, 0, 18, dd), 18);
    ck_assert_int_eq(dd[0], 18);
    ck_assert_int_eq(dd[1], DT_DEVICE);
    ck_assert_int_eq(lduw_le_p(dd + 2), 0x0110);            /* bcdUSB */
    ck_assert_int_eq(dd[4], 0);                             /* per iface */
    ck_assert_int_eq(dd[7], ACCUTOUCH_EP0_MAX_PACKET);
    ck_assert_int_eq(lduw_le_p(dd + 8), ACCUTOUCH_VENDOR_ID);
    ck_assert_int_eq(lduw_le_p(dd + 10), ACCUTOUCH_PRODUCT_ID);
    ck_assert_int_eq(dd[17], 1);                            /* configs */
    /* A full-speed device on a USB 2 port (PORTSC speed 1). */
    ck_assert_int_eq((ps_xhci_portsc(d->x, ps_xhci_connected_port(d->x))
                      >> 10) & 0xf, 1);
    touch_stop(d);
}
END_TEST

START_TEST(test_config_and_hid_descriptors)
{
    Touch *d = touch_start("presilicon,bare=on", BARE_ARGS);
    uint8_t c[64], h[9];
    int n = get_desc(d, RT_IN_STD_DEV, DT_CONFIG, 0, sizeof(c), c);

    /* Configuration, interface, HID, endpoint: 9 + 9 + 9 + 7 bytes. */
    ck_assert_int_eq(n, 34);
    ck_assert_int_eq(lduw_le_p(c + 2), 34);
    ck_assert_int_eq(c[4], 1);                              /* interfaces */
    ck_assert_int_eq(c[5], ACCUTOUCH_CONFIG_VALUE);
    ck_assert_int_eq(c[9 + 1], 4);                          /* interface */
    ck_assert_int_eq(c[9 + 4], 1);                          /* endpoints */
    ck_assert_int_eq(c[9 + 5], 3);                          /* HID */
    ck_assert_int_eq(c[9 + 6], 0);                          /* no boot */
    ck_assert_int_eq(c[18 + 1], ACCUTOUCH_DT_HID);
    ck_assert_int_eq(c[18 + 6], ACCUTOUCH_DT_REPORT);
    ck_assert_int_eq(lduw_le_p(c + 18 + 7), ACCUTOUCH_REPORT_DESC_LEN);
    ck_assert_int_eq(c[27 + 1], 5);                         /* endpoint */
    ck_assert_int_eq(c[27 + 2], 0x80 | ACCUTOUCH_EP_IN);
    ck_assert_int_eq(c[27 + 3], 3);                         /* interrupt */
    ck_assert_int_eq(lduw_le_p(c + 27 + 4), ACCUTOUCH_EP_MAX_PACKET);

    /* The HID descriptor alone, from the interface. */
    ck_assert_int_eq(get_desc(d, RT_IN_STD_IF, ACCUTOUCH_DT_HID, 0, 9, h), 9);
    ck_assert_mem_eq(h, c + 18, 9);
    /* A 9-byte request for the configuration gets its header only. */
    ck_assert_int_eq(get_desc(d, RT_IN_STD_DEV, DT_CONFIG, 0, 9, c), 9);
    touch_stop(d);
}
END_TEST

START_TEST(test_report_descriptor)
{
    /* The usages hid-accutouch and hid-input map. */
    static const uint8_t button[] = { 0x05, 0x09, 0x19, 0x01, 0x29, 0x01 };
    static const uint8_t xy[] = { 0x05, 0x01, 0x09, 0x30, 0x09, 0x31,
                                  0x15, 0x00, 0x26, 0xff, 0x0f,
                                  0x75, 0x10, 0x95, 0x02, 0x81, 0x02 };
    Touch *d = touch_start("presilicon,bare=on", BARE_ARGS);
    uint8_t r[128];
    int n = get_desc(d, RT_IN_STD_IF, ACCUTOUCH_DT_REPORT, 0, sizeof(r), r);

    ck_assert_int_eq(n, ACCUTOUCH_REPORT_DESC_LEN);
    ck_assert_int_eq(r[0], 0x05);           /* Usage Page (Generic Desktop) */
    ck_assert_int_eq(r[1], 0x01);
    ck_assert_int_eq(r[3], 0x01);           /* Usage (Pointer) */
    ck_assert_int_eq(r[4], 0xa1);           /* Collection (Application) */
    ck_assert_ptr_nonnull(memmem(r, n, button, sizeof(button)));
    ck_assert_ptr_nonnull(memmem(r, n, xy, sizeof(xy)));
    ck_assert_int_eq(r[n - 1], 0xc0);
    ck_assert_int_eq(r[n - 2], 0xc0);
    /* wLength shorter than the descriptor: that many bytes. */
    ck_assert_int_eq(get_desc(d, RT_IN_STD_IF, ACCUTOUCH_DT_REPORT, 0, 7, r),
                     7);
    touch_stop(d);
}
END_TEST

START_TEST(test_strings)
{
    Touch *d = touch_start("presilicon,bare=on", BARE_ARGS);
    uint8_t dd[18], s[255];
    g_autofree char *product = NULL;
    gunichar2 u[127];
    int n;

    get_desc(d, RT_IN_STD_DEV, DT_DEVICE, 0, 18, dd);
    ck_assert_int_ne(dd[15], 0);                            /* iProduct */
    n = get_desc(d, RT_IN_STD_DEV, DT_STRING, dd[15], sizeof(s), s);
    ck_assert_int_gt(n, 2);
    ck_assert_int_eq(s[1], DT_STRING);
    for (int i = 0; i < (n - 2) / 2; i++) {
        u[i] = lduw_le_p(s + 2 + 2 * i);
    }
    product = g_utf16_to_utf8(u, (n - 2) / 2, NULL, NULL, NULL);
    ck_assert_ptr_nonnull(strstr(product, "2216"));
    touch_stop(d);
}
END_TEST

START_TEST(test_touch_move_release)
{
    Touch *d = touch_start("presilicon,bare=on", BARE_ARGS);

    touch_configure(d);
    queue_in(d);
    /* Nothing touched: the endpoint NAKs, the transfer stays queued. */
    ck_assert(in_pending(d));
    /* A hover (no button) is not a touch: still nothing. */
    inject(d, 100, 200, false);
    ck_assert(in_pending(d));

    inject(d, 8192, 24576, true);
    expect_report(d, true, 8192, 24576);
    ck_assert_int_eq(accutouch_scale(8192), 1024);
    ck_assert_int_eq(accutouch_scale(24576), 3071);

    queue_in(d);
    inject(d, 0x7fff, 0, true);             /* the panel's corners */
    expect_report(d, true, 0x7fff, 0);
    ck_assert_int_eq(accutouch_scale(0x7fff), ACCUTOUCH_LOGICAL_MAX);

    queue_in(d);
    inject(d, 0x7fff, 0, false);            /* the release, where it was */
    expect_report(d, false, 0x7fff, 0);

    queue_in(d);
    inject(d, 5000, 5000, false);           /* released: no more reports */
    ck_assert(in_pending(d));
    inject(d, 16384, 16384, true);
    expect_report(d, true, 16384, 16384);
    touch_stop(d);
}
END_TEST

START_TEST(test_get_report)
{
    Touch *d = touch_start("presilicon,bare=on", BARE_ARGS);
    uint8_t r[8];
    int n;

    touch_configure(d);
    inject(d, 4000, 30000, true);
    ck_assert_int_eq(ps_xhci_control(d->x, d->slot, RT_IN_CLASS_IF,
                                     HID_GET_REPORT,
                                     ACCUTOUCH_REPORT_TYPE_INPUT << 8,
                                     ACCUTOUCH_INTERFACE, sizeof(r), r, &n),
                     PS_XHCI_CC_SUCCESS);
    ck_assert_int_eq(n, ACCUTOUCH_REPORT_LEN);
    ck_assert_int_eq(r[0], ACCUTOUCH_REPORT_TOUCH);
    ck_assert_int_eq(lduw_le_p(r + 1), accutouch_scale(4000));
    ck_assert_int_eq(lduw_le_p(r + 3), accutouch_scale(30000));
    touch_stop(d);
}
END_TEST

START_TEST(test_idle_repeat)
{
    Touch *d = touch_start("presilicon,bare=on", BARE_ARGS);
    uint8_t idle = 0xff;
    int n;

    touch_configure(d);
    /* 25 x 4 ms: the last report again every 100 ms without a change. */
    ck_assert_int_eq(ps_xhci_control(d->x, d->slot, RT_OUT_CLASS_IF,
                                     HID_SET_IDLE, 25 << 8,
                                     ACCUTOUCH_INTERFACE, 0, NULL, NULL),
                     PS_XHCI_CC_SUCCESS);
    ck_assert_int_eq(ps_xhci_control(d->x, d->slot, RT_IN_CLASS_IF,
                                     HID_GET_IDLE, 0, ACCUTOUCH_INTERFACE, 1,
                                     &idle, &n), PS_XHCI_CC_SUCCESS);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(idle, 25);

    queue_in(d);
    inject(d, 1000, 2000, true);
    expect_report(d, true, 1000, 2000);
    queue_in(d);
    qtest_clock_step(d->t->qts, 90 * 1000 * 1000);
    ck_assert(in_pending(d));                       /* 95 ms */
    qtest_clock_step(d->t->qts, 4 * 1000 * 1000);
    expect_report(d, true, 1000, 2000);             /* 100 ms, + a poll */

    /* Idle 0: reports on change only. */
    ck_assert_int_eq(ps_xhci_control(d->x, d->slot, RT_OUT_CLASS_IF,
                                     HID_SET_IDLE, 0, ACCUTOUCH_INTERFACE, 0,
                                     NULL, NULL), PS_XHCI_CC_SUCCESS);
    queue_in(d);
    qtest_clock_step(d->t->qts, 500 * 1000 * 1000);
    ck_assert(in_pending(d));
    touch_stop(d);
}
END_TEST

/* More touches than the queue holds: the oldest kept, the newest last. */
START_TEST(test_queue_full)
{
    Touch *d = touch_start("presilicon,bare=on", BARE_ARGS);
    int i;

    touch_configure(d);
    for (i = 0; i < ACCUTOUCH_QUEUE_LEN + 4; i++) {
        inject(d, 100 * (i + 1), 50, true);
    }
    for (i = 0; i < ACCUTOUCH_QUEUE_LEN - 1; i++) {
        queue_in(d);
        expect_report(d, true, 100 * (i + 1), 50);
    }
    queue_in(d);
    expect_report(d, true, 100 * (ACCUTOUCH_QUEUE_LEN + 4), 50);
    queue_in(d);
    ck_assert(in_pending(d));
    touch_stop(d);
}
END_TEST

static void expect_stall(Touch *d, uint8_t rt, uint8_t req, uint16_t value,
                         uint16_t index, uint16_t len, const char *logged)
{
    uint8_t buf[64] = { 0 }, dd[18];
    g_autofree char *log = NULL;

    ck_assert_int_eq(ps_xhci_control(d->x, d->slot, rt, req, value, index,
                                     len, buf, NULL), PS_XHCI_CC_STALL);
    log = ps_log_take(d->t);
    ck_assert_msg(strstr(log, "accutouch: ") && strstr(log, logged),
                  "request 0x%02x%02x: '%s' not in '%s'", rt, req, logged,
                  log);
    /* The control endpoint recovers; the device still answers. */
    ck_assert_int_eq(get_desc(d, RT_IN_STD_DEV, DT_DEVICE, 0, 18, dd), 18);
}

START_TEST(test_bad_requests)
{
    Touch *d = touch_start("presilicon,bare=on", BARE_ARGS);
    uint8_t r[8] = { 1, 2, 3, 4, 5 };
    g_autofree char *log = NULL;
    int cc, n;

    touch_configure(d);
    g_free(ps_log_take(d->t));
    expect_stall(d, RT_OUT_CLASS_IF, HID_SET_REPORT,
                 ACCUTOUCH_REPORT_TYPE_OUTPUT << 8, ACCUTOUCH_INTERFACE, 5,
                 "no output or feature report");
    expect_stall(d, RT_IN_CLASS_IF, HID_GET_REPORT,
                 ACCUTOUCH_REPORT_TYPE_FEATURE << 8, ACCUTOUCH_INTERFACE, 8,
                 "one input report");
    expect_stall(d, RT_IN_CLASS_IF, HID_GET_REPORT,
                 (ACCUTOUCH_REPORT_TYPE_INPUT << 8) | 3, ACCUTOUCH_INTERFACE,
                 8, "one input report");
    expect_stall(d, RT_IN_CLASS_IF, HID_GET_REPORT,
                 ACCUTOUCH_REPORT_TYPE_INPUT << 8, 1, 8, "no such interface");
    expect_stall(d, RT_IN_CLASS_IF, HID_GET_IDLE, 2, ACCUTOUCH_INTERFACE, 1,
                 "no such report ID");
    expect_stall(d, RT_OUT_CLASS_IF, HID_SET_IDLE, 0x1001,
                 ACCUTOUCH_INTERFACE, 0, "no such report ID");
    expect_stall(d, RT_IN_CLASS_IF, HID_GET_PROTOCOL, 0,
                 ACCUTOUCH_INTERFACE, 1, "not a boot device");
    expect_stall(d, RT_IN_STD_IF, GET_DESCRIPTOR, 0x2300,
                 ACCUTOUCH_INTERFACE, 16, "no such class descriptor");
    expect_stall(d, RT_IN_VENDOR_DEV, 0x42, 0, 0, 4,
                 "request not supported");
    expect_stall(d, RT_IN_CLASS_IF, 0x7f, 0, ACCUTOUCH_INTERFACE, 4,
                 "request not supported");

    /* A 4-byte IN buffer cannot take the 5-byte report: babble. */
    inject(d, 300, 300, true);
    ps_xhci_in_queue(d->x, d->slot, ACCUTOUCH_EP_IN, 4);
    ck_assert(wait_in(d, &cc, r, &n));
    ck_assert_int_eq(cc, PS_XHCI_CC_BABBLE);
    log = ps_log_take(d->t);
    ck_assert_ptr_nonnull(strstr(log, "shorter than the 5-byte report"));
    touch_stop(d);
}
END_TEST

/* A port reset drops what was queued and the idle rate. */
START_TEST(test_usb_reset)
{
    Touch *d = touch_start("presilicon,bare=on", BARE_ARGS);
    PsXhci *x;
    uint8_t idle = 0xff;
    int n, port;

    touch_configure(d);
    ck_assert_int_eq(ps_xhci_control(d->x, d->slot, RT_OUT_CLASS_IF,
                                     HID_SET_IDLE, 10 << 8,
                                     ACCUTOUCH_INTERFACE, 0, NULL, NULL),
                     PS_XHCI_CC_SUCCESS);
    inject(d, 7000, 7000, true);
    inject(d, 7100, 7000, true);

    /* A system reset resets the xHCI, its ports and the device. */
    qtest_system_reset(d->t->qts);
    x = ps_xhci_init(d->t->qts);
    ps_xhci_free(d->x);
    d->x = x;
    port = ps_xhci_connected_port(x);
    ck_assert_int_gt(port, 0);
    d->slot = ps_xhci_attach(x, port, ACCUTOUCH_EP0_MAX_PACKET);
    touch_configure(d);
    ck_assert_int_eq(ps_xhci_control(d->x, d->slot, RT_IN_CLASS_IF,
                                     HID_GET_IDLE, 0, ACCUTOUCH_INTERFACE, 1,
                                     &idle, &n), PS_XHCI_CC_SUCCESS);
    ck_assert_int_eq(idle, 0);
    queue_in(d);
    qtest_clock_step(d->t->qts, 200 * 1000 * 1000);
    ck_assert(in_pending(d));
    /* The panel is still touched; a move reports from there. */
    inject(d, 7200, 7000, true);
    expect_report(d, true, 7200, 7000);
    touch_stop(d);
}
END_TEST

/* Migrate with two reports queued and an idle rate set. */
START_TEST(test_migration)
{
    Touch *d = touch_start("presilicon,bare=on", BARE_ARGS);
    PsQTest *dst;
    uint8_t idle = 0;
    int n;

    touch_configure(d);
    ck_assert_int_eq(ps_xhci_control(d->x, d->slot, RT_OUT_CLASS_IF,
                                     HID_SET_IDLE, 50 << 8,
                                     ACCUTOUCH_INTERFACE, 0, NULL, NULL),
                     PS_XHCI_CC_SUCCESS);
    inject(d, 1111, 2222, true);
    inject(d, 3333, 4444, true);

    dst = ps_migrate(d->t, "presilicon,bare=on", BARE_ARGS);
    ps_qtest_quit(d->t);
    d->t = dst;
    /* The xHCI's rings live in guest RAM: the driver state carries over. */
    ps_xhci_set_qts(d->x, dst->qts);
    queue_in(d);
    expect_report(d, true, 1111, 2222);
    queue_in(d);
    expect_report(d, true, 3333, 4444);
    ck_assert_int_eq(ps_xhci_control(d->x, d->slot, RT_IN_CLASS_IF,
                                     HID_GET_IDLE, 0, ACCUTOUCH_INTERFACE, 1,
                                     &idle, &n), PS_XHCI_CC_SUCCESS);
    ck_assert_int_eq(idle, 50);
    /* The idle timer came across: the last report repeats 200 ms on. */
    queue_in(d);
    qtest_clock_step(d->t->qts, 190 * 1000 * 1000);
    ck_assert(in_pending(d));
    qtest_clock_step(d->t->qts, 5 * 1000 * 1000);
    expect_report(d, true, 3333, 4444);
    touch_stop(d);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("accutouch");
    TCase *bus = tcase_create("bus");
    TCase *desc = tcase_create("descriptors");
    TCase *rep = tcase_create("reports");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(bus, test_xhci_node);
    tcase_add_test(bus, test_bus_attachment);
    tcase_add_test(bus, test_bad_bus_named);
    tcase_add_test(desc, test_device_descriptor);
    tcase_add_test(desc, test_config_and_hid_descriptors);
    tcase_add_test(desc, test_report_descriptor);
    tcase_add_test(desc, test_strings);
    tcase_add_test(rep, test_touch_move_release);
    tcase_add_test(rep, test_get_report);
    tcase_add_test(rep, test_idle_repeat);
    tcase_add_test(rep, test_queue_full);
    tcase_add_test(rep, test_usb_reset);
    tcase_add_test(rep, test_migration);
    tcase_add_test(bad, test_bad_requests);
    suite_add_tcase(s, bus);
    suite_add_tcase(s, desc);
    suite_add_tcase(s, rep);
    suite_add_tcase(s, bad);
    return ps_check_run(s);
}
