/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the CAAM descriptor disassembler (hw/crypto/caam_disasm.c)
 * on descriptors the Linux 6.12 caam driver built and the model ran
 * (tests/unit/caam-descs/NAME.txt, captured with the caam_desc trace
 * event): each walks from its header to exactly its length, reads as its
 * NAME.expect says, and cut at every length never reads past the cut.
 * Then commands written by hand: the lengths desc_constr.h gives
 * immediates, pointers and extended lengths under 4- and 8-byte pointers.
 *
 * The descriptors' directory: $PRESILICON_CAAM_DESCS_DIR (meson sets it),
 * else CAAM_DESCS_DIR, a build-time -D. PRESILICON_CAAM_DISASM_WRITE=1
 * rewrites the .expect files from the disassembler instead of comparing
 * (then read the diff).
 */
#include "check-tap.h"
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hw/crypto/caam_disasm.h"

#define MAX_DESCS   128
#define MAX_WORDS   64      /* a DECO's descriptor buffer */
#define PSZ         8       /* the captures' pointers (the model's) */

typedef struct Desc {
    char name[64];
    char what[160];         /* the file's comment: who built it */
    uint32_t w[MAX_WORDS];
    unsigned n;
} Desc;

static Desc descs[MAX_DESCS];
static unsigned n_descs;
static const char *dir;

static int by_name(const void *a, const void *b)
{
    return strcmp(((const Desc *)a)->name, ((const Desc *)b)->name);
}

/* The first len characters of src, cut to fit size with its NUL. */
static void copy_str(char *dst, size_t size, const char *src, size_t len)
{
    if (len > size - 1) {
        len = size - 1;
    }
    memcpy(dst, src, len);
    dst[len] = '\0';
}

static void load_desc(const char *file, Desc *d)
{
    char path[512], line[512];
    FILE *f;

    snprintf(path, sizeof(path), "%s/%s", dir, file);
    f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "caam-disasm-test: %s: %s\n", path, strerror(errno));
        exit(EXIT_FAILURE);
    }
    copy_str(d->name, sizeof(d->name), file, strlen(file) - 4);
    while (fgets(line, sizeof(line), f)) {
        const char *p = line;

        if (line[0] == '#') {
            if (!d->what[0]) {
                copy_str(d->what, sizeof(d->what), line + 2,
                         strcspn(line + 2, "\n"));
            }
            continue;
        }
        for (;;) {
            uint32_t v;
            int used;

            if (sscanf(p, "%" SCNx32 "%n", &v, &used) != 1) {
                break;
            }
            if (d->n == MAX_WORDS) {
                fprintf(stderr, "caam-disasm-test: %s: over %d words\n",
                        path, MAX_WORDS);
                exit(EXIT_FAILURE);
            }
            d->w[d->n++] = v;
            p += used;
        }
    }
    fclose(f);
}

static void load_descs(void)
{
    struct dirent *e;
    DIR *dp;

    dir = getenv("PRESILICON_CAAM_DESCS_DIR");
#ifdef CAAM_DESCS_DIR
    if (!dir || !*dir) {
        dir = CAAM_DESCS_DIR;
    }
#endif
    dp = dir ? opendir(dir) : NULL;
    if (!dp) {
        fprintf(stderr, "caam-disasm-test: no descriptors directory (%s): "
                "set PRESILICON_CAAM_DESCS_DIR\n", dir ? dir : "unset");
        exit(EXIT_FAILURE);
    }
    while ((e = readdir(dp))) {
        size_t len = strlen(e->d_name);

        if (len > 4 && !strcmp(e->d_name + len - 4, ".txt") &&
            n_descs < MAX_DESCS) {
            load_desc(e->d_name, &descs[n_descs++]);
        }
    }
    closedir(dp);
    qsort(descs, n_descs, sizeof(descs[0]), by_name);
}

/* ---- the walk ---- */

typedef struct Walk {
    char text[MAX_WORDS * CAAM_DISASM_LINE];
    size_t len;
    unsigned lines;
    unsigned last;          /* the last command's index */
    bool truncated;
    bool unknown;
} Walk;

