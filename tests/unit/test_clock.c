/*
 * test_clock.c -- time controls and the clock (docs/rules.md#time-controls).
 *
 * Notations: every form the parser takes, printed in PGN, TRF, US Chess
 * and text, and read back equal; errors with their column. Categories: the
 * controls of docs/rules.md#speed-categories under each edition, plus
 * boundaries. The clock: the arithmetic of docs/rules.md#clock-modes
 * (increment, simple delay, Bronstein with
 * moves shorter and longer than the delay, multi-period by move count,
 * increment from move 61), first-move handling, the move completed exactly
 * at zero (rule: a flag falls when the main time reaches zero, so a press
 * at that millisecond is too late and earns no increment), period
 * transitions by moves and by flag, Armageddon odds, penalties, stop and
 * resume, both flags, sandclocks, times going back. The clock history of
 * PGN games from [%clk] and [%emt].
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

#define S 1000L
#define MIN 60000L

static arb_time_control tc_of(const char *text)
{
	arb_time_control tc;
	arb_error err;
	arb_status st = arb_tc_parse(text, &tc, &err);
	ck_assert_msg(st == ARB_OK, "%s: %s", text, err.message);
	return tc;
}

static const char *fmt(const char *text, arb_tc_notation how)
{
	static char buf[4][ARB_TC_MAX];
	static int k;
	arb_time_control tc = tc_of(text);
	char *b = buf[k++ % 4];
	arb_tc_format(&tc, how, b, ARB_TC_MAX);
	return b;
}

/* ------------------------------------------------------------------------
 * Notations
 * ---------------------------------------------------------------------- */

START_TEST(test_pgn_forms)
{
	arb_time_control tc = tc_of("40/5400+30:1800+30");
	ck_assert_int_eq(tc.kind, ARB_TC_PERIODS);
	ck_assert_int_eq(tc.side[ARB_WHITE].nperiods, 2);
	ck_assert_int_eq(tc.side[ARB_WHITE].period[0].moves, 40);
	ck_assert_int_eq(tc.side[ARB_WHITE].period[0].base_ms, 90 * MIN);
	ck_assert_int_eq(tc.side[ARB_WHITE].period[0].increment_ms, 30 * S);
	ck_assert_int_eq(tc.side[ARB_WHITE].period[1].moves, 0);
	ck_assert_int_eq(tc.side[ARB_WHITE].period[1].base_ms, 30 * MIN);
	ck_assert(arb_tc_equal(&tc, &tc));
	ck_assert_str_eq(fmt("40/5400+30:1800+30", ARB_TC_PGN), "40/5400+30:1800+30");
	ck_assert_str_eq(fmt("40/5400+30:1800+30", ARB_TC_USCF), "40/90, SD/30;inc30");
	ck_assert_str_eq(fmt("40/5400+30:1800+30", ARB_TC_TEXT),
			 "90 min for 40 moves, then 30 min, +30 s per move from move 1");
	ck_assert_int_eq(tc_of("?").kind, ARB_TC_UNKNOWN);
	ck_assert_int_eq(tc_of("-").kind, ARB_TC_NONE);
	ck_assert_str_eq(fmt("?", ARB_TC_PGN), "?");
	ck_assert_str_eq(fmt("-", ARB_TC_PGN), "-");
	ck_assert_str_eq(fmt("40/5400", ARB_TC_PGN), "40/5400");
	ck_assert_str_eq(fmt("40/5400", ARB_TC_TEXT), "90 min for 40 moves (repeated)");
	/* US Chess needs a G/ or SD/ period to be told from PGN: a control
	 * without one is not written in it. */
	ck_assert_str_eq(fmt("40/5400", ARB_TC_USCF), "");
	ck_assert_str_eq(fmt("300", ARB_TC_USCF), "G/5");
	ck_assert_str_eq(fmt("4500+60", ARB_TC_USCF), "G/75;inc60");
	tc = tc_of("*180");
	ck_assert_int_eq(tc.kind, ARB_TC_SANDCLOCK);
	ck_assert_int_eq(tc.sandclock_ms, 180 * S);
	ck_assert_str_eq(fmt("*180", ARB_TC_PGN), "*180");
	ck_assert_str_eq(fmt("*180", ARB_TC_USCF), ""); /* not expressible */
	/* The delay extension: one way out, both ways in. */
	ck_assert_str_eq(fmt("300d5", ARB_TC_PGN), "300d5");
	ck_assert_str_eq(fmt("300+0d5", ARB_TC_PGN), "300d5");
	ck_assert(arb_tc_equal(&(arb_time_control){0}, &(arb_time_control){0}));
	arb_time_control a = tc_of("300d5"), b = tc_of("300+0d5");
	ck_assert(arb_tc_equal(&a, &b));
	ck_assert_int_eq(a.side[0].period[0].delay, ARB_DELAY_SIMPLE);
	ck_assert_int_eq(tc_of("300b5").side[1].period[0].delay, ARB_DELAY_BRONSTEIN);
	ck_assert_str_eq(fmt("300b5", ARB_TC_TEXT), "5 min, 5 s Bronstein delay per move");
	/* Fractions of a second, and lichess's "15+0". */
	ck_assert_int_eq(tc_of("2.5+0.125").side[0].period[0].increment_ms, 125);
	ck_assert_str_eq(fmt("2.5+0.125", ARB_TC_PGN), "2.5+0.125");
	ck_assert_str_eq(fmt("15+0", ARB_TC_PGN), "15+0");
	/* Surrounding blanks are ignored, newlines included. */
	ck_assert_str_eq(fmt("  300+2 \n", ARB_TC_PGN), "300+2");
	ck_assert_str_eq(fmt("\r\n300+2", ARB_TC_PGN), "300+2");
	/* The same clock whatever the notation said about "no delay". */
	arb_time_control x = tc_of("300"), y = tc_of("300+0");
	ck_assert(arb_tc_equal(&x, &y));
}
END_TEST

START_TEST(test_uscf_forms)
{
	arb_time_control tc = tc_of("G/90;d5");
	ck_assert_int_eq(tc.side[0].nperiods, 1);
	ck_assert_int_eq(tc.side[0].period[0].base_ms, 90 * MIN);
	ck_assert_int_eq(tc.side[0].period[0].delay_ms, 5 * S);
	ck_assert_int_eq(tc.side[0].period[0].delay, ARB_DELAY_SIMPLE);
	ck_assert_str_eq(fmt("G/90;d5", ARB_TC_PGN), "5400d5");
	ck_assert_str_eq(fmt("G/60;inc30", ARB_TC_PGN), "3600+30");
	tc = tc_of("40/120, SD/60;d5");
	ck_assert_int_eq(tc.side[0].nperiods, 2);
	ck_assert_int_eq(tc.side[0].period[0].moves, 40);
	ck_assert_int_eq(tc.side[0].period[0].base_ms, 120 * MIN);
	ck_assert_int_eq(tc.side[0].period[1].base_ms, 60 * MIN);
	ck_assert_int_eq(tc.side[0].period[1].delay_ms, 5 * S); /* applies to every period */
	ck_assert_str_eq(fmt("40/120, SD/60;d5", ARB_TC_USCF), "40/120, SD/60;d5");
	/* "d/0": no delay, said explicitly (5B1c), so 5E2 adds none. */
	tc = tc_of("G/5 d/0");
	ck_assert_int_eq(tc.delay_stated, 1);
	ck_assert_int_eq(tc.side[0].period[0].delay_ms, 0);
	ck_assert_int_eq(arb_tc_uscf_default_delay(&tc), 0);
	ck_assert_str_eq(fmt("G/5 d/0", ARB_TC_PGN), "300+0");
	ck_assert_str_eq(fmt("G/5 d/0", ARB_TC_USCF), "G/5;d0");
	ck_assert_str_eq(fmt("G/3+2", ARB_TC_PGN), "180+2");
	ck_assert_str_eq(fmt("g/30 inc/10", ARB_TC_PGN), "1800+10");
	ck_assert_str_eq(fmt("40/90, SD/30;inc30", ARB_TC_PGN), "40/5400+30:1800+30");
}
END_TEST

