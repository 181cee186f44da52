/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NVIDIA Tegra186 CCPLEX cluster registers that Linux 6.12's
 * drivers/cpufreq/tegra186-cpufreq.c uses: one EDVD (voltage and
 * frequency request) register per core. Shared by the model and its
 * qtest.
 */
#ifndef HW_MISC_TEGRA186_CCPLEX_REGS_H
#define HW_MISC_TEGRA186_CCPLEX_REGS_H

#include "hw/registerfields.h"

#define TEGRA186_CCPLEX_MMIO_SIZE   0x80000
#define TEGRA186_CCPLEX_A57_CORES   4
#define TEGRA186_CCPLEX_DENVER_CORES 2
#define TEGRA186_CCPLEX_CORES \
    (TEGRA186_CCPLEX_A57_CORES + TEGRA186_CCPLEX_DENVER_CORES)
/* The BPMP's cluster numbers (MRQ_CPU_VHINT's cluster_id). */
#define TEGRA186_CLUSTER_DENVER     0
#define TEGRA186_CLUSTER_A57        1

/* EDVD of core n: the A57 cluster's block, then the Denver cluster's. */
#define A_EDVD_A57(n)     (0x60020 + (n) * 4)
#define A_EDVD_DENVER(n)  (0x70020 + (n) * 4)
REG32(EDVD, 0x60020)
    FIELD(EDVD, NDIV, 0, 16)    /* the PLL's feedback divider: frequency */
    FIELD(EDVD, VINDEX, 16, 8)  /* the voltage step (MRQ_CPU_VHINT index) */

#endif
