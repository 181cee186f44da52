/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * MediaTek MT6323 PMIC ("mediatek,mt6323"), the chip behind the MT7623's
 * PMIC wrapper: its register file, interrupt controller, LED drivers,
 * its regulators and RTC. The wrapper (hw/misc/mt7623_pwrap.c) is its
 * only way in.
 */
#ifndef HW_MISC_MT6323_H
#define HW_MISC_MT6323_H

#include "hw/qdev-core.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "hw/misc/mt6323_regs.h"

#define TYPE_MT6323 "mt6323"
OBJECT_DECLARE_SIMPLE_TYPE(Mt6323State, MT6323)

struct Mt6323State {
    DeviceState parent_obj;

    qemu_irq irq;                       /* the PMIC's INT pin */
    uint16_t regs[MT6323_NUM_REGS];
    uint16_t crc;                       /* CRC-16 of the writes received */

    /*
     * The RTC at 0x8000: its registers as written, and as committed by
     * the last write trigger (what the alarm and the time follow).
     */
    uint16_t rtc[MT6323_RTC_NUM_REGS];
    uint16_t rtc_live[MT6323_RTC_NUM_REGS];
    uint8_t tc_pending;                 /* TC fields written, not triggered */
    int64_t tick_offset;                /* RTC seconds - rtc_clock seconds */
    int64_t busy_until;                 /* CBUSY until (virtual ns) */
    QEMUTimer *alarm;                   /* in rtc_clock */
    /* Migrated: the time and what is left of CBUSY, not clock offsets. */
    int64_t mig_time;
    int64_t mig_busy_ns;
};

/*
 * One access over the wrapper's link, already deciphered: false when
 * nothing in the chip answers at addr (a guest error is logged).
 */
bool mt6323_read(Mt6323State *s, uint16_t addr, uint16_t *val);
bool mt6323_write(Mt6323State *s, uint16_t addr, uint16_t val);
/* The SPI slave's reset sequence (CSL, a byte, CSH) from the wrapper. */
void mt6323_spi_reset(Mt6323State *s);
/*
 * The link settings the PMIC's end has: dual I/O, cipher mode, key and IV
 * selections, read dummy cycles.
 */
bool mt6323_dio(Mt6323State *s);
bool mt6323_ciphered(Mt6323State *s);
uint32_t mt6323_cipher_sel(Mt6323State *s);
uint16_t mt6323_rddmy(Mt6323State *s);

extern const VMStateDescription vmstate_mt6323;

#endif
