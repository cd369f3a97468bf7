#!/bin/sh
# match.sh -- `arbiter match` end to end with the scripted fake engine
# (tests/tools/fake_uci.lua, run by `arbiter run`), no real engine needed:
# - a match between two fakes: every PGN written passes `pgn check`, its
#   clocks `clock history`, and re-adjudicating it under the same profile
#   gives the same result for every game;
# - each misbehaviour ends its game with the right result and Termination:
#   an illegal move (a penalty and the game goes on, or a loss, by edition),
#   a crash, a hang with and without a clock, a slow start, no uciok, no
#   readyok, garbage lines, a null or "(none)" bestmove, the wrong castling
#   notation in Chess960, a flag against a bare king (a draw: the opponent
#   cannot mate), an engine that exits between games (with and without
#   --recover), a program that does not exist;
# - the clock as the engine sees it: delay, Bronstein, two periods, odds;
# - Armageddon scoring of a drawn game; --concurrency 2 gives the games of
#   --concurrency 1; --resume completes an interrupted match, Swiss and
#   knockout; TRF files of round robins and gauntlets; --config files; no process is
#   left behind; bad command lines;
# - tournaments: a Swiss of five (every round passes `tournament check`, the
#   standings are `tournament standings`'), a double round robin of four, a
#   knockout of five with play-offs (the winner `tournament knockout` gives
#   replaying the PGN);
# - referee mode (docs/match.md): another runner's flag against a side that
#   cannot mate (data/match/referee.pgn), re-adjudicated by three editions.
#
# usage: sh match.sh PATH/TO/arbiter PATH/TO/fake_uci.lua
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: match.sh PATH/TO/arbiter PATH/TO/fake_uci.lua}
FAKE=${2:?usage: match.sh PATH/TO/arbiter PATH/TO/fake_uci.lua}
case $ARB in /*) ;; *) ARB=$PWD/$ARB ;; esac
case $FAKE in /*) ;; *) FAKE=$PWD/$FAKE ;; esac
TMP=${TMPDIR:-/tmp}/arbiter-match-test.$$
mkdir -p "$TMP" || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM
# the fake engine from a path of this run's own, so that the check for
# processes left behind sees this run's engines only
cp "$FAKE" "$TMP/fake_uci.lua" || exit 2
FAKE_SRC=$FAKE
FAKE=$TMP/fake_uci.lua

failures=0
checks=0
pass() { checks=$((checks + 1)); echo "ok   $1"; }
fail() {
	checks=$((checks + 1)); failures=$((failures + 1))
	echo "FAIL $1"
	if [ -s "$TMP/err" ]; then sed 's/^/       /' "$TMP/err" | head -10; fi
	if [ -s "$TMP/out" ]; then sed 's/^/  out: /' "$TMP/out" | head -10; fi
}
run() {
	"$ARB" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}
# A fake engine spec: fake NAME [FAKE-ARGS...]
fake() {
	s="cmd=$ARB,arg=run,arg=$FAKE,name=$1"
	shift
	for x in "$@"; do
		case $x in
		timeout=* | nodes=* | tc=*) s="$s,$x" ;;
		*) s="$s,arg=$x" ;;
		esac
	done
	printf '%s' "$s"
}
# tags FILE TAG: the values of TAG in FILE, one a line
tags() { sed -n "s/^\[$2 \"\(.*\)\"\]\$/\1/p" "$1"; }
# game FILE N TAG: TAG of game N
game_tag() { tags "$1" "$3" | sed -n "$2p"; }
# expect_game NAME FILE N RESULT TERMINATION
expect_game() {
	r=$(game_tag "$2" "$3" Result)
	t=$(game_tag "$2" "$3" Termination)
	if [ "$r" = "$4" ] && [ "$t" = "$5" ]; then pass "$1"; else fail "$1 (game $3: '$r' '$t', expected '$4' '$5')"; fi
}
# valid NAME FILE PROFILE: pgn check, clock history and the same results
# when adjudicated again
valid() {
	if "$ARB" pgn check "$2" >"$TMP/check" 2>&1; then pass "$1: pgn check"; else fail "$1: pgn check ($(tail -1 "$TMP/check"))"; fi
	if "$ARB" clock history "$2" >"$TMP/hist" 2>&1 && ! grep -q "inconsistent" "$TMP/hist"; then
		pass "$1: clock history"
	else
		fail "$1: clock history ($(grep -m1 -v consistent "$TMP/hist"))"
	fi
	"$ARB" adjudicate --profile "$3" --json "$2" 2>/dev/null |
		sed -n 's/.*"result": *"\([^"]*\)".*/\1/p' >"$TMP/readj"
	tags "$2" Result >"$TMP/written"
	if [ -s "$TMP/written" ] && cmp -s "$TMP/readj" "$TMP/written"; then
		pass "$1: re-adjudicated the same"
	else
		fail "$1: re-adjudicated: $(tr '\n' ' ' <"$TMP/readj") vs $(tr '\n' ' ' <"$TMP/written")"
	fi
}

