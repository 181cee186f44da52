/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Marvell Xenon SDHCI: device-tree node, the Xenon registers and their
 * ready bits, a card brought up over the SD protocol and read and written
 * by PIO, SDMA and ADMA2 against its backing image, interrupts, card
 * removal and write protect, hostile programming, reset and migration.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/block/xenon_sdhci_regs.h"
/* The standard SDHCI registers, as QEMU's core names them. */
typedef struct SDHCIState SDHCIState;
#include "hw/sd/sdhci-internal.h"
#include "check-tap.h"
#include <libfdt.h>

/* Where docs/board.md places the board's Xenon SDHCI (third slot). */
#define XE_BASE     0x10020000ull
#define XE_PAD      (XE_BASE + 0x1000)
#define XE_PATH     "/machine/xenon-sdhci"
#define RAM         0x40000000ull
#define CARD_BYTES  (4 * 1024 * 1024)
#define BLK         512

/* Command register: response type, CRC/index checks, data present. */
#define CMD_R0      0x00
#define CMD_R136    0x09
#define CMD_R48     0x1a
#define CMD_R48B    0x1b
#define CMD_R3      0x02
#define CMD_DATA    0x20

/* Transfer mode. */
#define TM_DMA      0x01
#define TM_BLKCNT   0x02
#define TM_ACMD12   0x04
#define TM_READ     0x10
#define TM_MULTI    0x20

typedef struct Xe {
    PsQTest *t;
    char *img;
    uint32_t rca;
} Xe;

static uint32_t rl(Xe *x, uint32_t reg)
{
    return qtest_readl(x->t->qts, XE_BASE + reg);
}

static uint16_t rw16(Xe *x, uint32_t reg)
{
    return qtest_readw(x->t->qts, XE_BASE + reg);
}

static void wl(Xe *x, uint32_t reg, uint32_t v)
{
    qtest_writel(x->t->qts, XE_BASE + reg, v);
}

static void ww(Xe *x, uint32_t reg, uint16_t v)
{
    qtest_writew(x->t->qts, XE_BASE + reg, v);
}

static void wb(Xe *x, uint32_t reg, uint8_t v)
{
    qtest_writeb(x->t->qts, XE_BASE + reg, v);
}

/* The card's backing image: byte i of block b is (b * 7 + i) & 0xff. */
static uint8_t pattern(uint32_t blk, uint32_t i)
{
    return (blk * 7 + i) & 0xff;
}

static char *make_image(void)
{
    char *path = NULL;
    int fd = g_file_open_tmp("xenon-sd-XXXXXX.img", &path, NULL);
    g_autofree uint8_t *buf = g_malloc(CARD_BYTES);
    uint32_t i;

    ck_assert_int_ge(fd, 0);
    for (i = 0; i < CARD_BYTES; i++) {
        buf[i] = pattern(i / BLK, i % BLK);
    }
    ck_assert_int_eq(write(fd, buf, CARD_BYTES), CARD_BYTES);
    close(fd);
    return path;
}

static void image_read(Xe *x, uint32_t blk, uint8_t *buf, size_t len)
{
    int fd = open(x->img, O_RDONLY);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(pread(fd, buf, len, (off_t)blk * BLK), (ssize_t)len);
    close(fd);
}

static Xe *xe_start(const char *extra)
{
    Xe *x = g_new0(Xe, 1);

    x->img = make_image();
    x->t = ps_qtest_start("presilicon",
                          "-m 256M -drive if=sd,index=0,format=raw,file=%s %s",
                          x->img, extra ? extra : "");
    return x;
}

static void xe_stop(Xe *x)
{
    ps_qtest_quit(x->t);
    unlink(x->img);
    g_free(x->img);
    g_free(x);
}

/* Slot, power and clocks on, every status enabled: what Linux does. */
static void host_up(Xe *x)
{
    wl(x, A_SYS_OP_CTRL, 1);
    wb(x, SDHC_PWRCON, 0x0f);
    ww(x, SDHC_CLKCON, SDHC_CLOCK_INT_EN | (0x80 << 8));
    ck_assert(rw16(x, SDHC_CLKCON) & SDHC_CLOCK_INT_STABLE);
    ww(x, SDHC_CLKCON, rw16(x, SDHC_CLKCON) | SDHC_CLOCK_SDCLK_EN);
    ww(x, SDHC_NORINTSTSEN, 0x01ff);
    ww(x, SDHC_ERRINTSTSEN, 0x03ff);
}

static void ack_all(Xe *x)
{
    ww(x, SDHC_NORINTSTS, 0xffff);
    ww(x, SDHC_ERRINTSTS, 0xffff);
}

/* Issue a command; its normal and error status, acknowledged. */
static uint32_t cmd(Xe *x, uint8_t idx, uint32_t arg, uint16_t flags,
                    uint16_t tm)
{
    uint32_t st;

    ack_all(x);
    wl(x, SDHC_ARGUMENT, arg);
    ww(x, SDHC_TRNMOD, tm);
    ww(x, SDHC_CMDREG, (idx << 8) | flags);
    qtest_clock_step(x->t->qts, 100000);
    st = rw16(x, SDHC_NORINTSTS) | (rw16(x, SDHC_ERRINTSTS) << 16);
    ww(x, SDHC_NORINTSTS, SDHC_NIS_CMDCMP);
    return st;
}

