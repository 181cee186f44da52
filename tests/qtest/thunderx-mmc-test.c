/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX MMC (MIO_EMM): PCI identity and device-tree node, the
 * command/response flow against QEMU's sd-card, PIO through the data
 * buffers, external DMA (single buffer and scatter-gather FIFO, with and
 * without CMD23) checked byte for byte against the card's raw image,
 * MSI-X, reset, card removal, write protect, migration in the middle of a
 * transfer, and hostile programming (each must end in an error status and
 * a guest-error line, never a crash or a hang).
 *
 * The function sits at 00:02.0 of -M presilicon,bare=on with one sd-card
 * in slot 0, backed by a temporary raw image; it is programmed through
 * ECAM and BAR0 the way cavium.c does.
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qemu/bitops.h"
#include "qobject/qdict.h"
#include "standard-headers/linux/pci_regs.h"
#include "presilicon-qtest.h"
#include "hw/block/thunderx_mmc_regs.h"
#include "check-tap.h"
#include <libfdt.h>

#define ECAM        0x30000000ull
#define MMC_CFG     (ECAM + (2 << 15))          /* 00:02.0 */
#define BAR0        0x20000000ull
#define BAR4        0x20100000ull
#define RAM         0x40000000ull
#define BUF_A       (RAM + 0x100000)
#define BUF_B       (RAM + 0x200000)
#define BUF_C       (RAM + 0x300000)
#define NOWHERE     0x3f000000000ull            /* no memory here */
#define CARD_SIZE   (4 * 1024 * 1024)
#define BLK         512

typedef struct Mmc {
    PsQTest *t;
    char *img;
    char *args;
    uint16_t rca;
} Mmc;

/* Names built on the header's fields, short enough for a test line. */
#define INT(bit)    R_MIO_EMM_INT_##bit##_MASK
#define STS(bit)    R_MIO_EMM_RSP_STS_##bit##_MASK

static uint64_t csr(Mmc *m, uint32_t reg)
{
    return qtest_readq(m->t->qts, BAR0 + reg);
}

static void csr_w(Mmc *m, uint32_t reg, uint64_t val)
{
    qtest_writeq(m->t->qts, BAR0 + reg, val);
}

static uint32_t cfg_r(Mmc *m, uint32_t reg)
{
    return qtest_readl(m->t->qts, MMC_CFG + reg);
}

static void cfg_w(Mmc *m, uint32_t reg, uint32_t val)
{
    qtest_writel(m->t->qts, MMC_CFG + reg, val);
}

static uint8_t find_cap(Mmc *m, uint8_t id)
{
    uint8_t pos = cfg_r(m, PCI_CAPABILITY_LIST) & 0xff;

    while (pos) {
        uint32_t hdr = cfg_r(m, pos);

        if ((hdr & 0xff) == id) {
            return pos;
        }
        pos = (hdr >> 8) & 0xff;
    }
    return 0;
}

static void assert_log(Mmc *m, const char *needle)
{
    g_autofree char *log = ps_log_take(m->t);

    ck_assert_msg(strstr(log, needle), "no '%s' in log: %s", needle, log);
}

static void assert_no_log(Mmc *m)
{
    g_autofree char *log = ps_log_take(m->t);

    ck_assert_msg(!*log, "unexpected log: %s", log);
}

/* A raw card image of a known pattern: block n starts with n. */
static char *make_image(void)
{
    g_autofree uint8_t *data = g_malloc(CARD_SIZE);
    char *path = NULL;
    uint32_t x = 12345;
    int fd, i;

    for (i = 0; i < CARD_SIZE; i++) {
        x = x * 1103515245 + 12345;
        data[i] = x >> 16;
    }
    for (i = 0; i < CARD_SIZE / BLK; i++) {
        stl_be_p(data + i * BLK, i);
    }
    fd = g_file_open_tmp("thunderx-mmc-XXXXXX.img", &path, NULL);
    g_assert(fd >= 0);
    g_assert(write(fd, data, CARD_SIZE) == CARD_SIZE);
    close(fd);
    return path;
}

static uint8_t *image_read(Mmc *m, uint64_t off, size_t len)
{
    g_autofree char *all = NULL;
    size_t size;

    g_assert(g_file_get_contents(m->img, &all, &size, NULL));
    g_assert(size == CARD_SIZE && off + len <= size);
    return g_memdup2(all + off, len);
}

