/*
 * profile_hooks.c -- a profile's hooks (on_move, on_end) at play: the
 * read-only view of the game and of the ending they are given, and the
 * trampolines arb_rules calls (profile_hooks.h; profiles/README.md lists
 * the fields of the view).
 *
 * Each hook runs in its own protected call of the profile's sandbox
 * (arb_sandbox_pcall_named: a fresh budget per call, the hook's script named
 * in messages). From the end of the load on, the values every call needs sit
 * at fixed stack slots of the state (S_ON_MOVE...), so nothing before the
 * protected call allocates; the game the hooks see is a read-only proxy whose
 * few cheap fields a hook has read are kept up to date before each call and
 * whose others are read from the game when asked, so a call builds nothing
 * (see "The game as the hooks see it").
 */
#include "profile_hooks.h"

#include <string.h>

static const char *const hook_names[HOOK_COUNT] = {"on_move", "on_end"};

/* Registry keys: only their addresses are used. */
enum { K_GAME, K_FIELDS, K_STRIKES, K_TIME, K_ENDING, K_COUNT };
static const char registry_keys[K_COUNT];
#define RKEY(k) ((const void *)&registry_keys[(k)])

/* ------------------------------------------------------------------------
 * The game as the hooks see it
 * ---------------------------------------------------------------------- */

/* The game's last move in UCI (san = 0) or SAN into buf (ARB_SAN_MAX
 * bytes at least); 0 when no move has been played. */
static size_t last_move_text(const arb_game *g, int san, char *buf)
{
	int plies = arb_game_ply_count(g);
	const arb_position *before = arb_game_previous_position(g);
	if (plies <= 0 || before == NULL)
		return 0;
	arb_move m = arb_game_move(g, plies - 1);
	return san ? arb_move_to_san(before, m, buf) : arb_move_to_uci(before, m, buf);
}

/*
 * The game and the ending as the hooks see them: userdata proxies, one of
 * each kind made at load time and handed to every call. A script cannot
 * write a userdata at all (no rawset; __newindex raises; setmetatable and
 * getmetatable see a protected metatable), so the proxies are read-only by
 * construction.
 *
 * Reading `ending`, `game.strikes` and `game.time` calls a C __index that
 * reads the field from the game when asked (outside a hook call it raises).
 * `game` is read on every move, so its __index is a table instead, `fields`,
 * which Lua reads without calling C. It holds the two sub-proxies, and the
 * cheap, common fields (ply, move_number, side_to_move, in_check) as raw
 * values once a hook has read them: the first read of one misses, goes on
 * to the C __index of fields' own metatable (fields_index), which answers
 * and stores the field in `fields`; from then on refresh_fields brings it up
 * to date before every call (an assignment of a key the table holds, so
 * nothing is allocated outside the protected call). The other fields (fen,
 * last_move, last_san, halfmove_clock, repetitions) and unknown names
 * (an error) always go to fields_index. No
 * script can reach `fields`: it is the __index of a protected metatable of
 * a userdata, and nothing the sandbox offers hands it out (getmetatable
 * gives "read-only", rawget/rawset/next refuse a userdata, there is no
 * debug library), so only the host writes it, and a read never sees a value
 * of an earlier call. (The sandbox's read-only views are tables: every call
 * would have to refill them, and a read goes through two registry maps.)
 */
typedef enum proxy_kind {
	PROXY_GAME = 0,
	PROXY_STRIKES,
	PROXY_TIME,
	PROXY_ENDING,
	PROXY_COUNT
} proxy_kind;

static const char *const proxy_names[PROXY_COUNT] = {"game", "game.strikes", "game.time", "ending"};
/* The fields of each proxy, in the order pairs() lists them. */
static const char *const game_fields[] = {
	"ply",      "move_number",    "side_to_move", "fen",     "last_move", "last_san",
	"in_check", "halfmove_clock", "repetitions",  "strikes", "time",      NULL};
static const char *const side_fields[] = {"white", "black", NULL};
static const char *const ending_fields[] = {"result", "board", "reason", "detail", "article", NULL};
static const char *const *const proxy_fields[PROXY_COUNT] = {game_fields, side_fields, side_fields,
							     ending_fields};
static const int proxy_keys[PROXY_COUNT] = {K_GAME, K_STRIKES, K_TIME, K_ENDING};

