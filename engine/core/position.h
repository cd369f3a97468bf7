/*
 * position.h -- the position struct and the internal operations on it.
 *
 * Invariants (checked by arbI_position_is_valid):
 *  - by_color/by_type bitboards and the mailbox `board` agree;
 *  - exactly one king per side; no pawn on rank 1 or 8;
 *  - `ep` is ARB_NO_SQUARE unless an e.p. capture is legal right now;
 *  - every castling right in `rights` has its king on castle[i].king_from
 *    and an own rook on castle[i].rook_from; castle_mask[sq] lists the rights
 *    that die when a piece leaves or enters sq;
 *  - key is the Zobrist hash of placement, side, rights and e.p. file.
 * Castling right index: color * 2 + wing (ARB_KINGSIDE = 0, ARB_QUEENSIDE = 1).
 */
#ifndef ARB_POSITION_H
#define ARB_POSITION_H

#include <stdarg.h>

#include "arbiter.h"
#include "arbint.h"
#include "attacks.h"

typedef struct castle_rule {
	uint8_t king_from, rook_from, king_to, rook_to;
	bb_t empty; /* must be empty apart from the castling king and rook */
	bb_t path;  /* king path, destination included: must not be attacked */
} castle_rule;

struct arb_position {
	bb_t by_color[2];
	bb_t by_type[7]; /* indexed by arb_piece_type; [0] = all pieces */
	uint8_t board[64];
	uint64_t key;
	uint8_t side;
	uint8_t rights; /* bit i = right i is held */
	uint8_t ep;     /* e.p. target square or ARB_NO_SQUARE */
	uint8_t chess960;
	uint32_t halfmove;
	int fullmove;
	castle_rule castle[4];
	uint8_t castle_mask[64];
};

#define RIGHT_INDEX(color, wing) ((color)*2 + (wing))

static inline bb_t pos_occupied(const arb_position *p)
{
	return p->by_type[0];
}

static inline bb_t pos_pieces(const arb_position *p, int color, int type)
{
	return p->by_color[color] & p->by_type[type];
}

static inline int pos_king(const arb_position *p, int color)
{
	return bb_lsb(pos_pieces(p, color, ARB_KING));
}

/* Every piece of either colour attacking `sq` with occupancy `occ`. */
static inline bb_t pos_attackers(const arb_position *p, int sq, bb_t occ)
{
	return (pawn_attacks(ARB_WHITE, sq) & pos_pieces(p, ARB_BLACK, ARB_PAWN)) |
	       (pawn_attacks(ARB_BLACK, sq) & pos_pieces(p, ARB_WHITE, ARB_PAWN)) |
	       (knight_attacks(sq) & p->by_type[ARB_KNIGHT]) |
	       (king_attacks(sq) & p->by_type[ARB_KING]) |
	       (rook_attacks(sq, occ) & (p->by_type[ARB_ROOK] | p->by_type[ARB_QUEEN])) |
	       (bishop_attacks(sq, occ) & (p->by_type[ARB_BISHOP] | p->by_type[ARB_QUEEN]));
}

/* Pieces of `by` attacking sq with occupancy occ. */
static inline bb_t pos_attacked_by(const arb_position *p, int sq, int by, bb_t occ)
{
	return pos_attackers(p, sq, occ) & p->by_color[by];
}

static inline bb_t pos_checkers(const arb_position *p)
{
	return pos_attacked_by(p, pos_king(p, p->side), p->side ^ 1, pos_occupied(p));
}

/* 1 if the side to move's pawn on `from` may take en passant onto `ep`
 * without leaving its king in check: both pawns are lifted, so a rank or
 * diagonal attack they blocked is seen. */
static inline int pos_ep_capture_safe(const arb_position *p, int from, int ep)
{
	const int us = p->side, cap = ep ^ 8;
	bb_t occ = (pos_occupied(p) ^ BB(from) ^ BB(cap)) | BB(ep);
	return !(pos_attacked_by(p, pos_king(p, us), us ^ 1, occ) & ~BB(cap));
}

/* Board editing (no key / rights upkeep beyond the key of the piece). */
void arbI_pos_clear(arb_position *p);
void arbI_pos_put(arb_position *p, int piece, int sq);
void arbI_pos_remove(arb_position *p, int sq);

/* Sets p to a start position: the piece types of each back rank from the a-
 * to the h-file, pawns on the second ranks, White to move at move 1, and each
 * side's castling rights with its outermost rook on either side of the king
 * (standard destinations). chess960 selects the Chess960 notation mode. */
void arbI_pos_set_start(arb_position *p, const uint8_t white[8], const uint8_t black[8],
			int chess960);
/* Recomputes castle_mask from castle[] (after rules change). */
void arbI_pos_update_castle_masks(arb_position *p);
/* Fills a castle rule's derived sets (empty, path) from its four squares. */
void arbI_castle_rule_derive(castle_rule *c);
/* The key recomputed from scratch. */
uint64_t arbI_pos_compute_key(const arb_position *p);
/* 1 if a pawn of the side to move can legally capture en passant onto `ep`. */
int arbI_pos_ep_capture_legal(const arb_position *p, int ep);
/* Sets p->ep to `sq` if an e.p. capture onto it is legal, else to none; keeps the key. */
void arbI_pos_set_ep_if_legal(arb_position *p, int sq);

/* The internal invariant checker; writes a reason into why (size n) on failure. */
int arbI_position_is_valid(const arb_position *p, char *why, size_t n);

/* 1 if the side to move has a legal move (mate and stalemate told
 * without the whole list when a king step is legal). */
int arbI_pos_has_legal_move(const arb_position *p);
/* 1 if the legal move m of the side to move (not castling, not e.p.)
 * gives check, found without playing it. */
int arbI_move_gives_check(const arb_position *p, arb_move m);

/* Make / unmake of a legal move (move generator's output). */
void arbI_pos_do_move(arb_position *p, arb_move m, arb_undo *u);
void arbI_pos_undo_move(arb_position *p, arb_move m, const arb_undo *u);

/* Move generation (movegen.c). With out == NULL only counts. Explicitly
 * hidden, like every internal function, from the shared library. */
#ifdef __GNUC__
__attribute__((visibility("hidden")))
#endif
int arbI_gen_legal(const arb_position *p, arb_move *out);
/* The legal moves of the side to move's pieces of `type` (ARB_PAWN ..
 * ARB_KING) onto `to`, castling aside, for reading and writing one move in
 * SAN without the whole list: the same moves as those of arbI_gen_legal's
 * list that fit, in the same order. out must hold ARB_MAX_MOVES (at most
 * 4 x 8 promotions, or one per piece, are written). Returns their number. */
#ifdef __GNUC__
__attribute__((visibility("hidden")))
#endif
int arbI_gen_legal_to(const arb_position *p, int type, int to, arb_move *out);
/* The legal castlings of the side to move (at most two, the kingside one
 * first), as they end arbI_gen_legal's list. Returns their number. */
#ifdef __GNUC__
__attribute__((visibility("hidden")))
#endif
int arbI_gen_castlings(const arb_position *p, arb_move *out);

#endif
