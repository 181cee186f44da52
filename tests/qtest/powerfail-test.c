/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The powerfail block filter (block/powerfail.c) with no guest device:
 * -blockdev nodes on a bare board, I/O from HMP's qemu-io, and the medium
 * read straight from the image file after a cut. What a cut keeps: the
 * flushed writes, the oldest writes of a full cache, writes that go
 * through (FUA, larger than the cache, cache-size=0) and the cached
 * writes under them, the leading sectors of a torn write (at a QMP cut
 * and at cut-after-writes). What it loses: every other write, rolled back
 * newest first to what was flushed, write-zeroes and discards too.
 * query-powerfail's accounting and the POWERFAIL_CUT events, power groups,
 * I/O refused until a machine reset, a cut while no parent of the node
 * writes (no guest disk, no export: only qemu-io, and it is done), and
 * options refused by name.
 */
#include "qemu/osdep.h"
#include "qemu/units.h"
#include "qobject/qdict.h"
#include "qobject/qlist.h"
#include "presilicon-qtest.h"
#include "check-tap.h"

#define IMG_SIZE    (1 * MiB)
#define OLD         0x55        /* every byte of a new image */
#define MAX_NODES   3
#define EIO_TEXT    "failed: Input/output error"

typedef struct Pf {
    PsQTest *t;
    QTestState *qts;
    char *img[MAX_NODES];
    int nodes;
    char *out;          /* QEMU's stdout, where qemu-io prints */
    size_t out_seen;
    char *sock;         /* the NBD server's, when the nodes are held */
} Pf;

static char *make_image(void)
{
    char *path = NULL;
    int fd = g_file_open_tmp("powerfail-XXXXXX.img", &path, NULL);
    g_autofree uint8_t *buf = g_malloc(IMG_SIZE);

    ck_assert_int_ge(fd, 0);
    memset(buf, OLD, IMG_SIZE);
    ck_assert_int_eq(write(fd, buf, IMG_SIZE), IMG_SIZE);
    close(fd);
    return path;
}

/*
 * Node dN, a powerfail filter with the Nth of opts (NULL at their end),
 * over fN, a file node on an image of its own; extra (or NULL) goes on
 * QEMU's command line as well. With held, a writable NBD export of each
 * node (nothing connects) holds the write permission on it, as a guest's
 * disk would.
 */
static Pf *pf_vstart(bool held, const char *extra, va_list opts)
{
    Pf *p = g_new0(Pf, 1);
    g_autoptr(GString) args = g_string_new(extra);
    const char *o;
    struct stat st;
    int fd, saved;

    while ((o = va_arg(opts, const char *))) {
        ck_assert_int_lt(p->nodes, MAX_NODES);
        p->img[p->nodes] = make_image();
        g_string_append_printf(args, " -blockdev driver=file,filename=%s,"
                               "node-name=f%d,discard=unmap"
                               " -blockdev driver=powerfail,file=f%d,"
                               "node-name=d%d,discard=unmap,%s",
                               p->img[p->nodes], p->nodes, p->nodes,
                               p->nodes, o);
        p->nodes++;
    }
    /*
     * qemu-io prints to QEMU's stdout, and HMP answers nothing: a file
     * of ours as QEMU's stdout is how a test sees a failed request.
     */
    fd = g_file_open_tmp("powerfail-XXXXXX.out", &p->out, NULL);
    ck_assert_int_ge(fd, 0);
    fflush(stdout);
    saved = dup(STDOUT_FILENO);
    ck_assert_int_ge(saved, 0);
    ck_assert_int_ge(dup2(fd, STDOUT_FILENO), 0);
    p->t = ps_qtest_start("presilicon,bare=on", "%s", args->str);
    fflush(stdout);
    ck_assert_int_ge(dup2(saved, STDOUT_FILENO), 0);
    close(saved);
    /* libqtest's "starting QEMU" line went there too. */
    ck_assert_int_eq(fstat(fd, &st), 0);
    p->out_seen = st.st_size;
    close(fd);
    p->qts = p->t->qts;
    if (!held) {
        return p;
    }
    fd = g_file_open_tmp("powerfail-XXXXXX.sock", &p->sock, NULL);
    ck_assert_int_ge(fd, 0);
    close(fd);
    unlink(p->sock);
    qtest_qmp_assert_success(p->qts, "{'execute': 'nbd-server-start',"
                             " 'arguments': {'addr': {'type': 'unix',"
                             " 'data': {'path': %s}}}}", p->sock);
    for (int i = 0; i < p->nodes; i++) {
        g_autofree char *node = g_strdup_printf("d%d", i);

        qtest_qmp_assert_success(p->qts, "{'execute': 'block-export-add',"
                                 " 'arguments': {'type': 'nbd', 'id': %s,"
                                 " 'node-name': %s, 'writable': true}}",
                                 node, node);
    }
    return p;
}

