/*
 * compat.h -- every difference between the two Lua implementations the Lua
 * layer is built for, in one place: Lua 5.4 (the default) and LuaJIT 2.1
 * (cmake -DARBITER_LUAJIT=ON). Lua 5.4 is the reference: the code in lua/,
 * cli/run.c and the tests is written against its C API, and this header
 * supplies the 5.4 calls LuaJIT lacks, each with 5.4's semantics. Where the
 * languages differ in what a script can see, a capability macro below says
 * so, and the code tests it with a plain `if` (both branches compile in
 * both builds) instead of #if on a version number.
 *
 * Semantics the shims cannot paper over (the README's "LuaJIT" section):
 *  - `__close` and the for loop's closing value exist only in 5.4; elsewhere
 *    a PGN reader left by `break` is closed by the garbage collector.
 *  - Numbers are doubles in LuaJIT (no integer subtype): values above 2^53
 *    (a Chess960 seed, a Zobrist key) go through strings. The shims read a
 *    number as an integer only when it has an integral value, as 5.4 does
 *    with floats ("number has no integer representation").
 *  - LuaJIT is Lua 5.1 for tables: `#`, pairs and ipairs ignore __len,
 *    __pairs and __index, and there is no utf8 library.
 *  - In LuaJIT `return f(x)` drops the caller's frame even when f is a C
 *    function: lua_getstack from f does not see the script that called it
 *    (5.4 keeps the frame), and f's argument errors name it '?'.
 */
#ifndef ARBITER_LUA_COMPAT_H
#define ARBITER_LUA_COMPAT_H

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#if LUA_VERSION_NUM >= 504

/* ------------------------------------------------------------------------
 * Lua 5.4: the reference API; only the capability macros.
 * ---------------------------------------------------------------------- */

/* Built on LuaJIT: tests pick the expectations that differ by it. */
#define ARB_LUAJIT 0

/* `#`, pairs and ipairs honour __len, __pairs and __index on tables. */
#define ARB_LUA_TABLE_METAMETHODS 1

/* The standard library's functions are plain C functions without upvalues
 * that a wrapper may call in its own frame (lua_tocfunction(L, i)(L)). */
#define ARB_LUA_PLAIN_CFUNCTIONS 1

/* The utf8 library (Lua 5.3+) as a luaL_Reg entry. */
#define ARB_LUA_UTF8_LIB                      \
	{                                     \
		LUA_UTF8LIBNAME, luaopen_utf8 \
	}

/* lua_newstate takes any allocator. */
#define ARB_LUA_ANY_ALLOCATOR 1

/* The VM raises "C stack overflow" itself when C calls nest too deep. */
#define ARB_LUA_LIMITS_C_STACK 1

/* Turns the JIT compiler off for a state (a no-op without one). */
#define arb_lua_jit_off(L) ((void)(L))

/* The largest integer lua_pushinteger keeps exactly. */
#define ARB_LUA_MAXINTEGER LUA_MAXINTEGER

/* [-1, +0, -] The value on the top becomes the one user value of the full
 * userdata at i (made with lua_newuserdatauv(L, size, 1)). */
#define arb_lua_setuservalue(L, i) ((void)lua_setiuservalue((L), (i), 1))

/* [-0, +1, -] Pushes the user value of the full userdata at i; its type. */
#define arb_lua_getuservalue(L, i) lua_getiuservalue((L), (i), 1)

/* Calls f in protected mode with ud as its one argument (a light userdata),
 * allocating nothing outside the protection (a light C function); f's
 * results are dropped. Returns the status; on error the message is on top. */
static inline int arb_lua_cpcall(lua_State *L, lua_CFunction f, void *ud)
{
	lua_pushcfunction(L, f);
	lua_pushlightuserdata(L, ud);
	return lua_pcall(L, 1, 0, 0);
}

#elif LUA_VERSION_NUM == 501 && defined(LUA_JITLIBNAME) /* lualib.h of LuaJIT */

/* ------------------------------------------------------------------------
 * LuaJIT 2.1. It already has luaL_setfuncs, luaL_testudata,
 * luaL_setmetatable, luaL_newlib, luaL_traceback, luaL_loadbufferx (with a
 * mode), lua_tonumberx, lua_copy, lua_upvalueid and LUA_OK.
 * ---------------------------------------------------------------------- */

#include <luajit.h>
#include <stddef.h>

#define ARB_LUAJIT 1
#define ARB_LUA_TABLE_METAMETHODS 0
/* Most library functions are "fast functions" run by the VM, some are
 * written in Lua (table.remove): a wrapper calls them with lua_call. */
