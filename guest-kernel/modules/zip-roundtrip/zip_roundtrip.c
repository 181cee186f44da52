// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zip_roundtrip: round trips and throughput of a compression driver through
 * the kernel crypto API. Written for the Cavium ThunderX ZIP engine
 * (drivers/crypto/cavium/zip: deflate-cavium, lzs-cavium and the scomp
 * variant deflate-scomp-cavium), checked against the kernel's software raw
 * deflate (crypto/deflate.c: deflate-generic); any crypto_comp driver works.
 *
 *   insmod zip_roundtrip.ko [mode=test|bench] [engine=deflate-cavium]
 *          [soft=deflate-generic] [lzs_engine=lzs-cavium]
 *          [acomp_engine=deflate-scomp-cavium]
 *          [bench_kb=1024] [chunk=32768] [rounds=3] [bench_soft=Y]
 *
 * An empty lzs_engine or acomp_engine skips those checks (reported as
 * "# SKIP"); engine=deflate-generic lzs_engine= acomp_engine=deflate-scomp
 * runs everything on the software code, with no engine at all.
 *
 * mode=test prints KTAP to the kernel log, each line prefixed with
 * "zip_roundtrip: ": "KTAP version 1", the plan "1..N", then one
 * "ok N name" or "not ok N name # reason" per check, and "# ..." notes.
 * mode=bench times compression and decompression of the deterministic
 * corpus of bench/corpus.h (the host's bench/zlib-ref sees the same bytes)
 * and prints "zip_roundtrip: bench key=value ..." lines.
 *
 * The verdict is in the log, not in insmod's exit status: a completed run
 * returns 0 from init even when checks failed (the module then stays
 * loaded: rmmod it before the next run); read the plan and the "ok"/"not ok"
 * lines (test), or "bench done"/"bench failed" (bench). Busybox's insmod
 * retries a failed finit_module() with init_module(), which would run every
 * check twice. Init fails only on a bad parameter (-EINVAL) or when the
 * buffers cannot be allocated (-ENOMEM), before any check ran.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/acompress.h>
#include <linux/crypto.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "corpus.h"

/*
 * The ZIP instruction's input and output length fields are 16 bits (the
 * driver's bounce buffers are 64 KiB): 65535 bytes at most each way. Never
 * offer the engine more output room than that: 65536 would be 0.
 */
#define ENGINE_MAX	65535u
/* Test buffers: room for software deflate of 65535 incompressible bytes. */
#define BUF_SIZE	(2 * 65536u)
/* Text and zeros of at least this size must come out smaller. */
#define MIN_SHRINK	1000u

static char *mode = "test";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "test (KTAP checks, the default) or bench (throughput)");

static char *engine = "deflate-cavium";
module_param(engine, charp, 0444);
MODULE_PARM_DESC(engine, "deflate driver under test (crypto_comp)");

static char *soft = "deflate-generic";
module_param(soft, charp, 0444);
MODULE_PARM_DESC(soft, "software raw deflate to check the engine against");

static char *lzs_engine = "lzs-cavium";
module_param(lzs_engine, charp, 0444);
MODULE_PARM_DESC(lzs_engine, "LZS driver under test; empty skips the LZS checks");

static char *acomp_engine = "deflate-scomp-cavium";
module_param(acomp_engine, charp, 0444);
MODULE_PARM_DESC(acomp_engine, "deflate through the acomp API; empty skips");

static uint bench_kb = 1024;
module_param(bench_kb, uint, 0444);
MODULE_PARM_DESC(bench_kb, "bench: corpus size in KiB (1..65536)");

static uint chunk = 32768;
module_param(chunk, uint, 0444);
MODULE_PARM_DESC(chunk, "bench: bytes per compression request (1..65535)");

static uint rounds = 3;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "bench: passes over the corpus (1..1000)");

static bool bench_soft = true;
module_param(bench_soft, bool, 0444);
MODULE_PARM_DESC(bench_soft, "bench: also time the software driver");

/* ------------------------------------------------------------------------
 * test mode
 */

static const unsigned int sizes[] = {
	1, 2, 64, 1000, 1021, 4096, 4097, 12345, 32768, 50001, 65535,
};

static const int test_kinds[] = {
	CORPUS_TEXT, CORPUS_RANDOM, CORPUS_ZERO, CORPUS_NOISE,
};

