/*
 * categories.c -- what the rule editions say about a time control: its
 * category (FIDE standard/rapid/blitz, US Chess 5C, lichess speeds) and the
 * US Chess 5E2 default delay. Editions live in rules/, not in the clock.
 *
 * A category scheme is data: the categories highest first, each with the
 * least time it needs ("standard >= 60m, rapid > 10m, blitz"), how the time
 * of a control is counted, what time odds and a sandclock get, and the
 * category of "no control". arb_tc_category finds an edition's scheme in
 * the table below, whose rows are written in the notation of the profile
 * fields time.categories and time.category_* (profiles/README.md);
 * arb_rules_tc_category reads a profile's own fields, and the shipped
 * profiles carry the same values as the table's rows (tests/test_profile.c
 * compares them on every control of its list).
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbint.h"
#include "categories.h"
#include "timecontrol.h"

#define MINUTE 60000L

/* ------------------------------------------------------------------------
 * Schemes and their notation
 * ---------------------------------------------------------------------- */

typedef struct category {
	char name[CAT_NAME_SIZE];
	long from_ms; /* the least time (strictly more when !inclusive) */
	int inclusive;
	long base_from_ms; /* and at least this base time in the first period */
} category;

typedef struct scheme {
	category cat[CAT_MAX]; /* highest first; the last has no bound */
	int n;
	arb_category_count count;
	int moves;
	arb_category_odds odds;
	const char *untimed;
} scheme;

static void skip_blanks(const char **s)
{
	while (**s == ' ' || **s == '\t')
		(*s)++;
}

/* An amount "90s", "10m", "6h" (whole numbers) in ms; 0 on a bad one. */
static int read_amount(const char **s, long *ms)
{
	long v = 0, unit;
	const char *p = *s;
	if (!isdigit((unsigned char)*p))
		return 0;
	for (; isdigit((unsigned char)*p); p++) {
		v = v * 10 + (*p - '0');
		if (v > TC_MAX_MS / 1000)
			return 0;
	}
	unit = *p == 's' ? 1000L : *p == 'm' ? MINUTE : *p == 'h' ? 60 * MINUTE : 0;
	if (!unit || v * unit > TC_MAX_MS)
		return 0;
	*ms = v * unit;
	*s = p + 1;
	return 1;
}

/* A bound "> AMOUNT" or ">= AMOUNT"; 0 on a bad one. */
static int read_bound(const char **s, long *ms, int *inclusive)
{
	if (**s != '>')
		return 0;
	(*s)++;
	*inclusive = **s == '=';
	if (*inclusive)
		(*s)++;
	skip_blanks(s);
	return read_amount(s, ms);
}

static int fail_why(char *why, size_t n, const char *text)
{
	if (why && n)
		snprintf(why, n, "%s", text);
	return 0;
}

/* Reads "NAME [>|>= AMOUNT [base >= AMOUNT]], ..., NAME" into s->cat; 0
 * with the reason in why on a malformed list. */
static int parse_categories(const char *text, scheme *s, char *why, size_t n)
{
	const char *p = text;
	s->n = 0;
	for (;;) {
		category *c = &s->cat[s->n];
		size_t len = 0;
		skip_blanks(&p);
		while (isalnum((unsigned char)p[len]) || p[len] == '_' || p[len] == '-')
			len++;
		if (!len || !isalpha((unsigned char)*p))
			return fail_why(why, n, "a category name must start with a letter");
		if (len >= CAT_NAME_SIZE)
			return fail_why(why, n, "a category name has at most 15 characters");
		if (s->n == CAT_MAX)
			return fail_why(why, n, "more than 8 categories");
		memcpy(c->name, p, len);
		c->name[len] = 0;
		c->from_ms = c->base_from_ms = 0;
		c->inclusive = 1;
		p += len;
		s->n++;
		skip_blanks(&p);
		if (!*p)
			return 1; /* the last: no bound */
		if (*p == ',')
			return fail_why(why, n, "only the last category may have no bound");
		if (!read_bound(&p, &c->from_ms, &c->inclusive))
			return fail_why(
				why, n,
				"a bound is '> TIME' or '>= TIME' (TIME as 90s, 10m or 6h)");
		skip_blanks(&p);
		if (!strncmp(p, "base", 4)) {
			int inclusive;
			p += 4;
			skip_blanks(&p);
			if (!read_bound(&p, &c->base_from_ms, &inclusive) || !inclusive)
				return fail_why(why, n, "a base condition is 'base >= TIME'");
			skip_blanks(&p);
		}
		if (!*p)
			return fail_why(why, n,
					"the last category has no bound (it takes the rest)");
		if (*p != ',')
			return fail_why(why, n, "categories are separated by ','");
		p++;
	}
}

