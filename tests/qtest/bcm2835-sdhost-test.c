/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * BCM2835 SDHOST: device-tree node, reset values, an SD card (QEMU's
 * sd-card on a raw image) brought up through the registers, single- and
 * multi-block PIO reads and writes checked byte for byte against the
 * image, the interrupt line, card removal and insertion over QMP,
 * write-protect, reset and migration in the middle of a transfer, and
 * hostile programming with its guest-error lines.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/block/bcm2835_sdhost_regs.h"
#include "check-tap.h"
#include "../xorshift.h"
#include <libfdt.h>

#define COMPAT      "brcm,bcm2835-sdhost"
#define IMG_SIZE    (1024 * 1024)   /* under 2 GiB: a byte-addressed SDSC */
#define BLK         512

/* SD commands the test sends. */
#define CMD_GO_IDLE         0
#define CMD_ALL_SEND_CID    2
#define CMD_SEND_RCA        3
#define CMD_SELECT          7
#define CMD_SEND_IF_COND    8
#define CMD_STOP            12
#define CMD_SEND_STATUS     13
#define CMD_SET_BLOCKLEN    16
#define CMD_READ_SINGLE     17
#define CMD_READ_MULTI      18
#define CMD_WRITE_SINGLE    24
#define CMD_WRITE_MULTI     25
#define ACMD_SEND_OP_COND   41
#define CMD_APP             55

#define R_NONE  R_SDCMD_NO_RESPONSE_MASK
#define R_LONG  R_SDCMD_LONG_RESPONSE_MASK
#define R_BUSY  R_SDCMD_BUSYWAIT_MASK

typedef struct Sd {
    PsQTest *t;
    uint64_t base;
    char *img;
    char *args;
    uint32_t rca;
    uint64_t dma;               /* the board's DMA controller, channel 0 */
    uint8_t want[IMG_SIZE];     /* what the image holds */
} Sd;

static uint32_t rd(Sd *sd, uint32_t reg)
{
    return qtest_readl(sd->t->qts, sd->base + reg);
}

static void wr(Sd *sd, uint32_t reg, uint32_t val)
{
    qtest_writel(sd->t->qts, sd->base + reg, val);
}

static bool irq(Sd *sd)
{
    return qtest_get_irq(sd->t->qts, 0);
}

static uint32_t fsm(Sd *sd)
{
    return FIELD_EX32(rd(sd, A_SDEDM), SDEDM, FSM);
}

static uint32_t fifo_count(Sd *sd)
{
    return FIELD_EX32(rd(sd, A_SDEDM), SDEDM, FIFO_COUNT);
}

static uint64_t node_base(PsQTest *t)
{
    g_autofree void *fdt = ps_dtb(t);
    int node = ps_fdt_node_by_compat(fdt, COMPAT);
    uint64_t base, size;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    return base;
}

/* A fresh raw image of random bytes; sd->want mirrors it. */
static void make_image(Sd *sd)
{
    int fd = g_file_open_tmp("bcm2835-sdhost-XXXXXX.img", &sd->img, NULL);

    ck_assert_int_ge(fd, 0);
    rnd_state = 0x5d0c4a7;
    for (int i = 0; i < IMG_SIZE; i += 4) {
        uint32_t r = rnd();

        memcpy(&sd->want[i], &r, 4);
    }
    ck_assert_int_eq(write(fd, sd->want, IMG_SIZE), IMG_SIZE);
    close(fd);
}

static void check_image(Sd *sd)
{
    g_autofree char *data = NULL;
    gsize len;

    ck_assert(g_file_get_contents(sd->img, &data, &len, NULL));
    ck_assert_uint_eq(len, IMG_SIZE);
    ck_assert_int_eq(memcmp(data, sd->want, IMG_SIZE), 0);
}

/*
 * -M presilicon,bare=on with the host added by -device and a card on its
 * bus (id "card", drive "sd0"); the host's interrupt is intercepted.
 */
static void start_args(Sd *sd)
{
    sd->t = ps_qtest_start("presilicon,bare=on", "%s", sd->args);
    sd->base = node_base(sd->t);
    qtest_irq_intercept_out_named(sd->t->qts, "/machine/peripheral/sdh",
                                  "sysbus-irq");
}

static Sd *start_opts(const char *host_opts, const char *drive_opts)
{
    Sd *sd = g_new0(Sd, 1);

    make_image(sd);
    sd->args = g_strdup_printf(
        "-m 128M -device bcm2835-sdhost,id=sdh%s "
        "-drive if=none,id=sd0,file=%s,format=raw%s "
        "-device sd-card,id=card,drive=sd0,bus=bcm2835-sdhost-bus.0",
        host_opts, sd->img, drive_opts);
    start_args(sd);
    return sd;
}

static Sd *start(void)
{
    return start_opts("", "");
}

static void stop(Sd *sd)
{
    ps_qtest_quit(sd->t);
    unlink(sd->img);
    g_free(sd->img);
    g_free(sd->args);
    g_free(sd);
}

/* Send a command; true when it succeeded (no FAIL). NEW never lingers. */
static bool cmd(Sd *sd, uint32_t idx, uint32_t arg, uint32_t flags)
{
    uint32_t v;

    wr(sd, A_SDARG, arg);
    wr(sd, A_SDCMD, idx | flags | R_SDCMD_NEW_MASK);
    v = rd(sd, A_SDCMD);
    ck_assert_uint_eq(v & R_SDCMD_NEW_MASK, 0);
    return !(v & R_SDCMD_FAIL_MASK);
}

static void clear_status(Sd *sd)
{
    wr(sd, A_SDHSTS, BCM2835_SDHOST_HSTS_W1C_MASK);
}

/* The driver's bring-up: power, reset state, then the SD init sequence. */
static void power_up(Sd *sd)
{
    wr(sd, A_SDVDD, 0);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_POWERDOWN);
    wr(sd, A_SDVDD, 1);
    wr(sd, A_SDHCFG, R_SDHCFG_BUSY_IRPT_EN_MASK | R_SDHCFG_WIDE_INT_BUS_MASK |
       R_SDHCFG_SLOW_CARD_MASK);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_IDENTMODE);
}

static void card_init(Sd *sd)
{
    int i;

    power_up(sd);
    ck_assert(cmd(sd, CMD_GO_IDLE, 0, R_NONE));
    ck_assert(cmd(sd, CMD_SEND_IF_COND, 0x1aa, 0));
    ck_assert_uint_eq(rd(sd, A_SDRSP0) & 0xfff, 0x1aa);
    for (i = 0; i < 20; i++) {
        ck_assert(cmd(sd, CMD_APP, 0, 0));
        ck_assert(cmd(sd, ACMD_SEND_OP_COND, 0x40ff8000, 0));
        if (rd(sd, A_SDRSP0) & 0x80000000u) {
            break;
        }
        qtest_clock_step(sd->t->qts, 1000000);  /* the card's power-up */
    }
    ck_assert_int_lt(i, 20);
    ck_assert(cmd(sd, CMD_ALL_SEND_CID, 0, R_LONG));
    /* CID: the manufacturer ID (QEMU's 0xaa) leads bits 127:120. */
    ck_assert_uint_eq(rd(sd, A_SDRSP3) >> 24, 0xaa);
    ck_assert(cmd(sd, CMD_SEND_RCA, 0, 0));
    sd->rca = rd(sd, A_SDRSP0) >> 16;
    ck_assert_uint_ne(sd->rca, 0);
    /* CMD7 is R1b: BUSY_IRPT, and the line with BUSY_IRPT_EN. */
    ck_assert(!irq(sd));
    ck_assert(cmd(sd, CMD_SELECT, sd->rca << 16, R_BUSY));
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_BUSY_IRPT_MASK);
    ck_assert(irq(sd));
    wr(sd, A_SDHSTS, R_SDHSTS_BUSY_IRPT_MASK);
    ck_assert(!irq(sd));
    ck_assert(cmd(sd, CMD_SET_BLOCKLEN, BLK, 0));
    ck_assert_uint_eq(rd(sd, A_SDHSTS), 0);
}

