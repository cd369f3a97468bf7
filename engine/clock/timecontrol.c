/*
 * timecontrol.c -- time controls: parsing (PGN TimeControl with delay,
 * increment-from and odds extensions, FIDE TRF tag 222, US Chess), printing
 * in each notation and as text, comparison, and the period arithmetic the
 * clock and the layers above run on. What an edition makes of a control
 * (its category, a default delay) is rules/categories.c's.
 *
 * Integer milliseconds throughout; see arbiter.h for the grammar. A control
 * is normalised when parsed, and every entry point checks a hand-built one
 * (arbI_tc_valid) before reading it.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbint.h"
#include "timecontrol.h"

_Static_assert(sizeof(long) >= 8, "times are milliseconds in a 64-bit long");
#define MINUTE 60000L

/* ------------------------------------------------------------------------
 * Parsing
 * ---------------------------------------------------------------------- */

typedef struct tc_parser {
	const char *s;
	size_t i;
	arb_error *err;
	size_t base; /* column offset of s in the caller's text */
} tc_parser;

static arb_status fail(tc_parser *p, size_t at, const char *fmt, ...)
{
	va_list ap;
	char prefix[48];
	int column = (int)(p->base + at) + 1;
	snprintf(prefix, sizeof prefix, "time control, column %d", column);
	va_start(ap, fmt);
	arb_status st = arbI_err_vreport(p->err, ARB_E_TIME_CONTROL, column, prefix, fmt, ap);
	va_end(ap);
	return st;
}

static int blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

static void skip_blanks(tc_parser *p)
{
	while (blank(p->s[p->i]))
		p->i++;
}

/* An amount "12", "2.5", "0.125" times `unit` ms, into *out. */
static arb_status amount(tc_parser *p, long unit, const char *what, long *out)
{
	size_t at = p->i;
	long whole = 0, frac = 0, scale = 1000;
	if (!isdigit((unsigned char)p->s[p->i]))
		return fail(p, at, "expected %s (a number)", what);
	while (isdigit((unsigned char)p->s[p->i])) {
		whole = whole * 10 + (p->s[p->i++] - '0');
		if (whole > TC_MAX_MS / unit)
			return fail(p, at, "%s too large", what);
	}
	if (p->s[p->i] == '.') {
		p->i++;
		if (!isdigit((unsigned char)p->s[p->i]))
			return fail(p, p->i, "expected a digit after '.'");
		for (int k = 0; isdigit((unsigned char)p->s[p->i]); k++, p->i++) {
			if (k == 3)
				return fail(p, p->i, "more than three decimals");
			scale /= 10;
			frac += (p->s[p->i] - '0') * scale;
		}
	}
	long v = whole * unit + frac * unit / 1000;
	if (v > TC_MAX_MS)
		return fail(p, at, "%s too large", what);
	*out = v;
	return ARB_OK;
}

static arb_status count(tc_parser *p, int min, const char *what, int *out)
{
	size_t at = p->i;
	long v = 0;
	if (!isdigit((unsigned char)p->s[p->i]))
		return fail(p, at, "expected %s", what);
	while (isdigit((unsigned char)p->s[p->i])) {
		v = v * 10 + (p->s[p->i++] - '0');
		if (v > TC_MAX_MOVES)
			return fail(p, at, "%s over %d", what, TC_MAX_MOVES);
	}
	if (v < min)
		return fail(p, at, "%s must be at least %d", what, min);
	*out = (int)v;
	return ARB_OK;
}

void arbI_tc_period_init(arb_period *pd)
{
	memset(pd, 0, sizeof *pd);
	pd->increment_from = 1;
}

