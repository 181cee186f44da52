/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX ZIP: CSRs in BAR0, instruction (ZIP_INST_S) and result
 * (ZIP_ZRES_S) layouts, completion codes. Offsets, field names and
 * positions are those of Linux's drivers/crypto/cavium/zip/zip_regs.h
 * (its lower-case bit-field names in upper case).
 */
#ifndef HW_CRYPTO_THUNDERX_ZIP_REGS_H
#define HW_CRYPTO_THUNDERX_ZIP_REGS_H

#include "hw/registerfields.h"

#define ZIP_NUM_QUEUES          8
#define ZIP_BAR0_SIZE           0x10000

/*
 * Per-queue CSRs (the manual's ZIP_QUE(0..7)_*): the REG64 below is
 * queue 0's copy; queue q's is q * 8 bytes after it.
 */
#define ZIP_QUE_STRIDE          8
#define ZIP_QUE(a, q)           ((a) + (q) * ZIP_QUE_STRIDE)

/* BAR0: engine-wide CSRs. */
REG64(ZIP_CMD_CTL, 0x0000)
    FIELD(ZIP_CMD_CTL, RESET, 0, 1)         /* reset the cores; self-clears */
    FIELD(ZIP_CMD_CTL, FORCECLK, 1, 1)      /* force the conditional clocks */
REG64(ZIP_THROTTLE, 0x0010)
    FIELD(ZIP_THROTTLE, LD_INFL, 0, 6)      /* max in-flight data fetches */
REG64(ZIP_FIFE_INT, 0x0078)                 /* FIFO error summary, W1C */
    FIELD(ZIP_FIFE_INT, ASSERTS, 0, 42)
REG64(ZIP_FIFE_INT_W1S, 0x0080)
    FIELD(ZIP_FIFE_INT_W1S, ASSERTS, 0, 42)
REG64(ZIP_FIFE_ENA_W1S, 0x0088)
    FIELD(ZIP_FIFE_ENA_W1S, ASSERTS, 0, 42)
REG64(ZIP_FIFE_ENA_W1C, 0x0090)
    FIELD(ZIP_FIFE_ENA_W1C, ASSERTS, 0, 42)
REG64(ZIP_CONSTANTS, 0x00a0)                /* read-only */
    FIELD(ZIP_CONSTANTS, DISABLED, 0, 1)
    FIELD(ZIP_CONSTANTS, CTXSIZE, 8, 12)    /* context size, bytes */
    FIELD(ZIP_CONSTANTS, ONFSIZE, 20, 12)   /* output FIFO size, bytes */
    FIELD(ZIP_CONSTANTS, DEPTH, 32, 16)     /* history depth, bytes */
    FIELD(ZIP_CONSTANTS, SYNCFLUSH_CAPABLE, 48, 1)
    FIELD(ZIP_CONSTANTS, NEXEC, 56, 8)      /* number of cores */
REG64(ZIP_QUE_ENA, 0x0500)
    FIELD(ZIP_QUE_ENA, ENA, 0, 8)           /* one enable bit per queue */
REG64(ZIP_QUE_PRI, 0x0508)
    FIELD(ZIP_QUE_PRI, PRI, 0, 8)           /* one priority bit per queue */
REG64(ZIP_CTL_BIST_STATUS, 0x0510)          /* read-only */
    FIELD(ZIP_CTL_BIST_STATUS, BSTATUS, 0, 9)
REG64(ZIP_CTL_CFG, 0x0560)
    FIELD(ZIP_CTL_CFG, BUSY, 1, 1)
    FIELD(ZIP_CTL_CFG, LDF, 16, 3)
    FIELD(ZIP_CTL_CFG, STCF, 24, 3)
    FIELD(ZIP_CTL_CFG, DRTF, 32, 4)
    FIELD(ZIP_CTL_CFG, ILDF, 48, 4)
/* ZIP_ECC_CTL: for each RAM, a syndrome flip (FS) and correction disable. */
REG64(ZIP_ECC_CTL, 0x0568)
    FIELD(ZIP_ECC_CTL, IQF_FS, 0, 2)
    FIELD(ZIP_ECC_CTL, IQF_CDIS, 2, 1)
    FIELD(ZIP_ECC_CTL, GSPF_FS, 4, 2)
    FIELD(ZIP_ECC_CTL, GSPF_CDIS, 6, 1)
    FIELD(ZIP_ECC_CTL, IDF0_FS, 8, 2)
    FIELD(ZIP_ECC_CTL, IDF0_CDIS, 10, 1)
    FIELD(ZIP_ECC_CTL, IDF1_FS, 12, 2)
    FIELD(ZIP_ECC_CTL, IDF1_CDIS, 14, 1)
    FIELD(ZIP_ECC_CTL, VMEM_FS, 16, 2)
    FIELD(ZIP_ECC_CTL, VMEM_CDIS, 18, 1)
