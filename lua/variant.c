/*
 * variant.c -- loads variant scripts (variants/NAME.lua) through the sandbox
 * and builds their start positions. The script's table is read inside
 * arb_sandbox_pcall (a C function walking it with raw accesses only), its
 * fields copied into an arb_variant, and the sandbox freed. Invariant: a
 * returned arb_variant has passed every check of the schema
 * (variants/README.md) and holds no Lua value.
 */
#include "variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat.h"
#include "datapath.h"
#include "sandbox.h"

typedef enum start_kind {
	START_FEN,
	START_960,           /* chess960 = N: white = black = N */
	START_RANDOM,        /* random = true */
	START_DOUBLE_RANDOM, /* double960 = true */
	START_DOUBLE         /* double960 = {W, B} */
} start_kind;

typedef enum castling_rule { CASTLE_960 = 0, CASTLE_NONE, CASTLE_EXPLICIT } castling_rule;

/* An explicit wing: destination files (0..7), or -1 for the default. */
typedef struct wing_spec {
	int king_to, rook_to;
} wing_spec;

struct arb_variant {
	char *script; /* the chunk name, for messages */
	char *name;
	char **pgn;
	int npgn;
	start_kind start;
	char *fen;
	int white, black;
	castling_rule castling;
	wing_spec wing[2]; /* [ARB_KINGSIDE], [ARB_QUEENSIDE] */
	int notation;      /* -1 default, 0 standard, 1 chess960 */
};

static void say(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errsize == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
}