/* The driver's PIO read: words as SDEDM says they are in the FIFO. */
static void read_fifo(Sd *sd, uint8_t *buf, size_t len)
{
    for (size_t i = 0; i < len; i += 4) {
        uint32_t w;

        if (!fifo_count(sd)) {
            /* Between blocks: the next one is on its way over the bus. */
            ck_assert_uint_eq(fsm(sd), SDEDM_FSM_READDATA);
            ck_assert_uint_eq(rd(sd, A_SDHSTS) & R_SDHSTS_DATA_FLAG_MASK, 0);
            qtest_clock_step(sd->t->qts, 1000000);
        }
        ck_assert_uint_gt(fifo_count(sd), 0);
        ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_DATA_FLAG_MASK);
        w = rd(sd, A_SDDATA);
        memcpy(buf + i, &w, 4);
    }
}

static void start_read(Sd *sd, uint32_t blk, uint32_t n)
{
    wr(sd, A_SDHBCT, BLK);
    wr(sd, A_SDHBLC, n);
    ck_assert(cmd(sd, n > 1 ? CMD_READ_MULTI : CMD_READ_SINGLE, blk * BLK,
                  R_SDCMD_READ_MASK));
    /* The card filled the FIFO and waits for the host to read. */
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_READWAIT);
}

static void end_multi(Sd *sd, uint32_t n)
{
    if (n > 1) {
        ck_assert(cmd(sd, CMD_STOP, 0, R_BUSY));
        wr(sd, A_SDHSTS, R_SDHSTS_BUSY_IRPT_MASK);
    }
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_DATAMODE);
    ck_assert_uint_eq(fifo_count(sd), 0);
}

static void read_blocks(Sd *sd, uint32_t blk, uint32_t n, uint8_t *buf)
{
    start_read(sd, blk, n);
    read_fifo(sd, buf, n * BLK);
    end_multi(sd, n);
}

static void start_write(Sd *sd, uint32_t blk, uint32_t n)
{
    wr(sd, A_SDHBCT, BLK);
    wr(sd, A_SDHBLC, n);
    ck_assert(cmd(sd, n > 1 ? CMD_WRITE_MULTI : CMD_WRITE_SINGLE, blk * BLK,
                  R_SDCMD_WRITE_MASK));
    /* Waiting for the block's first word, where the driver may force it. */
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_WRITESTART1);
}

/*
 * Let a written block's time on the bus pass: its CRC status comes back
 * and the words queued behind it go out.
 */
static void write_settle(Sd *sd)
{
    for (int i = 0; i < 100 && fsm(sd) == SDEDM_FSM_WRITECRC; i++) {
        qtest_clock_step(sd->t->qts, 100000);
    }
    ck_assert_uint_ne(fsm(sd), SDEDM_FSM_WRITECRC);
}

/* The driver's PIO write: words while SDHSTS.DATA_FLAG says there is room. */
static void write_fifo(Sd *sd, const uint8_t *buf, size_t len)
{
    for (size_t i = 0; i < len; i += 4) {
        uint32_t w;

        if (!(rd(sd, A_SDHSTS) & R_SDHSTS_DATA_FLAG_MASK)) {
            /* The FIFO filled behind a block whose CRC status is due. */
            ck_assert_uint_eq(fsm(sd), SDEDM_FSM_WRITECRC);
            ck_assert_uint_gt(fifo_count(sd), 12);
            write_settle(sd);
        }
        ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_DATA_FLAG_MASK);
        memcpy(&w, buf + i, 4);
        wr(sd, A_SDDATA, w);
    }
}

static void write_blocks(Sd *sd, uint32_t blk, uint32_t n, const uint8_t *buf)
{
    start_write(sd, blk, n);
    write_fifo(sd, buf, n * BLK);
    /* The last block's CRC status ends the phase. */
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_WRITECRC);
    write_settle(sd);
    end_multi(sd, n);
    memcpy(sd->want + blk * BLK, buf, n * BLK);
}

static void random_fill(uint8_t *buf, size_t len, uint32_t seed)
{
    rnd_state = seed;
    for (size_t i = 0; i < len; i++) {
        buf[i] = rnd();
    }
}

/* The node follows bindings/mmc/brcm,bcm2835-sdhost.yaml. */
static void check_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size;
    uint32_t clk;
    int clk_node, len;
    const fdt32_t *irqs;
    g_autofree char *want_name = NULL;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, BCM2835_SDHOST_MMIO_SIZE);
    want_name = g_strdup_printf("mmc@%" PRIx64, base);
    ck_assert_str_eq(fdt_get_name(fdt, node, NULL), want_name);
    irqs = fdt_getprop(fdt, node, "interrupts", &len);
    ck_assert_ptr_nonnull(irqs);
    ck_assert_int_eq(len, 12);
    clk = ps_fdt_cell(fdt, node, "clocks", 0);
    clk_node = fdt_node_offset_by_phandle(fdt, clk);
    ck_assert_int_ge(clk_node, 0);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, clk_node, "fixed-clock"),
                     0);
    ck_assert_uint_eq(ps_fdt_cell(fdt, clk_node, "clock-frequency", 0),
                      250000000);
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "bus-width", 0), 4);
    /*
     * One address cell: the driver takes SDDATA's DMA address from the
     * first cell of reg, as on the SoC's bus.
     */
    ck_assert_int_eq(fdt_address_cells(fdt, fdt_parent_offset(fdt, node)), 1);
}

/* The board's BCM2835 DMA controller (QEMU's bcm2835-dma, DREQ-paced). */
#define DMA_COMPAT      "brcm,bcm2835-dma"
#define DMA_CS          0x00
#define DMA_CONBLK_AD   0x04
#define DMA_TI          0x08
#define DMA_TXFR_LEN    0x14
#define DMA_DEBUG       0x20
#define DMA_INT_STATUS  0xfe0
#define CS_ACTIVE       (1u << 0)
#define CS_END          (1u << 1)
#define CS_INT          (1u << 2)
#define CS_DREQ         (1u << 3)
#define CS_PAUSED       (1u << 4)
#define CS_HELD         (1u << 5)
#define CS_ERROR        (1u << 8)
#define CS_ABORT        (1u << 30)
#define CS_RESET        (1u << 31)
#define TI_INTEN        (1u << 0)
#define TI_WAIT_RESP    (1u << 3)
#define TI_D_INC        (1u << 4)
#define TI_D_DREQ       (1u << 6)
#define TI_S_INC        (1u << 8)
#define TI_S_DREQ       (1u << 10)
#define TI_PERMAP(n)    ((uint32_t)(n) << 16)
#define DREQ_SDHOST     13
#define DEBUG_READ_ERROR (1u << 2)
/* Guest RAM the DMA tests use: control blocks, then data. */
#define CB0             0x40100000ull
#define BUF             0x40200000ull

/* dmas = <&dma 13>, and the controller's node (brcm,bcm2835-dma.yaml). */
static void check_dmas(const void *fdt, int node)
{
    const fdt32_t *dmas;
    int dma, len;
    uint64_t base, size;

    dmas = fdt_getprop(fdt, node, "dmas", &len);
    ck_assert_ptr_nonnull(dmas);
    ck_assert_int_eq(len, 8);
    ck_assert_uint_eq(fdt32_to_cpu(dmas[1]), DREQ_SDHOST);
    ck_assert_str_eq(fdt_getprop(fdt, node, "dma-names", NULL), "rx-tx");
    dma = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(dmas[0]));
    ck_assert_int_eq(dma, ps_fdt_node_by_compat(fdt, DMA_COMPAT));
    ck_assert_uint_eq(ps_fdt_cell(fdt, dma, "#dma-cells", 0), 1);
    ck_assert_uint_eq(ps_fdt_cell(fdt, dma, "brcm,dma-channel-mask", 0), 0xf);
    ck_assert(ps_fdt_reg(fdt, dma, 0, &base, &size));
    ck_assert_uint_eq(size, 0x1000);
    ck_assert_ptr_nonnull(fdt_getprop(fdt, dma, "interrupts", &len));
    ck_assert_int_eq(len, 4 * 12);
    ck_assert_int_eq(fdt_stringlist_count(fdt, dma, "interrupt-names"), 4);
    ck_assert_int_eq(fdt_stringlist_search(fdt, dma, "interrupt-names",
                                           "dma3"), 3);
}

