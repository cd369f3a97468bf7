/*
 * test_outcome.c -- game endings: checkmate and stalemate, the material
 * rules, the game history that counts repetitions under FIDE 9.2, the
 * half-move clock of a claim with an intended move, the precedence of the
 * automatic endings, and smoke tests of the "can this side still mate?"
 * analysis (tests/unit/test_unwinnable.c tests that in depth).
 *
 * Move sequences follow the readings of docs/rules.md (#same-position,
 * #start-position-counts, #move-counts, #claim-with-a-mating-move,
 * #fivefold-in-2014) and the rows A04, A05, A08, A09, A11, A12, A16 of
 * tests/data/scenarios.tsv, plus the traps at the counters' limits: a mate
 * with the half-move clock past 100 or 150, the only move reaching 150.
 * Every case is a fixed position and move list: deterministic and fast.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define NROWS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ------------------------------------------------------------------------
 * Helpers
 * ---------------------------------------------------------------------- */

static arb_position *must_parse(const char *fen)
{
	arb_position *pos = arb_position_new();
	arb_error err;

	ck_assert_ptr_nonnull(pos);
	memset(&err, 0, sizeof err);
	arb_status st = arb_position_set_fen(pos, fen, ARB_FEN_AUTO, &err);
	ck_assert_msg(st == ARB_OK, "\"%s\": %s: %s", fen, arb_status_name(st), err.message);
	return pos;
}

static arb_move uci_move(const arb_position *pos, const char *uci)
{
	arb_move m = ARB_MOVE_NONE;
	arb_error err;

	memset(&err, 0, sizeof err);
	arb_status st = arb_move_from_uci(pos, uci, &m, &err);
	ck_assert_msg(st == ARB_OK, "test data: UCI %s: %s", uci, err.message);
	return m;
}

static arb_history *history_from(const char *fen)
{
	arb_position *pos = must_parse(fen);
	arb_history *h = arb_history_new(pos);

	ck_assert_ptr_nonnull(h);
	arb_position_free(pos);
	return h;
}

/* Plays the space-separated UCI moves of `moves` on h. */
static void play_all(arb_history *h, const char *moves)
{
	char buf[2048];
	char *save = NULL;

	ck_assert_uint_lt(strlen(moves), sizeof buf);
	strcpy(buf, moves);
	for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		arb_move m = uci_move(arb_history_position(h), w);
		arb_status st = arb_history_play(h, m);
		ck_assert_msg(st == ARB_OK, "playing %s: %s", w, arb_status_name(st));
	}
}

/* Repeats `moves` n times. */
static void play_times(arb_history *h, const char *moves, int n)
{
	for (int i = 0; i < n; i++)
		play_all(h, moves);
}

static arb_move hmove(const arb_history *h, const char *uci)
{
	return uci_move(arb_history_position(h), uci);
}

/* ------------------------------------------------------------------------
 * Terminal states
 * ---------------------------------------------------------------------- */

