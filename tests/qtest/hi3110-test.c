/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Holt HI-3110 on the board's PL022 at chip select 2 (active low), its
 * interrupt on PL061 line 6, as hi311x drives it: the node, master reset
 * and the reset values hi311x probes, the registers, bit timing to the
 * bus bitrate, the TX and RX FIFOs and their message formats, frames in
 * virtual time through loopback and across the board's CAN bus to a
 * second HI-3110 (-device hi3110,cs=3, line 7), ACK errors, a bitrate
 * mismatch ending in bus-off, QMP injection, the RX FIFO overrun, bad
 * transfers and options, reset, and migration with a frame on the bus.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "presilicon-spi.h"
#include "hw/net/can/hi3110_regs.h"
#include "check-tap.h"
#include <libfdt.h>

#define QOM         "/machine/hi3110"
#define QOM2        "/machine/peripheral/can1"
#define CS0         2
#define CS1         3
#define SECOND      "-device hi3110,cs=3,id=can1"
/* BTR0/BTR1 for 500 kbit/s from the 16 MHz CAN clock: brp 2, 16 tq. */
#define BTR0_500K   0x01
#define BTR1_500K   0x1c    /* TSEG1 13 tq, TSEG2 2 tq */
#define BTR0_250K   0x03

typedef struct H {
    PsQTest *t;
    int cs;
} H;

/* ADC (cs 0) and the HI-3110s idle high, the CPCAP (cs 1) low. */
static void h_spi_setup(H *h, int bits)
{
    ps_spi_setup(h->t->qts, bits, 0xd);
}

static H *h_start(const char *machine, const char *extra)
{
    H *h = g_new0(H, 1);

    h->t = ps_qtest_start(machine, "%s", extra ? extra : "");
    h->cs = CS0;
    h_spi_setup(h, 8);
    return h;
}

static void h_stop(H *h)
{
    ps_qtest_quit(h->t);
    g_free(h);
}

static void sel(H *h, bool on)
{
    ps_cs_set(h->t->qts, h->cs, !on);
}

static uint8_t byte(H *h, uint8_t b)
{
    return ps_spi_word(h->t->qts, b);
}

static void cmd(H *h, uint8_t c)
{
    sel(h, true);
    byte(h, c);
    sel(h, false);
}

static uint8_t rd(H *h, uint8_t c)
{
    uint8_t v;

    sel(h, true);
    byte(h, c);
    v = byte(h, 0);
    sel(h, false);
    return v;
}

static void wr(H *h, uint8_t c, uint8_t v)
{
    sel(h, true);
    byte(h, c);
    byte(h, v);
    sel(h, false);
}

static void tx_bytes(H *h, const uint8_t *m, int n)
{
    sel(h, true);
    byte(h, HI3110_CMD_WRITE_FIFO);
    for (int i = 0; i < n; i++) {
        byte(h, m[i]);
    }
    sel(h, false);
}

/* hi3110_hw_tx()'s two formats. */
static void tx_std(H *h, uint16_t id, const uint8_t *d, int len)
{
    uint8_t m[HI3110_TX_STD_LEN] = { 0, id >> 3, (id << 5) & 0xe0, len };

    memcpy(m + 4, d, len);
    tx_bytes(h, m, 4 + len);
}

static void tx_ext(H *h, uint32_t id, const uint8_t *d, int len)
{
    uint8_t m[HI3110_TX_EXT_LEN] = {
        0, id >> 21, ((id >> 13) & 0xe0) | 0x18 | ((id >> 15) & 7),
        id >> 7, id << 1, len,
    };

    memcpy(m + 6, d, len);
    tx_bytes(h, m, 6 + len);
}

/* One READ_FIFO_WOTIME: tag, ID1..ID4, DLC, 8 data bytes. */
static void rx_msg(H *h, uint8_t *m)
{
    sel(h, true);
    byte(h, HI3110_CMD_READ_FIFO_WOTIME);
    for (int i = 0; i < HI3110_RX_LEN; i++) {
        m[i] = byte(h, 0);
    }
    sel(h, false);
}

/* hi311x's decoding of a received ID. */
static uint32_t rx_id(const uint8_t *m)
{
    if (m[0] & HI3110_RX_TAG_IDE) {
        return m[1] << 21 | ((m[2] & 0xe0) >> 5) << 18 | (m[2] & 7) << 15 |
               m[3] << 7 | m[4] >> 1;
    }
    return m[1] << 3 | (m[2] & 0xe0) >> 5;
}

