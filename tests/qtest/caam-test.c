/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NXP CAAM: device-tree node, the registers the caam driver probes, RNG4
 * instantiation through DECO 0, known-answer jobs through a job ring
 * (NIST SP 800-38A AES, FIPS 180 SHA, RFC 2202/4231 HMAC), malformed
 * descriptors and ring programming, ring wrap, interrupt coalescing and
 * a migration with jobs queued.
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "presilicon-qtest.h"
#include "hw/crypto/caam_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* Where docs/board.md places the board's CAAM (slot 30). */
#define CAAM_BASE   0x101e0000ull
#define CAAM_PATH   "/machine/caam"
#define JR0         (CAAM_BASE + CAAM_JR_PAGE(0))
#define DECO        (CAAM_BASE + CAAM_DECO_PAGE)

#define RAM         0x40000000ull
#define IRING       (RAM + 0x100000)
#define ORING       (RAM + 0x101000)
#define DESC        (RAM + 0x102000)    /* job descriptors, 0x100 apart */
#define SHDESC      (RAM + 0x110000)
#define SRC         (RAM + 0x120000)
#define DST         (RAM + 0x130000)
#define NOWHERE     0x1fff0000ull       /* the PCIe I/O window: not RAM */

typedef struct Desc {
    uint32_t w[64];
    unsigned n;
} Desc;

static void put(Desc *d, uint32_t w)
{
    g_assert(d->n < 64);
    d->w[d->n++] = w;
}

static void put_ptr(Desc *d, uint64_t p)
{
    put(d, p);
    put(d, p >> 32);
}

static void put_bytes(Desc *d, const uint8_t *b, unsigned len)
{
    for (unsigned i = 0; i < len; i += 4) {
        uint8_t t[4] = { 0 };

        memcpy(t, b + i, MIN(4, len - i));
        put(d, ldl_le_p(t));
    }
}

static void hdr(Desc *d, unsigned cmd, uint32_t opts)
{
    d->w[0] = CAAM_CMD_WORD(cmd) | CAAM_HDR_ONE | opts | d->n;
}

static void write_desc(QTestState *qts, uint64_t addr, Desc *d)
{
    for (unsigned i = 0; i < d->n; i++) {
        qtest_writel(qts, addr + 4 * i, d->w[i]);
    }
}

static void hex(const char *s, uint8_t *out)
{
    for (size_t i = 0; s[2 * i]; i++) {
        sscanf(s + 2 * i, "%2hhx", &out[i]);
    }
}

static uint32_t jr_rd(PsQTest *t, uint32_t reg)
{
    return qtest_readl(t->qts, JR0 + reg);
}

static void jr_wr(PsQTest *t, uint32_t reg, uint32_t v)
{
    qtest_writel(t->qts, JR0 + reg, v);
}

/* Start the board with job ring 0 set up as jr.c does (size entries). */
static PsQTest *start(unsigned size, const char *extra)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", extra);

    qtest_irq_intercept_out_named(t->qts, CAAM_PATH, "sysbus-irq");
    qtest_writeq(t->qts, JR0 + A_IRBA_LO, IRING);
    qtest_writeq(t->qts, JR0 + A_ORBA_LO, ORING);
    jr_wr(t, A_IRS, size);
    jr_wr(t, A_ORS, size);
    return t;
}

/* Queue the job at desc in the input ring's next slot (slot). */
static void enqueue(PsQTest *t, unsigned slot, uint64_t desc)
{
    qtest_writeq(t->qts, IRING + 8 * slot, desc);
    jr_wr(t, A_IRJA, 1);
}

/* Output ring entry slot: 64-bit descriptor pointer, 32-bit status. */
static uint32_t out_status(PsQTest *t, unsigned slot, uint64_t *desc)
{
    if (desc) {
        *desc = qtest_readq(t->qts, ORING + 12 * slot);
    }
    return qtest_readl(t->qts, ORING + 12 * slot + 8);
}

/* Run one job at DESC through an otherwise idle ring; its status. */
static uint32_t run_job(PsQTest *t, Desc *job)
{
    unsigned slot = jr_rd(t, A_IRRI);
    uint64_t desc;
    uint32_t st;

    write_desc(t->qts, DESC, job);
    enqueue(t, slot, DESC);
    qtest_clock_step(t->qts, 10000);
    ck_assert_uint_eq(jr_rd(t, A_ORSF), 1);
    st = out_status(t, slot, &desc);
    ck_assert_uint_eq(desc, DESC);
    ck_assert_uint_eq(jr_rd(t, A_JRSTA), st);
    jr_wr(t, A_ORJR, 1);
    jr_wr(t, A_JRINT, R_JRINT_JR_INT_MASK);
    return st;
}

/* ---- device tree ---- */

static void check_caam_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size;
    int jr, n = 0, len;
    const fdt32_t *ranges;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, CAAM_MMIO_SIZE);
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "#address-cells", 0), 1);
    ck_assert_uint_eq(ps_fdt_cell(fdt, node, "#size-cells", 0), 1);
    ranges = fdt_getprop(fdt, node, "ranges", &len);
    ck_assert_int_eq(len, 16);
    ck_assert_uint_eq(fdt32_to_cpu(ranges[0]), 0);
    ck_assert_uint_eq(((uint64_t)fdt32_to_cpu(ranges[1]) << 32) |
                      fdt32_to_cpu(ranges[2]), base);
    ck_assert_uint_eq(fdt32_to_cpu(ranges[3]), CAAM_MMIO_SIZE);
    /* The controller raises nothing here; each job ring has its SPI. */
    ck_assert_ptr_null(fdt_getprop(fdt, node, "interrupts", NULL));
    fdt_for_each_subnode(jr, fdt, node) {
        const fdt32_t *reg = fdt_getprop(fdt, jr, "reg", &len);
        const fdt32_t *irq;

        ck_assert_int_eq(fdt_node_check_compatible(fdt, jr,
                                                   "fsl,sec-v4.0-job-ring"),
                         0);
        ck_assert_int_eq(len, 8);
        ck_assert_uint_eq(fdt32_to_cpu(reg[0]), CAAM_JR_PAGE(n));
        ck_assert_uint_eq(fdt32_to_cpu(reg[1]), CAAM_PAGE_SIZE);
        irq = fdt_getprop(fdt, jr, "interrupts", &len);
        ck_assert_int_eq(len, 12);
        ck_assert_uint_eq(fdt32_to_cpu(irq[0]), 0);     /* SPI */
        ck_assert_uint_eq(fdt32_to_cpu(irq[2]), 4);     /* level high */
        n++;
    }
    ck_assert_int_eq(n, CAAM_NUM_JR);
}

START_TEST(test_fdt_node)
{
    ps_check_builtin_node("fsl,sec-v4.0", CAAM_BASE, check_caam_node);
}
END_TEST

START_TEST(test_bare_has_no_models)
{
    ps_check_bare_has_no_node("fsl,sec-v4.0", CAAM_BASE + A_CTPR_MS);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    uint64_t base;
    PsQTest *t = ps_start_bare_device("caam", "fsl,sec-v4.0",
                                      check_caam_node, &base);

    ck_assert_uint_eq(qtest_readl(t->qts, base + A_CTPR_MS),
                      R_CTPR_MS_PS_MASK);
    ps_qtest_quit(t);
}
END_TEST

/* ---- probe registers ---- */