static const struct {
	const char *fen;
	arb_terminal want;
} terminal_cases[] = {
	{START_FEN, ARB_ONGOING},
	/* Fool's mate */
	{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", ARB_CHECKMATE},
	/* mate with the half-move clock past 100: still a mate */
	{"k7/8/NKB5/8/8/8/8/8 b - - 105 176", ARB_CHECKMATE},
	/* back-rank mate */
	{"6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", ARB_ONGOING},
	{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", ARB_CHECKMATE},
	/* queen stalemate in the corner */
	{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ARB_STALEMATE},
	/* stalemate with a blocked pawn */
	{"8/8/8/8/8/5k2/5p2/5K2 w - - 0 1", ARB_STALEMATE},
	/* in check but the king can escape: not mate */
	{"7k/8/6K1/8/8/8/8/7R b - - 0 1", ARB_ONGOING},
	/* in check, only a capture saves: not mate */
	{"6rk/8/8/8/8/8/8/K6R b - - 0 1", ARB_ONGOING},
};

START_TEST(test_terminal)
{
	arb_position *pos = must_parse(terminal_cases[_i].fen);
	arb_terminal got = arb_position_terminal(pos);

	ck_assert_msg(got == terminal_cases[_i].want, "%s: terminal %d, expected %d",
		      terminal_cases[_i].fen, (int)got, (int)terminal_cases[_i].want);
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * Material rules
 * ---------------------------------------------------------------------- */

static const struct {
	const char *fen;
	int white, black, both; /* expected insufficient_material(W), (B), _both */
	const char *what;
} material_cases[] = {
	{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 1, 1, 1, "K v K"},
	{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", 1, 1, 1, "K+N v K"},
	{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", 1, 1, 1, "K+B v K"},
	{"4kn2/8/8/8/8/8/8/4K3 b - - 0 1", 1, 1, 1, "K v K+N (black)"},
	/* c1 and f8 are both dark squares */
	{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", 1, 1, 1, "K+B v K+B, same colour"},
	/* c1 dark, c8 light: a helpmate exists (the enemy bishop blocks) */
	{"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", 0, 0, 0, "K+B v K+B, opposite colours"},
	/* c1 and e3 are both dark */
	{"4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", 1, 1, 1, "K+B+B same colour v K"},
	{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", 0, 1, 0, "K+B+B opposite colours v K"},
	{"4k1n1/8/8/8/8/8/8/4KN2 w - - 0 1", 0, 0, 0, "K+N v K+N (mate possible)"},
	{"4k3/4p3/8/8/8/8/8/4KN2 w - - 0 1", 0, 0, 0, "K+N v K+P"},
	{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", 0, 1, 0, "K+N+N v K (cooperative mate)"},
	{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 0, 1, 0, "K+P v K"},
	{"4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1", 0, 0, 0, "K+P v K+P"},
	{"4k3/8/8/8/8/8/8/4KR2 w - - 0 1", 0, 1, 0, "K+R v K"},
	{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 0, 1, 0, "K+Q v K"},
	{"4k3/8/8/8/8/8/8/3BKN2 w - - 0 1", 0, 1, 0, "K+B+N v K"},
	/* a same-coloured bishop against a knight: the knight can block */
	{"4k1n1/8/8/8/8/8/8/2B1K3 w - - 0 1", 0, 0, 0, "K+B v K+N"},
	{START_FEN, 0, 0, 0, "start position"},
};

START_TEST(test_material)
{
	arb_position *pos = must_parse(material_cases[_i].fen);
	const char *what = material_cases[_i].what;

	ck_assert_msg(arb_position_insufficient_material(pos, ARB_WHITE) ==
			      material_cases[_i].white,
		      "%s: white", what);
	ck_assert_msg(arb_position_insufficient_material(pos, ARB_BLACK) ==
			      material_cases[_i].black,
		      "%s: black", what);
	ck_assert_msg(arb_position_insufficient_both(pos) == material_cases[_i].both, "%s: both",
		      what);
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * History and repetition (FIDE 9.2)
 * ---------------------------------------------------------------------- */

#define SHUFFLE "g1f3 g8f6 f3g1 f6g8"

START_TEST(test_start_position_counts)
{
	/* The start (or set-up) position is an occurrence (docs/rules.md#start-position-counts). */
	arb_history *h = history_from(START_FEN);

	ck_assert_int_eq(arb_history_ply_count(h), 0);
	ck_assert_int_eq(arb_history_occurrences(h), 1);
	ck_assert_int_eq(arb_history_consecutive_occurrences(h), 1);
	play_all(h, SHUFFLE);
	ck_assert_int_eq(arb_history_occurrences(h), 2);
	play_all(h, SHUFFLE);
	ck_assert_int_eq(arb_history_occurrences(h), 3);
	ck_assert_int_eq(arb_history_ply_count(h), 8);
	arb_history_free(h);
}
END_TEST

START_TEST(test_threefold_knight_shuffle)
{
	/* Scenario A02: the position after 1.e4 e5 occurs at plies 2, 6, 10. */
	arb_history *h = history_from(START_FEN);

	play_all(h, "e2e4 e7e5");
	ck_assert_int_eq(arb_history_occurrences(h), 1);
	play_all(h, "g1f3");
	ck_assert_int_eq(arb_history_occurrences(h), 1);
	play_all(h, "g8f6 f3g1 f6g8");
	ck_assert_int_eq(arb_history_occurrences(h), 2);
	play_all(h, SHUFFLE);
	ck_assert_int_eq(arb_history_occurrences(h), 3);
	ck_assert_int_eq(arb_history_ply_count(h), 10);
	char fen[ARB_FEN_MAX];
	arb_position_to_fen(arb_history_position(h), fen, sizeof fen, 0);
	ck_assert_str_eq(fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 8 6");
	arb_history_free(h);
}
END_TEST

START_TEST(test_claim_with_intended_move)
{
	/* Scenario A11: black writes f6g8 and claims before playing it. */
	arb_history *h = history_from(START_FEN);

	play_all(h, "e2e4 e7e5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
	ck_assert_int_eq(arb_history_occurrences(h), 2);
	ck_assert_int_eq(arb_history_occurrences_after(h, hmove(h, "f6g8")), 3);
	ck_assert_int_eq(arb_history_occurrences_after(h, hmove(h, "b8c6")), 1);
	ck_assert_int_eq(arb_history_occurrences_after(h, hmove(h, "f6e4")), 1);
	/* Asking does not play the move. */
	ck_assert_int_eq(arb_history_ply_count(h), 9);
	ck_assert_int_eq(arb_history_occurrences(h), 2);
	play_all(h, "f6g8");
	ck_assert_int_eq(arb_history_occurrences(h), 3);
	arb_history_free(h);
}
END_TEST

START_TEST(test_claim_after_start_position)
{
	/* The intended move can bring back the set-up position itself. */
	arb_history *h = history_from(START_FEN);

	ck_assert_int_eq(arb_history_occurrences_after(h, hmove(h, "g1f3")), 1);
	play_all(h, "g1f3 g8f6 f3g1");
	ck_assert_int_eq(arb_history_occurrences_after(h, hmove(h, "f6g8")), 2);
	arb_history_free(h);
}
END_TEST

START_TEST(test_pinned_ep_issue_trap)
{
	/* A pinned pawn: after d2d4 the e4 pawn cannot take e.p. (exd3 would leave
	 * the a4 king open to the h4 rook along the fourth rank), so the
	 * position after d4 is the same as the ones after each Rh4. */
	arb_history *h = history_from("8/8/8/8/k3p2R/8/3P4/4K3 w - - 0 1");

	play_all(h, "d2d4");
	ck_assert_int_eq(arb_position_ep_square(arb_history_position(h)), ARB_NO_SQUARE);
	ck_assert_int_eq(arb_history_occurrences(h), 1);
	play_all(h, "a4a5 h4h5 a5a4 h5h4");
	ck_assert_int_eq(arb_history_occurrences(h), 2);
	play_all(h, "a4a5 h4h5 a5a4");
	ck_assert_int_eq(arb_history_occurrences_after(h, hmove(h, "h5h4")), 3);
	play_all(h, "h5h4");
	ck_assert_int_eq(arb_history_occurrences(h), 3);
	ck_assert_int_eq(arb_history_consecutive_occurrences(h), 3);
	arb_history_free(h);
}
END_TEST

START_TEST(test_phantom_ep_in_setup_fen)
{
	/* The set-up FEN names d3, but exd3 is illegal: the start position is
	 * the same as the one after Ka5 Rh5 Ka4 Rh4. */
	arb_history *h = history_from("8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1");

	ck_assert_int_eq(arb_position_ep_square(arb_history_position(h)), ARB_NO_SQUARE);
	play_all(h, "a4a5 h4h5 a5a4 h5h4");
	ck_assert_int_eq(arb_history_occurrences(h), 2);
	arb_history_free(h);
}
END_TEST

START_TEST(test_pinned_ep_scenario_a08)
{
	/* Scenario A08: the e5 pawn is pinned to e1 by the e8 rook. */
	arb_history *h = history_from("k3r3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");

	play_all(h, "d7d5");
	ck_assert_int_eq(arb_position_ep_square(arb_history_position(h)), ARB_NO_SQUARE);
	play_all(h, "e1d1 a8b8 d1e1 b8a8 e1d1 a8b8 d1e1 b8a8");
	ck_assert_int_eq(arb_history_occurrences(h), 3);
	arb_history_free(h);
}
END_TEST

START_TEST(test_legal_ep_differs_a05)
{
	/* Scenario A05: after d7d5 exd6 e.p. is legal, so that position is
	 * different from the later ones with the same placement. */
	arb_history *h = history_from("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");

	play_all(h, "d7d5");
	ck_assert_int_eq(arb_position_ep_square(arb_history_position(h)), ARB_SQUARE(3, 5));
	play_all(h, "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8");
	ck_assert_int_eq(arb_history_occurrences(h), 2);
	play_all(h, "e1f1 e8f8 f1e1 f8e8");
	ck_assert_int_eq(arb_history_occurrences(h), 3);
	arb_history_free(h);
}
END_TEST

START_TEST(test_castling_rights_differ_king_a09)
{
	/* Scenario A09: the kings' first steps lose every castling right. */
	arb_history *h = history_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");

	play_all(h, "e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8");
	ck_assert_int_eq(arb_history_occurrences(h), 2);
	arb_history_free(h);
}
END_TEST

START_TEST(test_castling_rights_lost_by_rook_move)
{
	/* White cannot castle kingside at the start (the f1 bishop is in the
	 * way) but holds the right; Rh1-h2-h1 loses it, so the start position
	 * differs from the later ones with the same placement (docs/rules.md#same-position). */
	arb_history *h = history_from("rn2k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1");
	arb_move list[ARB_MAX_MOVES];
	int n = arb_position_legal_moves(arb_history_position(h), list);

	for (int i = 0; i < n; i++)
		ck_assert(ARB_MOVE_KIND(list[i]) != ARB_MOVE_CASTLING ||
			  ARB_MOVE_TO(list[i]) != ARB_SQUARE(7, 0));
	uint64_t start_key = arb_position_key(arb_history_position(h));
	play_all(h, "h1h2 b8c6 h2h1 c6b8");
	ck_assert(arb_position_key(arb_history_position(h)) != start_key);
	ck_assert_int_eq(arb_history_occurrences(h), 1);
	play_all(h, "h1h2 b8c6 h2h1 c6b8");
	ck_assert_int_eq(arb_history_occurrences(h), 2);
	play_all(h, "h1h2 b8c6 h2h1 c6b8");
	ck_assert_int_eq(arb_history_occurrences(h), 3);

	/* The same shuffle without a right to lose repeats from the start. */
	arb_history *g = history_from("rn2k2r/8/8/8/8/8/8/R3KB1R w Qkq - 0 1");
	play_all(g, "h1h2 b8c6 h2h1 c6b8 h1h2 b8c6 h2h1 c6b8");
	ck_assert_int_eq(arb_history_occurrences(g), 3);
	arb_history_free(g);
	arb_history_free(h);
}
END_TEST

#define CYCLE4 "g1f3 g8f6 f3g1 f6g8"
#define CYCLE8 "g1f3 g8f6 b1c3 b8c6 f3g1 f6g8 c3b1 c6b8"

START_TEST(test_fivefold_consecutive_vs_any_a04)
{
	/* Scenario A04: five occurrences, 8 plies apart. */
	arb_history *h = history_from(START_FEN);

	play_all(h, "e2e4 e7e5");
	play_times(h, CYCLE8, 4);
	ck_assert_int_eq(arb_history_occurrences(h), 5);
	ck_assert_int_eq(arb_history_consecutive_occurrences(h), 1);
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_FIVEFOLD, 0), ARB_END_FIVEFOLD);
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_FIVEFOLD_CONSECUTIVE, 0), ARB_END_NONE);
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_SEVENTYFIVE, 0), ARB_END_NONE);
	ck_assert_int_eq(arb_history_ending(h, 0, 0), ARB_END_NONE);
	arb_history_free(h);
}
END_TEST

START_TEST(test_fivefold_one_broken_cycle)
{
	/* Occurrences at plies 2, 6, 10, 18, 22: five in all, but the 4-ply
	 * chain back from now is broken at ply 14. */
	arb_history *h = history_from(START_FEN);

	play_all(h, "e2e4 e7e5");
	play_times(h, CYCLE4, 2);
	ck_assert_int_eq(arb_history_consecutive_occurrences(h), 3);
	play_all(h, CYCLE8);
	play_all(h, CYCLE4);
	ck_assert_int_eq(arb_history_occurrences(h), 5);
	ck_assert_int_eq(arb_history_consecutive_occurrences(h), 2);
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_FIVEFOLD_CONSECUTIVE, 0), ARB_END_NONE);
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_FIVEFOLD, 0), ARB_END_FIVEFOLD);
	arb_history_free(h);
}
END_TEST

START_TEST(test_fivefold_consecutive)
{
	arb_history *h = history_from(START_FEN);

	play_all(h, "e2e4 e7e5");
	play_times(h, CYCLE4, 3);
	ck_assert_int_eq(arb_history_occurrences(h), 4);
	ck_assert_int_eq(arb_history_consecutive_occurrences(h), 4);
	ck_assert_int_eq(
		arb_history_ending(h, ARB_ENDING_FIVEFOLD | ARB_ENDING_FIVEFOLD_CONSECUTIVE, 0),
		ARB_END_NONE);
	ck_assert_int_eq(arb_history_occurrences_after(h, hmove(h, "g1f3")), 4);
	play_all(h, CYCLE4);
	ck_assert_int_eq(arb_history_occurrences(h), 5);
	ck_assert_int_eq(arb_history_consecutive_occurrences(h), 5);
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_FIVEFOLD_CONSECUTIVE, 0),
			 ARB_END_FIVEFOLD);
	ck_assert_int_eq(arb_history_ending(h,
					    ARB_ENDING_FIVEFOLD | ARB_ENDING_FIVEFOLD_CONSECUTIVE |
						    ARB_ENDING_SEVENTYFIVE,
					    0),
			 ARB_END_FIVEFOLD);
	arb_history_free(h);
}
END_TEST

