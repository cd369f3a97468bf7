/*
 * movegen.c -- legal move generation.
 *
 * Fully legal, not pseudo-legal: the checkers and the pinned pieces are
 * computed first; non-king moves are restricted to the check-evasion target
 * (the checker and the squares between it and the king) and pinned pieces to
 * the line through their king; king moves are tested against attacks with
 * the king lifted off the board; e.p. and castling are tested by playing
 * them on an occupancy bitboard. With out == NULL the moves are only counted
 * (popcount per piece), which perft uses at its last ply.
 */
#include "position.h"

/* Everything below inlines into gen_legal_body, so each compiled copy of it
 * (default and POPCNT) is self-contained. */
#define GEN_INLINE static inline __attribute__((always_inline))

/* Serialises (out != NULL) or counts the moves from `from` to every square of `targets`. */
#define EMIT(from, targets)                                                         \
	do {                                                                        \
		bb_t t_ = (targets);                                                \
		if (out) {                                                          \
			while (t_)                                                  \
				out[n++] = (arb_move)((from) | (bb_pop(&t_) << 6)); \
		} else {                                                            \
			n += bb_popcount(t_);                                       \
		}                                                                   \
	} while (0)

/* Pawn moves given as a destination set and the fixed from->to offset. */
GEN_INLINE int emit_pawns(arb_move *out, int n, bb_t to_set, int delta)
{
	if (!out)
		return n + bb_popcount(to_set);
	while (to_set) {
		int to = bb_pop(&to_set);
		out[n++] = (arb_move)((to - delta) | (to << 6));
	}
	return n;
}

GEN_INLINE int emit_promotions(arb_move *out, int n, bb_t to_set, int delta)
{
	if (!out)
		return n + 4 * bb_popcount(to_set);
	while (to_set) {
		int to = bb_pop(&to_set), from = to - delta;
		for (int t = ARB_QUEEN; t >= ARB_KNIGHT; t--)
			out[n++] = ARB_MAKE_MOVE(from, to, ARB_MOVE_PROMOTION, t);
	}
	return n;
}

/* Own pieces standing alone between the king and an enemy slider. */
GEN_INLINE bb_t pinned_pieces(const arb_position *p, int us, int ksq)
{
	int them = us ^ 1;
	bb_t occ = pos_occupied(p), pinned = 0;
	bb_t rq = p->by_type[ARB_ROOK] | p->by_type[ARB_QUEEN];
	bb_t bq = p->by_type[ARB_BISHOP] | p->by_type[ARB_QUEEN];
	bb_t snipers =
		((rook_attacks(ksq, 0) & rq) | (bishop_attacks(ksq, 0) & bq)) & p->by_color[them];
	while (snipers) {
		bb_t b = between_bb(ksq, bb_pop(&snipers)) & occ;
		if (b && !bb_more_than_one(b))
			pinned |= b & p->by_color[us];
	}
	return pinned;
}

/* Every pawn move (pushes, captures, promotions; not e.p.) onto `target`. */
GEN_INLINE int gen_pawns(const arb_position *p, arb_move *out, int n, bb_t target, bb_t pinned,
			 int ksq)
{
	const int us = p->side;
	const bb_t empty = ~pos_occupied(p), enemy = p->by_color[us ^ 1];
	const bb_t last = us == ARB_WHITE ? RANK_8 : RANK_1;
	const bb_t third = us == ARB_WHITE ? (RANK_1 << 16) : (RANK_8 >> 16);
	const int up = us == ARB_WHITE ? 8 : -8;
	bb_t pawns = pos_pieces(p, us, ARB_PAWN);
	bb_t free_pawns = pawns & ~pinned;

#define SHIFT(b, d) ((d) > 0 ? (b) << (d) : (b) >> -(d))
	bb_t one = SHIFT(free_pawns, up) & empty;
	bb_t two = SHIFT(one & third, up) & empty & target;
	one &= target;
	bb_t capl = SHIFT(free_pawns & ~FILE_A, up - 1) & enemy & target;
	bb_t capr = SHIFT(free_pawns & ~FILE_H, up + 1) & enemy & target;

	n = emit_pawns(out, n, one & ~last, up);
	n = emit_pawns(out, n, two, 2 * up);
	n = emit_pawns(out, n, capl & ~last, up - 1);
	n = emit_pawns(out, n, capr & ~last, up + 1);
	if ((one | capl | capr) & last) {
		n = emit_promotions(out, n, one & last, up);
		n = emit_promotions(out, n, capl & last, up - 1);
		n = emit_promotions(out, n, capr & last, up + 1);
	}

	/* A pinned pawn moves only along the line through its king. */
	bb_t pp = pawns & pinned;
	while (pp) {
		int from = bb_pop(&pp);
		bb_t allowed = line_bb(ksq, from) & target;
		bb_t b = BB(from);
		bb_t push1 = SHIFT(b, up) & empty;
		bb_t moves = (push1 | (SHIFT(push1 & third, up) & empty)) & allowed;
		moves |= pawn_attacks(us, from) & enemy & allowed;
		while (moves) {
			int to = bb_pop(&moves);
			if (BB(to) & last)
				n = emit_promotions(out, n, BB(to), to - from);
			else if (out)
				out[n++] = (arb_move)(from | (to << 6));
			else
				n++;
		}
	}
#undef SHIFT
	return n;
}

