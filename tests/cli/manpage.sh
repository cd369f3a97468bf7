#!/bin/sh
# manpage.sh -- keeps the manual page docs/arbiter.1 and the program's help
# in step, both ways:
#   - for every command `arbiter help` lists, `arbiter help CMD`,
#     `arbiter CMD --help` and `arbiter CMD -h` print the same bytes on
#     stdout and exit 0, and so do `arbiter help CMD ACTION` and
#     `arbiter CMD ACTION --help|-h` for the actions its usage names;
#   - every command has a subsection `.SS CMD` of the page (and `help` too),
#     and every subsection is a command;
#   - every option spelled in a command's help (each `--word`) appears in
#     the command's subsection, and every option the subsection spells is
#     one the command accepts: in its help, or at least not refused as an
#     unknown option when given to it;
#   - the page renders without warnings (groff, else man-db's man; the check
#     is skipped when neither is installed).
#
# usage: sh manpage.sh PATH/TO/arbiter SOURCE_DIR
# Prints one line per check and exits 1 if any failed.

# The lists read below (commands, actions, options) are words, one a line.
# shellcheck disable=SC2013

ARB=${1:?usage: manpage.sh PATH/TO/arbiter SOURCE_DIR}
SRC=${2:?usage: manpage.sh PATH/TO/arbiter SOURCE_DIR}
PAGE=$SRC/docs/arbiter.1
TMP=${TMPDIR:-/tmp}/arbiter-manpage-test.$$
mkdir -p "$TMP" || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

# ---- options documented ahead of the code ---------------------------------------
# Options the page documents before the program has them. One line each:
# the command, its action if any, the option, e.g.
#	pgn check --jobs
#	adjudicate --jobs
# When the option lands, delete its line: an entry whose option the command
# already prints in its help or accepts fails the test, so the list cannot
# go stale. (--jobs of pgn, adjudicate and compare stood here until it
# landed.)
AHEAD=''

failures=0
checks=0

pass() { checks=$((checks + 1)); echo "ok   $1"; }
note() { echo "note $1"; }
fail() {
	checks=$((checks + 1)); failures=$((failures + 1))
	echo "FAIL $1"
	shift
	for line in "$@"; do echo "     $line"; done
}

if [ ! -r "$PAGE" ]; then
	fail "the manual page $PAGE exists"
	echo "$failures of $checks checks failed"
	exit 1
fi

# ---- helpers ----------------------------------------------------------------------

# options FILE: the long options spelled in FILE, one a line, sorted, unique.
options() {
	grep -o -- '--[a-z0-9][a-z0-9-]*' "$1" | sed 's/-*$//' | sort -u
}

# section NAME: the text of the page's subsection `.SS NAME` (up to the next
# .SS or .SH), comments left out, with the font escapes and \c removed and
# \- read as a hyphen, so that `\fB\-\-json\fR` reads `--json`.
section() {
	awk -v name="$1" '
		/^\.S[HS]([ \t]|$)/ { inside = 0 }
		/^\.SS[ \t]/ {
			n = $2
			gsub(/"/, "", n)
			if (n == name) inside = 1
			next
		}
		inside && !/^\.\\"/ { print }
	' "$PAGE" | sed -e 's/\\f[BIRP]//g' -e 's/\\c//g' -e 's/\\-/-/g'
}

# run FILE ARGS...: runs the program, stdout to FILE.out, stderr to FILE.err,
# the exit status in $rc.
run() {
	out=$1
	shift
	"$ARB" "$@" <"/dev/null" >"$out.out" 2>"$out.err"
	rc=$?
}

# refused CMD ACTION OPTION: 0 when the command (after ACTION; "" for none)
# reports OPTION as unknown. Any other outcome (it runs, it wants a value or
# an operand) counts as accepted. Standard input is empty: nothing waits.
refused() {
	if [ -n "$2" ]; then
		run "$TMP/probe" "$1" "$2" "$3"
	else
		run "$TMP/probe" "$1" "$3"
	fi
	grep -q -- "unknown option '$3'" "$TMP/probe.err"
}

# accepted CMD OPTION: 0 when the command, or one of its actions, takes
# OPTION.
accepted() {
	acts=$(cat "$TMP/actions.$1")
	if [ -z "$acts" ]; then
		! refused "$1" "" "$2"
		return
	fi
	for act in $acts; do
		refused "$1" "$act" "$2" || return 0
	done
	return 1
}

# same A B: 0 when the files are identical, byte for byte.
same() { cmp -s "$1" "$2"; }

# ---- the commands -----------------------------------------------------------------

run "$TMP/overview" help
if [ "$rc" -eq 0 ] && [ -s "$TMP/overview.out" ] && ! [ -s "$TMP/overview.err" ]; then
	pass "arbiter help: the overview on stdout, exit 0"
else
	fail "arbiter help: the overview on stdout, exit 0" "exit $rc"
fi
commands=$(awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }' \
	"$TMP/overview.out" | tr '\n' ' ' | sed 's/ *$//')
if [ -n "$commands" ]; then
	pass "arbiter help lists the commands: $commands"
else
	fail "arbiter help lists the commands" "no 'Commands:' list in the overview"
fi
for form in '--help' '-h' 'help help' 'help --help'; do
	# shellcheck disable=SC2086 # split into words on purpose
	run "$TMP/form" $form
	if [ "$rc" -eq 0 ] && same "$TMP/form.out" "$TMP/overview.out"; then
		pass "arbiter $form == arbiter help"
	else
		fail "arbiter $form == arbiter help" "exit $rc"
	fi
done

# The commands that need the Lua layer only say so in a build without it:
# their options cannot be probed there.
run "$TMP/lua" run -
if grep -q 'without Lua' "$TMP/lua.err"; then
	nolua=1
	note "built without Lua: the options of adjudicate, compare, profiles, profile and run are not probed"
else
	nolua=0
fi
needs_lua() {
	case $1 in adjudicate | compare | profiles | profile | run) [ "$nolua" -eq 1 ] ;; *) false ;; esac
}

