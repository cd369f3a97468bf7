/*
 * pgn.c -- the streaming PGN reader and the export-format writer.
 *
 * Reader: a byte buffer refilled from the caller's source, a tokenizer that
 * tracks line and column, and a game parser that replays every move on a
 * position (SAN matched against the legal moves) while building the record.
 * One record is reused for every game, so memory depends on the largest game
 * and never on the file. An error ends the game: the rest of it is skipped up
 * to its termination marker or the next tag section, the error is reported
 * with file, line, column and game number, and the next call reads on.
 *
 * Writer: PGN standard section 8 export format, deterministic, so that an
 * export-format file read and written back is the same bytes.
 */
#include "record.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum {
	READ_CHUNK = 1 << 16,
	TOKEN_MAX = ARB_PGN_TOKEN_MAX,
	TEXT_MAX = ARB_PGN_TEXT_MAX,
	VARIATION_DEPTH_MAX = ARB_PGN_VARIATION_DEPTH_MAX
};

typedef struct frame {
	int node, prev_node, has_prev, pre_pending;
	arb_position pos, prev_pos;
} frame;

struct arb_pgn_reader {
	arb_read_fn fn;
	void *ctx;
	FILE *file;
	char *name;
	unsigned flags;
	char *buf;
	size_t len, pos;
	int eof, io_error, started;
	long fen_line, fen_col, variant_line, variant_col; /* where those tags were */
	long line, col; /* of the next byte */
	long games, errors;
	arb_record *rec;
	char *text; /* tag values, comments, tokens */
	size_t text_len, text_cap;
	char *pending; /* a comment waiting for the first move of a variation */
	size_t pending_len;
	frame *stack;
	int depth;
	/* the current game's error */
	int failed;
	arb_error err;
};

/* ------------------------------------------------------------------------
 * Byte input
 * ---------------------------------------------------------------------- */

static size_t file_read(void *ctx, char *buf, size_t n) { return fread(buf, 1, n, (FILE *)ctx); }

static int fill(arb_pgn_reader *r)
{
	if (r->eof)
		return 0;
	r->len = r->fn(r->ctx, r->buf, READ_CHUNK);
	r->pos = 0;
	if (r->len == 0) {
		r->eof = 1;
		if (r->file && ferror(r->file))
			r->io_error = 1;
	}
	return r->len > 0;
}

static inline int peekc(arb_pgn_reader *r)
{
	if (r->pos == r->len && !fill(r))
		return EOF;
	return (unsigned char)r->buf[r->pos];
}

static inline int nextc(arb_pgn_reader *r)
{
	int c = peekc(r);
	if (c == EOF)
		return EOF;
	r->pos++;
	if (c == '\n') {
		r->line++;
		r->col = 1;
	} else {
		r->col++;
	}
	return c;
}

/* The byte k places ahead of the next one (0 = peekc), or EOF: moves the
 * unread bytes to the front of the buffer and reads more as needed. */
static int peek_at(arb_pgn_reader *r, size_t k)
{
	while (r->len - r->pos <= k) {
		if (r->eof)
			return EOF;
		memmove(r->buf, r->buf + r->pos, r->len - r->pos);
		r->len -= r->pos;
		r->pos = 0;
		size_t got = r->fn(r->ctx, r->buf + r->len, READ_CHUNK - r->len);
		if (got == 0) {
			r->eof = 1;
			if (r->file && ferror(r->file))
				r->io_error = 1;
			return EOF;
		}
		r->len += got;
	}
	return (unsigned char)r->buf[r->pos + k];
}

/* Does a tag pair ("[Name "") start at the next byte? */
static int tag_pair_ahead(arb_pgn_reader *r)
{
	size_t k = 1;
	if (peek_at(r, 0) != '[')
		return 0;
	while (k < 40 && peek_at(r, k) != EOF && (isalnum(peek_at(r, k)) || peek_at(r, k) == '_'))
		k++;
	if (k == 1)
		return 0;
	while (k < 60 && (peek_at(r, k) == ' ' || peek_at(r, k) == '\t'))
		k++;
	return peek_at(r, k) == '"';
}

static int is_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

static void skip_space(arb_pgn_reader *r)
{
	while (is_space(peekc(r)))
		nextc(r);
}

