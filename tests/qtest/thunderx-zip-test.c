/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX ZIP: PCI identity, CSR contract, the instruction queue
 * as the Linux driver drives it, deflate/inflate checked against host
 * zlib, LZS, history, truncation, and every kind of bad input a guest can
 * program (each must end in an error code and a guest-error line, with
 * nothing written outside the given buffers).
 *
 * The device is programmed through ECAM and BAR0 exactly as the driver
 * does; guest buffers live in RAM at fixed addresses.
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qemu/bitops.h"
#include "qemu/units.h"
#include "qobject/qdict.h"
#include "standard-headers/linux/pci_regs.h"
#include "hw/pci/pci_ids.h"
#include "presilicon-qtest.h"
#include "hw/crypto/thunderx_zip_regs.h"
#include "check-tap.h"
#include <zlib.h>

#define ECAM        0x30000000ull
#define ZIP_CFG     (ECAM + (1 << 15))          /* 00:01.0 */
#define BAR0        0x20000000ull
#define BAR4        0x20100000ull
#define RAM         0x40000000ull
#define QBUF        (RAM + 0x100000)
#define QBUF2       (RAM + 0x110000)
#define INBUF       (RAM + 0x200000)
#define OUTBUF      (RAM + 0x300000)
#define RESBUF      (RAM + 0x400000)
#define HISBUF      (RAM + 0x500000)
#define LISTBUF     (RAM + 0x600000)
#define NOWHERE     0x3f000000000ull            /* no memory here */

/* The driver's queue: 8064 bytes of slots (63) and the next pointer. */
#define QWORDS      ((8064 + 8) / 8)
#define QSLOTS      63
#define CANARY      0xa5

/* Names built on the header's fields, short enough for a test line. */
#define ERR(bit)    R_ZIP_QUE_ERR_INT_##bit##_MASK      /* ZIP_QUE_ERR_INT */
#define I0(bit)     R_ZIP_INST_IWORD0_##bit##_MASK      /* IWORD0 flags */
#define SBUF_SIZE(words) FIELD_DP64(0, ZIP_QUE_SBUF_CTL, SIZE, words)

typedef struct Zip {
    PsQTest *t;
    unsigned slot;      /* next free slot in queue 0, as the driver counts */
} Zip;

typedef struct Res {
    uint32_t adler, crc, read, written, bits;
    uint8_t code;
    bool ef, doneint;
} Res;

static uint64_t csr(Zip *z, uint32_t reg)
{
    return qtest_readq(z->t->qts, BAR0 + reg);
}

static void csr_w(Zip *z, uint32_t reg, uint64_t val)
{
    qtest_writeq(z->t->qts, BAR0 + reg, val);
}

/* ZIP_DBG_QUE(q)_STA fields: instructions executed, doorbells pending. */
static uint32_t que_nii(Zip *z, int q)
{
    return FIELD_EX64(csr(z, ZIP_QUE(A_ZIP_DBG_QUE_STA, q)), ZIP_DBG_QUE_STA,
                      NII);
}

static uint32_t que_rqwc(Zip *z, int q)
{
    return FIELD_EX64(csr(z, ZIP_QUE(A_ZIP_DBG_QUE_STA, q)), ZIP_DBG_QUE_STA,
                      RQWC);
}

static uint32_t cfg_r(Zip *z, uint32_t reg)
{
    return qtest_readl(z->t->qts, ZIP_CFG + reg);
}

static void cfg_w(Zip *z, uint32_t reg, uint32_t val)
{
    qtest_writel(z->t->qts, ZIP_CFG + reg, val);
}

/* Offset of a capability in config space, 0 when absent. */
static uint8_t find_cap(Zip *z, uint8_t id)
{
    uint8_t pos = cfg_r(z, PCI_CAPABILITY_LIST) & 0xff;

    while (pos) {
        uint32_t hdr = cfg_r(z, pos);

        if ((hdr & 0xff) == id) {
            return pos;
        }
        pos = (hdr >> 8) & 0xff;
    }
    return 0;
}

/* Queue q as zip_init_hw() sets it up. */
static void queue_init(Zip *z, int q, uint64_t buf, uint32_t words)
{
    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_CTL, q), SBUF_SIZE(words));
    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_ADDR, q), buf);
    csr_w(z, A_ZIP_QUE_ENA, csr(z, A_ZIP_QUE_ENA) | BIT(q));
    csr_w(z, ZIP_QUE(A_ZIP_QUE_MAP, q), 3);
}

static Zip *zip_start_args(const char *args)
{
    Zip *z = g_new0(Zip, 1);

    z->t = ps_qtest_start("presilicon", "-m 256M %s", args);
    cfg_w(z, PCI_BASE_ADDRESS_0, BAR0);
    cfg_w(z, PCI_BASE_ADDRESS_0 + 4, 0);
    cfg_w(z, PCI_BASE_ADDRESS_4, BAR4);
    cfg_w(z, PCI_BASE_ADDRESS_4 + 4, 0);
    cfg_w(z, PCI_COMMAND, PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
    queue_init(z, 0, QBUF, QWORDS);
    return z;
}

static Zip *zip_start(void)
{
    return zip_start_args("");
}

static void zip_quit(Zip *z)
{
    ps_qtest_quit(z->t);
    g_free(z);
}

static void mem_w(Zip *z, uint64_t addr, const void *buf, size_t len)
{
    qtest_memwrite(z->t->qts, addr, buf, len);
}

static void *mem_r(Zip *z, uint64_t addr, size_t len)
{
    uint8_t *buf = g_malloc(len + 1);

    qtest_memread(z->t->qts, addr, buf, len);
    return buf;
}

static void ptr(uint64_t *w, int idx, uint64_t addr, uint32_t len)
{
    w[idx] = addr;
    w[idx + 1] = FIELD_DP64(0, ZIP_ZPTR_CTL, LENGTH, len);
}

/* IWORD0 of a compression or decompression, as zip_deflate.c builds it. */
static uint64_t iw0(bool ce, unsigned cc, bool ef, bool sf, uint32_t total)
{
    uint64_t w = 0;

    w = FIELD_DP64(w, ZIP_INST_IWORD0, CE, ce);
    w = FIELD_DP64(w, ZIP_INST_IWORD0, EF, ef);
    w = FIELD_DP64(w, ZIP_INST_IWORD0, SF, sf);
    w = FIELD_DP64(w, ZIP_INST_IWORD0, CC, cc);
    if (ce) {
        w = FIELD_DP64(w, ZIP_INST_IWORD0, SS, 1);
    } else {
        w = FIELD_DP64(w, ZIP_INST_IWORD0, BF, 1);
    }
    return FIELD_DP64(w, ZIP_INST_IWORD0, TOTALOUTPUTLENGTH, total);
}

static void inst_basic(uint64_t *w, uint64_t i0, uint32_t in_len,
                       uint32_t out_len)
{
    memset(w, 0, 16 * 8);
    w[0] = i0;
    w[1] = 1;                   /* Adler-32 seed, as the driver passes */
    ptr(w, ZIP_IW_INP, INBUF, in_len);
    ptr(w, ZIP_IW_OUT, OUTBUF, out_len);
    w[ZIP_IW_RES] = RESBUF;
}

static Res res_read(Zip *z, uint64_t addr)
{
    uint64_t r[3];
    Res res;

    qtest_memread(z->t->qts, addr, r, sizeof(r));
    r[0] = le64_to_cpu(r[0]);
    r[1] = le64_to_cpu(r[1]);
    r[2] = le64_to_cpu(r[2]);
    res.adler = FIELD_EX64(r[0], ZIP_ZRES_W0, ADLER32);
    res.crc = FIELD_EX64(r[0], ZIP_ZRES_W0, CRC32);
    res.read = FIELD_EX64(r[1], ZIP_ZRES_W1, TOTALBYTESREAD);
    res.written = FIELD_EX64(r[1], ZIP_ZRES_W1, TOTALBYTESWRITTEN);
    res.code = FIELD_EX64(r[2], ZIP_ZRES_W2, COMPCODE);
    res.ef = FIELD_EX64(r[2], ZIP_ZRES_W2, EF);
    res.doneint = FIELD_EX64(r[2], ZIP_ZRES_W2, DONEINT);
    res.bits = FIELD_EX64(r[2], ZIP_ZRES_W2, TOTALBITSPROCESSED);
    return res;
}

/* Put an instruction in queue 0 the way zip_load_instr() does; ring. */
static Res submit(Zip *z, const uint64_t *w)
{
    uint64_t le[16];
    uint8_t zero[ZIP_RES_SIZE] = { 0 };
    int i;

    for (i = 0; i < 16; i++) {
        le[i] = cpu_to_le64(w[i]);
    }
    mem_w(z, w[ZIP_IW_RES], zero, sizeof(zero));
    mem_w(z, QBUF + z->slot * ZIP_INST_SIZE, le, sizeof(le));
    if (++z->slot == QSLOTS) {
        uint64_t nptr = cpu_to_le64(QBUF);

        mem_w(z, QBUF + 8064, &nptr, 8);
        z->slot = 0;
    }
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 0), 1);
    return res_read(z, w[ZIP_IW_RES]);
}

