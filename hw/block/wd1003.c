/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Western Digital WD1003 (ST-506) Winchester disk controller ("wdc,wd1003"),
 * the interface of the Linux hd driver (drivers/block/hd.c, removed in 4.12).
 *
 * QEMU's IDE core, whose task file descends from the WD1003's, holds the
 * registers and the two drives and runs what the two share: the PIO
 * READ/WRITE SECTORS data path (an interrupt and a 512-byte DRQ block per
 * sector), SET PARAMETERS (INITIALIZE DEVICE PARAMETERS), DIAGNOSE and the
 * software reset. This front-end decodes every command itself and adds what
 * the WD1003 differs in:
 *   - its command set only: the RESTORE and SEEK step-rate variants
 *     (0x1r, 0x7r: the heads step at the rate, BSY until they arrive), READ
 *     and WRITE with and without retry (T), READ/WRITE LONG (L: the 4 ECC
 *     bytes after the data), READ VERIFY, FORMAT TRACK; anything else is
 *     aborted (ABRT) with a guest error;
 *   - SDH's size and ECC bits (bit 6 is not ATA's LBA bit: CHS only), and
 *     head select bit 3 only with the control register's HS3EN;
 *   - the medium: ID not found for a sector, head or cylinder the drive
 *     does not have, and a list of defective sectors (the "bad-sectors"
 *     property, and FORMAT TRACK's bad block marks) that fail with the
 *     data sheet's error bits (ECC, IDNF, BBK, DAM), for good or for a
 *     number of attempts (a command with retries makes WD1003_RETRIES).
 *
 * Not modelled: rotation and transfer timing (data is ready at once; only
 * stepping takes time), sector sizes other than 512, CRC mode, ECC
 * correction (CORR), the index pulse, write precompensation, the AT's
 * digital input register (0x3f7) and interleave (a track's sectors are
 * numbered 1..n in order).
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qemu/cutils.h"
#include "qapi/error.h"
#include "migration/vmstate.h"
#include "system/block-backend.h"
#include "system/device_tree.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/block/wd1003.h"
#include "hw/ide/ide-internal.h"
#include "trace.h"

/* The WD1003's 32-bit ECC polynomial, preset to ones (the model's choice). */
#define WD1003_ECC_POLY         0x140a0445u
#define WD1003_STEP_NS_FAST     35000       /* rate 0: 35 us */
#define WD1003_STEP_NS          500000      /* rate r: r * 0.5 ms */
#define WD1003_TRACK0_MAX_STEPS 2048        /* RESTORE gives up (TR000) */

static IDEState *wd_drive(Wd1003State *s, int unit)
{
    return &s->bus.ifs[unit];
}

static int wd_unit(Wd1003State *s)
{
    return FIELD_EX8(s->sdh, SDH, DRV);
}

static bool wd_present(Wd1003State *s, int unit)
{
    IDEState *d = wd_drive(s, unit);

    return d->blk && d->drive_kind == IDE_HD;
}

/* The one interrupt line: the core's request, as the core gates it. */
static void wd_update_irq(Wd1003State *s)
{
    qemu_set_irq(s->irq, s->core_level);
}

static void wd_core_irq(void *opaque, int n, int level)
{
    Wd1003State *s = opaque;

    if (s->core_level != !!level) {
        trace_wd1003_irq(level);
    }
    s->core_level = level;
    wd_update_irq(s);
}

static uint32_t wd_ecc(const uint8_t *buf, size_t len)
{
    uint32_t ecc = 0xffffffffu;

    for (size_t i = 0; i < len; i++) {
        ecc ^= (uint32_t)buf[i] << 24;
        for (int b = 0; b < 8; b++) {
            ecc = (ecc & 0x80000000u) ? (ecc << 1) ^ WD1003_ECC_POLY
                                      : ecc << 1;
        }
    }
    return ecc;
}

/* --- the medium's defects ------------------------------------------------ */

static Wd1003Bad *wd_bad_find(Wd1003State *s, int unit, uint32_t lba)
{
    for (uint32_t i = 0; i < s->n_bad; i++) {
        if (s->bad[i].unit == unit && s->bad[i].lba == lba) {
            return &s->bad[i];
        }
    }
    return NULL;
}

static void wd_bad_remove(Wd1003State *s, Wd1003Bad *e)
{
    uint32_t i = e - s->bad;

    memmove(e, e + 1, (s->n_bad - i - 1) * sizeof(*e));
    s->n_bad--;
}

static Wd1003Bad *wd_bad_add(Wd1003State *s, int unit, uint32_t lba,
                             uint8_t err, uint16_t fails)
{
    Wd1003Bad *e = wd_bad_find(s, unit, lba);

    if (!e) {
        if (s->n_bad == WD1003_MAX_BAD) {
            return NULL;
        }
        e = &s->bad[s->n_bad++];
    }
    *e = (Wd1003Bad) {
        .lba = lba, .unit = unit, .err = err, .fails = fails, .ecc_xor = 1,
    };
    return e;
}

/*
 * The task file's CHS is a sector the drive has (else ID not found):
 * sector 1..sectors per track, head below the heads and cylinder below the
 * cylinders, and the block inside the image.
 */
static bool wd_chs_ok(IDEState *d)
{
    unsigned cyl = (d->hcyl << 8) | d->lcyl;
    unsigned head = FIELD_EX8(d->select, SDH, HEAD);

    return d->sector >= 1 && d->sector <= d->sectors && head < d->heads &&
           cyl < d->cylinders && ide_get_sector(d) < d->nb_sectors;
}

/*
 * Reach the task file's sector: 0, or the error bit the attempt (or the
 * WD1003_RETRIES attempts of a command with retries) ends in. A write
 * rewrites the data field, which heals an ECC error.
 */
static uint8_t wd_reach(Wd1003State *s, int unit, bool retry, bool write,
                        bool check_ecc)
{
    IDEState *d = wd_drive(s, unit);
    Wd1003Bad *e;
    int attempts = retry ? WD1003_RETRIES : 1;

    if (!wd_chs_ok(d)) {
        return R_ERROR_IDNF_MASK;
    }
    e = wd_bad_find(s, unit, ide_get_sector(d));
    if (!e) {
        return 0;
    }
    if (e->err == R_ERROR_BBK_MASK) {
        return e->err;      /* a bad block mark: no retry helps */
    }
    if (e->err == R_ERROR_ECC_MASK && (write || !check_ecc)) {
        if (write) {
            wd_bad_remove(s, e);
        }
        return 0;
    }
    while (attempts--) {
        if (e->fails == WD1003_FAILS_FOREVER) {
            return e->err;
        }
        if (e->fails == 0) {
            wd_bad_remove(s, e);
            return 0;
        }
        e->fails--;
    }
    return e->err;
}

/* --- command completion -------------------------------------------------- */

static void wd_finish(Wd1003State *s, int unit, uint8_t err)
{
    IDEState *d = wd_drive(s, unit);

    d->status = R_STATUS_RDY_MASK | R_STATUS_SC_MASK |
                (err ? R_STATUS_ERR_MASK : 0);
    d->error = err;
    trace_wd1003_done(unit, d->status, err);
    ide_bus_set_irq(&s->bus);
}

/* Stop the core's PIO transfer where it is and report err. */
static void wd_fail_transfer(Wd1003State *s, int unit, uint8_t err)
{
    IDEState *d = wd_drive(s, unit);

    ide_transfer_stop(d);
    wd_finish(s, unit, err);
}

static void wd_abort(Wd1003State *s, int unit, const char *why, uint8_t cmd)
{
    qemu_log_mask(LOG_GUEST_ERROR, "wd1003: command 0x%02x aborted (ABRT): "
                  "%s\n", cmd, why);
    wd_finish(s, unit, R_ERROR_ABRT_MASK);
}

/* --- RESTORE and SEEK ----------------------------------------------------- */

static int64_t wd_step_ns(uint8_t rate)
{
    return rate ? (int64_t)rate * WD1003_STEP_NS : WD1003_STEP_NS_FAST;
}

static void wd_step_done(void *opaque)
{
    Wd1003State *s = opaque;

    s->cur_cyl[s->seek_unit] = s->seek_cyl;
    trace_wd1003_seek_done(s->seek_unit, s->seek_cyl);
    wd_finish(s, s->seek_unit, s->seek_err);
}

static void wd_seek(Wd1003State *s, int unit, uint8_t cmd)
{
    IDEState *d = wd_drive(s, unit);
    bool restore = (cmd & 0xf0) == WD1003_CMD_RESTORE;
    unsigned target = restore ? 0 : (d->hcyl << 8) | d->lcyl;
    unsigned steps;

    s->step_rate[unit] = cmd & 0x0f;
    s->seek_unit = unit;
    s->seek_err = 0;
    if (restore) {
        steps = MAX(s->cur_cyl[unit], 1);
    } else if (target >= d->cylinders ||
               FIELD_EX8(d->select, SDH, HEAD) >= d->heads) {
        /* Out past the last track, or a head the drive lacks: no ID. */
        target = MIN(target, d->cylinders - 1);
        s->seek_err = R_ERROR_IDNF_MASK;
        steps = abs((int)target - s->cur_cyl[unit]);
    } else {
        steps = abs((int)target - s->cur_cyl[unit]);
    }
    s->seek_cyl = target;
    d->status = R_STATUS_RDY_MASK | R_STATUS_BSY_MASK;
    d->error = 0;
    trace_wd1003_seek(unit, restore, target, steps, s->step_rate[unit]);
    timer_mod(s->step_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
              MAX(steps, 1) * wd_step_ns(s->step_rate[unit]));
}

/* --- READ VERIFY, READ/WRITE LONG, FORMAT TRACK --------------------------- */

static void wd_verify(Wd1003State *s, int unit, bool retry)
{
    IDEState *d = wd_drive(s, unit);
    unsigned n = d->nsector ? d->nsector : 256;

    for (; n; n--) {
        uint8_t err = wd_reach(s, unit, retry, false, true);

        if (err) {
            d->nsector = n;
            wd_finish(s, unit, err);
            return;
        }
        ide_set_sector(d, ide_get_sector(d) + 1);
    }
    d->nsector = 0;
    wd_finish(s, unit, 0);
}

static void wd_xfer_start(Wd1003State *s, int unit, uint8_t kind,
                          uint16_t len)
{
    IDEState *d = wd_drive(s, unit);

    s->xfer = kind;
    s->xfer_unit = unit;
    s->xfer_pos = 0;
    s->xfer_len = len;
    /* The core sees a DRQ with nothing of its own to transfer. */
    d->end_transfer_func = ide_transfer_stop;
    d->data_ptr = d->data_end = d->io_buffer;
    d->status = R_STATUS_RDY_MASK | R_STATUS_SC_MASK | R_STATUS_DRQ_MASK;
    d->error = 0;
    trace_wd1003_xfer(unit, kind, len);
}

static void wd_read_long(Wd1003State *s, int unit, bool retry)
{
    IDEState *d = wd_drive(s, unit);
    uint8_t err = wd_reach(s, unit, retry, false, false);
    int64_t lba = ide_get_sector(d);
    uint32_t ecc;
    Wd1003Bad *e;

    if (err) {
        wd_finish(s, unit, err);
        return;
    }
    if (blk_pread(d->blk, lba * WD1003_SECTOR_SIZE, WD1003_SECTOR_SIZE,
                  s->xfer_buf, 0) < 0) {
        wd_finish(s, unit, R_ERROR_DAM_MASK);
        return;
    }
    ecc = wd_ecc(s->xfer_buf, WD1003_SECTOR_SIZE);
    e = wd_bad_find(s, unit, lba);
    if (e && e->err == R_ERROR_ECC_MASK) {
        ecc ^= e->ecc_xor;  /* what is on the medium, wrong as it is */
    }
    stl_be_p(s->xfer_buf + WD1003_SECTOR_SIZE, ecc);
    wd_xfer_start(s, unit, WD1003_XFER_READ_LONG, WD1003_LONG_BYTES);
    ide_bus_set_irq(&s->bus);
}

static void wd_write_long_done(Wd1003State *s, int unit)
{
    IDEState *d = wd_drive(s, unit);
    uint8_t err = wd_reach(s, unit, s->retry, true, false);
    int64_t lba = ide_get_sector(d);
    uint32_t want, got;

    if (err) {
        wd_finish(s, unit, err);
        return;
    }
    if (blk_pwrite(d->blk, lba * WD1003_SECTOR_SIZE, WD1003_SECTOR_SIZE,
                   s->xfer_buf, 0) < 0) {
        wd_finish(s, unit, R_ERROR_DAM_MASK);
        return;
    }
    want = wd_ecc(s->xfer_buf, WD1003_SECTOR_SIZE);
    got = ldl_be_p(s->xfer_buf + WD1003_SECTOR_SIZE);
    if (got != want) {
        /* The medium now holds a data field whose ECC does not match. */
        Wd1003Bad *e = wd_bad_add(s, unit, lba, R_ERROR_ECC_MASK,
                                  WD1003_FAILS_FOREVER);

        if (e) {
            e->ecc_xor = got ^ want;
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "wd1003: WRITE LONG: the "
                          "bad-sector list is full (%d): sector %" PRId64
                          " keeps a good ECC\n", WD1003_MAX_BAD, lba);
        }
    }
    d->nsector = (d->nsector - 1) & 0xff;
    wd_finish(s, unit, 0);
}

