/*
 * clock.c -- `arbiter clock parse|simulate|history`: time controls and clocks.
 *
 * `parse` writes a control in every notation the engine knows and names its
 * category under each rule set. `simulate` replays move durations on the
 * engine's clock; durations are read as decimals straight into integer
 * milliseconds, never through floating point, so the clocks shown are exact.
 * `history` streams PGN files, one game in memory at a time, and checks each
 * game's [%clk]/[%emt] comments against its control.
 *
 * Exit status: 0 ok; 1 a control that does not parse, an untimed control to
 * simulate, or a broken game (reported and skipped); 2 a bad command line or
 * an unreadable file.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define CMD "clock"

void cli_clock_usage(FILE *out)
{
	fputs("usage: arbiter clock parse CONTROL [--json]\n"
	      "       arbiter clock simulate CONTROL --moves \"SECONDS...\" [--by-flag]\n"
	      "       arbiter clock history FILE... [--control CONTROL] [--moves]\n"
	      "\n"
	      "  parse     write CONTROL in every notation (PGN, TRF, US Chess, words)\n"
	      "            with its category under FIDE 2009/2014/2018/2023, US Chess\n"
	      "            and online rules\n"
	      "  simulate  replay move times, White first, on a clock started at 0;\n"
	      "            print both clocks after each move and when a flag falls\n"
	      "  history   check the [%clk] and [%emt] comments of each game of the PGN\n"
	      "            files ('-' is standard input) against its TimeControl tag\n"
	      "\n"
	      "CONTROL in any of these notations (told apart by the text itself):\n"
	      "  PGN TimeControl  '?' unknown, '-' none, '300' sudden death in seconds,\n"
	      "                   '4500+60' increment, '40/5400+30:1800+30' periods,\n"
	      "                   '*180' sandclock; also '300d5' delay, '300b5'\n"
	      "                   Bronstein, '+3@61' increment from move 61, '300=240'\n"
	      "                   time odds (White=Black)\n"
	      "  FIDE TRF 222     the PGN periods, time odds as 'W300-B240'\n"
	      "  US Chess         'G/90;d5', 'G/60;inc30', '40/120, SD/60;d5', 'G/5 d/0':\n"
	      "                   minutes per period, delay or increment in seconds\n"
	      "Seconds and minutes may have up to three decimals. CONTROL may also be\n"
	      "given as several arguments, read as one joined by spaces.\n"
	      "\n"
	      "  --json        parse: one object {\"pgn\", \"uscf\", \"trf\", \"text\",\n"
	      "                \"category\"}; \"uscf\" is null when US Chess cannot write it\n"
	      "  --moves LIST  simulate: move times in seconds (up to three decimals)\n"
	      "                separated by blanks or commas, e.g. --moves '3.1 4.7, 12'\n"
	      "  --by-flag     simulate: the next period's time is added when the flag\n"
	      "                falls (many digital clocks), not when its moves are made\n"
	      "  --control C   history: use C for every game instead of its TimeControl\n"
	      "  --moves       history: also list each move's time used and time left\n"
	      "\n"
	      "Exit status: 0 ok, 1 bad control, untimed control to simulate or broken\n"
	      "game, 2 bad command line or unreadable file.\n",
	      out);
}

/* ------------------------------------------------------------------------
 * Command line
 * ---------------------------------------------------------------------- */

enum clock_action { ACT_PARSE, ACT_SIMULATE, ACT_HISTORY };

static const char *const action_names[] = {"parse", "simulate", "history"};

struct clock_args {
	enum clock_action action;
	int json;            /* parse --json */
	const char *moves;   /* simulate --moves LIST, or NULL */
	int by_flag;         /* simulate --by-flag */
	const char *control; /* history --control C, or NULL */
	int list_moves;      /* history --moves */
	char **operand;      /* argc entries: CONTROL words or FILEs */
	int noperands;
};

static int lookup_action(const char *name)
{
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(action_names[i], name) == 0)
			return i;
	return -1;
}

/* Handles the current option for the action. Returns CLI_OK, or CLI_USAGE
 * after a message. */