/* Fill OUTBUF (and a guard after cap) with the canary. */
static void out_prepare(Zip *z, uint32_t cap)
{
    g_autofree uint8_t *c = g_malloc(cap + 64);

    memset(c, CANARY, cap + 64);
    mem_w(z, OUTBUF, c, cap + 64);
}

static void assert_guard(Zip *z, uint64_t addr, uint32_t len)
{
    g_autofree uint8_t *g = mem_r(z, addr, len);
    uint32_t i;

    for (i = 0; i < len; i++) {
        ck_assert_msg(g[i] == CANARY, "byte %u after the buffer written", i);
    }
}

static void assert_log(Zip *z, const char *needle)
{
    g_autofree char *log = ps_log_take(z->t);

    ck_assert_msg(strstr(log, needle), "no '%s' in log: %s", needle, log);
}

static void assert_no_log(Zip *z)
{
    g_autofree char *log = ps_log_take(z->t);

    ck_assert_str_eq(log, "");
}

static uint8_t *text(size_t len)
{
    static const char *words[] = {
        "the ", "engine ", "deflate ", "queue ", "doorbell ", "history ",
        "of ", "a ", "ZIP ", "instruction ", "result ", "and ",
    };
    uint8_t *b = g_malloc(len);
    uint32_t x = 12345;
    size_t i = 0;

    while (i < len) {
        const char *w;

        x = x * 1103515245 + 12345;
        w = words[(x >> 16) % ARRAY_SIZE(words)];
        while (*w && i < len) {
            b[i++] = *w++;
        }
    }
    return b;
}

static uint8_t *noise(size_t len, uint32_t seed)
{
    uint8_t *b = g_malloc(len);
    size_t i;

    for (i = 0; i < len; i++) {
        seed = seed * 1664525 + 1013904223;
        b[i] = seed >> 24;
    }
    return b;
}

/* Host zlib raw inflate; returns the length or -1. */
static long host_inflate(const uint8_t *in, size_t len, const uint8_t *dict,
                         size_t dict_len, uint8_t *out, size_t cap)
{
    z_stream s = { 0 };
    long n;
    int ret;

    ck_assert_int_eq(inflateInit2(&s, -15), Z_OK);
    if (dict_len) {
        ck_assert_int_eq(inflateSetDictionary(&s, dict, dict_len), Z_OK);
    }
    s.next_in = (Bytef *)in;
    s.avail_in = len;
    s.next_out = out;
    s.avail_out = cap;
    ret = inflate(&s, Z_SYNC_FLUSH);
    n = (ret == Z_STREAM_END || ret == Z_OK) ? (long)s.total_out : -1;
    inflateEnd(&s);
    return n;
}

static size_t host_deflate(const uint8_t *in, size_t len, const uint8_t *dict,
                           size_t dict_len, uint8_t *out, size_t cap)
{
    z_stream s = { 0 };
    size_t n;

    ck_assert_int_eq(deflateInit2(&s, 6, Z_DEFLATED, -15, 8,
                                  Z_DEFAULT_STRATEGY), Z_OK);
    if (dict_len) {
        ck_assert_int_eq(deflateSetDictionary(&s, dict, dict_len), Z_OK);
    }
    s.next_in = (Bytef *)in;
    s.avail_in = len;
    s.next_out = out;
    s.avail_out = cap;
    ck_assert_int_eq(deflate(&s, Z_FINISH), Z_STREAM_END);
    n = s.total_out;
    deflateEnd(&s);
    return n;
}

/* Compress data on the engine; the output and result come back. */
static Res zcompress(Zip *z, unsigned cc, const uint8_t *data, uint32_t len,
                    uint32_t cap, uint8_t **out)
{
    uint64_t w[16];
    Res r;

    if (len) {
        mem_w(z, INBUF, data, len);
    }
    out_prepare(z, cap);
    inst_basic(w, iw0(true, cc, true, false, cap), len, cap);
    r = submit(z, w);
    if (out) {
        *out = mem_r(z, OUTBUF, MAX(r.written, 1));
    }
    assert_guard(z, OUTBUF + cap, 64);
    return r;
}

static Res zdecompress(Zip *z, unsigned cc, const uint8_t *data, uint32_t len,
                      uint32_t cap, uint8_t **out)
{
    uint64_t w[16];
    Res r;

    mem_w(z, INBUF, data, len);
    out_prepare(z, cap);
    inst_basic(w, iw0(false, cc, true, true, cap), len, cap);
    r = submit(z, w);
    if (out) {
        *out = mem_r(z, OUTBUF, MAX(r.written, 1));
    }
    assert_guard(z, OUTBUF + cap, 64);
    return r;
}