static void skip_line(arb_pgn_reader *r)
{
	int c;
	while ((c = nextc(r)) != EOF && c != '\n')
		;
}

/* ------------------------------------------------------------------------
 * Reader object
 * ---------------------------------------------------------------------- */

arb_pgn_reader *arb_pgn_reader_new(arb_read_fn fn, void *ctx, const char *name, unsigned flags)
{
	if (!fn)
		return NULL;
	arb_pgn_reader *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->fn = fn;
	r->ctx = ctx;
	r->flags = flags;
	r->line = r->col = 1;
	r->name = strdup(name ? name : "(input)");
	r->buf = malloc(READ_CHUNK);
	r->text_cap = 256; /* never NULL, even for an empty comment */
	r->text = malloc(r->text_cap);
	r->rec = arb_record_new();
	r->stack = malloc(sizeof(frame) * (VARIATION_DEPTH_MAX + 1));
	if (!r->name || !r->buf || !r->text || !r->rec || !r->stack) {
		arb_pgn_reader_free(r);
		return NULL;
	}
	return r;
}

arb_pgn_reader *arb_pgn_reader_open(const char *path, unsigned flags, arb_error *err)
{
	FILE *f;
	if (err)
		memset(err, 0, sizeof *err);
	if (!path)
		return NULL;
	f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		if (err) {
			err->code = ARB_E_IO;
			snprintf(err->message, sizeof err->message, "%s: cannot open: %s", path, strerror(errno));
		}
		return NULL;
	}
	arb_pgn_reader *r = arb_pgn_reader_new(file_read, f, strcmp(path, "-") == 0 ? "(stdin)" : path, flags);
	if (!r) {
		if (f != stdin)
			fclose(f);
		if (err) {
			err->code = ARB_E_NOMEM;
			snprintf(err->message, sizeof err->message, "%s: out of memory", path);
		}
		return NULL;
	}
	r->file = f;
	return r;
}

void arb_pgn_reader_free(arb_pgn_reader *r)
{
	if (!r)
		return;
	if (r->file && r->file != stdin)
		fclose(r->file);
	free(r->name);
	free(r->buf);
	free(r->text);
	free(r->pending);
	free(r->stack);
	arb_record_free(r->rec);
	free(r);
}

long arb_pgn_reader_games(const arb_pgn_reader *r) { return r->games; }
long arb_pgn_reader_errors(const arb_pgn_reader *r) { return r->errors; }

/* ------------------------------------------------------------------------
 * Errors
 * ---------------------------------------------------------------------- */

/* Records the first error of the current game at (line, col). Returns 0. */
static int game_error(arb_pgn_reader *r, long line, long col, const char *fmt, ...)
{
	char why[128];
	va_list ap;
	if (r->failed)
		return 0;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	r->failed = 1;
	memset(&r->err, 0, sizeof r->err);
	r->err.code = ARB_E_PGN;
	r->err.line = line;
	r->err.column = (int)col;
	snprintf(r->err.message, sizeof r->err.message, "%.60s:%ld:%ld: game %ld: %.120s", r->name, line, col,
		 r->games + 1, why);
	return 0;
}

/* ------------------------------------------------------------------------
 * Text accumulation
 * ---------------------------------------------------------------------- */

static int text_push(arb_pgn_reader *r, char c)
{
	if (r->text_len + 1 >= r->text_cap) {
		size_t cap = r->text_cap ? r->text_cap * 2 : 256;
		char *q = realloc(r->text, cap);
		if (!q)
			return 0;
		r->text = q;
		r->text_cap = cap;
	}
	r->text[r->text_len++] = c;
	return 1;
}

/* ------------------------------------------------------------------------
 * Tags
 * ---------------------------------------------------------------------- */

