/*
 * lengine.c -- module "arbiter": UCI engines and engine games
 * (arbiter.engine, type Engine, arbiter.play), on engine/match/ through
 * arbiter.h.
 *
 * An Engine owns an arb_engine (a child process), closed by __gc, __close
 * or close; it is started after its userdata is on the stack with its
 * metatable, so an error later leaves it to __gc. arbiter.play plays one
 * game between two Engines under a Profile (or a profile's name) and
 * returns the Game (its PGN record), the verdict (as profile:adjudicate
 * gives it) and the runner's report. The arb_game lives in a holder
 * userdata while the verdict is built, the record in the Game userdata from
 * the start, so that a memory error while building the tables leaks
 * nothing. Engines run in their own processes: these functions are for
 * trusted scripts (`arbiter run`), never for the sandbox of profiles.
 */
#include <string.h>

#include "lbind.h"
#include "profile.h"

#define ENGINE_HOLDER "arbiter.EngineGameHolder"

typedef struct lengine {
	arb_engine *e; /* owned; NULL while being built, or once closed */
} lengine;

typedef struct lplay {
	arb_game *game;       /* owned, NULL when none */
	arb_profile *profile; /* owned when loaded by name, else NULL */
} lplay;

static arb_engine *toengine(lua_State *L, int i)
{
	lengine *u = luaL_checkudata(L, i, ENGINE);

	if (!u->e)
		luaL_error(L, "attempt to use a closed engine");
	return u->e;
}

/* [-0, +0, v] t.key as an integer >= 0 (dflt when nil). */
static long optlong(lua_State *L, int t, const char *key, long dflt)
{
	long v = dflt;

	if (lua_getfield(L, t, key) != LUA_TNIL) {
		if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 ||
		    lua_tointeger(L, -1) > 0x7fffffffL)
			luaL_error(L, "field '%s' must be an integer >= 0", key);
		v = (long)lua_tointeger(L, -1);
	}
	lua_pop(L, 1);
	return v;
}

/* ---- arbiter.engine{...} ------------------------------------------------------ */

/* arbiter.engine{cmd = ..., args = {...}, name =, dir =, stderr =,
 * options = {Name = value, ...}, timeout = ms} -> Engine | nil, msg, code */
static int engine_new(lua_State *L)
{
	arb_engine_spec spec;
	arb_error err;

	luaL_checktype(L, 1, LUA_TTABLE);
	lua_settop(L, 1);
	memset(&spec, 0, sizeof spec);
	if (!(spec.cmd = arbI_lbind_optstring(L, 1, "cmd", NULL)))
		return luaL_error(L, "arbiter.engine: field 'cmd' is required");
	spec.name = arbI_lbind_optstring(L, 1, "name", NULL);
	spec.dir = arbI_lbind_optstring(L, 1, "dir", NULL);
	spec.stderr_path = arbI_lbind_optstring(L, 1, "stderr", NULL);
	spec.start_timeout_ms = optlong(L, 1, "timeout", 0);
	if (lua_getfield(L, 1, "args") == LUA_TTABLE) {
		lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
		if (n > ARB_ENGINE_ARGS_MAX)
			return luaL_error(L, "arbiter.engine: more than %d args",
					  ARB_ENGINE_ARGS_MAX);
		for (lua_Integer i = 1; i <= n; i++) {
			lua_rawgeti(L, -1, i);
			spec.args[spec.nargs++] = luaL_checkstring(L, -1);
			lua_pop(L, 1);
		}
	} else if (!lua_isnil(L, -1))
		return luaL_error(L, "arbiter.engine: field 'args' must be a table");
	lua_pop(L, 1);
	lua_newtable(L); /* 3: the option values as text, kept alive here */
	if (lua_getfield(L, 1, "options") == LUA_TTABLE) {
		lua_pushnil(L);
		while (lua_next(L, -2)) {
			if (spec.noptions == ARB_ENGINE_OPTIONS_MAX)
				return luaL_error(L, "arbiter.engine: more than %d options",
						  ARB_ENGINE_OPTIONS_MAX);
			if (lua_type(L, -2) != LUA_TSTRING)
				return luaL_error(L, "arbiter.engine: option names are strings");
			/* a number or a boolean as its text */
			const char *v = luaL_tolstring(L, -1, NULL);
			spec.option_name[spec.noptions] = lua_tostring(L, -3);
			spec.option_value[spec.noptions++] = v;
			lua_rawseti(L, 3, spec.noptions);
			lua_pop(L, 1);
		}
	} else if (!lua_isnil(L, -1))
		return luaL_error(L, "arbiter.engine: field 'options' must be a table");
	lengine *u = lua_newuserdatauv(L, sizeof *u, 0);
	u->e = NULL;
	luaL_setmetatable(L, ENGINE);
	memset(&err, 0, sizeof err);
	u->e = arb_engine_open(&spec, &err);
	if (!u->e)
		return arbI_lbind_pushfail(L, &err, err.code != ARB_OK ? err.code : ARB_E_ENGINE);
	return 1;
}

