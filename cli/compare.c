/*
 * compare.c -- `arbiter compare --profiles P1,P2,... FILE...`: every game
 * adjudicated under each profile, and only the games whose scored results
 * differ listed, one row per profile (result, reason, article, detail),
 * then "N games, M differ". It streams: one game in memory at a time, and
 * the profiles loaded once. A profile list is split at the commas outside
 * braces, so options with commas stay whole.
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicate.h"

void cli_compare_usage(FILE *out)
{
	fputs("usage: arbiter compare --profiles P1,P2,... [--profile-path DIR] [--json]\n"
	      "                       [FILE.pgn...]\n"
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
	      "\n"
	      "Exit status: 0 ok (differences are not failures); 1 a game that could not be\n"
	      "read or adjudicated, or an unknown profile; 2 bad command line or unreadable\n"
	      "file.\n",
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
	char **file;
	int nfiles;
};

struct cmp_run {
	const struct cmp_args *args;
	char **spec; /* the profile names as given */
	arb_profile **profile;
	int n;                   /* profiles */
	arb_game_result *result; /* n entries, the current game */
	int *ok;                 /* n entries: adjudicated under that profile */
	int name_width;
	long differ;
	cli_tally tally;
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
 * Splits the profile list at the commas outside braces ("uscf-standard{tc=
 * G/90,delay=5}" is one profile) into run->spec. Returns CLI_OK, CLI_USAGE
 * after a message (an empty name, unbalanced braces, fewer than two), or
 * CLI_FAIL when out of memory.
 */
static int split_profiles(struct cmp_run *run, const char *list)
{
	size_t len = strlen(list), i, begin = 0;
	int depth = 0, n = 1;

	for (i = 0; i < len; i++)
		n += list[i] == ',';
	run->spec = calloc((size_t)n, sizeof *run->spec);
	if (!run->spec) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	for (i = 0; i <= len; i++) {
		char c = list[i];

		if (c == '{')
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
	run->result = calloc((size_t)run->n, sizeof *run->result);
	run->ok = calloc((size_t)run->n, sizeof *run->ok);
	if (!run->profile || !run->result || !run->ok) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	for (i = 0; i < run->n; i++) {
		run->profile[i] = cli_profile_open(CMD, run->spec[i], run->args->path);
		if (!run->profile[i])
			return CLI_FAIL;
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
	free(run->result);
	free(run->ok);
}

/* One profile's row of a differing game. */
static void cmp_print_row(const struct cmp_run *run, int i)
{
	const arb_game_result *r = &run->result[i];

	printf("  %-*s  ", run->name_width, run->spec[i]);
	if (!run->ok[i]) {
		puts("(could not be adjudicated: see the error)");
		return;
	}
	printf("%-7s  %-25s  %s", r->result, *r->reason ? r->reason : "in play",
	       *r->article ? r->article : "-");
	if (strcmp(r->result, r->board) != 0 && r->board[0])
		printf("  board=%s", r->board);
	if (r->detail[0])
		printf(r->detail[0] == '(' ? "  %s" : "  (%s)", r->detail);
	putchar('\n');
}

static void cmp_print_json(const struct cmp_run *run, const cli_game_id *id)
{
	int i;

	printf("{\"game\": %ld", id->number);
	cli_json_field(stdout, 0, "file", id->file);
	cli_json_field(stdout, 0, "white", id->white);
	cli_json_field(stdout, 0, "black", id->black);
	fputs(", \"profiles\": [", stdout);
	for (i = 0; i < run->n; i++) {
		printf("%s{", i ? ", " : "");
		cli_json_field(stdout, 1, "profile", run->spec[i]);
		if (run->ok[i])
			cli_json_result(stdout, &run->result[i]);
		else
			fputs(", \"error\": true", stdout);
		putchar('}');
	}
	puts("]}");
}

static int cmp_game(void *ctx, arb_record *rec, const cli_game_id *id)
{
	struct cmp_run *run = ctx;
	int i, first = -1, differ = 0, failed = 0;

	for (i = 0; i < run->n; i++) {
		arb_error err;
		arb_game *g;

		memset(&err, 0, sizeof err);
		g = arb_game_from_record(rec, arb_profile_rules(run->profile[i]), &err);
		run->ok[i] = g != NULL;
		if (!g) {
			if (err.code == ARB_E_NOMEM) {
				cli_error(CMD, "out of memory");
				return -1;
			}
			cli_report_game_error(CMD, id, run->spec[i], &err);
			failed = 1;
			continue;
		}
		arb_game_result_get(g, &run->result[i]);
		arb_game_free(g);
		if (first < 0)
			first = i;
		else if (strcmp(run->result[i].result, run->result[first].result) != 0)
			differ = 1;
	}
	if (failed)
		run->tally.failed++;
	if (differ)
		run->differ++;
	if (!differ && !failed)
		return 0;
	if (run->args->json) {
		cmp_print_json(run, id);
		return 0;
	}
	cli_print_id(stdout, id);
	putchar('\n');
	for (i = 0; i < run->n; i++)
		cmp_print_row(run, i);
	return 0;
}

int cli_compare(int argc, char **argv)
{
	struct cmp_args a;
	struct cmp_run run;
	int rc;

	memset(&a, 0, sizeof a);
	memset(&run, 0, sizeof run);
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
		if (cli_read_records(CMD, a.file, a.nfiles, cmp_game, &run, &run.tally) != 0) {
			rc = CLI_FAIL;
		} else {
			/* Games the reader rejected were never compared. */
			long games = run.tally.games;

			if (a.json) {
				printf("{\"games\": %ld, \"differ\": %ld, \"failed\": %ld}\n",
				       games, run.differ, run.tally.failed);
			} else {
				printf("%ld games, %ld differ", games, run.differ);
				if (run.tally.failed)
					printf(", %ld could not be adjudicated", run.tally.failed);
				putchar('\n');
			}
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
