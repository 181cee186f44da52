/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cascoda CA8210 radios on the board's second PL022 (chip selects 0 and
 * 1, active low on PL061 #1 lines 0 and 1; radio N's IRQ on line 2 + 2N,
 * its RESET on line 3 + 2N), driven as the ca8210 driver drives them:
 * 150-byte transfers, the IRQ pin's falling edge, reset and the wake-up
 * indication, the TDME/HWME/MLME commands of probe and ifup, data
 * between the two radios across /machine/wpan0 with ACKs and retries,
 * the receive filter, malformed messages, reset mid-work and migration.
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "presilicon-qtest.h"
#include "presilicon-spi.h"
#include "hw/net/ca8210_regs.h"
#include "check-tap.h"
#include <libfdt.h>

#define QOM0        "/machine/ca8210-0"
#define QOM1        "/machine/ca8210-1"
#define LINE_IRQ(cs) (2 + 2 * (cs))
#define LINE_RST(cs) (3 + 2 * (cs))
/* The RESETs are outputs of the PL061, idle high. */
#define GPIO1_OUT   0x28
#define PAN         0xbeef
#define CHAN        20

typedef struct R {
    PsQTest *t;
    int cs;
    bool short_xfers;
} R;

/*
 * The chip selects (chip-select GPIO lines 8 and 9) idle high. The PL061
 * takes a line's level only once it is an output (as
 * pl061_direction_output() knows): the RESET lines dip low as they turn,
 * which resets the radios, and are driven high again.
 */
static void r_setup(R *r, int bits)
{
    QTestState *q = r->t->qts;

    ps_spi_setup_at(q, PS_SPI1_BASE, PS_GPIO_CS_RADIO, bits, 0x3, 0x3);
    qtest_writel(q, PS_GPIO1_BASE + PS_GPIO_DATA(GPIO1_OUT), GPIO1_OUT);
    qtest_writel(q, PS_GPIO1_BASE + PS_GPIO_DIR, GPIO1_OUT);
    qtest_writel(q, PS_GPIO1_BASE + PS_GPIO_DATA(GPIO1_OUT), GPIO1_OUT);
}

static R *r_start(const char *machine, const char *extra)
{
    R *r = g_new0(R, 1);

    r->t = ps_qtest_start(machine, "%s", extra ? extra : "");
    r_setup(r, 8);
    return r;
}

static void r_stop(R *r)
{
    ps_qtest_quit(r->t);
    g_free(r);
}

static void step_us(R *r, int64_t us)
{
    qtest_clock_step(r->t->qts, us * 1000);
}

static void sel(R *r, bool on)
{
    ps_cs_set_line(r->t->qts, PS_GPIO_CS_RADIO + r->cs, !on);
}

static uint8_t byte(R *r, uint8_t b)
{
    return ps_spi_word_at(r->t->qts, PS_SPI1_BASE, b);
}

/* The IRQ pin is active low: a message waits. */
static bool irq(R *r)
{
    return !ps_gpio_get_at(r->t->qts, PS_GPIO1_BASE, LINE_IRQ(r->cs));
}

static void reset_pin(R *r, bool level)
{
    ps_gpio_set_at(r->t->qts, PS_GPIO1_BASE, LINE_RST(r->cs), level);
}

/*
 * ca8210_spi_transfer(): n bytes of tx, 0xFF after, 150 in all. With
 * r->short_xfers only as many as the request and the chip's message
 * take (both are whole then): the data tests, for speed; the driver's
 * own sequences keep the 150 bytes.
 */
static void xfer(R *r, const uint8_t *tx, int n, uint8_t *rx)
{
    int len = CA8210_XFER_LEN;

    sel(r, true);
    for (int i = 0; i < len; i++) {
        rx[i] = byte(r, i < n ? tx[i] : CA8210_SPI_IDLE);
        if (r->short_xfers && i == 1) {
            len = MAX(MAX(n, 2),
                      rx[0] != CA8210_SPI_IDLE ? rx[1] + 2 : 0);
        }
    }
    sel(r, false);
}

static void msg_send(R *r, uint8_t cmd, const uint8_t *p, uint8_t len,
                 uint8_t *rx)
{
    uint8_t m[CA8210_XFER_LEN] = { cmd, len };

    memcpy(m + 2, p, len);
    xfer(r, m, len + 2, rx);
}

/* On the IRQ, read a message: the driver's read of 150 idle bytes. */
static void read_msg(R *r, uint8_t *m)
{
    ck_assert_msg(irq(r), "no IRQ on radio %d", r->cs);
    xfer(r, NULL, 0, m);
}

/* A synchronous request: its confirm (want), status returned. */
static uint8_t sync_req(R *r, uint8_t cmd, const uint8_t *p, uint8_t len,
                        uint8_t want, uint8_t *rsp)
{
    uint8_t rx[CA8210_XFER_LEN], local[CA8210_XFER_LEN];

    rsp = rsp ?: local;
    msg_send(r, cmd, p, len, rx);
    ck_assert_uint_eq(rx[0], CA8210_SPI_IDLE);
    ck_assert_uint_eq(rx[1], CA8210_SPI_IDLE);
    read_msg(r, rsp);
    ck_assert_uint_eq(rsp[0], want);
    return rsp[2];
}

/* HWME-GET.request of one attribute, its confirm not read. */
static void hwme_get_send(R *r, uint8_t attr, uint8_t *rx)
{
    msg_send(r, CA8210_HWME_GET_REQ, &attr, 1, rx);
}

static uint8_t mlme_set(R *r, uint8_t attr, const void *v, uint8_t n)
{
    uint8_t p[3 + 8] = { attr, 0, n }, rsp[CA8210_XFER_LEN];
    uint8_t st;

    memcpy(p + 3, v, n);
    st = sync_req(r, CA8210_MLME_SET_REQ, p, 3 + n, CA8210_MLME_SET_CNF, rsp);
    ck_assert_uint_eq(rsp[1], 3);
    ck_assert_uint_eq(rsp[3], attr);
    return st;
}