static int engine_name(lua_State *L)
{
	lua_pushstring(L, arb_engine_name(toengine(L, 1)));
	return 1;
}

static int engine_alive(lua_State *L)
{
	lua_pushboolean(L, arb_engine_alive(toengine(L, 1)));
	return 1;
}

static int engine_has_option(lua_State *L)
{
	lua_pushboolean(L, arb_engine_has_option(toengine(L, 1), luaL_checkstring(L, 2)));
	return 1;
}

static int engine_close(lua_State *L)
{
	lengine *u = luaL_checkudata(L, 1, ENGINE);

	arb_engine_close(u->e, 1000);
	u->e = NULL;
	return 0;
}

static int engine_tostring(lua_State *L)
{
	lengine *u = luaL_checkudata(L, 1, ENGINE);

	if (u->e)
		lua_pushfstring(L, ENGINE " (%s)", arb_engine_name(u->e));
	else
		lua_pushliteral(L, ENGINE " (closed)");
	return 1;
}

/* ---- arbiter.play{...} ---------------------------------------------------------- */

static int holder_gc(lua_State *L)
{
	lplay *h = luaL_checkudata(L, 1, ENGINE_HOLDER);

	arb_game_free(h->game);
	h->game = NULL;
	arb_profile_free(h->profile);
	h->profile = NULL;
	return 0;
}

/* The limits in t[key] ({nodes =, depth =, movetime =}) into *l. */
static void limits(lua_State *L, int t, const char *key, arb_engine_limits *l)
{
	if (lua_getfield(L, t, key) == LUA_TTABLE) {
		int i = lua_gettop(L);
		l->nodes = optlong(L, i, "nodes", 0);
		l->depth = (int)optlong(L, i, "depth", 0);
		l->movetime_ms = optlong(L, i, "movetime", 0);
	} else if (!lua_isnil(L, -1))
		luaL_error(L, "arbiter.play: field '%s' must be a table", key);
	lua_pop(L, 1);
}

/* The rules of t.profile: a Profile, or a name loaded into the holder. */
static const arb_rules *play_rules(lua_State *L, int t, lplay *h)
{
	arb_error err;
	const arb_rules *r;

	lua_getfield(L, t, "profile");
	if (lua_type(L, -1) == LUA_TSTRING) {
		memset(&err, 0, sizeof err);
		if (!(h->profile = arb_profile_load(lua_tostring(L, -1), NULL, &err)))
			luaL_error(L, "arbiter.play: profile '%s': %s", lua_tostring(L, -1),
				   err.message);
		r = arb_profile_rules(h->profile);
	} else if (lua_isnil(L, -1))
		r = NULL;
	else
		r = arbI_lbind_torules(L, lua_gettop(L));
	lua_pop(L, 1);
	return r;
}

/* [-0, +1, m] The runner's report as a table. */
static void push_report(lua_State *L, const arb_play_report *r)
{
	static const char *const flags[] = {"crashed", "stalled", "illegal", "flagged"};
	const int *v[] = {r->crashed, r->stalled, r->illegal, r->flagged};

	lua_createtable(L, 0, 10);
	lua_pushinteger(L, r->plies);
	lua_setfield(L, -2, "plies");
	for (int k = 0; k < 4; k++) {
		lua_createtable(L, 0, 2);
		lua_pushinteger(L, v[k][ARB_WHITE]);
		lua_setfield(L, -2, "white");
		lua_pushinteger(L, v[k][ARB_BLACK]);
		lua_setfield(L, -2, "black");
		lua_setfield(L, -2, flags[k]);
	}
	lua_pushboolean(L, r->adjudicated);
	lua_setfield(L, -2, "adjudicated");
	lua_pushnumber(L, r->overhead_count ? r->overhead_us_sum / (double)r->overhead_count : 0);
	lua_setfield(L, -2, "overhead_us_mean");
	lua_pushnumber(L, r->overhead_us_max);
	lua_setfield(L, -2, "overhead_us_max");
	lua_pushstring(L, r->detail);
	lua_setfield(L, -2, "detail");
}

/* arbiter.play{white = Engine, black = Engine, profile = Profile | name,
 * tc = "180+2" | TimeControl, position = Position | fen = "...",
 * white_limits = {nodes =, depth =, movetime =}, black_limits = {...},
 * claims = "auto" | "never", margin =, stall =, max_moves =,
 * draw = {moves =, from =, cp =}, resign = {moves =, cp =}}
 * -> Game (White, Black, TimeControl, Variant, Result and Termination
 * tagged), verdict, report | nil, msg, code */
