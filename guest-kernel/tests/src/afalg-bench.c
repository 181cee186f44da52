// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * afalg-bench TYPE DRIVER REFERENCE SIZE SECONDS
 *
 * Throughput of a kernel crypto driver against a reference driver through
 * AF_ALG, e.g. a hardware driver against the generic software one. TYPE is
 * skcipher (AES-128 with a 16-byte IV: cbc), aead (AES-128 with a 12-byte
 * IV, 16 bytes of AAD and a 16-byte tag: gcm) or hash (unkeyed). Both
 * drivers get the same random key, IV and SIZE bytes of data; each runs
 * encryptions (digests) of them for about SECONDS, one request after the
 * other on one op socket (sendmsg, then read), first DRIVER, then
 * REFERENCE. Prints per driver
 *
 *   bench type=TYPE driver=NAME size=SIZE bytes=TOTAL ns=ELAPSED mibs=X.XX
 *
 * (TOTAL: SIZE times the timed requests; an untimed first request comes
 * before them) and then "bench ratio=R", DRIVER's MiB/s over REFERENCE's.
 * Exit 0 when the first request of both drivers gave the same bytes and
 * each driver's last request gave the same as its first; 1 when not; 2
 * when the drivers could not be used.
 */
#include <errno.h>
#include <linux/if_alg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define KEY_LEN     16          /* AES-128 */
#define CBC_IV_LEN  16
#define GCM_IV_LEN  12
#define AAD_LEN     16
#define TAG_LEN     16
#define DIGEST_MAX  64
#define SIZE_MAX_   65536       /* fits the socket buffers in one request */

enum { T_SKCIPHER, T_AEAD, T_HASH };

typedef struct Bench {
    int type;
    const char *type_name;
    size_t size;                /* payload bytes a request */
    size_t inlen;               /* bytes sent a request: AAD + payload */
    size_t outlen;              /* bytes read back: AAD + text + tag */
    size_t ivlen;
    uint8_t key[KEY_LEN];
    uint8_t iv[CBC_IV_LEN];
    uint8_t *in;
    uint8_t *out;
} Bench;

static void die_errno(const char *what, const char *driver)
{
    fprintf(stderr, "afalg-bench: %s %s: %s\n", what, driver,
            strerror(errno));
    exit(2);
}

static void *page_alloc(size_t len)
{
    void *p = aligned_alloc(4096, (len + 4095) & ~(size_t)4095);

    if (!p) {
        fprintf(stderr, "afalg-bench: out of memory\n");
        exit(2);
    }
    return p;
}

static void fill_random(uint8_t *p, size_t len)
{
    while (len) {
        ssize_t n = getrandom(p, len, GRND_INSECURE);

        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            die_errno("getrandom", "");
        }
        p += n;
        len -= n;
    }
}

/* The transform socket for driver, keyed, and its op socket. */
static int op_open(const Bench *b, const char *driver, int *tfm)
{
    struct sockaddr_alg sa = { .salg_family = AF_ALG };
    int fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
    int op;

    if (fd < 0) {
        die_errno("socket(AF_ALG) for", driver);
    }
    strcpy((char *)sa.salg_type, b->type_name);
    strncpy((char *)sa.salg_name, driver, sizeof(sa.salg_name) - 1);
    if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
        die_errno("bind", driver);
    }
    if (b->type != T_HASH &&
        setsockopt(fd, SOL_ALG, ALG_SET_KEY, b->key, KEY_LEN) < 0) {
        die_errno("setkey", driver);
    }
    if (b->type == T_AEAD &&
        setsockopt(fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, TAG_LEN) < 0) {
        die_errno("authsize", driver);
    }
    op = accept(fd, NULL, 0);
    if (op < 0) {
        die_errno("accept", driver);
    }
    *tfm = fd;
    return op;
}

