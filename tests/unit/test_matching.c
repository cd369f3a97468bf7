/*
 * test_matching.c -- the pairing layer's maximum-weight matching
 * (engine/pairing/matching.c, its internal header matching.h).
 *
 * The wide weights' operations against 64-bit arithmetic and each other.
 * Then the matching against brute force (every matching enumerated) on
 * thousands of random graphs of up to 12 vertices, with weights small (many
 * ties), spread over every word, in a few high bit fields (Swiss-like
 * weights, ties in the high words), or a few distinct values: the optimum
 * weight, and in maximum-cardinality mode the cardinality and then the
 * weight, must equal the brute force's, and the result must be a matching
 * of the graph whose reported total is its weight. Then hand-made graphs
 * that need nested blossoms, blossoms expanded as T-blossoms with their
 * children relabelled, and least-slack edges kept across expansions, each
 * under vertex permutations and with its weights shifted into the high
 * words. Bad input gives ARB_E_ARGUMENT. Deterministic: fixed seeds.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matching.h"

#define CHECK(cond, ...)                           \
	do {                                       \
		if (!(cond))                       \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

static uint64_t rng_state;

static uint64_t rnd(void)
{
	/* splitmix64 */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int rnd_below(int n)
{
	return (int)(rnd() % (uint64_t)n);
}

/* ---- wide weights ------------------------------------------------------------- */

START_TEST(weight_ops)
{
	rng_state = 1;
	for (int round = 0; round < 20000; round++) {
		uint64_t a = rnd() >> rnd_below(64), b = rnd() >> rnd_below(64);
		arbI_weight x, y, r;
		arbI_weight_set_u64(&x, a);
		arbI_weight_set_u64(&y, b);
		int carry = arbI_weight_add(&r, &x, &y);
		CHECK(r.word[0] == a + b, "add");
		if (ARBI_WEIGHT_WORDS > 1)
			CHECK(r.word[1] == (a + b < a) && carry == 0, "add's carry into word 1");
		int borrow = arbI_weight_sub(&r, &x, &y);
		CHECK(r.word[0] == a - b && borrow == (a < b), "sub");
		CHECK(arbI_weight_cmp(&x, &y) == (a < b ? -1 : a > b), "cmp");
		/* (x + y) - y == x and back, on random full-width values. */
		for (int i = 0; i < ARBI_WEIGHT_WORDS; i++) {
			x.word[i] = rnd();
			y.word[i] = rnd();
		}
		arbI_weight s;
		int c1 = arbI_weight_add(&s, &x, &y);
		int b1 = arbI_weight_sub(&r, &s, &y);
		CHECK(arbI_weight_cmp(&r, &x) == 0 && c1 == b1, "(x + y) - y");
		CHECK(arbI_weight_sub(&r, &x, &x) == 0 && arbI_weight_is_zero(&r), "x - x");
		/* Shifts: left then right by the same amount is x with its top bits
		 * cleared; the bits reported lost are those. */
		int k = rnd_below(ARBI_WEIGHT_BITS);
		r = x;
		int lost = arbI_weight_shl(&r, k);
		arbI_weight back = r;
		arbI_weight_shr(&back, k);
		arbI_weight hi = x;
		if (k > 0)
			arbI_weight_shr(&hi, ARBI_WEIGHT_BITS - k);
		else
			arbI_weight_set_u64(&hi, 0);
		CHECK(lost == !arbI_weight_is_zero(&hi), "shl's lost bits (k %d)", k);
		/* back == x mod 2^(bits - k) */
		arbI_weight m = x;
		if (k > 0) {
			arbI_weight_shl(&m, k);
			arbI_weight_shr(&m, k);
		}
		CHECK(arbI_weight_cmp(&back, &m) == 0, "shl then shr (k %d)", k);
		/* Doubling is adding to itself; halving an even value undoes it. */
		r = x;
		r.word[ARBI_WEIGHT_WORDS - 1] >>= 1;
		arbI_weight d = r;
		arbI_weight_shl(&d, 1);
		arbI_weight_add(&s, &r, &r);
		CHECK(arbI_weight_cmp(&d, &s) == 0, "x << 1 == x + x");
		CHECK(arbI_weight_shr(&d, 1) == 0 && arbI_weight_cmp(&d, &r) == 0, "halve");
		/* Bit fields: set then get, neighbours unchanged. */
		int width = 1 + rnd_below(64);
		int lo = rnd_below(ARBI_WEIGHT_BITS - width + 1);
		uint64_t v = rnd() & (width == 64 ? UINT64_MAX : (((uint64_t)1 << width) - 1));
		r = x;
		CHECK(arbI_weight_set_bits(&r, lo, width, v) == 0, "set_bits");
		CHECK(arbI_weight_get_bits(&r, lo, width) == v, "get_bits after set_bits");
		for (int bit = 0; bit < ARBI_WEIGHT_BITS; bit++) {
			if (bit >= lo && bit < lo + width)
				continue;
			CHECK(arbI_weight_get_bits(&r, bit, 1) == arbI_weight_get_bits(&x, bit, 1),
			      "set_bits changed bit %d (field %d+%d)", bit, lo, width);
		}
	}
	/* Fields that do not fit are refused and change nothing. */
	arbI_weight x = {{0}}, z = {{0}};
	ck_assert_int_eq(arbI_weight_set_bits(&x, 0, 3, 8), -1);
	ck_assert_int_eq(arbI_weight_set_bits(&x, ARBI_WEIGHT_BITS - 2, 3, 1), -1);
	ck_assert_int_eq(arbI_weight_set_bits(&x, -1, 3, 1), -1);
	ck_assert_int_eq(arbI_weight_set_bits(&x, 0, 65, 1), -1);
	ck_assert_int_eq(arbI_weight_set_bits(&x, 0, 0, 0), -1);
	ck_assert_int_eq(arbI_weight_cmp(&x, &z), 0);
	ck_assert_int_eq(arbI_weight_set_bits(&x, ARBI_WEIGHT_BITS - 64, 64, UINT64_MAX), 0);
	ck_assert(x.word[ARBI_WEIGHT_WORDS - 1] == UINT64_MAX);
	/* Multiplication by a small number against repeated addition. */
	for (int round = 0; round < 1000; round++) {
		arbI_weight a, sum = {{0}};
		for (int i = 0; i < ARBI_WEIGHT_WORDS; i++)
			a.word[i] = rnd();
		a.word[ARBI_WEIGHT_WORDS - 1] >>= 8;
		uint32_t m = (uint32_t)rnd_below(200), add = (uint32_t)rnd();
		for (uint32_t i = 0; i < m; i++)
			arbI_weight_add(&sum, &sum, &a);
		arbI_weight extra;
		arbI_weight_set_u64(&extra, add);
		arbI_weight_add(&sum, &sum, &extra);
		ck_assert(arbI_weight_mul_add_u32(&a, m, add) == 0);
		ck_assert_int_eq(arbI_weight_cmp(&a, &sum), 0);
	}
	arbI_weight big;
	for (int i = 0; i < ARBI_WEIGHT_WORDS; i++)
		big.word[i] = UINT64_MAX;
	ck_assert(arbI_weight_mul_add_u32(&big, 3, 0) == 2);
	char hex[ARBI_WEIGHT_HEX_SIZE];
	arbI_weight_set_u64(&x, 0);
	ck_assert_str_eq(arbI_weight_to_hex(&x, hex, sizeof hex), "0");
	arbI_weight_set_u64(&x, 0xabc);
	arbI_weight_set_bits(&x, 64, 4, 1);
	ck_assert_str_eq(arbI_weight_to_hex(&x, hex, sizeof hex), "10000000000000abc");
}
END_TEST