/* One PGN/TRF period: [moves/]secs[+inc[@from]][(d|b)delay]. */
static arb_status pgn_period(tc_parser *p, arb_period *pd, int *stated)
{
	arb_status st;
	long first;
	size_t at = p->i;
	arbI_tc_period_init(pd);
	if ((st = amount(p, 1000, "seconds", &first)) != ARB_OK)
		return st;
	if (p->s[p->i] == '/') {
		p->i++;
		if (first % 1000 || first / 1000 < 1 || first / 1000 > TC_MAX_MOVES)
			return fail(p, at,
				    "the number of moves must be a whole number from 1 to %d",
				    TC_MAX_MOVES);
		pd->moves = (int)(first / 1000);
		if ((st = amount(p, 1000, "seconds", &pd->base_ms)) != ARB_OK)
			return st;
	} else {
		pd->base_ms = first;
	}
	if (p->s[p->i] == '+') {
		p->i++;
		*stated = 1;
		if ((st = amount(p, 1000, "increment seconds", &pd->increment_ms)) != ARB_OK)
			return st;
		if (p->s[p->i] == '@') {
			p->i++;
			if ((st = count(p, 1, "a move number", &pd->increment_from)) != ARB_OK)
				return st;
		}
	}
	char c = p->s[p->i];
	if (c == 'd' || c == 'D' || c == 's' || c == 'S' || c == 'b' || c == 'B') {
		p->i++;
		*stated = 1;
		pd->delay = c == 'b' || c == 'B' ? ARB_DELAY_BRONSTEIN : ARB_DELAY_SIMPLE;
		if ((st = amount(p, 1000, "delay seconds", &pd->delay_ms)) != ARB_OK)
			return st;
	}
	return ARB_OK;
}

/* Periods joined by ':' until a character not part of a period. */
static arb_status pgn_control(tc_parser *p, arb_control *c, int *stated)
{
	arb_status st;
	c->nperiods = 0;
	for (;;) {
		size_t at = p->i;
		if (c->nperiods == ARB_TC_MAX_PERIODS)
			return fail(p, at, "more than %d periods", ARB_TC_MAX_PERIODS);
		if (c->nperiods > 0 && c->period[c->nperiods - 1].moves == 0)
			return fail(p, at, "a period after the rest-of-game period");
		if ((st = pgn_period(p, &c->period[c->nperiods], stated)) != ARB_OK)
			return st;
		c->nperiods++;
		if (p->s[p->i] != ':')
			return ARB_OK;
		p->i++;
	}
}

/* A US Chess period token: "G/90", "SD/30", "40/120", with attached
 * modifiers ("G/3+2", "G/90d5"). Modifiers go to *inc / *delay. */
static int starts_with_ci(const char *s, const char *prefix)
{
	for (; *prefix; s++, prefix++)
		if (tolower((unsigned char)*s) != *prefix)
			return 0;
	return 1;
}

typedef struct uscf_mods {
	long inc, delay;
	int has_inc, has_delay, bronstein, inc_from;
} uscf_mods;

/* A modifier at p->i: d5, d/5, b5, inc30, inc/30, +30 (with @N). 0 if none. */
static arb_status uscf_modifier(tc_parser *p, uscf_mods *m, int *found)
{
	arb_status st;
	size_t at = p->i;
	const char *s = p->s + p->i;
	*found = 1;
	if (starts_with_ci(s, "inc") || *s == '+') {
		p->i += *s == '+' ? 1 : 3;
		if (p->s[p->i] == '/')
			p->i++;
		if (m->has_inc)
			return fail(p, at, "a second increment");
		m->has_inc = 1;
		if ((st = amount(p, 1000, "increment seconds", &m->inc)) != ARB_OK)
			return st;
		if (p->s[p->i] == '@') {
			p->i++;
			return count(p, 1, "a move number", &m->inc_from);
		}
		return ARB_OK;
	}
	if ((*s == 'd' || *s == 'D' || *s == 'b' || *s == 'B') &&
	    (isdigit((unsigned char)s[1]) || s[1] == '/')) {
		m->bronstein = *s == 'b' || *s == 'B';
		p->i += s[1] == '/' ? 2 : 1;
		if (m->has_delay)
			return fail(p, at, "a second delay");
		m->has_delay = 1;
		return amount(p, 1000, "delay seconds", &m->delay);
	}
	*found = 0;
	return ARB_OK;
}

