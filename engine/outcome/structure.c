/*
 * structure.c -- the static proofs of the checkmate analysis: material
 * rules, the pawn structures that can arise (pieces as regions), and the
 * mating patterns of a lone minor piece.
 *
 * Each proof answers "can `side` never mate?" for every position reachable
 * from p, without a search; 1 is a proof (ARB_UNWINNABLE may rest on it), 0
 * only "not proved". They hold the invariant of the analysis (unwinnable.c):
 * no proof is given that a legal series of moves could contradict.
 */
#include <stdlib.h>
#include <string.h>

#include "search.h"

/* ------------------------------------------------------------------------
 * Material rules
 * ---------------------------------------------------------------------- */

#define LIGHT_SQUARES ((bb_t)0x55AA55AA55AA55AAULL)

/* Material can only shrink when no pawn is left (no promotion), so a
 * pattern that cannot mate now can never mate. FIDE 2018 5.2.2 / 6.9. */
int arbI_uw_material_cannot_mate(const arb_position *p, int side)
{
	int opp = side ^ 1;
	bb_t mine = p->by_color[side] & ~p->by_type[ARB_KING];
	bb_t theirs = p->by_color[opp] & ~p->by_type[ARB_KING];
	if (!mine)
		return 1; /* a lone king never gives check */
	if (mine & p->by_type[ARB_PAWN] || theirs & p->by_type[ARB_PAWN])
		return 0;
	if (mine == (mine & p->by_type[ARB_KNIGHT]) && !bb_more_than_one(mine))
		return !theirs; /* K+N v K; any enemy piece could block */
	if (mine == (mine & p->by_type[ARB_BISHOP])) {
		/* Bishops on one colour attack only that colour; a king with
		 * at most such bishops cannot fill its other-colour flights. */
		bb_t all = mine | theirs;
		if (theirs & ~p->by_type[ARB_BISHOP])
			return 0;
		return !(all & LIGHT_SQUARES) || !(all & ~LIGHT_SQUARES);
	}
	return 0;
}

/* ------------------------------------------------------------------------
 * Static analysis: the pawn structures that can arise, pieces as regions
 *
 * An abstract state is a placement of the pawns plus, for every other
 * piece, the set of squares it may stand on (its region). Within a state a
 * piece moves freely through any square not held by a pawn or a "fixed"
 * piece (one with no move at all in this structure): other pieces can step
 * aside. A king never enters a square a fixed enemy unit attacks. The
 * structure changes only by irreversible events, each a transition to a
 * new state: a pawn push (or double push, with the e.p. reply), a
 * promotion, a pawn capturing anything that can stand on the target, and a
 * piece capturing a pawn or a fixed piece it can reach. Captures between
 * movable pieces are left out: a state with more pieces over-approximates
 * (more cover, more blockers, more transitions), so dropping them loses no
 * mate. In every state the mate test asks for a square of the defender's
 * region that some piece of the mating side can check, whose flights are
 * all attacked from somewhere in the attackers' regions or filled by
 * distinct movable defenders. When no reachable state passes, no mate is
 * reachable: a proof of ARB_UNWINNABLE. Kings are never captured.
 * ---------------------------------------------------------------------- */

#define SS_MAX_PIECES 32

typedef struct ss_piece {
	bb_t seed; /* squares the piece may stand on */
	uint8_t type, color;
} ss_piece;

typedef struct ss_state {
	bb_t pawns[2];
	int n;
	ss_piece pc[SS_MAX_PIECES];
} ss_state;

typedef struct ss_eval {
	bb_t fixed, fixed_by[2], fixed_att[2];
	bb_t region[SS_MAX_PIECES], hits[SS_MAX_PIECES];
	uint32_t fixed_mask;
} ss_eval;

/* One step of a piece from every square of b: a slider reaches through
 * free squares exactly what single steps through them reach, so regions
 * and the squares attacked from them are plain flood fills. */
