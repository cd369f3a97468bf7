#!/bin/sh
# bench/lua_bench.sh BUILD_DIR: the cost of going through Lua. Reads the PGN
# collections of tests/data/pgn with `arbiter pgn check` (C) and with
# bench/lua_replay.lua through `arbiter run` (module "arbiter"), and runs perft 6
# of the start position from C (`arbiter perft`) and from Lua (pos:perft).
# Best wall time of 3 runs each; prints games/s, nodes/s and the ratios.
set -u
BUILD=${1:-build-bench}
ARB="$BUILD/arbiter"
HERE=$(dirname "$0")
DATA="$HERE/../tests/data/pgn"
if ! "$ARB" run --help >/dev/null 2>&1; then
	echo "bench: lua: $ARB was built without Lua; skipped"
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
c_pgn=$(best "$ARB" pgn check --jobs 1 "$DATA"/*.pgn)
lua_pgn=$(best "$ARB" run "$HERE/lua_replay.lua" "$DATA"/*.pgn)
printf 'local a = require "arbiter"\nprint(a.position():perft(6))\n' >"${TMPDIR:-/tmp}/lua_perft.lua"
c_perft=$(best "$ARB" perft 6)
lua_perft=$(best "$ARB" run "${TMPDIR:-/tmp}/lua_perft.lua")
rm -f "${TMPDIR:-/tmp}/lua_perft.lua"
echo "bench: lua: $games games of tests/data/pgn; perft 6 of the start position (119060324 nodes)"
printf '%-28s %10s %12s\n' "" "seconds" "per second"
div() { awk "BEGIN { print $1 / $2 }"; }
printf '%-28s %10.3f %12.0f games\n' "pgn check (C)" "$c_pgn" "$(div "$games" "$c_pgn")"
printf '%-28s %10.3f %12.0f games\n' "pgn through Lua" "$lua_pgn" "$(div "$games" "$lua_pgn")"
printf '%-28s %10.3f %12.0f nodes\n' "perft 6 (C)" "$c_perft" "$(div 119060324 "$c_perft")"
printf '%-28s %10.3f %12.0f nodes\n' "perft 6 through Lua" "$lua_perft" "$(div 119060324 "$lua_perft")"
printf 'ratio Lua / C time: pgn %.2f, perft %.2f (target for pgn: within 1.5)\n' \
	"$(div "$lua_pgn" "$c_pgn")" "$(div "$lua_perft" "$c_perft")"
