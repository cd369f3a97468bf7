/*
 * test_uci.c -- UCI move notation in standard and Chess960 mode.
 *
 * Standard mode prints castling as the king's move (e1g1), Chess960 mode as
 * king takes own rook (e1h1); input accepts both where unambiguous. Also
 * promotions, the null move, syntax and legality errors, and a round trip
 * (print, then parse) of every legal move in every position up to two plies
 * from each position of tests/data/tricky.tsv, in both modes; up to one ply,
 * every from-to text and every move code between two squares is also read
 * and tested for legality, and only the legal moves may pass.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arbiter.h"
#include "testutil.h"

#define SQ(name) ARB_SQUARE((name)[0] - 'a', (name)[1] - '1')
#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static arb_position *must_parse(const char *fen, unsigned flags)
{
	arb_position *pos = arb_position_new();
	arb_error err;

	ck_assert_ptr_nonnull(pos);
	arb_status st = arb_position_set_fen(pos, fen, flags, &err);
	ck_assert_msg(st == ARB_OK, "\"%s\": %s: %s", fen, arb_status_name(st), err.message);
	return pos;
}

static arb_move parse_ok(const arb_position *pos, const char *uci)
{
	arb_move m = ARB_MOVE_NONE;
	arb_error err;

	memset(&err, 0x55, sizeof err);
	arb_status st = arb_move_from_uci(pos, uci, &m, &err);
	ck_assert_msg(st == ARB_OK, "\"%s\": %s: %s", uci, arb_status_name(st), err.message);
	ck_assert_int_eq(err.code, ARB_OK);
	ck_assert_int_eq(arb_move_from_uci(pos, uci, &m, NULL), ARB_OK);
	return m;
}

static void parse_fails(const arb_position *pos, const char *uci, arb_status code)
{
	arb_move m = ARB_MOVE_NONE;
	arb_error err;

	memset(&err, 0x55, sizeof err);
	arb_status st = arb_move_from_uci(pos, uci, &m, &err);
	ck_assert_msg(st == code, "\"%s\": got %s, expected %s", uci, arb_status_name(st),
		      arb_status_name(code));
	ck_assert_int_eq(err.code, code);
	ck_assert_msg(memchr(err.message, '\0', sizeof err.message) != NULL,
		      "\"%s\": message not terminated", uci);
	ck_assert_msg(err.message[0] != '\0', "\"%s\": empty message", uci);
	ck_assert_int_eq(arb_move_from_uci(pos, uci, &m, NULL), code);
}

static const char *uci_of(const arb_position *pos, arb_move m, char *buf)
{
	size_t len = arb_move_to_uci(pos, m, buf);
	ck_assert_uint_eq(len, strlen(buf));
	return buf;
}

/* ------------------------------------------------------------------------ */

START_TEST(test_ordinary_moves)
{
	char buf[8];
	arb_position *pos = arb_position_new();

	arb_move m = parse_ok(pos, "e2e4");
	ck_assert_int_eq(ARB_MOVE_FROM(m), SQ("e2"));
	ck_assert_int_eq(ARB_MOVE_TO(m), SQ("e4"));
	ck_assert_int_eq(ARB_MOVE_KIND(m), ARB_MOVE_NORMAL);
	ck_assert_str_eq(uci_of(pos, m, buf), "e2e4");
	m = parse_ok(pos, "g1f3");
	ck_assert_str_eq(uci_of(pos, m, buf), "g1f3");
	ck_assert_int_eq(ARB_MOVE_FROM(m), SQ("g1"));
	arb_position_free(pos);
}
END_TEST

START_TEST(test_castling_standard_mode)
{
	static const char *fens[] = {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
				     "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"};
	static const char *forms[2][4][2] = {
		{{"e1g1", "e1h1"}, {"e1c1", "e1a1"}},
		{{"e8g8", "e8h8"}, {"e8c8", "e8a8"}},
	};
	char buf[8];

	for (int c = 0; c < 2; c++) {
		arb_position *pos = must_parse(fens[c], ARB_FEN_AUTO);
		ck_assert_int_eq(arb_position_is_chess960(pos), 0);
		for (int w = 0; w < 2; w++) {
			const char *king = forms[c][w][0], *rook = forms[c][w][1];
			arb_move m = parse_ok(pos, king);
			ck_assert_int_eq(ARB_MOVE_KIND(m), ARB_MOVE_CASTLING);
			ck_assert_int_eq(ARB_MOVE_TO(m), SQ(rook + 2));
			ck_assert_int_eq(parse_ok(pos, rook), m);
			ck_assert_str_eq(uci_of(pos, m, buf), king);
		}
		arb_position_free(pos);
	}
}
END_TEST

