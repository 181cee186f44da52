/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * presilicon's CAN layer over QEMU's can-bus: frame timing, bit timing
 * matching, fault confinement and fault injection (presilicon_can.h).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/cutils.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qom/object.h"
#include "hw/boards.h"
#include "hw/net/can/presilicon_can.h"
#include "../trace.h"

/* ISO 11898-1 fault confinement thresholds. */
#define PS_CAN_WARNING_LIMIT    96
#define PS_CAN_PASSIVE_LIMIT    128
#define PS_CAN_BUS_OFF_TEC      256
/* Error flag (6), error delimiter (8), intermission (3). */
#define PS_CAN_ERROR_FRAME_BITS 17
/* Receivers tolerate this much bitrate difference (parts per thousand). */
#define PS_CAN_BITRATE_TOLERANCE 10

static QTAILQ_HEAD(, PsCanNode) ps_can_nodes =
    QTAILQ_HEAD_INITIALIZER(ps_can_nodes);
/* The node whose frame can_bus_client_send() is delivering, if any. */
static PsCanNode *ps_can_sender;
/* Per bus: the virtual time when the frame last queued leaves it. */
static GHashTable *ps_can_busy_until;

/* CRC-15/CAN over the bits fed one by one. */
typedef struct PsCanBits {
    unsigned count;     /* bits before stuffing */
    unsigned stuffed;   /* stuff bits inserted */
    int last;           /* last bit on the wire */
    unsigned run;       /* how many of it in a row */
    uint16_t crc;
    bool stuffing;
} PsCanBits;

static void ps_can_put_bit(PsCanBits *b, int bit, bool crc)
{
    if (crc) {
        int next = bit ^ ((b->crc >> 14) & 1);

        b->crc = (b->crc << 1) & 0x7fff;
        if (next) {
            b->crc ^= 0x4599;
        }
    }
    b->count++;
    if (!b->stuffing) {
        return;
    }
    if (bit == b->last) {
        b->run++;
    } else {
        b->last = bit;
        b->run = 1;
    }
    if (b->run == 5) {
        /* The complement goes in and starts a run of its own. */
        b->stuffed++;
        b->last = !bit;
        b->run = 1;
    }
}

static void ps_can_put_bits(PsCanBits *b, uint32_t val, int n)
{
    for (int i = n - 1; i >= 0; i--) {
        ps_can_put_bit(b, (val >> i) & 1, true);
    }
}

unsigned ps_can_frame_bits(const qemu_can_frame *frame)
{
    PsCanBits b = { .last = -1, .stuffing = true };
    bool eff = frame->can_id & QEMU_CAN_EFF_FLAG;
    bool rtr = frame->can_id & QEMU_CAN_RTR_FLAG;
    unsigned dlc = MIN(frame->can_dlc, 15);
    unsigned len = rtr ? 0 : MIN(dlc, 8);
    uint16_t crc;

    ps_can_put_bit(&b, 0, true);                            /* SOF */
    if (eff) {
        uint32_t id = frame->can_id & QEMU_CAN_EFF_MASK;

        ps_can_put_bits(&b, id >> 18, 11);
        ps_can_put_bits(&b, 3, 2);                          /* SRR, IDE */
        ps_can_put_bits(&b, id & 0x3ffff, 18);
        ps_can_put_bits(&b, rtr, 1);
        ps_can_put_bits(&b, 0, 2);                          /* r1, r0 */
    } else {
        ps_can_put_bits(&b, frame->can_id & QEMU_CAN_SFF_MASK, 11);
        ps_can_put_bits(&b, rtr, 1);
        ps_can_put_bits(&b, 0, 2);                          /* IDE, r0 */
    }
    ps_can_put_bits(&b, dlc, 4);
    for (unsigned i = 0; i < len; i++) {
        ps_can_put_bits(&b, frame->data[i], 8);
    }
    crc = b.crc;
    for (int i = 14; i >= 0; i--) {
        ps_can_put_bit(&b, (crc >> i) & 1, false);
    }
    /* CRC delimiter, ACK slot and delimiter, EOF, intermission: unstuffed. */
    return b.count + b.stuffed + 1 + 2 + 7 + 3;
}

uint32_t ps_can_bitrate(uint64_t clock_hz, uint32_t brp, uint32_t bit_tq)
{
    if (!brp || !bit_tq) {
        return 0;
    }
    return clock_hz / ((uint64_t)brp * bit_tq);
}

static bool ps_can_same_bitrate(uint32_t a, uint32_t b)
{
    uint64_t diff = a > b ? a - b : b - a;

    return diff * 1000 <= (uint64_t)MAX(a, b) * PS_CAN_BITRATE_TOLERANCE;
}

