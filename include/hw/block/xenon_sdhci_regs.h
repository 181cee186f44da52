/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Marvell Xenon SDHCI (Armada 3700) vendor registers, shared by the model
 * and its qtest. Offsets are from the controller's base, as the Linux
 * sdhci-xenon driver uses them: the standard SDHCI set is at 0x000-0x0ff,
 * the Xenon system/slot registers at 0x100-0x15f and the eMMC 5.1 PHY at
 * 0x170-0x18b.
 */
#ifndef HW_BLOCK_XENON_SDHCI_REGS_H
#define HW_BLOCK_XENON_SDHCI_REGS_H

#include "hw/registerfields.h"

/* The controller's window, as armada-37xx.dtsi gives it. */
#define XENON_SDHCI_MMIO_SIZE   0x300
/* Where the Xenon registers start; below is the standard SDHCI set. */
#define XENON_SDHCI_VENDOR_BASE 0x100
/* The SoC's SD pad voltage control register (a second window). */
#define XENON_SDHCI_PAD_SIZE    4

/* SYS_CFG_INFO: how many SDHC slots the IP has, and which are SDIO. */
REG32(SYS_CFG_INFO, 0x104)
    FIELD(SYS_CFG_INFO, NR_SLOTS, 0, 3)      /* RO */
    FIELD(SYS_CFG_INFO, SLOT_SDIO, 24, 8)    /* one bit per slot */

/* SYS_OP_CTRL: slot enables, SDCLK idle-off, auto clock gating. */
REG32(SYS_OP_CTRL, 0x108)
    FIELD(SYS_OP_CTRL, SLOT_EN, 0, 8)
    FIELD(SYS_OP_CTRL, SDCLK_IDLEOFF, 8, 8)
    FIELD(SYS_OP_CTRL, AUTO_CLKGATE_DIS, 20, 1)

/* SYS_EXT_OP_CTRL: parallel transfer per slot, CMD conflict masking. */
REG32(SYS_EXT_OP_CTRL, 0x10c)
    FIELD(SYS_EXT_OP_CTRL, PARALLEL_TRAN, 0, 8)
    FIELD(SYS_EXT_OP_CTRL, MASK_CMD_CONFLICT, 8, 1)

/* SLOT_OP_STATUS_CTRL: tuning step and how many passes a tuning needs. */
REG32(SLOT_OP_STATUS_CTRL, 0x128)
    FIELD(SLOT_OP_STATUS_CTRL, TUNING_STEP, 12, 4)
    FIELD(SLOT_OP_STATUS_CTRL, TUN_CONSECUTIVE, 16, 3)

/* SLOT_EMMC_CTRL: eMMC data/response strobes (HS400). */
REG32(SLOT_EMMC_CTRL, 0x130)
    FIELD(SLOT_EMMC_CTRL, DATA_STROBE, 24, 1)
    FIELD(SLOT_EMMC_CTRL, RESP_STROBE, 25, 1)

/* SLOT_RETUNING_REQ_CTRL: retuning compatible with the SD spec. */
REG32(SLOT_RETUNING_REQ_CTRL, 0x144)
    FIELD(SLOT_RETUNING_REQ_CTRL, COMPATIBLE, 0, 1)

/* SLOT_EXT_PRESENT_STATE: the PHY DLL has locked (RO). */
REG32(SLOT_EXT_PRESENT_STATE, 0x14c)
    FIELD(SLOT_EXT_PRESENT_STATE, DLL_LOCK, 0, 1)

/* SLOT_DLL_CUR_DLY_VAL: the locked DLL's delay, in delay-line taps (RO). */
REG32(SLOT_DLL_CUR_DLY_VAL, 0x150)

/* The eMMC 5.1 PHY. */
REG32(PHY_TIMING_ADJUST, 0x170)
    FIELD(PHY_TIMING_ADJUST, FC_SYNC_RST, 0, 4)
    FIELD(PHY_TIMING_ADJUST, FC_SYNC_RST_EN, 4, 4)
    FIELD(PHY_TIMING_ADJUST, FC_SYNC_EN, 8, 4)
    FIELD(PHY_TIMING_ADJUST, WAIT_CYCLE, 12, 4)
    FIELD(PHY_TIMING_ADJUST, SAMPL_INV_QSP, 18, 1)
    FIELD(PHY_TIMING_ADJUST, SDIO_MODE, 28, 1)
    FIELD(PHY_TIMING_ADJUST, SLOW_MODE, 29, 1)
    FIELD(PHY_TIMING_ADJUST, INIT, 31, 1)    /* set: start; clears: done */
REG32(PHY_FUNC_CONTROL, 0x174)
    FIELD(PHY_FUNC_CONTROL, DQ_ASYNC, 4, 1)
    FIELD(PHY_FUNC_CONTROL, DQ_DDR, 8, 8)
    FIELD(PHY_FUNC_CONTROL, CMD_DDR, 16, 1)
    FIELD(PHY_FUNC_CONTROL, ASYNC_DDR, 23, 1)
REG32(PHY_PAD_CONTROL, 0x178)
REG32(PHY_PAD_CONTROL1, 0x17c)
REG32(PHY_PAD_CONTROL2, 0x180)
    FIELD(PHY_PAD_CONTROL2, ZPR, 0, 5)
    FIELD(PHY_PAD_CONTROL2, ZNR, 8, 5)
REG32(PHY_DLL_CONTROL, 0x184)
    FIELD(PHY_DLL_CONTROL, BYPASS, 0, 1)
    FIELD(PHY_DLL_CONTROL, FAST_LOCK, 5, 1)
    FIELD(PHY_DLL_CONTROL, PHSEL0, 16, 6)
    FIELD(PHY_DLL_CONTROL, UPDATE, 23, 1)
    FIELD(PHY_DLL_CONTROL, PHSEL1, 24, 6)
    FIELD(PHY_DLL_CONTROL, REFCLK_SEL, 30, 1)
    FIELD(PHY_DLL_CONTROL, ENABLE, 31, 1)
REG32(PHY_LOGIC_TIMING_ADJUST, 0x188)

/* The Armada 3700 SoC's SD pad control (second window): 1.8 V or 3.3 V. */
REG32(SOC_PAD_CTRL, 0x0)
    FIELD(SOC_PAD_CTRL, V18, 0, 1)

#endif
