/*
 * verdict.c -- what `adjudicate` and `compare` share: a game's identity
 * (file, number, players), its verdict as one text line or one JSON object,
 * the error line of a game that cannot be replayed, and the streaming read
 * of PGN files (none: standard input) through the game pipeline.
 *
 * JSON is written by hand: strings escaped (control bytes as \uXXXX, bytes
 * that are not UTF-8 as U+FFFD), the top-level fields of a game before its
 * "events" list, so that a line-oriented reader finds them first.
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicate.h"

#ifdef ARBITER_HAVE_LUA

void cli_put_line(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		fputc(c < 0x20 || c == 0x7F ? ' ' : c, out);
	}
}

/* ------------------------------------------------------------------------
 * JSON output
 * ---------------------------------------------------------------------- */

/* The length of the valid UTF-8 sequence at s, or 0 if it is not one
 * (overlong forms, surrogates and code points past U+10FFFF included). */
static int utf8_length(const unsigned char *s)
{
	unsigned char c = s[0];
	unsigned char lo = 0x80, hi = 0xBF;
	int n, i;

	if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		n = 3;
	else if (c >= 0xF0 && c <= 0xF4)
		n = 4;
	else
		return 0;
	if (c == 0xE0)
		lo = 0xA0;
	else if (c == 0xED)
		hi = 0x9F;
	else if (c == 0xF0)
		lo = 0x90;
	else if (c == 0xF4)
		hi = 0x8F;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xBF)
			return 0;
	return n;
}

/* A JSON string. PGN tags are not always UTF-8 (old files are Latin-1): a
 * byte that does not start a valid sequence becomes U+FFFD, so the output
 * is always valid JSON. */
void cli_json_string(FILE *out, const char *text)
{
	const unsigned char *s = (const unsigned char *)(text ? text : "");

	fputc('"', out);
	while (*s) {
		unsigned char c = *s;
		int n;

		if (c == '"' || c == '\\') {
			fputc('\\', out);
			fputc(c, out);
		} else if (c == '\n') {
			fputs("\\n", out);
		} else if (c == '\t') {
			fputs("\\t", out);
		} else if (c == '\r') {
			fputs("\\r", out);
		} else if (c < 0x20 || c == 0x7F) {
			fprintf(out, "\\u%04x", c);
		} else if (c < 0x80) {
			fputc(c, out);
		} else if ((n = utf8_length(s)) > 0) {
			fwrite(s, 1, (size_t)n, out);
			s += n;
			continue;
		} else {
			fputs("\\ufffd", out);
		}
		s++;
	}
	fputc('"', out);
}

/* ", "KEY": "VALUE" (first = 1 leaves out the comma). */
void cli_json_field(FILE *out, int first, const char *key, const char *value)
{
	fprintf(out, "%s\"%s\": ", first ? "" : ", ", key);
	cli_json_string(out, value);
}

static void json_effects(FILE *out, int n, const char (*effects)[24])
{
	int i;

	fputs(", \"effects\": [", out);
	for (i = 0; i < n; i++) {
		if (i > 0)
			fputs(", ", out);
		cli_json_string(out, effects[i]);
	}
	fputc(']', out);
}

/* The fields a game's standing shares with a profile's row of `compare`. */
void cli_json_result(FILE *out, const arb_game_result *r)
{
	cli_json_field(out, 0, "result", r->result);
	cli_json_field(out, 0, "board_result", r->board);
	cli_json_field(out, 0, "termination", r->termination);
	cli_json_field(out, 0, "reason", r->reason);
	cli_json_field(out, 0, "detail", r->detail);
	cli_json_field(out, 0, "article", r->article);
	json_effects(out, r->neffects, (const char(*)[24])r->effects);
}

/* The decisions along the way, each with the token of the event behind it. */
static void json_events(FILE *out, const arb_game *g)
{
	char token[ARB_EVENT_TEXT + 16];
	int i, n = arb_game_decision_count(g);

	fputs(", \"events\": [", out);
	for (i = 0; i < n; i++) {
		const arb_decision *d = arb_game_decision(g, i);

		token[0] = '\0';
		if (d->event >= 0 && d->event < arb_game_event_count(g))
			arb_event_format(arb_game_event_at(g, d->event), token, sizeof token);
		fprintf(out, "%s{\"ply\": %d", i ? ", " : "", d->ply);
		cli_json_field(out, 0, "event", token);
		cli_json_field(out, 0, "result", d->result);
		cli_json_field(out, 0, "reason", d->reason);
		cli_json_field(out, 0, "detail", d->detail);
		cli_json_field(out, 0, "article", d->article);
		json_effects(out, d->neffects, (const char(*)[24])d->effects);
		fprintf(out, ", \"ends\": %s, \"note\": %s}", d->ends ? "true" : "false",
			d->note ? "true" : "false");
	}
	fputc(']', out);
}

