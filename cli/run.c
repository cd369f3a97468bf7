/*
 * run.c -- `arbiter run SCRIPT.lua [ARGS...]`: runs a trusted Lua script
 * with the full standard library and module "arbiter" preloaded
 * (`local arbiter = require "arbiter"`), `arg` set as the stock `lua`
 * interpreter sets it (arg[0] the script, arg[1..] the arguments, arg[-1]
 * this program). The script's own os.exit ends the run with its status; an
 * error ends it with the message and a traceback on stderr, exit 1. Scripts
 * loaded as data (profiles, variants) go through the sandbox instead.
 */
#include <string.h>

#include "cli.h"

#define CMD "run"

void cli_run_usage(FILE *out)
{
	fputs("usage: arbiter run SCRIPT.lua [ARGS...]\n"
	      "\n"
	      "Runs a trusted Lua script with the full standard library and the module\n"
	      "preloaded: local arbiter = require \"arbiter\". arg[0] is the script,\n"
	      "arg[1..] the ARGS, as with the lua interpreter; SCRIPT '-' reads the\n"
	      "script from standard input. An error in the script prints its message\n"
	      "and a traceback and exits 1; os.exit(n) exits n.\n",
	      out);
}

#ifdef ARBITER_HAVE_LUA

#include "arbiter_lua.h"
#include "compat.h" /* Lua 5.4 or LuaJIT */

/* The message handler: the error with a traceback. */
static int traceback(lua_State *L)
{
	const char *msg = lua_tostring(L, 1);
	if (!msg) /* an error object that is not a string */
		msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
	luaL_traceback(L, L, msg, 1);
	return 1;
}

int cli_run(int argc, char **argv)
{
	if (argc < 1 || cli_is_help(argv[0])) {
		if (argc >= 1) {
			cli_run_usage(stdout);
			return CLI_OK;
		}
		cli_error(CMD, "no script given (usage: arbiter run SCRIPT.lua [ARGS...])");
		return CLI_USAGE;
	}
	lua_State *L = luaL_newstate();
	if (!L) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	luaL_openlibs(L);
	luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
	lua_pushcfunction(L, luaopen_arbiter);
	lua_setfield(L, -2, "arbiter");
	lua_pop(L, 1);
	/* arg: the script at 0, its arguments from 1, the program before. */
	lua_createtable(L, argc, 2);
	lua_pushliteral(L, "arbiter run");
	lua_rawseti(L, -2, -1);
	for (int i = 0; i < argc; i++) {
		lua_pushstring(L, argv[i]);
		lua_rawseti(L, -2, i);
	}
	lua_setglobal(L, "arg");
	const char *script = argv[0];
	int rc = CLI_OK;
	lua_pushcfunction(L, traceback);
	if (luaL_loadfile(L, strcmp(script, "-") == 0 ? NULL : script) != LUA_OK) {
		cli_error(CMD, "%s", lua_tostring(L, -1));
		rc = CLI_FAIL;
	} else {
		luaL_checkstack(L, argc, "too many arguments");
		for (int i = 1; i < argc; i++)
			lua_pushstring(L, argv[i]);
		if (lua_pcall(L, argc - 1, 0, -(argc + 1)) != LUA_OK) {
			cli_error(CMD, "%s", lua_tostring(L, -1));
			rc = CLI_FAIL;
		}
	}
	fflush(stdout);
	lua_close(L);
	return rc;
}

#else

int cli_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error(CMD, "this arbiter was built without Lua (cmake -DARBITER_LUA=ON)");
	return CLI_FAIL;
}

#endif
