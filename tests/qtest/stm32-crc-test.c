/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * STM32 CRC unit: device-tree node, reset values, the Linux driver's
 * crc32/crc32c register sequence, catalogue and ST known answers through
 * every POLYSIZE, REV_IN, REV_OUT and write size, a reference CRC for
 * random configurations, resets mid-computation, malformed accesses with
 * their guest-error lines, and migration mid-computation.
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qemu/host-utils.h"
#include "presilicon-qtest.h"
#include "hw/crypto/stm32_crc_regs.h"
#include "check-tap.h"
#include <libfdt.h>

/* Where docs/board.md places the board's CRC unit (model slot 1). */
#define CRC_BASE 0x10010000ull

static const uint8_t check_str[] = "123456789";
#define CHECK_LEN 9

/* CRC_CR values, composed from the header's fields and field values. */
#define POLYSIZE(n) \
    ((uint32_t)STM32_CRC_POLYSIZE_##n << R_CRC_CR_POLYSIZE_SHIFT)
#define REV_IN(m)   ((uint32_t)STM32_CRC_REV_IN_##m << R_CRC_CR_REV_IN_SHIFT)
#define REV_OUT     R_CRC_CR_REV_OUT_MASK
#define CR_RESET    R_CRC_CR_RESET_MASK

static uint32_t rd(PsQTest *t, uint32_t reg)
{
    return qtest_readl(t->qts, CRC_BASE + reg);
}

static void wr(PsQTest *t, uint32_t reg, uint32_t val)
{
    qtest_writel(t->qts, CRC_BASE + reg, val);
}

/* INIT, POL, then CR with RESET: the order the Linux driver uses. */
static void setup(PsQTest *t, uint32_t cr, uint32_t init, uint32_t pol)
{
    wr(t, A_CRC_INIT, init);
    wr(t, A_CRC_POL, pol);
    wr(t, A_CRC_CR, cr | CR_RESET);
}

static unsigned cr_width(uint32_t cr)
{
    static const unsigned w[] = { 32, 16, 8, 7 };

    return w[FIELD_EX32(cr, CRC_CR, POLYSIZE)];
}

/* The low w bits of v, reversed. */
static uint32_t rev_w(uint32_t v, unsigned w)
{
    return revbit32(v) >> (32 - w);
}

static uint32_t mask_w(unsigned w)
{
    return w == 32 ? UINT32_MAX : (1u << w) - 1;
}

/*
 * Reference CRC register (before REV_OUT) after the bytes p[0..n), each
 * taken LSB first when refin (the reflected right-shifting algorithm)
 * or MSB first otherwise, from register value init.
 */
static uint32_t ref_crc(unsigned w, uint32_t poly, uint32_t init, bool refin,
                        const uint8_t *p, size_t n)
{
    uint32_t mask = mask_w(w), crc;

    poly &= mask;
    if (refin) {
        uint32_t rpoly = rev_w(poly, w);

        crc = rev_w(init, w);
        for (size_t i = 0; i < n; i++) {
            for (int k = 0; k < 8; k++) {
                bool fb = (crc ^ (p[i] >> k)) & 1;

                crc = (crc >> 1) ^ (fb ? rpoly : 0);
            }
        }
        return rev_w(crc, w);
    }
    crc = init & mask;
    for (size_t i = 0; i < n; i++) {
        for (int k = 7; k >= 0; k--) {
            bool fb = ((crc >> (w - 1)) ^ (p[i] >> k)) & 1;

            crc = ((crc << 1) & mask) ^ (fb ? poly : 0);
        }
    }
    return crc;
}

/*
 * The value a write of n (1, 2 or 4) bytes from p carries so that the
 * unit takes the bytes in stream order, each reflected when REV_IN
 * reverses: big-endian without reversal or by byte, each half-word
 * little-endian by half-word, little-endian by word (a reversal unit
 * wider than the write covers only the written bits).
 */
static uint32_t pack(const uint8_t *p, unsigned n, uint32_t rev_in)
{
    uint32_t v = 0;

    switch (rev_in) {
    case REV_IN(NONE):
    case REV_IN(BYTE):
        for (unsigned i = 0; i < n; i++) {
            v = v << 8 | p[i];
        }
        break;
    case REV_IN(HALF):
        if (n == 1) {
            return p[0];
        }
        for (unsigned i = 0; i < n; i += 2) {
            v = v << 16 | p[i] | p[i + 1] << 8;
        }
        break;
    default:
        for (unsigned i = n; i-- > 0;) {
            v = v << 8 | p[i];
        }
        break;
    }
    return v;
}

/* Feed p[0..n) to DR with write sizes cycling through sizes[]. */
static void feed(PsQTest *t, uint32_t rev_in, const uint8_t *p, size_t n,
                 const unsigned *sizes, size_t nsizes)
{
    for (size_t i = 0, k = 0; i < n; k++) {
        unsigned sz = sizes[k % nsizes];
        uint32_t v;

        while (sz > n - i) {
            sz /= 2;
        }
        v = pack(p + i, sz, rev_in);
        if (sz == 4) {
            qtest_writel(t->qts, CRC_BASE + A_CRC_DR, v);
        } else if (sz == 2) {
            qtest_writew(t->qts, CRC_BASE + A_CRC_DR, v);
        } else {
            qtest_writeb(t->qts, CRC_BASE + A_CRC_DR, v);
        }
        i += sz;
    }
}

static const unsigned size_patterns[][4] = {
    { 4 }, { 2 }, { 1 }, { 2, 4, 1 }, { 1, 4, 2, 4 },
};
static const size_t size_pattern_len[] = { 1, 1, 1, 3, 4 };

/* The node follows bindings/crypto/st,stm32-crc.yaml: reg and clocks. */
static void check_crc_node(const void *fdt, int node, uint64_t want_base)
{
    uint64_t base, size;
    uint32_t clk;
    int clk_node, len;
    const fdt32_t *clocks;
    g_autofree char *want_name = NULL;

    ck_assert_int_ge(node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, &base, &size));
    if (want_base) {
        ck_assert_uint_eq(base, want_base);
    }
    ck_assert_uint_eq(size, STM32_CRC_MMIO_SIZE);
    ck_assert(!ps_fdt_reg(fdt, node, 1, &base, &size));
    want_name = g_strdup_printf("crc@%" PRIx64, base);
    ck_assert_str_eq(fdt_get_name(fdt, node, NULL), want_name);

    /* Exactly one clock: the driver asks for devm_clk_get(dev, NULL). */
    clocks = fdt_getprop(fdt, node, "clocks", &len);
    ck_assert_ptr_nonnull(clocks);
    ck_assert_int_eq(len, 4);
    clk = fdt32_to_cpu(clocks[0]);
    clk_node = fdt_node_offset_by_phandle(fdt, clk);
    ck_assert_int_ge(clk_node, 0);
    ck_assert_int_eq(fdt_node_check_compatible(fdt, clk_node, "fixed-clock"),
                     0);
    ck_assert_uint_eq(ps_fdt_cell(fdt, clk_node, "#clock-cells", 1), 0);
    ck_assert_uint_gt(ps_fdt_cell(fdt, clk_node, "clock-frequency", 0), 0);
    /* additionalProperties: false, and the block has no interrupt. */
    ck_assert_ptr_null(fdt_getprop(fdt, node, "clock-names", NULL));
    ck_assert_ptr_null(fdt_getprop(fdt, node, "interrupts", NULL));
    ck_assert_ptr_null(fdt_getprop(fdt, node, "resets", NULL));
}

