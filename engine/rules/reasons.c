/*
 * reasons.c -- the reason table, and what a game's ending means outside the
 * game: its PGN Termination (PGN standard 9.8.1), the FIDE TRF result codes
 * and the points, gathered into the game's standing (arb_game_result_get).
 *
 * One row per arb_reason: its name (the reason string of the decisions), the
 * PGN Termination class of an ending for it, its TRF codes (a game played
 * or a forfeit), its note level and the article key it cites unless a
 * decision names another. The adjudicator decides by code; names, results
 * and Termination values are text only here, at the edge. Adding a reason
 * is one enum value in arbiter.h and one row.
 */
#include "game_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* ---- the table ------------------------------------------------------------ */

typedef enum trf_kind {
	TRF_PLAYED = 0, /* "1" "=" "0" */
	TRF_FORFEIT     /* "+" "-": the game was not played (FIDE TRF, forfeit codes) */
} trf_kind;

typedef struct reason_row {
	const char *name;
	term_kind term; /* the PGN Termination class of an ending for this reason */
	trf_kind trf;
	int note;        /* arb_decision.note: 0 decision, 1 information, 2 log entry */
	arb_article art; /* the article key it cites (ARB_ART_COUNT: none) */
} reason_row;

#define NO_ART ARB_ART_COUNT
#define R(code, name, term, trf, note, art) \
	[ARB_REASON_##code] = {name, TERM_##term, TRF_##trf, note, art}

static const reason_row reasons[ARB_REASON_COUNT] = {
	R(NONE, "", NORMAL, PLAYED, 0, NO_ART),
	R(CUSTOM, "custom", NORMAL, PLAYED, 0, NO_ART),
	R(HOOK, "hook", NORMAL, PLAYED, 0, NO_ART),
	/* FIDE 5.1.1, 5.2.1, 5.2.2, 9.6; US 14D; lichess: the board */
	R(CHECKMATE, "checkmate", NORMAL, PLAYED, 0, ARB_ART_CHECKMATE),
	R(STALEMATE, "stalemate", NORMAL, PLAYED, 0, ARB_ART_STALEMATE),
	R(DEAD_POSITION, "dead-position", NORMAL, PLAYED, 0, ARB_ART_DEAD),
	R(INSUFFICIENT_MATERIAL, "insufficient-material", NORMAL, PLAYED, 0, ARB_ART_DEAD),
	R(INSUFFICIENT_MATERIAL_AUTO, "insufficient-material-auto", NORMAL, PLAYED, 0,
	  ARB_ART_DEAD),
	R(NOT_DETECTED, "not-detected", NORMAL, PLAYED, 0, ARB_ART_DEAD),
	R(FIVEFOLD_AUTO, "fivefold-auto", NORMAL, PLAYED, 0, ARB_ART_FIVEFOLD),
	R(FIVEFOLD_NOT_CONSECUTIVE, "fivefold-not-consecutive", NORMAL, PLAYED, 0,
	  ARB_ART_FIVEFOLD),
	R(SEVENTYFIVE_AUTO, "seventyfive-auto", NORMAL, PLAYED, 0, ARB_ART_SEVENTYFIVE),
	R(NO_AUTOMATIC_75_MOVE_DRAW, "no-automatic-75-move-draw", NORMAL, PLAYED, 0, ARB_ART_FIFTY),
	R(FIFTY_AUTO, "fifty-auto", NORMAL, PLAYED, 0, ARB_ART_FIFTY),
	R(THREEFOLD_AUTOCLAIM, "threefold-autoclaim", NORMAL, PLAYED, 0, ARB_ART_THREEFOLD),
	R(NO_CLAIM, "no-claim", NORMAL, PLAYED, 0, ARB_ART_THREEFOLD),
	R(TD_MAY_DECLARE_DRAW, "td-may-declare-draw", NORMAL, PLAYED, 0, ARB_ART_TD),
	R(CASTLING_960, "castling-960", NORMAL, PLAYED, 1, ARB_ART_CASTLING_960),
	/* FIDE 9.2, 9.3, 9.5, 10.2, App. G, Guidelines III; US 14C, 14H */
	R(THREEFOLD_CLAIM, "threefold-claim", NORMAL, PLAYED, 0, ARB_ART_THREEFOLD),
	R(THREEFOLD_CLAIM_REJECTED, "threefold-claim-rejected", NORMAL, PLAYED, 0,
	  ARB_ART_THREEFOLD),
	R(FIFTY_CLAIM, "fifty-claim", NORMAL, PLAYED, 0, ARB_ART_FIFTY),
	R(FIFTY_CLAIM_REJECTED, "fifty-claim-rejected", NORMAL, PLAYED, 0, ARB_ART_FIFTY),
	R(CLAIM_UNAVAILABLE, "claim-unavailable", NORMAL, PLAYED, 0, ARB_ART_QPF),
	R(QPF_UNAVAILABLE, "qpf-unavailable", NORMAL, PLAYED, 0, ARB_ART_QPF_SCOPE),
	R(QPF_INVALID, "qpf-invalid", NORMAL, PLAYED, 0, ARB_ART_QPF),
	R(QPF_CLAIMED, "qpf-claimed", NORMAL, PLAYED, 0, ARB_ART_QPF),
	R(INCREMENT_REQUESTED, "increment-requested", NORMAL, PLAYED, 0, ARB_ART_INCREMENT_REQUEST),
	R(INCREMENT_ADDED, "increment-added", NORMAL, PLAYED, 0, ARB_ART_INCREMENT_REQUEST),
	R(QPF_DRAW, "qpf-draw", ADJUDICATION, PLAYED, 0, ARB_ART_QPF),
	R(QPF_REJECTED, "qpf-rejected", NORMAL, PLAYED, 0, ARB_ART_QPF),
	R(QPF_POSTPONED, "qpf-postponed", NORMAL, PLAYED, 0, ARB_ART_QPF),
	R(RULING_IGNORED, "ruling-ignored", NORMAL, PLAYED, 2, NO_ART),
	R(TD_DRAW, "td-draw", ADJUDICATION, PLAYED, 0, ARB_ART_TD),
	/* FIDE 5.1.2, 5.2.3, 9.1; US 14B */
	R(OFFER, "offer", NORMAL, PLAYED, 2, ARB_ART_OFFER),
	R(OFFER_LAPSED, "offer-lapsed", NORMAL, PLAYED, 0, ARB_ART_OFFER),
	R(OFFER_NOT_ALLOWED, "offer-not-allowed", NORMAL, PLAYED, 0, ARB_ART_OFFER),
	R(OFFER_EXPIRED, "offer-expired", NORMAL, PLAYED, 0, ARB_ART_OFFER),
	R(NO_OFFER, "no-offer", NORMAL, PLAYED, 2, ARB_ART_OFFER),
	R(OFFER_DECLINED, "offer-declined", NORMAL, PLAYED, 2, ARB_ART_OFFER),
	R(AGREEMENT, "agreement", NORMAL, PLAYED, 0, ARB_ART_AGREEMENT),
	R(AGREEMENT_INVALID, "agreement-invalid", NORMAL, PLAYED, 0, ARB_ART_AGREEMENT),
	R(RESIGNATION, "resignation", NORMAL, PLAYED, 0, ARB_ART_RESIGN),
	R(RESIGN_DEAD_DRAW, "resign-dead-draw", NORMAL, PLAYED, 0, ARB_ART_RESIGN),
	/* FIDE 7.5, rapid/blitz appendices; US 11D, blitz 7d */
	R(ILLEGAL_MOVE_REINSTATED, "illegal-move-reinstated", NORMAL, PLAYED, 0, ARB_ART_ILLEGAL),
	R(ILLEGAL_MOVE_PENALTY, "illegal-move-penalty", NORMAL, PLAYED, 0, ARB_ART_ILLEGAL),
	R(ILLEGAL_MOVE_LOSS, "illegal-move-loss", INFRACTION, PLAYED, 0, ARB_ART_ILLEGAL_LOSS),
	R(ILLEGAL_MOVE_DRAW, "illegal-move-draw", INFRACTION, PLAYED, 0, ARB_ART_ILLEGAL_LOSS),
	R(ILLEGAL_INPUT_REJECTED, "illegal-input-rejected", NORMAL, PLAYED, 0, ARB_ART_ILLEGAL),
	R(CLOCK_MISUSE, "clock-misuse", NORMAL, PLAYED, 0, ARB_ART_PRESS),
	R(IMPROPER_CLOCK_PRESS, "improper-clock-press", NORMAL, PLAYED, 0, ARB_ART_PROMOTION),
	R(NOT_COMPLETED, "not-completed", NORMAL, PLAYED, 0, ARB_ART_COMPLETED),
	/* FIDE 6.6, 6.7, 6.9, 6.11; US 13C, 13D, 14E, 16K */
	R(TIME_FORFEIT, "time-forfeit", TIME, PLAYED, 0, ARB_ART_FLAG),
	R(TIME_DRAW, "time-draw", TIME, PLAYED, 0, ARB_ART_FLAG),
	R(TIME_CLAIM_REJECTED, "time-claim-rejected", NORMAL, PLAYED, 0, ARB_ART_FLAG_ESTABLISH),
	R(FLAG_DOWN, "flag-down", NORMAL, PLAYED, 2, ARB_ART_FLAG_ESTABLISH),
	R(BOTH_FLAGS_DRAW, "both-flags-draw", TIME, PLAYED, 0, ARB_ART_BOTH_FLAGS),
	R(BOTH_FLAGS_CONTINUE, "both-flags-continue", NORMAL, PLAYED, 0, ARB_ART_BOTH_FLAGS),
	R(BOTH_FLAGS_ARBITER, "both-flags-arbiter", NORMAL, PLAYED, 0, ARB_ART_TD),
	R(CLOCK, "clock", NORMAL, PLAYED, 2, NO_ART),
	R(LATE_TIME_LOST, "late-time-lost", NORMAL, PLAYED, 0, ARB_ART_DEFAULT_TIME),
	R(BOTH_LATE, "both-late", NORMAL, PLAYED, 0, ARB_ART_BOTH_LATE),
	R(DEFAULT_LOSS, "default-loss", INFRACTION, FORFEIT, 0, ARB_ART_DEFAULT_TIME),
	/* FIDE 2014/2018 12.1, 12.9; US 14K: the arbiter's (server's, runner's) decision */
	R(ABANDONED_LOSS, "abandoned-loss", ABANDONED, PLAYED, 0, ARB_ART_TD),
	R(STALLED_LOSS, "stalled-loss", ABANDONED, PLAYED, 0, ARB_ART_TD),
	R(INFRACTION_LOSS, "infraction-loss", INFRACTION, PLAYED, 0, ARB_ART_TD),
	R(ILLEGAL_MOVE_FORFEIT, "illegal-move-forfeit", INFRACTION, PLAYED, 0, ARB_ART_TD),
	R(ADJUDICATION_LOSS, "adjudication-loss", ADJUDICATION, PLAYED, 0, ARB_ART_TD),
	/* event regulations (docs/rules.md#armageddon-draw-on-time); the draw odds'
	 * Termination: see arbI_game_termination */
	R(ARMAGEDDON_TIME_LOSS, "armageddon-time-loss", TIME, PLAYED, 0, ARB_ART_DRAW_ODDS),
	R(ARMAGEDDON_DRAW_ODDS, "armageddon-draw-odds", NORMAL, PLAYED, 0, ARB_ART_DRAW_ODDS),
	R(IGNORED, "ignored", NORMAL, PLAYED, 2, NO_ART),
	R(RESULT_NOT_ADJUDICATED, "result-not-adjudicated", NORMAL, PLAYED, 1, NO_ART),
};

#undef R

static const reason_row *row_of(int code)
{
	return code >= 0 && code < ARB_REASON_COUNT ? &reasons[code] : &reasons[ARB_REASON_NONE];
}

const char *arb_reason_name(arb_reason reason)
{
	return row_of((int)reason)->name;
}

int arbI_reason_note(int code)
{
	return row_of(code)->note;
}

arb_article arbI_reason_article(int code)
{
	return row_of(code)->art;
}

int arbI_reason_of_name(const char *name)
{
	if (!name || !*name)
		return ARB_REASON_NONE;
	for (int i = ARB_REASON_NONE + 1; i < ARB_REASON_COUNT; i++)
		if (strcmp(name, reasons[i].name) == 0)
			return i;
	return ARB_REASON_CUSTOM;
}

/* ---- results and Termination values as text ------------------------------ */

static const char *const results[] = {[RESULT_NONE] = "*",
				      [RESULT_WHITE] = "1-0",
				      [RESULT_BLACK] = "0-1",
				      [RESULT_DRAW] = "1/2-1/2"};

const char *arbI_result_name(game_result r)
{
	return r >= RESULT_NONE && r <= RESULT_DRAW ? results[r] : "*";
}

game_result arbI_result_of_text(const char *text)
{
	for (int r = RESULT_NONE; text && r <= RESULT_DRAW; r++)
		if (strcmp(text, results[r]) == 0)
			return (game_result)r;
	return RESULT_OTHER;
}

/*
 * PGN Termination values (PGN standard 9.8.1; lichess writes them
 * capitalised, "Time forfeit"; cutechess-cli and fastchess add "illegal
 * move" and "stalled connection"), compared without case. "death",
 * "emergency" and anything else are TERM_OTHER.
 */
static const char *const terminations[] = {
	[TERM_NORMAL] = "normal",
	[TERM_TIME] = "time forfeit",
	[TERM_ABANDONED] = "abandoned",
	[TERM_STALLED] = "stalled connection",
	[TERM_INFRACTION] = "rules infraction",
	[TERM_ILLEGAL] = "illegal move",
	[TERM_ADJUDICATION] = "adjudication",
	[TERM_UNTERMINATED] = "unterminated",
};

const char *arbI_term_name(term_kind k)
{
	return k >= TERM_NORMAL && k < TERM_OTHER ? terminations[k] : "";
}

term_kind arbI_term_of_text(const char *term)
{
	if (!term)
		return TERM_NORMAL; /* the tag is optional */
	while (*term == ' ')
		term++;
	size_t n = strlen(term);
	while (n > 0 && term[n - 1] == ' ')
		n--;
	for (int k = TERM_NORMAL; k < TERM_OTHER; k++)
		if (strlen(terminations[k]) == n && strncasecmp(term, terminations[k], n) == 0)
			return (term_kind)k;
	return TERM_OTHER;
}

/* ---- the game's standing --------------------------------------------------- */

term_kind arbI_game_termination(const arb_game *g)
{
	if (!g->ended || g->ending < 0)
		return TERM_UNTERMINATED;
	int code = g->dec[g->ending].code;
	/* A draw scored as Black's win (Armageddon) keeps the Termination of
	 * a drawn ending on time (a flag against a side that cannot mate,
	 * both flags down); any other drawn ending it scores is "normal". */
	if (code == ARB_REASON_ARMAGEDDON_DRAW_ODDS)
		return row_of(g->odds_of)->term == TERM_TIME ? TERM_TIME : TERM_NORMAL;
	return row_of(code)->term;
}

game_result arbI_game_result_now(const arb_game *g)
{
	return g->ended && g->ending >= 0 ? g->result : RESULT_NONE;
}

/* The TRF code and the points of one side with scored result r. */
static void score_side(const arb_game *g, game_result r, int side, int forfeit, char trf[2],
		       char points[8])
{
	const char *code = "", *pts;
	game_result win = side == ARB_WHITE ? RESULT_WHITE : RESULT_BLACK;
	if (r == RESULT_DRAW)
		code = "=";
	else if (r == win)
		code = forfeit ? "+" : "1";
	else if (r == RESULT_WHITE || r == RESULT_BLACK)
		code = forfeit ? "-" : "0";
	if (r == RESULT_DRAW)
		pts = g->rules.points_draw;
	else if (r == win)
		pts = g->rules.points_win;
	else
		pts = g->rules.points_loss;
	snprintf(trf, 2, "%s", code);
	snprintf(points, 8, "%s", g->points[side][0] ? g->points[side] : pts);
}

void arb_game_result_get(const arb_game *g, arb_game_result *out)
{
	arbI_api_check_void(out);
	memset(out, 0, sizeof *out);
	strcpy(out->result, "*");
	strcpy(out->board, "*");
	strcpy(out->termination, arbI_term_name(TERM_UNTERMINATED));
	arbI_api_check_void(g);
	if (g->ended && g->ending >= 0) {
		const arb_decision *d = &g->dec[g->ending];
		snprintf(out->result, sizeof out->result, "%s", d->result);
		snprintf(out->board, sizeof out->board, "%s", d->board);
		out->code = d->code;
		snprintf(out->reason, sizeof out->reason, "%s", d->reason);
		snprintf(out->detail, sizeof out->detail, "%s", d->detail);
		snprintf(out->article, sizeof out->article, "%s", d->article);
		snprintf(out->termination, sizeof out->termination, "%s",
			 arbI_term_name(arbI_game_termination(g)));
		for (int i = 0; i < d->neffects && out->neffects < 16; i++)
			memcpy(out->effects[out->neffects++], d->effects[i],
			       sizeof out->effects[0]);
		int forfeit = row_of(d->code)->trf == TRF_FORFEIT;
		for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
			score_side(g, g->result, side, forfeit, out->trf[side], out->points[side]);
		return;
	}
	/* In play: the latest decision's reason (note 0), else the latest
	 * information (note 1); the effects of all. */
	int pick = -1;
	for (int i = g->ndec - 1; i >= 0 && pick < 0; i--)
		if (g->dec[i].note == 0)
			pick = i;
	for (int i = g->ndec - 1; i >= 0 && pick < 0; i--)
		if (g->dec[i].note == 1)
			pick = i;
	if (pick >= 0) {
		out->code = g->dec[pick].code;
		snprintf(out->reason, sizeof out->reason, "%s", g->dec[pick].reason);
		snprintf(out->detail, sizeof out->detail, "%s", g->dec[pick].detail);
		snprintf(out->article, sizeof out->article, "%s", g->dec[pick].article);
	}
	for (int i = 0; i < g->ndec; i++)
		for (int j = 0; j < g->dec[i].neffects && out->neffects < 16; j++)
			memcpy(out->effects[out->neffects++], g->dec[i].effects[j],
			       sizeof out->effects[0]);
}
