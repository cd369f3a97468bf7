/*
 * test_match.c -- matches with play-offs and knockout brackets
 * (engine/pairing/match.c), on hand-worked examples.
 *
 * The schedule of most examples is the World Cup's shape: a match of 2
 * standard games, then 2 rapid, 2 blitz and an Armageddon W300-B240 (FIDE
 * C.07 Art. 3). Each example is a script of games, "WC" a game whose White
 * is player W with White's TRF code C, "LW" the lot giving W White, and the
 * state worked out by hand after it: status, winner, stage, games played,
 * the stage's score in half points, and the next game (stage game number,
 * White, Black). Bad schedules are refused with their column; bad records
 * with their reason. Brackets: the place order of the standard seeding,
 * byes to the top seeds, winners advancing, bad records refused.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

#define WORLD_CUP                                                                      \
	"2 games fide2023-standard 5400+30",                                           \
		"2 games fide2023-rapid 900+10; 2 games fide2023-blitz 300+2; 1 game " \
		"armageddon W300-B240"

static arb_match_schedule schedule(const char *match, const char *playoff)
{
	arb_match_schedule s;
	arb_error err;
	memset(&s, 0, sizeof s);
	ck_assert_msg(arb_match_schedule_add(&s, match, &err) == ARB_OK, "%s: %s", match,
		      err.message);
	if (playoff)
		ck_assert_msg(arb_match_schedule_add(&s, playoff, &err) == ARB_OK, "%s: %s",
			      playoff, err.message);
	return s;
}

START_TEST(schedule_parsed)
{
	arb_match_schedule s = schedule(WORLD_CUP);
	ck_assert_int_eq(s.nstages, 4);
	ck_assert_int_eq(s.stage[0].games, 2);
	ck_assert_str_eq(s.stage[0].profile, "fide2023-standard");
	ck_assert_str_eq(s.stage[0].tc, "5400+30");
	ck_assert_int_eq(s.stage[0].draw_odds | s.stage[0].sudden_death, 0);
	ck_assert_int_eq(s.stage[0].colours, ARB_MATCH_ALTERNATE);
	ck_assert_str_eq(s.stage[2].profile, "fide2023-blitz");
	ck_assert_str_eq(s.stage[2].tc, "300+2");
	/* Armageddon: draw odds, sudden death, colours by lot, unequal clocks */
	ck_assert_int_eq(s.stage[3].games, 1);
	ck_assert_str_eq(s.stage[3].tc, "W300-B240");
	ck_assert_int_eq(s.stage[3].draw_odds, 1);
	ck_assert_int_eq(s.stage[3].sudden_death, 1);
	ck_assert_int_eq(s.stage[3].colours, ARB_MATCH_BY_LOT);
	char buf[1024];
	size_t n = arb_match_schedule_format(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "2 games fide2023-rapid 900+10; 2 games fide2023-blitz 300+2; "
			      "1 game armageddon W300-B240 draw-odds sudden-death white=lot");
	ck_assert_uint_eq(n, strlen(buf));
	/* the text reads back to the same stages */
	arb_match_schedule t = schedule("2 games fide2023-standard 5400+30", buf);
	ck_assert_int_eq(memcmp(&s, &t, sizeof s), 0);
	/* a cut buffer: the full length, the text cut */
	ck_assert_uint_eq(arb_match_schedule_format(&s, 0, buf, 8), n + strlen("; ") + 33);
	ck_assert_str_eq(buf, "2 games");
	/* options in braces and quotes, blanks inside; white=alternate wins */
	s = schedule("1 game armageddon{base=fide2018-blitz, regulation=\"WC 2023 3.7; b\"} "
		     "300=240 white=alternate",
		     "3 games fide2023-blitz 180+2 sudden-death; 1 game fide2023-blitz 60 "
		     "draw-odds white=lot");
	ck_assert_int_eq(s.nstages, 3);
	ck_assert_str_eq(s.stage[0].profile,
			 "armageddon{base=fide2018-blitz, regulation=\"WC 2023 3.7; b\"}");
	ck_assert_int_eq(s.stage[0].colours, ARB_MATCH_ALTERNATE);
	ck_assert_int_eq(s.stage[0].draw_odds, 1);
	ck_assert_int_eq(s.stage[1].sudden_death, 1);
	ck_assert_int_eq(s.stage[1].draw_odds, 0);
	ck_assert_int_eq(s.stage[2].draw_odds, 1);
	ck_assert_int_eq(s.stage[2].sudden_death, 0);
	ck_assert_int_eq(s.stage[2].colours, ARB_MATCH_BY_LOT);
	arb_match_schedule_format(&s, 0, buf, sizeof buf);
	t = schedule(buf, NULL);
	ck_assert_int_eq(memcmp(&s, &t, sizeof s), 0);
	ck_assert_uint_eq(arb_match_schedule_format(&s, 3, buf, sizeof buf), 0);
	ck_assert_uint_eq(arb_match_schedule_format(NULL, 0, buf, sizeof buf), 0);
}
END_TEST

