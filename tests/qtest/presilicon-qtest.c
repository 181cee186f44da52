/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include <libfdt.h>
#include <check.h>

PsQTest *ps_qtest_start(const char *machine, const char *fmt, ...)
{
    PsQTest *t = g_new0(PsQTest, 1);
    g_autofree char *args = NULL;
    va_list ap;
    int fd;

    fd = g_file_open_tmp("presilicon-qtest-XXXXXX.log", &t->log_path, NULL);
    g_assert(fd >= 0);
    close(fd);
    va_start(ap, fmt);
    args = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    /*
     * 128 MiB unless the test asks (a later -m wins): migrating the
     * board's default 1 GiB takes 2.5 s each way, most of a qtest's time.
     */
    t->qts = qtest_initf("-M %s -m 128M -d guest_errors,invalid_mem -D %s %s",
                         machine, t->log_path, args);
    return t;
}

void ps_qtest_quit(PsQTest *t)
{
    qtest_quit(t->qts);
    unlink(t->log_path);
    g_free(t->log_path);
    g_free(t);
}

char *ps_log_take(PsQTest *t)
{
    g_autofree char *all = NULL;
    size_t len = 0;
    char *news;

    /* qtest commands are synchronous and QEMU flushes each log line. */
    g_assert(g_file_get_contents(t->log_path, &all, &len, NULL));
    news = g_strdup(len > t->log_seen ? all + t->log_seen : "");
    t->log_seen = len;
    return news;
}

int64_t ps_qom_int(QTestState *qts, const char *path, const char *prop)
{
    QDict *r = qtest_qmp(qts, "{'execute': 'qom-get', 'arguments': "
                         "{'path': %s, 'property': %s}}", path, prop);
    int64_t v;

    ck_assert_msg(qdict_haskey(r, "return"), "qom-get %s %s", path, prop);
    v = qdict_get_int(r, "return");
    qobject_unref(r);
    return v;
}

char *ps_qom_str(QTestState *qts, const char *path, const char *prop)
{
    QDict *r = qtest_qmp(qts, "{'execute': 'qom-get', 'arguments': "
                         "{'path': %s, 'property': %s}}", path, prop);
    char *v = g_strdup(qdict_get_try_str(r, "return"));

    qobject_unref(r);
    return v;
}

char *ps_qom_set_str(QTestState *qts, const char *path, const char *prop,
                     const char *value)
{
    QDict *r = qtest_qmp(qts, "{'execute': 'qom-set', 'arguments': "
                         "{'path': %s, 'property': %s, 'value': %s}}",
                         path, prop, value);
    char *err = NULL;

    if (qdict_haskey(r, "error")) {
        err = g_strdup(qdict_get_str(qdict_get_qdict(r, "error"), "desc"));
    }
    qobject_unref(r);
    return err;
}

void *ps_dtb(PsQTest *t)
{
    g_autofree char *path = NULL;
    QDict *rsp;
    char *blob = NULL;
    size_t len;
    int fd;

    fd = g_file_open_tmp("presilicon-qtest-XXXXXX.dtb", &path, NULL);
    g_assert(fd >= 0);
    close(fd);
    rsp = qtest_qmp(t->qts, "{'execute': 'dumpdtb',"
                    " 'arguments': {'filename': %s}}", path);
    g_assert(rsp && !qdict_haskey(rsp, "error"));
    qobject_unref(rsp);
    g_assert(g_file_get_contents(path, &blob, &len, NULL));
    unlink(path);
    g_assert(fdt_check_header(blob) == 0 && fdt_totalsize(blob) <= len);
    return blob;
}

int ps_fdt_node_by_compat(const void *fdt, const char *compat)
{
    int node = fdt_node_offset_by_compatible(fdt, -1, compat);

    if (node < 0) {
        return -1;
    }
    /* Callers ask for a node the board has once. */
    g_assert(fdt_node_offset_by_compatible(fdt, node, compat) < 0);
    return node;
}

int ps_fdt_node_by_reg(const void *fdt, const char *compat, uint64_t base)
{
    int node = -1;
    uint64_t b, size;

    while ((node = fdt_node_offset_by_compatible(fdt, node, compat)) >= 0) {
        if (ps_fdt_reg(fdt, node, 0, &b, &size) && b == base) {
            return node;
        }
    }
    return -1;
}

bool ps_fdt_reg(const void *fdt, int node, int index, uint64_t *base,
                uint64_t *size)
{
    int parent = fdt_parent_offset(fdt, node);
    int ac = parent >= 0 ? fdt_address_cells(fdt, parent) : 2;
    int sc = parent >= 0 ? fdt_size_cells(fdt, parent) : 2;
    int len, i;
    const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);

    /* The buses of the board: two cells each, or one (its 32-bit bus). */
    if (!reg || ac < 1 || ac > 2 || sc < 1 || sc > 2 ||
        len < (index + 1) * (ac + sc) * 4) {
        return false;
    }
    reg += index * (ac + sc);
    *base = 0;
    for (i = 0; i < ac; i++) {
        *base = (*base << 32) | fdt32_to_cpu(*reg++);
    }
    *size = 0;
    for (i = 0; i < sc; i++) {
        *size = (*size << 32) | fdt32_to_cpu(*reg++);
    }
    return true;
}

