/*
 * match.c -- `arbiter match`: UCI engines play games against each other on
 * arbiter's clock, each game decided as it goes by a rule profile
 * (arb_play_game), with the results as a table per engine.
 *
 * Schedule: two engines play a match of --games games; three or more a
 * round robin (every pair --games games) or, with --gauntlet, the first
 * against each of the others. Within an encounter games go in pairs: the
 * same start with colours swapped. Starts (the standard position, or with
 * --chess960 / --double960 a position drawn by the seeded generator for
 * each pair) are all fixed before the first game, so the games, their order
 * and their starts do not depend on --concurrency.
 *
 * Workers: --concurrency N threads, each with its own processes of the
 * engines (started on first use, kept between games, restarted after a
 * crash with --recover) and its own profile (a profile's hooks are a Lua
 * state: one thread each). The main thread writes each game's PGN and
 * progress line in game order as soon as every earlier game is written.
 * An engine that cannot start, or is dead after a game without --recover,
 * loses its next games by forfeit ("abandoned") and the match goes on.
 * --resume reads the PGN file given and skips the games it holds (matched
 * by their Round tag, the game's number; a tournament's or knockout's by
 * Round and Board as the event is paired again from their results, the
 * players checked), appending the others.
 *
 * --config FILE.lua: the options as a Lua table, read in the profiles'
 * sandbox (config_file).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "adjudicate.h"
#include "cli.h"
#ifdef ARBITER_HAVE_LUA
#include "compat.h"
#include "sandbox.h"
#endif
#include "report.h"
#include "standings.h"
#include "tournament.h"

#define CMD "match"
#define ENGINES_MAX 32
#define GAMES_MAX 1000000
#define CONCURRENCY_MAX 64

void cli_match_usage(FILE *out)
{
	fputs("usage: arbiter match [--config FILE.lua] --engine SPEC --engine SPEC\n"
	      "         [--engine SPEC...] [--rules PROFILE] [--tc TC] [--games N] [--gauntlet]\n"
	      "         [--chess960 | --double960] [--seed S] [--concurrency N]\n"
	      "         [--pgn FILE [--resume]] [--claims auto|never] [--margin MS]\n"
	      "         [--recover] [--draw MOVES,FROM,CP] [--resign MOVES,CP]\n"
	      "         [--max-moves N] [--stall MS] [--log-dir DIR] [--quiet]\n"
	      "         [--fen FEN | --openings FILE [--random-openings]]\n"
	      "         [--trf FILE [--regulations R]]\n"
	      "         [--tournament swiss|roundrobin [--rounds N] [--edition 2017|2026]]\n"
	      "         [--tournament knockout --match STAGES [--playoff STAGES]]\n"
	      "\n"
	      "Plays UCI engines against each other. Every game is an arbiter game under\n"
	      "the rule profile (default fide2023-standard): illegal moves, flags (with\n"
	      "the real \"can the opponent still mate\" test), automatic endings and\n"
	      "claims are decided by the profile's edition, on arbiter's clock.\n"
	      "\n"
	      "SPEC is KEY=VALUE,KEY=VALUE...:\n"
	      "  cmd=PROGRAM        the engine (searched in PATH); required\n"
	      "  arg=ARG            an argument of the program (repeatable)\n"
	      "  name=NAME          its name in PGN and tables (default: its id name)\n"
	      "  dir=DIR            its working directory\n"
	      "  option.NAME=VALUE  a UCI option (setoption) after uciok\n"
	      "  tc=TC              its own time control (time odds)\n"
	      "  nodes=N depth=N movetime=MS   search limits sent with each go\n"
	      "  timeout=MS         the wait for uciok and readyok (default 10000)\n"
	      "\n"
	      "  --tc TC          any arbiter time control: 180+2, 300d5, 300b5,\n"
	      "                   40/5400+30:1800+30, 300=240 (odds); none: limits only\n"
	      "  --games N        games per encounter (default 2), colours swapped per pair\n"
	      "  --gauntlet       the first engine against each of the others\n"
	      "  --tournament swiss|roundrobin\n"
	      "                   an event of the tournament layer, round by round: a\n"
	      "                   Swiss paired by the FIDE Dutch system (--rounds N), or a\n"
	      "                   round robin by the Berger tables (--rounds: one cycle,\n"
	      "                   or two for a double round robin); one game a pairing\n"
	      "  --tournament knockout --match STAGES [--playoff STAGES]\n"
	      "                   a knockout of the engines in seed order (--engine order),\n"
	      "                   each pairing a match with play-offs, stages as\n"
	      "                   `arbiter tournament knockout` writes them: \"2 games\n"
	      "                   fide2023-rapid 600+5; 1 game armageddon W300-B240\"\n"
	      "  --config FILE    options from a Lua file returning a table: each key an\n"
	      "                   option without its dashes (max_moves = 400, quiet = true),\n"
	      "                   engines = { {cmd = ..., args = {...}, options = {...}} };\n"
	      "                   options after --config override it\n"
	      "  --edition E      a Swiss's Dutch rules: 2026 (revised, default) or 2017\n"
	      "  --trf FILE       the event as a TRF-2026 file, with its standings: a\n"
	      "                   tournament's after every round; a match's, round robin's\n"
	      "                   or gauntlet's at the end (game g of an encounter in round\n"
	      "                   g x R + its Berger round, R the rounds of one cycle)\n"
	      "  --regulations R  the tie-break regulation of the standings (fide2026)\n"
	      "  --chess960       a Chess960 start per pair of games, drawn with --seed\n"
	      "  --double960      the same with different positions for White and Black\n"
	      "  --fen FEN        every game from this position\n"
	      "  --openings FILE  starts from an EPD or FEN file (one a line) or the final\n"
	      "                   positions of a PGN file (.pgn): one per pair of games,\n"
	      "                   in order (--random-openings: shuffled with --seed)\n"
	      "  --concurrency N  games in parallel (default 1); output order is fixed\n"
	      "  --pgn FILE       the games, with [%clk] on every move\n"
	      "  --resume         skip the games FILE already holds, append the rest (a\n"
	      "                   tournament's or knockout's by round and board, paired again)\n"
	      "  --claims auto    claim threefold and fifty moves for an engine when the\n"
	      "                   claim is valid (default); never: automatic endings only\n"
	      "  --margin MS      a move late by at most MS is not a flag (default 0)\n"
	      "  --recover        restart an engine that crashed or hung, for its next game\n"
	      "  --draw M,F,CP    the runner's draw: both scores within CP for M moves\n"
	      "                   each, from move F on (not a rule of chess)\n"
	      "  --resign M,CP    the runner's resignation: a score below -CP for M moves\n"
	      "                   and the opponent agreeing\n"
	      "  --max-moves N    the runner's draw after N moves (default 1000)\n"
	      "  --stall MS       no bestmove this long on a move without a clock: the\n"
	      "                   engine has stalled and loses (default 60000)\n"
	      "  --log-dir DIR    each engine's stderr goes to DIR/NAME.log\n"
	      "\n"
	      "Output: a progress line per game on stderr (--quiet: none), then a table per\n"
	      "engine: score, W/D/L, Elo difference with its 95% interval, LOS, draw ratio,\n"
	      "terminations and the pentanomial counts of game pairs.\n",
	      out);
}

#ifndef ARBITER_HAVE_LUA

int cli_match(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error(CMD, "this build has no Lua layer, which rule profiles need");
	return CLI_FAIL;
}

#else

/* ---- the command line ------------------------------------------------------ */

typedef struct engine_conf {
	char *text; /* the spec, split in place */
	arb_engine_spec spec;
	arb_engine_limits limits;
	const char *tc_text;
	arb_time_control tc;
	int has_tc;
	char log[4096];
} engine_conf;

typedef struct args {
	engine_conf eng[ENGINES_MAX];
	int neng;
	const char *rules, *tc_text, *pgn, *log_dir, *fen, *openings;
	arb_time_control tc;
	int has_tc;
	long games;
	int gauntlet, chess960, double960, resume, recover, quiet, random_openings;
	const char *tournament, *trf, *regulations; /* --tournament swiss|roundrobin|knockout */
	const char *ko_match, *ko_playoff;          /* a knockout's --match, --playoff */
	long rounds;
	long stall_ms;
	unsigned long long seed;
	int concurrency;
	arb_claims claims;
	long margin_ms;
	int draw_moves, draw_from, draw_cp, resign_moves, resign_cp, max_moves;
	unsigned pair_flags; /* --edition 2017: ARB_PAIR_DUTCH_2017 */
	int edition_given;
	char **owned; /* strings of --config files, freed at the end */
	int nowned, capowned;
} args;

static int parse_long(const char *what, const char *text, long lo, long hi, long *out)
{
	char *end;

	errno = 0;
	long v = strtol(text, &end, 10);
	if (!*text || *end || errno || v < lo || v > hi) {
		cli_error(CMD, "%s: expected a number from %ld to %ld, not '%s'", what, lo, hi,
			  text);
		return -1;
	}
	*out = v;
	return 0;
}

static int parse_tc(const char *what, const char *text, arb_time_control *tc)
{
	arb_error err;

	if (arb_tc_parse(text, tc, &err) != ARB_OK) {
		cli_error(CMD, "%s '%s': column %d: %s", what, text, err.column, err.message);
		return -1;
	}
	return 0;
}

/* One KEY=VALUE of an engine spec. */
static int engine_key(engine_conf *c, char *key, char *value)
{
	long v;

	if (strcmp(key, "cmd") == 0)
		c->spec.cmd = value;
	else if (strcmp(key, "name") == 0)
		c->spec.name = value;
	else if (strcmp(key, "dir") == 0)
		c->spec.dir = value;
	else if (strcmp(key, "arg") == 0) {
		if (c->spec.nargs == ARB_ENGINE_ARGS_MAX) {
			cli_error(CMD, "--engine: more than %d arguments", ARB_ENGINE_ARGS_MAX);
			return -1;
		}
		c->spec.args[c->spec.nargs++] = value;
	} else if (strncmp(key, "option.", 7) == 0 && key[7]) {
		if (c->spec.noptions == ARB_ENGINE_OPTIONS_MAX) {
			cli_error(CMD, "--engine: more than %d options", ARB_ENGINE_OPTIONS_MAX);
			return -1;
		}
		c->spec.option_name[c->spec.noptions] = key + 7;
		c->spec.option_value[c->spec.noptions++] = value;
	} else if (strcmp(key, "tc") == 0) {
		c->tc_text = value;
		if (parse_tc("--engine tc", value, &c->tc) != 0)
			return -1;
		c->has_tc = 1;
	} else if (strcmp(key, "nodes") == 0) {
		if (parse_long("nodes", value, 1, 1000000000000L, &c->limits.nodes) != 0)
			return -1;
	} else if (strcmp(key, "depth") == 0) {
		if (parse_long("depth", value, 1, 1000, &v) != 0)
			return -1;
		c->limits.depth = (int)v;
	} else if (strcmp(key, "movetime") == 0) {
		if (parse_long("movetime", value, 1, 86400000, &c->limits.movetime_ms) != 0)
			return -1;
	} else if (strcmp(key, "timeout") == 0) {
		if (parse_long("timeout", value, 1, 3600000, &c->spec.start_timeout_ms) != 0)
			return -1;
	} else {
		cli_error(CMD,
			  "--engine: unknown key '%s' (cmd, arg, name, dir, option.NAME, tc, "
			  "nodes, depth, movetime, timeout)",
			  key);
		return -1;
	}
	return 0;
}

