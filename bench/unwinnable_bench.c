/*
 * unwinnable_bench.c -- time arb_can_checkmate per query.
 *
 *   unwinnable_bench FILE.tsv [max_nodes]   rows: fen, side (white|black|both)
 *                                          [, expected]; wrong answers are listed
 *                                          (undetermined ones only counted)
 *   unwinnable_bench FILE.pgn... [max_nodes] the final position of every
 *                                          decisive game, for the winner (the
 *                                          time-forfeit question)
 *   unwinnable_bench --every-game FILE.pgn... [max_nodes]
 *                                          the final position of every game,
 *                                          whatever its result, for each side
 *                                          (two queries a game)
 *
 * Prints the mean, median and maximum microseconds per query and the count of
 * each verdict. Uses only the public API.
 */
#include <arbiter.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct stats {
	double *us;
	size_t n, cap;
	long verdicts[3], wrong;
} stats;

static double now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static void add_time(stats *s, double us)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 1024;
		s->us = realloc(s->us, s->cap * sizeof *s->us);
		if (!s->us)
			exit(1);
	}
	s->us[s->n++] = us;
}

static const char *verdict_name(arb_verdict v)
{
	return v == ARB_WINNABLE ? "winnable" : v == ARB_UNWINNABLE ? "unwinnable" : "undetermined";
}

/* One query; side 2 = both (dead position). Returns the verdict. The time
 * is the best of UNWINNABLE_BENCH_REPEAT runs (default 1): the machine is
 * shared, and the answer does not change between runs. */
static arb_verdict query(stats *s, const arb_position *pos, int side, long nodes)
{
	const char *env = getenv("UNWINNABLE_BENCH_REPEAT");
	int repeat = env && atoi(env) > 0 ? atoi(env) : 1;
	double best = 0;
	arb_verdict v = ARB_UNDETERMINED;
	for (int i = 0; i < repeat; i++) {
		double t0 = now_us();
		v = side == 2 ? arb_position_dead(pos, nodes) :
				arb_can_checkmate(pos, (arb_color)side, nodes, NULL);
		double t = now_us() - t0;
		if (i == 0 || t < best)
			best = t;
	}
	add_time(s, best);
	s->verdicts[v]++;
	return v;
}

static int run_tsv(stats *s, const char *path, long nodes)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	arb_position *pos = arb_position_new();
	if (!f || !pos)
		return 1;
	while (fgets(line, sizeof line, f)) {
		char *fen = strtok(line, "\t\n"), *side = strtok(NULL, "\t\n");
		char *want = strtok(NULL, "\t\n");
		if (!fen || !side || !strcmp(fen, "fen"))
			continue;
		if (arb_position_set_fen(pos, fen, 0, NULL) != ARB_OK)
			continue;
		int sd = !strcmp(side, "white") ? 0 : !strcmp(side, "black") ? 1 : 2;
		arb_verdict v = query(s, pos, sd, nodes);
		const char *got = verdict_name(v);
		if (sd == 2 && v == ARB_UNWINNABLE)
			got = "dead";
		if (getenv("UNWINNABLE_BENCH_VERBOSE"))
			printf("ROW %s\t%s\t%s\t%.0f\n", fen, side, got, s->us[s->n - 1]);
		/* Undetermined is listed and counted, not called wrong. */
		if (v == ARB_UNDETERMINED)
			printf("UNDETERMINED %s\t%s\twant %s (%.0f us)\n", fen, side,
			       want ? want : "?", s->us[s->n - 1]);
		else if (want && strcmp(want, got)) {
			s->wrong++;
			printf("MISMATCH %s\t%s\twant %s got %s (%.0f us)\n", fen, side, want, got,
			       s->us[s->n - 1]);
		}
	}
	fclose(f);
	arb_position_free(pos);
	return 0;
}

