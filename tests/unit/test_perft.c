/*
 * test_perft.c -- the perft reference data, table-driven.
 *
 *   test_perft 960      [DATA_DIR]  chess960.tsv: perft 1..4 of all 960 start
 *                                   positions, from the Shredder-FEN and the
 *                                   X-FEN column (both read as Chess960)
 *   test_perft tricky   [DATA_DIR]  tricky.tsv: every depth given, from the
 *                                   X-FEN column and the Shredder-FEN column
 *                                   (read as Chess960) and, for the
 *                                   standard-chess rows, the X-FEN column
 *                                   read with ARB_FEN_AUTO (standard mode)
 *   test_perft validate [DATA_DIR]  ARB_PERFT_VALIDATE (every invariant after
 *                                   every do/undo) at depth 3 on tricky.tsv and
 *                                   depth 2 on chess960.tsv
 *
 * Environment:
 *   ARBITER_PERFT_MAX_NODES  skip reference values above this (default: none);
 *                            the number skipped is printed
 *   ARBITER_PERFT_JOBS       worker threads (default: online CPUs, at most 8);
 *                            the output does not depend on it
 *
 * A mismatch prints the row name, the FEN, the depth, the expected and the
 * computed count, and the divide (each root move with its count) at that
 * depth. Exit status 0 when everything matched, 1 otherwise, 2 on bad usage.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arbiter.h"
#include "testutil.h"

/* One perft to compute: a FEN read with some flags, a depth, an answer. */
typedef struct task {
	const char *name;
	const char *fen;
	const char *column; /* which column (and reading) the FEN came from */
	unsigned fen_flags;
	unsigned perft_flags;
	int depth;
	uint64_t expected;
	/* results */
	arb_status status;
	char message[ARB_ERROR_MESSAGE_SIZE];
	uint64_t got;
	char *divide; /* on mismatch: the divide listing, malloc'ed */
} task;

typedef struct task_list {
	task *v;
	size_t n, cap;
	long skipped;
	uint64_t budget;
} task_list;

/* ------------------------------------------------------------------------
 * Building the task list
 * ---------------------------------------------------------------------- */

static int parse_u64(const char *s, uint64_t *out)
{
	char *end;
	if (!*s || *s == '-')
		return 0;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end)
		return 0;
	*out = (uint64_t)v;
	return 1;
}

static void add_task(task_list *l, const char *name, const char *fen, const char *column,
		     unsigned fen_flags, unsigned perft_flags, int depth, uint64_t expected)
{
	if (expected > l->budget) {
		l->skipped++;
		return;
	}
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 1024;
		task *grown = realloc(l->v, l->cap * sizeof *grown);
		if (!grown) {
			fprintf(stderr, "out of memory\n");
			exit(2);
		}
		l->v = grown;
	}
	task *t = &l->v[l->n++];
	memset(t, 0, sizeof *t);
	t->name = name;
	t->fen = fen;
	t->column = column;
	t->fen_flags = fen_flags;
	t->perft_flags = perft_flags;
	t->depth = depth;
	t->expected = expected;
}

/* Adds the depths of `row` (columns perft1..perftN, empty ones skipped). */
static int add_row_depths(task_list *l, const tsv_file *f, const tsv_row *row, const char *name,
			  const char *fen, const char *column, unsigned fen_flags, int max_depth,
			  unsigned perft_flags)
{
	int bad = 0;
	for (int d = 1; d <= max_depth; d++) {
		char col[16];
		uint64_t expected;
		snprintf(col, sizeof col, "perft%d", d);
		int c = tsv_column(f, col);
		if (c < 0)
			break;
		const char *text = tsv_get(row, c);
		if (!*text)
			continue;
		if (!parse_u64(text, &expected)) {
			fprintf(stderr, "line %d: bad %s value '%s'\n", row->line, col, text);
			bad++;
			continue;
		}
		add_task(l, name, fen, column, fen_flags, perft_flags, d, expected);
	}
	return bad;
}

/* Whether `fen` reads as standard chess under ARB_FEN_AUTO. */
static int reads_as_standard(const char *fen)
{
	arb_position *pos = arb_position_new();
	int std = pos && arb_position_set_fen(pos, fen, ARB_FEN_AUTO, NULL) == ARB_OK &&
		  !arb_position_is_chess960(pos);
	arb_position_free(pos);
	return std;
}

