/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * powerfail: a block filter that models a disk's volatile write cache and
 * a loss of power.
 *
 *   -blockdev driver=file,filename=disk.img,node-name=f0
 *   -blockdev driver=powerfail,file=f0,node-name=d0,group=psu,cache-size=1M
 *
 * Writes since the node's last flush are "in the cache". The data goes to
 * the image at once (reads need no overlay), and the cache keeps what each
 * cached write overwrote, an undo log. A cut rolls the log back, newest
 * first, so the image holds what the medium would: every flushed write,
 * and of the unflushed ones only those the cache had already written to
 * the medium. When the cache is full its oldest write reaches the medium
 * (its undo data is dropped); a write larger than the cache, a FUA write
 * and any write with cache-size=0 go straight to the medium, and so do the
 * cached writes they overlap (a drive keeps the order of writes to one
 * sector). A torn write keeps its first tear-sectors sectors.
 *
 * A cut comes from QMP (powerfail-cut) or at a node's cut-after-writes'th
 * write (once: the boot after it runs on), and takes every node of the
 * node's group: the power supply of a
 * machine, or of one enclosure. After it each node fails all I/O until the
 * machine is reset. query-powerfail reports each node's accounting; each
 * node's cut is a POWERFAIL_CUT event and a trace line per dropped write.
 *
 * Nodes run in the main AioContext (no iothread): the cut of a group runs
 * in one coroutine across all its nodes.
 */
#include "qemu/osdep.h"
#include "qemu/cutils.h"
#include "qemu/memalign.h"
#include "qemu/module.h"
#include "qemu/option.h"
#include "qemu/queue.h"
#include "qemu/units.h"
#include "qapi/error.h"
#include "qapi/qapi-commands-powerfail.h"
#include "qapi/qapi-events-powerfail.h"
#include "block/block-io.h"
#include "block/block_int.h"
#include "system/reset.h"
#include "trace.h"

#define POWERFAIL_DEFAULT_GROUP "default"
#define POWERFAIL_DEFAULT_CACHE (8 * MiB)
/* The undo log lives in host memory: a cache of up to 1 GiB per node. */
#define POWERFAIL_MAX_CACHE (1 * GiB)
#define POWERFAIL_MAX_GROUP_NAME 64

typedef struct PowerfailGroup PowerfailGroup;

/* One cached write: where it went and what it overwrote. */
typedef struct PowerfailEntry {
    int64_t offset;
    int64_t bytes;
    uint8_t *old;
    QTAILQ_ENTRY(PowerfailEntry) next;
} PowerfailEntry;

typedef struct BDRVPowerfailState {
    BlockDriverState *bs;
    PowerfailGroup *group;
    uint64_t cache_size;
    uint64_t cut_after_writes;
    bool cut_armed;         /* cut-after-writes cuts once per run */
    uint32_t tear_sectors;

    /* Writes (and the cut's rollback) one at a time: read old, write new. */
    CoMutex lock;
    QTAILQ_HEAD(, PowerfailEntry) cache;  /* oldest first */
    uint64_t cached_writes;
    uint64_t cached_bytes;

    uint64_t writes;
    uint64_t flushes;
    uint64_t dropped_writes;
    uint64_t dropped_bytes;
    uint64_t torn_sectors;

    QLIST_ENTRY(BDRVPowerfailState) group_next;
} BDRVPowerfailState;

struct PowerfailGroup {
    char *name;
    bool powered;
    QLIST_HEAD(, BDRVPowerfailState) nodes;
    QLIST_ENTRY(PowerfailGroup) next;
};

/* The write in flight when its node's cut-after-writes cuts the power. */
typedef struct PowerfailInflight {
    int64_t offset;
    int64_t bytes;
    QEMUIOVector *qiov;     /* NULL: write-zeroes or a discard */
} PowerfailInflight;

static QLIST_HEAD(, PowerfailGroup) powerfail_groups =
    QLIST_HEAD_INITIALIZER(powerfail_groups);

