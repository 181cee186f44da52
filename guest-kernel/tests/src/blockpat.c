/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * blockpat: known content on a block device, for tests that cut the power
 * under a write (the md RAID5 write hole behind the powerfail filter):
 *   blockpat fill DEV SEED           generation 0 in every 4 KiB block,
 *                                    then fsync: "filled N blocks"
 *   blockpat burst DEV SEED COUNT    generation 1 in COUNT distinct blocks
 *                                    picked from SEED, one write each and
 *                                    no flush: "burst COUNT blocks"
 *   blockpat verify DEV SEED COUNT [--raid5 DISKS CHUNK_KIB]
 *                                    check every block:
 *     blocks N old A new B torn C bad D
 *     bad block B[ stripe S disk K burst yes|no]    (at most 64 lines)
 *     bad stripes: S1 S2 ...                         (--raid5, at most 64)
 *     bad by disk: n0 n1 ...                         (--raid5)
 * A block is fine when all its sectors are old, or when it is a burst
 * block and each sector is old or new (a write may tear at a sector);
 * "torn" counts burst blocks that mix both. --raid5 places each bad block
 * in md's left-symmetric layout (mdadm's default) of DISKS members with
 * CHUNK_KIB KiB chunks. Exit 0 when no block is bad, 1 when one is, 2 on
 * a usage or I/O error.
 *
 * Each 512-byte sector starts with a 32-byte tag, "bp SEED BLOCK.SECTOR
 * gGEN" padded with spaces to a newline, so a hexdump of a wrong block
 * tells where its data came from; splitmix64 output fills the rest.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#define BP_BLOCK 4096
#define BP_SECTOR 512
#define BP_SECTORS (BP_BLOCK / BP_SECTOR)
#define TAG_LEN 32
/* Large reads and writes: fill and verify run under TCG in the guest. */
#define CHUNK_BLOCKS 256
#define MAX_LIST 64
#define MAX_DISKS 256

/* Keep the content and the burst's picks independent of each other. */
#define CONTENT_KEY 0x626c6f636b706174ULL
#define PICK_KEY 0x6275727374706963ULL

enum { BLK_OLD, BLK_NEW, BLK_TORN, BLK_BAD };

static const char *dev;

static void usage(void)
{
    fprintf(stderr,
            "usage: blockpat fill DEV SEED\n"
            "       blockpat burst DEV SEED COUNT\n"
            "       blockpat verify DEV SEED COUNT"
            " [--raid5 DISKS CHUNK_KIB]\n");
    exit(2);
}

static uint64_t parse_num(const char *s, const char *what)
{
    unsigned long long v;
    char *end;

    /* strtoull would take "-1" as 2^64 - 1. */
    if (*s < '0' || *s > '9') {
        fprintf(stderr, "blockpat: bad %s '%s'\n", what, s);
        usage();
    }
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno || *end) {
        fprintf(stderr, "blockpat: bad %s '%s'\n", what, s);
        usage();
    }
    return v;
}

/* splitmix64's output function: a bijection, so distinct inputs differ. */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t splitmix64(uint64_t *state)
{
    *state += 0x9e3779b97f4a7c15ULL;
    return mix64(*state);
}

/* Uniform in [0, n): reject the top values that would bias the modulo. */
static uint64_t rand_below(uint64_t *state, uint64_t n)
{
    uint64_t lim = -n % n;
    uint64_t r;

    do {
        r = splitmix64(state);
    } while (r < lim);
    return r % n;
}

static void sector_fill(uint8_t *p, uint64_t seed, uint64_t b, unsigned s,
                        unsigned g)
{
    /* Each of (b, s, g) goes through a bijection: no two sectors alike. */
    uint64_t state = mix64(mix64(mix64(seed ^ CONTENT_KEY) + b) + s * 2 + g);
    char tag[TAG_LEN];
    int n, i, j;

    n = snprintf(tag, sizeof(tag), "bp %" PRIu64 " %" PRIu64 ".%u g%u",
                 seed, b, s, g);
    if (n > TAG_LEN - 1) {
        n = TAG_LEN - 1;
    }
    memset(tag + n, ' ', TAG_LEN - n);
    tag[TAG_LEN - 1] = '\n';
    memcpy(p, tag, TAG_LEN);
    /* Byte by byte, so the content does not depend on the host's order. */
    for (i = TAG_LEN; i < BP_SECTOR; i += 8) {
        uint64_t r = splitmix64(&state);

        for (j = 0; j < 8; j++) {
            p[i + j] = r >> (8 * j);
        }
    }
}

