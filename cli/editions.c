/*
 * editions.c -- `arbiter tournament compare FILE.trf --regulations ED1,ED2
 * [--tiebreaks CODE,...] [--json]`: one event's standings under two
 * regulation editions side by side.
 *
 * Each edition ranks with the same list (--tiebreaks, else the file's record
 * 202, else each regulation's own default). The rows follow ED1's standings;
 * a player whose rank differs between the two is marked, with how far he
 * moved, and the count is printed last. --json prints one object:
 *   {"regulations": [ED1, ED2], "changed": K,
 *    "players": [{"id", "points", "ranks": [R1, R2], "changed": bool,
 *                 "tiebreaks": [{CODE: value|null, ...}, {...}]}]}
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "regulation.h"
#include "tournament.h"
#include "report.h"
#include "standings.h"

#define CMD "tournament compare"
#define MAX_CODES 32

void cli_editions_usage(FILE *out)
{
	fputs("usage: arbiter tournament compare FILE.trf --regulations ED1,ED2\n"
	      "                                 [--regulation-path DIRS]\n"
	      "                                 [--tiebreaks CODE,...] [--json]\n"
	      "\n"
	      "The standings of FILE.trf under two regulation editions side by side, in\n"
	      "ED1's order; the players whose place changed are marked (* and how far they\n"
	      "moved) and counted.\n"
	      "\n"
	      "  --regulations ED1,ED2  two regulations (fide2022, fide2024, fide2026,\n"
	      "                    fide2009, uscf, or paths to .lua files); one, ED:\n"
	      "                    the event's (tournament new|set --regulations),ED\n"
	      "  --regulation-path DIRS  ':'-separated directories searched first\n"
	      "  --tiebreaks LIST  the order for both, as TRF-2026 record 202 writes it;\n"
	      "                    default: the file's 202, else each regulation's own\n"
	      "  --json            one JSON object: {\"regulations\", \"changed\", \"players\":\n"
	      "                    [{\"id\", \"points\", \"ranks\", \"changed\", \"tiebreaks\"}]}\n",
	      out);
}

/* The rank of each player index under s. */
static int *ranks_of(const arb_tournament *t, const arb_standings *s)
{
	int n = arb_tournament_player_count(t);
	int *rank = calloc((size_t)n + 1, sizeof *rank);
	for (int row = 0; rank && row < arb_standings_count(s); row++) {
		int r, i = arb_tournament_player_index(t, arb_standings_row(s, row, &r, NULL));
		if (i >= 0)
			rank[i] = r;
	}
	return rank;
}

/* Row of player id in s (the standings are small: a scan). */
static int row_of(const arb_standings *s, int id)
{
	for (int row = 0; row < arb_standings_count(s); row++)
		if (arb_standings_row(s, row, NULL, NULL) == id)
			return row;
	return -1;
}

static void json_values(const arb_standings *s, int row)
{
	char num[48];
	double v;
	putchar('{');
	for (int k = 0; k < arb_standings_ntiebreaks(s); k++) {
		if (arb_standings_value(s, row, k, &v) == 1)
			cli_decimal(num, sizeof num, v);
		else
			strcpy(num, "null");
		printf("%s\"%s\": %s", k ? ", " : "", arb_standings_tiebreak(s, k)->code, num);
	}
	putchar('}');
}

static void print_json(const arb_tournament *t, arb_standings *const s[2], char *const label[2],
		       const int *rank2, int changed)
{
	char num[48];
	fputs("{\"regulations\": [", stdout);
	cli_json_trf_text(stdout, label[0]);
	fputs(", ", stdout);
	cli_json_trf_text(stdout, label[1]);
	printf("], \"changed\": %d, \"players\": [", changed);
	for (int row = 0; row < arb_standings_count(s[0]); row++) {
		int r1;
		double pts;
		int id = arb_standings_row(s[0], row, &r1, &pts);
		int r2 = rank2[arb_tournament_player_index(t, id)];
		cli_decimal(num, sizeof num, pts);
		printf("%s{\"id\": %d, \"points\": %s, \"ranks\": [%d, %d], \"changed\": %s, "
		       "\"tiebreaks\": [",
		       row ? ", " : "", id, num, r1, r2, r1 != r2 ? "true" : "false");
		json_values(s[0], row);
		fputs(", ", stdout);
		json_values(s[1], row_of(s[1], id));
		fputs("]}", stdout);
	}
	fputs("]}\n", stdout);
}

static void print_table(const arb_tournament *t, arb_standings *const s[2], char *const label[2],
			const int *rank2, int changed)
{
	char num[48];
	printf("%5s %-26s %5s %9s %9s\n", "Id", "Name", "Pts", label[0], label[1]);
	for (int row = 0; row < arb_standings_count(s[0]); row++) {
		int r1;
		double pts;
		int id = arb_standings_row(s[0], row, &r1, &pts);
		int i = arb_tournament_player_index(t, id);
		arb_tournament_player p;
		arb_tournament_get_player(t, i, &p);
		cli_decimal(num, sizeof num, pts);
		printf("%5d %-26.26s %5s %9d %9d", id, p.name, num, r1, rank2[i]);
		if (rank2[i] != r1)
			printf("  * %s %d", rank2[i] < r1 ? "up" : "down", abs(rank2[i] - r1));
		putchar('\n');
	}
	printf("%d %s changed place between %s and %s\n", changed,
	       cli_plural(changed, "player", "players"), label[0], label[1]);
}

