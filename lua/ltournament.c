/*
 * ltournament.c -- module "arbiter": tournaments (arbiter.tournament, types
 * Tournament and Pairing): TRF files read and written, the event and its
 * players, rounds, pairing, standings under a regulation.
 *
 * A Tournament owns an arb_tournament, freed by __gc or close. A Pairing
 * owns an arb_pairing and keeps the Tournament it pairs in its user value
 * (compat.h), so pairing:apply() has it and the collector keeps it alive.
 * Standings are built in a holder userdata (STANDINGS, not exposed) so that
 * an error while the result table is made leaves the arb_standings to __gc.
 * Library calls that take callbacks (writing TRF, a pairing's text) write
 * into C memory only: the text is measured, then copied into a userdata,
 * so no Lua error unwinds through the library. Unknown and undefined values
 * are `false`, never nil, so that a table read can be given back
 * (t:set_info(t:info()) changes nothing; a standings row's undefined
 * tie-break is there as false).
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lbind.h"
#include "regulation.h"

#define TB_MAX 64 /* tie-breaks in one standings list */

typedef struct ltournament {
	arb_tournament *t; /* owned; NULL only while being built, or once closed */
} ltournament;

typedef struct lpairing {
	arb_pairing *p; /* owned; NULL while being built, or once closed */
} lpairing;

typedef struct lstandings {
	arb_standings *s; /* owned; NULL when none */
} lstandings;

/* ------------------------------------------------------------------------
 * Helpers
 * ---------------------------------------------------------------------- */

static arb_tournament *totournament(lua_State *L, int i)
{
	ltournament *u = luaL_checkudata(L, i, TOURNAMENT);

	if (!u->t)
		luaL_error(L, "attempt to use a closed tournament");
	return u->t;
}

static lpairing *topairing(lua_State *L, int i)
{
	lpairing *u = luaL_checkudata(L, i, PAIRING);

	if (!u->p)
		luaL_error(L, "attempt to use a closed pairing");
	return u;
}

/* [-0, +1, m] A Tournament userdata owning nothing yet. */
static ltournament *newtournament(lua_State *L)
{
	ltournament *u = lua_newuserdatauv(L, sizeof *u, 0);

	u->t = NULL;
	luaL_setmetatable(L, TOURNAMENT);
	return u;
}

/* [-0, +1, m] A number: an integer when whole (points "5", not "5.0"). */
static void pushdecimal(lua_State *L, double v)
{
	if (v > -9007199254740992.0 && v < 9007199254740992.0 && (double)(long long)v == v)
		lua_pushinteger(L, (lua_Integer)v);
	else
		lua_pushnumber(L, v);
}

/* [-0, +0, m] t[key] = s, and t[key] = n, for the table on the top. */
static void setstring(lua_State *L, const char *key, const char *s)
{
	lua_pushstring(L, s);
	lua_setfield(L, -2, key);
}

static void setint(lua_State *L, const char *key, lua_Integer n)
{
	lua_pushinteger(L, n);
	lua_setfield(L, -2, key);
}

/* [-0, +0, m] t[key] = the one-letter string c, or false for ' '. */
static void setletter(lua_State *L, const char *key, char c)
{
	if (c == ' ' || c == '\0')
		lua_pushboolean(L, 0);
	else
		lua_pushlstring(L, &c, 1);
	lua_setfield(L, -2, key);
}

/* The flags of an options table at argument i (absent or nil: none): each
 * key one of names[], its value a boolean. */
static unsigned optflags(lua_State *L, int i, const char *const *names, const unsigned *bits)
{
	unsigned flags = 0;

	if (lua_isnoneornil(L, i))
		return 0;
	luaL_checktype(L, i, LUA_TTABLE);
	lua_pushnil(L);
	while (lua_next(L, i)) {
		const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
		int k;

		for (k = 0; key && names[k] && strcmp(names[k], key) != 0; k++)
			;
		if (!key || !names[k])
			luaL_argerror(L, i,
				      lua_pushfstring(L, "unknown option '%s'",
						      key ? key : luaL_typename(L, -2)));
		if (lua_toboolean(L, -1))
			flags |= bits[k];
		lua_pop(L, 1);
	}
	return flags;
}

/* A table field's value (on the top) as text for dst[n]: a string without
 * control characters, cut at n - 1 bytes as the library cuts it; raises
 * for argument `arg` naming the field. */
static void fieldtext(lua_State *L, int arg, const char *field, char *dst, size_t n)
{
	size_t len, k;
	const char *s;

	if (lua_type(L, -1) != LUA_TSTRING)
		luaL_argerror(L, arg,
			      lua_pushfstring(L, "field '%s': a string expected, got %s", field,
					      luaL_typename(L, -1)));
	s = lua_tolstring(L, -1, &len);
	for (k = 0; k < len; k++)
		if ((unsigned char)s[k] < 32 || s[k] == 127)
			luaL_argerror(L, arg,
				      lua_pushfstring(L,
						      "field '%s': a control character at byte %d",
						      field, (int)k + 1));
	if (len > n - 1)
		len = n - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
}

/* A table field's value (on the top) as an integer lo..hi. */
static int fieldint(lua_State *L, int arg, const char *field, int lo, int hi)
{
	int ok;
	lua_Integer v = lua_tointegerx(L, -1, &ok);

	if (lua_type(L, -1) != LUA_TNUMBER || !ok || v < lo || v > hi)
		luaL_argerror(L, arg,
			      lua_pushfstring(L, "field '%s': an integer from %d to %d expected",
					      field, lo, hi));
	return (int)v;
}

/* A table field's value (on the top) as points: a number with at most one
 * decimal place, -99.9..999.9, in tenths. */
static int fieldpoints(lua_State *L, int arg, const char *field)
{
	double tenths = lua_type(L, -1) == LUA_TNUMBER ? (double)lua_tonumber(L, -1) * 10 : 1e9;
	int whole = tenths >= -999.5 && tenths <= 9999.5 ?
			    (int)(tenths < 0 ? tenths - 0.5 : tenths + 0.5) :
			    0;

	if (!(tenths >= -999.5 && tenths <= 9999.5) || tenths - whole > 1e-6 ||
	    whole - tenths > 1e-6)
		luaL_argerror(L, arg,
			      lua_pushfstring(L,
					      "field '%s': points from -99.9 to 999.9 with at "
					      "most one decimal place expected",
					      field));
	return whole;
}

/* A TRF code argument: a one-letter string of `allowed`, or ' ' for
 * nil/false. */
static char checkcode(lua_State *L, int i, const char *allowed)
{
	size_t len;
	const char *s;

	if (lua_isnoneornil(L, i) || (lua_type(L, i) == LUA_TBOOLEAN && !lua_toboolean(L, i)))
		return ' ';
	s = luaL_checklstring(L, i, &len);
	if (len != 1 || !strchr(allowed, s[0]))
		luaL_argerror(L, i, lua_pushfstring(L, "a TRF code (one of %s) expected", allowed));
	return s[0];
}

/* A pairing number argument: an id of a player of t. */
static int checkid(lua_State *L, const arb_tournament *t, int i)
{
	lua_Integer id = luaL_checkinteger(L, i);

	if (id < 1 || id > 9999 || arb_tournament_player_index(t, (int)id) < 0)
		luaL_argerror(
			L, i,
			lua_pushfstring(L, "no player with pairing number %s", lua_tostring(L, i)));
	return (int)id;
}

