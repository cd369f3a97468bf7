/*
 * test_fen.c -- FEN, X-FEN and Shredder-FEN input and output.
 *
 * Round trips (parse, then print X-FEN or Shredder-FEN), one test per
 * rejection code of arb_position_set_fen with the field and column the error
 * must name, repair mode, the legal-only e.p. square (FIDE 9.2), notation mode
 * detection, Zobrist keys, both data files, and a deterministic mutation
 * fuzzer: whatever the input, the parser returns a valid position or an error
 * with a message, and never crashes.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "testutil.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define START_SHREDDER "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
#define C960_0_XFEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
#define C960_0_SHREDDER "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"

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
	ck_assert_msg(st == ARB_OK, "\"%s\" (flags %u): got %s: %s", fen, flags,
		      arb_status_name(st), err.message);
	ck_assert_msg(arb_position_validate(pos, &err) == ARB_OK, "\"%s\": parsed but invalid: %s",
		      fen, err.message);
	return pos;
}

static const char *fen_of(const arb_position *pos, unsigned flags, char *buf)
{
	size_t len = arb_position_to_fen(pos, buf, ARB_FEN_MAX, flags);
	ck_assert_uint_lt(len, ARB_FEN_MAX);
	ck_assert_uint_eq(len, strlen(buf));
	return buf;
}

/* Parses `in` and checks both output forms. */
static void check_roundtrip(const char *in, unsigned flags, const char *xfen, const char *shredder)
{
	char buf[ARB_FEN_MAX];
	arb_position *pos = must_parse(in, flags);

	ck_assert_msg(strcmp(fen_of(pos, 0, buf), xfen) == 0,
		      "\"%s\" (flags %u): X-FEN \"%s\", expected \"%s\"", in, flags, buf, xfen);
	ck_assert_msg(strcmp(fen_of(pos, ARB_FEN_SHREDDER, buf), shredder) == 0,
		      "\"%s\" (flags %u): Shredder-FEN \"%s\", expected \"%s\"", in, flags, buf,
		      shredder);
	arb_position_free(pos);
}

/*
 * Parses a bad FEN and checks the code, that err names `field` (or one of the
 * fields in `fields`, a 0-terminated list) and points its column inside that
 * field, that the message is not empty, and that the position is unchanged.
 */
static void check_rejected_in(const char *fen, unsigned flags, arb_status code, const int *fields)
{
	char before[ARB_FEN_MAX], after[ARB_FEN_MAX];
	arb_position *pos = arb_position_new();
	arb_error err;
	int first, last, ok_field = 0;

	ck_assert_ptr_nonnull(pos);
	fen_of(pos, ARB_FEN_SHREDDER, before);
	memset(&err, 0x55, sizeof err);
	arb_status st = arb_position_set_fen(pos, fen, flags, &err);
	ck_assert_msg(st == code, "\"%s\" (flags %u): got %s, expected %s (%s)", fen, flags,
		      arb_status_name(st), arb_status_name(code), st == ARB_OK ? "" : err.message);
	ck_assert_msg(err.code == code, "\"%s\": err.code %d, expected %d", fen, (int)err.code,
		      (int)code);
	ck_assert_msg(memchr(err.message, '\0', sizeof err.message) != NULL,
		      "\"%s\": message not terminated", fen);
	ck_assert_msg(err.message[0] != '\0', "\"%s\": empty message", fen);
	for (const int *f = fields; *f; f++)
		if (err.field == *f)
			ok_field = 1;
	ck_assert_msg(ok_field, "\"%s\": err.field %d, expected %d (message: %s)", fen, err.field,
		      fields[0], err.message);
	fen_field_span(fen, err.field, &first, &last);
	ck_assert_msg(err.column >= first && err.column <= last,
		      "\"%s\": err.column %d outside field %d (columns %d..%d; message: %s)", fen,
		      err.column, err.field, first, last, err.message);
	ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, after), before);

	/* The same answer without an error structure. */
	ck_assert_int_eq(arb_position_set_fen(pos, fen, flags, NULL), code);
	ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, after), before);
	arb_position_free(pos);
}

static void check_rejected(const char *fen, unsigned flags, arb_status code, int field)
{
	int fields[2] = {field, 0};
	check_rejected_in(fen, flags, code, fields);
}

/* Every parse mode a plain FEN error must be reported in. */
static const unsigned all_modes[] = {ARB_FEN_AUTO, ARB_FEN_STANDARD, ARB_FEN_CHESS960,
				     ARB_FEN_CHESS960 | ARB_FEN_REPAIR};
#define NMODES (sizeof all_modes / sizeof all_modes[0])

/* ------------------------------------------------------------------------
 * Round trips
 * ---------------------------------------------------------------------- */

START_TEST(test_status_names)
{
	ck_assert_str_eq(arb_status_name(ARB_OK), "ARB_OK");
	ck_assert_str_eq(arb_status_name(ARB_E_FEN_CASTLING), "ARB_E_FEN_CASTLING");
	ck_assert_str_eq(arb_status_name(ARB_E_MOVE_ILLEGAL), "ARB_E_MOVE_ILLEGAL");
	for (int s = ARB_OK; s <= ARB_E_INVALID; s++)
		ck_assert_ptr_nonnull(arb_status_name((arb_status)s));
	ck_assert_ptr_nonnull(arb_status_name((arb_status)999));
	ck_assert_ptr_nonnull(arb_version());
}
END_TEST

START_TEST(test_new_is_start)
{
	char buf[ARB_FEN_MAX];
	arb_position *pos = arb_position_new();

	ck_assert_ptr_nonnull(pos);
	ck_assert_str_eq(fen_of(pos, 0, buf), START_FEN);
	ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, buf), START_SHREDDER);
	ck_assert_int_eq(arb_position_is_chess960(pos), 0);
	ck_assert_int_eq(arb_position_validate(pos, NULL), ARB_OK);
	ck_assert_int_eq(arb_position_side_to_move(pos), ARB_WHITE);
	ck_assert_int_eq(arb_position_ep_square(pos), ARB_NO_SQUARE);
	ck_assert_int_eq(arb_position_halfmove_clock(pos), 0);
	ck_assert_int_eq(arb_position_fullmove_number(pos), 1);
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(4, 0)),
			 ARB_PIECE(ARB_WHITE, ARB_KING));
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(3, 7)),
			 ARB_PIECE(ARB_BLACK, ARB_QUEEN));
	ck_assert_int_eq(arb_position_piece_at(pos, -1), ARB_EMPTY);
	ck_assert_int_eq(arb_position_piece_at(pos, 64), ARB_EMPTY);
	arb_position_free(pos);
	arb_position_free(NULL);
}
END_TEST

