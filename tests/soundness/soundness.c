/*
 * soundness.c -- the static "cannot mate" proofs put to the search.
 *
 *   soundness [--count N] [--seed S] [--hm-nodes B] [--budget D]
 *             [--walk-every K] [--walks W] [--plies P] [--walk-nodes X]
 *             [--tsv FILE] [--verbose]
 *
 * Generates N positions (deterministic from S) with locked or half-locked
 * pawn structures: rammed chains across the board, walls with holes, loose
 * pawns, kings inside and outside the locks, bishops of both colours, two
 * bishops against one, lone minor pieces, now and then a rook or a queen.
 * For each position and each side:
 *   - the static proofs (material, lone minor, pawn structure) and the full
 *     analysis (arb_can_checkmate at D nodes, 0 = the library's default);
 *   - every "unwinnable" answer (static or full) is put to the helpmate
 *     search alone with B nodes: a mate it finds (replayed with the public
 *     API) is a contradiction;
 *   - from every K-th proved position, W random legal walks of P plies: no
 *     position on them may have a mate the helpmate search finds in X nodes.
 * A contradiction is shrunk (units removed while it persists) and printed
 * as a TSV row for tests/data/unwinnable_soundness.tsv. With --tsv the rows
 * of FILE (fen, side) are the positions instead of generated ones.
 * Prints the counts; exit status 1 on any contradiction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "unwinnable.h"

typedef struct opts {
	long count, hm_nodes, budget, walk_nodes;
	uint64_t seed;
	int walk_every, walks, plies, verbose;
	const char *tsv;
} opts;

typedef struct counts {
	long positions, queries, static_proved, winnable, unwinnable, undetermined;
	long hm_checked, walk_positions, unproved_successors, contradictions;
} counts;

/* ------------------------------------------------------------------------
 * Positions: a board of FEN letters ('.' empty), side to move
 * ---------------------------------------------------------------------- */

typedef struct board {
	char sq[64]; /* index = rank * 8 + file, rank 0 = White's first */
	int stm;     /* 0 white, 1 black */
} board;

static long pick(arb_rng *rng, long m)
{
	return arb_rng_uniform(rng, m);
}

static int light(int sq)
{
	return (sq / 8 + sq % 8) % 2 == 1;
}

static void to_fen(const board *b, char *out)
{
	char *o = out;
	for (int r = 7; r >= 0; r--) {
		int gap = 0;
		for (int f = 0; f < 8; f++) {
			char c = b->sq[r * 8 + f];
			if (c == '.') {
				gap++;
				continue;
			}
			if (gap)
				*o++ = (char)('0' + gap);
			gap = 0;
			*o++ = c;
		}
		if (gap)
			*o++ = (char)('0' + gap);
		if (r)
			*o++ = '/';
	}
	sprintf(o, " %c - - 0 1", b->stm ? 'b' : 'w');
}

/* The pawn structure: a zigzag chain of rams (a white pawn on wall[f], a
 * black one in front) across the board or part of it, then a few changes:
 * holes, lone pawns, a black pawn set back (half-locked), loose pawns. */
