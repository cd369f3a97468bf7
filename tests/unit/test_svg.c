/*
 * test_svg.c -- the diagram writer (arb_svg_*): the document's frame, one
 * board per call up to the sheet's count, the default title and caption,
 * the check mark and side-to-move disc where the position puts them (both
 * orientations), text escaped and made valid UTF-8, and a failing sink (no
 * write after the first failure, ARB_E_IO from then on). How the diagrams
 * look is checked in a browser by tests/cli/svg_render.py.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define MATE_FEN "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"

/* A sink into a growing string; fails once `limit` bytes are reached
 * (-1: never) and counts the calls made after it failed. */
typedef struct sink {
	char *buf;
	size_t len, cap;
	long limit;
	int failed, calls_after;
} sink;

static int sink_write(void *ctx, const char *data, size_t n)
{
	sink *s = ctx;

	if (s->failed) {
		s->calls_after++;
		return -1;
	}
	if (s->limit >= 0 && s->len + n > (size_t)s->limit) {
		s->failed = 1;
		return -1;
	}
	if (s->len + n + 1 > s->cap) {
		s->cap = 2 * (s->len + n + 1);
		s->buf = realloc(s->buf, s->cap);
		ck_assert_ptr_nonnull(s->buf);
	}
	memcpy(s->buf + s->len, data, n);
	s->len += n;
	s->buf[s->len] = 0;
	return 0;
}

static arb_position *must_fen(const char *fen)
{
	arb_position *pos = arb_position_new();

	ck_assert_ptr_nonnull(pos);
	ck_assert_int_eq(arb_position_set_fen(pos, fen, ARB_FEN_AUTO, NULL), ARB_OK);
	return pos;
}

/* The whole document of one board. */
static char *one_board(const char *fen, const char *title, const char *caption, unsigned flags)
{
	sink s = {NULL, 0, 0, -1, 0, 0};
	arb_position *pos = must_fen(fen);
	arb_svg *svg = arb_svg_new(1, NULL, sink_write, &s);

	ck_assert_ptr_nonnull(svg);
	ck_assert_int_eq(arb_svg_board(svg, pos, title, caption, flags), ARB_OK);
	ck_assert_int_eq(arb_svg_finish(svg), ARB_OK);
	arb_svg_free(svg);
	arb_position_free(pos);
	return s.buf;
}

