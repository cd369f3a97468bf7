/*
 * matching.c -- maximum-weight matching in a general graph: Edmonds'
 * blossom algorithm in its primal-dual O(n^3) form (Galil, "Efficient
 * algorithms for finding maximum matching in graphs", 1986, as J. van
 * Rantwijk's mwmatching describes it), on the dense graphs of matching.h.
 *
 * The algorithm keeps a dual variable per vertex and per blossom, and
 * grows alternating trees of tight edges (slack 0) from every free vertex
 * (labels S and T); when no tight edge helps, it changes the duals by the
 * largest step that keeps them feasible (delta 1-4), which makes an edge
 * tight or a blossom's dual zero. An S-S edge between two trees augments
 * the matching (a stage ends); within one tree it closes a blossom. Stages
 * are at most n/2 + 1, each O(n^2).
 *
 * Integers only: weights are stored doubled (2w), so that vertex duals
 * start at the largest weight and every slack u_i + u_j - 2w, and half an
 * S-S slack, is an integer. All values stay in [0, 4 x the largest
 * weight], inside the weight type when weights are below
 * 2^(bits - 2) (arbI_graph_weight_max). Maximum cardinality is the same
 * run on the weights w + M, M = floor(n/2) x the largest weight + 1 (one
 * edge more then outweighs any difference in weight), with the vertex
 * duals kept as u - M in two's complement: the slacks are unchanged, and
 * only the vertex-dual step (delta 1) adds M back.
 *
 * An edge's weight is stored 2w, an even number; an odd stored value (1)
 * marks a pair that is no edge.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matching.h"

/* ---- wide weights ------------------------------------------------------------ */

uint64_t arbI_weight_mul_add_u32(arbI_weight *x, uint32_t m, uint32_t add)
{
	/* Half words, so every product fits in 64 bits. */
	uint64_t carry = add;
	for (int i = 0; i < ARBI_WEIGHT_WORDS; i++) {
		uint64_t lo = (x->word[i] & 0xffffffffu) * m + carry;
		uint64_t hi = (x->word[i] >> 32) * m + (lo >> 32);
		x->word[i] = (lo & 0xffffffffu) | (hi << 32);
		carry = hi >> 32;
	}
	return carry;
}

char *arbI_weight_to_hex(const arbI_weight *x, char *buf, size_t size)
{
	static const char digits[] = "0123456789abcdef";
	size_t n = 0;
	if (size == 0)
		return buf;
	for (int i = ARBI_WEIGHT_BITS / 4 - 1; i >= 0; i--) {
		unsigned d = (unsigned)(x->word[i / 16] >> (4 * (i % 16))) & 15;
		if ((d || n || i == 0) && n + 1 < size)
			buf[n++] = digits[d];
	}
	buf[n] = 0;
	return buf;
}

/* ---- the graph ------------------------------------------------------------------ */

struct arbI_graph {
	int n;
	int bits;    /* every weight below 2^bits */
	int nw;      /* the words a stored weight takes: those of 2^(bits + 1) - 1 */
	uint64_t *w; /* the pair {i, j}, i > j, at nw x (i(i - 1)/2 + j): 2 x its weight, or
			1, the least significant word first */
};

/* The index of the pair {i, j}, i != j. */
static inline size_t pair(int i, int j)
{
	if (i < j) {
		int t = i;
		i = j;
		j = t;
	}
	return (size_t)i * (size_t)(i - 1) / 2 + (size_t)j;
}

static inline int absent(const arbI_weight *w)
{
	return (int)(w->word[0] & 1);
}

/* The stored words of pair k. */
static inline const uint64_t *gwords(const arbI_graph *g, size_t k)
{
	return g->w + k * (size_t)g->nw;
}

/* Pair k's stored value (2w, or 1) into *out. */
static inline void gload(const arbI_graph *g, size_t k, arbI_weight *out)
{
	const uint64_t *x = gwords(g, k);
	int i;
	for (i = 0; i < g->nw; i++)
		out->word[i] = x[i];
	for (; i < ARBI_WEIGHT_WORDS; i++)
		out->word[i] = 0;
}

/* Stores x (2w, or 1: below 2^(bits + 1)) as pair k's value. */
static inline void gstore(arbI_graph *g, size_t k, const arbI_weight *x)
{
	memcpy(g->w + k * (size_t)g->nw, x->word, (size_t)g->nw * sizeof x->word[0]);
}

void arbI_graph_weight_max(arbI_weight *out)
{
	for (int i = 0; i < ARBI_WEIGHT_WORDS; i++)
		out->word[i] = UINT64_MAX;
	out->word[ARBI_WEIGHT_WORDS - 1] >>= 2;
}

arb_status arbI_graph_new_bits(int n, int bits, arbI_graph **out, arb_error *err)
{
	*out = NULL;
	if (n < 0 || n > ARB_MATCH_MAX_VERTICES)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0, "matching: %d vertices (0 to %d)", n,
				       ARB_MATCH_MAX_VERTICES);
	if (bits < 1 || bits > ARBI_WEIGHT_BITS - 2)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "matching: weights of %d bits (1 to %d)", bits,
				       ARBI_WEIGHT_BITS - 2);
	arbI_graph *g = malloc(sizeof *g);
	if (!g)
		return ARB_E_NOMEM;
	size_t pairs = n > 1 ? pair(n - 1, 0) + (size_t)(n - 1) : 0;
	g->n = n;
	g->bits = bits;
	g->nw = (bits + 1 + 63) / 64;
	g->w = calloc((pairs ? pairs : 1) * (size_t)g->nw, sizeof *g->w);
	if (!g->w) {
		free(g);
		return ARB_E_NOMEM;
	}
	for (size_t k = 0; k < pairs; k++)
		g->w[k * (size_t)g->nw] = 1;
	*out = g;
	return ARB_OK;
}

arb_status arbI_graph_new(int n, arbI_graph **out, arb_error *err)
{
	return arbI_graph_new_bits(n, ARBI_WEIGHT_BITS - 2, out, err);
}

/* The largest weight g holds: 2^bits - 1. */
static void graph_limit(const arbI_graph *g, arbI_weight *out)
{
	arbI_weight_set_u64(out, 0);
	for (int b = 0; b < g->bits; b += 64)
		arbI_weight_set_bits(out, b, g->bits - b < 64 ? g->bits - b : 64,
				     g->bits - b < 64 ? ((uint64_t)1 << (g->bits - b)) - 1 :
							UINT64_MAX);
}

void arbI_graph_free(arbI_graph *g)
{
	if (!g)
		return;
	free(g->w);
	free(g);
}

int arbI_graph_order(const arbI_graph *g)
{
	return g->n;
}

static int pair_ok(const arbI_graph *g, int i, int j)
{
	return i >= 0 && j >= 0 && i < g->n && j < g->n && i != j;
}

arb_status arbI_graph_set_edge(arbI_graph *g, int i, int j, const arbI_weight *w, arb_error *err)
{
	arbI_weight max;
	if (!pair_ok(g, i, j))
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "matching: no edge {%d, %d} in a graph of %d vertices", i, j,
				       g->n);
	graph_limit(g, &max);
	if (arbI_weight_cmp(w, &max) > 0)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "matching: edge {%d, %d}: weight over 2^%d - 1", i, j,
				       g->bits);
	arbI_weight x = *w;
	arbI_weight_shl(&x, 1);
	gstore(g, pair(i, j), &x);
	return ARB_OK;
}

void arbI_graph_remove_edge(arbI_graph *g, int i, int j)
{
	if (pair_ok(g, i, j)) {
		arbI_weight one;
		arbI_weight_set_u64(&one, 1);
		gstore(g, pair(i, j), &one);
	}
}

int arbI_graph_edge(const arbI_graph *g, int i, int j, arbI_weight *w)
{
	if (!pair_ok(g, i, j) || (gwords(g, pair(i, j))[0] & 1))
		return 0;
	if (w) {
		gload(g, pair(i, j), w);
		arbI_weight_shr(w, 1);
	}
	return 1;
}

/* ---- the solver's state ------------------------------------------------------- */

/* An edge with a direction: `to` is the endpoint the algorithm means (van
 * Rantwijk's endpoint p), `from` the other one (p ^ 1). */
typedef struct arc {
	int from, to;
} arc;

static const arc no_arc = {-1, -1};

static inline arc rev(arc a)
{
	return (arc){a.to, a.from};
}

/* Labels of vertices and top-level blossoms. */
enum { FREE = 0, S = 1, T = 2, MARK = 4 };

/*
 * Indices 0..n-1 are vertices, n..2n-1 blossoms (a vertex is a trivial
 * blossom). A non-trivial blossom b has nchild[b] (odd) sub-blossoms
 * child[b][0..], child[b][0] holding its base, and edge[b][i] connecting
 * child i (its `to`) with child i + 1 (its `from`), cyclically. Unused
 * blossoms have base -1.
 */