/* hi3110_open(): reset, bit timing, interrupts, TXEN, then the mode. */
static void h_open(H *h, uint8_t btr0, uint8_t mode)
{
    cmd(h, HI3110_CMD_MASTER_RESET);
    wr(h, HI3110_CMD_WRITE_BTR0, btr0);
    wr(h, HI3110_CMD_WRITE_BTR1, BTR1_500K);
    wr(h, HI3110_CMD_WRITE_INTE, R_INTF_BUSERR_MASK | R_INTF_RXFIFO_MASK |
                                 R_INTF_TXCPLT_MASK);
    wr(h, HI3110_CMD_WRITE_CTRL1, R_CTRL1_TXEN_MASK);
    wr(h, HI3110_CMD_WRITE_CTRL0, mode << R_CTRL0_MODE_SHIFT);
}

static bool irq(H *h)
{
    return ps_gpio_get(h->t->qts, 4 + h->cs);
}

static void step_us(H *h, int64_t us)
{
    qtest_clock_step(h->t->qts, us * 1000);
}

static int64_t qom_int(H *h, const char *path, const char *prop)
{
    return ps_qom_int(h->t->qts, path, prop);
}

static char *qom_str(H *h, const char *path, const char *prop)
{
    return ps_qom_str(h->t->qts, path, prop);
}

/* can-inject; returns the QMP error's text, or NULL on success. */
static char *inject(H *h, const char *path, const char *what)
{
    return ps_qom_set_str(h->t->qts, path, "can-inject", what);
}

static void assert_log_has(H *h, const char *what)
{
    g_autofree char *log = ps_log_take(h->t);

    ck_assert_msg(strstr(log, what), "no guest error '%s' in: %s", what, log);
}

static void assert_log_clean(H *h)
{
    g_autofree char *log = ps_log_take(h->t);

    ck_assert_msg(!strstr(log, "hi3110"), "unexpected: %s", log);
}

/* --- device tree and options --------------------------------------------- */

static void check_node(const void *fdt, int cs_n)
{
    int n = ps_fdt_node_by_compat(fdt, "holt,hi3110");
    int spi = ps_fdt_node_by_reg(fdt, "arm,pl022", PS_SPI_BASE);
    int gpio = ps_fdt_node_by_reg(fdt, "arm,pl061", PS_GPIO_BASE);
    const fdt32_t *irq;
    int len, clk;

    ck_assert_int_ge(n, 0);
    ck_assert_int_eq(fdt_parent_offset(fdt, n), spi);
    ck_assert_uint_eq(ps_fdt_cell(fdt, n, "reg", ~0u), cs_n);
    ck_assert_uint_eq(ps_fdt_cell(fdt, n, "spi-max-frequency", 0), 10000000);
    clk = fdt_node_offset_by_phandle(fdt, ps_fdt_cell(fdt, n, "clocks", 0));
    ck_assert_int_ge(clk, 0);
    ck_assert_str_eq(fdt_getprop(fdt, clk, "compatible", NULL), "fixed-clock");
    ck_assert_uint_eq(ps_fdt_cell(fdt, clk, "clock-frequency", 0), 32000000);
    irq = fdt_getprop(fdt, n, "interrupts-extended", &len);
    ck_assert_int_eq(len, 12);
    ck_assert_uint_eq(fdt32_to_cpu(irq[0]),
                      ps_fdt_cell(fdt, gpio, "phandle", 0));
    ck_assert_uint_eq(fdt32_to_cpu(irq[1]), 4 + cs_n);
    ck_assert_uint_eq(fdt32_to_cpu(irq[2]), 4);    /* IRQ_TYPE_LEVEL_HIGH */
}

START_TEST(test_fdt_node)
{
    H *h = h_start("presilicon", NULL);
    g_autofree void *fdt = ps_dtb(h->t);
    const fdt32_t *p;
    int len;

    check_node(fdt, CS0);
    /* Its chip select is active low, as cs-gpios says. */
    p = fdt_getprop(fdt, ps_fdt_node_by_reg(fdt, "arm,pl022", PS_SPI_BASE),
                    "cs-gpios", &len);
    ck_assert_uint_eq(fdt32_to_cpu(p[CS0 * 3 + 2]), 1);
    h_stop(h);
}
END_TEST