REG64(ZIP_ECCE_INT, 0x0580)                 /* ECC error summary, W1C */
    FIELD(ZIP_ECCE_INT, SBE, 0, 5)          /* single-bit errors */
    FIELD(ZIP_ECCE_INT, DBE, 32, 5)         /* double-bit errors */
REG64(ZIP_ECCE_INT_W1S, 0x0588)
    FIELD(ZIP_ECCE_INT_W1S, SBE, 0, 5)
    FIELD(ZIP_ECCE_INT_W1S, DBE, 32, 5)
REG64(ZIP_ECCE_ENA_W1S, 0x0590)
    FIELD(ZIP_ECCE_ENA_W1S, SBE, 0, 5)
    FIELD(ZIP_ECCE_ENA_W1S, DBE, 32, 5)
REG64(ZIP_ECCE_ENA_W1C, 0x0598)
    FIELD(ZIP_ECCE_ENA_W1C, SBE, 0, 5)
    FIELD(ZIP_ECCE_ENA_W1C, DBE, 32, 5)

/* BAR0: per-queue CSRs, queue 0's copy (ZIP_QUE() for the others). */
REG64(ZIP_QUE_SBUF_ADDR, 0x1000)            /* first instruction chunk */
    FIELD(ZIP_QUE_SBUF_ADDR, OFF, 0, 7)
    FIELD(ZIP_QUE_SBUF_ADDR, PTR, 7, 42)    /* 128-byte aligned address */
REG64(ZIP_QUE_SBUF_CTL, 0x1200)
    FIELD(ZIP_QUE_SBUF_CTL, AURA, 0, 12)
    FIELD(ZIP_QUE_SBUF_CTL, STREAM_ID, 16, 8)
    FIELD(ZIP_QUE_SBUF_CTL, INST_BE, 31, 1) /* instructions big-endian */
    FIELD(ZIP_QUE_SBUF_CTL, SIZE, 32, 13)   /* chunk size, 64-bit words */
REG64(ZIP_QUE_MAP, 0x1400)
    FIELD(ZIP_QUE_MAP, ZCE, 0, 2)           /* cores that serve the queue */
REG64(ZIP_DBG_QUE_STA, 0x1800)              /* read-only */
    FIELD(ZIP_DBG_QUE_STA, NII, 0, 32)      /* instructions executed */
    FIELD(ZIP_DBG_QUE_STA, RQWC, 32, 24)    /* doorbell count pending */
    FIELD(ZIP_DBG_QUE_STA, BUSY, 63, 1)
REG64(ZIP_QUE_GCFG, 0x1a00)
    FIELD(ZIP_QUE_GCFG, L2LD_CMD, 0, 2)
    FIELD(ZIP_QUE_GCFG, CBW_STY, 2, 1)
    FIELD(ZIP_QUE_GCFG, IQB_LDWB, 3, 1)
REG64(ZIP_QUE_DONE, 0x2000)
    FIELD(ZIP_QUE_DONE, DONE, 0, 20)        /* completed with DONEINT */
REG64(ZIP_QUE_DONE_ACK, 0x2200)
    FIELD(ZIP_QUE_DONE_ACK, DONE_ACK, 0, 20) /* write: subtract from DONE */
REG64(ZIP_QUE_DONE_ENA_W1S, 0x2400)
    FIELD(ZIP_QUE_DONE_ENA_W1S, DONE_ENA, 0, 1)
REG64(ZIP_QUE_DONE_ENA_W1C, 0x2600)
    FIELD(ZIP_QUE_DONE_ENA_W1C, DONE_ENA, 0, 1)
REG64(ZIP_QUE_DONE_WAIT, 0x2800)
    FIELD(ZIP_QUE_DONE_WAIT, NUM_WAIT, 0, 20)
    FIELD(ZIP_QUE_DONE_WAIT, TIME_WAIT, 32, 16)
