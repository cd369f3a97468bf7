/*
 * matching_bench.c -- the pairing layer's maximum-weight matching
 * (engine/pairing/matching.h) on complete graphs of random 192-bit weights,
 * the shape of a Swiss round's graph at the size of a big open: the time of
 * arbI_graph_match, best of REPEAT runs (default 3; environment), with
 * and without ARBI_MATCH_MAX_CARDINALITY, and the peak memory. The graphs
 * are seeded, so every run solves the same ones.
 *
 *   matching_bench [--dump DIR] [N...]      (default N: 200 500 1000)
 *
 * --dump writes each graph as DIR/matching-N.txt ("n m" then "i j weight"
 * lines, weights in hexadecimal) and its optimum weight as
 * DIR/matching-N.weight, for bench/matching_nx.py (networkx on the same
 * graphs: bench/matching_bench.sh prints the ratio).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "matching.h"

static uint64_t rng = 0x2545F4914F6CDD1DULL;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A random weight of `bits` bits (at most the type's). */
static void random_weight(arbI_weight *w, int bits)
{
	arbI_weight_set_u64(w, 0);
	for (int lo = 0; lo < bits; lo += 64) {
		int width = bits - lo < 64 ? bits - lo : 64;
		uint64_t v = next();
		if (width < 64)
			v &= ((uint64_t)1 << width) - 1;
		arbI_weight_set_bits(w, lo, width, v);
	}
}

static int dump(const arbI_graph *g, const char *dir, const arbI_weight *total)
{
	int n = arbI_graph_order(g);
	char path[4096], hex[ARBI_WEIGHT_HEX_SIZE];
	snprintf(path, sizeof path, "%s/matching-%d.txt", dir, n);
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	long m = 0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			m += arbI_graph_edge(g, i, j, NULL);
	fprintf(f, "%d %ld\n", n, m);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			arbI_weight w;
			if (arbI_graph_edge(g, i, j, &w))
				fprintf(f, "%d %d %s\n", i, j,
					arbI_weight_to_hex(&w, hex, sizeof hex));
		}
	if (fclose(f) != 0)
		return -1;
	snprintf(path, sizeof path, "%s/matching-%d.weight", dir, n);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fprintf(f, "%s\n", arbI_weight_to_hex(total, hex, sizeof hex));
	return fclose(f) == 0 ? 0 : -1;
}

static int run(int n, int repeat, const char *dir)
{
	const int bits = 192 < ARBI_WEIGHT_BITS - 2 ? 192 : ARBI_WEIGHT_BITS - 2 - 12;
	arbI_graph *g;
	arb_error err;
	if (arbI_graph_new(n, &g, &err) != ARB_OK) {
		fprintf(stderr, "matching_bench: %d vertices: %s\n", n, err.message);
		return 1;
	}
	rng = 0x2545F4914F6CDD1DULL ^ (uint64_t)n;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			arbI_weight w;
			random_weight(&w, bits);
			arbI_graph_set_edge(g, i, j, &w, NULL);
		}
	int *mate = malloc((size_t)n * sizeof *mate);
	if (!mate)
		return 1;
	arbI_weight total;
	char hex[ARBI_WEIGHT_HEX_SIZE];
	for (int mode = 0; mode < 2; mode++) {
		double best = 1e30;
		for (int r = 0; r < repeat; r++) {
			double t0 = now();
			arb_status st = arbI_graph_match(g, mode ? ARBI_MATCH_MAX_CARDINALITY : 0,
							 mate, &total, &err);
			double t = now() - t0;
			if (st != ARB_OK) {
				fprintf(stderr, "matching_bench: %s\n", arb_status_name(st));
				return 1;
			}
			if (t < best)
				best = t;
		}
		int card = 0;
		for (int v = 0; v < n; v++)
			card += mate[v] > v;
		printf("matching: n %5d, %8ld edges, %d-bit weights, %-15s %8.3f s  (%d pairs, "
		       "weight %.16s...)\n",
		       n, (long)n * (n - 1) / 2, bits, mode ? "max-cardinality" : "max-weight",
		       best, card, arbI_weight_to_hex(&total, hex, sizeof hex));
		if (mode == 0 && dir && dump(g, dir, &total) != 0) {
			fprintf(stderr, "matching_bench: cannot write into %s\n", dir);
			return 1;
		}
	}
	fflush(stdout);
	free(mate);
	arbI_graph_free(g);
	return 0;
}

int main(int argc, char **argv)
{
	const char *dir = NULL, *env = getenv("REPEAT");
	int repeat = env ? atoi(env) : 3, sizes[64], nsizes = 0;
	if (repeat < 1)
		repeat = 1;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--dump") == 0 && i + 1 < argc)
			dir = argv[++i];
		else if (nsizes < 64 && atoi(argv[i]) > 0)
			sizes[nsizes++] = atoi(argv[i]);
		else {
			fprintf(stderr, "usage: matching_bench [--dump DIR] [N...]\n");
			return 2;
		}
	}
	if (nsizes == 0) {
		sizes[nsizes++] = 200;
		sizes[nsizes++] = 500;
		sizes[nsizes++] = 1000;
	}
	for (int i = 0; i < nsizes; i++)
		if (run(sizes[i], repeat, dir) != 0)
			return 1;
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("matching: peak memory %ld MiB (weights of %d bits: %d bytes a pair)\n",
	       ru.ru_maxrss / 1024, ARBI_WEIGHT_BITS, (int)sizeof(arbI_weight));
	return 0;
}
