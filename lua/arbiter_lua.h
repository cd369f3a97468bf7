/*
 * arbiter_lua.h -- the entry point of module "arbiter" (lua/linit.c; the
 * types in lua/l*.c, lua/lbind.h), for programs that preload it into their
 * own Lua states (`arbiter run`, tests):
 *
 *     luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
 *     lua_pushcfunction(L, luaopen_arbiter);
 *     lua_setfield(L, -2, "arbiter");
 *
 * (On LuaJIT, luaL_getsubtable and LUA_PRELOAD_TABLE come from compat.h.)
 *
 * The Lua API is described in the README ("Lua module `arbiter`" under "API
 * reference").
 */
#ifndef ARBITER_LUA_H
#define ARBITER_LUA_H

#include <lua.h>

/* Builds the module table (with its metatables) and leaves it on the stack;
 * returns 1. Raises a Lua error only when memory runs out. */
int luaopen_arbiter(lua_State *L);

#endif
