/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NXP CAAM descriptor disassembler (plain C, no QEMU headers; the API is
 * in the header). Written from the Linux caam driver's desc.h (the
 * encodings) and desc_constr.h (what follows each command word: data,
 * pointers, lengths); where the driver writes nothing of a case, from
 * NXP's flib (RTA), which writes every command.
 *
 * A command's length comes from its first word alone, so a command cut
 * by the descriptor's end is known to be cut before any of its operand
 * words is read.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/*
 * caam_regs.h's register half is written with QEMU's REG32/FIELD
 * (hw/registerfields.h, which wants QEMU's osdep.h); only its descriptor
 * encodings, plain #defines, are used here. Stand in for the two macros,
 * under registerfields.h's guard: the header caam_regs.h then includes
 * is skipped, QEMU's in the QEMU build, the unit tests' stand-in
 * (tests/unit/hw/registerfields.h) in theirs.
 */
#ifndef REGISTERFIELDS_H
#define REGISTERFIELDS_H
#define REG32(reg, addr)                    enum { A_ ## reg = (addr) };
#define FIELD(reg, field, shift, length)
#endif
#include "hw/crypto/caam_regs.h"
#include "hw/crypto/caam_disasm.h"

#define ALIGN_UP(x, a)      (((x) + (a) - 1) / (a) * (a))
#define WORDS(bytes)        (((bytes) + 3) / 4)
#define ARRAY_LEN(a)        (sizeof(a) / sizeof((a)[0]))

typedef struct Dis {
    const uint32_t *desc;
    unsigned n;             /* the descriptor's words */
    unsigned idx;           /* the command's word */
    unsigned psz;           /* pointer size, bytes */
    unsigned need;          /* the words the command occupies */
    bool cut;               /* ... which run past n */
    char *out;
    size_t size;
    size_t len;
} Dis;

