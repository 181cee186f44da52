/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mmio-trace: every guest access to an MMIO region of a presilicon model,
 * one line each: time, vCPU, guest PC as kernel symbol+offset, device (DT
 * node name), register, read/write, size, value and its decoded fields.
 *
 *   -plugin libmmio-trace.so,dtb=board.dtb,symbols=System.map[,options]
 *
 * Options (docs/plugins.md):
 *   out=FILE        write there (default: QEMU's log, i.e. stderr)
 *   format=text|csv|json   json is Chrome trace-event JSON (Perfetto)
 *   device=NAME     only this device: node name (rng@1020f000), its name
 *                   before '@' (rng) or a compatible; a PCI function by
 *                   its address (0000:00:01.0) or IDs (pci177d:a01a);
 *                   repeatable
 *   reg=NAME        only this register; repeatable
 *   all=on          also MMIO outside our models (GIC, UART...), unnamed
 *
 * PCI functions have no CPU address in the DTB: the plugin follows the
 * guest's config-space accesses through the host bridge's ECAM (the IDs it
 * reads, the BARs it sizes and places) and traces a function's memory BARs
 * once placed, as "0000:BB:DD.F" with the compatible "pciVVVV,DDDD" and
 * the BAR number as the register window.
 *
 * Time is nanoseconds of QEMU's virtual clock since the plugin loaded: the
 * plugin API gives plugins no clock, and without -icount the virtual clock
 * is the host's monotonic clock while the guest runs, which is what the
 * plugin reads.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <qemu-plugin.h>
#include "parse.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

enum { FMT_TEXT, FMT_CSV, FMT_JSON };

typedef struct Traced {
    const DtRange *range;
    const RegmapDevice *dev;        /* NULL: not one of our models (all=on) */
} Traced;

static KSymtab ksyms;
static GPtrArray *ranges;           /* DtRange, from the DTB */
static GArray *traced;              /* Traced: the ranges we report */
static GPtrArray *pci_ranges;       /* DtRange of placed BARs, owned */
static PciTracker pci;
static const DtRange *ecam;         /* the host bridge's config space */
static GPtrArray *dev_filter, *reg_filter;
static int format = FMT_TEXT;
static bool trace_all;
static FILE *out;
static GMutex lock;
static gint64 t0;
static uint64_t nlines, njson;

static bool dev_wanted(const DtRange *r);

/* A placed BAR of a function we have a register map for (or all=on). */
static void pci_bar_placed(const PciFunc *f, int bar)
{
    g_autofree char *compat = g_strdup_printf("pci%04x,%04x", f->vendor,
                                              f->device);
    char *compats[] = { compat, NULL };
    const RegmapDevice *dev = regmap_for_compat(compats);
    g_autofree char *path = g_strdup_printf("/pci/%04x/%d", f->bdf, bar);
    DtRange *r;
    Traced t;
    guint i;

    for (i = 0; i < pci_ranges->len; i++) {
        r = g_ptr_array_index(pci_ranges, i);
        if (!strcmp(r->path, path)) {
            /* The guest placed it again. */
            r->base = f->bar[bar].base;
            r->size = f->bar[bar].size;
            return;
        }
    }
    if (!f->have_id || (!dev && !trace_all)) {
        return;
    }
    r = g_new0(DtRange, 1);
    r->path = g_steal_pointer(&path);
    r->name = g_strdup_printf("0000:%02x:%02x.%x", f->bdf >> 8,
                              (f->bdf >> 3) & 0x1f, f->bdf & 7);
    r->compat = g_new0(char *, 2);
    r->compat[0] = g_strdup(compat);
    r->base = f->bar[bar].base;
    r->size = f->bar[bar].size;
    r->index = bar;
    g_ptr_array_add(pci_ranges, r);
    if (!dev_wanted(r)) {
        return;
    }
    t.range = r;
    t.dev = dev;
    g_array_append_val(traced, t);
}

static const Traced *find_traced(uint64_t pa)
{
    guint i;

    for (i = 0; i < traced->len; i++) {
        const Traced *t = &g_array_index(traced, Traced, i);

        if (pa >= t->range->base && pa - t->range->base < t->range->size) {
            return t;
        }
    }
    return NULL;
}

static bool reg_wanted(const char *name)
{
    guint i;

    if (!reg_filter->len) {
        return true;
    }
    for (i = 0; name && i < reg_filter->len; i++) {
        if (!g_ascii_strcasecmp(name, g_ptr_array_index(reg_filter, i))) {
            return true;
        }
    }
    return false;
}

static void emit(const char *line)
{
    if (out) {
        fputs(line, out);
    } else {
        qemu_plugin_outs(line);
    }
}

static uint64_t mem_value(qemu_plugin_meminfo_t info)
{
    qemu_plugin_mem_value v = qemu_plugin_mem_get_value(info);

    switch (v.type) {
    case QEMU_PLUGIN_MEM_VALUE_U8:
        return v.data.u8;
    case QEMU_PLUGIN_MEM_VALUE_U16:
        return v.data.u16;
    case QEMU_PLUGIN_MEM_VALUE_U32:
        return v.data.u32;
    case QEMU_PLUGIN_MEM_VALUE_U64:
        return v.data.u64;
    case QEMU_PLUGIN_MEM_VALUE_U128:
        return v.data.u128.low;
    }
    return 0;
}

static void vcpu_mem(unsigned int vcpu, qemu_plugin_meminfo_t info,
                     uint64_t vaddr, void *udata)
{
    struct qemu_plugin_hwaddr *hw = qemu_plugin_get_hwaddr(info, vaddr);
    uint64_t pa, off, value = 0, pc = (uint64_t)(uintptr_t)udata;
    unsigned size = 1u << qemu_plugin_mem_size_shift(info);
    bool store = qemu_plugin_mem_is_store(info);
    const Traced *t;
    const RegmapReg *reg;
    g_autofree char *fields = NULL;
    g_autofree char *line = NULL;
    char regname[96], sym[160];
    const char *rw = store ? "write" : "read";
    uint64_t ns;

    if (!hw || !qemu_plugin_hwaddr_is_io(hw)) {
        return;
    }
    pa = qemu_plugin_hwaddr_phys_addr(hw);
    g_mutex_lock(&lock);
    if (ecam && pa >= ecam->base && pa - ecam->base < ecam->size) {
        int bar;
        const PciFunc *f = pci_cfg_access(&pci, pa - ecam->base, size, store,
                                          mem_value(info), &bar);

        if (f) {
            pci_bar_placed(f, bar);
        }
    }
    t = find_traced(pa);
    g_mutex_unlock(&lock);
    if (!t) {
        return;
    }
    off = pa - t->range->base;
    reg = regmap_reg(t->dev, t->range->index, off);
    if (reg && reg->offset == off) {
        snprintf(regname, sizeof(regname), "%s", reg->name);
    } else if (reg) {
        snprintf(regname, sizeof(regname), "%s+%" PRIu64, reg->name,
                 off - reg->offset);
    } else {
        snprintf(regname, sizeof(regname), "0x%" PRIx64, off);
    }
    if (!reg_wanted(reg ? reg->name : regname)) {
        return;
    }
    value = mem_value(info);
    fields = reg && reg->offset == off ? regmap_decode(reg, value) :
        g_strdup("");
    ns = (uint64_t)(g_get_monotonic_time() - t0) * 1000;
    ksym_format(&ksyms, pc, sym, sizeof(sym));

    g_mutex_lock(&lock);
    switch (format) {
    case FMT_TEXT:
        line = g_strdup_printf("%" PRIu64 ".%06" PRIu64 " cpu%u %-28s %-16s "
                               "%-20s %-5s %u 0x%0*" PRIx64 "%s%s\n",
                               ns / 1000000000, ns / 1000 % 1000000, vcpu,
                               sym, t->range->name, regname, rw, size,
                               (int)size * 2, value, *fields ? " " : "",
                               fields);
        break;
    case FMT_CSV:
        line = g_strdup_printf("%" PRIu64 ",%u,0x%" PRIx64 ",%s,%s,0x%" PRIx64
                               ",%s,%s,%u,0x%" PRIx64 ",%s\n", ns, vcpu, pc,
                               sym, t->range->name, pa, regname, rw, size,
                               value, fields);
        break;
    case FMT_JSON:
        line = g_strdup_printf("%s{\"name\":\"%s %s %s\",\"cat\":\"%s\","
                               "\"ph\":\"i\",\"s\":\"t\",\"pid\":1,"
                               "\"tid\":%u,\"ts\":%" PRIu64 ".%03" PRIu64 ","
                               "\"args\":{\"pc\":\"%s\",\"device\":\"%s\","
                               "\"register\":\"%s\",\"size\":%u,"
                               "\"value\":\"0x%" PRIx64 "\","
                               "\"fields\":\"%s\"}}",
                               njson++ ? ",\n" : "", t->range->name,
                               regname, rw, t->range->name, vcpu,
                               ns / 1000, ns % 1000, sym, t->range->name,
                               regname, size, value, fields);
        break;
    }
    emit(line);
    nlines++;
    g_mutex_unlock(&lock);
}

static void vcpu_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t i, n = qemu_plugin_tb_n_insns(tb);

    for (i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t pc = qemu_plugin_insn_vaddr(insn);

        qemu_plugin_register_vcpu_mem_cb(insn, vcpu_mem,
                                         QEMU_PLUGIN_CB_NO_REGS,
                                         QEMU_PLUGIN_MEM_RW,
                                         (void *)(uintptr_t)pc);
    }
}