START_TEST(test_irreversible_move_breaks_repetition)
{
	/* A pawn move between two shuffles: the positions before it cannot
	 * come back. */
	arb_history *h = history_from(START_FEN);

	play_all(h, "e2e4 e7e5");
	play_all(h, CYCLE4);
	ck_assert_int_eq(arb_history_occurrences(h), 2);
	play_all(h, "a2a3 a7a6");
	ck_assert_int_eq(arb_history_occurrences(h), 1);
	play_times(h, CYCLE4, 2);
	ck_assert_int_eq(arb_history_occurrences(h), 3);
	arb_history_free(h);
}
END_TEST

START_TEST(test_undo_restores_counts)
{
	arb_history *h = history_from(START_FEN);
	char before[ARB_FEN_MAX], after[ARB_FEN_MAX];

	arb_position_to_fen(arb_history_position(h), before, sizeof before, 0);
	play_all(h, "e2e4 e7e5");
	play_times(h, CYCLE4, 2);
	ck_assert_int_eq(arb_history_occurrences(h), 3);
	arb_position *start = must_parse(START_FEN);
	ck_assert_uint_eq(arb_history_move(h, 0), uci_move(start, "e2e4"));
	arb_position_free(start);
	ck_assert_uint_eq(arb_history_move(h, 10), ARB_MOVE_NONE);
	ck_assert_uint_eq(arb_history_move(h, -1), ARB_MOVE_NONE);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(arb_history_undo(h), ARB_OK);
	ck_assert_int_eq(arb_history_ply_count(h), 6);
	ck_assert_int_eq(arb_history_occurrences(h), 2);
	ck_assert_int_eq(arb_history_consecutive_occurrences(h), 2);
	/* Playing on after an undo overwrites the tail. */
	play_all(h, "b1c3 b8c6 c3b1 c6b8");
	ck_assert_int_eq(arb_history_occurrences(h), 3);
	ck_assert_int_eq(arb_history_consecutive_occurrences(h), 3);
	while (arb_history_ply_count(h) > 0)
		ck_assert_int_eq(arb_history_undo(h), ARB_OK);
	ck_assert_int_eq(arb_history_undo(h), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_history_occurrences(h), 1);
	arb_position_to_fen(arb_history_position(h), after, sizeof after, 0);
	ck_assert_str_eq(before, after);
	arb_history_free(h);
}
END_TEST

