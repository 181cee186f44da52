/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TI DM816 AHCI: device-tree node, the PHY control registers and the PLL
 * that gates both links, a disk identified, read and written by DMA
 * through QEMU's AHCI core against its backing image, interrupts, hostile
 * programming (a wrong or reserved PLL multiplier, commands with no link,
 * sub-word writes, buffers and lists outside memory), bad options, reset and
 * migration in the middle of a transfer.
 */
#include "qemu/osdep.h"
#include "presilicon-qtest.h"
#include "hw/block/dm816_ahci_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* Where docs/board.md places the board's DM816 AHCI (slot 5, SPI 38). */
#define AH_BASE     0x10050000ull
#define AH_PATH     "/machine/dm816-ahci"
#define RAM         0x40000000ull
#define DISK_BYTES  (4 * 1024 * 1024)
#define SECTOR      512

/* AHCI 1.1 HBA registers (section 3.1). */
#define HBA_CAP     0x00
#define HBA_GHC     0x04
#define GHC_HR      (1u << 0)
#define GHC_IE      (1u << 1)
#define GHC_AE      (1u << 31)
#define HBA_IS      0x08
#define HBA_PI      0x0c
/* Port registers not in the glue's header. */
#define PX_CLB      0x00
#define PX_FB       0x08
#define PX_IE       0x14
#define PX_SIG      0x24

/* The driver's PHY programming (ahci_dm816_phy_init) at 100 MHz: MPY 8. */
#define PHY_COMMON  (R_PXPHYCR_LOS_MASK | (4 << R_PXPHYCR_RXCDR_SHIFT) | \
                     (1 << R_PXPHYCR_RXEQ_SHIFT) | \
                     (3 << R_PXPHYCR_TXSWING_SHIFT))
#define PHY0(mpy)   (PHY_COMMON | ((mpy) << R_PXPHYCR_MPY_SHIFT) | \
                     R_PXPHYCR_ENPLL_MASK)

/* Guest memory of port p: command list, received FIS, command table. */
#define CLB(p)      (RAM + 0x10000 + (p) * 0x4000)
#define FB(p)       (CLB(p) + 0x1000)
#define CTBA(p)     (CLB(p) + 0x2000)
#define DATA        (RAM + 0x100000)

#define ATA_IDENTIFY        0xec
#define ATA_READ_DMA_EXT    0x25
#define ATA_WRITE_DMA_EXT   0x35
#define ATA_READ_FPDMA      0x60
/* A command QEMU's disk does not implement: aborted (ERR, ABRT). */
#define ATA_UNSUPPORTED     0x2f
#define PX_SACT     0x34

typedef struct Ah {
    PsQTest *t;
    char *img;
} Ah;

static uint64_t px(int port, uint32_t reg)
{
    return AH_BASE + DM816_AHCI_PORT_BASE + port * DM816_AHCI_PORT_STRIDE +
           reg;
}

static uint32_t rp(Ah *a, int port, uint32_t reg)
{
    return qtest_readl(a->t->qts, px(port, reg));
}

static void wp(Ah *a, int port, uint32_t reg, uint32_t v)
{
    qtest_writel(a->t->qts, px(port, reg), v);
}

static uint32_t rh(Ah *a, uint32_t reg)
{
    return qtest_readl(a->t->qts, AH_BASE + reg);
}

static void wh(Ah *a, uint32_t reg, uint32_t v)
{
    qtest_writel(a->t->qts, AH_BASE + reg, v);
}

/* The disk's backing image: byte i of sector s is (s * 13 + i) & 0xff. */
static uint8_t pattern(uint32_t sec, uint32_t i)
{
    return (sec * 13 + i) & 0xff;
}

static char *make_image(void)
{
    char *path = NULL;
    int fd = g_file_open_tmp("dm816-disk-XXXXXX.img", &path, NULL);
    g_autofree uint8_t *buf = g_malloc(DISK_BYTES);
    uint32_t i;

    ck_assert_int_ge(fd, 0);
    for (i = 0; i < DISK_BYTES; i++) {
        buf[i] = pattern(i / SECTOR, i % SECTOR);
    }
    ck_assert_int_eq(write(fd, buf, DISK_BYTES), DISK_BYTES);
    close(fd);
    return path;
}

static void image_read(Ah *a, uint32_t sec, uint8_t *buf, size_t len)
{
    int fd = open(a->img, O_RDONLY);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(pread(fd, buf, len, (off_t)sec * SECTOR), (ssize_t)len);
    close(fd);
}

static char *disk_args(Ah *a, const char *extra)
{
    return g_strdup_printf("-m 256M -drive if=ide,index=0,format=raw,file=%s "
                           "%s", a->img, extra ? extra : "");
}

