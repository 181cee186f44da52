/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TI ADS7950 family SPI ADCs (ADS7950-ADS7961): "ti,ads79NN".
 */
#ifndef HW_ADC_TI_ADS7950_H
#define HW_ADC_TI_ADS7950_H

#include "hw/ssi/ssi.h"
#include "hw/adc/ti_ads7950_regs.h"
#include "qom/object.h"

#define TYPE_TI_ADS7950 "ti-ads7950-family"
#define TYPE_TI_ADS7957 "ti-ads7957"
OBJECT_DECLARE_TYPE(TiAds7950State, TiAds7950Class, TI_ADS7950)

struct TiAds7950Class {
    SSIPeripheralClass parent_class;
    const char *compatible;
    uint8_t nchan;
    uint8_t bits;
};

struct TiAds7950State {
    SSIPeripheral parent_obj;

    qemu_irq gpio_out[ADS7950_NUM_GPIOS];
    uint32_t phandle;

    /* Properties. */
    uint32_t vref_uv;
    uint32_t max_hz;
    uint8_t gpio_in;
    /* Each channel's input, in microvolts (chN-uv, or a source's). */
    uint32_t input_uv[ADS7950_MAX_CHANNELS];

    /* Registers. */
    uint8_t mode;
    uint8_t settings;
    uint16_t auto1_mask;
    uint8_t auto2_last;
    uint16_t gpio_prog;
    /* The channel in the sequence of Auto-1/Auto-2. */
    uint8_t auto_ch;
    /* The next frame is the Auto-1 channel mask. */
    bool auto1_prog_next;
    /* The channel sampled during the coming frame. */
    uint8_t sample_ch;
    /* What the chip shifts out in the coming frame: channel, result. */
    uint8_t out_ch;
    uint16_t out_code;
    /* Words received since chip select went low. */
    uint8_t frame_words;
};

/* A source (the battery model) sets channel @ch's input, in microvolts. */
void ti_ads7950_set_input(TiAds7950State *s, unsigned ch, uint32_t uv);
/* The phandle of the ADC's node, allocated on first use in @fdt. */
uint32_t ti_ads7950_phandle(TiAds7950State *s, void *fdt);

#endif