START_TEST(test_probe_registers)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *log = NULL;
    uint64_t pages[] = { CAAM_BASE, JR0, CAAM_BASE + CAAM_JR_PAGE(1) };

    for (int i = 0; i < ARRAY_SIZE(pages); i++) {
        QTestState *q = t->qts;
        uint64_t p = pages[i];

        /* Little endian (no PLEND), pointers up to 64 bits, 4K pages. */
        ck_assert_uint_eq(qtest_readl(q, p + A_CSTA), 0);
        ck_assert_uint_eq(qtest_readl(q, p + A_CTPR_MS), R_CTPR_MS_PS_MASK);
        ck_assert_uint_eq(qtest_readl(q, p + A_CTPR_LS), 0);  /* no blob */
        ck_assert_uint_eq(qtest_readl(q, p + A_CCBVID) >> 24, 8);  /* Era */
        /* AES HP, DES, MD HP, RNG4: one each */
        ck_assert_uint_eq(qtest_readl(q, p + A_CHAVID_LS), 0x42014);
        ck_assert_uint_eq(qtest_readl(q, p + A_CHANUM_LS), 0x11011);
        ck_assert_uint_eq(qtest_readl(q, p + A_CHANUM_MS), 0x21000000);
        ck_assert_uint_eq(qtest_readl(q, p + A_CAAMVID_MS) >> 16, 0x0a16);
    }
    /* MCFGR[LONG_PTR] is set at reset and kept by the driver's update. */
    ck_assert_uint_eq(qtest_readl(t->qts, CAAM_BASE + A_MCFGR),
                      R_MCFGR_LONG_PTR_MASK);
    qtest_writel(t->qts, CAAM_BASE + A_MCFGR, R_MCFGR_LONG_PTR_MASK |
                 R_MCFGR_WDENABLE_MASK | R_MCFGR_LARGE_BURST_MASK | 0x300);
    ck_assert_uint_eq(qtest_readl(t->qts, CAAM_BASE + A_MCFGR),
                      R_MCFGR_LONG_PTR_MASK | R_MCFGR_WDENABLE_MASK |
                      R_MCFGR_LARGE_BURST_MASK | 0x300);
    /* The job ring's 64-bit base registers, as rd_reg64 reads them. */
    qtest_writeq(t->qts, JR0 + A_IRBA_LO, 0x123456789abcdef0ull);
    ck_assert_uint_eq(qtest_readq(t->qts, JR0 + A_IRBA_LO),
                      0x123456789abcdef0ull);
    ck_assert_uint_eq(jr_rd(t, A_IRBA_HI), 0x12345678);
    jr_wr(t, A_IRS, 256);
    ck_assert_uint_eq(jr_rd(t, A_IRSA), 256);
    ck_assert_uint_eq(qtest_readl(t->qts, CAAM_BASE + A_RDSTA), 0);
    log = ps_log_take(t);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bad_accesses)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *log = NULL;

    qtest_writel(t->qts, CAAM_BASE + A_CTPR_MS, 0);
    ck_assert_uint_eq(qtest_readl(t->qts, CAAM_BASE + A_CTPR_MS),
                      R_CTPR_MS_PS_MASK);
    qtest_writel(t->qts, CAAM_BASE + A_RDSTA, 0xffffffff);
    ck_assert_uint_eq(qtest_readl(t->qts, CAAM_BASE + A_RDSTA), 0);
    ck_assert_uint_eq(qtest_readl(t->qts, CAAM_BASE + 0x6000), 0);
    jr_wr(t, A_IRRI, 5);
    ck_assert_uint_eq(jr_rd(t, A_IRRI), 0);
    qtest_writeb(t->qts, CAAM_BASE + A_MCFGR, 0);
    /* TRNG limits outside program mode are refused. */
    qtest_writel(t->qts, CAAM_BASE + A_RTMCTL, 0);
    qtest_writel(t->qts, CAAM_BASE + A_RTFRQMIN, 7);
    ck_assert_uint_eq(qtest_readl(t->qts, CAAM_BASE + A_RTFRQMIN), 0x640);
    log = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(log, "read-only version register"));
    ck_assert_ptr_nonnull(strstr(log, "register 0x6c0 is read-only"));
    ck_assert_ptr_nonnull(strstr(log, "which the model does not have"));
    ck_assert_ptr_nonnull(strstr(log, "invalid size"));
    ck_assert_ptr_nonnull(strstr(log, "outside program mode"));
    ps_qtest_quit(t);
}
END_TEST

/* ---- RNG4 through DECO 0, as ctrl.c instantiates it ---- */

static void rng_inst_desc(Desc *d, int handle, bool sk)
{
    d->n = 1;
    put(d, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS1 |
        (CAAM_ALG_RNG << 16) | (handle << 4) | (CAAM_AS_INIT << 2) |
        CAAM_OP_PR_ON);
    if (sk) {
        put(d, CAAM_CMD_WORD(CAAM_CMD_JUMP) | CAAM_CLASS_1 | 1);
        put(d, CAAM_CMD_WORD(CAAM_CMD_LOAD) | CAAM_LDST_IMM |
            (CAAM_LDST_CLRW << 16) | 4);
        put(d, 1);
        put(d, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS1 |
            (CAAM_ALG_RNG << 16) | (CAAM_AAI_RNG4_SK << 4));
    }
    put(d, CAAM_CMD_WORD(CAAM_CMD_JUMP) | CAAM_CLASS_1 |
        (CAAM_JUMP_TYPE_HALT << CAAM_JUMP_TYPE_SHIFT));
    hdr(d, CAAM_CMD_DESC_HDR, 0);
}

static uint32_t deco_run(PsQTest *t, Desc *d)
{
    QTestState *q = t->qts;

    qtest_writel(q, CAAM_BASE + A_DECORR, R_DECORR_RQD0ENABLE_MASK);
    ck_assert(qtest_readl(q, CAAM_BASE + A_DECORR) & R_DECORR_DEN0_MASK);
    for (unsigned i = 0; i < d->n; i++) {
        qtest_writel(q, DECO + A_DECO_DESCBUF + 4 * i, d->w[i]);
    }
    qtest_writel(q, DECO + A_DECO_JRCTL_HI, R_DECO_JRCTL_HI_WHL_MASK |
                 (d->n >= 4 ? R_DECO_JRCTL_HI_FOUR_MASK : 0));
    ck_assert_uint_eq(qtest_readl(q, DECO + A_DECO_DBG) &
                      R_DECO_DBG_VALID_MASK, 0);
    qtest_writel(q, CAAM_BASE + A_DECORR, 0);
    return qtest_readl(q, DECO + A_DECO_OPSTA_HI);
}

static void rng_instantiate(PsQTest *t)
{
    Desc d = { .n = 1 };

    rng_inst_desc(&d, 0, true);
    ck_assert_uint_eq(deco_run(t, &d), 0x70000000);
    rng_inst_desc(&d, 1, false);
    ck_assert_uint_eq(deco_run(t, &d), 0x70000000);
}

START_TEST(test_rng_instantiate)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    QTestState *q = t->qts;
    g_autofree char *log = NULL;
    Desc d = { .n = 1 };

    /* kick_trng(): program mode, limits, run mode. */
    qtest_writel(q, CAAM_BASE + A_RTMCTL, R_RTMCTL_PRGM_MASK |
                 R_RTMCTL_ACC_MASK | 1);
    qtest_writel(q, CAAM_BASE + A_RTFRQMIN, 3200 >> 2);
    qtest_writel(q, CAAM_BASE + A_RTSDCTL, (3200 << 16) | 512);
    qtest_writel(q, CAAM_BASE + A_RTMCTL, 1);
    ck_assert_uint_eq(qtest_readl(q, CAAM_BASE + A_RTSDCTL),
                      (3200 << 16) | 512);
    ck_assert_uint_eq(qtest_readl(q, CAAM_BASE + A_RTFRQMIN), 800);

    rng_instantiate(t);
    ck_assert_uint_eq(qtest_readl(q, CAAM_BASE + A_RDSTA),
                      R_RDSTA_SKVN_MASK | 0x33);
    log = ps_log_take(t);
    ck_assert_str_eq(log, "");

    /* Again: the handle and the secure keys exist, CCB RNG errors. */
    rng_inst_desc(&d, 0, false);
    ck_assert_uint_eq(deco_run(t, &d), 0x20000153);
    /* Uninstantiate handle 1, then it is gone. */
    d.n = 1;
    put(&d, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS1 |
        (CAAM_ALG_RNG << 16) | (1 << 4) | (CAAM_AS_INITFINAL << 2));
    put(&d, CAAM_CMD_WORD(CAAM_CMD_JUMP) | CAAM_CLASS_1 |
        (CAAM_JUMP_TYPE_HALT << CAAM_JUMP_TYPE_SHIFT));
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(deco_run(t, &d), 0x70000000);
    ck_assert_uint_eq(qtest_readl(q, CAAM_BASE + A_RDSTA),
                      R_RDSTA_SKVN_MASK | 0x11);
    log = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(log, "already instantiated"));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_rng_fail_injection)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s",
                                "-global caam.fail-rng=on");
    Desc d = { .n = 1 };

    rng_inst_desc(&d, 0, true);
    ck_assert_uint_eq(deco_run(t, &d), 0x20000153);
    ck_assert_uint_eq(qtest_readl(t->qts, CAAM_BASE + A_RDSTA), 0);
    ps_qtest_quit(t);
}
END_TEST

/* caamrng.c's job: OPERATION RNG, FIFO STORE of RNG data. */
START_TEST(test_rng_job)
{
    PsQTest *t = start(4, "");
    Desc d = { .n = 1 };
    uint8_t out[64], zero[64] = { 0 };

    rng_instantiate(t);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS1 |
        (CAAM_ALG_RNG << 16) | CAAM_OP_PR_ON);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_FIFO_STORE) |
        (CAAM_FIFOST_TYPE_RNGSTORE << 16) | sizeof(out));
    put_ptr(&d, DST);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d), 0);
    qtest_memread(t->qts, DST, out, sizeof(out));
    ck_assert_int_ne(memcmp(out, zero, sizeof(out)), 0);
    ps_qtest_quit(t);
}
END_TEST

