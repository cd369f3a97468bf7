#!/bin/sh
# scripts/demo.sh BINARY -- what `make run` shows: a short tour of the
# `arbiter` command (perft, Chess960, divide, legal moves, FEN conversion and
# a rejected FEN). Takes well under a second. Exits non-zero if a command
# fails unexpectedly or a node count is not the known one.
set -eu

bin=${1:-build/arbiter}
if [ ! -x "$bin" ]; then
	echo "demo: $bin not found or not executable; build first (make)" >&2
	exit 2
fi

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
C960_0='bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1'
KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
CASTLING='r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
INNER_ROOK='1rk2rr1/1ppppppp/8/8/8/8/1PPPPPPP/1RK2RR1 w FQfq - 0 1'
NO_ROOK='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1'

heading() {
	printf '\n== %s\n' "$*"
}

fail() {
	echo "demo: $*" >&2
	exit 1
}

# perft_table FEN EXPECTED... : perft 1..N, checked against the known counts.
perft_table() {
	fen=$1
	shift
	depth=1
	for want in "$@"; do
		got=$("$bin" perft "$depth" "$fen")
		printf '  perft %d  %10s\n' "$depth" "$got"
		[ "$got" = "$want" ] || fail "perft $depth: got $got, expected $want"
		depth=$((depth + 1))
	done
}

printf '%s\n' "$("$bin" --version)"

heading "perft, start position  ($START)"
perft_table "$START" 20 400 8902 197281 4865609

heading "perft, Chess960 start position 0  ($C960_0)"
perft_table "$C960_0" 20 400 9006 201143

heading "divide at depth 1, Kiwipete  (arbiter perft 1 FEN --divide)"
out=$("$bin" perft 1 "$KIWIPETE" --divide)
printf '%s\n' "$out" | sed '/^$/,$d' | paste - - - - - - | sed 's/^/  /'
total=$(printf '%s\n' "$out" | tail -n 1)
printf '  total: %s\n' "$total"
[ "$total" = 48 ] || fail "Kiwipete perft 1: got $total, expected 48"

heading "legal moves  ($CASTLING)"
out=$("$bin" moves "$CASTLING")
printf '%s\n' "$out" | xargs -n 9 | sed 's/^/  /'
count=$(printf '%s\n' "$out" | wc -l | tr -d ' ')
out=$("$bin" moves "$CASTLING" --960)
castles=$(printf '%s\n' "$out" | grep '^e1[ah]1$' | tr '\n' ' ')
printf '  %s moves; castling in Chess960 notation (--960): %s\n' "$count" "$castles"

heading "FEN: X-FEN -> Shredder-FEN -> X-FEN"
shredder=$("$bin" fen "$INNER_ROOK" --shredder)
xfen=$("$bin" fen "$shredder")
printf '  X-FEN     %s\n  Shredder  %s\n  X-FEN     %s\n' "$INNER_ROOK" "$shredder" "$xfen"
[ "$xfen" = "$INNER_ROOK" ] || fail "the X-FEN did not come back unchanged"

heading "a rejected FEN  (arbiter fen '$NO_ROOK')"
rc=0
out=$("$bin" fen "$NO_ROOK" 2>&1) || rc=$?
printf '  %s\n  exit status %d\n' "$out" "$rc"
[ "$rc" = 1 ] || fail "expected exit status 1 for a rejected FEN, got $rc"
out=$("$bin" fen "$NO_ROOK" --repair 2>&1)
printf '  with --repair:\n%s\n' "$(printf '%s\n' "$out" | sed 's/^/    /')"
