/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * WD1003 (ST-506) disk controller: the device-tree node, and the command
 * sequences of the removed Linux hd driver (drivers/block/hd.c) replayed
 * against a disk image: reset_controller() and reset_hd() (SRST, then
 * SET PARAMETERS), do_special_op()'s RESTORE, hd_request()'s CHS, the
 * multi-sector reads and writes with read_intr()'s and write_intr()'s
 * interrupt per sector, and bad_rw_intr()'s recovery (retry, recalibrate
 * every 4th error, reset every 8th, give up on a bad block) after an
 * injected bad sector; then READ VERIFY, READ/WRITE LONG, FORMAT TRACK,
 * the SEEK and RESTORE step rates, head select 3, hostile programming, reset
 * and migration in the middle of a multi-sector read and of a SEEK.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "hw/block/wd1003_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* Where docs/board.md places the board's WD1003 (slot 11, SPI 60). */
#define WD_BUILTIN_BASE 0x100b0000ull
#define WD_BUILTIN_SPI  60
#define WD_PATH         "/machine/peripheral/wd"
#define SECTOR          WD1003_SECTOR_SIZE

/* hd.c's status test: ready and seek complete, not busy, no fault. */
#define STAT_OK         (R_STATUS_RDY_MASK | R_STATUS_SC_MASK)
#define OK_STATUS(s)    (((s) & (STAT_OK | R_STATUS_BSY_MASK | \
                                 R_STATUS_WF_MASK | R_STATUS_ERR_MASK)) == \
                         STAT_OK)
#define MAX_ERRORS      16
#define RESET_FREQ      8
#define RECAL_FREQ      4

typedef struct Wd {
    PsQTest *t;
    QTestState *qts;
    char *img;
    char *args;
    uint64_t base;
    int cyl, head, sect;    /* hd=cyl,head,sect */
    uint8_t ctl;            /* hd_info[].ctl: 8 with more than 8 heads */
} Wd;

/* The image: byte i of sector s is (s * 7 + i * 3) & 0xff. */
static uint8_t pattern(uint32_t sec, uint32_t i)
{
    return (sec * 7 + i * 3 + (sec >> 8)) & 0xff;
}

static uint32_t ecc_of(const uint8_t *buf)
{
    uint32_t ecc = 0xffffffffu;

    for (int i = 0; i < SECTOR; i++) {
        ecc ^= (uint32_t)buf[i] << 24;
        for (int b = 0; b < 8; b++) {
            ecc = (ecc & 0x80000000u) ? (ecc << 1) ^ 0x140a0445u : ecc << 1;
        }
    }
    return ecc;
}

static char *make_image(int sectors)
{
    char *path = NULL;
    int fd = g_file_open_tmp("wd1003-disk-XXXXXX.img", &path, NULL);
    g_autofree uint8_t *buf = g_malloc((size_t)sectors * SECTOR);

    ck_assert_int_ge(fd, 0);
    for (size_t i = 0; i < (size_t)sectors * SECTOR; i++) {
        buf[i] = pattern(i / SECTOR, i % SECTOR);
    }
    ck_assert_int_eq(write(fd, buf, (size_t)sectors * SECTOR),
                     (ssize_t)sectors * SECTOR);
    close(fd);
    return path;
}

static void image_read(Wd *w, uint32_t sec, uint8_t *buf, size_t len)
{
    int fd = open(w->img, O_RDONLY);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(pread(fd, buf, len, (off_t)sec * SECTOR), (ssize_t)len);
    close(fd);
}

static void check_fdt(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, WD1003_MMIO_SIZE);
    ck_assert_ptr_nonnull(fdt_getprop(fdt, node, "interrupts", NULL));
}

/* A bare board with the controller and a disk of cyl x head x sect. */
static Wd *wd_start_geo(int cyl, int head, int sect, const char *extra)
{
    Wd *w = g_new0(Wd, 1);
    g_autofree void *fdt = NULL;
    uint64_t size;

    w->cyl = cyl;
    w->head = head;
    w->sect = sect;
    w->ctl = head > 8 ? R_CTL_HS3EN_MASK : 0;
    w->img = make_image(cyl * head * sect);
    w->args = g_strdup_printf("-drive if=none,id=d0,format=raw,file=%s "
                              "-device wd1003,id=wd,drive=d0,cyls=%d,"
                              "heads=%d,secs=%d%s", w->img, cyl, head, sect,
                              extra ? extra : "");
    w->t = ps_qtest_start("presilicon,bare=on", "%s", w->args);
    w->qts = w->t->qts;
    fdt = ps_dtb(w->t);
    check_fdt(fdt, ps_fdt_node_by_compat(fdt, "wdc,wd1003"), 0);
    ck_assert(ps_fdt_reg(fdt, ps_fdt_node_by_compat(fdt, "wdc,wd1003"), 0,
                         &w->base, &size));
    qtest_irq_intercept_out_named(w->qts, WD_PATH, "sysbus-irq");
    return w;
}

/* hd=20,4,17: a 680 KiB ST-506 disk. */
static Wd *wd_start(const char *extra)
{
    return wd_start_geo(20, 4, 17, extra);
}

static void wd_stop(Wd *w)
{
    ps_qtest_quit(w->t);
    unlink(w->img);
    g_free(w->img);
    g_free(w->args);
    g_free(w);
}

static uint8_t rb(Wd *w, uint32_t reg)
{
    return qtest_readb(w->qts, w->base + reg);
}

static void wb(Wd *w, uint32_t reg, uint8_t v)
{
    qtest_writeb(w->qts, w->base + reg, v);
}

