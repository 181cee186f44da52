/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the STM32 CRC arithmetic (hw/crypto/stm32_crc_engine.c):
 * bit reversal, REV_IN, the catalogue's check values, ST's own worked
 * examples, the Linux driver's register sequence, and random streams
 * against two bitwise references written another way.
 */
#include "check-tap.h"
#include "xorshift.h"
#include <stdint.h>
#include <string.h>
#include "hw/crypto/stm32_crc_engine.h"

static const uint8_t check_str[] = "123456789";
#define CHECK_LEN 9

static uint32_t width_mask(unsigned w)
{
    return w >= 32 ? UINT32_MAX : (UINT32_C(1) << w) - 1;
}

/*
 * Reference 1, MSB first, byte at a time on an "augmented" register:
 * the byte is XORed into the top of the register, which for widths
 * under 8 is first scaled up to 8 bits (how CRC-7/MMC is usually coded).
 */
static uint32_t ref_msb(unsigned w, uint32_t poly, uint32_t init,
                        const uint8_t *p, size_t n, int refin)
{
    uint32_t mask = width_mask(w), crc = init & mask;

    poly &= mask;
    for (size_t i = 0; i < n; i++) {
        uint8_t b = refin ? stm32_crc_engine_bitrev(p[i], 8) : p[i];

        if (w >= 8) {
            uint32_t top = UINT32_C(1) << (w - 1);

            crc ^= (uint32_t)b << (w - 8);
            for (int k = 0; k < 8; k++) {
                crc = ((crc & top) ? (crc << 1) ^ poly : crc << 1) & mask;
            }
        } else {
            uint32_t c8 = crc << (8 - w), p8 = poly << (8 - w);

            c8 ^= b;
            for (int k = 0; k < 8; k++) {
                c8 = ((c8 & 0x80) ? (c8 << 1) ^ p8 : c8 << 1) & 0xff;
            }
            crc = c8 >> (8 - w);
        }
    }
    return crc;
}

/*
 * Reference 2, the reflected algorithm: shift right with the reversed
 * polynomial, bytes entering LSB first. Returns the CRC reflected, which
 * is what refin + refout give.
 */
static uint32_t ref_lsb(unsigned w, uint32_t poly, uint32_t init,
                        const uint8_t *p, size_t n)
{
    uint32_t rpoly = stm32_crc_engine_bitrev(poly, w);
    uint32_t crc = stm32_crc_engine_bitrev(init, w);

    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < 8; k++) {
            uint32_t fb = (crc ^ (p[i] >> k)) & 1;

            crc >>= 1;
            if (fb) {
                crc ^= rpoly;
            }
        }
    }
    return crc;
}

/* A byte stream through the engine, one byte write each. */
static uint32_t engine_bytes(const Stm32CrcEngineCfg *cfg, uint32_t init,
                             const uint8_t *p, size_t n)
{
    uint32_t crc = init;

    for (size_t i = 0; i < n; i++) {
        crc = stm32_crc_engine_feed(cfg, crc, p[i], 1);
    }
    return stm32_crc_engine_output(cfg, crc);
}

START_TEST(test_bitrev)
{
    ck_assert_uint_eq(stm32_crc_engine_bitrev(1, 32), 0x80000000);
    ck_assert_uint_eq(stm32_crc_engine_bitrev(0x04c11db7, 32), 0xedb88320);
    ck_assert_uint_eq(stm32_crc_engine_bitrev(0x1edc6f41, 32), 0x82f63b78);
    /* ST's 16-bit example: 0xC20A reads back as 0x5043 with REV_OUT. */
    ck_assert_uint_eq(stm32_crc_engine_bitrev(0xc20a, 16), 0x5043);
    ck_assert_uint_eq(stm32_crc_engine_bitrev(0x01, 7), 0x40);
    /* Bits above the reversed width are dropped, not moved. */
    ck_assert_uint_eq(stm32_crc_engine_bitrev(0xffffff01, 8), 0x80);
    ck_assert_uint_eq(stm32_crc_engine_bitrev(0x12345678, 0), 0);
    ck_assert_uint_eq(stm32_crc_engine_bitrev(1, 99), 0x80000000);
}
END_TEST