/* The board with a disk on port 0 and port 1 empty. */
static Ah *ah_start(const char *extra)
{
    Ah *a = g_new0(Ah, 1);
    g_autofree char *args = NULL;

    a->img = make_image();
    args = disk_args(a, extra);
    a->t = ps_qtest_start("presilicon", "%s", args);
    return a;
}

static void ah_stop(Ah *a)
{
    ps_qtest_quit(a->t);
    unlink(a->img);
    g_free(a->img);
    g_free(a);
}

/*
 * Keep stepping past 2000 steps while less than 30 s of real time went
 * by: QEMU's AHCI core reads and writes the image with AIO in a host
 * thread, which a loaded machine can hold back longer than 2000 qtest
 * round trips however far virtual time goes.
 */
static bool wait_more(int i, gint64 t0)
{
    return i < 2000 || g_get_monotonic_time() - t0 < 30 * G_USEC_PER_SEC;
}

/* Advance virtual time until the port's slot mask is idle; false if not. */
static bool wait_ci_clear(Ah *a, int port, uint32_t slots)
{
    gint64 t0 = g_get_monotonic_time();
    int i;

    for (i = 0; wait_more(i, t0); i++) {
        if (!(rp(a, port, A_PXCI) & slots)) {
            return true;
        }
        qtest_clock_step(a->t->qts, 10000);
    }
    return false;
}

/* What ahci_dm816 then libahci do: PHY, HBA reset, port started. */
static void port_up(Ah *a, int port)
{
    wp(a, 0, A_PXPHYCR, PHY0(8));
    wp(a, 1, A_PXPHYCR, PHY_COMMON);
    wh(a, HBA_GHC, GHC_AE);
    wp(a, port, PX_CLB, CLB(port));
    wp(a, port, PX_FB, FB(port));
    wp(a, port, A_PXSERR, 0xffffffff);
    wp(a, port, A_PXIS, 0xffffffff);
    wp(a, port, A_PXCMD, R_PXCMD_FRE_MASK);
    wp(a, port, A_PXCMD, R_PXCMD_FRE_MASK | R_PXCMD_ST_MASK);
    wp(a, port, A_PXIS, 0xffffffff);
}

/*
 * Build command slot 0 of the port: an H2D register FIS with cmd, lba
 * and count, and one PRD per (addr, len) pair.
 */
static void build_cmd(Ah *a, int port, uint8_t cmd, uint64_t lba,
                      uint16_t count, bool write, int nprd,
                      const uint64_t *addr, const uint32_t *len)
{
    QTestState *qts = a->t->qts;
    uint8_t fis[20] = { 0x27, 0x80, cmd, 0,
                        lba, lba >> 8, lba >> 16, 0x40,
                        lba >> 24, lba >> 32, lba >> 40, 0,
                        count, count >> 8, 0, 0 };
    uint32_t hdr[4] = {
        cpu_to_le32(5 | (write ? 1 << 6 : 0) | (nprd << 16)), 0,
        cpu_to_le32((uint32_t)CTBA(port)), cpu_to_le32(CTBA(port) >> 32),
    };
    int i;

    qtest_memset(qts, CTBA(port), 0, 0x80 + 16 * MAX(nprd, 1));
    qtest_memwrite(qts, CTBA(port), fis, sizeof(fis));
    for (i = 0; i < nprd; i++) {
        uint32_t prd[4] = {
            cpu_to_le32((uint32_t)addr[i]), cpu_to_le32(addr[i] >> 32), 0,
            cpu_to_le32(len[i] - 1),
        };

        qtest_memwrite(qts, CTBA(port) + 0x80 + 16 * i, prd, sizeof(prd));
    }
    qtest_memwrite(qts, CLB(port), hdr, sizeof(hdr));
}

/* Issue slot 0 and wait; the port's PxIS afterwards. */
static uint32_t run_cmd(Ah *a, int port)
{
    wp(a, port, A_PXCI, 1);
    ck_assert_msg(wait_ci_clear(a, port, 1), "slot 0 never completed");
    return rp(a, port, A_PXIS);
}

static uint32_t dma(Ah *a, bool write, uint64_t lba, uint16_t count,
                    uint64_t buf)
{
    uint32_t len = count * SECTOR;

    build_cmd(a, 0, write ? ATA_WRITE_DMA_EXT : ATA_READ_DMA_EXT, lba, count,
              write, 1, &buf, &len);
    return run_cmd(a, 0);
}

