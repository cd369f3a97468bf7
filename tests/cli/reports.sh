#!/bin/sh
# reports.sh -- `arbiter tournament standings|crosstable|compare` end to end
# beside tournament.sh: compare's count of players whose place changed
# against the reference data's rank columns, the crosstable's cells, and bad
# input for all three: a broken TRF (exit 1, its line and column on stderr,
# no page written), a missing file, bad options, an unknown regulation, a bad
# tie-break list (its column), compare without two editions, --html into a
# directory (exit 2 or 1, a message naming the option).
#
# usage: sh reports.sh PATH/TO/arbiter DATA_DIR
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: reports.sh PATH/TO/arbiter DATA_DIR}
DATA=${2:?usage: reports.sh PATH/TO/arbiter DATA_DIR}/tournaments
TMP=${TMPDIR:-/tmp}/arbiter-reports-test.$$
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
	if [ -s "$TMP/err" ]; then echo "     stderr:"; sed 's/^/       /' "$TMP/err" | head -10; fi
}

run() {
	"$ARB" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}

# refuse NAME STATUS MESSAGE ARGS...: exit STATUS, nothing on stdout, MESSAGE
# (a fixed string) on stderr
refuse() {
	name=$1 want=$2 msg=$3
	shift 3
	run "$@"
	if [ "$rc" -eq "$want" ] && [ ! -s "$TMP/out" ] && grep -qF -- "$msg" "$TMP/err"; then
		pass "$name"
	else
		fail "$name" "arbiter $*: exit $rc (want $want), stdout $(wc -c <"$TMP/out") bytes, want '$msg'"
	fi
}

TB=$DATA/tiebreaks
CASE=$TB/case-002.trf

# ---- compare: the count against the reference data's ranks ---------------------
# changed EDITION1 EDITION2 CASE: rows of CASE.tsv whose rank columns differ
changed() {
	awk -F '\t' -v a="rank@$1" -v b="rank@$2" 'NR == 1 { for (i = 1; i <= NF; i++) {
		if ($i == a) x = i; if ($i == b) y = i } next } $x != $y { n++ } END { print n + 0 }' "$3"
}
total_want=0 total_got=0 files=0
for trf in "$TB"/case-*.trf; do
	tsv=${trf%.trf}.tsv
	want=$(changed 2024 2026 "$tsv")
	run tournament compare "$trf" --regulations fide2024,fide2026
	got=$(sed -n 's/^\([0-9]*\) players\{0,1\} changed place between fide2024 and fide2026$/\1/p' "$TMP/out")
	marked=$(grep -c '  \* \(up\|down\) [0-9]*$' "$TMP/out")
	if [ "$rc" -ne 0 ] || [ "$got" != "$want" ] || [ "$marked" != "$want" ]; then
		fail "compare $(basename "$trf")" "exit $rc, counted '$got', marked $marked, want $want"
	fi
	total_want=$((total_want + want)) total_got=$((total_got + ${got:-0})) files=$((files + 1))
done
if [ "$total_got" -eq "$total_want" ] && [ "$total_want" -gt 0 ]; then
	pass "compare fide2024,fide2026: $total_got changed places in $files files, as the reference ranks"
else
	fail "compare fide2024,fide2026" "counted $total_got, reference $total_want"
fi
run tournament compare "$CASE" --regulations fide2024,fide2026 --json
if [ "$rc" -eq 0 ] && grep -q '^{"regulations": \["fide2024", "fide2026"\], "changed": 24, "players": \[{"id": ' "$TMP/out" &&
	[ "$(grep -o '"changed": true' "$TMP/out" | wc -l)" -eq 24 ]; then
	pass "compare --json: the editions, the count and 24 players marked"
else
	fail "compare --json" "$(head -c 300 "$TMP/out")"
fi
run tournament compare "$CASE" --regulations fide2026,fide2026
if [ "$rc" -eq 0 ] && grep -q '^0 players changed place between fide2026 and fide2026$' "$TMP/out"; then
	pass "compare: an edition with itself changes nothing"
else
	fail "compare: an edition with itself" "$(tail -1 "$TMP/out")"
fi

SRC=$(cd "$(dirname "$0")/../.." && pwd)
run tournament compare "$CASE" --regulations "fide2026,$SRC/examples/regulations/club.lua"
if [ "$rc" -eq 0 ] && grep -Eq "^[1-9][0-9]* players changed place between fide2026 and /.*club.*\$" "$TMP/out"; then
	pass "compare: a regulation script's path as the second edition"
else
	fail "compare: a regulation script" "exit $rc: $(tail -1 "$TMP/out")"
fi