typedef struct proxy {
	arb_profile *p;
	proxy_kind kind;
} proxy;

/* The indices in game_fields of the game's fields that `fields` may hold
 * raw (RAW_...). */
static const int raw_fields[RAW_COUNT] = {0, 1, 2, 6};

/* The value of raw field r in g, as an integer (side_to_move: 0 white, 1
 * black; in_check: 0 or 1). */
static lua_Integer raw_now(const arb_game *g, int r)
{
	const arb_position *pos = arb_game_position(g);

	switch (r) {
	case RAW_PLY:
		return arb_game_ply_count(g);
	case RAW_MOVE_NUMBER:
		return arb_position_fullmove_number(pos);
	case RAW_SIDE:
		return arb_position_side_to_move(pos) == ARB_WHITE ? 0 : 1;
	default:
		return arb_position_in_check(pos) ? 1 : 0;
	}
}

/* The index of the key at idx in the proxy's field list, or -1. */
static int proxy_field(lua_State *L, const proxy *x, int idx)
{
	const char *key = lua_type(L, idx) == LUA_TSTRING ? lua_tostring(L, idx) : NULL;
	const char *const *f = proxy_fields[x->kind];

	for (int i = 0; key != NULL && f[i] != NULL; i++)
		if (f[i][0] == key[0] && strcmp(f[i], key) == 0)
			return i;
	return -1;
}

/* [-0, +1, e] Pushes field i of the proxy. */
static void proxy_push(lua_State *L, const proxy *x, int i)
{
	static const char *const side[2] = {"white", "black"};
	const arb_profile *p = x->p;
	const arb_game *g = p->game;
	char buf[ARB_FEN_MAX + ARB_SAN_MAX];
	const arb_position *pos;
	size_t n;

	if (g == NULL || (x->kind == PROXY_ENDING && p->ending == NULL))
		luaL_error(L, "%s.%s: readable only while the hook runs", proxy_names[x->kind],
			   proxy_fields[x->kind][i]);
	pos = arb_game_position(g);
	switch (x->kind) {
	case PROXY_GAME:
		switch (i) {
		case 0:
			lua_pushinteger(L, arb_game_ply_count(g));
			return;
		case 1:
			lua_pushinteger(L, arb_position_fullmove_number(pos));
			return;
		case 2:
			lua_pushstring(L, side[arb_position_side_to_move(pos)]);
			return;
		case 3:
			arb_position_to_fen(pos, buf, sizeof buf, 0);
			lua_pushstring(L, buf);
			return;
		case 4:
		case 5:
			n = last_move_text(g, i == 5, buf);
			if (n > 0)
				lua_pushlstring(L, buf, n);
			else
				lua_pushnil(L);
			return;
		case 6:
			lua_pushboolean(L, arb_position_in_check(pos));
			return;
		case 7: /* the count of FIDE 9.3, in plies */
			lua_pushinteger(L, arb_position_halfmove_clock(pos));
			return;
		case 8: /* FIDE 9.2: 1 the first time, 3 for a threefold repetition */
			lua_pushinteger(L, arb_game_occurrences(g));
			return;
		default:
			lua_rawgetp(L, LUA_REGISTRYINDEX, RKEY(i == 9 ? K_STRIKES : K_TIME));
			return;
		}
	case PROXY_STRIKES:
		lua_pushinteger(L, arb_game_strikes(g, (arb_color)i));
		return;
	case PROXY_TIME: {
		long ms = arb_game_time(g, (arb_color)i);
		if (ms >= 0)
			lua_pushinteger(L, (lua_Integer)ms);
		else
			lua_pushnil(L);
		return;
	}
	default: {
		const arb_decision *d = p->ending;
		const char *text[] = {d->result, d->board, d->reason, d->detail, d->article};
		lua_pushstring(L, text[i]);
		return;
	}
	}
}

/* Raises "FILE:LINE: game has no field 'k' (ply, ...)" for the key at idx:
 * a misspelt name is an error, not a nil that reads as "no" (the position
 * is the hook's line: level 1, the caller of this metamethod). */
