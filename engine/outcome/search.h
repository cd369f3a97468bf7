/*
 * search.h -- the context and the shared pieces of the checkmate analysis,
 * internal to outcome/ (the rest of the engine uses unwinnable.h).
 *
 * The analysis is four files around one context: unwinnable.c, the driver
 * and the public entry points; structure.c, the static proofs (material,
 * pawn structure, lone minor piece); helpmate.c, the helpmate search and the
 * exhaustive walk; uscf.c, US Chess 14E and blitz 7c. A uw_ctx is made and
 * freed by the driver (arbI_uw_ctx_new, arbI_uw_ctx_free), one per question; nothing
 * outlives it and nothing is global.
 */
#ifndef ARB_SEARCH_H
#define ARB_SEARCH_H

#include <stdlib.h>

#include "config.h"
#include "position.h"

/* The search's schedule (tuning, not limits: the limits, UW_TT_BITS and
 * UW_ROOT_STATES, are in config.h). */
#define UW_MAX_PLY ARB_MATE_LINE_MAX
#define UW_FIRST_LIMIT 2048L
#define UW_QUICK_NODES 256L   /* the first helpmate try */
#define UW_SUBGOAL_DEPTH 4    /* structure changes planned one after another */
#define UW_SUBGOAL_MIN 32768L /* smaller budgets are not split for them */
#define UW_GOAL_TRIES 4       /* positions reaching a sub-goal tried in turn */
#define UW_PLAN_FIRST 16384L  /* the first round of the plan with sub-goals */
#define UW_PLAN_MAX 16        /* sub-goals of one plan */
#define UW_PLAN_PAWNS 2       /* the defender's pawns whose promotions are sub-goals */
#define UW_WALK_STATES 8
#define UW_WALK_PROOF_TRIES 16 /* failed structure proofs before the walk backs off */
#define UW_HM_MAX_BUDGET 24
#define UW_HM_FIRST_CAP 1024L
#define UW_HM_DEPTH_STEP 3 /* the helpmate budgets' bands (helpmate.c) */
#define SS_MAX_EVENTS 8    /* structure changes reported as sub-goals */

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
	int nomem; /* an allocation failed: nothing it stopped is proved either way */
	int line_len;
	arb_move path[UW_MAX_PLY];
	arb_move line[UW_MAX_PLY];
	arb_move (*moves)[ARB_MAX_MOVES]; /* per-ply move lists */
	void *tt; /* hm_entry table of 2^tt_bits entries, grown up to tt_max */
	int tt_bits, tt_max;
	long tt_nodes;                     /* helpmate nodes searched since the table last grew */
	int weak;                          /* the mating side has no pawn, rook or queen */
	int goal_sq, goal_piece;           /* sub-goal: this piece code arrives on goal_sq */
	uint8_t goal_dist[64];             /* the goal piece's moves from each square to it */
	uint64_t goal_fail[UW_GOAL_TRIES]; /* positions reaching it that led nowhere */
	int goal_fails;
	uint32_t gen; /* helpmate iteration, tags the table entries */
	seen_entry *seen;
	size_t seen_cap, seen_count;
	int hm_depth;              /* next helpmate search's budget, */
	int target;                /* the square the mating net is aimed at, or none */
	int targets[5], hm_target; /* none, then the corners nearest first */
	long hm_cap;               /* ... its node cap (UW_HM_FIRST_CAP 4^hm_k) */
	int hm_level, hm_k;        /* ... and its place in the schedule */
	arb_position walk_pos;     /* where the paused walk stands */
	walk_stack w;
	size_t walk_depth;
	long walk_fails, walk_skip; /* the walk's structure proofs failed in a row, to skip */
	int walk_state;             /* WALK_NEW, WALK_PAUSED or WALK_OVER */
} uw_ctx;

/* A structure change: a unit of `color` and `type` arrives on `to` (a pawn
 * push or capture, a promotion, a piece taking a pawn or a fixed piece). */
typedef struct ss_event {
	int8_t color, type, to, valid;
} ss_event;

