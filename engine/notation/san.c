/*
 * san.c -- Standard Algebraic Notation in and out (PGN standard 8.2.3).
 *
 * Output is canonical: minimal disambiguation, 'x', "=Q", '+'/'#', and
 * "O-O"/"O-O-O" for castling whatever the squares (Chess960 included).
 * Input is matched against the legal moves it can mean (those of the written
 * piece onto the written square; generating only those is what makes
 * reading fast), never guessed: a text that fits two legal moves is an
 * error, not the first match. The lenient reader
 * takes the common deviations found in real files; ARB_SAN_STRICT takes only
 * what arb_move_to_san writes.
 */
#include "position.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { SAN_INPUT_MAX = 32 };

static const char piece_letters[] = "  NBRQK"; /* by arb_piece_type */

static size_t put_square(char *buf, size_t k, int sq)
{
	buf[k++] = (char)('a' + ARB_FILE(sq));
	buf[k++] = (char)('1' + ARB_RANK(sq));
	return k;
}

/* "O-O" or "O-O-O": the wing is where the rook stands relative to the king. */
static size_t put_castling(char *buf, size_t k, arb_move m)
{
	int queenside = ARB_MOVE_TO(m) < ARB_MOVE_FROM(m);
	memcpy(buf + k, queenside ? "O-O-O" : "O-O", queenside ? 5 : 3);
	return k + (queenside ? 5 : 3);
}

/* SAN without the check suffix. */
static size_t san_body(const arb_position *p, arb_move m, const arb_move *list, int n, char *buf)
{
	const int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
	const arb_move_kind kind = ARB_MOVE_KIND(m);
	const int type = ARB_PIECE_TYPE(p->board[from]);
	const int capture =
		kind == ARB_MOVE_EN_PASSANT || (kind != ARB_MOVE_CASTLING && p->board[to]);
	size_t k = 0;

	if (kind == ARB_MOVE_CASTLING)
		return put_castling(buf, k, m);
	if (type == ARB_PAWN) {
		if (capture)
			buf[k++] = (char)('a' + ARB_FILE(from));
	} else {
		buf[k++] = piece_letters[type];
		int others = 0, same_file = 0, same_rank = 0;
		for (int i = 0; i < n; i++) {
			int f2 = ARB_MOVE_FROM(list[i]);
			if (list[i] == m || ARB_MOVE_TO(list[i]) != to || f2 == from ||
			    ARB_MOVE_KIND(list[i]) == ARB_MOVE_CASTLING ||
			    (int)ARB_PIECE_TYPE(p->board[f2]) != type)
				continue;
			others = 1;
			same_file |= ARB_FILE(f2) == ARB_FILE(from);
			same_rank |= ARB_RANK(f2) == ARB_RANK(from);
		}
		if (others && (!same_file || same_rank))
			buf[k++] = (char)('a' + ARB_FILE(from));
		if (others && same_file)
			buf[k++] = (char)('1' + ARB_RANK(from));
	}
	if (capture)
		buf[k++] = 'x';
	k = put_square(buf, k, to);
	if (kind == ARB_MOVE_PROMOTION) {
		buf[k++] = '=';
		buf[k++] = piece_letters[ARB_MOVE_PROMOTION_TYPE(m)];
	}
	return k;
}

/* '+', '#' or nothing. Whether a move checks is read off the board for all
 * but castling and e.p. (played on a copy); only a check needs the
 * position after it, to tell mate. */
static char check_suffix(const arb_position *p, arb_move m)
{
	const arb_move_kind kind = ARB_MOVE_KIND(m);
	if (kind != ARB_MOVE_CASTLING && kind != ARB_MOVE_EN_PASSANT &&
	    !arbI_move_gives_check(p, m))
		return 0;
	arb_position after = *p;
	arb_undo u;
	arbI_pos_do_move(&after, m, &u);
	if (!pos_checkers(&after))
		return 0;
	return arbI_pos_has_legal_move(&after) ? '+' : '#';
}

size_t arb_move_to_san(const arb_position *pos, arb_move move, char *buf)
{
	arb_move list[ARB_MAX_MOVES];
	arbI_api_check(pos && buf, 0);
	if (move == ARB_MOVE_NULL || move == ARB_MOVE_NONE) {
		memcpy(buf, "--", 3);
		return 2;
	}
	/* Disambiguation asks only for the moves of the same piece type onto
	 * the same square (none for pawns and castling, which need none). */
	int type = ARB_PIECE_TYPE(pos->board[ARB_MOVE_FROM(move)]), n = 0;
	if (type != ARB_PAWN && ARB_MOVE_KIND(move) != ARB_MOVE_CASTLING)
		n = arbI_gen_legal_to(pos, type, ARB_MOVE_TO(move), list);
	size_t k = san_body(pos, move, list, n, buf);
	char suffix = check_suffix(pos, move);
	if (suffix)
		buf[k++] = suffix;
	buf[k] = 0;
	return k;
}

