#!/bin/sh
# tournament_export.sh -- `arbiter tournament export --pgn` and the Chess960
# events of `tournament new --chess960 SEED [--chess960-per ...] [--double960]`:
# - a small hand-made round robin (5 players, a bye each round, a forfeit, a
#   draw, a round date in record 132): the PGN of round 1 exactly as
#   expected, every round reparsed by `arbiter pgn check` (and by
#   pgn-extract when installed: skipped cleanly when not);
# - Chess960 per round, per board, per pair and double-960: the positions
#   recorded in the file are the draws `arbiter 960` prints for the seed the
#   documentation gives, the PGN's FEN is the recorded position, a pair's
#   return game replays the first game's position; a knockout's games per
#   pair share positions;
# - bad input: a round not paired, no such file, --round without --pgn, a
#   bad --round, --chess960-per without a seed or with a bad word, a broken
#   note.
#
# usage: sh tournament_export.sh PATH/TO/arbiter
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: tournament_export.sh PATH/TO/arbiter}
TMP=${TMPDIR:-/tmp}/arbiter-export-test.$$
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
run() {
	"$ARB" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}
expect() {
	name=$1 want=$2 frag=$3
	shift 3
	run "$@"
	if [ "$rc" = "$want" ] && { [ -z "$frag" ] || grep -q -- "$frag" "$TMP/err"; }; then
		pass "$name"
	else
		fail "$name (exit $rc, expected $want${frag:+, and '$frag' on stderr})"
	fi
}
check() { # NAME COMMAND...: the command succeeds
	name=$1
	shift
	if "$@" >/dev/null 2>"$TMP/err"; then pass "$name"; else fail "$name"; fi
}

# ---- a small round robin -----------------------------------------------------
rr=$TMP/rr.trf
run tournament new "$rr" --name "Spring Open" --rounds 5 --system FIDE_ROUNDROBIN \
	--city Bern --federation SUI --start 2026/04/20
run tournament add-player "$rr" --name "Carlsen, Magnus" --rating 2830 --title GM \
	--federation NOR --fide-id 1503014 --sex m
run tournament add-player "$rr" --name "Hou, Yifan" --rating 2630 --title GM --federation CHN \
	--fide-id 8602980 --sex w
run tournament add-player "$rr" --name "Doe, John"
run tournament add-player "$rr" --name "Roe, Jane" --rating 1800 --federation SUI
run tournament add-player "$rr" --name "Poe, Ed" --rating 1700
run tournament pair "$rr" --apply
# record 132: round 1 on 26/04/24 (columns 92-99), round 2 on 26/04/25
printf '\r132%88s26/04/24  26/04/25' "" >>"$rr"
run tournament pair "$rr" --round 1 --boards
cp "$TMP/out" "$TMP/boards1"
run tournament result "$rr" --round 1 --game 2-5=+/- --game 3-4=1/2-1/2
run tournament pair "$rr" --apply
run tournament result "$rr" --round 2 --game 5-3=0-1
expect "export --pgn --round 1" 0 "" tournament export "$rr" --pgn --round 1
cat >"$TMP/want1" <<'PGN'
[Event "Spring Open"]
[Site "Bern SUI"]
[Date "2026.04.24"]
[Round "1"]
[White "Hou, Yifan"]
[Black "Poe, Ed"]
[Result "1-0"]
[BlackElo "1700"]
[Board "1"]
[Termination "forfeit"]
[WhiteElo "2630"]
[WhiteFed "CHN"]
[WhiteFideId "8602980"]
[WhiteTitle "GM"]

1-0

[Event "Spring Open"]
[Site "Bern SUI"]
[Date "2026.04.24"]
[Round "1"]
[White "Doe, John"]
[Black "Roe, Jane"]
[Result "1/2-1/2"]
[BlackElo "1800"]
[BlackFed "SUI"]
[Board "2"]

1/2-1/2