typedef struct solver {
	const arbI_graph *g;
	int n;
	arbI_weight *dual;      /* 2n: vertices' as u - bias, blossoms' */
	arbI_weight bias;       /* M in max-cardinality mode, else 0 */
	int maxcard;            /* max-cardinality mode */
	arbI_weight reset;      /* a touched vertex's dual: 2 x the largest weight */
	int *mate;              /* n: the partner, or -1 */
	int *label;             /* 2n */
	arc *labelend;          /* 2n: the edge through which the label came, `to` outside */
	int *inblossom;         /* n: the top-level blossom of each vertex */
	int *parent;            /* 2n: the blossom immediately containing it, -1 */
	int *base;              /* 2n */
	int **child;            /* 2n (blossoms only) */
	arc **edge;             /* 2n */
	int *nchild;            /* 2n */
	arc **best;             /* 2n: an S-blossom's least-slack edges to other S-blossoms */
	int *nbest;             /* 2n: their number, -1 for no list */
	arc *bestedge;          /* 2n: the least-slack edge for delta 2 / delta 3, from -1 none */
	arbI_weight *bestslack; /* 2n: its slack, valid when bestepoch == epoch */
	uint64_t *bestepoch;
	uint64_t epoch;  /* counts dual changes: cached slacks are of one epoch */
	int nw;          /* the words any slack or dual (as u) can use: above them all 0 */
	int gnw;         /* those of a stored weight: the graph's, at most nw */
	int wword, wbit; /* the top 64 bits any slack or dual (as u) can use: from
			    bit 64 x wword + wbit */
	uint64_t *win;   /* n x n, row by row: those bits of the pairs' stored weights (0: no
			  edge), both ways, so that a scan reads them in order */
	uint64_t *has;   /* n rows of hasw words: bit j of row i set when {i, j} is an edge */
	size_t hasw;
	uint64_t *dualwin; /* n: those of the vertices' duals */
	uint64_t *bestwin; /* 2n: those of bestslack */
	uint64_t *allowed; /* a bit per pair: tight, usable */
	size_t allowed_words;
	int *queue, nqueue;       /* S vertices to scan */
	int *unused, nunused;     /* free blossom numbers */
	int *scratch;             /* n: leaves */
	int *cand;                /* n: a scan's edges to consider, by the other end */
	size_t *candk;            /* n: their pair indices */
	int *root;                /* 2n: a labelled top-level blossom's tree, by its root vertex */
	int retired;              /* trees augmented this stage: no dual step before the next */
	char *dirty;              /* n: the matcher's vertices whose edges changed */
	int *dirtylist, ndirty;   /* those vertices, to settle before a solve */
	int *stack;               /* 2n: leaves' walk */
	arc *bestto;              /* 2n: add_blossom's least-slack edge per S-blossom */
	arbI_weight *besttoslack; /* 2n */
} solver;

/* {i, j}'s stored value (2w, or 1 for no edge), loaded into *tmp. */
static inline const arbI_weight *weight2(const solver *s, int i, int j, arbI_weight *tmp)
{
	gload(s->g, pair(i, j), tmp);
	return tmp;
}

/* *r = a + b - c (a slack: exact because its true value is below
 * 2^(64 nw), whatever the carries between), over the nw words in use only,
 * c a stored weight of the graph's gnw words: the words above are 0. */
static inline void slack_nw(const solver *s, arbI_weight *r, const arbI_weight *a,
			    const arbI_weight *b, const uint64_t *c)
{
	uint64_t carry = 0, borrow = 0;
	int i;
	for (i = 0; i < s->nw; i++) {
		uint64_t x = a->word[i], y = b->word[i], z = i < s->gnw ? c[i] : 0;
		uint64_t t = x + y, u = t + carry;
		carry = (t < x) | (u < t);
		uint64_t d = u - z, e = d - borrow;
		borrow = (u < z) | (d < borrow);
		r->word[i] = e;
	}
	for (; i < ARBI_WEIGHT_WORDS; i++)
		r->word[i] = 0;
}

/* The slack of {i, j}: u_i + u_j - 2w (blossom duals left out: the
 * algorithm asks only of edges between top-level blossoms). */
static inline void slack(const solver *s, arbI_weight *r, int i, int j)
{
	slack_nw(s, r, &s->dual[i], &s->dual[j], gwords(s->g, pair(i, j)));
}

static inline int is_allowed(const solver *s, size_t k)
{
	return (int)(s->allowed[k / 64] >> (k % 64)) & 1;
}

static inline void allow(solver *s, int i, int j)
{
	size_t k = pair(i, j);
	s->allowed[k / 64] |= (uint64_t)1 << (k % 64);
}

/* The top 64 bits of the values' range of x (modulo 2^64). */
static inline uint64_t window(const solver *s, const arbI_weight *x)
{
	if (s->wbit == 0)
		return x->word[s->wword];
	return (x->word[s->wword] >> s->wbit) | (x->word[s->wword + 1] << (64 - s->wbit));
}

/* 1 if i and j have no edge: the presence bits (row i read in order in a
 * scan), not the weight, which lies far from its neighbours' in a column
 * of the triangle. */
static inline int no_edge(const solver *s, int i, int j)
{
	return !((s->has[(size_t)i * s->hasw + (size_t)j / 64] >> (j % 64)) & 1);
}

/* Records whether {i, j} is an edge, both ways. */
static void set_has(solver *s, int i, int j, int present)
{
	uint64_t *a = &s->has[(size_t)i * s->hasw + (size_t)j / 64];
	uint64_t *b = &s->has[(size_t)j * s->hasw + (size_t)i / 64];
	uint64_t ba = (uint64_t)1 << (j % 64), bb = (uint64_t)1 << (i % 64);
	*a = present ? *a | ba : *a & ~ba;
	*b = present ? *b | bb : *b & ~bb;
}

/* 1 if a - b < c certainly, from their windows wa, wb, wc (a, b, c within
 * the values' range): floor(a / 2^p) - floor(b / 2^p) is floor((a - b) /
 * 2^p) or one more when a >= b, and wa < wb only when a < b. Used where
 * most of a row's 2w - u_j cannot beat the best so far. */
static inline int below_window(uint64_t wa, uint64_t wb, uint64_t wc)
{
	return wa < wb || wa - wb < wc;
}

/* The slack of bestedge[x], from the cache when the duals have not changed. */
static inline const arbI_weight *best_slack(solver *s, int x)
{
	if (s->bestepoch[x] != s->epoch) {
		slack(s, &s->bestslack[x], s->bestedge[x].from, s->bestedge[x].to);
		s->bestwin[x] = window(s, &s->bestslack[x]);
		s->bestepoch[x] = s->epoch;
	}
	return &s->bestslack[x];
}

/* 1 if x, a slack or dual (0 above the nw words), is 0. */
static inline int zero_nw(const solver *s, const arbI_weight *x)
{
	uint64_t any = 0;
	for (int i = 0; i < s->nw; i++)
		any |= x->word[i];
	return any == 0;
}

/* arbI_weight_cmp of two slacks or duals (0 above the nw words). */
static inline int cmp_nw(const solver *s, const arbI_weight *a, const arbI_weight *b)
{
	for (int i = s->nw - 1; i >= 0; i--)
		if (a->word[i] != b->word[i])
			return a->word[i] < b->word[i] ? -1 : 1;
	return 0;
}

/* {i, j}'s stored value as weight2, its nw words only (tmp's words above
 * them 0 before and after). */
static inline const arbI_weight *weight2_nw(const solver *s, int i, int j, arbI_weight *tmp)
{
	const uint64_t *x = gwords(s->g, pair(i, j));
	int k;
	for (k = 0; k < s->gnw; k++)
		tmp->word[k] = x[k];
	for (; k < s->nw; k++)
		tmp->word[k] = 0;
	return tmp;
}

/* *r = a - b over the nw words (a, b and r 0 above them); the borrow. */
static inline int sub_nw(const solver *s, arbI_weight *r, const arbI_weight *a,
			 const arbI_weight *b)
{
	uint64_t borrow = 0;
	for (int i = 0; i < s->nw; i++) {
		uint64_t x = a->word[i], y = b->word[i], d = x - y, e = d - borrow;
		borrow = (x < y) | (d < borrow);
		r->word[i] = e;
	}
	return borrow != 0;
}

/* *dst = *src over the nw words (both 0 above them). */
static inline void copy_nw(const solver *s, arbI_weight *dst, const arbI_weight *src)
{
	memcpy(dst->word, src->word, (size_t)s->nw * sizeof src->word[0]);
}

static void set_best(solver *s, int x, arc e, const arbI_weight *sl)
{
	s->bestedge[x] = e;
	/* the words above nw stay 0 (bestslack is allocated zeroed) */
	copy_nw(s, &s->bestslack[x], sl);
	s->bestwin[x] = window(s, sl);
	s->bestepoch[x] = s->epoch;
}