static arb_status uscf_control(tc_parser *p, arb_control *c, int *stated)
{
	arb_status st;
	uscf_mods m = {0, 0, 0, 0, 0, 1};
	int found;
	c->nperiods = 0;
	for (;;) {
		while (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == ',' ||
		       p->s[p->i] == ';')
			p->i++;
		if (!p->s[p->i])
			break;
		size_t at = p->i;
		if ((st = uscf_modifier(p, &m, &found)) != ARB_OK)
			return st;
		if (found)
			continue;
		const char *h = p->s + p->i;
		if (!starts_with_ci(h, "g/") && !starts_with_ci(h, "sd/") &&
		    !isdigit((unsigned char)*h))
			return fail(p, at, "expected G/, SD/, MOVES/, a delay or an increment");
		if (c->nperiods == ARB_TC_MAX_PERIODS)
			return fail(p, at, "more than %d periods", ARB_TC_MAX_PERIODS);
		if (c->nperiods > 0 && c->period[c->nperiods - 1].moves == 0)
			return fail(p, at, "a period after the sudden-death period");
		arb_period *pd = &c->period[c->nperiods];
		arbI_tc_period_init(pd);
		if (starts_with_ci(p->s + p->i, "g/"))
			p->i += 2;
		else if (starts_with_ci(p->s + p->i, "sd/"))
			p->i += 3;
		else {
			if ((st = count(p, 1, "a number of moves", &pd->moves)) != ARB_OK)
				return st;
			if (p->s[p->i] != '/')
				return fail(p, p->i, "expected '/' after the number of moves");
			p->i++;
		}
		if ((st = amount(p, MINUTE, "minutes", &pd->base_ms)) != ARB_OK)
			return st;
		c->nperiods++;
		/* Modifiers written onto the period: "G/3+2", "G/90d5". */
		do {
			if ((st = uscf_modifier(p, &m, &found)) != ARB_OK)
				return st;
		} while (found);
		if (p->s[p->i] && !strchr(" \t,;", p->s[p->i]))
			return fail(p, p->i, "unexpected '%c'", p->s[p->i]);
	}
	if (!c->nperiods)
		return fail(p, p->i, "no period (G/, SD/ or MOVES/)");
	*stated = m.has_inc || m.has_delay;
	for (int i = 0; i < c->nperiods; i++) {
		arb_period *pd = &c->period[i];
		pd->increment_ms = m.inc;
		pd->increment_from = m.inc ? m.inc_from : 1;
		pd->delay_ms = m.delay;
		pd->delay = m.delay ? (m.bronstein ? ARB_DELAY_BRONSTEIN : ARB_DELAY_SIMPLE) :
				      ARB_DELAY_NONE;
	}
	return ARB_OK;
}

/* Fields that carry no meaning are zeroed so that equal controls compare
 * equal: no delay kind without a delay, increment_from 1 without one. */
static void normalise(arb_time_control *tc)
{
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < tc->side[s].nperiods; i++) {
			arb_period *pd = &tc->side[s].period[i];
			if (!pd->delay_ms)
				pd->delay = ARB_DELAY_NONE;
			if (pd->delay == ARB_DELAY_NONE)
				pd->delay_ms = 0;
			if (!pd->increment_ms || pd->increment_from < 1)
				pd->increment_from = 1;
		}
}

