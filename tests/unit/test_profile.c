/*
 * test_profile.c -- competition-rule profiles (lua/profile.h, the scripts of
 * profiles/ and examples/profiles/).
 *
 * Every shipped profile loads at every speed and supervision, and its
 * values are its edition's (a table below; docs/rules.md lists them all). Each kind of broken
 * profile -- an unknown field, a wrong word or type, an unknown option, a
 * missing or cyclic base, a syntax error, an endless loop, a memory bomb --
 * is refused with a message naming the script and, where there is one, the
 * line and the field. Hooks run through real games (engine/rules/game.c): the
 * examples, the game view (the SAN of every move of two PGN files checked
 * against a replay), and hooks that fail, loop or allocate without end,
 * each a clean ARB_E_PROFILE after which the profile still works.
 *
 * usage: test_profile PROFILES_DIR EXAMPLES_PROFILES_DIR PGN_DIR
 */
#include <check.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <arbiter.h>

#include "compat.h" /* ARB_LUAJIT: what differs on LuaJIT */
#include "profile.h"

/* What Lua 5.4 does, or what LuaJIT does instead. */
#define LUA_OR_JIT(lua54, luajit) (ARB_LUAJIT ? (luajit) : (lua54))

static const char *profiles_dir, *examples_dir, *pgn_dir;
static char tmp_dir[256];

/* ------------------------------------------------------------------------
 * Helpers
 * ---------------------------------------------------------------------- */

/* Writes tmp_dir/name with text. */
static void write_script(const char *name, const char *text)
{
	char path[512];
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s", tmp_dir, name);
	fp = fopen(path, "wb");
	ck_assert_msg(fp != NULL, "cannot write %s", path);
	fputs(text, fp);
	fclose(fp);
}

/* The profile path of the tests: the temporary scripts, the examples, the
 * shipped profiles. */
static const char *test_path(void)
{
	static char path[1024];

	snprintf(path, sizeof path, "%s:%s:%s", tmp_dir, examples_dir, profiles_dir);
	return path;
}

static arb_profile *load_ok(const char *spec)
{
	arb_error err;
	arb_profile *p = arb_profile_load(spec, test_path(), &err);

	ck_assert_msg(p != NULL, "%s: %s", spec, err.message);
	return p;
}

/* Loading `spec` fails with ARB_E_PROFILE and a message holding each of
 * the NULL-terminated strings. */
static void load_fails(const char *spec, ...)
{
	arb_error err;
	arb_profile *p = arb_profile_load(spec, test_path(), &err);
	va_list ap;
	const char *want;

	if (p != NULL)
		arb_profile_free(p);
	ck_assert_msg(p == NULL, "%s: loaded, expected an error", spec);
	ck_assert_msg(err.code == ARB_E_PROFILE, "%s: code %s (%s)", spec,
		      arb_status_name(err.code), err.message);
	va_start(ap, spec);
	while ((want = va_arg(ap, const char *)) != NULL)
		ck_assert_msg(strstr(err.message, want) != NULL, "%s: message '%s' lacks '%s'",
			      spec, err.message, want);
	va_end(ap);
}

static void expect_value(const arb_rules *r, const char *spec, const char *field, const char *want)
{
	char buf[ARB_RULES_VALUE];

	ck_assert_msg(arb_rules_get(r, field, buf, sizeof buf) >= 0, "%s: no field %s", spec,
		      field);
	ck_assert_msg(strcmp(buf, want) == 0, "%s: %s is '%s', expected '%s'", spec, field, buf,
		      want);
}

/* A new game under the profile's rules from `fen` (NULL: the start). */
static arb_game *new_game(const arb_profile *p, const char *fen)
{
	arb_position *start = NULL;
	arb_game *g;

	if (fen != NULL) {
		arb_error err;
		start = arb_position_new();
		ck_assert(start != NULL);
		ck_assert_msg(arb_position_set_fen(start, fen, ARB_FEN_AUTO, &err) == ARB_OK,
			      "%s: %s", fen, err.message);
	}
	g = arb_game_new(arb_profile_rules(p), start, NULL);
	arb_position_free(start);
	ck_assert(g != NULL);
	return g;
}

/* Plays `tokens` (which must be taken) and returns the game's standing. */
static arb_game_result play(const arb_profile *p, const char *fen, const char *tokens)
{
	arb_game *g = new_game(p, fen);
	arb_game_result res;
	arb_error err;

	ck_assert_msg(arb_game_tokens(g, tokens, &err) == ARB_OK, "%s: %s", tokens, err.message);
	arb_game_result_get(g, &res);
	arb_game_free(g);
	return res;
}

/* Plays `tokens` under a profile whose hook must fail: ARB_E_PROFILE with a
 * message holding `want`. */
static void hook_fails(const arb_profile *p, const char *tokens, const char *want)
{
	arb_game *g = new_game(p, NULL);
	arb_error err;
	arb_status st = arb_game_tokens(g, tokens, &err);

	arb_game_free(g);
	ck_assert_msg(st == ARB_E_PROFILE, "%s: %s (%s), expected a hook error", tokens,
		      arb_status_name(st), err.message);
	ck_assert_msg(strstr(err.message, want) != NULL, "%s: message '%s' lacks '%s'", tokens,
		      err.message, want);
}

/* ------------------------------------------------------------------------
 * Every shipped profile loads
 * ---------------------------------------------------------------------- */

static const char *const fide[] = {"fide1997", "fide2009", "fide2014", "fide2018", "fide2023"};
static const char *const speeds[] = {"standard", "rapid", "blitz"};
static const char *const supervisions[] = {"limited", "full"};

/* The checks every shipped profile passes. */
static void check_shipped(const char *spec, const char *script)
{
	arb_profile *p = load_ok(spec);
	const arb_rules *r = arb_profile_rules(p);
	const char *file = arb_profile_file(p);

	if (strlen(spec) < sizeof r->name)
		ck_assert_str_eq(r->name, spec);
	else /* cut (test_long_name) */
		ck_assert(strncmp(r->name, spec, sizeof r->name - 4) == 0);
	ck_assert_msg(r->edition[0] != '\0' && strcmp(r->edition, "rules") != 0, "%s: no edition",
		      spec);
	ck_assert_msg(r->description[0] != '\0', "%s: no description", spec);
	ck_assert_msg(strlen(file) > strlen(script) &&
			      strcmp(file + strlen(file) - strlen(script), script) == 0,
		      "%s: came from %s, expected %s", spec, file, script);
	for (int a = 0; a < ARB_ART_COUNT; a++)
		ck_assert_msg(r->article[a][0] != '\0', "%s: no article for '%s'", spec,
			      arb_article_key((arb_article)a));
	ck_assert_msg(r->on_move == NULL && r->on_end == NULL, "%s: a shipped profile has hooks",
		      spec);
	/* The Laws' counts, in every edition and speed. */
	expect_value(r, spec, "draw.threefold_count", "3");
	expect_value(r, spec, "draw.fivefold_count", "5");
	expect_value(r, spec, "draw.fifty_moves", "50");
	expect_value(r, spec, "draw.seventyfive_moves", "75");
	arb_profile_free(p);
}

START_TEST(test_all_shipped_load)
{
	char spec[128], script[32];

	for (int e = 0; e < 5; e++)
		for (int s = 0; s < 3; s++)
			for (int v = 0; v < 2; v++) {
				snprintf(spec, sizeof spec, "%s-%s{supervision=%s}", fide[e],
					 speeds[s], supervisions[v]);
				snprintf(script, sizeof script, "/%s.lua", fide[e]);
				check_shipped(spec, script);
				snprintf(spec, sizeof spec, "%s-%s", fide[e], speeds[s]);
				check_shipped(spec, script);
			}
	check_shipped("uscf-standard", "/uscf.lua");
	check_shipped("uscf-blitz", "/uscf.lua");
	check_shipped("uscf-standard{tc=G/90,delay=5,var14H=on}", "/uscf.lua");
	check_shipped("armageddon", "/armageddon.lua");
	check_shipped("armageddon{base=fide2018-blitz}", "/armageddon.lua");
	check_shipped("armageddon{base=fide2014-blitz{supervision=full}}", "/armageddon.lua");
	check_shipped("online", "/online.lua");
	check_shipped("online{autoThreefold=time}", "/online.lua");
	check_shipped("fide2014-rapid{fivefold=any,appendixG=on,clock=digital}", "/fide2014.lua");
	check_shipped("fide2014-blitz{period=1of2,tc=G/90,default=1800,chess960=on}",
		      "/fide2014.lua");
}
END_TEST

/* The values every FIDE edition shares (docs/rules.md#parameters). */
START_TEST(test_fide_common)
{
	char spec[64];

	for (int e = 0; e < 5; e++)
		for (int s = 0; s < 3; s++) {
			snprintf(spec, sizeof spec, "%s-%s", fide[e], speeds[s]);
			arb_profile *p = load_ok(spec);
			const arb_rules *r = arb_profile_rules(p);
			int blitz97 = e == 0 && s == 2;
			expect_value(r, spec, "speed", speeds[s]);
			expect_value(r, spec, "draw.threefold", "claim");
			expect_value(r, spec, "draw.fifty", "claim");
			expect_value(r, spec, "draw.dead", "analysis");
			expect_value(r, spec, "time.flag_test",
				     blitz97 ? "fide1997-blitz" : "fide");
			/* 1997 10.3: the third illegal move loses, no exception. */
			expect_value(r, spec, "illegal.cannot_mate",
				     blitz97 ? "fide1997-blitz" :
				     e == 0  ? "none" :
					       "fide");
			expect_value(r, spec, "time.qpf_limit_ms", "119999");
			expect_value(r, spec, "time.qpf_reject_s", "120");
			expect_value(r, spec, "score.draw", "draw");
			expect_value(r, spec, "chess960", "false");
			arb_profile_free(p);
		}
}
END_TEST

/* ------------------------------------------------------------------------
 * The values of each edition (docs/rules.md; field meanings in engine/rules/rules.c)
 * ---------------------------------------------------------------------- */