static Pf * G_GNUC_NULL_TERMINATED pf_start(const char *extra, ...)
{
    va_list ap;
    Pf *p;

    va_start(ap, extra);
    p = pf_vstart(true, extra, ap);
    va_end(ap);
    return p;
}

/* The nodes with no parent that writes: only qemu-io's, while it runs. */
static Pf * G_GNUC_NULL_TERMINATED pf_start_unheld(const char *extra, ...)
{
    va_list ap;
    Pf *p;

    va_start(ap, extra);
    p = pf_vstart(false, extra, ap);
    va_end(ap);
    return p;
}

static void pf_stop(Pf *p)
{
    ps_qtest_quit(p->t);
    for (int i = 0; i < p->nodes; i++) {
        unlink(p->img[i]);
        g_free(p->img[i]);
    }
    unlink(p->out);
    g_free(p->out);
    if (p->sock) {
        unlink(p->sock);
        g_free(p->sock);
    }
    g_free(p);
}

/* Run qemu-io's cmd on node; what it printed (g_free it). */
static char *io(Pf *p, const char *node, const char *cmd)
{
    g_autofree char *r1 = qtest_hmp(p->qts, "qemu-io %s \"%s\"", node, cmd);
    g_autofree char *r2 = NULL;
    g_autofree char *all = NULL;
    size_t len = 0;
    char *news;

    ck_assert_msg(!*r1, "qemu-io %s \"%s\": %s", node, cmd, r1);
    /*
     * A file is fully buffered: QEMU's stdio keeps qemu-io's lines until
     * a flush, and sigraise is the qemu-io command that flushes (signal 0
     * raises nothing).
     */
    r2 = qtest_hmp(p->qts, "qemu-io %s \"sigraise 0\"", node);
    ck_assert_msg(!*r2, "qemu-io %s sigraise: %s", node, r2);
    ck_assert(g_file_get_contents(p->out, &all, &len, NULL));
    news = g_strdup(len > p->out_seen ? all + p->out_seen : "");
    p->out_seen = len;
    return news;
}

/* The request succeeds (and, for a read -P, finds its pattern). */
static void io_ok(Pf *p, const char *node, const char *cmd)
{
    g_autofree char *out = io(p, node, cmd);

    ck_assert_msg(!*out, "qemu-io %s \"%s\": %s", node, cmd, out);
}

static void io_fails(Pf *p, const char *node, const char *cmd,
                     const char *msg)
{
    g_autofree char *out = io(p, node, cmd);

    ck_assert_msg(strstr(out, msg), "qemu-io %s \"%s\" printed \"%s\", "
                  "not \"%s\"", node, cmd, out, msg);
}

/* Image n's bytes [off, off + len) are all byte: the medium holds them. */
static void on_medium(Pf *p, int n, int64_t off, int64_t len, uint8_t byte)
{
    g_autofree uint8_t *buf = g_malloc(len);
    int fd = open(p->img[n], O_RDONLY);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(pread(fd, buf, len, off), len);
    close(fd);
    for (int64_t i = 0; i < len; i++) {
        ck_assert_msg(buf[i] == byte, "image %d at %" PRId64 ": 0x%02x, "
                      "not 0x%02x", n, off + i, buf[i], byte);
    }
}