static bb_t piece_steps(int type, bb_t b)
{
	switch (type) {
	case ARB_KNIGHT:
		return bb_knight_steps(b);
	case ARB_BISHOP:
		return bb_diagonal_steps(b);
	case ARB_ROOK:
		return bb_orthogonal_steps(b);
	default:
		return bb_diagonal_steps(b) | bb_orthogonal_steps(b); /* queen, king */
	}
}

/* The region of piece i given the fixed units; hits = enemy pawns and
 * fixed pieces (never a king) it could take from it.
 *
 * The seed is the region of an earlier state, so it may hold squares that
 * fixed units have taken since (a pawn pushed into it, a piece that became
 * fixed): the piece is not on those, so they are left out before the fill.
 * Kept in, they would hide the unit on them from the piece's hits (a fill
 * only looks at squares it has not reached yet): a king could never take a
 * pawn pushed into its own region, however unprotected. */
static bb_t ss_flood(const ss_state *st, const ss_eval *e, int i, bb_t kings, bb_t *hits)
{
	const ss_piece *pc = &st->pc[i];
	bb_t enemy = e->fixed_by[pc->color ^ 1] & ~kings;
	bb_t stop = pc->type == ARB_KING ? e->fixed_att[pc->color ^ 1] : 0;
	bb_t reach = e->fixed_mask >> i & 1 ? pc->seed : pc->seed & ~e->fixed, h = 0;
	if (!reach)
		reach = pc->seed; /* no free square left (not expected): stay wide */
	for (;;) {
		bb_t steps = piece_steps(pc->type, reach) & ~stop;
		h |= steps & enemy;
		bb_t next = steps & ~e->fixed_by[0] & ~e->fixed_by[1] & ~reach;
		if (!next)
			break;
		reach |= next;
	}
	*hits = h;
	return reach;
}

/* Regions to a fixpoint: a piece whose region is its one square is fixed,
 * which adds obstacles and guarded squares, which can fix more pieces. */
static void ss_evaluate(const ss_state *st, ss_eval *e)
{
	e->fixed_mask = 0;
	for (;;) {
		/* The squares of fixed kings: in the way, never taken. A movable
		 * king is no obstacle (it steps aside), and its seed, a region,
		 * is no square of a king at all. */
		bb_t kings = 0;
		for (int i = 0; i < st->n; i++)
			if (st->pc[i].type == ARB_KING && (e->fixed_mask >> i & 1))
				kings |= st->pc[i].seed;
		e->fixed = st->pawns[0] | st->pawns[1];
		for (int c = 0; c < 2; c++) {
			e->fixed_by[c] = st->pawns[c];
			e->fixed_att[c] = 0;
			for (bb_t b = st->pawns[c]; b;)
				e->fixed_att[c] |= pawn_attacks(c, bb_pop(&b));
		}
		for (int i = 0; i < st->n; i++)
			if (e->fixed_mask >> i & 1) {
				e->fixed |= st->pc[i].seed;
				e->fixed_by[st->pc[i].color] |= st->pc[i].seed;
			}
		for (int i = 0; i < st->n; i++)
			if (e->fixed_mask >> i & 1)
				e->fixed_att[st->pc[i].color] |= piece_step(
					st->pc[i].type, bb_lsb(st->pc[i].seed), e->fixed);
		uint32_t more = 0;
		for (int i = 0; i < st->n; i++) {
			e->region[i] = ss_flood(st, e, i, kings, &e->hits[i]);
			if (!(e->fixed_mask >> i & 1) && e->region[i] == st->pc[i].seed &&
			    !bb_more_than_one(st->pc[i].seed))
				more |= 1u << i;
		}
		if (!more)
			break;
		e->fixed_mask |= more;
	}
}

/* Can distinct movable pieces (indices in `who`, regions in e) stand on
 * every square of `need` at once? Bipartite matching by augmenting paths. */
