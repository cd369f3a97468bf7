/*
 * lposition.c -- module "arbiter": positions, moves and Chess960 numbering
 * (arbiter.position, types Position and Move, arbiter.chess960).
 *
 * A Position owns an arb_position (opaque), allocated once its userdata
 * has its metatable and freed by __gc or close; a Move is plain data that
 * remembers its UCI and SAN from the position it was made in. Other files
 * make and read positions through arbI_lbind_newpos and arbI_lbind_topos.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lbind.h"

/* ------------------------------------------------------------------------
 * Positions
 * ---------------------------------------------------------------------- */

typedef struct lposition {
	arb_position *pos; /* NULL once closed */
} lposition;

static const char *const verdict_names[] = {"undetermined", "winnable", "unwinnable"};

/* A node budget: absent or nil = 0 (the library's default). */
static long optnodes(lua_State *L, int i)
{
	return lua_isnoneornil(L, i) ? 0 : arbI_lbind_checklong(L, i, 1);
}

static const char *const fen_modes[] = {"auto", "standard", "chess960", NULL};
static const unsigned fen_mode_flags[] = {ARB_FEN_AUTO, ARB_FEN_STANDARD, ARB_FEN_CHESS960};

/* The open position at argument i (raises for a wrong type or a closed one). */
arb_position *arbI_lbind_topos(lua_State *L, int i)
{
	lposition *p = luaL_checkudata(L, i, POSITION);

	if (!p->pos)
		luaL_error(L, "attempt to use a closed position");
	return p->pos;
}

/* [-0, +1, m] A new Position: a copy of src, or the start position. */
arb_position *arbI_lbind_newpos(lua_State *L, const arb_position *src)
{
	lposition *p = lua_newuserdatauv(L, sizeof *p, 0);

	p->pos = NULL;
	luaL_setmetatable(L, POSITION);
	p->pos = src ? arb_position_clone(src) : arb_position_new();
	if (!p->pos)
		luaL_error(L, "not enough memory");
	return p->pos;
}

typedef struct lmove {
	arb_move move;
	char uci[8];
	char san[ARB_SAN_MAX];
} lmove;

/* [-0, +1, m] A Move for `m`, legal in pos. */
void arbI_lbind_pushmove(lua_State *L, const arb_position *pos, arb_move m)
{
	lmove *mv = lua_newuserdatauv(L, sizeof *mv, 0);

	mv->move = m;
	arb_move_to_uci(pos, m, mv->uci);
	arb_move_to_san(pos, m, mv->san);
	luaL_setmetatable(L, MOVE);
}

/* Square, square, optional piece letter: the shape of a UCI move. */
static int looks_uci(const char *s, size_t len)
{
	if (len == 4 && memcmp(s, "0000", 4) == 0)
		return 1;
	return (len == 4 || len == 5) && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' &&
	       s[2] >= 'a' && s[2] <= 'h' && s[3] >= '1' && s[3] <= '8';
}

/* Reads a move in UCI or SAN. The null move is refused: a Position cannot
 * play it. */
static arb_status parse_move(const arb_position *pos, const char *text, size_t len, arb_move *out,
			     arb_error *err)
{
	arb_status st;

	if (looks_uci(text, len))
		st = arb_move_from_uci(pos, text, out, err);
	else
		st = arb_move_from_san(pos, text, len, 0, out, err);
	if (st == ARB_OK && *out == ARB_MOVE_NULL) {
		snprintf(err->message, sizeof err->message,
			 "the null move '%.16s' cannot be played", text);
		return ARB_E_MOVE_ILLEGAL;
	}
	return st;
}

/* arbiter.position([fen [, mode]]) -> Position | nil, msg, code */
static int position_new(lua_State *L)
{
	const char *fen = lua_isnoneornil(L, 1) ? NULL : arbI_lbind_checktext(L, 1, NULL);
	int mode = luaL_checkoption(L, 2, "auto", fen_modes);
	arb_position *pos = arbI_lbind_newpos(L, NULL);
	arb_error err;
	arb_status st;

	if (!fen) {
		arb_position_set_chess960(pos, fen_mode_flags[mode] == ARB_FEN_CHESS960);
		return 1;
	}
	st = arb_position_set_fen(pos, fen, fen_mode_flags[mode], &err);
	return st == ARB_OK ? 1 : arbI_lbind_pushfail(L, &err, st);
}