/* ---- AES through a shared descriptor, as caamalg's skcipher ---- */

static const char *nist_key = "2b7e151628aed2a6abf7158809cf4f3c";
static const char *nist_pt = "6bc1bee22e409f96e93d7e117393172a"
                             "ae2d8a571e03ac9c9eb76fac45af8e51";

/*
 * Shared: KEY, SEQ LOAD IV into context at ivoff, OPERATION, VSIL/VSOL
 * from SEQINLEN, SEQ FIFO LOAD/STORE (VLF), SEQ STORE the next IV.
 * Job: reverse order, SEQ OUT PTR, SEQ IN PTR (IV then data).
 */
static uint32_t aes_job(PsQTest *t, unsigned aai, bool enc, const char *key,
                        const char *iv, const uint8_t *in, unsigned len,
                        uint8_t *out, uint8_t *ivout)
{
    Desc sh = { .n = 1 }, job = { .n = 1 };
    uint8_t k[32], v[16] = { 0 };
    unsigned klen = strlen(key) / 2, ivlen = iv ? 16 : 0;
    unsigned ivoff = aai == CAAM_AAI_CTR_MOD128 ? 16 : 0;
    uint32_t st;

    hex(key, k);
    if (iv) {
        hex(iv, v);
    }
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_KEY) | CAAM_CLASS_1 | CAAM_KEY_IMM |
        klen);
    put_bytes(&sh, k, klen);
    if (ivlen) {
        put(&sh, CAAM_CMD_WORD(CAAM_CMD_SEQ_LOAD) | CAAM_CLASS_1 |
            (CAAM_LDST_CTX << 16) | (ivoff << 8) | ivlen);
    }
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS1 |
        (CAAM_ALG_AES << 16) | (aai << 4) | (CAAM_AS_INITFINAL << 2) |
        (enc ? CAAM_OP_ENCRYPT : 0));
    /* MATH: VSOL = SEQINLEN - REG0, VSIL = SEQINLEN - REG0 */
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_MATH) | (CAAM_MATH_FUN_SUB << 20) |
        (CAAM_MATH_SRC0_SEQINLEN << 16) | (0 << 12) |
        (CAAM_MATH_DEST_VSEQOUTLEN << 8) | 4);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_MATH) | (CAAM_MATH_FUN_SUB << 20) |
        (CAAM_MATH_SRC0_SEQINLEN << 16) | (0 << 12) |
        (CAAM_MATH_DEST_VSEQINLEN << 8) | 4);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_1 |
        CAAM_FIFO_SGF | ((CAAM_FIFOLD_TYPE_MSG | CAAM_FIFOLD_LAST1) << 16));
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_STORE) | CAAM_FIFO_SGF |
        (CAAM_FIFOST_TYPE_MSG << 16));
    if (ivlen) {
        put(&sh, CAAM_CMD_WORD(CAAM_CMD_SEQ_STORE) | CAAM_CLASS_1 |
            (CAAM_LDST_CTX << 16) | (ivoff << 8) | ivlen);
    }
    hdr(&sh, CAAM_CMD_SHARED_HDR, 1 << CAAM_HDR_START_IDX_SHIFT);
    write_desc(t->qts, SHDESC, &sh);

    put_ptr(&job, SHDESC);
    put(&job, CAAM_CMD_WORD(CAAM_CMD_SEQ_OUT_PTR) | (len + ivlen));
    put_ptr(&job, DST);
    put(&job, CAAM_CMD_WORD(CAAM_CMD_SEQ_IN_PTR) | (len + ivlen));
    put_ptr(&job, SRC);
    hdr(&job, CAAM_CMD_DESC_HDR, CAAM_HDR_SHARED | CAAM_HDR_REVERSE |
        (sh.n << CAAM_HDR_START_IDX_SHIFT));
    qtest_memwrite(t->qts, SRC, v, ivlen);
    qtest_memwrite(t->qts, SRC + ivlen, in, len);
    st = run_job(t, &job);
    qtest_memread(t->qts, DST, out, len);
    if (ivout) {
        qtest_memread(t->qts, DST + len, ivout, ivlen);
    }
    return st;
}

START_TEST(test_aes_cbc_kat)
{
    PsQTest *t = start(4, "");
    uint8_t pt[32], ct[32], want[32], out[32], iv[16];

    /* SP 800-38A F.2.1 / F.2.2, CBC-AES128 */
    hex(nist_pt, pt);
    hex("7649abac8119b246cee98e9b12e9197d"
        "5086cb9b507219ee95db113a917678b2", want);
    ck_assert_uint_eq(aes_job(t, CAAM_AAI_CBC, true, nist_key,
                              "000102030405060708090a0b0c0d0e0f", pt, 32,
                              ct, iv), 0);
    ck_assert_mem_eq(ct, want, 32);
    ck_assert_mem_eq(iv, want + 16, 16);    /* the next IV: last block */
    ck_assert_uint_eq(aes_job(t, CAAM_AAI_CBC, false, nist_key,
                              "000102030405060708090a0b0c0d0e0f", ct, 32,
                              out, iv), 0);
    ck_assert_mem_eq(out, pt, 32);
    ck_assert_mem_eq(iv, want + 16, 16);
    ps_qtest_quit(t);
}
END_TEST

/* The same CBC job with both sequences in gather tables (caamalg's S/G). */
START_TEST(test_aes_cbc_scatter_gather)
{
    PsQTest *t = start(4, "");
    uint8_t pt[32], want[32], out[32], k[16], iv[16];
    Desc sh = { .n = 1 }, job = { .n = 1 };
    uint64_t itab = RAM + 0x140000, otab = RAM + 0x141000;
    /* input: IV (16) | pt 0..4 | pt 5..31, with an EXT entry between */
    struct { uint64_t addr; uint32_t len; } in[] = {
        { SRC, 16 }, { SRC + 0x100, 5 }, { SRC + 0x200, 27 } };
    /* output: ct 0..19 | ct 20..31 and the IV */
    struct { uint64_t addr; uint32_t len; } outs[] = {
        { DST, 20 }, { DST + 0x100, 28 } };

    hex(nist_key, k);
    hex(nist_pt, pt);
    hex("000102030405060708090a0b0c0d0e0f", iv);
    hex("7649abac8119b246cee98e9b12e9197d"
        "5086cb9b507219ee95db113a917678b2", want);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_KEY) | CAAM_CLASS_1 | CAAM_KEY_IMM | 16);
    put_bytes(&sh, k, 16);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_SEQ_LOAD) | CAAM_CLASS_1 |
        (CAAM_LDST_CTX << 16) | 16);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS1 |
        (CAAM_ALG_AES << 16) | (CAAM_AAI_CBC << 4) | CAAM_OP_ENCRYPT);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_1 |
        ((CAAM_FIFOLD_TYPE_MSG | CAAM_FIFOLD_LAST1) << 16) | 32);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_STORE) |
        (CAAM_FIFOST_TYPE_MSG << 16) | 32);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_SEQ_STORE) | CAAM_CLASS_1 |
        (CAAM_LDST_CTX << 16) | 16);
    hdr(&sh, CAAM_CMD_SHARED_HDR, 1 << CAAM_HDR_START_IDX_SHIFT);
    write_desc(t->qts, SHDESC, &sh);

    /* Table entries: pointer, length (EXT, FIN), offset. */
    qtest_writeq(t->qts, itab, in[0].addr);
    qtest_writel(t->qts, itab + 8, in[0].len);
    qtest_writeq(t->qts, itab + 16, itab + 0x800 - 8);  /* EXT, offset 8 */
    qtest_writel(t->qts, itab + 24, 1u << 31);
    qtest_writel(t->qts, itab + 28, 8);
    qtest_writeq(t->qts, itab + 0x800, in[1].addr);
    qtest_writel(t->qts, itab + 0x808, in[1].len);
    qtest_writeq(t->qts, itab + 0x810, in[2].addr);
    qtest_writel(t->qts, itab + 0x818, in[2].len | (1u << 30));
    for (int i = 0; i < 2; i++) {
        qtest_writeq(t->qts, otab + 16 * i, outs[i].addr);
        qtest_writel(t->qts, otab + 16 * i + 8,
                     outs[i].len | (i ? 1u << 30 : 0));
    }
    qtest_memwrite(t->qts, in[0].addr, iv, 16);
    qtest_memwrite(t->qts, in[1].addr, pt, 5);
    qtest_memwrite(t->qts, in[2].addr, pt + 5, 27);

    put_ptr(&job, SHDESC);
    put(&job, CAAM_CMD_WORD(CAAM_CMD_SEQ_OUT_PTR) | CAAM_SQ_SGF | 48);
    put_ptr(&job, otab);
    put(&job, CAAM_CMD_WORD(CAAM_CMD_SEQ_IN_PTR) | CAAM_SQ_SGF | 48);
    put_ptr(&job, itab);
    hdr(&job, CAAM_CMD_DESC_HDR, CAAM_HDR_SHARED | CAAM_HDR_REVERSE);
    ck_assert_uint_eq(run_job(t, &job), 0);
    qtest_memread(t->qts, DST, out, 20);
    qtest_memread(t->qts, DST + 0x100, out + 20, 12);
    ck_assert_mem_eq(out, want, 32);
    qtest_memread(t->qts, DST + 0x100 + 12, out, 16);
    ck_assert_mem_eq(out, want + 16, 16);

    /* A table that ends before the sequence's length: LINKLEN */
    qtest_writel(t->qts, itab + 0x818, 3 | (1u << 30));
    ck_assert_uint_eq(run_job(t, &job) & 0xf00000ff, 0x40000001);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_aes_ecb_ctr_kat)
{
    PsQTest *t = start(4, "");
    uint8_t pt[32], want[32], out[32], ctr[16];

    hex(nist_pt, pt);
    /* F.1.1 ECB-AES128 */
    hex("3ad77bb40d7a3660a89ecaf32466ef97"
        "f5d3d58503b9699de785895a96fdbaaf", want);
    ck_assert_uint_eq(aes_job(t, CAAM_AAI_ECB, true, nist_key, NULL, pt, 32,
                              out, NULL), 0);
    ck_assert_mem_eq(out, want, 32);
    /* F.5.1 CTR-AES128, the last block cut to 7 bytes */
    hex("874d6191b620e3261bef6864990db6ce"
        "9806f66b7970fdff8617187bb9fffdff", want);
    ck_assert_uint_eq(aes_job(t, CAAM_AAI_CTR_MOD128, true, nist_key,
                              "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", pt, 23,
                              out, ctr), 0);
    ck_assert_mem_eq(out, want, 23);
    ck_assert_uint_eq(ctr[15], 0x01);   /* counter advanced twice */
    ck_assert_uint_eq(ctr[14], 0xff);
    ps_qtest_quit(t);
}
END_TEST

