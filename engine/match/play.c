/*
 * play.c -- one game between two UCI engines on arbiter's clock, decided by
 * a rule profile as it goes (arb_play_game).
 *
 * The clock runs on a virtual timeline: each move adds the time measured
 * from sending "go" to reading "bestmove" (rounded to the millisecond), so
 * what arbiter does between two moves (feeding the event to the game, the
 * dead-position test, writing the next position) is charged to nobody. That
 * time is measured too (arb_play_report.overhead_*): it is the runner's cost.
 *
 * Every engine action becomes an event of the game, and the game (the
 * profile) decides: a legal move; an illegal one (the rules' penalty, after
 * which the same engine moves again from the same position, or a loss or a
 * draw); a flag (a loss, or a draw when the opponent cannot mate); the loss
 * of an engine that crashed or stalled (forfeit events: "abandoned",
 * "stalled connection"). Time effects of decisions ("+120s:black") are
 * applied to the clock. Claims (arb_claims): an engine claims threefold or
 * fifty moves only when the claim is valid, with its intended move when the
 * move it sent would complete the count, or before moving when the
 * opponent's move did: what a player who knows the rules does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_int.h"

#define ILLEGAL_MAX 10 /* illegal moves of one side before the runner stops it */
#define PLY_MAX_DEFAULT 2000

typedef struct play {
	const arb_play_spec *spec;
	arb_engine *eng[2];
	arb_game *g;
	arb_record *rec;
	arb_clock *clock;
	const arb_time_control *tc;
	long v;    /* the virtual time, ms */
	int node;  /* the record's last main-line node */
	char *pos; /* "position ... moves ...": the command for the engines */
	size_t len, cap;
	arb_play_report *rep;
	long long last_bestmove_us;
	int claimed_ply; /* the ply at which a claim was last made (-1) */
	int calm[2];     /* consecutive moves of each side with a score near 0 */
	int losing[2];   /* consecutive moves of each side with a losing score */
	int last_cp[2];
	int has_cp[2];
	int touch_from, touch_to; /* the squares an illegal move touched (-1) */
} play;

static const char *const colour_name[2] = {"white", "black"};

/* ---- the position command ----------------------------------------------- */

static int append(play *p, const char *s)
{
	size_t k = strlen(s);

	if (p->len + k + 1 > p->cap) {
		size_t cap = (p->cap ? 2 * p->cap : 1024) + k;
		char *b = realloc(p->pos, cap);
		if (!b)
			return -1;
		p->pos = b;
		p->cap = cap;
	}
	memcpy(p->pos + p->len, s, k + 1);
	p->len += k;
	return 0;
}

static int position_start(play *p, const arb_position *start, int standard)
{
	char fen[256];

	if (standard)
		return append(p, "position startpos");
	arb_position_to_fen(start, fen, sizeof fen, 0);
	return append(p, "position fen ") || append(p, fen);
}

/* ---- the clock ----------------------------------------------------------- */

/* The period side is in (the last one repeats). */
static const arb_period *period_of(const play *p, int side)
{
	const arb_control *c = &p->tc->side[side];
	int i = arb_clock_period(p->clock, side);

	if (c->nperiods == 0)
		return NULL;
	return &c->period[i < c->nperiods ? i : c->nperiods - 1];
}

/* Moves left in side's period by move count, 0 for the rest of the game. */
static int moves_to_go(const play *p, int side)
{
	const arb_control *c = &p->tc->side[side];
	int idx = arb_clock_period(p->clock, side), end = 0;

	for (int k = 0; k <= idx; k++) {
		int m = c->period[k < c->nperiods ? k : c->nperiods - 1].moves;
		if (m == 0)
			return 0;
		end += m;
	}
	int left = end - arb_clock_moves(p->clock, side);
	return left > 0 ? left : 0;
}

/* The time side may use now: its main time, plus the unused part of a simple
 * delay (all of it for the side not on move). */
static long usable(const play *p, int side, int to_move)
{
	long t = arb_clock_remaining(p->clock, side, p->v);
	const arb_period *pd = period_of(p, side);

	if (pd && pd->delay == ARB_DELAY_SIMPLE)
		t += side == to_move ? arb_clock_delay_left(p->clock, p->v) : pd->delay_ms;
	return t < 0 ? 0 : t;
}

/* The extra time after a move: the increment (from its move on), or a
 * Bronstein delay. */