/* ------------------------------------------------------------------------
 * A game's identity and its one text line
 * ---------------------------------------------------------------------- */

/* A tag's value, "?" (PGN's unknown) when missing or empty. */
static const char *tag_or_unknown(const arb_record *rec, const char *name)
{
	const char *v = arb_record_tag(rec, name);

	/* PGN standard 8.1.1.3: an unknown date is "????.??.??" (what the
	 * writer puts in the Seven Tag Roster, so a game written back reads
	 * the same); any other unknown tag is "?". */
	if (v && *v)
		return v;
	return strcmp(name, "Date") == 0 ? "????.??.??" : "?";
}

void cli_game_id_from_record(cli_game_id *id, const arb_record *rec, const char *file,
			     int show_file, long number)
{
	const char *white = arb_record_tag(rec, "White");
	const char *black = arb_record_tag(rec, "Black");

	id->file = file;
	id->show_file = show_file;
	id->number = number;
	id->white = white && *white ? white : "?";
	id->black = black && *black ? black : "?";
	id->event = tag_or_unknown(rec, "Event");
	id->site = tag_or_unknown(rec, "Site");
	id->date = tag_or_unknown(rec, "Date");
	id->round = tag_or_unknown(rec, "Round");
	id->board = arb_record_tag(rec, "Board");
	if (id->board && !*id->board)
		id->board = NULL;
}

void cli_json_pairing(FILE *out, const cli_game_id *id)
{
	if (!id->event)
		return;
	cli_json_field(out, 0, "event", id->event);
	cli_json_field(out, 0, "site", id->site);
	cli_json_field(out, 0, "date", id->date);
	cli_json_field(out, 0, "round", id->round);
	if (id->board)
		cli_json_field(out, 0, "board", id->board);
}

/* "FILE: game N: WHITE - BLACK" */
void cli_print_id(FILE *out, const cli_game_id *id)
{
	if (id->show_file) {
		cli_put_line(out, id->file);
		fputs(": ", out);
	}
	fprintf(out, "game %ld: ", id->number);
	cli_put_line(out, id->white);
	fputs(" - ", out);
	cli_put_line(out, id->black);
}

/* The reason with its detail in parentheses (the engine may give the detail
 * with or without them). A game that goes on is "in play", and the latest
 * decision (a rejected claim, a penalty) follows as "; last: REASON": it is
 * what happened, not the result. */
static void print_reason(FILE *out, const char *result, const char *reason, const char *detail)
{
	if (strcmp(result, "*") == 0) {
		fputs("in play", out);
		if (*reason == '\0')
			return;
		fputs("; last: ", out);
	}
	fputs(reason, out);
	if (*detail == '\0')
		return;
	if (detail[0] == '(')
		fprintf(out, " %s", detail);
	else
		fprintf(out, " (%s)", detail);
}

/* 1 if the effects name the board result ("board=1/2-1/2"). */
static int has_board_effect(const arb_game_result *r)
{
	int i;

	for (i = 0; i < r->neffects; i++)
		if (strncmp(r->effects[i], "board=", 6) == 0)
			return 1;
	return 0;
}

/* 1 if the points are not the 1, 1/2, 0 the scored result gives (a 3/4
 * stalemate, 3-1-0 football scoring): the text line then shows them. */
static int odd_points(const arb_game_result *r)
{
	static const char *const usual[][3] = {
		{"1-0", "1", "0"}, {"0-1", "0", "1"}, {"1/2-1/2", "1/2", "1/2"}};
	size_t i;

	if (!r->points[ARB_WHITE][0] && !r->points[ARB_BLACK][0])
		return 0;
	for (i = 0; i < sizeof usual / sizeof usual[0]; i++)
		if (strcmp(r->result, usual[i][0]) == 0)
			return strcmp(r->points[ARB_WHITE], usual[i][1]) != 0 ||
			       strcmp(r->points[ARB_BLACK], usual[i][2]) != 0;
	return 1;
}

/* The effects, the board result when the score differs from it, and the
 * points when they are not the usual ones of the score. */
static void print_effects(FILE *out, const arb_game_result *r)
{
	int i, n = 0;

	if (strcmp(r->result, r->board) != 0 && r->board[0] && !has_board_effect(r)) {
		fprintf(out, " [board=%s", r->board);
		n++;
	}
	if (odd_points(r))
		fprintf(out, "%spoints=%s-%s", n++ ? ", " : " [", r->points[ARB_WHITE],
			r->points[ARB_BLACK]);
	for (i = 0; i < r->neffects; i++)
		fprintf(out, "%s%s", n++ ? ", " : " [", r->effects[i]);
	if (n)
		fputc(']', out);
}