START_TEST(test_fdt_node)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree void *fdt = ps_dtb(t);
    uint64_t base, size;
    int node = ps_fdt_node_by_compat(fdt, COMPAT);

    check_node(fdt, node, 0);
    check_dmas(fdt, node);
    /* A built-in model sits in a 64 KiB slot of the model window. */
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    ck_assert_uint_ge(base, 0x10000000);
    ck_assert_uint_eq(base & 0xffff, 0);
    ck_assert_uint_eq(qtest_readl(t->qts, base + A_SDEDM) & R_SDEDM_FSM_MASK,
                      SDEDM_FSM_POWERDOWN);
    ps_qtest_quit(t);
    ps_check_bare_has_no_node(COMPAT, base + A_SDEDM);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    uint64_t base;
    PsQTest *t = ps_start_bare_device("bcm2835-sdhost", COMPAT, check_node,
                                      &base);
    g_autofree void *fdt = ps_dtb(t);

    /* No DMA controller with -M presilicon,bare=on: the driver uses PIO. */
    ck_assert_ptr_null(fdt_getprop(fdt, ps_fdt_node_by_compat(fdt, COMPAT),
                                   "dmas", NULL));

    qtest_writel(t->qts, base + A_SDARG, 0x12345678);
    ck_assert_uint_eq(qtest_readl(t->qts, base + A_SDARG), 0x12345678);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_reset_values)
{
    Sd *sd = start();
    g_autofree char *log = NULL;
    static const uint32_t zero[] = {
        A_SDCMD, A_SDARG, A_SDTOUT, A_SDCDIV, A_SDRSP0, A_SDRSP1, A_SDRSP2,
        A_SDRSP3, A_SDHSTS, A_SDVDD, A_SDHCFG, A_SDHBCT, A_SDHBLC,
    };

    for (int i = 0; i < ARRAY_SIZE(zero); i++) {
        ck_assert_uint_eq(rd(sd, zero[i]), 0);
    }
    /* Powered off, thresholds 3, FIFO empty. */
    ck_assert_uint_eq(rd(sd, A_SDEDM), 0x0000c608);
    ck_assert(!irq(sd));
    /* Registers the driver reads back keep what it wrote. */
    wr(sd, A_SDTOUT, 0xf00000);
    wr(sd, A_SDCDIV, 0x7ff);
    wr(sd, A_SDHCFG, 0x40e);
    wr(sd, A_SDHBCT, 512);
    wr(sd, A_SDHBLC, 8);
    wr(sd, A_SDEDM, (4 << 14) | (4 << 9));
    ck_assert_uint_eq(rd(sd, A_SDTOUT), 0xf00000);
    ck_assert_uint_eq(rd(sd, A_SDCDIV), 0x7ff);
    ck_assert_uint_eq(rd(sd, A_SDHCFG), 0x40e);
    ck_assert_uint_eq(rd(sd, A_SDHBCT), 512);
    ck_assert_uint_eq(rd(sd, A_SDHBLC), 8);
    ck_assert_uint_eq(rd(sd, A_SDEDM), (4 << 14) | (4 << 9) |
                      SDEDM_FSM_POWERDOWN);
    log = ps_log_take(sd->t);
    ck_assert_str_eq(log, "");
    stop(sd);
}
END_TEST

START_TEST(test_command_flow)
{
    Sd *sd = start();
    g_autofree char *log = NULL;

    card_init(sd);
    /* CMD13 answers the card status: transfer state (4), ready. */
    ck_assert(cmd(sd, CMD_SEND_STATUS, sd->rca << 16, 0));
    ck_assert_uint_eq((rd(sd, A_SDRSP0) >> 9) & 0xf, 4);
    ck_assert_uint_eq(rd(sd, A_SDRSP1), 0);
    /* A command the card does not know: FAIL and CMD_TIME_OUT. */
    clear_status(sd);
    ck_assert(!cmd(sd, 5, 0, 0));
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_CMD_TIME_OUT_MASK);
    clear_status(sd);
    ck_assert_uint_eq(rd(sd, A_SDHSTS), 0);
    /* A long response where the card gives a short one fails too. */
    ck_assert(!cmd(sd, CMD_SEND_STATUS, sd->rca << 16, R_LONG));
    clear_status(sd);
    log = ps_log_take(sd->t);
    ck_assert_str_eq(log, "");
    stop(sd);
}
END_TEST

START_TEST(test_single_block_read)
{
    Sd *sd = start();
    uint8_t buf[BLK];

    card_init(sd);
    for (uint32_t blk = 0; blk < 5; blk++) {
        read_blocks(sd, blk * 37, 1, buf);
        ck_assert_mem_eq(buf, sd->want + blk * 37 * BLK, BLK);
    }
    ck_assert_uint_eq(rd(sd, A_SDHSTS), 0);
    stop(sd);
}
END_TEST

START_TEST(test_multi_block_read)
{
    Sd *sd = start();
    g_autofree uint8_t *buf = g_malloc(64 * BLK);

    card_init(sd);
    read_blocks(sd, 3, 64, buf);
    ck_assert_mem_eq(buf, sd->want + 3 * BLK, 64 * BLK);
    read_blocks(sd, 2040, 8, buf);
    ck_assert_mem_eq(buf, sd->want + 2040 * BLK, 8 * BLK);
    ck_assert_uint_eq(rd(sd, A_SDHSTS), 0);
    stop(sd);
}
END_TEST

START_TEST(test_writes)
{
    Sd *sd = start();
    g_autofree uint8_t *buf = g_malloc(32 * BLK);
    g_autofree uint8_t *back = g_malloc(32 * BLK);

    card_init(sd);
    random_fill(buf, BLK, 1);
    write_blocks(sd, 10, 1, buf);
    random_fill(buf, 32 * BLK, 2);
    write_blocks(sd, 100, 32, buf);
    ck_assert_uint_eq(rd(sd, A_SDHSTS), 0);
    /* The host reads back what it wrote, and so does the image. */
    read_blocks(sd, 100, 32, back);
    ck_assert_mem_eq(back, buf, 32 * BLK);
    check_image(sd);
    stop(sd);
}
END_TEST

/*
 * A read's next block takes its time on the card bus: the FIFO stays empty
 * and the line low for the block's clocks at the SD clock (250 MHz /
 * (SDCDIV + 2)), so the driver's handler, which reads a block per
 * interrupt, gives way between blocks.
 */
START_TEST(test_read_block_pace)
{
    Sd *sd = start();
    uint8_t buf[2 * BLK];
    /* 4 lines at 50 MHz: (2 * 512 + 64) clocks * 20 ns. */
    const int64_t pace = (2 * BLK + 64) * 20;

    card_init(sd);
    wr(sd, A_SDCDIV, 3);
    wr(sd, A_SDHCFG, R_SDHCFG_BUSY_IRPT_EN_MASK | R_SDHCFG_WIDE_INT_BUS_MASK |
       R_SDHCFG_WIDE_EXT_BUS_MASK | R_SDHCFG_DATA_IRPT_EN_MASK);
    start_read(sd, 3, 2);
    ck_assert(irq(sd));
    for (int i = 0; i < BLK; i += 4) {
        uint32_t w = rd(sd, A_SDDATA);

        memcpy(buf + i, &w, 4);
    }
    ck_assert_uint_eq(fifo_count(sd), 0);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_READDATA);
    ck_assert(!irq(sd));
    qtest_clock_step(sd->t->qts, pace - 1);
    ck_assert_uint_eq(fifo_count(sd), 0);
    ck_assert(!irq(sd));
    qtest_clock_step(sd->t->qts, 1);
    ck_assert_uint_eq(fifo_count(sd), BCM2835_SDHOST_FIFO_WORDS);
    ck_assert(irq(sd));
    read_fifo(sd, buf + BLK, BLK);
    end_multi(sd, 2);
    ck_assert_mem_eq(buf, sd->want + 3 * BLK, 2 * BLK);
    ck_assert_uint_eq(rd(sd, A_SDHSTS), 0);
    stop(sd);
}
END_TEST

START_TEST(test_small_block_read)
{
    Sd *sd = start();
    uint8_t buf[8];

    /* ACMD51 (SCR): 8 bytes, under the read threshold: the tail counts. */
    card_init(sd);
    wr(sd, A_SDHBCT, 8);
    wr(sd, A_SDHBLC, 1);
    ck_assert(cmd(sd, CMD_APP, sd->rca << 16, 0));
    ck_assert(cmd(sd, 51, 0, R_SDCMD_READ_MASK));
    ck_assert_uint_eq(fifo_count(sd), 2);
    read_fifo(sd, buf, 8);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_DATAMODE);
    ck_assert_uint_eq(rd(sd, A_SDHSTS) & R_SDHSTS_DATA_FLAG_MASK, 0);
    stop(sd);
}
END_TEST