static uint8_t mlme_set8(R *r, uint8_t attr, uint8_t v)
{
    return mlme_set(r, attr, &v, 1);
}

static uint8_t mlme_set16(R *r, uint8_t attr, uint16_t v)
{
    uint8_t b[2] = { v, v >> 8 };

    return mlme_set(r, attr, b, 2);
}

/* MLME-GET: the value's length, the value in v. */
static int mlme_get(R *r, uint8_t attr, uint8_t *v)
{
    uint8_t p[2] = { attr, 0 }, rsp[CA8210_XFER_LEN];

    if (sync_req(r, CA8210_MLME_GET_REQ, p, 2, CA8210_MLME_GET_CNF, rsp)) {
        return -rsp[2];
    }
    ck_assert_uint_eq(rsp[3], attr);
    memcpy(v, rsp + 6, rsp[5]);
    return rsp[5];
}

static uint8_t hwme_set(R *r, uint8_t attr, const uint8_t *v, uint8_t n)
{
    uint8_t p[4] = { attr, n }, rsp[CA8210_XFER_LEN];
    uint8_t st;

    memcpy(p + 2, v, n);
    st = sync_req(r, CA8210_HWME_SET_REQ, p, 2 + n, CA8210_HWME_SET_CNF,
                  rsp);
    ck_assert_uint_eq(rsp[3], attr);
    return st;
}

static uint8_t sfr(R *r, uint8_t page, uint8_t addr, uint8_t val)
{
    uint8_t p[3] = { page, addr, val }, rsp[CA8210_XFER_LEN];
    uint8_t st = sync_req(r, CA8210_TDME_SETSFR_REQ, p, 3,
                          CA8210_TDME_SETSFR_CNF, rsp);

    ck_assert_uint_eq(rsp[3], page);
    ck_assert_uint_eq(rsp[4], addr);
    return st;
}

static void assert_log_has(R *r, const char *what)
{
    g_autofree char *log = ps_log_take(r->t);

    ck_assert_msg(strstr(log, what), "no guest error '%s' in: %s", what, log);
}

static void assert_log_clean(R *r)
{
    g_autofree char *log = ps_log_take(r->t);

    ck_assert_msg(!strstr(log, "ca8210"), "unexpected: %s", log);
}

static int64_t qom_int(R *r, const char *path, const char *prop)
{
    return ps_qom_int(r->t->qts, path, prop);
}

/* ca8210_reset_send() and the wake-up it waits for. */
static void hard_reset(R *r)
{
    uint8_t m[CA8210_XFER_LEN];

    reset_pin(r, false);
    step_us(r, 1000);
    ck_assert(!irq(r));
    reset_pin(r, true);
    step_us(r, 2000);
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_HWME_WAKEUP_IND);
    ck_assert_uint_eq(m[1], 1);
    ck_assert_uint_eq(m[2], CA8210_WAKEUP_POWERUP);
    ck_assert(!irq(r));
}

/* ca8210_probe(): reset, tdme_chipinit(), the clock output. */
static void probe(R *r)
{
    static const uint8_t lna[] = { 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7,
                                   0xe9 };
    static const uint8_t clk[2] = { 1, 2 };     /* 16 MHz on GPIO 2 */

    hard_reset(r);
    for (int i = 0; i < ARRAY_SIZE(lna); i++) {
        ck_assert_uint_eq(sfr(r, 1, lna[i], 0x29 + i), 0);
    }
    ck_assert_uint_eq(sfr(r, 1, 0xd3, 0x5b), 0);    /* PRECFG */
    ck_assert_uint_eq(sfr(r, 1, 0xd1, 0x5a), 0);    /* PTHRH */
    ck_assert_uint_eq(sfr(r, 0, 0xfe, 0x3f), 0);    /* PACFGIB */
    ck_assert_uint_eq(hwme_set(r, CA8210_HWME_SYSCLKOUT, clk, 2), 0);
}

/* mac802154's open (ieee802154_setup_hw()) and ca8210_start(). */
static void ifup(R *r, uint16_t short_addr, const uint8_t *ieee,
                 uint8_t chan)
{
    uint8_t zero = 0;

    ck_assert_uint_eq(sfr(r, 1, 0xbf, 0xab), 0);    /* LOTXCAL */
    ck_assert_uint_eq(mlme_set8(r, CA8210_PHY_CURRENT_CHANNEL, chan), 0);
    ck_assert_uint_eq(mlme_set8(r, CA8210_MAC_PROMISCUOUS_MODE, 0), 0);
    ck_assert_uint_eq(mlme_set16(r, CA8210_MAC_PAN_ID, PAN), 0);
    ck_assert_uint_eq(mlme_set(r, CA8210_NS_IEEE_ADDRESS, ieee, 8), 0);
    ck_assert_uint_eq(mlme_set16(r, CA8210_MAC_SHORT_ADDRESS, short_addr),
                      0);
    ck_assert_uint_eq(sfr(r, 0, 0xfe, 0x32), 0);    /* 8 dBm */
    ck_assert_uint_eq(mlme_set8(r, CA8210_PHY_CCA_MODE, 3), 0);
    ck_assert_uint_eq(hwme_set(r, CA8210_HWME_EDTHRESHOLD,
                               (uint8_t[]) { 0x3c }, 1), 0);
    ck_assert_uint_eq(mlme_set8(r, CA8210_MAC_MIN_BE, 3), 0);
    ck_assert_uint_eq(mlme_set8(r, CA8210_MAC_MAX_BE, 5), 0);
    ck_assert_uint_eq(mlme_set8(r, CA8210_MAC_MAX_CSMA_BACKOFFS, 4), 0);
    ck_assert_uint_eq(mlme_set8(r, CA8210_MAC_MAX_FRAME_RETRIES, 3), 0);
    ck_assert_uint_eq(mlme_set8(r, CA8210_MAC_RX_ON_WHEN_IDLE, 1), 0);
    ck_assert_uint_eq(hwme_set(r, CA8210_HWME_LQILIMIT, &zero, 1), 0);
}

