#!/bin/sh
# Regenerates engine/core/magics.h by running attacks.c's magic search from scratch.
set -e
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'static const bb_t rook_magics[64] = {0};\nstatic const bb_t bishop_magics[64] = {0};\n' > "$tmp/magics.h"
${CC:-cc} -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -DARB_USE_PEXT=0 -I"$tmp" -Iengine -Iengine/core -Iengine/include \
	scripts/gen_magics.c engine/core/attacks.c -o "$tmp/gen" -lpthread
"$tmp/gen" > engine/core/magics.h
echo "wrote engine/core/magics.h"
