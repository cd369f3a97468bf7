/*
 * trf.c -- the FIDE Tournament Report File in and out: TRF-2026 (approved
 * 2025) and TRF-16 with JaVaFo's TRF(x) lines (XXR, XXC, XXS) and
 * bbpPairings' point lines (BBW BBD BBL BBZ BBF BBU).
 *
 * Reading keeps every line as a record (its text and line end) and reads
 * what the model understands into it: the event (012-222), the players
 * (001) with their cells, the point system, and the byes known in advance
 * (240; a TRF-16 file's pre-filled cells of the round to be paired). A line
 * with an error is reported (line, column, why) and kept as text only.
 * Writing goes over the records in order and writes each one as read unless
 * the model now says something else; then only the fields that differ are
 * rewritten, in their columns, so that nothing else of the line moves.
 * Records the target dialect spells otherwise are converted (142 <-> XXR,
 * 152 <-> XXC, 162 <-> XXS, 240 <-> pre-filled cells).
 */
#include "tournament.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Small text helpers
 * ---------------------------------------------------------------------- */

/* Characters [a, b) of line (0-based; short lines read as spaces) into
 * out[n], trimmed at both ends. */
static void field(const char *line, size_t len, size_t a, size_t b, char *out, size_t n)
{
	size_t k = 0, i;

	for (i = a; i < b && i < len && k + 1 < n; i++)
		out[k++] = line[i];
	out[k] = '\0';
	while (k > 0 && out[k - 1] == ' ')
		out[--k] = '\0';
	for (i = 0; out[i] == ' '; i++)
		;
	if (i)
		memmove(out, out + i, k - i + 1);
}

static int is_blank(const char *s, size_t a, size_t b, size_t len)
{
	size_t i;

	for (i = a; i < b && i < len; i++)
		if (s[i] != ' ')
			return 0;
	return 1;
}

/* Numbers saturate here: every field's range is far below, so a longer run
 * of digits is out of range, never an overflow. */
#define NUMBER_MAX 1000000000L

/* A right-aligned unsigned number in [a, b): its value (at most NUMBER_MAX),
 * 0 if blank, or -1 with *bad the 0-based column of the first bad
 * character. */
static long number(const char *s, size_t len, size_t a, size_t b, size_t *bad)
{
	size_t i = a;
	long v = 0;

	while (i < b && i < len && s[i] == ' ')
		i++;
	for (; i < b && i < len && isdigit((unsigned char)s[i]); i++)
		v = v < NUMBER_MAX ? v * 10 + (s[i] - '0') : NUMBER_MAX;
	for (; i < b && i < len; i++)
		if (s[i] != ' ') {
			*bad = i;
			return -1;
		}
	return v;
}

/* Points are below 100,000.0 (in tenths, POINTS_MAX); more digits are an
 * error at the digit that passes it. */
#define POINTS_MAX 1000000

/* Points "11.5" (also "11", ".5", "-1.0") in [a, b) in tenths; blank is 0.
 * Returns 0, or -1 with *bad set. */
static int points_at(const char *s, size_t len, size_t a, size_t b, int *out, size_t *bad)
{
	size_t i = a;
	int v = 0, neg = 0, digits = 0, frac = -1;

	while (i < b && i < len && s[i] == ' ')
		i++;
	if (i < b && i < len && s[i] == '-') {
		neg = 1;
		i++;
	}
	for (; i < b && i < len && isdigit((unsigned char)s[i]); i++, digits++) {
		if (v >= POINTS_MAX / 10) { /* no event scores that much */
			*bad = i;
			return -1;
		}
		v = v * 10 + (s[i] - '0');
	}
	v *= 10;
	if (i < b && i < len && (s[i] == '.' || s[i] == ',')) {
		i++;
		if (i < b && i < len && isdigit((unsigned char)s[i])) {
			frac = s[i] - '0';
			i++;
			digits++;
		}
		/* a second decimal: 0.25 is not a TRF value, 0.50 is 0.5 */
		if (i < b && i < len && s[i] == '0')
			i++;
	}
	for (; i < b && i < len; i++)
		if (s[i] != ' ') {
			*bad = i;
			return -1;
		}
	if (!digits && (neg || frac >= 0)) {
		*bad = a;
		return -1;
	}
	v += frac > 0 ? frac : 0;
	*out = neg ? -v : v;
	return 0;
}

int arbI_trf_date(const char *s);

/* ------------------------------------------------------------------------
 * Problems
 * ---------------------------------------------------------------------- */

static void problem(struct arb_tournament *t, long line, int column, int error, const char *fmt,
		    ...) __attribute__((format(printf, 5, 6)));

static void problem(struct arb_tournament *t, long line, int column, int error, const char *fmt,
		    ...)
{
	va_list ap;
	tproblem *p;

	if (error)
		t->nerrors++;
	else
		t->nwarnings++;
	if (t->nprobs >= ARB_TRF_PROBLEMS_KEPT) {
		t->dropped++;
		return;
	}
	if (t->nprobs == t->probs_cap) {
		int cap = t->probs_cap ? 2 * t->probs_cap : 16;
		tproblem *q = realloc(t->probs, (size_t)cap * sizeof *q);

		if (!q) {
			t->nomem = 1;
			return;
		}
		t->probs = q;
		t->probs_cap = cap;
	}
	p = &t->probs[t->nprobs++];
	p->line = line;
	p->column = column;
	p->error = error;
	va_start(ap, fmt);
	vsnprintf(p->why, sizeof p->why, fmt, ap);
	va_end(ap);
}

/* ------------------------------------------------------------------------
 * Dates
 * ---------------------------------------------------------------------- */

static int month_name(const char *s)
{
	static const char *const names[] = {"jan", "feb", "mar", "apr", "may", "jun",
					    "jul", "aug", "sep", "oct", "nov", "dec"};
	int m;

	for (m = 0; m < 12; m++)
		if (tolower((unsigned char)s[0]) == names[m][0] &&
		    tolower((unsigned char)s[1]) == names[m][1] &&
		    tolower((unsigned char)s[2]) == names[m][2])
			return m + 1;
	return 0;
}

/* YYYYMMDD from "2024/12/01", "2024-12-01", "2024.12.01", "28. 07. 2005",
 * "01/12/2024" (day first when the year is last), "24/12/01" (YY/MM/DD, as
 * 132 writes), "May 29, 2020"; month and day may be 00. 0 when none. */
int arbI_trf_date(const char *s)
{
	long g[3];
	int len[3], n = 0, m;
	const char *p = s;

	while (*p == ' ')
		p++;
	if (isalpha((unsigned char)*p)) {
		if (!(m = month_name(p)))
			return 0;
		while (isalpha((unsigned char)*p) || *p == '.')
			p++;
		g[0] = strtol(p, (char **)&p, 10);
		while (*p == ',' || *p == ' ')
			p++;
		g[1] = strtol(p, (char **)&p, 10);
		if (g[0] < 1 || g[0] > 31 || g[1] < 1000 || g[1] > 9999)
			return 0;
		return (int)(g[1] * 10000 + m * 100 + g[0]);
	}
	while (n < 3) {
		const char *q = p;

		if (!isdigit((unsigned char)*p))
			return 0;
		g[n] = 0;
		while (isdigit((unsigned char)*p) && p - q < 5)
			g[n] = g[n] * 10 + (*p++ - '0');
		len[n++] = (int)(p - q);
		if (n == 3)
			break;
		if (*p != '/' && *p != '-' && *p != '.')
			return 0;
		p++;
		while (*p == ' ')
			p++;
	}
	while (*p == ' ' || *p == '.')
		p++;
	if (*p)
		return 0;
	if (len[0] == 4 && len[1] <= 2 && len[2] <= 2)
		return (int)(g[0] * 10000 + g[1] * 100 + g[2]);
	if (len[2] == 4 && len[0] <= 2 && len[1] <= 2)
		return (g[1] <= 12) ? (int)(g[2] * 10000 + g[1] * 100 + g[0]) : 0;
	if (len[0] == 2 && len[1] <= 2 && len[2] <= 2)
		return (int)((2000 + g[0]) * 10000 + g[1] * 100 + g[2]);
	return 0;
}

/* ------------------------------------------------------------------------
 * Record 001
 * ---------------------------------------------------------------------- */

/* The normalised title of columns 11-13: old one-letter codes (TRF06-era
 * files: g m f c and w-prefixed) read as GM IM FM CM WGM WIM WFM WCM. */
static void norm_title(char *t)
{
	static const char *const old[][2] = {{"g", "GM"},   {"m", "IM"},   {"f", "FM"},
					     {"c", "CM"},   {"wg", "WGM"}, {"wm", "WIM"},
					     {"wf", "WFM"}, {"wc", "WCM"}};
	size_t k;

	for (k = 0; k < sizeof old / sizeof old[0]; k++)
		if (strcmp(t, old[k][0]) == 0) {
			strcpy(t, old[k][1]);
			return;
		}
}

/* Column (0-based) of round r's cell (0-based). */
#define CELL(r) ((size_t)91 + 10 * (size_t)(r))

static int result_code(int c)
{
	c = toupper(c);
	return strchr("+-WDL1=0HFUZ", c) && c ? c : 0;
}

/* Reads a 001 line into *p and cells[0..*ncells) (room for `cap`; *ncells:
 * the cells up to the last non-blank one). Blank cells read 0 '-' 'Z'.
 * Returns 0, or the 1-based column of an error with `why` filled. */
