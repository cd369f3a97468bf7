#!/bin/sh
# scenarios.sh -- the competition-rule scenarios of data/scenarios.tsv, each
# replayed with `arbiter adjudicate --profile PROFILE --fen START_FEN
# --events MOVES --json` and compared with the row's expectation:
#   - the scored result (expected_result);
#   - the reason code: expected_reason up to the first '(', ';' or blank
#     ("illegal-move-penalty x2;..." -> illegal-move-penalty);
#   - the effects: the ';'-separated items after the code (';' inside
#     parentheses does not separate), each without a trailing "(...)"
#     ("-60s:white(max)" -> -60s:white), as a multiset against the JSON
#     "effects" plus "board=BOARD_RESULT" when the score differs from the
#     board (unless the effects have it already). For a game in play these are all the effects of the game, for
#     an ended game the ending's own (what `adjudicate` reports);
#   - when the row has an 8th column (`cited`), the JSON "article" exactly.
# A row whose expected_result is `refused` expects the events to be refused
# (a non-zero exit) with a message containing its `cited` column.
# Rows listed in data/scenarios_expected_failures.tsv (id, then why) must
# fail; one that passes fails the test, so the list never goes stale.
#
# usage: sh scenarios.sh PATH/TO/arbiter [DATA_DIR [ID_PREFIX]]
# Prints a line per failing row (expected vs got), then a summary; exits 1
# when a row fails unexpectedly or an expected failure passes.

ARB=${1:?usage: scenarios.sh PATH/TO/arbiter [DATA_DIR [ID_PREFIX]]}
DATA=${2:-$(dirname "$0")/../data}
ONLY=${3:-}
TSV=$DATA/scenarios.tsv
XFAIL=$DATA/scenarios_expected_failures.tsv

for f in "$TSV" "$XFAIL"; do
	if [ ! -r "$f" ]; then
		echo "scenarios: cannot read $f" >&2
		exit 2
	fi
done
TMP=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-scenarios.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

awk -F '\t' -v arb="$ARB" -v only="$ONLY" -v errfile="$TMP/err" -v xfail_file="$XFAIL" '
# A word for the shell: single-quoted, inner quotes as '\''.
function shq(s) {
	gsub(/\047/, "\047\\\047\047", s)
	return "\047" s "\047"
}

function trim(s) {
	sub(/^[ \t\r]+/, "", s)
	sub(/[ \t\r]+$/, "", s)
	return s
}

# Splits s at the ";" outside parentheses into parts[1..n]; returns n.
function split_top(s, parts,    i, c, depth, item, n) {
	n = 0
	depth = 0
	item = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "(")
			depth++
		else if (c == ")" && depth > 0)
			depth--
		if (c == ";" && depth == 0) {
			parts[++n] = item
			item = ""
		} else {
			item = item c
		}
	}
	parts[++n] = item
	return n
}

# The items of list[1..n] sorted and joined by blanks (a multiset as text).
function canon(list, n,    i, j, t, out) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && list[j - 1] > list[j]; j--) {
			t = list[j]
			list[j] = list[j - 1]
			list[j - 1] = t
		}
	out = ""
	for (i = 1; i <= n; i++)
		out = out (i > 1 ? " " : "") list[i]
	return out
}