static void walk_line(void *opaque, unsigned idx, const char *text)
{
    Walk *w = opaque;

    ck_assert_uint_gt(strlen(text), 0);
    ck_assert_uint_lt(strlen(text), CAAM_DISASM_LINE - 1);
    w->len += snprintf(w->text + w->len, sizeof(w->text) - w->len,
                       "[%02u] %s\n", idx, text);
    ck_assert_uint_lt(w->len, sizeof(w->text));
    w->last = idx;
    w->lines++;
    w->truncated |= strstr(text, "... truncated") != NULL;
    w->unknown |= strncmp(text, "UNKNOWN", 7) == 0;
}

/* Walk desc[0..n) as caam_disasm_all() does, checking each step. */
static unsigned walk_steps(const uint32_t *w, unsigned n, unsigned psz)
{
    char text[CAAM_DISASM_LINE];
    unsigned idx = 0, k, last = 0;

    while (idx < n) {
        k = caam_disasm(w, n, idx, psz, text, sizeof(text));
        ck_assert_uint_ge(k, 1);
        ck_assert_uint_le(k, n - idx);
        last = idx;
        idx += k;
    }
    ck_assert_uint_eq(idx, n);
    return last;
}

/* (a) the whole descriptor: its header's length, no command cut. */
START_TEST(test_walk)
{
    const Desc *d = &descs[_i];
    bool job = d->w[0] >> 27 == 0x16;
    Walk w = { 0 };

    ck_assert_msg(d->n >= 1 && (d->w[0] >> 27 == 0x16 ||
                                d->w[0] >> 27 == 0x17),
                  "%s: no header", d->name);
    ck_assert_msg(d->n == (d->w[0] & (job ? 0x7f : 0x3f)),
                  "%s: %u words, the header says %u", d->name, d->n,
                  d->w[0] & (job ? 0x7f : 0x3f));
    caam_disasm_all(d->w, d->n, PSZ, walk_line, &w);
    ck_assert_msg(!w.truncated, "%s: a command runs past the end:\n%s",
                  d->name, w.text);
    ck_assert_msg(!w.unknown, "%s: an unknown command:\n%s", d->name,
                  w.text);
    ck_assert_uint_eq(walk_steps(d->w, d->n, PSZ), w.last);
}
END_TEST

/* (b) golden text: NAME.expect */
START_TEST(test_golden)
{
    const Desc *d = &descs[_i];
    const char *write = getenv("PRESILICON_CAAM_DISASM_WRITE");
    char path[512], want[MAX_WORDS * CAAM_DISASM_LINE];
    const char *g, *e;
    unsigned line = 1;
    Walk w = { 0 };
    size_t len;
    FILE *f;

    caam_disasm_all(d->w, d->n, PSZ, walk_line, &w);
    snprintf(path, sizeof(path), "%s/%s.expect", dir, d->name);
    if (write && !strcmp(write, "1")) {
        f = fopen(path, "w");
        ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
        fprintf(f, "# %s\n%s", d->what, w.text);
        fclose(f);
        return;
    }
    f = fopen(path, "r");
    ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
    len = fread(want, 1, sizeof(want) - 1, f);
    fclose(f);
    want[len] = '\0';
    /* The comment line, then the walk */
    e = strchr(want, '\n');
    ck_assert_msg(want[0] == '#' && e, "%s: no comment line", path);
    e++;
    for (g = w.text; *g || *e; line++) {
        size_t gl = strcspn(g, "\n"), el = strcspn(e, "\n");

        ck_assert_msg(gl == el && !memcmp(g, e, gl),
                      "%s line %u:\n  got    %.*s\n  expect %.*s", path,
                      line + 1, (int)gl, g, (int)el, e);
        g += gl + (g[gl] == '\n');
        e += el + (e[el] == '\n');
    }
}
END_TEST

/*
 * (c) cut at every length m, in a buffer of exactly m words (ASan sees a
 * read past it), under both pointer sizes: every word decodes as a
 * command start without reading past m, and the walk covers m words,
 * with a command cut exactly when m falls inside one of the full walk.
 */