/* Every check, for the plan: four round trips per kind, then the rest. */
#define CHECKS_PER_KIND	4
#define OTHER_CHECKS	9
#define NUM_CHECKS	(CHECKS_PER_KIND * ARRAY_SIZE(test_kinds) + OTHER_CHECKS)

/*
 * Incompressible data must still fit the engine's 65535 bytes once
 * "compressed": deflate adds 5 bytes per stored block, LZS 1 bit per byte.
 */
static unsigned int kind_max(int kind)
{
	return kind == CORPUS_NOISE ? 50001 : ENGINE_MAX;
}

struct zrt {
	struct crypto_comp *eng, *soft, *lzs;
	struct crypto_acomp *acomp;
	long eng_err, soft_err, lzs_err, acomp_err;
	u8 *in, *cbuf, *out;	/* BUF_SIZE each, kmalloc: sg-safe */
	unsigned int n, failed;
	unsigned long buffers;	/* buffers that made a full round trip */
	char why[200];
};

static void result(struct zrt *z, bool ok, const char *name)
{
	z->n++;
	if (ok) {
		pr_info("ok %u %s\n", z->n, name);
	} else {
		z->failed++;
		pr_info("not ok %u %s # %s\n", z->n, name, z->why);
	}
	z->why[0] = 0;
}

static void skip(struct zrt *z, const char *name, const char *why)
{
	z->n++;
	pr_info("ok %u %s # SKIP %s\n", z->n, name, why);
}

static __printf(2, 3) bool fail(struct zrt *z, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(z->why, sizeof(z->why), fmt, ap);
	va_end(ap);
	return false;
}

static const char *drv(struct crypto_comp *tfm)
{
	return crypto_tfm_alg_driver_name(crypto_comp_tfm(tfm));
}

/* A usable tfm, or false with the reason in z->why. */
static bool have(struct zrt *z, struct crypto_comp *tfm, const char *name,
		 long err)
{
	if (tfm)
		return true;
	return fail(z, "cannot allocate %s: %ld", name, err);
}

static unsigned int first_diff(const u8 *a, const u8 *b, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len && a[i] == b[i]; i++)
		;
	return i;
}

/*
 * Compress with c (room cmax), decompress with d (room dmax, input at most
 * dinmax), for every test size of kind up to max_size: true when every
 * buffer came back equal. shrink: text and zeros must get smaller.
 */
static bool roundtrip(struct zrt *z, struct crypto_comp *c, unsigned int cmax,
		      struct crypto_comp *d, unsigned int dmax,
		      unsigned int dinmax, int kind, unsigned int max_size,
		      const unsigned int *sz, unsigned int nsz, bool shrink,
		      u64 *tot_in, u64 *tot_out)
{
	unsigned int i;

	for (i = 0; i < nsz; i++) {
		unsigned int size = sz[i], clen = cmax, dlen = dmax, at;
		int ret;

		if (size > max_size)
			continue;
		corpus_fill(z->in, size, kind, kind * 1000003ULL + size);
		ret = crypto_comp_compress(c, z->in, size, z->cbuf, &clen);
		if (ret)
			return fail(z, "size %u: %s compress returned %d",
				    size, drv(c), ret);
		if (!clen || clen > cmax)
			return fail(z, "size %u: %s compress gave %u bytes (room %u)",
				    size, drv(c), clen, cmax);
		if (shrink && size >= MIN_SHRINK && clen >= size)
			return fail(z, "size %u: %s compressed %s to %u bytes, not smaller",
				    size, drv(c), corpus_kind_names[kind], clen);
		if (clen > dinmax)
			return fail(z, "size %u: %s gave %u bytes, more than %s takes (%u)",
				    size, drv(c), clen, drv(d), dinmax);
		ret = crypto_comp_decompress(d, z->cbuf, clen, z->out, &dlen);
		if (ret)
			return fail(z, "size %u: %s decompress of %u bytes from %s returned %d",
				    size, drv(d), clen, drv(c), ret);
		if (dlen != size)
			return fail(z, "size %u: %s decompressed %s's %u bytes to %u bytes",
				    size, drv(d), drv(c), clen, dlen);
		at = first_diff(z->in, z->out, size);
		if (at != size)
			return fail(z, "size %u: %s -> %s differs from the input at byte %u",
				    size, drv(c), drv(d), at);
		*tot_in += size;
		*tot_out += clen;
		z->buffers++;
	}
	return true;
}

