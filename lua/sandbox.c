/*
 * sandbox.c -- the sandbox for scripts loaded as data (see sandbox.h).
 *
 * Invariants: the allocator never lets `used` pass `cap`. The count hook is
 * installed when the state is made and never removed, so no script code runs
 * without a budget; once a call's budget is spent the hook fires on every
 * instruction and raises again, so pcall/xpcall/__close in the script cannot
 * keep it alive, until the next call starts a new budget. Script code never
 * runs with hooks off: Lua runs __gc finalizers with hooks disabled, so
 * setmetatable refuses metatables with __gc. Code that runs unprotected
 * (after a call, before the next) allocates nothing. On LuaJIT the JIT
 * compiler is off in the state: the count hook fires in the interpreter only.
 * Lua 5.4 and LuaJIT differences come from compat.h.
 */
#include "sandbox.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat.h"

#define MSG_SIZE 256

struct arb_sandbox {
	lua_State *L;
	size_t cap;             /* memory limit */
	size_t used;            /* bytes allocated now, <= cap */
	lua_Alloc base;         /* NULL (malloc), or the allocator sb_alloc hands */
	void *base_ud;          /* blocks to: LuaJIT's own (see open_state) */
	unsigned long refusals; /* allocations refused so far */
	long limit;             /* instruction budget of one call */
	long left;              /* instructions left in this call (> 0 unless killed) */
	int step;               /* the count the hook is armed with */
	int killed;             /* the budget is spent: every instruction raises */
	int active;             /* inside a call: a refused allocation notes where */
	uintptr_t c_base;       /* the C stack where this call began (check_c_stack) */
	arb_sandbox_print_fn print;
	void *print_ud;
	const char *where;          /* the script of this call, for messages: where_buf, */
	char where_buf[LUA_IDSIZE]; /* or the caller's name (arb_sandbox_pcall_named) */
	char kill_msg[MSG_SIZE];    /* "where:line: instruction limit of N exceeded" */
	char mem_msg[MSG_SIZE];     /* the same for the last refused allocation */
};

#if defined(__GNUC__)
#define SB_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SB_PRINTF(f, a)
#endif

static void msgf(char *err, size_t errsize, const char *fmt, ...) SB_PRINTF(3, 4);

/* Writes a message to err (when there is one), cut to errsize. */
static void msgf(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errsize == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
}

/* The sandbox a state belongs to: the allocator's user data. */
static arb_sandbox *sandbox_of(lua_State *L)
{
	void *ud;

	lua_getallocf(L, &ud);
	return ud;
}

/*
 * "name:line" of the innermost Lua function running on L, or "" when no Lua
 * code is running. It only reads the call stack (lua_getstack, and
 * lua_getinfo with "Sl", which fill `ar` from the CallInfo and the function's
 * prototype): it allocates nothing and raises nothing, so the allocator may
 * call it when it refuses a block, the state being as it was before the call.
 */
static void locate(lua_State *L, char *buf, size_t size)
{
	lua_Debug ar;
	int level;

	for (level = 0; level < 32 && lua_getstack(L, level, &ar); level++) {
		if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
			snprintf(buf, size, "%s:%d", ar.short_src, ar.currentline);
			return;
		}
	}
	buf[0] = '\0';
}

/* "name:line: " where the script is, else "name: " of this call's script, else "". */
static void prefix(arb_sandbox *sb, lua_State *L, char *buf, size_t size)
{
	char at[LUA_IDSIZE + 24];

	size_t n = strlen(sb->where);

	locate(L, at, sizeof at);
	if (at[0] != '\0' && n > 0 && !(strncmp(at, sb->where, n) == 0 && at[n] == ':'))
		/* In a chunk the script made with load(): name the script too. */
		snprintf(buf, size, "%s: %s: ", sb->where, at);
	else if (at[0] != '\0')
		snprintf(buf, size, "%s: ", at);
	else if (sb->where[0] != '\0')
		snprintf(buf, size, "%s: ", sb->where);
	else
		buf[0] = '\0';
}

/* ------------------------------------------------------------------------
 * The memory cap: the state's allocator. Lua raises "not enough memory"
 * (LUA_ERRMEM) when it returns NULL, Lua 5.4 after one emergency
 * collection. LuaJIT makes none: the sandbox collects when a memory error
 * ends a call (finish) or is caught by pcall (protected_call).
 * ---------------------------------------------------------------------- */

static void refuse(arb_sandbox *sb)
{
	char at[LUA_IDSIZE + 32];

	sb->refusals++;
	if (!sb->active || sb->L == NULL)
		return;
	prefix(sb, sb->L, at, sizeof at);
	snprintf(sb->mem_msg, sizeof sb->mem_msg, "%smemory limit of %zu bytes exceeded", at,
		 sb->cap);
}

static void count_hook(lua_State *L, lua_Debug *ar);

/*
 * Allocation is work too: one Lua instruction can copy megabytes (a
 * concatenation of a large string), so a budget of instructions alone would
 * not bound time. Every ARB_SANDBOX_BYTES_PER_INSTRUCTION bytes allocated
 * count as one instruction. The allocator cannot raise, so when that spends
 * the budget it arms the count hook with a count of 1: the next instruction
 * halts the call (lua_sethook may be called at any time, even from inside
 * the allocator).
 */
static void charge_bytes(arb_sandbox *sb, size_t bytes)
{
	long cost = (long)(bytes / ARB_SANDBOX_BYTES_PER_INSTRUCTION);

	if (cost <= 0 || sb->L == NULL)
		return;
	sb->left -= cost;
	if (sb->left <= 0) {
		sb->left = 0;
		sb->step = 1;
		lua_sethook(sb->L, count_hook, LUA_MASKCOUNT, 1);
	}
}

static void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	arb_sandbox *sb = ud;
	size_t old = ptr != NULL ? osize : 0; /* without a block, osize is a type tag */
	void *p;

	if (nsize == 0) {
		if (sb->base != NULL)
			sb->base(sb->base_ud, ptr, osize, 0);
		else
			free(ptr);
		sb->used -= old;
		return NULL;
	}
	if (nsize > old && nsize - old > sb->cap - sb->used) {
		refuse(sb);
		return NULL;
	}
	p = sb->base != NULL ? sb->base(sb->base_ud, ptr, osize, nsize) : realloc(ptr, nsize);
	if (p == NULL)
		return NULL;
	sb->used = sb->used - old + nsize;
	if (sb->active && !sb->killed && nsize > old)
		charge_bytes(sb, nsize - old);
	return p;
}