START_TEST(test_castling_chess960_mode)
{
	char buf[8];
	arb_position *pos = must_parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ARB_FEN_CHESS960);

	ck_assert_int_eq(arb_position_is_chess960(pos), 1);
	arb_move oo = parse_ok(pos, "e1h1"), ooo = parse_ok(pos, "e1a1");
	ck_assert_int_eq(ARB_MOVE_KIND(oo), ARB_MOVE_CASTLING);
	ck_assert_int_eq(ARB_MOVE_KIND(ooo), ARB_MOVE_CASTLING);
	ck_assert_int_eq(parse_ok(pos, "e1g1"), oo);
	ck_assert_int_eq(parse_ok(pos, "e1c1"), ooo);
	ck_assert_str_eq(uci_of(pos, oo, buf), "e1h1");
	ck_assert_str_eq(uci_of(pos, ooo, buf), "e1a1");

	/* The mode switch changes only the printing. */
	arb_position_set_chess960(pos, 0);
	ck_assert_str_eq(uci_of(pos, oo, buf), "e1g1");
	ck_assert_str_eq(uci_of(pos, ooo, buf), "e1c1");
	arb_position_set_chess960(pos, 1);
	ck_assert_str_eq(uci_of(pos, oo, buf), "e1h1");
	arb_position_free(pos);

	/* The standard start position in Chess960 mode. */
	pos = must_parse(START_FEN, ARB_FEN_CHESS960);
	parse_fails(pos, "e1h1", ARB_E_MOVE_ILLEGAL);
	parse_fails(pos, "e1g1", ARB_E_MOVE_ILLEGAL);
	arb_position_free(pos);
}
END_TEST

/*
 * King b1, rooks a1 and g1: b1c1 is an ordinary king move, so it is not read
 * as O-O-O (only b1a1 is); b1g1 is king onto rook and also the king's
 * destination, which no ordinary move can be.
 */
START_TEST(test_castling_ambiguity)
{
	char buf[8];
	arb_position *pos =
		must_parse("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1", ARB_FEN_CHESS960);

	arb_move ooo = parse_ok(pos, "b1a1");
	ck_assert_int_eq(ARB_MOVE_KIND(ooo), ARB_MOVE_CASTLING);
	ck_assert_int_eq(ARB_MOVE_TO(ooo), SQ("a1"));
	arb_move kc1 = parse_ok(pos, "b1c1");
	ck_assert_int_eq(ARB_MOVE_KIND(kc1), ARB_MOVE_NORMAL);
	ck_assert_int_eq(ARB_MOVE_TO(kc1), SQ("c1"));
	arb_move oo = parse_ok(pos, "b1g1");
	ck_assert_int_eq(ARB_MOVE_KIND(oo), ARB_MOVE_CASTLING);
	ck_assert_int_eq(ARB_MOVE_TO(oo), SQ("g1"));
	ck_assert_str_eq(uci_of(pos, ooo, buf), "b1a1");
	ck_assert_str_eq(uci_of(pos, oo, buf), "b1g1");
	ck_assert_str_eq(uci_of(pos, kc1, buf), "b1c1");
	arb_position_free(pos);

	/* King g1 with rook h1: O-O leaves the king on g1. */
	pos = must_parse("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1", ARB_FEN_CHESS960);
	oo = parse_ok(pos, "g1h1");
	ck_assert_int_eq(ARB_MOVE_KIND(oo), ARB_MOVE_CASTLING);
	ck_assert_str_eq(uci_of(pos, oo, buf), "g1h1");
	ooo = parse_ok(pos, "g1b1");
	ck_assert_int_eq(ARB_MOVE_KIND(ooo), ARB_MOVE_CASTLING);
	ck_assert_int_eq(parse_ok(pos, "g1c1"), ooo);
	/* f1 is an ordinary king move, not a castling */
	ck_assert_int_eq(ARB_MOVE_KIND(parse_ok(pos, "g1f1")), ARB_MOVE_NORMAL);
	arb_position_free(pos);
}
END_TEST