static void gen_pawns(arb_rng *rng, board *b, int wall[8])
{
	int full = pick(rng, 5) != 0, r = 1 + (int)pick(rng, 5);
	int first = full ? 0 : (int)pick(rng, 4), last = full ? 7 : 4 + (int)pick(rng, 4);
	for (int f = 0; f < 8; f++) {
		/* a step up or down locks the chain; a level step (rarely) lets
		 * the neighbours capture each other */
		int step = pick(rng, 10) ? (pick(rng, 2) ? 1 : -1) : 0;
		if (f > 0 && (r + step < 1 || r + step > 5))
			step = -step;
		r += f > 0 ? step : 0;
		wall[f] = r;
		if (f >= first && f <= last) {
			b->sq[r * 8 + f] = 'P';
			b->sq[(r + 1) * 8 + f] = 'p';
		}
	}
	for (int k = (int)pick(rng, 4) - 1; k > 0; k--) {
		int f = (int)pick(rng, 8), w = wall[f] * 8 + f, bl = w + 8;
		switch (pick(rng, 5)) {
		case 0: /* a hole */
			b->sq[w] = b->sq[bl] = '.';
			break;
		case 1: /* a lone pawn */
			b->sq[pick(rng, 2) ? w : bl] = '.';
			break;
		case 2: /* half-locked: the black pawn one rank further back */
			if (b->sq[bl] == 'p' && wall[f] + 2 <= 6) {
				b->sq[bl] = '.';
				b->sq[bl + 8] = 'p';
			}
			break;
		case 3: /* ... or the white one */
			if (b->sq[w] == 'P' && wall[f] - 1 >= 1) {
				b->sq[w] = '.';
				b->sq[w - 8] = 'P';
			}
			break;
		default: { /* a loose pawn */
			int sq = 8 + (int)pick(rng, 48);
			if (b->sq[sq] == '.')
				b->sq[sq] = pick(rng, 2) ? 'P' : 'p';
		}
		}
	}
}

/* A random empty square on `white`'s side of the wall (behind its pawns),
 * or anywhere with `anywhere`; colour as in empty_square. */
static int home_square(arb_rng *rng, const board *b, const int wall[8], int white, int anywhere,
		       int col)
{
	for (int tries = 0; tries < 200; tries++) {
		int sq = (int)pick(rng, 64), f = sq % 8, r = sq / 8;
		if (b->sq[sq] != '.' || (col >= 0 && light(sq) != col))
			continue;
		if (anywhere || (white ? r < wall[f] : r > wall[f] + 1))
			return sq;
	}
	return -1;
}

/* Pieces of one side (upper case = White): none, a lone minor, bishops of
 * one or both colours, two bishops against one, now and then a rook or a
 * queen; mostly behind the own wall. A bishop is mostly a "bad" one, on the
 * colour of its own pawns (boxed in by them). */
static void gen_pieces(arb_rng *rng, board *b, const int wall[8], int white)
{
	static const char *sets[] = {
		"",   "",   "",   "",  "",  "",   "B",   "B",  "B", "B",
		"BB", "BB", "BB", "N", "N", "BN", "BBB", "NN", "R", "Q",
	};
	const char *set = sets[pick(rng, (long)(sizeof sets / sizeof sets[0]))];
	int lights = 0, pawns = 0;
	for (int sq = 0; sq < 64; sq++)
		if (b->sq[sq] == (white ? 'P' : 'p')) {
			pawns++;
			lights += light(sq);
		}
	int bad = 2 * lights > pawns, bishops = 0, mixed = !pick(rng, 3);
	for (const char *p = set; *p; p++) {
		int col = -1;
		if (*p == 'B')
			col = mixed ? (bad + bishops++) % 2 : pick(rng, 4) ? bad : !bad;
		int sq = home_square(rng, b, wall, white, !pick(rng, 6), col);
		if (sq >= 0)
			b->sq[sq] = white ? *p : (char)(*p - 'A' + 'a');
	}
}

static int gen_position(arb_rng *rng, board *b)
{
	int wall[8];
	memset(b->sq, '.', sizeof b->sq);
	gen_pawns(rng, b, wall);
	if (!pick(rng, 12)) { /* pawnless: the material and lone-minor rules */
		memset(b->sq, '.', sizeof b->sq);
		for (int f = 0; f < 8; f++)
			wall[f] = 3;
	}
	/* Kings behind their own pawns mostly; sometimes anywhere. */
	int wk = home_square(rng, b, wall, 1, !pick(rng, 6), -1);
	if (wk < 0)
		return 0;
	b->sq[wk] = 'K';
	int bk = home_square(rng, b, wall, 0, !pick(rng, 6), -1);
	if (bk < 0)
		return 0;
	b->sq[bk] = 'k';
	gen_pieces(rng, b, wall, 1);
	gen_pieces(rng, b, wall, 0);
	b->stm = (int)pick(rng, 2);
	return 1;
}