static void bars(Mmc *m)
{
    cfg_w(m, PCI_BASE_ADDRESS_0, BAR0);
    cfg_w(m, PCI_BASE_ADDRESS_0 + 4, 0);
    cfg_w(m, PCI_BASE_ADDRESS_4, BAR4);
    cfg_w(m, PCI_BASE_ADDRESS_4 + 4, 0);
    cfg_w(m, PCI_COMMAND, PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
}

static Mmc *mmc_start_opts(const char *dev_opts, const char *drive_opts)
{
    Mmc *m = g_new0(Mmc, 1);

    m->img = make_image();
    m->args = g_strdup_printf(
        "-m 256M -device thunderx-mmc,id=mmc,addr=02.0,dma-burst=8%s "
        "-drive if=none,id=card0,file=%s,format=raw,file.locking=off%s "
        "-device sd-card,id=sd0,drive=card0,bus=mmc.0",
        dev_opts, m->img, drive_opts);
    m->t = ps_qtest_start("presilicon,bare=on", "%s", m->args);
    bars(m);
    return m;
}

static Mmc *mmc_start(void)
{
    return mmc_start_opts("", "");
}

static void mmc_quit(Mmc *m)
{
    ps_qtest_quit(m->t);
    unlink(m->img);
    g_free(m->img);
    g_free(m->args);
    g_free(m);
}

/*
 * One MIO_EMM_CMD as cavium.c builds it: the XORs turn the eMMC default
 * types of the index into the wanted ones. Returns RSP_STS.
 */
static uint64_t cmd_full(Mmc *m, unsigned bus, unsigned idx, uint32_t arg,
                         unsigned cx, unsigned rx, unsigned words,
                         unsigned dbuf)
{
    uint64_t c = 0;

    c = FIELD_DP64(c, MIO_EMM_CMD, VAL, 1);
    c = FIELD_DP64(c, MIO_EMM_CMD, BUS_ID, bus);
    c = FIELD_DP64(c, MIO_EMM_CMD, IDX, idx);
    c = FIELD_DP64(c, MIO_EMM_CMD, ARG, arg);
    c = FIELD_DP64(c, MIO_EMM_CMD, CTYPE_XOR, cx);
    c = FIELD_DP64(c, MIO_EMM_CMD, RTYPE_XOR, rx);
    c = FIELD_DP64(c, MIO_EMM_CMD, OFFSET, words ? 64 - words : 0);
    c = FIELD_DP64(c, MIO_EMM_CMD, DBUF, dbuf);
    csr_w(m, A_MIO_EMM_CMD, c);
    return csr(m, A_MIO_EMM_RSP_STS);
}

static uint64_t cmd(Mmc *m, unsigned idx, uint32_t arg, unsigned cx,
                    unsigned rx)
{
    csr_w(m, A_MIO_EMM_INT, TXMMC_INT_ALL);
    return cmd_full(m, 0, idx, arg, cx, rx, 0, 0);
}

/* The 32 bits of a 48-bit response. */
static uint32_t rsp32(Mmc *m)
{
    return csr(m, A_MIO_EMM_RSP_LO) >> 8;
}

static void assert_ok(Mmc *m, uint64_t sts, unsigned idx)
{
    ck_assert_msg(!(sts & (STS(RSP_TIMEOUT) | STS(RSP_BAD_STS) |
                           STS(BLK_TIMEOUT) | STS(DBUF_ERR))),
                  "CMD%u failed: RSP_STS 0x%" PRIx64, idx, sts);
    ck_assert(sts & STS(CMD_DONE));
    ck_assert_uint_eq(FIELD_EX64(sts, MIO_EMM_RSP_STS, CMD_IDX), idx);
}

/* cvm_mmc_init_lowlevel() and the SD core's identification sequence. */
static void card_init(Mmc *m)
{
    uint64_t sts;
    int i;

    csr_w(m, A_MIO_EMM_CFG, 1);
    csr_w(m, A_MIO_EMM_STS_MASK, 0);
    sts = cmd(m, 0, 0, 0, 0);                        /* GO_IDLE */
    assert_ok(m, sts, 0);
    sts = cmd(m, 8, 0x1aa, 1, 0);                    /* SEND_IF_COND, R7 */
    assert_ok(m, sts, 8);
    ck_assert_uint_eq(rsp32(m) & 0xfff, 0x1aa);
    for (i = 0; i < 10; i++) {
        assert_ok(m, cmd(m, 55, 0, 0, 0), 55);
        sts = cmd(m, 41, 0x40ff8000, 0, 3);          /* R3: OCR */
        ck_assert_uint_eq(FIELD_EX64(sts, MIO_EMM_RSP_STS, RSP_TYPE), 3);
        if (rsp32(m) & BIT(31)) {
            break;
        }
        qtest_clock_step(m->t->qts, 1000000);        /* card power-up */
    }
    ck_assert(rsp32(m) & BIT(31));
    assert_ok(m, cmd(m, 2, 0, 0, 0), 2);             /* ALL_SEND_CID, R2 */
    assert_ok(m, cmd(m, 3, 0, 0, 0), 3);             /* R6 */
    m->rca = rsp32(m) >> 16;
    ck_assert_uint_ne(m->rca, 0);
    assert_ok(m, cmd(m, 7, m->rca << 16, 0, 0), 7);  /* SELECT */
    assert_ok(m, cmd(m, 16, BLK, 0, 0), 16);
    csr_w(m, A_MIO_EMM_INT, TXMMC_INT_ALL);
}

/* The words of data buffer n as BUF_DAT gives them, as bytes. */
static void buf_read(Mmc *m, unsigned n, uint8_t *out, unsigned len)
{
    unsigned i;

    csr_w(m, A_MIO_EMM_BUF_IDX, R_MIO_EMM_BUF_IDX_INC_MASK | (n << 6));
    for (i = 0; i < len; i += 8) {
        stq_be_p(out + i, csr(m, A_MIO_EMM_BUF_DAT));
    }
}

static void buf_write(Mmc *m, unsigned n, const uint8_t *in, unsigned len)
{
    unsigned i;

    csr_w(m, A_MIO_EMM_BUF_IDX, R_MIO_EMM_BUF_IDX_INC_MASK | (n << 6));
    for (i = 0; i < len; i += 8) {
        csr_w(m, A_MIO_EMM_BUF_DAT, ldq_be_p(in + i));
    }
}

static uint64_t dma_cfg(bool write, uint32_t bytes)
{
    uint64_t c = R_MIO_EMM_DMA_CFG_EN_MASK | R_MIO_EMM_DMA_CFG_ENDIAN_MASK;

    c = FIELD_DP64(c, MIO_EMM_DMA_CFG, RW, write);
    return FIELD_DP64(c, MIO_EMM_DMA_CFG, SIZE, bytes / 8 - 1);
}

static uint64_t emm_dma(bool write, unsigned blk, unsigned count, bool multi)
{
    uint64_t d = R_MIO_EMM_DMA_VAL_MASK;

    d = FIELD_DP64(d, MIO_EMM_DMA, RW, write);
    d = FIELD_DP64(d, MIO_EMM_DMA, MULTI, multi);
    d = FIELD_DP64(d, MIO_EMM_DMA, BLOCK_CNT, count);
    return FIELD_DP64(d, MIO_EMM_DMA, CARD_ADDR, blk * BLK);
}

/* Let the engine run until DMA_VAL drops (bounded); return RSP_STS. */
static uint64_t dma_wait(Mmc *m)
{
    uint64_t sts = csr(m, A_MIO_EMM_RSP_STS);
    int i;

    for (i = 0; i < 10000 && (sts & STS(DMA_VAL)); i++) {
        qtest_clock_step(m->t->qts, 1000);
        sts = csr(m, A_MIO_EMM_RSP_STS);
    }
    ck_assert_msg(!(sts & STS(DMA_VAL)), "DMA never finished");
    return sts;
}

/* cvm_mmc_dma_request() with one buffer (prepare_dma_single). */
static uint64_t dma_single(Mmc *m, bool write, unsigned blk, unsigned count,
                           uint64_t mem, bool multi)
{
    csr_w(m, A_MIO_EMM_INT, TXMMC_INT_ALL);
    csr_w(m, A_MIO_EMM_DMA_CFG, dma_cfg(write, count * BLK));
    csr_w(m, A_MIO_EMM_DMA_ADR, mem);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(write, blk, count, multi));
    return dma_wait(m);
}