START_TEST(test_bare_device)
{
    H *h = h_start("presilicon,bare=on", NULL);
    g_autofree void *fdt = ps_dtb(h->t);
    g_autofree void *fdt2 = NULL;

    ck_assert_int_lt(ps_fdt_node_by_compat(fdt, "holt,hi3110"), 0);
    h_stop(h);

    h = h_start("presilicon,bare=on", "-device hi3110,cs=3");
    fdt2 = ps_dtb(h->t);
    check_node(fdt2, CS1);
    h->cs = CS1;
    cmd(h, HI3110_CMD_MASTER_RESET);
    ck_assert_uint_eq(rd(h, A_STATF), HI3110_STATF_RESET);
    h->cs = CS0;                /* nothing at chip select 2 */
    ck_assert_uint_eq(rd(h, A_STATF), 0);
    h_stop(h);
}
END_TEST

START_TEST(test_bad_options_named)
{
    static const struct {
        const char *machine, *args, *want;
    } bad[] = {
        { ",bare=on", "-device hi3110,clock-hz=0", "clock-hz" },
        { ",bare=on", "-device hi3110,clock-hz=50000000", "clock-hz" },
        { ",bare=on", "-device hi3110,max-hz=30000000", "max-hz" },
        { ",bare=on", "-device hi3110,canbus=nowhere", "nowhere" },
        /* Chip select 1's line 5 is the CPCAP's interrupt. */
        { ",bare=on", "-device motorola-cpcap,cs=0 -device hi3110,cs=1",
          "PL061 line 5" },
        { "", "-device hi3110,cs=2", "in use" },
    };

    for (int i = 0; i < ARRAY_SIZE(bad); i++) {
        g_autofree char *cmdline = g_strdup_printf(
            "%s -M presilicon%s -display none %s",
            g_getenv("QTEST_QEMU_BINARY"), bad[i].machine, bad[i].args);
        g_autofree char *err = NULL;
        int status;

        ck_assert(g_spawn_command_line_sync(cmdline, NULL, &err, &status,
                                            NULL));
        ck_assert_int_ne(status, 0);
        ck_assert_msg(strstr(err, bad[i].want), "'%s' not in: %s",
                      bad[i].want, err);
    }
}
END_TEST

/* --- registers ----------------------------------------------------------- */

START_TEST(test_master_reset)
{
    H *h = h_start("presilicon", NULL);

    /* hi3110_hw_reset() and hi3110_hw_probe(). */
    cmd(h, HI3110_CMD_MASTER_RESET);
    ck_assert_uint_eq(rd(h, A_CTRL0) & R_CTRL0_MODE_MASK,
                      HI3110_MODE_INIT << R_CTRL0_MODE_SHIFT);
    ck_assert_uint_eq(rd(h, A_ERR), 0);
    ck_assert_uint_eq(rd(h, A_STATF), HI3110_STATF_RESET);
    ck_assert_uint_eq(rd(h, A_TEC), 0);
    ck_assert_uint_eq(rd(h, A_REC), 0);
    ck_assert_uint_eq(rd(h, A_INTF), 0);

    /* An ACK error's flag survives a master reset until ERR is read. */
    h_open(h, BTR0_500K, HI3110_MODE_NORMAL);
    tx_std(h, 0x123, (const uint8_t *)"\x01", 1);
    step_us(h, 1000);
    cmd(h, HI3110_CMD_MASTER_RESET);
    ck_assert_uint_eq(rd(h, A_ERR), R_ERR_ACKERR_MASK);
    ck_assert_uint_eq(rd(h, A_ERR), 0);
    ck_assert_uint_eq(rd(h, A_TEC), 0);
    assert_log_clean(h);
    h_stop(h);
}
END_TEST

