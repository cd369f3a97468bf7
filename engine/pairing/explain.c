/*
 * explain.c -- why a player of a Swiss round got his pairing (the Dutch
 * system, either edition): the player and his opponent as the criteria see
 * them (scores, ranks, colour preferences, floats, bye eligibility), the
 * rule that gave the colours, and the best pairing without that board (or
 * without that bye), compared with the pairing made criterion by criterion
 * in the edition's order until one differs. The alternative comes from the
 * pairer itself (arbI_dutch_run with the pair not allowed), so it is the
 * pairing the rules would make if the board were forbidden; the comparison
 * names the first quality criterion (C.04.3 C5-C21) on which the
 * alternative is worse. When the criteria rate both the same, the bracket's
 * own order (B: S1 against S2, the fewest exchanges) decided.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbint.h"
#include "dutch.h"

/* Buffered text out to the caller's writer. */
typedef struct out {
	arb_write_fn fn;
	void *ctx;
	int failed;
} out;

static void say(out *o, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	if (o->failed)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	if ((size_t)n > sizeof buf - 2)
		n = (int)sizeof buf - 2;
	buf[n++] = '\n';
	if (o->fn(o->ctx, buf, (size_t)n) != 0)
		o->failed = 1;
}

static const char *colour_name(char c)
{
	return c == 'w' ? "White" : c == 'b' ? "Black" : "none";
}

/* The players' partners in a pairing, by vertex: mate[v] the opponent's
 * vertex, -1 for the bye, -2 for a player the pairing leaves out; white[v]
 * 1 when v has White. */
static void mates_of(const dutch *d, const arb_pairing *p, int *mate, char *white)
{
	int v;

	for (v = 0; v < d->n; v++) {
		mate[v] = -2;
		white[v] = 0;
	}
	for (int b = 0; b < arb_pairing_boards(p); b++) {
		arb_board bd;
		int w, k;

		arb_pairing_board(p, b, &bd);
		w = bd.white >= 1 && bd.white <= d->maxid ? d->vid[bd.white] : -1;
		k = bd.black >= 1 && bd.black <= d->maxid ? d->vid[bd.black] : -1;
		if (w < 0 || k < 0)
			continue;
		mate[w] = k;
		mate[k] = w;
		white[w] = 1;
	}
	for (int i = 0; i < arb_pairing_byes(p); i++) {
		int id;
		char code;

		arb_pairing_bye(p, i, &id, &code);
		if (code == 'U' && id >= 1 && id <= d->maxid && d->vid[id] >= 0)
			mate[d->vid[id]] = -1;
	}
}

/* ---- the criteria as numbers (lower is better) -------------------------- */

enum { MAX_CRIT = 64 };

typedef struct crit {
	char name[96];
	long value;
	int points; /* value in tenths of a point */
} crit;

/* One criterion's value into m (the list in the edition's order); points:
 * the value is in tenths of a point (a score), else a count. */
static void put(crit *m, int *nm, const char *name, long value, int points)
{
	if (*nm >= MAX_CRIT)
		return;
	snprintf(m[*nm].name, sizeof m[*nm].name, "%s", name);
	m[*nm].value = value;
	m[*nm].points = points;
	(*nm)++;
}

static int topscorer(const dutch *d, const dplayer *p)
{
	return d->last_round && score_acc(p) > d->top_threshold;
}

/* The criteria's values of the pairing given by mate/white. `groups` are
 * the score groups' scores, highest first (ngroups of them); a score
 * group's downfloaters come first (C5-C7, as the brackets are paired from
 * the top), then the rest in the edition's numbering. */
