#!/bin/sh
# badinput.sh -- every `arbiter` subcommand fed malformed arguments and files:
# missing files, directories, empty files, binary garbage, 10 MB single lines,
# unknown profiles and options, bad numbers. For each case it checks
#   - the exit status the README documents: 1 bad input or data, 2 a bad
#     command line (and, where documented, an unreadable file); never a
#     signal or a core dump (a status of 128 or more);
#   - one error line on stderr that starts with "arbiter:" (or, where a
#     command lists broken games one per line, every line names the file);
#   - no output file left behind by a command that did not finish
#     (`adjudicate --write-pgn OUT`, `960 --svg FILE`): OUT absent, or
#     unchanged when it existed, and no temporary file next to it.
#
# usage: sh badinput.sh PATH/TO/arbiter
# Prints one line per check and exits 1 if any failed. Where the README says
# nothing, the checks take the command's current behaviour (noted below).

ARB=${1:?usage: badinput.sh PATH/TO/arbiter}
case $ARB in /*) ;; *) ARB=$PWD/$ARB ;; esac
LC_ALL=C
export LC_ALL
TMP=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-badinput.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
P=fide2023-standard

failures=0
checks=0

# ---- fixtures -----------------------------------------------------------------
cd "$TMP" || exit 2
mkdir dir dir.lua dir.pgn
: >empty.pgn
: >empty.lua
# Binary garbage, the same every run (no randomness in tests).
awk 'BEGIN { x = 12345; for (i = 0; i < 4096; i++) { x = (x * 1103515245 + 12345) % 2147483648;
	printf "%c", int(x / 65536) % 256 } }' >garbage.bin 2>/dev/null ||
	head -c 4096 /dev/zero >garbage.bin
printf '\000\001\002\377\376[Event "\000"]\n\0001. e4\n' >nul.pgn
# 10 MB on one line: plain, inside a tag, inside a comment.
head -c 10000000 /dev/zero | tr '\0' x >huge.txt
{ printf '[Event "'; cat huge.txt; printf '"]\n\n1. e4 e5 *\n'; } >hugetag.pgn
{ printf '1. e4 {'; cat huge.txt; printf '} e5 *\n'; } >hugecomment.pgn
# A 10 MB script (over the 1 MB a profile may have) and a broken one.
{ printf 'return { edition = "'; cat huge.txt; printf '" }\n'; } >huge.lua
printf 'return {' >broken.lua
printf 'error({})\n' >error.lua
# A good game, for the cases where only the options are wrong.
printf '[Event "ok"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' >good.pgn
# About 128 KB, the most one argument may hold (MAX_ARG_STRLEN).
BIGARG=$(head -c 120000 huge.txt)

# ---- checking -------------------------------------------------------------------
# A check run through `known` is a problem reported and not fixed yet: its
# failure is shown as KNOWN and not counted; when it passes, XPASS says to
# take it off the list.
KNOWN=
known() {
	KNOWN=1
	"$@"
	KNOWN=
}
pass() {
	checks=$((checks + 1))
	if [ -n "$KNOWN" ]; then echo "XPASS $1 (fixed? take it off the known list)"; else echo "ok   $1"; fi
}
fail() {
	checks=$((checks + 1))
	if [ -n "$KNOWN" ]; then
		echo "KNOWN $1"
	else
		failures=$((failures + 1))
		echo "FAIL $1"
	fi
	shift
	for line in "$@"; do echo "     $line"; done
	if [ -s out ]; then echo "     stdout:"; head -c 2000 out | head -n 10 | sed 's/^/       /'; fi
	if [ -s err ]; then echo "     stderr:"; head -c 2000 err | head -n 10 | sed 's/^/       /'; fi
}

# run ARGS...: the binary with stdin from $IN (default /dev/null); stdout,
# stderr in out and err, the status in $rc.
run() {
	"$ARB" "$@" <"${IN:-/dev/null}" >out 2>err
	rc=$?
}

# stdin FILE CHECK ARGS...: a check with standard input from FILE.
stdin() {
	IN=$1
	shift
	"$@"
	IN=
}

# Shortens long arguments for the report.
show() {
	for a in "$@"; do
		if [ ${#a} -gt 40 ]; then printf ' %.30s...(%d bytes)' "$a" ${#a}; else printf ' %s' "$a"; fi
	done
}

status_ok() { # WANT: the status and no signal
	if [ "$rc" -ge 128 ]; then
		why="killed by a signal or dumped core: exit status $rc"
		return 1
	fi
	if [ "$rc" -ne "$1" ]; then
		why="exit status $rc, expected $1"
		return 1
	fi
	return 0
}

# bad STATUS ARGS...: exactly one line on stderr, starting "arbiter: ".
bad() {
	want=$1
	shift
	run "$@"
	name="arbiter$(show "$@")${IN:+ <$IN}"
	if ! status_ok "$want"; then
		fail "$name" "$why"
	elif [ "$(wc -l <err)" -ne 1 ] || [ "$(tail -c 1 err | od -An -c | tr -d ' ')" != '\n' ]; then
		fail "$name" "expected exactly one line on stderr, got $(wc -l <err) lines"
	elif ! head -n 1 err | grep -q '^arbiter: '; then
		fail "$name" "the error line does not start with 'arbiter: '"
	else
		pass "$name (exit $want)"
	fi
}

# listed STATUS FILE STREAM ARGS...: a command that lists each broken game
# on STREAM (err or out) as "FILE:LINE:COL: game N: ...", with or without
# "arbiter: CMD: " in front: at least one such line, every stderr line
# either that or an "arbiter: " line.
listed() {
	want=$1 file=$2 stream=$3
	shift 3
	run "$@"
	name="arbiter$(show "$@")${IN:+ <$IN}"
	if ! status_ok "$want"; then
		fail "$name" "$why"
	elif ! grep -q "^\\(arbiter: [a-z0-9]*: \\)\\{0,1\\}$file:[0-9]*:[0-9]*: game [0-9]*: " "$stream"; then
		fail "$name" "no line '$file:LINE:COLUMN: game N: ...' on $stream"
	elif [ -s err ] && grep -v "^arbiter: " err | grep -qv "^$file:[0-9]*:[0-9]*: game "; then
		fail "$name" "a line on stderr names neither arbiter nor $file"
	else
		pass "$name (exit $want)"
	fi
}

# quiet STATUS ARGS...: no error at all (empty input is not an error).
quiet() {
	want=$1
	shift
	run "$@"
	name="arbiter$(show "$@")${IN:+ <$IN}"
	if ! status_ok "$want"; then
		fail "$name" "$why"
	elif [ -s err ]; then
		fail "$name" "expected nothing on stderr"
	else
		pass "$name (exit $want)"
	fi
}

# no_file PATH: nothing at PATH and no PATH.tmp.* beside it.
no_file() {
	if [ -e "$1" ]; then
		fail "$name: $1 left behind" "$(ls -ld "$1")"
	elif ls "$1".tmp.* >/dev/null 2>&1; then
		fail "$name: a temporary file left behind" "$(ls "$1".tmp.*)"
	else
		pass "$name: no $1 written"
	fi
}

# unchanged PATH: PATH still holds "before", and no PATH.tmp.* beside it.
unchanged() {
	if [ "$(cat "$1" 2>/dev/null)" != before ]; then
		fail "$name: $1 changed" "$(head -c 200 "$1" 2>/dev/null)"
	elif ls "$1".tmp.* >/dev/null 2>&1; then
		fail "$name: a temporary file left behind" "$(ls "$1".tmp.*)"
	else
		pass "$name: $1 unchanged"
	fi
}

# ---- the command itself -------------------------------------------------------------
bad 2 nonsense
bad 2 --bogus
bad 2 -x
bad 2 help nonsense
bad 2 help perft fen
bad 2 ''

# ---- perft, moves, fen --------------------------------------------------------------
bad 2 perft
bad 2 perft x
bad 2 perft -1
bad 2 perft 99
bad 2 perft 99999999999999999999
bad 2 perft 1 --bogus
bad 2 perft 1 --960 --standard "$START"
bad 1 perft 1 garbage
bad 1 perft 1 "$BIGARG"
bad 1 perft 1 "$(head -c 300 garbage.bin | tr -d '\000')"
bad 1 perft 1 '8/8/8/8/8/8/8/8 w - - 0 1'
bad 2 moves
bad 2 moves --bogus "$START"
bad 1 moves garbage
bad 1 moves "$BIGARG"
bad 1 moves 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'
bad 2 fen
bad 2 fen --bogus "$START"
bad 2 fen --960 --standard "$START"
bad 1 fen garbage
bad 1 fen "$BIGARG"
bad 1 fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999'
bad 1 fen "$(head -c 300 garbage.bin | tr -d '\000')"

# ---- pgn: unreadable files are 2 (main.c); `check` lists broken games on stdout ---
bad 2 pgn
bad 2 pgn bogus
bad 2 pgn check
bad 2 pgn check --bogus good.pgn
bad 2 pgn convert --to
bad 2 pgn convert --to xyz good.pgn
for action in check convert stats; do
	bad 2 pgn $action missing.pgn
	bad 2 pgn $action dir
	quiet 0 pgn $action empty.pgn
done
listed 1 garbage.bin out pgn check garbage.bin
listed 1 garbage.bin err pgn convert garbage.bin
listed 1 garbage.bin err pgn stats garbage.bin
listed 1 nul.pgn out pgn check nul.pgn
listed 1 huge.txt out pgn check huge.txt
listed 1 hugetag.pgn out pgn check hugetag.pgn
listed 1 hugecomment.pgn err pgn convert hugecomment.pgn
stdin huge.txt listed 1 '(stdin)' err pgn stats -
stdin garbage.bin listed 1 '(stdin)' out pgn check -

# ---- 960: 1 out of range or not a start position, 2 malformed ---------------------
bad 2 960
bad 2 960 x
bad 2 960 5x
bad 2 960 ''
bad 1 960 960
bad 1 960 -1
bad 1 960 99999999999999999999
# The message quotes the number as given (it is clamped when read).
name="arbiter 960 99999999999999999999: the message quotes the argument"
if grep -q 99999999999999999999 err; then pass "$name"; else fail "$name"; fi
bad 2 960 1-2
bad 2 960 --double 1
bad 1 960 --double 960-1
bad 2 960 --double x-y
bad 2 960 --random --seed x
bad 2 960 --random --seed -1
bad 2 960 --random --seed 18446744073709551616
bad 2 960 --rounds 0
bad 2 960 --rounds x
bad 1 960 --rounds 961
bad 1 960 --rounds 481 --no-twins
bad 2 960 --random --exclude a,b
bad 2 960 --random --exclude 5,
bad 1 960 --random --exclude 960
bad 2 960 --id
bad 1 960 --id garbage
bad 1 960 --id "$BIGARG"
bad 1 960 --id 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1'
bad 2 960 --svg
bad 2 960 5 --bogus
bad 2 960 5 --all
bad 1 960 5 --svg "$TMP/dir/missing/x.svg"
for args in '960' '--rounds 481 --no-twins' '--id garbage' '--double 1-960' 'x' '5 --bogus'; do
	# shellcheck disable=SC2086 # the arguments split on purpose
	run 960 $args --svg out.svg
	name="arbiter 960 $args --svg out.svg (exit $rc)"
	no_file out.svg
	echo before >out.svg
	# shellcheck disable=SC2086
	run 960 $args --svg out.svg
	unchanged out.svg
	rm -f out.svg
done

# ---- analyse: a bad FEN argument 1, a bad option 2; `-` reports bad lines as
# JSON objects on stdout and exits 1 at the end ----------------------------------------
bad 2 analyse
bad 1 analyse garbage
bad 1 analyse "$BIGARG"
bad 1 analyse '8/8/8/8/8/8/8/8 w - - 0 1'
bad 2 analyse "$START" --nodes x
bad 2 analyse "$START" --nodes 99999999999999999999
bad 2 analyse "$START" --nodes -1
bad 2 analyse "$START" --side purple
bad 2 analyse "$START" --bogus
for f in garbage.bin huge.txt nul.pgn; do
	IN=$f
	run analyse -
	IN=
	name="arbiter analyse - <$f"
	if status_ok 1 && grep -q '^{"error": ".*", "line": [0-9]*}$' out && ! [ -s err ]; then
		pass "$name (exit 1, errors as JSON)"
	else
		fail "$name" "${why:-expected exit 1, {\"error\": ...} lines on stdout, nothing on stderr}"
	fi
	why=
done
stdin empty.pgn quiet 0 analyse -

# ---- clock: parse 1 when the control does not parse; simulate 1 untimed, 2 a bad
# duration; history 1 a broken game, 2 an unreadable file ------------------------------
bad 2 clock
bad 2 clock bogus
bad 2 clock parse
bad 2 clock parse 300 --bogus
bad 1 clock parse garbage
bad 1 clock parse "$BIGARG"
bad 1 clock parse 99999999999999999999
bad 1 clock parse '40/5400+30:'
bad 2 clock simulate 300
bad 2 clock simulate 300 --moves x
bad 2 clock simulate 300 --moves 1e99
bad 2 clock simulate 300 --moves -- -1
bad 2 clock simulate 300 --moves "$BIGARG"
bad 1 clock simulate '?' --moves 1
bad 1 clock simulate garbage --moves 1
bad 2 clock history
bad 2 clock history missing.pgn
bad 2 clock history dir
quiet 0 clock history empty.pgn
bad 1 clock history good.pgn --control garbage
listed 1 garbage.bin err clock history garbage.bin
listed 1 huge.txt err clock history huge.txt
stdin hugetag.pgn listed 1 '(stdin)' err clock history -

# ---- adjudicate, compare: 1 a game that cannot be read or adjudicated, an unknown
# profile, a bad token; 2 a bad command line or an unreadable file ----------------------
bad 2 adjudicate
bad 2 adjudicate good.pgn
bad 2 adjudicate --profile
bad 2 adjudicate --profile $P --bogus good.pgn
bad 2 adjudicate --profile $P --write-pgn
bad 1 adjudicate --profile nosuch good.pgn
bad 1 adjudicate --profile "$BIGARG" good.pgn
bad 2 adjudicate --profile '' good.pgn
bad 1 adjudicate --profile 'fide2023{' good.pgn
bad 1 adjudicate --profile 'fide2023-standard{bogus=1}' good.pgn
bad 1 adjudicate --profile 'fide2023-standard{speed=blitz}' good.pgn
bad 1 adjudicate --profile broken.lua good.pgn
bad 1 adjudicate --profile error.lua good.pgn
bad 1 adjudicate --profile empty.lua good.pgn
bad 1 adjudicate --profile huge.lua good.pgn
bad 1 adjudicate --profile dir.lua good.pgn
bad 1 adjudicate --profile missing.lua good.pgn
bad 1 adjudicate --profile garbage.bin good.pgn
bad 2 adjudicate --profile $P missing.pgn
bad 2 adjudicate --profile $P dir
quiet 0 adjudicate --profile $P empty.pgn
listed 1 garbage.bin err adjudicate --profile $P garbage.bin
listed 1 huge.txt err adjudicate --profile $P huge.txt
listed 1 hugetag.pgn err adjudicate --profile $P hugetag.pgn
stdin garbage.bin listed 1 '(stdin)' err adjudicate --profile $P
bad 1 adjudicate --profile $P --events bad
bad 1 adjudicate --profile $P --events "$BIGARG"
bad 1 adjudicate --profile $P --events 'e2e4 e7e5 e1e3'
bad 1 adjudicate --profile $P --events 'clock:99999999999999999999:1'
bad 1 adjudicate --profile $P --fen garbage --events e2e4
bad 1 adjudicate --profile $P --write-pgn "$TMP/dir/missing/x.pgn" --events e2e4
# --write-pgn OUT on input that fails: OUT is not written, or left as it was.
for args in "--events bad" "--events e2e4_e7e5_e1e3" "garbage.bin" "good.pgn garbage.bin" \
	"missing.pgn" "dir"; do
	for profile in $P nosuch broken.lua; do
		# shellcheck disable=SC2046 # the arguments split on purpose
		set -- $(echo "$args" | tr _ ' ')
		rm -f out.pgn
		run adjudicate --profile "$profile" --write-pgn out.pgn "$@"
		name="arbiter adjudicate --profile $profile --write-pgn out.pgn $(echo "$args" | tr _ ' ') (exit $rc)"
		no_file out.pgn
		echo before >out.pgn
		run adjudicate --profile "$profile" --write-pgn out.pgn "$@"
		unchanged out.pgn
	done
done
rm -f out.pgn
# OUT a directory: the rename fails, the directory stays, no temporary file.
run adjudicate --profile $P --write-pgn dir.pgn good.pgn
name="arbiter adjudicate --write-pgn DIRECTORY"
if status_ok 1 && [ -d dir.pgn ] && ! ls dir.pgn.tmp.* >/dev/null 2>&1 &&
	[ "$(wc -l <err)" -eq 1 ]; then
	pass "$name (exit 1, one line, nothing left)"
else
	fail "$name" "${why:-the directory replaced, a temporary file left, or not one line}"
fi

bad 2 compare
bad 2 compare --profiles
bad 2 compare --profiles $P good.pgn
bad 2 compare --profiles , good.pgn
bad 2 compare --profiles $P,fide2014-standard --bogus good.pgn
bad 1 compare --profiles nosuch,$P good.pgn
bad 1 compare --profiles $P,broken.lua good.pgn
bad 1 compare --profiles "$P,$BIGARG" good.pgn
bad 2 compare --profiles $P,fide2014-standard missing.pgn
bad 2 compare --profiles $P,fide2014-standard dir
quiet 0 compare --profiles $P,fide2014-standard empty.pgn
listed 1 garbage.bin err compare --profiles $P,fide2014-standard garbage.bin
listed 1 hugecomment.pgn err compare --profiles $P,fide2014-standard hugecomment.pgn

# ---- profiles, profile --------------------------------------------------------------------
bad 2 profiles extra
bad 2 profiles --bogus
bad 2 profiles --profile-path
bad 2 profile
bad 2 profile bogus
bad 2 profile show
bad 2 profile show $P extra
bad 2 profile diff $P
bad 2 profile show --bogus $P
bad 1 profile show nosuch
bad 1 profile show "$BIGARG"
bad 1 profile show 'fide2023-standard{bogus=1}'
bad 1 profile show broken.lua
bad 1 profile show error.lua
bad 1 profile show huge.lua
bad 1 profile show dir.lua
bad 1 profile show garbage.bin
bad 1 profile diff nosuch $P
bad 1 profile diff $P broken.lua

# ---- run: a script that fails exits 1 (message and traceback: several lines) ------------
# Not in the README: a script that cannot be read exits 1 (main.c says 2).
# Without a script: one line naming the problem, exit 2.
bad 2 run
bad 1 run missing.lua
bad 1 run dir
run run broken.lua
name="arbiter run broken.lua"
if status_ok 1 && head -n 1 err | grep -q '^arbiter: run: broken.lua:1: '; then
	pass "$name (exit 1)"
else
	fail "$name" "${why:-the first line does not name the script}"
fi
bad 1 run garbage.bin
bad 1 run huge.txt

echo "$checks checks, $failures failed (KNOWN problems not counted)"
[ "$failures" -eq 0 ]