ARB_API arb_status arb_tc_parse(const char *text, arb_time_control *tc, arb_error *err)
{
	tc_parser p = {text, 0, err, 0};
	arb_time_control out;
	arb_status st;
	arbI_api_check_err(text && tc, err);
	memset(&out, 0, sizeof out);
	skip_blanks(&p);
	size_t start = p.i, end = strlen(text);
	while (end > start && blank(text[end - 1]))
		end--;
	if (end == start)
		return fail(&p, start, "empty");
	int uscf = 0;
	for (size_t k = start; k < end; k++)
		if (starts_with_ci(text + k, "g/") || starts_with_ci(text + k, "sd/"))
			uscf = 1;
	const char *s = text + start;
	if (end - start == 1 && (*s == '?' || *s == '-')) {
		out.kind = *s == '?' ? ARB_TC_UNKNOWN : ARB_TC_NONE;
		p.i = end;
	} else if (*s == '*') {
		p.i++;
		out.kind = ARB_TC_SANDCLOCK;
		if ((st = amount(&p, 1000, "seconds", &out.sandclock_ms)) != ARB_OK)
			return st;
		if (!out.sandclock_ms)
			return fail(&p, start + 1, "a sandclock needs time");
	} else if ((*s == 'W' || *s == 'w') && !uscf) {
		/* TRF tag 222 odds: W<periods>-B<periods> */
		out.kind = ARB_TC_PERIODS;
		p.i++;
		if ((st = pgn_control(&p, &out.side[ARB_WHITE], &out.delay_stated)) != ARB_OK)
			return st;
		if (p.s[p.i] != '-' || (p.s[p.i + 1] != 'B' && p.s[p.i + 1] != 'b'))
			return fail(&p, p.i, "expected \"-B\" and Black's control");
		p.i += 2;
		if ((st = pgn_control(&p, &out.side[ARB_BLACK], &out.delay_stated)) != ARB_OK)
			return st;
	} else if (uscf) {
		/* The text up to `end` only: trailing blanks are not tokens. */
		char buf[512];
		size_t len = end - start;
		if (len >= sizeof buf)
			return fail(&p, start, "too long");
		memcpy(buf, s, len);
		buf[len] = 0;
		tc_parser q = {buf, 0, err, start};
		out.kind = ARB_TC_PERIODS;
		st = uscf_control(&q, &out.side[ARB_WHITE], &out.delay_stated);
		if (st != ARB_OK)
			return st;
		out.side[ARB_BLACK] = out.side[ARB_WHITE];
		p.i = end;
	} else {
		out.kind = ARB_TC_PERIODS;
		if ((st = pgn_control(&p, &out.side[ARB_WHITE], &out.delay_stated)) != ARB_OK)
			return st;
		if (p.s[p.i] == '=') {
			p.i++;
			if ((st = pgn_control(&p, &out.side[ARB_BLACK], &out.delay_stated)) !=
			    ARB_OK)
				return st;
		} else {
			out.side[ARB_BLACK] = out.side[ARB_WHITE];
		}
	}
	if (p.i < end)
		return fail(&p, p.i, "unexpected '%c'", text[p.i]);
	if (out.kind == ARB_TC_PERIODS)
		for (int c = 0; c < 2; c++) {
			/* a Bronstein delay gives nothing before the main time runs */
			const arb_period *first = &out.side[c].period[0];
			if (!first->base_ms && !first->increment_ms &&
			    !(first->delay == ARB_DELAY_SIMPLE && first->delay_ms))
				return fail(&p, start, "%s has no time at all",
					    c ? "Black" : "White");
		}
	normalise(&out);
	*tc = out;
	return ARB_OK;
}

/* A hand-built control can hold anything: every entry point checks it. */
int arbI_tc_valid(const arb_time_control *tc)
{
	if (!tc)
		return 0;
	switch (tc->kind) {
	case ARB_TC_UNKNOWN:
	case ARB_TC_NONE:
		return 1;
	case ARB_TC_SANDCLOCK:
		return tc->sandclock_ms > 0 && tc->sandclock_ms <= TC_MAX_MS;
	case ARB_TC_PERIODS:
		break;
	default:
		return 0;
	}
	for (int s = 0; s < 2; s++) {
		const arb_control *c = &tc->side[s];
		if (c->nperiods < 1 || c->nperiods > ARB_TC_MAX_PERIODS)
			return 0;
		for (int i = 0; i < c->nperiods; i++) {
			const arb_period *pd = &c->period[i];
			if (pd->moves < 0 || pd->moves > TC_MAX_MOVES ||
			    (!pd->moves && i + 1 < c->nperiods) || pd->base_ms < 0 ||
			    pd->base_ms > TC_MAX_MS || pd->increment_ms < 0 ||
			    pd->increment_ms > TC_MAX_MS || pd->delay_ms < 0 ||
			    pd->delay_ms > TC_MAX_MS || pd->increment_from < 1 ||
			    pd->increment_from > TC_MAX_MOVES ||
			    (pd->delay != ARB_DELAY_NONE && pd->delay != ARB_DELAY_SIMPLE &&
			     pd->delay != ARB_DELAY_BRONSTEIN))
				return 0;
		}
	}
	return 1;
}