static const uint8_t ieee0[8] = { 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16,
                                  0x17 };
static const uint8_t ieee1[8] = { 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26,
                                  0x27 };

/* Both radios probed and up: short addresses 1 and 2. */
static R *two_radios(uint8_t chan1)
{
    R *r = r_start("presilicon", NULL);

    r->short_xfers = true;
    r->cs = 1;
    probe(r);
    ifup(r, 0x0002, ieee1, chan1);
    r->cs = 0;
    probe(r);
    ifup(r, 0x0001, ieee0, CHAN);
    assert_log_clean(r);
    return r;
}

/* mcps_data_request() as ca8210_skb_tx() fills it in. */
static void data_req(R *r, uint8_t smode, uint8_t dmode, uint16_t dpan,
                     const uint8_t *daddr, const uint8_t *msdu, uint8_t n,
                     uint8_t handle, uint8_t txopt)
{
    uint8_t p[CA8210_MAX_PARAMS] = { smode, dmode, dpan, dpan >> 8 };
    uint8_t rx[CA8210_XFER_LEN];

    memcpy(p + 4, daddr, dmode == CA8210_ADDR_EXT ? 8 : 2);
    p[12] = n;
    p[13] = handle;
    p[14] = txopt;
    memcpy(p + CA8210_DATA_REQ_MSDU, msdu, n);
    p[CA8210_DATA_REQ_MSDU + n] = 0;
    msg_send(r, CA8210_MCPS_DATA_REQ, p, CA8210_DATA_REQ_MSDU + n + 1, rx);
    ck_assert_uint_eq(rx[1], CA8210_SPI_IDLE);
}

/* The MCPS-DATA.confirm of handle: its status. */
static uint8_t data_cnf(R *r, uint8_t handle)
{
    uint8_t m[CA8210_XFER_LEN];

    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_MCPS_DATA_CNF);
    ck_assert_uint_eq(m[1], 6);
    ck_assert_uint_eq(m[2], handle);
    return m[3];
}

/* The ITU-T CRC-16 of the FCS, bit by bit. */
static uint16_t crc16(const uint8_t *d, size_t n)
{
    uint16_t crc = 0;

    for (size_t i = 0; i < n; i++) {
        crc ^= d[i];
        for (int b = 0; b < 8; b++) {
            crc = crc & 1 ? (crc >> 1) ^ 0x8408 : crc >> 1;
        }
    }
    return crc;
}

/* --- device tree and options --------------------------------------------- */

static int node_at(const void *fdt, int cs)
{
    int n = -1;

    while ((n = fdt_node_offset_by_compatible(fdt, n, "cascoda,ca8210")) >=
           0) {
        if (ps_fdt_cell(fdt, n, "reg", ~0u) == cs) {
            return n;
        }
    }
    return -1;
}

static int node_by_reg(const void *fdt, const char *compat, uint64_t base)
{
    int n = -1;
    uint64_t b, sz;

    while ((n = fdt_node_offset_by_compatible(fdt, n, compat)) >= 0) {
        if (ps_fdt_reg(fdt, n, 0, &b, &sz) && b == base) {
            return n;
        }
    }
    return -1;
}

static void check_node(const void *fdt, int cs)
{
    int n = node_at(fdt, cs);
    int spi = node_by_reg(fdt, "arm,pl022", PS_SPI1_BASE);
    int gpio = node_by_reg(fdt, "arm,pl061", PS_GPIO1_BASE);
    uint32_t ph = ps_fdt_cell(fdt, gpio, "phandle", 0);
    const fdt32_t *p;
    int len;

    ck_assert_int_ge(n, 0);
    ck_assert_int_ge(spi, 0);
    ck_assert_int_eq(fdt_parent_offset(fdt, n), spi);
    ck_assert_uint_eq(ps_fdt_cell(fdt, n, "spi-max-frequency", 0), 3000000);
    ck_assert_ptr_nonnull(fdt_getprop(fdt, n, "spi-cpol", &len));
    ck_assert_int_eq(len, 0);
    p = fdt_getprop(fdt, n, "reset-gpio", &len);
    ck_assert_int_eq(len, 12);
    ck_assert_uint_eq(fdt32_to_cpu(p[0]), ph);
    ck_assert_uint_eq(fdt32_to_cpu(p[1]), LINE_RST(cs));
    ck_assert_uint_eq(fdt32_to_cpu(p[2]), 0);       /* GPIO_ACTIVE_HIGH */
    p = fdt_getprop(fdt, n, "irq-gpio", &len);
    ck_assert_int_eq(len, 12);
    ck_assert_uint_eq(fdt32_to_cpu(p[0]), ph);
    ck_assert_uint_eq(fdt32_to_cpu(p[1]), LINE_IRQ(cs));
    ck_assert_uint_eq(fdt32_to_cpu(p[2]), 0);
    /* ca8210_interrupt_init() maps irq-gpio itself. */
    ck_assert_ptr_null(fdt_getprop(fdt, n, "interrupts", NULL));
}

START_TEST(test_fdt_node)
{
    R *r = r_start("presilicon", NULL);
    g_autofree void *fdt = ps_dtb(r->t);

    check_node(fdt, 0);
    check_node(fdt, 1);
    r_stop(r);
}
END_TEST

