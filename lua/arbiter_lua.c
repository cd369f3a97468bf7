/*
 * arbiter_lua.c -- the Lua module "arbiter": luaopen_arbiter and every
 * binding, written on the public header arbiter.h alone.
 *
 * One metatable per type ("arbiter.Position", "arbiter.Move",
 * "arbiter.TimeControl", "arbiter.Clock", "arbiter.Game",
 * "arbiter.PgnReader", "arbiter.Profile"), each with __index to a methods
 * table. Wrong argument types and values raise ("bad argument #n to 'f'");
 * expected failures of input (a bad FEN, an illegal move, a bad time
 * control, a file that cannot be opened, an unknown profile, an event that
 * cannot happen) return nil, message, status name. Library objects the Lua
 * heap cannot hold (arb_position, arb_clock, arb_pgn_reader, arb_profile,
 * arb_game are opaque) are allocated only after their userdata is on the
 * stack with its metatable, so an error at any later point leaves them to
 * __gc. Rule profiles come from the loader (profile.h), whose hooks run in
 * sandboxes of their own, never in the caller's state. Lua version
 * differences live in compat.h.
 *
 * ===================================================================
 * Lua API (module "arbiter")
 *
 * local arbiter = require "arbiter"
 *
 * Conventions: squares are names "a1".."h8" (methods that take a square also
 * accept 0..63, a1 = 0, h8 = 63); sides are "white" / "black"; times are
 * integer milliseconds. Functions marked "-> x | nil, msg, code" return nil,
 * a message and the library's status name ("ARB_E_FEN_CASTLING", ...) for
 * bad input; wrong argument types raise.
 *
 * arbiter.version                  library version, "MAJOR.MINOR.PATCH"
 * arbiter.Position, arbiter.Move, arbiter.TimeControl, arbiter.Clock,
 * arbiter.Game, arbiter.PgnReader, arbiter.Profile
 *                                  the metatables (methods in __index)
 *
 * Positions
 *   arbiter.position([fen [, mode]]) -> Position | nil, msg, code
 *   arbiter.Position.new([fen [, mode]])   (the same function)
 *       fen: FEN, X-FEN or Shredder-FEN; default the standard start position.
 *       mode: "auto" (default: Chess960 only when the castling field needs
 *       it), "standard" or "chess960" (with no fen: the start position in
 *       Chess960 notation).
 *   pos:fen([style])          style "xfen" (default) or "shredder"
 *   pos:moves()               array of Move, in generation order
 *   pos:uci_moves(), pos:san_moves()   arrays of strings, same order
 *   pos:play(m)               m: SAN ("Nf3", "O-O"; lenient: "0-0", "e8Q",
 *                             "Nb1d2", "e4!?") or UCI ("g1f3", "e7e8q";
 *                             castling "e1g1" or "e1h1"), or a Move
 *                             -> true | nil, msg, code (pos unchanged).
 *                             Text shaped like UCI (square, square, optional
 *                             piece letter) is read as UCI, anything else as
 *                             SAN. The null move ("0000", "--") is refused.
 *   pos:move(m)               the same without playing -> Move | nil, msg, code
 *   pos:copy()                an independent Position
 *   pos:side_to_move()        "white" | "black"
 *   pos:in_check(), pos:is_checkmate(), pos:is_stalemate()   booleans
 *   pos:is_chess960()         boolean (notation mode)
 *   pos:halfmove_clock(), pos:fullmove_number()              integers
 *   pos:ep_square()           "e3" | nil (only when an e.p. capture is legal)
 *   pos:piece_at(square)      "P", "N", "B", "R", "Q", "K" (white),
 *                             "p" ... "k" (black), nil for an empty square
 *   pos:key()                 Zobrist key as 16 hex digits (a string so it
 *                             survives LuaJIT's doubles)
 *   pos:perft(depth)          leaf count (depth 0..64)
 *   pos:divide(depth)         {[uci] = nodes, ...}, total (depth 1..64)
 *   pos:insufficient_material([side])   boolean: with a side, that side can
 *                             never mate by material; without, neither can
 *   pos:can_checkmate(side [, nodes])   -> verdict, line, nodes_used
 *                             verdict "winnable" | "unwinnable" |
 *                             "undetermined"; line: array of SAN strings
 *                             from this position to the mate (both sides
 *                             moving) when winnable, else nil. nodes bounds
 *                             the search (default: the library's).
 *   pos:svg([opts])           a diagram of the position as an SVG document
 *                             (a string; the board of `arbiter 960 --svg`
 *                             and `arbiter fen --svg`). opts: title (text
 *                             above the board; default who is to move, and
 *                             check, checkmate or stalemate; "" for none),
 *                             caption (below; default the X-FEN), flip
 *                             (true: Black at the bottom)
 *   pos:is_dead([nodes])      -> dead, verdict: dead is true only when
 *                             neither side can mate ("unwinnable"); an
 *                             "undetermined" answer gives false
 *   tostring(pos)             the X-FEN
 *   pos1 == pos2              the same position (FIDE 9.2): placement, side
 *                             to move, castling rights (by rook square) and
 *                             e.p. square; clocks and notation mode ignored
 *   pos:close(), <close>      frees the position now (later use raises)
 *
 * Moves (a Move remembers its UCI and SAN from the position it was made in)
 *   m:uci(), m:san()          strings; tostring(m) is the UCI
 *   m:from(), m:to()          square names; for castling to() is the rook's
 *                             square (the library's "king takes own rook")
 *   m:kind()                  "normal" | "promotion" | "en_passant" | "castling"
 *   m:promotion()             "n" | "b" | "r" | "q" | nil
 *   m1 == m2                  the same move encoding
 *
 * Chess960 (Scharnagl numbers 0..959; 518 is the standard array)
 *   arbiter.chess960.position(n [, black_n]) -> Position | nil, msg, code
 *                             (two numbers: a double-Chess960 pair)
 *   arbiter.chess960.number(x) -> n | n, black_n | nil, msg, code
 *                             x: a Position, a FEN, or a back rank such as
 *                             "RNBQKBNR"; a double-Chess960 pair (different
 *                             arrays) also returns Black's number
 *   arbiter.chess960.back_rank(n) -> "RNBQKBNR" | nil, msg, code
 *   arbiter.chess960.mirror(n)    -> the mirror twin's number | nil, msg, code
 *   arbiter.chess960.random([seed]) -> n   (nil, msg, code only if the
 *                             system's entropy source fails)
 *   arbiter.chess960.draw_double(rounds [, seed [, exclude]])
 *                             -> {{white, black}, ...} | nil, msg, code
 *       A double-Chess960 draw of distinct pairs, neither array excluded;
 *       round 1 is the pair of `arbiter 960 --double --random --seed`, all
 *       rounds those of `arbiter 960 --double --rounds R --seed`.
 *   arbiter.chess960.draw(rounds [, seed [, exclude [, no_twins]]])
 *                             -> {n1, n2, ...} | nil, msg, code
 *       A tournament draw of distinct positions, `exclude` an array of
 *       numbers never drawn, `no_twins` true to never draw a position and
 *       its mirror image. seed: a non-negative integer or a decimal string
 *       (up to 2^64 - 1); the same seed gives the same draw as `arbiter 960
 *       --seed`. Without a seed (nil) the operating system's entropy is used.
 *
 * Diagrams
 *   arbiter.svg(boards [, title]) -> SVG document (a string) | nil, msg, code
 *       One sheet with a grid of boards (up to 4 a row, in order), as
 *       `arbiter 960 --rounds R --svg` draws them. boards: a non-empty array
 *       whose items are a Position, a FEN, or a table {Position or FEN,
 *       title = ..., caption = ..., flip = ...} (the options of pos:svg).
 *       title: the document's title. A bad FEN gives nil, "board N: ...".
 *
 * Time controls and clocks
 *   arbiter.time_control(text) -> TimeControl | nil, msg, code
 *       text in PGN ("40/5400+30:1800+30"), TRF or US Chess ("G/90;d5")
 *       notation; the message names the column.
 *   tc:pgn(), tc:trf(), tc:uscf(), tc:text()   the control in a notation,
 *                             nil when it cannot be written in it (US Chess)
 *   tc:category(edition)      edition "fide1997" | "fide2009" | "fide2014" |
 *                             "fide2018" | "fide2023" | "uscf" | "online"
 *                             -> "standard", "rapid", "blitz", ... (raises
 *                             for an unknown edition)
 *   tc:kind()                 "unknown" ("?") | "none" ("-") | "periods" |
 *                             "sandclock"
 *   tc:periods([side])        array of {moves, base_ms, increment_ms,
 *                             increment_from, delay_ms, delay = "none" |
 *                             "simple" | "bronstein"}; moves 0 = rest of game
 *   tc:sandclock()            each side's time of a sandclock, or nil
 *   tc:uscf_default_delay()   US Chess 5E2 delay in ms when none is stated
 *   tostring(tc)              the PGN form; tc1 == tc2: the same clock
 *
 *   arbiter.clock(control [, mode]) -> Clock | nil, msg, code
 *       control: text or a TimeControl; mode "moves" (default: the next
 *       period's time comes when its moves are made, FIDE 6.3) or "flag"
 *       (when the flag falls). nil, msg for a control that is not timed.
 *       Every operation takes the time t (ms >= 0, never before the last
 *       operation that changed the clock). The operations return nothing
 *       (halve: the time deducted) and raise when refused, saying why
 *       (t before the last operation, clock not running, ...).
 *   clk:start(t)              White's clock starts
 *   clk:press(t)              the side to move completes a move
 *   clk:stop(t), clk:resume(t)   an arbiter's interruption
 *   clk:add(side, ms, t)      add (negative: deduct) time
 *   clk:set(side, ms, t)      set a side's time
 *   clk:halve(side, cap_ms, t) -> ms deducted (FIDE 1997 claim penalty)
 *   clk:set_turn(side, t), clk:set_moves(side, n, t)
 *   clk:remaining(side, t)    main time left at t
 *   clk:delay_left(t)         simple delay left of the move in progress
 *   clk:flags(t)              -> count, first_side | nil, when_ms | nil
 *   clk:flag_time(side, t)    when side's flag fell, or nil
 *   clk:running()             "white" | "black" | nil (not started, stopped)
 *   clk:moves(side)           moves completed by side
 *   clk:period(side)          1-based index into tc:periods(side)
 *   clk:close(), <close>      frees the clock now
 *
 * PGN (streaming: one game in memory at a time)
 *   arbiter.pgn.open(path [, options]) -> reader, nil, nil, reader
 *                                       | nil, msg, code
 *   arbiter.pgn.parse(text [, options]) the same over a string
 *       path "-" is standard input. options: a table of booleans
 *       {skip_variations, keep_partial, strict_san}. The four values make
 *       the reader its own for-loop iterator and closing value:
 *           for game in arbiter.pgn.open(path) do ... end
 *       closes the file when the loop ends, by break or error too (Lua 5.4;
 *       elsewhere the garbage collector closes it). For a file that may not
 *       open: for game in assert(arbiter.pgn.open(path)) do ... end
 *   reader() / reader:next()  -> the next Game, or nil at the end (the
 *                             reader is then closed). A broken game is
 *                             skipped and its error recorded in
 *                             reader:errors(); with keep_partial it is
 *                             returned up to the error instead, with the
 *                             message as a second value:
 *                                 for game, err in reader do ... end
 *                             A read error (I/O, memory) raises.
 *   reader:errors()           array of {game, line, column, message} (the
 *                             first 1000 errors are kept)
 *   reader:error_count(), reader:games()   games with errors, games read
 *                             (good and broken)
 *   reader:close(), reader:is_closed()
 *
 *   A Game is a snapshot of one game's tags, start position, main line,
 *   [%clk]/[%emt] readings and result (variations are not kept; the main
 *   line's comments only for profile:adjudicate), valid after the reader
 *   has moved on.
 *   game:number()             its number in the input (1-based, broken
 *                             games counted)
 *   game:tag(name)            value | nil;  game:tags() -> {name = value}
 *   game:result()             "1-0" | "0-1" | "1/2-1/2" | "*"
 *   game:ply_count()
 *   game:moves(), game:san_moves()   arrays of UCI / SAN strings
 *   game:start()              the start Position (a copy)
 *   game:position_at(ply)     the Position after `ply` plies (0 = start)
 *   game:positions()          iterator: for ply, pos, move in
 *                             game:positions() (ply 0 = start, move nil;
 *                             then each ply with the Move that led to it)
 *   game:clock(ply)           -> clk_ms | nil, emt_ms | nil: the [%clk]
 *                             and [%emt] readings after ply 1..n
 *   tostring(game)            "arbiter.Game N: White - Black Result, P plies"
 *
 * Competition rules (profiles/README.md is the schema of a profile)
 *   arbiter.profile(spec [, path]) -> Profile | nil, msg, code
 *       spec as for `arbiter adjudicate --profile`: "fide2014-blitz",
 *       "fide2014-blitz{supervision=full}", "uscf-standard{tc=G/90,delay=5}",
 *       "armageddon{base=fide2023-blitz}", "online", or a path to a .lua
 *       file (options in braces too). path: directories searched first
 *       (':'-separated), then $ARBITER_PATH, the source tree's profiles/,
 *       the installed ones. Failures: ARB_E_PROFILE (no such profile, a bad
 *       option or field, with the script's line).
 *   arbiter.profiles([path]) -> {{name = "fide2014", file = ...}, ...}
 *                             the profile scripts of the profile path,
 *                             sorted by name
 *   p:name()                  the spec as given; p:edition() ("FIDE 2014");
 *                             p:description(); p:file() (the script)
 *   p:get(field)              a field's value as text ("draw.threefold" ->
 *                             "claim", "articles.fivefold" -> "9.6a");
 *                             raises for an unknown field
 *   p:fields()                every field in table order: array of {name,
 *                             value, type = "enum" | "int" | "bool" |
 *                             "string", words (enums: the allowed values),
 *                             min, max (ints: the values allowed), doc,
 *                             article ("FIDE 2014 9.6a": the article it
 *                             models; nil when none)}
 *   p:adjudicate(game)        a Game (from arbiter.pgn): its moves, [%clk]
 *                             readings and comment commands ([%claim
 *                             threefold white], [%offer black], [%flag
 *                             white] ...), the ending its Result tag
 *                             implies when they do not end it; as
 *                             `arbiter adjudicate FILE`
 *   p:adjudicate(tokens [, start])   a token log ("e2e4 e7e5 offer:white
 *                             accept:black", the grammar of
 *                             `arbiter adjudicate --events`); start: a FEN
 *                             (X-FEN or Shredder-FEN; read as Chess960 when
 *                             the profile plays it) or a Position; default
 *                             the standard start (in Chess960 notation
 *                             under a Chess960 profile)
 *                             -> verdict | nil, msg, code: ARB_E_EVENT (a bad
 *                             token or an event that cannot happen: the
 *                             message names the column, or the ply and the
 *                             command), ARB_E_PROFILE (a hook failed),
 *                             ARB_E_FEN_* (the start)
 *       verdict: {result ("1-0", "0-1", "1/2-1/2", "*": scored), board (the
 *       result on the board), termination (PGN: "normal", "time forfeit"
 *       ...), reason ("threefold-claim", "" in play without a decision),
 *       detail, article ("FIDE 2014 9.2"), effects = {"+120s:black", ...}
 *       (an ended game: its ending's; in play: every decision's), trf =
 *       {white =, black =} (TRF codes "1" "=" "0" "+" "-", "" in play),
 *       points = {white =, black =} (text, by score.win/draw/loss or a
 *       hook), over (boolean), plies, events = {{ply, event (the token that
 *       caused it), result, board, reason, detail, article, effects, ends
 *       (boolean), note (0 a decision, 1 information, 2 a log entry)}, ...}}
 *       (the fields of `arbiter adjudicate --json`)
 *   tostring(p)               "arbiter.Profile SPEC (FILE)"; p1 == p2 only
 *                             for the same profile object
 *   p:close(), <close>        frees the profile (and its hooks' sandbox) now
 * ===================================================================
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "arbiter_lua.h"
#include "compat.h"
#include "profile.h"
#include "variant.h"

#if defined(__GNUC__)
#define ARB_LUA_EXPORT __attribute__((visibility("default")))
#else
#define ARB_LUA_EXPORT
#endif

/* The entry point: `require "arbiter"`, or package.preload["arbiter"]. */
ARB_LUA_EXPORT int luaopen_arbiter(lua_State *L);