# ---- a clean match --------------------------------------------------------------
P=$TMP/clean.pgn
run match --engine "$(fake a play=capture seed=1)" --engine "$(fake b play=capture seed=2)" \
	--tc 60+1 --games 4 --pgn "$P" --rules fide2023-blitz
if [ "$rc" = 0 ] && [ "$(tags "$P" Round | tr '\n' ' ')" = "1 2 3 4 " ]; then pass "clean match: 4 games in order"; else fail "clean match (exit $rc)"; fi
if [ "$(tags "$P" White | tr '\n' ' ')" = "a b a b " ]; then pass "clean match: colours alternate"; else fail "clean match: colours $(tags "$P" White | tr '\n' ' ')"; fi
if grep -q '^a  *4 ' "$TMP/out" && grep -q 'pairs 2:' "$TMP/out"; then pass "clean match: the table, pentanomial pairs"; else fail "clean match: table"; fi
if grep -q '{\[%clk 0:01:0' "$P"; then pass "clean match: [%clk] on moves"; else fail "clean match: no [%clk]"; fi
valid "clean match" "$P" fide2023-blitz

# ---- illegal moves, by edition ------------------------------------------------
for case in "fide2023-standard 1/2-1/2" "uscf-blitz 0-1"; do
	set -- $case
	P=$TMP/illegal-$1.pgn
	run match --engine "$(fake bad illegal=3)" --engine "$(fake good seed=2)" --tc 60+0 --games 1 \
		--rules "$1" --pgn "$P"
	r=$(game_tag "$P" 1 Result)
	if [ "$r" = "$2" ] && grep -q '\[%illegal white b1c1\]' "$P"; then pass "illegal move under $1: $2"; else fail "illegal move under $1: '$r', expected $2"; fi
	valid "illegal move under $1" "$P" "$1"
done
# FIDE 2023 standard: the penalty, +2 minutes to the opponent, on the clock
P=$TMP/illegal-fide2023-standard.pgn
# (60 s, less what Black has used, plus 120 s: over 170 s and at most 180 s;
# a fast machine can answer within the millisecond, so 0:03:00.000 is right)
c=$(tr '\n' ' ' <"$P" | sed -n 's/.* 3\.\.\. [^{]*{\[%clk \([0-9:.]*\)\].*/\1/p')
if echo "$c" | awk -F: '{ s = $1 * 3600 + $2 * 60 + $3; exit !(s > 170 && s <= 180) }'; then
	pass "illegal move: 2 minutes added to Black's clock"
else fail "illegal move: no penalty on Black's clock (3... at '$c')"; fi
# the replacement move obeys touch-move (searchmoves sent)
run match --engine "$(fake bad illegal=3 log="$TMP/touch.log")" --engine "$(fake good seed=2)" \
	--tc 60+0 --games 1 --rules fide2023-standard --pgn "$TMP/t.pgn"
if grep -q '^< go .* searchmoves b1c3$' "$TMP/touch.log"; then pass "illegal move: searchmoves with the touched piece's moves"; else fail "illegal move: no searchmoves"; fi

# ---- crashes, hangs, starts ---------------------------------------------------
P=$TMP/crash.pgn
run match --engine "$(fake bad crash=3)" --engine "$(fake good)" --tc 60+0 --games 1 --pgn "$P"
expect_game "crash: the engine loses, abandoned" "$P" 1 0-1 abandoned
valid "crash" "$P" fide2023-standard
P=$TMP/hang.pgn
run match --engine "$(fake bad hang=3)" --engine "$(fake good)" --tc 1+0 --games 1 --pgn "$P"
expect_game "hang on the clock: loss on time" "$P" 1 0-1 "time forfeit"
P=$TMP/stall.pgn
run match --engine "$(fake bad hang=3 nodes=1)" --engine "$(fake good nodes=1)" --stall 300 --games 1 --pgn "$P"
expect_game "hang without a clock: stalled" "$P" 1 0-1 abandoned
if grep -q "(stalled-loss)" "$TMP/err"; then pass "hang without a clock: reason stalled-loss"; else fail "stall: reason"; fi
for how in "slowstart=3000" "hang=uci" "hang=ready" "crash=uci"; do
	P=$TMP/start.pgn
	run match --engine "$(fake bad "$how" timeout=300)" --engine "$(fake good)" --tc 60+0 --games 1 --pgn "$P"
	expect_game "start ($how): the engine loses, abandoned" "$P" 1 0-1 abandoned
done
P=$TMP/noprog.pgn
run match --engine "cmd=$TMP/no-such-engine,name=ghost" --engine "$(fake good)" --tc 60+0 --games 2 --pgn "$P"
if [ "$rc" = 0 ] && grep -q "cannot run" "$TMP/err" && [ "$(tags "$P" Result | tr '\n' ' ')" = "0-1 1-0 " ]; then
	pass "a program that does not exist: its games lost, the match goes on"
else
	fail "no such program (exit $rc)"
fi

