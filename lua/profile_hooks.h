/*
 * profile_hooks.h -- what the two halves of a rule profile share (internal,
 * not installed): profile.c loads the script into an arb_rules, and
 * profile_hooks.c gives its hooks a read-only view of the game and runs them
 * (the trampolines in arb_rules). Here: the profile object, the stack slots
 * the hook calls find ready from the end of the load on, what the loader
 * calls on the hooks' side, and the message helpers of both.
 */
#ifndef ARBITER_LUA_PROFILE_HOOKS_H
#define ARBITER_LUA_PROFILE_HOOKS_H

#include <stdarg.h>
#include <stdio.h>

#include "compat.h"
#include "datapath.h"
#include "profile.h"
#include "sandbox.h"

/* Room for a message (a script's path: PROFILE_PATH_MAX, engine/config.h). */
#define PROFILE_MESSAGE ARB_ERROR_MESSAGE_SIZE

#if defined(__GNUC__)
#define PROFILE_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PROFILE_PRINTF(f, a)
#endif

enum { HOOK_MOVE = 0, HOOK_END, HOOK_COUNT };

/* The game's fields that the hooks' view may hold raw (see "The game as the
 * hooks see it"). */
enum { RAW_PLY, RAW_MOVE_NUMBER, RAW_SIDE, RAW_IN_CHECK, RAW_COUNT };

/*
 * A kind of script loaded as data (profile.c's loader): what its scripts
 * are called ("profile"; the plural is also the search path's kind, lua/
 * datapath.h), whether a script may define hooks, whether NAME-SPEED finds
 * NAME.lua with the option speed=SPEED, whether numbers may have decimals,
 * and its table's fields: type_of(name) says what a field's value is in
 * words ("a word", "a whole number") or NULL when there is no such field;
 * reset fills the target with the defaults a table starts from, set sets
 * one field from its text ("field 'NAME': why" on error), check (may be
 * NULL) checks what no field alone can say. `size` is the target's size.
 */
typedef struct arbI_script_kind {
	const char *noun, *nouns;
	int hooks, speed_suffix, decimals;
	const char *(*type_of)(const char *name);
	void (*reset)(void *target);
	arb_status (*set)(void *target, const char *name, const char *value, arb_error *err);
	arb_status (*check)(const void *target, arb_error *err);
	size_t size;
} arbI_script_kind;

/*
 * Loads the script `spec` of a kind without hooks (the name as a profile's,
 * options in braces, or a path to a .lua file; searched in `path` first,
 * may be NULL) into *out (kind->size bytes), the file found into file[0..
 * filesize) when file is not NULL. The sandbox lives during the load only.
 * 0; -1 with err (ARB_E_PROFILE "FILE:LINE: field 'NAME': why", ARB_E_NOMEM,
 * ARB_E_ARGUMENT for a kind with hooks or NULL out).
 */
int arbI_script_load(const arbI_script_kind *kind, const char *spec, const char *path, void *out,
		     char *file, size_t filesize, arb_error *err);

/* The scripts of the kind in its search path, as arb_profile_list. */
int arbI_script_list(const arbI_script_kind *kind, const char *path,
		     void (*fn)(const char *name, const char *file, void *ctx), void *ctx);

/* A loaded profile: its rules, the sandbox its hooks run in, and what a
 * hook call needs while it runs. */
struct arb_profile {
	arb_rules rules;
	arb_sandbox *sb;
	char file[PROFILE_PATH_MAX];
	arb_datapath path; /* the profile path */
	struct loader *ld; /* during the load only (profile.c) */
	int has_hook[HOOK_COUNT];
	char hook_where[HOOK_COUNT][LUA_IDSIZE]; /* each hook's script, for messages */
	const arb_game *game;                    /* during a hook call only */
	const arb_decision *ending;              /* during an on_end call only (may be NULL) */
	struct hook_call *call;                  /* during a hook call only */
	unsigned raw;                            /* the game's fields held raw (1 << RAW_...) */
	lua_Integer raw_value[RAW_COUNT];        /* what they hold (see refresh_fields) */
};

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

/* ------------------------------------------------------------------------
 * profile_hooks.c, for the loader
 * ---------------------------------------------------------------------- */

/* [-0, +0, m] Makes the hooks' proxies (the game and the ending), their
 * metatables and the game's `fields`, kept in the registry; at load time,
 * protected. */
void arbI_profile_hooks_make_proxies(lua_State *L, arb_profile *p);
/* [-0, +S_COUNT, e] Pushes what the hook calls keep at their stack slots
 * (S_ON_MOVE...): the hooks of the checked table at idx (noting which the
 * script has, and where), the proxies, ... The last step of the load. */
void arbI_profile_hooks_push_slots(lua_State *L, arb_profile *p, int idx);
/* Sets p->rules' hooks to the trampolines of the hooks the script has, with
 * p as their data. */
void arbI_profile_hooks_set(arb_profile *p);

/* ------------------------------------------------------------------------
 * Messages (both files)
 * ---------------------------------------------------------------------- */

/* Writes the formatted message into buf (n bytes; nothing when buf is NULL
 * or n is 0). */
static inline void say(char *buf, size_t n, const char *fmt, ...) PROFILE_PRINTF(3, 4);
static inline void say(char *buf, size_t n, const char *fmt, ...)
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
static inline int throwf(lua_State *L, const char *fmt, ...) PROFILE_PRINTF(2, 3);
static inline int throwf(lua_State *L, const char *fmt, ...)
{
	char msg[PROFILE_MESSAGE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	lua_pushstring(L, msg);
	return lua_error(L);
}

#endif
