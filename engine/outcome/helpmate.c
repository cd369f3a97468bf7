/*
 * helpmate.c -- the searches of the checkmate analysis: move ordering toward
 * a mating net, the bounded helpmate search (both sides cooperate) and the
 * exhaustive walk of every reachable position.
 *
 * The helpmate search only finds mates (budget cuts are everywhere); the
 * walk proves their absence when it ends with no mate and no cut-off. Both
 * run in the caller's uw_ctx and stop at c->limit nodes; the walk pauses
 * and resumes where it stopped (unwinnable.c alternates the two).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

/* ------------------------------------------------------------------------
 * Move ordering: drive toward a mate of the defender's king
 * ---------------------------------------------------------------------- */

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

/* Sorts moves[0..n) by descending score, ties kept in order (insertion
 * sort: lists are short); aux[0..n), when not NULL, goes along. */
static void order_moves(const uw_ctx *c, arb_move *moves, int8_t *aux, int n)
{
	int score[ARB_MAX_MOVES];
	for (int i = 0; i < n; i++)
		score[i] = move_score(c, &c->pos, moves[i]);
	for (int i = 1; i < n; i++) {
		arb_move m = moves[i];
		int s = score[i], j = i - 1;
		int8_t a = aux ? aux[i] : 0;
		for (; j >= 0 && score[j] < s; j--) {
			moves[j + 1] = moves[j];
			score[j + 1] = score[j];
			if (aux)
				aux[j + 1] = aux[j];
		}
		moves[j + 1] = m;
		score[j + 1] = s;
		if (aux)
			aux[j + 1] = a;
	}
}