/* ---- hashes, as caamhash's digest ---- */

static uint32_t hash_job(PsQTest *t, unsigned alg, const char *key,
                         const char *msg, uint8_t *out, unsigned dlen)
{
    Desc d = { .n = 1 };
    unsigned len = strlen(msg);

    if (key) {
        put(&d, CAAM_CMD_WORD(CAAM_CMD_KEY) | CAAM_CLASS_2 | CAAM_KEY_IMM |
            strlen(key));
        put_bytes(&d, (const uint8_t *)key, strlen(key));
    }
    put(&d, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS2 |
        (alg << 16) | ((key ? CAAM_AAI_HMAC : CAAM_AAI_HASH) << 4) |
        (CAAM_AS_INITFINAL << 2) | CAAM_OP_ENCRYPT);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_OUT_PTR) | dlen);
    put_ptr(&d, DST);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_IN_PTR) | len);
    put_ptr(&d, SRC);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_MATH) | (CAAM_MATH_FUN_ADD << 20) |
        (CAAM_MATH_SRC0_SEQINLEN << 16) | (0 << 12) |
        (CAAM_MATH_DEST_VSEQINLEN << 8) | 4);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_2 |
        CAAM_FIFO_SGF | ((CAAM_FIFOLD_TYPE_MSG | CAAM_FIFOLD_LAST2) << 16));
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_STORE) | CAAM_CLASS_2 |
        (CAAM_LDST_CTX << 16) | dlen);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    qtest_memwrite(t->qts, SRC, msg, len);
    qtest_memset(t->qts, DST, 0, 64);
    {
        uint32_t st = run_job(t, &d);

        qtest_memread(t->qts, DST, out, dlen);
        return st;
    }
}

START_TEST(test_hash_kat)
{
    PsQTest *t = start(8, "");
    uint8_t out[32], want[32];

    hex("a9993e364706816aba3e25717850c26c9cd0d89d", want);
    ck_assert_uint_eq(hash_job(t, CAAM_ALG_SHA1, NULL, "abc", out, 20), 0);
    ck_assert_mem_eq(out, want, 20);
    hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        want);
    ck_assert_uint_eq(hash_job(t, CAAM_ALG_SHA256, NULL, "abc", out, 32), 0);
    ck_assert_mem_eq(out, want, 32);
    /* RFC 2202 test 2, RFC 4231 test 2 */
    hex("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79", want);
    ck_assert_uint_eq(hash_job(t, CAAM_ALG_SHA1, "Jefe",
                               "what do ya want for nothing?", out, 20), 0);
    ck_assert_mem_eq(out, want, 20);
    hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        want);
    ck_assert_uint_eq(hash_job(t, CAAM_ALG_SHA256, "Jefe",
                               "what do ya want for nothing?", out, 32), 0);
    ck_assert_mem_eq(out, want, 32);
    ps_qtest_quit(t);
}
END_TEST

/* ---- the driver's longer programs: stores before their data ---- */

static void put_op(Desc *d, uint32_t type, unsigned alg, unsigned aai,
                   unsigned as, uint32_t flags)
{
    put(d, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | type | (alg << 16) |
        (aai << 4) | (as << 2) | flags);
}

static void put_seqs(Desc *d, unsigned inlen, unsigned outlen)
{
    put(d, CAAM_CMD_WORD(CAAM_CMD_SEQ_OUT_PTR) | outlen);
    put_ptr(d, DST);
    put(d, CAAM_CMD_WORD(CAAM_CMD_SEQ_IN_PTR) | inlen);
    put_ptr(d, SRC);
}

/*
 * GCM as cnstr_shdsc_gcm_encap/decap and init_gcm_job build it: the IV
 * is loaded before the OPERATION, the FIFO STORE of the text before the
 * load that produces it, the tag stored from (or checked against) the
 * class 1 context. Input: AAD || text (|| tag to check).
 */
static uint32_t gcm_job(PsQTest *t, bool enc, const uint8_t *key,
                        const uint8_t *iv, unsigned alen, unsigned tlen)
{
    Desc d = { .n = 1 };

    put_seqs(&d, alen + tlen + (enc ? 0 : 16), alen + tlen + (enc ? 16 : 0));
    put(&d, CAAM_CMD_WORD(CAAM_CMD_FIFO_LOAD) | CAAM_CLASS_1 |
        CAAM_FIFO_IMM | ((CAAM_FIFOLD_TYPE_IV | 1) << 16) | 12);
    put_bytes(&d, iv, 12);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_KEY) | CAAM_CLASS_1 | CAAM_KEY_IMM | 16);
    put_bytes(&d, key, 16);
    put_op(&d, CAAM_OP_TYPE_CLASS1, CAAM_ALG_AES, CAAM_AAI_GCM,
           CAAM_AS_INITFINAL, enc ? CAAM_OP_ENCRYPT : CAAM_OP_ICV);
    /* skip the AAD in the output; the AAD to GHASH */
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_STORE) |
        (CAAM_FIFOST_TYPE_SKIP << 16) | alen);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_1 |
        ((CAAM_FIFOLD_TYPE_AAD | 1) << 16) | alen);
    /* the store first: it waits for the text the load makes */
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_STORE) |
        (CAAM_FIFOST_TYPE_MSG << 16) | tlen);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_1 |
        ((CAAM_FIFOLD_TYPE_MSG | (enc ? CAAM_FIFOLD_LAST1 : 1)) << 16) |
        tlen);
    if (enc) {
        put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_STORE) | CAAM_CLASS_1 |
            (CAAM_LDST_CTX << 16) | 16);
    } else {
        put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_1 |
            ((CAAM_FIFOLD_TYPE_ICV | CAAM_FIFOLD_LAST1) << 16) | 16);
    }
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    return run_job(t, &d);
}