static int measure(const dutch *d, const int *mate, const char *white, const int *groups,
		   int ngroups, crit *m)
{
	int nm = 0, g, v, old = d->edition == ARBI_DUTCH_2017;
	char name[96], sbuf[16];
	long c[8] = {0}, fl[4] = {0}, fls[4] = {0};

	if (!old) {
		/* the revised rules: the bye's assignee as low as the round allows,
		 * before the brackets' criteria (with completion, C4) */
		long bye_score = 0;

		for (v = 0; v < d->n; v++)
			if (mate[v] == -1)
				bye_score = score_acc(&d->pl[v]);
		put(m, &nm, "C4 with C8: the score of the bye's assignee, lowered first", bye_score,
		    1);
	}
	for (g = 0; g < ngroups && nm < MAX_CRIT - 16; g++) {
		long down = 0, drop = 0;

		for (v = 0; v < d->n; v++) {
			int s = score_acc(&d->pl[v]);

			if (s != groups[g])
				continue;
			if (mate[v] == -1 || (mate[v] >= 0 && score_acc(&d->pl[mate[v]]) < s)) {
				down++;
				drop += mate[v] >= 0 ? s - score_acc(&d->pl[mate[v]]) : 10;
			}
		}
		snprintf(name, sizeof name,
			 "C5-C7: players of score group %s who float down (or take the bye)",
			 arbI_fmt_points(sbuf, sizeof sbuf, groups[g]));
		put(m, &nm, name, down, 0);
		snprintf(name, sizeof name, "C6: the score they drop, score group %s",
			 arbI_fmt_points(sbuf, sizeof sbuf, groups[g]));
		put(m, &nm, name, drop, 1);
	}
	if (!old) {
		long unplayed = 0;

		for (v = 0; v < d->n; v++)
			if (mate[v] == -1)
				unplayed = d->history - d->pl[v].played;
		put(m, &nm, "C9: the unplayed games of the bye's assignee", unplayed, 0);
	}
	for (v = 0; v < d->n; v++) {
		const dplayer *p = &d->pl[v], *q;
		char got;
		int diff, top, k;

		if (mate[v] < 0)
			continue;
		q = &d->pl[mate[v]];
		got = white[v] ? 'w' : 'b';
		top = topscorer(d, p) || topscorer(d, q);
		diff = 0;
		for (k = 0; k < p->ncolours; k++)
			diff += p->colours[k] == 'w' ? 1 : -1;
		diff += got == 'w' ? 1 : -1;
		if (top && (diff > 2 || diff < -2))
			c[0]++;
		if (top && p->ncolours >= 2 && p->colours[p->ncolours - 1] == got &&
		    p->colours[p->ncolours - 2] == got)
			c[1]++;
		if (p->pref && got != p->pref)
			c[2]++;
		if ((p->strong || abs_pref(p)) && got != p->pref)
			c[3]++;
	}
	{
		static const char *what[4] = {
			"topscorers or their opponents with a colour difference beyond 2",
			"topscorers or their opponents with a colour three times running",
			"players who do not get their colour preference",
			"players who do not get their strong colour preference"};
		for (int k = 0; k < 4; k++) {
			snprintf(name, sizeof name, "C%d: %s", (old ? 8 : 10) + k, what[k]);
			put(m, &nm, name, c[k], 0);
		}
	}
	for (v = 0; v < d->n; v++) {
		const dplayer *p = &d->pl[v];
		int s = score_acc(p), down, up, diff;

		if (mate[v] == -2)
			continue;
		diff = mate[v] >= 0 ? s - score_acc(&d->pl[mate[v]]) : 10;
		down = mate[v] == -1 || diff > 0;
		up = mate[v] >= 0 && diff < 0;
		for (int k = 1; k <= 2; k++) {
			if (d->history < k)
				continue;
			if (down && p->fl[k] == FLOAT_DOWN) {
				fl[2 * (k - 1)]++;
				fls[2 * (k - 1)] += diff;
			}
			if (up && p->fl[k] == FLOAT_UP) {
				fl[2 * (k - 1) + 1]++;
				fls[2 * (k - 1) + 1] -= diff;
			}
		}
	}
	{
		static const char *what[4] = {"players who float down as in the previous round",
					      "players who float up as in the previous round",
					      "players who float down as two rounds before",
					      "players who float up as two rounds before"};
		int first = old ? 12 : 14;

		for (int k = 0; k < 4; k++) {
			snprintf(name, sizeof name, "C%d: %s", first + k, what[k]);
			put(m, &nm, name, fl[k], 0);
		}
		for (int k = 0; k < 4; k++) {
			snprintf(name, sizeof name, "C%d: the score differences of the %s",
				 first + 4 + k, what[k] + strlen("players who "));
			put(m, &nm, name, fls[k], 1);
		}
	}
	return nm;
}

/* ---- the explanation ---------------------------------------------------- */