/* ---- brute force -------------------------------------------------------------- */

#define BMAX 13 /* the hand-made cases' largest; random graphs have up to 12 */

typedef struct bgraph {
	int n;
	int has[BMAX][BMAX];
	arbI_weight w[BMAX][BMAX];
} bgraph;

/* A sum of weights, exact: carries counted in hi. */
typedef struct wsum {
	int hi;
	arbI_weight lo;
} wsum;

static void wsum_add(wsum *s, const arbI_weight *w)
{
	s->hi += arbI_weight_add(&s->lo, &s->lo, w);
}

static int wsum_cmp(const wsum *a, const wsum *b)
{
	return a->hi != b->hi ? (a->hi < b->hi ? -1 : 1) : arbI_weight_cmp(&a->lo, &b->lo);
}

typedef struct best {
	int card;
	wsum weight;
} best;

/* The best (weight, or cardinality then weight) over all matchings of the
 * vertices from v on, given the ones before are decided (used). */
static void brute(const bgraph *g, int v, int *used, int card, const wsum *sum, int maxcard,
		  best *b)
{
	while (v < g->n && used[v])
		v++;
	if (v >= g->n) {
		int better = maxcard ? (card > b->card ||
					(card == b->card && wsum_cmp(sum, &b->weight) > 0)) :
				       wsum_cmp(sum, &b->weight) > 0;
		if (better || b->card < 0) {
			b->card = card;
			b->weight = *sum;
		}
		return;
	}
	used[v] = 1;
	brute(g, v + 1, used, card, sum, maxcard, b); /* v unmatched */
	for (int u = v + 1; u < g->n; u++) {
		if (used[u] || !g->has[v][u])
			continue;
		wsum s = *sum;
		wsum_add(&s, &g->w[v][u]);
		used[u] = 1;
		brute(g, v + 1, used, card + 1, &s, maxcard, b);
		used[u] = 0;
	}
	used[v] = 0;
}

/* Checks that mate is a matching of g and returns its cardinality, with
 * its weight in *w. */
static int check_matching(const bgraph *g, const int *mate, wsum *w)
{
	int card = 0;
	memset(w, 0, sizeof *w);
	for (int v = 0; v < g->n; v++) {
		int u = mate[v];
		if (u == -1)
			continue;
		CHECK(u >= 0 && u < g->n && u != v, "mate[%d] = %d", v, u);
		CHECK(mate[u] == v, "mate[%d] = %d but mate[%d] = %d", v, u, u, mate[u]);
		CHECK(g->has[v][u], "matched %d-%d, not an edge", v, u);
		if (u > v) {
			card++;
			wsum_add(w, &g->w[v][u]);
		}
	}
	return card;
}

/* The graph as a matching graph. */
static arbI_graph *build(const bgraph *b)
{
	arbI_graph *g;
	ck_assert_int_eq(arbI_graph_new(b->n, &g, NULL), ARB_OK);
	for (int i = 0; i < b->n; i++)
		for (int j = i + 1; j < b->n; j++)
			if (b->has[i][j])
				ck_assert_int_eq(arbI_graph_set_edge(g, i, j, &b->w[i][j], NULL),
						 ARB_OK);
	return g;
}

/* Solves b both ways and compares with brute force. */
static void compare(const bgraph *b, int maxcard, const char *what)
{
	arbI_graph *g = build(b);
	int mate[BMAX], used[BMAX] = {0};
	arbI_weight total;
	wsum w, zero = {0, {{0}}};
	arb_error err;
	arb_status st =
		arbI_graph_match(g, maxcard ? ARBI_MATCH_MAX_CARDINALITY : 0, mate, &total, &err);
	CHECK(st == ARB_OK, "%s: %s", what, arb_status_name(st));
	int card = check_matching(b, mate, &w);
	/* the total modulo 2^bits: the weights near the largest overflow it */
	CHECK(arbI_weight_cmp(&w.lo, &total) == 0, "%s: the total is not the matching's weight",
	      what);
	best opt = {-1, {0, {{0}}}};
	brute(b, 0, used, 0, &zero, maxcard, &opt);
	char h1[ARBI_WEIGHT_HEX_SIZE], h2[ARBI_WEIGHT_HEX_SIZE];
	if (maxcard)
		CHECK(card == opt.card, "%s (n %d): cardinality %d, brute force %d", what, b->n,
		      card, opt.card);
	CHECK(wsum_cmp(&w, &opt.weight) == 0,
	      "%s (n %d, maxcard %d): weight %d:%s, brute force %d:%s", what, b->n, maxcard, w.hi,
	      arbI_weight_to_hex(&w.lo, h1, sizeof h1), opt.weight.hi,
	      arbI_weight_to_hex(&opt.weight.lo, h2, sizeof h2));
	arbI_graph_free(g);
}

