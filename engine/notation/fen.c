/*
 * fen.c -- FEN, X-FEN and Shredder-FEN in and out.
 *
 * Input is parsed into a scratch position and copied out only on success, so
 * a rejected FEN never changes the caller's position. Every error names the
 * field and the 1-based byte column and says why. Castling letters are read
 * two ways: the standard reading (K/Q = king on the e-file, rook in the
 * corner) and the Chess960 reading (K/Q = outermost rook on that wing, a file
 * letter = the rook on that file); ARB_FEN_AUTO takes the standard reading
 * when it is valid and the Chess960 one otherwise.
 */
#include "position.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { MAX_FIELDS = 7 };

static const char *const field_names[] = {
	"",           "placement",       "side to move",    "castling",
	"en passant", "half-move clock", "full-move number"};

typedef struct fen_field {
	const char *s;
	int len, column;
} fen_field;

static void note_error(arb_error *err, arb_status code, int field, int column, const char *fmt,
		       va_list ap)
{
	char why[160];
	if (!err)
		return;
	vsnprintf(why, sizeof why, fmt, ap);
	err->code = code;
	err->field = field;
	err->column = column;
	if (field > 0)
		snprintf(err->message, sizeof err->message, "field %d (%s), column %d: %s", field,
			 field_names[field], column, why);
	else
		snprintf(err->message, sizeof err->message, "column %d: %s", column, why);
}

static arb_status fen_fail(arb_error *err, arb_status code, int field, int column, const char *fmt,
			   ...)
{
	va_list ap;
	va_start(ap, fmt);
	note_error(err, code, field, column, fmt, ap);
	va_end(ap);
	if (err)
		err->repairs = 0; /* the error replaces any repair notes */
	return code;
}

/* Appends a repair note to err->message; the code stays ARB_OK. */
static void fen_repair(arb_error *err, int field, int column, const char *fmt, ...)
{
	char why[160];
	va_list ap;
	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	size_t used = strlen(err->message);
	snprintf(err->message + used, sizeof err->message - used,
		 "%srepaired field %d (%s), column %d: %s", used ? "; " : "", field,
		 field_names[field], column, why);
	err->repairs++;
}

static int piece_from_char(char c)
{
	static const char letters[] = "pnbrqk";
	const char *hit = c ? strchr(letters, tolower((unsigned char)c)) : NULL;
	if (!hit)
		return 0;
	return ARB_PIECE(isupper((unsigned char)c) ? ARB_WHITE : ARB_BLACK, hit - letters + 1);
}

static char char_from_piece(int piece)
{
	char c = " pnbrqk"[ARB_PIECE_TYPE(piece)];
	return ARB_PIECE_COLOR(piece) == ARB_WHITE ? (char)toupper((unsigned char)c) : c;
}

static const char *square_name(int sq, char buf[3])
{
	buf[0] = (char)('a' + ARB_FILE(sq));
	buf[1] = (char)('1' + ARB_RANK(sq));
	buf[2] = 0;
	return buf;
}

/* ------------------------------------------------------------------------
 * Fields 1-2: placement and side
 * ---------------------------------------------------------------------- */