/* Bad schedules: the text, the column and a word of the reason. */
static const struct {
	const char *text;
	int column;
	const char *why;
} bad_schedules[] = {
	{"", 1, "an empty stage"},
	{"   ", 1, "an empty stage"},
	{"2 games fide2023-rapid 900+10;", 31, "an empty stage"},
	{"2 games fide2023-rapid 900+10; ; 1 game armageddon 300", 31, "an empty stage"},
	{"0 games fide2023-rapid 900+10", 1, "number of games (1 to 99)"},
	{"100 games fide2023-rapid 900+10", 1, "number of games"},
	{"two games fide2023-rapid 900+10", 1, "not 'two'"},
	{"2x games fide2023-rapid 900+10", 1, "not '2x'"},
	{"2 gams fide2023-rapid 900+10", 3, "expected 'games'"},
	{"2", 2, "expected 'games'"},
	{"2 games", 8, "rule profile"},
	{"2 games fide2023-rapid", 23, "time control"},
	{"2 games fide2023-rapid 900+x", 28, "time control '900+x'"},
	{"2 games fide2023-rapid ?", 24, "known time control"},
	{"2 games fide2023-rapid 900+10 white=red", 31, "'white=red' is not"},
	{"2 games fide2023-rapid 900+10 white=lot white=alternate", 41, "given once"},
	{"2 games fide2023-rapid 900+10 draw-odds sudden-death white=lot x y", 64,
	 "too many words"},
	{"2 games {x} 900+10", 9, "NAME or NAME{OPTIONS}"},
	{"2 games fide{x}y 900+10", 13, "NAME or NAME{OPTIONS}"},
	{"2 games fide/2023 900+10", 13, "NAME or NAME{OPTIONS}"},
	{"1 game armageddon{base=x W300-B240", 18, "NAME or NAME{OPTIONS}"},
	{"1 game a; 1 game b 60", 9, "time control after a"},
	{"1 game a 60;1 game a 60;1 game a 60;1 game a 60;1 game a 60;1 game a 60;"
	 "1 game a 60;1 game a 60;1 game a 60",
	 97, "more than 8 stages"},
};

START_TEST(schedule_refused)
{
	for (size_t i = 0; i < sizeof bad_schedules / sizeof bad_schedules[0]; i++) {
		arb_match_schedule s;
		arb_error err;
		memset(&s, 0, sizeof s);
		arb_status st = arb_match_schedule_add(&s, bad_schedules[i].text, &err);
		ck_assert_msg(st == ARB_E_PAIRING, "'%s' accepted", bad_schedules[i].text);
		ck_assert_msg(err.column == bad_schedules[i].column, "'%s': column %d, not %d (%s)",
			      bad_schedules[i].text, err.column, bad_schedules[i].column,
			      err.message);
		ck_assert_msg(strstr(err.message, bad_schedules[i].why), "'%s': %s",
			      bad_schedules[i].text, err.message);
		char col[32];
		snprintf(col, sizeof col, "column %d:", bad_schedules[i].column);
		ck_assert_msg(strstr(err.message, col), "'%s': %s", bad_schedules[i].text,
			      err.message);
		ck_assert_int_eq(s.nstages, 0); /* unchanged */
	}
	/* the stages of a second text count too; nothing appended on error */
	arb_match_schedule s = schedule("1 game a 60; 1 game a 60; 1 game a 60; 1 game a 60", NULL);
	arb_error err;
	ck_assert_int_eq(arb_match_schedule_add(&s,
						"1 game b 60; 1 game b 60; 1 game b 60; "
						"1 game b 60; 1 game b 60",
						&err),
			 ARB_E_PAIRING);
	ck_assert_int_eq(err.column, 53);
	ck_assert_int_eq(s.nstages, 4);
	ck_assert_int_eq(arb_match_schedule_add(NULL, "1 game a 60", &err), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_match_schedule_add(&s, NULL, NULL), ARB_E_ARGUMENT);
}
END_TEST

