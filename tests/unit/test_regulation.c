/*
 * test_regulation.c -- regulations: the field table (engine/tournament/
 * regulation.c), the scripts of regulations/ loaded through the sandbox
 * (lua/regulation.c), and what a regulation changes in the standings.
 *
 *   test_regulation SRCDIR               the tests
 *   test_regulation --check-doc SRCDIR   fails when regulations/README.md's
 *                                        generated schema is stale (CTest
 *                                        regulations_doc)
 *   test_regulation --write-doc SRCDIR   rewrites that part
 *
 * Every built-in edition equals its script field for field; broken scripts
 * (tests/data/regulations-broken/index.tsv) are refused with the message the
 * index gives; the extend chains and options; the user example of
 * examples/regulations/; the standings of tie-break cases under the loaded
 * fide2026 equal those under the built-in one; the point system of files
 * without 162, the bye limits, the round-robin Buchholz rule, the 50 %
 * exclusion and the drawing of lots on small hand-made events.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "regulation.h"
#include "tournament.h"
#include "trfload.h"

static const char *srcdir = ".";
static char regdir[1024], brokendir[1024], exampledir[1024], tbdir[1024];

static const char *const editions[] = {"fide2009", "fide2022", "fide2024", "fide2026", "uscf"};
#define NEDITIONS 5

/* ------------------------------------------------------------------------
 * The field table and the C API
 * ---------------------------------------------------------------------- */

START_TEST(field_table)
{
	arb_regulation_field f;
	arb_regulation r;
	char buf[256];
	int n = 0;
	arb_regulation_defaults(&r);
	for (int i = 0; arb_regulation_field_at(i, &f); i++, n++) {
		ck_assert_ptr_nonnull(f.name);
		ck_assert_ptr_nonnull(f.doc);
		ck_assert_int_ge(arb_regulation_get(&r, f.name, buf, sizeof buf), 0);
		/* what get writes, set reads back */
		arb_error e;
		ck_assert_msg(arb_regulation_set(&r, f.name, buf, &e) == ARB_OK, "%s = '%s': %s",
			      f.name, buf, e.message);
		ck_assert_int_eq((f.type == ARB_REG_ENUM) == (f.words != NULL), 1);
	}
	ck_assert_int_eq(n, 27);
	ck_assert_int_eq(arb_regulation_field_at(n, &f), 0);
	ck_assert_int_eq(arb_regulation_field_at(-1, &f), 0);
	ck_assert_int_eq(arb_regulation_check(&r, NULL), ARB_OK);
}
END_TEST

