/*
 * report.h -- what `arbiter tournament standings|crosstable|compare` share
 * (cli/report.c): reading a TRF file for a report, decimals, JSON strings,
 * and the self-contained HTML page of the standings or the crosstable.
 *
 * Text from a TRF file (names, the event) is UTF-8 when it is valid UTF-8;
 * any other byte is read as Latin-1 (what older TRF writers use), so the JSON
 * and HTML written are always valid UTF-8.
 */
#ifndef ARBITER_CLI_REPORT_H
#define ARBITER_CLI_REPORT_H

#include <stdio.h>

#include "arbiter.h"

/* Reads path ("-": standard input) with the library's TRF reader; every
 * problem goes to stderr as "arbiter: CMD: FILE:LINE:COLUMN: why". NULL
 * (after the messages) when the file cannot be read or has a broken line:
 * a report of a damaged file would be wrong without saying so. */
arb_tournament *cli_report_load(const char *cmd, const char *path);

/* A decimal without trailing zeros: 41.5, 2, 26.57 (values are multiples
 * of 0.01); never "-0". */
void cli_decimal(char *buf, size_t n, double v);

/* `s` (TRF text: UTF-8, else Latin-1) as a JSON string literal, quotes
 * included (cli_json_string of cli/verdict.c takes UTF-8 as it is). */
void cli_json_trf_text(FILE *out, const char *s);

/* The edition a tie-break column is computed under: its /V modifier's
 * ("fide2024"), else the regulation's name. */
void cli_tiebreak_edition(char *buf, size_t n, const arb_tiebreak *tb, const arb_regulation *reg);

/* The place (0-based row) of each player index in the standings order:
 * rows[player index] for arb_tournament_player_count(t) entries. */
int *cli_standings_rows(const arb_tournament *t, const arb_standings *s);

/*
 * Writes the HTML page of the standings (crosstable 0) or the crosstable
 * (1: a column per round played) of t to `path` through a temporary file
 * renamed over it. Self-contained (inline CSS, no script, no network),
 * printable (@media print). Table #standings, one <tr> per player in
 * standings order; the cells' classes name them (no, rank, id, title, name,
 * rating, fed, points, round, tb); tie-break headers carry their code and
 * edition. CLI_OK, or CLI_FAIL after a message.
 */
int cli_report_html(const char *cmd, const char *path, const arb_tournament *t,
		    const arb_standings *s, const arb_regulation *reg, int crosstable);

/* A crosstable cell's text: opponent's row number (1-based, standings
 * order), colour and result ("12w1", "7b½", "3w+"), or the bye's code
 * ("U", "H", "F", "Z"); "" for a round not played. */
void cli_cell_text(char *buf, size_t n, const arb_tournament_cell *c, const int *rows,
		   const arb_tournament *t);

#endif
