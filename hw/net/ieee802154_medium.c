/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The IEEE 802.15.4 radio medium (ieee802154_medium.h): frames on the
 * air for their duration, channel filtering, per-link loss and RSSI from
 * QMP, a pcap of the air, and a chardev to the media of other processes.
 */
#include "qemu/osdep.h"
#include "qemu/cutils.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qemu/error-report.h"
#include "qapi/error.h"
#include "qom/object_interfaces.h"
#include "hw/qdev-core.h"
#include "hw/vmstate-if.h"
#include "migration/vmstate.h"
#include "chardev/char-fe.h"
#include "system/runstate.h"
#include "system/system.h"
#include "hw/net/ieee802154_medium.h"
#include "trace.h"

/* Links set from QMP; bounded so that QMP cannot grow the state. */
#define MEDIUM_MAX_LINKS        32
/* Frames on the air at once; more means a radio that does not wait. */
#define MEDIUM_MAX_IN_FLIGHT    64
#define MEDIUM_DEFAULT_RSSI     (-40)
/* Receivers attached from QMP, for tests and for watching the air. */
#define MEDIUM_MAX_PROBES       4

/* pcap: LINKTYPE_IEEE802_15_4_WITHFCS, microsecond timestamps. */
#define PCAP_MAGIC              0xa1b2c3d4
#define PCAP_LINKTYPE_WITHFCS   195

/* The chardev framing: "WP", version, channel, name length, PSDU length. */
#define WIRE_MAGIC0             'W'
#define WIRE_MAGIC1             'P'
#define WIRE_VERSION            1
#define WIRE_HEADER             6
#define WIRE_MAX                (WIRE_HEADER + IEEE802154_NAME_MAX + \
                                 IEEE802154_MAX_PSDU)

typedef struct MediumLink {
    bool used;
    char from[IEEE802154_NAME_MAX + 1];     /* a node's name, or "*" */
    char to[IEEE802154_NAME_MAX + 1];
    uint8_t loss;                           /* percent */
    int8_t rssi;                            /* dBm */
    uint8_t acc;                            /* loss accumulator, < 100 */
} MediumLink;

typedef struct MediumFrame {
    Ieee802154Node *sender;     /* NULL: remote, injected, or detached */
    bool forward;               /* goes out on the chardev too */
    char from[IEEE802154_NAME_MAX + 1];
    uint8_t channel;
    uint8_t len;
    uint8_t psdu[IEEE802154_MAX_PSDU];
    int64_t end;                /* virtual ns: off the air */
    QTAILQ_ENTRY(MediumFrame) next;
} MediumFrame;

typedef struct MediumProbe {
    Ieee802154Node node;
    bool used;
    uint64_t frames;
    int rssi;
    uint8_t lqi;
    uint8_t last[IEEE802154_MAX_PSDU];
    size_t last_len;
} MediumProbe;

struct Ieee802154Medium {
    Object parent_obj;

    QTAILQ_HEAD(, Ieee802154Node) nodes;
    QTAILQ_HEAD(, MediumFrame) air;     /* by end time */
    unsigned in_flight;
    QEMUTimer *timer;
    bool complete;
    bool vmstate_registered;

    char *pcap_path;
    int pcap_fd;

    char *chardev_id;
    CharBackend chr;
    bool chr_connected;
    Notifier chr_notifier;      /* connects an early -object to its chardev */
    bool chr_notifier_added;
    uint8_t rx[WIRE_MAX];
    unsigned rx_len;
    bool rx_resync;             /* skipping bad input; logged once */

    char *last_frame;
    MediumProbe probes[MEDIUM_MAX_PROBES];  /* not migrated: test knobs */

    /* Migrated (vmstate_ieee802154_medium). */
    MediumLink links[MEDIUM_MAX_LINKS];
    uint64_t tx_frames, rx_frames, lost_frames, remote_frames, bad_frames;
};

int64_t ieee802154_air_time_ns(size_t len)
{
    return (IEEE802154_PHY_HEADER_BYTES + len) * IEEE802154_BYTE_NS;
}

uint16_t ieee802154_fcs(const uint8_t *data, size_t len)
{
    uint16_t crc = 0;

    for (size_t i = 0; i < len; i++) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; bit++) {
            crc = (crc & 1) ? (crc >> 1) ^ 0x8408 : crc >> 1;
        }
    }
    return crc;
}

uint8_t ieee802154_lqi(int rssi)
{
    if (rssi <= -100) {
        return 0;
    }
    if (rssi >= -20) {
        return 255;
    }
    return (rssi + 100) * 255 / 80;
}

/* Names appear in the link syntax: none of its separators in them. */
static bool medium_name_ok(const char *name, bool wildcard)
{
    size_t len = strlen(name);

    if (!len || len > IEEE802154_NAME_MAX) {
        return false;
    }
    if (!strcmp(name, "*")) {
        return wildcard;
    }
    for (size_t i = 0; i < len; i++) {
        if (!g_ascii_isgraph(name[i]) || strchr("<>;=*", name[i])) {
            return false;
        }
    }
    return true;
}

