/*
 * test_engine.c -- the match layer's process handling and game loop
 * (arb_engine_*, arb_play_game) with the scripted fake engine
 * (tests/tools/fake_uci.lua, run by the arbiter program: ARB_TEST_ARBITER
 * and ARB_TEST_FAKE, set by CMake).
 *
 * - the handshake: the id name, the options offered, alive; a program that
 *   does not exist, one that exits at "uci", one that never answers "uciok"
 *   or "readyok" within its timeout: ARB_E_ENGINE with what happened;
 * - games: a clean one (the record's moves and [%clk], re-adjudicated to
 *   the same result), a crash (abandoned), a hang on the clock (time
 *   forfeit) and without one (stalled), garbage lines, an illegal move and
 *   the searchmoves of touch-move, an engine missing (NULL), one engine on
 *   both sides, a flag against a bare king (a draw), Chess960 (played; and
 *   refused to an engine that offers no UCI_Chess960), no clock and no
 *   limit (refused);
 * - no descriptor and no child left after any of it.
 * Each case runs under valgrind in CI (the engines are not traced).
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "arbiter.h"

#ifndef ARB_TEST_ARBITER
#error "ARB_TEST_ARBITER: the arbiter program (CMake sets it)"
#endif
#ifndef ARB_TEST_FAKE
#error "ARB_TEST_FAKE: tests/tools/fake_uci.lua (CMake sets it)"
#endif

/* A spec for the fake engine with up to 8 arguments of its own. */
static arb_engine_spec fake(const char *name, const char *a1, const char *a2)
{
	arb_engine_spec s;

	memset(&s, 0, sizeof s);
	s.name = name;
	s.cmd = ARB_TEST_ARBITER;
	s.args[s.nargs++] = "run";
	s.args[s.nargs++] = ARB_TEST_FAKE;
	if (a1)
		s.args[s.nargs++] = a1;
	if (a2)
		s.args[s.nargs++] = a2;
	s.start_timeout_ms = 10000;
	return s;
}

static arb_engine *open_fake(const char *name, const char *a1, const char *a2)
{
	arb_engine_spec s = fake(name, a1, a2);
	arb_error err;
	arb_engine *e = arb_engine_open(&s, &err);

	ck_assert_msg(e != NULL, "%s", err.message);
	return e;
}

static int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	if (!d)
		return -1;
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

