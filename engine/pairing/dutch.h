/*
 * dutch.h -- what the two editions of the Dutch system share (internal to
 * the pairing layer): the players of a round as the criteria see them, the
 * round's state, the wide-weight helpers and the matching calls. dutch.c
 * makes the state (players, meetings, score groups), pairs the brackets of
 * either edition and writes the pairing (colours, board order); explain.c
 * answers why a player got his pairing, on the same state.
 */
#ifndef ARBITER_DUTCH_H
#define ARBITER_DUTCH_H

#include <stdint.h>

#include <string.h>

#include "matching.h"
#include "pairing.h"

enum { FLOAT_NONE = 0, FLOAT_DOWN, FLOAT_UP };

/* A player of the round, as the criteria see him. */
typedef struct dplayer {
	int id;        /* pairing number */
	int index;     /* in the tournament (arb_tournament_get_player) */
	int rank;      /* effective pairing number, from 0: the order among the players */
	int score;     /* tenths, without acceleration */
	int acc;       /* the acceleration of the round paired */
	int played;    /* games played */
	int imbalance; /* |white - black| over the games played */
	char pref;     /* the colour preference: 'w', 'b' or 0 (none) */
	char repeated; /* the colour of the last two games played when the same, else 0 */
	int strong;    /* a strong preference (A.6 b) */
	int bye_ok;    /* may receive the pairing-allocated bye (C.04.1 d, C2) */
	int fl[3];     /* fl[k]: the float of k rounds before (FLOAT_*) */
	char *colours; /* the colours of the games played, in order */
	int ncolours;
} dplayer;

/* The round's state. */
typedef struct dutch {
	const arb_tournament *t;
	arb_tournament_info info;
	int round;   /* the round paired (1-based) */
	int history; /* rounds before it: round - 1 */
	arbI_dutch_edition edition;
	dplayer *pl; /* the players to pair, sorted: accelerated score down, rank up */
	int n;
	int *vid; /* id -> vertex (-1 none); ids up to maxid */
	int maxid;
	char *met; /* met[a * n + b]: a game played, or a prohibited pair (vertices) */
	/* the weight layout */
	int sgsb;          /* bits of the largest score group */
	int sgs;           /* bits of all the score groups' sub-fields */
	int *group;        /* vertex -> its score group's shift */
	int top_threshold; /* last round: scores above it are topscorers (A.7) */
	int last_round;
	arbI_weight maxw;
	arbI_graph *g;
	arbI_matcher *matcher; /* g's matching, kept from one solve to the next */
	int *mate;
	int bye_score;
	int single_bye; /* C9 applies: the bye's assignee is the single downfloater */
	int *ranks;     /* played games -> C9 rank (index by games played) */
	int nomem;
	int completion; /* C4 in the weights (2017: in the last bracket and the PPB only) */
	/* 2017: the pairing score difference (A.8) of C6, a field per value */
	int *psd_vals; /* the score differences that can occur, ascending */
	int npsd;
	int psdb;       /* bits of one value's field */
	int bracket_lo; /* the lowest score of the bracket's players (look-ahead included) */
	int final;      /* the bracket and the next group hold every player left */
	int lbits;      /* the layout's bits (layout_bits) */
	int nw;         /* the words of a weight of the layout (and its carry) */
	int c7b; /* bits of C7's pairs in the next bracket (2017: C4's count in the final ones) */
	arb_error *err;
} dutch;

/* ------------------------------------------------------------------------
 * Wide weights: the few operations the layout needs
 * ---------------------------------------------------------------------- */

static inline void w_zero(arbI_weight *w)
{
	arbI_weight_set_u64(w, 0);
}

static inline void w_shl(arbI_weight *w, int k)
{
	if (k > 0)
		arbI_weight_shl(w, k);
}

static inline void w_add(arbI_weight *w, uint64_t v)
{
	arbI_weight x;

	arbI_weight_set_u64(&x, v);
	arbI_weight_add(w, w, &x);
}

static inline void w_sub(arbI_weight *w, uint64_t v)
{
	arbI_weight x;

	arbI_weight_set_u64(&x, v);
	arbI_weight_sub(w, w, &x);
}

/* w += v x 2^pos (v below 2^63), the carry taken up. */
static inline void w_add_at(arbI_weight *w, int pos, uint64_t v)
{
	int i = pos / 64, b = pos % 64;
	uint64_t lo = v << b, hi = b ? v >> (64 - b) : 0, c;

	w->word[i] += lo;
	c = w->word[i] < lo;
	for (i++; i < ARBI_WEIGHT_WORDS && (hi || c); i++) {
		uint64_t t = w->word[i] + hi, c1 = t < hi;

		t += c;
		c = c1 | (t < c);
		w->word[i] = t;
		hi = 0;
	}
}

