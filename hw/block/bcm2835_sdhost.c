/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Broadcom BCM2835 SDHOST: the Raspberry Pi's custom SD card controller,
 * as the Linux bcm2835 mmc driver programs it.
 *
 * A command starts when SDCMD is written with NEW; it runs at once on the
 * card on our SD bus (QEMU's sd-card), NEW reads 0 again and FAIL plus
 * SDHSTS.CMD_TIME_OUT report a command the card did not answer. A
 * BUSYWAIT (R1b) command latches SDHSTS.BUSY_IRPT when it completes.
 *
 * A command with READ or WRITE starts a data phase of SDHBCT * SDHBLC
 * bytes. Reads move card data into the 16-word FIFO whenever it has room,
 * but a block's data only after the previous block's time on the card
 * bus (SDCDIV's clock, 4 or 1 lines). Writes to SDDATA go to the card as
 * they arrive until a block is complete; its CRC status (and BLOCK_IRPT)
 * comes back after the block's time on the bus, and words written
 * meanwhile wait in the FIFO. SDEDM reports the state machine (READWAIT
 * while read data wait for the host, READDATA; WRITESTART1 waiting for a
 * block's first word, WRITEDATA, WRITECRC; DATAMODE after) and the FIFO
 * level.
 * SDHSTS.DATA_FLAG is live: it is 1 while the FIFO wants service (reads:
 * at least the read threshold, or the last words of a block or of the
 * phase; writes: room for the write threshold), and from a data error
 * until the driver writes 1 to it, so the driver never sees a data
 * interrupt without work, nor one that does not go away.
 * SDHSTS.BLOCK_IRPT latches at each block boundary and when a data phase
 * ends in error. The interrupt line is (BUSY_IRPT & BUSY_IRPT_EN) |
 * (BLOCK_IRPT & BLOCK_IRPT_EN) | (DATA_FLAG & DATA_IRPT_EN).
 *
 * The card is never waited for: a card that has no data for a read
 * (removed, or in the wrong state), or takes none at the start of a
 * write, ends the phase at once with SDHSTS.REW_TIME_OUT. A card that
 * stops taking data mid-write (one block behind CMD24) has the rest of
 * its block clocked out and dropped: REW_TIME_OUT when its CRC status
 * should have come.
 *
 * Not modelled: the DMA request (DREQ) to a BCM2835 DMA controller (the
 * board has none, so the driver uses PIO), the SD clock rate within a
 * block and for commands, the timeout counter (SDTOUT is kept and read
 * back), CRC errors, SDIO interrupts.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "migration/vmstate.h"
#include "system/device_tree.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/block/bcm2835_sdhost.h"
#include "trace.h"

/* The Pi's core clock, which the driver divides down for the card. */
#define BCM2835_SDHOST_CLK_HZ 250000000
#define SD_STOP_TRANSMISSION 12

#define HSTS_IRQ_BITS (R_SDHSTS_BUSY_IRPT_MASK | R_SDHSTS_BLOCK_IRPT_MASK | \
                       R_SDHSTS_SDIO_IRPT_MASK)

/*
 * The FIFO wants service: DATA_FLAG's live part, and the DREQ to a DMA
 * channel (TI.PERMAP 13 on the SoC). A read's last words below the
 * threshold raise it once the card has sent everything; the driver reads
 * the final words of a multi-block read by PIO anyway, as the SoC's DREQ
 * does not cover them.
 */
static bool sdhost_fifo_wants(Bcm2835SdhostState *s)
{
    unsigned thr;

    if (s->data_read) {
        thr = MAX(FIELD_EX32(s->edm, SDEDM, READ_THRESHOLD), 1);
        return s->fifo_len >= thr ||
               (s->fifo_len &&
                (!s->data_active || !s->datacnt || s->block_wait));
    }
    if (s->data_active) {
        thr = MAX(FIELD_EX32(s->edm, SDEDM, WRITE_THRESHOLD), 1);
        return BCM2835_SDHOST_FIFO_WORDS - s->fifo_len >= thr;
    }
    return false;
}

static bool sdhost_data_flag(Bcm2835SdhostState *s)
{
    /* A data error not yet acknowledged (SDHSTS.DATA_FLAG written 1). */
    return FIELD_EX32(s->hsts, SDHSTS, DATA_FLAG) || sdhost_fifo_wants(s);
}

static uint32_t sdhost_hsts(Bcm2835SdhostState *s)
{
    return FIELD_DP32(s->hsts, SDHSTS, DATA_FLAG, sdhost_data_flag(s));
}

static uint32_t sdhost_fsm(Bcm2835SdhostState *s)
{
    if (!FIELD_EX32(s->vdd, SDVDD, POWER_ON)) {
        return SDEDM_FSM_POWERDOWN;
    }
    /* A read waiting on the host: FIFO full, or the card's part done. */
    if (s->data_read && s->fifo_len &&
        (s->fifo_len == BCM2835_SDHOST_FIFO_WORDS || !s->datacnt)) {
        return SDEDM_FSM_READWAIT;
    }
    if (s->data_active && !s->data_read && s->block_wait) {
        return SDEDM_FSM_WRITECRC;
    }
    if (s->data_active && !s->data_read && !s->blk_bytes) {
        return SDEDM_FSM_WRITESTART1;
    }
    if (s->data_active || (s->data_read && s->fifo_len)) {
        return s->data_read ? SDEDM_FSM_READDATA : SDEDM_FSM_WRITEDATA;
    }
    return s->data_mode ? SDEDM_FSM_DATAMODE : SDEDM_FSM_IDENTMODE;
}

static uint32_t sdhost_edm(Bcm2835SdhostState *s)
{
    uint32_t edm = s->edm & BCM2835_SDHOST_EDM_RW_MASK;

    edm = FIELD_DP32(edm, SDEDM, FSM, sdhost_fsm(s));
    return FIELD_DP32(edm, SDEDM, FIFO_COUNT, s->fifo_len);
}

/* The one place the interrupt and DREQ lines are computed. */
static void sdhost_update_irq(Bcm2835SdhostState *s)
{
    bool level =
        (FIELD_EX32(s->hsts, SDHSTS, BUSY_IRPT) &&
         FIELD_EX32(s->hcfg, SDHCFG, BUSY_IRPT_EN)) ||
        (FIELD_EX32(s->hsts, SDHSTS, BLOCK_IRPT) &&
         FIELD_EX32(s->hcfg, SDHCFG, BLOCK_IRPT_EN)) ||
        (FIELD_EX32(s->hsts, SDHSTS, SDIO_IRPT) &&
         FIELD_EX32(s->hcfg, SDHCFG, SDIO_IRPT_EN)) ||
        (sdhost_data_flag(s) && FIELD_EX32(s->hcfg, SDHCFG, DATA_IRPT_EN));

    trace_bcm2835_sdhost_irq(sdhost_hsts(s), s->hcfg, level);
    qemu_set_irq(s->irq, level);
    qemu_set_irq(s->dreq, sdhost_fifo_wants(s));
}

/*
 * A block takes its time on the bus before the next one: a read's next
 * block comes, or a written block's CRC status returns, after
 * its data bits (4 lines, or 1), CRC, end bit and the card's access time,
 * at the SD clock (the core clock / (SDCDIV + 2)). Without this pause the
 * FIFO refilled as fast as the driver emptied it and its interrupt
 * handler, which reads a block per DATA_FLAG interrupt, ran block after
 * block with the line never low: the kernel's spurious-interrupt check
 * saw its IRQ thread never run and disabled the line.
 */
static void sdhost_wait_block(Bcm2835SdhostState *s)
{
    uint64_t bits = FIELD_EX32(s->hcfg, SDHCFG, WIDE_EXT_BUS) ? 2 : 8;
    uint64_t clocks = bits * s->hbct + 64;
    uint64_t ns = clocks * (s->cdiv + 2) * NANOSECONDS_PER_SECOND /
                  BCM2835_SDHOST_CLK_HZ;

    s->block_wait = true;
    timer_mod(s->block_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + ns);
}

static void sdhost_cancel_wait(Bcm2835SdhostState *s)
{
    s->block_wait = false;
    timer_del(s->block_timer);
}

/*
 * A data error raises DATA_FLAG until the driver writes 1 to it, as its
 * interrupt handler does first thing: the handler is woken once, and a
 * line left enabled after the request ended (a data command whose
 * command failed leaves SDHCFG.DATA_IRPT_EN set) does not stay high
 * while the error bits wait for the next command to clear them.
 */
static void sdhost_data_error(Bcm2835SdhostState *s, uint32_t bits)
{
    s->hsts |= bits;
    /*
     * The error raises the data interrupt only where the driver takes
     * one: with DMA it runs with DATA_IRPT_EN off and never acknowledges
     * DATA_FLAG, and a flag left up would interrupt its next PIO request
     * before its command (a handler spinning on an idle FIFO).
     */
    if (FIELD_EX32(s->hcfg, SDHCFG, DATA_IRPT_EN)) {
        s->hsts |= R_SDHSTS_DATA_FLAG_MASK;
    }
}

static void sdhost_latch_block(Bcm2835SdhostState *s)
{
    if (FIELD_EX32(s->hcfg, SDHCFG, BLOCK_IRPT_EN)) {
        s->hsts |= R_SDHSTS_BLOCK_IRPT_MASK;
    }
}

static void sdhost_fifo_flush(Bcm2835SdhostState *s)
{
    s->fifo_pos = 0;
    s->fifo_len = 0;
    s->data_read = false;
}

/*
 * End the data phase. The words of whole blocks left in a read's FIFO can
 * still be read. A read that fails drops the words of the block it broke
 * off, so the state machine leaves READWAIT once the whole blocks are
 * read: the driver's PIO loop, which waits in its hard IRQ handler while
 * SDEDM says a read is under way, sees the error instead of waiting for
 * the rest of a block that will not come (with the handler's CPU holding
 * the tick, its 500 ms bound never expires). The words of a write that
 * did not go out are dropped.
 */
static void sdhost_command(Bcm2835SdhostState *s);

static void sdhost_data_end(Bcm2835SdhostState *s, uint32_t error,
                            const char *why)
{
    /* A CMD12 that waited for the write's last words (sdhost_stop_waits). */
    bool stop = FIELD_EX32(s->cmd, SDCMD, NEW);

    trace_bcm2835_sdhost_data_end(s->datacnt, error, why);
    sdhost_cancel_wait(s);
    if (!s->data_read) {
        sdhost_fifo_flush(s);
    } else if (error) {
        s->fifo_len -= MIN(s->fifo_len, DIV_ROUND_UP(s->blk_bytes, 4));
        if (!s->fifo_len) {
            sdhost_fifo_flush(s);
        }
    }
    s->write_dropped = false;
    s->data_active = false;
    s->datacnt = 0;
    s->blk_bytes = 0;
    s->data_mode = true;
    if (error) {
        sdhost_data_error(s, error);
        sdhost_latch_block(s);
    }
    if (stop) {
        sdhost_command(s);
    }
}

/*
 * CMD12 written while a write's remaining words are all in the FIFO (or
 * only the last block's CRC status is due) waits, with SDCMD.NEW up,
 * until they are on the card: the host finishes the blocks it was given
 * before it stops the card. The driver sends CMD12 as soon as its DMA
 * has put the last word in the FIFO; stopping the card there would drop
 * up to a block and a FIFO of written data. A CMD12 while the driver
 * still owes words abandons the write, as before.
 */
static bool sdhost_stop_waits(Bcm2835SdhostState *s)
{
    return FIELD_EX32(s->cmd, SDCMD, CMD) == SD_STOP_TRANSMISSION &&
           s->data_active && !s->data_read &&
           s->fifo_len * 4 >= s->datacnt;
}

/*
 * End the host's data phase. With end_card, a card still waiting for
 * write data that will not come (FORCE_DATA_MODE, a new data command) has
 * its receive state ended as the data lines going idle would; a partial
 * block is not written. CMD12 and the driver's reset (SDVDD off, the
 * host's own power) leave the card alone: the driver's CMD12 ends it.
 */
static void sdhost_abort(Bcm2835SdhostState *s, const char *why,
                         bool end_card)
{
    if (end_card && s->data_active && !s->data_read &&
        sdbus_receive_ready(&s->sdbus)) {
        SDRequest stop = { .cmd = SD_STOP_TRANSMISSION };
        uint8_t rsp[16];

        sdbus_do_command(&s->sdbus, &stop, rsp);
    }
    if (s->data_active) {
        sdhost_data_end(s, 0, why);
    }
    sdhost_fifo_flush(s);
}

/*
 * Count bytes that crossed the card bus. A read's block latches
 * BLOCK_IRPT at its end; a written one when its CRC status is back.
 */
static void sdhost_count(Bcm2835SdhostState *s, uint32_t n)
{
    s->datacnt -= n;
    s->blk_bytes += n;
    if (s->blk_bytes >= s->hbct) {
        s->blk_bytes = 0;
        if (!s->data_read) {
            sdhost_wait_block(s);
        } else {
            sdhost_latch_block(s);
            if (s->datacnt) {
                sdhost_wait_block(s);
            }
        }
    }
}

static bool sdhost_card_ready(Bcm2835SdhostState *s)
{
    if (!sdbus_get_inserted(&s->sdbus)) {
        return false;
    }
    return s->data_read ? sdbus_data_ready(&s->sdbus)
                        : sdbus_receive_ready(&s->sdbus);
}

/* Read phase: move card data into the FIFO while it has room. */
static void sdhost_fifo_fill(Bcm2835SdhostState *s)
{
    while (s->data_active && s->data_read && s->datacnt && !s->block_wait &&
           s->fifo_len < BCM2835_SDHOST_FIFO_WORDS) {
        uint32_t n = MIN(s->datacnt, 4), word = 0;

        if (!sdhost_card_ready(s)) {
            sdhost_data_end(s, R_SDHSTS_REW_TIME_OUT_MASK,
                            "the card has no data");
            return;
        }
        for (int i = 0; i < n; i++) {
            word |= (uint32_t)sdbus_read_byte(&s->sdbus) << (8 * i);
        }
        s->fifo[(s->fifo_pos + s->fifo_len) % BCM2835_SDHOST_FIFO_WORDS] =
            word;
        s->fifo_len++;
        sdhost_count(s, n);
    }
    if (s->data_active && s->data_read && !s->datacnt) {
        sdhost_data_end(s, 0, "read complete");
    }
}

/*
 * A word crosses to the card. The host clocks a block out whether or not
 * the card takes it (a card that stopped after a CMD24's one block sits
 * in transfer state): the words of a block the card does not take are
 * dropped, and no CRC status comes back for it.
 */
static void sdhost_send_word(Bcm2835SdhostState *s, uint32_t word)
{
    uint32_t n = MIN(s->datacnt, 4);

    if (sdhost_card_ready(s)) {
        for (int i = 0; i < n; i++) {
            sdbus_write_byte(&s->sdbus, word >> (8 * i));
        }
    } else {
        s->write_dropped = true;
    }
    sdhost_count(s, n);
}

/* Write phase: queued words go out while no CRC status is awaited. */
static void sdhost_fifo_drain(Bcm2835SdhostState *s)
{
    while (s->data_active && !s->data_read && !s->block_wait &&
           s->fifo_len) {
        uint32_t word = s->fifo[s->fifo_pos];

        s->fifo_pos = (s->fifo_pos + 1) % BCM2835_SDHOST_FIFO_WORDS;
        s->fifo_len--;
        sdhost_send_word(s, word);
    }
}

/* A written block's time on the bus is over: its CRC status is back. */
static void sdhost_write_block_done(Bcm2835SdhostState *s)
{
    if (s->write_dropped) {
        sdhost_data_end(s, R_SDHSTS_REW_TIME_OUT_MASK,
                        "the card took no data: no CRC status");
        return;
    }
    sdhost_latch_block(s);
    if (!s->datacnt) {
        sdhost_data_end(s, 0, "write complete");
        return;
    }
    sdhost_fifo_drain(s);
}

static void sdhost_block_timer(void *opaque)
{
    Bcm2835SdhostState *s = opaque;

    s->block_wait = false;
    if (s->data_active && !s->data_read) {
        sdhost_write_block_done(s);
    } else {
        sdhost_fifo_fill(s);
    }
    sdhost_update_irq(s);
}

/*
 * SDDATA written in a write phase: the word joins the FIFO and goes out
 * at once unless a block's CRC status is awaited. SDDATA writes stay
 * legal while a dropped block is clocked out: no FIFO_ERROR for the
 * driver, which writes a whole block before it looks at SDHSTS.
 */
static void sdhost_fifo_write(Bcm2835SdhostState *s, uint32_t word)
{
    if (s->fifo_len == BCM2835_SDHOST_FIFO_WORDS ||
        s->fifo_len * 4 >= s->datacnt) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: SDDATA write with %s: "
                      "FIFO_ERROR\n", __func__,
                      s->fifo_len == BCM2835_SDHOST_FIFO_WORDS ?
                      "the FIFO full (SDEDM's level is 16)" :
                      "the data phase's bytes all written");
        sdhost_data_error(s, R_SDHSTS_FIFO_ERROR_MASK);
        return;
    }
    s->fifo[(s->fifo_pos + s->fifo_len) % BCM2835_SDHOST_FIFO_WORDS] = word;
    s->fifo_len++;
    sdhost_fifo_drain(s);
}