/* ------------------------------------------------------------------------
 * Input
 * ---------------------------------------------------------------------- */

static arb_status san_fail(arb_error *err, arb_status code, const char *text, size_t len,
			   int column, const char *fmt, ...)
{
	char prefix[40];
	va_list ap;
	snprintf(prefix, sizeof prefix, "SAN '%.*s'%s", (int)(len > 20 ? 20 : len), text,
		 len > 20 ? "..." : "");
	va_start(ap, fmt);
	arbI_err_vreport(err, code, column, prefix, fmt, ap);
	va_end(ap);
	return code;
}

typedef struct san_parts {
	int castle; /* 0, 1 = O-O, 2 = O-O-O */
	int type;   /* piece type moving */
	int from_file, from_rank, to;
	int promo;
	int capture_mark, check_mark; /* check_mark: 0, '+' or '#' */
} san_parts;

static int is_file(char c)
{
	return c >= 'a' && c <= 'h';
}
static int is_rank(char c)
{
	return c >= '1' && c <= '8';
}

/* The piece type of a SAN piece letter (N, B, R, Q, K), else 0. */
static int piece_letter_type(char c)
{
	switch (c) {
	case 'N':
		return ARB_KNIGHT;
	case 'B':
		return ARB_BISHOP;
	case 'R':
		return ARB_ROOK;
	case 'Q':
		return ARB_QUEEN;
	case 'K':
		return ARB_KING;
	default:
		return 0;
	}
}

static int promo_type(char c)
{
	int type = piece_letter_type(c);
	return type == ARB_KING ? 0 : type;
}

/* Splits a (glyph-stripped) SAN into its parts; returns 0 and a reason on failure. */
static int san_split(const char *s, size_t len, san_parts *sp, const char **why, int *column)
{
	memset(sp, 0, sizeof *sp);
	sp->from_file = sp->from_rank = -1;
	*column = 1;
	if ((len == 3 && (!memcmp(s, "O-O", 3) || !memcmp(s, "0-0", 3))))
		return sp->castle = 1;
	if ((len == 5 && (!memcmp(s, "O-O-O", 5) || !memcmp(s, "0-0-0", 5))))
		return sp->castle = 2;

	size_t i = 0, end = len;
	sp->type = ARB_PAWN;
	if (i < end && piece_letter_type(s[i])) {
		sp->type = piece_letter_type(s[i]);
		i++;
	}
	/* Promotion at the end: "=Q", "Q" after a rank, or lowercase after '='. */
	if (end > i && promo_type(s[end - 1]) && end >= 2 &&
	    (s[end - 2] == '=' || is_rank(s[end - 2]))) {
		sp->promo = promo_type(s[end - 1]);
		end -= s[end - 2] == '=' ? 2 : 1;
	} else if (end >= 2 && s[end - 2] == '=' && s[end - 1] >= 'a' && s[end - 1] <= 'z' &&
		   promo_type((char)(s[end - 1] - 'a' + 'A'))) {
		sp->promo = promo_type((char)(s[end - 1] - 'a' + 'A'));
		end -= 2;
	}
	if (end < i + 2 || !is_file(s[end - 2]) || !is_rank(s[end - 1])) {
		*why = "no destination square";
		*column = (int)end;
		return 0;
	}
	sp->to = ARB_SQUARE(s[end - 2] - 'a', s[end - 1] - '1');
	for (size_t j = i; j < end - 2; j++) {
		char c = s[j];
		*column = (int)j + 1;
		if (is_file(c) && sp->from_file < 0 && sp->from_rank < 0 && !sp->capture_mark)
			sp->from_file = c - 'a';
		else if (is_rank(c) && sp->from_rank < 0 && !sp->capture_mark)
			sp->from_rank = c - '1';
		else if ((c == 'x' || c == ':') && !sp->capture_mark)
			sp->capture_mark = 1;
		else if (c == '-' && j == end - 3) /* long algebraic "Ng1-f3" */
			continue;
		else {
			*why = "unexpected character";
			return 0;
		}
	}
	return 1;
}

/* Removes annotation glyphs, check marks and "e.p." from the end; notes the check mark. */
static size_t strip_suffixes(const char *s, size_t len, int *check_mark)
{
	*check_mark = 0;
	for (;;) {
		if (len && (s[len - 1] == '!' || s[len - 1] == '?')) {
			len--;
		} else if (len && (s[len - 1] == '+' || s[len - 1] == '#')) {
			if (!*check_mark)
				*check_mark = s[len - 1];
			len--;
		} else if (len >= 4 && !memcmp(s + len - 4, "e.p.", 4)) {
			len -= 4;
		} else {
			return len;
		}
	}
}

