/*
 * svg.c -- chess diagrams as SVG (see svg.h).
 *
 * Units: a square is 100 user units. The pieces are drawn for a 100 x 100
 * box from outlines designed for this file: each piece is a list of shapes,
 * "body" shapes filled with the piece colour and outlined in black, and
 * "detail" lines drawn in the contrasting colour (black on white pieces,
 * white on black ones) so a black piece keeps its inner lines on any square.
 * Pieces, the empty board and its labels are defined once in <defs> and
 * placed with <use>, which keeps a sheet of all 960 positions small.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "svg.h"

/* ---- geometry (user units) ----------------------------------------------- */

#define SQ 100
#define BOARD (8 * SQ)
#define SIDE 50     /* left and right of the board: rank labels */
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

struct cli_svg {
	FILE *fp;
	char *path;
	const char *cmd;
	int count, columns, next;
};

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
	case ARB_KING:
		return king;
	default:
		return NULL;
	}
}

/* <g id="wK"> etc.: white pieces are white with black lines, black pieces
 * near-black with white inner lines; both have a black outline. */
static void write_piece(FILE *fp, arb_color color, arb_piece_type t)
{
	const char *fill = color == ARB_WHITE ? "#ffffff" : INK;
	const char *detail = color == ARB_WHITE ? "#000000" : "#ffffff";
	const struct shape *s;

	fprintf(fp,
		"<g id=\"%c%c\" stroke=\"#000000\" stroke-width=\"3\" "
		"stroke-linejoin=\"round\" stroke-linecap=\"round\">\n",
		color == ARB_WHITE ? 'w' : 'b', " PNBRQK"[t]);
	for (s = shapes_of(t); s->d; s++) {
		if (s->kind == BODY)
			fprintf(fp, "<path fill=\"%s\" d=\"%s\"/>\n", fill, s->d);
		else if (s->kind == DETAIL)
			fprintf(fp, "<path fill=\"none\" stroke=\"%s\" d=\"%s\"/>\n", detail, s->d);
		else
			fprintf(fp, "<path fill=\"%s\" stroke=\"none\" d=\"%s\"/>\n", detail, s->d);
	}
	fputs("</g>\n", fp);
}

/* <g id="board">: squares, a frame, rank labels on the left, file labels
 * below; the board's top-left corner (a8) at the origin. */
static void write_board(FILE *fp)
{
	int rank, file;

	fputs("<g id=\"board\">\n", fp);
	fprintf(fp, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", BOARD,
		BOARD, LIGHT);
	fprintf(fp, "<path fill=\"%s\" d=\"", DARK);
	for (rank = 0; rank < 8; rank++)
		for (file = 0; file < 8; file++)
			if ((rank + file) % 2 == 0) /* a1 is dark */
				fprintf(fp, "M%d %dh%dv%dh-%dz", file * SQ, (7 - rank) * SQ, SQ, SQ,
					SQ);
	fputs("\"/>\n", fp);
	fprintf(fp,
		"<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#333333\" stroke-width=\"4\"/>\n",
		BOARD, BOARD);
	fprintf(fp,
		"<g font-family=\"%s\" font-size=\"34\" fill=\"#333333\" "
		"text-anchor=\"middle\">\n",
		SANS);
	for (rank = 0; rank < 8; rank++)
		fprintf(fp, "<text x=\"%d\" y=\"%d\">%d</text>\n", -SIDE / 2,
			(7 - rank) * SQ + SQ / 2 + 12, rank + 1);
	for (file = 0; file < 8; file++)
		fprintf(fp, "<text x=\"%d\" y=\"%d\">%c</text>\n", file * SQ + SQ / 2, BOARD + 40,
			'a' + file);
	fputs("</g>\n</g>\n", fp);
}

/* Writes text with &, <, > and " escaped. */
static void write_escaped(FILE *fp, const char *text)
{
	for (; *text; text++) {
		switch (*text) {
		case '&':
			fputs("&amp;", fp);
			break;
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		case '"':
			fputs("&quot;", fp);
			break;
		default:
			fputc(*text, fp);
		}
	}
}

/* ---- the sheet ----------------------------------------------------------------- */

static int columns_for(int count)
{
	int c = 1;

	while (c < MAX_COLUMNS && c * c < count)
		c++;
	return c;
}

