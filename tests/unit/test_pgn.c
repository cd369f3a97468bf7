/*
 * test_pgn.c -- the streaming PGN reader and the export-format writer.
 *
 * Real collections (tests/data/pgn): every game reads, the SAN written back
 * equals the file's SAN token for token (a small tokenizer of the test's own
 * extracts them), and export format round-trips byte for byte. The tokenizer
 * features (comments, escapes, NAGs, variations, move numbers, clock
 * commands, set-up positions, Chess960 variants, real-world dirt), the
 * writer's layout rules, and a broken-PGN corpus (tests/data/pgn-broken,
 * described by its expected.tsv, plus a 10 MB tag value and 200 nested
 * variations made at run time): exact error locations, good games around the
 * bad one still read, counts, and partial games on request. Every input is
 * also read through a one-byte-at-a-time source. Reading in two stages
 * (arb_pgn_next_text, arb_pgn_parse): the splitter's extents on crafted
 * inputs, the same games and messages as arb_pgn_next on every collection,
 * every broken input and random bytes, the parser's own errors and
 * arguments, the game text limit, and parsing on two threads. Records:
 * deep copies and comments set by the caller, with bad arguments and
 * allocations that fail.
 */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "testutil.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* ------------------------------------------------------------------------
 * Memory sources and sinks, files
 * ---------------------------------------------------------------------- */

typedef struct mem_src {
	const char *data;
	size_t len, pos, chunk;
} mem_src;

static size_t mem_read(void *ctx, char *buf, size_t n)
{
	mem_src *m = ctx;
	size_t k = m->len - m->pos;
	if (k > n)
		k = n;
	if (m->chunk && k > m->chunk)
		k = m->chunk;
	memcpy(buf, m->data + m->pos, k);
	m->pos += k;
	return k;
}

typedef struct sink {
	char *data;
	size_t len, cap;
	int fail; /* nonzero: refuse every write */
} sink;

static int sink_write(void *ctx, const char *buf, size_t n)
{
	sink *s = ctx;
	if (s->fail)
		return 1;
	if (s->len + n + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 4096;
		while (cap < s->len + n + 1)
			cap *= 2;
		s->data = realloc(s->data, cap);
		ck_assert_ptr_nonnull(s->data);
		s->cap = cap;
	}
	memcpy(s->data + s->len, buf, n);
	s->len += n;
	s->data[s->len] = 0;
	return 0;
}

static void sink_free(sink *s)
{
	free(s->data);
	memset(s, 0, sizeof *s);
}

static char *load(const char *sub, const char *name, size_t *len)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s/%s", test_data_dir(), sub, name);
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *text = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	text[n] = 0;
	*len = (size_t)n;
	return text;
}

static arb_pgn_reader *reader(mem_src *src, const char *text, size_t len, size_t chunk,
			      unsigned flags)
{
	src->data = text;
	src->len = len;
	src->pos = 0;
	src->chunk = chunk;
	arb_pgn_reader *r = arb_pgn_reader_new(mem_read, src, "mem.pgn", flags);
	ck_assert_ptr_nonnull(r);
	return r;
}

/* Reads exactly one good game from `text` and returns a copy built by
 * re-reading the export (the reader's record is reused by the next call). */
static arb_pgn_reader *one_game(mem_src *src, const char *text, unsigned flags,
				const arb_record **g)
{
	arb_pgn_reader *r = reader(src, text, strlen(text), 0, flags);
	arb_record *rec = NULL;
	arb_error err;
	arb_status st = arb_pgn_next(r, &rec, &err);
	ck_assert_msg(st == ARB_OK && rec, "\"%s\": %s: %s", text, arb_status_name(st),
		      err.message);
	*g = rec;
	return r;
}

static void write_game(const arb_record *g, sink *s)
{
	ck_assert_int_eq(arb_pgn_write(g, sink_write, s), ARB_OK);
}

/* The main line as SAN, space-separated, into buf. */
static void mainline_san(const arb_record *g, char *buf, size_t n)
{
	arb_position *pos = arb_position_clone(arb_record_start(g));
	size_t k = 0;
	buf[0] = 0;
	for (int i = 0; i < arb_record_ply_count(g); i++) {
		char san[ARB_SAN_MAX];
		arb_move m = arb_record_move(g, i);
		arb_move_to_san(pos, m, san);
		k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s%s", i ? " " : "", san);
		ck_assert_int_eq(arb_position_play(pos, m), ARB_OK);
	}
	ck_assert_uint_lt(k, n);
	arb_position_free(pos);
}

/* Reads the only game of `text` and checks its main line. */
static void expect_mainline(const char *text, unsigned flags, const char *san)
{
	mem_src src;
	const arb_record *g;
	char buf[4096];
	arb_pgn_reader *r = one_game(&src, text, flags, &g);
	mainline_san(g, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, san) == 0, "\"%s\": main line \"%s\", expected \"%s\"", text, buf,
		      san);
	arb_pgn_reader_free(r);
}

/* ------------------------------------------------------------------------
 * The test's own tokenizer: the main-line SAN tokens of each game of a file
 * ---------------------------------------------------------------------- */

typedef struct tok_games {
	char **game; /* space-separated SAN, annotations stripped */
	int n, cap;
} tok_games;

static void tok_finish(tok_games *t, char *cur, size_t *len)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 256;
		t->game = realloc(t->game, sizeof *t->game * (size_t)t->cap);
		ck_assert_ptr_nonnull(t->game);
	}
	cur[*len] = 0;
	t->game[t->n++] = strdup(cur);
	*len = 0;
}

static void tokenize(const char *s, size_t n, tok_games *t)
{
	char *cur = malloc(n + 1);
	size_t len = 0, i = 0;
	int depth = 0, moves = 0;

	ck_assert_ptr_nonnull(cur);
	memset(t, 0, sizeof *t);
	while (i < n) {
		char c = s[i];
		int line_start = i == 0 || s[i - 1] == '\n';
		if (line_start && (c == '%' || c == '[')) {
			if (c == '[' && moves) { /* a game without a result */
				tok_finish(t, cur, &len);
				moves = 0;
			}
			while (i < n && s[i] != '\n')
				i++;
			continue;
		}
		if (c == '{') {
			while (i < n && s[i] != '}')
				i++;
			i++;
			continue;
		}
		if (c == ';') {
			while (i < n && s[i] != '\n')
				i++;
			continue;
		}
		if (c == '(' || c == ')') {
			depth += c == '(' ? 1 : -1;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			i++;
			continue;
		}
		size_t b = i;
		while (i < n && !strchr(" \t\r\n{}();", s[i]))
			i++;
		if (depth > 0)
			continue;
		const char *w = s + b;
		size_t wl = i - b;
		if ((wl == 3 && (!memcmp(w, "1-0", 3) || !memcmp(w, "0-1", 3))) ||
		    (wl == 7 && !memcmp(w, "1/2-1/2", 7)) || (wl == 1 && *w == '*')) {
			tok_finish(t, cur, &len);
			moves = 0;
			continue;
		}
		if (*w >= '0' && *w <= '9') { /* a move number, maybe glued to the move */
			size_t j = 0;
			while (j < wl && w[j] >= '0' && w[j] <= '9')
				j++;
			if (j < wl && w[j] == '.') {
				while (j < wl && w[j] == '.')
					j++;
				w += j;
				wl -= j;
			}
		}
		while (wl && (w[0] == '.'))
			w++, wl--;
		if (wl && *w == '$')
			continue;
		while (wl && (w[wl - 1] == '!' || w[wl - 1] == '?'))
			wl--;
		if (!wl)
			continue;
		if (len)
			cur[len++] = ' ';
		memcpy(cur + len, w, wl);
		len += wl;
		moves = 1;
	}
	if (moves)
		tok_finish(t, cur, &len);
	free(cur);
}

static void tok_free(tok_games *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->game[i]);
	free(t->game);
	memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------------------
 * Real collections
 * ---------------------------------------------------------------------- */

static const struct {
	const char *file;
	long games;
} collections[] = {
	{"pgnmentor-Morphy.pgn", 211},     {"pgnmentor-Steinitz.pgn", 590},
	{"pgnmentor-Capablanca.pgn", 597}, {"pgnmentor-Fischer.pgn", 827},
	{"pgnmentor-Lasker.pgn", 900},     {"lichess-DrDrunkenstein-2019-01-29.pgn", 984},
};

static long mate_as_check;

/* Compares the engine's SAN with the file's, token by token. The only
 * difference allowed is a mate the file marks as a check ("Qc7+" for
 * "Qc7#", common in old collections): counted in mate_as_check. */
static void compare_san(const char *name, long game, const char *engine, const char *file)
{
	int ply = 0;
	while (*engine || *file) {
		size_t a = strcspn(engine, " "), b = strcspn(file, " ");
		int same = a == b && memcmp(engine, file, a) == 0;
		if (!same && a == b && engine[a - 1] == '#' && file[b - 1] == '+' &&
		    memcmp(engine, file, a - 1) == 0) {
			mate_as_check++;
			same = 1;
		}
		ck_assert_msg(same,
			      "%s: game %ld, ply %d: engine writes \"%.*s\", the file has \"%.*s\"",
			      name, game, ply + 1, (int)a, engine, (int)b, file);
		engine += a + (engine[a] == ' ');
		file += b + (file[b] == ' ');
		ply++;
	}
}

/* Reads every game of `text`, writing each in export format into *out.
 * Checks the SAN of each game against the tokens (when given). Returns the
 * number of games. */
static long read_and_export(const char *name, const char *text, size_t len, size_t chunk,
			    const tok_games *tokens, sink *out)
{
	mem_src src;
	arb_pgn_reader *r = reader(&src, text, len, chunk, 0);
	arb_record *g;
	arb_error err;
	long n = 0;
	size_t bufsize = 1 << 16;
	char *buf = malloc(bufsize);

	ck_assert_ptr_nonnull(buf);
	for (;;) {
		arb_status st = arb_pgn_next(r, &g, &err);
		ck_assert_msg(st == ARB_OK, "%s: game %ld: %s: %s", name, n + 1,
			      arb_status_name(st), err.message);
		if (!g)
			break;
		if (tokens) {
			ck_assert_msg(n < tokens->n, "%s: more games than the tokenizer found",
				      name);
			mainline_san(g, buf, bufsize);
			compare_san(name, n + 1, buf, tokens->game[n]);
		}
		write_game(g, out);
		n++;
	}
	ck_assert_int_eq(arb_pgn_reader_games(r), n);
	ck_assert_int_eq(arb_pgn_reader_errors(r), 0);
	arb_pgn_reader_free(r);
	free(buf);
	return n;
}

/* Export-format layout of a written file: tags start with the Seven Tag
 * Roster in order, a blank line after the tags and after the movetext,
 * movetext lines of at most 79 characters. */
static void check_export_layout(const char *name, const char *s, size_t len)
{
	static const char *const roster[] = {"Event", "Site",  "Date",  "Round",
					     "White", "Black", "Result"};
	size_t i = 0;
	long lineno = 1;
	while (i < len) {
		/* Tags. */
		int k = 0;
		char prev[256] = "";
		while (i < len && s[i] == '[') {
			const char *nl = memchr(s + i, '\n', len - i);
			ck_assert_msg(nl != NULL, "%s:%ld: unterminated tag line", name, lineno);
			char tag[256];
			size_t tl = strcspn(s + i + 1, " ");
			snprintf(tag, sizeof tag, "%.*s", (int)(tl < 255 ? tl : 255), s + i + 1);
			if (k < 7)
				ck_assert_msg(strcmp(tag, roster[k]) == 0,
					      "%s:%ld: tag %s, expected %s", name, lineno, tag,
					      roster[k]);
			else if (k > 7)
				ck_assert_msg(strcmp(prev, tag) < 0, "%s:%ld: tag %s after %s",
					      name, lineno, tag, prev);
			strcpy(prev, tag);
			k++;
			i = (size_t)(nl - s) + 1;
			lineno++;
		}
		ck_assert_msg(k >= 7, "%s:%ld: %d tags", name, lineno, k);
		ck_assert_msg(i < len && s[i] == '\n', "%s:%ld: no blank line after the tags", name,
			      lineno);
		i++;
		lineno++;
		/* Movetext. */
		int lines = 0;
		while (i < len && s[i] != '\n') {
			const char *nl = memchr(s + i, '\n', len - i);
			ck_assert_msg(nl != NULL, "%s:%ld: unterminated movetext line", name,
				      lineno);
			ck_assert_msg(nl - (s + i) <= 79, "%s:%ld: movetext line of %d characters",
				      name, lineno, (int)(nl - (s + i)));
			ck_assert_msg(s[i] != ' ' && nl[-1] != ' ',
				      "%s:%ld: leading or trailing space", name, lineno);
			i = (size_t)(nl - s) + 1;
			lineno++;
			lines++;
		}
		ck_assert_msg(lines > 0, "%s:%ld: no movetext", name, lineno);
		ck_assert_msg(i < len && s[i] == '\n', "%s:%ld: no blank line after the movetext",
			      name, lineno);
		i++;
		lineno++;
	}
}

START_TEST(test_collections)
{
	size_t len;
	const char *file = collections[_i].file;
	char *text = load("pgn", file, &len);
	tok_games tokens;
	sink a = {0}, b = {0};

	tokenize(text, len, &tokens);
	ck_assert_int_eq(tokens.n, collections[_i].games);

	/* Every game reads; the SAN written back equals the file's. */
	long n = read_and_export(file, text, len, 0, &tokens, &a);
	ck_assert_int_eq(n, collections[_i].games);
	check_export_layout(file, a.data, a.len);
	printf("%s: %ld games, %ld mates marked '+' in the file\n", file, n, mate_as_check);
	fflush(stdout);

	/* Export format read and written again: the same bytes. */
	long n2 = read_and_export("(export)", a.data, a.len, 0, NULL, &b);
	ck_assert_int_eq(n2, n);
	ck_assert_uint_eq(a.len, b.len);
	ck_assert_msg(memcmp(a.data, b.data, a.len) == 0, "%s: export not stable", file);

	/* The export's moves are the file's moves. */
	tok_games again;
	tokenize(a.data, a.len, &again);
	ck_assert_int_eq(again.n, tokens.n);
	for (int i = 0; i < tokens.n; i++)
		compare_san(file, i + 1, again.game[i], tokens.game[i]);
	tok_free(&again);
	tok_free(&tokens);
	sink_free(&a);
	sink_free(&b);
	free(text);
}
END_TEST

START_TEST(test_collection_small_reads)
{
	/* A source that returns 1 or 7 bytes per call reads the same games. */
	size_t len;
	char *text = load("pgn", "pgnmentor-Morphy.pgn", &len);
	sink whole = {0}, bytes = {0}, sevens = {0};

	ck_assert_int_eq(read_and_export("whole", text, len, 0, NULL, &whole), 211);
	ck_assert_int_eq(read_and_export("1-byte reads", text, len, 1, NULL, &bytes), 211);
	ck_assert_int_eq(read_and_export("7-byte reads", text, len, 7, NULL, &sevens), 211);
	ck_assert(whole.len == bytes.len && memcmp(whole.data, bytes.data, whole.len) == 0);
	ck_assert(whole.len == sevens.len && memcmp(whole.data, sevens.data, whole.len) == 0);
	sink_free(&whole);
	sink_free(&bytes);
	sink_free(&sevens);
	free(text);
}
END_TEST

START_TEST(test_collection_open_file)
{
	/* arb_pgn_reader_open on a path; an error names the file. */
	char path[4096];
	arb_error err;
	arb_record *g;
	long n = 0;

	snprintf(path, sizeof path, "%s/pgn/pgnmentor-Morphy.pgn", test_data_dir());
	arb_pgn_reader *r = arb_pgn_reader_open(path, 0, &err);
	ck_assert_msg(r != NULL, "%s", err.message);
	while (arb_pgn_next(r, &g, &err) == ARB_OK && g)
		n++;
	ck_assert_int_eq(n, 211);
	ck_assert_int_eq(arb_pgn_reader_errors(r), 0);
	arb_pgn_reader_free(r);

	snprintf(path, sizeof path, "%s/pgn/no-such-file.pgn", test_data_dir());
	ck_assert_ptr_null(arb_pgn_reader_open(path, 0, &err));
	ck_assert_int_eq(err.code, ARB_E_IO);
	ck_assert_ptr_nonnull(strstr(err.message, "no-such-file.pgn"));
	arb_pgn_reader_free(NULL);
}
END_TEST

/* ------------------------------------------------------------------------
 * Tokenizer features
 * ---------------------------------------------------------------------- */

/* `s` with leading and trailing whitespace removed and inner runs as one
 * space (the reader may keep or collapse a comment's line breaks). */
static const char *norm_ws(const char *s, char *buf)
{
	size_t k = 0;
	ck_assert_ptr_nonnull(s);
	for (; *s; s++) {
		if (strchr(" \t\r\n", *s)) {
			if (k && buf[k - 1] != ' ')
				buf[k++] = ' ';
		} else {
			buf[k++] = *s;
		}
	}
	if (k && buf[k - 1] == ' ')
		k--;
	buf[k] = 0;
	return buf;
}