/* ------------------------------------------------------------------------
 * The instruction budget: a count hook every `step` instructions.
 * ---------------------------------------------------------------------- */

static void arm(lua_State *L, arb_sandbox *sb, int count)
{
	sb->step = count;
	lua_sethook(L, count_hook, LUA_MASKCOUNT, count);
}

/*
 * The budget is spent: raises "instruction limit of N exceeded" and re-arms
 * the hook with a count of 1, so that every later instruction raises again.
 * A pcall in the script catches the error only to meet it at its next
 * instruction; the error unwinds to the host. Does not return.
 */
static int halt(lua_State *L, arb_sandbox *sb)
{
	char at[LUA_IDSIZE + 32];

	if (!sb->killed) {
		sb->killed = 1;
		sb->left = 0;
		prefix(sb, L, at, sizeof at);
		snprintf(sb->kill_msg, sizeof sb->kill_msg, "%sinstruction limit of %ld exceeded",
			 at, sb->limit);
		arm(L, sb, 1);
	}
	lua_pushstring(L, sb->kill_msg);
	return lua_error(L);
}

static void count_hook(lua_State *L, lua_Debug *ar)
{
	arb_sandbox *sb = sandbox_of(L);

	(void)ar;
	if (!sb->killed) {
		sb->left -= sb->step;
		if (sb->left > 0) {
			if (sb->left < sb->step)
				arm(L, sb, (int)sb->left);
			return;
		}
	}
	halt(L, sb);
}

/* Counts `cost` units of work a C function does without running Lua
 * instructions; halts when that spends the budget. */
static void charge(lua_State *L, lua_Unsigned cost)
{
	arb_sandbox *sb = sandbox_of(L);

	if (sb->killed || cost >= (lua_Unsigned)sb->left)
		halt(L, sb);
	sb->left -= (long)cost;
}

/* ------------------------------------------------------------------------
 * The C stack. Lua 5.4 raises "C stack overflow" itself past LUAI_MAXCCALLS
 * nested C calls. LuaJIT has no such limit: a script recursing through a
 * library function that calls it back (string.gsub, table.sort, print and
 * __tostring) would overflow the host's stack. So each function of the
 * sandbox's library that calls back into Lua checks first how far the C
 * stack has grown since the call began (addresses of locals: the stack is
 * one block).
 * ---------------------------------------------------------------------- */

static void check_c_stack(lua_State *L)
{
	char here;
	uintptr_t now = (uintptr_t)&here, base;

	if (ARB_LUA_LIMITS_C_STACK)
		return;
	base = sandbox_of(L)->c_base;
	if ((now < base ? base - now : now - base) > ARB_SANDBOX_C_STACK)
		luaL_error(L, "C stack overflow");
}

/* A new call: a full budget, no kill, no refusal noted. */
static void begin_call(arb_sandbox *sb)
{
	char here;

	sb->c_base = (uintptr_t)&here;
	sb->killed = 0;
	sb->active = 1;
	sb->left = sb->limit;
	sb->kill_msg[0] = '\0';
	sb->mem_msg[0] = '\0';
	arm(sb->L, sb, sb->limit < ARB_SANDBOX_HOOK_STEP ? (int)sb->limit : ARB_SANDBOX_HOOK_STEP);
}

/* ------------------------------------------------------------------------
 * Read-only views of the host's tables. A view is an empty table with a
 * shared, protected metatable; registry maps (weak keys) give its real
 * table and its name, and the view of a real table, so a nested table has
 * one view. rawset is replaced to refuse views; setmetatable already refuses
 * them (__metatable).
 * ---------------------------------------------------------------------- */

enum { K_META, K_REAL, K_VIEW, K_NAME, K_COUNT };
static const char registry_keys[K_COUNT]; /* only the addresses are used */
#define RKEY(k) ((const void *)&registry_keys[(k)])

/* [-0, +1] Pushes map[key] for the registry map `map` and the value at `key`. */
static int map_get(lua_State *L, int map, int key)
{
	key = lua_absindex(L, key);
	lua_rawgetp(L, LUA_REGISTRYINDEX, RKEY(map));
	lua_pushvalue(L, key);
	lua_rawget(L, -2);
	lua_remove(L, -2);
	return lua_type(L, -1);
}

/* [-0, +0, m] map[key] = value. */
static void map_set(lua_State *L, int map, int key, int value)
{
	key = lua_absindex(L, key);
	value = lua_absindex(L, value);
	lua_rawgetp(L, LUA_REGISTRYINDEX, RKEY(map));
	lua_pushvalue(L, key);
	lua_pushvalue(L, value);
	lua_rawset(L, -3);
	lua_pop(L, 1);
}

/* The integer at idx as decimal text in buf (lua_pushfstring's integer
 * format differs between Lua versions). */
static const char *int_text(lua_State *L, int idx, char buf[32])
{
	snprintf(buf, 32, "%lld", (long long)lua_tointeger(L, idx));
	return buf;
}

static int is_view(lua_State *L, int idx)
{
	int same;

	if (!lua_getmetatable(L, idx)) /* the real metatable, whatever __metatable says */
		return 0;
	lua_rawgetp(L, LUA_REGISTRYINDEX, RKEY(K_META));
	same = lua_rawequal(L, -1, -2);
	lua_pop(L, 2);
	return same;
}

/* [-0, +1, m] Pushes the view of the table at `real`, made on first use and
 * named by the string at `name`. */
static void view_new(lua_State *L, int real, int name)
{
	real = lua_absindex(L, real);
	name = lua_absindex(L, name);
	if (map_get(L, K_VIEW, real) == LUA_TTABLE)
		return;
	lua_pop(L, 1);
	lua_newtable(L);
	lua_rawgetp(L, LUA_REGISTRYINDEX, RKEY(K_META));
	lua_setmetatable(L, -2);
	map_set(L, K_VIEW, real, -1);
	map_set(L, K_REAL, -1, real);
	map_set(L, K_NAME, -1, name);
}

/* [-0, +1, m] The view for the value at `value`, found under `key` in the
 * view at `parent`: the value itself unless it is a table. */