static void mem_fill(Mmc *m, uint64_t addr, size_t len, uint8_t seed)
{
    g_autofree uint8_t *b = g_malloc(len);
    size_t i;

    for (i = 0; i < len; i++) {
        b[i] = seed + i * 7 + (i >> 9);
    }
    qtest_memwrite(m->t->qts, addr, b, len);
}

static void assert_mem_is_card(Mmc *m, uint64_t addr, uint64_t card_off,
                               size_t len)
{
    g_autofree uint8_t *img = image_read(m, card_off, len);
    g_autofree uint8_t *mem = g_malloc(len);

    qtest_memread(m->t->qts, addr, mem, len);
    ck_assert_mem_eq(mem, img, len);
}

START_TEST(test_pci_identity)
{
    Mmc *m = mmc_start();
    uint8_t msix;
    uint32_t size;

    ck_assert_uint_eq(cfg_r(m, PCI_VENDOR_ID), 0xa010177d);
    /* BAR0: 64-bit memory holding both CSR blocks. */
    cfg_w(m, PCI_COMMAND, 0);
    cfg_w(m, PCI_BASE_ADDRESS_0, 0xffffffff);
    size = cfg_r(m, PCI_BASE_ADDRESS_0);
    ck_assert_uint_eq(size & 0xf, PCI_BASE_ADDRESS_MEM_TYPE_64);
    ck_assert_uint_eq(~(size & ~0xfu) + 1, TXMMC_BAR0_SIZE);
    /* MSI-X: nine vectors (MIO_EMM_INT_VEC_E), table in BAR4. */
    msix = find_cap(m, PCI_CAP_ID_MSIX);
    ck_assert_uint_ne(msix, 0);
    ck_assert_uint_eq(((cfg_r(m, msix) >> 16) & 0x7ff) + 1,
                      TXMMC_NUM_VECTORS);
    ck_assert_uint_eq(cfg_r(m, msix + 4) & 7, TXMMC_MSIX_BAR);
    mmc_quit(m);
}
END_TEST

static void check_node(const void *fdt, int node)
{
    const fdt32_t *reg;
    int len, slot, n = 0;

    ck_assert_int_ge(node, 0);
    ck_assert_str_eq(fdt_get_name(fdt, fdt_parent_offset(fdt, node), NULL),
                     "pcie@30000000");
    ck_assert_str_eq(fdt_get_name(fdt, node, NULL), "mmc@2");
    reg = fdt_getprop(fdt, node, "reg", &len);
    ck_assert_int_eq(len, 20);
    ck_assert_uint_eq(fdt32_to_cpu(reg[0]), 0x1000);    /* devfn 2.0 */
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "#address-cells", 0), 1);
    ck_assert_uint_ne(ps_fdt_cell(fdt, node, "clocks", 0), 0);
    fdt_for_each_subnode(slot, fdt, node) {
        ck_assert_int_eq(fdt_node_check_compatible(fdt, slot, "mmc-slot"), 0);
        ck_assert_uint_eq(ps_fdt_cell(fdt, slot, "reg", 99), n);
        ck_assert_uint_eq(ps_fdt_cell(fdt, slot, "bus-width", 0), 4);
        ck_assert_ptr_nonnull(fdt_getprop(fdt, slot, "broken-cd", NULL));
        n++;
    }
    ck_assert_int_eq(n, 3);
}

START_TEST(test_dt_node)
{
    PsQTest *t = ps_qtest_start("presilicon", "-m 256M");
    g_autofree void *fdt = ps_dtb(t);
    g_autofree void *fdt2 = NULL;

    check_node(fdt, ps_fdt_node_by_compat(fdt, "cavium,thunder-8390-mmc"));
    ck_assert_uint_eq(qtest_readl(t->qts, MMC_CFG), 0xa010177d);
    ps_qtest_quit(t);
    /* Bare: nothing at 02.0 until -device adds it, node and all. */
    t = ps_qtest_start("presilicon,bare=on", "-m 256M");
    ck_assert_uint_eq(qtest_readl(t->qts, MMC_CFG), 0xffffffff);
    ps_qtest_quit(t);
    t = ps_qtest_start("presilicon,bare=on",
                       "-m 256M -device thunderx-mmc,addr=02.0");
    fdt2 = ps_dtb(t);
    check_node(fdt2, ps_fdt_node_by_compat(fdt2, "cavium,thunder-8390-mmc"));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_reset_values)
{
    Mmc *m = mmc_start();
    QDict *rsp;

    ck_assert_uint_eq(csr(m, A_MIO_EMM_STS_MASK), TXMMC_STS_MASK_RESET);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_RCA), TXMMC_RCA_RESET);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_DMA_FIFO_CFG),
                      R_MIO_EMM_DMA_FIFO_CFG_CLR_MASK);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_CFG), 0);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_RSP_STS), 0);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_INT), 0);
    /* Read-only, unknown and narrow writes change nothing and say so. */
    csr_w(m, A_MIO_EMM_RSP_STS, 5);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_RSP_STS), 0);
    assert_log(m, "read-only CSR 0x2060");
    csr_w(m, 0x2f00, 1);
    assert_log(m, "unknown CSR 0x2f00");
    qtest_writel(m->t->qts, BAR0 + A_MIO_EMM_WDOG, 1);
    assert_log(m, "take 64-bit writes");
    /* 32-bit reads see the halves. */
    ck_assert_uint_eq(qtest_readl(m->t->qts, BAR0 + A_MIO_EMM_STS_MASK),
                      TXMMC_STS_MASK_RESET);

    card_init(m);
    csr_w(m, A_MIO_EMM_INT_ENA_W1S, INT(CMD_DONE));
    csr_w(m, A_MIO_EMM_WDOG, 1234);
    rsp = qtest_qmp(m->t->qts, "{'execute': 'system_reset'}");
    qobject_unref(rsp);
    qtest_qmp_eventwait(m->t->qts, "RESET");
    bars(m);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_WDOG), 0);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_INT_ENA_W1S), 0);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_CFG), 0);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_RSP_STS), 0);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_RCA), TXMMC_RCA_RESET);
    /* The card was reset too: it identifies again. */
    card_init(m);
    /* MIO_EMM_CFG[BUS_ENA] = 0 resets the other CSRs. */
    csr_w(m, A_MIO_EMM_WDOG, 99);
    csr_w(m, A_MIO_EMM_CFG, 0);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_WDOG), 0);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_STS_MASK), TXMMC_STS_MASK_RESET);
    assert_no_log(m);
    mmc_quit(m);
}
END_TEST