static void describe(out *o, const dutch *d, const dplayer *p)
{
	char sbuf[16], abuf[32], acc[16], fl[64] = "", pref[64];

	for (int k = 1; k <= 2 && k <= d->history; k++)
		if (p->fl[k] != FLOAT_NONE)
			snprintf(fl + strlen(fl), sizeof fl - strlen(fl), "%s%s in round %d",
				 fl[0] ? ", " : "", p->fl[k] == FLOAT_DOWN ? "down" : "up",
				 d->round - k);
	if (!p->pref)
		snprintf(pref, sizeof pref, "none");
	else
		snprintf(pref, sizeof pref, "%s %s",
			 abs_pref(p) ? "absolute" :
			 p->strong   ? "strong" :
				       "mild",
			 colour_name(p->pref));
	if (p->acc)
		snprintf(abuf, sizeof abuf, " (%s as paired)",
			 arbI_fmt_points(acc, sizeof acc, score_acc(p)));
	else
		abuf[0] = 0;
	say(o,
	    "  player %d: %s points%s, pairing rank %d, games played %d, colour "
	    "preference %s, floats: %s; %s the pairing-allocated bye%s",
	    p->id, arbI_fmt_points(sbuf, sizeof sbuf, p->score), abuf, p->rank + 1, p->played, pref,
	    fl[0] ? fl : "none", p->bye_ok ? "may take" : "may not take",
	    topscorer(d, p) ? "; a topscorer (A.7)" : "");
}

/* The boards of b not in a, as "W - B" text (at most `cap` bytes). */
static void changed(const dutch *d, const int *ma, const int *mb, const char *wb, char *buf,
		    size_t cap)
{
	size_t len = 0;

	buf[0] = 0;
	for (int v = 0; v < d->n; v++) {
		char one[48];

		if (mb[v] == ma[v] || (mb[v] >= 0 && mb[v] < v))
			continue;
		if (mb[v] == -1)
			snprintf(one, sizeof one, "%d bye", d->pl[v].id);
		else if (mb[v] >= 0)
			snprintf(one, sizeof one, "%d - %d", d->pl[wb[v] ? v : mb[v]].id,
				 d->pl[wb[v] ? mb[v] : v].id);
		else
			continue;
		if (len + strlen(one) + 3 >= cap)
			break;
		len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", one);
	}
}

/* In score group sc, the players paired within it as the higher of their
 * pair (the pairing's S1 there) into in[] (1 or 0 by vertex); their count. */
static int upper_half(const dutch *d, const int *mate, int sc, char *in)
{
	int k = 0;

	for (int u = 0; u < d->n; u++) {
		in[u] = score_acc(&d->pl[u]) == sc && mate[u] > u &&
			score_acc(&d->pl[mate[u]]) == sc;
		k += in[u];
	}
	return k;
}

/* The players of in[] (vertices) as "a, b, c" into buf. */
static void list_ids(const dutch *d, const char *in, char *buf, size_t cap)
{
	size_t len = 0;

	buf[0] = 0;
	for (int u = 0; u < d->n; u++) {
		if (!in[u])
			continue;
		if (len + 16 >= cap) {
			snprintf(buf + len, cap - len, ", ...");
			return;
		}
		len += (size_t)snprintf(buf + len, cap - len, "%s%d", len ? ", " : "", d->pl[u].id);
	}
}

/* When the criteria tie, the bracket step (C.04.3 B) that chose between
 * ma (arbiter's pairing) and mb: the highest player in the pairing order
 * whose opponent differs, and in his score group either S1 differing (an
 * exchange, B.3) or, S1 and S2 the same, S2's order (B.2). */