PGN
if cmp -s "$TMP/out" "$TMP/want1"; then
	pass "round 1: the tags exact (forfeit, draw, the bye left out, record 132's date)"
else
	fail "round 1: the tags"
	diff "$TMP/want1" "$TMP/out" | head -20
fi
if grep -q '^2 5$' "$TMP/boards1" && grep -q '^3 4$' "$TMP/boards1" && grep -q '^1 bye U$' "$TMP/boards1"; then
	pass "round 1 is the Berger table's: 2-5, 3-4, 1 the bye"
else
	fail "round 1's pairing"
fi
run tournament export "$rr" --pgn --round last
if grep -q '^\[Round "2"\]' "$TMP/out" && grep -q '^\[Date "2026.04.25"\]' "$TMP/out" &&
	! grep -q '^\[Round "1"\]' "$TMP/out" && grep -q '^\[Result "0-1"\]' "$TMP/out" &&
	grep -q '^\[Result "\*"\]' "$TMP/out"; then
	pass "--round last: round 2, its own date, 0-1 and a game not played as *"
else
	fail "--round last"
fi
expect "export --pgn (every round) -o" 0 "" tournament export "$rr" --pgn -o "$TMP/all.pgn"
run pgn check "$TMP/all.pgn"
if [ "$rc" = 0 ] && grep -q 'games: 4, ok: 4, errors: 0' "$TMP/out" &&
	[ "$(grep -c '^\[Round "1"\]' "$TMP/all.pgn")" = 2 ] &&
	[ "$(grep -c '^\[Round "2"\]' "$TMP/all.pgn")" = 2 ]; then
	pass "every round: 4 games, reparsed by arbiter pgn check"
else
	fail "every round reparsed ($(cat "$TMP/out"))"
