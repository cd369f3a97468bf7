#!/bin/sh
# cli.sh -- exercises the `arbiter` command line: perft (plain and --divide),
# moves, fen, 960, analyse and clock, with their exit statuses and error
# messages.
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

# ---- 960 ------------------------------------------------------------------------
# The seeded vectors are those of tests/unit/test_chess960.c (see chess960_vectors.py).
C960_959='rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1'
C960_518_0='bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

# expect_out NAME EXPECTED ARGS...: exit 0, stdout exactly EXPECTED, stderr empty
expect_out() {
	name=$1 want=$2
	shift 2
	run "$@"
	got=$(cat "$TMP/out")
	if [ "$rc" -eq 0 ] && [ "$got" = "$want" ] && ! [ -s "$TMP/err" ]; then
		pass "$name"
	else
		fail "$name" "command: arbiter $*" "exit $rc, expected exit 0 and:" "$want"
	fi
}

# expect_exit NAME STATUS ARGS...: that exit status, nothing on stdout, a message
# "arbiter: 960: ..." on stderr
expect_exit() {
	name=$1 want=$2
	shift 2
	run "$@"
	if [ "$rc" -eq "$want" ] && ! [ -s "$TMP/out" ] && grep -q '^arbiter: 960: ' "$TMP/err"; then
		pass "$name"
	else
		fail "$name" "command: arbiter $*" "exit $rc, expected $want with a message on stderr"
	fi
}

expect_out "960 518" "$START" 960 518
expect_out "960 0" "$C960_0" 960 0
expect_out "960 959" "$C960_959" 960 959
expect_out "960 0 --shredder" 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1' 960 0 --shredder
expect_out "960 --shredder 518" "$START_SHREDDER" 960 --shredder 518
expect_out "960 518 --ascii" 'Chess960 518: RNBQKBNR
  +-----------------+
8 | r n b q k b n r |
7 | p p p p p p p p |
6 | . . . . . . . . |
5 | . . . . . . . . |
4 | . . . . . . . . |
3 | . . . . . . . . |
2 | P P P P P P P P |
1 | R N B Q K B N R |
  +-----------------+
    a b c d e f g h
FEN rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 960 518 --ascii

expect_out "960 --random --seed 1" \
	'1 65 BNNBRKQR bnnbrkqr/pppppppp/8/8/8/8/PPPPPPPP/BNNBRKQR w KQkq - 0 1' \
	960 --random --seed 1
expect_out "960 --random --seed=1 --rounds 1 (same draw)" \
	'1 65 BNNBRKQR bnnbrkqr/pppppppp/8/8/8/8/PPPPPPPP/BNNBRKQR w KQkq - 0 1' \
	960 --random --seed=1 --rounds 1
expect_out "960 --random --seed 18446744073709551615 (largest seed)" \
	'1 416 BBRNQNKR bbrnqnkr/pppppppp/8/8/8/8/PPPPPPPP/BBRNQNKR w KQkq - 0 1' \
	960 --random --seed 18446744073709551615
run 960 --random
if [ "$rc" -eq 0 ] && ! [ -s "$TMP/err" ] && [ "$(wc -l <"$TMP/out" | tr -d ' ')" = 1 ] &&
	grep -q '^1 [0-9]\{1,3\} [KQRBN]\{8\} [kqrbn]\{8\}/pppppppp/8/8/8/8/PPPPPPPP/[KQRBN]\{8\} w KQkq - 0 1$' "$TMP/out"; then
	pass "960 --random (system entropy): one line, no seed printed"
else
	fail "960 --random (system entropy): one line, no seed printed" "exit $rc"
fi

expect_out "960 --rounds 8 --seed 2024 --exclude 518" \
	'1 360 NBRKBRQN nbrkbrqn/pppppppp/8/8/8/8/PPPPPPPP/NBRKBRQN w KQkq - 0 1
2 489 QRNBBKNR qrnbbknr/pppppppp/8/8/8/8/PPPPPPPP/QRNBBKNR w KQkq - 0 1
3 419 BRNQNKRB brnqnkrb/pppppppp/8/8/8/8/PPPPPPPP/BRNQNKRB w KQkq - 0 1
4 705 BRKBQNNR brkbqnnr/pppppppp/8/8/8/8/PPPPPPPP/BRKBQNNR w KQkq - 0 1
5 588 QBRNKRBN qbrnkrbn/pppppppp/8/8/8/8/PPPPPPPP/QBRNKRBN w KQkq - 0 1
6 655 RNKRQNBB rnkrqnbb/pppppppp/8/8/8/8/PPPPPPPP/RNKRQNBB w KQkq - 0 1
7 781 QRKBNRBN qrkbnrbn/pppppppp/8/8/8/8/PPPPPPPP/QRKBNRBN w KQkq - 0 1
8 530 BRNKQBNR brnkqbnr/pppppppp/8/8/8/8/PPPPPPPP/BRNKQBNR w KQkq - 0 1' \
	960 --rounds 8 --seed 2024 --exclude 518
run 960 --rounds 12 --seed 7 --exclude 518 --no-twins
got=$(cut -d' ' -f2 "$TMP/out" | tr '\n' ' ')
if [ "$rc" -eq 0 ] && [ "$got" = '752 695 153 549 509 388 229 154 540 958 876 790 ' ]; then
	pass "960 --rounds 12 --seed 7 --exclude 518 --no-twins"
else
	fail "960 --rounds 12 --seed 7 --exclude 518 --no-twins" "exit $rc, numbers '$got'"
fi

# A full draw without twins: 480 distinct numbers, never a back rank and its mirror.
run 960 --rounds 480 --no-twins --seed 5 --exclude 3 --exclude 518,12
ranks=$(cut -d' ' -f3 "$TMP/out")
nums=$(cut -d' ' -f2 "$TMP/out" | sort -n | uniq | wc -l | tr -d ' ')
both=$(printf '%s\n' "$ranks" | awk '{ r = ""; for (i = 8; i >= 1; i--) r = r substr($0, i, 1);
	seen[$0] = 1; if (r in seen) n++ } END { print n + 0 }')
excluded=$(cut -d' ' -f2 "$TMP/out" | grep -c -x -e 3 -e 518 -e 12)
if [ "$rc" -eq 0 ] && [ "$nums" = 480 ] && [ "$both" = 0 ] && [ "$excluded" = 0 ]; then
	pass "960 --rounds 480 --no-twins: distinct, no twins, exclusions respected"
else
	fail "960 --rounds 480 --no-twins: distinct, no twins, exclusions respected" \
		"exit $rc, $nums distinct, $both twin pairs, $excluded excluded drawn"
fi

expect_out "960 --double 518-0" \
	"518-0 RNBQKBNR bbqnnrkr $C960_518_0" 960 --double 518-0
expect_out "960 --double --random --seed 3" \
	'1 349-813 NRKBQRBN rkqbnrbn rkqbnrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1' \
	960 --double --random --seed 3
run 960 --double --random
if [ "$rc" -eq 0 ] && grep -q '^1 [0-9]*-[0-9]* [KQRBN]\{8\} [kqrbn]\{8\} ' "$TMP/out"; then
	pass "960 --double --random"
else
	fail "960 --double --random" "exit $rc"
fi

expect_out "960 --id (standard start)" 518 960 --id "$START"
expect_out "960 --id (Shredder-FEN)" 0 960 --id 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1'
expect_out "960 --id (FEN in separate fields)" 959 960 --id \
	rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1
expect_out "960 --id (a double-960 pair)" 518-0 960 --id "$C960_518_0"
expect_out "960 --id --double (a symmetric position as a pair)" 518-518 960 --id --double "$START"
expect_out "960 --id FBfa" 349-813 960 --id \
	'rkqbnrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w FBfa - 0 1'

