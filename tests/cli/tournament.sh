#!/bin/sh
# tournament.sh -- `arbiter tournament show|export` end to end: the event
# and players of real TRF files, export in the file's own dialect with its
# line ends (the same bytes), with CR (read again: the same bytes), TRF-16
# <-> TRF-2026 and back (the same players table), -o written atomically
# (also over the input itself), and bad input: broken lines (exit 1, the
# line and column on stderr, no output file), missing or unreadable files,
# bad options (exit 2).
#
# usage: sh tournament.sh PATH/TO/arbiter DATA_DIR
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: tournament.sh PATH/TO/arbiter DATA_DIR}
DATA=${2:?usage: tournament.sh PATH/TO/arbiter DATA_DIR}/tournaments
TMP=${TMPDIR:-/tmp}/arbiter-tournament-test.$$
mkdir -p "$TMP" || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

failures=0
checks=0

pass() { checks=$((checks + 1)); echo "ok   $1"; }
fail() {
	checks=$((checks + 1)); failures=$((failures + 1))
	echo "FAIL $1"
	shift
	for line in "$@"; do echo "     $line"; done
	if [ -s "$TMP/err" ]; then echo "     stderr:"; sed 's/^/       /' "$TMP/err" | head -20; fi
}

# run ARGS...: stdout in $TMP/out, stderr in $TMP/err, status in $rc
run() {
	"$ARB" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}

# lines FILE: its lines, whatever their ends (TRF: CR)
lines() { tr '\r' '\n' <"$1"; }

# expect NAME STATUS ARGS...: the exit status
expect() {
	name=$1 want=$2
	shift 2
	run "$@"
	if [ "$rc" -eq "$want" ]; then pass "$name"; else fail "$name" "arbiter $*: exit $rc, expected $want"; fi
}

HELD=$DATA/real/held-c07-2023-swiss-5.trf
TEAM=$DATA/real/tec-trf26-team-example.trf

# ---- show ---------------------------------------------------------------------
expect "show a TRF-16 file" 0 tournament show "$HELD"
if grep -q '^event: *FIDE C.07 2023 Tie-Break Exercises$' "$TMP/out" &&
	grep -q '^rounds: *5 played of 5$' "$TMP/out" &&
	grep -q '^file: *TRF-16, 16 players$' "$TMP/out" &&
	grep -Eq '^ +4 +David +2050 NOR +3\.5 +4 +12b1 +H +13w1 +3w= +1b=$' "$TMP/out"; then
	pass "show: event and players table"
else
	fail "show: event and players table" "$(head -12 "$TMP/out")"
fi
expect "show the TRF-2026 team example" 0 tournament show "$TEAM"
grep -q '^file: *TRF-2026 (team event), 249 players$' "$TMP/out" && grep -q '^system: *FIDE_TEAM_BAKU$' "$TMP/out" &&
	pass "show: team example" || fail "show: team example" "$(head -14 "$TMP/out")"
run tournament show - <"$HELD"
[ "$rc" -eq 0 ] && grep -q 'Alyx' "$TMP/out" && pass "show from standard input" || fail "show from standard input"

