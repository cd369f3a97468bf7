/*
 * rules.c -- the parameters of a competition-rule profile (arb_rules) and
 * the one table that names them.
 *
 * Every field of arb_rules that a profile may set is a row of `fields`:
 * its dotted name, its type, where it lives in the struct, the words of an
 * enumeration, the article key it models and one line of documentation.
 * Setting, reading, `profile show` and `profile diff` all walk that table,
 * so adding a parameter is one struct member and one row. Articles are
 * "articles.KEY" and live in rules->article[KEY].
 */
#include <arbiter.h>

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbint.h"
#include "categories.h"

/* ---- article keys ---------------------------------------------------- */

static const char *const article_keys[ARB_ART_COUNT] = {
	"checkmate",    "stalemate",
	"dead",         "threefold",
	"fivefold",     "fifty",
	"seventyfive",  "claim_penalty",
	"agreement",    "offer",
	"resign",       "illegal",
	"illegal_loss", "promotion",
	"press",        "completed",
	"flag",         "flag_establish",
	"both_flags",   "default_time",
	"qpf",          "increment_request",
	"draw_odds",    "castling_960",
	"td",           "scoring",
	"touch_move",   "touch_castle",
	"both_late",    "qpf_scope",
};

/* The same keys as field names, for the field table. */
static const char *const article_fields[ARB_ART_COUNT] = {
	"articles.checkmate",    "articles.stalemate",
	"articles.dead",         "articles.threefold",
	"articles.fivefold",     "articles.fifty",
	"articles.seventyfive",  "articles.claim_penalty",
	"articles.agreement",    "articles.offer",
	"articles.resign",       "articles.illegal",
	"articles.illegal_loss", "articles.promotion",
	"articles.press",        "articles.completed",
	"articles.flag",         "articles.flag_establish",
	"articles.both_flags",   "articles.default_time",
	"articles.qpf",          "articles.increment_request",
	"articles.draw_odds",    "articles.castling_960",
	"articles.td",           "articles.scoring",
	"articles.touch_move",   "articles.touch_castle",
	"articles.both_late",    "articles.qpf_scope",
};

const char *arb_article_key(arb_article a)
{
	return (unsigned)a < ARB_ART_COUNT ? article_keys[a] : "";
}

int arb_article_from_key(const char *key)
{
	arbI_api_check(key, -1);
	for (int i = 0; i < ARB_ART_COUNT; i++)
		if (strcmp(key, article_keys[i]) == 0)
			return i;
	return -1;
}

/* ---- the field table ------------------------------------------------- */

static const char *const w_speed[] = {"standard", "rapid", "blitz", NULL};
static const char *const w_supervision[] = {"limited", "full", NULL};
static const char *const w_threefold[] = {"claim", "auto", "auto-when-short", NULL};
static const char *const w_fivefold[] = {"none", "td", "consecutive", "any", NULL};
static const char *const w_moves[] = {"none", "td", "claim", "auto", NULL};
static const char *const w_dead[] = {"analysis", "uscf", "material", NULL};
static const char *const w_claimant[] = {"none", "half-max-180", "tiered-2009", NULL};
static const char *const w_illegal[] = {"penalise", "quickplay-only", "reinstate", "rejected",
					NULL};
static const char *const w_mate[] = {"fide",    "fide1997-blitz", "uscf-14e", "uscf-blitz",
				     "lichess", "none",           NULL};
static const char *const w_promo[] = {"illegal", "queen", "improper-press", "impossible", NULL};
static const char *const w_press[] = {"misuse", "illegal", "impossible", NULL};
static const char *const w_flag_by[] = {"arbiter", "claim", "server", NULL};
static const char *const w_both[] = {"continue-unless-last", "draw", "uscf", "guidelines-iii",
				     NULL};
static const char *const w_late[] = {"white-clock", "split", NULL};
static const char *const w_clock[] = {"analog", "digital", NULL};
static const char *const w_period[] = {"auto", "not-last", "last", NULL};
static const char *const w_qpf[] = {"none",           "fide-10.2", "appendix-g",
				    "guidelines-iii", "uscf-14h",  NULL};
static const char *const w_scoring[] = {"draw", "black-wins", NULL};
static const char *const w_category_count[] = {"moves", "first-period", NULL};
static const char *const w_category_odds[] = {"less-time", "last", NULL};

typedef struct field {
	const char *name;
	arb_rules_type type;
	size_t offset;
	size_t size; /* strings: the buffer size */
	const char *const *words;
	arb_article article;
	const char *doc;
	int min, max; /* integers: the values allowed */
} field;