START_TEST(test_comments)
{
	static const char text[] =
		"[Event \"t\"]\n\n{Start} 1. e4 {after  e4\n  on two lines} e5 ; rest of "
		"line\n2. Nf3 {a} {b} Nc6 *\n";
	mem_src src;
	const arb_record *g;
	char buf[256];
	arb_pgn_reader *r = one_game(&src, text, 0, &g);

	ck_assert_int_eq(arb_record_ply_count(g), 4);
	ck_assert_str_eq(norm_ws(arb_record_node_comment(g, 0), buf), "Start");
	int e4 = arb_record_mainline_node(g, 0), e5 = arb_record_mainline_node(g, 1);
	int nf3 = arb_record_mainline_node(g, 2), nc6 = arb_record_mainline_node(g, 3);
	/* Comment text, compared with whitespace runs as one space. */
	ck_assert_str_eq(norm_ws(arb_record_node_comment(g, e4), buf), "after e4 on two lines");
	ck_assert_str_eq(norm_ws(arb_record_node_comment(g, e5), buf), "rest of line");
	const char *ab = arb_record_node_comment(g, nf3);
	ck_assert_msg(ab && strstr(ab, "a") && strstr(ab, "b"), "two comments: %s",
		      ab ? ab : "(null)");
	ck_assert_ptr_null(arb_record_node_comment(g, nc6));
	ck_assert_str_eq(arb_record_result(g), "*");
	arb_pgn_reader_free(r);
}
END_TEST

START_TEST(test_comment_lines_starting_with_bracket)
{
	/* A comment may span lines, and a line inside it may start with '['
	 * (a command such as [%clk] or [%cal] wrapped onto its own line). */
	static const char text[] =
		"[Event \"c\"]\n\n1. e4 {a long comment\n[%clk 0:01:00]} e5 {\n[%cal "
		"Ge7b7]\n} 2. Nf3 *\n";
	mem_src src;
	const arb_record *g;
	char buf[256];
	arb_pgn_reader *r = one_game(&src, text, 0, &g);
	ck_assert_int_eq(arb_record_ply_count(g), 3);
	int e4 = arb_record_mainline_node(g, 0), e5 = arb_record_mainline_node(g, 1);
	ck_assert_str_eq(norm_ws(arb_record_node_comment(g, e4), buf),
			 "a long comment [%clk 0:01:00]");
	ck_assert_int_eq(arb_record_node_clock(g, e4, ARB_CMD_CLK), 60000L);
	ck_assert_str_eq(norm_ws(arb_record_node_comment(g, e5), buf), "[%cal Ge7b7]");
	arb_pgn_reader_free(r);
}
END_TEST

START_TEST(test_empty_comment)
{
	/* "{}" as the first text a reader sees (no text buffer yet). */
	mem_src src;
	const arb_record *g;
	arb_pgn_reader *r = one_game(&src, "1. e4 {} e5 *", 0, &g);
	ck_assert_int_eq(arb_record_ply_count(g), 2);
	const char *c = arb_record_node_comment(g, arb_record_mainline_node(g, 0));
	ck_assert_msg(c && !*c, "empty comment: %s", c ? c : "(null)");
	arb_pgn_reader_free(r);
	r = one_game(&src, "{} 1. d4 ;\n d5 *", 0, &g);
	ck_assert_int_eq(arb_record_ply_count(g), 2);
	arb_pgn_reader_free(r);
}
END_TEST

START_TEST(test_escape_lines)
{
	/* '%' in column 1 escapes the line, before, inside and after a game. */
	expect_mainline(
		"% header line\n[Event \"t\"]\n%escaped\n\n1. e4 e5\n%2. d4 not a move\n2. Nf3 "
		"*\n% trailer\n",
		0, "e4 e5 Nf3");
	/* Between two tags of one game: still one game with both tags. */
	mem_src src;
	arb_record *g;
	arb_error err;
	static const char text[] = "[Event \"t\"]\n% note\n[Site \"s\"]\n\n1. e4 *\n";
	arb_pgn_reader *r = reader(&src, text, strlen(text), 0, 0);
	ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
	ck_assert_ptr_nonnull(g);
	ck_assert_msg(arb_record_tag(g, "Site") && arb_record_ply_count(g) == 1,
		      "an escape line between tags splits the game (Site %s, %d plies)",
		      arb_record_tag(g, "Site") ? arb_record_tag(g, "Site") : "missing",
		      arb_record_ply_count(g));
	ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
	ck_assert_ptr_null(g);
	ck_assert_int_eq(arb_pgn_reader_games(r), 1);
	arb_pgn_reader_free(r);
}
END_TEST

START_TEST(test_nags_and_glyphs)
{
	static const char text[] =
		"1. e4 $1 e5 $2 $14 2. Nf3! Nc6?! 3. Bb5 !! a6 ?? 4. Ba4!? $18 Nf6 $255 *";
	static const int expect[][3] = {{1, 1}, {2, 2, 14}, {1, 1},     {1, 6},
					{1, 3}, {1, 4},     {2, 5, 18}, {1, 255}};
	mem_src src;
	const arb_record *g;
	arb_pgn_reader *r = one_game(&src, text, 0, &g);

	ck_assert_int_eq(arb_record_ply_count(g), 8);
	for (int ply = 0; ply < 8; ply++) {
		int node = arb_record_mainline_node(g, ply);
		ck_assert_msg(arb_record_node_nag_count(g, node) == expect[ply][0],
			      "ply %d: %d NAGs", ply, arb_record_node_nag_count(g, node));
		for (int i = 0; i < expect[ply][0]; i++)
			ck_assert_int_eq(arb_record_node_nag(g, node, i), expect[ply][1 + i]);
	}
	arb_pgn_reader_free(r);
}
END_TEST

START_TEST(test_variations)
{
	static const char text[] =
		"1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) (1... {French} e6 2. d4) 2. Nf3 *";
	mem_src src;
	const arb_record *g;
	arb_pgn_reader *r = one_game(&src, text, 0, &g);
	char buf[256];

	mainline_san(g, buf, sizeof buf);
	ck_assert_str_eq(buf, "e4 e5 Nf3");
	ck_assert_int_eq(arb_record_node_count(g), 1 + 3 + 5 + 2);
	int e4 = arb_record_node_next(g, 0), e5 = arb_record_node_next(g, e4);
	int nf3 = arb_record_node_next(g, e5);
	ck_assert_int_eq(e4, arb_record_mainline_node(g, 0));
	ck_assert_int_eq(nf3, arb_record_mainline_node(g, 2));
	ck_assert_int_eq(arb_record_node_variation(g, e4), ARB_NO_NODE);
	/* e5 has two alternatives: c5 (with a sub-variation), then e6. */
	int c5 = arb_record_node_variation(g, e5);
	ck_assert_int_ne(c5, ARB_NO_NODE);
	arb_position *pos = arb_position_new();
	char san[ARB_SAN_MAX];
	ck_assert_int_eq(arb_record_position_at(g, e4, pos), ARB_OK);
	arb_move_to_san(pos, arb_record_node_move(g, c5), san);
	ck_assert_str_eq(san, "c5");
	ck_assert_int_eq(arb_record_node_parent(g, c5), e4);
	int nf3b = arb_record_node_next(g, c5);
	int nc3 = arb_record_node_variation(g, nf3b);
	ck_assert_int_ne(nc3, ARB_NO_NODE);
	ck_assert_int_eq(arb_record_node_parent(g, nc3), c5);
	ck_assert_int_ne(arb_record_node_next(g, nc3), ARB_NO_NODE);
	ck_assert_int_eq(arb_record_node_next(g, arb_record_node_next(g, nc3)), ARB_NO_NODE);
	int d6 = arb_record_node_next(g, nf3b);
	ck_assert_int_ne(d6, ARB_NO_NODE);
	ck_assert_int_eq(arb_record_node_next(g, d6), ARB_NO_NODE);
	int e6 = arb_record_node_sibling(g, c5);
	ck_assert_int_ne(e6, ARB_NO_NODE);
	ck_assert_int_eq(arb_record_node_sibling(g, e6), ARB_NO_NODE);
	ck_assert_str_eq(arb_record_node_pre_comment(g, e6), "French");
	ck_assert_int_ne(arb_record_node_next(g, e6), ARB_NO_NODE);
	/* The position after a variation move. */
	ck_assert_int_eq(arb_record_position_at(g, arb_record_node_next(g, e6), pos), ARB_OK);
	char fen[ARB_FEN_MAX];
	arb_position_to_fen(pos, fen, sizeof fen, 0);
	ck_assert_str_eq(fen, "rnbqkbnr/pppp1ppp/4p3/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2");
	arb_position_free(pos);
	arb_pgn_reader_free(r);

	/* Skipped on request: the main line only. */
	r = one_game(&src, text, ARB_PGN_SKIP_VARIATIONS, &g);
	mainline_san(g, buf, sizeof buf);
	ck_assert_str_eq(buf, "e4 e5 Nf3");
	ck_assert_int_eq(arb_record_node_count(g), 4);
	for (int n = 0; n < 4; n++)
		ck_assert_int_eq(arb_record_node_variation(g, n), ARB_NO_NODE);
	arb_pgn_reader_free(r);
}
END_TEST

START_TEST(test_results)
{
	static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
	for (int i = 0; i < 4; i++) {
		char text[128];
		mem_src src;
		const arb_record *g;
		snprintf(text, sizeof text, "[Event \"r\"]\n\n1. e4 e5 %s\n", results[i]);
		arb_pgn_reader *r = one_game(&src, text, 0, &g);
		ck_assert_str_eq(arb_record_result(g), results[i]);
		ck_assert_int_eq(arb_record_ply_count(g), 2);
		arb_pgn_reader_free(r);
	}
}
END_TEST

START_TEST(test_move_numbers)
{
	expect_mainline("1.e4 e5 2. Nf3 2... Nc6 3.Bb5 3...a6 4. Ba4 4. ... Nf6 5 . O-O Be7 *", 0,
			"e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7");
	expect_mainline("1.e4 1...e5 2.Nf3 2...Nc6 *", 0, "e4 e5 Nf3 Nc6");
	expect_mainline("1. e4 1... e5 *", 0, "e4 e5");
	expect_mainline("e4 e5 Nf3 *", 0, "e4 e5 Nf3");
	expect_mainline("1.\ne4\ne5\n2.\nNf3\n*", 0, "e4 e5 Nf3");
	/* 0-0 is castling, not a result or a move number. */
	expect_mainline("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 0-0 *", 0,
			"e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3 O-O");
	/* e.p. written as its own token. */
	expect_mainline("1. e4 Nf6 2. e5 d5 3. exd6 e.p. exd6 *", 0, "e4 Nf6 e5 d5 exd6 exd6");
}
END_TEST

START_TEST(test_clock_commands)
{
	static const char text[] =
		"1. e4 {[%clk 0:24:55.5]} e5 {[%clk 0:24:50] [%emt 0:00:03.2]} "
		"2. Nf3 {[%egt 1:02:03] [%mct 17:10:42]} Nc6 {note [%foo bar baz] more} "
		"3. Bb5 {[%clk 1:30:00.25] [%emt 0:00:00]} *";
	mem_src src;
	const arb_record *g;
	arb_pgn_reader *r = one_game(&src, text, 0, &g);
	int n[5];

	for (int i = 0; i < 5; i++)
		n[i] = arb_record_mainline_node(g, i);
	ck_assert_int_eq(arb_record_node_clock(g, n[0], ARB_CMD_CLK), 1495500L);
	ck_assert_int_eq(arb_record_node_clock(g, n[0], ARB_CMD_EMT), ARB_NO_CLOCK);
	ck_assert_int_eq(arb_record_node_clock(g, n[1], ARB_CMD_CLK), 1490000L);
	ck_assert_int_eq(arb_record_node_clock(g, n[1], ARB_CMD_EMT), 3200L);
	ck_assert_int_eq(arb_record_node_clock(g, n[2], ARB_CMD_EGT), 3723000L);
	ck_assert_int_eq(arb_record_node_clock(g, n[2], ARB_CMD_MCT), 61842000L);
	ck_assert_int_eq(arb_record_node_clock(g, n[2], ARB_CMD_CLK), ARB_NO_CLOCK);
	for (int c = 0; c < 4; c++)
		ck_assert_int_eq(arb_record_node_clock(g, n[3], (arb_clock_cmd)c), ARB_NO_CLOCK);
	ck_assert_int_eq(arb_record_node_clock(g, n[4], ARB_CMD_CLK), 5400250L);
	ck_assert_int_eq(arb_record_node_clock(g, n[4], ARB_CMD_EMT), 0L);
	ck_assert_int_eq(arb_record_node_clock(g, 0, ARB_CMD_CLK), ARB_NO_CLOCK);
	/* The commands stay in the comment; unknown ones verbatim. */
	ck_assert_str_eq(arb_record_node_comment(g, n[0]), "[%clk 0:24:55.5]");
	ck_assert_str_eq(arb_record_node_comment(g, n[3]), "note [%foo bar baz] more");

	/* And survive writing. */
	sink s = {0};
	write_game(g, &s);
	ck_assert_ptr_nonnull(strstr(s.data, "{[%clk 0:24:55.5]}"));
	ck_assert_ptr_nonnull(strstr(s.data, "{[%clk 0:24:50] [%emt 0:00:03.2]}"));
	ck_assert_ptr_nonnull(strstr(s.data, "[%foo bar baz]"));
	sink_free(&s);
	arb_pgn_reader_free(r);
}
END_TEST

START_TEST(test_setup_fen)
{
	mem_src src;
	const arb_record *g;
	char fen[ARB_FEN_MAX];

	static const char white[] =
		"[Event \"s\"]\n[SetUp \"1\"]\n[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/"
		"PPPP1PPP/RNBQKB1R w KQkq - 2 3\"]\n\n3. Bb5 a6 4. Ba4 *\n";
	arb_pgn_reader *r = one_game(&src, white, 0, &g);
	arb_position_to_fen(arb_record_start(g), fen, sizeof fen, 0);
	ck_assert_str_eq(fen, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
	ck_assert_int_eq(arb_record_ply_count(g), 3);
	arb_pgn_reader_free(r);

	static const char black[] =
		"[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b "
		"KQkq e3 0 1\"]\n\n1... e5 2. Nf3 *\n";
	r = one_game(&src, black, 0, &g);
	ck_assert_int_eq(arb_position_side_to_move(arb_record_start(g)), ARB_BLACK);
	ck_assert_int_eq(arb_record_ply_count(g), 2);
	arb_pgn_reader_free(r);
}
END_TEST

START_TEST(test_chess960_variants)
{
	static const char *const variants[] = {"Chess960",     "chess960",     "CHESS960",
					       "Fischerandom", "fischerandom", "Chess 960",
					       "chess 960"};
	static const char *const fens[] = {
		"qnbrkbrn/pppppppp/8/8/8/8/PPPPPPPP/QNBRKBRN w GDgd - 0 1",
		"qnbrkbrn/pppppppp/8/8/8/8/PPPPPPPP/QNBRKBRN w KQkq - 0 1"};
	for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		for (int f = 0; f < 2; f++) {
			char text[512];
			mem_src src;
			const arb_record *g;
			char buf[256];
			snprintf(
				text, sizeof text,
				"[Event \"960\"]\n[Variant \"%s\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n1. g4 g5 2. "
				"Bg2 Bg7 3. O-O O-O 4. d4 d5 *\n",
				variants[v], fens[f]);
			arb_pgn_reader *r = one_game(&src, text, 0, &g);
			ck_assert_msg(arb_position_is_chess960(arb_record_start(g)),
				      "%s: not Chess960", variants[v]);
			mainline_san(g, buf, sizeof buf);
			ck_assert_str_eq(buf, "g4 g5 Bg2 Bg7 O-O O-O d4 d5");
			arb_move oo = arb_record_move(g, 4);
			ck_assert_int_eq(ARB_MOVE_KIND(oo), ARB_MOVE_CASTLING);
			ck_assert_int_eq(ARB_MOVE_TO(oo), ARB_SQUARE(6, 0)); /* the g1 rook */
			arb_pgn_reader_free(r);
		}
	}
	/* Chess960 without a FEN tag: the standard array, in Chess960 mode. */
	expect_mainline("[Variant \"Chess960\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *", 0,
			"e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6");
	/* A Shredder-FEN without a Variant tag is understood as well. */
	expect_mainline(
		"[SetUp \"1\"]\n[FEN \"qnbrkbrn/pppppppp/8/8/8/8/PPPPPPPP/QNBRKBRN w GDgd - 0 "
		"1\"]\n\n1. g4 g5 2. Bg2 Bg7 3. O-O *",
		0, "g4 g5 Bg2 Bg7 O-O");
	/* Standard variants are accepted. */
	expect_mainline("[Variant \"Standard\"]\n\n1. e4 *", 0, "e4");
}
END_TEST

/*
 * Comment commands the reader does not know are warnings with the line and
 * column of their '[' and a likely meaning; ARB_PGN_STRICT_COMMANDS makes
 * the first an error. Events and the annotations lichess, ChessBase,
 * chess.com and Scid write are not warned about.
 */
static arb_status parse_one(const char *text, unsigned flags, arb_record *rec, arb_error *err);