static const struct value_row {
	const char *spec, *field, *value;
} values[] = {
	/* FIDE 1997 */
	{"fide1997-standard", "edition", "FIDE 1997"},
	{"fide1997-standard", "draw.fivefold", "none"},
	{"fide1997-standard", "draw.seventyfive", "none"},
	{"fide1997-standard", "draw.claim_is_offer", "false"},
	{"fide1997-standard", "draw.claim_penalty_s", "180"},
	{"fide1997-standard", "draw.claimant_penalty", "half-max-180"},
	{"fide1997-standard", "illegal.mode", "quickplay-only"},
	{"fide1997-standard", "illegal.penalty_s", "120"},
	{"fide1997-standard", "illegal.lose_on", "3"},
	{"fide1997-standard", "illegal.promotion", "illegal"},
	{"fide1997-standard", "illegal.press_without_move", "misuse"},
	{"fide1997-standard", "time.default_s", "3600"},
	{"fide1997-standard", "time.qpf", "fide-10.2"},
	{"fide1997-standard", "time.qpf_announced", "true"},
	{"fide1997-standard", "time.flag_by", "arbiter"},
	{"fide1997-standard", "time.both_flags", "continue-unless-last"},
	{"fide1997-standard", "time.clock", "analog"},
	{"fide1997-standard", "time.period", "auto"},
	{"fide1997-standard{period=1of2}", "time.period", "not-last"},
	{"fide1997-standard{period=last}", "time.period", "last"},
	{"fide1997-standard{period=quickplay}", "time.period", "last"},
	{"fide1997-standard{default=900}", "time.default_s", "900"},
	{"fide1997-rapid", "illegal.mode", "penalise"},
	{"fide1997-rapid", "illegal.penalty_s", "120"},
	{"fide1997-rapid", "illegal.lose_on", "3"},
	{"fide1997-rapid", "time.flag_by", "claim"},
	{"fide1997-rapid", "time.claimant_flag_up", "true"},
	{"fide1997-rapid", "time.both_flags", "draw"},
	{"fide1997-blitz", "illegal.lose_on", "1"},
	{"fide1997-blitz", "illegal.penalty_s", "0"},
	{"fide1997-blitz", "time.flag_by", "claim"},
	{"fide1997-blitz", "time.claimant_flag_up", "true"},
	{"fide1997-blitz", "time.both_flags", "draw"},
	/* FIDE 2009 */
	{"fide2009-standard", "edition", "FIDE 2009"},
	{"fide2009-standard", "draw.fivefold", "none"},
	{"fide2009-standard", "draw.seventyfive", "none"},
	{"fide2009-standard", "draw.claim_is_offer", "true"},
	{"fide2009-standard", "draw.claim_penalty_s", "180"},
	{"fide2009-standard", "draw.claimant_penalty", "tiered-2009"},
	{"fide2009-standard", "illegal.mode", "penalise"},
	{"fide2009-standard", "illegal.penalty_s", "120"},
	{"fide2009-standard", "illegal.lose_on", "3"},
	{"fide2009-standard", "illegal.promotion", "illegal"},
	{"fide2009-standard", "illegal.press_without_move", "misuse"},
	{"fide2009-standard", "time.default_s", "0"},
	{"fide2009-standard", "time.qpf", "fide-10.2"},
	{"fide2009-standard", "time.qpf_announced", "true"},
	{"fide2009-standard", "time.clock", "analog"},
	{"fide2009-standard", "time.flag_by", "arbiter"},
	{"fide2009-standard", "time.both_flags", "continue-unless-last"},
	{"fide2009-standard{default=600}", "time.default_s", "600"},
	{"fide2009-rapid", "illegal.penalty_s", "120"},
	{"fide2009-rapid", "illegal.lose_on", "3"},
	{"fide2009-rapid", "time.flag_by", "claim"},
	{"fide2009-rapid", "time.claimant_flag_up", "true"},
	{"fide2009-rapid", "time.both_flags", "draw"},
	{"fide2009-rapid{supervision=full}", "time.flag_by", "arbiter"},
	{"fide2009-rapid{supervision=full}", "time.claimant_flag_up", "false"},
	{"fide2009-rapid{supervision=full}", "time.both_flags", "continue-unless-last"},
	{"fide2009-blitz", "illegal.lose_on", "1"},
	{"fide2009-blitz", "illegal.penalty_s", "0"},
	{"fide2009-blitz", "time.flag_by", "claim"},
	{"fide2009-blitz", "time.both_flags", "draw"},
	/* B.2: with one arbiter per game the competition rules apply (7.4b). */
	{"fide2009-blitz{supervision=full}", "illegal.lose_on", "3"},
	{"fide2009-blitz{supervision=full}", "illegal.penalty_s", "120"},
	/* FIDE 2014 */
	{"fide2014-standard", "edition", "FIDE 2014"},
	{"fide2014-standard", "draw.fivefold", "consecutive"},
	{"fide2014-standard", "draw.seventyfive", "auto"},
	{"fide2014-standard", "draw.claim_penalty_s", "120"},
	{"fide2014-standard", "draw.claimant_penalty", "none"},
	{"fide2014-standard", "illegal.penalty_s", "120"},
	{"fide2014-standard", "illegal.lose_on", "2"},
	{"fide2014-standard", "illegal.promotion", "queen"},
	{"fide2014-standard", "illegal.press_without_move", "misuse"},
	{"fide2014-standard", "time.clock", "analog"},
	{"fide2014-standard", "time.both_flags", "continue-unless-last"},
	{"fide2014-standard", "time.default_s", "0"},
	{"fide2014-standard", "time.qpf", "appendix-g"},
	{"fide2014-standard", "time.qpf_announced", "false"},
	{"fide2014-standard", "articles.fivefold", "9.6a"},
	{"fide2014-standard", "articles.seventyfive", "9.6b"},
	{"fide2014-standard{fivefold=any}", "draw.fivefold", "any"},
	{"fide2014-standard{clock=digital}", "time.clock", "digital"},
	{"fide2014-standard{appendixG=on}", "time.qpf_announced", "true"},
	{"fide2014-standard{default=1800}", "time.default_s", "1800"},
	{"fide2014-standard{default=unspecified}", "time.default_s", "0"},
	{"fide2014-standard{tc=G/90}", "time.tc", "G/90"},
	{"fide2014-rapid", "illegal.lose_on", "1"},
	{"fide2014-rapid", "draw.claim_penalty_s", "120"},
	{"fide2014-rapid{supervision=full}", "illegal.penalty_s", "120"},
	{"fide2014-rapid{supervision=full}", "illegal.lose_on", "2"},
	{"fide2014-blitz", "illegal.lose_on", "1"},
	{"fide2014-blitz", "draw.claim_penalty_s", "60"},
	{"fide2014-blitz{supervision=full}", "illegal.penalty_s", "60"},
	{"fide2014-blitz{supervision=full}", "illegal.lose_on", "2"},
	/* FIDE 2018 */
	{"fide2018-standard", "edition", "FIDE 2018"},
	{"fide2018-standard", "draw.fivefold", "any"},
	{"fide2018-standard", "draw.seventyfive", "auto"},
	{"fide2018-standard", "draw.claim_penalty_s", "120"},
	{"fide2018-standard", "draw.agreement_min_moves", "1"},
	{"fide2018-standard", "draw.resign_dead_draw", "false"},
	{"fide2018-standard", "illegal.penalty_s", "120"},
	{"fide2018-standard", "illegal.lose_on", "2"},
	{"fide2018-standard", "illegal.promotion", "queen"},
	{"fide2018-standard", "illegal.press_without_move", "illegal"},
	{"fide2018-standard", "time.clock", "digital"},
	{"fide2018-standard", "time.qpf", "guidelines-iii"},
	{"fide2018-standard", "time.qpf_announced", "false"},
	{"fide2018-standard", "time.default_s", "0"},
	{"fide2018-standard", "articles.fivefold", "9.6.1"},
	{"fide2018-standard{guidelinesIII=on}", "time.qpf_announced", "true"},
	{"fide2018-standard{default=unspecified}", "time.default_s", "0"},
	{"fide2018-rapid", "illegal.penalty_s", "120"},
	{"fide2018-rapid", "illegal.lose_on", "2"},
	{"fide2018-rapid", "draw.claim_penalty_s", "120"},
	{"fide2018-rapid{supervision=full}", "illegal.penalty_s", "120"},
	{"fide2018-blitz", "illegal.penalty_s", "60"},
	{"fide2018-blitz", "illegal.lose_on", "2"},
	{"fide2018-blitz", "draw.claim_penalty_s", "60"},
	{"fide2018-blitz{supervision=full}", "illegal.penalty_s", "60"},
	/* FIDE 2023 */
	{"fide2023-standard", "edition", "FIDE 2023"},
	{"fide2023-standard", "draw.fivefold", "any"},
	{"fide2023-standard", "draw.claim_penalty_s", "120"},
	{"fide2023-standard", "draw.resign_dead_draw", "true"},
	{"fide2023-standard", "draw.agreement_min_moves", "1"},
	{"fide2023-standard", "illegal.penalty_s", "120"},
	{"fide2023-standard", "illegal.press_without_move", "illegal"},
	{"fide2023-standard", "time.clock", "digital"},
	{"fide2023-standard", "articles.threefold", "9.2.1"},
	{"fide2023-standard{guidelinesIII=on}", "time.qpf_announced", "true"},
	{"fide2023-standard{clock=analog,chess960=on}", "time.clock", "analog"},
	{"fide2023-standard{clock=analog,chess960=on}", "chess960", "true"},
	{"fide2023-rapid", "draw.claim_penalty_s", "60"},
	{"fide2023-rapid", "illegal.penalty_s", "60"},
	{"fide2023-rapid", "illegal.lose_on", "2"},
	{"fide2023-rapid", "articles.illegal", "A.3, A.5.2 -> 7.5.5"},
	{"fide2023-rapid{supervision=full}", "draw.claim_penalty_s", "60"},
	{"fide2023-rapid{supervision=full}", "illegal.penalty_s", "60"},
	{"fide2023-blitz", "draw.claim_penalty_s", "60"},
	{"fide2023-blitz", "illegal.penalty_s", "60"},
	{"fide2023-blitz", "articles.claim_penalty", "9.5.3, B.3 -> A.3"},
	/* 2023 B.2 (full supervision): the Competitive Rules of Play, two minutes */
	{"fide2023-blitz{supervision=full}", "draw.claim_penalty_s", "120"},
	{"fide2023-blitz{supervision=full}", "illegal.penalty_s", "120"},
	{"fide2023-blitz{supervision=full}", "articles.illegal", "B.2 -> 7.5.5"},
	{"fide2023-blitz{supervision=full}", "articles.claim_penalty", "9.5.3, B.2"},
	{"fide2018-blitz{supervision=full}", "illegal.penalty_s", "60"},
	/* touch-move, the quickplay claimant on move, both late, Guidelines III scope */
	{"fide1997-standard", "time.qpf_on_move", "false"},
	{"fide2009-standard", "time.qpf_on_move", "true"},
	{"uscf-standard", "time.qpf_on_move", "true"},
	{"fide2014-standard", "illegal.touch_move", "true"},
	{"online", "illegal.touch_move", "false"},
	{"fide2023-standard", "articles.touch_move", "7.5.1 -> 4.3.1"},
	{"fide2023-standard", "articles.touch_castle", "7.5.1 -> 4.7.2"},
	{"fide2009-standard", "articles.touch_castle", "7.4a -> 4.6b"},
	{"uscf-standard", "time.both_late", "split"},
	{"fide2018-standard", "time.both_late", "white-clock"},
	{"fide2014-standard", "articles.both_late", "6.7b"},
	{"fide2018-standard", "time.both_flags", "guidelines-iii"},
	{"fide2023-rapid", "time.both_flags", "guidelines-iii"},
	{"fide2018-standard", "articles.qpf_scope", "III.2.1, III.2.2"},
	{"armageddon", "illegal.touch_move", "true"},
	/* US Chess */
	{"uscf-standard", "edition", "USCF"},
	{"uscf-standard", "draw.fivefold", "td"},
	{"uscf-standard", "draw.seventyfive", "td"},
	{"uscf-standard", "draw.fifty", "claim"},
	{"uscf-standard", "draw.dead", "uscf"},
	{"uscf-standard", "draw.claim_is_offer", "true"},
	{"uscf-standard", "draw.claim_penalty_s", "120"},
	{"uscf-standard", "draw.claimant_penalty", "none"},
	{"uscf-standard", "illegal.mode", "penalise"},
	{"uscf-standard", "illegal.penalty_s", "120"},
	{"uscf-standard", "illegal.lose_on", "0"},
	{"uscf-standard", "illegal.promotion", "improper-press"},
	{"uscf-standard", "illegal.press_without_move", "misuse"},
	{"uscf-standard", "time.flag_test", "uscf-14e"},
	{"uscf-standard", "time.flag_by", "claim"},
	{"uscf-standard", "time.claimant_flag_up", "true"},
	{"uscf-standard", "time.both_flags", "uscf"},
	{"uscf-standard", "time.default_s", "3600"},
	{"uscf-standard", "time.default_first_control", "true"},
	{"uscf-standard", "time.qpf", "uscf-14h"},
	{"uscf-standard", "time.qpf_announced", "false"},
	{"uscf-standard", "time.qpf_limit_ms", "120000"},
	{"uscf-standard", "time.qpf_reject_s", "0"},
	{"uscf-standard", "time.qpf_reject_claimant_s", "60"},
	{"uscf-standard", "time.tc", ""},
	{"uscf-standard{var14H=on}", "time.qpf_announced", "true"},
	/* tc and delay/increment are composed as a structure (PGN form out) */
	{"uscf-standard{tc=G/90,delay=5}", "time.tc", "5400d5"},
	{"uscf-standard{tc=5400,delay=5}", "time.tc", "5400d5"},
	{"uscf-standard{tc=G/90,delay=0}", "time.tc", "5400+0"},
	{"uscf-standard{tc=G/60,increment=30}", "time.tc", "3600+30"},
	{"uscf-standard{tc=3600,increment=30}", "time.tc", "3600+30"},
	{"uscf-standard{tc=G/120}", "time.tc", "7200"},
	{"uscf-standard{tc=\"40/120, SD/60;d5\"}", "time.tc", "40/7200d5:3600d5"},
	{"uscf-standard{tc=\"40/120, SD/60\",delay=5}", "time.tc", "40/7200d5:3600d5"},
	{"uscf-standard{tc=\"40/7200:3600\",delay=5}", "time.tc", "40/7200d5:3600d5"},
	{"fide2014-standard{tc=\"40/5400+30:1800+30\"}", "time.tc", "40/5400+30:1800+30"},
	{"armageddon{base=\"uscf-blitz{tc=\\\"G/5, d/0\\\"}\"}", "time.tc", "300+0"},
	{"armageddon{base=uscf-blitz{tc=\"G/5, d/0\"}}", "time.tc", "300+0"},
	{"uscf-blitz", "illegal.lose_on", "1"},
	{"uscf-blitz", "illegal.penalty_s", "0"},
	{"uscf-blitz", "illegal.cannot_mate", "uscf-blitz"},
	{"uscf-blitz", "time.flag_test", "uscf-blitz"},
	/* lichess */
	{"online", "edition", "lichess"},
	{"online", "draw.threefold", "claim"},
	{"online", "draw.fivefold", "any"},
	{"online", "draw.fifty", "auto"},
	{"online", "draw.seventyfive", "none"},
	{"online", "draw.dead", "material"},
	{"online", "draw.claim_is_offer", "false"},
	{"online", "draw.claim_penalty_s", "0"},
	{"online", "draw.offer_min_ply", "2"},
	{"online", "draw.offer_repeat_plies", "20"},
	{"online", "illegal.mode", "rejected"},
	{"online", "illegal.promotion", "impossible"},
	{"online", "illegal.press_without_move", "impossible"},
	{"online", "time.flag_test", "lichess"},
	{"online", "time.flag_by", "server"},
	{"online", "time.default_s", "-1"},
	{"online", "time.qpf", "none"},
	{"online{autoThreefold=never}", "draw.threefold", "claim"},
	{"online{autoThreefold=always}", "draw.threefold", "auto"},
	{"online{autoThreefold=time}", "draw.threefold", "auto-when-short"},
	/* Armageddon */
	{"armageddon", "edition", "FIDE 2023"},
	{"armageddon", "speed", "blitz"},
	{"armageddon", "illegal.penalty_s", "60"},
	{"armageddon", "score.draw", "black-wins"},
	{"armageddon", "score.draw_odds_on_time_draw", "true"},
	{"armageddon", "articles.draw_odds", "+ event regulations"},
	{"armageddon{drawOddsOnTimeDraw=false}", "score.draw_odds_on_time_draw", "false"},
	{"armageddon{regulation=\"WC 2023 reg. 3.7.3\"}", "articles.draw_odds",
	 "+ WC 2023 reg. 3.7.3"},
	{"armageddon{base=fide2018-blitz}", "edition", "FIDE 2018"},
	{"armageddon{base=fide2014-blitz{supervision=full}}", "supervision", "full"},
	{"armageddon{base=fide2014-blitz{supervision=full}}", "illegal.lose_on", "2"},
};