START_TEST(test_fdt_node)
{
    ps_check_builtin_node("st,stm32f7-crc", CRC_BASE, check_crc_node);
}
END_TEST

START_TEST(test_bare_has_no_models)
{
    ps_check_bare_has_no_node("st,stm32f7-crc", CRC_BASE);
}
END_TEST

START_TEST(test_bare_device_is_placed)
{
    uint64_t base;
    PsQTest *t = ps_start_bare_device("stm32-crc", "st,stm32f7-crc",
                                      check_crc_node, &base);

    /* The node's address is where the unit answers. */
    ck_assert_uint_eq(qtest_readl(t->qts, base + A_CRC_POL),
                      STM32_CRC_POL_RESET);
    qtest_writeb(t->qts, base + A_CRC_IDR, 0x5a);
    ck_assert_uint_eq(qtest_readl(t->qts, base + A_CRC_IDR), 0x5a);
    ps_qtest_quit(t);
}
END_TEST

/* RM0410's reset values. */
static void assert_reset_values(PsQTest *t)
{
    ck_assert_uint_eq(rd(t, A_CRC_DR), STM32_CRC_DR_RESET);
    ck_assert_uint_eq(rd(t, A_CRC_IDR), 0);
    ck_assert_uint_eq(rd(t, A_CRC_CR), 0);
    ck_assert_uint_eq(rd(t, A_CRC_INIT), STM32_CRC_INIT_RESET);
    ck_assert_uint_eq(rd(t, A_CRC_POL), STM32_CRC_POL_RESET);
}