static long bonus(const play *p, int side)
{
	const arb_period *pd = period_of(p, side);
	int next = arb_clock_moves(p->clock, side) + 1;

	if (!pd)
		return 0;
	if (pd->delay == ARB_DELAY_BRONSTEIN)
		return pd->delay_ms;
	return next >= pd->increment_from ? pd->increment_ms : 0;
}

/* After an illegal move, the moves touch-move allows (FIDE 4.3, which the
 * rules apply to the move replacing it): those of the piece touched, and of
 * them the captures of an opponent's piece touched, if any. "searchmoves"
 * with them, in the engine's notation; nothing when none is legal. */
static size_t touch_moves(const play *p, char *buf, size_t n)
{
	const arb_position *pos = arb_game_position(p->g);
	arb_move moves[ARB_MAX_MOVES], keep[ARB_MAX_MOVES];
	int count = arb_position_legal_moves(pos, moves), nkeep = 0, captures = 0;
	size_t k = 0;

	if (p->touch_from < 0)
		return 0;
	for (int i = 0; i < count; i++)
		if (ARB_MOVE_FROM(moves[i]) == p->touch_from)
			captures += ARB_MOVE_TO(moves[i]) == p->touch_to;
	for (int i = 0; i < count; i++)
		if (ARB_MOVE_FROM(moves[i]) == p->touch_from &&
		    (!captures || ARB_MOVE_TO(moves[i]) == p->touch_to))
			keep[nkeep++] = moves[i];
	if (nkeep == 0)
		return 0;
	k = (size_t)snprintf(buf, n, " searchmoves");
	for (int i = 0; i < nkeep && k + 8 < n; i++) {
		buf[k++] = ' ';
		k += arb_move_to_uci(pos, keep[i], buf + k);
	}
	return k;
}

static void go_line(const play *p, int side, char *buf, size_t n)
{
	const arb_engine_limits *l = &p->spec->limits[side];
	size_t k = (size_t)snprintf(buf, n, "go");

	if (p->clock) {
		k += (size_t)snprintf(buf + k, n - k, " wtime %ld btime %ld winc %ld binc %ld",
				      usable(p, ARB_WHITE, side), usable(p, ARB_BLACK, side),
				      bonus(p, ARB_WHITE), bonus(p, ARB_BLACK));
		int mtg = moves_to_go(p, side);
		if (mtg > 0)
			k += (size_t)snprintf(buf + k, n - k, " movestogo %d", mtg);
	}
	if (l->nodes > 0)
		k += (size_t)snprintf(buf + k, n - k, " nodes %ld", l->nodes);
	if (l->depth > 0)
		k += (size_t)snprintf(buf + k, n - k, " depth %d", l->depth);
	if (l->movetime_ms > 0)
		k += (size_t)snprintf(buf + k, n - k, " movetime %ld", l->movetime_ms);
	touch_moves(p, buf + k, n - k);
}

/* "+120s:black", "-30.5s:white", "set:white=60s": a decision's effect on the
 * clock. */
static void apply_effect(play *p, const char *fx)
{
	const char *colon = strrchr(fx, ':');
	int set = strncmp(fx, "set:", 4) == 0;
	int side = -1;
	double secs;
	char unit;

	if (!p->clock)
		return;
	if (set) {
		const char *eq = strchr(fx, '=');
		if (!eq || sscanf(eq + 1, "%lf%c", &secs, &unit) != 2 || unit != 's')
			return;
		side = strncmp(fx + 4, "white", 5) == 0 ? ARB_WHITE :
		       strncmp(fx + 4, "black", 5) == 0 ? ARB_BLACK :
							  -1;
		if (side >= 0)
			arb_clock_set(p->clock, side, (long)(secs * 1000 + 0.5), p->v);
		return;
	}
	if ((fx[0] != '+' && fx[0] != '-') || !colon ||
	    sscanf(fx + 1, "%lf%c", &secs, &unit) != 2 || unit != 's')
		return;
	side = strcmp(colon + 1, "white") == 0 ? ARB_WHITE :
	       strcmp(colon + 1, "black") == 0 ? ARB_BLACK :
						 -1;
	if (side >= 0)
		arb_clock_add(p->clock, side, (fx[0] == '-' ? -1 : 1) * (long)(secs * 1000 + 0.5),
			      p->v);
}

/* ---- events --------------------------------------------------------------- */