static int engine_option(args *a, const char *text)
{
	if (a->neng == ENGINES_MAX) {
		cli_error(CMD, "more than %d engines", ENGINES_MAX);
		return -1;
	}
	engine_conf *c = &a->eng[a->neng++];
	if (!(c->text = strdup(text))) {
		cli_error(CMD, "out of memory");
		return -1;
	}
	for (char *p = c->text; p && *p;) {
		char *comma = strchr(p, ','), *eq;
		if (comma)
			*comma = '\0';
		if (!(eq = strchr(p, '='))) {
			cli_error(CMD, "--engine: expected KEY=VALUE, not '%s'", p);
			return -1;
		}
		*eq = '\0';
		if (engine_key(c, p, eq + 1) != 0)
			return -1;
		p = comma ? comma + 1 : NULL;
	}
	if (!c->spec.cmd) {
		cli_error(CMD, "--engine '%s': no cmd=PROGRAM", text);
		return -1;
	}
	return 0;
}

/* "A,B" or "A,B,C" into n numbers. */
static int numbers(const char *opt, const char *text, int n, int *out)
{
	char buf[64], *p = buf, *save = NULL;
	long v;

	snprintf(buf, sizeof buf, "%s", text);
	for (int i = 0; i < n; i++) {
		char *tok = strtok_r(i ? NULL : p, ",", &save);
		if (!tok) {
			cli_error(CMD, "%s: expected %d numbers separated by commas", opt, n);
			return -1;
		}
		if (parse_long(opt, tok, 0, 100000, &v) != 0)
			return -1;
		out[i] = (int)v;
	}
	if (strtok_r(NULL, ",", &save)) {
		cli_error(CMD, "%s: expected %d numbers separated by commas", opt, n);
		return -1;
	}
	return 0;
}

static int config_file(args *a, const char *path);

/* The options in argv[0..argc) into *a, in order (a later value wins; a
 * --config file's options come where it is named). depth 1: a config
 * file's, which may not name another. 0; 1 after --help; -1 after a
 * message. */
static int parse_options(args *a, int argc, char **argv, int depth)
{
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	const char *opt, *v;
	cli_argv it;
	long n;
	int rc = 0, k;

	if (!operand) {
		cli_error(CMD, "out of memory");
		return -1;
	}
	cli_argv_init(&it, argc, argv, operand);
	while (rc == 0 && (opt = cli_next_option(&it))) {
		int d[3];
		if (cli_is_help(opt)) {
			cli_match_usage(stdout);
			rc = 1;
		} else if ((k = cli_option_value(&it, CMD, "--engine", &v)) != 0)
			rc = k < 0 ? -1 : engine_option(a, v);
		else if ((k = cli_option_value(&it, CMD, "--rules", &v)) != 0)
			rc = k < 0 ? -1 : (a->rules = v, 0);
		else if ((k = cli_option_value(&it, CMD, "--tc", &v)) != 0) {
			rc = k < 0 ? -1 : parse_tc("--tc", v, &a->tc);
			a->tc_text = v;
			a->has_tc = 1;
		} else if ((k = cli_option_value(&it, CMD, "--games", &v)) != 0)
			rc = k < 0 ? -1 : parse_long("--games", v, 1, GAMES_MAX, &a->games);
		else if ((k = cli_option_value(&it, CMD, "--seed", &v)) != 0) {
			char *end;
			errno = 0;
			a->seed = strtoull(v, &end, 10);
			if (k < 0 || !*v || *end || errno) {
				cli_error(CMD, "--seed: expected a number, not '%s'", v ? v : "");
				rc = -1;
			}
		} else if ((k = cli_option_value(&it, CMD, "--concurrency", &v)) != 0) {
			rc = k < 0 ? -1 : parse_long("--concurrency", v, 1, CONCURRENCY_MAX, &n);
			a->concurrency = (int)n;
		} else if ((k = cli_option_value(&it, CMD, "--pgn", &v)) != 0)
			rc = k < 0 ? -1 : (a->pgn = v, 0);
		else if ((k = cli_option_value(&it, CMD, "--tournament", &v)) != 0) {
			if (k > 0 && (strcmp(v, "swiss") == 0 || strcmp(v, "roundrobin") == 0 ||
				      strcmp(v, "knockout") == 0))
				a->tournament = v;
			else {
				cli_error(CMD,
					  "--tournament: expected swiss, roundrobin or knockout");
				rc = -1;
			}
		} else if ((k = cli_option_value(&it, CMD, "--rounds", &v)) != 0)
			rc = k < 0 ? -1 :
				     parse_long("--rounds", v, 1, ARB_TRF_ROUNDS_MAX, &a->rounds);
		else if ((k = cli_option_value(&it, CMD, "--match", &v)) != 0)
			rc = k < 0 ? -1 : (a->ko_match = v, 0);
		else if ((k = cli_option_value(&it, CMD, "--playoff", &v)) != 0)
			rc = k < 0 ? -1 : (a->ko_playoff = v, 0);
		else if ((k = cli_option_value(&it, CMD, "--trf", &v)) != 0)
			rc = k < 0 ? -1 : (a->trf = v, 0);
		else if ((k = cli_option_value(&it, CMD, "--regulations", &v)) != 0)
			rc = k < 0 ? -1 : (a->regulations = v, 0);
		else if ((k = cli_option_value(&it, CMD, "--fen", &v)) != 0)
			rc = k < 0 ? -1 : (a->fen = v, 0);
		else if ((k = cli_option_value(&it, CMD, "--openings", &v)) != 0)
			rc = k < 0 ? -1 : (a->openings = v, 0);
		else if ((k = cli_option_value(&it, CMD, "--stall", &v)) != 0)
			rc = k < 0 ? -1 : parse_long("--stall", v, 1, 86400000, &a->stall_ms);
		else if ((k = cli_option_value(&it, CMD, "--log-dir", &v)) != 0)
			rc = k < 0 ? -1 : (a->log_dir = v, 0);
		else if ((k = cli_option_value(&it, CMD, "--claims", &v)) != 0) {
			if (k > 0 && strcmp(v, "auto") == 0)
				a->claims = ARB_CLAIMS_AUTO;
			else if (k > 0 && strcmp(v, "never") == 0)
				a->claims = ARB_CLAIMS_NEVER;
			else {
				cli_error(CMD, "--claims: expected auto or never");
				rc = -1;
			}
		} else if ((k = cli_option_value(&it, CMD, "--margin", &v)) != 0)
			rc = k < 0 ? -1 : parse_long("--margin", v, 0, 60000, &a->margin_ms);
		else if ((k = cli_option_value(&it, CMD, "--max-moves", &v)) != 0) {
			rc = k < 0 ? -1 : parse_long("--max-moves", v, 1, 100000, &n);
			a->max_moves = (int)n;
		} else if ((k = cli_option_value(&it, CMD, "--draw", &v)) != 0) {
			if ((rc = k < 0 ? -1 : numbers("--draw", v, 3, d)) == 0) {
				a->draw_moves = d[0];
				a->draw_from = d[1];
				a->draw_cp = d[2];
			}
		} else if ((k = cli_option_value(&it, CMD, "--resign", &v)) != 0) {
			if ((rc = k < 0 ? -1 : numbers("--resign", v, 2, d)) == 0) {
				a->resign_moves = d[0];
				a->resign_cp = d[1];
			}
		} else if ((k = cli_option_value(&it, CMD, "--config", &v)) != 0) {
			if (k > 0 && depth > 0) {
				cli_error(CMD, "%s: a config file cannot name another (--config)",
					  v);
				rc = -1;
			} else
				rc = k < 0 ? -1 : config_file(a, v);
		} else if ((k = cli_option_value(&it, CMD, "--edition", &v)) != 0) {
			if (k > 0 && strcmp(v, "2017") == 0)
				a->pair_flags |= ARB_PAIR_DUTCH_2017;
			else if (k > 0 && strcmp(v, "2026") == 0)
				a->pair_flags &= ~ARB_PAIR_DUTCH_2017;
			else {
				cli_error(CMD, "--edition: a Swiss's Dutch rules are 2017 or 2026");
				rc = -1;
			}
			a->edition_given = 1;
		} else if (strcmp(opt, "--gauntlet") == 0)
			a->gauntlet = 1;
		else if (strcmp(opt, "--chess960") == 0)
			a->chess960 = 1;
		else if (strcmp(opt, "--double960") == 0)
			a->chess960 = a->double960 = 1;
		else if (strcmp(opt, "--random-openings") == 0)
			a->random_openings = 1;
		else if (strcmp(opt, "--resume") == 0)
			a->resume = 1;
		else if (strcmp(opt, "--recover") == 0)
			a->recover = 1;
		else if (strcmp(opt, "--quiet") == 0)
			a->quiet = 1;
		else {
			cli_error(CMD, "unknown option '%s' (try 'arbiter help match')", opt);
			rc = -1;
		}
	}
	if (rc == 0 && it.noperands > 0) {
		cli_error(CMD, "unexpected argument '%s'", operand[0]);
		rc = -1;
	}
	free(operand);
	return rc;
}

/* ---- a config file (--config FILE.lua) ---------------------------------------- */

/*
 * A config file is a Lua script returning a table of the command line's
 * options, run in the sandbox of rule profiles (no io, os or require): each
 * key an option without its dashes ('_' for '-': max_moves = 400), a string
 * or a whole number its value, true a flag (false: not given), a list of
 * numbers for --draw and --resign; and `engines`, a list of tables with the
 * keys of --engine (cmd, name, dir, tc, nodes, depth, movetime, timeout),
 * `args` a list of arguments and `options` a table of UCI options (sent in
 * the order of their names). Its options come where --config is named, so
 * options after it override it, and its engines come first.
 */
#define CONFIG_BYTES_MAX (1L << 20)

/* The options a config file may set, and what a value of each is. */
enum { CONF_VALUE, CONF_FLAG, CONF_LIST };
static const struct {
	const char *key;
	int kind;
} conf_keys[] = {
	{"rules", CONF_VALUE},      {"tc", CONF_VALUE},
	{"games", CONF_VALUE},      {"gauntlet", CONF_FLAG},
	{"chess960", CONF_FLAG},    {"double960", CONF_FLAG},
	{"seed", CONF_VALUE},       {"concurrency", CONF_VALUE},
	{"pgn", CONF_VALUE},        {"resume", CONF_FLAG},
	{"claims", CONF_VALUE},     {"margin", CONF_VALUE},
	{"recover", CONF_FLAG},     {"draw", CONF_LIST},
	{"resign", CONF_LIST},      {"max_moves", CONF_VALUE},
	{"stall", CONF_VALUE},      {"log_dir", CONF_VALUE},
	{"quiet", CONF_FLAG},       {"fen", CONF_VALUE},
	{"openings", CONF_VALUE},   {"random_openings", CONF_FLAG},
	{"tournament", CONF_VALUE}, {"rounds", CONF_VALUE},
	{"trf", CONF_VALUE},        {"regulations", CONF_VALUE},
	{"match", CONF_VALUE},      {"playoff", CONF_VALUE},
	{"edition", CONF_VALUE},    {"config", CONF_VALUE},
};
static const char *const conf_engine_keys[] = {"cmd",   "name",     "dir",     "tc",   "nodes",
					       "depth", "movetime", "timeout", "args", "options"};