START_TEST(test_reverse_input)
{
    /* ST: word 0x4D3C2B1A with REV_IN = word is processed as 0x58D43CB2. */
    ck_assert_uint_eq(stm32_crc_engine_reverse_input(0x4d3c2b1a, 4,
                      STM32_CRC_ENGINE_REV_IN_WORD), 0x58d43cb2);
    ck_assert_uint_eq(stm32_crc_engine_reverse_input(0x4d3c2b1a, 4,
                      STM32_CRC_ENGINE_REV_IN_NONE), 0x4d3c2b1a);
    ck_assert_uint_eq(stm32_crc_engine_reverse_input(0x4d3c2b1a, 4,
                      STM32_CRC_ENGINE_REV_IN_BYTE), 0xb23cd458);
    ck_assert_uint_eq(stm32_crc_engine_reverse_input(0x4d3c2b1a, 4,
                      STM32_CRC_ENGINE_REV_IN_HALF), 0x3cb258d4);
    /* ST: a byte written with REV_IN = word is reversed as a byte. */
    ck_assert_uint_eq(stm32_crc_engine_reverse_input(0x5e, 1,
                      STM32_CRC_ENGINE_REV_IN_WORD), 0x7a);
    ck_assert_uint_eq(stm32_crc_engine_reverse_input(0x5e, 1,
                      STM32_CRC_ENGINE_REV_IN_HALF), 0x7a);
    ck_assert_uint_eq(stm32_crc_engine_reverse_input(0x0001, 2,
                      STM32_CRC_ENGINE_REV_IN_WORD), 0x8000);
    ck_assert_uint_eq(stm32_crc_engine_reverse_input(0x0001, 2,
                      STM32_CRC_ENGINE_REV_IN_BYTE), 0x0080);
    /* Only the written bytes count; odd sizes give nothing. */
    ck_assert_uint_eq(stm32_crc_engine_reverse_input(0xffffff00, 1,
                      STM32_CRC_ENGINE_REV_IN_NONE), 0);
    ck_assert_uint_eq(stm32_crc_engine_reverse_input(0xffff, 3,
                      STM32_CRC_ENGINE_REV_IN_BYTE), 0);
}
END_TEST

/* The catalogue's check values over "123456789" (reveng, Rocksoft model). */
static const struct {
    const char *name;
    unsigned width;
    uint32_t poly, init;
    int refl;           /* refin = refout */
    uint32_t xorout, check;
} catalogue[] = {
    { "CRC-32/ISO-HDLC",  32, 0x04c11db7, 0xffffffff, 1, 0xffffffff,
      0xcbf43926 },
    { "CRC-32/ISCSI",     32, 0x1edc6f41, 0xffffffff, 1, 0xffffffff,
      0xe3069283 },
    { "CRC-32/JAMCRC",    32, 0x04c11db7, 0xffffffff, 1, 0, 0x340bc6d9 },
    { "CRC-32/MPEG-2",    32, 0x04c11db7, 0xffffffff, 0, 0, 0x0376e6e7 },
    { "CRC-32/BZIP2",     32, 0x04c11db7, 0xffffffff, 0, 0xffffffff,
      0xfc891918 },
    { "CRC-16/IBM-3740",  16, 0x1021, 0xffff, 0, 0, 0x29b1 },
    { "CRC-16/XMODEM",    16, 0x1021, 0, 0, 0, 0x31c3 },
    { "CRC-16/KERMIT",    16, 0x1021, 0, 1, 0, 0x2189 },
    { "CRC-16/MODBUS",    16, 0x8005, 0xffff, 1, 0, 0x4b37 },
    { "CRC-16/ARC",       16, 0x8005, 0, 1, 0, 0xbb3d },
    { "CRC-8/SMBUS",       8, 0x07, 0, 0, 0, 0xf4 },
    { "CRC-8/MAXIM-DOW",   8, 0x31, 0, 1, 0, 0xa1 },
    { "CRC-8/ROHC",        8, 0x07, 0xff, 1, 0, 0xd0 },
    { "CRC-7/MMC",         7, 0x09, 0, 0, 0, 0x75 },
    { "CRC-7/UMTS",        7, 0x45, 0, 0, 0, 0x61 },
    { "CRC-7/ROHC",        7, 0x4f, 0x7f, 1, 0, 0x53 },
};

