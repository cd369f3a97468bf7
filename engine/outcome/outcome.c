/*
 * outcome.c -- terminal states, material rules, and the game history that
 * counts repetitions (FIDE 9.2) and knows the automatic endings.
 *
 * A history keeps, for every position from the start (or set-up) position
 * on, its Zobrist key and a compact snapshot of what "the same position"
 * compares (FIDE 2018 9.2.2: side to move, placement, castling rights, and
 * an e.p. square only when an e.p. capture is legal -- the position type
 * already keeps ep only in that case). A key match is confirmed on the
 * snapshot. Only positions since the last capture or pawn move can repeat.
 * The "cannot mate" tests of the rule editions (arb_mate_test) sit beside
 * the material rules: the FIDE test is the analysis of unwinnable.c, the
 * others are the material lists of US Chess and lichess.
 */
#include "position.h"
#include "unwinnable.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Terminal states and material
 * ---------------------------------------------------------------------- */

arb_terminal arb_position_terminal(const arb_position *pos)
{
	arbI_api_check(pos, ARB_ONGOING);
	if (arbI_gen_legal(pos, NULL))
		return ARB_ONGOING;
	return pos_checkers(pos) ? ARB_CHECKMATE : ARB_STALEMATE; /* FIDE 5.1.1 / 5.2.1 */
}

#define DARK_SQUARES ((bb_t)0xAA55AA55AA55AA55ULL) /* a1 is dark */

int arb_position_insufficient_material(const arb_position *pos, arb_color side)
{
	arbI_api_check(pos, 0);
	arbI_api_check(side == ARB_WHITE || side == ARB_BLACK, 0);
	const bb_t kings = pos->by_type[ARB_KING];
	const bb_t own = pos->by_color[side] & ~kings, opp = pos->by_color[side ^ 1] & ~kings;
	const bb_t bishops = pos->by_type[ARB_BISHOP];
	if (!own)
		return 1; /* a lone king never mates */
	if (!bb_more_than_one(own) && (own & pos->by_type[ARB_KNIGHT]))
		return opp == 0; /* K+N mates only when an enemy piece blocks an escape */
	if ((own & ~bishops) == 0) {
		/* Bishops all on one colour mate only with an enemy piece that can
		 * stand on the other colour (a pawn, knight, rook, queen, or a
		 * bishop of the other colour). */
		bb_t colour = (own & DARK_SQUARES) == own  ? DARK_SQUARES :
			      (own & ~DARK_SQUARES) == own ? ~DARK_SQUARES :
							     0;
		return colour && (opp & ~(bishops & colour)) == 0;
	}
	return 0;
}

int arb_position_insufficient_both(const arb_position *pos)
{
	arbI_api_check(pos, 0);
	return arb_position_insufficient_material(pos, ARB_WHITE) &&
	       arb_position_insufficient_material(pos, ARB_BLACK);
}

/* ------------------------------------------------------------------------
 * "Cannot mate" under the test a rule edition names (arb_mate_test)
 * ---------------------------------------------------------------------- */

/* lichess's per-side test (scalachess InsufficientMatingMaterial(board,
 * color), docs/rules.md#can-the-opponent-mate): can `side` not win when the opponent runs out of
 * time? A lone king; a lone knight against a king with queens at most; or
 * bishops only, all on one colour (the opponent's included), against no
 * knight and no pawn. Material only: a pawn wall is never seen. */
static int lichess_cannot_win(const arb_position *pos, int side)
{
	const bb_t kings = pos->by_type[ARB_KING];
	const bb_t own = pos->by_color[side] & ~kings, opp = pos->by_color[side ^ 1] & ~kings;
	const bb_t bishops = pos->by_type[ARB_BISHOP];
	if (!own)
		return 1;
	if ((own & ~pos->by_type[ARB_KNIGHT]) == 0)
		return !bb_more_than_one(own) && (opp & ~pos->by_type[ARB_QUEEN]) == 0;
	if ((own & ~bishops) == 0) {
		int both_colours = (bishops & DARK_SQUARES) && (bishops & ~DARK_SQUARES);
		return !both_colours &&
		       (opp & (pos->by_type[ARB_KNIGHT] | pos->by_type[ARB_PAWN])) == 0;
	}
	return 0;
}