static void sdhost_data_start(Bcm2835SdhostState *s, bool is_read)
{
    if (s->hbct == 0 || s->hbct > BCM2835_SDHOST_MAX_BLKSZ || s->hblc == 0) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: data command with block size %u "
                      "and count %u (1..%u bytes, 1..%u blocks): "
                      "FIFO_ERROR\n", __func__, s->hbct, s->hblc,
                      BCM2835_SDHOST_MAX_BLKSZ, BCM2835_SDHOST_MAX_BLOCKS);
        sdhost_data_error(s, R_SDHSTS_FIFO_ERROR_MASK);
        s->data_mode = true;
        return;
    }
    s->data_active = true;
    s->data_read = is_read;
    s->datacnt = s->hbct * s->hblc;
    s->blk_bytes = 0;
    trace_bcm2835_sdhost_data_start(is_read, s->hbct, s->hblc);
    if (is_read) {
        sdhost_fifo_fill(s);
    } else if (!sdhost_card_ready(s)) {
        sdhost_data_end(s, R_SDHSTS_REW_TIME_OUT_MASK,
                        "the card takes no data");
    }
}

static void sdhost_command(Bcm2835SdhostState *s)
{
    SDRequest req = {
        .cmd = FIELD_EX32(s->cmd, SDCMD, CMD),
        .arg = s->arg,
    };
    bool want_rsp = !FIELD_EX32(s->cmd, SDCMD, NO_RESPONSE);
    bool long_rsp = FIELD_EX32(s->cmd, SDCMD, LONG_RESPONSE);
    bool is_read = FIELD_EX32(s->cmd, SDCMD, READ);
    bool is_write = FIELD_EX32(s->cmd, SDCMD, WRITE);
    uint8_t rsp[16];
    int rlen = 0;
    bool ok = true;

    /* Done with NEW first: a data phase ended below runs no command. */
    s->cmd = FIELD_DP32(s->cmd, SDCMD, NEW, 0);
    if (!FIELD_EX32(s->vdd, SDVDD, POWER_ON)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: CMD%u with the card powered "
                      "off (SDVDD 0)\n", __func__, req.cmd);
        ok = false;
    } else if (is_read && is_write) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: CMD%u sets both READ and WRITE\n",
                      __func__, req.cmd);
        ok = false;
    } else if (is_write && s->write_protect) {
        /* Never reaches the card, whose state stays consistent. */
        trace_bcm2835_sdhost_write_protected(req.cmd);
        ok = false;
    } else {
        if ((is_read || is_write) && (s->data_active || s->fifo_len)) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: a data command while a data "
                          "phase is active: %u bytes dropped\n", __func__,
                          s->datacnt + 4 * s->fifo_len);
            sdhost_abort(s, "new data command", true);
        }
        if (req.cmd == SD_STOP_TRANSMISSION) {
            sdhost_abort(s, "CMD12", false);
        }
        rlen = sdbus_do_command(&s->sdbus, &req, rsp);
        if (want_rsp && !(rlen == 4 && !long_rsp) &&
            !(rlen == 16 && long_rsp)) {
            ok = false;
        }
    }
    trace_bcm2835_sdhost_command(req.cmd, req.arg, rlen, ok);

    memset(s->rsp, 0, sizeof(s->rsp));
    if (ok && want_rsp && rlen == 4) {
        s->rsp[0] = ldl_be_p(&rsp[0]);
    } else if (ok && want_rsp) {
        s->rsp[0] = ldl_be_p(&rsp[12]);
        s->rsp[1] = ldl_be_p(&rsp[8]);
        s->rsp[2] = ldl_be_p(&rsp[4]);
        s->rsp[3] = ldl_be_p(&rsp[0]);
    }
    if (!ok) {
        s->cmd = FIELD_DP32(s->cmd, SDCMD, FAIL, 1);
        s->hsts |= R_SDHSTS_CMD_TIME_OUT_MASK;
    } else if (is_read || is_write) {
        sdhost_data_start(s, is_read);
    }
    if (FIELD_EX32(s->cmd, SDCMD, BUSYWAIT) &&
        FIELD_EX32(s->hcfg, SDHCFG, BUSY_IRPT_EN)) {
        s->hsts |= R_SDHSTS_BUSY_IRPT_MASK;
    }
}

