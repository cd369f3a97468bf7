/*
 * fuzz_lua.h -- what the Lua fuzz targets (fuzz_profile.c, fuzz_variant.c)
 * share: CHECK, and the sandbox's own limits checked on the fuzzed text.
 *
 * check_sandbox runs the text as a plain script in a sandbox with small
 * limits (FUZZ_SB_INSTRUCTIONS, FUZZ_SB_MEMORY) and, when it returns a
 * function, calls that through arb_sandbox_pcall as a host calls a hook.
 * Invariants: the state never holds more than the cap; every call returns
 * a code of the closed list, never E_ARGUMENT here; a spent budget is
 * E_INSTRUCTIONS with "instruction limit of N exceeded", a refused
 * allocation E_MEMORY with "memory limit of N bytes exceeded" (or Lua's
 * "not enough memory"), and every other failure a message that names the
 * script; a failed call leaves the stack as it was. A hang (a budget that
 * does not hold) is caught by libFuzzer's -timeout.
 */
#ifndef ARBITER_FUZZ_LUA_H
#define ARBITER_FUZZ_LUA_H

#include <stdio.h>
#include <string.h>

#include "sandbox.h"

#define FUZZ_SB_INSTRUCTIONS 200000L
#define FUZZ_SB_MEMORY ((size_t)2 << 20)

#define CHECK(cond)                                    \
	do {                                           \
		if (!(cond))                           \
			check_failed(__LINE__, #cond); \
	} while (0)

static __attribute__((noinline, noreturn)) void check_failed(int line, const char *what)
{
	fprintf(stderr, "%s:%d: check failed: %s\n", FUZZ_TARGET_FILE, line, what);
	__builtin_trap();
}

/* A failed sandbox call's message, for `chunk` (the name without '=';
 * NULL when the function called is a C function: no script to name). */
static void check_sandbox_error(arb_sandbox_status st, const char *msg, const char *chunk)
{
	char want[64];

	CHECK(st != ARB_SANDBOX_E_ARGUMENT);
	CHECK(msg[0] != '\0');
	switch (st) {
	case ARB_SANDBOX_E_INSTRUCTIONS:
		snprintf(want, sizeof want, "instruction limit of %ld exceeded",
			 FUZZ_SB_INSTRUCTIONS);
		CHECK(strstr(msg, want) != NULL);
		break;
	case ARB_SANDBOX_E_MEMORY:
		snprintf(want, sizeof want, "memory limit of %zu bytes exceeded", FUZZ_SB_MEMORY);
		CHECK(strstr(msg, want) != NULL || strstr(msg, "not enough memory") != NULL);
		break;
	default:
		CHECK(st == ARB_SANDBOX_E_SYNTAX || st == ARB_SANDBOX_E_RUNTIME ||
		      st == ARB_SANDBOX_E_BINARY);
		CHECK(chunk == NULL || strstr(msg, chunk) != NULL);
		break;
	}
}

/* Does the text hold `word` (it may then show up in a message as quoted
 * source or as the script's own message)? */
static int has_word(const char *text, size_t len, const char *word)
{
	size_t k = strlen(word);

	for (size_t i = 0; i + k <= len; i++)
		if (memcmp(text + i, word, k) == 0)
			return 1;
	return 0;
}

/* A loader's message (default limits) that speaks of a limit gives the
 * default one, unless the script's text could have put the words there. */
static void check_default_limits(const char *msg, const char *text, size_t len)
{
	char want[64];

	if (has_word(text, len, "limit of"))
		return;
	snprintf(want, sizeof want, "instruction limit of %ld exceeded",
		 (long)ARB_SANDBOX_DEFAULT_INSTRUCTIONS);
	if (strstr(msg, "instruction limit of"))
		CHECK(strstr(msg, want));
	snprintf(want, sizeof want, "memory limit of %zu bytes exceeded",
		 (size_t)ARB_SANDBOX_DEFAULT_MEMORY);
	if (strstr(msg, "memory limit of"))
		CHECK(strstr(msg, want));
}

static void check_sandbox(const char *chunk, const char *text, size_t len)
{
	arb_sandbox_limits lim = {FUZZ_SB_INSTRUCTIONS, FUZZ_SB_MEMORY};
	char msg[256];
	arb_sandbox *sb = arb_sandbox_new(&lim, msg, sizeof msg);
	arb_sandbox_status st;
	lua_State *L;

	CHECK(sb != NULL);
	L = arb_sandbox_state(sb);
	st = arb_sandbox_run(sb, chunk, text, len, 1, msg, sizeof msg);
	CHECK(arb_sandbox_memory(sb) <= FUZZ_SB_MEMORY);
	if (st != ARB_SANDBOX_OK) {
		check_sandbox_error(st, msg, chunk);
		CHECK(lua_gettop(L) == 0);
	} else {
		CHECK(lua_gettop(L) == 1);
		if (lua_type(L, 1) == LUA_TFUNCTION) {
			/* The function with no argument, as a hook is called. */
			int is_c = lua_iscfunction(L, 1);
			st = arb_sandbox_pcall(sb, 0, 1, msg, sizeof msg);
			CHECK(arb_sandbox_memory(sb) <= FUZZ_SB_MEMORY);
			if (st != ARB_SANDBOX_OK) {
				check_sandbox_error(st, msg, is_c ? NULL : chunk);
				CHECK(lua_gettop(L) == 0);
			} else {
				CHECK(lua_gettop(L) == 1);
			}
		}
	}
	arb_sandbox_free(sb);
}

#endif /* ARBITER_FUZZ_LUA_H */
