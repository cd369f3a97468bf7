/*
 * stats.c -- the statistics of an engine match: one engine's score, its Elo
 * difference with a 95 % interval, and its likelihood of superiority, from
 * its wins, draws and losses (trinomial) and from its game pairs
 * (pentanomial). Pure arithmetic on the caller's structs: no I/O, no state.
 *
 * The methods are cutechess-cli's (projects/lib/src/elo.cpp: Elo::diff,
 * Elo::errorMargin, Elo::LOS) and fastchess's (app/src/matchmaking/elo/
 * elo_wdl.cpp, elo_pentanomial.cpp): a normal approximation of the mean
 * score, the variance taken over the sample (divided by N, not N - 1), the
 * interval's two ends mapped through the logistic Elo curve. Where a bound
 * leaves (0, 1) both tools print "nan"; here it is -INFINITY or +INFINITY.
 */
#include <math.h>

#include "arbint.h"

/* The standard normal quantile of 0.975: the 95 % two-sided interval
 * (fastchess's CI95ZSCORE; cutechess approximates it as 1.9571619, from an
 * approximation of erf^-1, so its margins are 0.14 % narrower). */
static const double z95 = 1.959963984540054;

/* The points (per game) of a pair in which A scored k half points of 4. */
static const double pair_score[5] = {0.0, 0.25, 0.5, 0.75, 1.0};

double arb_elo_from_score(double score)
{
	/* a score fraction is a number a caller computes from its input: out
	 * of range it is NAN, in every build */
	if (!(score > 0.0 && score < 1.0))
		return NAN;
	/* + 0.0 turns the -0 of score 1/2 (-400 * log10(1)) into 0, so that
	 * it prints "0.0" (both tools print "-0.00") */
	return -400.0 * log10(1.0 / score - 1.0) + 0.0;
}

/* The Elo difference of a bound of an interval: unbounded beyond (0, 1). */
static double elo_bound(double p)
{
	if (!(p > 0.0))
		return -INFINITY;
	if (!(p < 1.0))
		return INFINITY;
	return arb_elo_from_score(p);
}

/* The sum of the n counts c[] into *sum: 0, or -1 (*sum untouched) when a
 * count is negative or the sum does not fit a long. */
static int count_sum(const long *c, int n, long *sum)
{
	long t = 0;
	for (int i = 0; i < n; i++)
		if (c[i] < 0 || __builtin_add_overflow(t, c[i], &t))
			return -1;
	*sum = t;
	return 0;
}

/* The score, Elo and its interval from wins, draws and losses (games > 0):
 * cutechess's Elo::Elo and Elo::errorMargin, with fastchess's z. */
static void trinomial(const arb_match_score *s, long games, arb_match_summary *r)
{
	double n = (double)games, w = (double)s->wins, d = (double)s->draws;
	double l = (double)s->losses;
	double mu = (w + d / 2.0) / n;
	double var = (w * (1.0 - mu) * (1.0 - mu) + d * (0.5 - mu) * (0.5 - mu) + l * mu * mu) / n;
	double se = sqrt(var / n);
	r->score = mu;
	r->draw_ratio = d / n;
	r->elo = elo_bound(mu);
	r->elo_finite = isfinite(r->elo) != 0;
	r->elo_low = elo_bound(mu - z95 * se);
	r->elo_high = elo_bound(mu + z95 * se);
	r->elo_interval_finite = isfinite(r->elo_low) && isfinite(r->elo_high);
}

/* The pentanomial interval (pairs > 1): fastchess's EloPentanomial. */
static void pentanomial(const arb_match_score *s, long pairs, arb_match_summary *r)
{
	double n = (double)pairs, mu = 0.0, var = 0.0;
	for (int k = 0; k < 5; k++)
		mu += (double)s->penta[k] * pair_score[k];
	mu /= n;
	for (int k = 0; k < 5; k++)
		var += (double)s->penta[k] * (pair_score[k] - mu) * (pair_score[k] - mu);
	var /= n;
	double se = sqrt(var / n);
	r->penta_low = elo_bound(mu - z95 * se);
	r->penta_high = elo_bound(mu + z95 * se);
	r->penta_finite = isfinite(r->penta_low) && isfinite(r->penta_high);
}

/* The likelihood of superiority from the decisive games alone: cutechess's
 * Elo::LOS (as a fraction, not a percentage). fastchess computes another
 * one, from the normal approximation of the score. */
static double los(long wins, long losses)
{
	double w = (double)wins, l = (double)losses;
	if (w + l == 0.0)
		return 0.5;
	return 0.5 * (1.0 + erf((w - l) / sqrt(2.0 * (w + l))));
}

void arb_match_summarize(const arb_match_score *s, arb_match_summary *out)
{
	arbI_api_check_void(s && out);
	const long wdl[3] = {s->wins, s->draws, s->losses};
	long games = 0, pairs = 0;
	int counted = count_sum(wdl, 3, &games) == 0 && count_sum(s->penta, 5, &pairs) == 0;
	arbI_api_check_void(counted); /* a negative count, or a sum past a long */

	arb_match_summary r;
	r.games = games;
	r.score = 0.0;
	r.draw_ratio = 0.0;
	r.elo_finite = 0;
	r.elo = r.elo_low = r.elo_high = NAN;
	r.elo_interval_finite = 0;
	r.los = los(s->wins, s->losses);
	r.pairs = pairs;
	r.penta_finite = 0;
	r.penta_low = r.penta_high = NAN;
	if (games > 0)
		trinomial(s, games, &r);
	/* one pair has no spread to measure: its variance is 0 whatever it is */
	if (pairs > 1)
		pentanomial(s, pairs, &r);
	*out = r;
}

arb_status arb_match_score_pair(arb_match_score *s, int first_half_points, int second_half_points)
{
	arbI_api_check_err(s, NULL);
	/* the half points are game results, input: out of range they are
	 * ARB_E_ARGUMENT in every build */
	if (!(first_half_points >= 0 && first_half_points <= 2))
		return ARB_E_ARGUMENT;
	if (!(second_half_points >= 0 && second_half_points <= 2))
		return ARB_E_ARGUMENT;
	long *count = &s->penta[first_half_points + second_half_points], next;
	if (__builtin_add_overflow(*count, 1L, &next))
		return ARB_E_ARGUMENT; /* a count at LONG_MAX already */
	*count = next;
	return ARB_OK;
}
