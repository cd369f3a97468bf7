/*
 * test_sandbox.c -- the sandbox for scripts loaded as data (lua/sandbox.h).
 *
 * Each limit is hit with a clear error that names the script and the line,
 * and the host goes on afterwards: the same sandbox and a fresh one then run
 * a normal script. Limits: the instruction budget (plain loops, loops inside
 * pcall/xpcall/__close/callbacks, C functions looping over ranges the script
 * picks), the memory cap (bombs, huge strings, inside pcall), recursion (the
 * Lua stack, the C stack, the parser). Then what a script may see and do:
 * the allow-list of globals, no binary chunks (built here with lua_dump on a
 * plain host state), load in text mode, collectgarbage("count") only, print
 * to the host's callback, no __gc, read-only API tables, the budget per call.
 *
 * Built against Lua 5.4 or LuaJIT (compat.h). Where LuaJIT behaves
 * differently (no `<close>`, no utf8, 5.1 tables, its own messages and
 * limits) the test states LuaJIT's behaviour with LUA_OR_JIT.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat.h" /* Lua 5.4 or LuaJIT; ARB_LUAJIT picks the expectations that differ */
#include "sandbox.h"

#define ERRSIZE 512
#define MB ((size_t)1 << 20)

/* What Lua 5.4 does, or what LuaJIT does instead. */
#define LUA_OR_JIT(lua54, luajit) (ARB_LUAJIT ? (luajit) : (lua54))

static arb_sandbox *make(long instructions, size_t memory)
{
	arb_sandbox_limits lim = {instructions, memory};
	char err[ERRSIZE];
	arb_sandbox *sb = arb_sandbox_new(&lim, err, sizeof err);

	ck_assert_msg(sb != NULL, "arb_sandbox_new: %s", err);
	return sb;
}

static arb_sandbox_status run(arb_sandbox *sb, const char *name, const char *code, int nresults,
			      char *err)
{
	err[0] = '\0';
	return arb_sandbox_run(sb, name, code, strlen(code), nresults, err, ERRSIZE);
}

/* The global `name` of the sandbox, read raw as sandbox.h asks. */
static void push_global(lua_State *L, const char *name)
{
	lua_pushglobaltable(L);
	lua_pushstring(L, name);
	lua_rawget(L, -2);
	lua_remove(L, -2);
}

/* The host goes on: the sandbox that failed, and a fresh one, run a normal
 * script, and nothing was left on the failed one's stack. */
static void host_goes_on(arb_sandbox *sb)
{
	static const char normal[] = "local t = {}\n"
				     "for i = 1, 100 do t[i] = i * i end\n"
				     "return t[10] + #t\n";
	arb_sandbox *fresh = make(0, 0);
	arb_sandbox *each[2] = {sb, fresh};
	char err[ERRSIZE];
	int i;

	for (i = 0; i < 2; i++) {
		lua_State *L = arb_sandbox_state(each[i]);

		ck_assert_int_eq(lua_gettop(L), 0);
		ck_assert_msg(run(each[i], "normal.lua", normal, 1, err) == ARB_SANDBOX_OK, "%s",
			      err);
		ck_assert_int_eq(lua_tointeger(L, -1), 200);
		lua_pop(L, 1);
	}
	arb_sandbox_free(fresh);
}

/* Runs `code` in a sandbox with the given limits, expects `want` and a
 * message containing `needle` (and `needle2` when not NULL), then checks
 * the host goes on. */
static void expect(long instructions, size_t memory, const char *name, const char *code,
		   arb_sandbox_status want, const char *needle, const char *needle2)
{
	arb_sandbox *sb = make(instructions, memory);
	char err[ERRSIZE];
	arb_sandbox_status st = run(sb, name, code, 0, err);

	ck_assert_msg(st == want, "%s: status %d, want %d (%s)", code, (int)st, (int)want, err);
	ck_assert_msg(strstr(err, needle) != NULL, "%s: message \"%s\" lacks \"%s\"", code, err,
		      needle);
	if (needle2 != NULL)
		ck_assert_msg(strstr(err, needle2) != NULL, "%s: message \"%s\" lacks \"%s\"", code,
			      err, needle2);
	ck_assert_uint_le(arb_sandbox_memory(sb),
			  memory != 0 ? memory : ARB_SANDBOX_DEFAULT_MEMORY);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}

/* ------------------------------------------------------------------------
 * Normal use
 * ---------------------------------------------------------------------- */

START_TEST(test_results)
{
	arb_sandbox *sb = make(0, 0);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE];

	ck_assert_int_eq(run(sb, "r.lua", "return 1, 'two', 3.5", 2, err), ARB_SANDBOX_OK);
	ck_assert_int_eq(lua_gettop(L), 2);
	ck_assert_int_eq(lua_tointeger(L, 1), 1);
	ck_assert_str_eq(lua_tostring(L, 2), "two");
	lua_settop(L, 0);
	ck_assert_int_eq(run(sb, "r.lua", "return 1, 2, 3", LUA_MULTRET, err), ARB_SANDBOX_OK);
	ck_assert_int_eq(lua_gettop(L), 3);
	lua_settop(L, 0);
	ck_assert_int_eq(run(sb, "r.lua", "return", 2, err), ARB_SANDBOX_OK);
	ck_assert(lua_isnil(L, 1) && lua_isnil(L, 2));
	lua_settop(L, 0);
	/* Globals stay between runs of one sandbox; NULL text is the empty script. */
	ck_assert_int_eq(run(sb, "a.lua", "x = 41", 0, err), ARB_SANDBOX_OK);
	ck_assert_int_eq(run(sb, "b.lua", "return x + 1", 1, err), ARB_SANDBOX_OK);
	ck_assert_int_eq(lua_tointeger(L, -1), 42);
	lua_settop(L, 0);
	ck_assert_int_eq(arb_sandbox_run(sb, "empty", NULL, 0, 0, err, sizeof err), ARB_SANDBOX_OK);
	/* The libraries a profile needs work. */
	ck_assert_int_eq(run(sb, "libs.lua",
			     "local t = {3, 1, 2} table.sort(t)\n"
			     "local s = string.format('%d-%s', t[1], ('ab'):upper())\n"
			     "return s .. '\\u{2654}' .. math.floor(2.5) .. #table.concat(t)",
			     1, err),
			 ARB_SANDBOX_OK);
	ck_assert_str_eq(lua_tostring(L, -1), "1-AB\342\231\22423"); /* U+2654 in UTF-8 */
	lua_settop(L, 0);
	/* The utf8 library (Lua 5.3+; LuaJIT has none). */
	ck_assert_int_eq(run(sb, "utf8.lua", "return utf8 and utf8.char(0x2654, 0x41)", 1, err),
			 ARB_SANDBOX_OK);
	if (ARB_LUAJIT)
		ck_assert(lua_isnil(L, -1));
	else
		ck_assert_str_eq(lua_tostring(L, -1), "\342\231\224A");
	lua_settop(L, 0);
	arb_sandbox_free(sb);
}
END_TEST