# ---- garbage and bad moves ----------------------------------------------------
P=$TMP/garbage.pgn
run match --engine "$(fake bad garbage=2 play=capture)" --engine "$(fake good play=capture)" --tc 60+0 --games 1 --pgn "$P"
if [ "$(game_tag "$P" 1 Termination)" = normal ] && ! grep -q illegal "$P"; then pass "garbage lines are ignored"; else fail "garbage"; fi
for bad in 0000 "(none)" zz; do
	P=$TMP/bad.pgn
	run match --engine "$(fake bad "badmove=2:$bad")" --engine "$(fake good)" --tc 60+0 --games 1 \
		--rules uscf-blitz --pgn "$P"
	expect_game "bestmove $bad: an illegal move (US Chess blitz: a loss)" "$P" 1 0-1 "rules infraction"
done
P=$TMP/castle.pgn
run match --engine "$(fake w960 wrongcastle seed=5)" --engine "$(fake r960 seed=6)" --tc 60+0 \
	--games 4 --chess960 --seed 3 --pgn "$P"
if [ "$rc" = 0 ] && [ "$(tags "$P" Variant | sort -u)" = Chess960 ]; then pass "Chess960 with the other castling notation: played"; else fail "Chess960 wrongcastle (exit $rc)"; fi
valid "Chess960" "$P" fide2023-standard

# ---- flags --------------------------------------------------------------------
# game 1: the sleeper has the queen and flags; game 2: it has the bare king
P=$TMP/flag.pgn
run match --engine "$(fake slow sleep=all:1500)" --engine "$(fake other)" --tc 1+0 --games 2 \
	--fen "7k/8/8/8/8/8/8/KQ6 w - - 0 1" --pgn "$P" --rules fide2023-blitz
expect_game "White flags, Black has a bare king: a draw" "$P" 1 1/2-1/2 "time forfeit"
expect_game "Black (bare king) flags: White wins" "$P" 2 1-0 "time forfeit"
valid "flags" "$P" fide2023-blitz
run match --engine "$(fake slow sleep=1:1200)" --engine "$(fake b)" --tc 1+0 --games 1 --margin 3000 --pgn "$P"
if [ "$(game_tag "$P" 1 Termination)" != "time forfeit" ]; then pass "--margin: 200 ms late is no flag"; else fail "--margin"; fi

# ---- engines that leave between games -------------------------------------------
P=$TMP/quit.pgn
run match --engine "$(fake q quitafter=1 play=capture seed=1)" --engine "$(fake s play=capture)" --tc 60+0 --games 3 --pgn "$P"
if [ "$(game_tag "$P" 2 Termination)" = abandoned ] && [ "$(game_tag "$P" 3 Termination)" = abandoned ]; then
	pass "exits after a game, no --recover: its next games lost"
else
	fail "quitafter without recover: $(tags "$P" Termination | tr '\n' ' ')"
fi
run match --engine "$(fake q quitafter=1 play=capture seed=1)" --engine "$(fake s play=capture)" --tc 60+0 --games 3 --recover --pgn "$P"
if ! tags "$P" Termination | grep -q abandoned; then pass "--recover: restarted, every game played"; else fail "--recover: $(tags "$P" Termination | tr '\n' ' ')"; fi

# ---- the clock the engine is given ---------------------------------------------
go_of() { grep '^< go' "$TMP/clock.log" | sed -n "$1p"; }
clock_run() {
	rm -f "$TMP/clock.log"
	run match --engine "$(fake a log="$TMP/clock.log")" --engine "$(fake b seed=3)" --tc "$1" --games 1 \
		--max-moves 42 --pgn "$TMP/clock.pgn" --quiet
}
clock_run 300d5
case $(go_of 1) in "< go wtime 305000 btime 305000 winc 0 binc 0") pass "simple delay: the time the engine may use" ;; *) fail "delay: $(go_of 1)" ;; esac
clock_run 300b5
case $(go_of 1) in "< go wtime 300000 btime 300000 winc 5000 binc 5000") pass "Bronstein: the delay as an increment" ;; *) fail "Bronstein: $(go_of 1)" ;; esac
clock_run 40/60:30
case $(go_of 1) in *" movestogo 40") pass "two periods: movestogo 40" ;; *) fail "periods: $(go_of 1)" ;; esac
# move 41: the first period's 60 s less what 40 moves took, plus the second's 30 s
w41=$(go_of 41 | sed -n 's/^< go wtime \([0-9]*\) btime \([0-9]*\) .*/\1 \2/p')
if [ -n "$w41" ] && echo "$w41" | awk '{ exit !($1 > 60000 && $1 <= 90000 && $2 > 60000 && $2 <= 90000) }'; then
	pass "two periods: the second period's time added"
else
	fail "periods, move 41: $(go_of 41)"
fi
valid "two periods" "$TMP/clock.pgn" fide2023-standard
clock_run 300=240
case $(go_of 1) in "< go wtime 300000 btime 240000 "*) pass "time odds" ;; *) fail "odds: $(go_of 1)" ;; esac

