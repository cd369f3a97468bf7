/*
 * pgn.c -- the streaming PGN reader and the export-format writer.
 *
 * Reader, in two stages with one definition of where a game is:
 *  - the splitter (arb_pgn_next_text) finds the raw text of each game in the
 *    stream with a cheap lexical scan: tag pairs, the blank line that ends a
 *    game of tags only, comments, escape lines, variation depth and the
 *    termination marker. It keeps one game's text in a window over the
 *    source, so memory depends on the largest game and never on the file;
 *  - the parser (arb_pgn_parse) reads one game's text into a record,
 *    replaying every move on a position (SAN matched against the legal
 *    moves). It keeps no state outside its call, so games parse on several
 *    threads at once.
 * arb_pgn_next is exactly the two in turn. Invariant: on a game the parser
 * accepts, the splitter's text ends where the parser's reading ends (the two
 * tokenize movetext alike). An error anywhere in a game skips exactly the
 * text the splitter found; the error says file, line, column and game number.
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
	VARIATION_DEPTH_MAX = ARB_PGN_VARIATION_DEPTH_MAX,
	TAG_LOOKAHEAD = 61, /* bytes tag_pair_at may look at */
	FRAMES_INLINE = 8,  /* variation frames on the parser's stack; deeper ones on the heap */
	SCRATCH_INLINE = 512
};

#define GAME_MAX ((size_t)ARB_PGN_GAME_TEXT_MAX) /* a longer game text is refused and skipped */
#define WINDOW_MAX (GAME_MAX + 2 * (size_t)READ_CHUNK)

/* A file name as messages show it: "%s%s" of NAME_SHOWN(name) is the whole
 * name, or "..." and its last ARB_ERROR_NAME_SHOWN - 3 bytes (the base name
 * kept) when it is longer. */
#define NAME_SHOWN(name) name_cut(name) ? "..." : "", (name) + name_cut(name)

static size_t name_cut(const char *name)
{
	size_t n = strlen(name);
	return n > ARB_ERROR_NAME_SHOWN ? n - (ARB_ERROR_NAME_SHOWN - 3) : 0;
}

/* ------------------------------------------------------------------------
 * Lexical classes shared by the splitter and the parser
 * ---------------------------------------------------------------------- */

/* Byte classes. PGN is ASCII, so they do not depend on the C locale (they
 * are isspace/isdigit/isalpha of the "C" locale): SP white space, DI
 * digits, AL letters, TG the other characters of a tag name, SY the other
 * characters of a symbol token (a move, a number, a glyph). */
enum { SP = 1, DI = 2, AL = 4, TG = 8, SY = 16 };
static const unsigned char byte_class[256] = {
	['\t'] = SP, ['\n'] = SP, ['\v'] = SP, ['\f'] = SP, ['\r'] = SP, [' '] = SP, ['0'] = DI,
	['1'] = DI,  ['2'] = DI,  ['3'] = DI,  ['4'] = DI,  ['5'] = DI,  ['6'] = DI, ['7'] = DI,
	['8'] = DI,  ['9'] = DI,  ['A'] = AL,  ['B'] = AL,  ['C'] = AL,  ['D'] = AL, ['E'] = AL,
	['F'] = AL,  ['G'] = AL,  ['H'] = AL,  ['I'] = AL,  ['J'] = AL,  ['K'] = AL, ['L'] = AL,
	['M'] = AL,  ['N'] = AL,  ['O'] = AL,  ['P'] = AL,  ['Q'] = AL,  ['R'] = AL, ['S'] = AL,
	['T'] = AL,  ['U'] = AL,  ['V'] = AL,  ['W'] = AL,  ['X'] = AL,  ['Y'] = AL, ['Z'] = AL,
	['a'] = AL,  ['b'] = AL,  ['c'] = AL,  ['d'] = AL,  ['e'] = AL,  ['f'] = AL, ['g'] = AL,
	['h'] = AL,  ['i'] = AL,  ['j'] = AL,  ['k'] = AL,  ['l'] = AL,  ['m'] = AL, ['n'] = AL,
	['o'] = AL,  ['p'] = AL,  ['q'] = AL,  ['r'] = AL,  ['s'] = AL,  ['t'] = AL, ['u'] = AL,
	['v'] = AL,  ['w'] = AL,  ['x'] = AL,  ['y'] = AL,  ['z'] = AL,  ['_'] = TG, ['-'] = TG,
	['+'] = TG,  ['#'] = TG,  ['='] = TG,  [':'] = TG,  ['/'] = SY,  ['!'] = SY, ['?'] = SY,
	['.'] = SY,
};

/* c is a byte (0..255) or EOF, which is in no class. */
static inline int in_class(int c, int k)
{
	return (unsigned)c < 256u && (byte_class[c] & k);
}
static inline int is_space(int c)
{
	return in_class(c, SP);
}
static inline int is_digit(int c)
{
	return in_class(c, DI);
}
static inline int is_alnum(int c)
{
	return in_class(c, DI | AL);
}
static inline int is_tag_name_char(int c)
{
	return in_class(c, DI | AL | TG);
}
static inline int is_symbol_char(int c)
{
	return in_class(c, DI | AL | TG | SY);
}

/* Is the token s[0..n) a game termination marker other than '*'? */
static int is_result(const char *s, size_t n)
{
	return (n == 3 && (memcmp(s, "1-0", 3) == 0 || memcmp(s, "0-1", 3) == 0)) ||
	       (n == 7 && memcmp(s, "1/2-1/2", 7) == 0);
}

/* The termination marker s[0..n) (is_result) as a string. */
static const char *result_text(const char *s, size_t n)
{
	if (n == 7)
		return "1/2-1/2";
	return s[0] == '1' ? "1-0" : "0-1";
}

/* Does s[0..n) start with a tag pair ("[Name "")? Looks at TAG_LOOKAHEAD
 * bytes at most. Inside a brace comment such a line ends the comment (it is
 * unterminated): it is the next game's tag section far more often than
 * comment text. */