START_TEST(test_pci_identity)
{
    Zip *z = zip_start();
    uint8_t msix;
    uint32_t size;

    ck_assert_uint_eq(cfg_r(z, PCI_VENDOR_ID), 0xa01a177d);
    ck_assert_uint_eq(cfg_r(z, PCI_CLASS_REVISION) >> 16,
                      PCI_CLASS_PROCESSOR_CO);
    /* BAR0: 64-bit memory, 64 KiB of CSRs. */
    cfg_w(z, PCI_COMMAND, 0);
    cfg_w(z, PCI_BASE_ADDRESS_0, 0xffffffff);
    size = cfg_r(z, PCI_BASE_ADDRESS_0);
    ck_assert_uint_eq(size & 0xf, PCI_BASE_ADDRESS_MEM_TYPE_64);
    ck_assert_uint_eq(~(size & ~0xfu) + 1, ZIP_BAR0_SIZE);
    /* MSI-X: ZIP_INT_VEC_E's 18 vectors, table in BAR4. */
    msix = find_cap(z, PCI_CAP_ID_MSIX);
    ck_assert_uint_ne(msix, 0);
    ck_assert_uint_eq(((cfg_r(z, msix) >> 16) & 0x7ff) + 1, ZIP_NUM_VECTORS);
    ck_assert_uint_eq(cfg_r(z, msix + 4) & 7, ZIP_MSIX_BAR);
    ck_assert_uint_ne(find_cap(z, PCI_CAP_ID_EXP), 0);
    zip_quit(z);
}
END_TEST

START_TEST(test_reset_values)
{
    Zip *z = g_new0(Zip, 1);
    uint64_t c;

    z->t = ps_qtest_start("presilicon", "-m 256M");
    cfg_w(z, PCI_BASE_ADDRESS_0, BAR0);
    cfg_w(z, PCI_BASE_ADDRESS_0 + 4, 0);
    cfg_w(z, PCI_COMMAND, PCI_COMMAND_MEMORY);
    c = csr(z, A_ZIP_CONSTANTS);
    ck_assert_uint_eq(c & 1, 0);                     /* not disabled */
    ck_assert_uint_eq((c >> 8) & 0xfff, 2048);       /* CTXSIZE */
    ck_assert_uint_eq((c >> 32) & 0xffff, 32768);    /* DEPTH */
    ck_assert_uint_eq((c >> 48) & 1, 1);             /* sync flush */
    ck_assert_uint_eq(c >> 56, 2);                   /* two cores */
    ck_assert_uint_eq(csr(z, A_ZIP_THROTTLE), 0x10);
    ck_assert_uint_eq(csr(z, A_ZIP_QUE_ENA), 0);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_SBUF_CTL, 3)), 0);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_DONE, 0)), 0);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_DBG_QUE_STA, 0)), 0);
    /* 32-bit reads see halves of the 64-bit CSR. */
    ck_assert_uint_eq(qtest_readl(z->t->qts, BAR0 + A_ZIP_CONSTANTS + 4),
                      c >> 32);
    /* Read-only and unknown CSRs keep their value and say so. */
    csr_w(z, A_ZIP_CONSTANTS, 0);
    ck_assert_uint_eq(csr(z, A_ZIP_CONSTANTS), c);
    assert_log(z, "read-only CSR 0x00a0");
    csr_w(z, 0x0f00, 1);
    assert_log(z, "unknown CSR 0x0f00");
    qtest_writel(z->t->qts, BAR0 + A_ZIP_QUE_ENA, 1);
    ck_assert_uint_eq(csr(z, A_ZIP_QUE_ENA), 0);
    assert_log(z, "take 64-bit writes");
    zip_quit(z);
}
END_TEST

START_TEST(test_deflate_fixed_dynamic)
{
    Zip *z = zip_start();
    const uint32_t len = 20000;
    g_autofree uint8_t *data = text(len);
    g_autofree uint8_t *back = g_malloc(len);
    unsigned cc;

    for (cc = ZIP_CC_AUTO; cc <= ZIP_CC_DYNAMIC; cc++) {
        g_autofree uint8_t *out = NULL;
        Res r = zcompress(z, cc, data, len, 65535, &out);

        ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
        ck_assert(r.ef);
        ck_assert_uint_eq(r.read, len);
        ck_assert_uint_gt(r.written, 0);
        ck_assert_uint_lt(r.written, len / 2);
        ck_assert_uint_eq(r.bits, r.written * 8);
        ck_assert_uint_eq(r.adler, adler32(1, data, len));
        ck_assert_uint_eq(r.crc, crc32(1, data, len));
        /* BFINAL, then BTYPE: 01 fixed for CC=1, 10 dynamic otherwise. */
        ck_assert_uint_eq((out[0] >> 1) & 3, cc == ZIP_CC_FIXED ? 1 : 2);
        ck_assert_int_eq(host_inflate(out, r.written, NULL, 0, back, len),
                         len);
        ck_assert_mem_eq(back, data, len);
    }
    assert_no_log(z);
    zip_quit(z);
}
END_TEST

START_TEST(test_sync_flush)
{
    Zip *z = zip_start();
    g_autofree uint8_t *data = text(3000);
    g_autofree uint8_t *out = NULL;
    uint8_t back[3000];
    uint64_t w[16];
    Res r;

    mem_w(z, INBUF, data, 3000);
    inst_basic(w, iw0(true, ZIP_CC_AUTO, false, true, 8000), 3000, 8000);
    r = submit(z, w);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    ck_assert(!r.ef);
    out = mem_r(z, OUTBUF, r.written);
    /* A sync flush ends in an empty stored block; the stream goes on. */
    ck_assert_mem_eq(out + r.written - 4, "\x00\x00\xff\xff", 4);
    ck_assert_int_eq(host_inflate(out, r.written, NULL, 0, back, 3000), 3000);
    ck_assert_mem_eq(back, data, 3000);
    zip_quit(z);
}
END_TEST

START_TEST(test_inflate)
{
    Zip *z = zip_start();
    const uint32_t len = 40000;
    g_autofree uint8_t *data = text(len);
    g_autofree uint8_t *comp = g_malloc(len + 16);
    g_autofree uint8_t *out = NULL;
    size_t clen = host_deflate(data, len, NULL, 0, comp, len);
    Res r;

    /* The driver appends a zero byte after the stream. */
    comp[clen] = 0;
    r = zdecompress(z, 0, comp, clen + 1, 65535, &out);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    ck_assert(r.ef);
    ck_assert_uint_eq(r.written, len);
    ck_assert_uint_eq(r.read, clen);
    /* At the stream's end its last byte is consumed whole. */
    ck_assert_uint_eq(r.bits, clen * 8);
    ck_assert_uint_eq(r.adler, adler32(1, data, len));
    ck_assert_mem_eq(out, data, len);
    assert_no_log(z);
    zip_quit(z);
}
END_TEST

