/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An I2C device on the board's SBCon controller (docs/board.md, "I2C
 * devices"), driven bit by bit as i2c-algo-bit drives it through
 * i2c-versatile: shared by the qtests of the I2C models.
 */
#ifndef PRESILICON_I2C_H
#define PRESILICON_I2C_H

#include "libqtest.h"
#include <check.h>

#define PS_I2C_BASE     0x09030000ull   /* SBCon: SET at 0, CLEAR at 4 */
#define PS_I2C_SCL      1
#define PS_I2C_SDA      2

static inline void ps_i2c_lines(QTestState *q, uint32_t set, uint32_t clr)
{
    if (clr) {
        qtest_writel(q, PS_I2C_BASE + 4, clr);
    }
    if (set) {
        qtest_writel(q, PS_I2C_BASE, set);
    }
}

static inline bool ps_i2c_sda(QTestState *q)
{
    return qtest_readl(q, PS_I2C_BASE) & PS_I2C_SDA;
}

/* A start, or a repeated start (from SCL low). */
static inline void ps_i2c_start(QTestState *q)
{
    ps_i2c_lines(q, PS_I2C_SDA, 0);
    ps_i2c_lines(q, PS_I2C_SCL, 0);
    ps_i2c_lines(q, 0, PS_I2C_SDA);
    ps_i2c_lines(q, 0, PS_I2C_SCL);
}

static inline void ps_i2c_stop(QTestState *q)
{
    ps_i2c_lines(q, 0, PS_I2C_SDA);
    ps_i2c_lines(q, PS_I2C_SCL, 0);
    ps_i2c_lines(q, PS_I2C_SDA, 0);
}

/* Eight bits out, most significant first; true when the device ACKed. */
static inline bool ps_i2c_put(QTestState *q, uint8_t byte)
{
    bool ack;

    for (int i = 7; i >= 0; i--) {
        if (byte & (1u << i)) {
            ps_i2c_lines(q, PS_I2C_SDA, 0);
        } else {
            ps_i2c_lines(q, 0, PS_I2C_SDA);
        }
        ps_i2c_lines(q, PS_I2C_SCL, 0);
        ps_i2c_lines(q, 0, PS_I2C_SCL);
    }
    ps_i2c_lines(q, PS_I2C_SDA, 0);     /* release SDA for the ACK */
    ps_i2c_lines(q, PS_I2C_SCL, 0);
    ack = !ps_i2c_sda(q);
    ps_i2c_lines(q, 0, PS_I2C_SCL);
    return ack;
}

/* Eight bits in; ack: whether to ask for more. */
static inline uint8_t ps_i2c_get(QTestState *q, bool ack)
{
    uint8_t v = 0;

    ps_i2c_lines(q, PS_I2C_SDA, 0);
    for (int i = 0; i < 8; i++) {
        ps_i2c_lines(q, PS_I2C_SCL, 0);
        v = (v << 1) | ps_i2c_sda(q);
        ps_i2c_lines(q, 0, PS_I2C_SCL);
    }
    if (ack) {
        ps_i2c_lines(q, 0, PS_I2C_SDA);
    }
    ps_i2c_lines(q, PS_I2C_SCL, 0);
    ps_i2c_lines(q, 0, PS_I2C_SCL);
    return v;
}

/*
 * What regmap-i2c does: a write is one message, address then bytes; a
 * read writes the bytes, then a repeated start reads len bytes.
 */
static inline bool ps_i2c_write(QTestState *q, uint8_t addr,
                                const uint8_t *buf, size_t len)
{
    bool ok;

    ps_i2c_start(q);
    ok = ps_i2c_put(q, addr << 1);
    for (size_t i = 0; ok && i < len; i++) {
        ok = ps_i2c_put(q, buf[i]);
    }
    ps_i2c_stop(q);
    return ok;
}

static inline bool ps_i2c_write_read(QTestState *q, uint8_t addr,
                                     const uint8_t *wbuf, size_t wlen,
                                     uint8_t *rbuf, size_t rlen)
{
    bool ok;

    ps_i2c_start(q);
    ok = ps_i2c_put(q, addr << 1);
    for (size_t i = 0; ok && i < wlen; i++) {
        ok = ps_i2c_put(q, wbuf[i]);
    }
    if (ok) {
        ps_i2c_start(q);
        ok = ps_i2c_put(q, (addr << 1) | 1);
    }
    for (size_t i = 0; ok && i < rlen; i++) {
        rbuf[i] = ps_i2c_get(q, i + 1 < rlen);
    }
    ps_i2c_stop(q);
    return ok;
}

#endif