static void block_fill(uint8_t *p, uint64_t seed, uint64_t b, unsigned g)
{
    unsigned s;

    for (s = 0; s < BP_SECTORS; s++) {
        sector_fill(p + s * BP_SECTOR, seed, b, s, g);
    }
}

static int test_bit(const uint8_t *map, uint64_t b)
{
    return (map[b / 8] >> (b % 8)) & 1;
}

/*
 * The burst's blocks, the same for burst and verify: COUNT distinct blocks
 * in map and, when order is not NULL, in the order they are written.
 * Each pick depends only on the ones before it, so a larger COUNT picks
 * the same blocks first.
 */
static void pick_burst(uint64_t seed, uint64_t count, uint64_t nblocks,
                       uint8_t *map, uint64_t *order)
{
    uint64_t state = mix64(seed ^ PICK_KEY);
    uint64_t i = 0, b;

    while (i < count) {
        b = rand_below(&state, nblocks);
        if (test_bit(map, b)) {
            continue;
        }
        map[b / 8] |= 1 << (b % 8);
        if (order) {
            order[i] = b;
        }
        i++;
    }
}

/*
 * For a regular file on a filesystem without O_DIRECT (tmpfs before Linux
 * 6.6), fall back to the page cache: only a host-side self-test does that,
 * the guest's devices are block devices.
 */
static int open_dev(int flags)
{
    struct stat st;
    int fd = open(dev, flags | O_DIRECT);

    if (fd < 0 && errno == EINVAL && stat(dev, &st) == 0 &&
        S_ISREG(st.st_mode)) {
        fd = open(dev, flags);
    }
    if (fd < 0) {
        fprintf(stderr, "blockpat: open %s: %s\n", dev, strerror(errno));
        exit(2);
    }
    return fd;
}

static uint64_t dev_blocks(int fd)
{
    uint64_t size;
    struct stat st;

    if (fstat(fd, &st) < 0) {
        fprintf(stderr, "blockpat: stat %s: %s\n", dev, strerror(errno));
        exit(2);
    }
    if (S_ISBLK(st.st_mode)) {
        if (ioctl(fd, BLKGETSIZE64, &size) < 0) {
            fprintf(stderr, "blockpat: BLKGETSIZE64 %s: %s\n", dev,
                    strerror(errno));
            exit(2);
        }
    } else if (S_ISREG(st.st_mode)) {
        size = st.st_size;
    } else {
        fprintf(stderr, "blockpat: %s: not a block device or file\n", dev);
        exit(2);
    }
    return size / BP_BLOCK;
}

/* The whole of len at block b, or exit 2: pread/pwrite may do part. */
static void xio(int fd, uint8_t *buf, size_t len, uint64_t b, bool wr)
{
    off_t off = (off_t)b * BP_BLOCK;
    ssize_t n;

    while (len) {
        n = wr ? pwrite(fd, buf, len, off) : pread(fd, buf, len, off);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            fprintf(stderr, "blockpat: %s %s at block %" PRIu64 ": %s\n",
                    wr ? "write" : "read", dev, b,
                    n < 0 ? strerror(errno) :
                    wr ? "no progress" : "unexpected end");
            exit(2);
        }
        buf += n;
        len -= n;
        off += n;
    }
}

static void xpwrite(int fd, uint8_t *buf, size_t len, uint64_t b)
{
    xio(fd, buf, len, b, true);
}

static void xpread(int fd, uint8_t *buf, size_t len, uint64_t b)
{
    xio(fd, buf, len, b, false);
}