static void check_sectors(const uint8_t *buf, uint32_t sec, uint32_t n)
{
    uint32_t s, i;

    for (s = 0; s < n; s++) {
        for (i = 0; i < SECTOR; i++) {
            ck_assert_msg(buf[s * SECTOR + i] == pattern(sec + s, i),
                          "sector %u byte %u: 0x%02x, image 0x%02x", sec + s,
                          i, buf[s * SECTOR + i], pattern(sec + s, i));
        }
    }
}

/* --- device tree -------------------------------------------------------- */

/* bindings/ata/ahci-dm816.txt: reg, interrupts, two clocks. */
static void check_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size;
    const fdt32_t *clocks;
    int len, ref;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, DM816_AHCI_MMIO_SIZE);
    ck_assert_ptr_nonnull(fdt_getprop(fdt, node, "interrupts", NULL));
    clocks = fdt_getprop(fdt, node, "clocks", &len);
    ck_assert_int_eq(len, 8);
    ck_assert_int_ge(fdt_node_offset_by_phandle(fdt,
                                                fdt32_to_cpu(clocks[0])), 0);
    /* The second clock is the PHY reference the driver derives MPY from. */
    ref = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(clocks[1]));
    ck_assert_int_ge(ref, 0);
    ck_assert_uint_eq(ps_fdt_cell(fdt, ref, "clock-frequency", 0), 100000000);
}

START_TEST(test_fdt_node)
{
    ps_check_builtin_node("ti,dm816-ahci", AH_BASE, check_node);
}
END_TEST

START_TEST(test_bare_has_no_models)
{
    ps_check_bare_has_no_node("ti,dm816-ahci", AH_BASE + HBA_PI);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    uint64_t base;
    PsQTest *t = ps_start_bare_device("dm816-ahci", "ti,dm816-ahci",
                                      check_node, &base);

    ck_assert_uint_eq(qtest_readl(t->qts, base + HBA_PI), 3);
    ps_qtest_quit(t);
}
END_TEST

/* A non-default reference clock reaches the DT, and the PLL follows it. */
START_TEST(test_refclk_property)
{
    Ah *a = ah_start("-global dm816-ahci.refclk-hz=125000000");
    g_autofree void *fdt = ps_dtb(a->t);
    int node = ps_fdt_node_by_compat(fdt, "ti,dm816-ahci");
    const fdt32_t *clocks = fdt_getprop(fdt, node, "clocks", NULL);
    int ref = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(clocks[1]));
    g_autofree char *log = NULL;

    ck_assert_uint_eq(ps_fdt_cell(fdt, ref, "clock-frequency", 0), 125000000);
    /* 100 MHz's code is wrong here: 125 MHz x 15 is not 1.5 GHz. */
    wp(a, 0, A_PXPHYCR, PHY0(8));
    ck_assert_uint_eq(rp(a, 0, A_PXSSTS), 0);
    log = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(log, "1875000000 Hz"));
    /* Code 6 (x12): 1.5 GHz. */
    wp(a, 0, A_PXPHYCR, PHY0(6));
    ck_assert_uint_eq(FIELD_EX32(rp(a, 0, A_PXSSTS), PXSSTS, DET), 3);
    ah_stop(a);
}
END_TEST

/* Bad options are refused with a message that names them. */
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
    g_autofree char *e1 = NULL;
    g_autofree char *e2 = NULL;
    g_autofree char *e3 = NULL;

    ck_assert_int_ne(run_qemu("-M presilicon,bare=on -device "
                              "dm816-ahci,num-ports=1", &e1), 0);
    ck_assert_ptr_nonnull(strstr(e1, "num-ports"));
    ck_assert_int_ne(run_qemu("-M presilicon,bare=on -device "
                              "dm816-ahci,refclk-hz=0", &e2), 0);
    ck_assert_ptr_nonnull(strstr(e2, "refclk-hz"));
    /* Two ports: a third disk has nowhere to go. */
    ck_assert_int_ne(run_qemu("-M presilicon -drive if=ide,index=2,"
                              "file=null-co://,format=raw", &e3), 0);
    ck_assert_ptr_nonnull(strstr(e3, "if=ide"));
}
END_TEST

/* --- registers ---------------------------------------------------------- */

START_TEST(test_reset_values)
{
    Ah *a = ah_start(NULL);
    uint32_t cap = rh(a, HBA_CAP);

    ck_assert_uint_eq(cap & 0x1f, DM816_AHCI_NUM_PORTS - 1);
    ck_assert_uint_eq(rh(a, HBA_PI), 3);
    ck_assert_uint_eq(rp(a, 0, A_PXPHYCR), 0);
    ck_assert_uint_eq(rp(a, 1, A_PXPHYCR), 0);
    /* A disk on port 0, but no PLL: nothing on the wire yet. */
    ck_assert_uint_eq(rp(a, 0, A_PXSSTS), 0);
    ck_assert_uint_eq(rp(a, 1, A_PXSSTS), 0);
    ah_stop(a);
}
END_TEST