START_TEST(test_bare_device)
{
    R *r = r_start("presilicon,bare=on",
                   "-device ca8210,bus=spi1,cs=1,id=radio");
    g_autofree void *fdt = ps_dtb(r->t);

    ck_assert_int_lt(node_at(fdt, 0), 0);
    check_node(fdt, 1);
    r->cs = 1;
    probe(r);
    ck_assert_int_eq(qom_int(r, "/machine/peripheral/radio", "tx-frames"),
                     0);
    r_stop(r);
}
END_TEST

START_TEST(test_bad_options_named)
{
    ps_expect_refused("-device ca8210,bus=spi1,cs=0,max-hz=4000000",
                      "max-hz");
    ps_expect_refused("-device ca8210,bus=spi1,cs=0,medium=nowhere",
                      "nowhere");
    ps_expect_refused("-device ca8210,bus=spi1,cs=0,node-name=a "
                      "-device ca8210,bus=spi1,cs=1,node-name=a",
                      "already attached");
}
END_TEST

/* --- reset, probe, ifup -------------------------------------------------- */

START_TEST(test_wakeup)
{
    R *r = r_start("presilicon", NULL);
    uint8_t m[CA8210_XFER_LEN];

    /* Power-on: the chip boots and says so. */
    ck_assert(!irq(r));
    step_us(r, 2000);
    ck_assert(irq(r));
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_HWME_WAKEUP_IND);
    ck_assert_uint_eq(m[2], CA8210_WAKEUP_POWERUP);
    ck_assert_uint_eq(m[3], CA8210_SPI_IDLE);
    ck_assert(!irq(r));
    /* Nothing more: idle bytes. */
    xfer(r, NULL, 0, m);
    ck_assert_uint_eq(m[0], CA8210_SPI_IDLE);

    /* RESET low drops what waits and releases the IRQ pin. */
    sfr(r, 0, 1, 2);
    msg_send(r, CA8210_TDME_GETSFR_REQ, (uint8_t[]) { 0, 1 }, 2, m);
    ck_assert(irq(r));
    reset_pin(r, false);
    ck_assert(!irq(r));
    xfer(r, NULL, 0, m);
    ck_assert_uint_eq(m[0], CA8210_SPI_IDLE);
    step_us(r, 5000);
    ck_assert(!irq(r));
    /* Released: booting, requests are refused (NACK), then the wake-up. */
    reset_pin(r, true);
    msg_send(r, CA8210_MLME_RESET_REQ, (uint8_t[]) { 1 }, 1, m);
    ck_assert_uint_eq(m[0], CA8210_SPI_IDLE);
    ck_assert_uint_eq(m[1], CA8210_SPI_NACK);
    step_us(r, 2000);
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_HWME_WAKEUP_IND);
    ck_assert(!irq(r));
    /* The SFR is back at its reset value. */
    ck_assert_uint_eq(sync_req(r, CA8210_TDME_GETSFR_REQ,
                               (uint8_t[]) { 0, 1 }, 2,
                               CA8210_TDME_GETSFR_CNF, m), 0);
    ck_assert_uint_eq(m[5], 0);
    assert_log_clean(r);
    r_stop(r);

    /* boot-us=0 (the fuzz target's): awake at once, no time stepped. */
    r = r_start("presilicon", "-global ca8210.boot-us=0");
    ck_assert(irq(r));
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_HWME_WAKEUP_IND);
    reset_pin(r, false);
    reset_pin(r, true);
    ck_assert(irq(r));
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_HWME_WAKEUP_IND);
    assert_log_clean(r);
    r_stop(r);
}
END_TEST

