/*
 * regulation.c -- the parameters of a regulation (arb_regulation), the one
 * table that names them, and the built-in editions.
 *
 * Every field of arb_regulation is a row of `fields`: its dotted name, its
 * type, where it lives in the struct, the words of an enumeration, its
 * range and one line of documentation. Setting, reading, checking, the
 * regulation scripts (lua/regulation.c) and the schema of
 * regulations/README.md all walk that table, so adding a parameter is one
 * struct member and one row. The built-in editions below and the scripts in
 * regulations/ say the same values (tests/unit/test_regulation.c compares
 * them field by field); each value cites its article, and where the number
 * of an article was not checked against the text, the comment says so.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbint.h"
#include "tournament.h"

/* ------------------------------------------------------------------------
 * The field table
 * ---------------------------------------------------------------------- */

static const char *const w_own[] = {"dummy", "virtual", "zero", NULL};
static const char *const w_opponent[] = {"trailing-draw", "all-draw", NULL};
static const char *const w_rr_buchholz[] = {"allow", "drop", "refuse", NULL};

typedef struct field {
	const char *name;
	arb_regulation_type type;
	size_t offset;
	size_t size; /* strings: the buffer size */
	const char *const *words;
	const char *doc;
	int min, max;
} field;

#define OFF(m) offsetof(arb_regulation, m)
#define SZ(m) sizeof(((arb_regulation *)0)->m)
#define E(n, m, w, d)                                  \
	{                                              \
		n, ARB_REG_ENUM, OFF(m), 0, w, d, 0, 0 \
	}
#define B(n, m, d)                                        \
	{                                                 \
		n, ARB_REG_BOOL, OFF(m), 0, NULL, d, 0, 1 \
	}
#define I(n, m, lo, hi, d)                                 \
	{                                                  \
		n, ARB_REG_INT, OFF(m), 0, NULL, d, lo, hi \
	}
#define S(n, m, d)                                              \
	{                                                       \
		n, ARB_REG_STRING, OFF(m), SZ(m), NULL, d, 0, 0 \
	}
/* -99.9 to 999.9 points: what TRF's columns hold (h/trf's limits) */
#define P(n, m, d)                                                \
	{                                                         \
		n, ARB_REG_POINTS, OFF(m), 0, NULL, d, -999, 9999 \
	}

static const field fields[] = {
	S("name", name, "the regulation's name (the loader sets it to the spec)"),
	S("description", description, "one line for listings"),
	I("edition", edition, 0, 9999,
	  "the C.07 edition a tie-break's /V modifier compares with (2022, 2024, 2026); 0 none"),
	E("unplayed.own", own, w_own,
	  "one's own unplayed rounds in Buchholz-type tie-breaks: a dummy with one's own score "
	  "(C.07 16.4), a virtual opponent (C.02 2009 13.15.2), an opponent with 0 (US 34E1)"),
	E("unplayed.opponent", opponent, w_opponent,
	  "an opponent's unplayed rounds in his score as others see it: actual points except "
	  "trailing voluntarily unplayed rounds as draws (C.07 16.3), or every one a draw"),
	B("unplayed.dummy_cap", dummy_cap, "the dummy's score is capped (C.07 2026 16.4.1-16.4.2)"),
	B("cuts.unplayed_first", cut_unplayed,
	  "cuts remove a voluntarily unplayed round first (C.07 14.1)"),
	B("cuts.aro_unplayed_first", aro_cut_unplayed,
	  "ARO's cuts take the unplayed rounds first (C.07 2022 10.2)"),
	B("rating.rated_only", rated_only,
	  "rating-based tie-breaks are undefined when unrated players take part (C.07 10)"),
	S("order.swiss", swiss_order,
	  "the tie-break order of a Swiss when the file has no record 202 (record 202's syntax)"),
	S("order.round_robin", rr_order, "the same for a round robin"),
	P("points.win", points_win, "a game won (1, and W)"),
	P("points.draw", points_draw, "a game drawn (=, and D)"),
	P("points.loss", points_loss, "a game lost (0, and L)"),
	P("points.forfeit_win", points_forfeit_win, "a win by forfeit (+)"),
	P("points.forfeit_loss", points_forfeit_loss, "a loss by forfeit (-)"),
	P("points.pab", points_pab, "the pairing-allocated bye (U)"),
	P("points.full_bye", points_full_bye, "a full-point bye (F)"),
	P("points.half_bye", points_half_bye, "a half-point bye (H)"),
	P("points.zero_bye", points_zero_bye, "a zero-point bye or an absence (Z)"),
	I("byes.max_pab", max_pab, -1, 999,
	  "pairing-allocated byes one player may get; -1 no limit"),
	I("byes.max_half", max_half_byes, -1, 999,
	  "half-point byes one player may take; -1 no limit"),
	I("byes.max_full", max_full_byes, -1, 999,
	  "full-point byes one player may take; -1 no limit"),
	E("round_robin.buchholz", rr_buchholz, w_rr_buchholz,
	  "BH, FB, AOB, MM and SOLK in a round robin: computed, dropped from the list, or refused"),
	B("round_robin.exclude_under_half", rr_exclude_under_half,
	  "a player who left a round robin with under half of his games played is out of the "
	  "standings, and his games out of everyone's scores"),
	B("lots.draw", lots,
	  "players still tied after every tie-break are ordered by lot (else they share a place)"),
	I("lots.seed", lots_seed, 0, INT_MAX, "the seed of the drawing of lots"),
};

