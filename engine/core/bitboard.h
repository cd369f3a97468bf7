/*
 * bitboard.h -- 64-bit square sets and the small inline operations on them.
 * Bit n is square n (a1 = 0, h8 = 63). Everything here is pure.
 */
#ifndef ARB_BITBOARD_H
#define ARB_BITBOARD_H

#include <stdint.h>

typedef uint64_t bb_t;

#define BB(sq) ((bb_t)1 << (sq))
#define RANK_1 ((bb_t)0xFF)
#define RANK_8 ((bb_t)0xFF << 56)
#define FILE_A ((bb_t)0x0101010101010101)
#define FILE_H (FILE_A << 7)

static inline int bb_popcount(bb_t b)
{
	return __builtin_popcountll(b);
}

/* Lowest set square; b must not be 0. */
static inline int bb_lsb(bb_t b)
{
	return __builtin_ctzll(b);
}

/* Removes and returns the lowest set square; *b must not be 0. */
static inline int bb_pop(bb_t *b)
{
	int sq = __builtin_ctzll(*b);
	*b &= *b - 1;
	return sq;
}

static inline int bb_more_than_one(bb_t b)
{
	return (b & (b - 1)) != 0;
}

/* Shift every square one rank towards rank 8 (north) or rank 1 (south). */
static inline bb_t bb_north(bb_t b)
{
	return b << 8;
}
static inline bb_t bb_south(bb_t b)
{
	return b >> 8;
}

#define BB_FILE_A ((bb_t)0x0101010101010101ULL)
#define BB_FILE_H ((bb_t)0x8080808080808080ULL)

/* Every square one step east / west (no wrap across the board's edge). */
static inline bb_t bb_east(bb_t b)
{
	return (b & ~BB_FILE_H) << 1;
}
static inline bb_t bb_west(bb_t b)
{
	return (b & ~BB_FILE_A) >> 1;
}

/* The squares one diagonal / orthogonal step from any square of b. */
static inline bb_t bb_diagonal_steps(bb_t b)
{
	bb_t ew = bb_east(b) | bb_west(b);
	return bb_north(ew) | bb_south(ew);
}

static inline bb_t bb_orthogonal_steps(bb_t b)
{
	return bb_north(b) | bb_south(b) | bb_east(b) | bb_west(b);
}

/* The squares a knight on any square of b attacks. */
static inline bb_t bb_knight_steps(bb_t b)
{
	bb_t e1 = bb_east(b), w1 = bb_west(b), e2 = bb_east(e1), w2 = bb_west(w1);
	bb_t one = e1 | w1, two = e2 | w2;
	return (one << 16) | (one >> 16) | (two << 8) | (two >> 8);
}

#endif