static int parse_option(cli_argv *it, const char *arg, struct clock_args *a)
{
	const char *value;
	int m;

	if (a->action == ACT_PARSE && strcmp(arg, "--json") == 0) {
		a->json = 1;
		return CLI_OK;
	}
	if (a->action == ACT_SIMULATE && strcmp(arg, "--by-flag") == 0) {
		a->by_flag = 1;
		return CLI_OK;
	}
	if (a->action == ACT_SIMULATE && (m = cli_option_value(it, CMD, "--moves", &value)) != 0) {
		if (m < 0)
			return CLI_USAGE;
		a->moves = value;
		return CLI_OK;
	}
	if (a->action == ACT_HISTORY && strcmp(arg, "--moves") == 0) {
		a->list_moves = 1;
		return CLI_OK;
	}
	if (a->action == ACT_HISTORY && (m = cli_option_value(it, CMD, "--control", &value)) != 0) {
		if (m < 0)
			return CLI_USAGE;
		a->control = value;
		return CLI_OK;
	}
	cli_error(CMD, "unknown option '%s' for 'clock %s' (try 'arbiter clock --help')", arg,
		  action_names[a->action]);
	return CLI_USAGE;
}

/* Returns CLI_OK to go on, CLI_USAGE after a message, or CLI_DONE when --help
 * was answered. argv[0] is the action. */
