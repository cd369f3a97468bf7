#!/bin/sh
# bench/jobs_bench.sh BUILD_DIR [JOBS...] -- games per second of the batch
# commands on threads: `pgn check`, `pgn convert`, `adjudicate` and
# `compare`, each with --jobs 1 and --jobs 2 (or the JOBS given), over the
# collections of tests/data/pgn concatenated COPIES times (default 3, about
# 12,000 games), output to /dev/null. Each figure is the best wall time of
# REPEAT runs (default 3); the commands take turns with every --jobs value
# in each round, so a busy machine slows them alike. Prints a table with the
# ratio to --jobs 1, the ratio two --jobs 1 processes reach side by side
# (what the machine gives two runs at once: the ceiling on a shared or
# hyperthreaded box) and the largest resident set of each command (from
# /usr/bin/time, when installed).
#
# Environment: COPIES=N, REPEAT=N, PROFILE=P (adjudicate; default
# fide2023-standard), PROFILES=P1,P2 (compare; default
# fide2009-standard,fide2023-standard).
set -u
BUILD=${1:-build-bench}
[ $# -gt 0 ] && shift
JOBS=${*:-1 2}
ARB="$BUILD/arbiter"
HERE=$(dirname "$0")
COPIES=${COPIES:-3}
REPEAT=${REPEAT:-3}
PROFILE=${PROFILE:-fide2023-standard}
PROFILES=${PROFILES:-fide2009-standard,fide2023-standard}
if [ ! -x "$ARB" ]; then
	echo "bench: jobs: $ARB not found; build it first" >&2
	exit 2
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

i=0
while [ "$i" -lt "$COPIES" ]; do
	cat "$HERE"/../tests/data/pgn/*.pgn
	i=$((i + 1))
done >"$tmp/db.pgn"
games=$("$ARB" pgn check --jobs 1 "$tmp/db.pgn" | sed -n 's/^games: \([0-9]*\),.*/\1/p')
bytes=$(wc -c <"$tmp/db.pgn" | tr -d ' ')

LUA=1
"$ARB" profiles >/dev/null 2>&1 || LUA=
set -- check convert
[ -n "$LUA" ] && set -- "$@" adjudicate compare
COMMANDS=$*

# run NAME JOBS: one run of the command, output thrown away
run() {
	case $1 in
	check) "$ARB" pgn check --jobs "$2" "$tmp/db.pgn" ;;
	convert) "$ARB" pgn convert --jobs "$2" "$tmp/db.pgn" ;;
	adjudicate) "$ARB" adjudicate --profile "$PROFILE" --jobs "$2" "$tmp/db.pgn" ;;
	compare) "$ARB" compare --profiles "$PROFILES" --jobs "$2" "$tmp/db.pgn" ;;
	esac >/dev/null 2>&1
}

now() { date +%s.%N; }

# keep FILE T: T into FILE when it is the first or less than FILE's
keep() {
	if [ ! -f "$1" ] || [ "$(awk "BEGIN { print ($2 < $(cat "$1")) }")" = 1 ]; then
		echo "$2" >"$1"
	fi
}

# best times in $tmp/best.NAME.JOBS, and of two --jobs 1 runs side by side
# (per game of the two) in $tmp/best.NAME.pair
r=0
while [ "$r" -lt "$REPEAT" ]; do
	for c in $COMMANDS; do
		for j in $JOBS; do
			t0=$(now)
			run "$c" "$j"
			t1=$(now)
			keep "$tmp/best.$c.$j" "$(awk "BEGIN { print $t1 - $t0 }")"
		done
		t0=$(now)
		run "$c" 1 &
		run "$c" 1
		wait
		t1=$(now)
		keep "$tmp/best.$c.pair" "$(awk "BEGIN { print ($t1 - $t0) / 2 }")"
	done
	r=$((r + 1))
done

# The largest resident set (KiB) of one run, when /usr/bin/time can tell.
rss() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M -o "$tmp/rss" "$ARB" "$@" >/dev/null 2>&1
		tail -n 1 "$tmp/rss"
	else
		echo -
	fi
}

echo "bench: jobs: $games games ($bytes bytes: tests/data/pgn x $COPIES), best of $REPEAT," \
	"$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo ?) processors online"
printf '%-11s' command
for j in $JOBS; do printf ' %12s' "jobs $j g/s"; done
for j in $JOBS; do [ "$j" = "$(echo $JOBS | cut -d' ' -f1)" ] || printf ' %8s' "x$j"; done
printf ' %8s %11s\n' "2 procs" "max RSS"
first=$(echo $JOBS | cut -d' ' -f1)
for c in $COMMANDS; do
	printf '%-11s' "$c"
	for j in $JOBS; do
		printf ' %12.0f' "$(awk "BEGIN { print $games / $(cat "$tmp/best.$c.$j") }")"
	done
	for j in $JOBS; do
		[ "$j" = "$first" ] && continue
		printf ' %8.2f' "$(awk "BEGIN { print $(cat "$tmp/best.$c.$first") / $(cat "$tmp/best.$c.$j") }")"
	done
	if [ -f "$tmp/best.$c.1" ]; then
		printf ' %8.2f' "$(awk "BEGIN { print $(cat "$tmp/best.$c.1") / $(cat "$tmp/best.$c.pair") }")"
	else
		printf ' %8s' -
	fi
	last=$(echo $JOBS | awk '{ print $NF }')
	case $c in
	check) k=$(rss pgn check --jobs "$last" "$tmp/db.pgn") ;;
	convert) k=$(rss pgn convert --jobs "$last" "$tmp/db.pgn") ;;
	adjudicate) k=$(rss adjudicate --profile "$PROFILE" --jobs "$last" "$tmp/db.pgn") ;;
	compare) k=$(rss compare --profiles "$PROFILES" --jobs "$last" "$tmp/db.pgn") ;;
	esac
	printf ' %7s KiB\n' "$k"
done