static int play(lua_State *L)
{
	arb_play_spec spec;
	arb_play_report report;
	arb_time_control tc;
	arb_error err;
	arb_position *pos = NULL;

	luaL_checktype(L, 1, LUA_TTABLE);
	lua_settop(L, 1);
	memset(&spec, 0, sizeof spec);
	lua_getfield(L, 1, "white");
	arb_engine *w = toengine(L, 2);
	lua_getfield(L, 1, "black");
	arb_engine *b = toengine(L, 3);
	lplay *h = lua_newuserdatauv(L, sizeof *h, 0); /* 4 */
	h->game = NULL;
	h->profile = NULL;
	luaL_setmetatable(L, ENGINE_HOLDER);
	spec.rules = play_rules(L, 1, h);
	if (lua_getfield(L, 1, "tc") == LUA_TSTRING) {
		if (arb_tc_parse(lua_tostring(L, -1), &tc, &err) != ARB_OK)
			return luaL_error(L, "arbiter.play: tc '%s': column %d: %s",
					  lua_tostring(L, -1), err.column, err.message);
		spec.tc = &tc;
	} else if (!lua_isnil(L, -1)) {
		const arb_time_control *u = luaL_testudata(L, -1, TIME_CONTROL);
		if (!u)
			return luaL_error(L, "arbiter.play: tc must be a string or a TimeControl");
		tc = *u;
		spec.tc = &tc;
	}
	lua_pop(L, 1);
	if (lua_getfield(L, 1, "position") != LUA_TNIL)
		pos = arbI_lbind_topos(L, lua_gettop(L));
	else if (lua_getfield(L, 1, "fen") == LUA_TSTRING) {
		pos = arbI_lbind_newpos(L, NULL);
		if (arb_position_set_fen(pos, lua_tostring(L, -2), 0, &err) != ARB_OK)
			return luaL_error(L, "arbiter.play: fen: %s", err.message);
	}
	spec.start = pos;
	limits(L, 1, "white_limits", &spec.limits[ARB_WHITE]);
	limits(L, 1, "black_limits", &spec.limits[ARB_BLACK]);
	const char *claims = arbI_lbind_optstring(L, 1, "claims", NULL);
	if (claims && strcmp(claims, "never") == 0)
		spec.claims = ARB_CLAIMS_NEVER;
	else if (claims && strcmp(claims, "auto") != 0)
		return luaL_error(L, "arbiter.play: claims must be 'auto' or 'never'");
	spec.margin_ms = optlong(L, 1, "margin", 0);
	spec.stall_ms = optlong(L, 1, "stall", 0);
	spec.max_moves = (int)optlong(L, 1, "max_moves", 0);
	if (lua_getfield(L, 1, "draw") == LUA_TTABLE) {
		int t = lua_gettop(L);
		spec.draw_moves = (int)optlong(L, t, "moves", 0);
		spec.draw_from = (int)optlong(L, t, "from", 0);
		spec.draw_cp = (int)optlong(L, t, "cp", 0);
	}
	if (lua_getfield(L, 1, "resign") == LUA_TTABLE) {
		int t = lua_gettop(L);
		spec.resign_moves = (int)optlong(L, t, "moves", 0);
		spec.resign_cp = (int)optlong(L, t, "cp", 0);
	}
	arb_record *rec = arbI_lbind_newgame(L);
	memset(&err, 0, sizeof err);
	arb_status st = arb_play_game(&spec, w, b, &h->game, rec, &report, &err);
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	char text[ARB_TC_MAX];
	if (spec.tc)
		arb_tc_format(spec.tc, ARB_TC_PGN, text, sizeof text);
	if (arb_record_set_tag(rec, "White", arb_engine_name(w)) != ARB_OK ||
	    arb_record_set_tag(rec, "Black", arb_engine_name(b)) != ARB_OK ||
	    arb_record_set_tag(rec, "TimeControl", spec.tc ? text : "-") != ARB_OK ||
	    (pos && arb_position_is_chess960(pos) &&
	     arb_record_set_tag(rec, "Variant", "Chess960") != ARB_OK))
		return luaL_error(L, "not enough memory");
	arbI_lbind_pushverdict(L, h->game);
	push_report(L, &report);
	return 3;
}

/* clang-format off */
static const luaL_Reg engine_meta[] = {
	{"__gc", engine_close},
	{"__close", engine_close},
	{"__tostring", engine_tostring},
	{NULL, NULL},
};

static const luaL_Reg engine_methods[] = {
	{"name", engine_name},
	{"alive", engine_alive},
	{"has_option", engine_has_option},
	{"close", engine_close},
	{NULL, NULL},
};

static const luaL_Reg holder_meta[] = {
	{"__gc", holder_gc},
	{NULL, NULL},
};

/* clang-format on */

/* [-0, +0, m] engine, play and the Engine type. */
void arbI_lbind_open_engine(lua_State *L)
{
	arbI_lbind_addtype(L, "Engine", ENGINE, engine_meta, engine_methods);
	luaL_newmetatable(L, ENGINE_HOLDER);
	luaL_setfuncs(L, holder_meta, 0);
	lua_pop(L, 1);
	lua_pushcfunction(L, engine_new);
	lua_setfield(L, -2, "engine");
	lua_pushcfunction(L, play);
	lua_setfield(L, -2, "play");
}