/* A hand-worked match: the schedule, a script, the state after it. */
typedef struct example {
	const char *name, *match, *playoff;
	const char *script; /* "WC" a game (White W, White's code C), "LW" a lot */
	arb_match_status status;
	int winner, stage, games, score_a, score_b;
	int game, white, black; /* the next game when playing */
} example;

static const example examples[] = {
	/* level in every stage: 1-1, 1-1 (each won with White), 1-1 (two
	 * draws); Armageddon, White by lot to 2, drawn: Black (1) wins */
	{"every stage", WORLD_CUP, "1= 2= 11 21 1= 2= L2 2=", ARB_MATCH_WON, 1, 3, 7, 2, 0, 0, 0,
	 0},
	/* the same, the Armageddon won by White */
	{"armageddon white wins", WORLD_CUP, "1= 2= 11 21 1= 2= L2 21", ARB_MATCH_WON, 2, 3, 7, 0,
	 2, 0, 0, 0},
	/* ... lost on forfeit by White */
	{"armageddon forfeit", WORLD_CUP, "1= 2= 11 21 1= 2= L1 1-", ARB_MATCH_WON, 2, 3, 7, 0, 2,
	 0, 0, 0},
	/* before the lot: the colours of the Armageddon are not known */
	{"armageddon to draw", WORLD_CUP, "1= 2= 11 21 1= 2=", ARB_MATCH_PLAYING, 0, 3, 6, 0, 0, 1,
	 0, 0},
	/* the lot drawn: White known before the game */
	{"armageddon drawn lot", WORLD_CUP, "1= 2= 11 21 1= 2= L2", ARB_MATCH_PLAYING, 0, 3, 6, 0,
	 0, 1, 2, 1},
	/* the match won 1.5-0.5: no play-off */
	{"match won", WORLD_CUP, "11 2=", ARB_MATCH_WON, 1, 0, 2, 3, 1, 0, 0, 0},
	/* 2-0 in the rapid games: decided there, blitz and Armageddon unplayed */
	{"rapid 2-0", WORLD_CUP, "1= 2= 10 21", ARB_MATCH_WON, 2, 1, 4, 0, 4, 0, 0, 0},
	/* after one rapid game 1-0 the second is still to play (2 can level) */
	{"rapid 1-0", WORLD_CUP, "1= 2= 11", ARB_MATCH_PLAYING, 0, 1, 3, 2, 0, 2, 2, 1},
	/* the first game: player 1 White */
	{"start", WORLD_CUP, "", ARB_MATCH_PLAYING, 0, 0, 0, 0, 0, 1, 1, 2},
	/* into the play-off: colours go on alternating (1 had Black last) */
	{"play-off colours", WORLD_CUP, "1= 2=", ARB_MATCH_PLAYING, 0, 1, 2, 0, 0, 1, 1, 2},
	{"play-off colours 2", WORLD_CUP, "1= 2= 1=", ARB_MATCH_PLAYING, 0, 1, 3, 1, 1, 2, 2, 1},
	/* a match of 4 decided early: 2.5-0.5 after 3 (game 4 not played) */
	{"early 2.5-0.5", "4 games fide2023-standard 5400+30", NULL, "11 2= 11", ARB_MATCH_WON, 1,
	 0, 3, 5, 1, 0, 0, 0},
	/* 3-0 after 3 of 4 */
	{"early 3-0", "4 games fide2023-standard 5400+30", NULL, "10 21 10", ARB_MATCH_WON, 2, 0, 3,
	 0, 6, 0, 0, 0},
	/* 2-1 after 3 of 4: not decided (2 can level in game 4) */
	{"2-1 open", "4 games fide2023-standard 5400+30", NULL, "11 21 11", ARB_MATCH_PLAYING, 0, 0,
	 3, 4, 2, 4, 2, 1},
	/* no play-off announced: a level match is drawn */
	{"drawn", "2 games fide2023-standard 5400+30", NULL, "11 21", ARB_MATCH_DRAWN, 0, 0, 2, 2,
	 2, 0, 0, 0},
	/* forfeits score as wins */
	{"forfeit", "2 games fide2023-standard 5400+30", NULL, "1+ 2-", ARB_MATCH_WON, 1, 0, 2, 4,
	 0, 0, 0, 0},
	/* sudden death: the first decisive game (game 3) ends it */
	{"sudden death", "2 games fide2023-rapid 900+10",
	 "3 games fide2023-blitz 180+2 sudden-death", "1= 2= 1= 2= 10", ARB_MATCH_WON, 2, 1, 5, 2,
	 4, 0, 0, 0},
	/* ... three draws: on to the Armageddon, still to be drawn by lot */
	{"sudden death level", "2 games fide2023-rapid 900+10",
	 "3 games fide2023-blitz 180+2 sudden-death; 1 game armageddon 300=240",
	 "1= 2= 1= 2= 1=", ARB_MATCH_PLAYING, 0, 2, 5, 0, 0, 1, 0, 0},
	/* an Armageddon with white=alternate: White is 2 (1 had White last) */
	{"armageddon alternate", "1 game fide2023-rapid 900+10",
	 "1 game armageddon W300-B240 white=alternate", "1= 2=", ARB_MATCH_WON, 1, 1, 2, 2, 0, 0, 0,
	 0},
	/* draw odds in a normal stage of two games: each draw a Black win */
	{"draw odds stage", "1 game x 60", "2 games x 60 draw-odds", "1= 2= 1=", ARB_MATCH_DRAWN, 0,
	 1, 3, 2, 2, 0, 0, 0},
};

