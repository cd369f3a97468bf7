#!/bin/sh
# bench/pairing_bench.sh BUILD_DIR -- the FIDE Dutch pairer (`arbiter
# tournament pair FILE.trf --boards`) on generated Swiss opens of 50, 500 and
# 2,000 players and, when ARBITER_ORACLE_BBP names a bbpPairings v6 binary
# (built outside the repository), the same rounds paired by it in the same
# run: wall time, the ratio peer / arbiter, and whether both made the same
# boards (as sets of unordered pairs, the pairing-allocated bye a pair with 0;
# board order aside).
#
# Each open is played by BUILD/tests/swissgen (seed 1, TRF-2026, no requested
# byes, late entries or withdrawals: --features none) with arbiter as its
# pairing command up to the round benchmarked, which both then pair (best of
# 3 when a run is under a second); the peer reads a copy with record 192
# spelled FIDE_DUTCH_2025 (the only spelling v6 reads). A pairing gets
# PAIRING_BENCH_LIMIT seconds (default 120): one that takes longer is
# stopped and printed as over the limit. PAIRING_BENCH_SIZES lists the opens
# as PLAYERS:ROUNDS:ROUND, default "50:9:5 500:9:5 2000:9:5" (arbiter pairs
# every earlier round first: for 2,000 players about two minutes).
# Peak memory (KiB) by /usr/bin/time -f %M when present. Targets: 500
# players under 1 s, 2,000 under 10 s (printed, not enforced). Exit status 0;
# 1 when arbiter fails on a round or its boards differ from the peer's; 2
# for a bad setup.
set -u
build=${1:-}
arb=$build/arbiter
gen=$build/tests/swissgen
if [ -z "$build" ] || [ ! -x "$arb" ] || [ ! -x "$gen" ]; then
	echo "bench: pairing: $arb or $gen not found; build them first (make bench)" >&2
	exit 2
fi
case $(date +%s%N) in
*[!0-9]*)
	echo "bench: pairing: date +%s%N is not supported here (GNU coreutils needed)" >&2
	exit 2
	;;
esac
if ! command -v timeout >/dev/null 2>&1; then
	echo "bench: pairing: timeout (GNU coreutils) not found" >&2
	exit 2
fi
sizes=${PAIRING_BENCH_SIZES:-50:9:5 500:9:5 2000:9:5}
limit=${PAIRING_BENCH_LIMIT:-120}
peer=${ARBITER_ORACLE_BBP:-}
if [ -n "$peer" ] && [ ! -x "$peer" ]; then
	echo "bench: pairing: ARBITER_ORACLE_BBP=$peer is not executable" >&2
	exit 2
fi
arb=$(cd "$(dirname "$arb")" && pwd)/arbiter
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
rss=
if [ -x /usr/bin/time ] && /usr/bin/time -f %M -o "$tmp/probe" true 2>/dev/null; then
	rss=yes
fi

secs() { # secs T0 T1: nanoseconds to seconds
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", (b - a) / 1e9 }'
}

# timed OUT CMD...: runs CMD with the limit (stdout to OUT, stderr to
# OUT.err); prints its wall time in seconds and, with /usr/bin/time, appends
# its peak RSS in KiB to OUT.rss. Returns CMD's status (124: over the limit).
timed() {
	out=$1
	shift
	t0=$(date +%s%N)
	if [ -n "$rss" ]; then
		timeout "$limit" /usr/bin/time -f %M -o "$out.time" "$@" >"$out" 2>"$out.err"
	else
		timeout "$limit" "$@" >"$out" 2>"$out.err"
	fi
	rc=$?
	t1=$(date +%s%N)
	[ -n "$rss" ] && [ "$rc" -eq 0 ] && tail -n 1 "$out.time" >>"$out.rss"
	secs "$t0" "$t1"
	return "$rc"
}

# best OUT CMD...: timed, then twice more while a run is under a second;
# prints the best time. Returns the first run's status.
best() {
	b=$(timed "$@") || {
		rc=$?
		echo "$b"
		return "$rc"
	}
	for _ in 2 3; do
		[ "$(awk -v t="$b" 'BEGIN { print (t < 1) }')" = 1 ] || break
		t=$(timed "$@") || break
		b=$(awk -v t="$t" -v b="$b" 'BEGIN { print (t < b ? t : b) }')
	done
	echo "$b"
}

# peak OUT: the largest peak RSS of best's runs, KiB ("-" unknown).
peak() {
	if [ -s "$1.rss" ]; then sort -n "$1.rss" | tail -n 1; else echo -; fi
}

# The boards of a .pairs answer (arbiter's) or of bbpPairings' -p file, one
# sorted line per pair "LOW HIGH" (the pairing-allocated bye "0 ID").
boards_pairs() {
	awk '$2 == "bye" && $3 == "U" { print 0, $1; next }
	     NF == 2 && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ {
		print ($1 < $2 ? $1 " " $2 : $2 " " $1) }' "$1" | sort
}
boards_peer() {
	awk 'NR > 1 && NF == 2 { print ($1 < $2 ? $1 " " $2 : $2 " " $1) }' "$1" | sort
}

# verdict SECONDS TARGET: met or missed (SECONDS may be ">LIMIT" or "failed").
verdict() {
	case $1 in
	failed) echo "$1" ;;
	">"*) echo "over $limit s, missed" ;;
	*) awk -v t="$1" -v l="$2" 'BEGIN { print t " s, " ((t < l) ? "met" : "missed") }' ;;
	esac
}