#define NONE ARB_ART_COUNT

#define E(n, m, w, a, d)                                                    \
	{                                                                   \
		n, ARB_RULES_ENUM, offsetof(arb_rules, m), 0, w, a, d, 0, 0 \
	}
#define I(n, m, a, d)                                                                \
	{                                                                            \
		n, ARB_RULES_INT, offsetof(arb_rules, m), 0, NULL, a, d, -1, INT_MAX \
	}
#define R(n, m, lo, a, d)                                                                        \
	{                                                                                        \
		n, ARB_RULES_INT, offsetof(arb_rules, m), 0, NULL, a, d, lo, ARB_RULES_COUNT_MAX \
	}
#define B(n, m, a, d)                                                          \
	{                                                                      \
		n, ARB_RULES_BOOL, offsetof(arb_rules, m), 0, NULL, a, d, 0, 1 \
	}
#define S(n, m, a, d)                                                                              \
	{                                                                                          \
		n, ARB_RULES_STRING, offsetof(arb_rules, m), sizeof(((arb_rules *)0)->m), NULL, a, \
			d, 0, 0                                                                    \
	}

static const field fields[] = {
	S("name", name, NONE, "profile name with its options"),
	S("edition", edition, NONE, "prefix of every article cited, e.g. \"FIDE 2014\""),
	S("description", description, NONE, "one line for `arbiter profiles`"),
	E("speed", speed, w_speed, NONE, "standard, rapid or blitz play"),
	E("supervision", supervision, w_supervision, NONE,
	  "rapid/blitz: full = one arbiter per game (normal rules), limited = the special clauses"),
	B("chess960", chess960, ARB_ART_CASTLING_960, "start positions are Chess960"),

	E("draw.threefold", threefold, w_threefold, ARB_ART_THREEFOLD,
	  "threefold repetition: claimed, automatic, or automatic when the mover is short of time"),
	I("draw.threefold_short_s", threefold_short_s, ARB_ART_THREEFOLD,
	  "auto-when-short: the mover has fewer seconds than this"),
	R("draw.threefold_count", threefold_count, 2, ARB_ART_THREEFOLD,
	  "occurrences of a position that make the threefold rule (claim or automatic)"),
	E("draw.fivefold", fivefold, w_fivefold, ARB_ART_FIVEFOLD,
	  "fivefold repetition: none, the director may declare, automatic in a 4-ply cycle, automatic"),
	R("draw.fivefold_count", fivefold_count, 2, ARB_ART_FIVEFOLD,
	  "occurrences of a position that make the fivefold rule"),
	E("draw.fifty", fifty, w_moves, ARB_ART_FIFTY,
	  "50-move rule: claim or auto (at twice fifty_moves plies)"),
	R("draw.fifty_moves", fifty_moves, 1, ARB_ART_FIFTY,
	  "moves of each player without a capture or pawn move for the 50-move rule"),
	E("draw.seventyfive", seventyfive, w_moves, ARB_ART_SEVENTYFIVE,
	  "75-move rule: none, the director may declare, or auto (at twice seventyfive_moves "
	  "plies)"),
	R("draw.seventyfive_moves", seventyfive_moves, 1, ARB_ART_SEVENTYFIVE,
	  "moves of each player without a capture or pawn move for the 75-move rule"),
	E("draw.dead", dead, w_dead, ARB_ART_DEAD,
	  "dead position: full analysis, US Chess 14D (material list, then analysis), material only"),
	B("draw.claim_is_offer", claim_is_offer, ARB_ART_OFFER,
	  "a draw claim is also a draw offer"),
	I("draw.claim_penalty_s", claim_penalty_s, ARB_ART_CLAIM_PENALTY,
	  "seconds added to the opponent after an incorrect claim"),
	E("draw.claimant_penalty", claimant_penalty, w_claimant, ARB_ART_CLAIM_PENALTY,
	  "what an incorrect claim costs the claimant"),
	I("draw.agreement_min_moves", agreement_min_moves, ARB_ART_AGREEMENT,
	  "moves each side must have made before an agreed draw"),
	I("draw.offer_min_ply", offer_min_ply, ARB_ART_OFFER,
	  "plies that must be played before a draw offer is possible"),
	I("draw.offer_repeat_plies", offer_repeat_plies, ARB_ART_OFFER,
	  "plies before the same player may offer again (0 = any time)"),
	B("draw.resign_dead_draw", resign_dead_draw, ARB_ART_RESIGN,
	  "resigning when the opponent cannot mate gives a draw"),

	E("illegal.mode", illegal, w_illegal, ARB_ART_ILLEGAL,
	  "completed illegal moves: penalise, penalise only in the last period, restore only, "
	  "rejected by the server"),
	I("illegal.penalty_s", illegal_penalty_s, ARB_ART_ILLEGAL,
	  "seconds added to the opponent per illegal move"),
	I("illegal.lose_on", illegal_lose_on, ARB_ART_ILLEGAL_LOSS,
	  "the illegal move (1st, 2nd, 3rd...) that loses; 0 = never"),
	E("illegal.cannot_mate", illegal_mate_test, w_mate, ARB_ART_ILLEGAL_LOSS,
	  "test that turns the loss into a draw when the opponent cannot mate"),
	E("illegal.promotion", promotion, w_promo, ARB_ART_PROMOTION,
	  "a pawn on the last rank with no piece chosen"),
	E("illegal.press_without_move", press_without_move, w_press, ARB_ART_PRESS,
	  "pressing the clock without a move"),
	B("illegal.touch_move", touch_move, ARB_ART_TOUCH_MOVE,
	  "the move replacing an illegal move is made with the piece it touched "
	  "(castling: the king)"),

	E("time.flag_test", flag_mate_test, w_mate, ARB_ART_FLAG,
	  "test that turns a loss on time into a draw"),
	E("time.flag_by", flag_by, w_flag_by, ARB_ART_FLAG_ESTABLISH,
	  "who establishes a fallen flag: the arbiter (or a claim), only a claim, the server at zero"),
	B("time.claimant_flag_up", claimant_flag_up, ARB_ART_FLAG_ESTABLISH,
	  "a player claiming on time must have his own flag up"),
	E("time.both_flags", both_flags, w_both, ARB_ART_BOTH_FLAGS,
	  "both flags down in unknown order: continue unless last period, draw, US Chess 14G, "
	  "Guidelines III.3.1 where they apply (else the arbiter decides)"),
	E("time.clock", clock, w_clock, ARB_ART_BOTH_FLAGS,
	  "digital clocks show which flag fell first"),
	E("time.period", period, w_period, ARB_ART_BOTH_FLAGS,
	  "whether play is in the last period (auto = from the time control)"),
	I("time.default_s", default_s, ARB_ART_DEFAULT_TIME,
	  "seconds a player may be late before losing; -1 = no rule"),
	B("time.default_first_control", default_first_control, ARB_ART_DEFAULT_TIME,
	  "a player also loses once his first time control has run out"),
	E("time.both_late", both_late, w_late, ARB_ART_BOTH_LATE,
	  "both players late: White's clock runs from the start, or the first to arrive splits "
	  "the elapsed time (US 16K)"),
	E("time.qpf", qpf, w_qpf, ARB_ART_QPF,
	  "quickplay-finish / insufficient-losing-chances claims"),
	B("time.qpf_announced", qpf_announced, ARB_ART_QPF,
	  "the quickplay rules were announced (Appendix G, Guidelines III, variation 14H)"),
	B("time.qpf_on_move", qpf_on_move, ARB_ART_QPF,
	  "the quickplay claimant must be the player having the move"),
	I("time.qpf_limit_ms", qpf_limit_ms, ARB_ART_QPF, "claimant's time must be at most this"),
	I("time.qpf_reject_s", qpf_reject_s, ARB_ART_QPF,
	  "seconds added to the opponent when a claim is rejected"),
	I("time.qpf_reject_claimant_s", qpf_reject_claimant_s, ARB_ART_QPF,
	  "seconds taken from the claimant when a claim is rejected"),
	S("time.tc", tc, NONE, "time control when a game names none (PGN, US or TRF notation)"),
	S("time.categories", categories, NONE,
	  "categories of a time control, highest first, each with the least time it needs: "
	  "\"standard >= 60m, rapid > 10m, blitz\" (empty: none)"),
	E("time.category_count", category_count, w_category_count, NONE,
	  "a control's time: its first category_moves moves, or its first period with "
	  "category_moves times the increment and delay"),
	/* at most TC_MAX_MOVES, the longest period a control may have */
	{"time.category_moves", ARB_RULES_INT, offsetof(arb_rules, category_moves), 0, NULL, NONE,
	 "moves counted for the category", 1, 1000},
	E("time.category_odds", category_odds, w_category_odds, NONE,
	  "time odds and sandclocks: the player with less time counts, or the last category"),
	S("time.category_untimed", category_untimed, NONE, "the category of \"-\" (no control)"),

	E("score.draw", draw_scoring, w_scoring, ARB_ART_DRAW_ODDS,
	  "how a drawn board is scored (black-wins = Armageddon draw odds)"),
	B("score.draw_odds_on_time_draw", draw_odds_on_time_draw, ARB_ART_DRAW_ODDS,
	  "draw odds also when Black flagged and the board is drawn"),
	S("score.win", points_win, ARB_ART_SCORING, "points for a win"),
	S("score.draw_points", points_draw, ARB_ART_SCORING, "points for a draw"),
	S("score.loss", points_loss, ARB_ART_SCORING, "points for a loss"),
};