START_TEST(test_reset_values)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *log = NULL;

    assert_reset_values(t);
    /* Ready to use as is: CRC-32/MPEG-2 of the check string. */
    feed(t, REV_IN(NONE), check_str, CHECK_LEN,
         size_patterns[3], size_pattern_len[3]);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0x0376e6e7);
    log = ps_log_take(t);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(t);
}
END_TEST

/*
 * drivers/crypto/stm32/stm32-crc32.c, burst_update(): INIT = bitrev32
 * of the partial CRC, POL = bitrev32 of the kernel's reflected
 * polynomial, CR = RESET | REV_IN word | REV_OUT; bytes up to word
 * alignment with REV_IN byte, little-endian words, the tail as bytes
 * with REV_IN byte; the partial CRC read back from DR.
 */
static uint32_t driver_update(PsQTest *t, uint32_t poly_le, uint32_t partial,
                              const uint8_t *d, size_t len, size_t misalign)
{
    const uint32_t word = REV_IN(WORD) | REV_OUT;
    const uint32_t byte = REV_IN(BYTE) | REV_OUT;

    wr(t, A_CRC_INIT, revbit32(partial));
    wr(t, A_CRC_POL, revbit32(poly_le));
    wr(t, A_CRC_CR, CR_RESET | word);
    /* What stm32_crc_init() stores as the first partial: the key. */
    ck_assert_uint_eq(rd(t, A_CRC_DR), partial);
    if (misalign) {
        wr(t, A_CRC_CR, byte);
        for (; misalign && len; misalign--, len--) {
            qtest_writeb(t->qts, CRC_BASE + A_CRC_DR, *d++);
        }
        wr(t, A_CRC_CR, word);
    }
    for (; len >= 4; d += 4, len -= 4) {
        wr(t, A_CRC_DR, ldl_le_p(d));
    }
    if (len) {
        wr(t, A_CRC_CR, byte);
        while (len--) {
            qtest_writeb(t->qts, CRC_BASE + A_CRC_DR, *d++);
        }
    }
    return rd(t, A_CRC_DR);
}

START_TEST(test_linux_crc32_crc32c)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *log = NULL;
    uint8_t buf[61];
    uint32_t partial;

    /*
     * crc32 is crc32_le(key, ...) with the key given, crc32c inverts
     * at the end; the check values need a key of ~0 and, for crc32, the
     * caller's final inversion.
     */
    for (size_t mis = 0; mis < 4; mis++) {
        ck_assert_uint_eq(~driver_update(t, 0xedb88320, 0xffffffff,
                                         check_str, CHECK_LEN, mis),
                          0xcbf43926);
        ck_assert_uint_eq(~driver_update(t, 0x82f63b78, 0xffffffff,
                                         check_str, CHECK_LEN, mis),
                          0xe3069283);
    }
    /* Split into bursts, as with the driver's burst_size parameter. */
    partial = driver_update(t, 0xedb88320, 0xffffffff, check_str, 3, 0);
    partial = driver_update(t, 0xedb88320, partial, check_str + 3, 5, 3);
    partial = driver_update(t, 0xedb88320, partial, check_str + 8, 1, 0);
    ck_assert_uint_eq(~partial, 0xcbf43926);
    /* Longer data and a key of its own, against the reflected reference. */
    for (size_t i = 0; i < sizeof(buf); i++) {
        buf[i] = i * 37 + 11;
    }
    partial = driver_update(t, 0x82f63b78, 0x12345678, buf, sizeof(buf), 2);
    ck_assert_uint_eq(partial, rev_w(ref_crc(32, 0x1edc6f41,
                      revbit32(0x12345678), true, buf, sizeof(buf)), 32));
    log = ps_log_take(t);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(t);
}
END_TEST

