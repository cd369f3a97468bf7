/*
 * test_game.c -- games as event logs under hand-set rules (engine/rules/game.c,
 * engine/rules/rules.c), independent of the Lua profiles.
 *
 * The token grammar both ways and its errors; events that cannot happen are
 * refused and change nothing; each rule parameter moves the decision it
 * should (claims and their penalties, the written move played, strikes and
 * the "cannot mate" exceptions under each test, flags in order and both
 * down, agreements, lateness, automatic endings and their precedence,
 * Armageddon scoring); C hooks change, cancel and end games and their
 * errors stop the game; PGN comment commands read, written and read back
 * to the same decisions; endings inferred from the Result and Termination
 * tags (each Termination both ways), and never written back as facts.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Rules from "field=value" pairs separated by ';'. */
static arb_rules rules_of(const char *kv)
{
	arb_rules r;
	arb_error err;
	char buf[1024], *save = NULL;
	arb_rules_init(&r);
	snprintf(buf, sizeof buf, "%s", kv ? kv : "");
	for (char *item = strtok_r(buf, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
		char *eq = strchr(item, '=');
		ck_assert_msg(eq != NULL, "%s", item);
		*eq = '\0';
		ck_assert_msg(arb_rules_set(&r, item, eq + 1, &err) == ARB_OK, "%s", err.message);
	}
	return r;
}

static arb_game *game_of(const char *kv, const char *fen)
{
	arb_rules r = rules_of(kv);
	arb_position *p = arb_position_new();
	arb_error err;
	ck_assert(p != NULL);
	ck_assert_msg(arb_position_set_fen(p, fen, 0, &err) == ARB_OK, "%s", err.message);
	arb_game *g = arb_game_new(&r, p, NULL);
	arb_position_free(p);
	ck_assert(g != NULL);
	return g;
}

/* Plays `tokens` and checks the scored result and reason code; returns the
 * result for more checks (static, valid until the next call). */
static const arb_game_result *play(const char *kv, const char *fen, const char *tokens,
				   const char *result, const char *reason)
{
	static arb_game_result res;
	arb_error err;
	arb_game *g = game_of(kv, fen);
	ck_assert_msg(arb_game_tokens(g, tokens, &err) == ARB_OK, "%s: %s", tokens, err.message);
	arb_game_result_get(g, &res);
	ck_assert_msg(strcmp(res.result, result) == 0 && strcmp(res.reason, reason) == 0,
		      "%s | %s: got %s %s%s, want %s %s", kv, tokens, res.result, res.reason,
		      res.detail, result, reason);
	arb_game_free(g);
	return &res;
}

static int has_effect(const arb_game_result *r, const char *e)
{
	for (int i = 0; i < r->neffects; i++)
		if (strcmp(r->effects[i], e) == 0)
			return 1;
	return 0;
}

/* ------------------------------------------------------------------------
 * Tokens
 * ---------------------------------------------------------------------- */

START_TEST(test_tokens_round_trip)
{
	static const char *const good[] = {
		"e2e4",
		"e7e8q",
		"claim:threefold:white",
		"claim:threefold:black@f6g8",
		"claim:fifty:white@e1e4",
		"claim:qpf:white",
		"claim:increment:black",
		"claim:time:white",
		"ruling:draw",
		"ruling:reject",
		"ruling:postpone",
		"ruling:accept",
		"offer:white",
		"accept:black",
		"decline:black",
		"resign:white",
		"flag:white",
		"flag:both",
		"flagdown:black",
		"illegal:white:e2e5",
		"retracted:black:e7e4",
		"nopromo:white:e7e8",
		"pressnomove:white",
		"clock:600:90",
		"clock:12.5:0",
		"late:black:900",
	};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		arb_event ev;
		arb_error err;
		char back[128];
		ck_assert_msg(arb_event_parse(good[i], strlen(good[i]), &ev, &err) == ARB_OK,
			      "%s: %s", good[i], err.message);
		arb_event_format(&ev, back, sizeof back);
		ck_assert_str_eq(back, good[i]);
	}
}
END_TEST

START_TEST(test_tokens_bad)
{
	static const struct {
		const char *tok;
		int column;
	} bad[] = {
		{"claim:foo:white", 7},
		{"offer:green", 7},
		{"illegal:white:e9e5", 15},
		{"clock:abc:1", 7},
		{"late:black", 1},
		{"flag", 1},
		{"e2e4x", 1},
		{"claim:qpf:white@e2e4", 16},
		{"ruling:maybe", 8},
		{"a:b:c:d:e:f", 10},
		{"resign:white:x", 1},
		{"claim:threefold:white@", 22},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		arb_event ev;
		arb_error err;
		ck_assert_msg(arb_event_parse(bad[i].tok, strlen(bad[i].tok), &ev, &err) ==
				      ARB_E_EVENT,
			      "%s accepted", bad[i].tok);
		ck_assert_msg(err.column == bad[i].column, "%s: column %d, want %d (%s)",
			      bad[i].tok, err.column, bad[i].column, err.message);
		ck_assert(err.message[0]);
	}
	arb_event ev;
	ck_assert_int_eq(arb_event_parse("", 0, &ev, NULL), ARB_E_EVENT);
	/* a NULL token is misuse: test_misuse.c */
}
END_TEST

START_TEST(test_refused_events_change_nothing)
{
	arb_game *g = game_of(NULL, START);
	arb_error err;
	ck_assert_int_eq(arb_game_tokens(g, "e2e4 e7e5", &err), ARB_OK);
	int nev = arb_game_event_count(g), ndec = arb_game_decision_count(g);
	static const char *const refused[] = {
		"e2e4",               /* not legal here */
		"illegal:white:g1f3", /* a legal move is not illegal */
		"illegal:black:e7e6", /* black is not on move */
		"ruling:reject",      /* no claim */
		"late:white:10",      /* after move 1 */
		"nopromo:white:e4e5", /* not a promotion */
	};
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		ck_assert_msg(arb_game_tokens(g, refused[i], &err) == ARB_E_EVENT, "%s",
			      refused[i]);
		ck_assert(strstr(err.message, "column 1"));
		ck_assert_int_eq(arb_game_event_count(g), nev);
		ck_assert_int_eq(arb_game_decision_count(g), ndec);
		ck_assert_int_eq(arb_game_ply_count(g), 2);
	}
	/* The column of a bad token inside a line. */
	ck_assert_int_eq(arb_game_tokens(g, "g1f3 b8c6 zz", &err), ARB_E_EVENT);
	ck_assert_int_eq(err.column, 11);
	ck_assert_int_eq(arb_game_ply_count(g), 4); /* the events before it stay */
	arb_game_free(g);
	arb_game_free(NULL);
}
END_TEST

/* ------------------------------------------------------------------------
 * Rules
 * ---------------------------------------------------------------------- */

START_TEST(test_mate_and_after_the_end)
{
	arb_game *g = game_of(NULL, START);
	arb_game_result r;
	ck_assert_int_eq(arb_game_tokens(g, "f2f3 e7e5 g2g4 d8h4 flag:black resign:black", NULL),
			 ARB_OK);
	arb_game_result_get(g, &r);
	ck_assert_str_eq(r.result, "0-1");
	ck_assert_str_eq(r.reason, "checkmate");
	ck_assert_str_eq(r.termination, "normal");
	ck_assert_str_eq(r.trf[0], "0");
	ck_assert_str_eq(r.trf[1], "1");
	ck_assert_str_eq(r.points[1], "1");
	ck_assert(arb_game_over(g));
	const arb_decision *last = arb_game_decision(g, arb_game_decision_count(g) - 1);
	ck_assert_str_eq(last->reason, "ignored");
	arb_game_free(g);
}
END_TEST

START_TEST(test_claims)
{
	const char *rep = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
	const char *seq = "d7d5 e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8 clock:90:600 "
			  "claim:threefold:white";
	const arb_game_result *r;
	r = play("draw.claim_penalty_s=180;draw.claimant_penalty=tiered-2009", rep, seq, "*",
		 "threefold-claim-rejected");
	ck_assert(has_effect(r, "+180s:black") && has_effect(r, "set:white=60s"));
	r = play("draw.claim_penalty_s=180;draw.claimant_penalty=half-max-180", rep, seq, "*",
		 "threefold-claim-rejected");
	ck_assert(has_effect(r, "-45s:white") && has_effect(r, "+180s:black"));
	r = play("draw.claim_penalty_s=60", rep, seq, "*", "threefold-claim-rejected");
	ck_assert_int_eq(r->neffects, 1);
	/* Valid: the position after the written move occurs a third time. */
	play(NULL, START, "e2e4 e7e5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 claim:threefold:black@f6g8",
	     "1/2-1/2", "threefold-claim");
	/* A claim by the player not on move fails; the claim is an offer. */
	play(NULL, START,
	     "e2e4 e7e5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 claim:threefold:black "
	     "accept:white",
	     "1/2-1/2", "agreement");
	/* Fifty moves: completed by the written move; a capture resets. */
	play(NULL, "8/8/2k5/8/8/8/3K4/4R3 w - - 99 120", "claim:fifty:white@e1e2", "1/2-1/2",
	     "fifty-claim");
	r = play(NULL, "8/8/2k5/8/4p3/8/3K4/4R3 w - - 99 120", "claim:fifty:white@e1e4", "*",
		 "fifty-claim-rejected");
	ck_assert(has_effect(r, "move-played:e1e4") && has_effect(r, "+120s:black"));
	arb_game *g = game_of(NULL, "8/8/2k5/8/4p3/8/3K4/4R3 w - - 99 120");
	ck_assert_int_eq(arb_game_tokens(g, "claim:fifty:white@e1e4", NULL), ARB_OK);
	ck_assert_int_eq(arb_game_ply_count(g), 1);
	ck_assert_int_eq(arb_position_side_to_move(arb_game_position(g)), ARB_BLACK);
	arb_game_free(g);
}
END_TEST

