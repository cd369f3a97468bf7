/*
 * test_san.c -- Standard Algebraic Notation out (arb_move_to_san) and in
 * (arb_move_from_san, lenient and ARB_SAN_STRICT).
 *
 * Output: tables of positions with the exact SAN of chosen moves (minimal
 * disambiguation by file, then rank, then both; captures, promotions, check
 * and mate marks, castling in standard chess and in Chess960 whatever the
 * squares, e.p.). Input: a table of texts with the move or the error code
 * they must give. Round trip: every legal move of every tricky.tsv position
 * and of positions from seeded random playouts is written, compared with a
 * reference SAN built here from the public API alone, and read back in both
 * modes. Candidates: every piece onto every square of those positions, read
 * and resolved against the whole legal list here, with the same answer.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "testutil.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define STRICT ARB_SAN_STRICT

/* ------------------------------------------------------------------------
 * Helpers
 * ---------------------------------------------------------------------- */

static arb_position *must_parse(const char *fen)
{
	arb_position *pos = arb_position_new();
	arb_error err;

	ck_assert_ptr_nonnull(pos);
	arb_status st = arb_position_set_fen(pos, fen, ARB_FEN_AUTO, &err);
	ck_assert_msg(st == ARB_OK, "\"%s\": %s: %s", fen, arb_status_name(st), err.message);
	return pos;
}

static arb_move uci_move(const arb_position *pos, const char *uci)
{
	arb_move m = ARB_MOVE_NONE;
	arb_error err;
	arb_status st = arb_move_from_uci(pos, uci, &m, &err);

	ck_assert_msg(st == ARB_OK, "test data: UCI %s: %s", uci, err.message);
	return m;
}

static const char *san_of(const arb_position *pos, arb_move m, char *buf)
{
	memset(buf, 0x7f, ARB_SAN_MAX);
	size_t len = arb_move_to_san(pos, m, buf);
	ck_assert_uint_lt(len, ARB_SAN_MAX);
	ck_assert_uint_eq(len, strlen(buf));
	return buf;
}

/* The SAN an arbiter expects, built from the legal move list and the board
 * only (PGN standard 8.2.3), to check arb_move_to_san independently. */
static void ref_san(const arb_position *pos, arb_move m, char *out)
{
	static const char letters[] = "  NBRQK";
	const int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
	const arb_move_kind kind = ARB_MOVE_KIND(m);
	const arb_piece_type type = ARB_PIECE_TYPE(arb_position_piece_at(pos, from));
	char *p = out;

	if (kind == ARB_MOVE_CASTLING) {
		strcpy(p, to > from ? "O-O" : "O-O-O");
		p += strlen(p);
	} else {
		int capture =
			kind == ARB_MOVE_EN_PASSANT || arb_position_piece_at(pos, to) != ARB_EMPTY;
		if (type == ARB_PAWN) {
			if (capture)
				*p++ = (char)('a' + ARB_FILE(from));
		} else {
			arb_move list[ARB_MAX_MOVES];
			int n = arb_position_legal_moves(pos, list), others = 0, file = 0, rank = 0;
			*p++ = letters[type];
			for (int i = 0; i < n; i++) {
				int f = ARB_MOVE_FROM(list[i]);
				if (f == from || ARB_MOVE_TO(list[i]) != to ||
				    ARB_MOVE_KIND(list[i]) == ARB_MOVE_CASTLING ||
				    ARB_PIECE_TYPE(arb_position_piece_at(pos, f)) != type)
					continue;
				others = 1;
				file |= ARB_FILE(f) == ARB_FILE(from);
				rank |= ARB_RANK(f) == ARB_RANK(from);
			}
			if (others && !file) {
				*p++ = (char)('a' + ARB_FILE(from));
			} else if (others && !rank) {
				*p++ = (char)('1' + ARB_RANK(from));
			} else if (others) {
				*p++ = (char)('a' + ARB_FILE(from));
				*p++ = (char)('1' + ARB_RANK(from));
			}
		}
		if (capture)
			*p++ = 'x';
		*p++ = (char)('a' + ARB_FILE(to));
		*p++ = (char)('1' + ARB_RANK(to));
		if (kind == ARB_MOVE_PROMOTION) {
			*p++ = '=';
			*p++ = letters[ARB_MOVE_PROMOTION_TYPE(m)];
		}
	}
	arb_position *after = arb_position_clone(pos);
	ck_assert_int_eq(arb_position_play(after, m), ARB_OK);
	if (arb_position_in_check(after))
		*p++ = arb_position_count_moves(after) ? '+' : '#';
	*p = 0;
	arb_position_free(after);
}

static void check_error(const char *text, arb_status st, const arb_error *err, arb_status code)
{
	ck_assert_msg(st == code, "\"%s\": got %s, expected %s (%s)", text, arb_status_name(st),
		      arb_status_name(code), err->message);
	ck_assert_int_eq(err->code, code);
	ck_assert_msg(memchr(err->message, 0, sizeof err->message) != NULL, "unterminated message");
	/* The message names the token it rejects (its first 20 bytes at least). */
	char head[21];
	snprintf(head, sizeof head, "%s", text);
	if (*head)
		ck_assert_msg(strstr(err->message, head) != NULL,
			      "\"%s\": message does not name the token: %s", text, err->message);
}