/* Check values over "123456789" (reveng catalogue, Rocksoft model). */
static const struct {
    const char *name;
    uint32_t polysize;
    uint32_t poly, init;
    bool refl;          /* refin = refout */
    uint32_t xorout, check;
} catalogue[] = {
    { "CRC-32/ISO-HDLC", POLYSIZE(32), 0x04c11db7, 0xffffffff,
      true, 0xffffffff, 0xcbf43926 },
    { "CRC-32/ISCSI", POLYSIZE(32), 0x1edc6f41, 0xffffffff,
      true, 0xffffffff, 0xe3069283 },
    { "CRC-32/MPEG-2", POLYSIZE(32), 0x04c11db7, 0xffffffff,
      false, 0, 0x0376e6e7 },
    { "CRC-16/IBM-3740", POLYSIZE(16), 0x1021, 0xffff,
      false, 0, 0x29b1 },
    { "CRC-16/KERMIT", POLYSIZE(16), 0x1021, 0, true, 0, 0x2189 },
    { "CRC-16/MODBUS", POLYSIZE(16), 0x8005, 0xffff, true, 0,
      0x4b37 },
    { "CRC-8/SMBUS", POLYSIZE(8), 0x07, 0, false, 0, 0xf4 },
    { "CRC-8/MAXIM-DOW", POLYSIZE(8), 0x31, 0, true, 0, 0xa1 },
    { "CRC-7/MMC", POLYSIZE(7), 0x09, 0, false, 0, 0x75 },
    { "CRC-7/ROHC", POLYSIZE(7), 0x4f, 0x7f, true, 0, 0x53 },
};

/*
 * Each catalogue CRC through the registers: reflected ones with every
 * REV_IN mode, all with every write-size pattern, and with REV_OUT
 * flipped (the CRC then reads reversed over its width).
 */
START_TEST(test_catalogue_known_answers)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *log = NULL;

    for (size_t i = 0; i < ARRAY_SIZE(catalogue); i++) {
        unsigned w = cr_width(catalogue[i].polysize);
        uint32_t want = catalogue[i].check ^ catalogue[i].xorout;

        for (uint32_t m = 0; m < 4; m++) {
            uint32_t rev_in = FIELD_DP32(0, CRC_CR, REV_IN, m);

            if ((rev_in != REV_IN(NONE)) != catalogue[i].refl) {
                continue;
            }
            for (size_t p = 0; p < ARRAY_SIZE(size_patterns); p++) {
                for (int flip = 0; flip < 2; flip++) {
                    bool rev_out = catalogue[i].refl ^ flip;
                    uint32_t got;

                    setup(t, catalogue[i].polysize | rev_in |
                          (rev_out ? REV_OUT : 0),
                          catalogue[i].init, catalogue[i].poly);
                    feed(t, rev_in, check_str, CHECK_LEN, size_patterns[p],
                         size_pattern_len[p]);
                    got = rd(t, A_CRC_DR);
                    if (flip) {
                        got = rev_w(got, w);
                    }
                    ck_assert_msg(got == want, "%s, REV_IN %u, sizes #%zu, "
                                  "REV_OUT %d: DR 0x%x", catalogue[i].name,
                                  m, p, rev_out, got);
                }
            }
        }
    }
    log = ps_log_take(t);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(t);
}
END_TEST

/*
 * STM32CubeL4's CRC examples (NUCLEO-L432KC), written as its HAL writes
 * them (bytes packed big-endian into words, the tail as a half-word
 * and/or a byte), with ST's published results.
 */