/* What the reader gathers: strings it owns until the caller takes them. */
typedef struct conf_read {
	char **s;
	int n, cap;
	int argc;                          /* the options: s[0..argc) */
	int eng_first[ENGINES_MAX], eng_n; /* each engine's KEY, VALUE pairs */
	int eng_count[ENGINES_MAX];
} conf_read;

static void conf_push(lua_State *L, conf_read *c, const char *text, size_t len)
{
	if (c->n == c->cap) {
		int cap = c->cap ? 2 * c->cap : 64;
		char **s = realloc(c->s, (size_t)cap * sizeof *s);
		if (!s)
			luaL_error(L, "out of memory");
		c->s = s;
		c->cap = cap;
	}
	char *t = malloc(len + 1);
	if (!t)
		luaL_error(L, "out of memory");
	memcpy(t, text, len);
	t[len] = '\0';
	c->s[c->n++] = t;
}

/* The value at idx as an option's text: a string, or a whole number. */
static void conf_scalar(lua_State *L, conf_read *c, int idx, const char *what)
{
	char buf[32];
	size_t len;

	if (lua_type(L, idx) == LUA_TSTRING) {
		const char *t = lua_tolstring(L, idx, &len);
		conf_push(L, c, t, len);
		return;
	}
	if (lua_type(L, idx) == LUA_TNUMBER) {
		double d = lua_tonumber(L, idx);
		if (d == floor(d) && fabs(d) < 9e15) {
			snprintf(buf, sizeof buf, "%.0f", d);
			conf_push(L, c, buf, strlen(buf));
			return;
		}
		luaL_error(L, "%s: %s is not a whole number", what, lua_tostring(L, idx));
	}
	luaL_error(L, "%s: a string or a number expected, not %s", what, luaL_typename(L, idx));
}

/* Raises "WHERE" "unknown key 'KEY' (KNOWN)" for the key at index -2 of a
 * table walk (lua_next); a key that is no string is named by its type. */
static void conf_unknown_key(lua_State *L, const char *where, const char *known)
{
	if (lua_type(L, -2) == LUA_TSTRING)
		luaL_error(L, "%sunknown key '%s' (%s)", where, lua_tostring(L, -2), known);
	luaL_error(L, "%sunknown key (a %s) (%s)", where, luaL_typename(L, -2), known);
}

/* engines[i], the table at the top. */
static void conf_engine(lua_State *L, conf_read *c, int i)
{
	char what[128];

	c->eng_first[c->eng_n] = c->n;
	for (size_t k = 0; k < sizeof conf_engine_keys / sizeof *conf_engine_keys; k++) {
		const char *key = conf_engine_keys[k];
		lua_getfield(L, -1, key);
		snprintf(what, sizeof what, "engines[%d].%s", i, key);
		if (lua_isnil(L, -1)) {
			/* absent */
		} else if (strcmp(key, "args") == 0) {
			if (!lua_istable(L, -1))
				luaL_error(L, "%s: a list of strings expected", what);
			for (int j = 1;; j++) {
				lua_rawgeti(L, -1, j);
				if (lua_isnil(L, -1)) {
					lua_pop(L, 1);
					break;
				}
				conf_push(L, c, "arg", 3);
				snprintf(what, sizeof what, "engines[%d].args[%d]", i, j);
				conf_scalar(L, c, -1, what);
				lua_pop(L, 1);
			}
		} else if (strcmp(key, "options") == 0) {
			if (!lua_istable(L, -1))
				luaL_error(L, "%s: a table of NAME = VALUE expected", what);
			int first = c->n;
			lua_pushnil(L);
			while (lua_next(L, -2)) {
				if (lua_type(L, -2) != LUA_TSTRING)
					luaL_error(L, "%s: option names are strings", what);
				char name[128];
				snprintf(name, sizeof name, "option.%s", lua_tostring(L, -2));
				conf_push(L, c, name, strlen(name));
				snprintf(what, sizeof what, "engines[%d].options.%.40s", i,
					 lua_tostring(L, -2));
				if (lua_type(L, -1) == LUA_TBOOLEAN)
					conf_push(L, c, lua_toboolean(L, -1) ? "true" : "false",
						  lua_toboolean(L, -1) ? 4 : 5);
				else
					conf_scalar(L, c, -1, what);
				lua_pop(L, 1);
			}
			/* by name: the order setoption sees is the file's, not the hash's */
			for (int a = first + 2; a < c->n; a += 2)
				for (int b = a; b > first && strcmp(c->s[b - 2], c->s[b]) > 0;
				     b -= 2) {
					char *t0 = c->s[b], *t1 = c->s[b + 1];
					c->s[b] = c->s[b - 2];
					c->s[b + 1] = c->s[b - 1];
					c->s[b - 2] = t0;
					c->s[b - 1] = t1;
				}
		} else {
			conf_push(L, c, key, strlen(key));
			conf_scalar(L, c, -1, what);
		}
		lua_pop(L, 1);
	}
	lua_pushnil(L);
	while (lua_next(L, -2)) {
		size_t k = 0, nk = sizeof conf_engine_keys / sizeof *conf_engine_keys;
		while (lua_type(L, -2) == LUA_TSTRING && k < nk &&
		       strcmp(lua_tostring(L, -2), conf_engine_keys[k]) != 0)
			k++;
		if (k == nk || lua_type(L, -2) != LUA_TSTRING) {
			snprintf(what, sizeof what, "engines[%d]: ", i);
			conf_unknown_key(L, what,
					 "cmd, name, dir, tc, nodes, depth, movetime, timeout, "
					 "args, options");
		}
		lua_pop(L, 1);
	}
	c->eng_count[c->eng_n] = c->n - c->eng_first[c->eng_n];
	c->eng_n++;
}

/* The reader, in protected mode: (table, conf_read). */
static int conf_reader(lua_State *L)
{
	conf_read *c = lua_touserdata(L, 2);
	size_t nkeys = sizeof conf_keys / sizeof *conf_keys;
	char opt[40];

	lua_settop(L, 1);
	if (!lua_istable(L, 1))
		return luaL_error(L, "the file returns %s, not a table of options",
				  luaL_typename(L, 1));
	for (size_t k = 0; k < nkeys; k++) {
		const char *key = conf_keys[k].key;
		lua_getfield(L, 1, key);
		snprintf(opt, sizeof opt, "--%s", key);
		for (char *p = opt; *p; p++)
			if (*p == '_')
				*p = '-';
		int t = lua_type(L, -1);
		if (t == LUA_TNIL || (t == LUA_TBOOLEAN && !lua_toboolean(L, -1))) {
			/* not given */
		} else if (conf_keys[k].kind == CONF_FLAG) {
			if (t != LUA_TBOOLEAN)
				luaL_error(L, "%s: true or false expected, not %s", key,
					   luaL_typename(L, -1));
			conf_push(L, c, opt, strlen(opt));
		} else if (conf_keys[k].kind == CONF_LIST && t == LUA_TTABLE) {
			char buf[128] = "";
			for (int j = 1; j <= 4; j++) { /* a fourth: refused by numbers() */
				lua_rawgeti(L, -1, j);
				if (lua_isnil(L, -1)) {
					lua_pop(L, 1);
					break;
				}
				if (lua_type(L, -1) != LUA_TNUMBER)
					luaL_error(L, "%s[%d]: a number expected", key, j);
				snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%.0f",
					 j > 1 ? "," : "", lua_tonumber(L, -1));
				lua_pop(L, 1);
			}
			conf_push(L, c, opt, strlen(opt));
			conf_push(L, c, buf, strlen(buf));
		} else {
			if (t == LUA_TBOOLEAN)
				luaL_error(L, "%s: a value expected, not true", key);
			conf_push(L, c, opt, strlen(opt));
			conf_scalar(L, c, -1, key);
		}
		lua_pop(L, 1);
	}
	c->argc = c->n;
	lua_getfield(L, 1, "engines");
	if (!lua_isnil(L, -1)) {
		if (!lua_istable(L, -1))
			luaL_error(L, "engines: a list of engine tables expected");
		for (int i = 1;; i++) {
			lua_rawgeti(L, -1, i);
			if (lua_isnil(L, -1)) {
				lua_pop(L, 1);
				break;
			}
			if (!lua_istable(L, -1))
				luaL_error(L, "engines[%d]: a table expected, not %s", i,
					   luaL_typename(L, -1));
			if (c->eng_n == ENGINES_MAX)
				luaL_error(L, "engines: more than %d", ENGINES_MAX);
			conf_engine(L, c, i);
			lua_pop(L, 1);
		}
	}
	lua_pop(L, 1);
	lua_pushnil(L);
	while (lua_next(L, 1)) {
		size_t k = 0;
		if (lua_type(L, -2) == LUA_TSTRING)
			while (k < nkeys && strcmp(lua_tostring(L, -2), conf_keys[k].key) != 0)
				k++;
		if (lua_type(L, -2) != LUA_TSTRING ||
		    (k == nkeys && strcmp(lua_tostring(L, -2), "engines") != 0))
			conf_unknown_key(L, "",
					 "an option of 'arbiter match' without its dashes, or "
					 "engines");
		lua_pop(L, 1);
	}
	return 0;
}

/* Takes string s of c (the run frees it with the arguments). */
static char *conf_take(args *a, conf_read *c, int i)
{
	if (a->nowned == a->capowned) {
		int cap = a->capowned ? 2 * a->capowned : 64;
		char **o = realloc(a->owned, (size_t)cap * sizeof *o);
		if (!o)
			return NULL;
		a->owned = o;
		a->capowned = cap;
	}
	a->owned[a->nowned++] = c->s[i];
	char *s = c->s[i];
	c->s[i] = NULL;
	return s;
}

