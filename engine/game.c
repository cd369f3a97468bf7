/*
 * game.c -- a game as an event log, adjudicated under a rule profile.
 *
 * The game owns a history (positions and repetition counts), the last known
 * clock readings, per-player strikes, the open draw offer and the open
 * claim. Each event is checked first (an event that cannot happen here is
 * refused with ARB_E_EVENT and changes nothing), then decided under the
 * rules: every decision is appended to `dec` with its reason code, the
 * article that decides it (rules->article[...]) and its clock effects. Once
 * a decision ends the game, later events are logged and ignored.
 *
 * The precedence of automatic endings is fixed and lives in after_move():
 * checkmate, stalemate, dead position, fivefold, 75 moves, automatic
 * 50 moves and threefold (a mate on the move that reaches a limit wins:
 * FIDE 2014 9.6b, 2018+ 9.6.2, US 14K2). Which of them apply, and what a
 * claim, an illegal move or a flag costs, is read from arb_rules alone.
 */
#include <arbiter.h>

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "record.h"
#include "unwinnable.h"

/* Search budget for the "can this side still mate" questions asked while
 * adjudicating (flags, illegal moves, resignations): the library default. */
#define FLAG_NODES 0L

struct arb_game {
	arb_rules rules;
	arb_history *h;
	arb_time_control tc;
	int have_tc;
	long time_ms[2];         /* -1 unknown */
	int strikes[2];
	int moves_made[2];
	int ended;
	int ending;              /* index of the ending decision */

	arb_position *start;     /* copy of the start position */
	arb_position *prev;      /* the position before the last move */
	arb_event *ev;
	int *evply;              /* plies played when each event was fed */
	unsigned char *evinf;    /* 1: inferred from the tags, not in the record; 2: in the
				  * record, marked inferred by an earlier rewrite */
	int nev, evcap;
	arb_decision *dec;
	int ndec, deccap;

	int offer_by;            /* colour with an open draw offer, or -1 */
	int offer_lapsed_by;     /* colour whose last offer lapsed, or -1 */
	int last_offer_ply[2];
	int claim_open;          /* ARB_CLAIM_QPF / _INCREMENT awaiting a ruling, or -1 */
	int claim_by;
	int last_claim_decided;  /* the last claim was decided by the engine */
	int flag_down[2];        /* order in which flags fell (1, 2), 0 = up */
	int nflags;
	int dead_noted;          /* online: the undetected dead position was noted */
	int touch_side;          /* side bound by touch-move after an illegal move, or -1 */
	int touch_from;          /* the square of the piece that illegal move touched */
	int touch_victim;        /* the opponent's piece it would have taken, or -1 */
	int touch_castle;        /* it was a castling attempt: a king move is due */
	char touch_text[8];      /* the illegal move, for messages */
	long late_ms[2];         /* when each player arrived (late: events), -1 present */
	int inferring;           /* events inferred: 1 from the tags, 2 read marked so */
	int result_left;         /* the Result tag implied no event (infer_ending) */
	char hook_err[ARB_ERROR_MESSAGE_SIZE];
	int hook_failed;
	char points[2][8];       /* set by an ending hook */
};

/* ---- small helpers --------------------------------------------------- */

static const char *color_name(int c) { return c == ARB_WHITE ? "white" : "black"; }

static arb_status event_error(arb_error *err, arb_status code, int column, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		memset(err, 0, sizeof *err);
		err->code = code;
		err->column = column;
		va_start(ap, fmt);
		vsnprintf(err->message, sizeof err->message, fmt, ap);
		va_end(ap);
	}
	return code;
}

static const arb_position *pos_of(const arb_game *g) { return arb_history_position(g->h); }

/* snprintf that may cut its output on purpose (messages, details). */
static void put(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
}

/* "120s", "45.5s" from milliseconds (no floating point). */
static void fmt_secs(char *buf, size_t n, long ms)
{
	long a = ms < 0 ? -ms : ms;
	if (a % 1000 == 0)
		put(buf, n, "%lds", a / 1000);
	else if (a % 100 == 0)
		put(buf, n, "%ld.%lds", a / 1000, (a % 1000) / 100);
	else
		put(buf, n, "%ld.%03lds", a / 1000, a % 1000);
}

/* ---- decisions ------------------------------------------------------- */

static arb_decision *decide(arb_game *g, int note, const char *reason, arb_article art,
			    const char *detail, ...)
{
	if (g->ndec == g->deccap) {
		int cap = g->deccap ? 2 * g->deccap : 16;
		arb_decision *d = realloc(g->dec, (size_t)cap * sizeof *d);
		if (!d)
			return NULL;
		g->dec = d;
		g->deccap = cap;
	}
	arb_decision *d = &g->dec[g->ndec++];
	memset(d, 0, sizeof *d);
	d->event = g->nev - 1;
	d->ply = arb_history_ply_count(g->h);
	d->note = note;
	strcpy(d->result, "*");
	strcpy(d->board, "*");
	snprintf(d->reason, sizeof d->reason, "%s", reason);
	if (detail && *detail) {
		va_list ap;
		va_start(ap, detail);
		vsnprintf(d->detail, sizeof d->detail, detail, ap);
		va_end(ap);
	}
	if (g->inferring) {
		size_t k = strlen(d->detail);
		snprintf(d->detail + k, sizeof d->detail - k, "%s(inferred from the tags)",
			 k ? " " : "");
	}
	if (art < ARB_ART_COUNT)
		arb_rules_cite(&g->rules, art, d->article, sizeof d->article);
	return d;
}

static void effect(arb_decision *d, const char *fmt, ...)
{
	if (!d || d->neffects >= ARB_DECISION_EFFECTS)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->effects[d->neffects++], sizeof d->effects[0], fmt, ap);
	va_end(ap);
}

/* Time effects: applied to the clock reading when it is known. */
static void add_time(arb_game *g, arb_decision *d, int side, long ms)
{
	char s[24];
	if (ms == 0)
		return;
	fmt_secs(s, sizeof s, ms);
	effect(d, "%c%s:%s", ms > 0 ? '+' : '-', s, color_name(side));
	if (g->time_ms[side] >= 0) {
		g->time_ms[side] += ms;
		if (g->time_ms[side] < 0)
			g->time_ms[side] = 0;
	}
}

static void set_time(arb_game *g, arb_decision *d, int side, long ms)
{
	char s[24];
	fmt_secs(s, sizeof s, ms);
	effect(d, "set:%s=%s", color_name(side), s);
	g->time_ms[side] = ms;
}

/* ---- ending the game and scoring ------------------------------------- */

static const char *win_for(int side) { return side == ARB_WHITE ? "1-0" : "0-1"; }

static int hook_failed(arb_game *g, const char *which, const char *msg)
{
	snprintf(g->hook_err, sizeof g->hook_err, "profile hook %s: %s", which, msg);
	g->hook_failed = 1;
	return 0;
}

/*
 * Ends the game with board result `board` on decision d: the scored result
 * follows score.draw (Armageddon draw odds: a drawn board is a Black win,
 * event regulations; MATRIX Q14), then the profile's ending hook may change
 * or cancel it. Returns 1 if the game ended.
 */
static int end_game(arb_game *g, arb_decision *d, const char *board, int flagger)
{
	if (!d)
		return 0;
	snprintf(d->board, sizeof d->board, "%s", board);
	snprintf(d->result, sizeof d->result, "%s", board);
	d->ends = 1;
	if (strcmp(board, "1/2-1/2") == 0 && g->rules.draw_scoring == ARB_DRAW_SCORED_BLACK_WIN) {
		/* Either way the event's regulation, not the Laws, decides the
		 * score: the reason says which, the article names it. */
		int time_loss = flagger == ARB_BLACK && !g->rules.draw_odds_on_time_draw;
		char was[sizeof d->detail];
		put(was, sizeof was, "%s%s%s", d->reason, d->detail[0] ? " " : "", d->detail);
		put(d->detail, sizeof d->detail, "(%s)", was);
		/* Regulations: "a loss on time is a loss" (MATRIX Q14 option). */
		snprintf(d->reason, sizeof d->reason, "%s",
			 time_loss ? "armageddon-time-loss" : "armageddon-draw-odds");
		strcpy(d->result, time_loss ? "1-0" : "0-1");
		size_t k = strlen(d->article);
		snprintf(d->article + k, sizeof d->article - k, "%s%s", k ? " " : "",
			 g->rules.article[ARB_ART_DRAW_ODDS][0] ? g->rules.article[ARB_ART_DRAW_ODDS]
								: "+ event regulations");
		effect(d, "board=%s", board);
	}
	if (g->rules.on_end) {
		arb_hook_out out;
		char msg[ARB_ERROR_MESSAGE_SIZE] = "";
		memset(&out, 0, sizeof out);
		g->ended = 1; /* the hook sees the game as ended */
		g->ending = (int)(d - g->dec);
		int rc = g->rules.on_end(g->rules.hook_data, g, d, &out, msg, sizeof msg);
		g->ended = 0;
		d = &g->dec[g->ending];
		if (rc != 0) {
			/* The rules' own ending stands; the caller gets the error. */
			hook_failed(g, "on_end", msg);
			g->ended = 1;
			g->offer_by = -1;
			g->claim_open = -1;
			return 1;
		}
		if (out.set) {
			if (out.reason[0])
				snprintf(d->reason, sizeof d->reason, "%s", out.reason);
			if (out.detail[0])
				snprintf(d->detail, sizeof d->detail, "%s", out.detail);
			if (out.article[0])
				snprintf(d->article, sizeof d->article, "%s", out.article);
			if (out.points[0][0] || out.points[1][0]) {
				memcpy(g->points, out.points, sizeof g->points);
			}
			if (strcmp(out.result, "*") == 0) {
				d->ends = 0; /* the hook cancelled the ending */
				strcpy(d->result, "*");
				strcpy(d->board, "*");
				return 0;
			}
			if (out.result[0])
				snprintf(d->result, sizeof d->result, "%s", out.result);
		}
	}
	g->ended = 1;
	g->ending = (int)(d - g->dec);
	g->offer_by = -1;
	g->claim_open = -1;
	return 1;
}

/* ---- "can this side still mate" under each test ---------------------- */

static int count_pieces(const arb_position *pos, int side, int type)
{
	int n = 0;
	for (int sq = 0; sq < 64; sq++)
		if (arb_position_piece_at(pos, sq) == ARB_PIECE(side, type))
			n++;
	return n;
}

static int only_king_and(const arb_position *pos, int side, int type1, int type2)
{
	for (int sq = 0; sq < 64; sq++) {
		arb_piece p = arb_position_piece_at(pos, sq);
		if (p == ARB_EMPTY || (int)ARB_PIECE_COLOR(p) != side)
			continue;
		int t = ARB_PIECE_TYPE(p);
		if (t != ARB_KING && t != type1 && t != type2)
			return 0;
	}
	return 1;
}

/*
 * lichess's per-side test (scalachess InsufficientMatingMaterial(board,
 * color), MATRIX 1.4): can `side` not win when `other` runs out of time?
 */
static int lichess_cannot_win(const arb_position *pos, int side)
{
	int other = !side;
	if (only_king_and(pos, side, ARB_KING, ARB_KING))
		return 1;
	if (only_king_and(pos, side, ARB_KNIGHT, ARB_KNIGHT))
		return count_pieces(pos, side, ARB_KNIGHT) == 1 &&
		       only_king_and(pos, other, ARB_QUEEN, ARB_QUEEN);
	if (only_king_and(pos, side, ARB_BISHOP, ARB_BISHOP)) {
		int colours = 0;
		for (int sq = 0; sq < 64; sq++)
			if (ARB_PIECE_TYPE(arb_position_piece_at(pos, sq)) == ARB_BISHOP)
				colours |= 1 << ((ARB_FILE(sq) + ARB_RANK(sq)) & 1);
		int other_np = count_pieces(pos, other, ARB_KNIGHT) + count_pieces(pos, other, ARB_PAWN);
		return colours != 3 && other_np == 0;
	}
	return 0;
}

/* Whether `side` cannot mate, under test `t`; *what gets a few words. */
static int cannot_mate(const arb_game *g, arb_mate_test t, int side, const char **what)
{
	const arb_position *pos = pos_of(g);
	switch (t) {
	case ARB_MATE_FIDE1997_BLITZ:
		/* 1997 App. C4 (MATRIX Q15): two knights against a bare king are
		 * not mating potential. */
		if (only_king_and(pos, side, ARB_KNIGHT, ARB_KNIGHT) &&
		    count_pieces(pos, side, ARB_KNIGHT) == 2 &&
		    only_king_and(pos, !side, ARB_KING, ARB_KING)) {
			*what = "two knights are not mating potential";
			return 1;
		}
		/* fall through */
	case ARB_MATE_FIDE:
		*what = "cannot mate by any series of legal moves";
		return arb_can_checkmate(pos, (arb_color)side, FLAG_NODES, NULL) == ARB_UNWINNABLE;
	case ARB_MATE_USCF_14E:
		*what = "insufficient material to win on time";
		return arb_uscf_insufficient_to_win(pos, (arb_color)!side, FLAG_NODES);
	case ARB_MATE_USCF_BLITZ:
		*what = "lacks mating material";
		return !arb_uscf_blitz_mating_material(pos, (arb_color)side);
	case ARB_MATE_LICHESS:
		*what = "insufficient mating material";
		return lichess_cannot_win(pos, side);
	case ARB_MATE_NONE: /* e.g. FIDE 1997 10.3: the third illegal move loses, full stop */
		return 0;
	}
	return 0;
}