START_TEST(test_st_examples)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    const uint32_t c7 = POLYSIZE(7);

    /* CRC_Data_Reversing_16bit_CRC: 0xC20A before REV_OUT, 0x5043 after. */
    setup(t, POLYSIZE(16) | REV_IN(WORD) |
          REV_OUT, 0x5abe, 0x1021);
    wr(t, A_CRC_DR, 0x4d3c2b1a);
    wr(t, A_CRC_DR, 0xbe71c98a);
    qtest_writeb(t->qts, CRC_BASE + A_CRC_DR, 0x5e);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0x5043);

    /* CRC_UserDefinedPolynomial: an 8-bit CRC of the word 0x1234. */
    setup(t, POLYSIZE(8), 0xffffffff, 0x9b);
    wr(t, A_CRC_DR, 0x1234);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0xef);

    /* CRC_Bytes_Stream_7bit_CRC: INIT 0xFFFFFFFF acts as 0x7F. */
    setup(t, c7, 0xffffffff, 0x65);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0x7f);
    wr(t, A_CRC_DR, 0x1234ba71);
    qtest_writeb(t->qts, CRC_BASE + A_CRC_DR, 0xad);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0x57);
    wr(t, A_CRC_DR, 0x1234ba71);
    wr(t, A_CRC_DR, 0xad1156dc);
    wr(t, A_CRC_DR, 0x881bee4d);
    wr(t, A_CRC_DR, 0x8293a67f);
    qtest_writeb(t->qts, CRC_BASE + A_CRC_DR, 0xc3);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0x6e);
    qtest_writeb(t->qts, CRC_BASE + A_CRC_DR, 0x19);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0x4b);
    wr(t, A_CRC_CR, c7 | CR_RESET);
    qtest_writew(t->qts, CRC_BASE + A_CRC_DR, 0xabcd);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0x26);
    ps_qtest_quit(t);
}
END_TEST

/*
 * Random configurations against the reference: any POLYSIZE, odd
 * polynomial, INIT, REV_IN, REV_OUT and mix of write sizes.
 */
START_TEST(test_random_against_reference)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    GRand *r = g_rand_new_with_seed(20170430);
    g_autofree char *log = NULL;
    uint8_t buf[24];

    for (int round = 0; round < 200; round++) {
        uint32_t polysize = FIELD_DP32(0, CRC_CR, POLYSIZE, round % 4);
        unsigned w = cr_width(polysize);
        uint32_t m = g_rand_int_range(r, 0, 4);
        uint32_t rev_in = FIELD_DP32(0, CRC_CR, REV_IN, m);
        bool rev_out = g_rand_boolean(r);
        uint32_t poly = (g_rand_int(r) & mask_w(w)) | 1;
        uint32_t init = g_rand_int(r);
        size_t len = g_rand_int_range(r, 0, sizeof(buf) + 1);
        size_t p = g_rand_int_range(r, 0, ARRAY_SIZE(size_patterns));
        uint32_t want;

        for (size_t i = 0; i < len; i++) {
            buf[i] = g_rand_int(r);
        }
        setup(t, polysize | rev_in | (rev_out ? REV_OUT : 0),
              init, poly);
        feed(t, rev_in, buf, len, size_patterns[p], size_pattern_len[p]);
        want = ref_crc(w, poly, init, m != 0, buf, len);
        ck_assert_uint_eq(rd(t, A_CRC_DR), rev_out ? rev_w(want, w)
                                                       : want);
    }
    g_rand_free(r);
    log = ps_log_take(t);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(t);
}
END_TEST

/*
 * POL and the reversal modes act on each write as it comes; INIT only
 * on CR.RESET; narrow reads of DR return its low bits.
 */