START_TEST(test_interrupts)
{
    Sd *sd = start();
    uint8_t buf[2 * BLK];
    uint32_t hcfg = R_SDHCFG_BUSY_IRPT_EN_MASK | R_SDHCFG_WIDE_INT_BUS_MASK;

    card_init(sd);
    /* Reads: DATA_FLAG with DATA_IRPT_EN; no interrupt before the command. */
    wr(sd, A_SDHCFG, hcfg | R_SDHCFG_DATA_IRPT_EN_MASK);
    ck_assert(!irq(sd));
    ck_assert_uint_eq(rd(sd, A_SDHSTS), 0);
    start_read(sd, 7, 2);
    ck_assert(irq(sd));
    /* Writing 1 to DATA_FLAG does not hide a FIFO that wants service. */
    wr(sd, A_SDHSTS, R_SDHSTS_DATA_FLAG_MASK);
    ck_assert(irq(sd));
    read_fifo(sd, buf, 2 * BLK);
    ck_assert(!irq(sd));
    end_multi(sd, 2);
    ck_assert_mem_eq(buf, sd->want + 7 * BLK, 2 * BLK);
    wr(sd, A_SDHCFG, hcfg);
    ck_assert(!irq(sd));

    /* Writes: BLOCK_IRPT at the end of each block, when enabled. */
    random_fill(buf, 2 * BLK, 3);
    wr(sd, A_SDHCFG, hcfg | R_SDHCFG_BLOCK_IRPT_EN_MASK);
    start_write(sd, 20, 2);
    ck_assert(!irq(sd));
    write_fifo(sd, buf, BLK - 4);
    ck_assert(!irq(sd));
    write_fifo(sd, buf + BLK - 4, 4);
    /* Not before the block's CRC status is back from the card. */
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_WRITECRC);
    ck_assert(!irq(sd));
    write_settle(sd);
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_BLOCK_IRPT_MASK);
    ck_assert(irq(sd));
    wr(sd, A_SDHSTS, R_SDHSTS_BLOCK_IRPT_MASK);
    ck_assert(!irq(sd));
    write_fifo(sd, buf + BLK, BLK);
    ck_assert(!irq(sd));
    write_settle(sd);
    ck_assert(irq(sd));
    wr(sd, A_SDHCFG, hcfg);
    ck_assert(!irq(sd));
    wr(sd, A_SDHSTS, R_SDHSTS_BLOCK_IRPT_MASK);
    end_multi(sd, 2);
    memcpy(sd->want + 20 * BLK, buf, 2 * BLK);
    check_image(sd);
    stop(sd);
}
END_TEST

START_TEST(test_bad_block_sizes)
{
    Sd *sd = start();
    g_autofree char *l1 = NULL, *l2 = NULL, *l3 = NULL;
    uint8_t buf[BLK];

    card_init(sd);
    /* Size 0, size 4096, count 0: FIFO_ERROR, no data phase, logged. */
    static const uint32_t bad[][2] = { { 0, 1 }, { 4096, 1 }, { 512, 0 } };
    for (int i = 0; i < ARRAY_SIZE(bad); i++) {
        wr(sd, A_SDHBCT, bad[i][0]);
        wr(sd, A_SDHBLC, bad[i][1]);
        cmd(sd, CMD_READ_SINGLE, 0, R_SDCMD_READ_MASK);
        ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_FIFO_ERROR_MASK);
        ck_assert_uint_eq(fifo_count(sd), 0);
        ck_assert_uint_eq(fsm(sd), SDEDM_FSM_DATAMODE);
        clear_status(sd);
        /* The card did start sending: stop it. */
        cmd(sd, CMD_STOP, 0, R_BUSY);
        clear_status(sd);
    }
    l1 = ps_log_take(sd->t);
    ck_assert_ptr_nonnull(strstr(l1, "data command with block size 0"));
    ck_assert_ptr_nonnull(strstr(l1, "data command with block size 4096"));
    ck_assert_ptr_nonnull(strstr(l1, "and count 0"));
    /* A huge count is cut to 16 bits and reported. */
    wr(sd, A_SDHBLC, 0x12345);
    ck_assert_uint_eq(rd(sd, A_SDHBLC), 0x2345);
    l2 = ps_log_take(sd->t);
    ck_assert_ptr_nonnull(strstr(l2, "SDHBLC write 0x00012345 sets reserved"));
    /* The host still works. */
    read_blocks(sd, 1, 1, buf);
    ck_assert_mem_eq(buf, sd->want + BLK, BLK);
    l3 = ps_log_take(sd->t);
    ck_assert_str_eq(l3, "");
    stop(sd);
}
END_TEST

START_TEST(test_writes_mid_transfer)
{
    Sd *sd = start();
    g_autofree char *log = NULL;
    uint8_t buf[4 * BLK];

    card_init(sd);
    start_read(sd, 50, 4);
    read_fifo(sd, buf, 100);
    /* Size and count are latched: changes mid-phase are refused. */
    wr(sd, A_SDHBCT, 4);
    wr(sd, A_SDHBLC, 1000);
    ck_assert_uint_eq(rd(sd, A_SDHBCT), BLK);
    ck_assert_uint_eq(rd(sd, A_SDHBLC), 4);
    /* A write to the FIFO of a read phase is an error. */
    wr(sd, A_SDDATA, 0xdeadbeef);
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_FIFO_ERROR_MASK);
    log = ps_log_take(sd->t);
    ck_assert_ptr_nonnull(strstr(log, "SDHBCT written during a data phase"));
    ck_assert_ptr_nonnull(strstr(log, "SDHBLC written during a data phase"));
    ck_assert_ptr_nonnull(strstr(log, "SDDATA write with no write"));
    clear_status(sd);
    /* The transfer carries on undisturbed. */
    read_fifo(sd, buf + 100, 4 * BLK - 100);
    end_multi(sd, 4);
    ck_assert_mem_eq(buf, sd->want + 50 * BLK, 4 * BLK);

    /* A new data command mid-phase aborts the old one, with a log line. */
    start_read(sd, 60, 4);
    read_fifo(sd, buf, 64);
    cmd(sd, CMD_STOP, 0, R_BUSY);
    start_read(sd, 70, 1);
    g_free(log);
    log = ps_log_take(sd->t);
    ck_assert_str_eq(log, "");
    /* The card, busy sending, refuses it; the host dropped the old phase. */
    ck_assert(!cmd(sd, CMD_READ_SINGLE, 80 * BLK, R_SDCMD_READ_MASK));
    ck_assert_uint_eq(fifo_count(sd), 0);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_DATAMODE);
    g_free(log);
    log = ps_log_take(sd->t);
    ck_assert_ptr_nonnull(strstr(log, "a data command while a data phase"));
    cmd(sd, CMD_STOP, 0, R_BUSY);
    clear_status(sd);
    read_blocks(sd, 80, 1, buf);
    ck_assert_mem_eq(buf, sd->want + 80 * BLK, BLK);

    /* FORCE_DATA_MODE aborts a phase: the FIFO empties, DATAMODE. */
    start_read(sd, 90, 4);
    wr(sd, A_SDEDM, rd(sd, A_SDEDM) | R_SDEDM_FORCE_DATA_MODE_MASK);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_DATAMODE);
    ck_assert_uint_eq(fifo_count(sd), 0);
    ck_assert_uint_eq(rd(sd, A_SDEDM) & R_SDEDM_FORCE_DATA_MODE_MASK, 0);
    cmd(sd, CMD_STOP, 0, R_BUSY);
    clear_status(sd);
    read_blocks(sd, 91, 1, buf);
    ck_assert_mem_eq(buf, sd->want + 91 * BLK, BLK);
    stop(sd);
}
END_TEST

/*
 * SDDATA past what the FIFO holds while a block's CRC status is due, or
 * past the phase's bytes: FIFO_ERROR and a log line; the words the FIFO
 * took still go out.
 */
