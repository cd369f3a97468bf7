/*
 * profile.c -- competition-rule profiles (profiles/NAME.lua): loading a script
 * through the sandbox into an arb_rules (profile.h; the schema is
 * profiles/README.md). The hooks' side, the game they see and the
 * trampolines that run them, is profile_hooks.c (profile_hooks.h).
 *
 * A load is one arb_sandbox_pcall of load_body: the script, every profile
 * it extends (run in the same state, one frame each, at most
 * PROFILE_MAX_DEPTH deep) and the checks of the tables they return all run
 * inside it, under one instruction budget and the memory cap, so nothing
 * here touches the state unprotected. The loader's own memory (frames,
 * options, the field list) is C memory allocated before that call and freed
 * after it, and script texts are Lua userdata: an error unwinding out of
 * Lua leaks nothing. The load ends by leaving at fixed stack slots what the
 * hook calls need (arbI_profile_hooks_push_slots); after it only the hooks run in
 * the state.
 *
 * The same loader reads the other scripts that are data: a kind
 * (arbI_script_kind, profile_hooks.h) says what its scripts are called, where
 * they are found, what their table's fields are and how they are set; a
 * kind without hooks (regulations, lua/regulation.c) is loaded by
 * arbI_script_load and its state freed at once.
 */
#include "profile_hooks.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------------------------
 * Sizes (the limits, PROFILE_MAX_*, are in engine/config.h)
 * ---------------------------------------------------------------------- */

#define PROFILE_OPTION_NAME 32
#define PROFILE_OPTION_VALUE 128
#define PROFILE_FIELD_NAME 64

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
	const arbI_script_kind *kind;
	arb_rules rules;    /* a profile: the checked rules of the last table */
	arb_regulation reg; /* a regulation: the same */
	void *target;       /* the one of the two the kind fills */
	/* Scratch for extend() before it runs the base: kept off the C stack,
	 * which nested extends and LuaJIT's callback limit share. */
	char name[PROFILE_PATH_MAX], dir[PROFILE_PATH_MAX];
} loader;

typedef arb_datapath dir_list;

