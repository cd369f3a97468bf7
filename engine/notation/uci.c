/*
 * uci.c -- moves in UCI long algebraic notation, in and out.
 *
 * Conversion happens only here, at the edge: inside, castling is "king takes
 * own rook". Output follows the position's mode (e1g1 standard, e1h1
 * Chess960); input accepts both forms wherever the reading is unambiguous.
 */
#include "position.h"

#include <stdio.h>
#include <string.h>

static arb_status uci_fail(arb_error *err, arb_status code, int column, const char *text,
			   const char *why)
{
	if (err) {
		memset(err, 0, sizeof *err);
		err->code = code;
		err->column = column;
		snprintf(err->message, sizeof err->message, "UCI move '%.16s'%s: %s", text,
			 strlen(text) > 16 ? "..." : "", why);
	}
	return code;
}

static int parse_square(const char *s)
{
	if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
		return -1;
	return ARB_SQUARE(s[0] - 'a', s[1] - '1');
}

arb_status arb_move_from_uci(const arb_position *pos, const char *text, arb_move *out,
			     arb_error *err)
{
	arb_move list[ARB_MAX_MOVES];
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(pos && text && out, err);
	*out = ARB_MOVE_NONE;
	size_t len = strnlen(text, 8);
	if (len == 4 && memcmp(text, "0000", 4) == 0) {
		*out = ARB_MOVE_NULL;
		return ARB_OK;
	}
	if (len != 4 && len != 5)
		return uci_fail(err, ARB_E_MOVE_SYNTAX, 1, text,
				"expected 4 or 5 characters such as e2e4 or e7e8q");
	int from = parse_square(text), to = parse_square(text + 2);
	if (from < 0)
		return uci_fail(err, ARB_E_MOVE_SYNTAX, 1, text, "bad origin square");
	if (to < 0)
		return uci_fail(err, ARB_E_MOVE_SYNTAX, 3, text, "bad destination square");
	int promo = ARB_NO_PIECE_TYPE;
	if (len == 5) {
		const char *hit = strchr("nbrq", text[4]);
		if (!text[4] || !hit)
			return uci_fail(err, ARB_E_MOVE_SYNTAX, 5, text,
					"promotion piece must be one of n, b, r, q");
		promo = ARB_KNIGHT + (int)(hit - "nbrq");
	}

	/* A piece other than the king asks only for its kind's moves onto the
	 * square (the same moves, in the same order, as the whole list has
	 * there); a king's may be a castling written either way: the whole list. */
	int mover = pos->board[from], n;
	if (mover && (int)ARB_PIECE_COLOR(mover) == pos->side && ARB_PIECE_TYPE(mover) != ARB_KING)
		n = arbI_gen_legal_to(pos, ARB_PIECE_TYPE(mover), to, list);
	else
		n = arbI_gen_legal(pos, list);
	int by_dest = 0;
	arb_move castle_by_dest = ARB_MOVE_NONE;
	for (int i = 0; i < n; i++) {
		arb_move m = list[i];
		if (ARB_MOVE_FROM(m) != from)
			continue;
		arb_move_kind kind = ARB_MOVE_KIND(m);
		if (kind == ARB_MOVE_CASTLING) {
			if (promo)
				continue;
			if (ARB_MOVE_TO(m) == to) { /* king takes own rook */
				*out = m;
				return ARB_OK;
			}
			const castle_rule *c = &pos->castle[RIGHT_INDEX(
				pos->side, ARB_MOVE_TO(m) > from ? ARB_KINGSIDE : ARB_QUEENSIDE)];
			if (c->king_to == to && c->king_to != c->king_from) {
				castle_by_dest = m;
				by_dest++;
			}
			continue;
		}
		if (ARB_MOVE_TO(m) != to)
			continue;
		if (kind == ARB_MOVE_PROMOTION) {
			if (promo == (int)ARB_MOVE_PROMOTION_TYPE(m)) {
				*out = m;
				return ARB_OK;
			}
			continue;
		}
		if (promo)
			return uci_fail(err, ARB_E_MOVE_ILLEGAL, 5, text, "not a promotion");
		*out = m; /* an ordinary move wins over castling written as a king move */
		return ARB_OK;
	}
	if (by_dest > 1)
		return uci_fail(err, ARB_E_MOVE_AMBIGUOUS, 1, text,
				"both castlings end on this square: write the king onto its rook");
	if (castle_by_dest) {
		*out = castle_by_dest;
		return ARB_OK;
	}
	int piece = pos->board[from];
	if (!piece || ARB_PIECE_COLOR(piece) != pos->side)
		return uci_fail(err, ARB_E_MOVE_ILLEGAL, 1, text,
				"no piece of the side to move on the origin square");
	if (ARB_PIECE_TYPE(piece) == ARB_PAWN && !promo &&
	    ARB_RANK(to) == (pos->side == ARB_WHITE ? 7 : 0))
		return uci_fail(err, ARB_E_MOVE_ILLEGAL, 5, text,
				"a promotion needs a piece letter");
	return uci_fail(err, ARB_E_MOVE_ILLEGAL, 1, text, "not a legal move in this position");
}

size_t arb_move_to_uci(const arb_position *pos, arb_move move, char *buf)
{
	arbI_api_check(pos && buf, 0);
	if (move == ARB_MOVE_NULL || move == ARB_MOVE_NONE) {
		memcpy(buf, "0000", 5);
		return 4;
	}
	int from = ARB_MOVE_FROM(move), to = ARB_MOVE_TO(move);
	if (ARB_MOVE_KIND(move) == ARB_MOVE_CASTLING && !pos->chess960) {
		int wing = to > from ? ARB_KINGSIDE : ARB_QUEENSIDE;
		int king_to = pos->castle[RIGHT_INDEX(pos->side, wing)].king_to;
		int files = ARB_FILE(king_to) - ARB_FILE(from);
		if (files >= 2 || files <= -2)
			to = king_to; /* never an ordinary king move: unambiguous */
	}
	size_t k = 0;
	buf[k++] = (char)('a' + ARB_FILE(from));
	buf[k++] = (char)('1' + ARB_RANK(from));
	buf[k++] = (char)('a' + ARB_FILE(to));
	buf[k++] = (char)('1' + ARB_RANK(to));
	if (ARB_MOVE_KIND(move) == ARB_MOVE_PROMOTION)
		buf[k++] = "nbrq"[ARB_MOVE_PROMOTION_TYPE(move) - ARB_KNIGHT];
	buf[k] = 0;
	return k;
}
