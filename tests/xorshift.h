/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * xorshift32 for unit tests: reproducible data without a library. Each
 * test program has its own state; a test reseeds it by assigning
 * rnd_state.
 */
#ifndef PRESILICON_XORSHIFT_H
#define PRESILICON_XORSHIFT_H

#include <stdint.h>

static uint32_t rnd_state = 0x12345678;

static inline uint32_t rnd(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 17;
    rnd_state ^= rnd_state << 5;
    return rnd_state;
}

#endif