static uint32_t sdhost_fifo_read(Bcm2835SdhostState *s)
{
    uint32_t val;

    if (!s->fifo_len || !s->data_read) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: SDDATA read with an empty FIFO "
                      "(%s): FIFO_ERROR\n", __func__,
                      !s->data_active ? "no read in progress" :
                      !s->data_read ? "a write in progress" :
                      "the card has not caught up");
        sdhost_data_error(s, R_SDHSTS_FIFO_ERROR_MASK);
        return 0;
    }
    val = s->fifo[s->fifo_pos];
    s->fifo_pos = (s->fifo_pos + 1) % BCM2835_SDHOST_FIFO_WORDS;
    s->fifo_len--;
    sdhost_fifo_fill(s);
    if (!s->data_active && !s->fifo_len) {
        s->data_read = false;
    }
    return val;
}

static uint64_t sdhost_read(void *opaque, hwaddr offset, unsigned size)
{
    Bcm2835SdhostState *s = opaque;
    uint32_t val = 0;

    switch (offset) {
    case A_SDCMD:
        val = s->cmd;
        break;
    case A_SDARG:
        val = s->arg;
        break;
    case A_SDTOUT:
        val = s->tout;
        break;
    case A_SDCDIV:
        val = s->cdiv;
        break;
    case A_SDRSP0:
    case A_SDRSP1:
    case A_SDRSP2:
    case A_SDRSP3:
        val = s->rsp[(offset - A_SDRSP0) / 4];
        break;
    case A_SDHSTS:
        val = sdhost_hsts(s);
        break;
    case A_SDVDD:
        val = s->vdd;
        break;
    case A_SDEDM:
        val = sdhost_edm(s);
        break;
    case A_SDHCFG:
        val = s->hcfg;
        break;
    case A_SDHBCT:
        val = s->hbct;
        break;
    case A_SDDATA:
        val = sdhost_fifo_read(s);
        sdhost_update_irq(s);
        break;
    case A_SDHBLC:
        val = s->hblc;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: read of unknown register 0x%02" HWADDR_PRIx "\n",
                      __func__, offset);
        break;
    }
    trace_bcm2835_sdhost_reg_read(offset, val);
    return val;
}