/* Feeds ev; applies the time effects of the decisions it took. */
static arb_status feed(play *p, const arb_event *ev, arb_error *err)
{
	int before = arb_game_decision_count(p->g);
	arb_status st = arb_game_event(p->g, ev, err);

	if (st != ARB_OK && st != ARB_E_PROFILE)
		return st;
	for (int i = before; i < arb_game_decision_count(p->g); i++) {
		const arb_decision *d = arb_game_decision(p->g, i);
		for (int k = 0; k < d->neffects; k++)
			apply_effect(p, d->effects[k]);
	}
	return ARB_OK;
}

static arb_event event_of(arb_event_kind kind, int side)
{
	arb_event ev;

	memset(&ev, 0, sizeof ev);
	ev.kind = kind;
	ev.color = (arb_color)side;
	ev.ms[0] = ev.ms[1] = -1;
	return ev;
}

static arb_status forfeit(play *p, int side, arb_forfeit_kind why, arb_error *err)
{
	arb_event ev = event_of(ARB_EV_FORFEIT, side);

	ev.forfeit = why;
	return feed(p, &ev, err);
}

static arb_status flag(play *p, int side, arb_error *err)
{
	arb_event ev = event_of(ARB_EV_FLAG, side);

	p->rep->flagged[side] = 1;
	return feed(p, &ev, err);
}

/* A UCI move text as the event grammar holds an illegal move: squares and a
 * promotion letter, else nothing (the move is then "not recorded"). */
static void illegal_text(const char *text, char *out, size_t n)
{
	size_t k = strlen(text);
	int ok = (k == 4 || k == 5) && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' &&
		 text[1] <= '8' && text[2] >= 'a' && text[2] <= 'h' && text[3] >= '1' &&
		 text[3] <= '8' && (k == 4 || strchr("qrbn", text[4]));

	if (!ok || k >= n)
		k = 0;
	memcpy(out, text, k);
	out[k] = '\0';
}

/* 1 with *kind when the side to move may claim a draw now: after playing
 * m (its intended move), or without a move (m 0: the position on the
 * board). */
static int claim_valid(const play *p, arb_move m, arb_claim_kind *kind)
{
	const arb_rules *r = arb_game_rules(p->g);
	int three, fifty;

	if (m) {
		three = arb_game_occurrences_after(p->g, m) >= r->threefold_count;
		fifty = arb_game_halfmove_clock_after(p->g, m) >= 2 * r->fifty_moves;
	} else {
		three = arb_game_occurrences(p->g) >= r->threefold_count;
		fifty = arb_position_halfmove_clock(arb_game_position(p->g)) >= 2 * r->fifty_moves;
	}
	if (!three && !fifty)
		return 0;
	*kind = three ? ARB_CLAIM_THREEFOLD : ARB_CLAIM_FIFTY;
	return 1;
}

/* ---- one move --------------------------------------------------------------- */

static void clk_comment(long ms, char *buf, size_t n)
{
	long s = ms / 1000;

	snprintf(buf, n, "[%%clk %ld:%02ld:%02ld.%03ld]", s / 3600, s / 60 % 60, s % 60, ms % 1000);
}

static void say(play *p, const char *fmt, const char *who, int move)
{
	if (!p->rep->detail[0])
		snprintf(p->rep->detail, sizeof p->rep->detail, fmt, who, move);
}

static int move_number(const play *p)
{
	return arb_position_fullmove_number(arb_game_position(p->g));
}

/* The legal move m of side, its clock reading clk (-1: none), into the
 * game (unless fed: the game played it already), the record and the
 * engines' position command. */
static arb_status play_legal(play *p, int side, arb_move m, long clk, int fed, arb_error *err)
{
	arb_event ev = event_of(ARB_EV_MOVE, side);
	char c[48];
	arb_status st;

	/* its UCI text from the position before it, for the event and the
	 * engines alike */
	arb_move_to_uci(fed ? arb_game_previous_position(p->g) : arb_game_position(p->g), m,
			ev.move);
	ev.ms[0] = clk;
	if (!fed && (st = feed(p, &ev, err)) != ARB_OK)
		return st;
	if ((p->node = arb_record_add_move(p->rec, p->node, m)) == ARB_NO_NODE)
		return ARB_E_NOMEM;
	if (clk >= 0) {
		clk_comment(clk, c, sizeof c);
		if (arb_record_set_comment(p->rec, p->node, c) != ARB_OK)
			return ARB_E_NOMEM;
	}
	if ((arb_game_ply_count(p->g) == 1 && append(p, " moves")) || append(p, " ") ||
	    append(p, ev.move))
		return ARB_E_NOMEM;
	return ARB_OK;
}

