/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * File parsers shared by the TCG plugins: System.map, DTB ranges, the
 * generated register map. Plain C with glib and libfdt.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libfdt.h>
#include "parse.h"

static GQuark parse_quark(void)
{
    return g_quark_from_static_string("presilicon-plugin-parse");
}

/* --- System.map ---------------------------------------------------------- */

static int ksym_cmp(const void *a, const void *b)
{
    const KSym *x = a, *y = b;

    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

bool ksym_parse(KSymtab *t, const char *text, GError **err)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    GArray *a = g_array_new(FALSE, FALSE, sizeof(KSym));
    size_t i;

    for (i = 0; lines[i]; i++) {
        char name[512], type;
        unsigned long long addr;
        KSym s;

        if (!lines[i][0]) {
            continue;
        }
        if (sscanf(lines[i], "%llx %c %511s", &addr, &type, name) != 3) {
            g_set_error(err, parse_quark(), 1,
                        "System.map line %zu is not 'ADDR TYPE NAME': %s",
                        i + 1, lines[i]);
            goto fail;
        }
        if (type != 't' && type != 'T' && type != 'w' && type != 'W') {
            continue;
        }
        s.addr = addr;
        s.end = UINT64_MAX;
        s.type = type;
        s.name = g_strdup(name);
        g_array_append_val(a, s);
    }
    if (!a->len) {
        g_set_error(err, parse_quark(), 2, "no text symbol in System.map");
        goto fail;
    }
    qsort(a->data, a->len, sizeof(KSym), ksym_cmp);
    t->n = a->len;
    t->syms = (KSym *)g_array_free(a, FALSE);
    /* Each symbol ends where the next one at a higher address starts. */
    for (i = t->n; i-- > 0;) {
        if (i + 1 < t->n) {
            t->syms[i].end = t->syms[i + 1].addr > t->syms[i].addr ?
                t->syms[i + 1].addr : t->syms[i + 1].end;
        }
    }
    return true;

fail:
    for (i = 0; i < a->len; i++) {
        g_free(g_array_index(a, KSym, i).name);
    }
    g_array_free(a, TRUE);
    return false;
}

bool ksym_load(KSymtab *t, const char *path, GError **err)
{
    g_autofree char *text = NULL;

    if (!g_file_get_contents(path, &text, NULL, err)) {
        return false;
    }
    return ksym_parse(t, text, err);
}

void ksym_free(KSymtab *t)
{
    size_t i;

    for (i = 0; i < t->n; i++) {
        g_free(t->syms[i].name);
    }
    g_free(t->syms);
    t->syms = NULL;
    t->n = 0;
}

const KSym *ksym_lookup(const KSymtab *t, uint64_t addr)
{
    size_t lo = 0, hi = t->n;

    /* The last symbol whose address is <= addr. */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;

        if (t->syms[mid].addr <= addr) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if (!lo || addr >= t->syms[lo - 1].end) {
        return NULL;
    }
    return &t->syms[lo - 1];
}

const KSym *ksym_find(const KSymtab *t, const char *name)
{
    size_t i;

    for (i = 0; i < t->n; i++) {
        if (!strcmp(t->syms[i].name, name)) {
            return &t->syms[i];
        }
    }
    return NULL;
}

const char *ksym_format(const KSymtab *t, uint64_t addr, char *buf,
                        size_t len)
{
    const KSym *s = t ? ksym_lookup(t, addr) : NULL;

    if (s) {
        snprintf(buf, len, "%s+0x%" PRIx64, s->name, addr - s->addr);
    } else {
        snprintf(buf, len, "0x%" PRIx64, addr);
    }
    return buf;
}

/* --- DTB ranges ---------------------------------------------------------- */

static int cells(const void *fdt, int node, const char *prop, int dflt)
{
    int len;
    const fdt32_t *p = fdt_getprop(fdt, node, prop, &len);

    return p && len == 4 ? (int)fdt32_to_cpu(*p) : dflt;
}

static uint64_t read_cells(const fdt32_t *p, int n)
{
    uint64_t v = 0;
    int i;

    for (i = 0; i < n; i++) {
        v = (v << 32) | fdt32_to_cpu(p[i]);
    }
    return v;
}

/*
 * Translate addr, an address on the bus that node `bus` provides, into its
 * parent's address space, up to the root. False when a bus on the way has
 * no ranges, or addresses of more than two cells (PCI).
 */
