/*
 * lrules.c -- module "arbiter": competition rules and variants
 * (arbiter.profile, arbiter.profiles, arbiter.variant, arbiter.variants,
 * types Profile and Variant, and profile:adjudicate, the verdict tables).
 *
 * Profiles and variants come from their loaders (profile.h, variant.h),
 * whose scripts run in sandboxes of their own, never in the caller's state.
 */
#include <stdio.h>
#include <string.h>

#include "lbind.h"
#include "profile.h"
#include "variant.h"

/* ------------------------------------------------------------------------
 * Rule profiles and adjudication
 *
 * A Profile owns an arb_profile (profile.h): its rules and, when the script
 * has hooks, the sandbox they run in, a Lua state of its own. This state
 * only calls arb_game functions, which call the hooks there. While a
 * verdict is built, the arb_game lives in a holder userdata (HOLDER, not
 * exposed) so that an error leaves it to __gc. A Game is adjudicated on
 * the record it owns.
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

const arb_rules *arbI_lbind_torules(lua_State *L, int i)
{
	return torules(L, i);
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
	const char *spec = arbI_lbind_checktext(L, 1, NULL);
	const char *path = lua_isnoneornil(L, 2) ? NULL : arbI_lbind_checktext(L, 2, NULL);
	lprofile *p;
	arb_error err;

	lua_settop(L, 2);
	p = lua_newuserdatauv(L, sizeof *p, 0);
	p->profile = NULL;
	luaL_setmetatable(L, PROFILE);
	memset(&err, 0, sizeof err);
	p->profile = arb_profile_load(spec, path, &err);
	if (!p->profile)
		return arbI_lbind_pushfail(L, &err, err.code != ARB_OK ? err.code : ARB_E_NOMEM);
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
static int push_listing(lua_State *L,
			int (*list)(const char *path,
				    void (*fn)(const char *, const char *, void *), void *ctx))
{
	const char *path = lua_isnoneornil(L, 1) ? NULL : arbI_lbind_checktext(L, 1, NULL);
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
static int profile_list(lua_State *L)
{
	return push_listing(L, arb_profile_list);
}

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
	const char *name = arbI_lbind_checktext(L, 2, NULL);
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
int arbI_lbind_pushverdict(lua_State *L, const arb_game *game)
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

/* ---- adjudicate ---------------------------------------------------------- */

/* p:adjudicate(game) with the Game at argument 2. */
static int adjudicate_game(lua_State *L, const arb_rules *rules, const arb_record *rec)
{
	arb_error err;
	lholder *h;

	luaL_argcheck(L, lua_isnoneornil(L, 3), 3, "a Game has its own start position");
	lua_settop(L, 2);
	memset(&err, 0, sizeof err);
	h = newholder(L);
	h->game = arb_game_from_record(rec, rules, &err);
	if (!h->game) {
		if (err.code == ARB_E_NOMEM || err.code == ARB_OK)
			return luaL_error(L, "not enough memory");
		return arbI_lbind_pushfail(L, &err, err.code);
	}
	arbI_lbind_pushverdict(L, h->game);
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
			pos = arbI_lbind_newpos(L, NULL);
			arb_position_set_chess960(pos, 1);
			*start = pos;
		}
		return ARB_OK;
	}
	if (luaL_testudata(L, 3, POSITION)) {
		*start = arbI_lbind_topos(L, 3);
		return ARB_OK;
	}
	if (lua_type(L, 3) != LUA_TSTRING)
		luaL_argerror(L, 3,
			      lua_pushfstring(L, "FEN or " POSITION " expected, got %s",
					      luaL_typename(L, 3)));
	arbI_lbind_checktext(L, 3, NULL);
	pos = arbI_lbind_newpos(L, NULL);
	*start = pos;
	return arb_position_set_fen(pos, lua_tostring(L, 3), mode, err);
}

/* p:adjudicate(tokens [, fen]) with the token string at argument 2. */
static int adjudicate_tokens(lua_State *L, const arb_rules *rules)
{
	const char *tokens = arbI_lbind_checktext(L, 2, NULL);
	const arb_position *start;
	arb_error err;
	arb_status st;
	lholder *h;

	lua_settop(L, 3);
	memset(&err, 0, sizeof err);
	st = tokens_start(L, rules, &start, &err);
	if (st != ARB_OK)
		return arbI_lbind_pushfail(L, &err, st);
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
			return arbI_lbind_failf(L, st, "column %d: %s", err.column, err.message);
		return arbI_lbind_pushfail(L, &err, st);
	}
	arbI_lbind_pushverdict(L, h->game);
	arb_game_free(h->game);
	h->game = NULL;
	return 1;
}

static int profile_adjudicate(lua_State *L)
{
	const arb_rules *rules = torules(L, 1);
	const arb_record *rec = arbI_lbind_testrecord(L, 2);

	if (rec)
		return adjudicate_game(L, rules, rec);
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
	const char *name = arbI_lbind_checktext(L, 1, NULL);
	const char *path = lua_isnoneornil(L, 2) ? NULL : arbI_lbind_checktext(L, 2, NULL);
	char err[ARB_ERROR_MESSAGE_SIZE];
	lvariant *v = lua_newuserdatauv(L, sizeof *v, 0);

	v->variant = NULL;
	luaL_setmetatable(L, VARIANT);
	v->variant = arb_variant_find(name, path, err, sizeof err);
	if (v->variant == NULL)
		return arbI_lbind_failf(L, ARB_E_PROFILE, "%s", err);
	return 1;
}

/* arbiter.variants([path]) -> { {name = , file = }, ... } sorted by name */
static int variant_list(lua_State *L)
{
	return push_listing(L, arb_variant_list);
}

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
	arb_position *pos = arbI_lbind_newpos(L, NULL);
	arb_status st = arb_variant_start(v, (uint64_t)seed, seeded, pos, err, sizeof err);

	if (st != ARB_OK)
		return arbI_lbind_failf(L, st, "%s", err);
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

/* clang-format off */
static const luaL_Reg functions[] = {
	{"profile", profile_new},
	{"profiles", profile_list},
	{"variant", variant_new},
	{"variants", variant_list},
	{NULL, NULL},
};
/* clang-format on */

/* ------------------------------------------------------------------------
 * The library
 * ---------------------------------------------------------------------- */

/* [-0, +0, m] arbiter.profile(s) and arbiter.variant(s), the Profile and Variant
 * types, and the game holder's metatable (not exposed). */
void arbI_lbind_open_rules(lua_State *L)
{
	luaL_setfuncs(L, functions, 0);
	arbI_lbind_addtype(L, "Profile", PROFILE, profile_meta, profile_methods);
	arbI_lbind_addtype(L, "Variant", VARIANT, variant_meta, variant_methods);
	luaL_newmetatable(L, HOLDER);
	luaL_setfuncs(L, holder_meta, 0);
	lua_pop(L, 1);
}