/* A round argument 1..hi (hi: the rounds played + 1, or ARB_TRF_ROUNDS_MAX). */
static int checkround(lua_State *L, int i, int hi)
{
	lua_Integer r = luaL_checkinteger(L, i);

	if (hi > ARB_TRF_ROUNDS_MAX) /* 999 rounds played: no next one */
		hi = ARB_TRF_ROUNDS_MAX;
	if (r < 1 || r > hi)
		luaL_argerror(L, i, lua_pushfstring(L, "round must be 1..%d", hi));
	return (int)r;
}

/* Text the library writes through an arb_write_fn: measured first (buf
 * NULL), then copied into buf. */
typedef struct sink {
	char *buf;
	size_t len;
} sink;

static int sink_write(void *ctx, const char *s, size_t n)
{
	sink *k = ctx;

	if (k->buf)
		memcpy(k->buf + k->len, s, n);
	k->len += n;
	return 0;
}

/* [-0, +1, m] The text writer(obj, flags, fn, ctx) writes, as a string:
 * measured, then written into a userdata and copied out, so nothing raises
 * while the library runs. Returns the status of the second pass. */
typedef arb_status (*writer_fn)(const void *obj, unsigned flags, arb_write_fn fn, void *ctx);

static arb_status pushwritten(lua_State *L, writer_fn writer, const void *obj, unsigned flags)
{
	sink k = {NULL, 0};
	size_t need;
	arb_status st = writer(obj, flags, sink_write, &k);

	if (st != ARB_OK)
		return st;
	need = k.len;
	k.buf = lua_newuserdatauv(L, need + 1, 0);
	k.len = 0;
	st = writer(obj, flags, sink_write, &k);
	if (st != ARB_OK)
		return st;
	if (k.len != need) /* the writer is deterministic; this cannot happen */
		return ARB_E_IO;
	lua_pushlstring(L, k.buf, k.len);
	lua_remove(L, -2);
	return ARB_OK;
}

static arb_status trf_writer(const void *obj, unsigned flags, arb_write_fn fn, void *ctx)
{
	return arb_trf_write(obj, flags, fn, ctx);
}

static arb_status pairs_writer(const void *obj, unsigned flags, arb_write_fn fn, void *ctx)
{
	(void)flags;
	return arb_pairing_write(obj, fn, ctx);
}

/* ------------------------------------------------------------------------
 * Reading and making tournaments
 * ---------------------------------------------------------------------- */

static unsigned read_flags(lua_State *L, int i)
{
	static const char *const names[] = {"f_as_pab", NULL};
	static const unsigned bits[] = {ARB_TRF_F_AS_PAB};

	return optflags(L, i, names, bits);
}

/* [-0, +1|4, m] The result of a read into the Tournament u on the top: it,
 * or (a line with an error) nil, message, "ARB_E_TRF", it. */
static int readresult(lua_State *L, arb_status st, const arb_error *err)
{
	if (st == ARB_OK)
		return 1;
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	arbI_lbind_pushfail(L, err, st);
	lua_pushvalue(L, -4);
	return 4;
}

/* arbiter.tournament.read(text [, name [, options]]) -> Tournament |
 * nil, msg, code, Tournament */
static int tournament_read(lua_State *L)
{
	size_t len;
	const char *text = luaL_checklstring(L, 1, &len);
	const char *name = lua_isnoneornil(L, 2) ? NULL : arbI_lbind_checktext(L, 2, NULL);
	unsigned flags = read_flags(L, 3);
	ltournament *u;
	arb_error err;
	arb_status st;

	lua_settop(L, 3);
	u = newtournament(L);
	memset(&err, 0, sizeof err);
	st = arb_trf_read(text, len, name ? name : "(trf)", flags, &u->t, &err);
	return readresult(L, st, &err);
}

/* Reads all of f into a new malloc'd buffer (*len bytes); NULL on failure
 * (errno set). */
static char *slurp(FILE *f, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);

	while (buf) {
		size_t k = fread(buf + n, 1, cap - n, f);

		n += k;
		if (k == 0 || n < cap) {
			if (ferror(f)) {
				free(buf);
				return NULL;
			}
			if (feof(f))
				break;
		}
		if (n == cap) {
			char *grown = cap < ((size_t)-1) / 2 ? realloc(buf, 2 * cap) : NULL;

			if (!grown) {
				free(buf);
				errno = ENOMEM;
				return NULL;
			}
			buf = grown;
			cap *= 2;
		}
	}
	*len = n;
	return buf;
}

/* arbiter.tournament.open(path [, options]) -> Tournament | nil, msg, code
 * [, Tournament] */
static int tournament_open(lua_State *L)
{
	const char *path = arbI_lbind_checktext(L, 1, NULL);
	unsigned flags = read_flags(L, 2);
	ltournament *u;
	arb_error err;
	arb_status st;
	size_t len = 0;
	char *text;
	FILE *f;

	lua_settop(L, 2);
	u = newtournament(L);
	/* From here to free(text) nothing calls Lua. */
	f = fopen(path, "rb");
	if (!f)
		return arbI_lbind_failf(L, ARB_E_IO, "cannot open %s: %s", path, strerror(errno));
	text = slurp(f, &len);
	if (!text) {
		int e = errno;

		fclose(f);
		if (e == ENOMEM)
			return luaL_error(L, "not enough memory");
		return arbI_lbind_failf(L, ARB_E_IO, "cannot read %s: %s", path, strerror(e));
	}
	fclose(f);
	memset(&err, 0, sizeof err);
	st = arb_trf_read(text, len, path, flags, &u->t, &err);
	free(text);
	return readresult(L, st, &err);
}

/* arbiter.tournament.new() -> Tournament */
static int tournament_new(lua_State *L)
{
	ltournament *u = newtournament(L);

	u->t = arb_tournament_new();
	if (!u->t)
		return luaL_error(L, "not enough memory");
	return 1;
}

