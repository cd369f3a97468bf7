#!/bin/sh
# cli.sh -- exercises the `arbiter` command line: perft (plain and --divide),
# moves and fen, with their exit statuses and error messages.
#
# usage: sh cli.sh PATH/TO/arbiter
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: cli.sh PATH/TO/arbiter}
TMP=${TMPDIR:-/tmp}/arbiter-cli-test.$$
mkdir -p "$TMP" || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
START_SHREDDER='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'
C960_0='bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1'
KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

failures=0
checks=0

pass() { checks=$((checks + 1)); echo "ok   $1"; }
fail() {
	checks=$((checks + 1)); failures=$((failures + 1))
	echo "FAIL $1"
	shift
	for line in "$@"; do echo "     $line"; done
	if [ -s "$TMP/out" ]; then echo "     stdout:"; sed 's/^/       /' "$TMP/out" | head -40; fi
	if [ -s "$TMP/err" ]; then echo "     stderr:"; sed 's/^/       /' "$TMP/err" | head -20; fi
}

# run ARGS...: runs the binary, leaves stdout/stderr in $TMP and the status in $rc
run() {
	"$ARB" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}

last_line() { tail -n 1 "$TMP/out"; }

# expect_last NAME EXPECTED ARGS...: exit 0 and the last line of stdout
expect_last() {
	name=$1 want=$2
	shift 2
	run "$@"
	got=$(last_line)
	if [ "$rc" -eq 0 ] && [ "$got" = "$want" ]; then
		pass "$name"
	else
		fail "$name" "command: arbiter $*" "exit $rc, last line '$got', expected exit 0 and '$want'"
	fi
}

# ---- perft ------------------------------------------------------------------
expect_last "perft 3 (start position)" 8902 perft 3
expect_last "perft 1" 20 perft 1
expect_last "perft 3 with the start FEN" 8902 perft 3 "$START"
expect_last "perft 4 of Chess960 #0 (X-FEN)" 201143 perft 4 "$C960_0"
expect_last "perft 4 of Chess960 #0 (Shredder-FEN)" 201143 perft 4 \
	'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1'
expect_last "perft 3 of Kiwipete" 97862 perft 3 "$KIWIPETE"
expect_last "perft 3 of c960-castling-rook-shields-king-dest" 14350 perft 3 \
	'1r1k2r1/1ppppppp/8/8/8/8/1PPPPPPP/rR1K2R1 w KQkq - 0 1'
expect_last "perft 4 of 2r5/8/8/8/8/8/6PP/k2KR3 w K" 57700 perft 4 \
	'2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1'

# --divide: "move: count" lines, a blank line, the total last
check_divide() {
	name=$1
	shift
	run "$@"
	got=$(last_line)
	moves=$(grep -c '^[a-h][1-8][a-h][1-8][qrbn]*: [0-9][0-9]*$' "$TMP/out")
	if [ "$rc" -eq 0 ] && [ "$got" = 400 ] && [ "$moves" -eq 20 ] &&
		grep -q '^e2e4: 20$' "$TMP/out" && grep -q '^$' "$TMP/out"; then
		pass "$name"
	else
		fail "$name" "command: arbiter $*" \
			"exit $rc, last line '$got', $moves move lines; expected 0, 400, 20 with 'e2e4: 20' and a blank line"
	fi
}
check_divide "perft 2 --divide" perft 2 --divide
check_divide "perft --divide 2 (option first)" perft --divide 2
check_divide "perft 2 FEN --divide" perft 2 "$START" --divide

# the sum of a divide is the total
run perft 3 "$KIWIPETE" --divide
sum=$(grep '^[a-h][1-8][a-h][1-8][qrbn]*: ' "$TMP/out" | awk -F': ' '{s += $2} END {print s}')
if [ "$rc" -eq 0 ] && [ "$(last_line)" = 97862 ] && [ "$sum" = 97862 ] &&
	[ "$(grep -c '^[a-h][1-8][a-h][1-8][qrbn]*: ' "$TMP/out")" -eq 48 ]; then
	pass "perft 3 Kiwipete --divide adds up"
else
	fail "perft 3 Kiwipete --divide adds up" "exit $rc, sum $sum, last line '$(last_line)'"
fi

run perft 2 'not a fen'
if [ "$rc" -ne 0 ] && [ -s "$TMP/err" ]; then pass "perft with a bad FEN fails"; else
	fail "perft with a bad FEN fails" "exit $rc"; fi
run perft x
if [ "$rc" -ne 0 ]; then pass "perft with a bad depth fails"; else
	fail "perft with a bad depth fails" "exit $rc"; fi

# ---- moves ------------------------------------------------------------------
run moves "$START"
lines=$(wc -l <"$TMP/out" | tr -d ' ')
bad=$(grep -vc '^[a-h][1-8][a-h][1-8][qrbn]\{0,1\}$' "$TMP/out")
if [ "$rc" -eq 0 ] && [ "$lines" -eq 20 ] && [ "$bad" -eq 0 ] && grep -q '^g1f3$' "$TMP/out"; then
	pass "moves of the start position: 20 UCI lines"
