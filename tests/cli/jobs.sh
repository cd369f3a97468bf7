#!/bin/sh
# jobs.sh -- `--jobs N` of the batch commands (pgn check|convert|stats,
# adjudicate, compare): the output on stdout and on stderr, the file of
# --write-pgn and the exit status are byte for byte the same for 1, 2 and 3
# threads, on clean and broken games, several files, an unreadable file
# between good ones, standard input, empty input, a profile with a Lua hook;
# and a bad --jobs value is a usage error with one message.
#
# usage: sh jobs.sh PATH/TO/arbiter PATH/TO/source-tree
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: jobs.sh PATH/TO/arbiter PATH/TO/source-tree}
SRC=${2:?usage: jobs.sh PATH/TO/arbiter PATH/TO/source-tree}
DATA=$SRC/tests/data
LC_ALL=C
export LC_ALL
TMP=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-jobs.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

failures=0
checks=0
pass() { checks=$((checks + 1)); echo "ok   $1"; }
fail() {
	checks=$((checks + 1)); failures=$((failures + 1))
	echo "FAIL $1"
	shift
	for line in "$@"; do echo "     $line"; done
}

HAVE_LUA=
"$ARB" profiles >/dev/null 2>&1 && HAVE_LUA=1

# ---- inputs ---------------------------------------------------------------------------
# 60 games of Morphy, every file of the broken-PGN corpus, 60 games again.
awk '/^\[Event /{ n++ } n <= 60' "$DATA/pgn/pgnmentor-Morphy.pgn" >"$TMP/morphy60.pgn"
cat "$TMP/morphy60.pgn" "$DATA"/pgn-broken/*.pgn "$TMP/morphy60.pgn" >"$TMP/mixed.pgn"
printf '[Event "a"]\n[White "W"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' \
	>"$TMP/one.pgn"
printf '[Event "broken"]\n\n1. e4 e5 2. Ke3 *\n\n[Event "ok"]\n\n1. d4 d5 *\n' >"$TMP/broken.pgn"
: >"$TMP/empty.pgn"
cat "$DATA"/pgn/*.pgn >"$TMP/all.pgn"

# ---- bad values: exit 2, one line on stderr, nothing on stdout -------------------------
# bad ARGS...: the command line must be refused
bad() {
	"$ARB" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
	rc=$?
	if [ "$rc" -eq 2 ] && ! [ -s "$TMP/out" ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
		grep -q '^arbiter: [a-z]*: .*--jobs' "$TMP/err"; then
		pass "arbiter $*: exit 2, one message"
	else
		fail "arbiter $*: exit 2, one message" "exit $rc" "stderr: $(head -c 300 "$TMP/err")"
	fi
}
for cmd in 'pgn check' 'pgn convert' 'pgn stats' 'adjudicate --profile fide2023-standard' \
	'compare --profiles fide2009-standard,fide2023-standard'; do
	case $cmd in adjudicate* | compare*) [ -n "$HAVE_LUA" ] || continue ;; esac
	for value in 0 -1 abc 100000 257 1x ''; do
		# shellcheck disable=SC2086 # the command splits into words on purpose
		bad $cmd --jobs "$value" "$TMP/one.pgn"
	done
	# shellcheck disable=SC2086
	bad $cmd "--jobs=" "$TMP/one.pgn"
	# shellcheck disable=SC2086
	bad $cmd "$TMP/one.pgn" --jobs
done
if grep -q 'from 1 to 256' "$TMP/err" || grep -q 'needs a value' "$TMP/err"; then
	pass "the message says what is expected"
else
	fail "the message says what is expected" "$(cat "$TMP/err")"
fi
"$ARB" pgn check --jobs 100000 "$TMP/one.pgn" 2>"$TMP/err"
if grep -qx "arbiter: pgn: bad --jobs '100000': expected a number of threads from 1 to 256" "$TMP/err"; then
	pass "pgn check --jobs 100000: the message"
else
	fail "pgn check --jobs 100000: the message" "$(cat "$TMP/err")"
fi
for value in 1 256 '=3'; do
	case $value in =*) arg="--jobs$value" ;; *) arg="--jobs $value" ;; esac
	# shellcheck disable=SC2086
	if "$ARB" pgn check $arg "$TMP/one.pgn" >"$TMP/out" 2>"$TMP/err" &&
		[ "$(cat "$TMP/out")" = 'games: 1, ok: 1, errors: 0' ] && ! [ -s "$TMP/err" ]; then
		pass "pgn check $arg"
	else
		fail "pgn check $arg" "$(cat "$TMP/out" "$TMP/err")"
	fi
done
for cmd in pgn adjudicate compare; do
	if "$ARB" "$cmd" --help | grep -q -- '--jobs N'; then
		pass "arbiter $cmd --help documents --jobs N"
	else
		fail "arbiter $cmd --help documents --jobs N"
	fi
done

# ---- the same output for every N --------------------------------------------------------
# same NAME ARGS...: runs `arbiter ARGS --jobs N` (stdin from $IN) for N = 1, 2,
# 3: stdout, stderr and the exit status must agree, and (N = 1 and 3) both
# streams into one file; $WANT, when set, is the expected status.
same() {
	name=$1
	shift
	ok=1 why=
	for n in 1 2 3; do
		"$ARB" "$@" --jobs $n <"${IN:-/dev/null}" >"$TMP/out$n" 2>"$TMP/err$n"
		echo $? >"$TMP/rc$n"
		for f in out err rc; do
			cmp -s "$TMP/${f}1" "$TMP/$f$n" || { ok=0; why="$why $f differs with --jobs $n;"; }
		done
	done
	for n in 1 3; do
		"$ARB" "$@" --jobs $n <"${IN:-/dev/null}" >"$TMP/both$n" 2>&1
	done
	cmp -s "$TMP/both1" "$TMP/both3" || { ok=0; why="$why 2>&1 differs with --jobs 3;"; }
	if [ -n "${WANT:-}" ] && [ "$(cat "$TMP/rc1")" != "$WANT" ]; then
		ok=0
		why="exit $(cat "$TMP/rc1"), expected $WANT"
	fi
	if [ "$ok" = 1 ]; then
		pass "$name: --jobs 1, 2, 3 agree (exit $(cat "$TMP/rc1"))"
	else
		fail "$name: --jobs 1, 2, 3 agree" "$why"
	fi
}

P2=fide2009-standard,fide2014-standard,uscf-blitz
for args in 'pgn check' 'pgn check --no-summary' 'pgn convert' 'pgn convert --to uci' \
	'pgn convert --to epd' 'pgn stats' 'adjudicate --profile fide2023-blitz' \
	'adjudicate --profile fide2014-standard --json' "compare --profiles $P2" \
	"compare --profiles $P2 --json"; do
	case $args in adjudicate* | compare*) [ -n "$HAVE_LUA" ] || continue ;; esac
	# shellcheck disable=SC2086
	WANT=1 same "$args, broken games" $args "$TMP/mixed.pgn"
	# shellcheck disable=SC2086
	WANT=1 same "$args, two files" $args "$TMP/one.pgn" "$TMP/broken.pgn"
	# shellcheck disable=SC2086
	WANT=2 same "$args, an unreadable file between good ones" $args "$TMP/one.pgn" \
		"$TMP/no-such.pgn" "$TMP/mixed.pgn" "$TMP/one.pgn"
	# shellcheck disable=SC2086
	WANT=2 same "$args, an unreadable file after many games" $args "$TMP/mixed.pgn" \
		"$TMP/no-such.pgn" "$TMP/one.pgn"
	# shellcheck disable=SC2086
	IN=$TMP/mixed.pgn WANT=1 same "$args, standard input" $args -
	# shellcheck disable=SC2086
	WANT=0 same "$args, an empty file" $args "$TMP/empty.pgn"
	# shellcheck disable=SC2086
	IN=/dev/null WANT=0 same "$args, empty standard input" $args -
done
WANT=0 same "pgn convert --to fen, $(grep -c '^\[Event ' "$TMP/all.pgn") games" \
	pgn convert --to fen "$TMP/all.pgn"

if [ -n "$HAVE_LUA" ]; then
	HOOK=$SRC/bench/hook_profile.lua
	WANT=1 same "adjudicate with a Lua hook (one Lua state a thread)" \
		adjudicate --profile "$HOOK" --json "$TMP/mixed.pgn"
	WANT=1 same "compare with a Lua hook" compare --profiles "fide2023-standard,$HOOK" "$TMP/mixed.pgn"
	WANT=0 same "adjudicate, all the Morphy games" adjudicate --profile fide2018-rapid \
		"$DATA/pgn/pgnmentor-Morphy.pgn"

	# --write-pgn: the same file, whatever N.
	ok=1
	for n in 1 2 3; do
		"$ARB" adjudicate --profile fide2023-blitz --jobs $n --write-pgn "$TMP/w$n.pgn" \
			"$DATA/pgn/pgnmentor-Morphy.pgn" >"$TMP/out$n" 2>"$TMP/err$n" || ok=0
		cmp -s "$TMP/w1.pgn" "$TMP/w$n.pgn" && cmp -s "$TMP/out1" "$TMP/out$n" || ok=0
	done
	if [ "$ok" = 1 ] && [ -s "$TMP/w1.pgn" ] && ! [ -s "$TMP/err1" ]; then
		pass "adjudicate --write-pgn: the same file for --jobs 1, 2, 3"
	else
		fail "adjudicate --write-pgn: the same file for --jobs 1, 2, 3"
	fi
	# A broken game: OUT is not written, whatever N.
	for n in 1 3; do
		"$ARB" adjudicate --profile fide2023-blitz --jobs $n --write-pgn "$TMP/x.pgn" \
			"$TMP/mixed.pgn" >/dev/null 2>&1
		rc=$?
		if [ "$rc" -eq 1 ] && ! [ -e "$TMP/x.pgn" ] && ! ls "$TMP"/x.pgn.tmp.* >/dev/null 2>&1; then
			pass "adjudicate --write-pgn --jobs $n with a broken game: exit 1, no file"
		else
			fail "adjudicate --write-pgn --jobs $n with a broken game: exit 1, no file" "exit $rc"
		fi
	done
fi

echo "jobs: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