static int match_move(const arb_position *p, arb_move m, const san_parts *sp)
{
	const int from = ARB_MOVE_FROM(m);
	const arb_move_kind kind = ARB_MOVE_KIND(m);
	if (kind == ARB_MOVE_CASTLING)
		return 0;
	if (ARB_MOVE_TO(m) != sp->to || (int)ARB_PIECE_TYPE(p->board[from]) != sp->type)
		return 0;
	if (sp->from_file >= 0 && ARB_FILE(from) != sp->from_file)
		return 0;
	if (sp->from_rank >= 0 && ARB_RANK(from) != sp->from_rank)
		return 0;
	/* A pawn written without its file moves straight ahead ("d5" is never "cxd5"). */
	if (sp->type == ARB_PAWN && sp->from_file < 0 && ARB_FILE(from) != ARB_FILE(sp->to))
		return 0;
	if (kind == ARB_MOVE_PROMOTION)
		return sp->promo == (int)ARB_MOVE_PROMOTION_TYPE(m);
	return sp->promo == 0;
}

arb_status arb_move_from_san(const arb_position *pos, const char *text, size_t len, unsigned flags,
			     arb_move *out, arb_error *err)
{
	arb_move list[ARB_MAX_MOVES];
	san_parts sp;
	const char *why = NULL;
	int column = 1, check_mark = 0;

	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(pos && text && out, err);
	*out = ARB_MOVE_NONE;
	len = strnlen(text, len);
	if (len == 0 || len > SAN_INPUT_MAX)
		return san_fail(err, ARB_E_MOVE_SYNTAX, text, len, 1,
				len ? "too long" : "empty move");
	size_t core = strip_suffixes(text, len, &check_mark);
	if ((core == 2 && (!memcmp(text, "--", 2) || !memcmp(text, "Z0", 2)))) {
		*out = ARB_MOVE_NULL;
		return ARB_OK;
	}
	if (!san_split(text, core, &sp, &why, &column))
		return san_fail(err, ARB_E_MOVE_SYNTAX, text, len, column, "%s", why);

	/* Only the candidates: the written piece's legal moves onto the written
	 * square, or the castlings; matched below as against the whole list,
	 * whose order they keep (so the messages are the same). */
	int n = sp.castle ? arbI_gen_castlings(pos, list) :
			    arbI_gen_legal_to(pos, sp.type, sp.to, list);
	int found = 0;
	arb_move match = ARB_MOVE_NONE, second = ARB_MOVE_NONE;
	for (int i = 0; i < n; i++) {
		arb_move m = list[i];
		int ok = sp.castle ?
				 ARB_MOVE_KIND(m) == ARB_MOVE_CASTLING &&
					 (ARB_MOVE_TO(m) < ARB_MOVE_FROM(m)) == (sp.castle == 2) :
				 match_move(pos, m, &sp);
		if (!ok)
			continue;
		if (found++)
			second = m;
		else
			match = m;
	}
	if (found == 0) {
		if (sp.castle)
			return san_fail(err, ARB_E_MOVE_ILLEGAL, text, len, 1,
					"castling %s is not legal here",
					sp.castle == 1 ? "kingside" : "queenside");
		return san_fail(err, ARB_E_MOVE_ILLEGAL, text, len, 1, "no legal move matches");
	}
	if (found > 1) {
		char a[8], b[8];
		arb_move_to_uci(pos, match, a);
		arb_move_to_uci(pos, second, b);
		return san_fail(err, ARB_E_MOVE_AMBIGUOUS, text, len, 1,
				"ambiguous: fits %d legal moves (%s, %s%s)", found, a, b,
				found > 2 ? ", ..." : "");
	}
	if (flags & ARB_SAN_STRICT) {
		char canon[ARB_SAN_MAX];
		size_t clen = arb_move_to_san(pos, match, canon);
		size_t glyphless = len;
		while (glyphless && (text[glyphless - 1] == '!' || text[glyphless - 1] == '?'))
			glyphless--;
		if (glyphless != clen || memcmp(text, canon, clen) != 0) {
			int capture = canon[strcspn(canon, "x")] == 'x';
			if (sp.capture_mark && !capture)
				return san_fail(
					err, ARB_E_MOVE_SYNTAX, text, len, 1,
					"capture mark on a move that captures nothing (strict)");
			return san_fail(err, ARB_E_MOVE_SYNTAX, text, len, 1,
					"not canonical SAN: %s (strict)", canon);
		}
	}
	(void)check_mark;
	*out = match;
	return ARB_OK;
}