START_TEST(test_aes_gcm_kat)
{
    PsQTest *t = start(4, "");
    uint8_t key[16], iv[12], in[20 + 60 + 16], want[60 + 16], out[96];
    g_autofree char *log = NULL;

    /* The GCM specification's test case 4 (AES-128, 20 bytes of AAD) */
    hex("feffe9928665731c6d6a8f9467308308", key);
    hex("cafebabefacedbaddecaf888", iv);
    hex("feedfacedeadbeeffeedfacedeadbeefabaddad2"
        "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
        "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39", in);
    hex("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
        "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
        "5bc94fbc3221a5db94fae95ae7121a47", want);
    qtest_memwrite(t->qts, SRC, in, 80);
    ck_assert_uint_eq(gcm_job(t, true, key, iv, 20, 60), 0);
    qtest_memread(t->qts, DST, out, 96);
    ck_assert_mem_eq(out + 20, want, 76);

    /* Decrypt with the tag: the plaintext back, and status 0 */
    memcpy(in + 20, want, 76);
    qtest_memwrite(t->qts, SRC, in, 96);
    qtest_memset(t->qts, DST, 0, 96);
    ck_assert_uint_eq(gcm_job(t, false, key, iv, 20, 60), 0);
    qtest_memread(t->qts, DST + 20, out, 60);
    hex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
        "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39", in);
    ck_assert_mem_eq(out, in, 60);

    /* A wrong tag: the AES CHA's ICV check error, not a guest error */
    qtest_writeb(t->qts, SRC + 20 + 60 + 15, want[75] ^ 1);
    ck_assert_uint_eq(gcm_job(t, false, key, iv, 20, 60) & 0xf00000ff,
                      0x2000001a);
    log = ps_log_take(t);
    ck_assert_ptr_null(strstr(log, "ICV"));
    ps_qtest_quit(t);
}
END_TEST

/* One class 1 job: KEY, context at 0x20 (XTS) or 0 (IV), whole input. */
static uint32_t c1_job(PsQTest *t, unsigned alg, unsigned aai, bool enc,
                       const char *key, const char *ctx, unsigned ctxoff,
                       unsigned len)
{
    Desc d = { .n = 1 };
    uint8_t k[64], c[16];
    unsigned klen = strlen(key) / 2, clen = ctx ? strlen(ctx) / 2 : 0;

    hex(key, k);
    put_seqs(&d, len, len);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_KEY) | CAAM_CLASS_1 | CAAM_KEY_IMM |
        klen);
    put_bytes(&d, k, klen);
    if (clen) {
        hex(ctx, c);
        put(&d, CAAM_CMD_WORD(CAAM_CMD_LOAD) | CAAM_CLASS_1 | CAAM_LDST_IMM |
            (CAAM_LDST_CTX << 16) | (ctxoff << 8) | clen);
        put_bytes(&d, c, clen);
    }
    put_op(&d, CAAM_OP_TYPE_CLASS1, alg, aai, CAAM_AS_INITFINAL,
           enc ? CAAM_OP_ENCRYPT : 0);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_1 |
        ((CAAM_FIFOLD_TYPE_MSG | CAAM_FIFOLD_LAST1) << 16) | len);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_STORE) |
        (CAAM_FIFOST_TYPE_MSG << 16) | len);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    return run_job(t, &d);
}

START_TEST(test_des_xts_cmac_kat)
{
    PsQTest *t = start(8, "");
    uint8_t in[32], out[32], want[32];

    /* DES: the classic 0123456789abcdef under 133457799bbcdff1 */
    hex("0123456789abcdef", in);
    qtest_memwrite(t->qts, SRC, in, 8);
    ck_assert_uint_eq(c1_job(t, CAAM_ALG_DES, CAAM_AAI_ECB, true,
                             "133457799bbcdff1", NULL, 0, 8), 0);
    qtest_memread(t->qts, DST, out, 8);
    hex("85e813540f0ab405", want);
    ck_assert_mem_eq(out, want, 8);
    /* 3DES-CBC, SP 800-67 style: K1 K2 K3, one block, back again */
    qtest_memwrite(t->qts, SRC, want, 8);
    ck_assert_uint_eq(c1_job(t, CAAM_ALG_3DES, CAAM_AAI_CBC, true,
                             "0123456789abcdef23456789abcdef01"
                             "456789abcdef0123", "0000000000000000", 0, 8),
                      0);
    qtest_memread(t->qts, DST, out, 8);
    qtest_memwrite(t->qts, SRC, out, 8);
    ck_assert_uint_eq(c1_job(t, CAAM_ALG_3DES, CAAM_AAI_CBC, false,
                             "0123456789abcdef23456789abcdef01"
                             "456789abcdef0123", "0000000000000000", 0, 8),
                      0);
    qtest_memread(t->qts, DST, out, 8);
    ck_assert_mem_eq(out, want, 8);
    /* A DES key of the wrong size: the DES CHA's key size error */
    ck_assert_uint_eq(c1_job(t, CAAM_ALG_DES, CAAM_AAI_ECB, true,
                             "0123456789abcdef01", NULL, 0, 8) & 0xf00000ff,
                      0x20000023);

    /* IEEE 1619 XTS-AES-128 vector 1: zero keys, sector 0, zero data */
    memset(in, 0, 32);
    qtest_memwrite(t->qts, SRC, in, 32);
    ck_assert_uint_eq(c1_job(t, CAAM_ALG_AES, CAAM_AAI_XTS, true,
                             "00000000000000000000000000000000"
                             "00000000000000000000000000000000",
                             "0000000000000000", 0x20, 32), 0);
    qtest_memread(t->qts, DST, out, 32);
    hex("917cf69ebd68b2ec9b9fe9a3eadda692cd43d2f59598ed858c02c2652fbf922e",
        want);
    ck_assert_mem_eq(out, want, 32);
    /* 17 bytes: ciphertext stealing round trip */
    hex("000102030405060708090a0b0c0d0e0f10", in);
    qtest_memwrite(t->qts, SRC, in, 17);
    ck_assert_uint_eq(c1_job(t, CAAM_ALG_AES, CAAM_AAI_XTS, true,
                             "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0"
                             "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
                             "9a78563412000000", 0x20, 17), 0);
    qtest_memread(t->qts, DST, out, 17);
    ck_assert(memcmp(out, in, 17));
    qtest_memwrite(t->qts, SRC, out, 17);
    ck_assert_uint_eq(c1_job(t, CAAM_ALG_AES, CAAM_AAI_XTS, false,
                             "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0"
                             "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
                             "9a78563412000000", 0x20, 17), 0);
    qtest_memread(t->qts, DST, out, 17);
    ck_assert_mem_eq(out, in, 17);

    /* RFC 4493 example 2: AES-CMAC of one block, in context bytes 0-15 */
    {
        Desc d = { .n = 1 };

        hex(nist_key, want);
        hex(nist_pt, in);
        qtest_memwrite(t->qts, SRC, in, 16);
        put_seqs(&d, 16, 16);
        put(&d, CAAM_CMD_WORD(CAAM_CMD_KEY) | CAAM_CLASS_1 | CAAM_KEY_IMM |
            16);
        put_bytes(&d, want, 16);
        put_op(&d, CAAM_OP_TYPE_CLASS1, CAAM_ALG_AES, CAAM_AAI_CMAC,
               CAAM_AS_INITFINAL, CAAM_OP_ENCRYPT);
        put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_1 |
            ((CAAM_FIFOLD_TYPE_MSG | CAAM_FIFOLD_LAST1) << 16) | 16);
        put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_STORE) | CAAM_CLASS_1 |
            (CAAM_LDST_CTX << 16) | 16);
        hdr(&d, CAAM_CMD_DESC_HDR, 0);
        ck_assert_uint_eq(run_job(t, &d), 0);
        qtest_memread(t->qts, DST, out, 16);
        hex("070a16b46b4d4144f79bdd9dd04a287c", want);
        ck_assert_mem_eq(out, want, 16);
    }
    ps_qtest_quit(t);
}
END_TEST

/*
 * caamhash's steps: INIT over whole blocks saves the running context,
 * UPDATE and FINALIZE start from it; the result equals one pass. HMAC
 * from a DKP split key (the driver's Era 6+ path), checked against
 * RFC 4231, and an ICV check that fails (authenc decryption).
 */
static uint32_t md_step(PsQTest *t, unsigned alg, unsigned aai, unsigned as,
                        const uint8_t *msg, unsigned len, bool import,
                        unsigned ctxlen, const char *dkp_key,
                        const uint8_t *icv, unsigned icvlen)
{
    Desc d = { .n = 1 };
    unsigned inlen = (import ? ctxlen : 0) + len + icvlen;

    put_seqs(&d, inlen, ctxlen);
    if (dkp_key) {
        unsigned kl = strlen(dkp_key), sl = 2 * (alg == CAAM_ALG_SHA256 ?
                                                32 : 20);

        put(&d, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_UNI_PCL |
            ((CAAM_OP_PCLID_DKP_MD5 + alg - CAAM_ALG_MD5) << 16) | kl);
        put_bytes(&d, (const uint8_t *)dkp_key, kl);
        /* room for the split key, as append_proto_dkp reserves it */
        for (unsigned i = DIV_ROUND_UP(kl, 4); i < DIV_ROUND_UP(sl, 4); i++) {
            put(&d, 0);
        }
    }
    if (import) {
        put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_LOAD) | CAAM_CLASS_2 |
            (CAAM_LDST_CTX << 16) | ctxlen);
    }
    /* authenc decryption checks the ICV: OP_ALG_DECRYPT | OP_ALG_ICV_ON */
    put_op(&d, CAAM_OP_TYPE_CLASS2, alg, aai, as,
           icvlen ? CAAM_OP_ICV : CAAM_OP_ENCRYPT);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_2 |
        ((CAAM_FIFOLD_TYPE_MSG | CAAM_FIFOLD_LAST2) << 16) | len);
    if (icvlen) {
        put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_2 |
            ((CAAM_FIFOLD_TYPE_ICV | CAAM_FIFOLD_LAST2) << 16) | icvlen);
    }
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_STORE) | CAAM_CLASS_2 |
        (CAAM_LDST_CTX << 16) | ctxlen);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    /* input: the saved context (from the last job's output), msg, ICV */
    if (import) {
        uint8_t ctx[72];

        qtest_memread(t->qts, DST, ctx, ctxlen);
        qtest_memwrite(t->qts, SRC, ctx, ctxlen);
    }
    qtest_memwrite(t->qts, SRC + (import ? ctxlen : 0), msg, len);
    if (icvlen) {
        qtest_memwrite(t->qts, SRC + (import ? ctxlen : 0) + len, icv,
                       icvlen);
    }
    return run_job(t, &d);
}

