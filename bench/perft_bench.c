/*
 * perft_bench.c -- perft speed of libarbiter, single thread.
 *
 *   arbiter_bench [--csv] [--repeat N] [--only NAME] [NAME DEPTH FEN]...
 *   arbiter_bench --list [NAME DEPTH FEN]...
 *
 * Without positions it runs a built-in list (start position, Kiwipete and
 * three Chess960 positions) whose node counts are known; a count that differs
 * is reported and makes the exit status 1. Each position is timed with
 * CLOCK_MONOTONIC around arb_perft(pos, depth, 0), best of N runs (default 3).
 * --list prints the positions as TSV (name, depth, expected nodes or 0,
 * chess960 0/1, FEN) without running them: bench/run.sh feeds that list to
 * Stockfish so both programs count the same trees; --only NAME runs one of
 * the positions, so that run.sh can interleave the two programs.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arbiter.h"

struct bench_pos {
	const char *name;
	int depth;
	const char *fen;
	uint64_t expected; /* 0: unknown */
};

/* Expected counts: tests/data/tricky.tsv. */
static const struct bench_pos builtin[] = {
	{"startpos", 6, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 119060324},
	{"kiwipete", 5, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	 193690690},
	{"c960-cpw-1", 6, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	 227689589},
	{"c960-cpw-2", 5, "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
	 16253601},
	{"c960-rook-shields-king-dest", 6, "1r1k2r1/1ppppppp/8/8/8/8/1PPPPPPP/rR1K2R1 w GBgb - 0 1",
	 284872600},
};

#define NBUILTIN ((int)(sizeof builtin / sizeof builtin[0]))

struct options {
	int csv, list, repeat;
	const char *only; /* run just the position with this name */
	struct bench_pos *pos;
	int npos;
};

static double now_seconds(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0.0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void usage(FILE *out)
{
	fputs("usage: arbiter_bench [--csv] [--repeat N] [--only NAME] [NAME DEPTH FEN]...\n"
	      "       arbiter_bench --list [NAME DEPTH FEN]...\n"
	      "Times arb_perft (single thread, best of N runs, default 3) on the given\n"
	      "positions or on a built-in list, and checks the built-in node counts.\n",
	      out);
}

/* A whole decimal number in [lo, hi], or -1. */
static long parse_number(const char *s, long lo, long hi)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	if (*end != '\0' || v < lo || v > hi)
		return -1;
	return v;
}

/* Returns 0, 1 after --help, or 2 after a usage error. */
static int parse(int argc, char **argv, struct options *o)
{
	int i = 1, k;

	o->repeat = 3;
	for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
		if (strcmp(argv[i], "--csv") == 0) {
			o->csv = 1;
		} else if (strcmp(argv[i], "--list") == 0) {
			o->list = 1;
		} else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
			o->only = argv[++i];
		} else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
			o->repeat = (int)parse_number(argv[++i], 1, 1000);
			if (o->repeat < 1) {
				fprintf(stderr, "arbiter_bench: bad --repeat '%s'\n", argv[i]);
				return 2;
			}
		} else if (strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			return 1;
		} else {
			fprintf(stderr, "arbiter_bench: unknown option '%s'\n", argv[i]);
			usage(stderr);
			return 2;
		}
	}
	if ((argc - i) % 3 != 0) {
		fputs("arbiter_bench: positions come as NAME DEPTH FEN triples\n", stderr);
		return 2;
	}
	o->npos = (argc - i) / 3;
	if (o->npos == 0)
		return 0;
	o->pos = calloc((size_t)o->npos, sizeof *o->pos);
	if (!o->pos) {
		fputs("arbiter_bench: out of memory\n", stderr);
		return 2;
	}
	for (k = 0; k < o->npos; k++, i += 3) {
		o->pos[k].name = argv[i];
		o->pos[k].depth = (int)parse_number(argv[i + 1], 0, 20);
		o->pos[k].fen = argv[i + 2];
		if (o->pos[k].depth < 0) {
			fprintf(stderr, "arbiter_bench: %s: bad depth '%s' (0..20)\n", argv[i],
				argv[i + 1]);
			return 2;
		}
	}
	return 0;
}