/* The vertices of blossom b into out; their number. */
static int leaves(solver *s, int b, int *out)
{
	int count = 0, top = 0;
	s->stack[top++] = b;
	while (top > 0) {
		int t = s->stack[--top];
		if (t < s->n) {
			out[count++] = t;
			continue;
		}
		for (int i = s->nchild[t] - 1; i >= 0; i--)
			s->stack[top++] = s->child[t][i];
	}
	return count;
}

static int index_of(const int *list, int count, int x)
{
	for (int i = 0; i < count; i++)
		if (list[i] == x)
			return i;
	assert(0 && "matching: a sub-blossom not in its blossom");
	return 0;
}

/* ---- labels, blossoms, augmentation ------------------------------------------ */

/* Labels w's top-level blossom t (S or T) through edge e (e.to outside);
 * a T-blossom's mate then gets S. S vertices go onto the queue. */
static void assign_label(solver *s, int w, int t, arc e)
{
	int b = s->inblossom[w];
	assert(s->label[w] == FREE && s->label[b] == FREE);
	s->label[w] = s->label[b] = t;
	s->labelend[w] = s->labelend[b] = e;
	s->bestedge[w] = s->bestedge[b] = no_arc;
	s->root[w] = s->root[b] = e.to == -1 ? w : s->root[s->inblossom[e.to]];
	if (t == S) {
		s->nqueue += leaves(s, b, s->queue + s->nqueue);
		assert(s->nqueue <= s->n); /* a vertex turns S once a stage */
	} else {
		int base = s->base[b];
		assert(s->mate[base] >= 0);
		assign_label(s, s->mate[base], S, (arc){s->mate[base], base});
	}
}

/* Walks up the trees of v and w (both S) together: the base of the blossom
 * their edge closes, or -1 if they are in different trees (an augmenting
 * path). */
static int scan_blossom(solver *s, int v, int w)
{
	/* The blossoms marked are remembered in s->stack, to be unmarked. */
	int found = -1, nmarked = 0;
	while (v != -1 || w != -1) {
		int b = s->inblossom[v];
		if (s->label[b] & MARK) {
			found = s->base[b];
			break;
		}
		assert(s->label[b] == S);
		s->stack[nmarked++] = b;
		s->label[b] = S | MARK;
		if (s->labelend[b].to == -1) {
			v = -1; /* the root */
		} else {
			v = s->labelend[b].to;
			b = s->inblossom[v];
			assert(s->label[b] == T);
			v = s->labelend[b].to;
		}
		if (w != -1) {
			int t = v;
			v = w;
			w = t;
		}
	}
	for (int i = 0; i < nmarked; i++)
		s->label[s->stack[i]] = S;
	return found;
}

/* Reverses list[from..to). */
static void reverse_ints(int *list, int from, int to)
{
	for (to--; from < to; from++, to--) {
		int t = list[from];
		list[from] = list[to];
		list[to] = t;
	}
}

static void reverse_arcs(arc *list, int from, int to)
{
	for (to--; from < to; from++, to--) {
		arc t = list[from];
		list[from] = list[to];
		list[to] = t;
	}
}

/* The number of sub-blossoms on the tree path from blossom b up to the
 * blossom of base (excluded). */
static int path_length(const solver *s, int b, int bb)
{
	int count = 0;
	while (b != bb) {
		count++;
		b = s->inblossom[s->labelend[b].to];
	}
	return count;
}

/* Folds the least-slack edges of sub-blossom bv into s->bestto (per other
 * S-blossom), for the new blossom b. */
static void gather_best(solver *s, int b, int bv)
{
	arbI_weight sl;
	if (s->nbest[bv] >= 0) {
		for (int i = 0; i < s->nbest[bv]; i++) {
			arc e = s->best[bv][i];
			if (s->inblossom[e.to] == b)
				e = rev(e);
			int bj = s->inblossom[e.to];
			if (bj == b || s->label[bj] != S)
				continue;
			slack(s, &sl, e.from, e.to);
			if (s->bestto[bj].from == -1 ||
			    arbI_weight_cmp(&sl, &s->besttoslack[bj]) < 0) {
				s->bestto[bj] = e;
				s->besttoslack[bj] = sl;
			}
		}
		return;
	}
	int nl = leaves(s, bv, s->scratch);
	for (int l = 0; l < nl; l++) {
		int v = s->scratch[l];
		for (int j = 0; j < s->n; j++) {
			/* the labels first: the weights are far apart in memory */
			int bj = s->inblossom[j];
			if (bj == b || s->label[bj] != S || j == v || no_edge(s, v, j))
				continue;
			slack(s, &sl, v, j);
			if (s->bestto[bj].from == -1 ||
			    arbI_weight_cmp(&sl, &s->besttoslack[bj]) < 0) {
				s->bestto[bj] = (arc){v, j};
				s->besttoslack[bj] = sl;
			}
		}
	}
}

/* A new S-blossom with base `base`, closed by the edge {v, w} between two
 * S-blossoms of one tree. 0, or -1 out of memory. */
static int add_blossom(solver *s, int base, int v, int w)
{
	int bb = s->inblossom[base], bv = s->inblossom[v], bw = s->inblossom[w];
	int nv = path_length(s, bv, bb), nw = path_length(s, bw, bb);
	int count = nv + nw + 1;
	int *child = malloc((size_t)count * sizeof *child);
	arc *edge = malloc((size_t)count * sizeof *edge);
	if (!child || !edge) {
		free(child);
		free(edge);
		return -1;
	}
	assert(s->nunused > 0);
	int b = s->unused[--s->nunused];
	s->base[b] = base;
	s->parent[b] = -1;
	s->parent[bb] = b;
	/* child: bb, then v's side from the base down to bv, then w's side from
	 * bw up to the base; edge[i] joins child i and child i + 1. */
	int k = 0;
	child[k++] = bb;
	for (int x = bv; x != bb; x = s->inblossom[s->labelend[x].to]) {
		s->parent[x] = b;
		child[k] = x;
		edge[k - 1] = s->labelend[x];
		k++;
	}
	reverse_ints(child, 1, k);
	reverse_arcs(edge, 0, k - 1);
	edge[k - 1] = (arc){w, v};
	for (int x = bw; x != bb; x = s->inblossom[s->labelend[x].to]) {
		s->parent[x] = b;
		child[k] = x;
		edge[k] = rev(s->labelend[x]);
		k++;
	}
	assert(k == count);
	s->child[b] = child;
	s->edge[b] = edge;
	s->nchild[b] = count;
	s->label[b] = S;
	s->labelend[b] = s->labelend[bb];
	s->root[b] = s->root[bb];
	arbI_weight_set_u64(&s->dual[b], 0);
	int nl = leaves(s, b, s->scratch);
	for (int l = 0; l < nl; l++) {
		int x = s->scratch[l];
		if (s->label[s->inblossom[x]] == T)
			s->queue[s->nqueue++] = x; /* a T vertex turns S */
		s->inblossom[x] = b;
	}
	if (s->retired) {
		/* no dual step before the stage ends: no least-slack lists */
		for (int i = 0; i < count; i++) {
			int c = child[i];
			free(s->best[c]);
			s->best[c] = NULL;
			s->nbest[c] = -1;
			s->bestedge[c] = no_arc;
		}
		s->best[b] = NULL;
		s->nbest[b] = -1;
		s->bestedge[b] = no_arc;
		return 0;
	}
	/* The least-slack edges from the new blossom to each other S-blossom. */
	for (int i = 0; i < 2 * s->n; i++)
		s->bestto[i] = no_arc;
	for (int i = 0; i < count; i++) {
		int c = child[i];
		gather_best(s, b, c);
		free(s->best[c]);
		s->best[c] = NULL;
		s->nbest[c] = -1;
		s->bestedge[c] = no_arc;
	}
	int nbest = 0;
	for (int i = 0; i < 2 * s->n; i++)
		nbest += s->bestto[i].from != -1;
	arc *list = malloc((size_t)(nbest ? nbest : 1) * sizeof *list);
	if (!list)
		return -1; /* the blossom is complete: the caller frees it */
	s->best[b] = list;
	s->nbest[b] = nbest;
	s->bestedge[b] = no_arc;
	nbest = 0;
	for (int i = 0; i < 2 * s->n; i++) {
		if (s->bestto[i].from == -1)
			continue;
		list[nbest++] = s->bestto[i];
		if (s->bestedge[b].from == -1 ||
		    arbI_weight_cmp(&s->besttoslack[i], best_slack(s, b)) < 0)
			set_best(s, b, s->bestto[i], &s->besttoslack[i]);
	}
	return 0;
}

/* Rotates a blossom's lists so that child i comes first. */
static void rotate(solver *s, int b, int i)
{
	int count = s->nchild[b];
	reverse_ints(s->child[b], 0, i);
	reverse_ints(s->child[b], i, count);
	reverse_ints(s->child[b], 0, count);
	reverse_arcs(s->edge[b], 0, i);
	reverse_arcs(s->edge[b], i, count);
	reverse_arcs(s->edge[b], 0, count);
}

/* The step through a blossom's cycle from child j: the even way round to
 * child 0 (forward when j is odd, else backward). */