/* query-powerfail's entry of node (qobject_unref it). */
static QDict *info(Pf *p, const char *node)
{
    QDict *rsp = qtest_qmp(p->qts, "{'execute': 'query-powerfail'}");
    QList *list = qdict_get_qlist(rsp, "return");
    QDict *found = NULL;
    QListEntry *e;

    ck_assert_msg(list, "query-powerfail failed");
    QLIST_FOREACH_ENTRY(list, e) {
        QDict *d = qobject_to(QDict, qlist_entry_obj(e));

        if (!strcmp(qdict_get_str(d, "node-name"), node)) {
            ck_assert_msg(!found, "query-powerfail: %s twice", node);
            found = qobject_ref(d);
        }
    }
    qobject_unref(rsp);
    ck_assert_msg(found, "query-powerfail lacks %s", node);
    return found;
}

static int64_t field(QDict *d, const char *key)
{
    ck_assert_msg(qdict_haskey(d, key), "no %s", key);
    return qdict_get_int(d, key);
}

static int64_t info_int(Pf *p, const char *node, const char *key)
{
    QDict *d = info(p, node);
    int64_t v = field(d, key);

    qobject_unref(d);
    return v;
}

static bool powered(Pf *p, const char *node)
{
    QDict *d = info(p, node);
    bool on = qdict_get_bool(d, "powered");

    qobject_unref(d);
    return on;
}

/* The node's writes and flushes since power came, and its cache now. */
static void check_counts(Pf *p, const char *node, int64_t writes,
                         int64_t flushes, int64_t cached_writes,
                         int64_t cached_bytes)
{
    QDict *d = info(p, node);

    ck_assert_int_eq(field(d, "writes"), writes);
    ck_assert_int_eq(field(d, "flushes"), flushes);
    ck_assert_int_eq(field(d, "cached-writes"), cached_writes);
    ck_assert_int_eq(field(d, "cached-bytes"), cached_bytes);
    qobject_unref(d);
}

/* What the node's last cut lost, and the sectors of a torn write kept. */
static void check_dropped(Pf *p, const char *node, int64_t writes,
                          int64_t bytes, int64_t torn)
{
    QDict *d = info(p, node);

    ck_assert_int_eq(field(d, "dropped-writes"), writes);
    ck_assert_int_eq(field(d, "dropped-bytes"), bytes);
    ck_assert_int_eq(field(d, "torn-sectors"), torn);
    qobject_unref(d);
}

/*
 * The next POWERFAIL_CUT event's data, or NULL. A cut sends its events
 * before the answer to the command (or the write) that cut, so they are
 * there already: no wait.
 */
static QDict *cut_event(Pf *p)
{
    QDict *ev = qtest_qmp_event_ref(p->qts, "POWERFAIL_CUT");
    QDict *data;

    if (!ev) {
        return NULL;
    }
    data = qobject_ref(qdict_get_qdict(ev, "data"));
    qobject_unref(ev);
    return data;
}

static void check_event(QDict *d, const char *node, const char *group,
                        const char *reason, int64_t writes, int64_t bytes,
                        int64_t torn)
{
    ck_assert_msg(d, "no POWERFAIL_CUT event for %s", node);
    ck_assert_str_eq(qdict_get_str(d, "node-name"), node);
    ck_assert_str_eq(qdict_get_str(d, "group"), group);
    ck_assert_str_eq(qdict_get_str(d, "reason"), reason);
    ck_assert_int_eq(field(d, "dropped-writes"), writes);
    ck_assert_int_eq(field(d, "dropped-bytes"), bytes);
    ck_assert_int_eq(field(d, "torn-sectors"), torn);
    qobject_unref(d);
}

static void cut(Pf *p, const char *group)
{
    qtest_qmp_assert_success(p->qts, "{'execute': 'powerfail-cut',"
                             " 'arguments': {'group': %s}}", group);
}

/* powerfail-cut fails with msg in its error's text. */
static void cut_refused(Pf *p, const char *group, const char *msg)
{
    QDict *err = qtest_qmp_assert_failure_ref(
        p->qts, "{'execute': 'powerfail-cut', 'arguments': {'group': %s}}",
        group);
    const char *desc = qdict_get_str(err, "desc");

    ck_assert_msg(strstr(desc, msg), "error \"%s\" lacks \"%s\"", desc, msg);
    qobject_unref(err);
}

