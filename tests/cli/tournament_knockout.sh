#!/bin/sh
# tournament_knockout.sh -- `arbiter tournament knockout` end to end:
# - a knockout of 4 from a seeds file: the bracket (1 v 4, 2 v 3), the next
#   games; semi-final 1 won in the match, semi-final 2 level through the
#   match, the rapid and the blitz games and decided by an Armageddon drawn
#   on the board (Black wins under the armageddon profile); the final, with
#   its games from a second PGN file, won 2-0 in the rapid play-off;
# - the same players from a TRF file (seeds by pairing number), results by
#   --game, a field of 5 with byes to seeds 1-3;
# - bad input: a stage with its column, an unknown profile, a game of no
#   match being played, White out of turn, a game after the match ended, a
#   game not over, a player unknown, a seeds file with a name twice, one
#   player, unknown options.
#
# usage: sh tournament_knockout.sh PATH/TO/arbiter
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: tournament_knockout.sh PATH/TO/arbiter}
TMP=${TMPDIR:-/tmp}/arbiter-knockout-test.$$
mkdir -p "$TMP" || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

failures=0
checks=0
pass() { checks=$((checks + 1)); echo "ok   $1"; }
fail() {
	checks=$((checks + 1)); failures=$((failures + 1))
	echo "FAIL $1"
	if [ -s "$TMP/err" ]; then sed 's/^/       /' "$TMP/err" | head -10; fi
	if [ -s "$TMP/out" ]; then sed 's/^/  out: /' "$TMP/out" | head -20; fi
}
run() {
	"$ARB" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}
# expect NAME STATUS FRAGMENT ARGS...: the exit status, and FRAGMENT (may be
# empty) in stderr
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
# has NAME FRAGMENT: FRAGMENT is a line of the last output
has() {
	if [ "$rc" = 0 ] && grep -qxF -- "$2" "$TMP/out"; then pass "$1"; else fail "$1 (exit $rc; no line '$2')"; fi
}

S=$TMP/seeds.txt
printf '# the seeds, best first\nAdams, Ann\nBrown, Bob\n\nClark, Cy   # late entry\nDunn, Di\n' >"$S"
M="2 games fide2023-standard 5400+30"
P="2 games fide2023-rapid 900+10; 2 games fide2023-blitz 300+2; 1 game armageddon W300-B240"
ko() { run tournament knockout "$S" --match "$M" --playoff "$P" "$@"; }

game() { printf '[White "%s"]\n[Black "%s"]\n[Result "%s"]\n\n%s %s\n\n' "$1" "$2" "$3" "$4" "$3"; }
MATE='1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#'
DRAW='1. d4 d5 2. c4 e6'
A="Adams, Ann" B="Brown, Bob" C="Clark, Cy" D="Dunn, Di"

# ---- the bracket before any game -------------------------------------------------
ko
has "bracket: 1 v 4" "   1  [1] Adams, Ann - [4] Dunn, Di: game 1 of stage 1, Adams, Ann White, fide2023-standard 5400+30"
has "bracket: 2 v 3" "   2  [2] Brown, Bob - [3] Clark, Cy: game 1 of stage 1, Brown, Bob White, fide2023-standard 5400+30"
has "bracket: the final unknown" "   1  ? - ?"
ko --next
has "next: semi-final 1" "1 1 1 1 1 4 fide2023-standard 5400+30"
has "next: semi-final 2" "1 2 1 1 2 3 fide2023-standard 5400+30"

# ---- round 1: a match won, a match to the Armageddon ------------------------------
{
	game "$A" "$D" 1-0 "$MATE"
	game "$B" "$C" 1/2-1/2 "$DRAW"
	game "$D" "$A" 1/2-1/2 "$DRAW"
	game "$C" "$B" 1/2-1/2 "$DRAW"
	game "$B" "$C" 1-0 "$MATE" # rapid
	game "$C" "$B" 1-0 "$MATE"
	game "$B" "$C" 1/2-1/2 "$DRAW" # blitz
	game "$C" "$B" 1/2-1/2 "$DRAW"
} >"$TMP/r1.pgn"
ko --pgn "$TMP/r1.pgn" --next
has "next: the Armageddon by lot" "1 2 4 1 2 3 armageddon W300-B240 lot"
# the lot gives Clark White; drawn on the board, written 1/2-1/2: Black wins
game "$C" "$B" 1/2-1/2 "$DRAW" >"$TMP/arm.pgn"
ko --pgn "$TMP/r1.pgn" --pgn "$TMP/arm.pgn"
has "round 1: Adams won the match" "   1  [1] Adams, Ann - [4] Dunn, Di: Adams, Ann won (1.5-0.5, first White Adams, Ann)"
has "round 1: Brown won the Armageddon with Black" "   2  [2] Brown, Bob - [3] Clark, Cy: Brown, Bob won (1-1, 1-1, 1-1, 1-0, first White Brown, Bob)"
if grep -q "stage 4, game 1: Clark, Cy - Brown, Bob 0-1 under armageddon (armageddon-draw-odds" "$TMP/err"; then
	pass "the Armageddon adjudicated under its profile"
else
	fail "the Armageddon adjudicated under its profile"
fi
has "final: 1 v 2" "   1  [1] Adams, Ann - [2] Brown, Bob: game 1 of stage 1, Adams, Ann White, fide2023-standard 5400+30"