static uint16_t rdata(Wd *w)
{
    return qtest_readw(w->qts, w->base + A_DATA);
}

static void wdata(Wd *w, uint16_t v)
{
    qtest_writew(w->qts, w->base + A_DATA, v);
}

static bool irq(Wd *w)
{
    return qtest_get_irq(w->qts, 0);
}

/* Let virtual time run until the interrupt comes (hd_interrupt). */
/*
 * Keep stepping virtual time past 2000 steps (200 ms) while less than
 * 30 s of real time went by: QEMU's IDE core reads the disk image with
 * AIO in a host thread, which takes real time however far virtual time
 * goes, and a loaded machine can hold it back longer than 2000 qtest
 * round trips.
 */
static bool wait_more(int i, gint64 t0)
{
    return i < 2000 || g_get_monotonic_time() - t0 < 30 * G_USEC_PER_SEC;
}

static bool wait_irq(Wd *w)
{
    gint64 t0 = g_get_monotonic_time();

    for (int i = 0; wait_more(i, t0); i++) {
        if (irq(w)) {
            return true;
        }
        qtest_clock_step(w->qts, 100000);
    }
    return false;
}

static bool wait_not_busy(Wd *w)
{
    gint64 t0 = g_get_monotonic_time();

    for (int i = 0; wait_more(i, t0); i++) {
        if (!(rb(w, A_ALTSTATUS) & R_STATUS_BSY_MASK)) {
            return true;
        }
        qtest_clock_step(w->qts, 100000);
    }
    return false;
}

static void no_guest_errors(Wd *w)
{
    g_autofree char *log = ps_log_take(w->t);

    ck_assert_msg(!*log, "unexpected guest errors: %s", log);
}

static void expect_log(Wd *w, const char *what)
{
    g_autofree char *log = ps_log_take(w->t);

    ck_assert_msg(strstr(log, what), "no '%s' in: %s", what, log);
}

/* hd.c's status_ok(), which controller_ready() asks after SDH. */
static bool status_ok(uint8_t st)
{
    if (st & R_STATUS_BSY_MASK) {
        return true;
    }
    return !(st & R_STATUS_WF_MASK) && (st & R_STATUS_RDY_MASK) &&
           (st & R_STATUS_SC_MASK);
}

/* hd_out(): controller_ready(), then the task file and the command. */
static void hd_out(Wd *w, int unit, unsigned nsect, unsigned sect,
                   unsigned head, unsigned cyl, uint8_t cmd)
{
    ck_assert(wait_not_busy(w));
    wb(w, A_SDH, 0xa0 | (unit << 4) | head);
    ck_assert(status_ok(rb(w, A_ALTSTATUS)));
    wb(w, A_CTL, w->ctl);
    wb(w, A_WPC, 0);
    wb(w, A_SECCNT, nsect);
    wb(w, A_SECNUM, sect);
    wb(w, A_CYLLO, cyl);
    wb(w, A_CYLHI, cyl >> 8);
    wb(w, A_SDH, 0xa0 | (unit << 4) | head);
    wb(w, A_COMMAND, cmd);
}

/* reset_controller(): SRST, then the drive ready and error register 1. */
static void reset_controller(Wd *w)
{
    wb(w, A_CTL, R_CTL_SRST_MASK);
    ck_assert(rb(w, A_ALTSTATUS) & R_STATUS_BSY_MASK);
    wb(w, A_CTL, w->ctl & 0x0f);
    ck_assert(wait_not_busy(w));
    ck_assert_uint_eq(rb(w, A_ALTSTATUS) & (R_STATUS_BSY_MASK | STAT_OK),
                      STAT_OK);
    ck_assert_uint_eq(rb(w, A_ERROR), WD1003_DIAG_OK);
    rb(w, A_STATUS);    /* the reset's interrupt, as unexpected_hd_interrupt */
}

