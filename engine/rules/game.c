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
 * The precedence of automatic endings is the outcome layer's
 * (arb_history_ending_limits): checkmate, stalemate, dead position,
 * fivefold, 75 moves, automatic 50 moves and threefold (a mate on the move
 * that reaches a limit wins: FIDE 2014 9.6b, 2018+ 9.6.2, US 14K2).
 * after_move() says which of them apply and adds the notes and claims
 * around them; which apply, and what a claim, an illegal move or a flag
 * costs, is read from arb_rules alone.
 *
 * Beside this file: the event tokens are a notation (engine/notation/
 * events.c), the "cannot mate" tests of each edition are analysis
 * (arb_position_cannot_mate, engine/outcome/outcome.c), the PGN comment
 * commands and records are game_pgn.c, and the meaning of an ending outside
 * the game (Termination, TRF, points) is reasons.c.
 */
#include "game_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The budget of the "can this side still mate" questions asked while
 * adjudicating: config.h. */
#define FLAG_NODES ARB_ADJUDICATION_NODES

/* ---- decisions ------------------------------------------------------- */

static arb_decision *vdecide(arb_game *g, int code, arb_article art, const char *detail, va_list ap)
{
	if (g->nomem)
		return NULL;
	if (g->ndec == g->deccap) {
		int cap = g->deccap ? 2 * g->deccap : 16;
		arb_decision *d = realloc(g->dec, (size_t)cap * sizeof *d);
		if (!d) {
			g->nomem = 1;
			return NULL;
		}
		g->dec = d;
		g->deccap = cap;
	}
	arb_decision *d = &g->dec[g->ndec++];
	memset(d, 0, sizeof *d);
	d->event = g->nev - 1;
	d->ply = arb_history_ply_count(g->h);
	d->note = arbI_reason_note(code);
	strcpy(d->result, arbI_result_name(RESULT_NONE));
	strcpy(d->board, arbI_result_name(RESULT_NONE));
	d->code = code;
	snprintf(d->reason, sizeof d->reason, "%s", arb_reason_name((arb_reason)code));
	if (detail && *detail)
		vsnprintf(d->detail, sizeof d->detail, detail, ap);
	if (g->inferring) {
		size_t k = strlen(d->detail);
		snprintf(d->detail + k, sizeof d->detail - k, "%s(inferred from the tags)",
			 k ? " " : "");
	}
	if (art < ARB_ART_COUNT)
		arb_rules_cite(&g->rules, art, d->article, sizeof d->article);
	return d;
}

arb_decision *arbI_game_decide(arb_game *g, int code, const char *detail, ...)
{
	va_list ap;
	va_start(ap, detail);
	arb_decision *d = vdecide(g, code, arbI_reason_article(code), detail, ap);
	va_end(ap);
	return d;
}

arb_decision *arbI_game_decide_at(arb_game *g, int code, arb_article art, const char *detail, ...)
{
	va_list ap;
	va_start(ap, detail);
	arb_decision *d = vdecide(g, code, art, detail, ap);
	va_end(ap);
	return d;
}

/* A decision a hook handed back: its reason (a code of the table when it
 * names one, else its own text; "hook" when it names none), detail and
 * article as given, always a decision (note 0). */
static arb_decision *hook_decision(arb_game *g, const arb_hook_out *out)
{
	int code = out->reason[0] ? arbI_reason_of_name(out->reason) : ARB_REASON_HOOK;
	arb_decision *d = arbI_game_decide_at(g, code, ARB_ART_COUNT, "%s", out->detail);
	if (!d)
		return NULL;
	d->note = 0;
	if (code == ARB_REASON_CUSTOM)
		snprintf(d->reason, sizeof d->reason, "%s", out->reason);
	snprintf(d->article, sizeof d->article, "%s", out->article);
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
	arbI_fmt_secs(s, sizeof s, ms);
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
	arbI_fmt_secs(s, sizeof s, ms);
	effect(d, "set:%s=%s", color_name(side), s);
	g->time_ms[side] = ms;
}

/* ---- ending the game and scoring ------------------------------------- */

static game_result win_for(int side)
{
	return side == ARB_WHITE ? RESULT_WHITE : RESULT_BLACK;
}

static int hook_failed(arb_game *g, const char *which, const char *msg)
{
	snprintf(g->hook_err, sizeof g->hook_err, "profile hook %s: %s", which, msg);
	g->hook_failed = 1;
	return 0;
}

/* A hook's result text ("" = unchanged) is one of the four; else it fails. */
static int hook_result_ok(arb_game *g, const char *which, const arb_hook_out *out)
{
	char msg[64];
	if (!out->set || !out->result[0] || arbI_result_of_text(out->result) != RESULT_OTHER)
		return 1;
	put(msg, sizeof msg, "result '%s' is not 1-0, 0-1, 1/2-1/2 or *", out->result);
	return hook_failed(g, which, msg);
}

static void set_result(arb_decision *d, game_result result)
{
	snprintf(d->result, sizeof d->result, "%s", arbI_result_name(result));
}

/* The game is over on decision d with scored result `result`. */
static int ended_on(arb_game *g, arb_decision *d, game_result result)
{
	g->ended = 1;
	g->ending = (int)(d - g->dec);
	g->result = result;
	g->offer_by = -1;
	g->claim_open = -1;
	return 1;
}

/*
 * Ends the game with board result `board` on decision d: the scored result
 * follows score.draw (Armageddon draw odds: a drawn board is a Black win,
 * event regulations; docs/rules.md#draw-odds), then the profile's ending hook may change
 * or cancel it. Returns 1 if the game ended.
 */