START_TEST(test_phy_and_pll)
{
    Ah *a = ah_start(NULL);
    uint32_t ssts;
    g_autofree char *log = NULL;

    /* The driver's values read back whole. */
    wp(a, 0, A_PXPHYCR, PHY0(8));
    wp(a, 1, A_PXPHYCR, PHY_COMMON);
    ck_assert_uint_eq(rp(a, 0, A_PXPHYCR), PHY0(8));
    ck_assert_uint_eq(rp(a, 1, A_PXPHYCR), PHY_COMMON);
    /* 100 MHz x 15: the PLL locks; the disk's port is up at Gen1. */
    ssts = rp(a, 0, A_PXSSTS);
    ck_assert_uint_eq(FIELD_EX32(ssts, PXSSTS, DET), 3);
    ck_assert_uint_eq(FIELD_EX32(ssts, PXSSTS, SPD), 1);
    ck_assert_uint_eq(FIELD_EX32(ssts, PXSSTS, IPM), 1);
    /* Port 1 has no disk. */
    ck_assert_uint_eq(FIELD_EX32(rp(a, 1, A_PXSSTS), PXSSTS, DET), 0);
    log = ps_log_take(a->t);
    ck_assert_str_eq(log, "");
    /* PLL off: the link goes, quietly (the driver's own choice). */
    wp(a, 0, A_PXPHYCR, PHY_COMMON);
    ck_assert_uint_eq(rp(a, 0, A_PXSSTS), 0);
    /* Port 1's MPY/ENPLL clock nothing. */
    wp(a, 1, A_PXPHYCR, PHY0(8));
    ck_assert_uint_eq(rp(a, 0, A_PXSSTS), 0);
    ah_stop(a);
}
END_TEST

/* The driver programs the PHY before it resets the HBA. */
START_TEST(test_phy_survives_hba_reset)
{
    Ah *a = ah_start(NULL);

    wp(a, 0, A_PXPHYCR, PHY0(8));
    wp(a, 1, A_PXPHYCR, PHY_COMMON);
    wh(a, HBA_GHC, GHC_HR);
    ck_assert_uint_eq(rh(a, HBA_GHC) & GHC_HR, 0);
    ck_assert_uint_eq(rp(a, 0, A_PXPHYCR), PHY0(8));
    ck_assert_uint_eq(rp(a, 1, A_PXPHYCR), PHY_COMMON);
    ck_assert_uint_eq(FIELD_EX32(rp(a, 0, A_PXSSTS), PXSSTS, DET), 3);
    ah_stop(a);
}
END_TEST

START_TEST(test_system_reset)
{
    Ah *a = ah_start(NULL);

    port_up(a, 0);
    qtest_system_reset(a->t->qts);
    ck_assert_uint_eq(rp(a, 0, A_PXPHYCR), 0);
    ck_assert_uint_eq(rp(a, 1, A_PXPHYCR), 0);
    ck_assert_uint_eq(rp(a, 0, A_PXCMD) & R_PXCMD_ST_MASK, 0);
    ck_assert_uint_eq(rp(a, 0, A_PXSSTS), 0);
    ah_stop(a);
}
END_TEST

/* --- the disk ----------------------------------------------------------- */

START_TEST(test_signature_and_identify)
{
    Ah *a = ah_start(NULL);
    uint64_t buf = DATA;
    uint32_t len = SECTOR;
    uint16_t id[256];
    uint32_t is;

    port_up(a, 0);
    ck_assert_uint_eq(rp(a, 0, PX_SIG), 0x00000101);   /* ATA disk */
    build_cmd(a, 0, ATA_IDENTIFY, 0, 0, false, 1, &buf, &len);
    is = run_cmd(a, 0);
    ck_assert_msg(!(is & R_PXIS_TFES_MASK), "PxIS 0x%08x", is);
    qtest_memread(a->t->qts, DATA, id, sizeof(id));
    /* Words 100-103: the LBA48 capacity, the image's sectors. */
    ck_assert_uint_eq(le16_to_cpu(id[100]) |
                      (uint32_t)le16_to_cpu(id[101]) << 16,
                      DISK_BYTES / SECTOR);
    /* Word 83 bit 10: LBA48 supported, which READ DMA EXT needs. */
    ck_assert(le16_to_cpu(id[83]) & (1 << 10));
    ah_stop(a);
}
END_TEST

