/*
 * fuzz_chess960.c -- libFuzzer target for Chess960 numbering: back-rank text
 * to number (arb_chess960_number), start positions identified from FENs
 * (arb_chess960_identify, the library half of `arbiter 960 --id`), numbers to
 * back ranks and positions and back, mirror twins, and seeded draws.
 *
 * Input: a first byte of flags (FEN mode, repair, draw options), then text.
 * Invariants, each trapping when violated:
 *  - number(text): accepted only for exactly 8 letters, with n in 0..959 and
 *    back_rank(n) equal to the text in upper case (lower case gives the same
 *    n); refused with ARB_E_ARGUMENT and a message otherwise.
 *  - the text as a FEN (the flags' mode; ARB_FEN_CHESS960 is what --id uses):
 *    when identify accepts it, chess960_position(W, B) has the same pieces,
 *    side, castling and e.p. fields and identifies as W-B again; when it
 *    refuses it (ARB_E_ARGUMENT, a message), the position built from the
 *    FEN's own back ranks, if they are arrays, differs in those fields.
 *  - numbers taken from the input bytes (some out of range): back_rank
 *    accepts exactly 0..959 and number() inverts it; mirror(n) is the
 *    reversed rank and an involution; position(W, B) identifies as W-B and
 *    prints as the documented X-FEN when W == B.
 *  - draw(seed, rounds, exclude, no_twins): the numbers are distinct, in
 *    range, not excluded, no twin pairs with no_twins; the same seed draws
 *    the same; it fails (with a message) only when the candidates run out.
 * The CLI's own number parsers (N, W-B, --seed, --exclude) are static in
 * cli/c960.c and are tested end to end by tests/cli/badinput.sh, not here.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

#define CHECK(cond)                                    \
	do {                                           \
		if (!(cond))                           \
			check_failed(__LINE__, #cond); \
	} while (0)

static __attribute__((noinline, noreturn)) void check_failed(int line, const char *what)
{
	fprintf(stderr, "fuzz_chess960.c:%d: check failed: %s\n", line, what);
	__builtin_trap();
}

static const unsigned modes[] = {ARB_FEN_CHESS960, ARB_FEN_AUTO, ARB_FEN_STANDARD};

/* The first four FEN fields (pieces, side, castling as rook files, e.p.). */
static void fields4(const arb_position *pos, char *out)
{
	char fen[ARB_FEN_MAX];
	arb_position_to_fen(pos, fen, sizeof fen, ARB_FEN_SHREDDER);
	char *p = fen;
	for (int k = 0; k < 4 && p; k++) {
		p = strchr(p, ' ');
		if (p && k < 3)
			p++;
	}
	if (p)
		*p = '\0';
	strcpy(out, fen);
}

static void check_number_text(const char *text)
{
	arb_error err;
	int n = -1;
	if (arb_chess960_number(text, &n, &err) != ARB_OK) {
		CHECK(err.code == ARB_E_ARGUMENT && err.message[0]);
		return;
	}
	CHECK(strlen(text) == 8 && n >= 0 && n < ARB_CHESS960_COUNT);
	char rank[9], upper[9], lower[9];
	CHECK(arb_chess960_back_rank(n, rank) == ARB_OK);
	for (int i = 0; i < 8; i++) {
		char c = text[i];
		upper[i] = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
		lower[i] = upper[i] >= 'A' && upper[i] <= 'Z' ? (char)(upper[i] - 'A' + 'a') : c;
	}
	upper[8] = lower[8] = '\0';
	CHECK(strcmp(rank, upper) == 0);
	int m = -1;
	CHECK(arb_chess960_number(lower, &m, NULL) == ARB_OK && m == n);
}

/* The array of one rank of a Shredder placement field ("rnbqkbnr"), as
 * upper case letters, or "" when the rank is not 8 pieces. */
static void rank_text(const char *placement, int which, char *out)
{
	const char *p = placement;
	for (int k = 0; k < which && p; k++) {
		p = strchr(p, '/');
		if (p)
			p++;
	}
	out[0] = '\0';
	if (!p)
		return;
	size_t len = strcspn(p, "/ ");
	if (len != 8)
		return;
	for (size_t i = 0; i < 8; i++) {
		char c = p[i];
		if (c >= 'a' && c <= 'z')
			c = (char)(c - 'a' + 'A');
		out[i] = c;
	}
	out[8] = '\0';
}

static void check_fen(const char *text, unsigned flags)
{
	arb_position *pos = arb_position_new(), *again = arb_position_new();
	arb_error err;
	char a[ARB_FEN_MAX], b[ARB_FEN_MAX];
	int w = -1, bl = -1;
	if (!pos || !again || arb_position_set_fen(pos, text, flags, NULL) != ARB_OK)
		goto done;
	fields4(pos, a);
	if (arb_chess960_identify(pos, &w, &bl, &err) == ARB_OK) {
		CHECK(w >= 0 && w < ARB_CHESS960_COUNT && bl >= 0 && bl < ARB_CHESS960_COUNT);
		CHECK(arb_chess960_position(again, w, bl) == ARB_OK);
		fields4(again, b);
		CHECK(strcmp(a, b) == 0);
		int w2 = -1, b2 = -1;
		CHECK(arb_chess960_identify(again, &w2, &b2, NULL) == ARB_OK && w2 == w &&
		      b2 == bl);
	} else {
		CHECK(err.code == ARB_E_ARGUMENT && err.message[0]);
		/* Refused: the start position of its own back ranks must differ. */
		char white[9], black[9];
		int nw, nb;
		rank_text(a, 7, white);
		rank_text(a, 0, black);
		if (white[0] && black[0] && arb_chess960_number(white, &nw, NULL) == ARB_OK &&
		    arb_chess960_number(black, &nb, NULL) == ARB_OK) {
			CHECK(arb_chess960_position(again, nw, nb) == ARB_OK);
			fields4(again, b);
			CHECK(strcmp(a, b) != 0);
		}
	}
done:
	arb_position_free(again);
	arb_position_free(pos);
}