/* A random weight of kind k, its top word limited to `top` bits. */
static void random_weight(arbI_weight *w, int kind, int top)
{
	arbI_weight_set_u64(w, 0);
	switch (kind) {
	case 0: /* small: many ties */
		arbI_weight_set_u64(w, (uint64_t)rnd_below(8));
		break;
	case 1: /* every word */
		for (int i = 0; i < ARBI_WEIGHT_WORDS; i++)
			w->word[i] = rnd();
		break;
	case 2: /* a few fields of a few bits, high and low: Swiss-like */
		for (int f = 0; f < 6; f++) {
			int lo = rnd_below(ARBI_WEIGHT_BITS - 8);
			arbI_weight_set_bits(w, lo, 3, (uint64_t)rnd_below(8));
		}
		break;
	default: /* one of three values, high words only */
		w->word[ARBI_WEIGHT_WORDS - 1] = (uint64_t)(1 + rnd_below(3)) << 40;
		break;
	}
	w->word[ARBI_WEIGHT_WORDS - 1] &= top >= 64 ? UINT64_MAX : (((uint64_t)1 << top) - 1);
}

static void random_graph(bgraph *b, int n, int kind, int top)
{
	int density = 30 + rnd_below(71); /* percent */
	memset(b, 0, sizeof *b);
	b->n = n;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			if (rnd_below(100) >= density)
				continue;
			b->has[i][j] = b->has[j][i] = 1;
			random_weight(&b->w[i][j], kind, top);
			b->w[j][i] = b->w[i][j];
		}
}

START_TEST(brute_force)
{
	rng_state = 12345;
	bgraph b;
	char what[64];
	for (int round = 0; round < 4000; round++) {
		int n = rnd_below(13), kind = round % 4;
		/* Below arbI_graph_weight_max; for maximum cardinality below it
		 * divided by floor(n/2) + 2 <= 8. */
		random_graph(&b, n, kind, 62);
		snprintf(what, sizeof what, "graph %d (kind %d)", round, kind);
		compare(&b, 0, what);
		random_graph(&b, n, kind, 59);
		compare(&b, 1, what);
	}
}
END_TEST

/* One random edit of b's edges through the matcher: a vertex's edges
 * re-weighted (some removed, some added), or the edge of a matched pair
 * changed, as the Swiss pairing does between solves. */
static void random_edit(bgraph *b, arbI_matcher *m, const int *mate, int kind, int top)
{
	int v = rnd_below(b->n), what = rnd_below(4);
	if (what == 0 && mate[v] >= 0) { /* the matched edge: up, down or gone */
		int u = mate[v], op = rnd_below(3);
		if (op == 2) {
			b->has[v][u] = b->has[u][v] = 0;
			arbI_matcher_remove_edge(m, v, u);
			return;
		}
		arbI_weight one;
		arbI_weight_set_u64(&one, 1 + (uint64_t)rnd_below(5));
		if (op == 0)
			arbI_weight_add(&b->w[v][u], &b->w[v][u], &one);
		else if (arbI_weight_cmp(&b->w[v][u], &one) >= 0)
			arbI_weight_sub(&b->w[v][u], &b->w[v][u], &one);
		b->w[v][u].word[ARBI_WEIGHT_WORDS - 1] &=
			top >= 64 ? UINT64_MAX : (((uint64_t)1 << top) - 1);
		b->w[u][v] = b->w[v][u];
		b->has[v][u] = b->has[u][v] =
			1; /* mate is of the last solve: the edge may be gone */
		ck_assert_int_eq(arbI_matcher_set_edge(m, v, u, &b->w[v][u], NULL), ARB_OK);
		return;
	}
	for (int u = 0; u < b->n; u++) {
		if (u == v || rnd_below(3) == 0)
			continue;
		if (rnd_below(4) == 0) {
			b->has[v][u] = b->has[u][v] = 0;
			arbI_matcher_remove_edge(m, v, u);
			continue;
		}
		b->has[v][u] = b->has[u][v] = 1;
		random_weight(&b->w[v][u], kind, top);
		b->w[u][v] = b->w[v][u];
		ck_assert_int_eq(arbI_matcher_set_edge(m, v, u, &b->w[v][u], NULL), ARB_OK);
	}
}

/* The matcher: random graphs edited step by step, each solve against brute
 * force (small graphs) and against a fresh arbI_graph_match (larger ones). */
START_TEST(incremental)
{
	rng_state = 777;
	bgraph b;
	arbI_weight maxw;
	arbI_graph_weight_max(&maxw);
	for (int round = 0; round < 600; round++) {
		int n = rnd_below(13), kind = round % 4, mate[BMAX], used[BMAX] = {0};
		random_graph(&b, n, kind, 62);
		arbI_graph *g = build(&b);
		arbI_matcher *m;
		ck_assert_int_eq(arbI_matcher_new(g, &maxw, &m, NULL), ARB_OK);
		for (int step = 0; step < 12; step++) {
			arbI_weight total;
			wsum w, zero = {0, {{0}}};
			best opt = {-1, {0, {{0}}}};
			ck_assert_int_eq(arbI_matcher_solve(m, mate, &total), ARB_OK);
			char why[128];
			CHECK(arbI_matcher_check(m, why, sizeof why) == 0, "graph %d step %d: %s",
			      round, step, why);
			check_matching(&b, mate, &w);
			CHECK(arbI_weight_cmp(&w.lo, &total) == 0, "graph %d step %d: total", round,
			      step);
			brute(&b, 0, used, 0, &zero, 0, &opt);
			CHECK(wsum_cmp(&w, &opt.weight) == 0,
			      "graph %d (kind %d, n %d) step %d: not the best weight", round, kind,
			      n, step);
			if (n >= 2)
				for (int e = 1 + rnd_below(3); e > 0; e--)
					random_edit(&b, m, mate, kind, 62);
		}
		arbI_matcher_free(m);
		arbI_graph_free(g);
	}
}
END_TEST