static char *copy_string(const char *s, size_t len)
{
	char *p = malloc(len + 1);

	if (p != NULL) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

/* ------------------------------------------------------------------------
 * Reading the table (runs inside arb_sandbox_pcall)
 * ---------------------------------------------------------------------- */

typedef struct reader {
	arb_variant *v;
	char *err;
	size_t errsize;
	int failed;
} reader;

/* Records the first schema error: "<script>: field '<field>': <why>", or
 * "<script>: <why>" when field is NULL. */
static int fail(reader *r, const char *field, const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (!r->failed && field == NULL)
		say(r->err, r->errsize, "%s: %s", r->v->script, why);
	else if (!r->failed)
		say(r->err, r->errsize, "%s: field '%s': %s", r->v->script, field, why);
	r->failed = 1;
	return 0;
}

static const char *type_of(lua_State *L, int idx)
{
	return lua_typename(L, lua_type(L, idx));
}

/* Checks that every key of the table at `idx` is one of `known` (a
 * NULL-terminated list). `where` names the table ("" for the top level). */
static int only_known(reader *r, lua_State *L, int idx, const char *where, const char *const *known)
{
	idx = lua_absindex(L, idx);
	lua_pushnil(L);
	while (lua_next(L, idx) != 0) {
		lua_pop(L, 1);
		if (lua_type(L, -1) != LUA_TSTRING) {
			const char *t = type_of(L, -1);
			lua_pop(L, 1);
			return fail(r, where[0] ? where : NULL,
				    "a key that is not a field name (a %s)", t);
		}
		const char *key = lua_tostring(L, -1);
		int ok = 0;
		for (int i = 0; known[i] != NULL; i++)
			ok |= strcmp(key, known[i]) == 0;
		if (!ok) {
			char field[128];
			snprintf(field, sizeof field, "%s%s%s", where, where[0] ? "." : "", key);
			lua_pop(L, 1);
			return fail(r, field, "unknown field");
		}
	}
	return 1;
}

/* Pushes t[key] of the table at idx (raw). Returns its type. */
static int get_field(lua_State *L, int idx, const char *key)
{
	idx = lua_absindex(L, idx);
	lua_pushstring(L, key);
	return lua_rawget(L, idx);
}

/* The string at the top (popped) copied into *out; empty strings and
 * embedded NULs refused. */
static int take_string(reader *r, lua_State *L, const char *field, char **out)
{
	size_t len;
	const char *s;

	if (lua_type(L, -1) != LUA_TSTRING) {
		const char *t = type_of(L, -1);
		lua_pop(L, 1);
		return fail(r, field, "expected a string, got a %s", t);
	}
	s = lua_tolstring(L, -1, &len);
	if (len == 0 || strlen(s) != len) {
		lua_pop(L, 1);
		return fail(r, field,
			    len == 0 ? "the string is empty" : "the string holds a NUL byte");
	}
	*out = copy_string(s, len);
	lua_pop(L, 1);
	if (*out == NULL)
		return fail(r, field, "out of memory");
	return 1;
}

/* The integer at the top (popped) in lo..hi. */
static int take_int(reader *r, lua_State *L, const char *field, int lo, int hi, int *out)
{
	int isint = 0;
	lua_Integer n = 0;

	if (lua_type(L, -1) == LUA_TNUMBER)
		n = lua_tointegerx(L, -1, &isint);
	if (!isint || n < lo || n > hi) {
		const char *t = type_of(L, -1);
		lua_pop(L, 1);
		if (isint)
			return fail(r, field, "expected an integer %d..%d, got %lld", lo, hi,
				    (long long)n);
		return fail(r, field, "expected an integer %d..%d, got a %s", lo, hi, t);
	}
	*out = (int)n;
	lua_pop(L, 1);
	return 1;
}

/* The table at the top is a sequence of exactly n values (keys 1..n). */
static int is_sequence(lua_State *L, lua_Integer n)
{
	lua_Integer count = 0;

	if ((lua_Integer)lua_rawlen(L, -1) != n)
		return 0;
	lua_pushnil(L);
	while (lua_next(L, -2) != 0) {
		lua_pop(L, 1);
		count++;
	}
	return count == n;
}

static int read_name(reader *r, lua_State *L)
{
	if (get_field(L, 1, "name") == LUA_TNIL) {
		lua_pop(L, 1);
		return fail(r, "name", "missing (every variant needs a name)");
	}
	return take_string(r, L, "name", &r->v->name);
}

static int read_pgn(reader *r, lua_State *L)
{
	arb_variant *v = r->v;
	int t = get_field(L, 1, "pgn_variant");

	if (t == LUA_TNIL) {
		lua_pop(L, 1);
		return 1;
	}
	if (t == LUA_TSTRING) {
		v->pgn = calloc(1, sizeof *v->pgn);
		if (v->pgn == NULL) {
			lua_pop(L, 1);
			return fail(r, "pgn_variant", "out of memory");
		}
		v->npgn = 1;
		return take_string(r, L, "pgn_variant", &v->pgn[0]);
	}
	if (t != LUA_TTABLE) {
		lua_pop(L, 1);
		return fail(r, "pgn_variant", "expected a string or an array of strings, got a %s",
			    lua_typename(L, t));
	}
	lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
	if (!is_sequence(L, n) || n > 64) {
		lua_pop(L, 1);
		return fail(r, "pgn_variant", "expected an array of at most 64 strings");
	}
	v->pgn = calloc(n > 0 ? (size_t)n : 1, sizeof *v->pgn);
	if (v->pgn == NULL) {
		lua_pop(L, 1);
		return fail(r, "pgn_variant", "out of memory");
	}
	for (lua_Integer i = 1; i <= n; i++) {
		char field[40];
		snprintf(field, sizeof field, "pgn_variant[%lld]", (long long)i);
		lua_rawgeti(L, -1, i);
		if (!take_string(r, L, field, &v->pgn[v->npgn])) {
			lua_pop(L, 1);
			return 0;
		}
		v->npgn++;
	}
	lua_pop(L, 1);
	return 1;
}

static const char *const start_fields[] = {"fen", "chess960", "random", "double960", NULL};

/* start.double960: true, or {W, B}. The value is at the top (popped). */
static int read_double(reader *r, lua_State *L)
{
	arb_variant *v = r->v;

	if (lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1)) {
		lua_pop(L, 1);
		v->start = START_DOUBLE_RANDOM;
		return 1;
	}
	if (lua_type(L, -1) != LUA_TTABLE || !is_sequence(L, 2)) {
		lua_pop(L, 1);
		return fail(r, "start.double960",
			    "expected true (a random pair) or {W, B} (two numbers 0..959)");
	}
	v->start = START_DOUBLE;
	lua_rawgeti(L, -1, 1);
	if (!take_int(r, L, "start.double960[1]", 0, ARB_CHESS960_COUNT - 1, &v->white)) {
		lua_pop(L, 1);
		return 0;
	}
	lua_rawgeti(L, -1, 2);
	if (!take_int(r, L, "start.double960[2]", 0, ARB_CHESS960_COUNT - 1, &v->black)) {
		lua_pop(L, 1);
		return 0;
	}
	lua_pop(L, 1);
	return 1;
}

