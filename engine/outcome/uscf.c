/*
 * uscf.c -- US Chess 14E (insufficient material to win on time: a lone
 * king, or a minor piece or two knights without a forced win) and blitz 7c
 * (mating material), separate from the FIDE analysis as DESIGN.md asks.
 *
 * The forced-win search is a plain AND-OR search in its own uw_ctx; a
 * search that runs out of nodes counts as "no forced win".
 */
#include "search.h"

/* ------------------------------------------------------------------------
 * US Chess 14E: insufficient material to win on time
 * ---------------------------------------------------------------------- */

/* The forced-win search: plain AND-OR mate search (the winner picks one
 * move, every defence must lose), iterative deepening up to
 * FW_MAX_PLIES plies (a mate in 5 for the winner, whoever is to move),
 * and at most FW_MAX_NODES nodes (or the caller's smaller budget), both in
 * config.h. A search that runs out counts as "no forced win" (14E2, 14E3). */

static int fw_search(uw_ctx *c, int depth, int ply)
{
	arb_position *p = &c->pos;
	arb_move *moves = c->moves[ply];
	int n = arbI_gen_legal(p, moves), attack = p->side == c->side;
	if (n == 0)
		return mated_here(p, c->side, 0);
	if (depth == 0 || !tick(c) || arbI_uw_material_cannot_mate(p, c->side))
		return 0;
	if (attack)
		arbI_uw_order_moves(c, moves, n);
	for (int i = 0; i < n && !c->aborted; i++) {
		arb_undo u;
		arbI_pos_do_move(p, moves[i], &u);
		int r = fw_search(c, depth - 1, ply + 1);
		arbI_pos_undo_move(p, moves[i], &u);
		if (r == attack) /* a winning move, or a saving defence */
			return attack;
	}
	return !attack && !c->aborted;
}

/* 1 forced win, 0 none found, -1 no memory for the search. */
static int forced_win(const arb_position *pos, int side, long max_nodes)
{
	uw_ctx *c = arbI_uw_ctx_new(pos, side, FW_MAX_NODES);
	int won = 0;
	if (!c)
		return -1;
	c->limit = max_nodes > 0 && max_nodes < FW_MAX_NODES ? max_nodes : FW_MAX_NODES;
	for (int d = pos->side == side ? 1 : 2; d <= FW_MAX_PLIES && !won && !c->aborted; d += 2)
		won = fw_search(c, d, 0);
	arbI_uw_ctx_free(c);
	return won;
}

/* Counts of the non-king material of `color`. */
static int count(const arb_position *p, int color, int type)
{
	return bb_popcount(pos_pieces(p, color, type));
}

ARB_API int arb_uscf_insufficient_to_win(const arb_position *pos, arb_color flagged, long max_nodes)
{
	arbI_api_check(pos && (flagged == ARB_WHITE || flagged == ARB_BLACK), 0);
	arbI_attacks_init();
	int win = (int)flagged ^ 1;
	int pawns = count(pos, win, ARB_PAWN), n = count(pos, win, ARB_KNIGHT);
	int b = count(pos, win, ARB_BISHOP),
	    heavy = count(pos, win, ARB_ROOK) + count(pos, win, ARB_QUEEN);
	if (pawns + n + b + heavy == 0)
		return 1; /* US Chess 14E1: lone king */
	if (pawns + heavy > 0)
		return 0;
	int fw;
	if (n + b == 1) { /* 14E2: K+B or K+N, draw unless a forced win */
		fw = forced_win(pos, win, max_nodes);
		return fw < 0 ? -1 : !fw;
	}
	if (n == 2 && b == 0 && !pos_pieces(pos, flagged, ARB_PAWN)) { /* 14E3 */
		fw = forced_win(pos, win, max_nodes);
		return fw < 0 ? -1 : !fw;
	}
	return 0;
}

/* US Chess blitz 7c: a pawn, a rook, a queen, or two minor pieces. */
ARB_API int arb_uscf_blitz_mating_material(const arb_position *pos, arb_color side)
{
	arbI_api_check(pos && (side == ARB_WHITE || side == ARB_BLACK), 0);
	int s = (int)side;
	if (count(pos, s, ARB_PAWN) + count(pos, s, ARB_ROOK) + count(pos, s, ARB_QUEEN) > 0)
		return 1;
	return count(pos, s, ARB_KNIGHT) + count(pos, s, ARB_BISHOP) >= 2;
}