START_TEST(test_probe_and_ifup)
{
    R *r = r_start("presilicon", NULL);
    uint8_t v[CA8210_XFER_LEN];

    probe(r);
    ifup(r, 0x1234, ieee0, CHAN);
    /* The PIB holds what ifup set. */
    ck_assert_int_eq(mlme_get(r, CA8210_PHY_CURRENT_CHANNEL, v), 1);
    ck_assert_uint_eq(v[0], CHAN);
    ck_assert_int_eq(mlme_get(r, CA8210_MAC_PAN_ID, v), 2);
    ck_assert_uint_eq(lduw_le_p(v), PAN);
    ck_assert_int_eq(mlme_get(r, CA8210_MAC_SHORT_ADDRESS, v), 2);
    ck_assert_uint_eq(lduw_le_p(v), 0x1234);
    ck_assert_int_eq(mlme_get(r, CA8210_NS_IEEE_ADDRESS, v), 8);
    ck_assert_mem_eq(v, ieee0, 8);
    ck_assert_int_eq(mlme_get(r, CA8210_MAC_RX_ON_WHEN_IDLE, v), 1);
    ck_assert_uint_eq(v[0], 1);
    ck_assert_int_eq(mlme_get(r, CA8210_MAC_ACK_WAIT_DURATION, v), 1);
    ck_assert_uint_eq(v[0], 54);
    /* HWME-GET: the ED value (ca8210_get_ed()), the clock output. */
    ck_assert_uint_eq(sync_req(r, CA8210_HWME_GET_REQ,
                               (uint8_t[]) { CA8210_HWME_EDVALUE }, 1,
                               CA8210_HWME_GET_CNF, v), 0);
    ck_assert_uint_eq(v[4], 1);
    ck_assert_uint_eq(sync_req(r, CA8210_HWME_GET_REQ,
                               (uint8_t[]) { CA8210_HWME_SYSCLKOUT }, 1,
                               CA8210_HWME_GET_CNF, v), 0);
    ck_assert_uint_eq(v[4], 2);
    ck_assert_uint_eq(v[5], 1);
    ck_assert_uint_eq(v[6], 2);

    /* What the chip refuses, by its status codes. */
    ck_assert_uint_eq(mlme_set8(r, 0x70, 1), CA8210_UNSUPPORTED_ATTRIBUTE);
    ck_assert_uint_eq(mlme_set8(r, CA8210_PHY_CURRENT_CHANNEL, 27),
                      CA8210_INVALID_PARAMETER);
    ck_assert_uint_eq(mlme_set8(r, CA8210_MAC_MAX_FRAME_RETRIES, 8),
                      CA8210_INVALID_PARAMETER);
    ck_assert_uint_eq(mlme_set8(r, CA8210_MAC_PAN_ID, 1),
                      CA8210_INVALID_PARAMETER);
    ck_assert_uint_eq(mlme_set8(r, CA8210_MAC_ACK_WAIT_DURATION, 1),
                      CA8210_READ_ONLY);
    ck_assert_int_eq(mlme_get(r, 0x70, v), -CA8210_UNSUPPORTED_ATTRIBUTE);
    ck_assert_uint_eq(sync_req(r, CA8210_MLME_SET_REQ,
                               (uint8_t[]) { CA8210_MAC_DSN, 1, 1, 0 }, 4,
                               CA8210_MLME_SET_CNF, NULL),
                      CA8210_INVALID_INDEX);
    ck_assert_uint_eq(hwme_set(r, 0x30, (uint8_t[]) { 0 }, 1),
                      CA8210_HWME_UNKNOWN);
    ck_assert_uint_eq(hwme_set(r, CA8210_HWME_SYSCLKOUT,
                               (uint8_t[]) { 9, 0 }, 2), CA8210_HWME_INVALID);
    ck_assert_uint_eq(sfr(r, 2, 0, 0), CA8210_TDME_INVALID);
    ck_assert_uint_eq(mlme_get(r, CA8210_PHY_CURRENT_CHANNEL, v), 1);
    ck_assert_uint_eq(v[0], CHAN);

    /* MLME-RESET with SetDefaultPIB: the PIB's defaults again. */
    ck_assert_uint_eq(sync_req(r, CA8210_MLME_RESET_REQ, (uint8_t[]) { 1 },
                               1, CA8210_MLME_RESET_CNF, NULL), 0);
    ck_assert_int_eq(mlme_get(r, CA8210_MAC_PAN_ID, v), 2);
    ck_assert_uint_eq(lduw_le_p(v), 0xffff);
    ck_assert_int_eq(mlme_get(r, CA8210_PHY_CURRENT_CHANNEL, v), 1);
    ck_assert_uint_eq(v[0], 11);
    ck_assert_uint_eq(sync_req(r, CA8210_MLME_RESET_REQ, (uint8_t[]) { 2 },
                               1, CA8210_MLME_RESET_CNF, NULL),
                      CA8210_INVALID_PARAMETER);
    assert_log_clean(r);
    r_stop(r);
}
END_TEST

/* --- data ---------------------------------------------------------------- */

START_TEST(test_data_ack)
{
    R *r = two_radios(CHAN);
    static const uint8_t d[] = "hello, 802.15.4";
    uint8_t dst[2] = { 0x02, 0x00 }, m[CA8210_XFER_LEN], f[64];
    uint8_t *ind = m + 2, n = sizeof(d), dsn;
    g_autofree char *pcap = NULL, *air = NULL;
    gsize air_len;
    int fl = 0, fd;

    /* The air in a pcap, to read back the frame the chip built. */
    fd = g_file_open_tmp("ca8210-air-XXXXXX.pcap", &pcap, NULL);
    close(fd);
    qtest_qmp_assert_success(r->t->qts, "{'execute': 'qom-set', 'arguments':"
                             " {'path': '/machine/wpan0', 'property': 'pcap',"
                             " 'value': %s}}", pcap);
    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_SHORT, PAN, dst, d, n, 7,
             CA8210_TXOPT_ACK);
    /* (9 + 16 + 2 + 6) bytes at 32 us: not done at 1 ms. */
    step_us(r, 1000);
    ck_assert(!irq(r));
    step_us(r, 1000);
    ck_assert_uint_eq(data_cnf(r, 7), CA8210_SUCCESS);
    ck_assert_int_eq(qom_int(r, QOM0, "tx-frames"), 1);

    r->cs = 1;
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_MCPS_DATA_IND);
    /* The MSDU alone: mac802154 adds an FCS of its own (RX_OMIT_CKSUM). */
    ck_assert_uint_eq(m[1], CA8210_IND_MSDU + n + 1);
    ck_assert_uint_eq(ind[CA8210_IND_SRC], CA8210_ADDR_SHORT);
    ck_assert_uint_eq(lduw_le_p(&ind[CA8210_IND_SRC + 1]), PAN);
    ck_assert_uint_eq(lduw_le_p(&ind[CA8210_IND_SRC + 3]), 0x0001);
    ck_assert_uint_eq(ind[CA8210_IND_DST], CA8210_ADDR_SHORT);
    ck_assert_uint_eq(lduw_le_p(&ind[CA8210_IND_DST + 1]), PAN);
    ck_assert_uint_eq(lduw_le_p(&ind[CA8210_IND_DST + 3]), 0x0002);
    ck_assert_uint_eq(ind[CA8210_IND_MSDU_LEN], n);
    ck_assert_uint_gt(ind[CA8210_IND_LQI], 0);
    ck_assert_mem_eq(&ind[CA8210_IND_MSDU], d, n);
    ck_assert_uint_eq(ind[CA8210_IND_MSDU + n], 0);    /* no security */
    /* The frame the chip built: data, AR, PAN ID compression, short. */
    dsn = ind[CA8210_IND_DSN];
    stw_le_p(f, 0x8861);
    f[2] = dsn;
    stw_le_p(&f[3], PAN);
    stw_le_p(&f[5], 0x0002);
    stw_le_p(&f[7], 0x0001);
    fl = 9;
    memcpy(&f[fl], d, n);
    fl += n;
    stw_le_p(&f[fl], crc16(f, fl));
    fl += 2;
    /* The pcap's first record (after 24 + 16 bytes of headers). */
    qtest_qmp_assert_success(r->t->qts, "{'execute': 'qom-set', 'arguments':"
                             " {'path': '/machine/wpan0', 'property': 'pcap',"
                             " 'value': ''}}");
    ck_assert(g_file_get_contents(pcap, &air, &air_len, NULL));
    unlink(pcap);
    ck_assert_uint_ge(air_len, 24 + 16 + fl);
    ck_assert_uint_eq(ldl_le_p(air + 24 + 8), fl);
    ck_assert_mem_eq(air + 24 + 16, f, fl);
    ck_assert(!irq(r));
    ck_assert_int_eq(qom_int(r, QOM1, "rx-frames"), 1);
    ck_assert_int_eq(mlme_get(r, CA8210_MAC_DSN, m), 1);

    /* Back, extended to extended, no ACK asked: the next DSN. */
    data_req(r, CA8210_ADDR_EXT, CA8210_ADDR_EXT, PAN, ieee0, d, 4, 8, 0);
    step_us(r, 2000);
    ck_assert_uint_eq(data_cnf(r, 8), CA8210_SUCCESS);
    r->cs = 0;
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_MCPS_DATA_IND);
    ck_assert_uint_eq(ind[CA8210_IND_SRC], CA8210_ADDR_EXT);
    ck_assert_mem_eq(&ind[CA8210_IND_SRC + 3], ieee1, 8);
    ck_assert_uint_eq(ind[CA8210_IND_DST], CA8210_ADDR_EXT);
    ck_assert_mem_eq(&ind[CA8210_IND_DST + 3], ieee0, 8);
    ck_assert_uint_eq(ind[CA8210_IND_MSDU_LEN], 4);
    ck_assert_mem_eq(&ind[CA8210_IND_MSDU], d, 4);
    assert_log_clean(r);
    r_stop(r);
}
END_TEST