START_TEST(test_dma_read_write)
{
    Ah *a = ah_start(NULL);
    uint8_t buf[16 * SECTOR], img[16 * SECTOR];
    uint32_t is, i;

    port_up(a, 0);
    is = dma(a, false, 100, 16, DATA);
    ck_assert_msg(!(is & R_PXIS_TFES_MASK), "PxIS 0x%08x", is);
    qtest_memread(a->t->qts, DATA, buf, sizeof(buf));
    check_sectors(buf, 100, 16);
    /* Write other bytes back elsewhere; the image holds them. */
    for (i = 0; i < sizeof(buf); i++) {
        buf[i] = i * 29 + 3;
    }
    qtest_memwrite(a->t->qts, DATA + 0x10000, buf, sizeof(buf));
    is = dma(a, true, 2000, 16, DATA + 0x10000);
    ck_assert_msg(!(is & R_PXIS_TFES_MASK), "PxIS 0x%08x", is);
    image_read(a, 2000, img, sizeof(img));
    ck_assert_mem_eq(img, buf, sizeof(buf));
    /* Reading it back by DMA gives the same. */
    qtest_memset(a->t->qts, DATA, 0, sizeof(buf));
    dma(a, false, 2000, 16, DATA);
    qtest_memread(a->t->qts, DATA, img, sizeof(img));
    ck_assert_mem_eq(img, buf, sizeof(buf));
    ah_stop(a);
}
END_TEST

/* A read scattered over PRDs of odd sizes lands where each PRD says. */
START_TEST(test_scatter_gather)
{
    Ah *a = ah_start(NULL);
    uint64_t addr[3] = { DATA + 0x3000, DATA + 0x800, DATA + 0x9000 };
    uint32_t len[3] = { 1024, 2048 + 512, 512 };
    uint8_t buf[8 * SECTOR];
    uint32_t is, off = 0;
    int i;

    port_up(a, 0);
    build_cmd(a, 0, ATA_READ_DMA_EXT, 300, 8, false, 3, addr, len);
    is = run_cmd(a, 0);
    ck_assert_msg(!(is & R_PXIS_TFES_MASK), "PxIS 0x%08x", is);
    for (i = 0; i < 3; i++) {
        qtest_memread(a->t->qts, addr[i], buf + off, len[i]);
        off += len[i];
    }
    check_sectors(buf, 300, 8);
    ah_stop(a);
}
END_TEST

/*
 * NCQ, as libata runs every read and write: three READ FPDMA QUEUED in
 * flight on tags 0-2, each completed through a Set Device Bits FIS that
 * clears its PxSACT bit, each landing where its own PRD says.
 */
static void build_ncq(Ah *a, int tag, uint64_t lba, uint16_t count,
                      uint64_t buf)
{
    QTestState *qts = a->t->qts;
    uint64_t ctba = CTBA(0) + tag * 0x100;
    uint8_t fis[20] = { 0x27, 0x80, ATA_READ_FPDMA, count,
                        lba, lba >> 8, lba >> 16, 0x40,
                        lba >> 24, lba >> 32, lba >> 40, count >> 8,
                        tag << 3, 0, 0, 0 };
    uint32_t hdr[4] = {
        cpu_to_le32(5 | (1 << 16)), 0,
        cpu_to_le32((uint32_t)ctba), cpu_to_le32(ctba >> 32),
    };
    uint32_t prd[4] = {
        cpu_to_le32((uint32_t)buf), cpu_to_le32(buf >> 32), 0,
        cpu_to_le32(count * SECTOR - 1),
    };

    qtest_memset(qts, ctba, 0, 0x90);
    qtest_memwrite(qts, ctba, fis, sizeof(fis));
    qtest_memwrite(qts, ctba + 0x80, prd, sizeof(prd));
    qtest_memwrite(qts, CLB(0) + tag * 32, hdr, sizeof(hdr));
}

static bool wait_sact_clear(Ah *a, uint32_t tags)
{
    gint64 t0 = g_get_monotonic_time();
    int i;

    for (i = 0; wait_more(i, t0); i++) {
        if (!(rp(a, 0, PX_SACT) & tags)) {
            return true;
        }
        qtest_clock_step(a->t->qts, 10000);
    }
    return false;
}

