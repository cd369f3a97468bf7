/*
 * lpgn.c -- module "arbiter": reading PGN (arbiter.pgn, types PgnReader and
 * Game).
 *
 * A PgnReader owns an arb_pgn_reader (and for arbiter.pgn.parse the text,
 * stored after it in its userdata) and the errors it keeps for
 * reader:errors(); a Game owns a copy of the record the reader returned, so
 * it outlives the reader's next game. profile:adjudicate (lrules.c) reads
 * that record through arbI_lbind_testrecord.
 */
#include <stdlib.h>
#include <string.h>

#include "lbind.h"

#include "../engine/config.h" /* ARB_LUA_PGN_ERRORS_KEPT */

/* ------------------------------------------------------------------------
 * Games: copies of the records a PGN reader returns
 *
 * A record belongs to the reader and dies at its next game, so a Game owns a
 * copy of it (arb_record_copy: tags, start position, the move tree with its
 * comments and clock commands, result), allocated outside the Lua heap only
 * once the userdata is on the stack with its metatable, and freed by __gc.
 * The methods show the main line; profile:adjudicate reads the record itself,
 * comment commands ([%claim ...], [%flag ...]) included.
 * ---------------------------------------------------------------------- */

typedef struct lgame {
	arb_record *record; /* owned; NULL only while being built */
	long number;
} lgame;

static lgame *checkgame(lua_State *L, int i)
{
	lgame *g = luaL_checkudata(L, i, GAME);

	if (!g->record)
		luaL_error(L, "attempt to use an incomplete game");
	return g;
}

/* [-0, +0, v] The record of the Game at argument i, NULL when the value
 * there is not a Game (raises for an incomplete one). */
const arb_record *arbI_lbind_testrecord(lua_State *L, int i)
{
	return luaL_testudata(L, i, GAME) ? checkgame(L, i)->record : NULL;
}

/* [-0, +1, m] A Game holding a copy of rec, game `number` of its input. */
static void pushgame(lua_State *L, const arb_record *rec, long number)
{
	lgame *g = lua_newuserdatauv(L, sizeof *g, 0);
	arb_record *copy;

	g->record = NULL;
	g->number = number;
	luaL_setmetatable(L, GAME);
	copy = arb_record_new();
	if (copy && arb_record_copy(copy, rec) != ARB_OK) {
		arb_record_free(copy);
		copy = NULL;
	}
	if (!copy)
		luaL_error(L, "not enough memory");
	g->record = copy;
}

arb_record *arbI_lbind_newgame(lua_State *L)
{
	lgame *g = lua_newuserdatauv(L, sizeof *g, 0);

	g->record = NULL;
	g->number = 0;
	luaL_setmetatable(L, GAME);
	if (!(g->record = arb_record_new()))
		luaL_error(L, "not enough memory");
	return g->record;
}

/* [-0, +1, m] A scratch Position at the game's start, played on `plies`
 * moves of the main line. */
static arb_position *replay(lua_State *L, const lgame *g, int plies)
{
	arb_position *pos = arbI_lbind_newpos(L, arb_record_start(g->record));
	int i;

	for (i = 0; i < plies; i++) {
		arb_undo u;

		arb_position_do_move(pos, arb_record_move(g->record, i), &u);
	}
	return pos;
}

static int game_number(lua_State *L)
{
	lua_pushinteger(L, checkgame(L, 1)->number);
	return 1;
}

static int game_tag(lua_State *L)
{
	lgame *g = checkgame(L, 1);
	const char *value = arb_record_tag(g->record, luaL_checkstring(L, 2));

	if (value)
		lua_pushstring(L, value);
	else
		lua_pushnil(L);
	return 1;
}

static int game_tags(lua_State *L)
{
	const arb_record *rec = checkgame(L, 1)->record;
	int n = arb_record_tag_count(rec), i;

	lua_createtable(L, 0, n);
	for (i = 0; i < n; i++) {
		lua_pushstring(L, arb_record_tag_value(rec, i));
		lua_setfield(L, -2, arb_record_tag_name(rec, i));
	}
	return 1;
}

static int game_result(lua_State *L)
{
	lua_pushstring(L, arb_record_result(checkgame(L, 1)->record));
	return 1;
}