static int t_problems(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int n = arb_tournament_problems(t), i;

	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		arb_error e;
		arb_status code = arb_tournament_problem(t, i, &e);

		lua_createtable(L, 0, 4);
		setint(L, "line", e.line);
		setint(L, "column", e.column);
		setstring(L, "message", e.message);
		lua_pushboolean(L, code != ARB_OK);
		lua_setfield(L, -2, "error");
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* ------------------------------------------------------------------------
 * The event
 *
 * One table describes the fields of arb_tournament_info as info() gives
 * them and set_info() takes them.
 * ---------------------------------------------------------------------- */

typedef enum ifield_kind {
	IF_TEXT,   /* a string field of the struct */
	IF_ROUNDS, /* an integer 0..999 */
	IF_COLOR,  /* "white", "black" or false */
	IF_POINTS, /* the point system's table */
	IF_RO_INT, /* read-only: an integer (a date) */
	IF_DIALECT,
	IF_TEAM
} ifield_kind;

typedef struct ifield {
	const char *name;
	ifield_kind kind;
	size_t offset, size;
} ifield;

#define TEXT_FIELD(f)                                                                              \
	{                                                                                          \
#f, IF_TEXT, offsetof(arb_tournament_info, f), sizeof((arb_tournament_info *)0)->f \
	}

static const ifield info_fields[] = {
	TEXT_FIELD(name),
	TEXT_FIELD(city),
	TEXT_FIELD(federation),
	TEXT_FIELD(start),
	TEXT_FIELD(end),
	{"start_date", IF_RO_INT, offsetof(arb_tournament_info, start_date), 0},
	{"end_date", IF_RO_INT, offsetof(arb_tournament_info, end_date), 0},
	TEXT_FIELD(type),
	TEXT_FIELD(chief_arbiter),
	TEXT_FIELD(time_control),
	TEXT_FIELD(system),
	TEXT_FIELD(tiebreaks),
	TEXT_FIELD(tc_code),
	{"rounds", IF_ROUNDS, offsetof(arb_tournament_info, rounds), 0},
	{"first_color", IF_COLOR, offsetof(arb_tournament_info, first_color), 0},
	{"points", IF_POINTS, offsetof(arb_tournament_info, points), 0},
	{"dialect", IF_DIALECT, offsetof(arb_tournament_info, dialect), 0},
	{"team", IF_TEAM, offsetof(arb_tournament_info, team), 0},
};

#define NFIELDS (sizeof info_fields / sizeof info_fields[0])

static const struct {
	const char *name;
	size_t offset;
} point_fields[] = {
	{"win", offsetof(arb_tournament_points, win)},
	{"draw", offsetof(arb_tournament_points, draw)},
	{"loss", offsetof(arb_tournament_points, loss)},
	{"forfeit_win", offsetof(arb_tournament_points, forfeit_win)},
	{"forfeit_loss", offsetof(arb_tournament_points, forfeit_loss)},
	{"pab", offsetof(arb_tournament_points, pab)},
	{"full_bye", offsetof(arb_tournament_points, full_bye)},
	{"half_bye", offsetof(arb_tournament_points, half_bye)},
	{"zero_bye", offsetof(arb_tournament_points, zero_bye)},
	{"unknown", offsetof(arb_tournament_points, unknown)},
};

#define NPOINTS (sizeof point_fields / sizeof point_fields[0])

static int *intat(arb_tournament_info *in, size_t offset)
{
	return (int *)(void *)((char *)in + offset);
}

/* [-0, +1, m] Field f of in, as info() gives it. */
static void pushfield(lua_State *L, arb_tournament_info *in, const ifield *f)
{
	size_t k;

	switch (f->kind) {
	case IF_TEXT:
		lua_pushstring(L, (char *)in + f->offset);
		break;
	case IF_ROUNDS:
	case IF_RO_INT:
		lua_pushinteger(L, *intat(in, f->offset));
		break;
	case IF_COLOR:
		if (in->first_color == 'w' || in->first_color == 'b')
			lua_pushstring(L, in->first_color == 'w' ? "white" : "black");
		else
			lua_pushboolean(L, 0);
		break;
	case IF_POINTS:
		lua_createtable(L, 0, (int)NPOINTS);
		for (k = 0; k < NPOINTS; k++) {
			pushdecimal(L,
				    *(int *)(void *)((char *)&in->points + point_fields[k].offset) /
					    10.0);
			lua_setfield(L, -2, point_fields[k].name);
		}
		break;
	case IF_DIALECT:
		lua_pushstring(L, in->dialect == ARB_TRF_16 ? "trf16" : "trf2026");
		break;
	case IF_TEAM:
		lua_pushboolean(L, in->team);
		break;
	}
}

static int t_info(lua_State *L)
{
	arb_tournament_info in;
	size_t i;

	arb_tournament_get_info(totournament(L, 1), &in);
	lua_createtable(L, 0, (int)NFIELDS);
	for (i = 0; i < NFIELDS; i++) {
		pushfield(L, &in, &info_fields[i]);
		lua_setfield(L, -2, info_fields[i].name);
	}
	return 1;
}

/* The point system's table (on the top) into in->points: the keys given. */
static void setpoints(lua_State *L, arb_tournament_info *in)
{
	int tbl = lua_gettop(L);

	if (!lua_istable(L, tbl))
		luaL_argerror(L, 2, "field 'points': a table expected");
	lua_pushnil(L);
	while (lua_next(L, tbl)) {
		const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
		size_t k;

		for (k = 0; key && k < NPOINTS && strcmp(point_fields[k].name, key) != 0; k++)
			;
		if (!key || k == NPOINTS)
			luaL_argerror(L, 2,
				      lua_pushfstring(L, "field 'points': unknown field '%s'",
						      key ? key : luaL_typename(L, -2)));
		*(int *)(void *)((char *)&in->points + point_fields[k].offset) =
			fieldpoints(L, 2, point_fields[k].name);
		lua_pop(L, 1);
	}
}

/* t:set_info(tbl): the fields tbl has; read-only ones only unchanged. */
static int t_set_info(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	arb_tournament_info in;

	luaL_checktype(L, 2, LUA_TTABLE);
	lua_settop(L, 2);
	arb_tournament_get_info(t, &in);
	lua_pushnil(L);
	while (lua_next(L, 2)) {
		const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
		const ifield *f = NULL;
		size_t k;

		for (k = 0; key && k < NFIELDS && !f; k++)
			if (strcmp(info_fields[k].name, key) == 0)
				f = &info_fields[k];
		if (!f)
			luaL_argerror(L, 2,
				      lua_pushfstring(L, "unknown field '%s'",
						      key ? key : luaL_typename(L, -2)));
		switch (f->kind) {
		case IF_TEXT:
			fieldtext(L, 2, f->name, (char *)&in + f->offset, f->size);
			break;
		case IF_ROUNDS:
			in.rounds = fieldint(L, 2, f->name, 0, 999);
			break;
		case IF_COLOR:
			if (lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1))
				in.first_color = ' ';
			else if (lua_type(L, -1) == LUA_TSTRING &&
				 (!strcmp(lua_tostring(L, -1), "white") ||
				  !strcmp(lua_tostring(L, -1), "black")))
				in.first_color = lua_tostring(L, -1)[0] == 'w' ? 'w' : 'b';
			else
				luaL_argerror(L, 2,
					      "field 'first_color': \"white\", \"black\" or false "
					      "expected");
			break;
		case IF_POINTS:
			setpoints(L, &in);
			break;
		default: /* read-only: accepted unchanged */
			pushfield(L, &in, f);
			if (!lua_rawequal(L, -1, -2))
				luaL_argerror(
					L, 2,
					lua_pushfstring(L, "field '%s' is read-only", f->name));
			lua_pop(L, 1);
			break;
		}
		lua_pop(L, 1);
	}
	if (arb_tournament_set_info(t, &in) != ARB_OK)
		return luaL_argerror(L, 2, "the event was refused");
	return 0;
}

/* ------------------------------------------------------------------------
 * Players
 * ---------------------------------------------------------------------- */

