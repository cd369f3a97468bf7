/*
 * test_castling.c -- castling and en passant, row by row from the "Castling
 * and e.p. facts" table of the perft reference data (perft/README.md), plus
 * castling rights with an explicit, non-standard geometry
 * (arb_position_set_castling).
 *
 * SAN is not tested here: where the table names a SAN move, the test checks
 * the move itself (its kind, where the pieces land, whether it gives check).
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arbiter.h"

#define SQ(name) ARB_SQUARE((name)[0] - 'a', (name)[1] - '1')

/* ------------------------------------------------------------------------
 * Helpers
 * ---------------------------------------------------------------------- */

static arb_position *must_parse(const char *fen, unsigned flags)
{
	arb_position *pos = arb_position_new();
	arb_error err;

	ck_assert_ptr_nonnull(pos);
	arb_status st = arb_position_set_fen(pos, fen, flags, &err);
	ck_assert_msg(st == ARB_OK, "\"%s\" (flags %u): %s: %s", fen, flags, arb_status_name(st),
		      err.message);
	return pos;
}

static const char *fen_of(const arb_position *pos, unsigned flags, char *buf)
{
	arb_position_to_fen(pos, buf, ARB_FEN_MAX, flags);
	return buf;
}

static arb_move parse_uci(const arb_position *pos, const char *uci)
{
	arb_move m = ARB_MOVE_NONE;
	arb_error err;
	arb_status st = arb_move_from_uci(pos, uci, &m, &err);
	ck_assert_msg(st == ARB_OK, "%s: %s: %s", uci, arb_status_name(st), err.message);
	return m;
}

static void expect_illegal(const arb_position *pos, const char *uci)
{
	arb_move m = ARB_MOVE_NONE;
	arb_error err;
	arb_status st = arb_move_from_uci(pos, uci, &m, &err);
	ck_assert_msg(st == ARB_E_MOVE_ILLEGAL, "%s: got %s, expected ARB_E_MOVE_ILLEGAL", uci,
		      arb_status_name(st));
	ck_assert_msg(err.message[0] != '\0', "%s: empty message", uci);
}

static void play(arb_position *pos, arb_move m)
{
	ck_assert_int_eq(arb_position_play(pos, m), ARB_OK);
	ck_assert_int_eq(arb_position_validate(pos, NULL), ARB_OK);
}

static int count_kind(const arb_position *pos, arb_move_kind kind)
{
	arb_move moves[ARB_MAX_MOVES];
	int n = arb_position_legal_moves(pos, moves), count = 0;
	for (int i = 0; i < n; i++)
		if (ARB_MOVE_KIND(moves[i]) == kind)
			count++;
	return count;
}

static int in_list(const arb_position *pos, arb_move m)
{
	arb_move moves[ARB_MAX_MOVES];
	int n = arb_position_legal_moves(pos, moves);
	for (int i = 0; i < n; i++)
		if (moves[i] == m)
			return 1;
	return 0;
}

static void check_perft(arb_position *pos, const uint64_t *expect, int depths)
{
	for (int d = 1; d <= depths; d++) {
		uint64_t got = arb_perft(pos, d, 0);
		ck_assert_msg(got == expect[d - 1], "perft(%d) = %llu, expected %llu", d,
			      (unsigned long long)got, (unsigned long long)expect[d - 1]);
	}
}

static void check_right(const arb_position *pos, arb_color c, arb_wing w, const char *kf,
			const char *rf, const char *kt, const char *rt)
{
	arb_castling cs;
	ck_assert_msg(arb_position_castling(pos, c, w, &cs) == 1, "no right for %d/%d", c, w);
	ck_assert_int_eq(cs.king_from, SQ(kf));
	ck_assert_int_eq(cs.rook_from, SQ(rf));
	ck_assert_int_eq(cs.king_to, SQ(kt));
	ck_assert_int_eq(cs.rook_to, SQ(rt));
}

/* ------------------------------------------------------------------------
 * The facts table
 * ---------------------------------------------------------------------- */

/* 3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1: O-O is f1->g1 with the rook g1->f1;
 * then black O-O-O puts the king on c8 and the rook stays on d8. */
