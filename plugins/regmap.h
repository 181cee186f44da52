/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The register map of every model, generated at build time by
 * scripts/gen-regmap from include/hw/<class>/<name>_regs.h (registers and
 * fields) and hw/<class>/<name>.c (the DT compatibles of its node).
 */
#ifndef PLUGINS_REGMAP_H
#define PLUGINS_REGMAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct RegmapField {
    const char *name;
    unsigned shift, len;
} RegmapField;

typedef struct RegmapReg {
    const char *name;
    uint64_t offset;
    unsigned size;                  /* bytes: 1, 2, 4 or 8 */
    const RegmapField *fields;
    unsigned nfields;
    unsigned window;                /* index in the node's reg */
} RegmapReg;

typedef struct RegmapDevice {
    const char *header;             /* include/hw/<class>/<name>_regs.h */
    const char *const *compat;      /* NULL-terminated */
    const RegmapReg *regs;          /* sorted by window, then offset */
    unsigned nregs;
} RegmapDevice;

extern const RegmapDevice regmap_devices[];
extern const unsigned regmap_num_devices;

#endif