#define NFIELDS ((int)(sizeof(fields) / sizeof(fields[0])))

int arb_rules_field_at(int i, arb_rules_field *out)
{
	if (i < 0 || i >= NFIELDS + ARB_ART_COUNT)
		return 0;
	if (out) {
		if (i < NFIELDS) {
			out->name = fields[i].name;
			out->type = fields[i].type;
			out->words = fields[i].words;
			out->article = fields[i].article;
			out->doc = fields[i].doc;
			out->min = fields[i].min;
			out->max = fields[i].max;
		} else {
			out->name = article_fields[i - NFIELDS];
			out->type = ARB_RULES_STRING;
			out->words = NULL;
			out->article = (arb_article)(i - NFIELDS);
			out->doc = "article number in the edition";
			out->min = out->max = 0;
		}
	}
	return 1;
}

/* ---- defaults -------------------------------------------------------- */

void arb_rules_init(arb_rules *r)
{
	arbI_api_check_void(r);
	memset(r, 0, sizeof *r);
	strcpy(r->name, "rules");
	strcpy(r->edition, "rules");
	r->threefold = ARB_CLAIMED;
	r->threefold_short_s = 30;
	r->threefold_count = 3; /* FIDE 9.2: "at least three times" */
	r->fivefold = ARB_FIVEFOLD_NONE;
	r->fivefold_count = 5; /* FIDE 2018 9.6.1 */
	r->fifty = ARB_MOVES_CLAIM;
	r->fifty_moves = 50; /* FIDE 9.3 */
	r->seventyfive = ARB_MOVES_NONE;
	r->seventyfive_moves = 75; /* FIDE 2018 9.6.2 */
	r->claim_is_offer = 1;
	r->claim_penalty_s = 120;
	r->illegal_penalty_s = 120;
	r->illegal_lose_on = 2;
	r->default_s = 0;
	r->qpf_limit_ms = 119999;
	r->qpf_reject_s = 120;
	r->qpf_on_move = 1;
	r->touch_move = 1;
	r->category_moves = 60; /* no categories ("" time.categories) until a profile names them */
	strcpy(r->category_untimed, "none");
	strcpy(r->points_win, "1");
	strcpy(r->points_draw, "1/2");
	strcpy(r->points_loss, "0");
}