/* [-0, +1, m] A player as a table. */
static void pushplayer(lua_State *L, const arb_tournament_player *p)
{
	lua_createtable(L, 0, 10);
	setint(L, "id", p->id);
	setletter(L, "sex", p->sex);
	setstring(L, "title", p->title);
	setstring(L, "name", p->name);
	setint(L, "rating", p->rating);
	setstring(L, "federation", p->federation);
	setstring(L, "fide_id", p->fide_id);
	setstring(L, "birth", p->birth);
	pushdecimal(L, p->points / 10.0);
	lua_setfield(L, -2, "points");
	setint(L, "rank", p->rank);
}

static int t_players(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int n = arb_tournament_player_count(t), i;

	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		arb_tournament_player p;

		arb_tournament_get_player(t, i, &p);
		pushplayer(L, &p);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int t_player(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	lua_Integer id = luaL_checkinteger(L, 2);
	int i = id >= 1 && id <= 9999 ? arb_tournament_player_index(t, (int)id) : -1;
	arb_tournament_player p;

	if (i < 0 || arb_tournament_get_player(t, i, &p) != ARB_OK)
		lua_pushnil(L);
	else
		pushplayer(L, &p);
	return 1;
}

/* The fields of the player table at argument arg into *p. add_player
 * (cur NULL) takes `id`; set_player (cur: the player as he is) takes `id`
 * and `points` only unchanged, so that a table player() gave can be given
 * back. Points come from the results. */
static void getplayer(lua_State *L, int arg, arb_tournament_player *p,
		      const arb_tournament_player *cur)
{
	static const char *const names[] = {"id",     "sex",     "title",      "name",
					    "rating", "fide_id", "federation", "birth",
					    "rank",   "points",  NULL};
	luaL_checktype(L, arg, LUA_TTABLE);
	lua_pushnil(L);
	while (lua_next(L, arg)) {
		const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
		int k;

		for (k = 0; key && names[k] && strcmp(names[k], key) != 0; k++)
			;
		if (!key || !names[k])
			luaL_argerror(L, arg,
				      lua_pushfstring(L, "unknown field '%s'",
						      key ? key : luaL_typename(L, -2)));
		switch (k) {
		case 0:
			if (!cur)
				p->id = fieldint(L, arg, "id", 1, 9999);
			else if (fieldint(L, arg, "id", 1, 9999) != cur->id)
				luaL_argerror(L, arg, "field 'id' is read-only");
			break;
		case 1:
			if (lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1))
				p->sex = ' ';
			else if (lua_type(L, -1) == LUA_TSTRING &&
				 (!strcmp(lua_tostring(L, -1), "m") ||
				  !strcmp(lua_tostring(L, -1), "w")))
				p->sex = lua_tostring(L, -1)[0];
			else
				luaL_argerror(L, arg,
					      "field 'sex': \"m\", \"w\" or false expected");
			break;
		case 2:
			fieldtext(L, arg, "title", p->title, sizeof p->title);
			break;
		case 3:
			fieldtext(L, arg, "name", p->name, sizeof p->name);
			break;
		case 4:
			p->rating = fieldint(L, arg, "rating", 0, 9999);
			break;
		case 5: {
			size_t i;

			fieldtext(L, arg, "fide_id", p->fide_id, sizeof p->fide_id);
			for (i = 0; p->fide_id[i]; i++)
				if (p->fide_id[i] < '0' || p->fide_id[i] > '9')
					luaL_argerror(
						L, arg,
						"field 'fide_id': digits (a string) expected");
			break;
		}
		case 6:
			fieldtext(L, arg, "federation", p->federation, sizeof p->federation);
			break;
		case 7:
			fieldtext(L, arg, "birth", p->birth, sizeof p->birth);
			break;
		case 8:
			p->rank = fieldint(L, arg, "rank", 0, 9999);
			break;
		default: /* points */
			if (!cur || fieldpoints(L, arg, "points") != cur->points)
				luaL_argerror(L, arg,
					      "field 'points' is read-only (points come from the "
					      "results)");
			break;
		}
		lua_pop(L, 1);
	}
}

/* t:add_player(tbl) -> id | nil, msg, code */
static int t_add_player(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	arb_tournament_player p;
	int id = 0, n;
	arb_status st;

	memset(&p, 0, sizeof p);
	p.sex = ' ';
	getplayer(L, 2, &p, NULL);
	n = arb_tournament_player_count(t);
	if (p.id && arb_tournament_player_index(t, p.id) >= 0)
		return arbI_lbind_failf(L, ARB_E_ARGUMENT, "pairing number %d is in use", p.id);
	if (!p.id && n > 0) {
		arb_tournament_player last;

		arb_tournament_get_player(t, n - 1, &last);
		if (last.id >= 9999)
			return arbI_lbind_failf(L, ARB_E_ARGUMENT,
						"no pairing number after %d is free", last.id);
	}
	st = arb_tournament_add_player(t, &p, &id);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK)
		return luaL_argerror(L, 2, "the player was refused");
	lua_pushinteger(L, id);
	return 1;
}

/* t:set_player(id, tbl): the fields tbl has (not id, not points). */
static int t_set_player(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int i = arb_tournament_player_index(t, checkid(L, t, 2));
	arb_tournament_player p, cur;

	arb_tournament_get_player(t, i, &cur);
	p = cur;
	getplayer(L, 3, &p, &cur);
	if (arb_tournament_set_player(t, i, &p) != ARB_OK)
		return luaL_argerror(L, 3, "the player's data was refused");
	return 0;
}

/* ------------------------------------------------------------------------
 * Rounds
 * ---------------------------------------------------------------------- */

static int t_rounds_played(lua_State *L)
{
	lua_pushinteger(L, arb_tournament_rounds_played(totournament(L, 1)));
	return 1;
}

/* t:cell(id, round) -> {opponent =, color =, result =} */
static int t_cell(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int i = arb_tournament_player_index(t, checkid(L, t, 2));
	int r = checkround(L, 3, ARB_TRF_ROUNDS_MAX);
	arb_tournament_cell c;

	arb_tournament_get_cell(t, i, r, &c);
	lua_createtable(L, 0, 3);
	if (c.opponent > 0)
		lua_pushinteger(L, c.opponent);
	else
		lua_pushboolean(L, 0);
	lua_setfield(L, -2, "opponent");
	if (c.color == 'w' || c.color == 'b')
		lua_pushstring(L, c.color == 'w' ? "white" : "black");
	else
		lua_pushboolean(L, 0);
	lua_setfield(L, -2, "color");
	setletter(L, "result", c.result);
	return 1;
}

/* The pairs of results a game may have (arb_tournament_set_game). */
static int result_pair(char w, char b)
{
	static const char *const pairs[] = {"  ", "10", "01", "==", "+-", "-+",
					    "--", "WL", "LW", "DD", NULL};
	int k;

	for (k = 0; pairs[k]; k++)
		if (pairs[k][0] == w && pairs[k][1] == b)
			return 1;
	return 0;
}

/* t:set_game(round, white, black [, wres, bres]) */
static int t_set_game(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int r = checkround(L, 2, arb_tournament_rounds_played(t) + 1);
	int white = checkid(L, t, 3), black = checkid(L, t, 4);
	char wres = checkcode(L, 5, "10=+-WDL"), bres = checkcode(L, 6, "10=+-WDL");
	arb_status st;

	luaL_argcheck(L, white != black, 4, "a player cannot play himself");
	if (!result_pair(wres, bres))
		return luaL_argerror(
			L, 6,
			lua_pushfstring(L,
					"results '%c' and '%c' are not a game's pair (1 0, 0 1, "
					"= =, + -, - +, - -, W L, L W, D D, or none)",
					wres, bres));
	st = arb_tournament_set_game(t, r, white, black, wres, bres);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK)
		return luaL_error(L, "set_game: refused (%s)", arb_status_name(st));
	return 0;
}

