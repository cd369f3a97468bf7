/*
 * diagram.c -- chess diagrams as SVG (arb_svg_*, see arbiter.h "Diagrams").
 *
 * Units: a square is 100 user units. The pieces are drawn for a 100 x 100
 * box from outlines designed for this file: each piece is a list of shapes,
 * "body" shapes filled with the piece colour and outlined in black, and
 * "detail" lines drawn in the contrasting colour (black on white pieces,
 * white on black ones) so a black piece keeps its inner lines on any square.
 * Pieces, the empty board (both ways round) and the check mark are defined
 * once in <defs> and placed with <use>, which keeps a sheet of all 960
 * start positions small. Everything goes out through the caller's
 * arb_write_fn; after the first failed write nothing more is written.
 */
#include "position.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- geometry (user units) ----------------------------------------------- */

#define SQ 100
#define BOARD (8 * SQ)
#define SIDE 50     /* left: rank labels; right: the side-to-move mark */
#define TITLE_H 100 /* above the board */
#define PANEL_W (SIDE + BOARD + SIDE)
#define PANEL_H (TITLE_H + BOARD + 130) /* file labels and the caption below */
#define GAP 70                          /* between panels */
#define MARGIN 30                       /* around the sheet */
#define MAX_COLUMNS 4
#define SHEET_MM 190.0 /* printed width: A4 (210 mm) less margins */

#define LIGHT "#f0d9b5"
#define DARK "#b58863"
#define INK "#1a1a1a"
#define SANS "DejaVu Sans, Helvetica, Arial, sans-serif"
#define MONO "DejaVu Sans Mono, Menlo, Consolas, Courier New, monospace"

struct arb_svg {
	arb_write_fn fn;
	void *ctx;
	char *title; /* the document's <title>, NULL for the default */
	int count, columns, next, started, failed;
};

/* ---- output ---------------------------------------------------------------- */

static void put(arb_svg *s, const char *text, size_t n)
{
	if (!s->failed && n > 0 && s->fn(s->ctx, text, n) != 0)
		s->failed = 1;
}

static void puts_(arb_svg *s, const char *text)
{
	put(s, text, strlen(text));
}

/* printf through the sink. Every format here is short except the path of
 * the dark squares, which is written square by square. */
static void printf_(arb_svg *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void printf_(arb_svg *s, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof buf) { /* a bug in this file, not input */
		s->failed = 1;
		return;
	}
	put(s, buf, (size_t)n);
}

/* The length of the valid UTF-8 sequence at p (1..4), 0 if it is not one. */
static size_t utf8_length(const unsigned char *p)
{
	size_t n, i;
	unsigned c = p[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] > 0x9f) || /* overlong, surrogate */
	    (c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] > 0x8f))   /* overlong, > U+10FFFF */
		return 0;
	return n;
}

/* Writes caller text as XML character data: &, <, > and " escaped; bytes
 * that are not UTF-8, and control characters XML 1.0 does not allow, as
 * U+FFFD, so that any title still gives a well-formed document. */
