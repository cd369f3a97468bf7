/*
 * test_epd.c -- EPD records (PGN standard 16.2).
 *
 * Parsing the four position fields and the standard opcodes (hmvc, fmvn,
 * id, c0-c9, bm/am resolved as SAN, rc, draw_claim, draw_offer, sm), the
 * perft-suite form "FEN ;D1 20 ;D2 400" with and without clocks, writing a
 * record back (quoting, truncation) and reading it again, editing the
 * operations, and the error codes and columns of bad records.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "testutil.h"

static arb_epd *must_parse(const char *line, unsigned flags)
{
	arb_epd *e = arb_epd_new();
	arb_error err;
	ck_assert_ptr_nonnull(e);
	arb_status st = arb_epd_parse(e, line, flags, &err);
	ck_assert_msg(st == ARB_OK, "\"%s\": %s: %s", line, arb_status_name(st), err.message);
	return e;
}

static const char *to_string(const arb_epd *e, char *buf, size_t n, unsigned flags)
{
	size_t len = arb_epd_to_string(e, buf, n, flags);
	ck_assert_uint_lt(len, n);
	ck_assert_uint_eq(len, strlen(buf));
	return buf;
}

static arb_move uci_move(const arb_position *pos, const char *uci)
{
	arb_move m = ARB_MOVE_NONE;
	ck_assert_int_eq(arb_move_from_uci(pos, uci, &m, NULL), ARB_OK);
	return m;
}

/* The operands of operation `name`, space-separated, into buf. */
static const char *operands(const arb_epd *e, const char *name, char *buf, size_t n)
{
	int i = arb_epd_find(e, name);
	ck_assert_msg(i >= 0, "no operation %s", name);
	ck_assert_str_eq(arb_epd_op_name(e, i), name);
	size_t k = 0;
	buf[0] = 0;
	for (int j = 0; j < arb_epd_operand_count(e, i); j++)
		k += (size_t)snprintf(buf + k, n - k, "%s%s", j ? "|" : "",
				      arb_epd_operand(e, i, j));
	return buf;
}

/* ------------------------------------------------------------------------ */