/* t:set_bye(round, id [, code]) */
static int t_set_bye(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int played = arb_tournament_rounds_played(t);
	char code = checkcode(L, 4, "UHFZ");
	int r = checkround(L, 2, code == 'U' ? played + 1 : ARB_TRF_ROUNDS_MAX);
	int id = checkid(L, t, 3);
	arb_status st;

	if (code == ' ' && r <= played)
		return luaL_argerror(
			L, 4,
			lua_pushfstring(L,
					"round %d is paired: give its cell a bye or a game, "
					"not nothing",
					r));
	st = arb_tournament_set_bye(t, r, id, code);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK)
		return luaL_error(L, "set_bye: refused (%s)", arb_status_name(st));
	return 0;
}

/* t:withdraw(id, from [, to]) -- to nil or 0: permanent; true, or nil and
 * a message when refused (a game or a paired bye in one of the rounds) */
static int t_withdraw(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int id = checkid(L, t, 2);
	int from = checkround(L, 3, ARB_TRF_ROUNDS_MAX);
	lua_Integer to = luaL_optinteger(L, 4, 0);
	arb_status st;

	luaL_argcheck(L, to == 0 || (to >= from && to <= ARB_TRF_ROUNDS_MAX), 4,
		      "the last round must be 0 (permanent) or from..999");
	st = arb_tournament_withdraw(t, id, from, (int)to);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK) {
		lua_pushnil(L);
		lua_pushfstring(L,
				"player %d cannot be withdrawn from those rounds (a game, a bye "
				"of a round paired, or a round past the last)",
				id);
		return 2;
	}
	lua_pushboolean(L, 1);
	return 1;
}

/* t:withdrawn(id [, round]) -> false | "temporary" | "permanent" */
static int t_withdrawn(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	lua_Integer id = luaL_checkinteger(L, 2);
	lua_Integer r = luaL_optinteger(L, 3, 0);
	int w;

	luaL_argcheck(L, r >= 0 && r <= ARB_TRF_ROUNDS_MAX, 3, "round must be 0..999");
	w = id >= 1 && id <= 9999 ? arb_tournament_withdrawn(t, (int)id, (int)r) : 0;
	if (w)
		lua_pushstring(L, w == 2 ? "permanent" : "temporary");
	else
		lua_pushboolean(L, 0);
	return 1;
}

