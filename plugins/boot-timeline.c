/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * boot-timeline: where boot time goes. The start and duration of every
 * initcall (do_one_initcall) and every driver probe (really_probe), in
 * virtual time and in instructions, from the guest kernel's System.map;
 * written as an HTML page holding an SVG timeline (bootgraph-style) and a
 * text table sorted by cost.
 *
 *   -plugin libboot-timeline.so,symbols=System.map,dtb=board.dtb,out=PREFIX
 *
 * writes PREFIX.txt and PREFIX.html. With dtb=, the plugin also watches the
 * kernel's PL011 driver write the console and marks the first "KTAP version
 * 1" line, the point where the guest harness counts boot as over
 * (boot-to-first-test), so the table's total is comparable with it.
 *
 * An event starts at the function's first instruction and ends at the ret
 * that leaves it with the same stack pointer (the same call, whichever vCPU
 * the thread runs on by then). Its instructions are those all vCPUs ran in
 * between. Time: nanoseconds since the plugin loaded (QEMU start), read from
 * the host's monotonic clock, which is QEMU's virtual clock without -icount
 * (the plugin API offers plugins no clock).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <qemu-plugin.h>
#include "parse.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

enum { EV_INITCALL, EV_PROBE };
static const char *const kind_name[] = { "initcall", "probe" };

typedef struct Event {
    int kind;
    const KSym *func;               /* do_one_initcall or really_probe */
    uint64_t sp;
    char *name;
    uint64_t start_ns, end_ns;
    uint64_t start_insns, end_insns;
    unsigned vcpu;
} Event;

typedef struct VcpuRegs {
    struct qemu_plugin_register *x0, *x1, *sp;
} VcpuRegs;

static KSymtab ksyms;
static const KSym *sym_initcall, *sym_probe, *sym_init_process;
static GPtrArray *open_events, *done_events;
static GArray *vcpu_regs;           /* VcpuRegs by vCPU index */
static struct qemu_plugin_scoreboard *insn_sb;
static qemu_plugin_u64 insns;
static GMutex lock;
static gint64 t0;
static char *out_prefix;
static uint64_t uart_base = UINT64_MAX;
static GString *console_tail;
static uint64_t first_ktap_ns, first_ktap_insns;
static uint64_t init_ns, init_insns;

static uint64_t now_ns(void)
{
    return (uint64_t)(g_get_monotonic_time() - t0) * 1000;
}

static uint64_t read_reg(struct qemu_plugin_register *r)
{
    g_autoptr(GByteArray) buf = g_byte_array_new();
    uint64_t v = 0;

    if (r && qemu_plugin_read_register(r, buf) >= 8) {
        memcpy(&v, buf->data, 8);   /* the host and aarch64: little-endian */
    }
    return v;
}

/* The string a guest char * at addr points to (first member: offset 0). */
static char *read_name(uint64_t ptr_addr)
{
    g_autoptr(GByteArray) buf = g_byte_array_new();
    uint64_t str = 0;
    char s[64] = "";

    if (!qemu_plugin_read_memory_vaddr(ptr_addr, buf, 8)) {
        return g_strdup("?");
    }
    memcpy(&str, buf->data, 8);
    g_byte_array_set_size(buf, 0);
    if (str && qemu_plugin_read_memory_vaddr(str, buf, sizeof(s) - 1)) {
        memcpy(s, buf->data, sizeof(s) - 1);
        s[sizeof(s) - 1] = 0;
    }
    return g_strdup(s[0] ? s : "?");
}

static VcpuRegs *regs_of(unsigned vcpu)
{
    return vcpu < vcpu_regs->len ? &g_array_index(vcpu_regs, VcpuRegs, vcpu)
                                 : NULL;
}

static void on_entry(unsigned int vcpu, void *udata)
{
    const KSym *func = udata;
    VcpuRegs *r = regs_of(vcpu);
    Event *e;

    if (!r) {
        return;
    }
    if (func == sym_init_process) {
        g_mutex_lock(&lock);
        if (!init_ns) {
            init_ns = now_ns();
            init_insns = qemu_plugin_u64_sum(insns);
        }
        g_mutex_unlock(&lock);
        return;
    }
    e = g_new0(Event, 1);
    e->func = func;
    e->sp = read_reg(r->sp);
    e->vcpu = vcpu;
    if (func == sym_initcall) {
        const KSym *fn = ksym_lookup(&ksyms, read_reg(r->x0));

        e->kind = EV_INITCALL;
        e->name = g_strdup(fn ? fn->name : "?");
    } else {
        g_autofree char *drv = read_name(read_reg(r->x1));
        g_autofree char *dev = read_name(read_reg(r->x0));

        e->kind = EV_PROBE;
        e->name = g_strdup_printf("%s %s", drv, dev);
    }
    g_mutex_lock(&lock);
    e->start_ns = now_ns();
    e->start_insns = qemu_plugin_u64_sum(insns);
    g_ptr_array_add(open_events, e);
    g_mutex_unlock(&lock);
}

