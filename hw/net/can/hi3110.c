/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Holt HI-3110 CAN controller on SPI (holt,hi3110), as the Linux 6.12
 * hi311x driver programs it: master reset, the mode, TX enable, bit
 * timing and interrupt-enable registers, an 8-message RX FIFO read with
 * READ_FIFO_WOTIME, an 8-message TX FIFO written with WRITE_FIFO, the
 * interrupt, status and error flags, TEC and REC. Its node is on the
 * board's CAN bus (presilicon_can.h), which carries the frames in
 * virtual time at the bitrate BTR0/BTR1 give.
 *
 * Not modelled: acceptance filters, timestamps, the wake-up interrupt,
 * one-shot transmission, the F0MESS/F1MESS/RXTMP flags (no filters or
 * timestamps), the vdd/xceiver supplies.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/core/presilicon-fdt.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/net/can/hi3110.h"
#include "../trace.h"

#define HI3110_FDT_IRQ_LEVEL_HIGH 4
#define HI3110_MAX_SPI_HZ       20000000

static void hi3110_update_irq(Hi3110State *s)
{
    bool level = s->intf & s->inte;

    trace_hi3110_irq(s->intf, s->inte, level);
    qemu_set_irq(s->irq, level);
}

static uint8_t hi3110_mode(Hi3110State *s)
{
    return FIELD_EX8(s->ctrl0, CTRL0, MODE);
}

static uint8_t hi3110_statf(Hi3110State *s)
{
    PsCanState st = ps_can_node_state(&s->node);
    uint8_t v = 0;

    v = FIELD_DP8(v, STATF, TXMTY, s->tx_count == 0);
    v = FIELD_DP8(v, STATF, RXFMTY, s->rx_count == 0);
    v = FIELD_DP8(v, STATF, ERRW, st >= PS_CAN_STATE_WARNING);
    v = FIELD_DP8(v, STATF, ERRP, st >= PS_CAN_STATE_PASSIVE);
    v = FIELD_DP8(v, STATF, BUSOFF, st == PS_CAN_STATE_BUS_OFF);
    return v;
}

static uint8_t hi3110_err(Hi3110State *s)
{
    uint8_t v = s->err & HI3110_ERR_PROTOCOL;

    v = FIELD_DP8(v, ERR, BUSOFF, s->node.bus_off);
    v = FIELD_DP8(v, ERR, TXERRP, s->node.tec >= 128);
    v = FIELD_DP8(v, ERR, RXERRP, s->node.rec >= 128);
    return v;
}

/* The CAN clock is half the oscillator; a bit is SYNC + TSEG1 + TSEG2. */
static void hi3110_update_bitrate(Hi3110State *s)
{
    uint32_t brp = FIELD_EX8(s->btr0, BTR0, BRP) + 1;
    uint32_t tq = 1 + FIELD_EX8(s->btr1, BTR1, TSEG1) + 1 +
                  FIELD_EX8(s->btr1, BTR1, TSEG2) + 1;

    s->node.bitrate = ps_can_bitrate(s->clock_hz / 2, brp, tq);
}

static void hi3110_decode_tx(const uint8_t *m, qemu_can_frame *f)
{
    memset(f, 0, sizeof(*f));
    if (m[2] & HI3110_ID2_IDE) {
        f->can_id = QEMU_CAN_EFF_FLAG | m[1] << 21 | ((m[2] >> 5) & 7) << 18 |
                    (m[2] & 7) << 15 | m[3] << 7 | m[4] >> 1;
        if (m[4] & HI3110_ID4_RTR) {
            f->can_id |= QEMU_CAN_RTR_FLAG;
        }
        f->can_dlc = MIN(m[5] & 0xf, 8);
        memcpy(f->data, m + 6, 8);
    } else {
        f->can_id = m[1] << 3 | m[2] >> 5;
        if (m[2] & HI3110_ID2_SRR_RTR) {
            f->can_id |= QEMU_CAN_RTR_FLAG;
        }
        f->can_dlc = MIN(m[3] & 0xf, 8);
        memcpy(f->data, m + 4, 8);
    }
    if (f->can_id & QEMU_CAN_RTR_FLAG) {
        memset(f->data, 0, sizeof(f->data));
    }
}