static int no_field(lua_State *L, const proxy *x, int idx)
{
	const char *const *f = proxy_fields[x->kind];
	char list[256];
	size_t used = 0;

	list[0] = '\0';
	for (int i = 0; f[i] != NULL && used + 1 < sizeof list; i++) {
		int k = snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", f[i]);
		if (k < 0)
			break;
		used += (size_t)k;
	}
	luaL_where(L, 1);
	if (lua_type(L, idx) == LUA_TSTRING)
		lua_pushfstring(L, "%s has no field '%s' (%s)", proxy_names[x->kind],
				lua_tostring(L, idx), list);
	else
		lua_pushfstring(L, "%s has no %s keys (%s)", proxy_names[x->kind],
				luaL_typename(L, idx), list);
	lua_concat(L, 2);
	return lua_error(L);
}

/* __index(proxy, key): the field; an error for a name it does not have. */
static int proxy_index(lua_State *L)
{
	const proxy *x = lua_touserdata(L, 1);
	int i = proxy_field(L, x, 2);

	if (i < 0)
		return no_field(L, x, 2);
	proxy_push(L, x, i);
	return 1;
}

/* __index(fields, key) of the game's `fields` table (upvalue 1: the game
 * proxy): the fields it does not hold raw, read from the game. One of the
 * cheap ones (raw_fields), read for the first time, is put into `fields`:
 * from then on Lua reads it there, and refresh_fields keeps it up to date
 * before every call. A hook that never reads them costs nothing for them. */
static int fields_index(lua_State *L)
{
	const proxy *x = lua_touserdata(L, lua_upvalueindex(1));
	arb_profile *p = x->p;
	int i = proxy_field(L, x, 2), r;

	if (i < 0)
		return no_field(L, x, 2);
	proxy_push(L, x, i); /* raises outside a call */
	for (r = 0; r < RAW_COUNT && raw_fields[r] != i; r++)
		;
	if (r < RAW_COUNT && !(p->raw & (1u << r))) {
		lua_pushvalue(L, 2);
		lua_pushvalue(L, -2);
		lua_rawset(L, 1); /* a new key: may allocate, here in the call */
		p->raw_value[r] = raw_now(p->game, r);
		p->raw |= 1u << r;
	}
	return 1;
}

/* __newindex: always an error, worded as the sandbox's views word it. */
static int proxy_newindex(lua_State *L)
{
	const proxy *x = lua_touserdata(L, 1);

	if (lua_type(L, 2) == LUA_TSTRING)
		return luaL_error(L, "attempt to set field '%s' of read-only table '%s'",
				  lua_tostring(L, 2), proxy_names[x->kind]);
	return luaL_error(L, "attempt to set a %s key in read-only table '%s'", luaL_typename(L, 2),
			  proxy_names[x->kind]);
}

/* The iterator of pairs(proxy) (Lua 5.4; LuaJIT has no __pairs): the fields
 * after `key` in list order, skipping nil values. */
static int proxy_next(lua_State *L)
{
	const proxy *x = lua_touserdata(L, 1);
	const char *const *f = proxy_fields[x->kind];
	int i = 0;

	if (!lua_isnil(L, 2)) {
		i = proxy_field(L, x, 2);
		if (i < 0)
			return luaL_error(L, "invalid key to 'next'");
		i++;
	}
	for (; f[i] != NULL; i++) {
		lua_pushstring(L, f[i]);
		proxy_push(L, x, i);
		if (!lua_isnil(L, -1))
			return 2;
		lua_pop(L, 2);
	}
	lua_pushnil(L);
	return 1;
}

static int proxy_pairs(lua_State *L)
{
	lua_pushcfunction(L, proxy_next);
	lua_pushvalue(L, 1);
	lua_pushnil(L);
	return 3;
}

static int proxy_tostring(lua_State *L)
{
	const proxy *x = lua_touserdata(L, 1);

	lua_pushfstring(L, "arbiter %s (read-only)", proxy_names[x->kind]);
	return 1;
}