START_TEST(test_trf_and_odds)
{
	arb_time_control tc = tc_of("40/6000+30:900+30");
	ck_assert_str_eq(fmt("40/6000+30:900+30", ARB_TC_TRF), "40/6000+30:900+30");
	tc = tc_of("W300-B240");
	ck_assert_int_eq(tc.side[ARB_WHITE].period[0].base_ms, 5 * MIN);
	ck_assert_int_eq(tc.side[ARB_BLACK].period[0].base_ms, 4 * MIN);
	ck_assert_str_eq(fmt("W300-B240", ARB_TC_TRF), "W300-B240");
	ck_assert_str_eq(fmt("W300-B240", ARB_TC_PGN), "300=240");
	ck_assert_str_eq(fmt("300=240", ARB_TC_TRF), "W300-B240");
	ck_assert_str_eq(fmt("W300-B240", ARB_TC_USCF), ""); /* odds: not in US notation */
	ck_assert_str_eq(fmt("W300-B240", ARB_TC_TEXT), "White: 5 min; Black: 4 min");
	/* Armageddon, World Cup 2015: 5 v 4 min, +3 s from move 61. */
	tc = tc_of("W300+3@61-B240+3@61");
	ck_assert_int_eq(tc.side[ARB_BLACK].period[0].increment_from, 61);
	ck_assert_str_eq(fmt("W300+3@61-B240+3@61", ARB_TC_TEXT),
			 "White: 5 min, +3 s per move from move 61; Black: 4 min, +3 s per move "
			 "from move 61");
}
END_TEST

/* Every notation of every accepted control reads back equal. */
START_TEST(test_round_trip)
{
	static const char *controls[] = {
		"?",
		"-",
		"300",
		"4500+60",
		"40/5400",
		"*180",
		"40/5400+30:1800+30",
		"300d5",
		"300b5",
		"300+3@61",
		"300=240",
		"W300+3@61-B240+3@61",
		"G/90;d5",
		"G/60;inc30",
		"40/120, SD/60;d5",
		"G/5 d/0",
		"2.5+0.125",
		"40/7200:20/3600:900+30",
		"15+0",
		"40/6000+30:900+30",
		"60/300:0+3",
		"G/90;b5",
	};
	for (size_t i = 0; i < sizeof controls / sizeof controls[0]; i++) {
		arb_time_control tc = tc_of(controls[i]), back;
		for (int how = ARB_TC_PGN; how <= ARB_TC_USCF; how++) {
			char buf[ARB_TC_MAX];
			size_t n = arb_tc_format(&tc, (arb_tc_notation)how, buf, sizeof buf);
			ck_assert_uint_eq(n, strlen(buf));
			if (!n)
				continue; /* not expressible in this notation */
			ck_assert_msg(arb_tc_parse(buf, &back, NULL) == ARB_OK, "%s -> %s",
				      controls[i], buf);
			ck_assert_msg(arb_tc_equal(&tc, &back), "%s -> %s", controls[i], buf);
		}
	}
	/* A short buffer is truncated and terminated; the length is the full one. */
	arb_time_control tc = tc_of("40/5400+30:1800+30");
	char small[6];
	ck_assert_uint_eq(arb_tc_format(&tc, ARB_TC_PGN, small, sizeof small), 18);
	ck_assert_str_eq(small, "40/54");
}
END_TEST

/* The longest control the parser accepts fits ARB_TC_MAX in every notation. */
START_TEST(test_longest)
{
	char text[1024] = "W", buf[ARB_TC_MAX];
	const char *period = "1000/31535999.999+31535999.999@1000b31535999.999";
	for (int side = 0; side < 2; side++) {
		for (int i = 0; i < ARB_TC_MAX_PERIODS; i++) {
			strcat(text, period);
			if (i + 1 < ARB_TC_MAX_PERIODS)
				strcat(text, ":");
		}
		if (!side)
			strcat(text, "-B");
	}
	text[strlen(text) - strlen(period)] = 0; /* Black's last period differs */
	strcat(text, "999/31535999.999+31535999.999@999d31535999.999");
	arb_time_control tc = tc_of(text), back;
	for (int how = ARB_TC_PGN; how <= ARB_TC_TEXT; how++) {
		size_t n = arb_tc_format(&tc, (arb_tc_notation)how, buf, sizeof buf);
		ck_assert_msg(n < ARB_TC_MAX, "notation %d: %zu", how, n);
		ck_assert_uint_eq(n, strlen(buf));
		if (how != ARB_TC_TEXT && n) {
			ck_assert_int_eq(arb_tc_parse(buf, &back, NULL), ARB_OK);
			ck_assert(arb_tc_equal(&tc, &back));
		}
	}
}
END_TEST

