#!/bin/sh
# bench/pgn_bench.sh BUILD_DIR -- PGN throughput of `arbiter pgn check`
# --jobs 1, one thread like its peers (read every game, match every SAN to a
# legal move and play it, check tags, comments and commands) on the six real
# game collections concatenated (1x) and on that input ten times over (10x):
# games/s, plies/s and peak memory (which should not grow with the input: the
# reader streams). `arbiter pgn convert` (the same reading, then export-format
# PGN written to /dev/null) is timed too. Peers, each in the same run on the
# same input, with the ratios printed:
#  - chess-library (Disservin, C++) when CHESSLIB_BIN names a build of a
#    program on its StreamParser whose visitor reads each move with
#    uci::parseSan and plays it with makeMove (what its example/main.cpp
#    does): the same work as `check`. It is a benchmark only: the repository
#    holds neither its code nor a recipe for it; build it by hand elsewhere
#    (g++ -std=c++17 -O3 -march=native -DNDEBUG -Iinclude example/main.cpp).
#  - pgn-extract, when installed: parse, validate every move, write the
#    games in SAN to /dev/null (the work of `convert`).
#
# Input: tests/data/pgn/ (the project's copies), else ../shared/pgn.
# Times are wall times, best of REPEAT (default 3) rounds; in each round every
# program runs once on each input, so a busy machine slows all alike.
# Peak RSS: /usr/bin/time -f %M when present (Debian package `time`), else
# VmHWM polled from /proc/PID/status in one extra run (the script says which).
#
# Environment: CHESSLIB_BIN=path (no default), PGN_EXTRACT=path (default:
# pgn-extract on PATH, then /usr/games/pgn-extract), REPEAT=N.
# Exit status: 0, 1 if arbiter fails or finds an error, 2 for a bad setup.
set -u

build=${1:-}
if [ -z "$build" ]; then
	echo "usage: sh bench/pgn_bench.sh BUILD_DIR" >&2
	exit 2
fi
repeat=${REPEAT:-3}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
arbiter=$build/arbiter
if [ ! -x "$arbiter" ]; then
	echo "bench: pgn: $arbiter not found; build it first (make bench)" >&2
	exit 2
fi

# ---- the input ----------------------------------------------------------------
files="pgnmentor-Morphy.pgn pgnmentor-Steinitz.pgn pgnmentor-Capablanca.pgn
pgnmentor-Fischer.pgn pgnmentor-Lasker.pgn lichess-DrDrunkenstein-2019-01-29.pgn"

# has_all DIR: true if DIR holds all six files.
has_all() {
	for f in $files; do
		[ -f "$1/$f" ] || return 1
	done
	return 0
}

data=""
for d in "$srcdir/tests/data/pgn" "$srcdir/../shared/pgn"; do
	if has_all "$d"; then
		data=$(cd "$d" && pwd)
		break
	fi
done
if [ -z "$data" ]; then
	echo "bench: pgn: the six game collections are in neither tests/data/pgn nor ../shared/pgn" >&2
	exit 2
fi

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

for f in $files; do
	cat "$data/$f"
done >"$tmp/1x.pgn"
i=0
while [ "$i" -lt 10 ]; do
	cat "$tmp/1x.pgn"
	i=$((i + 1))
done >"$tmp/10x.pgn"

# ---- clocks and memory ----------------------------------------------------------
# now_ns: wall clock in nanoseconds (GNU date).
now_ns() {
	date +%s%N
}
case $(now_ns) in
*[!0-9]*)
	echo "bench: pgn: date +%s%N is not supported here (GNU coreutils needed)" >&2
	exit 2
	;;
esac

if [ -x /usr/bin/time ] && /usr/bin/time -f %M -o "$tmp/probe" true 2>/dev/null; then
	rss_method="/usr/bin/time -f %M"
else
	rss_method="VmHWM from /proc/PID/status (polled every 10 ms)"
fi

# timed NAME OUT CMD...: runs CMD once (stdout to OUT, stderr to
# $tmp/NAME.err), appends its wall time in seconds to $tmp/NAME.secs and, with
# /usr/bin/time, its peak RSS in KB to $tmp/NAME.rss. Returns CMD's status.
timed() {
	name=$1
	out=$2
	shift 2
	t0=$(now_ns)
	if [ "$rss_method" = "/usr/bin/time -f %M" ]; then
		/usr/bin/time -f %M -o "$tmp/$name.time" "$@" >"$out" 2>"$tmp/$name.err"
		rc=$?
		t1=$(now_ns)
		tail -n 1 "$tmp/$name.time" >>"$tmp/$name.rss"
	else
		"$@" >"$out" 2>"$tmp/$name.err"
		rc=$?
		t1=$(now_ns)
	fi
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", (b - a) / 1e9 }' >>"$tmp/$name.secs"
	return "$rc"
}