START_TEST(test_write_fifo_overflow)
{
    Sd *sd = start();
    uint8_t buf[2 * BLK];
    g_autofree char *log = NULL;

    card_init(sd);
    random_fill(buf, sizeof(buf), 21);
    start_write(sd, 95, 2);
    write_fifo(sd, buf, BLK);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_WRITECRC);
    for (int i = 0; i < BCM2835_SDHOST_FIFO_WORDS; i++) {
        wr(sd, A_SDDATA, ((uint32_t *)buf)[BLK / 4 + i]);
    }
    ck_assert_uint_eq(fifo_count(sd), BCM2835_SDHOST_FIFO_WORDS);
    ck_assert_uint_eq(rd(sd, A_SDHSTS) & R_SDHSTS_DATA_FLAG_MASK, 0);
    wr(sd, A_SDDATA, 0xdeadbeef);
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_FIFO_ERROR_MASK);
    log = ps_log_take(sd->t);
    ck_assert_ptr_nonnull(strstr(log, "SDDATA write with the FIFO full"));
    clear_status(sd);
    write_settle(sd);
    ck_assert_uint_eq(fifo_count(sd), 0);
    write_fifo(sd, buf + BLK + 4 * BCM2835_SDHOST_FIFO_WORDS,
               BLK - 4 * BCM2835_SDHOST_FIFO_WORDS);
    /* The phase's bytes are all in: one word more is refused. */
    wr(sd, A_SDDATA, 0xdeadbeef);
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_FIFO_ERROR_MASK);
    g_free(log);
    log = ps_log_take(sd->t);
    ck_assert_ptr_nonnull(strstr(log, "bytes all written"));
    clear_status(sd);
    write_settle(sd);
    end_multi(sd, 2);
    memcpy(sd->want + 95 * BLK, buf, 2 * BLK);
    check_image(sd);
    stop(sd);
}
END_TEST

/*
 * CMD13 in the middle of a write, then the block's words: the card is
 * still receiving, but its last command moves no data. sd-card used to
 * assert (found by fuzzing, qemu-patches/0008); now a guest error, and
 * CMD12 ends the write.
 */
START_TEST(test_status_mid_write)
{
    Sd *sd = start();
    uint8_t buf[BLK];
    g_autofree char *log = NULL;

    card_init(sd);
    random_fill(buf, sizeof(buf), 23);
    start_write(sd, 120, 2);
    ck_assert(cmd(sd, CMD_SEND_STATUS, sd->rca << 16, 0));
    write_fifo(sd, buf, BLK);
    write_settle(sd);
    log = ps_log_take(sd->t);
    ck_assert_ptr_nonnull(strstr(log, "DAT write illegal for command"));
    ck_assert(cmd(sd, CMD_STOP, 0, R_BUSY));
    clear_status(sd);
    ck_assert(cmd(sd, CMD_SEND_STATUS, sd->rca << 16, 0));
    ck_assert_uint_eq((rd(sd, A_SDRSP0) >> 9) & 0xf, 4);     /* tran */
    stop(sd);
}
END_TEST

START_TEST(test_fifo_without_transfer)
{
    Sd *sd = start();
    g_autofree char *log = NULL;

    ck_assert_uint_eq(rd(sd, A_SDDATA), 0);
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_FIFO_ERROR_MASK);
    wr(sd, A_SDDATA, 1);
    /* Commands need power; unknown offsets, read-only responses. */
    ck_assert(!cmd(sd, CMD_GO_IDLE, 0, R_NONE));
    rd(sd, 0x24);
    wr(sd, 0x48, 1);
    wr(sd, A_SDRSP2, 1);
    wr(sd, A_SDHCFG, 0xffffffff);
    ck_assert_uint_eq(rd(sd, A_SDHCFG), BCM2835_SDHOST_HCFG_RW_MASK);
    log = ps_log_take(sd->t);
    ck_assert_ptr_nonnull(strstr(log, "SDDATA read with an empty FIFO "
                                 "(no read in progress)"));
    ck_assert_ptr_nonnull(strstr(log, "SDDATA write with no write"));
    ck_assert_ptr_nonnull(strstr(log, "CMD0 with the card powered off"));
    ck_assert_ptr_nonnull(strstr(log, "read of unknown register 0x24"));
    ck_assert_ptr_nonnull(strstr(log, "write of unknown register 0x48"));
    ck_assert_ptr_nonnull(strstr(log, "SDRSP2 is read-only"));
    ck_assert_ptr_nonnull(strstr(log, "SDHCFG write 0xffffffff sets reserved"));
    /* Byte accesses are refused by the memory core. */
    qtest_writeb(sd->t->qts, sd->base + A_SDARG, 1);
    g_free(log);
    log = ps_log_take(sd->t);
    ck_assert_ptr_nonnull(strstr(log, "invalid size"));
    stop(sd);
}
END_TEST

static void qmp_ok(Sd *sd, const char *fmt, ...)
{
    va_list ap;
    QDict *rsp;

    va_start(ap, fmt);
    rsp = qtest_vqmp(sd->t->qts, fmt, ap);
    va_end(ap);
    ck_assert_msg(!qdict_haskey(rsp, "error"), "QMP error");
    qobject_unref(rsp);
}

START_TEST(test_card_removal)
{
    Sd *sd = start();
    uint8_t buf[4 * BLK];

    card_init(sd);
    start_read(sd, 5, 4);
    read_fifo(sd, buf, 256);
    wr(sd, A_SDHCFG, rd(sd, A_SDHCFG) | R_SDHCFG_DATA_IRPT_EN_MASK);
    qmp_ok(sd, "{'execute': 'eject', 'arguments': {'id': 'card',"
           " 'force': true}}");
    /* The phase ends at once with a timeout, and the host says so. */
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_REW_TIME_OUT_MASK);
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_DATA_FLAG_MASK);
    ck_assert(irq(sd));
    /*
     * The broken-off block's words are dropped and the state machine is
     * back in DATAMODE at once: the driver's PIO loop must not wait on
     * READWAIT for the rest of a block that will not come.
     */
    ck_assert_uint_eq(fifo_count(sd), 0);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_DATAMODE);
    /*
     * The handler's write of DATA_FLAG acknowledges the error: the line
     * drops although REW_TIME_OUT stays until the next command clears it.
     */
    ck_assert(irq(sd));
    wr(sd, A_SDHSTS, R_SDHSTS_DATA_FLAG_MASK);
    ck_assert(!irq(sd));
    ck_assert_uint_eq(rd(sd, A_SDHSTS), R_SDHSTS_REW_TIME_OUT_MASK);
    clear_status(sd);
    ck_assert(!irq(sd));
    /* No card: commands time out (this is what the driver polls for). */
    ck_assert(!cmd(sd, CMD_SEND_STATUS, 0, 0));
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_CMD_TIME_OUT_MASK);
    clear_status(sd);
    /* A new card: it answers again after the SD init. */
    qmp_ok(sd, "{'execute': 'blockdev-change-medium', 'arguments': {"
           " 'id': 'card', 'filename': %s, 'format': 'raw'}}", sd->img);
    card_init(sd);
    read_blocks(sd, 5, 4, buf);
    ck_assert_mem_eq(buf, sd->want + 5 * BLK, 4 * BLK);

    /*
     * Pulled between blocks: the last words of the whole block in the
     * FIFO are still read (READWAIT until then), then DATAMODE.
     */
    start_read(sd, 8, 2);
    read_fifo(sd, buf, BLK - 4 * BCM2835_SDHOST_FIFO_WORDS);
    ck_assert_uint_eq(fifo_count(sd), BCM2835_SDHOST_FIFO_WORDS);
    qmp_ok(sd, "{'execute': 'eject', 'arguments': {'id': 'card',"
           " 'force': true}}");
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_REW_TIME_OUT_MASK);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_READWAIT);
    for (int i = BLK - 4 * BCM2835_SDHOST_FIFO_WORDS; i < BLK; i += 4) {
        uint32_t w = rd(sd, A_SDDATA);

        memcpy(buf + i, &w, 4);
    }
    ck_assert_mem_eq(buf, sd->want + 8 * BLK, BLK);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_DATAMODE);
    stop(sd);
}
END_TEST

START_TEST(test_removal_mid_write)
{
    Sd *sd = start();
    uint8_t buf[2 * BLK];

    card_init(sd);
    random_fill(buf, sizeof(buf), 9);
    wr(sd, A_SDHCFG, rd(sd, A_SDHCFG) | R_SDHCFG_BLOCK_IRPT_EN_MASK);
    start_write(sd, 30, 2);
    write_fifo(sd, buf, 100);
    qmp_ok(sd, "{'execute': 'eject', 'arguments': {'id': 'card',"
           " 'force': true}}");
    /* The block ends in error: BLOCK_IRPT wakes the driver. */
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_REW_TIME_OUT_MASK);
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_BLOCK_IRPT_MASK);
    ck_assert(irq(sd));
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_DATAMODE);
    stop(sd);
}
END_TEST