/* --- pcap --- */

static void medium_pcap_close(Ieee802154Medium *m)
{
    if (m->pcap_fd >= 0) {
        close(m->pcap_fd);
        m->pcap_fd = -1;
    }
}

static bool medium_pcap_open(Ieee802154Medium *m, Error **errp)
{
    struct {
        uint32_t magic;
        uint16_t major, minor;
        int32_t thiszone;
        uint32_t sigfigs, snaplen, linktype;
    } hdr = {
        .magic = PCAP_MAGIC, .major = 2, .minor = 4,
        .snaplen = IEEE802154_MAX_PSDU, .linktype = PCAP_LINKTYPE_WITHFCS,
    };
    int fd;

    medium_pcap_close(m);
    if (!m->pcap_path || !*m->pcap_path) {
        return true;
    }
    fd = qemu_create(m->pcap_path, O_WRONLY | O_TRUNC | O_BINARY, 0644, errp);
    if (fd < 0) {
        error_prepend(errp, "ieee802154-medium pcap: ");
        return false;
    }
    if (qemu_write_full(fd, &hdr, sizeof(hdr)) != sizeof(hdr)) {
        error_setg_errno(errp, errno, "ieee802154-medium pcap: cannot write "
                         "'%s'", m->pcap_path);
        close(fd);
        return false;
    }
    m->pcap_fd = fd;
    return true;
}

static void medium_pcap_write(Ieee802154Medium *m, const uint8_t *psdu,
                              size_t len)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    struct {
        uint32_t sec, usec, incl, orig;
    } rec = {
        .sec = now / NANOSECONDS_PER_SECOND,
        .usec = (now % NANOSECONDS_PER_SECOND) / 1000,
        .incl = len, .orig = len,
    };

    if (m->pcap_fd < 0) {
        return;
    }
    if (qemu_write_full(m->pcap_fd, &rec, sizeof(rec)) != sizeof(rec) ||
        qemu_write_full(m->pcap_fd, psdu, len) != len) {
        /* A full disk stops the capture, not the machine. */
        error_report("ieee802154-medium pcap: writing '%s' failed: %s; "
                     "capture stopped", m->pcap_path, strerror(errno));
        medium_pcap_close(m);
    }
}

/* --- links --- */

static MediumLink *medium_find_link(MediumLink *links, const char *from,
                                    const char *to)
{
    for (int i = 0; i < MEDIUM_MAX_LINKS; i++) {
        if (links[i].used && !strcmp(links[i].from, from) &&
            !strcmp(links[i].to, to)) {
            return &links[i];
        }
    }
    return NULL;
}

/* The most specific entry: from>to, from>*, *>to, *>*. */
static MediumLink *medium_link(Ieee802154Medium *m, const char *from,
                               const char *to)
{
    MediumLink *l = medium_find_link(m->links, from, to);

    if (!l) {
        l = medium_find_link(m->links, from, "*");
    }
    if (!l) {
        l = medium_find_link(m->links, "*", to);
    }
    if (!l) {
        l = medium_find_link(m->links, "*", "*");
    }
    return l;
}

/* Loss by accumulation, not by chance: loss=50 drops every second frame. */
static bool medium_link_loses(MediumLink *l)
{
    if (!l || !l->loss) {
        return false;
    }
    l->acc += l->loss;
    if (l->acc >= 100) {
        l->acc -= 100;
        return true;
    }
    return false;
}

static bool medium_set_one_link(MediumLink *links, const char *from,
                                const char *to, int loss, int rssi,
                                bool reset, Error **errp)
{
    MediumLink *l = medium_find_link(links, from, to);

    if (reset) {
        if (l) {
            memset(l, 0, sizeof(*l));
        }
        return true;
    }
    if (!l) {
        for (int i = 0; i < MEDIUM_MAX_LINKS && !l; i++) {
            if (!links[i].used) {
                l = &links[i];
                l->used = true;
                pstrcpy(l->from, sizeof(l->from), from);
                pstrcpy(l->to, sizeof(l->to), to);
                l->rssi = MEDIUM_DEFAULT_RSSI;
            }
        }
        if (!l) {
            error_setg(errp, "link: no room for %s>%s (at most %d links)",
                       from, to, MEDIUM_MAX_LINKS);
            return false;
        }
    }
    if (loss >= 0) {
        l->loss = loss;
    }
    if (rssi <= 0) {
        l->rssi = rssi;
    }
    /* Each setting starts its loss pattern afresh. */
    l->acc = 0;
    return true;
}