static void plugin_exit(qemu_plugin_id_t id, void *p)
{
    g_mutex_lock(&lock);
    if (format == FMT_JSON) {
        emit("\n]}\n");
    }
    if (out) {
        fclose(out);
        out = NULL;
    }
    g_mutex_unlock(&lock);
}

static bool dev_wanted(const DtRange *r)
{
    guint i;
    int j;

    if (!dev_filter->len) {
        return true;
    }
    for (i = 0; i < dev_filter->len; i++) {
        const char *f = g_ptr_array_index(dev_filter, i);
        size_t at = strcspn(r->name, "@");

        if (!strcmp(f, r->name) ||
            (strlen(f) == at && !strncmp(f, r->name, at))) {
            return true;
        }
        for (j = 0; r->compat[j]; j++) {
            /* pciVVVV:DDDD for pciVVVV,DDDD: plugin options split at ','. */
            if (!strcmp(f, r->compat[j]) ||
                (g_str_has_prefix(f, "pci") && strlen(f) == 12 &&
                 f[7] == ':' && !strncmp(f, r->compat[j], 7) &&
                 !strcmp(f + 8, r->compat[j] + 8))) {
                return true;
            }
        }
    }
    return false;
}

/* Whether a device= filter may name a PCI function (placed at run time). */
static bool pci_filter(void)
{
    guint i;

    for (i = 0; ecam && i < dev_filter->len; i++) {
        const char *f = g_ptr_array_index(dev_filter, i);

        if (g_str_has_prefix(f, "pci") || g_str_has_prefix(f, "0000:")) {
            return true;
        }
    }
    return ecam && !dev_filter->len;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info,
                                           int argc, char **argv)
{
    g_autofree char *dtb = NULL, *symbols = NULL, *outpath = NULL;
    g_autoptr(GError) err = NULL;
    int i, untranslated = 0;
    guint r;

    t0 = g_get_monotonic_time();
    dev_filter = g_ptr_array_new_with_free_func(g_free);
    reg_filter = g_ptr_array_new_with_free_func(g_free);
    for (i = 0; i < argc; i++) {
        char *k, *v;

        if (!plugin_arg(argv[i], &k, &v)) {
            fprintf(stderr, "mmio-trace: argument '%s' is not KEY=VALUE\n",
                    argv[i]);
            return -1;
        }
        if (!strcmp(k, "dtb")) {
            dtb = v;
        } else if (!strcmp(k, "symbols")) {
            symbols = v;
        } else if (!strcmp(k, "out")) {
            outpath = v;
        } else if (!strcmp(k, "device")) {
            g_ptr_array_add(dev_filter, v);
        } else if (!strcmp(k, "reg")) {
            g_ptr_array_add(reg_filter, v);
        } else if (!strcmp(k, "format") && !strcmp(v, "text")) {
            format = FMT_TEXT;
        } else if (!strcmp(k, "format") && !strcmp(v, "csv")) {
            format = FMT_CSV;
        } else if (!strcmp(k, "format") && !strcmp(v, "json")) {
            format = FMT_JSON;
        } else if (!strcmp(k, "all") &&
                   qemu_plugin_bool_parse(k, v, &trace_all)) {
            ;
        } else {
            fprintf(stderr, "mmio-trace: unknown option '%s' (dtb, symbols, "
                    "out, format=text|csv|json, device, reg, all)\n",
                    argv[i]);
            return -1;
        }
        g_free(k);
    }
    if (!dtb) {
        fprintf(stderr, "mmio-trace: dtb=FILE is required (qemu-system-aarch64"
                " -M presilicon -machine dumpdtb=FILE writes it)\n");
        return -1;
    }
    ranges = dt_ranges_load(dtb, &untranslated, &err);
    if (!ranges) {
        fprintf(stderr, "mmio-trace: %s: %s\n", dtb, err->message);
        return -1;
    }
    if (symbols && !ksym_load(&ksyms, symbols, &err)) {
        fprintf(stderr, "mmio-trace: %s: %s\n", symbols, err->message);
        return -1;
    }
    traced = g_array_new(FALSE, FALSE, sizeof(Traced));
    pci_ranges = g_ptr_array_new_with_free_func(dt_range_free);
    pci_tracker_init(&pci);
    for (r = 0; r < ranges->len; r++) {
        Traced t = { .range = g_ptr_array_index(ranges, r) };

        for (i = 0; t.range->compat[i]; i++) {
            if (!strcmp(t.range->compat[i], "pci-host-ecam-generic") &&
                t.range->index == 0) {
                ecam = t.range;
            }
        }

        t.dev = regmap_for_compat(t.range->compat);
        if ((t.dev || trace_all) && dev_wanted(t.range)) {
            g_array_append_val(traced, t);
        }
    }
    if (!traced->len && !pci_filter()) {
        fprintf(stderr, "mmio-trace: no device of the DTB matches (device=..."
                " names a DT node, its name before '@', or a compatible;"
                " a PCI function: pciVVVV:DDDD or 0000:BB:DD.F)\n");
        return -1;
    }
    if (outpath) {
        out = fopen(outpath, "w");
        if (!out) {
            fprintf(stderr, "mmio-trace: cannot write %s\n", outpath);
            return -1;
        }
        setvbuf(out, NULL, _IOFBF, 1 << 16);
    }
    switch (format) {
    case FMT_CSV:
        emit("time_ns,vcpu,pc,symbol,device,paddr,register,access,size,"
             "value,fields\n");
        break;
    case FMT_JSON:
        emit("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
        break;
    default:
        break;
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, vcpu_tb_trans);
    qemu_plugin_register_atexit_cb(id, plugin_exit, NULL);
    return 0;
}