/* Larger graphs: the matcher's weight against a fresh solve's, on graphs
 * of up to 60 vertices edited 30 times. */
START_TEST(incremental_large)
{
	rng_state = 4242;
	arbI_weight maxw;
	arbI_graph_weight_max(&maxw);
	for (int round = 0; round < 40; round++) {
		int n = 20 + rnd_below(41), kind = round % 4;
		int *mate = malloc((size_t)n * sizeof *mate),
		    *fresh = malloc((size_t)n * sizeof *fresh);
		arbI_graph *g;
		arbI_matcher *m;
		ck_assert_ptr_nonnull(mate);
		ck_assert_ptr_nonnull(fresh);
		ck_assert_int_eq(arbI_graph_new(n, &g, NULL), ARB_OK);
		for (int i = 0; i < n; i++)
			for (int j = 0; j < i; j++)
				if (rnd_below(100) < 70) {
					arbI_weight w;
					random_weight(&w, kind, 62);
					ck_assert_int_eq(arbI_graph_set_edge(g, i, j, &w, NULL),
							 ARB_OK);
				}
		ck_assert_int_eq(arbI_matcher_new(g, &maxw, &m, NULL), ARB_OK);
		for (int step = 0; step < 30; step++) {
			arbI_weight t1, t2;
			ck_assert_int_eq(arbI_matcher_solve(m, mate, &t1), ARB_OK);
			ck_assert_int_eq(arbI_graph_match(g, 0, fresh, &t2, NULL), ARB_OK);
			char why[128];
			CHECK(arbI_matcher_check(m, why, sizeof why) == 0, "graph %d step %d: %s",
			      round, step, why);
			for (int v = 0; v < n; v++)
				CHECK(mate[v] == -1 || (mate[mate[v]] == v &&
							arbI_graph_edge(g, v, mate[v], NULL)),
				      "graph %d step %d: not a matching at %d", round, step, v);
			CHECK(arbI_weight_cmp(&t1, &t2) == 0,
			      "graph %d (kind %d, n %d) step %d: weight differs from a fresh solve",
			      round, kind, n, step);
			int v = rnd_below(n);
			for (int u = 0; u < n; u++) {
				if (u == v || rnd_below(2))
					continue;
				if (rnd_below(5) == 0) {
					arbI_matcher_remove_edge(m, v, u);
				} else {
					arbI_weight w;
					random_weight(&w, kind, 62);
					ck_assert_int_eq(arbI_matcher_set_edge(m, v, u, &w, NULL),
							 ARB_OK);
				}
			}
		}
		arbI_matcher_free(m);
		arbI_graph_free(g);
		free(mate);
		free(fresh);
	}
}
END_TEST

/* Every weight at the largest allowed value, and the largest allowed for
 * maximum cardinality, still exact. */
START_TEST(largest_weights)
{
	bgraph b;
	memset(&b, 0, sizeof b);
	b.n = 12;
	arbI_weight max;
	arbI_graph_weight_max(&max);
	rng_state = 99;
	for (int round = 0; round < 200; round++) {
		for (int i = 0; i < b.n; i++)
			for (int j = i + 1; j < b.n; j++) {
				b.has[i][j] = b.has[j][i] = rnd_below(4) != 0;
				b.w[i][j] = max;
				/* max minus a little: near-ties at the very top */
				arbI_weight d;
				arbI_weight_set_u64(&d, (uint64_t)rnd_below(3));
				arbI_weight_sub(&b.w[i][j], &b.w[i][j], &d);
				b.w[j][i] = b.w[i][j];
			}
		compare(&b, 0, "largest weights");
	}
	/* Maximum cardinality: (n/2 + 1) x maxw + 1 must fit; for n = 12,
	 * maxw = max / 8 does. */
	arbI_weight q = max;
	arbI_weight_shr(&q, 3);
	for (int i = 0; i < b.n; i++)
		for (int j = i + 1; j < b.n; j++) {
			b.has[i][j] = b.has[j][i] = 1;
			b.w[i][j] = b.w[j][i] = q;
		}
	compare(&b, 1, "largest max-cardinality weights");
	/* ... and past it, an error. */
	arbI_graph *g = build(&b);
	arbI_weight big = max;
	arbI_weight_shr(&big, 1);
	ck_assert_int_eq(arbI_graph_set_edge(g, 0, 1, &big, NULL), ARB_OK);
	int mate[BMAX];
	arb_error err;
	ck_assert_int_eq(arbI_graph_match(g, ARBI_MATCH_MAX_CARDINALITY, mate, NULL, &err),
			 ARB_E_ARGUMENT);
	ck_assert_ptr_nonnull(strstr(err.message, "maximum cardinality"));
	/* the same graph without the flag is fine */
	ck_assert_int_eq(arbI_graph_match(g, 0, mate, NULL, NULL), ARB_OK);
	arbI_graph_free(g);
}
END_TEST

/* ---- hand-made cases ------------------------------------------------------------ */

/* Graphs whose optimum needs the algorithm's rarer steps; vertices from 1
 * (0 isolated), weights small integers, the optimal partners listed. */
typedef struct hcase {
	const char *name;
	int maxcard;
	int nedges;
	int e[16][3];
	int n;
	int mate[16];
} hcase;