static void view_child(lua_State *L, int parent, int key, int value)
{
	char index[32];

	parent = lua_absindex(L, parent);
	key = lua_absindex(L, key);
	value = lua_absindex(L, value);
	if (lua_type(L, value) != LUA_TTABLE) {
		lua_pushvalue(L, value);
		return;
	}
	if (map_get(L, K_VIEW, value) == LUA_TTABLE)
		return;
	lua_pop(L, 1);
	map_get(L, K_NAME, parent);
	if (lua_type(L, key) == LUA_TSTRING)
		lua_pushfstring(L, "%s.%s", lua_tostring(L, -1), lua_tostring(L, key));
	else if (lua_isinteger(L, key))
		lua_pushfstring(L, "%s[%s]", lua_tostring(L, -1), int_text(L, key, index));
	else
		lua_pushfstring(L, "%s[?]", lua_tostring(L, -1));
	lua_remove(L, -2);
	view_new(L, value, -1);
	lua_remove(L, -2);
}

/* [-0, +1] Pushes the real table of the view at `idx`; raises if not a view. */
static void view_real(lua_State *L, int idx)
{
	if (map_get(L, K_REAL, idx) != LUA_TTABLE)
		luaL_argerror(L, idx, "read-only table expected");
}

/* [-0, +1] Pushes the name of the view at `idx` (a string; "?" if none). */
static const char *view_name(lua_State *L, int idx)
{
	if (map_get(L, K_NAME, idx) != LUA_TSTRING) {
		lua_pop(L, 1);
		lua_pushliteral(L, "?");
	}
	return lua_tostring(L, -1);
}

/* __index(view, key): the real table's value, viewed. */
static int view_index(lua_State *L)
{
	lua_settop(L, 2);
	view_real(L, 1); /* 3 */
	lua_pushvalue(L, 2);
	lua_gettable(L, 3); /* 4 */
	view_child(L, 1, 2, 4);
	return 1;
}

/* __newindex(view, key, value): always an error. */
static int view_newindex(lua_State *L)
{
	const char *name = view_name(L, 1);
	char index[32];

	if (lua_type(L, 2) == LUA_TSTRING)
		return luaL_error(L, "attempt to set field '%s' of read-only table '%s'",
				  lua_tostring(L, 2), name);
	if (lua_isinteger(L, 2))
		return luaL_error(L, "attempt to set index %s of read-only table '%s'",
				  int_text(L, 2, index), name);
	return luaL_error(L, "attempt to set a %s key in read-only table '%s'", luaL_typename(L, 2),
			  name);
}

static int view_len(lua_State *L)
{
	view_real(L, 1);
	lua_pushinteger(L, luaL_len(L, -1));
	return 1;
}

/* The iterator of pairs(view): next over the real table, values viewed. */
static int view_next(lua_State *L)
{
	lua_settop(L, 2);
	view_real(L, 1); /* 3 */
	lua_pushvalue(L, 2);
	if (!lua_next(L, 3)) { /* 4: key, 5: value */
		lua_pushnil(L);
		return 1;
	}
	view_child(L, 1, 4, 5);
	lua_replace(L, 5);
	return 2;
}

static int view_pairs(lua_State *L)
{
	lua_pushcfunction(L, view_next);
	lua_pushvalue(L, 1);
	lua_pushnil(L);
	return 3;
}

/* Raises when the table at idx is a view. The table library's functions
 * that write go through __newindex in Lua 5.4 but write raw in LuaJIT, so
 * their wrappers below ask first. */
static void refuse_view(lua_State *L, int idx)
{
	if (lua_type(L, idx) == LUA_TTABLE && is_view(L, idx))
		luaL_error(L, "attempt to modify read-only table '%s'", view_name(L, idx));
}

/* pairs(t) and ipairs(t) as in Lua 5.4 (__pairs; ipairs through __index),
 * installed where the language's own ignore those on tables (LuaJIT), or
 * a script would see the views empty. `#view` stays 0 there: nothing can
 * give a table a length. pairs has `next` as upvalue 1. */
static int sb_pairs(lua_State *L)
{
	if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
		check_c_stack(L);
		lua_pushvalue(L, 1);
		lua_call(L, 1, 3);
		return 3;
	}
	luaL_checktype(L, 1, LUA_TTABLE);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_pushvalue(L, 1);
	lua_pushnil(L);
	return 3;
}

static int ipairs_next(lua_State *L)
{
	lua_Integer i = luaL_checkinteger(L, 2) + 1;

	check_c_stack(L); /* __index may call back */
	lua_pushinteger(L, i);
	lua_pushinteger(L, i);
	return lua_gettable(L, 1) == LUA_TNIL ? 1 : 2;
}

static int sb_ipairs(lua_State *L)
{
	luaL_checkany(L, 1);
	lua_pushcfunction(L, ipairs_next);
	lua_pushvalue(L, 1);
	lua_pushinteger(L, 0);
	return 3;
}

/* ------------------------------------------------------------------------
 * The base library as the sandbox has it.
 * ---------------------------------------------------------------------- */

/* print(...): to the host's callback, or nowhere. */
static int sb_print(lua_State *L)
{
	arb_sandbox *sb = sandbox_of(L);
	int i, n = lua_gettop(L);
	char at[LUA_IDSIZE + 24];
	luaL_Buffer b;
	const char *s;
	size_t len;

	if (sb->print == NULL)
		return 0;
	locate(L, at, sizeof at); /* the line of the print() call */
	if (at[0] == '\0')
		snprintf(at, sizeof at, "%s", sb->where ? sb->where : "");
	check_c_stack(L); /* luaL_tolstring calls __tostring */
	luaL_buffinit(L, &b);
	for (i = 1; i <= n; i++) {
		if (i > 1)
			luaL_addchar(&b, '\t');
		luaL_tolstring(L, i, NULL);
		luaL_addvalue(&b);
	}
	luaL_pushresult(&b);
	s = lua_tolstring(L, -1, &len);
	sb->print(sb->print_ud, at, s, len);
	return 0;
}

/* Calls Lua's function (upvalue 1) with this call's arguments. Lua 5.4's
 * is a C function without upvalues of its own, run in this call frame, so
 * its errors name the caller's line and the function as the script called
 * it. LuaJIT's are fast functions the VM runs, or Lua code (table.remove):
 * called with lua_call, so an argument error names the function '?'
 * ("bad argument #1 to '?'"), LuaJIT's name for a function called from C. */
static int call_original(lua_State *L)
{
	check_c_stack(L);
	if (ARB_LUA_PLAIN_CFUNCTIONS)
		return lua_tocfunction(L, lua_upvalueindex(1))(L);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
	return lua_gettop(L);
}

