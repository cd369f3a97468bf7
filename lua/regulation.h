/*
 * regulation.h -- loading regulations (regulations/NAME.lua) into an
 * arb_regulation, through the sandbox, with the loader of rule profiles
 * (lua/profile.h): the same names with options in braces, the same
 * option() and extend() globals, the same errors ("FILE:LINE: field
 * 'NAME': why"). The schema is regulations/README.md.
 *
 * A regulation is named "fide2026", "fide2024{...}" or by a path to a .lua
 * file ("./club.lua"). The name finds NAME.lua in the regulation path, in
 * order: the directories of `path` (':'-separated), $ARBITER_PATH (each
 * directory's regulations/), the source tree's regulations/ when the code
 * runs from its build tree, the installed share/arbiter/regulations
 * (lua/datapath.h). A script returns a table whose dotted paths are the
 * fields of arb_regulation_field_at ("points.half_bye"), and may have no
 * functions (no hooks): the sandbox lives during the load only.
 */
#ifndef ARBITER_LUA_REGULATION_H
#define ARBITER_LUA_REGULATION_H

#include <arbiter.h>

/*
 * Loads regulation `spec` (searching `path` first; may be NULL) into *out,
 * starting from arb_regulation_defaults; out->name is the spec as given
 * (cut with "..." when it does not fit). ARB_OK; ARB_E_PROFILE with err
 * naming the script, the line as well as it can be found and the field
 * ("regulations/club.lua:4: field 'points.half_bye': 'x' is not points
 * ..."); ARB_E_NOMEM; ARB_E_ARGUMENT for NULL out. *out is unchanged on
 * error. Runs under the sandbox's default instruction budget and memory
 * cap, in a state of its own: calls from several threads do not interfere.
 */
arb_status arb_regulation_load(const char *spec, const char *path, arb_regulation *out,
			       arb_error *err);

/* The same, with the script file found into file[0..size) (when file is not
 * NULL and size > 0). */
arb_status arb_regulation_load_file(const char *spec, const char *path, arb_regulation *out,
				    char *file, size_t size, arb_error *err);

/* The regulation scripts found in the regulation path, each once (the first
 * directory wins), sorted by name: calls fn(name, file, ctx) for each;
 * returns how many, or -1 when out of memory (fn not called). */
int arb_regulation_list(const char *path, void (*fn)(const char *name, const char *file, void *ctx),
			void *ctx);

#endif /* ARBITER_LUA_REGULATION_H */