START_TEST(test_king_lands_on_rook_square)
{
	char buf[ARB_FEN_MAX];
	arb_position *pos = must_parse("3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1", ARB_FEN_CHESS960);

	check_right(pos, ARB_WHITE, ARB_KINGSIDE, "f1", "g1", "g1", "f1");
	check_right(pos, ARB_BLACK, ARB_QUEENSIDE, "f8", "d8", "c8", "d8");
	arb_move oo = parse_uci(pos, "f1g1");
	ck_assert_int_eq(ARB_MOVE_KIND(oo), ARB_MOVE_CASTLING);
	ck_assert_int_eq(ARB_MOVE_FROM(oo), SQ("f1"));
	ck_assert_int_eq(ARB_MOVE_TO(oo), SQ("g1"));
	play(pos, oo);
	ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, buf),
			 "3r1k1r/4pp2/8/8/8/8/8/4RRK1 b d - 2 1");
	ck_assert_str_eq(fen_of(pos, 0, buf), "3r1k1r/4pp2/8/8/8/8/8/4RRK1 b q - 2 1");

	/* King onto rook, and the king's destination (not a king move). */
	arb_move ooo = parse_uci(pos, "f8d8");
	ck_assert_int_eq(ARB_MOVE_KIND(ooo), ARB_MOVE_CASTLING);
	ck_assert_int_eq(parse_uci(pos, "f8c8"), ooo);
	play(pos, ooo);
	ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, buf),
			 "2kr3r/4pp2/8/8/8/8/8/4RRK1 w - - 3 2");
	ck_assert_int_eq(arb_position_piece_at(pos, SQ("c8")), ARB_PIECE(ARB_BLACK, ARB_KING));
	ck_assert_int_eq(arb_position_piece_at(pos, SQ("d8")), ARB_PIECE(ARB_BLACK, ARB_ROOK));
	arb_position_free(pos);
}
END_TEST

/* Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1: O-O (g1h1): the king does not move,
 * the rook goes h1->f1. */
START_TEST(test_king_does_not_move)
{
	char buf[ARB_FEN_MAX];
	arb_position *pos = must_parse("Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1", ARB_FEN_CHESS960);

	check_right(pos, ARB_WHITE, ARB_KINGSIDE, "g1", "h1", "g1", "f1");
	arb_move oo = parse_uci(pos, "g1h1");
	ck_assert_int_eq(ARB_MOVE_KIND(oo), ARB_MOVE_CASTLING);
	ck_assert_int_eq(count_kind(pos, ARB_MOVE_CASTLING), 1);
	play(pos, oo);
	ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, buf),
			 "Qr4k1/4pppp/8/8/8/8/8/R4RK1 b b - 1 1");
	ck_assert_int_eq(arb_position_piece_at(pos, SQ("g1")), ARB_PIECE(ARB_WHITE, ARB_KING));
	ck_assert_int_eq(arb_position_piece_at(pos, SQ("h1")), ARB_EMPTY);
	arb_position_free(pos);
}
END_TEST

/* 2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1: castling is d1e1 (rook adjacent), SAN
 * O-O+; perft 17, 242, 3931, 57700. */
START_TEST(test_adjacent_rook_castles_with_check)
{
	static const uint64_t perft[] = {17, 242, 3931, 57700};
	static const unsigned modes[] = {ARB_FEN_CHESS960, ARB_FEN_AUTO};
	char buf[ARB_FEN_MAX];

	for (size_t m = 0; m < 2; m++) {
		arb_position *pos = must_parse("2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", modes[m]);
		check_perft(pos, perft, 4);
		check_right(pos, ARB_WHITE, ARB_KINGSIDE, "d1", "e1", "g1", "f1");
		arb_move oo = parse_uci(pos, "d1e1");
		ck_assert_int_eq(ARB_MOVE_KIND(oo), ARB_MOVE_CASTLING);
		ck_assert_int_eq(ARB_MOVE_FROM(oo), SQ("d1"));
		ck_assert_int_eq(ARB_MOVE_TO(oo), SQ("e1"));
		ck_assert_int_eq(parse_uci(pos, "d1g1"), oo);
		play(pos, oo);
		ck_assert_int_eq(arb_position_in_check(pos), 1);
		ck_assert_str_eq(fen_of(pos, 0, buf), "2r5/8/8/8/8/8/6PP/k4RK1 b - - 1 1");
		arb_position_free(pos);
	}
}
END_TEST