static int end_game(arb_game *g, arb_decision *d, game_result board, int flagger)
{
	game_result result = board;
	if (!d)
		return 0;
	snprintf(d->board, sizeof d->board, "%s", arbI_result_name(board));
	d->ends = 1;
	if (board == RESULT_DRAW && g->rules.draw_scoring == ARB_DRAW_SCORED_BLACK_WIN) {
		/* Either way the event's regulation, not the Laws, decides the
		 * score: the reason says which, the article names it. */
		int time_loss = flagger == ARB_BLACK && !g->rules.draw_odds_on_time_draw;
		char was[sizeof d->detail];
		put(was, sizeof was, "%s%s%s", d->reason, d->detail[0] ? " " : "", d->detail);
		put(d->detail, sizeof d->detail, "(%s)", was);
		/* Regulations: "a loss on time is a loss" (docs/rules.md#armageddon-draw-on-time). */
		g->odds_of = d->code;
		d->code = time_loss ? ARB_REASON_ARMAGEDDON_TIME_LOSS :
				      ARB_REASON_ARMAGEDDON_DRAW_ODDS;
		snprintf(d->reason, sizeof d->reason, "%s", arb_reason_name((arb_reason)d->code));
		result = time_loss ? RESULT_WHITE : RESULT_BLACK;
		size_t k = strlen(d->article);
		snprintf(d->article + k, sizeof d->article - k, "%s%s", k ? " " : "",
			 g->rules.article[ARB_ART_DRAW_ODDS][0] ?
				 g->rules.article[ARB_ART_DRAW_ODDS] :
				 "+ event regulations");
		effect(d, "board=%s", arbI_result_name(board));
	}
	set_result(d, result);
	if (g->rules.on_end) {
		arb_hook_out out;
		char msg[ARB_ERROR_MESSAGE_SIZE] = "";
		memset(&out, 0, sizeof out);
		g->ended = 1; /* the hook sees the game as ended */
		g->ending = (int)(d - g->dec);
		g->result = result;
		int rc = g->rules.on_end(g->rules.hook_data, g, d, &out, msg, sizeof msg);
		g->ended = 0;
		d = &g->dec[g->ending];
		if (rc != 0) {
			/* The rules' own ending stands; the caller gets the error. */
			hook_failed(g, "on_end", msg);
			return ended_on(g, d, result);
		}
		if (!hook_result_ok(g, "on_end", &out))
			return ended_on(g, d, result);
		if (out.set) {
			if (out.reason[0]) {
				d->code = arbI_reason_of_name(out.reason);
				snprintf(d->reason, sizeof d->reason, "%s", out.reason);
			}
			if (out.detail[0])
				snprintf(d->detail, sizeof d->detail, "%s", out.detail);
			if (out.article[0])
				snprintf(d->article, sizeof d->article, "%s", out.article);
			if (out.points[0][0] || out.points[1][0]) {
				memcpy(g->points, out.points, sizeof g->points);
			}
			if (arbI_result_of_text(out.result) == RESULT_NONE) {
				d->ends = 0; /* the hook cancelled the ending */
				set_result(d, RESULT_NONE);
				snprintf(d->board, sizeof d->board, "%s",
					 arbI_result_name(RESULT_NONE));
				return 0;
			}
			if (out.result[0])
				result = arbI_result_of_text(out.result);
			set_result(d, result);
		}
	}
	return ended_on(g, d, result);
}

/* ---- a dead position comes before a flag or an illegal-move loss ------ */

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
	arb_verdict v = material ? ARB_UNWINNABLE : arb_position_dead(pos, FLAG_NODES);
	if (v == ARB_VERDICT_NOMEM) {
		g->nomem = 1; /* arb_game_event undoes the event */
		return 1;
	}
	if (v != ARB_UNWINNABLE)
		return 0;
	int code = material && r->dead == ARB_DEAD_USCF ? ARB_REASON_INSUFFICIENT_MATERIAL :
							  ARB_REASON_DEAD_POSITION;
	arb_decision *d = arbI_game_decide(
		g, code, "(%s: the game was over before the %s)",
		material ? "insufficient material" : "no series of legal moves can mate", instead);
	end_game(g, d, RESULT_DRAW, -1);
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
	static const char *const o[] = {"zeroth", "first", "second", "third", "fourth"};
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
		/* FIDE 1997 7.4 / 6.13: restore, no fixed penalty (docs/rules.md#illegal-moves-in-1997). */
		d = arbI_game_decide(g, ARB_REASON_ILLEGAL_MOVE_REINSTATED,
				     "(%s; no fixed penalty outside a quickplay finish)", what);
		return d != NULL;
	}
	g->strikes[side]++;
	if (r->illegal_lose_on > 0 && g->strikes[side] >= r->illegal_lose_on) {
		const char *why = "";
		if (dead_first(g, "illegal-move loss"))
			return 1;
		int cannot = arb_position_cannot_mate(pos_of(g), (arb_color)opp,
						      r->illegal_mate_test, FLAG_NODES, &why);
		if (cannot < 0) {
			g->nomem = 1; /* arb_game_event undoes the event */
			return 1;
		}
		if (cannot) {
			d = arbI_game_decide(g, ARB_REASON_ILLEGAL_MOVE_DRAW, "(%s; %s %s)", what,
					     color_name(opp), why);
			return end_game(g, d, RESULT_DRAW, -1) || d;
		}
		d = arbI_game_decide(g, ARB_REASON_ILLEGAL_MOVE_LOSS, "(%s, the %s)", what,
				     ordinal(g->strikes[side]));
		return end_game(g, d, win_for(opp), -1) || d;
	}
	d = arbI_game_decide(g, ARB_REASON_ILLEGAL_MOVE_PENALTY, "(%s, the %s)", what,
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
	char kf[3] = {(char)('a' + ARB_FILE(c.king_from)), (char)('1' + ARB_RANK(c.king_from)), 0};
	char kt[3] = {(char)('a' + ARB_FILE(c.king_to)), (char)('1' + ARB_RANK(c.king_to)), 0};
	char rf[3] = {(char)('a' + ARB_FILE(c.rook_from)), (char)('1' + ARB_RANK(c.rook_from)), 0};
	char rt[3] = {(char)('a' + ARB_FILE(c.rook_to)), (char)('1' + ARB_RANK(c.rook_to)), 0};
	/* FIDE 2023 Guidelines II.3.2: end squares as in standard chess. */
	if (c.king_from == c.king_to)
		arbI_game_decide(g, ARB_REASON_CASTLING_960,
				 "(%s-side: king stays %s, rook %s->%s)",
				 wing == ARB_KINGSIDE ? "g" : "c", kf, rf, rt);
	else
		arbI_game_decide(g, ARB_REASON_CASTLING_960, "(%s-side: king %s->%s, rook %s->%s)",
				 wing == ARB_KINGSIDE ? "g" : "c", kf, kt, rf, rt);
}

