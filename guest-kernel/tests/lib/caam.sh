# SPDX-License-Identifier: GPL-2.0-or-later
# The CAAM driver and the generic algorithms beside it are modules
# (guest-kernel/configs/caam.config): built in, the generic ones' own
# self-tests lengthened every boot. busybox insmod knows no dependencies:
# ktap_insmod (lib/ktap.sh, sourced first) loads the generic ones in
# passes, then the driver goes in its order. Prints what failed to load.
CAAM_GENERIC="gf128mul libdes libsha256 crypto_null jitterentropy_rng drbg
geniv seqiv echainiv des_generic cbc xts gcm ghash-generic hmac md5
sha1_generic sha256_generic sha512_generic sha3_generic cmac xcbc"
CAAM_DRIVER="error caam crypto_engine caamalg_desc caamhash_desc caam_jr"

caam_load_modules() {
	# shellcheck disable=SC2086
	ktap_insmod $CAAM_GENERIC
	for m in $CAAM_DRIVER; do
		insmod "/tests/modules/$m.ko" 2>&1 | sed "s/^/insmod $m: /"
	done
}
