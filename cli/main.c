/*
 * main.c -- the `arbiter` command: dispatch to one subcommand per file.
 *
 * Exit status: 0 on success, 1 when the input is bad (a rejected FEN, a PGN
 * game with an error) or output failed, 2 for a bad command line (unknown
 * command or option, bad depth) or an input file that cannot be read.
 * Messages go to stderr; stdout carries only results.
 */
#include <string.h>

#include "adjudicate.h"
#include "cli.h"

struct command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv);
	void (*usage)(FILE *out);
};

static const struct command commands[] = {
	{"perft", "count the leaf nodes of the legal move tree", cli_perft, cli_perft_usage},
	{"moves", "list the legal moves of a position", cli_moves, cli_moves_usage},
	{"fen", "validate and normalise a FEN", cli_fen, cli_fen_usage},
	{"pgn", "check, convert or count the games of PGN files", cli_pgn, cli_pgn_usage},
	{"960", "Chess960 start positions: numbers, draws, diagrams", cli_960, cli_960_usage},
	{"analyse", "can each side still checkmate? (dead positions, time forfeits)", cli_analyse,
	 cli_analyse_usage},
	{"clock", "time controls: parse, classify, simulate, check a game's clock", cli_clock,
	 cli_clock_usage},
	{"adjudicate", "decide games under a rule profile: result, reason, article", cli_adjudicate,
	 cli_adjudicate_usage},
	{"compare", "adjudicate games under several profiles, list where they differ", cli_compare,
	 cli_compare_usage},
	{"profiles", "list the competition-rule profiles", cli_profiles, cli_profiles_usage},
	{"profile", "show a profile's parameters, or diff two profiles", cli_profile,
	 cli_profile_usage},
	{"run", "run a Lua script with module \"arbiter\" preloaded", cli_run, cli_run_usage},
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

static void usage(FILE *out)
{
	size_t i;

	fputs("usage: arbiter COMMAND [ARGS...]\n"
	      "       arbiter help [COMMAND] | arbiter COMMAND --help | arbiter --version\n"
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

/* `arbiter help [COMMAND]` */
static int help(int argc, char **argv)
{
	const struct command *cmd;

	if (argc == 0) {
		usage(stdout);
		return CLI_OK;
	}
	if (argc > 1) {
		cli_error("help", "too many arguments (try 'arbiter help')");
		return CLI_USAGE;
	}
	cmd = find(argv[0]);
	if (!cmd) {
		cli_error("help", "unknown command '%s' (try 'arbiter help')", argv[0]);
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
	return finish(cmd->run(argc - 2, argv + 2));
}
