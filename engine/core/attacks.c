/*
 * attacks.c -- builds the attack tables and Zobrist keys once.
 *
 * Sliders use "fancy" magic bitboards: each square has a relevant-occupancy
 * mask and a multiplier found here by a deterministic search (fixed seed, so
 * every run and every thread builds identical tables), or PEXT on BMI2
 * builds. The multipliers in magics.h were found by this search once (run
 * `scripts/gen_magics.sh` to redo it); each is verified when the tables are
 * filled and searched for again if it fails. The tables are written only inside pthread_once and are read-only
 * afterwards: no global mutable state after arbI_attacks_init() returns.
 */
#include "attacks.h"
#include "magics.h"

#include <pthread.h>
#include <string.h>

attack_tables arbI_tables;
zobrist_keys arbI_zobrist;

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* xorshift64* -- a small, well-known generator; fixed seeds keep it reproducible. */
static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

static int on_board(int file, int rank)
{
	return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/* Attacks of a slider on `sq` along the given directions, stopping at blockers. */
static bb_t ray_attacks(int sq, bb_t occ, const int dirs[4][2])
{
	bb_t out = 0;
	for (int d = 0; d < 4; d++) {
		int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
		while (on_board(f, r)) {
			out |= BB(r * 8 + f);
			if (occ & BB(r * 8 + f))
				break;
			f += dirs[d][0];
			r += dirs[d][1];
		}
	}
	return out;
}

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/* The squares whose occupancy matters: the rays without their last square. */
static bb_t relevant_mask(int sq, const int dirs[4][2])
{
	bb_t out = 0;
	for (int d = 0; d < 4; d++) {
		int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
		while (on_board(f + dirs[d][0], r + dirs[d][1])) {
			out |= BB(r * 8 + f);
			f += dirs[d][0];
			r += dirs[d][1];
		}
	}
	return out;
}

/* Fills one square's table; returns the next free slot of the shared array. */
static bb_t *init_slider(magic_t *m, int sq, const int dirs[4][2], bb_t *table, uint64_t *seed,
			 bb_t known)
{
	bb_t occ[4096], ref[4096];
	int n = 0;
	bb_t sub = 0;

	m->mask = relevant_mask(sq, dirs);
	m->table = table;
	m->shift = 64 - (unsigned)bb_popcount(m->mask);
	do { /* enumerate all subsets of the mask (Carry-Rippler) */
		occ[n] = sub;
		ref[n] = ray_attacks(sq, sub, dirs);
		n++;
		sub = (sub - m->mask) & m->mask;
	} while (sub);

#if ARB_USE_PEXT
	(void)seed;
	(void)known;
	m->magic = 0;
	for (int i = 0; i < n; i++)
		table[magic_index(m, occ[i])] = ref[i];
#else
	/* A slot belongs to the current attempt when its stamp says so; this
	 * avoids clearing the table between attempts. */
	int stamp[4096] = {0};
	for (int attempt = 1;; attempt++) {
		if (attempt == 1 && known) {
			m->magic = known; /* from magics.h; verified like any candidate */
		} else {
			m->magic = rng_next(seed) & rng_next(seed) & rng_next(seed); /* sparse */
			if (bb_popcount((m->mask * m->magic) >> 56) < 6)
				continue;
		}
		int ok = 1;
		for (int i = 0; i < n && ok; i++) {
			unsigned idx = magic_index(m, occ[i]);
			if (stamp[idx] != attempt) {
				stamp[idx] = attempt;
				table[idx] = ref[i];
			} else if (table[idx] != ref[i]) {
				ok = 0;
			}
		}
		if (ok)
			break;
	}
#endif
	return table + n;
}

static void init_leapers(void)
{
	static const int knight_d[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
					   {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
	static const int king_d[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
					 {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
	for (int sq = 0; sq < 64; sq++) {
		int f = sq % 8, r = sq / 8;
		for (int i = 0; i < 8; i++) {
			if (on_board(f + knight_d[i][0], r + knight_d[i][1]))
				arbI_tables.knight[sq] |=
					BB((r + knight_d[i][1]) * 8 + f + knight_d[i][0]);
			if (on_board(f + king_d[i][0], r + king_d[i][1]))
				arbI_tables.king[sq] |=
					BB((r + king_d[i][1]) * 8 + f + king_d[i][0]);
		}
		for (int df = -1; df <= 1; df += 2) {
			if (on_board(f + df, r + 1))
				arbI_tables.pawn[0][sq] |= BB((r + 1) * 8 + f + df);
			if (on_board(f + df, r - 1))
				arbI_tables.pawn[1][sq] |= BB((r - 1) * 8 + f + df);
		}
	}
}

static void init_lines(void)
{
	for (int a = 0; a < 64; a++) {
		for (int b = 0; b < 64; b++) {
			if (a == b)
				continue;
			if (ray_attacks(a, 0, rook_dirs) & BB(b)) {
				arbI_tables.line[a][b] = (ray_attacks(a, 0, rook_dirs) &
							  ray_attacks(b, 0, rook_dirs)) |
							 BB(a) | BB(b);
				arbI_tables.between[a][b] = ray_attacks(a, BB(b), rook_dirs) &
							    ray_attacks(b, BB(a), rook_dirs);
			} else if (ray_attacks(a, 0, bishop_dirs) & BB(b)) {
				arbI_tables.line[a][b] = (ray_attacks(a, 0, bishop_dirs) &
							  ray_attacks(b, 0, bishop_dirs)) |
							 BB(a) | BB(b);
				arbI_tables.between[a][b] = ray_attacks(a, BB(b), bishop_dirs) &
							    ray_attacks(b, BB(a), bishop_dirs);
			}
		}
	}
}

static void init_zobrist(void)
{
	uint64_t seed = 0x9E3779B97F4A7C15ULL;
	for (int p = 0; p < 16; p++)
		for (int sq = 0; sq < 64; sq++)
			arbI_zobrist.piece[p][sq] = (p & 7) && (p & 7) <= 6 ? rng_next(&seed) : 0;
	for (int sq = 0; sq < 64; sq++)
		arbI_zobrist.castle[sq] = rng_next(&seed);
	for (int f = 0; f < 8; f++)
		arbI_zobrist.ep[f] = rng_next(&seed);
	arbI_zobrist.side = rng_next(&seed);
}

static void init_all(void)
{
	uint64_t seed = 0x5DEECE66DULL;
	bb_t *next = arbI_tables.slider;

	memset(&arbI_tables, 0, sizeof arbI_tables);
	init_leapers();
	init_lines();
	for (int sq = 0; sq < 64; sq++)
		next = init_slider(&arbI_tables.rook[sq], sq, rook_dirs, next, &seed,
				   rook_magics[sq]);
	for (int sq = 0; sq < 64; sq++)
		next = init_slider(&arbI_tables.bishop[sq], sq, bishop_dirs, next, &seed,
				   bishop_magics[sq]);
	init_zobrist();
}

void arbI_attacks_init(void)
{
	pthread_once(&init_once, init_all);
}