static int parse(int argc, char **argv, struct clock_args *a)
{
	cli_argv it;
	const char *arg;
	int act;

	if (argc < 1) {
		cli_error(CMD, "missing action: parse, simulate or history "
			       "(try 'arbiter clock --help')");
		return CLI_USAGE;
	}
	if (cli_is_help(argv[0])) {
		cli_clock_usage(stdout);
		return CLI_DONE;
	}
	act = lookup_action(argv[0]);
	if (act < 0) {
		cli_error(CMD, "unknown action '%s': expected parse, simulate or history", argv[0]);
		return CLI_USAGE;
	}
	a->action = (enum clock_action)act;
	cli_argv_init(&it, argc - 1, argv + 1, a->operand);
	while ((arg = cli_next_option(&it)) != NULL) {
		if (cli_is_help(arg)) {
			cli_clock_usage(stdout);
			return CLI_DONE;
		}
		if (parse_option(&it, arg, a) != CLI_OK)
			return CLI_USAGE;
	}
	a->noperands = it.noperands;
	if (a->noperands < 1) {
		cli_error(CMD, "missing %s (try 'arbiter clock --help')",
			  a->action == ACT_HISTORY ? "FILE ('-' reads standard input)" : "CONTROL");
		return CLI_USAGE;
	}
	if (a->action == ACT_SIMULATE && !a->moves) {
		cli_error(CMD,
			  "simulate needs --moves \"SECONDS...\" (try 'arbiter clock --help')");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* Parses `text` into *tc. Returns 0, or -1 after the parser's message (which
 * names the column). */
static int read_control(const char *text, arb_time_control *tc)
{
	arb_error err;
	arb_status status;

	memset(&err, 0, sizeof err);
	status = arb_tc_parse(text, tc, &err);
	if (status != ARB_OK) {
		if (err.message[0] != '\0')
			cli_error(CMD, "%s", err.message);
		else
			cli_error(CMD, "bad time control '%s' (%s)", text, arb_status_name(status));
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------------
 * Times as text
 * ---------------------------------------------------------------------- */

enum { TIME_TEXT = 32 };

/* The milliseconds of ms as ".5", ".25", ".125", or "" when whole. */
static void millis_suffix(char *buf, size_t n, long ms)
{
	int k;

	snprintf(buf, n, ".%03ld", ms % 1000);
	for (k = 3; k > 0 && buf[k] == '0'; k--)
		buf[k] = '\0';
	if (k == 0)
		buf[0] = '\0';
}

/* Seconds: "3", "4.7", "0.125". */
static const char *seconds_text(char *buf, size_t n, long ms)
{
	char frac[8];

	millis_suffix(frac, sizeof frac, ms);
	snprintf(buf, n, "%ld%s", ms / 1000, frac);
	return buf;
}

/* A clock reading: "0:07", "4:56.9", and from one hour "1:30:00". */
static const char *clock_text(char *buf, size_t n, long ms)
{
	char frac[8];
	long s = ms / 1000;

	millis_suffix(frac, sizeof frac, ms);
	if (s >= 3600)
		snprintf(buf, n, "%ld:%02ld:%02ld%s", s / 3600, s / 60 % 60, s % 60, frac);
	else
		snprintf(buf, n, "%ld:%02ld%s", s / 60, s % 60, frac);
	return buf;
}

/* ------------------------------------------------------------------------
 * parse
 * ---------------------------------------------------------------------- */

/* The rule sets of arb_tc_category with the label of their text line. */
static const char *const editions[] = {"fide2009", "fide2014", "fide2018",
				       "fide2023", "uscf",     "online"};
static const char *const edition_labels[] = {"fide2009", "fide2014",      "fide2018",
					     "fide2023", "uscf category", "online"};
#define NEDITIONS 6

/* Writes s as a JSON string. The engine's notations are ASCII; quotes,
 * backslashes and control characters are escaped all the same. */
static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", out);
		else if (ch == '\t')
			fputs("\\t", out);
		else if (ch == '\r')
			fputs("\\r", out);
		else if (ch < 0x20 || ch == 0x7F)
			fprintf(out, "\\u%04x", ch);
		else
			fputc(ch, out);
	}
	fputc('"', out);
}

static void print_parse_json(const arb_time_control *tc, char form[][ARB_TC_MAX], int has_uscf)
{
	int i;

	fputs("{\"pgn\": ", stdout);
	json_string(stdout, form[ARB_TC_PGN]);
	fputs(", \"uscf\": ", stdout);
	if (has_uscf)
		json_string(stdout, form[ARB_TC_USCF]);
	else
		fputs("null", stdout);
	fputs(", \"trf\": ", stdout);
	json_string(stdout, form[ARB_TC_TRF]);
	fputs(", \"text\": ", stdout);
	json_string(stdout, form[ARB_TC_TEXT]);
	fputs(", \"category\": {", stdout);
	for (i = 0; i < NEDITIONS; i++) {
		fprintf(stdout, "%s\"%s\": ", i ? ", " : "", editions[i]);
		json_string(stdout, arb_tc_category(tc, editions[i]));
	}
	fputs("}}\n", stdout);
}

static void print_parse_text(const arb_time_control *tc, char form[][ARB_TC_MAX], int has_uscf)
{
	char secs[TIME_TEXT];
	long delay;
	int i;

	printf("pgn: %s\n", form[ARB_TC_PGN]);
	printf("trf: %s\n", form[ARB_TC_TRF]);
	printf("uscf: %s\n", has_uscf ? form[ARB_TC_USCF] : "-");
	printf("text: %s\n", form[ARB_TC_TEXT]);
	for (i = 0; i < NEDITIONS; i++)
		printf("%s: %s\n", edition_labels[i], arb_tc_category(tc, editions[i]));
	delay = arb_tc_uscf_default_delay(tc); /* US Chess 5E2 */
	if (delay > 0)
		printf("uscf default delay: %s s (5E2, when the organiser names none)\n",
		       seconds_text(secs, sizeof secs, delay));
}

static int run_parse(const struct clock_args *a, const char *text)
{
	char form[4][ARB_TC_MAX];
	size_t len[4];
	arb_time_control tc;
	int has_uscf, how;

	if (read_control(text, &tc) != 0)
		return CLI_FAIL;
	for (how = ARB_TC_PGN; how <= ARB_TC_TEXT; how++)
		len[how] = arb_tc_format(&tc, (arb_tc_notation)how, form[how], sizeof form[how]);
	/* 0: US Chess cannot write it (a sandclock, odds, "?", "-", ...) */
	has_uscf = len[ARB_TC_USCF] > 0;
	if (a->json)
		print_parse_json(&tc, form, has_uscf);
	else
		print_parse_text(&tc, form, has_uscf);
	return CLI_OK;
}

/* ------------------------------------------------------------------------
 * simulate
 * ---------------------------------------------------------------------- */

static int is_separator(char ch)
{
	return ch == ',' || isspace((unsigned char)ch);
}

/*
 * Reads the next duration of the --moves list at *p: digits, then at most
 * three decimals, in ms. Returns 1 with *ms set, 0 at the end of the list,
 * or -1 after a message naming the token and its place (`number`).
 */
static int next_duration(const char **p, int number, long *ms)
{
	const char *s = *p, *start;
	long whole = 0, frac = 0, scale = 1000;
	int ok = 1;

	while (is_separator(*s))
		s++;
	if (*s == '\0')
		return 0;
	start = s;
	if (!isdigit((unsigned char)*s))
		ok = 0;
	for (; isdigit((unsigned char)*s); s++)
		if (whole <= CLI_CLOCK_DURATION_MAX_S)
			whole = whole * 10 + (*s - '0');
	if (ok && *s == '.') {
		s++;
		if (!isdigit((unsigned char)*s))
			ok = 0;
		for (; isdigit((unsigned char)*s); s++) {
			scale /= 10;
			frac += (*s - '0') * scale;
			if (scale == 0)
				ok = 0; /* a fourth decimal */
		}
	}
	if (*s != '\0' && !is_separator(*s))
		ok = 0;
	while (*s != '\0' && !is_separator(*s))
		s++; /* the rest of a bad token, for the message */
	if (!ok || whole > CLI_CLOCK_DURATION_MAX_S) {
		cli_error(CMD,
			  "--moves: bad duration %d '%.*s': expected seconds such as 3 or 4.25 "
			  "(at most %ld, three decimals)",
			  number, (int)(s - start), start, CLI_CLOCK_DURATION_MAX_S);
		return -1;
	}
	*p = s;
	*ms = whole * 1000 + frac;
	return 1;
}

/* Checks the whole --moves list before any move is played, so that a bad
 * list prints nothing on stdout. Returns 0, or -1 after a message. */
static int check_durations(const char *list)
{
	long ms, total = 0;
	int number = 1, r;

	while ((r = next_duration(&list, number, &ms)) > 0) {
		if (ms > LONG_MAX - total) {
			cli_error(CMD, "--moves: the durations add up to too much");
			return -1;
		}
		total += ms;
		number++;
	}
	if (r < 0)
		return -1;
	if (number == 1) {
		cli_error(CMD, "--moves: no durations (try 'arbiter clock --help')");
		return -1;
	}
	return 0;
}

static const char *const side_names[2] = {"white", "black"};

/* One move's line: both clocks at t, and a flag that fell during the move.
 * `reported` marks the flags already shown; in a simulation a fallen flag
 * never rises again, so a flag not yet shown fell during this move. */
static void print_move(const arb_clock *c, int side, long dur, long t, int reported[2])
{
	char used[TIME_TEXT], w[TIME_TEXT], b[TIME_TEXT], when[TIME_TEXT];
	long fell;
	int s;

	printf("%d. %s %s s  white %s  black %s", arb_clock_moves(c, (arb_color)side),
	       side_names[side], seconds_text(used, sizeof used, dur),
	       clock_text(w, sizeof w, arb_clock_remaining(c, ARB_WHITE, t)),
	       clock_text(b, sizeof b, arb_clock_remaining(c, ARB_BLACK, t)));
	for (s = 0; s < 2; s++) {
		fell = arb_clock_flag_time(c, (arb_color)s, t);
		if (fell < 0 || reported[s])
			continue;
		reported[s] = 1;
		printf("  FLAG %s at %s", side_names[s], clock_text(when, sizeof when, fell));
	}
	putchar('\n');
}

static void print_flags(const arb_clock *c, long t)
{
	char when[TIME_TEXT];
	arb_color first;
	long at;
	int n = arb_clock_flags(c, t, &first, &at);

	if (n == 0) {
		puts("flags: none");
		return;
	}
	printf("flags: %s first at %s", side_names[first], clock_text(when, sizeof when, at));
	if (n == 2) {
		at = arb_clock_flag_time(c, (arb_color)(first ^ 1), t);
		printf(", then %s at %s", side_names[first ^ 1], clock_text(when, sizeof when, at));
	}
	putchar('\n');
}

static int run_simulate(const struct clock_args *a, const char *text)
{
	const char *list = a->moves;
	arb_time_control tc;
	arb_clock *c;
	int reported[2] = {0, 0}, side = ARB_WHITE, number = 1;
	long t = 0, dur;

	if (check_durations(a->moves) != 0)
		return CLI_USAGE;
	if (read_control(text, &tc) != 0)
		return CLI_FAIL;
	if (tc.kind != ARB_TC_PERIODS && tc.kind != ARB_TC_SANDCLOCK) {
		cli_error(CMD, "simulate needs a timed control");
		return CLI_FAIL;
	}
	c = arb_clock_new(&tc, a->by_flag ? ARB_PERIOD_BY_FLAG : ARB_PERIOD_BY_MOVES);
	if (!c) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	arb_clock_start(c, 0);
	while (next_duration(&list, number++, &dur) > 0) {
		t += dur; /* cannot overflow: check_durations added them up */
		if (arb_clock_press(c, t) != ARB_OK) {
			cli_error(CMD, "internal error: the clock refused a move at %ld ms", t);
			arb_clock_free(c);
			return CLI_FAIL;
		}
		print_move(c, side, dur, t, reported);
		side ^= 1;
	}
	print_flags(c, t);
	arb_clock_free(c);
	return CLI_OK;
}

/* ------------------------------------------------------------------------
 * history
 * ---------------------------------------------------------------------- */

struct history_run {
	const struct clock_args *args;
	const arb_time_control *tc; /* --control, or NULL for each game's tag */
	int several_files;          /* name the file before each game */
	cli_games count;            /* games read, bad ones, unreadable files */
};

/* Writes a tag value on one line: control bytes as \xNN, a missing tag as "?". */
static void print_tag(const char *s)
{
	if (!s) {
		putchar('?');
		return;
	}
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch < 0x20 || ch == 0x7F)
			printf("\\x%02x", ch);
		else
			putchar(ch);
	}
}