# ---- referee mode: another runner's games under three editions ------------------
REF=$(dirname "$FAKE_SRC")/../data/match/referee.pgn
for case in "fide2023-blitz 1/2-1/2 time-draw" "fide2009-blitz 1/2-1/2 time-draw" "uscf-blitz 0-1 time-forfeit"; do
	set -- $case
	run adjudicate --profile "$1" "$REF"
	if grep -q "^game 1: A - B: $2 $3 " "$TMP/out"; then pass "referee: a flag against a side that cannot mate, under $1: $2"; else fail "referee under $1: $(head -1 "$TMP/out")"; fi
done

# ---- the runner's adjudication by scores ------------------------------------------
P=$TMP/adj.pgn
run match --engine "$(fake a score=0)" --engine "$(fake b score=5 seed=3)" --tc 60+0 --games 1 --draw 5,1,10 --pgn "$P"
if [ "$(game_tag "$P" 1 Result)" = 1/2-1/2 ] && grep -q "drawn by the runner's score adjudication (move 5)" "$TMP/err"; then
	pass "--draw: both scores within 10 cp for 5 moves: drawn at move 5"
else
	fail "--draw: $(game_tag "$P" 1 Result)"
fi
run match --engine "$(fake a score=-600)" --engine "$(fake b score=600 seed=3)" --tc 60+0 --games 1 --resign 3,500 --pgn "$P"
expect_game "--resign: 3 moves at -600 against +600: White resigns" "$P" 1 0-1 adjudication
run match --engine "$(fake a score=-600)" --engine "$(fake b score=100 seed=3)" --tc 60+0 --games 1 --resign 3,500 --max-moves 10 --pgn "$P"
if [ "$(game_tag "$P" 1 Result)" = 1/2-1/2 ]; then pass "--resign: not while the opponent disagrees"; else fail "--resign without agreement: $(game_tag "$P" 1 Result)"; fi

# ---- Armageddon -----------------------------------------------------------------
P=$TMP/armageddon.pgn
run match --engine "$(fake a)" --engine "$(fake b seed=4)" --tc 300=240 --games 1 --rules armageddon \
	--max-moves 3 --pgn "$P"
expect_game "Armageddon: a drawn game is Black's" "$P" 1 0-1 normal
if grep -q "armageddon-draw-odds" "$TMP/err"; then pass "Armageddon: by draw odds"; else fail "Armageddon: reason"; fi

# ---- concurrency and resume ------------------------------------------------------
strip() { sed '/^\[Date /d' "$1" | tr -s ' \n' '  ' | sed 's/ *{\[%clk [^]]*\]}//g'; }
A1="$(fake a play=capture seed=7)"
B1="$(fake b play=capture seed=8)"
run match --engine "$A1" --engine "$B1" --tc 60+0 --games 6 --pgn "$TMP/c1.pgn" --quiet
run match --engine "$A1" --engine "$B1" --tc 60+0 --games 6 --pgn "$TMP/c2.pgn" --quiet --concurrency 2
if [ "$(strip "$TMP/c1.pgn")" = "$(strip "$TMP/c2.pgn")" ]; then pass "--concurrency 2: the same games in the same order"; else fail "--concurrency 2 differs"; fi
awk '/^\[Event /{n++} n<=2' "$TMP/c1.pgn" >"$TMP/r.pgn"
run match --engine "$A1" --engine "$B1" --tc 60+0 --games 6 --pgn "$TMP/r.pgn" --resume
if [ "$rc" = 0 ] && [ "$(tags "$TMP/r.pgn" Round | tr '\n' ' ')" = "1 2 3 4 5 6 " ] &&
	[ "$(strip "$TMP/r.pgn")" = "$(strip "$TMP/c1.pgn")" ] && ! grep -q "^game [12]/" "$TMP/err"; then
	pass "--resume: the games left played, the others kept"
else
	fail "--resume (exit $rc): rounds $(tags "$TMP/r.pgn" Round | tr '\n' ' ')"
fi
if grep -q '^a  *6 ' "$TMP/out"; then pass "--resume: the table counts every game"; else fail "--resume: table"; fi

# ---- a match of two as a TRF file: a game a round ------------------------------------
run match --engine "$(fake a play=capture seed=1)" --engine "$(fake b play=capture seed=2)" --tc 60+1 --games 4 --trf "$TMP/m.trf" --quiet
pa=$(sed -n 's/^a  *4  *[0-9.]*% *\([0-9]*\) *\([0-9]*\) .*/\1 \2/p' "$TMP/out")
"$ARB" tournament show "$TMP/m.trf" >"$TMP/show" 2>&1
if [ "$rc" = 0 ] && grep -q "rounds: *4 played" "$TMP/show" && [ -n "$pa" ] &&
	awk -v w="${pa% *}" -v d="${pa#* }" '$1 == 1 && $2 == "a" { exit !($3 == w + d / 2) }' "$TMP/show"; then
	pass "a match's TRF: 4 rounds, the points of the table"
else
	fail "match TRF (exit $rc, '$pa'): $(tail -2 "$TMP/show" | tr '\n' ' ')"
fi

