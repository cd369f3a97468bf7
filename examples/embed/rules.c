/*
 * rules.c -- a program built against the installed Lua layer (arbiter::lua,
 * or pkg-config arbiter-lua): loads a competition-rule profile by name (found
 * in the installed share/arbiter/profiles, or $ARBITER_PATH), prints where
 * it came from and a few of its rules with their articles, then runs a Lua
 * chunk in its own state with module "arbiter" preloaded.
 *
 *   rules [PROFILE]        (default: fide2023-blitz)
 */
#include <stdio.h>

#include <arbiter.h>
#include <arbiter/arbiter_lua.h>
#include <arbiter/profile.h>
#include <lauxlib.h>
#include <lualib.h>

int main(int argc, char **argv)
{
	const char *spec = argc > 1 ? argv[1] : "fide2023-blitz";
	static const char *const fields[] = {"draw.threefold", "draw.fifty", "illegal.lose_on"};
	char value[64], cite[64];
	arb_profile *p;
	arb_error err;
	lua_State *L;
	int rc = 0;

	p = arb_profile_load(spec, NULL, &err);
	if (p == NULL) {
		fprintf(stderr, "rules: %s\n", err.message);
		return 1;
	}
	printf("%s from %s\n", spec, arb_profile_file(p));
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (arb_rules_get(arb_profile_rules(p), fields[i], value, sizeof value) >= 0)
			printf("  %-16s %s\n", fields[i], value);
	arb_rules_cite(arb_profile_rules(p), ARB_ART_FIFTY, cite, sizeof cite);
	printf("  the fifty-move rule: %s\n", cite);
	arb_profile_free(p);

	L = luaL_newstate();
	if (L == NULL)
		return 1;
	luaL_openlibs(L);
	/* package.preload.arbiter = luaopen_arbiter (Lua 5.4 and LuaJIT alike) */
	lua_getglobal(L, "package");
	lua_getfield(L, -1, "preload");
	lua_pushcfunction(L, luaopen_arbiter);
	lua_setfield(L, -2, "arbiter");
	lua_pop(L, 2);
	if (luaL_dostring(L,
			  "local a = require 'arbiter'\n"
			  "return ('perft(3) from Lua: %d'):format(a.position():perft(3))") != 0) {
		fprintf(stderr, "rules: %s\n", lua_tostring(L, -1));
		rc = 1;
	} else {
		printf("%s\n", lua_tostring(L, -1));
	}
	lua_close(L);
	return rc;
}