static int position_fen(lua_State *L)
{
	static const char *const styles[] = {"xfen", "shredder", NULL};
	arb_position *pos = arbI_lbind_topos(L, 1);
	int style = luaL_checkoption(L, 2, "xfen", styles);
	char buf[ARB_FEN_MAX];

	arb_position_to_fen(pos, buf, sizeof buf, style ? ARB_FEN_SHREDDER : 0);
	lua_pushstring(L, buf);
	return 1;
}

static int position_moves(lua_State *L)
{
	arb_position *pos = arbI_lbind_topos(L, 1);
	arb_move list[ARB_MAX_MOVES];
	int n = arb_position_legal_moves(pos, list), i;

	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		arbI_lbind_pushmove(L, pos, list[i]);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* [-0, +1, m] The legal moves of pos as strings, SAN or UCI. */
static int pushmovetexts(lua_State *L, const arb_position *pos, int san)
{
	arb_move list[ARB_MAX_MOVES];
	int n = arb_position_legal_moves(pos, list), i;

	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		char buf[ARB_SAN_MAX];

		if (san)
			arb_move_to_san(pos, list[i], buf);
		else
			arb_move_to_uci(pos, list[i], buf);
		lua_pushstring(L, buf);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int position_san_moves(lua_State *L)
{
	return pushmovetexts(L, arbI_lbind_topos(L, 1), 1);
}

static int position_uci_moves(lua_State *L)
{
	return pushmovetexts(L, arbI_lbind_topos(L, 1), 0);
}

/* The move at argument i: a Move, or text parsed in pos. ARB_OK, or a
 * failure already described in err. */
static arb_status tomove(lua_State *L, const arb_position *pos, int i, arb_move *out,
			 arb_error *err)
{
	lmove *mv = luaL_testudata(L, i, MOVE);
	size_t len;
	const char *text;

	if (mv) {
		*out = mv->move;
		return ARB_OK;
	}
	if (lua_type(L, i) != LUA_TSTRING)
		luaL_argerror(L, i,
			      lua_pushfstring(L, "move text or " MOVE " expected, got %s",
					      luaL_typename(L, i)));
	text = arbI_lbind_checktext(L, i, &len);
	return parse_move(pos, text, len, out, err);
}

/* [-0, +3, m] nil, msg, code for the move at argument i, which parsed (or
 * is a Move) but is not legal in the position. */
static int illegal(lua_State *L, int i)
{
	lmove *mv = luaL_testudata(L, i, MOVE);

	return arbI_lbind_failf(L, ARB_E_MOVE_ILLEGAL, "move %s is not legal here",
				mv ? mv->uci : lua_tostring(L, i));
}

static int position_move(lua_State *L)
{
	arb_position *pos = arbI_lbind_topos(L, 1);
	arb_move m;
	arb_error err;
	arb_status st = tomove(L, pos, 2, &m, &err);

	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	if (!arb_position_is_legal(pos, m))
		return illegal(L, 2);
	arbI_lbind_pushmove(L, pos, m);
	return 1;
}

static int position_play(lua_State *L)
{
	arb_position *pos = arbI_lbind_topos(L, 1);
	arb_move m;
	arb_error err;
	arb_status st = tomove(L, pos, 2, &m, &err);

	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	if (arb_position_play(pos, m) != ARB_OK)
		return illegal(L, 2);
	lua_pushboolean(L, 1);
	return 1;
}

static int position_copy(lua_State *L)
{
	arbI_lbind_newpos(L, arbI_lbind_topos(L, 1));
	return 1;
}

static int position_side_to_move(lua_State *L)
{
	arbI_lbind_pushside(L, arb_position_side_to_move(arbI_lbind_topos(L, 1)));
	return 1;
}

static int position_in_check(lua_State *L)
{
	lua_pushboolean(L, arb_position_in_check(arbI_lbind_topos(L, 1)));
	return 1;
}

static int position_is_checkmate(lua_State *L)
{
	lua_pushboolean(L, arb_position_terminal(arbI_lbind_topos(L, 1)) == ARB_CHECKMATE);
	return 1;
}

static int position_is_stalemate(lua_State *L)
{
	lua_pushboolean(L, arb_position_terminal(arbI_lbind_topos(L, 1)) == ARB_STALEMATE);
	return 1;
}

static int position_is_chess960(lua_State *L)
{
	lua_pushboolean(L, arb_position_is_chess960(arbI_lbind_topos(L, 1)));
	return 1;
}

static int position_halfmove_clock(lua_State *L)
{
	lua_pushinteger(L, arb_position_halfmove_clock(arbI_lbind_topos(L, 1)));
	return 1;
}

static int position_fullmove_number(lua_State *L)
{
	lua_pushinteger(L, arb_position_fullmove_number(arbI_lbind_topos(L, 1)));
	return 1;
}

static int position_ep_square(lua_State *L)
{
	int sq = arb_position_ep_square(arbI_lbind_topos(L, 1));

	if (sq == ARB_NO_SQUARE)
		lua_pushnil(L);
	else
		arbI_lbind_pushsquare(L, sq);
	return 1;
}

static int position_piece_at(lua_State *L)
{
	static const char letters[] = " PNBRQK";
	arb_piece pc = arb_position_piece_at(arbI_lbind_topos(L, 1), arbI_lbind_checksquare(L, 2));
	char name[2] = {letters[ARB_PIECE_TYPE(pc)], 0};

	if (pc == ARB_EMPTY) {
		lua_pushnil(L);
		return 1;
	}
	if (ARB_PIECE_COLOR(pc) == ARB_BLACK)
		name[0] = (char)(name[0] - 'A' + 'a');
	lua_pushstring(L, name);
	return 1;
}

static int position_key(lua_State *L)
{
	char hex[17];

	snprintf(hex, sizeof hex, "%016llx",
		 (unsigned long long)arb_position_key(arbI_lbind_topos(L, 1)));
	lua_pushstring(L, hex);
	return 1;
}

static int position_perft(lua_State *L)
{
	arb_position *pos = arbI_lbind_topos(L, 1);
	lua_Integer depth = luaL_checkinteger(L, 2);

	luaL_argcheck(L, depth >= 0 && depth <= 64, 2, "depth must be 0..64");
	lua_pushinteger(L, (lua_Integer)arb_perft(pos, (int)depth, 0));
	return 1;
}

/* The root moves of a divide, gathered before any Lua call: the callback
 * runs in the middle of the search, where a Lua error must not land. */
struct divide {
	int n;
	arb_move move[ARB_MAX_MOVES];
	uint64_t nodes[ARB_MAX_MOVES];
};

static void divide_add(arb_move move, uint64_t nodes, void *ctx)
{
	struct divide *d = ctx;

	if (d->n < ARB_MAX_MOVES) {
		d->move[d->n] = move;
		d->nodes[d->n++] = nodes;
	}
}

static int position_divide(lua_State *L)
{
	arb_position *pos = arbI_lbind_topos(L, 1);
	lua_Integer depth = luaL_checkinteger(L, 2);
	struct divide d;
	uint64_t total;
	int i;

	luaL_argcheck(L, depth >= 1 && depth <= 64, 2, "depth must be 1..64");
	d.n = 0;
	total = arb_perft_divide(pos, (int)depth, divide_add, &d);
	lua_createtable(L, 0, d.n);
	for (i = 0; i < d.n; i++) {
		char uci[8];

		arb_move_to_uci(pos, d.move[i], uci);
		lua_pushinteger(L, (lua_Integer)d.nodes[i]);
		lua_setfield(L, -2, uci);
	}
	lua_pushinteger(L, (lua_Integer)total);
	return 2;
}

static int position_insufficient_material(lua_State *L)
{
	arb_position *pos = arbI_lbind_topos(L, 1);

	if (lua_isnoneornil(L, 2))
		lua_pushboolean(L, arb_position_insufficient_both(pos));
	else
		lua_pushboolean(
			L, arb_position_insufficient_material(pos, arbI_lbind_checkside(L, 2)));
	return 1;
}

/* [-0, +1, m] The SAN strings of `line` played from pos. */
static void pushsanline(lua_State *L, const arb_position *pos, const arb_move *line, int n)
{
	arb_position *tmp = arbI_lbind_newpos(L, pos);
	int i;

	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		char san[ARB_SAN_MAX];
		arb_undo u;

		arb_move_to_san(tmp, line[i], san);
		lua_pushstring(L, san);
		lua_rawseti(L, -2, i + 1);
		arb_position_do_move(tmp, line[i], &u);
	}
	lua_remove(L, -2); /* the scratch position */
}

static int position_can_checkmate(lua_State *L)
{
	arb_position *pos = arbI_lbind_topos(L, 1);
	arb_color side = arbI_lbind_checkside(L, 2);
	long nodes = optnodes(L, 3);
	arb_analysis a;
	arb_verdict v = arb_can_checkmate(pos, side, nodes, &a);

	if (v == ARB_VERDICT_NOMEM)
		return luaL_error(L, "not enough memory for the analysis");
	lua_pushstring(L, verdict_names[v]);
	if (v == ARB_WINNABLE)
		pushsanline(L, pos, a.line, a.line_len);
	else
		lua_pushnil(L);
	lua_pushinteger(L, a.nodes);
	return 3;
}

static int position_is_dead(lua_State *L)
{
	arb_position *pos = arbI_lbind_topos(L, 1);
	arb_verdict v = arb_position_dead(pos, optnodes(L, 2));

	if (v == ARB_VERDICT_NOMEM)
		return luaL_error(L, "not enough memory for the analysis");
	lua_pushboolean(L, v == ARB_UNWINNABLE);
	lua_pushstring(L, verdict_names[v]);
	return 2;
}

static int position_close(lua_State *L)
{
	lposition *p = luaL_checkudata(L, 1, POSITION);

	arb_position_free(p->pos);
	p->pos = NULL;
	return 0;
}

static int position_tostring(lua_State *L)
{
	lposition *p = luaL_checkudata(L, 1, POSITION);
	char buf[ARB_FEN_MAX];

	if (!p->pos) {
		lua_pushliteral(L, POSITION " (closed)");
		return 1;
	}
	arb_position_to_fen(p->pos, buf, sizeof buf, 0);
	lua_pushstring(L, buf);
	return 1;
}

/* The first four FEN fields (placement, side, castling by rook file, e.p.). */
static void identity(const arb_position *pos, char *buf, size_t n)
{
	char *p = buf;
	int fields = 0;

	arb_position_to_fen(pos, buf, n, ARB_FEN_SHREDDER);
	for (; *p; p++)
		if (*p == ' ' && ++fields == 4) {
			*p = 0;
			break;
		}
}

static int position_eq(lua_State *L)
{
	lposition *a = luaL_testudata(L, 1, POSITION), *b = luaL_testudata(L, 2, POSITION);
	char fa[ARB_FEN_MAX], fb[ARB_FEN_MAX];
	int same = 0;

	if (a && b && a->pos && b->pos && arb_position_key(a->pos) == arb_position_key(b->pos)) {
		identity(a->pos, fa, sizeof fa);
		identity(b->pos, fb, sizeof fb);
		same = strcmp(fa, fb) == 0;
	}
	lua_pushboolean(L, same);
	return 1;
}

/* clang-format off */
static const luaL_Reg position_meta[] = {
	{"__gc", position_close},
	{"__close", position_close},
	{"__tostring", position_tostring},
	{"__eq", position_eq},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg position_methods[] = {
	{"fen", position_fen},
	{"moves", position_moves},
	{"san_moves", position_san_moves},
	{"uci_moves", position_uci_moves},
	{"move", position_move},
	{"play", position_play},
	{"copy", position_copy},
	{"side_to_move", position_side_to_move},
	{"in_check", position_in_check},
	{"is_checkmate", position_is_checkmate},
	{"is_stalemate", position_is_stalemate},
	{"is_chess960", position_is_chess960},
	{"halfmove_clock", position_halfmove_clock},
	{"fullmove_number", position_fullmove_number},
	{"ep_square", position_ep_square},
	{"piece_at", position_piece_at},
	{"key", position_key},
	{"perft", position_perft},
	{"divide", position_divide},
	{"insufficient_material", position_insufficient_material},
	{"can_checkmate", position_can_checkmate},
	{"is_dead", position_is_dead},
	{"svg", arbI_lbind_position_svg},
	{"close", position_close},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * Moves
 * ---------------------------------------------------------------------- */

static lmove *checkmove(lua_State *L, int i)
{
	return luaL_checkudata(L, i, MOVE);
}

static int move_uci(lua_State *L)
{
	lua_pushstring(L, checkmove(L, 1)->uci);
	return 1;
}

static int move_san(lua_State *L)
{
	lua_pushstring(L, checkmove(L, 1)->san);
	return 1;
}

static int move_from(lua_State *L)
{
	arbI_lbind_pushsquare(L, ARB_MOVE_FROM(checkmove(L, 1)->move));
	return 1;
}

static int move_to(lua_State *L)
{
	arbI_lbind_pushsquare(L, ARB_MOVE_TO(checkmove(L, 1)->move));
	return 1;
}

static int move_kind(lua_State *L)
{
	static const char *const kinds[] = {"normal", "promotion", "en_passant", "castling"};

	lua_pushstring(L, kinds[ARB_MOVE_KIND(checkmove(L, 1)->move)]);
	return 1;
}

static int move_promotion(lua_State *L)
{
	arb_move m = checkmove(L, 1)->move;
	char name[2] = {0, 0};

	if (ARB_MOVE_KIND(m) != ARB_MOVE_PROMOTION) {
		lua_pushnil(L);
		return 1;
	}
	name[0] = " pnbrqk"[ARB_MOVE_PROMOTION_TYPE(m)];
	lua_pushstring(L, name);
	return 1;
}

static int move_eq(lua_State *L)
{
	lmove *a = luaL_testudata(L, 1, MOVE), *b = luaL_testudata(L, 2, MOVE);

	lua_pushboolean(L, a && b && a->move == b->move);
	return 1;
}

/* clang-format off */
static const luaL_Reg move_meta[] = {
	{"__tostring", move_uci},
	{"__eq", move_eq},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg move_methods[] = {
	{"uci", move_uci},
	{"san", move_san},
	{"from", move_from},
	{"to", move_to},
	{"kind", move_kind},
	{"promotion", move_promotion},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * Chess960
 * ---------------------------------------------------------------------- */

/* A Scharnagl number argument; 0 with a message pushed if out of range. */
static int check960(lua_State *L, int i, int *n)
{
	lua_Integer v = luaL_checkinteger(L, i);

	if (v < 0 || v >= ARB_CHESS960_COUNT) {
		arbI_lbind_failf(L, ARB_E_ARGUMENT, "position number %lld is not in 0..959",
				 (long long)v);
		return 0;
	}
	*n = (int)v;
	return 1;
}

static int c960_position(lua_State *L)
{
	int white, black;
	arb_position *pos;

	if (!check960(L, 1, &white))
		return 3;
	if (lua_isnoneornil(L, 2))
		black = white;
	else if (!check960(L, 2, &black))
		return 3;
	pos = arbI_lbind_newpos(L, NULL);
	if (arb_chess960_position(pos, white, black) != ARB_OK)
		return arbI_lbind_failf(L, ARB_E_ARGUMENT, "no Chess960 position %d-%d", white,
					black);
	return 1;
}

static int c960_number(lua_State *L)
{
	const arb_position *pos;
	arb_error err;
	arb_status st;
	int white, black;

	if (luaL_testudata(L, 1, POSITION)) {
		pos = arbI_lbind_topos(L, 1);
	} else if (lua_type(L, 1) == LUA_TSTRING) {
		size_t len;
		const char *text = arbI_lbind_checktext(L, 1, &len);
		arb_position *p;

		if (len == 8 && !strchr(text, '/')) { /* a back rank */
			st = arb_chess960_number(text, &white, &err);
			if (st != ARB_OK)
				return arbI_lbind_pushfail(L, &err, st);
			lua_pushinteger(L, white);
			return 1;
		}
		p = arbI_lbind_newpos(L, NULL);
		st = arb_position_set_fen(p, text, ARB_FEN_CHESS960, &err);
		if (st != ARB_OK)
			return arbI_lbind_pushfail(L, &err, st);
		pos = p;
	} else {
		return luaL_argerror(L, 1,
				     lua_pushfstring(L,
						     POSITION ", FEN or back rank expected, got %s",
						     luaL_typename(L, 1)));
	}
	st = arb_chess960_identify(pos, &white, &black, &err);
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	lua_pushinteger(L, white);
	if (black == white)
		return 1;
	lua_pushinteger(L, black);
	return 2;
}

static int c960_back_rank(lua_State *L)
{
	char rank[9];
	int n;

	if (!check960(L, 1, &n))
		return 3;
	arb_chess960_back_rank(n, rank);
	lua_pushstring(L, rank);
	return 1;
}

static int c960_mirror(lua_State *L)
{
	int n;

	if (!check960(L, 1, &n))
		return 3;
	lua_pushinteger(L, arb_chess960_mirror(n));
	return 1;
}

/*
 * A seed: absent or nil (returns 0: use the system's entropy), a
 * non-negative integer, or a decimal string up to 2^64 - 1 (returns 1).
 */
static int optseed(lua_State *L, int i, uint64_t *seed)
{
	const char *s;

	if (lua_isnoneornil(L, i))
		return 0;
	if (lua_type(L, i) == LUA_TNUMBER) {
		lua_Integer v = luaL_checkinteger(L, i);

		luaL_argcheck(L, v >= 0, i, "seed must not be negative");
		*seed = (uint64_t)v;
		return 1;
	}
	if (lua_type(L, i) != LUA_TSTRING)
		luaL_argerror(L, i, "seed expected (an integer or a decimal string)");
	*seed = 0;
	for (s = lua_tostring(L, i); *s; s++) {
		unsigned digit = (unsigned)(*s - '0');

		luaL_argcheck(L, *s >= '0' && *s <= '9' && *seed <= (UINT64_MAX - digit) / 10, i,
			      "seed must be a decimal number from 0 to 18446744073709551615");
		*seed = *seed * 10 + digit;
	}
	luaL_argcheck(L, s != lua_tostring(L, i), i, "seed is empty");
	return 1;
}

static void optrng(lua_State *L, int i, arb_rng *rng)
{
	uint64_t seed;

	if (optseed(L, i, &seed))
		arb_rng_seed(rng, seed);
	else
		arb_rng_system(rng);
}

static int c960_random(lua_State *L)
{
	arb_rng rng;
	int n;

	optrng(L, 1, &rng);
	n = arb_chess960_random(&rng);
	if (n < 0)
		return arbI_lbind_failf(L, ARB_E_IO, "the operating system's random source failed");
	lua_pushinteger(L, n);
	return 1;
}

/* The `exclude` array at argument i (nil: none) into exclude[] without
 * repeats, *n set. Returns 1, or 0 with nil, msg, code pushed for a number
 * out of range; raises for a wrong type. */
static int checkexclude(lua_State *L, int i, int *exclude, int *n)
{
	char excluded[ARB_CHESS960_COUNT] = {0};
	size_t len, k;

	*n = 0;
	if (lua_isnoneornil(L, i))
		return 1;
	luaL_checktype(L, i, LUA_TTABLE);
	len = lua_rawlen(L, i);
	for (k = 1; k <= len; k++) {
		lua_Integer v;

		lua_rawgeti(L, i, (lua_Integer)k);
		if (lua_type(L, -1) != LUA_TNUMBER)
			luaL_argerror(L, i, "exclude must be an array of position numbers");
		v = lua_tointeger(L, -1);
		lua_pop(L, 1);
		if (v < 0 || v >= ARB_CHESS960_COUNT) {
			arbI_lbind_failf(L, ARB_E_ARGUMENT, "excluded number %lld is not in 0..959",
					 (long long)v);
			return 0;
		}
		if (!excluded[v]) { /* repeats are dropped: exclude[] never overflows */
			excluded[v] = 1;
			exclude[(*n)++] = (int)v;
		}
	}
	return 1;
}

/* [-0, +(0|3), v] The arguments draw and draw_double share: rounds (1), the
 * generator (2) and the exclusions (3). 0 when checkexclude pushed a
 * failure (return 3 then). */
static int draw_args(lua_State *L, lua_Integer *rounds, arb_rng *rng, int *exclude, int *nexclude)
{
	*rounds = luaL_checkinteger(L, 1);
	luaL_argcheck(L, *rounds >= 0, 1, "rounds must not be negative");
	optrng(L, 2, rng);
	return checkexclude(L, 3, exclude, nexclude);
}

static int c960_draw(lua_State *L)
{
	lua_Integer rounds;
	int exclude[ARB_CHESS960_COUNT], out[ARB_CHESS960_COUNT], nexclude = 0, i;
	int no_twins = lua_toboolean(L, 4);
	arb_error err;
	arb_status st;
	arb_rng rng;

	if (!draw_args(L, &rounds, &rng, exclude, &nexclude))
		return 3;
	/* out[] holds a whole draw: more rounds than positions fail anyway. */
	if (rounds > ARB_CHESS960_COUNT)
		return arbI_lbind_failf(L, ARB_E_ARGUMENT,
					"only %d positions can be drawn for %lld rounds",
					ARB_CHESS960_COUNT, (long long)rounds);
	st = arb_chess960_draw(&rng, (int)rounds, exclude, nexclude, no_twins, out, &err);
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	lua_createtable(L, (int)rounds, 0);
	for (i = 0; i < rounds; i++) {
		lua_pushinteger(L, out[i]);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int c960_draw_double(lua_State *L)
{
	lua_Integer rounds;
	int exclude[ARB_CHESS960_COUNT], nexclude = 0, *white, *black, i;
	arb_error err;
	arb_status st;
	arb_rng rng;

	if (!draw_args(L, &rounds, &rng, exclude, &nexclude))
		return 3;
	if (rounds > (lua_Integer)ARB_CHESS960_COUNT * ARB_CHESS960_COUNT)
		return arbI_lbind_failf(L, ARB_E_ARGUMENT,
					"only %d pairs can be drawn for %lld rounds",
					ARB_CHESS960_COUNT * ARB_CHESS960_COUNT, (long long)rounds);
	/* The two arrays in one userdata: the Lua heap frees them on any error. */
	white = lua_newuserdatauv(L, 2 * ((size_t)rounds + 1) * sizeof *white, 0);
	black = white + rounds + 1;
	st = arb_chess960_draw_double(&rng, (int)rounds, exclude, nexclude, white, black, &err);
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	lua_createtable(L, (int)rounds, 0);
	for (i = 0; i < rounds; i++) {
		lua_createtable(L, 2, 0);
		lua_pushinteger(L, white[i]);
		lua_rawseti(L, -2, 1);
		lua_pushinteger(L, black[i]);
		lua_rawseti(L, -2, 2);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* chess960.event_draw(seed, double, rounds, round, slot) -> white, black |
 * nil, msg, code: arb_chess960_event_draw. */
static int c960_event_draw(lua_State *L)
{
	uint64_t seed;
	int dbl = lua_toboolean(L, 2), w, b;
	lua_Integer rounds = luaL_checkinteger(L, 3), round = luaL_checkinteger(L, 4);
	lua_Integer slot = luaL_checkinteger(L, 5);
	arb_error err;
	arb_status st;

	luaL_argcheck(L, optseed(L, 1, &seed), 1, "seed expected (an integer or a decimal string)");
	luaL_argcheck(L, rounds >= 0 && rounds <= INT_MAX, 3, "rounds out of range");
	luaL_argcheck(L, round >= 0 && round <= INT_MAX, 4, "round out of range");
	luaL_argcheck(L, slot >= 0 && slot <= INT_MAX, 5, "slot out of range");
	st = arb_chess960_event_draw(seed, dbl, (int)rounds, (int)round, (int)slot, &w, &b, &err);
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
	lua_pushinteger(L, w);
	lua_pushinteger(L, b);
	return 2;
}

/* clang-format off */
static const luaL_Reg chess960_functions[] = {
	{"event_draw", c960_event_draw},
	{"position", c960_position},
	{"number", c960_number},
	{"back_rank", c960_back_rank},
	{"mirror", c960_mirror},
	{"random", c960_random},
	{"draw", c960_draw},
	{"draw_double", c960_draw_double},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg functions[] = {
	{"position", position_new},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * The library
 * ---------------------------------------------------------------------- */

/* [-0, +0, m] arbiter.position, the Position (with Position.new, the same function)
 * and Move types, and arbiter.chess960, into the module table on the top. */
void arbI_lbind_open_position(lua_State *L)
{
	luaL_setfuncs(L, functions, 0);
	arbI_lbind_addtype(L, "Position", POSITION, position_meta, position_methods);
	/* Position.new is arbiter.position, the same value (in LuaJIT each push
	 * of a C function makes a new closure). */
	lua_getfield(L, -1, "Position");
	lua_getfield(L, -2, "position");
	lua_setfield(L, -2, "new");
	lua_pop(L, 1);
	arbI_lbind_addtype(L, "Move", MOVE, move_meta, move_methods);
	luaL_newlib(L, chess960_functions);
	lua_setfield(L, -2, "chess960");
}
