/*
 * events.c -- the event tokens: the one-line form of a game's events
 * (tests/data/scenarios.tsv, `arbiter adjudicate --events`,
 * docs/rules.md#event-tokens) and the names of the PGN comment commands that
 * carry them.
 *
 * A token is a UCI move or "KEYWORD:FIELD[:FIELD]" ("claim:threefold:
 * white@f6g8", "flag:both", "clock:600:90.5"). Parsing checks the words,
 * colours, squares and seconds only: whether an event can happen in a game
 * is the adjudicator's business (engine/rules/game.c). arb_event_format is
 * the exact inverse. A notation: nothing here knows a rule.
 */
#include "arbint.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "record.h"

/* ---- tokens ------------------------------------------------------------- */

/* The WHY of "forfeit:COLOR:WHY", in arb_forfeit_kind order. */
static const char *const forfeits[] = {"abandoned", "stalled", "infraction", "illegal",
				       "adjudication"};

static int word_is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(s, w, n) == 0;
}

static int parse_color(const char *s, size_t n, arb_color *c)
{
	if (word_is(s, n, "white"))
		*c = ARB_WHITE;
	else if (word_is(s, n, "black"))
		*c = ARB_BLACK;
	else
		return 0;
	return 1;
}

static int is_uci(const char *s, size_t n)
{
	if (n != 4 && n != 5)
		return 0;
	for (int i = 0; i < 4; i++)
		if (!(i % 2 ? s[i] >= '1' && s[i] <= '8' : s[i] >= 'a' && s[i] <= 'h'))
			return 0;
	return n == 4 || strchr("qrbn", s[4]);
}