/* Hand-built controls are checked by every entry point. */
START_TEST(test_invalid_structs)
{
	arb_time_control tc = tc_of("40/5400:1800"), bad_tc;
	char buf[ARB_TC_MAX];
	bad_tc = tc;
	bad_tc.side[0].nperiods = 100;
	ck_assert_int_eq(arb_tc_equal(&bad_tc, &bad_tc), 0);
	ck_assert_uint_eq(arb_tc_format(&bad_tc, ARB_TC_PGN, buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "");
	ck_assert_ptr_null(arb_tc_category(&bad_tc, "fide2018"));
	ck_assert_ptr_null(arb_clock_new(&bad_tc, ARB_PERIOD_BY_MOVES));
	bad_tc = tc;
	bad_tc.side[1].nperiods = 0;
	ck_assert_uint_eq(arb_tc_format(&bad_tc, ARB_TC_USCF, buf, sizeof buf), 0);
	bad_tc = tc;
	bad_tc.side[0].period[0].moves = -1;
	ck_assert_ptr_null(arb_tc_category(&bad_tc, "fide2018"));
	bad_tc = tc;
	bad_tc.side[1].period[1].base_ms = -500;
	ck_assert_ptr_null(arb_clock_new(&bad_tc, ARB_PERIOD_BY_FLAG));
	bad_tc = tc;
	bad_tc.side[0].period[0].moves = 0; /* rest of game, then another */
	ck_assert_int_eq(arb_tc_uscf_default_delay(&bad_tc), 0);
	bad_tc = tc;
	bad_tc.kind = (arb_tc_kind)9;
	ck_assert_ptr_null(arb_tc_category(&bad_tc, "online"));
	/* No buffer: nothing is written, the length is still given. */
	ck_assert_uint_eq(arb_tc_format(&tc, ARB_TC_PGN, NULL, 10), strlen("40/5400:1800"));
}
END_TEST

static void bad(const char *text, int column, const char *why)
{
	arb_time_control tc;
	arb_error err;
	memset(&tc, 0x5a, sizeof tc);
	arb_time_control before = tc;
	ck_assert_int_eq(arb_tc_parse(text, &tc, &err), ARB_E_TIME_CONTROL);
	ck_assert_msg(err.column == column, "%s: column %d, want %d (%s)", text, err.column, column,
		      err.message);
	ck_assert_msg(strstr(err.message, why) != NULL, "%s: %s", text, err.message);
	ck_assert_msg(strstr(err.message, "column") != NULL, "%s: %s", text, err.message);
	ck_assert(memcmp(&tc, &before, sizeof tc) == 0); /* untouched */
}

START_TEST(test_errors)
{
	bad("", 1, "empty");
	bad("   ", 4, "empty");
	bad("x", 1, "expected seconds");
	bad("40/", 4, "expected seconds");
	bad("300+", 5, "increment");
	bad("300d", 5, "delay");
	bad("1e5", 2, "unexpected 'e'");
	bad("300:600", 5, "after the rest-of-game period");
	bad("0", 1, "no time");
	bad("2.5/300", 1, "whole number");
	bad("1.2345", 6, "three decimals");
	bad("99999999999999999999", 1, "too large");
	bad("W300", 5, "-B");
	bad("W300-B", 7, "expected seconds");
	bad("300=", 5, "expected seconds");
	bad("*", 2, "expected seconds");
	bad("*0", 2, "sandclock");
	bad("G/", 3, "expected minutes");
	bad("G/90;d5;d3", 9, "a second delay");
	bad("G/90, 40/30", 7, "after the sudden-death period");
	bad("G/90;x", 6, "expected G/");
	bad("40 G/90", 3, "expected '/'");
	bad("1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1", 33, "more than 8 periods");
	bad("300+1@0", 7, "at least 1");
	bad("0b5", 1, "no time"); /* Bronstein gives nothing before the time runs */
				  /* NULL text or control: misuse (test_misuse.c). */
}
END_TEST

/* ------------------------------------------------------------------------
 * Categories (docs/rules.md#speed-categories)
 * ---------------------------------------------------------------------- */

static void category(const char *control, const char *f2009, const char *f2014, const char *uscf,
		     const char *online)
{
	arb_time_control tc = tc_of(control);
	ck_assert_str_eq(arb_tc_category(&tc, "fide2009"), f2009);
	ck_assert_str_eq(arb_tc_category(&tc, "fide1997"), f2009);
	ck_assert_str_eq(arb_tc_category(&tc, "fide2014"), f2014);
	ck_assert_str_eq(arb_tc_category(&tc, "fide2018"), f2014);
	ck_assert_str_eq(arb_tc_category(&tc, "fide2023"), f2014);
	ck_assert_msg(!strcmp(arb_tc_category(&tc, "uscf"), uscf), "%s: uscf %s, want %s", control,
		      arb_tc_category(&tc, "uscf"), uscf);
	ck_assert_msg(!strcmp(arb_tc_category(&tc, "online"), online), "%s: online %s, want %s",
		      control, arb_tc_category(&tc, "online"), online);
}

START_TEST(test_categories)
{
	/* The controls of docs/rules.md#speed-categories (lichess: base + 40 x increment). */
	category("180+2", "blitz", "blitz", "blitz", "blitz");         /* 260 s */
	category("600", "blitz", "blitz", "blitz", "rapid");           /* 600 s */
	category("720", "blitz", "rapid", "quick", "rapid");           /* 12 min */
	category("600+5", "rapid", "rapid", "quick", "rapid");         /* 15, 800 s */
	category("900", "rapid", "rapid", "quick", "rapid");           /* 900 s */
	category("1500+10", "rapid", "rapid", "dual", "classical");    /* 35, 1900 s */
	category("3600", "standard", "standard", "dual", "classical"); /* 60 */
	category("5400+30", "standard", "standard", "regular", "classical");
	/* Boundaries. */
	category("840", "blitz", "rapid", "quick", "rapid");           /* 14 min */
	category("3540", "rapid", "rapid", "dual", "classical");       /* 59 min */
	category("1800", "rapid", "rapid", "dual", "classical");       /* US 30: dual */
	category("3900", "standard", "standard", "dual", "classical"); /* US 65: dual */
	category("3960", "standard", "standard", "regular", "classical");
	category("180+2", "blitz", "blitz", "blitz", "blitz");   /* US 3+2 = 5, base 3 */
	category("120+3", "blitz", "blitz", "unrated", "blitz"); /* US 2+3 = 5, base < 3 */
	category("60", "blitz", "blitz", "unrated", "bullet");
	category("15+0", "blitz", "blitz", "unrated", "ultraBullet");
	category("G/5;d5", "blitz", "blitz", "blitz", "rapid"); /* 5 + 5 = 10: delay counts */
	/* Several periods: FIDE counts the first 60 moves, US the first period. */
	category("40/5400+30:1800+30", "standard", "standard", "regular", "classical");
	category("20/300:600", "rapid", "rapid", "blitz", "blitz"); /* 15 min in 60 moves */
	/* Armageddon: no increment before move 61, so 5 min in 60 moves. */
	category("W300+3@61-B240+3@61", "blitz", "blitz", "unrated", "blitz");
	/* Odds are unrated in US Chess (5C1); FIDE's bounds hold "for each
	 * player", so the player with less time decides, as online. */
	category("W900-B300", "blitz", "blitz", "unrated", "blitz");
	/* A sandclock counts as its time. */
	category("*180", "blitz", "blitz", "unrated", "blitz");
	arb_time_control tc = tc_of("?");
	ck_assert_str_eq(arb_tc_category(&tc, "fide2018"), "unknown");
	tc = tc_of("-");
	ck_assert_str_eq(arb_tc_category(&tc, "fide2018"), "none");
	ck_assert_str_eq(arb_tc_category(&tc, "online"), "correspondence");
	ck_assert_ptr_null(arb_tc_category(&tc, "fide2030"));
}
END_TEST

/* A profile's own categories (time.categories, arb_rules_tc_category). */
static void rules_set(arb_rules *r, const char *field, const char *value)
{
	arb_error err;
	ck_assert_msg(arb_rules_set(r, field, value, &err) == ARB_OK, "%s", err.message);
}

static void rules_category(const arb_rules *r, const char *control, const char *want)
{
	char buf[32];
	arb_time_control tc = tc_of(control);
	int n = arb_rules_tc_category(r, &tc, buf, sizeof buf);
	ck_assert_msg(n == (int)strlen(want) && !strcmp(buf, want), "%s: %s (%d), want %s", control,
		      buf, n, want);
}

static void rules_refused(const char *field, const char *value, const char *why)
{
	arb_rules r;
	arb_error err;
	arb_rules_init(&r);
	rules_set(&r, "time.categories", "standard >= 60m, blitz");
	rules_set(&r, field, value);
	ck_assert_int_eq(arb_rules_check(&r, &err), ARB_E_PROFILE);
	ck_assert_msg(strstr(err.message, field) && strstr(err.message, why), "%s = '%s': %s",
		      field, value, err.message);
}

START_TEST(test_rules_categories)
{
	arb_rules r;
	char buf[32];
	arb_time_control tc = tc_of("300");
	arb_rules_init(&r);
	ck_assert_int_eq(arb_rules_tc_category(&r, &tc, buf, sizeof buf), -1); /* none named */
	ck_assert_str_eq(buf, "");
	/* an event's own: classical from 90 minutes, FIDE's below */
	rules_set(&r, "time.categories", "classical >= 90m, standard >= 60m, rapid > 10m, blitz");
	ck_assert_int_eq(arb_rules_check(&r, NULL), ARB_OK);
	rules_category(&r, "5400+30", "classical");
	rules_category(&r, "3600+30", "classical"); /* 60 + 30 min of increments */
	rules_category(&r, "3600", "standard");
	rules_category(&r, "600+1", "rapid");
	rules_category(&r, "600", "blitz");
	rules_category(&r, "?", "unknown");
	rules_category(&r, "-", "none");
	rules_set(&r, "time.category_untimed", "correspondence");
	rules_category(&r, "-", "correspondence");
	/* the first period (as US Chess and lichess count), odds not rated */
	rules_set(&r, "time.category_count", "first-period");
	rules_set(&r, "time.category_moves", "40");
	rules_set(&r, "time.category_odds", "last");
	rules_category(&r, "40/3600:1800", "standard");
	rules_category(&r, "W900-B300", "blitz");
	rules_category(&r, "*3600", "blitz");
	rules_set(&r, "time.categories", "fast >= 1m base >= 1m, slow");
	rules_category(&r, "30+1", "slow"); /* 70 s, but a base of 30 s */
	rules_category(&r, "60", "fast");
	/* cut to the buffer, the length still whole (NULL rules or control:
	 * misuse, test_misuse.c) */
	ck_assert_int_eq(arb_rules_tc_category(&r, &tc, buf, 3), 4);
	ck_assert_str_eq(buf, "fa");
	ck_assert_int_eq(arb_rules_tc_category(&r, &tc, NULL, 0), 4);
	/* the editions' schemes written as fields classify as arb_tc_category */
	static const char *const controls[] = {
		"180+2", "600",  "720",    "600+5",      "1500+10",   "3600", "3900", "3960",
		"120+3", "15+0", "G/5;d5", "20/300:600", "W900-B300", "*180", "-"};
	arb_rules fide, uscf, online;
	arb_rules_init(&fide);
	rules_set(&fide, "time.categories", "standard >= 60m, rapid > 10m, blitz");
	arb_rules_init(&uscf);
	rules_set(&uscf, "time.categories",
		  "regular > 65m, dual >= 30m, quick > 10m, blitz >= 5m base >= 3m, unrated");
	rules_set(&uscf, "time.category_count", "first-period");
	rules_set(&uscf, "time.category_odds", "last");
	arb_rules_init(&online);
	rules_set(&online, "time.categories",
		  "correspondence >= 6h, classical >= 25m, "
		  "rapid >= 8m, blitz >= 3m, bullet >= 30s, ultraBullet");
	rules_set(&online, "time.category_count", "first-period");
	rules_set(&online, "time.category_moves", "40");
	rules_set(&online, "time.category_untimed", "correspondence");
	for (size_t i = 0; i < sizeof controls / sizeof controls[0]; i++) {
		tc = tc_of(controls[i]);
		rules_category(&fide, controls[i], arb_tc_category(&tc, "fide2014"));
		rules_category(&uscf, controls[i], arb_tc_category(&tc, "uscf"));
		rules_category(&online, controls[i], arb_tc_category(&tc, "online"));
	}
	/* lists the notation cannot read are refused, naming the field */
	rules_refused("time.categories", "standard >= 60, blitz", "TIME");
	rules_refused("time.categories", "standard >= 60m", "the last category has no bound");
	rules_refused("time.categories", "standard >= 60m, rapid 10m, blitz",
		      "'> TIME' or '>= TIME'");
	rules_refused("time.categories", "standard >= 60m, , blitz", "start with a letter");
	rules_refused("time.categories", "blitz, standard >= 60m", "only the last");
	rules_refused("time.categories", "standard >= 60m blitz", "separated by ','");
	rules_refused("time.categories", "standard >= 60m, 5min", "start with a letter");
	rules_refused("time.categories", "standard >= 60m base > 3m, blitz", "base >= TIME");
	rules_refused("time.categories", "a>1s,b>1s,c>1s,d>1s,e>1s,f>1s,g>1s,h>1s,i",
		      "more than 8");
	rules_refused("time.categories", "averyveryverylongname >= 1m, b", "at most 15");
	rules_refused("time.category_untimed", "", "a category name");
	rules_refused("time.category_untimed", "no control", "a category name");
	arb_error err;
	ck_assert_int_eq(arb_rules_set(&r, "time.category_moves", "0", &err), ARB_E_PROFILE);
	ck_assert_int_eq(arb_rules_set(&r, "time.category_moves", "1001", &err), ARB_E_PROFILE);
	ck_assert_int_eq(arb_rules_set(&r, "time.category_odds", "most", &err), ARB_E_PROFILE);
}
END_TEST

START_TEST(test_uscf_default_delay)
{
	/* 5E2: the minimum of the recommended range applies. */
	arb_time_control tc = tc_of("G/90");
	ck_assert_int_eq(arb_tc_uscf_default_delay(&tc), 5 * S);
	tc = tc_of("G/30");
	ck_assert_int_eq(arb_tc_uscf_default_delay(&tc), 5 * S);
	tc = tc_of("G/29");
	ck_assert_int_eq(arb_tc_uscf_default_delay(&tc), 3 * S);
	tc = tc_of("G/11");
	ck_assert_int_eq(arb_tc_uscf_default_delay(&tc), 3 * S);
	tc = tc_of("G/10");
	ck_assert_int_eq(arb_tc_uscf_default_delay(&tc), 2 * S);
	tc = tc_of("40/120, SD/30"); /* mixed control */
	ck_assert_int_eq(arb_tc_uscf_default_delay(&tc), 5 * S);
	tc = tc_of("G/10 d/0");
	ck_assert_int_eq(arb_tc_uscf_default_delay(&tc), 0);
	tc = tc_of("G/60;inc30");
	ck_assert_int_eq(arb_tc_uscf_default_delay(&tc), 0);
	tc = tc_of("-");
	ck_assert_int_eq(arb_tc_uscf_default_delay(&tc), 0);
	tc = tc_of("300=240"); /* odds: not rated */
	ck_assert_int_eq(arb_tc_uscf_default_delay(&tc), 0);
}
END_TEST

/* ------------------------------------------------------------------------
 * The clock
 * ---------------------------------------------------------------------- */

static arb_clock *clock_of(const char *control, arb_transition mode)
{
	arb_time_control tc = tc_of(control);
	arb_clock *c = arb_clock_new(&tc, mode);
	ck_assert_ptr_nonnull(c);
	return c;
}

/* One move of `used` ms by the side to move, starting at *t. */
static void move(arb_clock *c, long *t, long used)
{
	*t += used;
	ck_assert_int_eq(arb_clock_press(c, *t), ARB_OK);
}

/* docs/rules.md#clock-modes, the arithmetic: the change of the main time of one
 * move of `used` ms under `control`, for White's first move. */
static long change(const char *control, long used)
{
	arb_clock *c = clock_of(control, ARB_PERIOD_BY_MOVES);
	long t = 0, before = arb_clock_remaining(c, ARB_WHITE, 0);
	ck_assert_int_eq(arb_clock_start(c, 0), ARB_OK);
	move(c, &t, used);
	long d = arb_clock_remaining(c, ARB_WHITE, t) - before;
	arb_clock_free(c);
	return d;
}

START_TEST(test_arithmetic)
{
	ck_assert_int_eq(change("300+5", 3 * S), 2 * S);  /* -3 +5 */
	ck_assert_int_eq(change("300+5", 8 * S), -3 * S); /* -8 +5 */
	ck_assert_int_eq(change("300d5", 3 * S), 0);      /* within the delay */
	ck_assert_int_eq(change("300d5", 8 * S), -3 * S); /* 3 s past it */
	ck_assert_int_eq(change("300b5", 3 * S), 0);      /* 3 s given back */
	ck_assert_int_eq(change("300b5", 8 * S), -3 * S); /* 5 s given back */
	ck_assert_int_eq(change("300d5", 5 * S), 0);      /* exactly the delay */
	/* Unused increment accumulates; unused delay does not. */
	arb_clock *c = clock_of("300+5", ARB_PERIOD_BY_MOVES);
	long t = 0;
	arb_clock_start(c, 0);
	for (int i = 0; i < 10; i++)
		move(c, &t, 1 * S); /* five moves each */
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 300 * S + 5 * 4 * S);
	arb_clock_free(c);
	c = clock_of("300d5", ARB_PERIOD_BY_MOVES);
	t = 0;
	arb_clock_start(c, 0);
	for (int i = 0; i < 10; i++)
		move(c, &t, 1 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 300 * S);
	arb_clock_free(c);
}
END_TEST

