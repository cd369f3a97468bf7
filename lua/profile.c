/*
 * profile.c -- competition-rule profiles (profiles/NAME.lua): loading a script
 * through the sandbox into an arb_rules, and the trampolines that run its
 * hooks (profile.h; the schema is profiles/README.md).
 *
 * A load is one arb_sandbox_pcall of load_body: the script, every profile
 * it extends (run in the same state, one frame each, at most
 * PROFILE_MAX_DEPTH deep) and the checks of the tables they return all run
 * inside it, under one instruction budget and the memory cap, so nothing
 * here touches the state unprotected. The loader's own memory (frames,
 * options, the field list) is C memory allocated before that call and freed
 * after it, and script texts are Lua userdata: an error unwinding out of
 * Lua leaks nothing. After the load only the hooks run in the state, each
 * in its own protected call (arb_sandbox_pcall_named: a fresh budget per
 * call, the hook's script named in messages); the game they see is a
 * read-only proxy whose few cheap fields a hook has read are kept up to date
 * before each call and whose others are read from the game when asked, so
 * a call builds nothing (see "The game as the hooks see it").
 */
#include "profile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compat.h"
#include "datapath.h"
#include "sandbox.h"

/* ------------------------------------------------------------------------
 * Limits (each #ifndef-overridable)
 * ---------------------------------------------------------------------- */

/* Profiles extending profiles: the script loaded plus this many bases. */
#ifndef PROFILE_MAX_DEPTH
#define PROFILE_MAX_DEPTH 8
#endif
/* Options one script may be given, and may ask for. */
#ifndef PROFILE_MAX_OPTIONS
#define PROFILE_MAX_OPTIONS 32
#endif
#define PROFILE_OPTION_NAME 32
#define PROFILE_OPTION_VALUE 128
/* Bytes of one script. */
#ifndef PROFILE_MAX_SCRIPT
#define PROFILE_MAX_SCRIPT ((long)1 << 20)
#endif
/* Fields (leaves) one returned table may have. */
#ifndef PROFILE_MAX_FIELDS
#define PROFILE_MAX_FIELDS 256
#endif
#define PROFILE_FIELD_NAME 64
#define PROFILE_PATH_MAX 4096
#define PROFILE_MESSAGE ARB_ERROR_MESSAGE_SIZE

/* ------------------------------------------------------------------------
 * Types
 * ---------------------------------------------------------------------- */

typedef struct option {
	char name[PROFILE_OPTION_NAME];
	char value[PROFILE_OPTION_VALUE];
	int asked; /* option() asked for it */
} option;

/* One script being loaded: the top one (frame 0) or a base it extends. */
typedef struct frame {
	char file[PROFILE_PATH_MAX]; /* as found; the chunk is "@" file */
	dev_t dev;                   /* the file's identity: finds cycles */
	ino_t ino;
	char shown[LUA_IDSIZE]; /* the file as Lua shows it in messages */
	option given[PROFILE_MAX_OPTIONS];
	int ngiven;
	char known[PROFILE_MAX_OPTIONS][PROFILE_OPTION_NAME]; /* asked for */
	int nknown;
	const char *text; /* while it is checked: the script, for line numbers */
	size_t len;
} frame;

/* A field of a returned table, flattened: "draw.threefold" = "claim". */
typedef struct leaf {
	char name[PROFILE_FIELD_NAME];
	const char *string; /* a Lua string held by the table, or NULL: see text */
	char text[32];      /* numbers and booleans, written out */
} leaf;

#define LEAF_VALUE(l) ((l)->string != NULL ? (l)->string : (l)->text)

/* What a load needs besides the profile; lives during the load only. */
typedef struct loader {
	frame frames[PROFILE_MAX_DEPTH + 1];
	int depth; /* frames[0..depth) are loading */
	leaf leaves[PROFILE_MAX_FIELDS];
	int nleaves;
	arb_rules rules; /* the checked rules of the last table */
	/* Scratch for extend() before it runs the base: kept off the C stack,
	 * which nested extends and LuaJIT's callback limit share. */
	char name[PROFILE_PATH_MAX], dir[PROFILE_PATH_MAX];
} loader;

typedef arb_datapath dir_list;

enum { HOOK_MOVE = 0, HOOK_END, HOOK_COUNT };
static const char *const hook_names[HOOK_COUNT] = {"on_move", "on_end"};

/* The game's fields that the hooks' view may hold raw (see "The game as the
 * hooks see it"). */
enum { RAW_PLY, RAW_MOVE_NUMBER, RAW_SIDE, RAW_IN_CHECK, RAW_COUNT };

struct arb_profile {
	arb_rules rules;
	arb_sandbox *sb;
	char file[PROFILE_PATH_MAX];
	dir_list path; /* the profile path */
	loader *ld;    /* during the load only */
	int has_hook[HOOK_COUNT];
	char hook_where[HOOK_COUNT][LUA_IDSIZE]; /* each hook's script, for messages */
	const arb_game *game;                    /* during a hook call only */
	const arb_decision *ending;              /* during an on_end call only (may be NULL) */
	struct hook_call *call;                  /* during a hook call only */
	unsigned raw;                            /* the game's fields held raw (1 << RAW_...) */
	lua_Integer raw_value[RAW_COUNT];        /* what they hold (see refresh_fields) */
};

/* Registry keys: only their addresses are used. */
enum { K_GAME, K_FIELDS, K_STRIKES, K_TIME, K_ENDING, K_COUNT };
static const char registry_keys[K_COUNT];
#define RKEY(k) ((const void *)&registry_keys[(k)])

#if defined(__GNUC__)
#define PROFILE_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PROFILE_PRINTF(f, a)
#endif

/* ------------------------------------------------------------------------
 * Small helpers
 * ---------------------------------------------------------------------- */

static void say(char *buf, size_t n, const char *fmt, ...) PROFILE_PRINTF(3, 4);
static void say(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;

	if (buf == NULL || n == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
}

/* Raises the formatted message as it is (no position added): the callers
 * put "FILE:LINE: " in front themselves. Does not return. */
static int throwf(lua_State *L, const char *fmt, ...) PROFILE_PRINTF(2, 3);
static int throwf(lua_State *L, const char *fmt, ...)
{
	char msg[PROFILE_MESSAGE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	lua_pushstring(L, msg);
	return lua_error(L);
}

static int is_name_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}


static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	return n >= k && strcmp(s + n - k, tail) == 0;
}

/* The file as Lua's chunk id shows "@file": a long name keeps its end. */
static void shown_name(char out[LUA_IDSIZE], const char *file)
{
	size_t len = strlen(file);

	if (len > LUA_IDSIZE - 1)
		snprintf(out, LUA_IDSIZE, "...%s", file + len - (LUA_IDSIZE - 4));
	else
		snprintf(out, LUA_IDSIZE, "%s", file);
}

