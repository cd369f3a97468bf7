#!/bin/sh
# adjudicate.sh -- the competition-rule commands of `arbiter` end to end:
# adjudicate (PGN files, standard input, --events, --json, --write-pgn),
# compare, profiles and profile show|diff, with their exit statuses and error
# messages. The rule outcomes themselves are tested row by row by
# scenarios.sh; here the games are chosen so that the editions differ in
# well-known ways (fivefold from FIDE 2014, Armageddon draw odds).
#
# usage: sh adjudicate.sh PATH/TO/arbiter
# Prints one line per check and exits 1 if any failed.

ARB=${1:?usage: adjudicate.sh PATH/TO/arbiter}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-adjudicate.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

failures=0
checks=0

pass() { checks=$((checks + 1)); echo "ok   $1"; }
fail() {
	checks=$((checks + 1)); failures=$((failures + 1))
	echo "FAIL $1"
	shift
	for line in "$@"; do echo "     $line"; done
	if [ -s "$TMP/out" ]; then echo "     stdout:"; sed 's/^/       /' "$TMP/out" | head -40; fi
	if [ -s "$TMP/err" ]; then echo "     stderr:"; sed 's/^/       /' "$TMP/err" | head -20; fi
}

# run ARGS...: runs the binary, leaves stdout/stderr in $TMP and the status in $rc
run() {
	"$ARB" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}

# check NAME CONDITION...: passes when the shell condition holds
check() {
	name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name" "exit $rc"; fi
}

lines() { wc -l <"$1" | tr -d ' '; }

# The value of the first "KEY": "VALUE" of JSON line $2 (top-level fields
# come before the "events" list).
json_str() {
	printf '%s\n' "$2" | awk -v k="$1" '{
		if (match($0, "\"" k "\": \"[^\"]*\"")) {
			s = substr($0, RSTART, RLENGTH)
			sub("^\"" k "\": \"", "", s)
			sub(/"$/, "", s)
			print s
			exit
		}
	}'
}

# "result reason" of each JSON line of file $1
result_reason() {
	while IFS= read -r line; do
		echo "$(json_str result "$line") $(json_str reason "$line")"
	done <"$1"
}