static int parse_player(const char *s, size_t len, tplayer *p, tcell *cells, int cap, int *ncells,
			char *why, size_t whyn)
{
	static const size_t seps[] = {3, 8, 13, 47, 52, 56, 68, 79, 84, 89, 90};
	static const char *const sepwhat[] = {
		"after 001",         "after the pairing number", "after the title",
		"after the name",    "after the rating",         "after the federation",
		"after the FIDE id", "after the birth date",     "after the points",
		"after the rank",    "before the first round"};
	size_t bad = 0, k;
	long v;
	int r, last = 0;

	memset(p, 0, sizeof *p);
	for (k = 0; k < len; k++)
		if ((unsigned char)s[k] < 32 && s[k] != '\t') {
			snprintf(why, whyn, "control character 0x%02x", (unsigned char)s[k]);
			return (int)k + 1;
		}
	if (len < 8 || is_blank(s, 4, 8, len)) {
		snprintf(why, whyn, "no pairing number in columns 5-8");
		return 5;
	}
	for (k = 0; k < sizeof seps / sizeof seps[0]; k++)
		if (seps[k] < len && s[seps[k]] != ' ') {
			snprintf(why, whyn, "expected a space %s, found '%c'", sepwhat[k],
				 s[seps[k]]);
			return (int)seps[k] + 1;
		}
	v = number(s, len, 4, 8, &bad);
	if (v < 0) {
		snprintf(why, whyn, "bad pairing number: '%c' is not a digit", s[bad]);
		return (int)bad + 1;
	}
	if (v < 1) {
		snprintf(why, whyn, "pairing number 0 (1 to 9999)");
		return 8;
	}
	p->id = (int)v;
	p->sex = len > 9 ? s[9] : ' ';
	if (p->sex == 'M' || p->sex == 'W')
		p->sex = (char)tolower(p->sex);
	field(s, len, 10, 13, p->title, sizeof p->title);
	norm_title(p->title);
	field(s, len, 14, 47, p->name, sizeof p->name);
	v = number(s, len, 48, 52, &bad);
	if (v < 0) {
		snprintf(why, whyn, "bad rating: '%c' is not a digit", s[bad]);
		return (int)bad + 1;
	}
	p->rating = (int)v;
	field(s, len, 53, 56, p->federation, sizeof p->federation);
	field(s, len, 57, 68, p->fide_id, sizeof p->fide_id);
	for (k = 0; p->fide_id[k]; k++)
		if (!isdigit((unsigned char)p->fide_id[k])) {
			const char *at = memchr(s + 57, p->fide_id[k], 11);

			snprintf(why, whyn, "bad FIDE id: '%c' is not a digit", p->fide_id[k]);
			return (int)(at ? at - s : 57) + 1;
		}
	field(s, len, 69, 79, p->birth, sizeof p->birth);
	if (points_at(s, len, 80, 84, &p->points, &bad) < 0) {
		snprintf(why, whyn, "bad points: '%c' (format 11.5)", s[bad]);
		return (int)bad + 1;
	}
	v = number(s, len, 85, 89, &bad);
	if (v < 0) {
		snprintf(why, whyn, "bad rank: '%c' is not a digit", s[bad]);
		return (int)bad + 1;
	}
	p->rank = (int)v;
	for (r = 0; CELL(r) < len; r++) {
		size_t c = CELL(r);
		tcell cell = {0, '-', 'Z'};
		char col, res;

		if (r >= cap) {
			snprintf(why, whyn, "more than %d rounds", ARB_TRF_ROUNDS_MAX);
			return (int)c + 1;
		}
		if (is_blank(s, c, c + 10, len)) {
			cells[r] = cell;
			continue;
		}
		v = number(s, len, c, c + 4, &bad);
		if (v < 0) {
			snprintf(why, whyn, "round %d: bad opponent: '%c' is not a digit", r + 1,
				 s[bad]);
			return (int)bad + 1;
		}
		for (k = 4; k <= 9; k += (k == 4 ? 2 : (k == 6 ? 2 : 1)))
			if (c + k < len && s[c + k] != ' ') {
				snprintf(why, whyn, "round %d: expected a space, found '%c'", r + 1,
					 s[c + k]);
				return (int)(c + k) + 1;
			}
		col = c + 5 < len ? s[c + 5] : ' ';
		res = c + 7 < len ? s[c + 7] : ' ';
		if (col == 'W' || col == 'B')
			col = (char)tolower(col);
		if (col != 'w' && col != 'b' && col != '-' && col != ' ') {
			snprintf(why, whyn, "round %d: bad colour '%c' (w, b or -)", r + 1, col);
			return (int)(c + 5) + 1;
		}
		if (res != ' ' && !result_code(res)) {
			snprintf(why, whyn, "round %d: bad result '%c' (+ - W D L 1 = 0 H F U Z)",
				 r + 1, res);
			return (int)(c + 7) + 1;
		}
		if (v == p->id) {
			snprintf(why, whyn, "round %d: the player's own pairing number as opponent",
				 r + 1);
			return (int)c + 4;
		}
		cell.opponent = (int)v;
		cell.color = col == ' ' ? '-' : col;
		/* A blank result: not played yet when paired, else Z (TRF). */
		cell.result = res != ' ' ? (char)result_code(res) : (v ? ' ' : 'Z');
		cells[r] = cell;
		last = r + 1;
	}
	*ncells = last;
	return 0;
}

/* ------------------------------------------------------------------------
 * Point systems: 162, XXS, BB?
 * ---------------------------------------------------------------------- */

/* Which defaults follow others: 162's P is W's and X is D's unless given
 * (P also by XXS PAB and BBU). */
struct points_read {
	int pab_given, unknown_given;
};

/* 162: codes at columns 6, 15, 24, ... (W D L A P X; Z read as A, the
 * bbpPairings spelling), points in the four columns after each. */
static int parse_162(const char *s, size_t len, tpoints *pt, struct points_read *pr, char *why,
		     size_t whyn)
{
	size_t c, bad = 0;
	int v;

	if (len < 6) {
		snprintf(why, whyn, "no point system after 162");
		return (int)len + 1;
	}
	if (s[4] != ' ') {
		snprintf(why, whyn, "expected a space, found '%c'", s[4]);
		return 5;
	}
	for (c = 5; c < len; c += 9) {
		int code = toupper((unsigned char)s[c]);

		if (code == ' ' && is_blank(s, c, len, len))
			break;
		if (!strchr("WDLAZPX", code) || !code) {
			snprintf(why, whyn, "bad result code '%c' (W D L A P X)", s[c]);
			return (int)c + 1;
		}
		if (points_at(s, len, c + 1, c + 5, &v, &bad) < 0 ||
		    is_blank(s, c + 1, c + 5, len)) {
			snprintf(why, whyn, "bad points for '%c' (format 11.5)", code);
			return (int)(is_blank(s, c + 1, c + 5, len) ? c + 2 : bad + 1);
		}
		if (!is_blank(s, c + 5, c + 9, len)) {
			size_t i;

			for (i = c + 5; s[i] == ' '; i++)
				;
			snprintf(why, whyn, "expected a space, found '%c'", s[i]);
			return (int)i + 1;
		}
		switch (code) {
		case 'W': /* TRF-2026: win, forfeit win, full-point bye; P the same by default */
			pt->win = pt->forfeit_win = pt->full_bye = v;
			break;
		case 'D': /* draw and half-point bye */
			pt->draw = pt->half_bye = v;
			break;
		case 'L':
			pt->loss = v;
			break;
		case 'A': /* absence: zero-point bye and forfeit loss */
		case 'Z':
			pt->zero_bye = pt->forfeit_loss = v;
			break;
		case 'P':
			pt->pab = v;
			pr->pab_given = 1;
			break;
		case 'X':
			pt->unknown = v;
			pr->unknown_given = 1;
			break;
		}
	}
	return 0;
}

/* XXS CODE=VALUE ... (JaVaFo). Column of an error, or 0. */
static int parse_xxs(const char *s, size_t len, tpoints *pt, struct points_read *pr, char *why,
		     size_t whyn)
{
	size_t i = 3;

	while (i < len) {
		char code[8];
		size_t k = 0, start, bad = 0;
		int v;

		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i >= len)
			break;
		start = i;
		while (i < len && s[i] != '=' && s[i] != ' ' && k + 1 < sizeof code)
			code[k++] = (char)toupper((unsigned char)s[i++]);
		code[k] = '\0';
		if (i >= len || s[i] != '=') {
			snprintf(why, whyn, "expected CODE=VALUE");
			return (int)start + 1;
		}
		i++;
		start = i;
		while (i < len && s[i] != ' ' && s[i] != '\t')
			i++;
		if (i == start || points_at(s, i, start, i, &v, &bad) < 0) {
			snprintf(why, whyn, "bad value for %s", code);
			return (int)start + 1;
		}
		if (!strcmp(code, "WW") || !strcmp(code, "BW"))
			pt->win = v;
		else if (!strcmp(code, "WD") || !strcmp(code, "BD"))
			pt->draw = v;
		else if (!strcmp(code, "WL") || !strcmp(code, "BL"))
			pt->loss = v;
		else if (!strcmp(code, "ZPB"))
			pt->zero_bye = v;
		else if (!strcmp(code, "HPB"))
			pt->half_bye = v;
		else if (!strcmp(code, "FPB"))
			pt->full_bye = v;
		else if (!strcmp(code, "PAB")) {
			pt->pab = v;
			pr->pab_given = 1;
		} else if (!strcmp(code, "FW"))
			pt->forfeit_win = v;
		else if (!strcmp(code, "FL"))
			pt->forfeit_loss = v;
		else if (!strcmp(code, "W"))
			pt->win = pt->forfeit_win = pt->full_bye = v;
		else if (!strcmp(code, "D"))
			pt->draw = pt->half_bye = v;
		else {
			snprintf(why, whyn, "unknown XXS code '%s'", code);
			return (int)(start - k - 1) + 1;
		}
	}
	return 0;
}

/* BBW BBD BBL BBZ BBF BBU (bbpPairings): points from column 5. */
static int parse_bb(const char *s, size_t len, tpoints *pt, struct points_read *pr, char *why,
		    size_t whyn)
{
	size_t bad = 0;
	int v;

	if (len < 5 || s[3] != ' ' || is_blank(s, 4, len, len) ||
	    points_at(s, len, 4, len, &v, &bad) < 0) {
		snprintf(why, whyn, "expected points after %.3s (format 1.0)", s);
		return len < 5 || s[3] != ' ' ? 4 : (int)bad + 1;
	}
	switch (s[2]) {
	case 'W':
		pt->win = v;
		break;
	case 'D':
		pt->draw = v;
		break;
	case 'L':
		pt->loss = v;
		break;
	case 'Z':
		pt->zero_bye = v;
		break;
	case 'F': /* bbpPairings: the points of a forfeit loss */
		pt->forfeit_loss = v;
		break;
	case 'U':
		pt->pab = v;
		pr->pab_given = 1;
		break;
	}
	return 0;
}

/* ------------------------------------------------------------------------
 * 240: byes (individual events)
 * ---------------------------------------------------------------------- */

/* The pairing numbers of a 240 or 260 line, every 5 columns from the
 * separator at column c0 (0-based): "  IIII IIII ...". Into ids (room for
 * cap; *nids the count). Returns 0, or the column of an error. */
