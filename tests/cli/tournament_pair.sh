#!/bin/sh
# tournament_pair.sh -- `arbiter tournament pair|check|result|new|add-player`
# end to end:
# - every pairing case of data/tournaments/cases paired through the external
#   engine path (a stand-in engine, fake_pairing_engine.sh, answers from the
#   reference data as JaVaFo would): `pair --boards` prints exactly the
#   case's .pairs, with the round's known byes added and the pairing checked;
# - a 10-player round robin made from nothing: new, add-player, nine rounds
#   paired by the Berger tables and applied, results by hand and from a PGN
#   file adjudicated under a rule profile (a flag with a lone king left is a
#   draw, not a loss), `check` clean on every round, the standings;
# - bad input: an engine that fails, answers garbage or nothing; a Swiss
#   without an engine; unknown options and players; a result that is not a
#   game of the round; `new` over an existing file; each failed write
#   leaves the file as it was.
#
# usage: sh tournament_pair.sh PATH/TO/arbiter DATA_DIR
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: tournament_pair.sh PATH/TO/arbiter DATA_DIR}
DATA=${2:?usage: tournament_pair.sh PATH/TO/arbiter DATA_DIR}/tournaments
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=${TMPDIR:-/tmp}/arbiter-pair-test.$$
mkdir -p "$TMP" || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM
ENGINE="sh $HERE/fake_pairing_engine.sh $DATA/cases"

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

