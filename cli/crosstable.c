/*
 * crosstable.c -- `arbiter tournament crosstable FILE.trf [--regulations ED]
 * [--tiebreaks CODE,...] [--json] [--html FILE]`.
 *
 * The players in standings order (as `tournament standings` ranks them),
 * one column per round played: the opponent's row number in this table
 * (No, unique, where tied players share a rank), the colour and the result
 * ("12w1", "7b½"), or a bye's code (U H F Z); then points and tie-breaks.
 * --json prints one object:
 *   {"regulation": ED, "rounds": R, "tiebreaks": [CODE, ...],
 *    "players": [{"no", "id", "rank", "title", "name", "rating", "federation",
 *                 "points", "tiebreaks": {CODE: value|null},
 *                 "rounds": [{"opponent": ID|null, "no": N|null,
 *                             "color": "w"|"b"|null, "result": TRF code}]}]}
 * --html FILE writes the same table as a self-contained page (report.c).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "regulation.h"
#include "tournament.h"
#include "report.h"
#include "standings.h"

#define CMD "tournament crosstable"

void cli_crosstable_usage(FILE *out)
{
	fputs("usage: arbiter tournament crosstable FILE.trf [--regulations ED]\n"
	      "                                    [--regulation-path DIRS]\n"
	      "                                    [--tiebreaks CODE,...] [--json] [--html FILE]\n"
	      "\n"
	      "The players in standings order with one column per round played: the\n"
	      "opponent's No (his row in this table), colour and result (12w1, 7b½, 3w+),\n"
	      "or the bye (U pairing-allocated, H F Z); then points and tie-breaks.\n"
	      "\n"
	      "  --regulations ED  a regulation script: fide2022, fide2024, fide2026\n"
	      "                    (default), fide2009, uscf, or a path to a .lua file;\n"
	      "                    default: the event's (tournament new|set\n"
	      "                    --regulations), else fide2026\n"
	      "  --regulation-path DIRS  ':'-separated directories searched first\n"
	      "  --tiebreaks LIST  the order, as TRF-2026 record 202 writes it (BH/C1,BH,DE);\n"
	      "                    default: the file's 202, else the regulation's\n"
	      "  --json            one JSON object: {\"regulation\", \"rounds\", \"tiebreaks\",\n"
	      "                    \"players\": [{\"no\", \"id\", \"rank\", \"points\", \"tiebreaks\",\n"
	      "                    \"rounds\": [{\"opponent\", \"no\", \"color\", \"result\"}]}]}\n"
	      "  --html FILE       also write the crosstable as an HTML page (self-contained,\n"
	      "                    printable; tie-break columns named by code and edition)\n",
	      out);
}

static void print_json(const arb_tournament *t, const arb_standings *s, const arb_regulation *reg,
		       const int *rows)
{
	char num[48];
	int rounds = arb_tournament_rounds_played(t), ntb = arb_standings_ntiebreaks(s);
	fputs("{\"regulation\": ", stdout);
	cli_json_trf_text(stdout, reg->name);
	printf(", \"rounds\": %d, \"tiebreaks\": [", rounds);
	for (int k = 0; k < ntb; k++) {
		fputs(k ? ", " : "", stdout);
		cli_json_trf_text(stdout, arb_standings_tiebreak(s, k)->code);
	}
	fputs("], \"players\": [", stdout);
	for (int row = 0; row < arb_standings_count(s); row++) {
		int rank;
		double pts, v;
		int id = arb_standings_row(s, row, &rank, &pts);
		int i = arb_tournament_player_index(t, id);
		arb_tournament_player p;
		arb_tournament_get_player(t, i, &p);
		printf("%s{\"no\": %d, \"id\": %d, \"rank\": %d, \"title\": ", row ? ", " : "",
		       row + 1, id, rank);
		cli_json_trf_text(stdout, p.title);
		fputs(", \"name\": ", stdout);
		cli_json_trf_text(stdout, p.name);
		printf(", \"rating\": %d, \"federation\": ", p.rating);
		cli_json_trf_text(stdout, p.federation);
		cli_decimal(num, sizeof num, pts);
		printf(", \"points\": %s, \"tiebreaks\": {", num);
		for (int k = 0; k < ntb; k++) {
			if (arb_standings_value(s, row, k, &v) == 1)
				cli_decimal(num, sizeof num, v);
			else
				strcpy(num, "null");
			printf("%s\"%s\": %s", k ? ", " : "", arb_standings_tiebreak(s, k)->code,
			       num);
		}
		fputs("}, \"rounds\": [", stdout);
		for (int r = 1; r <= rounds; r++) {
			arb_tournament_cell c;
			arb_tournament_get_cell(t, i, r, &c);
			int o = c.opponent ? arb_tournament_player_index(t, c.opponent) : -1;
			fputs(r > 1 ? ", " : "", stdout);
			if (o >= 0)
				printf("{\"opponent\": %d, \"no\": %d, ", c.opponent, rows[o] + 1);
			else
				fputs("{\"opponent\": null, \"no\": null, ", stdout);
			if (c.color == 'w' || c.color == 'b')
				printf("\"color\": \"%c\", ", c.color);
			else
				fputs("\"color\": null, ", stdout);
			printf("\"result\": \"%c\"}", c.result == ' ' ? 'Z' : c.result);
		}
		fputs("]}", stdout);
	}
	fputs("]}\n", stdout);
}

static void print_table(const arb_tournament *t, const arb_standings *s, const arb_regulation *reg,
			const int *rows)
{
	char num[48], cell[64];
	int rounds = arb_tournament_rounds_played(t), ntb = arb_standings_ntiebreaks(s);
	printf("%4s %4s %5s %-3s %-26s %4s", "No", "Rank", "Id", "Tit", "Name", "Rtg");
	for (int r = 1; r <= rounds; r++)
		printf(" %6d", r);
	printf(" %5s", "Pts");
	for (int k = 0; k < ntb; k++)
		printf(" %7s", arb_standings_tiebreak(s, k)->code);
	printf("   (%s)\n", reg->name);
	for (int row = 0; row < arb_standings_count(s); row++) {
		int rank;
		double pts, v;
		int id = arb_standings_row(s, row, &rank, &pts);
		int i = arb_tournament_player_index(t, id);
		arb_tournament_player p;
		arb_tournament_get_player(t, i, &p);
		char rating[16] = "";
		if (p.rating)
			snprintf(rating, sizeof rating, "%d", p.rating);
		printf("%4d %4d %5d %-3s %-26.26s %4s", row + 1, rank, id, p.title, p.name, rating);
		for (int r = 1; r <= rounds; r++) {
			arb_tournament_cell c;
			arb_tournament_get_cell(t, i, r, &c);
			cli_cell_text(cell, sizeof cell, &c, rows, t);
			/* "½" is two bytes, one column */
			printf(" %*s", strstr(cell, "\xc2\xbd") ? 7 : 6, cell);
		}
		cli_decimal(num, sizeof num, pts);
		printf(" %5s", num);
		for (int k = 0; k < ntb; k++) {
			if (arb_standings_value(s, row, k, &v) == 1)
				cli_decimal(num, sizeof num, v);
			else
				strcpy(num, "-");
			printf(" %7s", num);
		}
		putchar('\n');
	}
}