START_TEST(test_delay_display)
{
	/* Simple delay: the main time stands still during the delay; the
	 * delay left is reported apart. Bronstein: it runs at once. */
	arb_clock *c = clock_of("60d5", ARB_PERIOD_BY_MOVES);
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 3 * S), 60 * S);
	ck_assert_int_eq(arb_clock_delay_left(c, 3 * S), 2 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 7 * S), 58 * S);
	ck_assert_int_eq(arb_clock_delay_left(c, 7 * S), 0);
	/* The flag falls at delay + main time. */
	ck_assert_int_eq(arb_clock_flags(c, 64999, NULL, NULL), 0);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 65 * S), 65 * S);
	arb_clock_free(c);
	c = clock_of("60b5", ARB_PERIOD_BY_MOVES);
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 3 * S), 57 * S);
	ck_assert_int_eq(arb_clock_delay_left(c, 3 * S), 0);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 60 * S), 60 * S);
	arb_clock_free(c);
}
END_TEST

START_TEST(test_first_move)
{
	/* White's clock runs from the start; Black's only after White's first
	 * press. No increment is given before a move is completed. */
	arb_clock *c = clock_of("180+2", ARB_PERIOD_BY_MOVES);
	ck_assert_int_eq(arb_clock_running(c), -1);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 0), 180 * S);
	ck_assert_int_eq(arb_clock_press(c, 0), ARB_E_ARGUMENT); /* not started */
	ck_assert_int_eq(arb_clock_start(c, 1000), ARB_OK);
	ck_assert_int_eq(arb_clock_start(c, 1000), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_clock_running(c), ARB_WHITE);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 11 * S), 170 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_BLACK, 11 * S), 180 * S);
	ck_assert_int_eq(arb_clock_press(c, 11 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 11 * S), 172 * S);
	ck_assert_int_eq(arb_clock_running(c), ARB_BLACK);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_BLACK, 15 * S), 176 * S);
	ck_assert_int_eq(arb_clock_moves(c, ARB_WHITE), 1);
	ck_assert_int_eq(arb_clock_moves(c, ARB_BLACK), 0);
	arb_clock_free(c);
}
END_TEST