static const hcase cases[] = {
	{"empty", 0, 0, {{0}}, 3, {-1, -1, -1}},
	{"one edge", 0, 1, {{1, 2, 7}}, 3, {-1, 2, 1}},
	{"path: the heavy middle", 0, 2, {{1, 2, 10}, {2, 3, 11}}, 4, {-1, -1, 3, 2}},
	{"path of three: the middle",
	 0,
	 3,
	 {{1, 2, 5}, {2, 3, 11}, {3, 4, 5}},
	 5,
	 {-1, -1, 3, 2, -1}},
	{"path of three, cardinality first",
	 1,
	 3,
	 {{1, 2, 5}, {2, 3, 11}, {3, 4, 5}},
	 5,
	 {-1, 2, 1, 4, 3}},
	{"zero weights, cardinality first",
	 1,
	 3,
	 {{1, 2, 0}, {2, 3, 0}, {3, 4, 0}},
	 5,
	 {-1, 2, 1, 4, 3}},
	/* A triangle closes an S-blossom; its tail edge augments. */
	{"S-blossom", 0, 4, {{1, 2, 8}, {1, 3, 9}, {2, 3, 10}, {3, 4, 7}}, 5, {-1, 2, 1, 4, 3}},
	{"S-blossom with two tails",
	 0,
	 6,
	 {{1, 2, 8}, {1, 3, 9}, {2, 3, 10}, {3, 4, 7}, {1, 6, 5}, {4, 5, 6}},
	 7,
	 {-1, 6, 3, 2, 5, 4, 1}},
	/* The blossom becomes a T-blossom and must be expanded. */
	{"T-blossom",
	 0,
	 6,
	 {{1, 2, 9}, {1, 3, 8}, {2, 3, 10}, {1, 4, 5}, {4, 5, 4}, {1, 6, 3}},
	 7,
	 {-1, 6, 3, 2, 5, 4, 1}},
	{"T-blossom, other tail",
	 0,
	 6,
	 {{1, 2, 9}, {1, 3, 8}, {2, 3, 10}, {1, 4, 5}, {4, 5, 3}, {1, 6, 4}},
	 7,
	 {-1, 6, 3, 2, 5, 4, 1}},
	{"T-blossom, tail off the side",
	 0,
	 6,
	 {{1, 2, 9}, {1, 3, 8}, {2, 3, 10}, {1, 4, 5}, {4, 5, 3}, {3, 6, 4}},
	 7,
	 {-1, 2, 1, 6, 5, 4, 3}},
	/* A blossom inside a blossom. */
	{"nested S-blossoms",
	 0,
	 7,
	 {{1, 2, 9}, {1, 3, 9}, {2, 3, 10}, {2, 4, 8}, {3, 5, 8}, {4, 5, 10}, {5, 6, 6}},
	 7,
	 {-1, 3, 4, 1, 2, 6, 5}},
	/* Nested S-blossoms, relabelled, then expanded. */
	{"nested S-blossoms relabelled",
	 0,
	 9,
	 {{1, 2, 10},
	  {1, 7, 10},
	  {2, 3, 12},
	  {3, 4, 20},
	  {3, 5, 20},
	  {4, 5, 25},
	  {5, 6, 10},
	  {6, 7, 10},
	  {7, 8, 8}},
	 9,
	 {-1, 2, 1, 4, 3, 6, 5, 8, 7}},
	{"nested S-blossoms expanded",
	 0,
	 10,
	 {{1, 2, 8},
	  {1, 3, 8},
	  {2, 3, 10},
	  {2, 4, 12},
	  {3, 5, 12},
	  {4, 5, 14},
	  {4, 6, 12},
	  {5, 7, 12},
	  {6, 7, 14},
	  {7, 8, 12}},
	 9,
	 {-1, 2, 1, 5, 6, 3, 4, 8, 7}},
	/* An S-blossom that turns T and is expanded. */
	{"S-blossom, then T, expanded",
	 0,
	 8,
	 {{1, 2, 23},
	  {1, 5, 22},
	  {1, 6, 15},
	  {2, 3, 25},
	  {3, 4, 22},
	  {4, 5, 25},
	  {4, 8, 14},
	  {5, 7, 13}},
	 9,
	 {-1, 6, 3, 2, 8, 7, 1, 5, 4}},
	{"nested S-blossom, then T, expanded",
	 0,
	 9,
	 {{1, 2, 19},
	  {1, 3, 20},
	  {1, 8, 8},
	  {2, 3, 25},
	  {2, 4, 18},
	  {3, 5, 18},
	  {4, 5, 13},
	  {4, 7, 7},
	  {5, 6, 7}},
	 9,
	 {-1, 8, 3, 2, 7, 6, 5, 4, 1}},
	/* T-blossoms expanded where the entry is not the base: the children on
	 * the other side must be relabelled or left free correctly. */
	{"T-blossom expanded, nasty",
	 0,
	 10,
	 {{1, 2, 45},
	  {1, 5, 45},
	  {2, 3, 50},
	  {3, 4, 45},
	  {4, 5, 50},
	  {1, 6, 30},
	  {3, 9, 35},
	  {4, 8, 35},
	  {5, 7, 26},
	  {9, 10, 5}},
	 11,
	 {-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9}},
	{"T-blossom expanded, nasty, second",
	 0,
	 10,
	 {{1, 2, 45},
	  {1, 5, 45},
	  {2, 3, 50},
	  {3, 4, 45},
	  {4, 5, 50},
	  {1, 6, 30},
	  {3, 9, 35},
	  {4, 8, 26},
	  {5, 7, 40},
	  {9, 10, 5}},
	 11,
	 {-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9}},
	/* The least-slack edge of a T-blossom's vertex kept across its
	 * expansion. */
	{"T-blossom expanded, least slack kept",
	 0,
	 10,
	 {{1, 2, 45},
	  {1, 5, 45},
	  {2, 3, 50},
	  {3, 4, 45},
	  {4, 5, 50},
	  {1, 6, 30},
	  {3, 9, 35},
	  {4, 8, 28},
	  {5, 7, 26},
	  {9, 10, 5}},
	 11,
	 {-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9}},
	{"nested T-blossom expanded",
	 0,
	 13,
	 {{1, 2, 45},
	  {1, 7, 45},
	  {2, 3, 50},
	  {3, 4, 45},
	  {4, 5, 95},
	  {4, 6, 94},
	  {5, 6, 94},
	  {6, 7, 50},
	  {1, 8, 30},
	  {3, 11, 35},
	  {5, 9, 36},
	  {7, 10, 26},
	  {11, 12, 5}},
	 13,
	 {-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11}},
	{"nested blossoms relabelled and expanded",
	 0,
	 11,
	 {{1, 2, 40},
	  {1, 3, 40},
	  {2, 3, 60},
	  {2, 4, 55},
	  {3, 5, 55},
	  {4, 5, 50},
	  {1, 8, 15},
	  {5, 7, 30},
	  {7, 6, 10},
	  {8, 10, 10},
	  {4, 9, 30}},
	 11,
	 {-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8}},
};

