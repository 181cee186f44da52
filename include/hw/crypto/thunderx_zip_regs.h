/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cavium ThunderX ZIP: CSR offsets in BAR0, instruction (ZIP_INST_S) and
 * result (ZIP_ZRES_S) layouts, completion codes. Offsets and field
 * positions are those Linux's drivers/crypto/cavium/zip/zip_regs.h uses.
 */
#ifndef HW_CRYPTO_THUNDERX_ZIP_REGS_H
#define HW_CRYPTO_THUNDERX_ZIP_REGS_H

#define ZIP_NUM_QUEUES          8

/* BAR0 CSRs; per-queue registers are 8 bytes apart. */
#define ZIP_CMD_CTL             0x0000
#define   ZIP_CMD_CTL_RESET       (1ULL << 0)
#define   ZIP_CMD_CTL_FORCECLK    (1ULL << 1)
#define ZIP_THROTTLE            0x0010
#define   ZIP_THROTTLE_MASK       0x3fULL
#define ZIP_FIFE_INT            0x0078
#define ZIP_FIFE_INT_W1S        0x0080
#define ZIP_FIFE_ENA_W1S        0x0088
#define ZIP_FIFE_ENA_W1C        0x0090
#define   ZIP_FIFE_MASK           ((1ULL << 42) - 1)
#define ZIP_CONSTANTS           0x00a0
#define ZIP_QUE_ENA             0x0500
#define ZIP_QUE_PRI             0x0508
#define ZIP_CTL_BIST_STATUS     0x0510
#define ZIP_CTL_CFG             0x0560
#define ZIP_ECC_CTL             0x0568
#define   ZIP_ECC_CTL_MASK        0x77777ULL
#define ZIP_ECCE_INT            0x0580
#define ZIP_ECCE_INT_W1S        0x0588
#define ZIP_ECCE_ENA_W1S        0x0590
#define ZIP_ECCE_ENA_W1C        0x0598
#define   ZIP_ECCE_MASK           0x1f0000001fULL
#define ZIP_QUE_SBUF_ADDR(q)    (0x1000 + (q) * 8)
#define   ZIP_SBUF_ADDR_MASK      ((1ULL << 49) - 1)
#define ZIP_QUE_SBUF_CTL(q)     (0x1200 + (q) * 8)
#define   ZIP_SBUF_CTL_INST_BE    (1ULL << 31)
#define   ZIP_SBUF_CTL_SIZE_SHIFT 32
#define   ZIP_SBUF_CTL_SIZE_MASK  0x1fffULL
#define   ZIP_SBUF_CTL_MASK       0x1fff80ff0fffULL
#define ZIP_QUE_MAP(q)          (0x1400 + (q) * 8)
#define   ZIP_QUE_MAP_ZCE         0x3ULL
#define ZIP_DBG_QUE_STA(q)      (0x1800 + (q) * 8)
#define   ZIP_DBG_QUE_STA_BUSY    (1ULL << 63)
#define ZIP_QUE_GCFG(q)         (0x1a00 + (q) * 8)
#define   ZIP_QUE_GCFG_MASK       0xfULL
#define ZIP_QUE_DONE(q)         (0x2000 + (q) * 8)
#define ZIP_QUE_DONE_ACK(q)     (0x2200 + (q) * 8)
#define ZIP_QUE_DONE_ENA_W1S(q) (0x2400 + (q) * 8)
#define ZIP_QUE_DONE_ENA_W1C(q) (0x2600 + (q) * 8)
#define ZIP_QUE_DONE_WAIT(q)    (0x2800 + (q) * 8)
#define   ZIP_DONE_WAIT_MASK      0xffff000fffffULL
#define   ZIP_COUNT_MASK          0xfffffULL   /* 20-bit counters */
#define ZIP_QUE_ERR_INT(q)      (0x3000 + (q) * 8)
#define ZIP_QUE_ERR_INT_W1S(q)  (0x3200 + (q) * 8)
#define ZIP_QUE_ERR_ENA_W1S(q)  (0x3400 + (q) * 8)
#define ZIP_QUE_ERR_ENA_W1C(q)  (0x3600 + (q) * 8)
#define   ZIP_ERR_DOVF            (1ULL << 0)  /* doorbell overflow */
#define   ZIP_ERR_IRDE            (1ULL << 1)  /* instruction fetch error */
#define   ZIP_ERR_NRRP            (1ULL << 2)  /* data read error */
#define   ZIP_ERR_NWRP            (1ULL << 3)  /* data/result write error */
#define   ZIP_ERR_MDBE            (1ULL << 4)
#define   ZIP_ERR_MASK            0x1fULL
#define ZIP_QUE_DOORBELL(q)     (0x4000 + (q) * 8)
#define ZIP_BAR0_SIZE           0x10000

/* MSI-X vectors (ZIP_INT_VEC_E), in BAR4. */
#define ZIP_VEC_QUE_DONE(q)     (q)
#define ZIP_VEC_QUE_ERR(q)      (8 + (q))
#define ZIP_VEC_ECCE            0x10
#define ZIP_VEC_FIFE            0x11
#define ZIP_NUM_VECTORS         0x12
#define ZIP_MSIX_BAR            4

/* ZIP_INST_S: 16 little-endian 64-bit words. */
#define ZIP_INST_SIZE           128
#define ZIP_INST_WORDS          16
/* IWORD0 */
#define   ZIP_I0_HG               (1ULL << 0)
#define   ZIP_I0_DG               (1ULL << 1)
#define   ZIP_I0_DS               (1ULL << 2)
#define   ZIP_I0_CE               (1ULL << 4)
#define   ZIP_I0_BF               (1ULL << 5)
#define   ZIP_I0_EF               (1ULL << 6)
#define   ZIP_I0_CC_SHIFT         7
#define   ZIP_I0_SS_SHIFT         9
#define   ZIP_I0_SF               (1ULL << 11)
#define   ZIP_I0_EXBITS_SHIFT     16
#define   ZIP_I0_EXN_SHIFT        24
#define   ZIP_I0_TOTOUT_SHIFT     32
#define   ZIP_I0_TOTOUT_MASK      0xffffffULL
#define   ZIP_I0_DONEINT          (1ULL << 63)
/* IWORD1 */
#define   ZIP_I1_HISTLEN_SHIFT    48
/* Pointer pairs: ADDR word then CTL word (LENGTH in bits 32..47). */
#define ZIP_IW_CTX              2
#define ZIP_IW_HIS              4
#define ZIP_IW_INP              6
#define ZIP_IW_OUT              8
#define ZIP_IW_RES              10
#define ZIP_IW_WQ               12
#define   ZIP_ZPTR_ADDR_MASK      ((1ULL << 49) - 1)
#define   ZIP_ZPTR_LEN_SHIFT      32
#define   ZIP_ZPTR_LEN_MASK       0xffffULL

/* CC: the coding of a compression; 3 selects LZS both ways. */
#define ZIP_CC_AUTO             0
#define ZIP_CC_FIXED            1
#define ZIP_CC_DYNAMIC          2
#define ZIP_CC_LZS              3

/* ZIP_ZRES_S: 24 bytes; word 2 holds the completion code. */
#define ZIP_RES_SIZE            24
#define   ZIP_R2_EF               (1ULL << 8)
#define   ZIP_R2_EXBITS_SHIFT     16
#define   ZIP_R2_EXN_SHIFT        24
#define   ZIP_R2_DONEINT          (1ULL << 31)
#define   ZIP_R2_BITS_SHIFT       32

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
