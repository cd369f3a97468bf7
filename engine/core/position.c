/*
 * position.c -- the position object: construction, board editing, castling
 * geometry, Zobrist keys, e.p. legality, make/unmake and the invariant check.
 *
 * Castling is "king takes own rook": do_move lifts both pieces before placing
 * either, so a king that lands on its rook's square, or a king or rook that
 * does not move, needs no special case (Stockfish's do_castling does the same).
 */
#include "position.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Construction
 * ---------------------------------------------------------------------- */

arb_position *arb_position_new(void)
{
	arb_position *p = malloc(sizeof *p);
	if (p)
		arb_position_set_start(p);
	return p;
}

void arb_position_free(arb_position *pos)
{
	free(pos);
}

arb_position *arb_position_clone(const arb_position *pos)
{
	arbI_api_check(pos, NULL);
	arb_position *p = malloc(sizeof *p);
	if (p)
		*p = *pos;
	return p;
}

void arb_position_copy(arb_position *dst, const arb_position *src)
{
	arbI_api_check_void(dst && src);
	*dst = *src;
}

/* The right of `color` on `wing` with the outermost rook of its back rank on
 * that side of the king, if there is one (what X-FEN's K and Q name). */
static void start_right(arb_position *p, int color, int wing)
{
	const int back = color == ARB_WHITE ? 0 : 7, king = pos_king(p, color);
	int rook = -1;
	for (int f = 0; f < 8; f++) {
		int sq = ARB_SQUARE(f, back);
		if (p->board[sq] == ARB_PIECE(color, ARB_ROOK) &&
		    (wing == ARB_KINGSIDE ? sq > king : sq < king) &&
		    (rook < 0 || wing == ARB_KINGSIDE))
			rook = sq;
	}
	if (rook < 0)
		return;
	int i = RIGHT_INDEX(color, wing);
	castle_rule *c = &p->castle[i];
	c->king_from = (uint8_t)king;
	c->rook_from = (uint8_t)rook;
	c->king_to = (uint8_t)ARB_SQUARE(wing == ARB_KINGSIDE ? 6 : 2, back);
	c->rook_to = (uint8_t)ARB_SQUARE(wing == ARB_KINGSIDE ? 5 : 3, back);
	arbI_castle_rule_derive(c);
	p->rights |= (uint8_t)(1u << i);
}

void arbI_pos_set_start(arb_position *p, const uint8_t white[8], const uint8_t black[8],
			int chess960)
{
	arbI_pos_clear(p);
	for (int f = 0; f < 8; f++) {
		arbI_pos_put(p, ARB_PIECE(ARB_WHITE, white[f]), ARB_SQUARE(f, 0));
		arbI_pos_put(p, ARB_PIECE(ARB_WHITE, ARB_PAWN), ARB_SQUARE(f, 1));
		arbI_pos_put(p, ARB_PIECE(ARB_BLACK, ARB_PAWN), ARB_SQUARE(f, 6));
		arbI_pos_put(p, ARB_PIECE(ARB_BLACK, black[f]), ARB_SQUARE(f, 7));
	}
	p->side = ARB_WHITE;
	p->chess960 = (uint8_t)(chess960 != 0);
	for (int color = ARB_WHITE; color <= ARB_BLACK; color++) {
		start_right(p, color, ARB_KINGSIDE);
		start_right(p, color, ARB_QUEENSIDE);
	}
	arbI_pos_update_castle_masks(p);
	p->key = arbI_pos_compute_key(p);
	assert(arbI_position_is_valid(p, NULL, 0));
}

/* Start position 518 (FIDE 2.3), placed square by square: the core reads no
 * notation. */
void arb_position_set_start(arb_position *pos)
{
	static const uint8_t back_rank[8] = {ARB_ROOK, ARB_KNIGHT, ARB_BISHOP, ARB_QUEEN,
					     ARB_KING, ARB_BISHOP, ARB_KNIGHT, ARB_ROOK};
	arbI_api_check_void(pos);
	arbI_pos_set_start(pos, back_rank, back_rank, 0);
}