/* Each case, its vertices permuted and its weights shifted by `shift` bits
 * (into the high words): the same optimum, permuted. */
static void run_case(const hcase *c, const int *perm, int shift)
{
	arbI_graph *g;
	ck_assert_int_eq(arbI_graph_new(c->n, &g, NULL), ARB_OK);
	bgraph b;
	memset(&b, 0, sizeof b);
	b.n = c->n;
	for (int k = 0; k < c->nedges; k++) {
		int i = perm[c->e[k][0]], j = perm[c->e[k][1]];
		arbI_weight w;
		arbI_weight_set_u64(&w, (uint64_t)c->e[k][2]);
		arbI_weight_shl(&w, shift);
		ck_assert_int_eq(arbI_graph_set_edge(g, i, j, &w, NULL), ARB_OK);
		b.has[i][j] = b.has[j][i] = 1;
		b.w[i][j] = b.w[j][i] = w;
	}
	int mate[16];
	arbI_weight total;
	wsum w;
	ck_assert_int_eq(arbI_graph_match(g, c->maxcard ? ARBI_MATCH_MAX_CARDINALITY : 0, mate,
					  &total, NULL),
			 ARB_OK);
	check_matching(&b, mate, &w);
	ck_assert_int_eq(arbI_weight_cmp(&w.lo, &total), 0);
	for (int v = 0; v < c->n; v++) {
		int want = c->mate[v] < 0 ? -1 : perm[c->mate[v]];
		CHECK(mate[perm[v]] == want, "%s (shift %d): mate of %d is %d, expected %d",
		      c->name, shift, v, mate[perm[v]], want);
	}
	arbI_graph_free(g);
	/* and brute force agrees */
	compare(&b, c->maxcard, c->name);
}

START_TEST(hand_made)
{
	rng_state = 7;
	int shifts[] = {0, 64, 100, ARBI_WEIGHT_BITS - 10};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const hcase *c = &cases[k];
		for (int p = 0; p < 8; p++) {
			int perm[16];
			for (int v = 0; v < c->n; v++)
				perm[v] = v;
			for (int v = c->n - 1; p > 0 && v > 0; v--) {
				int u = rnd_below(v + 1), t = perm[v];
				perm[v] = perm[u];
				perm[u] = t;
			}
			for (size_t s = 0; s < sizeof shifts / sizeof shifts[0]; s++)
				if (shifts[s] >= 0)
					run_case(c, perm, shifts[s]);
		}
	}
}
END_TEST

/* ---- larger graphs: a certificate instead of brute force ----------------------- */

/* On graphs of 13 to 60 vertices too large to enumerate: the result is a
 * matching, and no augmenting path of length 1 or 3 (an edge between two
 * free vertices of positive weight, or a swap along a path of three edges)
 * improves it. Not a proof of optimality (the brute force and the
 * networkx comparison are), but it covers sizes where blossoms nest deep. */
START_TEST(local_optimality)
{
	rng_state = 2024;
	for (int round = 0; round < 300; round++) {
		int n = 13 + rnd_below(48);
		arbI_graph *g;
		ck_assert_int_eq(arbI_graph_new(n, &g, NULL), ARB_OK);
		int kind = round % 4;
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++)
				if (rnd_below(100) < 40) {
					arbI_weight w;
					random_weight(&w, kind, 55);
					arbI_graph_set_edge(g, i, j, &w, NULL);
				}
		int *mate = malloc((size_t)n * sizeof *mate);
		arbI_weight total;
		ck_assert_int_eq(arbI_graph_match(g, 0, mate, &total, NULL), ARB_OK);
		arbI_weight w, sum = {{0}};
		for (int v = 0; v < n; v++) {
			if (mate[v] < 0)
				continue;
			ck_assert_int_eq(mate[mate[v]], v);
			ck_assert(arbI_graph_edge(g, v, mate[v], &w));
			if (mate[v] > v)
				arbI_weight_add(&sum, &sum, &w);
		}
		ck_assert_int_eq(arbI_weight_cmp(&sum, &total), 0);
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				/* two free ends of a positive edge */
				if (mate[i] < 0 && mate[j] < 0 && arbI_graph_edge(g, i, j, &w))
					CHECK(arbI_weight_is_zero(&w), "free %d-%d has weight", i,
					      j);
				/* i-j matched: i-a and j-b with a, b free, worth more */
				if (mate[i] != j)
					continue;
				arbI_weight mw, wa, wb;
				arbI_graph_edge(g, i, j, &mw);
				for (int a = 0; a < n; a++) {
					if (mate[a] >= 0 || !arbI_graph_edge(g, i, a, &wa))
						continue;
					for (int bb = 0; bb < n; bb++) {
						if (bb == a || mate[bb] >= 0 ||
						    !arbI_graph_edge(g, j, bb, &wb))
							continue;
						arbI_weight s2;
						arbI_weight_add(&s2, &wa, &wb);
						CHECK(arbI_weight_cmp(&s2, &mw) <= 0,
						      "swap at %d-%d improves", i, j);
					}
				}
			}
		free(mate);
		arbI_graph_free(g);
	}
}
END_TEST

