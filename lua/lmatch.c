/*
 * lmatch.c -- module "arbiter": matches and knockouts (types Match and
 * Knockout, arbiter.tournament.match and arbiter.tournament.knockout), on
 * engine/pairing/match.c through arbiter.h.
 *
 * A Match owns an arb_match, a Knockout an arb_knockout, each freed by __gc
 * or close. Both are allocated after their userdata is on the stack with
 * its metatable (lbind.h), so an error later leaves them to __gc. Player
 * ids are the integers the caller gives (a tournament's pairing numbers, or
 * seeds); match and bracket positions are 1-based in Lua, 0-based in C.
 * Results are White's TRF codes, as arb_match_record takes them: "1", "=",
 * "0", "+", "-".
 */
#include <string.h>

#include "lbind.h"

typedef struct lmatch {
	arb_match *m; /* owned; NULL while being built, or once closed */
} lmatch;

typedef struct lknockout {
	arb_knockout *k; /* owned; NULL while being built, or once closed */
} lknockout;

static arb_match *tomatch(lua_State *L, int i)
{
	lmatch *u = luaL_checkudata(L, i, MATCH);

	if (!u->m)
		luaL_error(L, "attempt to use a closed match");
	return u->m;
}

static arb_knockout *toknockout(lua_State *L, int i)
{
	lknockout *u = luaL_checkudata(L, i, KNOCKOUT);

	if (!u->k)
		luaL_error(L, "attempt to use a closed knockout");
	return u->k;
}

/* [-0, +0, v] A player id argument: an integer 1..INT_MAX. */
static int checkplayer(lua_State *L, int i)
{
	lua_Integer id = luaL_checkinteger(L, i);

	luaL_argcheck(L, id >= 1 && id <= 0x7fffffff, i, "a player id is 1 or more");
	return (int)id;
}

static void setint(lua_State *L, const char *key, lua_Integer n)
{
	lua_pushinteger(L, n);
	lua_setfield(L, -2, key);
}

/* [-0, +0, m] t[key] = n, or false when n is 0 (not known). */
static void setid(lua_State *L, const char *key, int n)
{
	if (n)
		lua_pushinteger(L, n);
	else
		lua_pushboolean(L, 0);
	lua_setfield(L, -2, key);
}

/* [-0, +1, m] A half-point count as points: 3 -> 1.5, 2 -> 1. */
static void pushhalves(lua_State *L, int halves)
{
	if (halves % 2 == 0)
		lua_pushinteger(L, halves / 2);
	else
		lua_pushnumber(L, halves / 2.0);
}

/* ------------------------------------------------------------------------
 * Match
 * ---------------------------------------------------------------------- */

/* [-0, +0, v] The stages written in the string at argument i appended to s
 * (raises for a non-string); a malformed text's status, with err set. */
static arb_status addstages(lua_State *L, int i, arb_match_schedule *s, arb_error *err)
{
	return arb_match_schedule_add(s, arbI_lbind_checktext(L, i, NULL), err);
}

/* arbiter.tournament.match(a, b, schedule [, playoffs]) -> Match | nil, msg,
 * code. a has White in game 1; schedule and playoffs in
 * arb_match_schedule_add's form ("2 games fide2023-standard 5400+30"). */
static int match_new(lua_State *L)
{
	int a = checkplayer(L, 1), b = checkplayer(L, 2);
	arb_match_schedule s;
	arb_error err;
	arb_status st;
	lmatch *u;

	luaL_argcheck(L, a != b, 2, "the players of a match are two");
	memset(&s, 0, sizeof s);
	memset(&err, 0, sizeof err);
	st = addstages(L, 3, &s, &err);
	if (st == ARB_OK && !lua_isnoneornil(L, 4))
		st = addstages(L, 4, &s, &err);
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	u = lua_newuserdatauv(L, sizeof *u, 0);
	u->m = NULL;
	luaL_setmetatable(L, MATCH);
	st = arb_match_new(&s, a, b, &u->m);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK)
		return arbI_lbind_failf(L, st, "match: the schedule or the players are wrong");
	return 1;
}

