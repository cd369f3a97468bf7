/*
 * pgn.c -- `arbiter pgn check|convert|stats [options] FILE...`.
 *
 * Every FILE ("-" = standard input) is read game by game with the engine's
 * streaming reader, which replays every move; memory depends on the longest
 * game, never on the file. `check` also writes every main-line move in SAN
 * again (the work of "validate and re-encode"), lists the bad games on stdout
 * and ends with a summary line. `convert` rewrites the good games as PGN
 * export format, UCI move lists, final FENs or EPD records. `stats` counts.
 * A bad game is reported with the engine's message (file:line:col: game N:
 * why) and skipped; reading goes on with the next game. The EPD `id` numbers
 * the games of all inputs together from 1, bad ones included, so for a single
 * file it agrees with the error messages.
 *
 * Exit status: 0 when every game is clean, 1 when a game had an error (or out
 * of memory, or stdout failed), 2 for a bad command line or a file that
 * cannot be opened or read. Unreadable files are reported and skipped.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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
		if (cli_is_help(arg)) {
			cli_pgn_usage(stdout);
			return CLI_DONE;
		}
		if (strcmp(arg, "--strict-san") == 0) {
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

static void tally_add(struct tally *t, const char *value)
{
	char cut[TALLY_VALUE_MAX + 4];
	struct tally_entry *e;
	size_t n = strlen(value);

	if (n > TALLY_VALUE_MAX) {
		memcpy(cut, value, TALLY_VALUE_MAX);
		memcpy(cut + TALLY_VALUE_MAX, "...", 4);
		value = cut;
	}
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
 * The run: state kept across all files
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
	arb_position *pos; /* scratch: the game being replayed */
	arb_epd *epd;
	FILE *errors;    /* where bad games are listed */
	cli_games count; /* games read, bad ones, unreadable files */
	struct stats st;
};

/* A byte sink for arb_pgn_write. */
static int write_stdout(void *ctx, const char *buf, size_t n)
{
	(void)ctx;
	return fwrite(buf, 1, n, stdout) == n ? 0 : 1;
}

/* ------------------------------------------------------------------------
 * What is done with each good game
 * ---------------------------------------------------------------------- */

/* check: writes every main-line move in SAN again, as an export would. */
static void reencode(struct run *run, const arb_record *g)
{
	char san[ARB_SAN_MAX];
	arb_undo u;
	arb_move m;
	int i, n = arb_record_ply_count(g);

	arb_position_copy(run->pos, arb_record_start(g));
	for (i = 0; i < n; i++) {
		m = arb_record_move(g, i);
		arb_move_to_san(run->pos, m, san);
		arb_position_do_move(run->pos, m, &u);
	}
}

static void write_uci(struct run *run, const arb_record *g)
{
	char uci[8];
	arb_undo u;
	arb_move m;
	int i, n = arb_record_ply_count(g);

	arb_position_copy(run->pos, arb_record_start(g));
	for (i = 0; i < n; i++) {
		m = arb_record_move(g, i);
		cli_move_uci(run->pos, m, uci);
		if (i > 0)
			putchar(' ');
		fputs(uci, stdout);
		arb_position_do_move(run->pos, m, &u);
	}
	putchar('\n');
}

static void write_fen(struct run *run, const arb_record *g)
{
	char fen[ARB_FEN_MAX + 1];
	arb_undo u;
	int i, n = arb_record_ply_count(g);

	arb_position_copy(run->pos, arb_record_start(g));
	for (i = 0; i < n; i++)
		arb_position_do_move(run->pos, arb_record_move(g, i), &u);
	arb_position_to_fen(run->pos, fen, sizeof fen, 0);
	puts(fen);
}

/* One EPD line for the current position: hmvc, fmvn and id "game N ply K". */
static int write_epd_line(struct run *run, long game, int ply)
{
	char hmvc[24], fmvn[24], id[64], line[256];
	const char *ops[2] = {NULL, NULL};
	size_t len;

	snprintf(hmvc, sizeof hmvc, "%d", arb_position_halfmove_clock(run->pos));
	snprintf(fmvn, sizeof fmvn, "%d", arb_position_fullmove_number(run->pos));
	snprintf(id, sizeof id, "game %ld ply %d", game, ply);
	if (arb_epd_set_position(run->epd, run->pos) != ARB_OK)
		return -1;
	ops[0] = hmvc;
	if (arb_epd_set_op(run->epd, "hmvc", ops) != ARB_OK)
		return -1;
	ops[0] = fmvn;
	if (arb_epd_set_op(run->epd, "fmvn", ops) != ARB_OK)
		return -1;
	ops[0] = id;
	if (arb_epd_set_op(run->epd, "id", ops) != ARB_OK)
		return -1;
	len = arb_epd_to_string(run->epd, line, sizeof line, 0);
	if (len >= sizeof line)
		return -1; /* cannot happen: four FEN fields and three short operations */
	fwrite(line, 1, len, stdout);
	putchar('\n');
	return 0;
}