START_TEST(test_illegal_moves)
{
	const arb_game_result *r;
	r = play(NULL, START, "illegal:white:e2e5 e2e4", "*", "illegal-move-penalty");
	ck_assert(has_effect(r, "+120s:black"));
	play(NULL, START, "illegal:white:e2e5 e2e4 e7e5 illegal:white:g1g4", "0-1",
	     "illegal-move-loss");
	play("illegal.lose_on=0", START, "illegal:white:e2e5 e2e4 e7e5 illegal:white:g1g4 g1f3",
	     "*", "illegal-move-penalty");
	/* The opponent cannot mate: a draw instead (FIDE test, US blitz test). */
	play("illegal.lose_on=1", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "illegal:white:a1b3", "1/2-1/2",
	     "illegal-move-draw");
	play("illegal.lose_on=1", "2b1k3/8/8/8/8/8/PP6/R3K3 w Q - 0 1", "illegal:white:a1a3", "0-1",
	     "illegal-move-loss");
	play("illegal.lose_on=1;illegal.cannot_mate=uscf-blitz",
	     "2b1k3/8/8/8/8/8/PP6/R3K3 w Q - 0 1", "illegal:white:a1a3", "1/2-1/2",
	     "illegal-move-draw");
	play("illegal.mode=reinstate", START, "illegal:white:e2e5 e2e4", "*",
	     "illegal-move-reinstated");
	play("illegal.mode=quickplay-only;time.period=not-last", START, "illegal:white:e2e5", "*",
	     "illegal-move-reinstated");
	play("illegal.mode=quickplay-only;time.period=last", START, "illegal:white:e2e5", "*",
	     "illegal-move-penalty");
	play("illegal.mode=rejected", START, "illegal:white:e2e5 e2e4", "*",
	     "illegal-input-rejected");
	/* Unfinished promotion: a queen and the penalty (2014+), or the loss. */
	r = play("illegal.promotion=queen;illegal.penalty_s=60", "8/4P1k1/8/8/8/8/r7/4K3 w - - 0 1",
		 "nopromo:white:e7e8", "*", "illegal-move-penalty");
	ck_assert(has_effect(r, "queen-on:e8") && has_effect(r, "+60s:black"));
	play("illegal.promotion=queen;illegal.lose_on=1", "8/4P1k1/8/8/8/8/r7/4K3 w - - 0 1",
	     "nopromo:white:e7e8", "0-1", "illegal-move-loss");
	play("illegal.promotion=improper-press", "8/4P1k1/8/8/8/8/r7/4K3 w - - 0 1",
	     "nopromo:white:e7e8 e7e8n", "*", "improper-clock-press");
	/* Pressing without a move. */
	play("illegal.press_without_move=illegal", START,
	     "pressnomove:white e2e4 e7e5 pressnomove:white", "0-1", "illegal-move-loss");
	play(NULL, START, "pressnomove:white", "*", "clock-misuse");
	play(NULL, START, "retracted:white:e2e5 e2e4", "*", "not-completed");
}
END_TEST

START_TEST(test_flags)
{
	const char *bishops = "8/8/3bk3/8/8/3BK3/8/8 b - - 0 1";
	play(NULL, bishops, "flag:black", "1-0", "time-forfeit");
	play("time.flag_test=uscf-14e", bishops, "flag:black", "1/2-1/2", "time-draw");
	play("time.flag_test=uscf-blitz", bishops, "flag:black", "1/2-1/2", "time-draw");
	play("time.flag_test=lichess", bishops, "flag:black", "1-0", "time-forfeit");
	play("time.flag_test=lichess;draw.dead=material", "8/8/4k3/8/8/3BK3/8/8 b - - 0 1",
	     "flag:black", "1/2-1/2", "time-draw");
	play(NULL, "4k3/pppp4/8/8/8/8/8/4K3 b - - 0 1", "flag:black", "1/2-1/2", "time-draw");
	/* Not yet established: a mate first wins. */
	play(NULL, START, "f2f3 e7e5 g2g4 flagdown:black d8h4", "0-1", "checkmate");
	play("time.flag_by=server", START, "f2f3 e7e5 g2g4 flagdown:black", "1-0", "time-forfeit");
	play(NULL, START, "e2e4 flagdown:black claim:time:white", "1-0", "time-forfeit");
	play(NULL, START, "e2e4 claim:time:white", "*", "time-claim-rejected");
	/* Both down: a digital clock knows the order; else 6.11. */
	const char *both = "e2e4 flagdown:black e7e5 flagdown:white claim:time:white";
	play("time.clock=digital", START, both, "1-0", "time-forfeit");
	play("time.clock=analog;time.period=last", START, both, "1/2-1/2", "both-flags-draw");
	play("time.clock=analog;time.period=not-last", START, both, "*", "both-flags-continue");
	play("time.claimant_flag_up=true;time.clock=digital;time.both_flags=draw", START, both,
	     "1/2-1/2", "both-flags-draw");
	play("time.both_flags=uscf;time.period=not-last", START, "flag:both", "*",
	     "both-flags-continue");
	/* Armageddon: a drawn board is a Black win, unless the regulations say
	 * a loss on time is a loss. */
	const arb_game_result *r = play("score.draw=black-wins;score.draw_odds_on_time_draw=true",
					"4k3/pppp4/8/8/8/8/8/4K3 b - - 0 1", "flag:black", "0-1",
					"armageddon-draw-odds");
	ck_assert(has_effect(r, "board=1/2-1/2"));
	ck_assert_str_eq(r->board, "1/2-1/2");
	play("score.draw=black-wins;score.draw_odds_on_time_draw=false",
	     "4k3/pppp4/8/8/8/8/8/4K3 b - - 0 1", "flag:black", "1-0", "armageddon-time-loss");
}
END_TEST

START_TEST(test_agreement_and_lateness)
{
	play(NULL, START, "offer:white accept:black", "1/2-1/2", "agreement");
	play("draw.agreement_min_moves=1", START, "offer:white accept:black", "*",
	     "agreement-invalid");
	play("draw.offer_min_ply=2", START, "offer:white accept:black", "*", "offer-not-allowed");
	play(NULL, START, "e2e4 offer:white e7e5 accept:black", "*", "offer-expired");
	play(NULL, START, "e2e4 offer:white e7e5", "*", "offer-lapsed");
	play(NULL, START, "e2e4 offer:white decline:black e7e5 accept:white", "*", "");
	play(NULL, "4k3/8/8/8/8/8/q7/4K3 w - - 0 1", "resign:black", "1-0", "resignation");
	play("draw.resign_dead_draw=true", "4k3/8/8/8/8/8/q7/4K3 w - - 0 1", "resign:black",
	     "1/2-1/2", "resign-dead-draw");
	const arb_game_result *r =
		play("time.default_s=0", START, "late:black:900", "1-0", "default-loss");
	ck_assert_str_eq(r->trf[0], "+");
	ck_assert_str_eq(r->trf[1], "-");
	play("time.default_s=3600", START, "late:black:900", "*", "late-time-lost");
}
END_TEST

START_TEST(test_automatic_endings)
{
	const char *cycle8 =
		"e2e4 e7e5 g1f3 g8f6 b1c3 b8c6 f3g1 f6g8 c3b1 c6b8 g1f3 g8f6 b1c3 b8c6 "
		"f3g1 f6g8 c3b1 c6b8 g1f3 g8f6 b1c3 b8c6 f3g1 f6g8 c3b1 c6b8 g1f3 g8f6 "
		"b1c3 b8c6 f3g1 f6g8 c3b1 c6b8";
	play("draw.fivefold=any", START, cycle8, "1/2-1/2", "fivefold-auto");
	play("draw.fivefold=consecutive", START, cycle8, "*", "fivefold-not-consecutive");
	play("draw.fivefold=td", START, cycle8, "*", "td-may-declare-draw");
	const char *cycle4 =
		"e2e4 e7e5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 "
		"g1f3 g8f6 f3g1 f6g8";
	play("draw.fivefold=consecutive", START, cycle4, "1/2-1/2", "fivefold-auto");
	play(NULL, START, cycle4, "*", "no-claim");
	play("draw.threefold=auto", START, "e2e4 e7e5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
	     "1/2-1/2", "threefold-autoclaim");
	/* 75 moves; a mate on that move wins (9.6.2). */
	play("draw.seventyfive=auto", "7k/8/6K1/8/8/8/8/R7 w - - 149 150", "a1a2", "1/2-1/2",
	     "seventyfive-auto");
	play("draw.seventyfive=auto", "7k/8/6K1/8/8/8/8/R7 w - - 149 150", "a1a8", "1-0",
	     "checkmate");
	play(NULL, "7k/8/6K1/8/8/8/8/R7 w - - 149 150", "a1a2", "*", "no-automatic-75-move-draw");
	play("draw.fifty=auto", "7k/8/6K1/8/8/8/8/R7 w - - 99 100", "a1a2", "1/2-1/2",
	     "fifty-auto");
	/* Dead positions: the wall, and material; lichess misses the wall. */
	play(NULL, "8/4k3/1p1p1p1p/pPpPpPp1/P1P1P1PP/8/3K4/8 w - - 0 1", "h4h5", "1/2-1/2",
	     "dead-position");
	play("draw.dead=material", "8/4k3/1p1p1p1p/pPpPpPp1/P1P1P1PP/8/3K4/8 w - - 0 1", "h4h5",
	     "*", "not-detected");
	play("draw.dead=uscf", "8/8/4k3/8/3n4/4K3/8/8 w - - 0 1", "e3d4", "1/2-1/2",
	     "insufficient-material");
	play("draw.dead=material", "8/8/4k3/8/3n4/4K3/8/8 w - - 0 1", "e3d4", "1/2-1/2",
	     "insufficient-material-auto");
}
END_TEST

/* ------------------------------------------------------------------------
 * The counts of the rules as parameters: a thirty-move rule, a twofold
 * "threefold", a fourfold "fivefold", a 40-move "seventy-five"; each at
 * its limit and one short of it, claims with and without a written move.
 * ---------------------------------------------------------------------- */

/* Plays `tokens` and checks the detail of the last decision too. */
static void play_detail(const char *kv, const char *fen, const char *tokens, const char *result,
			const char *reason, const char *detail)
{
	const arb_game_result *r = play(kv, fen, tokens, result, reason);
	ck_assert_msg(strstr(r->detail, detail) != NULL, "%s | %s: detail '%s', want '%s'",
		      kv ? kv : "(defaults)", tokens, r->detail, detail);
}