/* 4r3/3k4/8/8/8/8/q5PP/1R1KR3 w Q - 2 2: d1b1 is castling, SAN O-O-O+. */
START_TEST(test_queenside_castles_with_check)
{
	char buf[ARB_FEN_MAX];
	arb_position *pos = must_parse("4r3/3k4/8/8/8/8/q5PP/1R1KR3 w Q - 2 2", ARB_FEN_CHESS960);

	check_right(pos, ARB_WHITE, ARB_QUEENSIDE, "d1", "b1", "c1", "d1");
	arb_move ooo = parse_uci(pos, "d1b1");
	ck_assert_int_eq(ARB_MOVE_KIND(ooo), ARB_MOVE_CASTLING);
	ck_assert_int_eq(ARB_MOVE_TO(ooo), SQ("b1"));
	ck_assert_int_eq(count_kind(pos, ARB_MOVE_CASTLING), 1);
	play(pos, ooo);
	ck_assert_int_eq(arb_position_in_check(pos), 1);
	ck_assert_str_eq(fen_of(pos, 0, buf), "4r3/3k4/8/8/8/8/q5PP/2KRR3 b - - 3 2");
	arb_position_free(pos);
}
END_TEST

/* 4k3/8/8/8/8/8/8/rR2K1N1 w Q - 0 1: no O-O-O: with the b1 rook moved to d1,
 * c1 is attacked by the a1 rook. */
START_TEST(test_castling_rook_uncovers_attack)
{
	arb_position *pos = must_parse("4k3/8/8/8/8/8/8/rR2K1N1 w Q - 0 1", ARB_FEN_CHESS960);

	check_right(pos, ARB_WHITE, ARB_QUEENSIDE, "e1", "b1", "c1", "d1");
	ck_assert_int_eq(count_kind(pos, ARB_MOVE_CASTLING), 0);
	ck_assert_int_eq(
		arb_position_is_legal(pos, ARB_MAKE_MOVE(SQ("e1"), SQ("b1"), ARB_MOVE_CASTLING, 0)),
		0);
	expect_illegal(pos, "e1b1");
	expect_illegal(pos, "e1c1");
	arb_position_free(pos);
}
END_TEST

/* 4k3/8/8/1b6/8/8/8/5RKR w KQ - 0 1: no castling move at all (f1 attacked
 * for O-O-O; f1 occupied for O-O). */
START_TEST(test_no_castling_attacked_or_occupied)
{
	arb_position *pos = must_parse("4k3/8/8/1b6/8/8/8/5RKR w KQ - 0 1", ARB_FEN_CHESS960);

	check_right(pos, ARB_WHITE, ARB_KINGSIDE, "g1", "h1", "g1", "f1");
	check_right(pos, ARB_WHITE, ARB_QUEENSIDE, "g1", "f1", "c1", "d1");
	ck_assert_int_eq(count_kind(pos, ARB_MOVE_CASTLING), 0);
	expect_illegal(pos, "g1h1");
	expect_illegal(pos, "g1f1");
	expect_illegal(pos, "g1c1");
	arb_position_free(pos);
}
END_TEST

/* 4k3/8/8/8/8/8/8/4K1RR w K - 0 1: K names the h1 rook (outermost); O-O
 * impossible (g1 occupied); Shredder H. */
START_TEST(test_k_names_outermost_rook)
{
	static const unsigned modes[] = {ARB_FEN_CHESS960, ARB_FEN_STANDARD, ARB_FEN_AUTO};
	char buf[ARB_FEN_MAX];

	for (size_t m = 0; m < 3; m++) {
		arb_position *pos = must_parse("4k3/8/8/8/8/8/8/4K1RR w K - 0 1", modes[m]);
		check_right(pos, ARB_WHITE, ARB_KINGSIDE, "e1", "h1", "g1", "f1");
		ck_assert_int_eq(count_kind(pos, ARB_MOVE_CASTLING), 0);
		ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, buf),
				 "4k3/8/8/8/8/8/8/4K1RR w H - 0 1");
		ck_assert_str_eq(fen_of(pos, 0, buf), "4k3/8/8/8/8/8/8/4K1RR w K - 0 1");
		arb_position_free(pos);
	}
}
END_TEST

/* 4k3/8/8/8/8/8/8/4K1RR w G - 0 1: the inner g1 rook holds the right; O-O
 * (e1g1 king, rook g1->f1) is legal; written G in X-FEN. */
