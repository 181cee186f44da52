/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the TCG plugins read from files, without QEMU: the guest kernel's
 * System.map, the board's DTB (the CPU-visible ranges of its nodes) and the
 * generated register map. Unit-tested in tests/unit/plugin-parse-test.c.
 */
#ifndef PLUGINS_PARSE_H
#define PLUGINS_PARSE_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>
#include "regmap.h"

/* --- System.map ---------------------------------------------------------- */
typedef struct KSym {
    uint64_t addr;
    uint64_t end;                   /* next text symbol's address */
    char type;                      /* t, T, w or W */
    char *name;
} KSym;

typedef struct KSymtab {
    KSym *syms;                     /* text symbols, sorted by address */
    size_t n;
} KSymtab;

/*
 * Text symbols of a System.map ("ADDR TYPE NAME" lines); false and *err
 * on an unreadable file, a malformed line or no text symbol at all.
 */
bool ksym_load(KSymtab *t, const char *path, GError **err);
bool ksym_parse(KSymtab *t, const char *text, GError **err);
void ksym_free(KSymtab *t);
/* The text symbol holding addr (addr in [sym, next symbol)), or NULL. */
const KSym *ksym_lookup(const KSymtab *t, uint64_t addr);
const KSym *ksym_find(const KSymtab *t, const char *name);
/* "name+0xoff" into buf, or "0x<addr>" outside every symbol. */
const char *ksym_format(const KSymtab *t, uint64_t addr, char *buf,
                        size_t len);

/* --- DTB ranges ---------------------------------------------------------- */
typedef struct DtRange {
    char *path;                     /* /soc/bus@0/rng@1020f000 */
    char *name;                     /* rng@1020f000 */
    char **compat;                  /* NULL-terminated */
    uint64_t base, size;            /* CPU physical address */
    int index;                      /* which entry of the node's reg */
} DtRange;

/*
 * Every reg entry of every node with a compatible, translated to a CPU
 * physical address through its parents' ranges; nodes that have no CPU
 * address (under a PCI host, /cpus, a bus without ranges) are counted in
 * *untranslated. Sorted by base.
 */
GPtrArray *dt_ranges(const void *fdt, int *untranslated, GError **err);
GPtrArray *dt_ranges_load(const char *path, int *untranslated, GError **err);
const DtRange *dt_range_find(GPtrArray *ranges, uint64_t addr);
void dt_range_free(gpointer r);

/* --- register map -------------------------------------------------------- */
const RegmapDevice *regmap_for_compat(char *const *compat);
/* The register at offset of the node's reg window (its index in reg). */
const RegmapReg *regmap_reg(const RegmapDevice *d, unsigned window,
                            uint64_t offset);
/* "EN=1 READY=0": the register's fields in value, into a new string. */
char *regmap_decode(const RegmapReg *r, uint64_t value);

/* --- AArch64 control flow (driver-coverage's basic blocks) -------------- */
typedef enum A64Kind {
    A64_OTHER,                      /* falls through */
    A64_CALL,                       /* BL, BLR: returns to the next insn */
    A64_JUMP,                       /* B: target only */
    A64_COND,                       /* B.cond, CB(N)Z, TB(N)Z: both */
    A64_INDIRECT,                   /* BR, RET, ERET: leaves the block */
} A64Kind;

typedef struct A64Flow {
    A64Kind kind;
    bool has_target;                /* a PC-relative immediate target */
    uint64_t target;
} A64Flow;

A64Flow a64_flow(uint32_t insn, uint64_t pc);
/* The instruction count without the trailing padding (0 words and NOPs). */
size_t a64_trim(const uint32_t *code, size_t n);
/*
 * Marks leader[i] for each instruction of code[0..n) (at addr) that starts
 * a basic block: the first, every branch target inside, every instruction
 * after a branch. Returns the number of blocks.
 */
size_t a64_blocks(const uint32_t *code, size_t n, uint64_t addr,
                  bool *leader);

/* --- line table ----------------------------------------------------------- */
typedef struct LineRef {
    uint64_t addr;
    const char *file;               /* interned (g_intern_string) */
    unsigned line;
} LineRef;

typedef struct LineTable {
    LineRef *refs;                  /* sorted by address */
    size_t n;
} LineTable;

/* "ADDR FILE LINE" lines (scripts/kernel-lines); false and *err if bad. */
bool lines_parse(LineTable *t, const char *text, GError **err);
bool lines_load(LineTable *t, const char *path, GError **err);
const LineRef *lines_find(const LineTable *t, uint64_t addr);
void lines_free(LineTable *t);

/* --- PCI functions seen through ECAM ------------------------------------- */
typedef struct PciBar {
    uint64_t base, size;
    bool is64, sizing, assigned;
} PciBar;

typedef struct PciFunc {
    unsigned bdf;                   /* bus << 8 | device << 3 | function */
    uint16_t vendor, device;
    bool have_id;
    PciBar bar[6];
} PciFunc;

typedef struct PciTracker {
    GHashTable *funcs;              /* bdf -> PciFunc */
} PciTracker;

void pci_tracker_init(PciTracker *t);
void pci_tracker_free(PciTracker *t);
/*
 * A guest access to ECAM at offset off (bus << 20 | device << 15 |
 * function << 12 | register) of size bytes, with the value read or
 * written: follows the IDs the guest reads and the BARs it sizes and
 * places. Returns the function when this access completed a memory BAR's
 * address (with its size known), and that BAR's index in *bar.
 */
PciFunc *pci_cfg_access(PciTracker *t, uint64_t off, unsigned size,
                        bool write, uint64_t value, int *bar);

/* --- plugin arguments ---------------------------------------------------- */
/* Split "key=value"; false when there is no '='. */
bool plugin_arg(const char *arg, char **key, char **value);

#endif