GEN_INLINE int gen_en_passant(const arb_position *p, arb_move *out, int n)
{
	const int ep = p->ep;
	bb_t capturers = pawn_attacks(p->side ^ 1, ep) & pos_pieces(p, p->side, ARB_PAWN);
	while (capturers) {
		int from = bb_pop(&capturers);
		if (!pos_ep_capture_safe(p, from, ep))
			continue;
		if (out)
			out[n] = ARB_MAKE_MOVE(from, ep, ARB_MOVE_EN_PASSANT, 0);
		n++;
	}
	return n;
}

GEN_INLINE int gen_castling(const arb_position *p, arb_move *out, int n)
{
	const int us = p->side, them = us ^ 1;
	for (int wing = 0; wing < 2; wing++) {
		int i = RIGHT_INDEX(us, wing);
		if (!(p->rights & (1u << i)))
			continue;
		const castle_rule *c = &p->castle[i];
		/* Both pieces are lifted: the castling rook may not shield the
		 * king's path or destination (Chess960: king and rook end where
		 * the rules put them, FIDE Appendix F). */
		bb_t occ = pos_occupied(p) ^ BB(c->king_from) ^ BB(c->rook_from);
		if (c->empty & occ)
			continue;
		bb_t path = c->path;
		int ok = 1;
		while (path && ok)
			ok = !pos_attacked_by(p, bb_pop(&path), them, occ);
		if (!ok)
			continue;
		if (out)
			out[n] = ARB_MAKE_MOVE(c->king_from, c->rook_from, ARB_MOVE_CASTLING, 0);
		n++;
	}
	return n;
}

GEN_INLINE int gen_legal_body(const arb_position *p, arb_move *out)
{
	const int us = p->side, them = us ^ 1;
	const bb_t occ = pos_occupied(p), own = p->by_color[us];
	const int ksq = pos_king(p, us);
	const bb_t checkers = pos_attacked_by(p, ksq, them, occ);
	int n = 0;

	/* King moves: the destination must be safe with the king lifted. */
	bb_t kt = king_attacks(ksq) & ~own, safe = 0;
	const bb_t occ_noking = occ ^ BB(ksq);
	while (kt) {
		int to = bb_pop(&kt);
		if (!pos_attacked_by(p, to, them, occ_noking))
			safe |= BB(to);
	}
	EMIT(ksq, safe);

	if (bb_more_than_one(checkers))
		return n; /* double check: only the king may move */

	bb_t target = ~own;
	if (checkers)
		target = between_bb(ksq, bb_lsb(checkers)) | checkers;

	const bb_t pinned = pinned_pieces(p, us, ksq);

	bb_t knights = pos_pieces(p, us, ARB_KNIGHT) & ~pinned; /* a pinned knight never moves */
	while (knights) {
		int from = bb_pop(&knights);
		EMIT(from, knight_attacks(from) & target);
	}

	bb_t diag = (p->by_type[ARB_BISHOP] | p->by_type[ARB_QUEEN]) & own;
	while (diag) {
		int from = bb_pop(&diag);
		bb_t t = bishop_attacks(from, occ) & target;
		if (pinned & BB(from))
			t &= line_bb(ksq, from);
		EMIT(from, t);
	}

	bb_t ortho = (p->by_type[ARB_ROOK] | p->by_type[ARB_QUEEN]) & own;
	while (ortho) {
		int from = bb_pop(&ortho);
		bb_t t = rook_attacks(from, occ) & target;
		if (pinned & BB(from))
			t &= line_bb(ksq, from);
		EMIT(from, t);
	}

	n = gen_pawns(p, out, n, target, pinned, ksq);
	if (p->ep != ARB_NO_SQUARE)
		n = gen_en_passant(p, out, n);
	if (!checkers && p->rights)
		n = gen_castling(p, out, n);
	return n;
}

/* Portable x86-64 builds (no -mpopcnt) also carry a copy compiled for POPCNT,
 * chosen per call by a CPU-feature test (a load and a branch); -march=native
 * builds have only one. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
__attribute__((target("popcnt"))) static int gen_legal_popcnt(const arb_position *p, arb_move *out)
{
	return gen_legal_body(p, out);
}

int arbI_gen_legal(const arb_position *p, arb_move *out)
{
	if (__builtin_cpu_supports("popcnt"))
		return gen_legal_popcnt(p, out);
	return gen_legal_body(p, out);
}
#else
int arbI_gen_legal(const arb_position *p, arb_move *out)
{
	return gen_legal_body(p, out);
}
#endif

int arbI_gen_castlings(const arb_position *p, arb_move *out)
{
	if (!p->rights || pos_checkers(p)) /* FIDE 3.8.2.2.1: not out of check */
		return 0;
	return gen_castling(p, out, 0);
}