static void ratio_note(const char *name, u64 in, u64 out)
{
	if (out)
		pr_info("# %s: %llu -> %llu bytes (%llu.%02llu:1)\n", name, in, out,
			div64_u64(in, out), div64_u64(in * 100, out) % 100);
}

static void check_kind(struct zrt *z, int kind)
{
	const char *k = corpus_kind_names[kind];
	bool shrink = kind == CORPUS_TEXT || kind == CORPUS_ZERO;
	unsigned int max = kind_max(kind), n = ARRAY_SIZE(sizes);
	char name[64];
	u64 in = 0, out = 0;
	bool ok;

	/* The engine's stream, inflated by the kernel's zlib. */
	snprintf(name, sizeof(name), "deflate-engine-to-soft-%s", k);
	ok = have(z, z->eng, engine, z->eng_err) &&
	     have(z, z->soft, soft, z->soft_err) &&
	     roundtrip(z, z->eng, ENGINE_MAX, z->soft, BUF_SIZE, BUF_SIZE,
		       kind, max, sizes, n, shrink, &in, &out);
	if (ok)
		ratio_note(name, in, out);
	result(z, ok, name);

	/* The kernel's zlib stream (2 KiB window), inflated by the engine. */
	snprintf(name, sizeof(name), "deflate-soft-to-engine-%s", k);
	in = 0;
	out = 0;
	ok = have(z, z->eng, engine, z->eng_err) &&
	     have(z, z->soft, soft, z->soft_err) &&
	     roundtrip(z, z->soft, BUF_SIZE, z->eng, ENGINE_MAX, ENGINE_MAX,
		       kind, max, sizes, n, false, &in, &out);
	if (ok)
		ratio_note(name, in, out);
	result(z, ok, name);

	snprintf(name, sizeof(name), "deflate-engine-to-engine-%s", k);
	in = 0;
	out = 0;
	ok = have(z, z->eng, engine, z->eng_err) &&
	     roundtrip(z, z->eng, ENGINE_MAX, z->eng, ENGINE_MAX, ENGINE_MAX,
		       kind, max, sizes, n, shrink, &in, &out);
	result(z, ok, name);

	snprintf(name, sizeof(name), "lzs-engine-to-engine-%s", k);
	if (!*lzs_engine) {
		skip(z, name, "lzs_engine is empty");
		return;
	}
	in = 0;
	out = 0;
	ok = have(z, z->lzs, lzs_engine, z->lzs_err) &&
	     roundtrip(z, z->lzs, ENGINE_MAX, z->lzs, ENGINE_MAX, ENGINE_MAX,
		       kind, max, sizes, n, shrink, &in, &out);
	if (ok)
		ratio_note(name, in, out);
	result(z, ok, name);
}

/* dst[from..to) still holds the fill byte: nothing was written past dlen. */
static bool untouched(struct zrt *z, const u8 *buf, unsigned int from,
		      unsigned int to, u8 fill)
{
	unsigned int i;

	for (i = from; i < to; i++)
		if (buf[i] != fill)
			return fail(z, "byte %u past the output room was overwritten", i);
	return true;
}

/* Compressing 4096 bytes of text into 16 bytes must fail, within bounds. */
static bool small_output_compress(struct zrt *z, struct crypto_comp *tfm)
{
	unsigned int dlen = 16;
	int ret;

	corpus_fill(z->in, 4096, CORPUS_TEXT, 7);
	memset(z->out, 0x5a, 4096);
	ret = crypto_comp_compress(tfm, z->in, 4096, z->out, &dlen);
	if (!ret)
		return fail(z, "%s compressed 4096 bytes into 16-byte room: returned 0, dlen %u",
			    drv(tfm), dlen);
	return untouched(z, z->out, 16, 4096, 0x5a);
}

/* A valid raw deflate stream of 4096 text bytes in z->cbuf, from soft. */
static bool soft_stream(struct zrt *z, unsigned int *clen)
{
	int ret;

	*clen = BUF_SIZE;
	corpus_fill(z->in, 4096, CORPUS_TEXT, 11);
	ret = crypto_comp_compress(z->soft, z->in, 4096, z->cbuf, clen);
	if (ret)
		return fail(z, "%s compress returned %d", drv(z->soft), ret);
	return true;
}