#define ARB_LUA_PLAIN_CFUNCTIONS 0
#define ARB_LUA_UTF8_LIB   \
	{                  \
		NULL, NULL \
	} /* none: a luaL_Reg list ends there */

/* Builds for x64 without GC64 refuse every allocator but their own (the
 * call prints to stderr and returns NULL); Debian's GC64 build accepts one.
 * The sandbox takes over LuaJIT's own allocator instead (lua_setallocf),
 * which works on every build. */
#define ARB_LUA_ANY_ALLOCATOR 0

/* No limit on nested C calls: a script recursing through string.gsub's
 * callback overflows the C stack (the sandbox checks, see check_c_stack). */
#define ARB_LUA_LIMITS_C_STACK 0

/* lua_pushinteger stores a double: integers are exact up to 2^53. */
#define ARB_LUA_MAXINTEGER (((lua_Integer)1) << 53)

/* The count hook fires in the interpreter only, never in compiled traces. */
#define arb_lua_jit_off(L) ((void)luaJIT_setmode((L), 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF))

/* A userdata has no user values here but an environment table: the one
 * user value is kept at its [1]. */
static inline void arb_lua_setuservalue(lua_State *L, int i)
{
	i = i > 0 || i <= LUA_REGISTRYINDEX ? i : lua_gettop(L) + i + 1;
	lua_createtable(L, 1, 0);
	lua_insert(L, -2);
	lua_rawseti(L, -2, 1);
	lua_setfenv(L, i);
}

static inline int arb_lua_getuservalue(lua_State *L, int i)
{
	lua_getfenv(L, i);
	lua_rawgeti(L, -1, 1);
	lua_remove(L, -2);
	return lua_type(L, -1);
}

/* lua_pushcfunction allocates a closure here: lua_cpcall makes it inside
 * the protection. */
#define arb_lua_cpcall(L, f, ud) lua_cpcall((L), (f), (ud))

/* lua_Integer is ptrdiff_t here; lua_Unsigned its unsigned twin. */
typedef size_t lua_Unsigned;

#define LUA_GNAME "_G"
#define LUA_LOADED_TABLE "_LOADED"   /* registry fields, as 5.4 names them */
#define LUA_PRELOAD_TABLE "_PRELOAD" /* (LuaJIT keeps package.preload there) */

#define lua_newuserdatauv(L, size, nuv) lua_newuserdata((L), (size))
#define lua_rawlen(L, i) lua_objlen((L), (i))
#define lua_pushglobaltable(L) lua_pushvalue((L), LUA_GLOBALSINDEX)
#define lua_dump(L, writer, data, strip) lua_dump((L), (writer), (data)) /* never strips */
#define luaL_argexpected(L, cond, arg, tname) ((void)((cond) || luaL_typerror((L), (arg), (tname))))

/* The getters return the type of the value they push, as in 5.4. (A macro
 * does not expand inside its own expansion: these call LuaJIT's.) */
#define lua_getfield(L, i, k) (lua_getfield((L), (i), (k)), lua_type((L), -1))
#define lua_rawget(L, i) (lua_rawget((L), (i)), lua_type((L), -1))
#define lua_rawgeti(L, i, n) (lua_rawgeti((L), (i), (n)), lua_type((L), -1))
#define lua_gettable(L, i) (lua_gettable((L), (i)), lua_type((L), -1))

static inline int lua_absindex(lua_State *L, int i)
{
	return i > 0 || i <= LUA_REGISTRYINDEX ? i : lua_gettop(L) + i + 1;
}

/* [-0, +1] t[p] for the table at t and the light userdata p, raw. */
static inline int lua_rawgetp(lua_State *L, int t, const void *p)
{
	t = lua_absindex(L, t);
	lua_pushlightuserdata(L, (void *)p);
	return lua_rawget(L, t);
}

/* [-1, +0, m] t[p] = the value on the top, raw. */
static inline void lua_rawsetp(lua_State *L, int t, const void *p)
{
	t = lua_absindex(L, t);
	lua_pushlightuserdata(L, (void *)p);
	lua_insert(L, -2);
	lua_rawset(L, t);
}

/* 5.4's lua_tointegerx: a number (or numeric string) with an integral value
 * in range; 1.5 is not an integer (LuaJIT's own truncates it to 1). */
static inline lua_Integer arb_compat_tointegerx(lua_State *L, int i, int *isint)
{
	/* 2^(bits - 1) as a double, exact; lua_Integer is signed. */
	const lua_Number limit = (lua_Number)((lua_Unsigned)1 << (sizeof(lua_Integer) * 8 - 1));
	int isnum = 0;
	lua_Number n = lua_tonumberx(L, i, &isnum);
	int ok = isnum && n >= -limit && n < limit && (lua_Number)(lua_Integer)n == n;

	if (isint)
		*isint = ok;
	return ok ? (lua_Integer)n : 0;
}
#define lua_tointegerx(L, i, isint) arb_compat_tointegerx((L), (i), (isint))
#define lua_tointeger(L, i) arb_compat_tointegerx((L), (i), NULL)