/* reset_hd(): SET PARAMETERS, its interrupt and check_status(). */
static void reset_hd(Wd *w)
{
    reset_controller(w);
    hd_out(w, 0, w->sect, w->sect, w->head - 1, w->cyl,
           WD1003_CMD_SET_PARAMS);
    ck_assert(wait_irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    ck_assert(!irq(w));
}

/* do_special_op(): RESTORE (recalibrate), recal_intr()'s check_status(). */
static void recalibrate(Wd *w)
{
    hd_out(w, 0, w->sect, 0, 0, 0, WD1003_CMD_RESTORE);
    ck_assert(wait_irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
}

static void chs(Wd *w, uint32_t block, unsigned *sec, unsigned *head,
                unsigned *cyl)
{
    unsigned track = block / w->sect;

    *sec = block % w->sect + 1;
    *head = track % w->head;
    *cyl = track / w->head;
}

/*
 * hd_request() for a READ and its read_intr()s: an interrupt and 256
 * words per sector. Returns the sectors read before an error (the status
 * then in *stat), or nsect.
 */
static int hd_read(Wd *w, uint32_t block, int nsect, uint8_t cmd,
                   uint8_t *buf, uint8_t *stat)
{
    unsigned sec, head, cyl;
    int n;

    chs(w, block, &sec, &head, &cyl);
    hd_out(w, 0, nsect, sec, head, cyl, cmd);
    for (n = 0; n < nsect; n++) {
        uint8_t st;

        ck_assert(wait_irq(w));
        st = rb(w, A_STATUS);
        ck_assert(!irq(w));     /* reading the status acknowledges it */
        if (!OK_STATUS(st) || !(st & R_STATUS_DRQ_MASK)) {
            *stat = st;
            return n;
        }
        for (int i = 0; i < 256; i++) {
            stw_le_p(buf + n * SECTOR + 2 * i, rdata(w));
        }
    }
    *stat = rb(w, A_STATUS);
    ck_assert(!(*stat & R_STATUS_DRQ_MASK));
    return n;
}

/* hd_request() for a WRITE: wait_DRQ(), the first sector, write_intr()s. */
static int hd_write(Wd *w, uint32_t block, int nsect, const uint8_t *buf,
                    uint8_t *stat)
{
    unsigned sec, head, cyl;
    int n;

    chs(w, block, &sec, &head, &cyl);
    hd_out(w, 0, nsect, sec, head, cyl, WD1003_CMD_WRITE);
    ck_assert(rb(w, A_ALTSTATUS) & R_STATUS_DRQ_MASK);      /* wait_DRQ */
    ck_assert(!irq(w));
    for (n = 0; n < nsect; n++) {
        uint8_t st;

        for (int i = 0; i < 256; i++) {
            wdata(w, lduw_le_p(buf + n * SECTOR + 2 * i));
        }
        ck_assert(wait_irq(w));
        st = rb(w, A_STATUS);
        if (!OK_STATUS(st)) {
            *stat = st;
            return n;
        }
        /* write_intr(): DRQ for the next sector, none after the last. */
        ck_assert_uint_eq(!!(st & R_STATUS_DRQ_MASK), n + 1 < nsect);
    }
    *stat = rb(w, A_STATUS);
    return n;
}

static void check_data(Wd *w, const uint8_t *buf, uint32_t block, int n)
{
    g_autofree uint8_t *img = g_malloc(n * SECTOR);

    image_read(w, block, img, n * SECTOR);
    ck_assert_mem_eq(buf, img, n * SECTOR);
}

static char *bad_sectors(Wd *w)
{
    QDict *rsp = qtest_qmp(w->qts, "{'execute': 'qom-get', 'arguments': "
                           "{'path': %s, 'property': 'bad-sectors'}}",
                           WD_PATH);
    char *v = g_strdup(qdict_get_str(rsp, "return"));

    qobject_unref(rsp);
    return v;
}

static void set_bad_sectors(Wd *w, const char *list)
{
    QDict *rsp = qtest_qmp(w->qts, "{'execute': 'qom-set', 'arguments': "
                           "{'path': %s, 'property': 'bad-sectors', "
                           "'value': %s}}", WD_PATH, list);

    ck_assert(!qdict_haskey(rsp, "error"));
    qobject_unref(rsp);
}

/* --- device tree and options --------------------------------------------- */

START_TEST(test_fdt_node)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree void *fdt = ps_dtb(t);
    int node = ps_fdt_node_by_compat(fdt, "wdc,wd1003");
    const fdt32_t *irqs;
    int len;

    check_fdt(fdt, node, WD_BUILTIN_BASE);
    irqs = fdt_getprop(fdt, node, "interrupts", &len);
    ck_assert_int_eq(len, 12);
    ck_assert_uint_eq(fdt32_to_cpu(irqs[1]), WD_BUILTIN_SPI);
    /* No disk: the status register reads 0 (nothing cabled). */
    ck_assert_uint_eq(qtest_readb(t->qts, WD_BUILTIN_BASE + A_STATUS), 0);
    qtest_writeb(t->qts, WD_BUILTIN_BASE + A_COMMAND, WD1003_CMD_RESTORE);
    {
        g_autofree char *log = ps_log_take(t);

        ck_assert_ptr_nonnull(strstr(log, "has no disk"));
    }
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bare_has_no_model)
{
    ps_check_bare_has_no_node("wdc,wd1003", WD_BUILTIN_BASE);
}
END_TEST

static int run_qemu(const char *args, char **err)
{
    g_autofree char *cmd = g_strdup_printf("%s %s -display none",
                                           g_getenv("QTEST_QEMU_BINARY"),
                                           args);
    int status;

    ck_assert(g_spawn_command_line_sync(cmd, NULL, err, &status, NULL));
    return status;
}

START_TEST(test_bad_options_named)
{
    g_autofree char *e1 = NULL, *e2 = NULL, *e3 = NULL;

    ck_assert_int_ne(run_qemu("-M presilicon,bare=on -device "
                              "wd1003,drive=nope", &e1), 0);
    ck_assert_ptr_nonnull(strstr(e1, "drive"));
    ck_assert_ptr_nonnull(strstr(e1, "nope"));
    ck_assert_int_ne(run_qemu("-M presilicon,bare=on -device "
                              "wd1003,bad-sectors=12:rot", &e2), 0);
    ck_assert_ptr_nonnull(strstr(e2, "bad-sectors"));
    ck_assert_int_ne(run_qemu("-M presilicon,bare=on -drive if=none,id=d0,"
                              "driver=null-co,size=1M -device "
                              "wd1003,drive=d0,heads=17,cyls=10,secs=17",
                              &e3), 0);
    ck_assert_ptr_nonnull(strstr(e3, "drive=d0"));
}
END_TEST

/* --- the hd driver's protocol -------------------------------------------- */

START_TEST(test_reset_params_recalibrate)
{
    Wd *w = wd_start(NULL);

    reset_hd(w);
    recalibrate(w);
    /* SET PARAMETERS took: a CHS past sector 17 of a track is no ID. */
    hd_out(w, 0, 1, w->sect + 1, 0, 0, WD1003_CMD_READ);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_STATUS), STAT_OK | R_STATUS_ERR_MASK);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_IDNF_MASK);
    /* DIAGNOSE: error register 1, no ERR. */
    hd_out(w, 0, 0, 0, 0, 0, WD1003_CMD_DIAGNOSE);
    ck_assert(wait_irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    ck_assert_uint_eq(rb(w, A_ERROR), WD1003_DIAG_OK);
    no_guest_errors(w);
    wd_stop(w);
}
END_TEST