static int game_ply_count(lua_State *L)
{
	lua_pushinteger(L, arb_record_ply_count(checkgame(L, 1)->record));
	return 1;
}

/* [-0, +1, m] The main line as UCI or SAN strings. */
static int pushgametexts(lua_State *L, const lgame *g, int san)
{
	arb_position *pos = replay(L, g, 0);
	int n = arb_record_ply_count(g->record), i;

	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		arb_move m = arb_record_move(g->record, i);
		char buf[ARB_SAN_MAX];
		arb_undo u;

		if (san)
			arb_move_to_san(pos, m, buf);
		else
			arb_move_to_uci(pos, m, buf);
		lua_pushstring(L, buf);
		lua_rawseti(L, -2, i + 1);
		arb_position_do_move(pos, m, &u);
	}
	return 1;
}

static int game_moves(lua_State *L)
{
	return pushgametexts(L, checkgame(L, 1), 0);
}

static int game_san_moves(lua_State *L)
{
	return pushgametexts(L, checkgame(L, 1), 1);
}

static int game_start(lua_State *L)
{
	replay(L, checkgame(L, 1), 0);
	return 1;
}

static int game_position_at(lua_State *L)
{
	lgame *g = checkgame(L, 1);
	lua_Integer ply = luaL_checkinteger(L, 2);

	luaL_argcheck(L, ply >= 0 && ply <= arb_record_ply_count(g->record), 2, "ply out of range");
	replay(L, g, (int)ply);
	return 1;
}

static int game_clock(lua_State *L)
{
	lgame *g = checkgame(L, 1);
	lua_Integer ply = luaL_checkinteger(L, 2);
	long clk, emt;
	int node;

	luaL_argcheck(L, ply >= 1 && ply <= arb_record_ply_count(g->record), 2, "ply out of range");
	node = arb_record_mainline_node(g->record, (int)ply - 1);
	clk = arb_record_node_clock(g->record, node, ARB_CMD_CLK);
	emt = arb_record_node_clock(g->record, node, ARB_CMD_EMT);
	if (clk == ARB_NO_CLOCK)
		lua_pushnil(L);
	else
		lua_pushinteger(L, clk);
	if (emt == ARB_NO_CLOCK)
		lua_pushnil(L);
	else
		lua_pushinteger(L, emt);
	return 2;
}

/* The iterator of game:positions(). Upvalues: the game, a scratch position
 * at the last ply returned, the next ply. */
static int game_positions_next(lua_State *L)
{
	lgame *g = lua_touserdata(L, lua_upvalueindex(1));
	arb_position *pos = arbI_lbind_topos(L, lua_upvalueindex(2));
	lua_Integer ply = lua_tointeger(L, lua_upvalueindex(3));

	if (ply > arb_record_ply_count(g->record))
		return 0;
	lua_pushinteger(L, ply + 1);
	lua_replace(L, lua_upvalueindex(3));
	lua_pushinteger(L, ply);
	if (ply == 0) {
		arbI_lbind_newpos(L, pos);
		return 2;
	} else {
		arb_move m = arb_record_move(g->record, (int)ply - 1);
		arb_undo u;

		arbI_lbind_pushmove(L, pos, m);
		arb_position_do_move(pos, m, &u);
		arbI_lbind_newpos(L, pos);
		lua_insert(L, -2); /* ply, position, move */
		return 3;
	}
}

static int game_positions(lua_State *L)
{
	lgame *g = checkgame(L, 1);

	lua_settop(L, 1);
	replay(L, g, 0);
	lua_pushinteger(L, 0);
	lua_pushcclosure(L, game_positions_next, 3);
	return 1;
}

static int game_gc(lua_State *L)
{
	lgame *g = luaL_checkudata(L, 1, GAME);

	arb_record_free(g->record);
	g->record = NULL;
	return 0;
}

static int game_tostring(lua_State *L)
{
	const lgame *g = checkgame(L, 1);
	const char *white = arb_record_tag(g->record, "White");
	const char *black = arb_record_tag(g->record, "Black");
	int plies = arb_record_ply_count(g->record);

	lua_pushfstring(L, GAME " %d: %s - %s %s, %d %s", (int)g->number, white ? white : "?",
			black ? black : "?", arb_record_result(g->record), plies,
			plies == 1 ? "ply" : "plies");
	return 1;
}

