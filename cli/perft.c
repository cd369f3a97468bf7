/*
 * perft.c -- `arbiter perft DEPTH [FEN] [--divide] [--960|--standard] [--time]`.
 *
 * Prints the number of leaf nodes of the legal move tree, alone on the last
 * line of stdout. With --divide, first each root move in UCI with its count
 * (sorted by the UCI string, so the output is stable), then a blank line.
 * With --time, the elapsed time and speed go to stderr, never to stdout.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

void cli_perft_usage(FILE *out)
{
	fputs("usage: arbiter perft DEPTH [FEN] [--divide] [--960|--standard] [--time]\n"
	      "\n"
	      "Counts the leaf nodes of the legal move tree DEPTH plies deep (0..20)\n"
	      "from FEN (default: the start position). The count is the last line.\n"
	      "\n"
	      "  --divide      first list each root move (UCI) with its count, then a\n"
	      "                blank line\n"
	      "  --960         read FEN as Chess960 (also --chess960)\n"
	      "  --standard    read FEN as standard chess\n"
	      "  --time        print the time and nodes per second on stderr\n"
	      "\n"
	      "FEN may be one argument or its fields as separate arguments.\n",
	      out);
}

/* One root move of a divide, collected so it can be sorted. The UCI text is
 * the first member so the entry can be compared with cli_compare_uci. */
struct root_entry {
	char uci[8];
	arb_move move;
	uint64_t nodes;
};

struct divide {
	struct root_entry entry[ARB_MAX_MOVES];
	int count;
};

static void collect(arb_move move, uint64_t nodes, void *ctx)
{
	struct divide *d = ctx;

	if (d->count >= ARB_MAX_MOVES)
		return; /* cannot happen: no position has more legal moves */
	d->entry[d->count].move = move;
	d->entry[d->count].nodes = nodes;
	d->count++;
}

static double now_seconds(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0.0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t run_divide(arb_position *pos, int depth)
{
	struct divide *d;
	uint64_t total;
	int i;

	if (depth == 0) {
		fputs("\n", stdout);
		return 1;
	}
	d = calloc(1, sizeof *d);
	if (!d) {
		cli_error("perft", "out of memory");
		return UINT64_MAX;
	}
	total = arb_perft_divide(pos, depth, collect, d);
	/* pos is restored now, so the moves can be written for it. */
	for (i = 0; i < d->count; i++)
		cli_move_uci(pos, d->entry[i].move, d->entry[i].uci);
	qsort(d->entry, (size_t)d->count, sizeof d->entry[0], cli_compare_uci);
	for (i = 0; i < d->count; i++)
		printf("%s: %" PRIu64 "\n", d->entry[i].uci, d->entry[i].nodes);
	fputs("\n", stdout);
	free(d);
	return total;
}

static int run(const char *fen, int depth, unsigned flags, int divide, int timed)
{
	arb_position *pos;
	uint64_t nodes;
	double start, seconds;

	pos = arb_position_new();
	if (!pos) {
		cli_error("perft", "out of memory");
		return CLI_FAIL;
	}
	if (cli_set_fen("perft", pos, fen, flags) != 0) {
		arb_position_free(pos);
		return CLI_FAIL;
	}
	start = now_seconds();
	nodes = divide ? run_divide(pos, depth) : arb_perft(pos, depth, 0);
	seconds = now_seconds() - start;
	arb_position_free(pos);
	if (nodes == UINT64_MAX)
		return CLI_FAIL;
	printf("%" PRIu64 "\n", nodes);
	if (timed)
		fprintf(stderr, "perft: %" PRIu64 " nodes in %.3f s (%.2f Mnodes/s)\n", nodes,
			seconds, seconds > 0.0 ? (double)nodes / seconds / 1e6 : 0.0);
	return CLI_OK;
}

/* What the command line asked for. */
struct perft_args {
	int depth, divide, timed;
	unsigned mode;
	char **operand; /* argc + 1 entries */
	int noperands;
};

/* Returns CLI_OK to go on, CLI_USAGE after a message, or CLI_DONE when --help
 * was answered. */
static int parse(int argc, char **argv, struct perft_args *a)
{
	cli_argv it;
	int m;
	const char *arg;

	cli_argv_init(&it, argc, argv, a->operand);
	while ((arg = cli_next_option(&it)) != NULL) {
		if (cli_is_help(arg)) {
			cli_perft_usage(stdout);
			return CLI_DONE;
		}
		m = cli_fen_mode_option("perft", arg, &a->mode);
		if (m < 0)
			return CLI_USAGE;
		if (m > 0)
			continue;
		if (strcmp(arg, "--divide") == 0) {
			a->divide = 1;
		} else if (strcmp(arg, "--time") == 0) {
			a->timed = 1;
		} else {
			cli_error("perft", "unknown option '%s' (try 'arbiter perft --help')", arg);
			return CLI_USAGE;
		}
	}
	a->noperands = it.noperands;
	if (a->noperands < 1) {
		cli_error("perft", "missing DEPTH (try 'arbiter perft --help')");
		return CLI_USAGE;
	}
	if (cli_parse_depth("perft", a->operand[0], &a->depth) != 0)
		return CLI_USAGE;
	return CLI_OK;
}

int cli_perft(int argc, char **argv)
{
	struct perft_args a;
	const char *fen = CLI_START_FEN;
	char *joined = NULL;
	int rc;

	memset(&a, 0, sizeof a);
	a.mode = ARB_FEN_AUTO;
	a.operand = calloc((size_t)argc + 1, sizeof *a.operand);
	if (!a.operand) {
		cli_error("perft", "out of memory");
		return CLI_FAIL;
	}
	rc = parse(argc, argv, &a);
	if (rc == CLI_OK && a.noperands > 1) {
		joined = cli_join("perft", a.operand + 1, a.noperands - 1);
		if (!joined)
			rc = CLI_FAIL;
		fen = joined;
	}
	if (rc == CLI_OK)
		rc = run(fen, a.depth, a.mode, a.divide, a.timed);
	free(joined);
	free(a.operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}