/* The references agree with the catalogue: they can judge the engine. */
START_TEST(test_references_match_catalogue)
{
    for (size_t i = 0; i < sizeof(catalogue) / sizeof(catalogue[0]); i++) {
        unsigned w = catalogue[i].width;
        uint32_t got;

        if (catalogue[i].refl) {
            got = ref_lsb(w, catalogue[i].poly, catalogue[i].init,
                          check_str, CHECK_LEN);
            ck_assert_uint_eq(got, stm32_crc_engine_bitrev(
                ref_msb(w, catalogue[i].poly, catalogue[i].init, check_str,
                        CHECK_LEN, 1), w));
        } else {
            got = ref_msb(w, catalogue[i].poly, catalogue[i].init,
                          check_str, CHECK_LEN, 0);
        }
        ck_assert_msg((got ^ catalogue[i].xorout) == catalogue[i].check,
                      "%s: reference gives 0x%x", catalogue[i].name,
                      got ^ catalogue[i].xorout);
    }
}
END_TEST

/* Byte writes, REV_IN = byte and REV_OUT for the reflected ones. */
START_TEST(test_engine_catalogue)
{
    for (size_t i = 0; i < sizeof(catalogue) / sizeof(catalogue[0]); i++) {
        Stm32CrcEngineCfg cfg = {
            .poly = catalogue[i].poly,
            .width = catalogue[i].width,
            .rev_in = catalogue[i].refl ? STM32_CRC_ENGINE_REV_IN_BYTE
                                        : STM32_CRC_ENGINE_REV_IN_NONE,
            .rev_out = catalogue[i].refl,
        };
        uint32_t got = engine_bytes(&cfg, catalogue[i].init, check_str,
                                    CHECK_LEN) ^ catalogue[i].xorout;

        ck_assert_msg(got == catalogue[i].check, "%s: engine gives 0x%x",
                      catalogue[i].name, got);
    }
}
END_TEST

/*
 * STM32CubeL4 CRC examples (NUCLEO-L432KC), their published results.
 * The HAL feeds bytes packed big-endian into words, then a half-word
 * and/or a byte for the tail.
 */
static uint32_t hal_bytes(const Stm32CrcEngineCfg *cfg, uint32_t crc,
                          const uint8_t *p, size_t n)
{
    size_t i = 0;

    for (; i + 4 <= n; i += 4) {
        crc = stm32_crc_engine_feed(cfg, crc, (uint32_t)p[i] << 24 |
                                    p[i + 1] << 16 | p[i + 2] << 8 |
                                    p[i + 3], 4);
    }
    if (n - i >= 2) {
        crc = stm32_crc_engine_feed(cfg, crc, p[i] << 8 | p[i + 1], 2);
        i += 2;
    }
    if (n - i == 1) {
        crc = stm32_crc_engine_feed(cfg, crc, p[i], 1);
    }
    return crc;
}