static void *xalloc(size_t len, int aligned)
{
    void *p = NULL;

    /* O_DIRECT wants buffers aligned to the logical block size. */
    if (aligned) {
        if (posix_memalign(&p, BP_BLOCK, len) != 0) {
            p = NULL;
        }
    } else {
        p = calloc(1, len);
    }
    if (!p) {
        fprintf(stderr, "blockpat: out of memory\n");
        exit(2);
    }
    return p;
}

static int cmd_fill(int fd, uint64_t seed, uint64_t nblocks)
{
    uint8_t *buf = xalloc(CHUNK_BLOCKS * BP_BLOCK, 1);
    uint64_t b, i, k;

    for (b = 0; b < nblocks; b += k) {
        k = nblocks - b < CHUNK_BLOCKS ? nblocks - b : CHUNK_BLOCKS;
        for (i = 0; i < k; i++) {
            block_fill(buf + i * BP_BLOCK, seed, b + i, 0);
        }
        xpwrite(fd, buf, k * BP_BLOCK, b);
    }
    /* The fill must be on the medium before the burst and the cut. */
    if (fsync(fd) < 0) {
        fprintf(stderr, "blockpat: fsync %s: %s\n", dev, strerror(errno));
        exit(2);
    }
    printf("filled %" PRIu64 " blocks\n", nblocks);
    return 0;
}

static int cmd_burst(int fd, uint64_t seed, uint64_t count, uint64_t nblocks)
{
    uint8_t *map = xalloc(nblocks / 8 + 1, 0);
    uint64_t *order = xalloc(count * sizeof(*order) + 1, 0);
    uint8_t *buf = xalloc(BP_BLOCK, 1);
    uint64_t i;

    pick_burst(seed, count, nblocks, map, order);
    /*
     * No fsync and no O_SYNC: the writes are acknowledged but may still
     * sit in a disk's volatile cache when the power goes.
     */
    for (i = 0; i < count; i++) {
        block_fill(buf, seed, order[i], 1);
        xpwrite(fd, buf, BP_BLOCK, order[i]);
    }
    printf("burst %" PRIu64 " blocks\n", count);
    return 0;
}

static int classify(const uint8_t *blk, uint64_t seed, uint64_t b, int burst)
{
    uint8_t want[BP_SECTOR];
    unsigned s, old = 0, new = 0;

    for (s = 0; s < BP_SECTORS; s++) {
        const uint8_t *p = blk + s * BP_SECTOR;

        sector_fill(want, seed, b, s, 0);
        if (!memcmp(p, want, BP_SECTOR)) {
            old++;
            continue;
        }
        if (!burst) {
            return BLK_BAD;
        }
        sector_fill(want, seed, b, s, 1);
        if (memcmp(p, want, BP_SECTOR)) {
            return BLK_BAD;
        }
        new++;
    }
    return !new ? BLK_OLD : !old ? BLK_NEW : BLK_TORN;
}

/* md's ALGORITHM_LEFT_SYMMETRIC (raid5_compute_sector in raid5.c). */
static void raid5_locate(uint64_t b, unsigned disks, uint64_t chunk_kib,
                         uint64_t *stripe, unsigned *disk)
{
    uint64_t c = b / (chunk_kib * 1024 / BP_BLOCK);
    uint64_t s = c / (disks - 1);
    unsigned k = c % (disks - 1);
    unsigned pd = (disks - 1) - s % disks;

    *stripe = s;
    *disk = (pd + 1 + k) % disks;
}