static int read_start(reader *r, lua_State *L)
{
	arb_variant *v = r->v;
	char given[64] = "";
	int n = 0, which = -1;

	if (get_field(L, 1, "start") != LUA_TTABLE) {
		const char *t = type_of(L, -1);
		lua_pop(L, 1);
		return fail(r, "start",
			    "expected a table with one of fen, chess960, random, double960, got %s",
			    t);
	}
	if (!only_known(r, L, -1, "start", start_fields)) {
		lua_pop(L, 1);
		return 0;
	}
	for (int i = 0; start_fields[i] != NULL; i++) {
		int t = get_field(L, -1, start_fields[i]);
		lua_pop(L, 1);
		if (t == LUA_TNIL)
			continue;
		snprintf(given + strlen(given), sizeof given - strlen(given), "%s%s",
			 n ? " and " : "", start_fields[i]);
		n++;
		which = i;
	}
	if (n != 1) {
		lua_pop(L, 1);
		return fail(r, "start",
			    "give exactly one of fen, chess960, random, double960 (got %s)",
			    n ? given : "none");
	}
	get_field(L, -1, start_fields[which]);
	int ok = 1;
	switch (which) {
	case 0:
		v->start = START_FEN;
		ok = take_string(r, L, "start.fen", &v->fen);
		break;
	case 1:
		v->start = START_960;
		ok = take_int(r, L, "start.chess960", 0, ARB_CHESS960_COUNT - 1, &v->white);
		v->black = v->white;
		break;
	case 2:
		v->start = START_RANDOM;
		if (lua_type(L, -1) != LUA_TBOOLEAN || !lua_toboolean(L, -1))
			ok = fail(r, "start.random", "expected true");
		lua_pop(L, 1);
		break;
	default:
		ok = read_double(r, L);
		break;
	}
	lua_pop(L, 1);
	return ok;
}

/* A White destination square "a1".."h1" at the top (popped): its file. */
static int take_square(reader *r, lua_State *L, const char *field, int *file)
{
	size_t len = 0;
	const char *s;

	if (lua_type(L, -1) != LUA_TSTRING) {
		const char *t = type_of(L, -1);
		lua_pop(L, 1);
		return fail(r, field,
			    "expected a square on White's first rank such as \"g1\", got a %s", t);
	}
	s = lua_tolstring(L, -1, &len);
	if (len != 2 || s[0] < 'a' || s[0] > 'h' || s[1] != '1') {
		char shown[16];
		snprintf(shown, sizeof shown, "%.8s%s", s, len > 8 ? "..." : "");
		lua_pop(L, 1);
		return fail(r, field,
			    "expected a square on White's first rank such as \"g1\" (Black's is "
			    "mirrored), got \"%s\"",
			    shown);
	}
	*file = s[0] - 'a';
	lua_pop(L, 1);
	return 1;
}

static int read_wing(reader *r, lua_State *L, const char *wing_name, wing_spec *w)
{
	static const char *const wing_fields[] = {"king_to", "rook_to", NULL};
	char where[64], field[80];
	int t = get_field(L, -1, wing_name);

	snprintf(where, sizeof where, "castling.%s", wing_name);
	w->king_to = w->rook_to = -1;
	if (t == LUA_TNIL) {
		lua_pop(L, 1);
		return 1;
	}
	if (t != LUA_TTABLE) {
		lua_pop(L, 1);
		return fail(r, where, "expected a table { king_to = ..., rook_to = ... }, got a %s",
			    lua_typename(L, t));
	}
	if (!only_known(r, L, -1, where, wing_fields)) {
		lua_pop(L, 1);
		return 0;
	}
	for (int i = 0; i < 2; i++) {
		int *file = i == 0 ? &w->king_to : &w->rook_to;
		snprintf(field, sizeof field, "%s.%s", where, wing_fields[i]);
		if (get_field(L, -1, wing_fields[i]) == LUA_TNIL) {
			lua_pop(L, 2);
			return fail(r, field, "missing (give both king_to and rook_to)");
		}
		if (!take_square(r, L, field, file)) {
			lua_pop(L, 1);
			return 0;
		}
	}
	lua_pop(L, 1);
	return 1;
}

