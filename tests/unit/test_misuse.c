/*
 * test_misuse.c -- the misuse convention of arbiter.h ("Misuse"): every
 * checked public function called with a NULL object or an argument out of
 * its range. In a release build (NDEBUG) each call returns the answer its
 * contract documents and changes nothing; in a debug build each call
 * aborts, after the report "arbiter: misuse: FILE:LINE: FUNCTION: COND" on
 * stderr (the case runs in a child process whose stderr is read back, so an
 * abort for any other reason, a sanitizer's report included, fails it).
 * What the contracts allow (a NULL err, free(NULL), squares and indexes out
 * of range with a documented answer) is tested too: it must never abort.
 */
#include <check.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arbiter.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define E2E4 ARB_MAKE_MOVE(12, 28, ARB_MOVE_NORMAL, 0)
#define BAD_COLOR ((arb_color)2)
#define E_ARG ARB_E_ARGUMENT

/* The objects the cases misuse, made afresh for each test. */
static struct {
	arb_position *pos;
	uint64_t key; /* pos's key: a misused call must leave it */
	arb_record *rec;
	arb_epd *epd;
	arb_history *hist;
	arb_time_control tc;
	arb_clock *clk;
	arb_rules rules, bad_rules;
	arb_game *game;
	arb_svg *svg;
	arb_pgn_reader *reader;
	arb_rng rng;
	arb_error err;
	arb_event ev;
	arb_game_result res;
	arb_ending_limits limits;
	arb_pgn_text text_null;
	arb_undo undo;
	arb_analysis analysis;
	arb_ending ending;
	arb_move moves[ARB_MAX_MOVES];
	arb_castling castling;
	char buf[256];
	int n, w, b, ok;
	arb_record *got;
	arb_pgn_text text;
	/* the tournament layers: two players of a round robin, round 1 paired
	 * (not applied), standings under fide2026 */
	arb_tournament *tour, *tour_out;
	arb_tournament_info info;
	arb_tournament_player player;
	arb_tournament_cell cell;
	arb_regulation reg;
	arb_tiebreak tbs[4];
	arb_standings *st, *st_out;
	arb_pairing *pair, *pair_out;
	int differs;
	arb_board board, boards[4];
} fx;

static int discard(void *ctx, const char *data, size_t n)
{
	(void)ctx;
	(void)data;
	(void)n;
	return 0;
}

static size_t no_bytes(void *ctx, char *buf, size_t n)
{
	(void)ctx;
	(void)buf;
	(void)n;
	return 0;
}

static void setup(void)
{
	memset(&fx, 0, sizeof fx);
	fx.pos = arb_position_new();
	ck_assert_ptr_nonnull(fx.pos);
	fx.key = arb_position_key(fx.pos);
	fx.rec = arb_record_new();
	fx.epd = arb_epd_new();
	fx.hist = arb_history_new(fx.pos);
	ck_assert_int_eq(arb_tc_parse("300+2", &fx.tc, NULL), ARB_OK);
	fx.clk = arb_clock_new(&fx.tc, ARB_PERIOD_BY_MOVES);
	arb_rules_init(&fx.rules);
	fx.bad_rules = fx.rules;
	fx.bad_rules.threefold_count = 0; /* below its range: fails arb_rules_check */
	fx.game = arb_game_new(&fx.rules, NULL, NULL);
	fx.svg = arb_svg_new(1, NULL, discard, NULL);
	fx.reader = arb_pgn_reader_new(no_bytes, NULL, "misuse", 0);
	arb_rng_seed(&fx.rng, 1);
	fx.limits = (arb_ending_limits){3, 5, 50, 75};
	ck_assert(fx.rec && fx.epd && fx.hist && fx.clk && fx.game && fx.svg && fx.reader);
	fx.tour = arb_tournament_new();
	ck_assert_ptr_nonnull(fx.tour);
	ck_assert_int_eq(arb_tournament_get_info(fx.tour, &fx.info), ARB_OK);
	strcpy(fx.info.system, "FIDE_ROUNDROBIN");
	ck_assert_int_eq(arb_tournament_set_info(fx.tour, &fx.info), ARB_OK);
	strcpy(fx.player.name, "Player, A");
	ck_assert_int_eq(arb_tournament_add_player(fx.tour, &fx.player, NULL), ARB_OK);
	strcpy(fx.player.name, "Player, B");
	ck_assert_int_eq(arb_tournament_add_player(fx.tour, &fx.player, NULL), ARB_OK);
	ck_assert_int_eq(arb_tournament_pair(fx.tour, 0, 0, &fx.pair, NULL), ARB_OK);
	ck_assert_int_eq(arb_regulation_init(&fx.reg, "fide2026", NULL), ARB_OK);
	ck_assert_int_eq(arb_standings_compute(fx.tour, &fx.reg, NULL, 0, &fx.st, NULL), ARB_OK);
}

static void teardown(void)
{
	arb_pairing_free(fx.pair_out);
	arb_pairing_free(fx.pair);
	arb_standings_free(fx.st_out);
	arb_standings_free(fx.st);
	arb_tournament_free(fx.tour_out);
	arb_tournament_free(fx.tour);
	arb_pgn_reader_free(fx.reader);
	arb_svg_free(fx.svg);
	arb_game_free(fx.game);
	arb_clock_free(fx.clk);
	arb_history_free(fx.hist);
	arb_epd_free(fx.epd);
	arb_record_free(fx.rec);
	arb_position_free(fx.pos);
}

/* A void call that must change nothing on fx.pos. */
#define NOTHING(call) ((call), arb_position_key(fx.pos) == fx.key)
#define BUF fx.buf, sizeof fx.buf

#define PAIRS "1\n1 2\n" /* an engine's answer: one board */
#define TOUR_UNCHANGED (arb_tournament_rounds_played(fx.tour) == 0)

/* The tournament layers (engine/tournament, engine/pairing). */
/* The match layer's statistics: misuse leaves *out untouched (stats.c). */
static arb_match_score ms_s;
static arb_match_summary ms_out, ms_pattern;

static void ms_fixture(void)
{
	arb_match_score s = {5, 6, 7, {1, 2, 3, 4, 5}};
	ms_s = s;
	memset(&ms_pattern, 0x5a, sizeof ms_pattern);
	ms_out = ms_pattern;
}

static int ms_summarize(void)
{
	arb_match_summarize(&ms_s, &ms_out);
	return memcmp(&ms_out, &ms_pattern, sizeof ms_out) == 0;
}

static int ms_negative_draws(void)
{
	ms_fixture();
	ms_s.draws = -1;
	return ms_summarize();
}

static int ms_negative_pairs(void)
{
	ms_fixture();
	ms_s.penta[3] = -4;
	return ms_summarize();
}

static int ms_games_past_long(void)
{
	ms_fixture();
	ms_s.wins = LONG_MAX;
	return ms_summarize();
}

static int ms_pairs_past_long(void)
{
	ms_fixture();
	ms_s.penta[4] = LONG_MAX - 5;
	return ms_summarize();
}

static int ms_null_score(void)
{
	ms_fixture();
	arb_match_summarize(NULL, &ms_out);
	return memcmp(&ms_out, &ms_pattern, sizeof ms_out) == 0;
}

static int play_null_spec(void)
{
	arb_game *g;
	arb_record *rec = arb_record_new();
	arb_play_report rep;
	int ok = arb_play_game(NULL, NULL, NULL, &g, rec, &rep, NULL) == ARB_E_ARGUMENT;
	arb_record_free(rec);
	return ok;
}

static int engine_open_null_cmd(void)
{
	arb_engine_spec spec;
	memset(&spec, 0, sizeof spec);
	return arb_engine_open(&spec, NULL) == NULL;
}

/* engine/match/: games between engines, their statistics */
#define MATCH_CASES(X)                                                                          \
	X(match_summarize_s, "arb_match_summarize", ms_null_score())                            \
	X(match_summarize_out, "arb_match_summarize", (arb_match_summarize(&ms_s, NULL), 1))    \
	X(match_summarize_draws, "arb_match_summarize", ms_negative_draws())                    \
	X(match_summarize_penta, "arb_match_summarize", ms_negative_pairs())                    \
	X(match_summarize_games_long, "arb_match_summarize", ms_games_past_long())              \
	X(match_summarize_pairs_long, "arb_match_summarize", ms_pairs_past_long())              \
	X(match_score_pair, "arb_match_score_pair", arb_match_score_pair(NULL, 1, 1) == E_ARG)  \
	X(engine_open_spec, "arb_engine_open", arb_engine_open(NULL, NULL) == NULL)             \
	X(engine_open_cmd, "arb_engine_open", engine_open_null_cmd())                           \
	X(engine_name, "arb_engine_name", strcmp(arb_engine_name(NULL), "") == 0)               \
	X(engine_alive, "arb_engine_alive", arb_engine_alive(NULL) == 0)                        \
	X(engine_has_option, "arb_engine_has_option", arb_engine_has_option(NULL, "Hash") == 0) \
	X(play_game_spec, "arb_play_game", play_null_spec())