uint32_t ps_fdt_cell(const void *fdt, int node, const char *prop,
                     uint32_t def)
{
    int len;
    const fdt32_t *v = fdt_getprop(fdt, node, prop, &len);

    return v && len == 4 ? fdt32_to_cpu(*v) : def;
}

/* Turn on MIGRATION events, so that completion is waited for, not polled. */
static void ps_migration_events(QTestState *qts)
{
    QDict *rsp = qtest_qmp(qts, "{'execute': 'migrate-set-capabilities',"
                           " 'arguments': {'capabilities': ["
                           "   {'capability': 'events', 'state': true}]}}");

    g_assert(!qdict_haskey(rsp, "error"));
    qobject_unref(rsp);
}

/* Block on MIGRATION events until one reports a final status. */
static char *ps_migration_wait(QTestState *qts)
{
    for (;;) {
        QDict *ev = qtest_qmp_eventwait_ref(qts, "MIGRATION");
        char *st = g_strdup(qdict_get_str(qdict_get_qdict(ev, "data"),
                                          "status"));

        qobject_unref(ev);
        if (!strcmp(st, "completed") || !strcmp(st, "failed") ||
            !strcmp(st, "cancelled")) {
            return st;
        }
        g_free(st);
    }
}

PsQTest *ps_migrate(PsQTest *src, const char *machine, const char *args)
{
    g_autofree char *path = NULL, *uri = NULL, *st = NULL, *dst_st = NULL;
    QDict *rsp;
    PsQTest *dst;
    int fd;

    fd = g_file_open_tmp("presilicon-migrate-XXXXXX", &path, NULL);
    g_assert(fd >= 0);
    close(fd);
    uri = g_strdup_printf("file:%s", path);

    ps_migration_events(src->qts);
    rsp = qtest_qmp(src->qts, "{'execute': 'migrate',"
                    " 'arguments': {'uri': %s}}", uri);
    g_assert(!qdict_haskey(rsp, "error"));
    qobject_unref(rsp);
    st = ps_migration_wait(src->qts);
    g_assert_cmpstr(st, ==, "completed");

    dst = ps_qtest_start(machine, "%s -incoming defer", args);
    ps_migration_events(dst->qts);
    rsp = qtest_qmp(dst->qts, "{'execute': 'migrate-incoming',"
                    " 'arguments': {'uri': %s}}", uri);
    g_assert(!qdict_haskey(rsp, "error"));
    qobject_unref(rsp);
    dst_st = ps_migration_wait(dst->qts);
    g_assert_cmpstr(dst_st, ==, "completed");
    unlink(path);
    return dst;
}

void ps_check_builtin_node(const char *compat, uint64_t base,
                           PsNodeCheck check)
{
    PsQTest *t = ps_qtest_start("presilicon", "%s", "");
    g_autofree void *fdt = ps_dtb(t);

    check(fdt, ps_fdt_node_by_compat(fdt, compat), base);
    ps_qtest_quit(t);
}

void ps_check_bare_has_no_node(const char *compat, uint64_t base)
{
    PsQTest *t = ps_qtest_start("presilicon,bare=on", "%s", "");
    g_autofree void *fdt = ps_dtb(t);

    ck_assert_int_eq(ps_fdt_node_by_compat(fdt, compat), -1);
    /* Nothing decodes the model's slot: reads are unassigned (zero). */
    ck_assert_uint_eq(qtest_readl(t->qts, base), 0);
    ps_qtest_quit(t);
}

PsQTest *ps_start_bare_device(const char *type, const char *compat,
                              PsNodeCheck check, uint64_t *base)
{
    PsQTest *t = ps_qtest_start("presilicon,bare=on", "-device %s", type);
    g_autofree void *fdt = ps_dtb(t);
    int node = ps_fdt_node_by_compat(fdt, compat);
    uint64_t size;

    check(fdt, node, 0);
    ck_assert(ps_fdt_reg(fdt, node, 0, base, &size));
    return t;
}

size_t ps_netsock_recv(int fd, uint8_t *buf, size_t max)
{
    uint32_t be;
    size_t len;

    g_assert_cmpint(recv(fd, &be, 4, MSG_WAITALL), ==, 4);
    len = ntohl(be);
    g_assert_cmpuint(len, <=, max);
    g_assert_cmpint(recv(fd, buf, len, MSG_WAITALL), ==, len);
    return len;
}

void ps_netsock_send(int fd, const uint8_t *frame, size_t len)
{
    uint32_t be = htonl(len);

    g_assert_cmpint(send(fd, &be, 4, 0), ==, 4);
    g_assert_cmpint(send(fd, frame, len, 0), ==, len);
}

void ps_expect_refused(const char *args, const char *msg)
{
    g_autofree char *cmd = g_strdup_printf(
        "%s -M presilicon,bare=on -display none -S %s",
        g_getenv("QTEST_QEMU_BINARY"), args);
    g_autofree char *out = NULL, *err = NULL;
    int status;

    ck_assert(g_spawn_command_line_sync(cmd, &out, &err, &status, NULL));
    ck_assert_int_ne(status, 0);
    ck_assert_msg(strstr(err, msg), "stderr lacks \"%s\": %s", msg, err);
}