run 960 --all
lines=$(wc -l <"$TMP/out" | tr -d ' ')
nums=$(cut -d' ' -f1 "$TMP/out" | sort -n | uniq | tr '\n' ' ' | cut -d' ' -f1,960)
if [ "$rc" -eq 0 ] && [ "$lines" = 960 ] && [ "$nums" = '0 959' ] &&
	[ "$(sed -n 519p "$TMP/out")" = "518 RNBQKBNR $START" ] &&
	[ "$(sed -n 1p "$TMP/out")" = "0 BBQNNRKR $C960_0" ]; then
	pass "960 --all: 960 lines, 0..959"
else
	fail "960 --all: 960 lines, 0..959" "exit $rc, $lines lines, numbers '$nums'"
fi

# --svg: a well-formed file with the caption, one board per position
svg_check() {
	name=$1 file=$2 boards=$3 text=$4
	n=$(grep -c 'xlink:href="#board"' "$file" 2>/dev/null)
	if [ "$rc" -eq 0 ] && [ "$n" = "$boards" ] && grep -q "$text" "$file" &&
		head -n 1 "$file" | grep -q '^<?xml' && tail -n 1 "$file" | grep -q '^</svg>$' &&
		{ ! command -v xmllint >/dev/null 2>&1 || xmllint --noout "$file"; }; then
		pass "$name"
	else
		fail "$name" "exit $rc, $n boards in $file, expected $boards"
	fi
}
run 960 518 --svg "$TMP/one.svg"
svg_check "960 518 --svg" "$TMP/one.svg" 1 'RNBQKBNR w KQkq - 0 1</text>'
[ "$(cat "$TMP/out")" = "$START" ] && pass "960 518 --svg still prints the FEN" ||
	fail "960 518 --svg still prints the FEN"
run 960 --rounds 5 --seed 1 --svg="$TMP/rounds.svg"
svg_check "960 --rounds 5 --svg (one sheet)" "$TMP/rounds.svg" 5 'Round 5'
run 960 --double --random --seed 3 --svg "$TMP/double.svg"
svg_check "960 --double --random --svg" "$TMP/double.svg" 1 'Double Chess960 349-813'
run 960 --id "$START" --svg "$TMP/id.svg"
svg_check "960 --id --svg" "$TMP/id.svg" 1 'Chess960 518'
run 960 --all --svg "$TMP/all.svg"
svg_check "960 --all --svg" "$TMP/all.svg" 960 'Chess960 959'
run 960 518 --svg "$TMP/no/such/dir/x.svg"
if [ "$rc" -eq 1 ] && grep -q "cannot write" "$TMP/err"; then
	pass "960 --svg to an unwritable path exits 1"
else
	fail "960 --svg to an unwritable path exits 1" "exit $rc"
fi

run 960 --help
if [ "$rc" -eq 0 ] && grep -q 'W = x / 960, B = x % 960' "$TMP/out" &&
	grep -q 'cannot be reproduced' "$TMP/out"; then
	pass "960 --help documents the pair mapping and unseeded draws"
else
	fail "960 --help documents the pair mapping and unseeded draws" "exit $rc"
fi

# Bad input: exit 1
expect_exit "960 960: out of range" 1 960 960
expect_exit "960 -1: out of range" 1 960 -1
expect_exit "960 --double 518-960: out of range" 1 960 --double 518-960
expect_exit "960 --rounds 961" 1 960 --rounds 961
expect_exit "960 --rounds 481 --no-twins" 1 960 --rounds 481 --no-twins --seed 1
expect_exit "960 --rounds 950 --exclude (ten excluded)" 1 960 --rounds 951 \
	--exclude 1,2,3,4,5,6,7,8,9,10 --seed 1
expect_exit "960 --exclude 1000" 1 960 --rounds 3 --exclude 1000
expect_exit "960 --id Kiwipete" 1 960 --id "$KIWIPETE"
expect_exit "960 --id black to move" 1 960 --id \
	'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1'
expect_exit "960 --id without castling rights" 1 960 --id \
	'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1'
expect_exit "960 --id bishops on one colour" 1 960 --id \
	'brbqknnr/pppppppp/8/8/8/8/PPPPPPPP/BRBQKNNR w KQkq - 0 1'
expect_exit "960 --id bad FEN" 1 960 --id 'not a fen'
# Bad command line: exit 2
expect_exit "960 (nothing)" 2 960
expect_exit "960 abc" 2 960 abc
expect_exit "960 518-0 without --double" 2 960 518-0
expect_exit "960 --double 518 (not a pair)" 2 960 --double 518
expect_exit "960 --double alone" 2 960 --double
expect_exit "960 --rounds 0" 2 960 --rounds 0
expect_exit "960 --rounds x" 2 960 --rounds x
expect_exit "960 --rounds (no value)" 2 960 --rounds
expect_exit "960 --random --seed abc" 2 960 --random --seed abc
expect_exit "960 --random --seed 2^64" 2 960 --random --seed 18446744073709551616
expect_exit "960 --random --seed -1" 2 960 --random --seed -1
expect_exit "960 518 --seed 1" 2 960 518 --seed 1
expect_exit "960 --exclude 5,x" 2 960 --rounds 3 --exclude 5,x
expect_exit "960 --exclude 5," 2 960 --rounds 3 --exclude 5,
expect_exit "960 518 --exclude 3" 2 960 518 --exclude 3
expect_exit "960 --double --rounds 3 --no-twins" 2 960 --double --rounds 3 --no-twins
expect_exit "960 --all --random" 2 960 --all --random
expect_exit "960 518 519" 2 960 518 519
expect_exit "960 --id (no FEN)" 2 960 --id
expect_exit "960 --bogus" 2 960 518 --bogus
expect_exit "960 --svg (no file)" 2 960 518 --svg

# ---- analyse ------------------------------------------------------------------
KK='4k3/8/8/8/8/8/8/4K3 w - - 0 1'
KQK='4k3/8/8/8/8/8/8/3QK3 w - - 0 1'
MATED='k7/8/NKB5/8/8/8/8/8 b - - 0 1'

# check_analyse NAME PATTERN... : exit 0, nothing on stderr, and each PATTERN
# (a grep -x regular expression) matches a line of stdout
check_analyse() {
	name=$1
	shift
	ok=1
	[ "$rc" -eq 0 ] && ! [ -s "$TMP/err" ] || ok=0
	for pat in "$@"; do
		grep -qx -e "$pat" "$TMP/out" || { ok=0; echo "     missing line: $pat"; }
	done
	if [ "$ok" = 1 ]; then pass "$name"; else fail "$name" "exit $rc"; fi
}

run analyse "$KK"
check_analyse "analyse K v K: both unwinnable, dead" 'white: unwinnable' 'black: unwinnable' \
	'dead: yes' 'nodes: [0-9]*' 'time: [0-9]* us'
run analyse "$KQK"
check_analyse "analyse K+Q v K: white winnable with a mating line" 'white: winnable' \
	'white line: 1\. Q.*#' 'black: unwinnable' 'dead: no'
[ "$(grep -c '^black line' "$TMP/out")" = 0 ] && pass "analyse: no line for an unwinnable side" ||
	fail "analyse: no line for an unwinnable side"
run analyse 4k3/8/8/8/8/8/8/R3K3 b - - 0 1 --side white
check_analyse "analyse --side white (FEN in fields, black to move)" 'white: winnable' \
	'white line: 1\.\.\. K.*#'
if grep -q '^black\|^dead' "$TMP/out"; then
	fail "analyse --side white prints only white" "exit $rc"
else
	pass "analyse --side white prints only white"
fi
run analyse --side=black "$KQK"
check_analyse "analyse --side=black" 'black: unwinnable'
run analyse "$MATED"
check_analyse "analyse: a mated position is winnable with an empty line" 'white: winnable' \
	'white line: (the position is already checkmate)' 'black: unwinnable' 'dead: no'