/* Reads "[Name "value"]" (the '[' is next). Returns 1, or 0 after game_error. */
static int read_tag(arb_pgn_reader *r)
{
	long line = r->line, col = r->col;
	char name[TOKEN_MAX + 1];
	size_t n = 0;
	int c;

	nextc(r); /* '[' */
	skip_space(r);
	while ((c = peekc(r)) != EOF && (isalnum(c) || c == '_' || c == '-' || c == '+' || c == '#' || c == '=' || c == ':')) {
		if (n == TOKEN_MAX)
			return game_error(r, line, col, "tag name too long");
		name[n++] = (char)nextc(r);
	}
	name[n] = 0;
	if (n == 0)
		return game_error(r, r->line, r->col, "tag without a name");
	skip_space(r);
	if (peekc(r) != '"')
		return game_error(r, r->line, r->col, "tag %s: expected a quoted value", name);
	nextc(r);
	r->text_len = 0;
	for (;;) {
		c = nextc(r);
		if (c == EOF || c == '\n')
			return game_error(r, line, col, "tag %s: value not terminated on its line", name);
		if (c == '"')
			break;
		if (c == '\\' && (peekc(r) == '"' || peekc(r) == '\\'))
			c = nextc(r);
		if (r->text_len >= TEXT_MAX)
			return game_error(r, line, col, "tag %s: value longer than %d bytes", name, TEXT_MAX);
		if (!text_push(r, (char)c))
			return game_error(r, line, col, "out of memory");
	}
	skip_space(r);
	if (peekc(r) != ']')
		return game_error(r, r->line, r->col, "tag %s: expected ']'", name);
	nextc(r);
	text_push(r, 0);
	if (strcmp(name, "FEN") == 0) {
		r->fen_line = line;
		r->fen_col = col;
	} else if (strcmp(name, "Variant") == 0) {
		r->variant_line = line;
		r->variant_col = col;
	}
	if (arb_record_set_tag(r->rec, name, r->text) != ARB_OK)
		return game_error(r, line, col, "out of memory");
	return 1;
}

static int variant_is_960(const char *v)
{
	static const char *const names[] = {"chess960", "chess 960", "fischerandom", "fischer random",
					    "fischer-random", "960", "chess-960"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcasecmp(v, names[i]) == 0)
			return 1;
	return 0;
}

/* Sets the start position from the tags. Returns 1, or 0 after game_error. */
static int setup_start(arb_pgn_reader *r)
{
	const char *variant = arb_record_tag(r->rec, "Variant");
	const char *fen = arb_record_tag(r->rec, "FEN");
	int c960 = variant && variant_is_960(variant);
	if (variant && !c960 && strcasecmp(variant, "standard") != 0 && strcasecmp(variant, "") != 0 &&
	    strcasecmp(variant, "normal") != 0 && strcasecmp(variant, "from position") != 0) {
		char shown[41];
		size_t k = 0;
		for (const char *p = variant; *p && k < sizeof shown - 1; p++)
			shown[k++] = isprint((unsigned char)*p) ? *p : '?';
		shown[k] = 0;
		return game_error(r, r->variant_line, r->variant_col, "variant '%s' is not supported", shown);
	}
	if (fen) {
		arb_error ferr;
		if (arb_position_set_fen(&r->rec->start, fen, c960 ? ARB_FEN_CHESS960 : ARB_FEN_AUTO, &ferr) != ARB_OK)
			return game_error(r, r->fen_line, r->fen_col, "FEN tag: %s", ferr.message);
	}
	if (c960)
		arb_position_set_chess960(&r->rec->start, 1);
	return 1;
}

/* ------------------------------------------------------------------------
 * Movetext
 * ---------------------------------------------------------------------- */

static int glyph_nag(const char *s, size_t n)
{
	static const char *const glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
	for (int i = 0; i < 6; i++)
		if (strlen(glyphs[i]) == n && memcmp(glyphs[i], s, n) == 0)
			return i + 1;
	return 0;
}

/* Reads a comment body after '{' into r->text, whitespace (and NUL bytes)
 * collapsed. A tag pair ([Name "...) at the start of a line ends an
 * unterminated comment: it is the next game's tag section far more often
 * than comment text. */
static int read_brace_comment(arb_pgn_reader *r, long line, long col)
{
	int c, space = 0;
	r->text_len = 0;
	for (;;) {
		c = nextc(r);
		if (c == EOF || (c == '\n' && tag_pair_ahead(r)))
			return game_error(r, line, col, "comment not terminated");
		if (c == '}')
			break;
		if (is_space(c) || c == 0) {
			space = r->text_len > 0;
			continue;
		}
		if (r->text_len >= TEXT_MAX)
			return game_error(r, line, col, "comment longer than %d bytes", TEXT_MAX);
		if ((space && !text_push(r, ' ')) || !text_push(r, (char)c))
			return game_error(r, line, col, "out of memory");
		space = 0;
	}
	return 1;
}

