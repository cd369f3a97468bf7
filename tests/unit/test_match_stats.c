/*
 * test_match_stats.c -- the statistics of an engine match (engine/match/
 * stats.c): score, Elo difference and its 95 % intervals (trinomial and
 * pentanomial), likelihood of superiority.
 *
 * The expected numbers were computed independently, in Python (the one-
 * liners are given with their output), and checked against fastchess's own
 * tests (app/tests/elo_test.cpp: "EloWDL 2", "EloPentanomial 1-3", which
 * print Elo "+/-" to two decimals) and cutechess-cli's formulas
 * (projects/lib/src/elo.cpp). Then the edges (no games, all wins, all
 * losses, only draws, one pair), the symmetries (A's results seen from B),
 * arb_match_score_pair and arb_elo_from_score. Their misuse (NULL, negative
 * counts, counts past LONG_MAX) is test_misuse.c's.
 */
#include <check.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

/* got is want: the same infinity, both NAN, or within 1e-9 (relative above
 * 1). The Python references and the C code sum in different orders. */
static int near(double got, double want)
{
	if (isnan(want))
		return isnan(got);
	if (isinf(want))
		return got == want;
	return fabs(got - want) <= 1e-9 * fmax(1.0, fabs(want));
}

#define CHECK_NEAR(got, want, what, ...)                                                        \
	ck_assert_msg(near((got), (want)), what ": %s is %.17g, want %.17g", __VA_ARGS__, #got, \
		      (double)(got), (double)(want))

static arb_match_summary summarize(long w, long d, long l)
{
	arb_match_score s = {w, d, l, {0}};
	arb_match_summary out;
	arb_match_summarize(&s, &out);
	return out;
}

/* ---- wins, draws, losses ------------------------------------------------ */

/*
 * python3 -c 'import math;from statistics import NormalDist as N;z=N().inv_cdf(.975);
 *   e=lambda p:-400*math.log10(1/p-1) if 0<p<1 else math.copysign(math.inf,p-.5);
 *   f=lambda W,D,L,n,m,s:(W,D,L,m,D/n,e(m),e(m-z*s),e(m+z*s),
 *     .5*(1+math.erf((W-L)/math.sqrt(2*(W+L)))));
 *   [print(*f(W,D,L,W+D+L,m:=(W+D/2)/(W+D+L),math.sqrt(W*(1-m)**2+D*(.5-m)**2+L*m*m)/(W+D+L)))
 *    for W,D,L in [(136,111,96),(76,123,89),(50,30,20),(1,0,9),(3,0,1),(34,0,356),(245,182,153)]]'
 * (the command joined into one line; its output, W D L, score, draw ratio, elo,
 *  low, high, LOS, long lines wrapped):
 * 136 111 96 0.5583090379008746 0.3236151603498542 40.702458186527075 10.58675629865129
 *     71.44119218585327 0.9956818916198402
 * 76 123 89 0.4774305555555556 0.4270833333333333 -15.693520705432237 -46.27235419975313
 *     14.643647234207771 0.15575740177885483
 * 50 30 20 0.65 0.3 107.53812491703204 51.41802783066412 169.7454489878826 0.9998319032476259
 * 1 0 9 0.1 0.0 -381.69700377572997 -inf -158.98518507251043 0.005706018193000817
 * 3 0 1 0.75 0.0 190.848501887865 -126.44947981473733 inf 0.8413447460685429
 * 34 0 356 0.08717948717948718 0.0 -407.988432372248 -480.5257049253402 -354.1966754537019 0.0
 * 245 182 153 0.5793103448275863 0.3137931034482759 55.57978042044588 32.21323624854269
 *     79.45654098589404 0.9999980015481698
 *
 * fastchess (EloWDL, the same method): "EloWDL 2" (136 W, 96 L, 111 D)
 * expects 40.70 +/- 30.43; its code run on the others gives -15.69 +/-
 * 30.46, 107.54 +/- 59.16, -381.70 +/- nan (a bound below score 0),
 * -407.99 +/- 63.16. cutechess-cli (Elo): the same diff, margins 0.14 %
 * narrower (30.38 for the first: it approximates z as 1.95716), and the
 * same LOS (as a percentage). fastchess's LOS is another formula (15.53 %
 * for the second row, where this one is 15.58 %).
 */