# JSON: one object on one line with every key
JSON_RE='^{"white": [a-z"]*, "black": [a-z"]*, "dead": [a-z]*, "line_white": .*, "line_black": .*, "nodes": [0-9]*, "micros": [0-9]*}$'
run analyse "$KQK" --json
if [ "$rc" -eq 0 ] && [ "$(wc -l <"$TMP/out" | tr -d ' ')" = 1 ] && grep -q "$JSON_RE" "$TMP/out" &&
	grep -q '^{"white": "winnable", "black": "unwinnable", "dead": false, "line_white": \["Q.*#"\], "line_black": \[\], ' "$TMP/out"; then
	pass "analyse --json: one object"
else
	fail "analyse --json: one object" "exit $rc"
fi
run analyse --json --side white "$KK"
if [ "$rc" -eq 0 ] &&
	grep -q '^{"white": "unwinnable", "black": null, "dead": null, "line_white": \[\], "line_black": null, ' "$TMP/out"; then
	pass "analyse --json --side white: null for black and dead"
else
	fail "analyse --json --side white: null for black and dead" "exit $rc"
fi

# Batch: one JSON object per non-blank input line, errors included, exit 1.
printf '%s\n\n%s\r\n%s\n%s\n' "$KK" '4k3/8/8/8/3"4/8/8/4K3 w - - 0 1' "$KQK" 'junk' >"$TMP/in"
"$ARB" analyse - <"$TMP/in" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ "$rc" -eq 1 ] && [ "$(wc -l <"$TMP/out" | tr -d ' ')" = 4 ] &&
	[ "$(grep -c "$JSON_RE" "$TMP/out")" = 2 ] &&
	sed -n 2p "$TMP/out" | grep -q '^{"error": ".*\\".*", "line": 3}$' &&
	sed -n 4p "$TMP/out" | grep -q '^{"error": ".*", "line": 5}$'; then
	pass "analyse -: one object per line, errors as objects, exit 1"
else
	fail "analyse -: one object per line, errors as objects, exit 1" "exit $rc"
fi
if command -v python3 >/dev/null 2>&1; then
	if python3 -c '
import json, sys
verdicts = ("winnable", "unwinnable", "undetermined")
for n, line in enumerate(open(sys.argv[1]), 1):
    o = json.loads(line)
    if "error" in o:
        assert isinstance(o["error"], str) and o["error"], n
        continue
    assert list(o) == ["white", "black", "dead", "line_white", "line_black", "nodes", "micros"], n
    for side in ("white", "black"):
        assert o[side] in verdicts, n
        assert isinstance(o["line_" + side], list), n
        assert (len(o["line_" + side]) > 0) == (o[side] == "winnable"), n
    both_un = o["white"] == o["black"] == "unwinnable"
    one_win = "winnable" in (o["white"], o["black"])
    assert o["dead"] is (True if both_un else False if one_win else None), n
' "$TMP/out"; then
		pass "analyse -: valid JSON, verdicts consistent with dead"
	else
		fail "analyse -: valid JSON, verdicts consistent with dead"
	fi
fi
printf '%s\n%s\n' "$KK" "$MATED" | "$ARB" analyse - --side black >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ "$rc" -eq 0 ] && [ "$(grep -c '"white": null, "black": "unwinnable", "dead": null' "$TMP/out")" = 2 ]; then
	pass "analyse - --side black: exit 0"
else
	fail "analyse - --side black: exit 0" "exit $rc"
fi
"$ARB" analyse - </dev/null >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ "$rc" -eq 0 ] && ! [ -s "$TMP/out" ]; then pass "analyse - with empty input"; else
	fail "analyse - with empty input" "exit $rc"; fi
run analyse --nodes 1 "$START" --json
if [ "$rc" -eq 0 ] && grep -q "$JSON_RE" "$TMP/out"; then pass "analyse --nodes 1"; else
	fail "analyse --nodes 1" "exit $rc"; fi

# Errors: a bad FEN exits 1, a bad command line 2, always with a message.
# analyse_exit NAME STATUS ARGS...
analyse_exit() {
	name=$1 want=$2
	shift 2
	run "$@"
	if [ "$rc" -eq "$want" ] && ! [ -s "$TMP/out" ] && grep -q '^arbiter: analyse: ' "$TMP/err"; then
		pass "$name"
	else
		fail "$name" "command: arbiter $*" "exit $rc, expected $want with a message on stderr"
	fi
}
analyse_exit "analyse: bad FEN exits 1" 1 analyse '4k3/8/8/8/3X4/8/8/4K3 w - - 0 1'
analyse_exit "analyse --json: bad FEN exits 1" 1 analyse --json 'not a fen'
analyse_exit "analyse (no FEN)" 2 analyse
analyse_exit "analyse --side red" 2 analyse --side red "$KK"
analyse_exit "analyse --side (no value)" 2 analyse "$KK" --side
analyse_exit "analyse --nodes x" 2 analyse --nodes x "$KK"
analyse_exit "analyse --nodes -1" 2 analyse --nodes -1 "$KK"
analyse_exit "analyse --nodes 10^13" 2 analyse --nodes 10000000000000 "$KK"
analyse_exit "analyse --bogus" 2 analyse "$KK" --bogus
analyse_exit "analyse - --bogus" 2 analyse - --bogus
run analyse --help
if [ "$rc" -eq 0 ] && grep -q '^usage: arbiter analyse' "$TMP/out"; then pass "analyse --help"; else
	fail "analyse --help" "exit $rc"; fi

# ---- clock ----------------------------------------------------------------------
# clock_exit NAME STATUS ARGS...: that exit status, nothing on stdout, a message
# "arbiter: clock: ..." on stderr
clock_exit() {
	name=$1 want=$2
	shift 2
	run "$@"
	if [ "$rc" -eq "$want" ] && ! [ -s "$TMP/out" ] && grep -q '^arbiter: clock: ' "$TMP/err"; then
		pass "$name"
	else
		fail "$name" "command: arbiter $*" "exit $rc, expected $want with a message on stderr"
	fi
}

# parse: every notation, then every category, in a fixed order
expect_out "clock parse 40/5400+30:1800+30" 'pgn: 40/5400+30:1800+30
trf: 40/5400+30:1800+30
uscf: 40/90, SD/30;inc30
text: 90 min for 40 moves, then 30 min, +30 s per move from move 1
fide2009: standard
fide2014: standard
fide2018: standard
fide2023: standard
uscf category: regular
online: classical' clock parse '40/5400+30:1800+30'
expect_out "clock parse 720: FIDE 2009 blitz, 2014 rapid, US 5E2 delay" 'pgn: 720
trf: 720
uscf: G/12
text: 12 min
fide2009: blitz
fide2014: rapid
fide2018: rapid
fide2023: rapid
uscf category: quick
online: rapid
uscf default delay: 3 s (5E2, when the organiser names none)' clock parse 720
run clock parse 'G/90;d5'
check_analyse "clock parse G/90;d5 (US Chess in, PGN delay out)" \
	'pgn: 5400d5' 'uscf: G/90;d5' 'text: 90 min, 5 s delay per move'
if grep -q '^uscf default delay' "$TMP/out"; then
	fail "clock parse G/90;d5: no default delay line"
else
	pass "clock parse G/90;d5: no default delay line"
fi
run clock parse '?'
check_analyse "clock parse ?: no US Chess form" 'pgn: ?' 'uscf: -' 'text: unknown' \
	'fide2023: unknown'
run clock parse '*180'
check_analyse "clock parse *180 (sandclock)" 'pgn: \*180' 'uscf: -' 'text: sandclock, 3 min each'