/* ------------------------------------------------------------------------
 * The profile path
 * ---------------------------------------------------------------------- */

/* The profile path (lua/datapath.h): `path`, $ARBITER_PATH, the source
 * tree's profiles/ when run from the build tree, the installed ones. 0, or
 * -1 when out of memory. */
static int dirs_build(dir_list *l, const char *path)
{
	return arb_datapath_build(l, "profiles", path);
}

/* ------------------------------------------------------------------------
 * Names and options: "fide2014-blitz{supervision=full,clock=digital}"
 * ---------------------------------------------------------------------- */

static option *find_option(frame *f, const char *name)
{
	for (int i = 0; i < f->ngiven; i++)
		if (strcmp(f->given[i].name, name) == 0)
			return &f->given[i];
	return NULL;
}

/* Gives frame f option name = value. 0, or -1 with why. */
static int give_option(frame *f, const char *name, size_t nlen, const char *value, size_t vlen,
		       char *why, size_t whysize)
{
	option *o;

	if (nlen == 0 || nlen >= PROFILE_OPTION_NAME) {
		say(why, whysize, "option name '%.*s' is empty or longer than %d characters",
		    (int)(nlen > 40 ? 40 : nlen), name, PROFILE_OPTION_NAME - 1);
		return -1;
	}
	for (size_t i = 0; i < nlen; i++)
		if (!is_name_char((unsigned char)name[i])) {
			say(why, whysize,
			    "option name '%.*s' has a character that is not a letter, "
			    "digit or '_'",
			    (int)nlen, name);
			return -1;
		}
	if (vlen == 0 || vlen >= PROFILE_OPTION_VALUE) {
		say(why, whysize, "option '%.*s' has %s", (int)nlen, name,
		    vlen == 0 ? "no value" : "a value that is too long");
		return -1;
	}
	for (int i = 0; i < f->ngiven; i++)
		if (strlen(f->given[i].name) == nlen && memcmp(f->given[i].name, name, nlen) == 0) {
			say(why, whysize, "option '%.*s' is given twice", (int)nlen, name);
			return -1;
		}
	if (f->ngiven == PROFILE_MAX_OPTIONS) {
		say(why, whysize, "more than %d options", PROFILE_MAX_OPTIONS);
		return -1;
	}
	o = &f->given[f->ngiven++];
	memcpy(o->name, name, nlen);
	o->name[nlen] = '\0';
	memcpy(o->value, value, vlen);
	o->value[vlen] = '\0';
	o->asked = 0;
	return 0;
}

/*
 * The options of a spec, "{key=value,key=value}". A value is either quoted,
 * "..." with \" and \\ as the only escapes (it may then hold ',', '{', '}'
 * and blanks: tc="40/120, SD/60;d5"), or bare text up to the next ',' or
 * the closing '}' outside braces of its own, so that a nested spec reads
 * as one value ("base=fide2023-blitz{supervision=full,tc=\"G/5 d/0\"}":
 * quotes inside it are skipped over, kept for the inner spec). Columns in
 * messages count from 1 at the start of the whole spec.
 */
typedef struct spec_reader {
	const char *spec; /* the whole spec, for columns */
	const char *s;    /* the next character */
	char *why;
	size_t whysize;
} spec_reader;

static int spec_fail(spec_reader *r, const char *at, const char *fmt, ...)
	PROFILE_PRINTF(3, 4);