ARB_API int arb_tc_equal(const arb_time_control *a, const arb_time_control *b)
{
	arbI_api_check(a && b, 0);
	if (!arbI_tc_valid(a) || !arbI_tc_valid(b) || a->kind != b->kind)
		return 0;
	if (a->kind == ARB_TC_SANDCLOCK)
		return a->sandclock_ms == b->sandclock_ms;
	if (a->kind != ARB_TC_PERIODS)
		return 1;
	for (int s = 0; s < 2; s++) {
		const arb_control *x = &a->side[s], *y = &b->side[s];
		if (x->nperiods != y->nperiods)
			return 0;
		for (int i = 0; i < x->nperiods; i++) {
			const arb_period *p = &x->period[i], *q = &y->period[i];
			if (p->moves != q->moves || p->base_ms != q->base_ms ||
			    p->increment_ms != q->increment_ms ||
			    p->increment_from != q->increment_from || p->delay_ms != q->delay_ms ||
			    p->delay != q->delay)
				return 0;
		}
	}
	return 1;
}

/* ------------------------------------------------------------------------
 * Printing
 * ---------------------------------------------------------------------- */

typedef struct out_buf {
	char *buf;
	size_t n, len;
} out_buf;

static void put(out_buf *o, const char *fmt, ...)
{
	va_list ap;
	char tmp[256]; /* one amount or one phrase at a time */
	va_start(ap, fmt);
	int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	for (int i = 0; i < k && i < (int)sizeof tmp - 1; i++, o->len++)
		if (o->len + 1 < o->n)
			o->buf[o->len] = tmp[i];
	if (o->n)
		o->buf[o->len < o->n ? o->len : o->n - 1] = 0;
}

/* ms as a decimal number of `unit` ms: "90", "2.5", "0.125". */
static void put_amount(out_buf *o, long ms, long unit)
{
	long whole = ms / unit, rest = ms % unit;
	if (!rest) {
		put(o, "%ld", whole);
		return;
	}
	/* unit is 1000 or 60000: three decimals at most for seconds; minutes
	 * that are not whole print as many as needed up to three. */
	long milli = (rest * 1000 + unit / 2) / unit;
	if (milli == 1000) {
		put(o, "%ld", whole + 1);
		return;
	}
	char d[8];
	snprintf(d, sizeof d, "%03ld", milli);
	for (int k = 2; k > 0 && d[k] == '0'; k--)
		d[k] = 0;
	put(o, "%ld.%s", whole, d);
}

const char *arbI_tc_amount(char *buf, size_t n, long ms, long unit)
{
	out_buf o = {buf, n, 0};
	if (n)
		buf[0] = 0;
	put_amount(&o, ms, unit);
	return buf;
}