START_TEST(test_multi_sector_read)
{
    Wd *w = wd_start(NULL);
    uint8_t buf[40 * SECTOR], st;

    reset_hd(w);
    recalibrate(w);
    /* Block 60: cylinder 0, head 3, sector 10; 40 blocks onto cylinder 1. */
    ck_assert_int_eq(hd_read(w, 60, 40, WD1003_CMD_READ, buf, &st), 40);
    ck_assert(OK_STATUS(st));
    check_data(w, buf, 60, 40);
    /* The task file ends past the last sector: block 100, count 0. */
    ck_assert_uint_eq(rb(w, A_SECCNT), 0);
    ck_assert_uint_eq(rb(w, A_CYLLO), 100 / (4 * 17));
    ck_assert_uint_eq(rb(w, A_SECNUM), 100 % 17 + 1);
    /* Without retries. */
    ck_assert_int_eq(hd_read(w, 0, 1, WD1003_CMD_READ | WD1003_CMD_T, buf,
                             &st), 1);
    check_data(w, buf, 0, 1);
    no_guest_errors(w);
    wd_stop(w);
}
END_TEST

START_TEST(test_multi_sector_write)
{
    Wd *w = wd_start(NULL);
    uint8_t buf[12 * SECTOR], back[12 * SECTOR], st;

    for (size_t i = 0; i < sizeof(buf); i++) {
        buf[i] = i * 5 + 1;
    }
    reset_hd(w);
    recalibrate(w);
    ck_assert_int_eq(hd_write(w, 300, 12, buf, &st), 12);
    ck_assert(OK_STATUS(st));
    check_data(w, buf, 300, 12);
    /* Read back through the controller. */
    ck_assert_int_eq(hd_read(w, 300, 12, WD1003_CMD_READ, back, &st), 12);
    ck_assert_mem_eq(back, buf, sizeof(buf));
    /* A one-sector write without retries. */
    ck_assert_int_eq(hd_write(w, 5, 1, buf + SECTOR, &st), 1);
    check_data(w, buf + SECTOR, 5, 1);
    no_guest_errors(w);
    wd_stop(w);
}
END_TEST

/*
 * hd_request() with bad_rw_intr(): retry the request; every 4th error
 * recalibrates first, every 8th resets the controller; MAX_ERRORS or a bad
 * block ends it. Returns the errors seen, and the recoveries in *recal and
 * *resets; -1 when it gave up.
 */
static int hd_read_recovering(Wd *w, uint32_t block, int nsect, uint8_t *buf,
                              int *recal, int *resets)
{
    int errors = 0, done = 0;

    *recal = *resets = 0;
    while (done < nsect) {
        uint8_t st, err;
        int n = hd_read(w, block + done, nsect - done, WD1003_CMD_READ,
                        buf + done * SECTOR, &st);

        done += n;
        if (done == nsect) {
            break;
        }
        ck_assert(st & R_STATUS_ERR_MASK);
        err = rb(w, A_ERROR);
        if (++errors >= MAX_ERRORS || (err & R_ERROR_BBK_MASK)) {
            return -1;
        } else if (errors % RESET_FREQ == 0) {
            reset_hd(w);
            (*resets)++;
            recalibrate(w);     /* reset_hd() sets recalibrate */
            (*recal)++;
        } else if ((err & R_ERROR_TR000_MASK) || errors % RECAL_FREQ == 0) {
            recalibrate(w);
            (*recal)++;
        }
    }
    return errors;
}

START_TEST(test_bad_sector_recovery)
{
    Wd *w = wd_start(NULL);
    uint8_t buf[10 * SECTOR], st;
    g_autofree char *left = NULL;
    int recal, resets;

    reset_hd(w);
    recalibrate(w);
    /*
     * Block 105 fails its next 64 attempts: eight READs with retries (8
     * attempts each), then it reads. The driver sees 8 errors: it retries,
     * recalibrates at the 4th, resets at the 8th, and gets the data.
     */
    set_bad_sectors(w, "105:ecc:64");
    ck_assert_int_eq(hd_read_recovering(w, 100, 10, buf, &recal, &resets), 8);
    ck_assert_int_eq(resets, 1);
    ck_assert_int_eq(recal, 2);
    check_data(w, buf, 100, 10);
    left = bad_sectors(w);
    ck_assert_str_eq(left, "");

    /* The failing READ stops at the bad sector, its CHS in the task file. */
    set_bad_sectors(w, "105:ecc:3,200:bbk");
    ck_assert_int_eq(hd_read(w, 103, 4, WD1003_CMD_READ | WD1003_CMD_T, buf,
                             &st), 2);
    ck_assert_uint_eq(st, STAT_OK | R_STATUS_ERR_MASK);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_ECC_MASK);
    ck_assert_uint_eq(rb(w, A_SECNUM), 105 % 17 + 1);
    ck_assert_uint_eq(rb(w, A_SECCNT), 2);
    g_free(left);
    left = bad_sectors(w);
    ck_assert_str_eq(left, "105:ecc:2,200:bbk");
    /* With retries the same sector reads (2 more failures absorbed). */
    ck_assert_int_eq(hd_read(w, 105, 1, WD1003_CMD_READ, buf, &st), 1);
    check_data(w, buf, 105, 1);

    /* A bad block: BBK, and the driver gives up at once. */
    ck_assert_int_eq(hd_read_recovering(w, 198, 4, buf, &recal, &resets), -1);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_BBK_MASK);
    /* An ID that is not found, and a DAM error, for good. */
    set_bad_sectors(w, "7:idnf,8:dam");
    ck_assert_int_eq(hd_read(w, 7, 1, WD1003_CMD_READ, buf, &st), 0);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_IDNF_MASK);
    ck_assert_int_eq(hd_read(w, 8, 1, WD1003_CMD_READ, buf, &st), 0);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_DAM_MASK);
    /* A write to a bad block fails after its data, without writing it. */
    memset(buf, 0x5a, SECTOR);
    set_bad_sectors(w, "200:bbk,9:ecc");
    ck_assert_int_eq(hd_write(w, 200, 1, buf, &st), 0);
    ck_assert_uint_eq(st, STAT_OK | R_STATUS_ERR_MASK);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_BBK_MASK);
    {
        uint8_t img[SECTOR];

        image_read(w, 200, img, SECTOR);
        ck_assert_uint_eq(img[0], pattern(200, 0));
    }
    /* Writing a sector with bad ECC rewrites its data field: healed. */
    ck_assert_int_eq(hd_write(w, 9, 1, buf, &st), 1);
    g_free(left);
    left = bad_sectors(w);
    ck_assert_str_eq(left, "200:bbk");
    no_guest_errors(w);
    wd_stop(w);
}
END_TEST