# The value of the first "key": "value" of a JSON line (top-level fields come
# before the "events" list).
function json_str(line, key,    s) {
	if (!match(line, "\"" key "\": \"[^\"]*\""))
		return "(missing)"
	s = substr(line, RSTART, RLENGTH)
	sub("^\"" key "\": \"", "", s)
	sub(/"$/, "", s)
	return s
}

# The first "effects" list of a JSON line into list[]; returns its length.
function json_effects(line, list,    s, n, i, items) {
	if (!match(line, /"effects": \[[^]]*\]/))
		return -1
	s = substr(line, RSTART + 12, RLENGTH - 13)
	if (s == "")
		return 0
	n = split(s, items, /", "/)
	for (i = 1; i <= n; i++) {
		sub(/^"/, "", items[i])
		sub(/"$/, "", items[i])
		list[i] = items[i]
	}
	return n
}

FILENAME == xfail_file {
	if (FNR > 1 && $1 != "" && substr($1, 1, 1) != "#")
		xfail[$1] = 1
	next
}

FNR == 1 {
	next
}

{
	id = $1
	if (id in xfail)
		seen_xfail[id] = 1
	if (only != "" && index(id, only) != 1)
		next
	if (NF < 6) {
		printf "FAIL %s: malformed row (%d fields)\n", id, NF
		rows++
		unexpected++
		next
	}
	profile = $2
	fen = $3
	moves = $4
	want_result = trim($5)
	want_reason = trim($6)
	want_cited = NF >= 8 ? trim($8) : ""

	# The expectation.
	np = split_top(want_reason, parts)
	want_code = parts[1]
	sub(/[( ;].*$/, "", want_code)
	nw = 0
	for (i = 2; i <= np; i++) {
		e = trim(parts[i])
		sub(/\([^)]*\)$/, "", e)
		if (e != "")
			want_eff[++nw] = e
	}
	want_effects = canon(want_eff, nw)

	# The run.
	cmd = shq(arb) " adjudicate --profile " shq(profile) " --fen " shq(fen) \
		" --events " shq(moves) " --json 2>" shq(errfile) "; echo \"rc=$?\""
	json = ""
	status = ""
	while ((cmd | getline line) > 0) {
		if (line ~ /^rc=[0-9]+$/)
			status = substr(line, 4)
		else if (json == "")
			json = line
	}
	close(cmd)
	err = ""
	while ((getline line < errfile) > 0)
		err = err (err == "" ? "" : " | ") line
	close(errfile)

	if (want_result == "refused") {
		# Refused: a non-zero exit whose message names the cited article.
		ok = status != "0" && status != "" && want_cited != "" && index(err, want_cited) > 0
		want = "refused {" want_cited "}"
		got = status == "0" ? "accepted: " json : sprintf("exit %s: %s", status, err)
	} else if (status != "0" || json == "") {
		got = sprintf("exit %s: %s", status, err)
	} else {
		got_result = json_str(json, "result")
		got_board = json_str(json, "board_result")
		got_code = json_str(json, "reason")
		ng = json_effects(json, got_eff)
		if (ng < 0)
			ng = 0
		# The board result when the score differs, unless the engine lists it.
		has_board = 0
		for (i = 1; i <= ng; i++)
			if (got_eff[i] == "board=" got_board)
				has_board = 1
		if (got_board != got_result && got_board != "" && got_board != "(missing)" && !has_board)
			got_eff[++ng] = "board=" got_board
		got = got_result " " got_code " {" canon(got_eff, ng) "}"
		if (want_cited != "")
			got = got " [" json_str(json, "article") "]"
	}
	if (want_result != "refused") {
		want = want_result " " want_code " {" want_effects "}"
		if (want_cited != "")
			want = want " [" want_cited "]"
		ok = status == "0" && json != "" && got == want
	}

	rows++
	if (ok && !(id in xfail)) {
		pass++
	} else if (ok) {
		xpass++
		printf "XPASS %s %s: passes now, remove it from scenarios_expected_failures.tsv\n", id, profile
	} else if (id in xfail) {
		xfailed++
		printf "xfail %s %s: expected %s, got %s\n", id, profile, want, got
	} else {
		unexpected++
		printf "FAIL %s %s: expected %s, got %s\n", id, profile, want, got
		printf "     arbiter adjudicate --profile %s --fen %s --events %s --json\n", \
			shq(profile), shq(fen), shq(moves)
	}
	for (i in want_eff)
		delete want_eff[i]
	for (i in got_eff)
		delete got_eff[i]
	for (i in parts)
		delete parts[i]
}

END {
	if (only == "")
		for (k in xfail)
			if (!(k in seen_xfail)) {
				printf "FAIL %s: listed in scenarios_expected_failures.tsv but not a row of scenarios.tsv\n", k
				unexpected++
			}
	printf "scenarios: %d rows, %d pass, %d fail as expected (listed), %d fail unexpectedly, %d listed but pass\n", \
		rows, pass, xfailed, unexpected, xpass
	exit (unexpected > 0 || xpass > 0 || rows == 0) ? 1 : 0
}
' "$XFAIL" "$TSV"