static int count(const char *text, const char *what)
{
	int n = 0;

	for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

START_TEST(test_frame)
{
	char *doc = one_board(START_FEN, NULL, NULL, 0);

	ck_assert_int_eq(strncmp(doc, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44), 0);
	ck_assert_str_eq(doc + strlen(doc) - 7, "</svg>\n");
	ck_assert_int_eq(count(doc, "<title>arbiter: chess diagram</title>"), 1);
	ck_assert_int_eq(count(doc, "xlink:href=\"#board\""), 1);
	ck_assert_int_eq(count(doc, "<g id=\"board\">"), 1);
	ck_assert_int_eq(count(doc, "<g id=\"board-flipped\">"), 1);
	ck_assert_int_eq(count(doc, "<use xlink:href=\"#w"), 16);
	ck_assert_int_eq(count(doc, "<use xlink:href=\"#b"), 16 + 1); /* and "#board" */
	ck_assert_int_eq(count(doc, "viewBox=\"0 0 960 1090\""), 1);
	/* default title and caption */
	ck_assert_int_eq(count(doc, ">White to move</text>"), 1);
	ck_assert_int_eq(count(doc, ">" START_FEN "</text>"), 1);
	ck_assert_int_eq(count(doc, "class=\"check\""), 0);
	free(doc);
}
END_TEST

START_TEST(test_default_titles)
{
	static const struct {
		const char *fen, *title;
	} rows[] = {
		{START_FEN, ">White to move</text>"},
		{"4k3/8/8/8/8/8/8/4K3 b - - 0 1", ">Black to move</text>"},
		{"4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", ">White to move: check</text>"},
		{MATE_FEN, ">Black to move: checkmate</text>"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ">Black to move: stalemate</text>"},
		{"k7/8/1Q6/8/8/8/8/7K b - - 0 1", ">Black to move: stalemate</text>"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char *doc = one_board(rows[i].fen, NULL, NULL, 0);

		ck_assert_msg(strstr(doc, rows[i].title), "%s: no %s", rows[i].fen, rows[i].title);
		free(doc);
	}
}
END_TEST

/* The mark under the checked king, and the disc, in both orientations. */
START_TEST(test_check_and_disc)
{
	char *doc = one_board(MATE_FEN, NULL, NULL, 0);

	ck_assert_int_eq(count(doc, "class=\"check\""), 1);
	ck_assert_ptr_nonnull(strstr(doc, "<rect class=\"check\" x=\"400\" y=\"0\"")); /* e8 */
	ck_assert_ptr_nonnull(
		strstr(doc, "cx=\"825\" cy=\"50\" r=\"15\" fill=\"#1a1a1a\"")); /* top */
	free(doc);
	doc = one_board(MATE_FEN, NULL, NULL, ARB_SVG_FLIP);
	ck_assert_ptr_nonnull(strstr(doc, "<rect class=\"check\" x=\"300\" y=\"700\""));
	ck_assert_ptr_nonnull(strstr(doc, "cx=\"825\" cy=\"750\" r=\"15\" fill=\"#1a1a1a\""));
	ck_assert_ptr_nonnull(strstr(doc, "<use xlink:href=\"#board-flipped\"/>"));
	free(doc);
	doc = one_board("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", NULL, NULL, 0);
	ck_assert_ptr_nonnull(strstr(doc, "<rect class=\"check\" x=\"400\" y=\"700\"")); /* e1 */
	ck_assert_ptr_nonnull(strstr(doc, "cx=\"825\" cy=\"750\" r=\"15\" fill=\"#ffffff\""));
	free(doc);
	/* A double check is one mark; a stalemate none. */
	doc = one_board("4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1", NULL, NULL, 0);
	ck_assert_int_eq(count(doc, "class=\"check\""), 1);
	free(doc);
	doc = one_board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", NULL, NULL, 0);
	ck_assert_int_eq(count(doc, "class=\"check\""), 0);
	free(doc);
}
END_TEST

/* Pieces where the position has them: a1 and h8 swap corners when flipped. */
START_TEST(test_piece_places)
{
	char *doc = one_board("7k/8/8/8/8/8/8/R3K3 w Q - 0 1", NULL, NULL, 0);

	ck_assert_ptr_nonnull(strstr(doc, "<use xlink:href=\"#wR\" x=\"0\" y=\"700\"/>"));
	ck_assert_ptr_nonnull(strstr(doc, "<use xlink:href=\"#wK\" x=\"400\" y=\"700\"/>"));
	ck_assert_ptr_nonnull(strstr(doc, "<use xlink:href=\"#bK\" x=\"700\" y=\"0\"/>"));
	free(doc);
	doc = one_board("7k/8/8/8/8/8/8/R3K3 w Q - 0 1", NULL, NULL, ARB_SVG_FLIP);
	ck_assert_ptr_nonnull(strstr(doc, "<use xlink:href=\"#wR\" x=\"700\" y=\"0\"/>"));
	ck_assert_ptr_nonnull(strstr(doc, "<use xlink:href=\"#wK\" x=\"300\" y=\"0\"/>"));
	ck_assert_ptr_nonnull(strstr(doc, "<use xlink:href=\"#bK\" x=\"0\" y=\"700\"/>"));
	free(doc);
}
END_TEST

START_TEST(test_text)
{
	char *doc = one_board(START_FEN, "A & B <c> \"d\"", "x\x01y\xff\xc3\xa9z\xe2\x82", 0);

	ck_assert_ptr_nonnull(strstr(doc, ">A &amp; B &lt;c&gt; &quot;d&quot;</text>"));
	/* a control character and bad bytes as U+FFFD; a good sequence (é) kept */
	ck_assert_ptr_nonnull(
		strstr(doc, ">x\xef\xbf\xbdy\xef\xbf\xbd\xc3\xa9z\xef\xbf\xbd\xef\xbf\xbd</text>"));
	free(doc);
	/* overlong and surrogate forms are not UTF-8 */
	doc = one_board(START_FEN, "\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80", "", 0);
	ck_assert_int_eq(count(doc, "\xef\xbf\xbd"), 9);
	ck_assert_ptr_nonnull(strstr(
		doc,
		"monospace\" font-size=\"24\" text-anchor=\"middle\" fill=\"#000000\"></text>"));
	free(doc);
	/* an empty title draws none; a long one is made to fit */
	doc = one_board(START_FEN, "", NULL, 0);
	ck_assert_ptr_nonnull(strstr(
		doc, "font-weight=\"bold\" text-anchor=\"middle\" fill=\"#000000\"></text>"));
	free(doc);
	char long_title[301];
	memset(long_title, 'W', 300);
	long_title[300] = 0;
	doc = one_board(START_FEN, long_title, NULL, 0);
	ck_assert_ptr_nonnull(strstr(doc, "font-size=\"24\" font-weight=\"bold\""));
	ck_assert_ptr_nonnull(strstr(doc, "textLength=\"880\" lengthAdjust=\"spacingAndGlyphs\""));
	free(doc);
}
END_TEST

/* A sheet: count boards in a grid, no more; titles of the document. */
START_TEST(test_sheet)
{
	sink s = {NULL, 0, 0, -1, 0, 0};
	arb_position *pos = must_fen(START_FEN);
	arb_svg *svg = arb_svg_new(5, "Round <1>", sink_write, &s);

	ck_assert_ptr_nonnull(svg);
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(arb_svg_board(svg, pos, NULL, NULL, i == 2 ? ARB_SVG_FLIP : 0),
				 ARB_OK);
	ck_assert_int_eq(arb_svg_board(svg, pos, NULL, NULL, 0), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_svg_finish(svg), ARB_OK);
	arb_svg_free(svg);
	ck_assert_int_eq(count(s.buf, "<title>Round &lt;1&gt;</title>"), 1);
	ck_assert_int_eq(count(s.buf, "xlink:href=\"#board\""), 4);
	ck_assert_int_eq(count(s.buf, "xlink:href=\"#board-flipped\""), 1);
	ck_assert_int_eq(count(s.buf, "viewBox=\"0 0 2900 2190\""), 1); /* 3 columns, 2 rows */
	ck_assert_int_eq(count(s.buf, "<g transform=\"translate(1970,1130)\">"), 0);
	ck_assert_int_eq(count(s.buf, "<g transform=\"translate(1000,1130)\">"), 1); /* board 5 */
	free(s.buf);
	/* A sheet finished with no board is still a document; the default title. */
	memset(&s, 0, sizeof s);
	s.limit = -1;
	svg = arb_svg_new(2, NULL, sink_write, &s);
	ck_assert_int_eq(arb_svg_finish(svg), ARB_OK);
	arb_svg_free(svg);
	ck_assert_int_eq(count(s.buf, "<title>arbiter: chess diagrams</title>"), 1);
	ck_assert_str_eq(s.buf + s.len - 7, "</svg>\n");
	free(s.buf);
	arb_position_free(pos);
}
END_TEST

START_TEST(test_bad_arguments)
{
	sink s = {NULL, 0, 0, -1, 0, 0};
	arb_position *pos = must_fen(START_FEN);
	arb_svg *svg;

	/* A count below 1, a NULL sink, sheet or position are misuse
	 * (test_misuse.c); a board past the sheet's count is refused. */
	svg = arb_svg_new(1, NULL, sink_write, &s);
	ck_assert_uint_eq(s.len, 0); /* nothing written yet */
	ck_assert_int_eq(arb_svg_board(svg, pos, NULL, NULL, 0), ARB_OK);
	ck_assert_int_eq(arb_svg_board(svg, pos, NULL, NULL, 0), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_svg_finish(svg), ARB_OK);
	arb_svg_free(svg);
	arb_svg_free(NULL);
	arb_position_free(pos);
	free(s.buf);
}
END_TEST

/* The sink fails part way: ARB_E_IO from then on and no more writes. */
START_TEST(test_failing_sink)
{
	arb_position *pos = must_fen(MATE_FEN);

	for (long limit = 0; limit < 12000; limit += 997) {
		sink s = {NULL, 0, 0, limit, 0, 0};
		arb_svg *svg = arb_svg_new(2, NULL, sink_write, &s);
		arb_status a = arb_svg_board(svg, pos, NULL, NULL, 0);
		arb_status b = arb_svg_board(svg, pos, NULL, NULL, 0);
		arb_status c = arb_svg_finish(svg);

		ck_assert_int_eq(c, ARB_E_IO);
		ck_assert(a == ARB_E_IO || b == ARB_E_IO || c == ARB_E_IO);
		ck_assert_msg(a == ARB_OK || b == ARB_E_IO, "limit %ld: a failure is not forgotten",
			      limit);
		ck_assert_int_eq(s.calls_after, 0);
		arb_svg_free(svg);
		free(s.buf);
	}
	arb_position_free(pos);
}
END_TEST

static Suite *svg_suite(void)
{
	Suite *s = suite_create("svg");
	TCase *tc = tcase_create("diagrams");

	tcase_add_test(tc, test_frame);
	tcase_add_test(tc, test_default_titles);
	tcase_add_test(tc, test_check_and_disc);
	tcase_add_test(tc, test_piece_places);
	tcase_add_test(tc, test_text);
	tcase_add_test(tc, test_sheet);
	tcase_add_test(tc, test_bad_arguments);
	tcase_add_test(tc, test_failing_sink);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	arb_position_free(arb_position_new());
	SRunner *sr = srunner_create(svg_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
