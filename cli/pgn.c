/*
 * pgn.c -- `arbiter pgn check|convert|stats [options] FILE...`.
 *
 * Every FILE ("-" = standard input) is read game by game; each game is
 * parsed, every move replayed, and handled on one of --jobs worker threads
 * (cli/jobs.c), the output written in input order, so it is the same for
 * every number of threads. Memory depends on the longest games in flight,
 * never on the file. `check` is the reading alone (every move matched and
 * played, every tag, comment and command read and checked by the parser;
 * nothing is made of the record after), lists the bad games on stdout and
 * ends with a summary line (not with --no-summary). `convert` rewrites the
 * good games as PGN export format, UCI move lists, final FENs or EPD
 * records. `stats` counts. A bad game is reported with the engine's message
 * (file:line:col: game N: why) and skipped; reading goes on with the next
 * game. The EPD `id` numbers the games of all inputs together from 1, bad
 * ones included, so for a single file it agrees with the error messages.
 * Run over standard input, check and convert are filters: the output of a
 * PGN file cut into shards at game boundaries is the output of the shards
 * one after the other (docs/streaming.md).
 *
 * Exit status: 0 when every game is clean, 1 when a game had an error (or out
 * of memory, or stdout failed), 2 for a bad command line or a file that
 * cannot be opened or read. Unreadable files are reported and skipped.
 */
#include <stdlib.h>
#include <string.h>

#include "jobs.h"

void cli_pgn_usage(FILE *out)
{
	fputs("usage: arbiter pgn check [options] FILE...\n"
	      "       arbiter pgn convert [--to pgn|uci|fen|epd] [options] FILE...\n"
	      "       arbiter pgn stats [options] FILE...\n"
	      "\n"
	      "Reads PGN files game by game (FILE '-' is standard input); every move\n"
	      "is replayed and checked.\n"
	      "\n"
	      "  check     list the games with an error (file:line:column: game N: why)\n"
	      "            on stdout, then 'games: N, ok: N, errors: N'\n"
	      "  convert   write the good games in another form; errors go to stderr\n"
	      "  stats     count games, plies, results, variants and time controls\n"
	      "\n"
	      "  --to pgn          PGN export format (the default)\n"
	      "  --to uci          one line per game: the main-line moves in UCI\n"
	      "  --to fen          one line per game: the FEN of the final position\n"
	      "  --to epd          one EPD line per main-line position, start included,\n"
	      "                    with hmvc, fmvn and id \"game N ply K\"\n"
	      "  --skip-variations read variations without keeping or checking their\n"
	      "                    moves (convert --to pgn then drops them)\n"
	      "  --strict-san      accept only canonical SAN (no 0-0, e8Q, Nb1d2, ...)\n"
	      "  --no-summary      check: leave out the summary line, so that the outputs\n"
	      "                    of the shards of a file add up to the file's (convert\n"
	      "                    accepts it and has no summary)\n"
	      "  --jobs N          handle the games on N threads (1-256; default: the\n"
	      "                    processors online); the output is the same for any N\n"
	      "\n"
	      "Exit status: 0 every game is clean, 1 a game had an error, 2 bad command\n"
	      "line or unreadable file.\n",
	      out);
}

/* ------------------------------------------------------------------------
 * Command line
 * ---------------------------------------------------------------------- */

enum pgn_action { ACT_CHECK, ACT_CONVERT, ACT_STATS };
enum pgn_format { FMT_PGN, FMT_UCI, FMT_FEN, FMT_EPD };

struct pgn_args {
	enum pgn_action action;
	enum pgn_format format;
	unsigned flags; /* ARB_PGN_* */
	int no_summary; /* --no-summary */
	int jobs;       /* --jobs */
	char **file;    /* argc entries */
	int nfiles;
};

static const char *const action_names[] = {"check", "convert", "stats"};
static const char *const format_names[] = {"pgn", "uci", "fen", "epd"};