static void wd_format_done(Wd1003State *s, int unit)
{
    IDEState *d = wd_drive(s, unit);
    unsigned cyl = (d->hcyl << 8) | d->lcyl;
    unsigned head = FIELD_EX8(d->select, SDH, HEAD);
    uint8_t zero[WD1003_SECTOR_SIZE] = { 0 };

    if (cyl >= d->cylinders || head >= d->heads) {
        wd_finish(s, unit, R_ERROR_IDNF_MASK);
        return;
    }
    for (unsigned i = 0; i < d->sectors && i < WD1003_SECTOR_SIZE / 2; i++) {
        uint8_t flag = s->xfer_buf[2 * i], num = s->xfer_buf[2 * i + 1];
        int64_t lba = ((int64_t)cyl * d->heads + head) * d->sectors + num - 1;
        Wd1003Bad *e;

        if (num < 1 || num > d->sectors || lba >= d->nb_sectors) {
            qemu_log_mask(LOG_GUEST_ERROR, "wd1003: FORMAT TRACK: entry %u "
                          "names sector %u, not one of 1-%d: ignored\n", i,
                          num, d->sectors);
            continue;
        }
        e = wd_bad_find(s, unit, lba);
        if (flag & WD1003_FMT_BAD) {
            if (!wd_bad_add(s, unit, lba, R_ERROR_BBK_MASK,
                            WD1003_FAILS_FOREVER)) {
                qemu_log_mask(LOG_GUEST_ERROR, "wd1003: FORMAT TRACK: the "
                              "bad-sector list is full (%d): sector %" PRId64
                              " not marked\n", WD1003_MAX_BAD, lba);
            }
            continue;
        }
        if (e) {
            wd_bad_remove(s, e);
        }
        /* A fresh data field: the model fills it with zeroes. */
        if (blk_pwrite(d->blk, lba * WD1003_SECTOR_SIZE, WD1003_SECTOR_SIZE,
                       zero, 0) < 0) {
            wd_finish(s, unit, R_ERROR_DAM_MASK);
            return;
        }
    }
    trace_wd1003_format(unit, cyl, head);
    wd_finish(s, unit, 0);
}