START_TEST(test_hash_steps_and_dkp)
{
    PsQTest *t = start(16, "");
    uint8_t msg[200], out[64], want[64];
    const char *jefe = "what do ya want for nothing?";

    for (int i = 0; i < 200; i++) {
        msg[i] = i * 7 + 1;
    }
    /* one pass */
    ck_assert_uint_eq(md_step(t, CAAM_ALG_SHA256, CAAM_AAI_HASH,
                              CAAM_AS_INITFINAL, msg, 200, false, 32, NULL,
                              NULL, 0), 0);
    qtest_memread(t->qts, DST, want, 32);
    /* INIT 64, UPDATE 128, FINALIZE 8: contexts of 32 + 8 bytes */
    ck_assert_uint_eq(md_step(t, CAAM_ALG_SHA256, CAAM_AAI_HASH,
                              CAAM_AS_INIT, msg, 64, false, 40, NULL, NULL,
                              0), 0);
    ck_assert_uint_eq(md_step(t, CAAM_ALG_SHA256, CAAM_AAI_HASH,
                              CAAM_AS_UPDATE, msg + 64, 128, true, 40, NULL,
                              NULL, 0), 0);
    ck_assert_uint_eq(md_step(t, CAAM_ALG_SHA256, CAAM_AAI_HASH,
                              CAAM_AS_FINALIZE, msg + 192, 8, true, 40, NULL,
                              NULL, 0), 0);
    qtest_memread(t->qts, DST, out, 32);
    ck_assert_mem_eq(out, want, 32);
    /* UPDATE of a partial block: MDHA data size error */
    ck_assert_uint_eq(md_step(t, CAAM_ALG_SHA256, CAAM_AAI_HASH,
                              CAAM_AS_INIT, msg, 10, false, 40, NULL, NULL,
                              0) & 0xf00000ff, 0x20000042);

    /* SHA-224 of "abc" (FIPS 180-4) */
    ck_assert_uint_eq(md_step(t, CAAM_ALG_SHA224, CAAM_AAI_HASH,
                              CAAM_AS_INITFINAL, (const uint8_t *)"abc", 3,
                              false, 28, NULL, NULL, 0), 0);
    qtest_memread(t->qts, DST, out, 28);
    hex("23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7", want);
    ck_assert_mem_eq(out, want, 28);

    /* RFC 4231 test 2 through DKP's split key and HMAC_PRECOMP */
    ck_assert_uint_eq(md_step(t, CAAM_ALG_SHA256, CAAM_AAI_HMAC_PRECOMP,
                              CAAM_AS_INITFINAL, (const uint8_t *)jefe,
                              strlen(jefe), false, 32, "Jefe", NULL, 0), 0);
    qtest_memread(t->qts, DST, out, 32);
    hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        want);
    ck_assert_mem_eq(out, want, 32);
    /* the same with the ICV check on: 0 with the right ICV ... */
    ck_assert_uint_eq(md_step(t, CAAM_ALG_SHA256, CAAM_AAI_HMAC_PRECOMP,
                              CAAM_AS_INITFINAL, (const uint8_t *)jefe,
                              strlen(jefe), false, 32, "Jefe", want, 16), 0);
    /* ... and the MDHA's ICV check error with a wrong one */
    want[3] ^= 0x40;
    ck_assert_uint_eq(md_step(t, CAAM_ALG_SHA256, CAAM_AAI_HMAC_PRECOMP,
                              CAAM_AS_INITFINAL, (const uint8_t *)jefe,
                              strlen(jefe), false, 32, "Jefe", want, 16) &
                      0xf00000ff, 0x2000004a);
    ps_qtest_quit(t);
}
END_TEST

/*
 * key_gen.c's MDHA split-key generation (the Eras before DKP): HMAC INIT
 * on the plain key, a zero-length LAST2 load, FIFO STORE SPLIT_KEK; the
 * black split key (rounded up to 16 bytes) back with KEY ENC|MDHA_SPLIT
 * runs HMAC_PRECOMP to RFC 4231 test 2's digest.
 */
START_TEST(test_split_key_generation)
{
    PsQTest *t = start(4, "");
    const char *jefe = "what do ya want for nothing?";
    uint64_t kbuf = RAM + 0x150000;
    uint8_t out[32], want[32];
    Desc d = { .n = 1 };

    put(&d, CAAM_CMD_WORD(CAAM_CMD_KEY) | CAAM_CLASS_2 | CAAM_KEY_IMM | 4);
    put_bytes(&d, (const uint8_t *)"Jefe", 4);
    put_op(&d, CAAM_OP_TYPE_CLASS2, CAAM_ALG_SHA256, CAAM_AAI_HMAC,
           CAAM_AS_INIT, 0);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_FIFO_LOAD) | CAAM_CLASS_2 | CAAM_FIFO_IMM |
        ((CAAM_FIFOLD_TYPE_MSG | CAAM_FIFOLD_LAST2) << 16));
    put(&d, CAAM_CMD_WORD(CAAM_CMD_FIFO_STORE) | CAAM_CLASS_2 |
        (CAAM_FIFOST_TYPE_SPLIT_KEK << 16) | 64);
    put_ptr(&d, kbuf);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d), 0);

    d.n = 1;
    put_seqs(&d, strlen(jefe), 32);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_KEY) | CAAM_CLASS_2 | CAAM_KEY_ENC |
        CAAM_KEY_DEST_MDHA_SPLIT | 64);
    put_ptr(&d, kbuf);
    put_op(&d, CAAM_OP_TYPE_CLASS2, CAAM_ALG_SHA256, CAAM_AAI_HMAC_PRECOMP,
           CAAM_AS_INITFINAL, CAAM_OP_ENCRYPT);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_2 |
        ((CAAM_FIFOLD_TYPE_MSG | CAAM_FIFOLD_LAST2) << 16) | strlen(jefe));
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_STORE) | CAAM_CLASS_2 |
        (CAAM_LDST_CTX << 16) | 32);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    qtest_memwrite(t->qts, SRC, jefe, strlen(jefe));
    ck_assert_uint_eq(run_job(t, &d), 0);
    qtest_memread(t->qts, DST, out, 32);
    hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        want);
    ck_assert_mem_eq(out, want, 32);

    /* A split key stored with no class 2 OPERATION: a FIFO STORE error */
    d.n = 1;
    put(&d, CAAM_CMD_WORD(CAAM_CMD_FIFO_STORE) | CAAM_CLASS_2 |
        (CAAM_FIFOST_TYPE_SPLIT_KEK << 16) | 64);
    put_ptr(&d, kbuf);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d) & 0xf00000ff, 0x4000000b);
    ps_qtest_quit(t);
}
END_TEST

/* ---- malformed descriptors: the output ring's status for each ---- */

