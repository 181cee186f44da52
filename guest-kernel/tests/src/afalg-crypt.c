// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * afalg-crypt skcipher DRIVER REFERENCE KEYLEN COUNT [SEED]
 * afalg-crypt aead DRIVER REFERENCE KEYLEN AUTHSIZE COUNT [SEED]
 * afalg-crypt hash DRIVER REFERENCE KEYLEN COUNT [SEED]
 *
 * Run COUNT pseudo-random operations (a fresh random key, IV and data each
 * time) through two kernel crypto drivers with AF_ALG, e.g. a hardware
 * driver against the generic software one, and report every difference:
 *  - skcipher: encrypt 0..4096 bytes (a multiple of the block size) with
 *    both and compare; decrypt DRIVER's ciphertext with DRIVER and compare
 *    it with the plaintext.
 *  - aead: encrypt assoc || plaintext (assoclen 0..64, plaintext 0..4096
 *    bytes, a multiple of the block size) with both and compare
 *    assoc || ciphertext || tag; decrypt DRIVER's output with DRIVER and
 *    compare; flip one bit of the tag, ciphertext or associated data and
 *    check that DRIVER's decryption fails with EBADMSG.  For authenc()
 *    give KEYLEN as AUTHKEYLEN+ENCKEYLEN (e.g. 32+16): the two random keys
 *    are then packed into the kernel's authenc key blob.
 *  - hash: digest 0..4096 bytes, sent in random-sized pieces, with both and
 *    compare; KEYLEN 0 sets no key.
 * The IV and block sizes come from DRIVER's entry in /proc/crypto (for
 * ccm(), IV[0] is kept a valid L - 1).
 * Exit 0 when everything agrees, 1 on a difference, 2 on a setup error:
 * that includes both drivers failing an operation with the same error (a
 * bad KEYLEN or AUTHSIZE, or inputs the algorithm does not take).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_alg.h>
#include <linux/rtnetlink.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define MAX_DATA 4096    /* plaintext or message bytes */
#define MAX_ASSOC 64     /* AEAD associated data bytes */
#define MAX_TAG 64
#define MAX_IV 64
#define MAX_KEY 1024
#define MAX_REPORTS 10
/* CRYPTO_AUTHENC_KEYA_PARAM of the kernel's include/crypto/authenc.h */
#define AUTHENC_KEYA_PARAM 1

struct tfm {
    const char *name;
    int fd;
};

struct params {
    struct tfm drv, ref;
    bool authenc;           /* key is an authenc() blob */
    size_t authkeylen;      /* authenc(): hash key bytes */
    size_t keylen;          /* (cipher) key bytes */
    unsigned int authsize;
    unsigned int ivsize;
    unsigned int blocksize;
    bool ccm;               /* IV[0] is L - 1, must be 1..7 */
    int count;
};

/* What /proc/crypto says about one algorithm. */
struct alg_info {
    char name[128];
    char driver[128];
    char type[32];
    long priority;
    bool internal;
    unsigned int blocksize, ivsize, maxauthsize;
};

static uint32_t rng_state;
static int reports;

static uint32_t rnd(void)
{
    /* xorshift32: reproducible from SEED, no libc rand() differences. */
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static void fill(uint8_t *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        p[i] = rnd();
    }
}

/*
 * Drop the ecb() the kernel wraps around a block cipher used as an
 * lskcipher: "cbc(ecb(aes-generic))" is what binding "cbc(aes-generic)"
 * registers.
 */
static void strip_ecb(const char *in, char *out, size_t size)
{
    bool skip[32];
    int depth = 0;
    size_t o = 0;
    const char *p;

    for (p = in; *p && o + 1 < size; p++) {
        if (p > in && (p[-1] == '(' || p[-1] == ',') &&
            !strncmp(p, "ecb(", 4) && depth < 32) {
            skip[depth++] = true;
            p += 3;
            continue;
        }
        if (*p == '(' && depth < 32) {
            skip[depth++] = false;
        } else if (*p == ')' && depth > 0 && skip[--depth]) {
            continue;
        }
        out[o++] = *p;
    }
    out[o] = '\0';
}