START_TEST(set_get_errors)
{
	arb_regulation r;
	arb_error e;
	char buf[64];
	arb_regulation_defaults(&r);
	static const struct {
		const char *field, *value, *message;
	} bad[] = {
		{"points.draw", "0.25",
		 "field 'points.draw': '0.25' is not points (a decimal with one decimal "
		 "place, or n/2)"},
		{"points.draw", "1/3",
		 "field 'points.draw': '1/3' is not points (a decimal with one decimal "
		 "place, or n/2)"},
		{"points.win", "x",
		 "field 'points.win': 'x' is not points (a decimal with one decimal "
		 "place, or n/2)"},
		{"points.win", "-100", "field 'points.win': '-100' is below -99.9"},
		{"lots.seed", "-1", "field 'lots.seed': '-1' is below 0"},
		{"byes.max_pab", "two", "field 'byes.max_pab': 'two' is not a whole number"},
		{"order.swiss", "BH/Q", "field 'order.swiss': column 4: unknown modifier '/Q'"},
		{"unplayed.own", "none",
		 "field 'unplayed.own': 'none' is not one of: dummy, virtual, "
		 "zero"},
		{"nosuch", "1", "field 'nosuch': no such field"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(arb_regulation_set(&r, bad[i].field, bad[i].value, &e),
				 ARB_E_PROFILE);
		ck_assert_str_eq(e.message, bad[i].message);
	}
	ck_assert_int_eq(arb_regulation_set(&r, "points.half_bye", "1/2", &e), ARB_OK);
	ck_assert_int_eq(r.points_half_bye, 5);
	ck_assert_int_eq(arb_regulation_set(&r, "points.win", "3.0", &e), ARB_OK);
	ck_assert_int_eq(r.points_win, 30);
	ck_assert_int_eq(arb_regulation_set(&r, "points.loss", "-0.5", &e), ARB_OK);
	arb_regulation_get(&r, "points.loss", buf, sizeof buf);
	ck_assert_str_eq(buf, "-0.5");
	ck_assert_int_eq(arb_regulation_get(&r, "nosuch", buf, sizeof buf), -1);
	ck_assert_int_eq(arb_regulation_get(&r, "points.loss", buf, 0), -1); /* no room */
	r.lots_seed = -3; /* written by hand: check finds it */
	ck_assert_int_eq(arb_regulation_check(&r, &e), ARB_E_PROFILE);
	ck_assert_str_eq(e.message, "field 'lots.seed': '-3' is below 0");
	r.lots_seed = 0;
	strcpy(r.rr_order, "DE,,SB");
	ck_assert_int_eq(arb_regulation_check(&r, &e), ARB_E_PROFILE);
	ck_assert_msg(strstr(e.message, "field 'order.round_robin': column 4:") != NULL, "%s",
		      e.message);
}
END_TEST

/* ------------------------------------------------------------------------
 * Scripts
 * ---------------------------------------------------------------------- */

/* The fields of a and b that differ, as "name name ..." into out. */
static void differences(const arb_regulation *a, const arb_regulation *b, char *out, size_t n)
{
	arb_regulation_field f;
	char x[256], y[256];
	out[0] = '\0';
	for (int i = 0; arb_regulation_field_at(i, &f); i++) {
		arb_regulation_get(a, f.name, x, sizeof x);
		arb_regulation_get(b, f.name, y, sizeof y);
		if (strcmp(x, y) != 0) {
			size_t used = strlen(out);
			snprintf(out + used, n - used, "%s%s", used ? " " : "", f.name);
		}
	}
}

START_TEST(scripts_agree_with_builtins)
{
	for (int k = 0; k < NEDITIONS; k++) {
		arb_regulation c, l;
		arb_error e;
		char diff[512], file[1024];
		ck_assert_int_eq(arb_regulation_init(&c, editions[k], &e), ARB_OK);
		ck_assert_msg(arb_regulation_load_file(editions[k], regdir, &l, file, sizeof file,
						       &e) == ARB_OK,
			      "%s: %s", editions[k], e.message);
		ck_assert_msg(strstr(file, "regulations/") != NULL, "%s", file);
		differences(&c, &l, diff, sizeof diff);
		ck_assert_msg(diff[0] == '\0', "%s: the script and the built-in differ in: %s",
			      editions[k], diff);
		ck_assert_int_eq(arb_regulation_check(&l, &e), ARB_OK);
	}
}
END_TEST

START_TEST(extend_chains_and_options)
{
	arb_regulation a, b;
	arb_error e;
	char diff[512];
	ck_assert_int_eq(arb_regulation_load("fide2024", regdir, &a, &e), ARB_OK);
	ck_assert_int_eq(arb_regulation_load("fide2026", regdir, &b, &e), ARB_OK);
	differences(&a, &b, diff, sizeof diff);
	ck_assert_str_eq(diff, "name description edition unplayed.dummy_cap");
	ck_assert_int_eq(arb_regulation_load("fide2022", regdir, &b, &e), ARB_OK);
	differences(&a, &b, diff, sizeof diff);
	ck_assert_str_eq(diff, "name description edition cuts.aro_unplayed_first");
	/* the option goes down the chain */
	ck_assert_int_eq(arb_regulation_load("fide2026{seed=9}", regdir, &b, &e), ARB_OK);
	ck_assert_str_eq(b.name, "fide2026{seed=9}");
	ck_assert_int_eq(b.lots, 1);
	ck_assert_int_eq(b.lots_seed, 9);
	ck_assert_int_eq(b.dummy_cap, 1);
	ck_assert_int_eq(arb_regulation_load("fide2026{seed=x}", regdir, &b, &e), ARB_E_PROFILE);
	ck_assert_msg(strstr(e.message, "field 'lots.seed': 'x' is not a whole number") != NULL,
		      "%s", e.message);
	/* *out unchanged on error */
	ck_assert_int_eq(b.lots_seed, 9);
}
END_TEST

static int listed;
static void count_one(const char *name, const char *file, void *ctx)
{
	(void)file;
	(void)ctx;
	for (int k = 0; k < NEDITIONS; k++)
		listed += strcmp(name, editions[k]) == 0;
}

START_TEST(list_finds_editions)
{
	listed = 0;
	ck_assert_int_ge(arb_regulation_list(regdir, count_one, NULL), NEDITIONS);
	ck_assert_int_eq(listed, NEDITIONS);
}
END_TEST

START_TEST(broken_scripts)
{
	char index[1200], path[2200];
	snprintf(index, sizeof index, "%s/index.tsv", brokendir);
	snprintf(path, sizeof path, "%s:%s", brokendir, regdir);
	char *text = slurp(index);
	ck_assert_msg(text != NULL, "cannot read %s", index);
	int cases = 0;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		if (line[0] == '#')
			continue;
		char *tab = strchr(line, '\t');
		ck_assert_msg(tab != NULL, "index: '%s' has no tab", line);
		*tab = '\0';
		const char *want = tab + 1;
		char spec[1300];
		if (strstr(line, ".lua"))
			snprintf(spec, sizeof spec, "%s/%s", brokendir, line);
		else
			snprintf(spec, sizeof spec, "%s", line);
		arb_regulation r;
		arb_error e;
		arb_regulation_defaults(&r);
		ck_assert_msg(arb_regulation_load(spec, path, &r, &e) == ARB_E_PROFILE,
			      "%s: loaded, or not ARB_E_PROFILE (%s)", line, e.message);
		ck_assert_msg(strstr(e.message, want) != NULL, "%s:\n  got  %s\n  want %s", line,
			      e.message, want);
		ck_assert_str_eq(r.name, "regulation"); /* unchanged */
		cases++;
	}
	free(text);
	ck_assert_int_ge(cases, 20);
	arb_error e;
	ck_assert_int_eq(arb_regulation_load("fide2026", regdir, NULL, &e), ARB_E_ARGUMENT);
	arb_regulation r;
	ck_assert_int_eq(arb_regulation_load("", regdir, &r, &e), ARB_E_PROFILE);
	ck_assert_str_eq(e.message, "no regulation name given");
}
END_TEST