static uint32_t cmd_ok(Xe *x, uint8_t idx, uint32_t arg, uint16_t flags)
{
    uint32_t st = cmd(x, idx, arg, flags, 0);

    ck_assert_msg(st & SDHC_NIS_CMDCMP, "CMD%u: status 0x%08x", idx, st);
    ck_assert_msg(!(st & 0xffff0000), "CMD%u: error 0x%08x", idx, st);
    return rl(x, SDHC_RSPREG0);
}

/* SD card bring-up: idle, interface, power-up, CID, RCA, select, 512. */
static void card_up(Xe *x)
{
    int i;
    uint32_t ocr = 0;

    host_up(x);
    cmd_ok(x, 0, 0, CMD_R0);
    ck_assert_uint_eq(cmd_ok(x, 8, 0x1aa, CMD_R48) & 0xfff, 0x1aa);
    for (i = 0; i < 10 && !(ocr & 0x80000000u); i++) {
        cmd_ok(x, 55, 0, CMD_R48);
        ocr = cmd_ok(x, 41, 0x40ff8000, CMD_R3);
        qtest_clock_step(x->t->qts, 1000000);
    }
    ck_assert_msg(ocr & 0x80000000u, "card never powered up (OCR 0x%08x)", ocr);
    cmd_ok(x, 2, 0, CMD_R136);
    x->rca = cmd_ok(x, 3, 0, CMD_R48) >> 16;
    ck_assert_uint_ne(x->rca, 0);
    cmd_ok(x, 7, x->rca << 16, CMD_R48B);
    cmd_ok(x, 16, BLK, CMD_R48);
}

static uint32_t wait_status(Xe *x, uint16_t want)
{
    int i;
    uint32_t st = 0;

    for (i = 0; i < 100; i++) {
        st = rw16(x, SDHC_NORINTSTS) | (rw16(x, SDHC_ERRINTSTS) << 16);
        if (st & (want | SDHC_NIS_ERR)) {
            break;
        }
        qtest_clock_step(x->t->qts, 100000);
    }
    return st;
}

/* Read n blocks from blk by PIO into buf; the final status. */
static uint32_t pio_read(Xe *x, uint32_t blk, uint32_t n, uint8_t *buf)
{
    uint32_t b, i, st;

    ww(x, SDHC_BLKSIZE, BLK);
    ww(x, SDHC_BLKCNT, n);
    st = cmd(x, n > 1 ? 18 : 17, blk * BLK, CMD_R48 | CMD_DATA,
             TM_READ | TM_BLKCNT | (n > 1 ? TM_MULTI | TM_ACMD12 : 0));
    for (b = 0; b < n; b++) {
        st = wait_status(x, SDHC_NIS_RBUFRDY);
        if (!(st & SDHC_NIS_RBUFRDY)) {
            return st;
        }
        ww(x, SDHC_NORINTSTS, SDHC_NIS_RBUFRDY);
        for (i = 0; i < BLK; i += 4) {
            uint32_t w = rl(x, SDHC_BDATA);

            memcpy(buf + b * BLK + i, &w, 4);
        }
    }
    return wait_status(x, SDHC_NIS_TRSCMP);
}

static uint32_t pio_write(Xe *x, uint32_t blk, uint32_t n, const uint8_t *buf)
{
    uint32_t b, i, st;

    ww(x, SDHC_BLKSIZE, BLK);
    ww(x, SDHC_BLKCNT, n);
    st = cmd(x, n > 1 ? 25 : 24, blk * BLK, CMD_R48 | CMD_DATA,
             TM_BLKCNT | (n > 1 ? TM_MULTI | TM_ACMD12 : 0));
    for (b = 0; b < n; b++) {
        st = wait_status(x, SDHC_NIS_WBUFRDY);
        if (!(st & SDHC_NIS_WBUFRDY)) {
            return st;
        }
        ww(x, SDHC_NORINTSTS, SDHC_NIS_WBUFRDY);
        for (i = 0; i < BLK; i += 4) {
            uint32_t w;

            memcpy(&w, buf + b * BLK + i, 4);
            wl(x, SDHC_BDATA, w);
        }
    }
    return wait_status(x, SDHC_NIS_TRSCMP);
}

/* n blocks by SDMA to or from guest address ga; the final status. */
static uint32_t sdma_xfer(Xe *x, bool read, uint32_t blk, uint32_t n,
                          uint64_t ga)
{
    wb(x, SDHC_HOSTCTL, 0);
    wl(x, SDHC_SYSAD, ga);
    ww(x, SDHC_BLKSIZE, BLK | (7 << 12));
    ww(x, SDHC_BLKCNT, n);
    cmd(x, read ? (n > 1 ? 18 : 17) : (n > 1 ? 25 : 24), blk * BLK,
        CMD_R48 | CMD_DATA, TM_DMA | TM_BLKCNT | (read ? TM_READ : 0) |
        (n > 1 ? TM_MULTI | TM_ACMD12 : 0));
    return wait_status(x, SDHC_NIS_TRSCMP);
}

/* ADMA2 (32-bit) through the descriptor table at dt; the final status. */
static uint32_t adma_xfer(Xe *x, bool read, uint32_t blk, uint32_t n,
                          uint64_t dt)
{
    wb(x, SDHC_HOSTCTL, 2 << 3);
    wl(x, SDHC_ADMASYSADDR, dt);
    wl(x, SDHC_ADMASYSADDR + 4, 0);
    ww(x, SDHC_BLKSIZE, BLK);
    ww(x, SDHC_BLKCNT, n);
    cmd(x, read ? (n > 1 ? 18 : 17) : (n > 1 ? 25 : 24), blk * BLK,
        CMD_R48 | CMD_DATA, TM_DMA | TM_BLKCNT | (read ? TM_READ : 0) |
        (n > 1 ? TM_MULTI | TM_ACMD12 : 0));
    return wait_status(x, SDHC_NIS_TRSCMP);
}