START_TEST(test_standard_opcodes)
{
	static const char line[] =
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 hmvc 0; fmvn 1; "
		"id \"start e4\"; c0 \"first comment\"; c1 plain; c9 \"last; one\"; "
		"bm e5 c5; am Nh6 Na6!?; rc 1; draw_offer; draw_claim; sm Nf6;";
	arb_epd *e = must_parse(line, 0);
	char buf[256];
	char fen[ARB_FEN_MAX];

	arb_position_to_fen(arb_epd_position(e), fen, sizeof fen, 0);
	/* e3 is dropped: no e.p. capture is legal (FIDE 9.2). */
	ck_assert_str_eq(fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
	ck_assert_int_eq(arb_epd_op_count(e), 12);
	static const char *const names[] = {"hmvc", "fmvn", "id", "c0",         "c1",         "c9",
					    "bm",   "am",   "rc", "draw_offer", "draw_claim", "sm"};
	for (int i = 0; i < 12; i++)
		ck_assert_str_eq(arb_epd_op_name(e, i), names[i]);
	ck_assert_str_eq(operands(e, "id", buf, sizeof buf), "start e4");
	ck_assert_str_eq(operands(e, "c0", buf, sizeof buf), "first comment");
	ck_assert_str_eq(operands(e, "c1", buf, sizeof buf), "plain");
	ck_assert_str_eq(operands(e, "c9", buf, sizeof buf), "last; one");
	ck_assert_str_eq(operands(e, "bm", buf, sizeof buf), "e5|c5");
	ck_assert_str_eq(operands(e, "rc", buf, sizeof buf), "1");
	ck_assert_int_eq(arb_epd_operand_count(e, arb_epd_find(e, "draw_offer")), 0);
	ck_assert_int_eq(arb_epd_operand_count(e, arb_epd_find(e, "draw_claim")), 0);
	ck_assert_int_eq(arb_epd_find(e, "c2"), -1);
	ck_assert_ptr_null(arb_epd_op_name(e, 12));
	ck_assert_ptr_null(arb_epd_operand(e, 2, 1));

	/* bm / am / sm: SAN resolved against the position. */
	arb_move moves[8];
	arb_error err;
	const arb_position *pos = arb_epd_position(e);
	ck_assert_int_eq(arb_epd_moves(e, arb_epd_find(e, "bm"), moves, 8, &err), 2);
	ck_assert_int_eq(moves[0], uci_move(pos, "e7e5"));
	ck_assert_int_eq(moves[1], uci_move(pos, "c7c5"));
	ck_assert_int_eq(arb_epd_moves(e, arb_epd_find(e, "am"), moves, 8, &err), 2);
	ck_assert_int_eq(moves[0], uci_move(pos, "g8h6"));
	ck_assert_int_eq(moves[1], uci_move(pos, "b8a6"));
	ck_assert_int_eq(arb_epd_moves(e, arb_epd_find(e, "sm"), moves, 8, &err), 1);
	ck_assert_int_eq(moves[0], uci_move(pos, "g8f6"));
	/* `max` bounds the output. */
	ck_assert_int_eq(arb_epd_moves(e, arb_epd_find(e, "bm"), moves, 1, &err), 1);
	arb_epd_free(e);
}
END_TEST

START_TEST(test_clock_opcodes)
{
	arb_epd *e = must_parse("4k3/8/8/8/8/8/8/4K2R w K - hmvc 17; fmvn 42;", 0);
	ck_assert_int_eq(arb_position_halfmove_clock(arb_epd_position(e)), 17);
	ck_assert_int_eq(arb_position_fullmove_number(arb_epd_position(e)), 42);
	/* Without them: 0 and 1. */
	ck_assert_int_eq(arb_epd_parse(e, "4k3/8/8/8/8/8/8/4K2R w K -", 0, NULL), ARB_OK);
	ck_assert_int_eq(arb_epd_op_count(e), 0);
	ck_assert_int_eq(arb_position_halfmove_clock(arb_epd_position(e)), 0);
	ck_assert_int_eq(arb_position_fullmove_number(arb_epd_position(e)), 1);
	arb_epd_free(e);
}
END_TEST

START_TEST(test_bad_moves)
{
	arb_epd *e =
		must_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 e5; am Nd2; "
			   "c0 \"x\"; bm2 Nc3 Nd2 Na3 Nf3;",
			   0);
	arb_move moves[8];
	arb_error err;
	memset(&err, 0, sizeof err);
	ck_assert_int_eq(arb_epd_moves(e, arb_epd_find(e, "bm"), moves, 8, &err), -1);
	ck_assert_int_eq(err.code, ARB_E_MOVE_ILLEGAL);
	ck_assert_ptr_nonnull(strstr(err.message, "e5"));
	ck_assert_int_eq(arb_epd_moves(e, arb_epd_find(e, "am"), moves, 8, &err), -1);
	ck_assert_int_eq(err.code, ARB_E_MOVE_ILLEGAL);
	ck_assert_int_eq(arb_epd_moves(e, arb_epd_find(e, "c0"), moves, 8, &err), -1);
	ck_assert_int_eq(arb_epd_moves(e, arb_epd_find(e, "bm2"), moves, 8, &err), -1);
	/* An index out of range gives no moves. */
	ck_assert_int_eq(arb_epd_moves(e, 99, moves, 8, &err), 0);
	arb_epd_free(e);

	/* An ambiguous SAN is an error, never the first match. */
	e = must_parse("4k3/8/8/8/8/5N2/8/1N2K3 w - - bm Nd2;", 0);
	ck_assert_int_eq(arb_epd_moves(e, 0, moves, 8, &err), -1);
	ck_assert_int_eq(err.code, ARB_E_MOVE_AMBIGUOUS);
	arb_epd_free(e);
}
END_TEST