START_TEST(test_promotions)
{
	static const struct {
		const char *uci;
		arb_piece_type type;
	} t[] = {
		{"e7e8q", ARB_QUEEN},
		{"e7e8r", ARB_ROOK},
		{"e7e8b", ARB_BISHOP},
		{"e7e8n", ARB_KNIGHT},
	};
	char buf[8];
	arb_position *pos = must_parse("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", 0);

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		arb_move m = parse_ok(pos, t[i].uci);
		ck_assert_int_eq(ARB_MOVE_KIND(m), ARB_MOVE_PROMOTION);
		ck_assert_int_eq(ARB_MOVE_PROMOTION_TYPE(m), t[i].type);
		ck_assert_int_eq(ARB_MOVE_FROM(m), SQ("e7"));
		ck_assert_int_eq(ARB_MOVE_TO(m), SQ("e8"));
		ck_assert_str_eq(uci_of(pos, m, buf), t[i].uci);
	}
	/* A promotion needs its letter; a king or pawn is no promotion. */
	parse_fails(pos, "e7e8", ARB_E_MOVE_ILLEGAL);
	{
		arb_move m;
		ck_assert_int_ne(arb_move_from_uci(pos, "e7e8k", &m, NULL), ARB_OK);
		ck_assert_int_ne(arb_move_from_uci(pos, "e7e8p", &m, NULL), ARB_OK);
		/* Upper case: either read as the queen or refused, never another move. */
		arb_status st = arb_move_from_uci(pos, "e7e8Q", &m, NULL);
		if (st == ARB_OK)
			ck_assert_int_eq(m, parse_ok(pos, "e7e8q"));
		else
			ck_assert_int_eq(st, ARB_E_MOVE_SYNTAX);
	}
	/* A letter on a move that is not a promotion. */
	parse_fails(pos, "e1e2q", ARB_E_MOVE_ILLEGAL);
	arb_position_free(pos);

	/* Capturing promotion, and black's promotion. */
	pos = must_parse("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", 0);
	arb_move m = parse_ok(pos, "e7d8n");
	ck_assert_int_eq(ARB_MOVE_KIND(m), ARB_MOVE_PROMOTION);
	ck_assert_int_eq(ARB_MOVE_PROMOTION_TYPE(m), ARB_KNIGHT);
	ck_assert_str_eq(uci_of(pos, m, buf), "e7d8n");
	arb_position_free(pos);
	pos = must_parse("4k3/8/8/8/8/8/1p6/4K3 b - - 0 1", 0);
	m = parse_ok(pos, "b2b1q");
	ck_assert_int_eq(ARB_MOVE_PROMOTION_TYPE(m), ARB_QUEEN);
	ck_assert_str_eq(uci_of(pos, m, buf), "b2b1q");
	parse_fails(pos, "b2b1", ARB_E_MOVE_ILLEGAL);
	arb_position_free(pos);
}
END_TEST

START_TEST(test_null_move)
{
	char buf[8];
	arb_position *pos = arb_position_new();
	arb_move m = parse_ok(pos, "0000");

	ck_assert_int_eq(m, ARB_MOVE_NULL);
	ck_assert_str_eq(uci_of(pos, ARB_MOVE_NULL, buf), "0000");
	arb_position_free(pos);
}
END_TEST

START_TEST(test_syntax_errors)
{
	static const char *t[] = {
		"",     "e",     "e2",    "e2e",   "e2e9",   "e2e4x",
		"z1a1", "e0e1",  "i2i4",  "e2-e4", "e2e4qq", "00000",
		"000",  "e2 e4", "e2e4e", "O-O",   "Nf3",    "\xff\xfe\xfd\xfc",
	};
	arb_position *pos = arb_position_new();

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		parse_fails(pos, t[i], ARB_E_MOVE_SYNTAX);
	arb_position_free(pos);
}
END_TEST