START_TEST(test_inner_rook_right)
{
	char buf[ARB_FEN_MAX];
	arb_position *pos = must_parse("4k3/8/8/8/8/8/8/4K1RR w G - 0 1", ARB_FEN_CHESS960);

	check_right(pos, ARB_WHITE, ARB_KINGSIDE, "e1", "g1", "g1", "f1");
	ck_assert_str_eq(fen_of(pos, 0, buf), "4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
	ck_assert_int_eq(count_kind(pos, ARB_MOVE_CASTLING), 1);
	arb_move oo = parse_uci(pos, "e1g1");
	ck_assert_int_eq(ARB_MOVE_KIND(oo), ARB_MOVE_CASTLING);
	ck_assert_int_eq(ARB_MOVE_TO(oo), SQ("g1"));
	play(pos, oo);
	ck_assert_str_eq(fen_of(pos, 0, buf), "4k3/8/8/8/8/8/8/5RKR b - - 1 1");
	arb_position_free(pos);
}
END_TEST

/* 4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1: neither castling is legal; perft
 * 19, 628, 12858, 405636. */
START_TEST(test_neither_castling_legal)
{
	static const uint64_t perft[] = {19, 628, 12858, 405636};
	arb_position *pos = must_parse("4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", ARB_FEN_CHESS960);

	check_right(pos, ARB_WHITE, ARB_KINGSIDE, "d1", "f1", "g1", "f1");
	check_right(pos, ARB_WHITE, ARB_QUEENSIDE, "d1", "b1", "c1", "d1");
	ck_assert_int_eq(count_kind(pos, ARB_MOVE_CASTLING), 0);
	expect_illegal(pos, "d1f1");
	expect_illegal(pos, "d1b1");
	check_perft(pos, perft, 4);
	arb_position_free(pos);
}
END_TEST

/* 8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K - 0 1: g2h1 is a king capture of the
 * unmoved rook, not castling (SAN Kxh1). */
START_TEST(test_king_captures_unmoved_rook)
{
	static const unsigned modes[] = {ARB_FEN_AUTO, ARB_FEN_CHESS960};
	char buf[ARB_FEN_MAX];

	for (size_t m = 0; m < 2; m++) {
		arb_position *pos =
			must_parse("8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K - 0 1", modes[m]);
		arb_move kxh1 = parse_uci(pos, "g2h1");
		ck_assert_int_eq(ARB_MOVE_KIND(kxh1), ARB_MOVE_NORMAL);
		ck_assert_int_eq(ARB_MOVE_FROM(kxh1), SQ("g2"));
		ck_assert_int_eq(ARB_MOVE_TO(kxh1), SQ("h1"));
		ck_assert_int_eq(in_list(pos, kxh1), 1);
		ck_assert_int_eq(count_kind(pos, ARB_MOVE_CASTLING), 0);
		play(pos, kxh1);
		ck_assert_str_eq(fen_of(pos, 0, buf),
				 "8/8/8/B2p3Q/2qPp1P1/b7/2P2P1P/4K2k w - - 0 2");
		arb_castling cs;
		ck_assert_int_eq(arb_position_castling(pos, ARB_WHITE, ARB_KINGSIDE, &cs), 0);
		arb_position_free(pos);
	}
}
END_TEST

/* 1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1: standard chess: only Q is valid
 * (reported, not silently dropped); as Chess960: KQq (Shredder FAb). */
START_TEST(test_rights_depend_on_reading)
{
	static const char *fen = "1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1";
	char buf[ARB_FEN_MAX];
	arb_position *pos = arb_position_new();
	arb_error err;

	ck_assert_int_eq(arb_position_set_fen(pos, fen, ARB_FEN_STANDARD, &err),
			 ARB_E_FEN_CASTLING);
	ck_assert_int_eq(err.field, 3);

	ck_assert_int_eq(arb_position_set_fen(pos, fen, ARB_FEN_STANDARD | ARB_FEN_REPAIR, &err),
			 ARB_OK);
	ck_assert_int_gt(err.repairs, 0);
	ck_assert_str_eq(fen_of(pos, 0, buf), "1r2k3/8/8/8/8/8/8/R3KR2 w Q - 0 1");
	ck_assert_int_eq(count_kind(pos, ARB_MOVE_CASTLING), 1);
	ck_assert_str_eq(fen_of(pos, 0, buf), "1r2k3/8/8/8/8/8/8/R3KR2 w Q - 0 1");
	arb_move ooo = parse_uci(pos, "e1c1");
	ck_assert_int_eq(ARB_MOVE_KIND(ooo), ARB_MOVE_CASTLING);

	ck_assert_int_eq(arb_position_set_fen(pos, fen, ARB_FEN_CHESS960 | ARB_FEN_REPAIR, &err),
			 ARB_OK);
	ck_assert_int_gt(err.repairs, 0);
	ck_assert_str_eq(fen_of(pos, 0, buf), "1r2k3/8/8/8/8/8/8/R3KR2 w KQq - 0 1");
	ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, buf), "1r2k3/8/8/8/8/8/8/R3KR2 w FAb - 0 1");
	check_right(pos, ARB_WHITE, ARB_KINGSIDE, "e1", "f1", "g1", "f1");
	check_right(pos, ARB_BLACK, ARB_QUEENSIDE, "e8", "b8", "c8", "d8");
	/* Both white castlings are legal under this reading. */
	ck_assert_int_eq(count_kind(pos, ARB_MOVE_CASTLING), 2);
	arb_move oo = parse_uci(pos, "e1f1");
	ck_assert_int_eq(ARB_MOVE_KIND(oo), ARB_MOVE_CASTLING);
	play(pos, oo);
	ck_assert_str_eq(fen_of(pos, 0, buf), "1r2k3/8/8/8/8/8/8/R4RK1 b q - 1 1");
	arb_position_free(pos);
}
END_TEST