static PowerfailGroup *powerfail_group_find(const char *name)
{
    PowerfailGroup *g;

    QLIST_FOREACH(g, &powerfail_groups, next) {
        if (!strcmp(g->name, name)) {
            return g;
        }
    }
    return NULL;
}

/* Power comes back at a machine reset: the groups a cut took restart. */
static void powerfail_machine_reset(void *opaque)
{
    PowerfailGroup *g;
    BDRVPowerfailState *s;

    QLIST_FOREACH(g, &powerfail_groups, next) {
        if (g->powered) {
            continue;
        }
        g->powered = true;
        trace_powerfail_power_on(g->name);
        QLIST_FOREACH(s, &g->nodes, group_next) {
            s->writes = 0;
            s->flushes = 0;
        }
    }
}

static void powerfail_entry_free(BDRVPowerfailState *s, PowerfailEntry *e)
{
    QTAILQ_REMOVE(&s->cache, e, next);
    s->cached_writes--;
    s->cached_bytes -= e->bytes;
    qemu_vfree(e->old);
    g_free(e);
}

/* The cached write reaches the medium: its undo data goes. */
static void powerfail_destage(BDRVPowerfailState *s, PowerfailEntry *e)
{
    trace_powerfail_destage(bdrv_get_node_name(s->bs), e->offset, e->bytes);
    powerfail_entry_free(s, e);
}

static bool ranges_overlap64(int64_t a, int64_t alen, int64_t b, int64_t blen)
{
    return a < b + blen && b < a + alen;
}

/*
 * A write to [offset, offset + bytes) goes to the medium now: so do the
 * cached writes under it, and, newest to oldest, the older ones under
 * those, or a rollback would put old data over what reached the medium.
 */
static void powerfail_destage_under(BDRVPowerfailState *s, int64_t offset,
                                    int64_t bytes)
{
    g_autoptr(GArray) durable = g_array_new(false, false, sizeof(int64_t));
    PowerfailEntry *e, *prev;

    g_array_append_val(durable, offset);
    g_array_append_val(durable, bytes);
    QTAILQ_FOREACH_REVERSE_SAFE(e, &s->cache, next, prev) {
        for (guint i = 0; i < durable->len; i += 2) {
            if (ranges_overlap64(e->offset, e->bytes,
                                 g_array_index(durable, int64_t, i),
                                 g_array_index(durable, int64_t, i + 1))) {
                g_array_append_val(durable, e->offset);
                g_array_append_val(durable, e->bytes);
                powerfail_destage(s, e);
                break;
            }
        }
    }
}

/*
 * Undo every cached write, newest first. With @keep the leading bytes of
 * the newest cached write (or of the write in flight, @inflight) reach the
 * medium anyway: a torn write.
 */