static void put_text(arb_svg *s, const char *text)
{
	const unsigned char *p = (const unsigned char *)text;

	while (*p) {
		size_t n = utf8_length(p);

		if (n == 0 || (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')) {
			puts_(s, "\xef\xbf\xbd");
			p++;
			continue;
		}
		switch (*p) {
		case '&':
			puts_(s, "&amp;");
			break;
		case '<':
			puts_(s, "&lt;");
			break;
		case '>':
			puts_(s, "&gt;");
			break;
		case '"':
			puts_(s, "&quot;");
			break;
		default:
			put(s, (const char *)p, n);
		}
		p += n;
	}
}

/* The number of characters (code points) of `text`, bad bytes counted one each. */
static size_t text_length(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t count = 0, n;

	for (; *p; p += n ? n : 1, count++)
		n = utf8_length(p);
	return count;
}

/*
 * A line of text centred over the panel at height y: `size` user units
 * high, smaller for a text too long for the panel (an estimate from the
 * font's mean advance `em_width`, in ems, down to `min_size`) and, when
 * even that is too long, squeezed into the panel with textLength.
 */
static void write_line(arb_svg *s, int y, const char *font, int size, int min_size, double em_width,
		       const char *attributes, const char *text)
{
	const int room = PANEL_W - 20;
	size_t len = text_length(text);
	double width = (double)len * em_width * size;

	if (width > room) {
		size = (int)(room / ((double)len * em_width));
		if (size < min_size)
			size = min_size;
		width = (double)len * em_width * size;
	}
	printf_(s,
		"<text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"%d\" %s"
		"text-anchor=\"middle\" fill=\"#000000\"",
		PANEL_W / 2, y, font, size, attributes);
	if (width > room)
		printf_(s, " textLength=\"%d\" lengthAdjust=\"spacingAndGlyphs\"", room);
	puts_(s, ">");
	put_text(s, text);
	puts_(s, "</text>\n");
}

/* ---- the pieces ------------------------------------------------------------ */

enum shape_kind { BODY = 1, DETAIL, DOT };

struct shape {
	enum shape_kind kind;
	const char *d;
};

/* clang-format off */

/* Base shared by the king, queen and bishop: a low plinth. */
#define PLINTH "M24 90 L76 90 L76 84 C76 80 72 78 66 78 L34 78 C28 78 24 80 24 84 Z"

static const struct shape pawn[] = {
	{BODY, "M26 90 L74 90 L74 84 C74 76 64 70 58 67 C63 63 64 57 60 53 "
	       "A15 15 0 1 0 40 53 C36 57 37 63 42 67 C36 70 26 76 26 84 Z"},
	{DETAIL, "M43 67 L57 67"},
	{0, NULL}};

static const struct shape rook[] = {
	{BODY, "M22 90 L78 90 L78 80 L70 80 L70 44 L77 36 L77 14 L66 14 L66 23 L56 23 "
	       "L56 14 L44 14 L44 23 L34 23 L34 14 L23 14 L23 36 L30 44 L30 80 L22 80 Z"},
	{DETAIL, "M33 44 L67 44 M27 36 L73 36 M33 80 L67 80"},
	{0, NULL}};

static const struct shape knight[] = {
	{BODY, "M28 90 L82 90 C84 64 80 40 64 24 L62 9 L54 18 L48 10 L44 22 "
	       "C32 26 24 36 18 46 L10 58 C9 65 16 70 24 67 L34 61 C38 59 44 57 48 53 "
	       "C46 64 36 70 32 76 C28 80 28 85 28 90 Z"},
	{DETAIL, "M66 30 C76 44 78 64 76 86"},
	{DOT, "M37 34 m-4 0 a4 4 0 1 0 8 0 a4 4 0 1 0 -8 0 Z"},
	{DOT, "M17 55 m-2.5 0 a2.5 2.5 0 1 0 5 0 a2.5 2.5 0 1 0 -5 0 Z"},
	{0, NULL}};

static const struct shape bishop[] = {
	{BODY, PLINTH},
	{BODY, "M36 78 L40 70 L60 70 L64 78 Z"},
	{BODY, "M34 70 L66 70 L66 62 L34 62 Z"},
	{BODY, "M50 20 C66 30 72 46 64 62 L36 62 C28 46 34 30 50 20 Z"},
	{BODY, "M44 15 a6 6 0 1 0 12 0 a6 6 0 1 0 -12 0 Z"},
	{DETAIL, "M43 49 L58 33"},
	{0, NULL}};

static const struct shape queen[] = {
	{BODY, PLINTH},
	{BODY, "M28 78 L30 72 L70 72 L72 78 Z"},
	{BODY, "M30 72 L14 30 L34 52 L32 21 L44 50 L50 17 L56 50 L68 21 L66 52 L86 30 "
	       "L70 72 Z"},
	{BODY, "M8 30 a6 6 0 1 0 12 0 a6 6 0 1 0 -12 0 Z"},
	{BODY, "M26 21 a6 6 0 1 0 12 0 a6 6 0 1 0 -12 0 Z"},
	{BODY, "M44 15 a6 6 0 1 0 12 0 a6 6 0 1 0 -12 0 Z"},
	{BODY, "M62 21 a6 6 0 1 0 12 0 a6 6 0 1 0 -12 0 Z"},
	{BODY, "M80 30 a6 6 0 1 0 12 0 a6 6 0 1 0 -12 0 Z"},
	{DETAIL, "M32 66 C44 62 56 62 68 66"},
	{0, NULL}};

static const struct shape king[] = {
	{BODY, PLINTH},
	{BODY, "M28 78 L30 72 L70 72 L72 78 Z"},
	{BODY, "M30 72 C10 58 16 32 38 38 C43 40 47 44 50 49 C53 44 57 40 62 38 "
	       "C84 32 90 58 70 72 Z"},
	{BODY, "M50 49 C42 42 42 30 50 27 C58 30 58 42 50 49 Z"},
	{BODY, "M45 2 L55 2 L55 9 L62 9 L62 18 L55 18 L55 28 L45 28 L45 18 L38 18 "
	       "L38 9 L45 9 Z"},
	{DETAIL, "M33 64 C44 60 56 60 67 64"},
	{0, NULL}};

/* clang-format on */

static const struct shape *shapes_of(arb_piece_type t)
{
	switch (t) {
	case ARB_PAWN:
		return pawn;
	case ARB_KNIGHT:
		return knight;
	case ARB_BISHOP:
		return bishop;
	case ARB_ROOK:
		return rook;
	case ARB_QUEEN:
		return queen;
	default:
		return king;
	}
}

/* <g id="wK"> etc.: white pieces are white with black lines, black pieces
 * near-black with white inner lines; both have a black outline. */
static void write_piece(arb_svg *s, arb_color color, arb_piece_type t)
{
	const char *fill = color == ARB_WHITE ? "#ffffff" : INK;
	const char *detail = color == ARB_WHITE ? "#000000" : "#ffffff";
	const struct shape *sh;

	printf_(s,
		"<g id=\"%c%c\" stroke=\"#000000\" stroke-width=\"3\" "
		"stroke-linejoin=\"round\" stroke-linecap=\"round\">\n",
		color == ARB_WHITE ? 'w' : 'b', " PNBRQK"[t]);
	for (sh = shapes_of(t); sh->d; sh++) {
		if (sh->kind == BODY)
			printf_(s, "<path fill=\"%s\" d=\"%s\"/>\n", fill, sh->d);
		else if (sh->kind == DETAIL)
			printf_(s, "<path fill=\"none\" stroke=\"%s\" d=\"%s\"/>\n", detail, sh->d);
		else
			printf_(s, "<path fill=\"%s\" stroke=\"none\" d=\"%s\"/>\n", detail, sh->d);
	}
	puts_(s, "</g>\n");
}

/* The column (0..7, left to right) and row (0..7, top to bottom) of a
 * square on the drawn board: White at the bottom, or Black when flipped. */
static int column_of(int sq, int flip)
{
	return flip ? 7 - ARB_FILE(sq) : ARB_FILE(sq);
}
static int row_of(int sq, int flip)
{
	return flip ? ARB_RANK(sq) : 7 - ARB_RANK(sq);
}

/* <g id="board"> (White at the bottom) or <g id="board-flipped">: squares,
 * a frame, rank labels on the left, file labels below; the board's top-left
 * corner at the origin. a1 is dark, and so is h8 in the corner it takes
 * when flipped: the squares are the same both ways, the labels are not. */
static void write_board(arb_svg *s, int flip)
{
	int rank, file;

	printf_(s, "<g id=\"%s\">\n", flip ? "board-flipped" : "board");
	printf_(s, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", BOARD, BOARD,
		LIGHT);
	printf_(s, "<path fill=\"%s\" d=\"", DARK);
	for (rank = 0; rank < 8; rank++)
		for (file = 0; file < 8; file++)
			if ((rank + file) % 2 == 0) /* a1 is dark */
				printf_(s, "M%d %dh%dv%dh-%dz", file * SQ, (7 - rank) * SQ, SQ, SQ,
					SQ);
	puts_(s, "\"/>\n");
	printf_(s,
		"<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#333333\" stroke-width=\"4\"/>\n",
		BOARD, BOARD);
	printf_(s,
		"<g font-family=\"%s\" font-size=\"34\" fill=\"#333333\" "
		"text-anchor=\"middle\">\n",
		SANS);
	for (rank = 0; rank < 8; rank++)
		printf_(s, "<text x=\"%d\" y=\"%d\">%d</text>\n", -SIDE / 2,
			row_of(ARB_SQUARE(0, rank), flip) * SQ + SQ / 2 + 12, rank + 1);
	for (file = 0; file < 8; file++)
		printf_(s, "<text x=\"%d\" y=\"%d\">%c</text>\n",
			column_of(ARB_SQUARE(file, 0), flip) * SQ + SQ / 2, BOARD + 40, 'a' + file);
	puts_(s, "</g>\n</g>\n");
}

/* <radialGradient id="check">: the mark under a king in check, red at the
 * centre fading out towards the edges of its square. */
static void write_check_mark(arb_svg *s)
{
	puts_(s, "<radialGradient id=\"check\" cx=\"0.5\" cy=\"0.5\" r=\"0.5\">\n"
		 "<stop offset=\"0\" stop-color=\"#ff0000\" stop-opacity=\"1\"/>\n"
		 "<stop offset=\"0.6\" stop-color=\"#e00000\" stop-opacity=\"0.85\"/>\n"
		 "<stop offset=\"1\" stop-color=\"#c00000\" stop-opacity=\"0\"/>\n"
		 "</radialGradient>\n");
}

/* ---- the sheet ----------------------------------------------------------------- */

static int columns_for(int count)
{
	int c = 1;

	while (c < MAX_COLUMNS && c * c < count)
		c++;
	return c;
}

arb_svg *arb_svg_new(int count, const char *title, arb_write_fn fn, void *ctx)
{
	arb_svg *s;

	arbI_api_check(count >= 1 && fn, NULL);
	s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	if (title) {
		s->title = malloc(strlen(title) + 1);
		if (!s->title) {
			free(s);
			return NULL;
		}
		strcpy(s->title, title);
	}
	s->fn = fn;
	s->ctx = ctx;
	s->count = count;
	s->columns = columns_for(count);
	return s;
}

void arb_svg_free(arb_svg *s)
{
	if (!s)
		return;
	free(s->title);
	free(s);
}

/* The document's header and <defs>, written before the first board. */
static void start(arb_svg *s)
{
	int rows = (s->count + s->columns - 1) / s->columns;
	int width = 2 * MARGIN + s->columns * PANEL_W + (s->columns - 1) * GAP;
	int height = 2 * MARGIN + rows * PANEL_H + (rows - 1) * GAP;
	int c, t;

	s->started = 1;
	printf_(s,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" "
		"xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\"\n"
		"     width=\"%.1fmm\" height=\"%.1fmm\" viewBox=\"0 0 %d %d\">\n<title>",
		SHEET_MM, SHEET_MM * height / width, width, height);
	if (s->title)
		put_text(s, s->title);
	else
		puts_(s, s->count > 1 ? "arbiter: chess diagrams" : "arbiter: chess diagram");
	printf_(s,
		"</title>\n<desc>Written by arbiter %s. Pieces are vector shapes; no font is "
		"needed for them.</desc>\n<defs>\n",
		arb_version());
	for (c = ARB_WHITE; c <= ARB_BLACK; c++)
		for (t = ARB_PAWN; t <= ARB_KING; t++)
			write_piece(s, (arb_color)c, (arb_piece_type)t);
	write_board(s, 0);
	write_board(s, 1);
	write_check_mark(s);
	printf_(s,
		"</defs>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" "
		"fill=\"#ffffff\"/>\n",
		width, height);
}

/* The default title: who is to move, and check, checkmate or stalemate. */
static void default_title(const arb_position *pos, char *buf, size_t n)
{
	const char *side = arb_position_side_to_move(pos) == ARB_WHITE ? "White" : "Black";
	/* Mate and stalemate from the core's move count, not the outcome layer
	 * above this one (FIDE 5.1.1, 5.2.1). */
	int moves = arb_position_count_moves(pos);
	int check = arb_position_in_check(pos);

	if (!moves && check)
		snprintf(buf, n, "%s to move: checkmate", side);
	else if (!moves)
		snprintf(buf, n, "%s to move: stalemate", side);
	else if (check)
		snprintf(buf, n, "%s to move: check", side);
	else
		snprintf(buf, n, "%s to move", side);
}

/* The king of the side to move, when it is in check; else -1. */
static int checked_king(const arb_position *pos)
{
	arb_piece mover_king = ARB_PIECE(arb_position_side_to_move(pos), ARB_KING);
	int sq;

	if (!arb_position_in_check(pos))
		return -1;
	for (sq = 0; sq < 64; sq++)
		if (arb_position_piece_at(pos, sq) == mover_king)
			return sq;
	return -1;
}

/* The side-to-move mark right of the board, level with the mover's first
 * rank: a white or a black disc, as printed diagrams have it. */
static void write_mover(arb_svg *s, const arb_position *pos, int flip)
{
	arb_color mover = arb_position_side_to_move(pos);
	int bottom = (mover == ARB_WHITE) != (flip != 0);

	printf_(s,
		"<circle class=\"to-move\" cx=\"%d\" cy=\"%d\" r=\"15\" fill=\"%s\" "
		"stroke=\"#000000\" stroke-width=\"3\"><title>%s to move</title></circle>\n",
		BOARD + SIDE / 2, bottom ? BOARD - SQ / 2 : SQ / 2,
		mover == ARB_WHITE ? "#ffffff" : INK, mover == ARB_WHITE ? "White" : "Black");
}

static void write_pieces(arb_svg *s, const arb_position *pos, int flip)
{
	int sq, check = checked_king(pos);

	if (check >= 0)
		printf_(s,
			"<rect class=\"check\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
			"fill=\"url(#check)\"/>\n",
			column_of(check, flip) * SQ, row_of(check, flip) * SQ, SQ, SQ);
	for (sq = 0; sq < 64; sq++) {
		arb_piece pc = arb_position_piece_at(pos, sq);

		if (pc == ARB_EMPTY)
			continue;
		printf_(s, "<use xlink:href=\"#%c%c\" x=\"%d\" y=\"%d\"/>\n",
			ARB_PIECE_COLOR(pc) == ARB_WHITE ? 'w' : 'b', " PNBRQK"[ARB_PIECE_TYPE(pc)],
			column_of(sq, flip) * SQ, row_of(sq, flip) * SQ);
	}
}

arb_status arb_svg_board(arb_svg *s, const arb_position *pos, const char *title,
			 const char *caption, unsigned flags)
{
	char fen[ARB_FEN_MAX + 1], deftitle[64];
	int flip = (flags & ARB_SVG_FLIP) != 0, i, x, y;

	arbI_api_check(s && pos, ARB_E_ARGUMENT);
	if (s->next >= s->count)
		return ARB_E_ARGUMENT;
	if (!s->started)
		start(s);
	i = s->next++;
	if (!title) {
		default_title(pos, deftitle, sizeof deftitle);
		title = deftitle;
	}
	if (!caption) {
		arb_position_to_fen(pos, fen, sizeof fen, 0);
		caption = fen;
	}
	x = MARGIN + (i % s->columns) * (PANEL_W + GAP);
	y = MARGIN + (i / s->columns) * (PANEL_H + GAP);
	printf_(s, "<g transform=\"translate(%d,%d)\">\n", x, y);
	write_line(s, 70, SANS, 38, 24, 0.68, "font-weight=\"bold\" ", title);
	printf_(s, "<g transform=\"translate(%d,%d)\">\n<use xlink:href=\"#%s\"/>\n", SIDE, TITLE_H,
		flip ? "board-flipped" : "board");
	write_pieces(s, pos, flip);
	write_mover(s, pos, flip);
	puts_(s, "</g>\n");
	write_line(s, TITLE_H + BOARD + 105, MONO, 24, 14, 0.61, "", caption);
	puts_(s, "</g>\n");
	return s->failed ? ARB_E_IO : ARB_OK;
}

arb_status arb_svg_finish(arb_svg *s)
{
	arbI_api_check(s, ARB_E_ARGUMENT);
	if (!s->started)
		start(s);
	puts_(s, "</svg>\n");
	return s->failed ? ARB_E_IO : ARB_OK;
}