/* ------------------------------------------------------------------------
 * Output
 * ---------------------------------------------------------------------- */

typedef struct out_case {
	const char *fen, *uci, *san;
} out_case;

static const out_case out_cases[] = {
	/* Ordinary moves. */
	{START_FEN, "e2e4", "e4"},
	{START_FEN, "g1f3", "Nf3"},
	{START_FEN, "b1c3", "Nc3"},
	/* Disambiguation by file: knights on b1 and f3 both reach d2. */
	{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
	{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2"},
	{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3e5", "Ne5"},
	/* By rank: rooks on a1 and a5 both reach a3. */
	{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
	{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"},
	{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5b5", "Rb5"},
	/* File when the files differ, even if the ranks are equal too. */
	{"4k3/8/8/8/8/8/8/R5RK w - - 0 1", "a1d1", "Rad1"},
	{"4k3/8/8/8/8/8/8/R5RK w - - 0 1", "g1d1", "Rgd1"},
	/* Three queens reaching e1: file, rank, then both. */
	{"8/8/1k6/8/4Q2Q/8/K7/7Q w - - 0 1", "e4e1", "Qee1"},
	{"8/8/1k6/8/4Q2Q/8/K7/7Q w - - 0 1", "h1e1", "Q1e1"},
	{"8/8/1k6/8/4Q2Q/8/K7/7Q w - - 0 1", "h4e1", "Qh4e1"},
	{"8/8/1k6/8/4Q2Q/8/K7/4r2Q w - - 0 1", "h4e1", "Qh4xe1"},
	{"8/8/1k6/8/4Q2Q/8/K7/4r2Q w - - 0 1", "e4e1", "Qexe1"},
	{"8/8/1k6/8/4Q2Q/8/K7/4r2Q w - - 0 1", "h1e1", "Q1xe1"},
	/* A pinned knight does not count: the b1 knight's move needs no letter. */
	{"4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1", "b1d2", "Nd2"},
	/* Black pieces disambiguate the same way. */
	{"r5rk/8/8/8/8/8/8/4K3 b - - 0 1", "a8d8", "Rad8"},
	{"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "a1d1", "Rd1"},
	/* Captures, promotions, check and mate. */
	{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
	{"3r4/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q"},
	{"3r4/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e8=N+"},
	{"3r4/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8r", "e8=R"},
	{"3r4/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8b", "e8=B"},
	{"3r4/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", "exd8=Q"},
	{"3r4/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7d8n", "exd8=N"},
	{"4k3/8/8/8/8/8/p7/1R2K3 b - - 0 1", "a2b1q", "axb1=Q+"},
	{"4k3/8/8/8/8/8/p7/1R2K3 b - - 0 1", "a2a1n", "a1=N"},
	{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
	{"6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8+"},
	{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
	/* e.p. */
	{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6"},
	{"8/8/8/2k5/2pP4/8/4K3/8 b - d3 0 1", "c4d3", "cxd3+"},
	/* Castling in standard chess (UCI king onto rook is accepted everywhere). */
	{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "O-O"},
	{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1a1", "O-O-O"},
	{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8h8", "O-O"},
	{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8", "O-O-O"},
	{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1", "O-O+"},
	{"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1", "O-O-O+"},
	/* Chess960: castling whatever the squares. */
	{"1r1k2r1/1ppppppp/8/8/8/8/1PPPPPPP/rR1K2R1 w GBgb - 0 1", "d1g1", "O-O"},
	{"1r1k2r1/1ppppppp/8/8/8/8/1PPPPPPP/rR1K2R1 w GBgb - 0 1", "d1e1", "Ke1"},
	{"1r1k2r1/1ppppppp/8/8/8/8/1PPPPPPP/rR1K2R1 w GBgb - 0 1", "d1c1", "Kc1"},
	{"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", "d1e1", "O-O+"},
	{"4r3/3k4/8/8/8/8/q5PP/1R1KR3 w Q - 2 2", "d1b1", "O-O-O+"},
	{"3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1", "f1g1", "O-O"},
	{"3r1k1r/4pp2/8/8/8/8/8/4RRK1 b d - 2 1", "f8d8", "O-O-O"},
	{"Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1", "g1h1", "O-O"},
	{"4k3/8/8/8/8/8/8/4K1RR w G - 0 1", "e1g1", "O-O"},
	{"8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K - 0 1", "g2h1", "Kxh1"},
	{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", "d1c3", "Nc3"},
};

START_TEST(test_output_table)
{
	char buf[ARB_SAN_MAX], ref[ARB_SAN_MAX];

	for (size_t i = 0; i < sizeof out_cases / sizeof out_cases[0]; i++) {
		const out_case *c = &out_cases[i];
		arb_position *pos = must_parse(c->fen);
		arb_move m = uci_move(pos, c->uci);
		ck_assert_msg(strcmp(san_of(pos, m, buf), c->san) == 0,
			      "\"%s\" %s: SAN \"%s\", expected \"%s\"", c->fen, c->uci, buf,
			      c->san);
		ref_san(pos, m, ref);
		ck_assert_msg(strcmp(ref, c->san) == 0, "test's reference SAN \"%s\" != \"%s\"",
			      ref, c->san);
		/* The canonical text reads back in both modes. */
		arb_move back = ARB_MOVE_NONE;
		arb_error err;
		ck_assert_msg(arb_move_from_san(pos, buf, strlen(buf), STRICT, &back, &err) ==
					      ARB_OK &&
				      back == m,
			      "\"%s\": strict read of \"%s\" fails: %s", c->fen, buf, err.message);
		ck_assert(arb_move_from_san(pos, buf, strlen(buf), 0, &back, &err) == ARB_OK &&
			  back == m);
		arb_position_free(pos);
	}
}
END_TEST

START_TEST(test_output_castling_modes)
{
	/* The same castling is O-O whatever the notation mode. */
	static const char *const fens[] = {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
					   "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
					   "Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1"};
	char buf[ARB_SAN_MAX];

	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		arb_position *pos = must_parse(fens[i]);
		for (int mode = 0; mode < 2; mode++) {
			arb_move list[ARB_MAX_MOVES];
			int n = arb_position_legal_moves(pos, list), castles = 0;
			arb_position_set_chess960(pos, mode);
			for (int k = 0; k < n; k++) {
				if (ARB_MOVE_KIND(list[k]) != ARB_MOVE_CASTLING)
					continue;
				castles++;
				san_of(pos, list[k], buf);
				ck_assert_msg(
					!strncmp(buf,
						 ARB_MOVE_TO(list[k]) > ARB_MOVE_FROM(list[k]) ?
							 "O-O" :
							 "O-O-O",
						 ARB_MOVE_TO(list[k]) > ARB_MOVE_FROM(list[k]) ? 3 :
												 5),
					"%s mode %d: %s", fens[i], mode, buf);
			}
			ck_assert_int_gt(castles, 0);
		}
		arb_position_free(pos);
	}
}
END_TEST

START_TEST(test_output_null_move)
{
	char buf[ARB_SAN_MAX];
	arb_position *pos = arb_position_new();
	ck_assert_str_eq(san_of(pos, ARB_MOVE_NULL, buf), "--");
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * Input
 * ---------------------------------------------------------------------- */

typedef struct in_case {
	const char *fen, *text;
	unsigned flags;
	arb_status code;
	const char *uci; /* the move, when code is ARB_OK */
} in_case;

#define P_AMB "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
#define P_PIN "4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1"
#define P_Q3 "8/8/1k6/8/4Q2Q/8/K7/7Q w - - 0 1"
#define P_CASTLE "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define P_PROMO "3r4/4P1k1/8/8/8/8/8/4K3 w - - 0 1"
#define P_EP "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
#define P_MATE "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
#define P_CHECK "6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1"
#define P_960 "1r1k2r1/1ppppppp/8/8/8/8/1PPPPPPP/rR1K2R1 w GBgb - 0 1"

static const in_case in_cases[] = {
	/* Canonical SAN, both modes. */
	{START_FEN, "e4", 0, ARB_OK, "e2e4"},
	{START_FEN, "e4", STRICT, ARB_OK, "e2e4"},
	{START_FEN, "Nf3", STRICT, ARB_OK, "g1f3"},
	/* Attached annotation glyphs, both modes. */
	{START_FEN, "e4!?", 0, ARB_OK, "e2e4"},
	{START_FEN, "e4!?", STRICT, ARB_OK, "e2e4"},
	{START_FEN, "Nf3!!", 0, ARB_OK, "g1f3"},
	{START_FEN, "Nf3!!", STRICT, ARB_OK, "g1f3"},
	{START_FEN, "d4?", 0, ARB_OK, "d2d4"},
	{START_FEN, "d4?!", 0, ARB_OK, "d2d4"},
	{START_FEN, "d4??", 0, ARB_OK, "d2d4"},
	/* An extra check mark: lenient only. */
	{START_FEN, "Nf3+", 0, ARB_OK, "g1f3"},
	{START_FEN, "Nf3+", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "Nf3#", 0, ARB_OK, "g1f3"},
	/* Over-disambiguation: lenient only. */
	{START_FEN, "Ng1f3", 0, ARB_OK, "g1f3"},
	{START_FEN, "Ngf3", 0, ARB_OK, "g1f3"},
	{START_FEN, "N1f3", 0, ARB_OK, "g1f3"},
	{START_FEN, "Ng1f3", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "Ngf3", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	/* A capture mark on a non-capture: lenient accepts, strict refuses. */
	{START_FEN, "Nxf3", 0, ARB_OK, "g1f3"},
	{START_FEN, "Nxf3", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	/* Illegal moves. */
	{START_FEN, "e5", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{START_FEN, "Nf4", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{START_FEN, "Ke2", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{START_FEN, "Qh5", STRICT, ARB_E_MOVE_ILLEGAL, NULL},
	{START_FEN, "Bb5", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{START_FEN, "exd3", 0, ARB_E_MOVE_ILLEGAL, NULL},
	/* Castling not legal: the path is blocked. */
	{START_FEN, "O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{START_FEN, "O-O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{START_FEN, "0-0", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{START_FEN, "O-O", STRICT, ARB_E_MOVE_ILLEGAL, NULL},
	/* Syntax. */
	{START_FEN, "", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "e9", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "i4", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "Xe4", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "N", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "Nf", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "4e", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "e4e4e4", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "O-O-O-O", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "Nf3xx", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "N@f3", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "!!", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "+", 0, ARB_E_MOVE_SYNTAX, NULL},
	{START_FEN, "Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3", 0, ARB_E_MOVE_SYNTAX, NULL},
	/* Ambiguity: never the first match, in either mode. */
	{P_AMB, "Nd2", 0, ARB_E_MOVE_AMBIGUOUS, NULL},
	{P_AMB, "Nd2", STRICT, ARB_E_MOVE_AMBIGUOUS, NULL},
	{P_AMB, "Nxd2", 0, ARB_E_MOVE_AMBIGUOUS, NULL},
	{P_AMB, "Nd2+", 0, ARB_E_MOVE_AMBIGUOUS, NULL},
	{P_AMB, "Nbd2", 0, ARB_OK, "b1d2"},
	{P_AMB, "Nbd2", STRICT, ARB_OK, "b1d2"},
	{P_AMB, "Nfd2", STRICT, ARB_OK, "f3d2"},
	{P_AMB, "N1d2", 0, ARB_OK, "b1d2"},
	{P_AMB, "N3d2", 0, ARB_OK, "f3d2"},
	{P_AMB, "N1d2", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{P_AMB, "Nb1d2", 0, ARB_OK, "b1d2"},
	{P_AMB, "Nb1d2", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{P_AMB, "Ncd2", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{P_Q3, "Qe1", 0, ARB_E_MOVE_AMBIGUOUS, NULL},
	{P_Q3, "Qhe1", 0, ARB_E_MOVE_AMBIGUOUS, NULL},
	{P_Q3, "Q4e1", 0, ARB_E_MOVE_AMBIGUOUS, NULL},
	{P_Q3, "Qee1", STRICT, ARB_OK, "e4e1"},
	{P_Q3, "Q1e1", STRICT, ARB_OK, "h1e1"},
	{P_Q3, "Qh4e1", STRICT, ARB_OK, "h4e1"},
	{P_Q3, "Qh1e1", 0, ARB_OK, "h1e1"},
	{P_Q3, "Qh1e1", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{P_Q3, "Qe4e1", 0, ARB_OK, "e4e1"},
	/* A pinned piece does not make a move ambiguous. */
	{P_PIN, "Nd2", STRICT, ARB_OK, "b1d2"},
	{P_PIN, "Nfd2", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{P_PIN, "Nbd2", 0, ARB_OK, "b1d2"},
	{P_PIN, "Nbd2", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	/* Castling: O-O and 0-0, a check mark, and a king move written for it. */
	{P_CASTLE, "O-O", STRICT, ARB_OK, "e1h1"},
	{P_CASTLE, "O-O-O", STRICT, ARB_OK, "e1a1"},
	{P_CASTLE, "0-0", 0, ARB_OK, "e1h1"},
	{P_CASTLE, "0-0-0", 0, ARB_OK, "e1a1"},
	{P_CASTLE, "0-0", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{P_CASTLE, "O-O+", 0, ARB_OK, "e1h1"},
	{P_CASTLE, "O-O!", STRICT, ARB_OK, "e1h1"},
	{P_CASTLE, "Kg1", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{P_CASTLE, "Kc1", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{P_CASTLE, "Kxh1", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{P_CASTLE, "Kf1", STRICT, ARB_OK, "e1f1"},
	{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O-O", 0, ARB_OK, "e1a1"},
	{"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	/* Promotions: e8=Q, e8Q, e8=q; the piece is required. */
	{P_PROMO, "e8=Q", STRICT, ARB_OK, "e7e8q"},
	{P_PROMO, "e8Q", 0, ARB_OK, "e7e8q"},
	{P_PROMO, "e8Q", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{P_PROMO, "e8=q", 0, ARB_OK, "e7e8q"},
	{P_PROMO, "e8=N+", STRICT, ARB_OK, "e7e8n"},
	{P_PROMO, "e8=N", 0, ARB_OK, "e7e8n"},
	{P_PROMO, "e8=N", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{P_PROMO, "e8N", 0, ARB_OK, "e7e8n"},
	{P_PROMO, "e8=R", 0, ARB_OK, "e7e8r"},
	{P_PROMO, "e8=b", 0, ARB_OK, "e7e8b"},
	{P_PROMO, "exd8=Q", STRICT, ARB_OK, "e7d8q"},
	{P_PROMO, "exd8Q", 0, ARB_OK, "e7d8q"},
	{P_PROMO, "exd8=N", STRICT, ARB_OK, "e7d8n"},
	{P_PROMO, "exd8=Q+", 0, ARB_OK, "e7d8q"},
	{P_PROMO, "e8=K", 0, ARB_E_MOVE_SYNTAX, NULL},
	{P_PROMO, "e8=P", 0, ARB_E_MOVE_SYNTAX, NULL},
	{P_PROMO, "e6", 0, ARB_E_MOVE_ILLEGAL, NULL},
	/* e.p.: "exd6" and "exd6e.p."; a pawn written without file moves straight. */
	{P_EP, "exd6", STRICT, ARB_OK, "e5d6"},
	{P_EP, "exd6e.p.", 0, ARB_OK, "e5d6"},
	{P_EP, "exd6e.p.", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{P_EP, "exd6+", 0, ARB_OK, "e5d6"},
	{P_EP, "d6", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{P_EP, "e6", STRICT, ARB_OK, "e5e6"},
	{P_EP, "exf6", 0, ARB_E_MOVE_ILLEGAL, NULL},
	/* Check and mate marks. */
	{P_MATE, "Ra8#", STRICT, ARB_OK, "a1a8"},
	{P_MATE, "Ra8", 0, ARB_OK, "a1a8"},
	{P_MATE, "Ra8+", 0, ARB_OK, "a1a8"},
	{P_MATE, "Ra8", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{P_MATE, "Ra8+", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{P_CHECK, "Ra8+", STRICT, ARB_OK, "a1a8"},
	{P_CHECK, "Ra8#", 0, ARB_OK, "a1a8"},
	{P_CHECK, "Ra8#", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	/* Chess960: O-O whatever the squares; king moves are not castling. */
	{P_960, "O-O", STRICT, ARB_OK, "d1g1"},
	{P_960, "0-0", 0, ARB_OK, "d1g1"},
	{P_960, "O-O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{P_960, "Ke1", STRICT, ARB_OK, "d1e1"},
	{P_960, "Kc1", STRICT, ARB_OK, "d1c1"},
	{P_960, "Kxg1", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{P_960, "Kg1", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", "O-O+", STRICT, ARB_OK, "d1e1"},
	{"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", "O-O", 0, ARB_OK, "d1e1"},
	{"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", "O-O", STRICT, ARB_E_MOVE_SYNTAX, NULL},
	{"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", "Ke1", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", "Kxe1", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"4r3/3k4/8/8/8/8/q5PP/1R1KR3 w Q - 2 2", "O-O-O+", STRICT, ARB_OK, "d1b1"},
	{"4r3/3k4/8/8/8/8/q5PP/1R1KR3 w Q - 2 2", "0-0-0", 0, ARB_OK, "d1b1"},
	{"Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1", "O-O", STRICT, ARB_OK, "g1h1"},
	{"Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1", "Kh1", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1", "Kxh1", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"3r1k1r/4pp2/8/8/8/8/8/4RRK1 b d - 2 1", "O-O-O", STRICT, ARB_OK, "f8d8"},
	{"3r1k1r/4pp2/8/8/8/8/8/4RRK1 b d - 2 1", "O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"4k3/8/8/8/8/8/8/rR2K1N1 w Q - 0 1", "O-O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"4k3/8/8/1b6/8/8/8/5RKR w KQ - 0 1", "O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"4k3/8/8/1b6/8/8/8/5RKR w KQ - 0 1", "O-O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"4k3/8/8/8/8/8/8/4K1RR w K - 0 1", "O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"4k3/8/8/8/8/8/8/4K1RR w G - 0 1", "O-O", STRICT, ARB_OK, "e1g1"},
	{"4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", "O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", "O-O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
	{"8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K - 0 1", "Kxh1", STRICT, ARB_OK, "g2h1"},
	{"8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K - 0 1", "O-O", 0, ARB_E_MOVE_ILLEGAL, NULL},
};

START_TEST(test_input_table)
{
	for (size_t i = 0; i < sizeof in_cases / sizeof in_cases[0]; i++) {
		const in_case *c = &in_cases[i];
		arb_position *pos = must_parse(c->fen);
		arb_move m = 0x5555;
		arb_error err;
		memset(&err, 0x55, sizeof err);
		arb_status st =
			arb_move_from_san(pos, c->text, strlen(c->text), c->flags, &m, &err);
		if (c->code == ARB_OK) {
			ck_assert_msg(st == ARB_OK, "\"%s\" in \"%s\" (flags %u): %s: %s", c->text,
				      c->fen, c->flags, arb_status_name(st), err.message);
			ck_assert_msg(m == uci_move(pos, c->uci), "\"%s\" in \"%s\": wrong move",
				      c->text, c->fen);
		} else {
			check_error(c->text, st, &err, c->code);
		}
		/* err may be NULL. */
		ck_assert_int_eq(
			arb_move_from_san(pos, c->text, strlen(c->text), c->flags, &m, NULL),
			c->code);
		arb_position_free(pos);
	}
}
END_TEST

START_TEST(test_input_long_algebraic)
{
	/* Long algebraic is not required; if accepted it must be the right move. */
	static const struct {
		const char *text, *uci;
	} t[] = {{"Ng1-f3", "g1f3"}, {"e2-e4", "e2e4"}, {"Nb1-c3", "b1c3"}};
	arb_position *pos = arb_position_new();

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		arb_move m = ARB_MOVE_NONE;
		arb_error err;
		arb_status st = arb_move_from_san(pos, t[i].text, strlen(t[i].text), 0, &m, &err);
		if (st == ARB_OK)
			ck_assert_msg(m == uci_move(pos, t[i].uci), "%s: wrong move", t[i].text);
		else
			check_error(t[i].text, st, &err, ARB_E_MOVE_SYNTAX);
		st = arb_move_from_san(pos, t[i].text, strlen(t[i].text), STRICT, &m, &err);
		check_error(t[i].text, st, &err, ARB_E_MOVE_SYNTAX);
	}
	arb_position_free(pos);
}
END_TEST

START_TEST(test_input_length_and_null)
{
	arb_position *pos = arb_position_new();
	arb_move m;
	arb_error err;

	/* The text need not be NUL-terminated: only `len` bytes are read. */
	ck_assert_int_eq(arb_move_from_san(pos, "e4xyz", 2, STRICT, &m, &err), ARB_OK);
	ck_assert_int_eq(m, uci_move(pos, "e2e4"));
	ck_assert_int_eq(arb_move_from_san(pos, "Nf3 e5", 3, STRICT, &m, &err), ARB_OK);
	ck_assert_int_eq(m, uci_move(pos, "g1f3"));
	ck_assert_int_eq(arb_move_from_san(pos, "e4", 0, 0, &m, &err), ARB_E_MOVE_SYNTAX);
	/* The null move. */
	ck_assert_int_eq(arb_move_from_san(pos, "--", 2, 0, &m, &err), ARB_OK);
	ck_assert_int_eq(m, ARB_MOVE_NULL);
	ck_assert_int_eq(arb_move_from_san(pos, "Z0", 2, 0, &m, &err), ARB_OK);
	ck_assert_int_eq(m, ARB_MOVE_NULL);
	arb_position_free(pos);
}
END_TEST

START_TEST(test_input_ambiguous_message)
{
	arb_position *pos = must_parse(P_AMB);
	arb_move m = 0x1234;
	arb_error err;

	ck_assert_int_eq(arb_move_from_san(pos, "Nd2", 3, 0, &m, &err), ARB_E_MOVE_AMBIGUOUS);
	/* Says why: both candidates are named. */
	ck_assert_msg(strstr(err.message, "b1") && strstr(err.message, "f3"), "%s", err.message);
	ck_assert_int_ne(m, uci_move(pos, "b1d2"));
	ck_assert_int_ne(m, uci_move(pos, "f3d2"));
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * Round trips
 * ---------------------------------------------------------------------- */

static tsv_file tricky, c960;
static long rt_moves, rt_failures;

/* Every legal move: SAN equal to the reference, unique in the position, and
 * read back as the same move in lenient and strict mode. */
static void roundtrip_position(const arb_position *pos, const char *where)
{
	arb_move list[ARB_MAX_MOVES];
	char san[ARB_MAX_MOVES][ARB_SAN_MAX], ref[ARB_SAN_MAX];
	int n = arb_position_legal_moves(pos, list);

	for (int i = 0; i < n; i++) {
		arb_move_to_san(pos, list[i], san[i]);
		ref_san(pos, list[i], ref);
		rt_moves++;
		int bad = strcmp(ref, san[i]) != 0;
		for (int j = 0; j < i && !bad; j++)
			bad = strcmp(san[i], san[j]) == 0;
		for (unsigned flags = 0; flags <= STRICT && !bad; flags += STRICT) {
			arb_move back = ARB_MOVE_NONE;
			arb_error err;
			arb_status st =
				arb_move_from_san(pos, san[i], strlen(san[i]), flags, &back, &err);
			bad = st != ARB_OK || back != list[i];
		}
		if (bad && ++rt_failures <= 10) {
			char fen[ARB_FEN_MAX], uci[8];
			arb_position_to_fen(pos, fen, sizeof fen, ARB_FEN_SHREDDER);
			arb_move_to_uci(pos, list[i], uci);
			printf("FAIL %s: \"%s\" %s: SAN \"%s\", reference \"%s\"\n", where, fen,
			       uci, san[i], ref);
		}
	}
}

START_TEST(test_roundtrip_tricky)
{
	int cname = tsv_column(&tricky, "name"), cfen = tsv_column(&tricky, "fen");

	ck_assert(cname >= 0 && cfen >= 0 && tricky.nrows > 0);
	rt_moves = rt_failures = 0;
	for (int r = 0; r < tricky.nrows; r++) {
		const char *name = tsv_get(&tricky.rows[r], cname);
		arb_position *pos = must_parse(tsv_get(&tricky.rows[r], cfen));
		arb_move list[ARB_MAX_MOVES];
		int n = arb_position_legal_moves(pos, list);
		for (int mode = 0; mode < 2; mode++) {
			arb_position_set_chess960(pos, mode);
			roundtrip_position(pos, name);
		}
		/* And one ply further. */
		for (int i = 0; i < n; i++) {
			arb_undo u;
			arb_position_do_move(pos, list[i], &u);
			roundtrip_position(pos, name);
			arb_position_undo_move(pos, list[i], &u);
		}
		arb_position_free(pos);
	}
	printf("san round trip (tricky): %ld moves, %ld failures\n", rt_moves, rt_failures);
	fflush(stdout);
	ck_assert_int_gt(rt_moves, 20000);
	ck_assert_msg(rt_failures == 0, "%ld moves fail (the first 10 are listed)", rt_failures);
}
END_TEST

/* ------------------------------------------------------------------------
 * Candidates: the reader looks only at the written piece's moves onto the
 * written square; here every such text is also resolved against the whole
 * legal list, and the two must agree (move, error code, the ambiguous
 * message's first two moves).
 * ---------------------------------------------------------------------- */

static long cand_texts, cand_failures;

/* The reference: the moves of the whole list that `type` from (file, rank)
 * (-1 = not given) to `to` with promotion `promo` (0 = none) can mean. */
static int ref_matches(const arb_position *pos, int type, int file, int rank, int to, int promo,
		       arb_move *hits)
{
	arb_move list[ARB_MAX_MOVES];
	int n = arb_position_legal_moves(pos, list), found = 0;

	for (int i = 0; i < n; i++) {
		arb_move m = list[i];
		int from = ARB_MOVE_FROM(m);
		if (ARB_MOVE_KIND(m) == ARB_MOVE_CASTLING || ARB_MOVE_TO(m) != to ||
		    (int)ARB_PIECE_TYPE(arb_position_piece_at(pos, from)) != type)
			continue;
		if ((file >= 0 && ARB_FILE(from) != file) || (rank >= 0 && ARB_RANK(from) != rank))
			continue;
		if (type == ARB_PAWN && file < 0 && ARB_FILE(from) != ARB_FILE(to))
			continue;
		int mpromo = ARB_MOVE_KIND(m) == ARB_MOVE_PROMOTION ?
				     (int)ARB_MOVE_PROMOTION_TYPE(m) :
				     0;
		if (mpromo == promo)
			hits[found++] = m;
	}
	return found;
}

static void candidate_text(const arb_position *pos, int type, int file, int rank, int to, int promo)
{
	static const char letters[] = " PNBRQK";
	char text[16], a[8], b[8];
	size_t k = 0;
	arb_move hits[ARB_MAX_MOVES], m = ARB_MOVE_NONE;
	arb_error err;

	if (type != ARB_PAWN)
		text[k++] = letters[type];
	if (file >= 0)
		text[k++] = (char)('a' + file);
	if (rank >= 0)
		text[k++] = (char)('1' + rank);
	if (type == ARB_PAWN && file >= 0)
		text[k++] = 'x';
	text[k++] = (char)('a' + ARB_FILE(to));
	text[k++] = (char)('1' + ARB_RANK(to));
	if (promo) {
		text[k++] = '=';
		text[k++] = letters[promo];
	}
	text[k] = 0;
	int found = ref_matches(pos, type, file, rank, to, promo, hits);
	arb_status st = arb_move_from_san(pos, text, k, 0, &m, &err);
	int bad;
	if (found == 1) {
		bad = st != ARB_OK || m != hits[0];
	} else if (found == 0) {
		bad = st != ARB_E_MOVE_ILLEGAL;
	} else {
		char want[64];
		arb_move_to_uci(pos, hits[0], a);
		arb_move_to_uci(pos, hits[1], b);
		snprintf(want, sizeof want, "fits %d legal moves (%s, %s", found, a, b);
		bad = st != ARB_E_MOVE_AMBIGUOUS || !strstr(err.message, want);
	}
	cand_texts++;
	if (bad && ++cand_failures <= 10) {
		char fen[ARB_FEN_MAX];
		arb_position_to_fen(pos, fen, sizeof fen, ARB_FEN_SHREDDER);
		printf("FAIL \"%s\" %s: %s (%s), the whole list has %d\n", fen, text,
		       arb_status_name(st), st == ARB_OK ? "" : err.message, found);
	}
}

/* Every piece onto every square, written bare, with its file, with its rank. */
static void candidates_position(const arb_position *pos)
{
	for (int to = 0; to < 64; to++) {
		for (int type = ARB_PAWN; type <= ARB_KING; type++) {
			int last = ARB_RANK(to) == 0 || ARB_RANK(to) == 7;
			for (int d = -1; d < 16; d++) {
				int file = d >= 0 && d < 8 ? d : -1, rank = d >= 8 ? d - 8 : -1;
				if (type == ARB_PAWN && rank >= 0)
					continue;
				candidate_text(pos, type, file, rank, to, 0);
				if (type == ARB_PAWN && last) {
					candidate_text(pos, type, file, rank, to, ARB_QUEEN);
					candidate_text(pos, type, file, rank, to, ARB_KNIGHT);
				}
			}
		}
	}
}

START_TEST(test_candidates_tricky)
{
	int cfen = tsv_column(&tricky, "fen");

	ck_assert(cfen >= 0 && tricky.nrows > 0);
	cand_texts = cand_failures = 0;
	for (int r = 0; r < tricky.nrows; r++) {
		arb_position *pos = must_parse(tsv_get(&tricky.rows[r], cfen));
		arb_move list[ARB_MAX_MOVES];
		int n = arb_position_legal_moves(pos, list);
		candidates_position(pos);
		for (int i = 0; i < n; i++) { /* and one ply further */
			arb_undo u;
			arb_position_do_move(pos, list[i], &u);
			candidates_position(pos);
			arb_position_undo_move(pos, list[i], &u);
		}
		arb_position_free(pos);
	}
	printf("san candidates (tricky): %ld texts, %ld failures\n", cand_texts, cand_failures);
	fflush(stdout);
	ck_assert_int_gt(cand_texts, 1000000);
	ck_assert_msg(cand_failures == 0, "%ld texts fail (the first 10 are listed)",
		      cand_failures);
}
END_TEST

static uint64_t rng_state;

static uint64_t rng(void)
{
	/* xorshift64*: deterministic, seeded by the test. */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ull;
}

/* Random games from `fen`; every `every`-th position is checked. */
static void playouts(const char *fen, int games, int plies, int every, const char *where)
{
	for (int g = 0; g < games; g++) {
		arb_position *pos = must_parse(fen);
		for (int ply = 0; ply < plies; ply++) {
			arb_move list[ARB_MAX_MOVES];
			int n = arb_position_legal_moves(pos, list);
			if (ply % every == 0)
				roundtrip_position(pos, where);
			if (n == 0)
				break;
			/* Prefer captures, promotions and castling now and then, so
			 * that the games reach endgames with several equal pieces. */
			arb_move m = list[rng() % (uint64_t)n];
			for (int k = 0; k < 3; k++) {
				arb_move c = list[rng() % (uint64_t)n];
				if (ARB_MOVE_KIND(c) != ARB_MOVE_NORMAL ||
				    arb_position_piece_at(pos, ARB_MOVE_TO(c)) != ARB_EMPTY)
					m = c;
			}
			ck_assert_int_eq(arb_position_play(pos, m), ARB_OK);
		}
		arb_position_free(pos);
	}
}

START_TEST(test_roundtrip_playouts)
{
	int cfen = tsv_column(&c960, "fen");

	ck_assert(cfen >= 0 && c960.nrows == 960);
	rt_moves = rt_failures = 0;
	rng_state = 0x9e3779b97f4a7c15ull;
	playouts(START_FEN, 60, 240, 2, "playout from the start");
	/* Chess960 starts, every 37th id, so the sample spans the table. */
	for (int r = 0; r < 960; r += 37)
		playouts(tsv_get(&c960.rows[r], cfen), 2, 200, 3, "chess960 playout");
	/* Many promoted pieces: disambiguation between equal pieces. */
	playouts("7k/1PPPPP2/8/8/8/8/2ppppp1/K7 w - - 0 1", 30, 120, 1, "promotion race");
	printf("san round trip (playouts): %ld moves, %ld failures\n", rt_moves, rt_failures);
	fflush(stdout);
	ck_assert_int_gt(rt_moves, 100000);
	ck_assert_msg(rt_failures == 0, "%ld moves fail (the first 10 are listed)", rt_failures);
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *san_suite(void)
{
	Suite *s = suite_create("san");
	TCase *tc = tcase_create("output");
	tcase_add_test(tc, test_output_table);
	tcase_add_test(tc, test_output_castling_modes);
	tcase_add_test(tc, test_output_null_move);
	suite_add_tcase(s, tc);
	tc = tcase_create("input");
	tcase_add_test(tc, test_input_table);
	tcase_add_test(tc, test_input_long_algebraic);
	tcase_add_test(tc, test_input_length_and_null);
	tcase_add_test(tc, test_input_ambiguous_message);
	suite_add_tcase(s, tc);
	tc = tcase_create("roundtrip");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_roundtrip_tricky);
	tcase_add_test(tc, test_roundtrip_playouts);
	tcase_add_test(tc, test_candidates_tricky);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : NULL;
	if (tsv_load(dir, "tricky.tsv", &tricky) != 0 || tsv_load(dir, "chess960.tsv", &c960) != 0)
		return 2;
	arb_position_free(arb_position_new());
	SRunner *sr = srunner_create(san_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	tsv_free(&tricky);
	tsv_free(&c960);
	return failed == 0 ? 0 : 1;
}