/* The number of the move side has just made. */
static int made_move_number(const play *p, int side)
{
	return move_number(p) - (side == ARB_BLACK);
}

/* The runner's adjudication by the engines' scores after side's move. */
static arb_status by_scores(play *p, int side, const arbI_go_reply *r, arb_error *err)
{
	const arb_play_spec *s = p->spec;
	arb_event ev;

	p->has_cp[side] = r->has_score;
	p->last_cp[side] = r->cp;
	p->calm[side] = r->has_score && abs(r->cp) <= s->draw_cp ? p->calm[side] + 1 : 0;
	p->losing[side] = r->has_score && r->cp <= -s->resign_cp ? p->losing[side] + 1 : 0;
	if (arb_game_over(p->g))
		return ARB_OK;
	if (s->resign_moves > 0 && p->losing[side] >= s->resign_moves && p->has_cp[!side] &&
	    p->last_cp[!side] >= s->resign_cp) {
		p->rep->adjudicated = 1;
		say(p, "%s resigned by the runner's score adjudication (move %d)",
		    colour_name[side], made_move_number(p, side));
		return forfeit(p, side, ARB_FORFEIT_ADJUDICATION, err);
	}
	if (s->draw_moves > 0 && move_number(p) >= s->draw_from && p->calm[0] >= s->draw_moves &&
	    p->calm[1] >= s->draw_moves) {
		p->rep->adjudicated = 1;
		say(p, "%s: drawn by the runner's score adjudication (move %d)", "game",
		    made_move_number(p, side));
		ev = event_of(ARB_EV_RULING, side);
		ev.ruling = ARB_RULING_DRAW;
		return feed(p, &ev, err);
	}
	return ARB_OK;
}

/* The engine failed (crashed, stalled): its loss off the board. */
static arb_status lost_engine(play *p, int side, int stalled, arb_error *err)
{
	if (stalled) {
		p->rep->stalled[side] = 1;
		say(p, "%s stalled at move %d", colour_name[side], move_number(p));
	} else {
		p->rep->crashed[side] = 1;
		say(p, "%s crashed at move %d", colour_name[side], move_number(p));
	}
	return forfeit(p, side, stalled ? ARB_FORFEIT_STALLED : ARB_FORFEIT_ABANDONED, err);
}

/* After a timeout: "stop", and a short wait for its bestmove. */
static void stop_search(play *p, arb_engine *e)
{
	long grace = p->spec->flag_grace_ms > 0 ? p->spec->flag_grace_ms : 1000;
	arbI_go_reply r;

	memset(&r, 0, sizeof r);
	if (arbI_engine_send(e, "stop") != 0 ||
	    arbI_engine_wait_bestmove(e, arbI_now_us() + grace * 1000LL, &r) != ARBI_WAIT_OK)
		arbI_engine_break(e);
}

static arb_status illegal(play *p, int side, const char *text, arb_error *err)
{
	arb_event ev = event_of(ARB_EV_ILLEGAL, side);
	arb_status st;

	p->rep->illegal[side]++;
	say(p, "%s sent an illegal move at move %d", colour_name[side], move_number(p));
	illegal_text(text, ev.move, sizeof ev.move);
	if (ev.move[0]) {
		const arb_position *pos = arb_game_position(p->g);
		int from = (ev.move[0] - 'a') + 8 * (ev.move[1] - '1');
		int to = (ev.move[2] - 'a') + 8 * (ev.move[3] - '1');
		arb_piece a = arb_position_piece_at(pos, from), b = arb_position_piece_at(pos, to);
		if (a != ARB_EMPTY && (int)ARB_PIECE_COLOR(a) == side) {
			p->touch_from = from;
			p->touch_to = b != ARB_EMPTY && (int)ARB_PIECE_COLOR(b) != side ? to : -1;
		}
	}
	if ((st = feed(p, &ev, err)) != ARB_OK || arb_game_over(p->g))
		return st;
	if (p->rep->illegal[side] >= ILLEGAL_MAX)
		return forfeit(p, side, ARB_FORFEIT_INFRACTION, err);
	return ARB_OK;
}