static void bracket_step(out *o, const dutch *d, const int *ma, const int *mb)
{
	int x = -1, a, b, sc, ia = 0, ib = 0, pos = 0;
	char *ina = NULL, *inb = NULL, s[16], l1[256], l2[256];

	for (int u = 0; u < d->n && x < 0; u++)
		if (ma[u] != mb[u] && ma[u] >= 0 && mb[u] >= 0)
			x = u;
	if (x < 0) {
		say(o, "the criteria C5-C21 rate both the same: the bracket's order decided "
		       "(C.04.3 B: the pairing-allocated bye to the lowest in the order that "
		       "keeps the criteria)");
		return;
	}
	a = ma[x];
	b = mb[x];
	sc = score_acc(&d->pl[x]);
	say(o,
	    "the criteria C5-C21 rate both the same: the bracket's order decided (C.04.3 B); "
	    "the first player in the pairing order whose opponent differs is %d (score %s, "
	    "pairing rank %d): %d in arbiter's pairing, %d in the other",
	    d->pl[x].id, arbI_fmt_points(s, sizeof s, sc), d->pl[x].rank + 1, d->pl[a].id,
	    d->pl[b].id);
	ina = malloc((size_t)d->n);
	inb = malloc((size_t)d->n);
	if (!ina || !inb || a < x || b < x || score_acc(&d->pl[a]) != score_acc(&d->pl[b])) {
		say(o, "  (B.3, B.2: the fewest players exchanged between S1 and S2, the "
		       "smallest differences of their numbers, then S2 in order)");
		goto done;
	}
	{
		int bs = score_acc(&d->pl[a]), same = 1;

		upper_half(d, ma, bs, ina);
		upper_half(d, mb, bs, inb);
		for (int u = 0; u < d->n; u++)
			same &= ina[u] == inb[u];
		if (!same) {
			list_ids(d, ina, l1, sizeof l1);
			list_ids(d, inb, l2, sizeof l2);
			say(o,
			    "  in score group %s, S1 is %s in arbiter's pairing and %s in the "
			    "other: the exchanges differ, and B.3 orders them (the fewest players "
			    "exchanged, then the smallest differences of their numbers): "
			    "arbiter's comes first",
			    arbI_fmt_points(s, sizeof s, bs), l1, l2);
			goto done;
		}
		/* the same S1: a's and b's places among the group's others, in order */
		for (int u = 0; u < d->n; u++) {
			if (score_acc(&d->pl[u]) != bs || ina[u])
				continue;
			pos++;
			if (u == a)
				ia = pos;
			if (u == b)
				ib = pos;
		}
		list_ids(d, ina, l1, sizeof l1);
		if (sc != bs)
			snprintf(l2, sizeof l2, "%d, moved down from score %s,", d->pl[x].id,
				 arbI_fmt_points(s, sizeof s, sc));
		else
			snprintf(l2, sizeof l2, "%d", d->pl[x].id);
		say(o,
		    "  in score group %s, the same S1 (%s) in both, and S2 taken in order (B.2, "
		    "its transpositions): of the group's other players %d is number %d and %d "
		    "number %d, and %s meets the first that keeps the criteria",
		    arbI_fmt_points(s, sizeof s, bs), l1[0] ? l1 : "none", d->pl[a].id, ia,
		    d->pl[b].id, ib, l2);
	}
done:
	free(ina);
	free(inb);
}

/* The first criterion on which m2 (n2 values) differs from m1, the
 * pairing made: "it is worse at C: b against a", or better at it but
 * worse in an earlier bracket's choice, or the same on every criterion
 * (the bracket's order decided: bracket_step, ma the pairing made and mb
 * the other). */
static void verdict(out *o, const dutch *d, const int *ma, const int *mb, const crit *m1, int n1,
		    const crit *m2, int n2)
{
	char v1[24], v2[24];
	int k;

	for (k = 0; k < n1 && k < n2; k++)
		if (m1[k].value != m2[k].value)
			break;
	if (k < n1 && k < n2) {
		if (m1[k].points) {
			arbI_fmt_points(v1, sizeof v1, (int)m1[k].value);
			arbI_fmt_points(v2, sizeof v2, (int)m2[k].value);
		} else {
			snprintf(v1, sizeof v1, "%ld", m1[k].value);
			snprintf(v2, sizeof v2, "%ld", m2[k].value);
		}
	}
	if (k < n1 && k < n2 && m2[k].value > m1[k].value)
		say(o, "it is worse at %s: %s against %s", m2[k].name, v2, v1);
	else if (k < n1 && k < n2)
		say(o,
		    "it is better at %s (%s against %s) but worse in an earlier "
		    "bracket's choice: the brackets are paired from the top, each "
		    "optimal in turn (C.04.3 B)",
		    m2[k].name, v2, v1);
	else
		bracket_step(o, d, ma, mb);
}