static int build_960(task_list *l, const tsv_file *f, int max_depth, unsigned perft_flags)
{
	int cid = tsv_column(f, "id"), cfen = tsv_column(f, "fen"), cx = tsv_column(f, "fen_xfen");
	int bad = 0;

	if (cid < 0 || cfen < 0 || cx < 0) {
		fprintf(stderr, "chess960.tsv: missing columns id, fen, fen_xfen\n");
		return 1;
	}
	if (f->nrows != 960) {
		fprintf(stderr, "chess960.tsv: %d rows, expected 960\n", f->nrows);
		bad++;
	}
	for (int r = 0; r < f->nrows; r++) {
		const tsv_row *row = &f->rows[r];
		const char *id = tsv_get(row, cid);
		bad += add_row_depths(l, f, row, id, tsv_get(row, cfen), "fen (Shredder-FEN)",
				      ARB_FEN_CHESS960, max_depth, perft_flags);
		bad += add_row_depths(l, f, row, id, tsv_get(row, cx), "fen_xfen (X-FEN)",
				      ARB_FEN_CHESS960, max_depth, perft_flags);
	}
	return bad;
}

static int build_tricky(task_list *l, const tsv_file *f, int max_depth, unsigned perft_flags,
			int all_readings)
{
	int cname = tsv_column(f, "name"), cfen = tsv_column(f, "fen");
	int cshr = tsv_column(f, "fen_shredder");
	int bad = 0;

	if (cname < 0 || cfen < 0 || cshr < 0) {
		fprintf(stderr, "tricky.tsv: missing columns name, fen, fen_shredder\n");
		return 1;
	}
	for (int r = 0; r < f->nrows; r++) {
		const tsv_row *row = &f->rows[r];
		const char *name = tsv_get(row, cname), *fen = tsv_get(row, cfen);
		bad += add_row_depths(l, f, row, name, fen, "fen (X-FEN, Chess960)",
				      ARB_FEN_CHESS960, max_depth, perft_flags);
		if (!all_readings)
			continue;
		bad += add_row_depths(l, f, row, name, tsv_get(row, cshr),
				      "fen_shredder (Chess960)", ARB_FEN_CHESS960, max_depth,
				      perft_flags);
		if (reads_as_standard(fen))
			bad += add_row_depths(l, f, row, name, fen, "fen (X-FEN, AUTO: standard)",
					      ARB_FEN_AUTO, max_depth, perft_flags);
	}
	return bad;
}

/* ------------------------------------------------------------------------
 * Running
 * ---------------------------------------------------------------------- */

typedef struct divide_entry {
	arb_move move;
	uint64_t nodes;
} divide_entry;

typedef struct divide_list {
	divide_entry e[ARB_MAX_MOVES];
	int n;
} divide_list;

static void collect_divide(arb_move move, uint64_t nodes, void *ctx)
{
	divide_list *d = ctx;
	if (d->n < ARB_MAX_MOVES) {
		d->e[d->n].move = move;
		d->e[d->n].nodes = nodes;
	}
	d->n++;
}

/* The divide of `pos` at `depth` as text, one "move: count" a line. */
static char *divide_text(arb_position *pos, int depth)
{
	divide_list d;
	d.n = 0;
	uint64_t total = arb_perft_divide(pos, depth, collect_divide, &d);
	size_t cap = 64 + (size_t)ARB_MAX_MOVES * 40, len = 0;
	char *s = malloc(cap);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i < d.n && i < ARB_MAX_MOVES; i++) {
		char uci[16];
		arb_move_to_uci(pos, d.e[i].move, uci);
		len += (size_t)snprintf(s + len, cap - len, "    %s: %" PRIu64 "\n", uci,
					d.e[i].nodes);
	}
	snprintf(s + len, cap - len, "    (%d root moves, total %" PRIu64 ")\n", d.n, total);
	return s;
}

static void run_task(task *t, arb_position *pos)
{
	arb_error err;

	t->status = arb_position_set_fen(pos, t->fen, t->fen_flags, &err);
	if (t->status != ARB_OK) {
		snprintf(t->message, sizeof t->message, "%s", err.message);
		return;
	}
	t->got = arb_perft(pos, t->depth, t->perft_flags);
	if (t->got != t->expected)
		t->divide = divide_text(pos, t->depth);
}

typedef struct pool {
	task_list *list;
	size_t next;
	pthread_mutex_t lock;
} pool;

static void *worker(void *arg)
{
	pool *p = arg;
	arb_position *pos = arb_position_new();

	if (!pos)
		return NULL;
	for (;;) {
		pthread_mutex_lock(&p->lock);
		size_t i = p->next++;
		pthread_mutex_unlock(&p->lock);
		if (i >= p->list->n)
			break;
		run_task(&p->list->v[i], pos);
	}
	arb_position_free(pos);
	return NULL;
}

static int job_count(void)
{
	const char *env = getenv("ARBITER_PERFT_JOBS");
	long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	if (n > 8)
		n = 8;
	return (int)n;
}

typedef struct order_key {
	uint64_t expected;
	size_t index;
} order_key;