START_TEST(test_registers)
{
    H *h = h_start("presilicon", NULL);

    cmd(h, HI3110_CMD_MASTER_RESET);
    wr(h, HI3110_CMD_WRITE_BTR0, BTR0_500K);
    wr(h, HI3110_CMD_WRITE_BTR1, BTR1_500K);
    ck_assert_uint_eq(rd(h, A_BTR0), BTR0_500K);
    ck_assert_uint_eq(rd(h, A_BTR1), BTR1_500K);
    ck_assert_int_eq(qom_int(h, QOM, "can-bitrate"), 500000);
    wr(h, HI3110_CMD_WRITE_BTR0, BTR0_250K);
    ck_assert_int_eq(qom_int(h, QOM, "can-bitrate"), 250000);
    wr(h, HI3110_CMD_WRITE_INTE, 0x70);
    ck_assert_uint_eq(rd(h, A_INTE), 0x70);
    wr(h, HI3110_CMD_WRITE_CTRL1, R_CTRL1_TXEN_MASK);
    ck_assert_uint_eq(rd(h, A_CTRL1), R_CTRL1_TXEN_MASK);
    ck_assert_str_eq(qom_str(h, QOM, "can-state"), "stopped");

    /* Each mode, read back as hi3110_set_normal_mode() checks it. */
    for (int m = HI3110_MODE_NORMAL; m <= HI3110_MODE_INIT; m++) {
        wr(h, HI3110_CMD_WRITE_CTRL0, m << R_CTRL0_MODE_SHIFT);
        ck_assert_uint_eq(rd(h, A_CTRL0), m << R_CTRL0_MODE_SHIFT);
    }
    /* The mode changes latched MCHG. */
    ck_assert(rd(h, A_INTF) & R_INTF_MCHG_MASK);
    assert_log_clean(h);

    /* Bit timing is only writable in init mode. */
    wr(h, HI3110_CMD_WRITE_CTRL0, HI3110_MODE_NORMAL << R_CTRL0_MODE_SHIFT);
    ck_assert_str_eq(qom_str(h, QOM, "can-state"), "error-active");
    wr(h, HI3110_CMD_WRITE_BTR0, BTR0_500K);
    ck_assert_uint_eq(rd(h, A_BTR0), BTR0_250K);
    assert_log_has(h, "outside init mode");
    h_stop(h);
}
END_TEST

/* --- frames -------------------------------------------------------------- */

START_TEST(test_loopback)
{
    H *h = h_start("presilicon", NULL);
    static const uint8_t d[4] = { 0xde, 0xad, 0xbe, 0xef };
    uint8_t m[HI3110_RX_LEN];

    h_open(h, BTR0_500K, HI3110_MODE_LOOPBACK);
    ck_assert_uint_eq(rd(h, A_INTF), R_INTF_MCHG_MASK);
    ck_assert(!irq(h));
    tx_std(h, 0x123, d, 4);
    ck_assert_uint_eq(rd(h, A_STATF) & R_STATF_TXMTY_MASK, 0);
    /* 79 bits before stuffing at 2 us each: not done at 150 us. */
    step_us(h, 150);
    ck_assert_uint_eq(rd(h, A_STATF) & R_STATF_TXMTY_MASK, 0);
    ck_assert(!irq(h));
    step_us(h, 60);
    ck_assert_uint_eq(rd(h, A_STATF),
                      R_STATF_TXMTY_MASK);  /* TX empty, RX not */
    ck_assert(irq(h));
    ck_assert_uint_eq(rd(h, A_MESSTAT), 1);
    rx_msg(h, m);
    ck_assert_uint_eq(m[0], 0);
    ck_assert_uint_eq(rx_id(m), 0x123);
    ck_assert_uint_eq(m[5], 4);
    ck_assert_mem_eq(m + 6, d, 4);
    ck_assert_uint_eq(rd(h, A_STATF), HI3110_STATF_RESET);
    ck_assert_uint_eq(rd(h, A_INTF), R_INTF_RXFIFO_MASK | R_INTF_TXCPLT_MASK);
    ck_assert(!irq(h));

    /* An extended remote frame: IDE in the tag, RTR in ID4. */
    tx_bytes(h, (const uint8_t[]) { 0, 0x1f334455 >> 21,
                                    ((0x1f334455 >> 13) & 0xe0) | 0x18 |
                                    ((0x1f334455 >> 15) & 7),
                                    (0x1f334455 >> 7) & 0xff,
                                    ((0x1f334455 << 1) & 0xff) | 1, 0 }, 6);
    step_us(h, 1000);
    rx_msg(h, m);
    ck_assert_uint_eq(m[0], HI3110_RX_TAG_IDE);
    ck_assert_uint_eq(rx_id(m), 0x1f334455);
    ck_assert_uint_eq(m[4] & HI3110_ID4_RTR, 1);
    ck_assert_uint_eq(m[5], 0);
    ck_assert_int_eq(qom_int(h, QOM, "can-tx-frames"), 2);
    ck_assert_int_eq(qom_int(h, QOM, "can-rx-frames"), 2);
    assert_log_clean(h);
    h_stop(h);
}
END_TEST