/* A machine reset: the power comes back. */
static void power_on(Pf *p)
{
    qtest_qmp_assert_success(p->qts, "{'execute': 'system_reset'}");
    qtest_qmp_eventwait(p->qts, "RESET");
}

/* --- the volatile cache ------------------------------------------------- */

START_TEST(test_unflushed_lost_flushed_kept)
{
    Pf *p = pf_start(NULL, "group=g", NULL);
    QDict *d;

    io_ok(p, "d0", "write -q -P 0x11 0 4k");
    check_counts(p, "d0", 1, 0, 1, 4 * KiB);
    io_ok(p, "d0", "flush");
    check_counts(p, "d0", 1, 1, 0, 0);
    io_ok(p, "d0", "write -q -P 0x22 4k 4k");
    io_ok(p, "d0", "write -q -P 0x33 12k 4k");
    /* A cached write is what the node reads back. */
    io_ok(p, "d0", "read -q -P 0x22 4k 4k");
    io_ok(p, "d0", "read -q -P 0x33 12k 4k");
    check_counts(p, "d0", 3, 1, 2, 8 * KiB);
    d = info(p, "d0");
    ck_assert_str_eq(qdict_get_str(d, "group"), "g");
    qobject_unref(d);
    ck_assert(powered(p, "d0"));
    ck_assert_int_eq(info_int(p, "d0", "cache-size"), 8 * MiB); /* default */
    check_dropped(p, "d0", 0, 0, 0);

    cut(p, "g");
    check_event(cut_event(p), "d0", "g", "qmp", 2, 8 * KiB, 0);
    ck_assert(!cut_event(p));
    ck_assert(!powered(p, "d0"));
    check_dropped(p, "d0", 2, 8 * KiB, 0);
    check_counts(p, "d0", 3, 1, 0, 0);
    on_medium(p, 0, 0, 4 * KiB, 0x11);
    on_medium(p, 0, 4 * KiB, IMG_SIZE - 4 * KiB, OLD);
    pf_stop(p);
}
END_TEST

START_TEST(test_full_cache_writes_oldest)
{
    Pf *p = pf_start(NULL, "group=g,cache-size=8K", NULL);

    ck_assert_int_eq(info_int(p, "d0", "cache-size"), 8 * KiB);
    io_ok(p, "d0", "write -q -P 0x11 0 4k");
    io_ok(p, "d0", "write -q -P 0x22 64k 4k");
    check_counts(p, "d0", 2, 0, 2, 8 * KiB);
    /* No room for the third: the first reaches the medium. */
    io_ok(p, "d0", "write -q -P 0x33 128k 4k");
    check_counts(p, "d0", 3, 0, 2, 8 * KiB);
    cut(p, "g");
    check_event(cut_event(p), "d0", "g", "qmp", 2, 8 * KiB, 0);
    on_medium(p, 0, 0, 4 * KiB, 0x11);
    on_medium(p, 0, 64 * KiB, 4 * KiB, OLD);
    on_medium(p, 0, 128 * KiB, 4 * KiB, OLD);
    pf_stop(p);
}
END_TEST