START_TEST(test_history)
{
    Zip *z = zip_start();
    g_autofree uint8_t *hist = text(4096);
    g_autofree uint8_t *data = text(2000);      /* repeats the history */
    g_autofree uint8_t *both = g_malloc(6096);
    g_autofree uint8_t *out = NULL;
    g_autofree uint8_t *out2 = NULL;
    uint8_t back[2000], comp[4000];
    uint64_t w[16];
    size_t clen;
    Res r;

    /* Compression: HISTORYLENGTH bytes at the head of the input. */
    memcpy(both, hist, 4096);
    memcpy(both + 4096, data, 2000);
    mem_w(z, INBUF, both, 6096);
    inst_basic(w, iw0(true, ZIP_CC_AUTO, true, false, 4000), 6096, 4000);
    w[1] = FIELD_DP64(w[1], ZIP_INST_IWORD1, HISTORYLENGTH, 4096);
    r = submit(z, w);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    ck_assert_uint_eq(r.adler, adler32(1, data, 2000));
    out = mem_r(z, OUTBUF, r.written);
    /* Matches reach into the history: tiny output, needs the dictionary. */
    ck_assert_uint_lt(r.written, 100);
    ck_assert_int_eq(host_inflate(out, r.written, hist, 4096, back, 2000),
                     2000);
    ck_assert_mem_eq(back, data, 2000);

    /* Decompression: the history comes through IWORD4/5. */
    clen = host_deflate(data, 2000, hist, 4096, comp, sizeof(comp));
    mem_w(z, INBUF, comp, clen);
    mem_w(z, HISBUF, hist, 4096);
    inst_basic(w, iw0(false, 0, true, true, 2000), clen, 2000);
    ptr(w, ZIP_IW_HIS, HISBUF, 4096);
    r = submit(z, w);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    ck_assert_uint_eq(r.written, 2000);
    ck_assert_uint_eq(r.bits, r.read * 8);
    out2 = mem_r(z, OUTBUF, 2000);
    ck_assert_mem_eq(out2, data, 2000);
    assert_no_log(z);
    zip_quit(z);
}
END_TEST