static void hi3110_kick_tx(Hi3110State *s)
{
    uint8_t mode = hi3110_mode(s);
    qemu_can_frame f;

    if (s->tx_busy || !s->tx_count || !FIELD_EX8(s->ctrl1, CTRL1, TXEN) ||
        (mode != HI3110_MODE_NORMAL && mode != HI3110_MODE_LOOPBACK)) {
        return;
    }
    hi3110_decode_tx(s->tx[s->tx_head], &f);
    s->tx_busy = ps_can_node_transmit(&s->node, &f);
}

/* The frame at the head of the TX FIFO was acknowledged. */
static void hi3110_tx_done(void *opaque)
{
    Hi3110State *s = opaque;

    s->tx_busy = false;
    s->tx_head = (s->tx_head + 1) % HI3110_FIFO_DEPTH;
    s->tx_count--;
    s->intf = FIELD_DP8(s->intf, INTF, TXCPLT, 1);
    hi3110_kick_tx(s);
    hi3110_update_irq(s);
}

static void hi3110_receive(void *opaque, const qemu_can_frame *f)
{
    Hi3110State *s = opaque;
    uint8_t *m;
    uint32_t id;
    bool rtr = f->can_id & QEMU_CAN_RTR_FLAG;

    if (s->rx_count == HI3110_FIFO_DEPTH) {
        /* A full FIFO keeps what it has: the frame is lost. */
        s->rx_overruns++;
        trace_hi3110_rx_overrun(s->rx_overruns);
        return;
    }
    m = s->rx[(s->rx_head + s->rx_count) % HI3110_FIFO_DEPTH];
    memset(m, 0, HI3110_RX_LEN);
    if (f->can_id & QEMU_CAN_EFF_FLAG) {
        id = f->can_id & QEMU_CAN_EFF_MASK;
        m[0] = HI3110_RX_TAG_IDE;
        m[1] = id >> 21;
        m[2] = ((id >> 18) & 7) << 5 | HI3110_ID2_SRR_RTR | HI3110_ID2_IDE |
               ((id >> 15) & 7);
        m[3] = id >> 7;
        m[4] = (id << 1) | rtr;
    } else {
        id = f->can_id & QEMU_CAN_SFF_MASK;
        m[1] = id >> 3;
        m[2] = (id & 7) << 5 | (rtr ? HI3110_ID2_SRR_RTR : 0);
        /* hi311x takes RTR from ID4 for both formats. */
        m[4] = rtr;
    }
    m[5] = f->can_dlc;
    if (!rtr) {
        memcpy(m + 6, f->data, MIN(f->can_dlc, 8));
    }
    s->rx_count++;
    s->intf = FIELD_DP8(s->intf, INTF, RXFIFO, 1);
    hi3110_update_irq(s);
}

static void hi3110_error(void *opaque, PsCanError err)
{
    Hi3110State *s = opaque;

    switch (err) {
    case PS_CAN_ERR_ACK:
        s->err = FIELD_DP8(s->err, ERR, ACKERR, 1);
        break;
    case PS_CAN_ERR_BIT:
    case PS_CAN_ERR_INJECTED:
        s->err = FIELD_DP8(s->err, ERR, BITERR, 1);
        break;
    case PS_CAN_ERR_FORM:
        s->err = FIELD_DP8(s->err, ERR, FRMERR, 1);
        break;
    case PS_CAN_ERR_NONE:
        break;
    }
    if (s->node.bus_off) {
        /* Off the bus: the controller drops what it had to send. */
        s->tx_busy = false;
        s->tx_count = 0;
    }
    s->intf = FIELD_DP8(s->intf, INTF, BUSERR, 1);
    hi3110_update_irq(s);
}

static const PsCanNodeOps hi3110_can_ops = {
    .receive = hi3110_receive,
    .tx_done = hi3110_tx_done,
    .error = hi3110_error,
};