/* ------------------------------------------------------------------------
 * The checks
 * ---------------------------------------------------------------------- */

static arb_position *load(const char *fen)
{
	arb_position *p = arb_position_new();
	arb_error err;
	if (p && arb_position_set_fen(p, fen, 0, &err) != ARB_OK) {
		arb_position_free(p);
		return NULL;
	}
	return p;
}

/* A mating line from pos for side that replays legally into mate. */
static int line_mates(const arb_position *pos, int side, const arb_analysis *a)
{
	arb_position *p = arb_position_clone(pos);
	int ok = p != NULL;
	for (int i = 0; ok && i < a->line_len; i++)
		ok = arb_position_play(p, a->line[i]) == ARB_OK;
	ok = ok && arb_position_count_moves(p) == 0 && arb_position_in_check(p) &&
	     (int)arb_position_side_to_move(p) != side;
	arb_position_free(p);
	return ok;
}

/* 1 if the helpmate search alone finds a (replayed) mate for side. */
static int mate_found(const arb_position *pos, int side, long nodes)
{
	arb_analysis *a = malloc(sizeof *a);
	int r = a && arbI_uw_helpmate_only(pos, side, nodes, a) == ARB_WINNABLE &&
		line_mates(pos, side, a);
	free(a);
	return r;
}

/* The position of b contradicts: proved unwinnable for side, yet mated. */
static int contradicts(const board *b, int side, long nodes)
{
	char fen[ARB_FEN_MAX];
	to_fen(b, fen);
	arb_position *p = load(fen);
	int r = p && arbI_uw_static_unwinnable(p, side) && mate_found(p, side, nodes);
	arb_position_free(p);
	return r;
}

/* Removes units (never a king) one at a time while the contradiction stays. */
static void shrink(board *b, int side, long nodes)
{
	for (int again = 1; again;) {
		again = 0;
		for (int sq = 0; sq < 64; sq++) {
			char c = b->sq[sq];
			if (c == '.' || c == 'K' || c == 'k')
				continue;
			b->sq[sq] = '.';
			if (contradicts(b, side, nodes)) {
				again = 1;
				continue;
			}
			b->sq[sq] = c;
		}
	}
}

static void report_contradiction(counts *n, const char *fen, int side, const char *how, long nodes)
{
	board b;
	n->contradictions++;
	printf("CONTRADICTION (%s) %s\t%s\n", how, fen, side ? "black" : "white");
	/* Shrink only what the static proof itself calls unwinnable. */
	arb_position *p = load(fen);
	if (!p)
		return;
	char buf[ARB_FEN_MAX];
	int ok = arbI_uw_static_unwinnable(p, side);
	arb_position_to_fen(p, buf, sizeof buf, 0);
	arb_position_free(p);
	if (!ok)
		return;
	memset(b.sq, '.', sizeof b.sq);
	int r = 7, f = 0;
	const char *s = buf;
	for (; *s && *s != ' '; s++) {
		if (*s == '/') {
			r--;
			f = 0;
		} else if (*s >= '1' && *s <= '8') {
			f += *s - '0';
		} else {
			b.sq[r * 8 + f++] = *s;
		}
	}
	b.stm = s[1] == 'b';
	shrink(&b, side, nodes);
	to_fen(&b, buf);
	printf("SHRUNK %s\t%s\twinnable\n", buf, side ? "black" : "white");
}

