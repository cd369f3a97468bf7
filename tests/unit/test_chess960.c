/*
 * test_chess960.c -- Chess960 start positions: Scharnagl numbers both ways,
 * the 960 positions against tests/data/chess960.tsv (FEN in both styles,
 * perft 1 and 2, identification), double-960 pairs, mirror twins, malformed
 * arrays and non-start positions, and the seeded generator.
 *
 * The generator's vectors (SplitMix64 outputs, seeded draws, chi-square
 * statistics) are literals here. They were computed once with the library
 * and checked against tests/cli/chess960_vectors.py, an independent Python
 * implementation written from the documentation in arbiter.h; run
 * `python3 tests/cli/chess960_vectors.py` to print them again. Everything is
 * seeded, so nothing here is flaky.
 */
#include <check.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "testutil.h"

#define NROWS(t) ((int)(sizeof t / sizeof t[0]))
#define SQ(name) ARB_SQUARE((name)[0] - 'a', (name)[1] - '1')
#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define PAIRS (960L * 960L)

static tsv_file c960;

/* ------------------------------------------------------------------------
 * Helpers
 * ---------------------------------------------------------------------- */

static arb_position *must_parse(const char *fen, unsigned flags)
{
	arb_position *pos = arb_position_new();
	arb_error err;

	ck_assert_ptr_nonnull(pos);
	memset(&err, 0, sizeof err);
	arb_status st = arb_position_set_fen(pos, fen, flags, &err);
	ck_assert_msg(st == ARB_OK, "\"%s\": %s: %s", fen, arb_status_name(st), err.message);
	return pos;
}

static const char *fen_of(const arb_position *pos, unsigned flags, char *buf)
{
	size_t len = arb_position_to_fen(pos, buf, ARB_FEN_MAX, flags);
	ck_assert_uint_lt(len, ARB_FEN_MAX);
	return buf;
}

static const char *rank_of(int n, char *buf)
{
	ck_assert_int_eq(arb_chess960_back_rank(n, buf), ARB_OK);
	return buf;
}

/* SplitMix64 re-implemented from the description in arbiter.h. */
static uint64_t ref_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* The rejection rule from arbiter.h: the first x with x < 2^64 - (2^64 mod m). */
static uint64_t ref_uniform(uint64_t *state, uint64_t m)
{
	uint64_t rem = (UINT64_MAX % m + 1) % m; /* 2^64 mod m */
	for (;;) {
		uint64_t x = ref_next(state);
		if (rem == 0 || x < 0 - rem) /* 0 - rem = 2^64 - rem in uint64_t */
			return x % m;
	}
}

/* ------------------------------------------------------------------------
 * Numbering
 * ---------------------------------------------------------------------- */

START_TEST(test_facts)
{
	static const struct {
		int n;
		const char *rank;
	} facts[] = {{0, "BBQNNRKR"},   {518, "RNBQKBNR"}, {959, "RKRNNQBB"},
		     {521, "RNQBBKNR"}, {631, "RNBKQRNB"}, {909, "RKQBRNBN"}};
	char buf[9];

	for (int i = 0; i < NROWS(facts); i++) {
		int n = -1;
		ck_assert_str_eq(rank_of(facts[i].n, buf), facts[i].rank);
		ck_assert_int_eq(arb_chess960_number(facts[i].rank, &n, NULL), ARB_OK);
		ck_assert_int_eq(n, facts[i].n);
	}
}
END_TEST

START_TEST(test_roundtrip_all)
{
	char seen[960][9];

	for (int n = 0; n < ARB_CHESS960_COUNT; n++) {
		char buf[9];
		arb_error err;
		int back = -1;

		rank_of(n, buf);
		ck_assert_uint_eq(strlen(buf), 8);
		memset(&err, 0, sizeof err);
		ck_assert_msg(arb_chess960_number(buf, &back, &err) == ARB_OK, "%d %s: %s", n, buf,
			      err.message);
		ck_assert_int_eq(back, n);
		for (int k = 0; k < n; k++)
			ck_assert_msg(strcmp(seen[k], buf) != 0, "%d and %d are both %s", k, n,
				      buf);
		memcpy(seen[n], buf, 9);
	}
}
END_TEST

START_TEST(test_lower_and_mixed_case)
{
	int n = -1;
	ck_assert_int_eq(arb_chess960_number("rnbqkbnr", &n, NULL), ARB_OK);
	ck_assert_int_eq(n, 518);
	ck_assert_int_eq(arb_chess960_number("bBqNnRkR", &n, NULL), ARB_OK);
	ck_assert_int_eq(n, 0);
}
END_TEST

START_TEST(test_back_rank_out_of_range)
{
	char buf[9];
	const int bad[] = {-1, 960, 961, INT_MIN, INT_MAX};

	for (int i = 0; i < NROWS(bad); i++)
		ck_assert_int_eq(arb_chess960_back_rank(bad[i], buf), ARB_E_ARGUMENT);
}
END_TEST