/* ------------------------------------------------------------------------
 * Small helpers
 * ---------------------------------------------------------------------- */

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
static int dirs_build(dir_list *l, const char *kind, const char *path)
{
	return arbI_datapath_build(l, kind, path);
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

static int spec_fail(spec_reader *r, const char *at, const char *fmt, ...) PROFILE_PRINTF(3, 4);

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
				return spec_fail(
					r, r->s,
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
		return spec_fail(r, key, "option '%.*s' is not name=value", (int)(r->s - key), key);
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
			return spec_fail(r, at, "option '%.*s' has an empty value", (int)klen, key);
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
static int parse_spec(const char *noun, const char *spec, char *name, size_t namesize, frame *f,
		      char *why, size_t whysize)
{
	const char *brace = strchr(spec, '{');
	size_t nlen = brace != NULL ? (size_t)(brace - spec) : strlen(spec);
	spec_reader r = {spec, brace, why, whysize};

	if (nlen == 0) {
		say(why, whysize, "no %s name before the options", noun);
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
			luaL_error(
				L, "time_control: %s '%s' is not whole seconds (0 to 86400)", key,
				lua_isstring(L, -1) ? lua_tostring(L, -1) : luaL_typename(L, -1));
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
			return luaL_error(L,
					  "time control '%s' already states a delay or an "
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

	return n > 0 && (size_t)n < sizeof f->file && arbI_datapath_is_file(f->file);
}

/* Looks for NAME.lua, then PREFIX.lua for NAME = PREFIX-SUFFIX, in `dir`.
 * 1 when found (f->file set; for the prefix, *split points at the suffix). */
static int find_in(const arbI_script_kind *kind, frame *f, const char *dir, const char *name,
		   const char **split)
{
	const char *dash = strrchr(name, '-');

	*split = NULL;
	if (try_dir(f, dir, name, strlen(name)))
		return 1;
	if (kind->speed_suffix && dash != NULL && dash > name && dash[1] != '\0' &&
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
static int resolve(const arbI_script_kind *kind, const dir_list *path, const char *name,
		   const char *first_dir, frame *f, char *why, size_t whysize)
{
	const char *noun = kind->noun;
	const char *split = NULL;
	int found = 0;

	if (ends_with(name, ".lua")) {
		if (name[0] != '/' && first_dir != NULL) {
			int n = snprintf(f->file, sizeof f->file, "%s/%s", first_dir, name);
			found = n > 0 && (size_t)n < sizeof f->file &&
				arbI_datapath_is_file(f->file);
		}
		if (!found && strlen(name) < sizeof f->file && arbI_datapath_is_file(name)) {
			strcpy(f->file, name);
			found = 1;
		}
		if (!found)
			say(why, whysize, "no %s script '%s' (not a readable file)", noun, name);
	} else if (!arbI_datapath_is_name(name, strlen(name))) {
		say(why, whysize,
		    "'%s' is not a %s name (letters, digits, '_' and '-') or a path to a .lua "
		    "file",
		    name, noun);
		return -1;
	} else {
		if (first_dir != NULL)
			found = find_in(kind, f, first_dir, name, &split);
		for (int i = 0; !found && i < path->n; i++)
			found = find_in(kind, f, path->dir[i], name, &split);
		if (!found) {
			char dirs[192];
			if (path->n == 0)
				snprintf(dirs, sizeof dirs, "an empty %s path", noun);
			else
				arbI_datapath_describe(path, dirs, sizeof dirs);
			say(why, whysize, "no %s '%s' (no %s.lua%s in %s%s)", noun, name, name,
			    kind->speed_suffix && strchr(name, '-') ?
				    " or PREFIX.lua for PREFIX-SPEED" :
				    "",
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
		throwf(L, "%s: cannot read the script", f->shown);
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
			       f->nknown ? "its options: " : "the script takes no options", known);
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
		throwf(L, "%s: a binary (precompiled) chunk is refused: %s are text", f->shown,
		       ld->kind->nouns);
	lua_pushfstring(L, "@%s", f->file); /* the chunk name */
	if (luaL_loadbufferx(L, text, len, lua_tostring(L, -1), "t") != LUA_OK)
		lua_error(L); /* "FILE:LINE: ..." from the parser */
	lua_remove(L, -2);
	ld->depth = d + 1;
	lua_call(L, 0, 1);
	if (lua_type(L, -1) != LUA_TTABLE)
		throwf(L, "%s: the script must return a table (the %s), not %s", f->shown,
		       ld->kind->noun, luaL_typename(L, -1));
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
		return extend_error(L, ld, c, spec, "%s extend one another more than %d deep",
				    ld->kind->nouns, PROFILE_MAX_DEPTH);
	f = &ld->frames[c + 1];
	memset(f, 0, sizeof *f);
	if (parse_spec(ld->kind->noun, spec, ld->name, sizeof ld->name, f, why, sizeof why) != 0)
		return extend_error(L, ld, c, spec, "%s", why);
	if (!lua_isnoneornil(L, 2))
		give_table_options(L, ld, c, f, 2, spec);
	dir_of(ld->frames[c].file, ld->dir, sizeof ld->dir);
	if (resolve(ld->kind, &p->path, ld->name, ld->dir, f, why, sizeof why) != 0)
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
		extend_error(L, ld, c, spec, "%s: out of memory (the %s's memory limit)", f->shown,
			     ld->kind->noun);
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

/* A profile's field (not a group like "draw"): what its value is, in
 * words ("a word"), or NULL when there is no such field. */
static const char *rules_type_of(const char *name)
{
	arb_rules_field fl;

	if (strncmp(name, "articles.", 9) == 0 && arb_article_from_key(name + 9) >= 0)
		return "a string";
	for (int i = 0; arb_rules_field_at(i, &fl); i++)
		if (strcmp(fl.name, name) == 0)
			switch (fl.type) {
			case ARB_RULES_ENUM:
				return "a word";
			case ARB_RULES_INT:
				return "a whole number";
			case ARB_RULES_BOOL:
				return "true or false";
			default:
				return "a string";
			}
	return NULL;
}

static void rules_reset(void *target)
{
	arb_rules_init(target);
}

static arb_status rules_set(void *target, const char *name, const char *value, arb_error *err)
{
	return arb_rules_set(target, name, value, err);
}

static arb_status rules_check(const void *target, arb_error *err)
{
	const arb_rules *r = target;
	arb_time_control tc;

	if (r->tc[0] != '\0' && arb_tc_parse(r->tc, &tc, err) != ARB_OK) {
		char why[PROFILE_MESSAGE];
		snprintf(why, sizeof why, "%s", err->message);
		snprintf(err->message, sizeof err->message, "field 'time.tc': %.*s",
			 (int)sizeof err->message - 20, why);
		return ARB_E_PROFILE;
	}
	/* What no field alone can say: the counts of paired rules in order. */
	return arb_rules_check(r, err);
}

static const arbI_script_kind profile_kind = {
	"profile",     "profiles",  1,         1,           0,
	rules_type_of, rules_reset, rules_set, rules_check, sizeof(arb_rules),
};

static int is_hook_name(const loader *ld, const char *key)
{
	return ld->kind->hooks && (strcmp(key, "on_move") == 0 || strcmp(key, "on_end") == 0);
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
		if (whole)
			snprintf(l->text, sizeof l->text, "%lld", (long long)v);
		else if (ld->kind->decimals) /* points: 0.5; the field checks it */
			snprintf(l->text, sizeof l->text, "%.14g", (double)lua_tonumber(L, -1));
		else
			field_error(L, f, name, NULL, "'%.14g' is not a whole number",
				    (double)lua_tonumber(L, -1));
		break;
	}
	default:
		field_error(L, f, name, NULL, "a %s is not a value (give %s)", luaL_typename(L, -1),
			    ld->kind->type_of(name) ? ld->kind->type_of(name) : "a string");
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
			if (ld->kind->type_of(name) != NULL)
				field_error(L, f, name, NULL, "expected %s, got a table",
					    ld->kind->type_of(name));
			if (prefix[0] != '\0')
				field_error(L, f, name, NULL, "no such field (nested too deep)");
			collect(L, ld, f, -1, name);
			break;
		case LUA_TFUNCTION:
			if (prefix[0] == '\0' && is_hook_name(ld, key))
				break; /* taken by push_slots */
			field_error(L, f, name, NULL, "%s",
				    ld->kind->hooks ? "a function is not a value (only on_move and "
						      "on_end are functions)" :
						      "a function is not a value");
			break;
		default:
			if (prefix[0] == '\0' && is_hook_name(ld, key))
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

/* Checks the table at idx (returned by f's script) into ld->target: every
 * leaf through the kind's set (arb_rules_set), in name order (the first
 * error is the same on every run), on top of its reset (arb_rules_init). */
static void check_table(lua_State *L, loader *ld, frame *f, int idx)
{
	arb_error e;

	ld->nleaves = 0;
	collect(L, ld, f, idx, "");
	qsort(ld->leaves, (size_t)ld->nleaves, sizeof ld->leaves[0], leaf_order);
	ld->kind->reset(ld->target);
	for (int i = 0; i < ld->nleaves; i++) {
		const leaf *l = &ld->leaves[i];
		if (ld->kind->set(ld->target, l->name, LEAF_VALUE(l), &e) != ARB_OK) {
			int line = find_line(f, l->name, LEAF_VALUE(l));
			char at[16] = "";
			if (line > 0)
				snprintf(at, sizeof at, ":%d", line);
			throwf(L, "%s%s: %s", f->shown, at, e.message);
		}
	}
	/* What no field alone can say (a profile: time.tc parses, the counts of
	 * paired rules in order). The message names the field; the line is the
	 * field's, if set here. */
	if (ld->kind->check != NULL && ld->kind->check(ld->target, &e) != ARB_OK)
		throw_at_field(L, f, &e);
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
	if (p->ld->kind->hooks)
		arbI_profile_hooks_make_proxies(L, p);
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

/* The whole load, run protected with the profile (a light userdata); returns
 * the S_COUNT values of the hook calls' slots. */
static int load_body(lua_State *L)
{
	arb_profile *p = lua_touserdata(L, 1);

	lua_settop(L, 0);
	run_frame(L, p->ld, 0);
	if (!p->ld->kind->hooks)
		return 0; /* data only: the table was checked into ld->target */
	arbI_profile_hooks_push_slots(L, p, 1);
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
	    dirs_build(&p->path, "profiles", path) != 0)
		return load_fail(p, err, ARB_E_NOMEM, "out of memory");
	p->ld->kind = &profile_kind;
	p->ld->target = &p->ld->rules;
	frame *top = &p->ld->frames[0];
	if (parse_spec("profile", spec, name, sizeof name, top, msg, sizeof msg) != 0 ||
	    resolve(&profile_kind, &p->path, name, NULL, top, msg, sizeof msg) != 0)
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
	arbI_profile_hooks_set(p);
	return p;
}

void arb_profile_free(arb_profile *p)
{
	if (p == NULL)
		return;
	arb_sandbox_free(p->sb);
	arbI_datapath_free(&p->path);
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

	if (dirs_build(&dirs, "profiles", path) != 0)
		return -1;
	n = arbI_datapath_list(&dirs, arbI_datapath_is_name, fn, ctx);
	arbI_datapath_free(&dirs);
	return n;
}

/* ------------------------------------------------------------------------
 * Scripts of other kinds (data only: no hooks)
 * ---------------------------------------------------------------------- */

int arbI_script_load(const arbI_script_kind *kind, const char *spec, const char *path, void *out,
		     char *file, size_t filesize, arb_error *err)
{
	char msg[PROFILE_MESSAGE], name[PROFILE_PATH_MAX];
	arb_profile *p;
	lua_State *L;

	if (err != NULL)
		memset(err, 0, sizeof *err);
	if (kind == NULL || kind->hooks || out == NULL) {
		load_fail(NULL, err, ARB_E_ARGUMENT, "no kind of script or no output");
		return -1;
	}
	if (spec == NULL || spec[0] == '\0') {
		say(msg, sizeof msg, "no %s name given", kind->noun);
		load_fail(NULL, err, ARB_E_PROFILE, msg);
		return -1;
	}
	p = calloc(1, sizeof *p);
	if (p == NULL || (p->ld = calloc(1, sizeof *p->ld)) == NULL ||
	    dirs_build(&p->path, kind->nouns, path) != 0) {
		load_fail(p, err, ARB_E_NOMEM, "out of memory");
		return -1;
	}
	p->ld->kind = kind;
	p->ld->target = &p->ld->reg;
	frame *top = &p->ld->frames[0];
	if (parse_spec(kind->noun, spec, name, sizeof name, top, msg, sizeof msg) != 0 ||
	    resolve(kind, &p->path, name, NULL, top, msg, sizeof msg) != 0) {
		load_fail(p, err, ARB_E_PROFILE, msg);
		return -1;
	}
	if (file != NULL && filesize > 0)
		snprintf(file, filesize, "%s", top->file);
	p->sb = arb_sandbox_new(NULL, msg, sizeof msg);
	if (p->sb == NULL) {
		load_fail(p, err, ARB_E_NOMEM, msg);
		return -1;
	}
	L = arb_sandbox_state(p->sb);
	lua_pushcfunction(L, install_body);
	lua_pushlightuserdata(L, p);
	if (arb_sandbox_pcall(p->sb, 1, 0, msg, sizeof msg) != ARB_SANDBOX_OK) {
		load_fail(p, err, ARB_E_NOMEM, msg);
		return -1;
	}
	lua_pushcfunction(L, load_body);
	lua_pushlightuserdata(L, p);
	if (arb_sandbox_pcall_named(p->sb, top->shown, 1, 0, msg, sizeof msg) != ARB_SANDBOX_OK) {
		load_fail(p, err, ARB_E_PROFILE, msg);
		return -1;
	}
	memcpy(out, p->ld->target, kind->size);
	arb_profile_free(p);
	return 0;
}

int arbI_script_list(const arbI_script_kind *kind, const char *path,
		     void (*fn)(const char *name, const char *file, void *ctx), void *ctx)
{
	dir_list dirs = {NULL, 0};
	int n;

	if (dirs_build(&dirs, kind->nouns, path) != 0)
		return -1;
	n = arbI_datapath_list(&dirs, arbI_datapath_is_name, fn, ctx);
	arbI_datapath_free(&dirs);
	return n;
}
