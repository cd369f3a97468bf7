/*
 * matching.h -- the pairing layer's maximum-weight matching (matching.c):
 * wide unsigned weights, a graph of them, and Edmonds' blossom algorithm
 * on it, for the Swiss systems, which say "the best pairing" and mean the
 * optimum over every pairing of a round (FIDE C.04.3, the Dutch system).
 *
 * A weight is an unsigned integer of ARB_MATCH_WEIGHT_WORDS 64-bit words
 * (engine/config.h; word 0 the least significant), so that criteria in
 * priority order can each have a bit field of their own, the most important
 * highest, and one comparison decides them all. The operations below are
 * exact (carries and borrows returned, never undefined behaviour) and
 * small enough to be inline.
 *
 * A graph is dense: the weights of all n(n - 1)/2 pairs, each present or
 * not, in a packed lower triangle (chosen for the Swiss systems' graphs,
 * where most pairs of players may meet: no per-edge pointers, and a
 * vertex's neighbours are one row and one column of the triangle).
 */
#ifndef ARBITER_MATCHING_H
#define ARBITER_MATCHING_H

#include <stddef.h>
#include <stdint.h>

#include "arbint.h"

/* ---- wide weights ------------------------------------------------------------ */

#define ARBI_WEIGHT_WORDS ARB_MATCH_WEIGHT_WORDS
#define ARBI_WEIGHT_BITS (64 * ARB_MATCH_WEIGHT_WORDS)

#if ARB_MATCH_WEIGHT_WORDS < 1
#error "ARB_MATCH_WEIGHT_WORDS must be at least 1"
#endif

/* An unsigned integer of ARBI_WEIGHT_BITS bits; word[0] is the least
 * significant. A plain value: copy it with =, zero it with {0}. */
typedef struct arbI_weight {
	uint64_t word[ARBI_WEIGHT_WORDS];
} arbI_weight;

/* *x = v. */
static inline void arbI_weight_set_u64(arbI_weight *x, uint64_t v)
{
	x->word[0] = v;
	for (int i = 1; i < ARBI_WEIGHT_WORDS; i++)
		x->word[i] = 0;
}

/* 1 if x is 0. */
static inline int arbI_weight_is_zero(const arbI_weight *x)
{
	uint64_t any = 0;
	for (int i = 0; i < ARBI_WEIGHT_WORDS; i++)
		any |= x->word[i];
	return any == 0;
}

/* -1, 0 or 1 as a < b, a == b, a > b. */
static inline int arbI_weight_cmp(const arbI_weight *a, const arbI_weight *b)
{
	for (int i = ARBI_WEIGHT_WORDS - 1; i >= 0; i--)
		if (a->word[i] != b->word[i])
			return a->word[i] < b->word[i] ? -1 : 1;
	return 0;
}

/* *r = a + b modulo 2^ARBI_WEIGHT_BITS; returns the carry out (0 or 1).
 * r may be a or b. */
static inline int arbI_weight_add(arbI_weight *r, const arbI_weight *a, const arbI_weight *b)
{
	uint64_t carry = 0;
	for (int i = 0; i < ARBI_WEIGHT_WORDS; i++) {
		uint64_t x = a->word[i], y = b->word[i];
		uint64_t s = x + y;
		uint64_t c = s < x;
		uint64_t t = s + carry;
		c |= t < s;
		r->word[i] = t;
		carry = c;
	}
	return (int)carry;
}

/* *r = a - b modulo 2^ARBI_WEIGHT_BITS; returns the borrow out (1 when
 * a < b). r may be a or b. */
static inline int arbI_weight_sub(arbI_weight *r, const arbI_weight *a, const arbI_weight *b)
{
	uint64_t borrow = 0;
	for (int i = 0; i < ARBI_WEIGHT_WORDS; i++) {
		uint64_t x = a->word[i], y = b->word[i];
		uint64_t d = x - y;
		uint64_t c = x < y;
		uint64_t t = d - borrow;
		c |= d < borrow;
		r->word[i] = t;
		borrow = c;
	}
	return (int)borrow;
}

/* *x <<= bits (0 <= bits < ARBI_WEIGHT_BITS); the bits shifted out are
 * lost. Returns 1 if any of them was set. */
static inline int arbI_weight_shl(arbI_weight *x, int bits)
{
	int words = bits / 64, b = bits % 64, lost = 0;
	for (int i = ARBI_WEIGHT_WORDS - words; i < ARBI_WEIGHT_WORDS; i++)
		lost |= x->word[i] != 0;
	if (b && (x->word[ARBI_WEIGHT_WORDS - 1 - words] >> (64 - b)) != 0)
		lost = 1;
	for (int i = ARBI_WEIGHT_WORDS - 1; i >= 0; i--) {
		uint64_t hi = i - words >= 0 ? x->word[i - words] : 0;
		uint64_t lo = i - words - 1 >= 0 ? x->word[i - words - 1] : 0;
		x->word[i] = b ? (hi << b) | (lo >> (64 - b)) : hi;
	}
	return lost;
}