static int coroutine_fn GRAPH_RDLOCK
powerfail_co_rollback(BDRVPowerfailState *s, PowerfailInflight *inflight)
{
    const char *node = bdrv_get_node_name(s->bs);
    int64_t keep = (int64_t)s->tear_sectors * BDRV_SECTOR_SIZE;
    int64_t torn_offset = 0;
    uint8_t *torn = NULL;
    PowerfailEntry *e;
    int ret = 0;

    s->dropped_writes = 0;
    s->dropped_bytes = 0;
    s->torn_sectors = 0;

    if (keep && inflight) {
        keep = MIN(keep, inflight->bytes);
        torn = qemu_blockalign0(s->bs, keep);
        if (inflight->qiov) {
            qemu_iovec_to_buf(inflight->qiov, 0, torn, keep);
        }
        torn_offset = inflight->offset;
    } else if (keep && !QTAILQ_EMPTY(&s->cache)) {
        /* The newest write is the image's content of its range now. */
        e = QTAILQ_LAST(&s->cache);
        keep = MIN(keep, e->bytes);
        torn = qemu_blockalign(s->bs, keep);
        torn_offset = e->offset;
        ret = bdrv_co_pread(s->bs->file, e->offset, keep, torn, 0);
    }

    while (ret >= 0 && !QTAILQ_EMPTY(&s->cache)) {
        e = QTAILQ_LAST(&s->cache);
        trace_powerfail_drop(node, e->offset, e->bytes);
        ret = bdrv_co_pwrite(s->bs->file, e->offset, e->bytes, e->old, 0);
        s->dropped_writes++;
        s->dropped_bytes += e->bytes;
        powerfail_entry_free(s, e);
    }
    if (inflight) {
        s->dropped_writes++;
        s->dropped_bytes += inflight->bytes;
    }
    if (ret >= 0 && torn) {
        ret = bdrv_co_pwrite(s->bs->file, torn_offset, keep, torn, 0);
        s->dropped_bytes -= keep;
        s->torn_sectors = keep / BDRV_SECTOR_SIZE;
        trace_powerfail_torn(node, torn_offset, keep);
    }
    qemu_vfree(torn);
    if (ret >= 0) {
        ret = bdrv_co_flush(s->bs->file->bs);
    }
    /* Whatever failed, the power is gone: nothing stays cached. */
    while (!QTAILQ_EMPTY(&s->cache)) {
        powerfail_entry_free(s, QTAILQ_FIRST(&s->cache));
    }
    return ret;
}

/*
 * Cut @g's power. @self, when a node's write triggered the cut, holds its
 * own lock already and passes the write in flight.
 */
static void coroutine_fn GRAPH_RDLOCK
powerfail_co_cut(PowerfailGroup *g, PowerfailCutReason reason,
                 BDRVPowerfailState *self, PowerfailInflight *inflight)
{
    BDRVPowerfailState *s;

    /* From here every new request of the group fails. */
    g->powered = false;
    QLIST_FOREACH(s, &g->nodes, group_next) {
        const char *node = bdrv_get_node_name(s->bs);
        int ret;

        if (s != self) {
            qemu_co_mutex_lock(&s->lock);
        }
        ret = powerfail_co_rollback(s, s == self ? inflight : NULL);
        if (s != self) {
            qemu_co_mutex_unlock(&s->lock);
        }
        if (ret < 0) {
            /* The image itself failed: say so, the cut stands. */
            error_report("powerfail: node '%s': rolling back its cache "
                         "failed: %s", node, strerror(-ret));
        }
        trace_powerfail_cut(g->name, node, PowerfailCutReason_str(reason),
                            s->dropped_writes, s->dropped_bytes,
                            s->torn_sectors);
        qapi_event_send_powerfail_cut(node, g->name, reason,
                                      s->dropped_writes, s->dropped_bytes,
                                      s->torn_sectors);
    }
}

static int coroutine_fn GRAPH_RDLOCK
powerfail_co_preadv(BlockDriverState *bs, int64_t offset, int64_t bytes,
                    QEMUIOVector *qiov, BdrvRequestFlags flags)
{
    BDRVPowerfailState *s = bs->opaque;

    if (!s->group->powered) {
        trace_powerfail_refused(bdrv_get_node_name(bs), "read", offset);
        return -EIO;
    }
    return bdrv_co_preadv(bs->file, offset, bytes, qiov, flags);
}

typedef enum {
    POWERFAIL_WRITE,
    POWERFAIL_ZEROES,
    POWERFAIL_DISCARD,
} PowerfailOp;