static void run_script(arb_match *m, const char *script, const char *name)
{
	for (const char *p = script; *p; p++) {
		if (*p == ' ')
			continue;
		arb_error err;
		if (*p == 'L') {
			ck_assert_msg(arb_match_set_white(m, p[1] - '0', &err) == ARB_OK, "%s: %s",
				      name, err.message);
		} else {
			ck_assert_msg(arb_match_record(m, p[0] - '0', p[1], &err) == ARB_OK,
				      "%s at '%s': %s", name, p, err.message);
		}
		p++;
	}
}

START_TEST(matches)
{
	for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
		const example *e = &examples[i];
		arb_match_schedule s = schedule(e->match, e->playoff);
		arb_match *m = NULL;
		ck_assert_int_eq(arb_match_new(&s, 1, 2, &m), ARB_OK);
		run_script(m, e->script, e->name);
		arb_match_state st;
		ck_assert_int_eq(arb_match_get(m, &st), ARB_OK);
		ck_assert_msg(st.status == e->status, "%s: status %d", e->name, st.status);
		ck_assert_msg(st.winner == e->winner, "%s: winner %d", e->name, st.winner);
		ck_assert_msg(st.loser == (e->winner ? 3 - e->winner : 0), "%s: loser", e->name);
		ck_assert_msg(st.stage == e->stage, "%s: stage %d", e->name, st.stage);
		ck_assert_msg(st.games == e->games, "%s: games %d", e->name, st.games);
		ck_assert_msg(st.score[0] == e->score_a && st.score[1] == e->score_b,
			      "%s: score %d-%d", e->name, st.score[0], st.score[1]);
		ck_assert_msg(st.game == e->game && st.white == e->white && st.black == e->black,
			      "%s: next game %d, %d-%d", e->name, st.game, st.white, st.black);
		/* a decided match takes no game */
		arb_error err;
		if (st.status != ARB_MATCH_PLAYING) {
			ck_assert_int_eq(arb_match_record(m, 1, '1', &err), ARB_E_PAIRING);
			ck_assert_msg(strstr(err.message, "the match is over"), "%s", err.message);
			ck_assert_int_eq(arb_match_set_white(m, 1, &err), ARB_E_PAIRING);
		}
		arb_match_free(m);
	}
}
END_TEST