#define TOURNAMENT_CASES(X)                                                                        \
	/* tournament/trf.c */                                                                     \
	X(trf_read_text, "arb_trf_read",                                                           \
	  (fx.tour_out = fx.tour, arb_trf_read(NULL, 3, "x", 0, &fx.tour_out, &fx.err) == E_ARG && \
					  fx.tour_out == NULL && fx.err.code == E_ARG))            \
	X(trf_read_out, "arb_trf_read",                                                            \
	  arb_trf_read("", 0, "x", 0, NULL, &fx.err) == E_ARG &&                                   \
		  strstr(fx.err.message, "arb_trf_read: misuse: "))                                \
	X(trf_write_t, "arb_trf_write", arb_trf_write(NULL, 0, discard, NULL) == E_ARG)            \
	X(trf_write_fn, "arb_trf_write", arb_trf_write(fx.tour, 0, NULL, NULL) == E_ARG)           \
	/* tournament/tournament.c */                                                              \
	X(tour_problems, "arb_tournament_problems", arb_tournament_problems(NULL) == 0)            \
	X(tour_problem_t, "arb_tournament_problem",                                                \
	  arb_tournament_problem(NULL, 0, &fx.err) == E_ARG)                                       \
	X(tour_problem_i, "arb_tournament_problem",                                                \
	  arb_tournament_problem(fx.tour, 0, &fx.err) == E_ARG && fx.err.code == ARB_OK)           \
	X(tour_problem_neg, "arb_tournament_problem",                                              \
	  arb_tournament_problem(fx.tour, -1, NULL) == E_ARG)                                      \
	X(get_info_t, "arb_tournament_get_info", arb_tournament_get_info(NULL, &fx.info) == E_ARG) \
	X(get_info_out, "arb_tournament_get_info",                                                 \
	  arb_tournament_get_info(fx.tour, NULL) == E_ARG)                                         \
	X(set_info_t, "arb_tournament_set_info", arb_tournament_set_info(NULL, &fx.info) == E_ARG) \
	X(set_info_info, "arb_tournament_set_info",                                                \
	  arb_tournament_set_info(fx.tour, NULL) == E_ARG)                                         \
	X(player_count, "arb_tournament_player_count", arb_tournament_player_count(NULL) == 0)     \
	X(player_index, "arb_tournament_player_index", arb_tournament_player_index(NULL, 1) == -1) \
	X(accel_t, "arb_tournament_acceleration", arb_tournament_acceleration(NULL, 1, 1) == -1)   \
	X(accel_round, "arb_tournament_acceleration",                                              \
	  arb_tournament_acceleration(fx.tour, 1, 0) == -1)                                        \
	X(result_points, "arb_tournament_result_points",                                           \
	  arb_tournament_result_points(NULL, '1') == 0)                                            \
	X(get_player_t, "arb_tournament_get_player",                                               \
	  arb_tournament_get_player(NULL, 0, &fx.player) == E_ARG)                                 \
	X(get_player_out, "arb_tournament_get_player",                                             \
	  arb_tournament_get_player(fx.tour, 0, NULL) == E_ARG)                                    \
	X(get_player_i, "arb_tournament_get_player",                                               \
	  arb_tournament_get_player(fx.tour, 2, &fx.player) == E_ARG)                              \
	X(get_player_neg, "arb_tournament_get_player",                                             \
	  arb_tournament_get_player(fx.tour, -1, &fx.player) == E_ARG)                             \
	X(add_player_t, "arb_tournament_add_player",                                               \
	  arb_tournament_add_player(NULL, &fx.player, NULL) == E_ARG)                              \
	X(add_player_p, "arb_tournament_add_player",                                               \
	  arb_tournament_add_player(fx.tour, NULL, NULL) == E_ARG &&                               \
		  arb_tournament_player_count(fx.tour) == 2)                                       \
	X(set_player_t, "arb_tournament_set_player",                                               \
	  arb_tournament_set_player(NULL, 0, &fx.player) == E_ARG)                                 \
	X(set_player_p, "arb_tournament_set_player",                                               \
	  arb_tournament_set_player(fx.tour, 0, NULL) == E_ARG)                                    \
	X(set_player_i, "arb_tournament_set_player",                                               \
	  arb_tournament_set_player(fx.tour, 2, &fx.player) == E_ARG)                              \
	X(rounds_played, "arb_tournament_rounds_played", arb_tournament_rounds_played(NULL) == 0)  \
	X(get_cell_t, "arb_tournament_get_cell",                                                   \
	  arb_tournament_get_cell(NULL, 0, 1, &fx.cell) == E_ARG)                                  \
	X(get_cell_out, "arb_tournament_get_cell",                                                 \
	  arb_tournament_get_cell(fx.tour, 0, 1, NULL) == E_ARG)                                   \
	X(get_cell_i, "arb_tournament_get_cell",                                                   \
	  arb_tournament_get_cell(fx.tour, 2, 1, &fx.cell) == E_ARG)                               \
	X(get_cell_r0, "arb_tournament_get_cell",                                                  \
	  arb_tournament_get_cell(fx.tour, 0, 0, &fx.cell) == E_ARG)                               \
	X(get_cell_rmax, "arb_tournament_get_cell",                                                \
	  arb_tournament_get_cell(fx.tour, 0, ARB_TRF_ROUNDS_MAX + 1, &fx.cell) == E_ARG)          \
	X(set_game_t, "arb_tournament_set_game",                                                   \
	  arb_tournament_set_game(NULL, 1, 1, 2, '1', '0') == E_ARG)                               \
	X(set_game_r0, "arb_tournament_set_game",                                                  \
	  arb_tournament_set_game(fx.tour, 0, 1, 2, '1', '0') == E_ARG && TOUR_UNCHANGED)          \
	X(set_game_rmax, "arb_tournament_set_game",                                                \
	  arb_tournament_set_game(fx.tour, ARB_TRF_ROUNDS_MAX + 1, 1, 2, '1', '0') == E_ARG &&     \
		  TOUR_UNCHANGED)                                                                  \
	X(set_bye_t, "arb_tournament_set_bye", arb_tournament_set_bye(NULL, 1, 1, 'H') == E_ARG)   \
	X(set_bye_r0, "arb_tournament_set_bye",                                                    \
	  arb_tournament_set_bye(fx.tour, 0, 1, 'H') == E_ARG)                                     \
	X(set_bye_rmax, "arb_tournament_set_bye",                                                  \
	  arb_tournament_set_bye(fx.tour, ARB_TRF_ROUNDS_MAX + 1, 1, 'H') == E_ARG)                \
	X(note_t, "arb_tournament_note", arb_tournament_note(NULL, "chess960-seed") == NULL)       \
	X(note_key, "arb_tournament_note", arb_tournament_note(fx.tour, NULL) == NULL)             \
	X(set_note_t, "arb_tournament_set_note",                                                   \
	  arb_tournament_set_note(NULL, "chess960-seed", "7") == E_ARG)                            \
	X(set_note_key, "arb_tournament_set_note",                                                 \
	  arb_tournament_set_note(fx.tour, NULL, "7") == E_ARG)                                    \
	X(set_note_value, "arb_tournament_set_note",                                               \
	  arb_tournament_set_note(fx.tour, "chess960-seed", NULL) == E_ARG &&                      \
		  arb_tournament_note(fx.tour, "chess960-seed") == NULL)                           \
	/* tournament/regulation.c */                                                              \
	X(reg_init_reg, "arb_regulation_init",                                                     \
	  arb_regulation_init(NULL, "fide2024", &fx.err) == E_ARG && fx.err.code == E_ARG)         \
	X(reg_init_name, "arb_regulation_init", arb_regulation_init(&fx.reg, NULL, NULL) == E_ARG) \
	X(reg_defaults, "arb_regulation_defaults", (arb_regulation_defaults(NULL), 1))             \
	X(reg_set_reg, "arb_regulation_set",                                                       \
	  arb_regulation_set(NULL, "lots.draw", "true", &fx.err) == E_ARG &&                       \
		  strstr(fx.err.message, "arb_regulation_set: misuse: "))                          \
	X(reg_set_name, "arb_regulation_set",                                                      \
	  arb_regulation_set(&fx.reg, NULL, "true", NULL) == E_ARG)                                \
	X(reg_set_value, "arb_regulation_set",                                                     \
	  arb_regulation_set(&fx.reg, "lots.draw", NULL, NULL) == E_ARG && !fx.reg.lots)           \
	X(reg_get_reg, "arb_regulation_get", arb_regulation_get(NULL, "lots.draw", BUF) == -1)     \
	X(reg_get_name, "arb_regulation_get", arb_regulation_get(&fx.reg, NULL, BUF) == -1)        \
	X(reg_get_buf, "arb_regulation_get",                                                       \
	  arb_regulation_get(&fx.reg, "lots.draw", NULL, 8) == -1)                                 \
	X(reg_check, "arb_regulation_check", arb_regulation_check(NULL, &fx.err) == E_ARG)         \
	X(reg_byes_t, "arb_regulation_check_byes",                                                 \
	  arb_regulation_check_byes(NULL, &fx.reg, NULL) == -1)                                    \
	X(reg_byes_reg, "arb_regulation_check_byes",                                               \
	  arb_regulation_check_byes(fx.tour, NULL, &fx.err) == -1)                                 \
	/* tournament/tiebreak.c */                                                                \
	X(tb_parse_tb, "arb_tiebreak_parse", arb_tiebreak_parse(NULL, "BH", &fx.err) == E_ARG)     \
	X(tb_parse_text, "arb_tiebreak_parse", arb_tiebreak_parse(fx.tbs, NULL, NULL) == E_ARG)    \
	X(tb_list_text, "arb_tiebreak_parse_list",                                                 \
	  arb_tiebreak_parse_list(fx.tbs, 4, NULL, &fx.err) == -1 && fx.err.code == E_ARG)         \
	X(tb_list_cap, "arb_tiebreak_parse_list",                                                  \
	  arb_tiebreak_parse_list(fx.tbs, -1, "BH", &fx.err) == -1 &&                              \
		  strstr(fx.err.message, "arb_tiebreak_parse_list: misuse: "))                     \
	X(tb_list_tbs, "arb_tiebreak_parse_list",                                                  \
	  arb_tiebreak_parse_list(NULL, 4, "BH", NULL) == -1)                                      \
	X(standings_t, "arb_standings_compute",                                                    \
	  arb_standings_compute(NULL, &fx.reg, NULL, 0, &fx.st_out, &fx.err) == E_ARG &&           \
		  fx.err.code == E_ARG)                                                            \
	X(standings_reg, "arb_standings_compute",                                                  \
	  arb_standings_compute(fx.tour, NULL, NULL, 0, &fx.st_out, NULL) == E_ARG)                \
	X(standings_out, "arb_standings_compute",                                                  \
	  arb_standings_compute(fx.tour, &fx.reg, NULL, 0, NULL, NULL) == E_ARG)                   \
	X(standings_ntbs, "arb_standings_compute",                                                 \
	  arb_standings_compute(fx.tour, &fx.reg, fx.tbs, -1, &fx.st_out, NULL) == E_ARG &&        \
		  fx.st_out == NULL)                                                               \
	X(standings_tbs, "arb_standings_compute",                                                  \
	  arb_standings_compute(fx.tour, &fx.reg, NULL, 2, &fx.st_out, NULL) == E_ARG)             \
	X(standings_count, "arb_standings_count", arb_standings_count(NULL) == 0)                  \
	X(standings_ntb, "arb_standings_ntiebreaks", arb_standings_ntiebreaks(NULL) == 0)          \
	X(standings_tb_s, "arb_standings_tiebreak", arb_standings_tiebreak(NULL, 0) == NULL)       \
	X(standings_tb_k, "arb_standings_tiebreak", arb_standings_tiebreak(fx.st, 99) == NULL)     \
	X(standings_tb_neg, "arb_standings_tiebreak", arb_standings_tiebreak(fx.st, -1) == NULL)   \
	X(standings_row_s, "arb_standings_row", arb_standings_row(NULL, 0, NULL, NULL) == 0)       \
	X(standings_row_i, "arb_standings_row", arb_standings_row(fx.st, 2, NULL, NULL) == 0)      \
	X(standings_value_s, "arb_standings_value", arb_standings_value(NULL, 0, 0, NULL) == -1)   \
	X(standings_value_i, "arb_standings_value", arb_standings_value(fx.st, 2, 0, NULL) == -1)  \
	X(standings_value_k, "arb_standings_value", arb_standings_value(fx.st, 0, 99, NULL) == -1) \
	X(standings_excluded_s, "arb_standings_excluded", arb_standings_excluded(NULL, 0) == -1)   \
	X(standings_excluded_i, "arb_standings_excluded", arb_standings_excluded(fx.st, 2) == -1)  \
	X(standings_by_lot_s, "arb_standings_by_lot", arb_standings_by_lot(NULL, 0) == -1)         \
	X(standings_by_lot_i, "arb_standings_by_lot", arb_standings_by_lot(fx.st, -1) == -1)       \
	/* pairing/berger.c, pairing.c */                                                          \
	X(berger_boards, "arb_berger_round", arb_berger_round(4, 1, 1, 0, NULL, 2) == -1)          \
	X(berger_nboards, "arb_berger_round", arb_berger_round(4, 1, 1, 0, fx.boards, -1) == -1)   \
	X(pair_t, "arb_tournament_pair",                                                           \
	  arb_tournament_pair(NULL, 0, 0, &fx.pair_out, &fx.err) == E_ARG && fx.err.code == E_ARG) \
	X(pair_out, "arb_tournament_pair",                                                         \
	  arb_tournament_pair(fx.tour, 0, 0, NULL, NULL) == E_ARG)                                 \
	X(pair_round_neg, "arb_tournament_pair",                                                   \
	  arb_tournament_pair(fx.tour, -1, 0, &fx.pair_out, NULL) == E_ARG && fx.pair_out == NULL) \
	X(pair_round_max, "arb_tournament_pair",                                                   \
	  arb_tournament_pair(fx.tour, ARB_TRF_ROUNDS_MAX + 1, 0, &fx.pair_out, NULL) == E_ARG)    \
	X(explain_t, "arb_pairing_explain",                                                        \
	  arb_pairing_explain(NULL, 0, 0, 1, discard, NULL, &fx.err) == E_ARG &&                   \
		  fx.err.code == E_ARG)                                                            \
	X(explain_fn, "arb_pairing_explain",                                                       \
	  arb_pairing_explain(fx.tour, 0, 0, 1, NULL, NULL, NULL) == E_ARG)                        \
	X(explain_round, "arb_pairing_explain",                                                    \
	  arb_pairing_explain(fx.tour, -1, 0, 1, discard, NULL, NULL) == E_ARG)                    \
	X(compare_t, "arb_pairing_compare",                                                        \
	  arb_pairing_compare(NULL, fx.pair, 0, &fx.differs, discard, NULL, &fx.err) == E_ARG &&   \
		  fx.err.code == E_ARG)                                                            \
	X(compare_p, "arb_pairing_compare",                                                        \
	  arb_pairing_compare(fx.tour, NULL, 0, &fx.differs, discard, NULL, NULL) == E_ARG)        \
	X(compare_differs, "arb_pairing_compare",                                                  \
	  arb_pairing_compare(fx.tour, fx.pair, 0, NULL, discard, NULL, NULL) == E_ARG)            \
	X(compare_fn, "arb_pairing_compare",                                                       \
	  arb_pairing_compare(fx.tour, fx.pair, 0, &fx.differs, NULL, NULL, NULL) == E_ARG)        \
	X(engine_t, "arb_pairing_from_engine",                                                     \
	  arb_pairing_from_engine(NULL, 0, PAIRS, 6, &fx.pair_out, &fx.err) == E_ARG &&            \
		  fx.err.code == E_ARG)                                                            \
	X(engine_out, "arb_pairing_from_engine",                                                   \
	  arb_pairing_from_engine(fx.tour, 0, PAIRS, 6, NULL, NULL) == E_ARG)                      \
	X(engine_text, "arb_pairing_from_engine",                                                  \
	  arb_pairing_from_engine(fx.tour, 0, NULL, 6, &fx.pair_out, NULL) == E_ARG)               \
	X(engine_round, "arb_pairing_from_engine",                                                 \
	  arb_pairing_from_engine(fx.tour, -1, PAIRS, 6, &fx.pair_out, NULL) == E_ARG)             \
	X(pairing_round, "arb_pairing_round", arb_pairing_round(NULL) == 0)                        \
	X(pairing_boards, "arb_pairing_boards", arb_pairing_boards(NULL) == 0)                     \
	X(pairing_board_p, "arb_pairing_board", arb_pairing_board(NULL, 0, &fx.board) == E_ARG)    \
	X(pairing_board_out, "arb_pairing_board", arb_pairing_board(fx.pair, 0, NULL) == E_ARG)    \
	X(pairing_board_i, "arb_pairing_board", arb_pairing_board(fx.pair, 1, &fx.board) == E_ARG) \
	X(pairing_byes, "arb_pairing_byes", arb_pairing_byes(NULL) == 0)                           \
	X(pairing_bye_p, "arb_pairing_bye", arb_pairing_bye(NULL, 0, NULL, NULL) == E_ARG)         \
	X(pairing_bye_i, "arb_pairing_bye", arb_pairing_bye(fx.pair, 0, NULL, NULL) == E_ARG)      \
	X(pairing_write_p, "arb_pairing_write", arb_pairing_write(NULL, discard, NULL) == E_ARG)   \
	X(pairing_write_fn, "arb_pairing_write", arb_pairing_write(fx.pair, NULL, NULL) == E_ARG)  \
	X(pairing_check_t, "arb_pairing_check",                                                    \
	  arb_pairing_check(NULL, fx.pair, 0, NULL, 0) == -1)                                      \
	X(pairing_check_p, "arb_pairing_check",                                                    \
	  arb_pairing_check(fx.tour, NULL, 0, NULL, 0) == -1)                                      \
	X(pairing_check_cap, "arb_pairing_check",                                                  \
	  arb_pairing_check(fx.tour, fx.pair, 0, NULL, -1) == -1)                                  \
	X(apply_t, "arb_tournament_apply_pairing",                                                 \
	  arb_tournament_apply_pairing(NULL, fx.pair) == E_ARG)                                    \
	X(apply_p, "arb_tournament_apply_pairing",                                                 \
	  arb_tournament_apply_pairing(fx.tour, NULL) == E_ARG && TOUR_UNCHANGED)