/*
 * A dead position ends the game at once (FIDE 5.2.2, 2009 5.2b, 1997 9.6;
 * US 14D), so a flag fall or an illegal-move loss found in one comes too
 * late: the game is drawn by the dead position (FIDE 6.9 and 7.5.5 except
 * 5.2.2; US 14D comes before the 14E and blitz 7c material lists, which
 * would count two bishops of one colour or a locked pawn wall as mating
 * material). Not under a material-only profile (lichess never sees a wall).
 * Returns 1 if the game ended here.
 */
static int dead_first(arb_game *g, const char *instead)
{
	const arb_rules *r = &g->rules;
	const arb_position *pos = pos_of(g);
	if (r->dead == ARB_DEAD_MATERIAL)
		return 0;
	int material = arb_position_insufficient_both(pos);
	if (!material && arb_position_dead(pos, FLAG_NODES) != ARB_UNWINNABLE)
		return 0;
	const char *code =
		material && r->dead == ARB_DEAD_USCF ? "insufficient-material" : "dead-position";
	arb_decision *d = decide(
		g, 0, code, ARB_ART_DEAD, "(%s: the game was over before the %s)",
		material ? "insufficient material" : "no series of legal moves can mate", instead);
	end_game(g, d, "1/2-1/2", -1);
	return 1;
}

/* ---- the time control: which period is play in ------------------------- */

/* Is `side` in the last period of its control (a sudden-death finish)?
 * time.period decides when it says so; otherwise the time control, from
 * the moves made; an unknown control counts as the last period. */
static int last_period(const arb_game *g, int side)
{
	if (g->rules.period == ARB_PERIOD_LAST)
		return 1;
	if (g->rules.period == ARB_PERIOD_NOT_LAST)
		return 0;
	if (!g->have_tc || g->tc.kind != ARB_TC_PERIODS)
		return 1;
	const arb_control *c = &g->tc.side[side];
	int done = g->moves_made[side], i = 0;
	while (i < c->nperiods - 1 && c->period[i].moves > 0 && done >= c->period[i].moves) {
		done -= c->period[i].moves;
		i++;
	}
	return i == c->nperiods - 1 && c->period[i].moves == 0;
}

static const arb_period *current_period(const arb_game *g, int side)
{
	if (!g->have_tc || g->tc.kind != ARB_TC_PERIODS || g->tc.side[side].nperiods < 1)
		return NULL;
	const arb_control *c = &g->tc.side[side];
	int done = g->moves_made[side], i = 0;
	while (i < c->nperiods - 1 && c->period[i].moves > 0 && done >= c->period[i].moves) {
		done -= c->period[i].moves;
		i++;
	}
	return &c->period[i];
}

/* ---- strikes: completed illegal moves --------------------------------- */

static const char *ordinal(int n)
{
	static const char *const o[] = { "zeroth", "first", "second", "third", "fourth" };
	return n >= 0 && n <= 4 ? o[n] : "further";
}

/*
 * A completed illegal move by `side` (FIDE 2009 7.4, 2014 7.5, 2018+ 7.5.1
 * to 7.5.5; rapid/blitz appendices; US 11D, blitz 7d): the position before
 * it stands, then the profile's penalty, or the loss on the Nth, or a draw
 * instead when the opponent cannot mate (7.4b / 7.5.5; US blitz 8d).
 */
static int strike(arb_game *g, int side, const char *what)
{
	const arb_rules *r = &g->rules;
	int opp = !side;
	arb_decision *d;

	if (r->illegal == ARB_ILLEGAL_REINSTATE ||
	    (r->illegal == ARB_ILLEGAL_QUICKPLAY_ONLY && !last_period(g, side))) {
		/* FIDE 1997 7.4 / 6.13: restore, no fixed penalty (MATRIX Q9). */
		d = decide(g, 0, "illegal-move-reinstated", ARB_ART_ILLEGAL,
			   "(%s; no fixed penalty outside a quickplay finish)", what);
		return d != NULL;
	}
	g->strikes[side]++;
	if (r->illegal_lose_on > 0 && g->strikes[side] >= r->illegal_lose_on) {
		const char *why = "";
		if (dead_first(g, "illegal-move loss"))
			return 1;
		if (cannot_mate(g, r->illegal_mate_test, opp, &why)) {
			d = decide(g, 0, "illegal-move-draw", ARB_ART_ILLEGAL_LOSS,
				   "(%s; %s %s)", what, color_name(opp), why);
			return end_game(g, d, "1/2-1/2", -1) || d;
		}
		d = decide(g, 0, "illegal-move-loss", ARB_ART_ILLEGAL_LOSS, "(%s, the %s)", what,
			   ordinal(g->strikes[side]));
		return end_game(g, d, win_for(opp), -1) || d;
	}
	d = decide(g, 0, "illegal-move-penalty", ARB_ART_ILLEGAL, "(%s, the %s)", what,
		   ordinal(g->strikes[side]));
	add_time(g, d, opp, 1000L * r->illegal_penalty_s);
	return d != NULL;
}

/* ---- moves and the automatic endings --------------------------------- */

static void castling_note(arb_game *g, arb_move m)
{
	const arb_position *pos = pos_of(g);
	if (ARB_MOVE_KIND(m) != ARB_MOVE_CASTLING ||
	    !(g->rules.chess960 || arb_position_is_chess960(pos)))
		return;
	int side = arb_position_side_to_move(pos);
	arb_wing wing = ARB_MOVE_TO(m) > ARB_MOVE_FROM(m) ? ARB_KINGSIDE : ARB_QUEENSIDE;
	arb_castling c;
	if (!arb_position_castling(pos, (arb_color)side, wing, &c))
		return;
	char kf[3] = { (char)('a' + ARB_FILE(c.king_from)), (char)('1' + ARB_RANK(c.king_from)), 0 };
	char kt[3] = { (char)('a' + ARB_FILE(c.king_to)), (char)('1' + ARB_RANK(c.king_to)), 0 };
	char rf[3] = { (char)('a' + ARB_FILE(c.rook_from)), (char)('1' + ARB_RANK(c.rook_from)), 0 };
	char rt[3] = { (char)('a' + ARB_FILE(c.rook_to)), (char)('1' + ARB_RANK(c.rook_to)), 0 };
	/* FIDE 2023 Guidelines II.3.2: end squares as in standard chess. */
	if (c.king_from == c.king_to)
		decide(g, 1, "castling-960", ARB_ART_CASTLING_960,
		       "(%s-side: king stays %s, rook %s->%s)", wing == ARB_KINGSIDE ? "g" : "c",
		       kf, rf, rt);
	else
		decide(g, 1, "castling-960", ARB_ART_CASTLING_960,
		       "(%s-side: king %s->%s, rook %s->%s)", wing == ARB_KINGSIDE ? "g" : "c", kf,
		       kt, rf, rt);
}

static int call_move_hook(arb_game *g)
{
	if (!g->rules.on_move || g->ended)
		return 1;
	arb_hook_out out;
	char msg[ARB_ERROR_MESSAGE_SIZE];
	/* Called on every move: clear only what the hook may leave unset. */
	out.set = 0;
	out.result[0] = out.reason[0] = out.detail[0] = out.article[0] = '\0';
	out.points[0][0] = out.points[1][0] = '\0';
	msg[0] = '\0';
	if (g->rules.on_move(g->rules.hook_data, g, NULL, &out, msg, sizeof msg) != 0)
		return hook_failed(g, "on_move", msg);
	if (out.set && out.result[0] && strcmp(out.result, "*") != 0) {
		arb_decision *d = decide(g, 0, out.reason[0] ? out.reason : "hook", ARB_ART_COUNT,
					 "%s", out.detail);
		if (!d)
			return 0;
		snprintf(d->article, sizeof d->article, "%s", out.article);
		const char *board = out.result;
		end_game(g, d, board, -1);
	} else if (out.set && out.reason[0]) {
		arb_decision *d = decide(g, 0, out.reason, ARB_ART_COUNT, "%s", out.detail);
		if (d)
			snprintf(d->article, sizeof d->article, "%s", out.article);
	}
	return 1;
}

/*
 * After a completed move by `mover`: the automatic endings in their fixed
 * precedence, then the notes on what could have been claimed.
 */
static void after_move(arb_game *g, int mover)
{
	const arb_rules *r = &g->rules;
	const arb_position *pos = pos_of(g);
	arb_decision *d;
	int hm = arb_position_halfmove_clock(pos);
	int occ = arb_history_occurrences(g->h);
	/* The counts of the profile (FIDE: 3, 5, 50 and 75); moves are each
	 * player's, so the half-move clock counts twice as many. */
	const int three = r->threefold_count, five = r->fivefold_count;
	const int fifty = 2 * r->fifty_moves, seventyfive = 2 * r->seventyfive_moves;

	switch (arb_position_terminal(pos)) {
	case ARB_CHECKMATE: /* FIDE 5.1.1 (2009 5.1a); a game-ending move is complete (6.2.1.1) */
		d = decide(g, 0, "checkmate", ARB_ART_CHECKMATE, NULL);
		end_game(g, d, win_for(mover), -1);
		return;
	case ARB_STALEMATE: /* FIDE 5.2.1 (2009 5.2a) */
		d = decide(g, 0, "stalemate", ARB_ART_STALEMATE, NULL);
		end_game(g, d, "1/2-1/2", -1);
		return;
	case ARB_ONGOING:
		break;
	}

	/* Dead position: FIDE 5.2.2 (2009 5.2b, 1997 9.6); US 14D; lichess
	 * material only. */
	if (arb_position_insufficient_both(pos)) {
		const char *code = r->dead == ARB_DEAD_ANALYSIS ? "dead-position"
				   : r->dead == ARB_DEAD_USCF   ? "insufficient-material"
								: "insufficient-material-auto";
		d = decide(g, 0, code, ARB_ART_DEAD, "(insufficient material)");
		end_game(g, d, "1/2-1/2", -1);
		return;
	}
	if (hm == 0 || arb_history_ply_count(g->h) == 1) {
		/* Deadness can only appear after a capture, a pawn move (or the
		 * first move): between them the pieces and pawns are the same.
		 * The static proofs only: a dead position that needs the search to
		 * be proved is left to a claim (ruling:draw) or to the flag and
		 * illegal-move tests, which run the full analysis. */
		if ((r->dead != ARB_DEAD_MATERIAL || !g->dead_noted) && uw_dead_static(pos)) {
			if (r->dead == ARB_DEAD_MATERIAL) {
				g->dead_noted = 1;
				decide(g, 0, "not-detected", ARB_ART_DEAD,
				       "(dead position; the material-only test misses it)");
			} else {
				d = decide(g, 0, "dead-position", ARB_ART_DEAD,
					   "(no series of legal moves can mate)");
				end_game(g, d, "1/2-1/2", -1);
				return;
			}
		}
	}

	/* What could be claimed now, for a claim-only profile (the reason of a
	 * game in play): a new repetition or 50 moves just completed. */
	if (occ >= three && r->threefold == ARB_CLAIMED)
		decide(g, 0, "no-claim", ARB_ART_THREEFOLD, "(threefold repetition, %d occurrences)",
		       occ);
	else if (occ >= three && r->threefold == ARB_AUTOMATIC_WHEN_SHORT &&
		 !(g->time_ms[mover] >= 0 && g->time_ms[mover] < 1000L * r->threefold_short_s))
		decide(g, 0, "no-claim", ARB_ART_THREEFOLD, "(threefold repetition, not short of time)");
	if (hm == fifty && r->fifty == ARB_MOVES_CLAIM)
		decide(g, 0, "no-claim", ARB_ART_FIFTY, "(%d moves without capture or pawn move)",
		       r->fifty_moves);

	/* Fivefold: FIDE 2014 9.6a (strict reading, MATRIX Q2), 2018+ 9.6.1;
	 * US 14K1 is the director's discretion. */
	if (occ >= five) {
		int cons = arb_history_consecutive_occurrences(g->h);
		if (r->fivefold == ARB_FIVEFOLD_ANY ||
		    (r->fivefold == ARB_FIVEFOLD_CONSECUTIVE && cons >= five)) {
			d = decide(g, 0, "fivefold-auto", ARB_ART_FIVEFOLD, "(%d occurrences)", occ);
			end_game(g, d, "1/2-1/2", -1);
			return;
		}
		if (r->fivefold == ARB_FIVEFOLD_CONSECUTIVE && occ == five)
			decide(g, 0, "fivefold-not-consecutive", ARB_ART_FIVEFOLD,
			       "(%d occurrences, not in consecutive alternate moves)", occ);
		else if (r->fivefold == ARB_FIVEFOLD_TD && occ == five)
			decide(g, 0, "td-may-declare-draw", ARB_ART_TD, "(fivefold repetition)");
	}
	/* 75 moves: FIDE 2014 9.6b, 2018+ 9.6.2 (mate on that move handled
	 * above); US 14K2 discretionary. */
	if (hm >= seventyfive) {
		if (r->seventyfive == ARB_MOVES_AUTO) {
			d = decide(g, 0, "seventyfive-auto", ARB_ART_SEVENTYFIVE, NULL);
			end_game(g, d, "1/2-1/2", -1);
			return;
		}
		if (hm == seventyfive && r->seventyfive == ARB_MOVES_TD)
			decide(g, 0, "td-may-declare-draw", ARB_ART_TD, "(%d moves)",
			       r->seventyfive_moves);
		else if (hm == seventyfive && r->seventyfive == ARB_MOVES_NONE &&
			 r->fifty != ARB_MOVES_AUTO)
			decide(g, 0, "no-automatic-75-move-draw", ARB_ART_FIFTY, "(claim only)");
	}
	/* lichess: automatic 50 moves (scalachess Variant.fiftyMoves) and the
	 * automatic threefold preference (Drawer.autoThreefold). */
	if (hm >= fifty && r->fifty == ARB_MOVES_AUTO) {
		d = decide(g, 0, "fifty-auto", ARB_ART_FIFTY, NULL);
		end_game(g, d, "1/2-1/2", -1);
		return;
	}
	if (occ >= three && (r->threefold == ARB_AUTOMATIC ||
			 (r->threefold == ARB_AUTOMATIC_WHEN_SHORT && g->time_ms[mover] >= 0 &&
			  g->time_ms[mover] < 1000L * r->threefold_short_s))) {
		d = decide(g, 0, "threefold-autoclaim", ARB_ART_THREEFOLD, NULL);
		end_game(g, d, "1/2-1/2", -1);
		return;
	}
	call_move_hook(g);
}