static int call_move_hook(arb_game *g)
{
	if (!g->rules.on_move || g->ended || g->nomem)
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
	if (!hook_result_ok(g, "on_move", &out))
		return 0;
	game_result board = out.set ? arbI_result_of_text(out.result) : RESULT_OTHER;
	if (board != RESULT_OTHER && board != RESULT_NONE)
		end_game(g, hook_decision(g, &out), board, -1);
	else if (out.set && out.reason[0])
		hook_decision(g, &out);
	return 1;
}

/*
 * The automatic endings a profile puts in force after a move by `mover`, as
 * flags of arb_history_ending_limits (engine/outcome/outcome.c, the one
 * precedence: checkmate, stalemate, material, dead position, fivefold, 75
 * moves, automatic 50 moves and threefold; a mate on the move that reaches
 * a limit wins: FIDE 2014 9.6b, 2018+ 9.6.2, US 14K2).
 */
static unsigned ending_flags(const arb_game *g, int mover)
{
	const arb_rules *r = &g->rules;
	unsigned flags = ARB_ENDING_MATERIAL;
	/* Dead position: FIDE 5.2.2 (2009 5.2b, 1997 9.6); US 14D; lichess
	 * material only. Deadness can only appear after a capture, a pawn move
	 * (or the first move): between them the pieces and pawns are the same.
	 * The static proofs only: a dead position that needs the search to be
	 * proved is left to a claim (ruling:draw) or to the flag and
	 * illegal-move tests, which run the full analysis. Under a
	 * material-only profile the proof is a note, made once. */
	if (ARB_ADJUDICATION_DEAD_STATIC &&
	    (arb_position_halfmove_clock(pos_of(g)) == 0 || arb_history_ply_count(g->h) == 1) &&
	    (r->dead != ARB_DEAD_MATERIAL || !g->dead_noted))
		flags |= ARB_ENDING_DEAD_STATIC;
	/* Fivefold: FIDE 2014 9.6a (docs/rules.md#fivefold-in-2014), 2018+ 9.6.1;
	 * US 14K1 is the director's discretion. */
	if (r->fivefold == ARB_FIVEFOLD_ANY)
		flags |= ARB_ENDING_FIVEFOLD;
	else if (r->fivefold == ARB_FIVEFOLD_CONSECUTIVE)
		flags |= ARB_ENDING_FIVEFOLD_CONSECUTIVE;
	/* 75 moves: FIDE 2014 9.6b, 2018+ 9.6.2; US 14K2 discretionary. */
	if (r->seventyfive == ARB_MOVES_AUTO)
		flags |= ARB_ENDING_SEVENTYFIVE;
	/* lichess: automatic 50 moves (scalachess Variant.fiftyMoves) and the
	 * automatic threefold preference (Drawer.autoThreefold), or threefold
	 * automatic when short of time. */
	if (r->fifty == ARB_MOVES_AUTO)
		flags |= ARB_ENDING_FIFTY;
	if (r->threefold == ARB_AUTOMATIC ||
	    (r->threefold == ARB_AUTOMATIC_WHEN_SHORT && g->time_ms[mover] >= 0 &&
	     g->time_ms[mover] < 1000L * r->threefold_short_s))
		flags |= ARB_ENDING_THREEFOLD;
	return flags;
}

/* Ends the game on an automatic ending; 0 for ARB_END_NONE. */
static int end_automatic(arb_game *g, arb_ending e, int mover, int occ)
{
	const arb_rules *r = &g->rules;
	arb_decision *d;
	switch (e) {
	case ARB_END_NONE:
		return 0;
	case ARB_END_CHECKMATE: /* FIDE 5.1.1 (2009 5.1a); a game-ending move is complete (6.2.1.1) */
		d = arbI_game_decide(g, ARB_REASON_CHECKMATE, NULL);
		end_game(g, d, win_for(mover), -1);
		return 1;
	case ARB_END_STALEMATE: /* FIDE 5.2.1 (2009 5.2a) */
		d = arbI_game_decide(g, ARB_REASON_STALEMATE, NULL);
		break;
	case ARB_END_INSUFFICIENT: {
		int code = r->dead == ARB_DEAD_ANALYSIS ? ARB_REASON_DEAD_POSITION :
			   r->dead == ARB_DEAD_USCF     ? ARB_REASON_INSUFFICIENT_MATERIAL :
							  ARB_REASON_INSUFFICIENT_MATERIAL_AUTO;
		d = arbI_game_decide(g, code, "(insufficient material)");
		break;
	}
	case ARB_END_DEAD:
		d = arbI_game_decide(g, ARB_REASON_DEAD_POSITION,
				     "(no series of legal moves can mate)");
		break;
	case ARB_END_FIVEFOLD:
		d = arbI_game_decide(g, ARB_REASON_FIVEFOLD_AUTO, "(%d occurrences)", occ);
		break;
	case ARB_END_SEVENTYFIVE:
		d = arbI_game_decide(g, ARB_REASON_SEVENTYFIVE_AUTO, NULL);
		break;
	case ARB_END_FIFTY:
		d = arbI_game_decide(g, ARB_REASON_FIFTY_AUTO, NULL);
		break;
	case ARB_END_THREEFOLD:
		d = arbI_game_decide(g, ARB_REASON_THREEFOLD_AUTOCLAIM, NULL);
		break;
	default:
		return 0;
	}
	end_game(g, d, RESULT_DRAW, -1);
	return 1;
}

/*
 * After a completed move by `mover`: the automatic ending from the outcome
 * layer under the profile's flags, and around it the notes on what could
 * have been claimed or declared (each where the ending it would precede
 * has not come first), then the move hook.
 */