START_TEST(test_illegal_move_rejected)
{
	arb_history *h = history_from(START_FEN);
	arb_position *pos = must_parse("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");

	/* a1a8 is legal in pos, not in the start position */
	arb_move m = uci_move(pos, "a1a8");
	ck_assert_int_eq(arb_history_play(h, m), ARB_E_MOVE_ILLEGAL);
	ck_assert_int_eq(arb_history_play(h, ARB_MOVE_NULL), ARB_E_MOVE_ILLEGAL);
	ck_assert_int_eq(arb_history_play(h, ARB_MOVE_NONE), ARB_E_MOVE_ILLEGAL);
	ck_assert_int_eq(arb_history_ply_count(h), 0);
	ck_assert_int_eq(arb_history_occurrences(h), 1);
	arb_position_free(pos);
	arb_history_free(h);
}
END_TEST

/* A profile's own counts (draw.fivefold_count, draw.seventyfive_moves):
 * each at its limit and one short of it. */
START_TEST(test_ending_counts)
{
	arb_history *h = history_from(START_FEN);

	play_times(h, CYCLE4, 2); /* the start a third time */
	ck_assert_int_eq(arb_history_ending_counts(h, ARB_ENDING_FIVEFOLD, 3, 75, 0),
			 ARB_END_FIVEFOLD);
	ck_assert_int_eq(arb_history_ending_counts(h, ARB_ENDING_FIVEFOLD, 4, 75, 0), ARB_END_NONE);
	ck_assert_int_eq(arb_history_ending_counts(h, ARB_ENDING_FIVEFOLD_CONSECUTIVE, 3, 75, 0),
			 ARB_END_FIVEFOLD);
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_FIVEFOLD, 0), ARB_END_NONE);
	play_all(h, CYCLE4); /* a fourth */
	ck_assert_int_eq(arb_history_ending_counts(h, ARB_ENDING_FIVEFOLD, 4, 75, 0),
			 ARB_END_FIVEFOLD);
	ck_assert_int_eq(arb_history_ending_counts(h, ARB_ENDING_FIVEFOLD, 5, 75, 0), ARB_END_NONE);
	arb_history_free(h);

	/* 40 moves: a half-move clock of 80 ends the game, 79 does not. */
	h = history_from("7k/8/6K1/8/8/8/8/R7 w - - 78 150");
	play_all(h, "a1a2");
	ck_assert_int_eq(arb_history_ending_counts(h, ARB_ENDING_SEVENTYFIVE, 5, 40, 0),
			 ARB_END_NONE);
	play_all(h, "h8g8");
	ck_assert_int_eq(arb_history_ending_counts(h, ARB_ENDING_SEVENTYFIVE, 5, 40, 0),
			 ARB_END_SEVENTYFIVE);
	ck_assert_int_eq(arb_history_ending_counts(h, ARB_ENDING_SEVENTYFIVE, 5, 41, 0),
			 ARB_END_NONE);
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_SEVENTYFIVE, 0), ARB_END_NONE);
	ck_assert_int_eq(arb_history_ending_counts(h, 0, 5, 40, 0), ARB_END_NONE);
	arb_history_free(h);
}
END_TEST

