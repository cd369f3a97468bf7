/*
 * clock.c -- time controls (parse, print, classify) and the clock state
 * machine (FIDE 2018 6.3, US Chess 5 and 16, MATRIX.md 1.5 and 3).
 *
 * Integer milliseconds throughout; the clock is driven by the caller's
 * times and never reads a wall clock. Notations: PGN TimeControl (with
 * delay, increment-from and odds extensions), FIDE TRF tag 222 and US
 * Chess; see arbiter.h for the grammar.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"

#define TC_MAX_MS 31536000000L /* one year: any longer amount is a typo */

_Static_assert(sizeof(long) >= 8, "times are milliseconds in a 64-bit long");
#define TC_MAX_MOVES 1000
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
	arb_status st = err_vreport(p->err, ARB_E_TIME_CONTROL, column, prefix, fmt, ap);
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

static void period_init(arb_period *pd)
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
	period_init(pd);
	if ((st = amount(p, 1000, "seconds", &first)) != ARB_OK)
		return st;
	if (p->s[p->i] == '/') {
		p->i++;
		if (first % 1000 || first / 1000 < 1 || first / 1000 > TC_MAX_MOVES)
			return fail(p, at, "the number of moves must be a whole number from 1 to %d",
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
		period_init(pd);
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
		pd->delay = m.delay ? (m.bronstein ? ARB_DELAY_BRONSTEIN : ARB_DELAY_SIMPLE)
				    : ARB_DELAY_NONE;
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
	if (!text || !tc) {
		fail(&p, 0, "no text or nowhere to put the result");
		if (err)
			err->code = ARB_E_ARGUMENT;
		return ARB_E_ARGUMENT;
	}
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
static int tc_valid(const arb_time_control *tc)
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
			if (pd->moves < 0 || pd->moves > TC_MAX_MOVES || (!pd->moves && i + 1 < c->nperiods) ||
			    pd->base_ms < 0 || pd->base_ms > TC_MAX_MS || pd->increment_ms < 0 ||
			    pd->increment_ms > TC_MAX_MS || pd->delay_ms < 0 || pd->delay_ms > TC_MAX_MS ||
			    pd->increment_from < 1 || pd->increment_from > TC_MAX_MOVES ||
			    (pd->delay != ARB_DELAY_NONE && pd->delay != ARB_DELAY_SIMPLE &&
			     pd->delay != ARB_DELAY_BRONSTEIN))
				return 0;
		}
	}
	return 1;
}

