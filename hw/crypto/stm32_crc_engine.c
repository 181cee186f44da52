/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * STM32 CRC calculation unit arithmetic (<stdint.h> only; see the header).
 *
 * Bit-serial on purpose: the polynomial, its size and the reversal modes
 * may change between any two writes, and a write feeds at most 32 bits.
 */
#include "hw/crypto/stm32_crc_engine.h"

static unsigned stm32_crc_engine_width(const Stm32CrcEngineCfg *cfg)
{
    return cfg->width >= 1 && cfg->width <= 32 ? cfg->width : 32;
}

static uint32_t stm32_crc_engine_mask(unsigned width)
{
    return width >= 32 ? UINT32_MAX : (UINT32_C(1) << width) - 1;
}

uint32_t stm32_crc_engine_bitrev(uint32_t v, unsigned bits)
{
    uint32_t r = 0;

    if (bits > 32) {
        bits = 32;
    }
    for (unsigned i = 0; i < bits; i++) {
        r = (r << 1) | ((v >> i) & 1);
    }
    return r;
}

uint32_t stm32_crc_engine_reverse_input(uint32_t data, unsigned nbytes,
                                        unsigned rev_in)
{
    unsigned bits = nbytes * 8, unit;
    uint32_t out = 0;

    if (nbytes != 1 && nbytes != 2 && nbytes != 4) {
        return 0;
    }
    data &= stm32_crc_engine_mask(bits);
    rev_in &= 3;
    if (rev_in == STM32_CRC_ENGINE_REV_IN_NONE) {
        return data;
    }
    unit = 8u << (rev_in - 1);          /* 8, 16 or 32 bits */
    if (unit > bits) {
        unit = bits;
    }
    for (unsigned lo = 0; lo < bits; lo += unit) {
        uint32_t chunk = (data >> lo) & stm32_crc_engine_mask(unit);

        out |= stm32_crc_engine_bitrev(chunk, unit) << lo;
    }
    return out;
}

uint32_t stm32_crc_engine_feed(const Stm32CrcEngineCfg *cfg, uint32_t crc,
                               uint32_t data, unsigned nbytes)
{
    unsigned width = stm32_crc_engine_width(cfg);
    uint32_t mask = stm32_crc_engine_mask(width);
    uint32_t poly = cfg->poly & mask;
    uint32_t in;

    crc &= mask;
    if (nbytes != 1 && nbytes != 2 && nbytes != 4) {
        return crc;
    }
    in = stm32_crc_engine_reverse_input(data, nbytes, cfg->rev_in);
    for (unsigned i = nbytes * 8; i-- > 0;) {
        uint32_t feedback = ((crc >> (width - 1)) ^ (in >> i)) & 1;

        crc = (crc << 1) & mask;
        if (feedback) {
            crc ^= poly;
        }
    }
    return crc;
}

uint32_t stm32_crc_engine_output(const Stm32CrcEngineCfg *cfg, uint32_t crc)
{
    unsigned width = stm32_crc_engine_width(cfg);

    crc &= stm32_crc_engine_mask(width);
    return cfg->rev_out ? stm32_crc_engine_bitrev(crc, width) : crc;
}
