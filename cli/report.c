/*
 * report.c -- the pieces `arbiter tournament standings|crosstable|compare`
 * share: the TRF file read for a report, decimals, JSON strings, crosstable
 * cells and the HTML page (report.h).
 *
 * The HTML page is one file a director can mail or print: inline CSS, no
 * script, no font or image from anywhere; @media print drops the colours,
 * keeps the header row on every page and does not split a row. Every text
 * from the file is escaped; bytes that are not UTF-8 are read as Latin-1.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "report.h"
#include "tournament.h"

/* ---- reading -------------------------------------------------------------- */

arb_tournament *cli_report_load(const char *cmd, const char *path)
{
	const char *name = strcmp(path, "-") == 0 ? "(stdin)" : path;
	size_t len = 0;
	char *text = cli_tournament_slurp(cmd, path, &len);
	if (!text)
		return NULL;
	arb_tournament *t = NULL;
	arb_error err;
	arb_status st = arb_trf_read(text, len, name, 0, &t, &err);
	free(text);
	if (!t) {
		cli_error(cmd, "%s", err.message[0] ? err.message : arb_status_name(st));
		return NULL;
	}
	for (int k = 0; k < arb_tournament_problems(t); k++) {
		arb_error e;
		arb_tournament_problem(t, k, &e);
		cli_error(cmd, "%s", e.message);
	}
	if (st != ARB_OK) {
		cli_error(cmd, "%s: broken lines: no standings from a damaged file", name);
		arb_tournament_free(t);
		return NULL;
	}
	return t;
}

/* ---- text ----------------------------------------------------------------- */

void cli_decimal(char *buf, size_t n, double v)
{
	snprintf(buf, n, "%.2f", v);
	char *dot = strchr(buf, '.');
	if (dot) {
		char *end = buf + strlen(buf);
		while (end > dot + 1 && end[-1] == '0')
			*--end = '\0';
		if (end == dot + 1)
			*dot = '\0';
	}
	if (!strcmp(buf, "-0"))
		strcpy(buf, "0");
}

/* The next code point of s (valid UTF-8, else one byte as Latin-1); *used
 * gets the bytes taken. */
static unsigned next_char(const unsigned char *s, int *used)
{
	unsigned c = s[0];
	int n = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 1;
	if (c >= 0xF5)
		n = 1;
	unsigned cp = n == 1 ? c : n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
	for (int k = 1; k < n; k++) {
		if ((s[k] & 0xC0) != 0x80) {
			*used = 1;
			return c;
		}
		cp = cp << 6 | (s[k] & 0x3F);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp < 0xE000))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10FFFF))) {
		*used = 1;
		return c;
	}
	*used = n;
	return cp;
}

static void put_utf8(FILE *out, unsigned cp)
{
	if (cp < 0x80)
		fputc((int)cp, out);
	else if (cp < 0x800)
		fprintf(out, "%c%c", 0xC0 | cp >> 6, 0x80 | (cp & 0x3F));
	else if (cp < 0x10000)
		fprintf(out, "%c%c%c", 0xE0 | cp >> 12, 0x80 | (cp >> 6 & 0x3F),
			0x80 | (cp & 0x3F));
	else
		fprintf(out, "%c%c%c%c", 0xF0 | cp >> 18, 0x80 | (cp >> 12 & 0x3F),
			0x80 | (cp >> 6 & 0x3F), 0x80 | (cp & 0x3F));
}

void cli_json_trf_text(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	fputc('"', out);
	while (*p) {
		int used;
		unsigned cp = next_char(p, &used);
		p += used;
		if (cp == '"' || cp == '\\')
			fprintf(out, "\\%c", (int)cp);
		else if (cp < 0x20 || cp == 0x7F)
			fprintf(out, "\\u%04x", cp);
		else
			put_utf8(out, cp);
	}
	fputc('"', out);
}

/* s with & < > " escaped. */
static void html_text(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		int used;
		unsigned cp = next_char(p, &used);
		p += used;
		if (cp == '&')
			fputs("&amp;", out);
		else if (cp == '<')
			fputs("&lt;", out);
		else if (cp == '>')
			fputs("&gt;", out);
		else if (cp == '"')
			fputs("&quot;", out);
		else if (cp < 0x20 || cp == 0x7F)
			fputc(' ', out);
		else
			put_utf8(out, cp);
	}
}