/* The shipped profiles' category fields give what arb_tc_category gives
 * their editions (the table of engine/rules/categories.c), on each control. */
static const char *const category_controls[] = {
	"?",
	"-",
	"*180",
	"*3600",
	"15",
	"29",
	"30",
	"179+0",
	"180",
	"180+2",
	"120+3",
	"299",
	"300",
	"300d5",
	"300b5",
	"479+1",
	"480",
	"599",
	"600",
	"601",
	"600+5",
	"720",
	"840",
	"899",
	"900",
	"1499",
	"1500",
	"1500+10",
	"1799",
	"1800",
	"3540",
	"3599",
	"3600",
	"3900",
	"3960",
	"5400+30",
	"21599",
	"21600",
	"20/300:600",
	"40/5400+30:1800+30",
	"40/7200:3600",
	"300+3@61",
	"300=240",
	"W300+3@61-B240+3@61",
	"W900-B300",
	"G/5 d/0",
	"G/3+2",
	"G/2+3",
	"G/5;d5",
	"G/10;d5",
	"G/29+1",
	"G/30",
	"G/65;d5",
	"G/66",
	"40/120, SD/60;d5",
};
static const struct {
	const char *spec, *edition;
} category_profiles[] = {
	{"fide1997-standard", "fide1997"},
	{"fide2009-rapid", "fide2009"},
	{"fide2014-blitz", "fide2014"},
	{"fide2018-standard", "fide2018"},
	{"fide2023-rapid", "fide2023"},
	{"uscf-standard", "uscf"},
	{"uscf-blitz", "uscf"},
	{"online", "online"},
	{"armageddon", "fide2023"}, /* its base, fide2023-blitz */
};

START_TEST(test_categories_match)
{
	arb_profile *p = load_ok(category_profiles[_i].spec);
	const arb_rules *r = arb_profile_rules(p);
	for (size_t i = 0; i < sizeof category_controls / sizeof category_controls[0]; i++) {
		arb_time_control tc;
		char got[32];
		ck_assert_int_eq(arb_tc_parse(category_controls[i], &tc, NULL), ARB_OK);
		const char *want = arb_tc_category(&tc, category_profiles[_i].edition);
		ck_assert_ptr_nonnull(want);
		ck_assert_int_ge(arb_rules_tc_category(r, &tc, got, sizeof got), 0);
		ck_assert_msg(!strcmp(got, want), "%s, %s: %s, arb_tc_category %s",
			      category_profiles[_i].spec, category_controls[i], got, want);
	}
	arb_profile_free(p);
}
END_TEST

/* A copied profile classifies by its own bounds. */
START_TEST(test_categories_own)
{
	write_script("classical.lua", "local p = extend('fide2018')\n"
				      "p.time.categories = 'classical >= 90m, standard >= 60m, "
				      "rapid > 10m, blitz'\nreturn p\n");
	arb_profile *p = load_ok("classical");
	arb_time_control tc;
	char got[32];
	ck_assert_int_eq(arb_tc_parse("5400+30", &tc, NULL), ARB_OK);
	ck_assert_int_eq(arb_rules_tc_category(arb_profile_rules(p), &tc, got, sizeof got), 9);
	ck_assert_str_eq(got, "classical");
	ck_assert_str_eq(arb_tc_category(&tc, "fide2018"), "standard");
	arb_profile_free(p);
}
END_TEST

START_TEST(test_values)
{
	const struct value_row *row = &values[_i];
	arb_profile *p = load_ok(row->spec);

	expect_value(arb_profile_rules(p), row->spec, row->field, row->value);
	arb_profile_free(p);
}
END_TEST

/* ------------------------------------------------------------------------
 * Names and options
 * ---------------------------------------------------------------------- */

