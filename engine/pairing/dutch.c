/*
 * dutch.c -- the FIDE Dutch system (Handbook C.04.3, with C.04.1 and
 * C.04.2), revised rules (in force 2026): a round paired bracket by
 * bracket, each bracket's choices made by maximum-weight matchings over the
 * whole round (matching.c), so that a bracket's pairing always leaves the
 * rest of the round completable (C4) and every criterion is an optimum, not
 * a search.
 *
 * The weight of an edge {higher, lower} is a wide integer whose bit fields,
 * most significant first, are the criteria in their order of priority:
 *
 *   completion and the bye (C1-C4, C.04.1 d): 1 + one per player who may not
 *       take the pairing-allocated bye; 0 when the absolute criteria forbid
 *       the game (a rematch, a prohibited pair, two equal absolute colour
 *       preferences outside the last round's topscorers: C3);
 *   the pairs of the current bracket (C5), the scores they pair (C6);
 *   the pairs and scores of the next bracket (C7);
 *   the bye's assignee with fewer unplayed games (C9, new in the revision);
 *   colour criteria (C10-C13): absolute imbalances, absolute preferences,
 *       preferences, strong preferences;
 *   floats repeated from one and two rounds before (C14-C17) and their
 *       scores (C18-C21);
 *   the low bits: room for the bracket's own order (B.3, B.4: exchanges,
 *       the order of S1 and S2).
 *
 * A field is wide enough that no sum over a matching carries into the next
 * one, so comparing two matchings' totals compares the criteria in order.
 * Score fields give each score group its own sub-field (a pair's score is
 * counted in the sub-field of its group), so "more pairs of higher
 * scores" compares lexicographically by group.
 *
 * The brackets are then settled as the rules settle them: which
 * moved-down players are paired (the highest first), their opponents (the
 * first in order that keeps the optimum), the players exchanged between S1
 * and S2 (the fewest, the smallest difference of numbers), and each S1
 * player's opponent in turn. Each choice is tried by changing a few edge
 * weights and matching again; an edge decided is fixed at the largest
 * weight.
 *
 * The arithmetic of the fields and the order of these steps follow the
 * construction of bbpPairings (Bierema Boyz Programming; FIDE-endorsed),
 * the reference the data of tests/data/tournaments/swiss/ comes from; no
 * code of it is used. docs/dutch.md says which article each step applies.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dutch.h"

/* ------------------------------------------------------------------------
 * The players
 * ---------------------------------------------------------------------- */

static int cell(const dutch *d, int index, int r, arb_tournament_cell *c)
{
	return arb_tournament_get_cell(d->t, index, r, c) == ARB_OK;
}

/* The points of a cell by the event's point system, in tenths. */
static int points(const dutch *d, const arb_tournament_cell *c)
{
	return arb_tournament_result_points(&d->info.points, c->result);
}

/* A cell the pairing made: a game, a forfeit, the pairing-allocated bye. */
static int paired(const arb_tournament_cell *c)
{
	return c->opponent != 0 || c->result == 'U' || c->result == '+';
}

/* The score of tournament player `index` before round r (1-based),
 * accelerated as round r is. */
static int score_before(const dutch *d, int index, int id, int r)
{
	int s = 0, k;
	arb_tournament_cell c;

	for (k = 1; k < r; k++)
		if (cell(d, index, k, &c))
			s += points(d, &c);
	k = arb_tournament_acceleration(d->t, id, r);
	return s + (k > 0 ? k : 0);
}

/* The float player p received k rounds before the round paired (A.4 b; an
 * unplayed round with more points than a loss is a downfloat). */
static int float_of(const dutch *d, const dplayer *p, int k)
{
	int r = d->round - k;
	arb_tournament_cell c;

	if (r < 1 || !cell(d, p->index, r, &c))
		return FLOAT_NONE;
	if (!arbI_pairing_is_game(&c)) /* 2017: every round not played is a downfloat */
		return d->edition == ARBI_DUTCH_2017 || points(d, &c) > d->info.points.loss ?
			       FLOAT_DOWN :
			       FLOAT_NONE;
	{
		int oi = arb_tournament_player_index(d->t, c.opponent);
		int mine = score_before(d, p->index, p->id, r);
		int theirs = oi >= 0 ? score_before(d, oi, c.opponent, r) : mine;

		return mine > theirs ? FLOAT_DOWN : mine < theirs ? FLOAT_UP : FLOAT_NONE;
	}
}

/* Colours, preferences and the bye's eligibility of p over the rounds
 * before the one paired (A.6; C.04.1 d). */
static int history(dutch *d, dplayer *p)
{
	int whites = 0, blacks = 0, run = 0, r;
	char last = 0;
	arb_tournament_cell c;

	p->colours = malloc((size_t)(d->history + 1));
	if (!p->colours)
		return -1;
	p->bye_ok = 1;
	p->score = 0;
	for (r = 1; r <= d->history; r++) {
		if (!cell(d, p->index, r, &c))
			continue;
		p->score += points(d, &c);
		if (arbI_pairing_is_game(&c)) {
			p->played++;
			if (c.color == 'w')
				whites++;
			else
				blacks++;
			run = run && c.color == last ? run + 1 : 1;
			last = c.color;
			p->colours[p->ncolours++] = c.color;
		} else if (arbI_pairing_bars_bye(&d->info.points, &c, d->edition)) {
			p->bye_ok = 0;
		}
	}
	p->imbalance = whites > blacks ? whites - blacks : blacks - whites;
	{
		char lower = whites > blacks ? 'b' : 'w';

		p->pref = p->imbalance > 1 ? lower :
			  run > 1          ? (last == 'w' ? 'b' : 'w') :
			  p->imbalance > 0 ? lower :
			  run              ? (last == 'w' ? 'b' : 'w') :
					     0;
	}
	p->repeated = run > 1 ? last : 0;
	p->strong = !(p->imbalance > 1 || p->repeated) && p->imbalance > 0;
	return 0;
}

/* qsort order: accelerated score down, then rank up. */
static int by_score_rank(const void *a, const void *b)
{
	const dplayer *x = a, *y = b;

	if (score_acc(x) != score_acc(y))
		return score_acc(x) > score_acc(y) ? -1 : 1;
	return x->rank - y->rank;
}

/* The players of round r: every player without a bye or absence known for
 * the round. A player is counted in the ranks unless his only entry is
 * that bye and he never took part in a pairing (a late entry absent). */