static void read_line_comment(arb_pgn_reader *r)
{
	int c, space = 0;
	r->text_len = 0;
	while ((c = peekc(r)) != EOF && c != '\n') {
		nextc(r);
		if (is_space(c) || c == 0) {
			space = r->text_len > 0;
			continue;
		}
		if (r->text_len < TEXT_MAX) {
			if (space)
				text_push(r, ' ');
			text_push(r, (char)c);
		}
		space = 0;
	}
}

/* Attaches the comment in r->text to the current place in the tree. */
static int place_comment(arb_pgn_reader *r, long line, long col)
{
	frame *f = &r->stack[r->depth];
	if (f->has_prev || r->depth == 0) {
		int node = f->has_prev ? f->node : 0;
		if (!rec_add_comment(r->rec, node, r->text, r->text_len, 0))
			return game_error(r, line, col, "out of memory");
		return 1;
	}
	/* Before the first move of a variation: kept for that move. */
	char *q = realloc(r->pending, r->pending_len + r->text_len + 2);
	if (!q)
		return game_error(r, line, col, "out of memory");
	r->pending = q;
	if (r->pending_len)
		r->pending[r->pending_len++] = ' ';
	memcpy(r->pending + r->pending_len, r->text, r->text_len);
	r->pending_len += r->text_len;
	f->pre_pending = 1;
	return 1;
}

static int is_symbol_char(int c)
{
	return isalnum(c) || c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-' ||
	       c == '/' || c == '!' || c == '?' || c == '.';
}

static int play_san(arb_pgn_reader *r, const char *tok, size_t n, long line, long col)
{
	frame *f = &r->stack[r->depth];
	arb_error serr;
	arb_move m;
	size_t core = n;
	while (core && (tok[core - 1] == '!' || tok[core - 1] == '?'))
		core--;
	unsigned san_flags = r->flags & ARB_PGN_STRICT_SAN ? ARB_SAN_STRICT : 0;
	if (arb_move_from_san(&f->pos, tok, core, san_flags, &m, &serr) != ARB_OK)
		return game_error(r, line, col, "%s", serr.message);
	if (m == ARB_MOVE_NULL)
		return game_error(r, line, col, "null move '%.*s' is not supported", (int)n, tok);
	int node = rec_add_node(r->rec, f->node, m);
	if (node == ARB_NO_NODE)
		return game_error(r, line, col, "out of memory");
	if (f->pre_pending) {
		if (!rec_add_comment(r->rec, node, r->pending, r->pending_len, 1))
			return game_error(r, line, col, "out of memory");
		f->pre_pending = 0;
		r->pending_len = 0;
	}
	int nag = glyph_nag(tok + core, n - core);
	if (nag && !rec_add_nag(r->rec, node, nag))
		return game_error(r, line, col, "out of memory");
	if (n > core && !nag)
		return game_error(r, line, col + (long)core, "unknown annotation '%.*s'", (int)(n - core), tok + core);
	arb_undo u;
	f->prev_pos = f->pos;
	f->prev_node = f->node;
	f->has_prev = 1;
	pos_do_move(&f->pos, m, &u);
	f->node = node;
	return 1;
}

/* Skips a variation's content (the '(' was read) when variations are not kept. */
static int skip_variation(arb_pgn_reader *r, long line, long col)
{
	int level = 1, c;
	while (level > 0) {
		c = nextc(r);
		if (c == EOF)
			return game_error(r, line, col, "variation not terminated");
		if (c == '(')
			level++;
		else if (c == ')')
			level--;
		else if (c == '{' && !read_brace_comment(r, r->line, r->col))
			return 0;
		else if (c == ';')
			skip_line(r);
	}
	return 1;
}

enum movetext_end { END_RESULT, END_NEW_GAME, END_EOF, END_ERROR };

static enum movetext_end read_movetext(arb_pgn_reader *r)
{
	char tok[TOKEN_MAX + 1];
	frame *root = &r->stack[0];
	root->node = 0;
	root->has_prev = 0;
	root->pre_pending = 0;
	root->pos = r->rec->start;
	r->depth = 0;
	r->pending_len = 0;