static void after_move(arb_game *g, int mover)
{
	const arb_rules *r = &g->rules;
	const arb_position *pos = pos_of(g);
	int hm = arb_position_halfmove_clock(pos);
	int occ = arb_history_occurrences(g->h);
	/* The counts of the profile (FIDE: 3, 5, 50 and 75); moves are each
	 * player's, so the half-move clock counts twice as many. */
	const int three = r->threefold_count, five = r->fivefold_count;
	const int fifty = 2 * r->fifty_moves, seventyfive = 2 * r->seventyfive_moves;
	const arb_ending_limits limits = {r->threefold_count, r->fivefold_count, r->fifty_moves,
					  r->seventyfive_moves};
	unsigned flags = ending_flags(g, mover);
	arb_ending e = ARB_END_NONE;
	if (arb_history_ending_status(g->h, flags, &limits, 0, &e) != ARB_OK) {
		g->nomem = 1; /* arb_game_event undoes the move */
		return;
	}

	if (e == ARB_END_DEAD && r->dead == ARB_DEAD_MATERIAL) {
		g->dead_noted = 1;
		arbI_game_decide(g, ARB_REASON_NOT_DETECTED,
				 "(dead position; the material-only test misses it)");
		if (arb_history_ending_status(g->h, flags & ~ARB_ENDING_DEAD_STATIC, &limits, 0,
					      &e) != ARB_OK) {
			g->nomem = 1;
			return;
		}
	}
	switch (e) {
	case ARB_END_CHECKMATE:
	case ARB_END_STALEMATE:
	case ARB_END_INSUFFICIENT:
	case ARB_END_DEAD:
		end_automatic(g, e, mover, occ); /* before any note */
		return;
	default:
		break;
	}

	/* What could be claimed now, for a claim-only profile (the reason of a
	 * game in play): a new repetition or 50 moves just completed. */
	if (occ >= three && r->threefold == ARB_CLAIMED)
		arbI_game_decide(g, ARB_REASON_NO_CLAIM, "(threefold repetition, %d occurrences)",
				 occ);
	else if (occ >= three && r->threefold == ARB_AUTOMATIC_WHEN_SHORT &&
		 !(flags & ARB_ENDING_THREEFOLD))
		arbI_game_decide(g, ARB_REASON_NO_CLAIM,
				 "(threefold repetition, not short of time)");
	if (hm == fifty && r->fifty == ARB_MOVES_CLAIM)
		arbI_game_decide_at(g, ARB_REASON_NO_CLAIM, ARB_ART_FIFTY,
				    "(%d moves without capture or pawn move)", r->fifty_moves);

	if (e == ARB_END_FIVEFOLD) {
		end_automatic(g, e, mover, occ);
		return;
	}
	if (r->fivefold == ARB_FIVEFOLD_CONSECUTIVE && occ == five)
		arbI_game_decide(g, ARB_REASON_FIVEFOLD_NOT_CONSECUTIVE,
				 "(%d occurrences, not in consecutive alternate moves)", occ);
	else if (r->fivefold == ARB_FIVEFOLD_TD && occ == five)
		arbI_game_decide(g, ARB_REASON_TD_MAY_DECLARE_DRAW, "(fivefold repetition)");

	if (e == ARB_END_SEVENTYFIVE) {
		end_automatic(g, e, mover, occ);
		return;
	}
	if (hm == seventyfive && r->seventyfive == ARB_MOVES_TD)
		arbI_game_decide(g, ARB_REASON_TD_MAY_DECLARE_DRAW, "(%d moves)",
				 r->seventyfive_moves);
	else if (hm == seventyfive && r->seventyfive == ARB_MOVES_NONE &&
		 r->fifty != ARB_MOVES_AUTO)
		arbI_game_decide(g, ARB_REASON_NO_AUTOMATIC_75_MOVE_DRAW, "(claim only)");

	if (end_automatic(g, e, mover, occ)) /* 50 moves, threefold */
		return;
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
		arbI_game_decide(g, ARB_REASON_OFFER_LAPSED, "(%s moved)", color_name(mover));
	}
	castling_note(g, m);
	g->touch_side = -1; /* the move replacing an illegal move has been made */
	arb_position_copy(g->prev, pos_of(g));
	if (arb_history_play(g->h, m) != ARB_OK) {
		/* Legality was checked by the caller: the history could not grow. */
		g->nomem = 1;
		return;
	}
	g->moves_made[mover]++;
	g->offer_lapsed_by = g->offer_by == mover ? -1 : g->offer_lapsed_by;
	if (clock_ms >= 0)
		g->time_ms[mover] = clock_ms;
	after_move(g, mover);
}

/* ---- claims ------------------------------------------------------------ */