static int config_file(args *a, const char *path)
{
	char err[512], *text = NULL;
	size_t len = 0;
	conf_read c;
	int rc = -1;

	memset(&c, 0, sizeof c);
	if (!(text = cli_tournament_slurp(CMD, path, &len)))
		return -1;
	if (len > (size_t)CONFIG_BYTES_MAX) {
		cli_error(CMD, "%s: larger than %ld bytes: not a config file", path,
			  CONFIG_BYTES_MAX);
		free(text);
		return -1;
	}
	arb_sandbox *sb = arb_sandbox_new(NULL, err, sizeof err);
	if (!sb) {
		cli_error(CMD, "%s: %s", path, err);
		free(text);
		return -1;
	}
	lua_State *L = arb_sandbox_state(sb);
	lua_pushcfunction(L, conf_reader); /* before the script: see sandbox.h */
	lua_pushlightuserdata(L, &c);
	arb_sandbox_status st = arb_sandbox_run(sb, path, text, len, 1, err, sizeof err);
	if (st == ARB_SANDBOX_OK) {
		lua_insert(L, -2); /* conf_reader, the table, &c */
		st = arb_sandbox_pcall(sb, 2, 0, err, sizeof err);
	}
	arb_sandbox_free(sb);
	free(text);
	if (st != ARB_SANDBOX_OK) {
		cli_error(CMD, "%s", err);
		goto done;
	}
	char **argv = calloc((size_t)c.argc + 1, sizeof *argv);
	if (!argv) {
		cli_error(CMD, "out of memory");
		goto done;
	}
	int ok = 1;
	for (int i = 0; i < c.argc && ok; i++)
		ok = (argv[i] = conf_take(a, &c, i)) != NULL;
	for (int e = 0; e < c.eng_n && ok; e++) {
		if (a->neng == ENGINES_MAX) {
			cli_error(CMD, "more than %d engines", ENGINES_MAX);
			ok = 0;
			break;
		}
		engine_conf *ec = &a->eng[a->neng++];
		for (int i = c.eng_first[e]; ok && i < c.eng_first[e] + c.eng_count[e]; i += 2) {
			char *key = conf_take(a, &c, i), *value = conf_take(a, &c, i + 1);
			ok = key && value && engine_key(ec, key, value) == 0;
		}
		if (ok && !ec->spec.cmd) {
			cli_error(CMD, "%s: engines[%d]: no cmd", path, e + 1);
			ok = 0;
		}
	}
	if (!ok && a->nowned == a->capowned)
		cli_error(CMD, "out of memory");
	rc = ok ? parse_options(a, c.argc, argv, 1) : -1;
	free(argv);
done:
	for (int i = 0; i < c.n; i++)
		free(c.s[i]);
	free(c.s);
	return rc;
}

static int parse_args(int argc, char **argv, args *a)
{
	a->games = 2;
	a->concurrency = 1;
	a->rules = "fide2023-standard";
	int rc = parse_options(a, argc, argv, 0);
	if (rc != 0)
		return rc;
	if (a->neng < 2) {
		cli_error(CMD, "needs at least two --engine");
		return -1;
	}
	if ((a->fen != NULL) + (a->openings != NULL) + a->chess960 > 1) {
		cli_error(CMD, "--fen, --openings and --chess960 / --double960 exclude each other");
		return -1;
	}
	if (a->tournament && strcmp(a->tournament, "swiss") == 0 && !a->rounds) {
		cli_error(CMD, "--tournament swiss needs --rounds N");
		return -1;
	}
	if (a->edition_given && !(a->tournament && strcmp(a->tournament, "swiss") == 0)) {
		cli_error(CMD, "--edition is a Swiss's (--tournament swiss)");
		return -1;
	}
	int knockout = a->tournament && strcmp(a->tournament, "knockout") == 0;
	if (knockout != (a->ko_match != NULL) || (a->ko_playoff && !a->ko_match)) {
		cli_error(CMD, "--tournament knockout needs --match STAGES (and only it takes "
			       "--match and --playoff)");
		return -1;
	}
	if (knockout && (a->rounds || a->trf)) {
		cli_error(CMD,
			  "a knockout takes no --rounds or --trf (its rounds are the bracket's)");
		return -1;
	}
	if (!a->tournament && a->rounds) {
		cli_error(CMD, "--rounds needs --tournament swiss or roundrobin");
		return -1;
	}
	if (a->regulations && !a->tournament && !a->trf) {
		cli_error(CMD, "--regulations (the standings') needs --trf or --tournament");
		return -1;
	}
	if (a->tournament && a->gauntlet) {
		cli_error(CMD, "--tournament does not take --gauntlet");
		return -1;
	}
	if (a->resume && !a->pgn) {
		cli_error(CMD, "--resume needs --pgn FILE");
		return -1;
	}
	for (int i = 0; i < a->neng; i++) {
		engine_conf *c = &a->eng[i];
		if (!a->ko_match && !a->has_tc && !c->has_tc && !c->limits.nodes &&
		    !c->limits.depth && !c->limits.movetime_ms) {
			cli_error(CMD,
				  "engine %d ('%s'): no time control (--tc or tc=) and no "
				  "nodes=, depth= or movetime=",
				  i + 1, c->spec.cmd);
			return -1;
		}
	}
	return 0;
}

/* ---- the schedule ----------------------------------------------------------- */

typedef struct game_slot {
	int white, black; /* engine indexes */
	int encounter;    /* the pair of engines */
	int start960[2];  /* Scharnagl numbers (White's, Black's), -1: standard */
	long opening;     /* index into run.open, -1: none */
	/* filled by the worker; kept small, a 1,000,000-game schedule is
	 * allowed (the PGN text and the messages live only until written) */
	int done, skipped, adjudicated;
	int failed; /* the game could not be played (error says why, if it could be kept) */
	char *pgn;
	size_t pgn_len;
	char result[8];
	char termination[24];
	char reason[32];
	int plies, round, board;           /* round, board: a tournament's, else 0 */
	const char *rules;                 /* a knockout stage's profile (NULL: --rules) */
	const arb_time_control *stage_tc;  /* and its control (NULL: the engines') */
	double overhead_sum, overhead_max; /* the runner's, us */
	long overhead_count;
	char *note;  /* the runner's detail ("white crashed at move 12"), or NULL */
	char *error; /* why the game could not be played, or NULL */
} game_slot;

typedef struct resumed resumed;

typedef struct encounter {
	int a, b;
} encounter;

typedef struct run {
	args *a;
	game_slot *games;
	long ngames;
	encounter *enc;
	int nenc;
	long next;     /* the next game to hand out */
	long released; /* games that may be handed out (a tournament: up to its round) */
	int closed;    /* no more games will be released */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	FILE *pgn;
	int failed;
	char name[ENGINES_MAX][64]; /* each engine's name once it has run */
	char **open;                /* the starts as FEN (--fen, --openings) */
	char trf_done[4096];        /* a tournament's TRF file once played, for its standings */
	long capgames;              /* a knockout's slots allocated */
	char ko_winner[64];         /* a knockout's winner, once decided */
	arb_match_schedule sched;   /* a knockout's match and play-offs */
	arb_time_control stage_tc[ARB_MATCH_STAGES_MAX];
	long nopen, capopen;
	int trf_rounds; /* a match's, round robin's or gauntlet's TRF: its rounds, */
	int rho[ENGINES_MAX * ENGINES_MAX / 2]; /* and each encounter's in a cycle */
	resumed *res; /* a tournament's or knockout's games read by --resume */
	long nres, capres, resumed_games;
} run;