/* ---- set / get ------------------------------------------------------- */

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

static arb_status set_string(char *dst, size_t size, const char *name, const char *value,
			     arb_error *err)
{
	if (strlen(value) >= size) {
		char limit[24];
		snprintf(limit, sizeof limit, "%zu", size - 1);
		return fail(err, name, "longer than %s characters%s", limit, "");
	}
	strcpy(dst, value);
	return ARB_OK;
}

arb_status arb_rules_set(arb_rules *r, const char *name, const char *value, arb_error *err)
{
	arbI_api_check_err(r && name && value, err);
	if (strncmp(name, "articles.", 9) == 0) {
		int a = arb_article_from_key(name + 9);
		if (a < 0)
			return fail(err, name, "no article key '%s'%s", name + 9, "");
		return set_string(r->article[a], ARB_RULES_ARTICLE, name, value, err);
	}
	const field *f = find(name);
	if (!f)
		return fail(err, name, "no such field%s%s", "", "");
	void *at = (char *)r + f->offset;
	switch (f->type) {
	case ARB_RULES_ENUM:
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
	case ARB_RULES_INT: {
		char *end;
		errno = 0;
		long v = strtol(value, &end, 10);
		if (end == value || *end || errno || v < INT_MIN || v > INT_MAX)
			return fail(err, name, "'%s' is not a whole number%s", value, "");
		char limit[24];
		if (v < f->min) {
			snprintf(limit, sizeof limit, "%d", f->min);
			return fail(err, name, "'%s' is below %s", value, limit);
		}
		if (v > f->max) {
			snprintf(limit, sizeof limit, "%d", f->max);
			return fail(err, name, "'%s' is above %s", value, limit);
		}
		*(int *)at = (int)v;
		return ARB_OK;
	}
	case ARB_RULES_BOOL:
		if (strcmp(value, "true") == 0 || strcmp(value, "on") == 0) {
			*(int *)at = 1;
			return ARB_OK;
		}
		if (strcmp(value, "false") == 0 || strcmp(value, "off") == 0) {
			*(int *)at = 0;
			return ARB_OK;
		}
		return fail(err, name, "'%s' is not true or false%s", value, "");
	case ARB_RULES_STRING:
		return set_string(at, f->size, name, value, err);
	}
	return fail(err, name, "bad field type%s%s", "", "");
}