/*
 * mmc_test 17: two blocks behind CMD24. The card takes one; the host
 * clocks the second out all the same (no FIFO_ERROR for the driver's
 * words) and, no CRC status coming back, ends the phase with
 * REW_TIME_OUT at that block's end: the driver sees -ETIMEDOUT.
 */
START_TEST(test_write_past_single_block)
{
    Sd *sd = start();
    uint8_t buf[2 * BLK];
    g_autofree char *log = NULL;

    card_init(sd);
    random_fill(buf, sizeof(buf), 17);
    wr(sd, A_SDHCFG, rd(sd, A_SDHCFG) | R_SDHCFG_BLOCK_IRPT_EN_MASK);
    wr(sd, A_SDHBCT, BLK);
    wr(sd, A_SDHBLC, 2);
    ck_assert(cmd(sd, CMD_WRITE_SINGLE, 40 * BLK, R_SDCMD_WRITE_MASK));
    write_fifo(sd, buf, BLK);
    write_settle(sd);
    ck_assert_uint_eq(rd(sd, A_SDHSTS) & BCM2835_SDHOST_HSTS_DATA_ERRORS, 0);
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_BLOCK_IRPT_MASK);
    wr(sd, A_SDHSTS, R_SDHSTS_BLOCK_IRPT_MASK);
    ck_assert(!irq(sd));
    /* The second block: taken by the host, dropped, no error yet. */
    write_fifo(sd, buf + BLK, BLK - 4);
    ck_assert_uint_eq(rd(sd, A_SDHSTS) & ~R_SDHSTS_DATA_FLAG_MASK, 0);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_WRITEDATA);
    write_fifo(sd, buf + 2 * BLK - 4, 4);
    /*
     * The error comes when the CRC status should have: after the driver
     * has looked at SDHSTS and gone back to wait for BLOCK_IRPT.
     */
    ck_assert_uint_eq(rd(sd, A_SDHSTS) & BCM2835_SDHOST_HSTS_DATA_ERRORS, 0);
    ck_assert(!irq(sd));
    write_settle(sd);
    ck_assert_uint_eq(rd(sd, A_SDHSTS) & BCM2835_SDHOST_HSTS_DATA_ERRORS,
                      R_SDHSTS_REW_TIME_OUT_MASK);
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_BLOCK_IRPT_MASK);
    ck_assert(irq(sd));
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_DATAMODE);
    clear_status(sd);
    ck_assert(!irq(sd));
    /* The card is in transfer state; only the first block was written. */
    ck_assert(cmd(sd, CMD_SEND_STATUS, sd->rca << 16, 0));
    ck_assert_uint_eq((rd(sd, A_SDRSP0) >> 9) & 0xf, 4);
    memcpy(sd->want + 40 * BLK, buf, BLK);
    check_image(sd);
    log = ps_log_take(sd->t);
    ck_assert_str_eq(log, "");
    stop(sd);
}
END_TEST

/*
 * A multi-block write the driver gives up on mid-block: its CMD12 reaches
 * a card still receiving and succeeds (the partial block is dropped), also
 * after the driver's reset (SDVDD off and on) that follows a timeout.
 */
START_TEST(test_stop_abandoned_write)
{
    Sd *sd = start();
    uint8_t buf[2 * BLK];
    g_autofree char *log = NULL;

    card_init(sd);
    random_fill(buf, sizeof(buf), 13);
    start_write(sd, 60, 4);
    write_fifo(sd, buf, BLK + 100);
    ck_assert(cmd(sd, CMD_STOP, 0, R_BUSY));
    ck_assert_uint_eq(rd(sd, A_SDHSTS) & BCM2835_SDHOST_HSTS_DATA_ERRORS, 0);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_DATAMODE);
    clear_status(sd);
    ck_assert(cmd(sd, CMD_SEND_STATUS, sd->rca << 16, 0));
    ck_assert_uint_eq((rd(sd, A_SDRSP0) >> 9) & 0xf, 4);     /* tran */
    memcpy(sd->want + 60 * BLK, buf, BLK);

    /* The driver's reset mid-write, then its CMD12. */
    start_write(sd, 70, 4);
    write_fifo(sd, buf, 200);
    wr(sd, A_SDVDD, 0);
    wr(sd, A_SDVDD, 1);
    ck_assert(cmd(sd, CMD_STOP, 0, R_BUSY));
    clear_status(sd);
    ck_assert(cmd(sd, CMD_SEND_STATUS, sd->rca << 16, 0));
    ck_assert_uint_eq((rd(sd, A_SDRSP0) >> 9) & 0xf, 4);
    check_image(sd);
    log = ps_log_take(sd->t);
    ck_assert_str_eq(log, "");
    stop(sd);
}
END_TEST

START_TEST(test_write_protect)
{
    Sd *sd = start();
    uint8_t buf[BLK];
    QDict *rsp;

    card_init(sd);
    random_fill(buf, BLK, 4);
    rsp = qtest_qmp(sd->t->qts, "{'execute': 'qom-set', 'arguments': {"
                    " 'path': '/machine/peripheral/sdh',"
                    " 'property': 'write-protect', 'value': true}}");
    ck_assert(!qdict_haskey(rsp, "error"));
    qobject_unref(rsp);
    wr(sd, A_SDHBCT, BLK);
    wr(sd, A_SDHBLC, 1);
    ck_assert(!cmd(sd, CMD_WRITE_SINGLE, 0, R_SDCMD_WRITE_MASK));
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_CMD_TIME_OUT_MASK);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_IDENTMODE);   /* no data phase */
    clear_status(sd);
    /* Reads still work; the image is untouched. */
    read_blocks(sd, 0, 1, buf);
    ck_assert_mem_eq(buf, sd->want, BLK);
    check_image(sd);
    stop(sd);
}
END_TEST

START_TEST(test_write_protect_option)
{
    Sd *sd = start_opts(",write-protect=on", "");
    uint8_t buf[BLK];

    card_init(sd);
    wr(sd, A_SDHBCT, BLK);
    wr(sd, A_SDHBLC, 1);
    ck_assert(!cmd(sd, CMD_WRITE_SINGLE, BLK, R_SDCMD_WRITE_MASK));
    clear_status(sd);
    read_blocks(sd, 1, 1, buf);
    ck_assert_mem_eq(buf, sd->want + BLK, BLK);
    check_image(sd);
    stop(sd);
}
END_TEST

START_TEST(test_reset_mid_transfer)
{
    Sd *sd = start();
    uint8_t buf[BLK];

    card_init(sd);
    wr(sd, A_SDHCFG, rd(sd, A_SDHCFG) | R_SDHCFG_DATA_IRPT_EN_MASK);
    start_read(sd, 9, 4);
    read_fifo(sd, buf, 64);
    ck_assert(irq(sd));
    qtest_system_reset(sd->t->qts);
    ck_assert(!irq(sd));
    ck_assert_uint_eq(rd(sd, A_SDEDM), 0x0000c608);
    ck_assert_uint_eq(rd(sd, A_SDHSTS), 0);
    ck_assert_uint_eq(rd(sd, A_SDHCFG), 0);
    ck_assert_uint_eq(rd(sd, A_SDHBLC), 0);
    /* Card and host start over. */
    card_init(sd);
    read_blocks(sd, 9, 1, buf);
    ck_assert_mem_eq(buf, sd->want + 9 * BLK, BLK);
    stop(sd);
}
END_TEST

START_TEST(test_migration_mid_transfer)
{
    Sd *sd = start();
    PsQTest *dst;
    g_autofree uint8_t *buf = g_malloc(8 * BLK);
    g_autofree uint8_t *wbuf = g_malloc(4 * BLK);
    g_autofree char *log = NULL;

    card_init(sd);
    /* Mid-read: part of a block consumed, the FIFO full. */
    wr(sd, A_SDHCFG, rd(sd, A_SDHCFG) | R_SDHCFG_DATA_IRPT_EN_MASK);
    start_read(sd, 200, 8);
    read_fifo(sd, buf, 700);
    dst = ps_migrate(sd->t, "presilicon,bare=on", sd->args);
    ps_qtest_quit(sd->t);
    sd->t = dst;
    qtest_irq_intercept_out_named(dst->qts, "/machine/peripheral/sdh",
                                  "sysbus-irq");
    ck_assert_uint_eq(fifo_count(sd), BCM2835_SDHOST_FIFO_WORDS);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_READWAIT);
    read_fifo(sd, buf + 700, 8 * BLK - 700);
    end_multi(sd, 8);
    ck_assert_mem_eq(buf, sd->want + 200 * BLK, 8 * BLK);

    /*
     * Mid-write: a block sent, its CRC status due, ten words of the next
     * in the FIFO; the rest written after.
     */
    random_fill(wbuf, 4 * BLK, 5);
    start_write(sd, 300, 4);
    write_fifo(sd, wbuf, BLK + 40);
    dst = ps_migrate(sd->t, "presilicon,bare=on", sd->args);
    ps_qtest_quit(sd->t);
    sd->t = dst;
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_WRITECRC);
    ck_assert_uint_eq(fifo_count(sd), 10);
    write_fifo(sd, wbuf + BLK + 40, 3 * BLK - 40);
    write_settle(sd);
    end_multi(sd, 4);
    memcpy(sd->want + 300 * BLK, wbuf, 4 * BLK);
    check_image(sd);
    log = ps_log_take(sd->t);
    ck_assert_str_eq(log, "");
    stop(sd);
}
END_TEST


