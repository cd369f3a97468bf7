/*
 * perft.c -- counting the leaves of the legal move tree.
 *
 * The fast path counts the last ply in bulk (arbI_gen_legal without a list). The
 * validating path (ARB_PERFT_VALIDATE, used by the tests) plays every move down to the leaves and runs arbI_position_is_valid after each
 * do and undo, so the make/unmake invariants are proven on the whole tree.
 */
#include "position.h"

#include <string.h>

#define PERFT_FAILED UINT64_MAX

static uint64_t perft_fast(arb_position *p, int depth)
{
	arb_move list[ARB_MAX_MOVES];
	arb_undo u;
	if (depth == 1)
		return (uint64_t)arbI_gen_legal(p, NULL);
	int n = arbI_gen_legal(p, list);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		arbI_pos_do_move(p, list[i], &u);
		total += perft_fast(p, depth - 1);
		arbI_pos_undo_move(p, list[i], &u);
	}
	return total;
}

static uint64_t perft_checked(arb_position *p, int depth)
{
	arb_move list[ARB_MAX_MOVES];
	arb_undo u;
	if (depth == 0)
		return 1;
	int n = arbI_gen_legal(p, list);
	if (n != arbI_gen_legal(p, NULL))
		return PERFT_FAILED; /* counting and listing must agree */
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		uint64_t key = p->key;
		arbI_pos_do_move(p, list[i], &u);
		if (!arbI_position_is_valid(p, NULL, 0))
			return PERFT_FAILED;
		uint64_t sub = perft_checked(p, depth - 1);
		arbI_pos_undo_move(p, list[i], &u);
		if (sub == PERFT_FAILED || !arbI_position_is_valid(p, NULL, 0) || p->key != key)
			return PERFT_FAILED;
		total += sub;
	}
	return total;
}

uint64_t arb_perft(arb_position *pos, int depth, unsigned flags)
{
	arbI_api_check(pos, UINT64_MAX);
	if (depth <= 0)
		return 1;
	if (depth > ARB_PERFT_MAX_DEPTH)
		return PERFT_FAILED;
	if (flags & ARB_PERFT_VALIDATE) {
		arb_position copy = *pos;
		uint64_t n = perft_checked(pos, depth);
		if (n == PERFT_FAILED)
			*pos = copy; /* a failed check may leave the tree half played */
		return n;
	}
	return perft_fast(pos, depth);
}

uint64_t arb_perft_divide(arb_position *pos, int depth, arb_divide_fn fn, void *ctx)
{
	arb_move list[ARB_MAX_MOVES];
	arb_undo u;
	arbI_api_check(pos, UINT64_MAX);
	if (depth <= 0)
		return 1;
	if (depth > ARB_PERFT_MAX_DEPTH)
		return PERFT_FAILED;
	int n = arbI_gen_legal(pos, list);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		arbI_pos_do_move(pos, list[i], &u);
		uint64_t sub = arb_perft(pos, depth - 1, 0);
		arbI_pos_undo_move(pos, list[i], &u);
		if (fn)
			fn(list[i], sub, ctx);
		total += sub;
	}
	return total;
}