G5='{"pgn": "300+0", "uscf": "G/5;d0", "trf": "300+0", "text": "5 min, no delay", "category": {"fide2009": "blitz", "fide2014": "blitz", "fide2018": "blitz", "fide2023": "blitz", "uscf": "blitz", "online": "blitz"}}'
expect_out "clock parse 'G/5 d/0' --json" "$G5" clock parse 'G/5 d/0' --json
expect_out "clock parse --json G/5 d/0 (two arguments)" "$G5" clock parse --json G/5 d/0
run clock parse W300-B240 --json
if [ "$rc" -eq 0 ] && [ "$(wc -l <"$TMP/out" | tr -d ' ')" = 1 ] &&
	grep -q '^{"pgn": "300=240", "uscf": null, "trf": "W300-B240", "text": "White: 5 min; Black: 4 min", "category": {' "$TMP/out"; then
	pass "clock parse W300-B240 --json: uscf null"
else
	fail "clock parse W300-B240 --json: uscf null" "exit $rc"
fi
if command -v python3 >/dev/null 2>&1; then
	for tc in '40/5400+30:1800+30' '?' '-' '*180' 'W300-B240' '300=240' '90+3@61'; do
		"$ARB" clock parse "$tc" --json
	done >"$TMP/out" 2>"$TMP/err"
	if python3 -c '
import json, sys
n = 0
for n, line in enumerate(open(sys.argv[1]), 1):
    o = json.loads(line)
    assert list(o) == ["pgn", "uscf", "trf", "text", "category"], n
    assert list(o["category"]) == ["fide2009", "fide2014", "fide2018", "fide2023", "uscf", "online"], n
    assert all(isinstance(o[k], str) for k in ("pgn", "trf", "text")), n
    assert o["uscf"] is None or isinstance(o["uscf"], str), n
assert n == 7
' "$TMP/out"; then
		pass "clock parse --json: valid JSON, keys in order"
	else
		fail "clock parse --json: valid JSON, keys in order"
	fi
fi
clock_exit "clock parse 40/ exits 1" 1 clock parse '40/'
if grep -q 'column' "$TMP/err"; then pass "clock parse 40/: the message names the column"; else
	fail "clock parse 40/: the message names the column"; fi
clock_exit "clock parse G/90;x exits 1" 1 clock parse 'G/90;x'
clock_exit "clock parse (no CONTROL)" 2 clock parse
clock_exit "clock parse --bogus" 2 clock parse 300 --bogus
clock_exit "clock parse --moves (an option of simulate)" 2 clock parse 300 --moves 3

# simulate: both clocks after each move, and each flag as it falls
expect_out "clock simulate 10+5 --moves '3 8'" '1. white 3 s  white 0:12  black 0:10
1. black 8 s  white 0:12  black 0:07
flags: none' clock simulate 10+5 --moves '3 8'
# A press at the very millisecond the time runs out is too late (no increment).
expect_out "clock simulate: a move taking all the time lets the flag fall" \
	'1. white 10 s  white 0:00  black 0:10  FLAG white at 0:10
1. black 3 s  white 0:00  black 0:12
flags: white first at 0:10' clock simulate 10+5 --moves '10 3'
expect_out "clock simulate: one millisecond to spare" \
	'1. white 9.999 s  white 0:05.001  black 0:10
flags: none' clock simulate 10+5 --moves 9.999
expect_out "clock simulate: both flags" '1. white 10 s  white 0:00  black 0:10  FLAG white at 0:10
1. black 10 s  white 0:00  black 0:00  FLAG black at 0:20
flags: white first at 0:10, then black at 0:20' clock simulate 10 --moves 10,10
expect_out "clock simulate 2/10:20 --by-flag: 20 s added when the flag falls" \
	'1. white 4 s  white 0:06  black 0:10
1. black 1 s  white 0:06  black 0:09
2. white 7 s  white 0:19  black 0:09  FLAG white at 0:11
2. black 1 s  white 0:19  black 0:08
flags: white first at 0:11' clock simulate 2/10:20 --by-flag --moves '4 1 7 1'
expect_out "clock simulate 2/10:20: 20 s added after move 2" \
	'1. white 4 s  white 0:06  black 0:10
1. black 1 s  white 0:06  black 0:09
2. white 7 s  white 0:20  black 0:09  FLAG white at 0:11
2. black 1 s  white 0:20  black 0:28
flags: white first at 0:11' clock simulate 2/10:20 --moves '4 1 7 1'
expect_out "clock simulate: decimals, commas, hours" \
	'1. white 3.1 s  white 1:30:26.9  black 1:30:00
1. black 4.7 s  white 1:30:26.9  black 1:30:25.3
2. white 12.125 s  white 1:30:44.775  black 1:30:25.3
flags: none' clock simulate '40/5400+30:1800+30' --moves '3.1, 4.7,12.125'
expect_out "clock simulate G/5;d5: the delay runs first" \
	'1. white 3 s  white 5:00  black 5:00
1. black 8 s  white 5:00  black 4:57
flags: none' clock simulate 'G/5;d5' --moves='3 8'
expect_out "clock simulate *60: the sandclock" '1. white 20 s  white 0:40  black 1:20
1. black 10 s  white 0:50  black 1:10
2. white 50 s  white 0:00  black 2:00  FLAG white at 1:20
flags: white first at 1:20' clock simulate '*60' --moves '20 10 50'
clock_exit "clock simulate ? exits 1" 1 clock simulate '?' --moves 3
if grep -q 'simulate needs a timed control' "$TMP/err"; then pass "clock simulate ?: the message"; else
	fail "clock simulate ?: the message"; fi
clock_exit "clock simulate - exits 1" 1 clock simulate - --moves 3
clock_exit "clock simulate 40/ exits 1" 1 clock simulate 40/ --moves 3
clock_exit "clock simulate: a bad duration exits 2" 2 clock simulate 10 --moves '3 x4 5'
if grep -q "duration 2 'x4'" "$TMP/err"; then pass "clock simulate: the bad duration is named"; else
	fail "clock simulate: the bad duration is named"; fi
clock_exit "clock simulate: four decimals" 2 clock simulate 10 --moves '1.2345'
clock_exit "clock simulate: a sign" 2 clock simulate 10 --moves '3 -1'
clock_exit "clock simulate: no durations" 2 clock simulate 10 --moves ' , '
clock_exit "clock simulate (no --moves)" 2 clock simulate 10
clock_exit "clock simulate --moves (no value)" 2 clock simulate 10 --moves
clock_exit "clock simulate (no CONTROL)" 2 clock simulate --moves 3

# history: the [%clk] comments checked game by game, a broken game skipped
cat >"$TMP/clk.pgn" <<'PGN'
[Event "consistent"]
[White "Alpha"]
[Black "Beta"]
[Result "*"]
[TimeControl "180+2"]

1. e4 {[%clk 0:03:01]} 1... e5 {[%clk 0:02:59]} 2. Nf3 {[%clk 0:02:58]}
2... Nc6 {[%clk 0:02:55]} *

[Event "rises"]
[White "Gamma"]
[Black "Delta"]
[Result "*"]
[TimeControl "180"]

1. d4 {[%clk 0:02:55]} 1... d5 {[%clk 0:02:50]} 2. c4 {[%clk 0:02:50]}
2... e6 {[%clk 0:03:02]} *

[Event "broken"]
[White "Eps"]
[Black "Zeta"]
[Result "*"]

1. e4 e5 2. Ke3 *

[Event "untimed"]
[White "Eta"]
[Black "Theta"]
[Result "*"]

1. e4 {[%clk 0:01:00]} 1... e5 {[%emt 0:00:03]} *
PGN
HISTORY='game 1: Alpha - Beta, TimeControl 180+2
  clock consistent
game 2: Gamma - Delta, TimeControl 180
  move 2 (black): clock rises by 12 s, more than the control gives
game 4: Eta - Theta, TimeControl ?
  no usable TimeControl: readings only, nothing checked'
run clock history "$TMP/clk.pgn"
if [ "$rc" -eq 1 ] && [ "$(cat "$TMP/out")" = "$HISTORY" ] &&
	grep -q "clk.pgn:24:13: game 3: SAN 'Ke3'" "$TMP/err"; then
	pass "clock history: consistent, rising, broken (skipped, exit 1), untimed"
