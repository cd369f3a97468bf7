#!/bin/sh
# run.sh BUILD [GAMES] [SEED] -- `make difftest`: arbiter against chessops.
#
# Installs chessops (the version pinned in package-lock.json) with `npm ci`
# when tests/diff/node_modules is missing or older than the lock file, then:
#   1. the self-test: planted mismatches in 3 games must all be caught;
#   2. fixed positions: tests/diff/positions.tsv, tests/data/tricky.tsv and
#      the 960 Chess960 starts (tests/data/chess960.tsv), each continued at
#      random, with SAN and perft(3) at its first position;
#   3. GAMES random games (default 20000) from SEED (default 1).
# Fails (status 1) on any mismatch not recorded in known_differences.tsv,
# and when Node.js or npm is missing or npm cannot install chessops.
set -eu

build=${1:?usage: run.sh BUILD [GAMES] [SEED]}
games=${2:-20000}
seed=${3:-1}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
case $build in /*) ;; *) build=$top/$build ;; esac
diffgen=$build/tests/diffgen
arbiter=$build/arbiter
work=$build/difftest

for tool in node npm; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "difftest: needs Node.js and npm (apt-get install nodejs npm)" >&2
		exit 1
	fi
done
for prog in "$diffgen" "$arbiter"; do
	if [ ! -x "$prog" ]; then
		echo "difftest: $prog is missing (build with ARBITER_TESTS=ON)" >&2
		exit 1
	fi
done
if [ ! -f "$here/node_modules/chessops/package.json" ] ||
	[ -n "$(find "$here/package-lock.json" -newer "$here/node_modules/.package-lock.json" 2>/dev/null)" ]; then
	echo "== npm ci (chessops, pinned in tests/diff/package-lock.json)"
	(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi
echo "== Node.js $(node --version), chessops $(node -p "require('$here/node_modules/chessops/package.json').version")"

mkdir -p "$work"
start=$(date +%s)

# Runs diffgen with the given arguments into compare.mjs; fails if either
# fails (POSIX sh has no pipefail: diffgen's status goes through a file).
compare() {
	opts=$1
	shift
	rm -f "$work/status"
	# shellcheck disable=SC2086 # $opts is a list of options, on purpose
	{ "$diffgen" "$@"; echo $? >"$work/status"; } |
		node "$here/compare.mjs" --arbiter "$arbiter" --diffgen "$diffgen" --tmp "$work" $opts
	if [ "$(cat "$work/status")" != 0 ]; then
		echo "difftest: diffgen $* failed" >&2
		exit 1
	fi
}

echo "== self-test: planted mismatches must be caught"
compare "--self-test --jobs 0" --games 3 --seed "$seed"

echo "== fixed positions: tests/diff/positions.tsv, tests/data/tricky.tsv, the Chess960 starts"
rm -f "$work/fixed.jsonl"
for f in "$here/positions.tsv" "$top/tests/data/tricky.tsv" "$top/tests/data/chess960.tsv"; do
	"$diffgen" --fen-file "$f" --seed "$seed" --plies 30 >>"$work/fixed.jsonl"
done
node "$here/compare.mjs" --arbiter "$arbiter" --diffgen "$diffgen" --tmp "$work" \
	--input "$work/fixed.jsonl"

echo "== $games random games, seed $seed"
compare "" --games "$games" --seed "$seed"

echo "difftest: ok ($(($(date +%s) - start)) s)"