START_TEST(test_exactly_zero)
{
	/* The rule: a flag falls when the main time reaches zero. A press at
	 * that very millisecond is too late: the flag is down and no increment
	 * is given (the flag is checked first). One millisecond earlier is in
	 * time and earns the increment. */
	arb_clock *c = clock_of("10+5", ARB_PERIOD_BY_MOVES);
	arb_color first;
	long when;
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_press(c, 10 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_flags(c, 10 * S, &first, &when), 1);
	ck_assert_int_eq(first, ARB_WHITE);
	ck_assert_int_eq(when, 10 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 10 * S), 0);
	arb_clock_free(c);
	c = clock_of("10+5", ARB_PERIOD_BY_MOVES);
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_press(c, 9999), ARB_OK);
	ck_assert_int_eq(arb_clock_flags(c, 9999, NULL, NULL), 0);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 9999), 5001);
	arb_clock_free(c);
	/* With a simple delay, zero comes at delay + main time. */
	c = clock_of("10d5", ARB_PERIOD_BY_MOVES);
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_press(c, 15 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 15 * S), 15 * S);
	arb_clock_free(c);
}
END_TEST

START_TEST(test_periods_by_moves)
{
	/* FIDE 6.3, US 5D: 40/90 + SD/30; the 40th move pressed with 12:00 left
	 * starts the next period at 12:00 + 30:00. */
	arb_clock *c = clock_of("40/5400:1800", ARB_PERIOD_BY_MOVES);
	long t = 0, per_move = (90 * MIN - 12 * MIN) / 40;
	arb_clock_start(c, 0);
	for (int i = 0; i < 40; i++) {
		move(c, &t, per_move); /* white */
		if (i < 39)
			move(c, &t, 1 * S); /* black */
	}
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 42 * MIN);
	ck_assert_int_eq(arb_clock_period(c, ARB_WHITE), 1);
	ck_assert_int_eq(arb_clock_period(c, ARB_BLACK), 0);
	/* Black's 40th move adds the 30 min to Black. */
	move(c, &t, 1 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_BLACK, t), 90 * MIN - 40 * S + 30 * MIN);
	arb_clock_free(c);
	/* A repeating last period: 2 moves in 10 s, again and again. */
	c = clock_of("2/10", ARB_PERIOD_BY_MOVES);
	t = 0;
	arb_clock_start(c, 0);
	for (int i = 0; i < 4; i++)
		move(c, &t, 1 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 18 * S);
	for (int i = 0; i < 4; i++)
		move(c, &t, 1 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 26 * S);
	arb_clock_free(c);
	/* By move count, a flag in the first period stays down: the time is
	 * zero until the move count adds the next period. */
	c = clock_of("2/10:20", ARB_PERIOD_BY_MOVES);
	t = 0;
	arb_clock_start(c, 0);
	move(c, &t, 12 * S); /* white's flag falls at 10 s */
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, t), 10 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 0);
	move(c, &t, 1 * S);
	move(c, &t, 1 * S); /* white's 2nd move: period 2 starts */
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 20 * S);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, t), 10 * S); /* still recorded */
	arb_clock_free(c);
}
END_TEST