static void sdhost_reserved(const char *reg, uint64_t value, uint32_t mask)
{
    if (value & ~(uint64_t)mask) {
        qemu_log_mask(LOG_GUEST_ERROR, "bcm2835_sdhost_write: %s write "
                      "0x%08" PRIx64 " sets reserved bits 0x%08" PRIx64 "\n",
                      reg, value, value & ~(uint64_t)mask);
    }
}

/* SDHBCT/SDHBLC are latched by a data command: not changed mid-phase. */
static bool sdhost_busy_with_data(Bcm2835SdhostState *s, const char *reg)
{
    if (s->data_active) {
        qemu_log_mask(LOG_GUEST_ERROR, "bcm2835_sdhost_write: %s written "
                      "during a data phase (%u bytes left): ignored\n",
                      reg, s->datacnt);
        return true;
    }
    return false;
}

static void sdhost_write(void *opaque, hwaddr offset, uint64_t value,
                         unsigned size)
{
    Bcm2835SdhostState *s = opaque;

    trace_bcm2835_sdhost_reg_write(offset, value);
    switch (offset) {
    case A_SDCMD:
        sdhost_reserved("SDCMD", value, BCM2835_SDHOST_SDCMD_RW_MASK |
                        R_SDCMD_FAIL_MASK);
        s->cmd = value & BCM2835_SDHOST_SDCMD_RW_MASK;
        if (FIELD_EX32(s->cmd, SDCMD, NEW) && sdhost_stop_waits(s)) {
            trace_bcm2835_sdhost_stop_waits(s->datacnt, s->fifo_len);
        } else if (FIELD_EX32(s->cmd, SDCMD, NEW)) {
            sdhost_command(s);
        }
        break;
    case A_SDARG:
        s->arg = value;
        break;
    case A_SDTOUT:
        s->tout = value;
        break;
    case A_SDCDIV:
        sdhost_reserved("SDCDIV", value, R_SDCDIV_CDIV_MASK);
        s->cdiv = value & R_SDCDIV_CDIV_MASK;
        break;
    case A_SDRSP0:
    case A_SDRSP1:
    case A_SDRSP2:
    case A_SDRSP3:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: SDRSP%u is read-only\n",
                      __func__, (unsigned)(offset - A_SDRSP0) / 4);
        break;
    case A_SDHSTS:
        sdhost_reserved("SDHSTS", value, BCM2835_SDHOST_HSTS_W1C_MASK);
        s->hsts &= ~(value & BCM2835_SDHOST_HSTS_W1C_MASK);
        break;
    case A_SDVDD:
        sdhost_reserved("SDVDD", value, R_SDVDD_POWER_ON_MASK);
        if (!(value & R_SDVDD_POWER_ON_MASK)) {
            sdhost_abort(s, "power off", false);
            s->data_mode = false;
        } else if (!FIELD_EX32(s->vdd, SDVDD, POWER_ON)) {
            s->data_mode = false;
        }
        s->vdd = value & R_SDVDD_POWER_ON_MASK;
        break;
    case A_SDEDM:
        /* The driver writes back what it read: FSM and level are ignored. */
        sdhost_reserved("SDEDM", value, BCM2835_SDHOST_EDM_RW_MASK |
                        R_SDEDM_FSM_MASK | R_SDEDM_FIFO_COUNT_MASK |
                        R_SDEDM_FORCE_DATA_MODE_MASK);
        s->edm = value & BCM2835_SDHOST_EDM_RW_MASK;
        if (value & R_SDEDM_FORCE_DATA_MODE_MASK) {
            sdhost_abort(s, "FORCE_DATA_MODE", true);
            s->data_mode = true;
        }
        break;
    case A_SDHCFG:
        sdhost_reserved("SDHCFG", value, BCM2835_SDHOST_HCFG_RW_MASK);
        s->hcfg = value & BCM2835_SDHOST_HCFG_RW_MASK;
        break;
    case A_SDHBCT:
        if (!sdhost_busy_with_data(s, "SDHBCT")) {
            s->hbct = value;
        }
        break;
    case A_SDDATA:
        if (!s->data_active || s->data_read) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: SDDATA write with no write "
                          "in progress: FIFO_ERROR\n", __func__);
            sdhost_data_error(s, R_SDHSTS_FIFO_ERROR_MASK);
            break;
        }
        sdhost_fifo_write(s, value);
        break;
    case A_SDHBLC:
        if (!sdhost_busy_with_data(s, "SDHBLC")) {
            sdhost_reserved("SDHBLC", value, BCM2835_SDHOST_MAX_BLOCKS);
            s->hblc = value & BCM2835_SDHOST_MAX_BLOCKS;
        }
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write of unknown register 0x%02" HWADDR_PRIx "\n",
                      __func__, offset);
        break;
    }
    sdhost_update_irq(s);
}