static int read_castling(reader *r, lua_State *L)
{
	static const char *const castling_fields[] = {"kingside", "queenside", NULL};
	arb_variant *v = r->v;
	int t = get_field(L, 1, "castling");
	int ok = 1;

	v->castling = CASTLE_960;
	v->wing[0].king_to = v->wing[0].rook_to = v->wing[1].king_to = v->wing[1].rook_to = -1;
	if (t == LUA_TNIL) {
		lua_pop(L, 1);
		return 1;
	}
	if (t == LUA_TSTRING) {
		const char *s = lua_tostring(L, -1);
		if (strcmp(s, "none") == 0)
			v->castling = CASTLE_NONE;
		else if (strcmp(s, "chess960") != 0)
			ok = fail(r, "castling",
				  "expected \"chess960\", \"none\" or a table of destinations");
		lua_pop(L, 1);
		return ok;
	}
	if (t != LUA_TTABLE) {
		lua_pop(L, 1);
		return fail(r, "castling",
			    "expected \"chess960\", \"none\" or a table of destinations, got a %s",
			    lua_typename(L, t));
	}
	v->castling = CASTLE_EXPLICIT;
	ok = only_known(r, L, -1, "castling", castling_fields) &&
	     read_wing(r, L, "kingside", &v->wing[ARB_KINGSIDE]) &&
	     read_wing(r, L, "queenside", &v->wing[ARB_QUEENSIDE]);
	lua_pop(L, 1);
	return ok;
}

static int read_notation(reader *r, lua_State *L)
{
	int t = get_field(L, 1, "notation");
	const char *s = t == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
	int ok = 1;

	r->v->notation = -1;
	if (t == LUA_TNIL)
		;
	else if (s != NULL && strcmp(s, "standard") == 0)
		r->v->notation = 0;
	else if (s != NULL && strcmp(s, "chess960") == 0)
		r->v->notation = 1;
	else
		ok = fail(r, "notation", "expected \"standard\" or \"chess960\"");
	lua_pop(L, 1);
	return ok;
}

/* [-2, +0, m] Called through arb_sandbox_pcall with the script's result
 * and the reader (a light userdata). Schema errors are recorded in the
 * reader, not raised; only memory errors raise. */
static int read_table(lua_State *L)
{
	static const char *const top_fields[] = {"name",     "pgn_variant", "start",
						 "castling", "notation",    NULL};
	reader *r = lua_touserdata(L, 2);

	if (lua_type(L, 1) != LUA_TTABLE) {
		int t = lua_type(L, 1);
		fail(r, NULL, "the script must return a table, got %s%s", t == LUA_TNIL ? "" : "a ",
		     lua_typename(L, t));
		return 0;
	}
	if (only_known(r, L, 1, "", top_fields) && read_name(r, L) && read_pgn(r, L) &&
	    read_start(r, L) && read_castling(r, L))
		read_notation(r, L);
	return 0;
}

/* ------------------------------------------------------------------------
 * Start positions
 * ---------------------------------------------------------------------- */

static const char *wing_word(arb_wing w)
{
	return w == ARB_KINGSIDE ? "kingside" : "queenside";
}

