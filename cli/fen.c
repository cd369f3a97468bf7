/*
 * fen.c -- `arbiter fen FEN [--shredder] [--960|--standard] [--repair]`.
 *
 * Reads a FEN, X-FEN or Shredder-FEN and prints it normalised: X-FEN by
 * default, Shredder-FEN (castling as rook files) with --shredder. A rejected
 * FEN is reported on stderr with the field and column the engine names, and
 * the exit status is 1. With --repair, bad castling rights and e.p. squares
 * are dropped instead, and what was repaired is noted on stderr.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void cli_fen_usage(FILE *out)
{
	fputs("usage: arbiter fen FEN [--shredder] [--960|--standard] [--repair]\n"
	      "\n"
	      "Validates FEN (FEN, X-FEN or Shredder-FEN) and prints it normalised.\n"
	      "\n"
	      "  --shredder    write castling rights as rook files (HAha)\n"
	      "  --960         read FEN as Chess960 (also --chess960)\n"
	      "  --standard    read FEN as standard chess\n"
	      "  --repair      drop bad castling rights and e.p. squares, with a note\n"
	      "                on stderr, instead of rejecting the FEN\n"
	      "\n"
	      "FEN may be one argument or its fields as separate arguments.\n",
	      out);
}

struct fen_args {
	unsigned mode, flags;
	char **operand; /* argc + 1 entries */
	int noperands;
};

/* Returns CLI_OK to go on, CLI_USAGE after a message, or CLI_DONE when --help
 * was answered. */
static int parse(int argc, char **argv, struct fen_args *a)
{
	cli_argv it;
	int m;
	const char *arg;

	cli_argv_init(&it, argc, argv, a->operand);
	while ((arg = cli_next_option(&it)) != NULL) {
		if (cli_is_help(arg)) {
			cli_fen_usage(stdout);
			return CLI_DONE;
		}
		m = cli_fen_mode_option("fen", arg, &a->mode);
		if (m < 0)
			return CLI_USAGE;
		if (m > 0)
			continue;
		if (strcmp(arg, "--shredder") == 0) {
			a->flags |= ARB_FEN_SHREDDER;
		} else if (strcmp(arg, "--repair") == 0) {
			a->flags |= ARB_FEN_REPAIR;
		} else {
			cli_error("fen", "unknown option '%s' (try 'arbiter fen --help')", arg);
			return CLI_USAGE;
		}
	}
	a->noperands = it.noperands;
	if (a->noperands < 1) {
		cli_error("fen", "missing FEN (try 'arbiter fen --help')");
		return CLI_USAGE;
	}
	return CLI_OK;
}

static int run(const char *fen, unsigned mode, unsigned flags)
{
	arb_position *pos;
	char out[ARB_FEN_MAX + 1];
	size_t need;

	pos = arb_position_new();
	if (!pos) {
		cli_error("fen", "out of memory");
		return CLI_FAIL;
	}
	if (cli_set_fen("fen", pos, fen, mode | (flags & ARB_FEN_REPAIR)) != 0) {
		arb_position_free(pos);
		return CLI_FAIL;
	}
	need = arb_position_to_fen(pos, out, sizeof out, flags & ARB_FEN_SHREDDER);
	arb_position_free(pos);
	if (need >= sizeof out) {
		cli_error("fen", "internal error: FEN longer than %d characters", ARB_FEN_MAX);
		return CLI_FAIL;
	}
	puts(out);
	return CLI_OK;
}

int cli_fen(int argc, char **argv)
{
	struct fen_args a;
	char *fen = NULL;
	int rc;

	memset(&a, 0, sizeof a);
	a.mode = ARB_FEN_AUTO;
	a.operand = calloc((size_t)argc + 1, sizeof *a.operand);
	if (!a.operand) {
		cli_error("fen", "out of memory");
		return CLI_FAIL;
	}
	rc = parse(argc, argv, &a);
	if (rc == CLI_OK) {
		fen = cli_join("fen", a.operand, a.noperands);
		rc = fen ? run(fen, a.mode, a.flags) : CLI_FAIL;
	}
	free(fen);
	free(a.operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}