static uint16_t wd_xfer_read(Wd1003State *s)
{
    uint16_t v;

    if (s->xfer_pos < WD1003_SECTOR_SIZE) {
        v = lduw_le_p(s->xfer_buf + s->xfer_pos);
        s->xfer_pos += 2;
    } else {
        v = s->xfer_buf[s->xfer_pos++];     /* ECC bytes: one at a time */
    }
    if (s->xfer_pos >= s->xfer_len) {
        int unit = s->xfer_unit;
        IDEState *d = wd_drive(s, unit);

        s->xfer = WD1003_XFER_NONE;
        d->nsector = (d->nsector - 1) & 0xff;
        d->status = R_STATUS_RDY_MASK | R_STATUS_SC_MASK;
    }
    return v;
}

static void wd_xfer_write(Wd1003State *s, uint16_t v)
{
    if (s->xfer_pos < WD1003_SECTOR_SIZE) {
        stw_le_p(s->xfer_buf + s->xfer_pos, v);
        s->xfer_pos += 2;
    } else {
        s->xfer_buf[s->xfer_pos++] = v;
    }
    if (s->xfer_pos >= s->xfer_len) {
        uint8_t kind = s->xfer;

        s->xfer = WD1003_XFER_NONE;
        if (kind == WD1003_XFER_WRITE_LONG) {
            wd_write_long_done(s, s->xfer_unit);
        } else {
            wd_format_done(s, s->xfer_unit);
        }
    }
}

