#!/bin/sh
# bench/match_bench.sh BUILD_DIR -- `arbiter match`, the engine runner:
# - the runner's overhead per move (from reading an engine's bestmove to
#   sending the next go: the line `arbiter match` prints at the end), with
#   Stockfish at a fixed node count and with the fake engine
#   (tests/tools/fake_uci.lua), whose moves cost nothing;
# - games per minute, Stockfish against itself at MATCH_BENCH_NODES nodes a
#   move (default 2000) without a clock, MATCH_BENCH_GAMES games (default
#   20), --concurrency 1 and 2; and when FASTCHESS_BIN names a fastchess
#   binary (built outside the repository: a peer, never a dependency), the
#   same match run by it in the same run, and the ratio;
# - memory over a long match: the runner's peak RSS in a 100-game and a
#   1,000-game match between two fake engines (flat: the games are written
#   as they end).
# Needs stockfish (skipped parts say so). Exit status 0; 2 for a bad setup.
set -u
build=${1:-}
arb=$build/arbiter
here=$(cd "$(dirname "$0")/.." && pwd)
fake=$here/tests/tools/fake_uci.lua
if [ -z "$build" ] || [ ! -x "$arb" ]; then
	echo "bench: match: $arb not found; build it first (make bench)" >&2
	exit 2
fi
case $arb in /*) ;; *) arb=$PWD/$arb ;; esac
nodes=${MATCH_BENCH_NODES:-2000}
games=${MATCH_BENCH_GAMES:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
sf=$(command -v stockfish 2>/dev/null || ls /usr/games/stockfish 2>/dev/null)
timer=""
[ -x /usr/bin/time ] && timer="/usr/bin/time -f %e:%M -o $tmp/time"

# run NAME CMD...: wall seconds and peak KiB of CMD into $secs and $kib
run() {
	name=$1
	shift
	start=$(date +%s.%N)
	$timer "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	end=$(date +%s.%N)
	secs=$(echo "$start $end" | awk '{printf "%.2f", $2 - $1}')
	kib=$([ -s "$tmp/time" ] && cut -d: -f2 "$tmp/time" || echo "?")
}
overhead() { sed -n 's/^runner overhead per move[^:]*: //p' "$tmp/$1.out"; }
# the runner's own peak (its engines aside), as `arbiter match` reports it
self_kib() { sed -n 's/^runner peak memory: //p' "$tmp/$1.out"; }
per_min() { echo "$1 $2" | awk '{ if ($2 > 0) printf "%.1f", 60 * $1 / $2; else print "?" }'; }
pgn_games() { grep -c '^\[Result ' "$1" 2>/dev/null || echo 0; }
# the plies of a PGN file's games (move numbers and results aside)
plies() {
	sed '/^\[/d' "$1" | tr '\n' ' ' | sed 's/{[^}]*}//g' | tr -s ' ' '\n' |
		grep -v -e '^[0-9]*\.' -e '^[0-9]*\.\.\.$' -e '^1-0$' -e '^0-1$' -e '^1/2-1/2$' -e '^\*$' -e '^$' | wc -l
}

fakeeng="cmd=$arb,arg=run,arg=$fake"
run fake_overhead "$arb" match --engine "$fakeeng,name=a,arg=play=capture,arg=seed=1" \
	--engine "$fakeeng,name=b,arg=play=capture,arg=seed=2" --tc 600+1 --games 20 --quiet
echo "bench: match: fake engines, 20 games: overhead $(overhead fake_overhead)"

if [ -z "$sf" ]; then
	echo "bench: match: stockfish not found (apt-get install stockfish); the Stockfish parts skipped"
else
	# openings: the position after 8 plies of the first games of a collection,
	# one per pair of games, for both runners (4 EPD fields)
	"$arb" pgn convert --to epd "$here/tests/data/pgn/pgnmentor-Capablanca.pgn" 2>/dev/null |
		grep 'ply 8";' | head -n $((games / 2)) | cut -d' ' -f1-4 >"$tmp/open.epd"
	for c in 1 2; do
		run "sf$c" "$arb" match --engine "cmd=$sf,name=sf1,option.Hash=16,nodes=$nodes" \
			--engine "cmd=$sf,name=sf2,option.Hash=16,nodes=$nodes" --games "$games" \
			--openings "$tmp/open.epd" --concurrency "$c" --quiet --pgn "$tmp/sf$c.pgn"
		eval "arb_secs_$c=$secs"
		echo "bench: match: arbiter, stockfish nodes=$nodes, $games games, concurrency $c:" \
			"$secs s, $(per_min "$(pgn_games "$tmp/sf$c.pgn")" "$secs") games/min," \
			"$(plies "$tmp/sf$c.pgn") plies;" \
			"runner peak $(self_kib "sf$c"); overhead $(overhead "sf$c")"
	done
	if [ -n "${FASTCHESS_BIN:-}" ] && [ -x "$FASTCHESS_BIN" ]; then
		for c in 1 2; do
			(cd "$tmp" && run "fc$c" "$FASTCHESS_BIN" -engine "cmd=$sf" name=sf1 -engine "cmd=$sf" name=sf2 \
				-each tc=inf "nodes=$nodes" option.Hash=16 -rounds $((games / 2)) -games 2 \
				-openings "file=$tmp/open.epd" format=epd order=sequential \
				-concurrency "$c" -pgnout "file=$tmp/fc$c.pgn"
			eval "a=\$arb_secs_$c"
			echo "bench: match: fastchess, the same match, concurrency $c: $secs s," \
				"$(per_min "$(pgn_games "$tmp/fc$c.pgn")" "$secs") games/min," \
				"$(plies "$tmp/fc$c.pgn") plies;" \
				"time fastchess / arbiter: $(echo "$secs $a" | awk '{printf "%.2f", $1 / $2}')")
		done
	else
		echo "bench: match: FASTCHESS_BIN not set: no peer timed (build fastchess outside the repository)"
	fi
fi

for n in 100 1000; do
	run "mem$n" "$arb" match --engine "$fakeeng,name=a,arg=play=capture,arg=seed=3" \
		--engine "$fakeeng,name=b,arg=play=capture,arg=seed=4" --tc 600+1 --games "$n" \
		--concurrency 2 --quiet --pgn "$tmp/mem$n.pgn"
	echo "bench: match: fake engines, $n games, concurrency 2: $secs s, runner peak" \
		"$(self_kib "mem$n"), $(pgn_games "$tmp/mem$n.pgn") games written; overhead $(overhead "mem$n")"
done
exit 0