/* The working arrays of a comparison of two pairings of d's round: the
 * partners and colours of each (mate/white: the one made, amate/awhite:
 * the other), the scores of the groups from the top, the criteria. */
typedef struct two {
	int *mate, *amate, *groups, ngroups;
	char *white, *awhite;
	crit *m1, *m2;
} two;

static void two_free(two *w)
{
	free(w->mate);
	free(w->amate);
	free(w->white);
	free(w->awhite);
	free(w->groups);
	free(w->m1);
	free(w->m2);
	memset(w, 0, sizeof *w);
}

/* 0, or -1 out of memory (w freed). */
static int two_new(const dutch *d, two *w)
{
	size_t n = (size_t)(d->n ? d->n : 1);

	memset(w, 0, sizeof *w);
	w->mate = malloc(sizeof *w->mate * n);
	w->amate = malloc(sizeof *w->amate * n);
	w->white = malloc(n);
	w->awhite = malloc(n);
	w->groups = malloc(sizeof *w->groups * n);
	w->m1 = calloc(MAX_CRIT, sizeof *w->m1);
	w->m2 = calloc(MAX_CRIT, sizeof *w->m2);
	if (!w->mate || !w->amate || !w->white || !w->awhite || !w->groups || !w->m1 || !w->m2) {
		two_free(w);
		return -1;
	}
	for (int u = 0; u < d->n; u++)
		if (!w->ngroups || score_acc(&d->pl[u]) != w->groups[w->ngroups - 1])
			w->groups[w->ngroups++] = score_acc(&d->pl[u]);
	return 0;
}

arb_status arbI_dutch_explain(const arb_tournament *t, int r, arbI_dutch_edition edition, int id,
			      arb_write_fn fn, void *ctx, arb_error *err)
{
	dutch d;
	arb_pairing *p = NULL, *q = NULL;
	arb_status st;
	out o = {fn, ctx, 0};
	int v, opp;
	two w = {0};
	arb_error aerr;

	memset(&d, 0, sizeof d);
	st = arbI_dutch_run(t, r, edition, 0, 0, &d, &p, err);
	if (st != ARB_OK)
		return st;
	v = id >= 1 && id <= d.maxid ? d.vid[id] : -1;
	if (v < 0) {
		int i = arb_tournament_player_index(t, id);

		arbI_dutch_free(&d);
		arb_pairing_free(p);
		if (i < 0)
			return arbI_err_report(err, ARB_E_ARGUMENT, 0, "no player %d", id);
		say(&o,
		    "round %d, player %d: not a player of the pairing (a bye or absence "
		    "known for the round, or withdrawn from it)",
		    r, id);
		return o.failed ? arbI_err_report(err, ARB_E_IO, 0, "write failed") : ARB_OK;
	}
	if (two_new(&d, &w) < 0) {
		st = arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
		goto done;
	}
	mates_of(&d, p, w.mate, w.white);
	opp = w.mate[v];
	say(&o, "round %d (%s Dutch rules), player %d:", r,
	    edition == ARBI_DUTCH_2017 ? "2017" : "revised, 2026", id);
	describe(&o, &d, &d.pl[v]);
	if (opp >= 0) {
		const dplayer *a = &d.pl[v], *b = &d.pl[opp];
		const dplayer *lo = a->id < b->id ? a : b, *hi = lo == a ? b : a;
		const char *why;
		char c = arbI_dutch_colour(&d, lo, hi, &why), s1[16], s2[16];
		int wid = c == 'w' ? lo->id : hi->id;

		say(&o, "board: %d - %d (White %d: %s)", wid, wid == a->id ? b->id : a->id, wid,
		    why);
		describe(&o, &d, b);
		if (score_acc(a) != score_acc(b)) {
			const dplayer *up = score_acc(a) < score_acc(b) ? a : b;
			const dplayer *down = up == a ? b : a;

			say(&o,
			    "  %d floats down from score %s to meet %d (score %s), who floats up",
			    down->id, arbI_fmt_points(s1, sizeof s1, score_acc(down)), up->id,
			    arbI_fmt_points(s2, sizeof s2, score_acc(up)));
		} else {
			say(&o, "  both in score group %s",
			    arbI_fmt_points(s1, sizeof s1, score_acc(a)));
		}
	} else {
		say(&o, "the pairing-allocated bye (C.04.1 c: the odd player out)");
	}
	/* the best pairing without it */
	st = arbI_dutch_run(t, r, edition, id, opp >= 0 ? d.pl[opp].id : 0, NULL, &q, &aerr);
	if (st == ARB_E_NOMEM) {
		st = arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
		goto done;
	}
	if (st != ARB_OK) {
		say(&o, "without it: %s; so it is forced by the absolute criteria (C1-C4)",
		    aerr.message);
		st = ARB_OK;
		goto done;
	}
	mates_of(&d, q, w.amate, w.awhite);
	{
		char buf[512];
		int n1 = measure(&d, w.mate, w.white, w.groups, w.ngroups, w.m1);
		int n2 = measure(&d, w.amate, w.awhite, w.groups, w.ngroups, w.m2);

		changed(&d, w.mate, w.amate, w.awhite, buf, sizeof buf);
		say(&o, "without %s, the best pairing changes: %s",
		    opp >= 0 ? "this board" : "this bye", buf[0] ? buf : "(nothing)");
		verdict(&o, &d, w.mate, w.amate, w.m1, n1, w.m2, n2);
	}
	st = ARB_OK;
done:
	if (st == ARB_OK && o.failed)
		st = arbI_err_report(err, ARB_E_IO, 0, "write failed");
	arb_pairing_free(p);
	arb_pairing_free(q);
	arbI_dutch_free(&d);
	two_free(&w);
	return st;
}