int cli_crosstable(int argc, char **argv)
{
	const char *file = NULL, *regname = NULL, *list = NULL, *html = NULL;
	const char *regpath = NULL;
	int json = 0;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (cli_is_help(a)) {
			cli_crosstable_usage(stdout);
			return CLI_OK;
		} else if (!strcmp(a, "--json"))
			json = 1;
		else if (!strcmp(a, "--regulations") || !strcmp(a, "--tiebreaks") ||
			 !strcmp(a, "--html") || !strcmp(a, "--regulation-path")) {
			if (i + 1 >= argc) {
				cli_error(CMD, "%s needs a value", a);
				return CLI_USAGE;
			}
			const char **dst = !strcmp(a, "--regulations")     ? &regname :
					   !strcmp(a, "--regulation-path") ? &regpath :
					   !strcmp(a, "--tiebreaks")       ? &list :
									     &html;
			*dst = argv[++i];
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
		cli_crosstable_usage(stderr);
		return CLI_USAGE;
	}
	arb_regulation reg;
	arb_tournament *t = NULL;
	arb_standings *s = NULL;
	int got = cli_standings_of(CMD, file, regname, regpath, list, &reg, &t, &s);
	if (got != CLI_OK)
		return got;
	int *rows = cli_standings_rows(t, s);
	int rc = rows ? CLI_OK : CLI_FAIL;
	if (!rows)
		cli_error(CMD, "out of memory");
	else if (html)
		rc = cli_report_html(CMD, html, t, s, &reg, 1);
	if (rows && json)
		print_json(t, s, &reg, rows);
	else if (rows)
		print_table(t, s, &reg, rows);
	free(rows);
	arb_standings_free(s);
	arb_tournament_free(t);
	return rc;
}