static void print_text(FILE *out, const cli_game_id *id, const arb_game_result *r)
{
	cli_print_id(out, id);
	fprintf(out, ": %s ", r->result);
	print_reason(out, r->result, r->reason, r->detail);
	print_effects(out, r);
	if (r->article[0])
		fprintf(out, " -- %s", r->article);
	fputc('\n', out);
}

static void print_json(FILE *out, const cli_game_id *id, const arb_game *g,
		       const arb_game_result *r)
{
	fprintf(out, "{\"game\": %ld", id->number);
	if (id->file)
		cli_json_field(out, 0, "file", id->file);
	cli_json_field(out, 0, "white", id->white);
	cli_json_field(out, 0, "black", id->black);
	cli_json_pairing(out, id);
	cli_json_result(out, r);
	fputs(", \"trf\": {", out);
	cli_json_field(out, 1, "white", r->trf[ARB_WHITE]);
	cli_json_field(out, 0, "black", r->trf[ARB_BLACK]);
	fputs("}, \"points\": {", out);
	cli_json_field(out, 1, "white", r->points[ARB_WHITE]);
	cli_json_field(out, 0, "black", r->points[ARB_BLACK]);
	fputc('}', out);
	json_events(out, g);
	fputs("}\n", out);
}

/* "arbiter: CMD: FILE[:LINE]: game N (WHITE - BLACK)": how a message about
 * one game starts (the filter tools of docs/streaming.md renumber it). */
static void game_prefix(FILE *out, const char *cmd, const cli_game_id *id, long line)
{
	fprintf(out, "arbiter: %s: ", cmd);
	cli_put_line(out, id->file);
	if (line > 0)
		fprintf(out, ":%ld", line);
	fprintf(out, ": game %ld (", id->number);
	cli_put_line(out, id->white);
	fputs(" - ", out);
	cli_put_line(out, id->black);
	fputs(")", out);
}

/* A game whose events could not be replayed: "FILE:LINE: game N (WHITE -
 * BLACK): why" (the line when the engine knows it). */
void cli_report_game_error(FILE *out, const char *cmd, const cli_game_id *id, const char *profile,
			   const arb_error *err)
{
	game_prefix(out, cmd, id, err->line);
	if (profile)
		fprintf(out, " under %s", profile);
	fputs(": ", out);
	cli_put_line(out, err->message[0] ? err->message : arb_status_name(err->code));
	fputc('\n', out);
}

void cli_report_game_warning(FILE *out, const char *cmd, const cli_game_id *id, const char *what,
			     const char *why)
{
	game_prefix(out, cmd, id, 0);
	fprintf(out, ": warning: %s", what);
	cli_put_line(out, why);
	fputc('\n', out);
}

void cli_report_record_warnings(FILE *out, const char *cmd, const arb_record *rec)
{
	int n = arb_record_warning_count(rec);
	for (int i = 0; i < n && arb_record_warning(rec, i); i++) {
		fprintf(out, "arbiter: %s: warning: ", cmd);
		cli_put_line(out, arb_record_warning(rec, i));
		fputc('\n', out);
	}
	if (n > ARB_RECORD_WARNINGS_MAX)
		fprintf(out, "arbiter: %s: warning: %d more in the same game\n", cmd,
			n - ARB_RECORD_WARNINGS_MAX);
}

void cli_print_game(FILE *out, const cli_game_id *id, const arb_game *g, int json)
{
	arb_game_result r;

	arb_game_result_get(g, &r);
	if (json)
		print_json(out, id, g, &r);
	else
		print_text(out, id, &r);
}

/* ------------------------------------------------------------------------
 * What a run assumed: warnings about time controls
 * ---------------------------------------------------------------------- */

/* 1 if `text` is in US Chess notation (minutes), which the tests below
 * leave alone: "G/90", "SD/60", "40/120, SD/30;d5". */
static int us_notation(const char *text)
{
	return strstr(text, "G/") || strstr(text, "g/") || strstr(text, "SD/") ||
	       strstr(text, "sd/") || strchr(text, ';') || strchr(text, ',');
}

/* 1 if a period's time looks like minutes written where PGN counts
 * seconds: under 30 s for the rest of the game ("3+2"), or under 5 s a
 * move for a number of moves ("40/120"). */
static int looks_like_minutes(const arb_period *p)
{
	if (p->base_ms <= 0)
		return 0;
	if (p->moves == 0)
		return p->base_ms < 30000;
	return p->base_ms < 5000L * p->moves;
}