START_TEST(test_unknown_commands)
{
	static const char *const quiet[] = {
		"{[%clk 0:01:00] [%emt 0:00:02] [%egt 0:10:00] [%mct 1:00:00]}",
		"{[%eval 0.25] [%eval #-3,20] [%csl Ge4,Rd5] [%cal Ge2e4]}",
		"{[%tqu \"En\",\"\",\"\",\"\",\"e2e4\",\"\",10] [%evp 0,10,20] [%mdl 8192]}",
		"{[%timestamp 12] [%c_effect e4;square;e4;type;Best;persistent;true]}",
		"{[%draw full,e4,red] 50% [not a command] [% spaced] [%] [%5]}",
		"{[%claim threefold white] [%offer white] [%flag black] [%forfeit white abandoned]}",
	};
	static const struct {
		const char *comment;
		long line, col;
		const char *why;
	} loud[] = {
		{"{[%clam threefold white]}", 3, 8,
		 "unknown comment command [%clam] (did you mean [%claim]?)"},
		{"{x [%Flag black]}", 3, 10,
		 "unknown comment command [%Flag] (did you mean [%flag]?)"},
		{"{ok\n  [%reisgn white]}", 4, 3,
		 "unknown comment command [%reisgn] (did you mean [%resign]?)"},
		{"{[%CLK 0:00:10]}", 3, 8, "unknown comment command [%CLK] (did you mean [%clk]?)"},
		{"{[%xyzzy 1]}", 3, 8, "unknown comment command [%xyzzy]"},
	};
	arb_record *rec = arb_record_new();
	arb_error err;
	char text[512];
	for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
		snprintf(text, sizeof text, "[Event \"q\"]\n\n1. e4 %s *\n", quiet[i]);
		ck_assert_int_eq(parse_one(text, ARB_PGN_STRICT_COMMANDS, rec, &err), ARB_OK);
		ck_assert_msg(arb_record_warning_count(rec) == 0, "%s: %s", quiet[i],
			      arb_record_warning(rec, 0));
	}
	for (size_t i = 0; i < sizeof loud / sizeof loud[0]; i++) {
		char want[256];
		snprintf(text, sizeof text, "[Event \"l\"]\n\n1. e4 %s e5 *\n", loud[i].comment);
		snprintf(want, sizeof want, "t.pgn:%ld:%ld: game 1: %s", loud[i].line, loud[i].col,
			 loud[i].why);
		ck_assert_int_eq(parse_one(text, 0, rec, &err), ARB_OK);
		ck_assert_int_eq(arb_record_warning_count(rec), 1);
		ck_assert_str_eq(arb_record_warning(rec, 0), want);
		ck_assert_int_eq(arb_record_ply_count(rec), 2); /* the game is read */
		ck_assert_int_eq(parse_one(text, ARB_PGN_STRICT_COMMANDS, rec, &err), ARB_E_PGN);
		ck_assert_int_eq(err.line, loud[i].line);
		ck_assert_int_eq(err.column, (int)loud[i].col);
		ck_assert_msg(strstr(err.message, loud[i].why), "%s", err.message);
	}
	/* Each is reported; past the cap they are counted, not kept. */
	size_t k = (size_t)snprintf(text, sizeof text, "[Event \"m\"]\n\n1. e4 {");
	for (int i = 0; i < 70; i++)
		k += (size_t)snprintf(text + k, sizeof text - k, "[%%q]");
	snprintf(text + k, sizeof text - k, "} *\n");
	ck_assert_int_eq(parse_one(text, 0, rec, &err), ARB_OK);
	ck_assert_int_eq(arb_record_warning_count(rec), 70);
	ck_assert(arb_record_warning(rec, ARB_RECORD_WARNINGS_MAX - 1) != NULL);
	ck_assert(arb_record_warning(rec, ARB_RECORD_WARNINGS_MAX) == NULL);
	ck_assert(strstr(arb_record_warning(rec, 1), "t.pgn:3:12: "));
	/* A long file name is shown as in error messages: cut at the front. */
	static char name[1200];
	memset(name, 'd', 1000);
	snprintf(name + 1000, sizeof name - 1000, "/base.pgn");
	arb_pgn_text lt = {"1. e4 {[%Flag white]} *\n", 24, 1, 1, 1};
	ck_assert_int_eq(arb_pgn_parse(&lt, name, 0, rec, &err), ARB_OK);
	ck_assert_int_eq(arb_record_warning_count(rec), 1);
	ck_assert(strncmp(arb_record_warning(rec, 0), "...", 3) == 0);
	ck_assert(strstr(arb_record_warning(rec, 0),
			 "/base.pgn:1:8: game 1: unknown comment command [%Flag]"));
	ck_assert_int_le((int)strlen(arb_record_warning(rec, 0)), ARB_ERROR_NAME_SHOWN + 100);
	/* The next game starts without them. */
	ck_assert_int_eq(parse_one("[Event \"n\"]\n\n1. e4 *\n", 0, rec, &err), ARB_OK);
	ck_assert_int_eq(arb_record_warning_count(rec), 0);
	arb_record_free(rec);
}
END_TEST

/* Reads `text` (one game) and returns the status; *rec holds it on success. */
static arb_status read_variant_game(const char *text, arb_record *rec, arb_error *err)
{
	arb_pgn_text t = {text, strlen(text), 1, 1, 1};
	return arb_pgn_parse(&t, "v.pgn", 0, rec, err);
}

/*
 * Every Variant tag of the shipped variant scripts is read with that
 * variant's start and castling rule: a double-960 start under its own tag,
 * no castling in "No castling", the king to b1 in "Long castling"; other
 * variants are still refused.
 */
START_TEST(test_variant_tags)
{
	static const char dbl[] =
		"[Variant \"Double Chess960\"]\n[SetUp \"1\"]\n"
		"[FEN \"nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/RKNBBQNR w HAgb - 0 1\"]\n\n"
		"1. e4 e5 2. d4 d5 *\n";
	arb_record *rec = arb_record_new();
	arb_position *pos = arb_position_new();
	arb_error err;
	char text[512];

	ck_assert_msg(read_variant_game(dbl, rec, &err) == ARB_OK, "%s", err.message);
	ck_assert(arb_position_is_chess960(arb_record_start(rec)));
	ck_assert_int_eq(arb_record_ply_count(rec), 4);
	/* Any case, as the other variant names. */
	snprintf(text, sizeof text, "%s", dbl);
	memcpy(strstr(text, "Double Chess960"), "double chess960", 15);
	ck_assert_int_eq(read_variant_game(text, rec, &err), ARB_OK);

	/* No castling: the rights are gone, so O-O is not a move. */
	ck_assert_int_eq(read_variant_game("[Variant \"No castling\"]\n\n1. e4 e5 2. Nf3 Nc6 "
					   "3. Bc4 Bc5 4. Kf1 Kf8 *\n",
					   rec, &err),
			 ARB_OK);
	ck_assert(!arb_position_castling(arb_record_start(rec), ARB_WHITE, ARB_KINGSIDE, NULL));
	ck_assert_int_eq(read_variant_game("[Variant \"No castling\"]\n\n1. e4 e5 2. Nf3 Nc6 "
					   "3. Bc4 Bc5 4. O-O *\n",
					   rec, &err),
			 ARB_E_PGN);
	ck_assert_int_eq(
		read_variant_game("[Variant \"No castling\"]\n[SetUp \"1\"]\n[FEN "
				  "\"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O-O *\n",
				  rec, &err),
		ARB_E_PGN);

	/* Long castling: O-O-O takes the king to b1 and the rook to c1, so
	 * Ka1 is a move after it; under the standard tag the king is on c1 and
	 * it is not. */
	static const char lng[] = "[Variant \"Long castling\"]\n\n1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 "
				  "4. Qd2 Qd7 5. O-O-O O-O-O 6. Ka1 *\n";
	ck_assert_msg(read_variant_game(lng, rec, &err) == ARB_OK, "%s", err.message);
	ck_assert_int_eq(arb_record_position_at(rec, arb_record_mainline_node(rec, 9), pos),
			 ARB_OK);
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(1, 0)),
			 ARB_PIECE(ARB_WHITE, ARB_KING));
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(2, 0)),
			 ARB_PIECE(ARB_WHITE, ARB_ROOK));
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(1, 7)),
			 ARB_PIECE(ARB_BLACK, ARB_KING));
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(2, 7)),
			 ARB_PIECE(ARB_BLACK, ARB_ROOK));
	ck_assert_int_eq(read_variant_game(strstr(lng, "\n\n") + 2, rec, &err), ARB_E_PGN);
	ck_assert_msg(strstr(err.message, "Ka1"), "%s", err.message);
	/* Kingside is as usual. */
	ck_assert_int_eq(read_variant_game("[Variant \"Long castling\"]\n\n1. e4 e5 2. Nf3 Nc6 "
					   "3. Bc4 Bc5 4. O-O *\n",
					   rec, &err),
			 ARB_OK);
	ck_assert_int_eq(arb_record_position_at(rec, arb_record_mainline_node(rec, 6), pos),
			 ARB_OK);
	ck_assert_int_eq(arb_position_piece_at(pos, ARB_SQUARE(6, 0)),
			 ARB_PIECE(ARB_WHITE, ARB_KING));

	/* Still refused: a variant the reader does not know. */
	ck_assert_int_eq(read_variant_game("[Variant \"Crazyhouse\"]\n\n1. e4 *\n", rec, &err),
			 ARB_E_PGN);
	ck_assert(strstr(err.message, "v.pgn:1:1: game 1: variant 'Crazyhouse' is not supported"));
	arb_position_free(pos);
	arb_record_free(rec);
}
END_TEST

/*
 * Tag values that are not valid UTF-8 are ISO 8859-1 (PGN standard 8.1.1.1)
 * and are kept as UTF-8; valid UTF-8 is kept as it is.
 */
START_TEST(test_latin1_tags)
{
	static const struct {
		const char *in, *out;
	} t[] = {
		{"M\xfcller", "M\xc3\xbcller"},     /* Latin-1 u-umlaut */
		{"M\xc3\xbcller", "M\xc3\xbcller"}, /* already UTF-8 */
		{"Ferrn\xe1ndez, J\xf6rg", "Ferrn\xc3\xa1ndez, J\xc3\xb6rg"},
		{"\xe9t\xe9 \xa9 \xff", "\xc3\xa9t\xc3\xa9 \xc2\xa9 \xc3\xbf"},
		{"Caf\xc3\xa9 \xe9", "Caf\xc3\x83\xc2\xa9 \xc3\xa9"}, /* mixed: all Latin-1 */
		{"\xc3", "\xc3\x83"},                                 /* a cut sequence */
		{"\xc0\xaf", "\xc3\x80\xc2\xaf"},                     /* overlong: not UTF-8 */
		{"\xed\xa0\x80", "\xc3\xad\xc2\xa0\xc2\x80"},         /* a surrogate */
		{"\xf0\x9f\x98\x80 ok", "\xf0\x9f\x98\x80 ok"},       /* 4 bytes, valid */
		{"plain", "plain"},
		{"", ""},
	};
	arb_record *rec = arb_record_new();
	arb_error err;
	char text[256];
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		snprintf(text, sizeof text, "[White \"%s\"]\n[Black \"B\"]\n\n1. e4 *\n", t[i].in);
		ck_assert_int_eq(parse_one(text, 0, rec, &err), ARB_OK);
		ck_assert_msg(strcmp(arb_record_tag(rec, "White"), t[i].out) == 0, "case %zu: '%s'",
			      i, arb_record_tag(rec, "White"));
		ck_assert_str_eq(arb_record_tag(rec, "Black"), "B");
	}
	/* A value of 300 Latin-1 bytes grows past the parser's inline buffer. */
	char big[700], want[700];
	size_t k = (size_t)snprintf(big, sizeof big, "[Event \"");
	for (int i = 0; i < 300; i++)
		big[k++] = (char)0xe9;
	snprintf(big + k, sizeof big - k, "\"]\n\n1. e4 *\n");
	for (int i = 0; i < 300; i++)
		want[2 * i] = (char)0xc3, want[2 * i + 1] = (char)0xa9;
	want[600] = '\0';
	ck_assert_int_eq(parse_one(big, 0, rec, &err), ARB_OK);
	ck_assert_str_eq(arb_record_tag(rec, "Event"), want);
	arb_record_free(rec);
}
END_TEST

START_TEST(test_dirt)
{
	mem_src src;
	arb_record *g;
	arb_error err;

	/* CRLF line ends. */
	expect_mainline(
		"[Event \"c\"]\r\n[Site \"s\"]\r\n\r\n1. e4 {a\r\ncomment} e5\r\n2. Nf3 *\r\n", 0,
		"e4 e5 Nf3");

	/* A UTF-8 byte order mark, read through sources of 1..4 bytes per call. */
	static const char bom[] = "\xEF\xBB\xBF[Event \"bom\"]\n\n1. e4 e5 *\n";
	for (size_t chunk = 0; chunk <= 4; chunk++) {
		arb_pgn_reader *r = reader(&src, bom, strlen(bom), chunk, 0);
		arb_status st = arb_pgn_next(r, &g, &err);
		ck_assert_msg(st == ARB_OK && g, "BOM with %zu-byte reads: %s", chunk, err.message);
		ck_assert_str_eq(arb_record_tag(g, "Event"), "bom");
		ck_assert_int_eq(arb_record_ply_count(g), 2);
		arb_pgn_reader_free(r);
	}

	/* Latin-1 bytes: tags read as ISO 8859-1 into UTF-8 (and written so),
	 * comments kept as bytes. */
	static const char latin1[] =
		"[White \"M\xfcller, J\xf6rg\"]\n[Black \"\xc5str\xf6m\"]\n\n1. e4 "
		"{tr\xe8s bien} *\n";
	arb_pgn_reader *r = reader(&src, latin1, strlen(latin1), 0, 0);
	ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
	ck_assert_str_eq(arb_record_tag(g, "White"), "M\xc3\xbcller, J\xc3\xb6rg");
	ck_assert_str_eq(arb_record_tag(g, "Black"), "\xc3\x85str\xc3\xb6m");
	ck_assert_str_eq(arb_record_node_comment(g, arb_record_mainline_node(g, 0)),
			 "tr\xe8s bien");
	sink s = {0};
	write_game(g, &s);
	ck_assert_ptr_nonnull(strstr(s.data, "[White \"M\xc3\xbcller, J\xc3\xb6rg\"]"));
	ck_assert_ptr_nonnull(strstr(s.data, "{tr\xe8s bien}"));
	sink_free(&s);
	arb_pgn_reader_free(r);

	/* Empty tags and escaped quotes. */
	static const char tags[] =
		"[Event \"A \\\"quoted\\\" \\\\ name\"]\n[WhiteElo \"\"]\n[Round \"\"]\n\n1. "
		"d4 *\n";
	r = reader(&src, tags, strlen(tags), 0, 0);
	ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
	ck_assert_str_eq(arb_record_tag(g, "Event"), "A \"quoted\" \\ name");
	ck_assert_str_eq(arb_record_tag(g, "WhiteElo"), "");
	ck_assert_str_eq(arb_record_tag(g, "Round"), "");
	arb_pgn_reader_free(r);

	/* Game boundaries: no blank line between games, a game without a
	 * result followed directly by the next [Event, a last game without a
	 * result at the end of the input, a game of tags only. */
	static const char bounds[] =
		"[Event \"1\"]\n\n1. e4 e5 1-0\n[Event \"2\"]\n\n1. d4 d5\n[Event "
		"\"3\"]\n[Result \"0-1\"]\n1. c4 e5 0-1\n[Event \"4\"]\n[Event2 "
		"\"x\"]\n\n[Event \"5\"]\n\n1. Nf3 Nf6 2. g3";
	static const struct {
		const char *event;
		int plies;
	} expect[] = {{"1", 2}, {"2", 2}, {"3", 2}, {"4", 0}, {"5", 3}};
	for (size_t chunk = 0; chunk <= 1; chunk++) {
		r = reader(&src, bounds, strlen(bounds), chunk, 0);
		for (int i = 0; i < 5; i++) {
			arb_status st = arb_pgn_next(r, &g, &err);
			ck_assert_msg(st == ARB_OK && g, "game %d: %s", i + 1, err.message);
			ck_assert_str_eq(arb_record_tag(g, "Event"), expect[i].event);
			ck_assert_int_eq(arb_record_ply_count(g), expect[i].plies);
		}
		ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
		ck_assert_ptr_null(g);
		ck_assert_int_eq(arb_pgn_reader_games(r), 5);
		ck_assert_int_eq(arb_pgn_reader_errors(r), 0);
		arb_pgn_reader_free(r);
	}

	/* Empty input and whitespace only: no games. */
	static const char *const empty[] = {"", "\n\n  \r\n", "\xEF\xBB\xBF"};
	for (int i = 0; i < 3; i++) {
		r = reader(&src, empty[i], strlen(empty[i]), 0, 0);
		ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
		ck_assert_ptr_null(g);
		ck_assert_int_eq(arb_pgn_reader_games(r), 0);
		arb_pgn_reader_free(r);
	}
}
END_TEST

START_TEST(test_strict_san_flag)
{
	mem_src src;
	arb_record *g;
	arb_error err;
	static const char text[] = "1. e4 e5 2. Ng1f3 *\n";

	arb_pgn_reader *r = reader(&src, text, strlen(text), 0, 0);
	ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
	arb_pgn_reader_free(r);
	r = reader(&src, text, strlen(text), 0, ARB_PGN_STRICT_SAN);
	ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_E_PGN);
	ck_assert_int_eq(err.line, 1);
	ck_assert_int_eq(err.column, 13);
	arb_pgn_reader_free(r);
}
END_TEST

/* ------------------------------------------------------------------------
 * Writer
 * ---------------------------------------------------------------------- */

static arb_move san_move(const arb_position *pos, const char *san)
{
	arb_move m;
	arb_error err;
	ck_assert_msg(arb_move_from_san(pos, san, strlen(san), 0, &m, &err) == ARB_OK, "%s: %s",
		      san, err.message);
	return m;
}

/* Appends SAN moves (space-separated) to the main line of g. */
static void add_moves(arb_record *g, const char *moves)
{
	arb_position *pos = arb_position_new();
	int node = 0;
	while (arb_record_node_next(g, node) != ARB_NO_NODE)
		node = arb_record_node_next(g, node);
	ck_assert_int_eq(arb_record_position_at(g, node, pos), ARB_OK);
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
		arb_move m = san_move(pos, t);
		node = arb_record_add_move(g, node, m);
		ck_assert_int_ne(node, ARB_NO_NODE);
		ck_assert_int_eq(arb_position_play(pos, m), ARB_OK);
	}
	arb_position_free(pos);
}