static int coroutine_fn GRAPH_RDLOCK
powerfail_co_modify(BlockDriverState *bs, PowerfailOp op, int64_t offset,
                    int64_t bytes, QEMUIOVector *qiov, BdrvRequestFlags flags)
{
    static const char *const names[] = { "write", "write-zeroes", "discard" };
    BDRVPowerfailState *s = bs->opaque;
    const char *node = bdrv_get_node_name(bs);
    PowerfailEntry *e = NULL;
    bool through;
    int ret;

    qemu_co_mutex_lock(&s->lock);
    if (!s->group->powered) {
        trace_powerfail_refused(node, names[op], offset);
        ret = -EIO;
        goto out;
    }
    s->writes++;
    if (s->cut_armed && s->writes == s->cut_after_writes) {
        /* In flight when the power goes; a discard tears as zeroes. */
        PowerfailInflight inflight = { offset, bytes, qiov };

        s->cut_armed = false;
        powerfail_co_cut(s->group, POWERFAIL_CUT_REASON_WRITES, s, &inflight);
        ret = -EIO;
        goto out;
    }

    through = (flags & BDRV_REQ_FUA) || bytes > s->cache_size;
    trace_powerfail_write(node, names[op], offset, bytes, !through);
    if (through) {
        powerfail_destage_under(s, offset, bytes);
    } else {
        while (s->cached_bytes + bytes > s->cache_size) {
            powerfail_destage(s, QTAILQ_FIRST(&s->cache));
        }
        e = g_new0(PowerfailEntry, 1);
        e->offset = offset;
        e->bytes = bytes;
        e->old = qemu_try_blockalign(bs->file->bs, bytes);
        if (!e->old) {
            g_free(e);
            ret = -ENOMEM;
            goto out;
        }
        ret = bdrv_co_pread(bs->file, offset, bytes, e->old, 0);
        if (ret < 0) {
            qemu_vfree(e->old);
            g_free(e);
            goto out;
        }
        QTAILQ_INSERT_TAIL(&s->cache, e, next);
        s->cached_writes++;
        s->cached_bytes += bytes;
    }

    switch (op) {
    case POWERFAIL_WRITE:
        ret = bdrv_co_pwritev(bs->file, offset, bytes, qiov, flags);
        break;
    case POWERFAIL_ZEROES:
        ret = bdrv_co_pwrite_zeroes(bs->file, offset, bytes, flags);
        break;
    default:
        ret = bdrv_co_pdiscard(bs->file, offset, bytes);
        break;
    }
    if (ret < 0 && e) {
        /* Not written, or partly: the medium keeps what it had. */
        bdrv_co_pwrite(bs->file, e->offset, e->bytes, e->old, 0);
        powerfail_entry_free(s, e);
    }
out:
    qemu_co_mutex_unlock(&s->lock);
    return ret;
}

static int coroutine_fn GRAPH_RDLOCK
powerfail_co_pwritev(BlockDriverState *bs, int64_t offset, int64_t bytes,
                     QEMUIOVector *qiov, BdrvRequestFlags flags)
{
    return powerfail_co_modify(bs, POWERFAIL_WRITE, offset, bytes, qiov,
                               flags);
}

static int coroutine_fn GRAPH_RDLOCK
powerfail_co_pwrite_zeroes(BlockDriverState *bs, int64_t offset,
                           int64_t bytes, BdrvRequestFlags flags)
{
    return powerfail_co_modify(bs, POWERFAIL_ZEROES, offset, bytes, NULL,
                               flags);
}

static int coroutine_fn GRAPH_RDLOCK
powerfail_co_pdiscard(BlockDriverState *bs, int64_t offset, int64_t bytes)
{
    return powerfail_co_modify(bs, POWERFAIL_DISCARD, offset, bytes, NULL, 0);
}

static int coroutine_fn GRAPH_RDLOCK powerfail_co_flush(BlockDriverState *bs)
{
    BDRVPowerfailState *s = bs->opaque;
    int ret;

    qemu_co_mutex_lock(&s->lock);
    if (!s->group->powered) {
        trace_powerfail_refused(bdrv_get_node_name(bs), "flush", 0);
        qemu_co_mutex_unlock(&s->lock);
        return -EIO;
    }
    s->flushes++;
    trace_powerfail_flush(bdrv_get_node_name(bs), s->cached_writes,
                          s->cached_bytes);
    while (!QTAILQ_EMPTY(&s->cache)) {
        powerfail_entry_free(s, QTAILQ_FIRST(&s->cache));
    }
    ret = bdrv_co_flush(bs->file->bs);
    qemu_co_mutex_unlock(&s->lock);
    return ret;
}