/* A malformed array: ARB_E_ARGUMENT and a message naming the reason. */
static const struct {
	const char *rank, *reason;
} malformed[] = {
	{"", "8 pieces"},
	{"RNBQKBN", "not 7"},
	{"RNBQKBNRR", "not 9"},
	{"RNBQKBNRRNBQKBNR", "8 pieces"},
	{"RNBQKBNX", "'X'"},
	{"RNBQKBNP", "'P'"},
	{"RNB1KBNR", "'1'"},
	{"RNBQ KBN", "file e"},
	{"RNBQQBNR", "wrong pieces"},
	{"RNBKKBNR", "wrong pieces"},
	{"RNNQKBNR", "wrong pieces"},
	{"QNBQKBNR", "wrong pieces"},
	{"RRBQKBNN", "not between"},
	{"KRBQRBNN", "not between"},
	{"NNBQRBRK", "not between"},
	{"RBNBKNQR", "one colour"},
	{"BRBQKNNR", "one colour"},
	{"RNQBKBNR", "one colour"},
};

START_TEST(test_malformed_array)
{
	arb_error err;
	int n = 12345;

	memset(&err, 0, sizeof err);
	ck_assert_int_eq(arb_chess960_number(malformed[_i].rank, &n, &err), ARB_E_ARGUMENT);
	ck_assert_int_eq(err.code, ARB_E_ARGUMENT);
	ck_assert_msg(strstr(err.message, malformed[_i].reason) != NULL,
		      "\"%s\": message \"%s\" does not say \"%s\"", malformed[_i].rank, err.message,
		      malformed[_i].reason);
	ck_assert_int_eq(n, 12345); /* untouched */
	/* err may be NULL. */
	ck_assert_int_eq(arb_chess960_number(malformed[_i].rank, &n, NULL), ARB_E_ARGUMENT);
}
END_TEST

START_TEST(test_mirror_twins)
{
	char a[9], b[9];

	for (int n = 0; n < ARB_CHESS960_COUNT; n++) {
		int m = arb_chess960_mirror(n);
		ck_assert_msg(m >= 0 && m < ARB_CHESS960_COUNT, "mirror(%d) = %d", n, m);
		/* No Chess960 array is its own mirror image: the king would
		 * have to stand on two files. */
		ck_assert_int_ne(m, n);
		ck_assert_int_eq(arb_chess960_mirror(m), n);
		rank_of(n, a);
		rank_of(m, b);
		for (int f = 0; f < 8; f++)
			ck_assert_int_eq(a[f], b[7 - f]);
	}
	ck_assert_int_eq(arb_chess960_mirror(518), 534);
	ck_assert_str_eq(rank_of(534, a), "RNBKQBNR");
	ck_assert_int_eq(arb_chess960_mirror(-1), -1);
	ck_assert_int_eq(arb_chess960_mirror(960), -1);
}
END_TEST

/* ------------------------------------------------------------------------
 * Positions
 * ---------------------------------------------------------------------- */

/* Every position against the reference data: FEN in both styles, the
 * invariants, perft 1 and 2, and identification. */
START_TEST(test_all_positions_against_data)
{
	int cid = tsv_column(&c960, "id"), cfen = tsv_column(&c960, "fen");
	int cx = tsv_column(&c960, "fen_xfen"), c1 = tsv_column(&c960, "perft1");
	int c2 = tsv_column(&c960, "perft2");
	arb_position *pos = arb_position_new();
	char buf[ARB_FEN_MAX];

	ck_assert(cid >= 0 && cfen >= 0 && cx >= 0 && c1 >= 0 && c2 >= 0);
	ck_assert_int_eq(c960.nrows, ARB_CHESS960_COUNT);
	for (int r = 0; r < c960.nrows; r++) {
		const tsv_row *row = &c960.rows[r];
		int n = atoi(tsv_get(row, cid)), w = -1, b = -1;
		arb_error err;

		ck_assert_int_eq(arb_chess960_position(pos, n, n), ARB_OK);
		memset(&err, 0, sizeof err);
		ck_assert_msg(arb_position_validate(pos, &err) == ARB_OK, "%d: %s", n, err.message);
		ck_assert_int_eq(arb_position_is_chess960(pos), 1);
		ck_assert_int_eq(arb_position_side_to_move(pos), ARB_WHITE);
		ck_assert_str_eq(fen_of(pos, 0, buf), tsv_get(row, cx));
		ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, buf), tsv_get(row, cfen));
		ck_assert_uint_eq(arb_perft(pos, 1, 0), strtoull(tsv_get(row, c1), NULL, 10));
		ck_assert_uint_eq(arb_perft(pos, 2, 0), strtoull(tsv_get(row, c2), NULL, 10));
		ck_assert_msg(arb_chess960_identify(pos, &w, &b, &err) == ARB_OK, "%d: %s", n,
			      err.message);
		ck_assert_int_eq(w, n);
		ck_assert_int_eq(b, n);
	}
	arb_position_free(pos);
}
END_TEST