START_TEST(test_ncq_reads)
{
    Ah *a = ah_start(NULL);
    uint8_t buf[8 * SECTOR];
    uint32_t is;
    int tag;

    port_up(a, 0);
    for (tag = 0; tag < 3; tag++) {
        build_ncq(a, tag, 500 + 100 * tag, 8, DATA + tag * 0x10000);
    }
    wp(a, 0, PX_SACT, 7);
    wp(a, 0, A_PXCI, 7);
    ck_assert(wait_sact_clear(a, 7));
    ck_assert_uint_eq(rp(a, 0, A_PXCI), 0);
    is = rp(a, 0, A_PXIS);
    ck_assert_msg(is & R_PXIS_SDBS_MASK, "PxIS 0x%08x", is);
    ck_assert_msg(!(is & R_PXIS_TFES_MASK), "PxIS 0x%08x", is);
    for (tag = 0; tag < 3; tag++) {
        qtest_memread(a->t->qts, DATA + tag * 0x10000, buf, sizeof(buf));
        check_sectors(buf, 500 + 100 * tag, 8);
    }
    ah_stop(a);
}
END_TEST

/*
 * A command the disk aborts, then NCQ: the aborted command's ERR must not
 * stick to the next queued command (hdparm -I does this under Linux,
 * whose NCQ read then failed with a device error before qemu-patches/0011).
 */
START_TEST(test_ncq_after_aborted_command)
{
    Ah *a = ah_start(NULL);
    uint8_t buf[SECTOR];
    uint32_t is;

    port_up(a, 0);
    build_cmd(a, 0, ATA_UNSUPPORTED, 0, 1, false, 0, NULL, NULL);
    wp(a, 0, A_PXCI, 1);
    qtest_clock_step(a->t->qts, 1000000);
    is = rp(a, 0, A_PXIS);
    ck_assert_msg(is & R_PXIS_TFES_MASK, "PxIS 0x%08x", is);
    /* libahci's recovery: stop, clear, start. */
    port_up(a, 0);
    build_ncq(a, 0, 42, 1, DATA);
    wp(a, 0, PX_SACT, 1);
    wp(a, 0, A_PXCI, 1);
    ck_assert(wait_sact_clear(a, 1));
    is = rp(a, 0, A_PXIS);
    ck_assert_msg(!(is & R_PXIS_TFES_MASK), "PxIS 0x%08x", is);
    qtest_memread(a->t->qts, DATA, buf, sizeof(buf));
    check_sectors(buf, 42, 1);
    ah_stop(a);
}
END_TEST

START_TEST(test_interrupt_line)
{
    Ah *a = ah_start(NULL);
    QTestState *qts = a->t->qts;

    qtest_irq_intercept_out_named(qts, AH_PATH, "sysbus-irq");
    port_up(a, 0);
    wp(a, 0, PX_IE, R_PXIS_DHRS_MASK);
    /* GHC.IE off: status but no line. */
    dma(a, false, 0, 1, DATA);
    ck_assert(rp(a, 0, A_PXIS) & R_PXIS_DHRS_MASK);
    ck_assert(!qtest_get_irq(qts, 0));
    wh(a, HBA_GHC, GHC_AE | GHC_IE);
    ck_assert(qtest_get_irq(qts, 0));
    ck_assert_uint_eq(rh(a, HBA_IS), 1);
    /* Cleared at the port, then the HBA: the line drops. */
    wp(a, 0, A_PXIS, 0xffffffff);
    wh(a, HBA_IS, 1);
    ck_assert(!qtest_get_irq(qts, 0));
    dma(a, false, 1, 1, DATA);
    ck_assert(qtest_get_irq(qts, 0));
    ah_stop(a);
}
END_TEST

/* --- hostile programming ------------------------------------------------ */

START_TEST(test_wrong_and_reserved_mpy)
{
    Ah *a = ah_start(NULL);
    g_autofree char *l1 = NULL;
    g_autofree char *l2 = NULL;

    wp(a, 0, A_PXPHYCR, PHY0(7));         /* x12.5: 1.25 GHz */
    ck_assert_uint_eq(rp(a, 0, A_PXSSTS), 0);
    l1 = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(l1, "MPY code 7"));
    ck_assert_ptr_nonnull(strstr(l1, "does not lock"));
    wp(a, 0, A_PXPHYCR, PHY0(15));
    ck_assert_uint_eq(rp(a, 0, A_PXSSTS), 0);
    l2 = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(l2, "MPY code 15 is reserved"));
    ah_stop(a);
}
END_TEST