static void on_ret(unsigned int vcpu, void *udata)
{
    const KSym *func = udata;
    VcpuRegs *r = regs_of(vcpu);
    uint64_t sp;
    guint i;

    if (!r) {
        return;
    }
    sp = read_reg(r->sp);
    g_mutex_lock(&lock);
    for (i = open_events->len; i-- > 0;) {
        Event *e = g_ptr_array_index(open_events, i);

        if (e->func == func && e->sp == sp) {
            e->end_ns = now_ns();
            e->end_insns = qemu_plugin_u64_sum(insns);
            g_ptr_array_remove_index(open_events, i);
            g_ptr_array_add(done_events, e);
            break;
        }
    }
    g_mutex_unlock(&lock);
}

static void on_console(unsigned int vcpu, qemu_plugin_meminfo_t info,
                       uint64_t vaddr, void *udata)
{
    struct qemu_plugin_hwaddr *hw = qemu_plugin_get_hwaddr(info, vaddr);
    static const char mark[] = "KTAP version 1";
    qemu_plugin_mem_value v;

    if (!hw || !qemu_plugin_hwaddr_is_io(hw) ||
        qemu_plugin_hwaddr_phys_addr(hw) != uart_base) {
        return;
    }
    v = qemu_plugin_mem_get_value(info);
    g_mutex_lock(&lock);
    if (!first_ktap_ns) {
        g_string_append_c(console_tail, (char)(v.data.u64 & 0xff));
        if (console_tail->len > 64) {
            g_string_erase(console_tail, 0, console_tail->len - 32);
        }
        if (g_str_has_suffix(console_tail->str, mark)) {
            first_ktap_ns = now_ns();
            first_ktap_insns = qemu_plugin_u64_sum(insns);
        }
    }
    g_mutex_unlock(&lock);
}

static bool is_ret(uint32_t op)
{
    return op == 0xd65f03c0 ||      /* ret */
           op == 0xd65f0bff ||      /* retaa */
           op == 0xd65f0fff;        /* retab */
}

static void vcpu_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t i, n = qemu_plugin_tb_n_insns(tb);

    qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
        tb, QEMU_PLUGIN_INLINE_ADD_U64, insns, n);
    for (i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t pc = qemu_plugin_insn_vaddr(insn);
        const KSym *hooks[] = { sym_initcall, sym_probe };
        uint32_t op = 0;
        int h;

        if (sym_init_process && pc == sym_init_process->addr) {
            qemu_plugin_register_vcpu_insn_exec_cb(
                insn, on_entry, QEMU_PLUGIN_CB_NO_REGS,
                (void *)sym_init_process);
        }
        for (h = 0; h < 2; h++) {
            const KSym *s = hooks[h];

            if (!s || pc < s->addr || pc >= s->end) {
                continue;
            }
            if (pc == s->addr) {
                qemu_plugin_register_vcpu_insn_exec_cb(
                    insn, on_entry, QEMU_PLUGIN_CB_R_REGS, (void *)s);
            }
            qemu_plugin_insn_data(insn, &op, sizeof(op));
            if (is_ret(op)) {
                qemu_plugin_register_vcpu_insn_exec_cb(
                    insn, on_ret, QEMU_PLUGIN_CB_R_REGS, (void *)s);
            }
        }
        if (uart_base != UINT64_MAX) {
            const KSym *s = ksym_lookup(&ksyms, pc);

            if (s && g_str_has_prefix(s->name, "pl011_")) {
                qemu_plugin_register_vcpu_mem_cb(insn, on_console,
                                                 QEMU_PLUGIN_CB_NO_REGS,
                                                 QEMU_PLUGIN_MEM_W, NULL);
            }
        }
    }
}

static void vcpu_init(qemu_plugin_id_t id, unsigned int vcpu)
{
    g_autoptr(GArray) regs = qemu_plugin_get_registers();
    VcpuRegs r = { 0 };
    guint i;

    for (i = 0; regs && i < regs->len; i++) {
        qemu_plugin_reg_descriptor *d =
            &g_array_index(regs, qemu_plugin_reg_descriptor, i);

        if (!strcmp(d->name, "x0")) {
            r.x0 = d->handle;
        } else if (!strcmp(d->name, "x1")) {
            r.x1 = d->handle;
        } else if (!strcmp(d->name, "sp")) {
            r.sp = d->handle;
        }
    }
    g_mutex_lock(&lock);
    if (vcpu >= vcpu_regs->len) {
        g_array_set_size(vcpu_regs, vcpu + 1);
    }
    g_array_index(vcpu_regs, VcpuRegs, vcpu) = r;
    g_mutex_unlock(&lock);
}

