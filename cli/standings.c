/*
 * standings.c -- `arbiter tournament standings FILE.trf [--regulations ED]
 * [--tiebreaks CODE,...] [--json] [--html FILE]`.
 *
 * Reads a TRF file, ranks its players by points and the tie-break list
 * (--tiebreaks, else the file's record 202, else the regulation's default)
 * under the regulation ED (default the event's stored one, else fide2026), and prints a table, or with
 * --json exactly one object:
 *   {"players": [{"id": N, "rank": R, "points": P,
 *                 "tiebreaks": {"BH/C1": 41.5, ...}}, ...]}
 * in standings order, values as decimals, an undefined value as null.
 * --html FILE also writes the table as a self-contained page (report.c).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "regulation.h"
#include "tournament.h"
#include "report.h"
#include "standings.h"

#define CMD "tournament standings"
#define MAX_CODES 32

void cli_standings_usage(FILE *out)
{
	fputs("usage: arbiter tournament standings FILE.trf [--regulations ED]\n"
	      "                                   [--regulation-path DIRS]\n"
	      "                                   [--tiebreaks CODE,...] [--json] [--html FILE]\n"
	      "\n"
	      "Ranks the players of FILE.trf by points, then by each tie-break in turn.\n"
	      "\n"
	      "  --regulations ED  a regulation script: fide2022, fide2024, fide2026\n"
	      "                    (default), fide2009, uscf, with options in braces\n"
	      "                    (fide2026{seed=7}), or a path to a .lua file\n"
	      "                    (regulations/README.md); default: the event's\n"
	      "                    (tournament new|set --regulations), else fide2026\n"
	      "  --regulation-path DIRS  ':'-separated directories searched first\n"
	      "  --tiebreaks LIST  the order, as TRF-2026 record 202 writes it (BH/C1,BH,DE);\n"
	      "                    default: the file's 202, else the regulation's\n"
	      "  --json            one JSON object: {\"players\": [{\"id\", \"rank\",\n"
	      "                    \"points\", \"tiebreaks\": {CODE: value|null}}]}\n"
	      "  --html FILE       also write the table as an HTML page (self-contained,\n"
	      "                    printable; tie-break columns named by code and edition)\n",
	      out);
}

static void print_json(const arb_standings *s)
{
	char num[48];
	int n = arb_standings_count(s), ntb = arb_standings_ntiebreaks(s);
	fputs("{\"players\": [", stdout);
	for (int i = 0; i < n; i++) {
		int rank;
		double points, v;
		int id = arb_standings_row(s, i, &rank, &points);
		cli_decimal(num, sizeof num, points);
		printf("%s{\"id\": %d, \"rank\": %d, \"points\": %s, \"tiebreaks\": {",
		       i ? ", " : "", id, rank, num);
		for (int k = 0; k < ntb; k++) {
			int def = arb_standings_value(s, i, k, &v);
			if (def == 1)
				cli_decimal(num, sizeof num, v);
			else
				strcpy(num, "null");
			/* codes are letters, digits, '/', '+', '-', '.': no escaping */
			printf("%s\"%s\": %s", k ? ", " : "", arb_standings_tiebreak(s, k)->code,
			       num);
		}
		fputs("}}", stdout);
	}
	fputs("]}\n", stdout);
}

static void print_table(const arb_standings *s, const char *reg)
{
	char num[48];
	int n = arb_standings_count(s), ntb = arb_standings_ntiebreaks(s);
	printf("%4s %5s %6s", "Rank", "Id", "Pts");
	for (int k = 0; k < ntb; k++)
		printf(" %8s", arb_standings_tiebreak(s, k)->code);
	printf("   (%s)\n", reg);
	for (int i = 0; i < n; i++) {
		int rank;
		double points, v;
		int id = arb_standings_row(s, i, &rank, &points);
		cli_decimal(num, sizeof num, points);
		printf("%4d %5d %6s", rank, id, num);
		for (int k = 0; k < ntb; k++) {
			if (arb_standings_value(s, i, k, &v) == 1)
				cli_decimal(num, sizeof num, v);
			else
				strcpy(num, "-");
			printf(" %8s", num);
		}
		putchar('\n');
	}
}

int cli_standings(int argc, char **argv)
{
	const char *file = NULL, *regname = NULL, *list = NULL, *regpath = NULL;
	const char *html = NULL;
	int json = 0;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			cli_standings_usage(stdout);
			return CLI_OK;
		} else if (!strcmp(a, "--json"))
			json = 1;
		else if (!strcmp(a, "--html")) {
			if (i + 1 >= argc) {
				cli_error(CMD, "%s needs a value", a);
				return CLI_USAGE;
			}
			html = argv[++i];
		} else if (!strcmp(a, "--regulations") || !strcmp(a, "--tiebreaks") ||
			   !strcmp(a, "--regulation-path")) {
			if (i + 1 >= argc) {
				cli_error(CMD, "%s needs a value", a);
				return CLI_USAGE;
			}
			if (!strcmp(a, "--regulations"))
				regname = argv[++i];
			else if (!strcmp(a, "--regulation-path"))
				regpath = argv[++i];
			else
				list = argv[++i];
		} else if (a[0] == '-' && a[1]) {
			cli_error(CMD, "unknown option '%s'", a);
			return CLI_USAGE;
		} else if (file) {
			cli_error(CMD, "one file only ('%s' and '%s')", file, a);
			return CLI_USAGE;
		} else
			file = a;
	}
	if (!file) {
		cli_standings_usage(stderr);
		return CLI_USAGE;
	}
	arb_regulation reg;
	arb_tournament *t = NULL;
	arb_standings *s = NULL;
	int got = cli_standings_of(CMD, file, regname, regpath, list, &reg, &t, &s);
	if (got != CLI_OK)
		return got;
	int rc = html ? cli_report_html(CMD, html, t, s, &reg, 0) : CLI_OK;
	arb_tournament_free(t);
	if (json)
		print_json(s);
	else
		print_table(s, reg.name);
	arb_standings_free(s);
	return rc;
}

int cli_standings_of(const char *cmd, const char *file, const char *regname, const char *regpath,
		     const char *list, arb_regulation *reg, arb_tournament **t, arb_standings **s)
{
	char stored[256];
	if (!regname) /* the event's (new/set --regulations), else fide2026 */
		regname = cli_tournament_stored(file, "regulations", stored, sizeof stored);
	if (!regname)
		regname = "fide2026";
	arb_error err;
	/* a name from regulations/ (lua/datapath.h's path) or a script's path */
	arb_status rst = arb_regulation_load(regname, regpath, reg, &err);
	if (rst != ARB_OK) {
		cli_error(cmd, "--regulations: %s", err.message);
		return rst == ARB_E_NOMEM ? CLI_FAIL : CLI_USAGE;
	}
	arb_tiebreak tbs[MAX_CODES];
	int ntbs = 0;
	if (list && (ntbs = arb_tiebreak_parse_list(tbs, MAX_CODES, list, &err)) < 0) {
		cli_error(cmd, "--tiebreaks, column %d: %s", err.column, err.message);
		return CLI_USAGE;
	}
	*t = cli_report_load(cmd, file);
	if (!*t)
		return CLI_FAIL;
	*s = NULL;
	if (arb_standings_compute(*t, reg, list ? tbs : NULL, ntbs, s, &err) != ARB_OK) {
		cli_error(cmd, "%s: record 202: %s", file, err.message);
		arb_tournament_free(*t);
		*t = NULL;
		return CLI_FAIL;
	}
	return CLI_OK;
}