START_TEST(test_truncation)
{
    const Desc *d = &descs[_i];
    static const unsigned pszs[2] = { 4, 8 };

    for (unsigned p = 0; p < 2; p++) {
        bool boundary[MAX_WORDS + 1] = { false };
        char text[CAAM_DISASM_LINE];
        unsigned idx = 0;

        while (idx < d->n) {
            boundary[idx] = true;
            idx += caam_disasm(d->w, d->n, idx, pszs[p], text, sizeof(text));
        }
        boundary[d->n] = true;
        for (unsigned m = 0; m <= d->n; m++) {
            uint32_t *cut = malloc(m ? 4 * m : 1);
            Walk w = { 0 };

            memcpy(cut, d->w, 4 * m);
            for (unsigned i = 0; i < m; i++) {
                unsigned k = caam_disasm(cut, m, i, pszs[p], text,
                                         sizeof(text));

                ck_assert_uint_ge(k, 1);
                ck_assert_uint_le(k, m - i);
                ck_assert(k == m - i || !strstr(text, "truncated"));
            }
            ck_assert_uint_eq(caam_disasm(cut, m, m, pszs[p], text,
                                          sizeof(text)), 0);
            ck_assert_str_eq(text, "");
            caam_disasm_all(cut, m, pszs[p], walk_line, &w);
            walk_steps(cut, m, pszs[p]);
            if (pszs[p] == PSZ) {
                ck_assert_msg(w.truncated == !boundary[m],
                              "%s cut at %u words: truncated %d\n%s",
                              d->name, m, w.truncated, w.text);
            }
            free(cut);
        }
    }
}
END_TEST

/* The captured set holds what it should. */
START_TEST(test_captured_set)
{
    static const char *const names[] = {
        "rng4-instantiate-sh0", "caamrng-job", "skcipher-cbc-aes-encap",
        "skcipher-cbc-aes-job", "skcipher-xts-aes-encap", "gcm-encap",
        "gcm-decap", "gcm-job", "rfc4106-encap", "rfc4543-encap",
        "authenc-sha256-cbc-aes-encap", "authenc-sha256-cbc-aes-decap",
        "authenc-sha256-cbc-aes-givencap", "authenc-null-sha1-encap",
        "ahash-hmac-sha256-digest", "ahash-sha256-update",
        "ahash-hmac-sha256-finup", "cmac-aes-digest", "xcbc-aes-digest",
    };

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        bool found = false;

        for (unsigned j = 0; j < n_descs; j++) {
            found |= !strcmp(descs[j].name, names[i]);
        }
        ck_assert_msg(found, "no %s.txt in %s", names[i], dir);
    }
}
END_TEST

/* ---- commands by hand ---- */

/* Decode w[idx] of w[0..n) and check the words taken and the text. */
static void check_cmd(const uint32_t *w, unsigned n, unsigned idx,
                      unsigned psz, unsigned words, const char *want)
{
    uint32_t *buf = malloc(4 * n);
    char text[CAAM_DISASM_LINE];

    memcpy(buf, w, 4 * n);
    ck_assert_uint_eq(caam_disasm(buf, n, idx, psz, text, sizeof(text)),
                      words);
    ck_assert_str_eq(text, want);
    free(buf);
}

START_TEST(test_unknown)
{
    static const uint32_t w[] = { 0x30000000, 0x9fffffff, 0xc8000001 };

    check_cmd(w, 3, 0, 8, 1, "UNKNOWN cmd=0x06 word=0x30000000");
    check_cmd(w, 3, 1, 8, 1, "UNKNOWN cmd=0x13 word=0x9fffffff");
    check_cmd(w, 3, 2, 8, 1, "UNKNOWN cmd=0x19 word=0xc8000001");
}
END_TEST