/* With no link a command stays pending until the port stops. */
START_TEST(test_command_without_link)
{
    Ah *a = ah_start(NULL);
    g_autofree char *log = NULL;
    uint32_t len = SECTOR;
    uint64_t buf = DATA;

    port_up(a, 0);
    wp(a, 0, A_PXPHYCR, PHY_COMMON);      /* PLL off */
    qtest_memset(a->t->qts, DATA, 0xee, SECTOR);
    build_cmd(a, 0, ATA_READ_DMA_EXT, 5, 1, false, 1, &buf, &len);
    wp(a, 0, A_PXCI, 1);
    qtest_clock_step(a->t->qts, 10 * 1000 * 1000);
    ck_assert_uint_eq(rp(a, 0, A_PXCI), 1);
    ck_assert_uint_eq(rp(a, 0, A_PXIS), 0);
    ck_assert_uint_eq(qtest_readb(a->t->qts, DATA), 0xee);
    log = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(log, "issued with no link"));
    /* Stopping the port drops it (AHCI 1.1: clearing ST clears PxCI). */
    wp(a, 0, A_PXCMD, R_PXCMD_FRE_MASK);
    ck_assert_uint_eq(rp(a, 0, A_PXCI), 0);
    /* With the PLL back and the port restarted, the command runs. */
    port_up(a, 0);
    dma(a, false, 5, 1, DATA);
    ck_assert_uint_eq(qtest_readb(a->t->qts, DATA), pattern(5, 0));
    ah_stop(a);
}
END_TEST

START_TEST(test_subword_glue_writes)
{
    Ah *a = ah_start(NULL);
    g_autofree char *log = NULL;

    wp(a, 0, A_PXPHYCR, PHY0(8));
    qtest_writeb(a->t->qts, px(0, A_PXPHYCR), 0);
    qtest_writew(a->t->qts, px(1, A_PXCI), 1);
    qtest_writeb(a->t->qts, px(0, A_PXPHYCR) + 3, 0xff);
    ck_assert_uint_eq(rp(a, 0, A_PXPHYCR), PHY0(8));
    ck_assert_uint_eq(rp(a, 1, A_PXCI), 0);
    log = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(log, "1-byte write at 0x178"));
    ck_assert_ptr_nonnull(strstr(log, "2-byte write at 0x1b8"));
    ck_assert_ptr_nonnull(strstr(log, "1-byte write at 0x17b"));
    /* Sub-word reads see their byte lanes. */
    ck_assert_uint_eq(qtest_readb(a->t->qts, px(0, A_PXPHYCR)),
                      PHY0(8) & 0xff);
    ck_assert_uint_eq(qtest_readw(a->t->qts, px(0, A_PXPHYCR) + 2),
                      PHY0(8) >> 16);
    ah_stop(a);
}
END_TEST

/*
 * Issue slot 0, expecting a host bus error: HBFS and TFES, the slot left
 * in PxCI until the driver stops the port (AHCI 1.3, 6.1.2 and 6.2.2).
 */
static void bad_cmd(Ah *a)
{
    uint32_t is;

    wp(a, 0, A_PXCI, 1);
    qtest_clock_step(a->t->qts, 1000000);
    is = rp(a, 0, A_PXIS);
    ck_assert_msg(is & R_PXIS_HBFS_MASK, "PxIS 0x%08x", is);
    ck_assert_uint_eq(rp(a, 0, A_PXCI), 1);
    wp(a, 0, A_PXCMD, R_PXCMD_FRE_MASK);
    ck_assert_uint_eq(rp(a, 0, A_PXCI), 0);
}

/*
 * Pointers no memory answers at: Host Bus Fatal Error (PxIS.HBFS, what
 * libahci resets the port for) and a guest-error line, and the port works
 * again after the reset the driver would do.
 */
START_TEST(test_prd_outside_memory)
{
    Ah *a = ah_start(NULL);
    g_autofree char *l1 = NULL;
    g_autofree char *l2 = NULL;
    uint64_t far = 0x7000000000ull;
    uint32_t len = 8 * SECTOR;

    port_up(a, 0);
    build_cmd(a, 0, ATA_READ_DMA_EXT, 0, 8, false, 1, &far, &len);
    bad_cmd(a);
    l1 = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(l1, "ahci: port 0: PRD buffer at "
                                     "0x7000000000 (4096 bytes) is not "
                                     "memory"));
    /* A write from there is refused the same way. */
    port_up(a, 0);
    build_cmd(a, 0, ATA_WRITE_DMA_EXT, 0, 8, true, 1, &far, &len);
    bad_cmd(a);
    l2 = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(l2, "PRD buffer at 0x7000000000"));
    /* The disk kept what it had. */
    port_up(a, 0);
    dma(a, false, 0, 1, DATA);
    ck_assert_uint_eq(qtest_readb(a->t->qts, DATA + 3), pattern(0, 3));
    ah_stop(a);
}
END_TEST