PsCanState ps_can_node_state(const PsCanNode *node)
{
    if (node->bus_off) {
        return PS_CAN_STATE_BUS_OFF;
    }
    if (node->tec >= PS_CAN_PASSIVE_LIMIT ||
        node->rec >= PS_CAN_PASSIVE_LIMIT) {
        return PS_CAN_STATE_PASSIVE;
    }
    if (node->tec >= PS_CAN_WARNING_LIMIT ||
        node->rec >= PS_CAN_WARNING_LIMIT) {
        return PS_CAN_STATE_WARNING;
    }
    return PS_CAN_STATE_ACTIVE;
}

const char *ps_can_state_name(PsCanState state)
{
    static const char *const names[] = {
        [PS_CAN_STATE_ACTIVE] = "error-active",
        [PS_CAN_STATE_WARNING] = "error-warning",
        [PS_CAN_STATE_PASSIVE] = "error-passive",
        [PS_CAN_STATE_BUS_OFF] = "bus-off",
    };

    return state < ARRAY_SIZE(names) ? names[state] : "?";
}

static int64_t ps_can_bit_ns(const PsCanNode *node)
{
    /* Loopback needs no bit timing on the bus: 1 Mbit/s when unset. */
    return NANOSECONDS_PER_SECOND / (node->bitrate ? node->bitrate : 1000000);
}

static void ps_can_report(PsCanNode *node, PsCanState before, PsCanError err)
{
    PsCanState now = ps_can_node_state(node);

    if (err != PS_CAN_ERR_NONE || now != before) {
        trace_ps_can_error(node->client.name, err, node->tec, node->rec,
                           ps_can_state_name(now));
        if (node->ops->error) {
            node->ops->error(node->opaque, err);
        }
    }
}

/* Add to TEC; past 255 the node goes bus-off and drops its frame. */
static void ps_can_tec_add(PsCanNode *node, unsigned n)
{
    node->tec = MIN(node->tec + n, PS_CAN_BUS_OFF_TEC);
    if (node->tec >= PS_CAN_BUS_OFF_TEC) {
        node->bus_off = true;
        node->tx_pending = false;
        timer_del(node->tx_timer);
    }
}

static void ps_can_rx_error(PsCanNode *node)
{
    PsCanState before = ps_can_node_state(node);

    node->rec = MIN(node->rec + 1, 255);
    node->errors++;
    ps_can_report(node, before, PS_CAN_ERR_FORM);
}

static void ps_can_deliver(PsCanNode *node, const qemu_can_frame *frame)
{
    PsCanState before = ps_can_node_state(node);

    /* ISO 11898-1: a good reception lowers REC, from passive to 119..127. */
    if (node->rec > 127) {
        node->rec = 120;
    } else if (node->rec) {
        node->rec--;
    }
    node->rx_frames++;
    trace_ps_can_rx(node->client.name, frame->can_id, frame->can_dlc);
    if (!node->ops->can_receive || node->ops->can_receive(node->opaque)) {
        node->ops->receive(node->opaque, frame);
    }
    ps_can_report(node, before, PS_CAN_ERR_NONE);
}

static void ps_can_schedule(PsCanNode *node, unsigned bits)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    int64_t start = now;
    CanBusState *bus = node->client.bus;

    if (node->mode == PS_CAN_MODE_NORMAL && bus) {
        int64_t busy = 0;
        gpointer v;

        if (!ps_can_busy_until) {
            ps_can_busy_until = g_hash_table_new_full(NULL, NULL, NULL,
                                                      g_free);
        }
        v = g_hash_table_lookup(ps_can_busy_until, bus);
        if (v) {
            busy = *(int64_t *)v;
        }
        start = MAX(now, busy);
    }
    node->tx_end = start + bits * ps_can_bit_ns(node);
    if (node->mode == PS_CAN_MODE_NORMAL && bus) {
        int64_t *v = g_new(int64_t, 1);

        *v = node->tx_end;
        g_hash_table_insert(ps_can_busy_until, bus, v);
    }
    timer_mod(node->tx_timer, node->tx_end);
}

/* Is a node at another bitrate on the bus, ready to flag our frame? */
static bool ps_can_disturbed(PsCanNode *node)
{
    PsCanNode *other;
    bool disturbed = false;

    QTAILQ_FOREACH(other, &ps_can_nodes, next) {
        if (other == node || other->client.bus != node->client.bus ||
            other->mode != PS_CAN_MODE_NORMAL || other->bus_off ||
            !other->bitrate ||
            ps_can_same_bitrate(other->bitrate, node->bitrate)) {
            continue;
        }
        ps_can_rx_error(other);
        disturbed = true;
    }
    return disturbed;
}