void arbI_profile_hooks_make_proxies(lua_State *L, arb_profile *p)
{
	static const luaL_Reg meta[] = {{"__index", proxy_index},
					{"__newindex", proxy_newindex},
					{"__pairs", proxy_pairs},
					{"__tostring", proxy_tostring},
					{NULL, NULL}};

	lua_createtable(L, 0, 5);
	luaL_setfuncs(L, meta, 0);
	lua_pushliteral(L, "read-only");
	lua_setfield(L, -2, "__metatable");
	for (int k = 0; k < PROXY_COUNT; k++) {
		proxy *x = lua_newuserdatauv(L, sizeof *x, 0);
		x->p = p;
		x->kind = (proxy_kind)k;
		lua_pushvalue(L, -2);
		lua_setmetatable(L, -2);
		lua_rawsetp(L, LUA_REGISTRYINDEX, RKEY(proxy_keys[k]));
	}
	lua_pop(L, 1);

	/* The game's: __index is `fields`, whose own __index reads the rest. */
	lua_rawgetp(L, LUA_REGISTRYINDEX, RKEY(K_GAME)); /* game */
	lua_createtable(L, 0, 5);                        /* game's metatable */
	luaL_setfuncs(L, meta, 0);
	lua_pushliteral(L, "read-only");
	lua_setfield(L, -2, "__metatable");
	lua_createtable(L, 0, 2 + RAW_COUNT); /* fields: room for every raw field */
	lua_rawgetp(L, LUA_REGISTRYINDEX, RKEY(K_STRIKES));
	lua_setfield(L, -2, "strikes");
	lua_rawgetp(L, LUA_REGISTRYINDEX, RKEY(K_TIME));
	lua_setfield(L, -2, "time");
	lua_createtable(L, 0, 2); /* fields' metatable */
	lua_pushvalue(L, -4);     /* the game proxy */
	lua_pushcclosure(L, fields_index, 1);
	lua_setfield(L, -2, "__index");
	lua_pushliteral(L, "read-only");
	lua_setfield(L, -2, "__metatable");
	lua_setmetatable(L, -2);
	lua_pushvalue(L, -1);
	lua_rawsetp(L, LUA_REGISTRYINDEX, RKEY(K_FIELDS));
	lua_setfield(L, -2, "__index");
	lua_setmetatable(L, -2);
	lua_pop(L, 1);
	p->raw = 0;
}

/* ------------------------------------------------------------------------
 * Hooks
 * ---------------------------------------------------------------------- */

typedef struct hook_call {
	int which;
	arb_hook_out *out;
} hook_call;

/* Raises "HOOK (FILE:LINE) returned field 'k': why", or without a field
 * "HOOK (FILE:LINE) returned why", for the hook function at index fn. */
static int result_error(lua_State *L, int which, int fn, const char *field, const char *fmt, ...)
	PROFILE_PRINTF(5, 6);
static int result_error(lua_State *L, int which, int fn, const char *field, const char *fmt, ...)
{
	char why[PROFILE_MESSAGE], where[LUA_IDSIZE + 24] = "";
	lua_Debug ar;
	va_list ap;

	lua_pushvalue(L, fn);
	if (lua_getinfo(L, ">S", &ar))
		snprintf(where, sizeof where, " (%s:%d)", ar.short_src, ar.linedefined);
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (field != NULL)
		return throwf(L, "%s%s returned field '%s': %s", hook_names[which], where, field,
			      why);
	return throwf(L, "%s%s returned %s", hook_names[which], where, why);
}

/* t[key] (t at idx) as a string of at most size - 1 bytes into out; a
 * number is written out when `numbers`. Absent: out unchanged. Errors name
 * the field `label`. */
static void take_text(lua_State *L, int which, int fn, int idx, const char *key, const char *label,
		      char *out, size_t size, int numbers)
{
	size_t len;
	const char *s;

	lua_pushstring(L, key);
	lua_rawget(L, idx);
	if (lua_isnil(L, -1)) {
		lua_pop(L, 1);
		return;
	}
	if (numbers && lua_type(L, -1) == LUA_TNUMBER) {
		char num[32];
		int whole = 0;
		lua_Integer v = lua_tointegerx(L, -1, &whole);
		if (whole)
			snprintf(num, sizeof num, "%lld", (long long)v);
		else
			snprintf(num, sizeof num, "%.6g", (double)lua_tonumber(L, -1));
		if (strlen(num) >= size)
			result_error(L, which, fn, label, "longer than %zu characters", size - 1);
		strcpy(out, num);
		lua_pop(L, 1);
		return;
	}
	if (lua_type(L, -1) != LUA_TSTRING)
		result_error(L, which, fn, label, "a %s, not a string", luaL_typename(L, -1));
	s = lua_tolstring(L, -1, &len);
	if (len >= size || strlen(s) != len)
		result_error(L, which, fn, label, "longer than %zu bytes (or holds a NUL)",
			     size - 1);
	memcpy(out, s, len + 1);
	lua_pop(L, 1);
}