START_TEST(test_output_truncation)
{
    Zip *z = zip_start();
    g_autofree uint8_t *rnd = noise(5000, 7);
    g_autofree uint8_t *data = text(5000);
    uint8_t comp[6000];
    size_t clen;
    Res r;

    /* Incompressible input into 1000 bytes: DTRUNC, nothing past 1000. */
    r = zcompress(z, ZIP_CC_AUTO, rnd, 5000, 1000, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_DTRUNC);
    ck_assert_uint_le(r.written, 1000);
    /* TOTALOUTPUTLENGTH limits too, below the buffer's LENGTH. */
    {
        uint64_t w[16];

        out_prepare(z, 4000);
        inst_basic(w, iw0(true, ZIP_CC_AUTO, true, false, 300), 5000, 4000);
        r = submit(z, w);
        ck_assert_uint_eq(r.code, ZIP_COMP_DTRUNC);
        assert_guard(z, OUTBUF + 300, 64);
    }
    /* Decompression into too little room. */
    clen = host_deflate(data, 5000, NULL, 0, comp, sizeof(comp));
    r = zdecompress(z, 0, comp, clen, 4999, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_DTRUNC);
    ck_assert_uint_eq(r.written, 4999);
    /* Exactly enough room is not truncation. */
    r = zdecompress(z, 0, comp, clen, 5000, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    /*
     * A direct output LENGTH of 0 is 64 KiB: what the driver's 16-bit
     * field holds for a 128 KiB dlen (acomp with no destination).
     */
    {
        uint64_t w[16];

        mem_w(z, INBUF, comp, clen);
        out_prepare(z, 0x10000);
        inst_basic(w, iw0(false, 0, true, true, 0x20000), clen, 0);
        r = submit(z, w);
        ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
        ck_assert_uint_eq(r.written, 5000);
        assert_guard(z, OUTBUF + 0x10000, 64);
    }
    zip_quit(z);
}
END_TEST

START_TEST(test_lzs)
{
    Zip *z = zip_start();
    /* By hand from ANSI X3.241: 'A', then offset 1 length 9, end. */
    static const uint8_t ten_a[] = { 0x20, 0xe0, 0x7c, 0x70, 0x00 };
    g_autofree uint8_t *data = text(30000);
    g_autofree uint8_t *rnd = noise(3000, 99);
    g_autofree uint8_t *comp = NULL;
    g_autofree uint8_t *out = NULL;
    g_autofree uint8_t *out2 = NULL;
    g_autofree uint8_t *out3 = NULL;
    g_autofree uint8_t *comp2 = NULL;
    Res r;

    r = zdecompress(z, ZIP_CC_LZS, ten_a, sizeof(ten_a), 100, &out);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    ck_assert_uint_eq(r.written, 10);
    ck_assert_mem_eq(out, "AAAAAAAAAA", 10);

    r = zcompress(z, ZIP_CC_LZS, data, 30000, 65535, &comp);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    ck_assert_uint_lt(r.written, 30000 * 2 / 3);
    r = zdecompress(z, ZIP_CC_LZS, comp, r.written, 65535, &out2);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    ck_assert_uint_eq(r.written, 30000);
    ck_assert_mem_eq(out2, data, 30000);

    r = zcompress(z, ZIP_CC_LZS, rnd, 3000, 65535, &comp2);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    r = zdecompress(z, ZIP_CC_LZS, comp2, r.written, 3000, &out3);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    ck_assert_mem_eq(out3, rnd, 3000);

    /* Truncated LZS with EF: ITRUNC. An offset before the start: BADCODE. */
    r = zdecompress(z, ZIP_CC_LZS, ten_a, 2, 100, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_ITRUNC);
    {
        /* 'A' then offset 5 (7-bit form) with only one byte behind it. */
        static const uint8_t bad[] = { 0x20, 0xe1, 0x4c, 0x00 };

        r = zdecompress(z, ZIP_CC_LZS, bad, sizeof(bad), 100, NULL);
        ck_assert_uint_eq(r.code, ZIP_COMP_BADCODE);
        assert_log(z, "corrupt LZS stream");
    }
    zip_quit(z);
}
END_TEST

/* The driver's own queue use: more instructions than slots, wrapping. */
START_TEST(test_queue_wraps_like_driver)
{
    Zip *z = zip_start();
    g_autofree uint8_t *data = text(500);
    int i;

    for (i = 0; i < 2 * QSLOTS + 5; i++) {
        Res r = zcompress(z, ZIP_CC_AUTO, data, 100 + i, 1000, NULL);

        ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
        ck_assert_uint_eq(r.read, 100 + i);
    }
    /* NII counts executed instructions; none pending. */
    ck_assert_uint_eq(que_nii(z, 0),
                      2 * QSLOTS + 5);
    ck_assert_uint_eq(que_rqwc(z, 0), 0);
    assert_no_log(z);
    zip_quit(z);
}
END_TEST

START_TEST(test_gather_scatter)
{
    Zip *z = zip_start();
    g_autofree uint8_t *data = text(9000);
    g_autofree uint8_t *o1 = NULL;
    g_autofree uint8_t *o2 = NULL;
    uint8_t comp[9000], back[9000];
    uint64_t w[16], list[6];
    Res r;

    /* Input gathered from three pieces in reverse address order. */
    mem_w(z, INBUF + 0x8000, data, 3000);
    mem_w(z, INBUF + 0x4000, data + 3000, 3000);
    mem_w(z, INBUF, data + 6000, 3000);
    list[0] = cpu_to_le64(INBUF + 0x8000);
    list[1] = cpu_to_le64(3000ULL << 32);
    list[2] = cpu_to_le64(INBUF + 0x4000);
    list[3] = cpu_to_le64(3000ULL << 32);
    list[4] = cpu_to_le64(INBUF);
    list[5] = cpu_to_le64(3000ULL << 32);
    mem_w(z, LISTBUF, list, sizeof(list));
    /* Output scattered into 40 bytes, then the rest. */
    list[0] = cpu_to_le64(OUTBUF);
    list[1] = cpu_to_le64(40ULL << 32);
    list[2] = cpu_to_le64(OUTBUF + 0x8000);
    list[3] = cpu_to_le64(8000ULL << 32);
    mem_w(z, LISTBUF + 0x1000, list, 32);
    inst_basic(w, iw0(true, ZIP_CC_AUTO, true, false, 9000) |
               I0(DG) | I0(DS), 3, 2);
    w[ZIP_IW_INP] = LISTBUF;
    w[ZIP_IW_OUT] = LISTBUF + 0x1000;
    r = submit(z, w);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    ck_assert_uint_eq(r.read, 9000);
    ck_assert_uint_gt(r.written, 40);
    o1 = mem_r(z, OUTBUF, 40);
    o2 = mem_r(z, OUTBUF + 0x8000, r.written - 40);
    memcpy(comp, o1, 40);
    memcpy(comp + 40, o2, r.written - 40);
    ck_assert_int_eq(host_inflate(comp, r.written, NULL, 0, back, 9000), 9000);
    ck_assert_mem_eq(back, data, 9000);
    zip_quit(z);
}
END_TEST

/* A deflate bit stream: fields LSB first, Huffman codes MSB first. */
typedef struct Bits {
    uint8_t buf[16];
    unsigned n;
} Bits;

static void put(Bits *b, uint32_t val, unsigned len)
{
    while (len--) {
        b->buf[b->n / 8] |= (val & 1) << (b->n % 8);
        b->n++;
        val >>= 1;
    }
}

static void put_code(Bits *b, uint32_t code, unsigned len)
{
    while (len--) {
        put(b, code >> len, 1);
    }
}

/* Corrupt deflate streams: each kind gets its ZIP_COMP_E code. */
START_TEST(test_corrupt_deflate)
{
    Zip *z = zip_start();
    struct {
        const char *name;
        Bits bits;
        uint8_t code;
    } bad[5] = {
        { "reserved block type", .code = ZIP_COMP_RBLOCK },
        { "stored NLEN", .code = ZIP_COMP_NLEN },
        { "too many length codes", .code = ZIP_COMP_BADCODE2 },
        { "distance code 30", .code = ZIP_COMP_BADCODE },
        { "distance too far back", .code = ZIP_COMP_BADCODE },
    };
    g_autofree uint8_t *data = text(2000);
    uint8_t comp[2000];
    size_t clen;
    unsigned i;
    Res r;

    put(&bad[0].bits, 1, 1);            /* BFINAL */
    put(&bad[0].bits, 3, 2);            /* BTYPE 11 */
    put(&bad[1].bits, 1, 1);
    put(&bad[1].bits, 0, 2);            /* stored */
    bad[1].bits.n = 8;
    put(&bad[1].bits, 5, 16);           /* LEN 5 */
    put(&bad[1].bits, 5, 16);           /* NLEN not ~LEN */
    put(&bad[2].bits, 1, 1);
    put(&bad[2].bits, 2, 2);            /* dynamic */
    put(&bad[2].bits, 31, 5);           /* HLIT 288 > 286 */
    put(&bad[2].bits, 0, 5);
    put(&bad[2].bits, 0, 4);
    put(&bad[3].bits, 1, 1);
    put(&bad[3].bits, 1, 2);            /* fixed */
    put_code(&bad[3].bits, 0x30 + 'a', 8);
    put_code(&bad[3].bits, 1, 7);       /* length 3 */
    put_code(&bad[3].bits, 30, 5);      /* distance code 30: invalid */
    put(&bad[4].bits, 1, 1);
    put(&bad[4].bits, 1, 2);
    put_code(&bad[4].bits, 1, 7);       /* length 3, nothing before it */
    put_code(&bad[4].bits, 0, 5);       /* distance 1 */
    put_code(&bad[4].bits, 0, 7);       /* end of block */

    for (i = 0; i < ARRAY_SIZE(bad); i++) {
        r = zdecompress(z, 0, bad[i].bits.buf, 16, 1000, NULL);
        ck_assert_msg(r.code == bad[i].code, "%s: code %u, want %u",
                      bad[i].name, r.code, bad[i].code);
        assert_log(z, "corrupt deflate stream");
    }
    /* A stream cut short, with EF set: ITRUNC. */
    clen = host_deflate(data, 2000, NULL, 0, comp, sizeof(comp));
    r = zdecompress(z, 0, comp, clen / 2, 4000, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_ITRUNC);
    /* Zero-length compression input. */
    r = zcompress(z, ZIP_CC_AUTO, data, 0, 100, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_ZERO_LEN);
    /* The engine still works afterwards. */
    r = zdecompress(z, 0, comp, clen, 4000, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    zip_quit(z);
}
END_TEST

/*
 * One final dynamic block that codes "a": litlen 'a' and end of block
 * (codewords 0 and 1) and two distance codes. hlit zero lengths follow
 * the end of block's; single_eob codes nothing but the end of block, an
 * incomplete code whose codeword 1 the stream then uses.
 */
static void dynamic_a(Bits *b, unsigned hlit, bool single_eob)
{
    static const uint8_t pre[18] = { 0, 2, 2, 2, [17] = 2 };
    unsigned i;

    put(b, 1, 1);
    put(b, 2, 2);
    put(b, hlit, 5);
    put(b, single_eob ? 0 : 1, 5);      /* HDIST: 1 or 2 distance codes */
    put(b, 14, 4);                      /* 18 precode lengths */
    for (i = 0; i < 18; i++) {
        put(b, pre[i], 3);              /* 0, 1, 17, 18: codewords 00..11 */
    }
    if (single_eob) {
        put_code(b, 3, 2);              /* 138 zeros */
        put(b, 127, 7);
        put_code(b, 3, 2);              /* 118 zeros */
        put(b, 107, 7);
        put_code(b, 1, 2);              /* end of block: 1 */
        put_code(b, 1, 2);              /* one distance code: 1 */
        put_code(b, 1, 1);              /* the unused codeword */
        return;
    }
    put_code(b, 3, 2);                  /* 86 + 11 zeros */
    put(b, 75, 7);
    put_code(b, 3, 2);
    put(b, 0, 7);
    put_code(b, 1, 2);                  /* 'a': 1 */
    put_code(b, 3, 2);                  /* 138 + 20 zeros */
    put(b, 127, 7);
    put_code(b, 3, 2);
    put(b, 9, 7);
    put_code(b, 1, 2);                  /* end of block: 1 */
    put_code(b, 3, 2);                  /* hlit zeros, to 257 + hlit */
    put(b, hlit - 11, 7);
    put_code(b, 1, 2);                  /* two distance codes: 1, 1 */
    put_code(b, 1, 2);
    put_code(b, 0, 1);                  /* 'a' */
    put_code(b, 1, 1);                  /* end of block */
}

/*
 * Streams a lenient inflater (libdeflate, which the model uses for whole
 * streams) would take: the engine rejects them as zlib does.
 */
START_TEST(test_inflate_strict)
{
    Zip *z = zip_start();
    g_autofree uint8_t *out = NULL;
    Bits ok = { 0 }, hlit = { 0 }, eob = { 0 };
    Res r;

    dynamic_a(&ok, 29, false);
    r = zdecompress(z, 0, ok.buf, 16, 100, &out);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    ck_assert_uint_eq(r.written, 1);
    ck_assert_uint_eq(out[0], 'a');
    ck_assert_uint_eq(r.read, DIV_ROUND_UP(ok.n, 8));
    ck_assert_uint_eq(r.bits, r.read * 8);
    assert_no_log(z);
    /* 287 length codes: more than the 286 RFC 1951 allows. */
    dynamic_a(&hlit, 30, false);
    r = zdecompress(z, 0, hlit.buf, 16, 100, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_BADCODE2);
    assert_log(z, "too many length or distance symbols");
    /* Codeword 1 of a code that has only 0. */
    dynamic_a(&eob, 0, true);
    r = zdecompress(z, 0, eob.buf, 16, 100, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_BADCODE);
    assert_log(z, "invalid literal/length code");
    zip_quit(z);
}
END_TEST

/* Pointers and lengths outside what the guest owns. */
START_TEST(test_bad_pointers)
{
    Zip *z = zip_start();
    g_autofree uint8_t *data = text(1000);
    uint64_t w[16], list[2];
    Res r;

    mem_w(z, INBUF, data, 1000);
    /* Input outside RAM: error code, ERR_INT.NRRP, a log line. */
    inst_basic(w, iw0(true, 0, true, false, 2000), 1000, 2000);
    w[ZIP_IW_INP] = NOWHERE;
    r = submit(z, w);
    ck_assert_uint_eq(r.code, ZIP_COMP_FATAL);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_ERR_INT, 0)), ERR(NRRP));
    assert_log(z, "input at 0x3f000000000 (1000 bytes) is not in memory");
    csr_w(z, ZIP_QUE(A_ZIP_QUE_ERR_INT, 0), ERR(NRRP));
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_ERR_INT, 0)), 0);

    /* Input running past the end of RAM. */
    inst_basic(w, iw0(true, 0, true, false, 2000), 60000, 2000);
    w[ZIP_IW_INP] = RAM + 256 * MiB - 100;
    r = submit(z, w);
    ck_assert_uint_eq(r.code, ZIP_COMP_FATAL);
    assert_log(z, "is not in memory");

    /* Output outside RAM: NWRP. */
    inst_basic(w, iw0(true, 0, true, false, 2000), 1000, 2000);
    w[ZIP_IW_OUT] = NOWHERE;
    r = submit(z, w);
    ck_assert_uint_eq(r.code, ZIP_COMP_FATAL);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_ERR_INT, 0)) & ERR(NWRP),
                      ERR(NWRP));
    assert_log(z, "output at 0x3f000000000");

    /* HISTORYLENGTH beyond the input. */
    inst_basic(w, iw0(true, 0, true, false, 2000), 1000, 2000);
    w[1] = FIELD_DP64(w[1], ZIP_INST_IWORD1, HISTORYLENGTH, 1001);
    r = submit(z, w);
    ck_assert_uint_eq(r.code, ZIP_COMP_FATAL);
    assert_log(z, "HISTORYLENGTH 1001 exceeds the 1000-byte input");

    /* A gather list longer than the engine takes. */
    inst_basic(w, iw0(true, 0, true, false, 2000) | I0(DG), 60000, 2000);
    r = submit(z, w);
    ck_assert_uint_eq(r.code, ZIP_COMP_FATAL);
    assert_log(z, "gather list of 60000 entries");

    /* A gather entry outside RAM. */
    list[0] = cpu_to_le64(NOWHERE);
    list[1] = cpu_to_le64(100ULL << 32);
    mem_w(z, LISTBUF, list, sizeof(list));
    inst_basic(w, iw0(true, 0, true, false, 2000) | I0(DG), 1, 2000);
    w[ZIP_IW_INP] = LISTBUF;
    r = submit(z, w);
    ck_assert_uint_eq(r.code, ZIP_COMP_FATAL);
    assert_log(z, "is not in memory");

    /* A result pointer outside RAM: nothing to write, NWRP and a log. */
    csr_w(z, ZIP_QUE(A_ZIP_QUE_ERR_INT, 0), ZIP_QUE_ERR_ALL);
    inst_basic(w, iw0(true, 0, true, false, 2000), 1000, 2000);
    w[ZIP_IW_RES] = NOWHERE;
    submit(z, w);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_ERR_INT, 0)), ERR(NWRP));
    assert_log(z, "result pointer 0x3f000000000 is not in memory");

    /* And the queue still runs. */
    r = zcompress(z, 0, data, 1000, 2000, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    zip_quit(z);
}
END_TEST

