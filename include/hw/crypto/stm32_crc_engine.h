/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The arithmetic of the STM32 CRC calculation unit (STM32F7 RM0410,
 * "CRC calculation unit"), in plain C with <stdint.h> only, so that the
 * unit tests can run it without QEMU.
 *
 * The unit is a most-significant-bit-first shift register of 7, 8, 16 or
 * 32 bits with a programmable polynomial. Each write to the data register
 * feeds the 8, 16 or 32 bits written, MSB first, after an optional bit
 * reversal of the input; a read may return the register bit-reversed.
 */
#ifndef HW_CRYPTO_STM32_CRC_ENGINE_H
#define HW_CRYPTO_STM32_CRC_ENGINE_H

#include <stdint.h>

/* Input bit reversal, encoded as CR.REV_IN encodes it. */
enum {
    STM32_CRC_ENGINE_REV_IN_NONE = 0,   /* bit order not affected */
    STM32_CRC_ENGINE_REV_IN_BYTE = 1,   /* bit reversal done by byte */
    STM32_CRC_ENGINE_REV_IN_HALF = 2,   /* ... by half-word */
    STM32_CRC_ENGINE_REV_IN_WORD = 3,   /* ... by word */
};

typedef struct Stm32CrcEngineCfg {
    /*
     * The polynomial's coefficients below x^width (the x^width term is
     * implicit); only the low width bits are used.
     */
    uint32_t poly;
    /* 7, 8, 16 or 32; anything outside 1..32 is taken as 32. */
    unsigned width;
    /* STM32_CRC_ENGINE_REV_IN_*; only the low two bits are used. */
    unsigned rev_in;
    /* Nonzero: the output is read with its width bits reversed. */
    unsigned rev_out;
} Stm32CrcEngineCfg;

/* v with its low bits (1..32) in reverse order; higher bits dropped. */
uint32_t stm32_crc_engine_bitrev(uint32_t v, unsigned bits);

/*
 * The data written (its low nbytes bytes, nbytes 1, 2 or 4) as the unit
 * processes it after REV_IN: each byte, half-word or word reversed in
 * place. A reversal unit wider than the write covers only the written
 * bits (a byte written with REV_IN = word is reversed as a byte). Other
 * nbytes give 0.
 */
uint32_t stm32_crc_engine_reverse_input(uint32_t data, unsigned nbytes,
                                        unsigned rev_in);

/*
 * The CRC register after a write of the low nbytes (1, 2 or 4) bytes of
 * data, starting from crc: the written bits, after REV_IN, enter MSB
 * first. Returns the new register (width bits, higher bits zero); any
 * other nbytes feeds nothing.
 */
uint32_t stm32_crc_engine_feed(const Stm32CrcEngineCfg *cfg, uint32_t crc,
                               uint32_t data, unsigned nbytes);

/* What a read of the data register returns for register value crc. */
uint32_t stm32_crc_engine_output(const Stm32CrcEngineCfg *cfg, uint32_t crc);

#endif