/* clang-format off */
static const luaL_Reg game_meta[] = {
	{"__gc", game_gc},
	{"__tostring", game_tostring},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg game_methods[] = {
	{"number", game_number},
	{"tag", game_tag},
	{"tags", game_tags},
	{"result", game_result},
	{"ply_count", game_ply_count},
	{"moves", game_moves},
	{"san_moves", game_san_moves},
	{"start", game_start},
	{"position_at", game_position_at},
	{"positions", game_positions},
	{"clock", game_clock},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * PGN readers
 * ---------------------------------------------------------------------- */

typedef struct pgn_problem {
	long game, line;
	int column;
	char message[ARB_ERROR_MESSAGE_SIZE];
} pgn_problem;

typedef struct lreader {
	arb_pgn_reader *reader; /* NULL once closed (or at the end) */
	long games, errors;     /* the counts, kept when the reader closes */
	pgn_problem *kept;      /* the first ARB_LUA_PGN_ERRORS_KEPT errors */
	int nkept, cap;
	const char *text; /* arbiter.pgn.parse: the text, stored after this struct */
	size_t len, at;
} lreader;

static size_t read_text(void *ctx, char *buf, size_t n)
{
	lreader *r = ctx;
	size_t k = r->len - r->at < n ? r->len - r->at : n;

	memcpy(buf, r->text + r->at, k);
	r->at += k;
	return k;
}

/* The flags of an options table at argument i (absent or nil: none). */
static unsigned pgn_flags(lua_State *L, int i)
{
	static const char *const names[] = {"skip_variations", "keep_partial", "strict_san", NULL};
	static const unsigned bits[] = {ARB_PGN_SKIP_VARIATIONS, ARB_PGN_KEEP_PARTIAL,
					ARB_PGN_STRICT_SAN};
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

/* [-0, +1, m] A reader userdata with room for `extra` bytes of text after it. */
static lreader *newreader(lua_State *L, size_t extra)
{
	lreader *r = lua_newuserdatauv(L, sizeof *r + extra, 0);

	memset(r, 0, sizeof *r);
	luaL_setmetatable(L, READER);
	return r;
}

/* Frees the library's reader, keeping its counts. */
static void closereader(lreader *r)
{
	if (!r->reader)
		return;
	r->games = arb_pgn_reader_games(r->reader);
	r->errors = arb_pgn_reader_errors(r->reader);
	arb_pgn_reader_free(r->reader);
	r->reader = NULL;
}

/* [-1, +4, -] reader -> reader, nil, nil, reader: a generic for's iterator,
 * state, control and closing value. */
static int forvalues(lua_State *L)
{
	lua_pushnil(L);
	lua_pushnil(L);
	lua_pushvalue(L, -3);
	return 4;
}

static int pgn_open(lua_State *L)
{
	const char *path = arbI_lbind_checktext(L, 1, NULL);
	unsigned flags = pgn_flags(L, 2);
	lreader *r;
	arb_error err;

	lua_settop(L, 2);
	r = newreader(L, 0);
	memset(&err, 0, sizeof err);
	r->reader = arb_pgn_reader_open(path, flags, &err);
	if (!r->reader)
		return arbI_lbind_pushfail(L, &err, err.code != ARB_OK ? err.code : ARB_E_NOMEM);
	return forvalues(L);
}

static int pgn_parse(lua_State *L)
{
	size_t len;
	const char *text = luaL_checklstring(L, 1, &len);
	unsigned flags = pgn_flags(L, 2);
	lreader *r;

	lua_settop(L, 2);
	r = newreader(L, len);
	memcpy(r + 1, text, len);
	r->text = (const char *)(r + 1);
	r->len = len;
	r->reader = arb_pgn_reader_new(read_text, r, "string", flags);
	if (!r->reader)
		return luaL_error(L, "not enough memory");
	return forvalues(L);
}

/* Keeps one game's error for reader:errors(). */
static void keep_problem(lua_State *L, lreader *r, long game, const arb_error *err)
{
	pgn_problem *p;

	if (r->nkept == ARB_LUA_PGN_ERRORS_KEPT)
		return;
	if (r->nkept == r->cap) {
		int cap = r->cap ? 2 * r->cap : 8;
		pgn_problem *grown = realloc(r->kept, (size_t)cap * sizeof *grown);

		if (!grown)
			luaL_error(L, "not enough memory");
		r->kept = grown;
		r->cap = cap;
	}
	p = &r->kept[r->nkept++];
	p->game = game;
	p->line = err->line;
	p->column = err->column;
	memcpy(p->message, err->message, sizeof p->message);
}

/* reader() / reader:next() -> game [, error message] | nil */
static int reader_next(lua_State *L)
{
	lreader *r = luaL_checkudata(L, 1, READER);

	while (r->reader) {
		arb_record *rec = NULL;
		arb_error err;
		arb_status st;
		long game;

		memset(&err, 0, sizeof err);
		st = arb_pgn_next(r->reader, &rec, &err);
		game = arb_pgn_reader_games(r->reader);
		if (st == ARB_OK && rec) {
			pushgame(L, rec, game);
			return 1;
		}
		if (st == ARB_OK) {
			closereader(r); /* the end of the input */
			break;
		}
		if (st != ARB_E_PGN) {
			closereader(r);
			return luaL_error(L, "%s",
					  err.message[0] ? err.message : arb_status_name(st));
		}
		keep_problem(L, r, game, &err);
		if (rec) { /* keep_partial */
			pushgame(L, rec, game);
			lua_pushstring(L, err.message);
			return 2;
		}
	}
	lua_pushnil(L);
	return 1;
}

static int reader_close(lua_State *L)
{
	closereader(luaL_checkudata(L, 1, READER));
	return 0;
}

static int reader_gc(lua_State *L)
{
	lreader *r = luaL_checkudata(L, 1, READER);

	closereader(r);
	free(r->kept);
	r->kept = NULL;
	r->nkept = r->cap = 0;
	return 0;
}

static int reader_is_closed(lua_State *L)
{
	lua_pushboolean(L, ((lreader *)luaL_checkudata(L, 1, READER))->reader == NULL);
	return 1;
}

static int reader_games(lua_State *L)
{
	lreader *r = luaL_checkudata(L, 1, READER);

	lua_pushinteger(L, r->reader ? arb_pgn_reader_games(r->reader) : r->games);
	return 1;
}

static int reader_error_count(lua_State *L)
{
	lreader *r = luaL_checkudata(L, 1, READER);

	lua_pushinteger(L, r->reader ? arb_pgn_reader_errors(r->reader) : r->errors);
	return 1;
}

static int reader_errors(lua_State *L)
{
	lreader *r = luaL_checkudata(L, 1, READER);
	int i;

	lua_createtable(L, r->nkept, 0);
	for (i = 0; i < r->nkept; i++) {
		const pgn_problem *p = &r->kept[i];

		lua_createtable(L, 0, 4);
		lua_pushinteger(L, p->game);
		lua_setfield(L, -2, "game");
		lua_pushinteger(L, p->line);
		lua_setfield(L, -2, "line");
		lua_pushinteger(L, p->column);
		lua_setfield(L, -2, "column");
		lua_pushstring(L, p->message);
		lua_setfield(L, -2, "message");
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int reader_tostring(lua_State *L)
{
	lreader *r = luaL_checkudata(L, 1, READER);

	lua_pushfstring(L, READER " (%s)", r->reader ? "open" : "closed");
	return 1;
}

/* clang-format off */
static const luaL_Reg reader_meta[] = {
	{"__call", reader_next},
	{"__gc", reader_gc},
	{"__close", reader_close},
	{"__tostring", reader_tostring},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg reader_methods[] = {
	{"next", reader_next},
	{"close", reader_close},
	{"is_closed", reader_is_closed},
	{"games", reader_games},
	{"error_count", reader_error_count},
	{"errors", reader_errors},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg pgn_functions[] = {
	{"open", pgn_open},
	{"parse", pgn_parse},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * The library
 * ---------------------------------------------------------------------- */

/* [-0, +0, m] arbiter.pgn, and the Game and PgnReader types. */
void arbI_lbind_open_pgn(lua_State *L)
{
	arbI_lbind_addtype(L, "Game", GAME, game_meta, game_methods);
	arbI_lbind_addtype(L, "PgnReader", READER, reader_meta, reader_methods);
	luaL_newlib(L, pgn_functions);
	lua_setfield(L, -2, "pgn");
}