START_TEST(test_write_through)
{
    Pf *p = pf_start(NULL, "group=a,cache-size=0", "group=b,cache-size=64K",
                     NULL);

    /* cache-size=0: every write is on the medium when it completes. */
    io_ok(p, "d0", "write -q -P 0x11 0 4k");
    check_counts(p, "d0", 1, 0, 0, 0);
    cut(p, "a");
    check_event(cut_event(p), "d0", "a", "qmp", 0, 0, 0);
    on_medium(p, 0, 0, 4 * KiB, 0x11);

    /* Larger than the cache. */
    io_ok(p, "d1", "write -q -P 0x22 0 128k");
    check_counts(p, "d1", 1, 0, 0, 0);
    /* Cached, and under no write that goes through: lost at the cut. */
    io_ok(p, "d1", "write -q -P 0x99 256k 4k");
    /* FUA goes through, and leaves the other cached writes cached. */
    io_ok(p, "d1", "write -q -f -P 0x33 320k 4k");
    check_counts(p, "d1", 3, 0, 1, 4 * KiB);
    /* A cached write under a FUA write reaches the medium before it. */
    io_ok(p, "d1", "write -q -P 0x44 384k 8k");
    io_ok(p, "d1", "write -q -f -P 0x66 388k 4k");
    check_counts(p, "d1", 5, 0, 1, 4 * KiB);
    /*
     * And so does the older cached write under that one (0x77, under
     * 0x88), while a newer one (0xbb, over 0x77 alone) stays cached: its
     * rollback puts back 0x77, which is on the medium by then.
     */
    io_ok(p, "d1", "write -q -P 0x77 448k 8k");
    io_ok(p, "d1", "write -q -P 0xbb 440k 12k");
    io_ok(p, "d1", "write -q -P 0x88 452k 8k");
    io_ok(p, "d1", "write -q -f -P 0xaa 456k 4k");
    check_counts(p, "d1", 9, 0, 2, 16 * KiB);

    cut(p, "b");
    check_event(cut_event(p), "d1", "b", "qmp", 2, 16 * KiB, 0);
    on_medium(p, 1, 0, 128 * KiB, 0x22);
    on_medium(p, 1, 256 * KiB, 4 * KiB, OLD);
    on_medium(p, 1, 320 * KiB, 4 * KiB, 0x33);
    on_medium(p, 1, 384 * KiB, 4 * KiB, 0x44);
    on_medium(p, 1, 388 * KiB, 4 * KiB, 0x66);
    on_medium(p, 1, 440 * KiB, 8 * KiB, OLD);
    on_medium(p, 1, 448 * KiB, 4 * KiB, 0x77);
    on_medium(p, 1, 452 * KiB, 4 * KiB, 0x88);
    on_medium(p, 1, 456 * KiB, 4 * KiB, 0xaa);
    pf_stop(p);
}
END_TEST

START_TEST(test_overlapping_writes_roll_back)
{
    Pf *p = pf_start(NULL, "group=g", NULL);

    io_ok(p, "d0", "write -q -P 0x11 0 12k");
    io_ok(p, "d0", "flush");
    /* Each over part of the one before: only newest first undoes them. */
    io_ok(p, "d0", "write -q -P 0x22 0 8k");
    io_ok(p, "d0", "write -q -P 0x33 4k 8k");
    io_ok(p, "d0", "write -q -P 0x44 0 4k");
    io_ok(p, "d0", "read -q -P 0x44 0 4k");
    io_ok(p, "d0", "read -q -P 0x33 4k 8k");
    check_counts(p, "d0", 4, 1, 3, 20 * KiB);
    cut(p, "g");
    check_event(cut_event(p), "d0", "g", "qmp", 3, 20 * KiB, 0);
    on_medium(p, 0, 0, 12 * KiB, 0x11);
    on_medium(p, 0, 12 * KiB, 4 * KiB, OLD);
    pf_stop(p);
}
END_TEST

START_TEST(test_torn_write_at_cut)
{
    Pf *p = pf_start(NULL, "group=g,tear-sectors=2", NULL);

    io_ok(p, "d0", "write -q -P 0x11 0 4k");
    io_ok(p, "d0", "write -q -P 0x33 128k 4k");
    /* The newest, over 0x33: its first two sectors stay, over OLD. */
    io_ok(p, "d0", "write -q -P 0x44 128k 4k");
    cut(p, "g");
    check_event(cut_event(p), "d0", "g", "qmp", 3, 12 * KiB - 1 * KiB, 2);
    check_dropped(p, "d0", 3, 12 * KiB - 1 * KiB, 2);
    on_medium(p, 0, 0, 4 * KiB, OLD);
    on_medium(p, 0, 128 * KiB, 1 * KiB, 0x44);
    on_medium(p, 0, 129 * KiB, 3 * KiB, OLD);
    pf_stop(p);
}
END_TEST

