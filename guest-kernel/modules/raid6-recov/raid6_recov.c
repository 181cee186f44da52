// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * raid6_recov: the kernel's RAID6 code on whatever DMA channel async_tx
 * offers (on presilicon, the SBA behind the FlexRM), checked against the
 * CPU. The syndrome of a stripe of `disks` pages (async_gen_syndrome)
 * must equal raid6_pq's on the CPU; then, for each data disk, that disk
 * and P are lost and async_raid6_datap_recov() must bring both back.
 * Results go to the kernel log, one "raid6_recov:" line each, for the
 * guest test to read. Two lost data disks (async_raid6_2data_recov) are
 * not tried: Linux 6.12's bcm-sba-raid never finishes the chained P+Q
 * requests they take (docs/devices/bcm-flexrm.md).
 */
#include <linux/async_tx.h>
#include <linux/completion.h>
#include <linux/dmaengine.h>
#include <linux/gfp.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/raid/pq.h>
#include <linux/string.h>

#define MAX_DISKS 14	/* 12 sources: the SBA's most in one request */

static unsigned int disks = 8;
module_param(disks, uint, 0444);
MODULE_PARM_DESC(disks, "disks in the stripe, P and Q included (4..14)");

static struct page *blk[MAX_DISKS], *saved[2];
/* Static, like the pages: a transfer that never ends may still call back. */
static struct completion cmp;
static unsigned int offs[MAX_DISKS];
static addr_conv_t conv[MAX_DISKS];
static void *cpu[MAX_DISKS];

static void done(void *arg)
{
	complete(arg);
}

/* Wait for tx (3 s); false when it never completes. */
static bool wait_tx(struct dma_async_tx_descriptor *tx)
{
	async_tx_issue_pending(tx);
	return wait_for_completion_timeout(&cmp, msecs_to_jiffies(3000));
}

static int __init raid6_recov_init(void)
{
	struct async_submit_ctl submit;
	struct dma_async_tx_descriptor *tx;
	struct dma_chan *chan;
	unsigned int i, ok = 0, data;
	bool syn_ok;
	int err = -ENOMEM;

	if (disks < 4 || disks > MAX_DISKS) {
		pr_err("raid6_recov: disks=%u: 4 to %d\n", disks, MAX_DISKS);
		return -EINVAL;
	}
	data = disks - 2;
	for (i = 0; i < disks; i++) {
		blk[i] = alloc_page(GFP_KERNEL);
		cpu[i] = (void *)__get_free_page(GFP_KERNEL);
		if (!blk[i] || !cpu[i])
			goto out;
	}
	saved[0] = alloc_page(GFP_KERNEL);
	saved[1] = alloc_page(GFP_KERNEL);
	if (!saved[0] || !saved[1])
		goto out;
	for (i = 0; i < data; i++)
		get_random_bytes(page_address(blk[i]), PAGE_SIZE);

	init_async_submit(&submit, 0, NULL, NULL, NULL, NULL);
	chan = async_tx_find_channel(&submit, DMA_PQ, NULL, 0, NULL, 0, 0);
	pr_info("raid6_recov: channel %s\n", chan ? dma_chan_name(chan) : "cpu");

	/* The syndrome through async_tx, and on the CPU. */
	init_completion(&cmp);
	init_async_submit(&submit, ASYNC_TX_ACK, NULL, done, &cmp, conv);
	tx = async_gen_syndrome(blk, offs, disks, PAGE_SIZE, &submit);
	if (!wait_tx(tx)) {
		/* Stay loaded: the callback and the pages must outlive it. */
		pr_info("raid6_recov: not ok syndrome # never completed\n");
		return 0;
	}
	for (i = 0; i < disks; i++)
		memcpy(cpu[i], page_address(blk[i]), PAGE_SIZE);
	memset(cpu[disks - 2], 0, PAGE_SIZE);
	memset(cpu[disks - 1], 0, PAGE_SIZE);
	raid6_call.gen_syndrome(disks, PAGE_SIZE, cpu);
	syn_ok = !memcmp(cpu[disks - 2], page_address(blk[disks - 2]),
			 PAGE_SIZE) &&
		 !memcmp(cpu[disks - 1], page_address(blk[disks - 1]),
			 PAGE_SIZE);
	pr_info("raid6_recov: %s syndrome of %u data disks\n",
		syn_ok ? "ok" : "not ok", data);

	/* Each data disk lost with P, and rebuilt from the others and Q. */
	for (i = 0; i < data; i++) {
		memcpy(page_address(saved[0]), page_address(blk[i]), PAGE_SIZE);
		memcpy(page_address(saved[1]), page_address(blk[disks - 2]),
		       PAGE_SIZE);
		memset(page_address(blk[i]), 0xa5, PAGE_SIZE);
		memset(page_address(blk[disks - 2]), 0x5a, PAGE_SIZE);
		init_completion(&cmp);
		init_async_submit(&submit, ASYNC_TX_ACK, NULL, done, &cmp,
				  conv);
		tx = async_raid6_datap_recov(disks, PAGE_SIZE, i, blk, offs,
					     &submit);
		if (!wait_tx(tx)) {
			pr_info("raid6_recov: not ok datap %u # never completed\n",
				i);
			return 0;
		}
		if (!memcmp(page_address(saved[0]), page_address(blk[i]),
			    PAGE_SIZE) &&
		    !memcmp(page_address(saved[1]),
			    page_address(blk[disks - 2]), PAGE_SIZE))
			ok++;
		else
			pr_info("raid6_recov: not ok datap %u # differs\n", i);
	}
	pr_info("raid6_recov: done: syndrome %s, data+P recovered %u of %u\n",
		syn_ok ? "ok" : "wrong", ok, data);
	err = syn_ok && ok == data ? 0 : -EIO;
out:
	for (i = 0; i < MAX_DISKS; i++) {
		if (blk[i])
			__free_page(blk[i]);
		free_page((unsigned long)cpu[i]);
	}
	if (saved[0])
		__free_page(saved[0]);
	if (saved[1])
		__free_page(saved[1]);
	return err;
}

static void __exit raid6_recov_exit(void)
{
}

module_init(raid6_recov_init);
module_exit(raid6_recov_exit);
MODULE_DESCRIPTION("RAID6 syndrome and data+P recovery through async_tx");
MODULE_LICENSE("GPL");