START_TEST(test_bad_names_and_options)
{
	load_fails("fide2014-standard{bogus=1}", "fide2014.lua", "unknown option 'bogus'",
		   "speed, supervision", NULL);
	load_fails("fide2014-standard{supervision=half}",
		   "fide2014.lua:", "option 'supervision': 'half' is not one of: limited, full",
		   NULL);
	load_fails("fide2014-blitz{speed=rapid}", "option 'speed' is given twice", NULL);
	load_fails("fide2014-standard{clock=digital,clock=analog}", "option 'clock' is given twice",
		   NULL);
	load_fails("online-blitz", "online.lua", "unknown option 'speed'", "autoThreefold", NULL);
	load_fails("uscf-rapid", "uscf.lua:", "'rapid' is not one of: standard, blitz", NULL);
	load_fails("uscf-standard{delay=5}", "uscf.lua:", "option 'delay' needs option 'tc'", NULL);
	load_fails("uscf-standard{tc=G/90,delay=5,increment=2}", "exclude each other", NULL);
	load_fails("uscf-standard{tc=G/90,delay=x}", "option 'delay': 'x' is not whole seconds",
		   NULL);
	load_fails("uscf-standard{tc=nonsense}", "uscf.lua",
		   "option 'tc': 'nonsense': time control", NULL);
	load_fails("fide2023-standard{default=soon}", "option 'default': 'soon'", NULL);
	load_fails("fide2023-standard{fivefold=any}", "fide2023.lua", "unknown option 'fivefold'",
		   NULL);
	load_fails("fide2099", "no profile 'fide2099'", NULL);
	load_fails("fide2099-blitz", "no profile 'fide2099-blitz'", NULL);
	load_fails("fide2014-standard{supervision=full", "do not end with '}'", NULL);
	load_fails("fide2014-standard{supervision}", "not name=value", NULL);
	load_fails("fide2014-standard{supervision=}", "option 'supervision' has no value", NULL);
	load_fails("../fide2014", "is not a profile name", NULL);
	load_fails("{speed=blitz}", "no profile name", NULL);
	load_fails("", "no profile name", NULL);
	load_fails("no/such/file.lua", "not a readable file", NULL);
	load_fails("armageddon{base=armageddon}", "armageddon.lua:", "a cycle",
		   "armageddon.lua -> ", NULL);
	load_fails("armageddon{base=nothing_here}", "armageddon.lua:", "no profile 'nothing_here'",
		   NULL);
	load_fails("armageddon{base=fide2023-blitz{bogus=1}}", "fide2023.lua",
		   "unknown option 'bogus'", NULL);
	/* time controls composed as structures: the message names what was typed */
	load_fails("uscf-standard{tc=5400;x,delay=5}",
		   "uscf.lua:", "option 'tc': '5400;x': time control, column 5: unexpected ';'",
		   NULL);
	load_fails("uscf-standard{tc=G/90;d5,delay=5}",
		   "option 'tc': time control 'G/90;d5' already states a delay or an increment",
		   NULL);
	load_fails("uscf-standard{tc=-,delay=5}", "time control '-' has no periods to give a delay",
		   NULL);
}
END_TEST

/* Option values: quoted ("..." with \" and \\) or bare; each mistake names
 * its column in the whole spec. */
START_TEST(test_option_quoting)
{
	load_fails("uscf-standard{tc=\"40/120, SD/60;d5}",
		   "column 18: the quote that opens here is not closed", NULL);
	load_fails("uscf-standard{tc=\"40/120\" ,delay=5}",
		   "column 26: a ',' or '}' must follow the closing quote of option 'tc'", NULL);
	load_fails("uscf-standard{tc=\"a\\x\"}",
		   "column 20: '\\' in a quoted value must be followed by '\"' or '\\'", NULL);
	load_fails("uscf-standard{tc=\"\"}", "column 18: option 'tc' has an empty value", NULL);
	load_fails("uscf-standard{tc=40/120, SD/60}",
		   "column 25: option ' SD/60' is not name=value", NULL);
	load_fails("fide2014{speed=blitz}x", "column 22: text after the '}' that ends the options",
		   NULL);
	load_fails("fide2014{speed=blitz,}", "column 22: an option name is missing", NULL);
	load_fails("fide2014{speed=blitz", "column 21: the options do not end with '}'", NULL);
	load_fails("armageddon{base=fide2023-blitz{supervision=full}",
		   "column 49: the options do not end with '}'", NULL);
	load_fails("armageddon{base=uscf-blitz{tc=\"G/5}}",
		   "column 31: the quote that opens here is not closed", NULL);
	load_fails("fide2014{speed=\"blitz\",speed=rapid}",
		   "column 24: option 'speed' is given twice", NULL);
	/* a quoted value is the text between the quotes, escapes undone */
	arb_profile *p = load_ok("fide2014{speed=\"blitz\",supervision=\"full\"}");
	expect_value(arb_profile_rules(p), "quoted", "speed", "blitz");
	expect_value(arb_profile_rules(p), "quoted", "supervision", "full");
	arb_profile_free(p);
	p = load_ok("fide2014{}");
	expect_value(arb_profile_rules(p), "{}", "speed", "standard");
	arb_profile_free(p);
}
END_TEST

/* rules->name is the spec as given (ARB_RULES_NAME holds long option lists;
 * a longer one is cut with "..."). */
START_TEST(test_long_name)
{
	const char *spec = "armageddon{base=fide2014-blitz{supervision=full,clock=digital,"
			   "period=last,default=900,fivefold=any,appendixG=on,chess960=on}}";
	arb_profile *p = load_ok(spec);
	const arb_rules *r = arb_profile_rules(p);

	ck_assert_str_eq(r->name, spec);
	arb_profile_free(p);
	spec = "uscf-standard{tc=G/90,delay=0,var14H=on,chess960=on,default=900}";
	p = load_ok(spec);
	r = arb_profile_rules(p);
	ck_assert_str_eq(r->name, spec);
	expect_value(r, spec, "time.tc", "5400+0");
	expect_value(r, spec, "time.default_s", "900");
	arb_profile_free(p);
}
END_TEST

/* ------------------------------------------------------------------------
 * Broken scripts
 * ---------------------------------------------------------------------- */

static const struct broken {
	const char *file, *text;
	const char *want[3];
} broken[] = {
	{"unknown_field.lua",
	 "return {\n  draw = {\n    threefolds = 'claim',\n  },\n}\n",
	 {"unknown_field.lua:3:", "field 'draw.threefolds': no such field", NULL}},
	{"wrong_word.lua",
	 "-- threefold = 'x' in a comment is skipped\nreturn {\n draw = {\n"
	 "  threefold = 'sometimes' } }\n",
	 {"wrong_word.lua:4:",
	  "field 'draw.threefold': 'sometimes' is not one of: claim, auto, "
	  "auto-when-short",
	  NULL}},
	{"bad_categories.lua",
	 "return {\n time = {\n  categories = 'standard >= 60, blitz' } }\n",
	 {"bad_categories.lua:3:", "field 'time.categories': a bound is '> TIME' or '>= TIME'",
	  NULL}},
	{"not_number.lua",
	 "return { draw = { claim_penalty_s = 'lots' } }\n",
	 {"not_number.lua:1:", "field 'draw.claim_penalty_s': 'lots' is not a whole number", NULL}},
	{"float.lua",
	 "return {\n illegal = { penalty_s = 1.5 } }\n",
	 {"float.lua:2:", "field 'illegal.penalty_s': '1.5' is not a whole number", NULL}},
	{"not_bool.lua",
	 "return { draw = { claim_is_offer = 'maybe' } }\n",
	 {"not_bool.lua:1:", "field 'draw.claim_is_offer': 'maybe' is not true or false", NULL}},
	{"table_field.lua",
	 "return { draw = { fifty = { 'claim' } } }\n",
	 {"table_field.lua:1:", "field 'draw.fifty': expected a word, got a table", NULL}},
	{"deep.lua",
	 "return { draw = { x = { y = 1 } } }\n",
	 {"deep.lua", "field 'draw.x': no such field", NULL}},
	{"function_field.lua",
	 "return { edition = function() end }\n",
	 {"function_field.lua:1:", "field 'edition': a function is not a value", NULL}},
	{"hook_not_function.lua",
	 "return { on_end = 'later' }\n",
	 {"hook_not_function.lua:1:", "field 'on_end': a hook must be a function", NULL}},
	{"array_key.lua",
	 "return { articles = { '9.2' } }\n",
	 {"array_key.lua", "field 'articles': a key that is not a field name", NULL}},
	{"bad_article.lua",
	 "return { articles = { threefold = '9.2', sevenfold = '9.9' } }\n",
	 {"bad_article.lua:1:", "field 'articles.sevenfold': no article key", NULL}},
	{"too_long.lua",
	 "return { edition = string.rep('x', 60) }\n",
	 {"too_long.lua", "field 'edition': longer than 47 characters", NULL}},
	{"nul.lua", "return { edition = 'a\\0b' }\n", {"nul.lua", "NUL", NULL}},
	{"bool_word.lua",
	 "return { speed = true }\n",
	 {"bool_word.lua:1:", "field 'speed': 'true' is not one of: standard, rapid, blitz", NULL}},
	{"returns_nil.lua",
	 "local t = {}\n",
	 {"returns_nil.lua: the script must return a table (the profile), not nil", NULL, NULL}},
	{"syntax.lua",
	 "return {\n  draw = { threefold = 'claim' \n  fifty = 'claim' }\n}\n",
	 {"syntax.lua:3:", "expected", NULL}},
	{"runtime.lua",
	 "local x = nil\nreturn { edition = x.y }\n",
	 {"runtime.lua:2:", "attempt to index", NULL}},
	{"error_call.lua",
	 "error('the regulations are missing')\n",
	 {"error_call.lua:1: the regulations are missing", NULL, NULL}},
	{"forever.lua",
	 "local n = 0\nwhile true do\n  n = n + 1\nend\n",
	 {"forever.lua:", "instruction limit", NULL}},
	{"forever_pcall.lua",
	 "while true do pcall(function() while true do end end) end\n",
	 {"forever_pcall.lua:1:", "instruction limit", NULL}},
	{"bomb.lua",
	 "local t = {}\nfor i = 1, 1e9 do t[i] = string.rep('x', 64) .. i end\n",
	 {"bomb.lua:", "memory limit", NULL}},
	{"binary.lua", "\033Lua\x54\x00 not really bytecode", {"binary.lua", "binary", NULL}},
	{"missing_base.lua",
	 "-- a profile\n\nlocal p = extend('no_such_base')\nreturn p\n",
	 {"missing_base.lua:3:", "extend 'no_such_base': no profile 'no_such_base'", NULL}},
	/* A tail call: LuaJIT keeps no frame of the script to find the line in. */
	{"tail_missing.lua",
	 "return extend('no_such_base')\n",
	 {LUA_OR_JIT("tail_missing.lua:1: extend", "tail_missing.lua: extend"),
	  "no profile 'no_such_base'", NULL}},
	{"cycle_a.lua",
	 "local p = extend('cycle_b')\nreturn p\n",
	 {"cycle_b.lua:1:", "a cycle: ", "cycle_a.lua -> "}},
	{"cycle_b.lua", "local p = extend('cycle_a')\nreturn p\n", {"a cycle", NULL, NULL}},
	{"self.lua", "local p = extend('self.lua')\nreturn p\n", {"self.lua:1:", "a cycle", NULL}},
	{"base_option.lua",
	 "return extend('fide2023', { bogus = 'x' })\n",
	 {"fide2023.lua", "unknown option 'bogus'", NULL}},
	{"base_option_type.lua",
	 "local p = extend('fide2023', { speed = {} })\nreturn p\n",
	 {"base_option_type.lua:1:", "option 'speed' is a table", NULL}},
	{"option_list.lua",
	 "option('x', 'a', { 'a', 7 })\nreturn {}\n",
	 {"option_list.lua:1:", "must be strings", NULL}},
	{"option_default.lua",
	 "option('x', 'c', { 'a', 'b' })\nreturn {}\n",
	 {"option_default.lua:1:", "the default 'c' is not one of: a, b", NULL}},
	{"no_tc.lua",
	 "return { time = { tc = 'ninety minutes' } }\n",
	 {"no_tc.lua:1:", "field 'time.tc'", NULL}},
	/* The counts of the draw rules (engine/rules/rules.c, arb_rules_check). */
	{"zero_moves.lua",
	 "local p = extend('fide2023')\np.draw.fifty_moves = 0\nreturn p\n",
	 {"zero_moves.lua:2:", "field 'draw.fifty_moves': '0' is below 1", NULL}},
	{"negative_moves.lua",
	 "return { draw = { seventyfive_moves = -75 } }\n",
	 {"negative_moves.lua:1:", "field 'draw.seventyfive_moves': '-75' is below 1", NULL}},
	{"onefold.lua",
	 "return { draw = { threefold_count = 1 } }\n",
	 {"onefold.lua:1:", "field 'draw.threefold_count': '1' is below 2", NULL}},
	{"half_count.lua",
	 "return { draw = { fivefold_count = 4.5 } }\n",
	 {"half_count.lua:1:", "field 'draw.fivefold_count': '4.5' is not a whole number", NULL}},
	{"count_word.lua",
	 "return { draw = { fifty_moves = 'thirty' } }\n",
	 {"count_word.lua:1:", "field 'draw.fifty_moves'", NULL}},
	{"fivefold_low.lua",
	 "local p = extend('fide2023')\n-- fewer than the claim\n"
	 "p.draw.fivefold_count = 2\nreturn p\n",
	 {"fivefold_low.lua:3:", "field 'draw.fivefold_count': 2 is below draw.threefold_count (3)",
	  NULL}},
	{"seventyfive_low.lua",
	 "local p = extend('fide2023')\np.draw.fifty_moves = 50\np.draw.seventyfive_moves = 40\n"
	 "return p\n",
	 {"seventyfive_low.lua:3:",
	  "field 'draw.seventyfive_moves': 40 is below draw.fifty_moves (50)", NULL}},
	{"fifty_high.lua",
	 "local p = extend('fide2018')\np.draw.fifty_moves = 80\nreturn p\n",
	 {"fifty_high.lua", "field 'draw.seventyfive_moves': 75 is below draw.fifty_moves (80)",
	  NULL}},
};

