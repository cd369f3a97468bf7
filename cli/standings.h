/*
 * standings.h -- `arbiter tournament standings` (cli/standings.c),
 * `crosstable` (cli/crosstable.c) and `compare` (cli/editions.c), called by
 * the `tournament` command's dispatch with the arguments after the action.
 * Returns CLI_OK, CLI_FAIL or CLI_USAGE (cli.h).
 */
#ifndef ARBITER_CLI_STANDINGS_H
#define ARBITER_CLI_STANDINGS_H

#include <stdio.h>

int cli_standings(int argc, char **argv);
void cli_standings_usage(FILE *out);
/* `tournament crosstable` (cli/crosstable.c) and `tournament compare`
 * (cli/editions.c), the same way. */
int cli_crosstable(int argc, char **argv);
void cli_crosstable_usage(FILE *out);
int cli_editions(int argc, char **argv);
void cli_editions_usage(FILE *out);

#endif