static int ss_augment(const ss_eval *e, const int *who, int n, int *owner, int sq, uint32_t *tried)
{
	for (int k = 0; k < n; k++) {
		if (!(e->region[who[k]] & BB(sq)) || (*tried >> k & 1))
			continue;
		*tried |= 1u << k;
		if (owner[k] < 0 || ss_augment(e, who, n, owner, owner[k], tried)) {
			owner[k] = sq;
			return 1;
		}
	}
	return 0;
}

static int ss_fill(const ss_eval *e, const int *who, int n, bb_t need)
{
	int owner[SS_MAX_PIECES];
	if (bb_popcount(need) > n)
		return 0;
	for (int k = 0; k < n; k++)
		owner[k] = -1;
	while (need) {
		uint32_t tried = 0;
		if (!ss_augment(e, who, n, owner, bb_pop(&need), &tried))
			return 0;
	}
	return 1;
}

/* The mate test of one state (see the section comment): 1 if a mate by
 * `side` may exist in it. The mating king is placed square by square (one
 * king covers only its own neighbours); the other pieces' cover is the
 * union over their regions. */
static int ss_may_mate(const ss_state *st, const ss_eval *e, int side)
{
	int opp = side ^ 1, who[SS_MAX_PIECES], n = 0, lk = -1, wk = -1;
	bb_t check = 0;
	for (bb_t b = st->pawns[side]; b;)
		check |= pawn_attacks(side, bb_pop(&b));
	for (int i = 0; i < st->n; i++) {
		const ss_piece *pc = &st->pc[i];
		if (pc->color == side && pc->type != ARB_KING)
			check |= piece_steps(pc->type, e->region[i]);
		else if (pc->color == side)
			wk = i;
		else if (pc->type == ARB_KING)
			lk = i;
		else if (!(e->fixed_mask >> i & 1))
			who[n++] = i;
	}
	if (lk < 0 || wk < 0)
		return 1;
	for (bb_t b = e->region[lk] & check; b;) {
		int sq = bb_pop(&b);
		bb_t need = king_attacks(sq) & ~check & ~e->fixed_by[opp];
		if (!need)
			return 1;
		bb_t kings = e->region[wk] & ~king_attacks(sq) & ~BB(sq);
		bb_t useful = 0;
		for (bb_t f = need; f;)
			useful |= king_attacks(bb_pop(&f));
		if (kings & ~useful && ss_fill(e, who, n, need))
			return 1; /* the king is elsewhere */
		for (kings &= useful; kings;)
			if (ss_fill(e, who, n, need & ~king_attacks(bb_pop(&kings))))
				return 1;
	}
	return 0;
}

/* Canonical order of the pieces so that equal states compare equal. */
static int ss_piece_cmp(const void *a, const void *b)
{
	const ss_piece *x = a, *y = b;
	if (x->color != y->color)
		return x->color - y->color;
	if (x->type != y->type)
		return x->type - y->type;
	return x->seed < y->seed ? -1 : x->seed > y->seed;
}

static uint64_t ss_hash(const ss_state *st)
{
	uint64_t h = st->pawns[0] * 0x9E3779B97F4A7C15ULL ^ st->pawns[1] * 0xC2B2AE3D27D4EB4FULL;
	for (int i = 0; i < st->n; i++) {
		h ^= st->pc[i].seed + ((uint64_t)st->pc[i].type << 3 | st->pc[i].color);
		h *= 0xBF58476D1CE4E5B9ULL;
		h ^= h >> 31;
	}
	return h;
}

typedef struct ss_search {
	ss_state *states; /* every state seen */
	int *parent;      /* per state: the state it came from (-1: the root) */
	ss_event *event;  /* ... and the change that led to it */
	int cur_parent;   /* what ss_add records for the states it adds */
	ss_event cur_event;
	uint64_t *hashes;
	int *slots;      /* open-addressed index into states, -1 = empty */
	int *stack, top; /* states still to expand */
	int count, cap, slot_cap, max_states;
	int overflow, nomem;
} ss_search;

