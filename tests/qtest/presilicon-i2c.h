/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An I2C device on the board's i.MX I2C controller (docs/board.md, "I2C
 * devices"), driven byte by byte as i2c-imx drives it: shared by the
 * qtests of the I2C models. Polled: the controller's interrupt (SPI 9)
 * is the guest driver's business, not these helpers'.
 */
#ifndef PRESILICON_I2C_H
#define PRESILICON_I2C_H

#include "libqtest.h"
#include <check.h>

#define PS_I2C_BASE     0x09030000ull
#define PS_I2C_I2CR     (PS_I2C_BASE + 0x08)
#define PS_I2C_I2SR     (PS_I2C_BASE + 0x0c)
#define PS_I2C_I2DR     (PS_I2C_BASE + 0x10)
#define PS_I2C_IEN      0x80
#define PS_I2C_MSTA     0x20
#define PS_I2C_MTX      0x10
#define PS_I2C_TXAK     0x08
#define PS_I2C_RSTA     0x04
#define PS_I2C_IIF      0x02
#define PS_I2C_RXAK     0x01

/* One byte to I2DR (an address after a start); true when it was ACKed. */
static inline bool ps_i2c_put(QTestState *q, uint8_t byte)
{
    qtest_writeb(q, PS_I2C_I2DR, byte);
    bool ack = !(qtest_readb(q, PS_I2C_I2SR) & PS_I2C_RXAK);
    qtest_writeb(q, PS_I2C_I2SR, 0);                /* IIF is write-0 */
    return ack;
}

/* A start (MSTA rising) or, inside a transfer, a repeated start. */
static inline bool ps_i2c_start(QTestState *q, uint8_t addr, bool read,
                                bool repeated)
{
    qtest_writeb(q, PS_I2C_I2CR, PS_I2C_IEN | PS_I2C_MSTA | PS_I2C_MTX |
                                 (repeated ? PS_I2C_RSTA : 0));
    return ps_i2c_put(q, addr << 1 | read);
}

static inline void ps_i2c_stop(QTestState *q)
{
    qtest_writeb(q, PS_I2C_I2CR, PS_I2C_IEN);
}

/*
 * What regmap-i2c does: a write is one message, address then bytes; a
 * read writes the bytes, then a repeated start reads len bytes.
 */
static inline bool ps_i2c_write(QTestState *q, uint8_t addr,
                                const uint8_t *buf, size_t len)
{
    bool ok;

    qtest_writeb(q, PS_I2C_I2CR, PS_I2C_IEN);
    ok = ps_i2c_start(q, addr, false, false);
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

    qtest_writeb(q, PS_I2C_I2CR, PS_I2C_IEN);
    ok = ps_i2c_start(q, addr, false, false);
    for (size_t i = 0; ok && i < wlen; i++) {
        ok = ps_i2c_put(q, wbuf[i]);
    }
    if (ok) {
        ok = ps_i2c_start(q, addr, true, true);
    }
    if (ok && rlen) {
        /*
         * Receive mode; as on the chip, reading I2DR returns the byte
         * received and clocks in the next, so the first read is a dummy
         * and the stop (MSTA clear) comes before the last byte's read.
         */
        qtest_writeb(q, PS_I2C_I2CR, PS_I2C_IEN | PS_I2C_MSTA |
                                     (rlen == 1 ? PS_I2C_TXAK : 0));
        qtest_readb(q, PS_I2C_I2DR);
        for (size_t i = 0; i < rlen; i++) {
            if (i + 1 == rlen) {
                ps_i2c_stop(q);
            } else if (i + 2 == rlen) {
                qtest_writeb(q, PS_I2C_I2CR, PS_I2C_IEN | PS_I2C_MSTA |
                                             PS_I2C_TXAK);
            }
            rbuf[i] = qtest_readb(q, PS_I2C_I2DR);
            qtest_writeb(q, PS_I2C_I2SR, 0);
        }
    }
    ps_i2c_stop(q);
    return ok;
}

#endif