/* One ADMA2 descriptor: attributes, length, 32-bit address. */
static void adma_desc(Xe *x, uint64_t at, uint16_t attr, uint16_t len,
                      uint32_t addr)
{
    qtest_writew(x->t->qts, at, attr);
    qtest_writew(x->t->qts, at + 2, len);
    qtest_writel(x->t->qts, at + 4, addr);
}

#define ADMA_VALID  0x01
#define ADMA_END    0x02
#define ADMA_TRAN   0x20
#define ADMA_LINK   0x30

static void check_blocks(const uint8_t *buf, uint32_t blk, uint32_t n)
{
    uint32_t b, i;

    for (b = 0; b < n; b++) {
        for (i = 0; i < BLK; i++) {
            ck_assert_msg(buf[b * BLK + i] == pattern(blk + b, i),
                          "block %u byte %u: 0x%02x, image 0x%02x", blk + b,
                          i, buf[b * BLK + i], pattern(blk + b, i));
        }
    }
}

/* --- device tree -------------------------------------------------------- */

/* bindings/mmc/marvell,xenon-sdhci.yaml (Armada 3700). */
static void check_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size, pad, pad_size;
    uint32_t clk;
    int len;
    const char *s;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, XENON_SDHCI_MMIO_SIZE);
    ck_assert(ps_fdt_reg(fdt, node, 1, &pad, &pad_size));
    ck_assert_uint_eq(pad_size, XENON_SDHCI_PAD_SIZE);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, node,
                                               "marvell,sdhci-xenon"), 0);
    ck_assert_ptr_nonnull(fdt_getprop(fdt, node, "interrupts", NULL));
    clk = ps_fdt_cell(fdt, node, "clocks", 0);
    ck_assert_int_ge(fdt_node_offset_by_phandle(fdt, clk), 0);
    ck_assert_str_eq(fdt_getprop(fdt, node, "clock-names", &len), "core");
    s = fdt_getprop(fdt, node, "marvell,pad-type", &len);
    ck_assert_str_eq(s, "sd");
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "bus-width", 0), 4);
    /* No card-detect GPIO: the MMC core polls the slot. */
    ck_assert_ptr_nonnull(fdt_getprop(fdt, node, "broken-cd", NULL));
}

START_TEST(test_fdt_node)
{
    ps_check_builtin_node("marvell,armada-3700-sdhci", XE_BASE, check_node);
}
END_TEST

START_TEST(test_bare_has_no_models)
{
    ps_check_bare_has_no_node("marvell,armada-3700-sdhci",
                              XE_BASE + A_SYS_CFG_INFO);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    uint64_t base;
    PsQTest *t = ps_start_bare_device("xenon-sdhci",
                                      "marvell,armada-3700-sdhci",
                                      check_node, &base);

    ck_assert_uint_eq(qtest_readl(t->qts, base + A_SYS_CFG_INFO) & 7, 1);
    ck_assert_uint_eq(qtest_readw(t->qts, base + SDHC_HCVER) & 0xff, 2);
    ps_qtest_quit(t);
}
END_TEST

/* --- registers ---------------------------------------------------------- */

START_TEST(test_reset_values)
{
    Xe *x = xe_start(NULL);
    g_autofree char *log = NULL;

    ck_assert_uint_eq(rl(x, A_SYS_CFG_INFO), 1);
    ck_assert_uint_eq(rl(x, A_SYS_OP_CTRL), 0);
    ck_assert_uint_eq(rl(x, A_SYS_EXT_OP_CTRL), 0);
    ck_assert_uint_eq(rl(x, A_SLOT_RETUNING_REQ_CTRL), 1);
    ck_assert_uint_eq(rl(x, A_SLOT_EXT_PRESENT_STATE), 0);
    ck_assert_uint_eq(rl(x, A_SLOT_DLL_CUR_DLY_VAL), 0);
    ck_assert_uint_eq(rl(x, A_PHY_PAD_CONTROL2), 0x0f0f);
    ck_assert_uint_eq(qtest_readl(x->t->qts, XE_PAD), 0);
    /* SDHCI 3.0 with ADMA2, SDMA, high speed, 3.3 V, 64-bit, no 1.8 V. */
    ck_assert_uint_eq(rw16(x, SDHC_HCVER) & 0xff, 2);
    ck_assert_uint_eq(rl(x, SDHC_CAPAB), 0x1168c8b2);
    ck_assert_uint_eq(rl(x, SDHC_CAPAB + 4), 0);
    /* A card is in the slot. */
    ck_assert(rl(x, SDHC_PRNSTS) & SDHC_CARD_PRESENT);
    log = ps_log_take(x->t);
    ck_assert_str_eq(log, "");
    xe_stop(x);
}
END_TEST