void cli_warn_tc_units(const char *cmd, const char *text)
{
	arb_time_control tc, minutes;
	char read[ARB_TC_MAX], meant[ARB_TC_MAX];
	int side, i, odd = 0;

	if (!text || !*text || us_notation(text) || arb_tc_parse(text, &tc, NULL) != ARB_OK ||
	    tc.kind != ARB_TC_PERIODS)
		return;
	minutes = tc;
	for (side = 0; side < 2; side++)
		for (i = 0; i < tc.side[side].nperiods; i++) {
			odd |= looks_like_minutes(&tc.side[side].period[i]);
			minutes.side[side].period[i].base_ms *= 60;
		}
	if (!odd)
		return;
	arb_tc_format(&tc, ARB_TC_TEXT, read, sizeof read);
	arb_tc_format(&minutes, ARB_TC_PGN, meant, sizeof meant);
	cli_error(cmd,
		  "warning: time control '%s' is read as %s (PGN notation counts seconds); "
		  "if minutes were meant, write %s",
		  text, read, meant);
}

/* "fide2014" or "uscf" for the rules' edition ("FIDE 2014", "USCF"), for
 * arb_tc_category; NULL for another (online speeds are not a profile's). */
static const char *edition_key(const arb_rules *rules, char *buf, size_t n)
{
	int year;

	if (strcmp(rules->edition, "USCF") == 0)
		return "uscf";
	if (sscanf(rules->edition, "FIDE %d", &year) == 1) {
		snprintf(buf, n, "fide%d", year);
		return buf;
	}
	return NULL;
}

static const char *speed_name(arb_speed s)
{
	return s == ARB_SPEED_BLITZ ? "blitz" : s == ARB_SPEED_RAPID ? "rapid" : "standard";
}

int cli_speed_mismatch(const char *text, const arb_rules *rules, char *buf, size_t n)
{
	char key[16];
	const char *edition = edition_key(rules, key, sizeof key), *cat, *want;
	arb_time_control tc;

	buf[0] = '\0';
	if (!text || !*text || !edition || arb_tc_parse(text, &tc, NULL) != ARB_OK ||
	    tc.kind != ARB_TC_PERIODS)
		return 0;
	cat = arb_tc_category(&tc, edition);
	if (!cat)
		return 0;
	want = speed_name(rules->speed);
	if (strcmp(edition, "uscf") == 0) {
		/* 5C: regular, dual and quick are the standard rules' */
		if (strcmp(cat, "unrated") == 0)
			return 0;
		if ((strcmp(cat, "blitz") == 0) == (rules->speed == ARB_SPEED_BLITZ))
			return 0;
	} else if (strcmp(cat, want) == 0) {
		return 0;
	}
	snprintf(buf, n,
		 "\"%s\" is %s under %s, but profile '%s' has the %s rules; they "
		 "were applied",
		 text, cat, rules->edition, rules->name, want);
	return 1;
}

/* ------------------------------------------------------------------------
 * Reading PGN files game by game
 * ---------------------------------------------------------------------- */

int cli_read_records(const cli_jobs_spec *spec, char *const *file, int nfiles, cli_tally *t)
{
	char dash[] = "-";
	char *stdin_only[1];
	cli_games count = {0, 0, 0};
	int rc;

	if (nfiles == 0) { /* standard input */
		stdin_only[0] = dash;
		file = stdin_only;
		nfiles = 1;
	}
	rc = cli_jobs_run(spec, file, nfiles, &count);
	t->games += count.games;
	t->failed += count.bad;
	t->io_failed |= count.io_failed;
	return rc;
}

void cli_game_id_from_job(cli_game_id *id, const arb_record *rec, const cli_job *job)
{
	cli_game_id_from_record(id, rec, job->file, job->show_file, job->number);
}

/* The exit status of a reading run. */
int cli_tally_status(const cli_tally *t)
{
	if (t->io_failed)
		return CLI_USAGE;
	return t->failed > 0 ? CLI_FAIL : CLI_OK;
}

/* ------------------------------------------------------------------------
 * Options
 * ---------------------------------------------------------------------- */

/* A "--name VALUE" option into *value. Returns 1 if it was `name`, 0 if
 * not, -1 after a message. A second one is an error, not a silent
 * override: which of two --profile values was meant cannot be guessed. */
int cli_value_option(cli_argv *it, const char *cmd, const char *name, const char **value)
{
	const char *before = *value;
	int m = cli_option_value(it, cmd, name, value);

	if (m > 0 && **value == '\0') {
		cli_error(cmd, "%s needs a value (try 'arbiter %s --help')", name, cmd);
		return -1;
	}
	if (m > 0 && before != NULL) {
		cli_error(cmd, "%s is given twice ('%s', then '%s'): give it once", name, before,
			  *value);
		return -1;
	}
	return m;
}

#endif /* ARBITER_HAVE_LUA */
