/*
 * linit.c -- luaopen_arbiter: module "arbiter" as the table its libraries
 * fill, one file per group of types (lbind.h lists them), as Lua's own
 * linit.c opens its standard libraries from one list. The entry point is
 * the one symbol the module exports (arbiter_lua.h).
 */
#include "arbiter_lua.h"
#include "lbind.h"

#if defined(__GNUC__)
#define ARB_LUA_EXPORT __attribute__((visibility("default")))
#else
#define ARB_LUA_EXPORT
#endif

/* The entry point: `require "arbiter"`, or package.preload["arbiter"]. */
ARB_LUA_EXPORT int luaopen_arbiter(lua_State *L);

/* The libraries, each adding its part to the module table. */
static void (*const libraries[])(lua_State *L) = {
	arbI_lbind_open_position, arbI_lbind_open_svg,    arbI_lbind_open_time,
	arbI_lbind_open_pgn,      arbI_lbind_open_rules,  arbI_lbind_open_tournament,
	arbI_lbind_open_match,    arbI_lbind_open_engine,
};

ARB_LUA_EXPORT int luaopen_arbiter(lua_State *L)
{
	size_t i;

	lua_newtable(L);
	lua_pushstring(L, arb_version());
	lua_setfield(L, -2, "version");
	for (i = 0; i < sizeof libraries / sizeof libraries[0]; i++)
		libraries[i](L);
	return 1;
}