/* One statement: "clear", or "A>B" / "A<>B" then loss=N rssi=N / reset. */
static bool medium_parse_statement(MediumLink *links, const char *stmt,
                                   Error **errp)
{
    g_auto(GStrv) words = g_strsplit_set(stmt, " \t", -1);
    g_autofree char *from = NULL;
    const char *tok[4];
    char *to, *arrow;
    bool both = false, reset = false;
    int loss = -1, rssi = 1;
    int n = 0;

    for (int i = 0; words[i]; i++) {
        if (!*words[i]) {
            continue;
        }
        if (n == ARRAY_SIZE(tok)) {
            error_setg(errp, "link: '%s': too many words", stmt);
            return false;
        }
        tok[n++] = words[i];
    }
    if (!n) {
        return true;
    }
    if (!strcmp(tok[0], "clear") && n == 1) {
        memset(links, 0, sizeof(MediumLink) * MEDIUM_MAX_LINKS);
        return true;
    }
    from = g_strdup(tok[0]);
    arrow = strstr(from, "<>");
    if (arrow) {
        both = true;
        *arrow = '\0';
        to = arrow + 2;
    } else {
        arrow = strchr(from, '>');
        if (!arrow) {
            error_setg(errp, "link: '%s' is not FROM>TO, FROM<>TO or clear",
                       tok[0]);
            return false;
        }
        *arrow = '\0';
        to = arrow + 1;
    }
    if (!medium_name_ok(from, true) || !medium_name_ok(to, true)) {
        error_setg(errp, "link: '%s': a node name is 1-%d printable "
                   "characters without <>;=* (or * alone)", tok[0],
                   IEEE802154_NAME_MAX);
        return false;
    }
    for (int i = 1; i < n; i++) {
        int val;

        if (!strcmp(tok[i], "reset")) {
            reset = true;
        } else if (g_str_has_prefix(tok[i], "loss=")) {
            if (qemu_strtoi(tok[i] + 5, NULL, 10, &val) || val < 0 ||
                val > 100) {
                error_setg(errp, "link: '%s': loss is a percentage, 0-100",
                           tok[i]);
                return false;
            }
            loss = val;
        } else if (g_str_has_prefix(tok[i], "rssi=")) {
            if (qemu_strtoi(tok[i] + 5, NULL, 10, &val) || val < -100 ||
                val > 0) {
                error_setg(errp, "link: '%s': rssi is in dBm, -100..0",
                           tok[i]);
                return false;
            }
            rssi = val;
        } else {
            error_setg(errp, "link: '%s' is none of loss=N, rssi=N, reset",
                       tok[i]);
            return false;
        }
    }
    if (reset && (loss >= 0 || rssi <= 0)) {
        error_setg(errp, "link: '%s': reset takes no loss= or rssi=", stmt);
        return false;
    }
    if (!medium_set_one_link(links, from, to, loss, rssi, reset, errp)) {
        return false;
    }
    if (both && strcmp(from, to) &&
        !medium_set_one_link(links, to, from, loss, rssi, reset, errp)) {
        return false;
    }
    return true;
}

static void medium_set_link(Object *obj, const char *value, Error **errp)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(obj);
    g_auto(GStrv) stmts = g_strsplit(value, ";", -1);
    MediumLink links[MEDIUM_MAX_LINKS];

    /* All statements or none. */
    memcpy(links, m->links, sizeof(links));
    for (int i = 0; stmts[i]; i++) {
        if (!medium_parse_statement(links, stmts[i], errp)) {
            return;
        }
    }
    memcpy(m->links, links, sizeof(links));
    for (int i = 0; i < MEDIUM_MAX_LINKS; i++) {
        if (m->links[i].used) {
            trace_ieee802154_medium_link(m->links[i].from, m->links[i].to,
                                         m->links[i].loss, m->links[i].rssi);
        }
    }
}

static char *medium_get_links(Object *obj, Error **errp)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(obj);
    GString *s = g_string_new("");

    for (int i = 0; i < MEDIUM_MAX_LINKS; i++) {
        MediumLink *l = &m->links[i];

        if (l->used) {
            g_string_append_printf(s, "%s%s>%s loss=%u rssi=%d",
                                   s->len ? "; " : "", l->from, l->to,
                                   l->loss, l->rssi);
        }
    }
    return g_string_free(s, false);
}

/* --- the air --- */

static void medium_wire_send(Ieee802154Medium *m, const MediumFrame *f)
{
    uint8_t buf[WIRE_MAX];
    size_t name_len = strlen(f->from);
    size_t n = 0;

    if (!m->chr_connected) {
        return;
    }
    buf[n++] = WIRE_MAGIC0;
    buf[n++] = WIRE_MAGIC1;
    buf[n++] = WIRE_VERSION;
    buf[n++] = f->channel;
    buf[n++] = name_len;
    buf[n++] = f->len;
    memcpy(buf + n, f->from, name_len);
    n += name_len;
    memcpy(buf + n, f->psdu, f->len);
    n += f->len;
    /* Not connected yet, or the peer is gone: the frame is lost to it. */
    qemu_chr_fe_write_all(&m->chr, buf, n);
}