/* Radio 1 on another channel: no ACK, four tries, and nothing heard. */
START_TEST(test_channel_mismatch_no_ack)
{
    R *r = two_radios(CHAN + 1);
    uint8_t dst[2] = { 0x02, 0x00 };

    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_SHORT, PAN, dst,
             (const uint8_t *)"x", 1, 1, CA8210_TXOPT_ACK);
    step_us(r, 2000);
    ck_assert(!irq(r));
    step_us(r, 10000);
    ck_assert_uint_eq(data_cnf(r, 1), CA8210_NO_ACK);
    ck_assert_int_eq(qom_int(r, QOM0, "tx-frames"), 4);
    /* No retries: one try. */
    ck_assert_uint_eq(mlme_set8(r, CA8210_MAC_MAX_FRAME_RETRIES, 0), 0);
    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_SHORT, PAN, dst,
             (const uint8_t *)"y", 1, 2, CA8210_TXOPT_ACK);
    step_us(r, 3000);
    ck_assert_uint_eq(data_cnf(r, 2), CA8210_NO_ACK);
    ck_assert_int_eq(qom_int(r, QOM0, "tx-frames"), 5);
    r->cs = 1;
    ck_assert(!irq(r));
    ck_assert_int_eq(qom_int(r, QOM1, "rx-frames"), 0);
    /* Tuned to the same channel, it hears and acknowledges. */
    ck_assert_uint_eq(mlme_set8(r, CA8210_PHY_CURRENT_CHANNEL, CHAN), 0);
    r->cs = 0;
    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_SHORT, PAN, dst,
             (const uint8_t *)"z", 1, 3, CA8210_TXOPT_ACK);
    step_us(r, 3000);
    ck_assert_uint_eq(data_cnf(r, 3), CA8210_SUCCESS);
    ck_assert_int_eq(qom_int(r, QOM1, "rx-frames"), 1);
    assert_log_clean(r);
    r_stop(r);
}
END_TEST

START_TEST(test_filtering)
{
    R *r = two_radios(CHAN);
    uint8_t m[CA8210_XFER_LEN], *ind = m + 2;
    uint8_t to2[2] = { 0x02, 0x00 }, to3[2] = { 0x03, 0x00 };
    uint8_t bcast[2] = { 0xff, 0xff };

    /* Another PAN, another address: not for radio 1, no ACK. */
    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_SHORT, 0xcafe, to2,
             (const uint8_t *)"a", 1, 1, CA8210_TXOPT_ACK);
    step_us(r, 8000);
    ck_assert_uint_eq(data_cnf(r, 1), CA8210_NO_ACK);
    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_SHORT, PAN, to3,
             (const uint8_t *)"b", 1, 2, 0);
    step_us(r, 2000);
    ck_assert_uint_eq(data_cnf(r, 2), CA8210_SUCCESS);
    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_EXT, PAN, ieee0,
             (const uint8_t *)"c", 1, 3, 0);
    step_us(r, 2000);
    ck_assert_uint_eq(data_cnf(r, 3), CA8210_SUCCESS);
    r->cs = 1;
    ck_assert(!irq(r));

    /* Broadcast, PAN and address: heard; the ACK request is dropped. */
    r->cs = 0;
    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_SHORT, 0xffff, bcast,
             (const uint8_t *)"d", 1, 4, CA8210_TXOPT_ACK);
    step_us(r, 1000);
    ck_assert_uint_eq(data_cnf(r, 4), CA8210_SUCCESS);
    r->cs = 1;
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_MCPS_DATA_IND);
    ck_assert_uint_eq(lduw_le_p(&ind[CA8210_IND_DST + 1]), 0xffff);
    ck_assert_uint_eq(lduw_le_p(&ind[CA8210_IND_DST + 3]), 0xffff);
    ck_assert_uint_eq(lduw_le_p(&ind[CA8210_IND_SRC + 1]), PAN);
    ck_assert_uint_eq(ind[CA8210_IND_MSDU], 'd');

    /* Its extended address. */
    r->cs = 0;
    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_EXT, PAN, ieee1,
             (const uint8_t *)"e", 1, 5, CA8210_TXOPT_ACK);
    step_us(r, 2000);
    ck_assert_uint_eq(data_cnf(r, 5), CA8210_SUCCESS);
    r->cs = 1;
    read_msg(r, m);
    ck_assert_uint_eq(ind[CA8210_IND_MSDU], 'e');

    /* Promiscuous: the whole MPDU, no addressing, no ACK. */
    ck_assert_uint_eq(mlme_set8(r, CA8210_MAC_PROMISCUOUS_MODE, 1), 0);
    r->cs = 0;
    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_SHORT, 0xcafe, to3,
             (const uint8_t *)"f", 1, 6, CA8210_TXOPT_ACK);
    step_us(r, 8000);
    ck_assert_uint_eq(data_cnf(r, 6), CA8210_NO_ACK);
    r->cs = 1;
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_MCPS_DATA_IND);
    ck_assert_uint_eq(ind[CA8210_IND_SRC], 0);
    ck_assert_uint_eq(ind[CA8210_IND_DST], 0);
    ck_assert_uint_eq(ind[CA8210_IND_MSDU_LEN], 11 + 1);
    ck_assert_uint_eq(lduw_le_p(&ind[CA8210_IND_MSDU]), 0x8821);
    ck_assert_uint_eq(lduw_le_p(&ind[CA8210_IND_MSDU + 3]), 0xcafe);
    ck_assert_uint_eq(ind[CA8210_IND_MSDU + 11], 'f');
    assert_log_clean(r);
    r_stop(r);
}
END_TEST