START_TEST(test_read_verify)
{
    Wd *w = wd_start(NULL);
    unsigned sec, head, cyl;

    reset_hd(w);
    /* Ten sectors from block 100 read clean: no DRQ, one interrupt. */
    chs(w, 100, &sec, &head, &cyl);
    hd_out(w, 0, 10, sec, head, cyl, WD1003_CMD_VERIFY);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_STATUS), STAT_OK);
    ck_assert_uint_eq(rb(w, A_SECCNT), 0);
    ck_assert_uint_eq(rb(w, A_SECNUM), 110 % 17 + 1);
    /* A defect stops it there: ERR, ECC, the task file at block 105. */
    set_bad_sectors(w, "105:ecc");
    hd_out(w, 0, 10, sec, head, cyl, WD1003_CMD_VERIFY | WD1003_CMD_T);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_STATUS), STAT_OK | R_STATUS_ERR_MASK);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_ECC_MASK);
    ck_assert_uint_eq(rb(w, A_SECNUM), 105 % 17 + 1);
    ck_assert_uint_eq(rb(w, A_SECCNT), 5);
    no_guest_errors(w);
    wd_stop(w);
}
END_TEST

START_TEST(test_read_write_long)
{
    Wd *w = wd_start(NULL);
    uint8_t buf[SECTOR + 4], st;
    unsigned sec, head, cyl;
    g_autofree char *bad = NULL;
    uint32_t ecc;

    reset_hd(w);
    chs(w, 77, &sec, &head, &cyl);
    /* READ LONG: 256 words of data, then the 4 ECC bytes one at a time. */
    hd_out(w, 0, 1, sec, head, cyl, WD1003_CMD_READ | WD1003_CMD_L);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_STATUS), STAT_OK | R_STATUS_DRQ_MASK);
    for (int i = 0; i < 256; i++) {
        stw_le_p(buf + 2 * i, rdata(w));
    }
    ck_assert(rb(w, A_ALTSTATUS) & R_STATUS_DRQ_MASK);
    for (int i = 0; i < 4; i++) {
        buf[SECTOR + i] = qtest_readb(w->qts, w->base + A_DATA);
    }
    ck_assert_uint_eq(rb(w, A_STATUS), STAT_OK);
    check_data(w, buf, 77, 1);
    ecc = ecc_of(buf);
    ck_assert_uint_eq((uint32_t)ldl_be_p(buf + SECTOR), ecc);

    /* WRITE LONG with a wrong ECC: the data lands, later READs fail ECC. */
    memset(buf, 0xc3, SECTOR);
    stl_be_p(buf + SECTOR, ecc_of(buf) ^ 0x10);
    hd_out(w, 0, 1, sec, head, cyl, WD1003_CMD_WRITE | WD1003_CMD_L);
    ck_assert(rb(w, A_ALTSTATUS) & R_STATUS_DRQ_MASK);
    for (int i = 0; i < 256; i++) {
        wdata(w, lduw_le_p(buf + 2 * i));
    }
    for (int i = 0; i < 4; i++) {
        qtest_writeb(w->qts, w->base + A_DATA, buf[SECTOR + i]);
    }
    ck_assert(wait_irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    check_data(w, buf, 77, 1);
    bad = bad_sectors(w);
    ck_assert_str_eq(bad, "77:ecc");
    ck_assert_int_eq(hd_read(w, 77, 1, WD1003_CMD_READ, buf, &st), 0);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_ECC_MASK);
    /* READ LONG still reads it, with the ECC as written. */
    hd_out(w, 0, 1, sec, head, cyl, WD1003_CMD_READ | WD1003_CMD_L);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_STATUS), STAT_OK | R_STATUS_DRQ_MASK);
    for (int i = 0; i < 256; i++) {
        ck_assert_uint_eq(rdata(w), 0xc3c3);
    }
    for (int i = 0; i < 4; i++) {
        buf[SECTOR + i] = qtest_readb(w->qts, w->base + A_DATA);
    }
    memset(buf, 0xc3, SECTOR);
    ck_assert_uint_eq((uint32_t)ldl_be_p(buf + SECTOR), ecc_of(buf) ^ 0x10);
    /* A WRITE LONG with the right ECC heals it. */
    stl_be_p(buf + SECTOR, ecc_of(buf));
    hd_out(w, 0, 1, sec, head, cyl, WD1003_CMD_WRITE | WD1003_CMD_L |
           WD1003_CMD_T);
    for (int i = 0; i < 256; i++) {
        wdata(w, lduw_le_p(buf + 2 * i));
    }
    for (int i = 0; i < 4; i++) {
        wdata(w, buf[SECTOR + i]);
    }
    ck_assert(wait_irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    g_free(bad);
    bad = bad_sectors(w);
    ck_assert_str_eq(bad, "");
    no_guest_errors(w);
    wd_stop(w);
}
END_TEST