START_TEST(test_periods_by_flag)
{
	/* Digital-clock mode: the next period's time comes when the flag
	 * falls, not after the move count; the fall is still recorded. */
	arb_clock *c = clock_of("2/10:20", ARB_PERIOD_BY_FLAG);
	long t = 0;
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 12 * S), 18 * S);
	ck_assert_int_eq(arb_clock_period(c, ARB_WHITE), 0); /* queries change nothing */
	move(c, &t, 12 * S);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, t), 10 * S);
	ck_assert_int_eq(arb_clock_period(c, ARB_WHITE), 1);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 18 * S);
	arb_clock_free(c);
	/* By flag, a side that made the period's moves has no flag fall when
	 * its time runs out: the next period simply starts (moves made beyond
	 * the period count for the next). */
	c = clock_of("2/10:20", ARB_PERIOD_BY_FLAG);
	t = 0;
	arb_clock_start(c, 0);
	for (int i = 0; i < 4; i++)
		move(c, &t, 1 * S); /* both made their 2 moves in 4 s */
	move(c, &t, 25 * S);        /* white's 8 s run out 8 s into the move */
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, t), -1);
	ck_assert_int_eq(arb_clock_period(c, ARB_WHITE), 1);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 3 * S); /* 20 - 17 */
	/* The last period's run-out is a flag fall. */
	move(c, &t, 1 * S);
	move(c, &t, 5 * S);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, t), t - 2 * S);
	arb_clock_free(c);
	/* A tiny repeating period is skipped through at once (no hang). */
	arb_time_control tiny = tc_of("1/0.001");
	c = arb_clock_new(&tiny, ARB_PERIOD_BY_FLAG);
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 2000000000L), 1);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 2000000000L), 1);
	arb_clock_free(c);
	/* A period without main time ends as soon as it starts: passed
	 * through when the moves carried over make it, else its flag falls
	 * there and then (not at some later query), and by flag the next
	 * period's time still comes. */
	c = clock_of("2/10:1/0:30", ARB_PERIOD_BY_FLAG);
	t = 0;
	arb_clock_start(c, 0);
	for (int i = 0; i < 6; i++)
		move(c, &t, 1 * S); /* three moves each: one beyond the first period */
	move(c, &t, 10 * S);        /* white's 7 s run out 7 s into the move */
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, t), -1);
	ck_assert_int_eq(arb_clock_period(c, ARB_WHITE), 2);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 27 * S);
	arb_clock_free(c);
	c = clock_of("2/10:1/0:30", ARB_PERIOD_BY_FLAG);
	t = 0;
	arb_clock_start(c, 0);
	for (int i = 0; i < 4; i++)
		move(c, &t, 1 * S); /* the first period's moves exactly */
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t + 8 * S), 0);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, t + 8 * S), t + 8 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t + 9 * S), 29 * S);
	ck_assert_int_eq(arb_clock_set_moves(c, ARB_WHITE, 0, t + 8 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t + 8 * S), 0);
	arb_clock_free(c);
	/* The same, repeating: no hang. */
	c = clock_of("1/10:1/0", ARB_PERIOD_BY_FLAG);
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 2000000000L), 0);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 2000000000L), 10 * S);
	arb_clock_free(c);
	/* Moves completed in time do not move to the next period by flag mode. */
	c = clock_of("2/10:20", ARB_PERIOD_BY_FLAG);
	t = 0;
	arb_clock_start(c, 0);
	for (int i = 0; i < 4; i++)
		move(c, &t, 1 * S);
	ck_assert_int_eq(arb_clock_period(c, ARB_WHITE), 0);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 8 * S);
	arb_clock_free(c);
}
END_TEST

START_TEST(test_armageddon)
{
	/* 5 v 4 min, +3 s from move 61 (World Cup 2015). */
	arb_clock *c = clock_of("W300+3@61-B240+3@61", ARB_PERIOD_BY_MOVES);
	long t = 0;
	arb_clock_start(c, 0);
	for (int i = 0; i < 120; i++)
		move(c, &t, 1 * S); /* 60 moves each, no increment */
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 240 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_BLACK, t), 180 * S);
	move(c, &t, 1 * S); /* White's move 61: the first with +3 s */
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 242 * S);
	move(c, &t, 1 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_BLACK, t), 182 * S);
	arb_clock_free(c);
}
END_TEST

START_TEST(test_penalties_and_rulings)
{
	arb_clock *c = clock_of("600", ARB_PERIOD_BY_MOVES);
	arb_clock_start(c, 0);
	/* +2 min to the opponent (FIDE 2018 7.5.5 first illegal move). */
	ck_assert_int_eq(arb_clock_add(c, ARB_BLACK, 2 * MIN, 10 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_BLACK, 10 * S), 12 * MIN);
	/* Half of the claimant's time, at most 3 min (FIDE 1997 9.5b). */
	ck_assert_int_eq(arb_clock_halve(c, ARB_WHITE, 3 * MIN, 10 * S), 3 * MIN); /* 590 s */
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 10 * S), 410 * S);
	ck_assert_int_eq(arb_clock_halve(c, ARB_WHITE, 10 * MIN, 10 * S), 205 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 10 * S), 205 * S);
	/* A deduction floors at zero and drops the flag there. */
	ck_assert_int_eq(arb_clock_add(c, ARB_WHITE, -10 * MIN, 20 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 20 * S), 0);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 20 * S), 20 * S);
	/* An arbiter's correction sets the time and raises the flag. */
	ck_assert_int_eq(arb_clock_set(c, ARB_WHITE, 3 * MIN, 30 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 30 * S), -1);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 40 * S), 3 * MIN - 10 * S);
	ck_assert_int_eq(arb_clock_set(c, ARB_WHITE, -1, 40 * S), ARB_E_ARGUMENT);
	arb_clock_free(c);
}
END_TEST

START_TEST(test_no_increment_after_flag)
{
	/* The time ran out during the move: no increment, even if time was
	 * added meanwhile (by flag mode, or an arbiter's +60 s). */
	arb_clock *c = clock_of("1/10+5:20+5", ARB_PERIOD_BY_FLAG);
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_press(c, 12 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 12 * S), 18 * S);
	arb_clock_free(c);
	c = clock_of("10+5", ARB_PERIOD_BY_MOVES);
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_add(c, ARB_WHITE, 60 * S, 12 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_press(c, 13 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 13 * S), 59 * S);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 13 * S), 10 * S);
	/* A later move in time earns it again. */
	ck_assert_int_eq(arb_clock_press(c, 14 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_press(c, 15 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 15 * S), 63 * S);
	arb_clock_free(c);
}
END_TEST