/* How many PGN errors a reader keeps for reader:errors(). */
#ifndef ARB_LUA_PGN_ERRORS_KEPT
#define ARB_LUA_PGN_ERRORS_KEPT 1000
#endif

#define POSITION "arbiter.Position"
#define MOVE "arbiter.Move"
#define TIME_CONTROL "arbiter.TimeControl"
#define CLOCK "arbiter.Clock"
#define GAME "arbiter.Game"
#define READER "arbiter.PgnReader"
#define PROFILE "arbiter.Profile"
#define VARIANT "arbiter.Variant"
/* Internal: holds an arb_game while its verdict is built (not exposed). */
#define HOLDER "arbiter.GameHolder"
#define SHEET "arbiter.SvgSheet"

/* ------------------------------------------------------------------------
 * Shared helpers
 * ---------------------------------------------------------------------- */

static const char *const side_names[] = {"white", "black", NULL};
static const char *const verdict_names[] = {"undetermined", "winnable", "unwinnable"};

/* [-0, +3, m] nil, the library's message, the status name. */
static int pushfail(lua_State *L, const arb_error *err, arb_status st)
{
	lua_pushnil(L);
	lua_pushstring(L, err && err->message[0] ? err->message : arb_status_name(st));
	lua_pushstring(L, arb_status_name(st));
	return 3;
}