echo "bench: pairing: FIDE Dutch, arbiter tournament pair --boards; swissgen opens (seed 1," \
	"no byes requested), wall time, best of 3 under 1 s, at most $limit s a pairing"
if [ -n "$peer" ]; then
	echo "bench: pairing: peer bbpPairings: $peer --dutch FILE -p OUT"
else
	echo "bench: pairing: ARBITER_ORACLE_BBP not set: the peer (bbpPairings) skipped"
fi
printf '%8s %7s %10s %10s %9s %9s %9s  %s\n' players round "arbiter s" "peer s" peer/arb \
	"arb KiB" "peer KiB" boards
status=0
targets=
for size in $sizes; do
	IFS=: read -r n rounds k <<EOF
$size
EOF
	dir=$tmp/open-$n-$k
	mkdir -p "$dir"
	# The rounds before k, paired by arbiter; swissgen writes round k's file
	# and stops at the pairing command's refusal of round k.
	"$gen" --seed 1 --players "$n" --rounds "$rounds" --out "$dir" --dialect trf26 \
		--eol lf --features none \
		--pair "case {} in */round-$k.trf) exit 9;; esac; timeout $limit '$arb' tournament pair {} --boards" \
		>"$dir/gen.log" 2>&1
	trf=$dir/round-$k.trf
	if ! grep -q "^swissgen: round $k: the pairing command failed" "$dir/gen.log"; then
		j=$(sed -n 's/^swissgen: round \([0-9]*\): .*/\1/p' "$dir/gen.log" | head -n 1)
		if [ -f "$dir/round-$j.err" ] && [ ! -s "$dir/round-$j.err" ]; then
			printf '%8d %7s  arbiter over the %s s limit on round %s, before it\n' "$n" \
				"$k/$rounds" "$limit" "$j"
		else
			printf '%8d %7s  arbiter failed on round %s, before it: %s\n' "$n" "$k/$rounds" \
				"${j:-?}" "$(head -c 300 "$dir/round-$j.err" 2>/dev/null || head -n 3 "$dir/gen.log")"
			status=1
		fi
		continue
	fi
	a=$(best "$dir/arbiter.pairs" "$arb" tournament pair "$trf" --boards)
	arc=$?
	kib=$(peak "$dir/arbiter.pairs")
	p=-
	pkib=-
	prc=0
	if [ -n "$peer" ]; then
		sed 's/^192 FIDE_DUTCH_2026/192 FIDE_DUTCH_2025/' "$trf" >"$dir/peer.trf"
		rm -f "$dir/peer.out"
		p=$(best "$dir/peer.log" "$peer" --dutch "$dir/peer.trf" -p "$dir/peer.out")
		prc=$?
		pkib=$(peak "$dir/peer.log")
	fi
	ratio=-
	same=-
	diff=
	if [ "$arc" -eq 124 ]; then
		a=">$limit"
	elif [ "$arc" -ne 0 ]; then
		a=failed
		status=1
	fi
	if [ -n "$peer" ]; then
		if [ "$prc" -eq 124 ]; then
			p=">$limit"
		elif [ "$prc" -ne 0 ] || [ ! -s "$dir/peer.out" ]; then
			p=failed
		fi
	fi
	case $a$p in
	*[!0-9.]*) ;;
	*) ratio=$(awk -v a="$a" -v p="$p" 'BEGIN { printf "%.2f", (a > 0 ? p / a : 0) }') ;;
	esac
	if [ "$arc" -eq 0 ] && [ -n "$peer" ] && [ "$prc" -eq 0 ] && [ -s "$dir/peer.out" ]; then
		boards_pairs "$dir/arbiter.pairs" >"$dir/a.set"
		boards_peer "$dir/peer.out" >"$dir/p.set"
		if cmp -s "$dir/a.set" "$dir/p.set"; then
			same=same
		else
			same="DIFFER ($(comm -3 "$dir/a.set" "$dir/p.set" | wc -l) pairs not in both)"
			diff="arbiter only: $(comm -23 "$dir/a.set" "$dir/p.set" | head -n 4 | paste -sd,)"
			diff="$diff; peer only: $(comm -13 "$dir/a.set" "$dir/p.set" | head -n 4 | paste -sd,)"
			status=1
		fi
	fi
	printf '%8d %7s %10s %10s %9s %9s %9s  %s\n' "$n" "$k/$rounds" "$a" "$p" "$ratio" "$kib" \
		"$pkib" "$same"
	if [ "$arc" -ne 0 ] && [ "$arc" -ne 124 ]; then
		echo "         arbiter: $(head -c 300 "$dir/arbiter.pairs.err")"
	fi
	if [ -n "$peer" ] && [ "$p" = failed ]; then
		why=$(cat "$dir/peer.log.err" "$dir/peer.log" 2>/dev/null | head -c 300)
		echo "         peer: exit $prc: ${why:-no message}"
	fi
	if [ -n "$diff" ]; then
		echo "         $diff (0: the bye); the file: swissgen --seed 1 --players $n" \
			"--rounds $rounds --dialect trf26 --eol lf --features none, round-$k.trf"
	fi
	case $n in
	500) targets="$targets; 500 players under 1 s: $(verdict "$a" 1)" ;;
	2000) targets="$targets; 2000 under 10 s: $(verdict "$a" 10)" ;;
	esac
done
[ -n "$targets" ] && echo "bench: pairing: arbiter's targets: ${targets#; }"
exit $status