static gint by_cost(gconstpointer a, gconstpointer b)
{
    const Event *x = *(Event *const *)a, *y = *(Event *const *)b;
    uint64_t dx = x->end_ns - x->start_ns, dy = y->end_ns - y->start_ns;

    return dx < dy ? 1 : dx > dy ? -1 : strcmp(x->name, y->name);
}

static gint by_start(gconstpointer a, gconstpointer b)
{
    const Event *x = *(Event *const *)a, *y = *(Event *const *)b;

    return x->start_ns < y->start_ns ? -1 : x->start_ns > y->start_ns;
}

static char *xml_escape(const char *s)
{
    return g_markup_escape_text(s, -1);
}

static void write_table(FILE *f, uint64_t end_ns, uint64_t end_insns)
{
    guint i;

    g_ptr_array_sort(done_events, by_cost);
    fprintf(f, "# boot-timeline: %u initcalls and probes, sorted by duration"
            "\n# times in ms since QEMU start; instructions of all vCPUs\n",
            done_events->len);
    if (first_ktap_ns) {
        fprintf(f, "# total: first KTAP line at %.3f ms, %" PRIu64
                " instructions\n", first_ktap_ns / 1e6, first_ktap_insns);
    }
    if (init_ns) {
        fprintf(f, "# /init started at %.3f ms, %" PRIu64 " instructions\n",
                init_ns / 1e6, init_insns);
    }
    fprintf(f, "# run ended at %.3f ms, %" PRIu64 " instructions\n",
            end_ns / 1e6, end_insns);
    fprintf(f, "%-9s %12s %12s %14s %4s  %s\n", "kind", "start_ms",
            "duration_ms", "instructions", "cpu", "name");
    for (i = 0; i < done_events->len; i++) {
        Event *e = g_ptr_array_index(done_events, i);

        fprintf(f, "%-9s %12.3f %12.3f %14" PRIu64 " %4u  %s\n",
                kind_name[e->kind], e->start_ns / 1e6,
                (e->end_ns - e->start_ns) / 1e6,
                e->end_insns - e->start_insns, e->vcpu, e->name);
    }
    for (i = 0; i < open_events->len; i++) {
        Event *e = g_ptr_array_index(open_events, i);

        fprintf(f, "%-9s %12.3f %12s %14s %4u  %s (still running at exit)\n",
                kind_name[e->kind], e->start_ns / 1e6, "-", "-", e->vcpu,
                e->name);
    }
}

static void write_html(FILE *f, uint64_t end_ns)
{
    const double width = 1400, left = 10, row = 14;
    uint64_t span = first_ktap_ns ? first_ktap_ns : end_ns;
    double scale;
    guint i, n;

    g_ptr_array_sort(done_events, by_start);
    n = done_events->len;
    span = span ? span : 1;
    scale = (width - 2 * left) / span;
    fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            "<title>presilicon boot timeline</title></head><body>\n"
            "<h1>Boot timeline</h1>\n<p>From QEMU start to %s: %.1f ms. "
            "Blue: initcalls, orange: driver probes; hover for details."
            "</p>\n", first_ktap_ns ? "the first KTAP line" : "exit",
            span / 1e6);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
            "height=\"%.0f\" font-family=\"sans-serif\" font-size=\"10\">\n",
            width, (n + 3) * row);
    for (i = 0; i <= 10; i++) {
        double x = left + (width - 2 * left) * i / 10;

        fprintf(f, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%.0f\" "
                "stroke=\"#ddd\"/><text x=\"%.1f\" y=\"10\">%.0f ms</text>\n",
                x, x, (n + 3) * row, x + 2, span / 1e6 * i / 10);
    }
    if (init_ns) {
        double x = left + init_ns * scale;

        fprintf(f, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%.0f\" "
                "stroke=\"green\"/><text x=\"%.1f\" y=\"22\" fill=\"green\">"
                "/init</text>\n", x, x, (n + 3) * row, x + 2);
    }
    for (i = 0; i < n; i++) {
        Event *e = g_ptr_array_index(done_events, i);
        g_autofree char *name = xml_escape(e->name);
        double x = left + e->start_ns * scale;
        double w = (e->end_ns - e->start_ns) * scale;

        fprintf(f, "<g><title>%s %s: start %.3f ms, %.3f ms, %" PRIu64
                " instructions</title><rect x=\"%.2f\" y=\"%.0f\" "
                "width=\"%.2f\" height=\"%.0f\" fill=\"%s\"/>"
                "<text x=\"%.2f\" y=\"%.0f\">%s</text></g>\n",
                kind_name[e->kind], name, e->start_ns / 1e6,
                (e->end_ns - e->start_ns) / 1e6,
                e->end_insns - e->start_insns, x, (i + 2) * row,
                w < 1 ? 1 : w, row - 2,
                e->kind == EV_INITCALL ? "#4a7ebb" : "#e8891c",
                x + (w < 1 ? 1 : w) + 2, (i + 3) * row - 4, name);
    }
    fprintf(f, "</svg>\n<pre>\n");
    write_table(f, end_ns, qemu_plugin_u64_sum(insns));
    fprintf(f, "</pre></body></html>\n");
}

