/*
 * tournament.h -- what the `tournament` command's files share
 * (cli/tournament.c: show, export and the dispatch; cli/pair.c: pair, check,
 * result, new, add-player; cli/knockout.c; cli/standings.c).
 */
#ifndef ARBITER_CLI_TOURNAMENT_H
#define ARBITER_CLI_TOURNAMENT_H

#include "cli.h"

/* Reads all of `path` ("-": standard input, at most 64 MiB) into a new
 * buffer (*len its length); NULL after a message "CMD: why". */
char *cli_tournament_slurp(const char *cmd, const char *path, size_t *len);

/* The option opt's value `text` as a whole number lo..hi into *out: 0, or
 * -1 after a message "tournament: OPT: 'TEXT' is not a number from LO to HI". */
int cli_tournament_parse_int(const char *opt, const char *text, int lo, int hi, int *out);

/* Reads the TRF file `path` ("-": standard input), its problems written to
 * standard error; *bad: it had an error (a broken line). NULL after a
 * message when it cannot be read at all. */
arb_tournament *cli_tournament_load(const char *path, int *bad);

/* Writes t (flags of arb_trf_write) into `path` through a temporary file
 * renamed over it: the old file stays whole when anything fails. CLI_OK or
 * CLI_FAIL after a message. */
int cli_tournament_save(const arb_tournament *t, unsigned flags, const char *path);

/* `tournament pair|check|result|new|add-player` (cli/pair.c): the arguments
 * after the action's name; CLI_OK, CLI_FAIL or CLI_USAGE. */
int cli_tournament_pair(int argc, char **argv);
int cli_tournament_check(int argc, char **argv);
int cli_tournament_result(int argc, char **argv);
int cli_tournament_new(int argc, char **argv);
int cli_tournament_add_player(int argc, char **argv);
void cli_tournament_pair_usage(FILE *out);

/* `tournament withdraw|prohibit|set` (cli/entries.c). */
int cli_tournament_withdraw(int argc, char **argv);
int cli_tournament_prohibit(int argc, char **argv);
int cli_tournament_set(int argc, char **argv);
void cli_tournament_entries_usage(FILE *out);
/* 0 when the rule profile (or regulation) `spec` loads, else -1 after a
 * message: what `new` and `set` store is checked first. */
int cli_tournament_check_rules(const char *spec);
int cli_tournament_check_regulations(const char *spec);
/* Note `key` of the TRF file `path` (the event's stored "rules" or
 * "regulations") copied into buf[n], read quietly (the command that reads
 * the file reports its problems); NULL when it has none, cannot be read, or
 * is standard input (read once, by the command). */
const char *cli_tournament_stored(const char *path, const char *key, char *buf, size_t n);

/* `tournament knockout` (cli/knockout.c): a knockout of matches with
 * play-offs, replayed from its seeds, schedule and games. */
int cli_tournament_knockout(int argc, char **argv);
void cli_tournament_knockout_usage(FILE *out);

#endif