START_TEST(test_register_contract)
{
    Xe *x = xe_start(NULL);
    g_autofree char *l1 = NULL, *l2 = NULL, *l3 = NULL, *l4 = NULL;

    /* What the driver sets at probe, and reads back. */
    wl(x, A_SYS_OP_CTRL, 1 | (1 << 8) | R_SYS_OP_CTRL_AUTO_CLKGATE_DIS_MASK);
    ck_assert_uint_eq(rl(x, A_SYS_OP_CTRL),
                      1 | (1 << 8) | R_SYS_OP_CTRL_AUTO_CLKGATE_DIS_MASK);
    wl(x, A_SYS_EXT_OP_CTRL, 1 | R_SYS_EXT_OP_CTRL_MASK_CMD_CONFLICT_MASK);
    ck_assert_uint_eq(rl(x, A_SYS_EXT_OP_CTRL), 0x101);
    wl(x, A_SLOT_OP_STATUS_CTRL, (4 << 16) | (3 << 12));
    ck_assert_uint_eq(rl(x, A_SLOT_OP_STATUS_CTRL), (4 << 16) | (3 << 12));
    wl(x, A_SYS_CFG_INFO, 1 | (1 << 24));
    ck_assert_uint_eq(rl(x, A_SYS_CFG_INFO), 1 | (1 << 24));
    qtest_writel(x->t->qts, XE_PAD, 1);
    ck_assert_uint_eq(qtest_readl(x->t->qts, XE_PAD), 1);
    /* A 16-bit read as the driver does for the DLL state. */
    ck_assert_uint_eq(rw16(x, A_SLOT_EXT_PRESENT_STATE), 0);
    l1 = ps_log_take(x->t);
    ck_assert_str_eq(l1, "");

    /* Slots that do not exist, read-only registers, unknown offsets. */
    wl(x, A_SYS_OP_CTRL, 0x3);
    ck_assert_uint_eq(rl(x, A_SYS_OP_CTRL) & 0xff, 1);
    l2 = ps_log_take(x->t);
    ck_assert_ptr_nonnull(strstr(l2, "do not exist here"));
    wl(x, A_SLOT_EXT_PRESENT_STATE, 1);
    ck_assert_uint_eq(rl(x, A_SLOT_EXT_PRESENT_STATE), 0);
    l3 = ps_log_take(x->t);
    ck_assert_ptr_nonnull(strstr(l3, "read-only"));
    wl(x, 0x160, 1);
    ck_assert_uint_eq(rl(x, 0x1f0), 0);
    qtest_writel(x->t->qts, XE_PAD, 0x10);
    l4 = ps_log_take(x->t);
    ck_assert_ptr_nonnull(strstr(l4, "eMMC 5.0 PHY"));
    ck_assert_ptr_nonnull(strstr(l4, "unknown register 0x1f0"));
    ck_assert_ptr_nonnull(strstr(l4, "reserved bits"));
    xe_stop(x);
}
END_TEST

START_TEST(test_phy_init)
{
    Xe *x = xe_start(NULL);
    g_autofree char *l1 = NULL, *l2 = NULL;
    uint32_t adj = rl(x, A_PHY_TIMING_ADJUST);

    /* Internal clock stopped: the PHY never finishes, and says why. */
    wl(x, A_PHY_TIMING_ADJUST, adj | R_PHY_TIMING_ADJUST_INIT_MASK);
    qtest_clock_step(x->t->qts, 10000000);
    ck_assert(rl(x, A_PHY_TIMING_ADJUST) & R_PHY_TIMING_ADJUST_INIT_MASK);
    l1 = ps_log_take(x->t);
    ck_assert_ptr_nonnull(strstr(l1, "internal clock stopped"));

    /*
     * Clock on, SDCLK 200 MHz / (2 * 0x80) = 781 kHz: 4 + 4 + 4 + 4 + 8
     * = 24 cycles take 30.7 us; INIT stays set before and clears after.
     */
    qtest_system_reset(x->t->qts);
    host_up(x);
    wl(x, A_PHY_TIMING_ADJUST, adj | R_PHY_TIMING_ADJUST_INIT_MASK);
    qtest_clock_step(x->t->qts, 25000);
    ck_assert(rl(x, A_PHY_TIMING_ADJUST) & R_PHY_TIMING_ADJUST_INIT_MASK);
    /* Writing the register without INIT does not cancel it. */
    wl(x, A_PHY_TIMING_ADJUST, adj);
    ck_assert(rl(x, A_PHY_TIMING_ADJUST) & R_PHY_TIMING_ADJUST_INIT_MASK);
    qtest_clock_step(x->t->qts, 10000);
    ck_assert_uint_eq(rl(x, A_PHY_TIMING_ADJUST), adj);

    /* FUNC_CONTROL wants SDCLK stopped. */
    wl(x, A_PHY_FUNC_CONTROL, R_PHY_FUNC_CONTROL_DQ_ASYNC_MASK);
    l2 = ps_log_take(x->t);
    ck_assert_ptr_nonnull(strstr(l2, "SDCLK running"));
    xe_stop(x);
}
END_TEST

START_TEST(test_dll_lock)
{
    Xe *x = xe_start(NULL);
    uint32_t dll = R_PHY_DLL_CONTROL_ENABLE_MASK |
                   R_PHY_DLL_CONTROL_FAST_LOCK_MASK |
                   R_PHY_DLL_CONTROL_UPDATE_MASK | (0x1f << 16) | (0x1f << 24);

    wl(x, A_PHY_DLL_CONTROL, dll);
    /* UPDATE is a strobe. */
    ck_assert_uint_eq(rl(x, A_PHY_DLL_CONTROL),
                      dll & ~R_PHY_DLL_CONTROL_UPDATE_MASK);
    qtest_clock_step(x->t->qts, 40000);
    ck_assert_uint_eq(rl(x, A_SLOT_EXT_PRESENT_STATE), 0);
    qtest_clock_step(x->t->qts, 20000);
    ck_assert_uint_eq(rl(x, A_SLOT_EXT_PRESENT_STATE), 1);
    ck_assert_uint_eq(rl(x, A_SLOT_DLL_CUR_DLY_VAL), 0x40);
    wl(x, A_PHY_DLL_CONTROL, 0);
    ck_assert_uint_eq(rl(x, A_SLOT_EXT_PRESENT_STATE), 0);
    xe_stop(x);
}
END_TEST