/* Plays a legal move for the side to move and decides what follows. */
static void play_move(arb_game *g, arb_move m, long clock_ms)
{
	int mover = arb_position_side_to_move(pos_of(g));

	/* An open offer by the opponent is rejected by making a move (FIDE
	 * 9.1.2.2 / 2009 9.1b; US 14B). */
	if (g->offer_by == !mover) {
		g->offer_lapsed_by = g->offer_by;
		g->offer_by = -1;
		decide(g, 0, "offer-lapsed", ARB_ART_OFFER, "(%s moved)", color_name(mover));
	}
	castling_note(g, m);
	g->touch_side = -1; /* the move replacing an illegal move has been made */
	arb_position_copy(g->prev, pos_of(g));
	if (arb_history_play(g->h, m) != ARB_OK)
		return; /* checked by the caller */
	g->moves_made[mover]++;
	g->offer_lapsed_by = g->offer_by == mover ? -1 : g->offer_lapsed_by;
	if (clock_ms >= 0)
		g->time_ms[mover] = clock_ms;
	after_move(g, mover);
}

/* ---- claims ------------------------------------------------------------ */

/* The cost of an incorrect 9.2/9.3 claim (FIDE 1997 9.5b, 2009 9.5b
 * (MATRIX Q18), 2014 9.5b, 2018+ 9.5.3; rapid/blitz A.3, B.2; US 14C6, 14F2). */
static void claim_penalty(arb_game *g, arb_decision *d, int claimant)
{
	const arb_rules *r = &g->rules;
	long t = g->time_ms[claimant];

	add_time(g, d, !claimant, 1000L * r->claim_penalty_s);
	switch (r->claimant_penalty) {
	case ARB_CLAIMANT_NONE:
		break;
	case ARB_CLAIMANT_HALF_MAX_180:
		if (t >= 0)
			add_time(g, d, claimant, -(t / 2 < 180000 ? t / 2 : 180000));
		break;
	case ARB_CLAIMANT_TIERED_2009:
		if (t < 0)
			break;
		if (t > 120000)
			add_time(g, d, claimant, -(t / 2 < 180000 ? t / 2 : 180000));
		else if (t >= 60000)
			set_time(g, d, claimant, 60000);
		else
			effect(d, "unchanged:%s", color_name(claimant));
		break;
	}
}

static arb_status touch_check(const arb_game *g, arb_move m, const char *uci, arb_error *err);

static arb_status claim_draw(arb_game *g, const arb_event *ev, arb_error *err)
{
	const arb_rules *r = &g->rules;
	const arb_position *pos = pos_of(g);
	int c = ev->color, three = ev->claim == ARB_CLAIM_THREEFOLD;
	arb_move m = ARB_MOVE_NONE;
	const char *name = three ? "threefold-claim" : "fifty-claim";
	arb_article art = three ? ARB_ART_THREEFOLD : ARB_ART_FIFTY;
	char buf[40];

	if (c != (int)arb_position_side_to_move(pos)) {
		/* FIDE: only the player having the move (9.2, 9.3; MATRIX Q17). */
		snprintf(buf, sizeof buf, "%s-rejected", name);
		decide(g, 0, buf, art, "(%s is not on move)", color_name(c));
		if (r->claim_is_offer && g->offer_by < 0)
			g->offer_by = c;
		return ARB_OK;
	}
	/* An intended move that is illegal cannot be made (9.5.3 / 9.5b: "in
	 * accordance with Articles 3 and 4"): an incorrect claim, penalised as
	 * such; the claimant then makes a legal move of his choice (nothing was
	 * touched, so no touch-move). */
	int illegal = ev->move[0] && arb_move_from_uci(pos, ev->move, &m, NULL) != ARB_OK;
	if (illegal)
		m = ARB_MOVE_NONE;
	/* A written move after an illegal move replaces it: touch-move binds
	 * it as it binds a move played (FIDE 2018 7.5.1 -> 4.3; US 11D). */
	if (m && touch_check(g, m, ev->move, err) != ARB_OK)
		return ARB_E_EVENT;
	/* FIDE 9.2/9.3: the counts of the profile, with a written move too
	 * (draw.threefold_count occurrences; draw.fifty_moves of each player). */
	int now, need;
	if (three) {
		now = m ? arb_history_occurrences_after(g->h, m) : arb_history_occurrences(g->h);
		need = r->threefold_count;
	} else {
		now = m ? arb_history_halfmove_clock_after(g->h, m) : arb_position_halfmove_clock(pos);
		need = 2 * r->fifty_moves;
	}
	if (!illegal && now >= need) {
		/* A valid claim draws even if the written move would mate (MATRIX Q5). */
		arb_decision *d = m ? decide(g, 0, name, art, "(intended move %s)", ev->move)
				    : decide(g, 0, name, art, NULL);
		end_game(g, d, "1/2-1/2", -1);
		return ARB_OK;
	}
	snprintf(buf, sizeof buf, "%s-rejected", name);
	arb_decision *d;
	if (illegal)
		d = decide(g, 0, buf, art, "(intended move %s is illegal)", ev->move);
	else if (three)
		d = m ? decide(g, 0, buf, art, "(the position after %s has not occurred %d times)",
			       ev->move, need)
		      : decide(g, 0, buf, art, "(the position has not occurred %d times)", need);
	else if (m && arb_history_halfmove_clock_after(g->h, m) == 0)
		d = decide(g, 0, buf, art, "(intended move %s is a capture or pawn move)", ev->move);
	else
		d = decide(g, 0, buf, art, "(%d of %d half-moves)", now, need);
	if (!d)
		return event_error(err, ARB_E_NOMEM, 0, "out of memory");
	if (d->article[0]) {
		char pen[64];
		arb_rules_cite(r, ARB_ART_CLAIM_PENALTY, pen, sizeof pen);
		size_t k = strlen(d->article), e = strlen(r->edition);
		if (strlen(pen) > e && k + 2 + strlen(pen + e + 1) < sizeof d->article)
			snprintf(d->article + k, sizeof d->article - k, ", %s", pen + e + 1);
	}
	claim_penalty(g, d, c);
	if (r->claim_is_offer)
		g->offer_by = c; /* FIDE 2009+ 9.1.2.3, US 14: the claim is also an offer */
	if (m) {
		/* The written move is played (FIDE 9.5.2 / 9.5b; US 14C2). */
		effect(d, "move-played:%s", ev->move);
		play_move(g, m, -1);
	}
	return ARB_OK;
}

/* The time control's increment or delay for `side` now (0 when unknown). */
static long extra_time_ms(const arb_game *g, int side, int *unknown_default)
{
	const arb_period *p = current_period(g, side);
	*unknown_default = 0;
	if (!p)
		return 0;
	long extra = p->increment_ms > p->delay_ms ? p->increment_ms : p->delay_ms;
	if (extra == 0 && !g->tc.delay_stated && g->rules.qpf == ARB_QPF_USCF_14H) {
		/* US 5E2: with no delay named, the minimum recommended one applies. */
		extra = arb_tc_uscf_default_delay(&g->tc);
		*unknown_default = extra > 0;
	}
	return extra;
}

/* Quickplay-finish claims (FIDE 1997/2009 10.2, 2014 App. G.5, 2018+
 * Guidelines III.5; US variation 14H) and the 5-second request (G.4, III.4).
 * A claim the rules do not offer here cites where they say so (articles
 * qpf_scope: 2014 G.2/G.3, 2018+ III.2.1/III.2.2, 2009 B.3b, US 14H1), not
 * the claim's own article, which does not apply. */
static arb_status claim_qpf(arb_game *g, const arb_event *ev)
{
	const arb_rules *r = &g->rules;
	int c = ev->color, incr = ev->claim == ARB_CLAIM_INCREMENT;
	arb_article art = incr ? ARB_ART_INCREMENT_REQUEST : ARB_ART_QPF;
	int dflt;
	long extra = extra_time_ms(g, c, &dflt);

	if (r->qpf == ARB_QPF_NONE || (incr && r->qpf != ARB_QPF_APPENDIX_G &&
				       r->qpf != ARB_QPF_GUIDELINES_III)) {
		decide(g, 0, "claim-unavailable", art, "(no such claim under this profile)");
		return ARB_OK;
	}
	if (r->qpf == ARB_QPF_USCF_14H) {
		if (!r->qpf_announced) {
			decide(g, 0, "qpf-unavailable", ARB_ART_QPF,
			       "(main rule 14H: no such claims)");
			return ARB_OK;
		}
		if (extra > 0) {
			decide(g, 0, "qpf-unavailable", ARB_ART_QPF_SCOPE, "(%s clock)",
			       dflt ? "default delay" : "delay or increment");
			return ARB_OK;
		}
		if (g->flag_down[c]) {
			decide(g, 0, "qpf-unavailable", art, "(claimant's flag is down)");
			return ARB_OK;
		}
		if (!last_period(g, c)) {
			/* Variation 14H1: "in a sudden death time control". */
			decide(g, 0, "qpf-unavailable", ARB_ART_QPF_SCOPE,
			       "(not a sudden-death control)");
			return ARB_OK;
		}
	} else {
		if (r->speed == ARB_SPEED_BLITZ) {
			decide(g, 0, "qpf-unavailable", ARB_ART_QPF_SCOPE, "(blitz)");
			return ARB_OK;
		}
		if (r->qpf != ARB_QPF_FIDE_10_2 && !r->qpf_announced) {
			decide(g, 0, "qpf-unavailable", ARB_ART_QPF_SCOPE, "(not announced)");
			return ARB_OK;
		}
		if (r->qpf != ARB_QPF_FIDE_10_2 && extra > 0) {
			decide(g, 0, "qpf-unavailable", ARB_ART_QPF_SCOPE, "(increment)");
			return ARB_OK;
		}
		if (!last_period(g, c)) {
			decide(g, 0, "qpf-unavailable", art, "(not the final period)");
			return ARB_OK;
		}
	}
	/* 2009 10.2, G.4/G.5, III.4/III.5: the player having the move; US
	 * 14H1: a player on the move. FIDE 1997 10.2 has no such condition. */
	if (r->qpf_on_move && c != (int)arb_position_side_to_move(pos_of(g))) {
		decide(g, 0, "qpf-invalid", art, "(%s is not on move)", color_name(c));
		return ARB_OK;
	}
	if (g->time_ms[c] >= 0 && g->time_ms[c] > r->qpf_limit_ms) {
		decide(g, 0, "qpf-invalid", art, "(2 minutes or more left)");
		return ARB_OK;
	}
	g->claim_open = ev->claim;
	g->claim_by = c;
	if (incr) {
		g->offer_by = c; /* G.4 / III.4: the request is a draw offer */
		decide(g, 0, "increment-requested", art, NULL);
	} else {
		decide(g, 0, "qpf-claimed", art, NULL);
	}
	return ARB_OK;
}

static arb_status ruling(arb_game *g, const arb_event *ev, arb_error *err)
{
	const arb_rules *r = &g->rules;
	arb_decision *d;
	int c = g->claim_by;

	if (g->claim_open < 0) {
		if (g->last_claim_decided) {
			/* The claim just before was decided from the position and the
			 * rules (valid, incorrect, unavailable): nothing left to rule. */
			decide(g, 2, "ruling-ignored", ARB_ART_COUNT,
			       "(the claim was already decided)");
			return ARB_OK;
		}
		if (ev->ruling == ARB_RULING_DRAW) {
			/* The arbiter / director declares a draw (US 14K; FIDE 5.2.2 on a
			 * dead position the engine left undetermined). */
			d = decide(g, 0, "td-draw", ARB_ART_TD, NULL);
			end_game(g, d, "1/2-1/2", -1);
			return ARB_OK;
		}
		return event_error(err, ARB_E_EVENT, 0, "a ruling with no open claim");
	}
	if (g->claim_open == ARB_CLAIM_INCREMENT) {
		if (ev->ruling == ARB_RULING_ACCEPT) {
			/* G.4 / III.4: 5 s for both, the opponent gets 2 minutes. */
			d = decide(g, 0, "increment-added", ARB_ART_INCREMENT_REQUEST, NULL);
			effect(d, "+5s/move:both");
			add_time(g, d, !c, 120000);
			if (g->have_tc && g->tc.kind == ARB_TC_PERIODS)
				for (int s = 0; s < 2; s++)
					for (int i = 0; i < g->tc.side[s].nperiods; i++)
						g->tc.side[s].period[i].increment_ms += 5000;
		} else if (ev->ruling == ARB_RULING_DRAW) {
			d = decide(g, 0, "qpf-draw", ARB_ART_INCREMENT_REQUEST, NULL);
			end_game(g, d, "1/2-1/2", -1);
		} else {
			decide(g, 0, "qpf-rejected", ARB_ART_INCREMENT_REQUEST, NULL);
		}
		g->claim_open = -1;
		return ARB_OK;
	}
	switch (ev->ruling) {
	case ARB_RULING_DRAW:
	case ARB_RULING_ACCEPT:
		d = decide(g, 0, "qpf-draw", ARB_ART_QPF, NULL);
		g->claim_open = -1;
		end_game(g, d, "1/2-1/2", -1);
		break;
	case ARB_RULING_REJECT:
		d = decide(g, 0, "qpf-rejected", ARB_ART_QPF, NULL);
		add_time(g, d, !c, 1000L * r->qpf_reject_s);
		if (r->qpf_reject_claimant_s > 0) {
			long take = 1000L * r->qpf_reject_claimant_s;
			if (g->time_ms[c] >= 0 && g->time_ms[c] < take)
				take = g->time_ms[c];
			add_time(g, d, c, -take);
		}
		g->claim_open = -1;
		break;
	case ARB_RULING_POSTPONE:
		/* 10.2b / G.5b / III.5.2: decided later, possibly after a flag. */
		decide(g, 0, "qpf-postponed", ARB_ART_QPF, NULL);
		break;
	}
	return ARB_OK;
}