static void pgn_put_control(out_buf *o, const arb_control *c, int stated)
{
	for (int i = 0; i < c->nperiods; i++) {
		const arb_period *pd = &c->period[i];
		if (i)
			put(o, ":");
		if (pd->moves)
			put(o, "%d/", pd->moves);
		put_amount(o, pd->base_ms, 1000);
		if (pd->increment_ms) {
			put(o, "+");
			put_amount(o, pd->increment_ms, 1000);
			if (pd->increment_from > 1)
				put(o, "@%d", pd->increment_from);
		}
		if (pd->delay_ms) {
			put(o, pd->delay == ARB_DELAY_BRONSTEIN ? "b" : "d");
			put_amount(o, pd->delay_ms, 1000);
		} else if (stated && !pd->increment_ms && i == c->nperiods - 1) {
			put(o, "+0"); /* "none" said in so many words (US 5B1c "d/0") */
		}
	}
}

int arbI_tc_same_control(const arb_control *a, const arb_control *b)
{
	arb_time_control x, y;
	memset(&x, 0, sizeof x);
	memset(&y, 0, sizeof y);
	x.kind = y.kind = ARB_TC_PERIODS;
	x.side[0] = x.side[1] = *a;
	y.side[0] = y.side[1] = *b;
	return arb_tc_equal(&x, &y);
}

/* 1 if every period of c has the same increment and delay. */
static int uniform_extras(const arb_control *c)
{
	for (int i = 1; i < c->nperiods; i++) {
		const arb_period *p = &c->period[0], *q = &c->period[i];
		if (p->increment_ms != q->increment_ms || p->increment_from != q->increment_from ||
		    p->delay_ms != q->delay_ms || p->delay != q->delay)
			return 0;
	}
	return 1;
}

/* US Chess writes minutes: three decimals of a minute are 60 ms. */
static int uscf_expressible(const arb_control *c)
{
	for (int i = 0; i < c->nperiods; i++)
		if (c->period[i].base_ms % 60)
			return 0;
	return !c->period[c->nperiods - 1].moves;
}

static void uscf_put(out_buf *o, const arb_time_control *tc)
{
	const arb_control *c = &tc->side[ARB_WHITE];
	for (int i = 0; i < c->nperiods; i++) {
		const arb_period *pd = &c->period[i];
		if (i)
			put(o, ", ");
		if (pd->moves)
			put(o, "%d/", pd->moves);
		else
			put(o, c->nperiods == 1 ? "G/" : "SD/");
		put_amount(o, pd->base_ms, MINUTE);
	}
	const arb_period *pd = &c->period[0];
	if (pd->delay_ms) {
		put(o, pd->delay == ARB_DELAY_BRONSTEIN ? ";b" : ";d");
		put_amount(o, pd->delay_ms, 1000);
	}
	if (pd->increment_ms) {
		put(o, ";inc");
		put_amount(o, pd->increment_ms, 1000);
		if (pd->increment_from > 1)
			put(o, "@%d", pd->increment_from);
	}
	if (tc->delay_stated && !pd->delay_ms && !pd->increment_ms)
		put(o, ";d0");
}

/* "90 min", "2.5 min" for whole or half minutes... else seconds. */
static void text_amount(out_buf *o, long ms)
{
	if (ms >= MINUTE && ms % MINUTE == 0) {
		put(o, "%ld min", ms / MINUTE);
	} else {
		put_amount(o, ms, 1000);
		put(o, " s");
	}
}

static void text_extras(out_buf *o, const arb_period *pd)
{
	if (pd->increment_ms) {
		put(o, ", +");
		put_amount(o, pd->increment_ms, 1000);
		put(o, " s per move from move %d", pd->increment_from);
	}
	if (pd->delay_ms) {
		put(o, ", ");
		put_amount(o, pd->delay_ms, 1000);
		put(o, pd->delay == ARB_DELAY_BRONSTEIN ? " s Bronstein delay per move" :
							  " s delay per move");
	}
}

static void text_control(out_buf *o, const arb_control *c, int stated)
{
	int uniform = uniform_extras(c);
	for (int i = 0; i < c->nperiods; i++) {
		const arb_period *pd = &c->period[i];
		if (i)
			put(o, ", then ");
		if (pd->base_ms || !i)
			text_amount(o, pd->base_ms);
		else
			put(o, "no added time");
		if (pd->moves)
			put(o, " for %d move%s", pd->moves, pd->moves == 1 ? "" : "s");
		if (pd->moves && i == c->nperiods - 1)
			put(o, " (repeated)");
		if (!uniform)
			text_extras(o, pd);
	}
	if (uniform)
		text_extras(o, &c->period[0]);
	if (stated && !c->period[0].delay_ms && !c->period[0].increment_ms && uniform)
		put(o, ", no delay");
}

