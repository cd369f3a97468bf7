/*
 * unwinnable.c -- "can this side still checkmate?" (FIDE 2018 5.2.2 dead
 * position, 6.9 time forfeit, 7.5.5 illegal-move loss) and US Chess 14E
 * and blitz 7c.
 *
 * Layers, cheapest first: (1) terminal states; (2) material rules that hold
 * for every descendant (no pawns can promote, so material only shrinks);
 * (3) a bounded helpmate search (a depth budget that progress toward a
 * mating net does not consume, aimed at the king and then at each corner,
 * a transposition table, moves ordered toward mating patterns); (4) an
 * exhaustive walk of every
 * reachable position under a visited set, which covers forced play and
 * locked pawn structures: when the walk ends with no mate and no cut-off,
 * the reachable set holds no mate, which proves ARB_UNWINNABLE. Phases (3)
 * and (4) alternate with growing node limits inside the caller's budget.
 *
 * Invariants: ARB_UNWINNABLE is only returned by a material rule or by a
 * complete walk; ARB_WINNABLE always carries a replayable mating line. All
 * state lives in a per-call context (no global mutable state). Move
 * counters are ignored (the question is "any series of legal moves").
 */
#include <stdlib.h>
#include <string.h>

#include "position.h"
#include "unwinnable.h"

#define UW_MAX_PLY ARB_MATE_LINE_MAX
#define UW_TT_BITS 18
#define UW_FIRST_LIMIT 2048L
#define UW_QUICK_NODES 256L /* the first helpmate try */
#define UW_SUBGOAL_DEPTH 4 /* structure changes planned one after another */
#define UW_SUBGOAL_MIN 100000L /* smaller budgets are not split for them */
#define UW_GOAL_TRIES 4 /* positions reaching a sub-goal tried in turn */
#define UW_ROOT_STATES 1024 /* abstract states for the structure proof */
#define UW_WALK_STATES 8
#define UW_HM_MAX_BUDGET 24
#define UW_HM_FIRST_CAP 1024L

typedef struct seen_entry {
	uint64_t key, check; /* check == 0: empty slot */
} seen_entry;

/* The walk's stack grows with the path (a depth-first path through every
 * reachable position can be far longer than a mating line); move lists
 * live in one arena, each frame owning [base, base + n). */
typedef struct walk_frame {
	size_t base;
	int n, i;
	arb_move move; /* the move that left this frame's position */
	arb_undo undo;
} walk_frame;

typedef struct walk_stack {
	walk_frame *f;
	arb_move *arena;
	size_t cap, arena_cap;
} walk_stack;

enum { WALK_NEW, WALK_PAUSED, WALK_OVER };

typedef struct uw_ctx {
	arb_position pos; /* working copy, restored after each search */
	int side;         /* the side that tries to mate */
	long nodes, limit;
	int aborted, cut;
	int line_len;
	arb_move path[UW_MAX_PLY];
	arb_move line[UW_MAX_PLY];
	arb_move (*moves)[ARB_MAX_MOVES]; /* per-ply move lists */
	void *tt; /* hm_entry table of 2^tt_bits entries, grown up to tt_max */
	int tt_bits, tt_max;
	long tt_nodes; /* helpmate nodes searched since the table last grew */
	int weak; /* the mating side has no pawn, rook or queen */
	int goal_sq, goal_piece; /* sub-goal: this piece code arrives on goal_sq */
	uint64_t goal_fail[4];    /* positions reaching it that led nowhere */
	int goal_fails;
	uint32_t gen; /* helpmate iteration, tags the table entries */
	seen_entry *seen;
	size_t seen_cap, seen_count;
	int hm_depth; /* next helpmate iteration budget */
	int target; /* the square the mating net is aimed at, or none */
	int targets[5], hm_target; /* none, then the corners nearest first */
	long hm_cap; /* nodes per helpmate search */
	arb_position walk_pos; /* where the paused walk stands */
	walk_stack w;
	size_t walk_depth;
	int walk_state; /* WALK_NEW, WALK_PAUSED or WALK_OVER */
} uw_ctx;

/* ------------------------------------------------------------------------
 * Material rules
 * ---------------------------------------------------------------------- */

#define LIGHT_SQUARES ((bb_t)0x55AA55AA55AA55AAULL)

/* Material can only shrink when no pawn is left (no promotion), so a
 * pattern that cannot mate now can never mate. FIDE 2018 5.2.2 / 6.9. */
static int material_cannot_mate(const arb_position *p, int side)
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

static bb_t piece_step(int type, int sq, bb_t occ)
{
	switch (type) {
	case ARB_KNIGHT: return knight_attacks(sq);
	case ARB_BISHOP: return bishop_attacks(sq, occ);
	case ARB_ROOK: return rook_attacks(sq, occ);
	case ARB_QUEEN: return queen_attacks(sq, occ);
	default: return king_attacks(sq);
	}
}

/* One step of a piece from every square of b: a slider reaches through
 * free squares exactly what single steps through them reach, so regions
 * and the squares attacked from them are plain flood fills. */