static void check_numbers(int w, int b)
{
	char rank[9] = "", mirror[9];
	arb_status st = arb_chess960_back_rank(w, rank);
	CHECK((st == ARB_OK) == (w >= 0 && w < ARB_CHESS960_COUNT));
	if (st != ARB_OK) {
		CHECK(arb_chess960_mirror(w) == -1);
		return;
	}
	int n = -1;
	CHECK(arb_chess960_number(rank, &n, NULL) == ARB_OK && n == w);
	int m = arb_chess960_mirror(w);
	CHECK(m >= 0 && m < ARB_CHESS960_COUNT && arb_chess960_mirror(m) == w);
	CHECK(arb_chess960_back_rank(m, mirror) == ARB_OK);
	for (int i = 0; i < 8; i++)
		CHECK(mirror[i] == rank[7 - i]);

	arb_position *pos = arb_position_new();
	if (!pos)
		return;
	st = arb_chess960_position(pos, w, b);
	CHECK((st == ARB_OK) == (b >= 0 && b < ARB_CHESS960_COUNT));
	if (st == ARB_OK) {
		int w2 = -1, b2 = -1;
		CHECK(arb_position_validate(pos, NULL) == ARB_OK);
		CHECK(arb_chess960_identify(pos, &w2, &b2, NULL) == ARB_OK && w2 == w && b2 == b);
		if (w == b) {
			char want[ARB_FEN_MAX], got[ARB_FEN_MAX], lower[9];
			for (int i = 0; i < 9; i++)
				lower[i] = rank[i] ? (char)(rank[i] - 'A' + 'a') : '\0';
			snprintf(want, sizeof want, "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w KQkq - 0 1",
				 lower, rank);
			arb_position_to_fen(pos, got, sizeof got, 0);
			CHECK(strcmp(want, got) == 0);
		}
	}
	arb_position_free(pos);
}

static void check_draw(const uint8_t *d, size_t n, int no_twins)
{
	uint64_t seed = 0;
	int exclude[32], nexclude = 0, rounds;
	for (size_t i = 0; i < 8 && i < n; i++)
		seed = seed << 8 | d[i];
	/* Mostly short draws (the twin search is quadratic); 0xF0 and up
	 * ask for up to 962 rounds, more than there are positions. */
	rounds = n <= 8 ? 3 : d[8] >= 0xF0 ? (d[8] - 0xF0) * 64 + d[8] % 3 : d[8] % 40;
	for (size_t i = 9; i + 1 < n && nexclude < 32; i += 2)
		exclude[nexclude++] = (d[i] << 8 | d[i + 1]) % 1000; /* some out of range */

	int out[1024], again[1024];
	arb_rng rng;
	arb_error err;
	int bad_exclude = 0;
	char excluded[ARB_CHESS960_COUNT] = {0}, seen[ARB_CHESS960_COUNT] = {0};
	for (int i = 0; i < nexclude; i++) {
		if (exclude[i] >= ARB_CHESS960_COUNT)
			bad_exclude = 1;
		else
			excluded[exclude[i]] = 1;
	}
	int candidates = 0;
	for (int i = 0; i < ARB_CHESS960_COUNT; i++)
		candidates += !excluded[i];

	arb_rng_seed(&rng, seed);
	arb_status st = arb_chess960_draw(&rng, rounds, exclude, nexclude, no_twins, out, &err);
	if (st != ARB_OK) {
		CHECK(st == ARB_E_ARGUMENT && err.message[0]);
		/* Only a bad exclusion or too few candidates make a draw fail;
		 * without twins at most every candidate. */
		CHECK(bad_exclude || rounds > candidates || no_twins);
		return;
	}
	CHECK(!bad_exclude && rounds <= candidates);
	for (int i = 0; i < rounds; i++) {
		CHECK(out[i] >= 0 && out[i] < ARB_CHESS960_COUNT);
		CHECK(!excluded[out[i]] && !seen[out[i]]);
		seen[out[i]] = 1;
	}
	if (no_twins)
		for (int i = 0; i < rounds; i++) {
			int twin = arb_chess960_mirror(out[i]);
			CHECK(twin == out[i] || !seen[twin]);
		}
	arb_rng_seed(&rng, seed);
	CHECK(arb_chess960_draw(&rng, rounds, exclude, nexclude, no_twins, again, NULL) == ARB_OK);
	CHECK(memcmp(out, again, (size_t)rounds * sizeof *out) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 4096)
		return 0;
	uint8_t flags = data[0];
	char *text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';

	check_number_text(text);
	check_fen(text, modes[flags % 3] | (flags & 4 ? ARB_FEN_REPAIR : 0));
	if (size >= 5) {
		int w = (int16_t)(data[1] << 8 | data[2]), b = (int16_t)(data[3] << 8 | data[4]);
		check_numbers(w, b);
		check_numbers(w % 1024, b % 1024);
	}
	if (flags & 8)
		check_draw(data + 1, size - 1, flags & 16);
	free(text);
	return 0;
}