void arbI_uw_order_moves(const uw_ctx *c, arb_move *moves, int n)
{
	order_moves(c, moves, NULL, n);
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
			return to == g ? 1 : sgn(c->goal_dist[from] - c->goal_dist[to]);
		/* a promotion: its pawn walks up the file */
		if (type == ARB_PAWN && ARB_FILE(from) == ARB_FILE(g) &&
		    p->board[from] >> 3 == c->goal_piece >> 3 && ARB_RANK(g) % 7 == 0)
			return 1;
		if (p->board[to])
			return -1;
		/* ... and the defenders stop guarding it (or start to) */
		bb_t occ = pos_occupied(p) & ~BB(from);
		int color = p->board[from] >> 3;
		if (color == c->goal_piece >> 3)
			return 0;
		bb_t was =
			type == ARB_PAWN ? pawn_attacks(color, from) : piece_step(type, from, occ);
		bb_t now = type == ARB_PAWN ? pawn_attacks(color, to) :
					      piece_step(type, to, occ | BB(to));
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

/*
 * The goal piece's way to its square through the pawn structure as it
 * stands: a breadth-first count of its moves, over squares its own pawns
 * do not hold and, for a king, that no enemy pawn guards (sliders stop at
 * pawns; other pieces step aside). A king walking round a pawn chain to
 * its goal then makes progress at every step, where the distance as the
 * crow flies has it going away for half the walk. Squares it cannot reach
 * so get the distance as the crow flies, plus 8. Only the order of the
 * search depends on it. maze() is the map of a piece of `col` and `type`
 * to square g; arbI_uw_goal_map the sub-goal's.
 */
static void maze(const arb_position *p, int col, int type, int g, uint8_t out[64])
{
	bb_t pawns = p->by_type[ARB_PAWN], open = ~pos_pieces(p, col, ARB_PAWN);
	if (type == ARB_PAWN) {
		for (int sq = 0; sq < 64; sq++)
			out[sq] = (uint8_t)dist(sq, g);
		return;
	}
	if (type == ARB_KING)
		for (bb_t b = pos_pieces(p, col ^ 1, ARB_PAWN); b;)
			open &= ~pawn_attacks(col ^ 1, bb_pop(&b));
	memset(out, 0xff, 64);
	out[g] = 0;
	bb_t seen = BB(g), front = BB(g);
	for (int d = 1; front; d++) {
		bb_t next = 0;
		for (bb_t b = front; b;)
			next |= piece_step(type, bb_pop(&b), pawns);
		front = next & open & ~seen;
		seen |= front;
		for (bb_t b = front; b;)
			out[bb_pop(&b)] = (uint8_t)d;
	}
	for (int sq = 0; sq < 64; sq++)
		if (out[sq] == 0xff)
			out[sq] = (uint8_t)(dist(sq, g) + 8);
}

void arbI_uw_goal_map(uw_ctx *c)
{
	maze(&c->pos, c->goal_piece >> 3, c->goal_piece & 7, c->goal_sq, c->goal_dist);
}

static hm_entry *hm_slot(uw_ctx *c)
{
	return &((hm_entry *)c->tt)[c->pos.key & ((1u << c->tt_bits) - 1)];
}

/* The budget of a child reached by a move of `step` from a node of budget
 * r entered by one of `prev_step` (see the section comment). */
static inline int child_budget(int r, int step, int prev_step)
{
	return r - 1 + (step == 0 && prev_step > 0 ? 1 : step);
}

/* 1 if move m from p, past the budget, surely leads nowhere: the defender
 * moves (his move never mates him) or the mating side's gives no check,
 * and the sub-goal's piece does not arrive. 0 when the position after it
 * must tell (castling, e.p.) or it is looked at. */
static int past_budget_skip(const uw_ctx *c, const arb_position *p, arb_move m)
{
	int kind = ARB_MOVE_KIND(m), from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
	if (kind == ARB_MOVE_CASTLING || kind == ARB_MOVE_EN_PASSANT)
		return 0;
	if (c->goal_sq >= 0) {
		int there = to == c->goal_sq ?
				    (kind == ARB_MOVE_PROMOTION ?
					     ARB_PIECE(p->side, ARB_MOVE_PROMOTION_TYPE(m)) :
					     p->board[from]) :
			    from == c->goal_sq ? ARB_EMPTY :
						 p->board[c->goal_sq];
		if (there == c->goal_piece)
			return 0;
	}
	return p->side != c->side || !arbI_move_gives_check(p, m);
}

/* 1 if a mate is found from here within budget r (line in c->line). */
int arbI_uw_hm_search(uw_ctx *c, int r, int ply, int prev_step)
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
	if (r < 0 || ply >= UW_MAX_PLY - 1 || arbI_uw_material_cannot_mate(p, c->side)) {
		/* a leaf: only a mate here counts, told without the list */
		if (!mated_here(p, c->side, 0) || arbI_pos_has_legal_move(p))
			return 0;
		found(c, ply);
		return 1;
	}
	int n = arbI_gen_legal(p, moves);
	if (n == 0) {
		if (!mated_here(p, c->side, 0))
			return 0;
		found(c, ply);
		return 1;
	}
	hm_entry *e = hm_slot(c);
	uint32_t check = (uint32_t)(p->key >> 32);
	if (e->gen == (uint16_t)c->gen && e->check == check && e->budget >= r)
		return 0;
	e->check = check;
	e->budget = (int16_t)r;
	e->gen = (uint16_t)c->gen;
	if (!tick(c))
		return 0;
	/* Past the budget only a mating move (FIDE 2018 1.4: the last move
	 * of a mate gives check) or one reaching the sub-goal is looked at:
	 * the others are dropped before the ordering where the board tells
	 * (the order of those kept is the same). */
	int8_t steps[ARB_MAX_MOVES];
	int kept = 0;
	for (int i = 0; i < n; i++) {
		int step = move_step(c, p, moves[i]);
		if (child_budget(r, step, prev_step) < 0 && past_budget_skip(c, p, moves[i]))
			continue;
		moves[kept] = moves[i];
		steps[kept++] = (int8_t)step;
	}
	order_moves(c, moves, steps, kept);
	for (int i = 0; i < kept && !c->aborted; i++) {
		int step = steps[i], child = child_budget(r, step, prev_step);
		arb_undo u;
		arbI_pos_do_move(p, moves[i], &u);
		int skip = child < 0 && (p->side == c->side || !pos_checkers(p)) &&
			   !(c->goal_sq >= 0 && p->board[c->goal_sq] == c->goal_piece);
		c->path[ply] = moves[i];
		int won = !skip && arbI_uw_hm_search(c, child, ply + 1, step);
		arbI_pos_undo_move(p, moves[i], &u);
		if (won)
			return 1;
	}
	return 0;
}

/* A larger table (at most tt_max bits); the entries are only a cache, so
 * the new one starts empty. Kept as it is when memory runs short. */
void arbI_uw_tt_grow(uw_ctx *c, int bits)
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

/*
 * The schedule of the helpmate searches: each search is a budget (a
 * depth, 0 .. UW_HM_MAX_BUDGET) and a node cap, aimed at the king and then
 * at each corner (nearest first). Caps are UW_HM_FIRST_CAP times 4^k;
 * budgets come in bands of UW_HM_DEPTH_STEP. Level L runs, for k = 0 .. L,
 * band L - k with cap k: the deep bands with small caps, the shallow ones
 * with large caps, so that neither a mate a shallow search finds with a
 * few thousand nodes nor one a deeper search finds with a thousand waits
 * for the other kind to be exhausted.
 */