static void medium_deliver(Ieee802154Medium *m, MediumFrame *f)
{
    Ieee802154Node *node, *tmp;

    QTAILQ_FOREACH_SAFE(node, &m->nodes, next, tmp) {
        MediumLink *l;
        int rssi;

        if (node == f->sender || node->channel != f->channel ||
            !node->rx_on) {
            continue;
        }
        l = medium_link(m, f->from, node->name);
        if (medium_link_loses(l)) {
            m->lost_frames++;
            trace_ieee802154_medium_loss(f->from, node->name, f->len);
            continue;
        }
        rssi = l ? l->rssi : MEDIUM_DEFAULT_RSSI;
        m->rx_frames++;
        trace_ieee802154_medium_deliver(f->from, node->name, f->channel,
                                        f->len, rssi, ieee802154_lqi(rssi));
        node->ops->receive(node, f->psdu, f->len, rssi,
                           ieee802154_lqi(rssi));
    }
}

static void medium_arm(Ieee802154Medium *m)
{
    MediumFrame *f = QTAILQ_FIRST(&m->air);

    if (f) {
        timer_mod(m->timer, f->end);
    } else {
        timer_del(m->timer);
    }
}

static void medium_air_timer(void *opaque)
{
    Ieee802154Medium *m = opaque;
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    MediumFrame *f;

    /* Receivers may transmit (an ACK): that only adds to the air. */
    while ((f = QTAILQ_FIRST(&m->air)) && f->end <= now) {
        QTAILQ_REMOVE(&m->air, f, next);
        m->in_flight--;
        medium_deliver(m, f);
        if (f->forward) {
            medium_wire_send(m, f);
        }
        g_free(f);
    }
    medium_arm(m);
}

static void medium_drop_air(Ieee802154Medium *m)
{
    MediumFrame *f;

    while ((f = QTAILQ_FIRST(&m->air))) {
        QTAILQ_REMOVE(&m->air, f, next);
        g_free(f);
    }
    m->in_flight = 0;
    timer_del(m->timer);
}

static void medium_note_frame(Ieee802154Medium *m, const char *from,
                              uint8_t channel, const uint8_t *psdu,
                              size_t len)
{
    GString *s = g_string_new("");

    g_string_printf(s, "from=%s channel=%u psdu=", from, channel);
    for (size_t i = 0; i < len; i++) {
        g_string_append_printf(s, "%02x", psdu[i]);
    }
    g_free(m->last_frame);
    m->last_frame = g_string_free(s, false);
    medium_pcap_write(m, psdu, len);
}

/* Put a valid frame on the air; it reaches the receivers at its end. */
static void medium_put_on_air(Ieee802154Medium *m, Ieee802154Node *sender,
                              const char *from, uint8_t channel,
                              const uint8_t *psdu, size_t len, bool forward)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    int64_t air = ieee802154_air_time_ns(len);
    MediumFrame *f, *pos;

    trace_ieee802154_medium_tx(from, channel, len, air);
    m->tx_frames++;
    medium_note_frame(m, from, channel, psdu, len);
    if (m->in_flight >= MEDIUM_MAX_IN_FLIGHT) {
        qemu_log_mask(LOG_GUEST_ERROR, "ieee802154-medium: %s: %u frames "
                      "already on the air; frame dropped\n", from,
                      m->in_flight);
        return;
    }
    f = g_new0(MediumFrame, 1);
    f->sender = sender;
    f->forward = forward;
    pstrcpy(f->from, sizeof(f->from), from);
    f->channel = channel;
    f->len = len;
    memcpy(f->psdu, psdu, len);
    f->end = now + air;
    QTAILQ_FOREACH(pos, &m->air, next) {
        if (pos->end > f->end) {
            break;
        }
    }
    if (pos) {
        QTAILQ_INSERT_BEFORE(pos, f, next);
    } else {
        QTAILQ_INSERT_TAIL(&m->air, f, next);
    }
    m->in_flight++;
    medium_arm(m);
}

int64_t ieee802154_medium_transmit(Ieee802154Node *node, const uint8_t *psdu,
                                   size_t len)
{
    if (len == 0 || len > IEEE802154_MAX_PSDU) {
        qemu_log_mask(LOG_GUEST_ERROR, "ieee802154-medium: %s sent a %zu-byte"
                      " frame (1-%d): dropped\n", node->name ?: "a radio",
                      len, IEEE802154_MAX_PSDU);
        return 0;
    }
    if (node->medium) {
        medium_put_on_air(node->medium, node, node->name, node->channel,
                          psdu, len, true);
    }
    return ieee802154_air_time_ns(len);
}

bool ieee802154_medium_attach(Ieee802154Medium *m, Ieee802154Node *node,
                              const char *name, Error **errp)
{
    Ieee802154Node *other;

    if (!medium_name_ok(name, false)) {
        error_setg(errp, "ieee802154-medium: node name '%s' is not 1-%d "
                   "printable characters without <>;=*", name,
                   IEEE802154_NAME_MAX);
        return false;
    }
    QTAILQ_FOREACH(other, &m->nodes, next) {
        if (!strcmp(other->name, name)) {
            error_setg(errp, "ieee802154-medium: a node named '%s' is "
                       "already attached", name);
            return false;
        }
    }
    node->name = g_strdup(name);
    node->medium = m;
    QTAILQ_INSERT_TAIL(&m->nodes, node, next);
    return true;
}

