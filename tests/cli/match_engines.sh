#!/bin/sh
# match_engines.sh -- `arbiter match` with real UCI engines from Debian
# (stockfish, fairy-stockfish; .ci/run installs them, they are never build
# dependencies). Skipped (exit 77) without stockfish; fairy-stockfish is
# replaced by stockfish when missing.
# - a Chess960 match at low node counts, two games at a time;
# - a standard match with increment, a simple-delay control, a two-period
#   control, an Armageddon game with time odds;
# every PGN written passes `arbiter pgn check`, its clocks pass
# `arbiter clock history`, and re-adjudicating it gives the results written.
#
# usage: sh match_engines.sh PATH/TO/arbiter
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: match_engines.sh PATH/TO/arbiter}
SF=$(command -v stockfish || ls /usr/games/stockfish 2>/dev/null)
FSF=$(command -v fairy-stockfish || ls /usr/games/fairy-stockfish 2>/dev/null)
if [ -z "$SF" ]; then
	echo "match_engines: SKIP: no stockfish"
	exit 77
fi
[ -n "$FSF" ] || FSF=$SF
TMP=${TMPDIR:-/tmp}/arbiter-match-engines.$$
mkdir -p "$TMP" || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

failures=0
checks=0
pass() { checks=$((checks + 1)); echo "ok   $1"; }
fail() {
	checks=$((checks + 1)); failures=$((failures + 1))
	echo "FAIL $1"
	if [ -s "$TMP/err" ]; then sed 's/^/       /' "$TMP/err" | head -10; fi
}
tags() { sed -n "s/^\[$2 \"\(.*\)\"\]\$/\1/p" "$1"; }
# play NAME PROFILE GAMES ARGS...: the match, then its checks
play() {
	name=$1 profile=$2 games=$3
	shift 3
	P=$TMP/$name.pgn
	"$ARB" match --rules "$profile" --games "$games" --pgn "$P" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	n=$(tags "$P" Result | grep -c -e '^1-0$' -e '^0-1$' -e '^1/2-1/2$')
	if [ "$rc" = 0 ] && [ "$n" = "$games" ]; then pass "$name: $games games decided"; else fail "$name: exit $rc, $n of $games games decided"; fi
	if "$ARB" pgn check "$P" >"$TMP/check" 2>&1; then pass "$name: pgn check"; else fail "$name: pgn check: $(tail -1 "$TMP/check")"; fi
	if "$ARB" clock history "$P" >"$TMP/hist" 2>&1 && [ "$(grep -c 'clock consistent' "$TMP/hist")" = "$games" ]; then
		pass "$name: clock history"
	else
		fail "$name: clock history: $(grep -v consistent "$TMP/hist" | head -3 | tr '\n' ' ')"
	fi
	"$ARB" adjudicate --profile "$profile" --json "$P" 2>/dev/null | sed -n 's/.*"result": *"\([^"]*\)".*/\1/p' >"$TMP/readj"
	if tags "$P" Result | cmp -s - "$TMP/readj"; then pass "$name: re-adjudicated the same"; else fail "$name: re-adjudicated differently"; fi
}

play chess960 fide2023-blitz 4 --engine "cmd=$SF,name=sf,option.Hash=16,nodes=3000" \
	--engine "cmd=$FSF,name=fsf,option.Hash=16,nodes=3000" --tc 60+1 --chess960 --seed 7 --concurrency 2
if [ "$(tags "$TMP/chess960.pgn" Variant | sort -u)" = Chess960 ] &&
	[ "$(tags "$TMP/chess960.pgn" FEN | sed -n '1p')" = "$(tags "$TMP/chess960.pgn" FEN | sed -n '2p')" ]; then
	pass "chess960: a position per pair of games"
else
	fail "chess960: tags"
fi
play increment fide2023-blitz 2 --engine "cmd=$SF,name=sf1,option.Hash=16" \
	--engine "cmd=$SF,name=sf2,option.Hash=16" --tc 2+0.05 --concurrency 2
play delay uscf-blitz 2 --engine "cmd=$SF,name=sf1,option.Hash=16" \
	--engine "cmd=$FSF,name=fsf,option.Hash=16" --tc 2d0.05 --concurrency 2
play periods fide2023-rapid 2 --engine "cmd=$SF,name=sf1,option.Hash=16" \
	--engine "cmd=$SF,name=sf2,option.Hash=16" --tc 20/1:2 --concurrency 2
play armageddon armageddon 1 --engine "cmd=$SF,name=sf1,option.Hash=16" \
	--engine "cmd=$SF,name=sf2,option.Hash=16" --tc 3=2
if [ "$(tags "$TMP/armageddon.pgn" TimeControl)" = "3=2" ]; then pass "armageddon: time odds in TimeControl"; else fail "armageddon: TimeControl $(tags "$TMP/armageddon.pgn" TimeControl)"; fi

echo "$checks checks, $failures failed"
[ "$failures" = 0 ]