static void hm_next(uw_ctx *c)
{
	if (++c->hm_target < 5)
		return;
	c->hm_target = 0;
	int band = c->hm_level - c->hm_k;
	if (++c->hm_depth < UW_HM_DEPTH_STEP * (band + 1) && c->hm_depth <= UW_HM_MAX_BUDGET)
		return;
	do { /* the next cap of this level, or the next level; a band past
	      * the last budget is skipped (band 0 always exists) */
		if (++c->hm_k > c->hm_level) {
			c->hm_level++;
			c->hm_k = 0;
		}
		band = c->hm_level - c->hm_k;
	} while (UW_HM_DEPTH_STEP * band > UW_HM_MAX_BUDGET);
	c->hm_depth = UW_HM_DEPTH_STEP * band;
	c->hm_cap = UW_HM_FIRST_CAP;
	for (int k = 0; k < c->hm_k && c->hm_cap < LONG_MAX / 4; k++)
		c->hm_cap *= 4;
}

/* The searches of the schedule (hm_next) in turn, resumed where the last
 * call stopped, until a mate or the node limit. */
arb_verdict arbI_uw_helpmate(uw_ctx *c)
{
	long end = c->limit;
	while (c->nodes < end) {
		if (c->tt_bits < c->tt_max && c->tt_nodes >> c->tt_bits >= 1)
			arbI_uw_tt_grow(c, c->tt_bits + 2);
		long before = c->nodes;
		c->gen++;
		c->target = c->targets[c->hm_target];
		c->limit = end - c->nodes > c->hm_cap ? c->nodes + c->hm_cap : end;
		c->aborted = 0;
		int won = arbI_uw_hm_search(c, c->hm_depth, 0, 0);
		c->tt_nodes += c->nodes - before;
		if (won)
			return ARB_WINNABLE;
		if (c->aborted && c->nodes >= end)
			break; /* cut by the caller's limit: resume this search later */
		hm_next(c);
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

/* 1 if the position is new (and records it), 0 if seen, -1 on no memory.
 * The table grows past three quarters full: linear probing stays short
 * there, and a fuller table costs fewer fresh pages (each a page fault). */
static int seen_insert(uw_ctx *c)
{
	if (4 * (c->seen_count + 1) > 3 * c->seen_cap && !seen_grow(c))
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
		c->nomem = 1;
		return 0;
	}
	walk_frame *f = &w->f[depth];
	f->base = base;
	f->n = arbI_gen_legal(&c->pos, w->arena + base);
	f->i = 0;
	/* Ordered like the helpmate search: a depth-first walk led toward a
	 * mating pattern finds long mates that iterative deepening cannot. */
	arbI_uw_order_moves(c, w->arena + base, f->n);
	if (f->n == 0)
		return mated_here(&c->pos, c->side, 0) ? 2 : 0;
	if (arbI_uw_material_cannot_mate(&c->pos, c->side))
		return 0;
	/* The pawn structure only changes on a zeroing move (FIDE 2018 9.3).
	 * The proof only prunes (a walk without it is as exhaustive), so
	 * when it keeps failing it is tried less and less often: after
	 * UW_WALK_PROOF_TRIES failures in a row, once in as many zeroing
	 * moves as it has failed; a success brings it back at every one. */
	if (depth > 0 && c->pos.halfmove == 0) {
		if (c->walk_skip > 0) {
			c->walk_skip--;
		} else if (arbI_uw_structure_cannot_mate(&c->pos, c->side, UW_WALK_STATES, NULL,
							 &c->nomem)) {
			c->walk_fails = 0;
			return 0;
		} else if (++c->walk_fails >= UW_WALK_PROOF_TRIES) {
			c->walk_skip = c->walk_fails;
		}
	}
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
		if (seen_insert(c) < 0) {
			c->nomem = 1;
			return ARB_UNDETERMINED;
		}
		r = walk_enter(c, w, 0, 0);
		if (r != 1)
			return r == 2     ? ARB_WINNABLE :
			       c->aborted ? ARB_UNDETERMINED :
					    ARB_UNWINNABLE;
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
			arbI_pos_undo_move(&c->pos, w->f[depth].move, &w->f[depth].undo);
			continue;
		}
		arb_move m = w->arena[f->base + (size_t)f->i++];
		arbI_pos_do_move(&c->pos, m, &f->undo);
		f->move = m;
		int fresh = seen_insert(c);
		c->aborted |= fresh < 0;
		c->nomem |= fresh < 0;
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
			arbI_pos_undo_move(&c->pos, m, &f->undo);
	}
	c->walk_state = WALK_OVER;
	return c->cut ? ARB_UNDETERMINED : ARB_UNWINNABLE;
}

/* Runs the walk on its own position (c->pos stays the root for the
 * helpmate phases). */
arb_verdict arbI_uw_walk(uw_ctx *c)
{
	arb_position root = c->pos;
	c->pos = c->walk_pos;
	arb_verdict v = walk_run(c, &c->w);
	c->walk_pos = c->pos;
	c->pos = root;
	return v;
}