static void walk_start(const solver *s, int b, int *j, int *step, int *trick)
{
	if (*j & 1) {
		*j -= s->nchild[b];
		*step = 1;
		*trick = 0;
	} else {
		*step = -1;
		*trick = 1;
	}
}

/* child[b][j] with j counted cyclically. */
static inline int child_at(const solver *s, int b, int j)
{
	int count = s->nchild[b];
	return s->child[b][((j % count) + count) % count];
}

/* The edge from child j - trick, reversed if flip, counted cyclically. */
static inline arc edge_at(const solver *s, int b, int j, int flip)
{
	int count = s->nchild[b];
	arc e = s->edge[b][((j % count) + count) % count];
	return flip ? rev(e) : e;
}

/* Swaps matched and unmatched edges on the even path through blossom b
 * from its base to vertex v, which becomes the new base. */
static void augment_blossom(solver *s, int b, int v)
{
	int t = v;
	while (s->parent[t] != b)
		t = s->parent[t];
	if (t >= s->n)
		augment_blossom(s, t, v);
	int i = index_of(s->child[b], s->nchild[b], t), j = i, step, trick;
	walk_start(s, b, &j, &step, &trick);
	while (j != 0) {
		j += step;
		t = child_at(s, b, j);
		arc p = edge_at(s, b, j - trick, trick);
		if (t >= s->n)
			augment_blossom(s, t, p.to);
		j += step;
		t = child_at(s, b, j);
		if (t >= s->n)
			augment_blossom(s, t, p.from);
		s->mate[p.to] = p.from;
		s->mate[p.from] = p.to;
	}
	rotate(s, b, i);
	s->base[b] = s->base[s->child[b][0]];
	assert(s->base[b] == v);
}

static void release_blossom(solver *s, int b)
{
	free(s->child[b]);
	free(s->edge[b]);
	free(s->best[b]);
	s->child[b] = NULL;
	s->edge[b] = NULL;
	s->best[b] = NULL;
	s->nchild[b] = 0;
	s->nbest[b] = -1;
	s->label[b] = -1;
	s->labelend[b] = no_arc;
	s->base[b] = -1;
	s->bestedge[b] = no_arc;
	s->unused[s->nunused++] = b;
}

/* Relabels the children of T-blossom b, which expands: the path from its
 * entry child to its base keeps alternating T and S, the rest unlabeled
 * (or T where a vertex of theirs was reached). */
static void relabel_expanded(solver *s, int b)
{
	int entry = s->inblossom[s->labelend[b].from];
	int j = index_of(s->child[b], s->nchild[b], entry), step, trick;
	walk_start(s, b, &j, &step, &trick);
	arc p = s->labelend[b];
	while (j != 0) {
		/* Relabel the T-sub-blossom, and the S one after it. */
		arc q = edge_at(s, b, j - trick, trick ^ 1);
		s->label[p.from] = FREE;
		s->label[q.to] = FREE;
		assign_label(s, p.from, T, p);
		allow(s, q.from, q.to);
		j += step;
		p = edge_at(s, b, j - trick, trick);
		allow(s, p.from, p.to);
		j += step;
	}
	/* The base's sub-blossom: T, without its mate's S (it has it). */
	int bv = child_at(s, b, j);
	s->label[p.from] = s->label[bv] = T;
	s->labelend[p.from] = s->labelend[bv] = p;
	s->root[p.from] = s->root[bv] = s->root[b];
	s->bestedge[bv] = no_arc;
	j += step;
	while (child_at(s, b, j) != entry) {
		bv = child_at(s, b, j);
		j += step;
		if (s->label[bv] == S)
			continue;
		int nl = leaves(s, bv, s->scratch), v = -1;
		for (int l = 0; l < nl; l++)
			if (s->label[s->scratch[l]] != FREE) {
				v = s->scratch[l];
				break;
			}
		if (v >= 0) {
			assert(s->label[v] == T && s->inblossom[v] == bv);
			s->label[v] = FREE;
			s->label[s->mate[s->base[bv]]] = FREE;
			assign_label(s, v, T, s->labelend[v]);
		}
	}
}

/* Expands blossom b into its children (and, at the end of a stage, those
 * children of dual 0 too). */
static void expand_blossom(solver *s, int b, int endstage)
{
	for (int i = 0; i < s->nchild[b]; i++) {
		int c = s->child[b][i];
		s->parent[c] = -1;
		if (c < s->n) {
			s->inblossom[c] = c;
		} else if (endstage && arbI_weight_is_zero(&s->dual[c])) {
			expand_blossom(s, c, endstage);
		} else {
			int nl = leaves(s, c, s->scratch);
			for (int l = 0; l < nl; l++)
				s->inblossom[s->scratch[l]] = c;
		}
	}
	if (!endstage && s->label[b] == T)
		relabel_expanded(s, b);
	release_blossom(s, b);
}

/* Swaps matched and unmatched edges on the alternating path from S vertex
 * x up to the root of its tree, and matches x with p (-1: x becomes free,
 * the root matched). */
static void augment_to_root(solver *s, int x, int p)
{
	for (;;) {
		int bs = s->inblossom[x];
		assert(s->label[bs] == S);
		if (bs >= s->n)
			augment_blossom(s, bs, x);
		s->mate[x] = p;
		if (s->labelend[bs].to == -1)
			break; /* the root: it was free */
		int t = s->labelend[bs].to, bt = s->inblossom[t];
		assert(s->label[bt] == T);
		x = s->labelend[bt].to;
		int j = s->labelend[bt].from;
		assert(s->base[bt] == t);
		if (bt >= s->n)
			augment_blossom(s, bt, j);
		s->mate[j] = x;
		p = j;
	}
}

/* Augments the matching along the path through the S-S edge {v, w}:
 * from each end back to its tree's root. */
static void augment_matching(solver *s, int v, int w)
{
	augment_to_root(s, v, w);
	augment_to_root(s, w, v);
}

/* Augments the matching along the path from the root of S vertex v's tree
 * to w, in a free top-level blossom that is no root (its base's dual is 0):
 * w becomes that blossom's base, matched with v. */
static void augment_to_free(solver *s, int v, int w)
{
	int bw = s->inblossom[w];
	augment_to_root(s, v, w);
	if (bw >= s->n)
		augment_blossom(s, bw, w);
	s->mate[w] = v;
}

/* ---- a stage ------------------------------------------------------------------------- */

enum { GO_ON = 0, AUGMENTED = 1, FINISHED = 2, NOMEM = -1 };

/* After an augmentation, the trees of roots r1 and r2 (r2 -1: one tree)
 * leave the search: their vertices and blossoms unlabelled (matched now,
 * as any vertex outside the trees), out of the queue. The other trees go
 * on growing on tight edges in the same stage, so that one stage makes as
 * many augmentations as tight edges allow. The least-slack edges of the
 * stage may now lead into the trees gone, so the stage ends where it would
 * change the duals (retired), and blossoms formed from now on keep no
 * least-slack lists. */
static void retire(solver *s, int r1, int r2)
{
	int n = s->n, k = 0;
	for (int x = 0; x < n; x++) {
		int b = s->inblossom[x];
		s->scratch[x] = s->label[b] != FREE && (s->root[b] == r1 || s->root[b] == r2);
	}
	for (int x = 0; x < n; x++) {
		if (!s->scratch[x])
			continue;
		int b = s->inblossom[x];
		s->label[x] = FREE;
		s->labelend[x] = no_arc;
		s->bestedge[x] = no_arc;
		if (b >= n) {
			s->label[b] = FREE;
			s->labelend[b] = no_arc;
			s->bestedge[b] = no_arc;
		}
	}
	for (int i = 0; i < s->nqueue; i++)
		if (!s->scratch[s->queue[i]])
			s->queue[k++] = s->queue[i];
	s->nqueue = k;
	s->retired = 1;
}

/* The S vertex v (of dual *dv) meets w, of another top-level blossom,
 * along an edge: tight, it labels w, closes a blossom or augments;
 * otherwise it may be the least-slack edge for delta 2 or 3. */
static inline int consider(solver *s, int v, int w, size_t k, const arbI_weight *dv)
{
	if (!is_allowed(s, k)) {
		arbI_weight ks;
		slack_nw(s, &ks, dv, &s->dual[w], gwords(s->g, k));
		if (!zero_nw(s, &ks)) {
			int bw = s->inblossom[w];
			if (s->label[bw] == S) {
				int b = s->inblossom[v];
				if (s->bestedge[b].from == -1 ||
				    cmp_nw(s, &ks, best_slack(s, b)) < 0)
					set_best(s, b, (arc){v, w}, &ks);
			} else if (s->label[w] == FREE) {
				if (s->bestedge[w].from == -1 ||
				    cmp_nw(s, &ks, best_slack(s, w)) < 0)
					set_best(s, w, (arc){v, w}, &ks);
			}
			return GO_ON;
		}
		s->allowed[k / 64] |= (uint64_t)1 << (k % 64);
	}
	int bw = s->inblossom[w];
	if (s->label[bw] == FREE && s->mate[s->base[bw]] == -1) {
		/* free, and no root (its dual is 0): a path to augment */
		int r = s->root[s->inblossom[v]];
		augment_to_free(s, v, w);
		retire(s, r, -1);
		return GO_ON;
	} else if (s->label[bw] == FREE) {
		assign_label(s, w, T, (arc){w, v});
	} else if (s->label[bw] == S) {
		int base = scan_blossom(s, v, w);
		if (base >= 0)
			return add_blossom(s, base, v, w) < 0 ? NOMEM : GO_ON;
		int r1 = s->root[s->inblossom[v]], r2 = s->root[bw];
		augment_matching(s, v, w);
		retire(s, r1, r2);
		return GO_ON;
	} else if (s->label[w] == FREE) {
		/* w is inside a T-blossom: remember how it was reached. */
		s->label[w] = T;
		s->labelend[w] = (arc){w, v};
	}
	return GO_ON;
}