START_TEST(test_two_nodes)
{
    H *h = h_start("presilicon", SECOND);
    static const uint8_t d[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    uint8_t m[HI3110_RX_LEN];

    h->cs = CS1;
    h_open(h, BTR0_500K, HI3110_MODE_NORMAL);
    h->cs = CS0;
    h_open(h, BTR0_500K, HI3110_MODE_NORMAL);
    tx_ext(h, 0x12345, d, 8);
    tx_std(h, 0x7ff, d, 2);
    step_us(h, 1000);
    ck_assert_uint_eq(rd(h, A_STATF) & R_STATF_TXMTY_MASK, R_STATF_TXMTY_MASK);
    ck_assert_uint_eq(rd(h, A_TEC), 0);
    h->cs = CS1;
    ck_assert(irq(h));
    ck_assert_uint_eq(rd(h, A_MESSTAT), 2);
    rx_msg(h, m);
    ck_assert_uint_eq(rx_id(m), 0x12345);
    ck_assert_uint_eq(m[0], HI3110_RX_TAG_IDE);
    ck_assert_uint_eq(m[5], 8);
    ck_assert_mem_eq(m + 6, d, 8);
    rx_msg(h, m);
    ck_assert_uint_eq(rx_id(m), 0x7ff);
    ck_assert_uint_eq(m[5], 2);
    ck_assert_mem_eq(m + 6, d, 2);
    ck_assert(rd(h, A_STATF) & R_STATF_RXFMTY_MASK);
    ck_assert_int_eq(qom_int(h, QOM2, "can-rx-frames"), 2);
    ck_assert_int_eq(qom_int(h, QOM, "can-tx-frames"), 2);

    /* Monitor mode receives but does not acknowledge. */
    wr(h, HI3110_CMD_WRITE_CTRL0, HI3110_MODE_MONITOR << R_CTRL0_MODE_SHIFT);
    h->cs = CS0;
    tx_std(h, 0x100, d, 1);
    step_us(h, 1000);
    ck_assert_uint_eq(rd(h, A_ERR) & R_ERR_ACKERR_MASK, R_ERR_ACKERR_MASK);
    ck_assert_uint_gt(rd(h, A_TEC), 0);
    h->cs = CS1;
    ck_assert_uint_ge(rd(h, A_MESSTAT), 1);
    assert_log_clean(h);
    h_stop(h);
}
END_TEST

/* Alone on the bus: ACK errors take TEC to error-passive and no further. */
START_TEST(test_errors_without_ack)
{
    H *h = h_start("presilicon", NULL);

    h_open(h, BTR0_500K, HI3110_MODE_NORMAL);
    tx_std(h, 0x55, (const uint8_t *)"\xaa", 1);
    step_us(h, 200);
    ck_assert(irq(h));
    ck_assert_uint_eq(rd(h, A_INTF) & R_INTF_BUSERR_MASK, R_INTF_BUSERR_MASK);
    ck_assert_uint_eq(rd(h, A_ERR), R_ERR_ACKERR_MASK);
    ck_assert_uint_eq(rd(h, A_TEC), 8);
    step_us(h, 20000);
    ck_assert_uint_eq(rd(h, A_TEC), 128);
    ck_assert_uint_eq(rd(h, A_ERR), R_ERR_TXERRP_MASK | R_ERR_ACKERR_MASK);
    ck_assert_uint_eq(rd(h, A_STATF) & (R_STATF_ERRP_MASK | R_STATF_ERRW_MASK |
                                        R_STATF_TXMTY_MASK),
                      R_STATF_ERRP_MASK | R_STATF_ERRW_MASK);
    ck_assert_str_eq(qom_str(h, QOM, "can-state"), "error-passive");
    assert_log_clean(h);
    h_stop(h);
}
END_TEST

/* A node at 250 kbit/s destroys our 500 kbit/s frames: bus-off. */
START_TEST(test_bitrate_mismatch)
{
    H *h = h_start("presilicon", SECOND);

    h->cs = CS1;
    h_open(h, BTR0_250K, HI3110_MODE_NORMAL);
    h->cs = CS0;
    h_open(h, BTR0_500K, HI3110_MODE_NORMAL);
    tx_std(h, 0x123, (const uint8_t *)"\x11\x22", 2);
    step_us(h, 200);
    ck_assert_uint_eq(rd(h, A_ERR), R_ERR_BITERR_MASK);
    ck_assert_uint_eq(rd(h, A_TEC), 8);
    step_us(h, 20000);
    ck_assert_uint_eq(rd(h, A_ERR) & R_ERR_BUSOFF_MASK, R_ERR_BUSOFF_MASK);
    ck_assert(rd(h, A_STATF) & R_STATF_BUSOFF_MASK);
    /* Off the bus, the TX FIFO is dropped. */
    ck_assert(rd(h, A_STATF) & R_STATF_TXMTY_MASK);
    ck_assert_str_eq(qom_str(h, QOM, "can-state"), "bus-off");
    h->cs = CS1;
    ck_assert(rd(h, A_STATF) & R_STATF_RXFMTY_MASK);
    ck_assert_uint_eq(rd(h, A_REC), 32);
    ck_assert_uint_eq(rd(h, A_ERR), R_ERR_FRMERR_MASK);
    /* A master reset brings the node back. */
    h->cs = CS0;
    h_open(h, BTR0_250K, HI3110_MODE_NORMAL);
    ck_assert_str_eq(qom_str(h, QOM, "can-state"), "error-active");
    tx_std(h, 0x124, (const uint8_t *)"\x33", 1);
    step_us(h, 1000);
    ck_assert_uint_eq(rd(h, A_TEC), 0);
    h->cs = CS1;
    ck_assert_uint_eq(rd(h, A_MESSTAT), 1);
    ck_assert_uint_eq(rd(h, A_REC), 31);
    assert_log_clean(h);
    h_stop(h);
}
END_TEST

START_TEST(test_injection)
{
    H *h = h_start("presilicon", NULL);
    uint8_t m[HI3110_RX_LEN];
    g_autofree char *e1 = NULL, *e2 = NULL, *e3 = NULL, *e4 = NULL;

    h_open(h, BTR0_500K, HI3110_MODE_NORMAL);
    ck_assert_ptr_null(inject(h, QOM, "7FF#0102"));
    ck_assert(irq(h));
    rx_msg(h, m);
    ck_assert_uint_eq(rx_id(m), 0x7ff);
    ck_assert_uint_eq(m[5], 2);
    ck_assert_uint_eq(m[7], 2);
    ck_assert_ptr_null(inject(h, QOM, "123#R"));
    rx_msg(h, m);
    ck_assert_uint_eq(m[4] & HI3110_ID4_RTR, 1);
    ck_assert_uint_eq(m[2] & HI3110_ID2_SRR_RTR, HI3110_ID2_SRR_RTR);

    rd(h, A_INTF);
    ck_assert_ptr_null(inject(h, QOM, "error"));
    ck_assert(irq(h));
    ck_assert_uint_eq(rd(h, A_TEC), 8);
    ck_assert_ptr_null(inject(h, QOM, "error-passive"));
    ck_assert(rd(h, A_STATF) & R_STATF_ERRP_MASK);
    ck_assert_ptr_null(inject(h, QOM, "bus-off"));
    ck_assert(rd(h, A_ERR) & R_ERR_BUSOFF_MASK);
    ck_assert_int_eq(qom_int(h, QOM, "can-tec"), 256);

    /* Nothing reaches a node off the bus; bad requests are refused. */
    e1 = inject(h, QOM, "123#11");
    ck_assert_ptr_nonnull(strstr(e1, "bus-off"));
    e2 = inject(h, QOM, "melt");
    ck_assert_ptr_nonnull(strstr(e2, "can-inject"));
    e3 = inject(h, QOM, "123#112233445566778899");
    ck_assert_ptr_nonnull(strstr(e3, "8 bytes"));
    e4 = inject(h, QOM, "800#");
    ck_assert_ptr_nonnull(strstr(e4, "CAN ID"));
    cmd(h, HI3110_CMD_MASTER_RESET);
    ck_assert_str_eq(qom_str(h, QOM, "can-state"), "stopped");
    ck_assert_uint_eq(rd(h, A_STATF), HI3110_STATF_RESET);
    h_stop(h);
}
END_TEST

START_TEST(test_rx_fifo_overflow)
{
    H *h = h_start("presilicon", NULL);
    uint8_t m[HI3110_RX_LEN];

    h_open(h, BTR0_500K, HI3110_MODE_NORMAL);
    for (int i = 0; i < HI3110_FIFO_DEPTH + 2; i++) {
        g_autofree char *f = g_strdup_printf("%03X#%02X", 0x100 + i, i);

        ck_assert_ptr_null(inject(h, QOM, f));
    }
    ck_assert_uint_eq(rd(h, A_MESSTAT), HI3110_FIFO_DEPTH);
    ck_assert_int_eq(qom_int(h, QOM, "rx-overruns"), 2);
    for (int i = 0; i < HI3110_FIFO_DEPTH; i++) {
        rx_msg(h, m);
        ck_assert_uint_eq(rx_id(m), 0x100 + i);
        ck_assert_uint_eq(m[6], i);
    }
    ck_assert(rd(h, A_STATF) & R_STATF_RXFMTY_MASK);
    h_stop(h);
}
END_TEST

/* --- hostile ------------------------------------------------------------- */

START_TEST(test_bad_transfers)
{
    H *h = h_start("presilicon", SECOND);
    uint8_t m[HI3110_RX_LEN];
    uint8_t big[HI3110_TX_STD_LEN] = { 0, 0x24, 0x60, 12 };

    h->cs = CS1;
    h_open(h, BTR0_500K, HI3110_MODE_NORMAL);
    h->cs = CS0;
    cmd(h, 0x99);
    assert_log_has(h, "command 0x99");
    cmd(h, HI3110_CMD_WRITE_CTRL0);
    assert_log_has(h, "without its data byte");
    rx_msg(h, m);
    assert_log_has(h, "RX FIFO empty");
    ck_assert_uint_eq(m[1], 0);
    sel(h, true);
    byte(h, HI3110_CMD_WRITE_INTE);
    byte(h, 0x20);
    byte(h, 0x40);
    sel(h, false);
    assert_log_has(h, "takes one data byte");
    ck_assert_uint_eq(rd(h, A_INTE), 0x20);

    h_open(h, BTR0_500K, HI3110_MODE_INIT);
    /* Cut before the DLC, and short of its data bytes. */
    tx_bytes(h, big, 3);
    assert_log_has(h, "before the DLC");
    big[3] = 4;
    tx_bytes(h, big, 6);
    assert_log_has(h, "cut after 6 of 8 bytes");
    ck_assert(rd(h, A_STATF) & R_STATF_TXMTY_MASK);
    /* DLC 12: a classic frame carries 8. */
    big[3] = 12;
    for (int i = 4; i < 12; i++) {
        big[i] = i;
    }
    tx_bytes(h, big, 12);
    assert_log_has(h, "DLC 12");
    /* Nine messages into the 8-deep TX FIFO (init mode: none goes out). */
    for (int i = 0; i < 8; i++) {
        tx_std(h, 0x10 + i, big + 4, 1);
    }
    assert_log_has(h, "TX FIFO full");
    /* The DLC-12 frame goes out with 8 data bytes. */
    wr(h, HI3110_CMD_WRITE_CTRL0, HI3110_MODE_NORMAL << R_CTRL0_MODE_SHIFT);
    step_us(h, 300);
    h->cs = CS1;
    rx_msg(h, m);
    ck_assert_uint_eq(rx_id(m), 0x123);
    ck_assert_uint_eq(m[5], 8);
    ck_assert_mem_eq(m + 6, big + 4, 8);
    h->cs = CS0;
    step_us(h, 5000);
    ck_assert(rd(h, A_STATF) & R_STATF_TXMTY_MASK);
    ck_assert_int_eq(qom_int(h, QOM2, "can-rx-frames"), 8);

    /* A 16-bit word is not the chip's. */
    h_spi_setup(h, 16);
    sel(h, true);
    byte(h, A_STATF);
    sel(h, false);
    assert_log_has(h, "16-bit SPI word");
    h_stop(h);
}
END_TEST

START_TEST(test_random_transfers)
{
    H *h = h_start("presilicon", SECOND);
    GRand *r = g_rand_new_with_seed(3110);

    for (int i = 0; i < 1500; i++) {
        h->cs = g_rand_boolean(r) ? CS0 : CS1;
        sel(h, true);
        for (int n = g_rand_int_range(r, 1, 18); n > 0; n--) {
            byte(h, g_rand_int_range(r, 0, 256));
        }
        sel(h, false);
        if (i % 50 == 0) {
            step_us(h, g_rand_int_range(r, 1, 2000));
        }
    }
    ps_log_take(h->t);
    /* Still a chip hi311x can probe. */
    h->cs = CS0;
    cmd(h, HI3110_CMD_MASTER_RESET);
    ck_assert_uint_eq(rd(h, A_STATF), HI3110_STATF_RESET);
    g_rand_free(r);
    h_stop(h);
}
END_TEST

START_TEST(test_system_reset)
{
    H *h = h_start("presilicon", NULL);

    h_open(h, BTR0_500K, HI3110_MODE_NORMAL);
    tx_std(h, 0x1, (const uint8_t *)"\x01", 1);
    ck_assert_ptr_null(inject(h, QOM, "2#02"));
    step_us(h, 20000);
    ck_assert(irq(h));
    qtest_system_reset(h->t->qts);
    h_spi_setup(h, 8);
    ck_assert(!irq(h));
    ck_assert_uint_eq(rd(h, A_CTRL0), HI3110_MODE_INIT << R_CTRL0_MODE_SHIFT);
    ck_assert_uint_eq(rd(h, A_STATF), HI3110_STATF_RESET);
    ck_assert_uint_eq(rd(h, A_ERR), 0);
    ck_assert_int_eq(qom_int(h, QOM, "can-tec"), 0);
    ck_assert_int_eq(qom_int(h, QOM, "can-tx-frames"), 0);
    h_stop(h);
}
END_TEST

/* A frame half way across the bus, and one waiting, cross over. */
START_TEST(test_migration_mid_frame)
{
    H *h = h_start("presilicon", SECOND);
    static const uint8_t d[8] = { 9, 8, 7, 6, 5, 4, 3, 2 };
    uint8_t m[HI3110_RX_LEN];
    PsQTest *dst;

    h->cs = CS1;
    h_open(h, BTR0_500K, HI3110_MODE_NORMAL);
    h->cs = CS0;
    h_open(h, BTR0_500K, HI3110_MODE_NORMAL);
    tx_ext(h, 0xabcde, d, 8);
    tx_std(h, 0x42, d, 3);
    step_us(h, 100);
    ck_assert_int_eq(qom_int(h, QOM2, "can-rx-frames"), 0);
    dst = ps_migrate(h->t, "presilicon", SECOND);
    ps_qtest_quit(h->t);
    h->t = dst;
    step_us(h, 1000);
    ck_assert(rd(h, A_STATF) & R_STATF_TXMTY_MASK);
    h->cs = CS1;
    ck_assert(irq(h));
    rx_msg(h, m);
    ck_assert_uint_eq(rx_id(m), 0xabcde);
    ck_assert_mem_eq(m + 6, d, 8);
    rx_msg(h, m);
    ck_assert_uint_eq(rx_id(m), 0x42);
    ck_assert_mem_eq(m + 6, d, 3);
    h_stop(h);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hi3110");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *frames = tcase_create("frames");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(dt, test_fdt_node);
    tcase_add_test(dt, test_bare_device);
    tcase_add_test(dt, test_bad_options_named);
    tcase_add_test(regs, test_master_reset);
    tcase_add_test(regs, test_registers);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(frames, test_loopback);
    tcase_add_test(frames, test_two_nodes);
    tcase_add_test(frames, test_errors_without_ack);
    tcase_add_test(frames, test_bitrate_mismatch);
    tcase_add_test(frames, test_injection);
    tcase_add_test(frames, test_rx_fifo_overflow);
    tcase_add_test(frames, test_migration_mid_frame);
    tcase_add_test(bad, test_bad_transfers);
    tcase_add_test(bad, test_random_transfers);
    tcase_set_timeout(dt, 60);
    tcase_set_timeout(regs, 60);
    tcase_set_timeout(frames, 60);
    tcase_set_timeout(bad, 120);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, frames);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