/* Sets pos from b->fen; 0, or -1 after a message. */
static int setup(arb_position *pos, const struct bench_pos *b)
{
	arb_error err;

	memset(&err, 0, sizeof err);
	if (arb_position_set_fen(pos, b->fen, ARB_FEN_AUTO, &err) != ARB_OK) {
		fprintf(stderr, "arbiter_bench: %s: %s\n", b->name, err.message);
		return -1;
	}
	return 0;
}

/* Runs one position `repeat` times; 0 if the counts are right, 1 if not. */
static int bench_one(arb_position *pos, const struct bench_pos *b, int repeat, int csv)
{
	double best = 0.0, mnps;
	uint64_t nodes = 0;
	int r, bad = 0;

	for (r = 0; r < repeat; r++) {
		double start = now_seconds(), t;
		uint64_t n = arb_perft(pos, b->depth, 0);

		t = now_seconds() - start;
		if (r == 0 || t < best)
			best = t;
		if (r > 0 && n != nodes)
			bad = 1;
		nodes = n;
	}
	mnps = best > 0.0 ? (double)nodes / best / 1e6 : 0.0;
	if (csv)
		printf("%s,%d,%" PRIu64 ",%.6f,%.2f\n", b->name, b->depth, nodes, best, mnps);
	else
		printf("%-28s %5d %12" PRIu64 " %9.3f %9.2f\n", b->name, b->depth, nodes, best,
		       mnps);
	if (bad)
		fprintf(stderr, "arbiter_bench: %s: the runs disagree on the count\n", b->name);
	if (b->expected != 0 && nodes != b->expected) {
		fprintf(stderr,
			"arbiter_bench: %s depth %d: %" PRIu64 " nodes, expected %" PRIu64 "\n",
			b->name, b->depth, nodes, b->expected);
		bad = 1;
	}
	return bad;
}

static int has_name(const struct bench_pos *list, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(list[i].name, name) == 0)
			return 1;
	return 0;
}

static int list_one(arb_position *pos, const struct bench_pos *b)
{
	printf("%s\t%d\t%" PRIu64 "\t%d\t%s\n", b->name, b->depth, b->expected,
	       arb_position_is_chess960(pos), b->fen);
	return 0;
}

int main(int argc, char **argv)
{
	struct options o;
	const struct bench_pos *list;
	arb_position *pos;
	int n, i, rc, failed = 0;

	memset(&o, 0, sizeof o);
	rc = parse(argc, argv, &o);
	if (rc != 0) {
		free(o.pos);
		return rc == 1 ? 0 : 2;
	}
	list = o.npos > 0 ? o.pos : builtin;
	n = o.npos > 0 ? o.npos : NBUILTIN;
	if (o.only && !has_name(list, n, o.only)) {
		fprintf(stderr, "arbiter_bench: no position named '%s'\n", o.only);
		free(o.pos);
		return 2;
	}
	pos = arb_position_new();
	if (!pos) {
		fputs("arbiter_bench: out of memory\n", stderr);
		free(o.pos);
		return 2;
	}
	if (!o.list) {
		if (o.csv)
			puts("name,depth,nodes,seconds,mnps");
		else
			printf("%-28s %5s %12s %9s %9s\n", "position", "depth", "nodes", "seconds",
			       "Mnodes/s");
		fflush(stdout);
	}
	for (i = 0; i < n; i++) {
		if (o.only && strcmp(o.only, list[i].name) != 0)
			continue;
		if (setup(pos, &list[i]) != 0) {
			failed = 1;
			continue;
		}
		if (o.list)
			failed |= list_one(pos, &list[i]);
		else
			failed |= bench_one(pos, &list[i], o.repeat, o.csv);
		fflush(stdout);
	}
	arb_position_free(pos);
	free(o.pos);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fputs("arbiter_bench: error writing to standard output\n", stderr);
		return 1;
	}
	return failed;
}
