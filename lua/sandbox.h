/*
 * sandbox.h -- a Lua state for untrusted scripts loaded as data (rule
 * profiles, variants): a fresh state per script with an allow-list of
 * globals, text chunks only, an instruction budget per call that pcall cannot
 * swallow, a memory cap, and read-only API tables exposed by the host.
 *
 * What a script sees: the base library without dofile, loadfile and warn
 * (load forces text mode; collectgarbage answers "count" only; getmetatable
 * shows the metatables of tables only; setmetatable refuses __gc; rawset
 * refuses read-only tables; xpcall skips its message handler once the budget
 * is spent; print goes to the host's callback, see arb_sandbox_set_print),
 * and the string (no string.dump), table, math and utf8 libraries. No io,
 * os, package, require, debug, coroutine. The random
 * generator is seeded with 0, so a script that draws numbers is reproducible;
 * math.randomseed needs an explicit seed.
 *
 * On LuaJIT (cmake -DARBITER_LUAJIT=ON) the state runs with the JIT compiler
 * off (the count hook fires in the interpreter only) and a script sees Lua
 * 5.1 with LuaJIT's extensions: no utf8 library, no rawlen, `unpack` beside
 * table functions, numbers that are all doubles, no `<close>` or `//`, no
 * _ENV (load's env argument given as nil means the globals). pairs and
 * ipairs are the sandbox's, with Lua 5.4's meaning (__pairs; ipairs reads
 * through __index), so read-only tables can be walked, but `#` of one is 0
 * (LuaJIT ignores __len on tables). The table functions that write refuse
 * read-only tables themselves (LuaJIT's would write past __newindex). An
 * argument error in a wrapped library function (table.insert, string.rep,
 * load, ...) names the function '?' and gives no line, only the script.
 * What the sandbox adds to stay safe there: a limit on the C stack
 * (ARB_SANDBOX_C_STACK: LuaJIT has none, and a script recursing through
 * string.gsub's callback would crash the host), a full collection after a
 * memory error (LuaJIT has no emergency collection), and pcall, xpcall and
 * load each counting one instruction (LuaJIT cannot run the count hook at
 * the limit of its Lua stack). The memory cap holds on every LuaJIT build:
 * the sandbox puts itself in front of LuaJIT's own allocator, which x64
 * builds without GC64 require.
 *
 * Errors: every function returns a code from arb_sandbox_status and, when
 * `err` is not NULL and `errsize` > 0, writes a NUL-terminated message there
 * (cut to fit) that names the script, the line when known, and the reason:
 * "profile.lua:12: attempt to index a nil value (global 'os')". Nothing in
 * this file writes to stdout or stderr or aborts on bad input.
 *
 * Ownership: the caller owns the arb_sandbox and frees it with
 * arb_sandbox_free. A sandbox is not thread-safe; different sandboxes may be
 * used from different threads. It is not re-entrant either: _run, _pcall,
 * _pcall_named and _expose called from a C function that a script called,
 * on the script's own sandbox, return ARB_SANDBOX_E_ARGUMENT (a nested call
 * would get a fresh budget).
 */
#ifndef ARBITER_SANDBOX_H
#define ARBITER_SANDBOX_H

#include <stddef.h>

#include <lua.h>

#include "../engine/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Limits (each #ifndef-overridable at build time)
 * ---------------------------------------------------------------------- */

/* The defaults and the budget's step: ARB_SANDBOX_DEFAULT_INSTRUCTIONS,
 * _DEFAULT_MEMORY, _HOOK_STEP, _BYTES_PER_INSTRUCTION and _C_STACK are in
 * engine/config.h, with the reason for each. */

/*
 * `instructions`: the budget of each call, counted in Lua VM instructions.
 * The library functions that loop in C over a range the script chooses also
 * count their elements: table.insert/remove (the elements shifted),
 * table.move and table.concat (one each), table.sort (n log2 n), string.rep
 * of an empty string (one per repetition); pcall, xpcall and load count one
 * each. Not counted: the time spent inside string.find/match/gmatch/gsub,
 * which can be long for pathological patterns (see sandbox.c). 0 means
 * ARB_SANDBOX_DEFAULT_INSTRUCTIONS; negative is an error.
 * `memory`: the cap in bytes on everything the state allocates, as counted by
 * Lua (the sizes it asks for, without malloc's overhead). 0 means
 * ARB_SANDBOX_DEFAULT_MEMORY.
 */
