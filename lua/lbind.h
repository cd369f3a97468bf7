/*
 * lbind.h -- what the files of module "arbiter" share (internal, not
 * installed): the type names, the helpers of lbind.c, the few functions one
 * file gives another, and each file's opener for linit.c. Every name it
 * declares starts with arbI_lbind_ (arbI_ is the project's one prefix for
 * cross-file internals, engine/arbint.h), so that a program linking the
 * binding's archive meets none of its own. The module's API is the README's "Lua module
 * `arbiter`" (under "API reference"); tests/api_doc.lua checks it.
 *
 * The files, one group of types each (as Lua splits its standard libraries):
 * lposition.c (Position, Move, arbiter.chess960), lsvg.c (diagrams), ltime.c
 * (TimeControl, Clock), lpgn.c (PgnReader, Game), lrules.c (Profile and
 * adjudication, Variant), ltournament.c (Tournament, Pairing,
 * arbiter.tournament), lmatch.c (Match, Knockout), and linit.c, which makes the module table of them.
 * All of them are written on the public header arbiter.h alone (and the Lua
 * layer's loaders: profile.h, variant.h, regulation.h).
 *
 * Conventions of every file: one metatable per type, each with __index to a
 * methods table. Wrong argument types and values raise ("bad argument #n to
 * 'f'"); expected failures of input (a bad FEN, an illegal move, a bad time
 * control, a file that cannot be opened, an unknown profile, an event that
 * cannot happen) return nil, message, status name. Library objects the Lua
 * heap cannot hold (arb_position, arb_clock, arb_pgn_reader, arb_record,
 * arb_profile, arb_game, arb_tournament, arb_pairing, arb_standings are
 * opaque) are allocated only after their userdata is on the stack with its
 * metatable, so an error at any later point leaves them to __gc. Lua version differences live in compat.h. Lua-facing
 * functions note their stack effect [-o, +p, x] as the Lua manual does.
 */
#ifndef ARBITER_LUA_LBIND_H
#define ARBITER_LUA_LBIND_H

#include <stddef.h>

#include "arbiter.h"
#include "compat.h"

#if defined(__GNUC__)
#define LBIND_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define LBIND_PRINTF(f, a)
#endif

/* The metatables' names (registry keys), one per type. */
#define POSITION "arbiter.Position"
#define MOVE "arbiter.Move"
#define TIME_CONTROL "arbiter.TimeControl"
#define CLOCK "arbiter.Clock"
#define GAME "arbiter.Game"
#define READER "arbiter.PgnReader"
#define PROFILE "arbiter.Profile"
#define VARIANT "arbiter.Variant"
#define TOURNAMENT "arbiter.Tournament"
#define PAIRING "arbiter.Pairing"
#define MATCH "arbiter.Match"
#define KNOCKOUT "arbiter.Knockout"
#define ENGINE "arbiter.Engine"
/* Internal: hold library objects while a result is built (not exposed). */
#define HOLDER "arbiter.GameHolder"         /* an arb_game (lrules.c) */
#define SHEET "arbiter.SvgSheet"            /* an arb_svg and its document (lsvg.c) */
#define STANDINGS "arbiter.StandingsHolder" /* an arb_standings (ltournament.c) */

/* ------------------------------------------------------------------------
 * lbind.c: results and arguments
 * ---------------------------------------------------------------------- */

/* "white", "black", NULL: indexed by arb_color, a luaL_checkoption list. */
extern const char *const arbI_lbind_side_names[3];

/* [-0, +3, m] nil, the library's message (or the status name when err is
 * NULL or has none), the status name. Returns 3. */
int arbI_lbind_pushfail(lua_State *L, const arb_error *err, arb_status st);
/* [-0, +3, m] nil, a formatted message (printf formats), the status name.
 * Returns 3. */
int arbI_lbind_failf(lua_State *L, arb_status st, const char *fmt, ...) LBIND_PRINTF(3, 4);

/* [-0, +0, v] The string option `key` of the options table at i, or def
 * when it is nil; anything else raises "option 'KEY': a string expected,
 * got TYPE" against argument i. The string stays referenced by the table. */