/* Applies the castling rule to every right of `pos`. */
static arb_status apply_castling(const arb_variant *v, arb_position *pos, char *err, size_t errsize)
{
	if (v->castling == CASTLE_960)
		return ARB_OK;
	for (int c = ARB_WHITE; c <= ARB_BLACK; c++) {
		arb_castling cur[2];
		int has[2];
		for (int w = 0; w < 2; w++)
			has[w] = arb_position_castling(pos, (arb_color)c, (arb_wing)w, &cur[w]);
		/* Remove both wings first, so the new geometries never meet the
		 * old ones in the library's checks (shared king destinations). */
		for (int w = 0; w < 2; w++)
			if (has[w])
				arb_position_set_castling(pos, (arb_color)c, (arb_wing)w, NULL);
		if (v->castling == CASTLE_NONE)
			continue;
		for (int w = 0; w < 2; w++) {
			if (!has[w])
				continue;
			arb_castling g = cur[w];
			int rank = ARB_RANK(g.king_from);
			if (v->wing[w].king_to >= 0) {
				g.king_to = ARB_SQUARE(v->wing[w].king_to, rank);
				g.rook_to = ARB_SQUARE(v->wing[w].rook_to, rank);
			}
			if (arb_position_set_castling(pos, (arb_color)c, (arb_wing)w, &g) !=
			    ARB_OK) {
				say(err, errsize,
				    "%s: field 'castling.%s': the library refuses %s castling with "
				    "the king from %c%d to %c%d and the rook from %c%d to %c%d",
				    v->script, wing_word((arb_wing)w),
				    c == ARB_WHITE ? "White's" : "Black's",
				    'a' + ARB_FILE(g.king_from), rank + 1,
				    'a' + ARB_FILE(g.king_to), rank + 1,
				    'a' + ARB_FILE(g.rook_from), rank + 1,
				    'a' + ARB_FILE(g.rook_to), rank + 1);
				return ARB_E_ARGUMENT;
			}
		}
	}
	return ARB_OK;
}

/* Builds the start into `pos` (scratch: may be changed on error). */
static arb_status build(const arb_variant *v, arb_rng *rng, arb_position *pos, char *err,
			size_t errsize)
{
	int white = v->white, black = v->black, standard_array;
	arb_status st;

	if (v->start == START_FEN) {
		arb_error e;
		st = arb_position_set_fen(pos, v->fen, ARB_FEN_AUTO, &e);
		if (st != ARB_OK) {
			say(err, errsize, "%s: field 'start.fen': %s", v->script, e.message);
			return st;
		}
		standard_array = !arb_position_is_chess960(pos);
	} else {
		if (v->start == START_RANDOM || v->start == START_DOUBLE_RANDOM) {
			white = black = arb_chess960_random(rng);
			if (v->start == START_DOUBLE_RANDOM && white >= 0)
				black = arb_chess960_random(rng);
			if (white < 0 || black < 0) {
				say(err, errsize,
				    "%s: field 'start': the random draw failed (no entropy)",
				    v->script);
				return ARB_E_ARGUMENT;
			}
		}
		st = arb_chess960_position(pos, white, black);
		if (st != ARB_OK) {
			say(err, errsize, "%s: field 'start': no Chess960 position %d-%d",
			    v->script, white, black);
			return st;
		}
		standard_array = white == 518 && black == 518;
	}
	st = apply_castling(v, pos, err, errsize);
	if (st != ARB_OK)
		return st;
	arb_position_set_chess960(pos, v->notation >= 0 ? v->notation : !standard_array);
	return ARB_OK;
}

arb_status arb_variant_start(const arb_variant *v, uint64_t seed, int seeded, arb_position *out,
			     char *err, size_t errsize)
{
	arb_position *pos;
	arb_rng rng;
	arb_status st;

	if (v == NULL || out == NULL) {
		say(err, errsize, "arb_variant_start: NULL argument");
		return ARB_E_ARGUMENT;
	}
	pos = arb_position_new();
	if (pos == NULL) {
		say(err, errsize, "%s: out of memory", v->script);
		return ARB_E_NOMEM;
	}
	if (seeded)
		arb_rng_seed(&rng, seed);
	else
		arb_rng_system(&rng);
	st = build(v, &rng, pos, err, errsize);
	if (st == ARB_OK)
		arb_position_copy(out, pos);
	arb_position_free(pos);
	return st;
}