START_TEST(test_command_response)
{
    Mmc *m = mmc_start();
    uint64_t sts, lo, hi;

    card_init(m);
    /* CMD9 (R2): the CSD in RSP_HI:RSP_LO, CRC and end bit last. */
    assert_ok(m, cmd(m, 7, 0, 0, 0), 7);             /* deselect */
    sts = cmd(m, 9, m->rca << 16, 0, 0);
    assert_ok(m, sts, 9);
    ck_assert_uint_eq(FIELD_EX64(sts, MIO_EMM_RSP_STS, RSP_TYPE), 2);
    ck_assert(sts & STS(RSP_VAL));
    hi = csr(m, A_MIO_EMM_RSP_HI);
    lo = csr(m, A_MIO_EMM_RSP_LO);
    ck_assert_uint_eq(lo & 1, 1);
    ck_assert_uint_eq(hi >> 62, 0);                  /* CSD version 1.0 */
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(CMD_DONE));
    ck_assert(!(csr(m, A_MIO_EMM_INT) & INT(BUF_DONE)));
    /* CMD7 selects and the host latches the RCA. */
    assert_ok(m, cmd(m, 7, m->rca << 16, 0, 0), 7);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_RCA), m->rca);
    /* CMD13: R1 with index, status (tran) and the CRC7 in RSP_LO. */
    sts = cmd(m, 13, m->rca << 16, 0, 0);
    assert_ok(m, sts, 13);
    lo = csr(m, A_MIO_EMM_RSP_LO);
    ck_assert_uint_eq((lo >> 40) & 0x3f, 13);
    ck_assert_uint_eq((rsp32(m) >> 9) & 0xf, 4);
    ck_assert_uint_eq(FIELD_EX64(sts, MIO_EMM_RSP_STS, BUS_ID), 0);
    /* An index the card does not know times out: CMD_ERR. */
    sts = cmd(m, 5, 0, 0, 0);
    ck_assert(sts & STS(RSP_TIMEOUT));
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(CMD_ERR));
    /* STS_MASK turns R1 status bits into RSP_BAD_STS (ILLEGAL_COMMAND). */
    csr_w(m, A_MIO_EMM_STS_MASK, BIT(22));
    sts = cmd(m, 13, m->rca << 16, 0, 0);
    ck_assert(sts & STS(RSP_BAD_STS));
    csr_w(m, A_MIO_EMM_STS_MASK, 0);
    /* ACMD51 (SCR, 8 bytes) into buffer 1 through OFFSET. */
    assert_ok(m, cmd(m, 55, m->rca << 16, 0, 0), 55);
    csr_w(m, A_MIO_EMM_INT, TXMMC_INT_ALL);
    sts = cmd_full(m, 0, 51, 0, 1, 1, 1, 1);
    assert_ok(m, sts, 51);
    ck_assert_uint_eq(FIELD_EX64(sts, MIO_EMM_RSP_STS, CMD_TYPE), 1);
    ck_assert(sts & STS(DBUF));
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(BUF_DONE));
    csr_w(m, A_MIO_EMM_BUF_IDX, (1 << 6));
    ck_assert_uint_eq(csr(m, A_MIO_EMM_BUF_DAT) >> 56 & 0xf, 2); /* v2+ */
    /* Another bus: no slot wired there. */
    csr_w(m, A_MIO_EMM_CFG, 0xf);
    sts = cmd_full(m, 3, 13, 0, 0, 0, 0, 0);
    ck_assert(sts & STS(RSP_TIMEOUT));
    ck_assert_uint_eq(FIELD_EX64(sts, MIO_EMM_RSP_STS, BUS_ID), 3);
    assert_log(m, "bus 3, which has no slot");
    mmc_quit(m);
}
END_TEST

START_TEST(test_pio_blocks)
{
    Mmc *m = mmc_start();
    uint8_t blk[BLK], back[BLK];
    g_autofree uint8_t *img = NULL;
    uint64_t sts;
    int i;

    card_init(m);
    /* CMD17: block 3 into buffer 0, read out word by word. */
    sts = cmd(m, 17, 3 * BLK, 0, 0);
    assert_ok(m, sts, 17);
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(BUF_DONE));
    buf_read(m, 0, blk, BLK);
    img = image_read(m, 3 * BLK, BLK);
    ck_assert_mem_eq(blk, img, BLK);
    /* CMD24: a pattern from buffer 0 to block 5. */
    for (i = 0; i < BLK; i++) {
        blk[i] = i ^ 0x5a;
    }
    buf_write(m, 0, blk, BLK);
    sts = cmd(m, 24, 5 * BLK, 0, 0);
    assert_ok(m, sts, 24);
    ck_assert_uint_eq(FIELD_EX64(sts, MIO_EMM_RSP_STS, CMD_TYPE), 2);
    g_free(img);
    img = image_read(m, 5 * BLK, BLK);
    ck_assert_mem_eq(img, blk, BLK);
    /* BUF_IDX auto-increment wraps over both buffers. */
    csr_w(m, A_MIO_EMM_BUF_IDX, R_MIO_EMM_BUF_IDX_INC_MASK | 127);
    csr(m, A_MIO_EMM_BUF_DAT);
    ck_assert_uint_eq(csr(m, A_MIO_EMM_BUF_IDX) & 0x7f, 0);
    buf_read(m, 0, back, BLK);
    ck_assert_mem_eq(back, blk, BLK);
    assert_no_log(m);
    mmc_quit(m);
}
END_TEST