/* --- the command register ------------------------------------------------ */

/* The core's SDH: drive and head as the WD1003 decodes them; CHS, 512. */
static void wd_sync_select(Wd1003State *s)
{
    /* Without HS3EN the drive sees heads 0-7 only. */
    uint8_t mask = FIELD_EX8(s->ctl, CTL, HS3EN) ? R_SDH_HEAD_MASK :
                   R_SDH_HEAD_MASK >> 1;
    uint8_t sel = ATA_DEV_ALWAYS_ON | (s->sdh & R_SDH_DRV_MASK) |
                  (s->sdh & mask);

    s->bus.ifs[0].select = sel;
    s->bus.ifs[1].select = sel;
    s->bus.unit = wd_unit(s);
}

static void wd_command(Wd1003State *s, uint8_t cmd)
{
    int unit = wd_unit(s);
    IDEState *d = wd_drive(s, unit);
    bool retry = !(cmd & WD1003_CMD_T);
    bool rw = (cmd & 0xe0) == WD1003_CMD_READ ||      /* READ, WRITE */
              (cmd & 0xf0) == WD1003_CMD_VERIFY ||
              cmd == WD1003_CMD_FORMAT;

    trace_wd1003_command(unit, cmd);
    if (FIELD_EX8(s->ctl, CTL, SRST)) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: command 0x%02x written while "
                      "the controller is held in reset (SRST): ignored\n",
                      cmd);
        return;
    }
    if (d->status & (R_STATUS_BSY_MASK | R_STATUS_DRQ_MASK) ||
        s->xfer != WD1003_XFER_NONE) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: command 0x%02x written while "
                      "%s: ignored\n", cmd, d->status & R_STATUS_BSY_MASK ?
                      "BSY" : "DRQ (a transfer is running)");
        return;
    }
    if (!wd_present(s, unit)) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: command 0x%02x for drive %d, "
                      "which has no disk: ignored\n", cmd, unit);
        return;
    }
    qemu_irq_lower(s->bus.irq);
    s->core_op = WD1003_CORE_NONE;
    wd_sync_select(s);
    if (rw && FIELD_EX8(s->sdh, SDH, SIZE) != WD1003_SDH_SIZE_512) {
        static const int size[4] = { 256, 512, 1024, 128 };

        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: command 0x%02x with SDH "
                      "sector size %d: the medium has 512-byte sectors (ID "
                      "not found)\n", cmd, size[FIELD_EX8(s->sdh, SDH, SIZE)]);
        wd_finish(s, unit, R_ERROR_IDNF_MASK);
        return;
    }
    if (rw && !FIELD_EX8(s->sdh, SDH, ECC)) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: command 0x%02x with SDH "
                      "bit 7 clear (CRC mode): not modelled, ECC used\n", cmd);
    }

    switch (cmd & 0xf0) {
    case WD1003_CMD_RESTORE:
    case WD1003_CMD_SEEK:
        wd_seek(s, unit, cmd);
        return;
    case WD1003_CMD_READ:
    case WD1003_CMD_WRITE:
        break;
    case WD1003_CMD_VERIFY:
        if (cmd & ~(WD1003_CMD_VERIFY | WD1003_CMD_T)) {
            break;
        }
        if (!d->nsector) {
            d->nsector = 256;
        }
        wd_verify(s, unit, retry);
        return;
    case WD1003_CMD_FORMAT:
        if (cmd != WD1003_CMD_FORMAT) {
            break;
        }
        wd_xfer_start(s, unit, WD1003_XFER_FORMAT, WD1003_SECTOR_SIZE);
        return;
    case WD1003_CMD_DIAGNOSE:
        if (cmd == WD1003_CMD_DIAGNOSE) {
            ide_bus_exec_cmd(&s->bus, WIN_DIAGNOSE);
            return;
        }
        if (cmd == WD1003_CMD_SET_PARAMS) {
            if (!d->nsector) {
                wd_abort(s, unit, "SET PARAMETERS with 0 sectors per track",
                         cmd);
                return;
            }
            ide_bus_exec_cmd(&s->bus, WIN_SPECIFY);
            trace_wd1003_params(unit, d->heads, d->sectors);
            return;
        }
        break;
    }

    switch (cmd) {
    case WD1003_CMD_READ:
    case WD1003_CMD_READ | WD1003_CMD_T: {
        uint8_t err;

        if (!d->nsector) {
            d->nsector = 256;
        }
        err = wd_reach(s, unit, retry, false, true);
        if (err) {
            wd_finish(s, unit, err);
            return;
        }
        s->retry = retry;
        s->core_op = WD1003_CORE_READ;
        ide_bus_exec_cmd(&s->bus, WIN_READ);
        return;
    }
    case WD1003_CMD_WRITE:
    case WD1003_CMD_WRITE | WD1003_CMD_T:
        s->retry = retry;
        s->core_op = WD1003_CORE_WRITE;
        ide_bus_exec_cmd(&s->bus, WIN_WRITE);
        return;
    case WD1003_CMD_READ | WD1003_CMD_L:
    case WD1003_CMD_READ | WD1003_CMD_L | WD1003_CMD_T:
        wd_read_long(s, unit, retry);
        return;
    case WD1003_CMD_WRITE | WD1003_CMD_L:
    case WD1003_CMD_WRITE | WD1003_CMD_L | WD1003_CMD_T:
        s->retry = retry;
        wd_xfer_start(s, unit, WD1003_XFER_WRITE_LONG, WD1003_LONG_BYTES);
        return;
    }
    wd_abort(s, unit, "not a WD1003 command", cmd);
}

