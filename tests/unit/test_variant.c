/*
 * test_variant.c -- variant scripts (lua/variant.h, variants/NAME.lua).
 *
 * Every shipped script is loaded from the source tree's variants/ (argv[1])
 * and its start position checked against an independent count: the
 * standard perft numbers, the Chess960 perft table tests/data/chess960.tsv
 * (argv[2]) for a seeded draw, and for a double Chess960 pair perft 1 = the
 * White array's perft 1 and perft 2 = the product of both arrays' perft 1
 * (after one move each the two sides cannot yet touch each other). Then the
 * castling rules where they matter (no O-O in nocastle; O-O-O to b1/c1 in
 * longcastle) and the schema errors, each naming the script.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "variant.h"

#define ERRSIZE 512

static const char *variants_dir = "variants";
static const char *chess960_tsv = "tests/data/chess960.tsv";

static arb_variant *load(const char *file)
{
	char path[1024], err[ERRSIZE] = "";
	snprintf(path, sizeof path, "%s/%s", variants_dir, file);
	arb_variant *v = arb_variant_load(path, err, sizeof err);
	ck_assert_msg(v != NULL, "%s: %s", path, err);
	return v;
}

static arb_position *start(const arb_variant *v, uint64_t seed, int seeded)
{
	char err[ERRSIZE] = "";
	arb_position *pos = arb_position_new();
	ck_assert_ptr_nonnull(pos);
	ck_assert_msg(arb_variant_start(v, seed, seeded, pos, err, sizeof err) == ARB_OK, "%s",
		      err);
	ck_assert_int_eq(arb_position_validate(pos, NULL), ARB_OK);
	return pos;
}

static void play(arb_position *pos, const char *moves)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *m = strtok(buf, " "); m != NULL; m = strtok(NULL, " ")) {
		arb_move mv;
		ck_assert_msg(arb_move_from_uci(pos, m, &mv, NULL) == ARB_OK, "move %s", m);
		ck_assert_int_eq(arb_position_play(pos, mv), ARB_OK);
	}
}

/* The castling move of the side to move on `wing`, or ARB_MOVE_NONE. */
static arb_move castling_move(const arb_position *pos, arb_wing wing)
{
	arb_move list[ARB_MAX_MOVES];
	arb_castling c;
	int n = arb_position_legal_moves(pos, list);

	if (!arb_position_castling(pos, arb_position_side_to_move(pos), wing, &c))
		return ARB_MOVE_NONE;
	for (int i = 0; i < n; i++)
		if (ARB_MOVE_KIND(list[i]) == ARB_MOVE_CASTLING &&
		    ARB_MOVE_TO(list[i]) == c.rook_from)
			return list[i];
	return ARB_MOVE_NONE;
}

static const uint64_t standard_perft[] = {20, 400, 8902, 197281};

static void check_standard_perft(arb_position *pos)
{
	for (int d = 1; d <= 4; d++)
		ck_assert_uint_eq(arb_perft(pos, d, 0), standard_perft[d - 1]);
}

/* perft1..4 of Chess960 position n from the reference table. */
static void chess960_reference(int n, uint64_t out[4])
{
	FILE *f = fopen(chess960_tsv, "r");
	char line[1024];
	int found = 0;

	ck_assert_msg(f != NULL, "cannot open %s", chess960_tsv);
	while (!found && fgets(line, sizeof line, f) != NULL) {
		char *tab[10];
		int k = 0;
		tab[k++] = line;
		for (char *p = line; *p && k < 10; p++)
			if (*p == '\t') {
				*p = '\0';
				tab[k++] = p + 1;
			}
		if (k >= 7 && strcmp(tab[0], "id") != 0 && atoi(tab[0]) == n) {
			for (int d = 0; d < 4; d++)
				out[d] = strtoull(tab[3 + d], NULL, 10);
			found = 1;
		}
	}
	fclose(f);
	ck_assert_msg(found, "position %d not in %s", n, chess960_tsv);
}