else
	fail "moves of the start position: 20 UCI lines" "exit $rc, $lines lines, $bad not UCI"
fi

run moves "$KIWIPETE"
lines=$(wc -l <"$TMP/out" | tr -d ' ')
if [ "$rc" -eq 0 ] && [ "$lines" -eq 48 ] && grep -q '^e1g1$' "$TMP/out" &&
	grep -q '^e1c1$' "$TMP/out"; then
	pass "moves of Kiwipete: 48, castling as e1g1/e1c1"
else
	fail "moves of Kiwipete: 48, castling as e1g1/e1c1" "exit $rc, $lines lines"
fi

run moves 'R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1'
lines=$(wc -l <"$TMP/out" | tr -d ' ')
uniq=$(sort -u "$TMP/out" | wc -l | tr -d ' ')
if [ "$rc" -eq 0 ] && [ "$lines" -eq 218 ] && [ "$uniq" -eq 218 ]; then
	pass "moves of the 218-move position"
else
	fail "moves of the 218-move position" "exit $rc, $lines lines, $uniq distinct"
fi

run moves '4k3/8/8/8/8/8/8/4K3 w - - 0 1 junk'
if [ "$rc" -eq 1 ] && [ -s "$TMP/err" ]; then pass "moves with a bad FEN exits 1"; else
	fail "moves with a bad FEN exits 1" "exit $rc"; fi

# ---- fen --------------------------------------------------------------------
expect_fen() {
	name=$1 want=$2
	shift 2
	run "$@"
	got=$(cat "$TMP/out")
	if [ "$rc" -eq 0 ] && [ "$got" = "$want" ]; then
		pass "$name"
	else
		fail "$name" "command: arbiter $*" "exit $rc, output '$got', expected '$want'"
	fi
}
expect_fen "fen: start position unchanged" "$START" fen "$START"
expect_fen "fen: Shredder-FEN in, X-FEN out" "$START" fen "$START_SHREDDER"
expect_fen "fen --shredder" "$START_SHREDDER" fen --shredder "$START"
expect_fen "fen FEN --shredder" "$START_SHREDDER" fen "$START" --shredder
expect_fen "fen: missing clocks added" '4k3/8/8/8/8/8/8/4K3 w - - 0 1' fen '4k3/8/8/8/8/8/8/4K3 w - -'
expect_fen "fen: illegal e.p. square dropped" \
	'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' \
	fen 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
expect_fen "fen: Chess960 X-FEN" "$C960_0" fen "$C960_0"
expect_fen "fen --shredder: Chess960" 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1' \
	fen --shredder "$C960_0"
expect_fen "fen: inner rook keeps its letter" '4k3/8/8/8/8/8/8/4K1RR w G - 0 1' \
	fen '4k3/8/8/8/8/8/8/4K1RR w G - 0 1'
expect_fen "fen --shredder: K names the h1 rook" '4k3/8/8/8/8/8/8/4K1RR w H - 0 1' \
	fen --shredder '4k3/8/8/8/8/8/8/4K1RR w K - 0 1'

# A bad FEN: exit 1, nothing on stdout, the column of the fault on stderr.
# 'X' is at column 12 of this FEN.
run fen '4k3/8/8/8/3X4/8/8/4K3 w - - 0 1'
if [ "$rc" -eq 1 ] && ! [ -s "$TMP/out" ] && grep -qi 'column' "$TMP/err" &&
	grep -q "12" "$TMP/err"; then
	pass "fen: bad piece exits 1 naming column 12"
else
	fail "fen: bad piece exits 1 naming column 12" "exit $rc"
fi
run fen '4k3/8/8/8/8/8/8/4K3 w K - 0 1'
if [ "$rc" -eq 1 ] && grep -qi 'column' "$TMP/err"; then
	pass "fen: castling right without a rook exits 1"
else
	fail "fen: castling right without a rook exits 1" "exit $rc"
fi
run fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'
if [ "$rc" -eq 1 ] && grep -qi 'column' "$TMP/err"; then
	pass "fen: bad side to move exits 1"
else
	fail "fen: bad side to move exits 1" "exit $rc"
fi

# ---- the command line itself ---------------------------------------------------
run frobnicate
if [ "$rc" -ne 0 ] && [ -s "$TMP/err" ]; then pass "unknown subcommand fails"; else
	fail "unknown subcommand fails" "exit $rc"; fi
run
if [ "$rc" -ne 0 ]; then pass "no subcommand fails"; else fail "no subcommand fails" "exit $rc"; fi
run perft 2 --no-such-option
if [ "$rc" -ne 0 ]; then pass "unknown option fails"; else fail "unknown option fails" "exit $rc"; fi

echo "cli: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
