/*
 * fuzz_variant.c -- libFuzzer target for variant scripts (lua/variant.h):
 * a Lua script loaded as data through the sandbox, validated, and the start
 * positions it describes.
 *
 * Input: the script's text, loaded with arb_variant_load_text as "v.lua".
 * Invariants, each trapping when violated:
 *  - a refused script gives a message naming it ("v.lua"); a spent budget
 *    is "instruction limit of N exceeded", a refused allocation
 *    "memory limit of N bytes exceeded", N the default limits of
 *    sandbox.h (smaller in the fuzz build: CMakeLists.txt);
 *  - a loaded variant has a non-empty name, 0..64 PGN names, none empty,
 *    NULL past the last; a start drawn with a seed is reproducible (the
 *    same seed, the same position), passes the position invariant check,
 *    and every legal move plays and takes back cleanly (the castling
 *    geometry a script chose included), each leaving a valid position,
 *    and perft 2 is the sum of the replies; a start that fails says why,
 *    naming the script;
 *  - the text as a plain script in a small sandbox (fuzz_lua.h): the
 *    memory cap and the instruction budget hold and are reported.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "variant.h"

#define FUZZ_TARGET_FILE "fuzz_variant.c"
#include "fuzz_lua.h"

#define MAX_SCRIPT 65536

/* Every refusal names the script, also when a limit runs out inside a
 * chunk it load()ed (regressions/variant-limit-in-loaded-chunk). */
static void check_refused(const char *msg, const char *text, size_t len)
{
	CHECK(msg[0] != '\0');
	CHECK(strstr(msg, "v.lua") != NULL);
	check_default_limits(msg, text, len);
}

static void check_moves(arb_position *pos)
{
	arb_move moves[ARB_MAX_MOVES];
	arb_error err;
	int n = arb_position_legal_moves(pos, moves);
	uint64_t replies = 0;

	CHECK(n == arb_position_count_moves(pos));
	for (int i = 0; i < n; i++) {
		arb_undo u;
		char before[ARB_FEN_MAX], after[ARB_FEN_MAX];
		arb_position_to_fen(pos, before, sizeof before, ARB_FEN_SHREDDER);
		uint64_t key = arb_position_key(pos);
		arb_position_do_move(pos, moves[i], &u);
		CHECK(arb_position_validate(pos, &err) == ARB_OK);
		replies += (uint64_t)arb_position_count_moves(pos);
		arb_position_undo_move(pos, moves[i], &u);
		CHECK(arb_position_validate(pos, &err) == ARB_OK);
		arb_position_to_fen(pos, after, sizeof after, ARB_FEN_SHREDDER);
		CHECK(arb_position_key(pos) == key && strcmp(before, after) == 0);
	}
	CHECK(arb_perft(pos, 2, 0) == replies);
}

static void check_variant(const arb_variant *v, uint64_t seed)
{
	char msg[256];
	int n = arb_variant_pgn_count(v);
	arb_position *a = arb_position_new(), *b = arb_position_new();

	CHECK(arb_variant_name(v) != NULL && arb_variant_name(v)[0] != '\0');
	CHECK(n >= 0 && n <= 64);
	for (int i = 0; i < n; i++)
		CHECK(arb_variant_pgn(v, i) != NULL && arb_variant_pgn(v, i)[0] != '\0');
	CHECK(arb_variant_pgn(v, n) == NULL && arb_variant_pgn(v, -1) == NULL);
	if (!a || !b)
		goto done;
	msg[0] = '\0';
	arb_status st = arb_variant_start(v, seed, 1, a, msg, sizeof msg);
	if (st != ARB_OK) {
		CHECK(strstr(msg, "v.lua") != NULL);
		CHECK(arb_variant_start(v, seed, 1, b, NULL, 0) == st);
		goto done;
	}
	CHECK(arb_variant_start(v, seed, 1, b, NULL, 0) == ARB_OK);
	CHECK(arb_position_key(a) == arb_position_key(b));
	CHECK(arb_position_validate(a, NULL) == ARB_OK);
	check_moves(a);
done:
	arb_position_free(a);
	arb_position_free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char msg[512];
	arb_variant *v;
	uint64_t seed = 0;

	if (size > MAX_SCRIPT)
		return 0;
	for (size_t i = 0; i < size && i < 8; i++)
		seed = seed << 8 | data[i];
	msg[0] = '\0';
	v = arb_variant_load_text("v.lua", (const char *)data, size, msg, sizeof msg);
	if (!v) {
		check_refused(msg, (const char *)data, size);
	} else {
		check_variant(v, seed);
		arb_variant_free(v);
	}
	check_sandbox("v.lua", (const char *)data, size);
	return 0;
}
