#!/bin/sh
# swiss_reference_selftest.sh -- the Swiss pairing harness (swiss_reference.py)
# and its data tested with an independent engine in arbiter's place: the
# bbpPairings stand-in (tests/tools/oracle_pair.py, engine path in
# ARBITER_ORACLE_BBP; exit 77, skipped, without it). The checker must pass a
# right answer and fail a wrong one:
# - the 15 cases of data/tournaments/cases and a sample of 40 rounds (plus
#   disagreements and nopairing) of data/tournaments/swiss: all pass;
# - copies with planted faults: colours swapped on one board, a board
#   dropped, two boards in another order, a disagreement's boards shuffled
#   (must still pass: order free there) or with colours swapped; each fails
#   with its round named, and only those;
# - stand-ins that answer a round with no legal pairing wrongly: exit 0,
#   a signal, an error without a message; one that hangs (--timeout).
#
# usage: sh swiss_reference_selftest.sh PYTHON3 DATA_DIR
PY=${1:?usage: swiss_reference_selftest.sh PYTHON3 DATA_DIR}
DATA=${2:?usage: swiss_reference_selftest.sh PYTHON3 DATA_DIR}/tournaments
HERE=$(cd "$(dirname "$0")" && pwd)
CHECK="$HERE/swiss_reference.py"
ORACLE="$PY $HERE/../tools/oracle_pair.py"
if [ ! -x "${ARBITER_ORACLE_BBP:-}" ]; then
	echo "skipped: ARBITER_ORACLE_BBP is not set to bbpPairings"
	exit 77
fi
TMP=${TMPDIR:-/tmp}/arbiter-swiss-selftest.$$
mkdir -p "$TMP" || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

failures=0
pass() { echo "ok   $1"; }
fail() {
	failures=$((failures + 1))
	echo "FAIL $1"
	sed 's/^/       /' "$TMP/out" | tail -n 12
}
# expect NAME STATUS PATTERN ARGS...: the checker's exit status, and every
# line of PATTERN (a grep -E expression a line) in its output
expect() {
	name=$1 want=$2 pats=$3
	shift 3
	"$PY" "$CHECK" "$@" >"$TMP/out" 2>&1
	rc=$?
	ok=1
	[ "$rc" = "$want" ] || ok=0
	printf '%s\n' "$pats" | while IFS= read -r p; do
		[ -z "$p" ] || grep -Eq -- "$p" "$TMP/out" || exit 1
	done || ok=0
	if [ $ok = 1 ]; then pass "$name"; else fail "$name (exit $rc, expected $want)"; fi
}

expect "the oracle on the 15 cases" 0 "reference rounds exact: 15 / 15" \
	"$ORACLE" "$DATA/cases"
expect "the oracle on a sample of 40" 0 "reference rounds exact: 40 / 40
disagreements, same boards \(order free\): 2 / 2
no legal pairing, refused with a message: 1 / 1" \
	"$ORACLE" "$DATA/swiss" --sample 40 -j 2

# planted faults in a copy
M=$TMP/mutated
mkdir -p "$M/disagreements" "$M/nopairing"
cp -r "$DATA/swiss/case-004" "$DATA/swiss/case-007" "$DATA/swiss/case-010" "$M/"
cp -r "$DATA/swiss/disagreements/case-031" "$DATA/swiss/disagreements/case-043" \
	"$M/disagreements/"
cp -r "$DATA/swiss/nopairing/case-091" "$M/nopairing/"
# colours swapped on board 2 of case-004 round 3
sed -i '2s/^\([0-9]*\) \([0-9]*\)$/\2 \1/' "$M/case-004/round-3.pairs"
# board 1 dropped from case-007 round 2
sed -i '1d' "$M/case-007/round-2.pairs"
# boards 1 and 2 of case-010 round 5 in the other order
sed -i -e '1{h;d}' -e '2G' "$M/case-010/round-5.pairs"
# disagreements: case-031's boards reversed in both answers (order free: passes);
# case-043 (rounds 2 and 3): the first board with colours swapped in both (fail)
for f in "$M"/disagreements/case-031/*.pairs; do
	sed -n '1!G;h;$p' "$f" >"$f.new" && mv "$f.new" "$f"
done
for f in "$M"/disagreements/case-043/*.pairs; do
	sed -i '1s/^\([0-9]*\) \([0-9]*\)$/\2 \1/' "$f"
done
expect "planted faults found, and only them" 1 "^case-004:
^  round 3: line 2: expected
^case-007:
^  round 2: line 1: expected
^case-010:
^  round 5: line 1: expected
^disagreements/case-043:
^  round [0-9]+: boards differ as a set
reference rounds exact: 24 / 27
disagreements, same boards \(order free\): 1 / 3
swiss_reference: FAIL \(5 of 31 rounds failed\)" \
	"$ORACLE" "$M"
if grep -q "^disagreements/case-031" "$TMP/out"; then
	failures=$((failures + 1))
	echo "FAIL disagreements in another order must pass"
else
	pass "disagreements in another order pass"
fi
# the two engines' sets differ: a data error (exit 2)
sed -i '1d' "$M"/disagreements/case-043/*.gacrux.pairs
expect "disagreements whose engines differ: refused" 2 "the engines' boards differ" "$ORACLE" "$M"
rm -rf "$M/disagreements"

# a round with no legal pairing, answered wrongly
N=$TMP/nopair
mkdir -p "$N/nopairing" && cp -r "$DATA/swiss/nopairing/case-091" "$N/nopairing/"
expect "no pairing: exit 0" 1 "paired a round that has no legal pairing" \
	"sh -c 'echo 1 2' fake" "$N"
expect "no pairing: a signal" 1 "died \(exit -?[0-9]+\)" "sh -c 'kill -SEGV \$\$' fake" "$N"
expect "no pairing: no message" 1 "failed \(exit 1\) without a message" "sh -c 'exit 1' fake" "$N"
expect "no pairing: the oracle's error" 0 "refused with a message: 1 / 1" "$ORACLE" "$N"
expect "a program that hangs" 1 "timeout after 1 s" "sh -c 'sleep 30' fake" \
	"$DATA/cases" --cases case-190 --timeout 1
expect "a program that fails" 1 "exit 3: nope" "sh -c 'echo nope >&2; exit 3' fake" \
	"$DATA/cases" --cases case-190
expect "unknown case: bad command line" 2 "no rounds of case-999" "$ORACLE" "$DATA/cases" \
	--cases case-999

if [ $failures -ne 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all checks passed"