START_TEST(match_games)
{
	arb_match_schedule s = schedule(WORLD_CUP);
	arb_match *m = NULL;
	ck_assert_int_eq(arb_match_new(&s, 7, 3, &m), ARB_OK);
	ck_assert_str_eq(arb_match_schedule_of(m)->stage[3].tc, "W300-B240");
	arb_error err;
	ck_assert_int_eq(arb_match_record(m, 7, '=', &err), ARB_OK);
	ck_assert_int_eq(arb_match_record(m, 3, '=', &err), ARB_OK);
	ck_assert_int_eq(arb_match_record(m, 7, '1', &err), ARB_OK);
	ck_assert_int_eq(arb_match_record(m, 3, '1', &err), ARB_OK);
	ck_assert_int_eq(arb_match_record(m, 7, '=', &err), ARB_OK);
	ck_assert_int_eq(arb_match_record(m, 3, '=', &err), ARB_OK);
	ck_assert_int_eq(arb_match_record(m, 3, '=', &err), ARB_OK); /* the lot by the game */
	static const arb_match_game want[] = {
		{0, 1, 7, 3, '=', {1, 1}}, {0, 2, 3, 7, '=', {1, 1}}, {1, 1, 7, 3, '1', {2, 0}},
		{1, 2, 3, 7, '1', {2, 0}}, {2, 1, 7, 3, '=', {1, 1}}, {2, 2, 3, 7, '=', {1, 1}},
		{3, 1, 3, 7, '=', {0, 2}},
	};
	for (int i = 0; i < 7; i++) {
		arb_match_game g;
		ck_assert_int_eq(arb_match_game_get(m, i, &g), ARB_OK);
		ck_assert_msg(memcmp(&g, &want[i], sizeof g) == 0, "game %d", i + 1);
	}
	arb_match_game g;
	ck_assert_int_eq(arb_match_game_get(m, 7, &g), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_match_game_get(m, -1, &g), ARB_E_ARGUMENT);
	arb_match_state st;
	arb_match_get(m, &st);
	ck_assert_int_eq(st.winner, 7);
	arb_match_free(m);
}
END_TEST

START_TEST(match_refusals)
{
	arb_match_schedule s = schedule(WORLD_CUP), empty;
	arb_match *m = NULL;
	arb_error err;
	memset(&empty, 0, sizeof empty);
	ck_assert_int_eq(arb_match_new(&empty, 1, 2, &m), ARB_E_ARGUMENT);
	ck_assert_ptr_null(m);
	ck_assert_int_eq(arb_match_new(&s, 1, 1, &m), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_match_new(&s, 0, 2, &m), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_match_new(NULL, 1, 2, &m), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_match_new(&s, 1, 2, NULL), ARB_E_ARGUMENT);
	arb_match_schedule broken = s;
	broken.stage[1].games = 0;
	ck_assert_int_eq(arb_match_new(&broken, 1, 2, &m), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_match_new(&s, 1, 2, &m), ARB_OK);
	/* White out of turn, a stranger, a bad code, a lot where none is */
	ck_assert_int_eq(arb_match_record(m, 2, '1', &err), ARB_E_PAIRING);
	ck_assert_msg(strstr(err.message, "1 has White by the alternation, not 2"), "%s",
		      err.message);
	ck_assert_int_eq(arb_match_record(m, 5, '1', &err), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_match_record(m, 1, 'x', &err), ARB_E_PAIRING);
	ck_assert_msg(strstr(err.message, "'x' is not a result"), "%s", err.message);
	ck_assert_int_eq(arb_match_record(m, 1, 'W', &err), ARB_E_PAIRING);
	ck_assert_int_eq(arb_match_set_white(m, 1, &err), ARB_E_PAIRING);
	ck_assert_msg(strstr(err.message, "not drawn by lot"), "%s", err.message);
	ck_assert_int_eq(arb_match_set_white(m, 9, &err), ARB_E_ARGUMENT);
	arb_match_state st;
	arb_match_get(m, &st);
	ck_assert_int_eq(st.games, 0); /* nothing recorded */
	run_script(m, "1= 2= 11 21 1= 2= L1", "lot");
	/* the lot gave 1 White: 2 cannot take it */
	ck_assert_int_eq(arb_match_record(m, 2, '=', &err), ARB_E_PAIRING);
	ck_assert_msg(strstr(err.message, "1 has White by the lot, not 2"), "%s", err.message);
	/* the lot drawn again (a mistake corrected) */
	ck_assert_int_eq(arb_match_set_white(m, 2, &err), ARB_OK);
	ck_assert_int_eq(arb_match_record(m, 2, '=', &err), ARB_OK);
	arb_match_get(m, &st);
	ck_assert_int_eq(st.winner, 1);
	ck_assert_int_eq(arb_match_record(NULL, 1, '1', &err), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_match_get(NULL, &st), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_match_get(m, NULL), ARB_E_ARGUMENT);
	ck_assert_ptr_null(arb_match_schedule_of(NULL));
	arb_match_free(m);
	arb_match_free(NULL);
}
END_TEST