static const struct wdl_case {
	long w, d, l;
	double score, draw, elo, low, high, los;
	double fastchess_error; /* fastchess's "+/-", to two decimals; 0: none */
} wdl_cases[] = {
	{136, 111, 96, 0.5583090379008746, 0.3236151603498542, 40.702458186527075,
	 10.58675629865129, 71.44119218585327, 0.9956818916198402, 30.43},
	{76, 123, 89, 0.4774305555555556, 0.4270833333333333, -15.693520705432237,
	 -46.27235419975313, 14.643647234207771, 0.15575740177885483, 30.46},
	{50, 30, 20, 0.65, 0.3, 107.53812491703204, 51.41802783066412, 169.7454489878826,
	 0.9998319032476259, 59.16},
	{1, 0, 9, 0.1, 0.0, -381.69700377572997, -INFINITY, -158.98518507251043,
	 0.005706018193000817, 0},
	{3, 0, 1, 0.75, 0.0, 190.848501887865, -126.44947981473733, INFINITY, 0.8413447460685429,
	 0},
	{34, 0, 356, 0.08717948717948718, 0.0, -407.988432372248, -480.5257049253402,
	 -354.1966754537019, 0.0, 63.16},
	{245, 182, 153, 0.5793103448275863, 0.3137931034482759, 55.57978042044588,
	 32.21323624854269, 79.45654098589404, 0.9999980015481698, 0},
};

START_TEST(known)
{
	const struct wdl_case *c = &wdl_cases[_i];
	arb_match_summary r = summarize(c->w, c->d, c->l);
	ck_assert_int_eq(r.games, c->w + c->d + c->l);
	CHECK_NEAR(r.score, c->score, "%ld/%ld/%ld", c->w, c->d, c->l);
	CHECK_NEAR(r.draw_ratio, c->draw, "%ld/%ld/%ld", c->w, c->d, c->l);
	CHECK_NEAR(r.elo, c->elo, "%ld/%ld/%ld", c->w, c->d, c->l);
	CHECK_NEAR(r.elo_low, c->low, "%ld/%ld/%ld", c->w, c->d, c->l);
	CHECK_NEAR(r.elo_high, c->high, "%ld/%ld/%ld", c->w, c->d, c->l);
	CHECK_NEAR(r.los, c->los, "%ld/%ld/%ld", c->w, c->d, c->l);
	ck_assert_int_eq(r.elo_finite, 1);
	ck_assert_int_eq(r.elo_interval_finite, isfinite(c->low) && isfinite(c->high));
	if (c->fastchess_error > 0)
		ck_assert_msg(fabs((r.elo_high - r.elo_low) / 2 - c->fastchess_error) < 0.005,
			      "%ld/%ld/%ld: +/- %.4f, fastchess %.2f", c->w, c->d, c->l,
			      (r.elo_high - r.elo_low) / 2, c->fastchess_error);
	/* no pairs given */
	ck_assert_int_eq(r.pairs, 0);
	ck_assert_int_eq(r.penta_finite, 0);
	ck_assert(isnan(r.penta_low) && isnan(r.penta_high));
}
END_TEST

/*
 * The edges. No games: nothing is a number but the counts, the zero score
 * and draw ratio, and LOS 1/2. All wins (all losses): score 1 (0), the Elo
 * and both ends of its interval +INFINITY (-INFINITY), not finite; the LOS
 * is still the formula's, 0.5 (1 + erf(10 / sqrt(20))) for 10 wins:
 *   python3 -c 'import
 *     math;print(.5*(1+math.erf(10/math.sqrt(20))),.5*(1+math.erf(-10/math.sqrt(20))))'
 *   0.9992172988709987 0.0007827011290012509
 * (cutechess's LOS is the same, 99.92 %; its margin and fastchess's "+/-"
 * are nan there.) Only draws: Elo 0 (+0, not -0), a finite interval of zero
 * width, as both tools give ("0.00 +/- 0.00"): every game scored the same,
 * so the normal approximation sees no spread. One game is the same case.
 */