/* --- hostile ------------------------------------------------------------- */

START_TEST(test_bad_messages)
{
    R *r = r_start("presilicon", NULL);
    uint8_t m[CA8210_XFER_LEN], big[CA8210_MAX_PARAMS] = { 0 };

    probe(r);
    /* MLME-SET whose value is not the length it says. */
    msg_send(r, CA8210_MLME_SET_REQ,
         (uint8_t[]) { CA8210_MAC_DSN, 0, 1, 5, 6 }, 5, m);
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_MLME_SET_CNF);
    ck_assert_uint_eq(m[2], CA8210_INVALID_PARAMETER);
    ck_assert_uint_eq(m[3], CA8210_MAC_DSN);
    assert_log_has(r, "MLME-SET.request of 5 bytes");
    /* An unknown command: TDME-ERROR.indication, invalid SPI message. */
    msg_send(r, 0x5f, (uint8_t[]) { 1 }, 1, m);
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_TDME_ERROR_IND);
    ck_assert_uint_eq(m[2], CA8210_TDME_ERR_SPI_INVALID);
    assert_log_has(r, "command 0x5f");
    /* A length beyond a transfer's. */
    msg_send(r, CA8210_HWME_GET_REQ, (uint8_t[]) { 1 }, 1, m);
    read_msg(r, m);
    {
        uint8_t hdr[2] = { CA8210_MLME_GET_REQ, 200 };

        xfer(r, hdr, 2, m);
    }
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_MLME_GET_CNF);
    ck_assert_uint_eq(m[2], CA8210_INVALID_PARAMETER);
    assert_log_has(r, "length 200");
    /* Chip select up mid-message. */
    sel(r, true);
    byte(r, CA8210_MLME_SET_REQ);
    byte(r, 4);
    byte(r, CA8210_MAC_PAN_ID);
    sel(r, false);
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_MLME_SET_CNF);
    ck_assert_uint_eq(m[2], CA8210_INVALID_PARAMETER);
    ck_assert_uint_eq(m[3], CA8210_MAC_PAN_ID);
    assert_log_has(r, "after 3 of the 6 bytes");
    sel(r, true);
    byte(r, CA8210_MLME_RESET_REQ);
    sel(r, false);
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_TDME_ERROR_IND);
    assert_log_has(r, "before its length");
    /* MCPS-DATA.request: MsduLength against the length; too long. */
    big[12] = 10;
    big[13] = 0x42;
    msg_send(r, CA8210_MCPS_DATA_REQ, big, 20, m);
    ck_assert_uint_eq(data_cnf(r, 0x42), CA8210_INVALID_PARAMETER);
    assert_log_has(r, "MsduLength 10");
    big[0] = big[1] = CA8210_ADDR_SHORT;
    big[12] = 115;
    msg_send(r, CA8210_MCPS_DATA_REQ, big, CA8210_DATA_REQ_MSDU + 116, m);
    ck_assert_uint_eq(data_cnf(r, 0x42), CA8210_INVALID_PARAMETER);
    big[12] = 2;
    big[1] = 1;
    msg_send(r, CA8210_MCPS_DATA_REQ, big, CA8210_DATA_REQ_MSDU + 3, m);
    ck_assert_uint_eq(data_cnf(r, 0x42), CA8210_INVALID_PARAMETER);
    assert_log_has(r, "addressing modes");
    big[1] = 0;
    big[0] = 0;
    msg_send(r, CA8210_MCPS_DATA_REQ, big, CA8210_DATA_REQ_MSDU + 3, m);
    ck_assert_uint_eq(data_cnf(r, 0x42), CA8210_INVALID_ADDRESS);
    /* A secured frame: no key. */
    big[0] = big[1] = CA8210_ADDR_SHORT;
    big[CA8210_DATA_REQ_MSDU + 2] = 5;
    msg_send(r, CA8210_MCPS_DATA_REQ, big, CA8210_DATA_REQ_MSDU + 2 + 11, m);
    ck_assert_uint_eq(data_cnf(r, 0x42), CA8210_UNAVAILABLE_KEY);

    /* A message read halfway stays until it is read whole. */
    hwme_get_send(r, CA8210_HWME_LQILIMIT, m);
    sel(r, true);
    ck_assert_uint_eq(byte(r, CA8210_SPI_IDLE), CA8210_HWME_GET_CNF);
    sel(r, false);
    ck_assert(irq(r));
    assert_log_has(r, "sent again");
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_HWME_GET_CNF);
    ck_assert(!irq(r));

    /* A request sent while a confirm goes out: both ways at once. */
    hwme_get_send(r, CA8210_HWME_LQIMODE, m);
    hwme_get_send(r, CA8210_HWME_LQILIMIT, m);
    ck_assert_uint_eq(m[0], CA8210_HWME_GET_CNF);
    ck_assert_uint_eq(m[3], CA8210_HWME_LQIMODE);
    read_msg(r, m);
    ck_assert_uint_eq(m[3], CA8210_HWME_LQILIMIT);
    assert_log_clean(r);

    /* A 16-bit word is not the chip's. */
    r_setup(r, 16);
    sel(r, true);
    byte(r, CA8210_SPI_IDLE);
    sel(r, false);
    assert_log_has(r, "16-bit SPI word");
    r_stop(r);
}
END_TEST