static int by_size_desc(const void *a, const void *b)
{
	const order_key *x = a, *y = b;
	if (x->expected != y->expected)
		return x->expected > y->expected ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* Runs every task: the biggest first, so the workers finish together. */
static void run_all(task_list *l)
{
	order_key *order = malloc((l->n + 1) * sizeof *order);
	task *sorted = malloc((l->n + 1) * sizeof *sorted);
	int jobs = job_count();
	pthread_t tid[8];
	pool p;

	if (!order || !sorted) {
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	for (size_t i = 0; i < l->n; i++) {
		order[i].expected = l->v[i].expected;
		order[i].index = i;
	}
	qsort(order, l->n, sizeof *order, by_size_desc);
	for (size_t i = 0; i < l->n; i++)
		sorted[i] = l->v[order[i].index];

	task_list work = *l;
	work.v = sorted;
	p.list = &work;
	p.next = 0;
	pthread_mutex_init(&p.lock, NULL);
	int started = 0;
	for (int j = 1; j < jobs; j++)
		if (pthread_create(&tid[started], NULL, worker, &p) == 0)
			started++;
	worker(&p);
	for (int j = 0; j < started; j++)
		pthread_join(tid[j], NULL);
	pthread_mutex_destroy(&p.lock);

	/* Back into file order for the report. */
	for (size_t i = 0; i < l->n; i++)
		l->v[order[i].index] = sorted[i];
	free(sorted);
	free(order);
}

static int report(const char *what, task_list *l)
{
	long failed = 0;
	uint64_t nodes = 0;

	for (size_t i = 0; i < l->n; i++) {
		task *t = &l->v[i];
		if (t->status != ARB_OK) {
			failed++;
			printf("FAIL %s [%s]: \"%s\" does not parse: %s: %s\n", t->name, t->column,
			       t->fen, arb_status_name(t->status), t->message);
			continue;
		}
		nodes += t->got;
		if (t->got == t->expected)
			continue;
		failed++;
		printf("FAIL %s [%s]\n  fen:      %s\n  depth:    %d%s\n  expected: %" PRIu64
		       "\n  got:      %" PRIu64 "%s\n  divide at depth %d:\n%s",
		       t->name, t->column, t->fen, t->depth,
		       t->perft_flags & ARB_PERFT_VALIDATE ? " (validated)" : "", t->expected,
		       t->got, t->got == UINT64_MAX ? " (UINT64_MAX: an invariant failed)" : "",
		       t->depth, t->divide ? t->divide : "    (none)\n");
		free(t->divide);
		t->divide = NULL;
	}
	printf("%s: %zu checks, %zu passed, %ld failed, %ld skipped over the node budget", what,
	       l->n, l->n - (size_t)failed, failed, l->skipped);
	if (l->budget != UINT64_MAX)
		printf(" (ARBITER_PERFT_MAX_NODES=%" PRIu64 ")", l->budget);
	printf("; %" PRIu64 " leaf nodes\n", nodes);
	return failed == 0 ? 0 : 1;
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	const char *dir = argc > 2 ? argv[2] : NULL;
	const char *env = getenv("ARBITER_PERFT_MAX_NODES");
	task_list list;
	tsv_file c960, tricky;
	int bad = 0, rc;

	memset(&list, 0, sizeof list);
	list.budget = UINT64_MAX;
	if (env && *env && !parse_u64(env, &list.budget)) {
		fprintf(stderr, "ARBITER_PERFT_MAX_NODES: not a number: '%s'\n", env);
		return 2;
	}
	if (strcmp(mode, "960") != 0 && strcmp(mode, "tricky") != 0 &&
	    strcmp(mode, "validate") != 0) {
		fprintf(stderr, "usage: %s 960|tricky|validate [DATA_DIR]\n", argv[0]);
		return 2;
	}
	if (tsv_load(dir, "chess960.tsv", &c960) != 0 || tsv_load(dir, "tricky.tsv", &tricky) != 0)
		return 2;

	if (strcmp(mode, "960") == 0) {
		bad += build_960(&list, &c960, 4, 0);
	} else if (strcmp(mode, "tricky") == 0) {
		bad += build_tricky(&list, &tricky, 6, 0, 1);
	} else {
		bad += build_tricky(&list, &tricky, 3, ARB_PERFT_VALIDATE, 0);
		bad += build_960(&list, &c960, 2, ARB_PERFT_VALIDATE);
	}
	if (bad) {
		fprintf(stderr, "%d bad data values\n", bad);
		return 1;
	}
	run_all(&list);
	char what[32];
	snprintf(what, sizeof what, "perft %s", mode);
	rc = report(what, &list);
	free(list.v);
	tsv_free(&c960);
	tsv_free(&tricky);
	return rc;
}