/* Each side's castling geometry follows its own array. */
static void check_side(const arb_position *pos, arb_color color, int n)
{
	char rank[9];
	int back = color == ARB_WHITE ? 0 : 7, king = -1, rooks[2], nr = 0;
	arb_castling c;

	rank_of(n, rank);
	for (int f = 0; f < 8; f++) {
		arb_piece pc = arb_position_piece_at(pos, ARB_SQUARE(f, back));
		ck_assert_int_eq(ARB_PIECE_COLOR(pc), color);
		ck_assert_int_eq(" PNBRQK"[ARB_PIECE_TYPE(pc)], rank[f]);
		ck_assert_int_eq(
			arb_position_piece_at(pos, ARB_SQUARE(f, color == ARB_WHITE ? 1 : 6)),
			ARB_PIECE(color, ARB_PAWN));
		if (rank[f] == 'K')
			king = f;
		if (rank[f] == 'R')
			rooks[nr++] = f;
	}
	ck_assert_int_eq(arb_position_castling(pos, color, ARB_QUEENSIDE, &c), 1);
	ck_assert_int_eq(c.king_from, ARB_SQUARE(king, back));
	ck_assert_int_eq(c.rook_from, ARB_SQUARE(rooks[0], back));
	ck_assert_int_eq(c.king_to, ARB_SQUARE(2, back));
	ck_assert_int_eq(c.rook_to, ARB_SQUARE(3, back));
	ck_assert_int_eq(arb_position_castling(pos, color, ARB_KINGSIDE, &c), 1);
	ck_assert_int_eq(c.king_from, ARB_SQUARE(king, back));
	ck_assert_int_eq(c.rook_from, ARB_SQUARE(rooks[1], back));
	ck_assert_int_eq(c.king_to, ARB_SQUARE(6, back));
	ck_assert_int_eq(c.rook_to, ARB_SQUARE(5, back));
}

START_TEST(test_double_pairs)
{
	arb_position *pos = arb_position_new(), *again = arb_position_new();
	char fen[ARB_FEN_MAX], want[ARB_FEN_MAX], wr[9], br[9];

	/* A sample of 960 pairs covering every white and every black number. */
	for (int w = 0; w < ARB_CHESS960_COUNT; w++) {
		int b = (w * 337 + 101) % ARB_CHESS960_COUNT, gw = -1, gb = -1;
		arb_error err;

		ck_assert_int_eq(arb_chess960_position(pos, w, b), ARB_OK);
		memset(&err, 0, sizeof err);
		ck_assert_msg(arb_position_validate(pos, &err) == ARB_OK, "%d-%d: %s", w, b,
			      err.message);
		rank_of(w, wr);
		rank_of(b, br);
		for (int f = 0; f < 8; f++)
			br[f] = (char)(br[f] - 'A' + 'a');
		snprintf(want, sizeof want, "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w KQkq - 0 1", br, wr);
		ck_assert_str_eq(fen_of(pos, 0, fen), want);
		check_side(pos, ARB_WHITE, w);
		check_side(pos, ARB_BLACK, b);
		ck_assert_msg(arb_chess960_identify(pos, &gw, &gb, &err) == ARB_OK, "%d-%d: %s", w,
			      b, err.message);
		ck_assert_int_eq(gw, w);
		ck_assert_int_eq(gb, b);
		/* The same position read back from its Shredder-FEN. */
		fen_of(pos, ARB_FEN_SHREDDER, fen);
		ck_assert_int_eq(arb_position_set_fen(again, fen, ARB_FEN_CHESS960, NULL), ARB_OK);
		ck_assert(arb_position_key(again) == arb_position_key(pos));
		ck_assert_int_eq(arb_chess960_identify(again, &gw, &gb, NULL), ARB_OK);
		ck_assert_int_eq(gw, w);
		ck_assert_int_eq(gb, b);
	}
	arb_position_free(pos);
	arb_position_free(again);
}
END_TEST