/* 1 if the edge from S vertex v to w, not allowed, whose slack's top bits
 * are est, certainly changes nothing now. Those bits are off by at most
 * one from the true ones (the carry and borrow from the bits below): when
 * est shows the slack positive and no smaller than the least-slack edge it
 * would have to beat (or there is none to beat: w in a T-blossom, reached),
 * the whole slack is not needed. The inner loop's filter: most edges stop
 * here. No edge (window 0) or an edge inside v's blossom may pass it. */
static inline int needless(solver *s, int v, int w, uint64_t est)
{
	if (est < 2 || est == UINT64_MAX)
		return 0;
	int bucket = s->label[s->inblossom[w]] == S ? s->inblossom[v] :
		     s->label[w] == FREE            ? w :
						      -1;
	if (bucket < 0)
		return 1;
	if (s->bestedge[bucket].from == -1)
		return 0;
	best_slack(s, bucket); /* its window up to date */
	return s->bestwin[bucket] < est - 1;
}

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

/* Scans every edge of S vertex v: row v of the triangle (w < v), then
 * column v (w > v, pair index w(w - 1)/2 + v). In two passes: the
 * presence bits and windows first (rows in order) pick the edges that may
 * matter, whose weights, far apart in a column, are fetched meanwhile;
 * then each is considered. What the first pass leaves out stays out of
 * use for the whole scan: a least-slack edge only improves, a T label
 * stays, a T vertex that becomes S joins v's blossom (blossoms formed
 * here hold v), and a free vertex that becomes S (its mate labelled T) is
 * scanned in turn and finds the edge, not tight, from its side. */
static int scan(solver *s, int v)
{
	const arbI_weight dv = s->dual[v];
	const uint64_t dvw = s->dualwin[v];
	const uint64_t *win = s->win + (size_t)v * (size_t)s->n;
	const uint64_t *has = s->has + (size_t)v * s->hasw;
	const uint64_t *w2 = s->g->w;
	size_t gnw = (size_t)s->g->nw;
	size_t row = pair(v, 0), k;
	int bv = s->inblossom[v], r, nc = 0, last = s->gnw - 1;
	for (int w = 0; w < v; w++) {
		k = row + (size_t)w;
		if (!((has[w / 64] >> (w % 64)) & 1) || s->inblossom[w] == bv ||
		    (!is_allowed(s, k) && needless(s, v, w, dvw + s->dualwin[w] - win[w])))
			continue;
		s->cand[nc] = w;
		s->candk[nc++] = k;
	}
	k = pair(v + 1, 0) + (size_t)v;
	for (int w = v + 1; w < s->n; k += (size_t)w, w++) {
		if (!((has[w / 64] >> (w % 64)) & 1) || s->inblossom[w] == bv ||
		    (!is_allowed(s, k) && needless(s, v, w, dvw + s->dualwin[w] - win[w])))
			continue;
		PREFETCH(&w2[k * gnw]);
		PREFETCH(&w2[k * gnw + (size_t)last]);
		s->cand[nc] = w;
		s->candk[nc++] = k;
	}
	for (int c = 0; c < nc; c++) {
		if (s->inblossom[s->cand[c]] == bv)
			continue;
		if ((r = consider(s, v, s->cand[c], s->candk[c], &dv)) != GO_ON)
			return r;
		bv = s->inblossom[v];
		if (s->label[bv] != S)
			return GO_ON; /* augmented: v's tree is gone */
	}
	return GO_ON;
}

/* The dual step: the least of delta 1 (an S vertex's dual reaches 0), 2
 * (an S-free edge tight), 3 (an S-S edge tight), 4 (a T-blossom's dual
 * reaches 0: it expands). Changes the duals, then acts on it: AUGMENTED,
 * GO_ON, NOMEM, or FINISHED. Delta 1 ends the algorithm in max-cardinality
 * mode (no augmenting path is left); otherwise the S vertex of dual 0
 * becomes free, its tree's root matched, and the stage ends (AUGMENTED):
 * a free vertex of dual 0 is where it may stay. */
static int dual_step(solver *s)
{
	int n = s->n, type = 1, which = -1, zero = -1;
	arbI_weight delta = {{0}}, d;
	arc e = no_arc;
	/* delta 1: the least S vertex dual (in max-cardinality mode, plus M);
	 * a free one first among equals (it has no path to swap) */
	for (int v = 0; v < n; v++) {
		if (s->label[s->inblossom[v]] != S)
			continue;
		arbI_weight_add(&d, &s->dual[v], &s->bias);
		int c = zero < 0 ? -1 : arbI_weight_cmp(&d, &delta);
		if (c < 0 || (c == 0 && s->mate[v] == -1 && s->mate[zero] != -1)) {
			delta = d;
			zero = v;
		}
	}
	assert(zero >= 0); /* a stage has a root */
	for (int v = 0; v < n; v++) {
		if (s->label[s->inblossom[v]] == FREE && s->bestedge[v].from != -1 &&
		    arbI_weight_cmp(best_slack(s, v), &delta) < 0) {
			delta = *best_slack(s, v);
			type = 2;
			e = s->bestedge[v];
		}
	}
	for (int b = 0; b < 2 * n; b++) {
		if (s->parent[b] != -1 || s->label[b] != S || s->bestedge[b].from == -1)
			continue;
		d = *best_slack(s, b);
		int odd = arbI_weight_shr(&d, 1);
		assert(!odd);
		(void)odd;
		if (arbI_weight_cmp(&d, &delta) < 0) {
			delta = d;
			type = 3;
			e = s->bestedge[b];
		}
	}
	for (int b = n; b < 2 * n; b++) {
		if (s->base[b] >= 0 && s->parent[b] == -1 && s->label[b] == T &&
		    arbI_weight_cmp(&s->dual[b], &delta) < 0) {
			delta = s->dual[b];
			type = 4;
			which = b;
		}
	}
	for (int v = 0; v < n; v++) {
		int l = s->label[s->inblossom[v]];
		if (l == S)
			arbI_weight_sub(&s->dual[v], &s->dual[v], &delta);
		else if (l == T)
			arbI_weight_add(&s->dual[v], &s->dual[v], &delta);
	}
	for (int b = n; b < 2 * n; b++) {
		if (s->base[b] < 0 || s->parent[b] != -1)
			continue;
		if (s->label[b] == S)
			arbI_weight_add(&s->dual[b], &s->dual[b], &delta);
		else if (s->label[b] == T)
			arbI_weight_sub(&s->dual[b], &s->dual[b], &delta);
	}
	if (!arbI_weight_is_zero(&delta)) {
		s->epoch++;
		for (int v = 0; v < n; v++)
			s->dualwin[v] = window(s, &s->dual[v]);
	}
	switch (type) {
	case 1:
		if (s->maxcard)
			return FINISHED;
		augment_to_root(s, zero, -1);
		return AUGMENTED;
	case 2:
	case 3:
		if (s->label[s->inblossom[e.from]] != S)
			e = rev(e);
		assert(s->label[s->inblossom[e.from]] == S);
		allow(s, e.from, e.to);
		/* Both ends in one top-level blossom cannot be (a least-slack
		 * edge of a top-level S-blossom leads out of it). */
		assert(s->inblossom[e.from] != s->inblossom[e.to]);
		return consider(s, e.from, e.to, pair(e.from, e.to), &s->dual[e.from]);
	default:
		expand_blossom(s, which, 0);
		return GO_ON;
	}
}

/* One stage: trees from every root (a free vertex of dual above 0; any
 * free vertex in max-cardinality mode), grown on tight edges and by dual
 * steps until an augmentation, then on tight edges only (retire) for more.
 * AUGMENTED, FINISHED or NOMEM. */
