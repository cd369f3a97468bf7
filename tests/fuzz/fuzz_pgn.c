/*
 * fuzz_pgn.c -- libFuzzer target for the streaming PGN reader and writer.
 *
 * The input is a whole PGN file, read through a memory source (in small
 * reads when the size is odd, to cross buffer refills). Every game read
 * without error is written in export format into memory; that text must
 * read back with as many games and no error, and write again to the same
 * bytes. Games with errors must be counted, and the counts must add up.
 *
 * Reading in two stages agrees with arb_pgn_next: for every game,
 * arb_pgn_next_text + arb_pgn_parse give the same status, message and game
 * written back. Each game's text is the input's bytes at the line and column
 * it names, and between texts lie only what may separate games (white space,
 * ';' comments, escape lines). And the splitter agrees with the parser: no
 * text read has "text after the end of the game" (the splitter does not run
 * past a game's end), and a game's text extended through the next game's
 * text does not read as a longer game (the splitter does not stop early): a
 * good game reads the same, with that error exactly where the next game
 * starts (the last one, extended to the end of the input, parses alone), a
 * broken one stays broken.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

typedef struct src {
	const uint8_t *data;
	size_t len, pos, chunk;
} src;

static size_t src_read(void *ctx, char *buf, size_t n)
{
	src *s = ctx;
	size_t k = s->len - s->pos;
	if (k > n)
		k = n;
	if (s->chunk && k > s->chunk)
		k = s->chunk;
	if (k) {
		memcpy(buf, s->data + s->pos, k);
		s->pos += k;
	}
	return k;
}

typedef struct sink {
	char *data;
	size_t len, cap;
} sink;

static int sink_write(void *ctx, const char *buf, size_t n)
{
	sink *s = ctx;
	if (n == 0)
		return 0;
	if (s->len + n > s->cap) {
		size_t cap = s->cap ? s->cap : 4096;
		while (cap < s->len + n)
			cap *= 2;
		char *q = realloc(s->data, cap);
		if (!q)
			abort();
		s->data = q;
		s->cap = cap;
	}
	memcpy(s->data + s->len, buf, n);
	s->len += n;
	return 0;
}

/* Reads every game, exporting the good ones into *out. Returns the number of
 * good games; *bad gets the number with errors. */
static long read_all(const uint8_t *data, size_t len, size_t chunk, unsigned flags, sink *out,
		     long *bad)
{
	src s = {data, len, 0, chunk};
	arb_pgn_reader *r = arb_pgn_reader_new(src_read, &s, "fuzz", flags);
	arb_record *g;
	arb_error err;
	long good = 0;
	*bad = 0;
	if (!r)
		abort();
	for (;;) {
		arb_status st = arb_pgn_next(r, &g, &err);
		if (st == ARB_OK && !g)
			break;
		if (st == ARB_OK) {
			good++;
			if (arb_pgn_write(g, sink_write, out) != ARB_OK)
				abort();
		} else if (st == ARB_E_PGN) {
			(*bad)++;
			if (err.line < 1 || err.column < 1 ||
			    !memchr(err.message, 0, sizeof err.message))
				abort();
			if ((flags & ARB_PGN_KEEP_PARTIAL) ? g == NULL : g != NULL)
				abort();
		} else {
			abort(); /* memory sources neither fail nor run out here */
		}
	}
	if (arb_pgn_reader_games(r) != good + *bad || arb_pgn_reader_errors(r) != *bad)
		abort();
	arb_pgn_reader_free(r);
	return good;
}

/* ------------------------------------------------------------------------
 * Two stages
 * ---------------------------------------------------------------------- */

typedef struct game_text {
	size_t off, len; /* in the input */
	long line, column, number;
	int good;
} game_text;

/* Where a UTF-8 byte order mark (or the start of one) ends: the reader
 * skips EF, then BB, then BF, each if present. */
