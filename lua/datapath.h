/*
 * datapath.h -- where the scripts loaded as data (profiles, variants) are
 * found at run time. Internal to the Lua layer (not installed).
 *
 * The search path of a kind ("profiles" or "variants") is, in order:
 *   1. the directories given by the caller (`--profile-path`, the `path`
 *      argument of the loaders): ':'-separated, each searched as it is;
 *   2. $ARBITER_PATH, ':'-separated: for each directory D, D/KIND, and for
 *      profiles D itself too (a directory of profile scripts);
 *   3. when the code runs from the build tree (the program or library that
 *      holds it lies under the build directory it was built in), the source
 *      tree's KIND/ directory;
 *   4. the installed data directory PREFIX/share/arbiter/KIND, where PREFIX
 *      is found from where the program or library holding this code is
 *      installed (PREFIX/bin, PREFIX/lib..., PREFIX/lib.../lua/5.x), so an
 *      installation moved with `cmake --install --prefix` or DESTDIR still
 *      finds its own scripts (a module in a LuaRocks tree, PREFIX/lib/lua/5.N,
 *      also looks in PREFIX/share/lua/5.N/arbiter/KIND, where the rockspec
 *      installs them); then the data directory of the configured prefix
 *      (what a program linked with the static library finds), when
 *      different.
 * A directory is listed once (the first place wins). Directories need not
 * exist.
 */
#ifndef ARBITER_LUA_DATAPATH_H
#define ARBITER_LUA_DATAPATH_H

#include <stddef.h>

/* A search path: n directories, each a malloc'ed string. */
typedef struct arb_datapath {
	char **dir;
	int n;
} arb_datapath;

/*
 * Builds the search path of `kind` ("profiles" or "variants") into `p`
 * (zeroed by the caller or freed before), with `given` (may be NULL) first.
 * Returns 0, or -1 when out of memory (p is then empty).
 */
int arbI_datapath_build(arb_datapath *p, const char *kind, const char *given);

/* Frees the directories of `p` and empties it. */
void arbI_datapath_free(arb_datapath *p);

/*
 * The installed data directory (PREFIX/share/arbiter) this code found from
 * its own location, or the configured one; a static string. NULL when
 * neither is known.
 */
const char *arbI_datapath_installed(void);

/* A script name (profile or variant): n > 0 letters, digits, '_' and '-',
 * not starting with '-'. 1 or 0. */
int arbI_datapath_is_name(const char *s, size_t n);

/* 1 if `path` is a regular file (following links). */
int arbI_datapath_is_file(const char *path);

/* The directories of `p` into buf (size n > 0), ", "-separated, cut to
 * fit; "an empty path" when there are none. */
void arbI_datapath_describe(const arb_datapath *p, char *buf, size_t n);

/*
 * The scripts of the path: every regular file NAME.lua whose NAME passes
 * `valid` (NULL: any), each name once (the first directory wins), sorted
 * by name. Calls fn(name, file, ctx) for each; returns how many, or -1 when
 * out of memory (fn not called).
 */
int arbI_datapath_list(const arb_datapath *p, int (*valid)(const char *name, size_t len),
		       void (*fn)(const char *name, const char *file, void *ctx), void *ctx);

#endif /* ARBITER_LUA_DATAPATH_H */