/*
 * X(name, function, expression): `expression` makes one misused call of
 * `function` and is true when the call gave the documented answer.
 */
#define CASES(X)                                                                                   \
	/* core/position.c */                                                                      \
	X(clone, "arb_position_clone", arb_position_clone(NULL) == NULL)                           \
	X(copy_dst, "arb_position_copy", (arb_position_copy(NULL, fx.pos), 1))                     \
	X(copy_src, "arb_position_copy", NOTHING(arb_position_copy(fx.pos, NULL)))                 \
	X(set_start, "arb_position_set_start", (arb_position_set_start(NULL), 1))                  \
	X(piece_at, "arb_position_piece_at", arb_position_piece_at(NULL, 0) == ARB_EMPTY)          \
	X(side, "arb_position_side_to_move", arb_position_side_to_move(NULL) == ARB_WHITE)         \
	X(ep, "arb_position_ep_square", arb_position_ep_square(NULL) == ARB_NO_SQUARE)             \
	X(halfmove, "arb_position_halfmove_clock", arb_position_halfmove_clock(NULL) == -1)        \
	X(fullmove, "arb_position_fullmove_number", arb_position_fullmove_number(NULL) == -1)      \
	X(key, "arb_position_key", arb_position_key(NULL) == 0)                                    \
	X(in_check, "arb_position_in_check", arb_position_in_check(NULL) == 0)                     \
	X(is960, "arb_position_is_chess960", arb_position_is_chess960(NULL) == 0)                  \
	X(set960, "arb_position_set_chess960", (arb_position_set_chess960(NULL, 1), 1))            \
	X(castling_pos, "arb_position_castling",                                                   \
	  arb_position_castling(NULL, ARB_WHITE, ARB_KINGSIDE, NULL) == 0)                         \
	X(castling_color, "arb_position_castling",                                                 \
	  arb_position_castling(fx.pos, BAD_COLOR, ARB_KINGSIDE, &fx.castling) == 0)               \
	X(castling_wing, "arb_position_castling",                                                  \
	  arb_position_castling(fx.pos, ARB_WHITE, (arb_wing)2, &fx.castling) == 0)                \
	X(set_castling_pos, "arb_position_set_castling",                                           \
	  arb_position_set_castling(NULL, ARB_WHITE, ARB_KINGSIDE, NULL) == E_ARG)                 \
	X(set_castling_color, "arb_position_set_castling",                                         \
	  arb_position_set_castling(fx.pos, BAD_COLOR, ARB_KINGSIDE, NULL) == E_ARG &&             \
		  arb_position_key(fx.pos) == fx.key)                                              \
	X(set_castling_wing, "arb_position_set_castling",                                          \
	  arb_position_set_castling(fx.pos, ARB_BLACK, (arb_wing)-1, NULL) == E_ARG &&             \
		  arb_position_key(fx.pos) == fx.key)                                              \
	X(validate, "arb_position_validate",                                                       \
	  arb_position_validate(NULL, &fx.err) == E_ARG && fx.err.code == E_ARG &&                 \
		  strstr(fx.err.message, "arb_position_validate: misuse: pos"))                    \
	X(legal_pos, "arb_position_legal_moves", arb_position_legal_moves(NULL, fx.moves) == 0)    \
	X(legal_out, "arb_position_legal_moves", arb_position_legal_moves(fx.pos, NULL) == 0)      \
	X(count_moves, "arb_position_count_moves", arb_position_count_moves(NULL) == 0)            \
	X(is_legal, "arb_position_is_legal", arb_position_is_legal(NULL, E2E4) == 0)               \
	X(do_pos, "arb_position_do_move", (arb_position_do_move(NULL, E2E4, &fx.undo), 1))         \
	X(do_undo, "arb_position_do_move", NOTHING(arb_position_do_move(fx.pos, E2E4, NULL)))      \
	X(undo_pos, "arb_position_undo_move", (arb_position_undo_move(NULL, E2E4, &fx.undo), 1))   \
	X(undo_undo, "arb_position_undo_move",                                                     \
	  NOTHING(arb_position_undo_move(fx.pos, E2E4, NULL)))                                     \
	X(play, "arb_position_play", arb_position_play(NULL, E2E4) == E_ARG)                       \
	/* core/perft.c */                                                                         \
	X(perft, "arb_perft", arb_perft(NULL, 1, 0) == UINT64_MAX)                                 \
	X(divide, "arb_perft_divide", arb_perft_divide(NULL, 1, NULL, NULL) == UINT64_MAX)         \
	/* notation/fen.c, uci.c, san.c */                                                         \
	X(set_fen_pos, "arb_position_set_fen",                                                     \
	  arb_position_set_fen(NULL, START_FEN, 0, &fx.err) == E_ARG && fx.err.code == E_ARG)      \
	X(set_fen_text, "arb_position_set_fen",                                                    \
	  arb_position_set_fen(fx.pos, NULL, 0, NULL) == E_ARG)                                    \
	X(to_fen_pos, "arb_position_to_fen", arb_position_to_fen(NULL, BUF, 0) == 0)               \
	X(to_fen_buf, "arb_position_to_fen", arb_position_to_fen(fx.pos, NULL, 8, 0) == 0)         \
	X(from_uci_pos, "arb_move_from_uci",                                                       \
	  arb_move_from_uci(NULL, "e2e4", fx.moves, &fx.err) == E_ARG)                             \
	X(from_uci_text, "arb_move_from_uci",                                                      \
	  arb_move_from_uci(fx.pos, NULL, fx.moves, NULL) == E_ARG)                                \
	X(from_uci_out, "arb_move_from_uci",                                                       \
	  arb_move_from_uci(fx.pos, "e2e4", NULL, NULL) == E_ARG)                                  \
	X(to_uci_pos, "arb_move_to_uci", arb_move_to_uci(NULL, E2E4, fx.buf) == 0)                 \
	X(to_uci_buf, "arb_move_to_uci", arb_move_to_uci(fx.pos, E2E4, NULL) == 0)                 \
	X(to_san_pos, "arb_move_to_san", arb_move_to_san(NULL, E2E4, fx.buf) == 0)                 \
	X(to_san_buf, "arb_move_to_san", arb_move_to_san(fx.pos, E2E4, NULL) == 0)                 \
	X(from_san_pos, "arb_move_from_san",                                                       \
	  arb_move_from_san(NULL, "e4", 2, 0, fx.moves, &fx.err) == E_ARG)                         \
	X(from_san_text, "arb_move_from_san",                                                      \
	  arb_move_from_san(fx.pos, NULL, 2, 0, fx.moves, NULL) == E_ARG)                          \
	X(from_san_out, "arb_move_from_san",                                                       \
	  arb_move_from_san(fx.pos, "e4", 2, 0, NULL, NULL) == E_ARG)                              \
	/* notation/record.c */                                                                    \
	X(rec_clear, "arb_record_clear", (arb_record_clear(NULL), 1))                              \
	X(rec_start, "arb_record_start", arb_record_start(NULL) == NULL)                           \
	X(rec_set_start_g, "arb_record_set_start", arb_record_set_start(NULL, fx.pos) == E_ARG)    \
	X(rec_set_start_pos, "arb_record_set_start", arb_record_set_start(fx.rec, NULL) == E_ARG)  \
	X(rec_copy_dst, "arb_record_copy", arb_record_copy(NULL, fx.rec) == E_ARG)                 \
	X(rec_copy_src, "arb_record_copy", arb_record_copy(fx.rec, NULL) == E_ARG)                 \
	X(rec_warning_count, "arb_record_warning_count", arb_record_warning_count(NULL) == 0)      \
	X(rec_warning, "arb_record_warning", arb_record_warning(NULL, 0) == NULL)                  \
	X(rec_tag_count, "arb_record_tag_count", arb_record_tag_count(NULL) == 0)                  \
	X(rec_tag_name, "arb_record_tag_name", arb_record_tag_name(NULL, 0) == NULL)               \
	X(rec_tag_value, "arb_record_tag_value", arb_record_tag_value(NULL, 0) == NULL)            \
	X(rec_tag_g, "arb_record_tag", arb_record_tag(NULL, "Event") == NULL)                      \
	X(rec_tag_name_null, "arb_record_tag", arb_record_tag(fx.rec, NULL) == NULL)               \
	X(rec_set_tag_g, "arb_record_set_tag", arb_record_set_tag(NULL, "Event", "x") == E_ARG)    \
	X(rec_set_tag_name, "arb_record_set_tag", arb_record_set_tag(fx.rec, NULL, "x") == E_ARG)  \
	X(rec_set_tag_value, "arb_record_set_tag",                                                 \
	  arb_record_set_tag(fx.rec, "Event", NULL) == E_ARG && arb_record_tag_count(fx.rec) == 0) \
	X(rec_result, "arb_record_result", arb_record_result(NULL) == NULL)                        \
	X(rec_set_result, "arb_record_set_result", (arb_record_set_result(NULL, "1-0"), 1))        \
	X(rec_ply_count, "arb_record_ply_count", arb_record_ply_count(NULL) == 0)                  \
	X(rec_move, "arb_record_move", arb_record_move(NULL, 0) == ARB_MOVE_NONE)                  \
	X(rec_mainline, "arb_record_mainline_node",                                                \
	  arb_record_mainline_node(NULL, 0) == ARB_NO_NODE)                                        \
	X(rec_node_count, "arb_record_node_count", arb_record_node_count(NULL) == 0)               \
	X(rec_next, "arb_record_node_next", arb_record_node_next(NULL, 0) == ARB_NO_NODE)          \
	X(rec_variation, "arb_record_node_variation",                                              \
	  arb_record_node_variation(NULL, 0) == ARB_NO_NODE)                                       \
	X(rec_sibling, "arb_record_node_sibling", arb_record_node_sibling(NULL, 0) == ARB_NO_NODE) \
	X(rec_parent, "arb_record_node_parent", arb_record_node_parent(NULL, 0) == ARB_NO_NODE)    \
	X(rec_node_move, "arb_record_node_move", arb_record_node_move(NULL, 0) == ARB_MOVE_NONE)   \
	X(rec_comment, "arb_record_node_comment", arb_record_node_comment(NULL, 0) == NULL)        \
	X(rec_pre_comment, "arb_record_node_pre_comment",                                          \
	  arb_record_node_pre_comment(NULL, 0) == NULL)                                            \
	X(rec_nag_count, "arb_record_node_nag_count", arb_record_node_nag_count(NULL, 0) == 0)     \
	X(rec_nag, "arb_record_node_nag", arb_record_node_nag(NULL, 0, 0) == 0)                    \
	X(rec_clock_g, "arb_record_node_clock",                                                    \
	  arb_record_node_clock(NULL, 0, ARB_CMD_CLK) == ARB_NO_CLOCK)                             \
	X(rec_clock_cmd, "arb_record_node_clock",                                                  \
	  arb_record_node_clock(fx.rec, 0, (arb_clock_cmd)4) == ARB_NO_CLOCK)                      \
	X(rec_set_comment, "arb_record_set_comment",                                               \
	  arb_record_set_comment(NULL, 0, "x") == E_ARG)                                           \
	X(rec_add_move, "arb_record_add_move", arb_record_add_move(NULL, 0, E2E4) == ARB_NO_NODE)  \
	X(rec_position_at_g, "arb_record_position_at",                                             \
	  arb_record_position_at(NULL, 0, fx.pos) == E_ARG)                                        \
	X(rec_position_at_out, "arb_record_position_at",                                           \
	  arb_record_position_at(fx.rec, 0, NULL) == E_ARG)                                        \
	/* notation/pgn.c */                                                                       \
	X(reader_new, "arb_pgn_reader_new", arb_pgn_reader_new(NULL, NULL, "x", 0) == NULL)        \
	X(reader_open, "arb_pgn_reader_open", arb_pgn_reader_open(NULL, 0, &fx.err) == NULL)       \
	X(reader_games, "arb_pgn_reader_games", arb_pgn_reader_games(NULL) == 0)                   \
	X(reader_errors, "arb_pgn_reader_errors", arb_pgn_reader_errors(NULL) == 0)                \
	X(pgn_next_r, "arb_pgn_next", arb_pgn_next(NULL, &fx.got, &fx.err) == E_ARG)               \
	X(pgn_next_out, "arb_pgn_next", arb_pgn_next(fx.reader, NULL, NULL) == E_ARG)              \
	X(pgn_next_text_r, "arb_pgn_next_text", arb_pgn_next_text(NULL, &fx.text, NULL) == E_ARG)  \
	X(pgn_next_text_out, "arb_pgn_next_text",                                                  \
	  arb_pgn_next_text(fx.reader, NULL, NULL) == E_ARG)                                       \
	X(pgn_parse_t, "arb_pgn_parse", arb_pgn_parse(NULL, NULL, 0, fx.rec, &fx.err) == E_ARG)    \
	X(pgn_parse_text, "arb_pgn_parse",                                                         \
	  arb_pgn_parse(&fx.text_null, NULL, 0, fx.rec, NULL) == E_ARG)                            \
	X(pgn_parse_out, "arb_pgn_parse",                                                          \
	  arb_pgn_parse(&fx.text_null, NULL, 0, NULL, NULL) == E_ARG)                              \
	X(pgn_write_g, "arb_pgn_write", arb_pgn_write(NULL, discard, NULL) == E_ARG)               \
	X(pgn_write_fn, "arb_pgn_write", arb_pgn_write(fx.rec, NULL, NULL) == E_ARG)               \
	/* notation/epd.c */                                                                       \
	X(epd_clear_ops, "arb_epd_clear_ops", (arb_epd_clear_ops(NULL), 1))                        \
	X(epd_position, "arb_epd_position", arb_epd_position(NULL) == NULL)                        \
	X(epd_set_position_e, "arb_epd_set_position", arb_epd_set_position(NULL, fx.pos) == E_ARG) \
	X(epd_set_position_pos, "arb_epd_set_position",                                            \
	  arb_epd_set_position(fx.epd, NULL) == E_ARG)                                             \
	X(epd_op_count, "arb_epd_op_count", arb_epd_op_count(NULL) == 0)                           \
	X(epd_op_name, "arb_epd_op_name", arb_epd_op_name(NULL, 0) == NULL)                        \
	X(epd_operand_count, "arb_epd_operand_count", arb_epd_operand_count(NULL, 0) == 0)         \
	X(epd_operand, "arb_epd_operand", arb_epd_operand(NULL, 0, 0) == NULL)                     \
	X(epd_find_e, "arb_epd_find", arb_epd_find(NULL, "bm") == -1)                              \
	X(epd_find_name, "arb_epd_find", arb_epd_find(fx.epd, NULL) == -1)                         \
	X(epd_set_op_e, "arb_epd_set_op", arb_epd_set_op(NULL, "bm", NULL) == E_ARG)               \
	X(epd_set_op_name, "arb_epd_set_op", arb_epd_set_op(fx.epd, NULL, NULL) == E_ARG)          \
	X(epd_parse_e, "arb_epd_parse", arb_epd_parse(NULL, START_FEN, 0, &fx.err) == E_ARG)       \
	X(epd_parse_line, "arb_epd_parse", arb_epd_parse(fx.epd, NULL, 0, NULL) == E_ARG)          \
	X(epd_moves_e, "arb_epd_moves", arb_epd_moves(NULL, 0, fx.moves, 4, NULL) == -1)           \
	X(epd_moves_max, "arb_epd_moves", arb_epd_moves(fx.epd, 0, fx.moves, -1, NULL) == -1)      \
	X(epd_moves_out, "arb_epd_moves", arb_epd_moves(fx.epd, 0, NULL, 4, NULL) == -1)           \
	X(epd_to_string_e, "arb_epd_to_string", arb_epd_to_string(NULL, BUF, 0) == 0)              \
	X(epd_to_string_buf, "arb_epd_to_string", arb_epd_to_string(fx.epd, NULL, 8, 0) == 0)      \
	/* notation/diagram.c */                                                                   \
	X(svg_new_count, "arb_svg_new", arb_svg_new(0, NULL, discard, NULL) == NULL)               \
	X(svg_new_fn, "arb_svg_new", arb_svg_new(1, NULL, NULL, NULL) == NULL)                     \
	X(svg_board_s, "arb_svg_board", arb_svg_board(NULL, fx.pos, NULL, NULL, 0) == E_ARG)       \
	X(svg_board_pos, "arb_svg_board", arb_svg_board(fx.svg, NULL, NULL, NULL, 0) == E_ARG)     \
	X(svg_finish, "arb_svg_finish", arb_svg_finish(NULL) == E_ARG)                             \
	/* notation/events.c */                                                                    \
	X(event_parse_tok, "arb_event_parse", arb_event_parse(NULL, 4, &fx.ev, &fx.err) == E_ARG)  \
	X(event_parse_ev, "arb_event_parse", arb_event_parse("e2e4", 4, NULL, NULL) == E_ARG)      \
	X(event_format_ev, "arb_event_format", arb_event_format(NULL, BUF) == 0)                   \
	X(event_format_buf, "arb_event_format", arb_event_format(&fx.ev, NULL, 8) == 0)            \
	/* chess960/chess960.c */                                                                  \
	X(back_rank, "arb_chess960_back_rank", arb_chess960_back_rank(0, NULL) == E_ARG)           \
	X(number_rank, "arb_chess960_number", arb_chess960_number(NULL, &fx.n, &fx.err) == E_ARG)  \
	X(number_n, "arb_chess960_number", arb_chess960_number("RNBQKBNR", NULL, NULL) == E_ARG)   \
	X(c960_position, "arb_chess960_position", arb_chess960_position(NULL, 0, 0) == E_ARG)      \
	X(identify_pos, "arb_chess960_identify",                                                   \
	  arb_chess960_identify(NULL, &fx.w, &fx.b, &fx.err) == E_ARG)                             \
	X(identify_w, "arb_chess960_identify",                                                     \
	  arb_chess960_identify(fx.pos, NULL, &fx.b, NULL) == E_ARG)                               \
	X(identify_b, "arb_chess960_identify",                                                     \
	  arb_chess960_identify(fx.pos, &fx.w, NULL, NULL) == E_ARG)                               \
	X(rng_seed, "arb_rng_seed", (arb_rng_seed(NULL, 1), 1))                                    \
	X(rng_system, "arb_rng_system", (arb_rng_system(NULL), 1))                                 \
	X(rng_next, "arb_rng_next", (fx.ok = 1, arb_rng_next(NULL, &fx.ok) == 0 && fx.ok == 0))    \
	X(rng_uniform_rng, "arb_rng_uniform", arb_rng_uniform(NULL, 5) == -1)                      \
	X(rng_uniform_m, "arb_rng_uniform", arb_rng_uniform(&fx.rng, 0) == -1)                     \
	X(c960_random, "arb_chess960_random", arb_chess960_random(NULL) == -1)                     \
	X(draw_rng, "arb_chess960_draw",                                                           \
	  arb_chess960_draw(NULL, 1, NULL, 0, 0, &fx.n, NULL) == E_ARG)                            \
	X(draw_rounds, "arb_chess960_draw",                                                        \
	  arb_chess960_draw(&fx.rng, -1, NULL, 0, 0, &fx.n, &fx.err) == E_ARG)                     \
	X(draw_nexclude, "arb_chess960_draw",                                                      \
	  arb_chess960_draw(&fx.rng, 1, NULL, -1, 0, &fx.n, NULL) == E_ARG)                        \
	X(draw_exclude, "arb_chess960_draw",                                                       \
	  arb_chess960_draw(&fx.rng, 1, NULL, 1, 0, &fx.n, NULL) == E_ARG)                         \
	X(draw_out, "arb_chess960_draw",                                                           \
	  arb_chess960_draw(&fx.rng, 1, NULL, 0, 0, NULL, NULL) == E_ARG)                          \
	X(draw2_rng, "arb_chess960_draw_double",                                                   \
	  arb_chess960_draw_double(NULL, 1, NULL, 0, &fx.w, &fx.b, NULL) == E_ARG)                 \
	X(draw2_rounds, "arb_chess960_draw_double",                                                \
	  arb_chess960_draw_double(&fx.rng, -1, NULL, 0, &fx.w, &fx.b, NULL) == E_ARG)             \
	X(draw2_exclude, "arb_chess960_draw_double",                                               \
	  arb_chess960_draw_double(&fx.rng, 1, NULL, 2, &fx.w, &fx.b, NULL) == E_ARG)              \
	X(draw2_white, "arb_chess960_draw_double",                                                 \
	  arb_chess960_draw_double(&fx.rng, 1, NULL, 0, NULL, &fx.b, NULL) == E_ARG)               \
	X(draw2_black, "arb_chess960_draw_double",                                                 \
	  arb_chess960_draw_double(&fx.rng, 1, NULL, 0, &fx.w, NULL, &fx.err) == E_ARG)            \
	/* outcome/outcome.c, unwinnable.c, uscf.c */                                              \
	X(terminal, "arb_position_terminal", arb_position_terminal(NULL) == ARB_ONGOING)           \
	X(insufficient_pos, "arb_position_insufficient_material",                                  \
	  arb_position_insufficient_material(NULL, ARB_WHITE) == 0)                                \
	X(insufficient_side, "arb_position_insufficient_material",                                 \
	  arb_position_insufficient_material(fx.pos, BAD_COLOR) == 0)                              \
	X(insufficient_both, "arb_position_insufficient_both",                                     \
	  arb_position_insufficient_both(NULL) == 0)                                               \
	X(cannot_mate_pos, "arb_position_cannot_mate",                                             \
	  arb_position_cannot_mate(NULL, ARB_WHITE, ARB_MATE_FIDE, 0, NULL) == 0)                  \
	X(cannot_mate_side, "arb_position_cannot_mate",                                            \
	  arb_position_cannot_mate(fx.pos, BAD_COLOR, ARB_MATE_FIDE, 0, NULL) == 0)                \
	X(cannot_mate_test, "arb_position_cannot_mate",                                            \
	  arb_position_cannot_mate(fx.pos, ARB_WHITE, (arb_mate_test)99, 0, NULL) == 0)            \
	X(history_new, "arb_history_new", arb_history_new(NULL) == NULL)                           \
	X(history_position, "arb_history_position", arb_history_position(NULL) == NULL)            \
	X(history_ply_count, "arb_history_ply_count", arb_history_ply_count(NULL) == 0)            \
	X(history_move, "arb_history_move", arb_history_move(NULL, 0) == ARB_MOVE_NONE)            \
	X(history_play, "arb_history_play", arb_history_play(NULL, E2E4) == E_ARG)                 \
	X(history_undo, "arb_history_undo", arb_history_undo(NULL) == E_ARG)                       \
	X(occurrences, "arb_history_occurrences", arb_history_occurrences(NULL) == 0)              \
	X(occurrences_after, "arb_history_occurrences_after",                                      \
	  arb_history_occurrences_after(NULL, E2E4) == 0)                                          \
	X(consecutive, "arb_history_consecutive_occurrences",                                      \
	  arb_history_consecutive_occurrences(NULL) == 0)                                          \
	X(halfmove_after, "arb_history_halfmove_clock_after",                                      \
	  arb_history_halfmove_clock_after(NULL, E2E4) == -1)                                      \
	X(ending, "arb_history_ending_status", arb_history_ending(NULL, 0, 0) == ARB_END_NONE)     \
	X(ending_counts, "arb_history_ending_status",                                              \
	  arb_history_ending_counts(fx.hist, 0, 0, 75, 0) == ARB_END_NONE)                         \
	X(ending_limits, "arb_history_ending_status",                                              \
	  arb_history_ending_limits(fx.hist, 0, NULL, 0) == ARB_END_NONE)                          \
	X(ending_limit_count, "arb_history_ending_status",                                         \
	  (fx.limits.fifty_moves = 0,                                                              \
	   arb_history_ending_limits(fx.hist, 0, &fx.limits, 0) == ARB_END_NONE))                  \
	X(ending_status_out, "arb_history_ending_status",                                          \
	  arb_history_ending_status(fx.hist, 0, &fx.limits, 0, NULL) == E_ARG)                     \
	X(ending_status_limits, "arb_history_ending_status",                                       \
	  arb_history_ending_status(fx.hist, 0, NULL, 0, &fx.ending) == E_ARG)                     \
	X(can_checkmate_pos, "arb_can_checkmate",                                                  \
	  arb_can_checkmate(NULL, ARB_WHITE, 0, NULL) == ARB_UNDETERMINED)                         \
	X(can_checkmate_side, "arb_can_checkmate",                                                 \
	  (fx.analysis.verdict = ARB_WINNABLE, fx.analysis.line_len = 3,                           \
	   arb_can_checkmate(fx.pos, BAD_COLOR, 0, &fx.analysis) == ARB_UNDETERMINED &&            \
		   fx.analysis.verdict == ARB_UNDETERMINED && fx.analysis.line_len == 0))          \
	X(dead, "arb_position_dead", arb_position_dead(NULL, 0) == ARB_UNDETERMINED)               \
	X(uscf_win_pos, "arb_uscf_insufficient_to_win",                                            \
	  arb_uscf_insufficient_to_win(NULL, ARB_WHITE, 0) == 0)                                   \
	X(uscf_win_side, "arb_uscf_insufficient_to_win",                                           \
	  arb_uscf_insufficient_to_win(fx.pos, BAD_COLOR, 0) == 0)                                 \
	X(uscf_blitz_pos, "arb_uscf_blitz_mating_material",                                        \
	  arb_uscf_blitz_mating_material(NULL, ARB_WHITE) == 0)                                    \
	X(uscf_blitz_side, "arb_uscf_blitz_mating_material",                                       \
	  arb_uscf_blitz_mating_material(fx.pos, BAD_COLOR) == 0)                                  \
	/* clock/timecontrol.c, clock.c */                                                         \
	X(tc_parse_text, "arb_tc_parse", arb_tc_parse(NULL, &fx.tc, &fx.err) == E_ARG)             \
	X(tc_parse_tc, "arb_tc_parse", arb_tc_parse("300", NULL, NULL) == E_ARG)                   \
	X(tc_format_tc, "arb_tc_format", arb_tc_format(NULL, ARB_TC_PGN, BUF) == 0)                \
	X(tc_format_how, "arb_tc_format", arb_tc_format(&fx.tc, (arb_tc_notation)9, BUF) == 0)     \
	X(tc_equal, "arb_tc_equal", arb_tc_equal(NULL, &fx.tc) == 0)                               \
	X(clock_new, "arb_clock_new", arb_clock_new(NULL, ARB_PERIOD_BY_MOVES) == NULL)            \
	X(clock_start, "arb_clock_start", arb_clock_start(NULL, 0) == E_ARG)                       \
	X(clock_press, "arb_clock_press", arb_clock_press(NULL, 0) == E_ARG)                       \
	X(clock_stop, "arb_clock_stop", arb_clock_stop(NULL, 0) == E_ARG)                          \
	X(clock_resume, "arb_clock_resume", arb_clock_resume(NULL, 0) == E_ARG)                    \
	X(clock_add_c, "arb_clock_add", arb_clock_add(NULL, ARB_WHITE, 1, 0) == E_ARG)             \
	X(clock_add_side, "arb_clock_add", arb_clock_add(fx.clk, BAD_COLOR, 1, 0) == E_ARG)        \
	X(clock_halve_c, "arb_clock_halve", arb_clock_halve(NULL, ARB_WHITE, 1, 0) == -1)          \
	X(clock_halve_side, "arb_clock_halve", arb_clock_halve(fx.clk, BAD_COLOR, 1, 0) == -1)     \
	X(clock_set_c, "arb_clock_set", arb_clock_set(NULL, ARB_WHITE, 1, 0) == E_ARG)             \
	X(clock_set_side, "arb_clock_set", arb_clock_set(fx.clk, BAD_COLOR, 1, 0) == E_ARG)        \
	X(clock_set_turn_c, "arb_clock_set_turn", arb_clock_set_turn(NULL, ARB_WHITE, 0) == E_ARG) \
	X(clock_set_turn_side, "arb_clock_set_turn",                                               \
	  arb_clock_set_turn(fx.clk, BAD_COLOR, 0) == E_ARG)                                       \
	X(clock_set_moves_c, "arb_clock_set_moves",                                                \
	  arb_clock_set_moves(NULL, ARB_WHITE, 1, 0) == E_ARG)                                     \
	X(clock_set_moves_side, "arb_clock_set_moves",                                             \
	  arb_clock_set_moves(fx.clk, BAD_COLOR, 1, 0) == E_ARG)                                   \
	X(clock_remaining_c, "arb_clock_remaining", arb_clock_remaining(NULL, ARB_WHITE, 0) == -1) \
	X(clock_remaining_side, "arb_clock_remaining",                                             \
	  arb_clock_remaining(fx.clk, BAD_COLOR, 0) == -1)                                         \
	X(clock_delay_left, "arb_clock_delay_left", arb_clock_delay_left(NULL, 0) == -1)           \
	X(clock_flags, "arb_clock_flags", arb_clock_flags(NULL, 0, NULL, NULL) == -1)              \
	X(clock_flag_time_c, "arb_clock_flag_time", arb_clock_flag_time(NULL, ARB_WHITE, 0) == -2) \
	X(clock_flag_time_side, "arb_clock_flag_time",                                             \
	  arb_clock_flag_time(fx.clk, BAD_COLOR, 0) == -2)                                         \
	X(clock_running, "arb_clock_running", arb_clock_running(NULL) == -1)                       \
	X(clock_moves_c, "arb_clock_moves", arb_clock_moves(NULL, ARB_WHITE) == 0)                 \
	X(clock_moves_side, "arb_clock_moves", arb_clock_moves(fx.clk, BAD_COLOR) == 0)            \
	X(clock_period_c, "arb_clock_period", arb_clock_period(NULL, ARB_WHITE) == 0)              \
	X(clock_period_side, "arb_clock_period", arb_clock_period(fx.clk, BAD_COLOR) == 0)         \
	/* rules/categories.c, clock_history.c, rules.c, reasons.c */                              \
	X(tc_category_tc, "arb_tc_category", arb_tc_category(NULL, "fide2018") == NULL)            \
	X(tc_category_edition, "arb_tc_category", arb_tc_category(&fx.tc, NULL) == NULL)           \
	X(uscf_delay, "arb_tc_uscf_default_delay", arb_tc_uscf_default_delay(NULL) == 0)           \
	X(rules_category_rules, "arb_rules_tc_category",                                           \
	  arb_rules_tc_category(NULL, &fx.tc, BUF) == -1)                                          \
	X(rules_category_tc, "arb_rules_tc_category",                                              \
	  arb_rules_tc_category(&fx.rules, NULL, BUF) == -1)                                       \
	X(rules_category_buf, "arb_rules_tc_category",                                             \
	  arb_rules_tc_category(&fx.rules, &fx.tc, NULL, 8) == -1)                                 \
	X(clock_history_g, "arb_record_clock_history",                                             \
	  arb_record_clock_history(NULL, NULL, NULL, 0, NULL, 0, NULL) == -1)                      \
	X(clock_history_n, "arb_record_clock_history",                                             \
	  arb_record_clock_history(fx.rec, NULL, NULL, -1, NULL, 0, NULL) == -1)                   \
	X(clock_history_entries, "arb_record_clock_history",                                       \
	  arb_record_clock_history(fx.rec, NULL, NULL, 3, NULL, 0, NULL) == -1)                    \
	X(clock_history_issues, "arb_record_clock_history",                                        \
	  arb_record_clock_history(fx.rec, NULL, NULL, 0, NULL, -1, NULL) == -1)                   \
	X(rules_init, "arb_rules_init", (arb_rules_init(NULL), 1))                                 \
	X(article_from_key, "arb_article_from_key", arb_article_from_key(NULL) == -1)              \
	X(rules_set_rules, "arb_rules_set",                                                        \
	  arb_rules_set(NULL, "draw.threefold", "claimed", &fx.err) == E_ARG &&                    \
		  fx.err.code == E_ARG)                                                            \
	X(rules_set_name, "arb_rules_set",                                                         \
	  arb_rules_set(&fx.rules, NULL, "claimed", NULL) == E_ARG)                                \
	X(rules_set_value, "arb_rules_set",                                                        \
	  arb_rules_set(&fx.rules, "draw.threefold", NULL, NULL) == E_ARG)                         \
	X(rules_check, "arb_rules_check", arb_rules_check(NULL, &fx.err) == E_ARG)                 \
	X(rules_get_rules, "arb_rules_get", arb_rules_get(NULL, "draw.threefold", BUF) == -1)      \
	X(rules_get_name, "arb_rules_get", arb_rules_get(&fx.rules, NULL, BUF) == -1)              \
	X(rules_get_buf, "arb_rules_get",                                                          \
	  arb_rules_get(&fx.rules, "draw.threefold", NULL, 8) == -1)                               \
	X(rules_cite_rules, "arb_rules_cite", arb_rules_cite(NULL, ARB_ART_FIFTY, BUF) == 0)       \
	X(rules_cite_buf, "arb_rules_cite",                                                        \
	  arb_rules_cite(&fx.rules, ARB_ART_FIFTY, NULL, 8) == 0)                                  \
	X(result_get_out, "arb_game_result_get", (arb_game_result_get(fx.game, NULL), 1))          \
	X(result_get_g, "arb_game_result_get",                                                     \
	  (arb_game_result_get(NULL, &fx.res), strcmp(fx.res.result, "*") == 0))                   \
	/* rules/game.c, game_pgn.c */                                                             \
	X(game_new, "arb_game_new", arb_game_new(&fx.bad_rules, NULL, NULL) == NULL)               \
	X(game_event_g, "arb_game_event", arb_game_event(NULL, &fx.ev, &fx.err) == E_ARG)          \
	X(game_event_ev, "arb_game_event", arb_game_event(fx.game, NULL, NULL) == E_ARG)           \
	X(game_tokens_g, "arb_game_tokens", arb_game_tokens(NULL, "e2e4", &fx.err) == E_ARG)       \
	X(game_tokens_text, "arb_game_tokens", arb_game_tokens(fx.game, NULL, NULL) == E_ARG)      \
	X(game_over, "arb_game_over", arb_game_over(NULL) == 0)                                    \
	X(game_start, "arb_game_start", arb_game_start(NULL) == NULL)                              \
	X(game_previous, "arb_game_previous_position", arb_game_previous_position(NULL) == NULL)   \
	X(game_position, "arb_game_position", arb_game_position(NULL) == NULL)                     \
	X(game_rules, "arb_game_rules", arb_game_rules(NULL) == NULL)                              \
	X(game_ply_count, "arb_game_ply_count", arb_game_ply_count(NULL) == 0)                     \
	X(game_move, "arb_game_move", arb_game_move(NULL, 0) == ARB_MOVE_NONE)                     \
	X(game_event_count, "arb_game_event_count", arb_game_event_count(NULL) == 0)               \
	X(game_event_at, "arb_game_event_at", arb_game_event_at(NULL, 0) == NULL)                  \
	X(game_decision_count, "arb_game_decision_count", arb_game_decision_count(NULL) == 0)      \
	X(game_decision, "arb_game_decision", arb_game_decision(NULL, 0) == NULL)                  \
	X(game_strikes_g, "arb_game_strikes", arb_game_strikes(NULL, ARB_WHITE) == 0)              \
	X(game_strikes_side, "arb_game_strikes", arb_game_strikes(fx.game, BAD_COLOR) == 0)        \
	X(game_time_g, "arb_game_time", arb_game_time(NULL, ARB_WHITE) == -1)                      \
	X(game_time_side, "arb_game_time", arb_game_time(fx.game, BAD_COLOR) == -1)                \
	X(game_occurrences, "arb_game_occurrences", arb_game_occurrences(NULL) == 0)               \
	X(game_occurrences_after, "arb_game_occurrences_after",                                    \
	  arb_game_occurrences_after(NULL, ARB_MOVE_NONE) == 0)                                    \
	X(game_halfmove_after, "arb_game_halfmove_clock_after",                                    \
	  arb_game_halfmove_clock_after(NULL, ARB_MOVE_NONE) == -1)                                \
	X(from_record_rec, "arb_game_from_record",                                                 \
	  arb_game_from_record(NULL, NULL, &fx.err) == NULL)                                       \
	X(from_record_rules, "arb_game_from_record",                                               \
	  arb_game_from_record(fx.rec, &fx.bad_rules, NULL) == NULL)                               \
	X(to_record_g, "arb_game_to_record", arb_game_to_record(NULL, fx.rec) == E_ARG)            \
	X(to_record_rec, "arb_game_to_record", arb_game_to_record(fx.game, NULL) == E_ARG)         \
	TOURNAMENT_CASES(X)                                                                        \
	MATCH_CASES(X)

