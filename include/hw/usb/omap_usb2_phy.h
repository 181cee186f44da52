/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TI OMAP4 USB2 PHY ("ti,omap-usb2"), the CPCAP charger's companion.
 */
#ifndef HW_USB_OMAP_USB2_PHY_H
#define HW_USB_OMAP_USB2_PHY_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/usb/omap_usb2_phy_regs.h"

#define TYPE_OMAP_USB2_PHY "omap-usb2-phy"
OBJECT_DECLARE_SIMPLE_TYPE(OmapUsb2PhyState, OMAP_USB2_PHY)

struct OmapUsb2PhyState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    MemoryRegion ctrl;
    uint32_t phy[OMAP_USB2_PHY_SIZE / 4];
    uint32_t dev_conf;
};

#endif