START_TEST(test_system_reset)
{
    Xe *x = xe_start(NULL);

    host_up(x);
    wl(x, A_SYS_EXT_OP_CTRL, 0x101);
    qtest_writel(x->t->qts, XE_PAD, 1);
    qtest_system_reset(x->t->qts);
    ck_assert_uint_eq(rl(x, A_SYS_OP_CTRL), 0);
    ck_assert_uint_eq(rl(x, A_SYS_EXT_OP_CTRL), 0);
    ck_assert_uint_eq(qtest_readl(x->t->qts, XE_PAD), 0);
    ck_assert_uint_eq(rw16(x, SDHC_CLKCON), 0);
    xe_stop(x);
}
END_TEST

/* --- the card ----------------------------------------------------------- */

START_TEST(test_disabled_slot_drops_commands)
{
    Xe *x = xe_start(NULL);
    g_autofree char *log = NULL;
    uint32_t st;

    host_up(x);
    wl(x, A_SYS_OP_CTRL, 0);
    st = cmd(x, 8, 0x1aa, CMD_R48, 0);
    ck_assert_uint_eq(st & 0xffff, SDHC_NIS_ERR);
    ck_assert_uint_eq(st >> 16, SDHC_EIS_CMDTIMEOUT);
    log = ps_log_take(x->t);
    ck_assert_ptr_nonnull(strstr(log, "slot 0 disabled"));
    /* Enabled again, the card answers: it never saw the command. */
    wl(x, A_SYS_OP_CTRL, 1);
    ck_assert_uint_eq(cmd_ok(x, 8, 0x1aa, CMD_R48) & 0xfff, 0x1aa);
    xe_stop(x);
}
END_TEST

START_TEST(test_pio_read_write)
{
    Xe *x = xe_start(NULL);
    uint8_t buf[4 * BLK], img[4 * BLK];
    uint32_t st;

    card_up(x);
    st = pio_read(x, 3, 1, buf);
    ck_assert_msg(st & SDHC_NIS_TRSCMP, "status 0x%08x", st);
    check_blocks(buf, 3, 1);
    st = pio_read(x, 100, 4, buf);
    ck_assert_msg(st & SDHC_NIS_TRSCMP, "status 0x%08x", st);
    check_blocks(buf, 100, 4);

    memset(buf, 0xa5, sizeof(buf));
    buf[0] = 1;
    buf[4 * BLK - 1] = 2;
    st = pio_write(x, 200, 4, buf);
    ck_assert_msg(st & SDHC_NIS_TRSCMP, "status 0x%08x", st);
    image_read(x, 200, img, sizeof(img));
    ck_assert_mem_eq(img, buf, sizeof(buf));
    xe_stop(x);
}
END_TEST

/*
 * CMD13 between CMD25 and its data: the card is still receiving, but its
 * last command moves no data. sd-card asserted when the host then sent
 * the block (found by fuzzing, qemu-patches/0008); now a guest error.
 */
START_TEST(test_status_mid_write)
{
    Xe *x = xe_start(NULL);
    g_autofree char *log = NULL;
    uint32_t i;

    card_up(x);
    ww(x, SDHC_BLKSIZE, BLK);
    ww(x, SDHC_BLKCNT, 2);
    cmd(x, 25, 300 * BLK, CMD_R48 | CMD_DATA,
        TM_BLKCNT | TM_MULTI | TM_ACMD12);
    cmd_ok(x, 13, x->rca << 16, CMD_R48);
    wait_status(x, SDHC_NIS_WBUFRDY);
    for (i = 0; i < BLK; i += 4) {
        wl(x, SDHC_BDATA, 0x5a5a5a5a);
    }
    qtest_clock_step(x->t->qts, 1000000);
    log = ps_log_take(x->t);
    ck_assert_ptr_nonnull(strstr(log, "DAT write illegal for command"));
    xe_stop(x);
}
END_TEST

START_TEST(test_sdma_read_write)
{
    Xe *x = xe_start(NULL);
    uint8_t buf[8 * BLK], img[8 * BLK];
    uint64_t ga = RAM + 0x100000;
    uint32_t st, i;

    card_up(x);
    st = sdma_xfer(x, true, 1000, 8, ga);
    ck_assert_msg(st & SDHC_NIS_TRSCMP, "status 0x%08x", st);
    qtest_memread(x->t->qts, ga, buf, sizeof(buf));
    check_blocks(buf, 1000, 8);
    st = sdma_xfer(x, true, 7, 1, ga);
    ck_assert_msg(st & SDHC_NIS_TRSCMP, "status 0x%08x", st);
    qtest_memread(x->t->qts, ga, buf, BLK);
    check_blocks(buf, 7, 1);

    for (i = 0; i < sizeof(buf); i++) {
        buf[i] = i * 13;
    }
    qtest_memwrite(x->t->qts, ga, buf, sizeof(buf));
    st = sdma_xfer(x, false, 2000, 8, ga);
    ck_assert_msg(st & SDHC_NIS_TRSCMP, "status 0x%08x", st);
    image_read(x, 2000, img, sizeof(img));
    ck_assert_mem_eq(img, buf, sizeof(buf));
    xe_stop(x);
}
END_TEST