/* --- the data register: the core's PIO, with the medium's defects -------- */

static bool wd_last_word(IDEState *d)
{
    return d->data_ptr + 2 >= d->data_end;
}

static uint16_t wd_data_read(Wd1003State *s)
{
    int unit = wd_unit(s);
    IDEState *d = wd_drive(s, unit);
    uint16_t v;

    if (s->xfer == WD1003_XFER_READ_LONG && unit == s->xfer_unit) {
        return wd_xfer_read(s);
    }
    if (!(d->status & R_STATUS_DRQ_MASK) || s->xfer != WD1003_XFER_NONE ||
        s->core_op != WD1003_CORE_READ) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: data register read with no "
                      "read transfer (status 0x%02x, no DRQ to the host): "
                      "0\n", d->status);
        return 0;
    }
    if (wd_last_word(d) && d->nsector) {
        /* The task file already names the next sector: reach it first. */
        uint8_t err = wd_reach(s, unit, s->retry, false, true);

        if (err) {
            d->end_transfer_func = ide_transfer_stop;
            v = ide_data_readw(&s->bus, 0);
            wd_finish(s, unit, err);
            return v;
        }
    }
    return ide_data_readw(&s->bus, 0);
}

static void wd_data_write(Wd1003State *s, uint16_t v)
{
    int unit = wd_unit(s);
    IDEState *d = wd_drive(s, unit);

    if (s->xfer != WD1003_XFER_NONE && s->xfer != WD1003_XFER_READ_LONG &&
        unit == s->xfer_unit) {
        wd_xfer_write(s, v);
        return;
    }
    if (!(d->status & R_STATUS_DRQ_MASK) || s->xfer != WD1003_XFER_NONE ||
        s->core_op != WD1003_CORE_WRITE) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: data register write 0x%04x "
                      "with no write transfer (status 0x%02x): ignored\n", v,
                      d->status);
        return;
    }
    if (wd_last_word(d)) {
        /* The sector is in the buffer: find it on the medium. */
        uint8_t err = wd_reach(s, unit, s->retry, true, true);

        if (err) {
            wd_fail_transfer(s, unit, err);
            return;
        }
    }
    ide_data_writew(&s->bus, 0, v);
}

/* --- MMIO ---------------------------------------------------------------- */