static int stage(solver *s)
{
	int n = s->n;
	for (int b = 0; b < 2 * n; b++) {
		s->label[b] = FREE;
		s->bestedge[b] = no_arc;
		if (b >= n) {
			free(s->best[b]);
			s->best[b] = NULL;
			s->nbest[b] = -1;
		}
	}
	memset(s->allowed, 0, s->allowed_words * sizeof *s->allowed);
	s->nqueue = 0;
	s->retired = 0;
	for (int v = 0; v < n; v++)
		if (s->mate[v] == -1 && s->label[s->inblossom[v]] == FREE &&
		    (s->maxcard || !arbI_weight_is_zero(&s->dual[v])))
			assign_label(s, v, S, no_arc);
	if (s->nqueue == 0)
		return FINISHED; /* every free vertex has dual 0: optimal */
	for (;;) {
		while (s->nqueue > 0) {
			int v = s->queue[--s->nqueue];
			if (s->label[s->inblossom[v]] != S)
				continue;
			int r = scan(s, v);
			if (r != GO_ON)
				return r;
		}
		if (s->retired)
			return AUGMENTED;
		int r = dual_step(s);
		if (r != GO_ON)
			return r;
	}
}

/* ---- the whole ------------------------------------------------------------------------ */

static void solver_free(solver *s)
{
	for (int b = s->n; b < 2 * s->n; b++) {
		if (s->child)
			free(s->child[b]);
		if (s->edge)
			free(s->edge[b]);
		if (s->best)
			free(s->best[b]);
	}
	free(s->dual);
	free(s->mate);
	free(s->label);
	free(s->labelend);
	free(s->inblossom);
	free(s->parent);
	free(s->base);
	free(s->child);
	free(s->edge);
	free(s->nchild);
	free(s->best);
	free(s->nbest);
	free(s->bestedge);
	free(s->bestslack);
	free(s->bestepoch);
	free(s->allowed);
	free(s->queue);
	free(s->unused);
	free(s->scratch);
	free(s->dirty);
	free(s->root);
	free(s->dirtylist);
	free(s->stack);
	free(s->bestto);
	free(s->besttoslack);
	free(s->win);
	free(s->cand);
	free(s->candk);
	free(s->has);
	free(s->dualwin);
	free(s->bestwin);
}

/* The arrays, all or none (0, or -1 out of memory). */
static int solver_alloc(solver *s)
{
	size_t n = (size_t)s->n, n2 = n ? 2 * n : 1, n1 = n ? n : 1;
	size_t pairs = s->n > 1 ? pair(s->n - 1, 0) + n - 1 : 0;
	s->allowed_words = pairs / 64 + 1;
	s->dual = malloc(n2 * sizeof *s->dual);
	s->mate = malloc(n1 * sizeof *s->mate);
	s->label = malloc(n2 * sizeof *s->label);
	s->labelend = malloc(n2 * sizeof *s->labelend);
	s->inblossom = malloc(n1 * sizeof *s->inblossom);
	s->parent = malloc(n2 * sizeof *s->parent);
	s->base = malloc(n2 * sizeof *s->base);
	s->child = calloc(n2, sizeof *s->child);
	s->edge = calloc(n2, sizeof *s->edge);
	s->nchild = calloc(n2, sizeof *s->nchild);
	s->best = calloc(n2, sizeof *s->best);
	s->nbest = malloc(n2 * sizeof *s->nbest);
	s->bestedge = malloc(n2 * sizeof *s->bestedge);
	s->bestslack = calloc(n2, sizeof *s->bestslack);
	s->bestepoch = malloc(n2 * sizeof *s->bestepoch);
	s->allowed = malloc(s->allowed_words * sizeof *s->allowed);
	s->queue = malloc(n1 * sizeof *s->queue);
	s->unused = malloc(n1 * sizeof *s->unused);
	s->scratch = malloc(n1 * sizeof *s->scratch);
	s->cand = malloc(n1 * sizeof *s->cand);
	s->candk = malloc(n1 * sizeof *s->candk);
	s->dirty = calloc(n1, 1);
	s->root = malloc(n2 * sizeof *s->root);
	s->dirtylist = malloc(n1 * sizeof *s->dirtylist);
	s->stack = malloc(n2 * sizeof *s->stack);
	s->bestto = malloc(n2 * sizeof *s->bestto);
	s->besttoslack = malloc(n2 * sizeof *s->besttoslack);
	s->win = malloc((n ? n * n : 1) * sizeof *s->win);
	s->hasw = n / 64 + 1;
	s->has = calloc(n1 * s->hasw, sizeof *s->has);
	s->dualwin = malloc(n1 * sizeof *s->dualwin);
	s->bestwin = malloc(n2 * sizeof *s->bestwin);
	return s->win && s->has && s->cand && s->candk && s->dualwin && s->bestwin && s->dual &&
			       s->mate && s->label && s->labelend && s->inblossom && s->parent &&
			       s->base && s->child && s->edge && s->nchild && s->best && s->nbest &&
			       s->bestedge && s->bestslack && s->bestepoch && s->allowed &&
			       s->queue && s->unused && s->scratch && s->stack && s->bestto &&
			       s->besttoslack && s->dirty && s->dirtylist && s->root ?
		       0 :
		       -1;
}

/* The largest weight of g (0 without edges). */
static void largest(const arbI_graph *g, arbI_weight *out)
{
	size_t pairs = g->n > 1 ? pair(g->n - 1, 0) + (size_t)g->n - 1 : 0;
	arbI_weight_set_u64(out, 0);
	for (size_t k = 0; k < pairs; k++) {
		arbI_weight w;
		gload(g, k, &w);
		if (!absent(&w) && arbI_weight_cmp(&w, out) > 0)
			*out = w;
	}
	arbI_weight_shr(out, 1);
}

/* Sets up s for g with no edge above maxw, every vertex free and of dual
 * maxw (u - M in max-cardinality mode, bias M; NULL: maximum weight only):
 * the arrays, the windows. 0, or -1 out of memory (s freed). */
static int solver_setup(solver *s, const arbI_graph *g, const arbI_weight *maxw,
			const arbI_weight *bias)
{
	arbI_weight top;
	int n = g->n;
	memset(s, 0, sizeof *s);
	s->g = g;
	s->n = n;
	s->maxcard = bias != NULL;
	if (bias)
		s->bias = *bias;
	else
		arbI_weight_set_u64(&s->bias, 0);
	s->reset = *maxw;
	arbI_weight_shl(&s->reset, 1);
	if (solver_alloc(s) < 0) {
		solver_free(s);
		return -1;
	}
	for (int v = 0; v < n; v++) {
		s->dual[v] = *maxw; /* u = maxw + M, kept as u - M */
		s->mate[v] = -1;
		s->inblossom[v] = v;
		s->base[v] = v;
		s->unused[v] = 2 * n - 1 - v;
	}
	s->nunused = n;
	for (int b = 0; b < 2 * n; b++) {
		s->parent[b] = -1;
		s->nbest[b] = -1;
		s->labelend[b] = no_arc;
		s->bestepoch[b] = 0;
		s->bestedge[b] = no_arc;
		s->label[b] = FREE;
		if (b >= n) {
			s->base[b] = -1;
			arbI_weight_set_u64(&s->dual[b], 0);
		}
	}
	s->epoch = 1;
	/* Every slack and dual (as u, with M) is at most 4 x (maxw + M). */
	arbI_weight_add(&top, maxw, &s->bias);
	arbI_weight_shl(&top, 2);
	int len = ARBI_WEIGHT_BITS;
	while (len > 0 && arbI_weight_get_bits(&top, len - 1, 1) == 0)
		len--;
	s->nw = len > 0 ? (len + 63) / 64 : 1;
	s->gnw = g->nw < s->nw ? g->nw : s->nw;
	s->wword = len > 64 ? (len - 64) / 64 : 0;
	s->wbit = len > 64 ? (len - 64) % 64 : 0;
	for (int i = 0; i < n; i++) {
		s->win[(size_t)i * (size_t)n + (size_t)i] = 0;
		for (int j = 0; j < i; j++) {
			arbI_weight t;
			const arbI_weight *w = weight2(s, i, j, &t);
			uint64_t x = absent(w) ? 0 : window(s, w);
			set_has(s, i, j, !absent(w));
			s->win[(size_t)i * (size_t)n + (size_t)j] = x;
			s->win[(size_t)j * (size_t)n + (size_t)i] = x;
		}
	}
	for (int v = 0; v < n; v++)
		s->dualwin[v] = window(s, &s->dual[v]);
	return 0;
}

/* Outside max-cardinality mode, the roots' duals (free vertices of dual
 * above 0: they differ once vertices are touched) must have one parity, so
 * that every S-S slack is even and half of it an integer (delta 3): the
 * first root's. Those of the other parity go up by one. A vertex in a free
 * blossom goes up with the whole blossom, whose dual goes down by one (the
 * slacks inside unchanged); a free blossom of dual 0 is expanded first,
 * down to the base's sub-blossom. */
