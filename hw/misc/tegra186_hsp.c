/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NVIDIA Tegra186 HSP: doorbells and shared mailboxes.
 *
 * Doorbells: each processor owns one. Another master rings it by writing
 * its TRIGGER; the ringer's master-ID bit goes into RAW, and into PENDING
 * if the owner's ENABLE allows that master. The CCPLEX (the guest's CPUs)
 * owns doorbell 1: its PENDING drives the "doorbell" interrupt and it
 * clears it by writing the bits back. Doorbell 3 is the BPMP's; the BPMP
 * model registers a handler for it (tegra186_hsp_set_db_handler()) and
 * rings the CCPLEX back with tegra186_hsp_ring().
 *
 * Shared mailboxes: one 32-bit register each, bit 31 FULL. HSP_INT_IR
 * shows which are empty and full, HSP_INT_IE0 selects those that raise
 * "shared0". The other side of a mailbox (no processor of ours) is the
 * host, through the smN-remote QOM properties.
 *
 * Not modelled: shared and arbitrated semaphores (the dimensioning
 * register reports none), 128-bit mailboxes and per-mailbox interrupt
 * enables (Tegra194 and later), doorbells 0 and 2's processors.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/irq.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/misc/tegra186_hsp.h"
#include "trace.h"

#define HSP_DB(s, i) (&(s)->db[i])
#define HSP_FULL R_HSP_SM_SHRD_MBOX_FULL_MASK

static uint32_t tegra186_hsp_int_ir(Tegra186HspState *s)
{
    uint32_t ir = 0;

    for (int n = 0; n < TEGRA186_HSP_NUM_SM; n++) {
        ir |= (s->sm[n] & HSP_FULL) ? BIT(R_HSP_INT_IR_FULL_SHIFT + n) :
                                      BIT(R_HSP_INT_IR_EMPTY_SHIFT + n);
    }
    return ir;
}

static void tegra186_hsp_update_irq(Tegra186HspState *s)
{
    bool db = s->db[TEGRA186_HSP_DB_CCPLEX].pending != 0;
    bool shared = (tegra186_hsp_int_ir(s) & s->int_ie[0]) != 0;

    trace_tegra186_hsp_irq(db, shared);
    qemu_set_irq(s->db_irq, db);
    qemu_set_irq(s->shared_irq, shared);
}

void tegra186_hsp_set_db_handler(Tegra186HspState *s, unsigned db,
                                 void (*handler)(void *), void *opaque)
{
    assert(db < TEGRA186_HSP_NUM_DB);
    s->db_handler[db] = handler;
    s->db_opaque[db] = opaque;
}

/* Master master rings doorbell db; true if it was enabled for it. */
static bool tegra186_hsp_do_ring(Tegra186HspState *s, unsigned master,
                                 unsigned db)
{
    Tegra186HspDoorbell *d = HSP_DB(s, db);
    bool enabled = d->enable & BIT(master);

    d->raw |= BIT(master);
    if (enabled) {
        d->pending |= BIT(master);
    }
    trace_tegra186_hsp_ring(master, db, d->enable, d->pending);
    tegra186_hsp_update_irq(s);
    if (enabled && s->db_handler[db]) {
        s->db_handler[db](s->db_opaque[db]);
    }
    return enabled;
}

void tegra186_hsp_ring(Tegra186HspState *s, unsigned master, unsigned db)
{
    assert(db < TEGRA186_HSP_NUM_DB && master < 32);
    tegra186_hsp_do_ring(s, master, db);
}

uint32_t tegra186_hsp_take_pending(Tegra186HspState *s, unsigned db)
{
    Tegra186HspDoorbell *d = HSP_DB(s, db);
    uint32_t v = d->pending;

    d->raw &= ~v;
    d->pending = 0;
    tegra186_hsp_update_irq(s);
    return v;
}