const char *arbI_lbind_optstring(lua_State *L, int i, const char *key, const char *def);
/* [-0, +0, v] A string argument without embedded zero bytes (its length in
 * *len when len is not NULL). */
const char *arbI_lbind_checktext(lua_State *L, int i, size_t *len);
/* [-0, +0, v] A side argument, "white" or "black". */
arb_color arbI_lbind_checkside(lua_State *L, int i);
/* [-0, +1, m] "white" / "black", nil for anything else (-1). */
void arbI_lbind_pushside(lua_State *L, int side);
/* [-0, +0, v] An integer argument that fits a C long (optionally >= 0). */
long arbI_lbind_checklong(lua_State *L, int i, int nonnegative);
/* [-0, +0, v] A square: a name "a1".."h8" or an integer 0..63. */
int arbI_lbind_checksquare(lua_State *L, int i);
/* [-0, +1, m] The square's name, "e4". */
void arbI_lbind_pushsquare(lua_State *L, int sq);

/* [-0, +1, m] Creates metatable `name` with the metamethods `meta` and an
 * __index table of `methods`, and leaves it on the stack. */
void arbI_lbind_newtype(lua_State *L, const char *name, const luaL_Reg *meta,
			const luaL_Reg *methods);
/* [-0, +0, m] The same, set as field `field` of the table on the top (the
 * module table). */
void arbI_lbind_addtype(lua_State *L, const char *field, const char *name, const luaL_Reg *meta,
			const luaL_Reg *methods);

/* ------------------------------------------------------------------------
 * What one type's file gives the others
 * ---------------------------------------------------------------------- */

/* lposition.c. [-0, +0, v] The open position at argument i (raises for a
 * wrong type or a closed one). */
arb_position *arbI_lbind_topos(lua_State *L, int i);
/* lposition.c. [-0, +1, m] A new Position: a copy of src, or the start
 * position when src is NULL. */
arb_position *arbI_lbind_newpos(lua_State *L, const arb_position *src);
/* lposition.c. [-0, +1, m] A Move for `m`, legal in pos. */
void arbI_lbind_pushmove(lua_State *L, const arb_position *pos, arb_move m);

/* lsvg.c. Position:svg([opts]), in Position's methods. */
int arbI_lbind_position_svg(lua_State *L);

/* lpgn.c. [-0, +0, v] The record of the Game at argument i, NULL when the
 * value there is not a Game (raises for an incomplete one). */
const arb_record *arbI_lbind_testrecord(lua_State *L, int i);
/* lpgn.c. [-0, +1, m] A new Game with an empty record, which it owns and
 * returns for the caller to fill. */
arb_record *arbI_lbind_newgame(lua_State *L);

/* lrules.c. [-0, +0, v] The rules of the open Profile at argument i. */
const arb_rules *arbI_lbind_torules(lua_State *L, int i);
/* lrules.c. [-0, +1, m] The verdict table of a game, as profile:adjudicate
 * returns it. */
int arbI_lbind_pushverdict(lua_State *L, const arb_game *game);

/* ------------------------------------------------------------------------
 * The files' openers (linit.c calls them in turn)
 *
 * [-0, +0, m] Each adds its functions, types and sub-tables to the module
 * table on the top of the stack, and registers its internal metatables.
 * ---------------------------------------------------------------------- */

void arbI_lbind_open_position(lua_State *L);   /* position, Position (.new), Move, chess960 */
void arbI_lbind_open_svg(lua_State *L);        /* svg */
void arbI_lbind_open_time(lua_State *L);       /* time_control, clock, TimeControl, Clock */
void arbI_lbind_open_pgn(lua_State *L);        /* pgn, Game, PgnReader */
void arbI_lbind_open_rules(lua_State *L);      /* profile(s), variant(s), Profile, Variant */
void arbI_lbind_open_tournament(lua_State *L); /* tournament, Tournament, Pairing */
void arbI_lbind_open_match(lua_State *L);      /* tournament.match/.knockout, Match, Knockout */
void arbI_lbind_open_engine(lua_State *L);     /* engine, play, Engine */

#endif