/* [-0, +3, m] nil, a formatted message (printf formats), the status name. */
static int failf(lua_State *L, arb_status st, const char *fmt, ...)
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
static const char *checktext(lua_State *L, int i, size_t *len)
{
	size_t n;
	const char *s = luaL_checklstring(L, i, &n);

	luaL_argcheck(L, strlen(s) == n, i, "string contains a zero byte");
	if (len)
		*len = n;
	return s;
}

static arb_color checkside(lua_State *L, int i)
{
	return (arb_color)luaL_checkoption(L, i, NULL, side_names);
}

/* [-0, +1, m] "white" / "black", nil for anything else (-1). */
static void pushside(lua_State *L, int side)
{
	if (side == ARB_WHITE || side == ARB_BLACK)
		lua_pushstring(L, side_names[side]);
	else
		lua_pushnil(L);
}

/* An integer argument that fits a C long (optionally >= 0). */
static long checklong(lua_State *L, int i, int nonnegative)
{
	lua_Integer v = luaL_checkinteger(L, i);

	luaL_argcheck(L, (lua_Integer)(long)v == v, i, "integer out of range");
	if (nonnegative)
		luaL_argcheck(L, v >= 0, i, "must not be negative");
	return (long)v;
}

/* A node budget: absent or nil = 0 (the library's default). */
static long optnodes(lua_State *L, int i)
{
	return lua_isnoneornil(L, i) ? 0 : checklong(L, i, 1);
}

/* A square: a name "a1".."h8" or an integer 0..63. */
static int checksquare(lua_State *L, int i)
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
static void pushsquare(lua_State *L, int sq)
{
	char name[3] = {(char)('a' + ARB_FILE(sq)), (char)('1' + ARB_RANK(sq)), 0};

	lua_pushstring(L, name);
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

/* [-0, +1, m] Creates metatable `name` with the metamethods `meta` and an
 * __index table of `methods`, and leaves it on the stack. */
static void newtype(lua_State *L, const char *name, const luaL_Reg *meta, const luaL_Reg *methods)
{
	luaL_newmetatable(L, name);
	luaL_setfuncs(L, meta, 0);
	lua_newtable(L);
	luaL_setfuncs(L, methods, 0);
	lua_setfield(L, -2, "__index");
}

/* ------------------------------------------------------------------------
 * Positions
 * ---------------------------------------------------------------------- */

typedef struct lposition {
	arb_position *pos; /* NULL once closed */
} lposition;

static const char *const fen_modes[] = {"auto", "standard", "chess960", NULL};
static const unsigned fen_mode_flags[] = {ARB_FEN_AUTO, ARB_FEN_STANDARD, ARB_FEN_CHESS960};

/* The open position at argument i (raises for a wrong type or a closed one). */
static arb_position *topos(lua_State *L, int i)
{
	lposition *p = luaL_checkudata(L, i, POSITION);

	if (!p->pos)
		luaL_error(L, "attempt to use a closed position");
	return p->pos;
}

/* [-0, +1, m] A new Position: a copy of src, or the start position. */
static arb_position *newpos(lua_State *L, const arb_position *src)
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
static void pushmove(lua_State *L, const arb_position *pos, arb_move m)
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
	const char *fen = lua_isnoneornil(L, 1) ? NULL : checktext(L, 1, NULL);
	int mode = luaL_checkoption(L, 2, "auto", fen_modes);
	arb_position *pos = newpos(L, NULL);
	arb_error err;
	arb_status st;

	if (!fen) {
		arb_position_set_chess960(pos, fen_mode_flags[mode] == ARB_FEN_CHESS960);
		return 1;
	}
	st = arb_position_set_fen(pos, fen, fen_mode_flags[mode], &err);
	return st == ARB_OK ? 1 : pushfail(L, &err, st);
}

static int position_fen(lua_State *L)
{
	static const char *const styles[] = {"xfen", "shredder", NULL};
	arb_position *pos = topos(L, 1);
	int style = luaL_checkoption(L, 2, "xfen", styles);
	char buf[ARB_FEN_MAX];

	arb_position_to_fen(pos, buf, sizeof buf, style ? ARB_FEN_SHREDDER : 0);
	lua_pushstring(L, buf);
	return 1;
}

static int position_moves(lua_State *L)
{
	arb_position *pos = topos(L, 1);
	arb_move list[ARB_MAX_MOVES];
	int n = arb_position_legal_moves(pos, list), i;

	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		pushmove(L, pos, list[i]);
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
	return pushmovetexts(L, topos(L, 1), 1);
}

static int position_uci_moves(lua_State *L)
{
	return pushmovetexts(L, topos(L, 1), 0);
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
	text = checktext(L, i, &len);
	return parse_move(pos, text, len, out, err);
}

/* [-0, +3, m] nil, msg, code for the move at argument i, which parsed (or
 * is a Move) but is not legal in the position. */
static int illegal(lua_State *L, int i)
{
	lmove *mv = luaL_testudata(L, i, MOVE);

	return failf(L, ARB_E_MOVE_ILLEGAL, "move %s is not legal here",
		     mv ? mv->uci : lua_tostring(L, i));
}

static int position_move(lua_State *L)
{
	arb_position *pos = topos(L, 1);
	arb_move m;
	arb_error err;
	arb_status st = tomove(L, pos, 2, &m, &err);

	if (st != ARB_OK)
		return pushfail(L, &err, st);
	if (!arb_position_is_legal(pos, m))
		return illegal(L, 2);
	pushmove(L, pos, m);
	return 1;
}

static int position_play(lua_State *L)
{
	arb_position *pos = topos(L, 1);
	arb_move m;
	arb_error err;
	arb_status st = tomove(L, pos, 2, &m, &err);

	if (st != ARB_OK)
		return pushfail(L, &err, st);
	if (arb_position_play(pos, m) != ARB_OK)
		return illegal(L, 2);
	lua_pushboolean(L, 1);
	return 1;
}

static int position_copy(lua_State *L)
{
	newpos(L, topos(L, 1));
	return 1;
}

static int position_side_to_move(lua_State *L)
{
	pushside(L, arb_position_side_to_move(topos(L, 1)));
	return 1;
}

static int position_in_check(lua_State *L)
{
	lua_pushboolean(L, arb_position_in_check(topos(L, 1)));
	return 1;
}

static int position_is_checkmate(lua_State *L)
{
	lua_pushboolean(L, arb_position_terminal(topos(L, 1)) == ARB_CHECKMATE);
	return 1;
}

static int position_is_stalemate(lua_State *L)
{
	lua_pushboolean(L, arb_position_terminal(topos(L, 1)) == ARB_STALEMATE);
	return 1;
}

static int position_is_chess960(lua_State *L)
{
	lua_pushboolean(L, arb_position_is_chess960(topos(L, 1)));
	return 1;
}

static int position_halfmove_clock(lua_State *L)
{
	lua_pushinteger(L, arb_position_halfmove_clock(topos(L, 1)));
	return 1;
}

static int position_fullmove_number(lua_State *L)
{
	lua_pushinteger(L, arb_position_fullmove_number(topos(L, 1)));
	return 1;
}