START_TEST(edges)
{
	arb_match_summary r = summarize(0, 0, 0);
	ck_assert_int_eq(r.games, 0);
	ck_assert(r.score == 0.0 && r.draw_ratio == 0.0 && r.los == 0.5);
	ck_assert_int_eq(r.elo_finite, 0);
	ck_assert_int_eq(r.elo_interval_finite, 0);
	ck_assert(isnan(r.elo) && isnan(r.elo_low) && isnan(r.elo_high));
	ck_assert_int_eq(r.pairs, 0);
	ck_assert_int_eq(r.penta_finite, 0);
	ck_assert(isnan(r.penta_low) && isnan(r.penta_high));

	r = summarize(10, 0, 0);
	ck_assert_int_eq(r.games, 10);
	ck_assert(r.score == 1.0 && r.draw_ratio == 0.0);
	ck_assert_int_eq(r.elo_finite, 0);
	ck_assert_int_eq(r.elo_interval_finite, 0);
	ck_assert(r.elo == INFINITY && r.elo_low == INFINITY && r.elo_high == INFINITY);
	CHECK_NEAR(r.los, 0.9992172988709987, "%s", "10 wins");

	r = summarize(0, 0, 10);
	ck_assert(r.score == 0.0 && r.draw_ratio == 0.0);
	ck_assert_int_eq(r.elo_finite, 0);
	ck_assert_int_eq(r.elo_interval_finite, 0);
	ck_assert(r.elo == -INFINITY && r.elo_low == -INFINITY && r.elo_high == -INFINITY);
	CHECK_NEAR(r.los, 0.0007827011290012509, "%s", "10 losses");

	for (long d = 1; d <= 1000; d *= 10) {
		r = summarize(0, d, 0);
		ck_assert_int_eq(r.games, d);
		ck_assert(r.score == 0.5 && r.draw_ratio == 1.0 && r.los == 0.5);
		ck_assert_int_eq(r.elo_finite, 1);
		ck_assert_int_eq(r.elo_interval_finite, 1);
		ck_assert(r.elo == 0.0 && !signbit(r.elo));
		ck_assert(r.elo_low == 0.0 && r.elo_high == 0.0);
	}
}
END_TEST

/*
 * From B's side (wins and losses swapped) the Elo and the interval negate
 * and swap ends, the score is 1 - score, and the LOS is 1 - LOS; with as
 * many wins as losses the Elo is 0 and the LOS 1/2. 3 wins 1 loss: LOS
 * 0.5 (1 + erf(2 / sqrt(8))) = Phi(1) = 0.8413447460685429 (the table).
 */
START_TEST(symmetry)
{
	for (long w = 0; w <= 12; w++)
		for (long d = 0; d <= 5; d++)
			for (long l = 0; l <= 12; l++) {
				if (w + d + l == 0)
					continue;
				arb_match_summary a = summarize(w, d, l), b = summarize(l, d, w);
				ck_assert_msg(near(a.score, 1.0 - b.score) &&
						      near(a.los, 1.0 - b.los),
					      "%ld/%ld/%ld", w, d, l);
				ck_assert_msg(near(a.elo, -b.elo) && near(a.elo_low, -b.elo_high) &&
						      near(a.elo_high, -b.elo_low),
					      "%ld/%ld/%ld", w, d, l);
				ck_assert_int_eq(a.elo_finite, b.elo_finite);
				ck_assert_int_eq(a.elo_interval_finite, b.elo_interval_finite);
				if (w == l)
					ck_assert_msg(a.los == 0.5 && a.elo == 0.0 &&
							      near(a.elo_low, -a.elo_high),
						      "%ld/%ld/%ld", w, d, l);
				/* the LOS reads the decisive games only */
				ck_assert(a.los == summarize(w, d + 7, l).los);
			}
}
END_TEST

/* ---- game pairs ----------------------------------------------------------- */

/*
 * python3 -c 'import math;from statistics import NormalDist as N;z=N().inv_cdf(.975);
 *   e=lambda p:-400*math.log10(1/p-1) if 0<p<1 else math.copysign(math.inf,p-.5);
 *   [print(P,m,e(m),e(m-z*s),e(m+z*s)) for P in [(34,54,63,64,75),(332,433,498,333,334),
 *    (7895,8757,5685,568,9999),(8,1,0,0,0),(1,2,3,2,1),(3,7,15,9,6)] for n in [sum(P)]
 *    for m in [sum(c*k/4 for k,c in enumerate(P))/n]
 *    for s in [math.sqrt(sum(c*(k/4-m)**2 for k,c in enumerate(P))/n)/math.sqrt(n)]]'
 * (the command joined into one line; its output, penta, pair score, elo, low,
 *  high, long lines wrapped):
 * (34, 54, 63, 64, 75) 0.5793103448275863 55.57978042044588 28.27615975741023 83.58301877019713
 * (332, 433, 498, 333, 334) 0.4875647668393782 -8.64266726796901 -18.98450868585014
 *     1.683880162935972
 * (7895, 8757, 5685, 568, 9999) 0.4697529175784099 -21.04352057817286 -23.990311884720402
 *     -18.099750147664768
 * (8, 1, 0, 0, 0) 0.027777777777777776 -617.6272177401103 -inf -426.3963934594419
 * (1, 2, 3, 2, 1) 0.5 -0.0 -137.85743783226877 137.85743783226883
 * (3, 7, 15, 9, 6) 0.55 34.86007028756008 -25.732706240557885 97.66665968999206
 *
 * fastchess's tests "EloPentanomial 1-3" (Stats(LL, LD, WL, DD, WD, WW):
 * (34, 54, 31, 32, 64, 75), (332, 433, 457, 41, 333, 334), (7895, 8757,
 * 5485, 200, 568, 9999); WL and DD are both a 1-point pair, penta[2])
 * expect 55.58 +/- 27.65, -8.64 +/- 10.33, -21.04 +/- 2.95; its code gives
 * 61.70 for the last row. The first is 245 wins, 182 draws, 153 losses in
 * games, whose trinomial interval (the games' table) is narrower, 23.62
 * +/- against 27.65: in these pairs the two games tend to go the same way
 * (75 won-won, 34 lost-lost), so the pairs are more spread than
 * independent games would make them.
 */