static void ps_can_tx_complete(PsCanNode *node)
{
    PsCanState before = ps_can_node_state(node);

    node->tx_pending = false;
    node->tx_attempts = 0;
    node->tx_frames++;
    if (node->tec) {
        node->tec--;
    }
    trace_ps_can_tx_done(node->client.name, node->tx_frame.can_id);
    ps_can_report(node, before, PS_CAN_ERR_NONE);
    node->ops->tx_done(node->opaque);
}

static void ps_can_tx_timer(void *opaque)
{
    PsCanNode *node = opaque;
    PsCanState before = ps_can_node_state(node);
    unsigned bits = ps_can_frame_bits(&node->tx_frame);
    ssize_t acked;

    if (!node->tx_pending) {
        return;
    }
    if (node->mode == PS_CAN_MODE_LOOPBACK) {
        ps_can_deliver(node, &node->tx_frame);
        ps_can_tx_complete(node);
        return;
    }
    if (node->mode != PS_CAN_MODE_NORMAL || !node->client.bus) {
        /* The controller left the bus: the frame goes nowhere. */
        node->tx_pending = false;
        return;
    }
    node->tx_attempts++;
    if (ps_can_disturbed(node)) {
        /* Error flags from a node at another bitrate: nobody gets it. */
        node->errors++;
        ps_can_tec_add(node, 8);
        ps_can_report(node, before, PS_CAN_ERR_BIT);
    } else {
        ps_can_sender = node;
        acked = can_bus_client_send(&node->client, &node->tx_frame, 1);
        ps_can_sender = NULL;
        if (acked > 0) {
            ps_can_tx_complete(node);
            return;
        }
        /* ACK error; a passive transmitter's does not count (ISO 11898-1). */
        node->errors++;
        if (before < PS_CAN_STATE_PASSIVE) {
            ps_can_tec_add(node, 8);
        }
        ps_can_report(node, before, PS_CAN_ERR_ACK);
    }
    if (node->tx_pending) {
        /* Automatic retransmission after the error frame. */
        ps_can_schedule(node, bits + PS_CAN_ERROR_FRAME_BITS);
    }
}

bool ps_can_node_transmit(PsCanNode *node, const qemu_can_frame *frame)
{
    if (node->tx_pending || node->bus_off ||
        (node->mode != PS_CAN_MODE_NORMAL &&
         node->mode != PS_CAN_MODE_LOOPBACK) ||
        (node->mode == PS_CAN_MODE_NORMAL && !node->bitrate)) {
        return false;
    }
    node->tx_frame = *frame;
    node->tx_frame.can_dlc = MIN(frame->can_dlc, 8);
    node->tx_pending = true;
    node->tx_attempts = 0;
    trace_ps_can_tx(node->client.name, frame->can_id, frame->can_dlc,
                    node->bitrate);
    ps_can_schedule(node, ps_can_frame_bits(&node->tx_frame));
    return true;
}

void ps_can_node_abort(PsCanNode *node)
{
    node->tx_pending = false;
    timer_del(node->tx_timer);
}

void ps_can_node_reset(PsCanNode *node)
{
    ps_can_node_abort(node);
    node->tec = 0;
    node->rec = 0;
    node->bus_off = false;
    node->tx_attempts = 0;
}

/* can-bus client: frames from another node or from a non-presilicon client. */
static bool ps_can_client_can_receive(CanBusClientState *client)
{
    PsCanNode *node = container_of(client, PsCanNode, client);

    return node->mode == PS_CAN_MODE_NORMAL || node->mode == PS_CAN_MODE_LISTEN;
}

static ssize_t ps_can_client_receive(CanBusClientState *client,
                                     const qemu_can_frame *frames,
                                     size_t count)
{
    PsCanNode *node = container_of(client, PsCanNode, client);
    ssize_t acked = 0;

    if (node->bus_off || !ps_can_client_can_receive(client)) {
        return 0;
    }
    if (ps_can_sender && (!node->bitrate ||
        !ps_can_same_bitrate(ps_can_sender->bitrate, node->bitrate))) {
        /* A listen-only node at another bitrate sees garbage. */
        ps_can_rx_error(node);
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        if (frames[i].flags & QEMU_CAN_FRMF_TYPE_FD) {
            continue;   /* classic CAN controllers: an FD frame is an error */
        }
        ps_can_deliver(node, &frames[i]);
        acked = node->mode == PS_CAN_MODE_NORMAL;
    }
    return acked;
}