static bb_t piece_steps(int type, bb_t b)
{
	switch (type) {
	case ARB_KNIGHT: return bb_knight_steps(b);
	case ARB_BISHOP: return bb_diagonal_steps(b);
	case ARB_ROOK: return bb_orthogonal_steps(b);
	default: return bb_diagonal_steps(b) | bb_orthogonal_steps(b); /* queen, king */
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
				e->fixed_att[st->pc[i].color] |=
					piece_step(st->pc[i].type, bb_lsb(st->pc[i].seed), e->fixed);
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

/* A structure change: a unit of `color` and `type` arrives on `to` (a pawn
 * push or capture, a promotion, a piece taking a pawn or a fixed piece). */
typedef struct ss_event {
	int8_t color, type, to, valid;
} ss_event;

typedef struct ss_search {
	ss_state *states; /* every state seen */
	int *parent;      /* per state: the state it came from (-1: the root) */
	ss_event *event;  /* ... and the change that led to it */
	int cur_parent;   /* what ss_add records for the states it adds */
	ss_event cur_event;
	uint64_t *hashes;
	int *slots; /* open-addressed index into states, -1 = empty */
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
		if (pc->color == k && pc->type != ARB_KING && (piece_steps(pc->type, e->region[i]) &
							       BB(to)))
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
					for (bb_t ep = pawn_attacks(c, fwd) & st->pawns[c ^ 1]; ep;) {
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

/* 1 if `side` provably never mates from p (no reachable state passes the
 * mate test within max_states states). */
#define SS_MAX_EVENTS 8

static int structure_cannot_mate(const arb_position *p, int side, int max_states,
				 ss_event *first)
{
	if (first)
		for (int k = 0; k < SS_MAX_EVENTS; k++)
			first[k].valid = 0;
	ss_state root;
	ss_eval e;
	ss_search ss = {0};
	int proved = 0;
	if (p->rights || p->ep != ARB_NO_SQUARE)
		return 0; /* castling and e.p. are left to the search */
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
	case MP_QUEEN: return queen_attacks(sq, occ);
	case MP_ROOK: return rook_attacks(sq, occ);
	case MP_KNIGHT: return knight_attacks(sq);
	default: return bishop_attacks(sq, occ);
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
static int lone_minor_cannot_mate(const arb_position *p, int side)
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
	bb_t colour = type == ARB_BISHOP ? (BB(csq) & LIGHT_SQUARES ? LIGHT_SQUARES : ~LIGHT_SQUARES)
					 : ~(bb_t)0;
	for (int s = 0; s < 64; s++) {
		bb_t checks = (type == ARB_KNIGHT ? knight_attacks(s) : bishop_attacks(s, 0)) & colour;
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

/* ------------------------------------------------------------------------
 * Move ordering: drive toward a mate of the defender's king
 * ---------------------------------------------------------------------- */

static int dist(int a, int b)
{
	int df = abs(ARB_FILE(a) - ARB_FILE(b)), dr = abs(ARB_RANK(a) - ARB_RANK(b));
	return df > dr ? df : dr;
}

static int edge_dist(int sq)
{
	int f = ARB_FILE(sq), r = ARB_RANK(sq);
	int df = f < 7 - f ? f : 7 - f, dr = r < 7 - r ? r : 7 - r;
	return df + dr;
}

static int move_score(const uw_ctx *c, const arb_position *p, arb_move m)
{
	int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
	int type = p->board[from] & 7, ek = pos_king(p, c->side ^ 1);
	int s = 0;
	if (ARB_MOVE_KIND(m) == ARB_MOVE_CASTLING)
		return -20;
	if (ARB_MOVE_KIND(m) == ARB_MOVE_PROMOTION)
		s += ARB_MOVE_PROMOTION_TYPE(m) == ARB_QUEEN ? 60 : 15;
	if (p->side == c->side) { /* the mating side approaches */
		s += 4 * (dist(from, ek) - dist(to, ek));
		s -= p->board[to] ? 4 : 0;
		if (type != ARB_KING && type != ARB_PAWN) {
			/* ... and covers the king's square and its escapes */
			bb_t occ = pos_occupied(p) & ~BB(from);
			bb_t zone = king_attacks(ek) | BB(ek);
			s += 2 * bb_popcount(piece_step(type, to, occ) & zone);
		}
		return s - (type == ARB_KING ? 2 : 0);
	}
	if (type == ARB_KING) /* the defender's king runs to the edge */
		return s + 6 * (edge_dist(from) - edge_dist(to));
	if (king_attacks(ek) & BB(to)) /* ... and its pieces box it in */
		s += 12;
	if (p->board[to]) /* taking the mating material is unhelpful */
		s -= 25;
	return s;
}

/* Sorts moves[0..n) by descending score (insertion sort: lists are short). */
static void order_moves(const uw_ctx *c, arb_move *moves, int n)
{
	int score[ARB_MAX_MOVES];
	for (int i = 0; i < n; i++)
		score[i] = move_score(c, &c->pos, moves[i]);
	for (int i = 1; i < n; i++) {
		arb_move m = moves[i];
		int s = score[i], j = i - 1;
		for (; j >= 0 && score[j] < s; j--) {
			moves[j + 1] = moves[j];
			score[j + 1] = score[j];
		}
		moves[j + 1] = m;
		score[j + 1] = s;
	}
}

/* ------------------------------------------------------------------------
 * Helpmate search (both sides cooperate) with a move-scored depth budget
 *
 * Every move is scored as progress (+1), neutral (0) or regress (-1) toward
 * a mating net by move_step(); a node with budget r gives a child
 * r - 1 + step, so lines made of progress moves run deep for free while
 * aimless ones die quickly. A neutral reply to a progress move also counts
 * as progress (the two sides' plans chain). Iterations grow the budget by
 * one. The search only finds mates (never proves their absence: budget
 * cuts are everywhere); proofs come from the exhaustive walk.
 * ---------------------------------------------------------------------- */

static int tick(uw_ctx *c)
{
	if (++c->nodes > c->limit)
		c->aborted = 1;
	return !c->aborted;
}

/* The defender is to move, has no move and is in check. */
static int mated_here(const arb_position *p, int side, int nmoves)
{
	return nmoves == 0 && p->side != side && pos_checkers(p);
}

static void found(uw_ctx *c, int ply)
{
	memcpy(c->line, c->path, (size_t)ply * sizeof(arb_move));
	c->line_len = ply;
}

static int sgn(int x)
{
	return (x > 0) - (x < 0);
}

/* +1 progress, 0 neutral, -1 regress: see the section comment. The net is
 * aimed at c->target (a corner), or at the defender's king when none. */
static int move_step(const uw_ctx *c, const arb_position *p, arb_move m)
{
	int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
	int type = p->board[from] & 7;
	if (c->goal_sq >= 0) {
		/* a sub-goal: the acting pieces head for its square */
		int g = c->goal_sq;
		if (p->board[from] == (c->goal_piece & 15) ||
		    (ARB_MOVE_KIND(m) == ARB_MOVE_PROMOTION && to == g))
			return to == g ? 1 : sgn(dist(from, g) - dist(to, g));
		if (p->board[to])
			return -1;
		/* ... and the defenders stop guarding it (or start to) */
		bb_t occ = pos_occupied(p) & ~BB(from);
		int color = p->board[from] >> 3;
		if (color == c->goal_piece >> 3)
			return 0;
		bb_t was = type == ARB_PAWN ? pawn_attacks(color, from) : piece_step(type, from, occ);
		bb_t now = type == ARB_PAWN ? pawn_attacks(color, to)
					    : piece_step(type, to, occ | BB(to));
		return ((was & BB(g)) != 0) - ((now & BB(g)) != 0);
	}
	int lk = pos_king(p, c->side ^ 1), wk = pos_king(p, c->side);
	int t = c->target == ARB_NO_SQUARE ? lk : c->target;
	if (ARB_MOVE_KIND(m) == ARB_MOVE_PROMOTION)
		return p->side == c->side && ARB_MOVE_PROMOTION_TYPE(m) == ARB_QUEEN;
	if (ARB_MOVE_KIND(m) == ARB_MOVE_CASTLING)
		return 0;
	if (p->side == c->side) {
		if (type == ARB_KING)
			return dist(from, t) > 2 ? sgn(dist(from, t) - dist(to, t)) : 0;
		if (type == ARB_PAWN)
			return 1; /* toward promotion: irreversible, so free */
		bb_t occ = pos_occupied(p) & ~BB(from);
		bb_t zone = king_attacks(t) | BB(t);
		return sgn(bb_popcount(piece_step(type, to, occ) & zone) -
			   bb_popcount(piece_step(type, from, occ) & zone));
	}
	if (p->board[to] || ARB_MOVE_KIND(m) == ARB_MOVE_EN_PASSANT)
		return -1; /* the defender taking material rarely helps */
	if (c->target != ARB_NO_SQUARE)
		return type == ARB_PAWN ? c->weak : sgn(dist(from, t) - dist(to, t));
	if (type == ARB_KING) {
		int de = edge_dist(from) - edge_dist(to), dk = dist(from, wk) - dist(to, wk);
		if (de >= 0 && dk >= 0)
			return de + dk > 0;
		return de < 0 && dk < 0 ? -1 : 0;
	}
	if (type != ARB_PAWN)
		return sgn(dist(from, lk) - dist(to, lk)) > 0 && dist(to, lk) == 1;
	return c->weak; /* a minor piece needs blockers: promote them */
}

typedef struct hm_entry {
	uint64_t key;
	int32_t budget; /* searched with at least this budget */
	uint32_t gen;
} hm_entry;

static hm_entry *hm_slot(uw_ctx *c)
{
	return &((hm_entry *)c->tt)[c->pos.key & ((1u << c->tt_bits) - 1)];
}

/* 1 if a mate is found from here within budget r (line in c->line). */
static int hm_search(uw_ctx *c, int r, int ply, int prev_step)
{
	arb_position *p = &c->pos;
	arb_move *moves = c->moves[ply];
	if (c->goal_sq >= 0 && ply > 0 && p->board[c->goal_sq] == c->goal_piece) {
		int failed = 0;
		for (int k = 0; k < c->goal_fails; k++)
			failed |= c->goal_fail[k] == p->key;
		if (!failed) {
			found(c, ply);
			return 1;
		}
	}
	int n = gen_legal(p, moves);
	if (n == 0) {
		if (!mated_here(p, c->side, 0))
			return 0;
		found(c, ply);
		return 1;
	}
	if (r < 0 || ply >= UW_MAX_PLY - 1 || material_cannot_mate(p, c->side))
		return 0;
	hm_entry *e = hm_slot(c);
	if (e->gen == c->gen && e->key == p->key && e->budget >= r)
		return 0;
	e->key = p->key;
	e->budget = r;
	e->gen = c->gen;
	if (!tick(c))
		return 0;
	order_moves(c, moves, n);
	for (int i = 0; i < n && !c->aborted; i++) {
		int step = move_step(c, p, moves[i]);
		int child = r - 1 + (step == 0 && prev_step > 0 ? 1 : step);
		arb_undo u;
		pos_do_move(p, moves[i], &u);
		/* Past the budget only a mating move is looked at (FIDE 2018
		 * 1.4: the last move of a mate gives check). */
		int skip = child < 0 && (p->side == c->side || !pos_checkers(p)) &&
			   !(c->goal_sq >= 0 && p->board[c->goal_sq] == c->goal_piece);
		c->path[ply] = moves[i];
		int won = !skip && hm_search(c, child, ply + 1, step);
		pos_undo_move(p, moves[i], &u);
		if (won)
			return 1;
	}
	return 0;
}

/* A larger table (at most tt_max bits); the entries are only a cache, so
 * the new one starts empty. Kept as it is when memory runs short. */
static void tt_grow(uw_ctx *c, int bits)
{
	if (bits > c->tt_max)
		bits = c->tt_max;
	if (bits > c->tt_bits) {
		hm_entry *bigger = calloc((size_t)1 << bits, sizeof *bigger);
		if (bigger) {
			free(c->tt);
			c->tt = bigger;
			c->tt_bits = bits;
		}
	}
	c->tt_nodes = 0;
}

/* Budget iterations, each budget aimed at the king and then at each
 * corner (nearest first), each search capped at c->hm_cap nodes; past
 * UW_HM_MAX_BUDGET the budgets start over with four times the cap. The
 * schedule resumes where the last call stopped; runs until a mate or the
 * node limit. */
static arb_verdict helpmate(uw_ctx *c)
{
	long end = c->limit;
	while (c->nodes < end) {
		if (c->tt_bits < c->tt_max && c->tt_nodes >> c->tt_bits >= 1)
			tt_grow(c, c->tt_bits + 2);
		long before = c->nodes;
		c->gen++;
		c->target = c->targets[c->hm_target];
		c->limit = end - c->nodes > c->hm_cap ? c->nodes + c->hm_cap : end;
		c->aborted = 0;
		int won = hm_search(c, c->hm_depth, 0, 0);
		c->tt_nodes += c->nodes - before;
		if (won)
			return ARB_WINNABLE;
		if (c->aborted && c->nodes >= end)
			break; /* cut by the caller's limit: resume this search later */
		if (++c->hm_target == 5) {
			c->hm_target = 0;
			if (++c->hm_depth > UW_HM_MAX_BUDGET) {
				c->hm_depth = 0;
				c->hm_cap *= 4;
			}
		}
	}
	c->limit = end;
	return ARB_UNDETERMINED;
}

/* ------------------------------------------------------------------------
 * Exhaustive walk of the reachable positions
 * ---------------------------------------------------------------------- */

/* A second, independent hash so that a visited-set hit is a 128-bit match. */
static uint64_t check_hash(const arb_position *p)
{
	uint64_t h = 0x9E3779B97F4A7C15ULL ^ p->side ^ ((uint64_t)p->rights << 8) ^
		     ((uint64_t)p->ep << 16);
	for (int i = 0; i < 7; i++) {
		h ^= p->by_type[i] + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
		h *= 0xBF58476D1CE4E5B9ULL;
	}
	h ^= p->by_color[0] * 0x94D049BB133111EBULL;
	return h | 1;
}

static int seen_grow(uw_ctx *c)
{
	size_t cap = c->seen_cap ? c->seen_cap * 2 : 4096;
	seen_entry *t = calloc(cap, sizeof *t);
	if (!t)
		return 0;
	for (size_t i = 0; i < c->seen_cap; i++) {
		if (!c->seen[i].check)
			continue;
		size_t j = c->seen[i].key & (cap - 1);
		while (t[j].check)
			j = (j + 1) & (cap - 1);
		t[j] = c->seen[i];
	}
	free(c->seen);
	c->seen = t;
	c->seen_cap = cap;
	return 1;
}

/* 1 if the position is new (and records it), 0 if seen, -1 on no memory. */
static int seen_insert(uw_ctx *c)
{
	if (2 * (c->seen_count + 1) > c->seen_cap && !seen_grow(c))
		return -1;
	uint64_t key = c->pos.key, chk = check_hash(&c->pos);
	size_t j = key & (c->seen_cap - 1);
	for (; c->seen[j].check; j = (j + 1) & (c->seen_cap - 1))
		if (c->seen[j].key == key && c->seen[j].check == chk)
			return 0;
	c->seen[j].key = key;
	c->seen[j].check = chk;
	c->seen_count++;
	return 1;
}

static int walk_reserve(walk_stack *w, size_t depth, size_t arena_end)
{
	if (depth >= w->cap) {
		size_t cap = w->cap ? w->cap * 2 : 1024;
		walk_frame *f = realloc(w->f, cap * sizeof *f);
		if (!f)
			return 0;
		w->f = f;
		w->cap = cap;
	}
	if (arena_end > w->arena_cap) {
		size_t cap = w->arena_cap ? w->arena_cap * 2 : 65536;
		while (cap < arena_end)
			cap *= 2;
		arb_move *m = realloc(w->arena, cap * sizeof *m);
		if (!m)
			return 0;
		w->arena = m;
		w->arena_cap = cap;
	}
	return 1;
}

/* Expands the position at `depth`: 1 = push it, 0 = leaf, 2 = mate. */
static int walk_enter(uw_ctx *c, walk_stack *w, size_t depth, size_t base)
{
	if (!walk_reserve(w, depth, base + ARB_MAX_MOVES)) {
		c->aborted = 1;
		return 0;
	}
	walk_frame *f = &w->f[depth];
	f->base = base;
	f->n = gen_legal(&c->pos, w->arena + base);
	f->i = 0;
	/* Ordered like the helpmate search: a depth-first walk led toward a
	 * mating pattern finds long mates that iterative deepening cannot. */
	order_moves(c, w->arena + base, f->n);
	if (f->n == 0)
		return mated_here(&c->pos, c->side, 0) ? 2 : 0;
	if (material_cannot_mate(&c->pos, c->side))
		return 0;
	/* The pawn structure only changes on a zeroing move (FIDE 2018 9.3). */
	if (depth > 0 && c->pos.halfmove == 0 &&
	    structure_cannot_mate(&c->pos, c->side, UW_WALK_STATES, NULL))
		return 0;
	return 1;
}

/* A mate found at `depth`: the path is the line if it fits. */
static int walk_mate(uw_ctx *c, const walk_stack *w, size_t depth)
{
	if (depth >= UW_MAX_PLY) {
		c->cut = 1; /* too long to report; the helpmate phase may find it */
		return 0;
	}
	for (size_t i = 0; i < depth; i++)
		c->line[i] = w->f[i].move;
	c->line_len = (int)depth;
	return 1;
}

/* Depth-first over every reachable position, each expanded once. The walk
 * pauses when c->limit is reached and resumes on the next call where it
 * stopped (its stack, visited set and position live in the context), so
 * the alternating phases never redo its work. */
static arb_verdict walk_run(uw_ctx *c, walk_stack *w)
{
	int r;
	if (c->walk_state == WALK_OVER)
		return ARB_UNDETERMINED;
	if (c->walk_state == WALK_NEW) {
		c->walk_state = WALK_OVER;
		c->cut = 0;
		if (seen_insert(c) < 0)
			return ARB_UNDETERMINED;
		r = walk_enter(c, w, 0, 0);
		if (r != 1)
			return r == 2 ? ARB_WINNABLE : c->aborted ? ARB_UNDETERMINED : ARB_UNWINNABLE;
		c->walk_state = WALK_PAUSED;
		c->walk_depth = 0;
	}
	size_t depth = c->walk_depth;
	for (;;) {
		if (c->aborted) { /* out of memory: the walk cannot go on */
			c->walk_state = WALK_OVER;
			return ARB_UNDETERMINED;
		}
		if (c->nodes >= c->limit) {
			c->walk_depth = depth;
			return ARB_UNDETERMINED;
		}
		walk_frame *f = &w->f[depth];
		if (f->i == f->n) {
			if (depth-- == 0)
				break;
			pos_undo_move(&c->pos, w->f[depth].move, &w->f[depth].undo);
			continue;
		}
		arb_move m = w->arena[f->base + (size_t)f->i++];
		pos_do_move(&c->pos, m, &f->undo);
		f->move = m;
		int fresh = seen_insert(c);
		c->aborted |= fresh < 0;
		r = 0;
		if (fresh == 1) {
			c->nodes++;
			r = walk_enter(c, w, depth + 1, f->base + (size_t)f->n);
		}
		f = &w->f[depth]; /* walk_enter may have moved the frames */
		if (r == 2 && walk_mate(c, w, depth + 1)) {
			c->walk_state = WALK_OVER;
			return ARB_WINNABLE;
		}
		if (r == 1)
			depth++;
		else
			pos_undo_move(&c->pos, m, &f->undo);
	}
	c->walk_state = WALK_OVER;
	return c->cut ? ARB_UNDETERMINED : ARB_UNWINNABLE;
}

/* Runs the walk on its own position (c->pos stays the root for the
 * helpmate phases). */
static arb_verdict walk(uw_ctx *c)
{
	arb_position root = c->pos;
	c->pos = c->walk_pos;
	arb_verdict v = walk_run(c, &c->w);
	c->walk_pos = c->pos;
	c->pos = root;
	return v;
}

/* ------------------------------------------------------------------------
 * Driver
 * ---------------------------------------------------------------------- */

static void ctx_free(uw_ctx *c)
{
	free(c->moves);
	free(c->tt);
	free(c->seen);
	free(c->w.f);
	free(c->w.arena);
	free(c);
}

static void report(arb_analysis *out, arb_verdict v, const uw_ctx *c, long nodes)
{
	if (!out)
		return;
	out->verdict = v;
	out->nodes = nodes;
	out->line_len = 0;
	if (v == ARB_WINNABLE && c) {
		out->line_len = c->line_len;
		memcpy(out->line, c->line, (size_t)c->line_len * sizeof(arb_move));
	}
}

/* Alternates helpmate and walk phases with limits growing 4x per round. */
static arb_verdict run_search(uw_ctx *c, long budget, long *used)
{
	long step = UW_FIRST_LIMIT;
	arb_verdict v = ARB_UNDETERMINED;
	*used = 0;
	while (*used < budget && v == ARB_UNDETERMINED) {
		for (int phase = 0; phase < 2 && v == ARB_UNDETERMINED; phase++) {
			long lim = step < budget - *used ? step : budget - *used;
			if (lim <= 0)
				break;
			c->nodes = 0;
			c->limit = lim;
			c->aborted = 0;
			c->line_len = 0;
			v = phase == 0 ? helpmate(c) : walk(c);
			*used += c->nodes < lim ? c->nodes : lim;
		}
		step *= 4;
	}
	return v;
}

static uw_ctx *ctx_new(const arb_position *pos, int side, long budget)
{
	uw_ctx *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->pos = *pos;
	c->walk_pos = *pos;
	c->side = side;
	c->weak = !(pos->by_color[side] & (pos->by_type[ARB_PAWN] | pos->by_type[ARB_ROOK] |
					   pos->by_type[ARB_QUEEN]));
	c->hm_depth = 0;
	c->goal_sq = -1;
	c->hm_cap = UW_HM_FIRST_CAP;
	/* Mating nets aimed at the king itself, then at the corners. */
	static const int corners[4] = {ARB_SQUARE(0, 0), ARB_SQUARE(7, 0), ARB_SQUARE(0, 7),
				       ARB_SQUARE(7, 7)};
	int lk = pos_king(pos, side ^ 1);
	c->targets[0] = ARB_NO_SQUARE;
	for (int i = 0; i < 4; i++) {
		int j = i + 1;
		for (; j > 1 && dist(lk, c->targets[j - 1]) > dist(lk, corners[i]); j--)
			c->targets[j] = c->targets[j - 1];
		c->targets[j] = corners[i];
	}
	c->moves = malloc(UW_MAX_PLY * sizeof *c->moves);
	/* A table sized to the budget: a fresh large one costs page faults. */
	/* A small table first (a fresh large one costs a page fault a probe),
	 * grown with the nodes searched, up to what the budget can use. */
	c->tt_bits = 10;
	c->tt_max = 10;
	while (c->tt_max < UW_TT_BITS && (1L << c->tt_max) < budget / 4)
		c->tt_max++;
	c->tt = calloc((size_t)1 << c->tt_bits, sizeof(hm_entry));
	if (!c->moves || !c->tt) {
		ctx_free(c);
		return NULL;
	}
	return c;
}

/* The layers in order; *nodes receives the search nodes spent. */
static arb_verdict analyse(const arb_position *pos, int side, long budget, uw_ctx **keep,
			   long *nodes, int depth);

/*
 * When no mating net exists in the present pawn structure but the structure
 * search found changes that lead to one, their first (say, a king taking a
 * pawn that its bishops stop guarding) is a sub-goal: a budgeted search
 * whose progress is the acting piece heading for the change's square finds
 * a line reaching it, and the whole analysis runs again from there. Lines
 * join; a failure costs only the nodes spent.
 */
static arb_verdict subgoal(uw_ctx *c, const ss_event *ev, long budget, long rest, long *used,
			   int depth)
{
	long spent = 0; /* nodes of the analyses from reached positions */
	int bits = c->tt_bits;
	while (bits < c->tt_max && (1L << bits) < budget / 4)
		bits++;
	tt_grow(c, bits); /* a search this size needs the table at once */
	c->goal_sq = ev->to;
	c->goal_piece = ev->color << 3 | ev->type;
	c->goal_fails = 0;
	c->nodes = 0;
	for (int d = 0; d <= UW_HM_MAX_BUDGET && c->nodes < budget;) {
		c->gen++;
		c->aborted = 0;
		c->limit = budget;
		if (!hm_search(c, d, 0, 0)) {
			d++;
			continue;
		}
		/* reached (or mated on the way): go on from there */
		int plies = c->line_len;
		arb_move prefix[UW_MAX_PLY];
		arb_position there = c->pos;
		arb_undo u;
		memcpy(prefix, c->line, (size_t)plies * sizeof *prefix);
		for (int i = 0; i < plies; i++)
			pos_do_move(&there, prefix[i], &u);
		uw_ctx *sub = NULL;
		long more = 0;
		/* what is left; another way to the goal is tried with what this
		 * one did not use */
		arb_verdict v = analyse(&there, c->side, rest - c->nodes - spent, &sub, &more,
					depth + 1);
		spent += more;
		if (v == ARB_WINNABLE && sub && plies + sub->line_len < UW_MAX_PLY) {
			memcpy(c->line, prefix, (size_t)plies * sizeof *prefix);
			memcpy(c->line + plies, sub->line, (size_t)sub->line_len * sizeof *prefix);
			c->line_len = plies + sub->line_len;
		} else if (v == ARB_WINNABLE && !sub && plies < UW_MAX_PLY) {
			memcpy(c->line, prefix, (size_t)plies * sizeof *prefix);
			c->line_len = plies; /* mated on the way */
		} else {
			v = ARB_UNDETERMINED;
		}
		if (sub)
			ctx_free(sub);
		if (v == ARB_WINNABLE || c->goal_fails == UW_GOAL_TRIES) {
			c->goal_sq = -1;
			*used = c->nodes + spent;
			return v;
		}
		c->goal_fail[c->goal_fails++] = there.key; /* not that one again */
	}
	*used = (c->nodes < budget ? c->nodes : budget) + spent;
	c->goal_sq = -1;
	return ARB_UNDETERMINED;
}

static arb_verdict analyse(const arb_position *pos, int side, long budget, uw_ctx **keep,
			   long *nodes, int depth)
{
	arb_move moves[ARB_MAX_MOVES];
	int n = gen_legal(pos, moves);
	ss_event ev[SS_MAX_EVENTS];
	*nodes = 0;
	if (n == 0) /* FIDE 2018 5.1.1 mate / 5.2.1 stalemate */
		return mated_here(pos, side, 0) ? ARB_WINNABLE : ARB_UNWINNABLE;
	if (material_cannot_mate(pos, side))
		return ARB_UNWINNABLE;
	uw_ctx *c = ctx_new(pos, side, budget);
	if (!c)
		return ARB_UNDETERMINED;
	*keep = c;
	/* Most positions with mating material mate within a few hundred nodes:
	 * try that before the static proofs, which cost more than it. */
	c->limit = budget < UW_QUICK_NODES ? budget : UW_QUICK_NODES;
	if (helpmate(c) == ARB_WINNABLE) {
		*nodes = c->nodes;
		return ARB_WINNABLE;
	}
	*nodes = c->nodes;
	if (structure_cannot_mate(pos, side, UW_ROOT_STATES, ev) ||
	    lone_minor_cannot_mate(pos, side))
		return ARB_UNWINNABLE;
	/* At the root, a quarter of the budget for the search as things stand; then,
	 * if the pawn structure must change before any mate and the budget is
	 * worth splitting, its sub-goals (a sub-goal's position goes to them
	 * first: the plan is to change the structure); then the rest. */
	long more = 0;
	arb_verdict v = ARB_UNDETERMINED;
	if (depth == 0) {
		v = run_search(c, ev[0].valid && budget >= UW_SUBGOAL_MIN ? (budget - *nodes) / 4
									 : budget - *nodes,
			       &more);
		*nodes += more;
		if (v != ARB_UNDETERMINED)
			return v;
	}
	/* The distinct changes, the one on the found path first; each gets an
	 * equal share of the budget for its search and what follows it. */
	int nev = 0;
	ss_event todo[SS_MAX_EVENTS];
	for (int k = 0; k < SS_MAX_EVENTS && ev[k].valid; k++) {
		int again = 0;
		for (int j = 0; j < nev; j++)
			again |= todo[j].to == ev[k].to && todo[j].type == ev[k].type &&
				 todo[j].color == ev[k].color;
		if (!again)
			todo[nev++] = ev[k];
	}
	if (depth >= UW_SUBGOAL_DEPTH || budget < UW_SUBGOAL_MIN)
		nev = 0;
	for (int k = 0; k < nev && *nodes < budget; k++) {
		long left = budget - *nodes, share = left / (nev - k + (depth == 0));
		v = subgoal(c, &todo[k], share / 2, share, &more, depth);
		*nodes += more;
		if (v != ARB_UNDETERMINED)
			return v;
	}
	v = run_search(c, budget - *nodes, &more);
	*nodes += more;
	return v;
}

ARB_API arb_verdict arb_can_checkmate(const arb_position *pos, arb_color side, long max_nodes,
				      arb_analysis *out)
{
	uw_ctx *c = NULL;
	long nodes = 0;
	arb_verdict v = ARB_UNDETERMINED;
	attacks_init();
	/* Misuse (no position, no such colour) is not a question: undetermined. */
	if (pos && (side == ARB_WHITE || side == ARB_BLACK))
		v = analyse(pos, (int)side, max_nodes > 0 ? max_nodes : ARB_ANALYSIS_DEFAULT_NODES,
			    &c, &nodes, 0);
	report(out, v, c, nodes);
	if (c)
		ctx_free(c);
	return v;
}

/* FIDE 2018 5.2.2: dead when neither player can mate by any legal series. */
ARB_API arb_verdict arb_position_dead(const arb_position *pos, long max_nodes)
{
	arb_verdict w, b;
	if (!pos)
		return ARB_UNDETERMINED;
	w = arb_can_checkmate(pos, ARB_WHITE, max_nodes, NULL);
	if (w == ARB_WINNABLE)
		return ARB_WINNABLE;
	b = arb_can_checkmate(pos, ARB_BLACK, max_nodes, NULL);
	if (b == ARB_WINNABLE)
		return ARB_WINNABLE;
	return w == ARB_UNWINNABLE && b == ARB_UNWINNABLE ? ARB_UNWINNABLE : ARB_UNDETERMINED;
}

/* ------------------------------------------------------------------------
 * US Chess 14E: insufficient material to win on time
 * ---------------------------------------------------------------------- */

/* The forced-win search: plain AND-OR mate search (the winner picks one
 * move, every defence must lose), iterative deepening up to
 * FW_MAX_PLIES plies (a mate in 5 for the winner, whoever is to move),
 * and at most FW_MAX_NODES nodes (or the caller's smaller budget). A search
 * that runs out counts as "no forced win" (14E2, 14E3). */
#define FW_MAX_PLIES 10
#define FW_MAX_NODES 200000L

static int fw_search(uw_ctx *c, int depth, int ply)
{
	arb_position *p = &c->pos;
	arb_move *moves = c->moves[ply];
	int n = gen_legal(p, moves), attack = p->side == c->side;
	if (n == 0)
		return mated_here(p, c->side, 0);
	if (depth == 0 || !tick(c) || material_cannot_mate(p, c->side))
		return 0;
	if (attack)
		order_moves(c, moves, n);
	for (int i = 0; i < n && !c->aborted; i++) {
		arb_undo u;
		pos_do_move(p, moves[i], &u);
		int r = fw_search(c, depth - 1, ply + 1);
		pos_undo_move(p, moves[i], &u);
		if (r == attack) /* a winning move, or a saving defence */
			return attack;
	}
	return !attack && !c->aborted;
}

static int forced_win(const arb_position *pos, int side, long max_nodes)
{
	uw_ctx *c = ctx_new(pos, side, FW_MAX_NODES);
	int won = 0;
	if (!c)
		return 0;
	c->limit = max_nodes > 0 && max_nodes < FW_MAX_NODES ? max_nodes : FW_MAX_NODES;
	for (int d = pos->side == side ? 1 : 2; d <= FW_MAX_PLIES && !won && !c->aborted; d += 2)
		won = fw_search(c, d, 0);
	ctx_free(c);
	return won;
}

/* Counts of the non-king material of `color`. */
static int count(const arb_position *p, int color, int type)
{
	return bb_popcount(pos_pieces(p, color, type));
}

ARB_API int arb_uscf_insufficient_to_win(const arb_position *pos, arb_color flagged,
					 long max_nodes)
{
	if (!pos || (flagged != ARB_WHITE && flagged != ARB_BLACK))
		return 0;
	attacks_init();
	int win = (int)flagged ^ 1;
	int pawns = count(pos, win, ARB_PAWN), n = count(pos, win, ARB_KNIGHT);
	int b = count(pos, win, ARB_BISHOP), heavy = count(pos, win, ARB_ROOK) +
						    count(pos, win, ARB_QUEEN);
	if (pawns + n + b + heavy == 0)
		return 1; /* US Chess 14E1: lone king */
	if (pawns + heavy > 0)
		return 0;
	if (n + b == 1) /* 14E2: K+B or K+N, draw unless a forced win */
		return !forced_win(pos, win, max_nodes);
	if (n == 2 && b == 0 && !pos_pieces(pos, flagged, ARB_PAWN)) /* 14E3 */
		return !forced_win(pos, win, max_nodes);
	return 0;
}

/* US Chess blitz 7c: a pawn, a rook, a queen, or two minor pieces. */
ARB_API int arb_uscf_blitz_mating_material(const arb_position *pos, arb_color side)
{
	if (!pos || (side != ARB_WHITE && side != ARB_BLACK))
		return 0;
	int s = (int)side;
	if (count(pos, s, ARB_PAWN) + count(pos, s, ARB_ROOK) + count(pos, s, ARB_QUEEN) > 0)
		return 1;
	return count(pos, s, ARB_KNIGHT) + count(pos, s, ARB_BISHOP) >= 2;
}

/* ------------------------------------------------------------------------
 * The dead-position test run after every move of a game (game.c)
 * ---------------------------------------------------------------------- */

/* The static proofs alone, no search: 1 if neither side can ever mate by
 * the material, pawn-structure or lone-minor rules. Cheap (no allocation
 * beyond the structure search's), sound, and it catches the dead positions
 * real games reach (bare kings, locked walls); 0 means only "not proved". */
int uw_dead_static(const arb_position *pos)
{
	attacks_init();
	for (int side = 0; side < 2; side++)
		if (!material_cannot_mate(pos, side) && !lone_minor_cannot_mate(pos, side) &&
		    !structure_cannot_mate(pos, side, UW_ROOT_STATES, NULL))
			return 0;
	return 1;
}

int uw_static_unwinnable(const arb_position *pos, int side)
{
	attacks_init();
	return material_cannot_mate(pos, side) || lone_minor_cannot_mate(pos, side) ||
	       structure_cannot_mate(pos, side, UW_ROOT_STATES, NULL);
}

arb_verdict uw_helpmate_only(const arb_position *pos, int side, long nodes, arb_analysis *out)
{
	arb_move moves[ARB_MAX_MOVES];
	arb_verdict v = ARB_UNDETERMINED;
	attacks_init();
	uw_ctx *c = NULL;
	if (gen_legal(pos, moves) == 0) {
		v = mated_here(pos, side, 0) ? ARB_WINNABLE : ARB_UNDETERMINED;
	} else if (material_cannot_mate(pos, side)) {
		/* the search's root would return at once, uncounted, forever */
	} else if ((c = ctx_new(pos, side, nodes)) != NULL) {
		c->limit = nodes;
		v = helpmate(c);
	}
	report(out, v, c, c ? c->nodes : 0);
	if (c)
		ctx_free(c);
	return v;
}