static void write_inst_at(Zip *z, uint64_t addr, const uint64_t *w)
{
    uint64_t le[16];
    int i;

    for (i = 0; i < 16; i++) {
        le[i] = cpu_to_le64(w[i]);
    }
    mem_w(z, addr, le, sizeof(le));
}

/* Queue chains that loop or lead nowhere stop the queue, never hang. */
START_TEST(test_queue_chain_errors)
{
    Zip *z = zip_start();
    g_autofree uint8_t *data = text(1000);
    uint64_t w[16], nptr;
    Res r;

    mem_w(z, INBUF, data, 1000);
    inst_basic(w, iw0(true, 0, true, false, 2000), 1000, 2000);

    /* Queue 1: chunks of one slot, A -> B -> A; three doorbells. */
    queue_init(z, 1, QBUF2, 17);
    write_inst_at(z, QBUF2, w);
    write_inst_at(z, QBUF2 + 0x1000, w);
    nptr = cpu_to_le64(QBUF2 + 0x1000);
    mem_w(z, QBUF2 + 16 * 8, &nptr, 8);
    nptr = cpu_to_le64(QBUF2);
    mem_w(z, QBUF2 + 0x1000 + 16 * 8, &nptr, 8);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 1), 3);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_ERR_INT, 1)), ERR(IRDE));
    assert_log(z, "the queue chain loops");
    ck_assert_uint_eq(que_nii(z, 1), 2);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 1)), 0);
    r = res_read(z, RESBUF);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    /* Stopped: doorbells are refused until SBUF_ADDR is rewritten. */
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 1), 1);
    assert_log(z, "doorbell on stopped queue 1");
    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_ADDR, 1), QBUF2);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 1), 1);
    ck_assert_uint_eq(que_nii(z, 1), 3);

    /* A next-chunk pointer outside RAM. */
    nptr = cpu_to_le64(NOWHERE);
    mem_w(z, QBUF2 + 0x1000 + 16 * 8, &nptr, 8);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_ADDR, 1), QBUF2 + 0x1000);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 1), 2);
    assert_log(z, "instruction at 0x3f000000000 is not in memory");
    /* A null next-chunk pointer. */
    nptr = 0;
    mem_w(z, QBUF2 + 0x1000 + 16 * 8, &nptr, 8);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_ADDR, 1), QBUF2 + 0x1000);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 1), 2);
    assert_log(z, "is null");

    /* A chunk too small for any instruction. */
    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_CTL, 1), SBUF_SIZE(16));
    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_ADDR, 1), QBUF2);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 1), 1);
    assert_log(z, "leaves no room for an instruction");

    /* The instruction buffer itself outside RAM. */
    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_CTL, 1), SBUF_SIZE(QWORDS));
    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_ADDR, 1), NOWHERE);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 1), 1);
    assert_log(z, "instruction at 0x3f000000000 is not in memory");

    /* Doorbell overflow. */
    csr_w(z, A_ZIP_QUE_ENA, 1);       /* queue 1 off: doorbells accumulate */
    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_ADDR, 1), QBUF2);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 1), 0xfffff);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 1), 1);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_ERR_INT, 1)) & ERR(DOVF),
                      ERR(DOVF));
    assert_log(z, "doorbell overflow");
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 1)), 0xfffff);

    /* Queue 0 was never disturbed. */
    r = zcompress(z, 0, data, 1000, 2000, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    zip_quit(z);
}
END_TEST