START_TEST(user_example)
{
	char spec[1200], diff[512];
	arb_regulation base, club;
	arb_error e;
	snprintf(spec, sizeof spec, "%s/club.lua", exampledir);
	ck_assert_msg(arb_regulation_load(spec, regdir, &club, &e) == ARB_OK, "%s", e.message);
	ck_assert_int_eq(arb_regulation_init(&base, "fide2026", &e), ARB_OK);
	differences(&base, &club, diff, sizeof diff);
	ck_assert_str_eq(diff, "name description order.swiss points.pab byes.max_half");
	ck_assert_str_eq(club.swiss_order, "BH/C1,SB,DE,WIN");
	ck_assert_int_eq(club.points_pab, 5);
	ck_assert_int_eq(club.max_half_byes, 2);
	/* and it changes the standings: a Swiss file without 162 whose PAB
	 * now scores a half point */
	char trf[1200];
	snprintf(trf, sizeof trf, "%s/case-001.trf", tbdir);
	arb_tournament *t = load_trf(trf);
	arb_standings *s1, *s2;
	ck_assert_int_eq(arb_standings_compute(t, &base, NULL, 0, &s1, &e), ARB_OK);
	ck_assert_int_eq(arb_standings_compute(t, &club, NULL, 0, &s2, &e), ARB_OK);
	int pabs = 0;
	for (int i = 0; i < t->nplayers; i++)
		for (int k = 0; k < t->nrounds; k++)
			pabs += t->players[i].cells[k].result == 'U';
	ck_assert_int_gt(pabs, 0);
	double sum1 = 0, sum2 = 0, p;
	for (int i = 0; i < arb_standings_count(s1); i++) {
		arb_standings_row(s1, i, NULL, &p);
		sum1 += p;
		arb_standings_row(s2, i, NULL, &p);
		sum2 += p;
	}
	ck_assert_double_eq_tol(sum1 - sum2, 0.5 * pabs, 1e-9);
	arb_standings_free(s1);
	arb_standings_free(s2);
	free_trf(t);
}
END_TEST