START_TEST(test_math_imm)
{
    /* MATH ADD REG0 IMM -> REG1, 8 bytes: the low word first */
    static const uint32_t w8[] = { 0xa8004108, 0x89abcdef, 0x01234567 };
    /* ... IFB: one word for all 8 bytes (APPEND_MATH_IMM_u64) */
    static const uint32_t ifb[] = { 0xac004108, 0x00000005 };
    /* SUB REG3 IMM -> VSEQINLEN, 4 bytes (append_math_sub_imm_u32) */
    static const uint32_t w4[] = { 0xa8234a04, 0x00000008 };
    /* both sources immediate: a word each */
    static const uint32_t two[] = { 0xa8444004, 0x00000001, 0x00000002 };
    /* no immediate */
    static const uint32_t none[] = { 0xa8280b04 };

    check_cmd(w8, 3, 0, 8, 3, "MATH ADD REG0 IMM -> REG1 len=8 "
              "imm=0x0123456789abcdef");
    check_cmd(w8, 2, 0, 8, 2, "MATH ADD REG0 IMM -> REG1 len=8 "
              "... truncated");
    check_cmd(ifb, 2, 0, 4, 2, "MATH ADD REG0 IMM -> REG1 len=8 ifb "
              "imm=0x00000005");
    check_cmd(w4, 2, 0, 8, 2, "MATH SUB REG3 IMM -> VSEQINLEN len=4 "
              "imm=0x00000008");
    check_cmd(two, 3, 0, 4, 3, "MATH OR IMM IMM -> REG0 len=4 "
              "imm=0x00000001,0x00000002");
    check_cmd(none, 1, 0, 8, 1, "MATH SUB SEQINLEN REG0 -> VSEQOUTLEN "
              "len=4");
}
END_TEST

START_TEST(test_seq_ptr)
{
    /* append_seq_in_ptr(): EXT, the length after the pointer */
    static const uint32_t ext[] = { 0xf1400000, 0x411412e0, 0x00000000,
                                    0x00000020 };
    /* a 16-bit length in the command */
    static const uint32_t in[] = { 0xf0000030, 0x12345678, 0x9 };
    /* RTO/PRE continue the sequence: no pointer */
    static const uint32_t rto[] = { 0xf0200010 };
    static const uint32_t pre[] = { 0xf8c00000, 0x00000100 };

    check_cmd(ext, 4, 0, 8, 4, "SEQ IN PTR sgf ext len=32 ptr=0x411412e0");
    check_cmd(ext, 3, 0, 4, 3, "SEQ IN PTR sgf ext len=0 ptr=0x411412e0");
    check_cmd(ext, 3, 0, 8, 3, "SEQ IN PTR sgf ext ... truncated");
    check_cmd(in, 3, 0, 8, 3, "SEQ IN PTR len=48 ptr=0x912345678");
    check_cmd(in, 2, 0, 4, 2, "SEQ IN PTR len=48 ptr=0x12345678");
    check_cmd(rto, 1, 0, 8, 1, "SEQ IN PTR rto len=16");
    check_cmd(pre, 2, 0, 8, 2, "SEQ OUT PTR pre ext len=256");
}
END_TEST

START_TEST(test_key)
{
    /* append_key(): class 1, 16 bytes at a pointer */
    static const uint32_t ptr[] = { 0x02000010, 0x41a62080, 0x00000001 };
    /* append_key_as_imm() */
    static const uint32_t imm[] = { 0x02800010, 1, 2, 3, 4 };
    /* an encrypted split key (Era < 6): 40 bytes, room for 48 */
    static const uint32_t enc[14] = { 0x04c30028 };
    /* SEQ KEY: from the input sequence */
    static const uint32_t seq[] = { 0x0c000020 };

    check_cmd(ptr, 3, 0, 8, 3, "KEY class1 len=16 ptr=0x141a62080");
    check_cmd(ptr, 2, 0, 4, 2, "KEY class1 len=16 ptr=0x41a62080");
    check_cmd(ptr, 2, 0, 8, 2, "KEY class1 len=16 ... truncated");
    check_cmd(imm, 5, 0, 8, 5, "KEY class1 imm len=16");
    check_cmd(imm, 4, 0, 4, 4, "KEY class1 imm len=16 ... truncated");
    check_cmd(enc, 14, 0, 8, 13, "KEY class2 MDHA_SPLIT enc imm len=40");
    check_cmd(seq, 1, 0, 8, 1, "SEQ KEY class2 len=32");
}
END_TEST