static void dma_round_trip(bool multi)
{
    Mmc *m = mmc_start();
    g_autofree uint8_t *w = g_malloc(16 * BLK);
    uint64_t sts;

    card_init(m);
    /* Read 24 blocks from block 40. */
    sts = dma_single(m, false, 40, 24, BUF_A, multi);
    assert_ok(m, sts, multi ? 18 : 17);
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(DMA_DONE));
    ck_assert_uint_eq(FIELD_EX64(csr(m, A_MIO_EMM_DMA), MIO_EMM_DMA,
                                 BLOCK_CNT), 0);
    ck_assert(!(csr(m, A_MIO_EMM_DMA_CFG) & R_MIO_EMM_DMA_CFG_EN_MASK));
    assert_mem_is_card(m, BUF_A, 40 * BLK, 24 * BLK);
    /* Write 16 blocks at block 100, then read them back by PIO too. */
    mem_fill(m, BUF_B, 16 * BLK, multi ? 3 : 9);
    sts = dma_single(m, true, 100, 16, BUF_B, multi);
    assert_ok(m, sts, multi ? 25 : 24);
    assert_mem_is_card(m, BUF_B, 100 * BLK, 16 * BLK);
    qtest_memread(m->t->qts, BUF_B, w, 16 * BLK);
    assert_ok(m, cmd(m, 17, 115 * BLK, 0, 0), 17);
    {
        uint8_t blk[BLK];

        buf_read(m, 0, blk, BLK);
        ck_assert_mem_eq(blk, w + 15 * BLK, BLK);
    }
    /* The card is back in tran: CMD13 answers. */
    assert_ok(m, cmd(m, 13, m->rca << 16, 0, 0), 13);
    ck_assert_uint_eq((rsp32(m) >> 9) & 0xf, 4);
    assert_no_log(m);
    mmc_quit(m);
}

START_TEST(test_dma_single_blocks)
{
    dma_round_trip(false);
}
END_TEST

START_TEST(test_dma_multi_cmd23)
{
    dma_round_trip(true);
}
END_TEST

/* prepare_dma_sg(): the FIFO, one entry per segment, INTDIS on all but last. */
static void fifo_load(Mmc *m, bool write, const uint64_t *addr,
                      const uint32_t *len, int n)
{
    int i;

    csr_w(m, A_MIO_EMM_DMA_FIFO_CFG, 0);
    for (i = 0; i < n; i++) {
        uint64_t c = 0;

        c = FIELD_DP64(c, MIO_EMM_DMA_FIFO_CMD, RW, write);
        c = FIELD_DP64(c, MIO_EMM_DMA_FIFO_CMD, INTDIS, i + 1 != n);
        c = FIELD_DP64(c, MIO_EMM_DMA_FIFO_CMD, ENDIAN, 1);
        c = FIELD_DP64(c, MIO_EMM_DMA_FIFO_CMD, SIZE, len[i] / 8 - 1);
        csr_w(m, A_MIO_EMM_DMA_FIFO_ADR, addr[i]);
        csr_w(m, A_MIO_EMM_DMA_FIFO_CMD, c);
    }
}

START_TEST(test_dma_scatter_gather)
{
    Mmc *m = mmc_start();
    static const uint32_t len[3] = { 1024, 264, 2808 };   /* 8 blocks */
    const uint64_t addr[3] = { BUF_A + 0x1000, BUF_B + 8, BUF_C + 0x2000 };
    uint64_t sts, off = 0;
    int i;

    card_init(m);
    fifo_load(m, false, addr, len, 3);
    ck_assert_uint_eq(FIELD_EX64(csr(m, A_MIO_EMM_DMA_FIFO_CFG),
                                 MIO_EMM_DMA_FIFO_CFG, COUNT), 3);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(false, 7, 8, false));
    sts = dma_wait(m);
    assert_ok(m, sts, 17);
    for (i = 0; i < 3; i++) {
        assert_mem_is_card(m, addr[i], 7 * BLK + off, len[i]);
        off += len[i];
    }
    ck_assert_uint_eq(FIELD_EX64(csr(m, A_MIO_EMM_DMA_FIFO_CFG),
                                 MIO_EMM_DMA_FIFO_CFG, COUNT), 0);
    /* Only the last entry (INTDIS clear) raised DMA_INT[DONE]. */
    ck_assert_uint_eq(csr(m, A_MIO_EMM_DMA_INT), R_MIO_EMM_DMA_INT_DONE_MASK);
    csr_w(m, A_MIO_EMM_DMA_INT, 3);

    /* The same segments written back elsewhere, with new contents. */
    for (i = 0; i < 3; i++) {
        mem_fill(m, addr[i], len[i], 40 + i);
    }
    fifo_load(m, true, addr, len, 3);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(true, 200, 8, false));
    sts = dma_wait(m);
    assert_ok(m, sts, 24);
    for (i = 0, off = 0; i < 3; i++) {
        assert_mem_is_card(m, addr[i], 200 * BLK + off, len[i]);
        off += len[i];
    }
    csr_w(m, A_MIO_EMM_DMA_FIFO_CFG, R_MIO_EMM_DMA_FIFO_CFG_CLR_MASK);
    assert_no_log(m);
    mmc_quit(m);
}
END_TEST

/* The driver's ENDIAN=1 keeps byte order; ENDIAN=0 swaps each word. */
START_TEST(test_dma_byte_order)
{
    Mmc *m = mmc_start();
    g_autofree uint8_t *img = NULL;
    uint8_t mem[BLK];
    int i;

    card_init(m);
    csr_w(m, A_MIO_EMM_DMA_CFG,
          dma_cfg(false, BLK) & ~R_MIO_EMM_DMA_CFG_ENDIAN_MASK);
    csr_w(m, A_MIO_EMM_DMA_ADR, BUF_A);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(false, 9, 1, false));
    assert_ok(m, dma_wait(m), 17);
    img = image_read(m, 9 * BLK, BLK);
    qtest_memread(m->t->qts, BUF_A, mem, BLK);
    for (i = 0; i < BLK; i++) {
        ck_assert_uint_eq(mem[i], img[i ^ 7]);
    }
    mmc_quit(m);
}
END_TEST