START_TEST(test_move_counts)
{
	const char *k30 = "draw.fifty_moves=30";
	/* Claims without a written move: 60 half-moves done, or not yet. */
	play(k30, "8/8/2k5/8/8/8/3K4/4R3 w - - 60 120", "claim:fifty:white", "1/2-1/2",
	     "fifty-claim");
	play_detail(k30, "8/8/2k5/8/8/8/3K4/4R3 w - - 59 120", "claim:fifty:white", "*",
		    "fifty-claim-rejected", "(59 of 60 half-moves)");
	/* With the written move (FIDE 2018 9.3.1): it completes the 30 moves,
	 * or it does not; a pawn move never does. */
	play(k30, "8/8/2k5/8/8/8/3K4/4R3 w - - 59 120", "claim:fifty:white@e1e2", "1/2-1/2",
	     "fifty-claim");
	play_detail(k30, "8/8/2k5/8/8/8/3K4/4R3 w - - 58 120", "claim:fifty:white@e1e2", "*",
		    "fifty-claim-rejected", "(59 of 60 half-moves)");
	/* The Laws' 50 moves are untouched by default. */
	play_detail(NULL, "8/8/2k5/8/8/8/3K4/4R3 w - - 60 120", "claim:fifty:white", "*",
		    "fifty-claim-rejected", "(60 of 100 half-moves)");
	/* The note of what could be claimed comes at the new limit. */
	play_detail(k30, "7k/8/6K1/8/8/8/8/R7 w - - 59 100", "a1a2", "*", "no-claim",
		    "(30 moves without capture or pawn move)");
	play("draw.fifty=auto;draw.fifty_moves=30", "7k/8/6K1/8/8/8/8/R7 w - - 59 100", "a1a2",
	     "1/2-1/2", "fifty-auto");
	play("draw.fifty=auto;draw.fifty_moves=30", "7k/8/6K1/8/8/8/8/R7 w - - 58 100", "a1a2", "*",
	     "");
	/* A 40-move automatic rule over the 30-move claim: at 80 half-moves,
	 * not at 79; a mate on that move still wins. */
	const char *k40 = "draw.fifty_moves=30;draw.seventyfive=auto;draw.seventyfive_moves=40";
	play(k40, "7k/8/6K1/8/8/8/8/R7 w - - 79 150", "a1a2", "1/2-1/2", "seventyfive-auto");
	play(k40, "7k/8/6K1/8/8/8/8/R7 w - - 78 150", "a1a2", "*", "");
	play(k40, "7k/8/6K1/8/8/8/8/R7 w - - 79 150", "a1a8", "1-0", "checkmate");
	play("draw.seventyfive=auto", "7k/8/6K1/8/8/8/8/R7 w - - 79 150", "a1a2", "*", "");
	play_detail("draw.fifty_moves=30;draw.seventyfive=td;draw.seventyfive_moves=40",
		    "7k/8/6K1/8/8/8/8/R7 w - - 79 150", "a1a2", "*", "td-may-declare-draw",
		    "(40 moves)");
}
END_TEST

START_TEST(test_repetition_counts)
{
	const char *twice = "g1f3 g8f6 f3g1 f6g8"; /* the start a second time */
	const char *k2 = "draw.threefold_count=2";
	play(k2, START, "g1f3 g8f6 f3g1 f6g8 claim:threefold:white", "1/2-1/2", "threefold-claim");
	play(k2, START, "g1f3 g8f6 f3g1 claim:threefold:black@f6g8", "1/2-1/2", "threefold-claim");
	play_detail(k2, START, "g1f3 g8f6 f3g1 claim:threefold:black@f6h5", "*",
		    "threefold-claim-rejected", "has not occurred 2 times");
	play_detail(k2, START, "g1f3 g8f6 claim:threefold:white", "*", "threefold-claim-rejected",
		    "(the position has not occurred 2 times)");
	play_detail(NULL, START, "g1f3 g8f6 f3g1 f6g8 claim:threefold:white", "*",
		    "threefold-claim-rejected", "(the position has not occurred 3 times)");
	play("draw.threefold=auto;draw.threefold_count=2", START, twice, "1/2-1/2",
	     "threefold-autoclaim");
	play("draw.threefold=auto;draw.threefold_count=2", START, "g1f3 g8f6 f3g1", "*", "");

	/* A fourfold "fivefold": the start occurs a 4th time after 12 plies. */
	const char *p12 = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
	const char *p11 = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";
	const char *k4 = "draw.fivefold=any;draw.fivefold_count=4";
	play_detail(k4, START, p12, "1/2-1/2", "fivefold-auto", "(4 occurrences)");
	play(k4, START, p11, "*", "no-claim");
	play("draw.fivefold=any", START, p12, "*", "no-claim");
	play("draw.fivefold=consecutive;draw.fivefold_count=4", START, p12, "1/2-1/2",
	     "fivefold-auto");
	play("draw.fivefold=td;draw.fivefold_count=4", START, p12, "*", "td-may-declare-draw");
}
END_TEST

START_TEST(test_count_values)
{
	static const struct {
		const char *field, *value, *why;
	} bad[] = {
		{"draw.fifty_moves", "0", "'0' is below 1"},
		{"draw.fifty_moves", "-1", "'-1' is below 1"},
		{"draw.seventyfive_moves", "-75", "is below 1"},
		{"draw.threefold_count", "1", "'1' is below 2"},
		{"draw.threefold_count", "0", "is below 2"},
		{"draw.fivefold_count", "-5", "is below 2"},
		{"draw.fifty_moves", "1000001", "is above 1000000"},
		{"draw.fifty_moves", "thirty", "is not a whole number"},
	};
	arb_rules r;
	arb_error err;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		arb_rules_init(&r);
		ck_assert_int_eq(arb_rules_set(&r, bad[i].field, bad[i].value, &err),
				 ARB_E_PROFILE);
		ck_assert_msg(strstr(err.message, bad[i].field) && strstr(err.message, bad[i].why),
			      "%s=%s: %s", bad[i].field, bad[i].value, err.message);
	}
	/* The smallest values are taken. */
	r = rules_of("draw.fifty_moves=1;draw.seventyfive_moves=1;draw.threefold_count=2;"
		     "draw.fivefold_count=2");
	ck_assert_int_eq(arb_rules_check(&r, &err), ARB_OK);

	/* Pairs out of order, when both rules are in force. */
	r = rules_of("draw.fivefold=any;draw.fivefold_count=2");
	ck_assert_int_eq(arb_rules_check(&r, &err), ARB_E_PROFILE);
	ck_assert_msg(strstr(err.message, "field 'draw.fivefold_count': 2 is below "
					  "draw.threefold_count (3)"),
		      "%s", err.message);
	r = rules_of("draw.fivefold=any;draw.fivefold_count=3");
	ck_assert_int_eq(arb_rules_check(&r, &err), ARB_OK);
	r = rules_of("draw.fivefold=none;draw.fivefold_count=2");
	ck_assert_int_eq(arb_rules_check(&r, &err), ARB_OK);
	r = rules_of("draw.seventyfive=auto;draw.seventyfive_moves=40");
	ck_assert_int_eq(arb_rules_check(&r, &err), ARB_E_PROFILE);
	ck_assert_msg(strstr(err.message, "field 'draw.seventyfive_moves': 40 is below "
					  "draw.fifty_moves (50)"),
		      "%s", err.message);
	r = rules_of("draw.seventyfive=auto;draw.seventyfive_moves=40;draw.fifty=none");
	ck_assert_int_eq(arb_rules_check(&r, &err), ARB_OK);
	r = rules_of("draw.seventyfive=auto;draw.seventyfive_moves=50");
	ck_assert_int_eq(arb_rules_check(&r, &err), ARB_OK);
	/* Written into the struct directly: the ranges are checked too. */
	arb_rules_init(&r);
	ck_assert_int_eq(arb_rules_check(&r, &err), ARB_OK);
	r.fifty_moves = 0;
	ck_assert_int_eq(arb_rules_check(&r, &err), ARB_E_PROFILE);
	ck_assert_msg(strstr(err.message, "field 'draw.fifty_moves': '0' is below 1"), "%s",
		      err.message);

	/* The field table says the ranges. */
	arb_rules_field f;
	int seen = 0;
	for (int i = 0; arb_rules_field_at(i, &f); i++)
		if (strcmp(f.name, "draw.threefold_count") == 0) {
			ck_assert_int_eq(f.type, ARB_RULES_INT);
			ck_assert_int_eq(f.min, 2);
			ck_assert_int_eq(f.article, ARB_ART_THREEFOLD);
			seen++;
		} else if (strcmp(f.name, "draw.seventyfive_moves") == 0) {
			ck_assert_int_eq(f.min, 1);
			ck_assert_int_eq(f.article, ARB_ART_SEVENTYFIVE);
			seen++;
		}
	ck_assert_int_eq(seen, 2);
}
END_TEST

START_TEST(test_game_occurrences)
{
	arb_game *g = game_of(NULL, START);
	ck_assert_int_eq(arb_game_occurrences(g), 1);
	ck_assert_int_eq(arb_game_tokens(g, "g1f3 g8f6 f3g1 f6g8", NULL), ARB_OK);
	ck_assert_int_eq(arb_game_occurrences(g), 2);
	ck_assert_int_eq(arb_game_tokens(g, "g1f3", NULL), ARB_OK);
	ck_assert_int_eq(arb_game_occurrences(g), 2);
	ck_assert_int_eq(arb_game_tokens(g, "e7e5", NULL), ARB_OK);
	ck_assert_int_eq(arb_game_occurrences(g), 1);
	arb_game_free(g);
}
END_TEST

