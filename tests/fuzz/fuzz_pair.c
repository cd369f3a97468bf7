/*
 * fuzz_pair.c -- libFuzzer target for the pairing of a round: a TRF file
 * read, then its next round paired by its system (the Dutch system for a
 * Swiss, the Berger tables for a round robin), then the pairing explained.
 *
 * The first byte picks the options (bit 0: the 2017 Dutch rules, bit 1:
 * explain the first player, bit 2: a double round robin's last rounds
 * swapped); the rest is the TRF file. Files with broken lines, more than 40
 * players or more than 12 rounds are skipped (the pairer is O(n^3) a step).
 * Whatever the input, pairing returns ARB_OK, ARB_E_ARGUMENT or
 * ARB_E_PAIRING with a message, never crashes or leaks, and a pairing it
 * returns has every player of the file once (a board or a bye), no player
 * against himself, and reads back through arb_pairing_from_engine to the
 * same boards and byes (when it pairs anyone).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An invariant failed: say which, then abort. */
#define broken() (fprintf(stderr, "fuzz_pair: invariant of line %d failed\n", __LINE__), abort())

typedef struct out {
	char *s;
	size_t n, cap;
} out;

static int sink(void *ctx, const char *s, size_t n)
{
	out *o = ctx;

	if (o->n + n + 1 > o->cap) {
		size_t cap = (o->n + n) * 2 + 64;
		char *p = realloc(o->s, cap);
		if (!p)
			broken();
		o->s = p;
		o->cap = cap;
	}
	memcpy(o->s + o->n, s, n);
	o->n += n;
	o->s[o->n] = '\0';
	return 0;
}

static int broken_lines(const arb_tournament *t)
{
	for (int k = 0; k < arb_tournament_problems(t); k++)
		if (arb_tournament_problem(t, k, NULL) == ARB_E_TRF)
			return 1;
	return 0;
}

/* Every player of t once in p, nobody against himself. */
static void check_players(const arb_tournament *t, const arb_pairing *p)
{
	int n = arb_tournament_player_count(t), top = 0;
	for (int i = 0; i < n; i++) {
		arb_tournament_player pl;
		arb_tournament_get_player(t, i, &pl);
		top = pl.id > top ? pl.id : top;
	}
	char *seen = calloc((size_t)top + 1, 1);
	if (!seen)
		broken();
	int count = 0;
	for (int b = 0; b < arb_pairing_boards(p); b++) {
		arb_board bd;
		if (arb_pairing_board(p, b, &bd) != ARB_OK || bd.white == bd.black ||
		    bd.white < 1 || bd.white > top || bd.black < 1 || bd.black > top ||
		    seen[bd.white]++ || seen[bd.black]++)
			broken();
		count += 2;
	}
	for (int i = 0; i < arb_pairing_byes(p); i++) {
		int id;
		char code;
		if (arb_pairing_bye(p, i, &id, &code) != ARB_OK || id < 1 || id > top ||
		    seen[id]++ || !strchr("UHFZ", code))
			broken();
		count++;
	}
	if (count != n)
		broken();
	free(seen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	arb_tournament *t = NULL;
	arb_pairing *p = NULL, *q = NULL;
	arb_error err;
	unsigned opts, flags = 0;
	arb_status st;

	if (size < 1)
		return 0;
	opts = data[0];
	if (arb_trf_read((const char *)data + 1, size - 1, "fuzz.trf", 0, &t, &err) != ARB_OK) {
		arb_tournament_free(t);
		return 0;
	}
	if (broken_lines(t) || arb_tournament_player_count(t) > 40 ||
	    arb_tournament_rounds_played(t) > 12) {
		arb_tournament_free(t);
		return 0;
	}
	if (opts & 1u)
		flags |= ARB_PAIR_DUTCH_2017;
	if (opts & 4u)
		flags |= ARB_PAIR_SWAP_LAST;
	st = arb_tournament_pair(t, 0, flags, &p, &err);
	if (st != ARB_OK) {
		if ((st != ARB_E_ARGUMENT && st != ARB_E_PAIRING) || !err.message[0] || p)
			broken();
		arb_tournament_free(t);
		return 0;
	}
	check_players(t, p);
	/* read back (an empty pairing, of a file without players, is not: an
	 * engine's empty answer is an error) */
	if (arb_pairing_boards(p) + arb_pairing_byes(p) > 0) {
		out o = {NULL, 0, 0};
		if (arb_pairing_write(p, sink, &o) != ARB_OK)
			broken();
		if (arb_pairing_from_engine(t, arb_pairing_round(p), o.s ? o.s : "", o.n, &q,
					    &err) != ARB_OK)
			broken();
		if (arb_pairing_boards(q) != arb_pairing_boards(p) ||
		    arb_pairing_byes(q) != arb_pairing_byes(p))
			broken();
		free(o.s);
	}
	if ((opts & 2u) && arb_tournament_player_count(t) > 0) {
		arb_tournament_player pl;
		out o = {NULL, 0, 0};
		arb_tournament_get_player(t, 0, &pl);
		st = arb_pairing_explain(t, arb_pairing_round(p), flags, pl.id, sink, &o, &err);
		/* a round robin is not explained; a Swiss always is */
		if (st != ARB_OK && st != ARB_E_ARGUMENT)
			broken();
		free(o.s);
	}
	if (q) {
		/* arbiter's own pairing compared with itself: the same, always
		 * (or no comparison: a round robin) */
		out o = {NULL, 0, 0};
		int differs = -1;
		st = arb_pairing_compare(t, q, flags, &differs, sink, &o, &err);
		if ((st == ARB_OK && differs != 0) || (st != ARB_OK && st != ARB_E_ARGUMENT))
			broken();
		free(o.s);
	}
	arb_pairing_free(q);
	arb_pairing_free(p);
	arb_tournament_free(t);
	return 0;
}