static void hi3110_set_mode(Hi3110State *s, uint8_t val)
{
    static const uint32_t node_mode[] = {
        [HI3110_MODE_NORMAL] = PS_CAN_MODE_NORMAL,
        [HI3110_MODE_LOOPBACK] = PS_CAN_MODE_LOOPBACK,
        [HI3110_MODE_MONITOR] = PS_CAN_MODE_LISTEN,
        [HI3110_MODE_SLEEP] = PS_CAN_MODE_OFF,
        [HI3110_MODE_INIT] = PS_CAN_MODE_OFF,
    };
    uint8_t mode = FIELD_EX8(val, CTRL0, MODE);

    if (mode > HI3110_MODE_INIT) {
        qemu_log_mask(LOG_GUEST_ERROR, "hi3110: CTRL0 mode %u is reserved "
                      "(0 normal, 1 loopback, 2 monitor, 3 sleep, 4 init): "
                      "write ignored\n", mode);
        return;
    }
    if (mode != hi3110_mode(s)) {
        s->intf = FIELD_DP8(s->intf, INTF, MCHG, 1);
    }
    s->ctrl0 = val;
    s->node.mode = node_mode[mode];
    if (s->tx_busy && s->node.mode != PS_CAN_MODE_NORMAL &&
        s->node.mode != PS_CAN_MODE_LOOPBACK) {
        /* The frame on the bus is abandoned; it stays first in the FIFO. */
        ps_can_node_abort(&s->node);
        s->tx_busy = false;
    }
    trace_hi3110_mode(mode, s->node.bitrate);
    hi3110_kick_tx(s);
}

static void hi3110_write_reg(Hi3110State *s, uint8_t cmd, uint8_t val)
{
    trace_hi3110_write(cmd, val);
    switch (cmd) {
    case HI3110_CMD_WRITE_CTRL0:
        hi3110_set_mode(s, val);
        break;
    case HI3110_CMD_WRITE_CTRL1:
        s->ctrl1 = val;
        hi3110_kick_tx(s);
        break;
    case HI3110_CMD_WRITE_BTR0:
    case HI3110_CMD_WRITE_BTR1:
        if (hi3110_mode(s) != HI3110_MODE_INIT) {
            qemu_log_mask(LOG_GUEST_ERROR, "hi3110: BTR%d written outside "
                          "init mode (CTRL0 mode %u): bit timing is only "
                          "writable in init mode; ignored\n",
                          cmd == HI3110_CMD_WRITE_BTR1, hi3110_mode(s));
            break;
        }
        if (cmd == HI3110_CMD_WRITE_BTR0) {
            s->btr0 = val;
        } else {
            s->btr1 = val;
        }
        hi3110_update_bitrate(s);
        break;
    case HI3110_CMD_WRITE_INTE:
        s->inte = val;
        break;
    }
    hi3110_update_irq(s);
}

static uint8_t hi3110_read_reg(Hi3110State *s, uint8_t cmd)
{
    uint8_t v = 0;

    switch (cmd) {
    case A_CTRL0:
        v = s->ctrl0;
        break;
    case A_CTRL1:
        v = s->ctrl1;
        break;
    case A_BTR0:
        v = s->btr0;
        break;
    case A_BTR1:
        v = s->btr1;
        break;
    case A_MESSTAT:
        v = FIELD_DP8(0, MESSTAT, RXCOUNT, s->rx_count);
        break;
    case A_ERR:
        v = hi3110_err(s);
        s->err &= ~HI3110_ERR_PROTOCOL;
        break;
    case A_INTF:
        v = s->intf;
        s->intf = 0;
        hi3110_update_irq(s);
        break;
    case A_INTE:
        v = s->inte;
        break;
    case A_STATF:
        v = hi3110_statf(s);
        break;
    case A_REC:
        v = MIN(s->node.rec, 255);
        break;
    case A_TEC:
        v = MIN(s->node.tec, 255);
        break;
    }
    trace_hi3110_read(cmd, v);
    return v;
}

static bool hi3110_is_read(uint8_t cmd)
{
    switch (cmd) {
    case A_CTRL0: case A_CTRL1: case A_BTR0: case A_BTR1: case A_MESSTAT:
    case A_ERR: case A_INTF: case A_INTE: case A_STATF: case A_REC: case A_TEC:
        return true;
    }
    return false;
}

static bool hi3110_is_write(uint8_t cmd)
{
    switch (cmd) {
    case HI3110_CMD_WRITE_CTRL0: case HI3110_CMD_WRITE_CTRL1:
    case HI3110_CMD_WRITE_BTR0: case HI3110_CMD_WRITE_BTR1:
    case HI3110_CMD_WRITE_INTE:
        return true;
    }
    return false;
}

static void hi3110_chip_reset(Hi3110State *s)
{
    ps_can_node_reset(&s->node);
    s->node.mode = PS_CAN_MODE_OFF;
    s->ctrl0 = FIELD_DP8(0, CTRL0, MODE, HI3110_MODE_INIT);
    s->ctrl1 = 0;
    s->btr0 = 0;
    s->btr1 = 0;
    s->inte = 0;
    s->intf = 0;
    /* The protocol error flags survive a reset (hi311x reads ERR after). */
    s->err &= HI3110_ERR_PROTOCOL;
    s->rx_head = s->rx_count = 0;
    s->tx_head = s->tx_count = 0;
    s->tx_busy = false;
    hi3110_update_bitrate(s);
}