/* ---- flags ------------------------------------------------------------- */

/* `side`'s flag is established as having fallen first: FIDE 6.9 (2009 6.9,
 * 1997 6.9), rapid/blitz A.4.3 / A.5.3; US 13C, 14E, blitz 7c/8d; lichess. */
static void flag_fall(arb_game *g, int side)
{
	const char *why = "";
	arb_decision *d;
	if (dead_first(g, "flag fall"))
		return;
	if (cannot_mate(g, g->rules.flag_mate_test, !side, &why)) {
		d = decide(g, 0, "time-draw", ARB_ART_FLAG, "(%s flagged; %s %s)", color_name(side),
			   color_name(!side), why);
		end_game(g, d, "1/2-1/2", side);
	} else {
		d = decide(g, 0, "time-forfeit", ARB_ART_FLAG, "(%s flagged)", color_name(side));
		end_game(g, d, win_for(!side), side);
	}
}

/* Why Guidelines III are not in force here (NULL when they are): FIDE 2018+
 * III.2.1 (announced beforehand), III.2.2 (standard or rapid, no increment). */
static const char *guidelines_iii_off(const arb_game *g, int side)
{
	const arb_period *p = current_period(g, side);
	if (g->rules.speed == ARB_SPEED_BLITZ)
		return "blitz (III.2.2)";
	if (p && (p->increment_ms > 0 || p->delay_ms > 0))
		return "increment (III.2.2)";
	if (!g->rules.qpf_announced)
		return "not announced (III.2.1)";
	return NULL;
}

/* Both flags down with the order unknown: FIDE 6.11 (2009/2014), 2018+
 * III.3.1 where Guidelines III apply; 1997 10.4, rapid B8, 2009 A.4f; US
 * 14G, 16T. */
static void both_flags(arb_game *g, const char *why)
{
	const arb_rules *r = &g->rules;
	int side = arb_position_side_to_move(pos_of(g)), draw;
	const char *off;
	switch (r->both_flags) {
	case ARB_BOTH_GUIDELINES_III:
		if ((off = guidelines_iii_off(g, side)) != NULL) {
			/* No article decides it: the arbiter's ruling (a ruling:draw
			 * event, or play goes on). */
			size_t k = strlen(why);
			if (k > 1 && why[0] == '(' && why[k - 1] == ')')
				why++, k -= 2; /* "(order unknown)" -> "order unknown" */
			decide(g, 0, "both-flags-arbiter", ARB_ART_TD,
			       "(%.*s; Guidelines III not in force: %s; the arbiter decides)",
			       (int)k, why, off);
			g->flag_down[0] = g->flag_down[1] = 0;
			return;
		}
		draw = last_period(g, side); /* III.3.1.2 draw / III.3.1.1 continue */
		break;
	case ARB_BOTH_DRAW:
		draw = 1;
		break;
	case ARB_BOTH_USCF: {
		/* Sudden death (an increment of 30 s or more is not). */
		const arb_period *p = current_period(g, side);
		draw = last_period(g, side) && !(p && p->increment_ms >= 30000);
		break;
	}
	default:
		draw = last_period(g, side);
		break;
	}
	/* Without a known control last_period() assumes the last period: say
	 * so, the ruling rests on it. */
	char said[64];
	if (r->both_flags != ARB_BOTH_DRAW && r->period == ARB_PERIOD_AUTO &&
	    (!g->have_tc || g->tc.kind != ARB_TC_PERIODS)) {
		snprintf(said, sizeof said, "%.*s; no time control known: the last period assumed)",
			 (int)strlen(why) - 1, why);
		why = said;
	}
	if (draw) {
		arb_decision *d = decide(g, 0, "both-flags-draw", ARB_ART_BOTH_FLAGS, "%s", why);
		end_game(g, d, "1/2-1/2", -1);
	} else {
		decide(g, 0, "both-flags-continue", ARB_ART_BOTH_FLAGS, "%s", why);
		g->flag_down[0] = g->flag_down[1] = 0;
	}
}

/* `side`'s flag is established (seen by the arbiter, a valid claim, the
 * server). If the other flag is down too, a digital clock shows the order. */
static void establish(arb_game *g, int side)
{
	int other = !side;
	if (!g->flag_down[side])
		g->flag_down[side] = ++g->nflags;
	if (g->flag_down[other]) {
		if (g->rules.clock == ARB_CLOCK_DIGITAL)
			flag_fall(g, g->flag_down[other] < g->flag_down[side] ? other : side);
		else
			both_flags(g, "(order unknown)");
		return;
	}
	flag_fall(g, side);
}

static void claim_time(arb_game *g, int c)
{
	const arb_rules *r = &g->rules;
	int o = !c;
	if (!g->flag_down[o]) {
		decide(g, 0, "time-claim-rejected", ARB_ART_FLAG_ESTABLISH, "(%s's flag is up)",
		       color_name(o));
		return;
	}
	if (g->flag_down[c]) {
		/* 1997 B7, 2009 A.4e, US 13C6: the claimant's own flag must be up. */
		if (r->claimant_flag_up)
			both_flags(g, "(claimant flag down)");
		else if (r->clock == ARB_CLOCK_DIGITAL)
			flag_fall(g, g->flag_down[o] < g->flag_down[c] ? o : c);
		else
			both_flags(g, "(order unknown)");
		return;
	}
	flag_fall(g, o);
}

/* ---- other events ------------------------------------------------------ */

static arb_status offer(arb_game *g, int c)
{
	const arb_rules *r = &g->rules;
	int ply = arb_history_ply_count(g->h);
	if (ply < r->offer_min_ply) {
		decide(g, 0, "offer-not-allowed", ARB_ART_OFFER, "(ply<%d)", r->offer_min_ply);
		return ARB_OK;
	}
	if (r->offer_repeat_plies > 0 && g->last_offer_ply[c] >= 0 &&
	    ply - g->last_offer_ply[c] < r->offer_repeat_plies) {
		decide(g, 0, "offer-not-allowed", ARB_ART_OFFER, "(repeated within %d %s)",
		       r->offer_repeat_plies, r->offer_repeat_plies == 1 ? "ply" : "plies");
		return ARB_OK;
	}
	g->offer_by = c;
	g->last_offer_ply[c] = ply;
	decide(g, 2, "offer", ARB_ART_OFFER, "(%s offers a draw)", color_name(c));
	return ARB_OK;
}

static arb_status accept(arb_game *g, int c)
{
	const arb_rules *r = &g->rules;
	arb_decision *d;
	if (g->offer_by == !c) {
		g->offer_by = -1;
		if (g->moves_made[0] < r->agreement_min_moves || g->moves_made[1] < r->agreement_min_moves) {
			/* FIDE 2018+ 5.2.3: each side must have made a move. */
			if (r->agreement_min_moves == 1)
				decide(g, 0, "agreement-invalid", ARB_ART_AGREEMENT,
				       "(no move by each side yet)");
			else
				decide(g, 0, "agreement-invalid", ARB_ART_AGREEMENT,
				       "(each side must have made %d moves)", r->agreement_min_moves);
			return ARB_OK;
		}
		if (g->claim_open == ARB_CLAIM_INCREMENT)
			g->claim_open = -1;
		d = arb_history_ply_count(g->h) == 0
			    ? decide(g, 0, "agreement", ARB_ART_AGREEMENT, "(before any move)")
			    : decide(g, 0, "agreement", ARB_ART_AGREEMENT, NULL);
		end_game(g, d, "1/2-1/2", -1);
		return ARB_OK;
	}
	if (g->offer_lapsed_by == !c) {
		decide(g, 0, "offer-expired", ARB_ART_OFFER, "(the offer lapsed when %s moved)",
		       color_name(c));
		return ARB_OK;
	}
	decide(g, 2, "no-offer", ARB_ART_OFFER, "(nothing to accept)");
	return ARB_OK;
}

static arb_status resign(arb_game *g, int c)
{
	arb_decision *d;
	if (g->rules.resign_dead_draw &&
	    arb_can_checkmate(pos_of(g), (arb_color)!c, FLAG_NODES, NULL) == ARB_UNWINNABLE) {
		/* FIDE 2023 5.1.2: resigning when the opponent cannot mate. */
		d = decide(g, 0, "resign-dead-draw", ARB_ART_RESIGN, "(%s cannot mate)",
			   color_name(!c));
		end_game(g, d, "1/2-1/2", -1);
		return ARB_OK;
	}
	d = decide(g, 0, "resignation", ARB_ART_RESIGN, "(%s resigns)", color_name(c));
	end_game(g, d, win_for(!c), -1);
	return ARB_OK;
}

/*
 * `c` arrives `ms` after the start (before move 1; late: events come in the
 * order of arrival). Whose clock ran: White's from the start (FIDE 6.6 /
 * 2009 6.5, 1997 6.5), the opponent's after White's first move, taken as
 * made on arrival. Both late: FIDE 2009 6.6b, 2014 6.7b, 2018+ 6.7.2, White
 * loses all the time until he arrives and Black's clock starts with White's
 * first move; US 16K, the first to arrive splits the time elapsed so far
 * and then the absent player's clock runs. The first arrival was decided
 * as if the opponent had been there: the second one corrects it.
 */
static void late_clocks(arb_game *g, arb_decision *d, int c, long ms)
{
	int o = !c;
	long first = g->late_ms[o]; /* the opponent's arrival, -1 present */
	char s[24], t[24];
	fmt_secs(s, sizeof s, ms);
	if (first < 0) {
		add_time(g, d, c, -ms);
		return;
	}
	fmt_secs(t, sizeof t, first);
	if (g->rules.both_late == ARB_LATE_SPLIT) {
		char h[24];
		fmt_secs(h, sizeof h, first / 2);
		add_time(g, d, o, first - first / 2); /* the opponent loses half only */
		add_time(g, d, c, -(first / 2 + (ms - first)));
		put(d->detail, sizeof d->detail,
		    "(%s arrived first, at %s: %s each; then %s's clock ran until %s)",
		    color_name(o), t, h, color_name(c), s);
	} else if (o == ARB_WHITE) {
		add_time(g, d, c, -(ms - first)); /* from White's first move */
		put(d->detail, sizeof d->detail,
		    "(white's clock ran until %s; black's from white's first move until %s)", t, s);
	} else {
		add_time(g, d, o, first); /* Black's clock had not started */
		add_time(g, d, c, -ms);
		put(d->detail, sizeof d->detail,
		    "(white's clock ran until %s; black's had not started)", s);
	}
}

static arb_status late(arb_game *g, int c, long ms)
{
	const arb_rules *r = &g->rules;
	arb_decision *d;
	int both = g->late_ms[!c] >= 0;
	g->late_ms[c] = ms;
	if (r->default_s < 0) {
		decide(g, 0, "late-time-lost", ARB_ART_DEFAULT_TIME, "(no default time)");
		return ARB_OK;
	}
	long limit = 1000L * r->default_s;
	if (r->default_first_control && g->have_tc && g->tc.kind == ARB_TC_PERIODS &&
	    g->tc.side[c].nperiods > 0 && g->tc.side[c].period[0].base_ms < limit)
		limit = g->tc.side[c].period[0].base_ms; /* US 13D */
	char s[24];
	fmt_secs(s, sizeof s, ms);
	if (ms > limit) {
		d = decide(g, 0, "default-loss", ARB_ART_DEFAULT_TIME, "(%s arrived %s late)",
			   color_name(c), s);
		end_game(g, d, win_for(!c), -1);
		return ARB_OK;
	}
	if (both)
		d = decide(g, 0, "both-late", ARB_ART_BOTH_LATE, NULL);
	else
		d = decide(g, 0, "late-time-lost", ARB_ART_DEFAULT_TIME,
			   "(%s arrived %s after the start; his clock ran from %s)", color_name(c),
			   s, c == ARB_WHITE ? "the start" : "white's first move");
	if (!d)
		return ARB_E_NOMEM;
	late_clocks(g, d, c, ms);
	return ARB_OK;
}

/*
 * A loss decided off the board: the arbiter's (the server's, the match
 * runner's) decision that a PGN Termination tag reports. No "cannot mate"
 * exception: that is for flags, illegal moves and resignations, and the
 * decision is the arbiter's (FIDE 2014/2018 12.1, 12.9; US 14K).
 */
static arb_status forfeit(arb_game *g, int c, arb_forfeit_kind why)
{
	static const char *const reason[] = { "abandoned-loss", "stalled-loss", "infraction-loss",
					      "illegal-move-forfeit", "adjudication-loss" };
	static const char *const what[] = { "abandoned the game", "stopped answering",
					    "committed a rules infraction",
					    "made an illegal move",
					    "lost by the arbiter's adjudication" };
	arb_decision *d = decide(g, 0, reason[why % 5], ARB_ART_TD, "(%s %s)", color_name(c),
				 what[why % 5]);
	end_game(g, d, win_for(!c), -1);
	return ARB_OK;
}