START_TEST(test_lists_outside_memory)
{
    Ah *a = ah_start(NULL);
    g_autofree char *l1 = NULL;
    g_autofree char *l2 = NULL;
    uint32_t hdr[4] = { cpu_to_le32(5 | (1 << 16)), 0,
                        cpu_to_le32(0x10000000), cpu_to_le32(0x70) };

    /* A command list the port cannot fetch: ST does not stick. */
    port_up(a, 0);
    wp(a, 0, A_PXCMD, R_PXCMD_FRE_MASK);
    wp(a, 0, PX_CLB, 0);
    qtest_writel(a->t->qts, px(0, PX_CLB + 4), 0x70);
    wp(a, 0, A_PXIS, 0xffffffff);
    wp(a, 0, A_PXCMD, R_PXCMD_FRE_MASK | R_PXCMD_ST_MASK);
    ck_assert_uint_eq(rp(a, 0, A_PXCMD) & R_PXCMD_ST_MASK, 0);
    ck_assert(rp(a, 0, A_PXIS) & R_PXIS_HBFS_MASK);
    l1 = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(l1, "command list at 0x0000007000000000"));
    /* A command table outside memory. */
    qtest_writel(a->t->qts, px(0, PX_CLB + 4), 0);
    port_up(a, 0);
    qtest_memwrite(a->t->qts, CLB(0), hdr, sizeof(hdr));
    bad_cmd(a);
    l2 = ps_log_take(a->t);
    ck_assert_ptr_nonnull(strstr(l2, "command table at 0x7010000000"));
    /* The driver's recovery: stop, reset, start. */
    port_up(a, 0);
    dma(a, false, 11, 1, DATA);
    ck_assert_uint_eq(qtest_readb(a->t->qts, DATA), pattern(11, 0));
    ah_stop(a);
}
END_TEST

/* --- migration ---------------------------------------------------------- */

START_TEST(test_migration_mid_transfer)
{
    Ah *a = ah_start(NULL);
    g_autofree char *args = disk_args(a, NULL);
    uint8_t buf[128 * SECTOR];
    uint32_t len = sizeof(buf);
    uint64_t addr = DATA;
    PsQTest *dst;

    port_up(a, 0);
    wp(a, 0, PX_IE, R_PXIS_DHRS_MASK);
    /* A 64 KiB read issued and migrated before anyone looks at it. */
    build_cmd(a, 0, ATA_READ_DMA_EXT, 1000, 128, false, 1, &addr, &len);
    wp(a, 0, A_PXCI, 1);
    dst = ps_migrate(a->t, "presilicon", args);
    ps_qtest_quit(a->t);
    a->t = dst;
    ck_assert(wait_ci_clear(a, 0, 1));
    ck_assert(rp(a, 0, A_PXIS) & R_PXIS_DHRS_MASK);
    qtest_memread(a->t->qts, DATA, buf, sizeof(buf));
    check_sectors(buf, 1000, 128);
    /* The glue came along: PHY programmed, link up, the port runs. */
    ck_assert_uint_eq(rp(a, 0, A_PXPHYCR), PHY0(8));
    ck_assert_uint_eq(FIELD_EX32(rp(a, 0, A_PXSSTS), PXSSTS, DET), 3);
    dma(a, false, 7, 1, DATA);
    ck_assert_uint_eq(qtest_readb(a->t->qts, DATA + 1), pattern(7, 1));
    ah_stop(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dm816-ahci");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *disk = tcase_create("disk");
    TCase *bad = tcase_create("hostile");

    tcase_add_test(dt, test_fdt_node);
    tcase_add_test(dt, test_bare_has_no_models);
    tcase_add_test(dt, test_bare_device_is_placed);
    tcase_add_test(dt, test_refclk_property);
    tcase_add_test(dt, test_bad_options_named);
    tcase_add_test(regs, test_reset_values);
    tcase_add_test(regs, test_phy_and_pll);
    tcase_add_test(regs, test_phy_survives_hba_reset);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(disk, test_signature_and_identify);
    tcase_add_test(disk, test_dma_read_write);
    tcase_add_test(disk, test_scatter_gather);
    tcase_add_test(disk, test_ncq_reads);
    tcase_add_test(disk, test_ncq_after_aborted_command);
    tcase_add_test(disk, test_interrupt_line);
    tcase_add_test(disk, test_migration_mid_transfer);
    tcase_add_test(bad, test_wrong_and_reserved_mpy);
    tcase_add_test(bad, test_command_without_link);
    tcase_add_test(bad, test_subword_glue_writes);
    tcase_add_test(bad, test_prd_outside_memory);
    tcase_add_test(bad, test_lists_outside_memory);
    /* Check's 4 s default is short for a migration on a loaded 2-core box. */
    tcase_set_timeout(dt, 60);
    tcase_set_timeout(regs, 60);
    tcase_set_timeout(disk, 60);
    tcase_set_timeout(bad, 60);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, disk);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