/* Completions reach MSI-X: pending bits seen while the vectors are masked. */
START_TEST(test_msix)
{
    Mmc *m = mmc_start();
    uint8_t msix = find_cap(m, PCI_CAP_ID_MSIX);
    uint32_t pba = cfg_r(m, msix + 8) & ~7u;
    int v;

    cfg_w(m, msix, cfg_r(m, msix) | (PCI_MSIX_FLAGS_ENABLE << 16));
    for (v = 0; v < TXMMC_NUM_VECTORS; v++) {
        qtest_writel(m->t->qts, BAR4 + v * 16 + 12, 1);
    }
    card_init(m);
    /* Nothing enabled: no message, whatever happened. */
    ck_assert_uint_eq(qtest_readl(m->t->qts, BAR4 + pba), 0);
    /* The driver's int_enable(): clear, then enable. */
    csr_w(m, A_MIO_EMM_INT, INT(CMD_DONE) | INT(CMD_ERR));
    csr_w(m, A_MIO_EMM_INT_ENA_W1S, INT(CMD_DONE) | INT(CMD_ERR));
    cmd_full(m, 0, 13, m->rca << 16, 0, 0, 0, 0);
    ck_assert_uint_eq(qtest_readl(m->t->qts, BAR4 + pba), BIT(1));
    cmd_full(m, 0, 5, 0, 0, 0, 0, 0);                 /* times out */
    ck_assert_uint_eq(qtest_readl(m->t->qts, BAR4 + pba), BIT(1) | BIT(3));
    /* DMA completion on vector 2. */
    csr_w(m, A_MIO_EMM_INT_ENA_W1S, INT(DMA_DONE));
    dma_single(m, false, 0, 2, BUF_A, false);
    ck_assert(qtest_readl(m->t->qts, BAR4 + pba) & BIT(2));
    /* MIO_EMM_DMA_INT[DONE] on vector 8 once enabled. */
    csr_w(m, A_MIO_EMM_DMA_INT_W1S, R_MIO_EMM_DMA_INT_DONE_MASK);
    ck_assert(!(qtest_readl(m->t->qts, BAR4 + pba) & BIT(8)));
    csr_w(m, A_MIO_EMM_DMA_INT_ENA_W1S, R_MIO_EMM_DMA_INT_DONE_MASK);
    ck_assert(qtest_readl(m->t->qts, BAR4 + pba) & BIT(8));
    mmc_quit(m);
}
END_TEST

START_TEST(test_bad_dma)
{
    Mmc *m = mmc_start();
    uint64_t sts;
    int i;

    card_init(m);
    /* BLOCK_CNT 0. */
    sts = dma_single(m, false, 0, 0, BUF_A, false);
    ck_assert(sts & STS(DBUF_ERR));
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(DMA_ERR));
    assert_log(m, "BLOCK_CNT 0");
    /* Memory that is not there. */
    sts = dma_single(m, false, 0, 4, NOWHERE, false);
    ck_assert(sts & STS(DBUF_ERR));
    ck_assert(sts & STS(DMA_PEND));
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(DMA_ERR));
    assert_log(m, "no memory there");
    /* cleanup_dma(): VAL + DAT_NULL unwinds the engine. */
    csr_w(m, A_MIO_EMM_INT, TXMMC_INT_ALL);
    csr_w(m, A_MIO_EMM_DMA, csr(m, A_MIO_EMM_DMA) |
          R_MIO_EMM_DMA_VAL_MASK | R_MIO_EMM_DMA_DAT_NULL_MASK);
    ck_assert(!(csr(m, A_MIO_EMM_RSP_STS) & STS(DMA_PEND)));
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(DMA_DONE));
    /* A huge block count with one block of memory. */
    csr_w(m, A_MIO_EMM_DMA_CFG, dma_cfg(true, BLK));
    csr_w(m, A_MIO_EMM_DMA_ADR, BUF_A);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(true, 0, 0xffff, true));
    sts = dma_wait(m);
    ck_assert(sts & STS(DBUF_ERR));
    ck_assert_uint_eq(FIELD_EX64(csr(m, A_MIO_EMM_DMA), MIO_EMM_DMA,
                                 BLOCK_CNT), 0xfffe);
    assert_log(m, "ran out of memory buffers");
    csr_w(m, A_MIO_EMM_DMA, R_MIO_EMM_DMA_VAL_MASK |
          R_MIO_EMM_DMA_DAT_NULL_MASK);
    /* Buffers larger than RAM, across its end. */
    csr_w(m, A_MIO_EMM_DMA_CFG, dma_cfg(false, 8 * 1024 * 1024));
    csr_w(m, A_MIO_EMM_DMA_ADR, RAM + 256 * 1024 * 1024 - 1024);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(false, 0, 8, false));
    sts = dma_wait(m);
    ck_assert(sts & STS(DBUF_ERR));
    assert_log(m, "no memory there");
    /* Misaligned address, direction mismatch. */
    csr_w(m, A_MIO_EMM_DMA_CFG, dma_cfg(false, BLK));
    csr_w(m, A_MIO_EMM_DMA_ADR, BUF_A + 4);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(false, 0, 1, false));
    ck_assert(dma_wait(m) & STS(DBUF_ERR));
    assert_log(m, "not 8-byte aligned");
    csr_w(m, A_MIO_EMM_DMA_CFG, dma_cfg(true, BLK));
    csr_w(m, A_MIO_EMM_DMA_ADR, BUF_A);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(false, 0, 1, false));
    ck_assert(dma_wait(m) & STS(DBUF_ERR));
    assert_log(m, "does not match the read transfer");
    /* The FIFO holds 16 entries; a cleared FIFO takes none. */
    csr_w(m, A_MIO_EMM_DMA_FIFO_CFG, 0);
    for (i = 0; i < TXMMC_FIFO_DEPTH + 1; i++) {
        csr_w(m, A_MIO_EMM_DMA_FIFO_ADR, BUF_A);
        csr_w(m, A_MIO_EMM_DMA_FIFO_CMD, 63ULL << 36);
    }
    assert_log(m, "FIFO is full");
    ck_assert_uint_eq(FIELD_EX64(csr(m, A_MIO_EMM_DMA_FIFO_CFG),
                                 MIO_EMM_DMA_FIFO_CFG, COUNT), 16);
    csr_w(m, A_MIO_EMM_DMA_FIFO_CFG, R_MIO_EMM_DMA_FIFO_CFG_CLR_MASK);
    csr_w(m, A_MIO_EMM_DMA_FIFO_CMD, 63ULL << 36);
    assert_log(m, "FIFO is cleared");
    /* The card still works. */
    assert_ok(m, dma_single(m, false, 1, 1, BUF_A, false), 17);
    assert_mem_is_card(m, BUF_A, BLK, BLK);
    mmc_quit(m);
}
END_TEST