# ---- the external engine path on every pairing case --------------------------
n=0
for trf in "$DATA"/cases/*.trf; do
	n=$((n + 1))
	run tournament pair "$trf" --boards --pairing-engine "$ENGINE"
	if [ "$rc" = 0 ] && cmp -s "$TMP/out" "${trf%.trf}.pairs"; then
		pass "engine: $(basename "$trf") paired as its .pairs"
	else
		fail "engine: $(basename "$trf") (exit $rc)"
	fi
	# the case's .pairs checked clean against the file
	run tournament check "$trf" --pairs "${trf%.trf}.pairs"
	if [ "$rc" = 0 ] && grep -q ': 0 problems$' "$TMP/out"; then
		pass "check: $(basename "$trf") .pairs clean"
	else
		fail "check: $(basename "$trf") .pairs (exit $rc)"
	fi
done
[ "$n" -ge 10 ] && pass "engine: $n cases" || fail "engine: only $n cases"

one=$(ls "$DATA"/cases/*.trf | head -n 1)
cp "$one" "$TMP/swiss.trf"
FAKE_ENGINE=fail expect "engine: a failing engine" 1 "failed (exit status 3)" \
	tournament pair "$TMP/swiss.trf" --pairing-engine "$ENGINE" --apply
FAKE_ENGINE=garbage expect "engine: garbage" 1 "the first line must be the number of pairs" \
	tournament pair "$TMP/swiss.trf" --pairing-engine "$ENGINE"
FAKE_ENGINE=silent expect "engine: no answer" 1 "cannot open" \
	tournament pair "$TMP/swiss.trf" --pairing-engine "$ENGINE"
expect "engine: not a program" 1 "failed" \
	tournament pair "$TMP/swiss.trf" --pairing-engine "$TMP/no-such-engine"
if cmp -s "$one" "$TMP/swiss.trf"; then pass "engine: failures leave the file"; else fail "engine: failures changed the file"; fi
# without an engine, a Swiss is paired by arbiter's own Dutch system (the
# reference rounds are tests/cli/swiss_reference.py's)
run tournament pair "$TMP/swiss.trf" --boards
if [ "$rc" = 0 ] && cmp -s "$TMP/out" "${one%.trf}.pairs"; then
	pass "pair: a Swiss by the Dutch system"
else
	fail "pair: a Swiss by the Dutch system (exit $rc)"
fi
expect "pair: unknown option" 2 "unknown option" tournament pair "$TMP/swiss.trf" --frobnicate
# the editions on a round they pair differently (case-304 round 3: the 2017
# rules have no criterion lowering the bye's score)
ed=$DATA/swiss/case-304/round-3
for e in 2017 2026; do
	want=$ed.pairs
	[ "$e" = 2017 ] && want=$ed.2017.pairs
	run tournament pair "$ed.trf" --boards --edition "$e"
	if [ "$rc" = 0 ] && cmp -s "$TMP/out" "$want"; then
		pass "pair --edition $e: case-304 round 3 as its reference"
	else
		fail "pair --edition $e: case-304 round 3 (exit $rc, or not $want)"
	fi
done
if cmp -s "$ed.pairs" "$ed.2017.pairs"; then
	fail "case-304 round 3: the two editions' references should differ"
else
	pass "case-304 round 3: the editions pair it differently"
fi
# --explain: why a player got his board or bye
run tournament pair "$ed.trf" --explain 9
if [ "$rc" = 0 ] && grep -q "^board: 9 - 1 (White 9: E.1" "$TMP/out" &&
	grep -q "^without this board, the best pairing changes: 5 - 1, 4 - 9" "$TMP/out" &&
	grep -q "^it is worse at C12: players who do not get their colour preference: 2 against 0" "$TMP/out"; then
	pass "pair --explain 9: the board, its colour rule, the alternative and C12"
else
	fail "pair --explain 9 (exit $rc)"
fi
run tournament pair "$ed.trf" --explain 7
if [ "$rc" = 0 ] && grep -q "^the pairing-allocated bye" "$TMP/out" &&
	grep -q "^it is worse at C4 with C8: the score of the bye's assignee, lowered first: 0.5 against 0.0" "$TMP/out"; then
	pass "pair --explain 7: the bye, kept lowest by the revised rules"
else
	fail "pair --explain 7 (exit $rc)"
fi
run tournament pair "$ed.trf" --explain 7 --edition 2017
if [ "$rc" = 0 ] && grep -q "(2017 Dutch rules)" "$TMP/out" && grep -q "^board: 7 - 5" "$TMP/out"; then
	pass "pair --explain 7 --edition 2017: a board under the 2017 rules"
else
	fail "pair --explain 7 --edition 2017 (exit $rc)"
fi
run tournament pair "$ed.trf" --explain all
n=$(grep -c "^round 3 " "$TMP/out")
if [ "$rc" = 0 ] && [ "$n" = 9 ]; then
	pass "pair --explain all: each of the 9 players"
else
	fail "pair --explain all: $n players explained (exit $rc)"
fi
expect "pair --explain: an unknown player" 1 "no player 99" tournament pair "$ed.trf" --explain 99
expect "pair --explain: not a number" 2 "takes player numbers" tournament pair "$ed.trf" --explain 7,x
expect "pair --explain: not with --apply" 2 "not with --apply" tournament pair "$ed.trf" --explain 7 --apply
expect "pair: an edition that is not 2017 or 2026" 2 "is 2017 or 2026, not '2018'" tournament pair "$TMP/swiss.trf" --edition 2018
expect "pair: --edition without a value" 2 "edition" tournament pair "$TMP/swiss.trf" --edition
expect "pair: bad round" 2 "--round" tournament pair "$TMP/swiss.trf" --round zero
expect "pair: no file" 2 "" tournament pair "$TMP/none.trf"
# ---- check against arbiter's own pairing (a Swiss: the Dutch rules) --------------
cmp_case=$DATA/swiss/case-001/round-3
run tournament check "$cmp_case.trf" --pairs "$cmp_case.pairs"
if [ "$rc" = 0 ] && grep -q "the same pairing as arbiter's (revised, 2026" "$TMP/out"; then
	pass "check: the reference pairing is arbiter's"
else
	fail "check: the reference pairing (exit $rc)"
fi
run tournament check "$cmp_case.trf" --pairs "$cmp_case.2017.pairs" --edition 2017
if [ "$rc" = 0 ] && grep -q "the same pairing as arbiter's (2017" "$TMP/out"; then
	pass "check --edition 2017: the 2017 reference pairing is arbiter's"
else
	fail "check --edition 2017 (exit $rc)"
fi
# two opponents swapped in one score group: the bracket's order decides
awk 'NR == 1 { a = $1; b = $2; next } NR == 2 { print a, $2; print $1, b; next } { print }' \
	"$cmp_case.pairs" >"$TMP/swap.pairs"
run tournament check "$cmp_case.trf" --pairs "$TMP/swap.pairs"
if [ "$rc" = 1 ] && grep -q "not arbiter's pairing" "$TMP/out" &&
	grep -q "arbiter pairs instead: 14 - 1, 2 - 11" "$TMP/out" &&
	grep -q "the bracket's order decided (C.04.3 B); the first player in the pairing order whose opponent differs is 1 (score 2.0, pairing rank 1): 14 in arbiter's pairing, 2 in the other" "$TMP/out" &&
	grep -q "in score group 2.0, S1 is 1, 2, 3, 5, 7, 8, 9, 10 in arbiter's pairing and 1, 3, 5, 7, 8, 9, 10, 11 in the other: the exchanges differ" "$TMP/out"; then
	pass "check: two opponents swapped, the bracket's step named (an exchange)"
else
	fail "check: two opponents swapped (exit $rc)"
fi
# --explain on a tie: S1 the same, S2's order named
run tournament pair "$cmp_case.trf" --explain 1
if [ "$rc" = 0 ] && grep -q "without this board, the best pairing changes: 20 - 1, 14 - 3" "$TMP/out" &&
	grep -q "in score group 2.0, the same S1 (1, 2, 3, 5, 7, 8, 9, 10) in both, and S2 taken in order (B.2, its transpositions): of the group's other players 14 is number 3 and 20 number 4, and 1 meets the first that keeps the criteria" "$TMP/out"; then
	pass "explain: a tie of the criteria, S2's order named"
else
	fail "explain: a tie of the criteria (exit $rc)"
fi
# the first board's and the last board's opponents swapped: a float more
awk 'NR == 1 { a = $1; b = $2; next } $2 == "bye" { byes = byes $0 "\n"; next }
	{ l[++n] = $0 } END { split(l[n], z, " "); l[n] = z[1] " " b; print a, z[2]
	for (i = 1; i <= n; i++) print l[i]; printf "%s", byes }' "$cmp_case.pairs" >"$TMP/swap2.pairs"
run tournament check "$cmp_case.trf" --pairs "$TMP/swap2.pairs"
if [ "$rc" = 1 ] && grep -q "worse at C5-C7: players of score group 2.0 who float down (or take the bye): 2 against 0" "$TMP/out"; then
	pass "check: a worse pairing, its first worse criterion named"
else
	fail "check: a worse pairing (exit $rc)"
fi
# colours only: the first board the other way round
awk 'NR == 1 { print $2, $1; next } { print }' "$cmp_case.pairs" >"$TMP/colours.pairs"
run tournament check "$cmp_case.trf" --pairs "$TMP/colours.pairs"
if [ "$rc" = 1 ] && grep -q "the same boards as arbiter's (revised, 2026 Dutch rules), 1 with the colours the other way round" "$TMP/out"; then
	pass "check: the colours the other way round"
else
	fail "check: the colours the other way round (exit $rc)"
fi
expect "check: an edition that is not 2017 or 2026" 2 "is 2017 or 2026, not '2020'" \
	tournament check "$cmp_case.trf" --pairs "$cmp_case.pairs" --edition 2020
expect "check: a .pairs naming nobody" 1 "no player 9999" \
	tournament check "$TMP/swiss.trf" --pairs /dev/stdin <<EOF2
9999 1
EOF2

# ---- a round robin from nothing ------------------------------------------------
rr=$TMP/rr.trf
expect "new" 0 "a new tournament" tournament new "$rr" --name "Hastings Demo" --rounds 9 \
	--system FIDE_ROUNDROBIN --city Hastings --start 2026/12/28 --tc 5400+30
expect "new: over an existing file" 1 "exists" tournament new "$rr" --name X --rounds 9 \
	--system FIDE_ROUNDROBIN
expect "new: missing --system" 2 "expected" tournament new "$TMP/x.trf" --name X --rounds 9
expect "new: an unknown system" 2 "neither a short name" tournament new "$TMP/x.trf" --name X \
	--rounds 9 --system swiss-ish
expect "new: --system berger" 0 "FIDE_ROUNDROBIN" tournament new "$TMP/b.trf" --name X --rounds 3 \
	--system berger
run tournament show "$TMP/b.trf"
if grep -q "^system: *FIDE_ROUNDROBIN$" "$TMP/out" && tr '\r' '\n' <"$TMP/b.trf" | grep -q "^192 FIDE_ROUNDROBIN$"; then
	pass "new: berger is written as its code"
else
	fail "new: berger is written as its code"
fi
expect "new: double-berger" 0 "FIDE_DOUBLEROUNDROBIN" tournament new "$TMP/d.trf" --name X \
	--rounds 6 --system double-berger
i=1
for name in "Adams, Ann" "Brown, Bob" "Clark, Cy" "Dunn, Di" "Eyre, Ed" "Fox, Fay" \
	"Gray, Gus" "Hall, Hal" "Ivy, Ida" "Jones, Jo"; do
	expect "add-player $i" 0 "player $i," tournament add-player "$rr" --name "$name" \
		--rating $((2400 - 10 * i)) --federation ENG --sex m
	i=$((i + 1))
done
expect "add-player: bad rating" 2 "--rating" tournament add-player "$rr" --name X --rating 12345
expect "pair --explain: a round robin's boards are its table's" 1 "not a Swiss" tournament pair "$rr" --explain 1
for r in 1 2 3 4 5 6 7 8 9; do
	run tournament pair "$rr" --apply --boards
	if [ "$rc" = 0 ] && [ "$(wc -l <"$TMP/out")" -eq 5 ]; then
		pass "round $r paired"
	else
		fail "round $r paired (exit $rc)"
	fi
	# every game of the round: White wins on the odd boards, draws on the even
	b=0 games=
	while read -r w k; do
		b=$((b + 1))
		if [ $((b % 2)) = 1 ]; then games="$games --game $w-$k=1-0"; else games="$games --game $w-$k=1/2-1/2"; fi
	done <"$TMP/out"
	if [ "$r" = 9 ]; then
		# the last round from a PGN file, adjudicated
		: >"$TMP/round9.pgn"
		while read -r w k; do
			wn=$(tr '\r' '\n' <"$rr" | awk -v id="$w" '/^001/ && substr($0, 5, 4) + 0 == id { print substr($0, 15, 33) }' | sed 's/ *$//')
			bn=$(tr '\r' '\n' <"$rr" | awk -v id="$k" '/^001/ && substr($0, 5, 4) + 0 == id { print substr($0, 15, 33) }' | sed 's/ *$//')
			printf '[Event "Hastings Demo"]\n[Round "9"]\n[White "%s"]\n[Black "%s"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n' "$wn" "$bn" >>"$TMP/round9.pgn"
		done <"$TMP/out"
		expect "round 9 results from PGN" 0 "5 results of round 9" \
			tournament result "$rr" --round 9 --pgn "$TMP/round9.pgn" --rules fide2023-standard
		grep -q "checkmate" "$TMP/out" && pass "round 9: the verdicts printed" || fail "round 9: the verdicts printed"
	else
		# shellcheck disable=SC2086 # the --game options split on purpose
		expect "round $r results" 0 "5 results of round $r" tournament result "$rr" --round "$r" $games
	fi
	expect "round $r checked" 0 "" tournament check "$rr" --round "$r"
done
expect "pair: past the last round" 1 "has 9 rounds" tournament pair "$rr"
cp "$rr" "$TMP/rr.before"
expect "result: not a game of the round" 1 "is not a game of round 1" \
	tournament result "$rr" --round 1 --game 1-2=1-0
expect "result: bad result" 2 "not W-B=RESULT" tournament result "$rr" --round 1 --game 1-10=2-0
expect "result: round not paired" 1 "not paired" tournament result "$rr" --round 10 --game 1-2=1-0
printf '[White "Nobody"]\n[Black "Adams, Ann"]\n[Result "1-0"]\n\n1. e4 1-0\n' >"$TMP/bad.pgn"
expect "result: a PGN player not in the tournament" 1 "no player" \
	tournament result "$rr" --round 1 --pgn "$TMP/bad.pgn"
if cmp -s "$rr" "$TMP/rr.before"; then pass "failed results leave the file"; else fail "failed results changed the file"; fi
run tournament standings "$rr" --regulations fide2026 --json
if [ "$rc" = 0 ] && grep -q '"players"' "$TMP/out"; then pass "standings of the round robin"; else fail "standings of the round robin"; fi
run tournament pair "$rr" --round 1 --boards
grep -q '^1 10$' "$TMP/out" && pass "round 1 board 1 is 1-10" || fail "round 1 board 1 is 1-10"

# The rules decide the result: White's flag falls, but Black has a lone king
# and cannot mate (FIDE 6.9), so the game the PGN scores 0-1 is a draw.
duo=$TMP/duo.trf
run tournament new "$duo" --name Duo --rounds 1 --system FIDE_ROUNDROBIN
run tournament add-player "$duo" --name "White, Wanda"
run tournament add-player "$duo" --name "Black, Barry"
run tournament pair "$duo" --apply
printf '[White "White, Wanda"]\n[Black "Black, Barry"]\n[SetUp "1"]\n[FEN "7k/8/8/8/8/8/8/K6Q b - - 0 1"]\n[Result "0-1"]\n[Termination "time forfeit"]\n\n1... Kg8 0-1\n' >"$TMP/flag.pgn"
expect "flag against a lone king" 0 "1 result of round 1" \
	tournament result "$duo" --round 1 --pgn "$TMP/flag.pgn" --rules fide2023-standard
if grep -q '^round 1: 1-2 =-=' "$TMP/out" && tr '\r' '\n' <"$duo" | grep -q '^001    1 .*     2 w =$'; then
	pass "flag against a lone king: a draw in the file"
else
	fail "flag against a lone king: a draw in the file"
	sed 's/^/       /' "$TMP/out"
fi

# A Chess960 event: the rounds' positions are the seeded draw of `arbiter 960
# --rounds R --seed S`, recorded in the file as notes, which every reader skips.
c9=$TMP/c960.trf
expect "new --chess960" 0 "" tournament new "$c9" --name "960 Open" --rounds 5 \
	--system FIDE_ROUNDROBIN --chess960 7
expect "new --chess960: bad seed" 2 "not a seed" tournament new "$TMP/c9b.trf" --name X \
	--rounds 5 --system FIDE_ROUNDROBIN --chess960 -3
for n in A B C D; do run tournament add-player "$c9" --name "$n"; done
"$ARB" 960 --rounds 5 --seed 7 | awk '{ print "### arbiter chess960-round-" $1 ": " $2 " " $3 }' >"$TMP/want960"
for r in 1 2 3; do run tournament pair "$c9" --apply; done
tr '\r' '\n' <"$c9" | grep '^### arbiter chess960-round-' >"$TMP/got960"
if head -n 3 "$TMP/want960" | cmp -s - "$TMP/got960"; then
	pass "chess960: rounds 1-3 are arbiter 960 --rounds 5 --seed 7"
else
	fail "chess960: the rounds' positions"
fi
run tournament export "$c9" --keep-eol
if [ "$rc" = 0 ] && cmp -s "$TMP/out" "$c9"; then pass "chess960: the notes read and written back"; else fail "chess960: the notes read and written back"; fi

echo "tournament_pair: $checks checks, $failures failed"
[ "$failures" = 0 ]
