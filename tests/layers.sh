#!/bin/sh
# layers.sh -- the layer diagram checked on the object files (CTest test
# `layers`; docs/architecture.md, root CMakeLists.txt arbiter_layer).
#
# Every layer's objects may use only symbols defined in the layer itself, in
# the floor (engine/status.c: layer `base`) and in the layers its include
# path names (arbiter_layer's DIRS, the same list). A call through the public
# header is caught too: it is the undefined symbol, not the #include, that
# counts. Clients of the library (cli/, lua/) may use the engine's symbols
# only where the public header names them, and one another's only where the
# other's public headers do; a client's own objects may use each other.
# A symbol that no object here defines (libc, liblua, the sanitizers'
# runtime) is outside and always allowed.
#
# usage: sh layers.sh NM [layer NAME USES OBJECTS]... [public HEADERS]
#                        [client NAME OBJECTS HEADERS]...
#   NM       the nm of the toolchain (CMAKE_NM); missing: the test is skipped
#   USES     the folders the layer may use, comma-separated ("-" for none)
#   OBJECTS  object files or static libraries, ';'-separated (as CMake's
#            $<TARGET_OBJECTS:...> gives them)
#   HEADERS  headers, ';'-separated ("-" for none): the names a client may
#            use of the engine (public) or of that client (client)
# Exits 0 when every arrow points down, 1 listing the ones that do not, 2 on
# a usage error, 77 (skipped) without nm.

