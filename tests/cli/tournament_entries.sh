#!/bin/sh
# tournament_entries.sh -- `arbiter tournament withdraw|prohibit|set` and the
# stored rule profile and regulation (`new --rules --regulations`):
# - a 6-player round robin: a withdrawal refused where the player has a game
#   (the file unchanged), a temporary and a permanent one made absences (Z)
#   in TRF-2026 (240) and TRF-16 (the next round's cell), listed by `show`;
#   the withdrawn player's boards paired as forfeits (+ -) and `check` clean;
#   more scheduled rounds (`set --rounds`) absent too;
# - a Swiss case of data/tournaments/cases paired by the stand-in engine:
#   a withdrawn player it pairs and a prohibited pair it pairs are reported
#   by `check` and the pairing is not applied; the 260 record round-trips;
# - the stored profile and regulation: refused when unknown, shown, used by
#   result and standings unless an option overrides, changed by `set`;
# - bad input: unknown options, players, rounds, ranges.
#
# usage: sh tournament_entries.sh PATH/TO/arbiter DATA_DIR
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: tournament_entries.sh PATH/TO/arbiter DATA_DIR}
DATA=${2:?usage: tournament_entries.sh PATH/TO/arbiter DATA_DIR}/tournaments
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=${TMPDIR:-/tmp}/arbiter-entries-test.$$
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
# has NAME FILE FRAGMENT: FRAGMENT in FILE (CR read as line ends)
has() {
	if tr '\r' '\n' <"$2" | grep -q -- "$3"; then pass "$1"; else fail "$1 ('$3' not in $2)"; fi
}
same() {
	if cmp -s "$2" "$3"; then pass "$1"; else fail "$1 ($2 changed)"; fi
}

# ---- a round robin with withdrawals -----------------------------------------
RR=$TMP/rr.trf
expect "new: an unknown profile refused" 2 "profile 'nosuch'" \
	tournament new "$RR" --name RR --rounds 5 --system FIDE_ROUNDROBIN --rules nosuch
if [ -e "$RR" ]; then fail "new: nothing written when refused"; else pass "new: nothing written when refused"; fi
expect "new: an unknown regulation refused" 2 "no regulation 'nosuch'" \
	tournament new "$RR" --name RR --rounds 5 --system FIDE_ROUNDROBIN --regulations nosuch
expect "new: with a profile and a regulation" 0 "rules fide2018-standard, regulations fide2024" \
	tournament new "$RR" --name RR --rounds 5 --system FIDE_ROUNDROBIN \
	--rules fide2018-standard --regulations fide2024
for n in Anna Boris Clara Dmitri Elena Fedor; do
	"$ARB" tournament add-player "$RR" --name "$n" 2>/dev/null
done
run tournament show "$RR"
has "show: the stored profile" "$TMP/out" "^rules: *fide2018-standard$"
has "show: the stored regulation" "$TMP/out" "^regulations: *fide2024$"
expect "pair: round 1 applied" 0 "round 1 paired" tournament pair "$RR" --apply
cp "$RR" "$TMP/before"
expect "withdraw: refused where the player has a game" 1 "player 3 has a game in round 1" \
	tournament withdraw "$RR" --player 3 --permanent-from 1
same "withdraw: refused leaves the file" "$TMP/before" "$RR"
expect "withdraw: an unknown player" 1 "no player 9" \
	tournament withdraw "$RR" --player 9 --from-round 2
expect "withdraw: past the last round" 1 "past the last round (5)" \
	tournament withdraw "$RR" --player 3 --from-round 6
expect "withdraw: --to-round before --from-round" 2 "is before" \
	tournament withdraw "$RR" --player 3 --from-round 4 --to-round 3
expect "withdraw: --permanent-from with --to-round" 2 "excludes" \
	tournament withdraw "$RR" --player 3 --permanent-from 4 --to-round 5
expect "withdraw: --to-round alone" 2 "--from-round K" \
	tournament withdraw "$RR" --player 3 --to-round 5
expect "withdraw: no player" 2 "--player ID" tournament withdraw "$RR" --from-round 2
expect "withdraw: an unknown option" 2 "unknown option '--soon'" \
	tournament withdraw "$RR" --player 3 --soon
same "withdraw: bad command lines leave the file" "$TMP/before" "$RR"
expect "withdraw: permanent from round 3" 0 "3 rounds made absences (Z)" \
	tournament withdraw "$RR" --player 3 --permanent-from 3
expect "withdraw: round 2 only" 0 "player 5 withdrawn from round 2" \
	tournament withdraw "$RR" --player 5 --from-round 2