/* An entry of the helpmate search's transposition table (uw_ctx.tt). */
typedef struct hm_entry {
	uint32_t check; /* the key's high half (the low bits are the slot) */
	uint16_t gen;   /* the search that wrote it (uw_ctx.gen, wrapping) */
	int16_t budget; /* searched with at least this budget */
} hm_entry;

/* ---- small helpers, inline in every file --------------------------------- */

static inline bb_t piece_step(int type, int sq, bb_t occ)
{
	switch (type) {
	case ARB_KNIGHT:
		return knight_attacks(sq);
	case ARB_BISHOP:
		return bishop_attacks(sq, occ);
	case ARB_ROOK:
		return rook_attacks(sq, occ);
	case ARB_QUEEN:
		return queen_attacks(sq, occ);
	default:
		return king_attacks(sq);
	}
}

static inline int dist(int a, int b)
{
	int df = abs(ARB_FILE(a) - ARB_FILE(b)), dr = abs(ARB_RANK(a) - ARB_RANK(b));
	return df > dr ? df : dr;
}

static inline int edge_dist(int sq)
{
	int f = ARB_FILE(sq), r = ARB_RANK(sq);
	int df = f < 7 - f ? f : 7 - f, dr = r < 7 - r ? r : 7 - r;
	return df + dr;
}

static inline int tick(uw_ctx *c)
{
	if (++c->nodes > c->limit)
		c->aborted = 1;
	return !c->aborted;
}

/* The defender is to move, has no move and is in check. */
static inline int mated_here(const arb_position *p, int side, int nmoves)
{
	return nmoves == 0 && p->side != side && pos_checkers(p);
}

/* ---- unwinnable.c: the context -------------------------------------------- */

/* A context for `side` mating from pos, its table sized for `budget` nodes;
 * NULL on no memory. */
uw_ctx *arbI_uw_ctx_new(const arb_position *pos, int side, long budget);
void arbI_uw_ctx_free(uw_ctx *c);

/* ---- structure.c: static proofs (1 = proved: `side` can never mate) ------- */

int arbI_uw_material_cannot_mate(const arb_position *p, int side);
/* The pawn-structure proof within max_states abstract states; on failure
 * `first` (SS_MAX_EVENTS entries, may be NULL) receives the structure
 * changes that lead toward a mate, the one on the found path first. When
 * its working memory cannot be had it answers 0 (not proved) and sets
 * *nomem (may be NULL). */
int arbI_uw_structure_cannot_mate(const arb_position *p, int side, int max_states, ss_event *first,
				  int *nomem);
/* 1 if the pawn-structure proof surely fails on p at once (castling or e.p.
 * rights, or a mate test of the position as it stands that part of the
 * regions already passes), found without evaluating or allocating
 * anything; 0 = not known. */
int arbI_uw_structure_fails_now(const arb_position *p, int side);
int arbI_uw_lone_minor_cannot_mate(const arb_position *p, int side);

/* ---- helpmate.c: the searches (mates found go to c->line) ----------------- */

/* Sorts moves[0..n) toward a mate of the defender's king. */
void arbI_uw_order_moves(const uw_ctx *c, arb_move *moves, int n);
/* Fills c->goal_dist for the sub-goal c->goal_sq, c->goal_piece: the
 * moves its piece needs from each square through the pawns as they stand
 * (helpmate.c says how). */
void arbI_uw_goal_map(uw_ctx *c);
/* 1 if a mate (or the sub-goal) is found from c->pos within budget r. */
int arbI_uw_hm_search(uw_ctx *c, int r, int ply, int prev_step);
/* Grows the transposition table to `bits` (at most c->tt_max). */
void arbI_uw_tt_grow(uw_ctx *c, int bits);
/* The helpmate phase up to c->limit nodes: ARB_WINNABLE or undetermined. */
arb_verdict arbI_uw_helpmate(uw_ctx *c);
/* The exhaustive walk up to c->limit nodes, resumed where it stopped:
 * ARB_WINNABLE, ARB_UNWINNABLE (every reachable position seen, no mate) or
 * undetermined. */
arb_verdict arbI_uw_walk(uw_ctx *c);

#endif