static const MemoryRegionOps sdhost_ops = {
    .read = sdhost_read,
    .write = sdhost_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
        .unaligned = false,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

/* sd-card tells us when QMP ejects or inserts its medium. */
static void sdhost_set_inserted(DeviceState *dev, bool inserted)
{
    Bcm2835SdhostState *s = BCM2835_SDHOST(dev);

    trace_bcm2835_sdhost_card(inserted);
    if (!inserted && s->data_active) {
        sdhost_data_end(s, R_SDHSTS_REW_TIME_OUT_MASK, "card removed");
        sdhost_update_irq(s);
    }
}

static void sdhost_reset_enter(Object *obj, ResetType type)
{
    Bcm2835SdhostState *s = BCM2835_SDHOST(obj);

    s->cmd = 0;
    s->arg = 0;
    s->tout = 0;
    s->cdiv = 0;
    memset(s->rsp, 0, sizeof(s->rsp));
    s->hsts = 0;
    s->vdd = 0;
    s->edm = FIELD_DP32(0, SDEDM, WRITE_THRESHOLD, 3);
    s->edm = FIELD_DP32(s->edm, SDEDM, READ_THRESHOLD, 3);
    s->hcfg = 0;
    s->hbct = 0;
    s->hblc = 0;
    s->data_active = false;
    s->data_mode = false;
    s->datacnt = 0;
    s->blk_bytes = 0;
    s->write_dropped = false;
    sdhost_cancel_wait(s);
    sdhost_fifo_flush(s);
}

static void sdhost_reset_hold(Object *obj, ResetType type)
{
    sdhost_update_irq(BCM2835_SDHOST(obj));
}

static void sdhost_init(Object *obj)
{
    Bcm2835SdhostState *s = BCM2835_SDHOST(obj);

    qbus_init(&s->sdbus, sizeof(s->sdbus), TYPE_BCM2835_SDHOST_BUS,
              DEVICE(s), NULL);
    memory_region_init_io(&s->iomem, obj, &sdhost_ops, s, TYPE_BCM2835_SDHOST,
                          BCM2835_SDHOST_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    sysbus_init_irq(SYS_BUS_DEVICE(obj), &s->irq);
    qdev_init_gpio_out_named(DEVICE(obj), &s->dreq, "dreq", 1);
    s->block_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, sdhost_block_timer, s);
}

static void sdhost_finalize(Object *obj)
{
    timer_free(BCM2835_SDHOST(obj)->block_timer);
}

static void sdhost_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    static const char *const compat[] = { "brcm,bcm2835-sdhost" };
    /* The driver takes SDDATA's DMA address from reg's first cell. */
    g_autofree char *path = presilicon_fdt_add_mmio_node32(ctx, "mmc",
                                                           compat, 1);
    uint32_t clk = presilicon_fdt_fixed_clock(ctx, "sdhost_clk",
                                              BCM2835_SDHOST_CLK_HZ);

    qemu_fdt_setprop_cell(ctx->fdt, path, "clocks", clk);
    qemu_fdt_setprop_cell(ctx->fdt, path, "bus-width", 4);
}