/* A huge doorbell count runs in bounded batches, not in one MMIO write. */
START_TEST(test_large_doorbell_batches)
{
    Zip *z = zip_start();
    uint64_t w[16];
    int i;
    uint64_t sta;

    inst_basic(w, iw0(true, 0, true, false, 100), 0, 100);  /* ZERO_LEN */
    for (i = 0; i < QSLOTS; i++) {
        write_inst_at(z, QBUF + i * ZIP_INST_SIZE, w);
    }
    {
        uint64_t nptr = cpu_to_le64(QBUF);

        mem_w(z, QBUF + 8064, &nptr, 8);
    }
    /* 60 of 63 slots: legal. The first batch runs at once. */
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 0), 60);
    sta = csr(z, ZIP_QUE(A_ZIP_DBG_QUE_STA, 0));
    ck_assert_uint_ge(sta & 0xffffffff, 1);
    /* The rest completes from the main loop. */
    for (i = 0; i < 100 && ((sta >> 32) & 0xffffff); i++) {
        qtest_clock_step(z->t->qts, 1000);
        sta = csr(z, ZIP_QUE(A_ZIP_DBG_QUE_STA, 0));
    }
    ck_assert_uint_eq(sta & 0xffffffff, 60);
    ck_assert_uint_eq(res_read(z, RESBUF).code, ZIP_COMP_ZERO_LEN);
    zip_quit(z);
}
END_TEST

START_TEST(test_gating)
{
    Zip *z = zip_start();
    g_autofree uint8_t *data = text(100);
    uint64_t w[16];

    mem_w(z, INBUF, data, 100);
    inst_basic(w, iw0(true, 0, true, false, 200), 100, 200);
    /*
     * Bus mastering off: the engine runs all the same, as the on-chip
     * device does (Linux's driver never sets MASTER).
     */
    cfg_w(z, PCI_COMMAND, PCI_COMMAND_MEMORY);
    ck_assert_uint_eq(submit(z, w).code, ZIP_COMP_SUCCESS);
    /* Unmapped from every core: the same. */
    csr_w(z, ZIP_QUE(A_ZIP_QUE_MAP, 0), 0);
    ck_assert_uint_eq(submit(z, w).code, ZIP_COMP_NOTDONE);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_MAP, 0), 1);
    ck_assert_uint_eq(res_read(z, RESBUF).code, ZIP_COMP_SUCCESS);
    /* THROTTLE 0 suspends the engine's memory accesses. */
    csr_w(z, A_ZIP_THROTTLE, 0);
    ck_assert_uint_eq(submit(z, w).code, ZIP_COMP_NOTDONE);
    csr_w(z, A_ZIP_THROTTLE, 0x10);
    ck_assert_uint_eq(res_read(z, RESBUF).code, ZIP_COMP_SUCCESS);
    /* CMD_CTL.RESET drops what is queued. */
    csr_w(z, A_ZIP_QUE_ENA, 0);
    ck_assert_uint_eq(submit(z, w).code, ZIP_COMP_NOTDONE);
    csr_w(z, A_ZIP_CMD_CTL,
          R_ZIP_CMD_CTL_RESET_MASK | R_ZIP_CMD_CTL_FORCECLK_MASK);
    ck_assert_uint_eq(csr(z, A_ZIP_CMD_CTL), R_ZIP_CMD_CTL_FORCECLK_MASK);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 0)), 0);
    csr_w(z, A_ZIP_QUE_ENA, 1);
    ck_assert_uint_eq(res_read(z, RESBUF).code, ZIP_COMP_NOTDONE);
    assert_no_log(z);
    zip_quit(z);
}
END_TEST

START_TEST(test_big_endian_instructions)
{
    Zip *z = zip_start();
    g_autofree uint8_t *data = text(700);
    uint64_t w[16], be[16];
    int i;

    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_CTL, 2),
          SBUF_SIZE(QWORDS) | R_ZIP_QUE_SBUF_CTL_INST_BE_MASK);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_SBUF_ADDR, 2), QBUF2);
    csr_w(z, A_ZIP_QUE_ENA, 5);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_MAP, 2), 2);
    mem_w(z, INBUF, data, 700);
    inst_basic(w, iw0(true, 0, true, false, 2000), 700, 2000);
    for (i = 0; i < 16; i++) {
        be[i] = cpu_to_be64(w[i]);
    }
    mem_w(z, QBUF2, be, sizeof(be));
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 2), 1);
    ck_assert_uint_eq(res_read(z, RESBUF).code, ZIP_COMP_SUCCESS);
    ck_assert_uint_eq(res_read(z, RESBUF).read, 700);
    zip_quit(z);
}
END_TEST

