#!/bin/sh
# symbols.sh -- the libraries export only their public names.
#
# usage: symbols.sh NM CC LIBARBITER.a LIBARBITER_LUA.a|- HEADER...
#
# 1. Every global symbol defined in libarbiter.a (and libarbiter-lua.a) is
#    either a name of the public headers (HEADER..., arbiter.h and lua/'s
#    installed ones) or carries the one internal prefix arbI_ (engine/arbint.h:
#    cross-file internals). luaopen_arbiter is the module's entry point.
# 2. A program with its own gen_legal, pos_put, ... (names common in chess
#    code, and once internal names of this library) links against the static
#    library and runs.
# Exit 77 (skipped) when nm or the compiler is missing.
set -u
NM=$1 CC=$2 LIB=$3 LUALIB=$4
shift 4
command -v "$NM" >/dev/null 2>&1 || { echo "symbols: no nm ($NM): skipped"; exit 77; }
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
fail=0

# The names the public headers declare (functions, types, data).
cat "$@" | tr -c 'A-Za-z0-9_' '\n' | grep '^arb_' | sort -u > "$T/public"
[ -s "$T/public" ] || { echo "symbols: no public names in $*"; exit 1; }

check() { # LIB: lists leaking names
	"$NM" -g --defined-only "$1" 2>/dev/null | awk 'NF == 3 && $2 ~ /[TDBRCGSVW]/ {print $3}' |
		sort -u > "$T/defined"
	[ -s "$T/defined" ] || { echo "symbols: nothing defined in $1"; fail=1; return; }
	# __*: the compiler's own (AddressSanitizer's __odr_asan.NAME).
	grep -v '^arbI_' "$T/defined" | grep -v '^luaopen_arbiter$' | grep -v '^__' |
		comm -23 - "$T/public" > "$T/leaks"
	if [ -s "$T/leaks" ]; then
		echo "symbols: $1 defines names that are neither public nor arbI_:"
		sed 's/^/  /' "$T/leaks"
		fail=1
	else
		echo "symbols: $1: $(wc -l < "$T/defined") global names, all public or arbI_"
	fi
}
check "$LIB"
[ "$LUALIB" = - ] || check "$LUALIB"

# A host program with the old internal names of its own.
if command -v "$CC" >/dev/null 2>&1; then
	inc=$(dirname "$1") # the first header is arbiter.h
	cat > "$T/host.c" <<'EOC'
#include <stdio.h>
#include "arbiter.h"
/* Names a chess program may well define itself. */
int gen_legal(void);
int gen_legal(void) { return 7; }
void pos_put(void);
void pos_put(void) {}
void pos_do_move(void);
void pos_do_move(void) {}
void attacks_init(void);
void attacks_init(void) {}
int err_vreport(void);
int err_vreport(void) { return 0; }
void rec_intern(void);
void rec_intern(void) {}
int main(void)
{
	arb_position *p = arb_position_new();
	unsigned long long n = p ? arb_perft(p, 2, 0) : 0;
	arb_position_free(p);
	printf("%llu %d\n", n, gen_legal());
	return n == 400 ? 0 : 1;
}
EOC
	if ! "$CC" -std=c11 -I"$inc" "$T/host.c" "$LIB" -lpthread -o "$T/host" 2> "$T/link.err"; then
		echo "symbols: a program with its own gen_legal, pos_put, ... does not link against $LIB:"
		sed 's/^/  /' "$T/link.err" | head -20
		fail=1
	elif ! "$T/host" > "$T/out" || [ "$(cat "$T/out")" != "400 7" ]; then
		echo "symbols: the host program ran wrong: $(cat "$T/out")"
		fail=1
	else
		echo "symbols: a host with its own gen_legal, pos_put, ... links and runs"
	fi
fi
exit $fail
