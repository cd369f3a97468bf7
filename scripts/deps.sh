#!/bin/sh
# Installs the Debian packages arbiter needs to build and test, when missing.
# As root it runs apt-get; otherwise it says what to install and fails.
#   sh scripts/deps.sh          the default build (Lua 5.4)
#   sh scripts/deps.sh luajit   also LuaJIT 2.1 for cmake -DARBITER_LUAJIT=ON
#                               (its headers and library, and the interpreter
#                               the tests load the module with)
set -e
missing=""
command -v cc >/dev/null 2>&1 || missing="$missing gcc"
command -v make >/dev/null 2>&1 || missing="$missing make"
command -v cmake >/dev/null 2>&1 || missing="$missing cmake"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
# The stock interpreter: the tests load the module with require "arbiter".
command -v lua5.4 >/dev/null 2>&1 || missing="$missing lua5.4"
if command -v pkg-config >/dev/null 2>&1; then
	pkg-config --exists check || missing="$missing check libsubunit-dev"
	pkg-config --exists lua5.4 || missing="$missing liblua5.4-dev"
else
	missing="$missing check libsubunit-dev liblua5.4-dev"
fi
if [ "${1:-}" = luajit ]; then
	command -v luajit >/dev/null 2>&1 || missing="$missing luajit"
	if command -v pkg-config >/dev/null 2>&1; then
		pkg-config --exists luajit || missing="$missing libluajit-5.1-dev"
	else
		missing="$missing libluajit-5.1-dev"
	fi
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "deps: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	# shellcheck disable=SC2086
	apt-get install -y -qq $missing
else
	echo "deps: missing build dependencies. Install them with:" >&2
	echo "  sudo apt-get install$missing" >&2
	exit 1
fi