/* *x >>= bits (0 <= bits < ARBI_WEIGHT_BITS), filling with zeros: x / 2^bits.
 * Returns 1 if a bit shifted out was set (the division was not exact). */
static inline int arbI_weight_shr(arbI_weight *x, int bits)
{
	int words = bits / 64, b = bits % 64, lost = 0;
	for (int i = 0; i < words; i++)
		lost |= x->word[i] != 0;
	if (b && (x->word[words] << (64 - b)) != 0)
		lost = 1;
	for (int i = 0; i < ARBI_WEIGHT_WORDS; i++) {
		uint64_t lo = i + words < ARBI_WEIGHT_WORDS ? x->word[i + words] : 0;
		uint64_t hi = i + words + 1 < ARBI_WEIGHT_WORDS ? x->word[i + words + 1] : 0;
		x->word[i] = b ? (lo >> b) | (hi << (64 - b)) : lo;
	}
	return lost;
}

/* Sets the bit field [lo, lo + width) of x to value (1 <= width <= 64),
 * the other bits unchanged: a criterion's field of a pairing weight.
 * Returns 0, or -1 (x unchanged) if the field does not lie inside the
 * weight or value does not fit in width bits. */
static inline int arbI_weight_set_bits(arbI_weight *x, int lo, int width, uint64_t value)
{
	if (lo < 0 || width < 1 || width > 64 || lo > ARBI_WEIGHT_BITS - width)
		return -1;
	uint64_t mask = width == 64 ? UINT64_MAX : (((uint64_t)1 << width) - 1);
	if (value & ~mask)
		return -1;
	int w = lo / 64, b = lo % 64;
	x->word[w] = (x->word[w] & ~(mask << b)) | (value << b);
	if (b && b + width > 64) {
		x->word[w + 1] = (x->word[w + 1] & ~(mask >> (64 - b))) | (value >> (64 - b));
	}
	return 0;
}

/* The bit field [lo, lo + width) of x (1 <= width <= 64; the field inside
 * the weight, else 0). */
static inline uint64_t arbI_weight_get_bits(const arbI_weight *x, int lo, int width)
{
	if (lo < 0 || width < 1 || width > 64 || lo > ARBI_WEIGHT_BITS - width)
		return 0;
	uint64_t mask = width == 64 ? UINT64_MAX : (((uint64_t)1 << width) - 1);
	int w = lo / 64, b = lo % 64;
	uint64_t v = x->word[w] >> b;
	if (b && b + width > 64)
		v |= x->word[w + 1] << (64 - b);
	return v & mask;
}

/* *x = *x * m + add, modulo 2^ARBI_WEIGHT_BITS; returns the part that did
 * not fit (0 when exact). */
uint64_t arbI_weight_mul_add_u32(arbI_weight *x, uint32_t m, uint32_t add);

/* x in hexadecimal, without leading zeros ("0" for 0), into buf[0..size):
 * size ARBI_WEIGHT_HEX_SIZE is enough. Returns buf. */
#define ARBI_WEIGHT_HEX_SIZE (ARBI_WEIGHT_BITS / 4 + 1)
char *arbI_weight_to_hex(const arbI_weight *x, char *buf, size_t size);

/* ---- the graph ------------------------------------------------------------------ */

/* n vertices 0..n-1 and, for each pair, a weight or no edge. */
typedef struct arbI_graph arbI_graph;

/* The largest weight an edge may have: 2^(ARBI_WEIGHT_BITS - 2) - 1 (the
 * matching's dual variables need the two top bits). */
void arbI_graph_weight_max(arbI_weight *out);

/* A graph of n vertices and no edge into *out. ARB_OK; ARB_E_ARGUMENT
 * with err (may be NULL) saying why when n < 0 or n >
 * ARB_MATCH_MAX_VERTICES; ARB_E_NOMEM. *out is NULL on error. The memory
 * is n(n - 1)/2 weights, whatever the edges. */
arb_status arbI_graph_new(int n, arbI_graph **out, arb_error *err);
/* As arbI_graph_new, for weights below 2^bits only (1 <= bits <=
 * ARBI_WEIGHT_BITS - 2; ARB_E_ARGUMENT otherwise): each pair then takes
 * the words of bits + 1 bits, not a whole weight's, and the matching reads
 * no more. arbI_graph_set_edge refuses a weight of 2^bits or more. */
arb_status arbI_graph_new_bits(int n, int bits, arbI_graph **out, arb_error *err);
/* Frees g; NULL is a no-op. */
void arbI_graph_free(arbI_graph *g);
/* The number of vertices. */
int arbI_graph_order(const arbI_graph *g);

/* Sets the edge {i, j} to weight w (replacing any weight it had): ARB_OK;
 * ARB_E_ARGUMENT with err (may be NULL) for a vertex out of range, i == j,
 * or w above the graph's largest (arbI_graph_weight_max, or 2^bits - 1 for
 * arbI_graph_new_bits; the graph is then unchanged). */