START_TEST(test_bad_descriptors)
{
    PsQTest *t = start(16, "");
    g_autofree char *log = NULL;
    Desc d;

    /* A header without HDR_ONE / of another command */
    d = (Desc) { .n = 2, .w = { CAAM_CMD_WORD(CAAM_CMD_DESC_HDR) | 2 } };
    ck_assert_uint_eq(run_job(t, &d), 0x40000013);
    /* An unknown command (SIGNATURE) at word 1 */
    d.n = 1;
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SIGNATURE));
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d), 0x40000104);
    /* A JUMP to itself: the command budget ends it */
    d.n = 1;
    put(&d, CAAM_CMD_WORD(CAAM_CMD_JUMP));
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d), 0x4000011c);
    /* A FIFO STORE to a pointer outside RAM */
    d.n = 1;
    put(&d, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS1 |
        (CAAM_ALG_AES << 16) | (CAAM_AAI_ECB << 4));
    put(&d, CAAM_CMD_WORD(CAAM_CMD_FIFO_LOAD) | CAAM_CLASS_1 |
        ((CAAM_FIFOLD_TYPE_MSG | CAAM_FIFOLD_LAST1) << 16) | 16);
    put_ptr(&d, NOWHERE);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d), 0x40000216);
    /* Reading past the input sequence */
    d.n = 1;
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_IN_PTR) | 4);
    put_ptr(&d, SRC);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | 8);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d), 0x40000410);
    /* ARC4: a CHA this CAAM does not have */
    d.n = 1;
    put(&d, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS1 |
        (0x30 << 16));
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d), 0x2000010f);
    /* A wrong AES key length */
    d.n = 1;
    put(&d, CAAM_CMD_WORD(CAAM_CMD_KEY) | CAAM_CLASS_1 | CAAM_KEY_IMM | 5);
    put(&d, 0);
    put(&d, 0);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS1 |
        (CAAM_ALG_AES << 16) | (CAAM_AAI_ECB << 4));
    put(&d, CAAM_CMD_WORD(CAAM_CMD_FIFO_LOAD) | CAAM_CLASS_1 | CAAM_FIFO_IMM |
        ((CAAM_FIFOLD_TYPE_MSG | CAAM_FIFOLD_LAST1) << 16) | 16);
    for (int i = 0; i < 4; i++) {
        put(&d, 0);
    }
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d), 0x20000513);
    /* A command running past the descriptor's end */
    d.n = 1;
    put(&d, CAAM_CMD_WORD(CAAM_CMD_KEY) | CAAM_CLASS_1 | CAAM_KEY_IMM | 32);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d), 0x40000104);
    /* HALT with a user status, after a MATH that sets Z */
    d.n = 1;
    put(&d, CAAM_CMD_WORD(CAAM_CMD_MATH) | (CAAM_MATH_FUN_SUB << 20) |
        (CAAM_MATH_SRC_ZERO << 16) | (0 << 12) |
        (CAAM_MATH_DEST_NONE << 8) | 4);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_JUMP) | (CAAM_JUMP_TYPE_HALT_USER << 22) |
        (CAAM_JUMP_TEST_ALL << 16) | (CAAM_JUMP_COND_MATH_Z << 8) | 0x5a);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_SIGNATURE));
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d), 0x3000005a);
    /* Reading 64 KiB over and over: the job's traffic budget ends it */
    d.n = 1;
    put(&d, CAAM_CMD_WORD(CAAM_CMD_FIFO_LOAD) | 0xffff);
    put_ptr(&d, SRC);
    put(&d, CAAM_CMD_WORD(CAAM_CMD_JUMP) | 0xfd);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    ck_assert_uint_eq(run_job(t, &d), 0x4000011c);
    /* A job descriptor pointer outside RAM */
    enqueue(t, jr_rd(t, A_IRRI), NOWHERE);
    qtest_clock_step(t->qts, 10000);
    ck_assert_uint_eq(out_status(t, jr_rd(t, A_ORWI) - 1, NULL), 0x40000016);

    log = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(log, "bad job descriptor header"));
    ck_assert_ptr_nonnull(strstr(log, "not implemented here"));
    ck_assert_ptr_nonnull(strstr(log, "a JUMP loop?"));
    ck_assert_ptr_nonnull(strstr(log, "outside RAM"));
    ck_assert_ptr_nonnull(strstr(log, "the input sequence has 4"));
    ck_assert_ptr_nonnull(strstr(log, "class 1 algorithm 0x30: this CAAM "
                                      "has no such CHA"));
    ck_assert_ptr_nonnull(strstr(log, "AES key of 5 bytes"));
    ck_assert_ptr_nonnull(strstr(log, "the job moves more than"));
    ps_qtest_quit(t);
}
END_TEST

/* ---- the ring: wrap, coalescing, bad programming, reset ---- */

static void rng_desc_at(PsQTest *t, uint64_t at, unsigned len)
{
    Desc d = { .n = 1 };

    put(&d, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS1 |
        (CAAM_ALG_RNG << 16));
    put(&d, CAAM_CMD_WORD(CAAM_CMD_FIFO_STORE) |
        (CAAM_FIFOST_TYPE_RNGSTORE << 16) | len);
    put_ptr(&d, DST);
    hdr(&d, CAAM_CMD_DESC_HDR, 0);
    write_desc(t->qts, at, &d);
}