START_TEST(test_format_track)
{
    Wd *w = wd_start(NULL);
    uint8_t table[SECTOR] = { 0 }, buf[17 * SECTOR], st;
    g_autofree char *bad = NULL;
    uint32_t track0 = (2 * 4 + 1) * 17;     /* cylinder 2, head 1 */

    reset_hd(w);
    for (int i = 0; i < 17; i++) {
        table[2 * i] = i == 4 ? WD1003_FMT_BAD : 0;
        table[2 * i + 1] = i + 1;
    }
    hd_out(w, 0, 17, 0, 1, 2, WD1003_CMD_FORMAT);
    ck_assert(rb(w, A_ALTSTATUS) & R_STATUS_DRQ_MASK);
    ck_assert(!irq(w));
    for (int i = 0; i < 256; i++) {
        wdata(w, lduw_le_p(table + 2 * i));
    }
    ck_assert(wait_irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    bad = bad_sectors(w);
    g_snprintf((char *)buf, sizeof(buf), "%u:bbk", track0 + 4);
    ck_assert_str_eq(bad, (char *)buf);
    /* The track's data fields are fresh (zero); sector 5 is marked bad. */
    ck_assert_int_eq(hd_read(w, track0, 17, WD1003_CMD_READ, buf, &st), 4);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_BBK_MASK);
    for (int i = 0; i < 4 * SECTOR; i++) {
        ck_assert_uint_eq(buf[i], 0);
    }
    /* The next track is untouched. */
    ck_assert_int_eq(hd_read(w, track0 + 17, 1, WD1003_CMD_READ, buf, &st),
                     1);
    check_data(w, buf, track0 + 17, 1);
    /* Formatting again with the sector good clears the mark. */
    table[8] = 0;
    hd_out(w, 0, 17, 0, 1, 2, WD1003_CMD_FORMAT);
    for (int i = 0; i < 256; i++) {
        wdata(w, lduw_le_p(table + 2 * i));
    }
    ck_assert(wait_irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    g_free(bad);
    bad = bad_sectors(w);
    ck_assert_str_eq(bad, "");
    no_guest_errors(w);
    wd_stop(w);
}
END_TEST

START_TEST(test_seek_restore_step_rates)
{
    Wd *w = wd_start(NULL);

    reset_hd(w);
    /* SEEK at 7.5 ms a step: 10 cylinders take 75 ms. */
    hd_out(w, 0, 0, 1, 0, 10, WD1003_CMD_SEEK | 15);
    qtest_clock_step(w->qts, 74000000);
    ck_assert(rb(w, A_ALTSTATUS) & R_STATUS_BSY_MASK);
    ck_assert(!irq(w));
    qtest_clock_step(w->qts, 1000000);
    ck_assert(irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    /* At 35 us a step (rate 0): 5 cylinders back in 175 us. */
    hd_out(w, 0, 0, 1, 0, 5, WD1003_CMD_SEEK);
    qtest_clock_step(w->qts, 170000);
    ck_assert(rb(w, A_ALTSTATUS) & R_STATUS_BSY_MASK);
    qtest_clock_step(w->qts, 5000);
    ck_assert(irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    /* RESTORE at 2 ms a step (rate 4) from cylinder 5: 10 ms. */
    hd_out(w, 0, 0, 0, 0, 0, WD1003_CMD_RESTORE | 4);
    qtest_clock_step(w->qts, 9900000);
    ck_assert(rb(w, A_ALTSTATUS) & R_STATUS_BSY_MASK);
    qtest_clock_step(w->qts, 100000);
    ck_assert(irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    /* A SEEK past the last cylinder: ID not found. */
    hd_out(w, 0, 0, 1, 0, 20, WD1003_CMD_SEEK | 1);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_STATUS), STAT_OK | R_STATUS_ERR_MASK);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_IDNF_MASK);
    no_guest_errors(w);
    wd_stop(w);
}
END_TEST

START_TEST(test_head_select_3)
{
    /* hd=8,16,17: hd.c sets ctl 8 (HS3EN) for more than 8 heads. */
    Wd *w = wd_start_geo(8, 16, 17, NULL);
    uint8_t buf[SECTOR], st;

    reset_hd(w);
    ck_assert_int_eq(hd_read(w, 12 * 17 + 2, 1, WD1003_CMD_READ, buf, &st),
                     1);
    check_data(w, buf, 12 * 17 + 2, 1);
    /* Without HS3EN head 12 is head 4: that track's data comes back. */
    w->ctl = 0;
    ck_assert_int_eq(hd_read(w, 12 * 17 + 2, 1, WD1003_CMD_READ, buf, &st),
                     1);
    check_data(w, buf, 4 * 17 + 2, 1);
    no_guest_errors(w);
    wd_stop(w);
}
END_TEST

/* --- hostile programming ------------------------------------------------ */

START_TEST(test_hostile)
{
    Wd *w = wd_start(NULL);
    uint8_t buf[SECTOR], four[4 * SECTOR], st;

    reset_hd(w);
    /* A command while BSY (a slow SEEK) is ignored. */
    hd_out(w, 0, 0, 1, 0, 19, WD1003_CMD_SEEK | 15);
    wb(w, A_COMMAND, WD1003_CMD_READ);
    expect_log(w, "while BSY");
    wb(w, A_SECNUM, 9);
    expect_log(w, "task file write");
    ck_assert(wait_irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    ck_assert_uint_eq(rb(w, A_SECNUM), 1);
    /* Data register with no DRQ: 0 and a guest error. */
    ck_assert_uint_eq(rdata(w), 0);
    expect_log(w, "data register read");
    wdata(w, 0x1234);
    expect_log(w, "data register write");
    /* Sector 0, a sector past the track, a head or cylinder past the disk. */
    hd_out(w, 0, 1, 0, 0, 0, WD1003_CMD_READ);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_STATUS), STAT_OK | R_STATUS_ERR_MASK);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_IDNF_MASK);
    hd_out(w, 0, 1, 1, 4, 0, WD1003_CMD_READ);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_IDNF_MASK);
    rb(w, A_STATUS);
    hd_out(w, 0, 1, 1, 0, 700, WD1003_CMD_READ | WD1003_CMD_T);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_IDNF_MASK);
    rb(w, A_STATUS);
    /* A write there takes its data, then fails. */
    hd_out(w, 0, 1, 18, 0, 0, WD1003_CMD_WRITE);
    for (int i = 0; i < 256; i++) {
        wdata(w, i);
    }
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_STATUS), STAT_OK | R_STATUS_ERR_MASK);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_IDNF_MASK);
    /* A multi-sector read running off the end of the disk. */
    ck_assert_int_eq(hd_read(w, 20 * 4 * 17 - 2, 4, WD1003_CMD_READ, four,
                             &st), 2);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_IDNF_MASK);
    no_guest_errors(w);
    /* Not WD1003 commands (ATA's IDENTIFY, READ DMA, ...): ABRT. */
    hd_out(w, 0, 1, 1, 0, 0, 0xec);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_STATUS), STAT_OK | R_STATUS_ERR_MASK);
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_ABRT_MASK);
    expect_log(w, "not a WD1003 command");
    hd_out(w, 0, 1, 1, 0, 0, 0x24);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_ABRT_MASK);
    expect_log(w, "0x24");
    /* SET PARAMETERS with no sectors per track. */
    hd_out(w, 0, 0, 0, 3, 0, WD1003_CMD_SET_PARAMS);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_ABRT_MASK);
    expect_log(w, "0 sectors");
    /* A 256-byte sector size in SDH: no such ID on the medium. */
    ck_assert(wait_not_busy(w));
    wb(w, A_SECCNT, 1);
    wb(w, A_SECNUM, 1);
    wb(w, A_SDH, 0x80);
    wb(w, A_COMMAND, WD1003_CMD_READ);
    ck_assert(wait_irq(w));
    ck_assert_uint_eq(rb(w, A_ERROR), R_ERROR_IDNF_MASK);
    expect_log(w, "sector size 256");
    ck_assert_uint_eq(rb(w, A_SDH), 0x80);
    rb(w, A_STATUS);
    /* Drive 1 is not cabled: its status reads 0, commands go nowhere. */
    wb(w, A_SDH, 0xb0);
    ck_assert_uint_eq(rb(w, A_ALTSTATUS), 0);
    wb(w, A_COMMAND, WD1003_CMD_READ);
    expect_log(w, "drive 1");
    ck_assert(!irq(w));
    /* Accesses between registers, wide and 32-bit ones. */
    qtest_writeb(w->qts, w->base + 2, 1);
    expect_log(w, "between registers");
    qtest_writew(w->qts, w->base + A_SECCNT, 0x101);
    expect_log(w, "8-bit register");
    /* A 32-bit access is split in two 16-bit ones: the second is off. */
    qtest_readl(w->qts, w->base + A_DATA);
    expect_log(w, "between registers");
    wb(w, A_CTL, 0x40);
    expect_log(w, "reserved");
    /* The controller still works. */
    wb(w, A_CTL, 0);
    ck_assert_int_eq(hd_read(w, 3, 1, WD1003_CMD_READ, buf, &st), 1);
    check_data(w, buf, 3, 1);
    wd_stop(w);
}
END_TEST