START_TEST(test_broken_script)
{
	const struct broken *b = &broken[_i];
	char spec[64];

	/* Write them all: some extend others. */
	for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++)
		write_script(broken[i].file, broken[i].text);
	snprintf(spec, sizeof spec, "%.*s", (int)(strlen(b->file) - 4), b->file);
	load_fails(spec, b->want[0], b->want[1], b->want[2], NULL);
}
END_TEST

/* The first error is the same on every load (fields are checked in name
 * order, not in the table's hash order). */
START_TEST(test_first_error_stable)
{
	char first[ARB_ERROR_MESSAGE_SIZE] = "";

	write_script("two_errors.lua",
		     "return { time = { clock = 'sundial' }, draw = { fifty = 'never' } }\n");
	for (int i = 0; i < 8; i++) {
		arb_error err;
		arb_profile *p = arb_profile_load("two_errors", test_path(), &err);
		ck_assert(p == NULL);
		ck_assert_msg(strstr(err.message, "field 'draw.fifty'") != NULL, "%s", err.message);
		if (i == 0)
			snprintf(first, sizeof first, "%s", err.message);
		ck_assert_str_eq(err.message, first);
	}
}
END_TEST

/* A chain of 8 bases loads; a 9th is too deep. */
START_TEST(test_extend_depth)
{
	char name[32], text[128];

	for (int i = 0; i <= 9; i++) {
		snprintf(name, sizeof name, "deep%d.lua", i);
		if (i == 9)
			snprintf(text, sizeof text, "return { edition = 'bottom' }\n");
		else
			snprintf(text, sizeof text, "local t = extend('deep%d')\nreturn t\n",
				 i + 1);
		write_script(name, text);
	}
	arb_profile *p = load_ok("deep1");
	ck_assert_str_eq(arb_profile_rules(p)->edition, "bottom");
	arb_profile_free(p);
	load_fails("deep0", "more than 8 deep", "deep8.lua:1:", NULL);
}
END_TEST

/* A script that catches a failed extend goes on; its own options still
 * work, and the base's options stay the base's. */
START_TEST(test_extend_caught)
{
	write_script("careful.lua", "local ok, why = pcall(extend, 'fide2099')\n"
				    "assert(not ok and why:find('no profile'))\n"
				    "local ok2 = pcall(extend, 'fide2023', { bogus = '1' })\n"
				    "assert(not ok2)\n"
				    "local speed = option('speed', 'standard')\n"
				    "local p = extend('fide2023', { speed = speed })\n"
				    "p.description = 'careful ' .. option('label', 'x')\n"
				    "return p\n");
	arb_profile *p = load_ok("careful-blitz{label=y}");
	expect_value(arb_profile_rules(p), "careful", "speed", "blitz");
	expect_value(arb_profile_rules(p), "careful", "description", "careful y");
	arb_profile_free(p);
}
END_TEST

/* A path with options; a base found next to the script that extends it. */
START_TEST(test_paths)
{
	char spec[512], dir[300];
	arb_profile *p;
	arb_error err;

	snprintf(dir, sizeof dir, "%s/sub", tmp_dir);
	ck_assert(mkdir(dir, 0700) == 0 || access(dir, F_OK) == 0);
	write_script("sub/house_base.lua", "return { edition = 'house ' .. option('v', '1') }\n");
	write_script("sub/house.lua", "return extend('house_base', { v = option('v', '2') })\n");
	snprintf(spec, sizeof spec, "%s/sub/house.lua{v=3}", tmp_dir);
	p = arb_profile_load(spec, NULL, &err);
	ck_assert_msg(p != NULL, "%s", err.message);
	ck_assert_str_eq(arb_profile_rules(p)->edition, "house 3");
	arb_profile_free(p);

	/* A directory of the path argument wins over the shipped profiles. */
	snprintf(dir, sizeof dir, "%s/shadow", tmp_dir);
	ck_assert(mkdir(dir, 0700) == 0 || access(dir, F_OK) == 0);
	write_script("shadow/fide2023.lua", "return { edition = 'not the real one' }\n");
	snprintf(spec, sizeof spec, "%s:%s", dir, profiles_dir);
	p = arb_profile_load("fide2023-blitz", spec, &err);
	ck_assert_msg(p == NULL && strstr(err.message, "unknown option 'speed'") != NULL, "%s",
		      err.message);
	p = arb_profile_load("fide2023", spec, &err);
	ck_assert_msg(p != NULL, "%s", err.message);
	ck_assert_str_eq(arb_profile_rules(p)->edition, "not the real one");
	ck_assert(strstr(arb_profile_file(p), dir) == arb_profile_file(p));
	arb_profile_free(p);

	/* $ARBITER_PATH: each directory and its profiles/. */
	snprintf(dir, sizeof dir, "%s/env", tmp_dir);
	ck_assert(mkdir(dir, 0700) == 0 || access(dir, F_OK) == 0);
	snprintf(dir, sizeof dir, "%s/env/profiles", tmp_dir);
	ck_assert(mkdir(dir, 0700) == 0 || access(dir, F_OK) == 0);
	write_script("env/profiles/from_env.lua", "return { edition = 'env' }\n");
	snprintf(dir, sizeof dir, "/nonexistent:%s/env", tmp_dir);
	setenv("ARBITER_PATH", dir, 1);
	p = arb_profile_load("from_env", NULL, &err);
	unsetenv("ARBITER_PATH");
	ck_assert_msg(p != NULL, "%s", err.message);
	ck_assert_str_eq(arb_profile_rules(p)->edition, "env");
	arb_profile_free(p);
	p = arb_profile_load("from_env", profiles_dir, &err);
	ck_assert(p == NULL);
	ck_assert_msg(strstr(err.message, "no profile 'from_env'") != NULL, "%s", err.message);
}
END_TEST

/* ------------------------------------------------------------------------
 * Listing
 * ---------------------------------------------------------------------- */

struct listing {
	char names[64][64];
	int n;
};

static void collect_name(const char *name, const char *file, void *ctx)
{
	struct listing *l = ctx;

	ck_assert_msg(access(file, R_OK) == 0, "%s: %s is not readable", name, file);
	if (l->n < 64)
		snprintf(l->names[l->n++], sizeof l->names[0], "%s", name);
}

START_TEST(test_list)
{
	static const char *const shipped[] = {"armageddon", "fide1997", "fide2009", "fide2014",
					      "fide2018",   "fide2023", "online",   "uscf"};
	struct listing l;
	int n;

	memset(&l, 0, sizeof l);
	n = arb_profile_list(profiles_dir, collect_name, &l);
	ck_assert_int_ge(n, 8);
	ck_assert_int_eq(n, l.n);
	for (int i = 0; i < 8; i++) {
		int found = 0;
		for (int k = 0; k < l.n; k++)
			found |= strcmp(l.names[k], shipped[i]) == 0;
		ck_assert_msg(found, "%s is not listed", shipped[i]);
	}
	for (int k = 1; k < l.n; k++)
		ck_assert_msg(strcmp(l.names[k - 1], l.names[k]) < 0, "not sorted or twice: %s, %s",
			      l.names[k - 1], l.names[k]);
	/* A directory listed first adds its scripts; a name is listed once. */
	char path[1024];
	snprintf(path, sizeof path, "%s/list", tmp_dir);
	ck_assert(mkdir(path, 0700) == 0 || access(path, F_OK) == 0);
	write_script("list/zz_extra.lua", "return {}\n");
	write_script("list/uscf.lua", "return {}\n");
	write_script("list/not a name.lua", "return {}\n");
	memset(&l, 0, sizeof l);
	snprintf(path, sizeof path, "%s/list:%s", tmp_dir, profiles_dir);
	n = arb_profile_list(path, collect_name, &l);
	ck_assert_int_eq(n, l.n);
	int extra = 0, uscf = 0;
	for (int k = 0; k < l.n; k++) {
		extra += strcmp(l.names[k], "zz_extra") == 0;
		uscf += strcmp(l.names[k], "uscf") == 0;
		ck_assert(strchr(l.names[k], ' ') == NULL);
	}
	ck_assert_int_eq(extra, 1);
	ck_assert_int_eq(uscf, 1);
}
END_TEST