static int position_ep_square(lua_State *L)
{
	int sq = arb_position_ep_square(topos(L, 1));

	if (sq == ARB_NO_SQUARE)
		lua_pushnil(L);
	else
		pushsquare(L, sq);
	return 1;
}

static int position_piece_at(lua_State *L)
{
	static const char letters[] = " PNBRQK";
	arb_piece pc = arb_position_piece_at(topos(L, 1), checksquare(L, 2));
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

	snprintf(hex, sizeof hex, "%016llx", (unsigned long long)arb_position_key(topos(L, 1)));
	lua_pushstring(L, hex);
	return 1;
}

static int position_perft(lua_State *L)
{
	arb_position *pos = topos(L, 1);
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
	arb_position *pos = topos(L, 1);
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
	arb_position *pos = topos(L, 1);

	if (lua_isnoneornil(L, 2))
		lua_pushboolean(L, arb_position_insufficient_both(pos));
	else
		lua_pushboolean(L, arb_position_insufficient_material(pos, checkside(L, 2)));
	return 1;
}

/* [-0, +1, m] The SAN strings of `line` played from pos. */
static void pushsanline(lua_State *L, const arb_position *pos, const arb_move *line, int n)
{
	arb_position *tmp = newpos(L, pos);
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
	arb_position *pos = topos(L, 1);
	arb_color side = checkside(L, 2);
	long nodes = optnodes(L, 3);
	arb_analysis a;
	arb_verdict v = arb_can_checkmate(pos, side, nodes, &a);

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
	arb_position *pos = topos(L, 1);
	arb_verdict v = arb_position_dead(pos, optnodes(L, 2));

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

static int position_svg(lua_State *L); /* with the diagrams, below */

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
	{"svg", position_svg},
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
	pushsquare(L, ARB_MOVE_FROM(checkmove(L, 1)->move));
	return 1;
}

static int move_to(lua_State *L)
{
	pushsquare(L, ARB_MOVE_TO(checkmove(L, 1)->move));
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
		failf(L, ARB_E_ARGUMENT, "position number %lld is not in 0..959", (long long)v);
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
	pos = newpos(L, NULL);
	if (arb_chess960_position(pos, white, black) != ARB_OK)
		return failf(L, ARB_E_ARGUMENT, "no Chess960 position %d-%d", white, black);
	return 1;
}

static int c960_number(lua_State *L)
{
	const arb_position *pos;
	arb_error err;
	arb_status st;
	int white, black;

	if (luaL_testudata(L, 1, POSITION)) {
		pos = topos(L, 1);
	} else if (lua_type(L, 1) == LUA_TSTRING) {
		size_t len;
		const char *text = checktext(L, 1, &len);
		arb_position *p;

		if (len == 8 && !strchr(text, '/')) { /* a back rank */
			st = arb_chess960_number(text, &white, &err);
			if (st != ARB_OK)
				return pushfail(L, &err, st);
			lua_pushinteger(L, white);
			return 1;
		}
		p = newpos(L, NULL);
		st = arb_position_set_fen(p, text, ARB_FEN_CHESS960, &err);
		if (st != ARB_OK)
			return pushfail(L, &err, st);
		pos = p;
	} else {
		return luaL_argerror(L, 1,
				     lua_pushfstring(L,
						     POSITION ", FEN or back rank expected, got %s",
						     luaL_typename(L, 1)));
	}
	st = arb_chess960_identify(pos, &white, &black, &err);
	if (st != ARB_OK)
		return pushfail(L, &err, st);
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
		return failf(L, ARB_E_IO, "the operating system's random source failed");
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
			failf(L, ARB_E_ARGUMENT, "excluded number %lld is not in 0..959", (long long)v);
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
		return failf(L, ARB_E_ARGUMENT, "only %d positions can be drawn for %lld rounds",
			     ARB_CHESS960_COUNT, (long long)rounds);
	st = arb_chess960_draw(&rng, (int)rounds, exclude, nexclude, no_twins, out, &err);
	if (st != ARB_OK)
		return pushfail(L, &err, st);
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
		return failf(L, ARB_E_ARGUMENT, "only %d pairs can be drawn for %lld rounds",
			     ARB_CHESS960_COUNT * ARB_CHESS960_COUNT, (long long)rounds);
	/* The two arrays in one userdata: the Lua heap frees them on any error. */
	white = lua_newuserdatauv(L, 2 * ((size_t)rounds + 1) * sizeof *white, 0);
	black = white + rounds + 1;
	st = arb_chess960_draw_double(&rng, (int)rounds, exclude, nexclude, white, black, &err);
	if (st != ARB_OK)
		return pushfail(L, &err, st);
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

/* clang-format off */
static const luaL_Reg chess960_functions[] = {
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
		return failf(L, ARB_E_NOMEM, "not enough memory for the diagram");
	lua_pushlstring(L, h->buf, h->len);
	return 1;
}

static int position_svg(lua_State *L)
{
	const arb_position *pos = topos(L, 1);
	struct board_options o;
	lsheet *h;

	if (!lua_isnoneornil(L, 2))
		luaL_checktype(L, 2, LUA_TTABLE);
	board_options(L, lua_isnoneornil(L, 2) ? 0 : 2, 2, &o);
	h = newsheet(L, 1, NULL);
	if (arb_svg_board(h->svg, pos, o.title, o.caption, o.flags) != ARB_OK)
		return failf(L, ARB_E_NOMEM, "not enough memory for the diagram");
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
		return topos(L, -1);
	if (lua_type(L, -1) != LUA_TSTRING)
		luaL_argerror(L, 1,
			      lua_pushfstring(L, "board %d: " POSITION " or FEN expected, got %s", i,
					      luaL_typename(L, -1)));
	pos = newpos(L, NULL);
	st = arb_position_set_fen(pos, lua_tostring(L, -2), ARB_FEN_AUTO, &err);
	if (st != ARB_OK) {
		failf(L, st, "board %d: %s", i, err.message);
		return NULL;
	}
	return pos;
}

static int svg_sheet(lua_State *L)
{
	const char *title = lua_isnoneornil(L, 2) ? NULL : checktext(L, 2, NULL);
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
			return failf(L, ARB_E_NOMEM, "not enough memory for the diagram");
		lua_settop(L, top);
	}
	return pushsheet(L, h);
}

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
	const char *text = checktext(L, 1, NULL);
	arb_time_control tc;
	arb_error err;
	arb_status st = arb_tc_parse(text, &tc, &err);

	if (st != ARB_OK)
		return pushfail(L, &err, st);
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
	const char *edition = checktext(L, 2, NULL);
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
	arb_color side = lua_isnoneornil(L, 2) ? ARB_WHITE : checkside(L, 2);
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
	long t = checklong(L, i, 0);

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
		arb_status st = arb_tc_parse(checktext(L, 1, NULL), &tc, &err);

		if (st != ARB_OK)
			return pushfail(L, &err, st);
	} else {
		return luaL_argerror(
			L, 1,
			lua_pushfstring(L, "time control expected, got %s", luaL_typename(L, 1)));
	}
	mode = luaL_checkoption(L, 2, "moves", modes);
	if (tc.kind != ARB_TC_PERIODS && tc.kind != ARB_TC_SANDCLOCK)
		return failf(L, ARB_E_TIME_CONTROL, "time control '%s' is not timed",
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
	arb_color side = checkside(L, 2);
	long ms = checklong(L, 3, 0);
	long t = checktime(L, c, 4);

	return changed(L, c, arb_clock_add(c->clock, side, ms, t), t, "add");
}

static int clock_set(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = checkside(L, 2);
	long ms = checklong(L, 3, 1);
	long t = checktime(L, c, 4);

	return changed(L, c, arb_clock_set(c->clock, side, ms, t), t, "set");
}

static int clock_halve(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = checkside(L, 2);
	long cap = checklong(L, 3, 1);
	long t = checktime(L, c, 4);
	long d = arb_clock_halve(c->clock, side, cap, t);

	changed(L, c, d < 0 ? ARB_E_ARGUMENT : ARB_OK, t, "halve");
	lua_pushinteger(L, d);
	return 1;
}

static int clock_set_turn(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = checkside(L, 2);
	long t = checktime(L, c, 3);

	return changed(L, c, arb_clock_set_turn(c->clock, side, t), t, "set_turn");
}

static int clock_set_moves(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = checkside(L, 2);
	long moves = checklong(L, 3, 1);
	long t = checktime(L, c, 4);

	luaL_argcheck(L, moves <= INT_MAX, 3, "too many moves");
	return changed(L, c, arb_clock_set_moves(c->clock, side, (int)moves, t), t, "set_moves");
}

