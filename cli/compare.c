/*
 * compare.c -- `arbiter compare --profiles P1,P2,... FILE...`: every game
 * adjudicated under each profile, and only the games whose scored results
 * differ listed, one row per profile (result, reason, article, detail),
 * then "N games, M differ" (not with --no-summary, which makes it a filter:
 * docs/streaming.md). It streams: the games are decided on --jobs threads
 * and written out in input order (cli/jobs.h), the profiles loaded once, or
 * once per thread when they have Lua hooks. A profile list is split at the
 * commas outside braces, so options with commas stay whole.
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicate.h"

void cli_compare_usage(FILE *out)
{
	fputs("usage: arbiter compare --profiles P1,P2,... [--profile-path DIR] [--json]\n"
	      "                       [--strict] [FILE.pgn...]\n"
	      "\n"
	      "Adjudicates every game of the PGN files (FILE '-' or none: standard input)\n"
	      "under each profile and lists the games whose scored results differ: the\n"
	      "game, the players, then one row per profile with result, reason and\n"
	      "article. Ends with 'N games, M differ'. Profiles are separated by commas\n"
	      "outside braces: fide2009-standard,uscf-standard{tc=G/90,delay=5}.\n"
	      "\n"
	      "  --profile-path DIR  look for profile scripts in DIR first (':' separates)\n"
	      "  --json              one JSON object per differing game: game, file,\n"
	      "                      white, black and \"profiles\", a list of {profile,\n"
	      "                      result, board_result, termination, reason, detail,\n"
	      "                      article, effects}; then {\"games\": N, \"differ\": M,\n"
	      "                      \"failed\": K}\n"
	      "  --no-summary        leave out the summary line, so that the outputs of the\n"
	      "                      shards of a file add up to the file's\n"
	      "  --strict            an unknown comment command ([%%clam ...], [%%Flag ...])\n"
	      "                      makes its game an error, not a warning on stderr\n"
	      "  --jobs N            decide the games on N threads (1-256; default: the\n"
	      "                      processors online); the output is the same for any N\n"
	      "  --verbose           what the profiles' scripts print() goes to stderr, each\n"
	      "                      line after the script's name and line; a hook's lines\n"
	      "                      come with the messages of its game (without it: nowhere)\n"
	      "\n"
	      "N counts the games of each FILE from 1. Exit status: 0 ok (differences are\n"
	      "not failures); 1 a game that could not be read or adjudicated, or an\n"
	      "unknown profile; 2 bad command line or unreadable file.\n",
	      out);
}

#ifdef ARBITER_HAVE_LUA

/* ------------------------------------------------------------------------
 * compare
 * ---------------------------------------------------------------------- */

#define CMD "compare"

struct cmp_args {
	const char *profiles; /* --profiles P1,P2,... */
	const char *path;     /* --profile-path */
	int json;
	int verbose;    /* --verbose: the scripts' print() to stderr */
	int no_summary; /* --no-summary */
	int strict;     /* --strict: unknown comment commands are errors */
	int jobs;       /* --jobs */
	char **file;
	int nfiles;
};

struct cmp_run {
	const struct cmp_args *args;
	char **spec; /* the profile names as given */
	arb_profile **profile;
	int n; /* profiles */
	int name_width;
	long differ;
	cli_tally tally;
	int workers;       /* made so far */
	cli_prints prints; /* the profiles' print() (--verbose) */
};

/* A worker's profiles (the run's, or its own copies of those with hooks)
 * and its scratch results for the current game. */
struct cmp_worker {
	const struct cmp_run *run;
	arb_profile **own;       /* n entries, NULL: the run's is used */
	const arb_rules **rules; /* n entries */
	arb_game_result *result; /* n entries, the current game */
	int *ok;                 /* n entries: adjudicated under that profile */
	int hooks;               /* a profile has hooks, so prints during games */
	cli_prints prints;       /* the print() of the profiles in `own` */
	cli_prints *sink;        /* where this worker's hooks print: its own or the run's */
};

/* A game's part of the counts. */
struct cmp_result {
	int differ, failed;
};