START_TEST(test_perft_form)
{
	char buf[256];
	arb_epd *e = must_parse(
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 "
		";D3 8902",
		0);
	ck_assert_int_eq(arb_epd_op_count(e), 3);
	ck_assert_str_eq(operands(e, "D1", buf, sizeof buf), "20");
	ck_assert_str_eq(operands(e, "D2", buf, sizeof buf), "400");
	ck_assert_str_eq(operands(e, "D3", buf, sizeof buf), "8902");
	arb_epd_free(e);

	/* Without the clock fields, and with clocks that are not the defaults. */
	e = must_parse(
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039",
		0);
	ck_assert_int_eq(arb_epd_op_count(e), 2);
	ck_assert_str_eq(operands(e, "D1", buf, sizeof buf), "48");
	ck_assert_str_eq(operands(e, "D2", buf, sizeof buf), "2039");
	ck_assert_int_eq(arb_position_count_moves(arb_epd_position(e)), 48);
	arb_epd_free(e);
	e = must_parse("4k3/8/8/8/8/8/8/4K3 b - - 5 60 ;D1 5", 0);
	ck_assert_int_eq(arb_position_halfmove_clock(arb_epd_position(e)), 5);
	ck_assert_int_eq(arb_position_fullmove_number(arb_epd_position(e)), 60);
	ck_assert_int_eq(arb_position_side_to_move(arb_epd_position(e)), ARB_BLACK);
	ck_assert_str_eq(operands(e, "D1", buf, sizeof buf), "5");
	arb_epd_free(e);

	/* Chess960 (Shredder-FEN) perft lines, as in many 960 suites. */
	e = must_parse(
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528",
		ARB_FEN_CHESS960);
	ck_assert_int_eq(arb_position_count_moves(arb_epd_position(e)), 21);
	ck_assert(arb_position_is_chess960(arb_epd_position(e)));
	arb_epd_free(e);
}
END_TEST

START_TEST(test_to_string)
{
	static const struct {
		const char *in, *out;
		unsigned flags;
	} t[] = {
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400",
		 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - D1 20; D2 400;", 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  KQkq   -   id  \"x y\" ;c0 \"a;b\"; c1 "
		 "\"\"; c2 \"single\"; bm  e4  d4 ;",
		 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"x y\"; c0 \"a;b\"; c1 \"\"; c2 "
		 "single; bm e4 d4;",
		 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - draw_offer;",
		 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - draw_offer;", 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
		 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 3; fmvn 9;",
		 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 3; fmvn 9;", 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"tab\there\";",
		 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"tab\there\";", 0},
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - id \"960 #0\";",
		 "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - id \"960 #0\";",
		 ARB_FEN_SHREDDER},
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - id \"960 #0\";",
		 "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - id \"960 #0\";", 0},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 id ep;", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 id ep;", 0},
	};
	char buf[512], again[512];

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		arb_epd *e = must_parse(t[i].in, ARB_FEN_AUTO);
		ck_assert_msg(strcmp(to_string(e, buf, sizeof buf, t[i].flags), t[i].out) == 0,
			      "\"%s\":\n  wrote    \"%s\"\n  expected \"%s\"", t[i].in, buf,
			      t[i].out);
		/* Reading the output gives the same record. */
		arb_epd *f = must_parse(buf, ARB_FEN_AUTO);
		ck_assert_str_eq(to_string(f, again, sizeof again, t[i].flags), buf);
		ck_assert_int_eq(arb_epd_op_count(f), arb_epd_op_count(e));
		ck_assert_uint_eq(arb_position_key(arb_epd_position(f)),
				  arb_position_key(arb_epd_position(e)));
		arb_epd_free(f);
		arb_epd_free(e);
	}
}
END_TEST

START_TEST(test_to_string_truncation)
{
	arb_epd *e = must_parse("4k3/8/8/8/8/8/8/4K3 w - - id \"a long identifier\";", 0);
	char full[128], small[16];
	size_t len = arb_epd_to_string(e, full, sizeof full, 0);
	ck_assert_uint_eq(len, strlen(full));
	memset(small, 'Z', sizeof small);
	ck_assert_uint_eq(arb_epd_to_string(e, small, sizeof small, 0), len);
	ck_assert_uint_eq(strlen(small), sizeof small - 1);
	ck_assert(strncmp(small, full, sizeof small - 1) == 0);
	ck_assert_uint_eq(arb_epd_to_string(e, NULL, 0, 0), len);
	arb_epd_free(e);
}
END_TEST