# ---- the final: level, then 2-0 in the rapid games --------------------------------
{
	game "$A" "$B" 1/2-1/2 "$DRAW"
	game "$B" "$A" 1/2-1/2 "$DRAW"
	game "$A" "$B" 0-1 '1. f3 e5 2. g4 Qh4#'
	game "$B" "$A" 1-0 "$MATE"
} >"$TMP/final.pgn"
ko --pgn "$TMP/r1.pgn" --pgn "$TMP/arm.pgn" --pgn "$TMP/final.pgn"
has "final: won 2-0 in the rapid games" "   1  [1] Adams, Ann - [2] Brown, Bob: Brown, Bob won (1-1, 0-2, first White Adams, Ann)"
has "the winner" "winner: [2] Brown, Bob"
ko --pgn "$TMP/r1.pgn" --pgn "$TMP/arm.pgn" --pgn "$TMP/final.pgn" --next
if [ "$rc" = 0 ] && [ ! -s "$TMP/out" ]; then pass "next: nothing after the final"; else fail "next: nothing after the final"; fi

# ---- a TRF's players, results by seed; a field of 5 --------------------------------
T=$TMP/ko.trf
"$ARB" tournament new "$T" --name "KO" --rounds 2 --system knockout 2>/dev/null
for p in "$A" "$B" "$C" "$D"; do "$ARB" tournament add-player "$T" --name "$p" 2>/dev/null; done
run tournament knockout "$T" --match "1 game fide2023-rapid 900+10" --playoff "1 game armageddon 300=240" \
	--game 1-4=1-0 --game 2-3=1/2-1/2 --game 3-2=1/2-1/2 --next
has "trf: the final's first game" "2 1 1 1 1 2 fide2023-rapid 900+10"
printf 'A\nB\nC\nD\nE\n' >"$TMP/five.txt"
run tournament knockout "$TMP/five.txt" --match "$M"
has "five: seed 1's bye" "   1  [1] A: a bye"
has "five: 4 v 5" "   2  [4] D - [5] E: game 1 of stage 1, D White, fide2023-standard 5400+30"
has "five: 2's bye" "   3  [2] B: a bye"
has "five: round 2, 2 v 3" "   2  [2] B - [3] C: game 1 of stage 1, B White, fide2023-standard 5400+30"

# ---- bad input -----------------------------------------------------------------
expect "bad stage: its column" 2 "--playoff '2 games fide2023-rapid 900+x': column 28: time control" \
	tournament knockout "$S" --match "$M" --playoff "2 games fide2023-rapid 900+x"
expect "bad stage: an empty one" 2 "column 35: an empty stage" \
	tournament knockout "$S" --match "$M;"
expect "unknown profile" 2 "profile 'fide1066-rapid'" \
	tournament knockout "$S" --match "1 game fide1066-rapid 900+10"
game "$A" "$B" 1-0 "$MATE" >"$TMP/nomatch.pgn"
expect "a game of no match" 1 "Adams, Ann - Brown, Bob is not a match being played" \
	tournament knockout "$S" --match "$M" --pgn "$TMP/nomatch.pgn"
game "$D" "$A" 1-0 "$MATE" >"$TMP/turn.pgn"
expect "White out of turn" 1 "1 has White by the alternation, not 4" \
	tournament knockout "$S" --match "$M" --pgn "$TMP/turn.pgn"
{ game "$A" "$D" 1-0 "$MATE"; game "$D" "$A" 0-1 '1. f3 e5 2. g4 Qh4#'; game "$A" "$D" 1-0 "$MATE"; } >"$TMP/over.pgn"
expect "a game after the match" 1 "is not a match being played" \
	tournament knockout "$S" --match "$M" --pgn "$TMP/over.pgn"
printf '[White "%s"]\n[Black "%s"]\n[Result "*"]\n\n1. e4 e5 *\n\n' "$A" "$D" >"$TMP/open.pgn"
expect "a game not over" 1 "the game is not over" \
	tournament knockout "$S" --match "$M" --pgn "$TMP/open.pgn"
game "Nobody" "$D" 1-0 "$MATE" >"$TMP/who.pgn"
expect "an unknown player" 1 "White 'Nobody' is no player of the knockout" \
	tournament knockout "$S" --match "$M" --pgn "$TMP/who.pgn"
expect "a drawn match without a play-off" 1 "level after every stage" \
	tournament knockout "$S" --match "1 game fide2023-rapid 900+10" --game 1-4=1/2-1/2
expect "--game malformed" 1 "not W-B=RESULT" \
	tournament knockout "$S" --match "$M" --game 1-4=win
expect "--game seed out of range" 1 "seeds are 1 to 4" \
	tournament knockout "$S" --match "$M" --game 1-9=1-0
printf 'X\nY\nX\n' >"$TMP/twice.txt"
expect "a name twice" 2 "twice.txt:3:1: 'X' is seed 1 already" \
	tournament knockout "$TMP/twice.txt" --match "$M"
printf 'X\n' >"$TMP/one.txt"
expect "one player" 2 "has 1 player: a knockout needs 2" \
	tournament knockout "$TMP/one.txt" --match "$M"
expect "no such file" 2 "cannot open" tournament knockout "$TMP/none.txt" --match "$M"
expect "no --match" 2 "--match expected" tournament knockout "$S"
expect "unknown option" 2 "unknown option '--swiss'" tournament knockout "$S" --match "$M" --swiss

echo "$((checks - failures)) of $checks checks passed"
[ "$failures" = 0 ]