START_TEST(test_adma2_scatter_gather)
{
    Xe *x = xe_start(NULL);
    uint64_t dt = RAM + 0x10000, a = RAM + 0x200000, b = RAM + 0x300000;
    uint8_t buf[4 * BLK], img[4 * BLK];
    uint32_t st, i;

    card_up(x);
    /* Blocks 50..53: one and a half blocks to a, the rest to b via a link. */
    adma_desc(x, dt, ADMA_VALID | ADMA_TRAN, BLK + BLK / 2, a);
    adma_desc(x, dt + 8, ADMA_VALID | ADMA_LINK, 0, dt + 0x100);
    adma_desc(x, dt + 0x100, ADMA_VALID | ADMA_TRAN | ADMA_END,
              2 * BLK + BLK / 2, b);
    st = adma_xfer(x, true, 50, 4, dt);
    ck_assert_msg(st & SDHC_NIS_TRSCMP, "status 0x%08x", st);
    qtest_memread(x->t->qts, a, buf, BLK + BLK / 2);
    qtest_memread(x->t->qts, b, buf + BLK + BLK / 2, 2 * BLK + BLK / 2);
    check_blocks(buf, 50, 4);

    for (i = 0; i < sizeof(buf); i++) {
        buf[i] = 255 - i % 251;
    }
    qtest_memwrite(x->t->qts, a, buf, BLK + BLK / 2);
    qtest_memwrite(x->t->qts, b, buf + BLK + BLK / 2, 2 * BLK + BLK / 2);
    st = adma_xfer(x, false, 3000, 4, dt);
    ck_assert_msg(st & SDHC_NIS_TRSCMP, "status 0x%08x", st);
    image_read(x, 3000, img, sizeof(img));
    ck_assert_mem_eq(img, buf, sizeof(buf));
    xe_stop(x);
}
END_TEST

START_TEST(test_interrupt_line)
{
    Xe *x = xe_start(NULL);
    QTestState *qts = x->t->qts;

    qtest_irq_intercept_out_named(qts, XE_PATH, "sysbus-irq");
    card_up(x);
    ck_assert(!qtest_get_irq(qts, 0));
    /* Signalled only when enabled: command complete raises the line. */
    ww(x, SDHC_NORINTSIGEN, SDHC_NIS_CMDCMP);
    ack_all(x);
    wl(x, SDHC_ARGUMENT, x->rca << 16);
    ww(x, SDHC_CMDREG, (13 << 8) | CMD_R48);
    qtest_clock_step(qts, 100000);
    ck_assert(qtest_get_irq(qts, 0));
    ww(x, SDHC_NORINTSTS, SDHC_NIS_CMDCMP);
    ck_assert(!qtest_get_irq(qts, 0));
    xe_stop(x);
}
END_TEST

START_TEST(test_removal_and_write_protect)
{
    Xe *x = xe_start(NULL);
    QTestState *qts = x->t->qts;
    g_autofree char *log = NULL;
    QDict *r;
    uint32_t st;

    card_up(x);
    ck_assert(rl(x, SDHC_PRNSTS) & SDHC_WRITE_PROTECT);
    /* The slot's switch: Present State says protected (bit clear). */
    r = qtest_qmp(qts, "{'execute': 'qom-set', 'arguments': {'path': '"
                  XE_PATH "', 'property': 'write-protect', 'value': true}}");
    ck_assert(qdict_haskey(r, "return"));
    qobject_unref(r);
    ck_assert(!(rl(x, SDHC_PRNSTS) & SDHC_WRITE_PROTECT));
    ck_assert(!(qtest_readb(qts, XE_BASE + SDHC_PRNSTS + 2) & 0x08));

    /* Pulled: not present, a removal interrupt status. */
    ack_all(x);
    r = qtest_qmp(qts, "{'execute': 'eject', 'arguments': "
                  "{'id': 'sd0', 'force': true}}");
    qobject_unref(r);
    r = qtest_qmp(qts, "{'execute': 'eject', 'arguments': "
                  "{'device': 'sd0', 'force': true}}");
    qobject_unref(r);
    qtest_clock_step(qts, 1000000);
    ck_assert(!(rl(x, SDHC_PRNSTS) & SDHC_CARD_PRESENT));
    ck_assert(rw16(x, SDHC_NORINTSTS) & SDHC_NIS_REMOVE);
    /* The controller cut the slot's power and SD clock. */
    ck_assert(!(qtest_readb(qts, XE_BASE + SDHC_PWRCON) & 1));
    ck_assert(!(rw16(x, SDHC_CLKCON) & SDHC_CLOCK_SDCLK_EN));
    /* A command now times out, as the driver's next one will. */
    st = cmd(x, 13, x->rca << 16, CMD_R48, 0);
    ck_assert_uint_eq(st >> 16, SDHC_EIS_CMDTIMEOUT);
    log = ps_log_take(x->t);
    ck_assert_ptr_nonnull(strstr(log, "bus power off"));

    /* Put back: present, an insertion interrupt, and it works. */
    ack_all(x);
    r = qtest_qmp(qts, "{'execute': 'blockdev-change-medium', 'arguments': "
                  "{'device': 'sd0', 'filename': %s, 'format': 'raw'}}",
                  x->img);
    ck_assert(qdict_haskey(r, "return"));
    qobject_unref(r);
    qtest_clock_step(qts, 1000000000);
    ck_assert(rl(x, SDHC_PRNSTS) & SDHC_CARD_PRESENT);
    ck_assert(rw16(x, SDHC_NORINTSTS) & SDHC_NIS_INSERT);
    card_up(x);
    xe_stop(x);
}
END_TEST

