#!/bin/sh
# shard.sh -- the batch commands as filters (docs/streaming.md): a PGN file
# cut into shards at game boundaries with the split program of the docs,
# each filter command run on each shard through standard input, the outputs
# concatenated (game and line numbers moved on with the renumbering program
# of the docs) and compared, stdout and stderr byte for byte and the exit
# status, with one run over the whole file. The file mixes real games
# (clock comments, variations), every file of the broken-PGN corpus and a
# few games made to trip a careless splitter.
#
# usage: sh shard.sh PATH/TO/arbiter PATH/TO/docs/streaming.md PATH/TO/tests/data
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: shard.sh PATH/TO/arbiter PATH/TO/streaming.md PATH/TO/tests/data}
DOC=${2:?usage: shard.sh PATH/TO/arbiter PATH/TO/streaming.md PATH/TO/tests/data}
DATA=${3:?usage: shard.sh PATH/TO/arbiter PATH/TO/streaming.md PATH/TO/tests/data}
LC_ALL=C
export LC_ALL
TMP=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-shard.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

failures=0
checks=0
pass() { checks=$((checks + 1)); echo "ok   $1"; }
fail() {
	checks=$((checks + 1)); failures=$((failures + 1))
	echo "FAIL $1"
	shift
	for line in "$@"; do echo "     $line"; done
}

# ---- the programs of the docs ---------------------------------------------------
# extract NAME: the awk block of the docs whose first line names NAME
extract() {
	awk -v name="$1" '
		/^<!-- tests\/cli\/shard.sh extracts/ { want = 1; next }
		want && /^```awk$/ { inside = 1; first = 1; next }
		inside && /^```$/ { inside = 0; want = 0; next }
		inside { if (first) { keep = index($0, name) > 0; first = 0 } if (keep) print }
	' "$DOC"
}
extract pgn-split.awk >"$TMP/split.awk"
extract pgn-renumber.awk >"$TMP/renumber.awk"
if grep -q '^function tag_pair' "$TMP/split.awk" && grep -q '^function location' "$TMP/renumber.awk"; then
	pass "docs/streaming.md: pgn-split.awk and pgn-renumber.awk found"
else
	fail "docs/streaming.md: pgn-split.awk and pgn-renumber.awk found"
	exit 1
fi

# ---- the database -------------------------------------------------------------------
# Games that only a splitter following the reader's rules keeps whole: text
# before any game, a game of tags only, an indented tag, a comment with a line
# starting with '[', movetext after a termination marker, Event not the first
# tag, an unterminated comment ended by the next game's tags, a stray '['
# line, an escape line between games, CRLF line ends.
{
	printf '; a comment before the first game\n%% an escape line\n'
	printf '[Event "tags only"]\n[White "A"]\n\n'
	printf '[Event "after a game of tags only"]\n  [Site "an indented tag"]\n[White "B"]\n'
	printf '[Black "C"]\n[Result "1-0"]\n\n1. e4 {a comment\n[%%clk 0:01:00] still the comment}\n'
	printf 'e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n2. d4 *\n\n'
	printf '[White "Event not first"]\n[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n\n'
	printf '[Event "unterminated comment"]\n[Result "*"]\n\n1. d4 {never closed\n'
	printf '[Event "after the comment"]\n[Result "1/2-1/2"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 1/2-1/2\n'
	printf '[garbage line\n1. e4 *\n%%escape between games\n'
	printf '[Event "crlf"]\r\n[Result "*"]\r\n\r\n1. e4 e5 2. Nf3 *\r\n\r\n'
} >"$TMP/tricky.pgn"
# The first 150 games of the lichess file (clock comments), cut by the docs' program.
awk -v per=150 -v prefix="$TMP/lichess-" -f "$TMP/split.awk" \
	"$DATA/pgn/lichess-DrDrunkenstein-2019-01-29.pgn"
cat "$TMP/lichess-000000.pgn" "$TMP/tricky.pgn" "$DATA"/pgn-broken/*.pgn "$TMP/tricky.pgn" \
	"$DATA/pgn/pgnmentor-Morphy.pgn" >"$TMP/db.pgn"

cat "$TMP/tricky.pgn" "$DATA"/pgn-broken/*.pgn "$TMP/tricky.pgn" >"$TMP/small.pgn"

# cut_shards DB PER: cuts $TMP/DB.pgn into $TMP/DB-PER/s-*.pgn; checks that they
# add up to it
cut_shards() {
	dir=$TMP/$1-$2
	mkdir "$dir"
	awk -v per="$2" -v prefix="$dir/s-" -f "$TMP/split.awk" "$TMP/$1.pgn"
	shards=$(ls "$dir"/s-*.pgn | wc -l | tr -d ' ')
	# What the renumbering needs: the games and lines of the shards before each.
	games=0 lines=0
	for s in "$dir"/s-*.pgn; do
		echo "$games $lines" >"$s.before"
		n=$("$ARB" pgn check --jobs 1 - <"$s" | sed -n 's/^games: \([0-9]*\),.*/\1/p')
		games=$((games + n))
		lines=$((lines + $(wc -l <"$s")))
	done
	if cat "$dir"/s-*.pgn | cmp -s - "$TMP/$1.pgn" && [ "$shards" -gt 1 ]; then
		pass "split $1.pgn by $2 games: $shards shards, together the same bytes"
	else
		fail "split $1.pgn by $2 games: $shards shards, together the same bytes"
	fi
}
cut_shards db 37
cut_shards db 150
cut_shards small 1