/* The endings the adjudicator adds (arb_history_ending_limits): material,
 * a dead position by the static proofs, automatic 50 moves and threefold,
 * in the one precedence. */
START_TEST(test_ending_limits)
{
	const arb_ending_limits laws = {3, 5, 50, 75}, short3 = {2, 5, 50, 75};
	arb_history *h = history_from("4k3/8/8/8/8/8/8/3BK3 w - - 0 1");
	ck_assert_int_eq(arb_history_ending_limits(h, ARB_ENDING_MATERIAL, &laws, 0),
			 ARB_END_INSUFFICIENT);
	ck_assert_int_eq(
		arb_history_ending_limits(h, ARB_ENDING_MATERIAL | ARB_ENDING_DEAD, &laws, 0),
		ARB_END_INSUFFICIENT);
	ck_assert_int_eq(arb_history_ending_limits(h, ARB_ENDING_DEAD, &laws, 0), ARB_END_DEAD);
	ck_assert_int_eq(arb_history_ending_limits(h, ARB_ENDING_DEAD_STATIC, &laws, 0),
			 ARB_END_DEAD);
	ck_assert_int_eq(arb_history_ending_limits(h, 0, &laws, 0), ARB_END_NONE);
	arb_history_free(h);

	/* A locked pawn wall, kings behind it: dead by the static proofs. */
	h = history_from("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1");
	ck_assert_int_eq(arb_history_ending_limits(h, ARB_ENDING_MATERIAL, &laws, 0), ARB_END_NONE);
	ck_assert_int_eq(arb_history_ending_limits(h, ARB_ENDING_DEAD_STATIC, &laws, 0),
			 ARB_END_DEAD);
	arb_history_free(h);

	/* 50 moves, then 75 first when both are automatic. */
	h = history_from("7k/8/6K1/8/8/8/8/R7 w - - 99 150");
	ck_assert_int_eq(arb_history_ending_limits(h, ARB_ENDING_FIFTY, &laws, 0), ARB_END_NONE);
	play_all(h, "a1a2");
	ck_assert_int_eq(arb_history_ending_limits(h, ARB_ENDING_FIFTY, &laws, 0), ARB_END_FIFTY);
	ck_assert_int_eq(arb_history_ending_counts(h, ARB_ENDING_FIFTY, 5, 75, 0), ARB_END_FIFTY);
	arb_history_free(h);
	h = history_from("7k/8/6K1/8/8/8/8/R7 w - - 150 150");
	ck_assert_int_eq(
		arb_history_ending_limits(h, ARB_ENDING_FIFTY | ARB_ENDING_SEVENTYFIVE, &laws, 0),
		ARB_END_SEVENTYFIVE);
	arb_history_free(h);

	/* Threefold at the profile's count, after fivefold in the order. */
	h = history_from(START_FEN);
	play_all(h, CYCLE4);
	ck_assert_int_eq(arb_history_ending_limits(h, ARB_ENDING_THREEFOLD, &laws, 0),
			 ARB_END_NONE);
	ck_assert_int_eq(arb_history_ending_limits(h, ARB_ENDING_THREEFOLD, &short3, 0),
			 ARB_END_THREEFOLD);
	play_times(h, CYCLE4, 3); /* the fifth time */
	ck_assert_int_eq(arb_history_ending_limits(h, ARB_ENDING_THREEFOLD, &laws, 0),
			 ARB_END_THREEFOLD);
	ck_assert_int_eq(
		arb_history_ending_limits(h, ARB_ENDING_THREEFOLD | ARB_ENDING_FIVEFOLD, &laws, 0),
		ARB_END_FIVEFOLD);
	arb_history_free(h);
}
END_TEST