START_TEST(test_position_out_of_range)
{
	arb_position *pos = arb_position_new();
	const int bad[][2] = {{-1, 0}, {0, -1}, {960, 0}, {0, 960}, {INT_MAX, INT_MIN}};

	for (int i = 0; i < NROWS(bad); i++)
		ck_assert_int_eq(arb_chess960_position(pos, bad[i][0], bad[i][1]), ARB_E_ARGUMENT);
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * Identification
 * ---------------------------------------------------------------------- */

static void expect_identified(const char *fen, int w, int b)
{
	arb_position *pos = must_parse(fen, ARB_FEN_CHESS960);
	arb_error err;
	int gw = -1, gb = -1;

	memset(&err, 0, sizeof err);
	ck_assert_msg(arb_chess960_identify(pos, &gw, &gb, &err) == ARB_OK, "\"%s\": %s", fen,
		      err.message);
	ck_assert_int_eq(gw, w);
	ck_assert_int_eq(gb, b);
	arb_position_free(pos);
}

static void expect_not_identified(const arb_position *pos, const char *reason)
{
	arb_error err;
	int w = 12345, b = 12345;

	memset(&err, 0, sizeof err);
	ck_assert_int_eq(arb_chess960_identify(pos, &w, &b, &err), ARB_E_ARGUMENT);
	ck_assert_int_eq(err.code, ARB_E_ARGUMENT);
	ck_assert_msg(strstr(err.message, reason) != NULL, "message \"%s\" does not say \"%s\"",
		      err.message, reason);
	ck_assert_int_eq(w, 12345);
	ck_assert_int_eq(b, 12345);
}

START_TEST(test_identify_forms)
{
	expect_identified(START_FEN, 518, 518);
	expect_identified("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", 518, 518);
	expect_identified("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", 0, 0);
	expect_identified("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 518, 0);
	expect_identified("rkqbnrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w FBfa - 0 1", 349, 813);
	/* The clocks are not looked at. */
	expect_identified("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 7 12", 959, 959);

	/* Standard mode (how ARB_FEN_AUTO reads the standard FEN) is the same
	 * position: 518. */
	arb_position *pos = must_parse(START_FEN, ARB_FEN_AUTO);
	int w, b;
	ck_assert_int_eq(arb_position_is_chess960(pos), 0);
	ck_assert_int_eq(arb_chess960_identify(pos, &w, &b, NULL), ARB_OK);
	ck_assert_int_eq(w, 518);
	ck_assert_int_eq(b, 518);

	/* Knights out and back: the start position again, four plies later. */
	static const char *const moves[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
	for (int i = 0; i < 4; i++) {
		arb_move m;
		ck_assert_int_eq(arb_move_from_uci(pos, moves[i], &m, NULL), ARB_OK);
		ck_assert_int_eq(arb_position_play(pos, m), ARB_OK);
	}
	ck_assert_int_eq(arb_chess960_identify(pos, &w, &b, NULL), ARB_OK);
	ck_assert_int_eq(w, 518);
	arb_position_free(pos);
}
END_TEST

static const struct {
	const char *fen, *reason;
} not_start[] = {
	/* a pawn moved */
	{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e2"},
	/* black to move */
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "black to move"},
	/* castling rights missing */
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1", "castling"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "castling"},
	{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFh - 0 1", "castling"},
	/* the standard position with a missing rook */
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1", "a1"},
	/* a third knight instead of a pawn; a black pawn on h3 */
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPNPPP/RNBQKBNR w KQkq - 0 1", "e2"},
	{"rnbqkbnr/ppppppp1/8/8/8/7p/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "h3"},
	/* a missing pawn */
	{"rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "d7"},
	/* the colours swapped */
	{"RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr w - - 0 1", "a1"},
	/* not a Chess960 array */
	{"brbqknnr/pppppppp/8/8/8/8/PPPPPPPP/BRBQKNNR w KQkq - 0 1", "one colour"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BRBQKNNR w KQkq - 0 1", "white array BRBQKNNR"},
	{"brbqknnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "black array BRBQKNNR"},
	{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "a1"},
};

START_TEST(test_identify_rejects)
{
	arb_position *pos = must_parse(not_start[_i].fen, ARB_FEN_CHESS960);
	expect_not_identified(pos, not_start[_i].reason);
	arb_position_free(pos);
}
END_TEST

/* A right with destinations other than the Chess960 ones is not a start
 * position of Chess960. */
START_TEST(test_identify_custom_geometry)
{
	arb_position *pos = arb_position_new();
	arb_castling c;

	ck_assert_int_eq(arb_chess960_position(pos, 518, 518), ARB_OK);
	ck_assert_int_eq(arb_position_castling(pos, ARB_WHITE, ARB_QUEENSIDE, &c), 1);
	c.king_to = SQ("b1");
	c.rook_to = SQ("c1");
	ck_assert_int_eq(arb_position_set_castling(pos, ARB_WHITE, ARB_QUEENSIDE, &c), ARB_OK);
	expect_not_identified(pos, "castling");

	ck_assert_int_eq(arb_chess960_position(pos, 0, 0), ARB_OK);
	ck_assert_int_eq(arb_position_set_castling(pos, ARB_BLACK, ARB_KINGSIDE, NULL), ARB_OK);
	expect_not_identified(pos, "castling");
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * The generator
 * ---------------------------------------------------------------------- */

/* Published SplitMix64 vectors (seed 0 begins 0xE220A8397B1DCDAF). */
START_TEST(test_splitmix64_vectors)
{
	static const uint64_t seed0[] = {0xE220A8397B1DCDAFULL, 0x6E789E6AA1B965F4ULL,
					 0x06C45D188009454FULL};
	static const uint64_t seed1[] = {0x910A2DEC89025CC1ULL, 0xBEEB8DA1658EEC67ULL,
					 0xF893A2EEFB32555EULL};
	arb_rng rng;
	int ok = 0;

	arb_rng_seed(&rng, 0);
	for (int i = 0; i < 3; i++) {
		ck_assert(arb_rng_next(&rng, &ok) == seed0[i]);
		ck_assert_int_eq(ok, 1);
	}
	arb_rng_seed(&rng, 1);
	for (int i = 0; i < 3; i++)
		ck_assert(arb_rng_next(&rng, NULL) == seed1[i]);
}
END_TEST

START_TEST(test_splitmix64_matches_reference)
{
	static const uint64_t seeds[] = {0, 1, 2, 42, 2024, 0x9E3779B97F4A7C15ULL, UINT64_MAX};

	for (int s = 0; s < NROWS(seeds); s++) {
		arb_rng rng;
		uint64_t state = seeds[s];

		arb_rng_seed(&rng, seeds[s]);
		for (int i = 0; i < 1000; i++)
			ck_assert(arb_rng_next(&rng, NULL) == ref_next(&state));
	}
}
END_TEST

START_TEST(test_uniform_matches_reference)
{
	/* 3 * 2^61 rejects a quarter of the outputs. */
	static const long ms[] = {1,        2,       3, 7, 960, 921600, 1L << 31, (1L << 62) + 1,
				  3L << 61, LONG_MAX};

	for (int k = 0; k < NROWS(ms); k++)
		for (uint64_t seed = 0; seed < 20; seed++) {
			arb_rng rng;
			uint64_t state = seed;

			arb_rng_seed(&rng, seed);
			for (int i = 0; i < 50; i++) {
				long got = arb_rng_uniform(&rng, ms[k]);
				ck_assert(got >= 0 && got < ms[k]);
				ck_assert_msg((uint64_t)got == ref_uniform(&state, (uint64_t)ms[k]),
					      "m %ld seed %d draw %d", ms[k], (int)seed, i);
			}
		}
}
END_TEST

/* Seed 5, m = 3 * 2^61: the second SplitMix64 output (0xC097...) is at or
 * above 2^64 - (2^64 mod m) = 0xC000000000000000 and is rejected. */
START_TEST(test_uniform_rejection_vector)
{
	static const long want[] = {0x03033B0CA389C35AL, 0x3B92D3F0106BC147L, 0x196E4EC2DA05B945L,
				    0x301E278FAA015DC5L, 0x016F9630B0074044L};
	arb_rng rng;

	arb_rng_seed(&rng, 5);
	for (int i = 0; i < NROWS(want); i++)
		ck_assert_int_eq(arb_rng_uniform(&rng, 3L << 61), want[i]);
	/* One output per draw for m = 1 (it is never rejected). */
	arb_rng_seed(&rng, 0);
	ck_assert_int_eq(arb_rng_uniform(&rng, 1), 0);
	ck_assert(arb_rng_next(&rng, NULL) == 0x6E789E6AA1B965F4ULL);
}
END_TEST

START_TEST(test_seeded_draw_vectors)
{
	static const int random1[] = {65, 679, 30, 395, 441};
	static const int rounds2024[] = {360, 489, 419, 705, 588, 655, 781, 530};
	static const int twins7[] = {752, 695, 153, 549, 509, 388, 229, 154, 540, 958, 876, 790};
	static const int pairs3[][2] = {{349, 813}, {621, 201}, {750, 129}};
	const int ex518[] = {518};
	int out[12];
	arb_rng rng;

	/* seed 1: five single draws (`arbiter 960 --random --seed 1` is the first) */
	arb_rng_seed(&rng, 1);
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(arb_chess960_random(&rng), random1[i]);

	/* seed 2024: `arbiter 960 --rounds 8 --seed 2024 --exclude 518` */
	arb_rng_seed(&rng, 2024);
	ck_assert_int_eq(arb_chess960_draw(&rng, 8, ex518, 1, 0, out, NULL), ARB_OK);
	for (int i = 0; i < 8; i++)
		ck_assert_int_eq(out[i], rounds2024[i]);

	/* seed 7: `arbiter 960 --rounds 12 --seed 7 --exclude 518 --no-twins` */
	arb_rng_seed(&rng, 7);
	ck_assert_int_eq(arb_chess960_draw(&rng, 12, ex518, 1, 1, out, NULL), ARB_OK);
	for (int i = 0; i < 12; i++)
		ck_assert_int_eq(out[i], twins7[i]);

	/* seed 3: three double-960 pairs, x uniform over 921600, W = x / 960,
	 * B = x % 960 (`arbiter 960 --double --random --seed 3` is the first) */
	arb_rng_seed(&rng, 3);
	for (int i = 0; i < 3; i++) {
		long x = arb_rng_uniform(&rng, PAIRS);
		ck_assert_int_eq(x / 960, pairs3[i][0]);
		ck_assert_int_eq(x % 960, pairs3[i][1]);
	}
}
END_TEST

/* One round without exclusions is the same number as a single draw. */
START_TEST(test_draw_one_round_is_random)
{
	for (uint64_t seed = 0; seed < 100; seed++) {
		arb_rng a, b;
		int out = -1;

		arb_rng_seed(&a, seed);
		arb_rng_seed(&b, seed);
		ck_assert_int_eq(arb_chess960_draw(&a, 1, NULL, 0, 0, &out, NULL), ARB_OK);
		ck_assert_int_eq(out, arb_chess960_random(&b));
	}
}
END_TEST

START_TEST(test_system_source)
{
	arb_rng rng;
	int ok = 0;

	arb_rng_system(&rng);
	uint64_t x = arb_rng_next(&rng, &ok), y;
	ck_assert_int_eq(ok, 1);
	y = arb_rng_next(&rng, &ok);
	ck_assert_int_eq(ok, 1);
	ck_assert(x != y); /* equal with probability 2^-64 */
	for (int i = 0; i < 100; i++) {
		int n = arb_chess960_random(&rng);
		long p = arb_rng_uniform(&rng, PAIRS);
		ck_assert(n >= 0 && n < 960);
		ck_assert(p >= 0 && p < PAIRS);
	}
}
END_TEST

/* ------------------------------------------------------------------------
 * Chi-square
 *
 * 960,000 draws, 1,000 expected per cell, 959 degrees of freedom. The
 * 99.99% critical value is 1130.4895 (computed by chess960_vectors.py from
 * the regularised incomplete gamma function). The seeds are fixed, so the
 * statistics are fixed too; they are checked to the third decimal.
 * ---------------------------------------------------------------------- */

#define CHI2_CRITICAL_959 1130.4895
#define SAMPLE 960000

static double chi_square(const long *counts, int cells, double expected)
{
	double sum = 0;
	for (int i = 0; i < cells; i++)
		sum += (counts[i] - expected) * (counts[i] - expected) / expected;
	return sum;
}

START_TEST(test_chi_square_positions)
{
	static long counts[960];
	arb_rng rng;

	arb_rng_seed(&rng, 42);
	for (int i = 0; i < SAMPLE; i++) {
		int n = arb_chess960_random(&rng);
		ck_assert(n >= 0 && n < 960);
		counts[n]++;
	}
	double chi2 = chi_square(counts, 960, SAMPLE / 960.0);
	ck_assert_msg(chi2 < CHI2_CRITICAL_959, "chi-square %.4f", chi2);
	ck_assert_msg(chi2 > 916.771 && chi2 < 916.773, "chi-square %.4f, documented 916.7720",
		      chi2);
}
END_TEST

START_TEST(test_chi_square_pairs_by_white)
{
	static long counts[960];
	arb_rng rng;

	arb_rng_seed(&rng, 43);
	for (int i = 0; i < SAMPLE; i++) {
		long x = arb_rng_uniform(&rng, PAIRS);
		ck_assert(x >= 0 && x < PAIRS);
		counts[x / 960]++;
	}
	double chi2 = chi_square(counts, 960, SAMPLE / 960.0);
	ck_assert_msg(chi2 < CHI2_CRITICAL_959, "chi-square %.4f", chi2);
	ck_assert_msg(chi2 > 903.021 && chi2 < 903.023, "chi-square %.4f, documented 903.0220",
		      chi2);
}
END_TEST

/* ------------------------------------------------------------------------
 * Tournament draws
 * ---------------------------------------------------------------------- */

START_TEST(test_draw_all_is_permutation)
{
	for (uint64_t seed = 0; seed < 20; seed++) {
		int out[960];
		char seen[960] = {0};
		arb_rng rng;

		arb_rng_seed(&rng, seed);
		ck_assert_int_eq(arb_chess960_draw(&rng, 960, NULL, 0, 0, out, NULL), ARB_OK);
		for (int i = 0; i < 960; i++) {
			ck_assert(out[i] >= 0 && out[i] < 960);
			ck_assert_msg(!seen[out[i]], "seed %d: %d drawn twice", (int)seed, out[i]);
			seen[out[i]] = 1;
		}
	}
}
END_TEST

START_TEST(test_draw_reproducible)
{
	int a[30], b[30];
	const int ex[] = {518, 0, 959};
	arb_rng r1, r2;

	arb_rng_seed(&r1, 99);
	arb_rng_seed(&r2, 99);
	ck_assert_int_eq(arb_chess960_draw(&r1, 30, ex, 3, 1, a, NULL), ARB_OK);
	ck_assert_int_eq(arb_chess960_draw(&r2, 30, ex, 3, 1, b, NULL), ARB_OK);
	ck_assert_int_eq(memcmp(a, b, sizeof a), 0);
}
END_TEST

START_TEST(test_draw_exclusions)
{
	const int ex[] = {518, 0, 959, 5, 5, 440}; /* 5 twice: five numbers */
	int out[960];
	arb_error err;

	for (uint64_t seed = 0; seed < 20; seed++) {
		char seen[960] = {0};
		arb_rng rng;

		arb_rng_seed(&rng, seed);
		ck_assert_int_eq(arb_chess960_draw(&rng, 955, ex, NROWS(ex), 0, out, NULL), ARB_OK);
		for (int i = 0; i < 955; i++) {
			ck_assert(!seen[out[i]]);
			seen[out[i]] = 1;
			for (int k = 0; k < NROWS(ex); k++)
				ck_assert_int_ne(out[i], ex[k]);
		}
	}
	arb_rng rng;
	arb_rng_seed(&rng, 1);
	memset(&err, 0, sizeof err);
	ck_assert_int_eq(arb_chess960_draw(&rng, 956, ex, NROWS(ex), 0, out, &err), ARB_E_ARGUMENT);
	ck_assert_msg(strstr(err.message, "955") != NULL, "%s", err.message);
}
END_TEST

START_TEST(test_draw_no_twins)
{
	int out[481];
	arb_error err;

	for (uint64_t seed = 0; seed < 20; seed++) {
		char seen[960] = {0};
		arb_rng rng;

		/* 480 twin pairs: exactly one of each. */
		arb_rng_seed(&rng, seed);
		ck_assert_int_eq(arb_chess960_draw(&rng, 480, NULL, 0, 1, out, NULL), ARB_OK);
		for (int i = 0; i < 480; i++) {
			ck_assert(!seen[out[i]]);
			ck_assert_msg(!seen[arb_chess960_mirror(out[i])],
				      "seed %d: %d and its twin", (int)seed, out[i]);
			seen[out[i]] = 1;
		}
	}
	arb_rng rng;
	arb_rng_seed(&rng, 3);
	memset(&err, 0, sizeof err);
	ck_assert_int_eq(arb_chess960_draw(&rng, 481, NULL, 0, 1, out, &err), ARB_E_ARGUMENT);
	ck_assert_msg(strstr(err.message, "480") != NULL, "%s", err.message);

	/* Excluding 518 leaves its twin (RNBKQBNR) drawable: still 480 rounds. */
	const int ex[] = {518};
	arb_rng_seed(&rng, 4);
	ck_assert_int_eq(arb_chess960_draw(&rng, 480, ex, 1, 1, out, NULL), ARB_OK);
	for (int i = 0; i < 480; i++)
		ck_assert_int_ne(out[i], 518);
}
END_TEST

START_TEST(test_draw_bad_arguments)
{
	int out[961];
	arb_error err;
	arb_rng rng;
	const int bad_ex[] = {3, 960};
	const int neg_ex[] = {-1};

	arb_rng_seed(&rng, 1);
	memset(&err, 0, sizeof err);
	ck_assert_int_eq(arb_chess960_draw(&rng, 961, NULL, 0, 0, out, &err), ARB_E_ARGUMENT);
	ck_assert_str_ne(err.message, "");
	ck_assert_int_eq(arb_chess960_draw(&rng, 5, bad_ex, 2, 0, out, &err), ARB_E_ARGUMENT);
	ck_assert_msg(strstr(err.message, "960") != NULL, "%s", err.message);
	ck_assert_int_eq(arb_chess960_draw(&rng, 5, neg_ex, 1, 0, out, &err), ARB_E_ARGUMENT);
	/* Zero rounds is a (trivial) draw. */
	ck_assert_int_eq(arb_chess960_draw(&rng, 0, NULL, 0, 0, out, &err), ARB_OK);
}
END_TEST

/* ------------------------------------------------------------------------
 * Double-Chess960 tournament draws
 * ---------------------------------------------------------------------- */

/* Round 1 is the pair one random draw gives: x = uniform(921600). */
START_TEST(test_double_round_one_is_random_pair)
{
	for (uint64_t seed = 0; seed < 100; seed++) {
		arb_rng a, b;
		int w = -1, bl = -1;

		arb_rng_seed(&a, seed);
		arb_rng_seed(&b, seed);
		ck_assert_int_eq(arb_chess960_draw_double(&a, 1, NULL, 0, &w, &bl, NULL), ARB_OK);
		long x = arb_rng_uniform(&b, PAIRS);
		ck_assert_int_eq(w, x / 960);
		ck_assert_int_eq(bl, x % 960);
	}
}
END_TEST

/* `arbiter 960 --double --rounds 3 --seed 3`: the pairs of test_seeded_draw_vectors
 * (no repeat among them); excluding one of round 1's arrays, White's or
 * Black's, moves round 1 on to the next x. */
START_TEST(test_double_vectors)
{
	static const int pairs3[][2] = {{349, 813}, {621, 201}, {750, 129}};
	const int ex_white[] = {349}, ex_black[] = {813};
	int w[3], b[3];
	arb_rng rng;

	arb_rng_seed(&rng, 3);
	ck_assert_int_eq(arb_chess960_draw_double(&rng, 3, NULL, 0, w, b, NULL), ARB_OK);
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(w[i], pairs3[i][0]);
		ck_assert_int_eq(b[i], pairs3[i][1]);
	}
	arb_rng_seed(&rng, 3);
	ck_assert_int_eq(arb_chess960_draw_double(&rng, 2, ex_white, 1, w, b, NULL), ARB_OK);
	ck_assert(w[0] == 621 && b[0] == 201 && w[1] == 750 && b[1] == 129);
	arb_rng_seed(&rng, 3);
	ck_assert_int_eq(arb_chess960_draw_double(&rng, 1, ex_black, 1, w, b, NULL), ARB_OK);
	ck_assert(w[0] == 621 && b[0] == 201);
}
END_TEST

/* The first k rounds do not depend on the number of rounds. */
START_TEST(test_double_prefix)
{
	int w1[40], b1[40], w2[10], b2[10];
	const int ex[] = {518, 0};
	arb_rng r1, r2;

	arb_rng_seed(&r1, 77);
	arb_rng_seed(&r2, 77);
	ck_assert_int_eq(arb_chess960_draw_double(&r1, 40, ex, 2, w1, b1, NULL), ARB_OK);
	ck_assert_int_eq(arb_chess960_draw_double(&r2, 10, ex, 2, w2, b2, NULL), ARB_OK);
	ck_assert_int_eq(memcmp(w1, w2, sizeof w2), 0);
	ck_assert_int_eq(memcmp(b1, b2, sizeof b2), 0);
}
END_TEST

/* Pairs are distinct and neither array is excluded: with two numbers left
 * (958, 959) all four pairs come out in 4 rounds, and a 5th is refused. */
START_TEST(test_double_exclusions_and_distinct)
{
	int ex[959], w[5], b[5];
	arb_error err;
	arb_rng rng;

	for (int i = 0; i < 959; i++)
		ex[i] = i;
	for (uint64_t seed = 0; seed < 5; seed++) {
		int seen[4] = {0};

		arb_rng_seed(&rng, seed);
		ck_assert_int_eq(arb_chess960_draw_double(&rng, 4, ex, 958, w, b, NULL), ARB_OK);
		for (int i = 0; i < 4; i++) {
			ck_assert(w[i] >= 958 && b[i] >= 958);
			int k = (w[i] - 958) * 2 + (b[i] - 958);
			ck_assert_msg(!seen[k], "seed %d: %d-%d twice", (int)seed, w[i], b[i]);
			seen[k] = 1;
		}
	}
	memset(&err, 0, sizeof err);
	ck_assert_int_eq(arb_chess960_draw_double(&rng, 5, ex, 958, w, b, &err), ARB_E_ARGUMENT);
	ck_assert_msg(strstr(err.message, "only 4 pairs") != NULL, "%s", err.message);
	/* One number left: one pair, said in the singular. */
	ck_assert_int_eq(arb_chess960_draw_double(&rng, 2, ex, 959, w, b, &err), ARB_E_ARGUMENT);
	ck_assert_msg(strstr(err.message, "only 1 pair can") != NULL, "%s", err.message);
	ck_assert_int_eq(arb_chess960_draw_double(&rng, 1, ex, 959, w, b, &err), ARB_OK);
	ck_assert(w[0] == 959 && b[0] == 959);
}
END_TEST

/* Many rounds with exclusions: no excluded array, no pair twice. */
START_TEST(test_double_many_rounds)
{
	enum { R = 3000 };
	static int w[R], b[R];
	static unsigned char seen[960 * 960];
	const int ex[] = {518, 0, 959, 5, 5};
	arb_rng rng;

	memset(seen, 0, sizeof seen);
	arb_rng_seed(&rng, 12);
	ck_assert_int_eq(arb_chess960_draw_double(&rng, R, ex, NROWS(ex), w, b, NULL), ARB_OK);
	for (int i = 0; i < R; i++) {
		for (int k = 0; k < NROWS(ex); k++)
			ck_assert(w[i] != ex[k] && b[i] != ex[k]);
		ck_assert(!seen[w[i] * 960 + b[i]]);
		seen[w[i] * 960 + b[i]] = 1;
	}
}
END_TEST

START_TEST(test_double_bad_arguments)
{
	int w[2], b[2];
	const int bad_ex[] = {3, 960}, neg_ex[] = {-1};
	arb_error err;
	arb_rng rng;

	arb_rng_seed(&rng, 1);
	memset(&err, 0, sizeof err);
	ck_assert_int_eq(arb_chess960_draw_double(&rng, 2, bad_ex, 2, w, b, &err), ARB_E_ARGUMENT);
	ck_assert_msg(strstr(err.message, "960 is not in 0..959") != NULL, "%s", err.message);
	ck_assert_int_eq(arb_chess960_draw_double(&rng, 2, neg_ex, 1, w, b, &err), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_chess960_draw_double(&rng, 0, NULL, 0, NULL, NULL, &err), ARB_OK);
}
END_TEST

/* ------------------------------------------------------------------------
 * Runner
 * ---------------------------------------------------------------------- */

static Suite *chess960_suite(void)
{
	Suite *s = suite_create("chess960");
	TCase *tc = tcase_create("numbering");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_facts);
	tcase_add_test(tc, test_roundtrip_all);
	tcase_add_test(tc, test_lower_and_mixed_case);
	tcase_add_test(tc, test_back_rank_out_of_range);
	tcase_add_loop_test(tc, test_malformed_array, 0, NROWS(malformed));
	tcase_add_test(tc, test_mirror_twins);
	suite_add_tcase(s, tc);

	tc = tcase_create("positions");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_all_positions_against_data);
	tcase_add_test(tc, test_double_pairs);
	tcase_add_test(tc, test_position_out_of_range);
	tcase_add_test(tc, test_identify_forms);
	tcase_add_loop_test(tc, test_identify_rejects, 0, NROWS(not_start));
	tcase_add_test(tc, test_identify_custom_geometry);
	suite_add_tcase(s, tc);

	tc = tcase_create("generator");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_splitmix64_vectors);
	tcase_add_test(tc, test_splitmix64_matches_reference);
	tcase_add_test(tc, test_uniform_matches_reference);
	tcase_add_test(tc, test_uniform_rejection_vector);
	tcase_add_test(tc, test_seeded_draw_vectors);
	tcase_add_test(tc, test_draw_one_round_is_random);
	tcase_add_test(tc, test_system_source);
	tcase_add_test(tc, test_chi_square_positions);
	tcase_add_test(tc, test_chi_square_pairs_by_white);
	suite_add_tcase(s, tc);

	tc = tcase_create("tournament");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_draw_all_is_permutation);
	tcase_add_test(tc, test_draw_reproducible);
	tcase_add_test(tc, test_draw_exclusions);
	tcase_add_test(tc, test_draw_no_twins);
	tcase_add_test(tc, test_draw_bad_arguments);
	suite_add_tcase(s, tc);

	tc = tcase_create("double");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_double_round_one_is_random_pair);
	tcase_add_test(tc, test_double_vectors);
	tcase_add_test(tc, test_double_prefix);
	tcase_add_test(tc, test_double_exclusions_and_distinct);
	tcase_add_test(tc, test_double_many_rounds);
	tcase_add_test(tc, test_double_bad_arguments);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : NULL;
	if (tsv_load(dir, "chess960.tsv", &c960) != 0)
		return 2;

	/* Build the library's tables once, before Check forks for each test. */
	arb_position_free(arb_position_new());
	SRunner *sr = srunner_create(chess960_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	tsv_free(&c960);
	return failed == 0 ? 0 : 1;
}