START_TEST(test_turn_and_moves)
{
	/* A game set up with Black to move at move 61 of an Armageddon: Black
	 * moves first and earns the increment at once. */
	arb_clock *c = clock_of("W300+3@61-B240+3@61", ARB_PERIOD_BY_MOVES);
	ck_assert_int_eq(arb_clock_set_turn(c, ARB_BLACK, 0), ARB_OK);
	ck_assert_int_eq(arb_clock_set_moves(c, ARB_WHITE, 61, 0), ARB_OK);
	ck_assert_int_eq(arb_clock_set_moves(c, ARB_BLACK, 60, 0), ARB_OK);
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_running(c), ARB_BLACK);
	ck_assert_int_eq(arb_clock_press(c, 2 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_BLACK, 2 * S), 241 * S);
	ck_assert_int_eq(arb_clock_moves(c, ARB_BLACK), 61);
	arb_clock_free(c);
	/* Moves set by count reach the right period without adding time. */
	c = clock_of("40/5400:20/3600", ARB_PERIOD_BY_MOVES);
	ck_assert_int_eq(arb_clock_set_moves(c, ARB_WHITE, 65, 0), ARB_OK);
	ck_assert_int_eq(arb_clock_period(c, ARB_WHITE), 1);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 0), 90 * MIN);
	/* An illegal move taken back: the turn goes back to White. */
	arb_clock_start(c, 0);
	arb_clock_press(c, 5 * S);
	ck_assert_int_eq(arb_clock_set_turn(c, ARB_WHITE, 6 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_running(c), ARB_WHITE);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_BLACK, 6 * S), 90 * MIN - 1 * S);
	ck_assert_int_eq(arb_clock_set_moves(c, ARB_WHITE, -1, 6 * S), ARB_E_ARGUMENT);
	arb_clock_free(c);
}
END_TEST

START_TEST(test_stop_resume_and_time_order)
{
	arb_clock *c = clock_of("60d5", ARB_PERIOD_BY_MOVES);
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_stop(c, 2 * S), ARB_OK); /* 3 s of delay left */
	ck_assert_int_eq(arb_clock_running(c), -1);
	ck_assert_int_eq(arb_clock_delay_left(c, 50 * S), 3 * S); /* kept while stopped */
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 100 * S), 60 * S);
	ck_assert_int_eq(arb_clock_press(c, 100 * S), ARB_E_ARGUMENT); /* stopped */
	ck_assert_int_eq(arb_clock_resume(c, 100 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_resume(c, 100 * S), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 103 * S), 60 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 104 * S), 59 * S);
	/* Time does not go back: refused, nothing changes; queries say so. */
	ck_assert_int_eq(arb_clock_press(c, 99 * S), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 99 * S), -1);
	ck_assert_int_eq(arb_clock_flags(c, 99 * S, NULL, NULL), -1);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 99 * S), -2);
	ck_assert_int_eq(arb_clock_delay_left(c, 99 * S), -1);
	ck_assert_int_eq(arb_clock_running(c), ARB_WHITE);
	ck_assert_int_eq(arb_clock_press(c, 104 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 104 * S), 59 * S);
	arb_clock_free(c);
	/* Untimed controls have no clock. */
	arb_time_control tc = tc_of("-");
	ck_assert_ptr_null(arb_clock_new(&tc, ARB_PERIOD_BY_MOVES));
	tc = tc_of("?");
	ck_assert_ptr_null(arb_clock_new(&tc, ARB_PERIOD_BY_MOVES));
	arb_clock_free(NULL); /* other NULLs are misuse: test_misuse.c */
}
END_TEST

START_TEST(test_zero_base)
{
	/* No main time to start with: the flag falls as soon as the clock
	 * runs (at the press that ends the very first millisecond too), unless
	 * a simple delay runs first. */
	arb_clock *c = clock_of("0+5", ARB_PERIOD_BY_MOVES);
	arb_clock_start(c, 100);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 100), 100);
	ck_assert_int_eq(arb_clock_press(c, 100), ARB_OK);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, 100), 0); /* no increment */
	arb_clock_free(c);
	c = clock_of("0d5", ARB_PERIOD_BY_MOVES);
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 4999), -1);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 5000), 5000);
	arb_clock_free(c);
}
END_TEST

START_TEST(test_both_flags)
{
	/* Both down: the first is known (digital clock); queries in between. */
	arb_clock *c = clock_of("10", ARB_PERIOD_BY_MOVES);
	arb_color first;
	long when;
	arb_clock_start(c, 0);
	ck_assert_int_eq(arb_clock_press(c, 4 * S), ARB_OK);
	ck_assert_int_eq(arb_clock_press(c, 14 * S), ARB_OK); /* black falls at 14 s */
	ck_assert_int_eq(arb_clock_flags(c, 14 * S, &first, &when), 1);
	ck_assert_int_eq(first, ARB_BLACK);
	ck_assert_int_eq(arb_clock_flags(c, 30 * S, &first, &when), 2); /* white at 20 s */
	ck_assert_int_eq(first, ARB_BLACK);
	ck_assert_int_eq(when, 14 * S);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_WHITE, 30 * S), 20 * S);
	arb_clock_free(c);
}
END_TEST

START_TEST(test_sandclock)
{
	/* An hourglass: what one side uses flows to the other. */
	arb_clock *c = clock_of("*60", ARB_PERIOD_BY_MOVES);
	long t = 0;
	arb_clock_start(c, 0);
	move(c, &t, 10 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t), 50 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_BLACK, t), 70 * S);
	ck_assert_int_eq(arb_clock_flag_time(c, ARB_BLACK, t + 70 * S), t + 70 * S);
	ck_assert_int_eq(arb_clock_remaining(c, ARB_WHITE, t + 80 * S), 120 * S);
	arb_clock_free(c);
}
END_TEST

/* ------------------------------------------------------------------------
 * Clock history of PGN games
 * ---------------------------------------------------------------------- */

typedef struct text_source {
	const char *s;
	size_t pos;
} text_source;

static size_t read_text(void *ctx, char *buf, size_t n)
{
	text_source *src = ctx;
	size_t left = strlen(src->s) - src->pos;
	size_t k = left < n ? left : n;
	memcpy(buf, src->s + src->pos, k);
	src->pos += k;
	return k;
}

static int history(const char *pgn, const char *control, arb_clock_entry *e, int n,
		   arb_clock_issue *is, int *nis)
{
	text_source src = {pgn, 0};
	arb_error err;
	arb_record *g = NULL;
	arb_pgn_reader *r = arb_pgn_reader_new(read_text, &src, "test", 0);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(arb_pgn_next(r, &g, &err), ARB_OK);
	ck_assert_ptr_nonnull(g);
	arb_time_control tc;
	if (control)
		tc = tc_of(control);
	int plies = arb_record_clock_history(g, control ? &tc : NULL, e, n, is, 8, nis);
	arb_pgn_reader_free(r);
	return plies;
}