static arb_status one_move(play *p, arb_error *err)
{
	const arb_play_spec *s = p->spec;
	int side = arb_position_side_to_move(arb_game_position(p->g));
	int ply = arb_game_ply_count(p->g);
	arb_engine *e = p->eng[side];
	arb_claim_kind kind;
	arb_event ev;
	arbI_go_reply r;
	char go[2048];
	arb_move m;

	if (s->claims == ARB_CLAIMS_AUTO && p->claimed_ply != ply && claim_valid(p, 0, &kind)) {
		p->claimed_ply = ply;
		ev = event_of(ARB_EV_CLAIM, side);
		ev.claim = kind;
		return feed(p, &ev, err);
	}
	if (!e || !arb_engine_alive(e))
		return lost_engine(p, side, 0, err);
	long avail = p->clock ? usable(p, side, side) : 0;
	go_line(p, side, go, sizeof go);
	long long t0 = arbI_now_us();
	if (p->last_bestmove_us) {
		double over = (double)(t0 - p->last_bestmove_us);
		p->rep->overhead_us_sum += over;
		p->rep->overhead_count++;
		if (over > p->rep->overhead_us_max)
			p->rep->overhead_us_max = over;
	}
	if (arbI_engine_send(e, p->pos) != 0 || arbI_engine_send(e, go) != 0)
		return lost_engine(p, side, 0, err);
	t0 = arbI_now_us();
	long wait = p->clock ?
			    avail + s->margin_ms + 1 :
			    (s->stall_ms > 0 ? s->stall_ms : 60000) + s->limits[side].movetime_ms;
	memset(&r, 0, sizeof r);
	arbI_wait w = arbI_engine_wait_bestmove(e, t0 + wait * 1000LL, &r);
	if (w == ARBI_WAIT_EOF)
		return lost_engine(p, side, 0, err);
	if (w == ARBI_WAIT_TIMEOUT) {
		stop_search(p, e);
		if (!p->clock)
			return lost_engine(p, side, 1, err);
		p->v += avail;
		say(p, "%s lost on time at move %d", colour_name[side], move_number(p));
		return flag(p, side, err);
	}
	p->last_bestmove_us = r.at_us;
	long used = (long)((r.at_us - t0 + 500) / 1000);
	if (p->clock && used >= avail) {
		if (used > avail + s->margin_ms || avail == 0) {
			p->v += avail;
			say(p, "%s lost on time at move %d", colour_name[side], move_number(p));
			return flag(p, side, err);
		}
		used = avail - 1; /* within the margin */
	}
	p->v += used;
	if (arb_move_from_uci(arb_game_position(p->g), r.move, &m, NULL) != ARB_OK ||
	    m == ARB_MOVE_NULL)
		return illegal(p, side, r.move, err);
	if (s->claims == ARB_CLAIMS_AUTO && claim_valid(p, m, &kind)) {
		p->claimed_ply = ply;
		ev = event_of(ARB_EV_CLAIM, side);
		ev.claim = kind;
		arb_move_to_uci(arb_game_position(p->g), m, ev.move);
		arb_status st = feed(p, &ev, err);
		if (st != ARB_OK || arb_game_over(p->g))
			return st;
		if (arb_game_ply_count(p->g) != ply) { /* rejected, its move played */
			if (p->clock)
				arb_clock_press(p->clock, p->v);
			return play_legal(p, side, m, -1, 1, err);
		}
	}
	long clk = -1;
	if (p->clock) {
		arb_clock_press(p->clock, p->v);
		clk = arb_clock_remaining(p->clock, side, p->v);
	}
	arb_status st = play_legal(p, side, m, clk, 0, err);
	if (st == ARB_E_EVENT) { /* a move the rules refuse here: touch-move */
		snprintf(p->rep->detail, sizeof p->rep->detail, "%s: move %s refused: %.80s",
			 colour_name[side], r.move, err->message);
		return forfeit(p, side, ARB_FORFEIT_INFRACTION, err);
	}
	if (st != ARB_OK)
		return st;
	p->touch_from = p->touch_to = -1;
	return by_scores(p, side, &r, err);
}

/* ---- the game --------------------------------------------------------------- */

/* ucinewgame for one engine; 0, or the side's loss (1) fed. */
static int new_game(play *p, int side, int chess960, arb_status *st, arb_error *err)
{
	arb_engine *e = p->eng[side];

	if (e && arb_engine_alive(e) && arbI_engine_set_960(e, chess960) == 0 &&
	    arbI_engine_send(e, "ucinewgame") == 0) {
		arbI_wait w = arbI_engine_sync(e, arbI_engine_timeout(e));
		if (w == ARBI_WAIT_OK)
			return 0;
		*st = lost_engine(p, side, w == ARBI_WAIT_TIMEOUT, err);
		return 1;
	}
	*st = lost_engine(p, side, 0, err);
	return 1;
}