START_TEST(test_quickplay)
{
	const char *fen = "4k3/r7/8/8/8/8/7R/4K3 w - - 0 1";
	play("time.qpf=fide-10.2", fen, "clock:90:600 claim:qpf:white ruling:draw", "1/2-1/2",
	     "qpf-draw");
	const arb_game_result *r =
		play("time.qpf=fide-10.2", fen, "clock:90:600 claim:qpf:white ruling:reject", "*",
		     "qpf-rejected");
	ck_assert(has_effect(r, "+120s:black"));
	play("time.qpf=fide-10.2", fen, "clock:150:600 claim:qpf:white", "*", "qpf-invalid");
	play("time.qpf=fide-10.2;speed=blitz", fen, "clock:90:600 claim:qpf:white", "*",
	     "qpf-unavailable");
	play("time.qpf=guidelines-iii", fen, "clock:90:600 claim:qpf:white", "*",
	     "qpf-unavailable");
	play("time.qpf=guidelines-iii;time.qpf_announced=true;time.tc=5400+30", fen,
	     "clock:90:600 claim:qpf:white", "*", "qpf-unavailable");
	play("time.qpf=none", fen, "clock:90:600 claim:qpf:white", "*", "claim-unavailable");
	r = play("time.qpf=uscf-14h;time.qpf_announced=true;time.tc=G/90 d/0;"
		 "time.qpf_limit_ms=120000;time.qpf_reject_s=0;time.qpf_reject_claimant_s=60",
		 fen, "clock:90:600 claim:qpf:white ruling:reject", "*", "qpf-rejected");
	ck_assert(has_effect(r, "-60s:white"));
	ck_assert_int_eq(r->neffects, 1);
	play("time.qpf=uscf-14h;time.qpf_announced=true;time.tc=G/90", fen,
	     "clock:90:600 claim:qpf:white", "*", "qpf-unavailable"); /* 5E2 default delay */
	/* The 5-second request (G.4 / III.4) is an offer; refused, then granted. */
	r = play("time.qpf=guidelines-iii;time.qpf_announced=true", fen,
		 "clock:90:600 claim:increment:white decline:black ruling:accept", "*",
		 "increment-added");
	ck_assert(has_effect(r, "+5s/move:both") && has_effect(r, "+120s:black"));
	play("time.qpf=guidelines-iii;time.qpf_announced=true", fen,
	     "clock:90:600 claim:increment:white accept:black", "1/2-1/2", "agreement");
}
END_TEST

START_TEST(test_chess960_castling_note)
{
	play("chess960=true", "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1", "b1e1", "*",
	     "castling-960");
	play("chess960=true", "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", "g1h1", "*",
	     "castling-960");
	play(NULL, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "*", "");
}
END_TEST

/* ------------------------------------------------------------------------
 * Hooks
 * ---------------------------------------------------------------------- */

static int stalemate_wins(void *ud, const struct arb_game *g, const struct arb_decision *end,
			  arb_hook_out *out, char *err, size_t n)
{
	(void)ud, (void)err, (void)n;
	if (end && strcmp(end->reason, "stalemate") == 0) {
		int mover = !arb_position_side_to_move(arb_game_position(g));
		out->set = 1;
		strcpy(out->result, mover == ARB_WHITE ? "1-0" : "0-1");
		strcpy(out->reason, "stalemate-win");
		strcpy(out->article, "house rule");
		strcpy(out->points[mover], "3");
		strcpy(out->points[!mover], "0");
	}
	if (end && strcmp(end->reason, "agreement") == 0 &&
	    arb_position_fullmove_number(arb_game_position(g)) < 30) {
		out->set = 1;
		strcpy(out->result, "*");
		strcpy(out->reason, "agreement-not-allowed");
	}
	return 0;
}

static int failing(void *ud, const struct arb_game *g, const struct arb_decision *end,
		   arb_hook_out *out, char *err, size_t n)
{
	(void)g, (void)end, (void)out;
	int *calls = ud;
	if (++*calls == 3) {
		snprintf(err, n, "boom");
		return -1;
	}
	return 0;
}

static int ends_at_move_3(void *ud, const struct arb_game *g, const struct arb_decision *end,
			  arb_hook_out *out, char *err, size_t n)
{
	(void)ud, (void)end, (void)err, (void)n;
	if (arb_game_ply_count(g) == 5) {
		out->set = 1;
		strcpy(out->result, "1-0");
		strcpy(out->reason, "house-win");
	}
	return 0;
}

START_TEST(test_hooks)
{
	arb_rules r;
	arb_game_result res;
	arb_position *p = arb_position_new();
	arb_error err;
	arb_rules_init(&r);
	r.on_end = stalemate_wins;
	arb_position_set_fen(p, "7k/4Q3/6K1/8/8/p7/P7/8 w - - 0 1", 0, NULL);
	arb_game *g = arb_game_new(&r, p, NULL);
	ck_assert_int_eq(arb_game_tokens(g, "e7f7", &err), ARB_OK);
	arb_game_result_get(g, &res);
	ck_assert_str_eq(res.result, "1-0");
	ck_assert_str_eq(res.board, "1/2-1/2");
	ck_assert_str_eq(res.reason, "stalemate-win");
	ck_assert_str_eq(res.points[0], "3");
	arb_game_free(g);

	g = arb_game_new(&r, NULL, NULL);
	ck_assert_int_eq(arb_game_tokens(g, "e2e4 e7e5 offer:white accept:black g1f3", &err),
			 ARB_OK);
	arb_game_result_get(g, &res);
	ck_assert_str_eq(res.result, "*");
	ck_assert_int_eq(arb_game_ply_count(g), 3);
	arb_game_free(g);

	int calls = 0;
	arb_rules_init(&r);
	r.on_move = failing;
	r.hook_data = &calls;
	g = arb_game_new(&r, NULL, NULL);
	ck_assert_int_eq(arb_game_tokens(g, "e2e4 e7e5 g1f3 b8c6", &err), ARB_E_PROFILE);
	ck_assert(strstr(err.message, "boom"));
	ck_assert(strstr(err.message, "on_move"));
	arb_game_free(g);

	/* A failing ending hook: the error reaches the caller, and the rules'
	 * own ending stands (the game is over, not half-ended). */
	calls = 2;
	arb_rules_init(&r);
	r.on_end = failing;
	r.hook_data = &calls;
	g = arb_game_new(&r, NULL, NULL);
	ck_assert_int_eq(arb_game_tokens(g, "f2f3 e7e5 g2g4 d8h4", &err), ARB_E_PROFILE);
	ck_assert(strstr(err.message, "on_end"));
	ck_assert(arb_game_over(g));
	arb_game_result_get(g, &res);
	ck_assert_str_eq(res.result, "0-1");
	ck_assert_str_eq(res.reason, "checkmate");
	ck_assert_int_eq(arb_game_tokens(g, "resign:black", &err), ARB_OK); /* ignored */
	arb_game_result_get(g, &res);
	ck_assert_str_eq(res.reason, "checkmate");
	arb_game_free(g);

	arb_rules_init(&r);
	r.on_move = ends_at_move_3;
	g = arb_game_new(&r, NULL, NULL);
	ck_assert_int_eq(arb_game_tokens(g, "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6", &err), ARB_OK);
	arb_game_result_get(g, &res);
	ck_assert_str_eq(res.result, "1-0");
	ck_assert_str_eq(res.reason, "house-win");
	ck_assert_int_eq(arb_game_ply_count(g), 5);
	arb_game_free(g);
	arb_position_free(p);
}
END_TEST

/* ------------------------------------------------------------------------
 * Rules fields
 * ---------------------------------------------------------------------- */

START_TEST(test_rules_fields)
{
	arb_rules r;
	arb_error err;
	char buf[ARB_RULES_VALUE];
	arb_rules_field f;
	int n = 0;
	arb_rules_init(&r);
	for (int i = 0; arb_rules_field_at(i, &f); i++, n++) {
		ck_assert(f.name && f.doc);
		ck_assert_msg(arb_rules_get(&r, f.name, buf, sizeof buf) >= 0, "%s", f.name);
		ck_assert_msg(arb_rules_set(&r, f.name, buf, &err) == ARB_OK, "%s=%s: %s", f.name,
			      buf, err.message);
	}
	ck_assert_int_gt(n, 40);
	ck_assert_int_eq(arb_rules_set(&r, "draw.fifty", "sometimes", &err), ARB_E_PROFILE);
	ck_assert(strstr(err.message, "draw.fifty") && strstr(err.message, "claim"));
	ck_assert_int_eq(arb_rules_set(&r, "draw.nothing", "1", &err), ARB_E_PROFILE);
	ck_assert(strstr(err.message, "draw.nothing"));
	ck_assert_int_eq(arb_rules_set(&r, "illegal.penalty_s", "12x", &err), ARB_E_PROFILE);
	ck_assert_int_eq(arb_rules_set(&r, "illegal.penalty_s", "-5", &err), ARB_E_PROFILE);
	ck_assert_int_eq(arb_rules_set(&r, "chess960", "yes", &err), ARB_E_PROFILE);
	ck_assert_int_eq(arb_rules_set(&r, "articles.nothing", "1", &err), ARB_E_PROFILE);
	char longer[300];
	memset(longer, 'x', sizeof longer - 1);
	longer[sizeof longer - 1] = '\0';
	ck_assert_int_eq(arb_rules_set(&r, "edition", longer, &err), ARB_E_PROFILE);
	ck_assert_int_eq(arb_rules_set(&r, "edition", "FIDE 2014", &err), ARB_OK);
	ck_assert_int_eq(arb_rules_set(&r, "articles.fivefold", "9.6a", &err), ARB_OK);
	arb_rules_cite(&r, ARB_ART_FIVEFOLD, buf, sizeof buf);
	ck_assert_str_eq(buf, "FIDE 2014 9.6a");
	arb_rules_cite(&r, ARB_ART_FIFTY, buf, sizeof buf);
	ck_assert_str_eq(buf, "FIDE 2014");
	ck_assert_int_eq(arb_rules_get(&r, "no.such", buf, sizeof buf), -1);
	ck_assert_int_eq(arb_article_from_key("seventyfive"), ARB_ART_SEVENTYFIVE);
	ck_assert_str_eq(arb_article_key(ARB_ART_QPF), "qpf");
}
END_TEST

/* ------------------------------------------------------------------------
 * PGN
 * ---------------------------------------------------------------------- */

typedef struct src {
	const char *s;
	size_t at, len;
} src;

static size_t read_str(void *ctx, char *buf, size_t n)
{
	src *c = ctx;
	size_t k = c->len - c->at < n ? c->len - c->at : n;
	memcpy(buf, c->s + c->at, k);
	c->at += k;
	return k;
}