START_TEST(test_long_history_grows)
{
	/* More plies than the first allocation; counts stay right. */
	arb_history *h = history_from("4k3/8/8/8/8/8/8/4K3 w - - 0 1");

	play_times(h, "e1d1 e8d8 d1e1 d8e8", 100);
	ck_assert_int_eq(arb_history_ply_count(h), 400);
	ck_assert_int_eq(arb_history_occurrences(h), 101);
	ck_assert_int_eq(arb_history_consecutive_occurrences(h), 101);
	ck_assert_int_eq(arb_position_halfmove_clock(arb_history_position(h)), 400);
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_SEVENTYFIVE, 0), ARB_END_SEVENTYFIVE);
	arb_history_free(h);
}
END_TEST

/* ------------------------------------------------------------------------
 * Half-move clock of an intended move (FIDE 9.3)
 * ---------------------------------------------------------------------- */

static const struct {
	const char *fen, *uci;
	int want;
	const char *what;
} clock_cases[] = {
	{"r3k2r/8/8/3p4/8/8/4P3/R3K2R w KQkq - 7 20", "e2e4", 0, "pawn double step"},
	{"r3k2r/8/8/3p4/8/8/4P3/R3K2R w KQkq - 7 20", "e2e3", 0, "pawn step"},
	{"r3k2r/8/8/3p4/8/8/4P3/R3K2R w KQkq - 7 20", "a1b1", 8, "quiet rook move"},
	{"r3k2r/8/8/3p4/8/8/4P3/R3K2R w KQkq - 7 20", "e1f1", 8, "quiet king move"},
	{"r3k2r/8/8/3p4/8/8/4P3/R3K2R w KQkq - 7 20", "e1g1", 8, "castling kingside"},
	{"r3k2r/8/8/3p4/8/8/4P3/R3K2R w KQkq - 7 20", "e1c1", 8, "castling queenside"},
	{"r3k2r/8/8/3p4/8/8/4P3/R3K2R w KQkq - 7 20", "a1a8", 0, "rook captures rook"},
	{"r3k2r/8/8/3p4/8/8/4P3/R3K2R w KQkq - 7 20", "e1h1", 8, "castling as king takes rook"},
	{"4k3/1P6/8/8/8/8/8/4K3 w - - 12 40", "b7b8q", 0, "promotion"},
	{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 40", "e5d6", 0, "e.p. capture"},
	/* scenario A12: the move completes 50 moves */
	{"8/8/2k5/8/8/8/3K4/4R3 w - - 99 120", "e1e2", 100, "the 100th half-move"},
	/* scenario A15: the intended move is a capture */
	{"8/8/2k5/8/4p3/8/3K4/4R3 w - - 99 120", "e1e4", 0, "a capture on the 100th"},
	/* Chess960 castling, king onto its own rook */
	{"1r1k2r1/1ppppppp/8/8/8/8/1PPPPPPP/1R1K2R1 w GBgb - 30 20", "d1g1", 31,
	 "Chess960 castling"},
};

START_TEST(test_halfmove_clock_after)
{
	arb_history *h = history_from(clock_cases[_i].fen);
	arb_move m = hmove(h, clock_cases[_i].uci);
	int got = arb_history_halfmove_clock_after(h, m);

	ck_assert_msg(got == clock_cases[_i].want, "%s (%s): %d, expected %d", clock_cases[_i].what,
		      clock_cases[_i].uci, got, clock_cases[_i].want);
	/* It agrees with the clock after the move is played. */
	ck_assert_int_eq(arb_history_play(h, m), ARB_OK);
	ck_assert_int_eq(arb_position_halfmove_clock(arb_history_position(h)), got);
	arb_history_free(h);
}
END_TEST

/* ------------------------------------------------------------------------
 * The precedence of automatic endings
 * ---------------------------------------------------------------------- */

#define ALL_AUTOMATIC \
	(ARB_ENDING_FIVEFOLD | ARB_ENDING_FIVEFOLD_CONSECUTIVE | ARB_ENDING_SEVENTYFIVE)

START_TEST(test_mate_beats_the_counters)
{
	/* A mate wins, with no claim possible; also with the clock past 150. */
	arb_history *h = history_from("k7/8/NKB5/8/8/8/8/8 b - - 105 176");
	ck_assert_int_eq(arb_history_ending(h, ALL_AUTOMATIC, 0), ARB_END_CHECKMATE);
	ck_assert_int_eq(arb_history_ending(h, 0, 0), ARB_END_CHECKMATE);
	arb_history_free(h);

	h = history_from("k7/8/NKB5/8/8/8/8/8 b - - 160 176");
	ck_assert_int_eq(arb_history_ending(h, ALL_AUTOMATIC, 0), ARB_END_CHECKMATE);
	arb_history_free(h);

	/* The mating move is the one that reaches 150 half-moves (9.6.2). */
	h = history_from("k7/3B4/NK6/8/8/8/8/8 w - - 149 100");
	ck_assert_int_eq(arb_history_halfmove_clock_after(h, hmove(h, "d7c6")), 150);
	play_all(h, "d7c6");
	ck_assert_int_eq(arb_position_terminal(arb_history_position(h)), ARB_CHECKMATE);
	ck_assert_int_eq(arb_history_ending(h, ALL_AUTOMATIC, 0), ARB_END_CHECKMATE);
	arb_history_free(h);
}
END_TEST

START_TEST(test_only_move_reaches_seventyfive)
{
	/* The 75-move rule reached by a forced move: black's only move is Kg8,
	 * which leaves the clock at 150. */
	arb_history *h = history_from("7k/8/2R3K1/8/8/8/8/8 b - - 149 100");
	arb_move list[ARB_MAX_MOVES];

	ck_assert_int_eq(arb_position_legal_moves(arb_history_position(h), list), 1);
	ck_assert_uint_eq(list[0], hmove(h, "h8g8"));
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_SEVENTYFIVE, 0), ARB_END_NONE);
	ck_assert_int_eq(arb_history_halfmove_clock_after(h, list[0]), 150);
	ck_assert_int_eq(arb_history_play(h, list[0]), ARB_OK);
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_SEVENTYFIVE, 0), ARB_END_SEVENTYFIVE);
	ck_assert_int_eq(arb_history_ending(h, ALL_AUTOMATIC, 0), ARB_END_SEVENTYFIVE);
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_FIVEFOLD, 0), ARB_END_NONE);
	ck_assert_int_eq(arb_history_ending(h, 0, 0), ARB_END_NONE);
	arb_history_free(h);

	/* A set-up position already at 150 half-moves (docs/rules.md#move-counts). */
	h = history_from("7k/8/6K1/8/8/8/8/R7 b - - 150 150");
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_SEVENTYFIVE, 0), ARB_END_SEVENTYFIVE);
	arb_history_free(h);

	/* Scenario A16: a quiet move from 149. */
	h = history_from("7k/8/6K1/8/8/8/8/R7 w - - 149 150");
	play_all(h, "a1a2");
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_SEVENTYFIVE, 0), ARB_END_SEVENTYFIVE);
	arb_history_free(h);

	/* A capture on the 150th half-move resets the clock instead. */
	h = history_from("7k/8/6K1/8/8/8/r7/R7 w - - 149 150");
	play_all(h, "a1a2");
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_SEVENTYFIVE, 0), ARB_END_NONE);
	arb_history_free(h);
}
END_TEST