# ---- tournaments: a Swiss by the Dutch system, a double round robin ---------------
E5=""
for i in 1 2 3 4 5; do E5="$E5 --engine $(fake "e$i" play=capture "seed=$i")"; done
# shellcheck disable=SC2086 # the engine options, split on purpose
run match $E5 --tournament swiss --rounds 3 --tc 60+1 --trf "$TMP/sw.trf" --pgn "$TMP/sw.pgn" --concurrency 2
if [ "$rc" = 0 ] && grep -q '^standings (fide2026)' "$TMP/out" && [ "$(grep -c '^\[Result ' "$TMP/sw.pgn")" = 6 ]; then
	pass "Swiss of 5: 3 rounds, 6 games, the standings"
else
	fail "Swiss (exit $rc)"
fi
ok=1
for r in 1 2 3; do
	"$ARB" tournament check "$TMP/sw.trf" --round "$r" >"$TMP/chk" 2>&1 || ok=0
	grep -q "round $r: 2 boards, 1 bye: 0 problems" "$TMP/chk" || ok=0
done
if [ "$ok" = 1 ]; then pass "Swiss: every round passes tournament check (Dutch pairing, the bye)"; else fail "Swiss: tournament check: $(cat "$TMP/chk")"; fi
if [ "$(tags "$TMP/sw.pgn" Round | tr '\n' ' ')" = "1 1 2 2 3 3 " ] && [ "$(tags "$TMP/sw.pgn" Board | tr '\n' ' ')" = "1 2 1 2 1 2 " ]; then
	pass "Swiss: Round and Board tags"
else
	fail "Swiss: Round/Board tags"
fi
"$ARB" tournament standings "$TMP/sw.trf" >"$TMP/st" 2>&1
if [ "$(sed -n '2,$p' "$TMP/st" | awk '{print $1, $3}')" = "$(sed -n '/^standings/,$p' "$TMP/out" | sed -n '3,7p' | awk '{print $1, $3}')" ]; then
	pass "Swiss: the standings are the TRF file's"
else
	fail "Swiss: standings differ from tournament standings"
fi
E4=""
for i in 1 2 3 4; do E4="$E4 --engine $(fake "r$i" play=capture "seed=$i")"; done
# shellcheck disable=SC2086
run match $E4 --tournament roundrobin --rounds 6 --tc 60+1 --trf "$TMP/rr.trf" --quiet
if [ "$rc" = 0 ] && "$ARB" tournament show "$TMP/rr.trf" 2>/dev/null | grep -q "rounds: *6 played"; then pass "double round robin of 4: 6 rounds"; else fail "round robin (exit $rc)"; fi
# a round robin and a gauntlet (not --tournament) as TRF files: game g of an
# encounter in round g * R + its Berger round, nobody twice in a round
# shellcheck disable=SC2086
run match $E4 --games 2 --tc 60+1 --trf "$TMP/rrm.trf" --quiet
"$ARB" tournament show "$TMP/rrm.trf" >"$TMP/show" 2>&1
"$ARB" tournament standings "$TMP/rrm.trf" >"$TMP/st" 2>&1
# Berger round 1 of four: 1-4, 2-3; round 4 (game 2 of each encounter): the same pairs, colours swapped
r1=$(tr '\r' '\n' <"$TMP/rrm.trf" | sed -n 's/^001    1 .\{80\} *\([0-9]*\) \([wb]\) .*/\1 \2/p')
table_pts=$(awk '$2 ~ /^[0-9]+$/ && $3 ~ /%$/ { printf "%s %s\n", $1, ($4 + $5 / 2) }' "$TMP/out" | sort)
trf_pts=$(sed -n '/^standings/,$p' "$TMP/out" | awk 'NR > 2 { print $2, $3 + 0 }' | sort)
if [ "$rc" = 0 ] && grep -q "rounds: *6 played" "$TMP/show" && [ "$r1" = "4 w" ] &&
	[ -n "$table_pts" ] && [ "$table_pts" = "$trf_pts" ] &&
	grep -q 'Individual: Round-Robin' "$TMP/rrm.trf"; then
	pass "a round robin's TRF: 6 rounds by the Berger tables, the table's points, its standings"
else
	fail "round robin TRF (exit $rc, round 1 '$r1'): '$table_pts' vs '$trf_pts'"
fi
run match --engine "$(fake g play=capture seed=1)" --engine "$(fake h play=capture seed=2)" --engine "$(fake i play=capture seed=3)" \
	--gauntlet --games 2 --tc 60+1 --trf "$TMP/g.trf" --quiet
"$ARB" tournament show "$TMP/g.trf" >"$TMP/show" 2>&1
if [ "$rc" = 0 ] && grep -q "rounds: *4 played" "$TMP/show" &&
	[ "$(tr '\r' '\n' <"$TMP/g.trf" | grep -c '^001 .* 0000 - Z .* 0000 - Z')" = 2 ]; then
	pass "a gauntlet's TRF: 4 rounds, the others absent from the rounds they do not play"
