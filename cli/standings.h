/*
 * standings.h -- `arbiter tournament standings` (cli/standings.c),
 * `crosstable` (cli/crosstable.c) and `compare` (cli/editions.c), called by
 * the `tournament` command's dispatch with the arguments after the action.
 * Returns CLI_OK, CLI_FAIL or CLI_USAGE (cli.h).
 */
#ifndef ARBITER_CLI_STANDINGS_H
#define ARBITER_CLI_STANDINGS_H

#include <stdio.h>

#include "arbiter.h"

int cli_standings(int argc, char **argv);
void cli_standings_usage(FILE *out);
/* `tournament crosstable` (cli/crosstable.c) and `tournament compare`
 * (cli/editions.c), the same way. */
int cli_crosstable(int argc, char **argv);
void cli_crosstable_usage(FILE *out);
int cli_editions(int argc, char **argv);
void cli_editions_usage(FILE *out);

/* What standings and crosstable share (cli/standings.c): the regulation
 * (regname, else the one FILE stores, else fide2026; regpath: a script's
 * folder) into *reg, the tie-break list (NULL: the regulation's), FILE read
 * into *t and its standings into *s (free both). CLI_OK; CLI_USAGE or
 * CLI_FAIL after a message "CMD: why", with nothing to free. */
int cli_standings_of(const char *cmd, const char *file, const char *regname, const char *regpath,
		     const char *list, arb_regulation *reg, arb_tournament **t, arb_standings **s);

#endif