#define NFIELDS ((int)(sizeof(fields) / sizeof(fields[0])))

int arb_regulation_field_at(int i, arb_regulation_field *out)
{
	if (i < 0 || i >= NFIELDS)
		return 0;
	if (out) {
		out->name = fields[i].name;
		out->type = fields[i].type;
		out->words = fields[i].words;
		out->doc = fields[i].doc;
		out->min = fields[i].min;
		out->max = fields[i].max;
	}
	return 1;
}

/* ------------------------------------------------------------------------
 * Defaults and the built-in editions
 * ---------------------------------------------------------------------- */

void arb_regulation_defaults(arb_regulation *r)
{
	arbI_api_check_void(r);
	memset(r, 0, sizeof *r);
	strcpy(r->name, "regulation");
	r->own = ARB_UNPLAYED_DUMMY;
	r->opponent = ARB_OPPONENT_TRAILING_DRAW;
	r->points_win = r->points_forfeit_win = r->points_pab = r->points_full_bye = 10;
	r->points_draw = r->points_half_bye = 5;
	r->max_pab = r->max_half_byes = r->max_full_byes = -1;
	r->rr_buchholz = ARB_RR_BUCHHOLZ_ALLOW;
}

/* The C.07 editions (2022, 2024, 2026): regulations/fide2024.lua and its
 * neighbours say the same with the same articles. */
static void reg_c07(arb_regulation *r, const char *name, int edition)
{
	arb_regulation_defaults(r);
	snprintf(r->name, sizeof r->name, "%s", name);
	snprintf(r->description, sizeof r->description, "FIDE C.07 Tie-Break Regulations (%s)",
		 edition == 2022 ? "approved 2022, applied from July 2023" :
		 edition == 2024 ? "applied from April 2024, revised August 2024" :
				   "March 2026");
	r->edition = edition;
	r->own = ARB_UNPLAYED_DUMMY;              /* C.07 16.4 */
	r->opponent = ARB_OPPONENT_TRAILING_DRAW; /* C.07 16.3 */
	r->dummy_cap = edition >= 2026;           /* C.07 2026 16.4.1-16.4.2 */
	r->cut_unplayed = 1;                      /* C.07 14.1 */
	r->aro_cut_unplayed = edition < 2024;     /* C.07 2022 10.2 */
	r->rated_only = 1;                        /* C.07 10 */
	snprintf(r->swiss_order, sizeof r->swiss_order, "BH/C1,BH,DE,WIN"); /* C.07 13.1 */
	snprintf(r->rr_order, sizeof r->rr_order, "DE,SB,WIN,KS");          /* C.07 13.1 */
	/* FIDE Laws (2018, 2023) 10.1: 1, 1/2, 0, a forfeit as a win or a loss;
	 * C.04.1 c: the PAB scores a win's points; the TRF-2026 codes F H Z are
	 * full, half and zero-point byes. Points and bye limits are set by
	 * defaults() the same way. */
	r->max_pab = 1; /* C.04.1 d: one pairing-allocated bye per player */
			/* C.07 defines the Buchholz family for round robins too (16.1 counts
	 * their rounds): allowed. C.07 has no 50 % exclusion and leaves the
	 * ranking of players still tied to the tournament's regulations
	 * (C.07 2.1): no lots. */
}