/* One query of a final position, listed when verbose. */
static void query_final(stats *s, const arb_position *pos, int side, long nodes)
{
	arb_verdict v = query(s, pos, side, nodes);
	if (getenv("UNWINNABLE_BENCH_VERBOSE")) {
		char fen[128];
		arb_position_to_fen(pos, fen, sizeof fen, 0);
		printf("ROW %s\t%s\t%s\t%.0f\n", fen, side ? "black" : "white", verdict_name(v),
		       s->us[s->n - 1]);
	}
	if (v == ARB_UNDETERMINED) {
		char fen[128];
		arb_position_to_fen(pos, fen, sizeof fen, 0);
		printf("UNDETERMINED %s\t%s\t(%.0f us)\n", fen, side ? "black" : "white",
		       s->us[s->n - 1]);
	}
}

/* every: each game's final position for both sides; otherwise the
 * decisive games' for the winner. */
static int run_pgn(stats *s, const char *path, long nodes, int every)
{
	arb_error err;
	arb_pgn_reader *r = arb_pgn_reader_open(path, 0, &err);
	arb_record *g = NULL;
	arb_position *pos = arb_position_new();
	if (!r || !pos)
		return 1;
	for (;;) {
		arb_status st = arb_pgn_next(r, &g, &err);
		if (st == ARB_OK && !g)
			break; /* end of input */
		if (st == ARB_E_NOMEM || st == ARB_E_IO)
			break;
		if (st != ARB_OK)
			continue;
		int plies = arb_record_ply_count(g), i = 0;
		arb_position_copy(pos, arb_record_start(g));
		while (i < plies && arb_position_play(pos, arb_record_move(g, i)) == ARB_OK)
			i++;
		const char *res = arb_record_result(g);
		if (i < plies)
			continue;
		if (every) {
			query_final(s, pos, 0, nodes);
			query_final(s, pos, 1, nodes);
			continue;
		}
		if (!res || (strcmp(res, "1-0") && strcmp(res, "0-1")))
			continue;
		/* The time-forfeit question: had the loser's flag fallen here,
		 * could the winner still mate (FIDE 6.9)? */
		query_final(s, pos, !strcmp(res, "1-0") ? 0 : 1, nodes);
	}
	arb_pgn_reader_free(r); /* owns the records */
	arb_position_free(pos);
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void print_stats(stats *s)
{
	double sum = 0;
	if (!s->n)
		return;
	qsort(s->us, s->n, sizeof *s->us, cmp_double);
	for (size_t i = 0; i < s->n; i++)
		sum += s->us[i];
	printf("queries %zu  mean %.1f us  median %.1f us  max %.1f us  (%.0f queries/s)\n", s->n,
	       sum / (double)s->n, s->us[s->n / 2], s->us[s->n - 1],
	       sum > 0 ? (double)s->n * 1e6 / sum : 0.0);
	printf("winnable %ld  unwinnable/dead %ld  undetermined %ld  wrong %ld\n",
	       s->verdicts[ARB_WINNABLE], s->verdicts[ARB_UNWINNABLE],
	       s->verdicts[ARB_UNDETERMINED], s->wrong);
}

int main(int argc, char **argv)
{
	stats s = {0};
	setvbuf(stdout, NULL, _IOLBF, 0);
	long nodes = 0;
	int every = argc > 1 && !strcmp(argv[1], "--every-game");
	if (every) {
		argv++;
		argc--;
	}
	int nfiles = argc - 1;
	if (argc < 2) {
		fprintf(stderr, "usage: %s [--every-game] FILE.tsv|FILE.pgn... [max_nodes]\n",
			argv[0]);
		return 2;
	}
	if (nfiles > 1 && strspn(argv[argc - 1], "0123456789") == strlen(argv[argc - 1])) {
		nodes = atol(argv[argc - 1]);
		nfiles--;
	}
	for (int i = 1; i <= nfiles; i++) {
		size_t len = strlen(argv[i]);
		int tsv = len > 4 && !strcmp(argv[i] + len - 4, ".tsv");
		if (tsv ? run_tsv(&s, argv[i], nodes) : run_pgn(&s, argv[i], nodes, every)) {
			fprintf(stderr, "%s: cannot read\n", argv[i]);
			return 1;
		}
	}
	print_stats(&s);
	free(s.us);
	return s.wrong ? 1 : 0;
}