START_TEST(test_bad_arguments)
{
	arb_sandbox_limits neg = {-1, 0};
	char err[ERRSIZE], tiny[8];
	arb_sandbox *sb;

	arb_sandbox_free(NULL);
	arb_sandbox_set_print(NULL, NULL, NULL);
	ck_assert_ptr_null(arb_sandbox_state(NULL));
	ck_assert_uint_eq(arb_sandbox_memory(NULL), 0);
	ck_assert_int_eq(arb_sandbox_run(NULL, "x", "", 0, 0, err, sizeof err),
			 ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(arb_sandbox_pcall(NULL, 0, 0, err, sizeof err), ARB_SANDBOX_E_ARGUMENT);
	ck_assert_ptr_null(arb_sandbox_new(&neg, err, sizeof err));
	ck_assert_msg(strstr(err, "negative") != NULL, "%s", err);
	ck_assert_ptr_null(arb_sandbox_new(&neg, NULL, 0));

	sb = arb_sandbox_new(NULL, err, sizeof err); /* all defaults */
	ck_assert_ptr_nonnull(sb);
	ck_assert_int_eq(arb_sandbox_run(sb, "x", NULL, 3, 0, err, sizeof err),
			 ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(arb_sandbox_run(sb, "x", "", 0, -2, err, sizeof err),
			 ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(arb_sandbox_pcall(sb, 2, 0, err, sizeof err), ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(arb_sandbox_pcall(sb, -1, 0, err, sizeof err), ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(lua_gettop(arb_sandbox_state(sb)), 0);
	/* No message buffer, a tiny one, no chunk name. */
	ck_assert_int_eq(arb_sandbox_run(sb, "x", "error('e')", 10, 0, NULL, 0),
			 ARB_SANDBOX_E_RUNTIME);
	ck_assert_int_eq(arb_sandbox_run(sb, "x", "error('long')", 13, 0, tiny, sizeof tiny),
			 ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(tiny, "x:1: lo");
	ck_assert_int_eq(arb_sandbox_run(sb, NULL, "\nerror('e')", 11, 0, err, sizeof err),
			 ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "script:2: e");
	ck_assert_int_eq(lua_gettop(arb_sandbox_state(sb)), 0);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------------
 * The instruction budget
 * ---------------------------------------------------------------------- */

START_TEST(test_infinite_loop)
{
	arb_sandbox *sb = make(100000, 0);
	char err[ERRSIZE];

	ck_assert_int_eq(run(sb, "loop.lua", "local n = 0\nwhile true do end", 0, err),
			 ARB_SANDBOX_E_INSTRUCTIONS);
	ck_assert_str_eq(err, "loop.lua:2: instruction limit of 100000 exceeded");
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

/* Allocation counts against the budget: a loop that copies a large string
 * on every turn runs few instructions but would take hours; it is stopped
 * (ARB_SANDBOX_BYTES_PER_INSTRUCTION), also inside pcall, and a load()ed
 * chunk's kill names the script as well as the chunk. */
START_TEST(test_allocation_charged)
{
	arb_sandbox *sb = make(1000000, 64u << 20);
	char err[ERRSIZE];

	ck_assert_int_eq(run(sb, "copy.lua",
			     "local s = string.rep('x', 1e6)\n"
			     "for i = 1, 1e6 do local t = s .. 'y' end",
			     0, err),
			 ARB_SANDBOX_E_INSTRUCTIONS);
	ck_assert_str_eq(err, "copy.lua:2: instruction limit of 1000000 exceeded");
	ck_assert_int_eq(run(sb, "copy2.lua",
			     "local s = string.rep('x', 1e6)\n"
			     "pcall(function() for i = 1, 1e6 do local t = s .. 'y' end end)\n"
			     "return 1",
			     0, err),
			 ARB_SANDBOX_E_INSTRUCTIONS);
	ck_assert_int_eq(
		run(sb, "outer.lua", "return load('while true do end', '=elsewhere')()", 0, err),
		ARB_SANDBOX_E_INSTRUCTIONS);
	ck_assert_str_eq(err, "outer.lua: elsewhere:1: instruction limit of 1000000 exceeded");
	/* Small allocations of ordinary work stay far inside the budget. */
	ck_assert_int_eq(run(sb, "fine.lua",
			     "local t = {} for i = 1, 20000 do t[i] = tostring(i) .. 'x' end\n"
			     "assert(#t == 20000)",
			     0, err),
			 ARB_SANDBOX_OK);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

/* The kill cannot be swallowed: every form reaches the host as the
 * instruction-limit error, whatever the script does with the error. */
START_TEST(test_loop_in_pcall)
{
	static const char *const scripts[] = {
		"while true do pcall(function() while true do end end) end",
		"pcall(function() while true do end end) return 1",
		"local ok, e = pcall(function() while true do end end)\n"
		"error('swallowed: ' .. tostring(e))",
		"while true do xpcall(function() while true do end end, function(m) return m end) end",
		"xpcall(function() while true do end end, function(m) while true do end end)\n"
		"return 1",
		"local function f() while true do pcall(f) end end f()",
		"for i = 1, 3 do pcall(error, 'x') end\n"
		"while true do local ok = pcall(function() while true do end end) end",
		"table.sort({3, 1, 2}, function(a, b) while true do end end)",
		"return string.gsub('abc', '.', function(c) while true do end end)",
		"local t = setmetatable({}, {__index = function(t, k) while true do end end})\n"
		"return t.x",
		"return tostring(setmetatable({}, {__tostring = function() while true do end end}))",
		"return load(function() while true do end end)",
		/* Recursing to the Lua stack's limit, each level catching the
		 * overflow of the next (LuaJIT cannot run the hook there; the
		 * pcall above is another). */
		"local function f() pcall(f) while true do end end f()",
		"local function f() while true do load(f) end end f()",
	};
	/* __close: Lua 5.4 only; LuaJIT does not parse `<close>`. */
	static const char *const closing[] = {
		"do\n"
		"  local x <close> = setmetatable({}, {__close = function() while true do end end})\n"
		"  while true do end\n"
		"end\n"
		"return 1",
		"local ok = pcall(function()\n"
		"  local x <close> = setmetatable({}, {__close = function() return end})\n"
		"  while true do end\n"
		"end) return 1",
	};
	size_t i;

	for (i = 0; i < sizeof scripts / sizeof scripts[0]; i++)
		expect(100000, 0, "pcall.lua", scripts[i], ARB_SANDBOX_E_INSTRUCTIONS,
		       "instruction limit of 100000 exceeded", "pcall.lua:");
	for (i = 0; i < sizeof closing / sizeof closing[0]; i++)
		expect(100000, 0, "pcall.lua", closing[i],
		       LUA_OR_JIT(ARB_SANDBOX_E_INSTRUCTIONS, ARB_SANDBOX_E_SYNTAX),
		       LUA_OR_JIT("instruction limit of 100000 exceeded", "pcall.lua:2:"),
		       LUA_OR_JIT("pcall.lua:", "near '<'"));
}
END_TEST

/* C functions that loop over a range the script picks count it. */
START_TEST(test_c_loops_charged)
{
	static const char *const scripts[] = {
		"return #string.rep('', 2^62)",
		"return #string.rep('', 2^62, '')",
		"table.move({}, 1, 2^53, 1)",
		"table.move({}, -2^62, 2^62, 1, {})",
	};
	/* A length through __len: LuaJIT ignores __len on tables, so there
	 * these see empty tables and end at once. */
	static const char *const by_len[] = {
		"local t = setmetatable({}, {__len = function() return 2^53 end})\n"
		"table.insert(t, 1, 5)",
		"local t = setmetatable({}, {__len = function() return 2^53 end})\n"
		"table.remove(t, 1)",
		"local t = setmetatable({}, {__len = function() return 2^31 - 2 end,\n"
		"  __index = rawlen, __newindex = rawequal})\n"
		"table.sort(t)",
		"local t = setmetatable({}, {__len = function() return 2^40 end,\n"
		"  __index = function() return '' end})\n"
		"return table.concat(t)",
	};
	arb_sandbox *sb = make(100000, 0);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE];
	size_t i;

	for (i = 0; i < sizeof scripts / sizeof scripts[0]; i++)
		expect(100000, 0, "c.lua", scripts[i], ARB_SANDBOX_E_INSTRUCTIONS,
		       "instruction limit of 100000 exceeded", "c.lua:");
	for (i = 0; i < sizeof by_len / sizeof by_len[0]; i++)
		expect(100000, 0, "c.lua", by_len[i],
		       LUA_OR_JIT(ARB_SANDBOX_E_INSTRUCTIONS, ARB_SANDBOX_OK),
		       LUA_OR_JIT("instruction limit of 100000 exceeded", ""),
		       LUA_OR_JIT("c.lua:", NULL));
	/* Ordinary use stays well inside the budget. */
	ck_assert_int_eq(run(sb, "ok.lua",
			     "local t = {}\n"
			     "for i = 1, 200 do table.insert(t, 1, i) end\n"
			     "table.sort(t) table.remove(t, 1) table.remove(t)\n"
			     "local m = table.move({1, 2, 3}, 1, 3, 2)\n"
			     "return #table.concat(t, ','), ('ab'):rep(3, '-'), m[4], ('x'):rep(0)",
			     4, err),
			 ARB_SANDBOX_OK);
	ck_assert_int_eq(lua_tointeger(L, 1), 685); /* 2..199: 488 digits, 197 commas */
	ck_assert_str_eq(lua_tostring(L, 2), "ab-ab-ab");
	ck_assert_int_eq(lua_tointeger(L, 3), 3);
	ck_assert_str_eq(lua_tostring(L, 4), "");
	lua_settop(L, 0);
	arb_sandbox_free(sb);
}
END_TEST

START_TEST(test_budget_per_call)
{
	static const char work[] = "local n = 0\n"
				   "for i = 1, 30000 do n = n + i end\n"
				   "return n";
	arb_sandbox *sb = make(200000, 0);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE];
	int i;

	/* Five runs of about 60000 instructions each: more than the budget
	 * together, within it one by one. */
	for (i = 0; i < 5; i++) {
		ck_assert_msg(run(sb, "work.lua", work, 1, err) == ARB_SANDBOX_OK, "%s", err);
		ck_assert_int_eq(lua_tointeger(L, -1), 450015000);
		lua_pop(L, 1);
	}
	/* The same for calls into the script's functions. */
	ck_assert_int_eq(run(sb, "fns.lua",
			     "function work(k)\n"
			     "  local n = 0\n"
			     "  for i = 1, k do n = n + i end\n"
			     "  return n\n"
			     "end",
			     0, err),
			 ARB_SANDBOX_OK);
	for (i = 0; i < 7; i++) {
		push_global(L, "work");
		lua_pushinteger(L, i == 3 ? 1000000000 : 30000);
		if (i == 3) {
			ck_assert_int_eq(arb_sandbox_pcall(sb, 1, 1, err, sizeof err),
					 ARB_SANDBOX_E_INSTRUCTIONS);
			ck_assert_str_eq(err, "fns.lua:3: instruction limit of 200000 exceeded");
			ck_assert_int_eq(lua_gettop(L), 0);
			continue;
		}
		ck_assert_msg(arb_sandbox_pcall(sb, 1, 1, err, sizeof err) == ARB_SANDBOX_OK, "%s",
			      err);
		ck_assert_int_eq(lua_tointeger(L, -1), 450015000);
		lua_pop(L, 1);
	}
	/* The limit is the limit: 1000 instructions stop a loop of 10000 but
	 * not one of 100 (the hook checks every ARB_SANDBOX_HOOK_STEP). */
	arb_sandbox_free(sb);
	sb = make(1000, 0);
	ck_assert_int_eq(run(sb, "small.lua", "for i = 1, 100 do end", 0, err), ARB_SANDBOX_OK);
	ck_assert_int_eq(run(sb, "small.lua", "for i = 1, 10000 do end", 0, err),
			 ARB_SANDBOX_E_INSTRUCTIONS);
	ck_assert_str_eq(err, "small.lua:1: instruction limit of 1000 exceeded");
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------------
 * The memory cap
 * ---------------------------------------------------------------------- */

/* (The strings differ: LuaJIT interns every string, so a thousand copies
 * of one would cost no more than one.) */
START_TEST(test_memory_bomb)
{
	expect(0, 8 * MB, "bomb.lua",
	       "local t = {} for i = 1, 1e9 do t[i] = string.rep(\"x\", 1000) .. i end",
	       ARB_SANDBOX_E_MEMORY, "bomb.lua:1: memory limit of 8388608 bytes exceeded", NULL);
	expect(0, 8 * MB, "rep.lua", "local s = string.rep(\"x\", 2^30)", ARB_SANDBOX_E_MEMORY,
	       "rep.lua:1: memory limit of 8388608 bytes exceeded", NULL);
	/* Past 2^31 - 1 bytes, Lua's string library refuses before allocating
	 * (LuaJIT's would wrap the count to a 32-bit int: the sandbox refuses). */
	expect(0, 8 * MB, "rep.lua", "local s = string.rep(\"x\", 2^40)", ARB_SANDBOX_E_RUNTIME,
	       "rep.lua:1: resulting string too large", NULL);
	expect(0, 8 * MB, "double.lua", "local s = 'x'\nwhile true do s = s .. s end",
	       ARB_SANDBOX_E_MEMORY, "double.lua:2: memory limit of 8388608 bytes exceeded", NULL);
	expect(0, 8 * MB, "array.lua", "local t = {}\nfor i = 1, 1e9 do t[i] = i end",
	       ARB_SANDBOX_E_MEMORY, "memory limit of 8388608 bytes exceeded", "array.lua:");
	/* The default cap holds too. */
	expect(0, 0, "bomb.lua",
	       "local t = {} for i = 1, 1e9 do t[i] = string.rep(\"x\", 1000) .. i end",
	       ARB_SANDBOX_E_MEMORY, "memory limit of", "bomb.lua:1:");
}
END_TEST

/* A script may catch "not enough memory" like any error; the cap still
 * holds and the garbage is collected. */
START_TEST(test_memory_in_pcall)
{
	arb_sandbox *sb = make(0, 8 * MB);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE];

	ck_assert_msg(run(sb, "catch.lua",
			  "local ok, e = pcall(function()\n"
			  "  local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1000) .. i end\n"
			  "end)\n"
			  "return ok, e",
			  2, err) == ARB_SANDBOX_OK,
		      "%s", err);
	ck_assert(!lua_toboolean(L, 1));
	ck_assert_str_eq(lua_tostring(L, 2), "not enough memory");
	lua_settop(L, 0);
	ck_assert_uint_le(arb_sandbox_memory(sb), 8 * MB);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

START_TEST(test_memory_too_small)
{
	arb_sandbox_limits lim = {0, 4096};
	char err[ERRSIZE];

	arb_sandbox *sb;

	ck_assert_ptr_null(arb_sandbox_new(&lim, err, sizeof err));
	ck_assert_str_eq(err,
			 "sandbox: cannot make a Lua state within the memory limit of 4096 bytes");
	lim.memory = 13000; /* the state (LuaJIT's: 12 kB), not its libraries */
	ck_assert_ptr_null(arb_sandbox_new(&lim, err, sizeof err));
	ck_assert_str_eq(err,
			 "sandbox: the libraries do not fit in the memory limit of 13000 bytes");
	/* The bare sandbox takes about 15 kB (LuaJIT: 26 kB). */
	lim.memory = 64 * 1024;
	sb = arb_sandbox_new(&lim, err, sizeof err);
	ck_assert_msg(sb != NULL, "%s", err);
	ck_assert_uint_le(arb_sandbox_memory(sb), 32 * 1024);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------------
 * Recursion
 * ---------------------------------------------------------------------- */

START_TEST(test_deep_recursion)
{
	static const char rec[] = "local function f(n) return f(n + 1) + 1 end f(1)";
	const char *prefix = LUA_OR_JIT("rec.lua:1:", "rec.lua:");
	arb_sandbox *sb;
	char err[ERRSIZE];
	arb_sandbox_status st;

	/* With room, Lua's own limit on the stack (LuaJIT's message has no
	 * line: the function overflowing has not started). */
	expect(200000000L, 512 * MB, "rec.lua", rec, ARB_SANDBOX_E_RUNTIME,
	       LUA_OR_JIT("rec.lua:1:", "rec.lua:"), "stack overflow");
	/* With a small cap, the cap first (LuaJIT's whole stack is 0.5 MB). */
	expect(0, 256 * 1024, "rec.lua", rec, ARB_SANDBOX_E_MEMORY,
	       "rec.lua:1:", "memory limit of 262144 bytes exceeded");
	/* The defaults: one or the other, named. */
	sb = make(0, 0);
	st = run(sb, "rec.lua", rec, 0, err);
	ck_assert_msg(st == ARB_SANDBOX_E_RUNTIME || st == ARB_SANDBOX_E_MEMORY ||
			      st == ARB_SANDBOX_E_INSTRUCTIONS,
		      "%d %s", (int)st, err);
	ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0, "%s", err);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

/* Recursion through C: metamethods, callbacks, the parser. */
START_TEST(test_c_stack)
{
	static const char *const overflow[] = {
		"local t = setmetatable({}, {__index = function(t, k) return t[k] end})\n"
		"return t.x",
		"local function f(s) return (string.gsub(s, '.', f)) end\nreturn f('ab')",
		"local t = setmetatable({}, {__tostring = function(x) return tostring(x) end})\n"
		"return tostring(t)",
		"local t = setmetatable({}, {__lt = function(a, b) return a < b end})\n"
		"return t < t",
		"local function f() return table.sort({1, 2}, function(a, b) f() end) end\n"
		"return f()",
		/* LuaJIT runs __tostring as a tail call: without the sandbox this
		 * loops without a single instruction for the count hook. */
		"return tostring(setmetatable({}, {__tostring = tostring}))",
		"local t = setmetatable({}, {__index = function(t, k)\n"
		"  return ('x'):gsub('x', function() return t[k] end) end})\n"
		"return t.x",
	};
	arb_sandbox *sb = make(0, 0);
	char err[ERRSIZE], *deep;
	arb_sandbox_status st;
	size_t i, n = 100000;

	for (i = 0; i < sizeof overflow / sizeof overflow[0]; i++)
		expect(0, 0, "cstack.lua", overflow[i], ARB_SANDBOX_E_RUNTIME,
		       "cstack.lua:", "stack overflow");
	expect(0, 0, "chain.lua", "local t = {} setmetatable(t, {__index = t})\nreturn t.x",
	       ARB_SANDBOX_E_RUNTIME, "chain.lua:2:", "loop");
	/* pcall catching its own overflow at each level ends normally, also
	 * as a __call chain (which crashes LuaJIT 2.1-beta3 on its own). */
	st = run(sb, "pcalls.lua", "local function f() return pcall(f) end\nreturn f()", 0, err);
	ck_assert_msg(st == ARB_SANDBOX_OK, "%d %s", (int)st, err);
	st = run(sb, "call.lua", "local t = setmetatable({}, {__call = pcall})\nreturn t()", 0,
		 err);
	ck_assert_msg(st == ARB_SANDBOX_OK, "%d %s", (int)st, err);
	/* A chunk nested 100000 levels deep is refused by the parser (at 200
	 * C levels in Lua 5.4, 200 syntax levels in LuaJIT). */
	deep = malloc(2 * n + 16);
	ck_assert_ptr_nonnull(deep);
	strcpy(deep, "return ");
	memset(deep + 7, '(', n);
	deep[7 + n] = '1';
	memset(deep + 8 + n, ')', n);
	deep[8 + 2 * n] = '\0';
	st = run(sb, "nest.lua", deep, 0, err);
	ck_assert_msg(st == ARB_SANDBOX_E_SYNTAX, "%d %s", (int)st, err);
	ck_assert_str_eq(err, LUA_OR_JIT("nest.lua: C stack overflow", /* 5.4.4: no line */
					 "nest.lua:1: chunk has too many syntax levels"));
	memset(deep + 7, '{', 2 * n);
	deep[7 + 2 * n] = '\0';
	st = run(sb, "nest.lua", deep, 0, err);
	ck_assert_msg(st == ARB_SANDBOX_E_SYNTAX, "%d %s", (int)st, err);
	free(deep);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------------
 * What a script sees
 * ---------------------------------------------------------------------- */

START_TEST(test_forbidden)
{
	/* The code, then what it does to a nil value and to what: Lua 5.4 says
	 * "attempt to index a nil value (global 'os')", LuaJIT "attempt to
	 * index global 'os' (a nil value)". */
	static const char *const absent[][3] = {
		{"os.execute(\"true\")", "index", "global 'os'"},
		{"io.open(\"/etc/passwd\")", "index", "global 'io'"},
		{"require(\"os\")", "call", "global 'require'"},
		{"dofile(\"/etc/passwd\")", "call", "global 'dofile'"},
		{"loadfile(\"/etc/passwd\")", "call", "global 'loadfile'"},
		{"debug.getinfo(1)", "index", "global 'debug'"},
		{"package.loadlib('x', 'y')", "index", "global 'package'"},
		{"coroutine.wrap(print)", "index", "global 'coroutine'"},
		{"warn('@on')", "call", "global 'warn'"},
		{"string.dump(print)", "call", "field 'dump'"},
		{"('x'):dump()", "call", "method 'dump'"},
		{"os('x')", "call", "global 'os'"},
		/* LuaJIT's base library has more that the sandbox drops. */
		{"getfenv(print)", "call", "global 'getfenv'"},
		{"setfenv(1, {})", "call", "global 'setfenv'"},
		{"loadstring('return 1')", "call", "global 'loadstring'"},
		{"newproxy(true)", "call", "global 'newproxy'"},
		{"jit.off()", "index", "global 'jit'"},
		{"bit.band(1, 1)", "index", "global 'bit'"},
	};
	static const char *const refused[][2] = {
		{"math.randomseed()", "math.randomseed needs a seed in the sandbox"},
		{"setmetatable({}, {__gc = function() while true do end end})",
		 "__gc metamethods are not allowed in the sandbox"},
		{"setmetatable({}, {__gc = true})", "__gc metamethods are not allowed"},
	};
	char code[256], want[256];
	size_t i;

	for (i = 0; i < sizeof absent / sizeof absent[0]; i++) {
		snprintf(code, sizeof code, "local x = 1\n%s\n", absent[i][0]);
		if (ARB_LUAJIT)
			snprintf(want, sizeof want, "profile.lua:2: attempt to %s %s (a nil value)",
				 absent[i][1], absent[i][2]);
		else
			snprintf(want, sizeof want, "profile.lua:2: attempt to %s a nil value (%s)",
				 absent[i][1], absent[i][2]);
		expect(0, 0, "profile.lua", code, ARB_SANDBOX_E_RUNTIME, want, NULL);
	}
	for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		snprintf(code, sizeof code, "local x = 1\n%s\n", refused[i][0]);
		snprintf(want, sizeof want, "profile.lua:2: %s", refused[i][1]);
		expect(0, 0, "profile.lua", code, ARB_SANDBOX_E_RUNTIME, want, NULL);
	}
}
END_TEST

/* A __gc added to a metatable after setmetatable never runs (Lua marks an
 * object for finalization only when its metatable is set), so closing the
 * state cannot run script code without a budget. */
START_TEST(test_no_finalizers)
{
	arb_sandbox *sb = make(100000, 0);
	char err[ERRSIZE];

	ck_assert_msg(run(sb, "gc.lua",
			  "local mt = {}\n"
			  "keep = setmetatable({}, mt)\n"
			  "rawset(mt, '__gc', function() while true do end end)\n"
			  "local mt2 = {}\n"
			  "setmetatable({}, mt2)\n"
			  "mt2.__gc = function() while true do end end\n"
			  "for i = 1, 1000 do local t = {i} end",
			  0, err) == ARB_SANDBOX_OK,
		      "%s", err);
	arb_sandbox_free(sb); /* returns: no finalizer runs */
}
END_TEST

START_TEST(test_globals)
{
	arb_sandbox *sb = make(0, 0);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE];

	ck_assert_int_eq(run(sb, "g.lua",
			     "local names = {}\n"
			     "for k in pairs(_G) do names[#names + 1] = k end\n"
			     "table.sort(names)\n"
			     "return table.concat(names, ' '), string.dump, _G == _ENV",
			     3, err),
			 ARB_SANDBOX_OK);
	/* LuaJIT: no rawlen or utf8 (5.3+), unpack from its base library, no
	 * _ENV (5.1 has function environments instead). */
	ck_assert_str_eq(
		lua_tostring(L, 1),
		LUA_OR_JIT(
			"_G _VERSION assert collectgarbage error getmetatable ipairs load math "
			"next pairs pcall print rawequal rawget rawlen rawset select setmetatable "
			"string table tonumber tostring type utf8 xpcall",
			"_G _VERSION assert collectgarbage error getmetatable ipairs load math "
			"next pairs pcall print rawequal rawget rawset select setmetatable string "
			"table tonumber tostring type unpack xpcall"));
	ck_assert(lua_isnil(L, 2));
	ck_assert_int_eq(lua_toboolean(L, 3), !ARB_LUAJIT);
	lua_settop(L, 0);
	/* Metatables: a script's tables as usual; not those of strings or the
	 * host's values. The string methods still work. */
	ck_assert_int_eq(run(sb, "mt.lua",
			     "local mt = {}\n"
			     "local t = setmetatable({}, mt)\n"
			     "local p = setmetatable({}, {__metatable = 'mine'})\n"
			     "return getmetatable(t) == mt, getmetatable('') == nil,\n"
			     "  getmetatable(p), ('abc'):upper(), getmetatable(1) == nil",
			     5, err),
			 ARB_SANDBOX_OK);
	ck_assert(lua_toboolean(L, 1) && lua_toboolean(L, 2) && lua_toboolean(L, 5));
	ck_assert_str_eq(lua_tostring(L, 3), "mine");
	ck_assert_str_eq(lua_tostring(L, 4), "ABC");
	lua_settop(L, 0);
	arb_sandbox_free(sb);
}
END_TEST

START_TEST(test_collectgarbage)
{
	static const char *const refused[] = {"collect",   "stop",        "restart",
					      "step",      "incremental", "generational",
					      "isrunning", "setpause"};
	arb_sandbox *sb = make(0, 0);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE], code[64];
	size_t i;

	ck_assert_int_eq(run(sb, "gc.lua", "return collectgarbage('count')", 1, err),
			 ARB_SANDBOX_OK);
	ck_assert(lua_type(L, -1) == LUA_TNUMBER);
	ck_assert(lua_tonumber(L, -1) > 1.0);
	ck_assert(lua_tonumber(L, -1) * 1024 <= (lua_Number)arb_sandbox_memory(sb));
	lua_settop(L, 0);
	expect(0, 0, "gc.lua", "collectgarbage()", ARB_SANDBOX_E_RUNTIME,
	       "gc.lua:1: collectgarbage(\"collect\") is not allowed in the sandbox (only \"count\")",
	       NULL);
	for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		snprintf(code, sizeof code, "\ncollectgarbage('%s')", refused[i]);
		expect(0, 0, "gc.lua", code, ARB_SANDBOX_E_RUNTIME, "gc.lua:2: collectgarbage",
		       "only \"count\"");
	}
	arb_sandbox_free(sb);
}
END_TEST

START_TEST(test_random_reproducible)
{
	static const char draw[] = "return math.random(1, 1000000), math.random(1, 1000000)";
	arb_sandbox *a = make(0, 0), *b = make(0, 0);
	char err[ERRSIZE];

	ck_assert_int_eq(run(a, "r.lua", draw, 2, err), ARB_SANDBOX_OK);
	ck_assert_int_eq(run(b, "r.lua", draw, 2, err), ARB_SANDBOX_OK);
	ck_assert_int_eq(lua_tointeger(arb_sandbox_state(a), 1),
			 lua_tointeger(arb_sandbox_state(b), 1));
	ck_assert_int_eq(lua_tointeger(arb_sandbox_state(a), 2),
			 lua_tointeger(arb_sandbox_state(b), 2));
	lua_settop(arb_sandbox_state(a), 0);
	ck_assert_int_eq(run(a, "r.lua",
			     "math.randomseed(7) local x = math.random(100)\n"
			     "math.randomseed(7) return x == math.random(100)",
			     1, err),
			 ARB_SANDBOX_OK);
	ck_assert(lua_toboolean(arb_sandbox_state(a), -1));
	arb_sandbox_free(a);
	arb_sandbox_free(b);
}
END_TEST

/* ------------------------------------------------------------------------
 * Text chunks only
 * ---------------------------------------------------------------------- */

struct chunk {
	char data[4096];
	size_t len;
};

static int chunk_writer(lua_State *L, const void *p, size_t size, void *ud)
{
	struct chunk *c = ud;

	(void)L;
	if (c->len + size > sizeof c->data)
		return 1;
	memcpy(c->data + c->len, p, size);
	c->len += size;
	return 0;
}

/* A binary chunk of "return 42", made by a plain host state. */
static void binary_chunk(struct chunk *c)
{
	lua_State *L = luaL_newstate();

	c->len = 0;
	ck_assert_int_eq(luaL_loadstring(L, "return 42"), LUA_OK);
	ck_assert_int_eq(lua_dump(L, chunk_writer, c, 0), 0);
	ck_assert_uint_gt(c->len, 4);
	ck_assert_int_eq(c->data[0], LUA_SIGNATURE[0]);
	lua_close(L);
}

START_TEST(test_binary_chunk)
{
	static const char *const loads[] = {
		"return load(bin)",
		"return load(bin, 'b', 'b')",
		"return load(bin, 'b', 'bt', {})",
		"return load(bin, 'b', nil, nil)",
		"local done return load(function() if not done then done = true return bin end end)",
	};
	struct chunk c;
	arb_sandbox *sb = make(0, 0);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE];
	size_t i;

	binary_chunk(&c);
	ck_assert_int_eq(arb_sandbox_run(sb, "bin.luac", c.data, c.len, 1, err, sizeof err),
			 ARB_SANDBOX_E_BINARY);
	ck_assert_str_eq(
		err,
		"bin.luac: a binary (precompiled) chunk is refused: the sandbox loads text only");
	ck_assert_int_eq(lua_gettop(L), 0);
	/* The same chunk given to load inside the script. */
	lua_pushlstring(L, c.data, c.len);
	lua_setglobal(L, "bin");
	for (i = 0; i < sizeof loads / sizeof loads[0]; i++) {
		ck_assert_msg(run(sb, "load.lua", loads[i], 2, err) == ARB_SANDBOX_OK, "%s", err);
		ck_assert_msg(lua_isnil(L, 1), "%s: loaded", loads[i]);
		ck_assert_msg(strstr(lua_tostring(L, 2),
				     LUA_OR_JIT("attempt to load a binary chunk",
						"attempt to load chunk with wrong mode")) != NULL,
			      "%s: %s", loads[i], lua_tostring(L, 2));
		lua_settop(L, 0);
	}
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

START_TEST(test_load_text)
{
	arb_sandbox *sb = make(0, 0);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE];

	ck_assert_int_eq(
		run(sb, "load.lua",
		    "local env = {}\n"
		    "load('x = 5', 'c', 't', env)()\n"
		    "local ok = pcall(load('y = 1', 'n', 't', nil))\n"
		    "local f, e = load('return (', 'broken')\n"
		    "return load('return 1 + 1')(), env.x, x, load('return os')(), ok, f, e",
		    7, err),
		ARB_SANDBOX_OK);
	ck_assert_int_eq(lua_tointeger(L, 1), 2);
	ck_assert_int_eq(lua_tointeger(L, 2), 5);
	ck_assert(lua_isnil(L, 3)); /* env kept the chunk's globals */
	ck_assert(lua_isnil(L, 4)); /* a loaded chunk has no os either */
	/* An explicit nil env stays nil; LuaJIT gives such a chunk the globals
	 * (a 5.1 function environment cannot be nil). */
	ck_assert_int_eq(lua_toboolean(L, 5), ARB_LUAJIT);
	ck_assert(lua_isnil(L, 6));
	ck_assert_msg(strstr(lua_tostring(L, 7), "broken") != NULL, "%s", lua_tostring(L, 7));
	lua_settop(L, 0);
	arb_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------------
 * Errors name the script and the line
 * ---------------------------------------------------------------------- */

START_TEST(test_syntax_error)
{
	arb_sandbox *sb = make(0, 0);
	char err[ERRSIZE];

	ck_assert_int_eq(run(sb, "profile.lua", "local x = 1\nlocal y = = 2\n", 0, err),
			 ARB_SANDBOX_E_SYNTAX);
	ck_assert_str_eq(err, "profile.lua:2: unexpected symbol near '='");
	ck_assert_int_eq(run(sb, "@profiles/fide.lua", "return {\n  a = 1\n\n", 0, err),
			 ARB_SANDBOX_E_SYNTAX);
	ck_assert_str_eq(err,
			 LUA_OR_JIT("profiles/fide.lua:4: '}' expected (to close '{' at line 1) "
				    "near <eof>",
				    "profiles/fide.lua:4: '}' expected (to close '{' at line 1) "
				    "near '<eof>'"));
	ck_assert_int_eq(
		run(sb, "@/a/long/path/to/the/profiles/directory/of/this/installation/fide2023.lua",
		    "x = = 1", 0, err),
		ARB_SANDBOX_E_SYNTAX);
	ck_assert_str_eq(err, "...the/profiles/directory/of/this/installation/fide2023.lua:1: "
			      "unexpected symbol near '='");
	ck_assert_int_eq(
		run(sb, "@/a/long/path/to/the/profiles/directory/of/this/installation/fide2023.lua",
		    "x = nil + 1", 0, err),
		ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "...the/profiles/directory/of/this/installation/fide2023.lua:1: "
			      "attempt to perform arithmetic on a nil value");
	ck_assert_int_eq(run(sb, "=variant", "x = 'open", 0, err), ARB_SANDBOX_E_SYNTAX);
	ck_assert_str_eq(err, LUA_OR_JIT("variant:1: unfinished string near <eof>",
					 "variant:1: unfinished string near '<eof>'"));
	/* Nothing of a broken script runs. */
	ck_assert_int_eq(run(sb, "half.lua", "done = true\nlocal = 1", 0, err),
			 ARB_SANDBOX_E_SYNTAX);
	ck_assert_int_eq(run(sb, "check.lua", "return done", 1, err), ARB_SANDBOX_OK);
	ck_assert(lua_isnil(arb_sandbox_state(sb), -1));
	lua_settop(arb_sandbox_state(sb), 0);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

START_TEST(test_runtime_error)
{
	arb_sandbox *sb = make(0, 0);
	char err[ERRSIZE];

	ck_assert_int_eq(run(sb, "rt.lua", "local a = 1\nlocal b\nreturn a + b\n", 0, err),
			 ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, LUA_OR_JIT("rt.lua:3: attempt to perform arithmetic on a nil value "
					 "(local 'b')",
					 "rt.lua:3: attempt to perform arithmetic on local 'b' "
					 "(a nil value)"));
	ck_assert_int_eq(run(sb, "rt.lua", "local function f()\n  error('boom')\nend\nf()", 0, err),
			 ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "rt.lua:2: boom");
	/* Errors without a position still name the script. */
	ck_assert_int_eq(run(sb, "rt.lua", "error('plain', 0)", 0, err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "rt.lua: plain");
	ck_assert_int_eq(run(sb, "rt.lua", "error({})", 0, err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "rt.lua: (error object is a table value)");
	ck_assert_int_eq(run(sb, "rt.lua",
			     "error(setmetatable({}, {__tostring = function() "
			     "while true do end end}))",
			     0, err),
			 ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "rt.lua: (error object is a table value)");
	/* (Lua 5.1 and LuaJIT give a number the position, as a string.) */
	ck_assert_int_eq(run(sb, "rt.lua", "error(42)", 0, err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, LUA_OR_JIT("rt.lua: 42", "rt.lua:1: 42"));
	/* Errors from the library functions the sandbox wraps name the line and
	 * the function as Lua's do. LuaJIT names a function called from C '?',
	 * and gives no line: the script is still named. */
	ck_assert_int_eq(run(sb, "rt.lua", "\ntable.insert(nil, 1)", 0, err),
			 ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err,
			 LUA_OR_JIT("rt.lua:2: bad argument #1 to 'insert' (table expected, "
				    "got nil)",
				    "rt.lua: bad argument #1 to '?' (table expected, got nil)"));
	ck_assert_int_eq(run(sb, "rt.lua", "\n('x'):rep({})", 0, err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err,
			 LUA_OR_JIT("rt.lua:2: bad argument #1 to 'rep' (number expected, "
				    "got table)",
				    "rt.lua: bad argument #2 to '?' (number expected, got table)"));
	ck_assert_int_eq(run(sb, "rt.lua", "\nmath.randomseed('x')", 0, err),
			 ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err,
			 "rt.lua:2: bad argument #1 to 'randomseed' (number expected, got string)");
	ck_assert_int_eq(run(sb, "rt.lua", "\nxpcall(print)", 0, err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err,
			 "rt.lua:2: bad argument #2 to 'xpcall' (function expected, got no value)");
	ck_assert_int_eq(run(sb, "rt.lua", "\nload({})", 0, err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, LUA_OR_JIT("rt.lua:2: bad argument #1 to 'load' (function expected, "
					 "got table)",
					 "rt.lua: bad argument #1 to '?' (function expected, got "
					 "table)"));
	/* An error in a chunk the script loaded names both. */
	ck_assert_int_eq(run(sb, "outer.lua", "load('\\nerror(\"in\")', '=inner')()", 0, err),
			 ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "outer.lua: inner:2: in");
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------------
 * Calls into the script
 * ---------------------------------------------------------------------- */

START_TEST(test_pcall)
{
	arb_sandbox *sb = make(100000, 0);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE];

	ck_assert_int_eq(run(sb, "hooks.lua",
			     "function add(a, b) return a + b end\n"
			     "function spin() while true do end end\n"
			     "function fail()\n"
			     "  error('boom')\n"
			     "end\n"
			     "function many() return 1, 2, 3 end",
			     0, err),
			 ARB_SANDBOX_OK);
	push_global(L, "add");
	lua_pushinteger(L, 2);
	lua_pushinteger(L, 3);
	ck_assert_int_eq(arb_sandbox_pcall(sb, 2, 1, err, sizeof err), ARB_SANDBOX_OK);
	ck_assert_int_eq(lua_gettop(L), 1);
	ck_assert_int_eq(lua_tointeger(L, 1), 5);
	lua_settop(L, 0);

	push_global(L, "spin");
	ck_assert_int_eq(arb_sandbox_pcall(sb, 0, 0, err, sizeof err), ARB_SANDBOX_E_INSTRUCTIONS);
	ck_assert_str_eq(err, "hooks.lua:2: instruction limit of 100000 exceeded");
	ck_assert_int_eq(lua_gettop(L), 0);

	push_global(L, "fail");
	ck_assert_int_eq(arb_sandbox_pcall(sb, 0, 0, err, sizeof err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "hooks.lua:4: boom");
	ck_assert_int_eq(lua_gettop(L), 0);

	push_global(L, "many");
	ck_assert_int_eq(arb_sandbox_pcall(sb, 0, LUA_MULTRET, err, sizeof err), ARB_SANDBOX_OK);
	ck_assert_int_eq(lua_gettop(L), 3);
	lua_settop(L, 0);

	push_global(L, "missing");
	lua_pushinteger(L, 1);
	ck_assert_int_eq(arb_sandbox_pcall(sb, 1, 0, err, sizeof err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_msg(strstr(err, "attempt to call a nil value") != NULL, "%s", err);
	ck_assert_int_eq(lua_gettop(L), 0);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

/* arb_sandbox_pcall_named with the name given once: the messages of
 * arb_sandbox_pcall, the name only where the message has no position. */
static arb_sandbox_status call_named(arb_sandbox *sb, const char *fn, const char *where, char *err)
{
	char name[64]; /* gone after the call: the sandbox must not keep it */

	push_global(arb_sandbox_state(sb), fn);
	if (where != NULL)
		snprintf(name, sizeof name, "%s", where);
	err[0] = '\0';
	return arb_sandbox_pcall_named(sb, where != NULL ? name : NULL, 0, 0, err, ERRSIZE);
}

START_TEST(test_pcall_named)
{
	arb_sandbox *sb = make(100000, 0);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE], name[LUA_IDSIZE];

	ck_assert_int_eq(run(sb, "named.lua",
			     "function plain() error('plain', 0) end\n"
			     "function spin() while true do end end\n"
			     "function fail()\n"
			     "  error('boom')\n"
			     "end\n"
			     "function object() error({}) end\n"
			     "function add(a, b) return a + b end\n",
			     0, err),
			 ARB_SANDBOX_OK);
	/* The name, as arb_sandbox_pcall finds it; the stack as it was. */
	push_global(L, "plain");
	arb_sandbox_function_name(L, -1, name, sizeof name);
	ck_assert_str_eq(name, "named.lua");
	ck_assert_int_eq(lua_gettop(L), 1);
	push_global(L, "print");
	arb_sandbox_function_name(L, -1, name, sizeof name);
	ck_assert_str_eq(name, "");
	lua_pushinteger(L, 7);
	arb_sandbox_function_name(L, 3, name, sizeof name);
	ck_assert_str_eq(name, "");
	ck_assert_int_eq(lua_gettop(L), 3);
	lua_settop(L, 0);

	ck_assert_int_eq(call_named(sb, "plain", "named.lua", err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "named.lua: plain");
	ck_assert_int_eq(call_named(sb, "plain", NULL, err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "named.lua: plain");
	ck_assert_int_eq(call_named(sb, "plain", "", err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "plain");
	ck_assert_int_eq(call_named(sb, "object", "named.lua", err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "named.lua: (error object is a table value)");
	ck_assert_int_eq(call_named(sb, "fail", "named.lua", err), ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "named.lua:4: boom");
	ck_assert_int_eq(lua_gettop(L), 0);
	/* A fresh budget each call, the kill where the script was. */
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(call_named(sb, "spin", "named.lua", err),
				 ARB_SANDBOX_E_INSTRUCTIONS);
		ck_assert_str_eq(err, "named.lua:2: instruction limit of 100000 exceeded");
		push_global(L, "add");
		lua_pushinteger(L, 2);
		lua_pushinteger(L, 3);
		ck_assert_int_eq(arb_sandbox_pcall_named(sb, "named.lua", 2, 1, err, sizeof err),
				 ARB_SANDBOX_OK);
		ck_assert_int_eq(lua_tointeger(L, -1), 5);
		lua_settop(L, 0);
	}
	/* Misuse, as arb_sandbox_pcall. */
	ck_assert_int_eq(arb_sandbox_pcall_named(NULL, "x", 0, 0, err, sizeof err),
			 ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(arb_sandbox_pcall_named(sb, "x", 0, 0, err, sizeof err),
			 ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(lua_gettop(L), 0);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------------
 * print
 * ---------------------------------------------------------------------- */

struct printed {
	char text[256];
	char where[256];
	int calls;
};

static void on_print(void *ud, const char *where, const char *text, size_t len)
{
	struct printed *p = ud;
	size_t have = strlen(p->text), at = strlen(p->where);

	if (at + strlen(where) + 2 < sizeof p->where)
		snprintf(p->where + at, sizeof p->where - at, "%s|", where);

	if (have + len + 2 < sizeof p->text) {
		memcpy(p->text + have, text, len);
		p->text[have + len] = '|';
		p->text[have + len + 1] = '\0';
	}
	p->calls++;
}

START_TEST(test_print)
{
	static const char code[] =
		"print('a', 1, nil, true)\n"
		"print(setmetatable({}, {__tostring = function() return 'T' end}))\n"
		"print()";
	struct printed p = {"", "", 0};
	arb_sandbox *sb = make(0, 0);
	char err[ERRSIZE];
	FILE *out = tmpfile();
	int saved;

	arb_sandbox_set_print(sb, on_print, &p);
	ck_assert_int_eq(run(sb, "print.lua", code, 0, err), ARB_SANDBOX_OK);
	ck_assert_int_eq(p.calls, 3);
	ck_assert_str_eq(p.text, "a\t1\tnil\ttrue|T||");
	/* Each print names the script and the line it was called from. */
	ck_assert_str_eq(p.where, "print.lua:1|print.lua:2|print.lua:3|");
	/* Without a callback nothing reaches the host's stdout. */
	arb_sandbox_set_print(sb, NULL, NULL);
	ck_assert_ptr_nonnull(out);
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	ck_assert_int_ge(saved, 0);
	ck_assert_int_ge(dup2(fileno(out), STDOUT_FILENO), 0);
	ck_assert_int_eq(run(sb, "print.lua", code, 0, err), ARB_SANDBOX_OK);
	fflush(stdout);
	ck_assert_int_ge(dup2(saved, STDOUT_FILENO), 0);
	close(saved);
	ck_assert_int_eq(fseek(out, 0, SEEK_END), 0);
	ck_assert_int_eq(ftell(out), 0);
	fclose(out);
	ck_assert_int_eq(p.calls, 3);
	/* Called through C (pcall) and from a function of the script: the line
	 * is the script's line that made the call. */
	struct printed q = {"", "", 0};
	arb_sandbox_set_print(sb, on_print, &q);
	ck_assert_int_eq(run(sb, "deep.lua",
			     "local function f(x)\n  print(x)\nend\npcall(print, 'p')\nf('f')\n", 0,
			     err),
			 ARB_SANDBOX_OK);
	ck_assert_str_eq(q.text, "p|f|");
	ck_assert_str_eq(q.where, "deep.lua:4|deep.lua:2|");
	arb_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------------
 * Read-only API tables
 * ---------------------------------------------------------------------- */

static int fake_add(lua_State *L)
{
	lua_pushinteger(L, luaL_checkinteger(L, 1) + luaL_checkinteger(L, 2));
	return 1;
}

/* A small stand-in for luaopen_arbiter: functions, values, nested tables.
 * It keeps the real table in the registry so the test can check it. */
static int fake_open(lua_State *L)
{
	int i;

	lua_newtable(L);
	lua_pushcfunction(L, fake_add);
	lua_setfield(L, -2, "add");
	lua_pushliteral(L, "0.1.0");
	lua_setfield(L, -2, "version");
	lua_pushstring(L, luaL_optstring(L, 1, "?")); /* the name, as require gives it */
	lua_setfield(L, -2, "modname");
	lua_newtable(L);
	lua_pushinteger(L, 50);
	lua_setfield(L, -2, "moves");
	lua_pushboolean(L, 1);
	lua_setfield(L, -2, "automatic");
	lua_setfield(L, -2, "limits");
	lua_createtable(L, 3, 0);
	for (i = 1; i <= 3; i++) {
		lua_pushinteger(L, 10 * i);
		lua_rawseti(L, -2, i);
	}
	lua_setfield(L, -2, "list");
	lua_pushvalue(L, -1);
	lua_setfield(L, LUA_REGISTRYINDEX, "test.fake_real");
	return 1;
}

static arb_sandbox *with_api(void)
{
	arb_sandbox *sb = make(100000, 0);
	char err[ERRSIZE];

	ck_assert_msg(arb_sandbox_expose(sb, "arbiter", fake_open, err, sizeof err) ==
			      ARB_SANDBOX_OK,
		      "%s", err);
	ck_assert_int_eq(lua_gettop(arb_sandbox_state(sb)), 0);
	return sb;
}

/* The real table is as fake_open made it. */
static void real_unchanged(arb_sandbox *sb)
{
	lua_State *L = arb_sandbox_state(sb);
	int n = 0;

	lua_getfield(L, LUA_REGISTRYINDEX, "test.fake_real");
	lua_pushnil(L);
	while (lua_next(L, -2)) {
		lua_pop(L, 1);
		n++;
	}
	ck_assert_int_eq(n, 5);
	ck_assert_int_eq(lua_getfield(L, -1, "limits"), LUA_TTABLE);
	ck_assert_int_eq(lua_getfield(L, -1, "moves"), LUA_TNUMBER);
	ck_assert_int_eq(lua_tointeger(L, -1), 50);
	lua_pop(L, 2);
	ck_assert_int_eq(lua_getfield(L, -1, "list"), LUA_TTABLE);
	ck_assert_int_eq(lua_rawlen(L, -1), 3);
	ck_assert_int_eq(lua_getmetatable(L, -1), 0);
	lua_pop(L, 2);
	ck_assert_int_eq(lua_gettop(L), 0);
}

START_TEST(test_readonly_reads)
{
	arb_sandbox *sb = with_api();
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE];

	ck_assert_msg(
		run(sb, "api.lua",
		    "local a = arbiter\n"
		    "local keys = {}\n"
		    "for k, v in pairs(a) do keys[#keys + 1] = k end\n"
		    "table.sort(keys)\n"
		    "local sum = 0\n"
		    "for i, v in ipairs(a.list) do sum = sum + v end\n"
		    "local viewed = true\n"
		    "for k, v in pairs(a) do\n"
		    "  if type(v) == 'table' then viewed = viewed and not pcall(rawset, v, 'z', 1) end\n"
		    "end\n"
		    "return a.add(2, 3), a.version, a.limits.moves, #a.list, a.list[2],\n"
		    "  table.concat(keys, ' '), sum, a.limits == a.limits, type(a),\n"
		    "  getmetatable(a), rawget(a, 'add'), next(a), rawlen and rawlen(a) or #a, viewed,\n"
		    "  a.modname, a.limits.automatic, a.missing",
		    17, err) == ARB_SANDBOX_OK,
		"%s", err);
	ck_assert_int_eq(lua_tointeger(L, 1), 5);
	ck_assert_str_eq(lua_tostring(L, 2), "0.1.0");
	ck_assert_int_eq(lua_tointeger(L, 3), 50);
	/* #view: LuaJIT ignores __len on tables (pairs and ipairs work: the
	 * sandbox's honour __pairs and __index). */
	ck_assert_int_eq(lua_tointeger(L, 4), LUA_OR_JIT(3, 0));
	ck_assert_int_eq(lua_tointeger(L, 5), 20);
	ck_assert_str_eq(lua_tostring(L, 6), "add limits list modname version");
	ck_assert_int_eq(lua_tointeger(L, 7), 60);
	ck_assert(lua_toboolean(L, 8));
	ck_assert_str_eq(lua_tostring(L, 9), "table");
	ck_assert_str_eq(lua_tostring(L, 10), "read-only");
	ck_assert(lua_isnil(L, 11));
	ck_assert(lua_isnil(L, 12));
	ck_assert_int_eq(lua_tointeger(L, 13), 0);
	ck_assert(lua_toboolean(L, 14));
	ck_assert_str_eq(lua_tostring(L, 15), "arbiter");
	ck_assert(lua_toboolean(L, 16));
	ck_assert(lua_isnil(L, 17));
	lua_settop(L, 0);
	real_unchanged(sb);
	arb_sandbox_free(sb);
}
END_TEST

START_TEST(test_readonly_writes)
{
	static const char *const cases[][2] = {
		{"arbiter.x = 1",
		 "ro.lua:2: attempt to set field 'x' of read-only table 'arbiter'"},
		{"arbiter.version = '9'",
		 "ro.lua:2: attempt to set field 'version' of read-only table 'arbiter'"},
		{"arbiter.limits.moves = 1",
		 "ro.lua:2: attempt to set field 'moves' of read-only table 'arbiter.limits'"},
		{"arbiter.list[4] = 1",
		 "ro.lua:2: attempt to set index 4 of read-only table 'arbiter.list'"},
		{"arbiter[true] = 1",
		 "ro.lua:2: attempt to set a boolean key in read-only table 'arbiter'"},
		{"rawset(arbiter, 'x', 1)",
		 "ro.lua:2: attempt to modify read-only table 'arbiter'"},
		{"rawset(arbiter.limits, 'moves', 1)",
		 "ro.lua:2: attempt to modify read-only table 'arbiter.limits'"},
		{"setmetatable(arbiter, nil)", "ro.lua:2: cannot change a protected metatable"},
		{"setmetatable(arbiter.list, {})", "ro.lua:2: cannot change a protected metatable"},
		{"table.insert(arbiter.list, 4)", "read-only table 'arbiter.list'"},
		{"table.remove(arbiter.list)", "read-only table 'arbiter.list'"},
		{"table.sort(arbiter.list, function(a, b) return a > b end)",
		 "read-only table 'arbiter.list'"},
		{"table.move({1}, 1, 1, 1, arbiter.list)", "read-only table 'arbiter.list'"},
		{"load('x = 1', '=c', 't', arbiter)()",
		 "ro.lua: c:1: attempt to set field 'x' of read-only"},
		{"for k, v in pairs(arbiter) do if type(v) == 'table' then v.z = 1 end end",
		 "of read-only table 'arbiter."},
		{"getmetatable(arbiter).__newindex = nil", "attempt to index a string value"},
	};
	char code[256], err[ERRSIZE];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		arb_sandbox *sb = with_api();

		snprintf(code, sizeof code, "local x\n%s\n", cases[i][0]);
		ck_assert_msg(run(sb, "ro.lua", code, 0, err) == ARB_SANDBOX_E_RUNTIME, "%s: %s",
			      cases[i][0], err);
		ck_assert_msg(strstr(err, cases[i][1]) != NULL, "%s: \"%s\" lacks \"%s\"",
			      cases[i][0], err, cases[i][1]);
		real_unchanged(sb);
		/* The API still works afterwards. */
		ck_assert_int_eq(
			run(sb, "after.lua", "return arbiter.add(1, arbiter.limits.moves)", 1, err),
			ARB_SANDBOX_OK);
		ck_assert_int_eq(lua_tointeger(arb_sandbox_state(sb), -1), 51);
		lua_settop(arb_sandbox_state(sb), 0);
		arb_sandbox_free(sb);
	}
}
END_TEST

/* A host function that calls back into its own sandbox: refused, or a
 * script could reset its budget through it. */
static int reenter(lua_State *L)
{
	arb_sandbox *sb;
	char err[ERRSIZE];
	int st;

	lua_getfield(L, LUA_REGISTRYINDEX, "test.sb");
	sb = lua_touserdata(L, -1);
	lua_pushinteger(L,
			arb_sandbox_run(sb, "inner", "while true do end", 17, 0, err, sizeof err));
	lua_pushstring(L, err);
	lua_pushcfunction(L, fake_add);
	st = arb_sandbox_pcall(sb, 0, 0, err, sizeof err); /* refused: the stack as it was */
	lua_pop(L, 1);
	lua_pushinteger(L, st);
	lua_pushinteger(L, arb_sandbox_expose(sb, "x", fake_open, err, sizeof err));
	return 4;
}

static int open_reenter(lua_State *L)
{
	lua_newtable(L);
	lua_pushcfunction(L, reenter);
	lua_setfield(L, -2, "reenter");
	return 1;
}

START_TEST(test_not_reentrant)
{
	arb_sandbox *sb = make(100000, 0);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE];

	lua_pushlightuserdata(L, sb);
	lua_setfield(L, LUA_REGISTRYINDEX, "test.sb");
	ck_assert_int_eq(arb_sandbox_expose(sb, "api", open_reenter, err, sizeof err),
			 ARB_SANDBOX_OK);
	ck_assert_msg(run(sb, "re.lua", "return api.reenter()", 4, err) == ARB_SANDBOX_OK, "%s",
		      err);
	ck_assert_int_eq(lua_tointeger(L, 1), ARB_SANDBOX_E_ARGUMENT);
	ck_assert_str_eq(lua_tostring(L, 2), "arb_sandbox_run: called from inside a call");
	ck_assert_int_eq(lua_tointeger(L, 3), ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(lua_tointeger(L, 4), ARB_SANDBOX_E_ARGUMENT);
	lua_settop(L, 0);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

static int open_number(lua_State *L)
{
	lua_pushinteger(L, 7);
	return 1;
}

static int open_fails(lua_State *L)
{
	return luaL_error(L, "cannot open");
}

static int open_big(lua_State *L)
{
	int i;

	lua_newtable(L);
	for (i = 1; i <= 10000000; i++) {
		lua_pushinteger(L, i);
		lua_rawseti(L, -2, i);
	}
	return 1;
}

START_TEST(test_expose_errors)
{
	arb_sandbox *sb = make(0, 4 * MB);
	lua_State *L = arb_sandbox_state(sb);
	char err[ERRSIZE];

	ck_assert_int_eq(arb_sandbox_expose(NULL, "a", fake_open, err, sizeof err),
			 ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(arb_sandbox_expose(sb, NULL, fake_open, err, sizeof err),
			 ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(arb_sandbox_expose(sb, "", fake_open, err, sizeof err),
			 ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(arb_sandbox_expose(sb, "a", NULL, err, sizeof err),
			 ARB_SANDBOX_E_ARGUMENT);
	ck_assert_int_eq(arb_sandbox_expose(sb, "num", open_number, err, sizeof err),
			 ARB_SANDBOX_E_ARGUMENT);
	ck_assert_str_eq(err, "expose 'num': the open function returned a number, not a table");
	ck_assert_int_eq(arb_sandbox_expose(sb, "bad", open_fails, err, sizeof err),
			 ARB_SANDBOX_E_RUNTIME);
	ck_assert_str_eq(err, "expose 'bad': cannot open");
	ck_assert_int_eq(arb_sandbox_expose(sb, "big", open_big, err, sizeof err),
			 ARB_SANDBOX_E_MEMORY);
	ck_assert_str_eq(err, "expose 'big': memory limit of 4194304 bytes exceeded");
	ck_assert_int_eq(lua_gettop(L), 0);
	/* None of them left a global. */
	ck_assert_int_eq(run(sb, "g.lua", "return num, bad, big", 3, err), ARB_SANDBOX_OK);
	ck_assert(lua_isnil(L, 1) && lua_isnil(L, 2) && lua_isnil(L, 3));
	lua_settop(L, 0);
	/* A good one still works, also after a script ran. */
	ck_assert_int_eq(arb_sandbox_expose(sb, "arbiter", fake_open, err, sizeof err),
			 ARB_SANDBOX_OK);
	ck_assert_int_eq(run(sb, "g.lua", "return arbiter.add(20, 22)", 1, err), ARB_SANDBOX_OK);
	ck_assert_int_eq(lua_tointeger(L, -1), 42);
	lua_settop(L, 0);
	host_goes_on(sb);
	arb_sandbox_free(sb);
}
END_TEST

static Suite *sandbox_suite(void)
{
	Suite *s = suite_create("sandbox");
	TCase *tc = tcase_create("use");
	tcase_add_test(tc, test_results);
	tcase_add_test(tc, test_bad_arguments);
	tcase_add_test(tc, test_pcall);
	tcase_add_test(tc, test_pcall_named);
	tcase_add_test(tc, test_print);
	suite_add_tcase(s, tc);
	tc = tcase_create("instructions");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_infinite_loop);
	tcase_add_test(tc, test_allocation_charged);
	tcase_add_test(tc, test_loop_in_pcall);
	tcase_add_test(tc, test_c_loops_charged);
	tcase_add_test(tc, test_budget_per_call);
	suite_add_tcase(s, tc);
	tc = tcase_create("memory");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_memory_bomb);
	tcase_add_test(tc, test_memory_in_pcall);
	tcase_add_test(tc, test_memory_too_small);
	suite_add_tcase(s, tc);
	tc = tcase_create("recursion");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_deep_recursion);
	tcase_add_test(tc, test_c_stack);
	suite_add_tcase(s, tc);
	tc = tcase_create("contents");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_forbidden);
	tcase_add_test(tc, test_no_finalizers);
	tcase_add_test(tc, test_globals);
	tcase_add_test(tc, test_collectgarbage);
	tcase_add_test(tc, test_random_reproducible);
	tcase_add_test(tc, test_binary_chunk);
	tcase_add_test(tc, test_load_text);
	suite_add_tcase(s, tc);
	tc = tcase_create("errors");
	tcase_add_test(tc, test_syntax_error);
	tcase_add_test(tc, test_runtime_error);
	suite_add_tcase(s, tc);
	tc = tcase_create("api");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_readonly_reads);
	tcase_add_test(tc, test_readonly_writes);
	tcase_add_test(tc, test_expose_errors);
	tcase_add_test(tc, test_not_reentrant);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(sandbox_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