static uint32_t hi3110_transfer(SSIPeripheral *ss, uint32_t val)
{
    Hi3110State *s = HI3110(ss);
    uint8_t out = 0;
    unsigned bits = ssi_word_bits(ss);

    if (bits && bits != 8) {
        qemu_log_mask(LOG_GUEST_ERROR, "hi3110: a %u-bit SPI word: the chip "
                      "takes 8-bit words; ignored\n", bits);
        return 0;
    }
    val &= 0xff;
    if (!s->cmd_done) {
        s->cmd = val;
        s->cmd_done = true;
        s->pos = 0;
        trace_hi3110_cmd(val);
        if (val == HI3110_CMD_MASTER_RESET) {
            hi3110_chip_reset(s);
            hi3110_update_irq(s);
        } else if (val == HI3110_CMD_READ_FIFO_WOTIME && !s->rx_count) {
            qemu_log_mask(LOG_GUEST_ERROR, "hi3110: READ_FIFO_WOTIME with "
                          "the RX FIFO empty (STATF.RXFMTY): reads 0\n");
        } else if (val != HI3110_CMD_READ_FIFO_WOTIME &&
                   val != HI3110_CMD_WRITE_FIFO && !hi3110_is_read(val) &&
                   !hi3110_is_write(val)) {
            qemu_log_mask(LOG_GUEST_ERROR, "hi3110: command 0x%02x is not "
                          "one the model knows; the transfer is ignored\n",
                          val);
        }
        return 0;
    }
    if (hi3110_is_read(s->cmd)) {
        if (s->pos == 0) {
            out = hi3110_read_reg(s, s->cmd);
        }
    } else if (hi3110_is_write(s->cmd)) {
        if (s->pos == 0) {
            hi3110_write_reg(s, s->cmd, val);
        } else if (s->pos == 1) {
            qemu_log_mask(LOG_GUEST_ERROR, "hi3110: command 0x%02x takes one "
                          "data byte; the rest of the transfer is ignored\n",
                          s->cmd);
        }
    } else if (s->cmd == HI3110_CMD_READ_FIFO_WOTIME) {
        if (s->rx_count && s->pos < HI3110_RX_LEN) {
            out = s->rx[s->rx_head][s->pos];
        }
    } else if (s->cmd == HI3110_CMD_WRITE_FIFO) {
        if (s->pos < sizeof(s->buf)) {
            s->buf[s->pos] = val;
        } else if (s->pos == sizeof(s->buf)) {
            qemu_log_mask(LOG_GUEST_ERROR, "hi3110: WRITE_FIFO longer than a "
                          "message (%zu bytes); the rest is ignored\n",
                          sizeof(s->buf));
        }
    }
    if (s->pos < UINT8_MAX) {
        s->pos++;
    }
    return out;
}