START_TEST(test_writer_tags)
{
	arb_record *g = arb_record_new();
	sink s = {0};

	ck_assert_int_eq(arb_record_set_tag(g, "White", "W"), ARB_OK);
	ck_assert_int_eq(arb_record_set_tag(g, "ECO", "C20"), ARB_OK);
	ck_assert_int_eq(arb_record_set_tag(g, "Annotator", "me"), ARB_OK);
	ck_assert_int_eq(arb_record_set_tag(g, "aLower", "x"), ARB_OK);
	ck_assert_int_eq(arb_record_set_tag(g, "Black", "B"), ARB_OK);
	ck_assert_int_eq(arb_record_set_tag(g, "Zeta", "z"), ARB_OK);
	ck_assert_int_eq(arb_record_set_tag(g, "Result", "0-1"), ARB_OK); /* the marker wins */
	ck_assert_int_eq(arb_record_set_tag(g, "PlyCount", "3"), ARB_OK);
	ck_assert_int_eq(arb_record_set_tag(g, "Event", "Q \"x\" \\ y"), ARB_OK);
	ck_assert_int_eq(arb_record_set_tag(g, "", "v"), ARB_E_ARGUMENT);
	arb_record_set_result(g, "1-0");
	add_moves(g, "e4 e5 Nf3");
	write_game(g, &s);
	ck_assert_str_eq(s.data, "[Event \"Q \\\"x\\\" \\\\ y\"]\n"
				 "[Site \"?\"]\n"
				 "[Date \"????.??.??\"]\n"
				 "[Round \"?\"]\n"
				 "[White \"W\"]\n"
				 "[Black \"B\"]\n"
				 "[Result \"1-0\"]\n"
				 "[Annotator \"me\"]\n"
				 "[ECO \"C20\"]\n"
				 "[PlyCount \"3\"]\n"
				 "[Zeta \"z\"]\n"
				 "[aLower \"x\"]\n"
				 "\n"
				 "1. e4 e5 2. Nf3 1-0\n"
				 "\n");
	sink_free(&s);

	/* An empty game. */
	arb_record_clear(g);
	write_game(g, &s);
	ck_assert_str_eq(s.data,
			 "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
			 "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n*\n\n");
	sink_free(&s);

	/* A failing sink. */
	s.fail = 1;
	ck_assert_int_eq(arb_pgn_write(g, sink_write, &s), ARB_E_IO);
	arb_record_free(g);
}
END_TEST

/* Reads `in`, writes it, checks the movetext (the line after the tags) and
 * that the output reads back and writes to the same bytes. */
static void expect_movetext(const char *in, const char *movetext)
{
	mem_src src;
	const arb_record *g;
	sink a = {0}, b = {0};
	arb_pgn_reader *r = one_game(&src, in, 0, &g);
	write_game(g, &a);
	arb_pgn_reader_free(r);
	const char *body = strstr(a.data, "\n\n");
	ck_assert_ptr_nonnull(body);
	body += 2;
	size_t n = strlen(movetext);
	ck_assert_msg(strncmp(body, movetext, n) == 0 && strcmp(body + n, "\n\n") == 0,
		      "\"%s\":\n  wrote    \"%s\"\n  expected \"%s\"", in, body, movetext);
	r = one_game(&src, a.data, 0, &g);
	write_game(g, &b);
	ck_assert_str_eq(a.data, b.data);
	arb_pgn_reader_free(r);
	sink_free(&a);
	sink_free(&b);
}

START_TEST(test_writer_movetext)
{
	/* "N..." after a comment and after a variation, not after a NAG. */
	expect_movetext("1. e4 {good} e5 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 $1 a6 *",
			"1. e4 {good} 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 $1 a6 *");
	/* A variation on Black's move, nested variations, comments before a
	 * variation's first move, glyphs as NAGs. */
	expect_movetext(
		"1. e4 e5! (1... c5 {Sicilian} 2. Nf3 (2. Nc3) d6) 2. Nf3 Nc6 1/2-1/2",
		"1. e4 e5 $1 (1... c5 {Sicilian} 2. Nf3 (2. Nc3) 2... d6) 2. Nf3 Nc6 1/2-1/2");
	expect_movetext("1. e4 e5 (1... {pre} c5 2. Nf3) 2. Nf3 *",
			"1. e4 e5 ({pre} 1... c5 2. Nf3) 2. Nf3 *");
	expect_movetext("1. e4 e5 ({pre} 1... c5 2. Nf3) 2. Nf3 *",
			"1. e4 e5 ({pre} 1... c5 2. Nf3) 2. Nf3 *");
	/* Empty comments are kept. */
	expect_movetext("1. e4 {} e5 {} *", "1. e4 {} 1... e5 {} *");
	/* A comment before the first move. */
	expect_movetext("{Intro text} 1. d4 d5 0-1", "{Intro text} 1. d4 d5 0-1");
	/* Clock comments after every move. */
	expect_movetext(
		"1. e4 {[%clk 0:01:00]} e5 {[%clk 0:01:00]} 2. Nf3 {[%clk 0:00:59]} *",
		"1. e4 {[%clk 0:01:00]} 1... e5 {[%clk 0:01:00]} 2. Nf3 {[%clk 0:00:59]} *");
	/* Black to move at the start. */
	expect_movetext(
		"[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 "
		"1\"]\n\n1... e5 2. Nf3 *",
		"1... e5 2. Nf3 *");
	/* The move number of the FEN. */
	expect_movetext(
		"[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"]\n\n3. "
		"Bb5 a6 *",
		"3. Bb5 a6 *");
	/* The termination marker wins over the Result tag. */
	expect_movetext("[Result \"1-0\"]\n\n1. e4 0-1", "1. e4 0-1");
}
END_TEST

/* Comment text the writer must carry through a brace comment: a line
 * comment holding braces, empty comments next to others, a NUL byte, words
 * that must not start a line. The export reads back with the same moves and
 * comments and writes the same bytes again. */
static const struct {
	const char *text;
	size_t len;
} comment_cases[] = {
#define T(s)                    \
	{                       \
		s, sizeof s - 1 \
	}
	T("1. e4 ; a } b\n e5 *"),
	T("1. e4 ; x {y} z\n e5 *"),
	T("1. e4 ; see 2. d4 }\n e5 *"),
	T("1. e4 {} {a} e5 *"),
	T("1. e4 {a} {} e5 *"),
	T("{} ;o\n 1. e4 *"),
	T("1. e4 {a \0b} e5 *"),
	T("1. e4 ; x } \0\n e5 *"),
	T("1. e4 {a \0} ; } b\n e5 *"),
	/* Wrapping must not start a comment line with '[' or '%'. */
	T("1. e4 {xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx [%cal Ge7b7] "
	  "end} e5 *"),
	T("1. e4 {xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx [Event \"x\"] "
	  "end} e5 *"),
	T("1. e4 {xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx %escape "
	  "end} e5 *"),
#undef T
};

START_TEST(test_writer_comment_text)
{
	const char *text = comment_cases[_i].text;
	size_t len = comment_cases[_i].len;
	size_t i = (size_t)_i;
	mem_src src;
	arb_record *g;
	arb_error err;
	sink a = {0}, b = {0};
	char before[16][128], after[128];
	arb_pgn_reader *r = reader(&src, text, len, 0, 0);
	ck_assert_msg(arb_pgn_next(r, &g, &err) == ARB_OK && g, "case %zu: %s", i, err.message);
	int nodes = arb_record_node_count(g), plies = arb_record_ply_count(g);
	ck_assert_int_lt(nodes, 16);
	for (int n = 0; n < nodes; n++) {
		const char *c = arb_record_node_comment(g, n);
		norm_ws(c ? c : "(none)", before[n]);
	}
	write_game(g, &a);
	arb_pgn_reader_free(r);
	r = reader(&src, a.data, a.len, 0, 0);
	ck_assert_msg(arb_pgn_next(r, &g, &err) == ARB_OK && g,
		      "case %zu: the export does not read: %s\n%s", i, err.message, a.data);
	ck_assert_msg(arb_record_ply_count(g) == plies && arb_record_node_count(g) == nodes,
		      "case %zu: %d plies, %d nodes after export (%d, %d before):\n%s", i,
		      arb_record_ply_count(g), arb_record_node_count(g), plies, nodes, a.data);
	for (int n = 0; n < nodes; n++) {
		const char *c = arb_record_node_comment(g, n);
		norm_ws(c ? c : "(none)", after);
		ck_assert_msg(strcmp(before[n], after) == 0,
			      "case %zu, node %d: comment \"%s\" reads back as \"%s\"", i, n,
			      before[n], after);
	}
	write_game(g, &b);
	ck_assert_msg(strcmp(a.data, b.data) == 0, "case %zu: export not stable:\n%s\n%s", i,
		      a.data, b.data);
	arb_pgn_reader_free(r);
	sink_free(&a);
	sink_free(&b);
}
END_TEST

START_TEST(test_writer_line_length)
{
	/* A long game with long comments: every line at most 79 characters, each
	 * line as full as it can be (the next word would not fit), and the
	 * comments read back unchanged. */
	char text[1 << 15];
	size_t k = 0;
	static const char *const shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
	for (int i = 0; i < 120; i++) {
		if (i % 2 == 0)
			k += (size_t)snprintf(text + k, sizeof text - k, "%d. ", i / 2 + 1);
		k += (size_t)snprintf(text + k, sizeof text - k, "%s ", shuffle[i % 4]);
		if (i % 17 == 5)
			k += (size_t)snprintf(
				text + k, sizeof text - k,
				"{a rather long comment that goes on and on, with words of "
				"various lengths, to make the writer wrap it across lines} ");
		if (i % 29 == 7)
			k += (size_t)snprintf(text + k, sizeof text - k, "(%s) ",
					      i % 2 ? "Nc6 Nc3" : "Nc3 Nc6");
	}
	snprintf(text + k, sizeof text - k, "*");

	mem_src src;
	const arb_record *g;
	sink a = {0};
	arb_pgn_reader *r = one_game(&src, text, 0, &g);
	write_game(g, &a);
	arb_pgn_reader_free(r);
	check_export_layout("long game", a.data, a.len);
	const char *p = strstr(a.data, "\n\n") + 2;
	while (*p && *p != '\n') {
		const char *nl = strchr(p, '\n');
		const char *next = nl + 1;
		if (*next && *next != '\n') {
			size_t word = strcspn(next, " \n");
			ck_assert_msg((nl - p) + 1 + (long)word > 79,
				      "line could hold \"%.*s\": %.*s", (int)word, next,
				      (int)(nl - p), p);
		}
		p = next;
	}
	/* Reading back gives the same tree. */
	sink b = {0};
	r = one_game(&src, a.data, 0, &g);
	write_game(g, &b);
	ck_assert_str_eq(a.data, b.data);
	int with_comment = 0;
	for (int i = 0; i < arb_record_ply_count(g); i++) {
		const char *c = arb_record_node_comment(g, arb_record_mainline_node(g, i));
		if (c) {
			ck_assert_str_eq(
				c,
				"a rather long comment that goes on and on, with words of various "
				"lengths, to make the writer wrap it across lines");
			with_comment++;
		}
	}
	ck_assert_int_eq(with_comment, 7);
	ck_assert_int_eq(arb_record_ply_count(g), 120);
	arb_pgn_reader_free(r);
	sink_free(&a);
	sink_free(&b);
}
END_TEST

START_TEST(test_writer_chess960)
{
	arb_position *pos = arb_position_new();
	arb_error err;
	ck_assert_int_eq(arb_position_set_fen(
				 pos, "qnbrkbrn/pppppppp/8/8/8/8/PPPPPPPP/QNBRKBRN w GDgd - 0 1",
				 ARB_FEN_CHESS960, &err),
			 ARB_OK);
	arb_record *g = arb_record_new();
	ck_assert_int_eq(arb_record_set_start(g, pos), ARB_OK);
	add_moves(g, "g4 g5 Bg2 Bg7 O-O O-O");
	sink s = {0};
	write_game(g, &s);
	ck_assert_str_eq(s.data,
			 "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
			 "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
			 "[FEN \"qnbrkbrn/pppppppp/8/8/8/8/PPPPPPPP/QNBRKBRN w KQkq - 0 1\"]\n"
			 "[SetUp \"1\"]\n[Variant \"Chess960\"]\n\n"
			 "1. g4 g5 2. Bg2 Bg7 3. O-O O-O *\n\n");
	/* It reads back as the same game. */
	mem_src src;
	const arb_record *back;
	arb_pgn_reader *r = one_game(&src, s.data, 0, &back);
	ck_assert(arb_position_is_chess960(arb_record_start(back)));
	ck_assert_uint_eq(arb_position_key(arb_record_start(back)), arb_position_key(pos));
	ck_assert_int_eq(arb_record_ply_count(back), 6);
	for (int i = 0; i < 6; i++)
		ck_assert_int_eq(arb_record_move(back, i), arb_record_move(g, i));
	arb_pgn_reader_free(r);
	sink_free(&s);

	/* The standard array in Chess960 mode is a Chess960 game too. */
	arb_position_set_start(pos);
	arb_position_set_chess960(pos, 1);
	arb_record_clear(g);
	ck_assert_int_eq(arb_record_set_start(g, pos), ARB_OK);
	write_game(g, &s);
	ck_assert_ptr_nonnull(strstr(s.data, "[Variant \"Chess960\"]\n"));
	ck_assert_ptr_nonnull(strstr(s.data, "[SetUp \"1\"]\n"));
	sink_free(&s);

	/* A standard game from a set-up position: SetUp and FEN, no Variant. */
	ck_assert_int_eq(arb_position_set_fen(pos, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 0, &err),
			 ARB_OK);
	arb_record_clear(g);
	ck_assert_int_eq(arb_record_set_start(g, pos), ARB_OK);
	add_moves(g, "e4");
	write_game(g, &s);
	ck_assert_ptr_nonnull(
		strstr(s.data, "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n"));
	ck_assert_ptr_null(strstr(s.data, "Variant"));
	sink_free(&s);
	arb_record_free(g);
	arb_position_free(pos);
}
END_TEST

/* ------------------------------------------------------------------------
 * Broken PGN
 * ---------------------------------------------------------------------- */

static tsv_file broken;

typedef struct outcome {
	long games, errors, bad_game;
	arb_error err;
	int partial;    /* plies of the bad game with ARB_PGN_KEEP_PARTIAL */
	char good[512]; /* Event tags of the good games, comma-separated */
	int bad_count;
} outcome;

static void read_outcome(const char *text, size_t len, size_t chunk, unsigned flags, outcome *o)
{
	mem_src src;
	arb_pgn_reader *r = reader(&src, text, len, chunk, flags);
	arb_record *g;
	arb_error err;

	memset(o, 0, sizeof *o);
	o->partial = -1;
	for (long n = 1;; n++) {
		ck_assert_msg(n < 100, "runaway reader");
		memset(&err, 0x55, sizeof err);
		arb_status st = arb_pgn_next(r, &g, &err);
		if (st == ARB_OK) {
			if (!g)
				break;
			const char *ev = arb_record_tag(g, "Event");
			size_t k = strlen(o->good);
			snprintf(o->good + k, sizeof o->good - k, "%s%s", k ? "," : "",
				 ev ? ev : "?");
			continue;
		}
		ck_assert_msg(st == ARB_E_PGN, "game %ld: %s: %s", n, arb_status_name(st),
			      err.message);
		ck_assert_int_eq(err.code, ARB_E_PGN);
		if (o->bad_count++ == 0) {
			o->bad_game = n;
			o->err = err;
			if (flags & ARB_PGN_KEEP_PARTIAL) {
				ck_assert_ptr_nonnull(g);
				o->partial = arb_record_ply_count(g);
			}
		}
		if (!(flags & ARB_PGN_KEEP_PARTIAL))
			ck_assert_ptr_null(g);
	}
	o->games = arb_pgn_reader_games(r);
	o->errors = arb_pgn_reader_errors(r);
	arb_pgn_reader_free(r);
}

static void check_message(const arb_error *err, const char *name, long game)
{
	char want[64];
	snprintf(want, sizeof want, "game %ld", game);
	ck_assert_msg(strstr(err->message, want) != NULL, "message lacks \"%s\": %s", want,
		      err->message);
	char where[256];
	snprintf(where, sizeof where, "%s:%ld:%d:", name, err->line, err->column);
	ck_assert_msg(strncmp(err->message, where, strlen(where)) == 0,
		      "message does not start with %s: %s", where, err->message);
}

START_TEST(test_broken_corpus)
{
	const tsv_row *row = &broken.rows[_i];
	const char *file = tsv_get(row, tsv_column(&broken, "file"));
	long games = atol(tsv_get(row, tsv_column(&broken, "games")));
	long errors = atol(tsv_get(row, tsv_column(&broken, "errors")));
	long bad = atol(tsv_get(row, tsv_column(&broken, "bad_game")));
	long line = atol(tsv_get(row, tsv_column(&broken, "line")));
	int column = atoi(tsv_get(row, tsv_column(&broken, "column")));
	const char *alt = tsv_get(row, tsv_column(&broken, "alt_line_column"));
	int partial = atoi(tsv_get(row, tsv_column(&broken, "partial")));
	const char *good = tsv_get(row, tsv_column(&broken, "good"));
	const char *why = tsv_get(row, tsv_column(&broken, "why"));
	long alt_line = 0;
	int alt_column = 0;
	size_t len;
	char *text = load("pgn-broken", file, &len);
	static const size_t chunks[] = {0, 1, 7};

	if (*alt && strcmp(alt, "-") != 0)
		ck_assert(sscanf(alt, "%ld:%d", &alt_line, &alt_column) == 2);
	for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
		for (int keep = 0; keep < 2; keep++) {
			outcome o;
			read_outcome(text, len, chunks[c], keep ? ARB_PGN_KEEP_PARTIAL : 0, &o);
			ck_assert_msg(
				o.games == games && o.errors == errors,
				"%s (chunk %zu): %ld games, %ld errors; expected %ld, %ld (first error: %s)",
				file, chunks[c], o.games, o.errors, games, errors, o.err.message);
			ck_assert_msg(strcmp(o.good, good) == 0,
				      "%s (chunk %zu): good games \"%s\", expected \"%s\"", file,
				      chunks[c], o.good, good);
			ck_assert_int_eq(o.bad_count, errors);
			ck_assert_msg(o.bad_game == bad, "%s: bad game %ld, expected %ld", file,
				      o.bad_game, bad);
			int at = o.err.line == line && o.err.column == column;
			int at_alt =
				alt_line && o.err.line == alt_line && o.err.column == alt_column;
			ck_assert_msg(at || at_alt,
				      "%s (chunk %zu): error at %ld:%d, expected %ld:%d%s%s: %s",
				      file, chunks[c], o.err.line, o.err.column, line, column,
				      alt_line ? " or " : "", alt_line ? alt : "", o.err.message);
			check_message(&o.err, "mem.pgn", bad);
			if (*why && strcmp(why, "-") != 0)
				ck_assert_msg(strstr(o.err.message, why) != NULL,
					      "%s: message lacks \"%s\": %s", file, why,
					      o.err.message);
			if (keep)
				ck_assert_msg(o.partial == partial,
					      "%s: partial game of %d plies, expected %d", file,
					      o.partial, partial);
		}
	}
	free(text);
}
END_TEST