for cmd in $commands; do
	run "$TMP/help.$cmd" help "$cmd"
	if [ "$rc" -eq 0 ] && [ -s "$TMP/help.$cmd.out" ] && ! [ -s "$TMP/help.$cmd.err" ]; then
		pass "arbiter help $cmd: on stdout, exit 0"
	else
		fail "arbiter help $cmd: on stdout, exit 0" "exit $rc"
	fi
	for flag in --help -h; do
		run "$TMP/flag" "$cmd" "$flag"
		if [ "$rc" -eq 0 ] && same "$TMP/flag.out" "$TMP/help.$cmd.out" &&
			! [ -s "$TMP/flag.err" ]; then
			pass "arbiter $cmd $flag == arbiter help $cmd"
		else
			fail "arbiter $cmd $flag == arbiter help $cmd" "exit $rc" \
				"$(diff "$TMP/help.$cmd.out" "$TMP/flag.out" | head -5)"
		fi
	done
	# The actions: "usage: arbiter pgn check ..." and the lines under it.
	awk -v cmd="$cmd" '
		($1 == "usage:" && $2 == "arbiter" && $3 == cmd) { print $4; next }
		($1 == "arbiter" && $2 == cmd) { print $3 }
	' "$TMP/help.$cmd.out" | grep '^[a-z][a-z]*$' | sort -u >"$TMP/actions.$cmd"
	for act in $(cat "$TMP/actions.$cmd"); do
		run "$TMP/act" help "$cmd" "$act"
		if [ "$rc" -eq 0 ] && same "$TMP/act.out" "$TMP/help.$cmd.out"; then
			pass "arbiter help $cmd $act == arbiter help $cmd"
		else
			fail "arbiter help $cmd $act == arbiter help $cmd" "exit $rc"
		fi
		for flag in --help -h; do
			run "$TMP/act" "$cmd" "$act" "$flag"
			if [ "$rc" -eq 0 ] && same "$TMP/act.out" "$TMP/help.$cmd.out"; then
				pass "arbiter $cmd $act $flag == arbiter help $cmd"
			else
				fail "arbiter $cmd $act $flag == arbiter help $cmd" "exit $rc"
			fi
		done
	done
done

# ---- the subsections ----------------------------------------------------------------

for cmd in $commands help; do
	section "$cmd" >"$TMP/page.$cmd"
	if [ -s "$TMP/page.$cmd" ]; then
		pass "the page has a subsection for $cmd"
	else
		fail "the page has a subsection for $cmd" "no '.SS $cmd' in $PAGE"
	fi
done
for name in $(awk '/^\.SH[ \t]/ { sh = $0 } /^\.SS[ \t]/ && sh ~ /COMMANDS/ { n = $2; gsub(/"/, "", n); print n }' "$PAGE"); do
	case " $commands help " in
	*" $name "*) ;;
	*) fail "the page's subsection '$name' is a command" "not listed by 'arbiter help'" ;;
	esac
done

# The overview's options (--help, --version) are somewhere in the page.
sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' "$PAGE" >"$TMP/page.all"
options "$TMP/overview.out" >"$TMP/opts.overview"
for opt in $(cat "$TMP/opts.overview"); do
	if grep -q -- "$opt" "$TMP/page.all"; then
		pass "the page documents $opt (arbiter help)"
	else
		fail "the page documents $opt (arbiter help)"
	fi