START_TEST(test_bad_commands)
{
    Mmc *m = mmc_start();
    uint64_t sts;

    card_init(m);
    /* Reserved command type through CTYPE_XOR. */
    sts = cmd(m, 13, 0, 3, 0);
    ck_assert(sts & STS(RSP_TIMEOUT));
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(CMD_ERR));
    assert_log(m, "reserved command type");
    sts = cmd(m, 13, 0, 0, 7);
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(CMD_ERR));
    assert_log(m, "reserved 6");
    /* A read where the card sends no data: BLK_TIMEOUT. */
    sts = cmd(m, 13, m->rca << 16, 1, 0);
    ck_assert(sts & STS(BLK_TIMEOUT));
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(CMD_ERR));
    /* Block length 0 and huge, then a read: an error, no hang. */
    cmd(m, 16, 0, 0, 0);
    cmd(m, 17, 0, 0, 0);
    cmd(m, 16, 0xffffffff, 0, 0);
    cmd(m, 17, 0, 0, 0);
    ps_log_take(m->t);
    assert_ok(m, cmd(m, 16, BLK, 0, 0), 16);
    /* A disabled bus. */
    csr_w(m, A_MIO_EMM_CFG, 2);
    sts = cmd(m, 13, m->rca << 16, 0, 0);
    ck_assert(sts & STS(RSP_TIMEOUT));
    assert_log(m, "disabled in MIO_EMM_CFG");
    /*
     * A data command there with no response to wait for (RTYPE_XOR):
     * nothing sends data, BLK_TIMEOUT (found by fuzzing: it crashed).
     */
    sts = cmd(m, 17, 0, 0, 1);
    ck_assert(sts & STS(BLK_TIMEOUT));
    assert_log(m, "disabled in MIO_EMM_CFG");
    csr_w(m, A_MIO_EMM_CFG, 1);
    /* SWITCH_EXE is not modelled: a switch error, not a hang. */
    csr_w(m, A_MIO_EMM_SWITCH, R_MIO_EMM_SWITCH_EXE_MASK);
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(SWITCH_ERR));
    ck_assert(csr(m, A_MIO_EMM_SWITCH) & R_MIO_EMM_SWITCH_ERR0_MASK);
    ck_assert(!(csr(m, A_MIO_EMM_RSP_STS) & STS(SWITCH_VAL)));
    mmc_quit(m);
}
END_TEST

/* Writes in the middle of a DMA: refused with a log, data still right. */
START_TEST(test_writes_mid_transfer)
{
    Mmc *m = mmc_start();
    uint64_t sts;

    card_init(m);
    csr_w(m, A_MIO_EMM_DMA_CFG, dma_cfg(false, 64 * BLK));
    csr_w(m, A_MIO_EMM_DMA_ADR, BUF_A);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(false, 10, 64, false));
    qtest_clock_step(m->t->qts, 2000);
    ck_assert(csr(m, A_MIO_EMM_RSP_STS) & STS(DMA_VAL));
    csr_w(m, A_MIO_EMM_CMD, R_MIO_EMM_CMD_VAL_MASK | (13ULL << 32));
    assert_log(m, "MIO_EMM_CMD[VAL] written while a DMA runs");
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(CMD_ERR));
    csr_w(m, A_MIO_EMM_DMA, emm_dma(true, 0, 1, false));
    assert_log(m, "MIO_EMM_DMA[VAL] written while a DMA runs");
    csr_w(m, A_MIO_EMM_DMA_ADR, NOWHERE);
    csr_w(m, A_MIO_EMM_DMA_CFG, dma_cfg(true, BLK));
    csr_w(m, A_MIO_EMM_SWITCH, 0);
    assert_log(m, "during a DMA transfer ignored");
    sts = dma_wait(m);
    assert_ok(m, sts, 17);
    assert_mem_is_card(m, BUF_A, 10 * BLK, 64 * BLK);
    /* MIO_EMM_DMA_CFG[CLR] aborts: DMA_ERR, the rest untouched. */
    mem_fill(m, BUF_B, 64 * BLK, 0);
    csr_w(m, A_MIO_EMM_INT, TXMMC_INT_ALL);
    csr_w(m, A_MIO_EMM_DMA_CFG, dma_cfg(false, 64 * BLK));
    csr_w(m, A_MIO_EMM_DMA_ADR, BUF_B);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(false, 10, 64, false));
    qtest_clock_step(m->t->qts, 1000);
    csr_w(m, A_MIO_EMM_DMA_CFG, R_MIO_EMM_DMA_CFG_CLR_MASK);
    sts = csr(m, A_MIO_EMM_RSP_STS);
    ck_assert(!(sts & STS(DMA_VAL)));
    ck_assert(sts & STS(DMA_PEND));
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(DMA_ERR));
    ck_assert_uint_eq(FIELD_EX64(csr(m, A_MIO_EMM_DMA), MIO_EMM_DMA,
                                 BLOCK_CNT), 56);
    qtest_clock_step(m->t->qts, 100000);
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(DMA_ERR));
    assert_mem_is_card(m, BUF_B, 10 * BLK, 8 * BLK);
    mmc_quit(m);
}
END_TEST

static void qmp_ok(Mmc *m, const char *cmd_json)
{
    QDict *rsp = qtest_qmp(m->t->qts, cmd_json);

    ck_assert_msg(!qdict_haskey(rsp, "error"), "QMP %s failed", cmd_json);
    qobject_unref(rsp);
}