static int cmp_parse(int argc, char **argv, struct cmp_args *a)
{
	const char *arg;
	cli_argv it;
	int m;

	cli_argv_init(&it, argc, argv, a->file);
	while ((arg = cli_next_option(&it)) != NULL) {
		if (cli_is_help(arg)) {
			cli_compare_usage(stdout);
			return CLI_DONE;
		}
		if (strcmp(arg, "--json") == 0) {
			a->json = 1;
			continue;
		}
		if (strcmp(arg, "--no-summary") == 0) {
			a->no_summary = 1;
			continue;
		}
		if (strcmp(arg, "--verbose") == 0) {
			a->verbose = 1;
			continue;
		}
		if (strcmp(arg, "--strict") == 0) {
			a->strict = 1;
			continue;
		}
		m = cli_jobs_option(&it, CMD, &a->jobs);
		if (m == 0)
			m = cli_value_option(&it, CMD, "--profiles", &a->profiles);
		if (m == 0)
			m = cli_value_option(&it, CMD, "--profile-path", &a->path);
		if (m < 0)
			return CLI_USAGE;
		if (m == 0) {
			cli_error(CMD, "unknown option '%s' (try 'arbiter compare --help')", arg);
			return CLI_USAGE;
		}
	}
	a->nfiles = it.noperands;
	if (!a->profiles) {
		cli_error(CMD, "missing --profiles P1,P2,... (try 'arbiter profiles')");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/*
 * Splits the profile list at the commas outside braces and quotes
 * ("uscf-standard{tc=G/90,delay=5}" and 'uscf{tc="40/120, SD/60;d5"}' are
 * one profile each; the profile loader reads the quotes) into run->spec. Returns CLI_OK, CLI_USAGE
 * after a message (an empty name, unbalanced braces, fewer than two), or
 * CLI_FAIL when out of memory.
 */
static int split_profiles(struct cmp_run *run, const char *list)
{
	size_t len = strlen(list), i, begin = 0;
	int depth = 0, n = 1, quoted = 0;

	for (i = 0; i < len; i++)
		n += list[i] == ',';
	run->spec = calloc((size_t)n, sizeof *run->spec);
	if (!run->spec) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	for (i = 0; i <= len; i++) {
		char c = list[i];

		if (quoted) {
			if (c == '\\' && (list[i + 1] == '"' || list[i + 1] == '\\'))
				i++;
			else if (c == '"')
				quoted = 0;
			if (c != '\0')
				continue;
		}
		if (c == '"')
			quoted = 1;
		else if (c == '{')
			depth++;
		else if (c == '}' && --depth < 0)
			break;
		if ((c != ',' || depth > 0) && c != '\0')
			continue;
		if (i == begin) {
			cli_error(CMD, "--profiles: empty profile name at column %lu",
				  (unsigned long)i + 1);
			return CLI_USAGE;
		}
		run->spec[run->n] = malloc(i - begin + 1);
		if (!run->spec[run->n]) {
			cli_error(CMD, "out of memory");
			return CLI_FAIL;
		}
		memcpy(run->spec[run->n], list + begin, i - begin);
		run->spec[run->n++][i - begin] = '\0';
		begin = i + 1;
	}
	if (quoted) {
		cli_error(CMD, "--profiles: a quote is not closed in '%s'", list);
		return CLI_USAGE;
	}
	if (depth != 0) {
		cli_error(CMD, "--profiles: unbalanced braces in '%s'", list);
		return CLI_USAGE;
	}
	if (run->n < 2) {
		cli_error(CMD, "--profiles needs at least two profiles, separated by commas");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* Loads every profile. Returns CLI_OK or CLI_FAIL after a message. */
static int cmp_load(struct cmp_run *run)
{
	int i, w;

	run->profile = calloc((size_t)run->n, sizeof *run->profile);
	if (!run->profile) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	for (i = 0; i < run->n; i++) {
		run->profile[i] = cli_profile_open(CMD, run->spec[i], run->args->path,
						   run->args->verbose ? &run->prints : NULL);
		if (!run->profile[i])
			return CLI_FAIL;
		cli_warn_tc_units(CMD, arb_profile_rules(run->profile[i])->tc);
		w = (int)strlen(run->spec[i]);
		if (w > run->name_width)
			run->name_width = w;
	}
	return CLI_OK;
}

static void cmp_free(struct cmp_run *run)
{
	int i;

	for (i = 0; i < run->n; i++) {
		if (run->profile)
			arb_profile_free(run->profile[i]);
		free(run->spec[i]);
	}
	free(run->spec);
	free(run->profile);
}

static void cmp_worker_free(void *worker)
{
	struct cmp_worker *w = worker;
	int i;

	if (!w)
		return;
	for (i = 0; w->own && i < w->run->n; i++)
		arb_profile_free(w->own[i]);
	free(w->own);
	free(w->rules);
	free(w->result);
	free(w->ok);
	free(w);
}

static void *cmp_worker_new(void *ctx)
{
	struct cmp_run *run = ctx;
	struct cmp_worker *w = calloc(1, sizeof *w);
	int i, first = run->workers++ == 0;

	if (w) {
		w->run = run;
		w->own = calloc((size_t)run->n, sizeof *w->own);
		w->rules = calloc((size_t)run->n, sizeof *w->rules);
		w->result = calloc((size_t)run->n, sizeof *w->result);
		w->ok = calloc((size_t)run->n, sizeof *w->ok);
	}
	if (!w || !w->own || !w->rules || !w->result || !w->ok) {
		cli_error(CMD, "out of memory");
		cmp_worker_free(w);
		return NULL;
	}
	/* The first worker uses the run's profiles, the others their own copies
	 * of those with hooks (the only ones that print during games). */
	w->sink = first ? &run->prints : &w->prints;
	for (i = 0; i < run->n; i++) {
		const arb_rules *rules = arb_profile_rules(run->profile[i]);

		w->hooks |= rules->on_move || rules->on_end;
		/* A hook runs in its profile's Lua state: one per thread. */
		if (!first && (rules->on_move || rules->on_end)) {
			/* Silent while it loads: the run's load printed that. */
			w->own[i] = cli_profile_open(CMD, run->spec[i], run->args->path,
						     run->args->verbose ? &w->prints : NULL);
			if (!w->own[i]) {
				cmp_worker_free(w);
				return NULL;
			}
			rules = arb_profile_rules(w->own[i]);
		}
		w->rules[i] = rules;
	}
	return w;
}

/* One profile's row of a differing game. */
static void cmp_print_row(const struct cmp_worker *w, int i, FILE *out)
{
	const struct cmp_run *run = w->run;
	const arb_game_result *r = &w->result[i];

	fprintf(out, "  %-*s  ", run->name_width, run->spec[i]);
	if (!w->ok[i]) {
		fputs("(could not be adjudicated: see the error)\n", out);
		return;
	}
	/* A game that goes on is "in play"; its reason is then the latest
	 * decision, not a result. */
	fprintf(out, "%-7s  %-25s  %s", strcmp(r->result, "*") == 0 ? "in play" : r->result,
		*r->reason ? r->reason : "-", *r->article ? r->article : "-");
	if (strcmp(r->result, r->board) != 0 && r->board[0])
		fprintf(out, "  board=%s", r->board);
	if (r->detail[0])
		fprintf(out, r->detail[0] == '(' ? "  %s" : "  (%s)", r->detail);
	fputc('\n', out);
}

static void cmp_print_json(const struct cmp_worker *w, const cli_game_id *id, FILE *out)
{
	int i;

	fprintf(out, "{\"game\": %ld", id->number);
	cli_json_field(out, 0, "file", id->file);
	cli_json_field(out, 0, "white", id->white);
	cli_json_field(out, 0, "black", id->black);
	cli_json_pairing(out, id);
	fputs(", \"profiles\": [", out);
	for (i = 0; i < w->run->n; i++) {
		fprintf(out, "%s{", i ? ", " : "");
		cli_json_field(out, 1, "profile", w->run->spec[i]);
		if (w->ok[i])
			cli_json_result(out, &w->result[i]);
		else
			fputs(", \"error\": true", out);
		fputc('}', out);
	}
	fputs("]}\n", out);
}

/* On a worker: the game under every profile; its rows on job->out when the
 * results differ or a profile failed. */
static int cmp_game_body(struct cmp_worker *w, cli_job *job, arb_record *rec)
{
	struct cmp_result *res = job->result;
	int i, first = -1, n = w->run->n;
	cli_game_id id;

	cli_game_id_from_job(&id, rec, job);
	cli_report_record_warnings(job->err, CMD, rec);
	for (i = 0; i < n; i++) {
		arb_error err;
		arb_game *g;

		memset(&err, 0, sizeof err);
		g = arb_game_from_record(rec, w->rules[i], &err);
		w->ok[i] = g != NULL;
		if (!g) {
			if (err.code == ARB_E_NOMEM) {
				cli_message(job->err, CMD, "out of memory");
				return -1;
			}
			cli_report_game_error(job->err, CMD, &id, w->run->spec[i], &err);
			res->failed = 1;
			continue;
		}
		arb_game_result_get(g, &w->result[i]);
		arb_game_free(g);
		if (first < 0)
			first = i;
		else if (strcmp(w->result[i].result, w->result[first].result) != 0)
			res->differ = 1;
	}
	if (!res->differ && !res->failed)
		return 0;
	if (w->run->args->json) {
		cmp_print_json(w, &id, job->out);
		return 0;
	}
	cli_print_id(job->out, &id);
	fputc('\n', job->out);
	for (i = 0; i < n; i++)
		cmp_print_row(w, i, job->out);
	return 0;
}

/* The game with what the hooks print among its messages, in input order
 * (the sink is this worker's alone; see cmp_worker_new). */
static int cmp_game(void *worker, cli_job *job, arb_record *rec)
{
	struct cmp_worker *w = worker;
	FILE *was = w->sink->out;
	int rc;

	if (!w->run->args->verbose || !w->hooks)
		return cmp_game_body(w, job, rec);
	w->sink->out = job->err;
	rc = cmp_game_body(w, job, rec);
	w->sink->out = was;
	return rc;
}

/* On the main thread, in input order. */
static int cmp_merge(void *ctx, const cli_job *job)
{
	struct cmp_run *run = ctx;
	const struct cmp_result *res = job->result;

	run->differ += res->differ;
	run->tally.failed += res->failed;
	return 0;
}

static void cmp_summary(const struct cmp_run *run)
{
	/* Games the reader rejected were never compared. */
	long games = run->tally.games;

	if (run->args->json) {
		printf("{\"games\": %ld, \"differ\": %ld, \"failed\": %ld}\n", games, run->differ,
		       run->tally.failed);
		return;
	}
	printf("%ld %s, %ld %s", games, cli_plural(games, "game", "games"), run->differ,
	       cli_plural(run->differ, "differs", "differ"));
	if (run->tally.failed)
		printf(", %ld could not be adjudicated", run->tally.failed);
	putchar('\n');
}

int cli_compare(int argc, char **argv)
{
	struct cmp_args a;
	struct cmp_run run;
	int rc;

	memset(&a, 0, sizeof a);
	memset(&run, 0, sizeof run);
	run.prints.out = stderr;
	a.jobs = cli_jobs_default();
	a.file = calloc((size_t)argc + 1, sizeof *a.file);
	if (!a.file) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	run.args = &a;
	rc = cmp_parse(argc, argv, &a);
	if (rc == CLI_OK)
		rc = split_profiles(&run, a.profiles);
	if (rc == CLI_OK)
		rc = cmp_load(&run);
	if (rc == CLI_OK) {
		cli_jobs_spec spec;

		memset(&spec, 0, sizeof spec);
		spec.cmd = CMD;
		spec.jobs = a.jobs;
		spec.flags = a.strict ? ARB_PGN_STRICT_COMMANDS : 0;
		spec.bad_prefix = 1;
		spec.result_size = sizeof(struct cmp_result);
		spec.ctx = &run;
		spec.worker_new = cmp_worker_new;
		spec.worker_free = cmp_worker_free;
		spec.game = cmp_game;
		spec.merge = cmp_merge;
		if (cli_read_records(&spec, a.file, a.nfiles, &run.tally) != 0) {
			rc = CLI_FAIL;
		} else {
			if (!a.no_summary)
				cmp_summary(&run);
			rc = cli_tally_status(&run.tally);
		}
	}
	cmp_free(&run);
	free(a.file);
	return rc == CLI_DONE ? CLI_OK : rc;
}

#else /* !ARBITER_HAVE_LUA */

int cli_compare(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("compare", "this arbiter was built without Lua, so without rule profiles "
			     "(cmake -DARBITER_LUA=ON)");
	return CLI_FAIL;
}

#endif
