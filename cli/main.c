/*
 * main.c -- the `arbiter` command: dispatch to one subcommand per file.
 *
 * Exit status: 0 on success, 1 when the input is bad (a rejected FEN, a PGN
 * game with an error) or output failed, 2 for a bad command line (unknown
 * command or option, bad depth) or an input file that cannot be read.
 * Messages go to stderr; stdout carries only results.
 *
 * Help is one text per command, its usage function: `arbiter help CMD`,
 * `arbiter CMD --help` and `arbiter CMD -h` print it to stdout and exit 0
 * (docs/arbiter.1 is the long form; tests/cli/manpage.sh keeps the two in step).
 * A command with actions (pgn check, clock parse, profile show) has one text
 * for all of them, so `arbiter help pgn check` prints the text of `pgn`.
 */
#include <string.h>

#include "adjudicate.h"
#include "cli.h"
#include "variants.h"

struct command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv);
	void (*usage)(FILE *out);
	const char *const *actions; /* NULL-terminated; NULL: none */
};

static const char *const pgn_actions[] = {"check", "convert", "stats", NULL};
static const char *const clock_actions[] = {"parse", "simulate", "history", NULL};
static const char *const profile_actions[] = {"show", "diff", NULL};
static const char *const tournament_actions[] = {"show",     "export",   "standings", "pair",
						 "check",    "result",   "new",       "add-player",
						 "withdraw", "prohibit", "set",       "crosstable",
						 "compare",  "knockout", NULL};

static const struct command commands[] = {
	{"perft", "count the leaf nodes of the legal move tree", cli_perft, cli_perft_usage, NULL},
	{"moves", "list the legal moves of a position", cli_moves, cli_moves_usage, NULL},
	{"fen", "validate and normalise a FEN", cli_fen, cli_fen_usage, NULL},
	{"pgn", "check, convert or count the games of PGN files", cli_pgn, cli_pgn_usage,
	 pgn_actions},
	{"960", "Chess960 start positions: numbers, draws, diagrams", cli_960, cli_960_usage, NULL},
	{"analyse", "can each side still checkmate? (dead positions, time forfeits)", cli_analyse,
	 cli_analyse_usage, NULL},
	{"clock", "time controls: parse, classify, simulate, check a game's clock", cli_clock,
	 cli_clock_usage, clock_actions},
	{"adjudicate", "decide games under a rule profile: result, reason, article", cli_adjudicate,
	 cli_adjudicate_usage, NULL},
	{"compare", "adjudicate games under several profiles, list where they differ", cli_compare,
	 cli_compare_usage, NULL},
	{"profiles", "list the competition-rule profiles", cli_profiles, cli_profiles_usage, NULL},
	{"profile", "show a profile's parameters, or diff two profiles", cli_profile,
	 cli_profile_usage, profile_actions},
	{"variants", "list the variant scripts (start positions, castling geometry)", cli_variants,
	 cli_variants_usage, NULL},
	{"tournament",
	 "TRF files: event and players, export (TRF-2026, TRF-16), standings, crosstable, compare",
	 cli_tournament, cli_tournament_usage, tournament_actions},
	{"match", "play UCI engines against each other under a rule profile, on arbiter's clock",
	 cli_match, cli_match_usage, NULL},
	{"run", "run a Lua script with module \"arbiter\" preloaded", cli_run, cli_run_usage, NULL},
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const struct command *find(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

/* 1 if `name` is one of cmd's actions. */
static int has_action(const struct command *cmd, const char *name)
{
	const char *const *a;

	for (a = cmd->actions; a && *a; a++)
		if (strcmp(*a, name) == 0)
			return 1;
	return 0;
}

static void usage(FILE *out)
{
	size_t i;

	fputs("usage: arbiter COMMAND [ARGS...]\n"
	      "       arbiter help [COMMAND [ACTION]] | arbiter COMMAND --help\n"
	      "       arbiter --version\n"
	      "\n"
	      "Commands:\n",
	      out);
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fputs("\n"
	      "A FEN may be given as one argument or as its fields in separate arguments.\n"
	      "Exit status: 0 ok, 1 bad input, 2 bad command line or unreadable file.\n",
	      out);
}

/* `arbiter help [COMMAND [ACTION]]`: `help help` and `help --help` are the
 * overview; ACTION (or --help after COMMAND) gives the command's one text. */
static int help(int argc, char **argv)
{
	const struct command *cmd;

	if (argc == 0 || (argc == 1 && (strcmp(argv[0], "help") == 0 || cli_is_help(argv[0])))) {
		usage(stdout);
		return CLI_OK;
	}
	cmd = find(argv[0]);
	if (!cmd) {
		cli_error("help", "unknown command '%s' (try 'arbiter help')", argv[0]);
		return CLI_USAGE;
	}
	if (argc > 2) {
		cli_error("help", "too many arguments (try 'arbiter help %s')", cmd->name);
		return CLI_USAGE;
	}
	if (argc == 2 && !has_action(cmd, argv[1]) && !cli_is_help(argv[1])) {
		if (cmd->actions)
			cli_error("help", "'%s' has no action '%s' (try 'arbiter help %s')",
				  cmd->name, argv[1], cmd->name);
		else
			cli_error("help", "'%s' has no actions (try 'arbiter help %s')", cmd->name,
				  cmd->name);
		return CLI_USAGE;
	}
	cmd->usage(stdout);
	return CLI_OK;
}

/* A failed write to stdout (a full disk, a closed pipe) is an error too. */
static int finish(int rc)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_error(NULL, "error writing to standard output");
		return rc == CLI_OK ? CLI_FAIL : rc;
	}
	return rc;
}

int main(int argc, char **argv)
{
	const struct command *cmd;
	const char *name;

	if (argc < 2) {
		usage(stderr);
		return CLI_USAGE;
	}
	name = argv[1];
	if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
		printf("arbiter %s\n", arb_version());
		return finish(CLI_OK);
	}
	if (cli_is_help(name))
		return finish(help(0, NULL));
	if (strcmp(name, "help") == 0)
		return finish(help(argc - 2, argv + 2));
	cmd = find(name);
	if (!cmd) {
		if (cli_is_option(name))
			cli_error(NULL, "unknown option '%s' (try 'arbiter help')", name);
		else
			cli_error(NULL, "unknown command '%s' (try 'arbiter help')", name);
		return CLI_USAGE;
	}
	/* `arbiter CMD --help` and `arbiter CMD ACTION --help` print the text of
	 * `arbiter help CMD`, also where the command is not built in (without
	 * Lua, adjudicate and run only say so). A --help further on is the
	 * command's own, printed by the same usage function. */
	if (argc > 2 && cli_is_help(argv[2]))
		return finish(help(1, argv + 1));
	if (argc > 3 && has_action(cmd, argv[2]) && cli_is_help(argv[3]))
		return finish(help(1, argv + 1));
	return finish(cmd->run(argc - 2, argv + 2));
}