START_TEST(test_ring_wrap)
{
    PsQTest *t = start(4, "");
    unsigned in = 0, out = 0;

    rng_instantiate(t);
    for (int i = 0; i < 12; i++) {
        rng_desc_at(t, DESC + 0x100 * i, 4);
    }
    /* Three batches of 3, 4 and 3, then 2: the indices wrap at 4. */
    for (int batch = 0, job = 0; job < 12; batch++) {
        int n = batch % 2 ? 4 : 3;

        n = MIN(n, 12 - job);
        ck_assert_uint_eq(jr_rd(t, A_IRSA), 4);
        for (int i = 0; i < n; i++) {
            qtest_writeq(t->qts, IRING + 8 * ((in + i) % 4),
                         DESC + 0x100 * (job + i));
        }
        jr_wr(t, A_IRJA, n);
        ck_assert_uint_eq(jr_rd(t, A_IRSA), 4 - n);
        qtest_clock_step(t->qts, 10000);
        ck_assert_uint_eq(jr_rd(t, A_ORSF), n);
        for (int i = 0; i < n; i++) {
            uint64_t desc;

            ck_assert_uint_eq(out_status(t, (out + i) % 4, &desc), 0);
            ck_assert_uint_eq(desc, DESC + 0x100 * (job + i));
        }
        in = (in + n) % 4;
        out = (out + n) % 4;
        ck_assert_uint_eq(jr_rd(t, A_IRRI), in);
        ck_assert_uint_eq(jr_rd(t, A_ORWI), out);
        jr_wr(t, A_ORJR, n);
        job += n;
    }
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_output_ring_full_waits)
{
    PsQTest *t = start(2, "");

    rng_instantiate(t);
    rng_desc_at(t, DESC, 4);
    enqueue(t, 0, DESC);
    enqueue(t, 1, DESC);
    qtest_clock_step(t->qts, 10000);
    ck_assert_uint_eq(jr_rd(t, A_ORSF), 2);
    /* The output ring is full: a third job waits for ORJR. */
    enqueue(t, 0, DESC);
    qtest_clock_step(t->qts, 10000);
    ck_assert_uint_eq(jr_rd(t, A_IRSA), 1);
    jr_wr(t, A_ORJR, 1);
    qtest_clock_step(t->qts, 10000);
    ck_assert_uint_eq(jr_rd(t, A_IRSA), 2);
    ck_assert_uint_eq(jr_rd(t, A_ORSF), 2);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_ring_yields_after_eight_jobs)
{
    PsQTest *t = start(16, "");

    rng_instantiate(t);
    rng_desc_at(t, DESC, 4);
    for (int i = 0; i < 12; i++) {
        qtest_writeq(t->qts, IRING + 8 * i, DESC);
    }
    jr_wr(t, A_IRJA, 12);
    qtest_clock_step(t->qts, 1500);
    ck_assert_uint_eq(jr_rd(t, A_ORSF), 8);
    qtest_clock_step(t->qts, 1000);
    ck_assert_uint_eq(jr_rd(t, A_ORSF), 12);
    ck_assert_uint_eq(out_status(t, 11, NULL), 0);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_job_ns_zero_runs_at_once)
{
    PsQTest *t = start(4, "-global caam.job-ns=0");

    rng_instantiate(t);
    rng_desc_at(t, DESC, 4);
    enqueue(t, 0, DESC);
    ck_assert_uint_eq(jr_rd(t, A_ORSF), 1);
    ck_assert_uint_eq(out_status(t, 0, NULL), 0);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_coalescing)
{
    PsQTest *t = start(8, "");

    rng_instantiate(t);
    rng_desc_at(t, DESC, 4);
    /* No coalescing: every completion interrupts; IMSK masks the line. */
    enqueue(t, 0, DESC);
    qtest_clock_step(t->qts, 10000);
    ck_assert(qtest_get_irq(t->qts, 0));
    ck_assert(!qtest_get_irq(t->qts, 1));
    jr_wr(t, A_JRCFG_LO, R_JRCFG_LO_IMSK_MASK);
    ck_assert(!qtest_get_irq(t->qts, 0));
    jr_wr(t, A_JRINT, R_JRINT_JR_INT_MASK);
    jr_wr(t, A_ORJR, 1);
    /* Count 3, timer 100 x 64 ns */
    jr_wr(t, A_JRCFG_LO, R_JRCFG_LO_ICEN_MASK | (3 << 8) | (100 << 16));
    enqueue(t, 1, DESC);
    enqueue(t, 2, DESC);
    qtest_clock_step(t->qts, 2000);
    ck_assert_uint_eq(jr_rd(t, A_ORSF), 2);
    ck_assert(!qtest_get_irq(t->qts, 0));
    enqueue(t, 3, DESC);
    qtest_clock_step(t->qts, 2000);
    ck_assert(qtest_get_irq(t->qts, 0));
    jr_wr(t, A_JRINT, R_JRINT_JR_INT_MASK);
    jr_wr(t, A_ORJR, 3);
    ck_assert(!qtest_get_irq(t->qts, 0));
    /* One job: the timer (6.4 us after it) raises the interrupt. */
    enqueue(t, 4, DESC);
    qtest_clock_step(t->qts, 2000);
    ck_assert_uint_eq(jr_rd(t, A_ORSF), 1);
    ck_assert(!qtest_get_irq(t->qts, 0));
    qtest_clock_step(t->qts, 6000);
    ck_assert(qtest_get_irq(t->qts, 0));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bad_ring_programming)
{
    PsQTest *t = start(4, "");
    g_autofree char *l1 = NULL, *l2 = NULL, *l3 = NULL;

    /* More jobs than the ring holds: ADD overflow, the ring stops. */
    jr_wr(t, A_IRJA, 5);
    ck_assert_uint_eq(jr_rd(t, A_JRINT), R_JRINT_JR_INT_MASK |
                      R_JRINT_JR_ERROR_MASK |
                      (CAAM_JRINT_ERR_ADD_OFL << 8));
    ck_assert(qtest_get_irq(t->qts, 0));
    l1 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l1, "more jobs than the input ring"));

    /* Reset the ring as jr.c does: flush, then reset. */
    jr_wr(t, A_JRCFG_LO, R_JRCFG_LO_IMSK_MASK);
    jr_wr(t, A_JRCR, R_JRCR_RESET_MASK);
    ck_assert_uint_eq(FIELD_EX32(jr_rd(t, A_JRINT), JRINT, HALT),
                      CAAM_HALT_COMPLETE);
    jr_wr(t, A_JRCR, R_JRCR_RESET_MASK);
    ck_assert_uint_eq(jr_rd(t, A_JRCR), 0);
    ck_assert_uint_eq(jr_rd(t, A_JRINT), 0);
    jr_wr(t, A_JRCFG_LO, 0);

    /* Removing more than the output ring holds */
    jr_wr(t, A_ORJR, 1);
    ck_assert_uint_eq(FIELD_EX32(jr_rd(t, A_JRINT), JRINT, ERR_TYPE),
                      CAAM_JRINT_ERR_REMOVE_OFL);
    l2 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l2, "removes more jobs"));
    jr_wr(t, A_JRCR, R_JRCR_RESET_MASK);
    jr_wr(t, A_JRCR, R_JRCR_RESET_MASK);

    /* An input ring outside RAM */
    qtest_writeq(t->qts, JR0 + A_IRBA_LO, NOWHERE);
    jr_wr(t, A_IRJA, 1);
    qtest_clock_step(t->qts, 10000);
    ck_assert_uint_eq(FIELD_EX32(jr_rd(t, A_JRINT), JRINT, ERR_TYPE),
                      CAAM_JRINT_ERR_BAD_INPADDR);
    ck_assert_uint_eq(jr_rd(t, A_ORSF), 0);
    l3 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l3, "input ring entry outside RAM"));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_migration_mid_job)
{
    PsQTest *src = start(4, "-m 128M");
    PsQTest *dst;
    uint8_t pt[32], want[32], ct[32];
    Desc sh = { .n = 1 }, job = { .n = 1 };
    uint8_t k[16];
    g_autofree char *log = NULL;

    /* An AES-ECB job queued, its time not yet come. */
    hex(nist_key, k);
    hex(nist_pt, pt);
    hex("3ad77bb40d7a3660a89ecaf32466ef97"
        "f5d3d58503b9699de785895a96fdbaaf", want);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_KEY) | CAAM_CLASS_1 | CAAM_KEY_IMM | 16);
    put_bytes(&sh, k, 16);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_OPERATION) | CAAM_OP_TYPE_CLASS1 |
        (CAAM_ALG_AES << 16) | (CAAM_AAI_ECB << 4) | CAAM_OP_ENCRYPT);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_LOAD) | CAAM_CLASS_1 |
        ((CAAM_FIFOLD_TYPE_MSG | CAAM_FIFOLD_LAST1) << 16) | 32);
    put(&sh, CAAM_CMD_WORD(CAAM_CMD_SEQ_FIFO_STORE) |
        (CAAM_FIFOST_TYPE_MSG << 16) | 32);
    hdr(&sh, CAAM_CMD_SHARED_HDR, 1 << CAAM_HDR_START_IDX_SHIFT);
    write_desc(src->qts, SHDESC, &sh);
    put_ptr(&job, SHDESC);
    put(&job, CAAM_CMD_WORD(CAAM_CMD_SEQ_OUT_PTR) | 32);
    put_ptr(&job, DST);
    put(&job, CAAM_CMD_WORD(CAAM_CMD_SEQ_IN_PTR) | 32);
    put_ptr(&job, SRC);
    hdr(&job, CAAM_CMD_DESC_HDR, CAAM_HDR_SHARED | CAAM_HDR_REVERSE);
    write_desc(src->qts, DESC, &job);
    qtest_memwrite(src->qts, SRC, pt, 32);
    enqueue(src, 0, DESC);
    enqueue(src, 1, DESC);
    ck_assert_uint_eq(jr_rd(src, A_IRSA), 2);

    dst = ps_migrate(src, "presilicon", "-m 128M");
    ps_qtest_quit(src);
    qtest_irq_intercept_out_named(dst->qts, CAAM_PATH, "sysbus-irq");
    ck_assert_uint_eq(jr_rd(dst, A_IRSA), 2);
    ck_assert_uint_eq(jr_rd(dst, A_ORSF), 0);
    qtest_clock_step(dst->qts, 10000);
    ck_assert_uint_eq(jr_rd(dst, A_ORSF), 2);
    ck_assert_uint_eq(out_status(dst, 0, NULL), 0);
    ck_assert_uint_eq(out_status(dst, 1, NULL), 0);
    ck_assert(qtest_get_irq(dst->qts, 0));
    qtest_memread(dst->qts, DST, ct, 32);
    ck_assert_mem_eq(ct, want, 32);
    log = ps_log_take(dst);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(dst);
}
END_TEST

START_TEST(test_system_reset)
{
    PsQTest *t = start(4, "");

    rng_instantiate(t);
    jr_wr(t, A_IRJA, 9);
    qtest_system_reset(t->qts);
    ck_assert_uint_eq(qtest_readl(t->qts, CAAM_BASE + A_RDSTA), 0);
    ck_assert_uint_eq(jr_rd(t, A_JRINT), 0);
    ck_assert_uint_eq(jr_rd(t, A_IRS), 0);
    ck_assert(!qtest_get_irq(t->qts, 0));
    ps_qtest_quit(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("caam");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *data = tcase_create("data");
    TCase *ring = tcase_create("ring");

    tcase_add_test(dt, test_fdt_node);
    tcase_add_test(dt, test_bare_has_no_models);
    tcase_add_test(dt, test_bare_device_is_placed);
    tcase_add_test(regs, test_probe_registers);
    tcase_add_test(regs, test_bad_accesses);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(data, test_rng_instantiate);
    tcase_add_test(data, test_rng_fail_injection);
    tcase_add_test(data, test_rng_job);
    tcase_add_test(data, test_aes_cbc_kat);
    tcase_add_test(data, test_aes_cbc_scatter_gather);
    tcase_add_test(data, test_aes_ecb_ctr_kat);
    tcase_add_test(data, test_hash_kat);
    tcase_add_test(data, test_aes_gcm_kat);
    tcase_add_test(data, test_des_xts_cmac_kat);
    tcase_add_test(data, test_hash_steps_and_dkp);
    tcase_add_test(data, test_split_key_generation);
    tcase_add_test(data, test_bad_descriptors);
    tcase_add_test(ring, test_ring_wrap);
    tcase_add_test(ring, test_output_ring_full_waits);
    tcase_add_test(ring, test_ring_yields_after_eight_jobs);
    tcase_add_test(ring, test_job_ns_zero_runs_at_once);
    tcase_add_test(ring, test_coalescing);
    tcase_add_test(ring, test_bad_ring_programming);
    tcase_add_test(ring, test_migration_mid_job);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, data);
    suite_add_tcase(s, ring);

    return ps_check_run(s);
}