/* One request on op: the input out, the result into b->out. */
static void request(const Bench *b, int op, const char *driver)
{
    union {
        char buf[CMSG_SPACE(sizeof(uint32_t)) +
                 CMSG_SPACE(sizeof(struct af_alg_iv) + CBC_IV_LEN) +
                 CMSG_SPACE(sizeof(uint32_t))];
        struct cmsghdr align;
    } ctl;
    struct iovec iov = { .iov_base = b->in, .iov_len = b->inlen };
    struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
    struct cmsghdr *c;
    struct af_alg_iv *aiv;
    size_t got = 0;

    if (b->type != T_HASH) {
        memset(&ctl, 0, sizeof(ctl));
        msg.msg_control = ctl.buf;
        msg.msg_controllen = CMSG_SPACE(sizeof(uint32_t)) +
            CMSG_SPACE(sizeof(struct af_alg_iv) + b->ivlen);
        if (b->type == T_AEAD) {
            msg.msg_controllen += CMSG_SPACE(sizeof(uint32_t));
        }

        c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_ALG;
        c->cmsg_type = ALG_SET_OP;
        c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
        *(uint32_t *)CMSG_DATA(c) = ALG_OP_ENCRYPT;

        c = CMSG_NXTHDR(&msg, c);
        c->cmsg_level = SOL_ALG;
        c->cmsg_type = ALG_SET_IV;
        c->cmsg_len = CMSG_LEN(sizeof(struct af_alg_iv) + b->ivlen);
        aiv = (struct af_alg_iv *)CMSG_DATA(c);
        aiv->ivlen = b->ivlen;
        memcpy(aiv->iv, b->iv, b->ivlen);

        if (b->type == T_AEAD) {
            c = CMSG_NXTHDR(&msg, c);
            c->cmsg_level = SOL_ALG;
            c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
            c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
            *(uint32_t *)CMSG_DATA(c) = AAD_LEN;
        }
    }
    if (sendmsg(op, &msg, 0) != (ssize_t)b->inlen) {
        die_errno("sendmsg", driver);
    }
    /* An skcipher may hand the result back in parts; the rest one read. */
    while (got < b->outlen) {
        ssize_t n = read(op, b->out + got, b->outlen - got);

        if (n <= 0) {
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n == 0) {
                errno = EIO;
            }
            die_errno("read", driver);
        }
        got += n;
        if (b->type == T_HASH) {
            break;
        }
    }
    if (got != b->outlen) {
        fprintf(stderr, "afalg-bench: %s gave %zu bytes, not %zu\n", driver,
                got, b->outlen);
        exit(2);
    }
}

static uint64_t now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

/* The first differing offset of a and b, or -1. */
static long differs(const uint8_t *a, const uint8_t *b, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (a[i] != b[i]) {
            return i;
        }
    }
    return -1;
}

static void report_diff(const char *what, const uint8_t *a, const uint8_t *b,
                        size_t len, long at)
{
    size_t end = (size_t)at + 16 < len ? (size_t)at + 16 : len;

    printf("# mismatch: %s, at byte %ld of %zu:", what, at, len);
    for (size_t i = at; i < end; i++) {
        printf(" %02x", a[i]);
    }
    printf(" against");
    for (size_t i = at; i < end; i++) {
        printf(" %02x", b[i]);
    }
    printf("\n");
}

/*
 * Run driver for about secs: an untimed first request, whose result goes
 * to first, then timed ones. Returns MiB/s; false in *same when the last
 * result differs from the first.
 */
static double run(Bench *b, const char *driver, double secs, uint8_t *first,
                  int *same)
{
    uint64_t limit = (uint64_t)(secs * 1e9), t0, ns;
    unsigned long long n = 0;
    double mibs;
    int tfm, op = op_open(b, driver, &tfm);
    long at;

    request(b, op, driver);
    memcpy(first, b->out, b->outlen);
    t0 = now_ns();
    do {
        request(b, op, driver);
        n++;
        ns = now_ns() - t0;
    } while (ns < limit);
    close(op);
    close(tfm);

    mibs = (double)n * b->size / (1024.0 * 1024.0) / (ns / 1e9);
    printf("bench type=%s driver=%s size=%zu bytes=%llu ns=%llu mibs=%.2f\n",
           b->type_name, driver, b->size, n * b->size,
           (unsigned long long)ns, mibs);
    fflush(stdout);

    at = differs(b->out, first, b->outlen);
    *same = at < 0;
    if (at >= 0) {
        report_diff("last request against the first", b->out, first,
                    b->outlen, at);
    }
    return mibs;
}