/* ------------------------------------------------------------------------
 * The shipped scripts
 * ---------------------------------------------------------------------- */

START_TEST(test_standard)
{
	arb_variant *v = load("standard.lua");
	arb_position *pos = start(v, 0, 0);
	char fen[ARB_FEN_MAX];
	arb_move mv;

	ck_assert_str_eq(arb_variant_name(v), "Standard");
	ck_assert_int_eq(arb_variant_pgn_count(v), 1);
	ck_assert_str_eq(arb_variant_pgn(v, 0), "Standard");
	ck_assert_ptr_null(arb_variant_pgn(v, 1));
	ck_assert_int_eq(arb_position_is_chess960(pos), 0);
	arb_position_to_fen(pos, fen, sizeof fen, 0);
	ck_assert_str_eq(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	check_standard_perft(pos);
	/* Standard notation: O-O is written e1g1. */
	play(pos, "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5");
	mv = castling_move(pos, ARB_KINGSIDE);
	ck_assert_int_ne(mv, ARB_MOVE_NONE);
	char uci[8];
	arb_move_to_uci(pos, mv, uci);
	ck_assert_str_eq(uci, "e1g1");
	arb_position_free(pos);
	arb_variant_free(v);
}
END_TEST

START_TEST(test_nocastle)
{
	arb_variant *std = load("standard.lua");
	arb_variant *v = load("nocastle.lua");
	arb_position *pos = start(v, 0, 0);
	arb_position *ref = start(std, 0, 0);
	arb_castling c;
	arb_move mv;

	ck_assert_str_eq(arb_variant_name(v), "No castling");
	for (int side = 0; side < 2; side++)
		for (int w = 0; w < 2; w++)
			ck_assert_int_eq(
				arb_position_castling(pos, (arb_color)side, (arb_wing)w, &c), 0);
	check_standard_perft(pos);

	/* f1 and g1 cleared: O-O is legal in standard chess, not here. */
	play(pos, "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5");
	play(ref, "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5");
	ck_assert_int_ne(castling_move(ref, ARB_KINGSIDE), ARB_MOVE_NONE);
	ck_assert_int_eq(castling_move(pos, ARB_KINGSIDE), ARB_MOVE_NONE);
	ck_assert_int_ne(arb_move_from_uci(pos, "e1g1", &mv, NULL), ARB_OK);
	ck_assert_int_ne(arb_move_from_uci(pos, "e1h1", &mv, NULL), ARB_OK);
	/* Counted by hand (White, standard chess): pawns 11 (a, b, d, g, h two
	 * each, c3), Nb1 2, Nf3 5 (xe5, g5, h4, d4, g1), Bc4 9, Qd1 1 (e2),
	 * Rh1 2, Ke1 2 (e2, f1), O-O 1 = 33. */
	ck_assert_int_eq(arb_position_count_moves(ref), 33);
	ck_assert_int_eq(arb_position_count_moves(pos), arb_position_count_moves(ref) - 1);
	arb_position_free(ref);
	arb_position_free(pos);
	arb_variant_free(std);
	arb_variant_free(v);
}
END_TEST

START_TEST(test_longcastle)
{
	static const char moves[] = "d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7";
	arb_variant *std = load("standard.lua");
	arb_variant *v = load("longcastle.lua");
	arb_position *pos = start(v, 0, 0);
	arb_position *ref = start(std, 0, 0);
	arb_castling c;
	arb_move mv;
	char uci[8];

	ck_assert_str_eq(arb_variant_name(v), "Long castling");
	ck_assert_int_eq(arb_position_castling(pos, ARB_WHITE, ARB_QUEENSIDE, &c), 1);
	ck_assert_int_eq(c.king_to, ARB_SQUARE(1, 0));
	ck_assert_int_eq(c.rook_to, ARB_SQUARE(2, 0));
	ck_assert_int_eq(arb_position_castling(pos, ARB_BLACK, ARB_QUEENSIDE, &c), 1);
	ck_assert_int_eq(c.king_to, ARB_SQUARE(1, 7));
	ck_assert_int_eq(c.rook_to, ARB_SQUARE(2, 7));
	ck_assert_int_eq(arb_position_castling(pos, ARB_BLACK, ARB_KINGSIDE, &c), 1);
	ck_assert_int_eq(c.king_to, ARB_SQUARE(6, 7));
	ck_assert_int_eq(c.rook_to, ARB_SQUARE(5, 7));
	check_standard_perft(pos);

	play(pos, moves);
	play(ref, moves);
	/* Counted by hand (White): pawns 11 (a, b, e, g, h two each, f3),
	 * Nc3 6, Ng1 2, Bf4 7, Qd2 4 (d3, d1, c1, e3), Ra1 3, Ke1 1 (d1),
	 * O-O-O 1 = 35. The long castling replaces the standard one. */
	ck_assert_int_eq(arb_position_count_moves(ref), 35);
	ck_assert_int_eq(arb_position_count_moves(pos), 35);

	mv = castling_move(pos, ARB_QUEENSIDE);
	ck_assert_int_ne(mv, ARB_MOVE_NONE);
	arb_move_to_uci(pos, mv, uci);
	ck_assert_str_eq(uci, "e1a1");
	arb_move parsed;
	ck_assert_int_eq(arb_move_from_uci(pos, "e1a1", &parsed, NULL), ARB_OK);
	ck_assert_int_eq(parsed, mv);
	ck_assert_int_eq(arb_position_play(pos, mv), ARB_OK);
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(1, 0)),
			 ARB_PIECE(ARB_WHITE, ARB_KING));
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(2, 0)),
			 ARB_PIECE(ARB_WHITE, ARB_ROOK));
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(0, 0)), ARB_EMPTY);
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(3, 0)), ARB_EMPTY);
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(4, 0)), ARB_EMPTY);
	ck_assert_int_eq(arb_position_validate(pos, NULL), ARB_OK);

	/* Black the same, mirrored: ... O-O-O puts the king on b8, rook on c8. */
	mv = castling_move(pos, ARB_QUEENSIDE);
	ck_assert_int_ne(mv, ARB_MOVE_NONE);
	ck_assert_int_eq(arb_position_play(pos, mv), ARB_OK);
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(1, 7)),
			 ARB_PIECE(ARB_BLACK, ARB_KING));
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(2, 7)),
			 ARB_PIECE(ARB_BLACK, ARB_ROOK));
	arb_position_free(ref);
	arb_position_free(pos);
	arb_variant_free(std);
	arb_variant_free(v);
}
END_TEST

