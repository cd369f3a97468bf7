/*
 * cli.h -- helpers shared by the subcommands of the `arbiter` program.
 *
 * The CLI is written on the public header arbiter.h alone. Every subcommand
 * is a function `int cli_NAME(int argc, char **argv)` that gets the arguments
 * after its name and returns the process exit status: CLI_OK, CLI_FAIL (bad
 * input such as a FEN the engine rejects) or CLI_USAGE (bad command line).
 * Messages go to stderr as "arbiter: CMD: why".
 */
#ifndef ARBITER_CLI_H
#define ARBITER_CLI_H

#include <stdio.h>

#include "arbiter.h"

#define CLI_OK 0
#define CLI_FAIL 1
#define CLI_USAGE 2
/* Internal: the request is fully answered (e.g. --help printed); exit 0. */
#define CLI_DONE (-1)

/* The limits of the command line (CLI_MAX_DEPTH, CLI_JOBS_*, ...). */
#include "../engine/config.h"

/* The start position, the default FEN of `arbiter perft`. */
#define CLI_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* ---- subcommands (one file each) ---------------------------------------- */

int cli_perft(int argc, char **argv);
void cli_perft_usage(FILE *out);

int cli_moves(int argc, char **argv);
void cli_moves_usage(FILE *out);

int cli_fen(int argc, char **argv);
void cli_fen_usage(FILE *out);

int cli_pgn(int argc, char **argv);
void cli_pgn_usage(FILE *out);

int cli_960(int argc, char **argv);
void cli_960_usage(FILE *out);

int cli_analyse(int argc, char **argv);
void cli_analyse_usage(FILE *out);

int cli_clock(int argc, char **argv);
void cli_clock_usage(FILE *out);

int cli_match(int argc, char **argv);
void cli_match_usage(FILE *out);
int cli_run(int argc, char **argv);
void cli_run_usage(FILE *out);

int cli_tournament(int argc, char **argv);
void cli_tournament_usage(FILE *out);

/* ---- what scripts print (cli/profiles.c) --------------------------------- */

/*
 * Where the print() of a profile or variant script goes (--verbose): `out`,
 * or nowhere when it is NULL. cli_script_print, with a cli_prints as `ud`,
 * is the print callback of arb_profile_load_print / arb_variant_load_print:
 * it writes "SCRIPT:LINE: TEXT" and a newline, in one write.
 */
typedef struct cli_prints {
	FILE *out;
} cli_prints;

void cli_script_print(void *ud, const char *where, const char *text, size_t len);

/* ---- helpers (cli/util.c) ------------------------------------------------ */

/* Prints "arbiter: CMD: " and the formatted message and a newline to stderr.
 * CMD may be NULL. */
void cli_error(const char *cmd, const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* The same on `out` (a game's own stream in the batch pipeline, cli/jobs.h). */
void cli_message(FILE *out, const char *cmd, const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 3, 4)))
#endif
	;

/*
 * Classifies one argument: 1 if it is an option ("--name", or "-" followed by
 * a letter such as "-h"), 0 if it is an operand. "-" alone is an operand (a
 * FEN field) and so is "-1" (a bad depth, reported as such).
 */
int cli_is_option(const char *arg);

/* `one` when n is 1, else `many`: "1 game", "2 games", "0 games". */
const char *cli_plural(long n, const char *one, const char *many);

/* 1 if `arg` is --help or -h. */
int cli_is_help(const char *arg);

/*
 * A subcommand's walk over its arguments: cli_next_option returns the options
 * one at a time and gathers the operands, in order, into `operand` (argc + 1
 * entries); "--" ends the options. NULL when the arguments are used up.
 */
typedef struct cli_argv {
	int argc;
	char **argv;
	int i;
	int options_done;
	char **operand;
	int noperands;
} cli_argv;

void cli_argv_init(cli_argv *it, int argc, char **argv, char **operand);
const char *cli_next_option(cli_argv *it);

/*
 * If the current option is `name`, written "NAME VALUE" or "NAME=VALUE":
 * sets *value and returns 1 (the VALUE argument is consumed). Returns 0 for
 * another option, and -1 after a message "CMD: NAME needs a value" when the
 * value is missing.
 */
int cli_option_value(cli_argv *it, const char *cmd, const char *name, const char **value);

/*
 * Handles the FEN-mode options --960, --chess960 and --standard: returns 1
 * and updates *mode (ARB_FEN_AUTO, ARB_FEN_CHESS960 or ARB_FEN_STANDARD) when
 * `arg` is one of them, 0 otherwise. Asking for both modes is a usage error:
 * returns -1 after printing a message.
 */
int cli_fen_mode_option(const char *cmd, const char *arg, unsigned *mode);

/*
 * Parses a perft depth: decimal digits only, 0..CLI_MAX_DEPTH. Returns 0 and
 * sets *depth, or -1 after printing a message.
 */
int cli_parse_depth(const char *cmd, const char *text, int *depth);

/*
 * Joins `count` operands with single spaces into a new string, so that a FEN
 * split by the shell into its six fields reads as one. Returns NULL (after a
 * message) if out of memory. Free the result with free().
 */
char *cli_join(const char *cmd, char **args, int count);

/*
 * Sets `pos` from `fen` with `flags`. On error prints "arbiter: CMD: " and
 * the engine's message (which names the field and column) and returns -1.
 * With ARB_FEN_REPAIR, repairs are printed as a note on stderr.
 */
int cli_set_fen(const char *cmd, arb_position *pos, const char *fen, unsigned flags);

/* Writes `move` in UCI for `pos` into buf (at least 8 bytes). */
void cli_move_uci(const arb_position *pos, arb_move move, char *buf);

/* qsort comparison of two UCI strings stored as char[8]. */
int cli_compare_uci(const void *a, const void *b);

/* Counts kept by cli_read_games across files. */
typedef struct cli_games {
	long games;    /* games read, good and broken */
	long bad;      /* broken games */
	int io_failed; /* a file could not be opened or read */
} cli_games;

/* Called for each good game: the record (owned by the reader, valid until
 * the next game; it may be changed, e.g. to write events back), the file's
 * name, the game's number in it. Non-zero stops. */
typedef int (*cli_game_fn)(arb_record *g, const char *name, long number, void *ctx);

/*
 * Reads every game of the PGN file `path` ("-" = standard input) with the
 * streaming reader (flags as for arb_pgn_reader_open), calling fn for each
 * good game; a broken game is counted and its message (which names file,
 * line and column) written to `errors` (NULL: to standard error as
 * `arbiter: cmd: ...`), and reading goes on. An unreadable
 * file is reported (as `cmd: ...`) and sets io_failed. Returns 0 to go on
 * with the next file, -1 when the run must stop (out of memory, fn failed,
 * standard output failed).
 */
int cli_read_games(const char *cmd, const char *path, unsigned flags, FILE *errors, cli_game_fn fn,
		   void *ctx, cli_games *count);

#endif /* ARBITER_CLI_H */
