/*
 * lbind.c -- the helpers every file of module "arbiter" uses (lbind.h), as
 * lauxlib's are to Lua's libraries: results in the binding's conventions
 * (nil, message, status name), argument checks that raise, squares and
 * sides, and the making of a type's metatable.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lbind.h"

/* ------------------------------------------------------------------------
 * Results and arguments
 * ---------------------------------------------------------------------- */

const char *const arbI_lbind_side_names[3] = {"white", "black", NULL};

/* [-0, +3, m] nil, the library's message, the status name. */
int arbI_lbind_pushfail(lua_State *L, const arb_error *err, arb_status st)
{
	lua_pushnil(L);
	lua_pushstring(L, err && err->message[0] ? err->message : arb_status_name(st));
	lua_pushstring(L, arb_status_name(st));
	return 3;
}

/* [-0, +3, m] nil, a formatted message (printf formats), the status name. */
int arbI_lbind_failf(lua_State *L, arb_status st, const char *fmt, ...)
{
	char msg[ARB_ERROR_MESSAGE_SIZE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	lua_pushnil(L);
	lua_pushstring(L, msg);
	lua_pushstring(L, arb_status_name(st));
	return 3;
}

/* [-0, +0, v] A string argument without embedded zero bytes. */
const char *arbI_lbind_checktext(lua_State *L, int i, size_t *len)
{
	size_t n;
	const char *s = luaL_checklstring(L, i, &n);

	luaL_argcheck(L, strlen(s) == n, i, "string contains a zero byte");
	if (len)
		*len = n;
	return s;
}

arb_color arbI_lbind_checkside(lua_State *L, int i)
{
	return (arb_color)luaL_checkoption(L, i, NULL, arbI_lbind_side_names);
}

/* [-0, +1, m] "white" / "black", nil for anything else (-1). */
void arbI_lbind_pushside(lua_State *L, int side)
{
	if (side == ARB_WHITE || side == ARB_BLACK)
		lua_pushstring(L, arbI_lbind_side_names[side]);
	else
		lua_pushnil(L);
}

/* An integer argument that fits a C long (optionally >= 0). */
long arbI_lbind_checklong(lua_State *L, int i, int nonnegative)
{
	lua_Integer v = luaL_checkinteger(L, i);

	luaL_argcheck(L, (lua_Integer)(long)v == v, i, "integer out of range");
	if (nonnegative)
		luaL_argcheck(L, v >= 0, i, "must not be negative");
	return (long)v;
}

/* A square: a name "a1".."h8" or an integer 0..63. */
int arbI_lbind_checksquare(lua_State *L, int i)
{
	if (lua_type(L, i) == LUA_TNUMBER) {
		lua_Integer sq = luaL_checkinteger(L, i);

		luaL_argcheck(L, sq >= 0 && sq < 64, i, "square number must be 0..63");
		return (int)sq;
	} else {
		size_t len;
		const char *s = luaL_checklstring(L, i, &len);

		luaL_argcheck(L,
			      len == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8',
			      i, "square name like 'e4' expected");
		return ARB_SQUARE(s[0] - 'a', s[1] - '1');
	}
}

/* [-0, +1, m] */
void arbI_lbind_pushsquare(lua_State *L, int sq)
{
	char name[3] = {(char)('a' + ARB_FILE(sq)), (char)('1' + ARB_RANK(sq)), 0};

	lua_pushstring(L, name);
}

/* [-0, +1, m] Creates metatable `name` with the metamethods `meta` and an
 * __index table of `methods`, and leaves it on the stack. */
void arbI_lbind_newtype(lua_State *L, const char *name, const luaL_Reg *meta,
			const luaL_Reg *methods)
{
	luaL_newmetatable(L, name);
	luaL_setfuncs(L, meta, 0);
	lua_newtable(L);
	luaL_setfuncs(L, methods, 0);
	lua_setfield(L, -2, "__index");
}

/* [-0, +0, m] module[field] = a new metatable `name` (the module table on
 * the top of the stack). */
void arbI_lbind_addtype(lua_State *L, const char *field, const char *name, const luaL_Reg *meta,
			const luaL_Reg *methods)
{
	arbI_lbind_newtype(L, name, meta, methods);
	lua_setfield(L, -2, field);
}

/* The string option `key` of the options table at i, or def (lbind.h). */
const char *arbI_lbind_optstring(lua_State *L, int i, const char *key, const char *def)
{
	const char *s = def;

	if (lua_getfield(L, i, key) != LUA_TNIL) {
		if (lua_type(L, -1) != LUA_TSTRING)
			luaL_argerror(L, i,
				      lua_pushfstring(L, "option '%s': a string expected, got %s",
						      key, luaL_typename(L, -1)));
		s = lua_tostring(L, -1);
	}
	lua_pop(L, 1); /* the string stays referenced by the options table */
	return s;
}