static int ss_same(const ss_state *a, const ss_state *b)
{
	if (a->pawns[0] != b->pawns[0] || a->pawns[1] != b->pawns[1] || a->n != b->n)
		return 0;
	/* Field by field: the padding of ss_piece is not initialised. */
	for (int i = 0; i < a->n; i++)
		if (a->pc[i].seed != b->pc[i].seed || a->pc[i].type != b->pc[i].type ||
		    a->pc[i].color != b->pc[i].color)
			return 0;
	return 1;
}

/* Adds a state (canonicalised; seeds become the given regions) unless seen. */
static void ss_add(ss_search *ss, ss_state *st)
{
	qsort(st->pc, (size_t)st->n, sizeof st->pc[0], ss_piece_cmp);
	for (int i = st->n; i < SS_MAX_PIECES; i++)
		memset(&st->pc[i], 0, sizeof st->pc[i]);
	uint64_t h = ss_hash(st);
	int mask = ss->slot_cap - 1, j = (int)(h & (uint64_t)mask);
	for (; ss->slots[j] >= 0; j = (j + 1) & mask)
		if (ss->hashes[ss->slots[j]] == h && ss_same(&ss->states[ss->slots[j]], st))
			return;
	if (ss->count == ss->max_states) {
		ss->overflow = 1;
		return;
	}
	if (ss->count == ss->cap) {
		int cap = ss->cap ? ss->cap * 2 : 64;
		ss_state *s2 = realloc(ss->states, (size_t)cap * sizeof *s2);
		if (s2)
			ss->states = s2;
		uint64_t *h2 = s2 ? realloc(ss->hashes, (size_t)cap * sizeof *h2) : NULL;
		if (h2)
			ss->hashes = h2;
		int *p2 = h2 ? realloc(ss->parent, (size_t)cap * sizeof *p2) : NULL;
		if (p2)
			ss->parent = p2;
		ss_event *e2 = p2 ? realloc(ss->event, (size_t)cap * sizeof *e2) : NULL;
		if (!e2) {
			ss->nomem = 1;
			return;
		}
		ss->event = e2;
		ss->cap = cap;
	}
	ss->states[ss->count] = *st;
	ss->hashes[ss->count] = h;
	ss->parent[ss->count] = ss->cur_parent;
	ss->event[ss->count] = ss->cur_event;
	ss->stack[ss->top++] = ss->count;
	ss->slots[j] = ss->count++;
}

/* A copy of st with every seed widened to its region. */
static void ss_child(const ss_state *st, const ss_eval *e, ss_state *out)
{
	*out = *st;
	for (int i = 0; i < st->n; i++)
		out->pc[i].seed = e->region[i];
}

static void ss_remove(ss_state *st, int i)
{
	st->pc[i] = st->pc[--st->n];
}

/* Removes whatever stands on sq (a pawn or the piece whose region is sq);
 * for a movable piece the caller passes its index. */
static void ss_take(ss_state *st, int sq, int piece)
{
	st->pawns[0] &= ~BB(sq);
	st->pawns[1] &= ~BB(sq);
	if (piece >= 0)
		ss_remove(st, piece);
}

/* A pawn of colour c arrives on `to` (from `from`): promotions branch. */
static void ss_note(ss_search *ss, int color, int type, int to)
{
	ss->cur_event.color = (int8_t)color;
	ss->cur_event.type = (int8_t)type;
	ss->cur_event.to = (int8_t)to;
	ss->cur_event.valid = 1;
}

static void ss_pawn_arrives(ss_search *ss, ss_state *st, int c, int from, int to)
{
	st->pawns[c] &= ~BB(from);
	if (ARB_RANK(to) != (c == ARB_WHITE ? 7 : 0)) {
		st->pawns[c] |= BB(to);
		ss_note(ss, c, ARB_PAWN, to);
		ss_add(ss, st);
		return;
	}
	if (st->n == SS_MAX_PIECES) {
		ss->overflow = 1;
		return;
	}
	for (int t = ARB_KNIGHT; t <= ARB_QUEEN; t++) {
		ss_state s2 = *st;
		s2.pc[s2.n].seed = BB(to);
		s2.pc[s2.n].type = (uint8_t)t;
		s2.pc[s2.n].color = (uint8_t)c;
		s2.n++;
		ss_note(ss, c, t, to);
		ss_add(ss, &s2);
	}
}