static const char good_game_fmt[] =
	"[Event \"%s\"]\n[Site \"Test\"]\n[Date \"2024.01.01\"]\n[Round "
	"\"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. "
	"Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n\n";

START_TEST(test_broken_huge_tag)
{
	/* A 10 MB tag value between two good games: either read exactly or
	 * refused at that tag; the good games read either way. */
	const size_t big = 10u << 20;
	size_t cap = big + 4096, k = 0;
	char *text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	k += (size_t)snprintf(text + k, cap - k, good_game_fmt, "Good 1");
	k += (size_t)snprintf(text + k, cap - k, "[Event \"Big\"]\n[Annotator \"");
	long tag_line = 1;
	for (size_t i = 0; i < k; i++)
		tag_line += text[i] == '\n';
	memset(text + k, 'A', big);
	k += big;
	k += (size_t)snprintf(text + k, cap - k, "\"]\n\n1. e4 e5 *\n\n");
	k += (size_t)snprintf(text + k, cap - k, good_game_fmt, "Good 2");

	for (int keep = 0; keep < 2; keep++) {
		mem_src src;
		arb_pgn_reader *r = reader(&src, text, k, 0, keep ? ARB_PGN_KEEP_PARTIAL : 0);
		arb_record *g;
		arb_error err;
		ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
		ck_assert_str_eq(arb_record_tag(g, "Event"), "Good 1");
		arb_status st = arb_pgn_next(r, &g, &err);
		if (st == ARB_OK) {
			const char *v = arb_record_tag(g, "Annotator");
			ck_assert_ptr_nonnull(v);
			ck_assert_uint_eq(strlen(v), big);
			ck_assert_int_eq(arb_record_ply_count(g), 2);
		} else {
			ck_assert_int_eq(st, ARB_E_PGN);
			ck_assert_msg(err.line == tag_line && err.column == 1,
				      "error at %ld:%d, expected %ld:1: %s", err.line, err.column,
				      tag_line, err.message);
			check_message(&err, "mem.pgn", 2);
			ck_assert_int_eq(arb_pgn_reader_errors(r), 1);
			if (keep)
				ck_assert_ptr_nonnull(g);
		}
		ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
		ck_assert_msg(g && !strcmp(arb_record_tag(g, "Event"), "Good 2"),
			      "the game after: %s", g ? arb_record_tag(g, "Event") : "(none)");
		ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
		ck_assert_ptr_null(g);
		ck_assert_int_eq(arb_pgn_reader_games(r), 3);
		arb_pgn_reader_free(r);
	}
	free(text);
}
END_TEST

/* Appends "N." or "N..." and the SAN of m, then plays it. */
static size_t put_move(char *buf, size_t k, size_t cap, arb_position *pos, arb_move m, int number)
{
	char san[ARB_SAN_MAX];
	arb_move_to_san(pos, m, san);
	if (arb_position_side_to_move(pos) == ARB_WHITE)
		k += (size_t)snprintf(buf + k, cap - k, "%d. ", arb_position_fullmove_number(pos));
	else if (number)
		k += (size_t)snprintf(buf + k, cap - k, "%d... ",
				      arb_position_fullmove_number(pos));
	k += (size_t)snprintf(buf + k, cap - k, "%s ", san);
	ck_assert_int_eq(arb_position_play(pos, m), ARB_OK);
	return k;
}

START_TEST(test_broken_deep_variations)
{
	/* 200 nested variations, each the alternative to the move just played:
	 * "1. A0 (1. B0 1... A1 (1... B1 2. A2 (2. B2 ..." Read in full, or
	 * refused at the '(' that passes the reader's limit (which must be at
	 * least 64); the game after reads either way, and skipping variations
	 * reads the game. */
	enum { DEPTH = 200 };
	size_t cap = 1 << 16, k = 0;
	char *text = malloc(cap);
	long paren_line[DEPTH], nlines;
	int paren_col[DEPTH];
	arb_position *pos = arb_position_new();

	ck_assert_ptr_nonnull(text);
	k += (size_t)snprintf(text + k, cap - k, "[Event \"Deep\"]\n\n");
	nlines = 3;
	size_t line_start = k;
	for (int d = 0; d < DEPTH; d++) {
		arb_move list[ARB_MAX_MOVES];
		int n = arb_position_legal_moves(pos, list);
		ck_assert_int_ge(n, 2);
		arb_position *alt = arb_position_clone(pos);
		k = put_move(text, k, cap, alt, list[0], d == 0);
		arb_position_free(alt);
		paren_line[d] = nlines;
		paren_col[d] = (int)(k - line_start) + 1;
		text[k++] = '(';
		k = put_move(text, k, cap, pos, list[1], 1);
		if (d % 4 == 3) { /* short lines */
			text[k++] = '\n';
			nlines++;
			line_start = k;
		}
	}
	for (int d = 0; d < DEPTH; d++)
		text[k++] = ')';
	k += (size_t)snprintf(text + k, cap - k, " *\n\n");
	k += (size_t)snprintf(text + k, cap - k, good_game_fmt, "After");
	ck_assert_uint_lt(k, cap);

	for (int keep = 0; keep < 2; keep++) {
		mem_src src;
		arb_pgn_reader *r = reader(&src, text, k, 0, keep ? ARB_PGN_KEEP_PARTIAL : 0);
		arb_record *g;
		arb_error err;
		arb_status st = arb_pgn_next(r, &g, &err);
		if (st == ARB_OK) {
			/* The tree: A0 -> variation B0 -> next A1 -> variation B1 ... */
			ck_assert_int_eq(arb_record_ply_count(g), 1);
			int node = arb_record_node_next(g, 0);
			for (int d = 0; d < DEPTH; d++) {
				int b = arb_record_node_variation(g, node);
				ck_assert_msg(b != ARB_NO_NODE, "depth %d: no variation", d);
				node = arb_record_node_next(g, b);
				if (d < DEPTH - 1)
					ck_assert_int_ne(node, ARB_NO_NODE);
			}
			sink s = {0};
			write_game(g, &s);
			sink_free(&s);
		} else {
			ck_assert_int_eq(st, ARB_E_PGN);
			int d = 0;
			while (d < DEPTH &&
			       !(paren_line[d] == err.line && paren_col[d] == err.column))
				d++;
			ck_assert_msg(d < DEPTH, "error at %ld:%d is not at a '(': %s", err.line,
				      err.column, err.message);
			ck_assert_msg(d >= 64, "nesting refused at depth %d: %s", d + 1,
				      err.message);
			check_message(&err, "mem.pgn", 1);
		}
		ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
		ck_assert_msg(g && !strcmp(arb_record_tag(g, "Event"), "After"),
			      "the game after is lost");
		arb_pgn_reader_free(r);
	}
	{
		mem_src src;
		arb_pgn_reader *r = reader(&src, text, k, 0, ARB_PGN_SKIP_VARIATIONS);
		arb_record *g;
		arb_error err;
		ck_assert_msg(arb_pgn_next(r, &g, &err) == ARB_OK && g, "skipping variations: %s",
			      err.message);
		ck_assert_int_eq(arb_record_ply_count(g), 1);
		ck_assert_int_eq(arb_record_node_count(g), 2);
		ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
		ck_assert_ptr_nonnull(g);
		arb_pgn_reader_free(r);
	}
	arb_position_free(pos);
	free(text);
}
END_TEST

START_TEST(test_broken_random_bytes)
{
	/* Seeded random bytes (and mutated good games): never a crash, every
	 * call returns a game, an error or the end, and the counts add up. */
	uint64_t x = 0x2545f4914f6cdd1dull;
	char text[4096];
	size_t base = (size_t)snprintf(text, sizeof text, good_game_fmt, "Seed");
	char good[1024];
	memcpy(good, text, base);
	for (int round = 0; round < 3000; round++) {
		size_t len;
		if (round % 2) {
			len = base;
			memcpy(text, good, base);
			for (int m = 0; m < 1 + round % 5; m++) {
				x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
				uint64_t v = x * 2685821657736338717ull;
				text[(v >> 8) % len] = (char)(v >> 40);
			}
		} else {
			len = 1 + round % 600;
			for (size_t i = 0; i < len; i++) {
				x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
				uint64_t v = x * 2685821657736338717ull;
				/* Mostly PGN punctuation and letters. */
				static const char alphabet[] =
					"[]{}()\"; \n%$.!?+#=-*/01238aeghNBRQKOx\\\r\t";
				text[i] = v & 1 ? alphabet[(v >> 8) % (sizeof alphabet - 1)] :
						  (char)(v >> 16);
			}
		}
		mem_src src;
		arb_pgn_reader *r = reader(&src, text, len, round % 3 ? 0 : 1,
					   round % 4 ? 0 : ARB_PGN_KEEP_PARTIAL);
		arb_record *g;
		arb_error err;
		long ok = 0, bad = 0;
		for (int n = 0; n < 10000; n++) {
			arb_status st = arb_pgn_next(r, &g, &err);
			if (st == ARB_OK && !g)
				break;
			ck_assert_msg(st == ARB_OK || st == ARB_E_PGN, "%s", arb_status_name(st));
			if (st == ARB_OK) {
				/* A game read is written and reads back without error. */
				ok++;
				sink s = {0}, s2 = {0};
				write_game(g, &s);
				mem_src src2;
				arb_pgn_reader *r2 = reader(&src2, s.data, s.len, 0, 0);
				arb_record *g2;
				arb_error err2;
				ck_assert_msg(arb_pgn_next(r2, &g2, &err2) == ARB_OK && g2,
					      "written game does not read back: %s\n%s",
					      err2.message, s.data);
				write_game(g2, &s2);
				ck_assert_msg(strcmp(s.data, s2.data) == 0,
					      "export not stable:\n%s\n%s", s.data, s2.data);
				ck_assert_int_eq(arb_pgn_next(r2, &g2, &err2), ARB_OK);
				ck_assert_ptr_null(g2);
				arb_pgn_reader_free(r2);
				sink_free(&s);
				sink_free(&s2);
			} else {
				bad++;
				ck_assert(err.line >= 1 && err.column >= 1);
			}
		}
		ck_assert_int_eq(arb_pgn_reader_games(r), ok + bad);
		ck_assert_int_eq(arb_pgn_reader_errors(r), bad);
		arb_pgn_reader_free(r);
	}
}
END_TEST

/* ------------------------------------------------------------------------
 * Splitter and parser: arb_pgn_next_text, arb_pgn_parse
 * ---------------------------------------------------------------------- */

typedef struct extent {
	const char *text; /* the game's text, exactly */
	long line, column;
} extent;

/* Splits `in` with arb_pgn_next_text (whole, 1-byte and 7-byte reads) and
 * checks each game's text, place and number against `want` (NULL-ended). */
static void expect_split(const char *in, const extent *want)
{
	static const size_t chunks[] = {0, 1, 7};
	for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
		mem_src src;
		arb_pgn_reader *r = reader(&src, in, strlen(in), chunks[c], 0);
		arb_pgn_text t;
		arb_error err;
		long n = 0;
		for (;; n++) {
			ck_assert_int_eq(arb_pgn_next_text(r, &t, &err), ARB_OK);
			if (!t.text)
				break;
			ck_assert_msg(want[n].text != NULL, "\"%s\": more than %ld games: \"%.*s\"",
				      in, n, (int)t.len, t.text);
			ck_assert_msg(t.len == strlen(want[n].text) &&
					      memcmp(t.text, want[n].text, t.len) == 0,
				      "\"%s\" (chunk %zu): game %ld is \"%.*s\", expected \"%s\"",
				      in, chunks[c], n + 1, (int)t.len, t.text, want[n].text);
			ck_assert_msg(t.line == want[n].line && t.column == want[n].column,
				      "\"%s\": game %ld at %ld:%ld, expected %ld:%ld", in, n + 1,
				      t.line, t.column, want[n].line, want[n].column);
			ck_assert_int_eq(t.number, n + 1);
		}
		ck_assert_msg(want[n].text == NULL, "\"%s\": %ld games, expected more", in, n);
		ck_assert_int_eq(arb_pgn_reader_games(r), n);
		ck_assert_int_eq(arb_pgn_reader_errors(r), 0); /* nothing is parsed */
		/* At the end it stays at the end. */
		ck_assert_int_eq(arb_pgn_next_text(r, &t, &err), ARB_OK);
		ck_assert_ptr_null(t.text);
		arb_pgn_reader_free(r);
	}
}

START_TEST(test_split_extents)
{
	/* Games of tags only: a blank line, then '['. */
	expect_split("[Event \"a\"]\n[Site \"b\"]\n\n[Event \"c\"]\n\n\n[Event \"d\"]\n\n1. e4 *\n",
		     (const extent[]){{"[Event \"a\"]\n[Site \"b\"]\n\n", 1, 1},
				      {"[Event \"c\"]\n\n\n", 4, 1},
				      {"[Event \"d\"]\n\n1. e4 *", 7, 1},
				      {NULL, 0, 0}});
	/* No blank line: tags, then movetext; an escape line between tags. */
	expect_split("[Event \"a\"]\n%note\n[Site \"b\"]\n1. e4 *",
		     (const extent[]){{"[Event \"a\"]\n%note\n[Site \"b\"]\n1. e4 *", 1, 1},
				      {NULL, 0, 0}});
	/* A tag value holding ']', '{', ';', an escaped quote; tags on one line. */
	expect_split("[Event \"a]{;\\\"\"] [Site \"[\"]\n\n1. e4 *",
		     (const extent[]){{"[Event \"a]{;\\\"\"] [Site \"[\"]\n\n1. e4 *", 1, 1},
				      {NULL, 0, 0}});
	/* A '[' in column 1 inside a brace comment is comment text... */
	expect_split("1. e4 {a\n[%clk 0:01:00]\n[b} e5 *\n[Event \"x\"]\n\n*",
		     (const extent[]){{"1. e4 {a\n[%clk 0:01:00]\n[b} e5 *", 1, 1},
				      {"[Event \"x\"]\n\n*", 4, 1},
				      {NULL, 0, 0}});
	/* ...unless the line starts with a tag pair: the comment is cut there. */
	expect_split("1. e4 {open\n[Event \"n\"]\n\n1. d4 *",
		     (const extent[]){{"1. e4 {open\n", 1, 1},
				      {"[Event \"n\"]\n\n1. d4 *", 2, 1},
				      {NULL, 0, 0}});
	/* A termination marker ends a game at depth 0 only; ')' at depth 0. */
	expect_split("1. e4 (1. d4 1-0 (1. c4 *) 0-1) e5 1/2-1/2 1. c4 ) 1-0",
		     (const extent[]){{"1. e4 (1. d4 1-0 (1. c4 *) 0-1) e5 1/2-1/2", 1, 1},
				      {"1. c4 ) 1-0", 1, 44},
				      {NULL, 0, 0}});
	/* Games without tags; the next one starts on the same line. */
	expect_split("1. e4 e5 1-0\n1. d4 d5 0-1 1. c4 *\n",
		     (const extent[]){{"1. e4 e5 1-0", 1, 1},
				      {"1. d4 d5 0-1", 2, 1},
				      {"1. c4 *", 2, 14},
				      {NULL, 0, 0}});
	/* No result, then the next game's tags. */
	expect_split("[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4",
		     (const extent[]){{"[Event \"a\"]\n\n1. e4 e5\n\n", 1, 1},
				      {"[Event \"b\"]\n\n1. d4", 5, 1},
				      {NULL, 0, 0}});
	/* Tokens: a move number glued to a result, results inside other tokens. */
	expect_split("1. e4 e5 2.1-0 1. d4 e41-0 1-0x 1-0",
		     (const extent[]){{"1. e4 e5 2.1-0", 1, 1},
				      {"1. d4 e41-0 1-0x 1-0", 1, 16},
				      {NULL, 0, 0}});
	expect_split("1.e4 e5 2...* 3.0-1 *", (const extent[]){{"1.e4 e5 2...*", 1, 1},
							       {"3.0-1", 1, 15},
							       {"*", 1, 21},
							       {NULL, 0, 0}});
	/* NAGs, ';' comments (with a marker and a '[' in them), escape lines. */
	expect_split("1. e4 $1 ; 1-0 {\n[Event \"x\"] e5\n%1-0 (\ne5 $20 *",
		     (const extent[]){{"1. e4 $1 ; 1-0 {\n", 1, 1},
				      {"[Event \"x\"] e5\n%1-0 (\ne5 $20 *", 2, 1},
				      {NULL, 0, 0}});
	/* Between games: white space, escape lines and ';' comments are skipped. */
	expect_split("\n  ; before\n%escape [x\n  [Event \"a\"]\n\n* ; after\n\n%x\n",
		     (const extent[]){{"[Event \"a\"]\n\n*", 4, 3}, {NULL, 0, 0}});
	/* A UTF-8 byte order mark; columns count from after it. */
	expect_split("\xEF\xBB\xBF[Event \"a\"]\n\n1. e4 *",
		     (const extent[]){{"[Event \"a\"]\n\n1. e4 *", 1, 1}, {NULL, 0, 0}});
	expect_split("\xEF\xBB\xBF"
		     "1. e4 * 1. d4 *",
		     (const extent[]){{"1. e4 *", 1, 1}, {"1. d4 *", 1, 9}, {NULL, 0, 0}});
	/* CRLF: the blank line is "\r\n\r\n". */
	expect_split("[Event \"a\"]\r\n\r\n[Event \"b\"]\r\n\r\n1. e4 {x\r\n[%clk 0:00:01]} *\r\n",
		     (const extent[]){{"[Event \"a\"]\r\n\r\n", 1, 1},
				      {"[Event \"b\"]\r\n\r\n1. e4 {x\r\n[%clk 0:00:01]} *", 3, 1},
				      {NULL, 0, 0}});
	/* Broken games end where good ones would: a bad move, a bad tag (to its
	 * line's end, then the tag section goes on), a NUL byte. */
	expect_split("[Event \"bad\"]\n\n1. e4 Ke3 e5 1-0\n\n[Event \"good\"]\n\n1. d4 *",
		     (const extent[]){{"[Event \"bad\"]\n\n1. e4 Ke3 e5 1-0", 1, 1},
				      {"[Event \"good\"]\n\n1. d4 *", 5, 1},
				      {NULL, 0, 0}});
	expect_split("[Event Bad] x\n[Site \"s\"]\n\n[Event \"Bad\n\n[Event \"good\"]\n\n*",
		     (const extent[]){{"[Event Bad] x\n[Site \"s\"]\n\n", 1, 1},
				      {"[Event \"Bad\n\n", 4, 1},
				      {"[Event \"good\"]\n\n*", 6, 1},
				      {NULL, 0, 0}});
	expect_split("1. e4 \x01\x7f e5 1-0 *",
		     (const extent[]){{"1. e4 \x01\x7f e5 1-0", 1, 1}, {"*", 1, 17}, {NULL, 0, 0}});
	/* A tag that does not scan ends with the line on which it starts, even
	 * when its scan went on over white space to the next lines. */
	expect_split("1. e4 *\n[Site\n\n[Event \"b\"]\n\n1. d4 *",
		     (const extent[]){{"1. e4 *", 1, 1},
				      {"[Site\n\n", 2, 1},
				      {"[Event \"b\"]\n\n1. d4 *", 4, 1},
				      {NULL, 0, 0}});
	/* The end of the input in a comment, a tag, a variation. */
	expect_split("1. e4 {never closed\n2. d4 *",
		     (const extent[]){{"1. e4 {never closed\n2. d4 *", 1, 1}, {NULL, 0, 0}});
	expect_split("[Event \"a", (const extent[]){{"[Event \"a", 1, 1}, {NULL, 0, 0}});
	expect_split("1. e4 (1. d4 *", (const extent[]){{"1. e4 (1. d4 *", 1, 1}, {NULL, 0, 0}});
	/* Nothing but what lies between games. */
	expect_split("", (const extent[]){{NULL, 0, 0}});
	expect_split(" \n;x\n%y\n\xEF", (const extent[]){{"\xEF", 4, 1}, {NULL, 0, 0}});
}
END_TEST