START_TEST(test_roundtrip_table)
{
	static const struct {
		const char *in;
		unsigned flags;
		const char *xfen, *shredder;
	} t[] = {
		{START_FEN, ARB_FEN_AUTO, START_FEN, START_SHREDDER},
		{START_FEN, ARB_FEN_STANDARD, START_FEN, START_SHREDDER},
		{START_FEN, ARB_FEN_CHESS960, START_FEN, START_SHREDDER},
		{START_SHREDDER, ARB_FEN_CHESS960, START_FEN, START_SHREDDER},
		{START_SHREDDER, ARB_FEN_AUTO, START_FEN, START_SHREDDER},
		{"4k3/8/8/8/8/8/8/4K1RR w G - 0 1", ARB_FEN_CHESS960,
		 "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", "4k3/8/8/8/8/8/8/4K1RR w G - 0 1"},
		{"4k3/8/8/8/8/8/8/4K1RR w G - 0 1", ARB_FEN_AUTO, "4k3/8/8/8/8/8/8/4K1RR w G - 0 1",
		 "4k3/8/8/8/8/8/8/4K1RR w G - 0 1"},
		{"4k3/8/8/8/8/8/8/4K1RR w K - 0 1", ARB_FEN_AUTO, "4k3/8/8/8/8/8/8/4K1RR w K - 0 1",
		 "4k3/8/8/8/8/8/8/4K1RR w H - 0 1"},
		{"4k3/8/8/8/8/8/8/4K1RR w K - 0 1", ARB_FEN_CHESS960,
		 "4k3/8/8/8/8/8/8/4K1RR w K - 0 1", "4k3/8/8/8/8/8/8/4K1RR w H - 0 1"},
		{"4k3/8/8/8/8/8/8/4K1RR w H - 0 1", ARB_FEN_CHESS960,
		 "4k3/8/8/8/8/8/8/4K1RR w K - 0 1", "4k3/8/8/8/8/8/8/4K1RR w H - 0 1"},
		{C960_0_XFEN, ARB_FEN_CHESS960, C960_0_XFEN, C960_0_SHREDDER},
		{C960_0_SHREDDER, ARB_FEN_CHESS960, C960_0_XFEN, C960_0_SHREDDER},
		{C960_0_XFEN, ARB_FEN_AUTO, C960_0_XFEN, C960_0_SHREDDER},
		{"1rk2rr1/1ppppppp/8/8/8/8/1PPPPPPP/1RK2RR1 w FQfq - 0 1", ARB_FEN_CHESS960,
		 "1rk2rr1/1ppppppp/8/8/8/8/1PPPPPPP/1RK2RR1 w FQfq - 0 1",
		 "1rk2rr1/1ppppppp/8/8/8/8/1PPPPPPP/1RK2RR1 w FBfb - 0 1"},
		{"1rk2rr1/1ppppppp/8/8/8/8/1PPPPPPP/1RK2RR1 w FBfb - 0 1", ARB_FEN_CHESS960,
		 "1rk2rr1/1ppppppp/8/8/8/8/1PPPPPPP/1RK2RR1 w FQfq - 0 1",
		 "1rk2rr1/1ppppppp/8/8/8/8/1PPPPPPP/1RK2RR1 w FBfb - 0 1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 20", ARB_FEN_AUTO,
		 "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 20", "r3k2r/8/8/8/8/8/8/R3K2R b Ha - 5 20"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		 ARB_FEN_AUTO,
		 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w HAha - 0 1"},
		{"8/8/8/8/8/8/8/k6K b - - 99 150", ARB_FEN_AUTO, "8/8/8/8/8/8/8/k6K b - - 99 150",
		 "8/8/8/8/8/8/8/k6K b - - 99 150"},
		/* The standard order of the castling letters on output. */
		{"r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", ARB_FEN_AUTO,
		 "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"},
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		check_roundtrip(t[i].in, t[i].flags, t[i].xfen, t[i].shredder);
}
END_TEST

START_TEST(test_to_fen_truncates)
{
	char buf[ARB_FEN_MAX], small[10];
	arb_position *pos = must_parse(START_FEN, 0);
	size_t len = arb_position_to_fen(pos, buf, sizeof buf, 0);

	ck_assert_uint_eq(len, strlen(START_FEN));
	memset(small, 'x', sizeof small);
	ck_assert_uint_eq(arb_position_to_fen(pos, small, sizeof small, 0), len);
	ck_assert_uint_eq(strlen(small), sizeof small - 1);
	ck_assert_int_eq(strncmp(small, START_FEN, sizeof small - 1), 0);
	ck_assert_uint_eq(arb_position_to_fen(pos, NULL, 0, 0), len);
	arb_position_free(pos);
}
END_TEST

START_TEST(test_missing_clocks)
{
	char buf[ARB_FEN_MAX];
	arb_position *pos = must_parse("4k3/8/8/8/8/8/8/4K3 w - -", 0);

	ck_assert_int_eq(arb_position_halfmove_clock(pos), 0);
	ck_assert_int_eq(arb_position_fullmove_number(pos), 1);
	ck_assert_str_eq(fen_of(pos, 0, buf), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	arb_position_free(pos);

	pos = must_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 0);
	ck_assert_str_eq(fen_of(pos, 0, buf), START_FEN);
	arb_position_free(pos);

	pos = must_parse("4k3/8/8/8/8/8/8/4K3 b - - 7", 0);
	ck_assert_int_eq(arb_position_halfmove_clock(pos), 7);
	ck_assert_int_eq(arb_position_fullmove_number(pos), 1);
	arb_position_free(pos);

	pos = must_parse("4k3/8/8/8/8/8/8/4K3 b - - 12 34", 0);
	ck_assert_int_eq(arb_position_halfmove_clock(pos), 12);
	ck_assert_int_eq(arb_position_fullmove_number(pos), 34);
	ck_assert_int_eq(arb_position_side_to_move(pos), ARB_BLACK);
	arb_position_free(pos);
}
END_TEST

/* "whitespace-separated fields": runs of blanks, tabs and a final newline. */
START_TEST(test_whitespace)
{
	char buf[ARB_FEN_MAX];
	arb_position *pos =
		must_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w\tKQkq -  0 1\n", 0);
	ck_assert_str_eq(fen_of(pos, 0, buf), START_FEN);
	arb_position_free(pos);
	pos = must_parse("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1  ", 0);
	ck_assert_str_eq(fen_of(pos, 0, buf), START_FEN);
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * One test per rejection code. Each is a loop test over its own table, so
 * every row is reported on its own; each row is tried in several modes.
 * ---------------------------------------------------------------------- */

#define NROWS(t) ((int)(sizeof t / sizeof t[0]))

/* Too few fields: the missing field is named by its number, or 0; the column
 * is at or just past the end of the input. */
static const char *const too_few_fields[] = {
	"",
	"   ",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
};

START_TEST(test_reject_too_few_fields)
{
	const char *fen = too_few_fields[_i];
	int first, last, n = fen_field_span(fen, 1, &first, &last);
	int len = (int)strlen(fen);

	for (size_t m = 0; m < NMODES; m++) {
		arb_position *pos = arb_position_new();
		arb_error err;
		memset(&err, 0x55, sizeof err);
		arb_status st = arb_position_set_fen(pos, fen, all_modes[m], &err);
		ck_assert_msg(st == ARB_E_FEN_FIELDS, "\"%s\": got %s", fen, arb_status_name(st));
		ck_assert_int_eq(err.code, ARB_E_FEN_FIELDS);
		ck_assert_msg(err.field == 0 || err.field == n + 1, "\"%s\": err.field %d", fen,
			      err.field);
		ck_assert_msg(err.column >= 1 && err.column <= len + 1, "\"%s\": err.column %d",
			      fen, err.column);
		ck_assert_msg(err.message[0] != '\0', "\"%s\": empty message", fen);
		ck_assert_int_eq(arb_position_set_fen(pos, fen, all_modes[m], NULL),
				 ARB_E_FEN_FIELDS);
		arb_position_free(pos);
	}
}
END_TEST

/* Too many fields: the column points into the seventh field. */
static const char *const too_many_fields[] = {
	START_FEN " extra",
	START_FEN " 0",
	"4k3/8/8/8/8/8/8/4K3 w - - 0 1 1 1",
};

START_TEST(test_reject_too_many_fields)
{
	const char *fen = too_many_fields[_i];
	int first, last;

	fen_field_span(fen, 7, &first, &last);
	for (size_t m = 0; m < NMODES; m++) {
		arb_position *pos = arb_position_new();
		arb_error err;
		memset(&err, 0x55, sizeof err);
		arb_status st = arb_position_set_fen(pos, fen, all_modes[m], &err);
		ck_assert_msg(st == ARB_E_FEN_FIELDS, "\"%s\": got %s", fen, arb_status_name(st));
		ck_assert_int_eq(err.code, ARB_E_FEN_FIELDS);
		ck_assert_msg(err.field == 0 || err.field == 6 || err.field == 7,
			      "\"%s\": err.field %d", fen, err.field);
		ck_assert_msg(err.column >= first && err.column <= last,
			      "\"%s\": err.column %d, the 7th field is %d..%d", fen, err.column,
			      first, last);
		ck_assert_msg(err.message[0] != '\0', "\"%s\": empty message", fen);
		arb_position_free(pos);
	}
}
END_TEST

/* A table of bad FENs with one expected code and field, tried in all modes. */
static void check_rejected_all_modes(const char *fen, arb_status code, int field)
{
	for (size_t m = 0; m < NMODES; m++)
		check_rejected(fen, all_modes[m], code, field);
}

static const char *const bad_placement[] = {
	"4k2/8/8/8/8/8/8/4K3 w - - 0 1",                             /* 7 squares */
	"4k4/8/8/8/8/8/8/4K3 w - - 0 1",                             /* 9 squares */
	"4k3/8/8/8/8/8/8/4K2RR w - - 0 1",                           /* 9 squares */
	"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",      /* 7 squares */
	"4k3/8/8/8/8/8/4K3 w - - 0 1",                               /* 7 ranks */
	"4k3/8/8/8/8/8/8/8/4K3 w - - 0 1",                           /* 9 ranks */
	"4k3/8/8/8/8/8/8/4K3/ w - - 0 1",                            /* trailing '/' */
	"4k3/8/8//8/8/8/4K3 w - - 0 1",                              /* empty rank */
	"4k3/8/8/8/8/8/8/4K3/8/8/8/8/8/8/8/8/8/8/8/8/8/8 w - - 0 1", /* many ranks */
};

START_TEST(test_reject_placement)
{
	check_rejected_all_modes(bad_placement[_i], ARB_E_FEN_PLACEMENT, 1);
}
END_TEST

static const char *const bad_piece[] = {
	"4k3/8/8/8/3X4/8/8/4K3 w - - 0 1",
	"4k3/8/8/8/8/8/8/4K2x w - - 0 1",
	"4k3/8/8/8/8/8/8/4K2* w - - 0 1",
};

START_TEST(test_reject_piece)
{
	const char *fen = bad_piece[_i];
	check_rejected_all_modes(fen, ARB_E_FEN_PIECE, 1);

	/* The column is the column of the bad letter (the last one on the
	 * board in each row of the table). */
	arb_position *pos = arb_position_new();
	arb_error err;
	int first, last;
	fen_field_span(fen, 1, &first, &last);
	ck_assert_int_eq(arb_position_set_fen(pos, fen, 0, &err), ARB_E_FEN_PIECE);
	int col = 0;
	for (int i = 0; i < last; i++)
		if (strchr("Xx*", fen[i]))
			col = i + 1;
	ck_assert_int_eq(err.column, col);
	arb_position_free(pos);
}
END_TEST

static const char *const bad_kings[] = {
	"8/8/8/8/8/8/8/8 w - - 0 1",      "4k3/8/8/8/8/8/8/8 w - - 0 1",
	"8/8/8/8/8/8/8/4K3 b - - 0 1",    "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
	"3kk3/8/8/8/8/8/8/4K3 w - - 0 1", "K3k3/8/8/8/8/8/8/4K3 b - - 0 1",
};

START_TEST(test_reject_kings)
{
	check_rejected_all_modes(bad_kings[_i], ARB_E_FEN_KINGS, 1);
}
END_TEST

static const char *const bad_pawns[] = {
	"4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
	"P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
	"4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
	"p3k3/8/8/8/8/8/8/4K3 w - - 0 1",
};

START_TEST(test_reject_pawns)
{
	check_rejected_all_modes(bad_pawns[_i], ARB_E_FEN_PAWNS, 1);
}
END_TEST

static const char *const bad_side[] = {
	"4k3/8/8/8/8/8/8/4K3 x - - 0 1",
	"4k3/8/8/8/8/8/8/4K3 wb - - 0 1",
	"4k3/8/8/8/8/8/8/4K3 - - - 0 1",
	"4k3/8/8/8/8/8/8/4K3 white - - 0 1",
};

START_TEST(test_reject_side)
{
	check_rejected_all_modes(bad_side[_i], ARB_E_FEN_SIDE, 2);
}
END_TEST

/* The side not to move is in check: the fault is in the placement or the side
 * to move, so either field may be named. */
static const char *const bad_check[] = {
	"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
	"4k3/8/8/8/8/8/8/4r1K1 b - - 0 1",
	"8/8/8/8/8/8/8/3kK3 w - - 0 1",
	"rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1",
};

START_TEST(test_reject_check)
{
	static const int fields[] = {2, 1, 0};
	for (size_t m = 0; m < NMODES; m++)
		check_rejected_in(bad_check[_i], all_modes[m], ARB_E_FEN_CHECK, fields);
}
END_TEST

static const struct {
	const char *fen;
	unsigned flags;
} bad_castling[] = {
	/* a right without its rook */
	{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", ARB_FEN_AUTO},
	{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", ARB_FEN_STANDARD},
	{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", ARB_FEN_CHESS960},
	{"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", ARB_FEN_AUTO},
	{"4k3/8/8/8/8/8/8/4K2R w Q - 0 1", ARB_FEN_CHESS960},
	{"r3k3/8/8/8/8/8/8/4K3 w k - 0 1", ARB_FEN_AUTO},
	{"r3k2r/8/8/8/8/8/8/R3K2R w G - 0 1", ARB_FEN_CHESS960},
	{"r3k2r/8/8/8/8/8/8/R3K2R w E - 0 1", ARB_FEN_CHESS960},
	{"r3k2r/8/8/8/8/8/8/R3K2n w K - 0 1", ARB_FEN_AUTO},
	/* a right without the king on the back rank */
	{"r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", ARB_FEN_AUTO},
	{"r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", ARB_FEN_CHESS960},
	{"r6r/4k3/8/8/8/8/8/R3K2R w KQkq - 0 1", ARB_FEN_CHESS960},
	{"r6r/4k3/8/8/8/8/8/R3K2R w Hh - 0 1", ARB_FEN_CHESS960},
	/* standard mode: the king must be on e1, the rook in the corner */
	{C960_0_XFEN, ARB_FEN_STANDARD},
	{"4k3/8/8/8/8/8/8/4KR2 w K - 0 1", ARB_FEN_STANDARD},
	/* garbage characters */
	{"r3k2r/8/8/8/8/8/8/R3K2R w KQkX - 0 1", ARB_FEN_AUTO},
	{"r3k2r/8/8/8/8/8/8/R3K2R w KQkX - 0 1", ARB_FEN_CHESS960},
	{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq- - 0 1", ARB_FEN_AUTO},
	{"r3k2r/8/8/8/8/8/8/R3K2R w -K - 0 1", ARB_FEN_AUTO},
	{"r3k2r/8/8/8/8/8/8/R3K2R w K1 - 0 1", ARB_FEN_AUTO},
	{"r3k2r/8/8/8/8/8/8/R3K2R w I - 0 1", ARB_FEN_CHESS960},
	{"r3k2r/8/8/8/8/8/8/R3K2R w -- - 0 1", ARB_FEN_AUTO},
	/* duplicates */
	{"r3k2r/8/8/8/8/8/8/R3K2R w KKkq - 0 1", ARB_FEN_AUTO},
	{"r3k2r/8/8/8/8/8/8/R3K2R w KQkqq - 0 1", ARB_FEN_CHESS960},
	{"r3k2r/8/8/8/8/8/8/R3K2R w HKkq - 0 1", ARB_FEN_CHESS960},
	{"r3k2r/8/8/8/8/8/8/R3K2R w AAhh - 0 1", ARB_FEN_CHESS960},
	/* two rights on the same wing */
	{"4k3/8/8/8/8/8/8/4K1RR w GH - 0 1", ARB_FEN_CHESS960},
	{"4k3/8/8/8/8/8/8/4K1RR w KG - 0 1", ARB_FEN_CHESS960},
};

START_TEST(test_reject_castling)
{
	check_rejected(bad_castling[_i].fen, bad_castling[_i].flags, ARB_E_FEN_CASTLING, 3);
}
END_TEST

static const char *const bad_ep[] = {
	/* on the wrong rank */
	"4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1",
	"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 2",
	"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 2",
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
	/* no pawn that just made a double step in front of it */
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
	"4k3/8/8/8/3pp3/8/8/4K3 b - e3 0 1",
	"4k3/8/8/3Pp3/8/8/8/4K3 w - d6 0 1",
	"4k3/8/8/3PN3/8/8/8/4K3 w - e6 0 1",
	/* the square passed over, or the square the pawn came from, occupied */
	"4k3/8/8/8/3pP3/4N3/8/4K3 b - e3 0 1",
	"4k3/8/8/8/3pP3/8/4P3/4K3 b - e3 0 1",
	"4k3/4n3/4p3/3Pp3/8/8/8/4K3 w - e6 0 1",
	/* not a square */
	"4k3/8/8/8/3pP3/8/8/4K3 b - e9 0 1",
	"4k3/8/8/8/3pP3/8/8/4K3 b - j3 0 1",
	"4k3/8/8/8/3pP3/8/8/4K3 b - e 0 1",
	"4k3/8/8/8/3pP3/8/8/4K3 b - e33 0 1",
	"4k3/8/8/8/3pP3/8/8/4K3 b - 3e 0 1",
};

START_TEST(test_reject_ep)
{
	/* Not with ARB_FEN_REPAIR, which drops an inconsistent square. */
	static const unsigned modes[] = {ARB_FEN_AUTO, ARB_FEN_STANDARD, ARB_FEN_CHESS960};
	for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
		check_rejected(bad_ep[_i], modes[m], ARB_E_FEN_EP, 4);
}
END_TEST

static const struct {
	const char *fen;
	int field;
} bad_clock[] = {
	{"4k3/8/8/8/8/8/8/4K3 w - - -1 1", 5},
	{"4k3/8/8/8/8/8/8/4K3 w - - x 1", 5},
	{"4k3/8/8/8/8/8/8/4K3 w - - 1a 1", 5},
	{"4k3/8/8/8/8/8/8/4K3 w - - x", 5},
	{"4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999999 1", 5},
	{"4k3/8/8/8/8/8/8/4K3 w - - 0 0", 6},
	{"4k3/8/8/8/8/8/8/4K3 w - - 0 abc", 6},
	{"4k3/8/8/8/8/8/8/4K3 w - - 0 -3", 6},
	{"4k3/8/8/8/8/8/8/4K3 w - - 0 1.5", 6},
	{"4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999999", 6},
};

START_TEST(test_reject_clock)
{
	check_rejected_all_modes(bad_clock[_i].fen, ARB_E_FEN_CLOCK, bad_clock[_i].field);
}
END_TEST

/* ------------------------------------------------------------------------
 * Repair mode and the facts table
 * ---------------------------------------------------------------------- */

static arb_position *parse_repaired(const char *fen, unsigned flags, int *repairs)
{
	arb_position *pos = arb_position_new();
	arb_error err;

	memset(&err, 0x55, sizeof err);
	arb_status st = arb_position_set_fen(pos, fen, flags, &err);
	ck_assert_msg(st == ARB_OK, "\"%s\" (flags %u): %s: %s", fen, flags, arb_status_name(st),
		      err.message);
	ck_assert_int_eq(err.code, ARB_OK);
	ck_assert_int_eq(arb_position_validate(pos, NULL), ARB_OK);
	if (err.repairs > 0)
		ck_assert_msg(err.message[0] != '\0', "\"%s\": repairs without a message", fen);
	*repairs = err.repairs;
	return pos;
}

START_TEST(test_repair)
{
	char buf[ARB_FEN_MAX];
	int repairs;
	arb_position *pos;

	pos = parse_repaired("4k3/8/8/8/8/8/8/4K3 w K - 0 1", ARB_FEN_REPAIR, &repairs);
	ck_assert_int_gt(repairs, 0);
	ck_assert_str_eq(fen_of(pos, 0, buf), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	arb_position_free(pos);

	pos = parse_repaired("r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1",
			     ARB_FEN_CHESS960 | ARB_FEN_REPAIR, &repairs);
	ck_assert_int_gt(repairs, 0);
	ck_assert_str_eq(fen_of(pos, 0, buf), "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1");
	arb_position_free(pos);

	/* An inconsistent e.p. square is dropped too. */
	pos = parse_repaired("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
			     ARB_FEN_REPAIR, &repairs);
	ck_assert_int_gt(repairs, 0);
	ck_assert_int_eq(arb_position_ep_square(pos), ARB_NO_SQUARE);
	ck_assert_str_eq(fen_of(pos, 0, buf),
			 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
	arb_position_free(pos);

	/* Nothing to repair: no repairs reported. */
	pos = parse_repaired(START_FEN, ARB_FEN_REPAIR, &repairs);
	ck_assert_int_eq(repairs, 0);
	arb_position_free(pos);
	pos = parse_repaired(START_FEN, 0, &repairs);
	ck_assert_int_eq(repairs, 0);
	arb_position_free(pos);
}
END_TEST

/*
 * perft/README.md: "1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1: standard chess: only
 * Q is valid (reported, not silently dropped); as Chess960: KQq (Shredder
 * FAb)". Under the Chess960 reading 'k' still has no rook (nothing on f8-h8),
 * so without ARB_FEN_REPAIR that is an error too: the contract is that a bad
 * right is never silently dropped.
 */
START_TEST(test_fact_castling_readings)
{
	static const char *fen = "1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1";
	char buf[ARB_FEN_MAX];
	int repairs;
	arb_position *pos;

	check_rejected(fen, ARB_FEN_STANDARD, ARB_E_FEN_CASTLING, 3);
	check_rejected(fen, ARB_FEN_CHESS960, ARB_E_FEN_CASTLING, 3);
	check_rejected(fen, ARB_FEN_AUTO, ARB_E_FEN_CASTLING, 3);

	pos = parse_repaired(fen, ARB_FEN_STANDARD | ARB_FEN_REPAIR, &repairs);
	ck_assert_int_gt(repairs, 0);
	ck_assert_int_eq(arb_position_is_chess960(pos), 0);
	ck_assert_str_eq(fen_of(pos, 0, buf), "1r2k3/8/8/8/8/8/8/R3KR2 w Q - 0 1");
	ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, buf), "1r2k3/8/8/8/8/8/8/R3KR2 w A - 0 1");
	arb_position_free(pos);

	pos = parse_repaired(fen, ARB_FEN_CHESS960 | ARB_FEN_REPAIR, &repairs);
	ck_assert_int_gt(repairs, 0);
	ck_assert_int_eq(arb_position_is_chess960(pos), 1);
	ck_assert_str_eq(fen_of(pos, 0, buf), "1r2k3/8/8/8/8/8/8/R3KR2 w KQq - 0 1");
	ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, buf), "1r2k3/8/8/8/8/8/8/R3KR2 w FAb - 0 1");
	arb_position_free(pos);

	/* The valid Chess960 rights alone need no repair. */
	check_roundtrip("1r2k3/8/8/8/8/8/8/R3KR2 w KQq - 0 1", ARB_FEN_CHESS960,
			"1r2k3/8/8/8/8/8/8/R3KR2 w KQq - 0 1",
			"1r2k3/8/8/8/8/8/8/R3KR2 w FAb - 0 1");
	check_roundtrip("1r2k3/8/8/8/8/8/8/R3KR2 w FAb - 0 1", ARB_FEN_AUTO,
			"1r2k3/8/8/8/8/8/8/R3KR2 w KQq - 0 1",
			"1r2k3/8/8/8/8/8/8/R3KR2 w FAb - 0 1");
	/* AUTO: K (f1 rook) and q (b8 rook) are valid only as Chess960. */
	pos = must_parse("1r2k3/8/8/8/8/8/8/R3KR2 w KQq - 0 1", ARB_FEN_AUTO);
	ck_assert_int_eq(arb_position_is_chess960(pos), 1);
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * The e.p. square is kept only when an e.p. capture is legal (FIDE 9.2)
 * ---------------------------------------------------------------------- */

START_TEST(test_ep_legal_kept)
{
	static const char *fen = "rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3";
	char buf[ARB_FEN_MAX];
	arb_position *pos = must_parse(fen, 0);

	ck_assert_int_eq(arb_position_ep_square(pos), ARB_SQUARE(6, 5));
	ck_assert_str_eq(fen_of(pos, 0, buf), fen);
	arb_position_free(pos);

	/* e.p. that removes the checking pawn */
	pos = must_parse("8/8/8/2k5/2pP4/8/4K3/8 b - d3 0 1", 0);
	ck_assert_int_eq(arb_position_ep_square(pos), ARB_SQUARE(3, 2));
	ck_assert_str_eq(fen_of(pos, 0, buf), "8/8/8/2k5/2pP4/8/4K3/8 b - d3 0 1");
	arb_position_free(pos);
}
END_TEST

START_TEST(test_ep_illegal_dropped)
{
	static const struct {
		const char *in, *out;
	} t[] = {
		/* no pawn can capture */
		{"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2",
		 "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		/* a capture exists but is illegal: horizontal pin through both pawns */
		{"8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", "8/8/8/r2Pp2K/8/8/4k3/8 w - - 0 1"},
		/* diagonal pin of the capturing pawn */
		{"8/8/2k5/8/3Pp3/8/8/4K2B b - d3 0 1", "8/8/2k5/8/3Pp3/8/8/4K2B b - - 0 1"},
		/* the captured pawn shielded the king */
		{"8/k7/8/8/3Pp3/8/5B2/4K3 b - d3 0 1", "8/k7/8/8/3Pp3/8/5B2/4K3 b - - 0 1"},
		/* in check from a piece the capture does not address */
		{"k7/8/8/8/3pP3/8/8/R3K3 b - e3 0 1", "k7/8/8/8/3pP3/8/8/R3K3 b - - 0 1"},
	};
	char buf[ARB_FEN_MAX];
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		int repairs;
		arb_position *pos = parse_repaired(t[i].in, 0, &repairs);
		ck_assert_msg(arb_position_ep_square(pos) == ARB_NO_SQUARE,
			      "\"%s\": e.p. square %d kept", t[i].in, arb_position_ep_square(pos));
		ck_assert_str_eq(fen_of(pos, 0, buf), t[i].out);
		ck_assert_int_eq(repairs, 0);
		arb_position *plain = must_parse(t[i].out, 0);
		ck_assert_uint_eq(arb_position_key(pos), arb_position_key(plain));
		arb_position_free(plain);
		arb_position_free(pos);
	}
}
END_TEST

/* ------------------------------------------------------------------------
 * Notation mode
 * ---------------------------------------------------------------------- */

START_TEST(test_auto_mode)
{
	static const struct {
		const char *fen;
		int chess960;
	} t[] = {
		{C960_0_XFEN, 1},
		{C960_0_SHREDDER, 1},
		{START_FEN, 0},
		{START_SHREDDER, 1}, /* file letters say Chess960 */
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 0},
		{"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", 0},
		{"4k3/8/8/8/8/8/8/4K1RR w G - 0 1", 1},
		{"4k3/8/8/8/8/8/8/4K1RR w K - 0 1", 0},
		{"4k3/8/8/8/8/8/8/4KR2 w K - 0 1", 1},
		{"2r2kr1/pppppppp/8/8/8/8/PPPPPPPP/2R2KR1 w KQkq - 0 1", 1},
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		arb_position *pos = must_parse(t[i].fen, ARB_FEN_AUTO);
		ck_assert_msg(arb_position_is_chess960(pos) == t[i].chess960,
			      "\"%s\": is_chess960 %d, expected %d", t[i].fen,
			      arb_position_is_chess960(pos), t[i].chess960);
		arb_position_free(pos);
	}

	/* Explicit modes. */
	arb_position *pos = must_parse(START_FEN, ARB_FEN_CHESS960);
	ck_assert_int_eq(arb_position_is_chess960(pos), 1);
	arb_position_free(pos);
	pos = must_parse(START_FEN, ARB_FEN_STANDARD);
	ck_assert_int_eq(arb_position_is_chess960(pos), 0);

	/* Switching the mode changes nothing on the board. */
	char before[ARB_FEN_MAX], after[ARB_FEN_MAX];
	uint64_t key = arb_position_key(pos);
	fen_of(pos, ARB_FEN_SHREDDER, before);
	arb_position_set_chess960(pos, 1);
	ck_assert_int_eq(arb_position_is_chess960(pos), 1);
	ck_assert_uint_eq(arb_position_key(pos), key);
	ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, after), before);
	ck_assert_int_eq(arb_position_count_moves(pos), 20);
	arb_position_set_chess960(pos, 0);
	ck_assert_int_eq(arb_position_is_chess960(pos), 0);
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * Keys: the same position (FIDE 9.2) has the same key
 * ---------------------------------------------------------------------- */

static uint64_t key_of(const char *fen, unsigned flags)
{
	arb_position *pos = must_parse(fen, flags);
	uint64_t key = arb_position_key(pos);
	arb_position_free(pos);
	return key;
}

static void play_uci(arb_position *pos, const char *uci)
{
	arb_move m;
	arb_error err;
	arb_status st = arb_move_from_uci(pos, uci, &m, &err);
	ck_assert_msg(st == ARB_OK, "%s: %s", uci, err.message);
	ck_assert_int_eq(arb_position_play(pos, m), ARB_OK);
}

START_TEST(test_keys)
{
	uint64_t start = key_of(START_FEN, 0);

	ck_assert_uint_eq(start, key_of(START_SHREDDER, ARB_FEN_CHESS960));
	ck_assert_uint_eq(start, key_of(START_FEN, ARB_FEN_CHESS960));
	ck_assert_uint_eq(start,
			  key_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 42", 0));
	ck_assert_uint_ne(start,
			  key_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1", 0));
	ck_assert_uint_ne(start,
			  key_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1", 0));
	ck_assert_uint_ne(start,
			  key_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 0));
	ck_assert_uint_ne(start,
			  key_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", 0));

	/* Each castling right has its own key. */
	uint64_t k1 = key_of("r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1", 0);
	uint64_t k2 = key_of("r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1", 0);
	uint64_t k3 = key_of("r3k2r/8/8/8/8/8/8/R3K2R w k - 0 1", 0);
	uint64_t k4 = key_of("r3k2r/8/8/8/8/8/8/R3K2R w q - 0 1", 0);
	uint64_t k0 = key_of("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", 0);
	ck_assert(k0 != k1 && k0 != k2 && k0 != k3 && k0 != k4);
	ck_assert(k1 != k2 && k1 != k3 && k1 != k4 && k2 != k3 && k2 != k4 && k3 != k4);
	/* The right is the rook: g1 and h1 rights differ. */
	ck_assert_uint_ne(key_of("4k3/8/8/8/8/8/8/4K1RR w G - 0 1", ARB_FEN_CHESS960),
			  key_of("4k3/8/8/8/8/8/8/4K1RR w H - 0 1", ARB_FEN_CHESS960));
	ck_assert_uint_eq(key_of("4k3/8/8/8/8/8/8/4K1RR w K - 0 1", ARB_FEN_AUTO),
			  key_of("4k3/8/8/8/8/8/8/4K1RR w H - 0 1", ARB_FEN_CHESS960));

	/* An e.p. square that allows no legal capture does not count... */
	ck_assert_uint_eq(key_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0),
			  key_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 0));
	/* ...one that does, does. */
	ck_assert_uint_ne(key_of("rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3", 0),
			  key_of("rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 3", 0));

	/* The same position reached by moves. */
	arb_position *pos = arb_position_new();
	static const char *knights[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
	for (int i = 0; i < 4; i++)
		play_uci(pos, knights[i]);
	ck_assert_uint_eq(arb_position_key(pos), start);
	play_uci(pos, "e2e4");
	ck_assert_uint_eq(arb_position_key(pos),
			  key_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3", 0));
	play_uci(pos, "e7e5");
	play_uci(pos, "e1e2");
	ck_assert_uint_eq(arb_position_key(pos),
			  key_of("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 1 4", 0));
	arb_position_free(pos);
}
END_TEST

/*
 * ARB_MAX_MOVES bounds every move list, which holds only if the parser refuses
 * material no game can reach: with 27 white queens the first placement has
 * 267 legal moves. Either the FEN is rejected or the move count stays in
 * bounds.
 */
START_TEST(test_move_list_bound)
{
	static const char *fens[] = {
		"QQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/BR5Q/kBQQQKQQ w - - 0 1",
		"QQQ2QQQ/3Q4/1Q4Q1/Q3Q3/Q1Q4Q/Q4Q1Q/pR1Q3Q/kBN1QKQ1 w - - 0 1",
		/* 16 white pieces, 12 of them queens: 241 moves */
		"1Q4QK/4Q3/Q1Q4Q/Q4Q2/3Q4/1Q4Q1/pp2Q3/kBQ4Q w - - 0 1",
		"PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/k6K w - - 0 1",
	};
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		arb_position *pos = arb_position_new();
		arb_error err;
		arb_status st = arb_position_set_fen(pos, fens[i], 0, &err);
		if (st != ARB_OK) {
			ck_assert_msg(err.message[0] != '\0', "\"%s\": no message", fens[i]);
			arb_position_free(pos);
			continue;
		}
		/* Room past the documented bound, so an overrun is seen, not suffered. */
		static arb_move moves[ARB_MAX_MOVES + 1024];
		int n = arb_position_legal_moves(pos, moves);
		ck_assert_msg(n <= ARB_MAX_MOVES,
			      "\"%s\" accepted with %d legal moves, over ARB_MAX_MOVES (%d)",
			      fens[i], n, ARB_MAX_MOVES);
		ck_assert_int_eq(arb_position_count_moves(pos), n);
		arb_position_free(pos);
	}
}
END_TEST

/* ------------------------------------------------------------------------
 * The data files: every FEN parses and prints back
 * ---------------------------------------------------------------------- */

static tsv_file tricky, c960;

/* tricky.tsv rows whose e.p. square allows no legal capture. */
static int ep_dropped(const char *name)
{
	static const char *names[] = {"ep-horizontal-pin-black", "ep-horizontal-pin-white",
				      "ep-capturer-pinned-diagonally",
				      "ep-captured-pawn-shields-diagonal"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

static void check_data_row(const char *what, const char *xfen_in, const char *shredder_in,
			   int drop_ep)
{
	char xfen[ARB_FEN_MAX], shredder[ARB_FEN_MAX], buf[ARB_FEN_MAX];
	const char *ins[2] = {xfen_in, shredder_in};
	uint64_t key = 0;

	snprintf(xfen, sizeof xfen, "%s", xfen_in);
	snprintf(shredder, sizeof shredder, "%s", shredder_in);
	if (drop_ep) {
		fen_replace_field(xfen_in, 4, "-", xfen, sizeof xfen);
		fen_replace_field(shredder_in, 4, "-", shredder, sizeof shredder);
	}
	for (int i = 0; i < 2; i++) {
		arb_position *pos = must_parse(ins[i], ARB_FEN_CHESS960);
		ck_assert_msg(strcmp(fen_of(pos, 0, buf), xfen) == 0,
			      "%s: \"%s\" printed as X-FEN \"%s\", expected \"%s\"", what, ins[i],
			      buf, xfen);
		ck_assert_msg(strcmp(fen_of(pos, ARB_FEN_SHREDDER, buf), shredder) == 0,
			      "%s: \"%s\" printed as Shredder-FEN \"%s\", expected \"%s\"", what,
			      ins[i], buf, shredder);
		if (i == 0)
			key = arb_position_key(pos);
		else
			ck_assert_msg(arb_position_key(pos) == key, "%s: keys differ", what);
		arb_position_free(pos);
	}
}

START_TEST(test_data_tricky)
{
	int cname = tsv_column(&tricky, "name"), cfen = tsv_column(&tricky, "fen");
	int cshr = tsv_column(&tricky, "fen_shredder");

	ck_assert(cname >= 0 && cfen >= 0 && cshr >= 0);
	ck_assert_int_ge(tricky.nrows, 45);
	for (int r = 0; r < tricky.nrows; r++) {
		const tsv_row *row = &tricky.rows[r];
		const char *name = tsv_get(row, cname), *fen = tsv_get(row, cfen);
		check_data_row(name, fen, tsv_get(row, cshr), ep_dropped(name));

		/* AUTO reads the c960-* rows as Chess960, the others as standard. */
		char buf[ARB_FEN_MAX], expect[ARB_FEN_MAX];
		int is960 = strncmp(name, "c960", 4) == 0;
		arb_position *pos = must_parse(fen, ARB_FEN_AUTO);
		ck_assert_msg(arb_position_is_chess960(pos) == is960, "%s: is_chess960 %d", name,
			      arb_position_is_chess960(pos));
		if (ep_dropped(name))
			fen_replace_field(fen, 4, "-", expect, sizeof expect);
		else
			snprintf(expect, sizeof expect, "%s", fen);
		ck_assert_str_eq(fen_of(pos, 0, buf), expect);
		if (!is960) {
			arb_position *std = must_parse(fen, ARB_FEN_STANDARD);
			ck_assert_uint_eq(arb_position_key(std), arb_position_key(pos));
			arb_position_free(std);
		}
		arb_position_free(pos);
	}
}
END_TEST

START_TEST(test_data_chess960)
{
	int cid = tsv_column(&c960, "id"), cfen = tsv_column(&c960, "fen");
	int cx = tsv_column(&c960, "fen_xfen");

	ck_assert(cid >= 0 && cfen >= 0 && cx >= 0);
	ck_assert_int_eq(c960.nrows, 960);
	for (int r = 0; r < c960.nrows; r++) {
		const tsv_row *row = &c960.rows[r];
		const char *xfen = tsv_get(row, cx);
		check_data_row(tsv_get(row, cid), xfen, tsv_get(row, cfen), 0);

		/* AUTO: standard unless the king or a rook is off its square. */
		const char *rank1 = strrchr(xfen, '/') + 1;
		int std = rank1[0] == 'R' && rank1[4] == 'K' && rank1[7] == 'R';
		arb_position *pos = must_parse(xfen, ARB_FEN_AUTO);
		ck_assert_msg(arb_position_is_chess960(pos) == !std, "id %s: is_chess960 %d",
			      tsv_get(row, cid), arb_position_is_chess960(pos));
		arb_position_free(pos);
		pos = must_parse(tsv_get(row, cfen), ARB_FEN_AUTO);
		ck_assert_msg(arb_position_is_chess960(pos) == 1,
			      "id %s: \"%s\" (file letters) read with AUTO: is_chess960 0",
			      tsv_get(row, cid), tsv_get(row, cfen));
		arb_position_free(pos);
		if (!std)
			check_rejected(xfen, ARB_FEN_STANDARD, ARB_E_FEN_CASTLING, 3);
	}
}
END_TEST

/* ------------------------------------------------------------------------
 * Mutation fuzzing (fixed seed: the same strings every run)
 * ---------------------------------------------------------------------- */

static uint64_t rng_state;

static uint64_t rng(void)
{
	/* splitmix64 */
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static size_t rnd(size_t n)
{
	return n ? (size_t)(rng() % n) : 0;
}

static const char fen_alphabet[] = "pnbrqkPNBRQK0123456789/ -wbKQkqABCDEFGHabcdefgh\t";

static char random_byte(void)
{
	if (rng() & 1)
		return fen_alphabet[rnd(sizeof fen_alphabet - 1)];
	return (char)(1 + rnd(255)); /* any byte but NUL, including >127 */
}

/* Applies 1..4 random edits to s (capacity cap, NUL-terminated). */
static void mutate(char *s, size_t cap)
{
	int edits = 1 + (int)rnd(4);
	for (int e = 0; e < edits; e++) {
		size_t len = strlen(s);
		size_t at = rnd(len + 1);
		switch (rnd(7)) {
		case 0: /* replace */
			if (len)
				s[rnd(len)] = random_byte();
			break;
		case 1: /* delete */
			if (len) {
				size_t i = rnd(len);
				memmove(s + i, s + i + 1, len - i);
			}
			break;
		case 2: /* insert */
			if (len + 2 < cap) {
				memmove(s + at + 1, s + at, len - at + 1);
				s[at] = random_byte();
			}
			break;
		case 3: /* truncate */
			s[at] = '\0';
			break;
		case 4: { /* duplicate a slice at the end */
			size_t from = rnd(len + 1), n = rnd(len - from + 1);
			if (len + n + 1 < cap) {
				memmove(s + len, s + from, n);
				s[len + n] = '\0';
			}
			break;
		}
		case 5: { /* swap two bytes */
			if (len > 1) {
				size_t a = rnd(len), b = rnd(len);
				char t = s[a];
				s[a] = s[b];
				s[b] = t;
			}
			break;
		}
		default: /* replace with a FEN character */
			if (len)
				s[rnd(len)] = fen_alphabet[rnd(sizeof fen_alphabet - 1)];
			break;
		}
	}
}

static const unsigned fuzz_flags[] = {
	ARB_FEN_AUTO,
	ARB_FEN_STANDARD,
	ARB_FEN_CHESS960,
	ARB_FEN_AUTO | ARB_FEN_REPAIR,
	ARB_FEN_STANDARD | ARB_FEN_REPAIR,
	ARB_FEN_CHESS960 | ARB_FEN_REPAIR,
};

static int fuzz_ok, fuzz_err;

/* Checks the contract for one input; see the file header. */
static void fuzz_one(arb_position *pos, const char *s, unsigned flags)
{
	char before[ARB_FEN_MAX], out[ARB_FEN_MAX], again[ARB_FEN_MAX];
	arb_error err;
	uint64_t key = arb_position_key(pos);

	fen_of(pos, ARB_FEN_SHREDDER, before);
	memset(&err, 0x55, sizeof err);
	arb_status st = arb_position_set_fen(pos, s, flags, &err);
	ck_assert_msg(memchr(err.message, '\0', sizeof err.message) != NULL,
		      "\"%s\": message not terminated", s);
	ck_assert_int_eq(err.code, st);
	if (st != ARB_OK) {
		fuzz_err++;
		ck_assert_msg(st >= ARB_E_FEN_FIELDS && st <= ARB_E_FEN_CLOCK,
			      "\"%s\" (flags %u): unexpected %s", s, flags, arb_status_name(st));
		ck_assert_msg(err.message[0] != '\0', "\"%s\": %s without a message", s,
			      arb_status_name(st));
		ck_assert_msg(err.field >= 0 && err.field <= 7, "\"%s\": field %d", s, err.field);
		ck_assert_msg(err.column >= 0 && (size_t)err.column <= strlen(s) + 1,
			      "\"%s\": column %d", s, err.column);
		ck_assert_uint_eq(arb_position_key(pos), key);
		ck_assert_str_eq(fen_of(pos, ARB_FEN_SHREDDER, out), before);
		return;
	}
	fuzz_ok++;
	ck_assert_msg(arb_position_validate(pos, &err) == ARB_OK,
		      "\"%s\" (flags %u) accepted but invalid: %s", s, flags, err.message);
	/* What was accepted prints as a FEN that reads back the same. */
	fen_of(pos, ARB_FEN_SHREDDER, out);
	arb_position *back = arb_position_new();
	arb_status st2 = arb_position_set_fen(back, out, ARB_FEN_CHESS960, &err);
	ck_assert_msg(st2 == ARB_OK, "\"%s\" printed as \"%s\" which fails: %s", s, out,
		      err.message);
	ck_assert_str_eq(fen_of(back, ARB_FEN_SHREDDER, again), out);
	ck_assert_uint_eq(arb_position_key(back), arb_position_key(pos));
	arb_position_free(back);
	/* And its moves can be generated. */
	arb_move moves[ARB_MAX_MOVES];
	int n = arb_position_legal_moves(pos, moves);
	ck_assert(n >= 0 && n <= ARB_MAX_MOVES);
	ck_assert_int_eq(arb_position_count_moves(pos), n);
}

START_TEST(test_fuzz_mutations)
{
	static const char *seeds[] = {
		START_FEN,
		START_SHREDDER,
		C960_0_XFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3",
		"8/8/8/2k5/2pP4/8/4K3/8 b - d3 0 1",
		"3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1",
		"1rk2rr1/1ppppppp/8/8/8/8/1PPPPPPP/1RK2RR1 w FQfq - 0 1",
		"1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
		"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - -",
	};
	char s[512];
	arb_position *pos = arb_position_new();

	rng_state = 20240229;
	fuzz_ok = fuzz_err = 0;
	for (int i = 0; i < 20000; i++) {
		snprintf(s, sizeof s, "%s", seeds[rnd(sizeof seeds / sizeof seeds[0])]);
		mutate(s, sizeof s);
		fuzz_one(pos, s, fuzz_flags[i % 6]);
		/* Sometimes start again from the standard position. */
		if (i % 97 == 0)
			arb_position_set_start(pos);
	}
	/* Both outcomes must have been exercised. */
	ck_assert_int_gt(fuzz_ok, 100);
	ck_assert_int_gt(fuzz_err, 1000);
	arb_position_free(pos);
}
END_TEST

/* Long inputs: far longer than any FEN, and never read past the end. */
START_TEST(test_fuzz_long)
{
	static const char *units[] = {"8/",   "1", "p", " ", "K", "8/8/8/8/8/8/8/8 ",
				      "\xff", "-", "0"};
	arb_position *pos = arb_position_new();
	size_t n = 100000;
	char *s = malloc(n + 64);

	ck_assert_ptr_nonnull(s);
	for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
		size_t len = 0, ul = strlen(units[u]);
		while (len + ul < n) {
			memcpy(s + len, units[u], ul);
			len += ul;
		}
		s[len] = '\0';
		for (size_t f = 0; f < sizeof fuzz_flags / sizeof fuzz_flags[0]; f++)
			fuzz_one(pos, s, fuzz_flags[f]);
	}
	/* A valid FEN followed by a huge number, or huge whitespace. */
	snprintf(s, 64, "%s", "4k3/8/8/8/8/8/8/4K3 w - - 0 ");
	size_t len = strlen(s);
	memset(s + len, '9', n - len);
	s[n] = '\0';
	fuzz_one(pos, s, 0);
	snprintf(s, 64, "%s", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	len = strlen(s);
	memset(s + len, ' ', n - len);
	s[n] = '\0';
	fuzz_one(pos, s, 0);
	snprintf(s, 64, "%s", "4k3/8/8/8/8/8/8/4K3 w ");
	len = strlen(s);
	memset(s + len, 'K', n - len);
	s[n] = '\0';
	fuzz_one(pos, s, 0);
	free(s);
	arb_position_free(pos);
}
END_TEST

/* Every prefix of a few FENs (truncation at every byte). */
START_TEST(test_fuzz_prefixes)
{
	static const char *fens[] = {
		START_FEN,
		"rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3",
		"3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1",
	};
	char s[ARB_FEN_MAX];
	arb_position *pos = arb_position_new();

	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		size_t len = strlen(fens[i]);
		for (size_t k = 0; k <= len; k++) {
			memcpy(s, fens[i], k);
			s[k] = '\0';
			for (size_t f = 0; f < sizeof fuzz_flags / sizeof fuzz_flags[0]; f++)
				fuzz_one(pos, s, fuzz_flags[f]);
		}
	}
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *fen_suite(void)
{
	Suite *s = suite_create("fen");
	TCase *tc = tcase_create("roundtrip");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_status_names);
	tcase_add_test(tc, test_new_is_start);
	tcase_add_test(tc, test_roundtrip_table);
	tcase_add_test(tc, test_to_fen_truncates);
	tcase_add_test(tc, test_missing_clocks);
	tcase_add_test(tc, test_whitespace);
	suite_add_tcase(s, tc);

	tc = tcase_create("reject");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_reject_too_few_fields, 0, NROWS(too_few_fields));
	tcase_add_loop_test(tc, test_reject_too_many_fields, 0, NROWS(too_many_fields));
	tcase_add_loop_test(tc, test_reject_placement, 0, NROWS(bad_placement));
	tcase_add_loop_test(tc, test_reject_piece, 0, NROWS(bad_piece));
	tcase_add_loop_test(tc, test_reject_kings, 0, NROWS(bad_kings));
	tcase_add_loop_test(tc, test_reject_pawns, 0, NROWS(bad_pawns));
	tcase_add_loop_test(tc, test_reject_side, 0, NROWS(bad_side));
	tcase_add_loop_test(tc, test_reject_check, 0, NROWS(bad_check));
	tcase_add_loop_test(tc, test_reject_castling, 0, NROWS(bad_castling));
	tcase_add_loop_test(tc, test_reject_ep, 0, NROWS(bad_ep));
	tcase_add_loop_test(tc, test_reject_clock, 0, NROWS(bad_clock));
	suite_add_tcase(s, tc);

	tc = tcase_create("semantics");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_repair);
	tcase_add_test(tc, test_fact_castling_readings);
	tcase_add_test(tc, test_ep_legal_kept);
	tcase_add_test(tc, test_ep_illegal_dropped);
	tcase_add_test(tc, test_auto_mode);
	tcase_add_test(tc, test_keys);
	tcase_add_test(tc, test_move_list_bound);
	suite_add_tcase(s, tc);

	tc = tcase_create("data");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_data_tricky);
	tcase_add_test(tc, test_data_chess960);
	suite_add_tcase(s, tc);

	tc = tcase_create("fuzz");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_fuzz_mutations);
	tcase_add_test(tc, test_fuzz_long);
	tcase_add_test(tc, test_fuzz_prefixes);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : NULL;
	if (tsv_load(dir, "tricky.tsv", &tricky) != 0 || tsv_load(dir, "chess960.tsv", &c960) != 0)
		return 2;

	/* Build the library's tables once, before Check forks for each test. */
	arb_position_free(arb_position_new());
	SRunner *sr = srunner_create(fen_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	tsv_free(&tricky);
	tsv_free(&c960);
	return failed == 0 ? 0 : 1;
}