/*
 * Calls Lua's pcall, xpcall or load (upvalue 1): each catches errors, load
 * those of a reader function. One instruction is charged for the call, and
 * a kill the call caught is raised again here. LuaJIT needs both: it cannot
 * run the count hook in a frame at the limit of the Lua stack (the hook
 * wants stack room), and it keeps the stack grown after an overflow, so a
 * script recursing there, each level catching the overflow of the next,
 * would otherwise run uncounted and keep a kill from unwinding. After a
 * memory error it caught, everything the failed call made is garbage: a
 * full collection (Lua 5.4 collects before it refuses memory; LuaJIT does
 * not, and the script would meet the cap again).
 */
static int protected_call(lua_State *L)
{
	arb_sandbox *sb = sandbox_of(L);
	unsigned long refusals = sb->refusals;
	int n;

	charge(L, 1);
	n = call_original(L);
	if (sb->killed)
		halt(L, sb);
	if (sb->refusals != refusals) /* the collection Lua 5.4 makes on a refusal */
		lua_gc(L, LUA_GCCOLLECT, 0);
	return n;
}

/* load(chunk [, chunkname [, mode [, env]]]): Lua's load in text mode
 * whatever `mode` says. An `env` given as nil stays nil. */
static int sb_load(lua_State *L)
{
	if (lua_gettop(L) < 3)
		lua_settop(L, 3);
	lua_pushliteral(L, "t");
	lua_replace(L, 3);
	return protected_call(L);
}

/* The message handler of xpcall, guarded (upvalue 1: the script's handler).
 * The kill is raised from inside the count hook, where Lua has turned hooks
 * off, and Lua calls the handler before it unwinds: the script's handler
 * would run out of the budget's reach (an endless loop in it would hang the
 * host). Once the budget is spent the error passes through untouched. */
static int guarded_handler(lua_State *L)
{
	if (sandbox_of(L)->killed) {
		lua_settop(L, 1);
		return 1;
	}
	check_c_stack(L);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, lua_gettop(L) - 1, 1);
	return 1;
}

/* xpcall(f, msgh, ...): Lua's, with msgh guarded. */
static int sb_xpcall(lua_State *L)
{
	luaL_checktype(L, 2, LUA_TFUNCTION);
	lua_pushvalue(L, 2);
	lua_pushcclosure(L, guarded_handler, 1);
	lua_replace(L, 2);
	return protected_call(L);
}

/* A library function that may call back into Lua, behind check_c_stack
 * (which call_original runs): string.gsub, string.format, tostring. LuaJIT
 * runs tostring's __tostring as a tail call: __tostring = tostring would
 * loop without a bytecode instruction for the count hook, but the chain
 * passes through here. */
static int guarded(lua_State *L)
{
	return call_original(L);
}

/* collectgarbage("count") only: the script may not drive the collector. */
static int sb_collectgarbage(lua_State *L)
{
	const char *opt = luaL_optstring(L, 1, "collect");

	if (strcmp(opt, "count") != 0)
		return luaL_error(L,
				  "collectgarbage(\"%s\") is not allowed in the sandbox "
				  "(only \"count\")",
				  opt);
	lua_pushnumber(L, (lua_Number)lua_gc(L, LUA_GCCOUNT, 0) +
				  (lua_Number)lua_gc(L, LUA_GCCOUNTB, 0) / 1024);
	return 1;
}

/* getmetatable(v): as Lua's for tables; for other values only a
 * __metatable field, never the metatable of the strings or of the host's
 * userdata (a script could change them, e.g. give them a __gc). */
static int sb_getmetatable(lua_State *L)
{
	luaL_checkany(L, 1);
	if (!lua_getmetatable(L, 1)) {
		lua_pushnil(L);
		return 1;
	}
	if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
		return 1;
	if (lua_type(L, 1) != LUA_TTABLE)
		lua_pushnil(L);
	return 1;
}

/* setmetatable(t, mt): Lua's, refusing __gc: the collector runs finalizers
 * with hooks off, where the instruction budget cannot stop them. */
static int sb_setmetatable(lua_State *L)
{
	int t = lua_type(L, 2);

	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
	if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
		return luaL_error(L, "cannot change a protected metatable");
	if (t == LUA_TTABLE) {
		lua_pushliteral(L, "__gc");
		if (lua_rawget(L, 2) != LUA_TNIL)
			return luaL_error(L, "__gc metamethods are not allowed in the sandbox");
	}
	lua_settop(L, 2);
	lua_setmetatable(L, 1);
	return 1;
}

/* rawset(t, k, v): Lua's, refusing read-only views. */
static int sb_rawset(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checkany(L, 2);
	luaL_checkany(L, 3);
	if (is_view(L, 1))
		return luaL_error(L, "attempt to modify read-only table '%s'", view_name(L, 1));
	lua_settop(L, 3);
	lua_rawset(L, 1);
	return 1;
}

/* math.randomseed(x [, y]): an explicit seed only (without one, Lua 5.4
 * seeds from the time and an address; scripts stay reproducible). */
static int sb_randomseed(lua_State *L)
{
	int n = lua_gettop(L);

	if (n == 0)
		return luaL_error(L, "math.randomseed needs a seed in the sandbox");
	luaL_checkinteger(L, 1);  /* checked here: Lua's has upvalues, so it is */
	luaL_optinteger(L, 2, 0); /* called through lua_call, and errors there name no line */
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, n, LUA_MULTRET);
	return lua_gettop(L);
}

/* ------------------------------------------------------------------------
 * Functions that loop in C over a range the script chooses, through an
 * argument or a __len metamethod, with no Lua instruction per element (a
 * __len returning 2^53 makes table.insert(t, 1, v) shift 2^53 nils). Each
 * charges the elements it will touch, then calls Lua's (upvalue 1), which
 * checks the arguments and raises its usual errors. Other C loops are
 * bounded by the sizes of strings and tables, so by the memory cap, except
 * in string matching: a pattern with several quantifiers backtracks in
 * polynomial or exponential time (string.find(("a"):rep(40),
 * ("a*"):rep(12) .. "b")), and plain find is O(n m). That time is not
 * counted; a bound needs a step counter inside the matcher (lstrlib.c).
 * ---------------------------------------------------------------------- */

/* #t through __len, or -1 when t is not a table or the length not an integer. */
static lua_Integer length_of(lua_State *L, int idx)
{
	lua_Integer n;
	int ok;

	if (lua_type(L, idx) != LUA_TTABLE)
		return -1;
	lua_len(L, idx);
	n = lua_tointegerx(L, -1, &ok);
	lua_pop(L, 1);
	return ok ? n : -1;
}

