// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * afalg-hash DRIVER REFERENCE [COUNT [SEED]]
 *
 * Digest COUNT pseudo-random buffers (lengths 0..4099, some split into
 * odd-sized updates, some with a random key) with two kernel hash drivers
 * through AF_ALG, e.g. a hardware driver against the generic software one,
 * and report every difference. Exit 0 when all digests agree.
 */
#include <errno.h>
#include <linux/if_alg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

static int tfm_open(const char *driver, const uint8_t *key, size_t keylen)
{
    struct sockaddr_alg sa = { .salg_family = AF_ALG };
    int fd = socket(AF_ALG, SOCK_SEQPACKET, 0);

    if (fd < 0) {
        perror("socket(AF_ALG)");
        exit(2);
    }
    strcpy((char *)sa.salg_type, "hash");
    strncpy((char *)sa.salg_name, driver, sizeof(sa.salg_name) - 1);
    if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
        fprintf(stderr, "bind %s: %s\n", driver, strerror(errno));
        exit(2);
    }
    if (keylen && setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, keylen) < 0) {
        fprintf(stderr, "setkey %s: %s\n", driver, strerror(errno));
        exit(2);
    }
    return fd;
}

/* Digest buf in chunks of the given sizes (MSG_MORE between them). */
static int digest(int tfm, const uint8_t *buf, size_t len, size_t chunk,
                  uint8_t *out, size_t outlen)
{
    int op = accept(tfm, NULL, 0);
    size_t off = 0;
    ssize_t n;

    if (op < 0) {
        perror("accept");
        exit(2);
    }
    do {
        size_t c = len - off < chunk ? len - off : chunk;
        int more = off + c < len ? MSG_MORE : 0;

        if (send(op, buf + off, c, more) != (ssize_t)c) {
            perror("send");
            exit(2);
        }
        off += c;
    } while (off < len);
    n = read(op, out, outlen);
    close(op);
    return n;
}

static uint32_t rng_state;

static uint32_t rnd(void)
{
    /* xorshift32: reproducible from SEED, no libc rand() differences. */
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

int main(int argc, char **argv)
{
    static uint8_t buf[4100];
    int count = argc > 3 ? atoi(argv[3]) : 500;
    int bad = 0, i;

    if (argc < 3) {
        fprintf(stderr, "usage: %s DRIVER REFERENCE [COUNT [SEED]]\n", argv[0]);
        return 2;
    }
    rng_state = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 0) : 0x1234567;
    if (!rng_state) {
        rng_state = 1;
    }

    for (i = 0; i < count; i++) {
        size_t len = i < 64 ? (size_t)i : rnd() % sizeof(buf);
        size_t chunk = (i % 3 == 0) ? len + 1 : 1 + rnd() % 67;
        uint8_t key[4], a[64], b[64];
        size_t keylen = (i % 4 == 3) ? sizeof(key) : 0;
        int fa, fb, na, nb;
        size_t j;

        for (j = 0; j < len; j++) {
            buf[j] = rnd();
        }
        for (j = 0; j < sizeof(key); j++) {
            key[j] = rnd();
        }
        fa = tfm_open(argv[1], key, keylen);
        fb = tfm_open(argv[2], key, keylen);
        na = digest(fa, buf, len, chunk ? chunk : 1, a, sizeof(a));
        nb = digest(fb, buf, len, chunk ? chunk : 1, b, sizeof(b));
        close(fa);
        close(fb);
        if (na <= 0 || na != nb || memcmp(a, b, na)) {
            if (bad++ < 10) {
                printf("# mismatch: len %zu chunk %zu key %s: %s gave",
                       len, chunk, keylen ? "set" : "default", argv[1]);
                for (j = 0; j < (size_t)(na > 0 ? na : 0); j++) {
                    printf(" %02x", a[j]);
                }
                printf(", %s gave", argv[2]);
                for (j = 0; j < (size_t)(nb > 0 ? nb : 0); j++) {
                    printf(" %02x", b[j]);
                }
                printf("\n");
            }
        }
    }
    printf("# %s vs %s: %d of %d digests differ\n", argv[1], argv[2], bad,
           count);
    return bad ? 1 : 0;
}
