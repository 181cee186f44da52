/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NXP CAAM: what the DECO (caam_desc.c) and the CHAs it drives
 * (caam_cha.c) share. Not a public header: the model's own two files.
 */
#ifndef HW_CRYPTO_CAAM_INT_H
#define HW_CRYPTO_CAAM_INT_H

#include "crypto/cipher.h"
#include "hw/crypto/caam.h"
#include "hw/crypto/caam_mdha.h"

/* Data one command moves, and what a class may buffer in one job. */
#define CAAM_MAX_XFER       (1024u * 1024u)

/* Segments of a sequence's scatter/gather table (sec4_sg_entry). */
#define CAAM_SG_MAX         64

#define CAAM_AES_BLOCK      16
/* Class 1 context: 0x38 bytes + XTS's 8; class 2: an MDHA state + 8. */
#define CAAM_CTX_SIZE       72
#define CAAM_KEY_SIZE       128
#define CAAM_ICV_MAX        64
#define CAAM_GCM_IV_MAX     64

/* What a FIFO LOAD, NFIFO entry or MOVE hands a class. */
typedef enum CaamData {
    CAAM_DATA_MSG,
    CAAM_DATA_IV,
    CAAM_DATA_AAD,
    CAAM_DATA_ICV,
} CaamData;

/* Input that reached a class before its OPERATION. */
typedef struct CaamChunk {
    CaamData type;
    bool last;
    bool out2;
    GByteArray *data;
} CaamChunk;

typedef struct CaamClass {
    uint32_t op;                /* the OPERATION word; 0: none */
    bool done;                  /* its last data came; finalised */
    uint8_t key[CAAM_KEY_SIZE];
    uint32_t keylen;
    bool split_key;
    uint8_t ctx[CAAM_CTX_SIZE];
    uint32_t datasize, icvsize;
    GQueue pend;                /* CaamChunk, waiting for an OPERATION */
    GByteArray *data;           /* class 1: data held back */
    /* ICV check: the computed value, and what came to compare */
    uint8_t icv[CAAM_ICV_MAX];
    unsigned icvlen;
    bool icv_ready;

    /* Class 1: AESA or DESA */
    QCryptoCipher *cipher, *tweak;
    unsigned bs;
    uint8_t gcm_h[16], gcm_j0[16], gcm_y[16], gcm_ctr[16], gcm_ks[16];
    uint8_t gcm_part[16];       /* GHASH input not yet a block */
    unsigned gcm_npart, gcm_ksoff;
    uint8_t gcm_iv[CAAM_GCM_IV_MAX];
    unsigned gcm_ivlen;
    bool started;               /* GCM's H and J0, or a MAC's keys, set */
    bool gcm_text;
    uint64_t gcm_alen, gcm_clen;

    /* Class 2: MDHA */
    CaamMd md;
    uint8_t split[CAAM_MD_MAX_SPLIT_KEY];   /* the HMAC split key in use */
} CaamClass;

/* A sequence: its memory segments (one, or a gather table's). */
typedef struct CaamSeg {
    uint64_t addr;
    uint32_t len;
} CaamSeg;

typedef struct CaamSeq {
    CaamSeg seg[CAAM_SG_MAX];
    unsigned nseg, cur;
    uint32_t off;               /* into seg[cur] */
    uint32_t len;               /* bytes left (SEQINLEN / SEQOUTLEN) */
} CaamSeq;

/* A FIFO STORE waiting for the output FIFO (issued before its data). */
typedef struct CaamPendStore {
    bool active;
    bool seq;
    unsigned idx;
    CaamSeq q;                  /* its place in the output sequence */
    uint64_t addr;              /* or in memory */
    uint32_t left;
} CaamPendStore;

typedef struct CaamDeco {
    CaamState *s;
    unsigned psz;
    /* The buffer being run (a private copy: DKP and MOVE write it). */
    uint32_t *buf;
    unsigned len;
    CaamClass c1, c2;
    uint64_t math[4];
    uint32_t dpovrd;
    uint8_t cc;                 /* math condition codes: N Z C NV */
    CaamSeq in, out;
    uint32_t vsil, vsol;
    GByteArray *ofifo;          /* the output data FIFO */
    GByteArray *ififo;          /* DECO-bound input FIFO data (NFIFO pad) */
    CaamPendStore pstore;
    int budget;
    uint64_t traffic;           /* bytes moved so far, up to the limit */
    bool ended;
    uint32_t status;
} CaamDeco;

#define CAAM_CC_N   0x8
#define CAAM_CC_Z   0x4
#define CAAM_CC_C   0x2
#define CAAM_CC_NV  0x1

#define CAAM_DECO_ERR(code)     (((uint32_t)CAAM_SSRC_DECO << 28) | (code))
#define CAAM_CCB_ERR(cha, err)  (((uint32_t)CAAM_SSRC_CCB << 28) | \
                                 ((cha) << 4) | (err))

/* caam_desc.c */
bool G_GNUC_PRINTF(4, 5)
caam_fail(CaamDeco *d, unsigned idx, uint32_t status, const char *fmt, ...);
/* Bytes a CHA produced: into the output FIFO, and to a waiting store. */
bool caam_ofifo_put(CaamDeco *d, unsigned idx, const uint8_t *buf,
                    uint32_t len);

static inline unsigned caam_op_alg(uint32_t op)
{
    return (op & CAAM_OP_ALGSEL_MASK) >> CAAM_OP_ALGSEL_SHIFT;
}

static inline unsigned caam_op_aai(uint32_t op)
{
    return (op & CAAM_OP_AAI_MASK) >> CAAM_OP_AAI_SHIFT;
}

static inline unsigned caam_op_as(uint32_t op)
{
    return (op & CAAM_OP_AS_MASK) >> CAAM_OP_AS_SHIFT;
}

/* caam_cha.c: the OPERATION for a class, then its data as it comes. */
bool caam_c1_op(CaamDeco *d, unsigned idx, uint32_t w);
bool caam_c1_data(CaamDeco *d, unsigned idx, CaamData type,
                  const uint8_t *buf, uint32_t len, bool last, bool out2);
bool caam_c2_op(CaamDeco *d, unsigned idx, uint32_t w);
bool caam_c2_data(CaamDeco *d, unsigned idx, CaamData type,
                  const uint8_t *buf, uint32_t len, bool last);
/* DKP: the HMAC split key of a class 2 algorithm (0 if none). */
bool caam_md_alg(unsigned alg, CaamMdAlg *out);
void caam_class_reset(CaamClass *c);
/* Input for class cls (1, 2): now, or when its OPERATION comes. */
bool caam_class_in(CaamDeco *d, unsigned idx, int cls, CaamData type,
                   const uint8_t *buf, uint32_t len, bool last, bool out2);
bool caam_class_drain(CaamDeco *d, unsigned idx, int cls);

#endif
