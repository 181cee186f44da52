/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the SBA-RAID engine (hw/misc/bcm_sba_engine.c): GF(2^8)
 * arithmetic, and the command sequences Linux's bcm-sba-raid builds for
 * memcpy, xor, P+Q (fast path and the pq_single slow path for
 * coefficients past the engine's 30) and P+Q continuation, checked
 * against a RAID6 syndrome computed another way (Horner's rule, as
 * lib/raid6/int.uc does), and every command the engine refuses.
 */
#include "check-tap.h"
#include "xorshift.h"
#include <stdint.h>
#include <string.h>
#include "hw/misc/bcm_sba_engine.h"

#define LEN 4096
#define NDATA 12

/* A command word as the driver's sba_cmd_enc() chain builds it. */
static uint64_t cmd(unsigned type, unsigned len, unsigned op, unsigned mdata,
                    bool resp)
{
    return (uint64_t)type << 48 | (uint64_t)(len & 0xffff) << 32 |
           (uint64_t)((mdata >> 8) & 0x3) << 18 | (uint64_t)resp << 16 |
           (uint64_t)(mdata & 0xff) << 8 | op;
}

static unsigned pq_mdata(unsigned d, unsigned b1, unsigned b0)
{
    return b0 | b1 << 2 | d << 5;
}

static SbaEngine eng;
static uint8_t data[NDATA][LEN];

static void fill(void)
{
    rnd_state = 0x5ba5ba;
    for (int i = 0; i < NDATA; i++) {
        for (int j = 0; j < LEN; j++) {
            data[i][j] = rnd();
        }
    }
    memset(&eng, 0xa5, sizeof(eng));
}

static void run(uint64_t c, const uint8_t *src, size_t len)
{
    const uint8_t *out;
    size_t out_len;

    ck_assert_int_eq(sba_engine_exec(&eng, c, src, src ? len : 0, &out,
                                     &out_len), SBA_OK);
    ck_assert_ptr_null(out);
}

static const uint8_t *write_buf(unsigned b, unsigned len)
{
    const uint8_t *out;
    size_t out_len;

    ck_assert_int_eq(sba_engine_exec(&eng, cmd(SBA_TYPE_A, len,
                                               SBA_OP_WRITE_BUFFER, b, true),
                                     NULL, 0, &out, &out_len), SBA_OK);
    ck_assert_uint_eq(out_len, len);
    return out;
}

/* P and Q of n blocks, Q by Horner's rule from the highest block down. */
static void ref_pq(int n, size_t len, uint8_t *p, uint8_t *q)
{
    for (size_t j = 0; j < len; j++) {
        uint8_t wp = data[n - 1][j], wq = data[n - 1][j];

        for (int z = n - 2; z >= 0; z--) {
            wp ^= data[z][j];
            wq = sba_gf_mul(wq, 2) ^ data[z][j];
        }
        p[j] = wp;
        q[j] = wq;
    }
}

START_TEST(test_gf)
{
    ck_assert_uint_eq(sba_gf_exp(0), 1);
    ck_assert_uint_eq(sba_gf_exp(1), 2);
    ck_assert_uint_eq(sba_gf_exp(8), 0x1d);     /* x^8 = x^4+x^3+x^2+1 */
    ck_assert_uint_eq(sba_gf_exp(255), 1);
    for (unsigned a = 0; a < 255; a++) {
        for (unsigned b = 0; b < 255; b += 7) {
            ck_assert_uint_eq(sba_gf_mul(sba_gf_exp(a), sba_gf_exp(b)),
                              sba_gf_exp(a + b));
        }
    }
    /* A field: every nonzero element has an inverse, 0 annihilates. */
    for (unsigned a = 1; a < 256; a++) {
        unsigned inv = 0;

        for (unsigned b = 1; b < 256; b++) {
            if (sba_gf_mul(a, b) == 1) {
                inv++;
            }
        }
        ck_assert_uint_eq(inv, 1);
        ck_assert_uint_eq(sba_gf_mul(a, 0), 0);
        ck_assert_uint_eq(sba_gf_mul(a, 7), sba_gf_mul(7, a));
    }
}
END_TEST

START_TEST(test_memcpy)
{
    static const unsigned lens[] = { 1, 7, 512, 4095, 4096 };

    fill();
    for (int i = 0; i < 5; i++) {
        run(cmd(SBA_TYPE_B, lens[i], SBA_OP_LOAD_BUFFER, 0, false), data[i],
            lens[i]);
        ck_assert_mem_eq(write_buf(0, lens[i]), data[i], lens[i]);
    }
}
END_TEST

START_TEST(test_xor)
{
    uint8_t want[LEN];

    fill();
    memcpy(want, data[0], LEN);
    run(cmd(SBA_TYPE_B, LEN, SBA_OP_LOAD_BUFFER, 0, false), data[0], LEN);
    for (int i = 1; i < 14 && i < NDATA; i++) {
        for (int j = 0; j < LEN; j++) {
            want[j] ^= data[i][j];
        }
        run(cmd(SBA_TYPE_B, LEN, SBA_OP_XOR, 0, false), data[i], LEN);
    }
    ck_assert_mem_eq(write_buf(0, LEN), want, LEN);
}
END_TEST

/* sba_fillup_pq_msg(): zero, one GALOIS_XOR per block, write P and Q. */
START_TEST(test_pq)
{
    static uint8_t p[LEN], q[LEN];

    fill();
    for (int n = 2; n <= NDATA; n += 5) {
        ref_pq(n, LEN, p, q);
        run(cmd(SBA_TYPE_A, LEN, SBA_OP_ZERO_ALL_BUFFERS, 0, false), NULL, 0);
        for (int i = 0; i < n; i++) {
            run(cmd(SBA_TYPE_B, LEN, SBA_OP_GALOIS_XOR, pq_mdata(i, 1, 0),
                    false), data[i], LEN);
        }
        ck_assert_mem_eq(write_buf(0, LEN), p, LEN);
        ck_assert_mem_eq(write_buf(1, LEN), q, LEN);
    }
}
END_TEST

/* DMA_PREP_CONTINUE: old P and Q loaded first, more blocks folded in. */
START_TEST(test_pq_continue)
{
    static uint8_t p[LEN], q[LEN], p2[LEN], q2[LEN];

    fill();
    ref_pq(NDATA, LEN, p, q);
    /* The first six blocks ... */
    run(cmd(SBA_TYPE_A, LEN, SBA_OP_ZERO_ALL_BUFFERS, 0, false), NULL, 0);
    for (int i = 0; i < 6; i++) {
        run(cmd(SBA_TYPE_B, LEN, SBA_OP_GALOIS_XOR, pq_mdata(i, 1, 0), false),
            data[i], LEN);
    }
    memcpy(p2, write_buf(0, LEN), LEN);
    memcpy(q2, write_buf(1, LEN), LEN);
    /* ... then the rest on top of them, on a dirtied engine. */
    memset(&eng, 0x3c, sizeof(eng));
    run(cmd(SBA_TYPE_B, LEN, SBA_OP_LOAD_BUFFER, 0, false), p2, LEN);
    run(cmd(SBA_TYPE_B, LEN, SBA_OP_LOAD_BUFFER, 1, false), q2, LEN);
    for (int i = 6; i < NDATA; i++) {
        run(cmd(SBA_TYPE_B, LEN, SBA_OP_GALOIS_XOR, pq_mdata(i, 1, 0), false),
            data[i], LEN);
    }
    ck_assert_mem_eq(write_buf(0, LEN), p, LEN);
    ck_assert_mem_eq(write_buf(1, LEN), q, LEN);
}
END_TEST

/*
 * sba_fillup_pq_single_msg() for Q of one block with coefficient g^d,
 * d >= 30: a type-B GALOIS by g^29, then type-A GALOIS steps on buffer 0
 * (b0 = 1, b1 = 0) for the rest, then XOR with the old Q.
 */
START_TEST(test_pq_single_slow)
{
    static const unsigned ds[] = { 30, 40, 58, 100, 254 };
    static uint8_t want[LEN];

    fill();
    for (int k = 0; k < 5; k++) {
        unsigned d = ds[k], pos = 29;

        run(cmd(SBA_TYPE_A, LEN, SBA_OP_ZERO_ALL_BUFFERS, 0, false), NULL, 0);
        run(cmd(SBA_TYPE_B, LEN, SBA_OP_GALOIS, pq_mdata(pos, 0, 0), false),
            data[0], LEN);
        d -= pos;
        while (d) {
            pos = d < SBA_MAX_COEFS ? d : SBA_MAX_COEFS - 1;
            run(cmd(SBA_TYPE_A, LEN, SBA_OP_GALOIS, pq_mdata(pos, 0, 1),
                    false), NULL, 0);
            d -= pos;
        }
        run(cmd(SBA_TYPE_B, LEN, SBA_OP_XOR, 0, false), data[1], LEN);
        for (int j = 0; j < LEN; j++) {
            want[j] = sba_gf_mul(sba_gf_exp(ds[k]), data[0][j]) ^ data[1][j];
        }
        ck_assert_mem_eq(write_buf(0, LEN), want, LEN);
    }
}
END_TEST

START_TEST(test_zero_buffer)
{
    static const uint8_t zero[LEN];

    fill();
    run(cmd(SBA_TYPE_B, LEN, SBA_OP_LOAD_BUFFER, 2, false), data[0], LEN);
    run(cmd(SBA_TYPE_A, 100, SBA_OP_ZERO_BUFFER, 2, false), NULL, 0);
    ck_assert_mem_eq(write_buf(2, 100), zero, 100);
    ck_assert_mem_eq(write_buf(2, LEN) + 100, data[0] + 100, LEN - 100);
}
END_TEST

static SbaStatus try(uint64_t c, size_t src_len)
{
    const uint8_t *out = (const uint8_t *)1;
    size_t out_len = 1;
    SbaStatus st;

    st = sba_engine_exec(&eng, c, src_len ? data[0] : NULL, src_len, &out,
                         &out_len);
    if (st != SBA_OK) {
        ck_assert_ptr_null(out);
        ck_assert_uint_eq(out_len, 0);
        ck_assert_ptr_nonnull(sba_status_name(st));
    }
    return st;
}

START_TEST(test_refused)
{
    fill();
    ck_assert_int_eq(try(cmd(1, 64, SBA_OP_LOAD_BUFFER, 0, 0), 64),
                     SBA_ERR_OPCODE);
    for (unsigned op = 0; op < 16; op++) {
        if (op == 4 || op == 8 || op == 9 || op == 0xa || op == 0xb ||
            op == 0xc || op == 0xe) {
            continue;
        }
        ck_assert_int_eq(try(cmd(SBA_TYPE_A, 64, op, 0, 0), 0),
                         SBA_ERR_OPCODE);
    }
    ck_assert_int_eq(try(cmd(SBA_TYPE_B, 0, SBA_OP_LOAD_BUFFER, 0, 0), 0),
                     SBA_ERR_LENGTH);
    ck_assert_int_eq(try(cmd(SBA_TYPE_A, 4097, SBA_OP_WRITE_BUFFER, 0, 0), 0),
                     SBA_ERR_LENGTH);
    ck_assert_int_eq(try(cmd(SBA_TYPE_B, 64, SBA_OP_WRITE_BUFFER, 0, 0), 64),
                     SBA_ERR_TYPE);
    ck_assert_int_eq(try(cmd(SBA_TYPE_A, 64, SBA_OP_LOAD_BUFFER, 0, 0), 0),
                     SBA_ERR_TYPE);
    ck_assert_int_eq(try(cmd(SBA_TYPE_A, 64, SBA_OP_XOR, 0, 0), 0),
                     SBA_ERR_TYPE);
    ck_assert_int_eq(try(cmd(SBA_TYPE_B, 64, SBA_OP_GALOIS_XOR,
                             pq_mdata(30, 1, 0), 0), 64), SBA_ERR_COEF);
    ck_assert_int_eq(try(cmd(SBA_TYPE_A, 64, SBA_OP_GALOIS,
                             pq_mdata(31, 0, 1), 0), 0), SBA_ERR_COEF);
    ck_assert_int_eq(try(cmd(SBA_TYPE_B, 64, SBA_OP_LOAD_BUFFER, 0, 0), 63),
                     SBA_ERR_SOURCE);
    ck_assert_int_eq(try(cmd(SBA_TYPE_B, 64, SBA_OP_LOAD_BUFFER, 0, 0), 0),
                     SBA_ERR_SOURCE);
    /* Type C takes a source as type B does. */
    ck_assert_int_eq(try(cmd(SBA_TYPE_C, 64, SBA_OP_LOAD_BUFFER, 3, 0), 64),
                     SBA_OK);
    ck_assert_mem_eq(write_buf(3, 64), data[0], 64);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sba-engine");
    TCase *gf = tcase_create("gf");
    TCase *ops = tcase_create("ops");

    tcase_add_test(gf, test_gf);
    tcase_add_test(ops, test_memcpy);
    tcase_add_test(ops, test_xor);
    tcase_add_test(ops, test_pq);
    tcase_add_test(ops, test_pq_continue);
    tcase_add_test(ops, test_pq_single_slow);
    tcase_add_test(ops, test_zero_buffer);
    tcase_add_test(ops, test_refused);
    suite_add_tcase(s, gf);
    suite_add_tcase(s, ops);

    return ps_check_run(s);
}