static void same_parity(solver *s)
{
	arbI_weight one;
	uint64_t parity = 2;
	arbI_weight_set_u64(&one, 1);
	for (int v = 0; v < s->n; v++) {
		if (s->mate[v] != -1 || arbI_weight_is_zero(&s->dual[v]))
			continue;
		if (parity == 2)
			parity = s->dual[v].word[0] & 1;
		if ((s->dual[v].word[0] & 1) == parity)
			continue;
		for (;;) {
			int b = s->inblossom[v];
			if (b < s->n) {
				arbI_weight_add(&s->dual[v], &s->dual[v], &one);
				break;
			}
			if (!arbI_weight_is_zero(&s->dual[b])) {
				int nl = leaves(s, b, s->scratch);
				for (int l = 0; l < nl; l++)
					arbI_weight_add(&s->dual[s->scratch[l]],
							&s->dual[s->scratch[l]], &one);
				arbI_weight_sub(&s->dual[b], &s->dual[b], &one);
				break;
			}
			expand_blossom(s, b, 1);
		}
	}
}

/* Stages until the matching is optimal: 0, or -1 out of memory. */
static int solver_run(solver *s)
{
	int n = s->n, r;
	if (!s->maxcard)
		same_parity(s);
	s->epoch++;
	for (int v = 0; v < n; v++)
		s->dualwin[v] = window(s, &s->dual[v]);
	while ((r = stage(s)) == AUGMENTED) {
		/* S-blossoms of dual 0 need not stay: expand them (kept, they
		 * would lose their least-slack lists at the next stage, and
		 * forming a blossom of them scans every edge of their vertices) */
		for (int b = n; b < 2 * n; b++)
			if (s->parent[b] == -1 && s->base[b] >= 0 && s->label[b] != T &&
			    arbI_weight_is_zero(&s->dual[b]))
				expand_blossom(s, b, 1);
	}
	return r == NOMEM ? -1 : 0;
}

/* The matching into mate (n entries), its weight into *total (may be NULL). */
static void solver_result(const solver *s, int *mate, arbI_weight *total)
{
	if (total)
		arbI_weight_set_u64(total, 0);
	for (int v = 0; v < s->n; v++) {
		mate[v] = s->mate[v];
		if (total && s->mate[v] > v) {
			arbI_weight w;
			weight2(s, v, s->mate[v], &w);
			arbI_weight_shr(&w, 1);
			arbI_weight_add(total, total, &w);
		}
	}
}

arb_status arbI_graph_match(const arbI_graph *g, int flags, int *mate, arbI_weight *total,
			    arb_error *err)
{
	solver s;
	arbI_weight maxw, limit, top, bias;
	int n = g->n;
	largest(g, &maxw);
	if (flags & ARBI_MATCH_MAX_CARDINALITY) {
		/* M = floor(n/2) x maxw + 1; maxw + M must stay a valid weight. */
		bias = maxw;
		uint64_t over = arbI_weight_mul_add_u32(&bias, (uint32_t)(n / 2), 1);
		arbI_graph_weight_max(&limit);
		int wrapped = arbI_weight_add(&top, &bias, &maxw);
		if (over || wrapped || arbI_weight_cmp(&top, &limit) > 0)
			return arbI_err_report(err, ARB_E_ARGUMENT, 0,
					       "matching: weights too wide for maximum cardinality "
					       "(%d vertices, %d-bit weights)",
					       n, ARBI_WEIGHT_BITS);
	}
	if (solver_setup(&s, g, &maxw, flags & ARBI_MATCH_MAX_CARDINALITY ? &bias : NULL) < 0)
		return ARB_E_NOMEM;
	if (solver_run(&s) < 0) {
		solver_free(&s);
		return ARB_E_NOMEM;
	}
	solver_result(&s, mate, total);
	solver_free(&s);
	return ARB_OK;
}

/* ---- the matching kept up to date ------------------------------------------------ */

struct arbI_matcher {
	solver s;
	arbI_graph *g;
	arbI_weight maxw;
	int broken; /* out of memory in a stage: the state is lost */
	int solved; /* a solve done: the duals are the last optimum's */
};

arb_status arbI_matcher_new(arbI_graph *g, const arbI_weight *maxw, arbI_matcher **out,
			    arb_error *err)
{
	arbI_weight limit, big;
	*out = NULL;
	arbI_graph_weight_max(&limit);
	if (arbI_weight_cmp(maxw, &limit) > 0)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "matching: largest weight over 2^%d - 1",
				       ARBI_WEIGHT_BITS - 2);
	graph_limit(g, &big);
	if (arbI_weight_cmp(maxw, &big) > 0)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "matching: largest weight over the graph's 2^%d - 1",
				       g->bits);
	largest(g, &big);
	if (arbI_weight_cmp(&big, maxw) > 0)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "matching: an edge's weight over the largest declared");
	arbI_matcher *m = malloc(sizeof *m);
	if (!m)
		return ARB_E_NOMEM;
	m->g = g;
	m->maxw = *maxw;
	m->broken = 0;
	m->solved = 0;
	if (solver_setup(&m->s, g, maxw, NULL) < 0) {
		free(m);
		return ARB_E_NOMEM;
	}
	*out = m;
	return ARB_OK;
}

void arbI_matcher_free(arbI_matcher *m)
{
	if (!m)
		return;
	solver_free(&m->s);
	free(m);
}

/*
 * Frees vertex v for new weights on its edges, keeping the duals feasible
 * and the rest of the matching optimal for them: v leaves its blossoms
 * (made their base first, then each blossom from the top expanded, its
 * dual added to its vertices' so that no slack inside it changes, and its
 * sub-blossoms of dual 0 with it), its
 * matched edge goes, and its dual becomes 2 x the largest weight, which no
 * edge of v can make infeasible. The next solve starts from what is left:
 * a stage or two for each vertex freed, not the whole algorithm again.
 */
static void touch(solver *s, int v)
{
	int b = s->inblossom[v];
	if (b >= s->n) {
		int r = s->base[b];
		if (s->mate[r] != -1) {
			s->mate[s->mate[r]] = -1;
			s->mate[r] = -1;
		}
		augment_blossom(s, b, v);
		s->mate[v] = -1;
		while ((b = s->inblossom[v]) >= s->n) {
			int nl = leaves(s, b, s->scratch);
			for (int l = 0; l < nl; l++) {
				int x = s->scratch[l];
				arbI_weight_add(&s->dual[x], &s->dual[x], &s->dual[b]);
				s->dualwin[x] = window(s, &s->dual[x]);
			}
			arbI_weight_set_u64(&s->dual[b], 0);
			expand_blossom(s, b, 1);
		}
	} else if (s->mate[v] != -1) {
		s->mate[s->mate[v]] = -1;
		s->mate[v] = -1;
	}
	s->dual[v] = s->reset;
	s->dualwin[v] = window(s, &s->dual[v]);
}

/* Stores 2w (or 1 for no edge: w NULL) as {i, j}'s weight, and its window
 * in the scan's table. When the matching's state would not hold with it,
 * i must give: at once if the edge is inside a blossom (the blossom goes,
 * touch), else at the next solve (settle) if the edge is matched or its
 * slack would be below 0. */
static void matcher_store(arbI_matcher *m, int i, int j, const arbI_weight *w)
{
	solver *s = &m->s;
	uint64_t *stored = m->g->w + pair(i, j) * (size_t)m->g->nw;
	arbI_weight w2;
	if (w) {
		w2 = *w;
		arbI_weight_shl(&w2, 1);
	} else {
		arbI_weight_set_u64(&w2, 1);
	}
	/* every weight is at most 2 maxw, within the graph's words */
	if (memcmp(w2.word, stored, (size_t)m->g->nw * sizeof w2.word[0]) == 0)
		return;
	if (s->inblossom[i] == s->inblossom[j]) {
		touch(s, i);
	} else if (!s->dirty[i]) {
		int need = s->mate[i] == j;
		if (!need && w) {
			/* u_i + u_j < 2w: the sum's carry out of the nw words means
			 * not (it is then above any weight) */
			uint64_t carry = 0, borrow = 0;
			for (int x = 0; x < s->nw; x++) {
				uint64_t a = s->dual[i].word[x], b = s->dual[j].word[x];
				uint64_t t = a + b, u = t + carry;
				carry = (t < a) | (u < t);
				borrow = (u < w2.word[x]) | (u - w2.word[x] < borrow);
			}
			need = !carry && borrow;
		}
		if (need) {
			s->dirty[i] = 1;
			s->dirtylist[s->ndirty++] = i;
		}
	}
	memcpy(stored, w2.word, (size_t)m->g->nw * sizeof w2.word[0]);
	uint64_t x = w ? window(s, &w2) : 0;
	s->win[(size_t)i * (size_t)s->n + (size_t)j] = x;
	s->win[(size_t)j * (size_t)s->n + (size_t)i] = x;
	set_has(s, i, j, w != NULL);
}

/*
 * Before the stages, each free vertex v of dual above 0 (a root to be)
 * comes down to the least dual his edges allow, max(0, max_j (2w_vj -
 * u_j)), and is matched along an edge that this makes tight to another
 * free vertex, if there is one: both then keep their duals (the edge
 * tight). Lowering a free vertex's dual keeps every optimality condition
 * the algorithm needs, so this is only a head start: the stages find the
 * rest. With first, every dual starts at its vertex's heaviest edge
 * (u_v = max_j w_vj, feasible) instead of the largest weight, so that the
 * heaviest edges are tight from the start: most vertices are matched
 * before the first stage.
 */