/* 1 if a pawn of colour c arriving on `to` from `from` (a single push or a
 * capture of whatever stands on `to`) checkmates the other king at once,
 * whatever the movable pieces are doing: the king is fixed, every flight
 * is its own fixed unit or surely attacked (by c's pawns or fixed pieces:
 * a slider only on its neighbours, where nothing can screen it), and no
 * piece of the king's side
 * can reach the pawn from anywhere in its region. Such a move ends the game
 * with c's mate, so it is no way for the other side to go on and mate. */
static int ss_pawn_mates(const ss_state *st, const ss_eval *e, int c, int from, int to)
{
	int k = c ^ 1, king = -1;
	bb_t sure = 0, pawns = (st->pawns[c] & ~BB(from)) | BB(to);
	for (int i = 0; i < st->n; i++)
		if (st->pc[i].color == k && st->pc[i].type == ARB_KING)
			king = i;
	if (king < 0 || !(e->fixed_mask >> king & 1))
		return 0;
	int ksq = bb_lsb(st->pc[king].seed);
	if (!(pawn_attacks(c, to) & BB(ksq)))
		return 0;
	for (bb_t b = pawns; b;)
		sure |= pawn_attacks(c, bb_pop(&b));
	for (int i = 0; i < st->n; i++) {
		const ss_piece *pc = &st->pc[i];
		if (pc->color == c && (e->fixed_mask >> i & 1) && pc->seed != BB(to))
			sure |= piece_step(pc->type, bb_lsb(pc->seed), ~(bb_t)0);
		if (pc->color == k && pc->type != ARB_KING &&
		    (piece_steps(pc->type, e->region[i]) & BB(to)))
			return 0; /* the checker may be taken */
	}
	for (bb_t b = st->pawns[k] & ~BB(to); b;)
		if (pawn_attacks(k, bb_pop(&b)) & BB(to))
			return 0;
	bb_t own_fixed = e->fixed_by[k] & ~BB(to);
	return !(king_attacks(ksq) & ~own_fixed & ~sure);
}

/* Queues every transition out of st (see the section comment); a pawn
 * move of the defender that mates the side to win is left out. */
static void ss_expand(ss_search *ss, const ss_state *st, const ss_eval *e, int side)
{
	bb_t pawns = st->pawns[0] | st->pawns[1];
	ss_state ch;
	for (int c = 0; c < 2; c++) {
		int dir = c == ARB_WHITE ? 8 : -8, start = c == ARB_WHITE ? 1 : 6;
		for (bb_t b = st->pawns[c]; b;) {
			int sq = bb_pop(&b), fwd = sq + dir;
			if (!(e->fixed & BB(fwd))) {
				if (c == side || !ss_pawn_mates(st, e, c, sq, fwd)) {
					ss_child(st, e, &ch);
					ss_pawn_arrives(ss, &ch, c, sq, fwd);
				}
				int two = fwd + dir;
				if (ARB_RANK(sq) == start && !(e->fixed & BB(two))) {
					ss_child(st, e, &ch);
					ss_pawn_arrives(ss, &ch, c, sq, two);
					/* ... and the e.p. captures it allows */
					for (bb_t ep = pawn_attacks(c, fwd) & st->pawns[c ^ 1];
					     ep;) {
						int from = bb_pop(&ep);
						ss_child(st, e, &ch);
						ch.pawns[c] &= ~BB(sq);
						ss_pawn_arrives(ss, &ch, c ^ 1, from, fwd);
					}
				}
			}
			for (bb_t t = pawn_attacks(c, sq); t;) {
				int to = bb_pop(&t);
				if (c != side && ss_pawn_mates(st, e, c, sq, to))
					continue;
				if (st->pawns[c ^ 1] & BB(to)) {
					ss_child(st, e, &ch);
					ss_take(&ch, to, -1);
					ss_pawn_arrives(ss, &ch, c, sq, to);
				}
				for (int j = 0; j < st->n; j++) {
					if (st->pc[j].color == c || st->pc[j].type == ARB_KING ||
					    !(e->region[j] & BB(to)))
						continue;
					ss_child(st, e, &ch);
					ss_take(&ch, to, j);
					ss_pawn_arrives(ss, &ch, c, sq, to);
				}
			}
		}
	}
	for (int i = 0; i < st->n; i++) {
		for (bb_t h = e->hits[i]; h;) {
			int x = bb_pop(&h), victim = -1;
			for (int j = 0; j < st->n; j++)
				if (j != i && st->pc[j].seed == BB(x) && (e->fixed_mask >> j & 1))
					victim = j;
			if (!(pawns & BB(x)) && victim < 0)
				continue;
			ss_child(st, e, &ch);
			ch.pc[i].seed |= BB(x);
			ss_note(ss, st->pc[i].color, st->pc[i].type, x);
			ss_take(&ch, x, victim);
			ss_add(ss, &ch);
		}
	}
}

