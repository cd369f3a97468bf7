/*
 * unwinnable.h -- what the rest of the engine uses of the checkmate analysis
 * (unwinnable.c and the files of search.h) beyond the public API.
 */
#ifndef ARB_UNWINNABLE_H
#define ARB_UNWINNABLE_H

#include "position.h"

/* 1 if the static proofs (material, pawn structure, lone minor piece) show
 * that neither side can ever mate; no search. 0 = not proved; -1 = not
 * proved because the structure proof's memory could not be had. */
int arbI_uw_dead_static(const arb_position *pos);

/* The same static proofs for one side (0 white, 1 black): 1 if `side` can
 * provably never mate; 0 = not proved. For the soundness harness
 * (tests/soundness), which puts every such proof to the search. */
int arbI_uw_static_unwinnable(const arb_position *pos, int side);

/* The helpmate search alone (no static proof, no exhaustive walk) with
 * `nodes` nodes: ARB_WINNABLE with the mating line in *out (may be NULL), or
 * ARB_UNDETERMINED; never ARB_UNWINNABLE. The harness's independent witness. */
arb_verdict arbI_uw_helpmate_only(const arb_position *pos, int side, long nodes, arb_analysis *out);

#endif
