/*
 * event960.c -- a tournament's Chess960 start positions and its round dates.
 *
 * A Chess960 event is a set of notes ("### arbiter KEY: VALUE" comment
 * records, tournament.c): chess960-seed, chess960-per (board or pair; none:
 * one position a round) and chess960-double. The positions come from the
 * seed by arb_chess960_event_draw's order and are recorded when their round
 * is paired: chess960-round-R (a position a round, as before this file) or
 * chess960-round-R-board-B with the game's pairing numbers "(W-B)", so a
 * file keeps which game had which position whatever its board order. A
 * recorded position wins over the draw: the file is the event's record.
 */
#include "tournament.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int arbI_trf_date(const char *s); /* trf.c */

#define BOARDS_MAX 5000 /* a round's boards: 9999 players */

static arb_status fail(arb_error *err, arb_status code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static arb_status fail(arb_error *err, arb_status code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arb_status st = arbI_err_vreport(err, code, 0, NULL, fmt, ap);
	va_end(ap);
	return st;
}

arb_status arb_tournament_get_960(const arb_tournament *t, arb_tournament_960 *out, arb_error *err)
{
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(t && out, err);
	memset(out, 0, sizeof *out);
	const char *seed = arb_tournament_note(t, "chess960-seed");
	const char *per = arb_tournament_note(t, "chess960-per");
	const char *dbl = arb_tournament_note(t, "chess960-double");
	if (!seed)
		return ARB_OK;
	char *end;
	errno = 0;
	unsigned long long s = strtoull(seed, &end, 10);
	if (errno || end == seed || *end || *seed == '-')
		return fail(err, ARB_E_TRF, "the note chess960-seed '%s' is not a seed", seed);
	out->on = 1;
	out->seed = (uint64_t)s;
	if (!per || !strcmp(per, "round"))
		out->per = ARB_960_PER_ROUND;
	else if (!strcmp(per, "board"))
		out->per = ARB_960_PER_BOARD;
	else if (!strcmp(per, "pair"))
		out->per = ARB_960_PER_PAIR;
	else
		return fail(err, ARB_E_TRF,
			    "the note chess960-per '%s' is not round, board or pair", per);
	if (dbl && strcmp(dbl, "yes") && strcmp(dbl, "no"))
		return fail(err, ARB_E_TRF, "the note chess960-double '%s' is not yes or no", dbl);
	out->dbl = dbl && !strcmp(dbl, "yes");
	return ARB_OK;
}

arb_status arb_tournament_set_960(arb_tournament *t, const arb_tournament_960 *c)
{
	static const char *const per[] = {"round", "board", "pair"};
	char seed[24];
	arbI_api_check(t && c, ARB_E_ARGUMENT);
	if (!c->on || c->per < ARB_960_PER_ROUND || c->per > ARB_960_PER_PAIR)
		return ARB_E_ARGUMENT;
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)c->seed);
	arb_status st = arb_tournament_set_note(t, "chess960-seed", seed);
	/* the defaults are written only over a note that says otherwise, so that
	 * a one-position-a-round event's file is what it always was */
	if (st == ARB_OK && (c->per != ARB_960_PER_ROUND || arb_tournament_note(t, "chess960-per")))
		st = arb_tournament_set_note(t, "chess960-per", per[c->per]);
	if (st == ARB_OK && (c->dbl || arb_tournament_note(t, "chess960-double")))
		st = arb_tournament_set_note(t, "chess960-double", c->dbl ? "yes" : "no");
	return st;
}

/* A recorded position "N RANK" or "W-B WRANK brank", then " (A-B)" for a
 * board's: 0, or -1 when it is not one. ids may be NULL. */
static int parse_note(const char *v, int *w, int *b, int ids[2])
{
	char *end;
	long x = strtol(v, &end, 10), y = x;
	if (end == v || x < 0 || x >= ARB_CHESS960_COUNT)
		return -1;
	if (*end == '-') {
		const char *q = end + 1;
		y = strtol(q, &end, 10);
		if (end == q || y < 0 || y >= ARB_CHESS960_COUNT)
			return -1;
	}
	*w = (int)x;
	*b = (int)y;
	if (ids) {
		const char *p = strchr(end, '(');
		if (!p || sscanf(p, "(%d-%d)", &ids[0], &ids[1]) != 2)
			return -1;
	}
	return 0;
}

/* The board of round r whose note names ids a and b (in either order when
 * `any`), its position into *w *b: the board number, or 0 for none. */
static int find_board(const arb_tournament *t, int r, int a, int b, int any, int *w, int *bl)
{
	for (int k = 1; k <= BOARDS_MAX; k++) {
		char key[48];
		int ids[2], x, y;
		snprintf(key, sizeof key, "chess960-round-%d-board-%d", r, k);
		const char *v = arb_tournament_note(t, key);
		if (!v)
			return 0;
		if (parse_note(v, &x, &y, ids) == 0 &&
		    ((ids[0] == a && ids[1] == b) || (any && ids[0] == b && ids[1] == a))) {
			*w = x;
			*bl = y;
			return k;
		}
	}
	return 0;
}