/* clang-format off */
static const struct penta_case {
	long penta[5];
	double score, elo, low, high;
	double fastchess_error; /* fastchess's "+/-", to two decimals; 0: none */
} penta_cases[] = {
	{{34, 54, 63, 64, 75}, 0.5793103448275863, 55.57978042044588,
	 28.27615975741023, 83.58301877019713, 27.65},
	{{332, 433, 498, 333, 334}, 0.4875647668393782, -8.64266726796901,
	 -18.98450868585014, 1.683880162935972, 10.33},
	{{7895, 8757, 5685, 568, 9999}, 0.4697529175784099, -21.04352057817286,
	 -23.990311884720402, -18.099750147664768, 2.95},
	{{8, 1, 0, 0, 0}, 0.027777777777777776, -617.6272177401103,
	 -INFINITY, -426.3963934594419, 0},
	{{1, 2, 3, 2, 1}, 0.5, 0.0,
	 -137.85743783226877, 137.85743783226883, 0},
	{{3, 7, 15, 9, 6}, 0.55, 34.86007028756008,
	 -25.732706240557885, 97.66665968999206, 61.70},
};
/* clang-format on */

/* The games of the pairs: a pair of k half points is won-won (4), won-drawn
 * (3), drawn-drawn (2), drawn-lost (1), lost-lost (0); a won-lost pair
 * (also 2) gives the same intervals. */
static void games_of(const long penta[5], arb_match_score *s)
{
	s->wins = 2 * penta[4] + penta[3];
	s->draws = penta[3] + 2 * penta[2] + penta[1];
	s->losses = penta[1] + 2 * penta[0];
	for (int k = 0; k < 5; k++)
		s->penta[k] = penta[k];
}

START_TEST(pentanomial)
{
	const struct penta_case *c = &penta_cases[_i];
	arb_match_score s;
	arb_match_summary r;
	games_of(c->penta, &s);
	arb_match_summarize(&s, &r);
	long pairs = 0;
	for (int k = 0; k < 5; k++)
		pairs += c->penta[k];
	ck_assert_int_eq(r.pairs, pairs);
	ck_assert_int_eq(r.games, 2 * pairs);
	CHECK_NEAR(r.score, c->score, "case %d", _i);
	CHECK_NEAR(r.elo, c->elo, "case %d", _i);
	CHECK_NEAR(r.penta_low, c->low, "case %d", _i);
	CHECK_NEAR(r.penta_high, c->high, "case %d", _i);
	ck_assert_int_eq(r.penta_finite, isfinite(c->low) && isfinite(c->high));
	if (c->fastchess_error > 0)
		ck_assert_msg(fabs((r.penta_high - r.penta_low) / 2 - c->fastchess_error) < 0.005,
			      "case %d: +/- %.4f, fastchess %.2f", _i,
			      (r.penta_high - r.penta_low) / 2, c->fastchess_error);
	/* the pairs alone (no games counted): the same interval */
	arb_match_score only = {
		0, 0, 0, {c->penta[0], c->penta[1], c->penta[2], c->penta[3], c->penta[4]}};
	arb_match_summary p;
	arb_match_summarize(&only, &p);
	ck_assert(p.games == 0 && isnan(p.elo));
	ck_assert(p.penta_low == r.penta_low && p.penta_high == r.penta_high);
}
END_TEST

/* The pentanomial edges: no pair or one pair, no interval (NAN, whatever
 * the pair); pairs all of one score, zero width at 1/2 and unbounded at 0
 * or 1. */