#define DEFINE_CASE(id, fn, expr)   \
	static int case_##id(void)  \
	{                           \
		return (expr) != 0; \
	}
CASES(DEFINE_CASE)

typedef struct misuse_case {
	const char *name;
	const char *function; /* the name the debug report gives */
	int (*run)(void);
} misuse_case;

#define ROW(id, fn, expr) {#id, fn, case_##id},
static const misuse_case cases[] = {CASES(ROW)};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

#ifdef NDEBUG
/* Release: the documented answer, and nothing changed that the case checks. */
START_TEST(test_misuse)
{
	const misuse_case *c = &cases[_i];
	ck_assert_msg(c->run(), "%s (%s): not the documented answer", c->name, c->function);
}
END_TEST
#else
/* Debug: the call aborts, after the misuse report naming the function. */
START_TEST(test_misuse)
{
	const misuse_case *c = &cases[_i];
	int fd[2];
	ck_assert_int_eq(pipe(fd), 0);
	fflush(NULL);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(fd[0]);
		dup2(fd[1], 2);
		c->run();
		_exit(0); /* not reached when the check works */
	}
	close(fd[1]);
	char out[4096];
	size_t len = 0;
	ssize_t got;
	while (len < sizeof out - 1 && (got = read(fd[0], out + len, sizeof out - 1 - len)) > 0)
		len += (size_t)got;
	out[len] = 0;
	close(fd[0]);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	char want[160];
	snprintf(want, sizeof want, ": %s: ", c->function);
	ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
		      "%s (%s): did not abort (status %d), stderr: %s", c->name, c->function,
		      status, out);
	ck_assert_msg(strncmp(out, "arbiter: misuse: ", 17) == 0 && strstr(out, want),
		      "%s: the abort is not the misuse report of %s: %s", c->name, c->function,
		      out);
}
END_TEST
#endif

