/*
 * moves.c -- `arbiter moves FEN [--uci] [--960|--standard]`.
 *
 * Prints the legal moves of a position, one UCI move per line, sorted by the
 * UCI string so the output does not depend on the generator's order. Castling
 * is written king-to-destination in standard mode ("e1g1") and king-takes-rook
 * in Chess960 mode ("e1h1"). A position with no legal move prints nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void cli_moves_usage(FILE *out)
{
	fputs("usage: arbiter moves FEN [--uci] [--960|--standard]\n"
	      "\n"
	      "Lists the legal moves of FEN, one per line, sorted.\n"
	      "\n"
	      "  --uci         UCI notation (the default)\n"
	      "  --960         read FEN as Chess960: castling is written king takes\n"
	      "                rook, e.g. e1h1 (also --chess960)\n"
	      "  --standard    read FEN as standard chess\n"
	      "\n"
	      "FEN may be one argument or its fields as separate arguments.\n",
	      out);
}

struct moves_args {
	unsigned mode;
	char **operand; /* argc + 1 entries */
	int noperands;
};

/* Returns CLI_OK to go on, CLI_USAGE after a message, or CLI_DONE when --help
 * was answered. */
static int parse(int argc, char **argv, struct moves_args *a)
{
	cli_argv it;
	int m;
	const char *arg;

	cli_argv_init(&it, argc, argv, a->operand);
	while ((arg = cli_next_option(&it)) != NULL) {
		if (cli_is_help(arg)) {
			cli_moves_usage(stdout);
			return CLI_DONE;
		}
		m = cli_fen_mode_option("moves", arg, &a->mode);
		if (m < 0)
			return CLI_USAGE;
		if (m > 0 || strcmp(arg, "--uci") == 0)
			continue;
		if (strcmp(arg, "--san") == 0)
			cli_error("moves", "--san is not available yet; use --uci");
		else
			cli_error("moves", "unknown option '%s' (try 'arbiter moves --help')", arg);
		return CLI_USAGE;
	}
	a->noperands = it.noperands;
	if (a->noperands < 1) {
		cli_error("moves", "missing FEN (try 'arbiter moves --help')");
		return CLI_USAGE;
	}
	return CLI_OK;
}

static int run(const char *fen, unsigned flags)
{
	arb_position *pos;
	arb_move move[ARB_MAX_MOVES];
	char uci[ARB_MAX_MOVES][8];
	int n, i;

	pos = arb_position_new();
	if (!pos) {
		cli_error("moves", "out of memory");
		return CLI_FAIL;
	}
	if (cli_set_fen("moves", pos, fen, flags) != 0) {
		arb_position_free(pos);
		return CLI_FAIL;
	}
	n = arb_position_legal_moves(pos, move);
	if (n < 0 || n > ARB_MAX_MOVES)
		n = 0; /* cannot happen; keeps the loop below in bounds */
	for (i = 0; i < n; i++)
		cli_move_uci(pos, move[i], uci[i]);
	arb_position_free(pos);
	qsort(uci, (size_t)n, sizeof uci[0], cli_compare_uci);
	for (i = 0; i < n; i++)
		puts(uci[i]);
	return CLI_OK;
}

int cli_moves(int argc, char **argv)
{
	struct moves_args a;
	char *fen = NULL;
	int rc;

	memset(&a, 0, sizeof a);
	a.mode = ARB_FEN_AUTO;
	a.operand = calloc((size_t)argc + 1, sizeof *a.operand);
	if (!a.operand) {
		cli_error("moves", "out of memory");
		return CLI_FAIL;
	}
	rc = parse(argc, argv, &a);
	if (rc == CLI_OK) {
		fen = cli_join("moves", a.operand, a.noperands);
		rc = fen ? run(fen, a.mode) : CLI_FAIL;
	}
	free(fen);
	free(a.operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}