ARB_API int arb_tc_equal(const arb_time_control *a, const arb_time_control *b)
{
	if (!tc_valid(a) || !tc_valid(b) || a->kind != b->kind)
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

static int same_control(const arb_control *a, const arb_control *b)
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
		put(o, pd->delay == ARB_DELAY_BRONSTEIN ? " s Bronstein delay per move"
							: " s delay per move");
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

ARB_API size_t arb_tc_format(const arb_time_control *tc, arb_tc_notation how, char *buf,
			     size_t n)
{
	if (!buf)
		n = 0;
	out_buf o = {buf, n, 0};
	if (n)
		buf[0] = 0;
	if (!tc_valid(tc))
		return 0;
	int odds = tc->kind == ARB_TC_PERIODS &&
		   !same_control(&tc->side[ARB_WHITE], &tc->side[ARB_BLACK]);
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
 * Classification
 * ---------------------------------------------------------------------- */

/* The period in force for a side's move number m (1-based), moves counted
 * by periods, a last period with a move count repeating. *first is set
 * when move m opens that period. */
/* The index of the period a side is in after `done` completed moves, by
 * move count (a last period with a move count repeats), and in *made the
 * moves completed in it. One pass, whatever `done` is. */
static int period_after(const arb_control *c, int done, int *made)
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

static const arb_period *period_of_move(const arb_control *c, int m, int *first)
{
	int made, i = period_after(c, m - 1, &made);
	*first = made == 0;
	return &c->period[i];
}

/* FIDE A.1/B.1: the time for the first 60 moves (base times of the periods
 * that start in them, plus increment or delay per move). */
static long fide_minutes_ms(const arb_control *c)
{
	long t = 0;
	for (int m = 1; m <= 60; m++) {
		int first;
		const arb_period *pd = period_of_move(c, m, &first);
		if (first)
			t += pd->base_ms;
		if (m >= pd->increment_from)
			t += pd->increment_ms;
		t += pd->delay_ms;
	}
	return t;
}

static long first_period_ms(const arb_control *c, long per_move_weight)
{
	const arb_period *pd = &c->period[0];
	long extra = pd->increment_from == 1 ? pd->increment_ms : 0;
	return pd->base_ms + per_move_weight * (extra + pd->delay_ms);
}

ARB_API const char *arb_tc_category(const arb_time_control *tc, const char *edition)
{
	if (!tc_valid(tc) || !edition)
		return NULL;
	int fide2009 = !strcmp(edition, "fide1997") || !strcmp(edition, "fide2009");
	int fide2014 = !strcmp(edition, "fide2014") || !strcmp(edition, "fide2018") ||
		       !strcmp(edition, "fide2023");
	int uscf = !strcmp(edition, "uscf"), online = !strcmp(edition, "online");
	if (!fide2009 && !fide2014 && !uscf && !online)
		return NULL;
	if (tc->kind == ARB_TC_UNKNOWN)
		return "unknown";
	if (tc->kind == ARB_TC_NONE)
		return online ? "correspondence" : "none";
	arb_control sand;
	const arb_control *w = &tc->side[ARB_WHITE], *b = &tc->side[ARB_BLACK];
	int odds = 0;
	if (tc->kind == ARB_TC_SANDCLOCK) {
		memset(&sand, 0, sizeof sand);
		sand.nperiods = 1;
		period_init(&sand.period[0]);
		sand.period[0].base_ms = tc->sandclock_ms;
		w = b = &sand;
	} else {
		odds = !same_control(w, b);
	}
	if (fide2009 || fide2014) {
		/* "for each player": with odds, the player with less time */
		long tw = fide_minutes_ms(w), tb = fide_minutes_ms(b), t = tw < tb ? tw : tb;
		if (t >= 60 * MINUTE)
			return "standard";
		if (fide2009)
			return t >= 15 * MINUTE ? "rapid" : "blitz";
		return t > 10 * MINUTE ? "rapid" : "blitz";
	}
	if (uscf) {
		long t = first_period_ms(w, 60);
		if (odds || tc->kind == ARB_TC_SANDCLOCK)
			return "unrated";
		if (t > 65 * MINUTE)
			return "regular";
		if (t >= 30 * MINUTE)
			return "dual";
		if (t > 10 * MINUTE)
			return "quick";
		if (t >= 5 * MINUTE && w->period[0].base_ms >= 3 * MINUTE)
			return "blitz";
		return "unrated";
	}
	long tw = first_period_ms(w, 40), tb = first_period_ms(b, 40);
	long s = (tw < tb ? tw : tb) / 1000;
	return s < 30 ? "ultraBullet"
	       : s < 180 ? "bullet"
	       : s < 480 ? "blitz"
	       : s < 1500 ? "rapid"
	       : s < 21600 ? "classical"
			   : "correspondence";
}

ARB_API long arb_tc_uscf_default_delay(const arb_time_control *tc)
{
	if (!tc_valid(tc) || tc->kind != ARB_TC_PERIODS || tc->delay_stated ||
	    !same_control(&tc->side[ARB_WHITE], &tc->side[ARB_BLACK]))
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

/* ------------------------------------------------------------------------
 * The clock
 * ---------------------------------------------------------------------- */

typedef struct side_clock {
	long main;        /* main time left, as of arb_clock.since when running */
	int moves;        /* moves completed */
	int period;       /* index of the period in force */
	int period_moves; /* moves completed in it */
	long flag_t;      /* when the flag fell, -1 while it is up */
} side_clock;

struct arb_clock {
	arb_time_control tc;
	arb_transition mode;
	int started, running, to_move;
	long last_t;     /* time of the last operation */
	long since;      /* the running side's state is as of this time */
	long delay_left; /* simple delay left of the move in progress */
	long move_run;   /* running time of the move in progress */
	long move_start; /* when the move in progress began */
	side_clock s[2];
};

static const arb_period *cur_period(const arb_clock *c, int side)
{
	static const arb_period none = {0, 0, 0, 1, 0, ARB_DELAY_NONE};
	const arb_control *ctl = &c->tc.side[side];
	if (ctl->nperiods < 1) /* a sandclock has no periods */
		return &none;
	int i = c->s[side].period < ctl->nperiods ? c->s[side].period : ctl->nperiods - 1;
	return &ctl->period[i];
}

/* Moves a side into its next period (a repeating last period starts over);
 * 0 if there is none (the rest-of-game period). */
static int next_period(arb_clock *c, int side)
{
	const arb_control *ctl = &c->tc.side[side];
	side_clock *sc = &c->s[side];
	if (!cur_period(c, side)->moves)
		return 0;
	if (sc->period + 1 < ctl->nperiods)
		sc->period++;
	sc->period_moves = 0;
	sc->main += cur_period(c, side)->base_ms;
	if (sc->main > TC_MAX_MS)
		sc->main = TC_MAX_MS;
	return 1;
}

static void fall(side_clock *sc, long t)
{
	if (sc->flag_t < 0)
		sc->flag_t = t;
}

/* Brings the running side's state to time t (>= since). */
static void settle(arb_clock *c, long t)
{
	if (c->running < 0 || t < c->since)
		return;
	int r = c->running;
	side_clock *sc = &c->s[r];
	long e = t - c->since, t0 = c->since;
	c->move_run += e;
	if (c->tc.kind == ARB_TC_SANDCLOCK) {
		long flow = e < sc->main ? e : sc->main;
		sc->main -= flow;
		c->s[r ^ 1].main += flow;
		if (!sc->main)
			fall(sc, t0 + flow);
		c->since = t;
		return;
	}
	if (c->delay_left) {
		long d = e < c->delay_left ? e : c->delay_left;
		c->delay_left -= d;
		e -= d;
		t0 += d;
	}
	/* (a side with no main time left falls at once, unless a delay runs) */
	while (e > 0 || (!sc->main && sc->flag_t < 0 && !c->delay_left)) {
		if (e < sc->main) {
			sc->main -= e;
			break;
		}
		/* The main time reaches zero at t0 + main: the flag falls, unless
		 * (by flag) the period's moves were made; then, by flag, the next
		 * period starts, moves made beyond this one counting for it. */
		const arb_period *pd = cur_period(c, r);
		int made = pd->moves && sc->period_moves >= pd->moves;
		e -= sc->main;
		t0 += sc->main;
		sc->main = 0;
		if (c->mode != ARB_PERIOD_BY_FLAG || !made)
			fall(sc, t0);
		if (c->mode != ARB_PERIOD_BY_FLAG)
			break;
		int carry = made ? sc->period_moves - pd->moves : 0;
		if (!next_period(c, r) || !sc->main)
			break;
		sc->period_moves = carry;
		/* A repeating period runs out again and again while no move is
		 * made: skip the whole ones at once. */
		if (cur_period(c, r) == pd && e >= sc->main && carry < pd->moves) {
			long k = e / sc->main;
			fall(sc, t0 + sc->main);
			t0 += k * sc->main;
			e -= k * sc->main;
			sc->period_moves = 0;
		}
	}
	c->since = t;
}

ARB_API arb_clock *arb_clock_new(const arb_time_control *tc, arb_transition mode)
{
	if (!tc_valid(tc) || (tc->kind != ARB_TC_PERIODS && tc->kind != ARB_TC_SANDCLOCK))
		return NULL;
	arb_clock *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->tc = *tc;
	c->mode = mode == ARB_PERIOD_BY_FLAG ? ARB_PERIOD_BY_FLAG : ARB_PERIOD_BY_MOVES;
	c->running = -1;
	for (int s = 0; s < 2; s++) {
		c->s[s].main = tc->kind == ARB_TC_SANDCLOCK ? tc->sandclock_ms
							    : tc->side[s].period[0].base_ms;
		c->s[s].flag_t = -1;
	}
	return c;
}

ARB_API void arb_clock_free(arb_clock *c)
{
	free(c);
}

static int bad_time(const arb_clock *c, long t)
{
	return !c || t < 0 || t < c->last_t;
}

static void begin_move(arb_clock *c, int side, long t)
{
	const arb_period *pd = cur_period(c, side);
	c->running = c->to_move = side;
	c->since = c->move_start = t;
	c->move_run = 0;
	c->delay_left = c->tc.kind == ARB_TC_PERIODS && pd->delay == ARB_DELAY_SIMPLE ? pd->delay_ms
										   : 0;
}

ARB_API arb_status arb_clock_start(arb_clock *c, long t)
{
	if (bad_time(c, t) || c->started)
		return ARB_E_ARGUMENT;
	c->started = 1;
	c->last_t = t;
	begin_move(c, c->to_move, t);
	return ARB_OK;
}

ARB_API arb_status arb_clock_press(arb_clock *c, long t)
{
	if (bad_time(c, t) || c->running < 0)
		return ARB_E_ARGUMENT;
	settle(c, t);
	int r = c->running;
	side_clock *sc = &c->s[r];
	const arb_period *pd = cur_period(c, r);
	sc->moves++;
	sc->period_moves++;
	if (c->tc.kind == ARB_TC_PERIODS) {
		/* The flag first: a side whose time ran out during this move gets
		 * nothing back. */
		if (sc->main > 0 && !(sc->flag_t >= 0 && sc->flag_t >= c->move_start)) {
			if (pd->delay == ARB_DELAY_BRONSTEIN)
				sc->main += c->move_run < pd->delay_ms ? c->move_run : pd->delay_ms;
			if (pd->increment_ms && sc->moves >= pd->increment_from)
				sc->main += pd->increment_ms;
			if (sc->main > TC_MAX_MS)
				sc->main = TC_MAX_MS;
		}
		if (c->mode == ARB_PERIOD_BY_MOVES && pd->moves && sc->period_moves >= pd->moves)
			next_period(c, r);
	}
	c->last_t = t;
	begin_move(c, r ^ 1, t);
	return ARB_OK;
}

ARB_API arb_status arb_clock_stop(arb_clock *c, long t)
{
	if (bad_time(c, t) || c->running < 0)
		return ARB_E_ARGUMENT;
	settle(c, t);
	c->running = -1;
	c->last_t = t;
	return ARB_OK;
}

ARB_API arb_status arb_clock_resume(arb_clock *c, long t)
{
	if (bad_time(c, t) || !c->started || c->running >= 0)
		return ARB_E_ARGUMENT;
	c->running = c->to_move;
	c->since = t;
	c->last_t = t;
	return ARB_OK;
}

static int bad_side(arb_color side)
{
	return side != ARB_WHITE && side != ARB_BLACK;
}

ARB_API arb_status arb_clock_set_turn(arb_clock *c, arb_color side, long t)
{
	if (bad_time(c, t) || bad_side(side))
		return ARB_E_ARGUMENT;
	settle(c, t);
	if (c->running >= 0)
		begin_move(c, side, t);
	else
		c->to_move = side;
	c->last_t = t;
	return ARB_OK;
}

ARB_API arb_status arb_clock_set_moves(arb_clock *c, arb_color side, int moves, long t)
{
	if (bad_time(c, t) || bad_side(side) || moves < 0 || moves > 100000)
		return ARB_E_ARGUMENT;
	settle(c, t);
	side_clock *sc = &c->s[side];
	sc->moves = moves;
	sc->period = sc->period_moves = 0;
	if (c->tc.kind == ARB_TC_PERIODS) {
		/* the period those moves reach by move count; no time changes */
		sc->period = period_after(&c->tc.side[side], moves, &sc->period_moves);
	}
	c->last_t = t;
	return ARB_OK;
}

ARB_API arb_status arb_clock_add(arb_clock *c, arb_color side, long delta_ms, long t)
{
	if (bad_time(c, t) || bad_side(side) || delta_ms > TC_MAX_MS || delta_ms < -TC_MAX_MS)
		return ARB_E_ARGUMENT;
	settle(c, t);
	side_clock *sc = &c->s[side];
	sc->main += delta_ms;
	if (sc->main > TC_MAX_MS)
		sc->main = TC_MAX_MS;
	if (sc->main <= 0) {
		sc->main = 0;
		fall(sc, t);
	}
	c->last_t = t;
	return ARB_OK;
}

ARB_API long arb_clock_halve(arb_clock *c, arb_color side, long cap_ms, long t)
{
	if (bad_time(c, t) || bad_side(side) || cap_ms < 0)
		return -1;
	settle(c, t);
	side_clock *sc = &c->s[side];
	long d = sc->main / 2 < cap_ms ? sc->main / 2 : cap_ms;
	sc->main -= d;
	c->last_t = t;
	return d;
}

ARB_API arb_status arb_clock_set(arb_clock *c, arb_color side, long ms, long t)
{
	if (bad_time(c, t) || bad_side(side) || ms < 0 || ms > TC_MAX_MS)
		return ARB_E_ARGUMENT;
	settle(c, t);
	side_clock *sc = &c->s[side];
	sc->main = ms;
	if (ms > 0)
		sc->flag_t = -1;
	else
		fall(sc, t);
	c->last_t = t;
	return ARB_OK;
}

/* A copy of c brought to time t, for the read-only queries. */
static int peek(const arb_clock *c, long t, arb_clock *out)
{
	if (bad_time(c, t))
		return 0;
	*out = *c;
	settle(out, t);
	return 1;
}

ARB_API long arb_clock_remaining(const arb_clock *c, arb_color side, long t)
{
	arb_clock k;
	if (bad_side(side) || !peek(c, t, &k))
		return -1;
	return k.s[side].main;
}

ARB_API long arb_clock_delay_left(const arb_clock *c, long t)
{
	arb_clock k;
	if (!peek(c, t, &k))
		return -1;
	return k.started && c->tc.kind == ARB_TC_PERIODS ? k.delay_left : 0;
}

ARB_API int arb_clock_flags(const arb_clock *c, long t, arb_color *first, long *when)
{
	arb_clock k;
	if (!peek(c, t, &k))
		return -1;
	long w = k.s[ARB_WHITE].flag_t, b = k.s[ARB_BLACK].flag_t;
	int n = (w >= 0) + (b >= 0);
	if (n) {
		int f = w >= 0 && (b < 0 || w <= b) ? ARB_WHITE : ARB_BLACK;
		if (first)
			*first = (arb_color)f;
		if (when)
			*when = k.s[f].flag_t;
	}
	return n;
}

ARB_API long arb_clock_flag_time(const arb_clock *c, arb_color side, long t)
{
	arb_clock k;
	if (bad_side(side) || !peek(c, t, &k))
		return -2;
	return k.s[side].flag_t;
}

ARB_API int arb_clock_running(const arb_clock *c)
{
	return c ? c->running : -1;
}

ARB_API int arb_clock_moves(const arb_clock *c, arb_color side)
{
	return c && !bad_side(side) ? c->s[side].moves : 0;
}

ARB_API int arb_clock_period(const arb_clock *c, arb_color side)
{
	return c && !bad_side(side) ? c->s[side].period : 0;
}

/* ------------------------------------------------------------------------
 * Clock history of a game record
 * ---------------------------------------------------------------------- */

#define READING_SLACK 1000L /* [%clk] has whole seconds */

typedef struct history {
	arb_clock_issue *issues;
	int n_issues, found;
} history;

static void issue(history *h, arb_clock_issue_kind kind, int ply, const char *fmt, ...)
{
	if (h->found < h->n_issues) {
		arb_clock_issue *is = &h->issues[h->found];
		va_list ap;
		is->kind = kind;
		is->ply = ply;
		va_start(ap, fmt);
		vsnprintf(is->message, sizeof is->message, fmt, ap);
		va_end(ap);
	}
	h->found++;
}

/* "12 s", "1.5 s" into buf. */
static const char *secs(char *buf, size_t n, long ms)
{
	out_buf o = {buf, n, 0};
	put_amount(&o, ms < 0 ? -ms : ms, 1000);
	put(&o, " s");
	return buf;
}

ARB_API int arb_record_clock_history(const arb_record *g, const arb_time_control *tc,
				     arb_clock_entry *entries, int n_entries,
				     arb_clock_issue *issues, int n_issues, int *issue_count)
{
	history h = {issues, issues ? n_issues : 0, 0};
	arb_time_control own;
	char b1[32], b2[32];
	if (!g)
		return -1;
	if (!tc) {
		const char *tag = arb_record_tag(g, "TimeControl");
		if (tag && arb_tc_parse(tag, &own, NULL) == ARB_OK)
			tc = &own;
	}
	int timed = tc && tc->kind == ARB_TC_PERIODS;
	if (!timed)
		issue(&h, ARB_CLOCK_NO_CONTROL, -1,
		      "no usable TimeControl: readings only, nothing checked");
	const arb_position *start = arb_record_start(g);
	int plies = arb_record_ply_count(g);
	int side = (int)arb_position_side_to_move(start), first_black = side == ARB_BLACK;
	int fullmove = arb_position_fullmove_number(start);
	long remaining[2];
	int known[2], moves[2], period[2] = {0, 0}, period_moves[2] = {0, 0};
	int flagged[2] = {0, 0};
	/* A game set up at move N: the moves before count for the periods and
	 * increment_from; the time left is learnt from the first reading. */
	moves[ARB_WHITE] = fullmove - 1 + first_black;
	moves[ARB_BLACK] = fullmove - 1;
	for (int c = 0; c < 2; c++) {
		known[c] = timed && !moves[c];
		remaining[c] = timed ? tc->side[c].period[0].base_ms : 0;
		if (timed)
			period[c] = period_after(&tc->side[c], moves[c], &period_moves[c]);
	}
	int readings = 0;
	for (int ply = 0; ply < plies; ply++, side ^= 1) {
		int node = arb_record_mainline_node(g, ply);
		long clk = arb_record_node_clock(g, node, ARB_CMD_CLK);
		long emt = arb_record_node_clock(g, node, ARB_CMD_EMT);
		readings += clk != ARB_NO_CLOCK || emt != ARB_NO_CLOCK;
		int number = fullmove + (ply + (first_black ? 1 : 0)) / 2;
		const char *who = side == ARB_WHITE ? "white" : "black";
		long used = emt, after = clk;
		moves[side]++;
		period_moves[side]++;
		if (timed) {
			const arb_control *ctl = &tc->side[side];
			const arb_period *pd =
				&ctl->period[period[side] < ctl->nperiods ? period[side]
									  : ctl->nperiods - 1];
			long inc = moves[side] >= pd->increment_from ? pd->increment_ms : 0;
			long bonus = 0;
			if (pd->moves && period_moves[side] >= pd->moves) {
				if (period[side] + 1 < ctl->nperiods)
					period[side]++;
				period_moves[side] = 0;
				bonus = ctl->period[period[side]].base_ms;
			}
			/* main time used: the time used less what a delay covers */
			long cover = pd->delay_ms, main_used = -1;
			if (emt != ARB_NO_CLOCK)
				main_used = emt - (emt < cover ? emt : cover);
			/* as on the clock: reaching zero exactly is too late */
			int fell = known[side] && main_used >= 0 && remaining[side] - main_used <= 0;
			if (fell && !flagged[side]) {
				flagged[side] = 1;
				issue(&h, ARB_CLOCK_NEGATIVE, ply,
				      "move %d (%s): the time runs out (%s used, %s left)", number, who,
				      secs(b1, sizeof b1, emt), secs(b2, sizeof b2, remaining[side]));
			}
			if (known[side] && clk != ARB_NO_CLOCK) {
				long rise = clk - remaining[side];
				if (rise > inc + bonus + READING_SLACK) {
					issue(&h, ARB_CLOCK_RISES, ply,
					      "move %d (%s): clock rises by %s, more than the control gives",
					      number, who, secs(b1, sizeof b1, rise - inc - bonus));
				} else if (main_used >= 0) {
					long expect = fell ? bonus : remaining[side] - main_used + inc + bonus;
					if (labs(expect - clk) > READING_SLACK)
						issue(&h, ARB_CLOCK_MISMATCH, ply,
						      "move %d (%s): [%%clk] and [%%emt] differ by %s",
						      number, who, secs(b2, sizeof b2, expect - clk));
				}
				if (used == ARB_NO_CLOCK) {
					used = inc + bonus - rise;
					if (used < 0)
						used = 0;
				}
			} else if (known[side] && main_used >= 0) {
				after = fell ? bonus : remaining[side] - main_used + inc + bonus;
			}
			if (after != ARB_NO_CLOCK) {
				remaining[side] = after;
				known[side] = 1;
			} else {
				known[side] = 0;
			}
		}
		if (ply < n_entries && entries) {
			arb_clock_entry *e = &entries[ply];
			e->side = (arb_color)side;
			e->move_number = number;
			e->used_ms = used;
			e->remaining_ms = after;
			e->period = period[side];
		}
	}
	if (plies && !readings)
		issue(&h, ARB_CLOCK_NO_READINGS, -1, "no [%%clk] or [%%emt] reading in the game");
	if (issue_count)
		*issue_count = h.found;
	return plies;
}