static size_t bom_length(const uint8_t *data, size_t size)
{
	size_t n = 0;
	if (size > 0 && data[0] == 0xEF) {
		n = 1;
		if (n < size && data[n] == 0xBB)
			n++;
		if (n < size && data[n] == 0xBF)
			n++;
	}
	return n;
}

/* Does data[from..to) hold only white space, ';' comments and escape lines
 * ('%' in column 1)? `bom` is where line 1 starts. */
static int only_between(const uint8_t *data, size_t from, size_t to, size_t bom)
{
	size_t i = from;
	while (i < to) {
		uint8_t c = data[i];
		int col1 = i == bom || (i > bom && data[i - 1] == '\n');
		if (c == ' ' || (c >= '\t' && c <= '\r')) {
			i++;
		} else if (c == ';' || (c == '%' && col1)) {
			while (i < to && data[i] != '\n')
				i++;
		} else {
			return 0;
		}
	}
	return 1;
}

static void same_game(const arb_record *a, const arb_record *b)
{
	sink x = {0}, y = {0};
	if (arb_pgn_write(a, sink_write, &x) != ARB_OK ||
	    arb_pgn_write(b, sink_write, &y) != ARB_OK)
		abort();
	if (x.len != y.len || memcmp(x.data, y.data, x.len) != 0)
		abort();
	free(x.data);
	free(y.data);
}

/* Is err exactly the error `why` of game `number` at its place? (A message
 * may quote the input, so a substring would not do.) */
static int is_error(const arb_error *err, long number, const char *why)
{
	char want[ARB_ERROR_MESSAGE_SIZE];
	snprintf(want, sizeof want, "fuzz:%ld:%d: game %ld: %s", err->line, err->column, number,
		 why);
	return err->code == ARB_E_PGN && strcmp(err->message, want) == 0;
}

/* The broken game g extended through `next` is still broken: not a good game
 * that the splitter cut short. (Its error may differ: the splitter scans
 * what follows a broken tag's line as movetext, and may end the text where
 * the parser is still in that tag.) */
static void check_extended_error(const uint8_t *data, const game_text *g, const game_text *next,
				 unsigned flags, arb_record *rec)
{
	arb_pgn_text more = {(const char *)data + g->off, next->off + next->len - g->off, g->line,
			     g->column, g->number};
	arb_error err;
	if (arb_pgn_parse(&more, "fuzz", flags, rec, &err) != ARB_E_PGN ||
	    is_error(&err, g->number, "text after the end of the game"))
		abort();
}