START_TEST(test_changes_mid_stream)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    const uint32_t refl = REV_IN(BYTE) | REV_OUT;
    uint32_t want;

    /* CRC-32 over "1234", then CRC-32C's polynomial for "56789". */
    setup(t, refl, 0xffffffff, 0x04c11db7);
    feed(t, REV_IN(BYTE), check_str, 4, size_patterns[0], 1);
    wr(t, A_CRC_POL, 0x1edc6f41);
    feed(t, REV_IN(BYTE), check_str + 4, 5, size_patterns[0], 1);
    want = ref_crc(32, 0x1edc6f41,
                   ref_crc(32, 0x04c11db7, 0xffffffff, true, check_str, 4),
                   true, check_str + 4, 5);
    ck_assert_uint_eq(rd(t, A_CRC_DR), revbit32(want));

    /* REV_IN changed between writes, without RESET: the CRC carries on. */
    setup(t, refl, 0xffffffff, 0x04c11db7);
    wr(t, A_CRC_DR, pack(check_str, 4, REV_IN(BYTE)));
    wr(t, A_CRC_CR, REV_IN(WORD) | REV_OUT);
    wr(t, A_CRC_DR, ldl_le_p(check_str + 4));
    wr(t, A_CRC_CR, REV_IN(HALF) | REV_OUT);
    qtest_writeb(t->qts, CRC_BASE + A_CRC_DR, check_str[8]);
    ck_assert_uint_eq(~rd(t, A_CRC_DR), 0xcbf43926);
    /* RESET never reads back. */
    ck_assert_uint_eq(rd(t, A_CRC_CR),
                      REV_IN(HALF) | REV_OUT);

    /* A new INIT waits for RESET; RESET loads it (low bits, reversed). */
    setup(t, POLYSIZE(16) | REV_OUT, 0x1234,
          0x1021);
    ck_assert_uint_eq(rd(t, A_CRC_DR), rev_w(0x1234, 16));
    wr(t, A_CRC_INIT, 0xabcd8001);
    ck_assert_uint_eq(rd(t, A_CRC_DR), rev_w(0x1234, 16));
    ck_assert_uint_eq(rd(t, A_CRC_INIT), 0xabcd8001);
    wr(t, A_CRC_CR, POLYSIZE(16) | CR_RESET);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0x8001);

    /* Byte and half-word reads of DR. */
    setup(t, POLYSIZE(32), 0x89abcdef, 0x04c11db7);
    ck_assert_uint_eq(qtest_readb(t->qts, CRC_BASE + A_CRC_DR), 0xef);
    ck_assert_uint_eq(qtest_readw(t->qts, CRC_BASE + A_CRC_DR), 0xcdef);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_cr_reset_mid_computation)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    const uint32_t cr = POLYSIZE(16) | REV_IN(BYTE) |
                        REV_OUT;

    /* CRC-16/MODBUS, abandoned half way and restarted with RESET. */
    setup(t, cr, 0xffff, 0x8005);
    qtest_writeb(t->qts, CRC_BASE + A_CRC_IDR, 0xc3);
    feed(t, REV_IN(BYTE), (const uint8_t *)"abcde", 5,
         size_patterns[3], size_pattern_len[3]);
    ck_assert_uint_ne(rd(t, A_CRC_DR), 0xffff);
    wr(t, A_CRC_CR, cr | CR_RESET);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0xffff);
    feed(t, REV_IN(BYTE), check_str, CHECK_LEN,
         size_patterns[3], size_pattern_len[3]);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0x4b37);
    /* The manual: IDR is not affected by CR.RESET. */
    ck_assert_uint_eq(rd(t, A_CRC_IDR), 0xc3);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_system_reset)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");

    setup(t, POLYSIZE(8) | REV_IN(HALF) |
          REV_OUT, 0x5a, 0x31);
    wr(t, A_CRC_IDR, 0x77);
    qtest_writew(t->qts, CRC_BASE + A_CRC_DR, 0x1234);
    qtest_system_reset(t->qts);
    assert_reset_values(t);
    /* And it computes from there: CRC-32/MPEG-2 again. */
    feed(t, REV_IN(NONE), check_str, CHECK_LEN,
         size_patterns[0], 1);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0x0376e6e7);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_idr)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *l1 = NULL, *l2 = NULL;

    qtest_writeb(t->qts, CRC_BASE + A_CRC_IDR, 0xa5);
    ck_assert_uint_eq(qtest_readb(t->qts, CRC_BASE + A_CRC_IDR), 0xa5);
    wr(t, A_CRC_IDR, 0x3c);
    ck_assert_uint_eq(rd(t, A_CRC_IDR), 0x3c);
    /* Storage only: the CRC does not move. */
    ck_assert_uint_eq(rd(t, A_CRC_DR), STM32_CRC_DR_RESET);
    l1 = ps_log_take(t);
    ck_assert_str_eq(l1, "");

    /* F7's IDR is 8 bits: the rest is reported and dropped. */
    wr(t, A_CRC_IDR, 0x1234);
    ck_assert_uint_eq(rd(t, A_CRC_IDR), 0x34);
    l2 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l2, "CRC_IDR write 0x00001234 sets bits "
                                     "beyond its 8 bits"));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bad_accesses)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *l1 = NULL, *l2 = NULL;

    /* Offsets the unit does not decode; a byte inside DR is not DR. */
    wr(t, 0x0c, 0x12345678);
    ck_assert_uint_eq(qtest_readl(t->qts, CRC_BASE + 0x18), 0);
    ck_assert_uint_eq(qtest_readl(t->qts, CRC_BASE + 0x3fc), 0);
    qtest_writeb(t->qts, CRC_BASE + A_CRC_DR + 1, 0x31);
    ck_assert_uint_eq(rd(t, A_CRC_DR), STM32_CRC_DR_RESET);
    l1 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l1, "write of unknown register 0x0c"));
    ck_assert_ptr_nonnull(strstr(l1, "read of unknown register 0x18"));
    ck_assert_ptr_nonnull(strstr(l1, "read of unknown register 0x3fc"));
    ck_assert_ptr_nonnull(strstr(l1, "write of unknown register 0x01"));

    /* CR: reserved bits dropped, the fields and RESET still taken. */
    wr(t, A_CRC_INIT, 0x11223344);
    wr(t, A_CRC_CR, 0xffffff00 | REV_OUT | 0x6 |
       CR_RESET);
    ck_assert_uint_eq(rd(t, A_CRC_CR), REV_OUT);
    ck_assert_uint_eq(rd(t, A_CRC_DR), revbit32(0x11223344));
    /* Narrow writes to the 32-bit registers are ignored. */
    qtest_writeb(t->qts, CRC_BASE + A_CRC_CR, CR_RESET);
    qtest_writew(t->qts, CRC_BASE + A_CRC_INIT, 0);
    qtest_writew(t->qts, CRC_BASE + A_CRC_POL, 0x1021);
    ck_assert_uint_eq(rd(t, A_CRC_CR), REV_OUT);
    ck_assert_uint_eq(rd(t, A_CRC_INIT), 0x11223344);
    ck_assert_uint_eq(rd(t, A_CRC_POL), STM32_CRC_POL_RESET);
    /* A narrow read is reported and returns the register's low bits. */
    ck_assert_uint_eq(qtest_readw(t->qts, CRC_BASE + A_CRC_INIT),
                      0x3344);
    l2 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l2, "CRC_CR write 0xffffff87 sets "
                                     "reserved bits"));
    ck_assert_ptr_nonnull(strstr(l2, "1-byte write of CRC_CR, a 32-bit "
                                     "register (ignored)"));
    ck_assert_ptr_nonnull(strstr(l2, "2-byte write of CRC_INIT"));
    ck_assert_ptr_nonnull(strstr(l2, "2-byte write of CRC_POL"));
    ck_assert_ptr_nonnull(strstr(l2, "2-byte read of CRC_INIT, a 32-bit "
                                     "register\n"));
    /* Nothing fed the CRC meanwhile. */
    ck_assert_uint_eq(rd(t, A_CRC_DR), revbit32(0x11223344));
    ps_qtest_quit(t);
}
END_TEST