START_TEST(test_card_removal)
{
    Mmc *m = mmc_start();
    g_autofree char *change = NULL;
    uint64_t sts;

    card_init(m);
    csr_w(m, A_MIO_EMM_DMA_CFG, dma_cfg(false, 64 * BLK));
    csr_w(m, A_MIO_EMM_DMA_ADR, BUF_A);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(false, 0, 64, false));
    qtest_clock_step(m->t->qts, 2000);
    qmp_ok(m, "{'execute': 'eject', 'arguments': {'id': 'sd0', "
              "'force': true}}");
    sts = dma_wait(m);
    ck_assert(sts & (STS(RSP_TIMEOUT) | STS(BLK_TIMEOUT)));
    ck_assert(sts & STS(DMA_PEND));
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(DMA_ERR));
    csr_w(m, A_MIO_EMM_DMA, R_MIO_EMM_DMA_VAL_MASK |
          R_MIO_EMM_DMA_DAT_NULL_MASK);
    /* The empty slot answers nothing. */
    sts = cmd(m, 13, m->rca << 16, 0, 0);
    ck_assert(sts & STS(RSP_TIMEOUT));
    /* A new card: identified from scratch, data readable. */
    change = g_strdup_printf("{'execute': 'blockdev-change-medium', "
                             "'arguments': {'id': 'sd0', 'filename': '%s', "
                             "'format': 'raw'}}", m->img);
    qmp_ok(m, change);
    card_init(m);
    assert_ok(m, dma_single(m, false, 30, 8, BUF_A, false), 17);
    assert_mem_is_card(m, BUF_A, 30 * BLK, 8 * BLK);
    mmc_quit(m);
}
END_TEST

static void check_write_protect(Mmc *m)
{
    g_autofree uint8_t *before = image_read(m, 6 * BLK, 8 * BLK);
    g_autofree uint8_t *after = NULL;
    uint64_t sts;

    card_init(m);
    /* PIO: the R1 says WP_VIOLATION; STS_MASK makes it an error. */
    csr_w(m, A_MIO_EMM_STS_MASK, TXMMC_STS_MASK_RESET);
    sts = cmd(m, 24, 6 * BLK, 0, 0);
    ck_assert(sts & STS(RSP_BAD_STS));
    ck_assert(rsp32(m) & BIT(26));
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(CMD_ERR));
    /* DMA: the same, and nothing reaches the card. */
    mem_fill(m, BUF_A, 8 * BLK, 77);
    sts = dma_single(m, true, 7, 7, BUF_A, false);
    ck_assert(sts & STS(RSP_BAD_STS));
    ck_assert(csr(m, A_MIO_EMM_INT) & INT(DMA_ERR));
    after = image_read(m, 6 * BLK, 8 * BLK);
    ck_assert_mem_eq(before, after, 8 * BLK);
    /* Reads still work. */
    assert_ok(m, dma_single(m, false, 6, 8, BUF_B, false), 17);
    assert_mem_is_card(m, BUF_B, 6 * BLK, 8 * BLK);
}

START_TEST(test_write_protect)
{
    Mmc *m = mmc_start_opts(",wp-mask=1", "");

    check_write_protect(m);
    mmc_quit(m);
    /* Only the slots named in the mask. */
    m = mmc_start_opts(",wp-mask=6", "");
    card_init(m);
    mem_fill(m, BUF_A, 2 * BLK, 5);
    assert_ok(m, dma_single(m, true, 7, 2, BUF_A, false), 24);
    assert_mem_is_card(m, BUF_A, 7 * BLK, 2 * BLK);
    mmc_quit(m);
}
END_TEST

START_TEST(test_migration_mid_transfer)
{
    Mmc *m = mmc_start();
    Mmc *d;
    g_autofree uint8_t *w = g_malloc(64 * BLK);
    uint64_t sts;

    card_init(m);
    /* A read and, after it, a write, each cut by the migration. */
    csr_w(m, A_MIO_EMM_INT_ENA_W1S, INT(DMA_DONE));
    csr_w(m, A_MIO_EMM_DMA_CFG, dma_cfg(false, 128 * BLK));
    csr_w(m, A_MIO_EMM_DMA_ADR, BUF_A);
    csr_w(m, A_MIO_EMM_DMA, emm_dma(false, 100, 128, false));
    qtest_clock_step(m->t->qts, 3000);
    sts = csr(m, A_MIO_EMM_RSP_STS);
    ck_assert(sts & STS(DMA_VAL));

    d = g_new0(Mmc, 1);
    d->img = g_strdup(m->img);
    d->args = g_strdup(m->args);
    d->rca = m->rca;
    d->t = ps_migrate(m->t, "presilicon,bare=on", m->args);
    ps_qtest_quit(m->t);
    g_free(m->img);
    g_free(m->args);
    g_free(m);
    bars(d);

    ck_assert(csr(d, A_MIO_EMM_RSP_STS) & STS(DMA_VAL));
    sts = dma_wait(d);
    assert_ok(d, sts, 17);
    ck_assert(csr(d, A_MIO_EMM_INT) & INT(DMA_DONE));
    assert_mem_is_card(d, BUF_A, 100 * BLK, 128 * BLK);
    /* The card and host go on: a write on the destination. */
    mem_fill(d, BUF_B, 64 * BLK, 21);
    assert_ok(d, dma_single(d, true, 300, 64, BUF_B, false), 24);
    assert_mem_is_card(d, BUF_B, 300 * BLK, 64 * BLK);
    assert_no_log(d);
    mmc_quit(d);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("thunderx-mmc");
    TCase *pci = tcase_create("pci");
    TCase *card = tcase_create("card");
    TCase *dma = tcase_create("dma");
    TCase *bad = tcase_create("bad-input");

    tcase_add_test(pci, test_pci_identity);
    tcase_add_test(pci, test_dt_node);
    tcase_add_test(pci, test_reset_values);
    tcase_add_test(pci, test_msix);
    tcase_add_test(card, test_command_response);
    tcase_add_test(card, test_pio_blocks);
    tcase_add_test(card, test_card_removal);
    tcase_add_test(card, test_write_protect);
    tcase_add_test(dma, test_dma_single_blocks);
    tcase_add_test(dma, test_dma_multi_cmd23);
    tcase_add_test(dma, test_dma_scatter_gather);
    tcase_add_test(dma, test_dma_byte_order);
    tcase_add_test(dma, test_migration_mid_transfer);
    tcase_add_test(bad, test_bad_dma);
    tcase_add_test(bad, test_bad_commands);
    tcase_add_test(bad, test_writes_mid_transfer);
    /* Migrations need more than Check's 4 s on a loaded machine. */
    tcase_set_timeout(pci, 60);
    tcase_set_timeout(card, 60);
    tcase_set_timeout(dma, 60);
    tcase_set_timeout(bad, 60);
    suite_add_tcase(s, pci);
    suite_add_tcase(s, card);
    suite_add_tcase(s, dma);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