/* ------------------------------------------------------------------------
 * Board editing
 * ---------------------------------------------------------------------- */

void arbI_pos_clear(arb_position *p)
{
	arbI_attacks_init();
	memset(p, 0, sizeof *p);
	p->ep = ARB_NO_SQUARE;
	p->fullmove = 1;
	for (int i = 0; i < 4; i++)
		p->castle[i].rook_from = ARB_NO_SQUARE;
}

void arbI_pos_put(arb_position *p, int piece, int sq)
{
	bb_t b = BB(sq);
	p->board[sq] = (uint8_t)piece;
	p->by_color[ARB_PIECE_COLOR(piece)] |= b;
	p->by_type[ARB_PIECE_TYPE(piece)] |= b;
	p->by_type[0] |= b;
}

void arbI_pos_remove(arb_position *p, int sq)
{
	bb_t b = BB(sq);
	int piece = p->board[sq];
	p->board[sq] = 0;
	p->by_color[ARB_PIECE_COLOR(piece)] &= ~b;
	p->by_type[ARB_PIECE_TYPE(piece)] &= ~b;
	p->by_type[0] &= ~b;
}

/* ------------------------------------------------------------------------
 * Castling geometry
 * ---------------------------------------------------------------------- */

/* The squares from a to b inclusive, on one rank. */
static bb_t span(int a, int b)
{
	int lo = a < b ? a : b, hi = a < b ? b : a;
	bb_t out = 0;
	for (int sq = lo; sq <= hi; sq++)
		out |= BB(sq);
	return out;
}

void arbI_castle_rule_derive(castle_rule *c)
{
	/* Every square between each piece's origin and destination, destinations
	 * included, must be empty except for the castling king and rook
	 * (FIDE 3.8.2.1 and Appendix F / Guidelines II.3). */
	c->empty = (span(c->king_from, c->king_to) | span(c->rook_from, c->rook_to)) &
		   ~(BB(c->king_from) | BB(c->rook_from));
	/* The king may not stand on, cross or land on an attacked square. The
	 * origin is covered by the "not in check" test, except when it is also
	 * the destination: then the castling rook may have been its only shield
	 * (Chess960, e.g. king c8 staying, rook b8 to d8, enemy rook on a8). */
	c->path = (span(c->king_from, c->king_to) & ~BB(c->king_from)) | BB(c->king_to);
}

void arbI_pos_update_castle_masks(arb_position *p)
{
	memset(p->castle_mask, 0, sizeof p->castle_mask);
	for (int i = 0; i < 4; i++) {
		if (!(p->rights & (1u << i)))
			continue;
		p->castle_mask[p->castle[i].king_from] |= (uint8_t)(1u << i);
		p->castle_mask[p->castle[i].rook_from] |= (uint8_t)(1u << i);
	}
}

int arb_position_castling(const arb_position *pos, arb_color color, arb_wing wing,
			  arb_castling *out)
{
	arbI_api_check(pos, 0);
	arbI_api_check(color == ARB_WHITE || color == ARB_BLACK, 0);
	arbI_api_check(wing == ARB_KINGSIDE || wing == ARB_QUEENSIDE, 0);
	int i = RIGHT_INDEX(color, wing);
	if (!(pos->rights & (1u << i)))
		return 0;
	if (out) {
		out->king_from = pos->castle[i].king_from;
		out->rook_from = pos->castle[i].rook_from;
		out->king_to = pos->castle[i].king_to;
		out->rook_to = pos->castle[i].rook_to;
	}
	return 1;
}

static int valid_square(int sq)
{
	return sq >= 0 && sq < 64;
}