static uint64_t tegra186_hsp_read(void *opaque, hwaddr a, unsigned size)
{
    Tegra186HspState *s = opaque;
    uint32_t v = 0;

    if (a >= TEGRA186_HSP_DB_BASE &&
        a < TEGRA186_HSP_DB_BASE + TEGRA186_HSP_NUM_DB *
            TEGRA186_HSP_DB_STRIDE) {
        Tegra186HspDoorbell *d =
            HSP_DB(s, (a - TEGRA186_HSP_DB_BASE) / TEGRA186_HSP_DB_STRIDE);

        switch (a % TEGRA186_HSP_DB_STRIDE) {
        case A_HSP_DB_TRIGGER:
            break;
        case A_HSP_DB_ENABLE:
            v = d->enable;
            break;
        case A_HSP_DB_RAW:
            v = d->raw;
            break;
        case A_HSP_DB_PENDING:
            v = d->pending;
            break;
        default:
            goto bad;
        }
    } else if (a >= TEGRA186_HSP_SM_BASE && a < TEGRA186_HSP_DB_BASE) {
        if ((a - TEGRA186_HSP_SM_BASE) % TEGRA186_HSP_SM_STRIDE !=
            A_HSP_SM_SHRD_MBOX) {
            goto bad;
        }
        v = s->sm[(a - TEGRA186_HSP_SM_BASE) / TEGRA186_HSP_SM_STRIDE];
    } else {
        switch (a) {
        case A_HSP_INT_IE0:
            v = s->int_ie[0];
            break;
        case A_HSP_INT_IV:
            v = tegra186_hsp_int_ir(s) & s->int_ie[0];
            break;
        case A_HSP_INT_IR:
            v = tegra186_hsp_int_ir(s);
            break;
        case A_HSP_INT_DIMENSIONING:
            v = FIELD_DP32(v, HSP_INT_DIMENSIONING, NSM, TEGRA186_HSP_NUM_SM);
            v = FIELD_DP32(v, HSP_INT_DIMENSIONING, NDB, TEGRA186_HSP_NUM_DB);
            v = FIELD_DP32(v, HSP_INT_DIMENSIONING, NSI, TEGRA186_HSP_NUM_SI);
            break;
        default:
            goto bad;
        }
    }
    trace_tegra186_hsp_read(a, v);
    return v;
bad:
    qemu_log_mask(LOG_GUEST_ERROR, "tegra186-hsp: read of unknown register "
                  "0x%05" HWADDR_PRIx "\n", a);
    return 0;
}

/* A write to mailbox n, by the CCPLEX or (remote) by the host. */
static void tegra186_hsp_sm_write(Tegra186HspState *s, unsigned n,
                                  uint32_t v, const char *who)
{
    if ((v & HSP_FULL) && (s->sm[n] & HSP_FULL)) {
        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-hsp: %s wrote shared "
                      "mailbox %u (0x%08" PRIx32 ") while it is full "
                      "(0x%08" PRIx32 "): the message was not taken; "
                      "dropped\n", who, n, v, s->sm[n]);
        return;
    }
    s->sm[n] = v;
    trace_tegra186_hsp_sm(n, v, who);
    tegra186_hsp_update_irq(s);
}

static void tegra186_hsp_db_write(Tegra186HspState *s, unsigned i,
                                  hwaddr reg, uint32_t v)
{
    Tegra186HspDoorbell *d = HSP_DB(s, i);

    if (reg == A_HSP_DB_TRIGGER) {
        if (!tegra186_hsp_do_ring(s, TEGRA186_HSP_MASTER_CCPLEX, i)) {
            qemu_log_mask(LOG_GUEST_ERROR, "tegra186-hsp: doorbell %u rung "
                          "by the CCPLEX, which its ENABLE (0x%08" PRIx32
                          ") does not allow: only RAW records it\n",
                          i, d->enable);
        }
        return;
    }
    if (reg != A_HSP_DB_ENABLE && reg != A_HSP_DB_PENDING) {
        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-hsp: write of 0x%08" PRIx32
                      " to doorbell %u's %s; ignored\n", v, i,
                      reg == A_HSP_DB_RAW ? "RAW (read-only)" :
                      "unknown register");
        return;
    }
    if (i != TEGRA186_HSP_DB_CCPLEX) {
        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-hsp: the CCPLEX wrote "
                      "doorbell %u's %s (0x%08" PRIx32 "), which belongs to "
                      "that doorbell's owner; ignored\n", i,
                      reg == A_HSP_DB_ENABLE ? "ENABLE" : "PENDING", v);
        return;
    }
    if (reg == A_HSP_DB_ENABLE) {
        d->enable = v;
    } else {
        d->pending &= ~v;
        d->raw &= ~v;
    }
    tegra186_hsp_update_irq(s);
}

static void tegra186_hsp_write(void *opaque, hwaddr a, uint64_t value,
                               unsigned size)
{
    Tegra186HspState *s = opaque;
    uint32_t v = value;

    trace_tegra186_hsp_write(a, v);
    if (a >= TEGRA186_HSP_DB_BASE &&
        a < TEGRA186_HSP_DB_BASE + TEGRA186_HSP_NUM_DB *
            TEGRA186_HSP_DB_STRIDE) {
        tegra186_hsp_db_write(s, (a - TEGRA186_HSP_DB_BASE) /
                              TEGRA186_HSP_DB_STRIDE,
                              a % TEGRA186_HSP_DB_STRIDE, v);
        return;
    }
    if (a >= TEGRA186_HSP_SM_BASE && a < TEGRA186_HSP_DB_BASE &&
        (a - TEGRA186_HSP_SM_BASE) % TEGRA186_HSP_SM_STRIDE ==
            A_HSP_SM_SHRD_MBOX) {
        tegra186_hsp_sm_write(s, (a - TEGRA186_HSP_SM_BASE) /
                              TEGRA186_HSP_SM_STRIDE, v, "the CCPLEX");
        return;
    }
    switch (a) {
    case A_HSP_INT_IE0:
        if (v & ~(MAKE_64BIT_MASK(0, TEGRA186_HSP_NUM_SM) |
                  MAKE_64BIT_MASK(8, TEGRA186_HSP_NUM_SM))) {
            qemu_log_mask(LOG_GUEST_ERROR, "tegra186-hsp: HSP_INT_IE0 0x%08"
                          PRIx32 " enables mailboxes past the %d there "
                          "are\n", v, TEGRA186_HSP_NUM_SM);
        }
        s->int_ie[0] = v;
        tegra186_hsp_update_irq(s);
        break;
    case A_HSP_INT_IV:
    case A_HSP_INT_IR:
    case A_HSP_INT_DIMENSIONING:
        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-hsp: write of 0x%08" PRIx32
                      " to read-only register 0x%03" HWADDR_PRIx "\n", v, a);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "tegra186-hsp: write of 0x%08" PRIx32
                      " to unknown register 0x%05" HWADDR_PRIx "\n", v, a);
        break;
    }
}