/* Load-time check of the start: a fixed start is built once; a random one
 * with explicit destinations is built for every array (each side's castling
 * depends on its own array only, so W = B covers double960 too). */
static arb_status check_start(arb_variant *v, char *err, size_t errsize)
{
	arb_position *pos = arb_position_new();
	arb_status st = ARB_OK;
	arb_rng rng;

	if (pos == NULL) {
		say(err, errsize, "%s: out of memory", v->script);
		return ARB_E_NOMEM;
	}
	arb_rng_seed(&rng, 0);
	if (v->start != START_RANDOM && v->start != START_DOUBLE_RANDOM) {
		st = build(v, &rng, pos, err, errsize);
	} else if (v->castling == CASTLE_EXPLICIT) {
		arb_variant each = *v;
		each.start = START_960;
		for (int n = 0; n < ARB_CHESS960_COUNT && st == ARB_OK; n++) {
			each.white = each.black = n;
			st = build(&each, &rng, pos, err, errsize);
			if (st != ARB_OK && err != NULL && errsize > 0) {
				size_t used = strlen(err);
				say(err + used, errsize - used, " (Chess960 array %d)", n);
			}
		}
	}
	arb_position_free(pos);
	return st;
}

/* ------------------------------------------------------------------------
 * Loading
 * ---------------------------------------------------------------------- */

/* Where print() goes while a script runs (arb_variant_load_print). */
typedef struct print_sink {
	arb_variant_print_fn fn; /* the type of arb_sandbox_print_fn */
	void *ud;
} print_sink;

static arb_variant *load_text(const char *chunkname, const char *text, size_t len,
			      const print_sink *out, char *err, size_t errsize)
{
	arb_variant *v;
	arb_sandbox *sb;
	arb_sandbox_status st;
	reader r;

	if (chunkname == NULL)
		chunkname = "variant";
	if (text == NULL && len > 0) {
		say(err, errsize, "%s: NULL text", chunkname);
		return NULL;
	}
	v = calloc(1, sizeof *v);
	if (v == NULL || (v->script = copy_string(chunkname, strlen(chunkname))) == NULL) {
		say(err, errsize, "%s: out of memory", chunkname);
		free(v);
		return NULL;
	}
	sb = arb_sandbox_new(NULL, err, errsize);
	if (sb == NULL) {
		arb_variant_free(v);
		return NULL;
	}
	if (out != NULL)
		arb_sandbox_set_print(sb, out->fn, out->ud);
	/* The reader and its argument go on the stack before the script runs:
	 * in LuaJIT both pushes may allocate, and afterwards the script may
	 * have left no memory under the cap (an allocation refused outside a
	 * call would abort). */
	lua_State *L = arb_sandbox_state(sb);
	r = (reader){v, err, errsize, 0};
	lua_pushcfunction(L, read_table);
	lua_pushlightuserdata(L, &r);
	st = arb_sandbox_run(sb, chunkname, text, len, 1, err, errsize);
	if (st == ARB_SANDBOX_OK) {
		lua_insert(L, -2); /* read_table, the script's result, &r */
		st = arb_sandbox_pcall(sb, 2, 0, err, errsize);
		if (st == ARB_SANDBOX_OK && r.failed)
			st = ARB_SANDBOX_E_RUNTIME;
	}
	arb_sandbox_free(sb);
	if (st != ARB_SANDBOX_OK || check_start(v, err, errsize) != ARB_OK) {
		arb_variant_free(v);
		return NULL;
	}
	return v;
}

arb_variant *arb_variant_load_text(const char *chunkname, const char *text, size_t len, char *err,
				   size_t errsize)
{
	return load_text(chunkname, text, len, NULL, err, errsize);
}