static bool small_output_decompress(struct zrt *z)
{
	unsigned int clen, dlen = 100;
	int ret;

	if (!soft_stream(z, &clen))
		return false;
	memset(z->out, 0x5a, 4096);
	ret = crypto_comp_decompress(z->eng, z->cbuf, clen, z->out, &dlen);
	if (!ret)
		return fail(z, "%s inflated 4096 bytes into 100-byte room: returned 0, dlen %u",
			    drv(z->eng), dlen);
	return untouched(z, z->out, 100, 4096, 0x5a);
}

/* The engine must refuse a stream: return an error, not data. */
static bool refuses(struct zrt *z, const u8 *src, unsigned int slen,
		    const char *what)
{
	unsigned int dlen = ENGINE_MAX;
	int ret;

	ret = crypto_comp_decompress(z->eng, src, slen, z->out, &dlen);
	if (!ret)
		return fail(z, "%s accepted %s (%u bytes): returned 0, %u bytes out",
			    drv(z->eng), what, slen, dlen);
	return true;
}

static bool corrupt_btype(struct zrt *z)
{
	unsigned int clen;

	if (!soft_stream(z, &clen))
		return false;
	/* First block header: BFINAL in bit 0, BTYPE in bits 1-2; 11 is reserved. */
	z->cbuf[0] |= 0x06;
	return refuses(z, z->cbuf, clen, "a block of reserved type 3");
}

static bool corrupt_nlen(struct zrt *z)
{
	/* A final stored block whose NLEN is not the complement of LEN. */
	static const u8 hdr[] = { 0x01, 0x10, 0x00, 0x12, 0x34 };

	memcpy(z->cbuf, hdr, sizeof(hdr));
	memset(z->cbuf + sizeof(hdr), 'x', 16);
	return refuses(z, z->cbuf, sizeof(hdr) + 16, "a stored block with LEN != ~NLEN");
}

static bool truncated(struct zrt *z)
{
	unsigned int clen;

	if (!soft_stream(z, &clen))
		return false;
	return refuses(z, z->cbuf, clen / 2, "the first half of a stream");
}

/* 65535 incompressible bytes cannot fit in 65535: an error, no overrun. */
static bool noise_overflow(struct zrt *z)
{
	unsigned int dlen = ENGINE_MAX;
	int ret;

	corpus_fill(z->in, ENGINE_MAX, CORPUS_NOISE, 13);
	memset(z->out, 0x5a, BUF_SIZE);
	ret = crypto_comp_compress(z->eng, z->in, ENGINE_MAX, z->out, &dlen);
	if (!ret)
		return fail(z, "%s compressed 65535 random bytes into %u bytes",
			    drv(z->eng), dlen);
	return untouched(z, z->out, ENGINE_MAX, BUF_SIZE, 0x5a);
}

static int acomp_op(struct crypto_acomp *tfm, bool compress, u8 *src,
		    unsigned int slen, u8 *dst, unsigned int *dlen)
{
	struct scatterlist sin, sout;
	struct acomp_req *req;
	DECLARE_CRYPTO_WAIT(wait);
	int ret;

	req = acomp_request_alloc(tfm);
	if (!req)
		return -ENOMEM;
	sg_init_one(&sin, src, slen);
	sg_init_one(&sout, dst, *dlen);
	acomp_request_set_params(req, &sin, &sout, slen, *dlen);
	acomp_request_set_callback(req, CRYPTO_TFM_REQ_MAY_BACKLOG,
				   crypto_req_done, &wait);
	ret = crypto_wait_req(compress ? crypto_acomp_compress(req) :
				  crypto_acomp_decompress(req), &wait);
	*dlen = req->dlen;
	acomp_request_free(req);
	return ret;
}

