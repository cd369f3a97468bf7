/*
 * ltime.c -- module "arbiter": time controls and clocks
 * (arbiter.time_control, arbiter.clock, types TimeControl and Clock).
 *
 * A TimeControl is a copy of an arb_time_control (plain data) in its
 * userdata; a Clock owns an arb_clock (opaque), freed by __gc or close, and
 * keeps what the binding needs to say why the library refused an operation.
 */
#include <limits.h>
#include <stdio.h>

#include "lbind.h"

/* ------------------------------------------------------------------------
 * Time controls
 * ---------------------------------------------------------------------- */

static arb_time_control *checktc(lua_State *L, int i)
{
	return luaL_checkudata(L, i, TIME_CONTROL);
}

/* [-0, +1, m] */
static arb_time_control *pushtc(lua_State *L, const arb_time_control *tc)
{
	arb_time_control *u = lua_newuserdatauv(L, sizeof *u, 0);

	*u = *tc;
	luaL_setmetatable(L, TIME_CONTROL);
	return u;
}

static int tc_new(lua_State *L)
{
	const char *text = arbI_lbind_checktext(L, 1, NULL);
	arb_time_control tc;
	arb_error err;
	arb_status st = arb_tc_parse(text, &tc, &err);

	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	pushtc(L, &tc);
	return 1;
}

/* [-0, +1, m] tc in a notation, nil if it cannot be written in it. */
static int pushformat(lua_State *L, const arb_time_control *tc, arb_tc_notation how)
{
	char buf[ARB_TC_MAX];

	if (arb_tc_format(tc, how, buf, sizeof buf) == 0)
		lua_pushnil(L);
	else
		lua_pushstring(L, buf);
	return 1;
}

static int tc_pgn(lua_State *L)
{
	return pushformat(L, checktc(L, 1), ARB_TC_PGN);
}

static int tc_trf(lua_State *L)
{
	return pushformat(L, checktc(L, 1), ARB_TC_TRF);
}

static int tc_uscf(lua_State *L)
{
	return pushformat(L, checktc(L, 1), ARB_TC_USCF);
}

static int tc_text(lua_State *L)
{
	return pushformat(L, checktc(L, 1), ARB_TC_TEXT);
}

static int tc_category(lua_State *L)
{
	arb_time_control *tc = checktc(L, 1);
	const char *edition = arbI_lbind_checktext(L, 2, NULL);
	const char *category = arb_tc_category(tc, edition);

	if (!category)
		return luaL_argerror(L, 2, lua_pushfstring(L, "unknown edition '%s'", edition));
	lua_pushstring(L, category);
	return 1;
}

static int tc_kind(lua_State *L)
{
	static const char *const kinds[] = {"unknown", "none", "periods", "sandclock"};

	lua_pushstring(L, kinds[checktc(L, 1)->kind]);
	return 1;
}