/* Chip select went high: a FIFO command takes effect now. */
static void hi3110_end_transfer(Hi3110State *s)
{
    uint8_t need, dlc;

    if (!s->cmd_done) {
        return;
    }
    s->cmd_done = false;
    if (s->cmd == HI3110_CMD_READ_FIFO_WOTIME && s->rx_count && s->pos) {
        s->rx_head = (s->rx_head + 1) % HI3110_FIFO_DEPTH;
        s->rx_count--;
        if (s->rx_count) {
            s->intf = FIELD_DP8(s->intf, INTF, RXFIFO, 1);
        }
        hi3110_update_irq(s);
    } else if (s->cmd == HI3110_CMD_WRITE_FIFO) {
        bool ext = s->pos > 2 && (s->buf[2] & HI3110_ID2_IDE);
        uint8_t hdr = ext ? 6 : 4;
        bool rtr;

        if (s->pos < hdr) {
            qemu_log_mask(LOG_GUEST_ERROR, "hi3110: WRITE_FIFO cut after %u "
                          "bytes, before the DLC: message dropped\n", s->pos);
            return;
        }
        dlc = s->buf[hdr - 1] & 0xf;
        rtr = ext ? (s->buf[4] & HI3110_ID4_RTR)
                  : (s->buf[2] & HI3110_ID2_SRR_RTR);
        if (dlc > 8) {
            qemu_log_mask(LOG_GUEST_ERROR, "hi3110: WRITE_FIFO with DLC %u: a "
                          "classic CAN frame carries 8 bytes at most; sent "
                          "with 8\n", dlc);
        }
        need = hdr + (rtr ? 0 : MIN(dlc, 8));
        if (s->pos < need) {
            qemu_log_mask(LOG_GUEST_ERROR, "hi3110: WRITE_FIFO cut after %u "
                          "of %u bytes: message dropped\n", s->pos, need);
            return;
        }
        if (s->tx_count == HI3110_FIFO_DEPTH) {
            qemu_log_mask(LOG_GUEST_ERROR, "hi3110: WRITE_FIFO with the TX "
                          "FIFO full (%d messages; STATF.TXMTY is clear): "
                          "message dropped\n", HI3110_FIFO_DEPTH);
            return;
        }
        memset(s->tx[(s->tx_head + s->tx_count) % HI3110_FIFO_DEPTH], 0,
               HI3110_TX_EXT_LEN);
        memcpy(s->tx[(s->tx_head + s->tx_count) % HI3110_FIFO_DEPTH], s->buf,
               MIN(s->pos, HI3110_TX_EXT_LEN));
        s->tx_count++;
        trace_hi3110_tx_queued(s->tx_count);
        hi3110_kick_tx(s);
    } else if (hi3110_is_write(s->cmd) && s->pos == 0) {
        qemu_log_mask(LOG_GUEST_ERROR, "hi3110: write command 0x%02x without "
                      "its data byte: ignored\n", s->cmd);
    }
}

static int hi3110_set_cs(SSIPeripheral *ss, bool level)
{
    Hi3110State *s = HI3110(ss);

    /* Active low: high ends the transfer, low starts the next. */
    if (level) {
        hi3110_end_transfer(s);
    }
    s->cmd_done = false;
    return 0;
}

static void hi3110_realize(SSIPeripheral *ss, Error **errp)
{
    Hi3110State *s = HI3110(ss);
    DeviceState *dev = DEVICE(ss);
    Error *err = NULL;
    const char *name;

    if (!s->clock_hz || s->clock_hz > HI3110_MAX_CLOCK_HZ) {
        error_setg(errp, "hi3110: clock-hz must be 1 to %u (hi311x refuses "
                   "a faster oscillator), not %u", HI3110_MAX_CLOCK_HZ,
                   s->clock_hz);
        return;
    }
    if (!s->max_hz || s->max_hz > HI3110_MAX_SPI_HZ) {
        error_setg(errp, "hi3110: max-hz must be 1 to %u, not %u",
                   HI3110_MAX_SPI_HZ, s->max_hz);
        return;
    }
    if (!s->canbus) {
        s->canbus = ps_can_board_bus();
    }
    name = dev->id ? dev->id : object_get_canonical_path_component(OBJECT(dev));
    ps_can_node_init(&s->node, s->canbus, name ?: TYPE_HI3110,
                     &hi3110_can_ops, s, &err);
    if (err) {
        error_propagate(errp, err);
    }
}

static void hi3110_init(Object *obj)
{
    Hi3110State *s = HI3110(obj);

    qdev_init_gpio_out_named(DEVICE(obj), &s->irq, HI3110_IRQ_OUT, 1);
    ps_can_node_add_properties(obj, &s->node);
    object_property_add_uint32_ptr(obj, "rx-overruns", &s->rx_overruns,
                                   OBJ_PROP_FLAG_READ);
}

static void hi3110_reset_enter(Object *obj, ResetType type)
{
    Hi3110State *s = HI3110(obj);

    s->err = 0;
    hi3110_chip_reset(s);
    s->cmd_done = false;
    s->cmd = 0;
    s->pos = 0;
    s->rx_overruns = 0;
    s->node.tx_frames = s->node.rx_frames = s->node.errors = 0;
}

static void hi3110_reset_hold(Object *obj, ResetType type)
{
    hi3110_update_irq(HI3110(obj));
}

/*
 * Documentation/devicetree/bindings/net/can/holt_hi311x.txt: the chip
 * select, the oscillator (a fixed clock), the interrupt on a GPIO line,
 * level high as hi311x requests it.
 */
