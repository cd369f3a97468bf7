#!/bin/sh
# tests/cli/install.sh BUILD SOURCE CC LUA LUA_ABI -- CTest test `install`.
#
# Installs the build into a temporary prefix (cmake --install --prefix) and
# checks what a user of the installation gets:
#   - every file in its place (library static and shared, headers, CLI, Lua
#     module, profiles, variants, man page, examples, pkg-config, CMake package);
#   - the installed CLI and Lua module find the installed scripts, not the
#     source tree's; so does a staged installation (DESTDIR) moved elsewhere;
#   - examples/embed built against the installation with pkg-config (its
#     Makefile) and with CMake's find_package (its CMakeLists.txt), shared and
#     static, and run; find_package refuses a version it is not compatible with;
#   - `LUA -e 'require "arbiter"'` with the installed module;
#   - the rockspec names every source and script of the tree and the header's
#     version, and (when luarocks is installed) `luarocks make` builds a module
#     that loads and finds its scripts.
# LUA is the interpreter of the Lua built against (lua5.4 or luajit), or ""
# when there is none; LUA_ABI its version directory (5.4, 5.1).
set -u
BUILD=$(cd "$1" && pwd)
SRC=$(cd "$2" && pwd)
CC=$3
LUA=${4:-}
ABI=${5:-5.4}
# Outside the build tree: code under it counts as "run from the build tree"
# and would read the source tree's scripts (lua/datapath.h).
T=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-install.XXXXXX") || exit 1
failures=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}
# ok WHAT: says the checks since the last `ok` passed (if they did).
mark=0
ok() {
	[ "$failures" -eq "$mark" ] && echo "ok: $*"
	mark=$failures
}
# The installation must not lean on the environment of the build.
unset ARBITER_PATH LUA_PATH LUA_CPATH LUA_PATH_5_4 LUA_CPATH_5_4 PKG_CONFIG_PATH

P="$T/prefix"
if ! cmake --install "$BUILD" --prefix "$P" >"$T/install.log" 2>&1; then
	cat "$T/install.log"
	echo "FAIL: cmake --install"
	exit 1
fi

# ---- the files ------------------------------------------------------------------
libdir=$(sed -n 's/^libdir=\${prefix}\///p' "$(find "$P" -name arbiter.pc | head -n 1)")
[ -n "$libdir" ] || libdir=lib
for f in bin/arbiter include/arbiter.h include/arbiter/arbiter_lua.h \
	include/arbiter/profile.h include/arbiter/variant.h include/arbiter/sandbox.h \
	"$libdir/libarbiter.a" "$libdir/libarbiter.so" "$libdir/libarbiter-lua.a" \
	"$libdir/libarbiter-lua.so" "$libdir/pkgconfig/arbiter.pc" \
	"$libdir/pkgconfig/arbiter-lua.pc" "$libdir/cmake/arbiter/arbiterConfig.cmake" \
	"$libdir/cmake/arbiter/arbiterConfigVersion.cmake" "lib/lua/$ABI/arbiter.so" \
	share/man/man1/arbiter.1 share/doc/arbiter/README.md \
	share/doc/arbiter/examples/embed/perft.c share/doc/arbiter/examples/embed/CMakeLists.txt \
	share/arbiter/profiles/README.md share/arbiter/variants/README.md; do
	[ -e "$P/$f" ] || fail "not installed: $f"