static int clock_remaining(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = checkside(L, 2);

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
	pushside(L, first);
	lua_pushinteger(L, when);
	return 3;
}

static int clock_flag_time(lua_State *L)
{
	lclock *c = toclock(L, 1);
	arb_color side = checkside(L, 2);
	long when = arb_clock_flag_time(c->clock, side, checktime(L, c, 3));

	if (when < 0)
		lua_pushnil(L);
	else
		lua_pushinteger(L, when);
	return 1;
}

static int clock_running(lua_State *L)
{
	pushside(L, arb_clock_running(toclock(L, 1)->clock));
	return 1;
}

static int clock_moves(lua_State *L)
{
	lclock *c = toclock(L, 1);

	lua_pushinteger(L, arb_clock_moves(c->clock, checkside(L, 2)));
	return 1;
}

static int clock_period(lua_State *L)
{
	lclock *c = toclock(L, 1);

	lua_pushinteger(L, arb_clock_period(c->clock, checkside(L, 2)) + 1);
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
			running >= 0 ? side_names[running] :
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

/* ------------------------------------------------------------------------
 * Games: snapshots of the records a PGN reader returns
 *
 * A record belongs to the reader and dies at its next game, so a Game copies
 * what it offers into one userdata block: the header, then the per-ply clock
 * readings, the tag string pointers, the comment pointers, the moves and the
 * strings. Only the start position lives outside (arb_position is opaque),
 * freed by __gc. The main line's comments are kept (not shown) because they
 * carry the events profile:adjudicate reads ([%claim ...], [%flag ...]).
 * ---------------------------------------------------------------------- */

typedef struct lgame {
	arb_position *start; /* owned; NULL only while being built */
	long number;
	int plies, ntags;
	long *clk, *emt;   /* per ply, ARB_NO_CLOCK when absent */
	const char **tags; /* name, value, name, value, ... */
	/* plies + 1: the comment before the first move, then after each move;
	 * NULL when none */
	const char **comments;
	arb_move *moves;
	const char *result;
} lgame;

static lgame *checkgame(lua_State *L, int i)
{
	lgame *g = luaL_checkudata(L, i, GAME);

	if (!g->start)
		luaL_error(L, "attempt to use an incomplete game");
	return g;
}

/* Copies s to *at and returns the copy. */
static const char *keep(char **at, const char *s)
{
	size_t n = strlen(s) + 1;
	char *copy = *at;

	memcpy(copy, s, n);
	*at += n;
	return copy;
}

/* The comment of the main line at `ply` (0: before the first move, else
 * after move `ply`), or NULL. */
static const char *mainline_comment(const arb_record *rec, int ply)
{
	return arb_record_node_comment(rec, ply == 0 ? 0 : arb_record_mainline_node(rec, ply - 1));
}

/* [-0, +1, m] A Game holding a snapshot of rec, game `number` of its input. */
static void pushgame(lua_State *L, const arb_record *rec, long number)
{
	int plies = arb_record_ply_count(rec), ntags = arb_record_tag_count(rec), i;
	const char *result = arb_record_result(rec);
	size_t size = sizeof(lgame), strings = strlen(result) + 1;
	lgame *g;
	char *blob;

	for (i = 0; i < ntags; i++)
		strings += strlen(arb_record_tag_name(rec, i)) +
			   strlen(arb_record_tag_value(rec, i)) + 2;
	for (i = 0; i <= plies; i++) {
		const char *comment = mainline_comment(rec, i);

		if (comment)
			strings += strlen(comment) + 1;
	}
	size += (size_t)plies * (2 * sizeof(long) + sizeof(arb_move)) +
		((size_t)ntags * 2 + (size_t)plies + 1) * sizeof(char *) + strings;
	g = lua_newuserdatauv(L, size, 0);
	g->start = NULL;
	luaL_setmetatable(L, GAME);
	g->number = number;
	g->plies = plies;
	g->ntags = ntags;
	g->clk = (long *)(g + 1);
	g->emt = g->clk + plies;
	g->tags = (const char **)(g->emt + plies);
	g->comments = g->tags + 2 * ntags;
	g->moves = (arb_move *)(g->comments + plies + 1);
	blob = (char *)(g->moves + plies);
	for (i = 0; i < plies; i++) {
		int node = arb_record_mainline_node(rec, i);

		g->moves[i] = arb_record_move(rec, i);
		g->clk[i] = arb_record_node_clock(rec, node, ARB_CMD_CLK);
		g->emt[i] = arb_record_node_clock(rec, node, ARB_CMD_EMT);
	}
	for (i = 0; i < ntags; i++) {
		g->tags[2 * i] = keep(&blob, arb_record_tag_name(rec, i));
		g->tags[2 * i + 1] = keep(&blob, arb_record_tag_value(rec, i));
	}
	for (i = 0; i <= plies; i++) {
		const char *comment = mainline_comment(rec, i);

		g->comments[i] = comment ? keep(&blob, comment) : NULL;
	}
	g->result = keep(&blob, result);
	g->start = arb_position_clone(arb_record_start(rec));
	if (!g->start)
		luaL_error(L, "not enough memory");
}

/* [-0, +1, m] A scratch Position at the game's start, played on `plies` moves. */
static arb_position *replay(lua_State *L, const lgame *g, int plies)
{
	arb_position *pos = newpos(L, g->start);
	int i;

	for (i = 0; i < plies; i++) {
		arb_undo u;

		arb_position_do_move(pos, g->moves[i], &u);
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
	const char *name = luaL_checkstring(L, 2);
	int i;

	for (i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[2 * i], name) == 0) {
			lua_pushstring(L, g->tags[2 * i + 1]);
			return 1;
		}
	lua_pushnil(L);
	return 1;
}

static int game_tags(lua_State *L)
{
	lgame *g = checkgame(L, 1);
	int i;

	lua_createtable(L, 0, g->ntags);
	for (i = 0; i < g->ntags; i++) {
		lua_pushstring(L, g->tags[2 * i + 1]);
		lua_setfield(L, -2, g->tags[2 * i]);
	}
	return 1;
}

static int game_result(lua_State *L)
{
	lua_pushstring(L, checkgame(L, 1)->result);
	return 1;
}

static int game_ply_count(lua_State *L)
{
	lua_pushinteger(L, checkgame(L, 1)->plies);
	return 1;
}

/* [-0, +1, m] The main line as UCI or SAN strings. */
static int pushgametexts(lua_State *L, const lgame *g, int san)
{
	arb_position *pos = replay(L, g, 0);
	int i;

	lua_createtable(L, g->plies, 0);
	for (i = 0; i < g->plies; i++) {
		char buf[ARB_SAN_MAX];
		arb_undo u;

		if (san)
			arb_move_to_san(pos, g->moves[i], buf);
		else
			arb_move_to_uci(pos, g->moves[i], buf);
		lua_pushstring(L, buf);
		lua_rawseti(L, -2, i + 1);
		arb_position_do_move(pos, g->moves[i], &u);
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

	luaL_argcheck(L, ply >= 0 && ply <= g->plies, 2, "ply out of range");
	replay(L, g, (int)ply);
	return 1;
}

static int game_clock(lua_State *L)
{
	lgame *g = checkgame(L, 1);
	lua_Integer ply = luaL_checkinteger(L, 2);
	long clk, emt;

	luaL_argcheck(L, ply >= 1 && ply <= g->plies, 2, "ply out of range");
	clk = g->clk[ply - 1];
	emt = g->emt[ply - 1];
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
	arb_position *pos = topos(L, lua_upvalueindex(2));
	lua_Integer ply = lua_tointeger(L, lua_upvalueindex(3));

	if (ply > g->plies)
		return 0;
	lua_pushinteger(L, ply + 1);
	lua_replace(L, lua_upvalueindex(3));
	lua_pushinteger(L, ply);
	if (ply == 0) {
		newpos(L, pos);
		return 2;
	} else {
		arb_undo u;

		pushmove(L, pos, g->moves[ply - 1]);
		arb_position_do_move(pos, g->moves[ply - 1], &u);
		newpos(L, pos);
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

	arb_position_free(g->start);
	g->start = NULL;
	return 0;
}

static int game_tostring(lua_State *L)
{
	lgame *g = luaL_checkudata(L, 1, GAME);
	const char *white = "?", *black = "?";
	int i;

	for (i = 0; i < g->ntags; i++) {
		if (strcmp(g->tags[2 * i], "White") == 0)
			white = g->tags[2 * i + 1];
		else if (strcmp(g->tags[2 * i], "Black") == 0)
			black = g->tags[2 * i + 1];
	}
	lua_pushfstring(L, GAME " %d: %s - %s %s, %d %s", (int)g->number, white, black,
			g->result, g->plies, g->plies == 1 ? "ply" : "plies");
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
	const char *path = checktext(L, 1, NULL);
	unsigned flags = pgn_flags(L, 2);
	lreader *r;
	arb_error err;

	lua_settop(L, 2);
	r = newreader(L, 0);
	memset(&err, 0, sizeof err);
	r->reader = arb_pgn_reader_open(path, flags, &err);
	if (!r->reader)
		return pushfail(L, &err, err.code != ARB_OK ? err.code : ARB_E_NOMEM);
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
 * Rule profiles and adjudication
 *
 * A Profile owns an arb_profile (profile.h): its rules and, when the script
 * has hooks, the sandbox they run in, a Lua state of its own. This state
 * only calls arb_game functions, which call the hooks there. While a
 * verdict is built, the arb_game lives in a holder userdata (HOLDER, not
 * exposed) so that an error leaves it to __gc.
 *
 * A Game (a PGN snapshot) is adjudicated through a record read back from
 * PGN text written from the snapshot: the public API can neither copy a
 * record nor set a comment, and the text holds all that
 * arb_game_from_record reads (tags, start, main line, its comments, result).
 * ---------------------------------------------------------------------- */

typedef struct lprofile {
	arb_profile *profile; /* NULL when loading failed, or once closed */
} lprofile;

typedef struct lholder {
	arb_game *game; /* owned; NULL when none */
} lholder;

static const char *const rules_type_names[] = {"enum", "int", "bool", "string"};

/* The open profile at argument i (raises for a wrong type or a closed
 * profile), and its rules. */
static const arb_profile *toprofile(lua_State *L, int i)
{
	lprofile *p = luaL_checkudata(L, i, PROFILE);

	if (!p->profile)
		luaL_error(L, "attempt to use a closed profile");
	return p->profile;
}

static const arb_rules *torules(lua_State *L, int i)
{
	return arb_profile_rules(toprofile(L, i));
}

/* [-0, +0, m] t[key] = s for the table on the top. */
static void setstring(lua_State *L, const char *key, const char *s)
{
	lua_pushstring(L, s);
	lua_setfield(L, -2, key);
}

/* arbiter.profile(spec [, path]) -> Profile | nil, msg, code */
static int profile_new(lua_State *L)
{
	const char *spec = checktext(L, 1, NULL);
	const char *path = lua_isnoneornil(L, 2) ? NULL : checktext(L, 2, NULL);
	lprofile *p;
	arb_error err;

	lua_settop(L, 2);
	p = lua_newuserdatauv(L, sizeof *p, 0);
	p->profile = NULL;
	luaL_setmetatable(L, PROFILE);
	memset(&err, 0, sizeof err);
	p->profile = arb_profile_load(spec, path, &err);
	if (!p->profile)
		return pushfail(L, &err, err.code != ARB_OK ? err.code : ARB_E_NOMEM);
	return 1;
}

/* What arbiter.profiles collects: counted first (at == NULL), then copied
 * as name, file, name, file... into [at, end). */
typedef struct listing {
	char *at, *end;
	size_t need;
	int n;
} listing;

static void list_one(const char *name, const char *file, void *ctx)
{
	listing *l = ctx;
	size_t a = strlen(name) + 1, b = strlen(file) + 1;

	l->need += a + b;
	if (l->at && (size_t)(l->end - l->at) >= a + b) {
		memcpy(l->at, name, a);
		memcpy(l->at + a, file, b);
		l->at += a + b;
		l->n++;
	}
}

/* [-0, +1, m] The scripts a lister (arb_profile_list, arb_variant_list)
 * finds in the path of argument 1 (nil: the default path), as
 * {{name =, file =}, ...}. The library's list is copied into a userdata
 * (sized by a first pass) before any table is made: a memory error while
 * making them must not unwind through the lister. */
static int push_listing(lua_State *L, int (*list)(const char *path,
						   void (*fn)(const char *, const char *, void *),
						   void *ctx))
{
	const char *path = lua_isnoneornil(L, 1) ? NULL : checktext(L, 1, NULL);
	listing l = {NULL, NULL, 0, 0};
	const char *s;
	char *buf;
	int i;

	if (list(path, list_one, &l) < 0)
		return luaL_error(L, "not enough memory");
	buf = lua_newuserdatauv(L, l.need + 1, 0);
	l.at = buf;
	l.end = buf + l.need;
	l.n = 0;
	if (list(path, list_one, &l) < 0)
		return luaL_error(L, "not enough memory");
	lua_createtable(L, l.n, 0);
	for (i = 0, s = buf; i < l.n; i++) {
		lua_createtable(L, 0, 2);
		setstring(L, "name", s);
		s += strlen(s) + 1;
		setstring(L, "file", s);
		s += strlen(s) + 1;
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* arbiter.profiles([path]) -> { {name = , file = }, ... } sorted by name */
static int profile_list(lua_State *L) { return push_listing(L, arb_profile_list); }

static int profile_name(lua_State *L)
{
	lua_pushstring(L, torules(L, 1)->name);
	return 1;
}

static int profile_edition(lua_State *L)
{
	lua_pushstring(L, torules(L, 1)->edition);
	return 1;
}

static int profile_description(lua_State *L)
{
	lua_pushstring(L, torules(L, 1)->description);
	return 1;
}

static int profile_file(lua_State *L)
{
	lua_pushstring(L, arb_profile_file(toprofile(L, 1)));
	return 1;
}

static int profile_get(lua_State *L)
{
	const arb_rules *rules = torules(L, 1);
	const char *name = checktext(L, 2, NULL);
	char value[ARB_RULES_VALUE];

	if (arb_rules_get(rules, name, value, sizeof value) < 0)
		return luaL_argerror(L, 2, lua_pushfstring(L, "unknown field '%s'", name));
	lua_pushstring(L, value);
	return 1;
}

/* [-0, +1, m] One row of the field table with the profile's value. */
static void pushfield(lua_State *L, const arb_rules *rules, const arb_rules_field *f)
{
	char value[ARB_RULES_VALUE], article[ARB_RULES_TEXT + ARB_RULES_ARTICLE + 8];
	int i;

	if (arb_rules_get(rules, f->name, value, sizeof value) < 0)
		value[0] = '\0';
	lua_createtable(L, 0, 6);
	setstring(L, "name", f->name);
	setstring(L, "value", value);
	if ((unsigned)f->article < ARB_ART_COUNT) {
		arb_rules_cite(rules, f->article, article, sizeof article);
		setstring(L, "article", article);
	}
	setstring(L, "doc", f->doc);
	setstring(L, "type", rules_type_names[f->type]);
	if (f->type == ARB_RULES_INT) {
		lua_pushinteger(L, f->min);
		lua_setfield(L, -2, "min");
		lua_pushinteger(L, f->max);
		lua_setfield(L, -2, "max");
	}
	if (f->words) {
		lua_newtable(L);
		for (i = 0; f->words[i]; i++) {
			lua_pushstring(L, f->words[i]);
			lua_rawseti(L, -2, i + 1);
		}
		lua_setfield(L, -2, "words");
	}
}

static int profile_fields(lua_State *L)
{
	const arb_rules *rules = torules(L, 1);
	arb_rules_field f;
	int i;

	lua_newtable(L);
	for (i = 0; arb_rules_field_at(i, &f); i++) {
		pushfield(L, rules, &f);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* ---- the verdict --------------------------------------------------------- */

/* [-0, +1, m] An array of effect strings. */
static void pusheffects(lua_State *L, int n, const char (*effects)[24])
{
	int i;

	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		lua_pushstring(L, effects[i]);
		lua_rawseti(L, -2, i + 1);
	}
}

/* [-0, +1, m] {white = white, black = black} */
static void pushsides(lua_State *L, const char *white, const char *black)
{
	lua_createtable(L, 0, 2);
	setstring(L, "white", white);
	setstring(L, "black", black);
}

/* [-0, +1, m] One decision: {ply, event, result, board, reason, detail,
 * article, effects, ends, note}. */
static void pushdecision(lua_State *L, const arb_game *game, const arb_decision *d)
{
	char token[ARB_EVENT_TEXT + 16];

	lua_createtable(L, 0, 10);
	lua_pushinteger(L, d->ply);
	lua_setfield(L, -2, "ply");
	if (d->event >= 0 && d->event < arb_game_event_count(game)) {
		arb_event_format(arb_game_event_at(game, d->event), token, sizeof token);
		setstring(L, "event", token);
	}
	setstring(L, "result", d->result);
	setstring(L, "board", d->board);
	setstring(L, "reason", d->reason);
	setstring(L, "detail", d->detail);
	setstring(L, "article", d->article);
	pusheffects(L, d->neffects, (const char(*)[24])d->effects);
	lua_setfield(L, -2, "effects");
	lua_pushboolean(L, d->ends);
	lua_setfield(L, -2, "ends");
	lua_pushinteger(L, d->note);
	lua_setfield(L, -2, "note");
}

/* [-0, +1, m] The game's standing (arb_game_result_get) and its decisions. */
static int pushverdict(lua_State *L, const arb_game *game)
{
	arb_game_result r;
	int i, n = arb_game_decision_count(game);

	arb_game_result_get(game, &r);
	lua_createtable(L, 0, 13);
	setstring(L, "result", r.result);
	setstring(L, "board", r.board);
	setstring(L, "termination", r.termination);
	setstring(L, "reason", r.reason);
	setstring(L, "detail", r.detail);
	setstring(L, "article", r.article);
	pusheffects(L, r.neffects, (const char(*)[24])r.effects);
	lua_setfield(L, -2, "effects");
	pushsides(L, r.trf[ARB_WHITE], r.trf[ARB_BLACK]);
	lua_setfield(L, -2, "trf");
	pushsides(L, r.points[ARB_WHITE], r.points[ARB_BLACK]);
	lua_setfield(L, -2, "points");
	lua_pushboolean(L, arb_game_over(game));
	lua_setfield(L, -2, "over");
	lua_pushinteger(L, arb_game_ply_count(game));
	lua_setfield(L, -2, "plies");
	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		pushdecision(L, game, arb_game_decision(game, i));
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "events");
	return 1;
}

/* [-0, +1, m] An empty holder for an arb_game. */
static lholder *newholder(lua_State *L)
{
	lholder *h = lua_newuserdatauv(L, sizeof *h, 0);

	h->game = NULL;
	luaL_setmetatable(L, HOLDER);
	return h;
}

static int holder_gc(lua_State *L)
{
	lholder *h = luaL_checkudata(L, 1, HOLDER);

	arb_game_free(h->game);
	h->game = NULL;
	return 0;
}

/* ---- a Game as PGN text ------------------------------------------------- */

/* Adds a comment as the reader stored it (blanks collapsed, so on one
 * line): in braces, or after ';' when it holds a '}' (it came from a
 * rest-of-line comment then), as arb_pgn_write does. */
static void addcomment(luaL_Buffer *b, const char *text)
{
	if (strchr(text, '}')) {
		luaL_addchar(b, ';');
		luaL_addstring(b, text);
	} else {
		luaL_addchar(b, '{');
		luaL_addstring(b, text);
		luaL_addchar(b, '}');
	}
	luaL_addchar(b, '\n');
}

/* Adds a tag pair, the value's '"' and '\' escaped. */
static void addtag(luaL_Buffer *b, const char *name, const char *value)
{
	luaL_addchar(b, '[');
	luaL_addstring(b, name);
	luaL_addstring(b, " \"");
	for (; *value; value++) {
		if (*value == '"' || *value == '\\')
			luaL_addchar(b, '\\');
		luaL_addchar(b, *value);
	}
	luaL_addstring(b, "\"]\n");
}

/* [-0, +1, m] The snapshot as a PGN game: its tags as read (the FEN and
 * Variant tags give the same start again), the main line in SAN with its
 * comments, the result. */
static void pushgamepgn(lua_State *L, const lgame *g)
{
	arb_position *pos = replay(L, g, 0);
	int number = arb_position_fullmove_number(pos), i;
	luaL_Buffer b;

	luaL_buffinit(L, &b);
	for (i = 0; i < g->ntags; i++)
		addtag(&b, g->tags[2 * i], g->tags[2 * i + 1]);
	luaL_addchar(&b, '\n');
	if (g->comments[0])
		addcomment(&b, g->comments[0]);
	for (i = 0; i < g->plies; i++) {
		char text[ARB_SAN_MAX + 24];
		arb_undo u;
		int white = arb_position_side_to_move(pos) == ARB_WHITE;
		int n = 0;

		if (white || i == 0)
			n = snprintf(text, sizeof text, "%d%s ", number, white ? "." : "...");
		arb_move_to_san(pos, g->moves[i], text + n);
		luaL_addstring(&b, text);
		luaL_addchar(&b, (g->comments[i + 1] || white) ? ' ' : '\n');
		if (g->comments[i + 1])
			addcomment(&b, g->comments[i + 1]);
		arb_position_do_move(pos, g->moves[i], &u);
		if (!white)
			number++;
	}
	luaL_addstring(&b, g->result);
	luaL_addchar(&b, '\n');
	luaL_pushresult(&b);
	lua_remove(L, -2); /* the scratch position */
}

/* ---- adjudicate ---------------------------------------------------------- */

/* p:adjudicate(game) with the Game at argument 2. */
static int adjudicate_game(lua_State *L, const arb_rules *rules, const lgame *g)
{
	char name[64];
	arb_record *rec = NULL;
	arb_error err;
	arb_status st;
	lreader *r;
	lholder *h;

	luaL_argcheck(L, lua_isnoneornil(L, 3), 3, "a Game has its own start position");
	lua_settop(L, 2);
	pushgamepgn(L, g);
	r = newreader(L, 0);
	r->text = lua_tolstring(L, 3, &r->len);
	snprintf(name, sizeof name, GAME " %ld", g->number);
	r->reader = arb_pgn_reader_new(read_text, r, name, 0);
	if (!r->reader)
		return luaL_error(L, "not enough memory");
	memset(&err, 0, sizeof err);
	st = arb_pgn_next(r->reader, &rec, &err);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK || !rec)
		return pushfail(L, &err, st != ARB_OK ? st : ARB_E_PGN);
	h = newholder(L);
	h->game = arb_game_from_record(rec, rules, &err);
	closereader(r);
	if (!h->game) {
		if (err.code == ARB_E_NOMEM || err.code == ARB_OK)
			return luaL_error(L, "not enough memory");
		return pushfail(L, &err, err.code);
	}
	pushverdict(L, h->game);
	arb_game_free(h->game);
	h->game = NULL;
	return 1;
}

/* The start position of a token log at argument 3: nil (the standard
 * start), a FEN or a Position. A FEN is read as Chess960 when the profile
 * plays Chess960, else as its castling field says (as `adjudicate --fen`).
 * Returns ARB_OK with *start set (NULL: the standard start), or a status
 * with err. */
static arb_status tokens_start(lua_State *L, const arb_rules *rules, const arb_position **start,
			       arb_error *err)
{
	unsigned mode = rules->chess960 ? ARB_FEN_CHESS960 : ARB_FEN_AUTO;
	arb_position *pos;

	*start = NULL;
	if (lua_isnoneornil(L, 3)) {
		if (rules->chess960) {
			pos = newpos(L, NULL);
			arb_position_set_chess960(pos, 1);
			*start = pos;
		}
		return ARB_OK;
	}
	if (luaL_testudata(L, 3, POSITION)) {
		*start = topos(L, 3);
		return ARB_OK;
	}
	if (lua_type(L, 3) != LUA_TSTRING)
		luaL_argerror(L, 3,
			      lua_pushfstring(L, "FEN or " POSITION " expected, got %s",
					      luaL_typename(L, 3)));
	checktext(L, 3, NULL);
	pos = newpos(L, NULL);
	*start = pos;
	return arb_position_set_fen(pos, lua_tostring(L, 3), mode, err);
}

/* p:adjudicate(tokens [, fen]) with the token string at argument 2. */
static int adjudicate_tokens(lua_State *L, const arb_rules *rules)
{
	const char *tokens = checktext(L, 2, NULL);
	const arb_position *start;
	arb_error err;
	arb_status st;
	lholder *h;

	lua_settop(L, 3);
	memset(&err, 0, sizeof err);
	st = tokens_start(L, rules, &start, &err);
	if (st != ARB_OK)
		return pushfail(L, &err, st);
	h = newholder(L);
	h->game = arb_game_new(rules, start, NULL);
	if (!h->game)
		return luaL_error(L, "not enough memory");
	st = arb_game_tokens(h->game, tokens, &err);
	if (st == ARB_E_NOMEM)
		return luaL_error(L, "not enough memory");
	if (st != ARB_OK) {
		/* The engine's message names the column; say it when it does not. */
		if (err.column > 0 && !strstr(err.message, "column"))
			return failf(L, st, "column %d: %s", err.column, err.message);
		return pushfail(L, &err, st);
	}
	pushverdict(L, h->game);
	arb_game_free(h->game);
	h->game = NULL;
	return 1;
}

static int profile_adjudicate(lua_State *L)
{
	const arb_rules *rules = torules(L, 1);
	const lgame *g = luaL_testudata(L, 2, GAME);

	if (g)
		return adjudicate_game(L, rules, checkgame(L, 2));
	if (lua_type(L, 2) != LUA_TSTRING)
		return luaL_argerror(L, 2,
				     lua_pushfstring(L, GAME " or event tokens expected, got %s",
						     luaL_typename(L, 2)));
	return adjudicate_tokens(L, rules);
}

static int profile_close(lua_State *L)
{
	lprofile *p = luaL_checkudata(L, 1, PROFILE);

	arb_profile_free(p->profile);
	p->profile = NULL;
	return 0;
}

static int profile_tostring(lua_State *L)
{
	lprofile *p = luaL_checkudata(L, 1, PROFILE);

	if (!p->profile)
		lua_pushliteral(L, PROFILE " (closed)");
	else
		lua_pushfstring(L, PROFILE " %s (%s)", arb_profile_rules(p->profile)->name,
				arb_profile_file(p->profile));
	return 1;
}

/* Profiles are equal only to themselves (each load has its own hooks). */
static int profile_eq(lua_State *L)
{
	lua_pushboolean(L, lua_rawequal(L, 1, 2));
	return 1;
}

/* clang-format off */
static const luaL_Reg profile_meta[] = {
	{"__gc", profile_close},
	{"__close", profile_close},
	{"__tostring", profile_tostring},
	{"__eq", profile_eq},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg profile_methods[] = {
	{"name", profile_name},
	{"edition", profile_edition},
	{"description", profile_description},
	{"file", profile_file},
	{"get", profile_get},
	{"fields", profile_fields},
	{"adjudicate", profile_adjudicate},
	{"close", profile_close},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg holder_meta[] = {
	{"__gc", holder_gc},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * Variants: variant scripts (lua/variant.h) found by name
 * ---------------------------------------------------------------------- */

typedef struct lvariant {
	arb_variant *variant; /* NULL once closed */
} lvariant;

static const arb_variant *tovariant(lua_State *L, int i)
{
	lvariant *v = luaL_checkudata(L, i, VARIANT);

	luaL_argcheck(L, v->variant != NULL, i, "the variant is closed");
	return v->variant;
}

/* arbiter.variant(name [, path]) -> Variant | nil, msg, "ARB_E_PROFILE".
 * name: a script in the variant path (lua/datapath.h) or a .lua file. */
static int variant_new(lua_State *L)
{
	const char *name = checktext(L, 1, NULL);
	const char *path = lua_isnoneornil(L, 2) ? NULL : checktext(L, 2, NULL);
	char err[ARB_ERROR_MESSAGE_SIZE];
	lvariant *v = lua_newuserdatauv(L, sizeof *v, 0);

	v->variant = NULL;
	luaL_setmetatable(L, VARIANT);
	v->variant = arb_variant_find(name, path, err, sizeof err);
	if (v->variant == NULL)
		return failf(L, ARB_E_PROFILE, "%s", err);
	return 1;
}

/* arbiter.variants([path]) -> { {name = , file = }, ... } sorted by name */
static int variant_list(lua_State *L) { return push_listing(L, arb_variant_list); }

static int variant_name(lua_State *L)
{
	lua_pushstring(L, arb_variant_name(tovariant(L, 1)));
	return 1;
}

/* Variant:pgn() -> { "Chess960", ... } the Variant tag values that select it */
static int variant_pgn(lua_State *L)
{
	const arb_variant *v = tovariant(L, 1);
	int n = arb_variant_pgn_count(v);

	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_pushstring(L, arb_variant_pgn(v, i));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* Variant:position([seed]) -> Position | nil, msg, code: the start (a
 * random draw is reproducible with a seed, else from the system's entropy) */
static int variant_position(lua_State *L)
{
	const arb_variant *v = tovariant(L, 1);
	int seeded = !lua_isnoneornil(L, 2);
	lua_Integer seed = seeded ? luaL_checkinteger(L, 2) : 0;
	char err[ARB_ERROR_MESSAGE_SIZE];
	arb_position *pos = newpos(L, NULL);
	arb_status st = arb_variant_start(v, (uint64_t)seed, seeded, pos, err, sizeof err);

	if (st != ARB_OK)
		return failf(L, st, "%s", err);
	return 1;
}

static int variant_close(lua_State *L)
{
	lvariant *v = luaL_checkudata(L, 1, VARIANT);

	arb_variant_free(v->variant);
	v->variant = NULL;
	return 0;
}

static int variant_tostring(lua_State *L)
{
	lvariant *v = luaL_checkudata(L, 1, VARIANT);

	if (v->variant == NULL)
		lua_pushliteral(L, VARIANT " (closed)");
	else
		lua_pushfstring(L, VARIANT " %s", arb_variant_name(v->variant));
	return 1;
}

/* clang-format off */
static const luaL_Reg variant_meta[] = {
	{"__gc", variant_close},
	{"__close", variant_close},
	{"__tostring", variant_tostring},
	{NULL, NULL},
};
/* clang-format on */

/* clang-format off */
static const luaL_Reg variant_methods[] = {
	{"name", variant_name},
	{"pgn", variant_pgn},
	{"position", variant_position},
	{"close", variant_close},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * The module
 * ---------------------------------------------------------------------- */

/* clang-format off */
static const luaL_Reg functions[] = {
	{"position", position_new},
	{"time_control", tc_new},
	{"clock", clock_new},
	{"profile", profile_new},
	{"profiles", profile_list},
	{"variant", variant_new},
	{"variants", variant_list},
	{"svg", svg_sheet},
	{NULL, NULL},
};
/* clang-format on */

/* [-0, +0, m] module[field] = a new metatable `name`. */
static void addtype(lua_State *L, const char *field, const char *name, const luaL_Reg *meta,
		    const luaL_Reg *methods)
{
	newtype(L, name, meta, methods);
	lua_setfield(L, -2, field);
}

ARB_LUA_EXPORT int luaopen_arbiter(lua_State *L)
{
	luaL_newlib(L, functions);
	lua_pushstring(L, arb_version());
	lua_setfield(L, -2, "version");
	addtype(L, "Position", POSITION, position_meta, position_methods);
	/* Position.new is arbiter.position, the same value (in LuaJIT each push
	 * of a C function makes a new closure). */
	lua_getfield(L, -1, "Position");
	lua_getfield(L, -2, "position");
	lua_setfield(L, -2, "new");
	lua_pop(L, 1);
	addtype(L, "Move", MOVE, move_meta, move_methods);
	addtype(L, "TimeControl", TIME_CONTROL, tc_meta, tc_methods);
	addtype(L, "Clock", CLOCK, clock_meta, clock_methods);
	addtype(L, "Game", GAME, game_meta, game_methods);
	addtype(L, "PgnReader", READER, reader_meta, reader_methods);
	addtype(L, "Profile", PROFILE, profile_meta, profile_methods);
	addtype(L, "Variant", VARIANT, variant_meta, variant_methods);
	luaL_newmetatable(L, HOLDER);
	luaL_setfuncs(L, holder_meta, 0);
	lua_pop(L, 1);
	luaL_newmetatable(L, SHEET);
	luaL_setfuncs(L, sheet_meta, 0);
	lua_pop(L, 1);
	luaL_newlib(L, chess960_functions);
	lua_setfield(L, -2, "chess960");
	luaL_newlib(L, pgn_functions);
	lua_setfield(L, -2, "pgn");
	return 1;
}