/* Adjudicates every game of a PGN text; returns the number of games. */
static int each_game(const char *text, const char *kv, arb_game **games, int max)
{
	src c = {text, 0, strlen(text)};
	arb_pgn_reader *rd = arb_pgn_reader_new(read_str, &c, "test", 0);
	arb_rules r = rules_of(kv);
	arb_record *rec;
	arb_error err;
	int n = 0;
	ck_assert(rd != NULL);
	while (arb_pgn_next(rd, &rec, &err) == ARB_OK && rec && n < max) {
		games[n] = arb_game_from_record(rec, &r, &err);
		ck_assert_msg(games[n] != NULL, "%s", err.message);
		n++;
	}
	arb_pgn_reader_free(rd);
	return n;
}

static int write_str(void *ctx, const char *buf, size_t n)
{
	char *out = ctx;
	size_t k = strlen(out);
	if (k + n >= 8192)
		return 1;
	memcpy(out + k, buf, n);
	out[k + n] = '\0';
	return 0;
}

static void same_decisions(const arb_game *a, const arb_game *b)
{
	ck_assert_int_eq(arb_game_decision_count(a), arb_game_decision_count(b));
	for (int i = 0; i < arb_game_decision_count(a); i++) {
		const arb_decision *x = arb_game_decision(a, i), *y = arb_game_decision(b, i);
		ck_assert_str_eq(x->reason, y->reason);
		ck_assert_str_eq(x->result, y->result);
		ck_assert_int_eq(x->ply, y->ply);
		ck_assert_int_eq(x->neffects, y->neffects);
	}
}

START_TEST(test_pgn_commands)
{
	static const char pgn[] =
		"[Event \"a\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
		"{[%late black 60]} 1. e4 {[%clk 0:59:50]} e5 {[%illegal white g1g4]} 2. Nf3 "
		"{[%offer white] some words} Nc6 {[%accept white]} "
		"3. Bc4 {[%claim threefold]} *\n\n"
		"[Event \"b\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
		"[Event \"c\"]\n[Result \"1-0\"]\n[Termination \"time forfeit\"]\n"
		"[SetUp \"1\"]\n[FEN \"4k3/pppp4/8/8/8/8/8/4K3 b - - 0 1\"]\n\n1-0\n\n"
		"[Event \"d\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n\n"
		"[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
	arb_game *g[8];
	arb_game_result r;
	int n = each_game(pgn, "time.default_s=3600;illegal.penalty_s=60", g, 8);
	ck_assert_int_eq(n, 5);
	arb_game_result_get(g[0], &r);
	ck_assert_str_eq(r.result, "*");
	ck_assert_str_eq(r.reason, "threefold-claim-rejected");
	ck_assert_int_eq(arb_game_strikes(g[0], ARB_WHITE), 1);
	ck_assert_int_eq(arb_game_time(g[0], ARB_WHITE),
			 3590000 + 120000); /* [%clk], then the claim */
	int offers_lapsed = 0;
	for (int i = 0; i < arb_game_decision_count(g[0]); i++)
		offers_lapsed += strcmp(arb_game_decision(g[0], i)->reason, "offer-lapsed") == 0;
	ck_assert_int_eq(offers_lapsed, 1);
	arb_game_result_get(g[1], &r);
	ck_assert_str_eq(r.reason, "checkmate");
	arb_game_result_get(g[2], &r); /* flagged, White cannot mate: FIDE 6.9 */
	ck_assert_str_eq(r.result, "1/2-1/2");
	ck_assert_str_eq(r.reason, "time-draw");
	ck_assert(strstr(r.detail, "inferred"));
	arb_game_result_get(g[3], &r);
	ck_assert_str_eq(r.reason, "agreement");
	arb_game_result_get(g[4], &r);
	ck_assert_str_eq(r.reason, "resignation");

	/* Written back into their own records and read again: the same
	 * decisions, the other comment text and the clocks kept. */
	static char out[8192];
	src c = {pgn, 0, strlen(pgn)};
	arb_pgn_reader *rd = arb_pgn_reader_new(read_str, &c, "test", 0);
	arb_rules rules = rules_of("time.default_s=3600;illegal.penalty_s=60");
	arb_record *rec;
	arb_error err;
	for (int i = 0; i < n; i++) {
		ck_assert(arb_pgn_next(rd, &rec, &err) == ARB_OK && rec);
		arb_game *one = arb_game_from_record(rec, &rules, &err);
		ck_assert(one != NULL);
		out[0] = '\0';
		ck_assert_int_eq(arb_game_to_record(one, rec), ARB_OK);
		ck_assert_int_eq(arb_pgn_write(rec, write_str, out), ARB_OK);
		arb_game *again[1];
		ck_assert_int_eq(
			each_game(out, "time.default_s=3600;illegal.penalty_s=60", again, 1), 1);
		same_decisions(g[i], again[0]);
		if (i == 0) {
			ck_assert(strstr(out, "[%illegal white g1g4]"));
			ck_assert_msg(strstr(out, "some words"), "%s", out);
			ck_assert(strstr(out, "[%clk 0:59:50]"));
			ck_assert(strstr(out, "[White \"W\"]"));
		}
		if (i == 2)
			ck_assert(strstr(out, "[Termination \"time forfeit\"]"));
		arb_game_free(again[0]);
		arb_game_free(one);
	}
	arb_pgn_reader_free(rd);
	for (int i = 0; i < n; i++)
		arb_game_free(g[i]);
}
END_TEST

/* One PGN game under rules `kv`: its standing. */
static arb_game_result one_verdict(const char *pgn, const char *kv)
{
	arb_game *g[1];
	arb_game_result r;
	ck_assert_int_eq(each_game(pgn, kv, g, 1), 1);
	arb_game_result_get(g[0], &r);
	arb_game_free(g[0]);
	return r;
}

/*
 * The Termination tag names the event the Result implies (lichess and the
 * engine-match runners' spellings, any case), decided under the rules: a
 * drawn time forfeit is a flag fall, not an agreement, and a runner's
 * "adjudication" is not a resignation. Unknown and unterminated ones are
 * left as the events leave the game.
 */
START_TEST(test_termination_tags)
{
	/* K+B+N against a lone king, White (the three pieces) to move. */
	static const char kbn_w[] = "4k3/8/8/8/8/8/8/4KBN1 w - - 0 1";
	static const char kbn_b[] = "4k3/8/8/8/8/8/8/4KBN1 b - - 0 1";
	static const char *const kv = "illegal.lose_on=1";
	static const struct {
		const char *fen, *result, *term, *moves, *kv, *want, *reason;
	} t[] = {
		/* Drawn on time: the side to move flagged; the lone king cannot
		 * mate, so a draw; the other way round, the pieces can: a loss. */
		{kbn_w, "1/2-1/2", "Time forfeit", "", kv, "1/2-1/2", "time-draw"},
		{kbn_w, "1/2-1/2", "time forfeit", "", kv, "1/2-1/2", "time-draw"},
		{kbn_b, "1/2-1/2", "Time forfeit", "", kv, "1-0", "time-forfeit"},
		/* A clock reading of zero names the flagger, not the side to move. */
		{kbn_w, "1/2-1/2", "Time forfeit", "1. Kd2 {[%clk 0:00:00]}", kv, "1/2-1/2",
		 "time-draw"},
		{kbn_w, "1/2-1/2", "Time forfeit", "1. Kd2 {[%clk 0:00:03]}", kv, "1-0",
		 "time-forfeit"},
		{kbn_b, "0-1", "Time forfeit", "", kv, "1/2-1/2", "time-draw"},
		{START, "1-0", "TIME FORFEIT", "1. e4 e5", kv, "1-0", "time-forfeit"},
		/* Normal (or none): a resignation, an agreement or a claim. */
		{START, "1-0", "Normal", "1. e4 e5", kv, "1-0", "resignation"},
		{START, "0-1", NULL, "1. e4 e5", kv, "0-1", "resignation"},
		{START, "1/2-1/2", "normal", "1. e4 e5", kv, "1/2-1/2", "agreement"},
		/* Off the board: the loser named by the Result. */
		{START, "1-0", "Abandoned", "1. d4", kv, "1-0", "abandoned-loss"},
		{START, "0-1", "abandoned", "1. d4 d5", kv, "0-1", "abandoned-loss"},
		{START, "0-1", "stalled connection", "1. d4 d5", kv, "0-1", "stalled-loss"},
		{START, "1-0", "Rules infraction", "1. d4 d5", kv, "1-0", "infraction-loss"},
		{START, "0-1", "adjudication", "1. d4 d5", kv, "0-1", "adjudication-loss"},
		{START, "1/2-1/2", "adjudication", "1. d4 d5", kv, "1/2-1/2", "td-draw"},
		{START, "1/2-1/2", "Abandoned", "1. d4 d5", kv, "1/2-1/2", "td-draw"},
		/* An illegal move: the rules' decision on it (a loss at the
		 * first, a draw when the opponent cannot mate); where the rules
		 * only penalise it, the game the file says was lost by it is a
		 * forfeit, not a game in play; its maker not on move: a forfeit. */
		{START, "0-1", "illegal move", "1. d4 d5", kv, "0-1", "illegal-move-loss"},
		{START, "0-1", "illegal move", "1. d4 d5", "illegal.lose_on=2", "0-1",
		 "illegal-move-forfeit"},
		{kbn_b, "1-0", "illegal move", "", kv, "1-0", "illegal-move-loss"},
		{kbn_w, "0-1", "illegal move", "", kv, "1/2-1/2", "illegal-move-draw"},
		{START, "1-0", "illegal move", "1. d4 d5", kv, "1-0", "illegal-move-forfeit"},
		/* Left as they are. */
		{START, "1-0", "unterminated", "1. d4 d5", kv, "*", "result-not-adjudicated"},
		{START, "1-0", "Black won by resignation", "1. d4 d5", kv, "*",
		 "result-not-adjudicated"},
		{START, "*", "unterminated", "1. d4 d5", kv, "*", ""},
		{START, "1/2-1/2", "emergency", "1. d4 d5", kv, "*", "result-not-adjudicated"},
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char pgn[1024], term[128] = "";
		if (t[i].term)
			snprintf(term, sizeof term, "[Termination \"%s\"]\n", t[i].term);
		snprintf(pgn, sizeof pgn,
			 "[Event \"t\"]\n[Result \"%s\"]\n%s[SetUp \"1\"]\n[FEN \"%s\"]\n\n%s %s\n",
			 t[i].result, term, t[i].fen, t[i].moves, t[i].result);
		arb_game_result r = one_verdict(pgn, t[i].kv);
		ck_assert_msg(strcmp(r.result, t[i].want) == 0 &&
				      strcmp(r.reason, t[i].reason) == 0,
			      "row %zu (%s %s): %s %s %s", i, t[i].result,
			      t[i].term ? t[i].term : "(none)", r.result, r.reason, r.detail);
		if (t[i].reason[0] && strcmp(t[i].reason, "result-not-adjudicated") != 0)
			ck_assert_msg(strstr(r.detail, "inferred"), "row %zu: %s", i, r.detail);
	}
}
END_TEST

