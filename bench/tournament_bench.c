/*
 * tournament_bench.c -- the tournament layer at the size of a big open:
 * a 2,000-player, 11-round Swiss made through the API (seeded: players
 * paired within their score groups, results drawn from the ratings), written
 * as TRF; then, timed, what a director's tool does with such a file: read
 * it, compute the standings with six tie-breaks, write it back. Best of
 * REPEAT runs (default 5); peak memory from getrusage.
 *
 *   tournament_bench [PLAYERS [ROUNDS]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "arbiter.h"

typedef struct out {
	char *text;
	size_t len, cap;
} out;

static int sink(void *ctx, const char *buf, size_t n)
{
	out *o = ctx;
	if (o->len + n > o->cap) {
		size_t cap = o->cap ? o->cap * 2 : 1 << 20;
		while (cap < o->len + n)
			cap *= 2;
		char *t = realloc(o->text, cap);
		if (!t)
			return -1;
		o->text = t;
		o->cap = cap;
	}
	memcpy(o->text + o->len, buf, n);
	o->len += n;
	return 0;
}

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static unsigned next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng >> 32);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int *gpoints;
static int cmp_ids(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	if (gpoints[x] != gpoints[y])
		return gpoints[y] - gpoints[x];
	return x - y;
}

int main(int argc, char **argv)
{
	int players = argc > 1 ? atoi(argv[1]) : 2000, rounds = argc > 2 ? atoi(argv[2]) : 11;
	const char *rep = getenv("REPEAT");
	int repeat = rep ? atoi(rep) : 5;
	if (players < 2 || players > 9998 || rounds < 1 || rounds > 99) {
		fprintf(stderr, "usage: tournament_bench [PLAYERS [ROUNDS]]\n");
		return 2;
	}
	arb_tournament *t = arb_tournament_new();
	arb_tournament_info info;
	if (!t || arb_tournament_get_info(t, &info) != ARB_OK)
		return 1;
	snprintf(info.name, sizeof info.name, "Benchmark Open");
	snprintf(info.system, sizeof info.system, "FIDE_DUTCH_2026");
	snprintf(info.tiebreaks, sizeof info.tiebreaks, "BH/C1,BH,SB,ARO,WIN,DE");
	info.rounds = rounds;
	if (arb_tournament_set_info(t, &info) != ARB_OK)
		return 1;
	int *ids = malloc(sizeof *ids * (size_t)players);
	gpoints = calloc((size_t)players + 1, sizeof *gpoints);
	for (int i = 0; i < players; i++) {
		arb_tournament_player p;
		memset(&p, 0, sizeof p);
		snprintf(p.name, sizeof p.name, "Player, Number %d", i + 1);
		p.sex = 'm';
		p.rating = 2700 - i * 1200 / players;
		snprintf(p.federation, sizeof p.federation, "FID");
		if (arb_tournament_add_player(t, &p, NULL) != ARB_OK)
			return 1;
		ids[i] = i + 1;
	}
	/* rounds: sort by points, pair neighbours (a rematch is allowed here:
	 * the bench times the file, not the pairing), odd one out gets U */
	for (int r = 1; r <= rounds; r++) {
		qsort(ids, (size_t)players, sizeof *ids, cmp_ids);
		int k = 0;
		for (; k + 1 < players; k += 2) {
			int w = ids[k + (r & 1)], b = ids[k + !(r & 1)];
			unsigned x = next() % 100;
			/* White's chance from the rating gap (ids are by rating) */
			int lead = 50 + (b - w) * 30 / players;
			char wr = x < (unsigned)lead - 15 ? '1' :
				  x < (unsigned)lead + 15 ? '=' :
							    '0';
			char br = wr == '1' ? '0' : wr == '0' ? '1' : '=';
			if (arb_tournament_set_game(t, r, w, b, wr, br) != ARB_OK)
				return 1;
			gpoints[w] += wr == '1' ? 2 : wr == '=' ? 1 : 0;
			gpoints[b] += br == '1' ? 2 : br == '=' ? 1 : 0;
		}
		if (k < players) {
			arb_tournament_set_bye(t, r, ids[k], 'U');
			gpoints[ids[k]] += 2;
		}
	}
	out file = {NULL, 0, 0};
	if (arb_trf_write(t, 0, sink, &file) != ARB_OK)
		return 1;
	arb_tournament_free(t);

	arb_regulation reg;
	arb_error err;
	if (arb_regulation_init(&reg, "fide2026", &err) != ARB_OK)
		return 1;
	double best[3] = {1e9, 1e9, 1e9};
	size_t written = 0;
	for (int k = 0; k < repeat; k++) {
		double t0 = now();
		arb_tournament *u = NULL;
		if (arb_trf_read(file.text, file.len, "bench", 0, &u, &err) != ARB_OK) {
			fprintf(stderr, "%s\n", err.message);
			return 1;
		}
		double t1 = now();
		arb_standings *s = NULL;
		if (arb_standings_compute(u, &reg, NULL, 0, &s, &err) != ARB_OK) {
			fprintf(stderr, "%s\n", err.message);
			return 1;
		}
		double t2 = now();
		out back = {NULL, 0, 0};
		if (arb_trf_write(u, 0, sink, &back) != ARB_OK)
			return 1;
		double t3 = now();
		written = back.len;
		if (back.len != file.len || memcmp(back.text, file.text, file.len) != 0) {
			fprintf(stderr, "tournament_bench: the file written back differs\n");
			return 1;
		}
		free(back.text);
		arb_standings_free(s);
		arb_tournament_free(u);
		double d[3] = {t1 - t0, t2 - t1, t3 - t2};
		for (int i = 0; i < 3; i++)
			best[i] = d[i] < best[i] ? d[i] : best[i];
	}
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("tournament: %d players, %d rounds, %zu bytes of TRF; best of %d: read %.1f ms, "
	       "standings with 6 tie-breaks (BH/C1,BH,SB,ARO,WIN,DE) %.1f ms, write %.1f ms, "
	       "all %.1f ms (target < 100 ms); peak RSS %ld MiB\n",
	       players, rounds, written, repeat, best[0] * 1e3, best[1] * 1e3, best[2] * 1e3,
	       (best[0] + best[1] + best[2]) * 1e3, ru.ru_maxrss / 1024);
	free(file.text);
	free(ids);
	free(gpoints);
	return 0;
}
