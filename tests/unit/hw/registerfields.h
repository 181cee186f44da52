/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Stand-in for QEMU's hw/registerfields.h in the unit tests, which build
 * without QEMU's headers: the REG32 and FIELD of the models' _regs.h,
 * defining the names QEMU's do (A_, R_, R_reg_field_SHIFT/LENGTH/MASK),
 * so that a pure-C file can use a _regs.h's plain #defines. Same guard
 * as QEMU's: a file that defines the macros itself (caam_disasm.c, built
 * with QEMU's headers too) skips either.
 */
#ifndef REGISTERFIELDS_H
#define REGISTERFIELDS_H

#define REG32(reg, addr)                                                  \
    enum { A_ ## reg = (addr), R_ ## reg = (addr) / 4 };

#define FIELD(reg, field, shift, length)                                  \
    enum { R_ ## reg ## _ ## field ## _SHIFT = (shift),                   \
           R_ ## reg ## _ ## field ## _LENGTH = (length),                 \
           R_ ## reg ## _ ## field ## _MASK =                             \
               (int)((~0u >> (32 - (length))) << (shift)) };

#endif
