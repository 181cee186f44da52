/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * driver-coverage: which functions of a built-in driver ran, how often, and
 * which of their basic blocks, from the guest kernel's System.map; with a
 * line table (scripts/kernel-lines), lcov records for genhtml as well.
 *
 *   -plugin libdriver-coverage.so,symbols=System.map,func=PATTERN,out=PREFIX
 *           [,func=PATTERN...][,lines=FILE]
 *
 * PATTERN is a glob on text symbols (mtk_rng_*). Writes PREFIX.txt: a row
 * per function (calls, instructions and basic blocks run), then the blocks
 * that never ran with the functions they call, which is how an error path
 * shows (a block calling _dev_err). With lines=, PREFIX.info in lcov's
 * format.
 *
 * An instruction counts as run when its translation block ran; a block
 * left by an exception half-way is counted whole. Basic blocks come from
 * decoding the function's code, which the plugin reads from guest memory
 * the first time one of the functions runs (a function's extent is up to
 * the next text symbol, less trailing padding). Modules are not covered:
 * their symbols are not in System.map.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <qemu-plugin.h>
#include "parse.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

typedef struct Func {
    const KSym *sym;
    size_t n;                       /* instruction slots */
    uint64_t *count;                /* runs per instruction */
    uint32_t *code;                 /* NULL until read from the guest */
} Func;

typedef struct Block {
    Func *f;
    size_t first, n;
} Block;

static KSymtab ksyms;
static LineTable lines;
static bool have_lines;
static GArray *funcs;               /* Func, by address */
static GPtrArray *blocks;           /* Block, owned */
static GMutex lock;
static int code_read;
static char *out_prefix;

static Func *find_func(uint64_t pc)
{
    size_t lo = 0, hi = funcs->len;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        Func *f = &g_array_index(funcs, Func, mid);

        if (pc < f->sym->addr) {
            hi = mid;
        } else if (pc >= f->sym->addr + 4 * f->n) {
            lo = mid + 1;
        } else {
            return f;
        }
    }
    return NULL;
}

/* In a vCPU's context, where guest virtual addresses can be read. */
static void read_code(void)
{
    guint i;

    for (i = 0; i < funcs->len; i++) {
        Func *f = &g_array_index(funcs, Func, i);
        g_autoptr(GByteArray) buf = g_byte_array_new();

        if (qemu_plugin_read_memory_vaddr(f->sym->addr, buf, 4 * f->n)) {
            f->code = g_memdup2(buf->data, 4 * f->n);
        }
    }
}

static void block_exec(unsigned int vcpu, void *udata)
{
    Block *b = udata;
    size_t i;

    if (!__atomic_load_n(&code_read, __ATOMIC_ACQUIRE)) {
        g_mutex_lock(&lock);
        if (!code_read) {
            read_code();
            __atomic_store_n(&code_read, 1, __ATOMIC_RELEASE);
        }
        g_mutex_unlock(&lock);
    }
    for (i = 0; i < b->n; i++) {
        __atomic_fetch_add(&b->f->count[b->first + i], 1, __ATOMIC_RELAXED);
    }
}

static void vcpu_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t i, n = qemu_plugin_tb_n_insns(tb);
    uint64_t pc = qemu_plugin_tb_vaddr(tb);
    Func *f = find_func(pc);
    Block *b;

    if (!f || (pc & 3)) {
        return;
    }
    b = g_new0(Block, 1);
    b->f = f;
    b->first = (pc - f->sym->addr) / 4;
    /* Only this function's instructions; a block may run on past its end. */
    for (i = 0; i < n && b->first + i < f->n; i++) {
        if (qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, i)) !=
            pc + 4 * i) {
            break;
        }
    }
    b->n = i;
    g_mutex_lock(&lock);
    g_ptr_array_add(blocks, b);
    g_mutex_unlock(&lock);
    qemu_plugin_register_vcpu_tb_exec_cb(tb, block_exec,
                                         QEMU_PLUGIN_CB_NO_REGS, b);
}

/* Trim padding once the code is known; NULL code keeps the symbol's size. */
static size_t func_len(const Func *f)
{
    size_t n = f->code ? a64_trim(f->code, f->n) : f->n;
    size_t i;

    /* Never trim an instruction that ran. */
    for (i = n; i < f->n; i++) {
        if (f->count[i]) {
            n = i + 1;
        }
    }
    return n;
}

/* "calls a, b" for the direct calls in code[first..last). */
static void append_callees(GString *s, const Func *f, size_t first,
                           size_t last)
{
    size_t i;
    int ncalls = 0;

    for (i = first; f->code && i < last; i++) {
        uint64_t pc = f->sym->addr + 4 * i;
        A64Flow fl = a64_flow(f->code[i], pc);
        const KSym *t;

        if (fl.kind != A64_CALL || !fl.has_target) {
            continue;
        }
        t = ksym_lookup(&ksyms, fl.target);
        g_string_append_printf(s, "%s%s", ncalls++ ? ", " : "  calls ",
                               t ? t->name : "?");
    }
}