else
	fail "clock history: consistent, rising, broken (skipped, exit 1), untimed" "exit $rc"
fi
run clock history --control 180+2 --moves "$TMP/clk.pgn"
if [ "$rc" -eq 1 ] && sed -n 1,6p "$TMP/out" | tr '\n' '|' |
	grep -qx 'game 1: Alpha - Beta, TimeControl 180+2|  1\. white used 0:01 left 3:01|  1\.\.\. black used 0:03 left 2:59|  2\. white used 0:05 left 2:58|  2\.\.\. black used 0:06 left 2:55|  clock consistent|' &&
	grep -qx '  move 2 (black): clock rises by 10 s, more than the control gives' "$TMP/out" &&
	grep -qx '  1\.\.\. black used 0:03 left 2:59' "$TMP/out"; then
	pass "clock history --control 180+2 --moves"
else
	fail "clock history --control 180+2 --moves" "exit $rc"
fi
# Without a control a reading not given stays unknown.
run clock history --moves "$TMP/clk.pgn"
if [ "$rc" -eq 1 ] && grep -qx '  1\. white used ? left 1:00' "$TMP/out" &&
	grep -qx '  1\.\.\. black used 0:03 left ?' "$TMP/out"; then
	pass "clock history --moves: unknown readings as ?"
else
	fail "clock history --moves: unknown readings as ?" "exit $rc"