/* w's bits from `bits` up cleared: below 2^bits. */
static void mask_bits(arbI_weight *w, int bits)
{
	for (int i = 0; i < ARBI_WEIGHT_WORDS; i++) {
		int lo = 64 * i;
		if (lo >= bits)
			w->word[i] = 0;
		else if (bits - lo < 64)
			w->word[i] &= ((uint64_t)1 << (bits - lo)) - 1;
	}
}

/* A random weight of kind k below 2^bits: as random_weight's, its fields
 * and high values within the width. */
static void narrow_weight(arbI_weight *w, int kind, int bits)
{
	arbI_weight_set_u64(w, 0);
	switch (kind) {
	case 0:
		arbI_weight_set_u64(w, (uint64_t)rnd_below(8));
		break;
	case 1:
		for (int i = 0; i < ARBI_WEIGHT_WORDS; i++)
			w->word[i] = rnd();
		break;
	case 2:
		for (int f = 0; f < 6; f++) {
			int lo = rnd_below(bits);
			arbI_weight_set_bits(
				w, lo, bits - lo < 3 ? bits - lo : 3,
				(uint64_t)rnd_below(8) &
					((bits - lo < 3 ? 1u << (bits - lo) : 8u) - 1));
		}
		break;
	default:
		if (bits >= 2)
			arbI_weight_set_bits(w, bits - 2, 2, (uint64_t)(1 + rnd_below(3)));
		break;
	}
	mask_bits(w, bits);
}

/* Graphs of narrow weights (arbI_graph_new_bits: each pair stores only
 * the words of bits + 1 bits), across word boundaries: the one-shot
 * solve and the matcher, edited, against brute force, and the weights
 * read back as set. */
START_TEST(narrow)
{
	static const int widths[] = {1, 2, 31, 62, 63, 64, 65, 126, 127, 128, 129, 200, 300};
	rng_state = 4242;
	bgraph b;
	for (int round = 0; round < 520; round++) {
		int bits = widths[round % (int)(sizeof widths / sizeof widths[0])];
		int n = 2 + rnd_below(11), kind = (round / 13) % 4, mate[BMAX], used[BMAX] = {0};
		random_graph(&b, n, kind, 62);
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				narrow_weight(&b.w[i][j], kind, bits);
				b.w[j][i] = b.w[i][j];
			}
		arbI_graph *g;
		arbI_weight maxw, w;
		ck_assert_int_eq(arbI_graph_new_bits(n, bits, &g, NULL), ARB_OK);
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++)
				if (b.has[i][j])
					ck_assert_int_eq(
						arbI_graph_set_edge(g, i, j, &b.w[i][j], NULL),
						ARB_OK);
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				CHECK(arbI_graph_edge(g, i, j, &w) == b.has[i][j], "%d bits: edge",
				      bits);
				CHECK(!b.has[i][j] || arbI_weight_cmp(&w, &b.w[i][j]) == 0,
				      "%d bits: {%d, %d} read back otherwise", bits, i, j);
			}
		arbI_weight_set_u64(&maxw, 0);
		for (int x = 0; x < bits; x++)
			arbI_weight_set_bits(&maxw, x, 1, 1);
		arbI_matcher *m;
		ck_assert_int_eq(arbI_matcher_new(g, &maxw, &m, NULL), ARB_OK);
		for (int step = 0; step < 8; step++) {
			arbI_weight total;
			wsum ws, zero = {0, {{0}}};
			best opt = {-1, {0, {{0}}}};
			char why[128];
			ck_assert_int_eq(arbI_matcher_solve(m, mate, &total), ARB_OK);
			CHECK(arbI_matcher_check(m, why, sizeof why) == 0, "%d bits, step %d: %s",
			      bits, step, why);
			check_matching(&b, mate, &ws);
			brute(&b, 0, used, 0, &zero, 0, &opt);
			CHECK(wsum_cmp(&ws, &opt.weight) == 0,
			      "%d bits (graph %d, n %d) step %d: not the best weight", bits, round,
			      n, step);
			ck_assert_int_eq(arbI_graph_match(g, 0, mate, &total, NULL), ARB_OK);
			check_matching(&b, mate, &ws);
			CHECK(wsum_cmp(&ws, &opt.weight) == 0,
			      "%d bits (graph %d): one-shot not the best weight", bits, round);
			/* a vertex's edges re-weighted, some removed, some added */
			int v = rnd_below(n);
			for (int u = 0; u < n; u++) {
				if (u == v || rnd_below(3) == 0)
					continue;
				if (rnd_below(4) == 0) {
					b.has[v][u] = b.has[u][v] = 0;
					arbI_matcher_remove_edge(m, v, u);
					continue;
				}
				b.has[v][u] = b.has[u][v] = 1;
				narrow_weight(&b.w[v][u], kind, bits);
				b.w[u][v] = b.w[v][u];
				ck_assert_int_eq(arbI_matcher_set_edge(m, v, u, &b.w[v][u], NULL),
						 ARB_OK);
			}
		}
		arbI_matcher_free(m);
		arbI_graph_free(g);
	}
}
END_TEST

/* ---- bad input ------------------------------------------------------------------------ */

