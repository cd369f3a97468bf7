/*
 * variants.h -- `arbiter variants` (cli/variants.c).
 */
#ifndef ARBITER_CLI_VARIANTS_H
#define ARBITER_CLI_VARIANTS_H

#include <stdio.h>

int cli_variants(int argc, char **argv);
void cli_variants_usage(FILE *out);

#endif /* ARBITER_CLI_VARIANTS_H */