START_TEST(test_edit_ops)
{
	arb_epd *e = arb_epd_new();
	char buf[256];
	static const char *const bm[] = {"Nf3", "e4", NULL};
	static const char *const id[] = {"two words", NULL};
	static const char *const c0[] = {"x", NULL};

	/* A new record: the start position, no operations. */
	ck_assert_str_eq(to_string(e, buf, sizeof buf, 0),
			 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
	ck_assert_int_eq(arb_epd_set_op(e, "id", id), ARB_OK);
	ck_assert_int_eq(arb_epd_set_op(e, "bm", bm), ARB_OK);
	ck_assert_int_eq(arb_epd_set_op(e, "draw_claim", NULL), ARB_OK);
	ck_assert_str_eq(
		to_string(e, buf, sizeof buf, 0),
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"two words\"; bm Nf3 e4; "
		"draw_claim;");
	/* Replacing keeps one operation of that name. */
	ck_assert_int_eq(arb_epd_set_op(e, "id", c0), ARB_OK);
	ck_assert_int_eq(arb_epd_op_count(e), 3);
	ck_assert_str_eq(operands(e, "id", buf, sizeof buf), "x");
	/* Bad names. */
	ck_assert_int_eq(arb_epd_set_op(e, "", c0), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_epd_set_op(e, "1x", c0), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_epd_set_op(e, "a b", c0), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_epd_op_count(e), 3);
	/* A new position keeps the operations. */
	arb_position *pos = arb_position_new();
	ck_assert_int_eq(arb_position_set_fen(pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, NULL),
			 ARB_OK);
	ck_assert_int_eq(arb_epd_set_position(e, pos), ARB_OK);
	ck_assert_int_eq(arb_epd_op_count(e), 3);
	arb_epd_clear_ops(e);
	ck_assert_int_eq(arb_epd_op_count(e), 0);
	ck_assert_str_eq(to_string(e, buf, sizeof buf, 0), "4k3/8/8/8/8/8/8/4K3 w - -");
	arb_position_free(pos);
	arb_epd_free(e);
	arb_epd_free(NULL);
}
END_TEST

/* ------------------------------------------------------------------------
 * Errors
 * ---------------------------------------------------------------------- */

typedef struct bad_case {
	const char *line;
	arb_status code; /* or one of two codes */
	arb_status code2;
	int column; /* 0: not checked */
} bad_case;

#define START4 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"

static const bad_case bad_cases[] = {
	/* Bad opcodes: the column of the opcode. */
	{START4 " 1abc x;", ARB_E_EPD, ARB_E_EPD, 54},
	{START4 " id x; $$ y;", ARB_E_EPD, ARB_E_EPD, 60},
	{START4 " \"quoted\";", ARB_E_EPD, ARB_E_EPD, 54},
	{START4 " abcdefghijklmnopqrstuvwxyz 1;", ARB_E_EPD, ARB_E_EPD, 54},
	/* An unterminated string: the column of its quote. */
	{START4 " id \"never closed;", ARB_E_EPD, ARB_E_EPD, 57},
	{START4 " c0 \"ok\"; c1 \"open", ARB_E_EPD, ARB_E_EPD, 66},
	/* Bad FENs: the FEN codes, columns in the EPD line. */
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - id x;", ARB_E_FEN_PIECE,
	 ARB_E_FEN_PIECE, 43},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - id x;", ARB_E_FEN_PLACEMENT,
	 ARB_E_FEN_PLACEMENT, 0},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - id x;", ARB_E_FEN_SIDE,
	 ARB_E_FEN_SIDE, 45},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   x KQkq - id x;", ARB_E_FEN_SIDE,
	 ARB_E_FEN_SIDE, 47},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - id x;", ARB_E_FEN_CASTLING,
	 ARB_E_FEN_CASTLING, 0},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 id x;", ARB_E_FEN_EP, ARB_E_FEN_EP,
	 0},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - id x;", ARB_E_FEN_KINGS,
	 ARB_E_FEN_CASTLING, 0},
	/* Too few position fields. */
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", ARB_E_EPD, ARB_E_FEN_FIELDS, 0},
	{"", ARB_E_EPD, ARB_E_FEN_FIELDS, 0},
	{"   ", ARB_E_EPD, ARB_E_FEN_FIELDS, 0},
};