arb_status arb_regulation_init(arb_regulation *reg, const char *name, arb_error *err)
{
	arbI_api_check_err(reg && name, err);
	if (!strcmp(name, "fide2022"))
		reg_c07(reg, name, 2022);
	else if (!strcmp(name, "fide2024"))
		reg_c07(reg, name, 2024);
	else if (!strcmp(name, "fide2026"))
		reg_c07(reg, name, 2026);
	else if (!strcmp(name, "fide2009")) {
		reg_c07(reg, name, 2009);
		snprintf(reg->description, sizeof reg->description,
			 "FIDE C.02 (2009) 13.15-13.16 and the Tournament Rules of that time");
		reg->own = ARB_UNPLAYED_VIRTUAL;       /* C.02 (2009) 13.15.2 */
		reg->opponent = ARB_OPPONENT_ALL_DRAW; /* C.02 (2009) 13.15.1 */
		reg->cut_unplayed = 0;                 /* 13.15: no such rule */
		reg->aro_cut_unplayed = 0;
		/* C.02 (2009) 13.16 (sub-articles not checked) */
		snprintf(reg->swiss_order, sizeof reg->swiss_order, "BH/C1,BH,SB,PS");
		snprintf(reg->rr_order, sizeof reg->rr_order, "DE,WIN,SB,KS");
		/* FIDE Tournament Rules (C.06, 2011 text) V.4.1, cited as 5.4 in
		 * its own V.6: under 50 % of the games completed, the points
		 * scored by him or against him are not counted */
		reg->rr_exclude_under_half = 1;
	} else if (!strcmp(name, "uscf")) {
		reg_c07(reg, name, 0);
		snprintf(reg->description, sizeof reg->description,
			 "US Chess Official Rules, 7th edition, rule 34E tie-break systems");
		reg->own = ARB_UNPLAYED_ZERO;          /* 34E1 */
		reg->opponent = ARB_OPPONENT_ALL_DRAW; /* 34E1 */
		reg->cut_unplayed = 0;
		reg->aro_cut_unplayed = 0;
		reg->rated_only = 0;
		snprintf(reg->swiss_order, sizeof reg->swiss_order, "MM,SOLK,CUM,OCUM"); /* 34E */
		snprintf(reg->rr_order, sizeof reg->rr_order, "SB,MM,SOLK,CUM");
		/* the one-bye limit: US Chess 28L (sub-article not checked) */
	} else
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "unknown regulation '%s' (fide2009, fide2022, fide2024, "
				       "fide2026, uscf)",
				       name);
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Set, get, check
 * ---------------------------------------------------------------------- */

static const field *find(const char *name)
{
	for (int i = 0; i < NFIELDS; i++)
		if (strcmp(fields[i].name, name) == 0)
			return &fields[i];
	return NULL;
}

static arb_status fail(arb_error *err, const char *name, const char *fmt, const char *a,
		       const char *b)
{
	if (err) {
		memset(err, 0, sizeof *err);
		err->code = ARB_E_PROFILE;
		int n = snprintf(err->message, sizeof err->message, "field '%s': ", name);
		if (n > 0 && (size_t)n < sizeof err->message)
			snprintf(err->message + n, sizeof err->message - (size_t)n, fmt, a, b);
	}
	return ARB_E_PROFILE;
}

static void word_list(const char *const *w, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; w[i] && used + 1 < n; i++) {
		int k = snprintf(buf + used, n - used, "%s%s", i ? ", " : "", w[i]);
		if (k < 0)
			break;
		used += (size_t)k;
	}
}

