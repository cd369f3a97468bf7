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
 * Invariants: ARB_UNWINNABLE is only returned by a static proof (material,
 * pawn structure, lone minor piece) or by a complete walk; ARB_WINNABLE
 * always carries a replayable mating line. All state lives in a per-call
 * context (no global mutable state). Move counters are ignored (the
 * question is "any series of legal moves").
 *
 * This file is the driver and the public entry points; the proofs are in
 * structure.c, the searches in helpmate.c, US Chess 14E in uscf.c, the
 * context they share in search.h.
 */
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "unwinnable.h"

/* ------------------------------------------------------------------------
 * Driver
 * ---------------------------------------------------------------------- */

void arbI_uw_ctx_free(uw_ctx *c)
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
	while (*used < budget && v == ARB_UNDETERMINED && !c->nomem) {
		for (int phase = 0; phase < 2 && v == ARB_UNDETERMINED && !c->nomem; phase++) {
			long lim = step < budget - *used ? step : budget - *used;
			if (lim <= 0)
				break;
			c->nodes = 0;
			c->limit = lim;
			c->aborted = 0;
			c->line_len = 0;
			v = phase == 0 ? arbI_uw_helpmate(c) : arbI_uw_walk(c);
			*used += c->nodes < lim ? c->nodes : lim;
		}
		step *= 4;
	}
	return v;
}