# ---- shards against the whole ------------------------------------------------------
# run_filter DB PER ARGS...: `arbiter ARGS -` over the whole file
# ($TMP/whole.*) and over each shard of $TMP/DB-PER, the shards' outputs
# renumbered and concatenated ($TMP/cat.*, raw in $TMP/raw.out); the
# statuses in $whole_rc and $cat_rc (the largest of the shards').
run_filter() {
	db=$1 per=$2
	shift 2
	"$ARB" "$@" --jobs 1 - <"$TMP/$db.pgn" >"$TMP/whole.out" 2>"$TMP/whole.err"
	whole_rc=$?
	cat_rc=0
	: >"$TMP/cat.out"
	: >"$TMP/cat.err"
	: >"$TMP/raw.out"
	for s in "$TMP/$db-$per"/s-*.pgn; do
		"$ARB" "$@" --jobs 2 - <"$s" >"$TMP/s.out" 2>"$TMP/s.err"
		rc=$?
		[ "$rc" -gt "$cat_rc" ] && cat_rc=$rc
		read -r games lines <"$s.before"
		cat "$TMP/s.out" >>"$TMP/raw.out"
		awk -v games="$games" -v lines="$lines" -f "$TMP/renumber.awk" "$TMP/s.out" >>"$TMP/cat.out"
		awk -v games="$games" -v lines="$lines" -f "$TMP/renumber.awk" "$TMP/s.err" >>"$TMP/cat.err"
	done
}

# same_as_whole NAME: the renumbered concatenation is the whole run's output
same_as_whole() {
	if [ "$cat_rc" -eq "$whole_rc" ] && cmp -s "$TMP/cat.out" "$TMP/whole.out" &&
		cmp -s "$TMP/cat.err" "$TMP/whole.err" && { [ -s "$TMP/whole.out" ] || [ -s "$TMP/whole.err" ]; }; then
		pass "$1"
	else
		fail "$1" "exit $cat_rc (shards), $whole_rc (whole)" \
			"stdout: $(diff "$TMP/whole.out" "$TMP/cat.out" | head -4 | tr '\n' '|')" \
			"stderr: $(diff "$TMP/whole.err" "$TMP/cat.err" | head -4 | tr '\n' '|')"
	fi
}

HAVE_LUA=
"$ARB" profiles >/dev/null 2>&1 && HAVE_LUA=1
PROFILES=fide2009-standard,fide2014-standard,uscf-blitz

for split in db-37 db-150 small-1; do
	db=${split%-*} per=${split#*-}
	for args in 'pgn check --no-summary' 'pgn convert' 'pgn convert --to uci' \
		'pgn convert --to fen' 'pgn convert --to epd' 'pgn convert --skip-variations' \
		'adjudicate --profile fide2023-blitz' 'adjudicate --profile fide2014-standard --json' \
		"compare --profiles $PROFILES --no-summary" \
		"compare --profiles $PROFILES --json --no-summary"; do
		case $args in adjudicate* | compare*) [ -n "$HAVE_LUA" ] || continue ;; esac
		# One game a shard: every boundary, but fewer commands (a process each).
		case $split-$args in small-1-*json* | small-1-*skip* | small-1-*fen* | small-1-*epd* | \
			small-1-compare*) continue ;; esac
		# shellcheck disable=SC2086 # the arguments split into words on purpose
		run_filter "$db" "$per" $args
		same_as_whole "$args: $db.pgn in shards of $per through stdin, concatenated = the whole file"
		case $args in
		'pgn convert' | 'pgn convert --to uci' | 'pgn convert --to fen' | 'pgn convert --skip-variations')
			if cmp -s "$TMP/raw.out" "$TMP/whole.out"; then
				pass "$args: $db.pgn in shards of $per, stdout concatenated as is = the whole file"
			else
				fail "$args: $db.pgn in shards of $per, stdout concatenated as is = the whole file"
			fi
			;;
		esac
	done
done
[ -n "$HAVE_LUA" ] || echo "skip adjudicate, compare: built without Lua"

# The whole file has broken games, so the runs above exit 1; the summary of
# check adds up from the records and the shards' game counts.
"$ARB" pgn check --jobs 1 - <"$TMP/db.pgn" >"$TMP/whole.out" 2>&1
summary=$(tail -n 1 "$TMP/whole.out")
errors=$(($(wc -l <"$TMP/whole.out") - 1))
last=$(ls "$TMP/db-37"/s-*.pgn | tail -n 1)
read -r games lines <"$last.before"
n=$("$ARB" pgn check --jobs 1 "$last" | sed -n 's/^games: \([0-9]*\),.*/\1/p')
games=$((games + n))
if [ "$summary" = "games: $games, ok: $((games - errors)), errors: $errors" ] && [ "$errors" -gt 20 ]; then
	pass "pgn check: the summary adds up from the shards ($summary)"
else
	fail "pgn check: the summary adds up from the shards" "'$summary', $games games, $errors errors"
fi

echo "shard: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
