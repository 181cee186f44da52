/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NXP CAAM (SEC 4.x) registers and descriptor encodings, shared by the
 * model and its qtest. Names follow the Linux caam driver (regs.h,
 * desc.h), which follows the SEC reference manuals.
 *
 * The block is a 64 KiB window of 4 KiB pages (CTPR_MS[PG_SZ] = 0):
 * page 0 the controller, page 1 + n job ring n, page 8 DECO 0. Every
 * page's last 0x180 bytes alias the version and perfmon registers.
 * 64-bit registers are little endian, low word first (the non-i.MX
 * layout of regs.h's wr_reg64).
 */
#ifndef HW_CRYPTO_CAAM_REGS_H
#define HW_CRYPTO_CAAM_REGS_H

#include "hw/registerfields.h"

#define CAAM_MMIO_SIZE      0x10000
#define CAAM_PAGE_SIZE      0x1000
#define CAAM_NUM_JR         2
#define CAAM_JR_PAGE(n)     (CAAM_PAGE_SIZE * (1 + (n)))
#define CAAM_DECO_PAGE      (CAAM_PAGE_SIZE * 8)

/* Controller page (struct caam_ctrl). */
REG32(MCFGR, 0x004)                 /* Master configuration */
    FIELD(MCFGR, LARGE_BURST, 2, 1)
    FIELD(MCFGR, AWCACHE, 8, 4)
    FIELD(MCFGR, LONG_PTR, 16, 1)   /* 64-bit pointers (CTPR_MS[PS] = 1) */
    FIELD(MCFGR, DMA_RESET, 28, 1)
    FIELD(MCFGR, WDFAIL, 29, 1)
    FIELD(MCFGR, WDENABLE, 30, 1)
    FIELD(MCFGR, SWRESET, 31, 1)
REG32(SCFGR, 0x00c)                 /* Security configuration */
    FIELD(SCFGR, RDBENABLE, 10, 1)
    FIELD(SCFGR, VIRT_EN, 15, 1)
REG32(JR0LIODNR_MS, 0x010)          /* JRnLIODNR: 8 bytes a ring, 4 rings */
REG32(JRSTART, 0x05c)
REG32(DECORSR, 0x094)               /* DECO request source */
    FIELD(DECORSR, JR0, 0, 1)
    FIELD(DECORSR, VALID, 31, 1)
REG32(DECORR, 0x09c)                /* DECO request */
    FIELD(DECORR, RQD0ENABLE, 0, 1)
    FIELD(DECORR, DEN0, 16, 1)      /* DECO 0 granted for direct access */
REG32(DECO0LIODNR_MS, 0x0a0)        /* DECOnLIODNR: 8 bytes a DECO, 16 */
REG32(DAR, 0x120)                   /* DECO availability */
REG32(DRR, 0x124)                   /* DECO reset */
/* RNG4 TRNG (struct rng4tst r4tst[0]) */
REG32(RTMCTL, 0x600)
    FIELD(RTMCTL, SAMP_MODE, 0, 2)
    FIELD(RTMCTL, ACC, 5, 1)
    FIELD(RTMCTL, PRGM, 16, 1)
REG32(RTSCMISC, 0x604)
REG32(RTPKRRNG, 0x608)
REG32(RTPKRMAX, 0x60c)
REG32(RTSDCTL, 0x610)
    FIELD(RTSDCTL, SAMP_SIZE, 0, 16)
    FIELD(RTSDCTL, ENT_DLY, 16, 16)
REG32(RTSBLIM, 0x614)
REG32(RTFRQMIN, 0x618)
REG32(RTFRQMAX, 0x61c)
REG32(RTSCML, 0x620)
REG32(RTSCRL0, 0x624)               /* RTSCRL[0..5]: 0x624..0x638 */
REG32(RDSTA, 0x6c0)                 /* RNG DRNG status */
    FIELD(RDSTA, IF0, 0, 1)         /* state handle 0 instantiated */
    FIELD(RDSTA, IF1, 1, 1)
    FIELD(RDSTA, PR0, 4, 1)         /* ... in prediction resistance mode */
    FIELD(RDSTA, PR1, 5, 1)
    FIELD(RDSTA, SKVN, 30, 1)       /* secure keys generated */
#define CAAM_RTSCRL_COUNT   6
#define CAAM_RNG4_HANDLES   2

/* Version (Era 10+, unused at this era: read as zero) and perfmon block. */
#define CAAM_VREG_BASE      0xe80
REG32(CRNR_MS, 0xfa0)
REG32(CRNR_LS, 0xfa4)
REG32(CTPR_MS, 0xfa8)               /* compile-time parameters */
    FIELD(CTPR_MS, VIRT_EN_INCL, 0, 1)
    FIELD(CTPR_MS, VIRT_EN_POR, 1, 1)
    FIELD(CTPR_MS, PG_SZ, 4, 1)
    FIELD(CTPR_MS, DPAA2, 13, 1)
    FIELD(CTPR_MS, PS, 17, 1)       /* pointer size: up to 64 bits */
    FIELD(CTPR_MS, QI, 25, 1)
REG32(CTPR_LS, 0xfac)
    FIELD(CTPR_LS, BLOB, 1, 1)
REG32(FAR_LO, 0xfc0)
REG32(FAR_HI, 0xfc4)
REG32(FALR, 0xfc8)
REG32(FADR, 0xfcc)
REG32(CSTA, 0xfd4)                  /* CAAM status */
    FIELD(CSTA, PLEND, 10, 1)       /* set: big-endian platform */
    FIELD(CSTA, ALT_PLEND, 18, 1)
REG32(RVID, 0xfe0)
REG32(CCBVID, 0xfe4)
    FIELD(CCBVID, ERA, 24, 8)
REG32(CHAVID_MS, 0xfe8)
REG32(CHAVID_LS, 0xfec)
    FIELD(CHAVID_LS, AES, 0, 4)
    FIELD(CHAVID_LS, DES, 4, 4)
    FIELD(CHAVID_LS, MD, 12, 4)
    FIELD(CHAVID_LS, RNG, 16, 4)
REG32(CHANUM_MS, 0xff0)
    FIELD(CHANUM_MS, DECO, 24, 4)
    FIELD(CHANUM_MS, JR, 28, 4)
REG32(CHANUM_LS, 0xff4)
REG32(CAAMVID_MS, 0xff8)
    FIELD(CAAMVID_MS, MIN_REV, 0, 8)
    FIELD(CAAMVID_MS, MAJ_REV, 8, 8)
    FIELD(CAAMVID_MS, IP_ID, 16, 16)
REG32(CAAMVID_LS, 0xffc)
#define CAAM_PERFMON_BASE   0xf00

/* Job ring page (struct caam_job_ring), offsets within the page. */
REG32(IRBA_LO, 0x00)                /* input ring base */
REG32(IRBA_HI, 0x04)
REG32(IRS, 0x0c)                    /* input ring size, in entries */
REG32(IRSA, 0x14)                   /* input ring slots available */
REG32(IRJA, 0x1c)                   /* input ring jobs added */
REG32(ORBA_LO, 0x20)                /* output ring base */
REG32(ORBA_HI, 0x24)
REG32(ORS, 0x2c)                    /* output ring size */
REG32(ORJR, 0x34)                   /* output ring jobs removed */
REG32(ORSF, 0x3c)                   /* output ring slots full */
REG32(JRSTA, 0x44)                  /* job ring output status */
REG32(JRINT, 0x4c)                  /* job ring interrupt status */
    FIELD(JRINT, JR_INT, 0, 1)
    FIELD(JRINT, JR_ERROR, 1, 1)
    FIELD(JRINT, HALT, 2, 2)        /* 1: in progress, 2: complete */
    FIELD(JRINT, ERR_TYPE, 8, 4)
    FIELD(JRINT, ERR_INDEX, 16, 14)
REG32(JRCFG_HI, 0x50)
REG32(JRCFG_LO, 0x54)
    FIELD(JRCFG_LO, IMSK, 0, 1)     /* interrupt mask */
    FIELD(JRCFG_LO, ICEN, 1, 1)     /* interrupt coalescing enable */
    FIELD(JRCFG_LO, SOE, 2, 1)      /* stop on error (not modelled) */
    FIELD(JRCFG_LO, ICDCT, 8, 8)    /* coalescing descriptor count */
    FIELD(JRCFG_LO, ICTT, 16, 16)   /* coalescing timer, 64 clocks */
REG32(IRRI, 0x5c)                   /* input ring read index */
REG32(ORWI, 0x64)                   /* output ring write index */
REG32(JRCR, 0x6c)                   /* job ring command */
    FIELD(JRCR, RESET, 0, 1)
    FIELD(JRCR, PARK, 1, 1)

#define CAAM_JR_RINGSIZE_MASK   0x3ff
#define CAAM_HALT_INPROGRESS    1
#define CAAM_HALT_COMPLETE      2
/* JRINT[ERR_TYPE] */
#define CAAM_JRINT_ERR_BAD_INPADDR  3
#define CAAM_JRINT_ERR_BAD_OUTADDR  4
#define CAAM_JRINT_ERR_REMOVE_OFL   8
#define CAAM_JRINT_ERR_ADD_OFL      9

/* DECO page (struct caam_deco), offsets within the page. */
REG32(DECO_JRCTL_HI, 0x800)         /* CxJRR: run the descriptor buffer */
    FIELD(DECO_JRCTL_HI, FOUR, 28, 1)
    FIELD(DECO_JRCTL_HI, WHL, 29, 1)
REG32(DECO_JRCTL_LO, 0x804)
REG32(DECO_OPSTA_HI, 0x810)         /* DxOPSTA: the descriptor's status */
REG32(DECO_OPSTA_LO, 0x814)
REG32(DECO_DESCBUF, 0xa00)          /* DxDESB: 64 words */
REG32(DECO_DBG, 0xe04)              /* DxDDR (after descbuf + 193 words) */
    FIELD(DECO_DBG, STAT, 20, 4)
    FIELD(DECO_DBG, VALID, 31, 1)   /* a descriptor is running */
REG32(DECO_DBG_EXEC, 0xe3c)         /* DxDER (Era 10+) */
#define CAAM_DESC_MAX_WORDS     64
#define CAAM_DECO_STAT_HOST_ERR 0xd

/* Job status words (JRSTA, the output ring, DxOPSTA) */
#define CAAM_SSRC_SHIFT         28
#define CAAM_SSRC_NONE          0x0
#define CAAM_SSRC_CCB           0x2
#define CAAM_SSRC_JUMP_HALT_USER 0x3
#define CAAM_SSRC_DECO          0x4
#define CAAM_SSRC_JRERROR       0x6
#define CAAM_SSRC_JUMP_HALT_CC  0x7
#define CAAM_STATUS_INDEX_SHIFT 8
/* DECO error codes */
#define CAAM_DECOERR_LINKLEN    0x01
#define CAAM_DECOERR_DESCCMD    0x04
#define CAAM_DECOERR_KEYCMD     0x06
#define CAAM_DECOERR_LOADCMD    0x07
#define CAAM_DECOERR_STORECMD   0x08
#define CAAM_DECOERR_OPCMD      0x09
#define CAAM_DECOERR_FIFOLDCMD  0x0a
#define CAAM_DECOERR_FIFOSTCMD  0x0b
#define CAAM_DECOERR_MOVECMD    0x0c
#define CAAM_DECOERR_JUMPCMD    0x0d
#define CAAM_DECOERR_MATHCMD    0x0e
#define CAAM_DECOERR_SEQCMD     0x10
#define CAAM_DECOERR_SHDESCHDR  0x12
#define CAAM_DECOERR_HDRLEN     0x13
#define CAAM_DECOERR_CTXLEN     0x15
#define CAAM_DECOERR_DMA        0x16
#define CAAM_DECOERR_WATCHDOG   0x1c
/* CCB error: CHA id << 4 | error id */
#define CAAM_CHAID_AES          0x1
#define CAAM_CHAID_DES          0x2
#define CAAM_CHAID_MD           0x4
#define CAAM_CHAID_RNG          0x5
#define CAAM_CCBERR_MODE        0x1
#define CAAM_CCBERR_DATASIZE    0x2
#define CAAM_CCBERR_KEYSIZE     0x3
#define CAAM_CCBERR_ICVCHK      0xa
#define CAAM_CCBERR_INVCHA      0xf

/* Descriptor commands (desc.h): bits 31:27 */
#define CAAM_CMD(w)             ((w) >> 27)
#define CAAM_CMD_KEY            0x00
#define CAAM_CMD_SEQ_KEY        0x01
#define CAAM_CMD_LOAD           0x02
#define CAAM_CMD_SEQ_LOAD       0x03
#define CAAM_CMD_FIFO_LOAD      0x04
#define CAAM_CMD_SEQ_FIFO_LOAD  0x05
#define CAAM_CMD_STORE          0x0a
#define CAAM_CMD_SEQ_STORE      0x0b
#define CAAM_CMD_FIFO_STORE     0x0c
#define CAAM_CMD_SEQ_FIFO_STORE 0x0d
#define CAAM_CMD_MOVE_LEN       0x0e
#define CAAM_CMD_MOVE           0x0f
#define CAAM_CMD_OPERATION      0x10
#define CAAM_CMD_SIGNATURE      0x12
#define CAAM_CMD_JUMP           0x14
#define CAAM_CMD_MATH           0x15
#define CAAM_CMD_DESC_HDR       0x16
#define CAAM_CMD_SHARED_HDR     0x17
#define CAAM_CMD_SEQ_IN_PTR     0x1e
#define CAAM_CMD_SEQ_OUT_PTR    0x1f
#define CAAM_CMD_WORD(c)        ((uint32_t)(c) << 27)

#define CAAM_CLASS_SHIFT        25
#define CAAM_CLASS_1            (1u << CAAM_CLASS_SHIFT)
#define CAAM_CLASS_2            (2u << CAAM_CLASS_SHIFT)

/* HEADER */
#define CAAM_HDR_ONE            (1u << 23)
#define CAAM_HDR_START_IDX_SHIFT 16
#define CAAM_HDR_SHARED         (1u << 12)  /* job: a shared desc follows */
#define CAAM_HDR_REVERSE        (1u << 11)
#define CAAM_HDR_DNR            (1u << 24)
#define CAAM_HDR_SHARE_SHIFT    8
#define CAAM_HDR_JD_LEN_MASK    0x7f
#define CAAM_HDR_SD_LEN_MASK    0x3f

/* KEY */
#define CAAM_KEY_IMM            (1u << 23)
#define CAAM_KEY_ENC            (1u << 22)
#define CAAM_KEY_DEST_SHIFT     16
#define CAAM_KEY_DEST_MASK      (3u << 16)
#define CAAM_KEY_DEST_MDHA_SPLIT (3u << 16)
#define CAAM_KEY_LEN_MASK       0x3ff

/* LOAD / STORE */
#define CAAM_LDST_IMM           (1u << 23)
#define CAAM_LDST_SRCDST_SHIFT  16
#define CAAM_LDST_SRCDST_MASK   (0x7fu << 16)
#define CAAM_LDST_OFFSET_SHIFT  8
#define CAAM_LDST_LEN_MASK      0xff
#define CAAM_LDST_CTX           0x20    /* class context (byte) */
#define CAAM_LDST_KEY           0x40    /* class key (byte) */
#define CAAM_LDST_MODE          0x00    /* word registers */
#define CAAM_LDST_KEYSZ         0x01
#define CAAM_LDST_DATASZ        0x02
#define CAAM_LDST_ICVSZ         0x03
#define CAAM_LDST_CLRW          0x08    /* CLASS_IND_CCB; DECO: MATH0 */
#define CAAM_LDST_MATH0         0x08
#define CAAM_LDST_MATH1         0x09
#define CAAM_LDST_MATH2         0x0a
#define CAAM_LDST_MATH3         0x0b
#define CAAM_LDST_CLASS_DECO    (3u << 25)
#define CAAM_LDST_INFO_FIFO     0x7a    /* CLASS_IND_CCB: an NFIFO entry */
#define CAAM_LDST_OUTFIFO       0x7e    /* CLASS_IND_CCB: bytes */

/* FIFO LOAD / FIFO STORE */
#define CAAM_FIFO_IMM           (1u << 23)
#define CAAM_FIFO_EXT           (1u << 22)
#define CAAM_FIFO_SGF           (1u << 24)
#define CAAM_FIFOLD_TYPE_SHIFT  16
#define CAAM_FIFOLD_TYPE_MSG    0x10
#define CAAM_FIFOLD_TYPE_MSG1OUT2 0x18
#define CAAM_FIFOLD_TYPE_IV     0x20
#define CAAM_FIFOLD_TYPE_AAD    0x30
#define CAAM_FIFOLD_TYPE_ICV    0x38
#define CAAM_FIFOLD_TYPE_MASK   0x38
#define CAAM_FIFOLD_ACT_MASK    0x07    /* bits: FLUSH1, LAST1, LAST2 */
#define CAAM_FIFOLD_LAST1       0x02
#define CAAM_FIFOLD_LAST2       0x04
#define CAAM_FIFOST_TYPE_KEY_KEK 0x24   /* a class key, encrypted */
#define CAAM_FIFOST_TYPE_SPLIT_KEK 0x26 /* the class 2 split key, encrypted */
#define CAAM_FIFOST_TYPE_MSG    0x30
#define CAAM_FIFOST_TYPE_RNGSTORE 0x34
#define CAAM_FIFOST_TYPE_RNGFIFO 0x35
#define CAAM_FIFOST_TYPE_SKIP   0x3f
#define CAAM_FIFO_LEN_MASK      0xffff

/* SEQ IN PTR / SEQ OUT PTR */
#define CAAM_SQ_RBS             (1u << 26)
#define CAAM_SQ_INL             (1u << 25)
#define CAAM_SQ_SGF             (1u << 24)
#define CAAM_SQ_PRE             (1u << 23)
#define CAAM_SQ_EXT             (1u << 22)
#define CAAM_SQ_RTO             (1u << 21)
#define CAAM_SQ_LEN_MASK        0xffff

/* OPERATION */
#define CAAM_OP_TYPE_SHIFT      24
#define CAAM_OP_TYPE_MASK       (7u << 24)
#define CAAM_OP_TYPE_CLASS1     (2u << 24)
#define CAAM_OP_TYPE_CLASS2     (4u << 24)
#define CAAM_OP_TYPE_UNI_PCL    (0u << 24)
#define CAAM_OP_PCLID_SHIFT     16
#define CAAM_OP_PCLID_DKP_MD5   0x20    /* ..SHA512: 0x25 */
#define CAAM_OP_DKP_SRC_SHIFT   14
#define CAAM_OP_DKP_DST_SHIFT   12
#define CAAM_OP_DKP_IMM         0
#define CAAM_OP_DKP_PTR         2
#define CAAM_OP_DKP_KEYLEN_MASK 0xfff
#define CAAM_OP_ALGSEL_SHIFT    16
#define CAAM_OP_ALGSEL_MASK     (0xffu << 16)
#define CAAM_ALG_AES            0x10
#define CAAM_ALG_DES            0x20
#define CAAM_ALG_3DES           0x21
#define CAAM_ALG_MD5            0x40
#define CAAM_ALG_SHA1           0x41
#define CAAM_ALG_SHA224         0x42
#define CAAM_ALG_SHA256         0x43
#define CAAM_ALG_SHA384         0x44
#define CAAM_ALG_SHA512         0x45
#define CAAM_ALG_RNG            0x50
#define CAAM_OP_AAI_SHIFT       4
#define CAAM_OP_AAI_MASK        (0x1ffu << 4)
#define CAAM_AAI_CTR_MOD128     0x00
#define CAAM_AAI_CBC            0x10
#define CAAM_AAI_ECB            0x20
#define CAAM_AAI_XTS            0x50
#define CAAM_AAI_CMAC           0x60
#define CAAM_AAI_XCBC_MAC       0x70
#define CAAM_AAI_GCM            0x90
#define CAAM_AAI_DK             0x100   /* AES decrypt key: no effect here */
#define CAAM_AAI_HASH           0x00
#define CAAM_AAI_HMAC           0x01
#define CAAM_AAI_HMAC_PRECOMP   0x04
#define CAAM_AAI_RNG4_SH1       0x01
#define CAAM_AAI_RNG4_SK        0x100
#define CAAM_OP_AS_SHIFT        2
#define CAAM_OP_AS_MASK         (3u << 2)
#define CAAM_AS_UPDATE          0
#define CAAM_AS_INIT            1
#define CAAM_AS_FINALIZE        2
#define CAAM_AS_INITFINAL       3
#define CAAM_OP_ICV             (1u << 1)
#define CAAM_OP_PR_ON           (1u << 1)   /* RNG: prediction resistance */
#define CAAM_OP_ENCRYPT         1u

/* JUMP */
#define CAAM_JUMP_JSL           (1u << 24)
#define CAAM_JUMP_TYPE_SHIFT    22
#define CAAM_JUMP_TYPE_LOCAL    0
#define CAAM_JUMP_TYPE_NONLOCAL 1
#define CAAM_JUMP_TYPE_HALT     2
#define CAAM_JUMP_TYPE_HALT_USER 3
#define CAAM_JUMP_TEST_SHIFT    16
#define CAAM_JUMP_TEST_ALL      0
#define CAAM_JUMP_TEST_INVALL   1
#define CAAM_JUMP_TEST_ANY      2
#define CAAM_JUMP_TEST_INVANY   3
#define CAAM_JUMP_COND_SHIFT    8
#define CAAM_JUMP_COND_MATH_N   0x08
#define CAAM_JUMP_COND_MATH_Z   0x04
#define CAAM_JUMP_COND_MATH_C   0x02
#define CAAM_JUMP_COND_MATH_NV  0x01

/* MATH */
#define CAAM_MATH_IFB           (1u << 26)
#define CAAM_MATH_FUN_SHIFT     20
#define CAAM_MATH_SRC0_SHIFT    16
#define CAAM_MATH_SRC1_SHIFT    12
#define CAAM_MATH_DEST_SHIFT    8
#define CAAM_MATH_LEN_MASK      0x0f
#define CAAM_MATH_FUN_ADD       0x0
#define CAAM_MATH_FUN_ADDC      0x1
#define CAAM_MATH_FUN_SUB       0x2
#define CAAM_MATH_FUN_SUBB      0x3
#define CAAM_MATH_FUN_OR        0x4
#define CAAM_MATH_FUN_AND       0x5
#define CAAM_MATH_FUN_XOR       0x6
#define CAAM_MATH_FUN_LSHIFT    0x7
#define CAAM_MATH_FUN_RSHIFT    0x8
#define CAAM_MATH_SRC_REG0      0x0     /* ..REG3: 0x3 */
#define CAAM_MATH_SRC_IMM       0x4
#define CAAM_MATH_SRC_DPOVRD    0x7
#define CAAM_MATH_SRC0_SEQINLEN 0x8
#define CAAM_MATH_SRC0_SEQOUTLEN 0x9
#define CAAM_MATH_SRC0_VSEQINLEN 0xa
#define CAAM_MATH_SRC0_VSEQOUTLEN 0xb
#define CAAM_MATH_SRC_ZERO      0xc     /* src0 ZERO, src1 ONE */
#define CAAM_MATH_DEST_SEQINLEN 0x8
#define CAAM_MATH_DEST_SEQOUTLEN 0x9
#define CAAM_MATH_DEST_VSEQINLEN 0xa
#define CAAM_MATH_DEST_VSEQOUTLEN 0xb
#define CAAM_MATH_DEST_NONE     0xf

/* MOVE */
#define CAAM_MOVE_SRC_SHIFT     20
#define CAAM_MOVE_DEST_SHIFT    16
#define CAAM_MOVE_OFFSET_SHIFT  8
#define CAAM_MOVE_LEN_MASK      0xff
#define CAAM_MOVE_CLASS1CTX     0x0
#define CAAM_MOVE_CLASS2CTX     0x1
#define CAAM_MOVE_OUTFIFO       0x2
#define CAAM_MOVE_DESCBUF       0x3
#define CAAM_MOVE_MATH0         0x4     /* ..MATH3: 0x7 */
#define CAAM_MOVE_SRC_INFIFO    0x8
#define CAAM_MOVE_SRC_INFIFO_CL 0x9     /* a class's waiting input */
#define CAAM_MOVE_DEST_C1INFIFO 0x8
#define CAAM_MOVE_DEST_C2INFIFO 0x9

/* NFIFO entries (LOAD to the info FIFO) */
#define CAAM_NFIFO_DEST_SHIFT   30
#define CAAM_NFIFO_LC2          (1u << 29)
#define CAAM_NFIFO_LC1          (1u << 28)
#define CAAM_NFIFO_STYPE_SHIFT  24
#define CAAM_NFIFO_STYPE_OFIFO  1
#define CAAM_NFIFO_STYPE_PAD    2
#define CAAM_NFIFO_DTYPE_SHIFT  20
#define CAAM_NFIFO_DTYPE_AAD    0x1
#define CAAM_NFIFO_DTYPE_IV     0x2
#define CAAM_NFIFO_DTYPE_ICV    0xa
#define CAAM_NFIFO_DTYPE_MSG    0xf
#define CAAM_NFIFO_PTYPE_SHIFT  16
#define CAAM_NFIFO_PTYPE_ZEROS  0
#define CAAM_NFIFO_PTYPE_RND_NZ 1
#define CAAM_NFIFO_PTYPE_RND    3
#define CAAM_NFIFO_DLEN_MASK    0xfff

/*
 * More descriptor fields (desc.h), for the disassembler (caam_disasm.c),
 * which decodes what the model does not run as well.
 */
#define CAAM_CLASS_MASK         (3u << CAAM_CLASS_SHIFT)
#define CAAM_CMD_SGF            (1u << 24)  /* KEY/LOAD/FIFO: SGF; SEQ: VLF */
#define CAAM_HDR_ZRO            (1u << 15)
#define CAAM_HDR_TRUSTED        (1u << 14)  /* job */
#define CAAM_HDR_MAKE_TRUSTED   (1u << 13)  /* job */
#define CAAM_HDR_SAVECTX        (1u << 12)  /* shared */
#define CAAM_HDR_PROP_DNR       (1u << 11)  /* shared */
#define CAAM_HDR_START_IDX_MASK 0x3f        /* job with SHARED: SD length */
#define CAAM_HDR_JD_SHARE_MASK  7
#define CAAM_HDR_SD_SHARE_MASK  3
#define CAAM_KEY_NWB            (1u << 21)
#define CAAM_KEY_EKT            (1u << 20)  /* ENC with AES-CCM */
#define CAAM_KEY_TK             (1u << 15)
#define CAAM_KEK_BLOCK          16          /* ENC (ECB) keys: padded to */
#define CAAM_KEK_CCM_OVERHEAD   12          /* ENC+EKT keys: 8-aligned + */
#define CAAM_LDST_OFFSET_MASK   0xff
#define CAAM_LDST_DECOCTRL      0x06        /* DECO: flags, no data */
#define CAAM_LDST_DESCBUF       0x40        /* DECO: lengths in words */
#define CAAM_LDST_DESCBUF_JOB   0x41        /* STORE: no pointer */
#define CAAM_LDST_DESCBUF_SHARED 0x42
#define CAAM_LDST_DESCBUF_JOB_WE 0x45
#define CAAM_LDST_DESCBUF_SHARED_WE 0x46
#define CAAM_FIFOST_CONT        (1u << 23)
#define CAAM_FIFOLD_FLUSH1      0x01
#define CAAM_FIFOLD_TYPE_PK_MASK 0x30       /* zero: a PKHA type */
#define CAAM_FIFOLD_TYPE_NOINFOFIFO 0x0f
#define CAAM_SQ_RJD             (1u << 20)
#define CAAM_OP_TYPE_PK         (1u << 24)
#define CAAM_OP_TYPE_DECAP_PCL  (6u << 24)
#define CAAM_OP_TYPE_ENCAP_PCL  (7u << 24)
#define CAAM_OP_PCLID_MASK      0xff
#define CAAM_OP_PCLID_DKP_RIF_MD5 0x60      /* ..SHA512: 0x65 */
#define CAAM_OP_PCLINFO_MASK    0xffff
#define CAAM_OP_DKP_SEQ         1
#define CAAM_OP_DKP_SGF         3
#define CAAM_SIGN_TYPE_SHIFT    16
#define CAAM_SIGN_TYPE_FINAL_NONZERO 2      /* FINAL types: 0..2 */
#define CAAM_SIGN_WORDS         8           /* a FINAL signature's words */
#define CAAM_MOVE_AUX_SHIFT     25
#define CAAM_MOVE_WAITCOMP      (1u << 24)
#define CAAM_MOVELEN_MRSEL_MASK 3
#define CAAM_MATH_NFU           (1u << 25)
#define CAAM_MATH_STL           (1u << 24)
#define CAAM_MATH_SRC1_ONE      0xc
#define CAAM_JUMP_OFFSET_MASK   0xff

#endif