/* "3", "-1", "0.5", "2.0", "1/2", "7/2": tenths into *out. 0, or -1. */
static int parse_points(const char *s, int *out)
{
	const char *p = s;
	int neg = 0;
	long whole = 0, tenths = 0;

	if (*p == '-') {
		neg = 1;
		p++;
	}
	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9') {
		whole = whole * 10 + (*p++ - '0');
		if (whole > 100000)
			return -1;
	}
	if (*p == '/') { /* n/2: halves */
		if (strcmp(p, "/2") != 0)
			return -1;
		tenths = whole * 5;
	} else if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9')
			return -1;
		tenths = whole * 10 + (*p++ - '0');
		while (*p == '0')
			p++; /* "0.50" */
		if (*p)
			return -1;
	} else if (*p == '\0')
		tenths = whole * 10;
	else
		return -1;
	*out = (int)(neg ? -tenths : tenths);
	return 0;
}

static int format_points(int v, char *buf, size_t n)
{
	int a = v < 0 ? -v : v;
	if (a % 10)
		return snprintf(buf, n, "%s%d.%d", v < 0 ? "-" : "", a / 10, a % 10);
	return snprintf(buf, n, "%s%d", v < 0 ? "-" : "", a / 10);
}

/* An order: a list of tie-breaks that parses (C.07 codes with modifiers). */
static arb_status check_order(const char *name, const char *text, arb_error *err)
{
	arb_tiebreak tbs[32];
	arb_error e;
	char why[256];

	if (arb_tiebreak_parse_list(tbs, 32, text, &e) >= 0)
		return ARB_OK;
	snprintf(why, sizeof why, "column %d: %.200s", e.column, e.message);
	return fail(err, name, "%s%s", why, "");
}

static arb_status check_range(const field *f, int v, arb_error *err)
{
	char value[24], limit[24];

	if (v >= f->min && v <= f->max)
		return ARB_OK;
	if (f->type == ARB_REG_POINTS) {
		format_points(v, value, sizeof value);
		format_points(v < f->min ? f->min : f->max, limit, sizeof limit);
	} else {
		snprintf(value, sizeof value, "%d", v);
		snprintf(limit, sizeof limit, "%d", v < f->min ? f->min : f->max);
	}
	return fail(err, f->name, v < f->min ? "'%s' is below %s" : "'%s' is above %s", value,
		    limit);
}

arb_status arb_regulation_set(arb_regulation *reg, const char *name, const char *value,
			      arb_error *err)
{
	arbI_api_check_err(reg && name && value, err);
	const field *f = find(name);
	if (!f)
		return fail(err, name, "no such field%s%s", "", "");
	void *at = (char *)reg + f->offset;
	switch (f->type) {
	case ARB_REG_ENUM:
		for (int i = 0; f->words[i]; i++)
			if (strcmp(value, f->words[i]) == 0) {
				*(int *)at = i;
				return ARB_OK;
			}
		{
			char words[160];
			word_list(f->words, words, sizeof words);
			return fail(err, name, "'%s' is not one of: %s", value, words);
		}
	case ARB_REG_INT: {
		char *end;
		errno = 0;
		long v = strtol(value, &end, 10);
		if (end == value || *end || errno || v < INT_MIN || v > INT_MAX)
			return fail(err, name, "'%s' is not a whole number%s", value, "");
		if (check_range(f, (int)v, err) != ARB_OK)
			return ARB_E_PROFILE;
		*(int *)at = (int)v;
		return ARB_OK;
	}
	case ARB_REG_POINTS: {
		int v;
		if (parse_points(value, &v) != 0)
			return fail(
				err, name,
				"'%s' is not points (a decimal with one decimal place, or n/2)%s",
				value, "");
		if (check_range(f, v, err) != ARB_OK)
			return ARB_E_PROFILE;
		*(int *)at = v;
		return ARB_OK;
	}
	case ARB_REG_BOOL:
		if (strcmp(value, "true") == 0 || strcmp(value, "on") == 0) {
			*(int *)at = 1;
			return ARB_OK;
		}
		if (strcmp(value, "false") == 0 || strcmp(value, "off") == 0) {
			*(int *)at = 0;
			return ARB_OK;
		}
		return fail(err, name, "'%s' is not true or false%s", value, "");
	case ARB_REG_STRING:
		if (strlen(value) >= f->size) {
			char limit[24];
			snprintf(limit, sizeof limit, "%zu", f->size - 1);
			return fail(err, name, "longer than %s characters%s", limit, "");
		}
		if (!strncmp(name, "order.", 6) && check_order(name, value, err) != ARB_OK)
			return ARB_E_PROFILE;
		strcpy(at, value);
		return ARB_OK;
	}
	return fail(err, name, "bad field type%s%s", "", "");
}