/* ------------------------------------------------------------------------
 * Classification
 * ---------------------------------------------------------------------- */

/* The time of one side's control as the scheme counts it: for the first
 * `moves` moves the base times of the periods that begin in them plus each
 * move's increment and delay (FIDE A.1/B.1: 60 moves), or the first
 * period's base plus `moves` times its increment (from move 1) and delay
 * (US Chess 5C: 60; lichess: 40). */
static long control_time(const scheme *s, const arb_control *c)
{
	if (s->count == ARB_CATEGORY_FIRST_PERIOD) {
		const arb_period *pd = &c->period[0];
		long extra = pd->increment_from == 1 ? pd->increment_ms : 0;
		return pd->base_ms + (long)s->moves * (extra + pd->delay_ms);
	}
	long t = 0;
	for (int m = 1; m <= s->moves; m++) {
		int first;
		const arb_period *pd = arbI_tc_period_of_move(c, m, &first);
		if (first)
			t += pd->base_ms;
		if (m >= pd->increment_from)
			t += pd->increment_ms;
		t += pd->delay_ms;
	}
	return t;
}

/* The category of a valid control under s. */
static const char *classify(const scheme *s, const arb_time_control *tc)
{
	const category *last = &s->cat[s->n - 1];
	if (tc->kind == ARB_TC_UNKNOWN)
		return "unknown";
	if (tc->kind == ARB_TC_NONE)
		return s->untimed;
	arb_control sand;
	const arb_control *w = &tc->side[ARB_WHITE], *b = &tc->side[ARB_BLACK];
	int odds = 0;
	if (tc->kind == ARB_TC_SANDCLOCK) {
		/* its time without increment, or not rated (US Chess 5C) */
		memset(&sand, 0, sizeof sand);
		sand.nperiods = 1;
		arbI_tc_period_init(&sand.period[0]);
		sand.period[0].base_ms = tc->sandclock_ms;
		w = b = &sand;
		odds = 1;
	} else {
		odds = !arbI_tc_same_control(w, b);
	}
	if (odds && s->odds == ARB_CATEGORY_ODDS_LAST)
		return last->name;
	/* FIDE's bounds hold "for each player": with odds, the one with less
	 * time (lichess too) */
	long tw = control_time(s, w), tb = control_time(s, b), t = tw < tb ? tw : tb;
	for (const category *c = s->cat; c < last; c++)
		if ((c->inclusive ? t >= c->from_ms : t > c->from_ms) &&
		    w->period[0].base_ms >= c->base_from_ms)
			return c->name;
	return last->name;
}

/* ------------------------------------------------------------------------
 * The editions' schemes (arb_tc_category)
 * ---------------------------------------------------------------------- */

typedef struct edition_row {
	const char *edition;
	const char *categories;
	arb_category_count count;
	int moves;
	arb_category_odds odds;
	const char *untimed;
} edition_row;

/* FIDE 1997/2009 A.1/B.1: rapid from 15 min for 60 moves; 2014+ A.1/B.1:
 * rapid over 10 min; US Chess 5C (base minutes + delay or increment
 * seconds; 5C1: odds are not rated); lichess (base + 40 x increment). */
#define FIDE2009                                                        \
	"standard >= 60m, rapid >= 15m, blitz", ARB_CATEGORY_MOVES, 60, \
		ARB_CATEGORY_ODDS_LESS_TIME, "none"
#define FIDE2014                                                       \
	"standard >= 60m, rapid > 10m, blitz", ARB_CATEGORY_MOVES, 60, \
		ARB_CATEGORY_ODDS_LESS_TIME, "none"
static const edition_row editions[] = {
	{"fide1997", FIDE2009},
	{"fide2009", FIDE2009},
	{"fide2014", FIDE2014},
	{"fide2018", FIDE2014},
	{"fide2023", FIDE2014},
	{"uscf", "regular > 65m, dual >= 30m, quick > 10m, blitz >= 5m base >= 3m, unrated",
	 ARB_CATEGORY_FIRST_PERIOD, 60, ARB_CATEGORY_ODDS_LAST, "none"},
	{"online",
	 "correspondence >= 6h, classical >= 25m, rapid >= 8m, blitz >= 3m, bullet >= 30s, "
	 "ultraBullet",
	 ARB_CATEGORY_FIRST_PERIOD, 40, ARB_CATEGORY_ODDS_LESS_TIME, "correspondence"},
};
#define NEDITIONS ((int)(sizeof editions / sizeof editions[0]))