static arb_status gather(dutch *d)
{
	int n = arb_tournament_player_count(d->t), i, rank = 0;

	d->pl = calloc((size_t)(n ? n : 1), sizeof *d->pl);
	if (!d->pl)
		return ARB_E_NOMEM;
	for (i = 0; i < n; i++) {
		arb_tournament_player tp;
		arb_tournament_cell c;
		int k, took_part = 0, absent;

		arb_tournament_get_player(d->t, i, &tp);
		/* every player's number, paired or not: the arrays indexed by
		 * number (vid, taken) must reach the absent ones too */
		if (tp.id > d->maxid)
			d->maxid = tp.id;
		absent = cell(d, i, d->round, &c) && c.opponent == 0 &&
			 (c.result == 'H' || c.result == 'F' || c.result == 'Z');
		for (k = 1; k <= d->history; k++)
			if (cell(d, i, k, &c) && paired(&c))
				took_part = 1;
		if (absent && !took_part)
			continue; /* not a player of the pairing, not ranked */
		if (!absent) {
			dplayer *p = &d->pl[d->n++];

			p->id = tp.id;
			p->index = i;
			p->rank = rank;
			if (history(d, p) < 0)
				return ARB_E_NOMEM;
			k = arb_tournament_acceleration(d->t, tp.id, d->round);
			p->acc = k > 0 ? k : 0;
		}
		rank++;
	}
	qsort(d->pl, (size_t)d->n, sizeof *d->pl, by_score_rank);
	for (i = 0; i < d->n; i++) {
		dplayer *p = &d->pl[i];

		p->fl[1] = float_of(d, p, 1);
		p->fl[2] = float_of(d, p, 2);
	}
	return ARB_OK;
}

/* The games played before the round, and the prohibited pairs, as a vertex
 * matrix. */
static arb_status meetings(dutch *d)
{
	int v, r;

	d->vid = malloc(sizeof *d->vid * (size_t)(d->maxid + 1));
	d->met = calloc((size_t)d->n * (size_t)(d->n ? d->n : 1), 1);
	if (!d->vid || !d->met)
		return ARB_E_NOMEM;
	for (v = 0; v <= d->maxid; v++)
		d->vid[v] = -1;
	for (v = 0; v < d->n; v++)
		d->vid[d->pl[v].id] = v;
	for (v = 0; v < d->n; v++)
		for (r = 1; r <= d->history; r++) {
			arb_tournament_cell c;

			if (cell(d, d->pl[v].index, r, &c) && arbI_pairing_is_game(&c) &&
			    c.opponent >= 0 && c.opponent <= d->maxid && d->vid[c.opponent] >= 0) {
				int u = d->vid[c.opponent];

				d->met[(size_t)v * (size_t)d->n + (size_t)u] = 1;
				d->met[(size_t)u * (size_t)d->n + (size_t)v] = 1;
			}
		}
	/* prohibited pairings covering the round (record 260), absolute as a
	 * rematch is */
	for (int k = 0; k < arb_tournament_prohibited_count(d->t); k++) {
		int first, last, nids = 0, *ids;

		if (arb_tournament_prohibited_get(d->t, k, &first, &last, NULL, 0, &nids) !=
			    ARB_OK ||
		    d->round < first || d->round > last || nids < 2)
			continue;
		ids = malloc(sizeof *ids * (size_t)nids);
		if (!ids)
			return ARB_E_NOMEM;
		arb_tournament_prohibited_get(d->t, k, NULL, NULL, ids, nids, &nids);
		for (int i = 0; i < nids; i++)
			for (int j = 0; j < nids; j++) {
				int a = ids[i] >= 0 && ids[i] <= d->maxid ? d->vid[ids[i]] : -1;
				int b = ids[j] >= 0 && ids[j] <= d->maxid ? d->vid[ids[j]] : -1;

				if (a >= 0 && b >= 0 && a != b)
					d->met[(size_t)a * (size_t)d->n + (size_t)b] = 1;
			}
		free(ids);
	}
	return ARB_OK;
}

/* The absolute criteria: may the players of vertices a and b meet? */
int arbI_dutch_compatible(const dutch *d, int a, int b)
{
	const dplayer *x = &d->pl[a], *y = &d->pl[b];

	if (d->met[(size_t)a * (size_t)d->n + (size_t)b])
		return 0;
	if (!abs_pref(x) || !abs_pref(y) || x->pref != y->pref)
		return 1;
	/* C3: topscorers of the last round may meet whatever their colours */
	return d->last_round &&
	       (score_acc(x) > d->top_threshold || score_acc(y) > d->top_threshold);
}

/* ------------------------------------------------------------------------
 * The weights
 * ---------------------------------------------------------------------- */

static int bye_candidate(const dutch *d, int v, int bye_score)
{
	return d->pl[v].bye_ok && score_acc(&d->pl[v]) <= bye_score;
}

