/*
 * Broadcom SBA RAID engine: the commands Linux's bcm-sba-raid builds for
 * memcpy, xor and RAID6 P+Q, on four internal buffers.
 *
 * The command semantics follow what the driver relies on: LOAD_BUFFER
 * fills buffer b0, XOR folds a source into b0, GALOIS_XOR folds the
 * source into b0 (P) and g^dnum times the source into b1 (Q), GALOIS
 * with a source sets b0 to g^dnum times it and without one multiplies
 * b1 in place (the driver sets b0 to 1 there), WRITE_BUFFER hands b0
 * out. The engine's response word and interrupt bit are not modelled.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>
#include "hw/misc/bcm_sba_engine.h"

uint8_t sba_gf_mul(uint8_t a, uint8_t b)
{
    uint8_t p = 0;

    while (b) {
        if (b & 1) {
            p ^= a;
        }
        a = (a << 1) ^ ((a & 0x80) ? 0x1d : 0);
        b >>= 1;
    }
    return p;
}

uint8_t sba_gf_exp(unsigned n)
{
    uint8_t v = 1;

    n %= 255;
    while (n--) {
        v = sba_gf_mul(v, 2);
    }
    return v;
}

/* dst = c * src over len bytes; a 256-entry row keeps it to a lookup. */
static void sba_gf_scale(uint8_t *dst, const uint8_t *src, size_t len,
                         uint8_t c, bool fold)
{
    uint8_t row[256];
    size_t i;

    for (i = 0; i < 256; i++) {
        row[i] = sba_gf_mul(i, c);
    }
    for (i = 0; i < len; i++) {
        dst[i] = (fold ? dst[i] : 0) ^ row[src[i]];
    }
}

static void sba_xor(uint8_t *dst, const uint8_t *src, size_t len)
{
    size_t i = 0;

    for (; i + 8 <= len; i += 8) {
        uint64_t a, b;

        memcpy(&a, dst + i, 8);
        memcpy(&b, src + i, 8);
        a ^= b;
        memcpy(dst + i, &a, 8);
    }
    for (; i < len; i++) {
        dst[i] ^= src[i];
    }
}

bool sba_cmd_has_source(uint64_t cmd)
{
    return SBA_CMD_TYPE(cmd) == SBA_TYPE_B || SBA_CMD_TYPE(cmd) == SBA_TYPE_C;
}

SbaStatus sba_engine_exec(SbaEngine *e, uint64_t cmd, const uint8_t *src,
                          size_t src_len, const uint8_t **out,
                          size_t *out_len)
{
    unsigned type = SBA_CMD_TYPE(cmd), len = SBA_CMD_LEN(cmd);
    unsigned m = SBA_CMD_MDATA(cmd);
    unsigned b0 = SBA_MDATA_B0(m), b1 = SBA_MDATA_B1(m);
    unsigned dnum = SBA_MDATA_DNUM(m);
    bool has_src = sba_cmd_has_source(cmd);
    int i;

    *out = NULL;
    *out_len = 0;
    if (type == 1) {
        return SBA_ERR_OPCODE;
    }
    if (len == 0 || len > SBA_BUF_SIZE) {
        return SBA_ERR_LENGTH;
    }
    if (has_src && (!src || src_len != len)) {
        return SBA_ERR_SOURCE;
    }

    switch (SBA_CMD_OP(cmd)) {
    case SBA_OP_ZERO_BUFFER:
    case SBA_OP_ZERO_ALL_BUFFERS:
    case SBA_OP_WRITE_BUFFER:
        if (has_src) {
            return SBA_ERR_TYPE;
        }
        break;
    case SBA_OP_LOAD_BUFFER:
    case SBA_OP_XOR:
    case SBA_OP_GALOIS_XOR:
        if (!has_src) {
            return SBA_ERR_TYPE;
        }
        break;
    case SBA_OP_GALOIS:
        break;
    default:
        return SBA_ERR_OPCODE;
    }

    switch (SBA_CMD_OP(cmd)) {
    case SBA_OP_ZERO_BUFFER:
        memset(e->buf[b0], 0, len);
        break;
    case SBA_OP_ZERO_ALL_BUFFERS:
        for (i = 0; i < SBA_NUM_BUFS; i++) {
            memset(e->buf[i], 0, len);
        }
        break;
    case SBA_OP_LOAD_BUFFER:
        memcpy(e->buf[b0], src, len);
        break;
    case SBA_OP_XOR:
        sba_xor(e->buf[b0], src, len);
        break;
    case SBA_OP_GALOIS_XOR:
        if (dnum >= SBA_MAX_COEFS) {
            return SBA_ERR_COEF;
        }
        sba_xor(e->buf[b0], src, len);
        sba_gf_scale(e->buf[b1], src, len, sba_gf_exp(dnum), true);
        break;
    case SBA_OP_GALOIS:
        if (dnum >= SBA_MAX_COEFS) {
            return SBA_ERR_COEF;
        }
        if (has_src) {
            sba_gf_scale(e->buf[b0], src, len, sba_gf_exp(dnum), false);
        } else {
            sba_gf_scale(e->buf[b1], e->buf[b1], len, sba_gf_exp(dnum),
                         false);
        }
        break;
    case SBA_OP_WRITE_BUFFER:
        *out = e->buf[b0];
        *out_len = len;
        break;
    }
    return SBA_OK;
}

const char *sba_status_name(SbaStatus st)
{
    static const char *const names[] = {
        [SBA_OK] = "ok",
        [SBA_ERR_OPCODE] = "unknown command",
        [SBA_ERR_LENGTH] = "length not 1-4096",
        [SBA_ERR_TYPE] = "command of the wrong type for its opcode",
        [SBA_ERR_COEF] = "coefficient index beyond the engine's 30",
        [SBA_ERR_SOURCE] = "source length differs from the command's",
    };

    return st < sizeof(names) / sizeof(names[0]) ? names[st] : "?";
}