arb_status arb_position_set_castling(arb_position *pos, arb_color color, arb_wing wing,
				     const arb_castling *c)
{
	arbI_api_check(pos, ARB_E_ARGUMENT);
	arbI_api_check(color == ARB_WHITE || color == ARB_BLACK, ARB_E_ARGUMENT);
	arbI_api_check(wing == ARB_KINGSIDE || wing == ARB_QUEENSIDE, ARB_E_ARGUMENT);
	int i = RIGHT_INDEX(color, wing);
	uint64_t key = pos->key;
	if (pos->rights & (1u << i))
		key ^= arbI_zobrist.castle[pos->castle[i].rook_from];
	if (!c || c->rook_from == ARB_NO_SQUARE) {
		pos->rights &= (uint8_t) ~(1u << i);
	} else {
		if (!valid_square(c->king_from) || !valid_square(c->rook_from) ||
		    !valid_square(c->king_to) || !valid_square(c->rook_to))
			return ARB_E_ARGUMENT;
		/* On the side's first rank (so a FEN can name the right), and the
		 * castling must move something. */
		int rank = color == ARB_WHITE ? 0 : 7;
		if (ARB_RANK(c->king_from) != rank || ARB_RANK(c->rook_from) != rank ||
		    ARB_RANK(c->king_to) != rank || ARB_RANK(c->rook_to) != rank ||
		    c->king_to == c->rook_to || c->king_from == c->rook_from ||
		    (c->king_to == c->king_from && c->rook_to == c->rook_from))
			return ARB_E_ARGUMENT;
		if (pos->board[c->king_from] != ARB_PIECE(color, ARB_KING) ||
		    pos->board[c->rook_from] != ARB_PIECE(color, ARB_ROOK))
			return ARB_E_ARGUMENT;
		/* The other wing's right, if any, must share the king and lie on the other side. */
		int j = RIGHT_INDEX(color, wing ^ 1);
		if ((pos->rights & (1u << j)) && (pos->castle[j].rook_from == c->rook_from ||
						  pos->castle[j].king_to == c->king_to))
			return ARB_E_ARGUMENT; /* one rook, one king destination per wing */
		if ((wing == ARB_KINGSIDE) != (c->rook_from > c->king_from))
			return ARB_E_ARGUMENT;
		castle_rule *r = &pos->castle[i];
		r->king_from = (uint8_t)c->king_from;
		r->rook_from = (uint8_t)c->rook_from;
		r->king_to = (uint8_t)c->king_to;
		r->rook_to = (uint8_t)c->rook_to;
		arbI_castle_rule_derive(r);
		pos->rights |= (uint8_t)(1u << i);
		key ^= arbI_zobrist.castle[c->rook_from];
	}
	pos->key = key;
	arbI_pos_update_castle_masks(pos);
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Keys and e.p.
 * ---------------------------------------------------------------------- */

uint64_t arbI_pos_compute_key(const arb_position *p)
{
	uint64_t k = 0;
	for (int sq = 0; sq < 64; sq++)
		if (p->board[sq])
			k ^= arbI_zobrist.piece[p->board[sq]][sq];
	for (int i = 0; i < 4; i++)
		if (p->rights & (1u << i))
			k ^= arbI_zobrist.castle[p->castle[i].rook_from];
	if (p->ep != ARB_NO_SQUARE)
		k ^= arbI_zobrist.ep[ARB_FILE(p->ep)];
	if (p->side == ARB_BLACK)
		k ^= arbI_zobrist.side;
	return k;
}

int arbI_pos_ep_capture_legal(const arb_position *p, int ep)
{
	int us = p->side, them = us ^ 1;
	int cap = ep ^ 8; /* the pawn that just moved two squares */
	if (p->board[cap] != ARB_PIECE(them, ARB_PAWN) || p->board[ep])
		return 0;
	bb_t capturers = pawn_attacks(them, ep) & pos_pieces(p, us, ARB_PAWN);
	while (capturers)
		if (pos_ep_capture_safe(p, bb_pop(&capturers), ep))
			return 1;
	return 0;
}

void arbI_pos_set_ep_if_legal(arb_position *p, int sq)
{
	p->ep = arbI_pos_ep_capture_legal(p, sq) ? (uint8_t)sq : ARB_NO_SQUARE;
}

/* See position.h: a king step is looked for first (the usual answer to
 * a check), then the whole list is counted. */
int arbI_pos_has_legal_move(const arb_position *p)
{
	const int us = p->side, ksq = pos_king(p, us);
	const bb_t occ = pos_occupied(p) ^ BB(ksq);
	bb_t steps = king_attacks(ksq) & ~p->by_color[us];

	while (steps)
		if (!pos_attacked_by(p, bb_pop(&steps), us ^ 1, occ))
			return 1;
	return arbI_gen_legal(p, NULL) > 0;
}

/* See position.h. Read off the board: the piece m puts on its
 * destination (a promotion's new piece) attacks the king, or a slider of
 * the mover's that it uncovers does. */
int arbI_move_gives_check(const arb_position *p, arb_move m)
{
	const int us = p->side, from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
	const int ksq = pos_king(p, us ^ 1);
	const bb_t occ = (pos_occupied(p) ^ BB(from)) | BB(to);
	const bb_t own = p->by_color[us] ^ BB(from);
	int type = ARB_MOVE_KIND(m) == ARB_MOVE_PROMOTION ? (int)ARB_MOVE_PROMOTION_TYPE(m) :
							    (int)ARB_PIECE_TYPE(p->board[from]);
	bb_t direct = 0;

	switch (type) {
	case ARB_PAWN:
		direct = pawn_attacks(us, to);
		break;
	case ARB_KNIGHT:
		direct = knight_attacks(to);
		break;
	case ARB_BISHOP:
		direct = bishop_attacks(to, occ);
		break;
	case ARB_ROOK:
		direct = rook_attacks(to, occ);
		break;
	case ARB_QUEEN:
		direct = bishop_attacks(to, occ) | rook_attacks(to, occ);
		break;
	default: /* a king gives no check itself */
		break;
	}
	if (direct & BB(ksq))
		return 1;
	bb_t rq = (p->by_type[ARB_ROOK] | p->by_type[ARB_QUEEN]) & own;
	bb_t bq = (p->by_type[ARB_BISHOP] | p->by_type[ARB_QUEEN]) & own;
	return ((rook_attacks(ksq, occ) & rq) | (bishop_attacks(ksq, occ) & bq)) != 0;
}

/* ------------------------------------------------------------------------
 * Make / unmake
 * ---------------------------------------------------------------------- */

static inline void move_piece(arb_position *p, int from, int to)
{
	bb_t fromto = BB(from) | BB(to);
	int piece = p->board[from];
	p->board[to] = (uint8_t)piece;
	p->board[from] = 0;
	p->by_color[ARB_PIECE_COLOR(piece)] ^= fromto;
	p->by_type[ARB_PIECE_TYPE(piece)] ^= fromto;
	p->by_type[0] ^= fromto;
}

static inline int castle_index(int us, arb_move m)
{
	return RIGHT_INDEX(us, ARB_MOVE_TO(m) > ARB_MOVE_FROM(m) ? ARB_KINGSIDE : ARB_QUEENSIDE);
}

void arbI_pos_do_move(arb_position *p, arb_move m, arb_undo *u)
{
	const int us = p->side, them = us ^ 1;
	const int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
	const arb_move_kind kind = ARB_MOVE_KIND(m);
	const zobrist_keys *z = &arbI_zobrist;
	uint64_t key = p->key ^ z->side;
	int double_push = 0;

	u->key = p->key;
	u->halfmove = p->halfmove;
	u->castling = p->rights;
	u->ep = p->ep;
	u->captured = 0;

	if (p->ep != ARB_NO_SQUARE)
		key ^= z->ep[ARB_FILE(p->ep)];
	p->ep = ARB_NO_SQUARE;
	p->halfmove++;
	if (us == ARB_BLACK)
		p->fullmove++;

	if (kind == ARB_MOVE_CASTLING) {
		const castle_rule *c = &p->castle[castle_index(us, m)];
		int king = ARB_PIECE(us, ARB_KING), rook = ARB_PIECE(us, ARB_ROOK);
		arbI_pos_remove(p, from);
		arbI_pos_remove(p, to);
		arbI_pos_put(p, king, c->king_to);
		arbI_pos_put(p, rook, c->rook_to);
		key ^= z->piece[king][from] ^ z->piece[king][c->king_to] ^ z->piece[rook][to] ^
		       z->piece[rook][c->rook_to];
	} else {
		int piece = p->board[from];
		int capsq = kind == ARB_MOVE_EN_PASSANT ? to ^ 8 : to;
		int captured = p->board[capsq];
		if (captured) {
			u->captured = (uint8_t)captured;
			arbI_pos_remove(p, capsq);
			key ^= z->piece[captured][capsq];
			p->halfmove = 0;
		}
		move_piece(p, from, to);
		key ^= z->piece[piece][from] ^ z->piece[piece][to];
		if (ARB_PIECE_TYPE(piece) == ARB_PAWN) {
			p->halfmove = 0;
			if (kind == ARB_MOVE_PROMOTION) {
				int promo = ARB_PIECE(us, ARB_MOVE_PROMOTION_TYPE(m));
				arbI_pos_remove(p, to);
				arbI_pos_put(p, promo, to);
				key ^= z->piece[piece][to] ^ z->piece[promo][to];
			} else if ((from ^ to) == 16) {
				double_push = 1;
			}
		}
	}

	uint8_t lost = p->rights & (p->castle_mask[from] | p->castle_mask[to]);
	if (lost) {
		p->rights &= (uint8_t)~lost;
		for (int i = 0; i < 4; i++)
			if (lost & (1u << i))
				key ^= z->castle[p->castle[i].rook_from];
	}

	p->side = (uint8_t)them;
	if (double_push) {
		/* FIDE 9.2: an e.p. square counts only when a capture is legal. */
		arbI_pos_set_ep_if_legal(p, (from + to) / 2);
		if (p->ep != ARB_NO_SQUARE)
			key ^= z->ep[ARB_FILE(p->ep)];
	}
	p->key = key;
}

void arbI_pos_undo_move(arb_position *p, arb_move m, const arb_undo *u)
{
	const int them = p->side, us = them ^ 1;
	const int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
	const arb_move_kind kind = ARB_MOVE_KIND(m);

	p->side = (uint8_t)us;
	if (us == ARB_BLACK)
		p->fullmove--;
	if (kind == ARB_MOVE_CASTLING) {
		const castle_rule *c = &p->castle[castle_index(us, m)];
		arbI_pos_remove(p, c->king_to);
		arbI_pos_remove(p, c->rook_to);
		arbI_pos_put(p, ARB_PIECE(us, ARB_KING), from);
		arbI_pos_put(p, ARB_PIECE(us, ARB_ROOK), to);
	} else {
		if (kind == ARB_MOVE_PROMOTION) {
			arbI_pos_remove(p, to);
			arbI_pos_put(p, ARB_PIECE(us, ARB_PAWN), to);
		}
		move_piece(p, to, from);
		if (u->captured)
			arbI_pos_put(p, u->captured, kind == ARB_MOVE_EN_PASSANT ? to ^ 8 : to);
	}
	p->rights = u->castling;
	p->ep = u->ep;
	p->halfmove = u->halfmove;
	p->key = u->key;
}

void arb_position_do_move(arb_position *pos, arb_move move, arb_undo *u)
{
	arbI_api_check_void(pos && u);
	/* Trusted (the contract): only debug builds pay for the legality test. */
	assert(arb_position_is_legal(pos, move));
	arbI_pos_do_move(pos, move, u);
#if ARBITER_DEBUG_CHECKS
	assert(arbI_position_is_valid(pos, NULL, 0));
#endif
}

void arb_position_undo_move(arb_position *pos, arb_move move, const arb_undo *u)
{
	arbI_api_check_void(pos && u);
	arbI_pos_undo_move(pos, move, u);
#if ARBITER_DEBUG_CHECKS
	assert(arbI_position_is_valid(pos, NULL, 0));
#endif
}

int arb_position_is_legal(const arb_position *pos, arb_move move)
{
	arb_move list[ARB_MAX_MOVES];
	arbI_api_check(pos, 0);
	/* Any move but a castling is one of its piece's moves onto its square,
	 * a castling one of the castlings: only those are made (the same as
	 * the whole list's there). */
	int mover = pos->board[ARB_MOVE_FROM(move)], n;
	if (ARB_MOVE_KIND(move) != ARB_MOVE_CASTLING) {
		if (!mover || (int)ARB_PIECE_COLOR(mover) != pos->side)
			return 0;
		n = arbI_gen_legal_to(pos, ARB_PIECE_TYPE(mover), ARB_MOVE_TO(move), list);
	} else {
		n = arbI_gen_castlings(pos, list);
	}
	for (int i = 0; i < n; i++)
		if (list[i] == move)
			return 1;
	return 0;
}

arb_status arb_position_play(arb_position *pos, arb_move move)
{
	arb_undo u;
	arbI_api_check(pos, ARB_E_ARGUMENT);
	if (!arb_position_is_legal(pos, move))
		return ARB_E_MOVE_ILLEGAL;
	arbI_pos_do_move(pos, move, &u);
#if ARBITER_DEBUG_CHECKS
	assert(arbI_position_is_valid(pos, NULL, 0));
#endif
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Queries
 * ---------------------------------------------------------------------- */

arb_piece arb_position_piece_at(const arb_position *pos, int square)
{
	arbI_api_check(pos, ARB_EMPTY);
	return valid_square(square) ? pos->board[square] : ARB_EMPTY;
}

arb_color arb_position_side_to_move(const arb_position *pos)
{
	arbI_api_check(pos, ARB_WHITE);
	return (arb_color)pos->side;
}

int arb_position_ep_square(const arb_position *pos)
{
	arbI_api_check(pos, ARB_NO_SQUARE);
	return pos->ep;
}

int arb_position_halfmove_clock(const arb_position *pos)
{
	arbI_api_check(pos, -1);
	return (int)pos->halfmove;
}

int arb_position_fullmove_number(const arb_position *pos)
{
	arbI_api_check(pos, -1);
	return pos->fullmove;
}

uint64_t arb_position_key(const arb_position *pos)
{
	arbI_api_check(pos, 0);
	return pos->key;
}

int arb_position_in_check(const arb_position *pos)
{
	arbI_api_check(pos, 0);
	return pos_checkers(pos) != 0;
}

int arb_position_is_chess960(const arb_position *pos)
{
	arbI_api_check(pos, 0);
	return pos->chess960;
}

void arb_position_set_chess960(arb_position *pos, int on)
{
	arbI_api_check_void(pos);
	pos->chess960 = on != 0;
}

int arb_position_legal_moves(const arb_position *pos, arb_move *out)
{
	arbI_api_check(pos && out, 0);
	return arbI_gen_legal(pos, out);
}

int arb_position_count_moves(const arb_position *pos)
{
	arbI_api_check(pos, 0);
	return arbI_gen_legal(pos, NULL);
}

/* ------------------------------------------------------------------------
 * Invariants
 * ---------------------------------------------------------------------- */

static int fail(char *why, size_t n, const char *fmt, ...)
{
	if (why && n) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(why, n, fmt, ap);
		va_end(ap);
	}
	return 0;
}

static int castling_is_valid(const arb_position *p, char *why, size_t n)
{
	for (int i = 0; i < 4; i++) {
		if (!(p->rights & (1u << i)))
			continue;
		const castle_rule *c = &p->castle[i];
		int color = i / 2;
		if (p->board[c->king_from] != ARB_PIECE(color, ARB_KING))
			return fail(why, n, "castling right %d: no king on its square", i);
		if (p->board[c->rook_from] != ARB_PIECE(color, ARB_ROOK))
			return fail(why, n, "castling right %d: no rook on its square", i);
		castle_rule d = *c;
		arbI_castle_rule_derive(&d);
		if (d.empty != c->empty || d.path != c->path)
			return fail(why, n, "castling right %d: stale geometry", i);
		if (!(p->castle_mask[c->king_from] & (1u << i)) ||
		    !(p->castle_mask[c->rook_from] & (1u << i)))
			return fail(why, n, "castling right %d: mask not set", i);
	}
	return 1;
}

int arbI_position_is_valid(const arb_position *p, char *why, size_t n)
{
	bb_t all = 0;
	for (int sq = 0; sq < 64; sq++) {
		int pc = p->board[sq];
		int type = ARB_PIECE_TYPE(pc);
		if (pc == 0) {
			if (pos_occupied(p) & BB(sq))
				return fail(why, n, "square %d: bitboard set, mailbox empty", sq);
			continue;
		}
		if (type < ARB_PAWN || type > ARB_KING || pc > 15)
			return fail(why, n, "square %d: bad piece code %d", sq, pc);
		if (!(p->by_color[ARB_PIECE_COLOR(pc)] & p->by_type[type] & BB(sq)))
			return fail(why, n, "square %d: mailbox piece missing from bitboards", sq);
		all |= BB(sq);
	}
	if (all != pos_occupied(p) || (p->by_color[0] | p->by_color[1]) != all ||
	    (p->by_color[0] & p->by_color[1]))
		return fail(why, n, "colour bitboards disagree with the mailbox");
	bb_t types = 0;
	for (int t = ARB_PAWN; t <= ARB_KING; t++) {
		if (types & p->by_type[t])
			return fail(why, n, "piece-type bitboards overlap");
		types |= p->by_type[t];
	}
	if (types != all)
		return fail(why, n, "piece-type bitboards disagree with the mailbox");
	if (bb_popcount(pos_pieces(p, ARB_WHITE, ARB_KING)) != 1 ||
	    bb_popcount(pos_pieces(p, ARB_BLACK, ARB_KING)) != 1)
		return fail(why, n, "not exactly one king per side");
	if (p->by_type[ARB_PAWN] & (RANK_1 | RANK_8))
		return fail(why, n, "a pawn on the first or last rank");
	if (p->side > 1)
		return fail(why, n, "bad side to move");
	if (pos_attacked_by(p, pos_king(p, p->side ^ 1), p->side, pos_occupied(p)))
		return fail(why, n, "the side not to move is in check");
	if (p->ep != ARB_NO_SQUARE) {
		if (p->ep > 63 || ARB_RANK(p->ep) != (p->side == ARB_WHITE ? 5 : 2))
			return fail(why, n, "e.p. square on the wrong rank");
		if (!arbI_pos_ep_capture_legal(p, p->ep))
			return fail(why, n, "e.p. square set but no e.p. capture is legal");
	}
	if (!castling_is_valid(p, why, n))
		return 0;
	/* The clocks only grow in play; ARB_CLOCK_MAX bounds what a FEN may say. */
	if (p->fullmove < 1)
		return fail(why, n, "full-move number below 1");
	if (p->key != arbI_pos_compute_key(p))
		return fail(why, n, "Zobrist key differs from the recomputed key");
	return 1;
}

arb_status arb_position_validate(const arb_position *pos, arb_error *err)
{
	char why[ARB_ERROR_MESSAGE_SIZE - 32];
	arbI_api_check_err(pos, err);
	if (arbI_position_is_valid(pos, why, sizeof why)) {
		if (err)
			memset(err, 0, sizeof *err);
		return ARB_OK;
	}
	if (err) {
		memset(err, 0, sizeof *err);
		err->code = ARB_E_INVALID;
		snprintf(err->message, sizeof err->message, "invalid position: %s", why);
	}
	return ARB_E_INVALID;
}