done
for f in "$SRC"/profiles/*.lua "$SRC"/regulations/*.lua "$SRC"/variants/*.lua; do
	kind=$(basename "$(dirname "$f")")
	cmp -s "$f" "$P/share/arbiter/$kind/$(basename "$f")" ||
		fail "not installed: share/arbiter/$kind/$(basename "$f")"
done
ok "files in place under $P"

# ---- the CLI finds the installed scripts -------------------------------------------
cd "$T" || exit 1
out=$("$P/bin/arbiter" profile show fide2014-blitz 2>&1 | head -n 1)
case $out in
"# fide2014-blitz ($P/share/arbiter/profiles/fide2014.lua)") ok "installed CLI: $out" ;;
*) fail "installed CLI finds fide2014 at: $out" ;;
esac
n_src=$(ls "$SRC"/profiles/*.lua | wc -l)
n_inst=$("$P/bin/arbiter" profiles | awk '{print $1}' | sed 's/-[a-z]*$//' | sort -u | wc -l)
[ "$n_inst" -eq "$n_src" ] || fail "installed CLI lists $n_inst profile scripts, the tree has $n_src"
out=$("$P/bin/arbiter" variants 2>&1)
for f in "$SRC"/variants/*.lua; do
	name=$(basename "$f" .lua)
	echo "$out" | grep -q "^$name .*$P/share/arbiter/variants/$name.lua" ||
		fail "installed CLI: variant $name not listed from the installation: $out"
done
# ARBITER_PATH comes first: a directory with its own profiles/.
mkdir -p "$T/mine/profiles"
printf 'return extend("fide2023", { speed = "blitz" })\n' >"$T/mine/profiles/club.lua"
out=$(ARBITER_PATH="$T/mine" "$P/bin/arbiter" profile show club 2>&1 | head -n 1)
[ "$out" = "# club ($T/mine/profiles/club.lua)" ] || fail "ARBITER_PATH: $out"
out=$("$P/bin/arbiter" profile show club --profile-path "$T/mine/profiles" 2>&1 | head -n 1)
[ "$out" = "# club ($T/mine/profiles/club.lua)" ] || fail "--profile-path: $out"

# A staged installation (DESTDIR), then moved: it finds its own scripts.
if DESTDIR="$T/stage" cmake --install "$BUILD" >"$T/stage.log" 2>&1; then
	inst=$(find "$T/stage" -path '*/bin/arbiter' | head -n 1)
	mv "$T/stage" "$T/moved"
	inst=$(echo "$inst" | sed "s|^$T/stage|$T/moved|")
	root=${inst%/bin/arbiter}
	out=$("$inst" profile show online 2>&1 | head -n 1)
	[ "$out" = "# online ($root/share/arbiter/profiles/online.lua)" ] ||
		fail "moved installation finds online at: $out"
	ok "DESTDIR installation moved to $root finds its scripts"
else
	cat "$T/stage.log"
	fail "DESTDIR=... cmake --install"
fi

# ---- a C program against the installation: pkg-config ------------------------------
cp -r "$P/share/doc/arbiter/examples/embed" "$T/pc"
if (cd "$T/pc" && PKG_CONFIG_PATH="$P/$libdir/pkgconfig" make CC="$CC" \
	CFLAGS="-O1 -Wall -Wextra -Werror" LDFLAGS="-Wl,-rpath,$P/$libdir") >"$T/pc.log" 2>&1; then
	out=$("$T/pc/perft" 3)
	[ "$out" = "arbiter $("$P/bin/arbiter" --version | cut -d' ' -f2): perft(3) = 8902" ] ||
		fail "pkg-config perft: $out"
	out=$("$T/pc/rules" fide2009-rapid)
	echo "$out" | grep -q "^fide2009-rapid from $P/share/arbiter/profiles/fide2009.lua$" ||
		fail "pkg-config rules: $out"
	echo "$out" | grep -q "^perft(3) from Lua: 8902$" || fail "pkg-config rules (Lua): $out"
	ok "pkg-config: examples/embed built and run"
else
	cat "$T/pc.log"
	fail "examples/embed with pkg-config"
fi

# ---- the same with CMake's find_package -----------------------------------------------
if cmake -S "$P/share/doc/arbiter/examples/embed" -B "$T/cm" -DCMAKE_C_COMPILER="$CC" \
	-DCMAKE_PREFIX_PATH="$P" -DCMAKE_BUILD_TYPE=Release >"$T/cm.log" 2>&1 &&
	cmake --build "$T/cm" >>"$T/cm.log" 2>&1; then
	for exe in perft perft_static; do
		out=$("$T/cm/$exe" 4)
		case $out in *"perft(4) = 197281") ;; *) fail "find_package $exe: $out" ;; esac
	done
	out=$("$T/cm/rules" uscf-blitz)
	echo "$out" | grep -q "^uscf-blitz from $P/share/arbiter/profiles/uscf.lua$" ||
		fail "find_package rules: $out"
	# A program linked with the static library finds the scripts of the
	# configured prefix, or those of ARBITER_PATH.
	out=$(ARBITER_PATH="$P/share/arbiter" "$T/cm/rules_static" armageddon)
	echo "$out" | grep -q "^armageddon from $P/share/arbiter/profiles/armageddon.lua$" ||
		fail "find_package rules_static: $out"
	ok "find_package: examples/embed built and run (shared and static)"
else
	cat "$T/cm.log"
	fail "examples/embed with find_package"