/* The scomp registration, through acomp: a round trip and a soft inflate. */
static bool acomp_roundtrip(struct zrt *z)
{
	const char *name = crypto_tfm_alg_driver_name(crypto_acomp_tfm(z->acomp));
	unsigned int clen = ENGINE_MAX, dlen = ENGINE_MAX, size = 32768, at;
	int ret;

	corpus_fill(z->in, size, CORPUS_TEXT, 17);
	ret = acomp_op(z->acomp, true, z->in, size, z->cbuf, &clen);
	if (ret)
		return fail(z, "%s compress returned %d", name, ret);
	if (!clen || clen >= size)
		return fail(z, "%s compressed 32768 bytes of text to %u bytes", name, clen);
	ret = acomp_op(z->acomp, false, z->cbuf, clen, z->out, &dlen);
	if (ret)
		return fail(z, "%s decompress returned %d", name, ret);
	at = first_diff(z->in, z->out, size);
	if (dlen != size || at != size)
		return fail(z, "%s round trip: %u bytes back, first difference at %u",
			    name, dlen, at);
	dlen = BUF_SIZE;
	ret = crypto_comp_decompress(z->soft, z->cbuf, clen, z->out, &dlen);
	if (ret)
		return fail(z, "%s could not inflate %s's stream: %d", drv(z->soft), name, ret);
	at = first_diff(z->in, z->out, size);
	if (dlen != size || at != size)
		return fail(z, "%s inflated %s's stream to %u bytes, first difference at %u",
			    drv(z->soft), name, dlen, at);
	pr_info("# acomp-roundtrip: %s: 32768 -> %u bytes\n", name, clen);
	return true;
}

static struct crypto_comp *alloc_comp(const char *name, long *err)
{
	struct crypto_comp *tfm;

	*err = 0;
	if (!*name)
		return NULL;
	tfm = crypto_alloc_comp(name, 0, 0);
	if (IS_ERR(tfm)) {
		*err = PTR_ERR(tfm);
		return NULL;
	}
	return tfm;
}

static int run_tests(void)
{
	static const unsigned int one[] = { 4096 };
	struct zrt *z;
	unsigned int i;
	u64 in = 0, out = 0;
	bool ok;
	int ret = -ENOMEM;

	z = kzalloc(sizeof(*z), GFP_KERNEL);
	if (!z)
		return -ENOMEM;
	z->in = kmalloc(BUF_SIZE, GFP_KERNEL);
	z->cbuf = kmalloc(BUF_SIZE, GFP_KERNEL);
	z->out = kmalloc(BUF_SIZE, GFP_KERNEL);
	if (!z->in || !z->cbuf || !z->out)
		goto out;

	z->eng = alloc_comp(engine, &z->eng_err);
	z->soft = alloc_comp(soft, &z->soft_err);
	z->lzs = alloc_comp(lzs_engine, &z->lzs_err);
	if (*acomp_engine) {
		z->acomp = crypto_alloc_acomp(acomp_engine, 0, 0);
		if (IS_ERR(z->acomp)) {
			z->acomp_err = PTR_ERR(z->acomp);
			z->acomp = NULL;
		}
	}

	pr_info("KTAP version 1\n");
	pr_info("1..%zu\n", NUM_CHECKS);
	pr_info("# engine=%s soft=%s lzs_engine=%s acomp_engine=%s\n",
		z->eng ? drv(z->eng) : engine, z->soft ? drv(z->soft) : soft,
		z->lzs ? drv(z->lzs) : lzs_engine, acomp_engine);

	for (i = 0; i < ARRAY_SIZE(test_kinds); i++)
		check_kind(z, test_kinds[i]);

	ok = have(z, z->eng, engine, z->eng_err) && noise_overflow(z);
	result(z, ok, "deflate-noise-overflow");

	ok = have(z, z->eng, engine, z->eng_err) && small_output_compress(z, z->eng);
	result(z, ok, "deflate-small-output-compress");

	ok = have(z, z->eng, engine, z->eng_err) &&
	     have(z, z->soft, soft, z->soft_err) && small_output_decompress(z);
	result(z, ok, "deflate-small-output-decompress");

	ok = have(z, z->eng, engine, z->eng_err) &&
	     have(z, z->soft, soft, z->soft_err) && corrupt_btype(z);
	result(z, ok, "deflate-corrupt-btype");

	ok = have(z, z->eng, engine, z->eng_err) && corrupt_nlen(z);
	result(z, ok, "deflate-corrupt-nlen");

	ok = have(z, z->eng, engine, z->eng_err) &&
	     have(z, z->soft, soft, z->soft_err) && truncated(z);
	result(z, ok, "deflate-truncated");

	if (*lzs_engine) {
		ok = have(z, z->lzs, lzs_engine, z->lzs_err) &&
		     small_output_compress(z, z->lzs);
		result(z, ok, "lzs-small-output-compress");
	} else {
		skip(z, "lzs-small-output-compress", "lzs_engine is empty");
	}

	if (!*acomp_engine) {
		skip(z, "acomp-roundtrip", "acomp_engine is empty");
	} else {
		ok = (z->acomp || fail(z, "cannot allocate %s: %ld", acomp_engine,
				       z->acomp_err)) &&
		     have(z, z->soft, soft, z->soft_err) && acomp_roundtrip(z);
		result(z, ok, "acomp-roundtrip");
	}

	/* After all the refusals the engine still works. */
	ok = have(z, z->eng, engine, z->eng_err) &&
	     roundtrip(z, z->eng, ENGINE_MAX, z->eng, ENGINE_MAX, ENGINE_MAX,
		       CORPUS_TEXT, ENGINE_MAX, one, 1, true, &in, &out);
	result(z, ok, "deflate-engine-after-errors");

	pr_info("# %u/%u checks passed, %lu buffers round-tripped\n",
		z->n - z->failed, z->n, z->buffers);
	if (z->n != NUM_CHECKS)
		pr_info("# planned %zu checks, ran %u\n", NUM_CHECKS, z->n);
	ret = 0;

	if (z->acomp)
		crypto_free_acomp(z->acomp);
	if (z->lzs)
		crypto_free_comp(z->lzs);
	if (z->soft)
		crypto_free_comp(z->soft);
	if (z->eng)
		crypto_free_comp(z->eng);
out:
	kfree(z->out);
	kfree(z->cbuf);
	kfree(z->in);
	kfree(z);
	return ret;
}