/* Reads the first game of `pgn`, adjudicates it under `kv`, writes it back
 * into its record and out as PGN (static, valid until the next call), and
 * checks that reading that text gives the same decisions. */
static const char *rewrite(const char *pgn, const char *kv)
{
	static char out[8192];
	src c = {pgn, 0, strlen(pgn)};
	arb_pgn_reader *rd = arb_pgn_reader_new(read_str, &c, "test", 0);
	arb_rules rules = rules_of(kv);
	arb_record *rec;
	arb_error err;
	ck_assert(arb_pgn_next(rd, &rec, &err) == ARB_OK && rec);
	arb_game *g = arb_game_from_record(rec, &rules, &err);
	ck_assert_msg(g != NULL, "%s", err.message);
	out[0] = '\0';
	ck_assert_int_eq(arb_game_to_record(g, rec), ARB_OK);
	ck_assert_int_eq(arb_pgn_write(rec, write_str, out), ARB_OK);
	arb_game *again[1];
	ck_assert_int_eq(each_game(out, kv, again, 1), 1);
	same_decisions(g, again[0]);
	arb_game_free(again[0]);
	arb_game_free(g);
	arb_pgn_reader_free(rd);
	return out;
}

/*
 * --write-pgn never writes an event that did not happen: an ending the
 * tags imply is not written when the tags still say it (the original
 * Termination kept as spelt), and when the rules decide otherwise it is
 * written marked "inferred", with the file's Result and Termination kept in
 * OriginalResult / OriginalTermination.
 */
START_TEST(test_write_inferred)
{
	static const char drawn[] = "[Event \"x\"]\n[Result \"1/2-1/2\"]\n"
				    "[Termination \"Time forfeit\"]\n[SetUp \"1\"]\n"
				    "[FEN \"4k3/8/8/8/8/8/8/4KBN1 w - - 0 1\"]\n\n1/2-1/2\n";
	static const char agreed[] = "[Event \"x\"]\n[Result \"1/2-1/2\"]\n"
				     "[Termination \"Normal\"]\n\n1. e4 {good} e5 1/2-1/2\n";
	static const char resigned[] = "[Event \"x\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n";
	static const char other[] = "[Event \"x\"]\n[Result \"0-1\"]\n"
				    "[Termination \"Time forfeit\"]\n[SetUp \"1\"]\n"
				    "[FEN \"4k3/8/8/8/8/8/8/4KBN1 b - - 0 1\"]\n\n0-1\n";
	static const char runner[] = "[Event \"x\"]\n[Result \"0-1\"]\n"
				     "[Termination \"illegal move\"]\n\n1. e4 e5 0-1\n";
	const char *out = rewrite(drawn, NULL);
	ck_assert_msg(!strstr(out, "[%"), "%s", out);
	ck_assert_msg(strstr(out, "[Termination \"Time forfeit\"]"), "%s", out);
	ck_assert(strstr(out, "[Result \"1/2-1/2\"]") && !strstr(out, "Original"));
	out = rewrite(agreed, NULL);
	ck_assert_msg(!strstr(out, "[%offer") && !strstr(out, "[%accept"), "%s", out);
	ck_assert(strstr(out, "[Termination \"Normal\"]") && strstr(out, "{good}"));
	out = rewrite(resigned, NULL);
	ck_assert_msg(!strstr(out, "[%resign"), "%s", out);
	/* White flagged; the lone king cannot mate: a draw, not 0-1. */
	out = rewrite(other, NULL);
	ck_assert_msg(strstr(out, "[%flag white inferred]"), "%s", out);
	ck_assert(strstr(out, "[Result \"1/2-1/2\"]") && strstr(out, "[OriginalResult \"0-1\"]"));
	ck_assert(strstr(out, "[Termination \"time forfeit\"]"));
	ck_assert_msg(strstr(out, "[OriginalTermination \"Time forfeit\"]"), "%s", out);
	/* The first illegal move costs a penalty here, and the file says the
	 * game was lost by it: the forfeit, which is what the tags say, so
	 * nothing is written. */
	out = rewrite(runner, "illegal.lose_on=2");
	ck_assert_msg(!strstr(out, "[%") && strstr(out, "[Result \"0-1\"]") &&
			      strstr(out, "[Termination \"illegal move\"]") &&
			      !strstr(out, "Original"),
		      "%s", out);
	/* A rewritten record read and rewritten again keeps its Original tags. */
	static char copy[8192];
	snprintf(copy, sizeof copy, "%s", rewrite(other, NULL));
	out = rewrite(copy, NULL);
	ck_assert_msg(strstr(out, "[OriginalResult \"0-1\"]") &&
			      strstr(out, "[Result \"1/2-1/2\"]") &&
			      strstr(out, "[OriginalTermination \"Time forfeit\"]"),
		      "%s", out);
	/* A forfeit written in the file is read as one. */
	static const char left[] = "[Event \"x\"]\n[Result \"*\"]\n\n"
				   "1. e4 e5 {[%forfeit white stalled]} *\n";
	arb_game_result r = one_verdict(left, NULL);
	ck_assert_str_eq(r.reason, "stalled-loss");
	ck_assert_str_eq(r.result, "0-1");
	out = rewrite(left, NULL);
	ck_assert_msg(strstr(out, "[%forfeit white stalled]") && strstr(out, "[Result \"0-1\"]") &&
			      strstr(out, "[Termination \"abandoned\"]"),
		      "%s", out);
}
END_TEST

/* An illegal move the record does not give, as a token both ways. */
START_TEST(test_forfeit_tokens)
{
	static const char *const good[] = {"illegal:white",         "forfeit:black:abandoned",
					   "forfeit:white:stalled", "forfeit:white:infraction",
					   "forfeit:black:illegal", "forfeit:black:adjudication"};
	static const char *const bad[] = {"forfeit:black", "forfeit:black:left",
					  "forfeit:both:abandoned", "illegal",
					  "forfeit:white:abandoned:x"};
	arb_event ev;
	arb_error err;
	char buf[64];
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		ck_assert_msg(arb_event_parse(good[i], strlen(good[i]), &ev, &err) == ARB_OK,
			      "%s: %s", good[i], err.message);
		arb_event_format(&ev, buf, sizeof buf);
		ck_assert_str_eq(buf, good[i]);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(arb_event_parse(bad[i], strlen(bad[i]), &ev, &err) == ARB_E_EVENT,
			      "%s", bad[i]);
	/* A forfeit ends the game for the other side; an unrecorded illegal
	 * move is a strike like any other. */
	play(NULL, START, "e2e4 forfeit:black:stalled", "1-0", "stalled-loss");
	play("illegal.lose_on=2;illegal.penalty_s=60", START, "e2e4 illegal:black", "*",
	     "illegal-move-penalty");
	play("illegal.lose_on=2", START, "e2e4 illegal:black e7e5 illegal:white d2d4 illegal:black",
	     "1-0", "illegal-move-loss");
	arb_game *g = game_of(NULL, START);
	ck_assert_int_eq(arb_game_tokens(g, "e2e4 illegal:white", &err), ARB_E_EVENT);
	ck_assert(strstr(err.message, "not on move"));
	arb_game_free(g);
}
END_TEST

/* A token log written as PGN and read back (the queen placed after an
 * unfinished promotion and the written move of a failed claim are moves of
 * the movetext, not repeated). */
START_TEST(test_token_log_round_trip)
{
	static const char *const logs[][3] = {
		{"illegal.promotion=queen;illegal.penalty_s=60", "8/4P1k1/8/8/8/8/r7/4K3 w - - 0 1",
		 "nopromo:white:e7e8 g7h6 e8e7 clock:30:40 flagdown:white"},
		{NULL, "8/8/2k5/8/4p3/8/3K4/4R3 w - - 99 120",
		 "claim:fifty:white@e1e4 c6c5 offer:white"},
		{NULL, START, "e2e4 illegal:black:e7e4 e7e5 g1f3 resign:black"},
	};
	for (size_t i = 0; i < sizeof logs / sizeof logs[0]; i++) {
		arb_game *g = game_of(logs[i][0], logs[i][1]);
		arb_error err;
		ck_assert_msg(arb_game_tokens(g, logs[i][2], &err) == ARB_OK, "%s", err.message);
		arb_record *rec = arb_record_new();
		static char out[8192];
		out[0] = '\0';
		ck_assert_int_eq(arb_game_to_record(g, rec), ARB_OK);
		ck_assert_int_eq(arb_pgn_write(rec, write_str, out), ARB_OK);
		arb_game *again[1];
		ck_assert_int_eq(each_game(out, logs[i][0], again, 1), 1);
		same_decisions(g, again[0]);
		arb_game_free(again[0]);
		arb_record_free(rec);
		arb_game_free(g);
	}
}
END_TEST

/* ------------------------------------------------------------------------
 * Later rulings (each against its article; see also the R rows of
 * data/scenarios.tsv)
 * ---------------------------------------------------------------------- */

/* A dead position ends the game before a flag fall or an illegal-move loss
 * is looked at (FIDE 5.2.2 in 6.9/7.5.5; US 14D before 14E and blitz 7c),
 * under every test but the material-only one. */