/* The standings s and u are the same, row for row and value for value. */
static void same_standings(const arb_standings *s, const arb_standings *u, const char *what)
{
	ck_assert_int_eq(arb_standings_count(s), arb_standings_count(u));
	ck_assert_int_eq(arb_standings_ntiebreaks(s), arb_standings_ntiebreaks(u));
	for (int i = 0; i < arb_standings_count(s); i++) {
		int r1, r2;
		double p1, p2;
		ck_assert_int_eq(arb_standings_row(s, i, &r1, &p1),
				 arb_standings_row(u, i, &r2, &p2));
		ck_assert_msg(r1 == r2 && p1 == p2, "%s: row %d", what, i);
		for (int k = 0; k < arb_standings_ntiebreaks(s); k++) {
			double v1, v2;
			ck_assert_int_eq(arb_standings_value(s, i, k, &v1),
					 arb_standings_value(u, i, k, &v2));
			ck_assert_msg(v1 == v2, "%s: row %d, %s", what, i,
				      arb_standings_tiebreak(s, k)->code);
		}
	}
}

START_TEST(loaded_fide2026_standings)
{
	static const char *const cases[] = {"case-002", "case-010", "case-103", "case-115"};
	static const char *const list =
		"BH/C1,BH,FB,SB/C1,AOB,ARO,TPR,PTP,APRO,KS,PS,WIN,DE,TPN,STD";
	arb_regulation c, l;
	arb_tiebreak tbs[32];
	arb_error e;
	ck_assert_int_eq(arb_regulation_init(&c, "fide2026", &e), ARB_OK);
	ck_assert_int_eq(arb_regulation_load("fide2026", regdir, &l, &e), ARB_OK);
	int n = arb_tiebreak_parse_list(tbs, 32, list, &e);
	ck_assert_int_eq(n, 15);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char trf[1200];
		snprintf(trf, sizeof trf, "%s/%s.trf", tbdir, cases[i]);
		arb_tournament *t = load_trf(trf);
		for (int pass = 0; pass < 2; pass++) {
			arb_standings *s, *u;
			ck_assert_int_eq(arb_standings_compute(t, &c, pass ? tbs : NULL,
							       pass ? n : 0, &s, &e),
					 ARB_OK);
			ck_assert_int_eq(arb_standings_compute(t, &l, pass ? tbs : NULL,
							       pass ? n : 0, &u, &e),
					 ARB_OK);
			same_standings(s, u, cases[i]);
			arb_standings_free(s);
			arb_standings_free(u);
		}
		free_trf(t);
	}
}
END_TEST

/* ------------------------------------------------------------------------
 * What a regulation changes in the standings
 * ---------------------------------------------------------------------- */

/* Four players, a single round robin (the Berger table of 4): player 4
 * wins round 1 against player 1, then leaves (forfeits rounds 2 and 3). */
static arb_tournament *withdrawal(void)
{
	static const char *const rows[] = {
		"4b0 2w1 3b=",
		"3w= 1b0 4w+",
		"2b= 4w+ 1w=",
		"1w1 3b- 2b-",
	};
	arb_tournament *t = build(4, 3, rows);
	strcpy(t->type, "Individual: round robin");
	return t;
}

static int row_of(const arb_standings *s, int id)
{
	for (int i = 0; i < arb_standings_count(s); i++)
		if (arb_standings_row(s, i, NULL, NULL) == id)
			return i;
	return -1;
}