/* One game as read: status, error and the game written back (when there is
 * a record). */
typedef struct read_result {
	arb_status st;
	arb_error err;
	sink pgn;
} read_result;

static void note(read_result *o, arb_status st, const arb_error *err, const arb_record *g)
{
	o->st = st;
	o->err = *err;
	memset(&o->pgn, 0, sizeof o->pgn);
	if (g)
		write_game(g, &o->pgn);
	else
		sink_write(&o->pgn, "(none)", 6);
}

static void same_result(const char *what, long game, const read_result *a, const read_result *b)
{
	ck_assert_msg(a->st == b->st, "%s: game %ld: %s by arb_pgn_next, %s in two stages", what,
		      game, arb_status_name(a->st), arb_status_name(b->st));
	ck_assert_msg(strcmp(a->err.message, b->err.message) == 0 && a->err.line == b->err.line &&
			      a->err.column == b->err.column && a->err.code == b->err.code,
		      "%s: game %ld: \"%s\" by arb_pgn_next, \"%s\" in two stages", what, game,
		      a->err.message, b->err.message);
	ck_assert_msg(a->pgn.len == b->pgn.len && memcmp(a->pgn.data, b->pgn.data, a->pgn.len) == 0,
		      "%s: game %ld differs:\n%s\n-- in two stages --\n%s", what, game, a->pgn.data,
		      b->pgn.data);
}

/* Is err exactly the error `why` of game `number` of mem.pgn at its place? */
static int is_error(const arb_error *err, long number, const char *why)
{
	char want[ARB_ERROR_MESSAGE_SIZE];
	snprintf(want, sizeof want, "mem.pgn:%ld:%d: game %ld: %s", err->line, err->column, number,
		 why);
	return err->code == ARB_E_PGN && strcmp(err->message, want) == 0;
}

/* Reads `text` with arb_pgn_next and with arb_pgn_next_text + arb_pgn_parse
 * (and with the two mixed, every third game in two stages) and checks that
 * every game reads the same: status, message, place, game. Returns the
 * number of games. */
static long read_both_ways(const char *what, const char *text, size_t len, size_t chunk,
			   unsigned flags)
{
	mem_src sa, sb, sc;
	arb_pgn_reader *a = reader(&sa, text, len, chunk, flags);
	arb_pgn_reader *b = reader(&sb, text, len, chunk ? chunk + 2 : 0, flags);
	arb_pgn_reader *c = reader(&sc, text, len, chunk, flags);
	arb_record *rec = arb_record_new();
	long n = 0, bad = 0;
	ck_assert_ptr_nonnull(rec);
	for (;; n++) {
		read_result ra, rb, rc;
		arb_record *g;
		arb_error err;
		arb_pgn_text t;

		ck_assert_msg(n < 100000, "%s: runaway reader", what);
		memset(&err, 0x55, sizeof err);
		arb_status st = arb_pgn_next(a, &g, &err);
		note(&ra, st, &err, g);
		int end = st == ARB_OK && !g;

		memset(&err, 0x55, sizeof err);
		st = arb_pgn_next_text(b, &t, &err);
		if (st == ARB_OK && t.text) {
			ck_assert_int_eq(t.number, n + 1);
			memset(&err, 0x55, sizeof err);
			st = arb_pgn_parse(&t, "mem.pgn", flags, rec, &err);
			int keep =
				st == ARB_OK || (st == ARB_E_PGN && (flags & ARB_PGN_KEEP_PARTIAL));
			note(&rb, st, &err, keep ? rec : NULL);
			if (!keep)
				ck_assert_int_eq(arb_record_node_count(rec), 1); /* cleared */
		} else {
			ck_assert_msg(st != ARB_E_PGN, "%s: a text refused", what);
			note(&rb, st, &err, NULL);
		}
		same_result(what, n + 1, &ra, &rb);
		/* The splitter ends a text where the parser ends the game. */
		ck_assert_msg(!is_error(&ra.err, n + 1, "text after the end of the game") &&
				      !is_error(&ra.err, n + 1, "no game in the text"),
			      "%s: game %ld: %s", what, n + 1, ra.err.message);

		if (n % 3 == 2) {
			st = arb_pgn_next_text(c, &t, &err);
			if (st == ARB_OK && t.text)
				st = arb_pgn_parse(&t, "mem.pgn", flags, rec, &err);
			g = st == ARB_OK || (st == ARB_E_PGN && (flags & ARB_PGN_KEEP_PARTIAL)) ?
				    rec :
				    NULL;
			if (st == ARB_OK && !t.text)
				g = NULL;
		} else {
			st = arb_pgn_next(c, &g, &err);
		}
		note(&rc, st, &err, g);
		same_result(what, n + 1, &ra, &rc);

		sink_free(&ra.pgn);
		sink_free(&rb.pgn);
		sink_free(&rc.pgn);
		if (end)
			break;
		ck_assert_msg(ra.st == ARB_OK || ra.st == ARB_E_PGN, "%s: %s", what,
			      ra.err.message);
		bad += ra.st != ARB_OK;
	}
	ck_assert_int_eq(arb_pgn_reader_games(a), n);
	ck_assert_int_eq(arb_pgn_reader_games(b), n);
	ck_assert_int_eq(arb_pgn_reader_games(c), n);
	ck_assert_int_eq(arb_pgn_reader_errors(a), bad);
	ck_assert_int_eq(arb_pgn_reader_errors(b), 0); /* it parsed nothing */
	arb_pgn_reader_free(a);
	arb_pgn_reader_free(b);
	arb_pgn_reader_free(c);
	arb_record_free(rec);
	return n;
}

static const unsigned both_flags[] = {0, ARB_PGN_KEEP_PARTIAL, ARB_PGN_SKIP_VARIATIONS,
				      ARB_PGN_STRICT_SAN | ARB_PGN_KEEP_PARTIAL};

START_TEST(test_two_stages_collections)
{
	size_t len;
	const char *file = collections[_i].file;
	char *text = load("pgn", file, &len);
	for (size_t f = 0; f < sizeof both_flags / sizeof both_flags[0]; f++)
		ck_assert_int_eq(read_both_ways(file, text, len, f == 1 ? 7 : 0, both_flags[f]),
				 collections[_i].games);
	free(text);
}
END_TEST

/* Broken inputs made here: each is also checked at every prefix. */
static const char *const broken_inputs[] = {
	"[Event \"a\"]\n\n1. e4 {open\n[Event \"b\"]\n\n1. d4 *\n",
	"1. e4 (1. d4 e5\n[Event \"b\"]\n\n1. d4 *\n",
	"1. e4 e5 (1... c5 1-0) 2. Nf3 *\n1. d4 *",
	"1. e4 e5 ) 2. Nf3 1-0\n1. d4 *",
	"[Event Bad]\n[Site \"x\"]\n\n1. e4 *\n[Event \"Bad\n\n[Event \"good\"]\n\n1. e4 *",
	"[Event \"a\"]\n\n[Event \"b\"]\n  [Site \"c\"]\n1. e4 *",
	"1. e4 $300 e5 1-0 1. e4 $1234 1-0 1. e4 $ 1-0 1. d4 *",
	"1. e4 @ e5 1-0\n\x01\x02 junk 1-0 1. d4 *",
	"1. e4 e5 2. Ke3 {a} (2. d4 *) 1/2-1/2 1. d4 e41-0 1-0 1. c4 *",
	"1. e4 {a\n[%clk 0:00:01]\n} e5 (1... c5 ; (\n%(\n2. Nf3) *\n",
	"1. e4 (1. d4 {x} (1. c4)) (1. Nf3 ;\n) 1-0\n1. e4 (*) 1-0 1. d4 *",
	"( 1. e4 * 1. e4 ( ) e5 * 1. e4 1-0 {after} 1. d4 *",
	"[Variant \"Crazyhouse\"]\n\n1. e4 *\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n[Event \"ok\"]\n*",
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O-O 1-0\r\n\r\n1. d4 d5 \r\n2. c4 {\r\n} *\r\n",
	"[Event \"a\"]\n[Site\n\n[Event \"b\"]\n[Date\n \"x\"]\n\n1. d4 *\n[Round \"1\"] ]\n1. e4 *",
};

START_TEST(test_two_stages_broken)
{
	/* The broken-PGN corpus, inputs made here and every prefix of them,
	 * and seeded random bytes and mutations of a good game. */
	for (int i = 0; i < broken.nrows; i++) {
		size_t len;
		const char *file = tsv_get(&broken.rows[i], tsv_column(&broken, "file"));
		char *text = load("pgn-broken", file, &len);
		for (size_t f = 0; f < sizeof both_flags / sizeof both_flags[0]; f++)
			read_both_ways(file, text, len, f == 2 ? 1 : 0, both_flags[f]);
		free(text);
	}
	for (size_t i = 0; i < sizeof broken_inputs / sizeof broken_inputs[0]; i++) {
		const char *text = broken_inputs[i];
		for (size_t k = 0; k <= strlen(text); k++)
			for (size_t f = 0; f < sizeof both_flags / sizeof both_flags[0]; f++)
				read_both_ways(text, text, k, k % 3, both_flags[f]);
	}
	uint64_t x = 0x9e3779b97f4a7c15ull;
	char text[2048], good[1024];
	size_t base = (size_t)snprintf(good, sizeof good, good_game_fmt, "Seed");
	for (int round = 0; round < 1000; round++) {
		size_t len = round % 2 ? base : 1 + (size_t)round % 700;
		if (round % 2)
			memcpy(text, good, base);
		for (size_t i = 0; i < (round % 2 ? (size_t)(1 + round % 5) : len); i++) {
			x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
			uint64_t v = x * 2685821657736338717ull;
			static const char alphabet[] =
				"[]{}()\"; \n%$.!?+#=-*/012Q8aeghNBRKOx\\\r\t";
			char ch = v & 1 ? alphabet[(v >> 8) % (sizeof alphabet - 1)] :
					  (char)(v >> 16);
			text[round % 2 ? (v >> 24) % len : i] = ch;
		}
		read_both_ways(
			"random", text, len, (size_t)round % 4,
			both_flags[(size_t)round % (sizeof both_flags / sizeof both_flags[0])]);
	}
}
END_TEST

START_TEST(test_two_stages_deep_errors)
{
	/* A bad game after all of Morphy's: line, column and number in the
	 * message, by either way of reading; the game after it reads. */
	size_t len;
	char *morphy = load("pgn", "pgnmentor-Morphy.pgn", &len);
	static const char tail[] =
		"\n[Event \"Bad\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"After\"]\n\n1. d4 *\n";
	char *text = malloc(len + sizeof tail);
	ck_assert_ptr_nonnull(text);
	memcpy(text, morphy, len);
	memcpy(text + len, tail, sizeof tail);
	long lines = 1;
	for (size_t i = 0; i < len; i++)
		lines += morphy[i] == '\n';
	ck_assert_int_eq(read_both_ways("deep", text, len + sizeof tail - 1, 0, 0), 213);

	mem_src src;
	arb_pgn_reader *r = reader(&src, text, len + sizeof tail - 1, 0, ARB_PGN_KEEP_PARTIAL);
	arb_record *g;
	arb_error err;
	arb_status st;
	while ((st = arb_pgn_next(r, &g, &err)) == ARB_OK && g)
		;
	ck_assert_int_eq(st, ARB_E_PGN);
	char want[128];
	snprintf(want, sizeof want, "mem.pgn:%ld:13: game 212: ", lines + 3);
	ck_assert_msg(strncmp(err.message, want, strlen(want)) == 0, "\"%s\", expected \"%s...\"",
		      err.message, want);
	ck_assert_int_eq(err.line, lines + 3);
	ck_assert_int_eq(err.column, 13);
	ck_assert_int_eq(arb_record_ply_count(g), 2);
	ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
	ck_assert_str_eq(arb_record_tag(g, "Event"), "After");
	arb_pgn_reader_free(r);
	free(text);
	free(morphy);

	/* A text placed anywhere: the message says where, from t's place. */
	arb_record *rec = arb_record_new();
	arb_pgn_text t = {"1. e4 Ke3 *", 11, 100, 5, 7};
	ck_assert_int_eq(arb_pgn_parse(&t, "x.pgn", 0, rec, &err), ARB_E_PGN);
	ck_assert_msg(strncmp(err.message, "x.pgn:100:11: game 7: ", 22) == 0, "%s", err.message);
	ck_assert_int_eq(err.line, 100);
	ck_assert_int_eq(err.column, 11);
	/* Lines count on from t->line, columns restart at 1. */
	t.text = "1. e4\n e5\n\n  Qd8e7 *";
	t.len = strlen(t.text);
	ck_assert_int_eq(arb_pgn_parse(&t, NULL, 0, rec, &err), ARB_E_PGN);
	ck_assert_msg(strncmp(err.message, "(input):103:3: game 7: ", 23) == 0, "%s", err.message);
	/* t->column tells whether the text starts a line: a '%' in column 1
	 * starts an escape line, elsewhere it is a stray character. */
	t.text = "%x\n1. e4 *";
	t.len = strlen(t.text);
	t.column = 1;
	ck_assert_int_eq(arb_pgn_parse(&t, "x.pgn", 0, rec, &err), ARB_OK);
	t.column = 4;
	ck_assert_int_eq(arb_pgn_parse(&t, "x.pgn", 0, rec, &err), ARB_E_PGN);
	ck_assert_msg(strstr(err.message, "x.pgn:100:4: game 7: unexpected character '%'"), "%s",
		      err.message);
	arb_record_free(rec);
}
END_TEST

/* Parses `text` as one game at 1:1, game 1. */
static arb_status parse_one(const char *text, unsigned flags, arb_record *rec, arb_error *err)
{
	arb_pgn_text t = {text, strlen(text), 1, 1, 1};
	return arb_pgn_parse(&t, "t.pgn", flags, rec, err);
}