static void print_reading(const char *label, long ms)
{
	char buf[TIME_TEXT];

	printf(" %s %s", label, ms == ARB_NO_CLOCK ? "?" : clock_text(buf, sizeof buf, ms));
}

static void print_entries(const arb_clock_entry *e, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		printf("  %d%s %s", e[i].move_number, e[i].side == ARB_WHITE ? "." : "...",
		       side_names[e[i].side]);
		print_reading("used", e[i].used_ms);
		print_reading("left", e[i].remaining_ms);
		putchar('\n');
	}
}

/* Checks one good game. Returns 0, or -1 when out of memory. */
static int history_game(struct history_run *run, const arb_record *g, const char *file, long number)
{
	int plies = arb_record_ply_count(g), found = 0, i;
	arb_clock_entry *entries = malloc((size_t)(plies > 0 ? plies : 1) * sizeof *entries);
	arb_clock_issue *issues = malloc(CLI_CLOCK_ISSUES_MAX * sizeof *issues);

	if (!entries || !issues) {
		cli_error(CMD, "out of memory");
		free(entries);
		free(issues);
		return -1;
	}
	arb_record_clock_history(g, run->tc, entries, plies, issues, CLI_CLOCK_ISSUES_MAX, &found);
	if (run->several_files)
		printf("%s: ", file);
	printf("game %ld: ", number);
	print_tag(arb_record_tag(g, "White"));
	fputs(" - ", stdout);
	print_tag(arb_record_tag(g, "Black"));
	fputs(", TimeControl ", stdout);
	print_tag(arb_record_tag(g, "TimeControl"));
	putchar('\n');
	if (run->args->list_moves)
		print_entries(entries, plies);
	for (i = 0; i < found && i < CLI_CLOCK_ISSUES_MAX; i++)
		printf("  %s\n", issues[i].message);
	if (found > CLI_CLOCK_ISSUES_MAX)
		printf("  ... and %d more %s\n", found - CLI_CLOCK_ISSUES_MAX,
		       cli_plural(found - CLI_CLOCK_ISSUES_MAX, "issue", "issues"));
	if (found == 0)
		puts("  clock consistent");
	free(entries);
	free(issues);
	return 0;
}