/* ------------------------------------------------------------------------
 * bench mode
 */

struct corpus {
	u8 *data, *comp, *out, *scratch;
	unsigned int *clen;
	size_t bytes;
	unsigned int chunks;
	unsigned int slot;	/* room for each chunk's compressed form */
};

static unsigned int chunk_len(const struct corpus *c, unsigned int i)
{
	return min_t(size_t, chunk, c->bytes - (size_t)i * chunk);
}

/* MB/s (10^6 bytes per second) with two decimals, integer only. */
static const char *mbps(char *buf, size_t len, u64 bytes, u64 ns)
{
	u64 x100 = ns ? div64_u64(bytes * 100000ULL, ns) : 0;

	snprintf(buf, len, "%llu.%02llu", div_u64(x100, 100), x100 % 100);
	return buf;
}

static int bench_driver(struct corpus *c, const char *name)
{
	struct crypto_comp *tfm;
	u64 t0, tc, td, out = 0;
	unsigned int r, i, at;
	char m[32];
	int ret = 0;

	tfm = crypto_alloc_comp(name, 0, 0);
	if (IS_ERR(tfm)) {
		pr_info("bench error driver=%s cannot allocate: %ld\n", name, PTR_ERR(tfm));
		return -EIO;
	}
	name = drv(tfm);

	t0 = ktime_get_ns();
	for (r = 0; r < rounds; r++) {
		for (i = 0; i < c->chunks; i++) {
			unsigned int clen = c->slot;

			ret = crypto_comp_compress(tfm, c->data + (size_t)i * chunk,
						   chunk_len(c, i),
						   c->comp + (size_t)i * c->slot, &clen);
			if (ret) {
				pr_info("bench error driver=%s compress chunk %u returned %d\n",
					name, i, ret);
				goto out;
			}
			c->clen[i] = clen;
			cond_resched();
		}
	}
	tc = ktime_get_ns() - t0;
	for (i = 0; i < c->chunks; i++)
		out += c->clen[i];

	memset(c->out, 0, c->bytes);
	t0 = ktime_get_ns();
	for (r = 0; r < rounds; r++) {
		for (i = 0; i < c->chunks; i++) {
			unsigned int dlen = chunk_len(c, i);

			ret = crypto_comp_decompress(tfm, c->comp + (size_t)i * c->slot,
						     c->clen[i],
						     c->out + (size_t)i * chunk, &dlen);
			if (ret || dlen != chunk_len(c, i)) {
				pr_info("bench error driver=%s decompress chunk %u returned %d, %u bytes\n",
					name, i, ret, dlen);
				ret = -EIO;
				goto out;
			}
			cond_resched();
		}
	}
	td = ktime_get_ns() - t0;

	at = first_diff(c->data, c->out, c->bytes);
	if (at != c->bytes) {
		pr_info("bench error driver=%s round trip differs at byte %u\n", name, at);
		ret = -EIO;
		goto out;
	}
	pr_info("bench op=compress driver=%s rounds=%u bytes=%llu out=%llu ns=%llu mbps=%s\n",
		name, rounds, (u64)c->bytes * rounds, out * rounds, tc,
		mbps(m, sizeof(m), (u64)c->bytes * rounds, tc));
	pr_info("bench op=decompress driver=%s rounds=%u bytes=%llu in=%llu ns=%llu mbps=%s\n",
		name, rounds, (u64)c->bytes * rounds, out * rounds, td,
		mbps(m, sizeof(m), (u64)c->bytes * rounds, td));
out:
	crypto_free_comp(tfm);
	return ret ? -EIO : 0;
}