has "withdraw: TRF-2026 240 Z of round 3" "$RR" "^240 Z 003    3$"
has "withdraw: the note" "$RR" "^### arbiter withdrawn.3: 3-$"
run tournament export "$RR" --trf16
has "withdraw: TRF-16 pre-fills the next round's absence" "$TMP/out" "^001    5 .*0000 - Z$"
run tournament show "$RR"
has "show: the withdrawn" "$TMP/out" "^withdrawn: *3 (from round 3), 5 (round 2)$"
run tournament result "$RR" --round 1 --game 1-6=1-0 --game 2-5=0-1 --game 3-4=1/2-1/2
run tournament pair "$RR" --boards
has "pair: the withdrawn player's board a forfeit" "$TMP/out" "^5 3 -+$"
expect "pair: round 2 applied" 0 "round 2 paired" tournament pair "$RR" --apply
run tournament show "$RR"
has "pair: forfeit cells" "$TMP/out" "^   5 .* 3w-$"
expect "check: the forfeit board is no pairing" 0 "" tournament check "$RR" --round 2
run tournament pair "$RR" --round 3 --boards
has "pair: round 3 forfeits for the permanent withdrawal" "$TMP/out" "^3 1 -+$"
expect "set: more rounds" 0 "rounds 7 (were 5)" tournament set "$RR" --rounds 7
has "set: the new rounds absences of the withdrawn" "$RR" "^240 Z 007    3$"
expect "set: fewer rounds than paired" 1 "2 rounds are paired" tournament set "$RR" --rounds 1

# ---- the stored profile and regulation --------------------------------------
TB=$TMP/tb.trf
cp "$DATA/tiebreaks/case-001.trf" "$TB"
run tournament standings "$TB" --json
cp "$TMP/out" "$TMP/std-2026"
run tournament standings "$TB" --json --regulations fide2022
cp "$TMP/out" "$TMP/std-2022"
expect "set: a regulation" 0 "regulations fide2022" tournament set "$TB" --regulations fide2022
run tournament standings "$TB" --json
same "standings: the stored regulation used" "$TMP/std-2022" "$TMP/out"
run tournament standings "$TB" --json --regulations fide2026
same "standings: --regulations overrides the stored one" "$TMP/std-2026" "$TMP/out"
run tournament crosstable "$TB"
has "crosstable: the stored regulation named" "$TMP/out" "fide2022"
run tournament compare "$TB" --regulations fide2026
has "compare: one edition against the stored one" "$TMP/out" "fide2022"
expect "set: an unknown profile refused" 2 "profile 'nosuch'" tournament set "$TB" --rules nosuch
expect "set: nothing to set" 2 "expected" tournament set "$TB"
expect "set: an unknown option" 2 "unknown option '--colour'" tournament set "$TB" --colour w

# result under the stored profile: a file whose note names a profile that
# does not exist fails by it; --rules overrides it
PGN=$TMP/r.pgn
cat >"$PGN" <<'PGNEOF'
[Event "RR"]
[White "Fedor"]
[Black "Dmitri"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
PGNEOF
expect "result: the stored profile used" 0 "" tournament result "$RR" --round 2 --pgn "$PGN"
has "result: adjudicated under it" "$TMP/out" "round 2: 6-4 1-0 (checkmate, FIDE 2018"
cp "$RR" "$TMP/rules.trf"
tr '\r' '\n' <"$RR" | sed 's/^### arbiter rules: fide2018-standard$/### arbiter rules: nosuch3/' |
	tr '\n' '\r' >"$TMP/rules.trf"
expect "result: a stored profile that does not load" 2 "profile 'nosuch3'" \
	tournament result "$TMP/rules.trf" --round 2 --pgn "$PGN"
expect "result: --rules overrides the stored profile" 0 "" \
	tournament result "$TMP/rules.trf" --round 2 --pgn "$PGN" --rules fide2023-standard
has "result: adjudicated under --rules" "$TMP/out" "round 2: 6-4 1-0 (checkmate, FIDE 2023"

# ---- a Swiss case: the engine path, prohibited pairs ------------------------
case_trf=$DATA/cases/case-004-round-4.trf
SW=$TMP/sw.trf
cp "$case_trf" "$SW"
first=$(head -1 "${case_trf%.trf}.pairs")
w=${first% *}
b=${first#* }
expect "prohibit: the first board's players" 0 "record 260 added" \
	tournament prohibit "$SW" "$w" "$b" --rounds 4-4
has "prohibit: the record" "$SW" "^260   4   4 *$w *$b$"
run tournament export "$SW" --keep-eol
same "prohibit: read and written back byte-identical" "$SW" "$TMP/out"
run tournament show "$SW"
has "show: the prohibited pairing" "$TMP/out" "^prohibited: *$w $b (rounds 4-4)$"
run tournament check "$SW" --pairs "${case_trf%.trf}.pairs"
has "check: the prohibited pair named" "$TMP/out" "board 1: $w and $b must not meet in round 4 (TRF-2026 260"
cp "$case_trf" "$SW"
expect "withdraw: a Swiss player" 0 "withdrawn" tournament withdraw "$SW" --player "$w" --from-round 4
run tournament check "$SW" --pairs "${case_trf%.trf}.pairs"
has "check: the withdrawn player paired named" "$TMP/out" "player $w is withdrawn from round 4"
expect "prohibit: one player" 2 "two player ids" tournament prohibit "$SW" 1
expect "prohibit: an unknown player" 1 "no player 9999" tournament prohibit "$SW" 1 9999
expect "prohibit: a player twice" 2 "named twice" tournament prohibit "$SW" 1 1
expect "prohibit: a bad range" 2 "is not A-B" tournament prohibit "$SW" 1 2 --rounds 5-3
expect "prohibit: past the last round" 1 "past the last round" tournament prohibit "$SW" 1 2 --rounds 1-99
expect "prohibit: not a number" 2 "is not a number" tournament prohibit "$SW" 1 x

echo "tournament entries: $checks checks, $failures failed"
[ "$failures" = 0 ]