START_TEST(test_stalemate_on_the_150th)
{
	arb_history *h = history_from("7k/8/6K1/5Q2/8/8/8/8 w - - 149 100");

	play_all(h, "f5f7");
	ck_assert_int_eq(arb_position_halfmove_clock(arb_history_position(h)), 150);
	ck_assert_int_eq(arb_position_terminal(arb_history_position(h)), ARB_STALEMATE);
	ck_assert_int_eq(arb_history_ending(h, ALL_AUTOMATIC, 0), ARB_END_STALEMATE);
	ck_assert_int_eq(arb_history_ending(h, 0, 0), ARB_END_STALEMATE);
	arb_history_free(h);
}
END_TEST

START_TEST(test_dead_position_ending)
{
	arb_history *h = history_from("4k3/8/8/8/8/8/8/4K3 w - - 0 1");

	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_DEAD, 0), ARB_END_DEAD);
	ck_assert_int_eq(arb_history_ending(h, ALL_AUTOMATIC, 0), ARB_END_NONE);
	/* Dead comes before fivefold and the 75-move rule. */
	play_times(h, "e1d1 e8d8 d1e1 d8e8", 4);
	ck_assert_int_eq(arb_history_occurrences(h), 5);
	ck_assert_int_eq(arb_history_ending(h, ALL_AUTOMATIC, 0), ARB_END_FIVEFOLD);
	ck_assert_int_eq(arb_history_ending(h, ALL_AUTOMATIC | ARB_ENDING_DEAD, 0), ARB_END_DEAD);
	arb_history_free(h);

	/* A winnable position is not dead. */
	h = history_from("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_DEAD, 0), ARB_END_NONE);
	arb_history_free(h);

	/* Mate comes before dead: a mated side with mating material left on
	 * neither side is still mated. */
	h = history_from("k7/8/NKB5/8/8/8/8/8 b - - 0 1");
	ck_assert_int_eq(arb_history_ending(h, ARB_ENDING_DEAD | ALL_AUTOMATIC, 0),
			 ARB_END_CHECKMATE);
	arb_history_free(h);
}
END_TEST

/* ------------------------------------------------------------------------
 * "Can this side still checkmate?" (smoke tests)
 * ---------------------------------------------------------------------- */

/* Replays a winnable line on a copy of pos and checks that it ends with
 * `side` giving mate. */
static void check_mating_line(const arb_position *pos, arb_color side, const arb_analysis *a)
{
	arb_position *p = arb_position_clone(pos);

	ck_assert_ptr_nonnull(p);
	ck_assert_int_ge(a->line_len, 0);
	ck_assert_int_le(a->line_len, ARB_MATE_LINE_MAX);
	for (int i = 0; i < a->line_len; i++) {
		ck_assert_msg(arb_position_is_legal(p, a->line[i]), "line move %d is illegal", i);
		ck_assert_int_eq(arb_position_play(p, a->line[i]), ARB_OK);
	}
	ck_assert_int_eq(arb_position_terminal(p), ARB_CHECKMATE);
	ck_assert_int_eq(arb_position_side_to_move(p), side ^ 1);
	arb_position_free(p);
}