START_TEST(test_parse_text)
{
	arb_record *rec = arb_record_new();
	arb_error err;

	/* After the game: white space, ';' comments and escape lines only. */
	ck_assert_int_eq(parse_one("1. e4 e5 1-0 \n; the end\n%escape\n\n", 0, rec, &err), ARB_OK);
	ck_assert_int_eq(arb_record_ply_count(rec), 2);
	ck_assert_str_eq(arb_record_result(rec), "1-0");
	static const struct {
		const char *text;
		long line, column;
	} after[] = {
		{"1. e4 e5 1-0 1. d4 *", 1, 14}, /* another game */
		{"1. e4 *\n{a comment}", 2, 1},  /* the reader's next game */
		{"1. e4 e5\n[Event \"b\"]\n\n*", 2, 1},
		{"[Event \"a\"]\n\n[Event \"b\"]\n\n*", 3, 1}, /* after a game of tags only */
		{"1. e4 1-0 )", 1, 11},
	};
	for (size_t i = 0; i < sizeof after / sizeof after[0]; i++) {
		for (int keep = 0; keep < 2; keep++) {
			ck_assert_int_eq(parse_one(after[i].text, keep ? ARB_PGN_KEEP_PARTIAL : 0,
						   rec, &err),
					 ARB_E_PGN);
			ck_assert_msg(strstr(err.message, "text after the end of the game") &&
					      err.line == after[i].line &&
					      err.column == after[i].column,
				      "\"%s\": %s", after[i].text, err.message);
			/* The game itself is whole: kept on request, else cleared. */
			ck_assert_int_eq(arb_record_ply_count(rec) > 0 ||
						 arb_record_tag(rec, "Event"),
					 keep);
		}
	}

	/* No game: nothing, or only what lies between games. */
	static const char *const none[] = {"", "  \n\t", "; a comment\n%escape\n"};
	for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
		ck_assert_int_eq(parse_one(none[i], 0, rec, &err), ARB_E_PGN);
		ck_assert_msg(strstr(err.message, "no game"), "\"%s\": %s", none[i], err.message);
		ck_assert_int_eq(err.line, 1);
		ck_assert_int_eq(err.column, 1);
	}
	/* A comment alone is a game without moves (as the reader has it). */
	ck_assert_int_eq(parse_one("{just a comment}", 0, rec, &err), ARB_OK);
	ck_assert_int_eq(arb_record_ply_count(rec), 0);
	ck_assert_str_eq(arb_record_node_comment(rec, 0), "just a comment");

	/* The record is cleared first; a Result tag stands in for a missing
	 * marker; a game cut by the end of the text has no marker. */
	ck_assert_int_eq(parse_one("[Result \"0-1\"]\n\n1. d4", 0, rec, &err), ARB_OK);
	ck_assert_str_eq(arb_record_result(rec), "0-1");
	ck_assert_int_eq(parse_one("1. e4", 0, rec, &err), ARB_OK);
	ck_assert_ptr_null(arb_record_tag(rec, "Result"));
	ck_assert_str_eq(arb_record_result(rec), "*");
	ck_assert_int_eq(arb_record_ply_count(rec), 1);

	/* An unterminated variation is reported at its '('. */
	ck_assert_int_eq(parse_one("1. e4 e5 (1... c5 (1... d5) 2. Nf3", 0, rec, &err), ARB_E_PGN);
	ck_assert_msg(err.line == 1 && err.column == 10 &&
			      strstr(err.message, "variation not terminated"),
		      "%s", err.message);
	ck_assert_int_eq(
		parse_one("1. e4 e5 (1... c5\n(1... d5 2. Nf3", ARB_PGN_SKIP_VARIATIONS, rec, &err),
		ARB_E_PGN);
	ck_assert_msg(err.line == 1 && err.column == 10, "%s", err.message);

	/* A comment before a variation's first move, joined as the reader joins it. */
	ck_assert_int_eq(
		parse_one("1. e4 e5 ({a} {} {b} 1... c5) ({} {c} 1... d5) *", 0, rec, &err),
		ARB_OK);
	int c5 = arb_record_node_variation(rec, arb_record_mainline_node(rec, 1));
	ck_assert_str_eq(arb_record_node_pre_comment(rec, c5), "a  b");
	ck_assert_str_eq(arb_record_node_pre_comment(rec, arb_record_node_sibling(rec, c5)), "c");

	/* Long comments and tag values, deep variations: past the parser's
	 * inline buffers. */
	char *big = malloc(1 << 16);
	ck_assert_ptr_nonnull(big);
	size_t k = (size_t)snprintf(big, 1 << 16, "[Annotator \"");
	memset(big + k, 'a', 3000);
	k += 3000;
	k += (size_t)snprintf(big + k, (1 << 16) - k, "\"]\n\n1. e4 {");
	memset(big + k, 'b', 5000);
	k += 5000;
	k += (size_t)snprintf(big + k, (1 << 16) - k,
			      "} e5 (1... c5 2. Nf3 (2. Nc3 (2. c3 (2. d4 (2. f4 "
			      "(2. g3 (2. b3 (2. a3 (2. h3 (2. Be2)))))))))) *");
	ck_assert_int_eq(parse_one(big, 0, rec, &err), ARB_OK);
	ck_assert_uint_eq(strlen(arb_record_tag(rec, "Annotator")), 3000);
	ck_assert_uint_eq(strlen(arb_record_node_comment(rec, arb_record_mainline_node(rec, 0))),
			  5000);
	ck_assert_int_eq(arb_record_node_count(rec), 1 + 2 + 2 + 9);
	free(big);
	arb_record_free(rec);
}
END_TEST

START_TEST(test_two_stages_arguments)
{
	arb_record *rec = arb_record_new();
	arb_pgn_text t = {"1. e4 *", 7, 1, 1, 1};
	mem_src src;
	arb_pgn_reader *r = reader(&src, "1. e4 *", 7, 0, 0);

	/* A NULL text, record or reader is misuse: test_misuse.c. */
	ck_assert_int_eq(arb_pgn_parse(&t, NULL, 0, rec, NULL),
			 ARB_OK); /* name and err are optional */
	ck_assert_int_eq(arb_pgn_next_text(r, &t, NULL), ARB_OK);
	ck_assert_int_eq(t.len, 7);
	ck_assert_int_eq(arb_pgn_next_text(r, &t, NULL), ARB_OK);
	ck_assert_ptr_null(t.text);
	ck_assert_int_eq(arb_pgn_reader_games(r), 1);
	arb_pgn_reader_free(r);
	arb_record_free(rec);
}
END_TEST

/* A source made of pieces: text, or n copies of a byte. */
typedef struct piece {
	const char *text;
	size_t n;
	char fill;
} piece;

typedef struct gen_src {
	const piece *p;
	size_t at; /* bytes of the current piece given */
} gen_src;

static size_t gen_read(void *ctx, char *buf, size_t n)
{
	gen_src *g = ctx;
	size_t k = 0;
	while (k < n && g->p->text) {
		size_t size = g->p->n ? g->p->n : strlen(g->p->text);
		size_t m = size - g->at < n - k ? size - g->at : n - k;
		if (g->p->n)
			memset(buf + k, g->p->fill, m);
		else
			memcpy(buf + k, g->p->text + g->at, m);
		k += m;
		g->at += m;
		if (g->at == size) {
			g->p++;
			g->at = 0;
		}
	}
	return k;
}

START_TEST(test_split_game_limit)
{
	/* A game text of exactly ARB_PGN_GAME_TEXT_MAX bytes is kept; one byte
	 * more is refused (with its line) and skipped; the games around read. */
	const size_t max = (size_t)ARB_PGN_GAME_TEXT_MAX;
	const piece pieces[] = {
		{"[Event \"1\"]\n\n1. e4 *\n\n", 0, 0},
		{"1. e4 {", 0, 0},
		{"", max - 10, 'x'},
		{"} *\n", 0, 0},
		{"1. d4 {", 0, 0},
		{"", max - 9, '\n'},
		{"} *\n", 0, 0},
		{"[Event \"4\"]\n\n1. c4 *\n", 0, 0},
		{NULL, 0, 0},
	};
	for (int way = 0; way < 2; way++) {
		gen_src g = {pieces, 0};
		arb_pgn_reader *r =
			arb_pgn_reader_new(gen_read, &g, "big.pgn", ARB_PGN_KEEP_PARTIAL);
		arb_pgn_text t;
		arb_record *rec;
		arb_error err;
		ck_assert_ptr_nonnull(r);
		if (way == 0) {
			ck_assert_int_eq(arb_pgn_next_text(r, &t, &err), ARB_OK);
			ck_assert_int_eq(t.number, 1);
			ck_assert_int_eq(arb_pgn_next_text(r, &t, &err), ARB_OK);
			ck_assert_uint_eq(t.len, max);
			ck_assert_int_eq(t.line, 5);
			ck_assert(t.text[0] == '1' && t.text[max - 1] == '*');
			ck_assert_int_eq(arb_pgn_next_text(r, &t, &err), ARB_E_PGN);
		} else {
			ck_assert_int_eq(arb_pgn_next(r, &rec, &err), ARB_OK);
			ck_assert_int_eq(arb_pgn_next(r, &rec, &err),
					 ARB_E_PGN); /* comment too long */
			ck_assert_ptr_nonnull(strstr(err.message, "comment longer than"));
			ck_assert_int_eq(arb_pgn_next(r, &rec, &err), ARB_E_PGN);
			ck_assert_ptr_nonnull(rec); /* empty: nothing of it was read */
			ck_assert_int_eq(arb_record_ply_count(rec), 0);
		}
		ck_assert_msg(strstr(err.message, "big.pgn:6:1: game 3: game text longer than") !=
				      NULL,
			      "%s", err.message);
		ck_assert_int_eq(err.line, 6);
		ck_assert_int_eq(err.column, 1);
		if (way == 0) {
			ck_assert_int_eq(arb_pgn_next_text(r, &t, &err), ARB_OK);
			ck_assert_msg(t.len == 20 && memcmp(t.text, "[Event \"4\"]", 11) == 0,
				      "%.*s", (int)t.len, t.text);
			ck_assert_int_eq(t.line, 7 + (long)(max - 9));
			ck_assert_int_eq(t.number, 4);
			ck_assert_int_eq(arb_pgn_next_text(r, &t, &err), ARB_OK);
			ck_assert_ptr_null(t.text);
			ck_assert_int_eq(arb_pgn_reader_errors(r), 1);
		} else {
			ck_assert_int_eq(arb_pgn_next(r, &rec, &err), ARB_OK);
			ck_assert_str_eq(arb_record_tag(rec, "Event"), "4");
			ck_assert_int_eq(arb_pgn_next(r, &rec, &err), ARB_OK);
			ck_assert_ptr_null(rec);
			ck_assert_int_eq(arb_pgn_reader_errors(r), 2);
		}
		ck_assert_int_eq(arb_pgn_reader_games(r), 4);
		arb_pgn_reader_free(r);
	}
}
END_TEST

/* Threads: texts of a collection parsed on two threads at once, each into
 * its own record, write the same as arb_pgn_next reads them. */
typedef struct thread_job {
	arb_pgn_text *texts;
	long n, first, step;
	sink *out; /* one per game */
	int failed;
} thread_job;

static void *parse_texts(void *arg)
{
	thread_job *j = arg;
	arb_record *rec = arb_record_new();
	if (!rec) {
		j->failed = 1;
		return NULL;
	}
	for (long i = j->first; i < j->n; i += j->step) {
		arb_error err;
		if (arb_pgn_parse(&j->texts[i], "mem.pgn", 0, rec, &err) != ARB_OK ||
		    arb_pgn_write(rec, sink_write, &j->out[i]) != ARB_OK)
			j->failed = 1;
	}
	arb_record_free(rec);
	return NULL;
}

START_TEST(test_two_stages_threads)
{
	size_t len;
	char *text = load("pgn", "lichess-DrDrunkenstein-2019-01-29.pgn", &len);
	mem_src src;
	arb_pgn_reader *r = reader(&src, text, len, 0, 0);
	long n = 0, cap = 1024;
	arb_pgn_text *texts = malloc(sizeof *texts * (size_t)cap);
	arb_pgn_text t;
	arb_error err;
	ck_assert_ptr_nonnull(texts);
	while (arb_pgn_next_text(r, &t, &err) == ARB_OK && t.text) {
		ck_assert_int_lt(n, cap);
		char *copy = malloc(t.len);
		ck_assert_ptr_nonnull(copy);
		memcpy(copy, t.text, t.len);
		texts[n] = t;
		texts[n++].text = copy;
	}
	arb_pgn_reader_free(r);
	ck_assert_int_eq(n, 984);

	sink *out = calloc((size_t)n, sizeof *out);
	ck_assert_ptr_nonnull(out);
	thread_job jobs[2] = {{texts, n, 0, 2, out, 0}, {texts, n, 1, 2, out, 0}};
	pthread_t tid;
	ck_assert_int_eq(pthread_create(&tid, NULL, parse_texts, &jobs[1]), 0);
	parse_texts(&jobs[0]);
	ck_assert_int_eq(pthread_join(tid, NULL), 0);
	ck_assert(!jobs[0].failed && !jobs[1].failed);

	arb_record *g;
	r = reader(&src, text, len, 0, 0);
	for (long i = 0; i < n; i++) {
		sink s = {0};
		ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
		write_game(g, &s);
		ck_assert_msg(s.len == out[i].len && memcmp(s.data, out[i].data, s.len) == 0,
			      "game %ld", i + 1);
		sink_free(&s);
		sink_free(&out[i]);
		free((void *)texts[i].text);
	}
	arb_pgn_reader_free(r);
	free(out);
	free(texts);
	free(text);
}
END_TEST

/* Error messages keep a file name whole up to ARB_ERROR_NAME_SHOWN bytes (a
 * deep checkout's path), and cut a longer one at the front, keeping its base
 * name. */
START_TEST(test_long_names)
{
	static const size_t lengths[] = {
		40, 61, 150, 400, ARB_ERROR_NAME_SHOWN, ARB_ERROR_NAME_SHOWN + 1, 3000};
	const char *bad = "1. e4 Qxf7 *\n";
	for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
		size_t n = lengths[i];
		char *name = malloc(n + 1);
		ck_assert_ptr_nonnull(name);
		for (size_t k = 0; k < n; k++)
			name[k] = (char)('a' + k % 26);
		memcpy(name + n - 9, "/game.pgn", 9);
		name[n] = '\0';
		arb_pgn_text t = {bad, strlen(bad), 1, 1, 1};
		arb_record *rec = arb_record_new();
		arb_error err;
		ck_assert_int_eq(arb_pgn_parse(&t, name, 0, rec, &err), ARB_E_PGN);
		ck_assert_msg(strstr(err.message, "Qxf7") != NULL, "%s", err.message);
		if (n <= ARB_ERROR_NAME_SHOWN) {
			ck_assert_msg(strncmp(err.message, name, n) == 0 && err.message[n] == ':',
				      "length %zu: %s", n, err.message);
		} else {
			size_t keep = ARB_ERROR_NAME_SHOWN - 3;
			ck_assert_msg(strncmp(err.message, "...", 3) == 0 &&
					      strncmp(err.message + 3, name + n - keep, keep) ==
						      0 &&
					      err.message[3 + keep] == ':',
				      "length %zu: %s", n, err.message);
		}
		arb_record_free(rec);
		free(name);
	}
}
END_TEST

/* ------------------------------------------------------------------------
 * Records: copies and comments set by the caller
 *
 * Out-of-memory cases need the build to wrap malloc, calloc and realloc at
 * link time (tests/CMakeLists.txt defines ARB_TEST_WRAP_ALLOC then): armed
 * with alloc_countdown = k, the allocation k calls on fails, once.
 * ---------------------------------------------------------------------- */

#ifdef ARB_TEST_WRAP_ALLOC
static long alloc_countdown = -1;

static int alloc_fails(void)
{
	return alloc_countdown >= 0 && alloc_countdown-- == 0;
}

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n)
{
	return alloc_fails() ? NULL : __real_malloc(n);
}
void *__wrap_calloc(size_t k, size_t n)
{
	return alloc_fails() ? NULL : __real_calloc(k, n);
}
void *__wrap_realloc(void *p, size_t n)
{
	return alloc_fails() ? NULL : __real_realloc(p, n);
}
#endif

/* Tags, a comment before the first move, NAGs, clock commands, variations
 * with a comment before a move, a warning (an unknown command) and a
 * comment long enough that the copy's pool must grow. */
static char *rich_game(void)
{
	static const char head[] =
		"[Event \"copy\"]\n[Site \"here\"]\n[White \"W\"]\n[Black \"B\"]\n"
		"[Result \"1-0\"]\n[Custom \"x\"]\n\n"
		"{Start} 1. e4 $1 {[%clk 0:10:00] [%emt 0:00:02] best} e5 "
		"(1... c5 $2 $18 2. Nf3 (2. Nc3 {[%clk 0:09:00]} Nc6) 2... d6) (1... {French} e6) "
		"2. Nf3 {[%xyzzy 1] ";
	static const char tail[] = "} Nc6 1-0\n";
	size_t n = strlen(head) + 3000 + strlen(tail) + 1;
	char *text = malloc(n);
	ck_assert_ptr_nonnull(text);
	size_t k = (size_t)snprintf(text, n, "%s", head);
	memset(text + k, 'w', 3000);
	snprintf(text + k + 3000, n - k - 3000, "%s", tail);
	return text;
}

static void same_text(const char *a, const char *b, const char *what, int node)
{
	ck_assert_msg((a == NULL) == (b == NULL) && (!a || strcmp(a, b) == 0),
		      "node %d: %s \"%s\" vs \"%s\"", node, what, a ? a : "(null)",
		      b ? b : "(null)");
}