static const char *const status_names[] = {"playing", "won", "drawn"};

/* m:state() -> {status = "playing"|"won"|"drawn", winner, loser, games,
 * stage (1-based), score = {a, b} (points in that stage), and for the next
 * game: game, white, black (false while a stage's lot is not drawn),
 * profile, tc} */
static int m_state(lua_State *L)
{
	arb_match *m = tomatch(L, 1);
	const arb_match_schedule *s = arb_match_schedule_of(m);
	arb_match_state st;

	if (arb_match_get(m, &st) != ARB_OK)
		return luaL_error(L, "match: no state");
	lua_createtable(L, 0, 12);
	lua_pushstring(L, status_names[st.status]);
	lua_setfield(L, -2, "status");
	setid(L, "winner", st.winner);
	setid(L, "loser", st.loser);
	setint(L, "games", st.games);
	setint(L, "stage", st.stage + 1);
	lua_createtable(L, 2, 0);
	pushhalves(L, st.score[0]);
	lua_rawseti(L, -2, 1);
	pushhalves(L, st.score[1]);
	lua_rawseti(L, -2, 2);
	lua_setfield(L, -2, "score");
	if (st.status == ARB_MATCH_PLAYING) {
		setint(L, "game", st.game);
		setid(L, "white", st.white);
		setid(L, "black", st.black);
		lua_pushstring(L, s->stage[st.stage].profile);
		lua_setfield(L, -2, "profile");
		lua_pushstring(L, s->stage[st.stage].tc);
		lua_setfield(L, -2, "tc");
	}
	return 1;
}

/* m:stages() -> {{games, profile, tc, draw_odds, sudden_death, colours =
 * "alternate"|"lot"}, ...}: the match first, then its play-offs */
