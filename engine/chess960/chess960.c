/*
 * chess960.c -- Chess960 start positions: Scharnagl numbers both ways,
 * double-960 pairs, identification of a start position, and the random and
 * tournament draws (SplitMix64 with rejection sampling, or getrandom).
 * The algorithms are spelled out in arbiter.h so that a published draw can
 * be reproduced by another implementation.
 */
#include "position.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

/* The ten knight placements over the five squares left, in Scharnagl order. */
static const int knight_pairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
					{1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

static arb_status c960_fail(arb_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arbI_err_vreport(err, ARB_E_ARGUMENT, 0, NULL, fmt, ap);
	va_end(ap);
	return ARB_E_ARGUMENT;
}

/* The same with another code (ARB_E_NOMEM, ARB_E_IO) and a fixed message. */
static arb_status c960_fail_code(arb_error *err, arb_status code, const char *message)
{
	if (err) {
		err->code = code;
		snprintf(err->message, sizeof err->message, "%s", message);
	}
	return code;
}

/* Puts `piece` on the k-th (0-based) empty file of rank[]. */
static void put_nth_free(char *rank, int k, char piece)
{
	for (int f = 0; f < 8; f++)
		if (rank[f] == 0 && k-- == 0) {
			rank[f] = piece;
			return;
		}
}

arb_status arb_chess960_back_rank(int n, char *out)
{
	char r[8] = {0};
	arbI_api_check(out, ARB_E_ARGUMENT);
	if (n < 0 || n >= ARB_CHESS960_COUNT) /* a number is input, not misuse */
		return ARB_E_ARGUMENT;
	r[2 * (n % 4) + 1] = 'B'; /* light squares: b d f h */
	n /= 4;
	r[2 * (n % 4)] = 'B'; /* dark squares: a c e g */
	n /= 4;
	put_nth_free(r, n % 6, 'Q');
	n /= 6;
	/* The second knight goes first so the first one's index still counts
	 * the same free squares. */
	put_nth_free(r, knight_pairs[n][1], 'N');
	put_nth_free(r, knight_pairs[n][0], 'N');
	put_nth_free(r, 0, 'R');
	put_nth_free(r, 0, 'K');
	put_nth_free(r, 0, 'R');
	memcpy(out, r, 8);
	out[8] = 0;
	return ARB_OK;
}

/* Checks the array and computes its number. */
arb_status arb_chess960_number(const char *rank, int *n, arb_error *err)
{
	char r[8];
	int counts[128] = {0};
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(rank && n, err);
	size_t len = strlen(rank);
	if (len != 8)
		return c960_fail(err, "a back rank has 8 pieces, not %zu", len);
	for (int f = 0; f < 8; f++) {
		char c = rank[f];
		if (c >= 'a' && c <= 'z')
			c = (char)(c - 'a' + 'A');
		if (!strchr("KQRBN", c) || !c)
			return c960_fail(err, "'%c' (file %c) is not K, Q, R, B or N",
					 rank[f] > 32 && rank[f] < 127 ? rank[f] : '?', 'a' + f);
		r[f] = c;
		counts[(int)c]++;
	}
	if (counts['K'] != 1 || counts['Q'] != 1 || counts['R'] != 2 || counts['B'] != 2 ||
	    counts['N'] != 2)
		return c960_fail(
			err,
			"wrong pieces: a Chess960 array has K, Q, 2 R, 2 B, 2 N (found %d, %d, %d, %d, %d)",
			counts['K'], counts['Q'], counts['R'], counts['B'], counts['N']);
	int light = -1, dark = -1, king = -1, rooks[2], nr = 0;
	for (int f = 0; f < 8; f++) {
		if (r[f] == 'B') {
			if (f % 2)
				light = f;
			else
				dark = f;
		}
		if (r[f] == 'K')
			king = f;
		if (r[f] == 'R')
			rooks[nr++] = f;
	}
	if (light < 0 || dark < 0)
		return c960_fail(err, "both bishops stand on squares of one colour");
	if (!(rooks[0] < king && king < rooks[1]))
		return c960_fail(err, "the king is not between the rooks");
	/* Invert the construction. */
	int queen_index = 0, free_index = 0, knights[2], nk = 0;
	for (int f = 0; f < 8; f++) {
		if (f == light || f == dark)
			continue;
		if (r[f] == 'Q')
			queen_index = free_index;
		free_index++;
	}
	free_index = 0;
	for (int f = 0; f < 8; f++) {
		if (f == light || f == dark || r[f] == 'Q')
			continue;
		if (r[f] == 'N')
			knights[nk++] = free_index;
		free_index++;
	}
	int kn = 0;
	while (knight_pairs[kn][0] != knights[0] || knight_pairs[kn][1] != knights[1])
		kn++;
	*n = ((kn * 6 + queen_index) * 4 + dark / 2) * 4 + light / 2;
	return ARB_OK;
}

/* The piece types of a back rank written "RNBQKBNR". */
static void rank_types(const char *r, uint8_t types[8])
{
	for (int f = 0; f < 8; f++)
		types[f] = (uint8_t)(r[f] == 'K' ? ARB_KING :
				     r[f] == 'Q' ? ARB_QUEEN :
				     r[f] == 'R' ? ARB_ROOK :
				     r[f] == 'B' ? ARB_BISHOP :
						   ARB_KNIGHT);
}

/* Placed by the core (no FEN): the castling rooks are the two rooks of each
 * back rank, as "KQkq" reads in Chess960 mode. */
arb_status arb_chess960_position(arb_position *pos, int white, int black)
{
	char w[9], b[9];
	uint8_t wt[8], bt[8];
	arbI_api_check(pos, ARB_E_ARGUMENT);
	if (arb_chess960_back_rank(white, w) != ARB_OK ||
	    arb_chess960_back_rank(black, b) != ARB_OK)
		return ARB_E_ARGUMENT;
	rank_types(w, wt);
	rank_types(b, bt);
	arbI_pos_set_start(pos, wt, bt, 1);
	return ARB_OK;
}

arb_status arb_chess960_identify(const arb_position *pos, int *white, int *black, arb_error *err)
{
	char ranks[2][9];
	int num[2];
	arb_position expect;
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(pos && white && black, err);
	for (int color = 0; color < 2; color++) {
		int rank = color == ARB_WHITE ? 0 : 7;
		for (int f = 0; f < 8; f++) {
			int pc = pos->board[ARB_SQUARE(f, rank)];
			if (!pc || (int)ARB_PIECE_COLOR(pc) != color ||
			    ARB_PIECE_TYPE(pc) == ARB_PAWN)
				return c960_fail(
					err, "not a start position: %c%d does not hold a %s piece",
					'a' + f, rank + 1, color == ARB_WHITE ? "white" : "black");
			ranks[color][f] = " PNBRQK"[ARB_PIECE_TYPE(pc)];
		}
		ranks[color][8] = 0;
		arb_error e;
		if (arb_chess960_number(ranks[color], &num[color], &e) != ARB_OK)
			return c960_fail(err, "%s array %s: %s",
					 color == ARB_WHITE ? "white" : "black", ranks[color],
					 e.message);
	}
	arb_chess960_position(&expect, num[0], num[1]);
	for (int sq = 0; sq < 64; sq++)
		if (pos->board[sq] != expect.board[sq])
			return c960_fail(err, "not a start position: %c%d differs",
					 'a' + ARB_FILE(sq), ARB_RANK(sq) + 1);
	if (pos->side != ARB_WHITE)
		return c960_fail(err, "not a start position: black to move");
	if (pos->ep != ARB_NO_SQUARE)
		return c960_fail(err, "not a start position: an e.p. square is set");
	for (int i = 0; i < 4; i++)
		if (!(pos->rights & (1u << i)) ||
		    pos->castle[i].rook_from != expect.castle[i].rook_from ||
		    pos->castle[i].king_to != expect.castle[i].king_to ||
		    pos->castle[i].rook_to != expect.castle[i].rook_to)
			return c960_fail(err, "not a start position: castling rights differ");
	*white = num[0];
	*black = num[1];
	return ARB_OK;
}

int arb_chess960_mirror(int n)
{
	char r[9], m[9];
	int out;
	if (arb_chess960_back_rank(n, r) != ARB_OK)
		return -1;
	for (int f = 0; f < 8; f++)
		m[f] = r[7 - f];
	m[8] = 0;
	return arb_chess960_number(m, &out, NULL) == ARB_OK ? out : -1;
}

/* ------------------------------------------------------------------------
 * Random numbers
 * ---------------------------------------------------------------------- */

void arb_rng_seed(arb_rng *rng, uint64_t seed)
{
	arbI_api_check_void(rng);
	rng->state = seed;
	rng->system = 0;
}

void arb_rng_system(arb_rng *rng)
{
	arbI_api_check_void(rng);
	rng->state = 0;
	rng->system = 1;
}

uint64_t arb_rng_next(arb_rng *rng, int *ok)
{
	if (ok)
		*ok = rng != NULL;
	arbI_api_check(rng, 0);
	if (rng->system) {
		uint64_t x;
		size_t got = 0;
		while (got < sizeof x) {
			ssize_t n = getrandom((char *)&x + got, sizeof x - got, 0);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				if (ok)
					*ok = 0;
				return 0;
			}
			got += (size_t)n;
		}
		return x;
	}
	/* SplitMix64. */
	uint64_t z = (rng->state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

long arb_rng_uniform(arb_rng *rng, long m)
{
	arbI_api_check(rng && m >= 1, -1);
	uint64_t um = (uint64_t)m;
	uint64_t limit = UINT64_MAX - (UINT64_MAX % um + 1) % um; /* values above it are rejected */
	for (;;) {
		int ok;
		uint64_t x = arb_rng_next(rng, &ok);
		if (!ok)
			return -1;
		if (x <= limit)
			return (long)(x % um);
	}
}

int arb_chess960_random(arb_rng *rng)
{
	arbI_api_check(rng, -1);
	return (int)arb_rng_uniform(rng, ARB_CHESS960_COUNT);
}

arb_status arb_chess960_draw(arb_rng *rng, int rounds, const int *exclude, int nexclude,
			     int no_twins, int *out, arb_error *err)
{
	int cand[ARB_CHESS960_COUNT], count = 0;
	char excluded[ARB_CHESS960_COUNT] = {0};
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(rng && rounds >= 0 && (rounds == 0 || out) && nexclude >= 0 &&
				   (nexclude == 0 || exclude),
			   err);
	for (int i = 0; i < nexclude; i++) {
		if (exclude[i] < 0 || exclude[i] >= ARB_CHESS960_COUNT)
			return c960_fail(err, "excluded number %d is not in 0..959", exclude[i]);
		excluded[exclude[i]] = 1;
	}
	for (int n = 0; n < ARB_CHESS960_COUNT; n++)
		if (!excluded[n])
			cand[count++] = n;
	for (int i = 0; i < rounds; i++) {
		if (i >= count)
			return c960_fail(err, "only %d positions can be drawn for %d rounds", i,
					 rounds);
		long j = arb_rng_uniform(rng, count - i);
		if (j < 0)
			return c960_fail(err, "the random source failed");
		int t = cand[i];
		cand[i] = cand[i + j];
		cand[i + j] = t;
		out[i] = cand[i];
		if (no_twins) {
			/* Remove the twin from the rest (swapped with the last candidate). */
			int twin = arb_chess960_mirror(cand[i]);
			for (int k = i + 1; k < count; k++)
				if (cand[k] == twin) {
					cand[k] = cand[--count];
					break;
				}
		}
	}
	return ARB_OK;
}

arb_status arb_chess960_draw_double(arb_rng *rng, int rounds, const int *exclude, int nexclude,
				    int *white, int *black, arb_error *err)
{
	enum { PAIRS = ARB_CHESS960_COUNT * ARB_CHESS960_COUNT };
	char excluded[ARB_CHESS960_COUNT] = {0};
	long allowed = ARB_CHESS960_COUNT;
	unsigned char *drawn;
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(rng && rounds >= 0 && (rounds == 0 || (white && black)) &&
				   nexclude >= 0 && (nexclude == 0 || exclude),
			   err);
	for (int i = 0; i < nexclude; i++) {
		if (exclude[i] < 0 || exclude[i] >= ARB_CHESS960_COUNT)
			return c960_fail(err, "excluded number %d is not in 0..959", exclude[i]);
		if (!excluded[exclude[i]])
			allowed--;
		excluded[exclude[i]] = 1;
	}
	if (rounds > allowed * allowed)
		return c960_fail(err, "only %ld pair%s can be drawn for %d rounds",
				 allowed * allowed, allowed == 1 ? "" : "s", rounds);
	drawn = calloc(PAIRS / 8, 1); /* one bit per pair W-B */
	if (!drawn) {
		return c960_fail_code(err, ARB_E_NOMEM, "out of memory");
	}
	for (int i = 0; i < rounds; i++) {
		long x;
		do {
			x = arb_rng_uniform(rng, PAIRS);
			if (x < 0) {
				free(drawn);
				return c960_fail_code(err, ARB_E_IO, "the random source failed");
			}
		} while (excluded[x / ARB_CHESS960_COUNT] || excluded[x % ARB_CHESS960_COUNT] ||
			 (drawn[x / 8] & (1u << (x % 8))));
		drawn[x / 8] |= (unsigned char)(1u << (x % 8));
		white[i] = (int)(x / ARB_CHESS960_COUNT);
		black[i] = (int)(x % ARB_CHESS960_COUNT);
	}
	free(drawn);
	return ARB_OK;
}

/* ---- an event's draw: a position per round, per board, per game pair ---- */

arb_status arb_chess960_event_draw(uint64_t seed, int dbl, int rounds, int round, int slot,
				   int *white, int *black, arb_error *err)
{
	enum { PAIRS = ARB_CHESS960_COUNT * ARB_CHESS960_COUNT };
	int n = slot ? slot : rounds, *w, *b;
	arb_rng rng;
	arb_status st;
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(white && black, err);
	if (round < 1 || (slot == 0 && round > rounds))
		return c960_fail(err, "round %d is not one of the event's %d rounds", round,
				 rounds);
	if (slot < 0 || (dbl && slot > PAIRS))
		return c960_fail(err, "board %d is out of range", slot);
	if (slot == 0 && !dbl && rounds > ARB_CHESS960_COUNT)
		return c960_fail(err, "%d rounds: a draw of distinct positions has at most %d",
				 rounds, ARB_CHESS960_COUNT);
	if (slot == 0 && dbl && rounds > PAIRS)
		return c960_fail(err, "%d rounds: a draw of distinct pairs has at most %d", rounds,
				 PAIRS);
	/* slot 0: the event's draw from seed; else round's own, from seed + round */
	arb_rng_seed(&rng, slot ? seed + (uint64_t)round : seed);
	if (!dbl)
		n = slot ? ARB_CHESS960_COUNT : rounds;
	w = malloc(sizeof *w * (size_t)n);
	b = malloc(sizeof *b * (size_t)n);
	if (!w || !b) {
		free(w);
		free(b);
		return c960_fail_code(err, ARB_E_NOMEM, "out of memory");
	}
	st = dbl ? arb_chess960_draw_double(&rng, n, NULL, 0, w, b, err) :
		   arb_chess960_draw(&rng, n, NULL, 0, 0, w, err);
	if (st == ARB_OK) {
		int k = slot ? (dbl ? slot - 1 : (slot - 1) % ARB_CHESS960_COUNT) : round - 1;
		*white = w[k];
		*black = dbl ? b[k] : w[k];
	}
	free(w);
	free(b);
	return st;
}
