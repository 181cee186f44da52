/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "trace/trace-block_presilicon.h"