/*
 * DMA through the board's BCM2835 DMA controller, paced by the SDHOST's
 * DREQ (13) as drivers/mmc/host/bcm2835.c sets it up.
 */
static Sd *start_board(void)
{
    Sd *sd = g_new0(Sd, 1);
    g_autofree void *fdt = NULL;
    uint64_t size;

    make_image(sd);
    sd->args = g_strdup_printf("-m 128M -drive if=sd,index=1,file=%s,"
                               "format=raw", sd->img);
    sd->t = ps_qtest_start("presilicon", "%s", sd->args);
    sd->base = node_base(sd->t);
    fdt = ps_dtb(sd->t);
    ck_assert(ps_fdt_reg(fdt, ps_fdt_node_by_compat(fdt, DMA_COMPAT), 0,
                         &sd->dma, &size));
    qtest_irq_intercept_out_named(sd->t->qts, "/machine/bcm2835-sdhost",
                                  "sysbus-irq");
    return sd;
}

static uint32_t dma_rd(Sd *sd, uint32_t reg)
{
    return qtest_readl(sd->t->qts, sd->dma + reg);
}

static void dma_wr(Sd *sd, uint32_t reg, uint32_t val)
{
    qtest_writel(sd->t->qts, sd->dma + reg, val);
}

static void put_cb(Sd *sd, uint64_t cb, uint32_t ti, uint64_t src,
                   uint64_t dst, uint32_t len, uint64_t next)
{
    uint32_t w[8] = { ti, src, dst, len, 0, next, 0, 0 };

    for (int i = 0; i < 8; i++) {
        qtest_writel(sd->t->qts, cb + 4 * i, w[i]);
    }
}

static void dma_start(Sd *sd, uint64_t cb)
{
    dma_wr(sd, DMA_CONBLK_AD, cb);
    dma_wr(sd, DMA_CS, CS_ACTIVE);
}

/* Let the engine run until channel 0 is idle; its CS then. */
static uint32_t dma_wait(Sd *sd)
{
    for (int i = 0; i < 200 && (dma_rd(sd, DMA_CS) & CS_ACTIVE); i++) {
        qtest_clock_step(sd->t->qts, 100000);
    }
    return dma_rd(sd, DMA_CS);
}

START_TEST(test_dma_read)
{
    Sd *sd = start_board();
    const uint32_t n = 8, len = n * BLK, drain = 3 * 4;
    g_autofree uint8_t *buf = g_malloc(len);
    uint32_t cs;

    card_init(sd);
    /* The driver's FIFO thresholds, and its CB: all but 3 words by DMA. */
    wr(sd, A_SDEDM, (4 << 14) | (4 << 9));
    put_cb(sd, CB0, TI_PERMAP(DREQ_SDHOST) | TI_S_DREQ | TI_D_INC |
           TI_INTEN | TI_WAIT_RESP, sd->base + A_SDDATA, BUF, len - drain, 0);
    start_read(sd, 40, n);
    dma_start(sd, CB0);
    /* One run of the engine takes the first block, then DREQ holds it. */
    qtest_clock_step(sd->t->qts, 1);
    cs = dma_rd(sd, DMA_CS);
    ck_assert_uint_eq(cs & (CS_ACTIVE | CS_HELD | CS_DREQ | CS_END),
                      CS_ACTIVE | CS_HELD);
    ck_assert_uint_eq(dma_rd(sd, DMA_TXFR_LEN), len - drain - BLK);
    ck_assert_uint_eq(fifo_count(sd), 0);
    cs = dma_wait(sd);
    ck_assert_uint_eq(cs & (CS_ACTIVE | CS_END | CS_INT | CS_ERROR),
                      CS_END | CS_INT);
    ck_assert_uint_eq(dma_rd(sd, DMA_INT_STATUS), 1);
    /* The words DREQ does not cover, by PIO as the driver drains them. */
    ck_assert_uint_eq(fifo_count(sd), drain / 4);
    qtest_memread(sd->t->qts, BUF, buf, len - drain);
    read_fifo(sd, buf + len - drain, drain);
    end_multi(sd, n);
    ck_assert_mem_eq(buf, sd->want + 40 * BLK, len);
    /* The INT acknowledge the driver writes keeps ACTIVE: it stays idle. */
    dma_wr(sd, DMA_CS, CS_INT | CS_ACTIVE);
    qtest_clock_step(sd->t->qts, 1);
    ck_assert_uint_eq(dma_rd(sd, DMA_CS) & (CS_ACTIVE | CS_INT), 0);
    ck_assert_uint_eq(dma_rd(sd, DMA_INT_STATUS), 0);
    ck_assert_str_eq(ps_log_take(sd->t), "");
    stop(sd);
}
END_TEST

START_TEST(test_dma_write)
{
    Sd *sd = start_board();
    const uint32_t n = 16, len = n * BLK;
    g_autofree uint8_t *buf = g_malloc(len);
    g_autofree uint8_t *back = g_malloc(len);
    uint32_t cs;

    card_init(sd);
    wr(sd, A_SDEDM, (4 << 14) | (4 << 9));
    random_fill(buf, len, 31);
    qtest_memwrite(sd->t->qts, BUF, buf, len);
    put_cb(sd, CB0, TI_PERMAP(DREQ_SDHOST) | TI_D_DREQ | TI_S_INC |
           TI_INTEN | TI_WAIT_RESP, BUF, sd->base + A_SDDATA, len, 0);
    start_write(sd, 60, n);
    dma_start(sd, CB0);
    /*
     * A block goes out, then words queue behind its CRC status until
     * less room than the write threshold (4 words) is left: DREQ drops.
     */
    qtest_clock_step(sd->t->qts, 1);
    cs = dma_rd(sd, DMA_CS);
    ck_assert_uint_eq(cs & (CS_ACTIVE | CS_HELD), CS_ACTIVE | CS_HELD);
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_WRITECRC);
    ck_assert_uint_eq(dma_rd(sd, DMA_TXFR_LEN),
                      len - BLK - 4 * (BCM2835_SDHOST_FIFO_WORDS - 3));
    for (int i = 0; i < 10000 && (dma_rd(sd, DMA_CS) & CS_ACTIVE); i++) {
        qtest_clock_step(sd->t->qts, 1000);
    }
    cs = dma_rd(sd, DMA_CS);
    ck_assert_uint_eq(cs & (CS_ACTIVE | CS_END | CS_ERROR), CS_END);
    /*
     * The driver's CMD12 as soon as the DMA is done: the last block's CRC
     * status is still due, so it waits (NEW up) until it is back.
     */
    ck_assert_uint_eq(fsm(sd), SDEDM_FSM_WRITECRC);
    wr(sd, A_SDARG, 0);
    wr(sd, A_SDCMD, CMD_STOP | R_BUSY | R_SDCMD_NEW_MASK);
    ck_assert(rd(sd, A_SDCMD) & R_SDCMD_NEW_MASK);
    ck_assert_uint_eq(rd(sd, A_SDHSTS) & R_SDHSTS_BUSY_IRPT_MASK, 0);
    write_settle(sd);
    ck_assert_uint_eq(rd(sd, A_SDCMD) & (R_SDCMD_NEW_MASK |
                                         R_SDCMD_FAIL_MASK), 0);
    ck_assert(rd(sd, A_SDHSTS) & R_SDHSTS_BUSY_IRPT_MASK);
    wr(sd, A_SDHSTS, R_SDHSTS_BUSY_IRPT_MASK);
    end_multi(sd, 1);
    memcpy(sd->want + 60 * BLK, buf, len);
    read_blocks(sd, 60, n, back);
    ck_assert_mem_eq(back, buf, len);
    check_image(sd);
    ck_assert_str_eq(ps_log_take(sd->t), "");
    stop(sd);
}
END_TEST