static int build_schedule(run *r)
{
	args *a = r->a;
	int n = a->neng;

	r->enc = calloc((size_t)n * (size_t)n, sizeof *r->enc);
	if (!r->enc)
		return -1;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (!a->gauntlet || i == 0)
				r->enc[r->nenc++] = (encounter){i, j};
	r->ngames = (long)r->nenc * a->games;
	r->games = calloc((size_t)r->ngames, sizeof *r->games);
	if (!r->games)
		return -1;
	arb_rng rng;
	arb_rng_seed(&rng, a->seed);
	long *order = NULL, pairs = 0;
	if (r->nopen > 0) {
		if (!(order = malloc((size_t)r->nopen * sizeof *order)))
			return -1;
		for (long i = 0; i < r->nopen; i++)
			order[i] = i;
		for (long i = r->nopen - 1; a->random_openings && i > 0; i--) {
			long j = arb_rng_uniform(&rng, i + 1), t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
	}
	long k = 0;
	for (int e = 0; e < r->nenc; e++) {
		int s[2] = {-1, -1};
		for (long g = 0; g < a->games; g++, k++) {
			game_slot *gs = &r->games[k];
			if (g % 2 == 0 && g > 0)
				pairs++;
			gs->opening = order ? order[pairs % r->nopen] : -1;
			if (g % 2 == 0 && a->chess960) {
				s[0] = arb_chess960_random(&rng);
				s[1] = a->double960 ? arb_chess960_random(&rng) : s[0];
			}
			gs->encounter = e;
			gs->white = g % 2 == 0 ? r->enc[e].a : r->enc[e].b;
			gs->black = g % 2 == 0 ? r->enc[e].b : r->enc[e].a;
			gs->start960[0] = s[0];
			gs->start960[1] = s[1];
		}
		pairs++;
	}
	free(order);
	return 0;
}

/* ---- the starts ------------------------------------------------------------- */

static int add_open(run *r, const arb_position *pos)
{
	char fen[256];

	if (r->nopen == r->capopen) {
		long cap = r->capopen ? 2 * r->capopen : 64;
		char **o = realloc(r->open, (size_t)cap * sizeof *o);
		if (!o)
			return -1;
		r->open = o;
		r->capopen = cap;
	}
	arb_position_to_fen(pos, fen, sizeof fen, 0);
	if (!(r->open[r->nopen] = strdup(fen)))
		return -1;
	r->nopen++;
	return 0;
}

static int pgn_opening(arb_record *rec, const char *name, long number, void *ctx)
{
	run *r = ctx;
	arb_position *pos = arb_position_new();
	int n = arb_record_ply_count(rec), rc = -1;

	(void)name;
	(void)number;
	if (pos && arb_record_position_at(rec, n ? arb_record_mainline_node(rec, n - 1) : 0, pos) ==
			   ARB_OK)
		rc = add_open(r, pos);
	arb_position_free(pos);
	return rc;
}

/* One line of an EPD or FEN file: 0 (a start added, or a blank or # line),
 * -1 after a message naming the line. */
static int epd_line(run *r, arb_epd *epd, arb_position *pos, char *line, long no)
{
	arb_error err;
	size_t n = strlen(line);

	while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = '\0';
	if (!line[strspn(line, " \t")] || line[strspn(line, " \t")] == '#')
		return 0;
	if (arb_epd_parse(epd, line, 0, &err) == ARB_OK)
		return add_open(r, arb_epd_position(epd));
	if (arb_position_set_fen(pos, line, 0, &err) == ARB_OK)
		return add_open(r, pos);
	cli_error(CMD, "%s:%ld:%d: %s", r->a->openings, no, err.column, err.message);
	return -1;
}

static int load_openings(run *r)
{
	const args *a = r->a;
	size_t len = a->openings ? strlen(a->openings) : 0;

	if (a->fen) {
		arb_position *pos = arb_position_new();
		int rc = pos && cli_set_fen(CMD, pos, a->fen, 0) == 0 ? add_open(r, pos) : -1;
		arb_position_free(pos);
		return rc;
	}
	if (!a->openings)
		return 0;
	if (len > 4 && strcmp(a->openings + len - 4, ".pgn") == 0) {
		cli_games count;
		memset(&count, 0, sizeof count);
		if (cli_read_games(CMD, a->openings, 0, NULL, pgn_opening, r, &count) != 0 ||
		    count.io_failed || count.bad)
			return -1;
	} else {
		FILE *f = fopen(a->openings, "r");
		arb_epd *epd = arb_epd_new();
		arb_position *pos = arb_position_new();
		char line[4096];
		long no = 0;
		int rc = f && epd && pos ? 0 : -1;
		if (!f)
			cli_error(CMD, "%s: %s", a->openings, strerror(errno));
		while (rc == 0 && f && fgets(line, sizeof line, f))
			rc = epd_line(r, epd, pos, line, ++no);
		if (f)
			fclose(f);
		arb_epd_free(epd);
		arb_position_free(pos);
		if (rc != 0)
			return -1;
	}
	if (r->nopen == 0) {
		cli_error(CMD, "%s: no positions", a->openings);
		return -1;
	}
	return 0;
}

/* ---- the games -------------------------------------------------------------- */

/* s into dst[0..n), cut to fit. */
static void put(char *dst, size_t n, const char *s)
{
	size_t k = strlen(s);

	if (k >= n)
		k = n - 1;
	memcpy(dst, s, k);
	dst[k] = '\0';
}

typedef struct worker {
	run *r;
	arb_engine *eng[ENGINES_MAX];
	int dead[ENGINES_MAX]; /* failed, and not restarted (no --recover) */
	char why[ENGINES_MAX][256];
	arb_profile *profile;
	arb_record *rec;
	arb_profile *stage_profile[ARB_MATCH_STAGES_MAX]; /* a knockout's, by stage name */
	const char *stage_name[ARB_MATCH_STAGES_MAX];
} worker;

/* Engine i for the next game: the running one, a new one, or NULL (it could
 * not start, or died without --recover). */
static arb_engine *engine_for(worker *w, int i)
{
	args *a = w->r->a;
	engine_conf *c = &a->eng[i];
	arb_error err;

	if (w->eng[i] && !arb_engine_alive(w->eng[i])) {
		arb_engine_close(w->eng[i], 100);
		w->eng[i] = NULL;
		if (!a->recover)
			w->dead[i] = 1;
	}
	if (w->dead[i] || w->eng[i])
		return w->eng[i];
	memset(&err, 0, sizeof err);
	arb_engine_spec spec = c->spec;
	if (c->log[0])
		spec.stderr_path = c->log;
	if (!(w->eng[i] = arb_engine_open(&spec, &err))) {
		put(w->why[i], sizeof w->why[i], err.message);
		if (!a->recover)
			w->dead[i] = 1;
		return NULL;
	}
	pthread_mutex_lock(&w->r->mu);
	snprintf(w->r->name[i], sizeof w->r->name[i], "%s", arb_engine_name(w->eng[i]));
	pthread_mutex_unlock(&w->r->mu);
	return w->eng[i];
}

/* Engine i's name: its spec's, else its id name once it has run, else its
 * command's base name. */
static const char *engine_label(run *r, int i)
{
	const engine_conf *c = &r->a->eng[i];
	const char *name = NULL;

	pthread_mutex_lock(&r->mu);
	if (r->name[i][0])
		name = r->name[i];
	pthread_mutex_unlock(&r->mu);
	if (name)
		return name;
	if (c->spec.name)
		return c->spec.name;
	const char *s = strrchr(c->spec.cmd, '/');
	return s ? s + 1 : c->spec.cmd;
}

typedef struct membuf {
	char *s;
	size_t len, cap;
} membuf;

static int mem_write(void *ctx, const char *buf, size_t n)
{
	membuf *m = ctx;

	if (m->len + n + 1 > m->cap) {
		size_t cap = 2 * m->cap + n + 4096;
		char *s = realloc(m->s, cap);
		if (!s)
			return -1;
		m->s = s;
		m->cap = cap;
	}
	memcpy(m->s + m->len, buf, n);
	m->len += n;
	m->s[m->len] = '\0';
	return 0;
}

/* The time control of engine i playing `colour`: its own or the match's. */
static int side_control(const args *a, int i, int colour, arb_control *out)
{
	const engine_conf *c = &a->eng[i];

	if (c->has_tc && c->tc.kind == ARB_TC_PERIODS)
		*out = c->tc.side[colour];
	else if (a->has_tc && a->tc.kind == ARB_TC_PERIODS)
		*out = a->tc.side[colour];
	else
		return 0;
	return 1;
}

static void set_tags(worker *w, game_slot *gs, long k, const arb_time_control *tc,
		     const arb_position *start, const char *rules_name)
{
	arb_record *rec = w->rec;
	char buf[ARB_TC_MAX], date[16];
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(date, sizeof date, "%Y.%m.%d", &tm);
	snprintf(buf, sizeof buf, "%ld", gs->round ? (long)gs->round : k + 1);
	arb_record_set_tag(rec, "Event", "arbiter match");
	arb_record_set_tag(rec, "Site", "?");
	arb_record_set_tag(rec, "Date", date);
	arb_record_set_tag(rec, "Round", buf);
	if (gs->board) {
		snprintf(buf, sizeof buf, "%d", gs->board);
		arb_record_set_tag(rec, "Board", buf);
	}
	arb_record_set_tag(rec, "White", engine_label(w->r, gs->white));
	arb_record_set_tag(rec, "Black", engine_label(w->r, gs->black));
	if (tc)
		arb_tc_format(tc, ARB_TC_PGN, buf, sizeof buf);
	arb_record_set_tag(rec, "TimeControl", tc ? buf : "-");
	if (start && arb_position_is_chess960(start))
		arb_record_set_tag(rec, "Variant", "Chess960");
	arb_record_set_tag(rec, "Rules", rules_name);
}

/* The game could not be played, and why (the first reason given is kept;
 * NULL when even that could not be kept). */
static void slot_error(game_slot *gs, const char *why)
{
	gs->failed = 1;
	if (!gs->error)
		gs->error = strdup(why);
}

/* Plays game slot gs (number k) under prof (named rules_name), with the
 * control stage_tc when given (a knockout stage's), else the engines'. */
static void play_game_in(worker *w, game_slot *gs, long k, const arb_profile *prof,
			 const char *rules_name, const arb_time_control *stage_tc)
{
	run *r = w->r;
	args *a = r->a;
	arb_position *start = NULL;
	arb_time_control tc;
	arb_play_spec spec;
	arb_game *game = NULL;
	arb_play_report rep;
	arb_error err;

	memset(&spec, 0, sizeof spec);
	memset(&err, 0, sizeof err);
	memset(&tc, 0, sizeof tc);
	memset(&rep, 0, sizeof rep);
	tc.kind = ARB_TC_PERIODS;
	int timed = side_control(a, gs->white, ARB_WHITE, &tc.side[ARB_WHITE]) &
		    side_control(a, gs->black, ARB_BLACK, &tc.side[ARB_BLACK]);
	if (stage_tc && stage_tc->kind == ARB_TC_PERIODS) {
		tc = *stage_tc;
		timed = 1;
	}
	if (gs->opening >= 0) {
		if (!(start = arb_position_new()) ||
		    arb_position_set_fen(start, r->open[gs->opening], 0, NULL) != ARB_OK) {
			slot_error(gs, "out of memory");
			goto done;
		}
	} else if (gs->start960[0] >= 0) {
		if (!(start = arb_position_new()) ||
		    arb_chess960_position(start, gs->start960[0], gs->start960[1]) != ARB_OK) {
			slot_error(gs, "out of memory");
			goto done;
		}
	}
	spec.rules = arb_profile_rules(prof);
	spec.start = start;
	spec.tc = timed ? &tc : NULL;
	spec.limits[ARB_WHITE] = a->eng[gs->white].limits;
	spec.limits[ARB_BLACK] = a->eng[gs->black].limits;
	spec.margin_ms = a->margin_ms;
	spec.stall_ms = a->stall_ms;
	spec.claims = a->claims;
	spec.max_moves = a->max_moves;
	spec.draw_moves = a->draw_moves;
	spec.draw_from = a->draw_from;
	spec.draw_cp = a->draw_cp;
	spec.resign_moves = a->resign_moves;
	spec.resign_cp = a->resign_cp;
	arb_engine *we = engine_for(w, gs->white), *be = engine_for(w, gs->black);
	arb_status st = arb_play_game(&spec, we, be, &game, w->rec, &rep, &err);
	const arb_play_report *rp = &rep;
	if (st == ARB_OK && a->recover && rp->plies == 0 &&
	    (rp->crashed[0] || rp->crashed[1] || rp->stalled[0] || rp->stalled[1])) {
		/* It died between games (or would not start a new one): with
		 * --recover, a new process and the game from the start, once. */
		arb_game_free(game);
		game = NULL;
		we = engine_for(w, gs->white);
		be = engine_for(w, gs->black);
		st = arb_play_game(&spec, we, be, &game, w->rec, &rep, &err);
	}
	if (st != ARB_OK) {
		slot_error(gs, err.message[0] ? err.message : arb_status_name(st));
		goto done;
	}
	if (!we || !be) {
		int i = !we ? gs->white : gs->black;
		snprintf(rep.detail, sizeof rep.detail, "%.40s: %.80s", engine_label(w->r, i),
			 w->why[i][0] ? w->why[i] : "not running");
	}
	set_tags(w, gs, k, timed ? &tc : NULL, start, rules_name);
	arb_game_result res;
	arb_game_result_get(game, &res);
	snprintf(gs->result, sizeof gs->result, "%s", res.result);
	snprintf(gs->termination, sizeof gs->termination, "%s", res.termination);
	snprintf(gs->reason, sizeof gs->reason, "%s", res.reason);
	membuf m = {NULL, 0, 0};
	if (arb_pgn_write(w->rec, mem_write, &m) != ARB_OK || mem_write(&m, "\n", 1) != 0) {
		free(m.s);
		slot_error(gs, "out of memory");
		goto done;
	}
	gs->pgn = m.s;
	gs->pgn_len = m.len;
	gs->adjudicated = rep.adjudicated;
	gs->plies = rep.plies;
	gs->overhead_sum = rep.overhead_us_sum;
	gs->overhead_max = rep.overhead_us_max;
	gs->overhead_count = rep.overhead_count;
	if (rep.detail[0])
		gs->note = strdup(rep.detail); /* NULL: the note is lost, not the game */
done:
	arb_game_free(game);
	arb_position_free(start);
}

/* The profile named `name` (a knockout stage's), loaded once a worker. */
static const arb_profile *stage_profile(worker *w, const char *name)
{
	int i;

	for (i = 0; i < ARB_MATCH_STAGES_MAX && w->stage_name[i]; i++)
		if (strcmp(w->stage_name[i], name) == 0)
			return w->stage_profile[i];
	if (i == ARB_MATCH_STAGES_MAX)
		return NULL;
	w->stage_name[i] = name;
	return w->stage_profile[i] = cli_profile_open(CMD, name, NULL, NULL);
}

static void play_slot(worker *w, long k)
{
	game_slot *gs = &w->r->games[k];
	const arb_profile *prof = gs->rules ? stage_profile(w, gs->rules) : w->profile;

	if (!prof) {
		slot_error(gs, "the stage's profile could not be loaded");
		return;
	}
	play_game_in(w, gs, k, prof, gs->rules ? gs->rules : w->r->a->rules, gs->stage_tc);
}

static void *worker_main(void *ud)
{
	worker *w = ud;
	run *r = w->r;

	for (;;) {
		pthread_mutex_lock(&r->mu);
		for (;;) {
			while (r->next < r->released && r->games[r->next].done)
				r->next++;
			if (r->failed || r->next < r->released || r->closed)
				break;
			pthread_cond_wait(&r->cv, &r->mu);
		}
		long k = r->failed || r->next >= r->released ? -1 : r->next++;
		pthread_mutex_unlock(&r->mu);
		if (k < 0)
			break;
		play_slot(w, k);
		pthread_mutex_lock(&r->mu);
		r->games[k].done = 1;
		pthread_cond_broadcast(&r->cv);
		pthread_mutex_unlock(&r->mu);
	}
	for (int i = 0; i < r->a->neng; i++) {
		arb_engine_close(w->eng[i], 1000);
		w->eng[i] = NULL;
	}
	return NULL;
}

/* ---- resume ----------------------------------------------------------------- */

/* A game of the PGN file that a tournament's or knockout's pairing may
 * find again (by round and board, in the file's order). */
struct resumed {
	int round, board, plies, used;
	char white[64], black[64];
	char result[8], termination[24];
};

static int resumed_game(arb_record *rec, const char *name, long number, void *ctx)
{
	run *r = ctx;
	const char *round = arb_record_tag(rec, "Round");
	const char *board = arb_record_tag(rec, "Board");
	const char *term = arb_record_tag(rec, "Termination");
	char *end;
	long k;

	(void)name;
	(void)number;
	if (!round || (k = strtol(round, &end, 10)) < 1 || *end)
		return 0;
	if (r->a->tournament) {
		long b = board ? strtol(board, &end, 10) : 0;
		if (b < 1 || *end || k > ARB_TRF_ROUNDS_MAX || b > ENGINES_MAX)
			return 0;
		if (r->nres == r->capres) {
			long cap = r->capres ? 2 * r->capres : 64;
			resumed *g = realloc(r->res, (size_t)cap * sizeof *g);
			if (!g)
				return -1;
			r->res = g;
			r->capres = cap;
		}
		resumed *g = &r->res[r->nres++];
		memset(g, 0, sizeof *g);
		g->round = (int)k;
		g->board = (int)b;
		g->plies = arb_record_ply_count(rec);
		put(g->white, sizeof g->white,
		    arb_record_tag(rec, "White") ? arb_record_tag(rec, "White") : "");
		put(g->black, sizeof g->black,
		    arb_record_tag(rec, "Black") ? arb_record_tag(rec, "Black") : "");
		put(g->result, sizeof g->result, arb_record_result(rec));
		put(g->termination, sizeof g->termination, term ? term : "normal");
		return 0;
	}
	if (k > r->ngames)
		return 0;
	game_slot *gs = &r->games[k - 1];
	gs->done = gs->skipped = 1;
	gs->plies = arb_record_ply_count(rec);
	snprintf(gs->result, sizeof gs->result, "%s", arb_record_result(rec));
	snprintf(gs->termination, sizeof gs->termination, "%s", term ? term : "normal");
	return 0;
}

static int resume(run *r)
{
	cli_games count;

	memset(&count, 0, sizeof count);
	if (access(r->a->pgn, F_OK) != 0)
		return 0;
	if (cli_read_games(CMD, r->a->pgn, 0, NULL, resumed_game, r, &count) != 0 ||
	    count.io_failed)
		return -1;
	return 0;
}

/* Whether engine i may be the player named `name` of the PGN file: its
 * name is known (name=, or its id name once it has run) and the same, or
 * not known yet and then taken from the file. */
static int same_engine(run *r, int i, const char *name)
{
	const char *known = r->a->eng[i].spec.name;
	int same = 1;

	pthread_mutex_lock(&r->mu);
	if (!known && r->name[i][0])
		known = r->name[i];
	if (known)
		same = strcmp(known, name) == 0;
	else
		put(r->name[i], sizeof r->name[i], name);
	pthread_mutex_unlock(&r->mu);
	return same;
}

/* With --resume, the game of the PGN file with gs's round and board (the
 * first not taken yet) makes gs played already. 0; -1 after a message when
 * that game is between other engines: not this event. */
static int resume_slot(run *r, game_slot *gs)
{
	for (long i = 0; i < r->nres; i++) {
		resumed *g = &r->res[i];
		if (g->used || g->round != gs->round || g->board != gs->board)
			continue;
		if (!same_engine(r, gs->white, g->white) || !same_engine(r, gs->black, g->black)) {
			cli_error(CMD,
				  "--resume: %s has %s - %s in round %d board %d, where this "
				  "event pairs %s - %s: not the same event",
				  r->a->pgn, g->white, g->black, g->round, g->board,
				  engine_label(r, gs->white), engine_label(r, gs->black));
			return -1;
		}
		g->used = 1;
		gs->done = gs->skipped = 1;
		gs->plies = g->plies;
		put(gs->result, sizeof gs->result, g->result);
		put(gs->termination, sizeof gs->termination, g->termination);
		r->resumed_games++;
		return 0;
	}
	return 0;
}

/* ---- output ----------------------------------------------------------------- */

/* Half points of White in a scored result; -1 when not decided. */
static int white_halves(const char *result)
{
	if (strcmp(result, "1-0") == 0)
		return 2;
	if (strcmp(result, "0-1") == 0)
		return 0;
	if (strcmp(result, "1/2-1/2") == 0)
		return 1;
	return -1;
}

static int halves_of(const game_slot *gs, int e)
{
	int h = white_halves(gs->result);

	return h < 0 ? -1 : gs->white == e ? h : 2 - h;
}

static void progress(run *r, long k, const char *white, const char *black)
{
	const game_slot *gs = &r->games[k];

	if (r->a->quiet)
		return;
	if (gs->failed) {
		fprintf(stderr, "arbiter: match: game %ld: %s\n", k + 1,
			gs->error ? gs->error : "out of memory");
		return;
	}
	if (gs->round)
		fprintf(stderr, "round %d board %d: ", gs->round, gs->board);
	else
		fprintf(stderr, "game %ld/%ld: ", k + 1, r->ngames);
	fprintf(stderr, "%s - %s: %s %s%s%s%s\n", white, black, gs->result, gs->termination,
		gs->reason[0] ? " (" : "", gs->reason, gs->reason[0] ? ")" : "");
	if (gs->note)
		fprintf(stderr, "  %s\n", gs->note);
}

/* Writes the finished games [from, to) in order, as they come. */
static void write_games(run *r, long from, long to)
{
	for (long k = from; k < to; k++) {
		pthread_mutex_lock(&r->mu);
		while (!r->games[k].done)
			pthread_cond_wait(&r->cv, &r->mu);
		pthread_mutex_unlock(&r->mu);
		game_slot *gs = &r->games[k];
		if (gs->skipped)
			continue;
		if (gs->failed)
			r->failed = 1;
		if (r->pgn && gs->pgn && fwrite(gs->pgn, 1, gs->pgn_len, r->pgn) != gs->pgn_len) {
			cli_error(CMD, "%s: %s", r->a->pgn, strerror(errno));
			r->failed = 1;
		}
		if (r->pgn)
			fflush(r->pgn);
		progress(r, k, engine_label(r, gs->white), engine_label(r, gs->black));
		free(gs->pgn);
		free(gs->note);
		free(gs->error);
		gs->pgn = gs->note = gs->error = NULL;
	}
}

static void print_elo(double v, int finite)
{
	if (finite)
		printf("%+7.1f", v);
	else
		printf("%7s", v > 0 ? "+inf" : "-inf");
}

static void table(run *r)
{
	const args *a = r->a;

	printf("%-20s %6s %7s %5s %5s %5s %8s %19s %6s %6s  %s\n", "engine", "games", "score", "W",
	       "D", "L", "elo", "95%", "LOS", "draws", "time/illegal/crash/stall/adjudication");
	for (int e = 0; e < a->neng; e++) {
		arb_match_score s;
		long term[5] = {0, 0, 0, 0, 0};
		memset(&s, 0, sizeof s);
		for (long k = 0; k < r->ngames; k++) {
			const game_slot *gs = &r->games[k];
			int h = halves_of(gs, e);
			if (gs->white != e && gs->black != e)
				continue;
			if (h == 2)
				s.wins++;
			else if (h == 1)
				s.draws++;
			else if (h == 0)
				s.losses++;
			if (h >= 0 && gs->encounter >= 0 && (k % a->games) % 2 == 1) {
				int h0 = halves_of(&r->games[k - 1], e);
				if (h0 >= 0)
					arb_match_score_pair(&s, h0, h);
			}
			/* How the game ended: its reason, or for a game read back by
			 * --resume its Termination. */
			const char *t = gs->termination, *why = gs->reason;
			term[0] += strcmp(t, "time forfeit") == 0;
			term[1] += strncmp(why, "illegal-move", 12) == 0;
			term[2] += strcmp(why, "abandoned-loss") == 0 ||
				   (!why[0] && strcmp(t, "abandoned") == 0);
			term[3] += strcmp(why, "stalled-loss") == 0;
			term[4] += strcmp(t, "adjudication") == 0 || gs->adjudicated;
		}
		arb_match_summary m;
		arb_match_summarize(&s, &m);
		printf("%-20.20s %6ld %6.1f%% %5ld %5ld %5ld ", engine_label(r, e), m.games,
		       100 * m.score, s.wins, s.draws, s.losses);
		print_elo(m.elo, m.elo_finite);
		if (m.elo_finite && m.elo_interval_finite)
			printf("  [%+7.1f, %+7.1f]", m.elo_low, m.elo_high);
		else
			printf("  %18s", "-");
		printf(" %5.1f%% %5.1f%%  %ld/%ld/%ld/%ld/%ld\n", 100 * m.los, 100 * m.draw_ratio,
		       term[0], term[1], term[2], term[3], term[4]);
		if (m.pairs > 0)
			printf("%-20s pairs %ld: 0: %ld, 1/2: %ld, 1: %ld, 3/2: %ld, 2: %ld\n", "",
			       m.pairs, s.penta[0], s.penta[1], s.penta[2], s.penta[3], s.penta[4]);
	}
	/* The runner's own cost: from a bestmove read to the next go sent. */
	double sum = 0, max = 0;
	long moves = 0;
	for (long k = 0; k < r->ngames; k++) {
		const game_slot *g = &r->games[k];
		sum += g->overhead_sum;
		moves += g->overhead_count;
		if (g->overhead_max > max)
			max = g->overhead_max;
	}
	if (moves > 0)
		printf("runner overhead per move (bestmove read to next go sent): mean %.1f us, "
		       "max %.1f us, %ld moves\n",
		       sum / (double)moves, max, moves);
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		printf("runner peak memory: %ld KiB\n", (long)ru.ru_maxrss);
}

/* ---- a tournament, round by round ---------------------------------------------- */

/* Games [0, upto) may be handed out; closed: no more will come. */
static void release(run *r, long upto, int closed)
{
	pthread_mutex_lock(&r->mu);
	r->released = upto;
	r->closed = closed;
	pthread_cond_broadcast(&r->cv);
	pthread_mutex_unlock(&r->mu);
}

/* The schedule of a tournament: its rounds (a round robin's by the Berger
 * tables: one cycle, or two with --rounds), and room for every board. */
static int tournament_schedule(run *r)
{
	args *a = r->a;
	int n = a->neng;

	if (strcmp(a->tournament, "roundrobin") == 0) {
		int one = arb_berger_rounds(n, 1), two = arb_berger_rounds(n, 2);
		if (!a->rounds)
			a->rounds = one;
		if (a->rounds != one && a->rounds != two) {
			cli_error(CMD, "--rounds: a round robin of %d has %d rounds (double: %d)",
				  n, one, two);
			return -2;
		}
	}
	r->ngames = a->rounds * ((n + 1) / 2);
	if (!(r->games = calloc((size_t)r->ngames, sizeof *r->games)))
		return -1;
	return 0;
}

/* The event as the tournament layer holds it: the engines as players
 * (pairing numbers in --engine order), rounds, system, time control. */
static arb_tournament *tournament_new(run *r)
{
	const args *a = r->a;
	arb_tournament *t = arb_tournament_new();
	arb_tournament_info info;

	if (!t || arb_tournament_get_info(t, &info) != ARB_OK) {
		arb_tournament_free(t);
		return NULL;
	}
	snprintf(info.name, sizeof info.name, "arbiter match");
	info.rounds = (int)a->rounds;
	if (!a->tournament) { /* games of encounters: see event_rounds */
		info.rounds = r->trf_rounds;
		snprintf(info.type, sizeof info.type, "%s",
			 a->neng == 2 ? "Individual: Match" :
			 a->gauntlet  ? "Individual: Gauntlet" :
					"Individual: Round-Robin");
	} else if (strcmp(a->tournament, "swiss") == 0) {
		/* TRF-2026 has a code for the revised rules only */
		snprintf(info.system, sizeof info.system, "%s",
			 a->pair_flags & ARB_PAIR_DUTCH_2017 ? "FIDE_DUTCH" : "FIDE_DUTCH_2026");
		snprintf(info.type, sizeof info.type, "Individual: Swiss-System");
	} else {
		int two = a->rounds == arb_berger_rounds(a->neng, 2) && a->neng > 2;
		snprintf(info.system, sizeof info.system, "%s",
			 two ? "FIDE_DOUBLEROUNDROBIN" : "FIDE_ROUNDROBIN");
		snprintf(info.type, sizeof info.type, "Individual: Round-Robin");
	}
	if (a->tc_text)
		snprintf(info.time_control, sizeof info.time_control, "%s", a->tc_text);
	if (arb_tournament_set_info(t, &info) != ARB_OK)
		goto fail;
	for (int i = 0; i < a->neng; i++) {
		arb_tournament_player pl;
		memset(&pl, 0, sizeof pl);
		pl.id = i + 1;
		pl.sex = ' ';
		snprintf(pl.name, sizeof pl.name, "%s", engine_label(r, i));
		if (arb_tournament_add_player(t, &pl, NULL) != ARB_OK) {
			cli_error(CMD, "engine %d: name '%s' cannot be a TRF player's", i + 1,
				  pl.name);
			goto fail;
		}
	}
	return t;
fail:
	arb_tournament_free(t);
	return NULL;
}

/* White's and Black's TRF codes for a game's result: a game lost before
 * its first move is a forfeit (+ -). */
static void trf_codes(const game_slot *gs, char *w, char *b)
{
	int h = white_halves(gs->result);
	int forfeit = gs->plies == 0 && h != 1;

	*w = h == 2 ? (forfeit ? '+' : '1') : h == 1 ? '=' : h == 0 ? (forfeit ? '-' : '0') : '0';
	*b = h == 2 ? (forfeit ? '-' : '0') : h == 1 ? '=' : h == 0 ? (forfeit ? '+' : '1') : '0';
}

/* The standings of the TRF file by the regulation, with the engines' names. */
static int print_standings(run *r, const char *path)
{
	arb_regulation reg;
	arb_tournament *t = NULL;
	arb_standings *s = NULL;
	const char *regname = r->a->regulations ? r->a->regulations : "fide2026";
	char num[48];

	if (cli_standings_of(CMD, path, regname, NULL, NULL, &reg, &t, &s) != CLI_OK)
		return -1;
	int n = arb_standings_count(s), ntb = arb_standings_ntiebreaks(s);
	printf("standings (%s)\n%4s %-20s %6s", regname, "rank", "engine", "points");
	for (int k = 0; k < ntb; k++)
		printf(" %8s", arb_standings_tiebreak(s, k)->code);
	putchar('\n');
	for (int i = 0; i < n; i++) {
		int rank;
		double points, v;
		int id = arb_standings_row(s, i, &rank, &points);
		cli_decimal(num, sizeof num, points);
		printf("%4d %-20.20s %6s", rank, engine_label(r, id - 1), num);
		for (int k = 0; k < ntb; k++) {
			if (arb_standings_value(s, i, k, &v) == 1)
				cli_decimal(num, sizeof num, v);
			else
				snprintf(num, sizeof num, "-");
			printf(" %8s", num);
		}
		putchar('\n');
	}
	arb_standings_free(s);
	arb_tournament_free(t);
	return 0;
}

/* Pairs, plays and records each round in turn; the TRF after each. */
static int tournament(run *r)
{
	args *a = r->a;
	arb_tournament *t = tournament_new(r);
	char trfbuf[4096];
	const char *trf = a->trf;
	int rc = CLI_OK;
	long base = 0;
	arb_rng rng;

	if (!t) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	if (!trf) { /* the standings are read from a file: a scratch one */
		snprintf(trfbuf, sizeof trfbuf, "%s/arbiter-match-%ld.trf",
			 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
		trf = trfbuf;
	}
	arb_rng_seed(&rng, a->seed);
	for (int round = 1; round <= a->rounds && rc == CLI_OK; round++) {
		arb_pairing *p = NULL;
		arb_error err;
		if (arb_tournament_pair(t, round, a->pair_flags, &p, &err) != ARB_OK ||
		    arb_tournament_apply_pairing(t, p) != ARB_OK) {
			cli_error(CMD, "round %d: %s", round, err.message);
			arb_pairing_free(p);
			rc = CLI_FAIL;
			break;
		}
		int nb = arb_pairing_boards(p), s960[2] = {-1, -1};
		if (a->chess960) { /* one start a round, every board */
			s960[0] = arb_chess960_random(&rng);
			s960[1] = a->double960 ? arb_chess960_random(&rng) : s960[0];
		}
		for (int i = 0; i < nb && base + i < r->ngames; i++) {
			arb_board b;
			game_slot *gs = &r->games[base + i];
			arb_pairing_board(p, i, &b);
			gs->white = b.white - 1;
			gs->black = b.black - 1;
			gs->encounter = -1;
			gs->round = round;
			gs->board = i + 1;
			gs->start960[0] = s960[0];
			gs->start960[1] = s960[1];
			gs->opening = r->nopen ? (round - 1) % r->nopen : -1;
			if (r->nres && resume_slot(r, gs) != 0)
				rc = CLI_FAIL;
		}
		arb_pairing_free(p);
		if (rc != CLI_OK)
			break;
		release(r, base + nb, 0);
		write_games(r, base, base + nb);
		for (int i = 0; i < nb; i++) {
			game_slot *gs = &r->games[base + i];
			char w, b;
			trf_codes(gs, &w, &b);
			if (!gs->failed && arb_tournament_set_game(t, round, gs->white + 1,
								   gs->black + 1, w, b) != ARB_OK)
				rc = CLI_FAIL;
		}
		base += nb;
		if (r->failed)
			rc = CLI_FAIL;
		if (cli_tournament_save(t, 0, trf) != 0)
			rc = CLI_FAIL;
	}
	release(r, base, 1);
	r->ngames = base;
	if (rc == CLI_OK)
		snprintf(r->trf_done, sizeof r->trf_done, "%s", trf);
	else if (!a->trf)
		remove(trf);
	arb_tournament_free(t);
	return rc;
}

/*
 * The TRF round of every game of a match, round robin or gauntlet (the
 * schedule of build_schedule, encounter after encounter): game g of
 * encounter e is round g * R + rho[e], R the rounds of one cycle, so that
 * nobody has two games in a round. A round robin's encounters are in their
 * Berger rounds (C.05 Annex 1), a gauntlet's one a round, a match's all in
 * round 1 (game g is round g + 1); into r->rho and r->trf_rounds. 0, or
 * -2 after a message when the TRF cannot hold the rounds
 * (ARB_TRF_ROUNDS_MAX).
 */
static int event_rounds(run *r)
{
	int *rho = r->rho;
	const args *a = r->a;
	int n = a->neng, R = a->gauntlet || n == 2 ? n - 1 : arb_berger_rounds(n, 1);

	if (a->gauntlet || n == 2) {
		for (int e = 0; e < r->nenc; e++)
			rho[e] = e + 1;
	} else {
		arb_board boards[ENGINES_MAX / 2 + 1];
		for (int round = 1; round <= R; round++) {
			int nb = arb_berger_round(n, 1, round, 0, boards,
						  (int)(sizeof boards / sizeof *boards));
			for (int i = 0; i < nb; i++) {
				int lo = boards[i].white < boards[i].black ? boards[i].white :
									     boards[i].black;
				int hi = boards[i].white ^ boards[i].black ^ lo;
				for (int e = 0; lo && e < r->nenc; e++)
					if (r->enc[e].a == lo - 1 && r->enc[e].b == hi - 1)
						rho[e] = round;
			}
		}
	}
	if (a->games * R > ARB_TRF_ROUNDS_MAX) {
		cli_error(CMD,
			  "--trf: %ld games an encounter make %ld rounds, more than a TRF "
			  "holds (%d)",
			  a->games, a->games * R, ARB_TRF_ROUNDS_MAX);
		return -2;
	}
	r->trf_rounds = (int)(a->games * R);
	return 0;
}

/* A match, round robin or gauntlet as a TRF file (its rounds: event_rounds,
 * run before the first game). */
static int event_trf(run *r)
{
	const int *rho = r->rho;
	arb_tournament *t = tournament_new(r);
	int rc = t ? 0 : -1;
	int R = r->nenc ? r->trf_rounds / (int)r->a->games : 1;

	/* round by round (a TRF's rounds are recorded in order): round g * R +
	 * rho[e] holds game g of each encounter e in that Berger round */
	for (int round = 1; t && round <= r->trf_rounds && rc == 0; round++) {
		long g = (round - 1) / R;
		for (int e = 0; e < r->nenc && rc == 0; e++) {
			if (g * R + rho[e] != round)
				continue;
			const game_slot *gs = &r->games[e * r->a->games + g];
			char w, b;
			if (gs->failed || white_halves(gs->result) < 0)
				continue; /* not played: an absence */
			trf_codes(gs, &w, &b);
			if (arb_tournament_set_game(t, round, gs->white + 1, gs->black + 1, w, b) !=
			    ARB_OK)
				rc = -1;
		}
	}
	if (rc == 0)
		rc = cli_tournament_save(t, 0, r->a->trf) != 0 ? -1 : 0;
	else
		cli_error(CMD, "%s: the games could not be recorded", r->a->trf);
	if (rc == 0)
		snprintf(r->trf_done, sizeof r->trf_done, "%s", r->a->trf);
	arb_tournament_free(t);
	return rc;
}

/* ---- a knockout, each pairing a match with play-offs ------------------------- */

/* The schedule of --match and --playoff, and each stage's control. 0, or
 * -2 after a message (a usage error). */
static int knockout_prepare(run *r)
{
	const args *a = r->a;
	const char *text[2] = {a->ko_match, a->ko_playoff};
	arb_error err;

	for (int i = 0; i < 2; i++)
		if (text[i] && arb_match_schedule_add(&r->sched, text[i], &err) != ARB_OK) {
			cli_error(CMD, "%s '%s': %s", i ? "--playoff" : "--match", text[i],
				  err.message);
			return -2;
		}
	for (int i = 0; i < r->sched.nstages; i++)
		if (parse_tc("a stage's control", r->sched.stage[i].tc, &r->stage_tc[i]) != 0)
			return -2;
	return 0;
}

/* A new slot at the end of the schedule (under the lock: workers read the
 * array). NULL when out of memory. */
static game_slot *new_slot(run *r)
{
	game_slot *gs = NULL;

	pthread_mutex_lock(&r->mu);
	if (r->ngames == r->capgames) {
		long cap = r->capgames ? 2 * r->capgames : 64;
		game_slot *g = realloc(r->games, (size_t)cap * sizeof *g);
		if (g) {
			r->games = g;
			r->capgames = cap;
		}
	}
	if (r->ngames < r->capgames) {
		gs = &r->games[r->ngames++];
		memset(gs, 0, sizeof *gs);
		gs->encounter = -1;
		gs->opening = -1;
		gs->start960[0] = gs->start960[1] = -1;
	}
	pthread_mutex_unlock(&r->mu);
	return gs;
}

/* Round by round, every match of the round at once, game by game: each
 * wave plays the next game of every match still being played (in
 * parallel), records it by the stage's scoring, and goes on until every
 * match of the round is decided; a match drawn after every stage is
 * decided by lot (seeded, and said). */
static int knockout(run *r)
{
	const args *a = r->a;
	int ids[ENGINES_MAX], rc = CLI_OK;
	arb_knockout *k = NULL;
	arb_rng rng;

	for (int i = 0; i < a->neng; i++)
		ids[i] = i + 1;
	if (arb_knockout_new(ids, a->neng, &k) != ARB_OK) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	arb_rng_seed(&rng, a->seed);
	for (int round = 1; round <= arb_knockout_rounds(k) && rc == CLI_OK; round++) {
		int nm = arb_knockout_matches(k, round);
		arb_match **m = calloc((size_t)nm, sizeof *m);
		int(*s960)[2] = calloc((size_t)nm, sizeof *s960);
		if (!m || !s960) {
			free(m);
			free(s960);
			rc = CLI_FAIL;
			break;
		}
		for (int i = 0; i < nm; i++) {
			arb_knockout_match km;
			arb_knockout_match_get(k, round, i, &km);
			if (!km.bye && !km.winner &&
			    arb_match_new(&r->sched, km.a, km.b, &m[i]) != ARB_OK)
				rc = CLI_FAIL;
		}
		while (rc == CLI_OK) { /* a wave: the next game of every match in play */
			long base = r->ngames, slot[ENGINES_MAX];
			for (int i = 0; i < nm; i++) {
				arb_match_state st;
				slot[i] = -1;
				if (!m[i] || arb_match_get(m[i], &st) != ARB_OK ||
				    st.status != ARB_MATCH_PLAYING)
					continue;
				if (!st.white) { /* the stage's colours by lot */
					int first = (int)arb_rng_uniform(&rng, 2);
					arb_knockout_match km;
					arb_knockout_match_get(k, round, i, &km);
					arb_match_set_white(m[i], first ? km.b : km.a, NULL);
					arb_match_get(m[i], &st);
				}
				game_slot *gs = new_slot(r);
				if (!gs) {
					rc = CLI_FAIL;
					break;
				}
				gs->white = st.white - 1;
				gs->black = st.black - 1;
				gs->round = round;
				gs->board = i + 1;
				/* the run's copy of the stage: the match's goes with it */
				gs->rules = r->sched.stage[st.stage].profile;
				gs->stage_tc = &r->stage_tc[st.stage];
				if (r->nopen)
					gs->opening = (st.games / 2) % r->nopen;
				else if (a->chess960) { /* a position for each pair of games */
					if (st.games % 2 == 0) {
						s960[i][0] = arb_chess960_random(&rng);
						s960[i][1] = a->double960 ?
								     arb_chess960_random(&rng) :
								     s960[i][0];
					}
					gs->start960[0] = s960[i][0];
					gs->start960[1] = s960[i][1];
				}
				slot[i] = gs - r->games;
				if (r->nres && resume_slot(r, gs) != 0) {
					rc = CLI_FAIL;
					break;
				}
			}
			long count = r->ngames - base;
			if (count == 0 || rc != CLI_OK)
				break;
			release(r, r->ngames, 0);
			write_games(r, base, r->ngames);
			for (int i = 0; i < nm && rc == CLI_OK; i++) {
				if (slot[i] < 0)
					continue;
				const game_slot *gs = &r->games[slot[i]];
				char wc, bc;
				trf_codes(gs, &wc, &bc);
				if (gs->failed ||
				    arb_match_record(m[i], gs->white + 1, wc, NULL) != ARB_OK)
					rc = CLI_FAIL;
			}
		}
		for (int i = 0; i < nm; i++) {
			arb_match_state st;
			arb_knockout_match km;
			if (!m[i])
				continue;
			arb_knockout_match_get(k, round, i, &km);
			arb_match_get(m[i], &st);
			int winner = st.status == ARB_MATCH_WON ? st.winner : 0;
			if (rc == CLI_OK && !winner) {
				winner = arb_rng_uniform(&rng, 2) ? km.b : km.a;
				fprintf(stderr,
					"arbiter: match: knockout round %d match %d drawn after "
					"every stage: %s goes through by lot\n",
					round, i + 1, engine_label(r, winner - 1));
			}
			if (rc == CLI_OK && !a->quiet)
				fprintf(stderr,
					"knockout round %d match %d: %s - %s: %s goes through (%d games)\n",
					round, i + 1, engine_label(r, km.a - 1),
					engine_label(r, km.b - 1), engine_label(r, winner - 1),
					st.games);
			if (rc == CLI_OK)
				arb_knockout_set_winner(k, round, i, winner, NULL);
			arb_match_free(m[i]);
		}
		free(m);
		free(s960);
	}
	if (rc == CLI_OK && arb_knockout_winner(k))
		snprintf(r->ko_winner, sizeof r->ko_winner, "%s",
			 engine_label(r, arb_knockout_winner(k) - 1));
	release(r, r->ngames, 1);
	arb_knockout_free(k);
	return rc;
}

/* ---- the command ------------------------------------------------------------ */

static int log_paths(args *a)
{
	for (int i = 0; a->log_dir && i < a->neng; i++) {
		engine_conf *c = &a->eng[i];
		const char *base = c->spec.name ? c->spec.name : strrchr(c->spec.cmd, '/');
		base = base ? (base[0] == '/' ? base + 1 : base) : c->spec.cmd;
		if ((size_t)snprintf(c->log, sizeof c->log, "%s/%d-%s.log", a->log_dir, i + 1,
				     base) >= sizeof c->log) {
			cli_error(CMD, "--log-dir: path too long");
			return -1;
		}
	}
	return 0;
}

int cli_match(int argc, char **argv)
{
	args a;
	run r;
	worker *w = NULL;
	pthread_t th[CONCURRENCY_MAX];
	int nth = 0, rc = CLI_FAIL;

	memset(&a, 0, sizeof a);
	memset(&r, 0, sizeof r);
	int p = parse_args(argc, argv, &a);
	if (p != 0) {
		rc = p > 0 ? CLI_OK : CLI_USAGE;
		goto out;
	}
	r.a = &a;
	pthread_mutex_init(&r.mu, NULL);
	pthread_cond_init(&r.cv, NULL);
	if (log_paths(&a) != 0 || load_openings(&r) != 0)
		goto out;
	if (a.ko_match) {
		if (knockout_prepare(&r) != 0) {
			rc = CLI_USAGE;
			goto out;
		}
	} else if (a.tournament) {
		int ts = tournament_schedule(&r);
		if (ts != 0) {
			rc = ts == -2 ? CLI_USAGE : CLI_FAIL;
			goto out;
		}
	} else if (build_schedule(&r) != 0)
		goto out;
	else if (a.trf && event_rounds(&r) != 0) {
		rc = CLI_USAGE;
		goto out;
	}
	if (a.resume && resume(&r) != 0)
		goto out;
	if (a.pgn && !(r.pgn = fopen(a.pgn, a.resume ? "a" : "w"))) {
		cli_error(CMD, "%s: %s", a.pgn, strerror(errno));
		rc = CLI_USAGE;
		goto out;
	}
	if (!(w = calloc((size_t)a.concurrency, sizeof *w)))
		goto out;
	for (int i = 0; i < a.concurrency; i++) {
		w[i].r = &r;
		if (!(w[i].rec = arb_record_new()) ||
		    !(w[i].profile = cli_profile_open(CMD, a.rules, NULL, NULL)))
			goto join;
	}
	char why[512];
	if (a.has_tc &&
	    cli_speed_mismatch(a.tc_text, arb_profile_rules(w[0].profile), why, sizeof why))
		cli_error(CMD, "warning: %s", why);
	for (int i = 0; i < a.concurrency; i++) {
		if (pthread_create(&th[i], NULL, worker_main, &w[i]) != 0)
			break;
		nth++;
	}
	if (nth == 0) {
		cli_error(CMD, "cannot start a thread");
		goto join;
	}
	int played = CLI_OK;
	if (a.ko_match)
		played = knockout(&r);
	else if (a.tournament)
		played = tournament(&r);
	else {
		release(&r, r.ngames, 1);
		write_games(&r, 0, r.ngames);
		if (a.trf && event_trf(&r) != 0)
			played = CLI_FAIL;
	}
	rc = played != CLI_OK || r.failed ? CLI_FAIL : CLI_OK;
	if (r.resumed_games && !a.quiet)
		fprintf(stderr, "arbiter: match: %ld games resumed from %s\n", r.resumed_games,
			a.pgn);
	if (rc == CLI_OK && r.resumed_games < r.nres)
		cli_error(CMD, "warning: %s holds %ld games this event did not pair", a.pgn,
			  r.nres - r.resumed_games);
join:
	pthread_mutex_lock(&r.mu);
	if (nth == 0)
		r.failed = 1;
	r.closed = 1;
	pthread_cond_broadcast(&r.cv);
	pthread_mutex_unlock(&r.mu);
	for (int i = 0; i < nth; i++)
		pthread_join(th[i], NULL);
	if (nth > 0)
		table(&r);
	if (r.ko_winner[0])
		printf("knockout winner: %s\n", r.ko_winner);
	if (r.trf_done[0]) {
		if (print_standings(&r, r.trf_done) != 0)
			rc = CLI_FAIL;
		if (!a.trf)
			remove(r.trf_done);
	}
out:
	if (r.pgn && fclose(r.pgn) != 0) {
		cli_error(CMD, "%s: %s", a.pgn, strerror(errno));
		rc = CLI_FAIL;
	}
	for (int i = 0; w && i < a.concurrency; i++) {
		arb_record_free(w[i].rec);
		arb_profile_free(w[i].profile);
		for (int j = 0; j < ARB_MATCH_STAGES_MAX; j++)
			arb_profile_free(w[i].stage_profile[j]);
	}
	free(w);
	for (long k = 0; r.games && k < r.ngames; k++) {
		free(r.games[k].pgn);
		free(r.games[k].note);
		free(r.games[k].error);
	}
	free(r.games);
	free(r.res);
	free(r.enc);
	for (long i = 0; i < r.nopen; i++)
		free(r.open[i]);
	free(r.open);
	for (int i = 0; i < a.neng; i++)
		free(a.eng[i].text);
	for (int i = 0; i < a.nowned; i++)
		free(a.owned[i]);
	free(a.owned);
	return rc;
}

#endif /* ARBITER_HAVE_LUA */