static arb_status parse_placement(arb_position *t, const fen_field *f, arb_error *err)
{
	int rank = 7, file = 0;
	int sq_column[64] = {0};
	for (int i = 0; i < f->len; i++) {
		char c = f->s[i];
		int col = f->column + i;
		if (c == '/') {
			if (file != 8)
				return fen_fail(err, ARB_E_FEN_PLACEMENT, 1, col,
						"rank %d has %d squares, not 8", rank + 1, file);
			if (rank == 0)
				return fen_fail(err, ARB_E_FEN_PLACEMENT, 1, col,
						"more than 8 ranks");
			rank--;
			file = 0;
		} else if (c >= '1' && c <= '8') {
			if (i > 0 && f->s[i - 1] >= '1' && f->s[i - 1] <= '8')
				return fen_fail(
					err, ARB_E_FEN_PLACEMENT, 1, col,
					"two digits in a row (write one count per run of empty squares)");
			file += c - '0';
			if (file > 8)
				return fen_fail(err, ARB_E_FEN_PLACEMENT, 1, col,
						"rank %d has more than 8 squares", rank + 1);
		} else {
			int piece = piece_from_char(c);
			if (!piece) {
				if (isprint((unsigned char)c))
					return fen_fail(err, ARB_E_FEN_PIECE, 1, col,
							"unknown piece '%c'", c);
				return fen_fail(err, ARB_E_FEN_PIECE, 1, col,
						"unexpected byte 0x%02x", (unsigned char)c);
			}
			if (file > 7)
				return fen_fail(err, ARB_E_FEN_PLACEMENT, 1, col,
						"rank %d has more than 8 squares", rank + 1);
			sq_column[ARB_SQUARE(file, rank)] = col;
			arbI_pos_put(t, piece, ARB_SQUARE(file, rank));
			file++;
		}
	}
	int end = f->column + f->len - 1; /* the field's last byte */
	if (rank != 0)
		return fen_fail(err, ARB_E_FEN_PLACEMENT, 1, end, "only %d ranks, not 8", 8 - rank);
	if (file != 8)
		return fen_fail(err, ARB_E_FEN_PLACEMENT, 1, end, "rank 1 has %d squares, not 8",
				file);

	for (int color = ARB_WHITE; color <= ARB_BLACK; color++) {
		bb_t kings = pos_pieces(t, color, ARB_KING);
		const char *name = color == ARB_WHITE ? "white" : "black";
		if (!kings)
			return fen_fail(err, ARB_E_FEN_KINGS, 1, f->column, "no %s king", name);
		if (bb_more_than_one(kings)) {
			kings &= kings - 1;
			return fen_fail(err, ARB_E_FEN_KINGS, 1, sq_column[bb_lsb(kings)],
					"more than one %s king", name);
		}
	}
	/* More than 16 pieces a side no game can reach; the limit also bounds
	 * every move list by ARB_MAX_MOVES (15 queens and a king cannot reach
	 * 512 moves). Unreachable but bounded material (9 pawns, say) is
	 * accepted: composed and test positions use it. */
	for (int color = ARB_WHITE; color <= ARB_BLACK; color++) {
		const char *name = color == ARB_WHITE ? "white" : "black";
		bb_t own = t->by_color[color];
		if (bb_popcount(own) > 16)
			return fen_fail(err, ARB_E_FEN_PLACEMENT, 1, sq_column[bb_lsb(own)],
					"%s has %d pieces; at most 16", name, bb_popcount(own));
	}
	bb_t bad = t->by_type[ARB_PAWN] & (RANK_1 | RANK_8);
	if (bad) {
		char sq[3];
		return fen_fail(err, ARB_E_FEN_PAWNS, 1, sq_column[bb_lsb(bad)],
				"a pawn on %s (pawns never stand on the first or last rank)",
				square_name(bb_lsb(bad), sq));
	}
	return ARB_OK;
}