static int64_t coroutine_fn GRAPH_RDLOCK
powerfail_co_getlength(BlockDriverState *bs)
{
    return bdrv_co_getlength(bs->file->bs);
}

static QemuOptsList powerfail_runtime_opts = {
    .name = "powerfail",
    .head = QTAILQ_HEAD_INITIALIZER(powerfail_runtime_opts.head),
    .desc = {
        {
            .name = "group",
            .type = QEMU_OPT_STRING,
            .help = "power group: a cut takes all its nodes "
                    "(default \"" POWERFAIL_DEFAULT_GROUP "\")",
        }, {
            .name = "cache-size",
            .type = QEMU_OPT_SIZE,
            .help = "bytes of unflushed writes the volatile cache holds; "
                    "0 writes through (default 8M)",
        }, {
            .name = "cut-after-writes",
            .type = QEMU_OPT_NUMBER,
            .help = "cut the group's power at this node's Nth write "
                    "(once; after the reset the node runs on); 0 never",
        }, {
            .name = "tear-sectors",
            .type = QEMU_OPT_NUMBER,
            .help = "leading sectors of the newest unflushed write that "
                    "reach the medium at a cut (default 0)",
        },
        { /* end of list */ }
    },
};

static int powerfail_open(BlockDriverState *bs, QDict *options, int flags,
                          Error **errp)
{
    BDRVPowerfailState *s = bs->opaque;
    static bool reset_registered;
    const char *group;
    uint64_t tear;
    QemuOpts *opts;
    PowerfailGroup *g;
    int ret;

    GLOBAL_STATE_CODE();

    opts = qemu_opts_create(&powerfail_runtime_opts, NULL, 0, &error_abort);
    if (!qemu_opts_absorb_qdict(opts, options, errp)) {
        ret = -EINVAL;
        goto out;
    }
    group = qemu_opt_get(opts, "group") ?: POWERFAIL_DEFAULT_GROUP;
    s->cache_size = qemu_opt_get_size(opts, "cache-size",
                                      POWERFAIL_DEFAULT_CACHE);
    s->cut_after_writes = qemu_opt_get_number(opts, "cut-after-writes", 0);
    s->cut_armed = s->cut_after_writes != 0;
    tear = qemu_opt_get_number(opts, "tear-sectors", 0);
    ret = -EINVAL;
    if (!*group || strlen(group) > POWERFAIL_MAX_GROUP_NAME) {
        error_setg(errp, "powerfail: group '%s' must have 1 to %d "
                   "characters", group, POWERFAIL_MAX_GROUP_NAME);
        goto out;
    }
    if (s->cache_size > POWERFAIL_MAX_CACHE) {
        error_setg(errp, "powerfail: cache-size %" PRIu64 " is larger "
                   "than %" PRIu64 " (1G)", s->cache_size,
                   (uint64_t)POWERFAIL_MAX_CACHE);
        goto out;
    }
    if (tear > UINT32_MAX / BDRV_SECTOR_SIZE) {
        error_setg(errp, "powerfail: tear-sectors %" PRIu64 " is too large",
                   tear);
        goto out;
    }
    s->tear_sectors = tear;

    ret = bdrv_open_file_child(NULL, options, "file", bs, errp);
    if (ret < 0) {
        goto out;
    }
    bs->supported_write_flags = BDRV_REQ_FUA;
    bs->supported_zero_flags = BDRV_REQ_FUA;

    s->bs = bs;
    qemu_co_mutex_init(&s->lock);
    QTAILQ_INIT(&s->cache);
    g = powerfail_group_find(group);
    if (!g) {
        g = g_new0(PowerfailGroup, 1);
        g->name = g_strdup(group);
        g->powered = true;
        QLIST_INIT(&g->nodes);
        QLIST_INSERT_HEAD(&powerfail_groups, g, next);
    }
    s->group = g;
    QLIST_INSERT_HEAD(&g->nodes, s, group_next);
    if (!reset_registered) {
        qemu_register_reset(powerfail_machine_reset, NULL);
        reset_registered = true;
    }
    ret = 0;
out:
    qemu_opts_del(opts);
    return ret;
}

