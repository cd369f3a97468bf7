/*
 * lua_runner.c -- runs a Lua test script with module "arbiter" available,
 * for CTest (the stock lua5.4 interpreter need not be installed).
 *
 *   lua_runner SCRIPT [ARGS...]              arbiter preloaded (package.preload)
 *   lua_runner --no-preload SCRIPT [ARGS...] `require "arbiter"` must find the
 *                                            module on package.cpath (the
 *                                            script sets it)
 *
 * The script gets the arguments in `arg` as the stand-alone interpreter gives
 * them (arg[0] = SCRIPT). Exit status 0 when the script ran to the end, 1 with
 * the error and a traceback on stderr otherwise. The state is closed before
 * exiting, so every __gc runs and the sanitizers see any leak.
 */
#include <stdio.h>
#include <string.h>

#include "arbiter_lua.h"
#include "compat.h" /* Lua 5.4 or LuaJIT */

static int traceback(lua_State *L)
{
	luaL_traceback(L, L, luaL_tolstring(L, 1, NULL), 1);
	return 1;
}

/* arg = {[0] = script, args...} */
static void set_arg(lua_State *L, char **argv, int argc, int script)
{
	int i;

	lua_createtable(L, argc - script - 1, 1);
	for (i = script; i < argc; i++) {
		lua_pushstring(L, argv[i]);
		lua_rawseti(L, -2, i - script);
	}
	lua_setglobal(L, "arg");
}

int main(int argc, char **argv)
{
	int preload = 1, script = 1, status;
	lua_State *L;

	if (argc > 1 && strcmp(argv[1], "--no-preload") == 0) {
		preload = 0;
		script = 2;
	}
	if (script >= argc) {
		fprintf(stderr, "usage: lua_runner [--no-preload] SCRIPT [ARGS...]\n");
		return 2;
	}
	L = luaL_newstate();
	if (!L) {
		fprintf(stderr, "lua_runner: cannot create a Lua state\n");
		return 1;
	}
	luaL_openlibs(L);
	if (preload) {
		luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
		lua_pushcfunction(L, luaopen_arbiter);
		lua_setfield(L, -2, "arbiter");
		lua_pop(L, 1);
	}
	set_arg(L, argv, argc, script);
	lua_pushcfunction(L, traceback);
	status = luaL_loadfile(L, argv[script]);
	if (status == LUA_OK)
		status = lua_pcall(L, 0, 0, -2);
	if (status != LUA_OK)
		fprintf(stderr, "lua_runner: %s\n", lua_tostring(L, -1));
	lua_close(L);
	return status == LUA_OK ? 0 : 1;
}