START_TEST(test_chess960)
{
	static const uint64_t seeds[] = {1, 42, 20240601};
	arb_variant *v = load("chess960.lua");

	ck_assert_str_eq(arb_variant_name(v), "Chess960");
	ck_assert_int_eq(arb_variant_pgn_count(v), 3);
	ck_assert_str_eq(arb_variant_pgn(v, 0), "Chess960");
	for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
		arb_position *pos = start(v, seeds[i], 1);
		arb_position *ref = arb_position_new();
		arb_rng rng;
		char a[ARB_FEN_MAX], b[ARB_FEN_MAX];
		uint64_t perft[4];
		int n, w, bl;

		arb_rng_seed(&rng, seeds[i]);
		n = arb_chess960_random(&rng);
		ck_assert_int_ge(n, 0);
		ck_assert_int_eq(arb_chess960_position(ref, n, n), ARB_OK);
		arb_position_to_fen(pos, a, sizeof a, ARB_FEN_SHREDDER);
		arb_position_to_fen(ref, b, sizeof b, ARB_FEN_SHREDDER);
		ck_assert_str_eq(a, b);
		ck_assert_int_eq(arb_chess960_identify(pos, &w, &bl, NULL), ARB_OK);
		ck_assert_int_eq(w, n);
		ck_assert_int_eq(bl, n);
		ck_assert_int_eq(arb_position_is_chess960(pos), n != 518);
		chess960_reference(n, perft);
		for (int d = 1; d <= 4; d++)
			ck_assert_uint_eq(arb_perft(pos, d, 0), perft[d - 1]);
		arb_position_free(ref);
		arb_position_free(pos);
	}
	/* Unseeded draws work too (system entropy). */
	arb_position_free(start(v, 0, 0));
	arb_variant_free(v);
}
END_TEST

