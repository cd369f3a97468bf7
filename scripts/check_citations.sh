#!/bin/sh
# check_citations.sh -- the repository's rule citations point inside it.
#
#   sh scripts/check_citations.sh links SRCDIR   (CTest rules_links)
#   sh scripts/check_citations.sh local SRCDIR   (CTest citations; see
#                                                 tests/CMakeLists.txt)
#
# links: every "docs/rules.md#ANCHOR" in the tree (and every "(#ANCHOR)"
#   link inside docs/rules.md) names a heading of docs/rules.md (GitHub's
#   anchor of it: lower case, punctuation dropped, blanks as '-'), no two
#   headings share an anchor, every scenario id docs/rules.md gives (A05,
#   A05.b) is a row or group of tests/data/scenarios.tsv, and every reason
#   code the engine writes (engine/rules/reasons.c) has a row in the reason-code
#   table of docs/rules.md.
# local: no file cites the rules matrix that lived outside the repository
#   ("MATRI" "X", a question "ambiguity Q<n>") or a tracker number
#   ("issue <n>"): citations go to docs/rules.md and to scenario ids.
#
# The tree is SRCDIR without .git and without build trees (a directory
# holding CMakeCache.txt). Each problem is printed with its file and line;
# the exit status is 1 when there is one, 2 on a usage error.

MODE=${1:-}
SRC=${2:-}
if [ -z "$SRC" ] || { [ "$MODE" != links ] && [ "$MODE" != local ]; }; then
	echo "usage: sh check_citations.sh links|local SRCDIR" >&2
	exit 2
fi
DOC=$SRC/docs/rules.md
if [ ! -r "$DOC" ]; then
	echo "check_citations: cannot read $DOC" >&2
	exit 2
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-citations.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

# The files of the tree, one per line (text files only, grep -I decides).
find "$SRC" \( -name .git -o -type d -exec sh -c 'test -e "$1/CMakeCache.txt"' sh '{}' ';' \) \
	-prune -o -type f -print | sort >"$TMP/files"

fail=0

if [ "$MODE" = local ]; then
	# The patterns are written so that this file does not match them.
	tr '\n' '\0' <"$TMP/files" |
		xargs -0 grep -nIE 'MATRI[X]|[Ii]ssues? #?[0-9]|ambiguit[y] Q[0-9]' >"$TMP/hits"
	if [ -s "$TMP/hits" ]; then
		sed "s|^$SRC/||; s|^|check_citations: a citation outside the repository: |" "$TMP/hits"
		fail=1
	fi
	exit $fail
fi

# ---- links ----------------------------------------------------------------

# The anchors of docs/rules.md's headings (outside fenced code blocks).
awk '
/^```/ { fence = !fence; next }
fence { next }
/^#+ / {
	h = $0
	sub(/^#+ +/, "", h)
	h = tolower(h)
	gsub(/[^a-z0-9 _-]/, "", h)
	gsub(/ /, "-", h)
	print h
}' "$DOC" >"$TMP/anchors"
sort "$TMP/anchors" | uniq -d | while read -r a; do
	echo "check_citations: docs/rules.md: two headings have the anchor #$a"
done >"$TMP/dups"
if [ -s "$TMP/dups" ]; then
	cat "$TMP/dups"
	fail=1
fi

# Every cited anchor exists.
tr '\n' '\0' <"$TMP/files" | xargs -0 grep -noIE 'rules\.md#[a-z0-9_-]+' |
	sed -E 's/^(.*:[0-9]+):.*rules\.md#/\1 /' >"$TMP/cited"
grep -noE '\]\(#[A-Za-z0-9_-]+\)' "$DOC" | sed -E 's/^([0-9]+):\]\(#(.*)\)$/docs\/rules.md:\1 \2/' >>"$TMP/cited"
while read -r where anchor; do
	if ! grep -qxF "$anchor" "$TMP/anchors"; then
		echo "check_citations: ${where#"$SRC"/} cites docs/rules.md#$anchor, which is no heading there"
	fi
done <"$TMP/cited" >"$TMP/dangling"
if [ -s "$TMP/dangling" ]; then
	cat "$TMP/dangling"
	fail=1
fi

# Every scenario id of docs/rules.md is a row (A05.b) or a group (A05).
TSV=$SRC/tests/data/scenarios.tsv
cut -f1 "$TSV" | sed 1d >"$TMP/rows"
{ cat "$TMP/rows"; sed 's/\..*//' "$TMP/rows" | sort -u; } >"$TMP/ids"
awk '/^```/ { fence = !fence; next } !fence' "$DOC" |
	grep -oE '(^|[^A-Za-z0-9.])[A-Z][0-9]{2}(\.[a-z])?([^A-Za-z0-9]|$)' |
	sed -E 's/^[^A-Z]//; s/[^A-Za-z0-9.]$//; s/\.$//' | sort -u |
	while read -r id; do
		if ! grep -qxF "$id" "$TMP/ids"; then
			echo "check_citations: docs/rules.md names scenario $id, which tests/data/scenarios.tsv does not have"
		fi
	done >"$TMP/noscenario"
if [ -s "$TMP/noscenario" ]; then
	cat "$TMP/noscenario"
	fail=1
fi

# Every reason code the engine writes (a row of the reason table,
# engine/rules/reasons.c, but "custom", which stands for a hook's own text)
# has a row "| `code` |" in docs/rules.md, or is one of the codes listed
# together in a row ("| `a`, `b` |").
grep -hoE 'R\([A-Z0-9_]+, "[a-z0-9-]+"' "$SRC/engine/rules/reasons.c" |
	sed -E 's/.*"([a-z0-9-]+)"/\1/' | grep -vx custom | sort -u >"$TMP/codes"
if [ "$(wc -l <"$TMP/codes")" -lt 40 ]; then
	echo "check_citations: found only $(wc -l <"$TMP/codes") reason codes in the table of" \
		"engine/rules/reasons.c: the pattern in scripts/check_citations.sh no longer matches them"
	fail=1
fi
while read -r c; do
	if ! grep -qE "^\| (\`[a-z0-9-]+\`, )*\`$c\`(, \`[a-z0-9-]+\`)* \|" "$DOC"; then
		echo "check_citations: reason code $c (engine) has no row in docs/rules.md#reason-codes"
	fi
done <"$TMP/codes" >"$TMP/nocode"
if [ -s "$TMP/nocode" ]; then
	cat "$TMP/nocode"
	fail=1
fi

exit $fail