static bool translate(const void *fdt, int bus, uint64_t *addr)
{
    while (bus != 0) {
        int parent = fdt_parent_offset(fdt, bus);
        int ac = cells(fdt, bus, "#address-cells", 2);
        int sc = cells(fdt, bus, "#size-cells", 1);
        int pac = cells(fdt, parent, "#address-cells", 2);
        int len, i, n;
        const fdt32_t *r;
        bool found = false;

        if (parent < 0 || ac > 2 || pac > 2 || sc > 2) {
            return false;
        }
        r = fdt_getprop(fdt, bus, "ranges", &len);
        if (!r) {
            return false;
        }
        n = len / 4 / (ac + pac + sc);
        if (len == 0) {
            found = true;           /* empty ranges: identity */
        }
        for (i = 0; i < n && !found; i++) {
            const fdt32_t *e = r + i * (ac + pac + sc);
            uint64_t child = read_cells(e, ac);
            uint64_t par = read_cells(e + ac, pac);
            uint64_t size = read_cells(e + ac + pac, sc);

            if (*addr >= child && *addr - child < size) {
                *addr = *addr - child + par;
                found = true;
            }
        }
        if (!found) {
            return false;
        }
        bus = parent;
    }
    return true;
}

static int range_cmp(gconstpointer a, gconstpointer b)
{
    const DtRange *x = *(DtRange *const *)a, *y = *(DtRange *const *)b;

    return x->base < y->base ? -1 : x->base > y->base;
}

void dt_range_free(gpointer p)
{
    DtRange *r = p;

    g_free(r->path);
    g_free(r->name);
    g_strfreev(r->compat);
    g_free(r);
}

GPtrArray *dt_ranges(const void *fdt, int *untranslated, GError **err)
{
    GPtrArray *out;
    int node, depth = 0, bad = 0;

    if (fdt_check_header(fdt) != 0) {
        g_set_error(err, parse_quark(), 3, "not a flattened device tree");
        return NULL;
    }
    out = g_ptr_array_new_with_free_func(dt_range_free);
    for (node = fdt_next_node(fdt, -1, &depth); node >= 0;
         node = fdt_next_node(fdt, node, &depth)) {
        int parent = fdt_parent_offset(fdt, node);
        int clen, rlen, ac, sc, i;
        const char *compat = fdt_getprop(fdt, node, "compatible", &clen);
        const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &rlen);
        char path[512];

        /*
         * A part of a controller whose node holds only ranges (the
         * STM32's GPIO banks): it goes by the controller's compatible.
         */
        if (!compat && reg && parent > 0 &&
            !fdt_getprop(fdt, parent, "reg", NULL) &&
            fdt_getprop(fdt, parent, "ranges", NULL)) {
            compat = fdt_getprop(fdt, parent, "compatible", &clen);
        }
        if (!compat || !reg || parent < 0) {
            continue;
        }
        ac = cells(fdt, parent, "#address-cells", 2);
        sc = cells(fdt, parent, "#size-cells", 1);
        if (ac < 1 || ac > 2 || sc < 1 || sc > 2) {
            bad++;                  /* PCI (3 cells), cpus (no size) */
            continue;
        }
        if (fdt_get_path(fdt, node, path, sizeof(path)) < 0) {
            continue;
        }
        for (i = 0; i < rlen / 4 / (ac + sc); i++) {
            uint64_t base = read_cells(reg + i * (ac + sc), ac);
            uint64_t size = read_cells(reg + i * (ac + sc) + ac, sc);
            DtRange *r;
            GPtrArray *cs;
            int off;

            if (!translate(fdt, parent, &base)) {
                bad++;
                break;
            }
            r = g_new0(DtRange, 1);
            r->path = g_strdup(path);
            r->name = g_strdup(fdt_get_name(fdt, node, NULL));
            cs = g_ptr_array_new();
            for (off = 0; off < clen; off += strlen(compat + off) + 1) {
                g_ptr_array_add(cs, g_strdup(compat + off));
            }
            g_ptr_array_add(cs, NULL);
            r->compat = (char **)g_ptr_array_free(cs, FALSE);
            r->base = base;
            r->size = size;
            r->index = i;
            g_ptr_array_add(out, r);
        }
    }
    g_ptr_array_sort(out, range_cmp);
    if (untranslated) {
        *untranslated = bad;
    }
    return out;
}

GPtrArray *dt_ranges_load(const char *path, int *untranslated, GError **err)
{
    g_autofree char *blob = NULL;
    gsize len;

    if (!g_file_get_contents(path, &blob, &len, err)) {
        return NULL;
    }
    if (len < sizeof(struct fdt_header) || fdt_totalsize(blob) > len) {
        g_set_error(err, parse_quark(), 3, "%s: not a complete DTB", path);
        return NULL;
    }
    return dt_ranges(blob, untranslated, err);
}