static int sdhost_post_load(void *opaque, int version_id)
{
    Bcm2835SdhostState *s = opaque;

    if (s->fifo_pos >= BCM2835_SDHOST_FIFO_WORDS ||
        s->fifo_len > BCM2835_SDHOST_FIFO_WORDS ||
        s->hblc > BCM2835_SDHOST_MAX_BLOCKS ||
        (s->data_active &&
         (s->hbct == 0 || s->hbct > BCM2835_SDHOST_MAX_BLKSZ ||
          s->datacnt > s->hbct * s->hblc || s->blk_bytes >= s->hbct))) {
        return -EINVAL;
    }
    if ((s->block_wait || s->write_dropped) && !s->data_active) {
        return -EINVAL;
    }
    /* NEW stays up only for a CMD12 waiting on a write's last words. */
    if (FIELD_EX32(s->cmd, SDCMD, NEW) && !sdhost_stop_waits(s)) {
        return -EINVAL;
    }
    sdhost_update_irq(s);
    return 0;
}

static const VMStateDescription vmstate_sdhost = {
    .name = TYPE_BCM2835_SDHOST,
    /* 2: a block's time on the bus (reads and writes) is migrated. */
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = sdhost_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(cmd, Bcm2835SdhostState),
        VMSTATE_UINT32(arg, Bcm2835SdhostState),
        VMSTATE_UINT32(tout, Bcm2835SdhostState),
        VMSTATE_UINT32(cdiv, Bcm2835SdhostState),
        VMSTATE_UINT32_ARRAY(rsp, Bcm2835SdhostState, 4),
        VMSTATE_UINT32(hsts, Bcm2835SdhostState),
        VMSTATE_UINT32(vdd, Bcm2835SdhostState),
        VMSTATE_UINT32(edm, Bcm2835SdhostState),
        VMSTATE_UINT32(hcfg, Bcm2835SdhostState),
        VMSTATE_UINT32(hbct, Bcm2835SdhostState),
        VMSTATE_UINT32(hblc, Bcm2835SdhostState),
        VMSTATE_BOOL(data_active, Bcm2835SdhostState),
        VMSTATE_BOOL(data_read, Bcm2835SdhostState),
        VMSTATE_BOOL(data_mode, Bcm2835SdhostState),
        VMSTATE_UINT32(datacnt, Bcm2835SdhostState),
        VMSTATE_UINT32(blk_bytes, Bcm2835SdhostState),
        VMSTATE_UINT32_ARRAY(fifo, Bcm2835SdhostState,
                             BCM2835_SDHOST_FIFO_WORDS),
        VMSTATE_UINT32(fifo_pos, Bcm2835SdhostState),
        VMSTATE_UINT32(fifo_len, Bcm2835SdhostState),
        VMSTATE_BOOL(block_wait, Bcm2835SdhostState),
        VMSTATE_BOOL(write_dropped, Bcm2835SdhostState),
        VMSTATE_TIMER_PTR(block_timer, Bcm2835SdhostState),
        VMSTATE_END_OF_LIST()
    },
};