START_TEST(test_double960)
{
	arb_variant *v = load("double960.lua");
	arb_position *pos = start(v, 7, 1);
	arb_rng rng;
	uint64_t pw[4], pb[4];
	int w, b, gw, gb;

	ck_assert_str_eq(arb_variant_name(v), "Double Chess960");
	ck_assert_int_eq(arb_variant_pgn_count(v), 1);
	arb_rng_seed(&rng, 7);
	w = arb_chess960_random(&rng);
	b = arb_chess960_random(&rng);
	ck_assert_int_eq(arb_chess960_identify(pos, &gw, &gb, NULL), ARB_OK);
	ck_assert_int_eq(gw, w);
	ck_assert_int_eq(gb, b);
	chess960_reference(w, pw);
	chess960_reference(b, pb);
	ck_assert_uint_eq(arb_perft(pos, 1, 0), pw[0]);
	ck_assert_uint_eq(arb_perft(pos, 2, 0), pw[0] * pb[0]);
	arb_position_free(pos);
	arb_variant_free(v);

	/* An explicit pair. */
	static const char pair[] = "return { name = 'pair', start = { double960 = {100, 200} } }";
	char err[ERRSIZE] = "";
	v = arb_variant_load_text("pair.lua", pair, strlen(pair), err, sizeof err);
	ck_assert_msg(v != NULL, "%s", err);
	pos = start(v, 0, 0);
	ck_assert_int_eq(arb_chess960_identify(pos, &gw, &gb, NULL), ARB_OK);
	ck_assert_int_eq(gw, 100);
	ck_assert_int_eq(gb, 200);
	ck_assert_int_eq(arb_variant_pgn_count(v), 0);
	ck_assert_int_eq(arb_position_is_chess960(pos), 1);
	chess960_reference(100, pw);
	chess960_reference(200, pb);
	ck_assert_uint_eq(arb_perft(pos, 2, 0), pw[0] * pb[0]);
	arb_position_free(pos);
	arb_variant_free(v);
}
END_TEST

/* ------------------------------------------------------------------------
 * Errors
 * ---------------------------------------------------------------------- */

/* Loading `text` as "bad.lua" fails with a message holding every one of
 * the NULL-terminated fragments. */
static void fails(const char *text, ...)
{
	char err[ERRSIZE] = "";
	arb_variant *v = arb_variant_load_text("bad.lua", text, strlen(text), err, sizeof err);
	va_list ap;

	ck_assert_msg(v == NULL, "loaded: %s", text);
	if (getenv("VARIANT_SHOW_ERRORS"))
		printf("%s\n", err);
	ck_assert_msg(strncmp(err, "bad.lua:", 8) == 0, "message '%s' does not name the script",
		      err);
	va_start(ap, text);
	for (const char *frag; (frag = va_arg(ap, const char *)) != NULL;)
		ck_assert_msg(strstr(err, frag) != NULL, "message '%s' lacks '%s'", err, frag);
	va_end(ap);
}

#define S "start = { chess960 = 518 }"

