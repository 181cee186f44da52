/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NXP CAAM descriptor disassembler (plain C, no QEMU headers): one
 * command of a job or shared descriptor as a line of text, for guest
 * error messages, traces and tests. The encodings are those of the
 * Linux caam driver's desc.h, the lengths those desc_constr.h writes.
 */
#ifndef HW_CRYPTO_CAAM_DISASM_H
#define HW_CRYPTO_CAAM_DISASM_H

#include <stddef.h>
#include <stdint.h>

/* A line's useful length: longer text is cut to outlen - 1 characters. */
#define CAAM_DISASM_LINE 256

/*
 * Decode the command at word idx of desc, a descriptor of n words whose
 * pointers are psz bytes (4 or 8; 64-bit ones low word first), into out
 * (outlen bytes, always NUL-terminated when outlen > 0). Returns the
 * words the command occupies: the command word with its immediate data,
 * pointers, extended length, MATH immediates, the split key room a DKP
 * reserves, a header's protocol data block. It never reads desc[n] or
 * beyond: a command cut by the end prints "... truncated" and returns
 * the n - idx words left. Returns 0, with an empty line, when idx >= n.
 */
unsigned caam_disasm(const uint32_t *desc, unsigned n, unsigned idx,
                     unsigned psz, char *out, size_t outlen);

/*
 * Walk a whole descriptor from word 0 (its header is a command too),
 * calling line() for each command with its index and text.
 */
void caam_disasm_all(const uint32_t *desc, unsigned n, unsigned psz,
                     void (*line)(void *opaque, unsigned idx,
                                  const char *text),
                     void *opaque);

#endif