START_TEST(test_dead_before_flag)
{
	const char *bb = "8/8/8/4k3/8/4B3/8/2B1K3 b - - 0 1"; /* bishops on one colour */
	const char *ob = "8/8/8/4k3/8/5B2/8/2B1K3 b - - 0 1"; /* on both colours */
	const char *wall = "8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/3K4/8 b - - 0 1";
	static const char *const tests[] = {"uscf-14e", "uscf-blitz", "fide", "none"};
	char kv[128];
	for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
		snprintf(kv, sizeof kv, "time.flag_test=%s;draw.dead=uscf", tests[i]);
		play(kv, bb, "flag:black", "1/2-1/2", "insufficient-material");
		play(kv, wall, "flag:black", "1/2-1/2", "dead-position");
		snprintf(kv, sizeof kv, "time.flag_test=%s", tests[i]);
		play(kv, wall, "flag:black", "1/2-1/2", "dead-position");
		snprintf(kv, sizeof kv, "illegal.lose_on=1;illegal.cannot_mate=%s", tests[i]);
		play(kv, bb, "illegal:black:e5d4", "1/2-1/2", "dead-position");
	}
	/* Not dead: the tests decide as before. */
	play("time.flag_test=uscf-blitz", ob, "flag:black", "1-0", "time-forfeit");
	play("time.flag_test=uscf-14e", ob, "flag:black", "1-0", "time-forfeit");
	play("illegal.lose_on=1;illegal.cannot_mate=uscf-blitz", ob, "illegal:black:e5e4", "1-0",
	     "illegal-move-loss");
	/* A penalty (no loss) is not an ending: the dead position is not looked at. */
	play(NULL, wall, "illegal:black:e7e5", "*", "illegal-move-penalty");
	/* Material-only (lichess): the wall is not seen, the material test decides. */
	play("time.flag_test=lichess;draw.dead=material", wall, "flag:black", "1-0",
	     "time-forfeit");
}
END_TEST

/* Quickplay claims: on move or not (time.qpf_on_move), US 14H1 only in a
 * sudden-death control. */
START_TEST(test_quickplay_conditions)
{
	const char *off = "4k3/r7/8/8/8/8/7R/4K3 b - - 0 1"; /* White claims, Black to move */
	const char *on = "4k3/r7/8/8/8/8/7R/4K3 w - - 0 1";
	const char *kv97 = "time.qpf=fide-10.2;time.qpf_announced=true;time.qpf_on_move=false";
	play(kv97, off, "clock:90:600 claim:qpf:white ruling:draw", "1/2-1/2", "qpf-draw");
	play("time.qpf=fide-10.2;time.qpf_announced=true", off, "clock:90:600 claim:qpf:white", "*",
	     "qpf-invalid");
	play("time.qpf=fide-10.2;time.qpf_announced=true", on,
	     "clock:90:600 claim:qpf:white ruling:draw", "1/2-1/2", "qpf-draw");
	/* US variation 14H: not in the first of two controls, not off move. */
	arb_rules us =
		rules_of("time.qpf=uscf-14h;time.qpf_announced=true;time.qpf_limit_ms=120000");
	arb_position *p = arb_position_new();
	arb_time_control tc;
	arb_game_result r;
	ck_assert_int_eq(arb_tc_parse("40/90;SD/30;d0", &tc, NULL), ARB_OK);
	ck_assert_int_eq(arb_position_set_fen(p, on, 0, NULL), ARB_OK);
	arb_game *g = arb_game_new(&us, p, &tc);
	ck_assert_int_eq(arb_game_tokens(g, "clock:90:600 claim:qpf:white", NULL), ARB_OK);
	arb_game_result_get(g, &r);
	ck_assert_str_eq(r.reason, "qpf-unavailable");
	ck_assert(strstr(r.detail, "sudden-death") != NULL);
	arb_game_free(g);
	/* G/90 with no delay: on move only. */
	ck_assert_int_eq(arb_tc_parse("G/90;d0", &tc, NULL), ARB_OK);
	for (int side = 0; side < 2; side++) {
		ck_assert_int_eq(arb_position_set_fen(p, side ? off : on, 0, NULL), ARB_OK);
		g = arb_game_new(&us, p, &tc);
		ck_assert_int_eq(
			arb_game_tokens(g, "clock:90:600 claim:qpf:white ruling:draw", NULL),
			ARB_OK);
		arb_game_result_get(g, &r);
		ck_assert_str_eq(r.reason, side ? "qpf-invalid" : "qpf-draw");
		arb_game_free(g);
	}
	arb_position_free(p);
}
END_TEST

/* An intended move that is illegal: an incorrect claim with the penalty,
 * the claim an offer, nothing played; the claimant then moves. */
START_TEST(test_claim_illegal_intended_move)
{
	const char *rep = "e2e4 e7e5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";
	char tokens[256];
	snprintf(tokens, sizeof tokens, "%s claim:threefold:black@f6f4", rep);
	arb_game *g = game_of(NULL, START);
	arb_game_result r;
	ck_assert_int_eq(arb_game_tokens(g, tokens, NULL), ARB_OK);
	arb_game_result_get(g, &r);
	ck_assert_str_eq(r.reason, "threefold-claim-rejected");
	ck_assert(strstr(r.detail, "f6f4 is illegal") != NULL);
	ck_assert(has_effect(&r, "+120s:white"));
	ck_assert_int_eq(arb_game_ply_count(g), 9); /* nothing played */
	ck_assert_int_eq(arb_game_tokens(g, "b8c6", NULL), ARB_OK);
	ck_assert_int_eq(arb_game_ply_count(g), 10);
	arb_game_free(g);
	/* Accepted before the claimant moves: the claim was an offer. */
	snprintf(tokens, sizeof tokens, "%s claim:threefold:black@f6f4 accept:white", rep);
	play(NULL, START, tokens, "1/2-1/2", "agreement");
	/* Fifty moves. */
	const arb_game_result *res =
		play(NULL, "8/8/2k5/8/8/8/3K4/4R3 w - - 97 120", "claim:fifty:white@e1f2 e1e2", "*",
		     "fifty-claim-rejected");
	ck_assert(has_effect(res, "+120s:black") && !has_effect(res, "move-played:e1f2"));
	/* Not on move comes first. */
	res = play(NULL, START, "e2e4 claim:threefold:white@a1a5", "*", "threefold-claim-rejected");
	ck_assert_int_eq(res->neffects, 0);
}
END_TEST

/* Touch-move on the move replacing an illegal move (4.3, 4.4/4.7). */
static void refused(const char *kv, const char *fen, const char *tokens, const char *why)
{
	arb_game *g = game_of(kv, fen);
	arb_error err;
	ck_assert_msg(arb_game_tokens(g, tokens, &err) == ARB_E_EVENT, "%s accepted", tokens);
	ck_assert_msg(strstr(err.message, why) != NULL, "%s: %s", tokens, err.message);
	arb_game_free(g);
}

START_TEST(test_touch_move_after_illegal)
{
	const char *kv = "articles.touch_move=7.5.1 -> 4.3.1;articles.touch_castle=7.5.1 -> 4.7.2";
	refused(kv, START, "illegal:white:e2e5 d2d4", "rules 7.5.1 -> 4.3.1");
	refused(kv, START, "illegal:white:e2e5 d2d4", "piece touched on e2");
	play(kv, START, "illegal:white:e2e5 e2e4", "*", "illegal-move-penalty");
	/* The rule can be switched off (a profile for an experiment). */
	play("illegal.touch_move=false", START, "illegal:white:e2e5 d2d4", "*",
	     "illegal-move-penalty");
	/* Black too; the constraint ends with the replacement move. */
	play(kv, START, "e2e4 illegal:black:g8g6 g8f6 d2d4 b8c6", "*", "illegal-move-penalty");
	/* Castling attempt: a king move, or castling the other way. */
	const char *cas = "r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1";
	play(kv, cas, "illegal:white:e1g1 e1c1", "*", "illegal-move-penalty");
	play(kv, cas, "illegal:white:e1g1 e1f2", "*", "illegal-move-penalty");
	refused(kv, cas, "illegal:white:e1g1 h1h2", "rules 7.5.1 -> 4.7.2");
	/* A king that cannot move: any move (4.4.3, 4.5). */
	play(kv, "4k3/8/8/8/8/8/3PPP2/3QKBNR w K - 0 1", "illegal:white:e1g1 h1h8", "*",
	     "illegal-move-penalty");
	/* The touched piece cannot move: any move (4.5). */
	play(kv, "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", "illegal:white:e2e4 e1d1", "*",
	     "illegal-move-penalty");
	/* A capture attempt by a piece that cannot move: the touched opponent's
	 * piece must be taken if it can be (4.3.3). The bishop b1 is boxed in by
	 * the pawns a2 and c2; b1xe4 is illegal; the rook d4 can take e4. */
	const char *cap = "4k3/8/8/8/3Rp3/8/P1P5/1B2K3 w - - 0 1";
	play(kv, cap, "illegal:white:b1e4 d4e4", "*", "illegal-move-penalty");
	refused(kv, cap, "illegal:white:b1e4 d4d5", "must be captured");
	/* An illegal "move" from an empty square touched nothing. */
	play(kv, START, "illegal:white:e3e4 d2d4", "*", "illegal-move-penalty");
	/* A claim's written move replaces the illegal move too: bound alike. */
	refused(kv, START, "illegal:white:e2e5 claim:fifty:white@g1f3", "rules 7.5.1 -> 4.3.1");
	play(kv, START, "illegal:white:e2e5 claim:fifty:white@e2e4", "*", "fifty-claim-rejected");
}
END_TEST