/* The hook's result at idx (the hook function at fn) into c->out. */
static void read_result(lua_State *L, hook_call *c, int fn, int idx)
{
	static const char *const keys[] = {"result", "reason", "detail", "article", "points", NULL};
	static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*", NULL};
	arb_hook_out *out = c->out;
	int i;

	idx = lua_absindex(L, idx);
	if (lua_isnil(L, idx))
		return;
	if (!lua_istable(L, idx))
		result_error(L, c->which, fn, NULL,
			     "a %s: give nil (no change) or a table {result=, reason=, detail=, "
			     "article=, points=}",
			     luaL_typename(L, idx));
	lua_pushnil(L);
	while (lua_next(L, idx) != 0) {
		lua_pop(L, 1);
		const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
		for (i = 0; k != NULL && keys[i] != NULL && strcmp(keys[i], k) != 0; i++)
			;
		if (k == NULL || keys[i] == NULL)
			result_error(L, c->which, fn, k != NULL ? k : "?",
				     "unknown (give result, reason, detail, article, points)");
	}
	take_text(L, c->which, fn, idx, "result", "result", out->result, sizeof out->result, 0);
	for (i = 0; out->result[0] != '\0' && results[i] != NULL; i++)
		if (strcmp(out->result, results[i]) == 0)
			break;
	if (out->result[0] != '\0' && results[i] == NULL)
		result_error(L, c->which, fn, "result", "'%s' is not one of: 1-0, 0-1, 1/2-1/2, *",
			     out->result);
	take_text(L, c->which, fn, idx, "reason", "reason", out->reason, sizeof out->reason, 0);
	take_text(L, c->which, fn, idx, "detail", "detail", out->detail, sizeof out->detail, 0);
	take_text(L, c->which, fn, idx, "article", "article", out->article, sizeof out->article, 0);
	lua_pushliteral(L, "points");
	lua_rawget(L, idx);
	if (!lua_isnil(L, -1)) {
		int pts = lua_absindex(L, -1);
		if (!lua_istable(L, pts))
			result_error(L, c->which, fn, "points", "a %s, not {white=, black=}",
				     luaL_typename(L, pts));
		lua_pushnil(L);
		while (lua_next(L, pts) != 0) {
			lua_pop(L, 1);
			const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
			if (strcmp(k, "white") != 0 && strcmp(k, "black") != 0)
				result_error(L, c->which, fn, "points",
					     "a key '%s' (only white, black)", k);
		}
		take_text(L, c->which, fn, pts, "white", "points.white", out->points[ARB_WHITE],
			  sizeof out->points[ARB_WHITE], 1);
		take_text(L, c->which, fn, pts, "black", "points.black", out->points[ARB_BLACK],
			  sizeof out->points[ARB_BLACK], 1);
	}
	lua_pop(L, 1);
	out->set = 1;
}

/* [-2, +0, e] Checks a hook's result (1, not nil) into the call's out; 2 is
 * the hook, for messages. Run by arb_sandbox_pcall_named after the hook
 * returned something; upvalue 1 is the profile. */
static int check_result(lua_State *L)
{
	arb_profile *p = lua_touserdata(L, lua_upvalueindex(1));

	read_result(L, p->call, 2, 1);
	return 0;
}

/* [-0, +0] Brings the raw fields of `fields` (S_FIELDS) up to g where they
 * changed since the last call. Each is a key the table holds with a value
 * that is never nil, so an assignment finds its slot: nothing is allocated
 * and no metamethod runs. Only the host writes `fields`, so raw_value is
 * what it holds. */
static void refresh_fields(lua_State *L, arb_profile *p, const arb_game *g)
{
	for (int r = 0; r < RAW_COUNT; r++) {
		if (!(p->raw & (1u << r)))
			continue;
		lua_Integer v = raw_now(g, r);
		if (v == p->raw_value[r])
			continue;
		lua_pushvalue(L, S_KEY + r);
		if (r == RAW_SIDE)
			lua_pushvalue(L, v == 0 ? S_WHITE : S_BLACK);
		else if (r == RAW_IN_CHECK)
			lua_pushboolean(L, (int)v);
		else
			lua_pushinteger(L, v);
		lua_rawset(L, S_FIELDS);
		p->raw_value[r] = v;
	}
}