/* Everything the API shows of two records is the same, and so is their PGN. */
static void same_record(const arb_record *a, const arb_record *b)
{
	char fa[ARB_FEN_MAX], fb[ARB_FEN_MAX];
	arb_position_to_fen(arb_record_start(a), fa, sizeof fa, ARB_FEN_SHREDDER);
	arb_position_to_fen(arb_record_start(b), fb, sizeof fb, ARB_FEN_SHREDDER);
	ck_assert_str_eq(fa, fb);
	ck_assert_int_eq(arb_position_is_chess960(arb_record_start(a)),
			 arb_position_is_chess960(arb_record_start(b)));
	ck_assert_str_eq(arb_record_result(a), arb_record_result(b));
	ck_assert_int_eq(arb_record_tag_count(a), arb_record_tag_count(b));
	for (int i = 0; i < arb_record_tag_count(a); i++) {
		ck_assert_str_eq(arb_record_tag_name(a, i), arb_record_tag_name(b, i));
		ck_assert_str_eq(arb_record_tag_value(a, i), arb_record_tag_value(b, i));
	}
	ck_assert_int_eq(arb_record_ply_count(a), arb_record_ply_count(b));
	for (int i = 0; i < arb_record_ply_count(a); i++)
		ck_assert_int_eq(arb_record_mainline_node(a, i), arb_record_mainline_node(b, i));
	ck_assert_int_eq(arb_record_node_count(a), arb_record_node_count(b));
	for (int n = 0; n < arb_record_node_count(a); n++) {
		ck_assert_int_eq(arb_record_node_move(a, n), arb_record_node_move(b, n));
		ck_assert_int_eq(arb_record_node_parent(a, n), arb_record_node_parent(b, n));
		ck_assert_int_eq(arb_record_node_next(a, n), arb_record_node_next(b, n));
		ck_assert_int_eq(arb_record_node_variation(a, n), arb_record_node_variation(b, n));
		ck_assert_int_eq(arb_record_node_sibling(a, n), arb_record_node_sibling(b, n));
		same_text(arb_record_node_comment(a, n), arb_record_node_comment(b, n), "comment",
			  n);
		same_text(arb_record_node_pre_comment(a, n), arb_record_node_pre_comment(b, n),
			  "comment before", n);
		ck_assert_int_eq(arb_record_node_nag_count(a, n), arb_record_node_nag_count(b, n));
		for (int i = 0; i < arb_record_node_nag_count(a, n); i++)
			ck_assert_int_eq(arb_record_node_nag(a, n, i),
					 arb_record_node_nag(b, n, i));
		for (int c = 0; c < 4; c++)
			ck_assert_int_eq(arb_record_node_clock(a, n, (arb_clock_cmd)c),
					 arb_record_node_clock(b, n, (arb_clock_cmd)c));
	}
	ck_assert_int_eq(arb_record_warning_count(a), arb_record_warning_count(b));
	for (int i = 0; i < ARB_RECORD_WARNINGS_MAX; i++)
		same_text(arb_record_warning(a, i), arb_record_warning(b, i), "warning", i);
	sink sa = {0}, sb = {0};
	write_game(a, &sa);
	write_game(b, &sb);
	ck_assert_str_eq(sa.data, sb.data);
	sink_free(&sa);
	sink_free(&sb);
}

START_TEST(test_record_copy)
{
	char *text = rich_game();
	arb_record *src = arb_record_new(), *dst = arb_record_new(), *empty = arb_record_new();
	arb_error err;
	ck_assert_int_eq(parse_one(text, 0, src, &err), ARB_OK);
	ck_assert_int_eq(arb_record_warning_count(src), 1);
	ck_assert_int_gt(arb_record_node_count(src), arb_record_ply_count(src) + 1);
	/* dst held another game: none of it is left. */
	ck_assert_int_eq(
		parse_one("[Event \"old\"]\n[Old \"1\"]\n\n{o} 1. d4 {p} d5 $4 *\n", 0, dst, &err),
		ARB_OK);
	ck_assert_int_eq(arb_record_copy(dst, src), ARB_OK);
	same_record(dst, src);
	ck_assert_ptr_null(arb_record_tag(dst, "Old"));

	/* The copy holds no pointer into the source: the source read again and
	 * freed, the copy still shows the game. */
	sink before = {0}, after = {0};
	write_game(dst, &before);
	ck_assert_int_eq(parse_one("1. a4 {other} *\n", 0, src, &err), ARB_OK);
	arb_record_free(src);
	write_game(dst, &after);
	ck_assert_str_eq(before.data, after.data);
	sink_free(&after);

	/* A copy onto itself changes nothing. */
	ck_assert_int_eq(arb_record_copy(dst, dst), ARB_OK);
	write_game(dst, &after);
	ck_assert_str_eq(before.data, after.data);
	sink_free(&after);
	sink_free(&before);

	/* A copy is a record like any: changing it leaves the original alone. */
	arb_record *again = arb_record_new();
	ck_assert_int_eq(arb_record_copy(again, dst), ARB_OK);
	int last = arb_record_mainline_node(again, arb_record_ply_count(again) - 1);
	arb_position *pos = arb_position_new();
	arb_move m;
	ck_assert_int_eq(arb_record_position_at(again, last, pos), ARB_OK);
	ck_assert_int_eq(arb_move_from_uci(pos, "f1b5", &m, NULL), ARB_OK);
	ck_assert_int_ne(arb_record_add_move(again, last, m), ARB_NO_NODE);
	ck_assert_int_eq(arb_record_set_comment(again, 0, "changed"), ARB_OK);
	ck_assert_int_eq(arb_record_set_tag(again, "Event", "changed"), ARB_OK);
	ck_assert_int_eq(arb_record_ply_count(dst), 4);
	ck_assert_str_eq(arb_record_node_comment(dst, 0), "Start");
	ck_assert_str_eq(arb_record_tag(dst, "Event"), "copy");

	/* An empty record copied over a full one empties it. */
	ck_assert_int_eq(arb_record_copy(again, empty), ARB_OK);
	same_record(again, empty);
	ck_assert_int_eq(arb_record_node_count(again), 1);
	ck_assert_int_eq(arb_record_tag_count(again), 0);
	ck_assert_str_eq(arb_record_result(again), "*");

	/* Warnings past the cap: the count and the kept ones. */
	char many[512];
	size_t k = (size_t)snprintf(many, sizeof many, "[Event \"m\"]\n\n1. e4 {");
	for (int i = 0; i < 70; i++)
		k += (size_t)snprintf(many + k, sizeof many - k, "[%%q]");
	snprintf(many + k, sizeof many - k, "} *\n");
	ck_assert_int_eq(parse_one(many, 0, dst, &err), ARB_OK);
	ck_assert_int_eq(arb_record_copy(again, dst), ARB_OK);
	ck_assert_int_eq(arb_record_warning_count(again), 70);
	same_record(again, dst);

	/* A set-up Chess960 start, as arb_record_set_start gives it. */
	ck_assert_int_eq(arb_chess960_position(pos, 0, 0), ARB_OK);
	arb_record_clear(dst);
	ck_assert_int_eq(arb_record_set_start(dst, pos), ARB_OK);
	ck_assert_int_eq(arb_record_copy(again, dst), ARB_OK);
	same_record(again, dst);
	ck_assert(arb_position_is_chess960(arb_record_start(again)));

	arb_position_free(pos);
	arb_record_free(again);
	arb_record_free(empty);
	arb_record_free(dst);
	free(text);
}
END_TEST

START_TEST(test_record_copy_arguments)
{
	/* NULLs are misuse (test_misuse.c); a copy onto itself is a no-op. */
	arb_record *rec = arb_record_new();
	ck_assert_int_eq(arb_record_copy(rec, rec), ARB_OK);
	ck_assert_int_eq(arb_record_node_count(rec), 1);
	arb_record_free(rec);
}
END_TEST

START_TEST(test_record_set_comment)
{
	arb_record *rec = arb_record_new();
	arb_error err;
	ck_assert_int_eq(parse_one("{Start} 1. e4 {[%clk 0:10:00] best} e5 (1... c5) 2. Nf3 *\n", 0,
				   rec, &err),
			 ARB_OK);
	int e4 = arb_record_mainline_node(rec, 0), e5 = arb_record_mainline_node(rec, 1);
	int nf3 = arb_record_mainline_node(rec, 2), c5 = arb_record_node_variation(rec, e5);
	ck_assert_int_ne(c5, ARB_NO_NODE);

	/* Before the first move, after a move, in a variation. */
	ck_assert_int_eq(arb_record_set_comment(rec, 0, "Before"), ARB_OK);
	ck_assert_str_eq(arb_record_node_comment(rec, 0), "Before");
	ck_assert_int_eq(arb_record_set_comment(rec, c5, "side line"), ARB_OK);
	ck_assert_str_eq(arb_record_node_comment(rec, c5), "side line");
	ck_assert_ptr_null(arb_record_node_pre_comment(rec, c5));

	/* The clocks follow the comment's commands. */
	ck_assert_int_eq(arb_record_node_clock(rec, e4, ARB_CMD_CLK), 600000L);
	ck_assert_int_eq(arb_record_set_comment(rec, e4, "[%clk 0:09:58] [%emt 0:00:02] new"),
			 ARB_OK);
	ck_assert_str_eq(arb_record_node_comment(rec, e4), "[%clk 0:09:58] [%emt 0:00:02] new");
	ck_assert_int_eq(arb_record_node_clock(rec, e4, ARB_CMD_CLK), 598000L);
	ck_assert_int_eq(arb_record_node_clock(rec, e4, ARB_CMD_EMT), 2000L);
	ck_assert_int_eq(arb_record_set_comment(rec, e4, "plain"), ARB_OK);
	for (int c = 0; c < 4; c++)
		ck_assert_int_eq(arb_record_node_clock(rec, e4, (arb_clock_cmd)c), ARB_NO_CLOCK);

	/* NULL and "" remove it. */
	ck_assert_int_eq(arb_record_set_comment(rec, e4, NULL), ARB_OK);
	ck_assert_ptr_null(arb_record_node_comment(rec, e4));
	ck_assert_int_eq(arb_record_set_comment(rec, e5, "x"), ARB_OK);
	ck_assert_int_eq(arb_record_set_comment(rec, e5, ""), ARB_OK);
	ck_assert_ptr_null(arb_record_node_comment(rec, e5));

	/* Written as a comment and read back the same. */
	sink s = {0};
	write_game(rec, &s);
	ck_assert_ptr_nonnull(strstr(s.data, "{Before}"));
	ck_assert_ptr_nonnull(strstr(s.data, "{side line}"));
	arb_record *back = arb_record_new();
	ck_assert_int_eq(parse_one(s.data, 0, back, &err), ARB_OK);
	ck_assert_int_eq(arb_record_node_count(back), arb_record_node_count(rec));
	for (int n = 0; n < arb_record_node_count(rec); n++)
		same_text(arb_record_node_comment(back, n), arb_record_node_comment(rec, n),
			  "comment", n);
	arb_record_free(back);
	sink_free(&s);

	/* The text may be one of the record's own strings, though the pool
	 * moves under it while it is copied. */
	char long_text[600];
	memset(long_text, 'c', sizeof long_text - 1);
	long_text[sizeof long_text - 1] = '\0';
	ck_assert_int_eq(arb_record_set_comment(rec, e5, long_text), ARB_OK);
	for (int i = 0; i < 200; i++) {
		ck_assert_int_eq(
			arb_record_set_comment(rec, i % 2 ? e5 : nf3,
					       arb_record_node_comment(rec, i % 2 ? nf3 : e5)),
			ARB_OK);
	}
	ck_assert_str_eq(arb_record_node_comment(rec, e5), long_text);
	ck_assert_str_eq(arb_record_node_comment(rec, nf3), long_text);

	/* Bad arguments change nothing. */
	ck_assert_int_eq(arb_record_set_comment(rec, -1, "x"), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_record_set_comment(rec, arb_record_node_count(rec), "x"),
			 ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_record_set_comment(rec, ARB_NO_NODE, NULL), ARB_E_ARGUMENT);
	ck_assert_str_eq(arb_record_node_comment(rec, 0), "Before");
	arb_record_free(rec);
}
END_TEST

#ifdef ARB_TEST_WRAP_ALLOC
/* Every allocation arb_record_copy makes fails in turn, into a new record
 * holding `old` (NULL: an empty one): NOMEM, and the record is as it was;
 * the first run where none fails copies. Returns how many failed. */
static int copy_failing(const char *old, const arb_record *src)
{
	arb_record *was = arb_record_new();
	arb_error err;
	if (old)
		ck_assert_int_eq(parse_one(old, 0, was, &err), ARB_OK);
	int failures = 0;
	for (long k = 0;; k++) {
		arb_record *dst = arb_record_new();
		ck_assert_int_eq(arb_record_copy(dst, was), ARB_OK);
		alloc_countdown = k;
		arb_status st = arb_record_copy(dst, src);
		int failed = alloc_countdown < 0;
		alloc_countdown = -1;
		if (!failed) {
			ck_assert_int_eq(st, ARB_OK);
			same_record(dst, src);
			arb_record_free(dst);
			break;
		}
		ck_assert_int_eq(st, ARB_E_NOMEM);
		same_record(dst, was);
		arb_record_free(dst);
		failures++;
	}
	arb_record_free(was);
	return failures;
}

START_TEST(test_record_out_of_memory)
{
	char *text = rich_game();
	arb_record *src = arb_record_new(), *dst = arb_record_new();
	arb_error err;
	ck_assert_int_eq(parse_one(text, 0, src, &err), ARB_OK);
	/* Into an empty record, where every array but the nodes (64 to start
	 * with) grows: the pool, tags, main line, NAGs and warnings. Then over
	 * a smaller game. */
	ck_assert_int_eq(copy_failing(NULL, src), 5);
	ck_assert_int_ge(copy_failing("[Event \"old\"]\n\n{o} 1. d4 {p} d5 $4 *\n", src), 1);
	ck_assert_int_eq(arb_record_copy(dst, src), ARB_OK);

	/* A comment that does not fit the pool: NOMEM, the old one stays. */
	int e4 = arb_record_mainline_node(dst, 0);
	char *big = malloc(1 << 16);
	ck_assert_ptr_nonnull(big);
	memset(big, 'b', (1 << 16) - 1);
	big[(1 << 16) - 1] = '\0';
	alloc_countdown = 0;
	ck_assert_int_eq(arb_record_set_comment(dst, e4, big), ARB_E_NOMEM);
	alloc_countdown = -1;
	ck_assert_str_eq(arb_record_node_comment(dst, e4), "[%clk 0:10:00] [%emt 0:00:02] best");
	ck_assert_int_eq(arb_record_node_clock(dst, e4, ARB_CMD_CLK), 600000L);
	ck_assert_int_eq(arb_record_set_comment(dst, e4, big), ARB_OK);
	ck_assert_str_eq(arb_record_node_comment(dst, e4), big);
	free(big);
	arb_record_free(dst);
	arb_record_free(src);
	free(text);
}
END_TEST
#endif

/* ------------------------------------------------------------------------ */

static Suite *pgn_suite(void)
{
	Suite *s = suite_create("pgn");
	/* The slow cases (whole collections, 128 MiB of input): left out of
	 * the valgrind run in CI. */
	TCase *tc = tcase_create("collections");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_collections, 0,
			    (int)(sizeof collections / sizeof collections[0]));
	tcase_add_test(tc, test_collection_small_reads);
	tcase_add_test(tc, test_collection_open_file);
	tcase_add_loop_test(tc, test_two_stages_collections, 0,
			    (int)(sizeof collections / sizeof collections[0]));
	tcase_add_test(tc, test_two_stages_deep_errors);
	tcase_add_test(tc, test_split_game_limit);
	tcase_add_test(tc, test_two_stages_threads);
	suite_add_tcase(s, tc);
	tc = tcase_create("tokenizer");
	tcase_add_test(tc, test_comments);
	tcase_add_test(tc, test_empty_comment);
	tcase_add_test(tc, test_comment_lines_starting_with_bracket);
	tcase_add_test(tc, test_escape_lines);
	tcase_add_test(tc, test_nags_and_glyphs);
	tcase_add_test(tc, test_variations);
	tcase_add_test(tc, test_results);
	tcase_add_test(tc, test_move_numbers);
	tcase_add_test(tc, test_clock_commands);
	tcase_add_test(tc, test_setup_fen);
	tcase_add_test(tc, test_chess960_variants);
	tcase_add_test(tc, test_dirt);
	tcase_add_test(tc, test_unknown_commands);
	tcase_add_test(tc, test_variant_tags);
	tcase_add_test(tc, test_latin1_tags);
	tcase_add_test(tc, test_strict_san_flag);
	suite_add_tcase(s, tc);
	tc = tcase_create("writer");
	tcase_add_test(tc, test_writer_tags);
	tcase_add_test(tc, test_writer_movetext);
	tcase_add_loop_test(tc, test_writer_comment_text, 0,
			    (int)(sizeof comment_cases / sizeof comment_cases[0]));
	tcase_add_test(tc, test_writer_line_length);
	tcase_add_test(tc, test_writer_chess960);
	suite_add_tcase(s, tc);
	tc = tcase_create("broken");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_broken_corpus, 0, broken.nrows);
	tcase_add_test(tc, test_broken_huge_tag);
	tcase_add_test(tc, test_broken_deep_variations);
	tcase_add_test(tc, test_broken_random_bytes);
	suite_add_tcase(s, tc);
	tc = tcase_create("two stages");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_split_extents);
	tcase_add_test(tc, test_two_stages_broken);
	tcase_add_test(tc, test_parse_text);
	tcase_add_test(tc, test_two_stages_arguments);
	tcase_add_test(tc, test_long_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("records");
	tcase_add_test(tc, test_record_copy);
	tcase_add_test(tc, test_record_copy_arguments);
	tcase_add_test(tc, test_record_set_comment);
#ifdef ARB_TEST_WRAP_ALLOC
	tcase_add_test(tc, test_record_out_of_memory);
#endif
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		setenv("ARBITER_TEST_DATA", argv[1], 1);
	if (tsv_load(NULL, "pgn-broken/expected.tsv", &broken) != 0)
		return 2;
	arb_position_free(arb_position_new());
	SRunner *sr = srunner_create(pgn_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	tsv_free(&broken);
	return failed == 0 ? 0 : 1;
}