/* The index of `name` in `names` (n entries), or -1. */
static int lookup(const char *const *names, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

/* Handles "--to FORMAT" and "--to=FORMAT" (the current option). Returns
 * CLI_OK or CLI_USAGE after a message. */
static int parse_to(cli_argv *it, struct pgn_args *a)
{
	const char *value;
	int f;

	if (a->action != ACT_CONVERT) {
		cli_error("pgn", "--to is an option of 'pgn convert'");
		return CLI_USAGE;
	}
	if (cli_option_value(it, "pgn", "--to", &value) < 0)
		return CLI_USAGE;
	f = lookup(format_names, 4, value);
	if (f < 0) {
		cli_error("pgn", "unknown format '%s': expected pgn, uci, fen or epd", value);
		return CLI_USAGE;
	}
	a->format = (enum pgn_format)f;
	return CLI_OK;
}

/* Returns CLI_OK to go on, CLI_USAGE after a message, or CLI_DONE when --help
 * was answered. argv[0] is the action. */
static int parse(int argc, char **argv, struct pgn_args *a)
{
	cli_argv it;
	const char *arg;
	int act;

	if (argc < 1) {
		cli_error("pgn",
			  "missing action: check, convert or stats (try 'arbiter pgn --help')");
		return CLI_USAGE;
	}
	if (cli_is_help(argv[0])) {
		cli_pgn_usage(stdout);
		return CLI_DONE;
	}
	act = lookup(action_names, 3, argv[0]);
	if (act < 0) {
		cli_error("pgn", "unknown action '%s': expected check, convert or stats", argv[0]);
		return CLI_USAGE;
	}
	a->action = (enum pgn_action)act;
	cli_argv_init(&it, argc - 1, argv + 1, a->file);
	while ((arg = cli_next_option(&it)) != NULL) {
		int m;

		if (cli_is_help(arg)) {
			cli_pgn_usage(stdout);
			return CLI_DONE;
		}
		m = cli_jobs_option(&it, "pgn", &a->jobs);
		if (m < 0)
			return CLI_USAGE;
		if (m > 0)
			continue;
		if (strcmp(arg, "--no-summary") == 0) {
			if (a->action == ACT_STATS) {
				cli_error("pgn", "--no-summary: 'pgn stats' writes only a summary");
				return CLI_USAGE;
			}
			a->no_summary = 1;
		} else if (strcmp(arg, "--strict-san") == 0) {
			a->flags |= ARB_PGN_STRICT_SAN;
		} else if (strcmp(arg, "--skip-variations") == 0) {
			a->flags |= ARB_PGN_SKIP_VARIATIONS;
		} else if (strncmp(arg, "--to", 4) == 0 && (arg[4] == '\0' || arg[4] == '=')) {
			if (parse_to(&it, a) != CLI_OK)
				return CLI_USAGE;
		} else {
			cli_error("pgn", "unknown option '%s' (try 'arbiter pgn --help')", arg);
			return CLI_USAGE;
		}
	}
	a->nfiles = it.noperands;
	if (a->nfiles < 1) {
		cli_error("pgn", "missing FILE ('-' reads standard input)");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* ------------------------------------------------------------------------
 * Tallies: distinct tag values with their counts (stats)
 *
 * Open addressing with linear probing. Memory is bounded even on hostile
 * input: values are cut to TALLY_VALUE_MAX bytes, and past TALLY_MAX
 * distinct values new ones are counted together as "other".
 * ---------------------------------------------------------------------- */

enum { TALLY_MAX = 1 << 16, TALLY_VALUE_MAX = 100 };

struct tally_entry {
	char *value; /* NULL = free slot */
	long count;
};

struct tally {
	struct tally_entry *slot;
	size_t cap, used;
	long other; /* values not kept: past TALLY_MAX, or out of memory */
};

static size_t hash(const char *s)
{
	size_t h = 2166136261u; /* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static struct tally_entry *tally_find(struct tally_entry *slot, size_t cap, const char *value)
{
	size_t i = hash(value) & (cap - 1);

	while (slot[i].value && strcmp(slot[i].value, value) != 0)
		i = (i + 1) & (cap - 1);
	return &slot[i];
}

/* Doubles the table (kept at most half full). Returns 0 if out of memory. */
static int tally_grow(struct tally *t)
{
	size_t cap = t->cap ? t->cap * 2 : 64, i;
	struct tally_entry *slot = calloc(cap, sizeof *slot);

	if (!slot)
		return 0;
	for (i = 0; i < t->cap; i++)
		if (t->slot[i].value)
			*tally_find(slot, cap, t->slot[i].value) = t->slot[i];
	free(t->slot);
	t->slot = slot;
	t->cap = cap;
	return 1;
}

/* A tag value as the tallies keep it: cut to TALLY_VALUE_MAX bytes and
 * "...". Cutting a cut value again changes nothing. */
static void cut_value(char cut[TALLY_VALUE_MAX + 4], const char *value)
{
	size_t n = strlen(value);

	if (n > TALLY_VALUE_MAX) {
		memcpy(cut, value, TALLY_VALUE_MAX);
		memcpy(cut + TALLY_VALUE_MAX, "...", 4);
	} else {
		memcpy(cut, value, n + 1);
	}
}

static void tally_add(struct tally *t, const char *value)
{
	char cut[TALLY_VALUE_MAX + 4];
	struct tally_entry *e;
	size_t n;

	cut_value(cut, value);
	value = cut;
	if (t->cap) {
		e = tally_find(t->slot, t->cap, value);
		if (e->value) {
			e->count++;
			return;
		}
	}
	if (t->used >= TALLY_MAX || ((t->used + 1) * 2 > t->cap && !tally_grow(t))) {
		t->other++;
		return;
	}
	e = tally_find(t->slot, t->cap, value);
	n = strlen(value) + 1;
	e->value = malloc(n);
	if (!e->value) {
		t->other++;
		return;
	}
	memcpy(e->value, value, n);
	e->count = 1;
	t->used++;
}

static void tally_free(struct tally *t)
{
	size_t i;

	for (i = 0; i < t->cap; i++)
		free(t->slot[i].value);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

/* Most frequent first; equal counts in byte order of the value. */
static int compare_entries(const void *a, const void *b)
{
	const struct tally_entry *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->value, y->value);
}

/* Writes a tag value on one line: control bytes as \xNN, "" as (empty). */
static void print_value(const char *s)
{
	if (*s == '\0') {
		fputs("(empty)", stdout);
		return;
	}
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f)
			printf("\\x%02x", c);
		else
			putchar(c);
	}
}

/* Prints up to `limit` entries (all if limit <= 0) in compare_entries order,
 * then "other" when values were not kept. */
static void tally_print(const struct tally *t, int limit)
{
	struct tally_entry *e;
	size_t i, n = 0;

	e = malloc((t->used ? t->used : 1) * sizeof *e);
	if (!e) {
		cli_error("pgn", "out of memory");
		return;
	}
	for (i = 0; i < t->cap; i++)
		if (t->slot[i].value)
			e[n++] = t->slot[i];
	qsort(e, n, sizeof *e, compare_entries);
	if (limit > 0 && n > (size_t)limit)
		n = (size_t)limit;
	for (i = 0; i < n; i++) {
		printf("  %9ld  ", e[i].count);
		print_value(e[i].value);
		putchar('\n');
	}
	if (t->other > 0)
		printf("  %9ld  (other values, not counted apart)\n", t->other);
	free(e);
}

/* ------------------------------------------------------------------------
 * The run: state kept across all files (main thread)
 * ---------------------------------------------------------------------- */

enum { RES_WHITE, RES_BLACK, RES_DRAW, RES_UNKNOWN, RES_OTHER, RES_COUNT };

static const char *const result_names[RES_COUNT] = {"1-0", "0-1", "1/2-1/2", "*", "other"};

/* A game remembered by its place: the file and its number there. */
struct game_ref {
	int plies;
	const char *file;
	long number;
};

struct stats {
	long plies;
	long results[RES_COUNT];
	long with_tc; /* games with a TimeControl tag */
	struct tally variants, time_controls;
	struct game_ref shortest, longest;
};

struct run {
	const struct pgn_args *args;
	cli_games count; /* games read, bad ones, unreadable files */
	struct stats st;
};

/* What stats keeps of a game: worked out on a worker, counted in input
 * order by the main thread. */
struct facts {
	int plies;
	int result; /* RES_* */
	int has_tc;
	char variant[TALLY_VALUE_MAX + 4];
	char time_control[TALLY_VALUE_MAX + 4];
};

/* A worker's scratch objects. */
struct worker {
	const struct pgn_args *args;
	arb_position *pos; /* the game being replayed */
	arb_epd *epd;
};

/* A byte sink for arb_pgn_write. */
static int write_file(void *ctx, const char *buf, size_t n)
{
	return fwrite(buf, 1, n, ctx) == n ? 0 : 1;
}

/* ------------------------------------------------------------------------
 * What is done with each good game (on a worker)
 * ---------------------------------------------------------------------- */

static void write_uci(struct worker *w, const arb_record *g, FILE *out)
{
	char uci[8];
	arb_undo u;
	arb_move m;
	int i, n = arb_record_ply_count(g);

	arb_position_copy(w->pos, arb_record_start(g));
	for (i = 0; i < n; i++) {
		m = arb_record_move(g, i);
		cli_move_uci(w->pos, m, uci);
		if (i > 0)
			fputc(' ', out);
		fputs(uci, out);
		arb_position_do_move(w->pos, m, &u);
	}
	fputc('\n', out);
}

static void write_fen(struct worker *w, const arb_record *g, FILE *out)
{
	char fen[ARB_FEN_MAX + 1];
	arb_undo u;
	int i, n = arb_record_ply_count(g);

	arb_position_copy(w->pos, arb_record_start(g));
	for (i = 0; i < n; i++)
		arb_position_do_move(w->pos, arb_record_move(g, i), &u);
	arb_position_to_fen(w->pos, fen, sizeof fen, 0);
	fputs(fen, out);
	fputc('\n', out);
}

/* One EPD line for the current position: hmvc, fmvn and id "game N ply K". */
static int write_epd_line(struct worker *w, long game, int ply, FILE *out)
{
	char hmvc[24], fmvn[24], id[64], line[256];
	const char *ops[2] = {NULL, NULL};
	size_t len;

	snprintf(hmvc, sizeof hmvc, "%d", arb_position_halfmove_clock(w->pos));
	snprintf(fmvn, sizeof fmvn, "%d", arb_position_fullmove_number(w->pos));
	snprintf(id, sizeof id, "game %ld ply %d", game, ply);
	if (arb_epd_set_position(w->epd, w->pos) != ARB_OK)
		return -1;
	ops[0] = hmvc;
	if (arb_epd_set_op(w->epd, "hmvc", ops) != ARB_OK)
		return -1;
	ops[0] = fmvn;
	if (arb_epd_set_op(w->epd, "fmvn", ops) != ARB_OK)
		return -1;
	ops[0] = id;
	if (arb_epd_set_op(w->epd, "id", ops) != ARB_OK)
		return -1;
	len = arb_epd_to_string(w->epd, line, sizeof line, 0);
	if (len >= sizeof line)
		return -1; /* cannot happen: four FEN fields and three short operations */
	fwrite(line, 1, len, out);
	fputc('\n', out);
	return 0;
}

/* `game` numbers the games of all inputs from 1, bad ones included. */
static int write_epd(struct worker *w, const arb_record *g, long game, FILE *out)
{
	arb_undo u;
	int i, n = arb_record_ply_count(g);

	arb_position_copy(w->pos, arb_record_start(g));
	for (i = 0;; i++) {
		if (write_epd_line(w, game, i, out) != 0)
			return -1;
		if (i == n)
			return 0;
		arb_position_do_move(w->pos, arb_record_move(g, i), &u);
	}
}

static int result_index(const char *result)
{
	int i;

	for (i = 0; i < RES_OTHER; i++)
		if (strcmp(result, result_names[i]) == 0)
			return i;
	return RES_OTHER;
}

static void gather(struct facts *f, const arb_record *g)
{
	const char *variant = arb_record_tag(g, "Variant");
	const char *tc = arb_record_tag(g, "TimeControl");

	f->plies = arb_record_ply_count(g);
	f->result = result_index(arb_record_result(g));
	cut_value(f->variant, variant ? variant : "Standard");
	f->has_tc = tc != NULL;
	if (tc)
		cut_value(f->time_control, tc);
}

/* The pipeline's function for a good game. Returns 0, or -1 when the run
 * must stop. */
static int good_game(void *worker, cli_job *job, arb_record *g)
{
	struct worker *w = worker;

	if (w->args->action == ACT_CHECK)
		return 0; /* read and checked by the parser: nothing more to do */
	if (w->args->action == ACT_STATS) {
		gather(job->result, g);
		return 0;
	}
	switch (w->args->format) {
	case FMT_PGN:
		if (arb_pgn_write(g, write_file, job->out) != ARB_OK) {
			cli_message(job->err, "pgn", "out of memory");
			return -1;
		}
		break;
	case FMT_UCI:
		write_uci(w, g, job->out);
		break;
	case FMT_FEN:
		write_fen(w, g, job->out);
		break;
	case FMT_EPD:
		if (write_epd(w, g, job->seq, job->out) != 0) {
			cli_message(job->err, "pgn", "out of memory");
			return -1;
		}
		break;
	}
	return 0;
}

static void *worker_new(void *ctx)
{
	const struct run *run = ctx;
	struct worker *w = calloc(1, sizeof *w);

	if (w) {
		w->args = run->args;
		w->pos = arb_position_new();
		w->epd = arb_epd_new();
	}
	if (!w || !w->pos || !w->epd) {
		cli_error("pgn", "out of memory");
		if (w) {
			arb_position_free(w->pos);
			arb_epd_free(w->epd);
			free(w);
		}
		return NULL;
	}
	return w;
}

static void worker_free(void *worker)
{
	struct worker *w = worker;

	if (!w)
		return;
	arb_epd_free(w->epd);
	arb_position_free(w->pos);
	free(w);
}

/* ------------------------------------------------------------------------
 * Counting (main thread, in input order)
 * ---------------------------------------------------------------------- */

/* stats: the pipeline's merge of a good game. */
static int count(void *ctx, const cli_job *job)
{
	struct stats *st = &((struct run *)ctx)->st;
	const struct facts *f = job->result;
	struct game_ref ref;

	ref.plies = f->plies;
	ref.file = job->file;
	ref.number = job->number;
	st->plies += ref.plies;
	st->results[f->result]++;
	tally_add(&st->variants, f->variant);
	if (f->has_tc) {
		st->with_tc++;
		tally_add(&st->time_controls, f->time_control);
	}
	/* The first game of the least (most) plies is the one reported. */
	if (!st->shortest.file || ref.plies < st->shortest.plies)
		st->shortest = ref;
	if (!st->longest.file || ref.plies > st->longest.plies)
		st->longest = ref;
	return 0;
}

/* ------------------------------------------------------------------------
 * Reports
 * ---------------------------------------------------------------------- */

static void print_ref(const char *label, const struct game_ref *ref)
{
	if (!ref->file) {
		printf("%s: -\n", label);
		return;
	}
	printf("%s: %d %s (%s, game %ld)\n", label, ref->plies,
	       cli_plural(ref->plies, "ply", "plies"), ref->file, ref->number);
}

static void print_stats(const struct run *run)
{
	const struct stats *st = &run->st;
	int i;

	printf("games: %ld\n", run->count.games);
	printf("ok: %ld\n", run->count.games - run->count.bad);
	printf("errors: %ld\n", run->count.bad);
	printf("plies: %ld\n", st->plies);
	print_ref("shortest", &st->shortest);
	print_ref("longest", &st->longest);
	puts("results:");
	for (i = 0; i < RES_COUNT; i++)
		if (i != RES_OTHER || st->results[i] > 0)
			printf("  %9ld  %s\n", st->results[i], result_names[i]);
	printf("variants: %lu\n", (unsigned long)st->variants.used);
	tally_print(&st->variants, 0);
	printf("time controls: %lu distinct in %ld %s%s\n", (unsigned long)st->time_controls.used,
	       st->with_tc, cli_plural(st->with_tc, "game", "games"),
	       st->time_controls.used > 10 ? " (top 10)" : "");
	tally_print(&st->time_controls, 10);
}

int cli_pgn(int argc, char **argv)
{
	struct pgn_args a;
	struct run run;
	cli_jobs_spec spec;
	int rc;

	memset(&a, 0, sizeof a);
	memset(&run, 0, sizeof run);
	a.jobs = cli_jobs_default();
	a.file = calloc((size_t)argc + 1, sizeof *a.file);
	if (!a.file) {
		cli_error("pgn", "out of memory");
		return CLI_FAIL;
	}
	rc = parse(argc, argv, &a);
	if (rc != CLI_OK) {
		free(a.file);
		return rc == CLI_DONE ? CLI_OK : rc;
	}
	run.args = &a;
	memset(&spec, 0, sizeof spec);
	spec.cmd = "pgn";
	spec.flags = a.flags;
	spec.jobs = a.jobs;
	spec.bad_to_stdout = a.action == ACT_CHECK; /* check lists them; the others report */
	spec.result_size = sizeof(struct facts);
	spec.ctx = &run;
	spec.worker_new = worker_new;
	spec.worker_free = worker_free;
	spec.game = good_game;
	spec.merge = a.action == ACT_STATS ? count : NULL;
	if (cli_jobs_run(&spec, a.file, a.nfiles, &run.count) != 0)
		rc = CLI_FAIL;
	if (rc == CLI_OK) {
		if (a.action == ACT_CHECK && !a.no_summary)
			printf("games: %ld, ok: %ld, errors: %ld\n", run.count.games,
			       run.count.games - run.count.bad, run.count.bad);
		else if (a.action == ACT_STATS)
			print_stats(&run);
		if (run.count.io_failed)
			rc = CLI_USAGE;
		else if (run.count.bad > 0)
			rc = CLI_FAIL;
	}
	tally_free(&run.st.variants);
	tally_free(&run.st.time_controls);
	free(a.file);
	return rc;
}
