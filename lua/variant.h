/*
 * variant.h -- variant scripts (variants/NAME.lua): a name, the PGN Variant tag
 * values that select it, a start position (a FEN, a Chess960 number, a
 * random or double Chess960 draw), a castling geometry and a notation mode.
 * variants/README.md is the schema.
 *
 * A variant script is data: it runs once in a fresh sandbox (lua/sandbox.h,
 * default limits) and must return a table. The fields are validated and
 * copied out, the sandbox is freed, and no Lua state lives in an arb_variant.
 *
 * Errors: the loaders return NULL and write a NUL-terminated message into
 * `err` (when not NULL and errsize > 0, cut to fit) that names the script,
 * the field and why: "bad.lua: field 'start': give exactly one of fen,
 * chess960, random, double960 (got fen and chess960)". Nothing here writes
 * to stdout or stderr or aborts on bad input.
 *
 * Ownership: the caller owns an arb_variant and frees it with
 * arb_variant_free. A loaded variant is read-only, so one may be used from
 * several threads at once.
 */
#ifndef ARBITER_VARIANT_H
#define ARBITER_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#include "arbiter.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct arb_variant arb_variant;

/*
 * Reads the file at `path`, runs it in a fresh sandbox and validates the
 * table it returns. Messages name the script by `path` as given. A start
 * that does not depend on a draw (a FEN, chess960 = N, double960 = {W, B})
 * is built once here, so a bad FEN or a castling geometry the library
 * refuses is a load error; for random draws with explicit castling
 * destinations every array is checked. Returns the variant, or NULL with the
 * message in `err` (a file that cannot be read, a sandbox error, a schema
 * error, out of memory).
 */
arb_variant *arb_variant_load(const char *path, char *err, size_t errsize);
/*
 * The same, with what the script prints going to `print(ud, where, text,
 * len)` while it runs: one call per print(), the arguments joined by tabs,
 * no newline, `where` the script and line ("house.lua:3"), as
 * arb_sandbox_print_fn of lua/sandbox.h. NULL `print` discards it, as
 * arb_variant_load does.
 */
typedef void (*arb_variant_print_fn)(void *ud, const char *where, const char *text, size_t len);
arb_variant *arb_variant_load_print(const char *path, arb_variant_print_fn print, void *ud,
				    char *err, size_t errsize);

/*
 * The same for a script given as text (`len` bytes, need not be
 * NUL-terminated), named `chunkname` in messages (NULL means "variant").
 */
arb_variant *arb_variant_load_text(const char *chunkname, const char *text, size_t len, char *err,
				   size_t errsize);

/*
 * Finds and loads variant `name`: a path ending in ".lua" is loaded as it
 * is; else NAME.lua is looked for in the variant path (lua/datapath.h):
 * the ':'-separated directories of `path` (may be NULL), then each
 * $ARBITER_PATH directory's variants/, the source tree's variants/ when run
 * from the build tree, the installed share/arbiter/variants. Returns the
 * variant, or NULL with why in `err` (a name that is not letters, digits,
 * '_' and '-'; "no variant 'x' (no x.lua in DIRS)"; any arb_variant_load
 * error).
 */
arb_variant *arb_variant_find(const char *name, const char *path, char *err, size_t errsize);

/*
 * The variant scripts of the variant path (as for arb_variant_find), each
 * name once (the first directory wins), sorted: calls fn(name, file, ctx)
 * for each. Returns how many, or -1 when out of memory (fn not called).
 */
int arb_variant_list(const char *path, void (*fn)(const char *name, const char *file, void *ctx),
		     void *ctx);

/* The variant's name (its `name` field). Valid until arb_variant_free. */
const char *arb_variant_name(const arb_variant *v);

/* How many PGN Variant tag values select the variant (0 or more). */
int arb_variant_pgn_count(const arb_variant *v);

/* The i-th (0-based) PGN Variant tag value, or NULL when i is out of range.
 * Valid until arb_variant_free. */
const char *arb_variant_pgn(const arb_variant *v, int i);

/*
 * Sets `out` (allocated by the caller) to a start position of the variant:
 * the start, then the castling rule, then the notation mode. A random or
 * double960 draw uses a generator seeded with `seed` when `seeded` is
 * non-zero (arb_rng_seed: reproducible; a double960 draw takes White's array
 * first, then Black's, from the same generator), else the operating system's
 * entropy (arb_rng_system). Returns ARB_OK; ARB_E_ARGUMENT for a NULL
 * argument, a draw that fails (no entropy) or a castling geometry the
 * library refuses; a FEN error code for a bad FEN. On error `out` is
 * unchanged and `err` says why, naming the script.
 */
arb_status arb_variant_start(const arb_variant *v, uint64_t seed, int seeded, arb_position *out,
			     char *err, size_t errsize);

/* Frees a variant. NULL is a no-op. */
void arb_variant_free(arb_variant *v);

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_VARIANT_H */