/* What the contracts allow is not misuse: the same answers in every build,
 * and no abort. */
START_TEST(test_allowed)
{
	arb_move m;
	arb_record *rec;
	int drawn[ARB_CHESS960_COUNT];
	/* free(NULL)-style no-ops */
	arb_position_free(NULL);
	arb_record_free(NULL);
	arb_epd_free(NULL);
	arb_history_free(NULL);
	arb_clock_free(NULL);
	arb_game_free(NULL);
	arb_svg_free(NULL);
	arb_pgn_reader_free(NULL);
	/* a NULL err */
	ck_assert_int_eq(arb_position_set_fen(fx.pos, "8/8 w", 0, NULL), ARB_E_FEN_FIELDS);
	ck_assert_int_eq(arb_move_from_uci(fx.pos, "e2e5", &m, NULL), ARB_E_MOVE_ILLEGAL);
	ck_assert_int_eq(arb_position_validate(fx.pos, NULL), ARB_OK);
	/* squares, indexes and values out of range with a documented answer */
	ck_assert_int_eq(arb_position_piece_at(fx.pos, -1), ARB_EMPTY);
	ck_assert_int_eq(arb_position_piece_at(fx.pos, 64), ARB_EMPTY);
	ck_assert_ptr_null(arb_record_tag_name(fx.rec, 5));
	ck_assert_int_eq(arb_record_node_next(fx.rec, 99), ARB_NO_NODE);
	ck_assert_int_eq(arb_record_node_move(fx.rec, -1), ARB_MOVE_NONE);
	ck_assert_int_eq(arb_record_add_move(fx.rec, 7, E2E4), ARB_NO_NODE);
	ck_assert_int_eq(arb_record_set_comment(fx.rec, 7, "x"), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_record_position_at(fx.rec, 7, fx.pos), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_record_set_tag(fx.rec, "", "x"), ARB_E_ARGUMENT);
	ck_assert_ptr_null(arb_epd_op_name(fx.epd, 3));
	ck_assert_int_eq(arb_epd_moves(fx.epd, 3, fx.moves, 4, NULL), 0);
	ck_assert_int_eq(arb_epd_set_op(fx.epd, "b;m", NULL), ARB_E_ARGUMENT);
	ck_assert_ptr_null(arb_game_decision(fx.game, 3));
	ck_assert_int_eq(arb_history_move(fx.hist, 3), ARB_MOVE_NONE);
	ck_assert_int_eq(arb_history_undo(fx.hist), ARB_E_ARGUMENT); /* nothing to undo */
	ck_assert_str_eq(arb_reason_name((arb_reason)-5), "");
	ck_assert_str_eq(arb_status_name((arb_status)99), "ARB_E_UNKNOWN");
	ck_assert_str_eq(arb_article_key(ARB_ART_COUNT), "");
	ck_assert_int_eq(arb_rules_field_at(-1, NULL), 0);
	ck_assert_int_gt(arb_rules_cite(&fx.rules, ARB_ART_COUNT, BUF), 0);
	ck_assert_int_eq(arb_rules_get(&fx.rules, "draw.threefold", fx.buf, 0), -1);
	/* snprintf-style: no buffer with n == 0 gives the length */
	ck_assert_uint_eq(arb_position_to_fen(fx.pos, NULL, 0, 0), strlen(START_FEN));
	ck_assert_uint_gt(arb_tc_format(&fx.tc, ARB_TC_PGN, NULL, 0), 0);
	/* values read from input, validated by the contract */
	ck_assert_int_eq(arb_chess960_back_rank(960, fx.buf), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_chess960_position(fx.pos, -1, 0), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_chess960_mirror(-1), -1);
	ck_assert_int_eq(arb_chess960_draw(&fx.rng, 961, NULL, 0, 0, drawn, NULL), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_clock_press(fx.clk, 0), ARB_E_ARGUMENT); /* not started */
	ck_assert_int_eq(arb_clock_start(fx.clk, 1000), ARB_OK);
	ck_assert_int_eq(arb_clock_press(fx.clk, 999), ARB_E_ARGUMENT); /* time goes back */
	ck_assert_int_eq(arb_clock_set(fx.clk, ARB_WHITE, -1, 2000), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_clock_remaining(fx.clk, ARB_WHITE, 10), -1);
	ck_assert_ptr_null(arb_tc_category(&fx.tc, "no-such-edition"));
	ck_assert_int_eq(arb_record_clock_history(fx.rec, NULL, NULL, 0, NULL, 5, NULL), 0);
	/* the reader over a source that is empty, and a record copy onto itself */
	ck_assert_int_eq(arb_pgn_next(fx.reader, &fx.got, NULL), ARB_OK);
	ck_assert_ptr_null(fx.got);
	rec = fx.rec;
	ck_assert_int_eq(arb_record_copy(rec, rec), ARB_OK);
}
END_TEST