else
	fail "gauntlet TRF (exit $rc): $(tr '\r' '\n' <"$TMP/g.trf" | tail -3)"
fi
# a Swiss interrupted after 3 games (round 2 half played) and resumed: the same
# pairings, games and TRF as the uninterrupted run; games of another event refused
awk '/^\[Event /{n++} n<=3' "$TMP/sw.pgn" >"$TMP/swr.pgn"
# shellcheck disable=SC2086
run match $E5 --tournament swiss --rounds 3 --tc 60+1 --trf "$TMP/swr.trf" --pgn "$TMP/swr.pgn" --resume
if [ "$rc" = 0 ] && grep -q "3 games resumed" "$TMP/err" && cmp -s "$TMP/sw.trf" "$TMP/swr.trf" &&
	[ "$(tags "$TMP/swr.pgn" Round | tr '\n' ' ')" = "1 1 2 2 3 3 " ] &&
	[ "$(strip "$TMP/swr.pgn" | sed 's/Board "[0-9]*"//g')" = "$(strip "$TMP/sw.pgn" | sed 's/Board "[0-9]*"//g')" ] &&
	! grep -q "^round 1 " "$TMP/err"; then
	pass "Swiss --resume: the games left played, the TRF of the whole run"
else
	fail "Swiss --resume (exit $rc): $(grep -c '^\[Event' "$TMP/swr.pgn") games"
fi
awk '/^\[Event /{n++} n<=3' "$TMP/sw.pgn" >"$TMP/swx.pgn"
E5X=""
for i in 5 4 3 2 1; do E5X="$E5X --engine $(fake "e$i" play=capture "seed=$i")"; done
# shellcheck disable=SC2086
run match $E5X --tournament swiss --rounds 3 --tc 60+1 --pgn "$TMP/swx.pgn" --resume
if [ "$rc" = 1 ] && grep -q "not the same event" "$TMP/err" && [ "$(grep -c '^\[Event' "$TMP/swx.pgn")" = 3 ]; then
	pass "Swiss --resume: another event's games refused, nothing played"
else
	fail "Swiss --resume of another event (exit $rc)"
fi
# the Dutch rules of 2017 and the revised ones: an engine that never starts
# (first seed) loses round 1 by forfeit; in round 2 the 2017 rules give the bye
# to e3 (as bbpPairings 5, which follows them, pairs it), the revised rules to
# the engine with no point
ED="--engine cmd=$TMP/no-such-engine,name=dead"
for i in 1 2 3 4; do ED="$ED --engine $(fake "e$i" play=capture "seed=$i")"; done
for case in "2017 4" "2026 1"; do
	set -- $case
	# shellcheck disable=SC2086
	run match $ED --tournament swiss --rounds 2 --edition "$1" --tc 60+1 --trf "$TMP/sw$1.trf" --quiet
	ok=1
	for r in 1 2; do
		"$ARB" tournament check "$TMP/sw$1.trf" --round "$r" --edition "$1" >"$TMP/chk" 2>&1 || ok=0
		grep -q "round $r: 2 boards, 1 bye: 0 problems" "$TMP/chk" || ok=0
	done
	bye=$(tr '\r' '\n' <"$TMP/sw$1.trf" | awk 'substr($0, 1, 3) == "001" && substr($0, 102, 8) == "0000 - U" { print $2 }')
	if [ "$rc" = 0 ] && [ "$ok" = 1 ] && [ "$bye" = "$2" ]; then
		pass "Swiss --edition $1: every round as its rules pair it, round 2's bye to player $2"
	else
		fail "Swiss --edition $1 (exit $rc, round 2's bye to '$bye'): $(cat "$TMP/chk")"
	fi
done
if tr '\r' '\n' <"$TMP/sw2017.trf" | grep -q '^192 FIDE_DUTCH$' && tr '\r' '\n' <"$TMP/sw2026.trf" | grep -q '^192 FIDE_DUTCH_2026$'; then
	pass "Swiss: the TRF names the edition's system"
else
	fail "Swiss: system codes"
fi
# a knockout of five with play-offs to an Armageddon; the bracket replayed from the
# PGN by `tournament knockout` (which re-adjudicates each game under its stage's
# profile) has the same winner
KO_M="2 games fide2023-standard 60+0"
KO_P="2 games fide2023-rapid 30+0; 1 game armageddon W30-B24"
E5K=""
for i in 1 2 3 4 5; do E5K="$E5K --engine $(fake "k$i" play=capture "seed=$i")"; done
# shellcheck disable=SC2086
run match $E5K --tournament knockout --match "$KO_M" --playoff "$KO_P" --concurrency 2 --seed 3 --pgn "$TMP/ko.pgn"
winner=$(sed -n 's/^knockout winner: //p' "$TMP/out")
printf 'k1\nk2\nk3\nk4\nk5\n' >"$TMP/seeds.txt"
"$ARB" tournament knockout "$TMP/seeds.txt" --match "$KO_M" --playoff "$KO_P" --pgn "$TMP/ko.pgn" >"$TMP/ko.out" 2>&1
if [ "$rc" = 0 ] && [ -n "$winner" ] && grep -q "^winner: \[[0-9]*\] $winner\$" "$TMP/ko.out" &&
	[ "$(grep -c '^knockout round' "$TMP/err")" = 4 ]; then
	pass "knockout of 5: 4 matches, the winner the bracket replayed from the PGN gives"