void ieee802154_medium_detach(Ieee802154Node *node)
{
    Ieee802154Medium *m = node->medium;
    MediumFrame *f;

    if (!m) {
        return;
    }
    /* Its frames on the air stay there, from nobody in particular. */
    QTAILQ_FOREACH(f, &m->air, next) {
        if (f->sender == node) {
            f->sender = NULL;
        }
    }
    QTAILQ_REMOVE(&m->nodes, node, next);
    node->medium = NULL;
    g_free(node->name);
    node->name = NULL;
}

/* --- probes: receivers attached from QMP --- */

static void medium_probe_receive(Ieee802154Node *node, const uint8_t *psdu,
                                 size_t len, int8_t rssi, uint8_t lqi)
{
    MediumProbe *p = container_of(node, MediumProbe, node);

    p->frames++;
    p->rssi = rssi;
    p->lqi = lqi;
    p->last_len = MIN(len, sizeof(p->last));
    memcpy(p->last, psdu, p->last_len);
}

static const Ieee802154NodeOps medium_probe_ops = {
    .receive = medium_probe_receive,
};

static MediumProbe *medium_find_probe(Ieee802154Medium *m, const char *name)
{
    for (int i = 0; i < MEDIUM_MAX_PROBES; i++) {
        if (m->probes[i].used && !strcmp(m->probes[i].node.name, name)) {
            return &m->probes[i];
        }
    }
    return NULL;
}

/* "NAME channel=N" attaches (or retunes) a probe; "NAME off" removes it. */
static void medium_set_probe(Object *obj, const char *value, Error **errp)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(obj);
    g_auto(GStrv) tok = g_strsplit(value, " ", 3);
    MediumProbe *p;
    int channel;

    if (!tok[0] || !tok[1] || tok[2]) {
        error_setg(errp, "probe: '%s' is not NAME channel=N or NAME off",
                   value);
        return;
    }
    p = medium_find_probe(m, tok[0]);
    if (!strcmp(tok[1], "off")) {
        if (!p) {
            error_setg(errp, "probe: no probe named '%s'", tok[0]);
            return;
        }
        ieee802154_medium_detach(&p->node);
        memset(p, 0, sizeof(*p));
        return;
    }
    if (!g_str_has_prefix(tok[1], "channel=") ||
        qemu_strtoi(tok[1] + 8, NULL, 10, &channel) ||
        channel < IEEE802154_CHANNEL_MIN || channel > IEEE802154_CHANNEL_MAX) {
        error_setg(errp, "probe: '%s': channel=N, N %d-%d", tok[1],
                   IEEE802154_CHANNEL_MIN, IEEE802154_CHANNEL_MAX);
        return;
    }
    for (int i = 0; i < MEDIUM_MAX_PROBES && !p; i++) {
        if (!m->probes[i].used) {
            MediumProbe *n = &m->probes[i];

            n->node.ops = &medium_probe_ops;
            if (!ieee802154_medium_attach(m, &n->node, tok[0], errp)) {
                return;
            }
            n->used = true;
            n->node.rx_on = true;
            p = n;
        }
    }
    if (!p) {
        error_setg(errp, "probe: at most %d probes", MEDIUM_MAX_PROBES);
        return;
    }
    p->node.channel = channel;
}

static char *medium_get_probes(Object *obj, Error **errp)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(obj);
    GString *s = g_string_new("");

    for (int i = 0; i < MEDIUM_MAX_PROBES; i++) {
        MediumProbe *p = &m->probes[i];

        if (!p->used) {
            continue;
        }
        g_string_append_printf(s, "%s%s channel=%u frames=%" PRIu64
                               " rssi=%d lqi=%u last=", s->len ? "; " : "",
                               p->node.name, p->node.channel, p->frames,
                               p->rssi, p->lqi);
        for (size_t j = 0; j < p->last_len; j++) {
            g_string_append_printf(s, "%02x", p->last[j]);
        }
    }
    return g_string_free(s, false);
}

/* --- inject: a frame from QMP, as if sent by a node --- */