/* ---- knockouts ---------------------------------------------------------- */

static void round_is(const arb_knockout *k, int r, const char *want)
{
	char got[512] = "";
	size_t n = 0;
	for (int i = 0; i < arb_knockout_matches(k, r); i++) {
		arb_knockout_match m;
		ck_assert_int_eq(arb_knockout_match_get(k, r, i, &m), ARB_OK);
		n += (size_t)snprintf(got + n, sizeof got - n, "%s%d-%d%s", i ? " " : "", m.a, m.b,
				      m.bye ? "bye" : "");
	}
	ck_assert_msg(strcmp(got, want) == 0, "round %d: '%s', not '%s'", r, got, want);
}

START_TEST(brackets)
{
	int ids[16];
	for (int i = 0; i < 16; i++)
		ids[i] = i + 1;
	arb_knockout *k = NULL;
	/* 16: the standard order, 1 and 2 in opposite halves */
	ck_assert_int_eq(arb_knockout_new(ids, 16, &k), ARB_OK);
	ck_assert_int_eq(arb_knockout_rounds(k), 4);
	round_is(k, 1, "1-16 8-9 4-13 5-12 2-15 7-10 3-14 6-11");
	round_is(k, 2, "0-0 0-0 0-0 0-0");
	ck_assert_int_eq(arb_knockout_matches(k, 4), 1);
	ck_assert_int_eq(arb_knockout_matches(k, 5), 0);
	arb_knockout_free(k);
	/* 8 */
	ck_assert_int_eq(arb_knockout_new(ids, 8, &k), ARB_OK);
	round_is(k, 1, "1-8 4-5 2-7 3-6");
	arb_knockout_free(k);
	/* 5: byes to seeds 1, 2 and 3 (their opponents 8, 7, 6 do not exist) */
	ck_assert_int_eq(arb_knockout_new(ids, 5, &k), ARB_OK);
	ck_assert_int_eq(arb_knockout_rounds(k), 3);
	round_is(k, 1, "1-0bye 4-5 2-0bye 3-0bye");
	round_is(k, 2, "1-0 2-3");
	ck_assert_int_eq(arb_knockout_current_round(k), 1);
	arb_error err;
	ck_assert_int_eq(arb_knockout_set_winner(k, 1, 0, 1, &err), ARB_OK); /* the bye: ok */
	ck_assert_int_eq(arb_knockout_set_winner(k, 1, 0, 8, &err), ARB_E_PAIRING);
	ck_assert_int_eq(arb_knockout_set_winner(k, 1, 1, 5, &err), ARB_OK);
	round_is(k, 2, "1-5 2-3");
	ck_assert_int_eq(arb_knockout_current_round(k), 2);
	ck_assert_int_eq(arb_knockout_set_winner(k, 2, 1, 3, &err), ARB_OK);
	ck_assert_int_eq(arb_knockout_set_winner(k, 2, 0, 5, &err), ARB_OK);
	round_is(k, 3, "5-3");
	arb_knockout_match m;
	arb_knockout_match_get(k, 3, 0, &m);
	ck_assert_int_eq(m.seed_a, 5);
	ck_assert_int_eq(m.seed_b, 3);
	ck_assert_int_eq(arb_knockout_winner(k), 0);
	ck_assert_int_eq(arb_knockout_set_winner(k, 3, 0, 3, &err), ARB_OK);
	ck_assert_int_eq(arb_knockout_winner(k), 3);
	ck_assert_int_eq(arb_knockout_current_round(k), 4);
	arb_knockout_free(k);
	/* 2: the final only; 3: seed 1's bye */
	ck_assert_int_eq(arb_knockout_new(ids, 2, &k), ARB_OK);
	ck_assert_int_eq(arb_knockout_rounds(k), 1);
	round_is(k, 1, "1-2");
	arb_knockout_free(k);
	ck_assert_int_eq(arb_knockout_new(ids, 3, &k), ARB_OK);
	round_is(k, 1, "1-0bye 2-3");
	arb_knockout_free(k);
}
END_TEST

