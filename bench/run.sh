#!/bin/sh
# bench/run.sh BUILD_DIR -- perft speed of arbiter against Stockfish's
# `go perft`, single thread, same positions, same run, best of 3 each.
#
# The positions come from `arbiter_bench --list`, so both programs count the
# same trees. The two programs take turns: each round times every position
# once with arbiter, then once with Stockfish, so a busy machine slows both
# alike; the best round counts. Stockfish is driven by bench/sf_perft: only
# `go perft N` .. "Nodes searched" is timed, inside a session that is already
# up and warmed with `go perft 1`, so process start-up and the NNUE load are
# not counted. Without Stockfish, only arbiter's figures are printed.
#
# Environment: STOCKFISH=path (default: stockfish on PATH, then
# /usr/games/stockfish), REPEAT=N rounds (default 3), CC (to build sf_perft
# when BUILD_DIR has none).
# Exit status: 0, or 1 if a node count is wrong or the two programs disagree.
set -u

build=${1:-}
if [ -z "$build" ]; then
	echo "usage: sh bench/run.sh BUILD_DIR" >&2
	exit 2
fi
repeat=${REPEAT:-3}
srcdir=$(cd "$(dirname "$0")" && pwd)
bench=$build/arbiter_bench
if [ ! -x "$bench" ]; then
	echo "bench: $bench not found; build it first (make bench)" >&2
	exit 2
fi

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

if ! "$bench" --list >"$tmp/list.tsv"; then
	echo "bench: arbiter_bench --list failed" >&2
	exit 1
fi
: >"$tmp/arbiter.csv"
: >"$tmp/sf.csv"
status=0

# ---- find Stockfish and the driver ---------------------------------------
sf=${STOCKFISH:-}
if [ -z "$sf" ]; then
	sf=$(command -v stockfish 2>/dev/null) || sf=""
	if [ -z "$sf" ] && [ -x /usr/games/stockfish ]; then
		sf=/usr/games/stockfish
	fi
fi
driver=""
if [ -z "$sf" ]; then
	echo "bench: stockfish not found (set STOCKFISH=path); arbiter only"
elif [ -x "$build/sf_perft" ]; then
	driver=$build/sf_perft
elif ${CC:-cc} -O2 -std=c11 -o "$tmp/sf_perft" "$srcdir/sf_perft.c" 2>"$tmp/cc.log"; then
	driver=$tmp/sf_perft
else
	echo "bench: cannot build bench/sf_perft.c; arbiter only:" >&2
	cat "$tmp/cc.log" >&2
fi

echo "bench: arbiter $("$build/arbiter" --version 2>/dev/null | sed 's/^arbiter //')" \
	"($bench), single thread"
if [ -n "$driver" ]; then
	info=$(printf 'compiler\nquit\n' | "$sf" 2>/dev/null |
		sed -n 's/^Compilation settings include: *//p')
	echo "bench: $sf (${info:-build unknown}), Threads 1"
fi

# ---- the rounds -------------------------------------------------------------
# append CSV_FILE OUTPUT_FILE: adds the data line(s) of one run's CSV output.
append() {
	sed 1d "$2" >>"$1"
}

round=1
while [ "$round" -le "$repeat" ]; do
	printf 'bench: round %d/%d:' "$round" "$repeat"
	while IFS= read -r line; do
		name=${line%%"	"*}
		printf ' %s' "$name"
		"$bench" --csv --repeat 1 --only "$name" </dev/null >"$tmp/one.csv" || status=1
		append "$tmp/arbiter.csv" "$tmp/one.csv"
		[ -n "$driver" ] || continue
		printf '%s\n' "$line" | "$driver" --csv --repeat 1 "$sf" >"$tmp/one.csv"
		case $? in
		0) append "$tmp/sf.csv" "$tmp/one.csv" ;;
		1)
			append "$tmp/sf.csv" "$tmp/one.csv"
			status=1
			;;
		*)
			echo
			echo "bench: Stockfish failed; arbiter only from here" >&2
			driver=""
			: >"$tmp/sf.csv"
			;;
		esac
	done <"$tmp/list.tsv"
	echo
	round=$((round + 1))
done

# ---- the table: best (shortest) time of each position on each side ---------
echo
awk -F, -v have_sf="$([ -s "$tmp/sf.csv" ] && echo 1 || echo 0)" '
	function best(side, k, t) {
		t += 0
		if (!((side, k) in secs) || t < secs[side, k])
			secs[side, k] = t
	}
	FILENAME ~ /sf\.csv$/ { best("sf", $1, $4); sfnodes[$1] = $3; next }
	{
		if (!($1 in depth)) {
			name[++n] = $1
			depth[$1] = $2
			nodes[$1] = $3
		}
		best("a", $1, $4)
	}
	function mnps(side, k) {
		return secs[side, k] > 0 ? nodes[k] / secs[side, k] / 1e6 : 0
	}
	END {
		if (!have_sf) {
			printf "%-28s %5s %12s %9s %10s\n", "position", "depth", "nodes",
			    "seconds", "Mnodes/s"
			for (i = 1; i <= n; i++) {
				k = name[i]
				printf "%-28s %5s %12s %9.3f %10.1f\n", k, depth[k], nodes[k],
				    secs["a", k], mnps("a", k)
			}
			exit 0
		}
		printf "%-28s %5s %12s %10s %10s %7s\n", "position", "depth", "nodes",
		    "arbiter", "stockfish", "ratio"
		printf "%-28s %5s %12s %10s %10s %7s\n", "", "", "", "Mnodes/s", "Mnodes/s",
		    "a/sf"
		bad = 0
		for (i = 1; i <= n; i++) {
			k = name[i]
			if (!(k in sfnodes)) {
				printf "%-28s %5s %12s %10.1f %10s %7s\n", k, depth[k], nodes[k],
				    mnps("a", k), "-", "-"
				continue
			}
			sf = mnps("sf", k)
			ratio = sf > 0 ? mnps("a", k) / sf : 0
			printf "%-28s %5s %12s %10.1f %10.1f %7.2f\n", k, depth[k], nodes[k],
			    mnps("a", k), sf, ratio
			if (sfnodes[k] != nodes[k]) {
				printf "bench: %s: arbiter counts %s nodes, stockfish %s\n", k,
				    nodes[k], sfnodes[k] > "/dev/stderr"
				bad = 1
			}
		}
		exit bad
	}' "$tmp/sf.csv" "$tmp/arbiter.csv" || status=1

if [ "$status" != 0 ]; then
	echo "bench: node count mismatch (see above)" >&2
fi
exit "$status"