START_TEST(bad_input)
{
	arbI_graph *g = (arbI_graph *)1;
	arb_error err;
	ck_assert_int_eq(arbI_graph_new(-1, &g, &err), ARB_E_ARGUMENT);
	ck_assert_ptr_null(g);
	ck_assert_ptr_nonnull(strstr(err.message, "-1 vertices"));
	ck_assert_int_eq(arbI_graph_new(ARB_MATCH_MAX_VERTICES + 1, &g, NULL), ARB_E_ARGUMENT);
	ck_assert_int_eq(arbI_graph_new(4, &g, NULL), ARB_OK);
	ck_assert_int_eq(arbI_graph_order(g), 4);
	arbI_weight w, max;
	arbI_weight_set_u64(&w, 5);
	ck_assert_int_eq(arbI_graph_set_edge(g, 1, 1, &w, &err), ARB_E_ARGUMENT);
	ck_assert_int_eq(arbI_graph_set_edge(g, -1, 2, &w, NULL), ARB_E_ARGUMENT);
	ck_assert_int_eq(arbI_graph_set_edge(g, 0, 4, &w, NULL), ARB_E_ARGUMENT);
	arbI_graph_weight_max(&max);
	ck_assert_int_eq(arbI_graph_set_edge(g, 0, 1, &max, NULL), ARB_OK);
	arbI_weight over = max, one;
	arbI_weight_set_u64(&one, 1);
	arbI_weight_add(&over, &over, &one);
	ck_assert_int_eq(arbI_graph_set_edge(g, 0, 2, &over, &err), ARB_E_ARGUMENT);
	ck_assert_ptr_nonnull(strstr(err.message, "weight over"));
	ck_assert_int_eq(arbI_graph_edge(g, 0, 2, NULL), 0); /* unchanged */
	ck_assert_int_eq(arbI_graph_edge(g, 0, 1, &w), 1);
	ck_assert_int_eq(arbI_weight_cmp(&w, &max), 0);
	ck_assert_int_eq(arbI_graph_edge(g, 1, 0, NULL), 1);
	ck_assert_int_eq(arbI_graph_edge(g, 2, 2, NULL), 0);
	ck_assert_int_eq(arbI_graph_edge(g, 9, 2, NULL), 0);
	arbI_graph_remove_edge(g, 1, 0);
	arbI_graph_remove_edge(g, 1, 1); /* nothing */
	arbI_graph_remove_edge(g, 7, 1); /* nothing */
	ck_assert_int_eq(arbI_graph_edge(g, 0, 1, NULL), 0);
	int mate[4] = {9, 9, 9, 9};
	ck_assert_int_eq(arbI_graph_match(g, 0, mate, NULL, NULL), ARB_OK);
	for (int v = 0; v < 4; v++)
		ck_assert_int_eq(mate[v], -1);
	arbI_graph_free(g);
	arbI_graph_free(NULL);
	/* No vertices, one vertex. */
	ck_assert_int_eq(arbI_graph_new(0, &g, NULL), ARB_OK);
	arbI_weight total;
	ck_assert_int_eq(arbI_graph_match(g, ARBI_MATCH_MAX_CARDINALITY, mate, &total, NULL),
			 ARB_OK);
	ck_assert(arbI_weight_is_zero(&total));
	arbI_graph_free(g);
	ck_assert_int_eq(arbI_graph_new(1, &g, NULL), ARB_OK);
	ck_assert_int_eq(arbI_graph_match(g, 0, mate, &total, NULL), ARB_OK);
	ck_assert_int_eq(mate[0], -1);
	arbI_graph_free(g);
	/* Narrow graphs: the width in range, no weight beyond it, no matcher
	 * whose largest weight is beyond it. */
	g = (arbI_graph *)1;
	ck_assert_int_eq(arbI_graph_new_bits(4, 0, &g, &err), ARB_E_ARGUMENT);
	ck_assert_ptr_null(g);
	ck_assert_ptr_nonnull(strstr(err.message, "weights of 0 bits"));
	ck_assert_int_eq(arbI_graph_new_bits(4, ARBI_WEIGHT_BITS - 1, &g, NULL), ARB_E_ARGUMENT);
	ck_assert_int_eq(arbI_graph_new_bits(-2, 8, &g, NULL), ARB_E_ARGUMENT);
	ck_assert_int_eq(arbI_graph_new_bits(4, 70, &g, NULL), ARB_OK);
	arbI_weight_set_u64(&w, 0);
	arbI_weight_set_bits(&w, 70, 1, 1); /* 2^70 */
	ck_assert_int_eq(arbI_graph_set_edge(g, 0, 1, &w, &err), ARB_E_ARGUMENT);
	ck_assert_ptr_nonnull(strstr(err.message, "weight over 2^70 - 1"));
	ck_assert_int_eq(arbI_graph_edge(g, 0, 1, NULL), 0);
	arbI_weight_sub(&w, &w, &one); /* 2^70 - 1 */
	ck_assert_int_eq(arbI_graph_set_edge(g, 0, 1, &w, NULL), ARB_OK);
	ck_assert_int_eq(arbI_graph_edge(g, 1, 0, &max), 1);
	ck_assert_int_eq(arbI_weight_cmp(&w, &max), 0);
	arbI_matcher *m = (arbI_matcher *)1;
	arbI_weight_add(&over, &w, &one);
	ck_assert_int_eq(arbI_matcher_new(g, &over, &m, &err), ARB_E_ARGUMENT);
	ck_assert_ptr_null(m);
	ck_assert_ptr_nonnull(strstr(err.message, "over the graph's 2^70 - 1"));
	ck_assert_int_eq(arbI_matcher_new(g, &w, &m, NULL), ARB_OK);
	ck_assert_int_eq(arbI_matcher_set_edge(m, 2, 3, &over, NULL), ARB_E_ARGUMENT);
	ck_assert_int_eq(arbI_matcher_solve(m, mate, &total), ARB_OK);
	ck_assert_int_eq(mate[0], 1);
	ck_assert_int_eq(mate[2], -1);
	ck_assert_int_eq(arbI_weight_cmp(&total, &w), 0);
	arbI_matcher_free(m);
	arbI_graph_free(g);
}
END_TEST

static Suite *matching_suite(void)
{
	Suite *s = suite_create("matching");
	TCase *tc = tcase_create("weights");
	tcase_add_test(tc, weight_ops);
	suite_add_tcase(s, tc);
	tc = tcase_create("brute");
	tcase_set_timeout(tc, 240);
	tcase_add_test(tc, brute_force);
	tcase_add_test(tc, largest_weights);
	tcase_add_test(tc, incremental);
	tcase_add_test(tc, incremental_large);
	tcase_add_test(tc, narrow);
	suite_add_tcase(s, tc);
	tc = tcase_create("cases");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, hand_made);
	tcase_add_test(tc, local_optimality);
	tcase_add_test(tc, bad_input);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(matching_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