/* A plain QOM property, so that it can be flipped on a running machine. */
static bool sdhost_get_wp(Object *obj, Error **errp)
{
    return BCM2835_SDHOST(obj)->write_protect;
}

static void sdhost_set_wp(Object *obj, bool value, Error **errp)
{
    BCM2835_SDHOST(obj)->write_protect = value;
}

static void sdhost_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "Broadcom BCM2835 SDHOST SD card controller";
    dc->vmsd = &vmstate_sdhost;
    dc->user_creatable = true;
    object_class_property_add_bool(oc, "write-protect", sdhost_get_wp,
                                   sdhost_set_wp);
    object_class_property_set_description(oc, "write-protect",
        "Write data commands fail, as if the card's switch were on");
    rc->phases.enter = sdhost_reset_enter;
    rc->phases.hold = sdhost_reset_hold;
    fc->add_node = sdhost_add_fdt_node;
    set_bit(DEVICE_CATEGORY_STORAGE, dc->categories);
}

static void sdhost_bus_class_init(ObjectClass *oc, void *data)
{
    SDBusClass *sbc = SD_BUS_CLASS(oc);

    sbc->set_inserted = sdhost_set_inserted;
}

static const TypeInfo sdhost_types[] = {
    {
        .name = TYPE_BCM2835_SDHOST,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Bcm2835SdhostState),
        .instance_init = sdhost_init,
        .instance_finalize = sdhost_finalize,
        .class_init = sdhost_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
    {
        .name = TYPE_BCM2835_SDHOST_BUS,
        .parent = TYPE_SD_BUS,
        .instance_size = sizeof(SDBus),
        .class_init = sdhost_bus_class_init,
    },
};

DEFINE_TYPES(sdhost_types)