# ---- export -------------------------------------------------------------------
for f in "$DATA"/real/*.trf "$DATA"/cases/*.trf; do
	b=$(basename "$f")
	run tournament export "$f" --keep-eol
	if [ "$rc" -eq 0 ] && cmp -s "$f" "$TMP/out"; then pass "export --keep-eol $b: the same bytes"; else fail "export --keep-eol $b"; fi
	run tournament export "$f" -o "$TMP/cr.trf"
	"$ARB" tournament export "$TMP/cr.trf" >"$TMP/cr2.trf" 2>"$TMP/err"
	if [ "$rc" -eq 0 ] && cmp -s "$TMP/cr.trf" "$TMP/cr2.trf" &&
		[ "$(tr -cd '\n' <"$TMP/cr.trf" | wc -c)" -eq 0 ]; then
		pass "export $b: CR lines, exported again the same"
	else
		fail "export $b: CR lines, exported again the same"
	fi
done
# TRF-16 <-> TRF-2026 and back: the same table
for f in "$HELD" "$DATA"/cases/case-004-round-10.trf "$DATA"/cases/case-343-round-5.trf "$DATA"/tiebreaks/case-003.trf; do
	b=$(basename "$f")
	"$ARB" tournament show "$f" | grep -v '^file:' >"$TMP/a" 2>/dev/null
	"$ARB" tournament export "$f" --trf16 -o "$TMP/16.trf" && "$ARB" tournament export "$TMP/16.trf" --trf26 -o "$TMP/26.trf" &&
		"$ARB" tournament show "$TMP/26.trf" 2>/dev/null | grep -v '^file:' >"$TMP/b" &&
		"$ARB" tournament show "$TMP/16.trf" 2>/dev/null | grep -v '^file:' >"$TMP/c"
	if cmp -s "$TMP/a" "$TMP/b" && cmp -s "$TMP/a" "$TMP/c" && lines "$TMP/16.trf" | grep -q '^XXR ' &&
		! lines "$TMP/26.trf" | grep -q '^XXR '; then
		pass "export $b --trf16, then --trf26: the same event and players"
	else
		fail "export $b --trf16, then --trf26" "$(diff "$TMP/a" "$TMP/b" | head -5)"
	fi
done
# -o over the input itself, atomically (no temporary file left)
cp "$HELD" "$TMP/self.trf"
expect "export -o over the input" 0 tournament export "$TMP/self.trf" --trf26 -o "$TMP/self.trf"
lines "$TMP/self.trf" | grep -q '^142 5' && [ "$(ls "$TMP" | grep -c 'self.trf.tmp')" -eq 0 ] &&
	pass "export -o: the file replaced, no temporary left" || fail "export -o: the file replaced"

# ---- bad input ----------------------------------------------------------------
expect "show a broken file: exit 1" 1 tournament show "$DATA/bad/two.trf"
grep -q "two.trf:7:51: bad rating: 'z' is not a digit" "$TMP/err" &&
	grep -q "two.trf:9:95: round 1: the player's own pairing number as opponent" "$TMP/err" &&
	grep -q 'Zeta, Zoe' "$TMP/out" && pass "show: every broken line located, the rest shown" ||
	fail "show: every broken line located, the rest shown"
rm -f "$TMP/none.trf"
expect "export a broken file: exit 1" 1 tournament export "$DATA/bad/rating.trf" -o "$TMP/none.trf"
[ ! -e "$TMP/none.trf" ] && [ ! -s "$TMP/out" ] && grep -q 'rating.trf:7:51:' "$TMP/err" &&
	pass "export a broken file: nothing written" || fail "export a broken file: nothing written"
expect "export a broken file to stdout: exit 1" 1 tournament export "$DATA/bad/nul.trf"
[ ! -s "$TMP/out" ] && pass "export to stdout: nothing written" || fail "export to stdout: nothing written"
expect "a missing file: exit 2" 2 tournament show "$TMP/no-such.trf"
grep -q 'cannot open' "$TMP/err" && pass "a missing file: said" || fail "a missing file: said"
expect "a directory: exit 2" 2 tournament show "$TMP"
printf '' >"$TMP/empty.trf"
expect "an empty file: exit 0" 0 tournament show "$TMP/empty.trf"
grep -q '0 players' "$TMP/out" && pass "an empty file: 0 players" || fail "an empty file: 0 players"
head -c 3000 /dev/urandom >"$TMP/binary.trf" 2>/dev/null
run tournament show "$TMP/binary.trf"
[ "$rc" -le 1 ] && pass "a binary file: no crash (exit $rc)" || fail "a binary file: exit $rc"
expect "no action: exit 2" 2 tournament
expect "an unknown action: exit 2" 2 tournament frobnicate "$HELD"
expect "no file: exit 2" 2 tournament show
expect "two files: exit 2" 2 tournament show "$HELD" "$HELD"
expect "an unknown option: exit 2" 2 tournament export "$HELD" --trf17
expect "--trf16 and --trf26: exit 2" 2 tournament export "$HELD" --trf16 --trf26
expect "-o without a value: exit 2" 2 tournament export "$HELD" -o
expect "export option to show: exit 2" 2 tournament show "$HELD" --trf16
expect "-o to a directory: exit 1" 1 tournament export "$HELD" -o "$TMP"

echo "$((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