/* Squares of a UCI-like text "e7e8" (and an optional piece): 0 if malformed. */
static int squares_of(const char *t, int *from, int *to)
{
	if (strlen(t) < 4 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' || t[2] < 'a' ||
	    t[2] > 'h' || t[3] < '1' || t[3] > '8')
		return 0;
	*from = ARB_SQUARE(t[0] - 'a', t[1] - '1');
	*to = ARB_SQUARE(t[2] - 'a', t[3] - '1');
	return 1;
}

/* ---- touch-move on the move replacing an illegal move ------------------ */

/*
 * The illegal move from `from` to `to` touched the piece on `from` (and the
 * opponent's piece on `to`, if any): FIDE 2014 7.5a, 2018+ 7.5.1 (Articles
 * 4.3 and 4.7 apply to the move replacing it), 2009 7.4a (4.3, 4.6), 1997
 * 7.4 (4.3); US 11D. A castling attempt (the king onto its own rook, or two
 * squares along the back rank) binds the king: 4.4.3 / 4.7.2.
 */
static void touch(arb_game *g, int side, int from, int to, const char *text)
{
	const arb_position *pos = pos_of(g);
	arb_piece p = arb_position_piece_at(pos, from), q = arb_position_piece_at(pos, to);
	if (p == ARB_EMPTY || (int)ARB_PIECE_COLOR(p) != side)
		return; /* no piece of his there: nothing was touched that binds him */
	g->touch_side = side;
	g->touch_from = from;
	g->touch_victim = q != ARB_EMPTY && (int)ARB_PIECE_COLOR(q) != side ? to : -1;
	g->touch_castle =
		ARB_PIECE_TYPE(p) == ARB_KING &&
		((q == ARB_PIECE(side, ARB_ROOK)) ||
		 (ARB_RANK(from) == ARB_RANK(to) && abs(ARB_FILE(from) - ARB_FILE(to)) == 2));
	snprintf(g->touch_text, sizeof g->touch_text, "%s", text);
}

static char *square_name(int sq, char *buf)
{
	buf[0] = (char)('a' + ARB_FILE(sq));
	buf[1] = (char)('1' + ARB_RANK(sq));
	buf[2] = '\0';
	return buf;
}

/*
 * Whether the legal move `m` may replace the illegal move: with the touched
 * piece if it can move (4.3.1; after a castling attempt, another king move,
 * castling the other way included: 4.4.3, 4.7.2); else by capturing the
 * touched opponent's piece if that can be done (4.3.3); else any move (4.5).
 * ARB_OK, or ARB_E_EVENT with a message citing the article.
 */
static arb_status touch_check(const arb_game *g, arb_move m, const char *uci, arb_error *err)
{
	const arb_position *pos = pos_of(g);
	arb_move moves[ARB_MAX_MOVES];
	int n, can_move = 0, can_take = 0;
	char at[3], victim[3], cite[64];
	if (g->touch_side != (int)arb_position_side_to_move(pos) ||
	    ARB_MOVE_FROM(m) == g->touch_from)
		return ARB_OK;
	n = arb_position_legal_moves(pos, moves);
	for (int i = 0; i < n; i++) {
		can_move |= ARB_MOVE_FROM(moves[i]) == g->touch_from;
		can_take |= g->touch_victim >= 0 && ARB_MOVE_TO(moves[i]) == g->touch_victim &&
			    ARB_MOVE_KIND(moves[i]) != ARB_MOVE_CASTLING;
	}
	square_name(g->touch_from, at);
	if (can_move && g->touch_castle) {
		arb_rules_cite(&g->rules, ARB_ART_TOUCH_CASTLE, cite, sizeof cite);
		return event_error(
			err, ARB_E_EVENT, 0,
			"move %s refused: after the illegal castling %s the king on %s "
			"must make another legal move, castling the other way included (%s)",
			uci, g->touch_text, at, cite);
	}
	arb_rules_cite(&g->rules, ARB_ART_TOUCH_MOVE, cite, sizeof cite);
	if (can_move)
		return event_error(
			err, ARB_E_EVENT, 0,
			"move %s refused: the move replacing the illegal move %s must be "
			"made with the piece touched on %s, which can move (%s)",
			uci, g->touch_text, at, cite);
	if (can_take && ARB_MOVE_TO(m) != g->touch_victim)
		return event_error(err, ARB_E_EVENT, 0,
				   "move %s refused: the piece touched on %s cannot move, so the "
				   "opponent's piece on %s it touched must be captured (%s)",
				   uci, at, square_name(g->touch_victim, victim), cite);
	return ARB_OK;
}

static arb_status illegal_event(arb_game *g, const arb_event *ev, arb_error *err)
{
	const arb_rules *r = &g->rules;
	const arb_position *pos = pos_of(g);
	int c = ev->color, from, to;
	arb_move m;

	if (c != (int)arb_position_side_to_move(pos))
		return event_error(err, ARB_E_EVENT, 0, "%s is not on move", color_name(c));
	if (ev->kind == ARB_EV_PRESS_NO_MOVE) {
		if (r->press_without_move == ARB_PRESS_IMPOSSIBLE)
			decide(g, 0, "illegal-input-rejected", ARB_ART_PRESS, NULL);
		else if (r->press_without_move == ARB_PRESS_MISUSE)
			decide(g, 0, "clock-misuse", ARB_ART_PRESS, "(discretionary penalty only)");
		else
			strike(g, c, "clock pressed without a move"); /* 2018+ 7.5.3 */
		return ARB_OK;
	}
	if (ev->kind == ARB_EV_ILLEGAL && !ev->move[0]) {
		/* The record says an illegal move was made, not which. */
		if (r->illegal == ARB_ILLEGAL_REJECTED)
			decide(g, 0, "illegal-input-rejected", ARB_ART_ILLEGAL, "(move not recorded)");
		else
			strike(g, c, "illegal move, not recorded");
		return ARB_OK;
	}
	if (!squares_of(ev->move, &from, &to))
		return event_error(err, ARB_E_EVENT, 0, "'%s' is not a move", ev->move);
	if (ev->kind == ARB_EV_NOPROMO) {
		char q[8];
		snprintf(q, sizeof q, "%.4sq", ev->move);
		if (arb_position_piece_at(pos, from) != ARB_PIECE(c, ARB_PAWN) ||
		    arb_move_from_uci(pos, q, &m, NULL) != ARB_OK)
			return event_error(err, ARB_E_EVENT, 0, "%s is not a legal promotion square move",
					   ev->move);
		switch (r->promotion) {
		case ARB_PROMO_IMPOSSIBLE:
			decide(g, 0, "illegal-input-rejected", ARB_ART_PROMOTION, NULL);
			break;
		case ARB_PROMO_IMPROPER_PRESS:
			/* US 8F7: not an illegal move; the opponent restarts the clock. */
			decide(g, 0, "improper-clock-press", ARB_ART_PROMOTION, "(promotion not completed)");
			break;
		case ARB_PROMO_ILLEGAL:
			strike(g, c, "promotion not completed");
			break;
		case ARB_PROMO_QUEEN:
			/* FIDE 2014 7.5a, 2018+ 7.5.2: a queen, and the penalty. */
			if (strike(g, c, "promotion not completed") && !g->ended) {
				arb_decision *d = &g->dec[g->ndec - 1];
				effect(d, "queen-on:%.2s", ev->move + 2);
				play_move(g, m, -1);
			}
			break;
		}
		return ARB_OK;
	}
	if (arb_move_from_uci(pos, ev->move, &m, NULL) == ARB_OK)
		return event_error(err, ARB_E_EVENT, 0, "%s is a legal move", ev->move);
	if (ev->kind == ARB_EV_RETRACTED) {
		if (r->illegal == ARB_ILLEGAL_REJECTED)
			decide(g, 0, "illegal-input-rejected", ARB_ART_ILLEGAL, NULL);
		else
			decide(g, 0, "not-completed", ARB_ART_COMPLETED, "(%s taken back before the clock)",
			       ev->move);
		return ARB_OK;
	}
	if (r->illegal == ARB_ILLEGAL_REJECTED) {
		decide(g, 0, "illegal-input-rejected", ARB_ART_ILLEGAL, "(%s)", ev->move);
		return ARB_OK;
	}
	char what[48];
	snprintf(what, sizeof what, "illegal move %s", ev->move);
	strike(g, c, what);
	if (!g->ended && r->touch_move && g->touch_side < 0)
		touch(g, c, from, to, ev->move);
	return ARB_OK;
}

/* ---- the game object ---------------------------------------------------- */

arb_game *arb_game_new(const arb_rules *rules, const arb_position *start,
		       const arb_time_control *tc)
{
	arb_game *g = calloc(1, sizeof *g);
	arb_position *p = NULL;
	if (!g)
		return NULL;
	/* Counts out of range or order are the caller's bug (the loader checks). */
	assert(!rules || arb_rules_check(rules, NULL) == ARB_OK);
	if (rules)
		g->rules = *rules;
	else
		arb_rules_init(&g->rules);
	if (!start) {
		p = arb_position_new();
		if (!p) {
			free(g);
			return NULL;
		}
		arb_position_set_start(p);
		start = p;
	}
	g->h = arb_history_new(start);
	g->start = arb_position_clone(start);
	g->prev = arb_position_clone(start);
	arb_position_free(p);
	if (!g->h || !g->start || !g->prev) {
		arb_history_free(g->h);
		arb_position_free(g->start);
		arb_position_free(g->prev);
		free(g);
		return NULL;
	}
	if (tc && tc->kind == ARB_TC_PERIODS) {
		g->tc = *tc;
		g->have_tc = 1;
	} else if (g->rules.tc[0] && arb_tc_parse(g->rules.tc, &g->tc, NULL) == ARB_OK &&
		   g->tc.kind == ARB_TC_PERIODS) {
		g->have_tc = 1;
	}
	for (int s = 0; s < 2; s++) {
		g->time_ms[s] = g->have_tc && g->tc.side[s].nperiods > 0 ? g->tc.side[s].period[0].base_ms
									 : -1;
		g->last_offer_ply[s] = -1;
	}
	g->ending = -1;
	g->offer_by = g->offer_lapsed_by = -1;
	g->claim_open = -1;
	g->touch_side = -1;
	g->late_ms[0] = g->late_ms[1] = -1;
	return g;
}

void arb_game_free(arb_game *g)
{
	if (!g)
		return;
	arb_history_free(g->h);
	arb_position_free(g->start);
	arb_position_free(g->prev);
	free(g->ev);
	free(g->evply);
	free(g->evinf);
	free(g->dec);
	free(g);
}

static int log_event(arb_game *g, const arb_event *ev)
{
	if (g->nev == g->evcap) {
		int cap = g->evcap ? 2 * g->evcap : 64;
		arb_event *e = realloc(g->ev, (size_t)cap * sizeof *e);
		if (!e)
			return 0;
		g->ev = e;
		int *p = realloc(g->evply, (size_t)cap * sizeof *p);
		if (!p)
			return 0;
		g->evply = p;
		unsigned char *f = realloc(g->evinf, (size_t)cap);
		if (!f)
			return 0;
		g->evinf = f;
		g->evcap = cap;
	}
	g->evply[g->nev] = arb_history_ply_count(g->h);
	g->evinf[g->nev] = (unsigned char)g->inferring;
	g->ev[g->nev++] = *ev;
	return 1;
}