void cli_tiebreak_edition(char *buf, size_t n, const arb_tiebreak *tb, const arb_regulation *reg)
{
	if (tb->edition)
		snprintf(buf, n, "fide%d", tb->edition);
	else if (tb->kind == ARB_TB_MM || tb->kind == ARB_TB_SOLK)
		snprintf(buf, n, "uscf"); /* 34E1-34E2 define their own */
	else
		snprintf(buf, n, "%s", reg->name);
}

int *cli_standings_rows(const arb_tournament *t, const arb_standings *s)
{
	int n = arb_tournament_player_count(t);
	int *rows = malloc(((size_t)n + 1) * sizeof *rows);
	if (!rows)
		return NULL;
	for (int i = 0; i < n; i++)
		rows[i] = -1;
	for (int r = 0; r < arb_standings_count(s); r++) {
		int i = arb_tournament_player_index(t, arb_standings_row(s, r, NULL, NULL));
		if (i >= 0)
			rows[i] = r;
	}
	return rows;
}

void cli_cell_text(char *buf, size_t n, const arb_tournament_cell *c, const int *rows,
		   const arb_tournament *t)
{
	int o = c->opponent ? arb_tournament_player_index(t, c->opponent) : -1;
	char one[2] = {c->result, '\0'};
	const char *res = c->result == '=' ? "\xc2\xbd" : one;
	if (c->result == ' ')
		snprintf(buf, n, "%s", "");
	else if (o >= 0 && rows[o] >= 0)
		snprintf(buf, n, "%d%c%s", rows[o] + 1, c->color == '-' ? ' ' : c->color, res);
	else
		snprintf(buf, n, "%s", res);
}

/* ---- the HTML page --------------------------------------------------------- */

static const char css[] =
	"body{font:13px/1.35 'DejaVu Sans',Arial,sans-serif;margin:18px;color:#111}\n"
	"h1{font-size:19px;margin:0 0 4px}\n"
	".meta{color:#444;margin:0 0 12px}\n"
	"table{border-collapse:collapse}\n"
	"th,td{border:1px solid #bbb;padding:2px 6px;white-space:nowrap}\n"
	"th{background:#e8ecf2;font-weight:600;vertical-align:bottom}\n"
	"th .ed{display:block;font-weight:400;font-size:10px;color:#555}\n"
	"td.no,td.rank,td.id,td.rating,td.points,td.tb,td.round{text-align:right}\n"
	"td.name{text-align:left}\n"
	"td.points{font-weight:600}\n"
	"tbody tr:nth-child(even){background:#f5f7fa}\n"
	".foot{color:#555;margin-top:10px;font-size:11px}\n"
	"@page{size:A4 landscape;margin:12mm}\n"
	"@media print{body{margin:0;font-size:10px}th{background:none}"
	"tbody tr:nth-child(even){background:none}thead{display:table-header-group}"
	"tr{break-inside:avoid}}\n";