	for (;;) {
		skip_space(r);
		long line = r->line, col = r->col;
		int c = peekc(r);
		if (c == EOF) {
			if (r->depth > 0)
				return game_error(r, line, col, "variation not terminated at end of input"), END_ERROR;
			return END_EOF;
		}
		if (c == '[' && col == 1) {
			if (r->depth > 0)
				return game_error(r, line, col, "variation not terminated before the next game"), END_ERROR;
			return END_NEW_GAME;
		}
		if (c == '%' && col == 1) {
			skip_line(r);
			continue;
		}
		nextc(r);
		switch (c) {
		case '{':
			if (!read_brace_comment(r, line, col) || !place_comment(r, line, col))
				return END_ERROR;
			continue;
		case ';':
			read_line_comment(r);
			if (!place_comment(r, line, col))
				return END_ERROR;
			continue;
		case '(':
			if (!r->stack[r->depth].has_prev)
				return game_error(r, line, col, "variation before any move"), END_ERROR;
			if (r->flags & ARB_PGN_SKIP_VARIATIONS) {
				if (!skip_variation(r, line, col))
					return END_ERROR;
				continue;
			}
			if (r->depth == VARIATION_DEPTH_MAX)
				return game_error(r, line, col, "variations nested deeper than %d", VARIATION_DEPTH_MAX), END_ERROR;
			{
				frame *up = &r->stack[r->depth], *f = &r->stack[r->depth + 1];
				f->node = up->prev_node;
				f->pos = up->prev_pos;
				f->has_prev = 0;
				f->pre_pending = 0;
				r->depth++;
			}
			continue;
		case ')':
			if (r->depth == 0)
				return game_error(r, line, col, "')' without a variation"), END_ERROR;
			r->depth--;
			r->pending_len = 0;
			continue;
		case '*':
			if (r->depth > 0)
				return game_error(r, line, col, "result inside a variation"), END_ERROR;
			arb_record_set_result(r->rec, "*");
			return END_RESULT;
		case '$': {
			int nag = 0, digits = 0;
			while (isdigit(peekc(r)) && digits < 4) {
				nag = nag * 10 + nextc(r) - '0';
				digits++;
			}
			if (!digits || nag > 255 || isdigit(peekc(r)))
				return game_error(r, line, col, "bad NAG"), END_ERROR;
			frame *f = &r->stack[r->depth];
			if (f->has_prev && !rec_add_nag(r->rec, f->node, nag))
				return game_error(r, line, col, "out of memory"), END_ERROR;
			continue;
		}
		case '.':
			continue; /* stray dots, as in "1. ... e5" */
		default:
			break;
		}
		if (!is_symbol_char(c))
			return game_error(r, line, col, isprint(c) ? "unexpected character '%c'" : "unexpected byte 0x%02x", c), END_ERROR;

		/* A symbol: result, move number, glyph or SAN. */
		size_t n = 0;
		tok[n++] = (char)c;
		if (isdigit(c)) {
			while (isdigit(peekc(r)) && n < TOKEN_MAX)
				tok[n++] = (char)nextc(r);
			if (peekc(r) == '.' || is_space(peekc(r)) || peekc(r) == EOF) {
				while (peekc(r) == '.')
					nextc(r);
				continue; /* a move number */
			}
		}
		while (n < TOKEN_MAX && is_symbol_char(peekc(r)))
			tok[n++] = (char)nextc(r);
		if (n == TOKEN_MAX)
			return game_error(r, line, col, "token too long"), END_ERROR;
		tok[n] = 0;
		if (!strcmp(tok, "1-0") || !strcmp(tok, "0-1") || !strcmp(tok, "1/2-1/2")) {
			if (r->depth > 0)
				return game_error(r, line, col, "result inside a variation"), END_ERROR;
			arb_record_set_result(r->rec, tok);
			return END_RESULT;
		}
		if (!strcmp(tok, "e.p.") || !strcmp(tok, "ep"))
			continue;
		int nag = glyph_nag(tok, n);
		if (nag) {
			frame *f = &r->stack[r->depth];
			if (f->has_prev && !rec_add_nag(r->rec, f->node, nag))
				return game_error(r, line, col, "out of memory"), END_ERROR;
			continue;
		}
		if (!play_san(r, tok, n, line, col))
			return END_ERROR;
	}
}

/* After an error: skips the rest of the game (its remaining tag lines, then
 * its movetext to the result or the next tag section). */