static int parse_ids(const char *s, size_t len, size_t c0, int *ids, int cap, int *nids, char *why,
		     size_t whyn)
{
	size_t c, bad = 0;
	long v;
	int n = 0;

	for (c = c0; c < len; c += 5) {
		if (s[c] != ' ' && s[c] != '\t') {
			snprintf(why, whyn, "expected a space, found '%c'", s[c]);
			return (int)c + 1;
		}
		if (is_blank(s, c, len, len))
			break;
		/* tabs: some writers end the line with one */
		if (s[c + 1] == '\t' && is_blank(s, c + 2, len, len))
			break;
		v = number(s, len, c + 1, c + 5, &bad);
		if (v < 0 && s[bad] == '\t' && is_blank(s, bad + 1, len, len) && bad > c + 1) {
			size_t b2 = 0;
			v = number(s, bad, c + 1, bad, &b2);
		}
		if (v < 0) {
			snprintf(why, whyn, "bad pairing number: '%c' is not a digit", s[bad]);
			return (int)bad + 1;
		}
		if (v < 1) {
			snprintf(why, whyn, "pairing number 0");
			return (int)c + 2;
		}
		if (n < cap)
			ids[n++] = (int)v;
		if (c + 5 < len && s[c + 5] == '\t' && is_blank(s, c + 6, len, len))
			break;
	}
	if (!n) {
		snprintf(why, whyn, "no pairing number");
		return (int)len + 1;
	}
	*nids = n;
	return 0;
}

/* A 240 line "240 T RRR  IIII IIII ...": its round, type and ids (room for
 * cap). Returns 0, or the column of an error. */

static int parse_240(const char *s, size_t len, int *round, char *type, int *ids, int cap,
		     int *nids, char *why, size_t whyn)
{
	size_t bad = 0;
	long v;

	if (len < 5 || s[3] != ' ') {
		snprintf(why, whyn, "expected a bye type in column 5");
		return 5;
	}
	*type = (char)toupper((unsigned char)s[4]);
	if (*type != 'F' && *type != 'H' && *type != 'Z') {
		snprintf(why, whyn, "bad bye type '%c' (F, H or Z)", s[4]);
		return 5;
	}
	if (len > 5 && s[5] != ' ') {
		snprintf(why, whyn, "expected a space, found '%c'", s[5]);
		return 6;
	}
	v = number(s, len, 6, 9, &bad);
	if (v < 0 || is_blank(s, 6, 9, len)) {
		snprintf(why, whyn, "bad round number in columns 7-9");
		return (int)(v < 0 ? bad : 6) + 1;
	}
	if (v < 1 || v > ARB_TRF_ROUNDS_MAX) {
		snprintf(why, whyn, "round %ld out of range", v);
		return 9;
	}
	*round = (int)v;
	return parse_ids(s, len, 9, ids, cap, nids, why, whyn);
}

/* ------------------------------------------------------------------------
 * 260: prohibited pairings (TRF-2026: first round 5-7, last round 9-11,
 * pairing numbers 13-16, 18-21, ...)
 * ---------------------------------------------------------------------- */

/* A round number in [a, a + 3) (0-based) into *out. 0, or the column. */
static int round_at(const char *s, size_t len, size_t a, const char *what, int *out, char *why,
		    size_t whyn)
{
	size_t bad = 0;
	long v = number(s, len, a, a + 3, &bad);

	if (v < 0 || is_blank(s, a, a + 3, len)) {
		snprintf(why, whyn, "bad %s round number in columns %zu-%zu", what, a + 1, a + 3);
		return (int)(v < 0 ? bad : a) + 1;
	}
	if (v < 1 || v > ARB_TRF_ROUNDS_MAX) {
		snprintf(why, whyn, "%s round %ld out of range (1 to %d)", what, v,
			 ARB_TRF_ROUNDS_MAX);
		return (int)a + 3;
	}
	*out = (int)v;
	return 0;
}

int arbI_trf_parse_260(const char *s, size_t len, tprohibit *g, char *why, size_t whyn)
{
	int col, k, j;

	memset(g, 0, sizeof *g);
	g->line = -1;
	if (len > 3 && s[3] != ' ') {
		snprintf(why, whyn, "expected a space after the record code");
		return 4;
	}
	if ((col = round_at(s, len, 4, "first", &g->first, why, whyn)) != 0)
		return col;
	if (len > 7 && s[7] != ' ') {
		snprintf(why, whyn, "expected a space, found '%c'", s[7]);
		return 8;
	}
	if ((col = round_at(s, len, 8, "last", &g->last, why, whyn)) != 0)
		return col;
	if (g->last < g->first) {
		snprintf(why, whyn, "last round %d before the first, %d", g->last, g->first);
		return 11;
	}
	g->ids = malloc(sizeof *g->ids * ARB_TRF_ID_MAX);
	if (!g->ids)
		return -1;
	if ((col = parse_ids(s, len, 11, g->ids, ARB_TRF_ID_MAX, &g->nids, why, whyn)) != 0)
		goto bad;
	if (g->nids < 2) {
		snprintf(why, whyn, "a prohibited pairing needs two pairing numbers or more");
		col = (int)len + 1;
		goto bad;
	}
	for (k = 1; k < g->nids; k++)
		for (j = 0; j < k; j++)
			if (g->ids[j] == g->ids[k]) {
				snprintf(why, whyn, "pairing number %d twice", g->ids[k]);
				col = 13 + 5 * k;
				goto bad;
			}
	return 0;
bad:
	free(g->ids);
	g->ids = NULL;
	return col;
}

/* ------------------------------------------------------------------------
 * Reading
 * ---------------------------------------------------------------------- */

static void set_value(char *dst, size_t n, const char *s, size_t len)
{
	field(s, len, 4, len, dst, n);
}

/* The coded type a TRF-16 file's 092 text implies ("" none). */
static void derive_system(struct arb_tournament *t)
{
	char low[128];
	size_t k;
	int dbl;

	for (k = 0; t->type[k] && k + 1 < sizeof low; k++)
		low[k] = (char)tolower((unsigned char)t->type[k]);
	low[k] = '\0';
	/* the trap: some files write the coded type on 092 */
	if (strncmp(t->type, "FIDE_", 5) == 0 && !strchr(t->type, ' ')) {
		snprintf(t->system, sizeof t->system, "%.47s", t->type);
		t->system_derived = 1;
		return;
	}
	dbl = strstr(low, "double") != NULL;
	if (strstr(low, "round robin") || strstr(low, "round-robin") || strstr(low, "roundrobin") ||
	    strstr(low, "berger"))
		strcpy(t->system, dbl ? "FIDE_DOUBLEROUNDROBIN" : "FIDE_ROUNDROBIN");
	else if (strstr(low, "burstein"))
		strcpy(t->system, "FIDE_BURSTEIN");
	else if (strstr(low, "dubov"))
		strcpy(t->system, "FIDE_DUBOV");
	else if (strstr(low, "dutch") || strstr(low, "swiss"))
		strcpy(t->system, "FIDE_DUTCH");
	else
		return;
	t->system_derived = 1;
}

/* What one line of the tournament section says, into the model: the first
 * record of each code counts. */
static int is_code(const trecord *r, const char *code)
{
	return memcmp(r->code, code, 3) == 0;
}

static int first_of(const struct arb_tournament *t, const char *code)
{
	int i;

	for (i = 0; i < t->nrecs; i++)
		if (is_code(&t->recs[i], code) && !t->recs[i].broken)
			return i;
	return -1;
}

struct reader {
	struct arb_tournament *t;
	tcell *cells; /* scratch: ARB_TRF_ROUNDS_MAX */
	int *ids;     /* scratch */
	struct points_read pr;
	int seen_2026, seen_16;
	int *ncells; /* per player index at read time: cells shown */
};

static void error_line(struct reader *rd, int i, int column, const char *why)
{
	rd->t->recs[i].broken = 1;
	problem(rd->t, (long)i + 1, column, 1, "%s", why);
}

static void read_info(struct reader *rd, int i)
{
	struct arb_tournament *t = rd->t;
	trecord *r = &t->recs[i];
	const char *s = r->text;
	size_t len = strlen(s);
	char why[160];
	int k;
	size_t bad = 0;
	long v;

	/* A second record of a code the model holds once is kept as text. */
	for (k = 0; k < i; k++)
		if (is_code(&t->recs[k], r->code) && !t->recs[k].broken)
			return;
	if (len > 3 && s[3] != ' ' && r->code[0] != 'X' && r->code[0] != 'B') {
		error_line(rd, i, 4, "expected a space after the record code");
		return;
	}
	if (is_code(r, "012"))
		set_value(t->name, sizeof t->name, s, len);
	else if (is_code(r, "022"))
		set_value(t->city, sizeof t->city, s, len);
	else if (is_code(r, "032"))
		set_value(t->federation, sizeof t->federation, s, len);
	else if (is_code(r, "042")) {
		set_value(t->start, sizeof t->start, s, len);
		t->start_date = arbI_trf_date(t->start);
	} else if (is_code(r, "052")) {
		set_value(t->end, sizeof t->end, s, len);
		t->end_date = arbI_trf_date(t->end);
	} else if (is_code(r, "092"))
		set_value(t->type, sizeof t->type, s, len);
	else if (is_code(r, "102"))
		set_value(t->chief_arbiter, sizeof t->chief_arbiter, s, len);
	else if (is_code(r, "122"))
		set_value(t->time_control, sizeof t->time_control, s, len);
	else if (is_code(r, "192"))
		set_value(t->system, sizeof t->system, s, len);
	else if (is_code(r, "202"))
		set_value(t->tiebreaks, sizeof t->tiebreaks, s, len);
	else if (is_code(r, "222"))
		set_value(t->tc_code, sizeof t->tc_code, s, len);
	else if (is_code(r, "142") || is_code(r, "XXR")) {
		if (first_of(t, "142") >= 0 && first_of(t, "142") < i)
			return;
		v = number(s, len, 4, len, &bad);
		if (v < 1 || v > ARB_TRF_ROUNDS_MAX) {
			snprintf(why, sizeof why, "bad number of rounds (1 to %d)",
				 ARB_TRF_ROUNDS_MAX);
			error_line(rd, i, v < 0 ? (int)bad + 1 : 5, why);
			return;
		}
		t->rounds = (int)v;
	} else if (is_code(r, "152")) {
		char c[8];

		field(s, len, 4, len, c, sizeof c);
		if ((c[0] != 'W' && c[0] != 'B' && c[0] != 'w' && c[0] != 'b') || c[1]) {
			error_line(rd, i, 5, "bad initial colour (W or B)");
			return;
		}
		t->first_color = (char)tolower((unsigned char)c[0]);
	} else if (is_code(r, "XXC")) {
		size_t a = 3;

		while (a < len) {
			size_t b;

			while (a < len && (s[a] == ' ' || s[a] == '\t'))
				a++;
			for (b = a; b < len && s[b] != ' ' && s[b] != '\t'; b++)
				;
			if (b - a == 6 && strncmp(s + a, "white1", 6) == 0)
				t->first_color = 'w';
			else if (b - a == 6 && strncmp(s + a, "black1", 6) == 0)
				t->first_color = 'b';
			else if (b > a && !(b - a == 4 && strncmp(s + a, "rank", 4) == 0))
				problem(t, (long)i + 1, (int)a + 1, 0, "unknown XXC option '%.*s'",
					(int)(b - a > 20 ? 20 : b - a), s + a);
			a = b;
		}
	}
}