# ---- crosstable ------------------------------------------------------------------
run tournament crosstable "$CASE"
if [ "$rc" -eq 0 ] && head -1 "$TMP/out" | grep -Eq '^ +No +Rank +Id +Tit +Name +Rtg +1 +2 .* 9 +Pts +DE +BH/C1 +BH +PS +WIN +\(fide2026\)$' &&
	grep -Eq '^ +1 +1 +7 GM +Petrov, Julia +2583 +56b1 +38w1 +10b½ ' "$TMP/out" &&
	[ "$(wc -l <"$TMP/out")" -eq 96 ]; then
	pass "crosstable: header, the leader's row (opponents by No), 95 players"
else
	fail "crosstable: text" "$(head -2 "$TMP/out")"
fi
run tournament crosstable "$CASE" --tiebreaks BH,SB --regulations fide2022 --json
if [ "$rc" -eq 0 ] && grep -q '^{"regulation": "fide2022", "rounds": 9, "tiebreaks": \["BH", "SB"\], "players": \[{"no": 1, ' "$TMP/out"; then
	pass "crosstable --json: regulation, rounds, the list given"
else
	fail "crosstable --json" "$(head -c 200 "$TMP/out")"
fi

# ---- bad input -------------------------------------------------------------------
BAD=$DATA/bad/rating.trf
for action in standings crosstable; do
	refuse "$action: a broken line" 1 "rating.trf:7:51: bad rating: 'x' is not a digit" \
		tournament "$action" "$BAD" --html "$TMP/page.html"
	if [ -e "$TMP/page.html" ]; then fail "$action: a broken file writes no page"; else pass "$action: a broken file writes no page"; fi
	refuse "$action: a missing file" 1 "cannot open $TMP/none.trf" tournament "$action" "$TMP/none.trf"
	refuse "$action: an unknown option" 2 "unknown option '--xml'" tournament "$action" "$CASE" --xml
	refuse "$action: --html without a value" 2 "--html needs a value" tournament "$action" "$CASE" --html
	refuse "$action: an unknown regulation" 2 "--regulations: no regulation 'fide2025'" \
		tournament "$action" "$CASE" --regulations fide2025
	refuse "$action: a bad tie-break, its column" 2 "--tiebreaks, column 4: unknown tie-break 'QQ'" \
		tournament "$action" "$CASE" --tiebreaks BH,QQ
	refuse "$action: two files" 2 "one file only" tournament "$action" "$CASE" "$CASE"
	mkdir -p "$TMP/dir.html"
	run tournament "$action" "$CASE" --html "$TMP/dir.html"
	if [ "$rc" -eq 1 ] && grep -qF -- "--html: $TMP/dir.html is not a regular file" "$TMP/err"; then
		pass "$action: --html into a directory"
	else
		fail "$action: --html into a directory" "exit $rc"
	fi
	run tournament "$action" "$CASE" --html "$TMP/no/such/dir/page.html"
	if [ "$rc" -eq 1 ] && grep -qF -- "--html: cannot create $TMP/no/such/dir/page.html.tmp." "$TMP/err"; then
		pass "$action: --html into a missing folder"
	else
		fail "$action: --html into a missing folder" "exit $rc"
	fi
done
refuse "compare: a broken line" 1 "rating.trf:7:51: bad rating" \
	tournament compare "$BAD" --regulations fide2024,fide2026
refuse "compare: no --regulations" 2 "--regulations ED1,ED2 is required" tournament compare "$CASE"
refuse "compare: one edition" 2 "expected two editions ED1,ED2, got 'fide2024'" \
	tournament compare "$CASE" --regulations fide2024
refuse "compare: three editions" 2 "expected two editions ED1,ED2, got 'fide2022,fide2024,fide2026'" \
	tournament compare "$CASE" --regulations fide2022,fide2024,fide2026
refuse "compare: an empty edition" 2 "expected two editions" tournament compare "$CASE" --regulations fide2024,
refuse "compare: an unknown edition" 2 "--regulations: no regulation 'fide1999'" \
	tournament compare "$CASE" --regulations fide2024,fide1999
refuse "compare: a bad tie-break" 2 "--tiebreaks, column 1: unknown tie-break 'XX'" \
	tournament compare "$CASE" --regulations fide2024,fide2026 --tiebreaks XX
refuse "compare: an unknown option" 2 "unknown option '--html'" \
	tournament compare "$CASE" --regulations fide2024,fide2026 --html x.html
refuse "compare: a missing file" 1 "cannot open $TMP/none.trf" \
	tournament compare "$TMP/none.trf" --regulations fide2024,fide2026
run tournament compare --help
if [ "$rc" -eq 0 ] && grep -q '^       arbiter tournament compare FILE.trf --regulations ED1,ED2' "$TMP/out"; then
	pass "compare --help"
else
	fail "compare --help" "exit $rc"
fi

echo "reports: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