START_TEST(exclusion_under_half)
{
	arb_tournament *t = withdrawal();
	arb_regulation r;
	arb_standings *s;
	arb_error e;
	int rank;
	double p;
	/* C.07 2022: no such rule, everyone counted */
	ck_assert_int_eq(arb_regulation_init(&r, "fide2022", &e), ARB_OK);
	ck_assert_int_eq(arb_standings_compute(t, &r, NULL, 0, &s, &e), ARB_OK);
	ck_assert_int_eq(arb_standings_row(s, 0, &rank, &p), 3);
	ck_assert_double_eq(p, 2.0);
	ck_assert_int_eq(arb_standings_excluded(s, row_of(s, 4)), 0);
	arb_standings_free(s);
	/* fide2009 (C.06 V.4.1): player 4 played 1 of his 3 games: out, and
	 * his games out of the others' scores: 1 has 1.5, 3 has 1, 2 has 0.5 */
	ck_assert_int_eq(arb_regulation_init(&r, "fide2009", &e), ARB_OK);
	ck_assert_int_eq(arb_standings_compute(t, &r, NULL, 0, &s, &e), ARB_OK);
	static const struct {
		int id, rank;
		double points;
		int out;
	} want[] = {{1, 1, 1.5, 0}, {3, 2, 1.0, 0}, {2, 3, 0.5, 0}, {4, 4, 0, 1}};
	for (int i = 0; i < 4; i++) {
		ck_assert_int_eq(arb_standings_row(s, i, &rank, &p), want[i].id);
		ck_assert_int_eq(rank, want[i].rank);
		ck_assert_double_eq(p, want[i].points);
		ck_assert_int_eq(arb_standings_excluded(s, i), want[i].out);
	}
	double v;
	ck_assert_int_eq(arb_standings_value(s, 3, 0, &v), 0); /* undefined */
	/* (rows out of range, NULL standings: test_misuse.c) */
	arb_standings_free(s);
	/* half of the games played is enough: player 4 also plays round 2 */
	t->players[3].cells[1].result = '0';
	t->players[2].cells[1].result = '1';
	ck_assert_int_eq(arb_standings_compute(t, &r, NULL, 0, &s, &e), ARB_OK);
	ck_assert_int_eq(arb_standings_excluded(s, row_of(s, 4)), 0);
	arb_standings_free(s);
	free_trf(t);
}
END_TEST

START_TEST(round_robin_buchholz)
{
	arb_tournament *t = withdrawal();
	arb_regulation r;
	arb_tiebreak tbs[4];
	arb_standings *s;
	arb_error e;
	ck_assert_int_eq(arb_tiebreak_parse_list(tbs, 4, "BH,SB,AOB,MM", &e), 4);
	ck_assert_int_eq(arb_regulation_init(&r, "fide2024", &e), ARB_OK);
	ck_assert_int_eq(arb_standings_compute(t, &r, tbs, 4, &s, &e), ARB_OK);
	ck_assert_int_eq(arb_standings_ntiebreaks(s), 4);
	arb_standings_free(s);
	ck_assert_int_eq(arb_regulation_set(&r, "round_robin.buchholz", "drop", &e), ARB_OK);
	ck_assert_int_eq(arb_standings_compute(t, &r, tbs, 4, &s, &e), ARB_OK);
	ck_assert_int_eq(arb_standings_ntiebreaks(s), 1);
	ck_assert_str_eq(arb_standings_tiebreak(s, 0)->code, "SB");
	arb_standings_free(s);
	ck_assert_int_eq(arb_regulation_set(&r, "round_robin.buchholz", "refuse", &e), ARB_OK);
	ck_assert_int_eq(arb_standings_compute(t, &r, tbs, 4, &s, &e), ARB_E_ARGUMENT);
	ck_assert_ptr_null(s);
	ck_assert_str_eq(e.message, "BH: the regulation 'fide2024' refuses Buchholz-type "
				    "tie-breaks in a round robin");
	/* a Swiss is not touched */
	strcpy(t->type, "Individual: Swiss system");
	t->nplayers = 4;
	arb_tournament *sw = t;
	static const char *const rows[] = {"2w1 3b=", "1b0 4w1", "4w= 1w=", "3b= 2b0", "0-U 0-U"};
	sw = build(5, 2, rows);
	ck_assert_int_eq(arb_standings_compute(sw, &r, tbs, 4, &s, &e), ARB_OK);
	ck_assert_int_eq(arb_standings_ntiebreaks(s), 4);
	arb_standings_free(s);
	free_trf(sw);
	free_trf(t);
}
END_TEST