arb_status arb_game_event(arb_game *g, const arb_event *in, arb_error *err)
{
	if (!g || !in)
		return event_error(err, ARB_E_ARGUMENT, 0, "no game or event");
	if (in->color != ARB_WHITE && in->color != ARB_BLACK)
		return event_error(err, ARB_E_EVENT, 0, "bad colour");
	arb_event ev = *in;
	ev.move[sizeof ev.move - 1] = '\0';
	const arb_position *pos = pos_of(g);
	arb_move m = ARB_MOVE_NONE;
	arb_status st = ARB_OK;
	int ndec = g->ndec;

	/* Refuse what cannot happen here before anything is logged. */
	if (!g->ended) {
		if (ev.kind == ARB_EV_MOVE) {
			arb_error e;
			if (arb_move_from_uci(pos, ev.move, &m, &e) != ARB_OK)
				return event_error(err, ARB_E_EVENT, 0,
						   "move %s is not legal here (%s); a completed illegal "
						   "move is an 'illegal:' event",
						   ev.move, e.message);
			if (touch_check(g, m, ev.move, err) != ARB_OK)
				return ARB_E_EVENT;
			ev.color = arb_position_side_to_move(pos);
		} else if (ev.kind == ARB_EV_LATE) {
			if (arb_history_ply_count(g->h) > 0)
				return event_error(err, ARB_E_EVENT, 0,
						   "lateness is an event before move 1");
			if (g->late_ms[ev.color] >= 0)
				return event_error(err, ARB_E_EVENT, 0,
						   "%s's arrival is already known",
						   color_name(ev.color));
			if (g->late_ms[!ev.color] > ev.ms[0])
				return event_error(err, ARB_E_EVENT, 0,
						   "late events come in the order of arrival (%s "
						   "arrived later)",
						   color_name(!ev.color));
		}
	}
	if (!log_event(g, &ev))
		return event_error(err, ARB_E_NOMEM, 0, "out of memory");
	g->hook_failed = 0;
	if (g->ended) {
		/* After the end: logged, ignored (e.g. a flag after a mate, E12). */
		decide(g, 2, "ignored", ARB_ART_COUNT, "(the game had ended)");
		return ARB_OK;
	}
	if (ev.kind != ARB_EV_RULING)
		g->last_claim_decided = 0;
	switch (ev.kind) {
	case ARB_EV_MOVE:
		play_move(g, m, ev.ms[0]);
		break;
	case ARB_EV_CLAIM:
		if (ev.claim == ARB_CLAIM_THREEFOLD || ev.claim == ARB_CLAIM_FIFTY) {
			st = claim_draw(g, &ev, err);
			g->last_claim_decided = st == ARB_OK;
		} else if (ev.claim == ARB_CLAIM_TIME) {
			claim_time(g, ev.color);
		} else {
			st = claim_qpf(g, &ev);
			/* Unavailable or invalid: decided at once, no ruling to come. */
			g->last_claim_decided = st == ARB_OK && g->claim_open < 0;
		}
		break;
	case ARB_EV_RULING:
		st = ruling(g, &ev, err);
		break;
	case ARB_EV_OFFER:
		st = offer(g, ev.color);
		break;
	case ARB_EV_ACCEPT:
		st = accept(g, ev.color);
		break;
	case ARB_EV_DECLINE:
		if (g->offer_by == !ev.color)
			g->offer_by = -1;
		decide(g, 2, "offer-declined", ARB_ART_OFFER, NULL);
		break;
	case ARB_EV_RESIGN:
		st = resign(g, ev.color);
		break;
	case ARB_EV_FLAG:
		establish(g, ev.color);
		break;
	case ARB_EV_FLAG_BOTH:
		both_flags(g, "(order unknown)");
		break;
	case ARB_EV_FLAGDOWN:
		if (g->rules.flag_by == ARB_FLAG_BY_SERVER) {
			establish(g, ev.color); /* the server flags at zero */
		} else {
			if (!g->flag_down[ev.color])
				g->flag_down[ev.color] = ++g->nflags;
			decide(g, 2, "flag-down", ARB_ART_FLAG_ESTABLISH, "(%s's flag fell, not yet established)",
			       color_name(ev.color));
		}
		break;
	case ARB_EV_ILLEGAL:
	case ARB_EV_RETRACTED:
	case ARB_EV_NOPROMO:
	case ARB_EV_PRESS_NO_MOVE:
		st = illegal_event(g, &ev, err);
		break;
	case ARB_EV_CLOCK:
		g->time_ms[0] = ev.ms[0];
		g->time_ms[1] = ev.ms[1];
		decide(g, 2, "clock", ARB_ART_COUNT, NULL);
		break;
	case ARB_EV_LATE:
		st = late(g, ev.color, ev.ms[0]);
		break;
	case ARB_EV_FORFEIT:
		st = forfeit(g, ev.color, ev.forfeit);
		break;
	}
	if (st != ARB_OK) {
		/* Refused: forget the event and anything it decided. */
		g->nev--;
		g->ndec = ndec;
		return st;
	}
	if (g->hook_failed)
		return event_error(err, ARB_E_PROFILE, 0, "%s", g->hook_err);
	return ARB_OK;
}

/* ---- event tokens (MATRIX.md 4.1) --------------------------------------- */

/* The WHY of "forfeit:COLOR:WHY", in arb_forfeit_kind order. */
static const char *const forfeits[] = { "abandoned", "stalled", "infraction", "illegal",
					"adjudication" };

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

	if (!tok || !ev)
		return event_error(err, ARB_E_ARGUMENT, 0, "no token");
	memset(ev, 0, sizeof *ev);
	ev->ms[0] = ev->ms[1] = -1;
	if (len == 0)
		return event_error(err, ARB_E_EVENT, 1, "empty event");
	if (is_uci(tok, len)) {
		ev->kind = ARB_EV_MOVE;
		memcpy(ev->move, tok, len);
		return ARB_OK;
	}
	for (i = 0; i <= len; i++)
		if (i == len || tok[i] == ':') {
			if (np == 4)
				return event_error(err, ARB_E_EVENT, (int)i + 1, "too many ':' fields");
			part[np] = tok + start;
			plen[np++] = i - start;
			start = i + 1;
		}
	const char *k = part[0];
	size_t kn = plen[0];
#define NEED(n)                                                                          \
	do {                                                                             \
		if (np != (n))                                                           \
			return event_error(err, ARB_E_EVENT, 1, "'%.*s' takes %d field%s", \
					   (int)kn, k, (n)-1, (n) == 2 ? "" : "s");      \
	} while (0)
#define COLOR(j)                                                                              \
	do {                                                                                  \
		if (!parse_color(part[j], plen[j], &ev->color))                               \
			return event_error(err, ARB_E_EVENT, (int)(part[j] - tok) + 1,           \
					   "expected 'white' or 'black', not '%.*s'", (int)plen[j], \
					   part[j]);                                          \
	} while (0)
#define MOVE(j)                                                                              \
	do {                                                                                 \
		if (!is_uci(part[j], plen[j]))                                               \
			return event_error(err, ARB_E_EVENT, (int)(part[j] - tok) + 1,          \
					   "expected a move like e2e4, not '%.*s'", (int)plen[j], \
					   part[j]);                                         \
		memcpy(ev->move, part[j], plen[j]);                                          \
	} while (0)

	if (word_is(k, kn, "claim")) {
		static const char *const kinds[] = { "threefold", "fifty", "qpf", "increment", "time" };
		NEED(3);
		int kind = -1;
		for (int j = 0; j < 5; j++)
			if (word_is(part[1], plen[1], kinds[j]))
				kind = j;
		if (kind < 0)
			return event_error(err, ARB_E_EVENT, (int)(part[1] - tok) + 1,
					   "unknown claim '%.*s' (threefold, fifty, qpf, increment, time)",
					   (int)plen[1], part[1]);
		ev->kind = ARB_EV_CLAIM;
		ev->claim = (arb_claim_kind)kind;
		const char *at = memchr(part[2], '@', plen[2]);
		size_t cn = at ? (size_t)(at - part[2]) : plen[2];
		if (!parse_color(part[2], cn, &ev->color))
			return event_error(err, ARB_E_EVENT, (int)(part[2] - tok) + 1,
					   "expected 'white' or 'black'");
		if (at) {
			size_t mn = plen[2] - cn - 1;
			if (kind > ARB_CLAIM_FIFTY || !is_uci(at + 1, mn))
				return event_error(err, ARB_E_EVENT, (int)(at - tok) + 1,
						   "'@' takes the intended move of a threefold or fifty claim");
			memcpy(ev->move, at + 1, mn);
		}
		return ARB_OK;
	}
	if (word_is(k, kn, "ruling")) {
		static const char *const r[] = { "draw", "reject", "postpone", "accept" };
		NEED(2);
		for (int j = 0; j < 4; j++)
			if (word_is(part[1], plen[1], r[j])) {
				ev->kind = ARB_EV_RULING;
				ev->ruling = (arb_ruling_kind)j;
				return ARB_OK;
			}
		return event_error(err, ARB_E_EVENT, (int)(part[1] - tok) + 1,
				   "unknown ruling (draw, reject, postpone, accept)");
	}
	static const struct {
		const char *w;
		arb_event_kind k;
	} simple[] = { { "offer", ARB_EV_OFFER },     { "accept", ARB_EV_ACCEPT },
		       { "decline", ARB_EV_DECLINE }, { "resign", ARB_EV_RESIGN },
		       { "flagdown", ARB_EV_FLAGDOWN }, { "pressnomove", ARB_EV_PRESS_NO_MOVE } };
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
	} withmove[] = { { "illegal", ARB_EV_ILLEGAL },
			 { "retracted", ARB_EV_RETRACTED },
			 { "nopromo", ARB_EV_NOPROMO } };
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
		return event_error(err, ARB_E_EVENT, (int)(part[2] - tok) + 1,
				   "unknown forfeit '%.*s' (abandoned, stalled, infraction, illegal, "
				   "adjudication)",
				   (int)plen[2], part[2]);
	}
	if (word_is(k, kn, "clock")) {
		NEED(3);
		for (int j = 0; j < 2; j++)
			if ((ev->ms[j] = parse_secs(part[j + 1], plen[j + 1])) < 0)
				return event_error(err, ARB_E_EVENT, (int)(part[j + 1] - tok) + 1,
						   "expected seconds, not '%.*s'", (int)plen[j + 1],
						   part[j + 1]);
		ev->kind = ARB_EV_CLOCK;
		return ARB_OK;
	}
	if (word_is(k, kn, "late")) {
		NEED(3);
		COLOR(1);
		if ((ev->ms[0] = parse_secs(part[2], plen[2])) < 0)
			return event_error(err, ARB_E_EVENT, (int)(part[2] - tok) + 1,
					   "expected seconds, not '%.*s'", (int)plen[2], part[2]);
		ev->kind = ARB_EV_LATE;
		return ARB_OK;
	}
	return event_error(err, ARB_E_EVENT, 1, "unknown event '%.*s'", (int)kn, k);
#undef NEED
#undef COLOR
#undef MOVE
}

size_t arb_event_format(const arb_event *ev, char *buf, size_t n)
{
	static const char *const claims[] = { "threefold", "fifty", "qpf", "increment", "time" };
	static const char *const rulings[] = { "draw", "reject", "postpone", "accept" };
	char a[16], b[16];
	int k = 0;
	if (!ev || !buf || n == 0)
		return 0;
	const char *c = color_name(ev->color);
	switch (ev->kind) {
	case ARB_EV_MOVE: k = snprintf(buf, n, "%s", ev->move); break;
	case ARB_EV_CLAIM:
		k = snprintf(buf, n, "claim:%s:%s%s%s", claims[ev->claim % 5], c, ev->move[0] ? "@" : "",
			     ev->move);
		break;
	case ARB_EV_RULING: k = snprintf(buf, n, "ruling:%s", rulings[ev->ruling % 4]); break;
	case ARB_EV_OFFER: k = snprintf(buf, n, "offer:%s", c); break;
	case ARB_EV_ACCEPT: k = snprintf(buf, n, "accept:%s", c); break;
	case ARB_EV_DECLINE: k = snprintf(buf, n, "decline:%s", c); break;
	case ARB_EV_RESIGN: k = snprintf(buf, n, "resign:%s", c); break;
	case ARB_EV_FLAG: k = snprintf(buf, n, "flag:%s", c); break;
	case ARB_EV_FLAG_BOTH: k = snprintf(buf, n, "flag:both"); break;
	case ARB_EV_FLAGDOWN: k = snprintf(buf, n, "flagdown:%s", c); break;
	case ARB_EV_ILLEGAL:
		k = snprintf(buf, n, "illegal:%s%s%s", c, ev->move[0] ? ":" : "", ev->move);
		break;
	case ARB_EV_FORFEIT:
		k = snprintf(buf, n, "forfeit:%s:%s", c, forfeits[ev->forfeit % 5]);
		break;
	case ARB_EV_RETRACTED: k = snprintf(buf, n, "retracted:%s:%s", c, ev->move); break;
	case ARB_EV_NOPROMO: k = snprintf(buf, n, "nopromo:%s:%s", c, ev->move); break;
	case ARB_EV_PRESS_NO_MOVE: k = snprintf(buf, n, "pressnomove:%s", c); break;
	case ARB_EV_CLOCK:
		fmt_secs(a, sizeof a, ev->ms[0]);
		fmt_secs(b, sizeof b, ev->ms[1]);
		a[strlen(a) - 1] = b[strlen(b) - 1] = '\0'; /* drop the 's' */
		k = snprintf(buf, n, "clock:%s:%s", a, b);
		break;
	case ARB_EV_LATE:
		fmt_secs(a, sizeof a, ev->ms[0]);
		a[strlen(a) - 1] = '\0';
		k = snprintf(buf, n, "late:%s:%s", c, a);
		break;
	}
	if (k < 0)
		return 0;
	return (size_t)k < n ? (size_t)k : n - 1;
}

arb_status arb_game_tokens(arb_game *g, const char *tokens, arb_error *err)
{
	size_t i = 0;
	if (!g || !tokens)
		return event_error(err, ARB_E_ARGUMENT, 0, "no game or tokens");
	while (tokens[i]) {
		while (tokens[i] && isspace((unsigned char)tokens[i]))
			i++;
		size_t start = i;
		while (tokens[i] && !isspace((unsigned char)tokens[i]))
			i++;
		if (i == start)
			break;
		arb_event ev;
		arb_status st = arb_event_parse(tokens + start, i - start, &ev, err);
		if (st == ARB_OK)
			st = arb_game_event(g, &ev, err);
		if (st != ARB_OK) {
			if (err) {
				char msg[ARB_ERROR_MESSAGE_SIZE];
				snprintf(msg, sizeof msg, "%s", err->message);
				int col = (int)start + (err->column > 0 ? err->column : 1);
				err->column = col;
				put(err->message, sizeof err->message, "column %d, '%.*s': %s", col,
					 (int)(i - start) > 40 ? 40 : (int)(i - start), tokens + start, msg);
			}
			return st;
		}
	}
	return ARB_OK;
}

/* ---- queries ------------------------------------------------------------ */