fi
sed -n 1,9p "$TMP/clk.pgn" | "$ARB" clock history - >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ "$rc" -eq 0 ] && [ "$(cat "$TMP/out")" = 'game 1: Alpha - Beta, TimeControl 180+2
  clock consistent' ]; then
	pass "clock history - (standard input), exit 0"
else
	fail "clock history - (standard input), exit 0" "exit $rc"
fi
clock_exit "clock history --control 40/ exits 1" 1 clock history --control 40/ "$TMP/clk.pgn"
if grep -q 'column' "$TMP/err"; then pass "clock history --control 40/: the parser's message"; else
	fail "clock history --control 40/: the parser's message"; fi
clock_exit "clock history: an unreadable file exits 2" 2 clock history "$TMP/no-such.pgn"
clock_exit "clock history (no FILE)" 2 clock history
clock_exit "clock history --json (an option of parse)" 2 clock history --json "$TMP/clk.pgn"
clock_exit "clock history --control (no value)" 2 clock history "$TMP/clk.pgn" --control

# the subcommand itself
clock_exit "clock (no action)" 2 clock
clock_exit "clock frobnicate" 2 clock frobnicate 300
for form in 'clock --help' 'help clock' 'clock parse --help'; do
	# shellcheck disable=SC2086 # split into words on purpose
	run $form
	if [ "$rc" -eq 0 ] && grep -q '^usage: arbiter clock parse CONTROL' "$TMP/out" &&
		grep -q 'arbiter clock simulate CONTROL --moves' "$TMP/out" &&
		grep -q 'arbiter clock history FILE' "$TMP/out" && grep -q 'W300-B240' "$TMP/out"; then
		pass "arbiter $form"
	else
		fail "arbiter $form" "exit $rc"
	fi
done
run help
if grep -q '^  clock  *time controls' "$TMP/out"; then pass "arbiter help lists clock"; else
	fail "arbiter help lists clock"; fi

# ---- run (Lua) -------------------------------------------------------------------
run run --help
if [ "$rc" -eq 0 ] && grep -q '^usage: arbiter run SCRIPT.lua' "$TMP/out"; then
	pass "arbiter run --help"; else fail "arbiter run --help" "exit $rc"; fi
run run
if [ "$rc" -eq 2 ]; then pass "arbiter run without a script: exit 2"; else
	fail "arbiter run without a script: exit 2" "exit $rc"; fi
cat >"$TMP/script.lua" <<'LUA'
local arbiter = require "arbiter"
local pos = assert(arbiter.position())
print(#arg, arg[0] ~= nil, arg[1], arg[2], pos:perft(2), io ~= nil, os ~= nil)
LUA
run run "$TMP/script.lua" one two
if grep -q 'built without Lua' "$TMP/err"; then
	pass "arbiter run: skipped (built without Lua)"
elif [ "$rc" -eq 0 ] && [ "$(cat "$TMP/out")" = "$(printf '2\ttrue\tone\ttwo\t400\ttrue\ttrue')" ]; then
	pass "arbiter run: module preloaded, arg, full standard library"
else
	fail "arbiter run: module preloaded, arg, full standard library" "exit $rc"
fi
printf 'local x = nil\nx.y = 1\n' >"$TMP/bad.lua"
run run "$TMP/bad.lua"
if grep -q 'built without Lua' "$TMP/err" ||
	{ [ "$rc" -eq 1 ] && grep -q 'bad.lua:2: attempt to index' "$TMP/err" &&
		grep -q 'stack traceback' "$TMP/err"; }; then
	pass "arbiter run: a script error names the line, exit 1"
else
	fail "arbiter run: a script error names the line, exit 1" "exit $rc"
fi
printf 'os.exit(7)\n' >"$TMP/exit.lua"
run run "$TMP/exit.lua"
if grep -q 'built without Lua' "$TMP/err" || [ "$rc" -eq 7 ]; then
	pass "arbiter run: os.exit status"; else fail "arbiter run: os.exit status" "exit $rc"; fi
run run "$TMP/no-such-script.lua"
if [ "$rc" -eq 1 ] && grep -q 'no-such-script.lua' "$TMP/err"; then
	pass "arbiter run: a missing script, exit 1"; else
	fail "arbiter run: a missing script, exit 1" "exit $rc"; fi

# ---- the command line itself ---------------------------------------------------
run frobnicate
if [ "$rc" -ne 0 ] && [ -s "$TMP/err" ]; then pass "unknown subcommand fails"; else
	fail "unknown subcommand fails" "exit $rc"; fi
run
if [ "$rc" -ne 0 ]; then pass "no subcommand fails"; else fail "no subcommand fails" "exit $rc"; fi
run perft 2 --no-such-option
if [ "$rc" -ne 0 ]; then pass "unknown option fails"; else fail "unknown option fails" "exit $rc"; fi

# ---- 960 --id RANK, --double --rounds, --exclude ranges; fen --svg ----
# expect_msg NAME STATUS TEXT ARGS...: that exit status, nothing on stdout, and
# TEXT (a fixed string) in the one-line message on stderr
expect_msg() {
	name=$1 want=$2 text=$3
	shift 3
	run "$@"
	if [ "$rc" -eq "$want" ] && ! [ -s "$TMP/out" ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
		grep -qF -- "$text" "$TMP/err"; then
		pass "$name"
	else
		fail "$name" "command: arbiter $*" "exit $rc, expected $want and '$text' on stderr"
	fi
}

# --id with bare back ranks: the case gives the colour
expect_out "960 --id RNBQKBNR" 518 960 --id RNBQKBNR
expect_out "960 --id rnbqkbnr (Black's array)" 518 960 --id rnbqkbnr
expect_out "960 --id BBQNNRKR" 0 960 --id BBQNNRKR
expect_out "960 --id RKRNNQBB" 959 960 --id RKRNNQBB
expect_out "960 --id NRKBQRBN rkqbnrbn (a pair)" 349-813 960 --id NRKBQRBN rkqbnrbn
expect_out "960 --id rkqbnrbn NRKBQRBN (a pair, Black's first)" 349-813 960 --id rkqbnrbn NRKBQRBN
expect_out "960 --id RNBQKBNR rnbqkbnr (a symmetric pair)" 518 960 --id RNBQKBNR rnbqkbnr
expect_out "960 --id --double RNBQKBNR" 518-518 960 --id --double RNBQKBNR
expect_out "960 --id 'RNBQKBNR bbqnnrkr' (one argument)" 518-0 960 --id 'RNBQKBNR bbqnnrkr'
# numbers both ways through the rank (every 31st, and the last; the unit
# test chess960 does all 960 in the library)
run 960 --all
bad=0
awk 'NR % 31 == 1 || NR == 960' "$TMP/out" >"$TMP/sample"
while read -r n rank fen; do
	got=$("$ARB" 960 --id "$rank" 2>/dev/null)
	[ "$got" = "$n" ] || bad=$((bad + 1))
	lower=$(echo "$rank" | tr 'KQRBN' 'kqrbn')
	got=$("$ARB" 960 --id "$lower" 2>/dev/null)
	[ "$got" = "$n" ] || bad=$((bad + 1))
done <"$TMP/sample"
[ "$bad" -eq 0 ] && pass "960 --id RANK (both cases) for 32 back ranks" ||
	fail "960 --id RANK (both cases) for 32 back ranks" "$bad wrong"
expect_out "960 --id RANK --ascii" "$("$ARB" 960 518 --ascii)" 960 --id RNBQKBNR --ascii
run 960 --id NRKBQRBN rkqbnrbn --svg "$TMP/idrank.svg"
svg_check "960 --id RANK RANK --svg" "$TMP/idrank.svg" 1 'Double Chess960 349-813'
# bad ranks: exit 1, the reason named
expect_msg "960 --id: 7 letters" 1 'a back rank has 8 pieces, not 7' 960 --id RNBQKBN
expect_msg "960 --id: 9 letters" 1 'a back rank has 8 pieces, not 9' 960 --id RNBQKBNRR
expect_msg "960 --id: empty" 1 'expected a FEN, a back rank (RNBQKBNR)' 960 --id ''
expect_msg "960 --id: a pawn" 1 "'P' (file h) is not K, Q, R, B or N" 960 --id RNBQKBNP
expect_msg "960 --id: a digit" 1 "'1' (file d) is not K, Q, R, B or N" 960 --id RNB1KBNR
expect_msg "960 --id: wrong pieces" 1 'wrong pieces' 960 --id RNBQKBRR
expect_msg "960 --id: two queens" 1 'wrong pieces' 960 --id rnbqqbnr
expect_msg "960 --id: bishops on one colour" 1 'both bishops stand on squares of one colour' \
	960 --id BRBQKNNR
expect_msg "960 --id: king outside the rooks" 1 'the king is not between the rooks' 960 --id RRKQBBNN
expect_msg "960 --id: king outside the rooks (lower case)" 1 'not between the rooks' 960 --id krrqbbnn
expect_msg "960 --id: mixed case" 1 'mixes upper and lower case' 960 --id RnBQKBNR
expect_msg "960 --id: two White ranks" 1 "write White's array in upper case and Black's in lower" \
	960 --id RNBQKBNR BBQNNRKR
expect_msg "960 --id: a pair with a bad rank" 1 "'bbqnnrkk' is not a Chess960 back rank" \
	960 --id RNBQKBNR bbqnnrkk
expect_msg "960 --id 518 (a number)" 1 "'518' is a number: --id takes a FEN or a back rank" 960 --id 518
expect_msg "960 --id 518-0 (a pair of numbers)" 1 "'518-0' is a number" 960 --id 518-0
expect_msg "960 --id: three ranks" 1 'not 3 or more words' 960 --id RNBQKBNR rnbqkbnr RNBQKBNR
run 960 --id "$(head -c 5000 /dev/zero | tr '\0' R)"
if [ "$rc" -eq 1 ] && [ "$(wc -c <"$TMP/err")" -lt 300 ] && grep -q 'not 5000' "$TMP/err"; then
	pass "960 --id: a 5000-letter rank, a short message"
else
	fail "960 --id: a 5000-letter rank, a short message" "exit $rc"
fi

# --double --rounds: distinct pairs, round 1 = --double --random, reproducible
run 960 --double --rounds 3 --seed 3
if [ "$rc" -eq 0 ] && [ "$(cut -d' ' -f1,2 "$TMP/out" | tr '\n' ' ')" = '1 349-813 2 621-201 3 750-129 ' ] &&
	[ "$(sed -n 1p "$TMP/out")" = "$("$ARB" 960 --double --random --seed 3)" ] &&
	grep -qx '2 621-201 RNQBKRBN qnrbbknr qnrbbknr/pppppppp/8/8/8/8/PPPPPPPP/RNQBKRBN w KQkq - 0 1' "$TMP/out"; then
	pass "960 --double --rounds 3 --seed 3"
else
	fail "960 --double --rounds 3 --seed 3" "exit $rc"
fi
run 960 --double --rounds 200 --seed 9 --exclude 0-899
pairs=$(cut -d' ' -f2 "$TMP/out" | sort -u | wc -l | tr -d ' ')
low=$(cut -d' ' -f2 "$TMP/out" | tr '-' '\n' | awk '$1 < 900' | wc -l | tr -d ' ')
first=$(sed -n 1,50p "$TMP/out")
if [ "$rc" -eq 0 ] && [ "$pairs" = 200 ] && [ "$low" = 0 ] &&
	[ "$first" = "$("$ARB" 960 --double --rounds 50 --seed 9 --exclude 0-899)" ]; then
	pass "960 --double --rounds 200 --exclude 0-899: distinct, none excluded, prefix stable"
else
	fail "960 --double --rounds 200 --exclude 0-899" "exit $rc, $pairs pairs, $low excluded arrays"
fi
# each line's FEN is the pair's own start position
bad=$(awk 'NR <= 12 { print $2 " " $5 }' "$TMP/out" | while read -r id fen; do
	[ "$("$ARB" 960 --double "$id")" = "$id $("$ARB" 960 --double "$id" | cut -d' ' -f2-)" ] || echo x
	[ "$("$ARB" 960 --id "$fen" w KQkq - 0 1 --double)" = "$id" ] || echo x
done | head -n 3 | wc -l | tr -d ' ')
[ "$bad" = 0 ] && pass "960 --double --rounds: each FEN is its pair" ||
	fail "960 --double --rounds: each FEN is its pair"
run 960 --double --rounds 4 --seed 1 --exclude 0-957
[ "$rc" -eq 0 ] && [ "$(cut -d' ' -f2 "$TMP/out" | sort | tr '\n' ' ')" = '958-958 958-959 959-958 959-959 ' ] &&
	pass "960 --double --rounds 4 with two arrays left: all four pairs" ||
	fail "960 --double --rounds 4 with two arrays left: all four pairs" "exit $rc"
expect_msg "960 --double --rounds 5 with four pairs left" 1 'only 4 pairs can be drawn for 5 rounds' \
	960 --double --rounds 5 --seed 1 --exclude 0-957
expect_msg "960 --double --rounds 2 with one pair left" 1 'only 1 pair can be drawn' \
	960 --double --rounds 2 --exclude 0-958
expect_msg "960 --double --rounds 921601" 1 'only 921600 pairs' 960 --double --rounds 921601
expect_msg "960 --double --rounds --no-twins" 2 '--no-twins does not go with --double' \
	960 --double --rounds 3 --no-twins
expect_msg "960 --double --random --no-twins" 2 '--no-twins does not go with --double' \
	960 --double --random --no-twins
expect_msg "960 --double --all" 2 '--double goes with' 960 --double --all
expect_msg "960 --double 518-0 --exclude 5" 2 '--exclude and --no-twins go with --random or --rounds' \
	960 --double 518-0 --exclude 5
run 960 --double --random --seed 3 --exclude 349
[ "$rc" -eq 0 ] && [ "$(cut -d' ' -f1,2 "$TMP/out")" = '1 621-201' ] &&
	pass "960 --double --random --exclude 349: the next pair" ||
	fail "960 --double --random --exclude 349: the next pair" "exit $rc"
run 960 --double --rounds 6 --seed 5 --svg "$TMP/dr.svg"
svg_check "960 --double --rounds 6 --svg" "$TMP/dr.svg" 6 'Round 6 · Double Chess960'

# --exclude: numbers and ranges
run 960 --rounds 860 --seed 4 --exclude 0-99
low=$(awk '$2 < 100' "$TMP/out" | wc -l | tr -d ' ')
n=$(cut -d' ' -f2 "$TMP/out" | sort -u | wc -l | tr -d ' ')
[ "$rc" -eq 0 ] && [ "$low" = 0 ] && [ "$n" = 860 ] &&
	pass "960 --rounds 860 --exclude 0-99: all the others" ||
	fail "960 --rounds 860 --exclude 0-99: all the others" "exit $rc, $low excluded, $n distinct"
expect_msg "960 --rounds 861 --exclude 0-99" 1 'only 860 positions' 960 --rounds 861 --exclude 0-99
same_draw() {
	name=$1
	shift
	a=$("$ARB" 960 --rounds 20 --seed 8 "$@" 2>&1)
	b=$("$ARB" 960 --rounds 20 --seed 8 --exclude 0,1,2,3,4,5,518,900,901,902 2>&1)
	[ "$a" = "$b" ] && pass "$name" || fail "$name" "$a"
}
same_draw "--exclude ranges = the numbers" --exclude 0-5,518,900-902
same_draw "--exclude ranges with spaces, overlapping, repeated" --exclude '0-3, 2-5 ,518' --exclude 900-902,901
same_draw "--exclude= form and a one-number range" --exclude=0-5 --exclude 518-518,900-902
run 960 --rounds 1 --seed 2 --exclude 0-958
[ "$rc" -eq 0 ] && [ "$(cut -d' ' -f2 "$TMP/out")" = 959 ] && pass "960 --exclude 0-958: 959 is left" ||
	fail "960 --exclude 0-958: 959 is left" "exit $rc"
expect_msg "--exclude 0-959" 1 'every position (0-959) is excluded' 960 --random --exclude 0-959
expect_msg "--exclude 0-500,400-959" 1 'every position (0-959) is excluded' 960 --rounds 1 --exclude 0-500,400-959
expect_msg "--exclude 0-479 --exclude 480-959" 1 'every position' 960 --random --exclude 0-479 --exclude 480-959
expect_msg "--exclude reversed" 2 "--exclude '0-99,518,99-0': column 10: the range 99-0 is reversed (write 0-99)" \
	960 --rounds 2 --exclude 0-99,518,99-0
expect_msg "--exclude out of range (end)" 1 "--exclude '0-1000': column 3: 1000 is not a position number" \
	960 --random --exclude 0-1000
expect_msg "--exclude out of range (start)" 1 "--exclude '5,960-970': column 3: 960 is not" \
	960 --random --exclude 5,960-970
expect_msg "--exclude out of range (huge)" 1 "column 1: 99999999999999999999 is not" \
	960 --random --exclude 99999999999999999999
expect_msg "--exclude junk" 2 "--exclude '5,x': column 3: expected a position number, found 'x'" \
	960 --random --exclude 5,x
expect_msg "--exclude trailing comma" 2 "column 3: expected a position number, found the end" \
	960 --random --exclude 5,
expect_msg "--exclude empty" 2 "column 1: expected a position number, found the end" \
	960 --random --exclude ''
expect_msg "--exclude open range" 2 "column 3: expected the last number of the range" \
	960 --random --exclude 5-
expect_msg "--exclude negative" 2 "column 1: expected a position number, found '-'" \
	960 --random --exclude -5
expect_msg "--exclude 5x" 2 "column 2: expected ',' or the end, found 'x'" 960 --random --exclude 5x
expect_msg "--exclude 3-4-5" 2 "column 4: expected ',' or the end, found '-'" 960 --random --exclude 3-4-5
expect_msg "--exclude 1..5" 2 "column 2: expected ',' or the end, found '.'" 960 --random --exclude 1..5
expect_msg "--exclude: the second option's column" 2 "--exclude '7,,8': column 3" \
	960 --random --exclude 1-3 --exclude 7,,8
run 960 --random --exclude "1,$(head -c 3000 /dev/zero | tr '\0' 1)x"
if [ "$rc" -eq 2 ] && [ "$(wc -c <"$TMP/err")" -lt 300 ] && grep -q "'1,111.*\.\.\.': column 3003" "$TMP/err"; then
	pass "--exclude: a long list quoted short, the column exact"
else
	fail "--exclude: a long list quoted short, the column exact" "exit $rc"
fi

# fen --svg: the position drawn, the FEN still printed
MATE4='r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4'
run fen "$MATE4" --svg "$TMP/mate.svg"
svg_check "fen --svg (a checkmate)" "$TMP/mate.svg" 1 ">$MATE4</text>"
if [ "$(cat "$TMP/out")" = "$MATE4" ] && grep -q '>Black to move: checkmate</text>' "$TMP/mate.svg" &&
	[ "$(grep -c 'class="check"' "$TMP/mate.svg")" = 1 ] &&
	grep -q '<rect class="check" x="400" y="0"' "$TMP/mate.svg" &&
	grep -q 'class="to-move" cx="825" cy="50" r="15" fill="#1a1a1a"' "$TMP/mate.svg" &&
	[ "$(grep -c 'xlink:href="#[wb][PNBRQK]"' "$TMP/mate.svg")" = 31 ]; then
	pass "fen --svg: title, check mark on e8, Black's disc at the top, 31 pieces"
else
	fail "fen --svg: title, check mark on e8, Black's disc at the top, 31 pieces"
fi
run fen "$START" --svg "$TMP/start.svg" --shredder
if [ "$rc" -eq 0 ] && grep -q ">White to move</text>" "$TMP/start.svg" &&
	grep -q ">$START_SHREDDER</text>" "$TMP/start.svg" && ! grep -q 'class="check"' "$TMP/start.svg" &&
	grep -q 'class="to-move" cx="825" cy="750" r="15" fill="#ffffff"' "$TMP/start.svg"; then
	pass "fen --svg --shredder: the caption in the chosen style, White's disc at the bottom"
else
	fail "fen --svg --shredder: the caption in the chosen style, White's disc at the bottom" "exit $rc"
fi
run fen "$START" --svg "$TMP/flip.svg" --flip --title 'From <Black> & co'
if [ "$rc" -eq 0 ] && grep -q 'xlink:href="#board-flipped"' "$TMP/flip.svg" &&
	grep -q '>From &lt;Black&gt; &amp; co</text>' "$TMP/flip.svg" &&
	grep -q '<use xlink:href="#wR" x="700" y="0"/>' "$TMP/flip.svg" &&
	grep -q '<use xlink:href="#bK" x="300" y="700"/>' "$TMP/flip.svg" &&
	grep -q 'class="to-move" cx="825" cy="50"' "$TMP/flip.svg"; then
	pass "fen --svg --flip --title: a1 at the top right, e8 at the bottom, the title escaped"
else
	fail "fen --svg --flip --title" "exit $rc"
fi
run fen '4k3/8/8/8/8/8/4q3/4K3 w - - 0 1' --svg "$TMP/check.svg" --title ''
grep -q '<rect class="check" x="400" y="700"' "$TMP/check.svg" && ! grep -q 'bold[^>]*>[^<]' "$TMP/check.svg" &&
	pass "fen --svg: the check mark on e1, an empty title" || fail "fen --svg: the check mark on e1, an empty title"
run fen '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1' --svg "$TMP/stale.svg"
grep -q '>Black to move: stalemate</text>' "$TMP/stale.svg" && ! grep -q 'class="check"' "$TMP/stale.svg" &&
	pass "fen --svg: stalemate" || fail "fen --svg: stalemate"
run fen '1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1' --svg="$TMP/fields.svg" --960
[ "$rc" -eq 0 ] && grep -q '>1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1</text>' "$TMP/fields.svg" &&
	pass "fen --svg=FILE --960" || fail "fen --svg=FILE --960" "exit $rc"
run fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 --svg "$TMP/split.svg"
[ "$rc" -eq 0 ] && grep -q '>8/8/8/8/8/8/8/K1k5 w - - 0 1</text>' "$TMP/split.svg" &&
	pass "fen --svg with the FEN in separate fields" || fail "fen --svg with the FEN in separate fields"
# bad input: no file, or the old one unchanged
echo before >"$TMP/old.svg"
expect_fen_fail() {
	name=$1 want=$2
	shift 2
	rm -f "$TMP/new.svg"
	"$ARB" fen "$@" --svg "$TMP/new.svg" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	"$ARB" fen "$@" --svg "$TMP/old.svg" >/dev/null 2>&1
	if [ "$rc" -eq "$want" ] && ! [ -e "$TMP/new.svg" ] && [ "$(cat "$TMP/old.svg")" = before ] &&
		grep -q '^arbiter: fen: ' "$TMP/err"; then
		pass "$name"
	else
		fail "$name" "exit $rc, expected $want, no new file, the old one unchanged"
	fi
}
expect_fen_fail "fen --svg with a bad FEN" 1 'not a fen'
expect_fen_fail "fen --svg with a bad castling right" 1 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1'
expect_fen_fail "fen --svg --bogus" 2 "$START" --bogus
expect_fen_fail "fen --svg --title twice" 2 "$START" --title a --title b
expect_msg "fen --svg (no file)" 2 '--svg needs a value' fen "$START" --svg
expect_msg "fen --svg '' " 2 '--svg needs a file name' fen "$START" --svg ''
expect_msg "fen --svg twice" 2 '--svg given twice' fen "$START" --svg a.svg --svg b.svg
expect_msg "fen --flip without --svg" 2 '--flip goes with --svg FILE' fen "$START" --flip
expect_msg "fen --title without --svg" 2 '--title goes with --svg FILE' fen "$START" --title x
run fen "$START" --svg "$TMP/no/such/dir/x.svg"
[ "$rc" -eq 1 ] && grep -q "arbiter: fen: cannot write" "$TMP/err" &&
	pass "fen --svg to an unwritable path exits 1" || fail "fen --svg to an unwritable path exits 1" "exit $rc"
if [ -w /dev/full ]; then
	run fen "$START" --svg /dev/full
	[ "$rc" -eq 1 ] && grep -q "error writing '/dev/full'" "$TMP/err" &&
		pass "fen --svg to a full device exits 1" || fail "fen --svg to a full device exits 1" "exit $rc"
fi
run fen --help
grep -q -- '--svg FILE' "$TMP/out" && grep -q -- '--flip' "$TMP/out" && grep -q -- '--title TEXT' "$TMP/out" &&
	pass "fen --help lists --svg, --flip, --title" || fail "fen --help lists --svg, --flip, --title"
run 960 --help
grep -q -- '--id RANK' "$TMP/out" && grep -q '0-99,518' "$TMP/out" && grep -q -- '--double --rounds R' "$TMP/out" &&
	pass "960 --help: --id RANK, ranges, --double --rounds" || fail "960 --help: --id RANK, ranges, --double --rounds"

# ---- plurals and progress ----------------------------------------------------
printf '[White "A"]\n[Black "B"]\n[TimeControl "60"]\n\n1. e4 *\n' >"$TMP/one.pgn"
run pgn stats "$TMP/one.pgn"
if [ "$rc" -eq 0 ] && grep -qx "shortest: 1 ply ($TMP/one.pgn, game 1)" "$TMP/out" &&
	grep -qx 'time controls: 1 distinct in 1 game' "$TMP/out"; then
	pass "pgn stats: 1 ply, 1 game (singular)"
else
	fail "pgn stats: 1 ply, 1 game (singular)" "exit $rc"
fi
cat "$TMP/one.pgn" "$TMP/one.pgn" >"$TMP/two.pgn"
run pgn stats "$TMP/two.pgn"
check_plural() { grep -qx 'time controls: 1 distinct in 2 games' "$TMP/out"; }
if [ "$rc" -eq 0 ] && check_plural; then pass "pgn stats: 2 games (plural)"; else fail "pgn stats: 2 games (plural)" "exit $rc"; fi
# No progress when stderr is not a terminal: nothing on stderr at all.
run pgn check "$TMP/two.pgn"
if [ "$rc" -eq 0 ] && ! [ -s "$TMP/err" ]; then
	pass "pgn check: no progress when stderr is not a terminal"
else
	fail "pgn check: no progress when stderr is not a terminal" "exit $rc"
fi
# Forced (the test switch): one line a game, rewritten with CR, blanked at the end.
ARBITER_TEST_PROGRESS=1 "$ARB" pgn check "$TMP/two.pgn" >"$TMP/out" 2>"$TMP/err"
rc=$?
size=$(wc -c <"$TMP/two.pgn" | tr -d ' ')
lines_seen=$(tr '\r' '\n' <"$TMP/err" | grep -c '^pgn: [12] games\{0,1\}, [0-9]* games/s, 0\.0 of 0\.0 MB ([0-9]*%)$')
if [ "$rc" -eq 0 ] && [ "$lines_seen" -eq 2 ] && tr '\r' '\n' <"$TMP/err" | grep -q '^pgn: 1 game,' &&
	tr '\r' '\n' <"$TMP/err" | tail -n 1 | grep -q '^ *$' && [ "$(tail -n 1 "$TMP/out")" = 'games: 2, ok: 2, errors: 0' ] &&
	! grep -q "$(printf '\r')" "$TMP/out"; then
	pass "ARBITER_TEST_PROGRESS=1: a progress line a game, on stderr only, blanked at the end ($size bytes)"
else
	fail "ARBITER_TEST_PROGRESS=1: a progress line a game, on stderr only, blanked at the end" "exit $rc, $lines_seen lines"
fi
cat "$TMP/two.pgn" | ARBITER_TEST_PROGRESS=1 "$ARB" pgn stats - >"$TMP/out" 2>"$TMP/err"
if tr '\r' '\n' <"$TMP/err" | grep -q '^pgn: 2 games, [0-9]* games/s, 0\.0 MB$'; then
	pass "progress through a pipe: bytes read, no total"
else
	fail "progress through a pipe: bytes read, no total"
fi
# A broken game's message is not written over by the progress line.
printf '[Event "x"]\n\n1. e4 e5 2. Ke3 *\n' | cat "$TMP/one.pgn" - "$TMP/one.pgn" >"$TMP/bad.pgn"
ARBITER_TEST_PROGRESS=1 "$ARB" pgn convert "$TMP/bad.pgn" >"$TMP/out" 2>"$TMP/err"
if tr '\r' '\n' <"$TMP/err" | grep -q "^$TMP/bad.pgn:[0-9]*:[0-9]*: game 2: SAN 'Ke3'"; then
	pass "progress: a message starts on a blanked line"
else
	fail "progress: a message starts on a blanked line"
fi
# A real terminal (script(1) gives the command a pty), when script is there.
if command -v script >/dev/null 2>&1 && script -qc true /dev/null >/dev/null 2>&1; then
	script -qc "'$ARB' pgn check '$TMP/two.pgn'" /dev/null >"$TMP/out" 2>&1 </dev/null
	if tr '\r' '\n' <"$TMP/out" | grep -q '^pgn: 1 game, [0-9]* games/s, 0\.0 of 0\.0 MB' &&
		tr '\r' '\n' <"$TMP/out" | grep -q '^games: 2, ok: 2, errors: 0'; then
		pass "progress on a terminal (script -qc): shown, then the summary on a clean line"
	else
		fail "progress on a terminal (script -qc): shown, then the summary on a clean line"
	fi
else
	pass "progress on a terminal: skipped (no script(1))"
fi

echo "cli: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