static lua_Unsigned span(lua_Integer from, lua_Integer to)
{
	return to >= from ? (lua_Unsigned)to - (lua_Unsigned)from + 1u : 0u;
}

/* table.insert(t, pos, v) moves t[pos..#t] up. */
static int sb_tinsert(lua_State *L)
{
	lua_Integer n, pos;
	int ok;

	refuse_view(L, 1);
	if (lua_gettop(L) == 3) {
		pos = lua_tointegerx(L, 2, &ok);
		n = length_of(L, 1);
		if (ok && n >= 0 && pos >= 1 && pos <= n)
			charge(L, span(pos, n));
	}
	return call_original(L);
}

/* table.remove(t [, pos]) moves t[pos+1..#t] down. */
static int sb_tremove(lua_State *L)
{
	lua_Integer n = length_of(L, 1), pos = n;
	int ok = 1;

	refuse_view(L, 1);
	if (!lua_isnoneornil(L, 2))
		pos = lua_tointegerx(L, 2, &ok);
	if (ok && n > 0 && pos >= 1 && pos < n)
		charge(L, span(pos + 1, n));
	return call_original(L);
}

/* table.move(a1, f, e, t [, a2]) copies e - f + 1 elements. */
static int sb_tmove(lua_State *L)
{
	lua_Integer f, e;
	int okf, oke;

	refuse_view(L, lua_isnoneornil(L, 5) ? 1 : 5); /* the table written */
	f = lua_tointegerx(L, 2, &okf);
	e = lua_tointegerx(L, 3, &oke);
	if (okf && oke)
		charge(L, span(f, e));
	return call_original(L);
}

/* table.sort(t [, comp]): n log n comparisons. */
static int sb_tsort(lua_State *L)
{
	lua_Integer n = length_of(L, 1);
	lua_Unsigned log2n = 0;

	refuse_view(L, 1);
	if (n > 1 && n < 0x7fffffff) { /* Lua refuses longer arrays itself */
		while (((lua_Unsigned)1 << log2n) < (lua_Unsigned)n)
			log2n++;
		charge(L, (lua_Unsigned)n * log2n);
	}
	return call_original(L);
}

/* table.concat(t [, sep [, i [, j]]]) reads t[i..j]. */
static int sb_tconcat(lua_State *L)
{
	lua_Integer i = 1, j;
	int oki = 1, okj = 1;

	if (!lua_isnoneornil(L, 3))
		i = lua_tointegerx(L, 3, &oki);
	if (!lua_isnoneornil(L, 4))
		j = lua_tointegerx(L, 4, &okj);
	else
		j = length_of(L, 1);
	if (oki && okj)
		charge(L, span(i, j));
	return call_original(L);
}

/* string.rep(s, n [, sep]): a non-empty result is paid for by the memory
 * cap; an empty one ("" and no sep) still loops n times. A result over
 * INT_MAX bytes is refused as Lua 5.4 refuses it ("resulting string too
 * large"): LuaJIT reads n as a 32-bit int, and 2^40 would wrap to an empty
 * string without a word. */
static int sb_srep(lua_State *L)
{
	size_t len, seplen = 0;
	lua_Integer n;
	lua_Number times;
	int ok;

	if (!lua_isstring(L, 1) || (!lua_isnoneornil(L, 3) && !lua_isstring(L, 3)))
		return call_original(L); /* Lua's raises for the wrong types */
	lua_tolstring(L, 1, &len);       /* a number becomes its text, as Lua's would take it */
	if (!lua_isnoneornil(L, 3))
		lua_tolstring(L, 3, &seplen);
	if (len + seplen == 0) {
		n = lua_tointegerx(L, 2, &ok);
		if (ok && n > 0)
			charge(L, (lua_Unsigned)n);
		return call_original(L);
	}
	times = lua_tonumberx(L, 2, &ok);
	if (ok && times >= 1 && (lua_Number)(len + seplen) * times > (lua_Number)INT_MAX)
		return luaL_error(L, "resulting string too large");
	return call_original(L);
}

/* ------------------------------------------------------------------------
 * Making the state
 * ---------------------------------------------------------------------- */

/* The globals a script keeps (a name the Lua at hand lacks is no matter:
 * rawlen and utf8 are 5.4's, unpack is LuaJIT's table.unpack). */
static const char *const allowed_globals[] = {
	"_G",           "_VERSION", "assert",   "collectgarbage", "error",
	"getmetatable", "ipairs",   "load",     "math",           "next",
	"pairs",        "pcall",    "print",    "rawequal",       "rawget",
	"rawlen",       "rawset",   "select",   "setmetatable",   "string",
	"table",        "tonumber", "tostring", "type",           "unpack",
	"utf8",         "xpcall",   NULL};

static int is_allowed(const char *name)
{
	int i;

	for (i = 0; allowed_globals[i] != NULL; i++)
		if (strcmp(name, allowed_globals[i]) == 0)
			return 1;
	return 0;
}

/* [-0, +0, e] Replaces t[name] (t at `t`) by `fn` with the old value as
 * upvalue 1. `direct`: fn runs it with call_original, which in Lua 5.4
 * needs a C function without upvalues; checked, in case a Lua release
 * changes one. */
static void wrap_field(lua_State *L, int t, const char *name, lua_CFunction fn, int direct)
{
	t = lua_absindex(L, t);
	lua_getfield(L, t, name);
	if (direct && ARB_LUA_PLAIN_CFUNCTIONS &&
	    (lua_tocfunction(L, -1) == NULL || lua_getupvalue(L, -1, 1) != NULL))
		luaL_error(L, "'%s' is not a C function without upvalues", name);
	lua_pushcclosure(L, fn, 1);
	lua_setfield(L, t, name);
}

/* [-0, +0, m] A registry map with weak keys. */
static void new_weak_map(lua_State *L, int key)
{
	lua_newtable(L);
	lua_newtable(L);
	lua_pushliteral(L, "k");
	lua_setfield(L, -2, "__mode");
	lua_setmetatable(L, -2);
	lua_rawsetp(L, LUA_REGISTRYINDEX, RKEY(key));
}