/* Random walks from a proved position: no successor may be mated. */
static void walk_from(const opts *o, counts *n, arb_rng *rng, const arb_position *start, int side,
		      const char *fen, int proved)
{
	for (int w = 0; w < o->walks; w++) {
		arb_position *p = arb_position_clone(start);
		for (int ply = 0; p && ply < o->plies; ply++) {
			arb_move moves[ARB_MAX_MOVES];
			int k = arb_position_legal_moves(p, moves);
			if (k == 0)
				break;
			/* Half the time a pawn move or a capture when there is one:
			 * the structure changes only by those. */
			arb_move zeroing[ARB_MAX_MOVES];
			int z = 0;
			for (int i = 0; i < k; i++)
				if (ARB_PIECE_TYPE(arb_position_piece_at(
					    p, ARB_MOVE_FROM(moves[i]))) == ARB_PAWN ||
				    arb_position_piece_at(p, ARB_MOVE_TO(moves[i])) != ARB_EMPTY)
					zeroing[z++] = moves[i];
			arb_position_play(p, z && pick(rng, 2) ? zeroing[pick(rng, z)] :
								 moves[pick(rng, k)]);
			n->walk_positions++;
			/* A successor's abstraction refines its parent's (its pieces
			 * stand inside the parent's regions, its pawns are a reached
			 * structure), so the proof should hold there too: when it does
			 * not (e.p. and promotions aside), the parent's proof may have
			 * missed a way, and the successor gets the deep search. */
			char buf[ARB_FEN_MAX];
			arb_position_to_fen(p, buf, sizeof buf, 0);
			if (proved && arb_position_ep_square(p) == ARB_NO_SQUARE &&
			    !arbI_uw_static_unwinnable(p, side)) {
				n->unproved_successors++;
				if (o->verbose)
					printf("UNPROVED successor of %s (%s): %s\n", fen,
					       side ? "black" : "white", buf);
				if (mate_found(p, side, o->hm_nodes)) {
					printf("WALK from %s (%s): %d plies on, mated: %s\n", fen,
					       side ? "black" : "white", ply + 1, buf);
					report_contradiction(n, fen, side, "walk", o->hm_nodes);
					break;
				}
			}
			if (mate_found(p, side, o->walk_nodes)) {
				printf("WALK from %s (%s): %d plies on, mated: %s\n", fen,
				       side ? "black" : "white", ply + 1, buf);
				report_contradiction(n, fen, side, "walk", o->hm_nodes);
				break;
			}
		}
		arb_position_free(p);
	}
}

static void check_query(const opts *o, counts *n, arb_rng *rng, const arb_position *pos,
			const char *fen, int side)
{
	int proved = arbI_uw_static_unwinnable(pos, side);
	arb_verdict v = arb_can_checkmate(pos, (arb_color)side, o->budget, NULL);
	n->queries++;
	n->static_proved += proved;
	n->winnable += v == ARB_WINNABLE;
	n->unwinnable += v == ARB_UNWINNABLE;
	n->undetermined += v == ARB_UNDETERMINED;
	if (o->verbose)
		printf("%s\t%s\tstatic %d\t%s\n", fen, side ? "black" : "white", proved,
		       v == ARB_WINNABLE   ? "winnable" :
		       v == ARB_UNWINNABLE ? "unwinnable" :
					     "undetermined");
	if (proved && v == ARB_WINNABLE) {
		report_contradiction(n, fen, side, "analysis", o->hm_nodes);
		return;
	}
	if (!proved && v != ARB_UNWINNABLE)
		return;
	n->hm_checked++;
	if (mate_found(pos, side, o->hm_nodes)) {
		report_contradiction(n, fen, side, "helpmate", o->hm_nodes);
		return;
	}
	if (o->walk_every > 0 && n->hm_checked % o->walk_every == 0)
		walk_from(o, n, rng, pos, side, fen, proved);
}

static void check_position(const opts *o, counts *n, arb_rng *rng, const char *fen, int only)
{
	arb_position *pos = load(fen);
	if (!pos)
		return;
	n->positions++;
	for (int side = 0; side < 2; side++)
		if (only < 0 || only == side)
			check_query(o, n, rng, pos, fen, side);
	arb_position_free(pos);
}