fi
PGNX=$(command -v pgn-extract 2>/dev/null || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
if [ -n "$PGNX" ]; then
	if "$PGNX" -s "$TMP/all.pgn" -o "$TMP/px.pgn" 2>"$TMP/err" &&
		[ "$(grep -c '^\[Event ' "$TMP/px.pgn")" = 4 ]; then
		pass "pgn-extract reads the 4 games"
	else
		fail "pgn-extract reads the 4 games"
	fi
else
	echo "skip pgn-extract is not installed"
fi

# ---- bad input -----------------------------------------------------------------
expect "--round 3: not paired" 2 "round 3 is not paired (2 rounds are)" \
	tournament export "$rr" --pgn --round 3
expect "no such file" 2 "cannot open" tournament export "$TMP/none.trf" --pgn
expect "--round without --pgn" 2 "--round goes with --pgn" tournament export "$rr" --round 1
expect "--round x" 2 "is not last nor a number" tournament export "$rr" --pgn --round x
expect "--pgn with --trf16" 2 "exclude each other" tournament export "$rr" --pgn --trf16
expect "--chess960-per without a seed" 2 "goes with --chess960" tournament new "$TMP/x.trf" \
	--name X --rounds 3 --system FIDE_ROUNDROBIN --chess960-per board
expect "--double960 without a seed" 2 "goes with --chess960" tournament new "$TMP/x.trf" \
	--name X --rounds 3 --system FIDE_ROUNDROBIN --double960
expect "--chess960-per bogus" 2 "round, board or pair" tournament new "$TMP/x.trf" \
	--name X --rounds 3 --system FIDE_ROUNDROBIN --chess960 1 --chess960-per game
if [ ! -e "$TMP/x.trf" ]; then pass "bad new: no file made"; else fail "bad new: no file made"; fi

# ---- Chess960 events -------------------------------------------------------------
# new960 FILE PLAYERS ROUNDS SYSTEM OPTIONS...: an event of PLAYERS players
new960() {
	f=$1 np=$2 nr=$3 sys=$4
	shift 4
	run tournament new "$f" --name "960 Cup" --rounds "$nr" --system "$sys" "$@"
	i=1
	while [ "$i" -le "$np" ]; do
		run tournament add-player "$f" --name "P$i, X"
		i=$((i + 1))
	done
}
notes() { tr '\r' '\n' <"$1" | sed -n "s/^### arbiter $2//p"; }

# per round (as always): round R's FEN is `arbiter 960 --rounds 5 --seed 7`'s
c1=$TMP/round.trf
new960 "$c1" 4 3 FIDE_ROUNDROBIN --chess960 7
run tournament pair "$c1" --apply
run tournament pair "$c1" --apply
if notes "$c1" chess960-per | grep -q .; then fail "per round: no chess960-per note"; else pass "per round: no chess960-per note (the file as before)"; fi
want=$("$ARB" 960 --rounds 3 --seed 7 | awk '$1 == 2 { print $4 }')
run tournament export "$c1" --pgn --round 2
if [ "$(grep -c "^\[FEN \"$want w KQkq - 0 1\"\]" "$TMP/out")" = 2 ] &&
	[ "$(grep -c '^\[Variant "Chess960"\]' "$TMP/out")" = 2 ] &&
	[ "$(grep -c '^\[SetUp "1"\]' "$TMP/out")" = 2 ]; then
	pass "per round: round 2's two games have the draw's FEN, SetUp, Variant"
else
	fail "per round: the FEN of round 2 ($want)"
fi
run pgn check "$TMP/out"
if [ "$rc" = 0 ]; then pass "per round: the PGN reparses"; else fail "per round: the PGN reparses"; fi

# per board: board B of round R is the B-th of `arbiter 960 --rounds 960 --seed S+R`
c2=$TMP/board.trf
new960 "$c2" 6 5 FIDE_ROUNDROBIN --chess960 41 --chess960-per board
for r in 1 2; do run tournament pair "$c2" --apply; done
ok=1
for r in 1 2; do
	"$ARB" 960 --rounds 960 --seed $((41 + r)) | head -n 3 | awk '{ print $2 " " $3 }' >"$TMP/w"
	notes "$c2" "chess960-round-$r-board-" | sed 's/^[0-9]*: //; s/ (.*//' >"$TMP/g"
	cmp -s "$TMP/w" "$TMP/g" || ok=0
done
if [ "$ok" = 1 ]; then pass "per board: the notes are arbiter 960 --rounds 960 --seed S+R"; else fail "per board: the notes"; fi
run tournament pair "$c2" --round 3
if [ "$(grep -c '^board [123]: Chess960 position' "$TMP/out")" = 3 ]; then pass "per board: pair prints a position a board"; else fail "per board: pair prints a position a board"; fi
run tournament export "$c2" --pgn --round 1
n=$(notes "$c2" 'chess960-round-1-board-2: ' | awk '{ print $2 }' | tr 'A-Z' 'a-z')
if grep -q "^\[FEN \"$n/pppppppp" "$TMP/out" && grep -q '^\[Board "2"\]' "$TMP/out"; then
	pass "per board: board 2's FEN is its note's"
else
	fail "per board: board 2's FEN ($n)"
fi

# per pair: a double round robin's second cycle replays the first's positions
c3=$TMP/pair.trf
new960 "$c3" 4 6 FIDE_DOUBLEROUNDROBIN --chess960 5 --chess960-per pair
for r in 1 2 3 4 5 6; do run tournament pair "$c3" --apply; done
ok=1
for b in 1 2; do
	for r in 1 2 3; do
		x=$(notes "$c3" "chess960-round-$r-board-$b: ")
		y=$(notes "$c3" "chess960-round-$((r + 3))-board-$b: ")
		# the same position, the players' numbers reversed
		[ "${x% (*}" = "${y% (*}" ] || ok=0
		xw=$(echo "$x" | sed 's/.*(\([0-9]*\)-\([0-9]*\))/\1 \2/')
		yw=$(echo "$y" | sed 's/.*(\([0-9]*\)-\([0-9]*\))/\2 \1/')
		[ "$xw" = "$yw" ] || ok=0
	done
done
first=$("$ARB" 960 --rounds 960 --seed 6 | awk 'NR == 1 { print $2 " " $3 }')
if [ "$ok" = 1 ] && [ "$(notes "$c3" 'chess960-round-1-board-1: ' | sed 's/ (.*//')" = "$first" ]; then
	pass "per pair: cycle 2 replays cycle 1's positions, colours reversed"
else
	fail "per pair: the return games"
fi
if [ "$(notes "$c3" 'chess960-round-2-board-1: ' | sed 's/ (.*//')" != "$(notes "$c3" 'chess960-round-1-board-1: ' | sed 's/ (.*//')" ]; then
	pass "per pair: a first game has a position of its own"
else
	fail "per pair: a first game has a position of its own"
fi

# double-960, per round: `arbiter 960 --double --rounds R --seed S`
c4=$TMP/double.trf
new960 "$c4" 2 2 FIDE_DOUBLEROUNDROBIN --chess960 9 --double960
run tournament pair "$c4" --apply
run tournament pair "$c4" --apply
"$ARB" 960 --double --rounds 2 --seed 9 | awk '{ print $2 " " $3 " " $4 }' >"$TMP/w"
notes "$c4" 'chess960-round-[0-9]*: ' >"$TMP/g"
if cmp -s "$TMP/w" "$TMP/g"; then pass "double-960: the notes are arbiter 960 --double --rounds 2 --seed 9"; else fail "double-960: the notes"; fi
fen=$("$ARB" 960 --double --rounds 2 --seed 9 | awk 'NR == 1 { print $5 }')
run tournament export "$c4" --pgn --round 1
if grep -q "^\[FEN \"$fen w KQkq - 0 1\"\]" "$TMP/out"; then pass "double-960: the FEN has both arrays"; else fail "double-960: the FEN ($fen)"; fi
run pgn check "$TMP/out"
if [ "$rc" = 0 ]; then pass "double-960: the PGN reparses"; else fail "double-960: the PGN reparses"; fi

# a broken note is named
cp "$c4" "$TMP/broken.trf"
printf '\r### arbiter chess960-per: game' >>"$TMP/broken.trf"
expect "a broken chess960-per note" 1 "is not round, board or pair" tournament export \
	"$TMP/broken.trf" --pgn

# ---- knockouts per pair ----------------------------------------------------------
printf 'A\nB\nC\nD\n' >"$TMP/seeds.txt"
KO="2 games fide2023-standard 5400+30"
PO="2 games fide2023-rapid 900+10; 1 game armageddon W300-B240"
run tournament knockout "$TMP/seeds.txt" --match "$KO" --playoff "$PO" --next \
	--chess960 7 --chess960-per pair
"$ARB" 960 --rounds 960 --seed 8 | awk '{ print $2 }' >"$TMP/d"
p1=$(sed -n 1p "$TMP/d") p4=$(sed -n 4p "$TMP/d")
if grep -q "^1 1 1 1 1 4 .* 960=$p1\$" "$TMP/out" && grep -q "^1 2 1 1 2 3 .* 960=$p4\$" "$TMP/out"; then
	pass "knockout per pair: match M's first pair is slot (M-1)*3+1"
else
	fail "knockout per pair: the slots"
	cat "$TMP/out"
fi
run tournament knockout "$TMP/seeds.txt" --match "$KO" --playoff "$PO" --next \
	--chess960 7 --chess960-per pair --game 1-4=1-0
if grep -q "^1 1 1 2 4 1 .* 960=$p1\$" "$TMP/out"; then
	pass "knockout per pair: game 2 replays game 1's position, colours reversed"
else
	fail "knockout per pair: game 2"
fi
expect "knockout: --double960 without a seed" 2 "goes with --chess960" tournament knockout \
	"$TMP/seeds.txt" --match "$KO" --next --double960

echo "tournament_export: $checks checks, $failures failed"
[ "$failures" = 0 ]