static void open_views(lua_State *L)
{
	static const luaL_Reg meta[] = {{"__index", view_index},
					{"__newindex", view_newindex},
					{"__len", view_len},
					{"__pairs", view_pairs},
					{NULL, NULL}};

	lua_newtable(L);
	luaL_setfuncs(L, meta, 0);
	lua_pushliteral(L, "read-only");
	lua_setfield(L, -2, "__metatable");
	lua_rawsetp(L, LUA_REGISTRYINDEX, RKEY(K_META));
	new_weak_map(L, K_REAL);
	new_weak_map(L, K_VIEW);
	new_weak_map(L, K_NAME);
}

/* [-0, +0, e] Run protected by arb_sandbox_new: the libraries, trimmed. */
static int setup(lua_State *L)
{
	static const luaL_Reg libs[] = {/* LuaJIT: no utf8, the list ends there */
					{LUA_GNAME, luaopen_base},
					{LUA_STRLIBNAME, luaopen_string},
					{LUA_TABLIBNAME, luaopen_table},
					{LUA_MATHLIBNAME, luaopen_math},
					ARB_LUA_UTF8_LIB,
					{NULL, NULL}};
	const luaL_Reg *lib;
	int g;

	for (lib = libs; lib->name != NULL; lib++) {
		luaL_requiref(L, lib->name, lib->func, 1);
		lua_pop(L, 1);
	}
	lua_pushglobaltable(L);
	g = lua_gettop(L);

	/* Globals: only the allow-list (dofile, loadfile, warn... go). */
	lua_pushnil(L);
	while (lua_next(L, g)) {
		lua_pop(L, 1);
		if (lua_type(L, -1) != LUA_TSTRING || !is_allowed(lua_tostring(L, -1))) {
			lua_pushvalue(L, -1);
			lua_pushnil(L);
			lua_rawset(L, g); /* clearing a field during traversal is allowed */
		}
	}
	wrap_field(L, g, "load", sb_load, 1);
	wrap_field(L, g, "xpcall", sb_xpcall, 1);
	wrap_field(L, g, "pcall", protected_call, 1);
	wrap_field(L, g, "tostring", guarded, 1);
	lua_pushcfunction(L, sb_print);
	lua_setfield(L, g, "print");
	lua_pushcfunction(L, sb_collectgarbage);
	lua_setfield(L, g, "collectgarbage");
	lua_pushcfunction(L, sb_getmetatable);
	lua_setfield(L, g, "getmetatable");
	lua_pushcfunction(L, sb_setmetatable);
	lua_setfield(L, g, "setmetatable");
	lua_pushcfunction(L, sb_rawset);
	lua_setfield(L, g, "rawset");
	if (!ARB_LUA_TABLE_METAMETHODS) {
		lua_getfield(L, g, "next");
		lua_pushcclosure(L, sb_pairs, 1);
		lua_setfield(L, g, "pairs");
		lua_pushcfunction(L, sb_ipairs);
		lua_setfield(L, g, "ipairs");
	}

	lua_getfield(L, g, LUA_STRLIBNAME);
	lua_pushnil(L);
	lua_setfield(L, -2, "dump");
	wrap_field(L, -1, "rep", sb_srep, 1);
	wrap_field(L, -1, "gsub", guarded, 1);
	wrap_field(L, -1, "format", guarded, 1);
	lua_pop(L, 1);

	lua_getfield(L, g, LUA_TABLIBNAME);
	wrap_field(L, -1, "insert", sb_tinsert, 1);
	wrap_field(L, -1, "remove", sb_tremove, 1);
	wrap_field(L, -1, "move", sb_tmove, 1);
	wrap_field(L, -1, "sort", sb_tsort, 1);
	wrap_field(L, -1, "concat", sb_tconcat, 1);
	lua_pop(L, 1);

	lua_getfield(L, g, LUA_MATHLIBNAME);
	lua_getfield(L, -1, "randomseed");
	lua_pushinteger(L, 0); /* Lua 5.4 seeds from the time; a script gets the same numbers */
	lua_call(L, 1, 0);
	wrap_field(L, -1, "randomseed", sb_randomseed, 0);
	lua_pop(L, 1);

	open_views(L);
	lua_settop(L, 0);
	return 0;
}

/* ------------------------------------------------------------------------
 * Calls and their errors
 * ---------------------------------------------------------------------- */

/* The error object on the top of the stack as text, without allocating
 * (this runs unprotected, possibly at the cap). */
static const char *error_text(lua_State *L, char *buf, size_t size)
{
	switch (lua_type(L, -1)) {
	case LUA_TSTRING:
		return lua_tostring(L, -1);
	case LUA_TNUMBER:
		if (lua_isinteger(L, -1))
			snprintf(buf, size, "%lld", (long long)lua_tointeger(L, -1));
		else
			snprintf(buf, size, LUA_NUMBER_FMT, (LUAI_UACNUMBER)lua_tonumber(L, -1));
		return buf;
	default:
		snprintf(buf, size, "(error object is a %s value)", luaL_typename(L, -1));
		return buf;
	}
}

/* Does `text` start with "name:"? */
static int names_script(const char *text, const char *name)
{
	size_t n = strlen(name);

	return n > 0 && strncmp(text, name, n) == 0 && text[n] == ':';
}

/* [-0, +0, m] A full collection. Run after a memory error: what the failed
 * call left is garbage now, and LuaJIT, which has no emergency collection,
 * would otherwise refuse the next call memory until its collector ran. */
static int collect(lua_State *L)
{
	lua_gc(L, LUA_GCCOLLECT, 0);
	return 0;
}

/*
 * Ends a call: lua status `st`, the stack to return to `top`. A kill wins
 * over whatever the call returned (even success, if host C code swallowed
 * the error). Messages get `context` in front, and the script's name when
 * the error does not start with it.
 */
