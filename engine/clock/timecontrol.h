/*
 * timecontrol.h -- what the clock layer's files share with each other and
 * with the layers above it (rules/: categories, clock history): limits,
 * validity, the period arithmetic and the decimal amounts of the printed
 * forms. Pure time: no board, no record, no edition.
 */
#ifndef ARB_TIMECONTROL_H
#define ARB_TIMECONTROL_H

#include <stddef.h>

#include "arbiter.h"

#include "config.h" /* TC_MAX_MS, TC_MAX_MOVES */

/* 1 if tc is a control the entry points accept: a hand-built one can hold
 * anything, so each of them checks. */
int arbI_tc_valid(const arb_time_control *tc);

/* 1 if the two sides' controls run the same clock (arb_tc_equal on them). */
int arbI_tc_same_control(const arb_control *a, const arb_control *b);

/* An empty period: no time, no moves, increment from move 1. */
void arbI_tc_period_init(arb_period *pd);

/* The index of the period a side is in after `done` completed moves, by
 * move count (a last period with a move count repeats), and in *made the
 * moves completed in it. One pass, whatever `done` is. */
int arbI_tc_period_after(const arb_control *c, int done, int *made);

/* The period in force for a side's move number m (1-based); *first is set
 * when move m opens that period. */
const arb_period *arbI_tc_period_of_move(const arb_control *c, int m, int *first);

/* ms as a decimal number of `unit` ms (1000 or 60000: "90", "2.5",
 * "0.125") into buf (size n, truncated if short); returns buf. */
const char *arbI_tc_amount(char *buf, size_t n, long ms, long unit);

#endif