static void check_two_stages(const uint8_t *data, size_t size, size_t chunk, unsigned flags)
{
	src sa = {data, size, 0, chunk}, sb = {data, size, 0, chunk ? chunk + 3 : 0};
	arb_pgn_reader *a = arb_pgn_reader_new(src_read, &sa, "fuzz", flags);
	arb_pgn_reader *b = arb_pgn_reader_new(src_read, &sb, "fuzz", flags);
	arb_record *rec = arb_record_new(), *alone = arb_record_new();
	size_t bom = bom_length(data, size), nlines = 1, prev_end = bom;
	size_t *line_start = malloc(sizeof *line_start * (size + 2));
	game_text *games = malloc(sizeof *games * (size + 1));
	long n = 0;
	if (!a || !b || !rec || !alone || !line_start || !games)
		abort();
	line_start[0] = bom;
	for (size_t i = 0; i < size; i++)
		if (data[i] == '\n')
			line_start[nlines++] = i + 1;

	for (;; n++) {
		arb_record *g;
		arb_error ea, eb;
		arb_pgn_text t;
		arb_status st = arb_pgn_next(a, &g, &ea);
		arb_status st2 = arb_pgn_next_text(b, &t, &eb);
		if (st2 != ARB_OK)
			abort(); /* no text is too long here */
		if (!t.text) {
			if (st != ARB_OK || g)
				abort();
			break;
		}
		/* The text is the input at its place, after what may lie between games. */
		if (t.number != n + 1 || t.line < 1 || (size_t)t.line > nlines || t.column < 1)
			abort();
		size_t off = line_start[t.line - 1] + (size_t)t.column - 1;
		if (off < prev_end || off + t.len > size || t.len == 0 ||
		    memcmp(data + off, t.text, t.len) != 0 ||
		    !only_between(data, prev_end, off, bom))
			abort();
		prev_end = off + t.len;
		games[n] = (game_text){off, t.len, t.line, t.column, t.number, 0};

		/* Parsing the text: the same as arb_pgn_next. */
		st2 = arb_pgn_parse(&t, "fuzz", flags, rec, &eb);
		if (st != st2 || strcmp(ea.message, eb.message) != 0 || ea.line != eb.line ||
		    ea.column != eb.column || ea.code != eb.code)
			abort();
		/* The splitter ends a text where the parser ends the game. */
		if (is_error(&ea, n + 1, "text after the end of the game") ||
		    is_error(&ea, n + 1, "no game in the text"))
			abort();
		if (st == ARB_OK || (st == ARB_E_PGN && (flags & ARB_PGN_KEEP_PARTIAL)))
			same_game(g, rec);
		else if (g || arb_record_node_count(rec) != 1 || arb_record_tag_count(rec) != 0)
			abort();
		games[n].good = st == ARB_OK;
	}
	if (!only_between(data, prev_end, size, bom))
		abort();

	/* A game's text extended through the next one's: the parser stops where
	 * the splitter did. */
	for (long i = 0; i < n; i++) {
		if (!games[i].good) {
			if (i + 1 < n)
				check_extended_error(data, &games[i], &games[i + 1], flags, rec);
			continue;
		}
		size_t end = i + 1 < n ? games[i + 1].off + games[i + 1].len : size;
		arb_pgn_text one = {(const char *)data + games[i].off, games[i].len, games[i].line,
				    games[i].column, games[i].number};
		arb_pgn_text more = one;
		arb_error err;
		more.len = end - games[i].off;
		if (arb_pgn_parse(&one, "fuzz", flags, alone, &err) != ARB_OK)
			abort();
		arb_status st =
			arb_pgn_parse(&more, "fuzz", flags | ARB_PGN_KEEP_PARTIAL, rec, &err);
		if (i + 1 < n) {
			if (st != ARB_E_PGN || err.line != games[i + 1].line ||
			    err.column != games[i + 1].column ||
			    !is_error(&err, games[i].number, "text after the end of the game"))
				abort();
		} else if (st != ARB_OK) {
			abort();
		}
		same_game(alone, rec);
	}
	if (arb_pgn_reader_games(a) != n || arb_pgn_reader_games(b) != n)
		abort();
	free(line_start);
	free(games);
	arb_record_free(rec);
	arb_record_free(alone);
	arb_pgn_reader_free(a);
	arb_pgn_reader_free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 1 << 16)
		return 0;
	unsigned flags = size % 3 == 1 ? ARB_PGN_KEEP_PARTIAL :
			 size % 3 == 2 ? ARB_PGN_SKIP_VARIATIONS :
					 0;
	sink a = {0}, b = {0};
	long bad, bad2;
	long good = read_all(data, size, size % 2 ? 7 : 0, flags, &a, &bad);

	/* The export reads back: same number of games, no errors, same bytes. */
	long again = read_all((const uint8_t *)a.data, a.len, 0, 0, &b, &bad2);
	if (again != good || bad2 != 0)
		abort();
	if (a.len != b.len || (a.len && memcmp(a.data, b.data, a.len) != 0))
		abort();
	check_two_stages(data, size, size % 2 ? 7 : 0, flags);
	if (flags != ARB_PGN_SKIP_VARIATIONS)
		check_two_stages(data, size, 0, flags | ARB_PGN_SKIP_VARIATIONS);
	free(a.data);
	free(b.data);
	return 0;
}