const DtRange *dt_range_find(GPtrArray *ranges, uint64_t addr)
{
    guint i;

    for (i = 0; i < ranges->len; i++) {
        const DtRange *r = g_ptr_array_index(ranges, i);

        if (addr >= r->base && addr - r->base < r->size) {
            return r;
        }
    }
    return NULL;
}

/* --- register map -------------------------------------------------------- */

const RegmapDevice *regmap_for_compat(char *const *compat)
{
    unsigned d;
    int i, j;

    /* The node's most specific compatible first, as the kernel matches. */
    for (i = 0; compat && compat[i]; i++) {
        for (d = 0; d < regmap_num_devices; d++) {
            for (j = 0; regmap_devices[d].compat[j]; j++) {
                if (!strcmp(regmap_devices[d].compat[j], compat[i])) {
                    return &regmap_devices[d];
                }
            }
        }
    }
    return NULL;
}

const RegmapReg *regmap_reg(const RegmapDevice *d, unsigned window,
                            uint64_t offset)
{
    unsigned i;

    for (i = 0; d && i < d->nregs; i++) {
        const RegmapReg *r = &d->regs[i];

        if (r->window == window && offset >= r->offset &&
            offset - r->offset < r->size) {
            return r;
        }
    }
    return NULL;
}

char *regmap_decode(const RegmapReg *r, uint64_t value)
{
    GString *s = g_string_new(NULL);
    unsigned i;

    for (i = 0; r && i < r->nfields; i++) {
        const RegmapField *f = &r->fields[i];
        uint64_t mask = f->len >= 64 ? UINT64_MAX : (1ULL << f->len) - 1;

        g_string_append_printf(s, f->len <= 4 ? "%s%s=%" PRIu64 :
                               "%s%s=0x%" PRIx64, s->len ? " " : "",
                               f->name, (value >> f->shift) & mask);
    }
    return g_string_free(s, FALSE);
}

/* --- AArch64 control flow ------------------------------------------------- */

static uint64_t sext(uint64_t v, unsigned bits)
{
    return (uint64_t)((int64_t)(v << (64 - bits)) >> (64 - bits));
}

A64Flow a64_flow(uint32_t insn, uint64_t pc)
{
    A64Flow f = { .kind = A64_OTHER };

    if ((insn & 0x7c000000) == 0x14000000) {            /* B, BL imm26 */
        f.kind = insn & 0x80000000 ? A64_CALL : A64_JUMP;
        f.has_target = true;
        f.target = pc + (sext(insn & 0x3ffffff, 26) << 2);
    } else if ((insn & 0xff000010) == 0x54000000 ||     /* B.cond imm19 */
               (insn & 0x7e000000) == 0x34000000) {     /* CBZ, CBNZ */
        f.kind = A64_COND;
        f.has_target = true;
        f.target = pc + (sext((insn >> 5) & 0x7ffff, 19) << 2);
    } else if ((insn & 0x7e000000) == 0x36000000) {     /* TBZ, TBNZ imm14 */
        f.kind = A64_COND;
        f.has_target = true;
        f.target = pc + (sext((insn >> 5) & 0x3fff, 14) << 2);
    } else if ((insn & 0xfe000000) == 0xd6000000) {     /* BR, BLR, RET... */
        f.kind = (insn & 0x00600000) == 0x00200000 ? A64_CALL : A64_INDIRECT;
    }
    return f;
}

size_t a64_trim(const uint32_t *code, size_t n)
{
    while (n && (code[n - 1] == 0 || code[n - 1] == 0xd503201f)) {
        n--;
    }
    return n;
}

size_t a64_blocks(const uint32_t *code, size_t n, uint64_t addr,
                  bool *leader)
{
    size_t i, count = 0;

    memset(leader, 0, n * sizeof(*leader));
    if (n) {
        leader[0] = true;
    }
    for (i = 0; i < n; i++) {
        A64Flow f = a64_flow(code[i], addr + 4 * i);

        if (f.kind == A64_OTHER || f.kind == A64_CALL) {
            continue;
        }
        if (i + 1 < n) {
            leader[i + 1] = true;
        }
        if (f.has_target && f.target >= addr && f.target < addr + 4 * n &&
            !(f.target & 3)) {
            leader[(f.target - addr) / 4] = true;
        }
    }
    for (i = 0; i < n; i++) {
        count += leader[i];
    }
    return count;
}

/* --- line table ----------------------------------------------------------- */