/* Each integer within its range (a caller may have written the struct). */
static arb_status check_ranges(const arb_rules *r, arb_error *err)
{
	char value[24], limit[24];

	for (int i = 0; i < NFIELDS; i++) {
		const field *f = &fields[i];
		if (f->type != ARB_RULES_INT)
			continue;
		int v = *(const int *)(const void *)((const char *)r + f->offset);
		if (v >= f->min && v <= f->max)
			continue;
		snprintf(value, sizeof value, "%d", v);
		snprintf(limit, sizeof limit, "%d", v < f->min ? f->min : f->max);
		return fail(err, f->name, v < f->min ? "'%s' is below %s" : "'%s' is above %s",
			    value, limit);
	}
	return ARB_OK;
}

/* "field 'a': N is below b (M): why" for a pair of counts out of order. */
static arb_status out_of_order(arb_error *err, const char *name, int v, const char *other, int w,
			       const char *why)
{
	char value[24], rest[160];

	snprintf(value, sizeof value, "%d", v);
	snprintf(rest, sizeof rest, "%s (%d): %s", other, w, why);
	return fail(err, name, "%s is below %s", value, rest);
}

arb_status arb_rules_check(const arb_rules *r, arb_error *err)
{
	arbI_api_check_err(r, err);
	arb_status st = check_ranges(r, err);
	if (st != ARB_OK)
		return st;
	char why[120];
	const char *bad = arbI_cat_check(r, why, sizeof why);
	if (bad)
		return fail(err, bad, "%s%s", why, "");
	/* The second rule of each pair ends the game where the first only lets
	 * a player claim (FIDE 2018 9.6 after 9.2/9.3): below it, the claim
	 * could never be made. A rule that is off has no count to compare. */
	if (r->fivefold != ARB_FIVEFOLD_NONE && r->fivefold_count < r->threefold_count)
		return out_of_order(err, "draw.fivefold_count", r->fivefold_count,
				    "draw.threefold_count", r->threefold_count,
				    "the fivefold rule would come before the threefold rule");
	if (r->fifty != ARB_MOVES_NONE && r->seventyfive != ARB_MOVES_NONE &&
	    r->seventyfive_moves < r->fifty_moves)
		return out_of_order(err, "draw.seventyfive_moves", r->seventyfive_moves,
				    "draw.fifty_moves", r->fifty_moves,
				    "the 75-move rule would come before the 50-move rule");
	return ARB_OK;
}

int arb_rules_get(const arb_rules *r, const char *name, char *buf, size_t n)
{
	arbI_api_check(r && name && buf, -1);
	if (n == 0)
		return -1;
	if (strncmp(name, "articles.", 9) == 0) {
		int a = arb_article_from_key(name + 9);
		return a < 0 ? -1 : snprintf(buf, n, "%s", r->article[a]);
	}
	const field *f = find(name);
	if (!f)
		return -1;
	const void *at = (const char *)r + f->offset;
	switch (f->type) {
	case ARB_RULES_ENUM: {
		int v = *(const int *)at, k;
		for (k = 0; f->words[k]; k++)
			;
		return snprintf(buf, n, "%s", v >= 0 && v < k ? f->words[v] : "?");
	}
	case ARB_RULES_INT:
		return snprintf(buf, n, "%d", *(const int *)at);
	case ARB_RULES_BOOL:
		return snprintf(buf, n, "%s", *(const int *)at ? "true" : "false");
	case ARB_RULES_STRING:
		return snprintf(buf, n, "%s", (const char *)at);
	}
	return -1;
}

size_t arb_rules_cite(const arb_rules *r, arb_article a, char *buf, size_t n)
{
	int k;

	arbI_api_check(r && buf, 0);
	if (n == 0)
		return 0;
	if ((unsigned)a >= ARB_ART_COUNT)
		k = snprintf(buf, n, "%s", r->edition);
	else if (r->article[a][0])
		k = snprintf(buf, n, "%s %s", r->edition, r->article[a]);
	else
		k = snprintf(buf, n, "%s", r->edition);
	if (k < 0)
		return 0;
	return (size_t)k < n ? (size_t)k : n - 1;
}