fi
# The version file: 0.x promises only the same minor version.
mkdir -p "$T/ver"
printf 'cmake_minimum_required(VERSION 3.16)\nproject(v LANGUAGES C)\nfind_package(arbiter %s REQUIRED)\n' \
	"99.0" >"$T/ver/CMakeLists.txt"
if cmake -S "$T/ver" -B "$T/ver/b" -DCMAKE_PREFIX_PATH="$P" >"$T/ver.log" 2>&1; then
	fail "find_package(arbiter 99.0) accepted version $("$P/bin/arbiter" --version)"
fi

# ---- the Lua module ------------------------------------------------------------------
if [ -n "$LUA" ]; then
	out=$(LUA_CPATH="$P/lib/lua/$ABI/?.so" "$LUA" -e '
		local a = require "arbiter"
		print(package.searchpath("arbiter", package.cpath))
		print(a.version, a.profile("fide2018-standard"):file())
		print(a.position():perft(3))' 2>&1)
	expect="$P/lib/lua/$ABI/arbiter.so
$("$P/bin/arbiter" --version | cut -d' ' -f2)	$P/share/arbiter/profiles/fide2018.lua
8902"
	if [ "$out" = "$expect" ]; then
		ok "$LUA: require \"arbiter\" from the installation"
	else
		fail "$LUA -e 'require \"arbiter\"': $out"
	fi
else
	echo "skipped: no Lua interpreter to load the installed module with"
fi

# ---- the rockspec ------------------------------------------------------------------
ROCKSPEC=$(ls "$SRC"/rockspecs/arbiter-*.rockspec 2>/dev/null | head -n 1)
if [ -z "$ROCKSPEC" ]; then
	fail "no rockspecs/arbiter-*.rockspec"
else
	version=$(sed -n 's/^#define ARB_VERSION_STRING "\(.*\)"$/\1/p' "$SRC/engine/include/arbiter.h")
	case $(basename "$ROCKSPEC") in
	"arbiter-$version-"*.rockspec) ;;
	*) fail "$(basename "$ROCKSPEC") does not carry the header's version $version" ;;
	esac
	grep -q "^version = \"$version-" "$ROCKSPEC" || fail "rockspec version is not $version"
	for f in "$SRC"/engine/*.c "$SRC"/engine/*/*.c "$SRC"/lua/*.c "$SRC"/profiles/*.lua "$SRC"/regulations/*.lua "$SRC"/variants/*.lua; do
		rel=${f#"$SRC"/}
		grep -q "\"$rel\"" "$ROCKSPEC" || fail "the rockspec does not name $rel"
	done
	for rel in $(sed -n 's/^ *\(\["[^"]*"\] = \)\{0,1\}"\([a-z0-9_]*\/[^"]*\.[cl][ua]*\)",$/\2/p' "$ROCKSPEC"); do
		[ -f "$SRC/$rel" ] || fail "the rockspec names $rel, which is not in the tree"
	done
	if command -v luarocks >/dev/null 2>&1 && [ "$ABI" = 5.4 ] && [ -n "$LUA" ]; then
		mkdir -p "$T/rock"
		(cd "$SRC" && cp -r engine lua profiles regulations variants rockspecs "$T/rock/")
		if (cd "$T/rock" && luarocks --lua-version 5.4 --tree "$T/rock/tree" make \
			"rockspecs/$(basename "$ROCKSPEC")") >"$T/rock.log" 2>&1; then
			out=$(cd "$T" && eval "$(luarocks --lua-version 5.4 --tree "$T/rock/tree" path)" &&
				"$LUA" -e '
				local a = require "arbiter"
				print(package.searchpath("arbiter", package.cpath))
				print(a.profile("fide2023-rapid"):file())
				print(a.position():perft(2))' 2>&1)
			expect="$T/rock/tree/lib/lua/5.4/arbiter.so
$T/rock/tree/share/lua/5.4/arbiter/profiles/fide2023.lua
400"
			if [ "$out" = "$expect" ]; then
				ok "luarocks make: the module loads and finds its profiles"
			else
				fail "luarocks-built module: $out"
			fi
		else
			cat "$T/rock.log"
			fail "luarocks make"
		fi
	else
		echo "skipped: luarocks make (luarocks not installed, or not Lua 5.4)"
	fi
fi

if [ "$failures" -ne 0 ]; then
	echo "$failures failure(s); the installation is left in $T"
	exit 1
fi
rm -rf "$T"
echo "install: all checks passed"