static void medium_set_inject(Object *obj, const char *value, Error **errp)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(obj);
    g_auto(GStrv) tok = g_strsplit_set(value, " \t", -1);
    const char *from = "qmp";
    int channel = -1;
    uint8_t psdu[IEEE802154_MAX_PSDU];
    size_t len = 0;

    for (int i = 0; tok[i]; i++) {
        const char *t = tok[i];

        if (!*t) {
            continue;
        } else if (g_str_has_prefix(t, "from=")) {
            from = t + 5;
            if (!medium_name_ok(from, false)) {
                error_setg(errp, "inject: bad sender name '%s'", from);
                return;
            }
        } else if (g_str_has_prefix(t, "channel=")) {
            if (qemu_strtoi(t + 8, NULL, 10, &channel) ||
                channel < IEEE802154_CHANNEL_MIN ||
                channel > IEEE802154_CHANNEL_MAX) {
                error_setg(errp, "inject: '%s': channel is %d-%d", t,
                           IEEE802154_CHANNEL_MIN, IEEE802154_CHANNEL_MAX);
                return;
            }
        } else if (g_str_has_prefix(t, "psdu=")) {
            const char *hex = t + 5;
            size_t n = strlen(hex);

            if (!n || n % 2 || n / 2 > IEEE802154_MAX_PSDU) {
                error_setg(errp, "inject: psdu= takes 1-%d bytes in hex",
                           IEEE802154_MAX_PSDU);
                return;
            }
            for (len = 0; len < n / 2; len++) {
                int hi = g_ascii_xdigit_value(hex[2 * len]);
                int lo = g_ascii_xdigit_value(hex[2 * len + 1]);

                if (hi < 0 || lo < 0) {
                    error_setg(errp, "inject: '%s' is not hex", hex);
                    return;
                }
                psdu[len] = hi << 4 | lo;
            }
        } else {
            error_setg(errp, "inject: '%s' is none of from=, channel=, psdu=",
                       t);
            return;
        }
    }
    if (channel < 0 || !len) {
        error_setg(errp, "inject: needs channel=N and psdu=HEX");
        return;
    }
    medium_put_on_air(m, NULL, from, channel, psdu, len, true);
}

static char *medium_get_last_frame(Object *obj, Error **errp)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(obj);

    return g_strdup(m->last_frame ? m->last_frame : "");
}

/* --- the chardev to other processes --- */

static int medium_chr_can_read(void *opaque)
{
    return WIRE_MAX;
}

/* Check the header in m->rx: 0 valid, -1 bad. */
static int medium_wire_check(Ieee802154Medium *m, const char **why)
{
    const uint8_t *h = m->rx;

    if (h[0] != WIRE_MAGIC0 || (m->rx_len > 1 && h[1] != WIRE_MAGIC1)) {
        *why = "bad magic";
    } else if (m->rx_len > 2 && h[2] != WIRE_VERSION) {
        *why = "unknown version";
    } else if (m->rx_len > 4 && (!h[4] || h[4] > IEEE802154_NAME_MAX)) {
        *why = "bad name length";
    } else if (m->rx_len > 5 && (!h[5] || h[5] > IEEE802154_MAX_PSDU)) {
        *why = "bad frame length";
    } else {
        return 0;
    }
    return -1;
}

static void medium_wire_frame(Ieee802154Medium *m)
{
    uint8_t name_len = m->rx[4];
    MediumFrame f = { .channel = m->rx[3], .len = m->rx[5] };

    memcpy(f.from, m->rx + WIRE_HEADER, name_len);
    f.from[name_len] = '\0';
    memcpy(f.psdu, m->rx + WIRE_HEADER + name_len, f.len);
    if (!medium_name_ok(f.from, false)) {
        m->bad_frames++;
        trace_ieee802154_medium_remote_bad("bad sender name");
        qemu_log_mask(LOG_GUEST_ERROR, "ieee802154-medium: chardev: frame "
                      "with a bad sender name dropped\n");
        return;
    }
    m->remote_frames++;
    trace_ieee802154_medium_remote_rx(f.from, f.channel, f.len);
    if (!runstate_is_running()) {
        /* A stopped machine hears nothing (nor changes state mid-save). */
        return;
    }
    /* The peer timed the air already: deliver now, do not send it back. */
    medium_note_frame(m, f.from, f.channel, f.psdu, f.len);
    medium_deliver(m, &f);
}

static void medium_chr_read(void *opaque, const uint8_t *buf, int size)
{
    Ieee802154Medium *m = opaque;

    for (int i = 0; i < size; i++) {
        const char *why;

        m->rx[m->rx_len++] = buf[i];
        /* Resynchronise on the magic, a byte at a time. */
        while (m->rx_len && medium_wire_check(m, &why) < 0) {
            if (!m->rx_resync) {
                m->rx_resync = true;
                m->bad_frames++;
                trace_ieee802154_medium_remote_bad(why);
                qemu_log_mask(LOG_GUEST_ERROR, "ieee802154-medium: chardev: "
                              "%s; skipping to the next frame\n", why);
            }
            m->rx_len--;
            memmove(m->rx, m->rx + 1, m->rx_len);
        }
        if (m->rx_len >= WIRE_HEADER &&
            m->rx_len == WIRE_HEADER + m->rx[4] + m->rx[5]) {
            m->rx_resync = false;
            medium_wire_frame(m);
            m->rx_len = 0;
        }
    }
}

static void medium_chr_event(void *opaque, QEMUChrEvent event)
{
    Ieee802154Medium *m = opaque;

    if (event == CHR_EVENT_OPENED || event == CHR_EVENT_CLOSED) {
        /* A new peer starts on a frame boundary. */
        m->rx_len = 0;
        m->rx_resync = false;
    }
}