else
	fail "knockout (exit $rc, winner '$winner'): $(tail -3 "$TMP/ko.out" | tr '\n' ' ')"
fi
# seed 3: the semi-final and the final go to an Armageddon
if grep -q '^\[Rules "armageddon"\]' "$TMP/ko.pgn" && grep -q '^\[Rules "fide2023-rapid"\]' "$TMP/ko.pgn"; then
	pass "knockout: play-off games under their stage's profile"
else
	fail "knockout: no play-off games in the PGN"
fi
awk '/^\[Event /{n++} n<=5' "$TMP/ko.pgn" >"$TMP/kor.pgn"
# shellcheck disable=SC2086
run match $E5K --tournament knockout --match "$KO_M" --playoff "$KO_P" --seed 3 --pgn "$TMP/kor.pgn" --resume
if [ "$rc" = 0 ] && grep -q "5 games resumed" "$TMP/err" && [ "$(sed -n 's/^knockout winner: //p' "$TMP/out")" = "$winner" ] &&
	[ "$(strip "$TMP/kor.pgn")" = "$(strip "$TMP/ko.pgn")" ]; then
	pass "knockout --resume: the same bracket, games and winner"
else
	fail "knockout --resume (exit $rc)"
fi
expect_usage_ko() {
	run "$@"
	if [ "$rc" = 2 ] && grep -q -- "--match" "$TMP/err"; then pass "knockout: bad stages refused"; else fail "knockout bad stages (exit $rc)"; fi
}
expect_usage_ko match --engine "$(fake a)" --engine "$(fake b)" --tournament knockout --match "2 gamez fide2023-standard 60"

expect_usage() {
	name=$1 frag=$2
	shift 2
	run "$@"
	if [ "$rc" = 2 ] && grep -q -- "$frag" "$TMP/err"; then pass "$name"; else fail "$name (exit $rc, expected 2 and '$frag')"; fi
}
# shellcheck disable=SC2086
expect_usage "round robin: rounds of neither cycle" "has 3 rounds (double: 6)" match $E4 --tournament roundrobin --rounds 4 --tc 60
# shellcheck disable=SC2086
expect_usage "Swiss without rounds" "needs --rounds" match $E4 --tournament swiss --tc 60
expect_usage "--regulations without --tournament or --trf" "needs --trf or --tournament" match --engine "$(fake a)" --engine "$(fake b)" --tc 60 --regulations fide2026
expect_usage "--trf with more rounds than a TRF holds" "more than a TRF holds (999)" match --engine "$(fake a)" --engine "$(fake b)" --tc 60 --games 1000 --trf "$TMP/x.trf"
expect_usage "--edition outside a Swiss" "is a Swiss's" match --engine "$(fake a)" --engine "$(fake b)" --tc 60 --edition 2017
expect_usage "--edition of no Dutch rules" "2017 or 2026" match $E4 --tournament swiss --rounds 2 --tc 60 --edition 2020

# ---- no descriptor of the runner reaches an engine ---------------------------------
mkdir -p "$TMP/logs"
run match --engine "cmd=/bin/sh,arg=-c,arg=ls -l /proc/\$\$/fd >&2; exec '$ARB' run '$FAKE',name=lister" \
	--engine "$(fake b)" --tc 60 --games 1 --pgn "$TMP/fds.pgn" --log-dir "$TMP/logs" --quiet
# 0, 1 and 2, and the shell's own copy of 1 while it redirects ls: pipes and the log only
if [ "$rc" = 0 ] && [ "$(grep -c -- ' -> ' "$TMP/logs/1-lister.log")" -le 4 ] &&
	! grep -- ' -> ' "$TMP/logs/1-lister.log" | grep -v -e ' -> pipe:' -e '1-lister.log$' | grep -q .; then
	pass "an engine gets its pipes and its log, not the runner's files"
else
	fail "descriptors in the engine: $(tr '\n' ' ' <"$TMP/logs/1-lister.log" 2>/dev/null)"
fi

# ---- no process left -------------------------------------------------------------
sleep 1
if ! pgrep -f "$FAKE" >/dev/null 2>&1; then pass "no engine process left behind"; else fail "engine processes left: $(pgrep -f "$FAKE" | wc -l)"; fi

# ---- a config file (--config FILE.lua) ------------------------------------------------
cat >"$TMP/cfg.lua" <<EOF
-- a match as a Lua table: options without dashes, engines as tables
local fake = [[$FAKE]]
local function engine(name, seed, extra)
	local e = { cmd = [[$ARB]], name = name, args = { "run", fake, "play=capture", "seed=" .. seed } }
	for k, v in pairs(extra or {}) do e[k] = v end
	return e