/* FIDE 1997 App. C4 (docs/rules.md#mating-potential-1997): two knights against a bare king are not
 * mating potential. */
static int two_knights_v_king(const arb_position *pos, int side)
{
	const bb_t kings = pos->by_type[ARB_KING];
	const bb_t own = pos->by_color[side] & ~kings, opp = pos->by_color[side ^ 1] & ~kings;
	return (own & ~pos->by_type[ARB_KNIGHT]) == 0 && bb_popcount(own) == 2 && opp == 0;
}

int arb_position_cannot_mate(const arb_position *pos, arb_color side, arb_mate_test test,
			     long max_nodes, const char **why)
{
	const char *dummy;
	arbI_api_check(pos, 0);
	arbI_api_check(side == ARB_WHITE || side == ARB_BLACK, 0);
	arbI_api_check((int)test >= ARB_MATE_FIDE && (int)test <= ARB_MATE_NONE, 0);
	if (!why)
		why = &dummy;
	switch (test) {
	case ARB_MATE_FIDE1997_BLITZ:
		if (two_knights_v_king(pos, side)) {
			*why = "two knights are not mating potential";
			return 1;
		}
		/* fall through */
	case ARB_MATE_FIDE: {
		*why = "cannot mate by any series of legal moves";
		arb_verdict v = arb_can_checkmate(pos, side, max_nodes, NULL);
		return v == ARB_VERDICT_NOMEM ? -1 : v == ARB_UNWINNABLE;
	}
	case ARB_MATE_USCF_14E:
		*why = "insufficient material to win on time";
		return arb_uscf_insufficient_to_win(pos, (arb_color)(side ^ 1), max_nodes);
	case ARB_MATE_USCF_BLITZ:
		*why = "lacks mating material";
		return !arb_uscf_blitz_mating_material(pos, side);
	case ARB_MATE_LICHESS:
		*why = "insufficient mating material";
		return lichess_cannot_win(pos, side);
	case ARB_MATE_NONE: /* e.g. FIDE 1997 10.3: the third illegal move loses, full stop */
		return 0;
	}
	return 0;
}

/* ------------------------------------------------------------------------
 * History
 * ---------------------------------------------------------------------- */

typedef struct snapshot {
	bb_t color[2];
	bb_t type[6];
	uint8_t side, rights, ep, pad;
	uint8_t rook[4]; /* rook square of each held right, else 0 */
} snapshot;

struct arb_history {
	arb_position cur;
	arb_move *moves;
	arb_undo *undos;
	uint64_t *keys;  /* keys[i]: after i moves; keys[0] the start */
	snapshot *snaps; /* likewise */
	int n, cap;
};

static void take_snapshot(const arb_position *p, snapshot *s)
{
	memset(s, 0, sizeof *s);
	s->color[0] = p->by_color[0];
	s->color[1] = p->by_color[1];
	for (int t = 0; t < 6; t++)
		s->type[t] = p->by_type[t + 1];
	s->side = p->side;
	s->rights = p->rights;
	s->ep = p->ep;
	for (int i = 0; i < 4; i++)
		if (p->rights & (1u << i))
			s->rook[i] = p->castle[i].rook_from;
}

static int grow(arb_history *h, int need)
{
	if (need <= h->cap)
		return 1;
	int cap = h->cap ? h->cap * 2 : 256;
	while (cap < need)
		cap *= 2;
	arb_move *m = realloc(h->moves, sizeof *m * (size_t)cap);
	if (m)
		h->moves = m;
	arb_undo *u = realloc(h->undos, sizeof *u * (size_t)cap);
	if (u)
		h->undos = u;
	uint64_t *k = realloc(h->keys, sizeof *k * (size_t)(cap + 1));
	if (k)
		h->keys = k;
	snapshot *s = realloc(h->snaps, sizeof *s * (size_t)(cap + 1));
	if (s)
		h->snaps = s;
	if (!m || !u || !k || !s)
		return 0;
	h->cap = cap;
	return 1;
}

arb_history *arb_history_new(const arb_position *start)
{
	arbI_api_check(start, NULL);
	arb_history *h = calloc(1, sizeof *h);
	if (!h || !grow(h, 1)) {
		arb_history_free(h);
		return NULL;
	}
	h->cur = *start;
	h->keys[0] = start->key;
	take_snapshot(start, &h->snaps[0]);
	return h;
}