static const MemoryRegionOps tegra186_hsp_ops = {
    .read = tegra186_hsp_read,
    .write = tegra186_hsp_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

/* smN-remote: the mailbox as the processor at its other end sees it. */
static void tegra186_hsp_get_sm(Object *obj, Visitor *v, const char *name,
                                void *opaque, Error **errp)
{
    uint32_t *sm = opaque;

    visit_type_uint32(v, name, sm, errp);
}

static void tegra186_hsp_set_sm(Object *obj, Visitor *v, const char *name,
                                void *opaque, Error **errp)
{
    Tegra186HspState *s = TEGRA186_HSP(obj);
    uint32_t *sm = opaque, val;

    if (!visit_type_uint32(v, name, &val, errp)) {
        return;
    }
    tegra186_hsp_sm_write(s, sm - s->sm, val, "the remote processor");
}

static void tegra186_hsp_reset_enter(Object *obj, ResetType type)
{
    Tegra186HspState *s = TEGRA186_HSP(obj);

    memset(s->int_ie, 0, sizeof(s->int_ie));
    memset(s->sm, 0, sizeof(s->sm));
    memset(s->db, 0, sizeof(s->db));
    /* The BPMP's boot firmware lets the CCPLEX ring it. */
    s->db[TEGRA186_HSP_DB_BPMP].enable = BIT(TEGRA186_HSP_MASTER_CCPLEX);
}

static void tegra186_hsp_reset_exit(Object *obj, ResetType type)
{
    tegra186_hsp_update_irq(TEGRA186_HSP(obj));
}

static void tegra186_hsp_init(Object *obj)
{
    Tegra186HspState *s = TEGRA186_HSP(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &tegra186_hsp_ops, s,
                          TYPE_TEGRA186_HSP, TEGRA186_HSP_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->db_irq);
    sysbus_init_irq(sbd, &s->shared_irq);
    for (int n = 0; n < TEGRA186_HSP_NUM_SM; n++) {
        g_autofree char *name = g_strdup_printf("sm%d-remote", n);

        object_property_add(obj, name, "uint32", tegra186_hsp_get_sm,
                            tegra186_hsp_set_sm, NULL, &s->sm[n]);
    }
}

static void tegra186_hsp_add_fdt_node(DeviceState *dev,
                                      PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "nvidia,tegra186-hsp" };
    g_autofree char *path = presilicon_fdt_add_mmio_node(ctx, "hsp", compat,
                                                         1);
    const char *names[] = { "doorbell", "shared0" };

    qemu_fdt_setprop_string_array(ctx->fdt, path, "interrupt-names",
                                  (char **)names, ARRAY_SIZE(names));
    qemu_fdt_setprop_cell(ctx->fdt, path, "#mbox-cells", 2);
}

static const VMStateDescription vmstate_tegra186_hsp_db = {
    .name = "tegra186-hsp/doorbell",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(enable, Tegra186HspDoorbell),
        VMSTATE_UINT32(raw, Tegra186HspDoorbell),
        VMSTATE_UINT32(pending, Tegra186HspDoorbell),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_tegra186_hsp = {
    .name = TYPE_TEGRA186_HSP,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(int_ie, Tegra186HspState, TEGRA186_HSP_NUM_SI),
        VMSTATE_UINT32_ARRAY(sm, Tegra186HspState, TEGRA186_HSP_NUM_SM),
        VMSTATE_STRUCT_ARRAY(db, Tegra186HspState, TEGRA186_HSP_NUM_DB, 1,
                             vmstate_tegra186_hsp_db, Tegra186HspDoorbell),
        VMSTATE_END_OF_LIST()
    },
};

static void tegra186_hsp_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "NVIDIA Tegra186 HSP (doorbells, shared mailboxes)";
    dc->vmsd = &vmstate_tegra186_hsp;
    dc->user_creatable = true;
    rc->phases.enter = tegra186_hsp_reset_enter;
    rc->phases.exit = tegra186_hsp_reset_exit;
    fc->add_node = tegra186_hsp_add_fdt_node;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo tegra186_hsp_types[] = {
    {
        .name = TYPE_TEGRA186_HSP,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Tegra186HspState),
        .instance_init = tegra186_hsp_init,
        .class_init = tegra186_hsp_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(tegra186_hsp_types)
