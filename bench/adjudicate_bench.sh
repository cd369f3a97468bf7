#!/bin/sh
# bench/adjudicate_bench.sh BUILD_DIR: adjudication throughput. Replays the
# PGN collections of tests/data/pgn as games under fide2023-standard with
# `arbiter adjudicate`: once with the profile as shipped (no hook) and once
# with bench/hook_profile.lua, the same rules plus an on_move hook that reads
# the game on every move. Best wall time of 3 runs each; prints games/s and
# the cost of the hook (target: under 10%), and `pgn check` as the floor.
set -u
BUILD=${1:-build-bench}
ARB="$BUILD/arbiter"
HERE=$(dirname "$0")
DATA="$HERE/../tests/data/pgn"
if ! "$ARB" profiles >/dev/null 2>&1; then
	echo "bench: adjudicate: $ARB has no profiles (built without Lua); skipped"
	exit 0
fi
best() { # best "command...": the best wall time of 3 runs, in seconds
	b=""
	for _ in 1 2 3; do
		t0=$(date +%s.%N)
		"$@" >/dev/null 2>&1
		t1=$(date +%s.%N)
		t=$(awk "BEGIN { print $t1 - $t0 }")
		if [ -z "$b" ] || [ "$(awk "BEGIN { print ($t < $b) }")" = 1 ]; then b=$t; fi
	done
	echo "$b"
}
games=$("$ARB" pgn check "$DATA"/*.pgn | sed -n 's/^games: \([0-9]*\),.*/\1/p')
check=$(best "$ARB" pgn check --jobs 1 "$DATA"/*.pgn)
plain=$(best "$ARB" adjudicate --jobs 1 --profile fide2023-standard "$DATA"/*.pgn)
hook=$(best "$ARB" adjudicate --jobs 1 --profile "$HERE/hook_profile.lua" "$DATA"/*.pgn)
div() { awk "BEGIN { print $1 / $2 }"; }
echo "bench: adjudicate: $games games of tests/data/pgn under fide2023-standard"
printf '%-34s %10s %12s\n' "" "seconds" "games/s"
printf '%-34s %10.3f %12.0f\n' "pgn check (reading alone)" "$check" "$(div "$games" "$check")"
printf '%-34s %10.3f %12.0f\n' "adjudicate, no hook" "$plain" "$(div "$games" "$plain")"
printf '%-34s %10.3f %12.0f\n' "adjudicate, Lua on_move hook" "$hook" "$(div "$games" "$hook")"
printf 'the hook costs %.1f%% over the same rules without it (target: under 10%%)\n' \
	"$(awk "BEGIN { print ($hook / $plain - 1) * 100 }")"