/*
 * Polynomials the manual rules out: an even one, and one wider than
 * POLYSIZE. Both are reported and used as the arithmetic defines them.
 */
START_TEST(test_bad_polynomials)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree char *l1 = NULL, *l2 = NULL, *l3 = NULL, *l4 = NULL;

    /* Even: used as written, without an x^0 term. */
    setup(t, POLYSIZE(32), 0xffffffff, 0x04c11db6);
    ck_assert_uint_eq(rd(t, A_CRC_POL), 0x04c11db6);
    feed(t, REV_IN(NONE), check_str, CHECK_LEN,
         size_patterns[0], 1);
    ck_assert_uint_eq(rd(t, A_CRC_DR),
                      ref_crc(32, 0x04c11db6, 0xffffffff, false, check_str,
                              CHECK_LEN));
    l1 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l1, "CRC_POL 0x04c11db6 is even"));

    /* Wider than 8 bits with POLYSIZE 8: the low 8 bits (0x07) count. */
    setup(t, POLYSIZE(8), 0, 0x1107);
    l2 = ps_log_take(t);
    ck_assert_str_eq(l2, "");   /* CR and POL may come in either order */
    feed(t, REV_IN(NONE), check_str, CHECK_LEN,
         size_patterns[1], 1);
    ck_assert_uint_eq(rd(t, A_CRC_DR), 0xf4);  /* CRC-8/SMBUS */
    l3 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l3, "CRC_POL 0x00001107 is wider than the "
                                     "8-bit POLYSIZE"));
    /* Once per configuration: reported again only after CR changes. */
    ck_assert_ptr_null(strstr(strstr(l3, "wider") + 1, "wider"));
    wr(t, A_CRC_CR, POLYSIZE(8));
    qtest_writeb(t->qts, CRC_BASE + A_CRC_DR, 0);
    l4 = ps_log_take(t);
    ck_assert_ptr_nonnull(strstr(l4, "is wider than the 8-bit POLYSIZE"));
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_migration_mid_computation)
{
    PsQTest *src = ps_qtest_start("presilicon", "-m 128M");
    PsQTest *dst;
    const uint32_t cr = POLYSIZE(16) | REV_IN(HALF) |
                        REV_OUT;
    g_autofree char *log = NULL;

    /* CRC-16/KERMIT, interrupted after four bytes. */
    setup(src, cr, 0, 0x1021);
    wr(src, A_CRC_IDR, 0x42);
    feed(src, REV_IN(HALF), check_str, 4, size_patterns[1], 1);
    dst = ps_migrate(src, "presilicon", "-m 128M");
    ps_qtest_quit(src);

    ck_assert_uint_eq(rd(dst, A_CRC_CR), cr);
    ck_assert_uint_eq(rd(dst, A_CRC_INIT), 0);
    ck_assert_uint_eq(rd(dst, A_CRC_POL), 0x1021);
    ck_assert_uint_eq(rd(dst, A_CRC_IDR), 0x42);
    feed(dst, REV_IN(HALF), check_str + 4, 5, size_patterns[1],
         1);
    ck_assert_uint_eq(rd(dst, A_CRC_DR), 0x2189);
    log = ps_log_take(dst);
    ck_assert_str_eq(log, "");
    ps_qtest_quit(dst);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("stm32-crc");
    TCase *dt = tcase_create("device-tree");
    TCase *regs = tcase_create("registers");
    TCase *data = tcase_create("data");

    tcase_add_test(dt, test_fdt_node);
    tcase_add_test(dt, test_bare_has_no_models);
    tcase_add_test(dt, test_bare_device_is_placed);
    tcase_add_test(regs, test_reset_values);
    tcase_add_test(regs, test_cr_reset_mid_computation);
    tcase_add_test(regs, test_system_reset);
    tcase_add_test(regs, test_idr);
    tcase_add_test(regs, test_bad_accesses);
    tcase_add_test(regs, test_bad_polynomials);
    tcase_add_test(data, test_linux_crc32_crc32c);
    tcase_add_test(data, test_catalogue_known_answers);
    tcase_add_test(data, test_st_examples);
    tcase_add_test(data, test_random_against_reference);
    tcase_add_test(data, test_changes_mid_stream);
    tcase_add_test(data, test_migration_mid_computation);
    suite_add_tcase(s, dt);
    suite_add_tcase(s, regs);
    suite_add_tcase(s, data);

    return ps_check_run(s);
}