START_TEST(test_random_transfers)
{
    R *r = r_start("presilicon", NULL);
    GRand *g = g_rand_new_with_seed(8210);
    uint8_t m[CA8210_XFER_LEN];

    step_us(r, 2000);
    for (int i = 0; i < 500; i++) {
        r->cs = g_rand_boolean(g);
        sel(r, true);
        byte(r, g_rand_boolean(g) ? g_rand_int_range(g, 0, 0x60) :
             g_rand_int_range(g, 0, 256));
        for (int n = g_rand_int_range(g, 0, 40); n > 0; n--) {
            byte(r, g_rand_int_range(g, 0, 256));
        }
        sel(r, false);
        if (i % 40 == 0) {
            step_us(r, g_rand_int_range(g, 1, 3000));
        }
        if (i % 300 == 0) {
            reset_pin(r, g_rand_boolean(g));
        }
    }
    ps_log_take(r->t);
    /* Still a chip the driver can probe. */
    r->short_xfers = true;
    for (r->cs = 0; r->cs < 2; r->cs++) {
        reset_pin(r, true);
        step_us(r, 2000);
        while (irq(r)) {
            read_msg(r, m);
        }
        probe(r);
    }
    g_rand_free(g);
    r_stop(r);
}
END_TEST

/* RESET in the middle of a transmission: no confirm, only the wake-up. */
START_TEST(test_reset_mid_work)
{
    R *r = two_radios(CHAN);
    uint8_t dst[2] = { 0x02, 0x00 }, m[CA8210_XFER_LEN];

    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_SHORT, PAN, dst,
             (const uint8_t *)"abc", 3, 9, CA8210_TXOPT_ACK);
    step_us(r, 100);
    hard_reset(r);
    step_us(r, 20000);
    ck_assert(!irq(r));
    /* The PIB is back at its defaults: PAN ID 0xffff. */
    ck_assert_int_eq(mlme_get(r, CA8210_MAC_PAN_ID, m), 2);
    ck_assert_uint_eq(lduw_le_p(m), 0xffff);

    /* A machine reset: both radios boot again. */
    qtest_system_reset(r->t->qts);
    r_setup(r, 8);
    for (r->cs = 0; r->cs < 2; r->cs++) {
        ck_assert(!irq(r));
    }
    step_us(r, 2000);
    for (r->cs = 0; r->cs < 2; r->cs++) {
        read_msg(r, m);
        ck_assert_uint_eq(m[0], CA8210_HWME_WAKEUP_IND);
        ck_assert_int_eq(qom_int(r, r->cs ? QOM1 : QOM0, "tx-frames"), 0);
    }
    r_stop(r);
}
END_TEST

START_TEST(test_migration_mid_frame)
{
    R *r = two_radios(CHAN);
    uint8_t dst[2] = { 0x02, 0x00 }, m[CA8210_XFER_LEN];
    PsQTest *dst_t;

    data_req(r, CA8210_ADDR_SHORT, CA8210_ADDR_SHORT, PAN, dst,
             (const uint8_t *)"migrate", 7, 11, CA8210_TXOPT_ACK);
    step_us(r, 200);
    dst_t = ps_migrate(r->t, "presilicon", "");
    ps_qtest_quit(r->t);
    r->t = dst_t;
    /*
     * The qtest clock starts again from 0 on the destination while the
     * timers keep their deadlines: step past the source's time.
     */
    step_us(r, 30000);
    r->cs = 0;
    ck_assert_uint_eq(data_cnf(r, 11), CA8210_SUCCESS);
    r->cs = 1;
    read_msg(r, m);
    ck_assert_uint_eq(m[0], CA8210_MCPS_DATA_IND);
    ck_assert_mem_eq(&m[2 + CA8210_IND_MSDU], "migrate", 7);
    r_stop(r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ca8210");
    TCase *dt = tcase_create("device-tree");
    TCase *mac = tcase_create("mac");
    TCase *data = tcase_create("data");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(dt, test_fdt_node);
    tcase_add_test(dt, test_bare_device);
    tcase_add_test(dt, test_bad_options_named);
    tcase_add_test(mac, test_wakeup);
    tcase_add_test(mac, test_probe_and_ifup);
    tcase_add_test(data, test_data_ack);
    tcase_add_test(data, test_channel_mismatch_no_ack);
    tcase_add_test(data, test_filtering);
    tcase_add_test(data, test_reset_mid_work);
    tcase_add_test(data, test_migration_mid_frame);
    tcase_add_test(bad, test_bad_messages);
    tcase_add_test(bad, test_random_transfers);
    tcase_set_timeout(dt, 60);
    tcase_set_timeout(mac, 60);
    tcase_set_timeout(data, 120);
    tcase_set_timeout(bad, 180);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, mac);
    suite_add_tcase(s, data);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