/* --- hostile programming ------------------------------------------------ */

START_TEST(test_no_data_phase_times_out)
{
    Xe *x = xe_start(NULL);
    uint64_t ga = RAM + 0x100000;
    uint32_t st;

    card_up(x);
    /* A data transfer behind CMD13, which has no data: data timeout. */
    wb(x, SDHC_HOSTCTL, 0);
    wl(x, SDHC_SYSAD, ga);
    ww(x, SDHC_BLKSIZE, BLK);
    ww(x, SDHC_BLKCNT, 1);
    cmd(x, 13, x->rca << 16, CMD_R48 | CMD_DATA, TM_DMA | TM_READ);
    st = wait_status(x, SDHC_NIS_TRSCMP);
    ck_assert_msg(st & (SDHC_EIS_DATATIMEOUT << 16), "status 0x%08x", st);
    ck_assert(!(st & SDHC_NIS_TRSCMP));
    /* Two blocks behind a single-block read: the second times out. */
    ack_all(x);
    ww(x, SDHC_BLKCNT, 2);
    cmd(x, 17, 10 * BLK, CMD_R48 | CMD_DATA,
        TM_DMA | TM_READ | TM_BLKCNT | TM_MULTI);
    st = wait_status(x, SDHC_NIS_TRSCMP);
    ck_assert_msg(st & (SDHC_EIS_DATATIMEOUT << 16), "status 0x%08x", st);
    ck_assert(!(st & SDHC_NIS_TRSCMP));
    /* The first block arrived. */
    {
        uint8_t buf[BLK];

        g_autofree char *log = ps_log_take(x->t);

        qtest_memread(x->t->qts, ga, buf, BLK);
        check_blocks(buf, 10, 1);
        ck_assert_ptr_nonnull(strstr(log, "data timeout: the card sent or "
                                     "took no data for CMD13"));
        ck_assert_ptr_nonnull(strstr(log, "for CMD17"));
    }
    xe_stop(x);
}
END_TEST

START_TEST(test_adma_bad_descriptors)
{
    Xe *x = xe_start(NULL);
    uint64_t dt = RAM + 0x10000;
    uint8_t buf[BLK];
    uint32_t st;
    g_autofree char *l1 = NULL;

    card_up(x);
    /* A descriptor without VALID: ADMA error. */
    adma_desc(x, dt, ADMA_TRAN | ADMA_END, BLK, RAM + 0x200000);
    st = adma_xfer(x, true, 1, 1, dt);
    ck_assert_msg(st & (SDHC_EIS_ADMAERR << 16), "status 0x%08x", st);
    l1 = ps_log_take(x->t);
    ck_assert_ptr_nonnull(strstr(l1, "ADMA error at descriptor"));
    /* A table where nothing answers reads as invalid descriptors. */
    ack_all(x);
    wb(x, SDHC_SWRST, SDHC_RESET_DATA | SDHC_RESET_CMD);
    cmd(x, 12, 0, CMD_R48B, 0);
    st = adma_xfer(x, true, 1, 1, 0xfff00000);
    ck_assert_msg(st & (SDHC_EIS_ADMAERR << 16), "status 0x%08x", st);
    ck_assert(!(st & SDHC_NIS_TRSCMP));
    /* A link to itself: the engine spins (QEMU does not); a reset ends it. */
    ack_all(x);
    ww(x, SDHC_SWRST, SDHC_RESET_DATA);
    adma_desc(x, dt, ADMA_VALID | ADMA_LINK, 0, dt);
    st = adma_xfer(x, true, 1, 1, dt);
    ck_assert(!(st & SDHC_NIS_TRSCMP));
    wb(x, SDHC_SWRST, SDHC_RESET_DATA | SDHC_RESET_CMD);
    qtest_clock_step(x->t->qts, 1000000);
    ck_assert(!(rl(x, SDHC_PRNSTS) & (SDHC_DATA_INHIBIT | SDHC_CMD_INHIBIT)));
    /* The card still works afterwards. */
    cmd(x, 12, 0, CMD_R48B, 0);
    ack_all(x);
    ck_assert(pio_read(x, 9, 1, buf) & SDHC_NIS_TRSCMP);
    check_blocks(buf, 9, 1);
    xe_stop(x);
}
END_TEST