int arb_game_over(const arb_game *g) { return g && g->ended; }
const arb_position *arb_game_start(const arb_game *g) { return g ? g->start : NULL; }
const arb_position *arb_game_previous_position(const arb_game *g)
{
	return g ? g->prev : NULL;
}
const arb_position *arb_game_position(const arb_game *g) { return g ? pos_of(g) : NULL; }
const arb_rules *arb_game_rules(const arb_game *g) { return g ? &g->rules : NULL; }
int arb_game_ply_count(const arb_game *g) { return g ? arb_history_ply_count(g->h) : 0; }
arb_move arb_game_move(const arb_game *g, int ply)
{
	return g ? arb_history_move(g->h, ply) : ARB_MOVE_NONE;
}
int arb_game_event_count(const arb_game *g) { return g ? g->nev : 0; }
const arb_event *arb_game_event_at(const arb_game *g, int i)
{
	return g && i >= 0 && i < g->nev ? &g->ev[i] : NULL;
}
int arb_game_decision_count(const arb_game *g) { return g ? g->ndec : 0; }
const arb_decision *arb_game_decision(const arb_game *g, int i)
{
	return g && i >= 0 && i < g->ndec ? &g->dec[i] : NULL;
}
int arb_game_strikes(const arb_game *g, arb_color side)
{
	return g && (side == ARB_WHITE || side == ARB_BLACK) ? g->strikes[side] : 0;
}
long arb_game_time(const arb_game *g, arb_color side)
{
	return g && (side == ARB_WHITE || side == ARB_BLACK) ? g->time_ms[side] : -1;
}
int arb_game_occurrences(const arb_game *g)
{
	return g ? arb_history_occurrences(g->h) : 0;
}

/* PGN Termination (PGN standard 9.8.1) of a reason code. */
static const char *termination_of(const char *reason, const char *detail)
{
	static const char *const time[] = { "time-forfeit", "time-draw", "both-flags-draw" };
	static const char *const infraction[] = { "illegal-move-loss", "illegal-move-draw",
						  "default-loss" };
	static const char *const arbiter[] = { "qpf-draw", "td-draw", "adjudication-loss" };
	static const char *const left[] = { "abandoned-loss", "stalled-loss" };
	for (size_t i = 0; i < 3; i++)
		if (strcmp(reason, time[i]) == 0)
			return "time forfeit";
	for (size_t i = 0; i < 3; i++)
		if (strcmp(reason, infraction[i]) == 0)
			return "rules infraction";
	for (size_t i = 0; i < 3; i++)
		if (strcmp(reason, arbiter[i]) == 0)
			return "adjudication";
	for (size_t i = 0; i < 2; i++)
		if (strcmp(reason, left[i]) == 0)
			return "abandoned";
	if (strcmp(reason, "infraction-loss") == 0 || strcmp(reason, "illegal-move-forfeit") == 0)
		return "rules infraction";
	if (strcmp(reason, "armageddon-time-loss") == 0)
		return "time forfeit"; /* Black's flag fell: "a loss on time is a loss" */
	if (strcmp(reason, "armageddon-draw-odds") == 0 && detail)
		return strstr(detail, "time-") || strstr(detail, "both-flags") ? "time forfeit"
									     : "normal";
	return "normal";
}

void arb_game_result_get(const arb_game *g, arb_game_result *out)
{
	if (!out)
		return;
	memset(out, 0, sizeof *out);
	strcpy(out->result, "*");
	strcpy(out->board, "*");
	strcpy(out->termination, "unterminated");
	if (!g)
		return;
	if (g->ended && g->ending >= 0) {
		const arb_decision *d = &g->dec[g->ending];
		snprintf(out->result, sizeof out->result, "%s", d->result);
		snprintf(out->board, sizeof out->board, "%s", d->board);
		snprintf(out->reason, sizeof out->reason, "%s", d->reason);
		snprintf(out->detail, sizeof out->detail, "%s", d->detail);
		snprintf(out->article, sizeof out->article, "%s", d->article);
		snprintf(out->termination, sizeof out->termination, "%s",
			 termination_of(d->reason, d->detail));
		for (int i = 0; i < d->neffects && out->neffects < 16; i++)
			memcpy(out->effects[out->neffects++], d->effects[i], sizeof out->effects[0]);
		int forfeit = strcmp(d->reason, "default-loss") == 0;
		const char *w = "", *b = "";
		if (strcmp(d->result, "1-0") == 0)
			w = forfeit ? "+" : "1", b = forfeit ? "-" : "0";
		else if (strcmp(d->result, "0-1") == 0)
			w = forfeit ? "-" : "0", b = forfeit ? "+" : "1";
		else if (strcmp(d->result, "1/2-1/2") == 0)
			w = b = "=";
		snprintf(out->trf[0], sizeof out->trf[0], "%s", w);
		snprintf(out->trf[1], sizeof out->trf[1], "%s", b);
		const char *pw = w[0] == '1' || w[0] == '+' ? g->rules.points_win
				 : w[0] == '='		    ? g->rules.points_draw
							    : g->rules.points_loss;
		const char *pb = b[0] == '1' || b[0] == '+' ? g->rules.points_win
				 : b[0] == '='		    ? g->rules.points_draw
							    : g->rules.points_loss;
		snprintf(out->points[0], sizeof out->points[0], "%s", g->points[0][0] ? g->points[0] : pw);
		snprintf(out->points[1], sizeof out->points[1], "%s", g->points[1][0] ? g->points[1] : pb);
		return;
	}
	int pick = -1;
	for (int i = g->ndec - 1; i >= 0 && pick < 0; i--)
		if (g->dec[i].note == 0)
			pick = i;
	for (int i = g->ndec - 1; i >= 0 && pick < 0; i--)
		if (g->dec[i].note == 1)
			pick = i;
	for (int i = pick; i >= 0 && i == pick; i--)
		{
			snprintf(out->reason, sizeof out->reason, "%s", g->dec[i].reason);
			snprintf(out->detail, sizeof out->detail, "%s", g->dec[i].detail);
			snprintf(out->article, sizeof out->article, "%s", g->dec[i].article);
			break;
		}
	for (int i = 0; i < g->ndec; i++)
		for (int j = 0; j < g->dec[i].neffects && out->neffects < 16; j++)
			memcpy(out->effects[out->neffects++], g->dec[i].effects[j], sizeof out->effects[0]);
}

/* ---- PGN: comment commands ------------------------------------------------ */

/* The commands of a comment that are game events, in order: each
 * "[%name args]" with a known name becomes a token (args joined by ':'). */
static const char *const commands[] = { "claim",   "ruling",    "offer",   "accept",
					"decline", "resign",    "flag",    "flagdown",
					"illegal", "retracted", "nopromo", "pressnomove",
					"clock",   "late",      "forfeit" };

static int command_index(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (word_is(s, n, commands[i]))
			return (int)i;
	return -1;
}

const char *game_command_name(int i)
{
	return i >= 0 && (size_t)i < sizeof commands / sizeof commands[0] ? commands[i] : NULL;
}

/*
 * Builds the token of one command with the defaults for a missing colour:
 * a claim, an illegal/retracted/nopromo move, a press without a move and a
 * resignation are by the side to move; an offer by the side that just
 * moved; an accept or decline by the side the offer was made to.
 */
static int command_token(const arb_game *g, const char *name, const char *args, char *tok,
			 size_t n)
{
	char a[3][24] = { "", "", "" };
	int na = 0;
	const char *p = args;
	while (*p && na < 3) {
		while (*p == ' ')
			p++;
		size_t k = strcspn(p, " ");
		if (k == 0)
			break;
		snprintf(a[na++], sizeof a[0], "%.*s", (int)(k > 23 ? 23 : k), p);
		p += k;
	}
	while (*p == ' ')
		p++;
	if (*p)
		return 0;
	const arb_position *pos = pos_of(g);
	const char *stm = color_name(arb_position_side_to_move(pos));
	const char *moved = arb_history_ply_count(g->h) ? color_name(!arb_position_side_to_move(pos))
							: stm;
	const char *offeree = g->offer_by >= 0 ? color_name(!g->offer_by) : stm;
	int hascolor = na > 0 && (strcmp(a[0], "white") == 0 || strcmp(a[0], "black") == 0);
	int k;
	if (strcmp(name, "claim") == 0) {
		/* [%claim KIND [COLOR] [MOVE]] */
		if (na < 1)
			return 0;
		int c = na > 1 && (strcmp(a[1], "white") == 0 || strcmp(a[1], "black") == 0);
		const char *mv = c ? (na > 2 ? a[2] : "") : (na > 1 ? a[1] : "");
		k = snprintf(tok, n, "claim:%s:%s%s%s", a[0], c ? a[1] : stm, mv[0] ? "@" : "", mv);
	} else if (strcmp(name, "ruling") == 0 || strcmp(name, "flag") == 0 ||
		   strcmp(name, "clock") == 0 || strcmp(name, "late") == 0 ||
		   strcmp(name, "forfeit") == 0) {
		k = snprintf(tok, n, "%s%s%s%s%s%s%s", name, na > 0 ? ":" : "", a[0], na > 1 ? ":" : "",
			     a[1], na > 2 ? ":" : "", a[2]);
	} else if (strcmp(name, "illegal") == 0 || strcmp(name, "retracted") == 0 ||
		   strcmp(name, "nopromo") == 0) {
		const char *mv = hascolor ? a[1] : a[0];
		k = snprintf(tok, n, "%s:%s%s%s", name, hascolor ? a[0] : stm, mv[0] ? ":" : "", mv);
	} else {
		const char *dflt = strcmp(name, "offer") == 0 ? moved
				   : strcmp(name, "accept") == 0 || strcmp(name, "decline") == 0
					   ? offeree
					   : stm;
		k = snprintf(tok, n, "%s:%s", name, hascolor ? a[0] : dflt);
	}
	return k > 0 && (size_t)k < n;
}

/* Feeds the commands of a comment; returns the status of the first failure. */
static arb_status feed_comment(arb_game *g, const char *text, int ply, arb_error *err)
{
	const char *p = text;
	while (p && (p = strstr(p, "[%")) != NULL) {
		const char *name = p + 2, *end = strchr(name, ']');
		if (!end)
			break;
		size_t nn = strcspn(name, " ]");
		int idx = command_index(name, nn);
		if (idx >= 0) {
			char args[96], tok[128];
			const char *a = name + nn;
			size_t an = (size_t)(end - a);
			snprintf(args, sizeof args, "%.*s", (int)(an > 95 ? 95 : an), a);
			arb_event ev;
			arb_status st;
			/* "[%flag white inferred]": an event the record's tags imply,
			 * written so by arb_game_to_record. */
			size_t al = strlen(args);
			int inferred = al >= 9 && strcmp(args + al - 9, " inferred") == 0;
			if (inferred)
				args[al - 9] = '\0';
			if (!command_token(g, commands[idx], args, tok, sizeof tok))
				return event_error(err, ARB_E_EVENT, 0, "after ply %d: bad command [%%%.*s]",
						   ply, (int)(end - name), name);
			st = arb_event_parse(tok, strlen(tok), &ev, err);
			g->inferring = inferred ? 2 : 0;
			if (st == ARB_OK)
				st = arb_game_event(g, &ev, err);
			g->inferring = 0;
			if (st != ARB_OK) {
				if (err) {
					char msg[ARB_ERROR_MESSAGE_SIZE];
					snprintf(msg, sizeof msg, "%s", err->message);
					put(err->message, sizeof err->message,
						 "after ply %d, [%%%.*s]: %s", ply,
						 (int)(end - name > 60 ? 60 : end - name), name, msg);
				}
				return st;
			}
		}
		p = end + 1;
	}
	return ARB_OK;
}

/*
 * PGN Termination values (PGN standard 9.8.1; lichess writes them
 * capitalised, "Time forfeit"; cutechess-cli and fastchess add "illegal
 * move" and "stalled connection"), compared without case, and the event
 * each implies with the Result (see infer_ending). "death", "emergency" and
 * anything else imply no event: the game is left as the events leave it.
 */
typedef enum term_kind {
	TERM_NORMAL, TERM_TIME, TERM_ABANDONED, TERM_STALLED, TERM_INFRACTION, TERM_ILLEGAL,
	TERM_ADJUDICATION, TERM_UNTERMINATED, TERM_OTHER
} term_kind;

static const struct {
	const char *text;
	term_kind kind;
} terminations[] = {
	{ "normal", TERM_NORMAL },	       { "time forfeit", TERM_TIME },
	{ "abandoned", TERM_ABANDONED },       { "stalled connection", TERM_STALLED },
	{ "rules infraction", TERM_INFRACTION }, { "illegal move", TERM_ILLEGAL },
	{ "adjudication", TERM_ADJUDICATION }, { "unterminated", TERM_UNTERMINATED },
};

/* The kind of a Termination value (none: normal, as the tag is optional). */
static term_kind term_kind_of(const char *term)
{
	if (!term)
		return TERM_NORMAL;
	while (*term == ' ')
		term++;
	size_t n = strlen(term);
	while (n > 0 && term[n - 1] == ' ')
		n--;
	for (size_t i = 0; i < sizeof terminations / sizeof terminations[0]; i++)
		if (strlen(terminations[i].text) == n && strncasecmp(term, terminations[i].text, n) == 0)
			return terminations[i].kind;
	return TERM_OTHER;
}

/* The side whose flag fell in a game drawn on time: the one whose last
 * [%clk] reading is zero, else the side to move (only the clock of the
 * side to move runs). */
static int drawn_flagger(const arb_game *g, const arb_record *rec)
{
	int n = arb_record_ply_count(rec);
	int stm = arb_position_side_to_move(pos_of(g));
	for (int ply = n - 1; ply >= 0 && ply >= n - 2; ply--) {
		long ms = arb_record_node_clock(rec, arb_record_mainline_node(rec, ply), ARB_CMD_CLK);
		if (ms == 0)
			return (ply % 2 == 0) == (arb_position_side_to_move(arb_record_start(rec)) ==
						  ARB_WHITE)
				       ? ARB_WHITE
				       : ARB_BLACK;
	}
	return stm;
}