/* No child of this process is left (running or a zombie). */
static void no_children(void)
{
	int status;

	ck_assert_int_eq(waitpid(-1, &status, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
}

static void play(arb_play_spec *spec, arb_engine *w, arb_engine *b, arb_game_result *res,
		 arb_play_report *rep, arb_record *rec)
{
	arb_game *g = NULL;
	arb_error err;
	arb_status st = arb_play_game(spec, w, b, &g, rec, rep, &err);

	ck_assert_msg(st == ARB_OK, "%s", err.message);
	ck_assert_ptr_nonnull(g);
	ck_assert(arb_game_over(g));
	arb_game_result_get(g, res);
	arb_game_free(g);
}

static arb_time_control control(const char *text)
{
	arb_time_control tc;

	ck_assert_int_eq(arb_tc_parse(text, &tc, NULL), ARB_OK);
	return tc;
}

START_TEST(handshake)
{
	int fds = open_fds();
	arb_engine *e = open_fake(NULL, "name=Fakey", NULL);

	ck_assert_str_eq(arb_engine_name(e), "Fakey");
	ck_assert(arb_engine_alive(e));
	ck_assert(arb_engine_has_option(e, "uci_chess960"));
	ck_assert(arb_engine_has_option(e, "Hash"));
	ck_assert(!arb_engine_has_option(e, "Ponder"));
	arb_engine_close(e, 1000);
	e = open_fake("mine", "noid", NULL);
	ck_assert_str_eq(arb_engine_name(e), "mine");
	arb_engine_close(e, 1000);
	arb_engine_close(NULL, 0);
	ck_assert_int_eq(open_fds(), fds);
	no_children();
}
END_TEST

START_TEST(bad_starts)
{
	static const struct {
		const char *arg, *message;
	} cases[] = {
		{"crash=uci", "exited before answering 'uci'"},
		{"hang=uci", "did not answer 'uci' within 300 ms"},
		{"hang=ready", "did not answer 'isready' within 300 ms"},
		{"slowstart=2000", "did not answer 'uci' within 300 ms"},
	};
	int fds = open_fds();
	arb_error err;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		arb_engine_spec s = fake(NULL, cases[i].arg, NULL);
		s.start_timeout_ms = 300;
		ck_assert_ptr_null(arb_engine_open(&s, &err));
		ck_assert_int_eq(err.code, ARB_E_ENGINE);
		ck_assert_msg(strstr(err.message, cases[i].message), "%s: %s", cases[i].arg,
			      err.message);
	}
	arb_engine_spec s = fake(NULL, NULL, NULL);
	s.cmd = "/nonexistent/engine";
	s.nargs = 0;
	ck_assert_ptr_null(arb_engine_open(&s, &err));
	ck_assert(strstr(err.message, "cannot run '/nonexistent/engine'"));
	s.cmd = ARB_TEST_ARBITER;
	s.dir = "/nonexistent/dir";
	ck_assert_ptr_null(arb_engine_open(&s, &err));
	ck_assert(strstr(err.message, "cannot run"));
	ck_assert_int_eq(open_fds(), fds);
	no_children();
}
END_TEST

START_TEST(clean_game)
{
	arb_engine *a = open_fake("a", "play=capture", "seed=1");
	arb_engine *b = open_fake("b", "play=capture", "seed=2");
	arb_record *rec = arb_record_new();
	arb_time_control tc = control("60+1");
	arb_play_spec spec;
	arb_play_report rep;
	arb_game_result res;
	arb_error err;

	memset(&spec, 0, sizeof spec);
	spec.tc = &tc;
	play(&spec, a, b, &res, &rep, rec);
	ck_assert_int_gt(rep.plies, 0);
	ck_assert_int_eq(arb_record_ply_count(rec), rep.plies);
	ck_assert_str_eq(arb_record_tag(rec, "Result"), res.result);
	/* every move has its clock: at most the start time plus increments */
	for (int i = 0; i < rep.plies; i++) {
		long clk =
			arb_record_node_clock(rec, arb_record_mainline_node(rec, i), ARB_CMD_CLK);
		ck_assert_int_ge(clk, 0);
		ck_assert_int_le(clk, 60000 + 1000 * (i / 2 + 1));
	}
	ck_assert_int_eq(rep.overhead_count, rep.plies - 1);
	/* the record read back under the same (default) rules: the same result */
	arb_game *again = arb_game_from_record(rec, NULL, &err);
	ck_assert_ptr_nonnull(again);
	arb_game_result r2;
	arb_game_result_get(again, &r2);
	ck_assert_str_eq(r2.result, res.result);
	ck_assert_str_eq(r2.reason, res.reason);
	arb_game_free(again);
	/* one engine on both sides */
	play(&spec, a, a, &res, &rep, rec);
	ck_assert_int_gt(rep.plies, 0);
	arb_record_free(rec);
	arb_engine_close(a, 1000);
	arb_engine_close(b, 1000);
	no_children();
}
END_TEST

START_TEST(failures)
{
	arb_record *rec = arb_record_new();
	arb_time_control tc = control("1+0");
	arb_play_spec spec;
	arb_play_report rep;
	arb_game_result res;
	int fds = open_fds();

	memset(&spec, 0, sizeof spec);
	spec.tc = &tc;
	spec.flag_grace_ms = 200;
	/* a crash at its second go: abandoned */
	arb_engine *bad = open_fake("bad", "crash=2", NULL), *good = open_fake("good", NULL, NULL);
	play(&spec, bad, good, &res, &rep, rec);
	ck_assert_str_eq(res.result, "0-1");
	ck_assert_str_eq(res.termination, "abandoned");
	ck_assert_int_eq(rep.crashed[ARB_WHITE], 1);
	ck_assert(!arb_engine_alive(bad));
	ck_assert_int_eq(rep.plies, 2);
	arb_engine_close(bad, 1000);
	/* a hang on the clock: the flag */
	bad = open_fake("bad", "hang=2", NULL);
	play(&spec, bad, good, &res, &rep, rec);
	ck_assert_str_eq(res.result, "0-1");
	ck_assert_str_eq(res.termination, "time forfeit");
	ck_assert_int_eq(rep.flagged[ARB_WHITE], 1);
	ck_assert(!arb_engine_alive(bad)); /* it ignored stop too */
	arb_engine_close(bad, 1000);
	/* a hang without a clock: stalled */
	spec.tc = NULL;
	spec.stall_ms = 300;
	spec.limits[0].nodes = spec.limits[1].nodes = 1;
	bad = open_fake("bad", "hang=2", NULL);
	play(&spec, good, bad, &res, &rep, rec);
	ck_assert_str_eq(res.result, "1-0");
	ck_assert_str_eq(res.reason, "stalled-loss");
	ck_assert_int_eq(rep.stalled[ARB_BLACK], 1);
	arb_engine_close(bad, 1000);
	/* garbage lines: ignored */
	bad = open_fake("bad", "garbage=all", "play=capture");
	play(&spec, bad, good, &res, &rep, rec);
	ck_assert_int_eq(rep.illegal[ARB_WHITE], 0);
	ck_assert(strcmp(res.termination, "normal") == 0 ||
		  strcmp(res.termination, "adjudication") == 0);
	arb_engine_close(bad, 1000);
	/* an engine missing: its loss before the first move */
	play(&spec, NULL, good, &res, &rep, rec);
	ck_assert_str_eq(res.result, "0-1");
	ck_assert_str_eq(res.termination, "abandoned");
	ck_assert_int_eq(rep.plies, 0);
	arb_engine_close(good, 1000);
	arb_record_free(rec);
	ck_assert_int_eq(open_fds(), fds);
	no_children();
}
END_TEST

START_TEST(illegal_and_flags)
{
	arb_record *rec = arb_record_new();
	arb_time_control tc = control("60+0");
	arb_play_spec spec;
	arb_play_report rep;
	arb_game_result res;
	arb_rules rules;
	arb_position *pos = arb_position_new();

	arb_rules_init(&rules);
	memset(&spec, 0, sizeof spec);
	spec.tc = &tc;
	spec.rules = &rules;
	spec.max_moves = 20;
	/* the default rules: an illegal move is reinstated, the game goes on,
	 * and the replacement obeys touch-move (searchmoves) */
	arb_engine *bad = open_fake("bad", "illegal=3", NULL),
		   *good = open_fake("good", NULL, NULL);
	play(&spec, bad, good, &res, &rep, rec);
	ck_assert_int_eq(rep.illegal[ARB_WHITE], 1);
	ck_assert_int_gt(rep.plies, 6);
	arb_engine_close(bad, 1000);
	/* a flag against a bare king: a draw */
	ck_assert_int_eq(arb_position_set_fen(pos, "7k/8/8/8/8/8/8/KQ6 w - - 0 1", 0, NULL),
			 ARB_OK);
	tc = control("0.5+0");
	spec.start = pos;
	spec.flag_grace_ms = 100;
	bad = open_fake("slow", "sleep=1:1000", NULL);
	play(&spec, bad, good, &res, &rep, rec);
	ck_assert_str_eq(res.result, "1/2-1/2");
	ck_assert_str_eq(res.termination, "time forfeit");
	ck_assert_int_eq(rep.flagged[ARB_WHITE], 1);
	arb_engine_close(bad, 1000);
	/* Chess960: played by an engine that offers UCI_Chess960, refused to one
	 * that does not */
	arb_game *g = NULL;
	arb_error err;
	ck_assert_int_eq(arb_chess960_position(pos, 0, 0), ARB_OK);
	tc = control("60+0");
	play(&spec, good, good, &res, &rep, rec);
	ck_assert(arb_position_is_chess960(arb_record_start(rec)));
	ck_assert_int_gt(rep.plies, 0);
	bad = open_fake("no960", "no960", NULL);
	ck_assert_int_eq(arb_play_game(&spec, bad, good, &g, rec, &rep, &err), ARB_E_ENGINE);
	ck_assert(strstr(err.message, "does not offer UCI_Chess960"));
	ck_assert_ptr_null(g);
	arb_engine_close(bad, 1000);
	/* no limit and no clock: refused before any move */
	spec.tc = NULL;
	ck_assert_int_eq(arb_play_game(&spec, good, good, &g, rec, &rep, &err), ARB_E_ENGINE);
	ck_assert(strstr(err.message, "no time control and no limit"));
	ck_assert_ptr_null(g);
	arb_engine_close(good, 1000);
	arb_position_free(pos);
	arb_record_free(rec);
	no_children();
}
END_TEST

static Suite *engine_suite(void)
{
	Suite *s = suite_create("engine");
	TCase *tc = tcase_create("handshake");
	tcase_add_test(tc, handshake);
	tcase_add_test(tc, bad_starts);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	tc = tcase_create("games");
	tcase_add_test(tc, clean_game);
	tcase_add_test(tc, failures);
	tcase_add_test(tc, illegal_and_flags);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(engine_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