/*
 * One hook call: the hook itself in one protected call (its script named
 * in messages), and, when it returned something, check_result in a second
 * one (no script code runs there; its messages name the hook themselves).
 * A hook that returns nil, the common case, costs one call.
 */
static int run_hook(arb_profile *p, int which, const arb_game *g, const arb_decision *ending,
		    arb_hook_out *out, char *err, size_t errlen)
{
	lua_State *L = arb_sandbox_state(p->sb);
	int fn = which == HOOK_MOVE ? S_ON_MOVE : S_ON_END, nargs = 1;
	hook_call c = {which, out};
	char msg[PROFILE_MESSAGE];
	arb_sandbox_status st;

	memset(out, 0, sizeof *out);
	/* Nothing here may allocate: the state is unprotected (sandbox.h). */
	if (p->raw != 0)
		refresh_fields(L, p, g);
	lua_pushvalue(L, fn);
	lua_pushvalue(L, S_GAME);
	if (which == HOOK_END) {
		if (ending != NULL)
			lua_pushvalue(L, S_ENDING);
		else
			lua_pushnil(L);
		nargs = 2;
	}
	p->game = g;
	p->ending = ending;
	p->call = &c;
	st = arb_sandbox_pcall_named(p->sb, p->hook_where[which], nargs, 1, msg, sizeof msg);
	if (st == ARB_SANDBOX_OK) {
		if (lua_isnil(L, -1)) {
			lua_pop(L, 1);
		} else {
			lua_pushvalue(L, S_CHECK);
			lua_insert(L, -2);
			lua_pushvalue(L, fn);
			st = arb_sandbox_pcall_named(p->sb, "", 2, 0, msg, sizeof msg);
		}
	}
	p->game = NULL;
	p->ending = NULL;
	p->call = NULL;
	if (st == ARB_SANDBOX_OK)
		return 0;
	memset(out, 0, sizeof *out);
	say(err, errlen, "%s", msg);
	return -1;
}

static int hook_move(void *ud, const struct arb_game *g, const struct arb_decision *ending,
		     arb_hook_out *out, char *err, size_t errlen)
{
	return run_hook(ud, HOOK_MOVE, g, ending, out, err, errlen);
}

static int hook_end(void *ud, const struct arb_game *g, const struct arb_decision *ending,
		    arb_hook_out *out, char *err, size_t errlen)
{
	return run_hook(ud, HOOK_END, g, ending, out, err, errlen);
}

void arbI_profile_hooks_push_slots(lua_State *L, arb_profile *p, int idx)
{
	idx = lua_absindex(L, idx);
	luaL_checkstack(L, S_COUNT + 2, "the hooks' slots");
	for (int i = 0; i < HOOK_COUNT; i++) {
		lua_pushstring(L, hook_names[i]);
		lua_rawget(L, idx);
		p->has_hook[i] = lua_type(L, -1) == LUA_TFUNCTION;
		if (!p->has_hook[i]) {
			lua_pop(L, 1);
			lua_pushnil(L);
		}
		arb_sandbox_function_name(L, -1, p->hook_where[i], sizeof p->hook_where[i]);
	}
	lua_rawgetp(L, LUA_REGISTRYINDEX, RKEY(K_GAME));
	lua_rawgetp(L, LUA_REGISTRYINDEX, RKEY(K_ENDING));
	lua_rawgetp(L, LUA_REGISTRYINDEX, RKEY(K_FIELDS));
	lua_pushlightuserdata(L, p);
	lua_pushcclosure(L, check_result, 1);
	for (int r = 0; r < RAW_COUNT; r++)
		lua_pushstring(L, game_fields[raw_fields[r]]);
	lua_pushliteral(L, "white");
	lua_pushliteral(L, "black");
}

/* ------------------------------------------------------------------------
 * The trampolines in the rules
 * ---------------------------------------------------------------------- */

void arbI_profile_hooks_set(arb_profile *p)
{
	p->rules.hook_data = p;
	p->rules.on_move = p->has_hook[HOOK_MOVE] ? hook_move : NULL;
	p->rules.on_end = p->has_hook[HOOK_END] ? hook_end : NULL;
}