static arb_sandbox_status finish(arb_sandbox *sb, int st, int top, const char *context, char *err,
				 size_t errsize)
{
	lua_State *L = sb->L;
	arb_sandbox_status code;
	char buf[64];
	const char *text;

	sb->active = 0;
	if (!sb->killed && st == LUA_OK) {
		sb->where = ""; /* may be the caller's string: not kept past the call */
		return ARB_SANDBOX_OK;
	}
	if (sb->killed) {
		code = ARB_SANDBOX_E_INSTRUCTIONS;
		msgf(err, errsize, "%s%s", context, sb->kill_msg);
	} else if (st == LUA_ERRMEM) {
		code = ARB_SANDBOX_E_MEMORY;
		if (sb->mem_msg[0] != '\0')
			msgf(err, errsize, "%s%s", context, sb->mem_msg);
		else
			msgf(err, errsize, "%s%s%snot enough memory", context, sb->where,
			     sb->where[0] ? ": " : "");
	} else {
		code = st == LUA_ERRSYNTAX ? ARB_SANDBOX_E_SYNTAX : ARB_SANDBOX_E_RUNTIME;
		text = error_text(L, buf, sizeof buf);
		if (sb->where[0] == '\0' || names_script(text, sb->where))
			msgf(err, errsize, "%s%s", context, text);
		else
			msgf(err, errsize, "%s%s: %s", context, sb->where, text);
	}
	lua_settop(L, top);
	sb->where = "";
	if (code == ARB_SANDBOX_E_MEMORY && arb_lua_cpcall(L, collect, NULL) != LUA_OK)
		lua_settop(L, top);
	return code;
}

/* The script name of the function at `idx` (its short_src), or "" for a C
 * function or a value that is not a function. Allocates nothing. */
static void function_name(lua_State *L, int idx, char *buf, size_t size)
{
	lua_Debug ar;

	buf[0] = '\0';
	if (lua_type(L, idx) != LUA_TFUNCTION || lua_iscfunction(L, idx))
		return;
	lua_pushvalue(L, idx);
	if (lua_getinfo(L, ">S", &ar))
		snprintf(buf, size, "%s", ar.short_src);
}

/* The name Lua shows for the source `chunk` ("=name" or "@file"), as
 * luaO_chunkid makes it: a long file name keeps its end after "...". */
static void chunk_id(char out[LUA_IDSIZE], const char *chunk)
{
	size_t len = strlen(chunk + 1);

	if (chunk[0] == '@' && len > LUA_IDSIZE - 1)
		snprintf(out, LUA_IDSIZE, "...%s", chunk + 1 + len - (LUA_IDSIZE - 4));
	else
		snprintf(out, LUA_IDSIZE, "%s", chunk + 1);
}

/* The bytes a state holds, as its collector counts them. */
static size_t gc_bytes(lua_State *L)
{
	return (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB, 0);
}

static int panic_abort(lua_State *L)
{
	(void)L;
	abort();
}

/*
 * A new state whose allocations all go through sb_alloc, or NULL when it
 * cannot be made within the cap. Lua 5.4 takes the allocator from the
 * start. LuaJIT (see ARB_LUA_ANY_ALLOCATOR) starts on its own allocator,
 * then sb_alloc takes over and hands every block on to it; `used` starts
 * from the collector's count, which covers every block LuaJIT allocates.
 * close_state gives LuaJIT its allocator back before lua_close, which
 * then releases LuaJIT's arena whole.
 */
static lua_State *open_state(arb_sandbox *sb)
{
	lua_State *L;

	if (ARB_LUA_ANY_ALLOCATOR)
		return lua_newstate(sb_alloc, sb);
	L = luaL_newstate();
	if (L == NULL)
		return NULL;
	lua_atpanic(L, panic_abort); /* as in Lua 5.4 without a panic function: no output */
	sb->base = lua_getallocf(L, &sb->base_ud);
	sb->used = gc_bytes(L);
	if (sb->used > sb->cap) {
		lua_close(L);
		return NULL;
	}
	lua_setallocf(L, sb_alloc, sb);
	return L;
}

static void close_state(arb_sandbox *sb)
{
	if (sb->base != NULL)
		lua_setallocf(sb->L, sb->base, sb->base_ud);
	lua_close(sb->L);
}

/* ------------------------------------------------------------------------
 * The API
 * ---------------------------------------------------------------------- */

arb_sandbox *arb_sandbox_new(const arb_sandbox_limits *lim, char *err, size_t errsize)
{
	long instructions = lim != NULL ? lim->instructions : 0;
	size_t memory = lim != NULL ? lim->memory : 0;
	arb_sandbox *sb;
	char buf[64];
	int st;

	if (instructions < 0) {
		msgf(err, errsize, "sandbox: the instruction limit %ld is negative", instructions);
		return NULL;
	}
	sb = calloc(1, sizeof *sb);
	if (sb == NULL) {
		msgf(err, errsize, "sandbox: not enough memory");
		return NULL;
	}
	sb->where = "";
	sb->limit = instructions != 0 ? instructions : ARB_SANDBOX_DEFAULT_INSTRUCTIONS;
	sb->cap = memory != 0 ? memory : ARB_SANDBOX_DEFAULT_MEMORY;
	sb->L = open_state(sb);
	if (sb->L == NULL) {
		msgf(err, errsize,
		     "sandbox: cannot make a Lua state within the memory limit of %zu bytes",
		     sb->cap);
		free(sb);
		return NULL;
	}
	arb_lua_jit_off(sb->L);
	sb->left = sb->limit;
	arm(sb->L, sb, sb->limit < ARB_SANDBOX_HOOK_STEP ? (int)sb->limit : ARB_SANDBOX_HOOK_STEP);
	st = arb_lua_cpcall(sb->L, setup, NULL);
	if (st != LUA_OK) {
		if (st == LUA_ERRMEM)
			msgf(err, errsize,
			     "sandbox: the libraries do not fit in the memory limit of "
			     "%zu bytes",
			     sb->cap);
		else
			msgf(err, errsize, "sandbox: %s", error_text(sb->L, buf, sizeof buf));
		close_state(sb);
		free(sb);
		return NULL;
	}
	return sb;
}

void arb_sandbox_free(arb_sandbox *sb)
{
	if (sb == NULL)
		return;
	close_state(sb);
	free(sb);
}

void arb_sandbox_set_print(arb_sandbox *sb, arb_sandbox_print_fn fn, void *ud)
{
	if (sb == NULL)
		return;
	sb->print = fn;
	sb->print_ud = ud;
}

/* What arb_sandbox_expose hands to expose_body. */
struct exposing {
	const char *name;
	lua_CFunction open;
	const char *got; /* set to the type name open returned when not a table */
};

/* [-1, +0, e] Run protected by arb_sandbox_expose, the struct exposing as
 * its argument (a light userdata). Sets the global to the view of
 * open(name), unless open returns no table. */
