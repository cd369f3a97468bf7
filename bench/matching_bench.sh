#!/bin/sh
# bench/matching_bench.sh BUILD_DIR -- the pairing layer's maximum-weight
# matching (build/matching_bench: complete graphs of 200, 500 and 1,000
# vertices, random 192-bit weights) and, if networkx is installed, networkx's
# max_weight_matching on the same graphs up to NX_MAX vertices (default 200:
# it is pure Python, minutes at 500), CPU time, with the ratio; networkx's
# optimum must equal arbiter's. Environment: REPEAT (matching_bench's runs),
# NX_MAX. Exit status 0, 1 on a difference, 2 for a bad setup.
set -u
build=${1:-}
bench=$build/matching_bench
if [ -z "$build" ] || [ ! -x "$bench" ]; then
	echo "bench: matching: $bench not found; build it first (make bench)" >&2
	exit 2
fi
srcdir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
"$bench" --dump "$tmp" 200 500 1000 | tee "$tmp/out" || exit 1
if ! python3 -c 'import networkx' >/dev/null 2>&1; then
	echo "bench: matching: networkx not installed (python3-networkx): arbiter only"
	exit 0
fi
status=0
for n in 200 500 1000; do
	[ "$n" -le "${NX_MAX:-200}" ] || continue
	t=$(python3 "$srcdir/matching_nx.py" "$tmp/matching-$n.txt" "$tmp/matching-$n.weight") || {
		echo "bench: matching: n $n: networkx's optimum differs"
		status=1
	}
	ours=$(awk -v n="$n" '$3 == n"," && /max-weight/ { for (i = 1; i < NF; i++) if ($(i + 1) == "s") { print $i; exit } }' "$tmp/out")
	awk -v n="$n" -v t="$t" -v o="$ours" 'BEGIN {
		printf "matching: n %5d, networkx %8.3f s CPU: arbiter %.0fx faster\n", n, t, (o > 0 ? t / o : 0) }'
done
exit $status