/* Seconds (digits, optional fraction of up to 3 digits) to ms; -1 if bad. */
static long parse_secs(const char *s, size_t n)
{
	long v = 0, frac = 0, scale = 1000;
	size_t i = 0;
	if (n == 0)
		return -1;
	for (; i < n && isdigit((unsigned char)s[i]); i++) {
		if (v > 100000000L)
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	if (i == 0)
		return -1;
	if (i < n && s[i] == '.') {
		i++;
		for (int k = 0; i < n && isdigit((unsigned char)s[i]) && k < 3; i++, k++) {
			scale /= 10;
			frac += (s[i] - '0') * scale;
		}
	}
	return i == n ? v * 1000 + frac : -1;
}

arb_status arb_event_parse(const char *tok, size_t len, arb_event *ev, arb_error *err)
{
	const char *part[4];
	size_t plen[4];
	int np = 0;
	size_t i, start = 0;

	arbI_api_check_err(tok && ev, err);
	memset(ev, 0, sizeof *ev);
	ev->ms[0] = ev->ms[1] = -1;
	if (len == 0)
		return arbI_err_report(err, ARB_E_EVENT, 1, "empty event");
	if (is_uci(tok, len)) {
		ev->kind = ARB_EV_MOVE;
		memcpy(ev->move, tok, len);
		return ARB_OK;
	}
	for (i = 0; i <= len; i++)
		if (i == len || tok[i] == ':') {
			if (np == 4)
				return arbI_err_report(err, ARB_E_EVENT, (int)i + 1,
						       "too many ':' fields");
			part[np] = tok + start;
			plen[np++] = i - start;
			start = i + 1;
		}
	const char *k = part[0];
	size_t kn = plen[0];
#define NEED(n)                                                                                \
	do {                                                                                   \
		if (np != (n))                                                                 \
			return arbI_err_report(err, ARB_E_EVENT, 1, "'%.*s' takes %d field%s", \
					       (int)kn, k, (n)-1, (n) == 2 ? "" : "s");        \
	} while (0)
#define COLOR(j)                                                                           \
	do {                                                                               \
		if (!parse_color(part[j], plen[j], &ev->color))                            \
			return arbI_err_report(err, ARB_E_EVENT, (int)(part[j] - tok) + 1, \
					       "expected 'white' or 'black', not '%.*s'",  \
					       (int)plen[j], part[j]);                     \
	} while (0)
#define MOVE(j)                                                                            \
	do {                                                                               \
		if (!is_uci(part[j], plen[j]))                                             \
			return arbI_err_report(err, ARB_E_EVENT, (int)(part[j] - tok) + 1, \
					       "expected a move like e2e4, not '%.*s'",    \
					       (int)plen[j], part[j]);                     \
		memcpy(ev->move, part[j], plen[j]);                                        \
	} while (0)

	if (word_is(k, kn, "claim")) {
		static const char *const kinds[] = {"threefold", "fifty", "qpf", "increment",
						    "time"};
		NEED(3);
		int kind = -1;
		for (int j = 0; j < 5; j++)
			if (word_is(part[1], plen[1], kinds[j]))
				kind = j;
		if (kind < 0)
			return arbI_err_report(
				err, ARB_E_EVENT, (int)(part[1] - tok) + 1,
				"unknown claim '%.*s' (threefold, fifty, qpf, increment, time)",
				(int)plen[1], part[1]);
		ev->kind = ARB_EV_CLAIM;
		ev->claim = (arb_claim_kind)kind;
		const char *at = memchr(part[2], '@', plen[2]);
		size_t cn = at ? (size_t)(at - part[2]) : plen[2];
		if (!parse_color(part[2], cn, &ev->color))
			return arbI_err_report(err, ARB_E_EVENT, (int)(part[2] - tok) + 1,
					       "expected 'white' or 'black'");
		if (at) {
			size_t mn = plen[2] - cn - 1;
			if (kind > ARB_CLAIM_FIFTY || !is_uci(at + 1, mn))
				return arbI_err_report(
					err, ARB_E_EVENT, (int)(at - tok) + 1,
					"'@' takes the intended move of a threefold or fifty claim");
			memcpy(ev->move, at + 1, mn);
		}
		return ARB_OK;
	}
	if (word_is(k, kn, "ruling")) {
		static const char *const r[] = {"draw", "reject", "postpone", "accept"};
		NEED(2);
		for (int j = 0; j < 4; j++)
			if (word_is(part[1], plen[1], r[j])) {
				ev->kind = ARB_EV_RULING;
				ev->ruling = (arb_ruling_kind)j;
				return ARB_OK;
			}
		return arbI_err_report(err, ARB_E_EVENT, (int)(part[1] - tok) + 1,
				       "unknown ruling (draw, reject, postpone, accept)");
	}
	static const struct {
		const char *w;
		arb_event_kind k;
	} simple[] = {{"offer", ARB_EV_OFFER},       {"accept", ARB_EV_ACCEPT},
		      {"decline", ARB_EV_DECLINE},   {"resign", ARB_EV_RESIGN},
		      {"flagdown", ARB_EV_FLAGDOWN}, {"pressnomove", ARB_EV_PRESS_NO_MOVE}};
	for (size_t j = 0; j < sizeof simple / sizeof simple[0]; j++)
		if (word_is(k, kn, simple[j].w)) {
			NEED(2);
			COLOR(1);
			ev->kind = simple[j].k;
			return ARB_OK;
		}
	if (word_is(k, kn, "flag")) {
		NEED(2);
		if (word_is(part[1], plen[1], "both")) {
			ev->kind = ARB_EV_FLAG_BOTH;
			return ARB_OK;
		}
		COLOR(1);
		ev->kind = ARB_EV_FLAG;
		return ARB_OK;
	}
	static const struct {
		const char *w;
		arb_event_kind k;
	} withmove[] = {{"illegal", ARB_EV_ILLEGAL},
			{"retracted", ARB_EV_RETRACTED},
			{"nopromo", ARB_EV_NOPROMO}};
	for (size_t j = 0; j < sizeof withmove / sizeof withmove[0]; j++)
		if (word_is(k, kn, withmove[j].w)) {
			/* An illegal move the record does not give (a PGN "illegal
			 * move" Termination) is "illegal:COLOR". */
			if (!(np == 2 && withmove[j].k == ARB_EV_ILLEGAL))
				NEED(3);
			COLOR(1);
			if (np == 3)
				MOVE(2);
			ev->kind = withmove[j].k;
			return ARB_OK;
		}
	if (word_is(k, kn, "forfeit")) {
		NEED(3);
		COLOR(1);
		for (int j = 0; j < 5; j++)
			if (word_is(part[2], plen[2], forfeits[j])) {
				ev->kind = ARB_EV_FORFEIT;
				ev->forfeit = (arb_forfeit_kind)j;
				return ARB_OK;
			}
		return arbI_err_report(
			err, ARB_E_EVENT, (int)(part[2] - tok) + 1,
			"unknown forfeit '%.*s' (abandoned, stalled, infraction, illegal, "
			"adjudication)",
			(int)plen[2], part[2]);
	}
	if (word_is(k, kn, "clock")) {
		NEED(3);
		for (int j = 0; j < 2; j++)
			if ((ev->ms[j] = parse_secs(part[j + 1], plen[j + 1])) < 0)
				return arbI_err_report(err, ARB_E_EVENT,
						       (int)(part[j + 1] - tok) + 1,
						       "expected seconds, not '%.*s'",
						       (int)plen[j + 1], part[j + 1]);
		ev->kind = ARB_EV_CLOCK;
		return ARB_OK;
	}
	if (word_is(k, kn, "late")) {
		NEED(3);
		COLOR(1);
		if ((ev->ms[0] = parse_secs(part[2], plen[2])) < 0)
			return arbI_err_report(err, ARB_E_EVENT, (int)(part[2] - tok) + 1,
					       "expected seconds, not '%.*s'", (int)plen[2],
					       part[2]);
		ev->kind = ARB_EV_LATE;
		return ARB_OK;
	}
	return arbI_err_report(err, ARB_E_EVENT, 1, "unknown event '%.*s'", (int)kn, k);
#undef NEED
#undef COLOR
#undef MOVE
}

size_t arb_event_format(const arb_event *ev, char *buf, size_t n)
{
	static const char *const claims[] = {"threefold", "fifty", "qpf", "increment", "time"};
	static const char *const rulings[] = {"draw", "reject", "postpone", "accept"};
	char a[16], b[16];
	int k = 0;
	arbI_api_check(ev && (buf || !n), 0);
	if (n == 0)
		return 0;
	const char *c = color_name(ev->color);
	switch (ev->kind) {
	case ARB_EV_MOVE:
		k = snprintf(buf, n, "%s", ev->move);
		break;
	case ARB_EV_CLAIM:
		k = snprintf(buf, n, "claim:%s:%s%s%s", claims[ev->claim % 5], c,
			     ev->move[0] ? "@" : "", ev->move);
		break;
	case ARB_EV_RULING:
		k = snprintf(buf, n, "ruling:%s", rulings[ev->ruling % 4]);
		break;
	case ARB_EV_OFFER:
		k = snprintf(buf, n, "offer:%s", c);
		break;
	case ARB_EV_ACCEPT:
		k = snprintf(buf, n, "accept:%s", c);
		break;
	case ARB_EV_DECLINE:
		k = snprintf(buf, n, "decline:%s", c);
		break;
	case ARB_EV_RESIGN:
		k = snprintf(buf, n, "resign:%s", c);
		break;
	case ARB_EV_FLAG:
		k = snprintf(buf, n, "flag:%s", c);
		break;
	case ARB_EV_FLAG_BOTH:
		k = snprintf(buf, n, "flag:both");
		break;
	case ARB_EV_FLAGDOWN:
		k = snprintf(buf, n, "flagdown:%s", c);
		break;
	case ARB_EV_ILLEGAL:
		k = snprintf(buf, n, "illegal:%s%s%s", c, ev->move[0] ? ":" : "", ev->move);
		break;
	case ARB_EV_FORFEIT:
		k = snprintf(buf, n, "forfeit:%s:%s", c, forfeits[ev->forfeit % 5]);
		break;
	case ARB_EV_RETRACTED:
		k = snprintf(buf, n, "retracted:%s:%s", c, ev->move);
		break;
	case ARB_EV_NOPROMO:
		k = snprintf(buf, n, "nopromo:%s:%s", c, ev->move);
		break;
	case ARB_EV_PRESS_NO_MOVE:
		k = snprintf(buf, n, "pressnomove:%s", c);
		break;
	case ARB_EV_CLOCK:
		arbI_fmt_secs(a, sizeof a, ev->ms[0]);
		arbI_fmt_secs(b, sizeof b, ev->ms[1]);
		a[strlen(a) - 1] = b[strlen(b) - 1] = '\0'; /* drop the 's' */
		k = snprintf(buf, n, "clock:%s:%s", a, b);
		break;
	case ARB_EV_LATE:
		arbI_fmt_secs(a, sizeof a, ev->ms[0]);
		a[strlen(a) - 1] = '\0';
		k = snprintf(buf, n, "late:%s:%s", c, a);
		break;
	}
	if (k < 0)
		return 0;
	return (size_t)k < n ? (size_t)k : n - 1;
}

/* ---- comment commands --------------------------------------------------- */

/* The PGN comment commands that are events ("[%claim threefold white]"),
 * in order: their names are the keywords of the tokens above, their
 * arguments the token's fields. The PGN reader knows them (it warns about a
 * misspelt one); engine/rules/game_pgn.c turns them into events. */
static const char *const commands[] = {"claim",   "ruling",      "offer",    "accept",  "decline",
				       "resign",  "flag",        "flagdown", "illegal", "retracted",
				       "nopromo", "pressnomove", "clock",    "late",    "forfeit"};

const char *arbI_game_command_name(int i)
{
	return i >= 0 && (size_t)i < sizeof commands / sizeof commands[0] ? commands[i] : NULL;
}
