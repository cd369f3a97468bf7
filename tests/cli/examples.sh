#!/bin/sh
# tests/cli/examples.sh CLI SOURCE_DIR WORK_DIR EXAMPLE -- the CTest check of
# one example (test example_EXAMPLE, tests/CMakeLists.txt): runs
# examples/EXAMPLE.lua through `CLI run` and checks its output against the
# CLI's own commands.
set -eu
cli=$1 src=$2 work=$3 example=$4
case $cli in /*) ;; *) cli=$PWD/$cli ;; esac
script="$src/examples/$example.lua"
fail() { echo "FAIL ($example): $*" >&2; exit 1; }
mkdir -p "$work"

case $example in
most_first_moves)
	"$cli" run "$script" > "$work/top.txt"
	[ "$(wc -l < "$work/top.txt")" -eq 10 ] || fail "expected 10 lines"
	read -r n rank first nodes < "$work/top.txt"
	# The first line, recomputed by the CLI.
	line=$("$cli" 960 --all | awk -v n="$n" '$1 == n')
	set -- $line
	[ "$2" = "$rank" ] || fail "back rank of $n: $2, script says $rank"
	fen="$3 $4 $5 $6 $7 $8"
	[ "$("$cli" perft 1 "$fen" --960 | tail -n 1)" = "$first" ] || fail "perft 1 of $n"
	[ "$("$cli" perft 4 "$fen" --960 | tail -n 1)" = "$nodes" ] || fail "perft 4 of $n"
	# No position has more first moves; none with as many beats it on
	# perft 4 or, equal there, on the number.
	"$cli" 960 --all | while read -r m r f; do
		p1=$("$cli" perft 1 "$f" --960 | tail -n 1)
		[ "$p1" -le "$first" ] || fail "$m has $p1 first moves"
		if [ "$p1" -eq "$first" ] && [ "$m" -ne "$n" ]; then
			p4=$("$cli" perft 4 "$f" --960 | tail -n 1)
			[ "$p4" -lt "$nodes" ] || { [ "$p4" -eq "$nodes" ] && [ "$m" -gt "$n" ]; } ||
				fail "$m ($p1, $p4) should come before $n"
		fi
	done
	# COUNT and DEPTH: 3 lines, perft 2 in the last column.
	"$cli" run "$script" 3 2 > "$work/top3.txt"
	[ "$(wc -l < "$work/top3.txt")" -eq 3 ] || fail "expected 3 lines with COUNT 3"
	while read -r m r f p; do
		fen=$("$cli" 960 "$m")
		[ "$("$cli" perft 2 "$fen" --960 | tail -n 1)" = "$p" ] || fail "perft 2 of $m"
	done < "$work/top3.txt"
	;;
missed_threefold)
	"$cli" run "$script" "$src/examples/data/repetition.pgn" > "$work/repetition.txt"
	cat > "$work/expected.txt" <<'END'
game 1: Alpha - Beta, ply 8: could claim (position occurred 3 times)
game 3: Epsilon - Zeta, ply 10: could claim (position occurred 3 times)
game 5: Iota - Kappa, ply 7: could claim with Ng8
5 games, 3 with a missed threefold claim
END
	diff "$work/expected.txt" "$work/repetition.txt" || fail "output on repetition.pgn"
	# Real collections: exit 0, the summary line last with every game read.
	for pgn in "$src"/tests/data/pgn/*.pgn; do
		"$cli" run "$script" "$pgn" > "$work/real.txt" || fail "exit status on $pgn"
		games=$(grep -c '^\[Event ' "$pgn")
		tail -n 1 "$work/real.txt" | grep -Eq "^$games games, [0-9]+ with a missed threefold claim\$" ||
			fail "summary on $pgn: $(tail -n 1 "$work/real.txt")"
	done
	;;
draw960_svg)
	for seed in 2024 7 18446744073709551615; do
		rm -f "$work"/round-*.svg
		"$cli" run "$script" "$seed" "$work" > "$work/draw.txt"
		"$cli" 960 --rounds 9 --seed "$seed" | awk '{ print "round " $1 ": " $2 " " $3 }' > "$work/cli.txt"
		diff "$work/cli.txt" "$work/draw.txt" || fail "draw for seed $seed differs from the CLI's"
		for r in 1 2 3 4 5 6 7 8 9; do
			svg="$work/round-$r.svg"
			[ -f "$svg" ] || fail "$svg missing"
			[ "$(head -c 4 "$svg")" = "<svg" ] || fail "$svg does not start with <svg"
			grep -q 'xmlns="http://www.w3.org/2000/svg"' "$svg" || fail "$svg: no xmlns"
			[ "$(grep -c 'class="square"' "$svg")" -eq 64 ] || fail "$svg: not 64 squares"
			tail -n 1 "$svg" | grep -q '^</svg>$' || fail "$svg: no </svg> at the end"
		done
	done
	# The default seed and directory.
	(cd "$work" && "$cli" run "$script" > default.txt)
	"$cli" 960 --rounds 9 --seed 2024 | awk '{ print "round " $1 ": " $2 " " $3 }' |
		diff - "$work/default.txt" || fail "default seed is not 2024"
	[ -f "$work/round-9.svg" ] || fail "no round-9.svg in the current directory"
	;;
engine_swiss)
	# Seven fake engines (tests/tools/fake_uci.lua) in a 3-round Swiss: every
	# round the Dutch pairing `tournament check` makes itself, every game
	# printed, and the standings `tournament standings` gives.
	fake="$src/tests/tools/fake_uci.lua"
	set --
	for i in 1 2 3 4 5 6 7; do set -- "$@" "$cli run $fake play=capture seed=$i"; done
	rm -f "$work/swiss.trf"
	"$cli" run "$script" 3 60+1 "$work/swiss.trf" "$@" > "$work/swiss.txt" || fail "exit status"
	[ "$(grep -c '^round [1-3] board [1-3]: ' "$work/swiss.txt")" -eq 9 ] || fail "not 9 games"
	[ "$(grep -c '^round [1-3] bye (U): ' "$work/swiss.txt")" -eq 3 ] || fail "not 3 byes"
	for r in 1 2 3; do
		"$cli" tournament check "$work/swiss.trf" --round "$r" | grep -q "^round $r: the same pairing" ||
			fail "round $r is not the Dutch pairing"
	done
	"$cli" tournament standings "$work/swiss.trf" | awk 'NR > 1 { print $1, $2, $3 }' > "$work/cli.txt"
	grep -v '^round ' "$work/swiss.txt" | awk '{ print $1, $3, $4 }' > "$work/script.txt"
	diff "$work/cli.txt" "$work/script.txt" || fail "standings differ from tournament standings"
	# Bad usage: a message and exit 2.
	if "$cli" run "$script" 4 60+1 2> "$work/err.txt"; then fail "no engines accepted"; fi
	grep -q "^usage:" "$work/err.txt" || fail "no usage message"
	;;
*)
	fail "unknown example"
	;;
esac
echo "ok: $example"