/* The cost of an incorrect 9.2/9.3 claim (FIDE 1997 9.5b, 2009 9.5b
 * (docs/rules.md#claimant-penalty-2009), 2014 9.5b, 2018+ 9.5.3; rapid/blitz A.3, B.2; US 14C6, 14F2). */
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
	int valid = three ? ARB_REASON_THREEFOLD_CLAIM : ARB_REASON_FIFTY_CLAIM;
	int rejected =
		three ? ARB_REASON_THREEFOLD_CLAIM_REJECTED : ARB_REASON_FIFTY_CLAIM_REJECTED;

	if (c != (int)arb_position_side_to_move(pos)) {
		/* FIDE: only the player having the move (9.2, 9.3; docs/rules.md#claim-by-the-player-not-on-move). */
		arbI_game_decide(g, rejected, "(%s is not on move)", color_name(c));
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
		now = m ? arb_history_halfmove_clock_after(g->h, m) :
			  arb_position_halfmove_clock(pos);
		need = 2 * r->fifty_moves;
	}
	if (!illegal && now >= need) {
		/* A valid claim draws even if the written move would mate (docs/rules.md#claim-with-a-mating-move). */
		arb_decision *d = m ? arbI_game_decide(g, valid, "(intended move %s)", ev->move) :
				      arbI_game_decide(g, valid, NULL);
		end_game(g, d, RESULT_DRAW, -1);
		return ARB_OK;
	}
	arb_decision *d;
	if (illegal)
		d = arbI_game_decide(g, rejected, "(intended move %s is illegal)", ev->move);
	else if (three)
		d = m ? arbI_game_decide(g, rejected,
					 "(the position after %s has not occurred %d times)",
					 ev->move, need) :
			arbI_game_decide(g, rejected, "(the position has not occurred %d times)",
					 need);
	else if (m && arb_history_halfmove_clock_after(g->h, m) == 0)
		d = arbI_game_decide(g, rejected, "(intended move %s is a capture or pawn move)",
				     ev->move);
	else
		d = arbI_game_decide(g, rejected, "(%d of %d half-moves)", now, need);
	if (!d)
		return ARB_OK; /* out of memory (g->nomem): arb_game_event undoes the claim */
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

	if (r->qpf == ARB_QPF_NONE ||
	    (incr && r->qpf != ARB_QPF_APPENDIX_G && r->qpf != ARB_QPF_GUIDELINES_III)) {
		arbI_game_decide_at(g, ARB_REASON_CLAIM_UNAVAILABLE, art,
				    "(no such claim under this profile)");
		return ARB_OK;
	}
	if (r->qpf == ARB_QPF_USCF_14H) {
		if (!r->qpf_announced) {
			arbI_game_decide_at(g, ARB_REASON_QPF_UNAVAILABLE, ARB_ART_QPF,
					    "(main rule 14H: no such claims)");
			return ARB_OK;
		}
		if (extra > 0) {
			arbI_game_decide(g, ARB_REASON_QPF_UNAVAILABLE, "(%s clock)",
					 dflt ? "default delay" : "delay or increment");
			return ARB_OK;
		}
		if (g->flag_down[c]) {
			arbI_game_decide_at(g, ARB_REASON_QPF_UNAVAILABLE, art,
					    "(claimant's flag is down)");
			return ARB_OK;
		}
		if (!last_period(g, c)) {
			/* Variation 14H1: "in a sudden death time control". */
			arbI_game_decide(g, ARB_REASON_QPF_UNAVAILABLE,
					 "(not a sudden-death control)");
			return ARB_OK;
		}
	} else {
		if (r->speed == ARB_SPEED_BLITZ) {
			arbI_game_decide(g, ARB_REASON_QPF_UNAVAILABLE, "(blitz)");
			return ARB_OK;
		}
		if (r->qpf != ARB_QPF_FIDE_10_2 && !r->qpf_announced) {
			arbI_game_decide(g, ARB_REASON_QPF_UNAVAILABLE, "(not announced)");
			return ARB_OK;
		}
		if (r->qpf != ARB_QPF_FIDE_10_2 && extra > 0) {
			arbI_game_decide(g, ARB_REASON_QPF_UNAVAILABLE, "(increment)");
			return ARB_OK;
		}
		if (!last_period(g, c)) {
			arbI_game_decide_at(g, ARB_REASON_QPF_UNAVAILABLE, art,
					    "(not the final period)");
			return ARB_OK;
		}
	}
	/* 2009 10.2, G.4/G.5, III.4/III.5: the player having the move; US
	 * 14H1: a player on the move. FIDE 1997 10.2 has no such condition. */
	if (r->qpf_on_move && c != (int)arb_position_side_to_move(pos_of(g))) {
		arbI_game_decide_at(g, ARB_REASON_QPF_INVALID, art, "(%s is not on move)",
				    color_name(c));
		return ARB_OK;
	}
	if (g->time_ms[c] >= 0 && g->time_ms[c] > r->qpf_limit_ms) {
		arbI_game_decide_at(g, ARB_REASON_QPF_INVALID, art, "(2 minutes or more left)");
		return ARB_OK;
	}
	g->claim_open = ev->claim;
	g->claim_by = c;
	if (incr) {
		g->offer_by = c; /* G.4 / III.4: the request is a draw offer */
		arbI_game_decide(g, ARB_REASON_INCREMENT_REQUESTED, NULL);
	} else {
		arbI_game_decide(g, ARB_REASON_QPF_CLAIMED, NULL);
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
			arbI_game_decide(g, ARB_REASON_RULING_IGNORED,
					 "(the claim was already decided)");
			return ARB_OK;
		}
		if (ev->ruling == ARB_RULING_DRAW) {
			/* The arbiter / director declares a draw (US 14K; FIDE 5.2.2 on a
			 * dead position the engine left undetermined). */
			d = arbI_game_decide(g, ARB_REASON_TD_DRAW, NULL);
			end_game(g, d, RESULT_DRAW, -1);
			return ARB_OK;
		}
		return arbI_err_report(err, ARB_E_EVENT, 0, "a ruling with no open claim");
	}
	if (g->claim_open == ARB_CLAIM_INCREMENT) {
		if (ev->ruling == ARB_RULING_ACCEPT) {
			/* G.4 / III.4: 5 s for both, the opponent gets 2 minutes. */
			d = arbI_game_decide(g, ARB_REASON_INCREMENT_ADDED, NULL);
			effect(d, "+5s/move:both");
			add_time(g, d, !c, 120000);
			if (g->have_tc && g->tc.kind == ARB_TC_PERIODS)
				for (int s = 0; s < 2; s++)
					for (int i = 0; i < g->tc.side[s].nperiods; i++)
						g->tc.side[s].period[i].increment_ms += 5000;
		} else if (ev->ruling == ARB_RULING_DRAW) {
			d = arbI_game_decide_at(g, ARB_REASON_QPF_DRAW, ARB_ART_INCREMENT_REQUEST,
						NULL);
			end_game(g, d, RESULT_DRAW, -1);
		} else {
			arbI_game_decide_at(g, ARB_REASON_QPF_REJECTED, ARB_ART_INCREMENT_REQUEST,
					    NULL);
		}
		g->claim_open = -1;
		return ARB_OK;
	}
	switch (ev->ruling) {
	case ARB_RULING_DRAW:
	case ARB_RULING_ACCEPT:
		d = arbI_game_decide(g, ARB_REASON_QPF_DRAW, NULL);
		g->claim_open = -1;
		end_game(g, d, RESULT_DRAW, -1);
		break;
	case ARB_RULING_REJECT:
		d = arbI_game_decide(g, ARB_REASON_QPF_REJECTED, NULL);
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
		arbI_game_decide(g, ARB_REASON_QPF_POSTPONED, NULL);
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
	int cannot = arb_position_cannot_mate(pos_of(g), (arb_color)!side, g->rules.flag_mate_test,
					      FLAG_NODES, &why);
	if (cannot < 0) {
		g->nomem = 1; /* arb_game_event undoes the event */
		return;
	}
	if (cannot) {
		d = arbI_game_decide(g, ARB_REASON_TIME_DRAW, "(%s flagged; %s %s)",
				     color_name(side), color_name(!side), why);
		end_game(g, d, RESULT_DRAW, side);
	} else {
		d = arbI_game_decide(g, ARB_REASON_TIME_FORFEIT, "(%s flagged)", color_name(side));
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
			arbI_game_decide(
				g, ARB_REASON_BOTH_FLAGS_ARBITER,
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
		arb_decision *d = arbI_game_decide(g, ARB_REASON_BOTH_FLAGS_DRAW, "%s", why);
		end_game(g, d, RESULT_DRAW, -1);
	} else {
		arbI_game_decide(g, ARB_REASON_BOTH_FLAGS_CONTINUE, "%s", why);
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
		arbI_game_decide(g, ARB_REASON_TIME_CLAIM_REJECTED, "(%s's flag is up)",
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
		arbI_game_decide(g, ARB_REASON_OFFER_NOT_ALLOWED, "(ply<%d)", r->offer_min_ply);
		return ARB_OK;
	}
	if (r->offer_repeat_plies > 0 && g->last_offer_ply[c] >= 0 &&
	    ply - g->last_offer_ply[c] < r->offer_repeat_plies) {
		arbI_game_decide(g, ARB_REASON_OFFER_NOT_ALLOWED, "(repeated within %d %s)",
				 r->offer_repeat_plies,
				 r->offer_repeat_plies == 1 ? "ply" : "plies");
		return ARB_OK;
	}
	g->offer_by = c;
	g->last_offer_ply[c] = ply;
	arbI_game_decide(g, ARB_REASON_OFFER, "(%s offers a draw)", color_name(c));
	return ARB_OK;
}

static arb_status accept(arb_game *g, int c)
{
	const arb_rules *r = &g->rules;
	arb_decision *d;
	if (g->offer_by == !c) {
		g->offer_by = -1;
		if (g->moves_made[0] < r->agreement_min_moves ||
		    g->moves_made[1] < r->agreement_min_moves) {
			/* FIDE 2018+ 5.2.3: each side must have made a move. */
			if (r->agreement_min_moves == 1)
				arbI_game_decide(g, ARB_REASON_AGREEMENT_INVALID,
						 "(no move by each side yet)");
			else
				arbI_game_decide(g, ARB_REASON_AGREEMENT_INVALID,
						 "(each side must have made %d moves)",
						 r->agreement_min_moves);
			return ARB_OK;
		}
		if (g->claim_open == ARB_CLAIM_INCREMENT)
			g->claim_open = -1;
		d = arb_history_ply_count(g->h) == 0 ?
			    arbI_game_decide(g, ARB_REASON_AGREEMENT, "(before any move)") :
			    arbI_game_decide(g, ARB_REASON_AGREEMENT, NULL);
		end_game(g, d, RESULT_DRAW, -1);
		return ARB_OK;
	}
	if (g->offer_lapsed_by == !c) {
		arbI_game_decide(g, ARB_REASON_OFFER_EXPIRED, "(the offer lapsed when %s moved)",
				 color_name(c));
		return ARB_OK;
	}
	arbI_game_decide(g, ARB_REASON_NO_OFFER, "(nothing to accept)");
	return ARB_OK;
}

static arb_status resign(arb_game *g, int c)
{
	arb_decision *d;
	arb_verdict v = g->rules.resign_dead_draw ?
				arb_can_checkmate(pos_of(g), (arb_color)!c, FLAG_NODES, NULL) :
				ARB_WINNABLE;
	if (v == ARB_VERDICT_NOMEM) {
		g->nomem = 1;
		return ARB_OK; /* out of memory (g->nomem): arb_game_event undoes it */
	}
	if (v == ARB_UNWINNABLE) {
		/* FIDE 2023 5.1.2: resigning when the opponent cannot mate. */
		d = arbI_game_decide(g, ARB_REASON_RESIGN_DEAD_DRAW, "(%s cannot mate)",
				     color_name(!c));
		end_game(g, d, RESULT_DRAW, -1);
		return ARB_OK;
	}
	d = arbI_game_decide(g, ARB_REASON_RESIGNATION, "(%s resigns)", color_name(c));
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
	arbI_fmt_secs(s, sizeof s, ms);
	if (first < 0) {
		add_time(g, d, c, -ms);
		return;
	}
	arbI_fmt_secs(t, sizeof t, first);
	if (g->rules.both_late == ARB_LATE_SPLIT) {
		char h[24];
		arbI_fmt_secs(h, sizeof h, first / 2);
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
		arbI_game_decide(g, ARB_REASON_LATE_TIME_LOST, "(no default time)");
		return ARB_OK;
	}
	long limit = 1000L * r->default_s;
	if (r->default_first_control && g->have_tc && g->tc.kind == ARB_TC_PERIODS &&
	    g->tc.side[c].nperiods > 0 && g->tc.side[c].period[0].base_ms < limit)
		limit = g->tc.side[c].period[0].base_ms; /* US 13D */
	char s[24];
	arbI_fmt_secs(s, sizeof s, ms);
	if (ms > limit) {
		d = arbI_game_decide(g, ARB_REASON_DEFAULT_LOSS, "(%s arrived %s late)",
				     color_name(c), s);
		end_game(g, d, win_for(!c), -1);
		return ARB_OK;
	}
	if (both)
		d = arbI_game_decide(g, ARB_REASON_BOTH_LATE, NULL);
	else
		d = arbI_game_decide(g, ARB_REASON_LATE_TIME_LOST,
				     "(%s arrived %s after the start; his clock ran from %s)",
				     color_name(c), s,
				     c == ARB_WHITE ? "the start" : "white's first move");
	if (!d)
		return ARB_OK; /* out of memory (g->nomem): arb_game_event undoes it */
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
	static const arb_reason reason[] = {
		ARB_REASON_ABANDONED_LOSS, ARB_REASON_STALLED_LOSS, ARB_REASON_INFRACTION_LOSS,
		ARB_REASON_ILLEGAL_MOVE_FORFEIT, ARB_REASON_ADJUDICATION_LOSS};
	static const char *const what[] = {"abandoned the game", "stopped answering",
					   "committed a rules infraction", "made an illegal move",
					   "lost by the arbiter's adjudication"};
	arb_decision *d =
		arbI_game_decide(g, reason[why % 5], "(%s %s)", color_name(c), what[why % 5]);
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
		return arbI_err_report(
			err, ARB_E_EVENT, 0,
			"move %s refused: after the illegal castling %s the king on %s "
			"must make another legal move, castling the other way included (%s)",
			uci, g->touch_text, at, cite);
	}
	arb_rules_cite(&g->rules, ARB_ART_TOUCH_MOVE, cite, sizeof cite);
	if (can_move)
		return arbI_err_report(
			err, ARB_E_EVENT, 0,
			"move %s refused: the move replacing the illegal move %s must be "
			"made with the piece touched on %s, which can move (%s)",
			uci, g->touch_text, at, cite);
	if (can_take && ARB_MOVE_TO(m) != g->touch_victim)
		return arbI_err_report(
			err, ARB_E_EVENT, 0,
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
		return arbI_err_report(err, ARB_E_EVENT, 0, "%s is not on move", color_name(c));
	if (ev->kind == ARB_EV_PRESS_NO_MOVE) {
		if (r->press_without_move == ARB_PRESS_IMPOSSIBLE)
			arbI_game_decide_at(g, ARB_REASON_ILLEGAL_INPUT_REJECTED, ARB_ART_PRESS,
					    NULL);
		else if (r->press_without_move == ARB_PRESS_MISUSE)
			arbI_game_decide(g, ARB_REASON_CLOCK_MISUSE,
					 "(discretionary penalty only)");
		else
			strike(g, c, "clock pressed without a move"); /* 2018+ 7.5.3 */
		return ARB_OK;
	}
	if (ev->kind == ARB_EV_ILLEGAL && !ev->move[0]) {
		/* The record says an illegal move was made, not which. */
		if (r->illegal == ARB_ILLEGAL_REJECTED)
			arbI_game_decide(g, ARB_REASON_ILLEGAL_INPUT_REJECTED,
					 "(move not recorded)");
		else
			strike(g, c, "illegal move, not recorded");
		return ARB_OK;
	}
	if (!squares_of(ev->move, &from, &to))
		return arbI_err_report(err, ARB_E_EVENT, 0, "'%s' is not a move", ev->move);
	if (ev->kind == ARB_EV_NOPROMO) {
		char q[8];
		snprintf(q, sizeof q, "%.4sq", ev->move);
		if (arb_position_piece_at(pos, from) != ARB_PIECE(c, ARB_PAWN) ||
		    arb_move_from_uci(pos, q, &m, NULL) != ARB_OK)
			return arbI_err_report(err, ARB_E_EVENT, 0,
					       "%s is not a legal promotion square move", ev->move);
		switch (r->promotion) {
		case ARB_PROMO_IMPOSSIBLE:
			arbI_game_decide_at(g, ARB_REASON_ILLEGAL_INPUT_REJECTED, ARB_ART_PROMOTION,
					    NULL);
			break;
		case ARB_PROMO_IMPROPER_PRESS:
			/* US 8F7: not an illegal move; the opponent restarts the clock. */
			arbI_game_decide(g, ARB_REASON_IMPROPER_CLOCK_PRESS,
					 "(promotion not completed)");
			break;
		case ARB_PROMO_ILLEGAL:
			strike(g, c, "promotion not completed");
			break;
		case ARB_PROMO_QUEEN:
			/* FIDE 2014 7.5a, 2018+ 7.5.2: a queen, and the penalty. */
			if (strike(g, c, "promotion not completed") && !g->ended && !g->nomem) {
				arb_decision *d = &g->dec[g->ndec - 1];
				effect(d, "queen-on:%.2s", ev->move + 2);
				play_move(g, m, -1);
			}
			break;
		}
		return ARB_OK;
	}
	if (arb_move_from_uci(pos, ev->move, &m, NULL) == ARB_OK)
		return arbI_err_report(err, ARB_E_EVENT, 0, "%s is a legal move", ev->move);
	if (ev->kind == ARB_EV_RETRACTED) {
		if (r->illegal == ARB_ILLEGAL_REJECTED)
			arbI_game_decide(g, ARB_REASON_ILLEGAL_INPUT_REJECTED, NULL);
		else
			arbI_game_decide(g, ARB_REASON_NOT_COMPLETED,
					 "(%s taken back before the clock)", ev->move);
		return ARB_OK;
	}
	if (r->illegal == ARB_ILLEGAL_REJECTED) {
		arbI_game_decide(g, ARB_REASON_ILLEGAL_INPUT_REJECTED, "(%s)", ev->move);
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
	/* Counts out of range or order are the caller's bug (the loader checks). */
	arbI_api_check(!rules || arb_rules_check(rules, NULL) == ARB_OK, NULL);
	arb_game *g = calloc(1, sizeof *g);
	arb_position *p = NULL;
	if (!g)
		return NULL;
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
	g->prev_kept = arb_position_clone(start);
	arb_position_free(p);
	if (!g->h || !g->start || !g->prev || !g->prev_kept) {
		arb_game_free(g);
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
		g->time_ms[s] = g->have_tc && g->tc.side[s].nperiods > 0 ?
					g->tc.side[s].period[0].base_ms :
					-1;
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
	arb_position_free(g->prev_kept);
	free(g->ev);
	free(g->evply);
	free(g->evinf);
	free(g->dec);
	free(g);
}

static int log_event(arb_game *g, const arb_event *ev)
{
	if (g->nev == g->evcap) {
		/* The three grow together; evcap only once all three have. */
		int cap = g->evcap ? 2 * g->evcap : 64;
		arb_event *e = realloc(g->ev, (size_t)cap * sizeof *e);
		if (e)
			g->ev = e;
		int *p = e ? realloc(g->evply, (size_t)cap * sizeof *p) : NULL;
		if (p)
			g->evply = p;
		unsigned char *f = p ? realloc(g->evinf, (size_t)cap) : NULL;
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

/* What arb_game_event keeps to undo an event: the game's own fields, the
 * previous position, the plies played. Events and decisions are undone by
 * their counts; the arrays that hold them stay as they have grown. */
typedef struct game_mark {
	arb_game fields;
	int plies;
} game_mark;

static void mark(arb_game *g, game_mark *k)
{
	k->fields = *g;
	k->plies = arb_history_ply_count(g->h);
	arb_position_copy(g->prev_kept, g->prev);
}

static void undo_to(arb_game *g, const game_mark *k)
{
	arb_game now = *g;
	while (arb_history_ply_count(g->h) > k->plies)
		arb_history_undo(g->h);
	*g = k->fields;
	g->ev = now.ev;
	g->evply = now.evply;
	g->evinf = now.evinf;
	g->evcap = now.evcap;
	g->dec = now.dec;
	g->deccap = now.deccap;
	arb_position_copy(g->prev, g->prev_kept);
}

arb_status arb_game_event(arb_game *g, const arb_event *in, arb_error *err)
{
	arbI_api_check_err(g && in, err);
	if (in->color != ARB_WHITE && in->color != ARB_BLACK)
		return arbI_err_report(err, ARB_E_EVENT, 0, "bad colour");
	arb_event ev = *in;
	ev.move[sizeof ev.move - 1] = '\0';
	const arb_position *pos = pos_of(g);
	arb_move m = ARB_MOVE_NONE;
	arb_status st = ARB_OK;
	game_mark before;

	/* Refuse what cannot happen here before anything is logged. */
	if (!g->ended) {
		if (ev.kind == ARB_EV_MOVE) {
			arb_error e;
			if (arb_move_from_uci(pos, ev.move, &m, &e) != ARB_OK)
				return arbI_err_report(
					err, ARB_E_EVENT, 0,
					"move %s is not legal here (%s); a completed illegal "
					"move is an 'illegal:' event",
					ev.move, e.message);
			if (touch_check(g, m, ev.move, err) != ARB_OK)
				return ARB_E_EVENT;
			ev.color = arb_position_side_to_move(pos);
		} else if (ev.kind == ARB_EV_LATE) {
			if (arb_history_ply_count(g->h) > 0)
				return arbI_err_report(err, ARB_E_EVENT, 0,
						       "lateness is an event before move 1");
			if (g->late_ms[ev.color] >= 0)
				return arbI_err_report(err, ARB_E_EVENT, 0,
						       "%s's arrival is already known",
						       color_name(ev.color));
			if (g->late_ms[!ev.color] > ev.ms[0])
				return arbI_err_report(
					err, ARB_E_EVENT, 0,
					"late events come in the order of arrival (%s "
					"arrived later)",
					color_name(!ev.color));
		}
	}
	mark(g, &before);
	if (!log_event(g, &ev))
		return arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
	g->hook_failed = 0;
	if (g->ended) {
		/* After the end: logged, ignored (e.g. a flag after a mate, E12). */
		arbI_game_decide(g, ARB_REASON_IGNORED, "(the game had ended)");
		if (g->nomem) {
			undo_to(g, &before);
			return arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
		}
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
		arbI_game_decide(g, ARB_REASON_OFFER_DECLINED, NULL);
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
			arbI_game_decide(g, ARB_REASON_FLAG_DOWN,
					 "(%s's flag fell, not yet established)",
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
		arbI_game_decide(g, ARB_REASON_CLOCK, NULL);
		break;
	case ARB_EV_LATE:
		st = late(g, ev.color, ev.ms[0]);
		break;
	case ARB_EV_FORFEIT:
		st = forfeit(g, ev.color, ev.forfeit);
		break;
	}
	if (g->nomem) {
		/* Memory ran out: the event and all it did are undone (a hook
		 * that saw it may have kept something). */
		undo_to(g, &before);
		return arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
	}
	if (st != ARB_OK) {
		/* Refused (before it changed anything but the two counts): forget
		 * the event and anything it decided. */
		g->nev = before.fields.nev;
		g->ndec = before.fields.ndec;
		return st;
	}
	if (g->hook_failed)
		return arbI_err_report(err, ARB_E_PROFILE, 0, "%s", g->hook_err);
	return ARB_OK;
}

arb_status arb_game_tokens(arb_game *g, const char *tokens, arb_error *err)
{
	size_t i = 0;
	arbI_api_check_err(g && tokens, err);
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
				    (int)(i - start) > 40 ? 40 : (int)(i - start), tokens + start,
				    msg);
			}
			return st;
		}
	}
	return ARB_OK;
}

/* ---- queries ------------------------------------------------------------ */

int arb_game_over(const arb_game *g)
{
	arbI_api_check(g, 0);
	return g->ended;
}
const arb_position *arb_game_start(const arb_game *g)
{
	arbI_api_check(g, NULL);
	return g->start;
}
const arb_position *arb_game_previous_position(const arb_game *g)
{
	arbI_api_check(g, NULL);
	return g->prev;
}
const arb_position *arb_game_position(const arb_game *g)
{
	arbI_api_check(g, NULL);
	return pos_of(g);
}
const arb_rules *arb_game_rules(const arb_game *g)
{
	arbI_api_check(g, NULL);
	return &g->rules;
}
int arb_game_ply_count(const arb_game *g)
{
	arbI_api_check(g, 0);
	return arb_history_ply_count(g->h);
}
arb_move arb_game_move(const arb_game *g, int ply)
{
	arbI_api_check(g, ARB_MOVE_NONE);
	return arb_history_move(g->h, ply);
}
int arb_game_event_count(const arb_game *g)
{
	arbI_api_check(g, 0);
	return g->nev;
}
const arb_event *arb_game_event_at(const arb_game *g, int i)
{
	arbI_api_check(g, NULL);
	return i >= 0 && i < g->nev ? &g->ev[i] : NULL;
}
int arb_game_decision_count(const arb_game *g)
{
	arbI_api_check(g, 0);
	return g->ndec;
}
const arb_decision *arb_game_decision(const arb_game *g, int i)
{
	arbI_api_check(g, NULL);
	return i >= 0 && i < g->ndec ? &g->dec[i] : NULL;
}
int arb_game_strikes(const arb_game *g, arb_color side)
{
	arbI_api_check(g && (side == ARB_WHITE || side == ARB_BLACK), 0);
	return g->strikes[side];
}
long arb_game_time(const arb_game *g, arb_color side)
{
	arbI_api_check(g && (side == ARB_WHITE || side == ARB_BLACK), -1);
	return g->time_ms[side];
}
int arb_game_occurrences(const arb_game *g)
{
	arbI_api_check(g, 0);
	return arb_history_occurrences(g->h);
}

int arb_game_occurrences_after(const arb_game *g, arb_move move)
{
	arbI_api_check(g, 0);
	return arb_history_occurrences_after(g->h, move);
}

int arb_game_halfmove_clock_after(const arb_game *g, arb_move move)
{
	arbI_api_check(g, -1);
	return arb_history_halfmove_clock_after(g->h, move);
}