static int expose_body(lua_State *L)
{
	struct exposing *x = lua_touserdata(L, 1);

	lua_settop(L, 0);
	lua_pushstring(L, x->name); /* 1 */
	lua_pushcfunction(L, x->open);
	lua_pushvalue(L, 1);
	lua_call(L, 1, 1); /* 2: the table */
	if (lua_type(L, 2) != LUA_TTABLE) {
		x->got = luaL_typename(L, 2); /* a static string */
		return 0;
	}
	view_new(L, 2, 1); /* 3 */
	lua_pushglobaltable(L);
	lua_pushvalue(L, 1);
	lua_pushvalue(L, 3);
	lua_rawset(L, -3); /* no metamethod a script may have put on _G */
	return 0;
}

arb_sandbox_status arb_sandbox_expose(arb_sandbox *sb, const char *name, lua_CFunction open,
				      char *err, size_t errsize)
{
	char context[LUA_IDSIZE + 16];
	struct exposing x = {name, open, NULL};
	lua_State *L;
	int top, st;

	if (sb == NULL || name == NULL || name[0] == '\0' || open == NULL || sb->active) {
		msgf(err, errsize, "arb_sandbox_expose: %s",
		     sb == NULL   ? "no sandbox" :
		     sb->active   ? "called from inside a call" :
		     open == NULL ? "no open function" :
				    "no name");
		return ARB_SANDBOX_E_ARGUMENT;
	}
	L = sb->L;
	top = lua_gettop(L);
	snprintf(context, sizeof context, "expose '%s': ", name);
	if (!lua_checkstack(L, 4)) {
		msgf(err, errsize, "%sno stack room", context);
		return ARB_SANDBOX_E_MEMORY;
	}
	sb->where = "";
	begin_call(sb);
	st = arb_lua_cpcall(L, expose_body, &x);
	if (st == LUA_OK && !sb->killed && x.got != NULL) {
		msgf(err, errsize, "%sthe open function returned a %s, not a table", context,
		     x.got);
		sb->active = 0;
		lua_settop(L, top);
		return ARB_SANDBOX_E_ARGUMENT;
	}
	return finish(sb, st, top, context, err, errsize);
}

arb_sandbox_status arb_sandbox_run(arb_sandbox *sb, const char *chunkname, const char *text,
				   size_t len, int nresults, char *err, size_t errsize)
{
	char source[LUA_IDSIZE + 1];
	const char *chunk;
	lua_State *L;
	int top, st;

	if (sb == NULL || (text == NULL && len > 0) || nresults < LUA_MULTRET || sb->active) {
		msgf(err, errsize, "arb_sandbox_run: %s",
		     sb == NULL             ? "no sandbox" :
		     sb->active             ? "called from inside a call" :
		     nresults < LUA_MULTRET ? "bad nresults" :
					      "no text");
		return ARB_SANDBOX_E_ARGUMENT;
	}
	L = sb->L;
	top = lua_gettop(L);
	if (chunkname == NULL)
		chunkname = "script";
	if (chunkname[0] == '=' || chunkname[0] == '@') {
		chunk = chunkname;
	} else {
		/* Lua shows at most LUA_IDSIZE - 1 characters of a "=name" anyway. */
		snprintf(source, sizeof source, "=%s", chunkname);
		chunk = source;
	}
	chunk_id(sb->where_buf, chunk);
	sb->where = sb->where_buf;
	if (len > 0 && text[0] == LUA_SIGNATURE[0]) {
		msgf(err, errsize,
		     "%s: a binary (precompiled) chunk is refused: the sandbox loads text only",
		     sb->where);
		return ARB_SANDBOX_E_BINARY;
	}
	if (!lua_checkstack(L, (nresults > 0 ? nresults : 0) + 4)) {
		msgf(err, errsize, "%s: no stack room for %d results", sb->where, nresults);
		return ARB_SANDBOX_E_ARGUMENT;
	}
	begin_call(sb);
	st = luaL_loadbufferx(L, text != NULL ? text : "", len, chunk, "t");
	if (st == LUA_OK) {
		function_name(L, -1, sb->where_buf, sizeof sb->where_buf);
		st = lua_pcall(L, 0, nresults, 0);
	} else if (st != LUA_ERRMEM) {
		st = LUA_ERRSYNTAX; /* the parser's "C stack overflow" comes as LUA_ERRRUN */
	}
	return finish(sb, st, top, "", err, errsize);
}

arb_sandbox_status arb_sandbox_pcall(arb_sandbox *sb, int nargs, int nresults, char *err,
				     size_t errsize)
{
	return arb_sandbox_pcall_named(sb, NULL, nargs, nresults, err, errsize);
}

arb_sandbox_status arb_sandbox_pcall_named(arb_sandbox *sb, const char *where, int nargs,
					   int nresults, char *err, size_t errsize)
{
	lua_State *L = sb != NULL ? sb->L : NULL;
	int top = L != NULL && nargs >= 0 ? lua_gettop(L) - nargs - 1 : -1, st;

	if (sb == NULL || nargs < 0 || nresults < LUA_MULTRET || top < 0 || sb->active) {
		msgf(err, errsize, "arb_sandbox_pcall: %s",
		     sb == NULL             ? "no sandbox" :
		     sb->active             ? "called from inside a call" :
		     nargs < 0              ? "bad nargs" :
		     nresults < LUA_MULTRET ? "bad nresults" :
					      "the stack holds fewer than nargs + 1 values");
		return ARB_SANDBOX_E_ARGUMENT;
	}
	if (!lua_checkstack(L, (nresults > 0 ? nresults : 0) + 4)) {
		msgf(err, errsize, "arb_sandbox_pcall: no stack room for %d results", nresults);
		lua_settop(L, top);
		return ARB_SANDBOX_E_ARGUMENT;
	}
	if (where == NULL) {
		function_name(L, top + 1, sb->where_buf, sizeof sb->where_buf);
		where = sb->where_buf;
	}
	sb->where = where;
	begin_call(sb);
	st = lua_pcall(L, nargs, nresults, 0);
	if (st == LUA_OK && !sb->killed) { /* finish's first case, without the call */
		sb->active = 0;
		sb->where = "";
		return ARB_SANDBOX_OK;
	}
	return finish(sb, st, top, "", err, errsize);
}

void arb_sandbox_function_name(lua_State *L, int idx, char *buf, size_t size)
{
	if (L == NULL || buf == NULL || size == 0)
		return;
	function_name(L, lua_absindex(L, idx), buf, size);
}

lua_State *arb_sandbox_state(arb_sandbox *sb)
{
	return sb != NULL ? sb->L : NULL;
}

size_t arb_sandbox_memory(const arb_sandbox *sb)
{
	return sb != NULL ? sb->used : 0;
}