START_TEST(bracket_ids_and_refusals)
{
	int ids[] = {40, 12, 7, 93}, dup[] = {4, 5, 4}, zero[] = {1, 0};
	arb_knockout *k = NULL;
	arb_error err;
	ck_assert_int_eq(arb_knockout_new(ids, 1, &k), ARB_E_ARGUMENT);
	ck_assert_ptr_null(k);
	ck_assert_int_eq(arb_knockout_new(dup, 3, &k), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_knockout_new(zero, 2, &k), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_knockout_new(NULL, 2, &k), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_knockout_new(ids, ARB_KNOCKOUT_MAX_PLAYERS + 1, &k), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_knockout_new(ids, 4, NULL), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_knockout_new(ids, 4, &k), ARB_OK);
	round_is(k, 1, "40-93 12-7");
	/* the final's players are not known yet */
	ck_assert_int_eq(arb_knockout_set_winner(k, 2, 0, 40, &err), ARB_E_PAIRING);
	ck_assert_msg(strstr(err.message, "not known yet"), "%s", err.message);
	ck_assert_int_eq(arb_knockout_set_winner(k, 1, 0, 12, &err), ARB_E_PAIRING);
	ck_assert_msg(strstr(err.message, "12 is not one of its players (40, 93)"), "%s",
		      err.message);
	ck_assert_int_eq(arb_knockout_set_winner(k, 1, 2, 12, &err), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_knockout_set_winner(k, 0, 0, 12, &err), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_knockout_set_winner(k, 1, 0, 93, &err), ARB_OK);
	ck_assert_int_eq(arb_knockout_set_winner(k, 1, 0, 93, &err), ARB_OK); /* the same */
	ck_assert_int_eq(arb_knockout_set_winner(k, 1, 0, 40, &err), ARB_E_PAIRING);
	ck_assert_msg(strstr(err.message, "93 has won it already"), "%s", err.message);
	ck_assert_int_eq(arb_knockout_set_winner(k, 1, 1, 12, &err), ARB_OK);
	round_is(k, 2, "93-12");
	arb_knockout_match m;
	ck_assert_int_eq(arb_knockout_match_get(k, 2, 0, &m), ARB_OK);
	ck_assert_int_eq(m.seed_a, 4);
	ck_assert_int_eq(m.seed_b, 2);
	ck_assert_int_eq(arb_knockout_match_get(k, 2, 1, &m), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_knockout_match_get(k, 3, 0, &m), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_knockout_match_get(NULL, 1, 0, &m), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_knockout_rounds(NULL), 0);
	ck_assert_int_eq(arb_knockout_winner(NULL), 0);
	ck_assert_int_eq(arb_knockout_current_round(NULL), 0);
	arb_knockout_free(k);
	arb_knockout_free(NULL);
	/* the largest field: 4096 in 12 rounds, seed 1 v 4096 */
	int *many = malloc(sizeof *many * ARB_KNOCKOUT_MAX_PLAYERS);
	for (int i = 0; i < ARB_KNOCKOUT_MAX_PLAYERS; i++)
		many[i] = i + 1;
	ck_assert_int_eq(arb_knockout_new(many, ARB_KNOCKOUT_MAX_PLAYERS, &k), ARB_OK);
	ck_assert_int_eq(arb_knockout_rounds(k), 12);
	ck_assert_int_eq(arb_knockout_match_get(k, 1, 0, &m), ARB_OK);
	ck_assert_int_eq(m.b, 4096);
	/* seeds 1 and 2 in opposite halves: 2 is the first of the lower half */
	ck_assert_int_eq(arb_knockout_match_get(k, 1, 1024, &m), ARB_OK);
	ck_assert_int_eq(m.a, 2);
	arb_knockout_free(k);
	free(many);
}
END_TEST

static Suite *match_suite(void)
{
	Suite *s = suite_create("match");
	TCase *tc = tcase_create("schedules");
	tcase_add_test(tc, schedule_parsed);
	tcase_add_test(tc, schedule_refused);
	suite_add_tcase(s, tc);
	tc = tcase_create("matches");
	tcase_add_test(tc, matches);
	tcase_add_test(tc, match_games);
	tcase_add_test(tc, match_refusals);
	suite_add_tcase(s, tc);
	tc = tcase_create("knockouts");
	tcase_add_test(tc, brackets);
	tcase_add_test(tc, bracket_ids_and_refusals);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(match_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