# hwm NAME CMD...: runs CMD once, polling its VmHWM; appends it to $tmp/NAME.rss.
hwm() {
	name=$1
	shift
	"$@" >/dev/null 2>&1 &
	pid=$!
	peak=0
	while [ -r "/proc/$pid/status" ]; do
		while read -r key value _; do
			if [ "$key" = "VmHWM:" ] && [ "$value" -gt "$peak" ]; then
				peak=$value
			fi
		done 2>/dev/null <"/proc/$pid/status"
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.01
	done
	wait "$pid"
	echo "$peak" >>"$tmp/$name.rss"
}

# ---- pgn-extract ----------------------------------------------------------------
px=${PGN_EXTRACT:-}
if [ -z "$px" ]; then
	px=$(command -v pgn-extract 2>/dev/null) || px=""
	if [ -z "$px" ] && [ -x /usr/games/pgn-extract ]; then
		px=/usr/games/pgn-extract
	fi
fi

# ---- chess-library ------------------------------------------------------------------
cl=${CHESSLIB_BIN:-}
if [ -n "$cl" ] && [ ! -x "$cl" ]; then
	echo "bench: pgn: CHESSLIB_BIN=$cl is not an executable; chess-library left out" >&2
	cl=""
fi

# ---- what each program does -------------------------------------------------------
status=0
echo "bench: pgn: arbiter $("$arbiter" --version 2>/dev/null | sed 's/^arbiter //')" \
	"($arbiter pgn check FILE), input from $data"
"$arbiter" pgn stats "$tmp/1x.pgn" >"$tmp/stats1.out" 2>&1
"$arbiter" pgn stats "$tmp/10x.pgn" >"$tmp/stats10.out" 2>&1
plies1=$(sed -n 's/^plies: //p' "$tmp/stats1.out")
plies10=$(sed -n 's/^plies: //p' "$tmp/stats10.out")
games1=$(sed -n 's/^games: //p' "$tmp/stats1.out")
games10=$(sed -n 's/^games: //p' "$tmp/stats10.out")
if [ -z "$plies1" ] || [ -z "$plies10" ] || [ -z "$games1" ] || [ -z "$games10" ]; then
	echo "bench: pgn: arbiter pgn stats failed:" >&2
	cat "$tmp/stats1.out" "$tmp/stats10.out" >&2
	exit 1
fi
echo "bench: pgn: input 1x = $games1 games, $plies1 plies," \
	"$(wc -c <"$tmp/1x.pgn" | tr -d ' ') bytes; 10x = $games10 games"

if [ -n "$px" ]; then
	pxcmd="$px -s -Wsan -o /dev/null FILE"
	# One untimed run without -s: it ends with "N games matched out of M."
	"$px" -Wsan -o /dev/null "$tmp/1x.pgn" >/dev/null 2>"$tmp/pxcheck.err"
	matched=$(tr '\r' '\n' <"$tmp/pxcheck.err" |
		grep -o '[0-9][0-9]* games matched out of [0-9][0-9]*' | tail -n 1 |
		awk '{ print $1, $6 }')
	echo "bench: pgn: $pxcmd (pgn-extract $("$px" -h 2>&1 | sed -n '1s/^pgn-extract \(v[^ ]*\).*/\1/p'))"
	if [ "$matched" = "$games1 $games1" ]; then
		echo "bench: pgn: pgn-extract reads all $games1 games of the 1x input"
	else
		echo "bench: pgn: warning: pgn-extract matched '${matched:-?}' (matched, read)" \
			"of $games1 games; its figures may not be comparable"
	fi
else
	echo "bench: pgn: pgn-extract not found (apt-get install pgn-extract)"
fi
if [ -n "$cl" ]; then
	# One untimed run: it ends with "Parsed P positions from G games in S s".
	"$cl" "$tmp/1x.pgn" >"$tmp/clcheck.out" 2>&1
	clcount=$(sed -n 's/^Parsed \([0-9]*\) positions from \([0-9]*\) games.*/\1 \2/p' \
		"$tmp/clcheck.out")
	echo "bench: pgn: $cl FILE (chess-library)"
	if [ "$clcount" = "$plies1 $games1" ]; then
		echo "bench: pgn: chess-library reads all $games1 games and $plies1 plies of the 1x input"
	else
		echo "bench: pgn: warning: chess-library read '${clcount:-?}' (plies, games)" \
			"of $plies1 $games1; its figures may not be comparable"
	fi
else
	echo "bench: pgn: CHESSLIB_BIN not set (a chess-library PGN reader, built by hand)"
fi
echo "bench: pgn: peak RSS by $rss_method; wall time, best of $repeat"