arb_status arbI_dutch_compare(const arb_tournament *t, const arb_pairing *given,
			      arbI_dutch_edition edition, int *differs, arb_write_fn fn, void *ctx,
			      arb_error *err)
{
	dutch d;
	arb_pairing *p = NULL;
	arb_status st;
	out o = {fn, ctx, 0};
	int r = arb_pairing_round(given), same = 1, colours = 0;
	two w = {0};
	const char *ed = edition == ARBI_DUTCH_2017 ? "2017" : "revised, 2026";

	*differs = 0;
	memset(&d, 0, sizeof d);
	st = arbI_dutch_run(t, r, edition, 0, 0, &d, &p, err);
	if (st != ARB_OK)
		return st;
	if (two_new(&d, &w) < 0) {
		st = arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
		goto done;
	}
	mates_of(&d, p, w.mate, w.white);
	mates_of(&d, given, w.amate, w.awhite);
	for (int v = 0; v < d.n; v++) {
		if (w.amate[v] != w.mate[v])
			same = 0;
		else if (w.mate[v] >= 0 && w.white[v] != w.awhite[v])
			colours++;
	}
	colours /= 2;
	if (same && !colours) {
		say(&o, "round %d: the same pairing as arbiter's (%s Dutch rules)", r, ed);
		goto done;
	}
	*differs = 1;
	if (same) {
		say(&o,
		    "round %d: the same boards as arbiter's (%s Dutch rules), %d with the "
		    "colours the other way round (C.04.3 E)",
		    r, ed, colours);
		goto done;
	}
	{
		char buf[512];
		int n1, n2, left = 0;

		for (int v = 0; v < d.n; v++)
			left += w.amate[v] == -2;
		changed(&d, w.mate, w.amate, w.awhite, buf, sizeof buf);
		say(&o, "round %d: not arbiter's pairing (%s Dutch rules): its boards %s", r, ed,
		    buf[0] ? buf : "(none)");
		changed(&d, w.amate, w.mate, w.white, buf, sizeof buf);
		say(&o, "arbiter pairs instead: %s", buf[0] ? buf : "(nothing)");
		if (left) {
			say(&o,
			    "it leaves %d player%s of the round unpaired: no comparison of "
			    "the criteria",
			    left, left == 1 ? "" : "s");
			goto done;
		}
		n1 = measure(&d, w.mate, w.white, w.groups, w.ngroups, w.m1);
		n2 = measure(&d, w.amate, w.awhite, w.groups, w.ngroups, w.m2);
		verdict(&o, &d, w.mate, w.amate, w.m1, n1, w.m2, n2);
	}
done:
	if (st == ARB_OK && o.failed)
		st = arbI_err_report(err, ARB_E_IO, 0, "write failed");
	arb_pairing_free(p);
	arbI_dutch_free(&d);
	two_free(&w);
	return st;
}