static int tc_periods(lua_State *L)
{
	static const char *const delays[] = {"none", "simple", "bronstein"};
	arb_time_control *tc = checktc(L, 1);
	arb_color side = lua_isnoneornil(L, 2) ? ARB_WHITE : arbI_lbind_checkside(L, 2);
	const arb_control *ctl = &tc->side[side];
	int i, n = tc->kind == ARB_TC_PERIODS ? ctl->nperiods : 0;

	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		const arb_period *pd = &ctl->period[i];

		lua_createtable(L, 0, 6);
		lua_pushinteger(L, pd->moves);
		lua_setfield(L, -2, "moves");
		lua_pushinteger(L, pd->base_ms);
		lua_setfield(L, -2, "base_ms");
		lua_pushinteger(L, pd->increment_ms);
		lua_setfield(L, -2, "increment_ms");
		lua_pushinteger(L, pd->increment_from);
		lua_setfield(L, -2, "increment_from");
		lua_pushinteger(L, pd->delay_ms);
		lua_setfield(L, -2, "delay_ms");
		lua_pushstring(L, delays[pd->delay]);
		lua_setfield(L, -2, "delay");
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int tc_sandclock(lua_State *L)
{
	arb_time_control *tc = checktc(L, 1);

	if (tc->kind == ARB_TC_SANDCLOCK)
		lua_pushinteger(L, tc->sandclock_ms);
	else
		lua_pushnil(L);
	return 1;
}

static int tc_uscf_default_delay(lua_State *L)
{
	lua_pushinteger(L, arb_tc_uscf_default_delay(checktc(L, 1)));
	return 1;
}

static int tc_eq(lua_State *L)
{
	arb_time_control *a = luaL_testudata(L, 1, TIME_CONTROL);
	arb_time_control *b = luaL_testudata(L, 2, TIME_CONTROL);

	lua_pushboolean(L, a && b && arb_tc_equal(a, b));
	return 1;
}

/* clang-format off */
static const luaL_Reg tc_meta[] = {
	{"__tostring", tc_pgn},
	{"__eq", tc_eq},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg tc_methods[] = {
	{"pgn", tc_pgn},
	{"trf", tc_trf},
	{"uscf", tc_uscf},
	{"text", tc_text},
	{"category", tc_category},
	{"kind", tc_kind},
	{"periods", tc_periods},
	{"sandclock", tc_sandclock},
	{"uscf_default_delay", tc_uscf_default_delay},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * Clocks
 *
 * The library refuses a bad operation with a bare ARB_E_ARGUMENT; the
 * binding keeps the time of the last operation and whether the clock has
 * started so that the error it raises can say why.
 * ---------------------------------------------------------------------- */

typedef struct lclock {
	arb_clock *clock; /* NULL once closed */
	long last_t;      /* time of the last operation that changed the clock */
	int started;
} lclock;

static lclock *toclock(lua_State *L, int i)
{
	lclock *c = luaL_checkudata(L, i, CLOCK);

	if (!c->clock)
		luaL_error(L, "attempt to use a closed clock");
	return c;
}

/* The time argument i: ms >= 0, not before the last operation. */
static long checktime(lua_State *L, lclock *c, int i)
{
	long t = arbI_lbind_checklong(L, i, 0);

	luaL_argcheck(L, t >= 0, i, "time must not be negative");
	if (t < c->last_t) {
		char msg[96];

		snprintf(msg, sizeof msg, "time %ld ms is before the last clock operation (%ld ms)",
			 t, c->last_t);
		luaL_argerror(L, i, msg);
	}
	return t;
}

/* Records a successful change at t, or raises for a refused one. */
static int changed(lua_State *L, lclock *c, arb_status st, long t, const char *op)
{
	if (st != ARB_OK)
		return luaL_error(L, "clock:%s refused the operation (%s)", op,
				  arb_status_name(st));
	c->last_t = t;
	return 0;
}

static int clock_new(lua_State *L)
{
	static const char *const modes[] = {"moves", "flag", NULL};
	static const arb_transition transitions[] = {ARB_PERIOD_BY_MOVES, ARB_PERIOD_BY_FLAG};
	arb_time_control tc, *u = luaL_testudata(L, 1, TIME_CONTROL);
	int mode;
	lclock *c;

	if (u) {
		tc = *u;
	} else if (lua_type(L, 1) == LUA_TSTRING) {
		arb_error err;
		arb_status st = arb_tc_parse(arbI_lbind_checktext(L, 1, NULL), &tc, &err);

		if (st != ARB_OK)
			return arbI_lbind_pushfail(L, &err, st);
	} else {
		return luaL_argerror(
			L, 1,
			lua_pushfstring(L, "time control expected, got %s", luaL_typename(L, 1)));
	}
	mode = luaL_checkoption(L, 2, "moves", modes);
	if (tc.kind != ARB_TC_PERIODS && tc.kind != ARB_TC_SANDCLOCK)
		return arbI_lbind_failf(L, ARB_E_TIME_CONTROL, "time control '%s' is not timed",
					tc.kind == ARB_TC_NONE ? "-" : "?");
	c = lua_newuserdatauv(L, sizeof *c, 0);
	c->clock = NULL;
	c->last_t = 0;
	c->started = 0;
	luaL_setmetatable(L, CLOCK);
	c->clock = arb_clock_new(&tc, transitions[mode]);
	if (!c->clock)
		return luaL_error(L, "not enough memory");
	return 1;
}

static int clock_start(lua_State *L)
{
	lclock *c = toclock(L, 1);
	long t = checktime(L, c, 2);

	if (c->started)
		return luaL_error(L, "clock:start: the clock has already started");
	changed(L, c, arb_clock_start(c->clock, t), t, "start");
	c->started = 1;
	return 0;
}

static int clock_press(lua_State *L)
{
	lclock *c = toclock(L, 1);
	long t = checktime(L, c, 2);

	if (arb_clock_running(c->clock) < 0)
		return luaL_error(L, "clock:press: the clock is not running");
	return changed(L, c, arb_clock_press(c->clock, t), t, "press");
}

static int clock_stop(lua_State *L)
{
	lclock *c = toclock(L, 1);
	long t = checktime(L, c, 2);

	if (arb_clock_running(c->clock) < 0)
		return luaL_error(L, "clock:stop: the clock is not running");
	return changed(L, c, arb_clock_stop(c->clock, t), t, "stop");
}

static int clock_resume(lua_State *L)
{
	lclock *c = toclock(L, 1);
	long t = checktime(L, c, 2);

	if (!c->started || arb_clock_running(c->clock) >= 0)
		return luaL_error(L, "clock:resume: the clock is %s",
				  c->started ? "running" : "not started");
	return changed(L, c, arb_clock_resume(c->clock, t), t, "resume");
}

static int clock_add(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = arbI_lbind_checkside(L, 2);
	long ms = arbI_lbind_checklong(L, 3, 0);
	long t = checktime(L, c, 4);

	return changed(L, c, arb_clock_add(c->clock, side, ms, t), t, "add");
}

static int clock_set(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = arbI_lbind_checkside(L, 2);
	long ms = arbI_lbind_checklong(L, 3, 1);
	long t = checktime(L, c, 4);

	return changed(L, c, arb_clock_set(c->clock, side, ms, t), t, "set");
}

static int clock_halve(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = arbI_lbind_checkside(L, 2);
	long cap = arbI_lbind_checklong(L, 3, 1);
	long t = checktime(L, c, 4);
	long d = arb_clock_halve(c->clock, side, cap, t);

	changed(L, c, d < 0 ? ARB_E_ARGUMENT : ARB_OK, t, "halve");
	lua_pushinteger(L, d);
	return 1;
}

static int clock_set_turn(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = arbI_lbind_checkside(L, 2);
	long t = checktime(L, c, 3);

	return changed(L, c, arb_clock_set_turn(c->clock, side, t), t, "set_turn");
}

static int clock_set_moves(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = arbI_lbind_checkside(L, 2);
	long moves = arbI_lbind_checklong(L, 3, 1);
	long t = checktime(L, c, 4);

	luaL_argcheck(L, moves <= INT_MAX, 3, "too many moves");
	return changed(L, c, arb_clock_set_moves(c->clock, side, (int)moves, t), t, "set_moves");
}

static int clock_remaining(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = arbI_lbind_checkside(L, 2);

	lua_pushinteger(L, arb_clock_remaining(c->clock, side, checktime(L, c, 3)));
	return 1;
}

static int clock_delay_left(lua_State *L)
{
	lclock *c = toclock(L, 1);

	lua_pushinteger(L, arb_clock_delay_left(c->clock, checktime(L, c, 2)));
	return 1;
}

static int clock_flags(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color first = ARB_WHITE;
	long when = 0;
	int n = arb_clock_flags(c->clock, checktime(L, c, 2), &first, &when);

	lua_pushinteger(L, n);
	if (n <= 0)
		return 1;
	arbI_lbind_pushside(L, first);
	lua_pushinteger(L, when);
	return 3;
}

static int clock_flag_time(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = arbI_lbind_checkside(L, 2);
	long when = arb_clock_flag_time(c->clock, side, checktime(L, c, 3));

	if (when < 0)
		lua_pushnil(L);
	else
		lua_pushinteger(L, when);
	return 1;
}

static int clock_running(lua_State *L)
{
	arbI_lbind_pushside(L, arb_clock_running(toclock(L, 1)->clock));
	return 1;
}

static int clock_moves(lua_State *L)
{
	lclock *c = toclock(L, 1);

	lua_pushinteger(L, arb_clock_moves(c->clock, arbI_lbind_checkside(L, 2)));
	return 1;
}

static int clock_period(lua_State *L)
{
	lclock *c = toclock(L, 1);

	lua_pushinteger(L, arb_clock_period(c->clock, arbI_lbind_checkside(L, 2)) + 1);
	return 1;
}

static int clock_close(lua_State *L)
{
	lclock *c = luaL_checkudata(L, 1, CLOCK);

	arb_clock_free(c->clock);
	c->clock = NULL;
	return 0;
}

static int clock_tostring(lua_State *L)
{
	lclock *c = luaL_checkudata(L, 1, CLOCK);
	int running = c->clock ? arb_clock_running(c->clock) : -1;

	lua_pushfstring(L, CLOCK " (%s)",
			!c->clock    ? "closed" :
			running >= 0 ? arbI_lbind_side_names[running] :
			c->started   ? "stopped" :
				       "not started");
	return 1;
}

/* clang-format off */
static const luaL_Reg clock_meta[] = {
	{"__gc", clock_close},
	{"__close", clock_close},
	{"__tostring", clock_tostring},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg clock_methods[] = {
	{"start", clock_start},
	{"press", clock_press},
	{"stop", clock_stop},
	{"resume", clock_resume},
	{"add", clock_add},
	{"set", clock_set},
	{"halve", clock_halve},
	{"set_turn", clock_set_turn},
	{"set_moves", clock_set_moves},
	{"remaining", clock_remaining},
	{"delay_left", clock_delay_left},
	{"flags", clock_flags},
	{"flag_time", clock_flag_time},
	{"running", clock_running},
	{"moves", clock_moves},
	{"period", clock_period},
	{"close", clock_close},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg functions[] = {
	{"time_control", tc_new},
	{"clock", clock_new},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * The library
 * ---------------------------------------------------------------------- */

/* [-0, +0, m] arbiter.time_control and arbiter.clock, and the TimeControl and Clock
 * types. */
void arbI_lbind_open_time(lua_State *L)
{
	luaL_setfuncs(L, functions, 0);
	arbI_lbind_addtype(L, "TimeControl", TIME_CONTROL, tc_meta, tc_methods);
	arbI_lbind_addtype(L, "Clock", CLOCK, clock_meta, clock_methods);
}