static uint64_t wd_read(void *opaque, hwaddr addr, unsigned size)
{
    Wd1003State *s = opaque;
    uint64_t v;

    if (addr % WD1003_REG_STRIDE) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: read at 0x%02" HWADDR_PRIx
                      ": between registers (stride %d)\n", addr,
                      WD1003_REG_STRIDE);
        return 0;
    }
    if (addr != A_DATA && size != 1) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: %u-byte read of the 8-bit "
                      "register at 0x%02" HWADDR_PRIx "\n", size, addr);
    }
    switch (addr) {
    case A_DATA:
        v = wd_data_read(s);
        if (size == 1) {
            v &= 0xff;
        }
        break;
    case A_SDH:
        v = s->sdh;
        break;
    case A_ALTSTATUS:
        v = FIELD_EX8(s->ctl, CTL, SRST) ? R_STATUS_BSY_MASK :
            ide_status_read(&s->bus, 0);
        break;
    case A_STATUS:
        v = ide_ioport_read(&s->bus, addr / WD1003_REG_STRIDE);
        if (FIELD_EX8(s->ctl, CTL, SRST)) {
            v = R_STATUS_BSY_MASK;  /* held in reset */
        }
        break;
    default:
        v = ide_ioport_read(&s->bus, addr / WD1003_REG_STRIDE);
        break;
    }
    trace_wd1003_read(addr, v);
    return v;
}

static void wd_ctl_write(Wd1003State *s, uint8_t val)
{
    if (!FIELD_EX8(s->ctl, CTL, SRST) && FIELD_EX8(val, CTL, SRST)) {
        trace_wd1003_srst();
        timer_del(s->step_timer);
        s->xfer = WD1003_XFER_NONE;
        s->core_op = WD1003_CORE_NONE;
        s->sdh = ATA_DEV_ALWAYS_ON;
        s->bus.unit = 0;
    }
    if (val & ~(R_CTL_NIEN_MASK | R_CTL_SRST_MASK | R_CTL_HS3EN_MASK)) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: control register 0x%02x: "
                      "bits 0x%02x are reserved\n", val,
                      val & ~(R_CTL_NIEN_MASK | R_CTL_SRST_MASK |
                              R_CTL_HS3EN_MASK));
    }
    s->ctl = val;
    ide_ctrl_write(&s->bus, 0, val & (R_CTL_NIEN_MASK | R_CTL_SRST_MASK));
    if (FIELD_EX8(val, CTL, NIEN)) {
        qemu_irq_lower(s->bus.irq);
    }
}

static void wd_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    Wd1003State *s = opaque;
    IDEState *d = wd_drive(s, wd_unit(s));

    trace_wd1003_write(addr, val);
    if (addr % WD1003_REG_STRIDE) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: write 0x%" PRIx64 " at 0x%02"
                      HWADDR_PRIx ": between registers (stride %d)\n", val,
                      addr, WD1003_REG_STRIDE);
        return;
    }
    if (addr != A_DATA && size != 1) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: %u-byte write 0x%" PRIx64
                      " to the 8-bit register at 0x%02" HWADDR_PRIx
                      ": ignored\n", size, val, addr);
        return;
    }
    switch (addr) {
    case A_DATA:
        wd_data_write(s, val);
        return;
    case A_COMMAND:
        wd_command(s, val);
        return;
    case A_CTL:
        wd_ctl_write(s, val);
        return;
    }
    /* The task file. */
    if (d->status & (R_STATUS_BSY_MASK | R_STATUS_DRQ_MASK) ||
        s->xfer != WD1003_XFER_NONE) {
        qemu_log_mask(LOG_GUEST_ERROR, "wd1003: task file write 0x%02" PRIx64
                      " at 0x%02" HWADDR_PRIx " while %s: ignored\n", val,
                      addr, d->status & R_STATUS_BSY_MASK ? "BSY" : "DRQ");
        return;
    }
    switch (addr) {
    case A_WPC:
        s->wpc = val;
        break;
    case A_SDH:
        s->sdh = val;
        ide_ioport_write(&s->bus, addr / WD1003_REG_STRIDE,
                         ATA_DEV_ALWAYS_ON |
                         (val & (R_SDH_DRV_MASK | R_SDH_HEAD_MASK)));
        return;
    }
    ide_ioport_write(&s->bus, addr / WD1003_REG_STRIDE, val);
}

static const MemoryRegionOps wd_ops = {
    .read = wd_read,
    .write = wd_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 2,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 2,
    },
};

/* --- the bad-sector property ------------------------------------------- */

static const struct {
    const char *name;
    uint8_t err;
} wd_bad_kinds[] = {
    { "ecc", R_ERROR_ECC_MASK },
    { "idnf", R_ERROR_IDNF_MASK },
    { "bbk", R_ERROR_BBK_MASK },
    { "dam", R_ERROR_DAM_MASK },
};

static char *wd_get_bad(Object *obj, Error **errp)
{
    Wd1003State *s = WD1003(obj);
    GString *str = g_string_new("");

    for (uint32_t i = 0; i < s->n_bad; i++) {
        Wd1003Bad *e = &s->bad[i];
        const char *kind = "?";

        for (int k = 0; k < ARRAY_SIZE(wd_bad_kinds); k++) {
            if (wd_bad_kinds[k].err == e->err) {
                kind = wd_bad_kinds[k].name;
            }
        }
        g_string_append_printf(str, "%s%s%" PRIu32 ":%s", i ? "," : "",
                               e->unit ? "1/" : "", e->lba, kind);
        if (e->fails != WD1003_FAILS_FOREVER) {
            g_string_append_printf(str, ":%u", e->fails);
        }
    }
    return g_string_free(str, false);
}