/* --- interrupts, reset, migration --------------------------------------- */

START_TEST(test_nien_and_reset)
{
    Wd *w = wd_start(NULL);
    uint8_t buf[SECTOR], st;

    reset_hd(w);
    /* nIEN holds the line low; the status still shows the command done. */
    w->ctl = R_CTL_NIEN_MASK;
    hd_out(w, 0, 0, 0, 0, 0, WD1003_CMD_RESTORE);
    qtest_clock_step(w->qts, 1000000);
    ck_assert(!irq(w));
    ck_assert(OK_STATUS(rb(w, A_ALTSTATUS)));
    w->ctl = 0;
    /* A read left with DRQ, then a system reset: all back to idle. */
    hd_out(w, 0, 3, 1, 0, 0, WD1003_CMD_READ);
    ck_assert(wait_irq(w));
    set_bad_sectors(w, "33:bbk");
    qtest_qmp_assert_success(w->qts, "{'execute': 'system_reset'}");
    qtest_qmp_eventwait(w->qts, "RESET");
    ck_assert(!irq(w));
    ck_assert_uint_eq(rb(w, A_ALTSTATUS), STAT_OK);
    /* The core leaves ATA's signature: count and sector 1. */
    ck_assert_uint_eq(rb(w, A_SECCNT), 1);
    ck_assert_uint_eq(rb(w, A_CYLLO), 0);
    ck_assert_uint_eq(rb(w, A_SDH), 0xa0);
    ck_assert_uint_eq(rdata(w), 0);
    ps_log_take(w->t);
    /* The medium keeps its defects across a reset. */
    {
        g_autofree char *bad = bad_sectors(w);

        ck_assert_str_eq(bad, "33:bbk");
    }
    reset_hd(w);
    ck_assert_int_eq(hd_read(w, 2, 1, WD1003_CMD_READ, buf, &st), 1);
    check_data(w, buf, 2, 1);
    wd_stop(w);
}
END_TEST