REG64(ZIP_QUE_ERR_INT, 0x3000)              /* W1C */
    FIELD(ZIP_QUE_ERR_INT, DOVF, 0, 1)      /* doorbell overflow */
    FIELD(ZIP_QUE_ERR_INT, IRDE, 1, 1)      /* instruction read error */
    FIELD(ZIP_QUE_ERR_INT, NRRP, 2, 1)      /* data read error */
    FIELD(ZIP_QUE_ERR_INT, NWRP, 3, 1)      /* data/result write error */
    FIELD(ZIP_QUE_ERR_INT, MDBE, 4, 1)      /* memory double-bit error */
REG64(ZIP_QUE_ERR_INT_W1S, 0x3200)
    FIELD(ZIP_QUE_ERR_INT_W1S, DOVF, 0, 1)
    FIELD(ZIP_QUE_ERR_INT_W1S, IRDE, 1, 1)
    FIELD(ZIP_QUE_ERR_INT_W1S, NRRP, 2, 1)
    FIELD(ZIP_QUE_ERR_INT_W1S, NWRP, 3, 1)
    FIELD(ZIP_QUE_ERR_INT_W1S, MDBE, 4, 1)
REG64(ZIP_QUE_ERR_ENA_W1S, 0x3400)
    FIELD(ZIP_QUE_ERR_ENA_W1S, DOVF, 0, 1)
    FIELD(ZIP_QUE_ERR_ENA_W1S, IRDE, 1, 1)
    FIELD(ZIP_QUE_ERR_ENA_W1S, NRRP, 2, 1)
    FIELD(ZIP_QUE_ERR_ENA_W1S, NWRP, 3, 1)
    FIELD(ZIP_QUE_ERR_ENA_W1S, MDBE, 4, 1)
REG64(ZIP_QUE_ERR_ENA_W1C, 0x3600)
    FIELD(ZIP_QUE_ERR_ENA_W1C, DOVF, 0, 1)
    FIELD(ZIP_QUE_ERR_ENA_W1C, IRDE, 1, 1)
    FIELD(ZIP_QUE_ERR_ENA_W1C, NRRP, 2, 1)
    FIELD(ZIP_QUE_ERR_ENA_W1C, NWRP, 3, 1)
    FIELD(ZIP_QUE_ERR_ENA_W1C, MDBE, 4, 1)
REG64(ZIP_QUE_DOORBELL, 0x4000)             /* write: add; read: pending */
    FIELD(ZIP_QUE_DOORBELL, DBELL_CNT, 0, 20)

/* Every ZIP_QUE(q)_ERR_INT bit. */
#define ZIP_QUE_ERR_ALL         (R_ZIP_QUE_ERR_INT_DOVF_MASK | \
                                 R_ZIP_QUE_ERR_INT_IRDE_MASK | \
                                 R_ZIP_QUE_ERR_INT_NRRP_MASK | \
                                 R_ZIP_QUE_ERR_INT_NWRP_MASK | \
                                 R_ZIP_QUE_ERR_INT_MDBE_MASK)

/* MSI-X vectors (ZIP_INT_VEC_E), in BAR4. */
#define ZIP_VEC_QUE_DONE(q)     (q)
#define ZIP_VEC_QUE_ERR(q)      (8 + (q))
#define ZIP_VEC_ECCE            0x10
#define ZIP_VEC_FIFE            0x11
#define ZIP_NUM_VECTORS         0x12
#define ZIP_MSIX_BAR            4

/*
 * In-memory structures. These are not CSRs: their fields are FIELDs of
 * named 64-bit words, with no REG line, and the words are indexed
 * through the enums below.
 */