arb_status arbI_graph_set_edge(arbI_graph *g, int i, int j, const arbI_weight *w, arb_error *err);
/* Removes the edge {i, j} if there is one; vertices out of range or
 * i == j: nothing. */
void arbI_graph_remove_edge(arbI_graph *g, int i, int j);
/* 1 with its weight in *w (may be NULL) if {i, j} is an edge; 0 if not,
 * or for vertices out of range or i == j. */
int arbI_graph_edge(const arbI_graph *g, int i, int j, arbI_weight *w);

/* ---- the matching --------------------------------------------------------------- */

/* arbI_graph_match's flags. */
enum {
	/* Among the matchings of the most edges, one of the greatest weight
	 * (else: of the greatest weight, whatever its size). Needs room in the
	 * weights: (floor(n/2) + 1) x the largest weight at most
	 * arbI_graph_weight_max. */
	ARBI_MATCH_MAX_CARDINALITY = 1
};

/*
 * A maximum-weight matching of g (Edmonds' blossom algorithm, primal-dual,
 * O(n^3) time, integer arithmetic only): mate[v] (n entries, the caller's)
 * is v's partner or -1. With ARBI_MATCH_MAX_CARDINALITY, a matching of the
 * greatest weight among those of the greatest number of edges. The weight
 * of the matching into *total (may be NULL): the sum of its edges' weights,
 * modulo 2^ARBI_WEIGHT_BITS if it did not fit (it fits when floor(n/2) x
 * the largest weight does, and always in max-cardinality mode). Edges of
 * weight 0 may or may not be in a maximum-weight matching; ties are broken
 * deterministically (the same graph, the same matching).
 *
 * ARB_OK; ARB_E_ARGUMENT with err (may be NULL) when max-cardinality mode
 * has no room for its weights (see the flag); ARB_E_NOMEM. mate is
 * unchanged on error. Memory: O(n) words beside a bit per pair of
 * vertices, and the blossoms' lists.
 */
arb_status arbI_graph_match(const arbI_graph *g, int flags, int *mate, arbI_weight *total,
			    arb_error *err);

/* ---- the matching kept up to date ---------------------------------------------- */

/*
 * A matcher: a maximum-weight matching of a graph whose edges change
 * between solves, as the Swiss systems' pairing does (it fixes one player
 * after another, each time re-weighting his edges and asking for the best
 * matching again). The matcher keeps the algorithm's state (the matching,
 * the duals, the blossoms) from one solve to the next: an edge changed
 * inside a blossom frees its endpoint from it at once, and before the next
 * solve each vertex whose edges changed gets the least dual that keeps
 * them feasible, losing its matched edge only if that is no longer tight;
 * the stages then repair what was freed: about O(k n^2) for k vertices
 * freed, not O(n^3) (the update of Galil, Micali and Gabow's algorithm, as
 * bbpPairings' matching allows it, with its duals kept rather than reset).
 * Maximum weight only (no max-cardinality mode). The results are those of
 * arbI_graph_match on the same graph in weight; among matchings of equal
 * weight, the one reached may differ.
 */
typedef struct arbI_matcher arbI_matcher;

/* A matcher of g, whose edges from now on change only through it (g must
 * outlive it), none ever above maxw (at most arbI_graph_weight_max, and
 * the graph's largest): into *out. ARB_OK; ARB_E_ARGUMENT with err (may be
 * NULL) for maxw too large or an edge of g above it; ARB_E_NOMEM. *out is NULL on error. Memory: n^2
 * words beside the graph. */
arb_status arbI_matcher_new(arbI_graph *g, const arbI_weight *maxw, arbI_matcher **out,
			    arb_error *err);
/* Frees m (not its graph); NULL is a no-op. */
void arbI_matcher_free(arbI_matcher *m);
/* Sets the edge {i, j} of m's graph to weight w: ARB_OK; ARB_E_ARGUMENT
 * with err (may be NULL) for a vertex out of range, i == j, or w above the
 * matcher's largest weight (nothing changed). When the state must give,
 * i is the endpoint freed: pass first the vertex whose edges change. */
arb_status arbI_matcher_set_edge(arbI_matcher *m, int i, int j, const arbI_weight *w,
				 arb_error *err);
/* Removes the edge {i, j} if there is one; vertices out of range or
 * i == j: nothing. */
void arbI_matcher_remove_edge(arbI_matcher *m, int i, int j);
/* A maximum-weight matching of the graph as it is now into mate (n
 * entries: the partner or -1), its weight into *total (may be NULL), as
 * arbI_graph_match without flags. ARB_OK; ARB_E_NOMEM, after which the
 * matcher is lost (every later solve fails: free it). */
arb_status arbI_matcher_solve(arbI_matcher *m, int *mate, arbI_weight *total);
/* For the tests, after a solve: 0 if m's state proves its matching optimal
 * (a matching of edges; the duals feasible, every matched edge tight,
 * every free vertex of dual 0), else -1 with the first fault in why[0..size). */
int arbI_matcher_check(const arbI_matcher *m, char *why, size_t size);

#endif