/* Parse one "key : value" line of /proc/crypto into ai. */
static void alg_field(struct alg_info *ai, char *line)
{
    char *colon = strchr(line, ':');
    char *end, *val;

    if (!colon) {
        return;
    }
    for (end = colon; end > line && end[-1] == ' '; end--) {
        continue;
    }
    *end = '\0';
    val = colon + 1;
    while (*val == ' ') {
        val++;
    }
    val[strcspn(val, "\n")] = '\0';

    if (!strcmp(line, "name")) {
        snprintf(ai->name, sizeof(ai->name), "%s", val);
    } else if (!strcmp(line, "driver")) {
        snprintf(ai->driver, sizeof(ai->driver), "%s", val);
    } else if (!strcmp(line, "type")) {
        snprintf(ai->type, sizeof(ai->type), "%s", val);
    } else if (!strcmp(line, "priority")) {
        ai->priority = atol(val);
    } else if (!strcmp(line, "internal")) {
        ai->internal = !strcmp(val, "yes");
    } else if (!strcmp(line, "blocksize")) {
        ai->blocksize = atoi(val);
    } else if (!strcmp(line, "ivsize")) {
        ai->ivsize = atoi(val);
    } else if (!strcmp(line, "maxauthsize")) {
        ai->maxauthsize = atoi(val);
    }
}

/* How well ai matches want: 3 driver, 2 driver without ecb(), 1 name. */
static int alg_match(const struct alg_info *ai, const char *kind,
                     const char *want)
{
    char canon[sizeof(ai->driver)];

    if (!strcmp(kind, "skcipher")) {
        if (strcmp(ai->type, "skcipher") && strcmp(ai->type, "lskcipher")) {
            return 0;
        }
    } else if (strcmp(ai->type, kind)) {
        return 0;
    }
    if (!strcmp(ai->driver, want)) {
        return 3;
    }
    strip_ecb(ai->driver, canon, sizeof(canon));
    if (!strcmp(canon, want)) {
        return 2;
    }
    if (!strcmp(ai->name, want) && !ai->internal) {
        return 1;
    }
    return 0;
}

/*
 * Find want (a driver name, else an algorithm name: the highest priority
 * one, as the kernel picks) of type kind in /proc/crypto.
 */
static bool alg_lookup(const char *kind, const char *want,
                       struct alg_info *out)
{
    FILE *f = fopen("/proc/crypto", "r");
    struct alg_info cur;
    char line[512];
    bool more = true;
    int best = 0, m;

    if (!f) {
        fprintf(stderr, "/proc/crypto: %s\n", strerror(errno));
        exit(2);
    }
    memset(&cur, 0, sizeof(cur));
    while (more) {
        more = fgets(line, sizeof(line), f) != NULL;
        if (more && line[0] != '\n') {
            alg_field(&cur, line);
            continue;
        }
        /* A blank line or the end of the file ends the block in cur. */
        m = cur.driver[0] ? alg_match(&cur, kind, want) : 0;
        if (m > best || (m && m == best && cur.priority > out->priority)) {
            *out = cur;
            best = m;
        }
        memset(&cur, 0, sizeof(cur));
    }
    fclose(f);
    return best > 0;
}