START_TEST(pentanomial_edges)
{
	for (int k = 0; k < 5; k++) {
		arb_match_score s = {0, 0, 0, {0}};
		arb_match_summary r;
		s.penta[k] = 1;
		arb_match_summarize(&s, &r);
		ck_assert_int_eq(r.pairs, 1);
		ck_assert_int_eq(r.penta_finite, 0);
		ck_assert(isnan(r.penta_low) && isnan(r.penta_high));
		s.penta[k] = 50;
		arb_match_summarize(&s, &r);
		ck_assert_int_eq(r.pairs, 50);
		ck_assert_int_eq(r.penta_finite, k >= 1 && k <= 3);
		double want = k == 0 ? -INFINITY : k == 4 ? INFINITY : arb_elo_from_score(k / 4.0);
		ck_assert_msg(r.penta_low == want && r.penta_high == want, "50 pairs of %d: %g %g",
			      k, r.penta_low, r.penta_high);
	}
}
END_TEST

START_TEST(score_pair)
{
	arb_match_score s = {3, 4, 5, {0}};
	static const int pairs[][2] = {{2, 2}, {2, 1}, {1, 2}, {2, 0}, {0, 2},
				       {1, 1}, {1, 0}, {0, 0}, {0, 1}, {1, 1}};
	static const long want[5] = {1, 2, 4, 2, 1};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
		ck_assert_int_eq(arb_match_score_pair(&s, pairs[i][0], pairs[i][1]), ARB_OK);
	for (int k = 0; k < 5; k++)
		ck_assert_int_eq(s.penta[k], want[k]);
	/* the games are the caller's to count */
	ck_assert(s.wins == 3 && s.draws == 4 && s.losses == 5);

	/* out of range: results are input, ARB_E_ARGUMENT in every build, s unchanged */
	static const int bad[][2] = {{-1, 0}, {0, -1}, {3, 0}, {0, 3}, {INT_MIN, 1}, {1, INT_MAX}};
	arb_match_score before = s;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_int_eq(arb_match_score_pair(&s, bad[i][0], bad[i][1]), ARB_E_ARGUMENT);
	ck_assert(memcmp(&s, &before, sizeof s) == 0);
	/* a count that would pass LONG_MAX */
	s.penta[2] = LONG_MAX;
	ck_assert_int_eq(arb_match_score_pair(&s, 1, 1), ARB_E_ARGUMENT);
	ck_assert_int_eq(s.penta[2], LONG_MAX);
}
END_TEST

/*
 * python3 -c 'import math;print(400*math.log10(3),-400*math.log10(1/0.1-1),400*math.log10(10))'
 * 190.84850188786498 -381.69700377572997 400.0
 */
START_TEST(elo_from_score)
{
	CHECK_NEAR(arb_elo_from_score(0.75), 190.84850188786498, "%s", "0.75");
	CHECK_NEAR(arb_elo_from_score(0.25), -190.84850188786498, "%s", "0.25");
	CHECK_NEAR(arb_elo_from_score(0.1), -381.69700377572997, "%s", "0.1");
	CHECK_NEAR(arb_elo_from_score(10.0 / 11.0), 400.0, "%s", "10/11");
	ck_assert(arb_elo_from_score(0.5) == 0.0 && !signbit(arb_elo_from_score(0.5)));
	static const double outside[] = {0.0, 1.0, -0.0, -0.5, 1.5, INFINITY, -INFINITY, NAN};
	for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++)
		ck_assert_msg(isnan(arb_elo_from_score(outside[i])), "%g", outside[i]);
	/* just inside (0, 1): finite */
	ck_assert(isfinite(arb_elo_from_score(1e-300)) && arb_elo_from_score(1e-300) < -100000);
	ck_assert(isfinite(arb_elo_from_score(1.0 - 1e-16)));
}
END_TEST

static Suite *match_stats_suite(void)
{
	Suite *s = suite_create("match_stats");
	TCase *tc = tcase_create("games");
	tcase_add_loop_test(tc, known, 0, (int)(sizeof wdl_cases / sizeof wdl_cases[0]));
	tcase_add_test(tc, edges);
	tcase_add_test(tc, symmetry);
	suite_add_tcase(s, tc);
	tc = tcase_create("pairs");
	tcase_add_loop_test(tc, pentanomial, 0, (int)(sizeof penta_cases / sizeof penta_cases[0]));
	tcase_add_test(tc, pentanomial_edges);
	tcase_add_test(tc, score_pair);
	suite_add_tcase(s, tc);
	tc = tcase_create("arguments");
	tcase_add_test(tc, elo_from_score);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(match_stats_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