static void powerfail_close(BlockDriverState *bs)
{
    BDRVPowerfailState *s = bs->opaque;
    PowerfailGroup *g = s->group;

    /* Closing is a clean shutdown: what is cached stays written. */
    while (!QTAILQ_EMPTY(&s->cache)) {
        powerfail_entry_free(s, QTAILQ_FIRST(&s->cache));
    }
    QLIST_REMOVE(s, group_next);
    if (QLIST_EMPTY(&g->nodes)) {
        QLIST_REMOVE(g, next);
        g_free(g->name);
        g_free(g);
    }
}

PowerfailInfoList *qmp_query_powerfail(Error **errp)
{
    PowerfailInfoList *list = NULL, **tail = &list;
    PowerfailGroup *g;
    BDRVPowerfailState *s;

    QLIST_FOREACH(g, &powerfail_groups, next) {
        QLIST_FOREACH(s, &g->nodes, group_next) {
            PowerfailInfo *info = g_new0(PowerfailInfo, 1);

            info->node_name = g_strdup(bdrv_get_node_name(s->bs));
            info->group = g_strdup(g->name);
            info->powered = g->powered;
            info->writes = s->writes;
            info->flushes = s->flushes;
            info->cached_writes = s->cached_writes;
            info->cached_bytes = s->cached_bytes;
            info->cache_size = s->cache_size;
            info->dropped_writes = s->dropped_writes;
            info->dropped_bytes = s->dropped_bytes;
            info->torn_sectors = s->torn_sectors;
            QAPI_LIST_APPEND(tail, info);
        }
    }
    return list;
}

void coroutine_fn qmp_powerfail_cut(const char *group, Error **errp)
{
    PowerfailGroup *g = powerfail_group_find(group);

    if (!g) {
        error_setg(errp, "powerfail: no group '%s'", group);
        return;
    }
    if (!g->powered) {
        error_setg(errp, "powerfail: group '%s' has no power already "
                   "(a machine reset brings it back)", group);
        return;
    }
    GRAPH_RDLOCK_GUARD();
    powerfail_co_cut(g, POWERFAIL_CUT_REASON_QMP, NULL, NULL);
}

/*
 * A cut writes the undo log back whether or not a guest device writes to
 * the node now: a writable node always holds write on its image.
 */
static void GRAPH_RDLOCK
powerfail_child_perm(BlockDriverState *bs, BdrvChild *c, BdrvChildRole role,
                     BlockReopenQueue *reopen_queue, uint64_t perm,
                     uint64_t shared, uint64_t *nperm, uint64_t *nshared)
{
    bdrv_default_perms(bs, c, role, reopen_queue, perm, shared, nperm,
                       nshared);
    if (!bdrv_is_read_only(bs)) {
        *nperm |= BLK_PERM_WRITE;
    }
}

static BlockDriver bdrv_powerfail = {
    .format_name = "powerfail",
    .instance_size = sizeof(BDRVPowerfailState),

    .bdrv_open = powerfail_open,
    .bdrv_close = powerfail_close,
    .bdrv_child_perm = powerfail_child_perm,
    .bdrv_co_getlength = powerfail_co_getlength,

    .bdrv_co_preadv = powerfail_co_preadv,
    .bdrv_co_pwritev = powerfail_co_pwritev,
    .bdrv_co_pwrite_zeroes = powerfail_co_pwrite_zeroes,
    .bdrv_co_pdiscard = powerfail_co_pdiscard,
    .bdrv_co_flush = powerfail_co_flush,

    .is_filter = true,
};

static void bdrv_powerfail_init(void)
{
    bdrv_register(&bdrv_powerfail);
}

block_init(bdrv_powerfail_init);