static CanBusClientInfo ps_can_client_info = {
    .can_receive = ps_can_client_can_receive,
    .receive = ps_can_client_receive,
};

void ps_can_node_init(PsCanNode *node, CanBusState *bus, const char *name,
                      const PsCanNodeOps *ops, void *opaque, Error **errp)
{
    node->ops = ops;
    node->opaque = opaque;
    node->client.info = &ps_can_client_info;
    node->client.name = g_strdup(name);
    node->client.model = g_strdup("presilicon-can");
    node->tx_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, ps_can_tx_timer, node);
    if (bus && can_bus_insert_client(bus, &node->client) < 0) {
        error_setg(errp, "%s: cannot attach to the CAN bus", name);
        return;
    }
    QTAILQ_INSERT_TAIL(&ps_can_nodes, node, next);
}

void ps_can_node_cleanup(PsCanNode *node)
{
    if (node->client.bus) {
        can_bus_remove_client(&node->client);
    }
    QTAILQ_REMOVE(&ps_can_nodes, node, next);
    timer_free(node->tx_timer);
    node->tx_timer = NULL;
    g_free(node->client.name);
    g_free(node->client.model);
}

static int ps_can_node_post_load(void *opaque, int version_id)
{
    PsCanNode *node = opaque;

    if (node->tec > PS_CAN_BUS_OFF_TEC || node->tx_frame.can_dlc > 8 ||
        node->mode > PS_CAN_MODE_LOOPBACK) {
        return -EINVAL;
    }
    /* The bus stays busy until the frame in flight leaves it. */
    if (node->tx_pending && node->client.bus &&
        node->mode == PS_CAN_MODE_NORMAL) {
        int64_t *v = g_new(int64_t, 1);

        if (!ps_can_busy_until) {
            ps_can_busy_until = g_hash_table_new_full(NULL, NULL, NULL,
                                                      g_free);
        }
        *v = node->tx_end;
        g_hash_table_insert(ps_can_busy_until, node->client.bus, v);
    }
    return 0;
}

const VMStateDescription vmstate_ps_can_node = {
    .name = "presilicon-can-node",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = ps_can_node_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(bitrate, PsCanNode),
        VMSTATE_UINT32(mode, PsCanNode),
        VMSTATE_BOOL(tx_pending, PsCanNode),
        VMSTATE_UINT32(tx_frame.can_id, PsCanNode),
        VMSTATE_UINT8(tx_frame.can_dlc, PsCanNode),
        VMSTATE_UINT8(tx_frame.flags, PsCanNode),
        VMSTATE_UINT8_SUB_ARRAY(tx_frame.data, PsCanNode, 0, 8),
        VMSTATE_INT64(tx_end, PsCanNode),
        VMSTATE_UINT32(tx_attempts, PsCanNode),
        VMSTATE_TIMER_PTR(tx_timer, PsCanNode),
        VMSTATE_UINT16(tec, PsCanNode),
        VMSTATE_UINT16(rec, PsCanNode),
        VMSTATE_BOOL(bus_off, PsCanNode),
        VMSTATE_UINT64(tx_frames, PsCanNode),
        VMSTATE_UINT64(rx_frames, PsCanNode),
        VMSTATE_UINT64(errors, PsCanNode),
        VMSTATE_END_OF_LIST()
    }
};

/* "123#DEADBEEF", "1F334455#11", "123#R": can-utils' cansend syntax. */
static bool ps_can_parse_frame(const char *s, qemu_can_frame *f, Error **errp)
{
    const char *hash = strchr(s, '#');
    size_t idlen = hash ? hash - s : 0;
    uint64_t id;
    g_autofree char *idstr = NULL;
    const char *p;

    memset(f, 0, sizeof(*f));
    if (!hash || idlen == 0 || idlen > 8) {
        error_setg(errp, "can-inject: '%s' is not ID#DATA (cansend syntax)", s);
        return false;
    }
    idstr = g_strndup(s, idlen);
    if (qemu_strtou64(idstr, NULL, 16, &id) < 0 ||
        (idlen <= 3 ? id > QEMU_CAN_SFF_MASK : id > QEMU_CAN_EFF_MASK)) {
        error_setg(errp, "can-inject: bad CAN ID '%s'", idstr);
        return false;
    }
    f->can_id = id | (idlen > 3 ? QEMU_CAN_EFF_FLAG : 0);
    p = hash + 1;
    if (*p == 'R' || *p == 'r') {
        f->can_id |= QEMU_CAN_RTR_FLAG;
        f->can_dlc = p[1] ? (p[1] - '0') : 0;
        if (f->can_dlc > 8 || (p[1] && p[2])) {
            error_setg(errp, "can-inject: bad remote frame '%s'", s);
            return false;
        }
        return true;
    }
    while (*p) {
        unsigned hi, lo;

        if (*p == '.') {
            p++;
            continue;
        }
        if (f->can_dlc == 8 || !g_ascii_isxdigit(p[0]) ||
            !g_ascii_isxdigit(p[1])) {
            error_setg(errp, "can-inject: bad data in '%s' (up to 8 bytes "
                       "of two hex digits)", s);
            return false;
        }
        hi = g_ascii_xdigit_value(p[0]);
        lo = g_ascii_xdigit_value(p[1]);
        f->data[f->can_dlc++] = hi << 4 | lo;
        p += 2;
    }
    return true;
}