typedef struct arb_sandbox_limits {
	long instructions;
	size_t memory;
} arb_sandbox_limits;

/* A closed list. */
typedef enum arb_sandbox_status {
	ARB_SANDBOX_OK = 0,
	ARB_SANDBOX_E_ARGUMENT,     /* misuse: NULL sandbox, bad name, nested call, ... */
	ARB_SANDBOX_E_SYNTAX,       /* the text does not compile */
	ARB_SANDBOX_E_BINARY,       /* a precompiled (binary) chunk was given */
	ARB_SANDBOX_E_RUNTIME,      /* the script raised an error (stack overflow included) */
	ARB_SANDBOX_E_INSTRUCTIONS, /* "instruction limit of N exceeded" */
	ARB_SANDBOX_E_MEMORY        /* "memory limit of N bytes exceeded" */
} arb_sandbox_status;

typedef struct arb_sandbox arb_sandbox;

/* Receives what a script prints: one call per print(), the arguments
 * converted with tostring and joined by tabs, without a newline. `where`
 * is the script and line of the print() call as Lua's messages name them
 * ("profiles/house.lua:12"; the name of the running script, or "", when no
 * line is known). Both are valid during the call only. */
typedef void (*arb_sandbox_print_fn)(void *ud, const char *where, const char *text, size_t len);

/* ------------------------------------------------------------------------
 * The API
 * ---------------------------------------------------------------------- */

/*
 * A new sandbox: a fresh Lua state with the libraries above, ready to run
 * scripts. `lim` may be NULL (all defaults). Returns NULL with a message in
 * `err` when a limit is negative, when the memory cap is too small to hold
 * the state and its libraries, or when memory runs out; nothing is left
 * allocated then.
 */
arb_sandbox *arb_sandbox_new(const arb_sandbox_limits *lim, char *err, size_t errsize);

/* Frees the sandbox and its state. NULL is a no-op. */
void arb_sandbox_free(arb_sandbox *sb);

/*
 * Routes print() to `fn(ud, text, len)`. Without a callback (the default, or
 * `fn` NULL) print() still accepts its arguments and discards them: a
 * sandboxed script never writes to the host's stdout. NULL `sb` is a no-op.
 */
void arb_sandbox_set_print(arb_sandbox *sb, arb_sandbox_print_fn fn, void *ud);

/*
 * Calls `open` (a lua_CFunction returning one table, e.g. luaopen_arbiter)
 * in protected mode, under the budget and the cap, and sets the global
 * `name` to a read-only view of the table: reads go through to it (nested
 * tables come out as read-only views too, the same view each time),
 * pairs/ipairs/# work, and every way of writing fails with an error that
 * names the table ("attempt to set field 'x' of read-only table
 * 'arbiter.limits'"): assignment, rawset, table.insert and the other table
 * functions, setmetatable. getmetatable returns the string "read-only",
 * rawget/next/rawlen see an empty table, type() says "table". The open
 * function gets `name` as its argument, as from require. Functions and userdata in the table are handed out as they are:
 * what they return and what their own metatables allow is the host's
 * business. Exposing a name again replaces the global.
 * Returns ARB_SANDBOX_OK; ARB_SANDBOX_E_ARGUMENT when sb, name or open is
 * NULL, name is empty, or open does not return a table; E_RUNTIME or
 * E_MEMORY when open fails. On error the global is not set.
 */
arb_sandbox_status arb_sandbox_expose(arb_sandbox *sb, const char *name, lua_CFunction open,
				      char *err, size_t errsize);