START_TEST(test_errors)
{
	for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
		const bad_case *c = &bad_cases[i];
		arb_epd *e = arb_epd_new();
		arb_error err;
		memset(&err, 0x55, sizeof err);
		arb_status st = arb_epd_parse(e, c->line, 0, &err);
		ck_assert_msg(st == c->code || st == c->code2, "\"%s\": got %s, expected %s",
			      c->line, arb_status_name(st), arb_status_name(c->code));
		ck_assert_int_eq(err.code, st);
		ck_assert_msg(memchr(err.message, 0, sizeof err.message) && err.message[0],
			      "\"%s\": no message", c->line);
		if (c->column)
			ck_assert_msg(err.column == c->column,
				      "\"%s\": column %d, expected %d (%s)", c->line, err.column,
				      c->column, err.message);
		ck_assert_int_eq(arb_epd_parse(e, c->line, 0, NULL), st);
		/* The record still works. */
		ck_assert_int_eq(arb_epd_parse(e, START4 " id ok;", 0, &err), ARB_OK);
		ck_assert_int_eq(arb_epd_op_count(e), 1);
		arb_epd_free(e);
	}
}
END_TEST

START_TEST(test_position_kept_on_fen_error)
{
	arb_epd *e = must_parse("4k3/8/8/8/8/8/8/4K3 w - - id a;", 0);
	uint64_t key = arb_position_key(arb_epd_position(e));
	ck_assert_int_ne(arb_epd_parse(e, "4k3/8/8/8/8/8/8/4K3 x - - id b;", 0, NULL), ARB_OK);
	ck_assert_uint_eq(arb_position_key(arb_epd_position(e)), key);
	arb_epd_free(e);
}
END_TEST

START_TEST(test_long_lines)
{
	/* Long and many operations: accepted or refused, never a crash, and
	 * what is accepted writes back and reads again. */
	size_t cap = 1 << 16;
	char *line = malloc(cap), *out = malloc(cap * 2), *again = malloc(cap * 2);
	ck_assert(line && out && again);
	for (int n = 1; n <= 2000; n *= 3) {
		size_t k = (size_t)snprintf(line, cap, "%s", START4);
		for (int i = 0; i < n && k < cap - 64; i++)
			k += (size_t)snprintf(line + k, cap - k, " c%d \"comment %d\";", i % 10, i);
		arb_epd *e = arb_epd_new();
		arb_error err;
		arb_status st = arb_epd_parse(e, line, 0, &err);
		if (st == ARB_OK) {
			arb_epd_to_string(e, out, cap * 2, 0);
			arb_epd *f = must_parse(out, 0);
			arb_epd_to_string(f, again, cap * 2, 0);
			ck_assert_str_eq(out, again);
			arb_epd_free(f);
		} else {
			ck_assert_int_eq(st, ARB_E_EPD);
		}
		arb_epd_free(e);
	}
	free(line);
	free(out);
	free(again);
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *epd_suite(void)
{
	Suite *s = suite_create("epd");
	TCase *tc = tcase_create("read");
	tcase_add_test(tc, test_standard_opcodes);
	tcase_add_test(tc, test_clock_opcodes);
	tcase_add_test(tc, test_bad_moves);
	tcase_add_test(tc, test_perft_form);
	suite_add_tcase(s, tc);
	tc = tcase_create("write");
	tcase_add_test(tc, test_to_string);
	tcase_add_test(tc, test_to_string_truncation);
	tcase_add_test(tc, test_edit_ops);
	suite_add_tcase(s, tc);
	tc = tcase_create("errors");
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_position_kept_on_fen_error);
	tcase_add_test(tc, test_long_lines);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	arb_position_free(arb_position_new());
	SRunner *sr = srunner_create(epd_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