/* ------------------------------------------------------------------------
 * Hooks
 * ---------------------------------------------------------------------- */

/* ------------------------------------------------------------------------
 * Rule experiments: the counts as one line of a profile
 * ---------------------------------------------------------------------- */

START_TEST(test_rule_counts)
{
	arb_game_result res;
	arb_profile *p;

	write_script("thirty.lua", "local p = extend('fide2023')\n"
				   "p.draw.fifty_moves = 30 -- a thirty-move rule\n"
				   "return p\n");
	p = load_ok("thirty");
	expect_value(arb_profile_rules(p), "thirty", "draw.fifty_moves", "30");
	/* Refused at 29 moves, granted at 30; with the written move of 9.3.1
	 * too; a refused claim costs what fide2023's does. */
	res = play(p, "8/8/2k5/8/8/8/3K4/4R3 w - - 58 120", "claim:fifty:white");
	ck_assert_str_eq(res.reason, "fifty-claim-rejected");
	ck_assert_msg(strstr(res.detail, "(58 of 60 half-moves)") != NULL, "%s", res.detail);
	res = play(p, "8/8/2k5/8/8/8/3K4/4R3 w - - 60 120", "claim:fifty:white");
	ck_assert_str_eq(res.result, "1/2-1/2");
	ck_assert_str_eq(res.reason, "fifty-claim");
	res = play(p, "8/8/2k5/8/8/8/3K4/4R3 w - - 59 120", "claim:fifty:white@e1e2");
	ck_assert_str_eq(res.reason, "fifty-claim");
	res = play(p, "8/8/2k5/8/8/8/3K4/4R3 w - - 58 120", "claim:fifty:white@e1e2");
	ck_assert_str_eq(res.reason, "fifty-claim-rejected");
	/* The 75-move rule stays fide2023's. */
	res = play(p, "7k/8/6K1/8/8/8/8/R7 w - - 99 150", "a1a2");
	ck_assert_str_eq(res.result, "*");
	res = play(p, "7k/8/6K1/8/8/8/8/R7 w - - 149 150", "a1a2");
	ck_assert_str_eq(res.reason, "seventyfive-auto");
	arb_profile_free(p);

	/* An automatic rule at 40 moves. */
	write_script("forty.lua", "local p = extend('fide2023')\n"
				  "p.draw.fifty_moves, p.draw.seventyfive_moves = 30, 40\n"
				  "return p\n");
	p = load_ok("forty");
	res = play(p, "7k/8/6K1/8/8/8/8/R7 w - - 79 150", "a1a2");
	ck_assert_str_eq(res.result, "1/2-1/2");
	ck_assert_str_eq(res.reason, "seventyfive-auto");
	res = play(p, "7k/8/6K1/8/8/8/8/R7 w - - 78 150", "a1a2");
	ck_assert_str_eq(res.result, "*");
	arb_profile_free(p);

	/* A twofold "threefold" and a fourfold "fivefold". */
	write_script("fewer.lua", "local p = extend('fide2023')\n"
				  "p.draw.threefold_count = 2\n"
				  "p.draw.fivefold_count = 4\n"
				  "return p\n");
	p = load_ok("fewer");
	res = play(p, NULL, "g1f3 g8f6 f3g1 f6g8 claim:threefold:white");
	ck_assert_str_eq(res.reason, "threefold-claim");
	res = play(p, NULL, "g1f3 g8f6 f3g1 claim:threefold:black@f6g8");
	ck_assert_str_eq(res.reason, "threefold-claim");
	res = play(p, NULL, "g1f3 g8f6 claim:threefold:white");
	ck_assert_str_eq(res.reason, "threefold-claim-rejected");
	res = play(p, NULL, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
	ck_assert_str_eq(res.reason, "fivefold-auto");
	res = play(p, NULL, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
	ck_assert_str_eq(res.result, "*");
	arb_profile_free(p);
	p = load_ok("fide2023");
	res = play(p, NULL, "g1f3 g8f6 f3g1 f6g8 claim:threefold:white");
	ck_assert_str_eq(res.reason, "threefold-claim-rejected");
	res = play(p, NULL, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
	ck_assert_str_eq(res.result, "*");
	arb_profile_free(p);
}
END_TEST

START_TEST(test_no_early_draws)
{
	arb_profile *p = load_ok("no_early_draws");
	arb_game_result res;

	ck_assert(arb_profile_rules(p)->on_end != NULL);
	res = play(p, NULL, "e2e4 e7e5 offer:white accept:black");
	ck_assert_str_eq(res.result, "*");
	ck_assert_str_eq(res.reason, "agreement-not-allowed");
	ck_assert_msg(strstr(res.detail, "before move 30") != NULL, "%s", res.detail);
	/* The game went on: a later move is taken. */
	res = play(p, NULL, "e2e4 e7e5 offer:white accept:black g1f3 b8c6");
	ck_assert_str_eq(res.result, "*");
	/* From move 30 on the agreement stands. */
	res = play(p, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 30",
		   "e2e4 e7e5 offer:white accept:black");
	ck_assert_str_eq(res.result, "1/2-1/2");
	ck_assert_str_eq(res.reason, "agreement");
	/* Other draws are fide2023's. */
	res = play(p, "k7/8/1Q6/8/8/8/8/4K3 w - - 0 1", "b6c7");
	ck_assert_str_eq(res.result, "1/2-1/2");
	ck_assert_str_eq(res.reason, "stalemate");
	arb_profile_free(p);

	p = load_ok("no_early_draws-blitz{before=10}");
	expect_value(arb_profile_rules(p), "no_early_draws-blitz", "speed", "blitz");
	res = play(p, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 10",
		   "e2e4 e7e5 offer:white accept:black");
	ck_assert_str_eq(res.result, "1/2-1/2");
	arb_profile_free(p);
}
END_TEST

START_TEST(test_stalemate_wins)
{
	arb_profile *p = load_ok("stalemate_wins");
	arb_game_result res;

	res = play(p, "k7/8/1Q6/8/8/8/8/4K3 w - - 0 1", "b6c7");
	ck_assert_str_eq(res.result, "1-0");
	ck_assert_str_eq(res.reason, "stalemate-win");
	ck_assert_str_eq(res.board, "1/2-1/2");
	ck_assert_msg(strstr(res.detail, "black is stalemated after Qc7") != NULL, "%s",
		      res.detail);
	res = play(p, "4k3/8/8/8/8/6q1/8/7K b - - 0 1", "g3f2");
	ck_assert_str_eq(res.result, "0-1");
	/* Checkmate is untouched. */
	res = play(p, "k7/8/1K6/8/8/8/7Q/8 w - - 0 1", "h2h8");
	ck_assert_str_eq(res.result, "1-0");
	ck_assert_str_eq(res.reason, "checkmate");
	arb_profile_free(p);
}
END_TEST

/* on_end's points: football scoring. */
START_TEST(test_points)
{
	write_script(
		"football.lua",
		"local p = extend('fide2023')\n"
		"p.on_end = function(game, ending)\n"
		"  local pts = { ['1-0'] = { white = 3, black = 0 }, ['0-1'] = { white = 0, black = 3 },\n"
		"                ['1/2-1/2'] = { white = '1', black = '1' } }\n"
		"  return { points = pts[ending.result] }\n"
		"end\n"
		"return p\n");
	arb_profile *p = load_ok("football");
	arb_game_result res = play(p, "k7/8/1K6/8/8/8/7Q/8 w - - 0 1", "h2h8");

	ck_assert_str_eq(res.result, "1-0");
	ck_assert_str_eq(res.points[ARB_WHITE], "3");
	ck_assert_str_eq(res.points[ARB_BLACK], "0");
	res = play(p, "k7/8/1Q6/8/8/8/8/4K3 w - - 0 1", "b6c7");
	ck_assert_str_eq(res.points[ARB_WHITE], "1");
	arb_profile_free(p);
}
END_TEST

/* The game view: every field, after each move of a short game. */
static const char view_hook[] =
	"local p = extend('fide2023', { chess960 = option('chess960') })\n"
	"p.on_move = function(game)\n"
	"  return { reason = 'view', detail = string.format('%d %d %s %s %s %s %d/%d %s|%s',\n"
	"    game.ply, game.move_number, game.side_to_move, game.last_move or '-',\n"
	"    game.last_san or '-', tostring(game.in_check), game.strikes.white,\n"
	"    game.strikes.black, tostring(game.time.white), game.fen) }\n"
	"end\n"
	"return p\n";

/* The details of the game's "view" decisions joined by '\n'. */
static void view_lines(const arb_profile *p, const char *fen, const char *tokens, char *out,
		       size_t n)
{
	arb_game *g = new_game(p, fen);
	arb_error err;
	size_t used = 0;

	ck_assert_msg(arb_game_tokens(g, tokens, &err) == ARB_OK, "%s: %s", tokens, err.message);
	out[0] = '\0';
	for (int i = 0; i < arb_game_decision_count(g); i++) {
		const arb_decision *d = arb_game_decision(g, i);
		if (strcmp(d->reason, "view") == 0 && used + 1 < n)
			used += (size_t)snprintf(out + used, n - used, "%s\n", d->detail);
	}
	arb_game_free(g);
}

START_TEST(test_game_view)
{
	char got[4096];
	arb_profile *p;

	write_script("view.lua", view_hook);
	p = load_ok("view");
	view_lines(p, NULL, "e2e4 d7d5 e4d5 c7c5 d5c6 illegal:black:a8a1 d8d2", got, sizeof got);
	ck_assert_str_eq(
		got,
		"1 1 black e2e4 e4 false 0/0 nil|rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
		"2 2 white d7d5 d5 false 0/0 nil|rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
		"3 2 black e4d5 exd5 false 0/0 nil|rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2\n"
		"4 3 white c7c5 c5 false 0/0 nil|rnbqkbnr/pp2pppp/8/2pP4/8/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 3\n"
		"5 3 black d5c6 dxc6 false 0/0 nil|rnbqkbnr/pp2pppp/2P5/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3\n"
		"6 4 white d8d2 Qxd2+ true 0/1 nil|rnb1kbnr/pp2pppp/2P5/8/8/8/PPPq1PPP/RNBQKBNR w KQkq - 0 4\n");
	/* Castling, promotion with mate, clocks. */
	view_lines(p, "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1", "clock:300:200 e1c1 e8f7 b7b8q", got,
		   sizeof got);
	ck_assert_str_eq(
		got, "1 1 black e1c1 O-O-O false 0/0 300000|4k3/1P6/8/8/8/8/8/2KR3R b - - 1 1\n"
		     "2 2 white e8f7 Kf7 false 0/0 300000|8/1P3k2/8/8/8/8/8/2KR3R w - - 2 2\n"
		     "3 2 black b7b8q b8=Q false 0/0 300000|1Q6/5k2/8/8/8/8/8/2KR3R b - - 0 2\n");
	arb_profile_free(p);

	/* Chess960: castling is king onto rook in UCI. */
	p = load_ok("view{chess960=on}");
	view_lines(p, "rk2r1n1/pppppppp/8/8/8/8/PPPPPPPP/RK2R1N1 w EAea - 0 1", "b1a1", got,
		   sizeof got);
	ck_assert_msg(strncmp(got, "1 1 black b1a1 O-O-O false", 26) == 0, "%s", got);
	arb_profile_free(p);
}
END_TEST

/* The SAN and UCI the view gives for every move of real games, against a
 * replay of the same records. */
static const char san_hook[] =
	"local p = extend('fide2023')\n"
	"p.on_move = function(game)\n"
	"  return { reason = 'san', detail = game.last_san .. ' ' .. game.last_move }\n"
	"end\n"
	"return p\n";

static long check_san_file(const arb_profile *p, const char *file)
{
	char path[512];
	arb_pgn_reader *r;
	arb_record *rec;
	arb_error err;
	long checked = 0;

	snprintf(path, sizeof path, "%s/%s", pgn_dir, file);
	r = arb_pgn_reader_open(path, 0, &err);
	ck_assert_msg(r != NULL, "%s: %s", path, err.message);
	while (arb_pgn_next(r, &rec, &err) == ARB_OK && rec != NULL) {
		arb_game *g = arb_game_from_record(rec, arb_profile_rules(p), &err);
		arb_position *pos = arb_position_clone(arb_record_start(rec));
		int plies = arb_record_ply_count(rec), k = 0;
		ck_assert_msg(g != NULL, "%s: %s", file, err.message);
		ck_assert(pos != NULL);
		for (int i = 0; i < arb_game_decision_count(g); i++) {
			const arb_decision *d = arb_game_decision(g, i);
			char want[64], san[ARB_SAN_MAX], uci[8];
			if (strcmp(d->reason, "san") != 0)
				continue;
			ck_assert_int_eq(d->ply, k + 1);
			ck_assert(k < plies);
			arb_move m = arb_record_move(rec, k);
			arb_move_to_san(pos, m, san);
			arb_move_to_uci(pos, m, uci);
			snprintf(want, sizeof want, "%s %s", san, uci);
			ck_assert_msg(strcmp(d->detail, want) == 0,
				      "%s, game %ld, ply %d: %s, expected %s", file,
				      arb_pgn_reader_games(r), k + 1, d->detail, want);
			ck_assert(arb_position_play(pos, m) == ARB_OK);
			k++;
			checked++;
		}
		/* Every ply got its call, unless the game ended on the board early. */
		ck_assert_msg(k == plies || arb_game_over(g), "%s, game %ld: %d of %d plies", file,
			      arb_pgn_reader_games(r), k, plies);
		arb_position_free(pos);
		arb_game_free(g);
	}
	arb_pgn_reader_free(r);
	return checked;
}

START_TEST(test_last_move_matches_replay)
{
	write_script("san.lua", san_hook);
	arb_profile *p = load_ok("san");
	long n = check_san_file(p, "lichess-DrDrunkenstein-2019-01-29.pgn");

	n += check_san_file(p, "pgnmentor-Morphy.pgn");
	ck_assert_int_gt(n, 50000);
	arb_profile_free(p);
}
END_TEST

static const struct bad_hook {
	const char *file, *hook, *tokens, *want;
} bad_hooks[] = {
	{"hook_error.lua", "on_move = function(game) error('no moves on Sundays') end", "e2e4",
	 "hook_error.lua:3: no moves on Sundays"},
	{"hook_index.lua", "on_end = function(game, ending) return ending.nope.x end",
	 "e2e4 e7e5 resign:white",
	 "hook_index.lua:3: ending has no field 'nope' (result, board, reason, detail, article)"},
	/* A misspelt field is an error naming it and the fields there are. */
	{"hook_unknown.lua", "on_move = function(game) if game.halfmoves then return end end",
	 "e2e4",
	 "hook_unknown.lua:3: game has no field 'halfmoves' (ply, move_number, side_to_move, fen, "
	 "last_move, last_san, in_check, halfmove_clock, repetitions, strikes, time)"},
	{"hook_unknown2.lua", "on_move = function(game) return { detail = game.strikes.red } end",
	 "e2e4", "hook_unknown2.lua:3: game.strikes has no field 'red' (white, black)"},
	{"hook_unknown3.lua", "on_move = function(game) local t = game.time[1] end", "e2e4",
	 "hook_unknown3.lua:3: game.time has no number keys (white, black)"},
	{"hook_unknown4.lua", "on_move = function(game) local a = game.ply local b = game.Ply end",
	 "e2e4", "hook_unknown4.lua:3: game has no field 'Ply'"},
	{"hook_unknown5.lua",
	 "on_end = function(game, e) local ok = pcall(function() return e.winner end)\n"
	 "  if not ok then error('raised', 0) end end",
	 "e2e4 e7e5 resign:white", "hook_unknown5.lua: raised"},
	{"hook_loop.lua", "on_move = function(game) while true do end end", "e2e4",
	 "instruction limit"},
	{"hook_bomb.lua",
	 "on_move = function(game) local t = {} for i = 1, 1e9 do t[i] = {} end end", "e2e4",
	 "memory limit"},
	{"hook_result.lua", "on_move = function(game) return { result = '2-0' } end", "e2e4",
	 "field 'result': '2-0' is not one of: 1-0, 0-1, 1/2-1/2, *"},
	{"hook_key.lua", "on_move = function(game) return { winner = 'white' } end", "e2e4",
	 "field 'winner': unknown (give result, reason"},
	{"hook_type.lua", "on_move = function(game) return 'draw' end", "e2e4",
	 "returned a string"},
	{"hook_long.lua", "on_move = function(game) return { reason = string.rep('r', 40) } end",
	 "e2e4", "field 'reason': longer than 31"},
	{"hook_points.lua",
	 "on_end = function(game, e) return { points = { white = 12345678 } } end",
	 "e2e4 e7e5 resign:white", "field 'points.white': longer than 7"},
	{"hook_points_key.lua", "on_end = function(game, e) return { points = { red = 1 } } end",
	 "e2e4 e7e5 resign:white", "field 'points': a key 'red'"},
	{"hook_write.lua", "on_move = function(game) game.ply = 0 end", "e2e4",
	 "attempt to set field 'ply' of read-only table 'game'"},
	{"hook_write2.lua", "on_move = function(game) game.strikes.white = 0 end", "e2e4",
	 "attempt to set field 'white' of read-only table 'game.strikes'"},
	{"hook_rawset.lua", "on_move = function(game) rawset(game.time, 'white', 9) end", "e2e4",
	 "table expected"},
	{"hook_setmeta.lua", "on_move = function(game) setmetatable(game, {}) end", "e2e4",
	 "table expected"},
	{"hook_option.lua", "on_move = function(game) return option('speed') end", "e2e4",
	 "option() is only for a profile script while it loads"},
	{"hook_extend.lua", "on_move = function(game) return extend('fide2023') end", "e2e4",
	 "extend() is only for a profile script while it loads"},
	/* Fields read once are held raw by the view: still not writable. */
	{"hook_write3.lua", "on_move = function(game) local n = game.ply game.ply = n + 1 end",
	 "e2e4", "hook_write3.lua:3: attempt to set field 'ply' of read-only table 'game'"},
	{"hook_write4.lua",
	 "on_move = function(game) if game.ply == 2 then game.in_check = true end end", "e2e4 e7e5",
	 "attempt to set field 'in_check' of read-only table 'game'"},
	{"hook_rawset2.lua",
	 "on_move = function(game) local s = game.side_to_move rawset(game, 'side_to_move', s) end",
	 "e2e4", "table expected"},
	/* A message without a position names the script. */
	{"hook_plain.lua", "on_move = function(game) error('no moves on Sundays', 0) end", "e2e4",
	 "hook_plain.lua: no moves on Sundays"},
	{"hook_object.lua", "on_move = function(game) error({}) end", "e2e4",
	 "hook_object.lua: (error object is a table value)"},
	{"hook_loop2.lua",
	 "on_move = function(game) local n = 0 while game.ply > 0 do n = n + 1 end end", "e2e4",
	 "hook_loop2.lua:3: instruction limit of 10000000 exceeded"},
};

START_TEST(test_bad_hook)
{
	const struct bad_hook *h = &bad_hooks[_i];
	char text[512], spec[64];

	snprintf(text, sizeof text, "local p = extend('fide2023')\n\np.%s\nreturn p\n", h->hook);
	write_script(h->file, text);
	snprintf(spec, sizeof spec, "%.*s", (int)(strlen(h->file) - 4), h->file);
	arb_profile *p = load_ok(spec);
	hook_fails(p, h->tokens, h->want);
	/* The profile still works: a fresh budget, memory given back. */
	hook_fails(p, h->tokens, h->want);
	arb_profile_free(p);
}
END_TEST

/* The instruction budget is per hook call: calls that each use most of it
 * all run. A hook that fails once leaves the profile usable. */
START_TEST(test_budget_per_call)
{
	write_script("busy.lua",
		     "local p = extend('fide2023')\n"
		     "p.on_move = function(game)\n"
		     "  local n = 0\n"
		     "  for i = 1, 2000000 do n = n + i end\n" /* most of the 10^7 budget */
		     "  if game.ply == 7 then while true do end end\n"
		     "end\n"
		     "return p\n");
	arb_profile *p = load_ok("busy");
	arb_game_result res = play(p, NULL, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");

	ck_assert_str_eq(res.result, "*");
	hook_fails(p, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4", "instruction limit");
	res = play(p, NULL, "d2d4 d7d5");
	ck_assert_str_eq(res.result, "*");
	arb_profile_free(p);
}
END_TEST

/* The fields the view holds raw (ply, move_number, side_to_move,
 * in_check) are those of the game of each call: a field read once and then
 * not for a while, a view kept from an earlier call, games that take turns
 * with one profile. Attempts to write them change nothing. */
static const char raw_hook[] =
	"local p = extend('fide2023')\n"
	"local kept\n"
	"p.on_move = function(game)\n"
	"  kept = kept or game\n"
	"  local writes = 0\n"
	"  if pcall(function() game.ply = 99 end) then writes = writes + 1 end\n"
	"  if pcall(rawset, game, 'ply', 99) then writes = writes + 1 end\n"
	"  if pcall(setmetatable, game, nil) then writes = writes + 1 end\n"
	"  if game.ply % 3 ~= 0 then return nil end\n"
	"  return { reason = 'view', detail = string.format('%d %d %s %s %s %d %s', kept.ply,\n"
	"    kept.move_number, kept.side_to_move, tostring(kept.in_check), kept.last_move,\n"
	"    writes, tostring(getmetatable(game))) }\n"
	"end\n"
	"return p\n";

START_TEST(test_raw_fields)
{
	char got[1024];
	arb_profile *p;

	write_script("raw.lua", raw_hook);
	p = load_ok("raw");
	/* 2. Qh5+ (ply 3: check), 3. Qxg6+ (ply 5, not read), 3... hxg6 (ply 6). */
	view_lines(p, NULL, "e2e4 f7f5 d1h5 g7g6 h5g6 h7g6 g1f3 g8f6 f3e5", got, sizeof got);
	ck_assert_str_eq(got, "3 2 black true d1h5 0 read-only\n"
			      "6 4 white false h7g6 0 read-only\n"
			      "9 5 black false f3e5 0 read-only\n");
	/* Again, in a game that starts elsewhere: nothing of the last one. */
	view_lines(p, "4k3/8/8/8/8/8/8/R3K3 b - - 0 40", "e8d7 a1a7 d7c6", got, sizeof got);
	ck_assert_str_eq(got, "3 42 white false d7c6 0 read-only\n");
	arb_profile_free(p);
}
END_TEST

/* Two games take turns with one profile, the hook called directly. */
START_TEST(test_raw_fields_interleaved)
{
	write_script("turns.lua",
		     "local p = extend('fide2023')\n"
		     "p.on_end = function(game, ending)\n"
		     "  return { reason = 'turns', detail = string.format('%d %d %s %s',\n"
		     "    game.ply, game.move_number, game.side_to_move,\n"
		     "    tostring(game.in_check)) }\n"
		     "end\n"
		     "return p\n");
	arb_profile *p = load_ok("turns");
	const arb_rules *r = arb_profile_rules(p);
	arb_game *a = new_game(p, NULL), *b = new_game(p, "4k3/8/8/8/8/8/8/R3K3 w - - 0 7");
	arb_hook_out out;
	arb_error e;
	char err[256];

	ck_assert_msg(arb_game_tokens(b, "a1a8", &e) == ARB_OK, "%s", e.message);
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(r->on_end(r->hook_data, a, NULL, &out, err, sizeof err), 0);
		ck_assert_str_eq(out.detail, "0 1 white false");
		ck_assert_int_eq(r->on_end(r->hook_data, b, NULL, &out, err, sizeof err), 0);
		ck_assert_str_eq(out.detail, "1 7 black true");
	}
	arb_game_free(a);
	arb_game_free(b);
	arb_profile_free(p);
}
END_TEST

/* game.halfmove_clock and game.repetitions: the counts of FIDE 9.3 (in
 * plies) and 9.2 (the occurrences of the position, this one included). */
START_TEST(test_game_counts)
{
	write_script("counts.lua",
		     "local p = extend('fide2023')\n"
		     "p.on_move = function(game)\n"
		     "  return { reason = 'view',\n"
		     "           detail = game.halfmove_clock .. ' ' .. game.repetitions }\n"
		     "end\n"
		     "return p\n");
	arb_profile *p = load_ok("counts");
	char got[1024];

	view_lines(p, NULL, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 e2e4 f6g8 f3g1", got, sizeof got);
	ck_assert_str_eq(got, "1 1\n2 1\n3 1\n4 2\n5 2\n6 2\n0 1\n1 1\n2 1\n");
	view_lines(p, "8/8/2k5/8/8/8/3K4/4R3 w - - 57 120", "e1e2 c6c5", got, sizeof got);
	ck_assert_str_eq(got, "58 1\n59 1\n");
	arb_profile_free(p);
}
END_TEST

/* pairs(game) lists the fields in a fixed order (Lua 5.4: __pairs; LuaJIT
 * honours __pairs only when built with Lua 5.2 extensions, else pairs of a
 * userdata is an error). */
START_TEST(test_pairs)
{
	write_script(
		"pairs.lua",
		"local p = extend('fide2023')\n"
		"local function keys(t)\n"
		"  local k = {}\n"
		"  for name, value in pairs(t) do k[#k + 1] = name end\n"
		"  return table.concat(k, ' ')\n"
		"end\n"
		"p.on_end = function(game, ending)\n"
		"  local got = keys(game) .. '|' .. keys(ending) .. '|' .. keys(game.strikes)\n"
		"    .. '|' .. keys(game.time)\n"
		"  local want = 'ply move_number side_to_move fen last_move last_san in_check '\n"
		"    .. 'halfmove_clock repetitions strikes time|'\n"
		"    .. 'result board reason detail article|'\n"
		"    .. 'white black|'\n"
		"  return { reason = got == want and 'pairs-ok' or 'pairs-bad', detail = got:sub(1, 95) }\n"
		"end\n"
		"return p\n");
	arb_profile *p = load_ok("pairs");
	arb_game *g = new_game(p, NULL);
	arb_error err;
	arb_status st = arb_game_tokens(g, "e2e4 resign:black", &err);
	arb_game_result res;

	if (st != ARB_OK) {
		ck_assert_msg(ARB_LUAJIT && strstr(err.message, "table expected") != NULL, "%s",
			      err.message);
	} else {
		arb_game_result_get(g, &res);
		/* time.white/black are unknown (nil): not listed. */
		ck_assert_msg(strcmp(res.reason, "pairs-ok") == 0, "%s: %s", res.reason,
			      res.detail);
	}
	arb_game_free(g);
	arb_profile_free(p);
}
END_TEST

/* The hooks called directly: on_end without an ending gets nil; a view
 * kept from one call reads the game of the call it is used in. */
START_TEST(test_trampoline)
{
	write_script("direct.lua",
		     "local p = extend('fide2023')\n"
		     "local kept\n"
		     "p.on_end = function(game, ending)\n"
		     "  if kept then return { reason = 'stale', detail = kept.fen } end\n"
		     "  kept = game\n"
		     "  return { reason = ending == nil and 'no-ending' or ending.reason,\n"
		     "           detail = game.fen }\n"
		     "end\n"
		     "return p\n");
	arb_profile *p = load_ok("direct");
	const arb_rules *r = arb_profile_rules(p);
	arb_game *g = new_game(p, NULL);
	arb_hook_out out;
	char err[256];

	ck_assert_int_eq(r->on_end(r->hook_data, g, NULL, &out, err, sizeof err), 0);
	ck_assert_int_eq(out.set, 1);
	ck_assert_str_eq(out.reason, "no-ending");
	ck_assert_str_eq(out.detail, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	/* The same view again, in a later call: readable, the current game. */
	ck_assert_int_eq(r->on_end(r->hook_data, g, NULL, &out, err, sizeof err), 0);
	ck_assert_str_eq(out.reason, "stale");
	arb_game_free(g);
	arb_profile_free(p);
}
END_TEST

/* ------------------------------------------------------------------------
 * The suite
 * ---------------------------------------------------------------------- */

static Suite *profile_suite(void)
{
	Suite *s = suite_create("profile");
	TCase *tc = tcase_create("load");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_all_shipped_load);
	tcase_add_test(tc, test_fide_common);
	tcase_add_loop_test(tc, test_values, 0, (int)(sizeof values / sizeof values[0]));
	tcase_add_test(tc, test_categories_own);
	tcase_add_loop_test(tc, test_categories_match, 0,
			    (int)(sizeof category_profiles / sizeof category_profiles[0]));
	tcase_add_test(tc, test_bad_names_and_options);
	tcase_add_test(tc, test_option_quoting);
	tcase_add_test(tc, test_long_name);
	tcase_add_loop_test(tc, test_broken_script, 0, (int)(sizeof broken / sizeof broken[0]));
	tcase_add_test(tc, test_first_error_stable);
	tcase_add_test(tc, test_extend_depth);
	tcase_add_test(tc, test_extend_caught);
	tcase_add_test(tc, test_paths);
	tcase_add_test(tc, test_list);
	suite_add_tcase(s, tc);

	tc = tcase_create("hooks");
	tcase_set_timeout(tc, 240);
	tcase_add_test(tc, test_rule_counts);
	tcase_add_test(tc, test_no_early_draws);
	tcase_add_test(tc, test_stalemate_wins);
	tcase_add_test(tc, test_points);
	tcase_add_test(tc, test_game_view);
	tcase_add_test(tc, test_last_move_matches_replay);
	tcase_add_loop_test(tc, test_bad_hook, 0, (int)(sizeof bad_hooks / sizeof bad_hooks[0]));
	tcase_add_test(tc, test_budget_per_call);
	tcase_add_test(tc, test_pairs);
	tcase_add_test(tc, test_game_counts);
	tcase_add_test(tc, test_trampoline);
	tcase_add_test(tc, test_raw_fields);
	tcase_add_test(tc, test_raw_fields_interleaved);
	suite_add_tcase(s, tc);
	return s;
}

/* Removes tmp_dir and everything in it (two levels). */
static void remove_tree(const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[1024];

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (unlink(path) != 0 && depth < 3)
			remove_tree(path, depth + 1);
	}
	closedir(d);
	rmdir(dir);
}

int main(int argc, char **argv)
{
	const char *tmp = getenv("TMPDIR");
	int failed;

	if (argc != 4) {
		fprintf(stderr, "usage: %s PROFILES_DIR EXAMPLES_PROFILES_DIR PGN_DIR\n", argv[0]);
		return 2;
	}
	profiles_dir = argv[1];
	examples_dir = argv[2];
	pgn_dir = argv[3];
	unsetenv("ARBITER_PATH");
	snprintf(tmp_dir, sizeof tmp_dir, "%s/arbiter-profile.XXXXXX", tmp ? tmp : "/tmp");
	if (mkdtemp(tmp_dir) == NULL) {
		perror("mkdtemp");
		return 2;
	}
	SRunner *sr = srunner_create(profile_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	remove_tree(tmp_dir, 0);
	return failed == 0 ? 0 : 1;
}