static void plugin_exit(qemu_plugin_id_t id, void *p)
{
    uint64_t end_ns = now_ns(), end_insns = qemu_plugin_u64_sum(insns);
    g_autofree char *txt = g_strdup_printf("%s.txt", out_prefix);
    g_autofree char *html = g_strdup_printf("%s.html", out_prefix);
    FILE *f;

    g_mutex_lock(&lock);
    f = fopen(html, "w");
    if (f) {
        write_html(f, end_ns);
        fclose(f);
    } else {
        fprintf(stderr, "boot-timeline: cannot write %s\n", html);
    }
    f = fopen(txt, "w");
    if (f) {
        write_table(f, end_ns, end_insns);
        fclose(f);
    } else {
        fprintf(stderr, "boot-timeline: cannot write %s\n", txt);
    }
    g_mutex_unlock(&lock);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info,
                                           int argc, char **argv)
{
    g_autofree char *symbols = NULL, *dtb = NULL;
    g_autoptr(GError) err = NULL;
    int i;

    t0 = g_get_monotonic_time();
    for (i = 0; i < argc; i++) {
        char *k, *v;

        if (!plugin_arg(argv[i], &k, &v)) {
            fprintf(stderr, "boot-timeline: argument '%s' is not KEY=VALUE\n",
                    argv[i]);
            return -1;
        }
        if (!strcmp(k, "symbols")) {
            symbols = v;
        } else if (!strcmp(k, "dtb")) {
            dtb = v;
        } else if (!strcmp(k, "out")) {
            out_prefix = v;
        } else {
            fprintf(stderr, "boot-timeline: unknown option '%s' (symbols, "
                    "dtb, out)\n", argv[i]);
            return -1;
        }
        g_free(k);
    }
    if (!symbols || !out_prefix) {
        fprintf(stderr, "boot-timeline: symbols=System.map and out=PREFIX "
                "are required\n");
        return -1;
    }
    if (!ksym_load(&ksyms, symbols, &err)) {
        fprintf(stderr, "boot-timeline: %s: %s\n", symbols, err->message);
        return -1;
    }
    sym_initcall = ksym_find(&ksyms, "do_one_initcall");
    sym_probe = ksym_find(&ksyms, "really_probe");
    sym_init_process = ksym_find(&ksyms, "run_init_process");
    if (!sym_initcall || !sym_probe) {
        fprintf(stderr, "boot-timeline: %s has no do_one_initcall or "
                "really_probe\n", symbols);
        return -1;
    }
    if (dtb) {
        g_autoptr(GPtrArray) ranges = dt_ranges_load(dtb, NULL, &err);
        guint r;
        int j;

        if (!ranges) {
            fprintf(stderr, "boot-timeline: %s: %s\n", dtb, err->message);
            return -1;
        }
        for (r = 0; r < ranges->len && uart_base == UINT64_MAX; r++) {
            const DtRange *d = g_ptr_array_index(ranges, r);

            for (j = 0; d->compat[j]; j++) {
                if (!strcmp(d->compat[j], "arm,pl011") && d->index == 0) {
                    uart_base = d->base;    /* UARTDR at offset 0 */
                    break;
                }
            }
        }
        if (uart_base == UINT64_MAX) {
            fprintf(stderr, "boot-timeline: %s has no arm,pl011 node\n", dtb);
            return -1;
        }
    }
    open_events = g_ptr_array_new();
    done_events = g_ptr_array_new();
    vcpu_regs = g_array_new(FALSE, TRUE, sizeof(VcpuRegs));
    console_tail = g_string_new(NULL);
    insn_sb = qemu_plugin_scoreboard_new(sizeof(uint64_t));
    insns = qemu_plugin_scoreboard_u64(insn_sb);
    qemu_plugin_register_vcpu_init_cb(id, vcpu_init);
    qemu_plugin_register_vcpu_tb_trans_cb(id, vcpu_tb_trans);
    qemu_plugin_register_atexit_cb(id, plugin_exit, NULL);
    return 0;
}
