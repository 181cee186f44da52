/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TI OMAP4 USB2 PHY ("ti,omap-usb2", drivers/phy/ti/phy-omap-usb2.c) and
 * the control-module register that powers it down, as the driver reaches
 * it through "syscon-phy-power".
 */
#ifndef HW_USB_OMAP_USB2_PHY_REGS_H
#define HW_USB_OMAP_USB2_PHY_REGS_H

#include "hw/registerfields.h"

/* The PHY's window: the OMAP4's USB2PHY block is 0x58 bytes. */
#define OMAP_USB2_PHY_SIZE          0x58
/* The page it sits in, which the model decodes to report stray accesses. */
#define OMAP_USB2_PHY_WINDOW        0x1000

/* Charger detection: the driver turns it off for the SoCs that need it. */
REG32(USB2PHY_CHRG_DET, 0x14)
    FIELD(USB2PHY_CHRG_DET, DIS_CHG_DET, 28, 1)
    FIELD(USB2PHY_CHRG_DET, USE_CHG_DET_REG, 29, 1)
/* Analog configuration: the false-disconnect calibration of DRA7/AM654. */
REG32(USB2PHY_ANA_CONFIG1, 0x4c)
    FIELD(USB2PHY_ANA_CONFIG1, DISCON_BYP_LATCH, 31, 1)

/*
 * The control module's CONTROL_DEV_CONF, in a window of its own (a
 * "syscon" node): bit 0 powers the PHY down, set out of reset.
 */
#define OMAP_USB2_CTRL_SIZE         0x100
REG32(CONTROL_DEV_CONF, 0x0)
    FIELD(CONTROL_DEV_CONF, USBPHY_PD, 0, 1)

#endif