static void write_report(FILE *fp, GString *notrun)
{
    guint i;
    size_t j;
    unsigned ran = 0;

    for (i = 0; i < funcs->len; i++) {
        ran += g_array_index(funcs, Func, i).count[0] != 0;
    }
    fprintf(fp, "# driver-coverage: %u functions, %u ran\n", funcs->len, ran);
    fprintf(fp, "# %-38s %10s %15s %15s\n", "function", "calls",
            "insns run/all", "blocks run/all");
    for (i = 0; i < funcs->len; i++) {
        Func *f = &g_array_index(funcs, Func, i);
        size_t n = func_len(f), run = 0, nblk = 0, blk_run = 0;
        g_autofree bool *leader = g_new(bool, n ? n : 1);
        g_autofree char *blk = NULL;
        char insns[32];

        for (j = 0; j < n; j++) {
            run += f->count[j] != 0;
        }
        if (f->code) {
            nblk = a64_blocks(f->code, n, f->sym->addr, leader);
            for (j = 0; j < n; j++) {
                size_t end = j + 1;

                if (!leader[j]) {
                    continue;
                }
                while (end < n && !leader[end]) {
                    end++;
                }
                if (f->count[j]) {
                    blk_run++;
                    continue;
                }
                g_string_append_printf(notrun, "%s+0x%zx..0x%zx",
                                       f->sym->name, 4 * j, 4 * end);
                append_callees(notrun, f, j, end);
                g_string_append_c(notrun, '\n');
            }
            blk = g_strdup_printf("%zu/%zu", blk_run, nblk);
        } else {
            blk = g_strdup("-");
        }
        snprintf(insns, sizeof(insns), "%zu/%zu", run, n);
        fprintf(fp, "%-40s %10" PRIu64 " %15s %15s\n", f->sym->name,
                f->count[0], insns, blk);
    }
    fprintf(fp, "# blocks not run%s\n", code_read ? "" :
            " (none of the functions ran: their code was never read)");
    fputs(notrun->str, fp);
}

typedef struct FileCov {
    GTree *lines;                   /* line -> max runs (GUINT_TO_POINTER) */
    GString *fns;                   /* FN/FNDA records */
    unsigned nfn, nfn_hit;
} FileCov;

static gint uint_cmp(gconstpointer a, gconstpointer b)
{
    guint x = GPOINTER_TO_UINT(a), y = GPOINTER_TO_UINT(b);

    return x < y ? -1 : x > y;
}

static void file_cov_free(gpointer p)
{
    FileCov *c = p;

    g_tree_destroy(c->lines);
    g_string_free(c->fns, TRUE);
    g_free(c);
}

static FileCov *file_cov(GHashTable *files, const char *file)
{
    FileCov *c = g_hash_table_lookup(files, file);

    if (!c) {
        c = g_new0(FileCov, 1);
        c->lines = g_tree_new(uint_cmp);
        c->fns = g_string_new(NULL);
        g_hash_table_insert(files, (gpointer)file, c);
    }
    return c;
}

typedef struct LcovOut {
    FILE *fp;
    unsigned lf, lh;
} LcovOut;

static gboolean lcov_line(gpointer key, gpointer value, gpointer data)
{
    LcovOut *o = data;
    /* Stored +1 so that a line seen with no run is not a missing key. */
    guint runs = GPOINTER_TO_UINT(value) - 1;

    fprintf(o->fp, "DA:%u,%u\n", GPOINTER_TO_UINT(key), runs);
    o->lf++;
    o->lh += runs != 0;
    return FALSE;
}

/* lcov's tracefile: a record per source file, with its functions' lines. */
static void write_lcov(FILE *fp)
{
    g_autoptr(GHashTable) files =
        g_hash_table_new_full(g_str_hash, g_str_equal, NULL, file_cov_free);
    g_autoptr(GList) names = NULL;
    GList *l;
    guint i;
    size_t j;

    for (i = 0; i < funcs->len; i++) {
        Func *f = &g_array_index(funcs, Func, i);
        size_t n = func_len(f);
        const LineRef *first = NULL;

        for (j = 0; j < n; j++) {
            const LineRef *r = lines_find(&lines, f->sym->addr + 4 * j);
            FileCov *c;
            gpointer old;
            guint runs;

            if (!r) {
                continue;
            }
            if (!first) {
                first = r;
            }
            c = file_cov(files, r->file);
            old = g_tree_lookup(c->lines, GUINT_TO_POINTER(r->line));
            runs = MIN(f->count[j], (uint64_t)G_MAXUINT - 1) + 1;
            if (!old || GPOINTER_TO_UINT(old) < runs) {
                g_tree_insert(c->lines, GUINT_TO_POINTER(r->line),
                              GUINT_TO_POINTER(runs));
            }
        }
        if (first) {
            FileCov *c = file_cov(files, first->file);

            g_string_append_printf(c->fns, "FN:%u,%s\nFNDA:%" PRIu64 ",%s\n",
                                   first->line, f->sym->name, f->count[0],
                                   f->sym->name);
            c->nfn++;
            c->nfn_hit += f->count[0] != 0;
        }
    }
    names = g_hash_table_get_keys(files);
    names = g_list_sort(names, (GCompareFunc)strcmp);
    for (l = names; l; l = l->next) {
        FileCov *c = g_hash_table_lookup(files, l->data);
        LcovOut o = { .fp = fp };

        fprintf(fp, "TN:\nSF:%s\n%sFNF:%u\nFNH:%u\n", (char *)l->data,
                c->fns->str, c->nfn, c->nfn_hit);
        g_tree_foreach(c->lines, lcov_line, &o);
        fprintf(fp, "LF:%u\nLH:%u\nend_of_record\n", o.lf, o.lh);
    }
}