START_TEST(test_migration_mid_read)
{
    Wd *w = wd_start(NULL);
    uint8_t buf[8 * SECTOR];
    PsQTest *dst;

    reset_hd(w);
    set_bad_sectors(w, "400:ecc:9");
    hd_out(w, 0, 8, 1, 1, 0, WD1003_CMD_READ);     /* block 17, 8 sectors */
    for (int n = 0; n < 3; n++) {
        ck_assert(wait_irq(w));
        ck_assert(OK_STATUS(rb(w, A_STATUS)));
        for (int i = 0; i < 256; i++) {
            stw_le_p(buf + n * SECTOR + 2 * i, rdata(w));
        }
    }
    /* The fourth sector acknowledged, 100 words of it read. */
    ck_assert(wait_irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    for (int i = 0; i < 100; i++) {
        stw_le_p(buf + 3 * SECTOR + 2 * i, rdata(w));
    }
    dst = ps_migrate(w->t, "presilicon,bare=on", w->args);
    ps_qtest_quit(w->t);
    w->t = dst;
    w->qts = dst->qts;
    qtest_irq_intercept_out_named(w->qts, WD_PATH, "sysbus-irq");
    ck_assert(rb(w, A_ALTSTATUS) & R_STATUS_DRQ_MASK);
    for (int i = 100; i < 256; i++) {
        stw_le_p(buf + 3 * SECTOR + 2 * i, rdata(w));
    }
    for (int n = 4; n < 8; n++) {
        ck_assert(wait_irq(w));
        ck_assert(OK_STATUS(rb(w, A_STATUS)));
        for (int i = 0; i < 256; i++) {
            stw_le_p(buf + n * SECTOR + 2 * i, rdata(w));
        }
    }
    check_data(w, buf, 17, 8);
    ck_assert_uint_eq(rb(w, A_SECCNT), 0);
    /* The defect list came along, with its attempts. */
    {
        g_autofree char *bad = bad_sectors(w);

        ck_assert_str_eq(bad, "400:ecc:9");
    }
    no_guest_errors(w);
    wd_stop(w);
}
END_TEST

START_TEST(test_migration_mid_seek)
{
    Wd *w = wd_start(NULL);
    PsQTest *dst;

    reset_hd(w);
    hd_out(w, 0, 0, 1, 0, 16, WD1003_CMD_SEEK | 10);     /* 80 ms */
    qtest_clock_step(w->qts, 30000000);
    dst = ps_migrate(w->t, "presilicon,bare=on", w->args);
    ps_qtest_quit(w->t);
    w->t = dst;
    w->qts = dst->qts;
    qtest_irq_intercept_out_named(w->qts, WD_PATH, "sysbus-irq");
    /* Still stepping; it arrives (the timer came along). */
    ck_assert(rb(w, A_ALTSTATUS) & R_STATUS_BSY_MASK);
    ck_assert(!irq(w));
    ck_assert(wait_irq(w));
    ck_assert(OK_STATUS(rb(w, A_STATUS)));
    /* From cylinder 16, a RESTORE at rate 1 (0.5 ms) takes 8 ms. */
    hd_out(w, 0, 0, 0, 0, 0, WD1003_CMD_RESTORE | 1);
    qtest_clock_step(w->qts, 7900000);
    ck_assert(!irq(w));
    qtest_clock_step(w->qts, 100000);
    ck_assert(irq(w));
    no_guest_errors(w);
    wd_stop(w);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("wd1003");
    TCase *dt = tcase_create("device-tree");
    TCase *hd = tcase_create("hd-driver");
    TCase *cmd = tcase_create("commands");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(dt, test_fdt_node);
    tcase_add_test(dt, test_bare_has_no_model);
    tcase_add_test(dt, test_bad_options_named);
    tcase_add_test(hd, test_reset_params_recalibrate);
    tcase_add_test(hd, test_multi_sector_read);
    tcase_add_test(hd, test_multi_sector_write);
    tcase_add_test(hd, test_bad_sector_recovery);
    tcase_add_test(cmd, test_read_verify);
    tcase_add_test(cmd, test_read_write_long);
    tcase_add_test(cmd, test_format_track);
    tcase_add_test(cmd, test_seek_restore_step_rates);
    tcase_add_test(cmd, test_head_select_3);
    tcase_add_test(bad, test_hostile);
    tcase_add_test(bad, test_nien_and_reset);
    tcase_add_test(bad, test_migration_mid_read);
    tcase_add_test(bad, test_migration_mid_seek);
    tcase_set_timeout(dt, 60);
    tcase_set_timeout(hd, 60);
    tcase_set_timeout(cmd, 60);
    tcase_set_timeout(bad, 60);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, hd);
    suite_add_tcase(s, cmd);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