START_TEST(test_st_examples)
{
    static const uint32_t words[114] = {
        0x00001021, 0x20423063, 0x408450a5, 0x60c670e7, 0x9129a14a,
        0xb16bc18c, 0xd1ade1ce, 0xf1ef1231, 0x32732252, 0x52b54294,
        0x72f762d6, 0x93398318, 0xa35ad3bd, 0xc39cf3ff, 0xe3de2462,
        0x34430420, 0x64e674c7, 0x44a45485, 0xa56ab54b, 0x85289509,
        0xf5cfc5ac, 0xd58d3653, 0x26721611, 0x063076d7, 0x569546b4,
        0xb75ba77a, 0x97198738, 0xf7dfe7fe, 0xc7bc48c4, 0x58e56886,
        0x78a70840, 0x18612802, 0xc9ccd9ed, 0xe98ef9af, 0x89489969,
        0xa90ab92b, 0x4ad47ab7, 0x6a961a71, 0x0a503a33, 0x2a12dbfd,
        0xfbbfeb9e, 0x9b798b58, 0xbb3bab1a, 0x6ca67c87, 0x5cc52c22,
        0x3c030c60, 0x1c41edae, 0xfd8fcdec, 0xad2abd0b, 0x8d689d49,
        0x7e976eb6, 0x5ed54ef4, 0x2e321e51, 0x0e70ff9f, 0xefbedfdd,
        0xcffcbf1b, 0x9f598f78, 0x918881a9, 0xb1caa1eb, 0xd10cc12d,
        0xe16f1080, 0x00a130c2, 0x20e35004, 0x40257046, 0x83b99398,
        0xa3fbb3da, 0xc33dd31c, 0xe37ff35e, 0x129022f3, 0x32d24235,
        0x52146277, 0x7256b5ea, 0x95a88589, 0xf56ee54f, 0xd52cc50d,
        0x34e224c3, 0x04817466, 0x64475424, 0x4405a7db, 0xb7fa8799,
        0xe75ff77e, 0xc71dd73c, 0x26d336f2, 0x069116b0, 0x76764615,
        0x5634d94c, 0xc96df90e, 0xe92f99c8, 0xb98aa9ab, 0x58444865,
        0x78066827, 0x18c008e1, 0x28a3cb7d, 0xdb5ceb3f, 0xfb1e8bf9,
        0x9bd8abbb, 0x4a755a54, 0x6a377a16, 0x0af11ad0, 0x2ab33a92,
        0xed0fdd6c, 0xcd4dbdaa, 0xad8b9de8, 0x8dc97c26, 0x5c644c45,
        0x3ca22c83, 0x1ce00cc1, 0xef1fff3e, 0xdf7caf9b, 0xbfba8fd9,
        0x9ff86e17, 0x7e364e55, 0x2e933eb2, 0x0ed11ef0,
    };
    static const uint8_t crc16_data[9] = {
        0x4d, 0x3c, 0x2b, 0x1a, 0xbe, 0x71, 0xc9, 0x8a, 0x5e,
    };
    static const uint8_t crc16_check[9] = {
        0x58, 0xd4, 0x3c, 0xb2, 0x51, 0x93, 0x8e, 0x7d, 0x7a,
    };
    static const uint8_t s5[] = { 0x12, 0x34, 0xba, 0x71, 0xad };
    static const uint8_t s17[] = {
        0x12, 0x34, 0xba, 0x71, 0xad, 0x11, 0x56, 0xdc, 0x88, 0x1b,
        0xee, 0x4d, 0x82, 0x93, 0xa6, 0x7f, 0xc3,
    };
    static const uint8_t s1[] = { 0x19 }, s2[] = { 0xab, 0xcd };
    Stm32CrcEngineCfg c32 = { .poly = 0x04c11db7, .width = 32 };
    Stm32CrcEngineCfg c16 = { .poly = 0x1021, .width = 16,
                              .rev_in = STM32_CRC_ENGINE_REV_IN_WORD,
                              .rev_out = 1 };
    Stm32CrcEngineCfg c8 = { .poly = 0x9b, .width = 8 };
    Stm32CrcEngineCfg c7 = { .poly = 0x65, .width = 7 };
    uint32_t crc = 0xffffffff;

    /* CRC_Example: default polynomial and init, 114 words. */
    for (int i = 0; i < 114; i++) {
        crc = stm32_crc_engine_feed(&c32, crc, words[i], 4);
    }
    ck_assert_uint_eq(stm32_crc_engine_output(&c32, crc), 0x379e9f06);

    /* CRC_UserDefinedPolynomial: 8-bit CRC of one word. */
    crc = stm32_crc_engine_feed(&c8, 0xffffffff, 0x1234, 4);
    ck_assert_uint_eq(stm32_crc_engine_output(&c8, crc), 0xef);

    /* CRC_Data_Reversing_16bit_CRC: REV_IN word + REV_OUT, and without. */
    crc = hal_bytes(&c16, 0x5abe, crc16_data, 9);
    ck_assert_uint_eq(stm32_crc_engine_output(&c16, crc), 0x5043);
    c16.rev_in = STM32_CRC_ENGINE_REV_IN_NONE;
    c16.rev_out = 0;
    crc = hal_bytes(&c16, 0x5abe, crc16_check, 9);
    ck_assert_uint_eq(stm32_crc_engine_output(&c16, crc), 0xc20a);

    /* CRC_Bytes_Stream_7bit_CRC: accumulate three streams, then restart. */
    crc = hal_bytes(&c7, 0xffffffff, s5, sizeof(s5));
    ck_assert_uint_eq(stm32_crc_engine_output(&c7, crc), 0x57);
    crc = hal_bytes(&c7, crc, s17, sizeof(s17));
    ck_assert_uint_eq(stm32_crc_engine_output(&c7, crc), 0x6e);
    crc = hal_bytes(&c7, crc, s1, sizeof(s1));
    ck_assert_uint_eq(stm32_crc_engine_output(&c7, crc), 0x4b);
    crc = hal_bytes(&c7, 0xffffffff, s2, sizeof(s2));
    ck_assert_uint_eq(stm32_crc_engine_output(&c7, crc), 0x26);
}
END_TEST

/*
 * drivers/crypto/stm32/stm32-crc32.c: INIT = bitrev32(key), POL =
 * bitrev32(the kernel's reflected polynomial), REV_IN word + REV_OUT;
 * leading bytes to word alignment and the tail as bytes with REV_IN byte;
 * words read little-endian from memory. Its crc32/crc32c are crc32_le()
 * and __crc32c_le() from the key, with no final inversion for crc32 and
 * one for crc32c.
 */