void arb_history_free(arb_history *h)
{
	if (!h)
		return;
	free(h->moves);
	free(h->undos);
	free(h->keys);
	free(h->snaps);
	free(h);
}

const arb_position *arb_history_position(const arb_history *h)
{
	arbI_api_check(h, NULL);
	return &h->cur;
}
int arb_history_ply_count(const arb_history *h)
{
	arbI_api_check(h, 0);
	return h->n;
}

arb_move arb_history_move(const arb_history *h, int ply)
{
	arbI_api_check(h, ARB_MOVE_NONE);
	return ply >= 0 && ply < h->n ? h->moves[ply] : ARB_MOVE_NONE;
}

arb_status arb_history_play(arb_history *h, arb_move move)
{
	arbI_api_check(h, ARB_E_ARGUMENT);
	if (!arb_position_is_legal(&h->cur, move))
		return ARB_E_MOVE_ILLEGAL;
	if (!grow(h, h->n + 1))
		return ARB_E_NOMEM;
	arbI_pos_do_move(&h->cur, move, &h->undos[h->n]);
	h->moves[h->n++] = move;
	h->keys[h->n] = h->cur.key;
	take_snapshot(&h->cur, &h->snaps[h->n]);
	return ARB_OK;
}

arb_status arb_history_undo(arb_history *h)
{
	arbI_api_check(h, ARB_E_ARGUMENT);
	if (h->n == 0)
		return ARB_E_ARGUMENT;
	h->n--;
	arbI_pos_undo_move(&h->cur, h->moves[h->n], &h->undos[h->n]);
	return ARB_OK;
}

/* Occurrences of (key, snap) at plies <= last with the same side to move,
 * back to the last capture or pawn move (`reversible` plies). */
static int count_matches(const arb_history *h, int last, uint64_t key, const snapshot *s,
			 int reversible)
{
	int count = 0, oldest = last - reversible;
	if (oldest < 0)
		oldest = 0;
	for (int i = last; i >= oldest; i -= 2)
		if (h->keys[i] == key && memcmp(&h->snaps[i], s, sizeof *s) == 0)
			count++;
	return count;
}

int arb_history_occurrences(const arb_history *h)
{
	arbI_api_check(h, 0);
	return count_matches(h, h->n, h->keys[h->n], &h->snaps[h->n], (int)h->cur.halfmove);
}

int arb_history_occurrences_after(const arb_history *h, arb_move move)
{
	arbI_api_check(h, 0);
	arb_position next = h->cur;
	arb_undo u;
	snapshot s;
	if (!arb_position_is_legal(&h->cur, move))
		return 0;
	arbI_pos_do_move(&next, move, &u);
	take_snapshot(&next, &s);
	/* The earlier positions with the mover's opponent to move are at plies
	 * n-1, n-3, ...; the new one is the +1. */
	return 1 +
	       (h->n >= 1 ? count_matches(h, h->n - 1, next.key, &s, (int)next.halfmove - 1) : 0);
}

int arb_history_consecutive_occurrences(const arb_history *h)
{
	arbI_api_check(h, 0);
	int k = 1;
	for (int i = h->n - 4; i >= 0 && i >= h->n - (int)h->cur.halfmove; i -= 4) {
		if (h->keys[i] != h->keys[h->n] ||
		    memcmp(&h->snaps[i], &h->snaps[h->n], sizeof(snapshot)) != 0)
			break;
		k++;
	}
	return k;
}

int arb_history_halfmove_clock_after(const arb_history *h, arb_move move)
{
	arbI_api_check(h, -1);
	const arb_position *p = &h->cur;
	int from = ARB_MOVE_FROM(move), to = ARB_MOVE_TO(move);
	arb_move_kind kind = ARB_MOVE_KIND(move);
	int pawn = ARB_PIECE_TYPE(p->board[from]) == ARB_PAWN;
	int capture = kind == ARB_MOVE_EN_PASSANT || (kind != ARB_MOVE_CASTLING && p->board[to]);
	return pawn || capture ? 0 :
				 (int)p->halfmove + 1; /* FIDE 9.3: pawn moves and captures reset */
}

static arb_ending ending(const arb_history *h, unsigned flags, const arb_ending_limits *lim,
			 long max_nodes, arb_status *st);

