/*
 * compat.h -- every difference between the Lua versions the binding is built
 * for, in one place. Lua 5.4 is the reference: the code in lua/ is written
 * against its API, and this header supplies the few 5.4 calls that Lua 5.1
 * and LuaJIT 2.1 lack. Only Lua 5.4 is built and tested today; the 5.1 branch
 * compiles against the Lua 5.1 and LuaJIT 2.1 headers but has not run, and
 * is kept to one-liners so it is easy to check when that build exists.
 *
 * Semantics the shims cannot paper over (documented in the Lua API):
 *  - `__close` and the for loop's closing value exist only in 5.4; elsewhere a
 *    PGN reader left by `break` is closed by the garbage collector.
 *  - lua_Integer is 64-bit in 5.4; in LuaJIT numbers are doubles, so values
 *    above 2^53 (a Chess960 seed, a Zobrist key) go through strings.
 */
#ifndef ARBITER_LUA_COMPAT_H
#define ARBITER_LUA_COMPAT_H

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#if LUA_VERSION_NUM >= 504

/* The reference API: nothing to add. */

#elif LUA_VERSION_NUM == 501 /* Lua 5.1 and LuaJIT 2.1 (compiles; not run yet) */

#define lua_newuserdatauv(L, size, nuv) lua_newuserdata((L), (size))
#define lua_rawlen(L, i) lua_objlen((L), (i))
#ifndef LUA_JITLIBNAME /* lualib.h names the jit library: LuaJIT has these from 5.2 */
#define luaL_setfuncs(L, l, nup) luaL_register((L), NULL, (l)) /* nup is always 0 here */
#define luaL_testudata(L, i, tname) arb_compat_testudata((L), (i), (tname))
#define luaL_setmetatable(L, tname) (luaL_getmetatable((L), (tname)), lua_setmetatable((L), -2))
static inline void *arb_compat_testudata(lua_State *L, int i, const char *tname)
{
	void *p = lua_touserdata(L, i);
	int same;

	if (!p || !lua_getmetatable(L, i))
		return NULL;
	luaL_getmetatable(L, tname);
	same = lua_rawequal(L, -1, -2);
	lua_pop(L, 2);
	return same ? p : NULL;
}
#endif
#ifndef luaL_newlib
#define luaL_newlibtable(L, l) lua_createtable((L), 0, (int)(sizeof(l) / sizeof((l)[0]) - 1))
#define luaL_newlib(L, l) (luaL_newlibtable((L), (l)), luaL_setfuncs((L), (l), 0))
#endif

#else
#error "arbiter's Lua binding needs Lua 5.4, or Lua 5.1 / LuaJIT 2.1"
#endif

#endif /* ARBITER_LUA_COMPAT_H */