/* SplitMix64 as arbiter.h documents the drawing of lots. */
static unsigned long long splitmix(unsigned long long z)
{
	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

START_TEST(drawing_of_lots)
{
	/* eight players, all draws: everyone tied on everything */
	static const char *const rows[] = {"2w= 3b=", "1b= 4w=", "4w= 1w=", "3b= 2b=",
					   "6w= 7b=", "5b= 8w=", "8w= 5w=", "7b= 6b="};
	arb_tournament *t = build(8, 2, rows);
	arb_regulation r;
	arb_standings *s, *u;
	arb_error e;
	int rank;
	ck_assert_int_eq(arb_regulation_init(&r, "fide2026", &e), ARB_OK);
	ck_assert_int_eq(arb_standings_compute(t, &r, NULL, 0, &s, &e), ARB_OK);
	for (int i = 0; i < 8; i++) {
		arb_standings_row(s, i, &rank, NULL);
		ck_assert_int_eq(rank, 1); /* C.07 2.1: shared unless the event says */
		ck_assert_int_eq(arb_standings_by_lot(s, i), 0);
	}
	arb_standings_free(s);
	for (int seed = 0; seed < 3; seed++) {
		char text[16];
		snprintf(text, sizeof text, "%d", seed * 1000003);
		ck_assert_int_eq(arb_regulation_set(&r, "lots.draw", "true", &e), ARB_OK);
		ck_assert_int_eq(arb_regulation_set(&r, "lots.seed", text, &e), ARB_OK);
		ck_assert_int_eq(arb_standings_compute(t, &r, NULL, 0, &s, &e), ARB_OK);
		ck_assert_int_eq(arb_standings_compute(t, &r, NULL, 0, &u, &e), ARB_OK);
		same_standings(s, u, "the same seed twice");
		unsigned long long prev = 0;
		for (int i = 0; i < 8; i++) {
			int id = arb_standings_row(s, i, &rank, NULL);
			ck_assert_int_eq(rank, i + 1);
			ck_assert_int_eq(arb_standings_by_lot(s, i), 1);
			unsigned long long lot = splitmix(
				((unsigned long long)(seed * 1000003) << 32) + (unsigned)id);
			ck_assert_msg(i == 0 || lot > prev, "seed %d: row %d out of lot order",
				      seed, i);
			prev = lot;
		}
		arb_standings_free(s);
		arb_standings_free(u);
	}
	free_trf(t);
}
END_TEST

START_TEST(points_without_162)
{
	static const char *const rows[] = {"2w1 3b=", "1b0 0-U", "0-H 1w="};
	arb_tournament *t = build(3, 2, rows);
	arb_regulation r;
	arb_standings *s;
	arb_error e;
	double p;
	arb_regulation_defaults(&r);
	ck_assert_int_eq(arb_regulation_set(&r, "points.win", "3", &e), ARB_OK);
	ck_assert_int_eq(arb_regulation_set(&r, "points.draw", "1", &e), ARB_OK);
	ck_assert_int_eq(arb_regulation_set(&r, "points.pab", "2", &e), ARB_OK);
	ck_assert_int_eq(arb_regulation_set(&r, "points.half_bye", "0", &e), ARB_OK);
	ck_assert_int_eq(arb_standings_compute(t, &r, NULL, 0, &s, &e), ARB_OK);
	ck_assert_int_eq(arb_standings_row(s, 0, NULL, &p), 1);
	ck_assert_double_eq(p, 4.0); /* 3 + 1 */
	ck_assert_int_eq(arb_standings_row(s, 1, NULL, &p), 2);
	ck_assert_double_eq(p, 2.0); /* 0 + the PAB's 2 */
	ck_assert_int_eq(arb_standings_row(s, 2, NULL, &p), 3);
	ck_assert_double_eq(p, 1.0); /* H 0 + 1 */
	arb_standings_free(s);
	/* the file's own 162 wins over the regulation */
	trecord rec;
	memset(&rec, 0, sizeof rec);
	memcpy(rec.code, "162", 4);
	t->recs = &rec;
	t->nrecs = 1;
	ck_assert_int_eq(arb_standings_compute(t, &r, NULL, 0, &s, &e), ARB_OK);
	ck_assert_int_eq(arb_standings_row(s, 0, NULL, &p), 1);
	ck_assert_double_eq(p, 1.5);
	arb_standings_free(s);
	t->recs = NULL;
	t->nrecs = 0;
	free_trf(t);
}
END_TEST

START_TEST(bye_limits)
{
	static const char *const rows[] = {"0-H 2w1 0-H 0-H", "0-U 1b0 0-U 0-F", "0-Z 0-U 0-F 0-F"};
	arb_tournament *t = build(3, 4, rows);
	arb_regulation r;
	arb_error e;
	ck_assert_int_eq(arb_regulation_init(&r, "fide2026", &e), ARB_OK);
	/* C.04.1 d: one PAB; player 2's second is in round 3 */
	ck_assert_int_eq(arb_regulation_check_byes(t, &r, &e), 1);
	ck_assert_str_eq(e.message, "player 2, round 3: a second pairing-allocated bye (the "
				    "regulation allows 1)");
	ck_assert_int_eq(arb_regulation_set(&r, "byes.max_half", "1", &e), ARB_OK);
	ck_assert_int_eq(arb_regulation_set(&r, "byes.max_full", "1", &e), ARB_OK);
	/* player 1: H in rounds 3 and 4 over; player 3: F in round 4 over */
	ck_assert_int_eq(arb_regulation_check_byes(t, &r, &e), 4);
	ck_assert_str_eq(e.message, "player 1, round 3: a second half-point bye (the regulation "
				    "allows 1)");
	arb_regulation_defaults(&r);
	ck_assert_int_eq(arb_regulation_check_byes(t, &r, &e), 0);
	free_trf(t);
}
END_TEST

/* ------------------------------------------------------------------------
 * The schema of regulations/README.md, generated from the field table
 * ---------------------------------------------------------------------- */

#define DOC_BEGIN "<!-- BEGIN GENERATED fields (test_regulation --write-doc) -->\n"
#define DOC_END "<!-- END GENERATED fields -->\n"

static const char *type_name(const arb_regulation_field *f)
{
	switch (f->type) {
	case ARB_REG_ENUM:
		return "word";
	case ARB_REG_INT:
		return "int";
	case ARB_REG_BOOL:
		return "bool";
	case ARB_REG_POINTS:
		return "points";
	default:
		return "string";
	}
}

/* The generated part: one row per field, its values in each edition. */
static char *schema(void)
{
	size_t cap = 65536, used = 0;
	char *out = malloc(cap);
	arb_regulation regs[NEDITIONS];
	arb_regulation_field f;
	if (!out)
		return NULL;
	for (int k = 0; k < NEDITIONS; k++)
		arb_regulation_init(&regs[k], editions[k], NULL);
#define ADD(...) (used += (size_t)snprintf(out + used, cap - used, __VA_ARGS__))
	ADD("| field | type | values | meaning |");
	for (int k = 0; k < NEDITIONS; k++)
		ADD(" `%s` |", editions[k]);
	ADD("\n|---|---|---|---|");
	for (int k = 0; k < NEDITIONS; k++)
		ADD("---|");
	ADD("\n");
	for (int i = 0; arb_regulation_field_at(i, &f); i++) {
		ADD("| `%s` | %s | ", f.name, type_name(&f));
		if (f.type == ARB_REG_ENUM)
			for (int w = 0; f.words[w]; w++)
				ADD("%s`%s`", w ? ", " : "", f.words[w]);
		else if (f.type == ARB_REG_INT)
			ADD("%d to %d", f.min, f.max);
		else if (f.type == ARB_REG_POINTS)
			ADD("%g to %g", f.min / 10.0, f.max / 10.0);
		else if (f.type == ARB_REG_BOOL)
			ADD("`true`, `false`");
		ADD(" | %s |", f.doc);
		for (int k = 0; k < NEDITIONS; k++) {
			char v[256];
			arb_regulation_get(&regs[k], f.name, v, sizeof v);
			if (!strcmp(f.name, "description"))
				ADD(" (the scripts) |");
			else
				ADD(" %s%s%s |", v[0] ? "`" : "", v, v[0] ? "`" : "");
		}
		ADD("\n");
		if (used >= cap - 2048) { /* the table outgrew the buffer */
			free(out);
			return NULL;
		}
	}
#undef ADD
	return out;
}

/* Checks (or rewrites) the generated part of README at path. 0 when it is
 * up to date (or was rewritten), 1 when stale, 2 when it cannot be read. */
static int doc(const char *path, int write)
{
	char *text = slurp(path);
	if (!text) {
		fprintf(stderr, "%s: cannot read\n", path);
		return 2;
	}
	char *b = strstr(text, DOC_BEGIN), *e = b ? strstr(b, DOC_END) : NULL;
	if (!b || !e) {
		fprintf(stderr, "%s: no generated part (%s...%s)\n", path, DOC_BEGIN, DOC_END);
		free(text);
		return 2;
	}
	b += strlen(DOC_BEGIN);
	char *gen = schema();
	if (!gen) {
		fprintf(stderr, "%s: the schema does not fit its buffer\n", path);
		free(text);
		return 2;
	}
	int same = (size_t)(e - b) == strlen(gen) && !memcmp(b, gen, strlen(gen));
	int rc = 0;
	if (!same && !write) {
		fprintf(stderr,
			"%s: the field table is stale; run test_regulation --write-doc SRCDIR\n",
			path);
		rc = 1;
	} else if (!same) {
		FILE *fp = fopen(path, "wb");
		rc = !fp || fwrite(text, 1, (size_t)(b - text), fp) != (size_t)(b - text) ||
		     fputs(gen, fp) < 0 || fputs(e, fp) < 0;
		if (fp && fclose(fp) != 0)
			rc = 1;
		rc = rc ? 2 : 0;
	}
	free(gen);
	free(text);
	return rc;
}

START_TEST(doc_is_current)
{
	char path[1200];
	snprintf(path, sizeof path, "%s/regulations/README.md", srcdir);
	ck_assert_int_eq(doc(path, 0), 0);
}
END_TEST

/* ------------------------------------------------------------------------
 * Main
 * ---------------------------------------------------------------------- */

static Suite *regulation_suite(void)
{
	Suite *s = suite_create("regulation");
	TCase *tc = tcase_create("fields");
	tcase_add_test(tc, field_table);
	tcase_add_test(tc, set_get_errors);
	suite_add_tcase(s, tc);
	tc = tcase_create("scripts");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, scripts_agree_with_builtins);
	tcase_add_test(tc, extend_chains_and_options);
	tcase_add_test(tc, list_finds_editions);
	tcase_add_test(tc, broken_scripts);
	tcase_add_test(tc, user_example);
	tcase_add_test(tc, loaded_fide2026_standings);
	tcase_add_test(tc, doc_is_current);
	suite_add_tcase(s, tc);
	tc = tcase_create("standings");
	tcase_add_test(tc, exclusion_under_half);
	tcase_add_test(tc, round_robin_buchholz);
	tcase_add_test(tc, drawing_of_lots);
	tcase_add_test(tc, points_without_162);
	tcase_add_test(tc, bye_limits);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	int check = argc > 2 && !strcmp(argv[1], "--check-doc");
	int write = argc > 2 && !strcmp(argv[1], "--write-doc");
	if (check || write) {
		char path[1200];
		snprintf(path, sizeof path, "%s/regulations/README.md", argv[2]);
		return doc(path, write);
	}
	if (argc > 1)
		srcdir = argv[1];
	snprintf(regdir, sizeof regdir, "%s/regulations", srcdir);
	snprintf(brokendir, sizeof brokendir, "%s/tests/data/regulations-broken", srcdir);
	snprintf(exampledir, sizeof exampledir, "%s/examples/regulations", srcdir);
	snprintf(tbdir, sizeof tbdir, "%s/tests/data/tournaments/tiebreaks", srcdir);
	SRunner *sr = srunner_create(regulation_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