/* 8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1: d5e6 is illegal (horizontal pin through
 * both pawns). */
START_TEST(test_ep_horizontal_pin)
{
	arb_position *pos = must_parse("8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", 0);

	ck_assert_int_eq(arb_position_ep_square(pos), ARB_NO_SQUARE);
	ck_assert_int_eq(count_kind(pos, ARB_MOVE_EN_PASSANT), 0);
	ck_assert_int_eq(arb_position_is_legal(
				 pos, ARB_MAKE_MOVE(SQ("d5"), SQ("e6"), ARB_MOVE_EN_PASSANT, 0)),
			 0);
	expect_illegal(pos, "d5e6");
	arb_position_free(pos);
}
END_TEST

/* 8/8/8/2k5/2pP4/8/4K3/8 b - d3 0 1: c4d3 is legal: e.p. removes the
 * checking pawn. */
START_TEST(test_ep_removes_checking_pawn)
{
	char buf[ARB_FEN_MAX];
	arb_position *pos = must_parse("8/8/8/2k5/2pP4/8/4K3/8 b - d3 0 1", 0);

	ck_assert_int_eq(arb_position_in_check(pos), 1);
	ck_assert_int_eq(arb_position_ep_square(pos), SQ("d3"));
	arb_move ep = parse_uci(pos, "c4d3");
	ck_assert_int_eq(ARB_MOVE_KIND(ep), ARB_MOVE_EN_PASSANT);
	ck_assert_int_eq(count_kind(pos, ARB_MOVE_EN_PASSANT), 1);
	play(pos, ep);
	ck_assert_int_eq(arb_position_piece_at(pos, SQ("d4")), ARB_EMPTY);
	ck_assert_str_eq(fen_of(pos, 0, buf), "8/8/8/2k5/8/3p4/4K3/8 w - - 0 2");
	arb_position_free(pos);
}
END_TEST

/* rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3: h5g6 legal
 * now; the e.p. right lapses after one move. */
START_TEST(test_ep_right_lapses)
{
	static const char *fen = "rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3";
	char buf[ARB_FEN_MAX];
	arb_position *pos = must_parse(fen, 0);

	arb_move ep = parse_uci(pos, "h5g6");
	ck_assert_int_eq(ARB_MOVE_KIND(ep), ARB_MOVE_EN_PASSANT);
	ck_assert_int_eq(ARB_MOVE_TO(ep), SQ("g6"));

	arb_position *now = arb_position_clone(pos);
	play(now, ep);
	ck_assert_str_eq(fen_of(now, 0, buf),
			 "rnbqkbnr/pppppp2/6Pp/8/8/8/PPPPPPP1/RNBQKBNR b KQkq - 0 3");
	arb_position_free(now);

	play(pos, parse_uci(pos, "b1c3"));
	ck_assert_int_eq(arb_position_ep_square(pos), ARB_NO_SQUARE);
	play(pos, parse_uci(pos, "b8c6"));
	ck_assert_int_eq(arb_position_ep_square(pos), ARB_NO_SQUARE);
	ck_assert_int_eq(count_kind(pos, ARB_MOVE_EN_PASSANT), 0);
	ck_assert_int_eq(arb_position_is_legal(pos, ep), 0);
	ck_assert_int_eq(arb_position_play(pos, ep), ARB_E_MOVE_ILLEGAL);
	expect_illegal(pos, "h5g6");
	ck_assert_str_eq(fen_of(pos, 0, buf),
			 "r1bqkbnr/pppppp2/2n4p/6pP/8/2N5/PPPPPPP1/R1BQKBNR w KQkq - 2 4");
	arb_position_free(pos);
}
END_TEST