static void read_points(struct reader *rd, int i)
{
	struct arb_tournament *t = rd->t;
	trecord *r = &t->recs[i];
	const char *s = r->text;
	size_t len = strlen(s);
	char why[160];
	tpoints p = t->points;
	int col;

	if (is_code(r, "162")) {
		if (first_of(t, "162") < i)
			return;
		col = parse_162(s, len, &p, &rd->pr, why, sizeof why);
	} else if (is_code(r, "XXS"))
		col = parse_xxs(s, len, &p, &rd->pr, why, sizeof why);
	else
		col = parse_bb(s, len, &p, &rd->pr, why, sizeof why);
	if (col) {
		error_line(rd, i, col, why);
		return;
	}
	t->points = p;
}

static void read_player(struct reader *rd, int i)
{
	struct arb_tournament *t = rd->t;
	trecord *r = &t->recs[i];
	size_t len = strlen(r->text);
	char why[160];
	tplayer p;
	int n = 0, col, at, k;

	col = parse_player(r->text, len, &p, rd->cells, ARB_TRF_ROUNDS_MAX, &n, why, sizeof why);
	if (col) {
		error_line(rd, i, col, why);
		return;
	}
	if (arb_tournament_player_index(t, p.id) >= 0) {
		snprintf(why, sizeof why, "pairing number %d again (line %d has it)", p.id,
			 t->players[arb_tournament_player_index(t, p.id)].line + 1);
		error_line(rd, i, 8, why);
		return;
	}
	if (arbI_tournament_reserve_rounds(t, n) < 0)
		return;
	p.line = i;
	at = arbI_tournament_insert(t, &p);
	if (at < 0)
		return;
	for (k = 0; k < n; k++)
		t->players[at].cells[k] = rd->cells[k];
	/* nrounds for now: the longest row of cells */
	if (n > t->nrounds)
		t->nrounds = n;
}

/* The byes of a 240 line, for an individual event: a bye of a round not
 * paired yet goes into its cell; one of a round played is checked. */
static void read_240(struct reader *rd, int i)
{
	struct arb_tournament *t = rd->t;
	trecord *r = &t->recs[i];
	char why[160], type = 0;
	int round = 0, n = 0, k, col;

	col = parse_240(r->text, strlen(r->text), &round, &type, rd->ids, ARB_TRF_ID_MAX, &n, why,
			sizeof why);
	if (col) {
		error_line(rd, i, col, why);
		return;
	}
	if (t->team)
		return; /* team ids: not the players' */
	for (k = 0; k < n; k++) {
		int p = arb_tournament_player_index(t, rd->ids[k]);

		if (p < 0) {
			problem(t, (long)i + 1, 0, 1, "240: no player %d", rd->ids[k]);
			r->broken = 1;
			return;
		}
	}
	if (arbI_tournament_reserve_rounds(t, round) < 0)
		return;
	if (round <= t->nrounds)
		r->ref = 0; /* of a round played: how many agree with their cells */
	for (k = 0; k < n; k++) {
		tcell *c = &t->players[arb_tournament_player_index(t, rd->ids[k])].cells[round - 1];

		if (round <= t->nrounds && c->opponent == 0 && c->result == type)
			r->ref++;
		if (round <= t->nrounds) {
			if (c->opponent != 0 || c->result != type)
				problem(t, (long)i + 1, 0, 0,
					"240: round %d is played and player %d's cell says %c, not "
					"%c",
					round, rd->ids[k], c->result, type);
		} else if (c->result != ' ' && c->result != type) {
			problem(t, (long)i + 1, 0, 0,
				"240: player %d has another bye (%c) in round %d", rd->ids[k],
				c->result, round);
		} else {
			*c = (tcell){0, '-', type};
		}
	}
}

/* A 260 line of an individual event into the model (its players must be
 * there); a team event's names teams: checked, not modelled. */
static void read_260(struct reader *rd, int i)
{
	struct arb_tournament *t = rd->t;
	trecord *r = &t->recs[i];
	char why[160];
	tprohibit g;
	int col = arbI_trf_parse_260(r->text, strlen(r->text), &g, why, sizeof why), k;

	if (col < 0) {
		t->nomem = 1;
		return;
	}
	if (col) {
		error_line(rd, i, col, why);
		return;
	}
	if (t->team) {
		free(g.ids);
		return;
	}
	for (k = 0; k < g.nids; k++)
		if (arb_tournament_player_index(t, g.ids[k]) < 0) {
			snprintf(why, sizeof why, "260: no player %d", g.ids[k]);
			error_line(rd, i, 13 + 5 * k, why);
			free(g.ids);
			return;
		}
	g.line = i;
	arbI_tournament_add_prohibit(t, &g);
}

/* After the players: the rounds paired, the next round's pre-filled byes,
 * and the checks across lines. */
static void settle_rounds(struct arb_tournament *t, unsigned flags)
{
	int i, r, last = t->nrounds, any_u = 0;

	/* Empty cells past a player's own row are ' ' (none) within the rounds
	 * played they are absences: reading left blank cells 'Z' already. */
	for (i = 0; i < t->nplayers; i++)
		for (r = 0; r < t->rounds_cap; r++) {
			tcell *c = &t->players[i].cells[r];

			if (r >= last)
				*c = (tcell){0, '-', ' '};
			else if (c->result == ' ' && c->opponent == 0)
				c->result = 'Z';
		}
	/* The last column is the next round's pre-assigned byes (JaVaFo's
	 * convention) when it holds nothing else. */
	if (last > 0) {
		int byes = 0, other = 0;

		for (i = 0; i < t->nplayers; i++) {
			tcell *c = &t->players[i].cells[last - 1];
			int shown = t->recs[t->players[i].line].text &&
				    strlen(t->recs[t->players[i].line].text) > CELL(last - 1) &&
				    !is_blank(t->recs[t->players[i].line].text, CELL(last - 1),
					      CELL(last - 1) + 10,
					      strlen(t->recs[t->players[i].line].text));

			if (!shown)
				continue;
			if (c->opponent == 0 && strchr("HFZ", c->result))
				byes++;
			else
				other++;
		}
		if (byes && !other) {
			int with = 0, without = 0;

			t->prefilled = 1;
			t->nrounds = last - 1;
			for (i = 0; i < t->nplayers; i++) {
				tcell *c = &t->players[i].cells[last - 1];
				int v, counted;

				if (c->result == ' ' || c->result == 'Z')
					continue;
				v = arbI_tcell_points(&t->points, c);
				counted = arbI_tournament_count_points(t, i);
				if (v && t->players[i].points == counted + v)
					with++;
				else if (v && t->players[i].points == counted)
					without++;
			}
			t->prefilled_points = with >= without;
			for (i = 0; i < t->nplayers; i++) {
				tcell *c = &t->players[i].cells[last - 1];

				if (c->result == 'Z' && c->opponent == 0) {
					/* an absence pre-filled stays; a blank one is nothing */
					const trecord *rec = &t->recs[t->players[i].line];
					size_t len = strlen(rec->text);

					if (len <= CELL(last - 1) ||
					    is_blank(rec->text, CELL(last - 1), CELL(last - 1) + 10,
						     len))
						*c = (tcell){0, '-', ' '};
				}
				if (t->prefilled_points)
					t->players[i].points -= arbI_tcell_points(&t->points, c);
			}
		}
	}
	for (r = 0; r < t->nrounds; r++)
		for (i = 0; i < t->nplayers; i++)
			if (t->players[i].cells[r].result == 'U')
				any_u = 1;
	/* The checks of the rounds played. */
	for (r = 0; r < t->nrounds; r++) {
		int u = 0, f = 0, fi = -1;

		for (i = 0; i < t->nplayers; i++) {
			tplayer *p = &t->players[i];
			tcell *c = &p->cells[r];
			long line = (long)p->line + 1;
			int j;

			if (c->result == 'U')
				u++;
			if (c->result == 'F' && c->opponent == 0) {
				f++;
				fi = i;
			}
			if (c->opponent == 0) {
				if (strchr("1=0WDL", c->result) && c->result != ' ')
					problem(t, line, (int)CELL(r) + 8, 0,
						"round %d: result '%c' without an opponent", r + 1,
						c->result);
				continue;
			}
			j = arb_tournament_player_index(t, c->opponent);
			if (j < 0) {
				problem(t, line, (int)CELL(r) + 1, 0, "round %d: no player %d",
					r + 1, c->opponent);
				continue;
			}
			if (t->players[j].cells[r].opponent != p->id)
				problem(t, line, (int)CELL(r) + 1, 0,
					"round %d: player %d's opponent is %d, not %d", r + 1,
					c->opponent, t->players[j].cells[r].opponent, p->id);
		}
		if (u > 1)
			problem(t, 0, 0, 0, "round %d: %d pairing-allocated byes (U at most once)",
				r + 1, u);
		/* The trap of writers that spell the pairing-allocated bye F: a file
		 * without any U whose round has exactly one F. */
		if (!any_u && f == 1) {
			tplayer *p = &t->players[fi];

			if (flags & ARB_TRF_F_AS_PAB) {
				p->cells[r].result = 'U';
				t->recs[p->line].dirty = 1;
			} else {
				problem(t, (long)p->line + 1, (int)CELL(r) + 8, 0,
					"round %d: player %d's F is perhaps the pairing-allocated "
					"bye (the file has no U; ARB_TRF_F_AS_PAB reads it so)",
					r + 1, p->id);
			}
		}
	}
}

/* Problems in line order (the checks across lines come after the lines'
 * own): a stable insertion sort, the list being nearly sorted. */
static void sort_problems(struct arb_tournament *t)
{
	int i, j;

	for (i = 1; i < t->nprobs; i++) {
		tproblem p = t->probs[i];

		for (j = i; j > 0 && t->probs[j - 1].line > p.line; j--)
			t->probs[j] = t->probs[j - 1];
		t->probs[j] = p;
	}
}

static char eol_code(const char *e)
{
	return !strcmp(e, "\r") ? 1 : !strcmp(e, "\n") ? 2 : 3;
}