START_TEST(test_zeroes_and_discard_roll_back)
{
    Pf *p = pf_start(NULL, "group=g", NULL);

    io_ok(p, "d0", "write -q -P 0x11 0 8k");
    io_ok(p, "d0", "write -q -P 0x11 64k 8k");
    io_ok(p, "d0", "flush");
    io_ok(p, "d0", "write -q -z 0 4k");
    io_ok(p, "d0", "discard -q 64k 4k");
    io_ok(p, "d0", "read -q -P 0 0 4k");
    io_ok(p, "d0", "read -q -P 0 64k 4k");
    check_counts(p, "d0", 4, 1, 2, 8 * KiB);
    /* Zeroes with FUA go through like a write. */
    io_ok(p, "d0", "write -q -z -f 128k 4k");
    check_counts(p, "d0", 5, 1, 2, 8 * KiB);
    cut(p, "g");
    check_event(cut_event(p), "d0", "g", "qmp", 2, 8 * KiB, 0);
    on_medium(p, 0, 0, 8 * KiB, 0x11);
    on_medium(p, 0, 64 * KiB, 8 * KiB, 0x11);
    on_medium(p, 0, 128 * KiB, 4 * KiB, 0);
    pf_stop(p);
}
END_TEST

/* --- cuts ----------------------------------------------------------------- */

START_TEST(test_cut_mid_write)
{
    Pf *p = pf_start(NULL, "group=a,cut-after-writes=3,tear-sectors=1",
                     "group=b,cut-after-writes=2", NULL);

    io_ok(p, "d0", "write -q -P 0x11 0 4k");
    io_ok(p, "d0", "write -q -P 0x22 64k 4k");
    /* The third write is in flight: it fails, its first sector stays. */
    io_fails(p, "d0", "write -q -P 0x33 128k 4k", "write " EIO_TEXT);
    check_event(cut_event(p), "d0", "a", "writes", 3, 12 * KiB - 512, 1);
    ck_assert(!powered(p, "d0"));
    check_counts(p, "d0", 3, 0, 0, 0);
    check_dropped(p, "d0", 3, 12 * KiB - 512, 1);
    on_medium(p, 0, 0, 4 * KiB, OLD);
    on_medium(p, 0, 64 * KiB, 4 * KiB, OLD);
    on_medium(p, 0, 128 * KiB, 512, 0x33);
    on_medium(p, 0, 128 * KiB + 512, 4 * KiB - 512, OLD);

    /* Another group: untouched; untorn, its write in flight leaves none. */
    ck_assert(powered(p, "d1"));
    io_ok(p, "d1", "write -q -P 0x44 0 4k");
    io_ok(p, "d1", "flush");
    io_fails(p, "d1", "write -q -P 0x66 0 4k", "write " EIO_TEXT);
    check_event(cut_event(p), "d1", "b", "writes", 1, 4 * KiB, 0);
    ck_assert(!powered(p, "d1"));
    on_medium(p, 1, 0, 4 * KiB, 0x44);

    /* The count cuts once: the boot after the reset runs on. */
    power_on(p);
    for (int i = 0; i < 4; i++) {
        io_ok(p, "d0", "write -q -P 0x55 192k 4k");
    }
    ck_assert(powered(p, "d0"));
    check_counts(p, "d0", 4, 0, 4, 16 * KiB);
    pf_stop(p);
}
END_TEST

START_TEST(test_group_cuts_all_its_nodes)
{
    Pf *p = pf_start(NULL, "group=psu", "group=psu", "group=other", NULL);
    QDict *e1, *e2;

    io_ok(p, "d0", "write -q -P 0x11 0 4k");
    io_ok(p, "d1", "write -q -P 0x11 0 4k");
    io_ok(p, "d2", "write -q -P 0x11 0 4k");
    cut(p, "psu");
    /* One event per node of the group, in no set order. */
    e1 = cut_event(p);
    e2 = cut_event(p);
    ck_assert(e1 && e2);
    if (!strcmp(qdict_get_str(e1, "node-name"), "d1")) {
        QDict *tmp = e1;

        e1 = e2;
        e2 = tmp;
    }
    check_event(e1, "d0", "psu", "qmp", 1, 4 * KiB, 0);
    check_event(e2, "d1", "psu", "qmp", 1, 4 * KiB, 0);
    ck_assert(!cut_event(p));
    ck_assert(!powered(p, "d0"));
    ck_assert(!powered(p, "d1"));
    on_medium(p, 0, 0, 4 * KiB, OLD);
    on_medium(p, 1, 0, 4 * KiB, OLD);

    /* The other group's node keeps power, cache and all. */
    ck_assert(powered(p, "d2"));
    check_counts(p, "d2", 1, 0, 1, 4 * KiB);
    io_ok(p, "d2", "read -q -P 0x11 0 4k");
    io_ok(p, "d2", "write -q -P 0x22 4k 4k");
    io_ok(p, "d2", "flush");
    cut(p, "other");
    check_event(cut_event(p), "d2", "other", "qmp", 0, 0, 0);
    on_medium(p, 2, 0, 4 * KiB, 0x11);
    on_medium(p, 2, 4 * KiB, 4 * KiB, 0x22);
    pf_stop(p);
}
END_TEST