static int spec_fail(spec_reader *r, const char *at, const char *fmt, ...)
{
	char text[PROFILE_MESSAGE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	say(r->why, r->whysize, "column %d: %s", (int)(at - r->spec) + 1, text);
	return -1;
}

/* A quoted value at r->s (on the '"') into out[0..outsize), unescaped;
 * r->s ends past the closing quote. 0 with *n set, or -1 with why. */
static int spec_quoted(spec_reader *r, char *out, size_t outsize, size_t *n)
{
	const char *open = r->s++;

	*n = 0;
	for (;;) {
		char c = *r->s;
		if (c == '\0')
			return spec_fail(r, open, "the quote that opens here is not closed");
		if (c == '"')
			break;
		if (c == '\\') {
			if (r->s[1] != '"' && r->s[1] != '\\')
				return spec_fail(r, r->s,
						 "'\\' in a quoted value must be followed by '\"' or "
						 "'\\'");
			c = *++r->s;
		}
		if (*n + 1 >= outsize)
			return spec_fail(r, open, "the quoted value is longer than %zu characters",
					 outsize - 1);
		out[(*n)++] = c;
		r->s++;
	}
	r->s++; /* the closing quote */
	out[*n] = '\0';
	return 0;
}

/* A bare value at r->s up to a ',' or '}' outside its own braces (quoted
 * parts skipped over, kept as written). 0 with *n set, or -1 with why. */
static int spec_bare(spec_reader *r, char *out, size_t outsize, size_t *n)
{
	const char *start = r->s, *open = NULL;
	int depth = 0, quoted = 0;

	for (; *r->s != '\0'; r->s++) {
		char c = *r->s;
		if (quoted) {
			if (c == '\\' && (r->s[1] == '"' || r->s[1] == '\\'))
				r->s++;
			else if (c == '"')
				quoted = 0;
			continue;
		}
		if (c == '"') {
			quoted = 1;
			open = r->s;
		} else if (c == '{') {
			depth++;
		} else if (c == '}' && depth == 0) {
			break;
		} else if (c == '}') {
			depth--;
		} else if (c == ',' && depth == 0) {
			break;
		}
	}
	if (quoted)
		return spec_fail(r, open, "the quote that opens here is not closed");
	if (depth > 0)
		return spec_fail(r, start, "a '{' in this value is not closed");
	*n = (size_t)(r->s - start);
	if (*n >= outsize)
		return spec_fail(r, start, "the value is longer than %zu characters", outsize - 1);
	memcpy(out, start, *n);
	out[*n] = '\0';
	return 0;
}

/* One "key=value" at r->s, given to frame f. 0, or -1 with why. */
static int spec_option(spec_reader *r, frame *f)
{
	const char *key = r->s;
	char value[PROFILE_OPTION_VALUE + 1];
	size_t vlen = 0;

	while (*r->s != '\0' && *r->s != '=' && *r->s != ',' && *r->s != '}' && *r->s != '"' &&
	       *r->s != '{')
		r->s++;
	if (r->s == key)
		return spec_fail(r, key, "an option name is missing (name=value)");
	if (*r->s != '=')
		return spec_fail(r, key, "option '%.*s' is not name=value", (int)(r->s - key),
				 key);
	size_t klen = (size_t)(r->s - key);
	const char *at = ++r->s;
	if (*r->s == '"') {
		if (spec_quoted(r, value, sizeof value, &vlen) != 0)
			return -1;
		if (*r->s != ',' && *r->s != '}')
			return spec_fail(r, r->s,
					 "a ',' or '}' must follow the closing quote of option "
					 "'%.*s'",
					 (int)klen, key);
		if (vlen == 0)
			return spec_fail(r, at, "option '%.*s' has an empty value", (int)klen,
					 key);
	} else if (spec_bare(r, value, sizeof value, &vlen) != 0) {
		return -1;
	}
	if (give_option(f, key, klen, value, vlen, r->why, r->whysize) != 0) {
		char text[PROFILE_MESSAGE];
		snprintf(text, sizeof text, "%s", r->why);
		return spec_fail(r, key, "%s", text);
	}
	return 0;
}

/*
 * Splits `spec` into the name before the braces (into name[0..namesize))
 * and the options in them, given to frame f: "NAME{key=value,...}", the
 * '}' last. 0, or -1 with why (the column for an error in the options).
 */
static int parse_spec(const char *spec, char *name, size_t namesize, frame *f, char *why,
		      size_t whysize)
{
	const char *brace = strchr(spec, '{');
	size_t nlen = brace != NULL ? (size_t)(brace - spec) : strlen(spec);
	spec_reader r = {spec, brace, why, whysize};

	if (nlen == 0) {
		say(why, whysize, "no profile name before the options");
		return -1;
	}
	if (nlen >= namesize) {
		say(why, whysize, "the name is longer than %zu characters", namesize - 1);
		return -1;
	}
	memcpy(name, spec, nlen);
	name[nlen] = '\0';
	if (brace == NULL)
		return 0;
	r.s = brace + 1;
	if (*r.s == '}')
		r.s++; /* "NAME{}": no options */
	while (r.s[-1] != '}') {
		if (*r.s == '\0')
			return spec_fail(&r, r.s, "the options do not end with '}'");
		if (spec_option(&r, f) != 0)
			return -1;
		if (*r.s == '\0')
			return spec_fail(&r, r.s, "the options do not end with '}'");
		r.s++; /* the ',' or the '}' */
	}
	if (*r.s != '\0')
		return spec_fail(&r, r.s, "text after the '}' that ends the options");
	return 0;
}

/* ------------------------------------------------------------------------
 * time_control(text [, {delay = s, increment = s}]): a control composed as
 * a structure, never by appending text: "5400" (PGN seconds) with delay 5
 * is 5400 s with a 5 s delay, "G/90" (US minutes) the same; the result is
 * the PGN form ("5400d5"), which time.tc reads back.
 * ---------------------------------------------------------------------- */

/* Whole seconds from field `key` of the table at idx (a number or a
 * numeric string), or -1 when absent. Raises on anything else. */
static long tc_seconds(lua_State *L, int idx, const char *key)
{
	long s = -1;

	lua_getfield(L, idx, key);
	if (!lua_isnil(L, -1)) {
		lua_Number n = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : -1;
		if (n < 0 || n > 86400 || n != (lua_Number)(long)n)
			luaL_error(L, "time_control: %s '%s' is not whole seconds (0 to 86400)", key,
				   lua_isstring(L, -1) ? lua_tostring(L, -1)
						      : luaL_typename(L, -1));
		s = (long)n;
	}
	lua_pop(L, 1);
	return s;
}

/* A control with delay or increment `s` (seconds) on every period of both
 * sides (US Chess 5B: one delay or increment for the whole game). */
static void tc_apply(arb_time_control *tc, int is_delay, long s)
{
	for (int side = 0; side < 2; side++)
		for (int i = 0; i < tc->side[side].nperiods; i++) {
			arb_period *p = &tc->side[side].period[i];
			if (is_delay) {
				p->delay_ms = s * 1000;
				p->delay = s > 0 ? ARB_DELAY_SIMPLE : ARB_DELAY_NONE;
			} else {
				p->increment_ms = s * 1000;
				p->increment_from = 1;
			}
		}
	tc->delay_stated = 1; /* "delay=0" states "no delay" (US Chess 5E2) */
}

/* 1 if some period already has a delay or an increment. */
static int tc_has_extra(const arb_time_control *tc)
{
	for (int side = 0; side < 2; side++)
		for (int i = 0; i < tc->side[side].nperiods; i++)
			if (tc->side[side].period[i].delay != ARB_DELAY_NONE ||
			    tc->side[side].period[i].increment_ms > 0)
				return 1;
	return tc->delay_stated;
}

/* time_control(text [, changes]) -> the PGN form [-0, +1, e] */
static int l_time_control(lua_State *L)
{
	const char *text = luaL_checkstring(L, 1);
	arb_time_control tc;
	arb_error e;
	char out[ARB_RULES_TEXT];

	memset(&e, 0, sizeof e);
	if (arb_tc_parse(text, &tc, &e) != ARB_OK)
		return luaL_error(L, "'%s': %s", text, e.message);
	if (lua_istable(L, 2)) {
		long delay = tc_seconds(L, 2, "delay"), inc = tc_seconds(L, 2, "increment");
		if (delay >= 0 && inc >= 0)
			return luaL_error(L, "time_control: a delay and an increment exclude each "
					     "other (US Chess 5B)");
		if ((delay >= 0 || inc >= 0) && tc.kind != ARB_TC_PERIODS)
			return luaL_error(L, "time control '%s' has no periods to give a %s", text,
					  delay >= 0 ? "delay" : "increment");
		if ((delay >= 0 || inc >= 0) && tc_has_extra(&tc))
			return luaL_error(L, "time control '%s' already states a delay or an "
					     "increment",
					  text);
		if (delay >= 0)
			tc_apply(&tc, 1, delay);
		else if (inc >= 0)
			tc_apply(&tc, 0, inc);
	} else {
		luaL_argexpected(L, lua_isnoneornil(L, 2), 2, "table or nil");
	}
	if (arb_tc_format(&tc, ARB_TC_PGN, out, sizeof out) >= sizeof out)
		return luaL_error(L, "time control '%s' is too long for time.tc", text);
	lua_pushstring(L, out);
	return 1;
}

/* ------------------------------------------------------------------------
 * Finding a script
 * ---------------------------------------------------------------------- */

/* Sets f->file to dir/base.lua if that is a file. */
static int try_dir(frame *f, const char *dir, const char *base, size_t blen)
{
	int n = snprintf(f->file, sizeof f->file, "%s/%.*s.lua", dir, (int)blen, base);

	return n > 0 && (size_t)n < sizeof f->file && arb_datapath_is_file(f->file);
}

/* Looks for NAME.lua, then PREFIX.lua for NAME = PREFIX-SUFFIX, in `dir`.
 * 1 when found (f->file set; for the prefix, *split points at the suffix). */
static int find_in(frame *f, const char *dir, const char *name, const char **split)
{
	const char *dash = strrchr(name, '-');

	*split = NULL;
	if (try_dir(f, dir, name, strlen(name)))
		return 1;
	if (dash != NULL && dash > name && dash[1] != '\0' &&
	    try_dir(f, dir, name, (size_t)(dash - name))) {
		*split = dash + 1;
		return 1;
	}
	return 0;
}

/*
 * Finds the script of `name` for frame f: a path ending in ".lua" (tried in
 * `first_dir` first when relative), else NAME.lua or PREFIX.lua + option
 * speed=SUFFIX in `first_dir` (may be NULL) and then the profile path.
 * 0 with f->file set, or -1 with why.
 */
static int resolve(const dir_list *path, const char *name, const char *first_dir, frame *f,
		   char *why, size_t whysize)
{
	const char *split = NULL;
	int found = 0;

	if (ends_with(name, ".lua")) {
		if (name[0] != '/' && first_dir != NULL) {
			int n = snprintf(f->file, sizeof f->file, "%s/%s", first_dir, name);
			found = n > 0 && (size_t)n < sizeof f->file && arb_datapath_is_file(f->file);
		}
		if (!found && strlen(name) < sizeof f->file && arb_datapath_is_file(name)) {
			strcpy(f->file, name);
			found = 1;
		}
		if (!found)
			say(why, whysize, "no profile script '%s' (not a readable file)", name);
	} else if (!arb_datapath_is_name(name, strlen(name))) {
		say(why, whysize,
		    "'%s' is not a profile name (letters, digits, '_' and '-') or a path to a .lua "
		    "file",
		    name);
		return -1;
	} else {
		if (first_dir != NULL)
			found = find_in(f, first_dir, name, &split);
		for (int i = 0; !found && i < path->n; i++)
			found = find_in(f, path->dir[i], name, &split);
		if (!found) {
			char dirs[192];
			if (path->n == 0)
				snprintf(dirs, sizeof dirs, "an empty profile path");
			else
				arb_datapath_describe(path, dirs, sizeof dirs);
			say(why, whysize, "no profile '%s' (no %s.lua%s in %s%s)", name, name,
			    strchr(name, '-') ? " or PREFIX.lua for PREFIX-SPEED" : "",
			    first_dir != NULL ? "the script's directory, " : "", dirs);
		}
	}
	if (!found)
		return -1;
	if (split != NULL && find_option(f, "speed") != NULL) {
		say(why, whysize, "option 'speed' is given twice (the name's suffix is '-%s')",
		    split);
		return -1;
	}
	if (split != NULL && give_option(f, "speed", 5, split, strlen(split), why, whysize) != 0)
		return -1;
	shown_name(f->shown, f->file);
	struct stat st;
	if (stat(f->file, &st) == 0) {
		f->dev = st.st_dev;
		f->ino = st.st_ino;
	}
	return 0;
}

/* The directory of a script ("." for a bare file name) into out. */
static void dir_of(const char *file, char *out, size_t n)
{
	const char *slash = strrchr(file, '/');

	if (slash == NULL)
		snprintf(out, n, ".");
	else if (slash == file)
		snprintf(out, n, "/");
	else
		snprintf(out, n, "%.*s", (int)(slash - file), file);
}

/* ------------------------------------------------------------------------
 * Running a script (inside the load's protected call)
 * ---------------------------------------------------------------------- */

/* [-0, +1, e] Pushes the text of f->file as a userdata buffer (nothing is
 * held when it raises: the buffer is made before the file is opened). */
static const char *read_script(lua_State *L, const frame *f, size_t *len)
{
	struct stat st;
	char *buf;
	FILE *fp;
	size_t n;
	int bad;

	if (stat(f->file, &st) != 0 || !S_ISREG(st.st_mode))
		throwf(L, "%s: cannot read the profile script", f->shown);
	if (st.st_size > PROFILE_MAX_SCRIPT)
		throwf(L, "%s: larger than %ld bytes", f->shown, (long)PROFILE_MAX_SCRIPT);
	buf = lua_newuserdatauv(L, (size_t)st.st_size + 1, 0);
	fp = fopen(f->file, "rb");
	if (fp == NULL)
		throwf(L, "%s: cannot open: %s", f->shown, strerror(errno));
	n = fread(buf, 1, (size_t)st.st_size, fp);
	bad = ferror(fp);
	fclose(fp);
	if (bad)
		throwf(L, "%s: cannot read", f->shown);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/*
 * The frame of the script that is loading (the innermost), for option()
 * and extend(), or -1 outside a load. It is not found from the call stack:
 * a tail call (`return extend(...)`, a real one on LuaJIT) leaves no frame of
 * the script there. extend() keeps `depth` right even when a script catches
 * a failed extend with pcall (run_base).
 */
static int current_frame(const loader *ld)
{
	return ld != NULL ? ld->depth - 1 : -1;
}

static void check_table(lua_State *L, loader *ld, frame *f, int idx);

/* Every option given to f was asked for with option(). */
static void check_options(lua_State *L, const frame *f)
{
	char known[160] = "";
	size_t used = 0;

	for (int i = 0; i < f->nknown && used + 1 < sizeof known; i++) {
		int k = snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "",
				 f->known[i]);
		if (k < 0)
			break;
		used += (size_t)k;
	}
	for (int i = 0; i < f->ngiven; i++)
		if (!f->given[i].asked)
			throwf(L, "%s: unknown option '%s' (%s%s)", f->shown, f->given[i].name,
			       f->nknown ? "its options: " : "the profile takes no options", known);
}

/* [-0, +1, e] Runs the script of frame d and pushes the table it returns,
 * checked. */
static void run_frame(lua_State *L, loader *ld, int d)
{
	frame *f = &ld->frames[d];
	const char *text;
	size_t len;
	int buffer;

	text = read_script(L, f, &len);
	buffer = lua_gettop(L);
	if (len > 0 && text[0] == LUA_SIGNATURE[0])
		throwf(L, "%s: a binary (precompiled) chunk is refused: profiles are text",
		       f->shown);
	lua_pushfstring(L, "@%s", f->file); /* the chunk name */
	if (luaL_loadbufferx(L, text, len, lua_tostring(L, -1), "t") != LUA_OK)
		lua_error(L); /* "FILE:LINE: ..." from the parser */
	lua_remove(L, -2);
	ld->depth = d + 1;
	lua_call(L, 0, 1);
	if (lua_type(L, -1) != LUA_TTABLE)
		throwf(L, "%s: the script must return a table (the profile), not %s", f->shown,
		       luaL_typename(L, -1));
	check_options(L, f);
	f->text = text;
	f->len = len;
	check_table(L, ld, f, -1);
	f->text = NULL;
	lua_remove(L, buffer);
}

/* ------------------------------------------------------------------------
 * option(name [, default [, allowed]]) and extend(name [, options])
 * ---------------------------------------------------------------------- */

/* The words of the list at idx, joined by ", ", into out (cut to fit). */
static void word_list(lua_State *L, int idx, char *out, size_t n)
{
	size_t used = 0;
	lua_Integer len = (lua_Integer)lua_rawlen(L, idx);

	out[0] = '\0';
	for (lua_Integer i = 1; i <= len && used + 1 < n; i++) {
		int k;
		lua_rawgeti(L, idx, i);
		k = snprintf(out + used, n - used, "%s%s", i > 1 ? ", " : "",
			     lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?");
		lua_pop(L, 1);
		if (k < 0)
			break;
		used += (size_t)k;
	}
}

/* Is `value` one of the strings of the list at idx? Raises when the list
 * holds something else. */
static int in_list(lua_State *L, int idx, const char *value)
{
	lua_Integer len = (lua_Integer)lua_rawlen(L, idx);
	int found = 0;

	for (lua_Integer i = 1; i <= len; i++) {
		lua_rawgeti(L, idx, i);
		if (lua_type(L, -1) != LUA_TSTRING)
			luaL_error(L,
				   "option: the allowed values must be strings (entry %d is a %s)",
				   (int)i, luaL_typename(L, -1));
		found |= strcmp(lua_tostring(L, -1), value) == 0;
		lua_pop(L, 1);
	}
	return found;
}

/* option(name [, default [, allowed]]) -> the given value (a string), else
 * the default as passed (nil when none). [-0, +1, e] */
static int l_option(lua_State *L)
{
	arb_profile *p = lua_touserdata(L, lua_upvalueindex(1));
	const char *name = luaL_checkstring(L, 1);
	int d = current_frame(p->ld), listed = !lua_isnoneornil(L, 3);
	char words[160];
	frame *f;
	option *o;
	int i;

	if (d < 0)
		return luaL_error(L, "option() is only for a profile script while it loads");
	if (listed)
		luaL_checktype(L, 3, LUA_TTABLE);
	f = &p->ld->frames[d];
	for (i = 0; i < f->nknown && strcmp(f->known[i], name) != 0; i++)
		;
	if (i == f->nknown) {
		size_t n = strlen(name);
		if (n == 0 || n >= PROFILE_OPTION_NAME)
			return luaL_error(L, "option: the name '%s' is empty or too long", name);
		if (f->nknown == PROFILE_MAX_OPTIONS)
			return luaL_error(L, "option: more than %d options", PROFILE_MAX_OPTIONS);
		memcpy(f->known[f->nknown++], name, n + 1);
	}
	o = find_option(f, name);
	if (o != NULL) {
		o->asked = 1;
		if (listed && !in_list(L, 3, o->value)) {
			word_list(L, 3, words, sizeof words);
			return luaL_error(L, "option '%s': '%s' is not one of: %s", name, o->value,
					  words);
		}
		lua_pushstring(L, o->value);
		return 1;
	}
	if (listed && lua_type(L, 2) == LUA_TSTRING && !in_list(L, 3, lua_tostring(L, 2))) {
		word_list(L, 3, words, sizeof words);
		return luaL_error(L, "option '%s': the default '%s' is not one of: %s", name,
				  lua_tostring(L, 2), words);
	}
	lua_settop(L, 2);
	return 1;
}

/* Raises "FILE:LINE: extend 'spec': why" for a call in frame c's script;
 * without the line when the call left no frame to find it in (a tail
 * call on LuaJIT). */
static int extend_error(lua_State *L, const loader *ld, int c, const char *spec, const char *fmt,
			...) PROFILE_PRINTF(5, 6);
static int extend_error(lua_State *L, const loader *ld, int c, const char *spec, const char *fmt,
			...)
{
	char why[PROFILE_MESSAGE];
	const char *where;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	luaL_where(L, 1);
	where = lua_tostring(L, -1);
	if (where[0] != '\0')
		return throwf(L, "%sextend '%s': %s", where, spec, why);
	return throwf(L, "%s: extend '%s': %s", ld->frames[c].shown, spec, why);
}

/* Gives frame f the options of the table at idx (string keys; strings,
 * numbers or booleans). Raises naming the profile being extended (the call
 * is in frame c). */
static void give_table_options(lua_State *L, const loader *ld, int c, frame *f, int idx,
			       const char *spec)
{
	char why[PROFILE_MESSAGE];

	lua_pushnil(L);
	while (lua_next(L, idx) != 0) {
		char num[32];
		const char *value = num;
		int t = lua_type(L, -1);
		if (lua_type(L, -2) != LUA_TSTRING)
			extend_error(L, ld, c, spec, "an option key that is not a name (a %s)",
				     luaL_typename(L, -2));
		const char *key = lua_tostring(L, -2);
		if (t == LUA_TSTRING) {
			value = lua_tostring(L, -1);
		} else if (t == LUA_TBOOLEAN) {
			value = lua_toboolean(L, -1) ? "true" : "false";
		} else if (t == LUA_TNUMBER) {
			int whole = 0;
			lua_Integer v = lua_tointegerx(L, -1, &whole);
			if (whole)
				snprintf(num, sizeof num, "%lld", (long long)v);
			else
				snprintf(num, sizeof num, "%.14g", (double)lua_tonumber(L, -1));
		} else {
			extend_error(L, ld, c, spec, "option '%s' is a %s (give a string)", key,
				     luaL_typename(L, -1));
		}
		if (give_option(f, key, strlen(key), value, strlen(value), why, sizeof why) != 0)
			extend_error(L, ld, c, spec, "%s", why);
		lua_pop(L, 1);
	}
}

/* Runs frame d (arguments: the loader, d) and returns its checked table:
 * extend calls it protected. [-2, +1, e] */
static int run_base(lua_State *L)
{
	loader *ld = lua_touserdata(L, 1);
	int d = (int)lua_tointeger(L, 2);

	lua_settop(L, 0);
	run_frame(L, ld, d);
	return 1;
}

/* extend(name [, options]) -> the table of profile `name` (loaded in this
 * state with the options of its name and of the table), checked, for the
 * caller to change. [-0, +1, e] */
static int l_extend(lua_State *L)
{
	arb_profile *p = lua_touserdata(L, lua_upvalueindex(1));
	const char *spec = luaL_checkstring(L, 1);
	int c = current_frame(p->ld), st;
	char why[PROFILE_MESSAGE];
	loader *ld = p->ld;
	frame *f;

	if (c < 0)
		return luaL_error(L, "extend() is only for a profile script while it loads");
	if (!lua_isnoneornil(L, 2))
		luaL_checktype(L, 2, LUA_TTABLE);
	if (c + 1 > PROFILE_MAX_DEPTH)
		return extend_error(L, ld, c, spec, "profiles extend one another more than %d deep",
				    PROFILE_MAX_DEPTH);
	f = &ld->frames[c + 1];
	memset(f, 0, sizeof *f);
	if (parse_spec(spec, ld->name, sizeof ld->name, f, why, sizeof why) != 0)
		return extend_error(L, ld, c, spec, "%s", why);
	if (!lua_isnoneornil(L, 2))
		give_table_options(L, ld, c, f, 2, spec);
	dir_of(ld->frames[c].file, ld->dir, sizeof ld->dir);
	if (resolve(&p->path, ld->name, ld->dir, f, why, sizeof why) != 0)
		return extend_error(L, ld, c, spec, "%s", why);
	for (int i = 0; i <= c; i++) {
		if (ld->frames[i].dev != f->dev || ld->frames[i].ino != f->ino)
			continue;
		char chain[PROFILE_MESSAGE] = "";
		size_t used = 0;
		for (int k = i; k <= c + 1 && used + 1 < sizeof chain; k++) {
			int n = snprintf(chain + used, sizeof chain - used, "%s%s",
					 k > i ? " -> " : "", ld->frames[k].shown);
			if (n < 0)
				break;
			used += (size_t)n;
		}
		return extend_error(L, ld, c, spec, "a cycle: %s", chain);
	}
	lua_pushcfunction(L, run_base);
	lua_pushlightuserdata(L, ld);
	lua_pushinteger(L, c + 1);
	st = lua_pcall(L, 2, 1, 0);
	ld->depth = c + 1; /* the caller loads again, whatever happened below */
	if (st == LUA_ERRMEM)
		extend_error(L, ld, c, spec, "%s: out of memory (the profile's memory limit)",
			     f->shown);
	if (st != LUA_OK)
		lua_error(L); /* the base's own message: "FILE:LINE: ..." */
	return 1;
}

/* ------------------------------------------------------------------------
 * Checking a returned table: flatten it to dotted names, then arb_rules_set
 * ---------------------------------------------------------------------- */

/* Does `line` (n bytes) hold "KEY =" (KEY as a whole word, not "==")? */
static int sets_key(const char *line, size_t n, const char *key)
{
	size_t k = strlen(key);

	for (size_t i = 0; k > 0 && i + k <= n; i++) {
		if (memcmp(line + i, key, k) != 0 ||
		    (i > 0 && is_name_char((unsigned char)line[i - 1])))
			continue;
		size_t j = i + k;
		if (j < n && is_name_char((unsigned char)line[j]))
			continue;
		while (j < n &&
		       (line[j] == ' ' || line[j] == '\t' || line[j] == ']' || line[j] == '"'))
			j++;
		if (j < n && line[j] == '=' && (j + 1 == n || line[j + 1] != '='))
			return 1;
	}
	return 0;
}

/* The length of `line` (n bytes) before a "--" comment that is not in a
 * quoted string. */
static size_t code_length(const char *line, size_t n)
{
	char quote = 0;

	for (size_t i = 0; i < n; i++) {
		if (quote != 0 && line[i] == '\\')
			i++;
		else if (quote != 0 && line[i] == quote)
			quote = 0;
		else if (quote == 0 && (line[i] == '"' || line[i] == '\''))
			quote = line[i];
		else if (quote == 0 && line[i] == '-' && i + 1 < n && line[i + 1] == '-')
			return i;
	}
	return n;
}

static int holds(const char *line, size_t n, const char *s)
{
	size_t k = strlen(s);

	for (size_t i = 0; k > 0 && i + k <= n; i++)
		if (memcmp(line + i, s, k) == 0)
			return 1;
	return 0;
}

/*
 * The line of f's script that most likely sets field `name` to `value`: a
 * line with "KEY =" (KEY the name's last part) that also holds the value,
 * else the first "KEY =" after "PARENT =", else the first "KEY =". 0 when
 * there is none. A returned table carries no line numbers; this search only
 * makes the message point somewhere useful.
 */
static int find_line(const frame *f, const char *name, const char *value)
{
	const char *dot = strrchr(name, '.');
	const char *key = dot != NULL ? dot + 1 : name;
	char parent[PROFILE_FIELD_NAME] = "";
	int line = 1, with_value = 0, after_parent = 0, any = 0, in_parent = 0;
	const char *s = f->text, *end = f->text + f->len;

	if (f->text == NULL)
		return 0;
	if (dot != NULL)
		snprintf(parent, sizeof parent, "%.*s", (int)(dot - name), name);
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t line_len = nl != NULL ? (size_t)(nl - s) : (size_t)(end - s);
		size_t n = code_length(s, line_len);
		if (parent[0] && sets_key(s, n, parent))
			in_parent = 1;
		if (sets_key(s, n, key)) {
			if (!with_value && value != NULL && value[0] != '\0' && holds(s, n, value))
				with_value = line;
			if (!after_parent && in_parent)
				after_parent = line;
			if (!any)
				any = line;
		}
		s += line_len + 1;
		line++;
	}
	return with_value ? with_value : after_parent ? after_parent : any;
}

/* Raises "FILE:LINE: field 'name': why" (LINE from find_line). */
static int field_error(lua_State *L, const frame *f, const char *name, const char *value,
		       const char *fmt, ...) PROFILE_PRINTF(5, 6);
static int field_error(lua_State *L, const frame *f, const char *name, const char *value,
		       const char *fmt, ...)
{
	char why[PROFILE_MESSAGE], at[16] = "";
	int line = find_line(f, name, value);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (line > 0)
		snprintf(at, sizeof at, ":%d", line);
	return throwf(L, "%s%s: field '%s': %s", f->shown, at, name, why);
}

/* Raises e's message ("field 'NAME': why", from arb_rules_check) with f's
 * file and the line that sets NAME, when the script has one. */
static int throw_at_field(lua_State *L, const frame *f, const arb_error *e)
{
	char name[PROFILE_FIELD_NAME] = "", at[16] = "";
	const char *q = strstr(e->message, "field '");
	const char *end = q != NULL ? strchr(q + 7, '\'') : NULL;
	int line = 0;

	if (end != NULL && (size_t)(end - q - 7) < sizeof name) {
		snprintf(name, sizeof name, "%.*s", (int)(end - q - 7), q + 7);
		line = find_line(f, name, NULL);
	}
	if (line > 0)
		snprintf(at, sizeof at, ":%d", line);
	return throwf(L, "%s%s: %s", f->shown, at, e->message);
}

/* A field of the table (not a group like "draw"): its type, or -1. */
static int field_type(const char *name)
{
	arb_rules_field fl;

	if (strncmp(name, "articles.", 9) == 0 && arb_article_from_key(name + 9) >= 0)
		return ARB_RULES_STRING;
	for (int i = 0; arb_rules_field_at(i, &fl); i++)
		if (strcmp(fl.name, name) == 0)
			return (int)fl.type;
	return -1;
}

static const char *type_word(int type)
{
	switch (type) {
	case ARB_RULES_ENUM:
		return "a word";
	case ARB_RULES_INT:
		return "a whole number";
	case ARB_RULES_BOOL:
		return "true or false";
	default:
		return "a string";
	}
}

static int is_hook_name(const char *key)
{
	return strcmp(key, "on_move") == 0 || strcmp(key, "on_end") == 0;
}

/* The value at the top, for field `name`, as a leaf. */
static void add_leaf(lua_State *L, loader *ld, const frame *f, const char *name)
{
	leaf *l;
	size_t len;

	if (ld->nleaves == PROFILE_MAX_FIELDS)
		field_error(L, f, name, NULL, "the table has more than %d fields",
			    PROFILE_MAX_FIELDS);
	l = &ld->leaves[ld->nleaves];
	snprintf(l->name, sizeof l->name, "%s", name);
	l->string = NULL;
	switch (lua_type(L, -1)) {
	case LUA_TSTRING:
		l->string = lua_tolstring(L, -1, &len); /* stays in the table: the pointer holds */
		if (strlen(l->string) != len)
			field_error(L, f, name, NULL, "the string holds a NUL byte");
		break;
	case LUA_TBOOLEAN:
		snprintf(l->text, sizeof l->text, "%s", lua_toboolean(L, -1) ? "true" : "false");
		break;
	case LUA_TNUMBER: {
		int whole = 0;
		lua_Integer v = lua_tointegerx(L, -1, &whole); /* 120.0 is 120 */
		if (!whole)
			field_error(L, f, name, NULL, "'%.14g' is not a whole number",
				    (double)lua_tonumber(L, -1));
		snprintf(l->text, sizeof l->text, "%lld", (long long)v);
		break;
	}
	default:
		field_error(L, f, name, NULL, "a %s is not a value (give %s)", luaL_typename(L, -1),
			    field_type(name) >= 0 ? type_word(field_type(name)) : "a string");
	}
	ld->nleaves++;
}

/* Adds the fields of the table at t (its dotted name `prefix`, "" at the
 * top) to the leaves, reading it raw. */
static void collect(lua_State *L, loader *ld, const frame *f, int t, const char *prefix)
{
	t = lua_absindex(L, t);
	lua_pushnil(L);
	while (lua_next(L, t) != 0) {
		char name[PROFILE_FIELD_NAME];
		const char *key;
		int n;

		if (lua_type(L, -2) != LUA_TSTRING)
			field_error(L, f, prefix[0] ? prefix : "(top)", NULL,
				    "a key that is not a field name (a %s)", luaL_typename(L, -2));
		key = lua_tostring(L, -2);
		n = snprintf(name, sizeof name, "%s%s%s", prefix, prefix[0] ? "." : "", key);
		if (n < 0 || (size_t)n >= sizeof name)
			field_error(L, f, key, NULL, "no such field (the name is too long)");
		switch (lua_type(L, -1)) {
		case LUA_TTABLE:
			if (field_type(name) >= 0)
				field_error(L, f, name, NULL, "expected %s, got a table",
					    type_word(field_type(name)));
			if (prefix[0] != '\0')
				field_error(L, f, name, NULL, "no such field (nested too deep)");
			collect(L, ld, f, -1, name);
			break;
		case LUA_TFUNCTION:
			if (prefix[0] == '\0' && is_hook_name(key))
				break; /* taken by push_slots */
			field_error(
				L, f, name, NULL,
				"a function is not a value (only on_move and on_end are functions)");
			break;
		default:
			if (prefix[0] == '\0' && is_hook_name(key))
				field_error(L, f, name, NULL, "a hook must be a function, not a %s",
					    luaL_typename(L, -1));
			add_leaf(L, ld, f, name);
		}
		lua_pop(L, 1);
	}
}

static int leaf_order(const void *a, const void *b)
{
	return strcmp(((const leaf *)a)->name, ((const leaf *)b)->name);
}

/* Checks the table at idx (returned by f's script) into ld->rules: every
 * leaf through arb_rules_set, in name order (the first error is the same
 * on every run), on top of arb_rules_init. */
static void check_table(lua_State *L, loader *ld, frame *f, int idx)
{
	arb_error e;

	ld->nleaves = 0;
	collect(L, ld, f, idx, "");
	qsort(ld->leaves, (size_t)ld->nleaves, sizeof ld->leaves[0], leaf_order);
	arb_rules_init(&ld->rules);
	for (int i = 0; i < ld->nleaves; i++) {
		const leaf *l = &ld->leaves[i];
		if (arb_rules_set(&ld->rules, l->name, LEAF_VALUE(l), &e) != ARB_OK) {
			int line = find_line(f, l->name, LEAF_VALUE(l));
			char at[16] = "";
			if (line > 0)
				snprintf(at, sizeof at, ":%d", line);
			throwf(L, "%s%s: %s", f->shown, at, e.message);
		}
	}
	if (ld->rules.tc[0] != '\0') {
		arb_time_control tc;
		if (arb_tc_parse(ld->rules.tc, &tc, &e) != ARB_OK)
			field_error(L, f, "time.tc", ld->rules.tc, "%s", e.message);
	}
	/* What no field alone can say: the counts of paired rules in order.
	 * The message names the field; the line is the field's, if set here. */
	if (arb_rules_check(&ld->rules, &e) != ARB_OK)
		throw_at_field(L, f, &e);
}

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

/* [-0, +0, m] Makes the proxies, their metatables and the game's `fields`
 * (kept in the registry). */
static void make_proxies(lua_State *L, arb_profile *p)
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

/*
 * The values every hook call needs sit at fixed slots of the state's stack
 * from the end of the load on (load_body returns them): a call pushes them
 * with lua_pushvalue, which neither looks anything up nor allocates. Only
 * the hooks use the state after the load, and each call leaves the stack as
 * it found it, so the slots stay.
 */
enum {
	S_ON_MOVE = 1, /* the hooks (nil when the profile has none) */
	S_ON_END,
	S_GAME, /* the proxies */
	S_ENDING,
	S_FIELDS,                    /* the game's raw fields */
	S_CHECK,                     /* check_result, a closure of the profile */
	S_KEY,                       /* the raw fields' keys, in RAW_ order (RAW_COUNT slots) */
	S_WHITE = S_KEY + RAW_COUNT, /* side_to_move's values */
	S_BLACK,
	S_COUNT = S_BLACK
};

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

/* ------------------------------------------------------------------------
 * Loading
 * ---------------------------------------------------------------------- */

/* Run protected before the load: the hooks' proxies go to the
 * registry, option and extend become globals. */
static int install_body(lua_State *L)
{
	arb_profile *p = lua_touserdata(L, 1);

	lua_settop(L, 0);
	make_proxies(L, p);
	lua_pushglobaltable(L);
	lua_pushstring(L, "option");
	lua_pushlightuserdata(L, p);
	lua_pushcclosure(L, l_option, 1);
	lua_rawset(L, 1);
	lua_pushstring(L, "extend");
	lua_pushlightuserdata(L, p);
	lua_pushcclosure(L, l_extend, 1);
	lua_rawset(L, 1);
	lua_pushcfunction(L, l_time_control);
	lua_setfield(L, 1, "time_control");
	return 0;
}

/* [-0, +S_COUNT, e] Pushes what the hook calls keep at their stack slots
 * (S_ON_MOVE...): the hooks of the checked table at idx, the proxies, ... */
static void push_slots(lua_State *L, arb_profile *p, int idx)
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

/* The whole load, run protected with the profile (a light userdata); returns
 * the S_COUNT values of the hook calls' slots. */
static int load_body(lua_State *L)
{
	arb_profile *p = lua_touserdata(L, 1);

	lua_settop(L, 0);
	run_frame(L, p->ld, 0);
	push_slots(L, p, 1);
	return S_COUNT;
}

static arb_profile *load_fail(arb_profile *p, arb_error *err, arb_status code, const char *msg)
{
	if (err != NULL) {
		memset(err, 0, sizeof *err);
		err->code = code;
		say(err->message, sizeof err->message, "%s", msg);
	}
	arb_profile_free(p);
	return NULL;
}

/* rules->name: the spec as given, cut with "..." when it is too long. */
static void set_name(arb_rules *r, const char *spec)
{
	size_t n = strlen(spec);

	if (n < sizeof r->name)
		memcpy(r->name, spec, n + 1);
	else
		snprintf(r->name, sizeof r->name, "%.*s...", (int)sizeof r->name - 4, spec);
}

arb_profile *arb_profile_load(const char *spec, const char *path, arb_error *err)
{
	return arb_profile_load_print(spec, path, NULL, NULL, err);
}

arb_profile *arb_profile_load_print(const char *spec, const char *path, arb_profile_print_fn print,
				    void *ud, arb_error *err)
{
	char msg[PROFILE_MESSAGE], name[PROFILE_PATH_MAX];
	arb_sandbox_status st;
	arb_profile *p;
	lua_State *L;

	if (err != NULL)
		memset(err, 0, sizeof *err);
	if (spec == NULL || spec[0] == '\0')
		return load_fail(NULL, err, ARB_E_PROFILE, "no profile name given");
	p = calloc(1, sizeof *p);
	if (p == NULL || (p->ld = calloc(1, sizeof *p->ld)) == NULL ||
	    dirs_build(&p->path, path) != 0)
		return load_fail(p, err, ARB_E_NOMEM, "out of memory");
	frame *top = &p->ld->frames[0];
	if (parse_spec(spec, name, sizeof name, top, msg, sizeof msg) != 0 ||
	    resolve(&p->path, name, NULL, top, msg, sizeof msg) != 0)
		return load_fail(p, err, ARB_E_PROFILE, msg);
	snprintf(p->file, sizeof p->file, "%s", top->file);
	p->sb = arb_sandbox_new(NULL, msg, sizeof msg);
	if (p->sb == NULL)
		return load_fail(p, err, ARB_E_NOMEM, msg);
	arb_sandbox_set_print(p->sb, print, ud); /* the load's and the hooks' */
	L = arb_sandbox_state(p->sb);
	lua_pushcfunction(L, install_body);
	lua_pushlightuserdata(L, p);
	if (arb_sandbox_pcall(p->sb, 1, 0, msg, sizeof msg) != ARB_SANDBOX_OK)
		return load_fail(p, err, ARB_E_NOMEM, msg);
	lua_pushcfunction(L, load_body);
	lua_pushlightuserdata(L, p);
	/* Named after the script: an error without a position (error({}),
	 * error("x", 0), the parser's "C stack overflow") still names it. */
	st = arb_sandbox_pcall_named(p->sb, top->shown, 1, S_COUNT, msg, sizeof msg);
	if (st != ARB_SANDBOX_OK)
		return load_fail(p, err, ARB_E_PROFILE, msg);
	if (lua_gettop(L) != S_COUNT) /* the slots the hook calls use */
		return load_fail(p, err, ARB_E_PROFILE,
				 "profile: the hooks' stack slots are not where expected");
	p->rules = p->ld->rules;
	free(p->ld);
	p->ld = NULL;
	set_name(&p->rules, spec);
	p->rules.hook_data = p;
	p->rules.on_move = p->has_hook[HOOK_MOVE] ? hook_move : NULL;
	p->rules.on_end = p->has_hook[HOOK_END] ? hook_end : NULL;
	return p;
}

void arb_profile_free(arb_profile *p)
{
	if (p == NULL)
		return;
	arb_sandbox_free(p->sb);
	arb_datapath_free(&p->path);
	free(p->ld);
	free(p);
}

const arb_rules *arb_profile_rules(const arb_profile *p)
{
	return p != NULL ? &p->rules : NULL;
}

const char *arb_profile_file(const arb_profile *p)
{
	return p != NULL ? p->file : NULL;
}

/* ------------------------------------------------------------------------
 * Listing
 * ---------------------------------------------------------------------- */

int arb_profile_list(const char *path, void (*fn)(const char *name, const char *file, void *ctx),
		     void *ctx)
{
	dir_list dirs = {NULL, 0};
	int n;

	if (dirs_build(&dirs, path) != 0)
		return -1;
	n = arb_datapath_list(&dirs, arb_datapath_is_name, fn, ctx);
	arb_datapath_free(&dirs);
	return n;
}