/* `game` numbers the games of all inputs from 1, bad ones included. */
static int write_epd(struct run *run, const arb_record *g, long game)
{
	arb_undo u;
	int i, n = arb_record_ply_count(g);

	arb_position_copy(run->pos, arb_record_start(g));
	for (i = 0;; i++) {
		if (write_epd_line(run, game, i) != 0) {
			cli_error("pgn", "out of memory");
			return -1;
		}
		if (i == n)
			return 0;
		arb_position_do_move(run->pos, arb_record_move(g, i), &u);
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

static void count(struct stats *st, const arb_record *g, const char *file, long number)
{
	const char *variant = arb_record_tag(g, "Variant");
	const char *tc = arb_record_tag(g, "TimeControl");
	struct game_ref ref;

	ref.plies = arb_record_ply_count(g);
	ref.file = file;
	ref.number = number;
	st->plies += ref.plies;
	st->results[result_index(arb_record_result(g))]++;
	tally_add(&st->variants, variant ? variant : "Standard");
	if (tc) {
		st->with_tc++;
		tally_add(&st->time_controls, tc);
	}
	/* The first game of the least (most) plies is the one reported. */
	if (!st->shortest.file || ref.plies < st->shortest.plies)
		st->shortest = ref;
	if (!st->longest.file || ref.plies > st->longest.plies)
		st->longest = ref;
}

/* Handles one good game. `file` names the input, `number` is the game's
 * number in it. Returns 0, or -1 when the run must stop. */
static int good_game(struct run *run, const arb_record *g, const char *file, long number)
{
	if (run->args->action == ACT_CHECK) {
		reencode(run, g);
		return 0;
	}
	if (run->args->action == ACT_STATS) {
		count(&run->st, g, file, number);
		return 0;
	}
	switch (run->args->format) {
	case FMT_PGN:
		if (arb_pgn_write(g, write_stdout, NULL) != ARB_OK)
			return -1;
		break;
	case FMT_UCI:
		write_uci(run, g);
		break;
	case FMT_FEN:
		write_fen(run, g);
		break;
	case FMT_EPD:
		if (write_epd(run, g, run->count.games) != 0)
			return -1;
		break;
	}
	return 0;
}

/* ------------------------------------------------------------------------
 * Reading
 * ---------------------------------------------------------------------- */

static int each_game(arb_record *g, const char *name, long number, void *ctx)
{
	return good_game(ctx, g, name, number);
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
	printf("%s: %d plies (%s, game %ld)\n", label, ref->plies, ref->file, ref->number);
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
	printf("time controls: %lu distinct in %ld games%s\n",
	       (unsigned long)st->time_controls.used, st->with_tc,
	       st->time_controls.used > 10 ? " (top 10)" : "");
	tally_print(&st->time_controls, 10);
}

int cli_pgn(int argc, char **argv)
{
	struct pgn_args a;
	struct run run;
	int i, rc;

	memset(&a, 0, sizeof a);
	memset(&run, 0, sizeof run);
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
	run.errors = a.action == ACT_CHECK ? stdout : stderr;
	run.pos = arb_position_new();
	run.epd = arb_epd_new();
	if (!run.pos || !run.epd) {
		cli_error("pgn", "out of memory");
		rc = CLI_FAIL;
	}
	for (i = 0; rc == CLI_OK && i < a.nfiles; i++)
		if (cli_read_games("pgn", a.file[i], a.flags, run.errors, each_game, &run,
				   &run.count) != 0)
			rc = CLI_FAIL;
	if (rc == CLI_OK) {
		if (a.action == ACT_CHECK)
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
	arb_epd_free(run.epd);
	arb_position_free(run.pos);
	free(a.file);
	return rc;
}