START_TEST(test_dkp)
{
    /* src=imm dst=imm: room for the 64-byte split key of SHA-256 */
    static const uint32_t imm[17] = { 0x80230020 };
    /* a key longer than the split key: room for the key */
    static const uint32_t long_key[33] = { 0x80230080 };
    /* src=ptr dst=ptr: the key's pointer, written back */
    static const uint32_t ptr[] = { 0x8025a040, 0x419e1a40, 0 };
    /* src=ptr dst=imm: SHA-1's 40 bytes, the pointer at their start */
    static const uint32_t pi[11] = { 0x80218080, 0x1000 };

    check_cmd(imm, 17, 0, 8, 17, "OPERATION protocol DKP_SHA256 src=imm "
              "dst=imm keylen=32");
    check_cmd(long_key, 33, 0, 8, 33, "OPERATION protocol DKP_SHA256 "
              "src=imm dst=imm keylen=128");
    check_cmd(ptr, 3, 0, 8, 3, "OPERATION protocol DKP_SHA512 src=ptr "
              "dst=ptr keylen=64 ptr=0x419e1a40");
    check_cmd(ptr, 2, 0, 4, 2, "OPERATION protocol DKP_SHA512 src=ptr "
              "dst=ptr keylen=64 ptr=0x419e1a40");
    check_cmd(pi, 11, 0, 4, 11, "OPERATION protocol DKP_SHA1 src=ptr "
              "dst=imm keylen=128 ptr=0x00001000");
    check_cmd(imm, 10, 0, 8, 10, "OPERATION protocol DKP_SHA256 src=imm "
              "dst=imm keylen=32 ... truncated");
}
END_TEST

START_TEST(test_headers)
{
    /* init_job_desc_shared(): the shared descriptor's pointer follows */
    static const uint32_t job[] = { 0xb08e1c0b, 0x41a61c80, 0x00000000 };
    /* init_sh_desc_pdb(): a 2-word PDB, start index 3 */
    static const uint32_t pdb[] = { 0xb8831205, 1, 2, 0xb8831205,
                                    0xa2000001 };

    check_cmd(job, 3, 0, 8, 3, "HEADER job shared sdlen=14 len=11 "
              "share=defer reverse ptr=0x41a61c80");
    check_cmd(job, 2, 0, 4, 2, "HEADER job shared sdlen=14 len=11 "
              "share=defer reverse ptr=0x41a61c80");
    check_cmd(pdb, 5, 0, 8, 3, "HEADER shared start=3 len=5 "
              "share=serial savectx pdb=2");
    check_cmd(pdb, 2, 0, 8, 2, "HEADER shared start=3 len=5 "
              "share=serial savectx pdb=2 ... truncated");
    /* a header anywhere else is one word */
    check_cmd(pdb, 5, 3, 8, 1, "HEADER shared start=3 len=5 "
              "share=serial savectx");
    check_cmd(pdb, 5, 4, 8, 1, "JUMP local all class1 +1");
}
END_TEST