/*
 * Compiles `text` (`len` bytes, need not be NUL-terminated; NULL with len 0
 * is the empty script) as a text chunk named `chunkname` and runs it with a
 * fresh instruction budget. The name appears in messages as given
 * ("profile.lua:3: ..."); a leading '=' or '@' is Lua's convention and is
 * kept; NULL means "script". On ARB_SANDBOX_OK the chunk's results are left on
 * the state's stack: `nresults` of them (padded with nil or cut), or all of
 * them with LUA_MULTRET. On error nothing is left on the stack and the code
 * says why: E_BINARY for a precompiled chunk (refused before it is read),
 * E_SYNTAX, E_RUNTIME, E_INSTRUCTIONS, E_MEMORY; E_ARGUMENT for a NULL
 * sandbox, NULL text with len > 0, nresults < LUA_MULTRET, or no stack room
 * for the results. A failed run may have left globals behind it: a host that
 * wants all-or-nothing frees the sandbox and starts again.
 */
arb_sandbox_status arb_sandbox_run(arb_sandbox *sb, const char *chunkname, const char *text,
				   size_t len, int nresults, char *err, size_t errsize);

/*
 * lua_pcall with the sandbox's protection: a fresh instruction budget, the
 * cap, and messages in `err`. The function and its `nargs` arguments are on
 * the top of the stack, as for lua_pcall. On ARB_SANDBOX_OK they are replaced
 * by `nresults` results (or all with LUA_MULTRET); on error they are popped
 * and nothing is pushed. The host calls a script's functions (hooks a
 * profile defines) through this. E_ARGUMENT, with the stack untouched, when
 * sb is NULL, nargs < 0, the stack holds fewer than nargs + 1 values, or
 * nresults < LUA_MULTRET; E_ARGUMENT with the function and arguments popped
 * when there is no stack room for the results; otherwise the codes of
 * arb_sandbox_run (E_RUNTIME when the value called is not callable).
 */
arb_sandbox_status arb_sandbox_pcall(arb_sandbox *sb, int nargs, int nresults, char *err,
				     size_t errsize);

/*
 * arb_sandbox_pcall for a host that calls the same functions again and
 * again (a profile's hooks, once per move): `where` is the script name the
 * messages of this call use where arb_sandbox_pcall would find it from the
 * function (arb_sandbox_function_name, once), so a call spends nothing on
 * it. "" names no script (as for a C function); NULL finds the name as
 * arb_sandbox_pcall does. The string must stay valid during the call. The
 * rest is arb_sandbox_pcall: a fresh budget, the cap, the same codes and
 * messages.
 */
arb_sandbox_status arb_sandbox_pcall_named(arb_sandbox *sb, const char *where, int nargs,
					   int nresults, char *err, size_t errsize);

/*
 * The script name the messages of a call of the value at `idx` use: the
 * short_src of a Lua function ("profile.lua", "...s/long/path.lua"), or ""
 * for a C function or a value that is not a function. Writes at most
 * `size` bytes, NUL included (LUA_IDSIZE is enough). Allocates nothing and
 * raises nothing; the stack is left as it was. Needs one free stack slot.
 */
void arb_sandbox_function_name(lua_State *L, int idx, char *buf, size_t size);

/*
 * The sandbox's Lua state (NULL for a NULL sandbox), for pushing arguments
 * and reading results. Owned by the sandbox. Outside the calls above the
 * state is unprotected: an error there (a metamethod of a script's value, or
 * an allocation refused by the cap) panics and aborts. So the host touches
 * a script's values with lua_type, lua_raw* and lua_to* (lua_tolstring of a
 * number allocates), keeps a few pushes within the memory left, and does
 * anything that may run script code (lua_gettable, lua_getglobal,
 * luaL_tolstring, calls) inside arb_sandbox_pcall. On LuaJIT,
 * lua_pushcfunction (a new closure) and lua_pushlightuserdata may allocate
 * too: push the function for arb_sandbox_pcall before the script runs, when
 * the cap has room (lua/variant.c does).
 */
lua_State *arb_sandbox_state(arb_sandbox *sb);

/* The bytes the state holds now (0 for NULL), always <= the cap. */
size_t arb_sandbox_memory(const arb_sandbox *sb);

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_SANDBOX_H */