/* Splits the text into records. */
static void split(struct arb_tournament *t, const char *text, size_t len)
{
	size_t a = 0;
	int first = 1;

	while (a < len && !t->nomem) {
		size_t b = a, k;
		char eol = 0, code[4] = "";
		int i;

		while (b < len && text[b] != '\r' && text[b] != '\n')
			b++;
		if (b < len && text[b] == '\r')
			eol = (b + 1 < len && text[b + 1] == '\n') ? 3 : 1;
		else if (b < len)
			eol = 2;
		for (k = 0; k < 3 && a + k < b; k++)
			code[k] = text[a + k];
		code[k] = '\0';
		if (first && eol) {
			strcpy(t->eol, eol == 1 ? "\r" : eol == 2 ? "\n" : "\r\n");
			first = 0;
		}
		i = arbI_tournament_add_record(t, code, text + a, b - a, eol);
		if (i < 0)
			return;
		if (memchr(text + a, '\0', b - a)) {
			size_t z =
				(size_t)((const char *)memchr(text + a, '\0', b - a) - (text + a));

			problem(t, (long)i + 1, (int)z + 1, 1, "NUL byte in the line");
			t->recs[i].broken = 1;
		} else if (b - a > ARB_TRF_LINE_MAX) {
			problem(t, (long)i + 1, ARB_TRF_LINE_MAX + 1, 1,
				"line longer than %d bytes", ARB_TRF_LINE_MAX);
			t->recs[i].broken = 1;
		}
		a = b + (eol == 3 ? 2 : eol ? 1 : 0);
	}
}

static int is_info_code(const char *c)
{
	static const char *const codes[] = {"012", "022", "032", "042", "052", "092", "102", "122",
					    "142", "152", "192", "202", "222", "XXR", "XXC"};
	size_t k;

	for (k = 0; k < sizeof codes / sizeof codes[0]; k++)
		if (!strcmp(c, codes[k]))
			return 1;
	return 0;
}

/* ------------------------------------------------------------------------
 * 250 and XXA: accelerations (C.04.5; read, not modelled: queried)
 * ---------------------------------------------------------------------- */

/* A 250 line "250 MMMM GGGG RRR RRR PPPP PPPP" (TRF-2026: match points, game
 * points, first and last round, first and last pairing number): the game
 * points in tenths and the ranges. Returns 0, or the column of an error
 * with why. Match points (team events) must be blank or 0. */
static int parse_250(const char *s, size_t len, int *points, int *r0, int *r1, int *p0, int *p1,
		     char *why, size_t whyn)
{
	static const struct {
		size_t a, b;
		const char *what;
	} f[] = {{14, 17, "first round"},
		 {18, 21, "last round"},
		 {22, 26, "first pairing number"},
		 {27, 31, "last pairing number"}};
	int *out[] = {r0, r1, p0, p1}, mp = 0;
	size_t bad = 0, k;

	if (len < 31) {
		snprintf(why, whyn, "a 250 record has 31 columns (MMMM GGGG RRR RRR PPPP PPPP)");
		return (int)len + 1;
	}
	if (points_at(s, len, 4, 8, &mp, &bad) < 0 || mp != 0) {
		snprintf(why, whyn,
			 "match points (columns 5-8) must be blank in an individual event");
		return (int)(mp ? 5 : bad + 1);
	}
	if (points_at(s, len, 9, 13, points, &bad) < 0) {
		snprintf(why, whyn, "bad game points in columns 10-13");
		return (int)bad + 1;
	}
	if (*points <= 0) {
		snprintf(why, whyn, "the game points added (columns 10-13) must be more than 0");
		return 10;
	}
	for (k = 0; k < sizeof f / sizeof f[0]; k++) {
		long v = number(s, len, f[k].a, f[k].b, &bad);

		if (v < 0 || v < 1 || is_blank(s, f[k].a, f[k].b, len)) {
			snprintf(why, whyn, "bad %s in columns %zu-%zu", f[k].what, f[k].a + 1,
				 f[k].b);
			return (int)(v < 0 ? bad : f[k].a) + 1;
		}
		*out[k] = (int)v;
	}
	if (!is_blank(s, 31, len, len)) {
		snprintf(why, whyn, "unexpected text after column 31");
		return 32;
	}
	if (*r0 > *r1 || *r1 > ARB_TRF_ROUNDS_MAX) {
		snprintf(why, whyn, "the rounds %d-%d are not a range of rounds", *r0, *r1);
		return 15;
	}
	if (*p0 > *p1) {
		snprintf(why, whyn, "the pairing numbers %d-%d are not a range", *p0, *p1);
		return 23;
	}
	return 0;
}

/* A TRF-16 XXA line "XXA NNNN  p.p  p.p ...": the pairing number and, for
 * round `round` (1-based), the points in tenths into *points (0 when the
 * line has no value for it). Returns 0, or the column of an error. */
static int parse_xxa(const char *s, size_t len, int round, int *id, int *points, char *why,
		     size_t whyn)
{
	size_t bad = 0, c;
	long v = number(s, len, 4, 8, &bad);
	int r;

	if (v < 1 || is_blank(s, 4, 8, len)) {
		snprintf(why, whyn, "bad pairing number in columns 5-8");
		return (int)(v < 0 ? bad : 4) + 1;
	}
	*id = (int)v;
	*points = 0;
	for (c = 9, r = 1; c < len; c += 5, r++) {
		int x = 0;

		if (points_at(s, len, c, c + 4 < len ? c + 4 : len, &x, &bad) < 0 || x < 0) {
			snprintf(why, whyn, "bad points in columns %zu-%zu", c + 1, c + 4);
			return (int)(x < 0 ? c : bad) + 1;
		}
		if (r == round)
			*points = x;
		if (c + 4 < len && s[c + 4] != ' ') {
			snprintf(why, whyn, "expected a space, found '%c'", s[c + 4]);
			return (int)c + 5;
		}
	}
	return 0;
}

int arb_tournament_acceleration(const arb_tournament *t, int id, int round)
{
	int i, acc = 0;
	char why[160];

	arbI_api_check(t && round >= 1 && round <= ARB_TRF_ROUNDS_MAX, -1);
	for (i = 0; i < t->nrecs; i++) {
		const trecord *r = &t->recs[i];
		int pts, r0, r1, p0, p1, who;

		if (r->broken)
			continue;
		if (is_code(r, "250") &&
		    !parse_250(r->text, r->len, &pts, &r0, &r1, &p0, &p1, why, sizeof why) &&
		    id >= p0 && id <= p1 && round >= r0 && round <= r1)
			acc = pts;
		else if (is_code(r, "XXA") &&
			 !parse_xxa(r->text, r->len, round, &who, &pts, why, sizeof why) &&
			 who == id)
			acc = pts;
	}
	return acc;
}

static void read_acceleration(struct reader *rd, int i)
{
	const trecord *r = &rd->t->recs[i];
	char why[160];
	int pts, r0, r1, p0, p1, col;

	col = is_code(r, "250") ?
		      parse_250(r->text, r->len, &pts, &r0, &r1, &p0, &p1, why, sizeof why) :
		      parse_xxa(r->text, r->len, 1, &p0, &pts, why, sizeof why);
	if (col)
		error_line(rd, i, col, why);
}

static int is_points_code(const char *c)
{
	return !strcmp(c, "162") || !strcmp(c, "XXS") ||
	       (c[0] == 'B' && c[1] == 'B' && c[2] && strchr("WDLZFU", c[2]));
}