START_TEST(test_others)
{
    /* FIFO LOAD: immediate; pointer with an extended length */
    static const uint32_t fl_imm[] = { 0x22a2000c, 1, 2, 3 };
    static const uint32_t fl_ext[] = { 0x22530000, 0x1000, 0x10000 };
    /* FIFO STORE RNGSTORE (caamrng): pointer; RNGFIFO: none */
    static const uint32_t fs[] = { 0x60340020, 0x41b46880, 0 };
    static const uint32_t fs_fifo[] = { 0x60350020 };
    /* STORE of the shared descriptor: no pointer (append_store()) */
    static const uint32_t st[] = { 0x56420004 };
    /* STORE: pointer, then its immediate data (flib) */
    static const uint32_t st_imm[] = { 0x50800008, 0x2000, 7, 8 };
    /* a non-local JUMP: its target's pointer */
    static const uint32_t far[] = { 0xa0400000, 0x3000, 0 };
    /* a halting JUMP with a user status */
    static const uint32_t halt[] = { 0xa0c00042 };
    /* SIGNATURE FINAL: 8 words of signature */
    static const uint32_t sig[9] = { 0x90000000 };
    /* MOVE_LEN: the length from MATH1 */
    static const uint32_t ml[] = { 0x70210001 };
    /* the RNG */
    static const uint32_t rng[] = { 0x82500006, 0x82500016, 0x8250000e };

    check_cmd(fl_imm, 4, 0, 8, 4, "FIFO LOAD class1 IV LAST1 imm len=12");
    check_cmd(fl_ext, 3, 0, 4, 3, "FIFO LOAD class1 MSG FLUSH1 LAST1 ext "
              "len=65536 ptr=0x00001000");
    check_cmd(fs, 3, 0, 8, 3, "FIFO STORE RNGSTORE len=32 "
              "ptr=0x41b46880");
    check_cmd(fs_fifo, 1, 0, 8, 1, "FIFO STORE RNGFIFO len=32");
    check_cmd(st, 1, 0, 8, 1, "STORE deco DESCBUF_SHARED len=4");
    check_cmd(st_imm, 4, 0, 4, 4, "STORE ind MODE imm len=8 "
              "ptr=0x00002000");
    check_cmd(far, 3, 0, 8, 3, "JUMP nonlocal all ptr=0x3000");
    check_cmd(halt, 1, 0, 8, 1, "JUMP halt_user all status=0x42");
    check_cmd(sig, 9, 0, 8, 9, "SIGNATURE FINAL");
    check_cmd(ml, 1, 0, 8, 1, "MOVE_LEN OUTFIFO -> CLASS2CTX len=MATH1");
    check_cmd(rng, 3, 0, 8, 1, "OPERATION class1 RNG SH0 INSTANTIATE PR");
    check_cmd(rng, 3, 1, 8, 1, "OPERATION class1 RNG SH1 INSTANTIATE PR");
    check_cmd(rng, 3, 2, 8, 1, "OPERATION class1 RNG SH0 UNINSTANTIATE PR");
}
END_TEST

START_TEST(test_small_buffers)
{
    static const uint32_t w[] = { 0x02800010, 1, 2, 3, 4 };
    char text[8];

    memset(text, 'x', sizeof(text));
    ck_assert_uint_eq(caam_disasm(w, 5, 0, 8, text, sizeof(text)), 5);
    ck_assert_str_eq(text, "KEY cla");
    ck_assert_uint_eq(caam_disasm(w, 5, 0, 8, text, 1), 5);
    ck_assert_str_eq(text, "");
    ck_assert_uint_eq(caam_disasm(w, 5, 0, 8, NULL, 0), 5);
    ck_assert_uint_eq(caam_disasm(w, 5, 5, 8, text, sizeof(text)), 0);
    ck_assert_uint_eq(caam_disasm(w, 0, 0, 8, NULL, 0), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("caam-disasm");
    TCase *captured = tcase_create("captured");
    TCase *hand = tcase_create("hand");

    load_descs();
    tcase_add_test(captured, test_captured_set);
    tcase_add_loop_test(captured, test_walk, 0, n_descs);
    tcase_add_loop_test(captured, test_golden, 0, n_descs);
    tcase_add_loop_test(captured, test_truncation, 0, n_descs);
    tcase_add_test(hand, test_unknown);
    tcase_add_test(hand, test_math_imm);
    tcase_add_test(hand, test_seq_ptr);
    tcase_add_test(hand, test_key);
    tcase_add_test(hand, test_dkp);
    tcase_add_test(hand, test_headers);
    tcase_add_test(hand, test_others);
    tcase_add_test(hand, test_small_buffers);
    /* Every cut of every descriptor under the sanitizers. */
    tcase_set_timeout(captured, 60);
    suite_add_tcase(s, captured);
    suite_add_tcase(s, hand);

    return ps_check_run(s);
}
