/*
 * categories.h -- what rules.c asks of categories.c: the check of a
 * profile's category fields (time.categories, time.category_untimed), so
 * that arb_rules_check refuses a list arb_rules_tc_category could not read.
 */
#ifndef ARB_CATEGORIES_H
#define ARB_CATEGORIES_H

#include <stddef.h>

#include <arbiter.h>

#include "config.h" /* CAT_MAX, CAT_NAME_SIZE */

/* NULL if the rules' category fields can be read; else the name of the
 * field that cannot, with the reason in why[0..n). */
const char *arbI_cat_check(const arb_rules *r, char *why, size_t n);

#endif