static int line_cmp(const void *a, const void *b)
{
    const LineRef *x = a, *y = b;

    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

bool lines_parse(LineTable *t, const char *text, GError **err)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    GArray *a = g_array_new(FALSE, FALSE, sizeof(LineRef));
    size_t i;

    for (i = 0; lines[i]; i++) {
        unsigned long long addr;
        unsigned line;
        int pos = 0;
        char *sp;
        LineRef r;

        if (!lines[i][0]) {
            continue;
        }
        /* The file name runs to the last space: names may hold spaces. */
        sp = strrchr(lines[i], ' ');
        if (sscanf(lines[i], "%llx %n", &addr, &pos) != 1 || !pos || !sp ||
            lines[i] + pos >= sp || sscanf(sp + 1, "%u", &line) != 1) {
            g_set_error(err, parse_quark(), 4,
                        "line table line %zu is not 'ADDR FILE LINE': %s",
                        i + 1, lines[i]);
            g_array_free(a, TRUE);
            return false;
        }
        *sp = 0;
        r.addr = addr;
        r.file = g_intern_string(lines[i] + pos);
        r.line = line;
        g_array_append_val(a, r);
    }
    qsort(a->data, a->len, sizeof(LineRef), line_cmp);
    t->n = a->len;
    t->refs = (LineRef *)g_array_free(a, FALSE);
    return true;
}

bool lines_load(LineTable *t, const char *path, GError **err)
{
    g_autofree char *text = NULL;

    if (!g_file_get_contents(path, &text, NULL, err)) {
        return false;
    }
    return lines_parse(t, text, err);
}

const LineRef *lines_find(const LineTable *t, uint64_t addr)
{
    LineRef key = { .addr = addr };

    return t->n ? bsearch(&key, t->refs, t->n, sizeof(LineRef), line_cmp)
                : NULL;
}

void lines_free(LineTable *t)
{
    g_free(t->refs);
    t->refs = NULL;
    t->n = 0;
}

/* --- PCI functions seen through ECAM ------------------------------------- */

void pci_tracker_init(PciTracker *t)
{
    t->funcs = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL,
                                     g_free);
}

void pci_tracker_free(PciTracker *t)
{
    g_hash_table_destroy(t->funcs);
    t->funcs = NULL;
}

PciFunc *pci_cfg_access(PciTracker *t, uint64_t off, unsigned size,
                        bool write, uint64_t value, int *bar)
{
    unsigned bdf = (off >> 12) & 0xffff, reg = off & 0xfff, i;
    PciFunc *f = g_hash_table_lookup(t->funcs, GUINT_TO_POINTER(bdf));
    uint32_t v = value;
    PciBar *b;

    *bar = -1;
    if (!f) {
        f = g_new0(PciFunc, 1);
        f->bdf = bdf;
        g_hash_table_insert(t->funcs, GUINT_TO_POINTER(bdf), f);
    }
    if (!write && reg == 0 && size >= 2) {
        f->vendor = v & 0xffff;
        if (size == 4) {
            f->device = v >> 16;
        }
        f->have_id = f->vendor != 0xffff && size == 4;
        return NULL;
    }
    if (!write && reg == 2 && size == 2) {
        f->device = v & 0xffff;
        f->have_id = f->vendor != 0xffff && f->vendor;
        return NULL;
    }
    if (reg < 0x10 || reg >= 0x28 || (reg & 3) || size != 4) {
        return NULL;
    }
    i = (reg - 0x10) / 4;
    if (i && f->bar[i - 1].is64) {
        /* The upper half of the 64-bit BAR below. */
        b = &f->bar[i - 1];
        if (!write || v == 0xffffffff) {
            return NULL;
        }
        b->base = (b->base & 0xffffffffull) | ((uint64_t)v << 32);
        b->assigned = b->base != 0;
        if (b->assigned && b->size) {
            *bar = i - 1;
            return f;
        }
        return NULL;
    }
    b = &f->bar[i];
    if (write && (v & ~0xfu) == 0xfffffff0u) {
        b->sizing = true;
        return NULL;
    }
    if (v & 1) {
        b->sizing = false;
        return NULL;                /* an I/O BAR */
    }
    if (!write) {
        b->is64 = ((v >> 1) & 3) == 2;
        if (b->sizing && (v & ~0xfu)) {
            b->size = (uint32_t)(~(v & ~0xfu) + 1);
        }
        b->sizing = false;
        return NULL;
    }
    b->sizing = false;
    b->is64 |= ((v >> 1) & 3) == 2;
    b->base = (b->base & ~0xffffffffull) | (v & ~0xfu);
    /* Linux writes a BAR's old value back after sizing it: 0, no place. */
    b->assigned = b->base != 0;
    if (b->assigned && b->size) {
        *bar = i;
        return f;
    }
    return NULL;
}

bool plugin_arg(const char *arg, char **key, char **value)
{
    const char *eq = strchr(arg, '=');

    if (!eq) {
        return false;
    }
    *key = g_strndup(arg, eq - arg);
    *value = g_strdup(eq + 1);
    return true;
}