/* ------------------------------------------------------------------------
 * One piece type onto one square (SAN in and out)
 * ---------------------------------------------------------------------- */

/* 1 if moving the side to move's piece from `from` to `to` (not the king,
 * not e.p., not castling) leaves its king unattacked: the move is played on
 * the occupancy and the attacks on the king recomputed, the captured piece's
 * own excluded. This is the full generator's pin and check-evasion rule
 * (a pinned piece stays on its line, a check is blocked or its piece taken)
 * asked of one move. */
static inline int king_safe_after(const arb_position *p, int from, int to, int ksq)
{
	bb_t occ = (pos_occupied(p) ^ BB(from)) | BB(to);
	return !(pos_attacked_by(p, ksq, p->side ^ 1, occ) & ~BB(to));
}

/* Appends the moves from each square of `froms` (ascending) to `to` that
 * keep the king safe; a pawn reaching the last rank gives four, queen first. */
static int emit_to(const arb_position *p, bb_t froms, int to, int ksq, int promotes, arb_move *out,
		   int n)
{
	while (froms) {
		int from = bb_pop(&froms);
		if (!king_safe_after(p, from, to, ksq))
			continue;
		if (!promotes) {
			out[n++] = (arb_move)(from | (to << 6));
			continue;
		}
		for (int t = ARB_QUEEN; t >= ARB_KNIGHT; t--)
			out[n++] = ARB_MAKE_MOVE(from, to, ARB_MOVE_PROMOTION, t);
	}
	return n;
}

/* The pawn moves onto `to`: the push or double push onto an empty square,
 * the captures of an enemy piece, e.p. onto the e.p. square. */
static int pawns_to(const arb_position *p, int to, int ksq, arb_move *out)
{
	const int us = p->side, up = us == ARB_WHITE ? 8 : -8;
	const int start_rank = us == ARB_WHITE ? 1 : 6, last_rank = us == ARB_WHITE ? 7 : 0;
	const int promotes = ARB_RANK(to) == last_rank;
	const bb_t pawns = pos_pieces(p, us, ARB_PAWN);
	bb_t froms = 0;
	int n = 0;

	if (to == p->ep) {
		bb_t capturers = pawn_attacks(us ^ 1, to) & pawns;
		while (capturers) {
			int from = bb_pop(&capturers);
			if (pos_ep_capture_safe(p, from, to))
				out[n++] = ARB_MAKE_MOVE(from, to, ARB_MOVE_EN_PASSANT, 0);
		}
		return n;
	}
	if (p->board[to] != ARB_EMPTY)
		return emit_to(p, pawn_attacks(us ^ 1, to) & pawns, to, ksq, promotes, out, 0);
	int one = to - up;
	if (one < 0 || one > 63)
		return 0;
	if (pawns & BB(one)) {
		froms = BB(one);
	} else if (p->board[one] == ARB_EMPTY) {
		int two = one - up;
		if (two >= 0 && two <= 63 && ARB_RANK(two) == start_rank && (pawns & BB(two)))
			froms = BB(two);
	}
	return emit_to(p, froms, to, ksq, promotes, out, 0);
}

int arbI_gen_legal_to(const arb_position *p, int type, int to, arb_move *out)
{
	const int us = p->side;
	const bb_t occ = pos_occupied(p), own = p->by_color[us];
	const int ksq = pos_king(p, us);

	if (own & BB(to))
		return 0;
	switch (type) {
	case ARB_PAWN:
		return pawns_to(p, to, ksq, out);
	case ARB_KNIGHT:
		return emit_to(p, knight_attacks(to) & pos_pieces(p, us, ARB_KNIGHT), to, ksq, 0,
			       out, 0);
	case ARB_BISHOP:
		return emit_to(p, bishop_attacks(to, occ) & pos_pieces(p, us, ARB_BISHOP), to, ksq,
			       0, out, 0);
	case ARB_ROOK:
		return emit_to(p, rook_attacks(to, occ) & pos_pieces(p, us, ARB_ROOK), to, ksq, 0,
			       out, 0);
	case ARB_QUEEN: {
		/* The full list has a queen's diagonal moves before its straight ones. */
		const bb_t queens = pos_pieces(p, us, ARB_QUEEN);
		int n = emit_to(p, bishop_attacks(to, occ) & queens, to, ksq, 0, out, 0);
		return emit_to(p, rook_attacks(to, occ) & queens, to, ksq, 0, out, n);
	}
	case ARB_KING:
		if (!(king_attacks(to) & BB(ksq)) || pos_attacked_by(p, to, us ^ 1, occ ^ BB(ksq)))
			return 0;
		out[0] = (arb_move)(ksq | (to << 6));
		return 1;
	default:
		return 0;
	}
}