end
return {
	engines = {
		engine("ca", 1, { options = { Zeta = "x y", Hash = 32, Alpha = true },
			args = { "run", fake, "play=capture", "seed=1", "log=$TMP/cfg.log" } }),
		engine("cb", 2),
	},
	rules = "fide2023-blitz", tc = "60+1", games = 2, max_moves = 400,
	pgn = [[$TMP/cfg.pgn]], quiet = true, recover = false,
}
EOF
run match --config "$TMP/cfg.lua"
if [ "$rc" = 0 ] && [ "$(tags "$TMP/cfg.pgn" White | tr '\n' ' ')" = "ca cb " ] &&
	[ "$(tags "$TMP/cfg.pgn" Rules | sort -u)" = "fide2023-blitz" ] && [ ! -s "$TMP/err" ] &&
	[ "$(sed -n 's/^< setoption name \([A-Za-z]*\).*/\1/p' "$TMP/cfg.log" | head -3 | tr '\n' ' ')" = "Alpha Hash Zeta " ] &&
	grep -q '^< setoption name Zeta value x y$' "$TMP/cfg.log" && grep -q '^< setoption name Alpha value true$' "$TMP/cfg.log"; then
	pass "--config: engines, options (in name order) and settings from a Lua file"
else
	fail "--config (exit $rc)"
fi
run match --config "$TMP/cfg.lua" --games 4 --engine "$(fake cc play=capture seed=3)"
if [ "$rc" = 0 ] && [ "$(grep -c '^\[Event' "$TMP/cfg.pgn")" = 12 ]; then
	pass "--config: options after it override it, engines are added"
else
	fail "--config with overrides (exit $rc): $(grep -c '^\[Event' "$TMP/cfg.pgn") games"
fi
bad_config() {
	name=$1 frag=$2
	printf '%s\n' "$3" >"$TMP/bad.lua"
	run match --config "$TMP/bad.lua" --engine "$(fake a)" --engine "$(fake b)" --tc 60
	if [ "$rc" = 2 ] && grep -q -- "$frag" "$TMP/err"; then pass "--config: $name"; else fail "--config: $name (exit $rc, expected 2 and '$frag')"; fi
}
bad_config "a syntax error names the line" "bad.lua:2:" "return {
	games = = 2 }"
bad_config "an unknown key" "unknown key 'gamez'" "return { gamez = 2 }"
bad_config "an engine's unknown key" "engines\[1\]: unknown key 'command'" "return { engines = { { command = 'x' } } }"
bad_config "an engine without cmd" "engines\[1\]: no cmd" "return { engines = { { name = 'x' } } }"
bad_config "not a table" "returns number" "return 7"
bad_config "a flag not a boolean" "quiet: true or false" "return { quiet = 'yes' }"
bad_config "a fraction" "games: 2.5 is not a whole number" "return { games = 2.5 }"
bad_config "a bad value, as the option says" "--games: expected a number" "return { games = 0 }"
bad_config "a list too long" "--draw: expected 3 numbers" "return { draw = { 10, 40, 10, 5 } }"
bad_config "no os in the sandbox" "os" "os.exit(3)"
bad_config "no config within a config" "cannot name another" "return { config = 'x.lua' }"
run match --config "$TMP/none.lua"
if [ "$rc" = 2 ] && grep -q "none.lua: No such file" "$TMP/err"; then pass "--config: a missing file"; else fail "--config: missing file (exit $rc)"; fi

# ---- bad command lines -------------------------------------------------------------
expect() {
	name=$1 want=$2 frag=$3
	shift 3
	run "$@"
	if [ "$rc" = "$want" ] && grep -q -- "$frag" "$TMP/err"; then pass "$name"; else fail "$name (exit $rc, expected $want and '$frag')"; fi
}
expect "one engine" 2 "at least two" match --engine "$(fake a)" --tc 60
expect "no cmd" 2 "no cmd=" match --engine name=x --engine "$(fake a)" --tc 60
expect "unknown key" 2 "unknown key 'speed'" match --engine "$(fake a),speed=3" --engine "$(fake b)" --tc 60
expect "bad time control" 2 "column" match --engine "$(fake a)" --engine "$(fake b)" --tc 60+x
expect "no clock, no limit" 2 "no time control" match --engine "$(fake a)" --engine "$(fake b)"
expect "bad games" 2 "--games" match --engine "$(fake a)" --engine "$(fake b)" --tc 60 --games 0
expect "resume without pgn" 2 "--resume needs" match --engine "$(fake a)" --engine "$(fake b)" --tc 60 --resume
expect "unknown profile" 1 "profile 'nonesuch'" match --engine "$(fake a)" --engine "$(fake b)" --tc 60 --rules nonesuch
expect "bad openings line" 1 "bad.epd:2:" match --engine "$(fake a)" --engine "$(fake b)" --tc 60 --openings "$(printf '8/8/8/8/8/8/8/K6k w - -\nnot a fen\n' >"$TMP/bad.epd"; echo "$TMP/bad.epd")"

echo "$checks checks, $failures failed"
[ "$failures" = 0 ]