# ---- fixtures ----------------------------------------------------------------
# One game a file; three.pgn is fivefold + broken + agreed.
cat >"$TMP/fivefold.pgn" <<'EOF'
[Event "fivefold"]
[White "Alpha"]
[Black "Beta"]
[Result "*"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6
8. Ng1 Ng8 *

EOF
# An illegal SAN move: the reader rejects the game.
cat >"$TMP/broken.pgn" <<'EOF'
[Event "broken"]
[White "Gamma"]
[Black "Delta"]
[Result "1-0"]

1. e4 e5 2. Ke3 Nc6 1-0

EOF
# A draw agreed after both players have moved.
cat >"$TMP/agreed.pgn" <<'EOF'
[Event "agreed"]
[White "Epsilon"]
[Black "Zeta"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 e6 {[%offer black] [%accept white]} 1/2-1/2

EOF
cat "$TMP/fivefold.pgn" "$TMP/broken.pgn" "$TMP/agreed.pgn" >"$TMP/three.pgn"

# Comment commands: an illegal move with its replacement, a rejected
# threefold claim, an offer declined, a resignation.
cat >"$TMP/events.pgn" <<'EOF'
[Event "events"]
[White "Eta"]
[Black "Theta"]
[Result "0-1"]

{[%clock 600 600]} 1. e4 {[%illegal black e7e4]} 1... e5 2. Nf3 Nc6
{[%claim threefold white]} 3. Bc4 {[%offer white] [%decline black]} 3... Nf6
{[%resign white]} 0-1

EOF

# A game whose comment command names a legal move as illegal: the event cannot
# happen, so this game fails and the next one is adjudicated.
cat >"$TMP/mate.pgn" <<'EOF'
[Event "good"]
[White "Lambda"]
[Black "Mu"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

EOF
cat >"$TMP/badcmd.pgn" <<'EOF'
[Event "bad command"]
[White "Iota"]
[Black "Kappa"]
[Result "*"]

1. e4 {[%illegal black e7e5]} 1... e5 *

EOF
cat "$TMP/mate.pgn" >>"$TMP/badcmd.pgn"

# Four good games.
cat "$TMP/events.pgn" "$TMP/mate.pgn" "$TMP/agreed.pgn" "$TMP/fivefold.pgn" >"$TMP/good.pgn"

# Names that need escaping in JSON (a quote, a backslash) and a Latin-1 byte.
printf '[Event "json"]\n[White "O\\"Brien \\\\ x"]\n[Black "Jos\351"]\n[Result "*"]\n\n1. e4 *\n' \
	>"$TMP/names.pgn"

FIVEFOLD_EVENTS='g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8'

# ---- usage errors: exit 2 ------------------------------------------------------
for args in 'adjudicate' 'adjudicate --profile' 'adjudicate --profile fide2014-standard --bogus' \
	'adjudicate --profile fide2014-standard --fen x' \
	'adjudicate --profile fide2014-standard --events e2e4 x.pgn' \
	'adjudicate --profile fide2014-standard --write-pgn - x.pgn' \
	'compare' 'compare --profiles fide2014-standard x.pgn' 'compare --profiles a,,b x.pgn' \
	'compare --profiles a{b,c x.pgn' 'profiles extra' 'profile' 'profile show' \
	'profile diff fide2014-standard' 'profile frobnicate x'; do
	# shellcheck disable=SC2086
	run $args
	if [ "$rc" -eq 2 ] && [ -s "$TMP/err" ] && ! [ -s "$TMP/out" ]; then
		pass "usage error: arbiter $args"
	else
		fail "usage error: arbiter $args" "exit $rc, expected 2 with a message"
	fi
done
for cmd in adjudicate compare profiles profile; do
	run "$cmd" --help
	if [ "$rc" -eq 0 ] && grep -q "^usage: arbiter $cmd" "$TMP/out"; then
		pass "$cmd --help"
	else
		fail "$cmd --help" "exit $rc"
	fi
done
run help
if grep -q '^  adjudicate ' "$TMP/out" && grep -q '^  compare ' "$TMP/out" &&
	grep -q '^  profiles ' "$TMP/out" && grep -q '^  profile ' "$TMP/out"; then
	pass "arbiter help lists adjudicate, compare, profiles, profile"
else
	fail "arbiter help lists adjudicate, compare, profiles, profile"
fi

# ---- unknown profile: exit 1, one line -----------------------------------------
run adjudicate --profile nosuch-profile --events e2e4
if [ "$rc" -eq 1 ] && [ "$(lines "$TMP/err")" -eq 1 ] && grep -q "nosuch-profile" "$TMP/err" &&
	! [ -s "$TMP/out" ]; then
	pass "unknown profile: exit 1, one line naming it"
else
	fail "unknown profile: exit 1, one line naming it" "exit $rc"
fi
run compare --profiles 'fide2014-standard,nosuch-profile' "$TMP/three.pgn"
if [ "$rc" -eq 1 ] && [ "$(lines "$TMP/err")" -eq 1 ] && grep -q "nosuch-profile" "$TMP/err"; then
	pass "compare: unknown profile, exit 1"
else
	fail "compare: unknown profile, exit 1" "exit $rc"
fi
run profile show 'fide2014-standard{nosuchoption=1}'
if [ "$rc" -eq 1 ] && [ "$(lines "$TMP/err")" -eq 1 ] && grep -q "nosuchoption" "$TMP/err"; then
	pass "profile show: unknown option, exit 1 naming it"
else
	fail "profile show: unknown option, exit 1 naming it" "exit $rc"
fi

# ---- --events -------------------------------------------------------------------
run adjudicate --profile fide2014-standard --events "$FIVEFOLD_EVENTS"
if [ "$rc" -eq 0 ] && [ "$(lines "$TMP/out")" -eq 1 ] &&
	grep -q '^game 1: ? - ?: 1/2-1/2 fivefold-auto.* -- FIDE 2014' "$TMP/out"; then
	pass "--events: fivefold under FIDE 2014, one line with the article"
else
	fail "--events: fivefold under FIDE 2014, one line with the article" "exit $rc"
fi
run adjudicate --profile fide2009-standard --events "$FIVEFOLD_EVENTS"
if [ "$rc" -eq 0 ] && grep -q '^game 1: ? - ?: \* ' "$TMP/out"; then
	pass "--events: the same log goes on under FIDE 2009"
else
	fail "--events: the same log goes on under FIDE 2009" "exit $rc"
fi

# A bad token: exit 1, the column on stderr ("e2e5" starts at column 11).
run adjudicate --profile fide2014-standard --events 'e2e4 e7e5 e2e5 g1f3'
if [ "$rc" -eq 1 ] && ! [ -s "$TMP/out" ] && [ "$(lines "$TMP/err")" -eq 1 ] &&
	grep -q 'column 11' "$TMP/err"; then
	pass "--events: a move that is not legal, exit 1 with its column"
else
	fail "--events: a move that is not legal, exit 1 with its column" "exit $rc"
fi
run adjudicate --profile fide2014-standard --events 'e2e4 claim:sixfold:black'
# The column of the token (6) or of the bad word in it (12).
if [ "$rc" -eq 1 ] && grep -Eq 'column (6|12)[^0-9]' "$TMP/err"; then
	pass "--events: a malformed token, exit 1 with its column"
else
	fail "--events: a malformed token, exit 1 with its column" "exit $rc"
fi

# A set-up position: 75 moves reached on the move played (FIDE 2014 9.6b).
run adjudicate --profile fide2014-standard --fen '7k/8/6K1/8/8/8/8/R7 w - - 149 150' \
	--events a1a2 --json
if [ "$rc" -eq 0 ] && [ "$(json_str result "$(cat "$TMP/out")")" = 1/2-1/2 ] &&
	[ "$(json_str reason "$(cat "$TMP/out")")" = seventyfive-auto ]; then
	pass "--fen --events --json: seventyfive-auto"
else
	fail "--fen --events --json: seventyfive-auto" "exit $rc"
fi
run adjudicate --profile fide2014-standard --fen '7k/8/6K1/8/8/8/8/R7 w - -  junk' --events a1a2
check "--fen: a bad FEN, exit 1" [ "$rc" -eq 1 ]

# ---- JSON -------------------------------------------------------------------------
run adjudicate --profile 'armageddon{base=fide2023-blitz}' --json \
	--events 'e2e4 e7e5 offer:white accept:black'
json=$(cat "$TMP/out")
ok=1
for key in game white black result board_result termination reason detail article effects trf \
	points events; do
	printf '%s\n' "$json" | grep -q "\"$key\": " || { ok=0; echo "     missing key $key"; }
done
if [ "$rc" -eq 0 ] && [ "$ok" = 1 ] && [ "$(lines "$TMP/out")" -eq 1 ] &&
	[ "$(json_str result "$json")" = 0-1 ] && [ "$(json_str board_result "$json")" = 1/2-1/2 ] &&
	[ "$(json_str reason "$json")" = armageddon-draw-odds ] &&
	printf '%s\n' "$json" | grep -q '"trf": {"white": "0", "black": "1"}' &&
	printf '%s\n' "$json" | grep -q '"events": \[{"ply": [0-9]*, "event": ' &&
	printf '%s\n' "$json" | grep -q '"ends": true'; then
	pass "--json: every field; Armageddon draw scored 0-1 with the board result"
else
	fail "--json: every field; Armageddon draw scored 0-1 with the board result" "exit $rc"
fi

run adjudicate --profile fide2014-standard --json "$TMP/names.pgn"
if [ "$rc" -eq 0 ] && grep -qF '"white": "O\"Brien \\ x"' "$TMP/out" &&
	grep -qF "\"black\": \"$(printf 'Jos\303\251')\"" "$TMP/out"; then
	pass "--json: quotes and backslashes escaped, a Latin-1 byte read as ISO 8859-1"
else
	fail "--json: quotes and backslashes escaped, a Latin-1 byte read as ISO 8859-1" "exit $rc"
fi

# Every line is one JSON object: braces and brackets balance outside strings.
run adjudicate --profile fide2018-blitz --json "$TMP/events.pgn" "$TMP/names.pgn" "$TMP/three.pgn"
bad=$(awk '{
	depth = 0; instr = 0; esc = 0; ok = 1
	for (i = 1; i <= length($0); i++) {
		c = substr($0, i, 1)
		if (instr) {
			if (esc) esc = 0
			else if (c == "\\") esc = 1
			else if (c == "\"") instr = 0
			continue
		}
		if (c == "\"") instr = 1
		else if (c == "{" || c == "[") depth++
		else if (c == "}" || c == "]") { depth--; if (depth == 0 && i < length($0)) ok = 0 }
	}
	if (!ok || depth != 0 || instr || substr($0, 1, 1) != "{") n++
} END { print n + 0 }' "$TMP/out")
if [ "$rc" -eq 1 ] && [ "$(lines "$TMP/out")" -eq 4 ] && [ "$bad" -eq 0 ]; then
	pass "--json: one balanced object per good game (4 of 5)"
else
	fail "--json: one balanced object per good game (4 of 5)" "exit $rc, $bad bad lines"
fi
if command -v python3 >/dev/null 2>&1; then
	if python3 -c 'import json, sys
for line in sys.stdin:
    o = json.loads(line)
    assert isinstance(o["events"], list) and isinstance(o["effects"], list)
' <"$TMP/out"; then
		pass "--json: python3 json.loads reads every line"
	else
		fail "--json: python3 json.loads reads every line"
	fi
fi

# The comment commands: penalties along the way, then the resignation.
run adjudicate --profile fide2018-standard --json "$TMP/events.pgn"
json=$(cat "$TMP/out")
if [ "$rc" -eq 0 ] && [ "$(json_str result "$json")" = 0-1 ] &&
	[ "$(json_str reason "$json")" = resignation ] &&
	printf '%s\n' "$json" | grep -q '"event": "illegal:black:e7e4", "result": "\*", "reason": "illegal-move-penalty"' &&
	printf '%s\n' "$json" | grep -q '"reason": "threefold-claim-rejected"'; then
	pass "comment commands: illegal move, rejected claim, resignation"
else
	fail "comment commands: illegal move, rejected claim, resignation" "exit $rc"
fi

# ---- PGN: a broken game in the middle ----------------------------------------------
run adjudicate --profile fide2014-standard "$TMP/three.pgn"
if [ "$rc" -eq 1 ] && [ "$(lines "$TMP/out")" -eq 2 ] &&
	grep -q '^game 1: Alpha - Beta: 1/2-1/2 fivefold-auto' "$TMP/out" &&
	grep -q '^game 3: Epsilon - Zeta: 1/2-1/2 agreement' "$TMP/out" &&
	grep -q 'three.pgn:1[0-9]:.*game 2' "$TMP/err"; then
	pass "PGN: the broken game 2 reported with file and line, games 1 and 3 adjudicated"
else
	fail "PGN: the broken game 2 reported with file and line, games 1 and 3 adjudicated" \
		"exit $rc"
fi
run adjudicate --profile fide2014-standard "$TMP/badcmd.pgn"
if [ "$rc" -eq 1 ] && [ "$(lines "$TMP/out")" -eq 1 ] &&
	grep -q '^game 2: Lambda - Mu: 1-0 checkmate' "$TMP/out" &&
	grep -q 'badcmd.pgn.*game 1 (Iota - Kappa)' "$TMP/err"; then
	pass "PGN: an event that cannot happen fails its game only"
else
	fail "PGN: an event that cannot happen fails its game only" "exit $rc"
fi
run adjudicate --profile fide2014-standard "$TMP/nosuchfile.pgn"
check "PGN: an unreadable file, exit 2" [ "$rc" -eq 2 ]

# Standard input: no FILE, or '-'.
"$ARB" adjudicate --profile fide2014-standard <"$TMP/events.pgn" >"$TMP/out" 2>"$TMP/err"
rc=$?
"$ARB" adjudicate --profile fide2014-standard - <"$TMP/events.pgn" >"$TMP/out2" 2>>"$TMP/err"
rc2=$?
if [ "$rc" -eq 0 ] && [ "$rc2" -eq 0 ] && [ "$(lines "$TMP/out")" -eq 1 ] &&
	cmp -s "$TMP/out" "$TMP/out2" && grep -q '^game 1: Eta - Theta: 0-1 resignation' "$TMP/out"; then
	pass "PGN from standard input (no FILE, and '-')"
else
	fail "PGN from standard input (no FILE, and '-')" "exit $rc and $rc2"
fi

# Several files: lines name the file.
run adjudicate --profile fide2014-standard "$TMP/events.pgn" "$TMP/names.pgn"
if [ "$rc" -eq 0 ] && grep -q 'events.pgn: game 1: Eta - Theta' "$TMP/out" &&
	grep -q 'names.pgn: game 1: ' "$TMP/out"; then
	pass "several files: each line names its file"
else
	fail "several files: each line names its file" "exit $rc"
fi

# ---- --write-pgn ---------------------------------------------------------------------
# Write, read back, adjudicate again under the same profile: the same results.
for profile in fide2018-standard fide2009-standard 'armageddon{base=fide2023-blitz}' uscf-standard; do
	run adjudicate --profile "$profile" --json --write-pgn "$TMP/written.pgn" "$TMP/good.pgn"
	rc1=$rc
	result_reason "$TMP/out" >"$TMP/first"
	"$ARB" pgn check "$TMP/written.pgn" >"$TMP/check" 2>&1
	rcc=$?
	run adjudicate --profile "$profile" --json "$TMP/written.pgn"
	result_reason "$TMP/out" >"$TMP/again"
	n=$(lines "$TMP/again")
	if [ "$rc1" -eq 0 ] && [ "$rcc" -eq 0 ] && [ "$rc" -eq 0 ] && [ "$n" -eq 4 ] &&
		cmp -s "$TMP/first" "$TMP/again" && grep -q '^\[Termination "' "$TMP/written.pgn" &&
		! ls "$TMP"/written.pgn.tmp.* >/dev/null 2>&1; then
		pass "--write-pgn round trip under $profile: same results"
	else
		fail "--write-pgn round trip under $profile: same results" \
			"exits $rc1 (write), $rcc (pgn check), $rc (again), $n lines" \
			"first: $(tr '\n' '|' <"$TMP/first")" "again: $(tr '\n' '|' <"$TMP/again")"
	fi
done
# (The writer may break a comment across lines.)
tr '\n' ' ' <"$TMP/written.pgn" >"$TMP/written.txt"
if grep -q '\[%resign white\]' "$TMP/written.txt" && grep -q '\[%illegal black e7e4\]' "$TMP/written.txt"; then
	pass "--write-pgn: events written as comment commands"
else
	fail "--write-pgn: events written as comment commands"
fi

# A run with a failure leaves OUT untouched and no temporary file.
echo 'previous content' >"$TMP/keep.pgn"
run adjudicate --profile fide2014-standard --write-pgn "$TMP/keep.pgn" "$TMP/three.pgn"
if [ "$rc" -eq 1 ] && [ "$(cat "$TMP/keep.pgn")" = 'previous content' ] &&
	! ls "$TMP"/keep.pgn.tmp.* >/dev/null 2>&1 && grep -q 'keep.pgn not written' "$TMP/err"; then
	pass "--write-pgn: a failed run leaves OUT as it was, no temporary file"
else
	fail "--write-pgn: a failed run leaves OUT as it was, no temporary file" "exit $rc"
fi
run adjudicate --profile fide2014-standard --write-pgn "$TMP/no/such/dir/out.pgn" "$TMP/events.pgn"
check "--write-pgn: an unwritable OUT, exit 1" [ "$rc" -eq 1 ]
# OUT is replaced by renaming a temporary file over it: something that is not
# a regular file (a FIFO, a device such as /dev/full) must be refused, not
# replaced.
if mkfifo "$TMP/fifo" 2>/dev/null; then
	run adjudicate --profile fide2014-standard --write-pgn "$TMP/fifo" "$TMP/events.pgn"
	if [ "$rc" -eq 1 ] && [ -p "$TMP/fifo" ] && grep -q 'is not a regular file' "$TMP/err"; then
		pass "--write-pgn: a FIFO as OUT is refused and left as it is"
	else
		fail "--write-pgn: a FIFO as OUT is refused and left as it is" "exit $rc"
	fi
fi

# A token log written as PGN, read back: the same result.
run adjudicate --profile fide2014-standard --fen '7k/8/6K1/8/8/8/8/R7 w - - 140 150' \
	--events 'clock:600:600 a1a2 h8g8 a2a1 g8h8 claim:fifty:white' --write-pgn "$TMP/tok.pgn"
first=$(cat "$TMP/out")
run adjudicate --profile fide2014-standard "$TMP/tok.pgn"
if [ "$rc" -eq 0 ] && [ -n "$first" ] && [ "$(cat "$TMP/out")" = "$first" ] &&
	grep -q '^\[FEN "7k/8/6K1/8/8/8/8/R7 w - - 140 150"\]' "$TMP/tok.pgn" &&
	tr '\n' ' ' <"$TMP/tok.pgn" | grep -q '\[%claim fifty white\]'; then
	pass "--events --write-pgn: the log as PGN gives the same line"
else
	fail "--events --write-pgn: the log as PGN gives the same line" "exit $rc" "first: $first"
fi

# ---- compare ------------------------------------------------------------------------------
run compare --profiles 'fide2009-standard,fide2014-standard' "$TMP/events.pgn" "$TMP/three.pgn"
if [ "$rc" -eq 1 ] && [ "$(tail -n 1 "$TMP/out")" = "4 games, 1 differs, 1 could not be adjudicated" ] &&
	grep -q 'three.pgn: game 1: Alpha - Beta' "$TMP/out" &&
	grep -q '^  fide2009-standard  *in play ' "$TMP/out" &&
	grep -q '^  fide2014-standard  *1/2-1/2  *fivefold-auto  *FIDE 2014' "$TMP/out" &&
	! grep -q 'Eta - Theta' "$TMP/out"; then
	pass "compare: only the fivefold game differs, with a row per profile"
else
	fail "compare: only the fivefold game differs, with a row per profile" "exit $rc"
fi
run compare --profiles 'fide2023-blitz,armageddon{base=fide2023-blitz},uscf-standard{tc=G/90,delay=5}' \
	--json "$TMP/events.pgn" "$TMP/good.pgn"
if [ "$rc" -eq 0 ] && [ "$(lines "$TMP/out")" -eq 3 ] &&
	grep -q '"white": "Epsilon".*"profile": "armageddon{base=fide2023-blitz}", "result": "0-1"' "$TMP/out" &&
	grep -q '"white": "Alpha".*"profile": "uscf-standard{tc=G/90,delay=5}", "result": "\*"' "$TMP/out" &&
	[ "$(tail -n 1 "$TMP/out")" = '{"games": 5, "differ": 2, "failed": 0}' ]; then
	pass "compare --json: profile options with commas; the agreed and the fivefold game differ"
else
	fail "compare --json: profile options with commas; the agreed and the fivefold game differ" "exit $rc"
fi

# ---- profiles, profile show, profile diff -----------------------------------------------
run profiles
ok=1
for name in fide2009-standard fide2014-rapid fide2014-blitz fide2023-standard uscf-standard uscf-blitz \
	armageddon online; do
	grep -q "^$name  " "$TMP/out" || { ok=0; echo "     $name not listed"; }
done
if [ "$rc" -eq 0 ] && [ "$ok" = 1 ] && ! grep -q '^fide2014  ' "$TMP/out"; then
	pass "profiles: each FIDE speed and the others, with a description"
else
	fail "profiles: each FIDE speed and the others, with a description" "exit $rc"
fi
run profiles --profile-path "$TMP/no-such-dir"
check "profiles --profile-path (a missing directory is skipped)" [ "$rc" -eq 0 ]

run profile show fide2014-standard
fields=$(grep -c '^[a-z_0-9.]*  ' "$TMP/out")
if [ "$rc" -eq 0 ] && grep -q '^draw.fivefold  *consecutive  *FIDE 2014 9.6a' "$TMP/out" &&
	grep -q '^illegal.penalty_s  *120  *FIDE 2014' "$TMP/out" && [ "$fields" -gt 40 ]; then
	pass "profile show: every parameter with its value and article"
else
	fail "profile show: every parameter with its value and article" "exit $rc, $fields rows"
fi
# Aligned: the value column starts at the same place on every row.
cols=$(sed -n '2,$p' "$TMP/out" | grep -v '^hooks:' |
	awk '{ match($0, /^[^ ]+ +/); print RLENGTH }' | sort -u | wc -l | tr -d ' ')
check "profile show: aligned columns" [ "$cols" -eq 1 ]

run profile diff fide2009-standard fide2014-standard
if [ "$rc" -eq 0 ] && grep -q '^draw.fivefold  *none.*consecutive  \[FIDE 2014 9.6a\]' "$TMP/out" &&
	! grep -q '^speed ' "$TMP/out" && grep -q '^parameter  *fide2009-standard  *fide2014-standard' "$TMP/out"; then
	pass "profile diff: only differing parameters, side by side with articles"
else
	fail "profile diff: only differing parameters, side by side with articles" "exit $rc"
fi
run profile diff fide2014-standard fide2014-standard
check "profile diff of a profile with itself: no differences" \
	[ "$rc" -eq 0 -a "$(tail -n 1 "$TMP/out")" = "no differences" ]

# The counts of the draw rules: shown, diffed, and a thirty-move rule as one line.
run profile show fide2018-standard
check "profile show: the counts of the draw rules with their articles" \
	grep -q '^draw.fifty_moves  *50  *FIDE 2018 9.3$' "$TMP/out"
printf '%s\n' "local p = extend('fide2018')" "p.draw.fifty_moves = 30" "return p" >"$TMP/thirty.lua"
run profile diff fide2018-standard thirty --profile-path "$TMP"
if [ "$rc" -eq 0 ] && grep -q '^draw.fifty_moves  *50  \[FIDE 2018 9.3\]  *30  \[FIDE 2018 9.3\]' "$TMP/out" &&
	[ "$(grep -c '^draw\.' "$TMP/out")" -eq 1 ]; then
	pass "profile diff: a thirty-move rule differs in draw.fifty_moves alone"
else
	fail "profile diff: a thirty-move rule differs in draw.fifty_moves alone" "exit $rc"
fi
run adjudicate --profile thirty --profile-path "$TMP" --fen '8/8/2k5/8/8/8/3K4/4R3 w - - 59 120' \
	--events 'claim:fifty:white@e1e2'
check "adjudicate: a thirty-move claim with the written move" grep -q 'fifty-claim' "$TMP/out"
printf '%s\n' "local p = extend('fide2018')" "p.draw.seventyfive_moves = 40" "return p" >"$TMP/low.lua"
run profile show low --profile-path "$TMP"
if [ "$rc" -eq 1 ] && grep -q "low.lua:2: field 'draw.seventyfive_moves': 40 is below draw.fifty_moves (50)" "$TMP/err"; then
	pass "profile show: a 75-move count below the 50-move count is a profile error naming the field"
else
	fail "profile show: a 75-move count below the 50-move count is a profile error naming the field" "exit $rc"
fi

# ---- --verbose: what the scripts print() -----------------------------------------------
mkdir -p "$TMP/loud/variants"
printf '%s\n' 'print("loading", 1)' 'local p = extend("fide2023")' 'p.on_move = function(game)' \
	'  if game.ply == 2 then print("ply", game.ply, game.fen) end' 'end' 'return p' >"$TMP/loud/loud.lua"
run adjudicate --profile loud --profile-path "$TMP/loud" --events 'e2e4 e7e5 g1f3'
check "adjudicate: without --verbose, print() writes nothing" [ "$rc" -eq 0 -a ! -s "$TMP/err" ]
run adjudicate --profile loud --profile-path "$TMP/loud" --events 'e2e4 e7e5 g1f3' --verbose
if [ "$rc" -eq 0 ] && [ "$(lines "$TMP/err")" -eq 2 ] &&
	grep -q "loud/loud.lua:1: loading	1\$" "$TMP/err" &&
	grep -q "loud/loud.lua:4: ply	2	rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\$" "$TMP/err" &&
	! grep -q loading "$TMP/out"; then
	pass "adjudicate --verbose: the load's and the hook's print() on stderr, after script and line"
else
	fail "adjudicate --verbose: the load's and the hook's print() on stderr, after script and line" "exit $rc"
fi
printf '%s\n' '[White "a"]' '[Result "*"]' '' '1. e4 e5 2. Nf3 *' '' '[White "b"]' '[Result "*"]' '' \
	'1. d4 d5 *' '' '[White "c"]' '[Result "*"]' '' '1. c4 *' >"$TMP/loud/three.pgn"
ok=1
for j in 1 2 3; do
	"$ARB" adjudicate --profile loud --profile-path "$TMP/loud" --verbose --jobs $j \
		"$TMP/loud/three.pgn" >"$TMP/out" 2>"$TMP/loud/err.$j" || ok=0
done
if [ "$ok" = 1 ] && [ "$(lines "$TMP/loud/err.1")" -eq 3 ] &&
	[ "$(grep -c ':4: ply' "$TMP/loud/err.1")" -eq 2 ] &&
	cmp -s "$TMP/loud/err.1" "$TMP/loud/err.2" && cmp -s "$TMP/loud/err.1" "$TMP/loud/err.3"; then
	pass "adjudicate --verbose --jobs N: the hooks' lines once per game, the same for any N"
else
	fail "adjudicate --verbose --jobs N: the hooks' lines once per game, the same for any N" \
		"$(cat "$TMP/loud/err.1" "$TMP/loud/err.3")"
fi
run compare --profiles loud,fide2023 --profile-path "$TMP/loud" --verbose --jobs 2 "$TMP/loud/three.pgn"
check "compare --verbose: the profile's print() on stderr" \
	[ "$rc" -eq 0 -a "$(grep -c 'loud.lua:' "$TMP/err")" -eq 3 ]
run compare --profiles loud,fide2023 --profile-path "$TMP/loud" "$TMP/loud/three.pgn"
check "compare without --verbose: nothing on stderr" [ "$rc" -eq 0 -a ! -s "$TMP/err" ]
run profile show loud --profile-path "$TMP/loud" --verbose
check "profile show --verbose: the load's print() on stderr" grep -q "loud.lua:1: loading	1\$" "$TMP/err"
run profile diff loud fide2023 --profile-path "$TMP/loud"
check "profile diff without --verbose: nothing on stderr" [ "$rc" -eq 0 -a ! -s "$TMP/err" ]
printf '%s\n' 'print("variant", 960)' \
	'return { name = "Loud", start = { chess960 = 518 }, castling = "chess960" }' \
	>"$TMP/loud/variants/loud.lua"
run variants --profile-path "$TMP/loud/variants" --verbose
check "variants --verbose: a variant's print() on stderr" \
	grep -q "loud/variants/loud.lua:1: variant	960\$" "$TMP/err"
run variants --profile-path "$TMP/loud/variants"
check "variants without --verbose: nothing on stderr" [ "$rc" -eq 0 -a ! -s "$TMP/err" ]
# ---- Termination tags: the event each implies, and --write-pgn invents none ------------
TERMS=$(dirname "$0")/../data/pgn-termination
bad=""
while IFS='	' read -r game profile result reason; do
	case $game in '#'*|'') continue ;; esac
	run adjudicate --profile "$profile" --json "$TERMS/terminations.pgn"
	line=$(sed -n "${game}p" "$TMP/out")
	got="$(json_str result "$line") $(json_str reason "$line")"
	[ "$got" = "$result $reason" ] || bad="$bad; game $game under $profile: '$got', want '$result $reason'"
done <"$TERMS/expected.tsv"
if [ -z "$bad" ]; then
	pass "Termination tags: each implies its event, decided under the profile"
else
	fail "Termination tags: each implies its event, decided under the profile" "$bad"
fi
for profile in online fide2023-blitz fide2014-blitz; do
	run adjudicate --profile "$profile" --json --write-pgn "$TMP/terms.pgn" "$TERMS/terminations.pgn"
	cp "$TMP/out" "$TMP/terms.json"
	run adjudicate --profile "$profile" --json "$TMP/terms.pgn"
	# The file name differs; nothing else may.
	if [ "$rc" -eq 0 ] && [ "$(sed 's/"file": "[^"]*", //' "$TMP/out")" = "$(sed 's/"file": "[^"]*", //' "$TMP/terms.json")" ] &&
		! grep -Eq '\[%(offer|accept|resign|flag|forfeit|ruling)[^]]*\]' "$TMP/terms.pgn" &&
		grep -q '^\[Termination "Time forfeit"\]' "$TMP/terms.pgn" &&
		grep -q '^\[Termination "stalled connection"\]' "$TMP/terms.pgn" &&
		! grep -q '^\[Termination "normal"\]' "$TMP/terms.pgn"; then
		pass "--write-pgn under $profile: no invented events, Termination kept, same verdicts read back"
	else
		fail "--write-pgn under $profile: no invented events, Termination kept, same verdicts read back" "exit $rc" "$(grep -E '%|Termination|Original' "$TMP/terms.pgn" | head -20)"
	fi
done
# The profile decides otherwise (White's flag, but Black has a lone king: a draw, not
# the file's 0-1): the inferred event is written as such, the file's tags kept, and a
# second rewrite keeps it.
printf '%s\n' '[Event "x"]' '[Result "0-1"]' '[Termination "Time forfeit"]' '[SetUp "1"]' \
	'[FEN "4k3/8/8/8/8/8/8/4KBN1 b - - 0 1"]' '' '0-1' >"$TMP/flagdraw.pgn"
run adjudicate --profile fide2023-blitz --write-pgn "$TMP/terms.pgn" "$TMP/flagdraw.pgn"
run adjudicate --profile fide2023-blitz --write-pgn "$TMP/terms2.pgn" "$TMP/terms.pgn"
if [ "$rc" -eq 0 ] && grep -q '\[%flag white inferred\]' "$TMP/terms.pgn" &&
	grep -q '^\[OriginalResult "0-1"\]' "$TMP/terms.pgn" &&
	grep -q '^\[OriginalTermination "Time forfeit"\]' "$TMP/terms.pgn" &&
	grep -q '^\[Result "1/2-1/2"\]' "$TMP/terms.pgn" &&
	[ "$(grep -c '^\[Original' "$TMP/terms.pgn")" -eq 2 ] &&
	cmp -s "$TMP/terms.pgn" "$TMP/terms2.pgn"; then
	pass "--write-pgn: a decision that differs is marked inferred, the original tags kept"
else
	fail "--write-pgn: a decision that differs is marked inferred, the original tags kept" "exit $rc" "$(cat "$TMP/terms.pgn" "$TMP/terms2.pgn")"
fi

# ---- unknown comment commands: warnings with file:line:column, errors under --strict ----
CMDS=$(dirname "$0")/../data/pgn-commands/misspelled.pgn
run adjudicate --profile fide2023-blitz "$CMDS"
if [ "$rc" -eq 0 ] && [ "$(lines "$TMP/out")" -eq 2 ] && [ "$(lines "$TMP/err")" -eq 2 ] &&
	grep -q "warning: .*misspelled.pgn:7:9: game 1: unknown comment command \[%clam\] (did you mean \[%claim\]?)" "$TMP/err" &&
	grep -q "warning: .*misspelled.pgn:7:39: game 1: unknown comment command \[%Flag\] (did you mean \[%flag\]?)" "$TMP/err" &&
	grep -q '^game 2: .*resignation' "$TMP/out"; then
	pass "adjudicate: misspelled comment commands are warnings with file:line:column"
else
	fail "adjudicate: misspelled comment commands are warnings with file:line:column" "exit $rc"
fi
run adjudicate --profile fide2023-blitz --strict "$CMDS"
if [ "$rc" -eq 1 ] && [ "$(lines "$TMP/out")" -eq 1 ] && grep -q '^game 2: ' "$TMP/out" &&
	grep -q "misspelled.pgn:7:9: game 1: unknown comment command \[%clam\]" "$TMP/err" &&
	! grep -q "warning" "$TMP/err"; then
	pass "adjudicate --strict: a misspelled command makes its game an error, the others go on"
else
	fail "adjudicate --strict: a misspelled command makes its game an error, the others go on" "exit $rc"
fi
run compare --profiles fide2023-blitz,online "$CMDS"
if [ "$rc" -eq 0 ] && [ "$(grep -c 'warning: .*unknown comment command' "$TMP/err")" -eq 2 ]; then
	pass "compare: the same warnings"
else
	fail "compare: the same warnings" "exit $rc"
fi
run compare --profiles fide2023-blitz,online --strict "$CMDS"
check "compare --strict: an error, exit 1" [ "$rc" -eq 1 ]

# ---- every Variant tag `arbiter variants` lists is read by the PGN reader ----------------
run variants
# The third column: "Chess960","Fischerandom",... (quoted, comma-separated).
awk '{ a = index($0, "\""); s = substr($0, a + 1); b = 0
	for (i = length(s); i > 0; i--) if (substr(s, i, 1) == "\"") { b = i; break }
	if (a && b) { s = substr(s, 1, b - 1); gsub(/","/, "\n", s); print s } }' "$TMP/out" >"$TMP/tags"
bad=""
n=0
while IFS= read -r tag; do
	[ -n "$tag" ] || continue
	n=$((n + 1))
	printf '[Event "v"]\n[Variant "%s"]\n[SetUp "1"]\n[FEN "%s"]\n\n1. e4 e5 2. d4 d5 *\n' \
		"$tag" 'nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/RKNBBQNR w - - 0 1' >"$TMP/v.pgn"
	"$ARB" pgn check "$TMP/v.pgn" >/dev/null 2>"$TMP/verr" || bad="$bad; '$tag': $(cat "$TMP/verr")"
done <"$TMP/tags"
if [ -z "$bad" ] && [ "$n" -ge 5 ]; then
	pass "every Variant tag of 'arbiter variants' ($n) is read by the PGN reader"
else
	fail "every Variant tag of 'arbiter variants' ($n) is read by the PGN reader" "$bad"
fi
printf '[Event "v"]\n[Variant "Crazyhouse"]\n\n1. e4 *\n' >"$TMP/v.pgn"
run pgn check "$TMP/v.pgn"
check "a Variant tag no variant script has is still refused" [ "$rc" -eq 1 ]

# ---- Latin-1 tag values are read as ISO 8859-1 and written to JSON as UTF-8 -----------
LATIN1=$(dirname "$0")/../data/pgn-latin1/latin1.pgn
run adjudicate --profile fide2023-standard --json "$LATIN1"
fffd=$(printf '\357\277\275')
mueller=$(printf 'M\303\274ller, J\303\266rg')
aastroem=$(printf '\303\205str\303\266m, Bj\303\266rn')
if [ "$rc" -eq 0 ] && [ "$(lines "$TMP/out")" -eq 2 ] &&
	[ "$(json_str white "$(sed -n 1p "$TMP/out")")" = "$mueller" ] &&
	[ "$(json_str black "$(sed -n 1p "$TMP/out")")" = "$aastroem" ] &&
	[ "$(json_str white "$(sed -n 2p "$TMP/out")")" = "$mueller" ] &&
	! grep -q "$fffd" "$TMP/out" && ! grep -qi 'ufffd' "$TMP/out"; then
	pass "Latin-1 tags: UTF-8 in JSON (as the same name written in UTF-8), never U+FFFD"
else
	fail "Latin-1 tags: UTF-8 in JSON (as the same name written in UTF-8), never U+FFFD" "exit $rc"
fi

# ---- the example games of `make run` ---------------------------------------------------
# Legal games, each chosen to be scored differently by the editions compared.
EXAMPLES=$(dirname "$0")/../../examples/games
run pgn check "$EXAMPLES"/*.pgn
check "examples/games: every game is legal" [ "$rc" -eq 0 ]
for group in 'standard:fide2009-standard,fide2014-standard,fide2023-standard,uscf-standard' \
	'blitz:fide2009-blitz,fide2014-blitz,fide2023-blitz,uscf-blitz' \
	'armageddon:fide2023-blitz,armageddon{base=fide2023-blitz}'; do
	prefix=${group%%:*}
	n=$(ls "$EXAMPLES/$prefix"-*.pgn | wc -l | tr -d ' ')
	run compare --profiles "${group#*:}" "$EXAMPLES/$prefix"-*.pgn
	if [ "$n" -eq 1 ]; then summary='1 game, 1 differs'; else summary="$n games, $n differ"; fi
	if [ "$rc" -eq 0 ] && [ "$n" -gt 0 ] && [ "$(tail -n 1 "$TMP/out")" = "$summary" ]; then
		pass "examples/games/$prefix-*.pgn: every game differs across the editions"
	else
		fail "examples/games/$prefix-*.pgn: every game differs across the editions" "exit $rc, $n files"
	fi
done

# ---- profile options, assumptions, output ------------------------------------------

# expect_msg NAME STATUS TEXT ARGS...: exit STATUS and TEXT (fixed) on stderr
expect_msg() {
	name=$1 want=$2 text=$3
	shift 3
	run "$@"
	if [ "$rc" -eq "$want" ] && grep -qF -- "$text" "$TMP/err"; then
		pass "$name"
	else
		fail "$name" "exit $rc (want $want), stderr should hold: $text"
	fi
}
# expect_line NAME TEXT ARGS...: exit 0 and TEXT (fixed) on stdout
expect_line() {
	name=$1 text=$2
	shift 2
	run "$@"
	if [ "$rc" -eq 0 ] && grep -qF -- "$text" "$TMP/out"; then
		pass "$name"
	else
		fail "$name" "exit $rc, stdout should hold: $text"
	fi
}

# Time controls are composed as structures: tc in seconds or in US minutes.
for tc in 5400 G/90; do
	run profile show "uscf-standard{tc=$tc,delay=5}"
	check "uscf-standard{tc=$tc,delay=5}: time.tc 5400d5" \
		[ "$rc" -eq 0 -a "$(awk '$1 == "time.tc" { print $2 }' "$TMP/out")" = 5400d5 ]
done
run profile show 'uscf-standard{tc="40/120, SD/60;d5"}'
check 'uscf-standard{tc="40/120, SD/60;d5"}: a quoted value with a comma and a blank' \
	[ "$rc" -eq 0 -a "$(awk '$1 == "time.tc" { print $2 }' "$TMP/out")" = 40/7200d5:3600d5 ]
expect_line 'adjudicate with a quoted tc' 'game 1: ? - ?: 0-1 checkmate' \
	adjudicate --profile 'uscf-standard{tc="40/120, SD/60",delay=5}' \
	--events 'f2f3 e7e5 g2g4 d8h4'
expect_msg 'a bad tc names the text typed, not a composed one' 1 \
	"option 'tc': '5400;x': time control, column 5: unexpected ';'" \
	adjudicate --profile 'uscf-standard{tc=5400;x,delay=5}' --events e2e4
expect_msg 'an unterminated quote names its column' 1 \
	"profile 'uscf-standard{tc=\"40/120, SD/60;d5}': column 18: the quote that opens here is not closed" \
	adjudicate --profile 'uscf-standard{tc="40/120, SD/60;d5}' --events e2e4
expect_msg 'text after a closing quote names its column' 1 \
	"column 26: a ',' or '}' must follow the closing quote of option 'tc'" \
	adjudicate --profile 'uscf-standard{tc="40/120" ,delay=5}' --events e2e4
expect_msg 'a bad escape names its column' 1 \
	"column 20: '\\' in a quoted value must be followed by '\"' or '\\'" \
	adjudicate --profile 'uscf-standard{tc="a\x"}' --events e2e4
expect_msg 'an unquoted comma splits the value (and says so)' 1 \
	"column 25: option ' SD/60' is not name=value" \
	adjudicate --profile 'uscf-standard{tc=40/120, SD/60}' --events e2e4
run compare --profiles 'uscf-standard{tc="40/120, SD/60;d5"},fide2014-standard' "$TMP/fivefold.pgn"
check 'compare: a comma inside quotes does not split the profile list' \
	[ "$rc" -eq 0 -a "$(tail -n 1 "$TMP/out")" = "1 game, 1 differs" ]
expect_msg 'compare: a quote left open in --profiles' 2 \
	"--profiles: a quote is not closed in" \
	compare --profiles 'uscf-standard{tc="40/120},fide2014' "$TMP/fivefold.pgn"

# What a run assumed is said, never silent.
expect_msg 'a second --profile is an error' 2 \
	"arbiter: adjudicate: --profile is given twice ('fide2014-standard', then 'uscf-standard'): give it once" \
	adjudicate --profile fide2014-standard --profile=uscf-standard --events e2e4
expect_msg 'compare: a second --profiles is an error' 2 \
	"arbiter: compare: --profiles is given twice" \
	compare --profiles fide2014,fide2018 --profiles fide2023,online "$TMP/fivefold.pgn"
expect_msg 'tc=3+2 reads as seconds: a warning with the control meant' 0 \
	"arbiter: adjudicate: warning: time control '3+2' is read as 3 s, +2 s per move from move 1 (PGN notation counts seconds); if minutes were meant, write 180+2" \
	adjudicate --profile 'fide2014-blitz{tc=3+2}' --events e2e4
expect_msg 'tc=40/120:60 reads as seconds: a warning' 0 \
	"if minutes were meant, write 40/7200:3600" \
	adjudicate --profile 'fide2014-standard{tc=40/120:60}' --events e2e4
expect_msg 'compare warns about tc=3+2 too' 0 "write 180+2" \
	compare --profiles 'fide2014-blitz{tc=3+2},fide2018-blitz' "$TMP/fivefold.pgn"
for tc in 180+2 G/3 '"G/3;inc2"' 60 900+10 '"40/120, SD/30"'; do
	run adjudicate --profile "fide2014-blitz{tc=$tc}" --events e2e4
	if [ "$rc" -eq 0 ] && ! grep -q 'read as' "$TMP/err"; then
		pass "tc=$tc: no units warning"
	else
		fail "tc=$tc: no units warning" "exit $rc"
	fi
done
expect_msg 'tc=15+10 (a rapid control in minutes) warns' 0 "write 900+10" \
	adjudicate --profile 'fide2014-rapid{tc=15+10}' --events e2e4
printf '[White "A"]\n[Black "B"]\n[TimeControl "180+2"]\n\n1. e4 *\n\n[White "C"]\n[Black "D"]\n[TimeControl "180+2"]\n\n1. d4 *\n\n[White "E"]\n[Black "F"]\n[TimeControl "5400+30"]\n\n1. c4 *\n\n[White "G"]\n[Black "H"]\n[TimeControl "180+2"]\n\n1. c4 *\n' >"$TMP/speed.pgn"
run adjudicate --profile fide2014-standard "$TMP/speed.pgn"
if [ "$rc" -eq 0 ] && [ "$(lines "$TMP/err")" = 3 ] &&
	grep -qF "arbiter: adjudicate: $TMP/speed.pgn: game 1 (A - B): warning: TimeControl \"180+2\" is blitz under FIDE 2014, but profile 'fide2014-standard' has the standard rules; they were applied" "$TMP/err" &&
	! grep -q 'game 3' "$TMP/err"; then
	pass "speed mismatch: a warning for each blitz game under a standard profile"
else
	fail "speed mismatch: a warning for each blitz game under a standard profile" "exit $rc"
fi
run adjudicate --profile fide2014-blitz "$TMP/speed.pgn"
if [ "$rc" -eq 0 ] && [ "$(lines "$TMP/err")" = 1 ] &&
	grep -qF "game 3 (E - F): warning: TimeControl \"5400+30\" is standard under FIDE 2014, but profile 'fide2014-blitz' has the blitz rules" "$TMP/err"; then
	pass "speed mismatch the other way: the standard game only"
else
	fail "speed mismatch the other way: the standard game only" "exit $rc"
fi
run adjudicate --profile uscf-blitz "$TMP/speed.pgn"
check "uscf-blitz: 5400+30 is regular, 180+2 blitz" [ "$rc" -eq 0 -a "$(lines "$TMP/err")" = 1 ]
run adjudicate --profile 'uscf-standard{tc=G/90,delay=5}' --events e2e4
check "uscf-standard with G/90: no warning" [ "$rc" -eq 0 -a ! -s "$TMP/err" ]
expect_msg "uscf-standard with G/5: the profile's own control is of another speed" 0 \
	"warning: the profile's time control \"300d5\" is blitz under USCF, but profile 'uscf-standard{tc=G/5,delay=5}' has the standard rules" \
	adjudicate --profile 'uscf-standard{tc=G/5,delay=5}' --events e2e4
run adjudicate --profile online "$TMP/speed.pgn"
check "online: speeds are not a profile's, no warning" [ "$rc" -eq 0 -a ! -s "$TMP/err" ]
expect_line 'flag:both with no time control says it assumed the last period' \
	'1/2-1/2 both-flags-draw (order unknown; no time control known: the last period assumed) -- FIDE 2014 6.11' \
	adjudicate --profile fide2014-standard --events 'e2e4 e7e5 flag:both'
expect_line 'flag:both with a known control: no assumption' \
	'1/2-1/2 both-flags-draw (order unknown) -- FIDE 2014 6.11' \
	adjudicate --profile 'fide2014-standard{tc=5400}' --events 'e2e4 e7e5 flag:both'
expect_line 'flag:both in the first of two periods: play on, no assumption' \
	'* in play; last: both-flags-continue (order unknown) -- FIDE 2014 6.11' \
	adjudicate --profile 'fide2014-standard{tc=40/5400:1800}' --events 'e2e4 e7e5 flag:both'
expect_line 'flag:both with period=last given: no assumption to state' \
	'1/2-1/2 both-flags-draw (order unknown) -- FIDE 2014 6.11' \
	adjudicate --profile 'fide2014-standard{period=last}' --events 'e2e4 e7e5 flag:both'

# A game in play says so; the latest decision follows as what happened.
expect_line 'in play: the last note after it, not as the result' \
	'game 1: ? - ?: * in play; last: threefold-claim-rejected (white is not on move) -- lichess Drawer.autoThreefold' \
	adjudicate --profile online --events 'e2e4 claim:threefold:white'
run adjudicate --profile fide2014-standard --events 'e2e4 e7e5'
check 'in play without a decision: "in play" alone' [ "$rc" -eq 0 -a "$(cat "$TMP/out")" = 'game 1: ? - ?: * in play' ]
# Non-standard points in the text line (a 3/4 stalemate); usual ones are not repeated.
mkdir -p "$TMP/pp"
cat >"$TMP/pp/stalemate_points.lua" <<'EOF'
local p = extend("fide2023")
p.on_end = function(game, ending)
	if ending.reason ~= "stalemate" then return nil end
	local stalemated = game.side_to_move
	local other = stalemated == "white" and "black" or "white"
	return { points = { [stalemated] = "1/4", [other] = "3/4" } }
end
return p
EOF
run adjudicate --profile-path "$TMP/pp" --profile stalemate_points --fen 'k7/8/1Q6/8/8/8/8/4K3 w - - 0 1' --events b6c7
check 'a 3/4 stalemate shows its points in text' \
	[ "$rc" -eq 0 -a "$(cat "$TMP/out")" = 'game 1: ? - ?: 1/2-1/2 stalemate [points=3/4-1/4] -- FIDE 2023 5.2.1' ]
run adjudicate --profile-path "$TMP/pp" --profile stalemate_points --fen '4k3/8/8/8/8/6q1/8/7K b - - 0 1' --events g3f2
check 'the stalemating side gets 3/4 either way round' \
	[ "$rc" -eq 0 -a "$(cat "$TMP/out")" = 'game 1: ? - ?: 1/2-1/2 stalemate [points=1/4-3/4] -- FIDE 2023 5.2.1' ]
run adjudicate --profile-path "$TMP/pp" --profile stalemate_points --fen 'k7/8/1K6/8/8/8/7Q/8 w - - 0 1' --events h2h8
check 'usual points are not shown' \
	[ "$rc" -eq 0 -a "$(cat "$TMP/out")" = 'game 1: ? - ?: 1-0 checkmate -- FIDE 2023 5.1.1' ]
# JSON verdicts carry the pairing tags.
printf '[Event "Open"]\n[Site "Oslo"]\n[Date "2024.01.02"]\n[Round "3"]\n[Board "12"]\n[White "A"]\n[Black "B"]\n\n1. e4 *\n\n[White "C"]\n[Black "D"]\n\n1. d4 *\n' >"$TMP/pairing.pgn"
run adjudicate --profile fide2014 --json "$TMP/pairing.pgn"
first=$(sed -n 1p "$TMP/out") second=$(sed -n 2p "$TMP/out")
check 'JSON: event, site, date, round and board of the game' \
	[ "$rc" -eq 0 -a "$(json_str event "$first")/$(json_str site "$first")/$(json_str date "$first")/$(json_str round "$first")/$(json_str board "$first")" = 'Open/Oslo/2024.01.02/3/12' ]
check 'JSON: missing pairing tags are "?", no board key without a Board tag' \
	[ "$(json_str event "$second")/$(json_str round "$second")" = '?/?' -a -z "$(json_str board "$second")" ]
run compare --profiles fide2009-standard,fide2014-standard --json "$TMP/fivefold.pgn" "$TMP/pairing.pgn"
check 'compare JSON: the pairing tags too' [ "$rc" -eq 0 -a "$(json_str event "$(sed -n 1p "$TMP/out")")" = fivefold ]
run adjudicate --profile fide2014 --json --events e2e4
if [ "$rc" -eq 0 ] && ! grep -q '"site"' "$TMP/out"; then
	pass 'JSON of --events: no pairing tags (there are none)'
else
	fail 'JSON of --events: no pairing tags (there are none)'
fi

# --events: SAN as well as UCI; illegal moves stay UCI, and the message says so.
expect_line '--events: SAN moves' 'game 1: ? - ?: 1-0 checkmate -- FIDE 2014 5.1a' \
	adjudicate --profile fide2014 --events 'e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#'
expect_line '--events: SAN and UCI mixed, castling' 'game 1: ? - ?: * in play' \
	adjudicate --profile fide2014 --events 'e4 e7e5 Nf3 b8c6 Bb5 a6 Ba4 Nf6 O-O'
expect_line '--events: a SAN intended move of a claim' \
	'1/2-1/2 threefold-claim (intended move f6g8) -- FIDE 2014 9.2' \
	adjudicate --profile fide2014 --events 'Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 claim:threefold:black@Ng8'
run adjudicate --profile fide2014 --events 'e4 e5 Nf3' --write-pgn "$TMP/san.pgn"
if [ "$rc" -eq 0 ] && grep -q '^1\. e4 e5 2\. Nf3' "$TMP/san.pgn"; then
	pass '--events: SAN moves written back by --write-pgn'
else
	fail '--events: SAN moves written back by --write-pgn' "exit $rc"
fi
expect_msg '--events: a SAN move that is not legal here' 1 \
	"arbiter: adjudicate: --events: column 4, 'e4': neither an event nor a legal move here in UCI (e2e4) or SAN (e4, Nf3, O-O): SAN 'e4': no legal move matches" \
	adjudicate --profile fide2014 --events 'e4 e4'
expect_msg '--events: an illegal move in SAN: moves are UCI here, with the move meant' 1 \
	"column 18, 'illegal:black:Nf6': expected a move like e2e4, not 'Nf6' (moves are UCI here: 'Nf6' would be g8f6, a legal move)" \
	adjudicate --profile fide2014 --events 'e4 illegal:black:Nf6'
expect_msg '--events: an illegal move that is no SAN move either' 1 \
	"column 18, 'illegal:black:Ke7': expected a move like e2e4, not 'Ke7' (moves are UCI here: from and to squares)" \
	adjudicate --profile fide2014 --events 'e4 illegal:black:Ke7'
expect_msg '--events: a claim with an intended SAN move that is not legal' 1 \
	"'@' takes the intended move of a threefold or fifty claim; the intended move is UCI or a legal SAN move, and as SAN: SAN 'Nf3': no legal move matches" \
	adjudicate --profile fide2014 --events 'e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 claim:threefold:white@Nf3'
expect_msg '--events: a bad colour is not about moves' 1 \
	"column 20, 'claim:threefold:whte': expected 'white' or 'black'" \
	adjudicate --profile fide2014 --events 'e4 claim:threefold:whte'
if grep -q 'UCI' "$TMP/err"; then fail '--events: a bad colour has no move hint'; else pass '--events: a bad colour has no move hint'; fi
expect_msg '--events: the null move is no move' 1 "column 4, '--': unknown event '--'" \
	adjudicate --profile fide2014 --events 'e4 --'

# Armageddon: the decision names the regulation that turned a board draw into a win.
expect_line 'armageddon: the regulation named in the article' \
	'game 1: ? - ?: 0-1 armageddon-draw-odds (agreement) [board=1/2-1/2] -- FIDE 2023 5.2.3, 9.1.1 + WC 2023 reg. 3.7.3' \
	adjudicate --profile 'armageddon{regulation="WC 2023 reg. 3.7.3"}' --events 'e4 e5 Nf3 Nf6 offer:white accept:black'
expect_line 'armageddon: a loss on time is a loss: the regulation decides it, and says so' \
	'game 1: ? - ?: 1-0 armageddon-time-loss (time-draw (black flagged; white cannot mate by any series of legal moves)) [board=1/2-1/2] -- FIDE 2023 6.9, B.3 -> A.5.3 + event regulations' \
	adjudicate --profile 'armageddon{drawOddsOnTimeDraw=false}' --fen '8/8/8/4kr2/8/8/8/K7 w - - 0 1' --events flag:black
run adjudicate --profile 'armageddon{drawOddsOnTimeDraw=false}' --fen '8/8/8/4kr2/8/8/8/K7 w - - 0 1' --events flag:black --json
check 'armageddon-time-loss: Termination time forfeit' [ "$(json_str termination "$(cat "$TMP/out")")" = 'time forfeit' ]
# A dead position (5.2.2) is drawn before any flag: the draw odds stand even
# when a time draw would not keep them.
expect_line 'armageddon: a flag in a dead position keeps the draw odds' \
	'game 1: ? - ?: 0-1 armageddon-draw-odds (dead-position (insufficient material: the game was over before the flag fall)) [board=1/2-1/2] -- FIDE 2023 5.2.2 + event regulations' \
	adjudicate --profile 'armageddon{drawOddsOnTimeDraw=false}' --fen '8/8/8/4k3/8/8/8/K7 w - - 0 1' --events flag:black
expect_line 'armageddon: a decisive game is not the regulation'"'"'s' \
	'game 1: ? - ?: 0-1 checkmate -- FIDE 2023 5.1.1' \
	adjudicate --profile 'armageddon{regulation="WC 2023 reg. 3.7.3"}' --events 'f3 e5 g4 Qh4#'
expect_msg 'armageddon: a regulation too long to cite' 1 \
	"option 'regulation': 'a very long regulation name that overflows' is longer than 29 characters" \
	adjudicate --profile 'armageddon{regulation="a very long regulation name that overflows"}' --events e4
run compare --profiles fide2009-standard,fide2014-standard "$TMP/fivefold.pgn"
check 'compare: a game that goes on reads "in play" in the result column' \
	[ "$rc" -eq 0 -a "$(sed -n 2p "$TMP/out" | awk '{ print $2, $3, $4 }')" = 'in play no-claim' ]

echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ]