/* Both players late: whose clock ran, and how much each loses. */
START_TEST(test_both_late)
{
	const arb_game_result *r;
	const char *fide = "time.default_s=1800;articles.both_late=6.7.2";
	r = play(fide, START, "late:white:600 late:black:900", "*", "both-late");
	ck_assert(has_effect(r, "-600s:white") && has_effect(r, "-300s:black"));
	ck_assert_int_eq(r->neffects, 2);
	r = play(fide, START, "late:black:600 late:white:900", "*", "both-late");
	ck_assert(has_effect(r, "-600s:black") && has_effect(r, "+600s:black") &&
		  has_effect(r, "-900s:white"));
	const char *us = "time.default_s=3600;time.both_late=split";
	r = play(us, START, "late:white:600 late:black:900", "*", "both-late");
	ck_assert(has_effect(r, "-600s:white") && has_effect(r, "+300s:white") &&
		  has_effect(r, "-600s:black"));
	/* Only one late. */
	r = play(fide, START, "late:black:900", "*", "late-time-lost");
	ck_assert(has_effect(r, "-900s:black") && r->neffects == 1);
	/* The clocks as known: a 90-minute control, both late under US 16K. */
	arb_game *g = game_of("time.default_s=3600;time.both_late=split;time.tc=G/90", START);
	ck_assert_int_eq(arb_game_tokens(g, "late:black:600 late:white:900", NULL), ARB_OK);
	ck_assert_int_eq(arb_game_time(g, ARB_BLACK), 5400000 - 300000);
	ck_assert_int_eq(arb_game_time(g, ARB_WHITE), 5400000 - 600000);
	arb_game_free(g);
	/* Out of order, twice: refused. */
	refused(fide, START, "late:black:900 late:white:600", "order of arrival");
	refused(fide, START, "late:black:900 late:black:950", "already known");
	/* The second one past the default time loses. */
	play(fide, START, "late:white:600 late:black:2000", "1-0", "default-loss");
}
END_TEST

/* Guidelines III.3.1 only where they apply; elsewhere the arbiter decides. */
START_TEST(test_both_flags_guidelines)
{
	const char *base = "time.both_flags=guidelines-iii;time.clock=analog;"
			   "articles.both_flags=III.3.1;articles.td=12.1";
	char kv[256];
	const arb_game_result *r;
	snprintf(kv, sizeof kv, "%s;time.qpf_announced=true;time.tc=G/90", base);
	r = play(kv, START, "e2e4 e7e5 flag:both", "1/2-1/2", "both-flags-draw");
	ck_assert_str_eq(r->article, "rules III.3.1");
	snprintf(kv, sizeof kv, "%s;time.qpf_announced=true;time.tc=40/90, SD/30", base);
	play(kv, START, "e2e4 e7e5 flag:both", "*", "both-flags-continue");
	snprintf(kv, sizeof kv, "%s;time.tc=G/90", base);
	r = play(kv, START, "e2e4 e7e5 flag:both", "*", "both-flags-arbiter");
	ck_assert_str_eq(r->article, "rules 12.1");
	ck_assert(strstr(r->detail, "III.2.1") != NULL);
	snprintf(kv, sizeof kv, "%s;time.qpf_announced=true;time.tc=5400+30", base);
	r = play(kv, START, "e2e4 e7e5 flag:both", "*", "both-flags-arbiter");
	ck_assert(strstr(r->detail, "increment") != NULL);
	snprintf(kv, sizeof kv, "%s;time.qpf_announced=true;speed=blitz", base);
	r = play(kv, START, "e2e4 e7e5 flag:both", "*", "both-flags-arbiter");
	ck_assert(strstr(r->detail, "blitz") != NULL);
	/* The arbiter rules a draw; or play goes on. */
	snprintf(kv, sizeof kv, "%s;speed=blitz", base);
	play(kv, START, "e2e4 e7e5 flag:both ruling:draw", "1/2-1/2", "td-draw");
	play(kv, START, "e2e4 e7e5 flag:both g1f3", "*", "both-flags-arbiter");
}
END_TEST

/* ------------------------------------------------------------------------
 * Reason codes (engine/rules/reasons.c)
 * ---------------------------------------------------------------------- */

static int names_reason(void *ud, const struct arb_game *g, const struct arb_decision *end,
			arb_hook_out *out, char *err, size_t n)
{
	(void)end, (void)err, (void)n;
	if (arb_game_ply_count(g) == 2) {
		out->set = 1;
		strcpy(out->result, (const char *)ud);
		strcpy(out->reason, "time-forfeit");
	}
	return 0;
}

START_TEST(test_reason_codes)
{
	/* One name per code, all different; none for NONE and out of range. */
	ck_assert_str_eq(arb_reason_name(ARB_REASON_NONE), "");
	ck_assert_str_eq(arb_reason_name(ARB_REASON_COUNT), "");
	ck_assert_str_eq(arb_reason_name((arb_reason)-1), "");
	for (int i = 1; i < ARB_REASON_COUNT; i++) {
		ck_assert_msg(arb_reason_name((arb_reason)i)[0] != '\0', "code %d", i);
		for (int j = 1; j < i; j++)
			ck_assert_str_ne(arb_reason_name((arb_reason)i),
					 arb_reason_name((arb_reason)j));
	}
	/* Every decision's code names its reason. */
	static const struct {
		const char *kv, *fen, *tokens;
	} games[] = {
		{NULL, START, "e2e4 e7e5 offer:white g1f3 accept:white claim:threefold:black"},
		{"illegal.lose_on=2", START,
		 "illegal:white:e2e5 e2e4 illegal:black:e7e4 flag:both"},
		{"score.draw=black-wins", "4k3/pppp4/8/8/8/8/8/4K3 b - - 0 1", "flag:black"},
		{NULL, START, "clock:600:600 late:white:10 e2e4 forfeit:black:stalled"},
	};
	for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
		arb_game *g = game_of(games[k].kv, games[k].fen);
		arb_error err;
		arb_game_result res;
		ck_assert_msg(arb_game_tokens(g, games[k].tokens, &err) == ARB_OK, "%s",
			      err.message);
		ck_assert_int_gt(arb_game_decision_count(g), 0);
		for (int i = 0; i < arb_game_decision_count(g); i++) {
			const arb_decision *d = arb_game_decision(g, i);
			ck_assert_str_eq(arb_reason_name((arb_reason)d->code), d->reason);
		}
		arb_game_result_get(g, &res);
		ck_assert_str_eq(arb_reason_name((arb_reason)res.code), res.reason);
		arb_game_free(g);
	}
	/* A draw scored as Black's win keeps a time ending's Termination and
	 * none other (a stalemate, an illegal move against a lone king). */
	const char *odds = "score.draw=black-wins;score.draw_odds_on_time_draw=true";
	const arb_game_result *r = play(odds, "4k3/pppp4/8/8/8/8/8/4K3 b - - 0 1", "flag:black",
					"0-1", "armageddon-draw-odds");
	ck_assert_int_eq(r->code, ARB_REASON_ARMAGEDDON_DRAW_ODDS);
	ck_assert_str_eq(r->termination, "time forfeit");
	r = play(odds, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f7", "0-1", "armageddon-draw-odds");
	ck_assert_str_eq(r->termination, "normal");
	r = play("score.draw=black-wins;illegal.lose_on=1", "4k3/pppp4/8/8/8/8/8/4K3 b - - 0 1",
		 "illegal:black:e8e1", "0-1", "armageddon-draw-odds");
	ck_assert_str_eq(r->termination, "normal");
	r = play("score.draw=black-wins", "4k3/pppp4/8/8/8/8/8/4K3 b - - 0 1", "flag:black", "1-0",
		 "armageddon-time-loss");
	ck_assert_str_eq(r->termination, "time forfeit");
	ck_assert_str_eq(r->trf[0], "1");

	/* A hook's own reason is CUSTOM with its text; a hook naming a reason
	 * of the table gets its code, and its Termination. */
	arb_rules rules;
	arb_game_result res;
	arb_error err;
	arb_rules_init(&rules);
	rules.on_move = ends_at_move_3;
	arb_game *g = arb_game_new(&rules, NULL, NULL);
	ck_assert_int_eq(arb_game_tokens(g, "e2e4 e7e5 g1f3 b8c6 f1c4", &err), ARB_OK);
	arb_game_result_get(g, &res);
	ck_assert_int_eq(res.code, ARB_REASON_CUSTOM);
	ck_assert_str_eq(res.reason, "house-win");
	ck_assert_str_eq(res.termination, "normal");
	arb_game_free(g);
	rules.on_move = names_reason;
	rules.hook_data = (void *)"0-1";
	g = arb_game_new(&rules, NULL, NULL);
	ck_assert_int_eq(arb_game_tokens(g, "e2e4 e7e5", &err), ARB_OK);
	arb_game_result_get(g, &res);
	ck_assert_int_eq(res.code, ARB_REASON_TIME_FORFEIT);
	ck_assert_str_eq(res.termination, "time forfeit");
	ck_assert_str_eq(res.trf[1], "1");
	arb_game_free(g);
	/* A result that is none of the four is the hook's error. */
	rules.hook_data = (void *)"2-0";
	g = arb_game_new(&rules, NULL, NULL);
	ck_assert_int_eq(arb_game_tokens(g, "e2e4 e7e5", &err), ARB_E_PROFILE);
	ck_assert(strstr(err.message, "'2-0'"));
	ck_assert(!arb_game_over(g));
	arb_game_free(g);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("game");
	TCase *t = tcase_create("all");
	tcase_set_timeout(t, 120);
	tcase_add_test(t, test_tokens_round_trip);
	tcase_add_test(t, test_tokens_bad);
	tcase_add_test(t, test_refused_events_change_nothing);
	tcase_add_test(t, test_mate_and_after_the_end);
	tcase_add_test(t, test_claims);
	tcase_add_test(t, test_illegal_moves);
	tcase_add_test(t, test_flags);
	tcase_add_test(t, test_agreement_and_lateness);
	tcase_add_test(t, test_automatic_endings);
	tcase_add_test(t, test_move_counts);
	tcase_add_test(t, test_repetition_counts);
	tcase_add_test(t, test_count_values);
	tcase_add_test(t, test_game_occurrences);
	tcase_add_test(t, test_quickplay);
	tcase_add_test(t, test_chess960_castling_note);
	tcase_add_test(t, test_hooks);
	tcase_add_test(t, test_rules_fields);
	tcase_add_test(t, test_pgn_commands);
	tcase_add_test(t, test_termination_tags);
	tcase_add_test(t, test_forfeit_tokens);
	tcase_add_test(t, test_write_inferred);
	tcase_add_test(t, test_token_log_round_trip);
	tcase_add_test(t, test_dead_before_flag);
	tcase_add_test(t, test_quickplay_conditions);
	tcase_add_test(t, test_claim_illegal_intended_move);
	tcase_add_test(t, test_touch_move_after_illegal);
	tcase_add_test(t, test_both_late);
	tcase_add_test(t, test_both_flags_guidelines);
	tcase_add_test(t, test_reason_codes);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