/* A DMA read migrated while DREQ holds the channel between blocks. */
START_TEST(test_dma_migration)
{
    Sd *sd = start_board();
    const uint32_t n = 8, len = n * BLK, drain = 3 * 4;
    g_autofree uint8_t *buf = g_malloc(len);
    PsQTest *dst;

    card_init(sd);
    wr(sd, A_SDEDM, (4 << 14) | (4 << 9));
    put_cb(sd, CB0, TI_PERMAP(DREQ_SDHOST) | TI_S_DREQ | TI_D_INC |
           TI_INTEN, sd->base + A_SDDATA, BUF, len - drain, 0);
    start_read(sd, 70, n);
    dma_start(sd, CB0);
    qtest_clock_step(sd->t->qts, 1);
    ck_assert_uint_eq(dma_rd(sd, DMA_TXFR_LEN), len - drain - BLK);
    dst = ps_migrate(sd->t, "presilicon", sd->args);
    ps_qtest_quit(sd->t);
    sd->t = dst;
    qtest_irq_intercept_out_named(dst->qts, "/machine/bcm2835-sdhost",
                                  "sysbus-irq");
    ck_assert_uint_eq(dma_rd(sd, DMA_CS) & (CS_ACTIVE | CS_HELD),
                      CS_ACTIVE | CS_HELD);
    ck_assert_uint_eq(dma_wait(sd) & (CS_ACTIVE | CS_END | CS_ERROR),
                      CS_END);
    qtest_memread(sd->t->qts, BUF, buf, len - drain);
    read_fifo(sd, buf + len - drain, drain);
    end_multi(sd, n);
    ck_assert_mem_eq(buf, sd->want + 70 * BLK, len);
    stop(sd);
}
END_TEST

/*
 * Hostile DMA programming: a control block chain that loops, a CB or
 * data outside memory, a length that is not whole words, and a reset
 * of the channel in the middle. None hangs QEMU; errors show in CS and
 * DEBUG with a guest-error line.
 */
START_TEST(test_dma_hostile)
{
    Sd *sd = start_board();
    uint8_t src[16], got[16];
    g_autofree char *log = NULL;

    for (int i = 0; i < 16; i++) {
        src[i] = 0xa0 + i;
    }
    qtest_memwrite(sd->t->qts, BUF, src, 16);
    qtest_memset(sd->t->qts, BUF + 0x1000, 0xee, 16);

    /* 7 bytes, memory to memory: 7 bytes land, the 8th is untouched. */
    put_cb(sd, CB0, TI_S_INC | TI_D_INC, BUF, BUF + 0x1000, 7, 0);
    dma_start(sd, CB0);
    ck_assert_uint_eq(dma_wait(sd) & (CS_ACTIVE | CS_END), CS_END);
    qtest_memread(sd->t->qts, BUF + 0x1000, got, 16);
    ck_assert_mem_eq(got, src, 7);
    ck_assert_uint_eq(got[7], 0xee);

    /* A chain that loops on itself runs on, the machine with it. */
    put_cb(sd, CB0, TI_S_INC | TI_D_INC, BUF, BUF + 0x2000, 64 * 1024, CB0);
    dma_start(sd, CB0);
    for (int i = 0; i < 10; i++) {
        qtest_clock_step(sd->t->qts, 100000);
    }
    ck_assert(dma_rd(sd, DMA_CS) & CS_ACTIVE);
    ck_assert(dma_rd(sd, DMA_CS) & CS_END);
    /* ABORT drops the current CB; the loop loads it again. RESET ends it. */
    dma_wr(sd, DMA_CS, CS_ABORT | CS_ACTIVE);
    qtest_clock_step(sd->t->qts, 100000);
    ck_assert(dma_rd(sd, DMA_CS) & CS_ACTIVE);
    dma_wr(sd, DMA_CS, CS_RESET);
    qtest_clock_step(sd->t->qts, 100000);
    /* PERMAP 0 after the reset: the always-on DREQ. */
    ck_assert_uint_eq(dma_rd(sd, DMA_CS), CS_PAUSED | CS_DREQ);
    ck_assert_uint_eq(dma_rd(sd, DMA_CONBLK_AD), 0);

    /* A source outside memory: CS.ERROR, DEBUG.READ_ERROR, stopped. */
    put_cb(sd, CB0, TI_S_INC | TI_D_INC, 0x0b000000, BUF + 0x3000, 64, 0);
    dma_start(sd, CB0);
    ck_assert_uint_eq(dma_wait(sd) & (CS_ACTIVE | CS_ERROR), CS_ERROR);
    ck_assert(dma_rd(sd, DMA_DEBUG) & DEBUG_READ_ERROR);
    log = ps_log_take(sd->t);
    ck_assert_ptr_nonnull(strstr(log, "source at 0x0b000000 is not backed"));
    dma_wr(sd, DMA_DEBUG, DEBUG_READ_ERROR);
    ck_assert_uint_eq(dma_rd(sd, DMA_CS) & CS_ERROR, 0);

    /* A control block outside memory, misaligned: the same. */
    dma_wr(sd, DMA_CONBLK_AD, 0x0b000010);
    dma_wr(sd, DMA_CS, CS_ACTIVE);
    ck_assert_uint_eq(dma_wait(sd) & (CS_ACTIVE | CS_ERROR), CS_ERROR);
    g_free(log);
    log = ps_log_take(sd->t);
    ck_assert_ptr_nonnull(strstr(log, "not 32-byte aligned"));
    ck_assert_ptr_nonnull(strstr(log,
                                 "control block at 0x0b000000 is not backed"));

    /* DREQ-paced with no transfer under way: held, nothing moves. */
    dma_wr(sd, DMA_CS, CS_RESET);
    put_cb(sd, CB0, TI_PERMAP(DREQ_SDHOST) | TI_S_DREQ | TI_D_INC,
           sd->base + A_SDDATA, BUF + 0x4000, 64, 0);
    dma_start(sd, CB0);
    qtest_clock_step(sd->t->qts, 1000000);
    ck_assert_uint_eq(dma_rd(sd, DMA_CS) & (CS_ACTIVE | CS_HELD),
                      CS_ACTIVE | CS_HELD);
    ck_assert_uint_eq(dma_rd(sd, DMA_TXFR_LEN), 64);
    dma_wr(sd, DMA_CS, CS_RESET);
    ck_assert_uint_eq(rd(sd, A_SDHSTS), 0);
    stop(sd);
}
END_TEST

int main(int argc, char **argv)
{
    Suite *s = suite_create("bcm2835-sdhost");
    TCase *tc = tcase_create("bcm2835-sdhost");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_fdt_node);
    tcase_add_test(tc, test_bare_device_is_placed);
    tcase_add_test(tc, test_reset_values);
    tcase_add_test(tc, test_command_flow);
    tcase_add_test(tc, test_single_block_read);
    tcase_add_test(tc, test_multi_block_read);
    tcase_add_test(tc, test_writes);
    tcase_add_test(tc, test_small_block_read);
    tcase_add_test(tc, test_read_block_pace);
    tcase_add_test(tc, test_interrupts);
    tcase_add_test(tc, test_bad_block_sizes);
    tcase_add_test(tc, test_writes_mid_transfer);
    tcase_add_test(tc, test_write_fifo_overflow);
    tcase_add_test(tc, test_status_mid_write);
    tcase_add_test(tc, test_fifo_without_transfer);
    tcase_add_test(tc, test_card_removal);
    tcase_add_test(tc, test_removal_mid_write);
    tcase_add_test(tc, test_write_past_single_block);
    tcase_add_test(tc, test_stop_abandoned_write);
    tcase_add_test(tc, test_write_protect);
    tcase_add_test(tc, test_write_protect_option);
    tcase_add_test(tc, test_reset_mid_transfer);
    tcase_add_test(tc, test_migration_mid_transfer);
    tcase_add_test(tc, test_dma_read);
    tcase_add_test(tc, test_dma_write);
    tcase_add_test(tc, test_dma_migration);
    tcase_add_test(tc, test_dma_hostile);
    suite_add_tcase(s, tc);
    return ps_check_run(s);
}