/* The commas of text outside braces (a regulation's options,
 * "fide2026{seed=7,lots=true}"): the first in *first; how many. */
static int top_commas(const char *text, const char **first)
{
	int depth = 0, n = 0;
	*first = NULL;
	for (const char *p = text; *p; p++)
		if (*p == '{')
			depth++;
		else if (*p == '}' && depth)
			depth--;
		else if (*p == ',' && !depth && n++ == 0)
			*first = p;
	return n;
}

/* "ED1,ED2" into two regulations and their names as given (label[],
 * malloc'ed: a script's path may be long); -1 after a message. */
static int two_regulations(const char *text, const char *path, arb_regulation reg[2],
			   char *label[2])
{
	const char *comma;
	arb_error err;
	if (top_commas(text, &comma) != 1 || comma == text || !comma[1]) {
		cli_error(CMD, "--regulations: expected two editions ED1,ED2, got '%s'", text);
		return -1;
	}
	label[0] = strndup(text, (size_t)(comma - text));
	label[1] = strdup(comma + 1);
	if (!label[0] || !label[1]) {
		cli_error(CMD, "out of memory");
		return -1;
	}
	for (int e = 0; e < 2; e++)
		if (arb_regulation_load(label[e], path, &reg[e], &err) != ARB_OK) {
			cli_error(CMD, "--regulations: %s", err.message);
			return -1;
		}
	return 0;
}

int cli_editions(int argc, char **argv)
{
	const char *file = NULL, *regs = NULL, *list = NULL, *regpath = NULL;
	int json = 0;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (cli_is_help(a)) {
			cli_editions_usage(stdout);
			return CLI_OK;
		} else if (!strcmp(a, "--json"))
			json = 1;
		else if (!strcmp(a, "--regulations") || !strcmp(a, "--tiebreaks") ||
			 !strcmp(a, "--regulation-path")) {
			if (i + 1 >= argc) {
				cli_error(CMD, "%s needs a value", a);
				return CLI_USAGE;
			}
			*(!strcmp(a, "--regulations")     ? &regs :
			  !strcmp(a, "--regulation-path") ? &regpath :
							    &list) = argv[++i];
		} else if (a[0] == '-' && a[1]) {
			cli_error(CMD, "unknown option '%s'", a);
			return CLI_USAGE;
		} else if (file) {
			cli_error(CMD, "one file only ('%s' and '%s')", file, a);
			return CLI_USAGE;
		} else
			file = a;
	}
	if (!file || !regs) {
		if (file)
			cli_error(CMD, "--regulations ED1,ED2 is required");
		else
			cli_editions_usage(stderr);
		return CLI_USAGE;
	}
	/* one edition: compared with the event's (new/set --regulations) */
	char stored[256], both[600];
	const char *comma;
	if (top_commas(regs, &comma) == 0 &&
	    cli_tournament_stored(file, "regulations", stored, sizeof stored) &&
	    (size_t)snprintf(both, sizeof both, "%s,%s", stored, regs) < sizeof both)
		regs = both;
	arb_regulation reg[2];
	char *label[2] = {NULL, NULL};
	if (two_regulations(regs, regpath, reg, label) < 0) {
		free(label[0]);
		free(label[1]);
		return CLI_USAGE;
	}
	arb_error err;
	arb_tiebreak tbs[MAX_CODES];
	int ntbs = 0;
	if (list && (ntbs = arb_tiebreak_parse_list(tbs, MAX_CODES, list, &err)) < 0) {
		cli_error(CMD, "--tiebreaks, column %d: %s", err.column, err.message);
		free(label[0]);
		free(label[1]);
		return CLI_USAGE;
	}
	arb_tournament *t = cli_report_load(CMD, file);
	if (!t) {
		free(label[0]);
		free(label[1]);
		return CLI_FAIL;
	}
	arb_standings *s[2] = {NULL, NULL};
	int rc = CLI_OK;
	for (int e = 0; e < 2 && rc == CLI_OK; e++)
		if (arb_standings_compute(t, &reg[e], list ? tbs : NULL, ntbs, &s[e], &err) !=
		    ARB_OK) {
			cli_error(CMD, "%s: record 202: %s", file, err.message);
			rc = CLI_FAIL;
		}
	int *rank2 = rc == CLI_OK ? ranks_of(t, s[1]) : NULL;
	if (rc == CLI_OK && !rank2) {
		cli_error(CMD, "out of memory");
		rc = CLI_FAIL;
	}
	if (rc == CLI_OK) {
		int changed = 0;
		for (int row = 0; row < arb_standings_count(s[0]); row++) {
			int r1, id = arb_standings_row(s[0], row, &r1, NULL);
			changed += rank2[arb_tournament_player_index(t, id)] != r1;
		}
		if (json)
			print_json(t, s, label, rank2, changed);
		else
			print_table(t, s, label, rank2, changed);
	}
	free(label[0]);
	free(label[1]);
	free(rank2);
	arb_standings_free(s[0]);
	arb_standings_free(s[1]);
	arb_tournament_free(t);
	return rc;
}