done

# ---- the options, both ways -----------------------------------------------------

# ahead CMD OPTION: 0 when the list above has OPTION for CMD (any action).
ahead() {
	echo "$AHEAD" | awk -v cmd="$1" -v opt="$2" '$1 == cmd && $NF == opt { found = 1 } END { exit !found }'
}

# The probe itself: an option nobody has must be refused by every command.
for cmd in $commands; do
	[ "$cmd" = run ] && continue # everything after `run` is the script's
	needs_lua "$cmd" && continue
	if accepted "$cmd" --no-such-option; then
		fail "arbiter $cmd refuses an unknown option as such" \
			"the probe cannot tell what $cmd accepts: $(head -n 1 "$TMP/probe.err")"
	else
		pass "arbiter $cmd refuses an unknown option as such"
	fi
done

for cmd in $commands; do
	options "$TMP/help.$cmd.out" >"$TMP/opts.help.$cmd"
	options "$TMP/page.$cmd" >"$TMP/opts.page.$cmd"
	for opt in $(cat "$TMP/opts.help.$cmd"); do
		if grep -qx -- "$opt" "$TMP/opts.page.$cmd"; then
			pass "$cmd $opt: in its help and in its subsection"
		else
			fail "$cmd $opt: in its help and in its subsection" \
				"'arbiter help $cmd' has $opt; the page's '.SS $cmd' does not"
		fi
	done
	for opt in $(cat "$TMP/opts.page.$cmd"); do
		grep -qx -- "$opt" "$TMP/opts.help.$cmd" && continue
		if ahead "$cmd" "$opt"; then
			note "$cmd $opt: documented ahead of the code (listed in AHEAD)"
		elif [ "$cmd" = run ] || needs_lua "$cmd"; then
			note "$cmd $opt: in the page, not in its help; not probed"
		elif accepted "$cmd" "$opt"; then
			pass "$cmd $opt: in its subsection, accepted by the command"
			note "$cmd $opt: accepted but not in 'arbiter help $cmd'"
		else
			fail "$cmd $opt: in its subsection, accepted by the command" \
				"the page documents $opt for $cmd; 'arbiter $cmd' refuses it" \
				"$(head -n 1 "$TMP/probe.err")"
		fi
	done
done

# The list of options ahead of the code must hold only options that are still
# ahead: documented in the page, not yet in the help, not yet accepted.
echo "$AHEAD" | while read -r cmd act opt; do
	[ -n "$cmd" ] || continue
	if [ -z "$opt" ]; then
		opt=$act
		act=
	fi
	name="AHEAD entry '$cmd${act:+ $act} $opt'"
	if ! grep -qx -- "$opt" "$TMP/opts.page.$cmd" 2>/dev/null; then
		fail "$name: documented in the page" "the page's '.SS $cmd' lacks $opt"
	elif grep -qx -- "$opt" "$TMP/opts.help.$cmd"; then
		fail "$name: still ahead of the code" \
			"'arbiter help $cmd' prints $opt now: delete the entry"
	elif needs_lua "$cmd"; then
		note "$name: not probed (built without Lua)"
	elif ! refused "$cmd" "$act" "$opt"; then
		fail "$name: still ahead of the code" \
			"'arbiter $cmd${act:+ $act}' accepts $opt now: delete the entry" \
			"and print it in 'arbiter help $cmd'"
	else
		pass "$name: still ahead of the code"
	fi
done >"$TMP/ahead.log"
cat "$TMP/ahead.log"
checks=$((checks + $(grep -c '^\(ok  \|FAIL\) ' "$TMP/ahead.log")))
failures=$((failures + $(grep -c '^FAIL ' "$TMP/ahead.log")))

# ---- rendering --------------------------------------------------------------------

if command -v groff >/dev/null 2>&1; then
	groff -man -ww -z "$PAGE" 2>"$TMP/render.err"
	rc=$?
	how="groff -man -ww -z"
elif command -v man >/dev/null 2>&1 && man --help 2>&1 | grep -q -- --warnings; then
	man --warnings -l "$PAGE" >/dev/null 2>"$TMP/render.err"
	rc=$?
	how="man --warnings -l"
else
	how=
fi
if [ -z "$how" ]; then
	echo "skip the page renders without warnings (neither groff nor man-db's man is installed)"
elif [ "$rc" -eq 0 ] && ! [ -s "$TMP/render.err" ]; then
	pass "the page renders without warnings ($how)"
else
	fail "the page renders without warnings ($how)" "exit $rc" "$(head -n 10 "$TMP/render.err")"
fi

echo "$((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