/* 1 if the root state's mate test (ss_may_mate) surely passes, found
 * without evaluating the state: every piece of `side` spreads only through
 * empty squares (its region's obstacles, pawns and fixed pieces, are all
 * occupied squares, so this is part of its region), the defender's king
 * stands on its own square (always in its region) and only its pawns count
 * as held flights (they are fixed units). Cover from part of the regions
 * is part of the cover: when the king's square is checkable and every
 * flight covered or held here, it is in the full test too. 0 = not known;
 * the full evaluation decides. The common case of the per-move
 * dead-position test (a queen or rook loose on an open board) ends here. */
static int ss_root_may_mate(const arb_position *p, int side)
{
	int opp = side ^ 1, lk = pos_king(p, opp);
	bb_t occ = pos_occupied(p), check = 0;
	for (bb_t b = pos_pieces(p, side, ARB_PAWN); b;)
		check |= pawn_attacks(side, bb_pop(&b));
	for (bb_t b = p->by_color[side] & ~p->by_type[ARB_PAWN] & ~p->by_type[ARB_KING]; b;) {
		int sq = bb_pop(&b), type = p->board[sq] & 7;
		bb_t reach = BB(sq), next;
		while ((next = piece_steps(type, reach) & ~occ & ~reach) != 0)
			reach |= next;
		check |= piece_steps(type, reach);
	}
	return (check & BB(lk)) && !(king_attacks(lk) & ~check & ~pos_pieces(p, opp, ARB_PAWN));
}

int arbI_uw_structure_fails_now(const arb_position *p, int side)
{
	return p->rights || p->ep != ARB_NO_SQUARE || ss_root_may_mate(p, side);
}

/* 1 if `side` provably never mates from p (no reachable state passes the
 * mate test within max_states states). */