static void ps_can_inject(Object *obj, Visitor *v, const char *name,
                          void *opaque, Error **errp)
{
    PsCanNode *node = opaque;
    PsCanState before = ps_can_node_state(node);
    g_autofree char *value = NULL;
    qemu_can_frame frame;

    if (!visit_type_str(v, name, &value, errp)) {
        return;
    }
    trace_ps_can_inject(node->client.name, value);
    if (!strcmp(value, "error")) {
        node->errors++;
        ps_can_tec_add(node, 8);
    } else if (!strcmp(value, "error-passive")) {
        node->tec = MAX(node->tec, PS_CAN_PASSIVE_LIMIT);
    } else if (!strcmp(value, "bus-off")) {
        ps_can_tec_add(node, PS_CAN_BUS_OFF_TEC);
    } else if (strchr(value, '#')) {
        if (!ps_can_parse_frame(value, &frame, errp)) {
            return;
        }
        if (node->mode == PS_CAN_MODE_OFF || node->bus_off) {
            error_setg(errp, "can-inject: %s is not on the bus (%s)",
                       node->client.name,
                       node->bus_off ? "bus-off" : "controller off");
            return;
        }
        ps_can_deliver(node, &frame);
        return;
    } else {
        error_setg(errp, "can-inject: '%s' is none of error, error-passive, "
                   "bus-off or a frame ID#DATA", value);
        return;
    }
    ps_can_report(node, before, PS_CAN_ERR_INJECTED);
}

static void ps_can_get_state(Object *obj, Visitor *v, const char *name,
                             void *opaque, Error **errp)
{
    PsCanNode *node = opaque;
    char *s = g_strdup(node->mode == PS_CAN_MODE_OFF && !node->bus_off ?
                       "stopped" : ps_can_state_name(ps_can_node_state(node)));

    visit_type_str(v, name, &s, errp);
    g_free(s);
}

static void ps_can_get_u64(Object *obj, Visitor *v, const char *name,
                           void *opaque, Error **errp)
{
    PsCanNode *node = opaque;
    uint64_t val = 0;

    if (!strcmp(name, "can-tec")) {
        val = node->tec;
    } else if (!strcmp(name, "can-rec")) {
        val = node->rec;
    } else if (!strcmp(name, "can-bitrate")) {
        val = node->bitrate;
    } else if (!strcmp(name, "can-tx-frames")) {
        val = node->tx_frames;
    } else if (!strcmp(name, "can-rx-frames")) {
        val = node->rx_frames;
    }
    visit_type_uint64(v, name, &val, errp);
}

void ps_can_node_add_properties(Object *obj, PsCanNode *node)
{
    static const char *const counters[] = {
        "can-tec", "can-rec", "can-bitrate", "can-tx-frames", "can-rx-frames",
    };

    object_property_add(obj, "can-state", "string", ps_can_get_state, NULL,
                        NULL, node);
    for (int i = 0; i < ARRAY_SIZE(counters); i++) {
        object_property_add(obj, counters[i], "uint64", ps_can_get_u64, NULL,
                            NULL, node);
    }
    object_property_add(obj, "can-inject", "string", NULL, ps_can_inject,
                        NULL, node);
}

CanBusState *ps_can_board_bus(void)
{
    Object *machine = qdev_get_machine();
    Object *bus = object_resolve_path_component(machine, PS_CAN_BOARD_BUS);

    if (!bus) {
        bus = object_new(TYPE_CAN_BUS);
        object_property_add_child(machine, PS_CAN_BOARD_BUS, bus);
        object_unref(bus);
    }
    return CAN_BUS(bus);
}