static void page(FILE *f, const arb_tournament *t, const arb_standings *s,
		 const arb_regulation *reg, int crosstable, const int *rows)
{
	arb_tournament_info in;
	arb_tournament_get_info(t, &in);
	int rounds = arb_tournament_rounds_played(t), ntb = arb_standings_ntiebreaks(s);
	char num[48], ed[64], cell[64];
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>", f);
	html_text(f, in.name[0] ? in.name : "Tournament");
	fputs(crosstable ? " - crosstable" : " - standings", f);
	fprintf(f, "</title>\n<style>\n%s</style></head>\n<body>\n<h1>", css);
	html_text(f, in.name[0] ? in.name : "Tournament");
	fputs(crosstable ? ": crosstable" : ": standings", f);
	fputs("</h1>\n<p class=\"meta\">", f);
	if (in.city[0] || in.federation[0]) {
		html_text(f, in.city);
		fputs(in.city[0] && in.federation[0] ? ", " : "", f);
		html_text(f, in.federation);
		fputs(" &middot; ", f);
	}
	if (in.start[0]) {
		html_text(f, in.start);
		if (in.end[0]) {
			fputs(" &ndash; ", f);
			html_text(f, in.end);
		}
		fputs(" &middot; ", f);
	}
	fprintf(f, "%d %s played", rounds, rounds == 1 ? "round" : "rounds");
	if (in.rounds)
		fprintf(f, " of %d", in.rounds);
	fprintf(f, " &middot; %d players &middot; regulation <span id=\"regulation\">",
		arb_standings_count(s));
	html_text(f, reg->name);
	fputs("</span></p>\n<table id=\"standings\">\n<thead><tr><th>No</th><th>Rank</th>"
	      "<th>Id</th><th>Title</th><th>Name</th><th>Rtg</th><th>Fed</th>",
	      f);
	if (crosstable)
		for (int r = 1; r <= rounds; r++)
			fprintf(f, "<th class=\"round\">%d</th>", r);
	fputs("<th>Pts</th>", f);
	for (int k = 0; k < ntb; k++) {
		const arb_tiebreak *tb = arb_standings_tiebreak(s, k);
		cli_tiebreak_edition(ed, sizeof ed, tb, reg);
		fputs("<th class=\"tb\" data-code=\"", f);
		html_text(f, tb->code);
		fputs("\" data-edition=\"", f);
		html_text(f, ed);
		fputs("\"><span class=\"code\">", f);
		html_text(f, tb->code);
		fputs("</span><span class=\"ed\">", f);
		html_text(f, ed);
		fputs("</span></th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n", f);
	for (int row = 0; row < arb_standings_count(s); row++) {
		int rank;
		double pts, v;
		int id = arb_standings_row(s, row, &rank, &pts);
		int i = arb_tournament_player_index(t, id);
		arb_tournament_player p;
		if (i < 0 || arb_tournament_get_player(t, i, &p) != ARB_OK)
			continue;
		fprintf(f,
			"<tr><td class=\"no\">%d</td><td class=\"rank\">%d</td>"
			"<td class=\"id\">%d</td><td class=\"title\">",
			row + 1, rank, id);
		html_text(f, p.title);
		fputs("</td><td class=\"name\">", f);
		html_text(f, p.name);
		fputs("</td><td class=\"rating\">", f);
		if (p.rating)
			fprintf(f, "%d", p.rating);
		fputs("</td><td class=\"fed\">", f);
		html_text(f, p.federation);
		fputs("</td>", f);
		for (int r = 1; crosstable && r <= rounds; r++) {
			arb_tournament_cell c;
			arb_tournament_get_cell(t, i, r, &c);
			cli_cell_text(cell, sizeof cell, &c, rows, t);
			fputs("<td class=\"round\">", f);
			html_text(f, cell);
			fputs("</td>", f);
		}
		cli_decimal(num, sizeof num, pts);
		fprintf(f, "<td class=\"points\">%s</td>", num);
		for (int k = 0; k < ntb; k++) {
			if (arb_standings_value(s, row, k, &v) == 1)
				cli_decimal(num, sizeof num, v);
			else
				strcpy(num, "");
			fprintf(f, "<td class=\"tb\">%s</td>", num);
		}
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n<p class=\"foot\">Ranked by points, then by each tie-break "
	      "in turn (",
	      f);
	for (int k = 0; k < ntb; k++) {
		fputs(k ? ", " : "", f);
		html_text(f, arb_standings_tiebreak(s, k)->code);
	}
	fputs(ntb ? "" : "none", f);
	fputs(") under the regulation ", f);
	html_text(f, reg->name);
	fputs("; an empty tie-break cell is a value the regulation leaves undefined.", f);
	if (crosstable)
		fputs(" A round's cell: the opponent's No, the colour (w, b) and the result; "
		      "U the pairing-allocated bye, H F Z the other byes and absences.",
		      f);
	fputs(" Made by arbiter.</p>\n</body></html>\n", f);
}

int cli_report_html(const char *cmd, const char *path, const arb_tournament *t,
		    const arb_standings *s, const arb_regulation *reg, int crosstable)
{
	struct stat st;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		cli_error(cmd, "--html: %s is not a regular file", path);
		return CLI_FAIL;
	}
	int *rows = cli_standings_rows(t, s);
	size_t n = strlen(path) + 32;
	char *tmp = malloc(n);
	if (!rows || !tmp) {
		free(rows);
		free(tmp);
		cli_error(cmd, "out of memory");
		return CLI_FAIL;
	}
	snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
	FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
	int rc = CLI_OK;
	if (!f) {
		cli_error(cmd, "--html: cannot create %s: %s", tmp, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		rc = CLI_FAIL;
	} else {
		page(f, t, s, reg, crosstable, rows);
		if (ferror(f) | (fclose(f) != 0)) {
			cli_error(cmd, "--html: error writing %s: %s", tmp, strerror(errno));
			rc = CLI_FAIL;
		} else if (rename(tmp, path) != 0) {
			cli_error(cmd, "--html: cannot rename %s to %s: %s", tmp, path,
				  strerror(errno));
			rc = CLI_FAIL;
		}
		if (rc != CLI_OK)
			unlink(tmp);
	}
	free(tmp);
	free(rows);
	return rc;
}