static arb_status parse_side(arb_position *t, const fen_field *f, arb_error *err)
{
	if (f->len != 1 || (f->s[0] != 'w' && f->s[0] != 'b'))
		return fen_fail(err, ARB_E_FEN_SIDE, 2, f->column,
				"side to move must be 'w' or 'b'");
	t->side = f->s[0] == 'w' ? ARB_WHITE : ARB_BLACK;
	if (pos_attacked_by(t, pos_king(t, t->side ^ 1), t->side, pos_occupied(t)))
		return fen_fail(err, ARB_E_FEN_CHECK, 2, f->column,
				"the side not to move (%s) is in check",
				t->side == ARB_WHITE ? "black" : "white");
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Field 3: castling
 * ---------------------------------------------------------------------- */

typedef struct right_req {
	int color, column;
	char letter;
} right_req;

/* Resolves one castling letter under a reading; fills *wing and *rook or writes why. */
static int resolve_right(const arb_position *t, const right_req *r, int chess960, int *wing,
			 int *rook, char *why, size_t n)
{
	const int color = r->color, back = color == ARB_WHITE ? 0 : 7;
	const char *cname = color == ARB_WHITE ? "white" : "black";
	const char lower = (char)tolower((unsigned char)r->letter);
	const int rook_piece = ARB_PIECE(color, ARB_ROOK);
	int ksq = pos_king(t, color);

	if (ARB_RANK(ksq) != back) {
		snprintf(why, n, "'%c' needs the %s king on its first rank", r->letter, cname);
		return 0;
	}
	int kfile = ARB_FILE(ksq);
	if (lower == 'k' || lower == 'q') {
		*wing = lower == 'k' ? ARB_KINGSIDE : ARB_QUEENSIDE;
		if (!chess960) {
			int corner = ARB_SQUARE(*wing == ARB_KINGSIDE ? 7 : 0, back);
			char sq[3];
			if (kfile != 4) {
				snprintf(why, n, "'%c' needs the %s king on e%d", r->letter, cname,
					 back + 1);
				return 0;
			}
			if (t->board[corner] != rook_piece) {
				snprintf(why, n, "'%c' needs a %s rook on %s", r->letter, cname,
					 square_name(corner, sq));
				return 0;
			}
			*rook = corner;
			return 1;
		}
		/* X-FEN: the outermost rook on that wing. */
		int step = *wing == ARB_KINGSIDE ? -1 : 1;
		for (int f = *wing == ARB_KINGSIDE ? 7 : 0; f != kfile; f += step) {
			if (t->board[ARB_SQUARE(f, back)] == rook_piece) {
				*rook = ARB_SQUARE(f, back);
				return 1;
			}
		}
		snprintf(why, n, "'%c': no %s rook on the %s of the king", r->letter, cname,
			 *wing == ARB_KINGSIDE ? "kingside" : "queenside");
		return 0;
	}
	/* A file letter names the rook. */
	int rf = lower - 'a';
	char sq[3];
	*rook = ARB_SQUARE(rf, back);
	if (t->board[*rook] != rook_piece) {
		snprintf(why, n, "'%c' needs a %s rook on %s", r->letter, cname,
			 square_name(*rook, sq));
		return 0;
	}
	*wing = rf > kfile ? ARB_KINGSIDE : ARB_QUEENSIDE;
	if (!chess960 && (kfile != 4 || (rf != 0 && rf != 7))) {
		snprintf(why, n, "'%c' is a Chess960 castling right (not allowed in standard mode)",
			 r->letter);
		return 0;
	}
	return 1;
}

/* Applies every request under one reading; counts failures; on the first failure
 * (when !repair) returns it via err. */
static int apply_rights(arb_position *t, const right_req *req, int count, int chess960, int repair,
			arb_error *err, int *failed_column, char *failed_why, size_t why_n)
{
	int failures = 0;
	t->rights = 0;
	for (int i = 0; i < count; i++) {
		int wing = 0, rook = 0;
		char why[160];
		if (!resolve_right(t, &req[i], chess960, &wing, &rook, why, sizeof why)) {
			if (!failures) {
				*failed_column = req[i].column;
				snprintf(failed_why, why_n, "%s", why);
			}
			failures++;
			if (repair)
				fen_repair(err, 3, req[i].column, "dropped castling right: %s",
					   why);
			continue;
		}
		int idx = RIGHT_INDEX(req[i].color, wing);
		if (t->rights & (1u << idx)) {
			if (!failures) {
				*failed_column = req[i].column;
				snprintf(failed_why, why_n,
					 "'%c': a second castling right on the %s %s",
					 req[i].letter,
					 req[i].color == ARB_WHITE ? "white" : "black",
					 wing == ARB_KINGSIDE ? "kingside" : "queenside");
			}
			failures++;
			if (repair)
				fen_repair(err, 3, req[i].column,
					   "dropped duplicate castling right '%c'", req[i].letter);
			continue;
		}
		castle_rule *c = &t->castle[idx];
		int back = ARB_RANK(rook);
		c->king_from = (uint8_t)pos_king(t, req[i].color);
		c->rook_from = (uint8_t)rook;
		c->king_to = (uint8_t)ARB_SQUARE(wing == ARB_KINGSIDE ? 6 : 2, back);
		c->rook_to = (uint8_t)ARB_SQUARE(wing == ARB_KINGSIDE ? 5 : 3, back);
		arbI_castle_rule_derive(c);
		t->rights |= (uint8_t)(1u << idx);
	}
	return failures;
}

static arb_status parse_castling(arb_position *t, const fen_field *f, unsigned flags,
				 arb_error *err)
{
	right_req req[16];
	int count = 0, letters = 0;
	t->chess960 = (flags & ARB_FEN_CHESS960) != 0;
	if (f->len == 1 && f->s[0] == '-')
		return ARB_OK;
	for (int i = 0; i < f->len; i++) {
		char c = f->s[i];
		char lower = (char)tolower((unsigned char)c);
		int ok = (lower >= 'a' && lower <= 'h') || lower == 'k' || lower == 'q';
		if (!ok) {
			if (!isprint((unsigned char)c))
				return fen_fail(err, ARB_E_FEN_CASTLING, 3, f->column + i,
						"unexpected byte 0x%02x", (unsigned char)c);
			return fen_fail(err, ARB_E_FEN_CASTLING, 3, f->column + i,
					"unknown castling letter '%c'", c);
		}
		for (int j = 0; j < count; j++)
			if (req[j].letter == c)
				return fen_fail(err, ARB_E_FEN_CASTLING, 3, f->column + i,
						"castling letter '%c' repeated", c);
		if (count == 4)
			return fen_fail(err, ARB_E_FEN_CASTLING, 3, f->column + i,
					"more than four castling rights");
		if (lower != 'k' && lower != 'q')
			letters = 1;
		req[count].color = isupper((unsigned char)c) ? ARB_WHITE : ARB_BLACK;
		req[count].letter = c;
		req[count].column = f->column + i;
		count++;
	}

	const int repair = (flags & ARB_FEN_REPAIR) != 0;
	int col = 0, col960 = 0;
	char why[160], why960[160];
	arb_position scratch = *t;
	int chess960;
	if (flags & ARB_FEN_CHESS960) {
		chess960 = 1;
	} else if (flags & ARB_FEN_STANDARD) {
		chess960 = 0;
	} else if (letters) {
		chess960 = 1; /* file letters are Shredder-FEN / X-FEN: a Chess960 game */
	} else {
		/* Auto: the standard reading when it is valid, else Chess960 when that is. */
		int bad_std = apply_rights(&scratch, req, count, 0, 0, NULL, &col, why, sizeof why);
		int bad_960 = apply_rights(&scratch, req, count, 1, 0, NULL, &col960, why960,
					   sizeof why960);
		if (bad_std == 0)
			chess960 = 0;
		else if (bad_960 == 0)
			chess960 = 1;
		else
			chess960 = bad_960 < bad_std;
	}
	t->chess960 = (uint8_t)chess960;
	int bad = apply_rights(t, req, count, chess960, repair, err, &col, why, sizeof why);
	if (bad && !repair)
		return fen_fail(err, ARB_E_FEN_CASTLING, 3, col, "%s", why);
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Fields 4-6
 * ---------------------------------------------------------------------- */

static arb_status parse_ep(arb_position *t, const fen_field *f, int halfmove, unsigned flags,
			   arb_error *err)
{
	t->ep = ARB_NO_SQUARE;
	if (f->len == 1 && f->s[0] == '-')
		return ARB_OK;
	if (f->len != 2 || f->s[0] < 'a' || f->s[0] > 'h' || f->s[1] < '1' || f->s[1] > '8')
		return fen_fail(err, ARB_E_FEN_EP, 4, f->column,
				"expected '-' or a square such as e3");
	int sq = ARB_SQUARE(f->s[0] - 'a', f->s[1] - '1');
	int want_rank = t->side == ARB_WHITE ? 5 : 2;
	char name[3];
	square_name(sq, name);
	int them = t->side ^ 1;
	int pushed = sq ^ 8, origin = t->side == ARB_WHITE ? sq + 8 : sq - 8;
	const char *why = NULL;
	char rank_why[64];
	if (ARB_RANK(sq) != want_rank) {
		snprintf(rank_why, sizeof rank_why, "not on rank %d (%s to move)", want_rank + 1,
			 t->side == ARB_WHITE ? "white" : "black");
		why = rank_why;
	} else if (halfmove > 0) {
		why = "the half-move clock is not 0, so the last move was no pawn push";
	} else if (t->board[pushed] != ARB_PIECE(them, ARB_PAWN))
		why = "no pawn in front of it that could just have moved two squares";
	else if (t->board[sq] || t->board[origin])
		why = "the squares the pawn crossed are not empty";
	if (why) {
		if (!(flags & ARB_FEN_REPAIR))
			return fen_fail(err, ARB_E_FEN_EP, 4, f->column, "e.p. square %s: %s", name,
					why);
		fen_repair(err, 4, f->column, "dropped e.p. square %s: %s", name, why);
		return ARB_OK;
	}
	/* FIDE 9.2: kept only when an e.p. capture is legal. */
	arbI_pos_set_ep_if_legal(t, sq);
	return ARB_OK;
}

static arb_status parse_number(const fen_field *f, int field, int min, int *out, arb_error *err)
{
	long v = 0;
	if (f->len == 0)
		return fen_fail(err, ARB_E_FEN_CLOCK, field, f->column, "expected a number");
	if (f->len > 9 && strspn(f->s, "0123456789") >= (size_t)f->len)
		return fen_fail(err, ARB_E_FEN_CLOCK, field, f->column,
				"number too large (at most %d)", ARB_CLOCK_MAX);
	for (int i = 0; i < f->len; i++) {
		if (!isdigit((unsigned char)f->s[i]))
			return fen_fail(err, ARB_E_FEN_CLOCK, field, f->column + i,
					"expected a number, found '%c'",
					isprint((unsigned char)f->s[i]) ? f->s[i] : '?');
		if (i < 9)
			v = v * 10 + (f->s[i] - '0');
	}
	if (v < min || v > ARB_CLOCK_MAX)
		return fen_fail(err, ARB_E_FEN_CLOCK, field, f->column,
				"%ld is out of range (%d..%d)", v, min, ARB_CLOCK_MAX);
	*out = (int)v;
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Entry points
 * ---------------------------------------------------------------------- */

static int split_fields(const char *fen, fen_field *fields)
{
	int n = 0;
	const char *s = fen;
	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
			s++;
		if (!*s)
			break;
		const char *start = s;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			s++;
		if (n < MAX_FIELDS) {
			fields[n].s = start;
			fields[n].len = (int)(s - start);
			fields[n].column = (int)(start - fen) + 1;
		}
		n++;
	}
	return n;
}

arb_status arb_position_set_fen(arb_position *pos, const char *fen, unsigned flags, arb_error *err)
{
	fen_field fields[MAX_FIELDS];
	arb_position t;
	arb_status st;

	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(pos && fen, err);
	size_t len = strnlen(fen, ARB_FEN_INPUT_MAX + 1);
	if (len > ARB_FEN_INPUT_MAX)
		return fen_fail(err, ARB_E_FEN_FIELDS, 0, ARB_FEN_INPUT_MAX + 1,
				"FEN longer than %d bytes", ARB_FEN_INPUT_MAX);
	if ((flags & ARB_FEN_STANDARD) && (flags & ARB_FEN_CHESS960))
		return fen_fail(err, ARB_E_ARGUMENT, 0, 0,
				"both standard and Chess960 mode requested");

	int n = split_fields(fen, fields);
	if (n < 4)
		return fen_fail(
			err, ARB_E_FEN_FIELDS, 0, (int)len + 1,
			"%d field%s; a FEN needs at least 4 (placement, side, castling, e.p.)", n,
			n == 1 ? "" : "s");
	if (n > 6)
		return fen_fail(err, ARB_E_FEN_FIELDS, 0, fields[6].column,
				"%d fields; a FEN has at most 6", n);

	arbI_pos_clear(&t);
	int half = 0, full = 1;
	if ((st = parse_placement(&t, &fields[0], err)) || (st = parse_side(&t, &fields[1], err)) ||
	    (st = parse_castling(&t, &fields[2], flags, err)) ||
	    (n >= 5 && (st = parse_number(&fields[4], 5, 0, &half, err))) ||
	    (n >= 6 && (st = parse_number(&fields[5], 6, 1, &full, err))) ||
	    (st = parse_ep(&t, &fields[3], half, flags, err)))
		return st;
	t.halfmove = (uint32_t)half;
	t.fullmove = full;
	arbI_pos_update_castle_masks(&t);
	t.key = arbI_pos_compute_key(&t);
	*pos = t;
	return ARB_OK;
}

/* Is the castling rook the outermost own rook on its wing? (X-FEN writes K/Q then.) */
static int outermost_rook(const arb_position *p, int i)
{
	const castle_rule *c = &p->castle[i];
	int color = i / 2, rook_piece = ARB_PIECE(color, ARB_ROOK);
	int rank = ARB_RANK(c->rook_from), rf = ARB_FILE(c->rook_from);
	int step = i % 2 == ARB_KINGSIDE ? 1 : -1;
	for (int f = rf + step; f >= 0 && f < 8; f += step)
		if (p->board[ARB_SQUARE(f, rank)] == rook_piece)
			return 0;
	return 1;
}

size_t arb_position_to_fen(const arb_position *pos, char *buf, size_t n, unsigned flags)
{
	char out[ARB_FEN_MAX + 32];
	size_t k = 0;
	arbI_api_check(pos && (buf || !n), 0);
	for (int rank = 7; rank >= 0; rank--) {
		int empty = 0;
		for (int file = 0; file < 8; file++) {
			int pc = pos->board[ARB_SQUARE(file, rank)];
			if (!pc) {
				empty++;
				continue;
			}
			if (empty)
				out[k++] = (char)('0' + empty);
			empty = 0;
			out[k++] = char_from_piece(pc);
		}
		if (empty)
			out[k++] = (char)('0' + empty);
		if (rank)
			out[k++] = '/';
	}
	out[k++] = ' ';
	out[k++] = pos->side == ARB_WHITE ? 'w' : 'b';
	out[k++] = ' ';
	size_t before = k;
	for (int i = 0; i < 4; i++) {
		if (!(pos->rights & (1u << i)))
			continue;
		int white = i < 2;
		char c;
		if (!(flags & ARB_FEN_SHREDDER) && outermost_rook(pos, i))
			c = i % 2 == ARB_KINGSIDE ? 'k' : 'q';
		else
			c = (char)('a' + ARB_FILE(pos->castle[i].rook_from));
		out[k++] = white ? (char)toupper((unsigned char)c) : c;
	}
	if (k == before)
		out[k++] = '-';
	out[k++] = ' ';
	if (pos->ep != ARB_NO_SQUARE) {
		char sq[3];
		square_name(pos->ep, sq);
		out[k++] = sq[0];
		out[k++] = sq[1];
	} else {
		out[k++] = '-';
	}
	k += (size_t)snprintf(out + k, sizeof out - k, " %d %d", pos->halfmove, pos->fullmove);
	if (n) {
		size_t copy = k < n ? k : n - 1;
		memcpy(buf, out, copy);
		buf[copy] = 0;
	}
	return k;
}
