/*
 * fen.c -- `arbiter fen FEN [--shredder] [--960|--standard] [--repair]
 * [--svg FILE [--flip] [--title TEXT]]`.
 *
 * Reads a FEN, X-FEN or Shredder-FEN and prints it normalised: X-FEN by
 * default, Shredder-FEN (castling as rook files) with --shredder. A rejected
 * FEN is reported on stderr with the field and column the engine names, and
 * the exit status is 1. With --repair, bad castling rights and e.p. squares
 * are dropped instead, and what was repaired is noted on stderr. --svg also
 * writes a diagram of the position (the Chess960 diagrams' board, svg.h);
 * the FEN is read in full before the file is created, so a bad FEN leaves
 * no file.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "svg.h"

void cli_fen_usage(FILE *out)
{
	fputs("usage: arbiter fen FEN [--shredder] [--960|--standard] [--repair]\n"
	      "                   [--svg FILE [--flip] [--title TEXT]]\n"
	      "\n"
	      "Validates FEN (FEN, X-FEN or Shredder-FEN) and prints it normalised.\n"
	      "\n"
	      "  --shredder    write castling rights as rook files (HAha)\n"
	      "  --960         read FEN as Chess960 (also --chess960)\n"
	      "  --standard    read FEN as standard chess\n"
	      "  --repair      drop bad castling rights and e.p. squares, with a note\n"
	      "                on stderr, instead of rejecting the FEN\n"
	      "  --svg FILE    also write a diagram of the position to FILE as SVG, the\n"
	      "                board of the Chess960 diagrams: titled with the side to\n"
	      "                move (and check, checkmate or stalemate), captioned with\n"
	      "                the normalised FEN, a disc beside the first rank of the\n"
	      "                side to move, a red mark under a king in check\n"
	      "  --flip        with --svg: Black at the bottom\n"
	      "  --title TEXT  with --svg: TEXT above the board instead (\"\" for none)\n"
	      "\n"
	      "FEN may be one argument or its fields as separate arguments.\n",
	      out);
}

struct fen_args {
	unsigned mode, flags, svg_flags;
	const char *svg, *title; /* NULL when not given */
	char **operand;          /* argc + 1 entries */
	int noperands;
};

/* --svg FILE and --title TEXT: 1 if `arg` was one (*rc set), else 0. */
static int parse_valued(cli_argv *it, struct fen_args *a, int *rc)
{
	const char *value;
	int m;

	*rc = CLI_OK;
	if ((m = cli_option_value(it, "fen", "--svg", &value)) != 0) {
		if (m < 0 || a->svg || value[0] == '\0') {
			if (m > 0)
				cli_error("fen",
					  a->svg ? "--svg given twice" : "--svg needs a file name");
			*rc = CLI_USAGE;
		}
		a->svg = value;
		return 1;
	}
	if ((m = cli_option_value(it, "fen", "--title", &value)) != 0) {
		if (m < 0 || a->title) {
			if (m > 0)
				cli_error("fen", "--title given twice");
			*rc = CLI_USAGE;
		}
		a->title = value;
		return 1;
	}
	return 0;
}

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
		if (parse_valued(&it, a, &m)) {
			if (m != CLI_OK)
				return m;
		} else if (strcmp(arg, "--flip") == 0) {
			a->svg_flags |= ARB_SVG_FLIP;
		} else if (strcmp(arg, "--shredder") == 0) {
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
	if (!a->svg && (a->svg_flags || a->title)) {
		cli_error("fen", "%s goes with --svg FILE", a->title ? "--title" : "--flip");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* --svg FILE: one board, the normalised FEN as its caption. */
static int write_svg(const struct fen_args *a, const arb_position *pos, const char *fen)
{
	cli_svg *svg = cli_svg_open("fen", a->svg, 1, NULL);

	if (!svg)
		return CLI_FAIL;
	cli_svg_board(svg, pos, a->title, fen, a->svg_flags);
	return cli_svg_close(svg) == 0 ? CLI_OK : CLI_FAIL;
}

static int run(const struct fen_args *a, const char *fen)
{
	arb_position *pos;
	char out[ARB_FEN_MAX + 1];
	size_t need;
	int rc = CLI_OK;

	pos = arb_position_new();
	if (!pos) {
		cli_error("fen", "out of memory");
		return CLI_FAIL;
	}
	if (cli_set_fen("fen", pos, fen, a->mode | (a->flags & ARB_FEN_REPAIR)) != 0) {
		arb_position_free(pos);
		return CLI_FAIL;
	}
	need = arb_position_to_fen(pos, out, sizeof out, a->flags & ARB_FEN_SHREDDER);
	if (need >= sizeof out) {
		cli_error("fen", "internal error: FEN longer than %d characters", ARB_FEN_MAX);
		rc = CLI_FAIL;
	} else {
		puts(out);
		if (a->svg)
			rc = write_svg(a, pos, out);
	}
	arb_position_free(pos);
	return rc;
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
		rc = fen ? run(&a, fen) : CLI_FAIL;
	}
	free(fen);
	free(a.operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}