int main(int argc, char **argv)
{
    Bench b = { 0 };
    uint8_t *first_d, *first_r;
    double secs, md, mr;
    char *end, junk;
    int same_d, same_r;
    long at;

    if (argc != 6) {
        fprintf(stderr, "usage: %s skcipher|aead|hash DRIVER REFERENCE "
                "SIZE SECONDS\n", argv[0]);
        return 2;
    }
    b.type_name = argv[1];
    if (!strcmp(argv[1], "skcipher")) {
        b.type = T_SKCIPHER;
    } else if (!strcmp(argv[1], "aead")) {
        b.type = T_AEAD;
    } else if (!strcmp(argv[1], "hash")) {
        b.type = T_HASH;
    } else {
        fprintf(stderr, "afalg-bench: TYPE is skcipher, aead or hash, "
                "not '%s'\n", argv[1]);
        return 2;
    }
    if (sscanf(argv[4], "%zu%c", &b.size, &junk) != 1 ||
        b.size < 16 || b.size > SIZE_MAX_ ||
        (b.type == T_SKCIPHER && b.size % 16)) {
        fprintf(stderr, "afalg-bench: SIZE wants 16 to %d bytes (skcipher: "
                "whole blocks of 16), not '%s'\n", SIZE_MAX_, argv[4]);
        return 2;
    }
    secs = strtod(argv[5], &end);
    if (*end || !(secs > 0 && secs <= 3600)) {
        fprintf(stderr, "afalg-bench: SECONDS wants a number above 0, "
                "not '%s'\n", argv[5]);
        return 2;
    }

    switch (b.type) {
    case T_SKCIPHER:
        b.ivlen = CBC_IV_LEN;
        b.inlen = b.outlen = b.size;
        break;
    case T_AEAD:
        b.ivlen = GCM_IV_LEN;
        b.inlen = AAD_LEN + b.size;
        b.outlen = AAD_LEN + b.size + TAG_LEN;
        break;
    default:
        b.inlen = b.size;
        b.outlen = DIGEST_MAX;  /* until the driver says its digest size */
        break;
    }
    b.in = page_alloc(b.inlen);
    b.out = page_alloc(b.outlen);
    first_d = page_alloc(b.outlen);
    first_r = page_alloc(b.outlen);
    fill_random(b.key, sizeof(b.key));
    fill_random(b.iv, sizeof(b.iv));
    fill_random(b.in, b.inlen);
    if (b.type == T_HASH) {
        /* The digest size: what a digest of 16 bytes reads back. */
        int tfm, op = op_open(&b, argv[2], &tfm);
        uint8_t d[DIGEST_MAX];
        ssize_t n;

        if (send(op, b.in, 16, 0) != 16) {
            die_errno("send", argv[2]);
        }
        n = read(op, d, sizeof(d));
        if (n <= 0) {
            die_errno("read", argv[2]);
        }
        b.outlen = n;
        close(op);
        close(tfm);
    }

    md = run(&b, argv[2], secs, first_d, &same_d);
    mr = run(&b, argv[3], secs, first_r, &same_r);

    at = differs(first_d, first_r, b.outlen);
    if (at >= 0) {
        report_diff("first request, DRIVER against REFERENCE", first_d,
                    first_r, b.outlen, at);
    }
    if (at >= 0 || !same_d || !same_r) {
        printf("# %s vs %s: results differ\n", argv[2], argv[3]);
        return 1;
    }
    printf("# %s vs %s: %zu result bytes agree\n", argv[2], argv[3],
           b.outlen);
    printf("bench ratio=%.3f\n", mr > 0 ? md / mr : 0);
    return 0;
}