static void hi3110_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    Hi3110State *s = HI3110(dev);
    static const char *const compat[] = { "holt,hi3110" };
    g_autofree char *clk_name = g_strdup_printf("hi3110-osc-%u", s->clock_hz);
    uint32_t clk = presilicon_fdt_fixed_clock(ctx, clk_name, s->clock_hz);
    g_autofree char *path = presilicon_fdt_add_spi_node(ctx, "can", compat, 1,
                                                        s->max_hz);

    qemu_fdt_setprop_cell(ctx->fdt, path, "clocks", clk);
    if (ctx->gpio_phandle) {
        qemu_fdt_setprop_cells(ctx->fdt, path, "interrupts-extended",
                               ctx->gpio_phandle, ctx->gpio_line,
                               HI3110_FDT_IRQ_LEVEL_HIGH);
    }
}

static int hi3110_post_load(void *opaque, int version_id)
{
    Hi3110State *s = opaque;

    if (s->rx_head >= HI3110_FIFO_DEPTH || s->rx_count > HI3110_FIFO_DEPTH ||
        s->tx_head >= HI3110_FIFO_DEPTH || s->tx_count > HI3110_FIFO_DEPTH ||
        (s->tx_busy && !s->tx_count) ||
        FIELD_EX8(s->ctrl0, CTRL0, MODE) > HI3110_MODE_INIT) {
        return -EINVAL;
    }
    hi3110_update_bitrate(s);
    hi3110_update_irq(s);
    return 0;
}

static const VMStateDescription vmstate_hi3110 = {
    .name = TYPE_HI3110,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = hi3110_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_SSI_PERIPHERAL(parent_obj, Hi3110State),
        VMSTATE_PS_CAN_NODE(node, Hi3110State),
        VMSTATE_UINT8(ctrl0, Hi3110State),
        VMSTATE_UINT8(ctrl1, Hi3110State),
        VMSTATE_UINT8(btr0, Hi3110State),
        VMSTATE_UINT8(btr1, Hi3110State),
        VMSTATE_UINT8(inte, Hi3110State),
        VMSTATE_UINT8(intf, Hi3110State),
        VMSTATE_UINT8(err, Hi3110State),
        VMSTATE_UINT8_2DARRAY(rx, Hi3110State, HI3110_FIFO_DEPTH,
                              HI3110_RX_LEN),
        VMSTATE_UINT8(rx_head, Hi3110State),
        VMSTATE_UINT8(rx_count, Hi3110State),
        VMSTATE_UINT8_2DARRAY(tx, Hi3110State, HI3110_FIFO_DEPTH,
                              HI3110_TX_EXT_LEN),
        VMSTATE_UINT8(tx_head, Hi3110State),
        VMSTATE_UINT8(tx_count, Hi3110State),
        VMSTATE_BOOL(tx_busy, Hi3110State),
        VMSTATE_UINT32(rx_overruns, Hi3110State),
        VMSTATE_UINT8(cmd, Hi3110State),
        VMSTATE_UINT8(pos, Hi3110State),
        VMSTATE_BOOL(cmd_done, Hi3110State),
        VMSTATE_UINT8_ARRAY(buf, Hi3110State, HI3110_TX_EXT_LEN),
        VMSTATE_END_OF_LIST()
    },
};

static const Property hi3110_properties[] = {
    DEFINE_PROP_UINT32("clock-hz", Hi3110State, clock_hz,
                       HI3110_DEFAULT_CLOCK_HZ),
    DEFINE_PROP_UINT32("max-hz", Hi3110State, max_hz, 10000000),
    DEFINE_PROP_LINK("canbus", Hi3110State, canbus, TYPE_CAN_BUS,
                     CanBusState *),
};

static void hi3110_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    SSIPeripheralClass *k = SSI_PERIPHERAL_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "Holt HI-3110 CAN controller on SPI";
    dc->vmsd = &vmstate_hi3110;
    dc->user_creatable = true;
    device_class_set_props(dc, hi3110_properties);
    k->realize = hi3110_realize;
    k->transfer = hi3110_transfer;
    k->set_cs = hi3110_set_cs;
    k->cs_polarity = SSI_CS_LOW;
    rc->phases.enter = hi3110_reset_enter;
    rc->phases.hold = hi3110_reset_hold;
    fc->add_node = hi3110_add_fdt_node;
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
}

static const TypeInfo hi3110_types[] = {
    {
        .name = TYPE_HI3110,
        .parent = TYPE_SSI_PERIPHERAL,
        .instance_size = sizeof(Hi3110State),
        .instance_init = hi3110_init,
        .class_init = hi3110_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(hi3110_types)