static arb_status start(play *p, const arb_play_spec *spec, arb_error *err)
{
	const arb_position *start = spec->start;
	arb_position *std = NULL;
	arb_status st = ARB_E_NOMEM;

	if (!start && !(start = std = arb_position_new()))
		return ARB_E_NOMEM;
	int chess960 = arb_position_is_chess960(start);
	for (int side = 0; side < 2; side++)
		if (chess960 && p->eng[side] &&
		    !arb_engine_has_option(p->eng[side], "UCI_Chess960")) {
			st = arbI_err_report(err, ARB_E_ENGINE, 0,
					     "engine '%s' does not offer UCI_Chess960",
					     arb_engine_name(p->eng[side]));
			goto done;
		}
	for (int side = 0; side < 2; side++)
		if (!spec->tc && !spec->limits[side].nodes && !spec->limits[side].depth &&
		    !spec->limits[side].movetime_ms) {
			st = arbI_err_report(err, ARB_E_ENGINE, 0,
					     "no time control and no limit for %s",
					     colour_name[side]);
			goto done;
		}
	p->tc = spec->tc && (spec->tc->kind == ARB_TC_PERIODS ||
			     spec->tc->kind == ARB_TC_SANDCLOCK) ?
			spec->tc :
			NULL;
	if (!(p->g = arb_game_new(spec->rules, start, p->tc)))
		goto done;
	arb_record_clear(p->rec);
	if (arb_record_set_start(p->rec, start) != ARB_OK ||
	    position_start(p, start, spec->start == NULL) != 0)
		goto done;
	if (p->tc) {
		if (!(p->clock = arb_clock_new(p->tc, ARB_PERIOD_BY_MOVES)))
			goto done;
		if (arb_position_side_to_move(start) == ARB_BLACK)
			arb_clock_set_turn(p->clock, ARB_BLACK, 0);
		arb_clock_start(p->clock, 0);
	}
	st = ARB_OK;
	for (int side = 0; side < 2 && !arb_game_over(p->g); side++)
		if ((side == 0 || !p->eng[1] || p->eng[1] != p->eng[0]) &&
		    new_game(p, side, chess960, &st, err))
			break;
done:
	arb_position_free(std);
	return st;
}

arb_status arb_play_game(const arb_play_spec *spec, arb_engine *white, arb_engine *black,
			 arb_game **game_out, arb_record *rec, arb_play_report *report,
			 arb_error *err)
{
	arbI_api_check_err(spec && game_out && rec && report, err);
	play p;
	arb_status st;
	arb_error own;

	if (!err)
		err = &own;
	memset(&p, 0, sizeof p);
	memset(report, 0, sizeof *report);
	*game_out = NULL;
	p.spec = spec;
	p.eng[ARB_WHITE] = white;
	p.eng[ARB_BLACK] = black;
	p.rec = rec;
	p.rep = report;
	p.claimed_ply = -1;
	p.touch_from = p.touch_to = -1;
	p.node = 0;
	if ((st = start(&p, spec, err)) != ARB_OK)
		goto done;
	int max_plies = 2 * (spec->max_moves > 0 ? spec->max_moves : PLY_MAX_DEFAULT / 2);
	while (!arb_game_over(p.g)) {
		if (report->flagged[0] || report->flagged[1])
			break; /* a flag the rules did not end the game on: stop here */
		if (arb_game_ply_count(p.g) >= max_plies) {
			arb_event ev = event_of(ARB_EV_RULING, ARB_WHITE);
			ev.ruling = ARB_RULING_DRAW;
			report->adjudicated = 1;
			say(&p, "%s: drawn by the runner after %d moves", "game", max_plies / 2);
			if ((st = feed(&p, &ev, err)) != ARB_OK)
				goto done;
			break;
		}
		if ((st = one_move(&p, err)) != ARB_OK)
			goto done;
	}
	report->plies = arb_game_ply_count(p.g);
	st = arb_game_to_record(p.g, rec);
done:
	if (st != ARB_OK && st != ARB_E_PROFILE) {
		arb_game_free(p.g);
		p.g = NULL;
	}
	*game_out = p.g;
	arb_clock_free(p.clock);
	free(p.pos);
	return st;
}