int arb_regulation_get(const arb_regulation *reg, const char *name, char *buf, size_t n)
{
	arbI_api_check(reg && name && buf, -1);
	if (n == 0) /* as arb_rules_get: no room, not misuse */
		return -1;
	const field *f = find(name);
	if (!f)
		return -1;
	const void *at = (const char *)reg + f->offset;
	switch (f->type) {
	case ARB_REG_ENUM: {
		int v = *(const int *)at, k;
		for (k = 0; f->words[k]; k++)
			;
		return snprintf(buf, n, "%s", v >= 0 && v < k ? f->words[v] : "?");
	}
	case ARB_REG_INT:
		return snprintf(buf, n, "%d", *(const int *)at);
	case ARB_REG_POINTS:
		return format_points(*(const int *)at, buf, n);
	case ARB_REG_BOOL:
		return snprintf(buf, n, "%s", *(const int *)at ? "true" : "false");
	case ARB_REG_STRING:
		return snprintf(buf, n, "%.*s", (int)f->size, (const char *)at);
	}
	return -1;
}

arb_status arb_regulation_check(const arb_regulation *reg, arb_error *err)
{
	arbI_api_check_err(reg, err);
	for (int i = 0; i < NFIELDS; i++) {
		const field *f = &fields[i];
		const void *at = (const char *)reg + f->offset;
		switch (f->type) {
		case ARB_REG_INT:
		case ARB_REG_POINTS:
		case ARB_REG_BOOL:
			if (check_range(f, *(const int *)at, err) != ARB_OK)
				return ARB_E_PROFILE;
			break;
		case ARB_REG_ENUM: {
			int v = *(const int *)at, k;
			for (k = 0; f->words[k]; k++)
				;
			if (v < 0 || v >= k)
				return fail(err, f->name, "not one of its words%s%s", "", "");
			break;
		}
		case ARB_REG_STRING:
			if (!memchr(at, '\0', f->size))
				return fail(err, f->name, "not terminated%s%s", "", "");
			if (!strncmp(f->name, "order.", 6) && check_order(f->name, at, err))
				return ARB_E_PROFILE;
			break;
		}
	}
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Bye limits
 * ---------------------------------------------------------------------- */

static const char *nth(int k)
{
	static const char *const w[] = {"a first", "a second", "a third", "a fourth", "a fifth"};
	return k >= 1 && k <= 5 ? w[k - 1] : "another";
}

int arb_regulation_check_byes(const arb_tournament *t, const arb_regulation *reg, arb_error *err)
{
	arbI_api_check(t && reg, -1);
	static const struct {
		char code;
		size_t offset;
		const char *what;
	} kinds[] = {
		{'U', OFF(max_pab), "pairing-allocated bye"},
		{'H', OFF(max_half_byes), "half-point bye"},
		{'F', OFF(max_full_byes), "full-point bye"},
	};
	int over = 0, first_round = 0;
	if (err)
		memset(err, 0, sizeof *err);
	for (int i = 0; i < t->nplayers; i++) {
		int count[3] = {0, 0, 0};
		for (int k = 0; k < t->nrounds && k < t->rounds_cap; k++)
			for (int j = 0; j < 3; j++) {
				int limit = *(const int *)(const void *)((const char *)reg +
									 kinds[j].offset);
				if (t->players[i].cells[k].result != kinds[j].code)
					continue;
				if (++count[j] <= limit || limit < 0)
					continue;
				over++;
				if (first_round && k + 1 >= first_round)
					continue;
				first_round = k + 1;
				if (err)
					arbI_err_report(err, ARB_E_ARGUMENT, 0,
							"player %d, round %d: %s %s (the "
							"regulation allows %d)",
							t->players[i].id, k + 1, nth(count[j]),
							kinds[j].what, limit);
			}
	}
	return over;
}