/* The same for the tournament layers: what is input keeps its answer. */
START_TEST(test_allowed_tournament)
{
	arb_tournament *t = NULL;
	arb_regulation_field f;
	int n;
	arb_tournament_free(NULL);
	arb_standings_free(NULL);
	arb_pairing_free(NULL);
	/* an empty text (NULL with len 0) and a NULL name */
	ck_assert_int_eq(arb_trf_read(NULL, 0, NULL, 0, &t, NULL), ARB_OK);
	ck_assert_int_eq(arb_tournament_player_count(t), 0);
	arb_tournament_free(t);
	/* a TRF's contents are input: a bad line is ARB_E_TRF, never an abort */
	const char *bad = "001    1 m    Player, A                         x\n";
	ck_assert_int_eq(arb_trf_read(bad, strlen(bad), "x.trf", 0, &t, &fx.err), ARB_E_TRF);
	ck_assert_int_eq(fx.err.line, 1);
	ck_assert_int_gt(arb_tournament_problems(t), 0);
	arb_tournament_free(t);
	ck_assert_int_eq(
		arb_trf_write(fx.tour, ARB_TRF_WRITE_16 | ARB_TRF_WRITE_2026, discard, NULL),
		ARB_E_ARGUMENT);
	/* ids, codes and a round after the next one */
	ck_assert_int_eq(arb_tournament_player_index(fx.tour, 0), -1);
	ck_assert_int_eq(arb_tournament_player_index(fx.tour, -7), -1);
	ck_assert_int_eq(arb_tournament_player_index(fx.tour, 1 << 20), -1);
	ck_assert_int_eq(arb_tournament_set_game(fx.tour, 1, 1, 9, '1', '0'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_game(fx.tour, 1, 1, 2, '1', '1'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_game(fx.tour, 2, 1, 2, '1', '0'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_bye(fx.tour, 1, 1, 'X'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_bye(fx.tour, 1, 9, 'H'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_bye(fx.tour, 2, 1, 'U'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_rounds_played(fx.tour), 0);
	/* a note's key and value are input */
	ck_assert_ptr_null(arb_tournament_note(fx.tour, "Bad Key"));
	ck_assert_ptr_null(arb_tournament_note(fx.tour, ""));
	ck_assert_int_eq(arb_tournament_set_note(fx.tour, "Bad Key", "1"), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_note(fx.tour, "seed", "a\tb"), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_note(fx.tour, "seed", "7"), ARB_OK);
	ck_assert_str_eq(arb_tournament_note(fx.tour, "seed"), "7");
	/* a pairing for a round after the next, and an engine's bad answer */
	ck_assert_int_eq(arb_tournament_pair(fx.tour, 2, 0, &fx.pair_out, &fx.err), ARB_E_ARGUMENT);
	ck_assert_ptr_null(fx.pair_out);
	ck_assert_int_eq(arb_pairing_from_engine(fx.tour, 0, "1\n1 9\n", 6, &fx.pair_out, &fx.err),
			 ARB_E_PAIRING);
	ck_assert_int_eq(arb_pairing_check(fx.tour, fx.pair, 0, NULL, 3), 0); /* only counted */
	/* tie-break lists and regulation values are input */
	ck_assert_int_eq(arb_tiebreak_parse(fx.tbs, "XX", &fx.err), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tiebreak_parse_list(NULL, 0, "", &fx.err), 0);
	ck_assert_int_eq(arb_tiebreak_parse_list(fx.tbs, 1, "BH,SB", &fx.err), -1);
	ck_assert_int_eq(arb_regulation_init(&fx.reg, "fide1999", &fx.err), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_regulation_set(&fx.reg, "nosuch", "1", NULL), ARB_E_PROFILE);
	ck_assert_int_eq(arb_regulation_set(&fx.reg, "lots.draw", "maybe", NULL), ARB_E_PROFILE);
	ck_assert_int_eq(arb_regulation_get(&fx.reg, "nosuch", BUF), -1);
	ck_assert_int_eq(arb_regulation_get(&fx.reg, "lots.draw", fx.buf, 0), -1);
	ck_assert_int_eq(arb_regulation_field_at(-1, &f), 0);
	ck_assert_int_eq(arb_regulation_field_at(1 << 20, NULL), 0);
	fx.reg.lots_seed = -3; /* a struct a caller wrote: checked, not misuse */
	ck_assert_int_eq(arb_regulation_check(&fx.reg, NULL), ARB_E_PROFILE);
	/* the Berger numbers are input; a short array is -1 */
	ck_assert_int_eq(arb_berger_rounds(1, 1), -1);
	ck_assert_int_eq(arb_berger_rounds(10, 3), -1);
	ck_assert_int_eq(arb_berger_round(10, 1, 0, 0, fx.boards, 4), -1);
	ck_assert_int_eq(arb_berger_round(4, 1, 1, 0, fx.boards, 1), -1);
	ck_assert_int_eq(arb_berger_round(4, 1, 1, 0, NULL, 0), -1);
	n = arb_berger_round(4, 1, 1, 0, fx.boards, 4);
	ck_assert_int_eq(n, 2);
}
END_TEST

static Suite *misuse_suite(void)
{
	Suite *s = suite_create("misuse");
	TCase *tc = tcase_create("misuse");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_misuse, 0, NCASES);
	tcase_add_test(tc, test_allowed);
	tcase_add_test(tc, test_allowed_tournament);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(misuse_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