START_TEST(test_bad_block_sizes)
{
    Xe *x = xe_start(NULL);
    uint64_t ga = RAM + 0x100000;
    uint8_t buf[BLK];
    g_autofree char *log = NULL;

    card_up(x);
    /* Block size 0, and a size larger than the 512-byte buffer. */
    wb(x, SDHC_HOSTCTL, 0);
    wl(x, SDHC_SYSAD, ga);
    ww(x, SDHC_BLKSIZE, 0);
    ww(x, SDHC_BLKCNT, 1);
    cmd(x, 17, 0, CMD_R48 | CMD_DATA, TM_DMA | TM_READ | TM_BLKCNT);
    wait_status(x, SDHC_NIS_TRSCMP);
    ww(x, SDHC_BLKSIZE, 0xfff);
    ww(x, SDHC_BLKCNT, 3);
    cmd(x, 18, 0, CMD_R48 | CMD_DATA,
        TM_DMA | TM_READ | TM_BLKCNT | TM_MULTI);
    wait_status(x, SDHC_NIS_TRSCMP);
    log = ps_log_take(x->t);
    ck_assert_ptr_nonnull(strstr(log, "CMD17 with data and a block size of 0"));
    ck_assert_ptr_nonnull(strstr(log, "block size 4095 is larger"));
    /* Registers rewritten in the middle of a PIO read. */
    ww(x, SDHC_BLKSIZE, BLK);
    ww(x, SDHC_BLKCNT, 4);
    cmd(x, 18, 0, CMD_R48 | CMD_DATA, TM_READ | TM_BLKCNT | TM_MULTI);
    rl(x, SDHC_BDATA);
    ww(x, SDHC_BLKSIZE, 0);
    ww(x, SDHC_BLKCNT, 0);
    wl(x, SDHC_BDATA, 0xdeadbeef);
    rl(x, SDHC_BDATA);
    /* Recover as a driver would: reset CMD and DAT, stop, read again. */
    wb(x, SDHC_SWRST, SDHC_RESET_DATA | SDHC_RESET_CMD);
    cmd(x, 12, 0, CMD_R48B, 0);
    ack_all(x);
    ck_assert(pio_read(x, 11, 1, buf) & SDHC_NIS_TRSCMP);
    check_blocks(buf, 11, 1);
    xe_stop(x);
}
END_TEST

/* --- migration ---------------------------------------------------------- */

START_TEST(test_migration_mid_transfer)
{
    Xe *x = xe_start(NULL);
    g_autofree char *args = NULL;
    PsQTest *dst;
    uint8_t buf[4 * BLK];
    uint32_t i, st;

    card_up(x);
    wl(x, A_PHY_DLL_CONTROL, R_PHY_DLL_CONTROL_ENABLE_MASK);
    /* A 4-block PIO read, one block and a half taken before migrating. */
    ww(x, SDHC_BLKSIZE, BLK);
    ww(x, SDHC_BLKCNT, 4);
    cmd(x, 18, 40 * BLK, CMD_R48 | CMD_DATA,
        TM_READ | TM_BLKCNT | TM_MULTI | TM_ACMD12);
    for (i = 0; i < BLK + BLK / 2; i += 4) {
        uint32_t w;

        if (i % BLK == 0) {
            ck_assert(wait_status(x, SDHC_NIS_RBUFRDY) & SDHC_NIS_RBUFRDY);
            ww(x, SDHC_NORINTSTS, SDHC_NIS_RBUFRDY);
        }
        w = rl(x, SDHC_BDATA);
        memcpy(buf + i, &w, 4);
    }
    args = g_strdup_printf("-m 256M -drive if=sd,index=0,format=raw,file=%s",
                           x->img);
    dst = ps_migrate(x->t, "presilicon", args);
    ps_qtest_quit(x->t);
    x->t = dst;
    for (; i < 4 * BLK; i += 4) {
        uint32_t w;

        if (i % BLK == 0) {
            ck_assert(wait_status(x, SDHC_NIS_RBUFRDY) & SDHC_NIS_RBUFRDY);
            ww(x, SDHC_NORINTSTS, SDHC_NIS_RBUFRDY);
        }
        w = rl(x, SDHC_BDATA);
        memcpy(buf + i, &w, 4);
    }
    st = wait_status(x, SDHC_NIS_TRSCMP);
    ck_assert_msg(st & SDHC_NIS_TRSCMP, "status 0x%08x", st);
    check_blocks(buf, 40, 4);
    /* The Xenon state came along: slot enabled, DLL locked. */
    ck_assert_uint_eq(rl(x, A_SYS_OP_CTRL) & 1, 1);
    qtest_clock_step(x->t->qts, 100000);
    ck_assert_uint_eq(rl(x, A_SLOT_EXT_PRESENT_STATE), 1);
    xe_stop(x);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("xenon-sdhci");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *card = tcase_create("card");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(dt, test_fdt_node);
    tcase_add_test(dt, test_bare_has_no_models);
    tcase_add_test(dt, test_bare_device_is_placed);
    tcase_add_test(regs, test_reset_values);
    tcase_add_test(regs, test_register_contract);
    tcase_add_test(regs, test_phy_init);
    tcase_add_test(regs, test_dll_lock);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(card, test_disabled_slot_drops_commands);
    tcase_add_test(card, test_pio_read_write);
    tcase_add_test(card, test_status_mid_write);
    tcase_add_test(card, test_sdma_read_write);
    tcase_add_test(card, test_adma2_scatter_gather);
    tcase_add_test(card, test_interrupt_line);
    tcase_add_test(card, test_removal_and_write_protect);
    tcase_add_test(card, test_migration_mid_transfer);
    tcase_add_test(bad, test_no_data_phase_times_out);
    tcase_add_test(bad, test_adma_bad_descriptors);
    tcase_add_test(bad, test_bad_block_sizes);
    /* Check's 4 s default is short for a migration on a loaded 2-core box. */
    tcase_set_timeout(dt, 60);
    tcase_set_timeout(regs, 60);
    tcase_set_timeout(card, 60);
    tcase_set_timeout(bad, 60);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, card);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