static bool medium_chr_connect(Ieee802154Medium *m, Error **errp)
{
    Chardev *chr = qemu_chr_find(m->chardev_id);

    if (!chr) {
        error_setg(errp, "ieee802154-medium: chardev '%s' not found",
                   m->chardev_id);
        return false;
    }
    if (!qemu_chr_fe_init(&m->chr, chr, errp)) {
        error_prepend(errp, "ieee802154-medium: ");
        return false;
    }
    qemu_chr_fe_set_handlers(&m->chr, medium_chr_can_read, medium_chr_read,
                             medium_chr_event, NULL, m, NULL, true);
    m->chr_connected = true;
    return true;
}

/* An -object made before the chardevs exist connects once they do. */
static void medium_chr_notify(Notifier *notifier, void *data)
{
    Ieee802154Medium *m = container_of(notifier, Ieee802154Medium,
                                       chr_notifier);
    Error *err = NULL;

    qemu_remove_machine_init_done_notifier(&m->chr_notifier);
    m->chr_notifier_added = false;
    if (!m->chr_connected && !medium_chr_connect(m, &err)) {
        error_report_err(err);
        exit(1);
    }
}

static bool medium_chr_setup(Ieee802154Medium *m, Error **errp)
{
    if (!m->chardev_id || m->chr_connected || m->chr_notifier_added) {
        return true;
    }
    if (phase_check(PHASE_MACHINE_CREATED)) {
        return medium_chr_connect(m, errp);
    }
    m->chr_notifier.notify = medium_chr_notify;
    qemu_add_machine_init_done_notifier(&m->chr_notifier);
    m->chr_notifier_added = true;
    return true;
}

/* --- QOM --- */

static char *medium_get_pcap(Object *obj, Error **errp)
{
    return g_strdup(IEEE802154_MEDIUM(obj)->pcap_path ?: "");
}

static void medium_set_pcap(Object *obj, const char *value, Error **errp)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(obj);

    g_free(m->pcap_path);
    m->pcap_path = g_strdup(value);
    if (m->complete) {
        medium_pcap_open(m, errp);
    }
}

static char *medium_get_chardev(Object *obj, Error **errp)
{
    return g_strdup(IEEE802154_MEDIUM(obj)->chardev_id ?: "");
}

static void medium_set_chardev(Object *obj, const char *value, Error **errp)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(obj);

    if (m->chr_connected || m->chr_notifier_added) {
        error_setg(errp, "ieee802154-medium: chardev is set already ('%s')",
                   m->chardev_id);
        return;
    }
    g_free(m->chardev_id);
    m->chardev_id = *value ? g_strdup(value) : NULL;
    if (m->complete && !medium_chr_setup(m, errp)) {
        g_free(m->chardev_id);
        m->chardev_id = NULL;
    }
}

static int medium_post_load(void *opaque, int version_id)
{
    Ieee802154Medium *m = opaque;

    for (int i = 0; i < MEDIUM_MAX_LINKS; i++) {
        MediumLink *l = &m->links[i];

        if (!l->used) {
            continue;
        }
        l->from[IEEE802154_NAME_MAX] = '\0';
        l->to[IEEE802154_NAME_MAX] = '\0';
        if (!medium_name_ok(l->from, true) || !medium_name_ok(l->to, true) ||
            l->loss > 100 || l->rssi > 0 || l->rssi < -100 || l->acc >= 100) {
            return -EINVAL;
        }
    }
    /* Frames on the air belong to the state that was replaced. */
    medium_drop_air(m);
    return 0;
}

/* VMSTATE_BUFFER wants uint8_t; the names are char for the str* calls. */
#define MEDIUM_VMSTATE_NAME(_f) {                           \
    .name = stringify(_f),                                  \
    .size = sizeof_field(MediumLink, _f),                   \
    .info = &vmstate_info_buffer,                           \
    .flags = VMS_BUFFER,                                    \
    .offset = offsetof(MediumLink, _f),                     \
}

static const VMStateDescription vmstate_medium_link = {
    .name = "ieee802154-medium-link",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(used, MediumLink),
        MEDIUM_VMSTATE_NAME(from),
        MEDIUM_VMSTATE_NAME(to),
        VMSTATE_UINT8(loss, MediumLink),
        VMSTATE_INT8(rssi, MediumLink),
        VMSTATE_UINT8(acc, MediumLink),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_ieee802154_medium = {
    .name = TYPE_IEEE802154_MEDIUM,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = medium_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(links, Ieee802154Medium, MEDIUM_MAX_LINKS, 1,
                             vmstate_medium_link, MediumLink),
        VMSTATE_UINT64(tx_frames, Ieee802154Medium),
        VMSTATE_UINT64(rx_frames, Ieee802154Medium),
        VMSTATE_UINT64(lost_frames, Ieee802154Medium),
        VMSTATE_UINT64(remote_frames, Ieee802154Medium),
        VMSTATE_UINT64(bad_frames, Ieee802154Medium),
        VMSTATE_END_OF_LIST()
    }
};