static int cmd_verify(int fd, uint64_t seed, uint64_t count, uint64_t nblocks,
                      unsigned disks, uint64_t chunk_kib)
{
    uint8_t *buf = xalloc(CHUNK_BLOCKS * BP_BLOCK, 1);
    uint8_t *map = xalloc(nblocks / 8 + 1, 0);
    uint64_t nclass[4] = { 0 };
    uint64_t bad[MAX_LIST], stripes[MAX_LIST];
    uint64_t *per_disk = xalloc((disks + 1) * sizeof(*per_disk), 0);
    unsigned nbad = 0, nstripes = 0, disk, i;
    uint64_t b, j, k, stripe;
    int c;

    pick_burst(seed, count, nblocks, map, NULL);
    for (b = 0; b < nblocks; b += k) {
        k = nblocks - b < CHUNK_BLOCKS ? nblocks - b : CHUNK_BLOCKS;
        xpread(fd, buf, k * BP_BLOCK, b);
        for (j = 0; j < k; j++) {
            c = classify(buf + j * BP_BLOCK, seed, b + j,
                         test_bit(map, b + j));
            nclass[c]++;
            if (c != BLK_BAD) {
                continue;
            }
            if (nbad < MAX_LIST) {
                bad[nbad++] = b + j;
            }
            if (!disks) {
                continue;
            }
            raid5_locate(b + j, disks, chunk_kib, &stripe, &disk);
            per_disk[disk]++;
            /* Blocks go up, so do their stripes: a new one is the last. */
            if (nstripes < MAX_LIST &&
                (!nstripes || stripes[nstripes - 1] != stripe)) {
                stripes[nstripes++] = stripe;
            }
        }
    }

    printf("blocks %" PRIu64 " old %" PRIu64 " new %" PRIu64 " torn %" PRIu64
           " bad %" PRIu64 "\n", nblocks, nclass[BLK_OLD], nclass[BLK_NEW],
           nclass[BLK_TORN], nclass[BLK_BAD]);
    for (i = 0; i < nbad; i++) {
        printf("bad block %" PRIu64, bad[i]);
        if (disks) {
            raid5_locate(bad[i], disks, chunk_kib, &stripe, &disk);
            printf(" stripe %" PRIu64 " disk %u burst %s", stripe, disk,
                   test_bit(map, bad[i]) ? "yes" : "no");
        }
        printf("\n");
    }
    if (disks) {
        printf("bad stripes:");
        for (i = 0; i < nstripes; i++) {
            printf(" %" PRIu64, stripes[i]);
        }
        printf("\nbad by disk:");
        for (i = 0; i < disks; i++) {
            printf(" %" PRIu64, per_disk[i]);
        }
        printf("\n");
    }
    return nclass[BLK_BAD] ? 1 : 0;
}

int main(int argc, char **argv)
{
    uint64_t seed, count = 0, nblocks, chunk_kib = 0;
    unsigned disks = 0;
    const char *cmd;
    int fd;

    if (argc < 4) {
        usage();
    }
    cmd = argv[1];
    dev = argv[2];
    seed = parse_num(argv[3], "SEED");
    if (!strcmp(cmd, "fill")) {
        if (argc != 4) {
            usage();
        }
    } else if (!strcmp(cmd, "burst")) {
        if (argc != 5) {
            usage();
        }
        count = parse_num(argv[4], "COUNT");
    } else if (!strcmp(cmd, "verify")) {
        if (argc != 5 && (argc != 8 || strcmp(argv[5], "--raid5"))) {
            usage();
        }
        count = parse_num(argv[4], "COUNT");
        if (argc == 8) {
            uint64_t d = parse_num(argv[6], "DISKS");

            chunk_kib = parse_num(argv[7], "CHUNK_KIB");
            /* A block must not straddle two chunks. */
            if (d < 2 || d > MAX_DISKS || !chunk_kib ||
                chunk_kib % (BP_BLOCK / 1024) ||
                chunk_kib > UINT64_MAX / 1024) {
                fprintf(stderr, "blockpat: bad --raid5 %s %s\n",
                        argv[6], argv[7]);
                usage();
            }
            disks = d;
        }
    } else {
        usage();
    }

    fd = open_dev(strcmp(cmd, "verify") ? O_RDWR : O_RDONLY);
    nblocks = dev_blocks(fd);
    if (count > nblocks) {
        fprintf(stderr, "blockpat: COUNT %" PRIu64 " > %" PRIu64
                " blocks of %s\n", count, nblocks, dev);
        usage();
    }
    if (!strcmp(cmd, "fill")) {
        return cmd_fill(fd, seed, nblocks);
    }
    if (!strcmp(cmd, "burst")) {
        return cmd_burst(fd, seed, count, nblocks);
    }
    return cmd_verify(fd, seed, count, nblocks, disks, chunk_kib);
}
