/*
 * unwinnable.h -- what the rest of the engine uses of unwinnable.c beyond
 * the public API.
 */
#ifndef ARB_UNWINNABLE_H
#define ARB_UNWINNABLE_H

#include "position.h"

/* 1 if the static proofs (material, pawn structure, lone minor piece) show
 * that neither side can ever mate; no search. 0 = not proved. */
int uw_dead_static(const arb_position *pos);

#endif
