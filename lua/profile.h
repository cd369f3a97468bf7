/*
 * profile.h -- loading competition-rule profiles (profiles/NAME.lua) into an
 * arb_rules, through the sandbox.
 *
 * A profile is named as in scenarios.tsv: "fide2014-blitz{supervision=full}",
 * "uscf-standard{tc=G/90,delay=5}", "armageddon{base=fide2023-blitz}",
 * "online", or a path to a .lua file with options in braces. A value with
 * commas, braces or blanks is quoted: tc="40/120, SD/60;d5" (\" and \\
 * inside); a spec error names its column. The name
 * before the braces resolves to a script in the profile path:
 *   NAME.lua if it exists, else PREFIX.lua with option speed=SUFFIX when the
 *   name is PREFIX-SUFFIX (fide2014-blitz -> fide2014.lua, speed=blitz).
 * The profile path is, in order: the directories of `--profile-path` /
 * the `path` argument (':'-separated), $ARBITER_PATH (':'-separated, each
 * directory searched and its profiles/ subdirectory), the source tree's
 * profiles/ when the code runs from its build tree, the installed
 * share/arbiter/profiles (found from where the code is installed; details
 * in lua/datapath.h).
 *
 * The script runs in a fresh sandbox (lua/sandbox.h) with these globals
 * besides the safe standard library:
 *   option(name [, default [, allowed]])  the option's value (a string) when
 *                                      given, else the default as passed
 *                                      (nil when none); `allowed` is a list
 *                                      of words it must be one of
 *   extend(name [, options])           the table of another profile (loaded
 *                                      in this same state with the options
 *                                      of its name and of the table, found
 *                                      in the calling script's directory
 *                                      first), for the script to modify; at
 *                                      most 8 deep, no cycles
 *   time_control(text [, {delay=, increment=}])  the control `text` (any
 *                                      notation of arb_tc_parse) with that
 *                                      delay or increment (seconds) in
 *                                      every period, in PGN form
 * and returns a table (schema: profiles/README.md): nested tables whose
 * dotted paths are the arb_rules field names ("draw.threefold"), an
 * `articles` table, and optional functions `on_move(game)` and
 * `on_end(game, ending)` (the hooks). Every option given must have been
 * asked for with option(); an unknown option, an unknown field or a wrong
 * value is an error naming it (and the script's line, as well as it can be
 * found). The rules start from arb_rules_init; their `name` is the spec as
 * given (cut with "..." when it does not fit).
 *
 * Hooks run in the profile's sandbox with a fresh instruction budget per
 * call; `game` and `ending` are read-only proxies of the game and the
 * ending decision, valid during the call (profiles/README.md lists their
 * fields). A loaded profile with hooks must not be used by games in
 * several threads at once (one Lua state); without hooks its rules are
 * plain data.
 */
#ifndef ARBITER_LUA_PROFILE_H
#define ARBITER_LUA_PROFILE_H

#include <arbiter.h>

typedef struct arb_profile arb_profile;

/*
 * Loads profile `spec`, searching `path` first (may be NULL). On success
 * returns the profile (its rules are arb_profile_rules(); its hooks, if the
 * script has any, are set in them and run in the profile's sandbox, which
 * lives until arb_profile_free). On failure returns NULL with err
 * (ARB_E_PROFILE: "profiles/fide2014.lua:12: field 'draw.fifty': 'x' is not
 * one of: none, td, claim, auto"; ARB_E_NOMEM).
 * Limits: a load (the script and every profile it extends) and each hook
 * call run under the sandbox's default instruction budget; the profile's
 * state under its default memory cap.
 */
arb_profile *arb_profile_load(const char *spec, const char *path, arb_error *err);
/*
 * The same, with what the scripts print (the profile, the bases it extends,
 * and its hooks in every later call) going to `print(ud, where, text, len)`:
 * one call per print(), the arguments joined by tabs, no newline; `where`
 * names the script and line ("house.lua:12"), as arb_sandbox_print_fn of
 * lua/sandbox.h does. `ud` must live as long as the profile. NULL `print`
 * discards it, as arb_profile_load does.
 */
typedef void (*arb_profile_print_fn)(void *ud, const char *where, const char *text, size_t len);
arb_profile *arb_profile_load_print(const char *spec, const char *path, arb_profile_print_fn print,
				    void *ud, arb_error *err);
void arb_profile_free(arb_profile *p);

/* The profile's rules (valid until arb_profile_free). */
const arb_rules *arb_profile_rules(const arb_profile *p);
/* The script file the profile came from. */
const char *arb_profile_file(const arb_profile *p);

/* The profile scripts found in the profile path, as names ("fide2014"),
 * each once (the first directory wins), sorted: calls fn(name, file, ctx)
 * for each; returns how many, or -1 when out of memory (fn not called).
 * Files whose names are not profile names (letters, digits, '_', '-') are
 * skipped. */
int arb_profile_list(const char *path, void (*fn)(const char *name, const char *file, void *ctx),
		     void *ctx);

#endif /* ARBITER_LUA_PROFILE_H */