static void put(Dis *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void put(Dis *d, const char *fmt, ...)
{
    va_list ap;
    int r;

    if (d->len + 1 >= d->size) {
        return;
    }
    va_start(ap, fmt);
    r = vsnprintf(d->out + d->len, d->size - d->len, fmt, ap);
    va_end(ap);
    if (r > 0) {
        d->len += (size_t)r;
        if (d->len > d->size - 1) {
            d->len = d->size - 1;
        }
    }
}

static void flag(Dis *d, bool on, const char *name)
{
    if (on) {
        put(d, " %s", name);
    }
}

/* Word k of the command (0: the command word), 0 past the end. */
static uint32_t arg(const Dis *d, unsigned k)
{
    return d->idx + k < d->n ? d->desc[d->idx + k] : 0;
}

/* The command occupies need words: is it all there? */
static void occupy(Dis *d, unsigned need)
{
    d->need = need;
    d->cut = d->idx + need > d->n;
}

/* The pointer at word k of the command. */
static void ptr(Dis *d, unsigned k)
{
    if (d->psz == 8) {
        put(d, " ptr=0x%" PRIx64,
            (uint64_t)arg(d, k + 1) << 32 | arg(d, k));
    } else {
        put(d, " ptr=0x%08" PRIx32, arg(d, k));
    }
}

static const char *name_of(const char *const *names, size_t count,
                           unsigned v)
{
    return v < count ? names[v] : NULL;
}

#define NAME(names, v)      name_of(names, ARRAY_LEN(names), v)

/* ---- HEADER ---- */

static void dis_header(Dis *d, uint32_t w)
{
    static const char *const share[8] = {
        "never", "wait", "serial", "always", "defer", "5", "6", "7",
    };
    bool job = CAAM_CMD(w) == CAAM_CMD_DESC_HDR;
    bool shared = job && (w & CAAM_HDR_SHARED);
    unsigned start = (w >> CAAM_HDR_START_IDX_SHIFT) &
                     CAAM_HDR_START_IDX_MASK;
    unsigned len = w & (job ? CAAM_HDR_JD_LEN_MASK : CAAM_HDR_SD_LEN_MASK);
    unsigned sh = (w >> CAAM_HDR_SHARE_SHIFT) &
                  (job ? CAAM_HDR_JD_SHARE_MASK : CAAM_HDR_SD_SHARE_MASK);

    /*
     * A job header with SHARED is followed by the shared descriptor's
     * pointer (its start index field holds the shared length); any other
     * header at word 0 by its protocol data block, up to its start index.
     */
    occupy(d, shared ? 1 + d->psz / 4 :
              d->idx == 0 && start > 1 ? start : 1);
    put(d, "HEADER %s", job ? "job" : "shared");
    if (shared) {
        put(d, " shared sdlen=%u", start);
    } else {
        put(d, " start=%u", start);
    }
    put(d, " len=%u share=%s", len, share[sh]);
    if (job) {
        flag(d, w & CAAM_HDR_REVERSE, "reverse");
        flag(d, w & CAAM_HDR_TRUSTED, "trusted");
        flag(d, w & CAAM_HDR_MAKE_TRUSTED, "mktrusted");
    } else {
        flag(d, w & CAAM_HDR_SAVECTX, "savectx");
        flag(d, w & CAAM_HDR_PROP_DNR, "propdnr");
    }
    flag(d, w & CAAM_HDR_DNR, "dnr");
    flag(d, !(w & CAAM_HDR_ONE), "!one");
    flag(d, w & CAAM_HDR_ZRO, "!zro");
    if (!shared && d->need > 1) {
        put(d, " pdb=%u", d->need - 1);
    }
    if (shared && !d->cut) {
        ptr(d, 1);
    }
}

/* ---- KEY ---- */

static void dis_key(Dis *d, uint32_t w)
{
    static const char *const dest[4] = {
        NULL, "PKHA_E", "AFHA_SBOX", "MDHA_SPLIT",
    };
    bool seq = CAAM_CMD(w) == CAAM_CMD_SEQ_KEY;
    bool imm = !seq && (w & CAAM_KEY_IMM);
    unsigned len = w & CAAM_KEY_LEN_MASK;
    unsigned bytes = len;

    /*
     * An encrypted (black) key takes more room than its length: padded
     * to the KEK's block (desc_constr.h's append_key_as_imm() of a split
     * key with KEY_ENC: keylen_pad bytes), or with the CCM nonce and ICV.
     */
    if (w & CAAM_KEY_ENC) {
        bytes = (w & CAAM_KEY_EKT) ?
                ALIGN_UP(len, 8) + CAAM_KEK_CCM_OVERHEAD :
                ALIGN_UP(len, CAAM_KEK_BLOCK);
    }
    occupy(d, 1 + (seq ? 0 : imm ? WORDS(bytes) : d->psz / 4));
    put(d, "%s class%u", seq ? "SEQ KEY" : "KEY",
        (w & CAAM_CLASS_MASK) >> CAAM_CLASS_SHIFT);
    if (dest[(w & CAAM_KEY_DEST_MASK) >> CAAM_KEY_DEST_SHIFT]) {
        put(d, " %s", dest[(w & CAAM_KEY_DEST_MASK) >> CAAM_KEY_DEST_SHIFT]);
    }
    flag(d, w & CAAM_KEY_ENC, "enc");
    flag(d, w & CAAM_KEY_EKT, "ekt");
    flag(d, w & CAAM_KEY_TK, "tk");
    flag(d, w & CAAM_KEY_NWB, "nwb");
    flag(d, w & CAAM_CMD_SGF, seq ? "vlf" : "sgf");
    flag(d, w & CAAM_KEY_IMM, "imm");
    put(d, " len=%u", len);
    if (!seq && !imm && !d->cut) {
        ptr(d, 1);
    }
}

/* ---- LOAD, STORE ---- */

static const char *ldst_reg(unsigned cls, unsigned reg)
{
    static const char *const word[] = {
        [0x00] = "MODE", [0x01] = "KEYSZ", [0x02] = "DATASZ",
        [0x03] = "ICVSZ", [0x0c] = "IVSZ", [0x0f] = "ALTDS",
        [0x10] = "PKASZ", [0x11] = "PKBSZ", [0x12] = "PKNSZ",
        [0x13] = "PKESZ", [0x20] = "CTX", [0x40] = "KEY",
        [0x71] = "INFO_FIFO_SM", [0x7a] = "INFO_FIFO", [0x7c] = "INFIFO",
        [0x7e] = "OUTFIFO",
    };
    static const char *const ind[] = {
        [0x06] = "CHACTRL", [0x07] = "IRQCTRL", [0x08] = "CLRW",
        [0x09] = "STAT",
    };
    static const char *const deco[] = {
        [0x06] = "DECOCTRL", [0x07] = "DPOVRD", [0x08] = "MATH0",
        [0x09] = "MATH1", [0x0a] = "MATH2", [0x0b] = "MATH3",
        [0x40] = "DESCBUF", [0x41] = "DESCBUF_JOB",
        [0x42] = "DESCBUF_SHARED", [0x45] = "DESCBUF_JOB_WE",
        [0x46] = "DESCBUF_SHARED_WE",
    };
    const char *s = NULL;

    if (cls == 0) {
        s = NAME(ind, reg);
    } else if (cls == 3) {
        s = NAME(deco, reg);
    }
    return s ? s : NAME(word, reg);
}

static void dis_nfifo(Dis *d, uint32_t e)
{
    static const char *const dest[4] = { "deco", "class1", "class2",
                                         "both" };
    static const char *const stype[4] = { "dfifo", "ofifo", "pad",
                                          "snoop" };
    static const char *const dtype[16] = {
        [0x0] = "SBOX", [0x1] = "AAD", [0x2] = "IV", [0x3] = "SAD",
        [0xa] = "ICV", [0xb] = "POLY", [0xe] = "SKIP", [0xf] = "MSG",
    };
    static const char *const ptype[8] = {
        "zeros", "rnd_nz", "incr", "rnd", "zeros_nz", "rnd_nz_lz", "n",
        "rnd_nz_n",
    };
    unsigned st = (e >> CAAM_NFIFO_STYPE_SHIFT) & 3;
    unsigned dt = (e >> CAAM_NFIFO_DTYPE_SHIFT) & 0xf;

    put(d, " nfifo: %s %s", dest[e >> CAAM_NFIFO_DEST_SHIFT], stype[st]);
    if (dtype[dt]) {
        put(d, " %s", dtype[dt]);
    } else {
        put(d, " dtype=0x%x", dt);
    }
    flag(d, e & CAAM_NFIFO_LC2, "lc2");
    flag(d, e & CAAM_NFIFO_LC1, "lc1");
    flag(d, e & (1u << 27), "fc2");
    flag(d, e & (1u << 26), "fc1");
    flag(d, e & (1u << 19), "bnd");
    if (st == CAAM_NFIFO_STYPE_PAD) {
        put(d, " %s", ptype[(e >> CAAM_NFIFO_PTYPE_SHIFT) & 7]);
    }
    flag(d, e & (1u << 15), "oc");
    flag(d, e & (1u << 14), "ast");
    flag(d, e & (1u << 11), "bm");
    flag(d, e & (1u << 10), "ps");
    put(d, " dlen=%u", e & CAAM_NFIFO_DLEN_MASK);
}

/* LOAD to the DECO's control register: flags in offset and length. */
static void dis_decoctrl(Dis *d, uint32_t w, bool seq)
{
    static const char *const chg[4] = { NULL, "share_never",
                                        "share_ok_prop",
                                        "share_ok_no_prop" };
    unsigned off = (w >> CAAM_LDST_OFFSET_SHIFT) & CAAM_LDST_OFFSET_MASK;
    unsigned len = w & CAAM_LDST_LEN_MASK;

    occupy(d, 1);
    put(d, "%s deco DECOCTRL", seq ? "SEQ LOAD" : "LOAD");
    flag(d, w & CAAM_LDST_IMM, "imm");
    if (chg[off & 3]) {
        put(d, " %s", chg[off & 3]);
    }
    flag(d, off & 4, "auto_nfifo_on");
    flag(d, off & 8, "auto_nfifo_off");
    if (off & 0xf0) {
        put(d, " liodn=0x%x", off >> 4);
    }
    flag(d, len & 0x80, "osl_count");
    flag(d, len & 0x40, "rst_cha_ofifo_ptr");
    flag(d, len & 0x20, "rst_ofifo");
    if (len & 0x10) {
        put(d, " ofifo_off=%u", len & 3);
    }
}

static void dis_ldst(Dis *d, uint32_t w)
{
    static const char *const cls_name[4] = { "ind", "class1", "class2",
                                             "deco" };
    unsigned cmd = CAAM_CMD(w);
    bool load = cmd == CAAM_CMD_LOAD || cmd == CAAM_CMD_SEQ_LOAD;
    bool seq = cmd == CAAM_CMD_SEQ_LOAD || cmd == CAAM_CMD_SEQ_STORE;
    bool imm = w & CAAM_LDST_IMM;
    unsigned cls = (w & CAAM_CLASS_MASK) >> CAAM_CLASS_SHIFT;
    unsigned reg = (w & CAAM_LDST_SRCDST_MASK) >> CAAM_LDST_SRCDST_SHIFT;
    unsigned off = (w >> CAAM_LDST_OFFSET_SHIFT) & CAAM_LDST_OFFSET_MASK;
    unsigned len = w & CAAM_LDST_LEN_MASK;
    const char *name = ldst_reg(cls, reg);
    unsigned ptrw = seq ? 0 : d->psz / 4;
    unsigned data;

    if (load && cls == 3 && reg == CAAM_LDST_DECOCTRL) {
        dis_decoctrl(d, w, seq);
        return;
    }
    /* The DECO's descriptor buffer counts in words (flib's load()). */
    data = imm ? WORDS(cls == 3 && reg == CAAM_LDST_DESCBUF ? 4 * len : len)
               : 0;
    /* STOREs of the descriptor buffers take no pointer (append_store()) */
    if (!load && (reg == CAAM_LDST_DESCBUF_JOB ||
                  reg == CAAM_LDST_DESCBUF_SHARED ||
                  reg == CAAM_LDST_DESCBUF_JOB_WE ||
                  reg == CAAM_LDST_DESCBUF_SHARED_WE)) {
        ptrw = 0;
    }
    /* LOAD: data or pointer; STORE: pointer, then any data (flib) */
    occupy(d, 1 + (load ? (imm ? data : ptrw) : ptrw + data));
    put(d, "%s%s %s", seq ? "SEQ " : "", load ? "LOAD" : "STORE",
        cls_name[cls]);
    if (name) {
        put(d, " %s", name);
    } else {
        put(d, " reg0x%02x", reg);
    }
    if (off) {
        put(d, "+%u", off);
    }
    flag(d, w & CAAM_CMD_SGF, seq ? "vlf" : "sgf");
    flag(d, imm, "imm");
    put(d, " len=%u", len);
    if (d->cut) {
        return;
    }
    if (imm && load && cls == 0 && reg == CAAM_LDST_INFO_FIFO && len == 4) {
        dis_nfifo(d, arg(d, 1));
    } else if (imm && load && len && len <= 8 &&
               (reg < CAAM_LDST_CTX || reg == CAAM_LDST_INFO_FIFO)) {
        put(d, " =");
        for (unsigned i = 0; i < data; i++) {
            put(d, " 0x%08" PRIx32, arg(d, 1 + i));
        }
    }
    if (ptrw && !(load && imm)) {
        ptr(d, 1);
    }
}

/* ---- FIFO LOAD, FIFO STORE ---- */

static void dis_fifold_type(Dis *d, unsigned t)
{
    static const char *const pk[16] = {
        "PK_A0", "PK_A1", "PK_A2", "PK_A3", "PK_B0", "PK_B1", "PK_B2",
        "PK_B3", "PK_N", NULL, NULL, NULL, "PK_A", "PK_B", NULL,
        "NOINFOFIFO",
    };
    static const char *const type[8] = {
        NULL, NULL, "MSG", "MSG1OUT2", "IV", "BITDATA", "AAD", "ICV",
    };

    if (!(t & CAAM_FIFOLD_TYPE_PK_MASK)) {
        if (pk[t]) {
            put(d, " %s", pk[t]);
        } else {
            put(d, " type=0x%02x", t);
        }
        return;
    }
    put(d, " %s", type[t >> 3]);
    flag(d, t & CAAM_FIFOLD_FLUSH1, "FLUSH1");
    flag(d, t & CAAM_FIFOLD_LAST1, "LAST1");
    flag(d, t & CAAM_FIFOLD_LAST2, "LAST2");
}

static void dis_fifo_load(Dis *d, uint32_t w)
{
    static const char *const cls_name[4] = { "skip", "class1", "class2",
                                             "both" };
    bool seq = CAAM_CMD(w) == CAAM_CMD_SEQ_FIFO_LOAD;
    bool imm = !seq && (w & CAAM_FIFO_IMM);
    bool ext = w & CAAM_FIFO_EXT;
    bool vlf = seq && (w & CAAM_FIFO_SGF);
    unsigned t = (w >> CAAM_FIFOLD_TYPE_SHIFT) & 0x3f;
    unsigned len = w & CAAM_FIFO_LEN_MASK;
    unsigned extw = imm ? 0 : seq ? 1 : 1 + d->psz / 4;

    occupy(d, imm ? 1 + WORDS(len) : extw + ext);
    put(d, "%s %s", seq ? "SEQ FIFO LOAD" : "FIFO LOAD",
        cls_name[(w & CAAM_CLASS_MASK) >> CAAM_CLASS_SHIFT]);
    /* a plain skip (FIFOLD_CLASS_SKIP) has no type */
    if ((w & CAAM_CLASS_MASK) || t) {
        dis_fifold_type(d, t);
    }
    flag(d, w & CAAM_FIFO_SGF, seq ? "VLF" : "sgf");
    flag(d, w & CAAM_FIFO_IMM, "imm");
    flag(d, ext, "ext");
    if (d->cut) {
        if (!ext) {
            put(d, " len=%u", len);
        }
        return;
    }
    if (ext) {
        put(d, " len=%" PRIu32, arg(d, extw));
    } else if (len || !vlf) {
        put(d, " len=%u", len);
    }
    if (!seq && !imm) {
        ptr(d, 1);
    }
}

static void dis_fifo_store(Dis *d, uint32_t w)
{
    static const char *const type[64] = {
        [0x00] = "PKHA_A0", [0x01] = "PKHA_A1", [0x02] = "PKHA_A2",
        [0x03] = "PKHA_A3", [0x04] = "PKHA_B0", [0x05] = "PKHA_B1",
        [0x06] = "PKHA_B2", [0x07] = "PKHA_B3", [0x08] = "PKHA_N",
        [0x0c] = "PKHA_A", [0x0d] = "PKHA_B",
        [0x20] = "AF_SBOX_JKEK", [0x21] = "AF_SBOX_TKEK",
        [0x22] = "PKHA_E_JKEK", [0x23] = "PKHA_E_TKEK",
        [0x24] = "KEY_KEK", [0x25] = "KEY_TKEK", [0x26] = "SPLIT_KEK",
        [0x27] = "SPLIT_TKEK", [0x28] = "OUTFIFO_KEK",
        [0x29] = "OUTFIFO_TKEK", [0x30] = "MSG", [0x34] = "RNGSTORE",
        [0x35] = "RNGFIFO", [0x3e] = "METADATA", [0x3f] = "SKIP",
    };
    bool seq = CAAM_CMD(w) == CAAM_CMD_SEQ_FIFO_STORE;
    bool ext = w & CAAM_FIFO_EXT;
    unsigned t = (w >> CAAM_FIFOLD_TYPE_SHIFT) & 0x3f;
    unsigned cls = (w & CAAM_CLASS_MASK) >> CAAM_CLASS_SHIFT;
    unsigned len = w & CAAM_FIFO_LEN_MASK;
    /* RNGFIFO goes to the output FIFO: no pointer (flib) */
    unsigned ptrw = seq || t == CAAM_FIFOST_TYPE_RNGFIFO ? 0 : d->psz / 4;

    occupy(d, 1 + ptrw + ext);
    put(d, "%s", seq ? "SEQ FIFO STORE" : "FIFO STORE");
    if (cls) {
        put(d, " class%u", cls);
    }
    if (type[t]) {
        put(d, " %s", type[t]);
    } else {
        put(d, " type=0x%02x", t);
    }
    flag(d, w & CAAM_FIFOST_CONT, "cont");
    flag(d, w & CAAM_FIFO_SGF, seq ? "VLF" : "sgf");
    flag(d, ext, "ext");
    if (d->cut) {
        if (!ext) {
            put(d, " len=%u", len);
        }
        return;
    }
    if (ext) {
        put(d, " len=%" PRIu32, arg(d, 1 + ptrw));
    } else if (len || !(seq && (w & CAAM_FIFO_SGF))) {
        put(d, " len=%u", len);
    }
    if (ptrw) {
        ptr(d, 1);
    }
}

/* ---- MOVE ---- */

static const char *const move_src[16] = {
    "CLASS1CTX", "CLASS2CTX", "OUTFIFO", "DESCBUF", "MATH0", "MATH1",
    "MATH2", "MATH3", "INFIFO", "INFIFO_CL", "AUX_ABLK",
};

static const char *const move_dst[16] = {
    "CLASS1CTX", "CLASS2CTX", "OUTFIFO", "DESCBUF", "MATH0", "MATH1",
    "MATH2", "MATH3", "CLASS1INFIFO", "CLASS2INFIFO", "INFIFO_NOINFO",
    NULL, "PK_A", "CLASS1KEY", "CLASS2KEY",
};

static void move_end(Dis *d, const char *const *names, unsigned v,
                     unsigned off)
{
    if (names[v]) {
        put(d, " %s", names[v]);
    } else {
        put(d, " %u", v);
    }
    if (off) {
        put(d, "+%u", off);
    }
}

static void dis_move(Dis *d, uint32_t w)
{
    static const char *const aux[4] = { NULL, "aux_ls", "aux_ms",
                                        "aux_3" };
    bool len_reg = CAAM_CMD(w) == CAAM_CMD_MOVE_LEN;
    unsigned src = (w >> CAAM_MOVE_SRC_SHIFT) & 0xf;
    unsigned dst = (w >> CAAM_MOVE_DEST_SHIFT) & 0xf;
    unsigned off = (w >> CAAM_MOVE_OFFSET_SHIFT) & 0xff;
    /* The offset is the source's when it is addressable (as the model) */
    bool src_off = src <= CAAM_MOVE_CLASS2CTX || src == CAAM_MOVE_DESCBUF;

    occupy(d, 1);
    put(d, "%s", len_reg ? "MOVE_LEN" : "MOVE");
    flag(d, w & CAAM_MOVE_WAITCOMP, "waitcomp");
    if (aux[(w >> CAAM_MOVE_AUX_SHIFT) & 3]) {
        put(d, " %s", aux[(w >> CAAM_MOVE_AUX_SHIFT) & 3]);
    }
    if (src == CAAM_MOVE_SRC_INFIFO_CL && !len_reg) {
        /*
         * From a class's input FIFO the length is 16 bits, the offset
         * its high byte (as the model; the null-cipher and RFC 4543
         * descriptors patch it in at run time through MATH3).
         */
        move_end(d, move_src, src, 0);
        put(d, " ->");
        move_end(d, move_dst, dst, 0);
        put(d, " len=%u", w & 0xffff);
        return;
    }
    move_end(d, move_src, src, src_off ? off : 0);
    put(d, " ->");
    move_end(d, move_dst, dst, src_off ? 0 : off);
    if (len_reg) {
        put(d, " len=MATH%u", w & CAAM_MOVELEN_MRSEL_MASK);
    } else {
        put(d, " len=%u", w & CAAM_MOVE_LEN_MASK);
    }
}

/* ---- OPERATION ---- */

static void dis_alg(Dis *d, uint32_t w)
{
    static const char *const alg_name[256] = {
        [0x10] = "AES", [0x20] = "DES", [0x21] = "3DES", [0x30] = "ARC4",
        [0x40] = "MD5", [0x41] = "SHA1", [0x42] = "SHA224",
        [0x43] = "SHA256", [0x44] = "SHA384", [0x45] = "SHA512",
        [0x50] = "RNG", [0x60] = "SNOW_F8", [0x70] = "KASUMI",
        [0x90] = "CRC", [0xa0] = "SNOW_F9", [0xd0] = "CHACHA20",
        [0xe0] = "POLY1305",
    };
    static const char *const mode[16] = {
        NULL, "CBC", "ECB", "CFB", "OFB", "XTS", "CMAC", "XCBC_MAC",
        "CCM", "GCM", "CBC_XCBCMAC", "CTR_XCBCMAC",
    };
    static const char *const as[4] = { "UPDATE", "INIT", "FINALIZE",
                                       "INITFINAL" };
    static const char *const rng_as[4] = { "GENERATE", "INSTANTIATE",
                                           "RESEED", "UNINSTANTIATE" };
    unsigned alg = (w & CAAM_OP_ALGSEL_MASK) >> CAAM_OP_ALGSEL_SHIFT;
    unsigned aai = (w & CAAM_OP_AAI_MASK) >> CAAM_OP_AAI_SHIFT;
    unsigned st = (w & CAAM_OP_AS_MASK) >> CAAM_OP_AS_SHIFT;
    unsigned rest = 0;

    put(d, "OPERATION %s", (w & CAAM_OP_TYPE_MASK) == CAAM_OP_TYPE_CLASS1 ?
        "class1" : "class2");
    if (alg_name[alg]) {
        put(d, " %s", alg_name[alg]);
    } else {
        put(d, " alg=0x%02x", alg);
    }
    switch (alg) {
    case CAAM_ALG_AES:
    case CAAM_ALG_DES:
    case CAAM_ALG_3DES:
        if (alg != CAAM_ALG_AES && (aai & 0x80)) {
            put(d, " CHECKODD");
            aai &= ~0x80u;
        }
        if ((aai & 0xf0) == 0) {
            put(d, " CTR_MOD%u", aai & 0xf ? 8 * (aai & 0xf) : 128);
        } else if (mode[(aai >> 4) & 0xf]) {
            put(d, " %s", mode[(aai >> 4) & 0xf]);
            rest = aai & 0xf;
        } else {
            rest = aai & 0xff;
        }
        flag(d, aai & CAAM_AAI_DK, "DK");
        break;
    case CAAM_ALG_MD5 ... CAAM_ALG_SHA512:
        if (aai == CAAM_AAI_HASH) {
            put(d, " HASH");
        }
        flag(d, aai & CAAM_AAI_HMAC, "HMAC");
        flag(d, aai & 0x02, "SMAC");
        flag(d, aai & CAAM_AAI_HMAC_PRECOMP, "HMAC_PRECOMP");
        rest = aai & ~0x07u;
        break;
    case CAAM_ALG_RNG:
        put(d, " SH%u", aai & CAAM_AAI_RNG4_SH1);
        flag(d, aai & 0x10, "NZB");
        flag(d, aai & 0x20, "OBP");
        flag(d, aai & 0x40, "PS");
        flag(d, aai & 0x80, "AI");
        flag(d, aai & CAAM_AAI_RNG4_SK, "SK");
        rest = aai & 0x0e;
        break;
    default:
        rest = aai;
        break;
    }
    if (rest) {
        put(d, " aai=0x%03x", rest);
    }
    if (alg == CAAM_ALG_RNG) {
        put(d, " %s", rng_as[st]);
        flag(d, w & CAAM_OP_PR_ON, "PR");
        flag(d, w & CAAM_OP_ENCRYPT, "encrypt");
        return;
    }
    put(d, " %s %s", as[st], (w & CAAM_OP_ENCRYPT) ? "encrypt" : "decrypt");
    flag(d, w & CAAM_OP_ICV, "ICV");
}

/*
 * The split key's length, split_key_len() (key_gen.h): what the driver's
 * adata.keylen_pad is when it has DKP (Era 6+, caamalg.c/caamhash.c).
 */
static unsigned dkp_split_len(unsigned pclid)
{
    static const unsigned pad[6] = { 16, 20, 32, 32, 64, 64 };
    unsigned i = pclid & 0xf;

    return i < ARRAY_LEN(pad) ? 2 * pad[i] : 0;
}

/*
 * The Derived Key Protocol as append_proto_dkp() (desc_constr.h) writes
 * it: the key (immediate) or its pointer and, with an immediate
 * destination, room after the command for the split key the DECO writes
 * there: ALIGN(keylen_pad, 4) bytes whichever of the key and its pointer
 * the room starts with.
 */
static void dis_dkp(Dis *d, uint32_t w, unsigned pclid)
{
    static const char *const where[4] = { "imm", "seq", "ptr", "sgf" };
    static const char *const hash[6] = { "MD5", "SHA1", "SHA224", "SHA256",
                                         "SHA384", "SHA512" };
    unsigned src = (w >> CAAM_OP_DKP_SRC_SHIFT) & 3;
    unsigned dst = (w >> CAAM_OP_DKP_DST_SHIFT) & 3;
    unsigned klen = w & CAAM_OP_DKP_KEYLEN_MASK;
    bool src_ptr = src == CAAM_OP_DKP_PTR || src == CAAM_OP_DKP_SGF;
    bool dst_ptr = dst == CAAM_OP_DKP_PTR || dst == CAAM_OP_DKP_SGF;
    unsigned words = src == CAAM_OP_DKP_IMM ? WORDS(klen) :
                     src_ptr ? d->psz / 4 : 0;

    if (dst == CAAM_OP_DKP_IMM) {
        if (WORDS(dkp_split_len(pclid)) > words) {
            words = WORDS(dkp_split_len(pclid));
        }
    } else if (dst_ptr && !src_ptr) {
        /* a destination pointer of its own, after any immediate key */
        words += d->psz / 4;
    }
    occupy(d, 1 + words);
    put(d, "OPERATION protocol DKP_%s%s src=%s dst=%s keylen=%u",
        pclid >= CAAM_OP_PCLID_DKP_RIF_MD5 ? "RIF_" : "",
        (pclid & 0xf) < 6 ? hash[pclid & 0xf] : "?",
        where[src], where[dst], klen);
    if (d->cut) {
        return;
    }
    if (src_ptr) {
        ptr(d, 1);
    } else if (dst_ptr) {
        ptr(d, 1 + (src == CAAM_OP_DKP_IMM ? WORDS(klen) : 0));
    }
}

static void dis_operation(Dis *d, uint32_t w)
{
    static const char *const uni[256] = {
        [0x01] = "IKEV1_PRF", [0x02] = "IKEV2_PRF", [0x06] = "PRF",
        [0x08] = "SSL30_PRF", [0x09] = "TLS10_PRF", [0x0a] = "TLS11_PRF",
        [0x0c] = "DTLS10_PRF", [0x0d] = "BLOB", [0x11] = "SECRETKEY",
        [0x14] = "PUBLICKEYPAIR", [0x15] = "DSASIGN", [0x16] = "DSAVERIFY",
        [0x18] = "RSAENC_PUBKEY", [0x19] = "RSADEC_PRVKEY",
    };
    static const char *const encap[256] = {
        [0x01] = "IPSEC", [0x02] = "SRTP", [0x03] = "MACSEC",
        [0x04] = "WIFI", [0x05] = "WIMAX", [0x08] = "SSL30",
        [0x09] = "TLS10", [0x0a] = "TLS11", [0x0b] = "TLS12",
        [0x0c] = "DTLS",
    };
    unsigned type = w & CAAM_OP_TYPE_MASK;
    unsigned pclid = (w >> CAAM_OP_PCLID_SHIFT) & CAAM_OP_PCLID_MASK;
    const char *name;

    switch (type) {
    case CAAM_OP_TYPE_CLASS1:
    case CAAM_OP_TYPE_CLASS2:
        occupy(d, 1);
        dis_alg(d, w);
        return;
    case CAAM_OP_TYPE_UNI_PCL:
        if ((pclid >= CAAM_OP_PCLID_DKP_MD5 &&
             pclid < CAAM_OP_PCLID_DKP_MD5 + 6) ||
            (pclid >= CAAM_OP_PCLID_DKP_RIF_MD5 &&
             pclid < CAAM_OP_PCLID_DKP_RIF_MD5 + 6)) {
            dis_dkp(d, w, pclid);
            return;
        }
        name = uni[pclid];
        occupy(d, 1);
        put(d, "OPERATION protocol");
        break;
    case CAAM_OP_TYPE_DECAP_PCL:
    case CAAM_OP_TYPE_ENCAP_PCL:
        name = encap[pclid];
        occupy(d, 1);
        put(d, "OPERATION %s",
            type == CAAM_OP_TYPE_ENCAP_PCL ? "encap" : "decap");
        break;
    case CAAM_OP_TYPE_PK:
        occupy(d, 1);
        put(d, "OPERATION pk mode=0x%06" PRIx32, w & 0xffffff);
        return;
    default:
        occupy(d, 1);
        put(d, "OPERATION type=%u 0x%06" PRIx32,
            type >> CAAM_OP_TYPE_SHIFT, w & 0xffffff);
        return;
    }
    if (name) {
        put(d, " %s", name);
    } else {
        put(d, " pclid=0x%02x", pclid);
    }
    put(d, " info=0x%04" PRIx32, w & CAAM_OP_PCLINFO_MASK);
}

/* ---- SIGNATURE, JUMP, MATH, SEQ IN/OUT PTR ---- */

static void dis_signature(Dis *d, uint32_t w)
{
    static const char *const type[16] = {
        [0x0] = "FINAL", [0x1] = "FINAL_RESTORE", [0x2] = "FINAL_NONZERO",
        [0xa] = "IMM_2", [0xb] = "IMM_3", [0xc] = "IMM_4",
    };
    unsigned t = (w >> CAAM_SIGN_TYPE_SHIFT) & 0xf;

    /* The FINAL types carry the 256-bit signature (flib's tests) */
    occupy(d, 1 + (t <= CAAM_SIGN_TYPE_FINAL_NONZERO ? CAAM_SIGN_WORDS : 0));
    if (type[t]) {
        put(d, "SIGNATURE %s", type[t]);
    } else {
        put(d, "SIGNATURE type=0x%x", t);
    }
}

static void dis_jump(Dis *d, uint32_t w)
{
    static const char *const type[4] = { "local", "nonlocal", "halt",
                                         "halt_user" };
    static const char *const test[4] = { "all", "invall", "any",
                                         "invany" };
    static const char *const cls_name[4] = { NULL, "class1", "class2",
                                             "both" };
    static const char *const jsl[8] = {
        "NCP", "NOP", "NIFP", "NIP", "CALM", "SELF", "SHRD", "JRP",
    };
    static const char *const cond[8] = {
        "MATH_NV", "MATH_C", "MATH_Z", "MATH_N", "cond0x10", "PK_PRIME",
        "PK_GCD_1", "PK_0",
    };
    unsigned t = (w >> CAAM_JUMP_TYPE_SHIFT) & 3;
    unsigned sel = (w >> CAAM_JUMP_COND_SHIFT) & 0xff;
    unsigned cls = (w & CAAM_CLASS_MASK) >> CAAM_CLASS_SHIFT;
    bool js = w & CAAM_JUMP_JSL;

    /* A non-local JUMP is followed by its target's pointer */
    occupy(d, 1 + (t == CAAM_JUMP_TYPE_NONLOCAL ? d->psz / 4 : 0));
    put(d, "JUMP %s %s", type[t],
        test[(w >> CAAM_JUMP_TEST_SHIFT) & 3]);
    if (cls_name[cls]) {
        put(d, " %s", cls_name[cls]);
    }
    flag(d, js, "jsl");
    for (int i = 7; i >= 0; i--) {
        flag(d, sel & (1u << i), js ? jsl[i] : cond[i]);
    }
    switch (t) {
    case CAAM_JUMP_TYPE_LOCAL:
        put(d, " %+d", (int8_t)(w & CAAM_JUMP_OFFSET_MASK));
        break;
    case CAAM_JUMP_TYPE_NONLOCAL:
        if (!d->cut) {
            ptr(d, 1);
        }
        break;
    default:
        put(d, " status=0x%02" PRIx32, w & CAAM_JUMP_OFFSET_MASK);
        break;
    }
}

static void dis_math(Dis *d, uint32_t w)
{
    static const char *const fun[16] = {
        "ADD", "ADDC", "SUB", "SUBB", "OR", "AND", "XOR", "LSHIFT",
        "RSHIFT", "SHLD", "ZBYT",
    };
    static const char *const src0[16] = {
        "REG0", "REG1", "REG2", "REG3", "IMM", NULL, NULL, "DPOVRD",
        "SEQINLEN", "SEQOUTLEN", "VSEQINLEN", "VSEQOUTLEN", "ZERO",
    };
    static const char *const src1[16] = {
        "REG0", "REG1", "REG2", "REG3", "IMM", NULL, NULL, "DPOVRD",
        NULL, NULL, "INFIFO", "OUTFIFO", "ONE",
    };
    static const char *const dest[16] = {
        "REG0", "REG1", "REG2", "REG3", NULL, NULL, NULL, "DPOVRD",
        "SEQINLEN", "SEQOUTLEN", "VSEQINLEN", "VSEQOUTLEN", NULL, NULL,
        NULL, "NONE",
    };
    unsigned f = (w >> CAAM_MATH_FUN_SHIFT) & 0xf;
    unsigned s0 = (w >> CAAM_MATH_SRC0_SHIFT) & 0xf;
    unsigned s1 = (w >> CAAM_MATH_SRC1_SHIFT) & 0xf;
    unsigned dst = (w >> CAAM_MATH_DEST_SHIFT) & 0xf;
    unsigned len = w & CAAM_MATH_LEN_MASK;
    bool i0 = s0 == CAAM_MATH_SRC_IMM, i1 = s1 == CAAM_MATH_SRC_IMM;
    /*
     * One immediate source: 8 bytes of it for a length over 4 unless IFB
     * (desc_constr.h's APPEND_MATH_IMM_u64), else 4; two: 4 bytes each.
     */
    bool wide = (i0 != i1) && len > 4 && !(w & CAAM_MATH_IFB);
    unsigned immw = i0 && i1 ? 2 : i0 || i1 ? (wide ? 2 : 1) : 0;

    occupy(d, 1 + immw);
    put(d, "MATH");
    if (fun[f]) {
        put(d, " %s", fun[f]);
    } else {
        put(d, " fun=%u", f);
    }
    if (src0[s0]) {
        put(d, " %s", src0[s0]);
    } else {
        put(d, " src0=%u", s0);
    }
    if (src1[s1]) {
        put(d, " %s", src1[s1]);
    } else {
        put(d, " src1=%u", s1);
    }
    if (dest[dst]) {
        put(d, " -> %s", dest[dst]);
    } else {
        put(d, " -> dest=%u", dst);
    }
    put(d, " len=%u", len);
    flag(d, w & CAAM_MATH_IFB, "ifb");
    flag(d, w & CAAM_MATH_NFU, "nfu");
    flag(d, w & CAAM_MATH_STL, "stl");
    if (d->cut || !immw) {
        return;
    }
    if (wide) {
        /* append_u64() on a little-endian CAAM: the low word first */
        put(d, " imm=0x%016" PRIx64,
            (uint64_t)arg(d, 2) << 32 | arg(d, 1));
    } else if (immw == 2) {
        put(d, " imm=0x%08" PRIx32 ",0x%08" PRIx32, arg(d, 1), arg(d, 2));
    } else {
        put(d, " imm=0x%08" PRIx32, arg(d, 1));
    }
}

static void dis_seq_ptr(Dis *d, uint32_t w)
{
    bool in = CAAM_CMD(w) == CAAM_CMD_SEQ_IN_PTR;
    /* RTO and PRE continue a sequence: no pointer (desc_constr.h) */
    bool noptr = w & (CAAM_SQ_RTO | CAAM_SQ_PRE);
    bool ext = w & CAAM_SQ_EXT;
    unsigned ptrw = noptr ? 0 : d->psz / 4;

    occupy(d, 1 + ptrw + ext);
    put(d, "SEQ %s PTR", in ? "IN" : "OUT");
    if (in) {
        flag(d, w & CAAM_SQ_RBS, "rbs");
        flag(d, w & CAAM_SQ_INL, "inl");
    }
    flag(d, w & CAAM_SQ_SGF, "sgf");
    flag(d, w & CAAM_SQ_PRE, "pre");
    flag(d, w & CAAM_SQ_EXT, "ext");
    flag(d, w & CAAM_SQ_RTO, "rto");
    flag(d, in && (w & CAAM_SQ_RJD), "rjd");
    if (d->cut) {
        if (!ext) {
            put(d, " len=%u", w & CAAM_SQ_LEN_MASK);
        }
        return;
    }
    put(d, " len=%" PRIu32, ext ? arg(d, 1 + ptrw) : w & CAAM_SQ_LEN_MASK);
    if (ptrw) {
        ptr(d, 1);
    }
}

unsigned caam_disasm(const uint32_t *desc, unsigned n, unsigned idx,
                     unsigned psz, char *out, size_t outlen)
{
    Dis d = {
        .desc = desc, .n = n, .idx = idx, .psz = psz == 8 ? 8 : 4,
        .out = out, .size = out ? outlen : 0,
    };
    uint32_t w;

    if (d.size) {
        out[0] = '\0';
    }
    if (idx >= n) {
        return 0;
    }
    w = desc[idx];
    switch (CAAM_CMD(w)) {
    case CAAM_CMD_KEY:
    case CAAM_CMD_SEQ_KEY:
        dis_key(&d, w);
        break;
    case CAAM_CMD_LOAD:
    case CAAM_CMD_SEQ_LOAD:
    case CAAM_CMD_STORE:
    case CAAM_CMD_SEQ_STORE:
        dis_ldst(&d, w);
        break;
    case CAAM_CMD_FIFO_LOAD:
    case CAAM_CMD_SEQ_FIFO_LOAD:
        dis_fifo_load(&d, w);
        break;
    case CAAM_CMD_FIFO_STORE:
    case CAAM_CMD_SEQ_FIFO_STORE:
        dis_fifo_store(&d, w);
        break;
    case CAAM_CMD_MOVE_LEN:
    case CAAM_CMD_MOVE:
        dis_move(&d, w);
        break;
    case CAAM_CMD_OPERATION:
        dis_operation(&d, w);
        break;
    case CAAM_CMD_SIGNATURE:
        dis_signature(&d, w);
        break;
    case CAAM_CMD_JUMP:
        dis_jump(&d, w);
        break;
    case CAAM_CMD_MATH:
        dis_math(&d, w);
        break;
    case CAAM_CMD_DESC_HDR:
    case CAAM_CMD_SHARED_HDR:
        dis_header(&d, w);
        break;
    case CAAM_CMD_SEQ_IN_PTR:
    case CAAM_CMD_SEQ_OUT_PTR:
        dis_seq_ptr(&d, w);
        break;
    default:
        occupy(&d, 1);
        put(&d, "UNKNOWN cmd=0x%02x word=0x%08" PRIx32, CAAM_CMD(w), w);
        break;
    }
    if (d.cut) {
        put(&d, " ... truncated");
        return n - idx;
    }
    return d.need;
}

void caam_disasm_all(const uint32_t *desc, unsigned n, unsigned psz,
                     void (*line)(void *opaque, unsigned idx,
                                  const char *text),
                     void *opaque)
{
    char text[CAAM_DISASM_LINE];
    unsigned idx = 0;

    while (idx < n) {
        unsigned k = caam_disasm(desc, n, idx, psz, text, sizeof(text));

        line(opaque, idx, text);
        idx += k;
    }
}