/* R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1: 218 legal moves. */
START_TEST(test_218_moves)
{
	arb_move moves[ARB_MAX_MOVES];
	arb_position *pos = must_parse("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", 0);

	ck_assert_int_eq(arb_position_legal_moves(pos, moves), 218);
	ck_assert_int_eq(arb_position_count_moves(pos), 218);
	ck_assert_uint_eq(arb_perft(pos, 1, 0), 218);
	for (int i = 0; i < 218; i++) {
		ck_assert_int_eq(arb_position_is_legal(pos, moves[i]), 1);
		for (int j = 0; j < i; j++)
			ck_assert_msg(moves[i] != moves[j], "duplicate move %d", (int)moves[i]);
	}
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * Every legal move of every table position: do/undo restores everything
 * ---------------------------------------------------------------------- */

static const struct {
	const char *fen;
	unsigned flags;
} table[] = {
	{"3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1", ARB_FEN_CHESS960},
	{"Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1", ARB_FEN_CHESS960},
	{"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", ARB_FEN_CHESS960},
	{"4r3/3k4/8/8/8/8/q5PP/1R1KR3 w Q - 2 2", ARB_FEN_CHESS960},
	{"4k3/8/8/8/8/8/8/rR2K1N1 w Q - 0 1", ARB_FEN_CHESS960},
	{"4k3/8/8/1b6/8/8/8/5RKR w KQ - 0 1", ARB_FEN_CHESS960},
	{"4k3/8/8/8/8/8/8/4K1RR w K - 0 1", ARB_FEN_CHESS960},
	{"4k3/8/8/8/8/8/8/4K1RR w G - 0 1", ARB_FEN_CHESS960},
	{"4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", ARB_FEN_CHESS960},
	{"8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K - 0 1", ARB_FEN_AUTO},
	{"1r2k3/8/8/8/8/8/8/R3KR2 w KQq - 0 1", ARB_FEN_CHESS960},
	{"8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", ARB_FEN_AUTO},
	{"8/8/8/2k5/2pP4/8/4K3/8 b - d3 0 1", ARB_FEN_AUTO},
	{"rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3", ARB_FEN_AUTO},
	{"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", ARB_FEN_AUTO},
};

START_TEST(test_do_undo_restores)
{
	char before[ARB_FEN_MAX], after[ARB_FEN_MAX];
	arb_move moves[ARB_MAX_MOVES];
	arb_position *pos = must_parse(table[_i].fen, table[_i].flags);
	uint64_t key = arb_position_key(pos);
	int n = arb_position_legal_moves(pos, moves);

	fen_of(pos, ARB_FEN_SHREDDER, before);
	ck_assert_int_eq(n, arb_position_count_moves(pos));
	ck_assert_uint_eq(arb_perft(pos, 1, 0), (uint64_t)n);
	for (int i = 0; i < n; i++) {
		arb_undo u;
		ck_assert_int_eq(arb_position_is_legal(pos, moves[i]), 1);
		arb_position_do_move(pos, moves[i], &u);
		ck_assert_int_eq(arb_position_validate(pos, NULL), ARB_OK);
		arb_position_undo_move(pos, moves[i], &u);
		ck_assert_uint_eq(arb_position_key(pos), key);
		ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, after), before);
	}
	/* A validated perft agrees with the plain one. */
	ck_assert_uint_eq(arb_perft(pos, 2, ARB_PERFT_VALIDATE), arb_perft(pos, 2, 0));
	ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, after), before);
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * Castling with an explicit geometry
 * ---------------------------------------------------------------------- */

