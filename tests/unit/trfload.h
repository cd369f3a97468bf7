/*
 * trfload.h -- the tie-break tests' TRF loader and tournament builder
 * (trfload.c; test code, on the tournament layer's internal model).
 */
#ifndef ARBITER_TEST_TRFLOAD_H
#define ARBITER_TEST_TRFLOAD_H

#include "arbiter.h"

/* The file at path, NUL-terminated (malloc'ed), or NULL. */
char *slurp(const char *path);
/* The TRF file at path as a tournament (fails the test when unreadable). */
arb_tournament *load_trf(const char *path);
void free_trf(arb_tournament *t);
/* A Swiss of n players and `rounds` rounds from rows of cells "OPPONENT
 * COLOUR RESULT" ("5w=", "0-H"), one row per player (ids 1..n), all rated
 * 2000; free it with free_trf. */
arb_tournament *build(int n, int rounds, const char *const *rows);

#endif