START_TEST(test_illegal_moves)
{
	static const char *t[] = {
		"e2e5",  /* too far */
		"e1e2",  /* onto an own piece */
		"e7e5",  /* the opponent's piece */
		"a3a4",  /* an empty square */
		"e2e4q", /* a promotion letter on an ordinary move */
		"e1g1",  /* castling through pieces */
		"e1h1",  /* castling through pieces */
		"e1c1",  /* castling through pieces */
		"g1g3",  /* not a knight move */
		"a1a1",  /* no move at all */
	};
	arb_position *pos = arb_position_new();

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		parse_fails(pos, t[i], ARB_E_MOVE_ILLEGAL);
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * Round trip of every legal move, two plies deep from each tricky position
 * ---------------------------------------------------------------------- */

static tsv_file tricky;
static long checked, failures;

/* The legal moves of pos into moves and their UCI texts into text; their number. */
static int legal_texts(const arb_position *pos, arb_move *moves, char (*text)[8])
{
	int n = arb_position_legal_moves(pos, moves);

	for (int i = 0; i < n; i++)
		uci_of(pos, moves[i], text[i]);
	return n;
}

/*
 * Every move must round-trip, in both modes, and no two moves of a position may
 * print alike. (Standard mode writes a castling whose king moves less than two
 * files king onto rook, so king-destination strings never collide with an
 * ordinary king move.)
 */
static void roundtrip_node(const arb_position *pos, const char *name)
{
	arb_move moves[ARB_MAX_MOVES];
	char text[ARB_MAX_MOVES][8];
	int n = legal_texts(pos, moves, text);
	for (int i = 0; i < n; i++) {
		char fen[ARB_FEN_MAX];
		arb_move back = ARB_MOVE_NONE;
		arb_error err;
		int dup = 0;

		for (int j = 0; j < i; j++)
			if (strcmp(text[i], text[j]) == 0)
				dup = 1;
		arb_status st = arb_move_from_uci(pos, text[i], &back, &err);
		checked++;
		if (!dup && st == ARB_OK && back == moves[i])
			continue;
		arb_position_to_fen(pos, fen, sizeof fen, ARB_FEN_SHREDDER);
		if (++failures <= 10)
			printf("FAIL %s: \"%s\" (chess960 %d): move %d (kind %d) printed as %s%s "
			       "reads back as %s, move %d (%s)\n",
			       name, fen, arb_position_is_chess960(pos), (int)moves[i],
			       (int)ARB_MOVE_KIND(moves[i]), text[i],
			       dup ? " (as another move is)" : "", arb_status_name(st), (int)back,
			       st == ARB_OK ? "" : err.message);
	}
}

/*
 * And nothing else reads or passes: every from-to text (a promotion letter
 * added on the last ranks) reads as a move only if it is one of the legal
 * moves' texts, and every move code of every kind between any two squares is
 * legal only if it is in the list (both look only at the moving piece's
 * moves onto the square, so a pinned or blocked piece is the case to catch).
 */
static void reject_node(const arb_position *pos, const char *name)
{
	arb_move moves[ARB_MAX_MOVES];
	char text[ARB_MAX_MOVES][8];
	int n = legal_texts(pos, moves, text);
	for (int from = 0; from < 64; from++) {
		for (int to = 0; to < 64; to++) {
			char t[8] = {(char)('a' + ARB_FILE(from)),
				     (char)('1' + ARB_RANK(from)),
				     (char)('a' + ARB_FILE(to)),
				     (char)('1' + ARB_RANK(to)),
				     0,
				     0};
			int last = ARB_RANK(to) == 0 || ARB_RANK(to) == 7;
			for (int k = 0; k < (last ? 2 : 1); k++) {
				t[4] = k ? 'q' : 0;
				int listed = 0, legal = 0;
				for (int i = 0; i < n && !listed; i++)
					listed = strcmp(t, text[i]) == 0;
				arb_move back = ARB_MOVE_NONE;
				int ok = arb_move_from_uci(pos, t, &back, NULL) == ARB_OK;
				for (int i = 0; i < n && ok && !legal; i++)
					legal = moves[i] == back;
				/* A castling also reads in its other form (king onto its
				 * destination, or onto its rook). */
				int other_form =
					ok && legal && ARB_MOVE_KIND(back) == ARB_MOVE_CASTLING;
				checked++;
				if (((listed && !ok) || (ok && !legal) ||
				     (ok && !listed && !other_form)) &&
				    ++failures <= 10)
					printf("FAIL %s: %s reads %s, listed %d\n", name, t,
					       ok ? "as a move" : "as no move", listed);
			}
			for (int kind = 0; kind < 4; kind++) {
				int promo = kind == ARB_MOVE_PROMOTION ? ARB_QUEEN : ARB_KNIGHT;
				arb_move m = ARB_MAKE_MOVE(from, to, kind, promo);
				int listed = 0;
				for (int i = 0; i < n && !listed; i++)
					listed = moves[i] == m;
				checked++;
				if (arb_position_is_legal(pos, m) != listed && ++failures <= 10)
					printf("FAIL %s: move %d (kind %d) legal %d, listed %d\n",
					       name, (int)m, kind, !listed, listed);
			}
		}
	}
}

static void roundtrip_tree(arb_position *pos, int depth, const char *name)
{
	roundtrip_node(pos, name);
	if (depth >= 1)
		reject_node(pos, name);
	if (depth == 0)
		return;
	arb_move moves[ARB_MAX_MOVES];
	int n = arb_position_legal_moves(pos, moves);
	for (int i = 0; i < n; i++) {
		arb_undo u;
		arb_position_do_move(pos, moves[i], &u);
		roundtrip_tree(pos, depth - 1, name);
		arb_position_undo_move(pos, moves[i], &u);
	}
}

START_TEST(test_roundtrip_tricky)
{
	int cname = tsv_column(&tricky, "name"), cfen = tsv_column(&tricky, "fen");

	ck_assert(cname >= 0 && cfen >= 0);
	ck_assert_int_gt(tricky.nrows, 0);
	checked = failures = 0;
	for (int r = 0; r < tricky.nrows; r++) {
		const char *name = tsv_get(&tricky.rows[r], cname);
		const char *fen = tsv_get(&tricky.rows[r], cfen);
		int standard_game = strncmp(name, "c960", 4) != 0;

		arb_position *pos = must_parse(fen, ARB_FEN_CHESS960);
		roundtrip_tree(pos, 2, name);
		arb_position_set_chess960(pos, 0);
		roundtrip_tree(pos, 2, name);
		arb_position_free(pos);

		pos = must_parse(fen, ARB_FEN_AUTO);
		ck_assert_int_eq(arb_position_is_chess960(pos), !standard_game);
		roundtrip_tree(pos, 1, name);
		arb_position_free(pos);
	}
	printf("uci round trip: %ld moves checked, %ld failed\n", checked, failures);
	fflush(stdout);
	ck_assert_int_gt(checked, 100000);
	ck_assert_msg(failures == 0, "%ld moves do not read back (the first 10 are listed)",
		      failures);
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *uci_suite(void)
{
	Suite *s = suite_create("uci");
	TCase *tc = tcase_create("notation");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_ordinary_moves);
	tcase_add_test(tc, test_castling_standard_mode);
	tcase_add_test(tc, test_castling_chess960_mode);
	tcase_add_test(tc, test_castling_ambiguity);
	tcase_add_test(tc, test_promotions);
	tcase_add_test(tc, test_null_move);
	tcase_add_test(tc, test_syntax_errors);
	tcase_add_test(tc, test_illegal_moves);
	suite_add_tcase(s, tc);

	tc = tcase_create("roundtrip");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_roundtrip_tricky);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	if (tsv_load(argc > 1 ? argv[1] : NULL, "tricky.tsv", &tricky) != 0)
		return 2;
	/* Build the library's tables once, before Check forks for each test. */
	arb_position_free(arb_position_new());
	SRunner *sr = srunner_create(uci_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	tsv_free(&tricky);
	return failed == 0 ? 0 : 1;
}
