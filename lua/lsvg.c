/*
 * lsvg.c -- module "arbiter": diagrams, SVG documents of one board
 * (Position:svg, in lposition.c's methods) or a sheet of them (arbiter.svg).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "lbind.h"

/* ------------------------------------------------------------------------
 * Diagrams
 *
 * The library writes a sheet through a sink; here the sink collects the
 * bytes in a C buffer owned by a holder userdata (SHEET, no methods) whose
 * __gc frees the buffer and the sheet, so an error raised half way leaks
 * nothing. The document is pushed as one string at the end.
 * ---------------------------------------------------------------------- */

typedef struct lsheet {
	arb_svg *svg;
	char *buf;
	size_t len, cap;
} lsheet;

static int sheet_gc(lua_State *L)
{
	lsheet *h = luaL_checkudata(L, 1, SHEET);

	arb_svg_free(h->svg);
	free(h->buf);
	h->svg = NULL;
	h->buf = NULL;
	return 0;
}

/* clang-format off */
static const luaL_Reg sheet_meta[] = {
	{"__gc", sheet_gc},
	{NULL, NULL},
};
/* clang-format on */

/* arb_write_fn into the holder's buffer; -1 when memory runs out. */
static int sheet_write(void *ctx, const char *data, size_t n)
{
	lsheet *h = ctx;

	if (h->len + n > h->cap) {
		size_t cap = h->cap ? h->cap : 16384;
		char *grown;

		while (cap < h->len + n)
			cap *= 2;
		grown = realloc(h->buf, cap);
		if (!grown)
			return -1;
		h->buf = grown;
		h->cap = cap;
	}
	memcpy(h->buf + h->len, data, n);
	h->len += n;
	return 0;
}

/* [-0, +1, m] A holder with a sheet of `count` boards. */
static lsheet *newsheet(lua_State *L, int count, const char *title)
{
	lsheet *h = lua_newuserdatauv(L, sizeof *h, 0);

	memset(h, 0, sizeof *h);
	luaL_setmetatable(L, SHEET);
	h->svg = arb_svg_new(count, title, sheet_write, h);
	if (!h->svg)
		luaL_error(L, "not enough memory");
	return h;
}

/* A board's options from the table at index t (0: none): title and caption
 * strings or nil, flip a boolean or nil; raises for other types, naming
 * argument `arg`. */
struct board_options {
	const char *title, *caption;
	unsigned flags;
};

static const char *optfield_text(lua_State *L, int t, const char *name, int arg)
{
	const char *text = NULL;

	lua_getfield(L, t, name);
	if (!lua_isnil(L, -1)) {
		if (lua_type(L, -1) != LUA_TSTRING)
			luaL_argerror(L, arg, lua_pushfstring(L, "%s must be a string", name));
		text = lua_tostring(L, -1);
	}
	/* The string stays referenced by the table at t while it is used. */
	lua_pop(L, 1);
	return text;
}

static void board_options(lua_State *L, int t, int arg, struct board_options *o)
{
	memset(o, 0, sizeof *o);
	if (t == 0)
		return;
	o->title = optfield_text(L, t, "title", arg);
	o->caption = optfield_text(L, t, "caption", arg);
	lua_getfield(L, t, "flip");
	if (!lua_isnil(L, -1)) {
		if (lua_type(L, -1) != LUA_TBOOLEAN)
			luaL_argerror(L, arg, "flip must be a boolean");
		if (lua_toboolean(L, -1))
			o->flags |= ARB_SVG_FLIP;
	}
	lua_pop(L, 1);
}

/* [-0, +1, m] The finished document as a string, or nil, msg, code. */
static int pushsheet(lua_State *L, lsheet *h)
{
	if (arb_svg_finish(h->svg) != ARB_OK)
		return arbI_lbind_failf(L, ARB_E_NOMEM, "not enough memory for the diagram");
	lua_pushlstring(L, h->buf, h->len);
	return 1;
}

int arbI_lbind_position_svg(lua_State *L)
{
	const arb_position *pos = arbI_lbind_topos(L, 1);
	struct board_options o;
	lsheet *h;

	if (!lua_isnoneornil(L, 2))
		luaL_checktype(L, 2, LUA_TTABLE);
	board_options(L, lua_isnoneornil(L, 2) ? 0 : 2, 2, &o);
	h = newsheet(L, 1, NULL);
	if (arb_svg_board(h->svg, pos, o.title, o.caption, o.flags) != ARB_OK)
		return arbI_lbind_failf(L, ARB_E_NOMEM, "not enough memory for the diagram");
	return pushsheet(L, h);
}

/* The position of item i of arbiter.svg's boards (on the stack top: a
 * Position, a FEN or a table whose [1] is one of them), options in *o.
 * NULL with nil, msg, code pushed for a bad FEN. Leaves one value pushed
 * (what keeps the position alive) besides a failure's three. */
static const arb_position *board_item(lua_State *L, int i, struct board_options *o)
{
	int item = lua_gettop(L), t = 0;
	arb_error err;
	arb_status st;
	arb_position *pos;

	if (lua_type(L, item) == LUA_TTABLE) {
		t = item;
		lua_rawgeti(L, t, 1);
	} else {
		lua_pushvalue(L, item);
	}
	board_options(L, t, 1, o);
	if (luaL_testudata(L, -1, POSITION))
		return arbI_lbind_topos(L, -1);
	if (lua_type(L, -1) != LUA_TSTRING)
		luaL_argerror(L, 1,
			      lua_pushfstring(L, "board %d: " POSITION " or FEN expected, got %s",
					      i, luaL_typename(L, -1)));
	pos = arbI_lbind_newpos(L, NULL);
	st = arb_position_set_fen(pos, lua_tostring(L, -2), ARB_FEN_AUTO, &err);
	if (st != ARB_OK) {
		arbI_lbind_failf(L, st, "board %d: %s", i, err.message);
		return NULL;
	}
	return pos;
}

static int svg_sheet(lua_State *L)
{
	const char *title = lua_isnoneornil(L, 2) ? NULL : arbI_lbind_checktext(L, 2, NULL);
	lua_Integer n, i;
	lsheet *h;

	luaL_checktype(L, 1, LUA_TTABLE);
	n = (lua_Integer)lua_rawlen(L, 1);
	luaL_argcheck(L, n >= 1, 1, "no boards");
	luaL_argcheck(L, n <= INT_MAX, 1, "too many boards");
	h = newsheet(L, (int)n, title);
	for (i = 1; i <= n; i++) {
		int top = lua_gettop(L);
		struct board_options o;
		const arb_position *pos;

		lua_rawgeti(L, 1, i);
		pos = board_item(L, (int)i, &o);
		if (!pos)
			return 3;
		if (arb_svg_board(h->svg, pos, o.title, o.caption, o.flags) != ARB_OK)
			return arbI_lbind_failf(L, ARB_E_NOMEM,
						"not enough memory for the diagram");
		lua_settop(L, top);
	}
	return pushsheet(L, h);
}

/* clang-format off */
static const luaL_Reg functions[] = {
	{"svg", svg_sheet},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * The library
 * ---------------------------------------------------------------------- */

/* [-0, +0, m] arbiter.svg, and the sheet holder's metatable (not exposed). */
void arbI_lbind_open_svg(lua_State *L)
{
	luaL_setfuncs(L, functions, 0);
	luaL_newmetatable(L, SHEET);
	luaL_setfuncs(L, sheet_meta, 0);
	lua_pop(L, 1);
}