static uint32_t driver_update(uint32_t poly_le, uint32_t partial,
                              const uint8_t *d, size_t len, size_t misalign)
{
    Stm32CrcEngineCfg cfg = { .poly = stm32_crc_engine_bitrev(poly_le, 32),
                              .width = 32, .rev_out = 1,
                              .rev_in = STM32_CRC_ENGINE_REV_IN_BYTE };
    uint32_t crc = stm32_crc_engine_bitrev(partial, 32);

    /* As read by init(): DR gives the key back. */
    ck_assert_uint_eq(stm32_crc_engine_output(&cfg, crc), partial);
    while (misalign && len) {
        crc = stm32_crc_engine_feed(&cfg, crc, *d++, 1);
        len--;
        misalign--;
    }
    cfg.rev_in = STM32_CRC_ENGINE_REV_IN_WORD;
    for (; len >= 4; d += 4, len -= 4) {
        crc = stm32_crc_engine_feed(&cfg, crc, d[0] | d[1] << 8 |
                                    d[2] << 16 | (uint32_t)d[3] << 24, 4);
    }
    cfg.rev_in = STM32_CRC_ENGINE_REV_IN_BYTE;
    while (len--) {
        crc = stm32_crc_engine_feed(&cfg, crc, *d++, 1);
    }
    return stm32_crc_engine_output(&cfg, crc);
}

START_TEST(test_linux_driver_sequence)
{
    uint8_t buf[64];

    /* Checked against the catalogue: CRC-32 and CRC-32C of "123456789". */
    for (size_t mis = 0; mis < 4; mis++) {
        ck_assert_uint_eq(~driver_update(0xedb88320, 0xffffffff, check_str,
                                         CHECK_LEN, mis), 0xcbf43926);
        ck_assert_uint_eq(~driver_update(0x82f63b78, 0xffffffff, check_str,
                                         CHECK_LEN, mis), 0xe3069283);
    }
    /* Any stream, any split into bursts: the reflected reference. */
    for (int round = 0; round < 200; round++) {
        size_t len = rnd() % sizeof(buf), cut = len ? rnd() % len : 0;
        uint32_t key = rnd(), partial;

        for (size_t i = 0; i < len; i++) {
            buf[i] = rnd();
        }
        partial = driver_update(0x82f63b78, key, buf, cut, rnd() % 4);
        partial = driver_update(0x82f63b78, partial, buf + cut, len - cut,
                                rnd() % 4);
        ck_assert_uint_eq(partial, ref_lsb(32, 0x1edc6f41,
                          stm32_crc_engine_bitrev(key, 32), buf, len));
    }
}
END_TEST

static const unsigned hw_widths[] = { 7, 8, 16, 32 };

/* Random polynomials, seeds and byte streams, against both references. */
START_TEST(test_random_streams)
{
    uint8_t buf[40];

    for (int round = 0; round < 2000; round++) {
        unsigned w = round < 1000 ? hw_widths[round % 4] : 1 + rnd() % 32;
        uint32_t poly = rnd() | 1, init = rnd();
        size_t len = rnd() % sizeof(buf);
        Stm32CrcEngineCfg cfg = { .poly = poly, .width = w };

        for (size_t i = 0; i < len; i++) {
            buf[i] = rnd();
        }
        ck_assert_uint_eq(engine_bytes(&cfg, init, buf, len),
                          ref_msb(w, poly, init, buf, len, 0));
        cfg.rev_in = STM32_CRC_ENGINE_REV_IN_BYTE;
        cfg.rev_out = 1;
        ck_assert_uint_eq(engine_bytes(&cfg, init, buf, len),
                          ref_lsb(w, poly, init, buf, len));
        /* REV_IN without REV_OUT: the same register, read unreversed. */
        cfg.rev_out = 0;
        ck_assert_uint_eq(engine_bytes(&cfg, init, buf, len),
                          ref_msb(w, poly, init, buf, len, 1));
    }
}
END_TEST

/*
 * A half-word or word write is its bytes in a defined order: MSB first
 * with no reversal or REV_IN byte; with REV_IN half-word each half-word
 * enters low byte first (reflected), high half-word first; with REV_IN
 * word the whole write enters low byte first.
 */