/* A number with an integral value (5.4: a number of the integer subtype). */
static inline int lua_isinteger(lua_State *L, int i)
{
	int ok;

	if (lua_type(L, i) != LUA_TNUMBER)
		return 0;
	arb_compat_tointegerx(L, i, &ok);
	return ok;
}

/* 5.4's luaL_checkinteger and luaL_optinteger: a float argument without an
 * integral value raises instead of being truncated. */
static inline lua_Integer arb_compat_checkinteger(lua_State *L, int arg)
{
	int ok;
	lua_Integer v = arb_compat_tointegerx(L, arg, &ok);

	if (!ok) {
		if (lua_isnumber(L, arg))
			luaL_argerror(L, arg, "number has no integer representation");
		else
			luaL_typerror(L, arg, "number");
	}
	return v;
}
#define luaL_checkinteger(L, arg) arb_compat_checkinteger((L), (arg))
#define luaL_optinteger(L, arg, def) \
	(lua_isnoneornil((L), (arg)) ? (lua_Integer)(def) : arb_compat_checkinteger((L), (arg)))

/* [-0, +1, e] The length as LuaJIT's `#` takes it: raw for tables and
 * strings, __len for the rest. */
static inline void lua_len(lua_State *L, int i)
{
	int t = lua_type(L, i);

	i = lua_absindex(L, i);
	if (t == LUA_TTABLE || t == LUA_TSTRING)
		lua_pushinteger(L, (lua_Integer)lua_objlen(L, i));
	else if (!luaL_callmeta(L, i, "__len"))
		luaL_error(L, "attempt to get length of a %s value", luaL_typename(L, i));
}

static inline lua_Integer luaL_len(lua_State *L, int i)
{
	int ok;
	lua_Integer n;

	lua_len(L, i);
	n = arb_compat_tointegerx(L, -1, &ok);
	if (!ok)
		luaL_error(L, "object length is not an integer");
	lua_pop(L, 1);
	return n;
}

/* [-0, +1, e] tostring(v) as 5.4's luaL_tolstring makes it. */
static inline const char *luaL_tolstring(lua_State *L, int i, size_t *len)
{
	i = lua_absindex(L, i);
	if (luaL_callmeta(L, i, "__tostring")) {
		if (!lua_isstring(L, -1))
			luaL_error(L, "'__tostring' must return a string");
	} else {
		switch (lua_type(L, i)) {
		case LUA_TNUMBER:
		case LUA_TSTRING:
			lua_pushvalue(L, i);
			lua_tolstring(L, -1, NULL); /* a copy becomes a string */
			break;
		case LUA_TBOOLEAN:
			lua_pushstring(L, lua_toboolean(L, i) ? "true" : "false");
			break;
		case LUA_TNIL:
			lua_pushliteral(L, "nil");
			break;
		default:
			lua_pushfstring(L, "%s: %p", luaL_typename(L, i), lua_topointer(L, i));
			break;
		}
	}
	return lua_tolstring(L, -1, len);
}

/* [-0, +1, e] Pushes t[fname] of the table at idx, a new table made there
 * when absent; 1 when it existed. */
static inline int luaL_getsubtable(lua_State *L, int idx, const char *fname)
{
	idx = lua_absindex(L, idx);
	if (lua_getfield(L, idx, fname) == LUA_TTABLE)
		return 1;
	lua_pop(L, 1);
	lua_newtable(L);
	lua_pushvalue(L, -1);
	lua_setfield(L, idx, fname);
	return 0;
}

/* [-0, +1, e] Opens a library (LuaJIT's luaopen_* set their global
 * themselves), records it in package.loaded and, with glb, as a global. */
static inline void luaL_requiref(lua_State *L, const char *name, lua_CFunction open, int glb)
{
	luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
	lua_pushcfunction(L, open);
	lua_pushstring(L, name);
	lua_call(L, 1, 1);
	lua_pushvalue(L, -1);
	lua_setfield(L, -3, name);
	lua_remove(L, -2);
	if (glb) {
		lua_pushvalue(L, -1);
		lua_setglobal(L, name);
	}
}

#else
#error "arbiter's Lua layer needs Lua 5.4 or LuaJIT 2.1"
#endif

#endif /* ARBITER_LUA_COMPAT_H */