cli_svg *cli_svg_open(const char *cmd, const char *path, int count)
{
	cli_svg *s;
	int rows, width, height, c, t;

	s = calloc(1, sizeof *s);
	if (s)
		s->path = malloc(strlen(path) + 1);
	if (!s || !s->path) {
		free(s);
		cli_error(cmd, "out of memory");
		return NULL;
	}
	strcpy(s->path, path);
	s->cmd = cmd;
	s->count = count < 1 ? 1 : count;
	s->columns = columns_for(s->count);
	s->fp = fopen(path, "w");
	if (!s->fp) {
		cli_error(cmd, "cannot write '%s': %s", path, strerror(errno));
		free(s->path);
		free(s);
		return NULL;
	}
	rows = (s->count + s->columns - 1) / s->columns;
	width = 2 * MARGIN + s->columns * PANEL_W + (s->columns - 1) * GAP;
	height = 2 * MARGIN + rows * PANEL_H + (rows - 1) * GAP;
	fprintf(s->fp,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" "
		"xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\"\n"
		"     width=\"%.1fmm\" height=\"%.1fmm\" viewBox=\"0 0 %d %d\">\n"
		"<title>arbiter: Chess960 start position%s</title>\n"
		"<desc>Written by arbiter %s. Pieces are vector shapes; no font is needed "
		"for them.</desc>\n"
		"<defs>\n",
		SHEET_MM, SHEET_MM * height / width, width, height, s->count > 1 ? "s" : "",
		arb_version());
	for (c = ARB_WHITE; c <= ARB_BLACK; c++)
		for (t = ARB_PAWN; t <= ARB_KING; t++)
			write_piece(s->fp, (arb_color)c, (arb_piece_type)t);
	write_board(s->fp);
	fprintf(s->fp,
		"</defs>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" "
		"fill=\"#ffffff\"/>\n",
		width, height);
	return s;
}

int cli_svg_board(cli_svg *s, const arb_position *pos, const char *title, const char *caption)
{
	FILE *fp = s->fp;
	int i = s->next++, x, y, sq;

	x = MARGIN + (i % s->columns) * (PANEL_W + GAP);
	y = MARGIN + (i / s->columns) * (PANEL_H + GAP);
	fprintf(fp, "<g transform=\"translate(%d,%d)\">\n", x, y);
	fprintf(fp,
		"<text x=\"%d\" y=\"70\" font-family=\"%s\" font-size=\"38\" "
		"font-weight=\"bold\" text-anchor=\"middle\" fill=\"#000000\">",
		PANEL_W / 2, SANS);
	write_escaped(fp, title);
	fputs("</text>\n", fp);
	fprintf(fp, "<g transform=\"translate(%d,%d)\">\n<use xlink:href=\"#board\"/>\n", SIDE,
		TITLE_H);
	for (sq = 0; sq < 64; sq++) {
		arb_piece pc = arb_position_piece_at(pos, sq);

		if (pc == ARB_EMPTY)
			continue;
		fprintf(fp, "<use xlink:href=\"#%c%c\" x=\"%d\" y=\"%d\"/>\n",
			ARB_PIECE_COLOR(pc) == ARB_WHITE ? 'w' : 'b', " PNBRQK"[ARB_PIECE_TYPE(pc)],
			ARB_FILE(sq) * SQ, (7 - ARB_RANK(sq)) * SQ);
	}
	fputs("</g>\n", fp);
	fprintf(fp,
		"<text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"24\" "
		"text-anchor=\"middle\" fill=\"#000000\">",
		PANEL_W / 2, TITLE_H + BOARD + 105, MONO);
	write_escaped(fp, caption);
	fputs("</text>\n</g>\n", fp);
	return ferror(fp) ? -1 : 0;
}

int cli_svg_close(cli_svg *s)
{
	int failed;

	if (!s)
		return 0;
	fputs("</svg>\n", s->fp);
	failed = ferror(s->fp) != 0;
	if (fclose(s->fp) != 0)
		failed = 1;
	if (failed) {
		cli_error(s->cmd, "error writing '%s'", s->path);
		remove(s->path);
	}
	free(s->path);
	free(s);
	return failed ? -1 : 0;
}