/* ZIP_INST_S: 16 little-endian 64-bit words, IWORD0 to IWORD15. */
#define ZIP_INST_SIZE           128
#define ZIP_INST_WORDS          16
/* IWORD0: what to do. */
    FIELD(ZIP_INST_IWORD0, HG, 0, 1)        /* history is a gather list */
    FIELD(ZIP_INST_IWORD0, DG, 1, 1)        /* input is a gather list */
    FIELD(ZIP_INST_IWORD0, DS, 2, 1)        /* output is a scatter list */
    FIELD(ZIP_INST_IWORD0, CE, 4, 1)        /* compress (else decompress) */
    FIELD(ZIP_INST_IWORD0, BF, 5, 1)        /* beginning of file */
    FIELD(ZIP_INST_IWORD0, EF, 6, 1)        /* end of file */
    FIELD(ZIP_INST_IWORD0, CC, 7, 2)        /* compression coding, ZIP_CC_* */
    FIELD(ZIP_INST_IWORD0, SS, 9, 2)        /* speed setting: 0 densest */
    FIELD(ZIP_INST_IWORD0, SF, 11, 1)       /* sync flush */
    FIELD(ZIP_INST_IWORD0, EXBITS, 16, 7)   /* extra bits of the last byte */
    FIELD(ZIP_INST_IWORD0, EXN, 24, 3)      /* number of EXBITS */
    FIELD(ZIP_INST_IWORD0, TOTALOUTPUTLENGTH, 32, 24)
    FIELD(ZIP_INST_IWORD0, DONEINT, 63, 1)  /* count in ZIP_QUE_DONE */
/* IWORD1: checksum seed and history. */
    FIELD(ZIP_INST_IWORD1, ADLERCRC32, 0, 32)
    FIELD(ZIP_INST_IWORD1, HISTORYLENGTH, 48, 16)
/*
 * Pointer pairs: an ADDR word (ZIP_ZPTR_ADDR_S) then a CTL word
 * (ZIP_ZPTR_CTL_S); a gather/scatter list is LENGTH ZIP_ZPTR_S entries,
 * each such a pair.
 */
enum {
    ZIP_IW_CTX = 2,             /* IWORD2-3: context */
    ZIP_IW_HIS = 4,             /* IWORD4-5: history (decompression) */
    ZIP_IW_INP = 6,             /* IWORD6-7: input */
    ZIP_IW_OUT = 8,             /* IWORD8-9: output */
    ZIP_IW_RES = 10,            /* IWORD10-11: result, ZIP_ZRES_S */
    ZIP_IW_WQ = 12,             /* IWORD12: SSO work-queue pointer */
};
    FIELD(ZIP_ZPTR_ADDR, ADDR, 0, 49)
    FIELD(ZIP_ZPTR_CTL, LENGTH, 32, 16)
/* ZIP_NPTR_S: a chunk's last word, the address of the next chunk. */
    FIELD(ZIP_NPTR, ADDR, 0, 49)

/* ZIP_ZRES_S: 24 bytes; word 2 holds the completion code. */
#define ZIP_RES_SIZE            24
/* Word 0: checksums. */
    FIELD(ZIP_ZRES_W0, ADLER32, 0, 32)
    FIELD(ZIP_ZRES_W0, CRC32, 32, 32)
/* Word 1: byte counts. */
    FIELD(ZIP_ZRES_W1, TOTALBYTESREAD, 0, 32)
    FIELD(ZIP_ZRES_W1, TOTALBYTESWRITTEN, 32, 32)
/* Word 2: status, written last. */
    FIELD(ZIP_ZRES_W2, COMPCODE, 0, 8)      /* ZIP_COMP_* */
    FIELD(ZIP_ZRES_W2, EF, 8, 1)            /* the stream's end was met */
    FIELD(ZIP_ZRES_W2, EXBITS, 16, 7)
    FIELD(ZIP_ZRES_W2, EXN, 24, 3)
    FIELD(ZIP_ZRES_W2, DONEINT, 31, 1)
    FIELD(ZIP_ZRES_W2, TOTALBITSPROCESSED, 32, 32)

/* IWORD0.CC: the coding of a compression; 3 selects LZS both ways. */
#define ZIP_CC_AUTO             0
#define ZIP_CC_FIXED            1
#define ZIP_CC_DYNAMIC          2
#define ZIP_CC_LZS              3

/* Completion codes (ZIP_COMP_E). */
#define ZIP_COMP_NOTDONE        0x0
#define ZIP_COMP_SUCCESS        0x1
#define ZIP_COMP_DTRUNC         0x2
#define ZIP_COMP_DYNAMIC_STOP   0x3
#define ZIP_COMP_ITRUNC         0x4
#define ZIP_COMP_RBLOCK         0x5
#define ZIP_COMP_NLEN           0x6
#define ZIP_COMP_BADCODE        0x7
#define ZIP_COMP_BADCODE2       0x8
#define ZIP_COMP_ZERO_LEN       0x9
#define ZIP_COMP_PARITY         0xa
#define ZIP_COMP_FATAL          0xb

#endif