static void tfm_open(struct tfm *t, const char *type, const char *driver)
{
    struct sockaddr_alg sa = { .salg_family = AF_ALG };

    t->name = driver;
    if (strlen(driver) >= sizeof(sa.salg_name)) {
        fprintf(stderr, "%s: name too long for AF_ALG\n", driver);
        exit(2);
    }
    t->fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
    if (t->fd < 0) {
        fprintf(stderr, "socket(AF_ALG) for %s: %s\n", driver,
                strerror(errno));
        exit(2);
    }
    strcpy((char *)sa.salg_type, type);
    strcpy((char *)sa.salg_name, driver);
    if (bind(t->fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
        fprintf(stderr, "bind %s %s: %s\n", type, driver, strerror(errno));
        exit(2);
    }
}

/*
 * A random key for both tfms: keylen random bytes, or for authenc() the
 * key blob rtattr(enckeylen) || authkey || enckey.
 */
static void set_keys(const struct params *p)
{
    uint8_t key[sizeof(struct rtattr) + sizeof(uint32_t) + 2 * MAX_KEY];
    size_t off = 0;
    const struct tfm *t[2] = { &p->ref, &p->drv };
    int i;

    if (p->authenc) {
        struct rtattr rta = {
            .rta_len = RTA_LENGTH(sizeof(uint32_t)),
            .rta_type = AUTHENC_KEYA_PARAM,
        };
        uint32_t enckeylen = htonl(p->keylen);

        memcpy(key, &rta, sizeof(rta));
        memcpy(key + RTA_LENGTH(0), &enckeylen, sizeof(enckeylen));
        off = RTA_SPACE(sizeof(enckeylen));
    }
    fill(key + off, p->authkeylen + p->keylen);
    off += p->authkeylen + p->keylen;

    /* The reference first: if it refuses, KEYLEN itself is wrong. */
    for (i = 0; i < 2; i++) {
        if (setsockopt(t[i]->fd, SOL_ALG, ALG_SET_KEY, key, off) < 0) {
            fprintf(stderr, "setkey (%zu bytes) on %s: %s%s\n", off,
                    t[i]->name, strerror(errno),
                    i ? " (the reference accepted the key)" : "");
            exit(2);
        }
    }
}

static int op_socket(const struct tfm *t)
{
    int fd = accept(t->fd, NULL, 0);

    if (fd < 0) {
        fprintf(stderr, "accept on %s: %s\n", t->name, strerror(errno));
        exit(2);
    }
    return fd;
}

/*
 * One skcipher or aead operation on a fresh request socket: send in[] with
 * the operation, the IV and (if assoclen >= 0) the associated data length,
 * then read outlen bytes. Returns the bytes read or -errno.
 */
static ssize_t cipher_op(const struct tfm *t, uint32_t op, const uint8_t *iv,
                         size_t ivlen, int assoclen, const uint8_t *in,
                         size_t inlen, uint8_t *out, size_t outlen)
{
    union {
        struct cmsghdr align;
        char buf[CMSG_SPACE(sizeof(uint32_t)) * 2 +
                 CMSG_SPACE(sizeof(struct af_alg_iv) + MAX_IV)];
    } ctl;
    struct iovec iov = { .iov_base = (void *)in, .iov_len = inlen };
    struct msghdr msg = {
        .msg_iov = &iov,
        .msg_iovlen = 1,
        .msg_control = ctl.buf,
    };
    struct cmsghdr *c;
    struct af_alg_iv *aiv;
    uint32_t alen = assoclen;
    ssize_t n;
    int fd;

    memset(&ctl, 0, sizeof(ctl));
    msg.msg_controllen = CMSG_SPACE(sizeof(op));
    if (ivlen) {
        msg.msg_controllen += CMSG_SPACE(sizeof(*aiv) + ivlen);
    }
    if (assoclen >= 0) {
        msg.msg_controllen += CMSG_SPACE(sizeof(alen));
    }

    c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_ALG;
    c->cmsg_type = ALG_SET_OP;
    c->cmsg_len = CMSG_LEN(sizeof(op));
    memcpy(CMSG_DATA(c), &op, sizeof(op));
    if (ivlen) {
        c = CMSG_NXTHDR(&msg, c);
        c->cmsg_level = SOL_ALG;
        c->cmsg_type = ALG_SET_IV;
        c->cmsg_len = CMSG_LEN(sizeof(*aiv) + ivlen);
        aiv = (struct af_alg_iv *)CMSG_DATA(c);
        aiv->ivlen = ivlen;
        memcpy(aiv->iv, iv, ivlen);
    }
    if (assoclen >= 0) {
        c = CMSG_NXTHDR(&msg, c);
        c->cmsg_level = SOL_ALG;
        c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
        c->cmsg_len = CMSG_LEN(sizeof(alen));
        memcpy(CMSG_DATA(c), &alen, sizeof(alen));
    }

    fd = op_socket(t);
    n = sendmsg(fd, &msg, 0);
    if (n != (ssize_t)inlen) {
        n = n < 0 ? -errno : -EIO;
    } else {
        n = read(fd, out, outlen);
        if (n < 0) {
            n = -errno;
        }
    }
    close(fd);
    return n;
}

/* Digest in[] in pieces of chunk bytes (MSG_MORE between them). */
static ssize_t hash_op(const struct tfm *t, const uint8_t *in, size_t len,
                       size_t chunk, uint8_t *out, size_t outlen)
{
    int fd = op_socket(t);
    size_t off = 0;
    ssize_t n;

    do {
        size_t c = len - off < chunk ? len - off : chunk;
        int more = off + c < len ? MSG_MORE : 0;

        n = send(fd, in + off, c, more);
        if (n != (ssize_t)c) {
            n = n < 0 ? -errno : -EIO;
            close(fd);
            return n;
        }
        off += c;
    } while (off < len);
    n = read(fd, out, outlen);
    if (n < 0) {
        n = -errno;
    }
    close(fd);
    return n;
}

static void print_result(const char *name, ssize_t n)
{
    if (n < 0) {
        printf("%s failed (%s)", name, strerror(-n));
    } else {
        printf("%s gave %zd bytes", name, n);
    }
}

/*
 * Whether result b (nb bytes, or -errno) equals a (na bytes, or -errno);
 * describes the first difference (up to MAX_REPORTS times) if not. Both
 * failing alike is a bad KEYLEN, AUTHSIZE or input, not a difference.
 */
static bool same(int iter, const char *what, const char *name_a,
                 const uint8_t *a, ssize_t na, const char *name_b,
                 const uint8_t *b, ssize_t nb)
{
    ssize_t off;

    if (na >= 0 && na == nb && !memcmp(a, b, na)) {
        return true;
    }
    if (na < 0 && na == nb) {
        fprintf(stderr, "iteration %d, %s: both %s and %s failed (%s)\n",
                iter, what, name_a, name_b, strerror(-na));
        exit(2);
    }
    if (reports++ >= MAX_REPORTS) {
        return false;
    }
    printf("# mismatch: iteration %d, %s: ", iter, what);
    if (na < 0 || nb < 0 || na != nb) {
        print_result(name_a, na);
        printf(", ");
        print_result(name_b, nb);
    } else {
        for (off = 0; a[off] == b[off]; off++) {
            continue;
        }
        printf("first difference at byte %zd of %zd: %s %02x, %s %02x",
               off, na, name_a, a[off], name_b, b[off]);
    }
    printf("\n");
    return false;
}

/* A random length 0..MAX_DATA in whole blocks; 0, 1, 2... blocks first. */
static size_t data_len(const struct params *p, int iter)
{
    size_t blocks = MAX_DATA / p->blocksize;

    return (iter < 8 ? iter % (blocks + 1) : rnd() % (blocks + 1)) *
           p->blocksize;
}

static int run_skcipher(const struct params *p)
{
    static uint8_t pt[MAX_DATA], a[MAX_DATA], b[MAX_DATA], back[MAX_DATA];
    uint8_t iv[MAX_IV];
    int differ = 0, roundtrip = 0, i;

    for (i = 0; i < p->count; i++) {
        size_t len = data_len(p, i);
        ssize_t na, nb, nd;
        char what[64];

        set_keys(p);
        fill(iv, p->ivsize);
        fill(pt, len);
        na = cipher_op(&p->drv, ALG_OP_ENCRYPT, iv, p->ivsize, -1, pt, len,
                       a, len);
        nb = cipher_op(&p->ref, ALG_OP_ENCRYPT, iv, p->ivsize, -1, pt, len,
                       b, len);
        snprintf(what, sizeof(what), "encrypt len %zu", len);
        if (!same(i, what, p->drv.name, a, na, p->ref.name, b, nb)) {
            differ++;
        }
        if (na != (ssize_t)len) {
            continue;
        }
        nd = cipher_op(&p->drv, ALG_OP_DECRYPT, iv, p->ivsize, -1, a, len,
                       back, len);
        snprintf(what, sizeof(what), "decrypt len %zu", len);
        if (!same(i, what, "plaintext", pt, len, p->drv.name, back, nd)) {
            roundtrip++;
        }
    }
    printf("# %s vs %s: %d of %d differ, %d decryptions by %s wrong\n",
           p->drv.name, p->ref.name, differ, p->count, roundtrip,
           p->drv.name);
    return differ || roundtrip ? 1 : 0;
}

static int run_aead(const struct params *p)
{
    enum { SIZE = MAX_ASSOC + MAX_DATA + MAX_TAG };
    static uint8_t in[SIZE], a[SIZE], b[SIZE], back[SIZE];
    uint8_t iv[MAX_IV];
    int differ = 0, roundtrip = 0, forged = 0, i;

    for (i = 0; i < p->count; i++) {
        size_t ptlen = data_len(p, i);
        size_t assoclen = i < 8 && !(i & 1) ? 0 : rnd() % (MAX_ASSOC + 1);
        size_t inlen = assoclen + ptlen, outlen = inlen + p->authsize;
        size_t start, size, bit;
        const char *region;
        ssize_t na, nb, nd;
        char what[128];

        set_keys(p);
        fill(iv, p->ivsize);
        if (p->ccm) {
            iv[0] = 1 + rnd() % 7;
        }
        fill(in, inlen);
        na = cipher_op(&p->drv, ALG_OP_ENCRYPT, iv, p->ivsize, assoclen, in,
                       inlen, a, outlen);
        nb = cipher_op(&p->ref, ALG_OP_ENCRYPT, iv, p->ivsize, assoclen, in,
                       inlen, b, outlen);
        snprintf(what, sizeof(what), "encrypt assoclen %zu len %zu",
                 assoclen, ptlen);
        if (!same(i, what, p->drv.name, a, na, p->ref.name, b, nb)) {
            differ++;
        }
        /* A read of no bytes (no assoc, no plaintext) decrypts nothing. */
        if (na != (ssize_t)outlen || !inlen) {
            continue;
        }

        nd = cipher_op(&p->drv, ALG_OP_DECRYPT, iv, p->ivsize, assoclen, a,
                       outlen, back, inlen);
        snprintf(what, sizeof(what), "decrypt assoclen %zu len %zu",
                 assoclen, ptlen);
        if (!same(i, what, "input", in, inlen, p->drv.name, back, nd)) {
            roundtrip++;
        }
        if (!p->authsize) {
            continue;
        }

        /* Flip one bit of the tag, the ciphertext or the assoc data. */
        switch (rnd() % 3) {
        case 1:
            if (ptlen) {
                start = assoclen;
                size = ptlen;
                region = "ciphertext";
                break;
            }
            /* fall through */
        case 2:
            if (assoclen) {
                start = 0;
                size = assoclen;
                region = "associated data";
                break;
            }
            /* fall through */
        default:
            start = inlen;
            size = p->authsize;
            region = "tag";
            break;
        }
        bit = rnd() % (size * 8);
        a[start + bit / 8] ^= 1u << (bit % 8);
        nd = cipher_op(&p->drv, ALG_OP_DECRYPT, iv, p->ivsize, assoclen, a,
                       outlen, back, inlen);
        if (nd != -EBADMSG) {
            forged++;
            if (reports++ < MAX_REPORTS) {
                printf("# mismatch: iteration %d, decrypt assoclen %zu "
                       "len %zu with bit %zu of the %s flipped: ", i,
                       assoclen, ptlen, bit, region);
                print_result(p->drv.name, nd);
                printf(" instead of failing with EBADMSG\n");
            }
        }
    }
    printf("# %s vs %s: %d of %d differ, %d decryptions by %s wrong, "
           "%d tampered messages not rejected with EBADMSG\n",
           p->drv.name, p->ref.name, differ, p->count, roundtrip,
           p->drv.name, forged);
    return differ || roundtrip || forged ? 1 : 0;
}

static int run_hash(const struct params *p)
{
    /* Around the padding boundaries of 64- and 128-byte blocks. */
    static const size_t edge[8] = { 0, 1, 55, 56, 64, 111, 112, 128 };
    static uint8_t buf[MAX_DATA];
    uint8_t a[128], b[128];
    int differ = 0, i;

    for (i = 0; i < p->count; i++) {
        size_t len = i < 8 ? edge[i] : rnd() % (MAX_DATA + 1);
        size_t chunk = i % 3 == 0 ? len + 1 :
                       1 + rnd() % (i % 3 == 1 ? 67 : 1024);
        ssize_t na, nb;
        char what[64];

        if (p->keylen) {
            set_keys(p);
        }
        fill(buf, len);
        na = hash_op(&p->drv, buf, len, chunk, a, sizeof(a));
        nb = hash_op(&p->ref, buf, len, chunk, b, sizeof(b));
        snprintf(what, sizeof(what), "len %zu chunk %zu", len, chunk);
        if (!same(i, what, p->drv.name, a, na, p->ref.name, b, nb)) {
            differ++;
        }
    }
    printf("# %s vs %s: %d of %d differ\n", p->drv.name, p->ref.name,
           differ, p->count);
    return differ ? 1 : 0;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: afalg-crypt skcipher DRIVER REFERENCE KEYLEN COUNT [SEED]\n"
            "       afalg-crypt aead DRIVER REFERENCE KEYLEN AUTHSIZE COUNT "
            "[SEED]\n"
            "       afalg-crypt hash DRIVER REFERENCE KEYLEN COUNT [SEED]\n"
            "(aead KEYLEN may be AUTHKEYLEN+ENCKEYLEN for authenc())\n");
    exit(2);
}