static arb_move find_castling(const arb_position *pos)
{
	arb_move moves[ARB_MAX_MOVES];
	int n = arb_position_legal_moves(pos, moves);
	for (int i = 0; i < n; i++)
		if (ARB_MOVE_KIND(moves[i]) == ARB_MOVE_CASTLING)
			return moves[i];
	return ARB_MOVE_NONE;
}

/*
 * pej-long-castling-gives-check: 3k4/8/8/8/8/8/8/R3K3 w Q - 0 1, perft 16, 71.
 * O-O-O puts the rook on d1 with check: black then has 4 replies (c7 c8 e7
 * e8). With the destinations king b1, rook c1 there is no check and the
 * c-file is covered: 3 replies (d7 e7 e8), so perft(2) = 70.
 */
START_TEST(test_custom_geometry_queenside)
{
	char buf[ARB_FEN_MAX];
	arb_position *pos = must_parse("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 0);
	arb_castling c = {SQ("e1"), SQ("a1"), SQ("b1"), SQ("c1")};

	ck_assert_uint_eq(arb_perft(pos, 2, 0), 71);
	ck_assert_int_eq(arb_position_set_castling(pos, ARB_WHITE, ARB_QUEENSIDE, &c), ARB_OK);
	ck_assert_int_eq(arb_position_validate(pos, NULL), ARB_OK);
	check_right(pos, ARB_WHITE, ARB_QUEENSIDE, "e1", "a1", "b1", "c1");
	ck_assert_uint_eq(arb_perft(pos, 1, 0), 16);
	ck_assert_uint_eq(arb_perft(pos, 2, 0), 70);
	ck_assert_uint_eq(arb_perft(pos, 3, ARB_PERFT_VALIDATE), arb_perft(pos, 3, 0));
	/* perft left the geometry alone */
	check_right(pos, ARB_WHITE, ARB_QUEENSIDE, "e1", "a1", "b1", "c1");

	arb_move ooo = find_castling(pos);
	ck_assert_int_eq(ARB_MOVE_FROM(ooo), SQ("e1"));
	ck_assert_int_eq(ARB_MOVE_TO(ooo), SQ("a1"));
	ck_assert_int_eq(in_list(pos, ooo), 1);
	/* UCI: the king's destination in standard mode, onto the rook in 960. */
	char uci[8];
	arb_move_to_uci(pos, ooo, uci);
	ck_assert_str_eq(uci, "e1b1");
	ck_assert_int_eq(parse_uci(pos, "e1b1"), ooo);
	ck_assert_int_eq(parse_uci(pos, "e1a1"), ooo);

	arb_position *p2 = arb_position_clone(pos);
	play(p2, ooo);
	ck_assert_int_eq(arb_position_piece_at(p2, SQ("b1")), ARB_PIECE(ARB_WHITE, ARB_KING));
	ck_assert_int_eq(arb_position_piece_at(p2, SQ("c1")), ARB_PIECE(ARB_WHITE, ARB_ROOK));
	ck_assert_int_eq(arb_position_piece_at(p2, SQ("a1")), ARB_EMPTY);
	ck_assert_int_eq(arb_position_piece_at(p2, SQ("e1")), ARB_EMPTY);
	ck_assert_int_eq(arb_position_in_check(p2), 0);
	ck_assert_str_eq(fen_of(p2, 0, buf), "3k4/8/8/8/8/8/8/1KR5 b - - 1 1");
	arb_position_free(p2);

	/* Removing the right. */
	arb_castling none = {SQ("e1"), ARB_NO_SQUARE, SQ("b1"), SQ("c1")};
	ck_assert_int_eq(arb_position_set_castling(pos, ARB_WHITE, ARB_QUEENSIDE, &none), ARB_OK);
	ck_assert_int_eq(arb_position_castling(pos, ARB_WHITE, ARB_QUEENSIDE, &c), 0);
	ck_assert_uint_eq(arb_perft(pos, 1, 0), 15);
	ck_assert_str_eq(fen_of(pos, 0, buf), "3k4/8/8/8/8/8/8/R3K3 w - - 0 1");
	arb_position_free(pos);
}
END_TEST

/*
 * pej-short-castling-gives-check: 5k2/8/8/8/8/8/8/4K2R w K - 0 1, perft 15,
 * 66. O-O gives check from f1 (4 replies: e7 e8 g7 g8). With the king going
 * onto h1 and the rook to g1 there is no check and the g-file is covered
 * (3 replies: e7 e8 f7): perft(2) = 65.
 */
START_TEST(test_custom_geometry_kingside)
{
	char buf[ARB_FEN_MAX];
	arb_position *pos = must_parse("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 0);
	arb_castling c = {SQ("e1"), SQ("h1"), SQ("h1"), SQ("g1")};

	ck_assert_uint_eq(arb_perft(pos, 2, 0), 66);
	ck_assert_int_eq(arb_position_set_castling(pos, ARB_WHITE, ARB_KINGSIDE, &c), ARB_OK);
	check_right(pos, ARB_WHITE, ARB_KINGSIDE, "e1", "h1", "h1", "g1");
	ck_assert_uint_eq(arb_perft(pos, 1, 0), 15);
	ck_assert_uint_eq(arb_perft(pos, 2, 0), 65);
	ck_assert_uint_eq(arb_perft(pos, 3, ARB_PERFT_VALIDATE), arb_perft(pos, 3, 0));
	arb_move oo = find_castling(pos);
	ck_assert_int_eq(ARB_MOVE_TO(oo), SQ("h1"));
	play(pos, oo);
	ck_assert_str_eq(fen_of(pos, 0, buf), "5k2/8/8/8/8/8/8/6RK b - - 1 1");
	arb_position_free(pos);
}
END_TEST

START_TEST(test_custom_geometry_rejected)
{
	static const struct {
		arb_color color;
		arb_wing wing;
		const char *kf, *rf, *kt, *rt;
	} t[] = {
		{ARB_WHITE, ARB_KINGSIDE, "e1", "g1", "g1", "f1"},  /* no rook on g1 */
		{ARB_WHITE, ARB_QUEENSIDE, "d1", "a1", "c1", "d1"}, /* no king on d1 */
		{ARB_WHITE, ARB_QUEENSIDE, "e1", "a1", "c2", "d1"}, /* another rank */
		{ARB_WHITE, ARB_QUEENSIDE, "e1", "a1", "c1", "d2"}, /* another rank */
		{ARB_BLACK, ARB_QUEENSIDE, "e1", "a1", "c1", "d1"}, /* not black's pieces */
		{ARB_BLACK, ARB_KINGSIDE, "d8", "h8", "g8", "f8"},  /* no black rook */
	};
	char before[ARB_FEN_MAX], after[ARB_FEN_MAX];
	arb_position *pos = must_parse("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 0);

	fen_of(pos, ARB_FEN_SHREDDER, before);
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		arb_castling c = {SQ(t[i].kf), SQ(t[i].rf), SQ(t[i].kt), SQ(t[i].rt)};
		ck_assert_msg(arb_position_set_castling(pos, t[i].color, t[i].wing, &c) ==
				      ARB_E_ARGUMENT,
			      "row %zu accepted", i);
		ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, after), before);
	}
	ck_assert_uint_eq(arb_perft(pos, 2, 0), 71);
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *castling_suite(void)
{
	Suite *s = suite_create("castling");
	TCase *tc = tcase_create("facts");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_king_lands_on_rook_square);
	tcase_add_test(tc, test_king_does_not_move);
	tcase_add_test(tc, test_adjacent_rook_castles_with_check);
	tcase_add_test(tc, test_queenside_castles_with_check);
	tcase_add_test(tc, test_castling_rook_uncovers_attack);
	tcase_add_test(tc, test_no_castling_attacked_or_occupied);
	tcase_add_test(tc, test_k_names_outermost_rook);
	tcase_add_test(tc, test_inner_rook_right);
	tcase_add_test(tc, test_neither_castling_legal);
	tcase_add_test(tc, test_king_captures_unmoved_rook);
	tcase_add_test(tc, test_rights_depend_on_reading);
	tcase_add_test(tc, test_ep_horizontal_pin);
	tcase_add_test(tc, test_ep_removes_checking_pawn);
	tcase_add_test(tc, test_ep_right_lapses);
	tcase_add_test(tc, test_218_moves);
	tcase_add_loop_test(tc, test_do_undo_restores, 0, (int)(sizeof table / sizeof table[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("geometry");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_custom_geometry_queenside);
	tcase_add_test(tc, test_custom_geometry_kingside);
	tcase_add_test(tc, test_custom_geometry_rejected);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	/* Build the library's tables once, before Check forks for each test. */
	arb_position_free(arb_position_new());
	SRunner *sr = srunner_create(castling_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