if [ $# -lt 1 ]; then
	echo "usage: layers.sh NM [layer NAME USES OBJECTS]... [public HEADERS] [client NAME OBJECTS HEADERS]..." >&2
	exit 2
fi
NM=$1
shift
if [ -z "$NM" ] || ! command -v "$NM" >/dev/null 2>&1; then
	echo "layers: SKIP: no nm ('$NM')"
	exit 77
fi

# Arrows that point the wrong way today and are left to their own change:
# LAYER OBJECT SYMBOL (shell patterns) and why. The list may only shrink: an
# exception that nothing needs any more fails the test, so that it goes.
KNOWN='
'

TMP=${TMPDIR:-/tmp}/arbiter-layers.$$
mkdir -p "$TMP" || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

# symbols OWNER LIST: one line per symbol of each file of LIST,
# "D|U <tab> OWNER <tab> FILE <tab> SYMBOL" (defined, or used and undefined),
# FILE shortened to the path under the target's .dir/ ("engine/core/
# position.c.o") or archive(member).
symbols() {
	owner=$1
	old_ifs=$IFS
	IFS=';'
	set -f
	# shellcheck disable=SC2086 # split on ';' on purpose
	set -- $2
	set +f
	IFS=$old_ifs
	for file; do
		[ -n "$file" ] || continue
		if [ ! -f "$file" ]; then
			echo "layers: $owner: no file $file (build first)" >&2
			return 1
		fi
		"$NM" -g "$file" >"$TMP/nm" 2>"$TMP/nm.err" || {
			cat "$TMP/nm.err" >&2
			echo "layers: $NM failed on $file" >&2
			return 1
		}
		short=${file##*.dir/}
		short=${short##*/CMakeFiles/}
		case $file in
		*.a) short=${file##*/} ;;
		esac
		# "addr T name" is a definition, "U name" (w, v: weak) a use; in
		# an archive a line "member.o:" starts each member.
		awk -v owner="$owner" -v file="$short" -v archive="$(case $file in *.a) echo 1 ;; esac)" '
			BEGIN { OFS = "\t"; f = file }
			NF == 1 && /:$/ { m = substr($1, 1, length($1) - 1); f = archive ? file "(" m ")" : file; next }
			NF == 2 && ($1 == "U" || $1 == "w" || $1 == "v") { print "U", owner, f, $2; next }
			NF == 3 && $2 != "U" { print "D", owner, f, $3 }
		' "$TMP/nm" || return 1
	done
}

# names HEADERS: every identifier followed by "(" in the code of the headers
# (comments dropped): the functions they declare.
names() {
	old_ifs=$IFS
	IFS=';'
	set -f
	# shellcheck disable=SC2086 # split on ';' on purpose
	set -- $1
	set +f
	IFS=$old_ifs
	for h; do
		[ "$h" = - ] && continue
		[ -f "$h" ] || {
			echo "layers: no header $h" >&2
			return 1
		}
		cat "$h"
	done | awk '
		{ text = text $0 "\n" }
		END {
			out = ""
			while (length(text)) {
				i = index(text, "/*"); j = index(text, "//")
				if (j && (!i || j < i)) {
					out = out substr(text, 1, j - 1)
					text = substr(text, j + 2); k = index(text, "\n")
					text = k ? substr(text, k) : ""
				} else if (i) {
					out = out substr(text, 1, i - 1) " "
					text = substr(text, i + 2); k = index(text, "*/")
					text = k ? substr(text, k + 2) : ""
				} else {
					out = out text; text = ""
				}
			}
			while (match(out, /[A-Za-z_][A-Za-z0-9_]*[ \t\n]*\(/)) {
				s = substr(out, RSTART, RLENGTH - 1)
				sub(/[ \t\n]+$/, "", s)
				print s
				out = substr(out, RSTART + RLENGTH)
			}
		}'
}

: >"$TMP/syms"
: >"$TMP/rules"
layers=0
clients=0
while [ $# -gt 0 ]; do
	case $1 in
	layer)
		[ $# -ge 4 ] || { echo "layers: usage: layer NAME USES OBJECTS" >&2; exit 2; }
		printf 'L\t%s\t%s\n' "$2" "$3" >>"$TMP/rules"
		symbols "$2" "$4" >>"$TMP/syms" || exit 2
		layers=$((layers + 1))
		shift 4
		;;
	public)
		[ $# -ge 2 ] || { echo "layers: usage: public HEADERS" >&2; exit 2; }
		names "$2" | sed 's/^/P	engine	/' >>"$TMP/rules" || exit 2
		shift 2
		;;
	client)
		[ $# -ge 4 ] || { echo "layers: usage: client NAME OBJECTS HEADERS" >&2; exit 2; }
		printf 'C\t%s\n' "$2" >>"$TMP/rules"
		names "$4" | sed "s/^/P	$2	/" >>"$TMP/rules" || exit 2
		symbols "$2" "$3" >>"$TMP/syms" || exit 2
		clients=$((clients + 1))
		shift 4
		;;
	*)
		echo "layers: unknown argument '$1'" >&2
		exit 2
		;;
	esac
done
[ "$layers" -gt 0 ] || { echo "layers: no layer given" >&2; exit 2; }
if [ ! -s "$TMP/syms" ]; then
	echo "layers: the objects define and use no symbol at all (nm output unread?)" >&2
	exit 2
fi
printf '%s\n' "$KNOWN" | awk 'NF >= 3 { r = ""; for (i = 4; i <= NF; i++) r = r " " $i; print "K\t" $1 "\t" $2 "\t" $3 "\t" substr(r, 2) }' >>"$TMP/rules"

# The check (below): also that no layer but match calls the real time or
# starts a process (the libc names in `realtime`): "time is an input" below
# it (DESIGN.md).
# The check: the rules first (L: a layer and its uses; C: a client; P: a
# public name of the engine or of a client; K: an exception), then the
# symbols. Exceptions match by shell-like patterns (only * is used).
awk -F '\t' -v realtime="fork|vfork|execv|execvp|execve|posix_spawn|posix_spawnp|waitpid|wait|kill|pipe|pipe2|poll|clock_gettime|gettimeofday|time|nanosleep|usleep|sleep" '
	function glob(p, s) { gsub(/[.+?^$()|{}\[\]]/, "\\\\&", p); gsub(/\*/, ".*", p); return s ~ ("^" p "$") }
	FNR == NR {
		if ($1 == "L") { layer[$2] = 1; n = split($3, u, ","); for (i = 1; i <= n; i++) uses[$2, u[i]] = 1; uses[$2, $2] = 1; uses[$2, "base"] = 1 }
		else if ($1 == "C") client[$2] = 1
		else if ($1 == "P") public[$2, $3] = 1
		else if ($1 == "K") { nk++; kl[nk] = $2; kf[nk] = $3; ks[nk] = $4; kw[nk] = $5 }
		next
	}
	$1 == "D" { if (!($4 in def)) def[$4] = $2; next }
	{ use[++nu] = $0 }
	END {
		for (i = 1; i <= nu; i++) {
			split(use[i], f, "\t"); who = f[2]; file = f[3]; s = f[4]
			if (!(s in def)) {                   # outside: libc, liblua, runtimes
				# ...but the real time and processes belong to layer match alone
				if ((who in layer) && who != "match" && s ~ ("^(" realtime ")$")) {
					printf "FAIL: %s: %s uses %s (the real time and processes are layer match'"'"'s)\n", who, file, s
					bad++
				}
				continue
			}
			to = def[s]
			if (to == who) continue
			if (who in layer) {
				if ((who, to) in uses) continue
				why = (to in client) ? "of the client " to : "of layer " to
			} else {
				if ((to in layer) && (("engine", s) in public)) continue
				if ((to in client) && ((to, s) in public)) continue
				why = (to in layer) ? "of layer " to ", not in the public header" : "of " to ", not in its public headers"
			}
			known = 0
			for (k = 1; k <= nk; k++)
				if (kl[k] == who && glob(kf[k], file) && glob(ks[k], s)) { known = k; hit[k]++ }
			if (known) { printf "known: %s: %s uses %s (%s): %s\n", who, file, s, why, kw[known]; continue }
			printf "FAIL: %s: %s uses %s (%s)\n", who, file, s, why
			bad++
		}
		for (k = 1; k <= nk; k++)
			if (!hit[k]) { printf "FAIL: exception no longer needed (remove it from tests/layers.sh): %s %s %s\n", kl[k], kf[k], ks[k]; bad++ }
		if (bad) { printf "layers: %d wrong arrow%s\n", bad, bad == 1 ? "" : "s"; exit 1 }
		printf "layers: every arrow points down (%d symbols used across files)\n", nu
	}
' "$TMP/rules" "$TMP/syms"
