# SPDX-License-Identifier: GPL-2.0-or-later
# The README's two commands:
#   make run    set up, build, and start the presilicon board
#   make check  set up, build, and run every test suite
# Both install what is missing, fetch QEMU, and reuse the cache
# ($(CACHE), outside this tree) so a second run is fast.

BUILD ?= build
CACHE ?= $(HOME)/.cache/presilicon
export PRESILICON_CACHE := $(CACHE)

.PHONY: all run check check-asan fuzz fuzz-corpus setup shell reliability bench install clean

all: check

setup:
	@scripts/install-deps
	@scripts/fetch-qemu
	@scripts/overlay
	@scripts/setup-build $(BUILD)

check: setup
	@scripts/run-tests $(BUILD)

# Only the sanitizer suite: every qtest and guest test on QEMU built with
# ASan + UBSan (in ~/.cache/presilicon/qemu-build-asan).
check-asan: setup
	@scripts/run-tests $(BUILD) --suite asan

# Fuzz one model: make fuzz MODEL=mtk-rng FUZZ_SECONDS=600. The run is
# added to the committed ledger tests/fuzz/$(MODEL)/runs.jsonl.
MODEL ?= mtk-rng
fuzz: setup
	@meson compile -C $(BUILD) qemu-system-aarch64-asan
	@scripts/fuzz-model --record $(MODEL) $(FUZZ_SECONDS)

# Minimise the model's corpus into tests/fuzz/$(MODEL)/corpus (to commit).
fuzz-corpus: setup
	@meson compile -C $(BUILD) qemu-system-aarch64-asan
	@scripts/fuzz-corpus $(MODEL)

# make run MMIO_TRACE=rng adds the MMIO trace of one model (its DT node
# name) to the report (docs/plugins.md).
MMIO_TRACE ?=
run: setup
	@MMIO_TRACE=$(MMIO_TRACE) scripts/run-board $(BUILD)

# A busybox shell on the board's console, with the same kernel and image.
shell: setup
	@scripts/run-board $(BUILD) --shell

# ThunderX ZIP throughput in the guest against host zlib on the same data,
# one boot, no pass/fail on speed (bench/README.md).
bench: setup
	@bench/zip-throughput --build $(BUILD)
	@bench/block-throughput --build $(BUILD)
	@bench/raid-throughput --build $(BUILD)
	@bench/caam-throughput --build $(BUILD)
	@bench/can-throughput --build $(BUILD)
	@bench/wpan-throughput --build $(BUILD)
	@bench/net-throughput --build $(BUILD)
	@bench/plugin-overhead --build $(BUILD)

# Fuzz every model for FUZZ_SECONDS, run all tests, regenerate
# docs/reliability.md from what they recorded.
FUZZ_SECONDS ?= 300
reliability: setup
	@meson compile -C $(BUILD) qemu-system-aarch64-asan
	@for d in tests/fuzz/*/; do m=$$(basename $$d); \
		scripts/fuzz-model --record $$m $(FUZZ_SECONDS) || exit 1; done
	@scripts/run-tests $(BUILD)
	@scripts/reliability-report $(BUILD)

# Install the board's QEMU, the guest kernel and initramfs, the guest tests
# and their harness (bin/presilicon-test) under PREFIX: make install PREFIX=~/ps
PREFIX ?= /usr/local
install: setup
	@scripts/run-board $(BUILD) --build-only
	@scripts/install $(BUILD) $(PREFIX)

clean:
	rm -rf $(BUILD)