arb_ending arb_history_ending(const arb_history *h, unsigned flags, long max_nodes)
{
	return arb_history_ending_counts(h, flags, 5, 75, max_nodes);
}

arb_ending arb_history_ending_counts(const arb_history *h, unsigned flags, int fivefold,
				     int seventyfive_moves, long max_nodes)
{
	const arb_ending_limits limits = {3, fivefold, 50, seventyfive_moves};
	return arb_history_ending_limits(h, flags, &limits, max_nodes);
}

arb_ending arb_history_ending_limits(const arb_history *h, unsigned flags,
				     const arb_ending_limits *lim, long max_nodes)
{
	arb_ending e = ARB_END_NONE;
	arb_history_ending_status(h, flags, lim, max_nodes, &e);
	return e; /* out of memory in the dead-position test: not dead */
}

arb_status arb_history_ending_status(const arb_history *h, unsigned flags,
				     const arb_ending_limits *lim, long max_nodes, arb_ending *out)
{
	arb_status st = ARB_OK;
	arbI_api_check(h && lim && out, ARB_E_ARGUMENT);
	arbI_api_check(lim->threefold >= 1 && lim->fivefold >= 1 && lim->fifty_moves >= 1 &&
			       lim->seventyfive_moves >= 1,
		       ARB_E_ARGUMENT);
	*out = ending(h, flags, lim, max_nodes, &st);
	return st;
}

/* The ending, and *st = ARB_E_NOMEM when the dead-position test could not
 * be done for want of memory (the later endings are still looked at). */
static arb_ending ending(const arb_history *h, unsigned flags, const arb_ending_limits *lim,
			 long max_nodes, arb_status *st)
{
	const arb_position *pos = &h->cur;
	/* The one place that fixes the precedence of automatic endings. */
	switch (arb_position_terminal(pos)) {
	case ARB_CHECKMATE:
		return ARB_END_CHECKMATE; /* FIDE 2018 9.6.2: mate on the 75th move wins */
	case ARB_STALEMATE:
		return ARB_END_STALEMATE;
	case ARB_ONGOING:
		break;
	}
	/* FIDE 2018 5.2.2 (2009 5.2b, 1997 9.6); US 14D; lichess: material only. */
	if ((flags & ARB_ENDING_MATERIAL) && arb_position_insufficient_both(pos))
		return ARB_END_INSUFFICIENT;
	if (flags & ARB_ENDING_DEAD) {
		arb_verdict v = arb_position_dead(pos, max_nodes);
		if (v == ARB_UNWINNABLE)
			return ARB_END_DEAD;
		if (v == ARB_VERDICT_NOMEM)
			*st = ARB_E_NOMEM;
	} else if (flags & ARB_ENDING_DEAD_STATIC) {
		int dead = arbI_uw_dead_static(pos);
		if (dead == 1)
			return ARB_END_DEAD;
		if (dead < 0)
			*st = ARB_E_NOMEM;
	}
	if ((flags & ARB_ENDING_FIVEFOLD) && arb_history_occurrences(h) >= lim->fivefold)
		return ARB_END_FIVEFOLD; /* FIDE 2018 9.6.1; profile: draw.fivefold_count */
	if ((flags & ARB_ENDING_FIVEFOLD_CONSECUTIVE) &&
	    arb_history_consecutive_occurrences(h) >= lim->fivefold)
		return ARB_END_FIVEFOLD; /* FIDE 2014 9.6a: docs/rules.md#fivefold-in-2014 */
	/* FIDE 2018 9.6.2: "each player" moves, so plies are twice the moves;
	 * profile: draw.seventyfive_moves. */
	if ((flags & ARB_ENDING_SEVENTYFIVE) && (long)pos->halfmove >= 2L * lim->seventyfive_moves)
		return ARB_END_SEVENTYFIVE;
	/* lichess: automatic 50 moves (scalachess Variant.fiftyMoves) and the
	 * automatic threefold preference (Drawer.autoThreefold); profile:
	 * draw.fifty = auto, draw.threefold = automatic. */
	if ((flags & ARB_ENDING_FIFTY) && (long)pos->halfmove >= 2L * lim->fifty_moves)
		return ARB_END_FIFTY;
	if ((flags & ARB_ENDING_THREEFOLD) && arb_history_occurrences(h) >= lim->threefold)
		return ARB_END_THREEFOLD;
	return ARB_END_NONE;
}