/* w -= v x 2^pos (v below 2^63), the borrow taken up. */
static inline void w_sub_at(arbI_weight *w, int pos, uint64_t v)
{
	int i = pos / 64, b = pos % 64;
	uint64_t lo = v << b, hi = b ? v >> (64 - b) : 0, c;

	c = w->word[i] < lo;
	w->word[i] -= lo;
	for (i++; i < ARBI_WEIGHT_WORDS && (hi || c); i++) {
		uint64_t t = w->word[i], c1 = t < hi;

		t -= hi;
		c1 |= t < c;
		t -= c;
		w->word[i] = t;
		c = c1;
		hi = 0;
	}
}

/* w |= 2^bit */
static inline void w_or_pow2(arbI_weight *w, int bit)
{
	arbI_weight_set_bits(w, bit, 1, 1);
}

static inline int bits_for(int v)
{
	int b = 0;

	while (v > 0) {
		b++;
		v >>= 1;
	}
	return b;
}

static inline int score_acc(const dplayer *p)
{
	return p->score + p->acc;
}

static inline int abs_imbalance(const dplayer *p)
{
	return p->imbalance > 1;
}

static inline int abs_pref(const dplayer *p)
{
	return p->imbalance > 1 || p->repeated;
}

static inline int prefs_compatible(char a, char b)
{
	return a != b || !a || !b;
}

static inline char invert(char c)
{
	return c == 'w' ? 'b' : c == 'b' ? 'w' : 0;
}

/* A table of weights, each in the layout's words only (dutch.nw): the
 * words above are 0. */
typedef struct wtab {
	uint64_t *w;
	int nw;
} wtab;

/* t's k-th weight into *out. */
static inline void wt_get(const wtab *t, size_t k, arbI_weight *out)
{
	memcpy(out->word, t->w + k * (size_t)t->nw, (size_t)t->nw * sizeof out->word[0]);
	memset(out->word + t->nw, 0, (size_t)(ARBI_WEIGHT_WORDS - t->nw) * sizeof out->word[0]);
}

/* t's k-th weight set to *w (within the layout's words). */
static inline void wt_put(wtab *t, size_t k, const arbI_weight *w)
{
	memcpy(t->w + k * (size_t)t->nw, w->word, (size_t)t->nw * sizeof w->word[0]);
}

/* t's k-th weight set to 0. */
static inline void wt_zero(wtab *t, size_t k)
{
	memset(t->w + k * (size_t)t->nw, 0, (size_t)t->nw * sizeof t->w[0]);
}

/* The index of base[i][j], i > j, in the lower triangle of the bracket's
 * weights (indices in the bracket's player list). */
static inline size_t B(int i, int j)
{
	return (size_t)i * (size_t)(i - 1) / 2 + (size_t)j;
}

/* dutch.c: may the players of vertices a and b meet (C1, C3, 260)? */
int arbI_dutch_compatible(const dutch *d, int a, int b);
/* dutch.c: edge {a, b} set to w (w 0: removed). */
void arbI_dutch_set_edge(dutch *d, int a, int b, const arbI_weight *w);
/* dutch.c: edge {a, b} removed. */
void arbI_dutch_remove_edge(dutch *d, int a, int b);
/* dutch.c: matches again; d->mate[v] == v for an unmatched vertex. 0, or -1
 * with d->nomem set. */
int arbI_dutch_solve(dutch *d);
/* dutch.c: the pair {a, b} decided (its edge d->maxw, the others gone). */
void arbI_dutch_finalize(dutch *d, int a, int b);
/* dutch.c: d->mate pairs everyone but at most one player, who may take the
 * bye. */
int arbI_dutch_complete(const dutch *d);

/* dutch.c: arbI_dutch_pair with an alternative forced: the pair {ban,
 * ban_with} not allowed (ban_with 0: the bye not for player ban; ban 0:
 * nothing), and with keep non-NULL the round's state kept there on success
 * (free it with arbI_dutch_free). */
arb_status arbI_dutch_run(const arb_tournament *t, int r, arbI_dutch_edition edition, int ban,
			  int ban_with, dutch *keep, arb_pairing **out, arb_error *err);
/* dutch.c: frees what the state holds (not d). */
void arbI_dutch_free(dutch *d);
/* dutch.c: the colour p gets against q (E.1-E.5), the rule that decided
 * into *why (may be NULL; a static string). */
char arbI_dutch_colour(const dutch *d, const dplayer *p, const dplayer *q, const char **why);

/* The 2017 rules (ARBI_DUTCH_2017) differ in dutch.c by edition: the
 * floats and the bye's eligibility, no C9, no criterion lowering the bye's
 * score, and completion (C4) only in the last bracket and in the
 * penultimate pairing bracket (PPB, A.9), which is paired again with all
 * the players below it (the collapsed last bracket) when its downfloaters
 * leave a round that cannot be completed. */

#endif /* ARBITER_DUTCH_H */