/* Parsed once: the names arb_tc_category returns live here. */
static scheme edition_schemes[NEDITIONS];
static pthread_once_t editions_once = PTHREAD_ONCE_INIT;

static void parse_editions(void)
{
	for (int i = 0; i < NEDITIONS; i++) {
		scheme *s = &edition_schemes[i];
		if (!parse_categories(editions[i].categories, s, NULL, 0))
			s->n = 0; /* cannot happen: the table is checked by the tests */
		s->count = editions[i].count;
		s->moves = editions[i].moves;
		s->odds = editions[i].odds;
		s->untimed = editions[i].untimed;
	}
}

const char *arb_tc_category(const arb_time_control *tc, const char *edition)
{
	arbI_api_check(tc && edition, NULL);
	if (!arbI_tc_valid(tc))
		return NULL;
	pthread_once(&editions_once, parse_editions);
	for (int i = 0; i < NEDITIONS; i++)
		if (!strcmp(edition, editions[i].edition))
			return edition_schemes[i].n ? classify(&edition_schemes[i], tc) : NULL;
	return NULL;
}

/* ------------------------------------------------------------------------
 * A profile's own scheme (arb_rules_tc_category)
 * ---------------------------------------------------------------------- */

/* 1 if name is a category name: a letter, then letters, digits, '_' or '-',
 * at most 15 in all. */
static int good_name(const char *name)
{
	size_t len = strlen(name);
	if (!len || len >= CAT_NAME_SIZE || !isalpha((unsigned char)name[0]))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '_' && name[i] != '-')
			return 0;
	return 1;
}

/* The scheme of the rules' fields; 0 when they name none or cannot be read. */
static int rules_scheme(const arb_rules *r, scheme *s, char *why, size_t n)
{
	if (!r->categories[0])
		return fail_why(why, n, "no categories");
	if (!parse_categories(r->categories, s, why, n))
		return 0;
	s->count = r->category_count;
	s->moves = r->category_moves;
	s->odds = r->category_odds;
	s->untimed = r->category_untimed;
	return 1;
}

const char *arbI_cat_check(const arb_rules *r, char *why, size_t n)
{
	scheme s;
	if (!r->categories[0])
		return NULL; /* no categories: nothing to read */
	if (!rules_scheme(r, &s, why, n))
		return "time.categories";
	if (!good_name(r->category_untimed)) {
		fail_why(why, n,
			 "a category name: a letter, then letters, digits, '_' or '-' "
			 "(at most 15)");
		return "time.category_untimed";
	}
	return NULL;
}

int arb_rules_tc_category(const arb_rules *rules, const arb_time_control *tc, char *buf, size_t n)
{
	scheme s;
	arbI_api_check(rules && tc && (buf || !n), -1);
	if (n)
		buf[0] = 0;
	if (!arbI_tc_valid(tc) || !rules_scheme(rules, &s, NULL, 0) ||
	    (unsigned)s.count > ARB_CATEGORY_FIRST_PERIOD || s.moves < 1 ||
	    s.moves > TC_MAX_MOVES || (unsigned)s.odds > ARB_CATEGORY_ODDS_LAST)
		return -1;
	return snprintf(buf, buf ? n : 0, "%s", classify(&s, tc));
}

/* ------------------------------------------------------------------------
 * US Chess 5E2: the delay when none is named
 * ---------------------------------------------------------------------- */

long arb_tc_uscf_default_delay(const arb_time_control *tc)
{
	arbI_api_check(tc, 0);
	if (!arbI_tc_valid(tc) || tc->kind != ARB_TC_PERIODS || tc->delay_stated ||
	    !arbI_tc_same_control(&tc->side[ARB_WHITE], &tc->side[ARB_BLACK]))
		return 0;
	const arb_control *c = &tc->side[ARB_WHITE];
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < tc->side[s].nperiods; i++)
			if (tc->side[s].period[i].increment_ms || tc->side[s].period[i].delay_ms)
				return 0;
	long base = c->period[0].base_ms;
	if (c->nperiods > 1 || c->period[0].moves || base >= 30 * MINUTE)
		return 5000;
	return base > 10 * MINUTE ? 3000 : 2000;
}