ARB_API size_t arb_tc_format(const arb_time_control *tc, arb_tc_notation how, char *buf, size_t n)
{
	arbI_api_check(tc && (unsigned)how <= ARB_TC_TEXT, 0);
	if (!buf)
		n = 0;
	out_buf o = {buf, n, 0};
	if (n)
		buf[0] = 0;
	if (!arbI_tc_valid(tc))
		return 0;
	int odds = tc->kind == ARB_TC_PERIODS &&
		   !arbI_tc_same_control(&tc->side[ARB_WHITE], &tc->side[ARB_BLACK]);
	switch (how) {
	case ARB_TC_PGN:
	case ARB_TC_TRF:
		if (tc->kind == ARB_TC_UNKNOWN)
			put(&o, "?");
		else if (tc->kind == ARB_TC_NONE)
			put(&o, "-");
		else if (tc->kind == ARB_TC_SANDCLOCK) {
			put(&o, "*");
			put_amount(&o, tc->sandclock_ms, 1000);
		} else if (!odds) {
			pgn_put_control(&o, &tc->side[ARB_WHITE], tc->delay_stated);
		} else {
			put(&o, how == ARB_TC_TRF ? "W" : "");
			pgn_put_control(&o, &tc->side[ARB_WHITE], tc->delay_stated);
			put(&o, how == ARB_TC_TRF ? "-B" : "=");
			pgn_put_control(&o, &tc->side[ARB_BLACK], tc->delay_stated);
		}
		break;
	case ARB_TC_USCF:
		/* Without a G/ or SD/ period the text would read as PGN. */
		if (tc->kind != ARB_TC_PERIODS || odds || !uniform_extras(&tc->side[ARB_WHITE]) ||
		    !uscf_expressible(&tc->side[ARB_WHITE]))
			return 0;
		uscf_put(&o, tc);
		break;
	case ARB_TC_TEXT:
		if (tc->kind == ARB_TC_UNKNOWN)
			put(&o, "unknown");
		else if (tc->kind == ARB_TC_NONE)
			put(&o, "no time control");
		else if (tc->kind == ARB_TC_SANDCLOCK) {
			put(&o, "sandclock, ");
			text_amount(&o, tc->sandclock_ms);
			put(&o, " each");
		} else if (!odds) {
			text_control(&o, &tc->side[ARB_WHITE], tc->delay_stated);
		} else {
			put(&o, "White: ");
			text_control(&o, &tc->side[ARB_WHITE], tc->delay_stated);
			put(&o, "; Black: ");
			text_control(&o, &tc->side[ARB_BLACK], tc->delay_stated);
		}
		break;
	default:
		return 0;
	}
	return o.len;
}

/* ------------------------------------------------------------------------
 * Period arithmetic
 * ---------------------------------------------------------------------- */

/* The index of the period a side is in after `done` completed moves, by
 * move count (a last period with a move count repeats), and in *made the
 * moves completed in it. One pass, whatever `done` is. */
int arbI_tc_period_after(const arb_control *c, int done, int *made)
{
	int i = 0;
	while (c->period[i].moves && done >= c->period[i].moves) {
		if (i + 1 == c->nperiods) { /* the repeating last period */
			done %= c->period[i].moves;
			break;
		}
		done -= c->period[i].moves;
		i++;
	}
	*made = done;
	return i;
}

const arb_period *arbI_tc_period_of_move(const arb_control *c, int m, int *first)
{
	int made, i = arbI_tc_period_after(c, m - 1, &made);
	*first = made == 0;
	return &c->period[i];
}