uw_ctx *arbI_uw_ctx_new(const arb_position *pos, int side, long budget)
{
	uw_ctx *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->pos = *pos;
	c->walk_pos = *pos;
	c->side = side;
	c->weak = !(pos->by_color[side] &
		    (pos->by_type[ARB_PAWN] | pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN]));
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
		arbI_uw_ctx_free(c);
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
	arbI_uw_tt_grow(c, bits); /* a search this size needs the table at once */
	c->goal_sq = ev->to;
	c->goal_piece = ev->color << 3 | ev->type;
	arbI_uw_goal_map(c);
	c->goal_fails = 0;
	c->nodes = 0;
	for (int d = 0; d <= UW_HM_MAX_BUDGET && c->nodes < budget;) {
		c->gen++;
		c->aborted = 0;
		c->limit = budget;
		if (!arbI_uw_hm_search(c, d, 0, 0)) {
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
			arbI_pos_do_move(&there, prefix[i], &u);
		uw_ctx *sub = NULL;
		long more = 0;
		/* what is left; another way to the goal is tried with what this
		 * one did not use */
		arb_verdict v =
			analyse(&there, c->side, rest - c->nodes - spent, &sub, &more, depth + 1);
		spent += more;
		if (v == ARB_VERDICT_NOMEM) {
			c->nomem = 1;
			v = ARB_UNDETERMINED;
		}
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
			arbI_uw_ctx_free(sub);
		if (v == ARB_WINNABLE || c->goal_fails == UW_GOAL_TRIES || c->nomem) {
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

/* Appends *ev to plan[0..n) unless it is there or the plan is full;
 * returns the new count. */
static int plan_add(ss_event *plan, int n, const ss_event *ev)
{
	for (int j = 0; j < n; j++)
		if (plan[j].to == ev->to && plan[j].type == ev->type && plan[j].color == ev->color)
			return n;
	if (n < UW_PLAN_MAX)
		plan[n++] = *ev;
	return n;
}

/*
 * A side with no pawn, rook or queen mates only with the defender's own
 * units on the king's flights, and its mates are often long ones after a
 * defender's pawn has under-promoted into a blocker (K+N v K+P: the pawn
 * becomes a rook, the king walks to the corner, the rook stands beside
 * it). So the promotions of the defender's UW_PLAN_PAWNS pawns furthest
 * advanced, to a knight, a bishop or a rook, are sub-goals too. Only the
 * order of the search changes: a sub-goal is a line to play, never a
 * proof (what it finds is a mating line, replayed by the tests).
 */
static int plan_blockers(const arb_position *pos, int side, ss_event *plan, int n)
{
	static const int8_t kinds[] = {ARB_KNIGHT, ARB_BISHOP, ARB_ROOK};
	int opp = side ^ 1;
	bb_t pawns = pos_pieces(pos, opp, ARB_PAWN);
	for (int k = 0; k < UW_PLAN_PAWNS && pawns; k++) {
		int best = -1, best_left = 8; /* the ranks the best has to go */
		for (bb_t b = pawns; b;) {
			int sq = bb_pop(&b);
			int left = opp == ARB_WHITE ? 7 - ARB_RANK(sq) : ARB_RANK(sq);
			if (left < best_left) {
				best = sq;
				best_left = left;
			}
		}
		pawns &= ~BB(best);
		for (int t = 0; t < 3; t++) {
			ss_event ev = {(int8_t)opp, kinds[t],
				       (int8_t)ARB_SQUARE(ARB_FILE(best), opp == ARB_WHITE ? 7 : 0),
				       1};
			n = plan_add(plan, n, &ev);
		}
	}
	return n;
}

/* The sub-goals todo[0..nev) within `budget` nodes, each an equal share
 * of what is left for its search and what follows it (`reserve` more
 * shares kept back for the search that follows them); *used receives the
 * nodes spent. */
static arb_verdict subgoals(uw_ctx *c, const ss_event *todo, int nev, long budget, int reserve,
			    long *used, int depth)
{
	arb_verdict v = ARB_UNDETERMINED;
	long more = 0;
	*used = 0;
	for (int k = 0; k < nev && *used < budget; k++) {
		long share = (budget - *used) / (nev - k + reserve);
		v = subgoal(c, &todo[k], share / 2, share, &more, depth);
		*used += more;
		if (v != ARB_UNDETERMINED || c->nomem)
			return v;
	}
	return ARB_UNDETERMINED;
}

/* The verdict of `c` once its search ended undecided: out of memory when
 * an allocation failed on the way (what failed might have decided it). */
static arb_verdict undecided(const uw_ctx *c)
{
	return c->nomem ? ARB_VERDICT_NOMEM : ARB_UNDETERMINED;
}

static arb_verdict analyse(const arb_position *pos, int side, long budget, uw_ctx **keep,
			   long *nodes, int depth)
{
	arb_move moves[ARB_MAX_MOVES];
	int n = arbI_gen_legal(pos, moves);
	ss_event ev[SS_MAX_EVENTS];
	*nodes = 0;
	if (n == 0) /* FIDE 2018 5.1.1 mate / 5.2.1 stalemate */
		return mated_here(pos, side, 0) ? ARB_WINNABLE : ARB_UNWINNABLE;
	if (arbI_uw_material_cannot_mate(pos, side))
		return ARB_UNWINNABLE;
	uw_ctx *c = arbI_uw_ctx_new(pos, side, budget);
	if (!c)
		return ARB_VERDICT_NOMEM;
	*keep = c;
	/* Most positions with mating material mate within a few hundred nodes:
	 * try that before the static proofs, which cost more than it. */
	c->limit = budget < UW_QUICK_NODES ? budget : UW_QUICK_NODES;
	if (arbI_uw_helpmate(c) == ARB_WINNABLE) {
		*nodes = c->nodes;
		return ARB_WINNABLE;
	}
	*nodes = c->nodes;
	if (arbI_uw_structure_cannot_mate(pos, side, UW_ROOT_STATES, ev, &c->nomem) ||
	    arbI_uw_lone_minor_cannot_mate(pos, side))
		return ARB_UNWINNABLE;
	/* The distinct changes, the one on the found path first, then the
	 * defender's promotions a weak side's mate may need. */
	int nev = 0;
	ss_event todo[UW_PLAN_MAX];
	for (int k = 0; k < SS_MAX_EVENTS && ev[k].valid; k++)
		nev = plan_add(todo, nev, &ev[k]);
	if (c->weak)
		nev = plan_blockers(pos, side, todo, nev);
	if (depth >= UW_SUBGOAL_DEPTH || budget < UW_SUBGOAL_MIN)
		nev = 0;
	long more = 0;
	arb_verdict v = ARB_UNDETERMINED;
	/* At the root, with sub-goals, the plan (a quarter for the search as
	 * things stand, the rest for the sub-goals) runs in rounds of growing
	 * size, UW_PLAN_FIRST nodes first and four times more each round: a
	 * line that a small round finds costs that round, not a quarter of the
	 * whole budget spent first on the search as things stand. The root
	 * search resumes where the last round left it; a sub-goal starts over
	 * (a round costs at most a third more than the last). */
	for (long round = UW_PLAN_FIRST; depth == 0 && nev > 0 && round < budget - *nodes;
	     round *= 4) {
		v = run_search(c, round / 4, &more);
		*nodes += more;
		if (v == ARB_UNDETERMINED && !c->nomem) {
			v = subgoals(c, todo, nev, round - more, 0, &more, depth);
			*nodes += more;
		}
		if (v != ARB_UNDETERMINED || c->nomem)
			return v != ARB_UNDETERMINED ? v : undecided(c);
	}
	/* Then the whole of what is left the same way (at the root a quarter
	 * for the search as things stand, since a sub-goal's position goes to
	 * its sub-goals first: the plan is to change the structure); then the
	 * rest to the search. */
	if (depth == 0) {
		v = run_search(c, nev > 0 ? (budget - *nodes) / 4 : budget - *nodes, &more);
		*nodes += more;
		if (v != ARB_UNDETERMINED || c->nomem)
			return v != ARB_UNDETERMINED ? v : undecided(c);
	}
	v = subgoals(c, todo, nev, budget - *nodes, depth == 0, &more, depth);
	*nodes += more;
	if (v != ARB_UNDETERMINED || c->nomem)
		return v != ARB_UNDETERMINED ? v : undecided(c);
	v = run_search(c, budget - *nodes, &more);
	*nodes += more;
	return v != ARB_UNDETERMINED ? v : undecided(c);
}

ARB_API arb_verdict arb_can_checkmate(const arb_position *pos, arb_color side, long max_nodes,
				      arb_analysis *out)
{
	uw_ctx *c = NULL;
	long nodes = 0;
	arb_verdict v = ARB_UNDETERMINED;
	arbI_attacks_init();
	/* Misuse (no position, no such colour) is not a question: undetermined. */
	if (pos && (side == ARB_WHITE || side == ARB_BLACK))
		v = analyse(pos, (int)side, max_nodes > 0 ? max_nodes : ARB_ANALYSIS_DEFAULT_NODES,
			    &c, &nodes, 0);
	report(out, v, c, nodes);
	arbI_api_check(pos && (side == ARB_WHITE || side == ARB_BLACK), ARB_UNDETERMINED);
	if (c)
		arbI_uw_ctx_free(c);
	return v;
}

/* FIDE 2018 5.2.2: dead when neither player can mate by any legal series. */
ARB_API arb_verdict arb_position_dead(const arb_position *pos, long max_nodes)
{
	arb_verdict w, b;
	arbI_api_check(pos, ARB_UNDETERMINED);
	w = arb_can_checkmate(pos, ARB_WHITE, max_nodes, NULL);
	if (w == ARB_WINNABLE)
		return ARB_WINNABLE;
	b = arb_can_checkmate(pos, ARB_BLACK, max_nodes, NULL);
	if (b == ARB_WINNABLE)
		return ARB_WINNABLE;
	if (w == ARB_VERDICT_NOMEM || b == ARB_VERDICT_NOMEM)
		return ARB_VERDICT_NOMEM;
	return w == ARB_UNWINNABLE && b == ARB_UNWINNABLE ? ARB_UNWINNABLE : ARB_UNDETERMINED;
}

/* ------------------------------------------------------------------------
 * The dead-position test run after every move of a game (game.c)
 * ---------------------------------------------------------------------- */

/* The static proofs alone, no search: 1 if neither side can ever mate by
 * the material, pawn-structure or lone-minor rules. Cheap (no allocation
 * beyond the structure search's), sound, and it catches the dead positions
 * real games reach (bare kings, locked walls); 0 means only "not proved". */
int arbI_uw_dead_static(const arb_position *pos)
{
	int nomem = 0, needs[2]; /* the structure proof */
	arbI_attacks_init();
	/* Either side's cheap failure first: the answer is 0 whichever fails,
	 * and the other side's structure search need not run. */
	for (int side = 0; side < 2; side++) {
		needs[side] = !arbI_uw_material_cannot_mate(pos, side) &&
			      !arbI_uw_lone_minor_cannot_mate(pos, side);
		if (needs[side] && arbI_uw_structure_fails_now(pos, side))
			return 0;
	}
	for (int side = 0; side < 2; side++)
		if (needs[side] &&
		    !arbI_uw_structure_cannot_mate(pos, side, UW_ROOT_STATES, NULL, &nomem))
			return nomem ? -1 : 0;
	return 1;
}

int arbI_uw_static_unwinnable(const arb_position *pos, int side)
{
	arbI_attacks_init();
	return arbI_uw_material_cannot_mate(pos, side) ||
	       arbI_uw_lone_minor_cannot_mate(pos, side) ||
	       arbI_uw_structure_cannot_mate(pos, side, UW_ROOT_STATES, NULL, NULL);
}

arb_verdict arbI_uw_helpmate_only(const arb_position *pos, int side, long nodes, arb_analysis *out)
{
	arb_move moves[ARB_MAX_MOVES];
	arb_verdict v = ARB_UNDETERMINED;
	arbI_attacks_init();
	uw_ctx *c = NULL;
	if (arbI_gen_legal(pos, moves) == 0) {
		v = mated_here(pos, side, 0) ? ARB_WINNABLE : ARB_UNDETERMINED;
	} else if (arbI_uw_material_cannot_mate(pos, side)) {
		/* the search's root would return at once, uncounted, forever */
	} else if ((c = arbI_uw_ctx_new(pos, side, nodes)) != NULL) {
		c->limit = nodes;
		v = arbI_uw_helpmate(c);
	}
	report(out, v, c, c ? c->nodes : 0);
	if (c)
		arbI_uw_ctx_free(c);
	return v;
}