/* 2017: the shift of score difference x's field in the C6 region. */
static int psd_shift(const dutch *d, int x)
{
	int lo = 0, hi = d->npsd - 1;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (d->psd_vals[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo * d->psdb;
}

/* The C9 rank of the games played (0 for an unknown count). */
static uint64_t c9_rank(const dutch *d, int played)
{
	return played >= 0 && played <= d->history ? (uint64_t)d->ranks[played] : 0;
}

/* 2017: the SD of vertex x's score in the bracket (A.8: over one point below
 * another's for a downfloater), as its field's shift. */
static int sd_shift(const dutch *d, int x)
{
	return psd_shift(d, score_acc(&d->pl[x]) - d->bracket_lo + 10);
}

/* C4's count of the pair {h, l}: 1, and one for each player who may not
 * take the bye. */
static uint64_t c4_count(const dutch *d, int h, int l)
{
	return 1u + !bye_candidate(d, h, d->bye_score) + !bye_candidate(d, l, d->bye_score);
}

/*
 * The weight of the edge {h, l} (vertices; h the higher in the order) for
 * the bracket in hand: `h_cur` when h is in the current bracket, `in_cur`
 * when l is, `in_next` when l is in the next. The fields are those the
 * file's header lists, each added at its place from the top of the layout
 * (d->lbits) down.
 */
static void edge_weight(const dutch *d, int h, int l, int h_cur, int in_cur, int in_next,
			arbI_weight *out)
{
	const dplayer *H = &d->pl[h], *L = &d->pl[l];
	int sh = score_acc(H), sl = score_acc(L);
	int psd = d->npsd * d->psdb, y2017 = d->edition == ARBI_DUTCH_2017;
	arbI_weight *w = out;
	int pos = d->lbits - 2; /* the field's place: from the top down */

	w_zero(w);
	if (!arbI_dutch_compatible(d, h, l))
		return;
	if (d->completion)
		w_add_at(w, pos, c4_count(d, h, l));
	/* C5, C6: the pairs and scores of the current bracket */
	pos -= d->sgsb;
	w_add_at(w, pos, (uint64_t)in_cur);
	if (y2017) {
		/* C6 (2017): the PSD, least first from its highest difference:
		 * the pair's SD in, the two players' downfloater SDs out */
		pos -= psd;
		if (in_cur) {
			w_add_at(w, pos + sd_shift(d, h), 1);
			w_add_at(w, pos + sd_shift(d, l), 1);
			w_sub_at(w, pos + psd_shift(d, sh > sl ? sh - sl : sl - sh), 1);
		}
	} else {
		pos -= d->sgs;
		if (in_cur)
			w_add_at(w, pos + d->group[h], 1);
	}
	/* C7: the next bracket, its pairs and their scores (2017, in the final
	 * brackets: every pair, and the bye's eligibility, C4) */
	pos -= d->c7b;
	if (y2017 && d->final && !d->completion)
		w_add_at(w, pos, c4_count(d, h, l));
	else if (!y2017 || !d->completion)
		w_add_at(w, pos, (uint64_t)in_next);
	if (y2017) {
		/* the PSD of the next bracket: the SDs of the players of the
		 * current one it pairs, as a downfloater's (A.8) */
		pos -= psd;
		if (!d->completion) {
			if (h_cur)
				w_add_at(w, pos + sd_shift(d, h), 1);
			if (in_cur)
				w_add_at(w, pos + sd_shift(d, l), 1);
		}
	} else {
		pos -= d->sgs;
		if (in_next)
			w_add_at(w, pos + d->group[h], 1);
	}
	/* C9: the bye's assignee with fewer unplayed games */
	pos -= d->sgsb;
	pos -= d->sgsb;
	if (d->single_bye && !y2017) {
		if (sh == d->bye_score)
			w_add_at(w, pos, c9_rank(d, H->played));
		if (sl == d->bye_score)
			w_add_at(w, pos, c9_rank(d, L->played));
	}
	/* C10-C13: colours (player = the lower, opponent = the higher) */
	pos -= d->sgsb;
	w_add_at(w, pos,
		 (uint64_t)(in_cur &&
			    (!abs_imbalance(L) || !abs_imbalance(H) || L->pref != H->pref)));
	pos -= d->sgsb;
	{
		int ok = !abs_pref(L) || !abs_pref(H) || L->pref != H->pref;

		if (!ok) {
			if (L->imbalance == H->imbalance)
				ok = !L->repeated || L->repeated != H->repeated;
			else
				ok = (L->imbalance > H->imbalance ? H : L)->repeated !=
				     invert(L->pref);
		}
		w_add_at(w, pos, (uint64_t)(in_cur && ok));
	}
	pos -= d->sgsb;
	w_add_at(w, pos, (uint64_t)(in_cur && prefs_compatible(L->pref, H->pref)));
	pos -= d->sgsb;
	w_add_at(w, pos,
		 (uint64_t)(in_cur &&
			    ((!L->strong && !abs_pref(L)) || (!H->strong && !abs_pref(H)) ||
			     (abs_pref(L) && abs_pref(H)) || L->pref != H->pref)));
	/* C14-C17: floats repeated */
	for (int k = 1; k <= 2; k++) {
		if (d->history < k)
			break;
		pos -= d->sgsb;
		if (in_cur) {
			w_add_at(w, pos, (uint64_t)(L->fl[k] == FLOAT_DOWN));
			w_add_at(w, pos, (uint64_t)(sh <= sl && H->fl[k] == FLOAT_DOWN));
		}
		pos -= d->sgsb;
		if (in_cur)
			w_add_at(w, pos, (uint64_t) !(sh > sl && L->fl[k] == FLOAT_UP));
	}
	/* C18-C21: the scores of the floats repeated (2017, C18-C19: their
	 * SDs, as C6 counts them) */
	for (int k = 1; k <= 2; k++) {
		if (d->history < k)
			break;
		if (y2017) {
			pos -= psd;
			if (in_cur) {
				if (L->fl[k] == FLOAT_DOWN)
					w_add_at(w, pos + sd_shift(d, l), 1);
				if (H->fl[k] == FLOAT_DOWN) {
					w_add_at(w, pos + sd_shift(d, h), 1);
					if (sh > sl)
						w_sub_at(w, pos + psd_shift(d, sh - sl), 1);
				}
			}
			pos -= psd;
			if (in_cur && L->fl[k] == FLOAT_UP && sh > sl)
				w_sub_at(w, pos + psd_shift(d, sh - sl), 1);
			continue;
		}
		pos -= d->sgs;
		if (in_cur) {
			if (L->fl[k] == FLOAT_DOWN)
				w_add_at(w, pos + d->group[l], 1);
			if (H->fl[k] == FLOAT_DOWN)
				w_add_at(w, pos + d->group[h], 1);
		}
		pos -= d->sgs;
		if (in_cur && !(L->fl[k] == FLOAT_UP && sh > sl))
			w_add_at(w, pos + d->group[h], 1);
	}
	/* below pos: room for the bracket's order (exchanges and their
	 * differences, and the bit the steps below try), 3 sgsb + 1 bits */
}

/* The width of edge_weight's layout in bits. */
static int layout_bits(const dutch *d)
{
	int psd = d->npsd * d->psdb;
	int c6 = d->edition == ARBI_DUTCH_2017 ? psd : d->sgs;
	int b = 2 + d->sgsb + 2 * c6 + d->c7b + 2 * d->sgsb + 4 * d->sgsb;

	for (int k = 1; k <= 2; k++)
		if (d->history >= k)
			b += 2 * d->sgsb + 2 * c6;
	return b + 3 * d->sgsb + 1;
}

/* ------------------------------------------------------------------------
 * The matching
 * ---------------------------------------------------------------------- */

void arbI_dutch_remove_edge(dutch *d, int a, int b)
{
	arbI_matcher_remove_edge(d->matcher, a, b);
}

void arbI_dutch_set_edge(dutch *d, int a, int b, const arbI_weight *w)
{
	if (arbI_weight_is_zero(w))
		arbI_matcher_remove_edge(d->matcher, a, b);
	else if (arbI_matcher_set_edge(d->matcher, a, b, w, NULL) != ARB_OK)
		d->nomem = 1; /* cannot happen: every weight is within the maximum */
}

/* Matches again (from the last matching: the matcher repairs what the edge
 * changes since undid); mate[v] is v for an unmatched vertex. */
int arbI_dutch_solve(dutch *d)
{
	if (arbI_matcher_solve(d->matcher, d->mate, NULL) != ARB_OK) {
		d->nomem = 1;
		return -1;
	}
	for (int v = 0; v < d->n; v++)
		if (d->mate[v] < 0)
			d->mate[v] = v;
	return 0;
}

/* The pair {a, b} decided: its edge the largest weight, every other edge
 * of a and b gone. */
void arbI_dutch_finalize(dutch *d, int a, int b)
{
	for (int v = 0; v < d->n; v++) {
		if (v != a && v != b) {
			arbI_matcher_remove_edge(d->matcher, a, v);
			arbI_matcher_remove_edge(d->matcher, b, v);
		}
	}
	arbI_dutch_set_edge(d, a, b, &d->maxw);
}

/* ------------------------------------------------------------------------
 * Colours and board order (C.04.3 E; C.04.2 D)
 * ---------------------------------------------------------------------- */

/* Is x ranked above y (accelerated score, then rank)? */
static int above(const dplayer *x, const dplayer *y)
{
	if (score_acc(x) != score_acc(y))
		return score_acc(x) > score_acc(y);
	return x->rank < y->rank;
}

/* E.1-E.4: the colour p gets against q when the preferences decide, else 0;
 * the rule that decided into *why. */
static char neutral_colour(const dplayer *p, const dplayer *q, const char **why)
{
	*why = "E.1: both colour preferences granted";
	if (prefs_compatible(p->pref, q->pref))
		return p->pref ? p->pref : q->pref ? invert(q->pref) : 0;
	*why = "E.2: the stronger preference (absolute, the wider colour difference)";
	if (abs_pref(p) && (p->imbalance > q->imbalance || !abs_pref(q)))
		return p->pref;
	if (abs_pref(q) && (q->imbalance > p->imbalance || !abs_pref(p)))
		return invert(q->pref);
	*why = "E.2: the stronger preference (strong against mild)";
	if (p->strong && !q->strong)
		return p->pref;
	if (q->strong && !p->strong)
		return invert(q->pref);
	/* E.3: alternate from the latest round in which they had different colours */
	*why = "E.3: colours alternated from the latest round they had different ones";
	{
		int i = p->ncolours - 1, j = q->ncolours - 1;

		while (i >= 0 && j >= 0 && p->colours[i] == q->colours[j]) {
			i--;
			j--;
		}
		if (i >= 0 && j >= 0)
			return q->colours[j];
	}
	return 0;
}

char arbI_dutch_colour(const dutch *d, const dplayer *p, const dplayer *q, const char **why)
{
	const char *dummy;
	char c, first = d->info.first_color == 'b' ? 'b' : 'w';

	if (!why)
		why = &dummy;
	c = neutral_colour(p, q, why);
	if (c)
		return c;
	if (!p->pref) {
		/* E.5: the higher ranked player's pairing number decides */
		*why = "E.5: the higher ranked player's pairing number and the initial colour";
		if (above(q, p))
			return q->rank & 1 ? first : invert(first);
		return p->rank & 1 ? invert(first) : first;
	}
	/* E.4: the higher ranked player's preference */
	*why = "E.4: the higher ranked player's preference";
	return above(q, p) ? invert(q->pref) : p->pref;
}

/* Board order (C.04.2 D.9, as the endorsed engines read it): the higher
 * score of the pair's higher player, then the lower player's score (both
 * without acceleration), then the higher player's rank. */
typedef struct dboard {
	const dplayer *hi, *lo;
	int white, black;
} dboard;

static int hi_first(const dplayer *x, const dplayer *y)
{
	if (x->score != y->score)
		return x->score > y->score;
	return x->rank < y->rank;
}

static int by_board(const void *a, const void *b)
{
	const dboard *x = a, *y = b;

	if (x->hi->score != y->hi->score)
		return x->hi->score > y->hi->score ? -1 : 1;
	if (x->lo->score != y->lo->score)
		return x->lo->score > y->lo->score ? -1 : 1;
	return x->hi->rank - y->hi->rank;
}

/* ------------------------------------------------------------------------
 * The round
 * ---------------------------------------------------------------------- */

/* Score groups: each group's shift, the lowest group at 0, and the widths. */
static arb_status layout(dutch *d)
{
	int v, top = d->n - 1, shift = 0, biggest = 0;

	d->group = malloc(sizeof *d->group * (size_t)(d->n ? d->n : 1));
	if (!d->group)
		return ARB_E_NOMEM;
	for (v = d->n - 1; v >= 0; v = top) {
		int s = score_acc(&d->pl[v]), size = 0, u;

		for (top = v; top >= 0 && score_acc(&d->pl[top]) == s; top--)
			size++;
		for (u = v; u > top; u--)
			d->group[u] = shift;
		shift += bits_for(size);
		biggest = size > biggest ? size : biggest;
	}
	d->sgs = shift;
	d->sgsb = bits_for(biggest);
	/* 2017: C7 counts in the final brackets 1 to 3 a pair (C4), n / 2 pairs */
	d->c7b = d->edition == ARBI_DUTCH_2017 ? bits_for(3 * (d->n / 2)) : d->sgsb;
	if (d->c7b < d->sgsb)
		d->c7b = d->sgsb;
	if (d->edition == ARBI_DUTCH_2017) {
		/* the differences between two scores, and a score's over one
		 * point below another (a downfloater's SD, A.8) */
		int *sc = malloc(sizeof *sc * (size_t)(d->n ? d->n : 1)), ns = 0, i, j, k;

		if (!sc)
			return ARB_E_NOMEM;
		for (v = 0; v < d->n; v++)
			if (!ns || sc[ns - 1] != score_acc(&d->pl[v]))
				sc[ns++] = score_acc(&d->pl[v]);
		d->psd_vals = malloc(sizeof *d->psd_vals * ((size_t)ns * (size_t)ns * 2 + 1));
		if (!d->psd_vals) {
			free(sc);
			return ARB_E_NOMEM;
		}
		d->npsd = 0;
		for (i = 0; i < ns; i++)
			for (j = i; j < ns; j++) {
				d->psd_vals[d->npsd++] = sc[i] - sc[j];
				d->psd_vals[d->npsd++] = sc[i] - sc[j] + 10;
			}
		free(sc);
		/* sort, unique (insertion: the list is short) */
		for (i = 1; i < d->npsd; i++)
			for (j = i; j > 0 && d->psd_vals[j - 1] > d->psd_vals[j]; j--) {
				k = d->psd_vals[j];
				d->psd_vals[j] = d->psd_vals[j - 1];
				d->psd_vals[j - 1] = k;
			}
		for (i = j = 0; i < d->npsd; i++)
			if (!j || d->psd_vals[j - 1] != d->psd_vals[i])
				d->psd_vals[j++] = d->psd_vals[i];
		d->npsd = j;
		d->psdb = bits_for(d->n) + 1; /* |a field's total| <= n */
	}
	return ARB_OK;
}

static arb_status fail(dutch *d, arb_status st, const char *why)
{
	return arbI_err_report(d->err, st, 0, "round %d: %s", d->round, why);
}

/* The matching is a pairing of the whole round: everyone matched but at
 * most one player, who may take the bye. */
int arbI_dutch_complete(const dutch *d)
{
	int alone = 0;

	for (int v = 0; v < d->n; v++)
		if (d->mate[v] == v) {
			if (alone || !d->pl[v].bye_ok)
				return 0;
			alone = 1;
		}
	return 1;
}

/* Sets every edge to its weight before any bracket (C4 and the bye only),
 * and decides the bye's score and C9. Returns 0, or -1 with no pairing. */
static int start(dutch *d)
{
	int v, u;
	arbI_weight w;

	for (v = 0; v < d->n; v++)
		for (u = 0; u < v; u++) {
			if (d->n & 1) {
				w_zero(&w);
				if (arbI_dutch_compatible(d, v, u)) {
					w_add(&w, 1u + !d->pl[v].bye_ok + !d->pl[u].bye_ok);
					w_shl(&w, d->sgs);
					w_add(&w, (uint64_t)d->group[v] + (uint64_t)d->group[u]);
					w_shl(&w, d->sgsb);
					w_add(&w, (uint64_t)(score_acc(&d->pl[v]) >=
							     score_acc(&d->pl[0])));
				}
			} else {
				d->bye_score = 0;
				d->single_bye = 0;
				edge_weight(d, u, v, 0, 0, 0, &w);
			}
			arbI_dutch_set_edge(d, v, u, &w);
		}
	if (arbI_dutch_solve(d) < 0)
		return -1;
	if (!arbI_dutch_complete(d))
		return -2;
	d->single_bye = 0;
	if (!(d->n & 1))
		return 0;
	for (v = 0; v < d->n && d->mate[v] != v; v++)
		;
	d->bye_score = score_acc(&d->pl[v]);
	if (d->edition == ARBI_DUTCH_2017) {
		/* 2017: no criterion lowers the bye's score; the brackets, paired
		 * from the top, leave it to whoever the last one leaves (C4 only
		 * asks that someone eligible can take it) */
		d->bye_score = INT_MAX;
		goto weights;
	}
	{
		int topscore = score_acc(&d->pl[0]);

		if (d->bye_score >= topscore) {
			d->single_bye = 1;
			for (v = 0; v < d->n && score_acc(&d->pl[v]) >= topscore; v++)
				if (score_acc(&d->pl[d->mate[v]]) < topscore) {
					d->single_bye = 0;
					break;
				}
		}
	}
	/* C9's ranks: the players of the bye's score by games played, most
	 * first; equal counts take the last rank of their run */
	{
		int *counts = malloc(sizeof *counts * (size_t)(d->n > 0 ? d->n : 1)), m = 0, i, j;

		if (!counts) {
			d->nomem = 1;
			return -1;
		}
		for (v = 0; v < d->n; v++)
			if (score_acc(&d->pl[v]) == d->bye_score)
				counts[m++] = d->pl[v].played;
		for (i = 1; i < m; i++) /* descending insertion sort: m is small */
			for (j = i; j > 0 && counts[j - 1] < counts[j]; j--) {
				int x = counts[j];
				counts[j] = counts[j - 1];
				counts[j - 1] = x;
			}
		for (i = 0; i <= d->history; i++)
			d->ranks[i] = 0;
		for (i = 0; i < m; i++)
			if (counts[i] >= 0 && counts[i] <= d->history)
				d->ranks[counts[i]] = i;
		free(counts);
	}
weights:
	for (v = 0; v < d->n; v++)
		for (u = 0; u < v; u++) {
			edge_weight(d, u, v, 0, 0, 0, &w);
			arbI_dutch_set_edge(d, v, u, &w);
		}
	return 0;
}

/* The bracket weight with the exchange terms (B.3): fewer players exchanged
 * first, then the smaller difference of their numbers. */
static void exchange_weight(const dutch *d, const wtab *base, int small, int large, int small_rem,
			    int rem_pairs, arbI_weight *out)
{
	wt_get(base, B(large, small), out);
	if (!arbI_weight_is_zero(out)) {
		arbI_weight add;

		arbI_weight_set_u64(&add, (uint64_t)(small_rem < rem_pairs));
		w_shl(&add, d->sgsb);
		w_shl(&add, d->sgsb);
		arbI_weight_sub(&add, &add, &(arbI_weight){{(uint64_t)small_rem}});
		w_shl(&add, 1);
		arbI_weight_add(out, out, &add);
	}
}

static int in_range(int x, int lo, int hi)
{
	return x >= lo && x < hi;
}

/* 2017 (A.9): can the players not paired yet (cur[0..len) not matched, and
 * the vertices from `below` on) complete the round: all paired but at most
 * one, who may take the bye? 1 or 0; -1 for no memory. */
static int completable(dutch *d, const int *cur, int len, const char *matched, int below)
{
	int *vs = malloc(sizeof *vs * (size_t)(d->n ? d->n : 1)), *mate = NULL, m = 0, i, j;
	int ok = -1, alone = 0;
	arbI_graph *g = NULL;

	if (!vs)
		return -1;
	for (i = 0; i < len; i++)
		if (!matched[cur[i]])
			vs[m++] = cur[i];
	for (i = below; i < d->n; i++)
		vs[m++] = i;
	mate = malloc(sizeof *mate * (size_t)(m ? m : 1));
	if (!mate || arbI_graph_new(m, &g, NULL) != ARB_OK)
		goto out;
	for (i = 0; i < m; i++)
		for (j = 0; j < i; j++)
			if (arbI_dutch_compatible(d, vs[i], vs[j])) {
				arbI_weight w = {
					{1u + !d->pl[vs[i]].bye_ok + !d->pl[vs[j]].bye_ok}};

				if (arbI_graph_set_edge(g, i, j, &w, NULL) != ARB_OK)
					goto out;
			}
	if (arbI_graph_match(g, ARBI_MATCH_MAX_CARDINALITY, mate, NULL, NULL) != ARB_OK)
		goto out;
	ok = 1;
	for (i = 0; i < m && ok; i++)
		if (mate[i] < 0) {
			if (alone || !d->pl[vs[i]].bye_ok)
				ok = 0;
			alone = 1;
		}
out:
	arbI_graph_free(g);
	free(mate);
	free(vs);
	return ok;
}

/* Pairs the brackets in turn; the pairs into pair_of (vertex -> vertex, -1
 * for the bye). */
static arb_status brackets(dutch *d, int *pair_of)
{
	int n = d->n, v;
	int *cur = malloc(sizeof *cur * (size_t)(n ? n : 1));
	int *nxt = malloc(sizeof *nxt * (size_t)(n ? n : 1));
	int *rem = malloc(sizeof *rem * (size_t)(n ? n : 1));
	char *matched = calloc((size_t)(n ? n : 1), 1);
	wtab base = {NULL, d->nw};
	int len = 0, next_it = 0, sgb = 0, sgbv = 0, special = 0;
	wtab saved = {NULL, d->nw}; /* 2017: the moved-down players' edges, for a PPB */
	arbI_weight w;
	arb_status st = ARB_OK;

	if (!cur || !nxt || !rem || !matched) {
		st = ARB_E_NOMEM;
		goto done;
	}
	for (v = 0; v < n; v++)
		pair_of[v] = -1;
	while (next_it < n && score_acc(&d->pl[next_it]) >= score_acc(&d->pl[0]))
		cur[len++] = next_it++;
	while (len > 1 || next_it < n) {
		int nsgb = len, nsgbv = sgbv + (nsgb - sgb), sgi = next_it, i, j;

		/* 2017: the last bracket and the PPB take every player left
		 * and complete the round; the others look one group ahead and
		 * ignore the players below it */
		if (d->edition == ARBI_DUTCH_2017 && next_it >= n)
			special = 1;
		while (next_it < n &&
		       (special || score_acc(&d->pl[next_it]) >= score_acc(&d->pl[sgi])))
			cur[len++] = next_it++;
		d->completion = d->edition != ARBI_DUTCH_2017 || special;
		d->final = next_it >= n && !special;
		if (!d->completion) {
			free(saved.w);
			saved.w = malloc(sizeof *saved.w * (size_t)d->nw *
					 ((size_t)sgb * (size_t)sgb + 1));
			if (!saved.w) {
				st = ARB_E_NOMEM;
				goto done;
			}
			for (i = 0; i < sgb; i++)
				for (j = 0; j < i; j++)
					if (arbI_graph_edge(d->g, cur[i], cur[j], &w))
						wt_put(&saved, (size_t)i * (size_t)sgb + (size_t)j,
						       &w);
					else
						wt_zero(&saved,
							(size_t)i * (size_t)sgb + (size_t)j);
			for (i = 0; i < len; i++)
				for (v = next_it; v < n; v++)
					arbI_matcher_remove_edge(d->matcher, cur[i], v);
		}
		d->bracket_lo = score_acc(&d->pl[cur[len - 1]]);
		/* the bracket's weights: rows from the residents on */
		free(base.w);
		base.w = malloc(sizeof *base.w * (size_t)d->nw *
				((len > 1 ? (size_t)len * (size_t)(len - 1) / 2 : 0) + 1));
		if (!base.w) {
			st = ARB_E_NOMEM;
			goto done;
		}
		for (i = 0; i < len; i++)
			for (j = 0; j < i; j++) {
				if (i < sgb) {
					wt_zero(&base, B(i, j));
					continue;
				}
				edge_weight(d, cur[j], cur[i], j < nsgb, i < nsgb, i >= nsgb, &w);
				wt_put(&base, B(i, j), &w);
				arbI_dutch_set_edge(d, cur[i], cur[j], &w);
			}
		if (arbI_dutch_solve(d) < 0)
			goto nomem;

		/* the moved-down players paired in the bracket (the highest first) */
		{
			int md_score = 0, md_left = 0, md_matchable = 0;

			for (i = 0; i < sgb; i++) {
				int pv = cur[i];

				if (!i || score_acc(&d->pl[pv]) < md_score) {
					md_score = score_acc(&d->pl[pv]);
					md_matchable = md_left = 0;
					for (j = i;
					     j < len && score_acc(&d->pl[cur[j]]) >= md_score;
					     j++) {
						md_left++;
						if (in_range(d->mate[cur[j]], sgbv, nsgbv))
							md_matchable++;
					}
				}
				if (!md_matchable)
					continue;
				if (md_left <= md_matchable) {
					matched[pv] = 1;
					continue;
				}
				md_left--;
				if (!in_range(d->mate[pv], sgbv, nsgbv)) {
					for (j = sgb; j < nsgb; j++) {
						wt_get(&base, B(j, i), &w);

						if (!arbI_weight_is_zero(&w)) {
							w.word[0] |= 1u;
							arbI_dutch_set_edge(d, pv, cur[j], &w);
						}
					}
					if (arbI_dutch_solve(d) < 0)
						goto nomem;
				}
				if (in_range(d->mate[pv], sgbv, nsgbv)) {
					matched[pv] = 1;
					md_matchable--;
					for (j = sgb; j < nsgb; j++) {
						wt_get(&base, B(j, i), &w);

						if (!arbI_weight_is_zero(&w)) {
							w.word[0] |= (uint64_t)(nsgb - sgb);
							w_add(&w, 1);
							arbI_dutch_set_edge(d, pv, cur[j], &w);
						}
					}
				}
			}
		}
		/* their opponents: the first in S2's order that keeps the optimum */
		for (i = 0; i < sgb; i++) {
			int pv = cur[i];
			uint64_t addend = (uint64_t)len;

			if (!matched[pv])
				continue;
			for (j = nsgb - 1; j >= sgb; j--) {
				if (matched[cur[j]])
					continue;
				wt_get(&base, B(j, i), &w);
				if (!arbI_weight_is_zero(&w)) {
					w_add(&w, addend);
					arbI_dutch_set_edge(d, pv, cur[j], &w);
					addend++;
				}
			}
			if (arbI_dutch_solve(d) < 0)
				goto nomem;
			matched[d->mate[pv]] = 1;
			arbI_dutch_finalize(d, pv, d->mate[pv]);
		}

		/* the remainder: its players, and how many pairs it makes */
		{
			int nrem = 0, rem_pairs = 0, first_end, exchanges = 0, left, k;

			for (i = sgb; i < nsgb; i++) {
				int pv = cur[i];

				if (d->mate[pv] < sgbv)
					continue;
				rem[nrem++] = i;
				if (d->mate[pv] < pv)
					rem_pairs++;
			}
			first_end = rem_pairs; /* S1 is rem[0 .. rem_pairs) */
			for (k = 0; k < nrem; k++)
				for (int m = 0; m < k; m++) {
					exchange_weight(d, &base, rem[m], rem[k], m, rem_pairs, &w);
					arbI_dutch_set_edge(d, cur[rem[m]], cur[rem[k]], &w);
				}
			if (arbI_dutch_solve(d) < 0)
				goto nomem;
			for (k = 0; k < first_end && k < nrem; k++) {
				int pv = cur[rem[k]];

				exchanges += d->mate[pv] <= pv || d->mate[pv] >= nsgbv;
			}
			/* S1's lower players to exchange, where possible */
			left = exchanges;
			for (k = first_end; k > 0 && left;) {
				int pv, ex;

				k--;
				pv = cur[rem[k]];
				if (d->mate[pv] > pv && d->mate[pv] < nsgbv) {
					for (int m = k + 1; m < nrem; m++) {
						exchange_weight(d, &base, rem[k], rem[m], k,
								rem_pairs, &w);
						if (!arbI_weight_is_zero(&w)) {
							w_sub(&w, 1);
							arbI_dutch_set_edge(d, pv, cur[rem[m]], &w);
						}
					}
					if (arbI_dutch_solve(d) < 0)
						goto nomem;
				}
				ex = d->mate[pv] <= pv || d->mate[pv] >= nsgbv;
				left -= ex;
				for (int m = k + 1; m < nrem; m++) {
					if (ex)
						wt_zero(&base, B(rem[m], rem[k]));
					exchange_weight(d, &base, rem[k], rem[m], k, rem_pairs, &w);
					arbI_dutch_set_edge(d, pv, cur[rem[m]], &w);
				}
			}
			/* S2's higher players to exchange, where possible */
			left = exchanges;
			for (k = first_end; k < nrem && left > 1; k++) {
				int pv = cur[rem[k]];
				int already = d->mate[pv] > pv && d->mate[pv] < nsgbv, ex;

				if (!already) {
					for (int m = k + 1; m < nrem; m++) {
						exchange_weight(d, &base, rem[k], rem[m], k,
								rem_pairs, &w);
						if (!arbI_weight_is_zero(&w)) {
							w_add(&w, 1);
							arbI_dutch_set_edge(d, pv, cur[rem[m]], &w);
						}
					}
					if (arbI_dutch_solve(d) < 0)
						goto nomem;
				}
				ex = d->mate[pv] > pv && d->mate[pv] < nsgbv;
				if (ex) {
					left--;
					for (int m = 0; m < k; m++) {
						wt_zero(&base, B(rem[k], rem[m]));
						arbI_dutch_remove_edge(d, pv, cur[rem[m]]);
					}
					for (int m = nsgb; m < len; m++) {
						wt_zero(&base, B(m, rem[k]));
						arbI_dutch_remove_edge(d, pv, cur[m]);
					}
				}
				if (!already)
					for (int m = k + 1; m < nrem; m++) {
						exchange_weight(d, &base, rem[k], rem[m], k,
								rem_pairs, &w);
						arbI_dutch_set_edge(d, pv, cur[rem[m]], &w);
					}
			}
			/* the exchanges decided: S1 and S2 fixed, the exchange bits gone */
			for (k = 0; k < nrem; k++) {
				int pv = cur[rem[k]];

				for (int m = k + 1; m < nrem; m++) {
					int ov = cur[rem[m]];

					if (d->mate[pv] <= pv || d->mate[pv] >= nsgbv ||
					    (d->mate[ov] > ov && d->mate[ov] < nsgbv))
						wt_zero(&base, B(rem[m], rem[k]));
					wt_get(&base, B(rem[m], rem[k]), &w);
					arbI_dutch_set_edge(d, pv, ov, &w);
				}
			}
			/* each S1 player's opponent in turn: the first in S2's order */
			for (k = 0; k < nrem; k++) {
				int pv = cur[rem[k]];
				uint64_t addend = 0;

				if (!(d->mate[pv] > pv && d->mate[pv] < nsgbv))
					continue;
				for (int m = nrem - 1; m >= 0; m--) {
					int ov = cur[rem[m]];
					if (rem[m] <= rem[k] || matched[ov])
						continue;
					wt_get(&base, B(rem[m], rem[k]), &w);
					if (!arbI_weight_is_zero(&w)) {
						w_add(&w, addend);
						arbI_dutch_set_edge(d, pv, ov, &w);
					}
					addend++;
				}
				if (arbI_dutch_solve(d) < 0)
					goto nomem;
				matched[pv] = 1;
				matched[d->mate[pv]] = 1;
				arbI_dutch_finalize(d, pv, d->mate[pv]);
			}
		}

		/* 2017 (A.9): downfloaters that leave a round that cannot be
		 * completed make this bracket the PPB: paired again, with the
		 * players below it and completion */
		if (!d->completion) {
			int ok = completable(d, cur, len, matched, next_it);

			if (ok < 0)
				goto nomem;
			if (!ok) {
				for (i = 0; i < len; i++)
					matched[cur[i]] = 0;
				for (i = 0; i < sgb; i++)
					for (j = 0; j < i; j++) {
						wt_get(&saved, (size_t)i * (size_t)sgb + (size_t)j,
						       &w);
						arbI_dutch_set_edge(d, cur[i], cur[j], &w);
					}
				len = nsgb;
				next_it = sgi;
				special = 1;
				continue;
			}
		}

		/* the next bracket: the players left (downfloaters first), then
		 * the next score group */
		{
			int nl = 0, new_sgb = 0;

			d->single_bye =
				(n & 1) && sgi < n && d->bye_score >= score_acc(&d->pl[sgi]);
			for (i = 0; i < len; i++) {
				int pv = cur[i];

				if (i < nsgb && matched[pv]) {
					pair_of[pv] = d->mate[pv];
					pair_of[d->mate[pv]] = pv;
				} else {
					nxt[nl++] = pv;
					if (i < nsgb)
						new_sgb++;
					if (d->single_bye &&
					    score_acc(&d->pl[d->mate[pv]]) < score_acc(&d->pl[sgi]))
						d->single_bye = 0;
				}
			}
			memcpy(cur, nxt, sizeof *cur * (size_t)nl);
			len = nl;
			sgb = new_sgb;
			sgbv = nsgbv;
		}
	}
	goto done;
nomem:
	st = ARB_E_NOMEM;
done:
	free(saved.w);
	free(base.w);
	free(cur);
	free(nxt);
	free(rem);
	free(matched);
	return st;
}

void arbI_dutch_free(dutch *d)
{
	if (d->pl)
		for (int i = 0; i < d->n; i++)
			free(d->pl[i].colours);
	free(d->pl);
	free(d->vid);
	free(d->met);
	free(d->group);
	free(d->mate);
	free(d->ranks);
	free(d->psd_vals);
	arbI_matcher_free(d->matcher);
	arbI_graph_free(d->g);
}

arb_status arbI_dutch_pair(const arb_tournament *t, int r, arbI_dutch_edition edition,
			   arb_pairing **out, arb_error *err)
{
	return arbI_dutch_run(t, r, edition, 0, 0, NULL, out, err);
}

arb_status arbI_dutch_run(const arb_tournament *t, int r, arbI_dutch_edition edition, int ban,
			  int ban_with, dutch *keep, arb_pairing **out, arb_error *err)
{
	dutch d;
	arb_status st;
	int *pair_of = NULL, v, rc;
	arb_pairing *p = NULL;
	char *taken = NULL;

	memset(&d, 0, sizeof d);
	d.completion = 1;
	d.t = t;
	d.round = r;
	d.history = r - 1;
	d.edition = edition;
	d.err = err;
	arb_tournament_get_info(t, &d.info);
	*out = NULL;
	st = gather(&d);
	if (st == ARB_OK)
		st = meetings(&d);
	if (st == ARB_OK)
		st = layout(&d);
	if (st != ARB_OK)
		goto nomem;
	/* an alternative asked for: the pair {ban, ban_with} not allowed, or
	 * (ban_with 0) the bye not for ban */
	if (ban > 0 && ban <= d.maxid && d.vid[ban] >= 0) {
		int a = d.vid[ban];

		if (ban_with == 0)
			d.pl[a].bye_ok = 0;
		else if (ban_with <= d.maxid && d.vid[ban_with] >= 0) {
			int b = d.vid[ban_with];

			d.met[(size_t)a * (size_t)d.n + (size_t)b] = 1;
			d.met[(size_t)b * (size_t)d.n + (size_t)a] = 1;
		}
	}
	{
		int win = d.info.points.win > d.info.points.draw ? d.info.points.win :
								   d.info.points.draw;
		int rounds = d.info.rounds > 0 ? d.info.rounds : r;

		d.top_threshold = d.history * win / 2;
		d.last_round = d.history >= rounds - 1;
	}
	d.lbits = layout_bits(&d);
	if (d.lbits + 2 > ARBI_WEIGHT_BITS) {
		st = arbI_err_report(err, ARB_E_PAIRING, 0,
				     "round %d: the pairing criteria need weights of %d bits, and "
				     "this build's are %d (ARB_MATCH_WEIGHT_WORDS)",
				     r, d.lbits + 2, ARBI_WEIGHT_BITS);
		goto out;
	}
	d.nw = (d.lbits + 64) / 64;
	w_zero(&d.maxw);
	for (v = 0; v < d.lbits; v++)
		w_or_pow2(&d.maxw, v);
	d.mate = malloc(sizeof *d.mate * (size_t)(d.n ? d.n : 1));
	d.ranks = calloc((size_t)d.history + 1, sizeof *d.ranks);
	pair_of = malloc(sizeof *pair_of * (size_t)(d.n ? d.n : 1));
	taken = calloc((size_t)d.maxid + 1, 1);
	p = arbI_pairing_new(r, arb_tournament_player_count(t));
	if (!d.mate || !d.ranks || !pair_of || !taken || !p ||
	    arbI_graph_new_bits(d.n, d.lbits, &d.g, NULL) != ARB_OK ||
	    arbI_matcher_new(d.g, &d.maxw, &d.matcher, NULL) != ARB_OK)
		goto nomem;
	if (d.n == 0) {
		arbI_pairing_known_byes(t, r, p, taken);
		goto ok;
	}
	rc = start(&d);
	if (rc == -1)
		goto nomem;
	if (rc == -2) {
		st = fail(&d, ARB_E_PAIRING,
			  "no pairing satisfies the absolute criteria (C.04.3 C1-C3: "
			  "no rematch, at most one pairing-allocated bye, compatible "
			  "colours)");
		goto out;
	}
	st = brackets(&d, pair_of);
	if (st != ARB_OK || d.nomem)
		goto nomem;
	{
		dboard *bd = malloc(sizeof *bd * (size_t)(d.n / 2 + 1));
		int nb = 0, alone = -1;

		if (!bd)
			goto nomem;
		for (v = 0; v < d.n; v++) {
			int u = pair_of[v];

			if (u < 0) {
				alone = v;
				continue;
			}
			if (u < v)
				continue;
			{
				const dplayer *a = &d.pl[v], *b = &d.pl[u];
				const dplayer *lo = a->id < b->id ? a : b, *hi = lo == a ? b : a;
				char c = arbI_dutch_colour(&d, lo, hi, NULL);

				/* bbp decides from the player of the smaller id */
				bd[nb].white = c == 'w' ? lo->id : hi->id;
				bd[nb].black = c == 'w' ? hi->id : lo->id;
				bd[nb].hi = hi_first(a, b) ? a : b;
				bd[nb].lo = bd[nb].hi == a ? b : a;
				nb++;
			}
		}
		qsort(bd, (size_t)nb, sizeof *bd, by_board);
		for (v = 0; v < nb; v++) {
			p->boards[p->nboards].white = bd[v].white;
			p->boards[p->nboards++].black = bd[v].black;
			taken[bd[v].white] = taken[bd[v].black] = 1;
		}
		free(bd);
		if (alone >= 0) {
			p->byes[p->nbyes].id = d.pl[alone].id;
			p->byes[p->nbyes++].code = 'U';
			taken[d.pl[alone].id] = 1;
		}
		arbI_pairing_known_byes(t, r, p, taken);
	}
ok:
	*out = p;
	p = NULL;
	st = ARB_OK;
	goto out;
nomem:
	st = arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
out:
	arb_pairing_free(p);
	free(pair_of);
	free(taken);
	if (keep && st == ARB_OK) {
		*keep = d;
		keep->err = NULL;
		memset(&d, 0, sizeof d);
	}
	arbI_dutch_free(&d);
	return st;
}