static int tag_pair_at(const unsigned char *s, size_t n)
{
	size_t k = 1;
	if (n == 0 || s[0] != '[')
		return 0;
	while (k < 40 && k < n && (is_alnum(s[k]) || s[k] == '_'))
		k++;
	if (k == 1)
		return 0;
	while (k < 60 && k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	return k < n && s[k] == '"';
}

/* ------------------------------------------------------------------------
 * Reader object
 * ---------------------------------------------------------------------- */

struct arb_pgn_reader {
	arb_read_fn fn;
	void *ctx;
	FILE *file;
	char *name;
	unsigned flags;
	/* The window: buf[0..len) is the source from offset `base` on. The
	 * current game's text starts at buf[start]; the splitter is at buf[pos].
	 * Bytes before `start` (before `pos` while `drop_all`) may be dropped. */
	char *buf;
	size_t cap, len, start, pos;
	unsigned long long base;       /* the source offset of buf[0] */
	unsigned long long line_start; /* the source offset of the line's first byte */
	long line;                     /* of buf[pos] */
	int eof, io_error, nomem, started, drop_all;
	long games, errors;
	arb_record *rec; /* arb_pgn_next's record, reused for every game */
};

static size_t file_read(void *ctx, char *buf, size_t n)
{
	return fread(buf, 1, n, (FILE *)ctx);
}

arb_pgn_reader *arb_pgn_reader_new(arb_read_fn fn, void *ctx, const char *name, unsigned flags)
{
	arbI_api_check(fn, NULL);
	arb_pgn_reader *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->fn = fn;
	r->ctx = ctx;
	r->flags = flags;
	r->line = 1;
	r->name = strdup(name ? name : "(input)");
	r->cap = 2 * READ_CHUNK;
	r->buf = malloc(r->cap);
	r->rec = arb_record_new();
	if (!r->name || !r->buf || !r->rec) {
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
	arbI_api_check(path, NULL);
	f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		if (err) {
			err->code = ARB_E_IO;
			snprintf(err->message, sizeof err->message, "%s: cannot open: %s", path,
				 strerror(errno));
		}
		return NULL;
	}
	arb_pgn_reader *r =
		arb_pgn_reader_new(file_read, f, strcmp(path, "-") == 0 ? "(stdin)" : path, flags);
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
	arb_record_free(r->rec);
	free(r);
}

long arb_pgn_reader_games(const arb_pgn_reader *r)
{
	arbI_api_check(r, 0);
	return r->games;
}
long arb_pgn_reader_errors(const arb_pgn_reader *r)
{
	arbI_api_check(r, 0);
	return r->errors;
}

/* ------------------------------------------------------------------------
 * Splitter: byte input over the window
 * ---------------------------------------------------------------------- */

/* Reads until buf[pos + k] exists; returns it, or EOF at the end of the
 * source (or after a read error or a failed allocation, which stop reading).
 * The window grows only while the game fits GAME_MAX; past that the game
 * is refused, and its bytes are dropped as they are scanned. */
static int sp_more(arb_pgn_reader *r, size_t k)
{
	while (r->len - r->pos <= k) {
		if (r->eof)
			return EOF;
		if (!r->drop_all && r->pos - r->start > GAME_MAX)
			r->drop_all = 1;
		/* When full, the window first drops what it need not keep (so each
		 * byte moves a bounded number of times), then grows. */
		size_t drop = r->drop_all ? r->pos : r->start;
		if (r->cap - r->len < READ_CHUNK && drop) {
			memmove(r->buf, r->buf + drop, r->len - drop);
			r->len -= drop;
			r->pos -= drop;
			r->start = r->start > drop ? r->start - drop : 0;
			r->base += drop;
		}
		if (r->cap - r->len < READ_CHUNK) {
			size_t cap = r->cap * 2 < WINDOW_MAX ? r->cap * 2 : WINDOW_MAX;
			char *q = cap - r->len >= READ_CHUNK ? realloc(r->buf, cap) : NULL;
			if (!q) {
				r->nomem = r->eof = 1;
				return EOF;
			}
			r->buf = q;
			r->cap = cap;
		}
		size_t got = r->fn(r->ctx, r->buf + r->len, READ_CHUNK);
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

static inline int sp_peek(arb_pgn_reader *r)
{
	return r->pos < r->len ? (unsigned char)r->buf[r->pos] : sp_more(r, 0);
}

/* Steps over buf[pos] (which exists). */
static inline void sp_skip(arb_pgn_reader *r)
{
	if (r->buf[r->pos++] == '\n') {
		r->line++;
		r->line_start = r->base + r->pos;
	}
}

static inline int sp_col1(const arb_pgn_reader *r)
{
	return r->base + r->pos == r->line_start;
}

static void sp_skip_space(arb_pgn_reader *r)
{
	while (is_space(sp_peek(r)))
		sp_skip(r);
}

/* To the end of the line: at its '\n' (through it if `through`) or at EOF. */
static void sp_skip_line(arb_pgn_reader *r, int through)
{
	while (sp_peek(r) != EOF) {
		char *nl = memchr(r->buf + r->pos, '\n', r->len - r->pos);
		if (nl) {
			r->pos = (size_t)(nl - r->buf);
			if (through)
				sp_skip(r);
			return;
		}
		r->pos = r->len;
	}
}

static int sp_tag_pair_ahead(arb_pgn_reader *r)
{
	if (r->len - r->pos < TAG_LOOKAHEAD)
		sp_more(r, TAG_LOOKAHEAD - 1);
	size_t n = r->len - r->pos;
	if (n > TAG_LOOKAHEAD)
		n = TAG_LOOKAHEAD;
	return tag_pair_at((const unsigned char *)r->buf + r->pos, n);
}

/* ------------------------------------------------------------------------
 * Splitter: the extent of a game
 *
 * The same lexical rules as the parser below, without its checks: where the
 * parser would report an error the splitter goes on, so a broken game ends
 * where a good one would (its termination marker at depth 0, a '[' at the
 * start of a line, the end of the input).
 * ---------------------------------------------------------------------- */

/* Past a run of bytes of class k, the first of them copied to tok[n..8):
 * returns n plus the length of the run. */
static size_t sp_run(arb_pgn_reader *r, int k, char tok[8], size_t n)
{
	while (sp_peek(r) != EOF) {
		const unsigned char *s = (const unsigned char *)r->buf + r->pos;
		const unsigned char *e = (const unsigned char *)r->buf + r->len;
		for (; s < e && (byte_class[*s] & k); s++, n++)
			if (n < 8)
				tok[n] = (char)*s;
		r->pos = (size_t)(s - (const unsigned char *)r->buf);
		if (s < e)
			break;
	}
	return n;
}

/* Past one tag pair ("[Name "value"]", the '[' is next), byte for byte as
 * read_tag reads a good one. Returns 0 where it is not one, at the byte
 * that shows it. */
static int sp_tag(arb_pgn_reader *r)
{
	char name[8];
	sp_skip(r);
	sp_skip_space(r);
	if (sp_run(r, DI | AL | TG, name, 0) == 0)
		return 0;
	sp_skip_space(r);
	if (sp_peek(r) != '"')
		return 0;
	r->pos++;
	for (;;) { /* the value: no '\n' in it */
		if (sp_peek(r) == EOF)
			return 0;
		const char *s = r->buf + r->pos, *e = r->buf + r->len;
		while (s < e && *s != '"' && *s != '\\' && *s != '\n')
			s++;
		r->pos = (size_t)(s - r->buf);
		if (s == e)
			continue;
		char c = *s;
		if (c == '\n')
			return 0;
		r->pos++;
		if (c == '"')
			break;
		if (sp_peek(r) == '"' || sp_peek(r) == '\\')
			r->pos++;
	}
	sp_skip_space(r);
	if (sp_peek(r) != ']')
		return 0;
	r->pos++;
	return 1;
}

/* The tag section (a '[' is next): tag pairs separated by white space and
 * escape lines, up to the first other byte or a blank line. A tag that does
 * not scan ends at the end of the line on which it starts. */
static void sp_tags(arb_pgn_reader *r)
{
	while (sp_peek(r) == '[') {
		unsigned long long at = r->base + r->pos, line_start = r->line_start;
		long line = r->line;
		if (!sp_tag(r)) {
			/* Back to the tag's line (the window holds the game unless
			 * it is too long anyway), and past that line. */
			if (!r->drop_all && at >= r->base) {
				r->pos = (size_t)(at - r->base);
				r->line = line;
				r->line_start = line_start;
			}
			sp_skip_line(r, 0);
		}
		int newlines = 0;
		for (int c = sp_peek(r); is_space(c) || (c == '%' && sp_col1(r)); c = sp_peek(r)) {
			if (c == '%') {
				sp_skip_line(r, 1);
			} else {
				newlines += c == '\n';
				sp_skip(r);
			}
		}
		if (newlines >= 2)
			return; /* a game of tags only, if a '[' follows */
	}
}

/* Past a brace comment (the '{' was read). Returns 1 after its '}', 0 where
 * it is cut: the end of the input, or a line that starts with a tag pair. */
static int sp_comment(arb_pgn_reader *r)
{
	while (sp_peek(r) != EOF) {
		const char *s = r->buf + r->pos, *e = r->buf + r->len;
		while (s < e && *s != '}' && *s != '\n')
			s++;
		r->pos = (size_t)(s - r->buf);
		if (s == e)
			continue;
		char c = *s;
		sp_skip(r);
		if (c == '}')
			return 1;
		if (sp_tag_pair_ahead(r))
			return 0;
	}
	return 0;
}

/* Past a symbol token (its first byte c was read), as read_movetext splits
 * it: a move number ("12", "12." and "12..." up to the next token) or a run
 * of symbol characters. Returns 1 if it is a termination marker. */
static int sp_token(arb_pgn_reader *r, int c)
{
	/* Most tokens end inside the window: read in place, as below. */
	const unsigned char *b = (const unsigned char *)r->buf;
	const unsigned char *t = b + r->pos - 1, *q = t + 1, *e = b + r->len;
	while (q < e && is_symbol_char(*q))
		q++;
	if (q < e) {
		const unsigned char *d = t + 1;
		if (is_digit(c)) {
			while (d < q && is_digit(*d))
				d++;
			if (d == q || *d == '.') { /* a move number, and its dots */
				while (d < q && *d == '.')
					d++;
				r->pos = (size_t)(d - b);
				return 0;
			}
		}
		r->pos = (size_t)(q - b);
		return is_result((const char *)t, (size_t)(q - t));
	}

	char tok[8];
	size_t n = 1;
	tok[0] = (char)c;
	if (is_digit(c)) {
		n = sp_run(r, DI, tok, n);
		c = sp_peek(r);
		if (c == '.' || is_space(c) || c == EOF) {
			while (sp_peek(r) == '.')
				r->pos++;
			return 0;
		}
	}
	n = sp_run(r, DI | AL | TG | SY, tok, n);
	return is_result(tok, n);
}

/* The movetext: up to the termination marker at depth 0 (included), a '['
 * at the start of a line, or the end of the input. */
static void sp_movetext(arb_pgn_reader *r)
{
	long depth = 0;
	for (;;) {
		int c = sp_peek(r);
		if (c == EOF)
			return;
		if (is_symbol_char(c) && c != '.') { /* most bytes: moves and numbers */
			r->pos++;
			if (sp_token(r, c) && depth == 0)
				return;
			continue;
		}
		if (c == ' ') { /* the next most: no new line, no column 1 */
			r->pos++;
			continue;
		}
		if ((c == '[' || c == '%') && sp_col1(r)) {
			if (c == '[')
				return;
			sp_skip_line(r, 1);
			continue;
		}
		sp_skip(r);
		switch (c) {
		case '{':
			if (!sp_comment(r))
				return;
			break;
		case ';':
			sp_skip_line(r, 0);
			break;
		case '(':
			depth++;
			break;
		case ')':
			depth -= depth > 0;
			break;
		case '*':
			if (depth == 0)
				return;
			break;
		case '$':
			while (is_digit(sp_peek(r)))
				r->pos++;
			break;
		default:
			break; /* white space, '.', and bytes the parser refuses */
		}
	}
}

/* Skips what may come between games: white space, escape lines, and ';'
 * comments. */
static void sp_between(arb_pgn_reader *r)
{
	r->drop_all = 1; /* nothing of it is kept */
	for (;;) {
		sp_skip_space(r);
		int c = sp_peek(r);
		if (c == ';' || (c == '%' && sp_col1(r)))
			sp_skip_line(r, 1);
		else
			break;
	}
	r->drop_all = 0;
}

arb_status arb_pgn_next_text(arb_pgn_reader *r, arb_pgn_text *out, arb_error *err)
{
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(r && out, err);
	memset(out, 0, sizeof *out);
	if (!r->started) {
		/* The first read happens here, once the source is complete (so a
		 * read error is seen); a UTF-8 byte order mark is skipped and
		 * columns count from after it. */
		r->started = 1;
		if (sp_peek(r) == 0xEF) {
			sp_skip(r);
			if (sp_peek(r) == 0xBB)
				sp_skip(r);
			if (sp_peek(r) == 0xBF)
				sp_skip(r);
			r->line_start = r->base + r->pos;
		}
	}
	r->start = r->pos; /* the previous game's text is released */
	sp_between(r);
	r->start = r->pos;
	if (sp_peek(r) != EOF) {
		out->line = r->line;
		out->column = (long)(r->base + r->pos - r->line_start) + 1;
		if (sp_peek(r) == '[')
			sp_tags(r);
		sp_movetext(r);
		out->number = ++r->games;
	}
	if (r->nomem) {
		if (err) {
			err->code = ARB_E_NOMEM;
			snprintf(err->message, sizeof err->message, "%s%s: out of memory",
				 NAME_SHOWN(r->name));
		}
		return ARB_E_NOMEM;
	}
	if (out->number == 0) {
		if (r->io_error) {
			if (err) {
				err->code = ARB_E_IO;
				snprintf(err->message, sizeof err->message, "%s%s: read error",
					 NAME_SHOWN(r->name));
			}
			return ARB_E_IO;
		}
		return ARB_OK; /* the end */
	}
	if (r->drop_all || r->pos - r->start > GAME_MAX) {
		r->drop_all = 0;
		r->errors++;
		if (err) {
			err->code = ARB_E_PGN;
			err->line = out->line;
			err->column = (int)out->column;
			snprintf(err->message, sizeof err->message,
				 "%s%s:%ld:%ld: game %ld: game text longer than %zu bytes",
				 NAME_SHOWN(r->name), out->line, out->column, out->number,
				 GAME_MAX);
		}
		return ARB_E_PGN;
	}
	out->text = r->buf + r->start;
	out->len = r->pos - r->start;
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Parser state
 * ---------------------------------------------------------------------- */

typedef struct frame {
	int node, prev_node, has_prev;
	long open_line, open_col; /* where the variation's '(' is */
	arb_position pos;
	arb_move prev_move; /* the last move played on pos (has_prev) ... */
	arb_undo prev_undo; /* ... and what takes it back: a variation starts there */
} frame;

/* All of it lives on the stack of arb_pgn_parse; the heap only for long
 * comments or tag values and deep variations. */
typedef struct parser {
	const unsigned char *p, *end; /* the next byte, the end of the text */
	const unsigned char *begin;   /* the text's first byte */
	long line;                    /* of *p */
	long col_off;                 /* *p's column is (p - begin) - col_off (col_of) */
	const char *name;
	long number;
	unsigned flags;
	arb_record *rec;
	long fen_line, fen_col, variant_line, variant_col; /* where those tags were */
	int failed;
	arb_error err;
	char *text; /* a tag value or a comment */
	size_t text_len, text_cap;
	int pending; /* pool offset of a comment for a variation's first move, or -1 */
	size_t pending_len;
	frame *stack;
	int depth, stack_cap;
	char text_inline[SCRATCH_INLINE];
	frame stack_inline[FRAMES_INLINE];
} parser;

/* The column of the next byte: kept as an offset that changes only at a
 * new line, so that stepping over a byte is one increment. */
static inline long col_of(const parser *ps)
{
	return (long)(ps->p - ps->begin) - ps->col_off;
}

static inline int peekc(const parser *ps)
{
	return ps->p < ps->end ? *ps->p : EOF;
}

/* Notes that the byte before ps->p was a '\n'. */
static inline void new_line(parser *ps)
{
	ps->line++;
	ps->col_off = (long)(ps->p - ps->begin) - 1;
}

static inline int nextc(parser *ps)
{
	if (ps->p == ps->end)
		return EOF;
	int c = *ps->p++;
	if (c == '\n')
		new_line(ps);
	return c;
}

static void skip_space(parser *ps)
{
	while (ps->p < ps->end && is_space(*ps->p))
		if (*ps->p++ == '\n')
			new_line(ps);
}

static void skip_line(parser *ps)
{
	int c;
	while ((c = nextc(ps)) != EOF && c != '\n')
		;
}

/* Records the first error of the game at (line, col). Returns 0. */
static int fail(parser *ps, arb_status code, long line, long col, const char *fmt, ...)
{
	char why[128];
	va_list ap;
	if (ps->failed)
		return 0;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	ps->failed = 1;
	memset(&ps->err, 0, sizeof ps->err);
	ps->err.code = code;
	ps->err.line = line;
	ps->err.column = (int)col;
	snprintf(ps->err.message, sizeof ps->err.message, "%s%s:%ld:%ld: game %ld: %s",
		 NAME_SHOWN(ps->name), line, col, ps->number, why);
	return 0;
}

#define game_error(ps, line, col, ...) fail(ps, ARB_E_PGN, line, col, __VA_ARGS__)
#define no_memory(ps, line, col) fail(ps, ARB_E_NOMEM, line, col, "out of memory")

static int text_reserve(parser *ps, size_t n)
{
	if (n <= ps->text_cap)
		return 1;
	size_t cap = ps->text_cap * 2;
	while (cap < n)
		cap *= 2;
	char *q = ps->text == ps->text_inline ? malloc(cap) : realloc(ps->text, cap);
	if (!q)
		return 0;
	if (ps->text == ps->text_inline)
		memcpy(q, ps->text, ps->text_len);
	ps->text = q;
	ps->text_cap = cap;
	return 1;
}

static inline int text_push(parser *ps, char c)
{
	if (ps->text_len + 1 >= ps->text_cap && !text_reserve(ps, ps->text_len + 2))
		return 0;
	ps->text[ps->text_len++] = c;
	return 1;
}

/* ------------------------------------------------------------------------
 * Parser: tags
 * ---------------------------------------------------------------------- */

/* The length of the UTF-8 sequence at s[0..n) (1 for ASCII), or 0 when it
 * is not one: a bad lead or continuation byte, an overlong form, a
 * surrogate or a value past U+10FFFF (RFC 3629). */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
	unsigned c = s[0], min, cp;
	size_t len;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		len = 2, min = 0x80, cp = c & 0x1F;
	else if (c >= 0xE0 && c <= 0xEF)
		len = 3, min = 0x800, cp = c & 0x0F;
	else if (c >= 0xF0 && c <= 0xF4)
		len = 4, min = 0x10000, cp = c & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	return cp >= min && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF) ? len : 0;
}

/*
 * A tag value that is not valid UTF-8 is ISO 8859-1, the PGN standard's
 * encoding (8.1.1.1: ChessBase and older databases write it): each byte
 * 0x80-0xFF becomes its code point in UTF-8, so ps->text (value and NUL, of
 * ps->text_len bytes) holds UTF-8 after. Done once here, so every reader of
 * the record (JSON and text output, the writer, Lua) sees one encoding.
 * Returns 1, or 0 when out of memory.
 */
static int latin1_to_utf8(parser *ps)
{
	const unsigned char *t = (const unsigned char *)ps->text;
	size_t n = ps->text_len - 1, high = 0, i, k;
	for (i = 0; i < n;) {
		size_t len = utf8_seq(t + i, n - i);
		if (len == 0)
			break;
		i += len;
	}
	if (i == n)
		return 1;
	for (i = 0; i < n; i++)
		high += t[i] >= 0x80;
	if (!text_reserve(ps, ps->text_len + high))
		return 0;
	unsigned char *u = (unsigned char *)ps->text;
	u[n + high] = 0;
	for (i = n, k = n + high; i-- > 0;) {
		unsigned c = u[i];
		if (c < 0x80) {
			u[--k] = (unsigned char)c;
		} else {
			u[--k] = (unsigned char)(0x80 | (c & 0x3F));
			u[--k] = (unsigned char)(0xC0 | (c >> 6));
		}
	}
	ps->text_len += high;
	return 1;
}

/* Reads "[Name "value"]" (the '[' is next). Returns 1, or 0 after an error. */
static int read_tag(parser *ps)
{
	long line = ps->line, col = col_of(ps);
	char name[TOKEN_MAX + 1];
	size_t n = 0;
	int c;

	nextc(ps); /* '[' */
	skip_space(ps);
	while ((c = peekc(ps)) != EOF && is_tag_name_char(c)) {
		if (n == TOKEN_MAX)
			return game_error(ps, line, col, "tag name too long");
		name[n++] = (char)nextc(ps);
	}
	name[n] = 0;
	if (n == 0)
		return game_error(ps, ps->line, col_of(ps), "tag without a name");
	skip_space(ps);
	if (peekc(ps) != '"')
		return game_error(ps, ps->line, col_of(ps), "tag %s: expected a quoted value",
				  name);
	nextc(ps);
	ps->text_len = 0;
	for (;;) {
		c = nextc(ps);
		if (c == EOF || c == '\n')
			return game_error(ps, line, col, "tag %s: value not terminated on its line",
					  name);
		if (c == '"')
			break;
		if (c == '\\' && (peekc(ps) == '"' || peekc(ps) == '\\'))
			c = nextc(ps);
		if (ps->text_len >= TEXT_MAX)
			return game_error(ps, line, col, "tag %s: value longer than %d bytes", name,
					  TEXT_MAX);
		if (!text_push(ps, (char)c))
			return no_memory(ps, line, col);
	}
	skip_space(ps);
	if (peekc(ps) != ']')
		return game_error(ps, ps->line, col_of(ps), "tag %s: expected ']'", name);
	nextc(ps);
	if (!text_push(ps, 0) || !latin1_to_utf8(ps))
		return no_memory(ps, line, col);
	if (strcmp(name, "FEN") == 0) {
		ps->fen_line = line;
		ps->fen_col = col;
	} else if (strcmp(name, "Variant") == 0) {
		ps->variant_line = line;
		ps->variant_col = col;
	}
	if (arb_record_set_tag(ps->rec, name, ps->text) != ARB_OK)
		return no_memory(ps, line, col);
	return 1;
}

/* The tag section (a '[' is next): see sp_tags. Returns 1, or 0 after an error. */
static int read_tags(parser *ps)
{
	while (peekc(ps) == '[') {
		if (!read_tag(ps))
			return 0;
		/* A blank line before the next '[' ends a game of tags only. */
		int newlines = 0;
		for (int c = peekc(ps); is_space(c) || (c == '%' && col_of(ps) == 1);
		     c = peekc(ps)) {
			if (c == '%') /* escape lines between tags */
				skip_line(ps);
			else
				newlines += nextc(ps) == '\n';
		}
		if (newlines >= 2)
			break;
	}
	return 1;
}

/*
 * The Variant tag values the reader knows (compared without case): those of
 * the variant scripts shipped in variants/ (`arbiter variants`; the test
 * adjudicate.sh checks that every value listed there is read here), the
 * PGN standard's and lichess's names for standard chess, and common
 * spellings of Chess960. Each says how the start is read: as Chess960
 * (castling by rook squares; UCI king onto rook) and which castling rule
 * applies to the rights the FEN gives (variants/README.md).
 */
enum { CASTLE_KEEP, CASTLE_NONE, CASTLE_LONG };

static const struct {
	const char *name;
	int chess960, castling;
} variants[] = {
	{"", 0, CASTLE_KEEP},
	{"standard", 0, CASTLE_KEEP},
	{"normal", 0, CASTLE_KEEP},
	{"from position", 0, CASTLE_KEEP},
	{"chess960", 1, CASTLE_KEEP},
	{"chess 960", 1, CASTLE_KEEP},
	{"chess-960", 1, CASTLE_KEEP},
	{"960", 1, CASTLE_KEEP},
	{"fischerandom", 1, CASTLE_KEEP},
	{"fischer random", 1, CASTLE_KEEP},
	{"fischer-random", 1, CASTLE_KEEP},
	/* Both arrays drawn independently: any Chess960 start, from its FEN. */
	{"double chess960", 1, CASTLE_KEEP},
	{"double chess 960", 1, CASTLE_KEEP},
	{"no castling", 0, CASTLE_NONE},
	/* Queenside the king goes to the b-file, the rook to the c-file
	 * (variants/longcastle.lua; UCI in Chess960 form). */
	{"long castling", 1, CASTLE_LONG},
};

static int variant_index(const char *v)
{
	for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
		if (strcasecmp(v, variants[i].name) == 0)
			return (int)i;
	return -1;
}

/* Applies a variant's castling rule to the start's rights (as the variant
 * layer applies it to its starts). 0 when the geometry is refused. */
static int apply_castling(arb_position *pos, int rule)
{
	if (rule == CASTLE_KEEP)
		return 1;
	for (int c = ARB_WHITE; c <= ARB_BLACK; c++) {
		arb_castling q;
		int has_q = arb_position_castling(pos, (arb_color)c, ARB_QUEENSIDE, &q);
		if (rule == CASTLE_NONE) {
			arb_position_set_castling(pos, (arb_color)c, ARB_KINGSIDE, NULL);
			arb_position_set_castling(pos, (arb_color)c, ARB_QUEENSIDE, NULL);
			continue;
		}
		if (!has_q)
			continue;
		int rank = ARB_RANK(q.king_from);
		q.king_to = ARB_SQUARE(1, rank);
		q.rook_to = ARB_SQUARE(2, rank);
		arb_position_set_castling(pos, (arb_color)c, ARB_QUEENSIDE, NULL);
		if (arb_position_set_castling(pos, (arb_color)c, ARB_QUEENSIDE, &q) != ARB_OK)
			return 0;
	}
	return 1;
}

/* Sets the start position from the tags. Returns 1, or 0 after an error. */
static int setup_start(parser *ps)
{
	const char *variant = arb_record_tag(ps->rec, "Variant");
	const char *fen = arb_record_tag(ps->rec, "FEN");
	int v = variant ? variant_index(variant) : 0;
	if (v < 0) {
		char shown[41];
		size_t k = 0;
		for (const char *p = variant; *p && k < sizeof shown - 1; p++)
			shown[k++] = isprint((unsigned char)*p) ? *p : '?';
		shown[k] = 0;
		return game_error(ps, ps->variant_line, ps->variant_col,
				  "variant '%s' is not supported", shown);
	}
	int c960 = variants[v].chess960;
	if (fen) {
		arb_error ferr;
		if (arb_position_set_fen(&ps->rec->start, fen,
					 c960 ? ARB_FEN_CHESS960 : ARB_FEN_AUTO, &ferr) != ARB_OK)
			return game_error(ps, ps->fen_line, ps->fen_col, "FEN tag: %s",
					  ferr.message);
	}
	if (c960)
		arb_position_set_chess960(&ps->rec->start, 1);
	if (!apply_castling(&ps->rec->start, variants[v].castling))
		return game_error(ps, ps->variant_line, ps->variant_col,
				  "variant '%s': its castling rule does not fit the start position",
				  variants[v].name);
	return 1;
}

/* ------------------------------------------------------------------------
 * Parser: movetext
 * ---------------------------------------------------------------------- */

static int glyph_nag(const char *s, size_t n)
{
	static const char *const glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
	for (int i = 0; i < 6; i++)
		if (strlen(glyphs[i]) == n && memcmp(glyphs[i], s, n) == 0)
			return i + 1;
	return 0;
}

/* ------------------------------------------------------------------------
 * Parser: comment commands (see ARB_PGN_STRICT_COMMANDS for the known set)
 * ---------------------------------------------------------------------- */

/* Commands that are not events: what lichess, ChessBase, chess.com, Scid
 * and clocks write, and the reader leaves as comment text (clk, emt, egt
 * and mct it also parses into the node's clocks). */
static const char *const annotations[] = {"clk",       "emt",      "egt", "mct", "eval",
					  "csl",       "cal",      "tqu", "evp", "mdl",
					  "timestamp", "c_effect", "draw"};

static const char *known_command(int i)
{
	int n = (int)(sizeof annotations / sizeof annotations[0]);
	return i < n ? annotations[i] : arbI_game_command_name(i - n);
}

/* Edit distance of two short names (insertions, deletions, substitutions,
 * case counting as a change), capped at 3. */
static int distance(const char *a, size_t an, const char *b)
{
	size_t bn = strlen(b);
	int row[24], prev;
	if (an > 20 || bn > 20)
		return 3;
	for (size_t j = 0; j <= bn; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= an; i++) {
		prev = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= bn; j++) {
			int cur = row[j];
			int sub = prev + (a[i - 1] != b[j - 1]);
			int best = row[j] + 1 < row[j - 1] + 1 ? row[j] + 1 : row[j - 1] + 1;
			row[j] = sub < best ? sub : best;
			prev = cur;
		}
	}
	return row[bn] < 3 ? row[bn] : 3;
}

/* The known command an unknown name most likely means: the same name in
 * another case, else one within 2 edits (1 for names of 3 letters or
 * fewer), or NULL. */
static const char *likely_command(const char *s, size_t n)
{
	const char *best = NULL, *c;
	int bestd = n <= 3 ? 2 : 3;
	for (int i = 0; (c = known_command(i)) != NULL; i++) {
		if (strlen(c) == n && strncasecmp(c, s, n) == 0)
			return c;
		int d = distance(s, n, c);
		if (d < bestd)
			best = c, bestd = d;
	}
	return best;
}

/* Adds the reader's warning (or, with ARB_PGN_STRICT_COMMANDS, the game's
 * error) for the command at ps->p ("%name ..."; the '[' before it at
 * (line, col)) when its name is unknown. Returns 1, or 0 after an error. */
static int check_command(parser *ps, long line, long col)
{
	const unsigned char *name = ps->p + 1, *e = name;
	while (e < ps->end && *e != ']' && *e != '}' && !is_space(*e))
		e++;
	size_t n = (size_t)(e - name);
	const char *c;
	for (int i = 0; (c = known_command(i)) != NULL; i++)
		if (strlen(c) == n && memcmp(c, name, n) == 0)
			return 1;
	const char *mean = likely_command((const char *)name, n);
	char why[96], hint[48] = "";
	if (mean)
		snprintf(hint, sizeof hint, " (did you mean [%%%s]?)", mean);
	snprintf(why, sizeof why, "unknown comment command [%%%.*s]%s", (int)(n > 24 ? 24 : n),
		 (const char *)name, hint);
	if (ps->flags & ARB_PGN_STRICT_COMMANDS)
		return game_error(ps, line, col, "%s (strict)", why);
	/* The file name as in error messages (NAME_SHOWN). */
	int k = snprintf(NULL, 0, "%s%s:%ld:%ld: game %ld: %s", NAME_SHOWN(ps->name), line, col,
			 ps->number, why);
	char *msg = k > 0 ? malloc((size_t)k + 1) : NULL;
	if (!msg)
		return no_memory(ps, line, col);
	snprintf(msg, (size_t)k + 1, "%s%s:%ld:%ld: game %ld: %s", NAME_SHOWN(ps->name), line, col,
		 ps->number, why);
	int ok = arbI_rec_add_warning(ps->rec, msg, (size_t)k);
	free(msg);
	return ok ? 1 : no_memory(ps, line, col);
}

/* Reads a comment body after '{' into ps->text, whitespace (and NUL bytes)
 * collapsed. A tag pair at the start of a line ends it unterminated (see
 * tag_pair_at). Each comment command's name is checked (check_command). */
static int read_brace_comment(parser *ps, long line, long col)
{
	int c, space = 0;
	ps->text_len = 0;
	for (;;) {
		c = nextc(ps);
		if (c == EOF || (c == '\n' && tag_pair_at(ps->p, (size_t)(ps->end - ps->p))))
			return game_error(ps, line, col, "comment not terminated");
		if (c == '}')
			break;
		if (is_space(c) || c == 0) {
			space = ps->text_len > 0;
			continue;
		}
		if (ps->text_len >= TEXT_MAX)
			return game_error(ps, line, col, "comment longer than %d bytes", TEXT_MAX);
		if ((space && !text_push(ps, ' ')) || !text_push(ps, (char)c))
			return no_memory(ps, line, col);
		space = 0;
		/* "[%" and a letter: a command ("[% x]", "[%5]" are text). */
		if (c == '[' && peekc(ps) == '%' && ps->p + 1 < ps->end &&
		    (in_class(ps->p[1], AL) || ps->p[1] == '_') &&
		    !check_command(ps, ps->line, col_of(ps) - 1))
			return 0;
	}
	return 1;
}

static int read_line_comment(parser *ps, long line, long col)
{
	int c, space = 0;
	ps->text_len = 0;
	while ((c = peekc(ps)) != EOF && c != '\n') {
		nextc(ps);
		if (is_space(c) || c == 0) {
			space = ps->text_len > 0;
			continue;
		}
		if (ps->text_len < TEXT_MAX) {
			if ((space && !text_push(ps, ' ')) || !text_push(ps, (char)c))
				return no_memory(ps, line, col);
		}
		space = 0;
	}
	return 1;
}

/* Attaches the comment in ps->text to the current place in the tree. */
static int place_comment(parser *ps, long line, long col)
{
	frame *f = &ps->stack[ps->depth];
	if (f->has_prev || ps->depth == 0) {
		int node = f->has_prev ? f->node : 0;
		if (!arbI_rec_add_comment(ps->rec, node, ps->text, ps->text_len, 0))
			return no_memory(ps, line, col);
		return 1;
	}
	/* Before the first move of a variation: kept (in the record's pool) for
	 * that move, joined to one already waiting. */
	size_t len = ps->text_len;
	if (ps->pending >= 0) {
		size_t old = ps->pending_len, sep = old > 0;
		if (!text_reserve(ps, old + sep + len + 1))
			return no_memory(ps, line, col);
		memmove(ps->text + old + sep, ps->text, len);
		memcpy(ps->text, rec_str(ps->rec, ps->pending), old);
		if (sep)
			ps->text[old] = ' ';
		len += old + sep;
	}
	int off = arbI_rec_intern(ps->rec, ps->text, len);
	if (off < 0)
		return no_memory(ps, line, col);
	ps->pending = off;
	ps->pending_len = len;
	return 1;
}

static int play_san(parser *ps, const char *tok, size_t n, long line, long col)
{
	frame *f = &ps->stack[ps->depth];
	arb_error serr;
	arb_move m;
	size_t core = n;
	while (core && (tok[core - 1] == '!' || tok[core - 1] == '?'))
		core--;
	unsigned san_flags = ps->flags & ARB_PGN_STRICT_SAN ? ARB_SAN_STRICT : 0;
	/* Read without an error record (clearing one costs more than reading a
	 * move); a move that fails is read again for the message. */
	if (arb_move_from_san(&f->pos, tok, core, san_flags, &m, NULL) != ARB_OK) {
		arb_move_from_san(&f->pos, tok, core, san_flags, &m, &serr);
		return game_error(ps, line, col, "%s", serr.message);
	}
	if (m == ARB_MOVE_NULL)
		return game_error(ps, line, col, "null move '%.*s' is not supported", (int)n, tok);
	int node = arbI_rec_add_node(ps->rec, f->node, m);
	if (node == ARB_NO_NODE)
		return no_memory(ps, line, col);
	if (ps->pending >= 0) {
		ps->rec->nodes[node].pre_comment = ps->pending;
		ps->pending = -1;
	}
	int nag = glyph_nag(tok + core, n - core);
	if (nag && !arbI_rec_add_nag(ps->rec, node, nag))
		return no_memory(ps, line, col);
	if (n > core && !nag)
		return game_error(ps, line, col + (long)core, "unknown annotation '%.*s'",
				  (int)(n - core), tok + core);
	f->prev_node = f->node;
	f->prev_move = m;
	f->has_prev = 1;
	arbI_pos_do_move(&f->pos, m, &f->prev_undo);
	f->node = node;
	return 1;
}

/* Opens a variation: the alternative to the last move at the current depth. */
static int open_variation(parser *ps, long line, long col)
{
	if (ps->depth == VARIATION_DEPTH_MAX)
		return game_error(ps, line, col, "variations nested deeper than %d",
				  VARIATION_DEPTH_MAX);
	if (ps->depth + 1 == ps->stack_cap) {
		int cap = 2 * ps->stack_cap;
		if (cap > VARIATION_DEPTH_MAX + 1)
			cap = VARIATION_DEPTH_MAX + 1;
		size_t size = sizeof(frame) * (size_t)cap;
		frame *q = ps->stack == ps->stack_inline ? malloc(size) : realloc(ps->stack, size);
		if (!q)
			return no_memory(ps, line, col);
		if (ps->stack == ps->stack_inline)
			memcpy(q, ps->stack, sizeof(frame) * (size_t)ps->stack_cap);
		ps->stack = q;
		ps->stack_cap = cap;
	}
	frame *up = &ps->stack[ps->depth], *f = &ps->stack[ps->depth + 1];
	f->node = up->prev_node;
	f->pos = up->pos;
	arbI_pos_undo_move(&f->pos, up->prev_move, &up->prev_undo);
	f->has_prev = 0;
	f->open_line = line;
	f->open_col = col;
	ps->depth++;
	return 1;
}

/* Skips a variation's content (the '(' was read) when variations are not
 * kept: the same extent as reading it (see sp_movetext). */
static int skip_variation(parser *ps, long line, long col)
{
	int level = 1, c;
	while (level > 0) {
		c = peekc(ps);
		if (c == EOF || (c == '[' && col_of(ps) == 1))
			return game_error(ps, line, col, "variation not terminated");
		if (c == '%' && col_of(ps) == 1) {
			skip_line(ps);
			continue;
		}
		nextc(ps);
		if (c == '(')
			level++;
		else if (c == ')')
			level--;
		else if (c == '{' && !read_brace_comment(ps, ps->line, col_of(ps) - 1))
			return 0;
		else if (c == ';')
			skip_line(ps);
	}
	return 1;
}

enum movetext_end { END_RESULT, END_NEW_GAME, END_EOF, END_ERROR };

static enum movetext_end read_movetext(parser *ps)
{
	frame *root = &ps->stack[0];
	root->node = 0;
	root->has_prev = 0;
	root->pos = ps->rec->start;
	ps->depth = 0;
	ps->pending = -1;

	for (;;) {
		skip_space(ps);
		long line = ps->line, col = col_of(ps);
		int c = peekc(ps);
		if (c == EOF ||
		    (c == '[' && col == 1)) { /* the end of the text, or the next game */
			if (ps->depth > 0) {  /* reported at the innermost open '(' */
				frame *f = &ps->stack[ps->depth];
				game_error(ps, f->open_line, f->open_col,
					   "variation not terminated");
				return END_ERROR;
			}
			return c == EOF ? END_EOF : END_NEW_GAME;
		}
		if (c == '%' && col == 1) {
			skip_line(ps);
			continue;
		}
		nextc(ps);
		switch (c) {
		case '{':
			if (!read_brace_comment(ps, line, col) || !place_comment(ps, line, col))
				return END_ERROR;
			continue;
		case ';':
			if (!read_line_comment(ps, line, col) || !place_comment(ps, line, col))
				return END_ERROR;
			continue;
		case '(':
			if (!ps->stack[ps->depth].has_prev)
				return game_error(ps, line, col, "variation before any move"),
				       END_ERROR;
			if (ps->flags & ARB_PGN_SKIP_VARIATIONS) {
				if (!skip_variation(ps, line, col))
					return END_ERROR;
				continue;
			}
			if (!open_variation(ps, line, col))
				return END_ERROR;
			continue;
		case ')':
			if (ps->depth == 0)
				return game_error(ps, line, col, "')' without a variation"),
				       END_ERROR;
			ps->depth--;
			ps->pending = -1;
			continue;
		case '*':
			if (ps->depth > 0)
				return game_error(ps, line, col, "result inside a variation"),
				       END_ERROR;
			arb_record_set_result(ps->rec, "*");
			return END_RESULT;
		case '$': {
			int nag = 0, digits = 0;
			while (is_digit(peekc(ps)) && digits < 4) {
				nag = nag * 10 + nextc(ps) - '0';
				digits++;
			}
			if (!digits || nag > 255 || is_digit(peekc(ps)))
				return game_error(ps, line, col, "bad NAG"), END_ERROR;
			frame *f = &ps->stack[ps->depth];
			if (f->has_prev && !arbI_rec_add_nag(ps->rec, f->node, nag))
				return no_memory(ps, line, col), END_ERROR;
			continue;
		}
		case '.':
			continue; /* stray dots, as in "1. ... e5" */
		default:
			break;
		}
		if (!is_symbol_char(c))
			return game_error(ps, line, col,
					  isprint(c) ? "unexpected character '%c'" :
						       "unexpected byte 0x%02x",
					  c),
			       END_ERROR;

		/* A symbol: result, move number, glyph or SAN (see sp_token), read
		 * where it stands (it holds no new line). */
		const char *tok = (const char *)ps->p - 1;
		size_t n = 1;
		if (is_digit(c)) {
			while (n < TOKEN_MAX && is_digit(peekc(ps))) {
				ps->p++;
				n++;
			}
			c = peekc(ps);
			if (c == '.' || is_space(c) || c == EOF) {
				while (peekc(ps) == '.')
					ps->p++;
				continue; /* a move number */
			}
		}
		while (n < TOKEN_MAX && is_symbol_char(peekc(ps))) {
			ps->p++;
			n++;
		}
		if (n == TOKEN_MAX)
			return game_error(ps, line, col, "token too long"), END_ERROR;
		if (is_result(tok, n)) {
			if (ps->depth > 0)
				return game_error(ps, line, col, "result inside a variation"),
				       END_ERROR;
			arb_record_set_result(ps->rec, result_text(tok, n));
			return END_RESULT;
		}
		if ((n == 4 && !memcmp(tok, "e.p.", 4)) || (n == 2 && !memcmp(tok, "ep", 2)))
			continue;
		int nag = glyph_nag(tok, n);
		if (nag) {
			frame *f = &ps->stack[ps->depth];
			if (f->has_prev && !arbI_rec_add_nag(ps->rec, f->node, nag))
				return no_memory(ps, line, col), END_ERROR;
			continue;
		}
		if (!play_san(ps, tok, n, line, col))
			return END_ERROR;
	}
}

/* Skips what may come between games (see sp_between). */
static void skip_between(parser *ps)
{
	for (;;) {
		skip_space(ps);
		int c = peekc(ps);
		if (c == ';' || (c == '%' && col_of(ps) == 1))
			skip_line(ps);
		else
			break;
	}
}

/* Reads the one game of the text into ps->rec. */
static void read_game(parser *ps)
{
	long line = ps->line, col = col_of(ps);
	skip_between(ps);
	if (peekc(ps) == EOF) {
		game_error(ps, line, col, "no game in the text");
		return;
	}
	if (!read_tags(ps) || !setup_start(ps))
		return;
	enum movetext_end end = read_movetext(ps);
	if (end == END_ERROR)
		return;
	const char *tag_result = arb_record_tag(ps->rec, "Result");
	if (end != END_RESULT && tag_result)
		arb_record_set_result(ps->rec, tag_result);
	if (end == END_RESULT)
		skip_between(ps);
	if (peekc(ps) != EOF)
		game_error(ps, ps->line, col_of(ps), "text after the end of the game");
}

arb_status arb_pgn_parse(const arb_pgn_text *t, const char *name, unsigned flags, arb_record *out,
			 arb_error *err)
{
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(t && t->text && out, err);
	arb_record_clear(out);

	parser ps;
	ps.p = (const unsigned char *)t->text;
	ps.end = ps.p + t->len;
	ps.begin = ps.p;
	ps.line = t->line > 0 ? t->line : 1;
	ps.col_off = -(t->column > 0 ? t->column : 1);
	ps.name = name ? name : "(input)";
	ps.number = t->number;
	ps.flags = flags;
	ps.rec = out;
	ps.fen_line = ps.fen_col = ps.variant_line = ps.variant_col = 0;
	ps.failed = 0;
	ps.text = ps.text_inline;
	ps.text_len = 0;
	ps.text_cap = sizeof ps.text_inline;
	ps.pending = -1;
	ps.pending_len = 0;
	ps.stack = ps.stack_inline;
	ps.stack_cap = FRAMES_INLINE;
	ps.depth = 0;

	read_game(&ps);

	if (ps.text != ps.text_inline)
		free(ps.text);
	if (ps.stack != ps.stack_inline)
		free(ps.stack);
	if (!ps.failed)
		return ARB_OK;
	if (err)
		*err = ps.err;
	if (!(flags & ARB_PGN_KEEP_PARTIAL))
		arb_record_clear(out);
	return ps.err.code;
}

arb_status arb_pgn_next(arb_pgn_reader *r, arb_record **record, arb_error *err)
{
	arb_pgn_text t;
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(r && record, err);
	*record = NULL;
	arb_status st = arb_pgn_next_text(r, &t, err);
	if (st == ARB_E_PGN) { /* a text too long to keep: nothing was read of it */
		arb_record_clear(r->rec);
		if (r->flags & ARB_PGN_KEEP_PARTIAL)
			*record = r->rec;
		return st;
	}
	if (st != ARB_OK || !t.text)
		return st;
	st = arb_pgn_parse(&t, r->name, r->flags, r->rec, err);
	if (st == ARB_OK) {
		*record = r->rec;
		return ARB_OK;
	}
	r->errors++;
	if (st == ARB_E_PGN && (r->flags & ARB_PGN_KEEP_PARTIAL))
		*record = r->rec;
	return st;
}

/* ------------------------------------------------------------------------
 * Writer
 * ---------------------------------------------------------------------- */

enum { LINE_MAX_COLS = 79, OUT_BUFFER = 4096 };

typedef struct writer {
	arb_write_fn fn;
	void *ctx;
	int failed; /* the sink failed, or memory ran out (nomem): nothing more is written */
	int nomem;
	char buf[OUT_BUFFER]; /* bytes for the sink, handed over in blocks (out_flush) */
	size_t buf_len;
	char line[LINE_MAX_COLS + 1];
	int len, open_line; /* open_line: written out past column 79, no newline yet */
	char *unit;         /* the pending unit: placed when the next one starts */
	size_t unit_len, unit_cap;
	int open_paren;
} writer;

/* Hands the buffered bytes to the sink. */
static void out_flush(writer *w)
{
	if (!w->failed && w->buf_len && w->fn(w->ctx, w->buf, w->buf_len) != 0)
		w->failed = 1;
	w->buf_len = 0;
}

/* Writes n bytes: buffered, so the sink is called once a block and not once
 * a word (or, for a tag value, once a byte). */
static void out(writer *w, const char *s, size_t n)
{
	if (w->buf_len + n > sizeof w->buf)
		out_flush(w);
	if (n > sizeof w->buf) {
		if (!w->failed && w->fn(w->ctx, s, n) != 0)
			w->failed = 1;
		return;
	}
	memcpy(w->buf + w->buf_len, s, n);
	w->buf_len += n;
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
static int bad_line_start(char c)
{
	return c == '[' || c == '%';
}

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
			w->failed = w->nomem = 1;
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

/* "12." (dots = 1) or "12..." (dots = 3) into buf; returns its length. */
static size_t move_number(char *buf, int number, int dots)
{
	char digits[12];
	size_t n = 0, k = 0;
	unsigned v = number < 0 ? 0u - (unsigned)number : (unsigned)number;
	if (number < 0)
		buf[k++] = '-';
	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		buf[k++] = digits[--n];
	while (dots--)
		buf[k++] = '.';
	return k;
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
		if (pos.side == ARB_WHITE || need_number)
			unit(w, buf, move_number(buf, pos.fullmove, pos.side == ARB_WHITE ? 1 : 3));
		unit(w, buf, arb_move_to_san(&pos, nd->move, buf));
		for (int i = 0; i < nd->nag_count; i++)
			unit(w, buf,
			     (size_t)snprintf(buf, sizeof buf, "$%d", g->nags[nd->nag_first + i]));
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
		arbI_pos_do_move(&pos, nd->move, &u);
	}
}

static void write_tag(writer *w, const char *name, const char *value)
{
	out(w, "[", 1);
	out(w, name, strlen(name));
	out(w, " \"", 2);
	for (const char *p = value; *p;) {
		size_t run = strcspn(p, "\"\\");
		out(w, p, run);
		p += run;
		if (*p) {
			out(w, "\\", 1);
			out(w, p++, 1);
		}
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
	arbI_api_check(g && fn, ARB_E_ARGUMENT);
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
			v = !strcmp(names[i], "FEN")   ? fen :
			    !strcmp(names[i], "SetUp") ? "1" :
							 "Chess960";
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
	out_flush(&w);
	free(w.unit);
	return w.nomem ? ARB_E_NOMEM : w.failed ? ARB_E_IO : ARB_OK;
}