static unsigned long number(const char *s, char **rest, unsigned long max)
{
    char *end;
    unsigned long v;

    errno = 0;
    v = strtoul(s, &end, 0);
    if (errno || end == s || v > max || (!rest && *end)) {
        fprintf(stderr, "afalg-crypt: bad number '%s'\n", s);
        usage();
    }
    if (rest) {
        *rest = end;
    }
    return v;
}

/* Block and IV sizes of DRIVER (or, failing that, REFERENCE). */
static void cipher_sizes(struct params *p, const char *kind)
{
    struct alg_info d = { 0 }, r = { 0 };
    bool have_d = alg_lookup(kind, p->drv.name, &d);
    bool have_r = alg_lookup(kind, p->ref.name, &r);

    if (!have_d && !have_r) {
        fprintf(stderr, "neither %s nor %s is a registered %s in "
                "/proc/crypto\n", p->drv.name, p->ref.name, kind);
        exit(2);
    }
    if (!have_d) {
        printf("# %s not found in /proc/crypto, using the sizes of %s\n",
               p->drv.name, r.driver);
        d = r;
    } else if (have_r && d.ivsize != r.ivsize) {
        fprintf(stderr, "ivsize differs: %s %u, %s %u\n", d.driver, d.ivsize,
                r.driver, r.ivsize);
        exit(2);
    }
    p->ivsize = d.ivsize;
    p->ccm = !strncmp(d.name, "ccm(", 4);
    p->blocksize = d.blocksize ? d.blocksize : 1;
    if (have_d && have_r && r.blocksize > p->blocksize) {
        printf("# blocksize differs: %s %u, %s %u; using %u\n", d.driver,
               d.blocksize, r.driver, r.blocksize, r.blocksize);
        p->blocksize = r.blocksize;
    }
    if (p->ivsize > MAX_IV || p->blocksize > MAX_DATA) {
        fprintf(stderr, "%s: ivsize %u or blocksize %u too large\n",
                d.driver, p->ivsize, p->blocksize);
        exit(2);
    }
    printf("# %s %s (%s): ivsize %u, blocksize %u", kind, p->drv.name,
           d.driver, p->ivsize, p->blocksize);
    if (!strcmp(kind, "aead")) {
        printf(", maxauthsize %u", d.maxauthsize);
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    struct params p = { 0 };
    const char *mode = argc > 1 ? argv[1] : "";
    bool aead = !strcmp(mode, "aead");
    int nargs = aead ? 7 : 6;
    uint32_t seed;
    char *rest;

    if ((!aead && strcmp(mode, "skcipher") && strcmp(mode, "hash")) ||
        argc < nargs || argc > nargs + 1) {
        usage();
    }
    p.keylen = number(argv[4], &rest, MAX_KEY);
    if (*rest == '+' && aead) {
        p.authenc = true;
        p.authkeylen = p.keylen;
        p.keylen = number(rest + 1, NULL, MAX_KEY);
    } else if (*rest) {
        fprintf(stderr, "afalg-crypt: bad KEYLEN '%s'\n", argv[4]);
        usage();
    }
    if (aead) {
        p.authsize = number(argv[5], NULL, MAX_TAG);
    }
    p.count = number(argv[nargs - 1], NULL, 1000000000);
    seed = argc > nargs ? number(argv[nargs], NULL, UINT32_MAX) : 0x1234567;
    rng_state = seed ? seed : 1;

    tfm_open(&p.drv, mode, argv[2]);
    tfm_open(&p.ref, mode, argv[3]);
    if (aead) {
        struct tfm *t[2] = { &p.ref, &p.drv };
        int i;

        for (i = 0; i < 2; i++) {
            if (setsockopt(t[i]->fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL,
                           p.authsize) < 0) {
                fprintf(stderr, "authsize %u on %s: %s\n", p.authsize,
                        t[i]->name, strerror(errno));
                exit(2);
            }
        }
    }
    /* Bound, so a template instance is now registered in /proc/crypto. */
    if (strcmp(mode, "hash")) {
        cipher_sizes(&p, mode);
    }
    printf("# %s vs %s: key %s%zu bytes, %d iterations, seed 0x%x\n",
           p.drv.name, p.ref.name, p.authenc ? "(authenc) " : "",
           p.authkeylen + p.keylen, p.count, seed);

    if (aead) {
        return run_aead(&p);
    }
    return strcmp(mode, "hash") ? run_skcipher(&p) : run_hash(&p);
}