static int run_tsv(const opts *o, counts *n, arb_rng *rng)
{
	FILE *f = fopen(o->tsv, "r");
	char line[512];
	if (!f) {
		fprintf(stderr, "soundness: cannot read %s\n", o->tsv);
		return 2;
	}
	while (fgets(line, sizeof line, f)) {
		char *fen = strtok(line, "\t\n"), *side = strtok(NULL, "\t\n");
		if (!fen || !side || !strcmp(fen, "fen"))
			continue;
		check_position(o, n, rng, fen,
			       !strcmp(side, "white") ? 0 :
			       !strcmp(side, "black") ? 1 :
							-1);
	}
	fclose(f);
	return 0;
}

static int parse(int argc, char **argv, opts *o)
{
	o->count = 100000;
	o->seed = 1;
	o->hm_nodes = 20000;
	o->budget = 0;
	o->walk_every = 10;
	o->walks = 2;
	o->plies = 16;
	o->walk_nodes = 2000;
	o->verbose = 0;
	o->tsv = NULL;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--verbose")) {
			o->verbose = 1;
			continue;
		}
		if (!v)
			return 0;
		i++;
		if (!strcmp(a, "--count"))
			o->count = atol(v);
		else if (!strcmp(a, "--seed"))
			o->seed = strtoull(v, NULL, 10);
		else if (!strcmp(a, "--hm-nodes"))
			o->hm_nodes = atol(v);
		else if (!strcmp(a, "--budget"))
			o->budget = atol(v);
		else if (!strcmp(a, "--walk-every"))
			o->walk_every = atoi(v);
		else if (!strcmp(a, "--walks"))
			o->walks = atoi(v);
		else if (!strcmp(a, "--plies"))
			o->plies = atoi(v);
		else if (!strcmp(a, "--walk-nodes"))
			o->walk_nodes = atol(v);
		else if (!strcmp(a, "--tsv"))
			o->tsv = v;
		else
			return 0;
	}
	return o->count >= 0 && o->hm_nodes > 0 && o->walk_nodes > 0;
}

int main(int argc, char **argv)
{
	opts o;
	counts n = {0};
	arb_rng rng, walks;
	if (!parse(argc, argv, &o)) {
		fprintf(stderr,
			"usage: soundness [--count N] [--seed S] [--hm-nodes B] [--budget D]\n"
			"       [--walk-every K] [--walks W] [--plies P] [--walk-nodes X]\n"
			"       [--tsv FILE] [--verbose]\n");
		return 2;
	}
	arb_rng_seed(&rng, o.seed);
	arb_rng_seed(&walks, o.seed ^ 0x5A17C0DEULL); /* the positions do not depend on the walks */
	if (o.tsv) {
		int r = run_tsv(&o, &n, &walks);
		if (r)
			return r;
	} else {
		long generated = 0;
		while (n.positions < o.count) {
			board b;
			char fen[ARB_FEN_MAX];
			if (!gen_position(&rng, &b))
				continue;
			to_fen(&b, fen);
			generated++;
			check_position(&o, &n, &walks, fen, -1);
			if (n.positions % 10000 == 0)
				fprintf(stderr,
					"soundness: %ld positions, %ld proved, %ld contradictions\n",
					n.positions, n.hm_checked, n.contradictions);
		}
		printf("generated %ld candidates, %ld legal\n", generated, n.positions);
	}
	printf("positions %ld  queries %ld  static-proved %ld  | analysis: winnable %ld  "
	       "unwinnable %ld  undetermined %ld | helpmate-checked %ld  walk positions %ld  "
	       "(static proof lost on %ld)  contradictions %ld\n",
	       n.positions, n.queries, n.static_proved, n.winnable, n.unwinnable, n.undetermined,
	       n.hm_checked, n.walk_positions, n.unproved_successors, n.contradictions);
	return n.contradictions ? 1 : 0;
}