# ---- the rounds -------------------------------------------------------------------
round=1
while [ "$round" -le "$repeat" ]; do
	printf 'bench: pgn: round %d/%d:' "$round" "$repeat"
	for size in 1x 10x; do
		printf ' check-%s' "$size"
		if ! timed "a$size" "$tmp/a$size.out" "$arbiter" pgn check --jobs 1 "$tmp/$size.pgn"; then
			echo
			echo "bench: pgn: arbiter pgn check $size failed:" >&2
			tail -n 5 "$tmp/a$size.out" "$tmp/a$size.err" >&2
			exit 1
		fi
		printf ' convert-%s' "$size"
		if ! timed "c$size" /dev/null "$arbiter" pgn convert --jobs 1 "$tmp/$size.pgn"; then
			echo
			echo "bench: pgn: arbiter pgn convert $size failed:" >&2
			tail -n 5 "$tmp/c$size.err" >&2
			exit 1
		fi
		if [ -n "$cl" ]; then
			printf ' chess-library-%s' "$size"
			if ! timed "l$size" /dev/null "$cl" "$tmp/$size.pgn"; then
				echo
				echo "bench: pgn: chess-library failed; left out from here" >&2
				cl=""
			fi
		fi
		[ -n "$px" ] || continue
		printf ' pgn-extract-%s' "$size"
		if ! timed "p$size" /dev/null "$px" -s -Wsan -o /dev/null "$tmp/$size.pgn"; then
			echo
			echo "bench: pgn: pgn-extract failed; left out from here" >&2
			px=""
		fi
	done
	echo
	round=$((round + 1))
done
if [ "$rss_method" != "/usr/bin/time -f %M" ]; then
	for size in 1x 10x; do
		hwm "a$size" "$arbiter" pgn check --jobs 1 "$tmp/$size.pgn"
		hwm "c$size" "$arbiter" pgn convert --jobs 1 "$tmp/$size.pgn"
		[ -z "$cl" ] || hwm "l$size" "$cl" "$tmp/$size.pgn"
		[ -z "$px" ] || hwm "p$size" "$px" -s -Wsan -o /dev/null "$tmp/$size.pgn"
	done
fi
for size in 1x 10x; do
	summary=$(tail -n 1 "$tmp/a$size.out")
	case $summary in
	*", errors: 0") ;;
	*)
		echo "bench: pgn: arbiter pgn check $size: $summary" >&2
		status=1
		;;
	esac
done

# ---- the table ------------------------------------------------------------------------
# best FILE: the least number in FILE; peak FILE: the largest.
best() {
	sort -g "$1" | head -n 1
}
peak() {
	sort -g "$1" | tail -n 1
}

echo
printf '%-16s %5s %8s %9s %10s %11s %11s\n' program input games seconds games/s plies/s \
	"peak RSS"
for prog in a c l p; do
	[ -s "$tmp/${prog}1x.secs" ] || continue
	case $prog in
	a) name="arbiter check" ;;
	c) name="arbiter convert" ;;
	l) name="chess-library" ;;
	*) name="pgn-extract" ;;
	esac
	for size in 1x 10x; do
		[ -s "$tmp/$prog$size.secs" ] || continue
		if [ "$size" = 1x ]; then
			g=$games1 p=$plies1
		else
			g=$games10 p=$plies10
		fi
		awk -v n="$name" -v sz="$size" -v g="$g" -v p="$p" -v s="$(best "$tmp/$prog$size.secs")" \
			-v kb="$(peak "$tmp/$prog$size.rss" 2>/dev/null)" 'BEGIN {
			gs = s > 0 ? g / s : 0
			ps = s > 0 ? p / s : 0
			if (kb == "")
				kb = "?"
			printf "%-16s %5s %8d %9.3f %10.0f %11.0f %8s KB\n", n, sz, g, s, gs, ps, kb
		}'
	done
done
# ratio WHAT PROG PEER NAME SIZE: games/s of arbiter PROG over those of PEER
# (its file letter; NAME as printed) on SIZE (above 1: arbiter is faster).
ratio() {
	awk -v w="$1" -v n="$4" -v sz="$5" -v a="$(best "$tmp/$2$5.secs")" \
		-v p="$(best "$tmp/$3$5.secs")" 'BEGIN {
		r = a > 0 ? p / a : 0
		printf "ratio %s / %s, games/s, %s: %.2f\n", w, n, sz, r
	}'
}

echo
for size in 1x 10x; do
	if [ -s "$tmp/l$size.secs" ]; then
		ratio "arbiter check" a l chess-library "$size"
	fi
	if [ -s "$tmp/p$size.secs" ]; then
		ratio "arbiter check" a p pgn-extract "$size"
		ratio "arbiter convert" c p pgn-extract "$size"
	fi
done
awk -v a="$(peak "$tmp/a1x.rss")" -v b="$(peak "$tmp/a10x.rss")" 'BEGIN {
	r = a > 0 ? b / a : 0
	printf "arbiter peak RSS: 1x %d KB, 10x %d KB (10x/1x = %.2f; flat is 1.00)\n", a, b, r
}'
exit "$status"