/* The token of the ending a decisive Result implies with a Termination of
 * `kind` (the loser named by the Result). */
static void decisive_token(const arb_game *g, term_kind kind, int loser, char *tok, size_t n)
{
	static const char *const why[] = { [TERM_ABANDONED] = "abandoned",
					   [TERM_STALLED] = "stalled",
					   [TERM_INFRACTION] = "infraction",
					   [TERM_ADJUDICATION] = "adjudication" };
	const char *c = color_name(loser);
	int on_move = (int)arb_position_side_to_move(pos_of(g)) == loser;
	switch (kind) {
	case TERM_TIME:
		snprintf(tok, n, "flag:%s", c);
		break;
	case TERM_ILLEGAL:
		/* The illegal move was not played: its maker is on move, unless
		 * the record ends otherwise (then only the forfeit is known). */
		snprintf(tok, n, on_move ? "illegal:%s" : "forfeit:%s:illegal", c);
		break;
	case TERM_ABANDONED:
	case TERM_STALLED:
	case TERM_INFRACTION:
	case TERM_ADJUDICATION:
		snprintf(tok, n, "forfeit:%s:%s", c, why[kind]);
		break;
	default:
		snprintf(tok, n, "resign:%s", c);
		break;
	}
}

/* The token of the ending a drawn Result implies. */
static void drawn_token(const arb_game *g, const arb_record *rec, term_kind kind, char *tok,
			size_t n)
{
	const arb_position *pos = pos_of(g);
	int stm = arb_position_side_to_move(pos);
	switch (kind) {
	case TERM_TIME:
		/* A flag fall against a side that cannot mate (FIDE 6.9): the
		 * profile decides whether that is a draw. */
		snprintf(tok, n, "flag:%s", color_name(drawn_flagger(g, rec)));
		break;
	case TERM_ILLEGAL:
		snprintf(tok, n, "illegal:%s", color_name(stm));
		break;
	case TERM_ABANDONED:
	case TERM_STALLED:
	case TERM_INFRACTION:
	case TERM_ADJUDICATION:
		snprintf(tok, n, "ruling:draw"); /* the arbiter's (runner's) draw */
		break;
	default:
		if (arb_history_occurrences(g->h) >= g->rules.threefold_count)
			snprintf(tok, n, "claim:threefold:%s", color_name(stm));
		else if (arb_position_halfmove_clock(pos) >= 2 * g->rules.fifty_moves)
			snprintf(tok, n, "claim:fifty:%s", color_name(stm));
		else
			snprintf(tok, n, "offer:%s accept:%s", color_name(!stm), color_name(stm));
		break;
	}
}

/*
 * The ending a record's Result and Termination tags imply, when the events
 * did not end the game (see arb_game_from_record), fed as inferred events
 * and then decided under the profile like any other. An unterminated game
 * or a Termination that implies no event is left in play, with a note.
 */
static arb_status infer_ending(arb_game *g, const arb_record *rec, arb_error *err)
{
	const char *res = arb_record_result(rec);
	const char *term = arb_record_tag(rec, "Termination");
	term_kind kind = term_kind_of(term);
	int decisive = res && (strcmp(res, "1-0") == 0 || strcmp(res, "0-1") == 0);
	char tok[64];
	arb_status st;

	if (!res || g->ended || (!decisive && strcmp(res, "1/2-1/2") != 0))
		return ARB_OK;
	if (kind == TERM_UNTERMINATED || kind == TERM_OTHER) {
		g->result_left = 1;
		decide(g, 1, "result-not-adjudicated", ARB_ART_COUNT,
		       "(Termination \"%.40s\" implies no event; the Result %s is not adjudicated)",
		       term, res);
		return ARB_OK;
	}
	if (decisive)
		decisive_token(g, kind, res[0] == '1' ? ARB_BLACK : ARB_WHITE, tok, sizeof tok);
	else
		drawn_token(g, rec, kind, tok, sizeof tok);
	g->inferring = 1;
	st = arb_game_tokens(g, tok, err);
	/* An illegal move the profile only penalises (a first one, 7.5.5)
	 * would leave in play a game the file says was lost by it: the runner's
	 * or arbiter's forfeit is then the event. */
	if (st == ARB_OK && decisive && kind == TERM_ILLEGAL && !g->ended) {
		snprintf(tok, sizeof tok, "forfeit:%s:illegal",
			 color_name(res[0] == '1' ? ARB_BLACK : ARB_WHITE));
		st = arb_game_tokens(g, tok, err);
	}
	g->inferring = 0;
	return st;
}

arb_game *arb_game_from_record(const arb_record *rec, const arb_rules *rules, arb_error *err)
{
	arb_time_control tc, *tcp = NULL;
	const char *tct;
	if (!rec) {
		event_error(err, ARB_E_ARGUMENT, 0, "no record");
		return NULL;
	}
	if ((tct = arb_record_tag(rec, "TimeControl")) && arb_tc_parse(tct, &tc, NULL) == ARB_OK &&
	    tc.kind == ARB_TC_PERIODS)
		tcp = &tc;
	arb_game *g = arb_game_new(rules, arb_record_start(rec), tcp);
	if (!g) {
		event_error(err, ARB_E_NOMEM, 0, "out of memory");
		return NULL;
	}
	int nply = arb_record_ply_count(rec);
	arb_status st = feed_comment(g, arb_record_node_comment(rec, 0), 0, err);
	for (int ply = 0; st == ARB_OK && ply < nply; ply++) {
		int node = arb_record_mainline_node(rec, ply);
		arb_move m = arb_record_node_move(rec, node);
		if (arb_game_ply_count(g) > ply) {
			/* A move the game made itself (the queen placed after an
			 * unfinished promotion, 7.5.2; the written move of an
			 * incorrect claim, 9.5.2) is also in the movetext. */
			if (arb_game_move(g, ply) != m) {
				st = event_error(err, ARB_E_EVENT, 0,
						 "ply %d: the movetext does not have the move the "
						 "events made", ply + 1);
				break;
			}
			st = feed_comment(g, arb_record_node_comment(rec, node), ply + 1, err);
			continue;
		}
		if (g->ended)
			break;
		arb_event ev;
		memset(&ev, 0, sizeof ev);
		ev.kind = ARB_EV_MOVE;
		ev.ms[0] = arb_record_node_clock(rec, node, ARB_CMD_CLK);
		ev.ms[1] = -1;
		arb_move_to_uci(pos_of(g), m, ev.move);
		if (ev.ms[0] < 0)
			ev.ms[0] = -1;
		st = arb_game_event(g, &ev, err);
		if (st == ARB_OK)
			st = feed_comment(g, arb_record_node_comment(rec, node), ply + 1, err);
	}
	if (st == ARB_OK && !g->ended)
		st = infer_ending(g, rec, err);
	if (st != ARB_OK) {
		arb_game_free(g);
		return NULL;
	}
	return g;
}

/* Removes the event commands from a comment; keeps everything else. */
static size_t strip_commands(const char *in, char *out, size_t n)
{
	size_t o = 0;
	const char *p = in;
	while (*p && o + 1 < n) {
		if (p[0] == '[' && p[1] == '%') {
			const char *name = p + 2, *end = strchr(name, ']');
			size_t nn = strcspn(name, " ]");
			if (end && command_index(name, nn) >= 0) {
				p = end + 1;
				while (*p == ' ')
					p++;
				continue;
			}
		}
		out[o++] = *p++;
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	return o;
}

/* The comment command of an event ("[%claim threefold white f6g8]"), with
 * the marker feed_comment reads for an inferred one ("[%flag white
 * inferred]"). */
static void event_command(const arb_event *ev, int inferred, char *buf, size_t n)
{
	char tok[80];
	arb_event_format(ev, tok, sizeof tok);
	for (char *p = tok; *p; p++)
		if (*p == ':' || *p == '@')
			*p = ' ';
	snprintf(buf, n, "[%%%s%s]", tok, inferred ? " inferred" : "");
}

/* The PGN standard's classes of Termination (9.8.1): a runner's "stalled
 * connection" is a kind of "abandoned", its "illegal move" of "rules
 * infraction". */
static term_kind term_class(term_kind k)
{
	return k == TERM_STALLED ? TERM_ABANDONED : k == TERM_ILLEGAL ? TERM_INFRACTION : k;
}

/* 1 when the record's Result and Termination tags already say what the
 * profile decided (the same result, a Termination of the same class), or
 * when the tags implied no event (infer_ending left the game as it was):
 * then they are kept as written, and the inferred events stay unwritten
 * (reading the record again infers them again). */
static int tags_stand(const arb_game *g, const arb_record *rec, const arb_game_result *r)
{
	const char *res = arb_record_result(rec);
	const char *term = arb_record_tag(rec, "Termination");
	if (g->result_left)
		return 1;
	return res && strcmp(res, r->result) == 0 &&
	       term_class(term_kind_of(term)) == term_class(term_kind_of(r->termination));
}

/* Sets Result and Termination to the profile's decision unless the tags
 * stand; a result or termination the file gave otherwise is kept in
 * OriginalResult / OriginalTermination (the first one written wins, so a
 * record rewritten again still names what its source said). */
static arb_status set_result_tags(arb_record *rec, const arb_game_result *r, int keep)
{
	const char *res = arb_record_result(rec);
	const char *term;
	char was[24];
	if (!arb_record_tag(rec, "OriginalResult") && res && strcmp(res, "*") != 0 &&
	    strcmp(res, r->result) != 0 && !keep) {
		snprintf(was, sizeof was, "%s", res);
		if (arb_record_set_tag(rec, "OriginalResult", was) != ARB_OK)
			return ARB_E_NOMEM;
	}
	term = arb_record_tag(rec, "Termination");
	if (keep) {
		if (!term && strcmp(r->result, "*") != 0 &&
		    arb_record_set_tag(rec, "Termination", r->termination) != ARB_OK)
			return ARB_E_NOMEM;
		return ARB_OK;
	}
	if (term && strcmp(term, r->termination) != 0 && !arb_record_tag(rec, "OriginalTermination")) {
		/* A copy: setting a tag may move the record's strings. */
		char *t = malloc(strlen(term) + 1);
		arb_status st = t ? ARB_OK : ARB_E_NOMEM;
		if (t) {
			strcpy(t, term);
			st = arb_record_set_tag(rec, "OriginalTermination", t);
			free(t);
		}
		if (st != ARB_OK)
			return ARB_E_NOMEM;
	}
	arb_record_set_result(rec, r->result);
	if (arb_record_set_tag(rec, "Result", r->result) != ARB_OK ||
	    arb_record_set_tag(rec, "Termination", r->termination) != ARB_OK)
		return ARB_E_NOMEM;
	return ARB_OK;
}

arb_status arb_game_to_record(const arb_game *g, arb_record *rec)
{
	if (!g || !rec)
		return ARB_E_ARGUMENT;
	int nply = arb_game_ply_count(g);
	if (arb_record_ply_count(rec) == 0) {
		/* A record without the moves (a token log): take the game's start
		 * and moves. */
		if (arb_record_set_start(rec, g->start) != ARB_OK)
			return ARB_E_NOMEM;
		int node = 0;
		for (int i = 0; i < nply; i++)
			if ((node = arb_record_add_move(rec, node, arb_game_move(g, i))) == ARB_NO_NODE)
				return ARB_E_NOMEM;
	}
	/* The record may go on after the game ended under this profile (a
	 * 75-move draw the players did not notice): those moves stay, without
	 * event commands. Fewer moves than the game has is a different game. */
	if (arb_record_ply_count(rec) < nply || (arb_record_ply_count(rec) > nply && !g->ended))
		return ARB_E_ARGUMENT;
	arb_game_result r;
	arb_game_result_get(g, &r);
	int keep_tags = tags_stand(g, rec, &r);
	size_t cap = 4096;
	char *buf = malloc(cap), cmd[128];
	if (!buf)
		return ARB_E_NOMEM;
	int ev = 0;
	for (int ply = 0; ply <= nply; ply++) {
		int node = ply == 0 ? 0 : arb_record_mainline_node(rec, ply - 1);
		const char *old = arb_record_node_comment(rec, node);
		size_t oldlen = old ? strlen(old) : 0;
		if (oldlen + 1 > cap) {
			char *nb = realloc(buf, oldlen + 1);
			if (!nb) {
				free(buf);
				return ARB_E_NOMEM;
			}
			buf = nb;
			cap = oldlen + 1;
		}
		size_t len = strip_commands(old ? old : "", buf, cap);
		/* The events fed when `ply` moves had been played, in order; one
		 * this reading inferred from the tags only when the tags no
		 * longer imply it (one the record gave, marked inferred, stays:
		 * the tags rewritten to the decision may not imply it again). */
		for (; ev < g->nev && g->evply[ev] <= ply; ev++) {
			if (g->ev[ev].kind == ARB_EV_MOVE || g->evply[ev] < ply ||
			    (g->evinf[ev] == 1 && keep_tags))
				continue;
			event_command(&g->ev[ev], g->evinf[ev], cmd, sizeof cmd);
			size_t k = strlen(cmd);
			if (len + k + 2 > cap) {
				char *nb = realloc(buf, 2 * cap + k);
				if (!nb) {
					free(buf);
					return ARB_E_NOMEM;
				}
				buf = nb;
				cap = 2 * cap + k;
			}
			if (len)
				buf[len++] = ' ';
			memcpy(buf + len, cmd, k + 1);
			len += k;
		}
		if (!rec_set_comment(rec, node, buf, len)) {
			free(buf);
			return ARB_E_NOMEM;
		}
	}
	free(buf);
	return set_result_tags(rec, &r, keep_tags);
}