static void medium_complete(UserCreatable *uc, Error **errp)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(uc);

    if (!medium_pcap_open(m, errp) || !medium_chr_setup(m, errp)) {
        return;
    }
    /* Named by its QOM path (medium_vmstate_id): one section each. */
    if (vmstate_register_with_alias_id(VMSTATE_IF(m), VMSTATE_INSTANCE_ID_ANY,
                                       &vmstate_ieee802154_medium, m, -1, 0,
                                       errp) < 0) {
        return;
    }
    m->vmstate_registered = true;
    m->complete = true;
}

/* Not while a radio is attached: it holds a pointer to us. */
static bool medium_can_be_deleted(UserCreatable *uc)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(uc);
    Ieee802154Node *node;

    QTAILQ_FOREACH(node, &m->nodes, next) {
        if (node->ops != &medium_probe_ops) {
            return false;
        }
    }
    return true;
}

static char *medium_vmstate_id(VMStateIf *vmif)
{
    return object_get_canonical_path(OBJECT(vmif));
}

static void medium_init(Object *obj)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(obj);

    QTAILQ_INIT(&m->nodes);
    QTAILQ_INIT(&m->air);
    m->pcap_fd = -1;
    m->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, medium_air_timer, m);
    object_property_add_uint64_ptr(obj, "tx-frames", &m->tx_frames,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "rx-frames", &m->rx_frames,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "lost-frames", &m->lost_frames,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "remote-frames", &m->remote_frames,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "bad-frames", &m->bad_frames,
                                   OBJ_PROP_FLAG_READ);
}

static void medium_finalize(Object *obj)
{
    Ieee802154Medium *m = IEEE802154_MEDIUM(obj);

    for (int i = 0; i < MEDIUM_MAX_PROBES; i++) {
        if (m->probes[i].used) {
            ieee802154_medium_detach(&m->probes[i].node);
        }
    }
    if (m->vmstate_registered) {
        vmstate_unregister(VMSTATE_IF(m), &vmstate_ieee802154_medium, m);
    }
    if (m->chr_notifier_added) {
        qemu_remove_machine_init_done_notifier(&m->chr_notifier);
    }
    qemu_chr_fe_deinit(&m->chr, false);
    medium_drop_air(m);
    timer_free(m->timer);
    medium_pcap_close(m);
    g_free(m->pcap_path);
    g_free(m->chardev_id);
    g_free(m->last_frame);
}

static void medium_class_init(ObjectClass *oc, void *data)
{
    UserCreatableClass *ucc = USER_CREATABLE_CLASS(oc);
    VMStateIfClass *vc = VMSTATE_IF_CLASS(oc);

    ucc->complete = medium_complete;
    ucc->can_be_deleted = medium_can_be_deleted;
    vc->get_id = medium_vmstate_id;
    object_class_property_add_str(oc, "pcap", medium_get_pcap,
                                  medium_set_pcap);
    object_class_property_set_description(oc, "pcap",
        "capture every frame on the air to this file (pcap, linktype 195)");
    object_class_property_add_str(oc, "chardev", medium_get_chardev,
                                  medium_set_chardev);
    object_class_property_set_description(oc, "chardev",
        "ID of a chardev to the medium of another QEMU process");
    object_class_property_add_str(oc, "link", NULL, medium_set_link);
    object_class_property_set_description(oc, "link",
        "FROM>TO [loss=PERCENT] [rssi=DBM] | FROM>TO reset | clear; "
        "';' separates several");
    object_class_property_add_str(oc, "links", medium_get_links, NULL);
    object_class_property_add_str(oc, "inject", NULL, medium_set_inject);
    object_class_property_set_description(oc, "inject",
        "put a frame on the air: [from=NAME] channel=N psdu=HEX");
    object_class_property_add_str(oc, "last-frame", medium_get_last_frame,
                                  NULL);
    object_class_property_add_str(oc, "probe", NULL, medium_set_probe);
    object_class_property_set_description(oc, "probe",
        "NAME channel=N: a receiver that records what it hears; NAME off");
    object_class_property_add_str(oc, "probes", medium_get_probes, NULL);
}

Ieee802154Medium *ieee802154_medium_board(void)
{
    Object *machine = qdev_get_machine();
    Object *obj = object_resolve_path_component(machine,
                                                IEEE802154_BOARD_MEDIUM);

    if (!obj) {
        obj = object_new(TYPE_IEEE802154_MEDIUM);
        object_property_add_child(machine, IEEE802154_BOARD_MEDIUM, obj);
        /* Nothing is set yet, so nothing can fail. */
        user_creatable_complete(USER_CREATABLE(obj), &error_abort);
        object_unref(obj);
    }
    return IEEE802154_MEDIUM(obj);
}

static const TypeInfo medium_types[] = {
    {
        .name = TYPE_IEEE802154_MEDIUM,
        .parent = TYPE_OBJECT,
        .instance_size = sizeof(Ieee802154Medium),
        .instance_init = medium_init,
        .instance_finalize = medium_finalize,
        .class_init = medium_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_USER_CREATABLE },
            { TYPE_VMSTATE_IF },
            { }
        },
    },
};

DEFINE_TYPES(medium_types)