START_TEST(test_write_sizes)
{
    for (int round = 0; round < 1000; round++) {
        Stm32CrcEngineCfg cfg = { .poly = rnd() | 1,
                                  .width = hw_widths[round % 4] };
        Stm32CrcEngineCfg byte = cfg;
        uint32_t v = rnd(), init = rnd(), a, b;

        for (unsigned mode = 0; mode < 4; mode++) {
            static const int order[4][4] = {
                { 3, 2, 1, 0 }, { 3, 2, 1, 0 }, { 2, 3, 0, 1 }, { 0, 1, 2, 3 },
            };
            static const int order16[4][2] = {
                { 1, 0 }, { 1, 0 }, { 0, 1 }, { 0, 1 },
            };

            cfg.rev_in = mode;
            byte.rev_in = mode ? STM32_CRC_ENGINE_REV_IN_BYTE : 0;
            a = stm32_crc_engine_feed(&cfg, init, v, 4);
            b = init;
            for (int k = 0; k < 4; k++) {
                b = stm32_crc_engine_feed(&byte, b, v >> (8 * order[mode][k]),
                                          1);
            }
            ck_assert_uint_eq(a, b);

            a = stm32_crc_engine_feed(&cfg, init, v, 2);
            b = init;
            for (int k = 0; k < 2; k++) {
                b = stm32_crc_engine_feed(&byte, b,
                                          v >> (8 * order16[mode][k]), 1);
            }
            ck_assert_uint_eq(a, b);
        }
    }
}
END_TEST

START_TEST(test_defined_edges)
{
    Stm32CrcEngineCfg c16 = { .poly = 0x04c11db7, .width = 16 };
    Stm32CrcEngineCfg low = { .poly = 0x1db7, .width = 16 };
    Stm32CrcEngineCfg odd = { .poly = 0x1021, .width = 0, .rev_in = 7,
                              .rev_out = 1 };
    Stm32CrcEngineCfg c32 = { .poly = 0x1021, .width = 32,
                              .rev_in = STM32_CRC_ENGINE_REV_IN_WORD,
                              .rev_out = 1 };
    Stm32CrcEngineCfg even = { .poly = 0x04c11db6, .width = 32 };

    /* Polynomial bits at and above the width are not used. */
    ck_assert_uint_eq(stm32_crc_engine_feed(&c16, 0xffffffff, 0xa5, 1),
                      stm32_crc_engine_feed(&low, 0xffff, 0xa5, 1));
    ck_assert_uint_eq(stm32_crc_engine_feed(&c16, 0xffffffff, 0xa5, 1)
                      >> 16, 0);
    /* Outside 1..32 the width is 32; REV_IN takes its two low bits. */
    ck_assert_uint_eq(stm32_crc_engine_feed(&odd, 0x1234, 0xdeadbeef, 4),
                      stm32_crc_engine_feed(&c32, 0x1234, 0xdeadbeef, 4));
    ck_assert_uint_eq(stm32_crc_engine_output(&odd, 1), 0x80000000);
    /* Sizes other than 1, 2, 4 feed nothing (the register is masked). */
    ck_assert_uint_eq(stm32_crc_engine_feed(&c16, 0x12345678, 0xff, 3),
                      0x5678);
    ck_assert_uint_eq(stm32_crc_engine_feed(&c16, 0x12345678, 0xff, 0),
                      0x5678);
    /*
     * An even polynomial (which the manual forbids) is used as written,
     * without an x^0 term: a single 1 fed last into a zero register
     * leaves exactly the polynomial.
     */
    ck_assert_uint_eq(stm32_crc_engine_feed(&even, 0, 0x01, 1), 0x04c11db6);
    /* The output of a narrow CRC is masked, and reversed within width. */
    ck_assert_uint_eq(stm32_crc_engine_output(&low, 0xabcd1234), 0x1234);
    low.rev_out = 1;
    ck_assert_uint_eq(stm32_crc_engine_output(&low, 0xabcd0001), 0x8000);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("stm32-crc-engine");
    TCase *bits = tcase_create("bits");
    TCase *crc = tcase_create("crc");

    tcase_add_test(bits, test_bitrev);
    tcase_add_test(bits, test_reverse_input);
    tcase_add_test(bits, test_defined_edges);
    tcase_add_test(crc, test_references_match_catalogue);
    tcase_add_test(crc, test_engine_catalogue);
    tcase_add_test(crc, test_st_examples);
    tcase_add_test(crc, test_linux_driver_sequence);
    tcase_add_test(crc, test_random_streams);
    tcase_add_test(crc, test_write_sizes);
    suite_add_tcase(s, bits);
    suite_add_tcase(s, crc);

    return ps_check_run(s);
}