/* "[unit/]lba:kind[:attempts],...": kind ecc, idnf, bbk or dam. */
static void wd_set_bad(Object *obj, const char *value, Error **errp)
{
    Wd1003State *s = WD1003(obj);
    g_auto(GStrv) items = g_strsplit(value, ",", -1);
    Wd1003Bad list[WD1003_MAX_BAD];
    uint32_t n = 0;

    for (int i = 0; items[i]; i++) {
        g_auto(GStrv) f = NULL;
        const char *p = items[i];
        uint64_t unit = 0, lba, fails = WD1003_FAILS_FOREVER;
        int k;

        if (!*p) {
            continue;
        }
        if (n == WD1003_MAX_BAD) {
            error_setg(errp, "wd1003: bad-sectors: more than %d entries",
                       WD1003_MAX_BAD);
            return;
        }
        if (p[0] && p[1] == '/') {
            unit = p[0] - '0';
            p += 2;
        }
        f = g_strsplit(p, ":", 3);
        if (unit > 1 || !f[0] || !f[1] ||
            qemu_strtou64(f[0], NULL, 0, &lba) || lba > UINT32_MAX ||
            (f[2] && (qemu_strtou64(f[2], NULL, 0, &fails) ||
                      fails >= WD1003_FAILS_FOREVER))) {
            error_setg(errp, "wd1003: bad-sectors: '%s' is not "
                       "[unit/]lba:kind[:attempts] (unit 0 or 1, attempts "
                       "below %d)", items[i], WD1003_FAILS_FOREVER);
            return;
        }
        for (k = 0; k < ARRAY_SIZE(wd_bad_kinds); k++) {
            if (!strcmp(f[1], wd_bad_kinds[k].name)) {
                break;
            }
        }
        if (k == ARRAY_SIZE(wd_bad_kinds)) {
            error_setg(errp, "wd1003: bad-sectors: '%s': kind '%s' is not "
                       "ecc, idnf, bbk or dam", items[i], f[1]);
            return;
        }
        list[n++] = (Wd1003Bad) {
            .lba = lba, .unit = unit, .err = wd_bad_kinds[k].err,
            .fails = fails, .ecc_xor = 1,
        };
    }
    memcpy(s->bad, list, n * sizeof(list[0]));
    s->n_bad = n;
    trace_wd1003_bad_sectors(n);
}

/* --- lifecycle --------------------------------------------------------- */

static void wd1003_init(Object *obj)
{
    Wd1003State *s = WD1003(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    ide_bus_init(&s->bus, sizeof(s->bus), DEVICE(obj), 0, 2);
    memory_region_init_io(&s->mmio, obj, &wd_ops, s, TYPE_WD1003,
                          WD1003_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->mmio);
    sysbus_init_irq(sbd, &s->irq);
    object_property_add_str(obj, "bad-sectors", wd_get_bad, wd_set_bad);
    object_property_set_description(obj, "bad-sectors",
        "defective sectors: [unit/]lba:kind[:attempts],... with kind ecc, "
        "idnf, bbk or dam; attempts: fail that many, then read (default: "
        "for good)");
}

static void wd1003_realize(DeviceState *dev, Error **errp)
{
    Wd1003State *s = WD1003(dev);

    s->core_irq = qemu_allocate_irq(wd_core_irq, s, 0);
    ide_bus_init_output_irq(&s->bus, s->core_irq);
    s->step_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, wd_step_done, s);

    for (int unit = 0; unit < 2; unit++) {
        const char *prop = unit ? "drive1" : "drive";
        BlockBackend *blk;
        DeviceState *hd;

        if (!s->drive_id[unit]) {
            continue;
        }
        blk = blk_by_name(s->drive_id[unit]);
        if (!blk) {
            error_setg(errp, "wd1003: %s: no -drive with id '%s'", prop,
                       s->drive_id[unit]);
            return;
        }
        hd = qdev_new("ide-hd");
        qdev_prop_set_uint32(hd, "unit", unit);
        if (unit == 0) {
            qdev_prop_set_uint32(hd, "cyls", s->cyls);
            qdev_prop_set_uint32(hd, "heads", s->heads);
            qdev_prop_set_uint32(hd, "secs", s->secs);
        }
        if (!qdev_prop_set_drive_err(hd, "drive", blk, errp)) {
            object_unref(OBJECT(hd));
            error_prepend(errp, "wd1003: %s=%s: ", prop, s->drive_id[unit]);
            return;
        }
        if (!qdev_realize_and_unref(hd, &s->bus.qbus, errp)) {
            error_prepend(errp, "wd1003: %s=%s: ", prop, s->drive_id[unit]);
            return;
        }
    }
}