static void skip_game(arb_pgn_reader *r, int in_tags)
{
	int depth = 0;
	if (in_tags) {
		skip_line(r);
		for (skip_space(r); peekc(r) == '['; skip_space(r))
			skip_line(r);
	}
	for (;;) {
		skip_space(r);
		int c = peekc(r);
		if (c == EOF)
			return;
		if (c == '[' && r->col == 1)
			return;
		nextc(r);
		if (c == '{') {
			while ((c = nextc(r)) != EOF && c != '}')
				;
		} else if (c == ';' || (c == '%' && r->col == 2)) {
			skip_line(r);
		} else if (c == '(') {
			depth++;
		} else if (c == ')') {
			depth -= depth > 0;
		} else if (c == '*' && depth == 0) {
			return;
		} else if (is_symbol_char(c)) {
			char tok[8];
			size_t n = 0;
			tok[n++] = (char)c;
			while (is_symbol_char(peekc(r))) {
				int d = nextc(r);
				if (n < sizeof tok - 1)
					tok[n++] = (char)d;
			}
			tok[n] = 0;
			if (depth == 0 && (!strcmp(tok, "1-0") || !strcmp(tok, "0-1") || !strcmp(tok, "1/2-1/2")))
				return;
		}
	}
}

arb_status arb_pgn_next(arb_pgn_reader *r, arb_record **record, arb_error *err)
{
	if (err)
		memset(err, 0, sizeof *err);
	if (!r || !record)
		return ARB_E_ARGUMENT;
	*record = NULL;
	arb_record_clear(r->rec);
	r->failed = 0;
	if (!r->started) {
		/* The first read happens here, once the source is complete (so a
		 * read error is seen); a UTF-8 byte order mark is skipped. */
		r->started = 1;
		if (peekc(r) == 0xEF) {
			nextc(r);
			if (peekc(r) == 0xBB)
				nextc(r);
			if (peekc(r) == 0xBF)
				nextc(r);
			r->col = 1; /* columns count from after the mark */
		}
	}

	/* Find the start of a game: a tag section or movetext. */
	for (;;) {
		skip_space(r);
		int c = peekc(r);
		if (c == EOF) {
			if (r->io_error) {
				if (err) {
					err->code = ARB_E_IO;
					snprintf(err->message, sizeof err->message, "%.60s: read error", r->name);
				}
				return ARB_E_IO;
			}
			return ARB_OK;
		}
		if (c == '%' && r->col == 1) {
			skip_line(r);
			continue;
		}
		if (c == ';') {
			skip_line(r);
			continue;
		}
		break;
	}
	int in_tags = 0;
	r->fen_line = r->variant_line = 0;
	while (!r->failed && peekc(r) == '[') {
		in_tags = !read_tag(r);
		/* A blank line before the next '[' ends a game of tags only. */
		int newlines = 0;
		for (int c = peekc(r); is_space(c) || (c == '%' && r->col == 1); c = peekc(r)) {
			if (c == '%') /* escape lines between tags */
				skip_line(r);
			else
				newlines += nextc(r) == '\n';
		}
		if (newlines >= 2)
			break;
	}
	enum movetext_end end = END_ERROR;
	if (!r->failed && setup_start(r)) {
		const char *tag_result = arb_record_tag(r->rec, "Result");
		end = read_movetext(r);
		if ((end == END_EOF || end == END_NEW_GAME) && tag_result)
			arb_record_set_result(r->rec, tag_result);
	}
	if (r->failed) {
		if (end != END_NEW_GAME && end != END_EOF)
			skip_game(r, in_tags);
		r->games++;
		r->errors++;
		if (err)
			*err = r->err;
		if (r->flags & ARB_PGN_KEEP_PARTIAL)
			*record = r->rec;
		return ARB_E_PGN;
	}
	r->games++;
	*record = r->rec;
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Writer
 * ---------------------------------------------------------------------- */

enum { LINE_MAX_COLS = 79 };

typedef struct writer {
	arb_write_fn fn;
	void *ctx;
	int failed;
	char line[LINE_MAX_COLS + 1];
	int len, open_line; /* open_line: written out past column 79, no newline yet */
	char *unit; /* the pending unit: placed when the next one starts */
	size_t unit_len, unit_cap;
	int open_paren;
} writer;

static void out(writer *w, const char *s, size_t n)
{
	if (!w->failed && n && w->fn(w->ctx, s, n) != 0)
		w->failed = 1;
}

static void flush_line(writer *w)
{
	if (w->len)
		out(w, w->line, (size_t)w->len);
	if (w->len || w->open_line)
		out(w, "\n", 1);
	w->len = 0;
	w->open_line = 0;
}

/* A line may not start with '[' (a tag) or '%' (an escape line). */
static int bad_line_start(char c) { return c == '[' || c == '%'; }

/* Before wrapping in front of a unit that may not start a line: moves words
 * from the end of the current line down so the new line starts with one that
 * may. Returns 0 if no such split fits. */
static int wrap_before(writer *w, size_t n)
{
	for (int sp = w->len - 1; sp > 0; sp--) {
		if (w->line[sp] != ' ' || bad_line_start(w->line[sp + 1]))
			continue;
		size_t tail = (size_t)(w->len - sp - 1);
		if (tail + 1 + n > LINE_MAX_COLS)
			return 0;
		char carry[LINE_MAX_COLS + 1];
		memcpy(carry, w->line + sp + 1, tail);
		w->len = sp;
		flush_line(w);
		memcpy(w->line, carry, tail);
		w->len = (int)tail;
		return 1;
	}
	return 0;
}

/*
 * Puts a finished unit on the current line, wrapping before it if needed.
 * A unit that cannot go anywhere within 79 columns (a longer word, or one
 * that may not start a line and has nothing to carry) is written straight
 * out and leaves the line "open": the next unit wraps, unless it too may not
 * start a line.
 */
static void place(writer *w, const char *s, size_t n)
{
	int bad = bad_line_start(s[0]);
	if (w->open_line) {
		if (bad) {
			out(w, " ", 1);
			out(w, s, n);
			return;
		}
		flush_line(w);
	}
	if (w->len && (size_t)w->len + 1 + n > LINE_MAX_COLS) {
		if (!bad) {
			flush_line(w);
		} else if (!wrap_before(w, n)) {
			out(w, w->line, (size_t)w->len);
			out(w, " ", 1);
			out(w, s, n);
			w->len = 0;
			w->open_line = 1;
			return;
		}
	}
	if (w->len == 0 && n > LINE_MAX_COLS) {
		out(w, s, n);
		w->open_line = 1;
		return;
	}
	if (w->len)
		w->line[w->len++] = ' ';
	memcpy(w->line + w->len, s, n);
	w->len += (int)n;
}

static int unit_append(writer *w, const char *s, size_t n)
{
	if (w->unit_len + n + 1 > w->unit_cap) {
		size_t cap = w->unit_cap ? w->unit_cap : 64;
		while (cap < w->unit_len + n + 1)
			cap *= 2;
		char *q = realloc(w->unit, cap);
		if (!q) {
			w->failed = 1;
			return 0;
		}
		w->unit = q;
		w->unit_cap = cap;
	}
	memcpy(w->unit + w->unit_len, s, n);
	w->unit_len += n;
	return 1;
}

/* Starts a new unit (placing the pending one). A pending '(' is glued to it. */
static void unit(writer *w, const char *s, size_t n)
{
	if (w->unit_len)
		place(w, w->unit, w->unit_len);
	w->unit_len = 0;
	if (w->open_paren) {
		unit_append(w, "(", 1);
		w->open_paren = 0;
	}
	unit_append(w, s, n);
}

static void emit_comment(writer *w, const char *text)
{
	size_t n = strlen(text);
	if (strchr(text, '}')) {
		/* Only a rest-of-line comment can hold a '}' (it came from one). */
		unit(w, ";", 1);
		unit_append(w, text, n);
		place(w, w->unit, w->unit_len);
		w->unit_len = 0;
		flush_line(w);
		return;
	}
	if (n == 0) {
		unit(w, "{}", 2);
		return;
	}
	size_t i = 0;
	int first = 1;
	while (i < n) {
		size_t j = i;
		while (j < n && text[j] != ' ')
			j++;
		if (first)
			unit(w, "{", 1), unit_append(w, text + i, j - i);
		else
			unit(w, text + i, j - i);
		first = 0;
		i = j < n ? j + 1 : j;
	}
	unit_append(w, "}", 1);
}

static void write_line(writer *w, const arb_record *g, int node, const arb_position *start)
{
	arb_position pos = *start;
	int need_number = 1;
	for (int n = node; n != ARB_NO_NODE && !w->failed; n = g->nodes[n].next) {
		const rec_node *nd = &g->nodes[n];
		char buf[32];
		if (nd->pre_comment >= 0) {
			emit_comment(w, rec_str(g, nd->pre_comment));
			need_number = 1;
		}
		if (pos.side == ARB_WHITE)
			unit(w, buf, (size_t)snprintf(buf, sizeof buf, "%d.", pos.fullmove));
		else if (need_number)
			unit(w, buf, (size_t)snprintf(buf, sizeof buf, "%d...", pos.fullmove));
		unit(w, buf, arb_move_to_san(&pos, nd->move, buf));
		for (int i = 0; i < nd->nag_count; i++)
			unit(w, buf, (size_t)snprintf(buf, sizeof buf, "$%d", g->nags[nd->nag_first + i]));
		need_number = 0;
		if (nd->comment >= 0) {
			emit_comment(w, rec_str(g, nd->comment));
			need_number = 1;
		}
		for (int v = nd->variation; v != ARB_NO_NODE; v = g->nodes[v].sibling) {
			w->open_paren = 1;
			write_line(w, g, v, &pos);
			unit_append(w, ")", 1);
			need_number = 1;
		}
		arb_undo u;
		pos_do_move(&pos, nd->move, &u);
	}
}

static void write_tag(writer *w, const char *name, const char *value)
{
	out(w, "[", 1);
	out(w, name, strlen(name));
	out(w, " \"", 2);
	for (const char *p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			out(w, "\\", 1);
		out(w, p, 1);
	}
	out(w, "\"]\n", 3);
}

static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

static int in_roster(const char *name)
{
	for (int i = 0; i < 7; i++)
		if (strcmp(name, roster[i]) == 0)
			return 1;
	return 0;
}

static int compare_tag_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

arb_status arb_pgn_write(const arb_record *g, arb_write_fn fn, void *ctx)
{
	writer w = {0};
	w.fn = fn;
	w.ctx = ctx;

	/* The Seven Tag Roster, in its order. */
	for (int i = 0; i < 7; i++) {
		const char *v = i == 6 ? g->result : arb_record_tag(g, roster[i]);
		write_tag(&w, roster[i], v ? v : i == 2 ? "????.??.??" : "?");
	}
	/* Other tags in ASCII order, with SetUp/FEN/Variant added when needed. */
	char fen[ARB_FEN_MAX];
	arb_position_to_fen(&g->start, fen, sizeof fen, 0);
	int standard = !g->start.chess960 &&
		       strcmp(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == 0;
	const char **names = malloc(sizeof(char *) * (size_t)(g->ntags + 3));
	const char **values = malloc(sizeof(char *) * (size_t)(g->ntags + 3));
	if (!names || !values) {
		free(names);
		free(values);
		return ARB_E_NOMEM;
	}
	int n = 0;
	for (int i = 0; i < g->ntags; i++) {
		const char *name = rec_str(g, g->tags[2 * i]);
		if (!in_roster(name))
			names[n++] = name;
	}
	if (!standard && !arb_record_tag(g, "FEN"))
		names[n++] = "FEN";
	if (!standard && !arb_record_tag(g, "SetUp"))
		names[n++] = "SetUp";
	if (g->start.chess960 && !arb_record_tag(g, "Variant"))
		names[n++] = "Variant";
	qsort(names, (size_t)n, sizeof *names, compare_tag_names);
	for (int i = 0; i < n; i++) {
		const char *v = arb_record_tag(g, names[i]);
		if (!v)
			v = !strcmp(names[i], "FEN") ? fen : !strcmp(names[i], "SetUp") ? "1" : "Chess960";
		values[i] = v;
		write_tag(&w, names[i], v);
	}
	free(names);
	free(values);
	out(&w, "\n", 1);

	if (g->nodes[0].comment >= 0)
		emit_comment(&w, rec_str(g, g->nodes[0].comment));
	write_line(&w, g, g->nodes[0].next, &g->start);
	unit(&w, g->result, strlen(g->result));
	place(&w, w.unit, w.unit_len);
	flush_line(&w);
	out(&w, "\n", 1);
	free(w.unit);
	return w.failed ? ARB_E_IO : ARB_OK;
}