/* What the driver's two bounce copies per request cost in this guest. */
static void bench_memcpy(struct corpus *c)
{
	unsigned int r, i;
	u64 t0, t;
	char m[32];

	t0 = ktime_get_ns();
	for (r = 0; r < rounds; r++)
		for (i = 0; i < c->chunks; i++) {
			memcpy(c->scratch, c->data + (size_t)i * chunk, chunk_len(c, i));
			barrier_data(c->scratch);
		}
	t = ktime_get_ns() - t0;
	pr_info("bench op=memcpy rounds=%u bytes=%llu ns=%llu mbps=%s\n", rounds,
		(u64)c->bytes * rounds, t, mbps(m, sizeof(m), (u64)c->bytes * rounds, t));
}

static int run_bench(void)
{
	struct corpus c = { .bytes = (size_t)bench_kb * 1024 };
	unsigned int i;
	u64 fnv = CORPUS_FNV_INIT;
	int ret = -ENOMEM;

	c.chunks = DIV_ROUND_UP(c.bytes, chunk);
	/* The corpus compresses (bench/corpus.h): twice a chunk is room enough. */
	c.slot = min(ENGINE_MAX, 2 * chunk + 64);
	c.data = vmalloc(c.bytes);
	c.out = vmalloc(c.bytes);
	c.comp = vmalloc((size_t)c.chunks * c.slot);
	c.scratch = kmalloc(ENGINE_MAX, GFP_KERNEL);
	c.clen = kcalloc(c.chunks, sizeof(*c.clen), GFP_KERNEL);
	if (!c.data || !c.out || !c.comp || !c.scratch || !c.clen) {
		pr_info("bench error cannot allocate the corpus (%zu bytes)\n", c.bytes);
		goto out;
	}
	for (i = 0; i < c.chunks; i++)
		corpus_bench_chunk(c.data + (size_t)i * chunk, chunk_len(&c, i), i);
	fnv = corpus_fnv(fnv, c.data, c.bytes);
	pr_info("bench corpus bytes=%zu chunk=%u chunks=%u fnv=%016llx\n",
		c.bytes, chunk, c.chunks, fnv);

	bench_memcpy(&c);
	ret = bench_driver(&c, engine);
	if (!ret && bench_soft && *soft && strcmp(soft, engine))
		ret = bench_driver(&c, soft);
	pr_info("bench %s\n", ret ? "failed" : "done");
	ret = 0;	/* the verdict is the line above */
out:
	kfree(c.clen);
	kfree(c.scratch);
	vfree(c.comp);
	vfree(c.out);
	vfree(c.data);
	return ret;
}

static int __init zip_roundtrip_init(void)
{
	if (!strcmp(mode, "test"))
		return run_tests();
	if (strcmp(mode, "bench")) {
		pr_err("mode=%s: want test or bench\n", mode);
		return -EINVAL;
	}
	if (!chunk || chunk > ENGINE_MAX || !bench_kb || bench_kb > 65536 ||
	    !rounds || rounds > 1000 || !*engine) {
		pr_err("bench: need chunk 1..%u, bench_kb 1..65536, rounds 1..1000, an engine\n",
		       ENGINE_MAX);
		return -EINVAL;
	}
	return run_bench();
}

static void __exit zip_roundtrip_exit(void)
{
}

module_init(zip_roundtrip_init);
module_exit(zip_roundtrip_exit);

MODULE_DESCRIPTION("Compression driver round trips and throughput (ThunderX ZIP tests)");
MODULE_LICENSE("GPL");