arb_status arb_trf_read(const char *text, size_t len, const char *name, unsigned flags,
			arb_tournament **out, arb_error *err)
{
	struct arb_tournament *t;
	struct reader rd;
	int i;

	if (out)
		*out = NULL;
	arbI_api_check_err(out && (text || !len), err);
	t = arb_tournament_new();
	if (!t)
		return arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
	snprintf(t->file, sizeof t->file, "%s", name ? name : "(trf)");
	memset(&rd, 0, sizeof rd);
	rd.t = t;
	rd.cells = malloc(ARB_TRF_ROUNDS_MAX * sizeof *rd.cells);
	rd.ids = malloc(ARB_TRF_ID_MAX * sizeof *rd.ids);
	if (!rd.cells || !rd.ids)
		t->nomem = 1;
	if (!t->nomem)
		split(t, text ? text : "", len);
	for (i = 0; i < t->nrecs && !t->nomem; i++) {
		const char *c = t->recs[i].code;

		if (!strcmp(c, "013") || !strcmp(c, "310"))
			t->team = 1;
		if (!strcmp(c, "142") || !strcmp(c, "152") || !strcmp(c, "162"))
			rd.seen_2026 = 1;
		if ((c[0] == 'X' && c[1] == 'X') || (c[0] == 'B' && c[1] == 'B' && c[2]))
			rd.seen_16 = 1;
	}
	t->dialect = rd.seen_16 && !rd.seen_2026 ? ARB_TRF_16 : ARB_TRF_2026;
	for (i = 0; i < t->nrecs && !t->nomem; i++) {
		const char *c = t->recs[i].code;

		if (t->recs[i].broken)
			continue;
		if (!strcmp(c, "001"))
			read_player(&rd, i);
		else if (is_info_code(c))
			read_info(&rd, i);
		else if (is_points_code(c))
			read_points(&rd, i);
	}
	if (!rd.pr.pab_given)
		t->points.pab = t->points.win;
	if (!rd.pr.unknown_given)
		t->points.unknown = t->points.draw;
	if (!t->nomem)
		settle_rounds(t, flags);
	for (i = 0; i < t->nrecs && !t->nomem; i++)
		if (!strcmp(t->recs[i].code, "240") && !t->recs[i].broken)
			read_240(&rd, i);
	for (i = 0; i < t->nrecs && !t->nomem; i++)
		if ((!strcmp(t->recs[i].code, "250") || !strcmp(t->recs[i].code, "XXA")) &&
		    !t->recs[i].broken && !t->team)
			read_acceleration(&rd, i);
	for (i = 0; i < t->nrecs && !t->nomem; i++)
		if (!strcmp(t->recs[i].code, "260") && !t->recs[i].broken)
			read_260(&rd, i);
	if (!t->system[0])
		derive_system(t);
	/* A pairing number missing: a warning (ids need not be 1..n). */
	if (t->nplayers && t->players[t->nplayers - 1].id != t->nplayers)
		problem(t, 0, 0, 0, "pairing numbers are not 1 to %d (the last is %d)", t->nplayers,
			t->players[t->nplayers - 1].id);
	free(rd.cells);
	free(rd.ids);
	if (t->nomem) {
		arb_tournament_free(t);
		return arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
	}
	if (t->dropped) {
		/* the last kept problem says how many more there were */
		tproblem *p = &t->probs[t->nprobs - 1];

		snprintf(p->why, sizeof p->why, "... and %ld more problems", t->dropped + 1);
		p->line = 0;
		p->column = 0;
	}
	sort_problems(t);
	arb_tournament_get_info(t, &t->as_read);
	*out = t;
	if (t->nerrors) {
		for (i = 0; i < t->nprobs; i++)
			if (t->probs[i].error)
				break;
		if (i < t->nprobs)
			arb_tournament_problem(t, i, err);
		else /* the errors were past the list's cap */
			arbI_err_report(err, ARB_E_TRF, 0, "%s: %ld lines with errors", t->file,
					t->nerrors);
		return ARB_E_TRF;
	}
	if (err)
		memset(err, 0, sizeof *err);
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Writing
 * ---------------------------------------------------------------------- */

struct writer {
	const struct arb_tournament *t;
	int target;
	unsigned flags;
	arb_write_fn fn;
	void *ctx;
	int failed; /* the sink failed */
	char *buf;  /* a line being built */
	size_t len, cap;
	int nomem;
	int show_next, count_next; /* the next round's byes in the cells; counted */
	int *ids;                  /* scratch for 240 */
	char *said240;             /* per player: a 240 of the next round names him, and
				      the file is written in its own dialect (then the
				      record stays and his cell is not pre-filled) */
};

static void put(struct writer *w, const char *s, size_t n, char eol)
{
	const char *e;

	if (w->failed || w->nomem)
		return;
	if (n && w->fn(w->ctx, s, n) != 0) {
		w->failed = 1;
		return;
	}
	if (w->flags & ARB_TRF_EOL_AS_READ)
		e = eol == 0 ? "" : eol == 1 ? "\r" : eol == 2 ? "\n" : "\r\n";
	else
		e = "\r";
	if (*e && w->fn(w->ctx, e, strlen(e)) != 0)
		w->failed = 1;
}

/* The line end of a new record. */
static char new_eol(const struct writer *w)
{
	return eol_code(w->t->eol);
}

static void putf(struct writer *w, char eol, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A line from a format, ended by eol (as put). */
static void putf(struct writer *w, char eol, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	put(w, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1, eol);
}

static int reserve(struct writer *w, size_t n)
{
	char *b;
	size_t cap;

	if (n <= w->cap)
		return 0;
	cap = w->cap ? w->cap : 256;
	while (cap < n)
		cap *= 2;
	b = realloc(w->buf, cap);
	if (!b) {
		w->nomem = 1;
		return -1;
	}
	w->buf = b;
	w->cap = cap;
	return 0;
}

/* Writes text into the line being built at columns [a, a + n), padding the
 * line with spaces up to a. */
static void place(struct writer *w, size_t a, const char *text, size_t n)
{
	if (reserve(w, a + n + 1) < 0)
		return;
	while (w->len < a)
		w->buf[w->len++] = ' ';
	memcpy(w->buf + a, text, n);
	if (a + n > w->len)
		w->len = a + n;
}

/* A field right- or left-aligned in its columns [a, b). */
static void place_field(struct writer *w, size_t a, size_t b, const char *v, int right)
{
	char f[64];
	size_t n = b - a, k = strlen(v);

	if (k > n)
		k = n;
	memset(f, ' ', n);
	memcpy(right ? f + n - k : f, v, k);
	place(w, a, f, n);
}

/* The cell a player shows in round r (0-based) in the target dialect; 0
 * when none (a round not paired yet). */
static int want_cell(const struct writer *w, const tplayer *p, int r, tcell *c)
{
	const struct arb_tournament *t = w->t;

	if (r < t->nrounds) {
		*c = r < t->rounds_cap ? p->cells[r] : (tcell){0, '-', 'Z'};
		if (c->opponent == 0 && c->result == ' ')
			c->result = 'Z';
		return 1;
	}
	if (r == t->nrounds && w->show_next && r < t->rounds_cap && p->cells[r].result != ' ' &&
	    !(w->said240 && w->said240[p - t->players])) {
		*c = p->cells[r];
		return 1;
	}
	return 0;
}

static int same_cell(const tcell *a, const tcell *b)
{
	return a->opponent == b->opponent && a->color == b->color && a->result == b->result;
}

static void fmt_cell(char *f, const tcell *c)
{
	char o[8];

	snprintf(o, sizeof o, "%04d", c->opponent);
	if (c->opponent)
		snprintf(o, sizeof o, "%4d", c->opponent);
	snprintf(f, 9, "%.4s %c %c", o, c->color, c->result);
}

static int next_bye_points(const struct writer *w, const tplayer *p)
{
	const struct arb_tournament *t = w->t;

	if (!w->count_next || t->nrounds >= t->rounds_cap)
		return 0;
	if (w->said240 && w->said240[p - t->players])
		return 0;
	if (p->cells[t->nrounds].result == ' ')
		return 0;
	return arbI_tcell_points(&t->points, &p->cells[t->nrounds]);
}

/* Record 001 of player i: the original text with the fields that differ
 * from the model rewritten. */
static void write_player(struct writer *w, int i, const char *orig, char eol)
{
	const struct arb_tournament *t = w->t;
	const tplayer *p = &t->players[i];
	tplayer o;
	tcell *oc = NULL;
	int on = 0, r, rounds, tail = 0;
	char f[64];

	w->len = 0;
	memset(&o, 0, sizeof o);
	if (orig) {
		char why[160];
		size_t n = strlen(orig);

		oc = malloc(ARB_TRF_ROUNDS_MAX * sizeof *oc);
		if (!oc) {
			w->nomem = 1;
			return;
		}
		if (parse_player(orig, n, &o, oc, ARB_TRF_ROUNDS_MAX, &on, why, sizeof why)) {
			/* cannot happen: it was read */
			on = 0;
		}
		place(w, 0, orig, n);
	} else {
		place(w, 0, "001", 3);
		o.id = -1;
		o.sex = 0;
		o.rating = -1;
		o.points = -99999;
		o.rank = -1;
		strcpy(o.name, "\001");
		strcpy(o.title, "\001");
		strcpy(o.federation, "\001");
		strcpy(o.fide_id, "\001");
		strcpy(o.birth, "\001");
	}
	if (o.id != p->id) {
		snprintf(f, sizeof f, "%d", p->id);
		place_field(w, 4, 8, f, 1);
	}
	if (o.sex != p->sex)
		place(w, 9, &p->sex, 1);
	if (strcmp(o.title, p->title))
		place_field(w, 10, 13, p->title, 1);
	if (strcmp(o.name, p->name))
		place_field(w, 14, 47, p->name, 0);
	if (o.rating != p->rating) {
		snprintf(f, sizeof f, "%d", p->rating);
		place_field(w, 48, 52, p->rating ? f : "", 1);
	}
	if (strcmp(o.federation, p->federation))
		place_field(w, 53, 56, p->federation, 0);
	if (strcmp(o.fide_id, p->fide_id))
		place_field(w, 57, 68, p->fide_id, 1);
	if (strcmp(o.birth, p->birth))
		place_field(w, 69, 79, p->birth, 0);
	{
		int want = p->points + next_bye_points(w, p);

		if (o.points != want) {
			arbI_fmt_points(f, sizeof f, want);
			place_field(w, 80, 84, f, 1);
		}
	}
	if (o.rank != p->rank) {
		snprintf(f, sizeof f, "%d", p->rank);
		place_field(w, 85, 89, p->rank ? f : "", 1);
	}
	rounds = t->nrounds + 1 > on ? t->nrounds + 1 : on;
	for (r = 0; r < rounds; r++) {
		tcell want = {0, '-', 'Z'}, have = want;
		int w_has = want_cell(w, p, r, &want), h_has = r < on;

		if (h_has)
			have = oc[r];
		/* within the rounds played, a missing cell is an absence (Z); a
		 * new player's are written */
		if (!h_has && r < t->nrounds && orig)
			h_has = 1;
		if (w_has == h_has && (!w_has || same_cell(&want, &have)))
			continue;
		if (w_has) {
			fmt_cell(f, &want);
			if (w->len < CELL(r))
				place(w, CELL(r) - 2, "  ", 2);
			place(w, CELL(r), f, 8);
		} else {
			place(w, CELL(r), "          ", 10);
			tail = 1;
		}
	}
	if (tail)
		while (w->len > 0 && w->buf[w->len - 1] == ' ')
			w->len--;
	free(oc);
	if (!w->nomem)
		put(w, w->buf, w->len, eol);
}

/* ---- the event's records ---- */

/* The model's value of an event record, as its text after "CODE " (the
 * target's spelling); 0 when the model has nothing to say. */
static int info_text(const struct writer *w, const char *code, char *v, size_t n)
{
	const struct arb_tournament *t = w->t;

	v[0] = '\0';
	if (!strcmp(code, "012"))
		snprintf(v, n, "%s", t->name);
	else if (!strcmp(code, "022"))
		snprintf(v, n, "%s", t->city);
	else if (!strcmp(code, "032"))
		snprintf(v, n, "%s", t->federation);
	else if (!strcmp(code, "042"))
		snprintf(v, n, "%s", t->start);
	else if (!strcmp(code, "052"))
		snprintf(v, n, "%s", t->end);
	else if (!strcmp(code, "092"))
		snprintf(v, n, "%s", t->type);
	else if (!strcmp(code, "102"))
		snprintf(v, n, "%s", t->chief_arbiter);
	else if (!strcmp(code, "122"))
		snprintf(v, n, "%s", t->time_control);
	else if (!strcmp(code, "192"))
		snprintf(v, n, "%s", t->system_derived ? "" : t->system);
	else if (!strcmp(code, "202"))
		snprintf(v, n, "%s", t->tiebreaks);
	else if (!strcmp(code, "222"))
		snprintf(v, n, "%s", t->tc_code);
	else if (!strcmp(code, "142") || !strcmp(code, "XXR")) {
		if (t->rounds)
			snprintf(v, n, "%d", t->rounds);
	} else if (!strcmp(code, "152")) {
		if (t->first_color != ' ')
			snprintf(v, n, "%c", toupper((unsigned char)t->first_color));
	} else if (!strcmp(code, "XXC")) {
		if (t->first_color != ' ')
			snprintf(v, n, "%s", t->first_color == 'w' ? "white1" : "black1");
	}
	return v[0] != '\0';
}

/* What the record i read says, in the same terms as info_text. */
static void info_read(const struct writer *w, int i, char *v, size_t n)
{
	struct arb_tournament tmp;
	struct writer w2 = *w;
	struct reader rd;
	const trecord *r = &w->t->recs[i];

	memset(&tmp, 0, sizeof tmp);
	tmp.first_color = ' ';
	tmp.recs = (trecord *)r;
	tmp.nrecs = 1;
	memset(&rd, 0, sizeof rd);
	rd.t = &tmp;
	/* read_info reads only this record (index 0 of tmp) */
	read_info(&rd, 0);
	free(tmp.probs);
	w2.t = &tmp;
	info_text(&w2, r->code, v, n);
}

static void points_text(const tpoints *p, int dialect, char *v, size_t n)
{
	char a[16], b[16], c[16], d[16];

	arbI_fmt_points(a, sizeof a, p->win);
	arbI_fmt_points(b, sizeof b, p->draw);
	arbI_fmt_points(c, sizeof c, p->loss);
	if (dialect == ARB_TRF_2026) {
		size_t k;

		snprintf(v, n, "162  W%4s    D%4s    L%4s", a, b, c);
		if (p->zero_bye || p->forfeit_loss) {
			arbI_fmt_points(d, sizeof d, p->zero_bye);
			k = strlen(v);
			snprintf(v + k, n - k, "    A%4s", d);
		}
		if (p->pab != p->win) {
			arbI_fmt_points(d, sizeof d, p->pab);
			k = strlen(v);
			snprintf(v + k, n - k, "    P%4s", d);
		}
		if (p->unknown != p->draw) {
			arbI_fmt_points(d, sizeof d, p->unknown);
			k = strlen(v);
			snprintf(v + k, n - k, "    X%4s", d);
		}
	} else {
		size_t k;

		snprintf(v, n, "XXS W=%s D=%s WL=%s BL=%s", a, b, c, c);
		if (p->zero_bye || p->forfeit_loss) {
			arbI_fmt_points(a, sizeof a, p->zero_bye);
			arbI_fmt_points(b, sizeof b, p->forfeit_loss);
			k = strlen(v);
			snprintf(v + k, n - k, " ZPB=%s FL=%s", a, b);
		}
		if (p->pab != p->win) {
			arbI_fmt_points(a, sizeof a, p->pab);
			k = strlen(v);
			snprintf(v + k, n - k, " PAB=%s", a);
		}
	}
}

static int default_points(const tpoints *p)
{
	tpoints d;

	arbI_tpoints_default(&d);
	return !memcmp(&d, p, sizeof d);
}

/* The points the point records read say (as the reader combines them). */
static void points_read(const struct arb_tournament *t, tpoints *out)
{
	struct arb_tournament tmp;
	struct reader rd;
	int i;

	memset(&tmp, 0, sizeof tmp);
	arbI_tpoints_default(&tmp.points);
	tmp.recs = t->recs;
	tmp.nrecs = t->nrecs;
	memset(&rd, 0, sizeof rd);
	rd.t = &tmp;
	for (i = 0; i < t->nrecs; i++)
		if (!t->recs[i].broken && is_points_code(t->recs[i].code)) {
			int broken = tmp.recs[i].broken;

			read_points(&rd, i);
			tmp.recs[i].broken = broken; /* read-only: it parsed before */
		}
	if (!rd.pr.pab_given)
		tmp.points.pab = tmp.points.win;
	if (!rd.pr.unknown_given)
		tmp.points.unknown = tmp.points.draw;
	free(tmp.probs);
	*out = tmp.points;
}

/* ---- 240 ---- */

struct byeset {
	int round;
	char type;
	int id;
};

static int cmp_bye(const void *a, const void *b)
{
	const struct byeset *x = a, *y = b;

	if (x->round != y->round)
		return x->round - y->round;
	if (x->type != y->type)
		return x->type - y->type;
	return x->id - y->id;
}

/* The byes of later rounds the target writes as 240 (sorted), into *out
 * (malloc'ed); their count, or -1 when out of memory. */
static int model_byes(const struct writer *w, struct byeset **out)
{
	const struct arb_tournament *t = w->t;
	int i, r, n = 0, cap = 0;
	struct byeset *b = NULL;

	for (r = t->nrounds + (w->show_next ? 1 : 0); r < t->rounds_cap; r++)
		for (i = 0; i < t->nplayers; i++) {
			const tcell *c = &t->players[i].cells[r];

			if (!strchr("HFZ", c->result) || c->result == ' ' || c->opponent)
				continue;
			if (n == cap) {
				struct byeset *q;

				cap = cap ? 2 * cap : 32;
				q = realloc(b, (size_t)cap * sizeof *q);
				if (!q) {
					free(b);
					return -1;
				}
				b = q;
			}
			b[n++] = (struct byeset){r + 1, c->result, t->players[i].id};
		}
	if (n)
		qsort(b, (size_t)n, sizeof *b, cmp_bye);
	*out = b;
	return n;
}

/* The byes of later rounds the 240 records say; -1 when out of memory. */
static int file_byes(const struct writer *w, struct byeset **out, int *first)
{
	const struct arb_tournament *t = w->t;
	int i, k, n = 0, cap = 0;
	struct byeset *b = NULL;

	*first = -1;
	for (i = 0; i < t->nrecs; i++) {
		const trecord *rec = &t->recs[i];
		char why[160], type;
		int round, nids;

		if (rec->broken || !is_code(rec, "240"))
			continue;
		if (parse_240(rec->text, strlen(rec->text), &round, &type, w->ids, ARB_TRF_ID_MAX,
			      &nids, why, sizeof why))
			continue;
		if (round <= t->nrounds + (w->show_next ? 1 : 0))
			continue;
		if (*first < 0)
			*first = i;
		for (k = 0; k < nids; k++) {
			if (n == cap) {
				struct byeset *q;

				cap = cap ? 2 * cap : 32;
				q = realloc(b, (size_t)cap * sizeof *q);
				if (!q) {
					free(b);
					return -1;
				}
				b = q;
			}
			b[n++] = (struct byeset){round, type, w->ids[k]};
		}
	}
	if (n) {
		int k2 = 1;

		qsort(b, (size_t)n, sizeof *b, cmp_bye);
		/* a bye said twice is one bye */
		for (k = 1; k < n; k++)
			if (cmp_bye(&b[k], &b[k2 - 1]))
				b[k2++] = b[k];
		n = k2;
	}
	*out = b;
	return n;
}

/* 240 records for the byes b[0..n), one line per round and type (at most
 * 20 ids a line). */
static void write_byes(struct writer *w, const struct byeset *b, int n)
{
	int k = 0;

	while (k < n) {
		char line[160];
		size_t len;
		int j = 0;

		len = (size_t)snprintf(line, sizeof line, "240 %c %03d", b[k].type, b[k].round);
		while (k < n && j < 20 &&
		       (j == 0 || (b[k].round == b[k - 1].round && b[k].type == b[k - 1].type))) {
			len += (size_t)snprintf(line + len, sizeof line - len, " %4d", b[k].id);
			k++;
			j++;
		}
		put(w, line, len, new_eol(w));
	}
}

/* A 240 of a round played: as read while its ids have that bye in their
 * cells (or as many as had when read: r->ref); else rewritten with those
 * that have (gone when none has). */
static void write_played_240(struct writer *w, const trecord *r, int round, char type, int nids)
{
	const struct arb_tournament *t = w->t;
	struct byeset b[20];
	int k, keep = 0, nb = 0;

	for (k = 0; k < nids; k++) {
		int i = arb_tournament_player_index(t, w->ids[k]);
		const tcell *c = i >= 0 ? &t->players[i].cells[round - 1] : NULL;

		if (c && c->opponent == 0 && c->result == type)
			keep++;
	}
	/* as read: all agree, or as many as did when read (a file's own
	 * disagreement is kept; the reader warned about it) */
	if (keep == nids || keep == r->ref) {
		put(w, r->text, r->len, r->eol);
		return;
	}
	for (k = 0; k < nids; k++) {
		int i = arb_tournament_player_index(t, w->ids[k]);
		const tcell *c = i >= 0 ? &t->players[i].cells[round - 1] : NULL;

		if (!c || c->opponent != 0 || c->result != type)
			continue;
		b[nb++] = (struct byeset){round, type, w->ids[k]};
		if (nb == 20) {
			write_byes(w, b, nb);
			nb = 0;
		}
	}
	if (nb)
		write_byes(w, b, nb);
}

/* Which records the target writes, by kind. */
enum { K_OTHER, K_PLAYER, K_INFO, K_POINTS, K_240 };

static int kind(const struct arb_tournament *t, const trecord *r)
{
	if (r->broken)
		return K_OTHER;
	if (is_code(r, "001") && r->ref >= 0)
		return K_PLAYER;
	if (is_info_code(r->code))
		return K_INFO;
	if (is_points_code(r->code))
		return K_POINTS;
	if (is_code(r, "240") && !t->team)
		return K_240;
	return K_OTHER;
}

/* Records of the section after the event's (where new event records go
 * before). */
static int after_header(const trecord *r)
{
	static const char *const codes[] = {"001", "013", "310", "240", "250", "260",
					    "299", "300", "320", "330", "801", "802"};
	size_t k;

	for (k = 0; k < sizeof codes / sizeof codes[0]; k++)
		if (is_code(r, codes[k]))
			return 1;
	return 0;
}

static const char *const info_order[] = {"012", "022", "032", "042", "052", "092", "102",
					 "122", "142", "152", "192", "202", "222"};

/* The code an event record is written with in the target: 142 <-> XXR and
 * 152 <-> XXC convert when the file does not have the other one. */
static const char *target_code(const struct writer *w, const trecord *r, int *skip)
{
	const struct arb_tournament *t = w->t;

	*skip = 0;
	if (w->target == t->dialect)
		return r->code; /* the dialect read: no record changes its code */
	if (w->target == ARB_TRF_2026) {
		if (is_code(r, "XXR"))
			return first_of(t, "142") >= 0 ? "XXR*" : "142";
		if (is_code(r, "XXC")) {
			/* only a colour: it becomes 152; with other options it stays */
			const char *s = r->text + 3;

			while (*s == ' ')
				s++;
			if ((!strncmp(s, "white1", 6) || !strncmp(s, "black1", 6)) &&
			    !strchr(s + 6, 'r') && first_of(t, "152") < 0)
				return "152";
			return "XXC*";
		}
	} else {
		if (is_code(r, "142"))
			return first_of(t, "XXR") >= 0 ? "142*" : "XXR";
		if (is_code(r, "152"))
			return first_of(t, "XXC") >= 0 ? "152*" : "XXC";
	}
	return r->code;
}

/* 1 when the model's field of an event record differs from the file's
 * (several records may say one field: 142 and XXR). */
static int field_changed(const struct arb_tournament *t, const char *code)
{
	const arb_tournament_info *a = &t->as_read;

	if (!strcmp(code, "012"))
		return strcmp(a->name, t->name) != 0;
	if (!strcmp(code, "022"))
		return strcmp(a->city, t->city) != 0;
	if (!strcmp(code, "032"))
		return strcmp(a->federation, t->federation) != 0;
	if (!strcmp(code, "042"))
		return strcmp(a->start, t->start) != 0;
	if (!strcmp(code, "052"))
		return strcmp(a->end, t->end) != 0;
	if (!strcmp(code, "092"))
		return strcmp(a->type, t->type) != 0;
	if (!strcmp(code, "102"))
		return strcmp(a->chief_arbiter, t->chief_arbiter) != 0;
	if (!strcmp(code, "122"))
		return strcmp(a->time_control, t->time_control) != 0;
	if (!strcmp(code, "192"))
		return strcmp(a->system, t->system) != 0;
	if (!strcmp(code, "202"))
		return strcmp(a->tiebreaks, t->tiebreaks) != 0;
	if (!strcmp(code, "222"))
		return strcmp(a->tc_code, t->tc_code) != 0;
	if (!strcmp(code, "142") || !strcmp(code, "XXR"))
		return a->rounds != t->rounds;
	if (!strcmp(code, "152") || !strcmp(code, "XXC"))
		return a->first_color != t->first_color;
	return 1;
}

static void write_info(struct writer *w, int i)
{
	const trecord *r = &w->t->recs[i];
	char want[300], have[300];
	int skip, k;
	const char *code = target_code(w, r, &skip);

	/* Only the first record of a code is the model's. */
	for (k = 0; k < i; k++)
		if (is_code(&w->t->recs[k], r->code) && !w->t->recs[k].broken) {
			put(w, r->text, r->len, r->eol);
			return;
		}
	if (code[3] == '*') { /* kept as it is */
		put(w, r->text, r->len, r->eol);
		return;
	}
	info_text(w, code, want, sizeof want);
	info_read(w, i, have, sizeof have);
	if (!strcmp(code, r->code) && (!strcmp(want, have) || !field_changed(w->t, code))) {
		put(w, r->text, r->len, r->eol);
		return;
	}
	if (!strcmp(code, "192") && w->t->system_derived) {
		put(w, r->text, r->len, r->eol);
		return;
	}
	if (!want[0] && (!strcmp(code, "142") || !strcmp(code, "XXR") || !strcmp(code, "152") ||
			 !strcmp(code, "XXC")))
		return; /* the model has nothing: the record goes */
	putf(w, r->eol, "%s%s%s", code, want[0] ? " " : "", want);
}

/* 1 when the file has a record the target reads for this event field. */
static int has_record(const struct writer *w, const char *code)
{
	const struct arb_tournament *t = w->t;

	if (!strcmp(code, "142"))
		return first_of(t, "142") >= 0 || first_of(t, "XXR") >= 0;
	if (!strcmp(code, "152"))
		return first_of(t, "152") >= 0 || first_of(t, "XXC") >= 0;
	return first_of(t, code) >= 0;
}

static void write_new_info(struct writer *w)
{
	size_t k;
	char v[300];
	const struct arb_tournament *t = w->t;
	int i, any_points = 0;

	for (k = 0; k < sizeof info_order / sizeof info_order[0]; k++) {
		const char *code = info_order[k];

		if (has_record(w, code))
			continue;
		if (w->target == ARB_TRF_16 && !strcmp(code, "142"))
			code = "XXR";
		if (w->target == ARB_TRF_16 && !strcmp(code, "152"))
			code = "XXC";
		if (info_text(w, code, v, sizeof v))
			putf(w, new_eol(w), "%s %s", code, v);
	}
	for (i = 0; i < t->nrecs; i++)
		if (!t->recs[i].broken && is_points_code(t->recs[i].code))
			any_points = 1;
	if (!any_points && !default_points(&t->points)) {
		points_text(&t->points, w->target, v, sizeof v);
		putf(w, new_eol(w), "%s", v);
	}
}

/* Point records: unchanged ones as read (converted 162 <-> XXS when the
 * file has no record of the target's kind); when the model changed, the
 * first record of the target's kind says it all, the other 162/XXS go, BB?
 * lines are rewritten with the model's values. */
static void write_points(struct writer *w, int i, const tpoints *read, int *said)
{
	const struct arb_tournament *t = w->t;
	const trecord *r = &t->recs[i];
	int changed = memcmp(read, &t->points, sizeof *read) != 0;
	const char *mine = w->target == ARB_TRF_2026 ? "162" : "XXS";
	int has_mine = first_of(t, mine) >= 0;
	char v[300];

	if (r->code[0] == 'B') {
		if (!changed) {
			put(w, r->text, r->len, r->eol);
			return;
		}
		{
			int x = r->code[2] == 'W' ? t->points.win :
				r->code[2] == 'D' ? t->points.draw :
				r->code[2] == 'L' ? t->points.loss :
				r->code[2] == 'Z' ? t->points.zero_bye :
				r->code[2] == 'F' ? t->points.forfeit_loss :
						    t->points.pab;
			char p[16];

			arbI_fmt_points(p, sizeof p, x);
			putf(w, r->eol, "%.3s %s", r->code, p);
		}
		return;
	}
	if (!changed && (is_code(r, mine) || has_mine || w->target == t->dialect)) {
		put(w, r->text, r->len, r->eol);
		return;
	}
	/* the model's system, once, in the target's spelling */
	if (*said)
		return;
	*said = 1;
	points_text(&t->points, w->target, v, sizeof v);
	putf(w, r->eol, "%s", v);
}

arb_status arb_trf_write(const arb_tournament *t, unsigned flags, arb_write_fn fn, void *ctx)
{
	struct writer w;
	struct byeset *mb = NULL, *fb = NULL;
	int nm, nf, first240, byes_same, byes_done = 0, i, said = 0;
	int hdr = -1, lastp = -1, header_done = 0, players_done = 0;
	tpoints read;

	arbI_api_check(t && fn, ARB_E_ARGUMENT);
	if ((flags & ARB_TRF_WRITE_16) && (flags & ARB_TRF_WRITE_2026)) /* as for FEN flags */
		return ARB_E_ARGUMENT;
	memset(&w, 0, sizeof w);
	w.t = t;
	w.flags = flags;
	w.fn = fn;
	w.ctx = ctx;
	w.target = (flags & ARB_TRF_WRITE_16)   ? ARB_TRF_16 :
		   (flags & ARB_TRF_WRITE_2026) ? ARB_TRF_2026 :
						  t->dialect;
	w.show_next = w.target == ARB_TRF_16 || (w.target == t->dialect && t->prefilled);
	w.count_next = w.show_next && (w.target != t->dialect || t->prefilled_points);
	w.ids = malloc(ARB_TRF_ID_MAX * sizeof *w.ids);
	if (!w.ids)
		return ARB_E_NOMEM;
	if (w.show_next && w.target == t->dialect && !t->team && t->nplayers &&
	    !(w.said240 = calloc((size_t)t->nplayers, 1))) {
		free(w.ids);
		return ARB_E_NOMEM;
	}
	for (i = 0; w.said240 && i < t->nrecs; i++) {
		const trecord *r = &t->recs[i];
		char why[160], type;
		int round, nids, k;

		if (r->broken || !is_code(r, "240") ||
		    parse_240(r->text, r->len, &round, &type, w.ids, ARB_TRF_ID_MAX, &nids, why,
			      sizeof why) ||
		    round != t->nrounds + 1)
			continue;
		for (k = 0; k < nids; k++)
			if (arb_tournament_player_index(t, w.ids[k]) >= 0)
				w.said240[arb_tournament_player_index(t, w.ids[k])] = 1;
	}
	nm = model_byes(&w, &mb);
	nf = nm < 0 ? -1 : file_byes(&w, &fb, &first240);
	if (nm < 0 || nf < 0) {
		free(mb);
		free(fb);
		free(w.ids);
		free(w.said240);
		return ARB_E_NOMEM;
	}
	byes_same = nm == nf;
	for (i = 0; byes_same && i < nm; i++)
		byes_same = !cmp_bye(&mb[i], &fb[i]);
	points_read(t, &read);
	for (i = 0; i < t->nrecs; i++) {
		if (hdr < 0 && after_header(&t->recs[i]))
			hdr = i;
		if (kind(t, &t->recs[i]) == K_PLAYER)
			lastp = i;
	}
	for (i = 0; i < t->nrecs && !w.failed && !w.nomem; i++) {
		const trecord *r = &t->recs[i];
		char why[160], type;
		int round, nids;

		if (i == hdr && !header_done) {
			write_new_info(&w);
			header_done = 1;
		}
		switch (kind(t, r)) {
		case K_PLAYER:
			write_player(&w, r->ref, r->text, r->eol);
			break;
		case K_INFO:
			write_info(&w, i);
			break;
		case K_POINTS:
			write_points(&w, i, &read, &said);
			break;
		case K_240:
			if (!parse_240(r->text, strlen(r->text), &round, &type, w.ids,
				       ARB_TRF_ID_MAX, &nids, why, sizeof why) &&
			    round == t->nrounds + 1 && w.show_next && !w.said240)
				break; /* in the cells */
			if (round == t->nrounds + 1 && w.said240) {
				put(&w, r->text, r->len, r->eol);
				break;
			}
			if (round <= t->nrounds) {
				write_played_240(&w, r, round, type, nids);
				break;
			}
			if (byes_same || round <= t->nrounds + (w.show_next ? 1 : 0)) {
				put(&w, r->text, r->len, r->eol);
				break;
			}
			if (i == first240) {
				write_byes(&w, mb, nm);
				byes_done = 1;
			}
			break;
		default:
			put(&w, r->text, r->len, r->eol);
		}
		if (i == lastp && !players_done) {
			int k;

			for (k = 0; k < t->nplayers; k++)
				if (t->players[k].line < 0)
					write_player(&w, k, NULL, new_eol(&w));
			players_done = 1;
			if (!byes_same && first240 < 0) {
				write_byes(&w, mb, nm);
				byes_done = 1;
			}
		}
	}
	if (!header_done)
		write_new_info(&w);
	if (!players_done) {
		int k;

		for (k = 0; k < t->nplayers; k++)
			if (t->players[k].line < 0)
				write_player(&w, k, NULL, new_eol(&w));
	}
	if (!byes_same && !byes_done)
		write_byes(&w, mb, nm);
	free(mb);
	free(fb);
	free(w.ids);
	free(w.said240);
	free(w.buf);
	if (w.nomem)
		return ARB_E_NOMEM;
	return w.failed ? ARB_E_IO : ARB_OK;
}