int arb_tournament_board_of(const arb_tournament *t, int round, int white, int black)
{
	int w, b;
	arbI_api_check(t, 0);
	if (round < 1 || round > ARB_TRF_ROUNDS_MAX)
		return 0;
	return find_board(t, round, white, black, 0, &w, &b);
}

/* The round before r in which white and black met the last time, when
 * that was their first, third, ... meeting (their next game replays its
 * position); 0 otherwise. */
static int return_game(const arb_tournament *t, int r, int white, int black)
{
	int i = arb_tournament_player_index(t, white), meetings = 0, last = 0;
	if (i < 0)
		return 0;
	for (int k = 1; k < r && k <= t->nrounds; k++) {
		const tcell *c = &t->players[i].cells[k - 1];
		if (c->opponent == black) {
			meetings++;
			last = k;
		}
	}
	return meetings % 2 ? last : 0;
}

arb_status arb_tournament_game_960(const arb_tournament *t, int round, int board, int white,
				   int black, int *wpos, int *bpos, arb_error *err)
{
	arb_tournament_960 c;
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(t && wpos && bpos && round >= 1 && round <= ARB_TRF_ROUNDS_MAX, err);
	arb_status st = arb_tournament_get_960(t, &c, err);
	if (st != ARB_OK)
		return st;
	if (!c.on)
		return fail(err, ARB_E_ARGUMENT, "not a Chess960 event (no note chess960-seed)");
	if (c.per == ARB_960_PER_ROUND) {
		char key[32];
		snprintf(key, sizeof key, "chess960-round-%d", round);
		const char *v = arb_tournament_note(t, key);
		if (v && parse_note(v, wpos, bpos, NULL) == 0)
			return ARB_OK;
		if (v)
			return fail(err, ARB_E_TRF, "the note %s '%s' is not a position", key, v);
		if (t->rounds < round)
			return fail(err, ARB_E_ARGUMENT,
				    "round %d: the event has %d rounds (record 142)", round,
				    t->rounds);
		return arb_chess960_event_draw(c.seed, c.dbl, t->rounds, round, 0, wpos, bpos, err);
	}
	if (board < 1 || board > BOARDS_MAX)
		return fail(err, ARB_E_ARGUMENT, "board %d is out of range", board);
	if (find_board(t, round, white, black, 0, wpos, bpos))
		return ARB_OK;
	int first = c.per == ARB_960_PER_PAIR ? return_game(t, round, white, black) : 0;
	if (first && find_board(t, first, white, black, 1, wpos, bpos))
		return ARB_OK; /* the pair's second game: the first one's position */
	return arb_chess960_event_draw(c.seed, c.dbl, t->rounds, round, board, wpos, bpos, err);
}

/* "N RANK" or "W-B WRANK brank". */
static void position_text(char *buf, size_t n, int w, int b, int dbl)
{
	char wr[9], br[9];
	arb_chess960_back_rank(w, wr);
	arb_chess960_back_rank(b, br);
	for (char *s = br; *s; s++)
		*s = (char)(*s - 'A' + 'a');
	if (dbl)
		snprintf(buf, n, "%d-%d %s %s", w, b, wr, br);
	else
		snprintf(buf, n, "%d %s", w, wr);
}

arb_status arb_tournament_record_960(arb_tournament *t, int round, int board, int white, int black,
				     arb_error *err)
{
	arb_tournament_960 c;
	int w, b;
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(t && round >= 1 && round <= ARB_TRF_ROUNDS_MAX, err);
	arb_status st = arb_tournament_game_960(t, round, board, white, black, &w, &b, err);
	if (st != ARB_OK)
		return st;
	arb_tournament_get_960(t, &c, NULL);
	char key[48], value[64];
	position_text(value, sizeof value, w, b, c.dbl);
	if (c.per == ARB_960_PER_ROUND) {
		snprintf(key, sizeof key, "chess960-round-%d", round);
	} else {
		size_t n = strlen(value);
		snprintf(key, sizeof key, "chess960-round-%d-board-%d", round, board);
		snprintf(value + n, sizeof value - n, " (%d-%d)", white, black);
	}
	st = arb_tournament_set_note(t, key, value);
	return st == ARB_OK ? ARB_OK : fail(err, st, "cannot record %s", key);
}

/* ---- record 132: the dates of the rounds --------------------------------- */

int arb_tournament_round_date(const arb_tournament *t, int round)
{
	arbI_api_check(t, 0);
	if (round < 1 || round > ARB_TRF_ROUNDS_MAX)
		return 0;
	/* TRF: round r's date in columns 92 + 10 (r - 1) .. +7, YY/MM/DD */
	size_t at = 91 + 10 * (size_t)(round - 1);
	for (int i = 0; i < t->nrecs; i++) {
		const trecord *r = &t->recs[i];
		if (strcmp(r->code, "132") || r->len <= at)
			continue;
		char date[11];
		size_t n = r->len - at < 10 ? r->len - at : 10;
		memcpy(date, r->text + at, n);
		date[n] = '\0';
		return arbI_trf_date(date);
	}
	return 0;
}
