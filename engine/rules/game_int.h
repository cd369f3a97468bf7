/*
 * game_int.h -- the adjudicator's internals, shared by the files of the
 * rules layer that make up arb_game: game.c (events and decisions),
 * game_pgn.c (PGN comment commands, records both ways) and reasons.c
 * (the reason table, terminations, TRF codes and the game's standing).
 *
 * Only those files see struct arb_game; everything else goes through
 * arbiter.h. The invariants they keep together: dec[ending] is the ending
 * decision while `ended`; an event that is refused, or during which memory
 * ran out, is undone whole (arb_game_event), so it changes nothing; and no
 * helper that grows an array reports its failure but by setting `nomem`
 * (SQLite's mallocFailed), which the entry point turns into ARB_E_NOMEM.
 */
#ifndef ARBITER_GAME_INT_H
#define ARBITER_GAME_INT_H

#include "arbint.h"

#include <stdarg.h>
#include <stdio.h>

/* A result: scored, or on the board. Text ("1-0") only at the edge:
 * arbI_result_name, arbI_result_of_text (RESULT_OTHER for text that is none). */
typedef enum game_result {
	RESULT_OTHER = -1,
	RESULT_NONE = 0,
	RESULT_WHITE,
	RESULT_BLACK,
	RESULT_DRAW
} game_result;

/* The classes of PGN Termination values (PGN standard 9.8.1, with the
 * runners' "stalled connection" and "illegal move"): arbI_term_name, arbI_term_of_text. */
typedef enum term_kind {
	TERM_NORMAL,
	TERM_TIME,
	TERM_ABANDONED,
	TERM_STALLED,
	TERM_INFRACTION,
	TERM_ILLEGAL,
	TERM_ADJUDICATION,
	TERM_UNTERMINATED,
	TERM_OTHER
} term_kind;

struct arb_game {
	arb_rules rules;
	arb_history *h;
	arb_time_control tc;
	int have_tc;
	long time_ms[2]; /* -1 unknown */
	int strikes[2];
	int moves_made[2];
	int ended;
	int ending;         /* index of the ending decision */
	game_result result; /* the scored result of the ending */
	int odds_of;        /* the drawn ending a draw-odds win scores (arb_reason) */

	arb_position *start;     /* copy of the start position */
	arb_position *prev;      /* the position before the last move */
	arb_position *prev_kept; /* prev as it was before the event being fed */
	arb_event *ev;
	int *evply;           /* plies played when each event was fed */
	unsigned char *evinf; /* 1: inferred from the tags, not in the record; 2: in the
				  * record, marked inferred by an earlier rewrite */
	int nev, evcap;
	arb_decision *dec;
	int ndec, deccap;

	int offer_by;        /* colour with an open draw offer, or -1 */
	int offer_lapsed_by; /* colour whose last offer lapsed, or -1 */
	int last_offer_ply[2];
	int claim_open; /* ARB_CLAIM_QPF / _INCREMENT awaiting a ruling, or -1 */
	int claim_by;
	int last_claim_decided; /* the last claim was decided by the engine */
	int flag_down[2];       /* order in which flags fell (1, 2), 0 = up */
	int nflags;
	int dead_noted;     /* online: the undetected dead position was noted */
	int touch_side;     /* side bound by touch-move after an illegal move, or -1 */
	int touch_from;     /* the square of the piece that illegal move touched */
	int touch_victim;   /* the opponent's piece it would have taken, or -1 */
	int touch_castle;   /* it was a castling attempt: a king move is due */
	char touch_text[8]; /* the illegal move, for messages */
	long late_ms[2];    /* when each player arrived (late: events), -1 present */
	int inferring;      /* events inferred: 1 from the tags, 2 read marked so */
	int result_left;    /* the Result tag implied no event (infer_ending) */
	char hook_err[ARB_ERROR_MESSAGE_SIZE];
	int hook_failed;
	int nomem;         /* an allocation failed: sticky until the public entry
				  * point (arb_game_event, arb_game_from_record) undoes
				  * the event and answers ARB_E_NOMEM */
	char points[2][8]; /* set by an ending hook */
};

static inline const arb_position *pos_of(const arb_game *g)
{
	return arb_history_position(g->h);
}

/* snprintf that may cut its output on purpose (messages, details). */
static inline void put(char *buf, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static inline void put(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
}

/* ---- game.c ---- */

/* Appends a decision for reason `code` with the note level and article of
 * its row (reasons.c) and a detail; NULL when out of memory (the game's
 * nomem is then set, and stays: every later call answers NULL). arbI_game_decide_at cites the article of key `art`
 * instead (ARB_ART_COUNT: none). */
arb_decision *arbI_game_decide(arb_game *g, int code, const char *detail, ...);
arb_decision *arbI_game_decide_at(arb_game *g, int code, arb_article art, const char *detail, ...);

/* ---- reasons.c ---- */

/* The row of a reason: note level, article key; the code of a name
 * (ARB_REASON_CUSTOM for a name that is none, ARB_REASON_NONE for ""). */
int arbI_reason_note(int code);
arb_article arbI_reason_article(int code);
int arbI_reason_of_name(const char *name);
const char *arbI_result_name(game_result r);
game_result arbI_result_of_text(const char *text);
const char *arbI_term_name(term_kind k);
term_kind arbI_term_of_text(const char *text);
/* The Termination class of the game's ending (TERM_UNTERMINATED in play)
 * and its scored result (RESULT_NONE in play). */
term_kind arbI_game_termination(const arb_game *g);
game_result arbI_game_result_now(const arb_game *g);

#endif