static int each_history_game(arb_record *g, const char *name, long number, void *ctx)
{
	return history_game(ctx, g, name, number);
}

static int run_history(const struct clock_args *a)
{
	struct history_run run;
	arb_time_control tc;
	int i;

	memset(&run, 0, sizeof run);
	run.args = a;
	run.several_files = a->noperands > 1;
	if (a->control) {
		if (read_control(a->control, &tc) != 0)
			return CLI_FAIL;
		run.tc = &tc;
	}
	for (i = 0; i < a->noperands; i++)
		if (cli_read_games(CMD, a->operand[i], 0, stderr, each_history_game, &run,
				   &run.count) != 0)
			return CLI_FAIL;
	if (run.count.io_failed)
		return CLI_USAGE;
	return run.count.bad > 0 ? CLI_FAIL : CLI_OK;
}

/* ------------------------------------------------------------------------
 * The command
 * ---------------------------------------------------------------------- */

int cli_clock(int argc, char **argv)
{
	struct clock_args a;
	char *control = NULL;
	int rc;

	memset(&a, 0, sizeof a);
	a.operand = calloc((size_t)argc + 1, sizeof *a.operand);
	if (!a.operand) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	rc = parse(argc, argv, &a);
	if (rc == CLI_OK && a.action == ACT_HISTORY) {
		rc = run_history(&a);
	} else if (rc == CLI_OK) {
		/* "G/5 d/0" may come as two arguments: read them as one. */
		control = cli_join(CMD, a.operand, a.noperands);
		if (!control)
			rc = CLI_FAIL;
		else if (a.action == ACT_PARSE)
			rc = run_parse(&a, control);
		else
			rc = run_simulate(&a, control);
	}
	free(control);
	free(a.operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}