START_TEST(test_analysis_smoke)
{
	arb_analysis a;
	arb_position *pos = must_parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1");

	ck_assert_int_eq(arb_position_dead(pos, 0), ARB_UNWINNABLE);
	ck_assert_int_eq(arb_can_checkmate(pos, ARB_WHITE, 0, NULL), ARB_UNWINNABLE);
	ck_assert_int_eq(arb_can_checkmate(pos, ARB_BLACK, 0, &a), ARB_UNWINNABLE);
	ck_assert_int_eq(a.verdict, ARB_UNWINNABLE);
	arb_position_free(pos);

	pos = must_parse("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
	memset(&a, 0, sizeof a);
	ck_assert_int_eq(arb_can_checkmate(pos, ARB_WHITE, 0, &a), ARB_WINNABLE);
	ck_assert_int_eq(a.verdict, ARB_WINNABLE);
	ck_assert_int_gt(a.line_len, 0);
	check_mating_line(pos, ARB_WHITE, &a);
	ck_assert_int_eq(arb_can_checkmate(pos, ARB_BLACK, 0, NULL), ARB_UNWINNABLE);
	ck_assert_int_eq(arb_position_dead(pos, 0), ARB_WINNABLE);
	arb_position_free(pos);

	/* Black to move: the line starts with a black move. */
	pos = must_parse("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
	memset(&a, 0, sizeof a);
	ck_assert_int_eq(arb_can_checkmate(pos, ARB_WHITE, 0, &a), ARB_WINNABLE);
	check_mating_line(pos, ARB_WHITE, &a);
	arb_position_free(pos);

	/* Already mated by white: winnable with an empty line. */
	pos = must_parse("k7/8/NKB5/8/8/8/8/8 b - - 0 1");
	memset(&a, 0, sizeof a);
	ck_assert_int_eq(arb_can_checkmate(pos, ARB_WHITE, 0, &a), ARB_WINNABLE);
	ck_assert_int_eq(a.line_len, 0);
	check_mating_line(pos, ARB_WHITE, &a);
	ck_assert_int_eq(arb_can_checkmate(pos, ARB_BLACK, 0, NULL), ARB_UNWINNABLE);
	arb_position_free(pos);

	/* K+N+N v K: a helpmate exists, so the answer must never be unwinnable
	 * or dead. The search does not find it yet within a small budget (an
	 * open problem: the analysis should give no undetermined answers); a
	 * winnable answer must carry a mating line. */
	pos = must_parse("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1");
	memset(&a, 0, sizeof a);
	arb_verdict v = arb_can_checkmate(pos, ARB_WHITE, 20000, &a);
	ck_assert_int_ne(v, ARB_UNWINNABLE);
	if (v == ARB_WINNABLE)
		check_mating_line(pos, ARB_WHITE, &a);
	else
		printf("outcome: K+N+N v K undetermined at 20000 nodes (open problem)\n");
	ck_assert_int_ne(arb_position_dead(pos, 20000), ARB_UNWINNABLE);
	arb_position_free(pos);

	/* Bishops on one colour each side: dead. */
	pos = must_parse("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1");
	ck_assert_int_eq(arb_position_dead(pos, 0), ARB_UNWINNABLE);
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * Runner
 * ---------------------------------------------------------------------- */

static Suite *outcome_suite(void)
{
	Suite *s = suite_create("outcome");
	TCase *tc = tcase_create("terminal");
	tcase_add_loop_test(tc, test_terminal, 0, NROWS(terminal_cases));
	tcase_add_loop_test(tc, test_material, 0, NROWS(material_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("history");
	tcase_add_test(tc, test_start_position_counts);
	tcase_add_test(tc, test_threefold_knight_shuffle);
	tcase_add_test(tc, test_claim_with_intended_move);
	tcase_add_test(tc, test_claim_after_start_position);
	tcase_add_test(tc, test_pinned_ep_issue_trap);
	tcase_add_test(tc, test_phantom_ep_in_setup_fen);
	tcase_add_test(tc, test_pinned_ep_scenario_a08);
	tcase_add_test(tc, test_legal_ep_differs_a05);
	tcase_add_test(tc, test_castling_rights_differ_king_a09);
	tcase_add_test(tc, test_castling_rights_lost_by_rook_move);
	tcase_add_test(tc, test_fivefold_consecutive_vs_any_a04);
	tcase_add_test(tc, test_fivefold_one_broken_cycle);
	tcase_add_test(tc, test_fivefold_consecutive);
	tcase_add_test(tc, test_irreversible_move_breaks_repetition);
	tcase_add_test(tc, test_undo_restores_counts);
	tcase_add_test(tc, test_illegal_move_rejected);
	tcase_add_test(tc, test_long_history_grows);
	tcase_add_test(tc, test_ending_counts);
	tcase_add_loop_test(tc, test_halfmove_clock_after, 0, NROWS(clock_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("endings");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_mate_beats_the_counters);
	tcase_add_test(tc, test_only_move_reaches_seventyfive);
	tcase_add_test(tc, test_stalemate_on_the_150th);
	tcase_add_test(tc, test_dead_position_ending);
	tcase_add_test(tc, test_analysis_smoke);
	tcase_add_test(tc, test_ending_limits);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	/* Build the library's tables once, before Check forks for each test. */
	arb_position_free(arb_position_new());
	SRunner *sr = srunner_create(outcome_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