int arbI_uw_structure_cannot_mate(const arb_position *p, int side, int max_states, ss_event *first,
				  int *nomem)
{
	if (first)
		for (int k = 0; k < SS_MAX_EVENTS; k++)
			first[k].valid = 0;
	ss_state root;
	ss_eval e;
	ss_search ss = {0};
	int proved = 0;
	if (arbI_uw_structure_fails_now(p, side))
		return 0; /* castling and e.p. are left to the search; or ss_may_mate
			   * on the root surely passes */
	root.pawns[0] = pos_pieces(p, ARB_WHITE, ARB_PAWN);
	root.pawns[1] = pos_pieces(p, ARB_BLACK, ARB_PAWN);
	root.n = 0;
	for (bb_t b = pos_occupied(p) & ~p->by_type[ARB_PAWN]; b;) {
		int sq = bb_pop(&b);
		if (root.n == SS_MAX_PIECES)
			return 0;
		root.pc[root.n].seed = BB(sq);
		root.pc[root.n].type = (uint8_t)(p->board[sq] & 7);
		root.pc[root.n].color = (uint8_t)(p->board[sq] >> 3);
		root.n++;
	}
	ss_evaluate(&root, &e);
	if (ss_may_mate(&root, &e, side))
		return 0; /* the common case: decided at once, nothing allocated */
	ss.max_states = max_states;
	ss.slot_cap = 1;
	while (ss.slot_cap < 2 * max_states)
		ss.slot_cap *= 2;
	ss.cur_parent = -1;
	ss.slots = malloc((size_t)ss.slot_cap * sizeof *ss.slots);
	ss.stack = malloc((size_t)max_states * sizeof *ss.stack);
	if (!ss.slots || !ss.stack) {
		free(ss.slots);
		free(ss.stack);
		if (nomem)
			*nomem = 1;
		return 0;
	}
	memset(ss.slots, 0xff, (size_t)ss.slot_cap * sizeof *ss.slots);
	ss_add(&ss, &root);
	/* Depth first: promotions, which usually end a proof attempt, come
	 * early instead of after every combination of pawn pushes. */
	int mate = 0;
	while (ss.top > 0 && !ss.overflow && !ss.nomem) {
		int at = ss.stack[--ss.top];
		ss_state st = ss.states[at];
		ss_evaluate(&st, &e);
		if ((mate = ss_may_mate(&st, &e, side)) != 0) {
			/* The first change on the way to it, then the other
			 * changes possible now: sub-goals for the search when no
			 * mating net exists as things stand (the abstraction may
			 * allow a change the position does not). */
			while (at > 0 && ss.parent[at] > 0)
				at = ss.parent[at];
			int k = 0;
			if (first && at > 0)
				first[k++] = ss.event[at];
			for (int i = 1; first && i < ss.count && k < SS_MAX_EVENTS; i++)
				if (ss.parent[i] == 0 && i != at)
					first[k++] = ss.event[i];
			break;
		}
		ss.cur_parent = at;
		ss_expand(&ss, &st, &e, side);
	}
	proved = !mate && !ss.overflow && !ss.nomem;
	if (ss.nomem && nomem)
		*nomem = 1;
	free(ss.parent);
	free(ss.event);
	free(ss.stack);
	free(ss.states);
	free(ss.hashes);
	free(ss.slots);
	return proved;
}

/* ------------------------------------------------------------------------
 * Mating patterns of a lone minor piece (pawnless positions)
 * ---------------------------------------------------------------------- */

/* The defender's piece kinds that can stand on a flight square. */
enum { MP_QUEEN, MP_ROOK, MP_KNIGHT, MP_LIGHT_BISHOP, MP_DARK_BISHOP, MP_KINDS };

static bb_t kind_attacks(int kind, int sq, bb_t occ)
{
	switch (kind) {
	case MP_QUEEN:
		return queen_attacks(sq, occ);
	case MP_ROOK:
		return rook_attacks(sq, occ);
	case MP_KNIGHT:
		return knight_attacks(sq);
	default:
		return bishop_attacks(sq, occ);
	}
}

/* Can the defender's pieces (cnt per kind) fill the squares `fill` so that
 * none of them attacks `forbidden` (the checker, the squares between it and
 * the king, the mating king)? Backtracking over the squares. */
static int fill_flights(int cnt[MP_KINDS], bb_t fill, bb_t occ, bb_t forbidden)
{
	if (!fill)
		return 1;
	int sq = bb_lsb(fill);
	for (int k = 0; k < MP_KINDS; k++) {
		if (!cnt[k] || (k == MP_LIGHT_BISHOP && !(BB(sq) & LIGHT_SQUARES)) ||
		    (k == MP_DARK_BISHOP && (BB(sq) & LIGHT_SQUARES)) ||
		    (kind_attacks(k, sq, occ) & forbidden))
			continue;
		cnt[k]--;
		int ok = fill_flights(cnt, fill & (fill - 1), occ, forbidden);
		cnt[k]++;
		if (ok)
			return 1;
	}
	return 0;
}