static void plugin_exit(qemu_plugin_id_t id, void *p)
{
    g_autoptr(GString) notrun = g_string_new(NULL);
    g_autofree char *txt = g_strconcat(out_prefix, ".txt", NULL);
    g_autofree char *info = g_strconcat(out_prefix, ".info", NULL);
    FILE *fp;

    g_mutex_lock(&lock);
    fp = fopen(txt, "w");
    if (!fp) {
        fprintf(stderr, "driver-coverage: cannot write %s\n", txt);
    } else {
        write_report(fp, notrun);
        fclose(fp);
    }
    if (have_lines) {
        fp = fopen(info, "w");
        if (!fp) {
            fprintf(stderr, "driver-coverage: cannot write %s\n", info);
        } else {
            write_lcov(fp);
            fclose(fp);
        }
    }
    g_mutex_unlock(&lock);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info,
                                           int argc, char **argv)
{
    g_autofree char *symbols = NULL, *linespath = NULL;
    g_autoptr(GPtrArray) patterns = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GError) err = NULL;
    size_t i;
    int a;

    for (a = 0; a < argc; a++) {
        char *k, *v;

        if (!plugin_arg(argv[a], &k, &v)) {
            fprintf(stderr, "driver-coverage: argument '%s' is not "
                    "KEY=VALUE\n", argv[a]);
            return -1;
        }
        if (!strcmp(k, "symbols")) {
            g_free(symbols);
            symbols = v;
        } else if (!strcmp(k, "func")) {
            g_ptr_array_add(patterns, v);
        } else if (!strcmp(k, "out")) {
            g_free(out_prefix);
            out_prefix = v;
        } else if (!strcmp(k, "lines")) {
            g_free(linespath);
            linespath = v;
        } else {
            fprintf(stderr, "driver-coverage: unknown option '%s' (symbols, "
                    "func, out, lines)\n", argv[a]);
            g_free(k);
            g_free(v);
            return -1;
        }
        g_free(k);
    }
    if (!symbols || !patterns->len || !out_prefix) {
        fprintf(stderr, "driver-coverage: symbols=System.map, func=PATTERN "
                "and out=PREFIX are required\n");
        return -1;
    }
    if (!ksym_load(&ksyms, symbols, &err)) {
        fprintf(stderr, "driver-coverage: %s: %s\n", symbols, err->message);
        return -1;
    }
    if (linespath) {
        if (!lines_load(&lines, linespath, &err)) {
            fprintf(stderr, "driver-coverage: %s: %s\n", linespath,
                    err->message);
            return -1;
        }
        have_lines = true;
    }
    funcs = g_array_new(FALSE, TRUE, sizeof(Func));
    for (i = 0; i < ksyms.n; i++) {
        const KSym *s = &ksyms.syms[i];
        Func f = { .sym = s };
        guint p;

        for (p = 0; p < patterns->len; p++) {
            if (g_pattern_match_simple(g_ptr_array_index(patterns, p),
                                       s->name)) {
                break;
            }
        }
        /* An alias at the same address, or the last symbol: no extent. */
        if (p == patterns->len || s->end == UINT64_MAX || s->end <= s->addr ||
            (s->addr & 3) || (s->end - s->addr) / 4 > (1u << 20)) {
            continue;
        }
        if (funcs->len &&
            g_array_index(funcs, Func, funcs->len - 1).sym->addr == s->addr) {
            continue;
        }
        f.n = (s->end - s->addr) / 4;
        f.count = g_new0(uint64_t, f.n);
        g_array_append_val(funcs, f);
    }
    if (!funcs->len) {
        fprintf(stderr, "driver-coverage: no text symbol of %s matches "
                "func=%s\n", symbols,
                (char *)g_ptr_array_index(patterns, 0));
        return -1;
    }
    blocks = g_ptr_array_new_with_free_func(g_free);
    qemu_plugin_register_vcpu_tb_trans_cb(id, vcpu_tb_trans);
    qemu_plugin_register_atexit_cb(id, plugin_exit, NULL);
    return 0;
}