START_TEST(test_hostile_io_after_cut)
{
    /* A flush prints nothing when it fails: the trace says it. */
    Pf *p = pf_start("-trace powerfail_refused", "group=g", NULL);
    g_autofree char *log = NULL;

    io_ok(p, "d0", "write -q -P 0x11 0 4k");
    io_ok(p, "d0", "flush");
    io_ok(p, "d0", "write -q -P 0x22 4k 4k");
    cut(p, "g");
    check_event(cut_event(p), "d0", "g", "qmp", 1, 4 * KiB, 0);
    g_free(ps_log_take(p->t));

    io_fails(p, "d0", "read -q 0 4k", "read " EIO_TEXT);
    io_fails(p, "d0", "write -q -P 0x33 0 4k", "write " EIO_TEXT);
    io_fails(p, "d0", "write -q -f -P 0x33 8k 4k", "write " EIO_TEXT);
    io_fails(p, "d0", "write -q -z 0 4k", "write " EIO_TEXT);
    io_fails(p, "d0", "discard -q 0 4k", "discard " EIO_TEXT);
    io_ok(p, "d0", "flush");
    log = ps_log_take(p->t);
    ck_assert_msg(strstr(log, "node d0 read offset 0 refused"), "%s", log);
    ck_assert_msg(strstr(log, "node d0 write offset 8192 refused"), "%s",
                  log);
    ck_assert_msg(strstr(log, "node d0 write-zeroes offset 0 refused"),
                  "%s", log);
    ck_assert_msg(strstr(log, "node d0 discard offset 0 refused"), "%s",
                  log);
    ck_assert_msg(strstr(log, "node d0 flush offset 0 refused"), "%s", log);
    /* Refused requests count as nothing and write nothing. */
    check_counts(p, "d0", 2, 1, 0, 0);
    on_medium(p, 0, 0, 4 * KiB, 0x11);
    on_medium(p, 0, 4 * KiB, 8 * KiB, OLD);

    /* The power is out already; a group that does not exist. */
    cut_refused(p, "g", "no power already");
    cut_refused(p, "nosuch", "'nosuch'");
    ck_assert(!cut_event(p));

    power_on(p);
    ck_assert(powered(p, "d0"));
    check_counts(p, "d0", 0, 0, 0, 0);
    /* The last cut's report stays until the next. */
    check_dropped(p, "d0", 1, 4 * KiB, 0);
    io_ok(p, "d0", "read -q -P 0x11 0 4k");
    io_ok(p, "d0", "write -q -P 0x33 4k 4k");
    io_ok(p, "d0", "flush");
    io_ok(p, "d0", "read -q -P 0x33 4k 4k");
    check_counts(p, "d0", 1, 1, 0, 0);
    on_medium(p, 0, 4 * KiB, 4 * KiB, 0x33);
    /* And it can be cut again. */
    cut(p, "g");
    check_event(cut_event(p), "d0", "g", "qmp", 0, 0, 0);
    pf_stop(p);
}
END_TEST