static int m_stages(lua_State *L)
{
	const arb_match_schedule *s = arb_match_schedule_of(tomatch(L, 1));
	int i;

	lua_createtable(L, s->nstages, 0);
	for (i = 0; i < s->nstages; i++) {
		const arb_match_stage *g = &s->stage[i];

		lua_createtable(L, 0, 6);
		setint(L, "games", g->games);
		lua_pushstring(L, g->profile);
		lua_setfield(L, -2, "profile");
		lua_pushstring(L, g->tc);
		lua_setfield(L, -2, "tc");
		lua_pushboolean(L, g->draw_odds);
		lua_setfield(L, -2, "draw_odds");
		lua_pushboolean(L, g->sudden_death);
		lua_setfield(L, -2, "sudden_death");
		lua_pushstring(L, g->colours == ARB_MATCH_BY_LOT ? "lot" : "alternate");
		lua_setfield(L, -2, "colours");
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* m:schedule() -> the schedule as text (reads back with match()) */
static int m_schedule(lua_State *L)
{
	const arb_match_schedule *s = arb_match_schedule_of(tomatch(L, 1));
	size_t n = arb_match_schedule_format(s, 0, NULL, 0);
	char *p = lua_newuserdatauv(L, n + 1, 0); /* scratch, collected */

	arb_match_schedule_format(s, 0, p, n + 1);
	lua_pushlstring(L, p, n);
	return 1;
}

/* m:set_white(id) -> true | nil, msg, code: the lot of a stage by lot */
static int m_set_white(lua_State *L)
{
	arb_match *m = tomatch(L, 1);
	arb_error err;
	arb_status st;

	memset(&err, 0, sizeof err);
	st = arb_match_set_white(m, checkplayer(L, 2), &err);
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	lua_pushboolean(L, 1);
	return 1;
}

/* m:record(white, code) -> m:state() | nil, msg, code: the next game, code
 * White's result ("1", "=", "0", "+", "-") */
static int m_record(lua_State *L)
{
	arb_match *m = tomatch(L, 1);
	int white = checkplayer(L, 2);
	size_t len;
	const char *code = luaL_checklstring(L, 3, &len);
	arb_error err;
	arb_status st;

	luaL_argcheck(L, len == 1 && strchr("1=0+-", code[0]), 3,
		      "a result is \"1\", \"=\", \"0\", \"+\" or \"-\" (White's)");
	memset(&err, 0, sizeof err);
	st = arb_match_record(m, white, code[0], &err);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	lua_settop(L, 1);
	return m_state(L);
}

/* m:games() -> {{stage, number, white, black, code, points = {w, b}}, ...} */
static int m_games(lua_State *L)
{
	arb_match *m = tomatch(L, 1);
	arb_match_state st;
	arb_match_game g;
	int i;

	if (arb_match_get(m, &st) != ARB_OK)
		return luaL_error(L, "match: no state");
	lua_createtable(L, st.games, 0);
	for (i = 0; i < st.games && arb_match_game_get(m, i, &g) == ARB_OK; i++) {
		char code[2] = {g.code, '\0'};

		lua_createtable(L, 0, 6);
		setint(L, "stage", g.stage + 1);
		setint(L, "number", g.number);
		setint(L, "white", g.white);
		setint(L, "black", g.black);
		lua_pushstring(L, code);
		lua_setfield(L, -2, "code");
		lua_createtable(L, 2, 0);
		pushhalves(L, g.points[0]);
		lua_rawseti(L, -2, 1);
		pushhalves(L, g.points[1]);
		lua_rawseti(L, -2, 2);
		lua_setfield(L, -2, "points");
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int m_close(lua_State *L)
{
	lmatch *u = luaL_checkudata(L, 1, MATCH);

	arb_match_free(u->m);
	u->m = NULL;
	return 0;
}

static int m_tostring(lua_State *L)
{
	lmatch *u = luaL_checkudata(L, 1, MATCH);
	arb_match_state st;

	if (!u->m || arb_match_get(u->m, &st) != ARB_OK)
		lua_pushliteral(L, MATCH " (closed)");
	else
		lua_pushfstring(L, MATCH " (%s, %d games)", status_names[st.status], st.games);
	return 1;
}

/* ------------------------------------------------------------------------
 * Knockout
 * ---------------------------------------------------------------------- */

/* arbiter.tournament.knockout({id, ...}) -> Knockout | nil, msg, code: ids in
 * seed order (the first is seed 1) */
static int knockout_new(lua_State *L)
{
	lua_Integer n, i;
	int *ids;
	lknockout *u;
	arb_status st;

	luaL_checktype(L, 1, LUA_TTABLE);
	n = (lua_Integer)lua_rawlen(L, 1);
	luaL_argcheck(L, n >= 2 && n <= ARB_KNOCKOUT_MAX_PLAYERS, 1,
		      "a knockout has 2 to ARB_KNOCKOUT_MAX_PLAYERS (4096) players");
	ids = lua_newuserdatauv(L, (size_t)n * sizeof *ids, 0); /* freed by the collector */
	for (i = 0; i < n; i++) {
		lua_rawgeti(L, 1, i + 1);
		if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 ||
		    lua_tointeger(L, -1) > 0x7fffffff)
			return luaL_argerror(L, 1, "the seeds are player ids (integers 1 or more)");
		ids[i] = (int)lua_tointeger(L, -1);
		lua_pop(L, 1);
	}
	u = lua_newuserdatauv(L, sizeof *u, 0);
	u->k = NULL;
	luaL_setmetatable(L, KNOCKOUT);
	st = arb_knockout_new(ids, (int)n, &u->k);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK)
		return arbI_lbind_failf(L, st, "knockout: a seed is given twice");
	return 1;
}

/* k:rounds() -> the number of rounds (the final is the last) */
static int k_rounds(lua_State *L)
{
	lua_pushinteger(L, arb_knockout_rounds(toknockout(L, 1)));
	return 1;
}

/* [-0, +0, v] A round argument of k: 1..rounds. */
static int checkkoround(lua_State *L, arb_knockout *k, int i)
{
	lua_Integer r = luaL_checkinteger(L, i);

	luaL_argcheck(L, r >= 1 && r <= arb_knockout_rounds(k), i, "no such round");
	return (int)r;
}

/* k:matches(round) -> {{a, b, seed_a, seed_b, winner, bye}, ...}: a player
 * not known yet is false, as is the winner until decided */
static int k_matches(lua_State *L)
{
	arb_knockout *k = toknockout(L, 1);
	int r = checkkoround(L, k, 2), n = arb_knockout_matches(k, r), i;
	arb_knockout_match m;

	lua_createtable(L, n, 0);
	for (i = 0; i < n && arb_knockout_match_get(k, r, i, &m) == ARB_OK; i++) {
		lua_createtable(L, 0, 6);
		setid(L, "a", m.a);
		setid(L, "b", m.b);
		setid(L, "seed_a", m.seed_a);
		setid(L, "seed_b", m.seed_b);
		setid(L, "winner", m.winner);
		lua_pushboolean(L, m.bye);
		lua_setfield(L, -2, "bye");
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* k:current_round() -> the first round with a match undecided (rounds + 1
 * when the knockout is over) */
static int k_current_round(lua_State *L)
{
	lua_pushinteger(L, arb_knockout_current_round(toknockout(L, 1)));
	return 1;
}

/* k:winner() -> the winner's id, or false while the final is undecided */
static int k_winner(lua_State *L)
{
	int w = arb_knockout_winner(toknockout(L, 1));

	if (w)
		lua_pushinteger(L, w);
	else
		lua_pushboolean(L, 0);
	return 1;
}

/* k:set_winner(round, match, id) -> true | nil, msg, code (match 1-based) */
static int k_set_winner(lua_State *L)
{
	arb_knockout *k = toknockout(L, 1);
	int r = checkkoround(L, k, 2);
	lua_Integer i = luaL_checkinteger(L, 3);
	arb_error err;
	arb_status st;

	luaL_argcheck(L, i >= 1 && i <= arb_knockout_matches(k, r), 3, "no such match");
	memset(&err, 0, sizeof err);
	st = arb_knockout_set_winner(k, r, (int)i - 1, checkplayer(L, 4), &err);
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	lua_pushboolean(L, 1);
	return 1;
}

static int k_close(lua_State *L)
{
	lknockout *u = luaL_checkudata(L, 1, KNOCKOUT);

	arb_knockout_free(u->k);
	u->k = NULL;
	return 0;
}

static int k_tostring(lua_State *L)
{
	lknockout *u = luaL_checkudata(L, 1, KNOCKOUT);

	if (!u->k)
		lua_pushliteral(L, KNOCKOUT " (closed)");
	else
		lua_pushfstring(L, KNOCKOUT " (%d rounds, round %d)", arb_knockout_rounds(u->k),
				arb_knockout_current_round(u->k));
	return 1;
}

/* clang-format off */
static const luaL_Reg match_meta[] = {
	{"__gc", m_close},
	{"__close", m_close},
	{"__tostring", m_tostring},
	{NULL, NULL},
};

static const luaL_Reg match_methods[] = {
	{"state", m_state},
	{"stages", m_stages},
	{"schedule", m_schedule},
	{"set_white", m_set_white},
	{"record", m_record},
	{"games", m_games},
	{"close", m_close},
	{NULL, NULL},
};

static const luaL_Reg knockout_meta[] = {
	{"__gc", k_close},
	{"__close", k_close},
	{"__tostring", k_tostring},
	{NULL, NULL},
};

static const luaL_Reg knockout_methods[] = {
	{"rounds", k_rounds},
	{"matches", k_matches},
	{"current_round", k_current_round},
	{"winner", k_winner},
	{"set_winner", k_set_winner},
	{"close", k_close},
	{NULL, NULL},
};
/* clang-format on */

/* [-0, +0, m] The Match and Knockout types, and match/knockout in
 * arbiter.tournament (which arbI_lbind_open_tournament made). */
void arbI_lbind_open_match(lua_State *L)
{
	arbI_lbind_addtype(L, "Match", MATCH, match_meta, match_methods);
	arbI_lbind_addtype(L, "Knockout", KNOCKOUT, knockout_meta, knockout_methods);
	lua_getfield(L, -1, "tournament");
	lua_pushcfunction(L, match_new);
	lua_setfield(L, -2, "match");
	lua_pushcfunction(L, knockout_new);
	lua_setfield(L, -2, "knockout");
	lua_pop(L, 1);
}