START_TEST(test_history)
{
	arb_clock_entry e[8];
	arb_clock_issue is[8];
	int nis;
	/* 3+2 with [%clk] (time left after the move, increment included). */
	const char *good = "[TimeControl \"180+2\"]\n\n"
			   "1. e4 {[%clk 0:03:01]} e5 {[%clk 0:02:55]} 2. Nf3 {[%clk 0:02:50]} *\n";
	ck_assert_int_eq(history(good, NULL, e, 8, is, &nis), 3);
	ck_assert_int_eq(nis, 0);
	ck_assert_int_eq(e[0].side, ARB_WHITE);
	ck_assert_int_eq(e[0].move_number, 1);
	ck_assert_int_eq(e[0].used_ms, 1 * S);
	ck_assert_int_eq(e[0].remaining_ms, 181 * S);
	ck_assert_int_eq(e[1].used_ms, 7 * S);
	ck_assert_int_eq(e[2].move_number, 2);
	ck_assert_int_eq(e[2].used_ms, 13 * S);
	/* The clock rises more than the increment allows. */
	const char *rises =
		"[TimeControl \"180+2\"]\n\n"
		"1. e4 {[%clk 0:03:01]} e5 {[%clk 0:02:55]} 2. Nf3 {[%clk 0:03:10]} *\n";
	ck_assert_int_eq(history(rises, NULL, e, 8, is, &nis), 3);
	ck_assert_int_eq(nis, 1);
	ck_assert_int_eq(is[0].kind, ARB_CLOCK_RISES);
	ck_assert_int_eq(is[0].ply, 2);
	ck_assert_msg(strstr(is[0].message, "move 2 (white)") != NULL, "%s", is[0].message);
	/* [%emt] only: the history is computed; a move past zero is reported. */
	const char *emt = "[TimeControl \"60\"]\n\n"
			  "1. e4 {[%emt 0:00:20]} e5 {[%emt 0:00:05]} 2. Nf3 {[%emt 0:00:50]} *\n";
	ck_assert_int_eq(history(emt, NULL, e, 8, is, &nis), 3);
	ck_assert_int_eq(e[0].remaining_ms, 40 * S);
	ck_assert_int_eq(e[1].remaining_ms, 55 * S);
	ck_assert_int_eq(nis, 1);
	ck_assert_int_eq(is[0].kind, ARB_CLOCK_NEGATIVE);
	ck_assert_int_eq(e[2].remaining_ms, 0);
	/* Reported once per side, exactly zero included, no increment then;
	 * with [%clk] too, the fall is what is reported (no mismatch). */
	const char *zero = "[TimeControl \"60+5\"]\n\n"
			   "1. e4 {[%clk 0:00:00] [%emt 0:01:00]} e5 {[%emt 0:00:01]} "
			   "2. Nf3 {[%emt 0:00:10]} *\n";
	ck_assert_int_eq(history(zero, NULL, e, 8, is, &nis), 3);
	ck_assert_int_eq(nis, 1);
	ck_assert_int_eq(is[0].kind, ARB_CLOCK_NEGATIVE);
	ck_assert_int_eq(is[0].ply, 0);
	ck_assert_int_eq(e[0].remaining_ms, 0);
	ck_assert_int_eq(e[1].remaining_ms, 64 * S);
	/* Both, disagreeing; and a control given by the caller. */
	const char *both = "\n1. e4 {[%clk 0:00:50] [%emt 0:00:03]} *\n";
	ck_assert_int_eq(history(both, "60", e, 8, is, &nis), 1);
	ck_assert_int_eq(nis, 1);
	ck_assert_int_eq(is[0].kind, ARB_CLOCK_MISMATCH);
	/* A period completed adds its time: 1 move in 10 s, then 20 s. */
	const char *period = "\n1. e4 {[%clk 0:00:28]} e5 {[%clk 0:00:25]} *\n";
	ck_assert_int_eq(history(period, "1/10:20", e, 8, is, &nis), 2);
	ck_assert_int_eq(nis, 0);
	ck_assert_int_eq(e[0].used_ms, 2 * S);
	ck_assert_int_eq(e[0].period, 1);
	/* No control: readings only, one issue saying so. */
	ck_assert_int_eq(history(good + strlen("[TimeControl \"180+2\"]\n"), NULL, e, 8, is, &nis),
			 3);
	ck_assert_int_eq(nis, 1);
	ck_assert_int_eq(is[0].kind, ARB_CLOCK_NO_CONTROL);
	ck_assert_int_eq(e[0].remaining_ms, 181 * S);
	ck_assert_int_eq(e[0].used_ms, ARB_NO_CLOCK);
	/* A timed game without a single reading says so. */
	ck_assert_int_eq(history("[TimeControl \"60\"]\n\n1. e4 e5 *\n", NULL, e, 8, is, &nis), 2);
	ck_assert_int_eq(nis, 1);
	ck_assert_int_eq(is[0].kind, ARB_CLOCK_NO_READINGS);
	ck_assert_int_eq(e[0].used_ms, ARB_NO_CLOCK);
	/* Move numbers follow the start position's full-move number. */
	ck_assert_int_eq(history("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 30\"]\n"
				 "[TimeControl \"60\"]\n\n30... Kd7 {[%clk 0:00:59]} 31. Kd2 "
				 "{[%clk 0:00:58]} *\n",
				 NULL, e, 8, is, &nis),
			 2);
	ck_assert_int_eq(e[0].move_number, 30);
	ck_assert_int_eq(e[0].side, ARB_BLACK);
	ck_assert_int_eq(e[1].move_number, 31);
	ck_assert_int_eq(nis, 0);
	/* Set up at move 61 of an Armageddon: move 61 earns the +3 s. */
	ck_assert_int_eq(history("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 61\"]\n\n"
				 "61. Kd2 {[%clk 0:02:00]} Kd7 {[%clk 0:01:00]} 62. Ke3 "
				 "{[%clk 0:01:58]} *\n",
				 "300+3@61", e, 8, is, &nis),
			 3);
	ck_assert_int_eq(nis, 0);
	ck_assert_int_eq(e[2].used_ms, 5 * S);
}
END_TEST

static Suite *clock_suite(void)
{
	Suite *s = suite_create("clock");
	TCase *tc = tcase_create("notation");
	tcase_add_test(tc, test_pgn_forms);
	tcase_add_test(tc, test_uscf_forms);
	tcase_add_test(tc, test_trf_and_odds);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_longest);
	tcase_add_test(tc, test_invalid_structs);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_categories);
	tcase_add_test(tc, test_rules_categories);
	tcase_add_test(tc, test_uscf_default_delay);
	suite_add_tcase(s, tc);
	tc = tcase_create("clock");
	tcase_add_test(tc, test_arithmetic);
	tcase_add_test(tc, test_delay_display);
	tcase_add_test(tc, test_first_move);
	tcase_add_test(tc, test_exactly_zero);
	tcase_add_test(tc, test_periods_by_moves);
	tcase_add_test(tc, test_periods_by_flag);
	tcase_add_test(tc, test_armageddon);
	tcase_add_test(tc, test_penalties_and_rulings);
	tcase_add_test(tc, test_no_increment_after_flag);
	tcase_add_test(tc, test_turn_and_moves);
	tcase_add_test(tc, test_stop_resume_and_time_order);
	tcase_add_test(tc, test_zero_base);
	tcase_add_test(tc, test_both_flags);
	tcase_add_test(tc, test_sandclock);
	tcase_add_test(tc, test_history);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(clock_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