START_TEST(test_cut_without_writer)
{
    Pf *p = pf_start_unheld(NULL, "group=g,tear-sectors=1", NULL);

    /*
     * qemu-io's write permission ends with the command: at the cut no
     * parent writes to the node, and yet its cache holds a write, which
     * the cut has to undo (and tear) on the image.
     */
    io_ok(p, "d0", "write -q -P 0x11 0 4k");
    io_ok(p, "d0", "write -q -P 0x22 64k 4k");
    cut(p, "g");
    check_event(cut_event(p), "d0", "g", "qmp", 2, 8 * KiB - 512, 1);
    ck_assert(!powered(p, "d0"));
    on_medium(p, 0, 0, 4 * KiB, OLD);
    on_medium(p, 0, 64 * KiB, 512, 0x22);
    on_medium(p, 0, 64 * KiB + 512, 4 * KiB - 512, OLD);
    pf_stop(p);
}
END_TEST

/* --- options ------------------------------------------------------------ */

/* The filter over an image with opts, refused with msg on stderr. */
static void refused(const char *img, const char *opts, const char *msg)
{
    g_autofree char *args = g_strdup_printf(
        "-blockdev driver=file,filename=%s,node-name=f0 "
        "-blockdev driver=powerfail,node-name=d0%s", img, opts);

    ps_expect_refused(args, msg);
}

/* 64 characters: the longest group name. */
#define GROUP64 "0123456789abcdef0123456789abcdef" \
                "0123456789abcdef0123456789abcdef"

START_TEST(test_bad_options)
{
    g_autofree char *img = make_image();
    QDict *d;
    Pf *p;

    /*
     * QEMU's message starts with the -blockdev argument itself, which
     * names every option: each check is on the text after it.
     */
    refused(img, ",file=f0,cache-size=2G",
            ": powerfail: cache-size 2147483648 is larger than 1073741824");
    refused(img, ",file=f0,cache-size=1073741825",
            ": powerfail: cache-size 1073741825 is larger than");
    refused(img, ",file=f0,cache-size=lots",
            ": Parameter 'cache-size' expects");
    refused(img, ",file=f0,group=", ": powerfail: group '' must have 1 to 64");
    refused(img, ",file=f0,group=" GROUP64 "x",
            ": powerfail: group '" GROUP64 "x' must have 1 to 64");
    refused(img, ",file=f0,tear-sectors=8388608",
            ": powerfail: tear-sectors 8388608 is too large");
    refused(img, ",file=f0,tear-sectors=4294967295",
            ": powerfail: tear-sectors 4294967295 is too large");
    refused(img, ",file=f0,tear-sectors=4294967296",
            ": Parameter 'tear-sectors' expects");
    refused(img, ",file=f0,cut-after-writes=often",
            ": Parameter 'cut-after-writes' expects");
    refused(img, "", ": Parameter 'file' is missing");
    refused(img, ",file=nosuch", "node-name='nosuch'");
    unlink(img);

    /* The limits themselves are good. */
    p = pf_start_unheld(NULL, "group=" GROUP64 ",cache-size=1G,"
                        "tear-sectors=8388607", NULL);
    d = info(p, "d0");
    ck_assert_str_eq(qdict_get_str(d, "group"), GROUP64);
    ck_assert_int_eq(field(d, "cache-size"), 1 * GiB);
    qobject_unref(d);
    pf_stop(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("powerfail");
    TCase *cache = tcase_create("cache");
    TCase *cuts = tcase_create("cuts");
    TCase *opts = tcase_create("options");

    tcase_add_test(cache, test_unflushed_lost_flushed_kept);
    tcase_add_test(cache, test_full_cache_writes_oldest);
    tcase_add_test(cache, test_write_through);
    tcase_add_test(cache, test_overlapping_writes_roll_back);
    tcase_add_test(cache, test_torn_write_at_cut);
    tcase_add_test(cache, test_zeroes_and_discard_roll_back);
    tcase_add_test(cuts, test_cut_mid_write);
    tcase_add_test(cuts, test_group_cuts_all_its_nodes);
    tcase_add_test(cuts, test_hostile_io_after_cut);
    tcase_add_test(cuts, test_cut_without_writer);
    tcase_add_test(opts, test_bad_options);
    tcase_set_timeout(cache, 60);
    tcase_set_timeout(cuts, 60);
    tcase_set_timeout(opts, 60);
    suite_add_tcase(s, cache);
    suite_add_tcase(s, cuts);
    suite_add_tcase(s, opts);

    return ps_check_run(s);
}