/* 1 if some placement mates with the king on s, the minor piece (type) on
 * c giving check and the mating king on w. The flights left open must hold
 * defenders; every superset of the forced set is tried, since a blocker can
 * shield another one's line to the checker. */
static int minor_mate_at(int cnt[MP_KINDS], int type, int s, int c, int w)
{
	bb_t flights = king_attacks(s), between = between_bb(s, c);
	bb_t must = 0, forbidden = between | BB(c) | BB(w);
	for (;;) { /* blockers only shrink the cover: iterate to the forced set */
		bb_t occ = BB(s) | BB(c) | BB(w) | must;
		bb_t cover = king_attacks(w) | piece_step(type, c, occ & ~BB(s));
		bb_t need = must | (flights & ~cover & ~BB(c));
		if (need & between)
			return 0;
		if (need == must)
			break;
		must = need;
	}
	bb_t optional = flights & ~must & ~between & ~BB(c);
	bb_t sub = 0;
	do { /* every subset of the optional flights, the empty one first */
		bb_t fill = must | sub, occ = BB(s) | BB(c) | BB(w) | fill;
		bb_t cover = king_attacks(w) | piece_step(type, c, occ & ~BB(s));
		if (!(flights & ~fill & ~cover & ~BB(c)) && bb_popcount(fill) <= 8 &&
		    fill_flights(cnt, fill, occ, forbidden))
			return 1;
		sub = (sub - optional) & optional;
	} while (sub);
	return 0;
}

/* Without pawns material only shrinks and bishops keep their colour. When
 * `side` has its king and one knight or bishop, a mate needs the defender's
 * own pieces on the flights its king and the checker leave open, none of
 * them able to take the checker, interpose or attack the mating king. If no
 * placement of the defender's material (or part of it) does that, `side`
 * can never mate (e.g. K+N v K+Q: a queen next to its king always reaches
 * the knight's checking square or the mating king). */
int arbI_uw_lone_minor_cannot_mate(const arb_position *p, int side)
{
	bb_t mine = p->by_color[side] & ~p->by_type[ARB_KING];
	if (p->by_type[ARB_PAWN] || !mine || bb_more_than_one(mine))
		return 0;
	int csq = bb_lsb(mine), type = p->board[csq] & 7;
	if (type != ARB_KNIGHT && type != ARB_BISHOP)
		return 0;
	int cnt[MP_KINDS], opp = side ^ 1;
	bb_t bishops = pos_pieces(p, opp, ARB_BISHOP);
	cnt[MP_QUEEN] = bb_popcount(pos_pieces(p, opp, ARB_QUEEN));
	cnt[MP_ROOK] = bb_popcount(pos_pieces(p, opp, ARB_ROOK));
	cnt[MP_KNIGHT] = bb_popcount(pos_pieces(p, opp, ARB_KNIGHT));
	cnt[MP_LIGHT_BISHOP] = bb_popcount(bishops & LIGHT_SQUARES);
	cnt[MP_DARK_BISHOP] = bb_popcount(bishops & ~LIGHT_SQUARES);
	bb_t colour = type == ARB_BISHOP ?
			      (BB(csq) & LIGHT_SQUARES ? LIGHT_SQUARES : ~LIGHT_SQUARES) :
			      ~(bb_t)0;
	for (int s = 0; s < 64; s++) {
		bb_t checks =
			(type == ARB_KNIGHT ? knight_attacks(s) : bishop_attacks(s, 0)) & colour;
		while (checks) {
			int c = bb_pop(&checks);
			bb_t kings = ~(king_attacks(s) | BB(s) | BB(c) | between_bb(s, c));
			if (king_attacks(s) & BB(c))
				kings &= king_attacks(c); /* the checker must be guarded */
			while (kings)
				if (minor_mate_at(cnt, type, s, c, bb_pop(&kings)))
					return 0;
		}
	}
	return 1;
}
