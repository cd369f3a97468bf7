/*
 * attacks.h -- precomputed attack tables: leapers, sliders (magic or PEXT
 * indexed), and the between/line tables used for pins and checks.
 *
 * The tables are filled once by arbI_attacks_init() (thread-safe, idempotent,
 * behind pthread_once) and read-only afterwards. Every public entry point of
 * the library that may reach move generation calls arbI_attacks_init() first.
 */
#ifndef ARB_ATTACKS_H
#define ARB_ATTACKS_H

#include "bitboard.h"
#include "config.h"

#if ARB_USE_PEXT
#include <immintrin.h>
#endif

typedef struct magic {
	bb_t mask;
	bb_t magic;
	const bb_t *table;
	unsigned shift;
} magic_t;

typedef struct attack_tables {
	bb_t knight[64];
	bb_t king[64];
	bb_t pawn[2][64];
	bb_t between[64][64]; /* squares strictly between two aligned squares, else 0 */
	bb_t line[64][64];    /* the full line through two aligned squares, else 0 */
	magic_t rook[64];
	magic_t bishop[64];
	bb_t slider[102400 + 5248];
} attack_tables;

extern attack_tables arbI_tables;

void arbI_attacks_init(void);

static inline unsigned magic_index(const magic_t *m, bb_t occ)
{
#if ARB_USE_PEXT
	return (unsigned)_pext_u64(occ, m->mask);
#else
	return (unsigned)(((occ & m->mask) * m->magic) >> m->shift);
#endif
}

static inline bb_t rook_attacks(int sq, bb_t occ)
{
	const magic_t *m = &arbI_tables.rook[sq];
	return m->table[magic_index(m, occ)];
}

static inline bb_t bishop_attacks(int sq, bb_t occ)
{
	const magic_t *m = &arbI_tables.bishop[sq];
	return m->table[magic_index(m, occ)];
}

static inline bb_t queen_attacks(int sq, bb_t occ)
{
	return rook_attacks(sq, occ) | bishop_attacks(sq, occ);
}

static inline bb_t knight_attacks(int sq)
{
	return arbI_tables.knight[sq];
}
static inline bb_t king_attacks(int sq)
{
	return arbI_tables.king[sq];
}
static inline bb_t pawn_attacks(int color, int sq)
{
	return arbI_tables.pawn[color][sq];
}
static inline bb_t between_bb(int a, int b)
{
	return arbI_tables.between[a][b];
}
static inline bb_t line_bb(int a, int b)
{
	return arbI_tables.line[a][b];
}

/* Zobrist keys: fixed pseudo-random numbers, filled by arbI_attacks_init too. */
typedef struct zobrist_keys {
	uint64_t piece[16][64];
	uint64_t castle[64]; /* by castling-rook square */
	uint64_t ep[8];      /* by e.p. file */
	uint64_t side;       /* xored in when black is to move */
} zobrist_keys;

extern zobrist_keys arbI_zobrist;

#endif