/* DONE counting and its MSI-X vector (seen pending while masked). */
START_TEST(test_done_interrupt)
{
    Zip *z = zip_start();
    g_autofree uint8_t *data = text(100);
    uint8_t msix = find_cap(z, PCI_CAP_ID_MSIX);
    uint32_t pba_off = cfg_r(z, msix + 8) & ~7u;
    uint64_t w[16];
    Res r;

    /* Enable MSI-X, mask vector 0 so its message stays pending. */
    cfg_w(z, msix, cfg_r(z, msix) | (PCI_MSIX_FLAGS_ENABLE << 16));
    qtest_writel(z->t->qts, BAR4 + 12, 1);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DONE_ENA_W1S, 0), 1);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_DONE_ENA_W1C, 0)), 1);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DONE_WAIT, 0), 2);          /* after two */

    mem_w(z, INBUF, data, 100);
    inst_basic(w, iw0(true, 0, true, false, 200) | I0(DONEINT), 100, 200);
    r = submit(z, w);
    ck_assert(r.doneint);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_DONE, 0)), 1);
    ck_assert_uint_eq(qtest_readl(z->t->qts, BAR4 + pba_off) & 1, 0);
    submit(z, w);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_DONE, 0)), 2);
    ck_assert_uint_eq(qtest_readl(z->t->qts, BAR4 + pba_off) & 1, 1);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DONE_ACK, 0), 2);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_DONE, 0)), 0);
    /* Without DONEINT the count stays. */
    w[0] &= ~I0(DONEINT);
    ck_assert(!submit(z, w).doneint);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_DONE, 0)), 0);
    csr_w(z, ZIP_QUE(A_ZIP_QUE_DONE_ACK, 0), 5);
    assert_log(z, "DONE_ACK of 5 exceeds");
    zip_quit(z);
}
END_TEST

START_TEST(test_migration_mid_queue)
{
    Zip *z = zip_start();
    Zip *d = g_new0(Zip, 1);
    g_autofree uint8_t *data = text(4000);
    g_autofree uint8_t *out = NULL;
    uint8_t back[4000];
    uint64_t w[16];
    Res r;

    /* A few done, then two instructions waiting on a disabled queue. */
    zcompress(z, 0, data, 1000, 2000, NULL);
    zcompress(z, 0, data, 2000, 3000, NULL);
    csr_w(z, A_ZIP_QUE_ENA, 0);
    mem_w(z, INBUF, data, 4000);
    inst_basic(w, iw0(true, ZIP_CC_FIXED, true, false, 5000), 4000, 5000);
    submit(z, w);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_DOORBELL, 0)), 1);

    d->t = ps_migrate(z->t, "presilicon", "-m 256M");
    d->slot = z->slot;
    ps_qtest_quit(z->t);
    g_free(z);

    ck_assert_uint_eq(csr(d, ZIP_QUE(A_ZIP_QUE_DOORBELL, 0)), 1);
    ck_assert_uint_eq(que_nii(d, 0), 2);
    csr_w(d, A_ZIP_QUE_ENA, 1);
    r = res_read(d, RESBUF);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    out = mem_r(d, OUTBUF, r.written);
    ck_assert_int_eq(host_inflate(out, r.written, NULL, 0, back, 4000), 4000);
    ck_assert_mem_eq(back, data, 4000);
    /* The queue goes on from the same slot. */
    r = zcompress(d, 0, data, 500, 1000, NULL);
    ck_assert_uint_eq(r.code, ZIP_COMP_SUCCESS);
    assert_no_log(d);
    zip_quit(d);
}
END_TEST

START_TEST(test_system_reset)
{
    Zip *z = zip_start();
    QDict *rsp;

    csr_w(z, ZIP_QUE(A_ZIP_QUE_DONE_WAIT, 0), 5);
    rsp = qtest_qmp(z->t->qts, "{'execute': 'system_reset'}");
    qobject_unref(rsp);
    qtest_qmp_eventwait(z->t->qts, "RESET");
    /* Firmware would reassign the BARs; do it again. */
    cfg_w(z, PCI_BASE_ADDRESS_0, BAR0);
    cfg_w(z, PCI_BASE_ADDRESS_0 + 4, 0);
    cfg_w(z, PCI_COMMAND, PCI_COMMAND_MEMORY);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_DONE_WAIT, 0)), 0);
    ck_assert_uint_eq(csr(z, A_ZIP_QUE_ENA), 0);
    ck_assert_uint_eq(csr(z, ZIP_QUE(A_ZIP_QUE_SBUF_CTL, 0)), 0);
    ck_assert_uint_eq(csr(z, A_ZIP_THROTTLE), 0x10);
    zip_quit(z);
}
END_TEST

START_TEST(test_bare_board)
{
    PsQTest *t = ps_qtest_start("presilicon,bare=on", "-m 256M");

    /* No function at 00:01.0 without the built-in models... */
    ck_assert_uint_eq(qtest_readl(t->qts, ZIP_CFG), 0xffffffff);
    ps_qtest_quit(t);
    /* ...until -device adds one. */
    t = ps_qtest_start("presilicon,bare=on",
                       "-m 256M -device thunderx-zip,addr=01.0");
    ck_assert_uint_eq(qtest_readl(t->qts, ZIP_CFG), 0xa01a177d);
    ps_qtest_quit(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("thunderx-zip");
    TCase *pci = tcase_create("pci");
    TCase *data = tcase_create("data");
    TCase *queue = tcase_create("queue");
    TCase *bad = tcase_create("bad-input");

    tcase_add_test(pci, test_pci_identity);
    tcase_add_test(pci, test_reset_values);
    tcase_add_test(pci, test_system_reset);
    tcase_add_test(pci, test_bare_board);
    tcase_add_test(data, test_deflate_fixed_dynamic);
    tcase_add_test(data, test_sync_flush);
    tcase_add_test(data, test_inflate);
    tcase_add_test(data, test_history);
    tcase_add_test(data, test_output_truncation);
    tcase_add_test(data, test_lzs);
    tcase_add_test(data, test_gather_scatter);
    tcase_add_test(queue, test_queue_wraps_like_driver);
    tcase_add_test(queue, test_large_doorbell_batches);
    tcase_add_test(queue, test_gating);
    tcase_add_test(queue, test_big_endian_instructions);
    tcase_add_test(queue, test_done_interrupt);
    tcase_add_test(queue, test_migration_mid_queue);
    tcase_add_test(bad, test_corrupt_deflate);
    tcase_add_test(bad, test_inflate_strict);
    tcase_add_test(bad, test_bad_pointers);
    tcase_add_test(bad, test_queue_chain_errors);
    suite_add_tcase(s, pci);
    suite_add_tcase(s, data);
    suite_add_tcase(s, queue);
    suite_add_tcase(s, bad);

    return ps_check_run(s);
}