static void wd1003_reset_hold(Object *obj, ResetType type)
{
    Wd1003State *s = WD1003(obj);

    timer_del(s->step_timer);
    ide_bus_reset(&s->bus);
    s->sdh = ATA_DEV_ALWAYS_ON;
    s->ctl = 0;
    s->wpc = 0;
    s->retry = false;
    s->core_op = WD1003_CORE_NONE;
    s->xfer = WD1003_XFER_NONE;
    s->xfer_pos = s->xfer_len = 0;
    memset(s->step_rate, 0, sizeof(s->step_rate));
    /* The heads stay where they are; the medium keeps its defects. */
    s->core_level = false;
    wd_update_irq(s);
}

static int wd1003_post_load(void *opaque, int version_id)
{
    Wd1003State *s = opaque;

    if (s->n_bad > WD1003_MAX_BAD || s->xfer > WD1003_XFER_FORMAT ||
        s->core_op > WD1003_CORE_WRITE ||
        s->xfer_len > WD1003_LONG_BYTES || s->xfer_pos > s->xfer_len ||
        s->xfer_unit > 1 || s->seek_unit > 1) {
        return -EINVAL;
    }
    wd_update_irq(s);
    return 0;
}

static const VMStateDescription vmstate_wd1003_bad = {
    .name = "wd1003/bad",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(lba, Wd1003Bad),
        VMSTATE_UINT8(unit, Wd1003Bad),
        VMSTATE_UINT8(err, Wd1003Bad),
        VMSTATE_UINT16(fails, Wd1003Bad),
        VMSTATE_UINT32(ecc_xor, Wd1003Bad),
        VMSTATE_END_OF_LIST()
    },
};

/* Version 3: VMSTATE_IDE_DRIVES' fields exist from version 3 on. */
static const VMStateDescription vmstate_wd1003 = {
    .name = TYPE_WD1003,
    .version_id = 3,
    .minimum_version_id = 3,
    .post_load = wd1003_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_IDE_BUS(bus, Wd1003State),
        VMSTATE_IDE_DRIVES(bus.ifs, Wd1003State),
        VMSTATE_TIMER_PTR(step_timer, Wd1003State),
        VMSTATE_UINT8(sdh, Wd1003State),
        VMSTATE_UINT8(ctl, Wd1003State),
        VMSTATE_UINT8(wpc, Wd1003State),
        VMSTATE_BOOL(core_level, Wd1003State),
        VMSTATE_BOOL(retry, Wd1003State),
        VMSTATE_UINT8(core_op, Wd1003State),
        VMSTATE_UINT8_ARRAY(step_rate, Wd1003State, 2),
        VMSTATE_UINT16_ARRAY(cur_cyl, Wd1003State, 2),
        VMSTATE_UINT8(seek_unit, Wd1003State),
        VMSTATE_UINT8(seek_err, Wd1003State),
        VMSTATE_UINT16(seek_cyl, Wd1003State),
        VMSTATE_UINT8(xfer, Wd1003State),
        VMSTATE_UINT8(xfer_unit, Wd1003State),
        VMSTATE_UINT16(xfer_pos, Wd1003State),
        VMSTATE_UINT16(xfer_len, Wd1003State),
        VMSTATE_UINT8_ARRAY(xfer_buf, Wd1003State, WD1003_LONG_BYTES),
        VMSTATE_UINT32(n_bad, Wd1003State),
        VMSTATE_STRUCT_ARRAY(bad, Wd1003State, WD1003_MAX_BAD, 1,
                             vmstate_wd1003_bad, Wd1003Bad),
        VMSTATE_END_OF_LIST()
    },
};

static void wd1003_add_fdt_node(DeviceState *dev, PresiliconFdtContext *ctx)
{
    /* No Linux binding exists (hd.c took its ports from the PC's map). */
    static const char *const compat[] = { "wdc,wd1003" };
    g_autofree char *path = presilicon_fdt_add_mmio_node(ctx,
                                                         "disk-controller",
                                                         compat, 1);

    (void)path;
}

static const Property wd1003_properties[] = {
    DEFINE_PROP_STRING("drive", Wd1003State, drive_id[0]),
    DEFINE_PROP_STRING("drive1", Wd1003State, drive_id[1]),
    DEFINE_PROP_UINT32("cyls", Wd1003State, cyls, 0),
    DEFINE_PROP_UINT32("heads", Wd1003State, heads, 0),
    DEFINE_PROP_UINT32("secs", Wd1003State, secs, 0),
};

static void wd1003_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    PresiliconFdtNodeClass *fc = PRESILICON_FDT_NODE_CLASS(oc);

    dc->desc = "Western Digital WD1003 (ST-506) disk controller";
    dc->realize = wd1003_realize;
    dc->vmsd = &vmstate_wd1003;
    dc->user_creatable = true;
    device_class_set_props(dc, wd1003_properties);
    rc->phases.hold = wd1003_reset_hold;
    fc->add_node = wd1003_add_fdt_node;
    set_bit(DEVICE_CATEGORY_STORAGE, dc->categories);
}

static const TypeInfo wd1003_types[] = {
    {
        .name = TYPE_WD1003,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(Wd1003State),
        .instance_init = wd1003_init,
        .class_init = wd1003_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_PRESILICON_FDT_NODE },
            { }
        },
    },
};

DEFINE_TYPES(wd1003_types)