static arb_variant *load_file(const char *path, const print_sink *out, char *err, size_t errsize)
{
	FILE *f;
	char *text = NULL;
	size_t len = 0, cap = 0;
	arb_variant *v;

	if (path == NULL) {
		say(err, errsize, "arb_variant_load: NULL path");
		return NULL;
	}
	f = fopen(path, "rb");
	if (f == NULL) {
		say(err, errsize, "%s: cannot open the file", path);
		return NULL;
	}
	for (;;) {
		if (len == cap) {
			/* A variant is a few lines; the sandbox's memory cap bounds
			 * what it could hold anyway. */
			char *p = cap >= ARB_SANDBOX_DEFAULT_MEMORY ?
					  NULL :
					  realloc(text, cap ? 2 * cap : 4096);
			if (p == NULL) {
				say(err, errsize, "%s: the file is too large", path);
				free(text);
				fclose(f);
				return NULL;
			}
			text = p;
			cap = cap ? 2 * cap : 4096;
		}
		size_t got = fread(text + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		say(err, errsize, "%s: cannot read the file", path);
		free(text);
		fclose(f);
		return NULL;
	}
	fclose(f);
	v = load_text(path, text, len, out, err, errsize);
	free(text);
	return v;
}

arb_variant *arb_variant_load(const char *path, char *err, size_t errsize)
{
	return load_file(path, NULL, err, errsize);
}

arb_variant *arb_variant_load_print(const char *path, arb_variant_print_fn print, void *ud,
				    char *err, size_t errsize)
{
	print_sink out = {print, ud};

	return load_file(path, &out, err, errsize);
}

/* ------------------------------------------------------------------------
 * Accessors
 * ---------------------------------------------------------------------- */

const char *arb_variant_name(const arb_variant *v)
{
	return v != NULL ? v->name : NULL;
}

int arb_variant_pgn_count(const arb_variant *v)
{
	return v != NULL ? v->npgn : 0;
}

const char *arb_variant_pgn(const arb_variant *v, int i)
{
	return v != NULL && i >= 0 && i < v->npgn ? v->pgn[i] : NULL;
}

void arb_variant_free(arb_variant *v)
{
	if (v == NULL)
		return;
	for (int i = 0; i < v->npgn; i++)
		free(v->pgn[i]);
	free(v->pgn);
	free(v->fen);
	free(v->name);
	free(v->script);
	free(v);
}

/* ------------------------------------------------------------------------
 * Variants by name: the variant path (datapath.h)
 * ---------------------------------------------------------------------- */

arb_variant *arb_variant_find(const char *name, const char *path, char *err, size_t errsize)
{
	arb_datapath dirs = {NULL, 0};
	char file[4096];
	size_t len;

	if (name == NULL) {
		say(err, errsize, "arb_variant_find: NULL name");
		return NULL;
	}
	len = strlen(name);
	if (len > 4 && strcmp(name + len - 4, ".lua") == 0)
		return arb_variant_load(name, err, errsize);
	if (!arbI_datapath_is_name(name, len) || len > 200) {
		say(err, errsize,
		    "'%.64s' is not a variant name (letters, digits, '_' and '-') or a path to a "
		    ".lua file",
		    name);
		return NULL;
	}
	if (arbI_datapath_build(&dirs, "variants", path) != 0) {
		say(err, errsize, "out of memory");
		return NULL;
	}
	for (int i = 0; i < dirs.n; i++) {
		int n = snprintf(file, sizeof file, "%s/%s.lua", dirs.dir[i], name);
		if (n > 0 && (size_t)n < sizeof file && arbI_datapath_is_file(file)) {
			arbI_datapath_free(&dirs);
			return arb_variant_load(file, err, errsize);
		}
	}
	/* Name the directories searched, as many as fit. */
	{
		char where[512];
		if (dirs.n == 0)
			snprintf(where, sizeof where, "any directory: give a path");
		else
			arbI_datapath_describe(&dirs, where, sizeof where);
		say(err, errsize, "no variant '%s' (no %s.lua in %s)", name, name, where);
	}
	arbI_datapath_free(&dirs);
	return NULL;
}

int arb_variant_list(const char *path, void (*fn)(const char *name, const char *file, void *ctx),
		     void *ctx)
{
	arb_datapath dirs = {NULL, 0};
	int n;

	if (arbI_datapath_build(&dirs, "variants", path) != 0)
		return -1;
	n = arbI_datapath_list(&dirs, arbI_datapath_is_name, fn, ctx);
	arbI_datapath_free(&dirs);
	return n;
}