/* t:withdrawals(id) -> {{from =, to =}, ...} (to false: permanent) */
static int t_withdrawals(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int id = checkid(L, t, 2), k, from, to;

	lua_newtable(L);
	for (k = 0; arb_tournament_withdrawal(t, id, k, &from, &to); k++) {
		lua_createtable(L, 0, 2);
		setint(L, "from", from);
		if (to)
			setint(L, "to", to);
		else {
			lua_pushboolean(L, 0);
			lua_setfield(L, -2, "to");
		}
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

/* t:prohibited() -> {{first =, last =, ids = {...}}, ...} (record 260) */
static int t_prohibited(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int n = arb_tournament_prohibited_count(t), k, j;
	int cap = arb_tournament_player_count(t) + 1;
	int *ids = lua_newuserdatauv(L, sizeof *ids * (size_t)cap, 0);

	lua_createtable(L, n, 0);
	for (k = 0; k < n; k++) {
		int first, last, nids;

		arb_tournament_prohibited_get(t, k, &first, &last, ids, cap, &nids);
		lua_createtable(L, 0, 3);
		setint(L, "first", first);
		setint(L, "last", last);
		lua_createtable(L, nids, 0);
		for (j = 0; j < nids && j < cap; j++) {
			lua_pushinteger(L, ids[j]);
			lua_rawseti(L, -2, j + 1);
		}
		lua_setfield(L, -2, "ids");
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

/* t:prohibit({id, id, ...} [, first [, last]]) -- default every round */
static int t_prohibit(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	arb_tournament_info in;
	lua_Integer n, k, first, last;
	int *ids;
	arb_status st;

	luaL_checktype(L, 2, LUA_TTABLE);
	arb_tournament_get_info(t, &in);
	n = (lua_Integer)lua_rawlen(L, 2);
	luaL_argcheck(L, n >= 2 && n <= 9999, 2, "two pairing numbers or more expected");
	first = luaL_optinteger(L, 3, 1);
	last = luaL_optinteger(L, 4, in.rounds ? in.rounds : ARB_TRF_ROUNDS_MAX);
	luaL_argcheck(L, first >= 1 && first <= ARB_TRF_ROUNDS_MAX, 3, "round must be 1..999");
	luaL_argcheck(L, last >= first && last <= ARB_TRF_ROUNDS_MAX, 4,
		      "the last round must be first..999");
	ids = lua_newuserdatauv(L, sizeof *ids * (size_t)n, 0);
	for (k = 1; k <= n; k++) {
		int isnum;
		lua_Integer id;

		lua_rawgeti(L, 2, k);
		id = lua_tointegerx(L, -1, &isnum);
		lua_pop(L, 1);
		if (!isnum || id < 1 || id > 9999 || arb_tournament_player_index(t, (int)id) < 0)
			return luaL_argerror(
				L, 2,
				lua_pushfstring(L, "entry %d is not a player's pairing number",
						(int)k));
		ids[k - 1] = (int)id;
	}
	st = arb_tournament_prohibited_add(t, (int)first, (int)last, ids, (int)n);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK) {
		lua_pushnil(L);
		lua_pushliteral(L, "refused (a pairing number twice, or a team event)");
		return 2;
	}
	lua_pushboolean(L, 1);
	return 1;
}

/* ------------------------------------------------------------------------
 * Notes and Chess960 events
 * ---------------------------------------------------------------------- */

/* t:note(key) -> string | nil */
static int t_note(lua_State *L)
{
	const char *v = arb_tournament_note(totournament(L, 1), luaL_checkstring(L, 2));

	if (v)
		lua_pushstring(L, v);
	else
		lua_pushnil(L);
	return 1;
}

/* t:set_note(key, value): raises for a bad key or value */
static int t_set_note(lua_State *L)
{
	arb_status st = arb_tournament_set_note(totournament(L, 1), luaL_checkstring(L, 2),
						luaL_checkstring(L, 3));

	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK)
		return luaL_error(L, "set_note: a key of a-z 0-9 - . (1..64 bytes) and a value of "
				     "at most 200 bytes without control characters expected");
	return 0;
}

static const char *const per_names[] = {"round", "board", "pair", NULL};

/* t:chess960() -> {seed =, per =, double =} | nil | nil, msg, code: seed an
 * integer (a decimal string over 2^63 - 1) */
static int t_chess960(lua_State *L)
{
	arb_tournament_960 c;
	arb_error err;
	arb_status st = arb_tournament_get_960(totournament(L, 1), &c, &err);

	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	if (!c.on) {
		lua_pushnil(L);
		return 1;
	}
	lua_createtable(L, 0, 3);
	if (c.seed <= (uint64_t)ARB_LUA_MAXINTEGER) {
		lua_pushinteger(L, (lua_Integer)c.seed);
	} else {
		char seed[24];
		snprintf(seed, sizeof seed, "%llu", (unsigned long long)c.seed);
		lua_pushstring(L, seed);
	}
	lua_setfield(L, -2, "seed");
	lua_pushstring(L, per_names[c.per]);
	lua_setfield(L, -2, "per");
	lua_pushboolean(L, c.dbl);
	lua_setfield(L, -2, "double");
	return 1;
}
/* t:set_chess960{seed = S, per = "round"|"board"|"pair", double = bool}:
 * seed a non-negative integer or a decimal string up to 2^64 - 1 */
static int t_set_chess960(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	arb_tournament_960 c = {1, 0, ARB_960_PER_ROUND, 0};
	const char *s;

	luaL_checktype(L, 2, LUA_TTABLE);
	lua_getfield(L, 2, "seed");
	if (lua_isinteger(L, -1)) {
		luaL_argcheck(L, lua_tointeger(L, -1) >= 0, 2, "seed must not be negative");
		c.seed = (uint64_t)lua_tointeger(L, -1);
	} else {
		luaL_argcheck(L, lua_type(L, -1) == LUA_TSTRING, 2,
			      "seed expected (an integer or a decimal string)");
		for (s = lua_tostring(L, -1); *s; s++) {
			unsigned digit = (unsigned)(*s - '0');
			luaL_argcheck(
				L, *s >= '0' && *s <= '9' && c.seed <= (UINT64_MAX - digit) / 10, 2,
				"seed must be a decimal number from 0 to 18446744073709551615");
			c.seed = c.seed * 10 + digit;
		}
		luaL_argcheck(L, s != lua_tostring(L, -1), 2, "seed is empty");
	}
	lua_getfield(L, 2, "per");
	if (!lua_isnil(L, -1))
		c.per = luaL_checkoption(L, -1, NULL, per_names);
	lua_getfield(L, 2, "double");
	c.dbl = lua_toboolean(L, -1);
	lua_pop(L, 3);
	arb_status st = arb_tournament_set_960(t, &c);
	if (st != ARB_OK)
		return luaL_error(
			L, "%s", st == ARB_E_NOMEM ? "not enough memory" : "set_chess960: refused");
	return 0;
}

/* t:game_chess960(round, board, white, black) -> wnumber, bnumber | nil, msg, code */
static int t_game_chess960(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int r = checkround(L, 2, ARB_TRF_ROUNDS_MAX);
	lua_Integer board = luaL_checkinteger(L, 3);
	int white = checkid(L, t, 4), black = checkid(L, t, 5), w, b;
	arb_error err;
	arb_status st;

	luaL_argcheck(L, board >= 0 && board <= INT_MAX, 3, "board out of range");
	st = arb_tournament_game_960(t, r, (int)board, white, black, &w, &b, &err);
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	lua_pushinteger(L, w);
	lua_pushinteger(L, b);
	return 2;
}

/* t:board_of(round, white, black) -> board | nil */
static int t_board_of(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int r = checkround(L, 2, ARB_TRF_ROUNDS_MAX);
	int b = arb_tournament_board_of(t, r, (int)luaL_checkinteger(L, 3),
					(int)luaL_checkinteger(L, 4));

	if (b > 0)
		lua_pushinteger(L, b);
	else
		lua_pushnil(L);
	return 1;
}

/* t:round_date(round) -> YYYYMMDD | nil */
static int t_round_date(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	int d = arb_tournament_round_date(t, checkround(L, 2, ARB_TRF_ROUNDS_MAX));

	if (d)
		lua_pushinteger(L, d);
	else
		lua_pushnil(L);
	return 1;
}

/* The PGN of a round: writer_fn's form, the round in flags. */
static arb_status pgn_writer(const void *obj, unsigned flags, arb_write_fn fn, void *ctx)
{
	return arb_tournament_write_pgn(obj, (int)flags, fn, ctx, NULL);
}

/* t:pgn([round]) -> string | nil, msg, code: round's games (nil or 0: every
 * round) as PGN */
static int t_pgn(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	lua_Integer r = luaL_optinteger(L, 2, 0);
	arb_error err;
	arb_status st;

	luaL_argcheck(L, r >= 0 && r <= ARB_TRF_ROUNDS_MAX, 2, "round must be 0..999");
	st = arb_tournament_write_pgn(t, (int)r, sink_write, &(sink){NULL, 0}, &err);
	if (st != ARB_OK && st != ARB_E_NOMEM)
		return arbI_lbind_pushfail(L, &err, st);
	st = st == ARB_OK ? pushwritten(L, pgn_writer, t, (unsigned)r) : st;
	if (st != ARB_OK)
		return luaL_error(L, "%s",
				  st == ARB_E_NOMEM ? "not enough memory" : arb_status_name(st));
	return 1;
}

/* ------------------------------------------------------------------------
 * Writing
 * ---------------------------------------------------------------------- */

static unsigned write_flags(lua_State *L, int i)
{
	static const char *const names[] = {"trf16", "trf26", "keep_eol", NULL};
	static const unsigned bits[] = {ARB_TRF_WRITE_16, ARB_TRF_WRITE_2026, ARB_TRF_EOL_AS_READ};
	unsigned flags = optflags(L, i, names, bits);

	if ((flags & ARB_TRF_WRITE_16) && (flags & ARB_TRF_WRITE_2026))
		luaL_argerror(L, i, "trf16 and trf26 together");
	return flags;
}

/* t:write([options]) -> string */
static int t_write(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	arb_status st = pushwritten(L, trf_writer, t, write_flags(L, 2));

	if (st != ARB_OK)
		return luaL_error(L, "%s",
				  st == ARB_E_NOMEM ? "not enough memory" : arb_status_name(st));
	return 1;
}

static int file_write(void *ctx, const char *buf, size_t n)
{
	return fwrite(buf, 1, n, ctx) == n ? 0 : 1;
}

/* t:save(path [, options]) -> true | nil, msg, code: a temporary file
 * beside path, renamed over it, so path is never half written. */
static int t_save(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	const char *path = arbI_lbind_checktext(L, 2, NULL);
	unsigned flags = write_flags(L, 3);
	const char *tmp = lua_pushfstring(L, "%s.tmp.%d", path, (int)getpid());
	arb_status st;
	int e = 0, closed;
	FILE *f;

	/* From here to the end nothing calls Lua before the result. */
	f = fopen(tmp, "wbx");
	if (!f)
		return arbI_lbind_failf(L, ARB_E_IO, "cannot create %s: %s", tmp, strerror(errno));
	st = arb_trf_write(t, flags, file_write, f);
	if (st != ARB_OK)
		e = errno;
	closed = fclose(f);
	if (st == ARB_OK && closed != 0) {
		e = errno;
		st = ARB_E_IO;
	}
	if (st != ARB_OK) {
		remove(tmp);
		if (st == ARB_E_NOMEM)
			return luaL_error(L, "not enough memory");
		return arbI_lbind_failf(L, ARB_E_IO, "cannot write %s: %s", tmp,
					e ? strerror(e) : arb_status_name(st));
	}
	if (rename(tmp, path) != 0) {
		e = errno;
		remove(tmp);
		return arbI_lbind_failf(L, ARB_E_IO, "cannot rename %s to %s: %s", tmp, path,
					strerror(e));
	}
	lua_pushboolean(L, 1);
	return 1;
}

/* ------------------------------------------------------------------------
 * Standings
 * ---------------------------------------------------------------------- */

static int standings_gc(lua_State *L)
{
	lstandings *h = luaL_checkudata(L, 1, STANDINGS);

	arb_standings_free(h->s);
	h->s = NULL;
	return 0;
}

/* t:standings([{regulation =, tiebreaks =, regulation_path =}]) ->
 * rows, codes | nil, msg, code */
static int t_standings(lua_State *L)
{
	static const char *const keys[] = {"regulation", "tiebreaks", "regulation_path", NULL};
	arb_tournament *t = totournament(L, 1);
	const char *regname = "fide2026", *list = NULL, *regpath = NULL;
	arb_tiebreak tbs[TB_MAX];
	arb_regulation reg;
	lstandings *h;
	arb_error err;
	arb_status st;
	int ntbs = 0, n, k, i;

	if (!lua_isnoneornil(L, 2)) {
		luaL_checktype(L, 2, LUA_TTABLE);
		lua_pushnil(L);
		while (lua_next(L, 2)) {
			const char *key =
				lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;

			for (k = 0; key && keys[k] && strcmp(keys[k], key) != 0; k++)
				;
			if (!key || !keys[k])
				luaL_argerror(L, 2,
					      lua_pushfstring(L, "unknown option '%s'",
							      key ? key : luaL_typename(L, -2)));
			lua_pop(L, 1);
		}
		regname = arbI_lbind_optstring(L, 2, "regulation", regname);
		list = arbI_lbind_optstring(L, 2, "tiebreaks", NULL);
		regpath = arbI_lbind_optstring(L, 2, "regulation_path", NULL);
	}
	lua_settop(L, 2);
	h = lua_newuserdatauv(L, sizeof *h, 0);
	h->s = NULL;
	luaL_setmetatable(L, STANDINGS);
	memset(&err, 0, sizeof err);
	st = arb_regulation_load(regname, regpath, &reg, &err);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	if (list && (ntbs = arb_tiebreak_parse_list(tbs, TB_MAX, list, &err)) < 0)
		return arbI_lbind_failf(L, ARB_E_ARGUMENT, "tiebreaks, column %d: %s", err.column,
					err.message);
	st = arb_standings_compute(t, &reg, list ? tbs : NULL, ntbs, &h->s, &err);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	n = arb_standings_count(h->s);
	k = arb_standings_ntiebreaks(h->s);
	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		int rank = 0, j;
		double points = 0;
		int id = arb_standings_row(h->s, i, &rank, &points);

		lua_createtable(L, 0, 6);
		setint(L, "id", id);
		setint(L, "rank", rank);
		pushdecimal(L, points);
		lua_setfield(L, -2, "points");
		lua_createtable(L, 0, k);
		for (j = 0; j < k; j++) {
			double v = 0;

			if (arb_standings_value(h->s, i, j, &v) == 1)
				pushdecimal(L, v);
			else
				lua_pushboolean(L, 0);
			lua_setfield(L, -2, arb_standings_tiebreak(h->s, j)->code);
		}
		lua_setfield(L, -2, "tiebreaks");
		lua_pushboolean(L, arb_standings_excluded(h->s, i) == 1);
		lua_setfield(L, -2, "excluded");
		lua_pushboolean(L, arb_standings_by_lot(h->s, i) == 1);
		lua_setfield(L, -2, "by_lot");
		lua_rawseti(L, -2, i + 1);
	}
	lua_createtable(L, k, 0);
	for (i = 0; i < k; i++) {
		lua_pushstring(L, arb_standings_tiebreak(h->s, i)->code);
		lua_rawseti(L, -2, i + 1);
	}
	return 2;
}

/* ------------------------------------------------------------------------
 * Pairings
 * ---------------------------------------------------------------------- */

/* [-0, +1, m] A Pairing userdata owning nothing yet, its user value the
 * Tournament at argument tidx. */
static lpairing *newpairing(lua_State *L, int tidx)
{
	lpairing *u = lua_newuserdatauv(L, sizeof *u, 1);

	u->p = NULL;
	luaL_setmetatable(L, PAIRING);
	lua_pushvalue(L, tidx);
	arb_lua_setuservalue(L, -2);
	return u;
}

/* [-0, +1|3, m] The pairing u on the top, or the failure. */
static int pairresult(lua_State *L, arb_status st, const arb_error *err)
{
	if (st == ARB_OK)
		return 1;
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	return arbI_lbind_pushfail(L, err, st);
}

/* The pairing options of t:pair and t:check: swap_last (a double round
 * robin), dutch_2017 (a Swiss by the Dutch rules of 2017). */
static const char *const pair_names[] = {"swap_last", "dutch_2017", NULL};
static const unsigned pair_bits[] = {ARB_PAIR_SWAP_LAST, ARB_PAIR_DUTCH_2017};

/* t:pair([round [, {swap_last = true, dutch_2017 = true}]]) -> Pairing | nil, msg, code */
static int t_pair(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	lua_Integer round = luaL_optinteger(L, 2, 0);
	unsigned flags = optflags(L, 3, pair_names, pair_bits);
	lpairing *u;
	arb_error err;
	arb_status st;

	luaL_argcheck(L, round >= 0 && round <= ARB_TRF_ROUNDS_MAX, 2,
		      "round must be 0 (the next) to 999");
	u = newpairing(L, 1);
	memset(&err, 0, sizeof err);
	st = arb_tournament_pair(t, (int)round, flags, &u->p, &err);
	return pairresult(L, st, &err);
}

/* t:pairing_from_engine(text [, round]) -> Pairing | nil, msg, code */
static int t_pairing_from_engine(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	size_t len;
	const char *text = luaL_checklstring(L, 2, &len);
	lua_Integer round = luaL_optinteger(L, 3, 0);
	lpairing *u;
	arb_error err;
	arb_status st;

	luaL_argcheck(L, round >= 0 && round <= ARB_TRF_ROUNDS_MAX, 3,
		      "round must be 0 (the next) to 999");
	u = newpairing(L, 1);
	memset(&err, 0, sizeof err);
	st = arb_pairing_from_engine(t, (int)round, text, len, &u->p, &err);
	return pairresult(L, st, &err);
}

/* t:check(pairing [, {dutch_2017 = true}]) -> {message, ...} */
static int t_check(lua_State *L)
{
	arb_tournament *t = totournament(L, 1);
	lpairing *u = topairing(L, 2);
	unsigned flags = optflags(L, 3, pair_names, pair_bits);
	int n = arb_pairing_check(t, u->p, flags, NULL, 0), i;
	arb_error *probs;

	if (n < 0)
		return luaL_error(L, "not enough memory");
	probs = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof *probs, 0);
	if (arb_pairing_check(t, u->p, flags, probs, n) != n)
		return luaL_error(L, "not enough memory");
	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		lua_pushstring(L, probs[i].message);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int p_round(lua_State *L)
{
	lua_pushinteger(L, arb_pairing_round(topairing(L, 1)->p));
	return 1;
}

/* p:boards() -> {{white, black, white =, black =}, ...} */
static int p_boards(lua_State *L)
{
	const arb_pairing *p = topairing(L, 1)->p;
	int n = arb_pairing_boards(p), i;

	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		arb_board b;

		arb_pairing_board(p, i, &b);
		lua_createtable(L, 2, 2);
		lua_pushinteger(L, b.white);
		lua_rawseti(L, -2, 1);
		lua_pushinteger(L, b.black);
		lua_rawseti(L, -2, 2);
		setint(L, "white", b.white);
		setint(L, "black", b.black);
		{
			char res[3] = {' ', ' ', 0};

			arb_pairing_board_result(p, i, &res[0], &res[1]);
			if (res[0] != ' ')
				setstring(L, "forfeit", res); /* "+-", "-+", "--" */
		}
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* p:byes() -> {{id =, code =}, ...} */
static int p_byes(lua_State *L)
{
	const arb_pairing *p = topairing(L, 1)->p;
	int n = arb_pairing_byes(p), i;

	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		int id = 0;
		char code = ' ';

		arb_pairing_bye(p, i, &id, &code);
		lua_createtable(L, 0, 2);
		setint(L, "id", id);
		setletter(L, "code", code);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* p:tournament() -> the Tournament it pairs */
static int p_tournament(lua_State *L)
{
	topairing(L, 1);
	arb_lua_getuservalue(L, 1);
	return 1;
}

/* p:apply() -> true | nil, msg, code */
static int p_apply(lua_State *L)
{
	const arb_pairing *p = topairing(L, 1)->p;
	arb_tournament *t;
	int r = arb_pairing_round(p), played, i;
	arb_status st;

	arb_lua_getuservalue(L, 1);
	t = totournament(L, -1);
	played = arb_tournament_rounds_played(t);
	if (r > played + 1)
		return arbI_lbind_failf(L, ARB_E_ARGUMENT,
					"round %d: the tournament has %d rounds paired, so the "
					"next is %d",
					r, played, played + 1);
	for (i = 0; i < arb_pairing_boards(p); i++) {
		arb_board b;

		arb_pairing_board(p, i, &b);
		if (arb_tournament_player_index(t, b.white) < 0 ||
		    arb_tournament_player_index(t, b.black) < 0)
			return arbI_lbind_failf(
				L, ARB_E_ARGUMENT, "board %d: no player %d in the tournament",
				i + 1,
				arb_tournament_player_index(t, b.white) < 0 ? b.white : b.black);
	}
	for (i = 0; i < arb_pairing_byes(p); i++) {
		int id = 0;

		arb_pairing_bye(p, i, &id, NULL);
		if (arb_tournament_player_index(t, id) < 0)
			return arbI_lbind_failf(L, ARB_E_ARGUMENT,
						"bye %d: no player %d in the tournament", i + 1,
						id);
	}
	st = arb_tournament_apply_pairing(t, p);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK)
		return arbI_lbind_failf(L, st, "the tournament refused the pairing (%s)",
					arb_status_name(st));
	lua_pushboolean(L, 1);
	return 1;
}

static int p_close(lua_State *L)
{
	lpairing *u = luaL_checkudata(L, 1, PAIRING);

	arb_pairing_free(u->p);
	u->p = NULL;
	return 0;
}

/* tostring(p): the .pairs text */
static int p_tostring(lua_State *L)
{
	lpairing *u = luaL_checkudata(L, 1, PAIRING);

	if (!u->p) {
		lua_pushliteral(L, PAIRING " (closed)");
		return 1;
	}
	if (pushwritten(L, pairs_writer, u->p, 0) != ARB_OK)
		return luaL_error(L, "not enough memory");
	return 1;
}

/* clang-format off */
static const luaL_Reg pairing_meta[] = {
	{"__gc", p_close},
	{"__close", p_close},
	{"__tostring", p_tostring},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg pairing_methods[] = {
	{"round", p_round},
	{"boards", p_boards},
	{"byes", p_byes},
	{"tournament", p_tournament},
	{"apply", p_apply},
	{"close", p_close},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * The Tournament type
 * ---------------------------------------------------------------------- */

static int t_close(lua_State *L)
{
	ltournament *u = luaL_checkudata(L, 1, TOURNAMENT);

	arb_tournament_free(u->t);
	u->t = NULL;
	return 0;
}

static int t_tostring(lua_State *L)
{
	ltournament *u = luaL_checkudata(L, 1, TOURNAMENT);
	arb_tournament_info in;

	if (!u->t) {
		lua_pushliteral(L, TOURNAMENT " (closed)");
		return 1;
	}
	arb_tournament_get_info(u->t, &in);
	lua_pushfstring(L, TOURNAMENT " '%s' (%d players, %d rounds paired)", in.name,
			arb_tournament_player_count(u->t), arb_tournament_rounds_played(u->t));
	return 1;
}

/* clang-format off */
static const luaL_Reg tournament_meta[] = {
	{"__gc", t_close},
	{"__close", t_close},
	{"__tostring", t_tostring},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg tournament_methods[] = {
	{"problems", t_problems},
	{"info", t_info},
	{"set_info", t_set_info},
	{"players", t_players},
	{"player", t_player},
	{"add_player", t_add_player},
	{"set_player", t_set_player},
	{"rounds_played", t_rounds_played},
	{"cell", t_cell},
	{"set_game", t_set_game},
	{"set_bye", t_set_bye},
	{"withdraw", t_withdraw},
	{"withdrawn", t_withdrawn},
	{"withdrawals", t_withdrawals},
	{"prohibit", t_prohibit},
	{"prohibited", t_prohibited},
	{"write", t_write},
	{"save", t_save},
	{"standings", t_standings},
	{"pair", t_pair},
	{"pairing_from_engine", t_pairing_from_engine},
	{"check", t_check},
	{"note", t_note},
	{"set_note", t_set_note},
	{"chess960", t_chess960},
	{"set_chess960", t_set_chess960},
	{"game_chess960", t_game_chess960},
	{"board_of", t_board_of},
	{"round_date", t_round_date},
	{"pgn", t_pgn},
	{"close", t_close},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg standings_meta[] = {
	{"__gc", standings_gc},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg tournament_functions[] = {
	{"read", tournament_read},
	{"open", tournament_open},
	{"new", tournament_new},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * The library
 * ---------------------------------------------------------------------- */

/* [-0, +0, m] arbiter.tournament, the Tournament and Pairing types, and the
 * standings holder's metatable (not exposed). */
void arbI_lbind_open_tournament(lua_State *L)
{
	arbI_lbind_addtype(L, "Tournament", TOURNAMENT, tournament_meta, tournament_methods);
	arbI_lbind_addtype(L, "Pairing", PAIRING, pairing_meta, pairing_methods);
	luaL_newmetatable(L, STANDINGS);
	luaL_setfuncs(L, standings_meta, 0);
	lua_pop(L, 1);
	luaL_newlib(L, tournament_functions);
	lua_setfield(L, -2, "tournament");
}