START_TEST(test_errors)
{
	fails("return 42", "must return a table", "got a number", NULL);
	fails("return", "must return a table", "got nil", NULL);
	fails("return { " S " }", "'name'", "missing", NULL);
	fails("return { name = 7, " S " }", "'name'", "string", NULL);
	fails("return { name = 'x', colour = 'red', " S " }", "'colour'", "unknown field", NULL);
	fails("return { name = 'x', start = { chess960 = 1, fen = 'x' } }", "'start'",
	      "exactly one", "fen and chess960", NULL);
	fails("return { name = 'x', start = {} }", "'start'", "exactly one", NULL);
	fails("return { name = 'x' }", "'start'", NULL);
	fails("return { name = 'x', start = { chess960 = 960 } }", "'start.chess960'", "0..959",
	      "960", NULL);
	fails("return { name = 'x', start = { chess960 = 1.5 } }", "'start.chess960'", NULL);
	fails("return { name = 'x', start = { random = false } }", "'start.random'", NULL);
	fails("return { name = 'x', start = { double960 = {1} } }", "'start.double960'", NULL);
	fails("return { name = 'x', start = { fen = 'not a fen' } }", "'start.fen'", NULL);
	fails("return { name = 'x', start = { chess960 = 518, seed = 3 } }", "'start.seed'",
	      "unknown field", NULL);
	fails("return { name = 'x', pgn_variant = { 'a', 3 }, " S " }", "'pgn_variant[2]'", NULL);
	fails("return { name = 'x', castling = 'sometimes', " S " }", "'castling'", NULL);
	fails("return { name = 'x', notation = 'shredder', " S " }", "'notation'", NULL);
	fails("return { name = 'x', " S ", castling = { queenside = { king_to = 'b9', "
	      "rook_to = 'c1' } } }",
	      "'castling.queenside.king_to'", "\"b9\"", NULL);
	fails("return { name = 'x', " S ", castling = { queenside = { king_to = 'b2', "
	      "rook_to = 'c1' } } }",
	      "'castling.queenside.king_to'", "first rank", NULL);
	fails("return { name = 'x', " S ", castling = { queenside = { king_to = 'b1' } } }",
	      "'castling.queenside.rook_to'", "missing", NULL);
	fails("return { name = 'x', " S ", castling = { kingside = { king_to = 'g1', "
	      "rook_to = 'f1', via = 'e1' } } }",
	      "'castling.kingside.via'", "unknown field", NULL);
	/* A geometry the library refuses: both wings send the king to g1. */
	fails("return { name = 'x', " S ", castling = { queenside = { king_to = 'g1', "
	      "rook_to = 'f1' } } }",
	      "'castling.queenside'", "refuses", NULL);
	/* ... and one that fails only for some random arrays is found at load. */
	fails("return { name = 'x', start = { random = true }, castling = { kingside = "
	      "{ king_to = 'g1', rook_to = 'h1' } } }",
	      "'castling.kingside'", "refuses", "array 0", NULL);
	/* Sandbox errors: syntax, runtime, a runaway script, no io. */
	fails("return {", "bad.lua:", NULL);
	fails("error('nope')", "nope", NULL);
	fails("while true do end return {}", "instruction limit", NULL);
	fails("return { name = io.read() }", "io", NULL);
}
END_TEST

START_TEST(test_missing_file)
{
	char err[ERRSIZE] = "";
	ck_assert_ptr_null(arb_variant_load("/nonexistent/x.lua", err, sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "/nonexistent/x.lua"));
	arb_variant_free(NULL);
}
END_TEST

static Suite *variant_suite(void)
{
	Suite *s = suite_create("variant");
	TCase *tc = tcase_create("scripts");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_standard);
	tcase_add_test(tc, test_nocastle);
	tcase_add_test(tc, test_longcastle);
	tcase_add_test(tc, test_chess960);
	tcase_add_test(tc, test_double960);
	suite_add_tcase(s, tc);
	tc = tcase_create("errors");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_missing_file);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		variants_dir = argv[1];
	if (argc > 2)
		chess960_tsv = argv[2];
	SRunner *sr = srunner_create(variant_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