static void head_start(solver *s, int first)
{
	arbI_weight need, d, wt;
	int n = s->n;
	/* the inner loops' values in nw words: the words above stay 0 */
	arbI_weight_set_u64(&d, 0);
	arbI_weight_set_u64(&wt, 0);
	if (first)
		for (int v = 0; v < n; v++) {
			const uint64_t *row = s->win + (size_t)v * (size_t)n;
			uint64_t needwin = 0;
			arbI_weight_set_u64(&need, 0);
			for (int j = 0; j < n; j++)
				if (row[j] >= needwin && j != v && !no_edge(s, v, j) &&
				    cmp_nw(s, weight2_nw(s, v, j, &wt), &need) > 0) {
					copy_nw(s, &need, &wt);
					needwin = row[j];
				}
			arbI_weight_shr(&need, 1);
			s->dual[v] = need;
		}
	for (int v = 0; v < n; v++)
		s->dualwin[v] = window(s, &s->dual[v]);
	for (int v = 0; v < n; v++) {
		if (s->mate[v] != -1 || s->inblossom[v] != v || arbI_weight_is_zero(&s->dual[v]))
			continue;
		const uint64_t *row = s->win + (size_t)v * (size_t)n;
		uint64_t needwin = 0;
		int with = -1;
		arbI_weight_set_u64(&need, 0);
		for (int j = 0; j < n; j++) {
			/* 2w - u_j below need: not the dual, nor a tie */
			if (below_window(row[j], s->dualwin[j], needwin) || j == v ||
			    no_edge(s, v, j) ||
			    sub_nw(s, &d, weight2_nw(s, v, j, &wt), &s->dual[j]))
				continue;
			int c = cmp_nw(s, &d, &need);
			int exposed = s->mate[j] == -1 && s->base[s->inblossom[j]] == j;
			if (c > 0) {
				copy_nw(s, &need, &d);
				needwin = window(s, &need);
				with = exposed ? j : -1;
			} else if (c == 0 && with < 0 && exposed) {
				with = j;
			}
		}
		s->dual[v] = need;
		s->dualwin[v] = window(s, &need);
		if (with >= 0) {
			s->mate[v] = with;
			s->mate[with] = v;
		}
	}
	for (int v = 0; v < n; v++)
		s->dualwin[v] = window(s, &s->dual[v]);
}

/*
 * Before a solve, each vertex v whose edges changed since the last one
 * (dirty) gets the least dual that keeps every edge of his feasible, but
 * never a lower one than it has (so that settling one vertex cannot undo
 * another): u_v = max(u_v, max_j (2w_vj - u_j)). His matched edge stays if
 * it is still tight; otherwise he and his partner are freed, roots of the
 * next stages. The duals stay near the optimum's, which a few stages then
 * reach: a re-weighting of many vertices costs what the changes cost, not
 * a new solve. A vertex inside a blossom that would need a higher dual (or
 * whose blossom's matched edge loosens) leaves it (touch).
 */
static void settle(solver *s)
{
	arbI_weight need, d, sl, wt;
	/* the inner loop's values in nw words: the words above stay 0 */
	arbI_weight_set_u64(&d, 0);
	arbI_weight_set_u64(&wt, 0);
	for (int v = 0; v < s->n; v++)
		s->dualwin[v] = window(s, &s->dual[v]);
	/* first the matched edges: one that got heavier raises its ends by
	 * the difference, shared when both are dirty (most of a vertex's
	 * edges change as his does, often by the same) */
	for (int k = 0; k < s->ndirty; k++) {
		int v = s->dirtylist[k], u = s->mate[v];
		if (u == -1 || s->inblossom[v] != v || s->inblossom[u] != u ||
		    (s->dirty[u] && u < v) || absent(weight2(s, v, u, &wt)))
			continue;
		arbI_weight_add(&sl, &s->dual[v], &s->dual[u]);
		if (arbI_weight_sub(&d, weight2(s, v, u, &wt), &sl) || arbI_weight_is_zero(&d))
			continue; /* lighter or the same: the second pass decides */
		if (s->dirty[u]) {
			arbI_weight half = d;
			arbI_weight_shr(&half, 1);
			arbI_weight_sub(&d, &d, &half);
			arbI_weight_add(&s->dual[u], &s->dual[u], &half);
			s->dualwin[u] = window(s, &s->dual[u]);
		}
		arbI_weight_add(&s->dual[v], &s->dual[v], &d);
		s->dualwin[v] = window(s, &s->dual[v]);
	}
	for (int k = 0; k < s->ndirty; k++) {
		int v = s->dirtylist[k], bv = s->inblossom[v], loose = 0, higher;
		const uint64_t *row = s->win + (size_t)v * (size_t)s->n;
		uint64_t needwin = s->dualwin[v];
		s->dirty[v] = 0;
		need = s->dual[v];
		for (int j = 0; j < s->n; j++) {
			/* 2w - u_j above need? (the windows rule out most) */
			if (below_window(row[j], s->dualwin[j], needwin) || j == v ||
			    s->inblossom[j] == bv || no_edge(s, v, j) ||
			    sub_nw(s, &d, weight2_nw(s, v, j, &wt), &s->dual[j]))
				continue;
			if (cmp_nw(s, &d, &need) > 0) {
				copy_nw(s, &need, &d);
				needwin = window(s, &need);
			}
		}
		higher = arbI_weight_cmp(&need, &s->dual[v]) > 0;
		int u = s->mate[v];
		if (u != -1 && s->inblossom[u] != bv) {
			arbI_weight_add(&sl, &need, &s->dual[u]);
			arbI_weight_sub(&sl, &sl, weight2(s, v, u, &wt));
			loose = !arbI_weight_is_zero(&sl) || absent(weight2(s, v, u, &wt));
		}
		if (bv >= s->n) {
			if (higher || loose)
				touch(s, v);
			continue;
		}
		s->dual[v] = need;
		s->dualwin[v] = window(s, &need);
		if (loose) {
			s->mate[u] = -1;
			s->mate[v] = -1;
		}
	}
	s->ndirty = 0;
}

arb_status arbI_matcher_set_edge(arbI_matcher *m, int i, int j, const arbI_weight *w,
				 arb_error *err)
{
	if (!pair_ok(m->g, i, j))
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "matching: no edge {%d, %d} in a graph of %d vertices", i, j,
				       m->g->n);
	if (arbI_weight_cmp(w, &m->maxw) > 0)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "matching: edge {%d, %d}: weight over the largest declared",
				       i, j);
	matcher_store(m, i, j, w);
	return ARB_OK;
}

void arbI_matcher_remove_edge(arbI_matcher *m, int i, int j)
{
	if (pair_ok(m->g, i, j))
		matcher_store(m, i, j, NULL);
}

arb_status arbI_matcher_solve(arbI_matcher *m, int *mate, arbI_weight *total)
{
	if (!m->broken) {
		settle(&m->s);
		head_start(&m->s, !m->solved);
		m->solved = 1;
	}
	if (m->broken || solver_run(&m->s) < 0) {
		m->broken = 1;
		return ARB_E_NOMEM;
	}
	solver_result(&m->s, mate, total);
	return ARB_OK;
}

int arbI_matcher_check(const arbI_matcher *m, char *why, size_t size)
{
	const solver *s = &m->s;
	int n = s->n;
	arbI_weight sl, wt;
	for (int v = 0; v < n; v++) {
		int u = s->mate[v];
		if (u >= 0 && (u >= n || s->mate[u] != v || absent(weight2(s, v, u, &wt)))) {
			snprintf(why, size, "mate[%d] = %d: not a matched edge", v, u);
			return -1;
		}
		if (u < 0 && !arbI_weight_is_zero(&s->dual[v])) {
			snprintf(why, size, "vertex %d free with dual above 0", v);
			return -1;
		}
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < i; j++) {
			if (absent(weight2(s, i, j, &wt)))
				continue;
			arbI_weight_add(&sl, &s->dual[i], &s->dual[j]);
			/* the blossoms holding both */
			for (int a = s->parent[i]; a != -1; a = s->parent[a]) {
				int in = 0;
				for (int c = s->parent[j]; c != -1; c = s->parent[c])
					in |= c == a;
				if (in) {
					arbI_weight_add(&sl, &sl, &s->dual[a]);
					arbI_weight_add(&sl, &sl, &s->dual[a]);
				}
			}
			if (arbI_weight_sub(&sl, &sl, weight2(s, i, j, &wt))) {
				snprintf(why, size, "edge {%d, %d}: slack below 0", i, j);
				return -1;
			}
			if (s->mate[i] == j && !arbI_weight_is_zero(&sl)) {
				snprintf(why, size, "matched edge {%d, %d} not tight", i, j);
				return -1;
			}
		}
	return 0;
}
