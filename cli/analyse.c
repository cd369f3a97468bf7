/*
 * analyse.c -- `arbiter analyse FEN|- [--side white|black|both] [--nodes N]
 * [--json] [--960|--standard]`: can each side still checkmate?
 *
 * For each side asked, arb_can_checkmate gives winnable (with a mating line,
 * written here in SAN by replaying it on a copy), unwinnable or undetermined
 * (the node budget ran out); with both sides, arb_position_dead says whether
 * the position is dead (FIDE 5.2.2). The text form is "key: value" lines;
 * --json writes exactly one object per input. "-" reads one FEN per line
 * from stdin and writes one JSON object per line (blank lines are skipped);
 * a bad line gives an object with an "error" key and exit status 1 at the end.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

#define CMD "analyse"

void cli_analyse_usage(FILE *out)
{
	fputs("usage: arbiter analyse FEN [--side white|black|both] [--nodes N] [--json]\n"
	      "                       [--960|--standard]\n"
	      "       arbiter analyse - [--side ...] [--nodes N] [--960|--standard]\n"
	      "\n"
	      "Can each side still checkmate by any series of legal moves (FIDE 5.2.2\n"
	      "dead position, 6.9 time forfeit, 7.5.5 illegal move)? Each side asked is\n"
	      "winnable (with a mating line in SAN as proof), unwinnable (never wrong)\n"
	      "or undetermined (the node budget ran out). With both sides the position\n"
	      "is also judged dead: yes, no or undetermined.\n"
	      "\n"
	      "  --side S      white, black or both (default both)\n"
	      "  --nodes N     search budget per question (default 2000000; 0 = default)\n"
	      "  --json        one JSON object: {\"white\", \"black\", \"dead\",\n"
	      "                \"line_white\", \"line_black\", \"nodes\", \"micros\"};\n"
	      "                a side not asked is null, a line is [] unless winnable\n"
	      "  --960         read FEN as Chess960 (also --chess960)\n"
	      "  --standard    read FEN as standard chess\n"
	      "\n"
	      "With FEN '-', one FEN per line is read from standard input and one JSON\n"
	      "object per line is written (--json implied, blank lines skipped); a bad\n"
	      "FEN gives {\"error\": \"...\", \"line\": N} and exit status 1 at the end.\n"
	      "Text output: 'white: VERDICT', 'white line: 1. Qd7+ Kf8 2. Qf7#', the\n"
	      "same for black, 'dead: yes|no|undetermined', 'nodes: N', 'time: N us'.\n"
	      "FEN may be one argument or its fields as separate arguments.\n",
	      out);
}

/* ------------------------------------------------------------------------
 * The analysis of one position
 * ---------------------------------------------------------------------- */

struct side_result {
	int asked;
	arb_verdict verdict;
	int nsan; /* moves of the line (0 unless winnable) */
	char san[ARB_MATE_LINE_MAX][ARB_SAN_MAX];
};

struct result {
	struct side_result side[2];
	int dead_asked;
	arb_verdict dead;
	long nodes;
	long long micros;
	int start_side, start_number; /* for move numbers in the text line */
};

static long long now_micros(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0;
	return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

/* Writes the SAN of the line into r by replaying it on a copy of pos.
 * Returns 0, or -1 after a message if a move is not legal (an engine bug). */
static int line_to_san(const arb_position *pos, const arb_analysis *a, struct side_result *r)
{
	arb_position *p = arb_position_clone(pos);
	int i;

	if (!p) {
		cli_error(CMD, "out of memory");
		return -1;
	}
	r->nsan = 0;
	for (i = 0; i < a->line_len && i < ARB_MATE_LINE_MAX; i++) {
		if (!arb_position_is_legal(p, a->line[i])) {
			cli_error(CMD, "internal error: move %d of the mating line is not legal",
				  i + 1);
			arb_position_free(p);
			return -1;
		}
		arb_move_to_san(p, a->line[i], r->san[i]);
		arb_position_play(p, a->line[i]);
		r->nsan++;
	}
	if (arb_position_terminal(p) != ARB_CHECKMATE) {
		cli_error(CMD, "internal error: the mating line does not end in mate");
		arb_position_free(p);
		return -1;
	}
	arb_position_free(p);
	return 0;
}

/* Analyses pos for the sides in `which` (bit 0 white, bit 1 black) into r.
 * Returns 0, -1 after a message (a bad mating line), or ANALYSE_NOMEM (no
 * message: the caller says it in its own form). */
#define ANALYSE_NOMEM (-2)
static int analyse(const arb_position *pos, int which, long nodes, struct result *r)
{
	arb_analysis a;
	long long start;
	int c;

	memset(r, 0, sizeof *r);
	r->start_side = arb_position_side_to_move(pos);
	r->start_number = arb_position_fullmove_number(pos);
	start = now_micros();
	for (c = 0; c < 2; c++) {
		if (!(which & (1 << c)))
			continue;
		memset(&a, 0, sizeof a);
		r->side[c].asked = 1;
		r->side[c].verdict = arb_can_checkmate(pos, (arb_color)c, nodes, &a);
		r->nodes += a.nodes;
		if (r->side[c].verdict == ARB_VERDICT_NOMEM)
			return ANALYSE_NOMEM;
		if (r->side[c].verdict == ARB_WINNABLE && line_to_san(pos, &a, &r->side[c]) != 0)
			return -1;
	}
	if (which == 3) {
		r->dead_asked = 1;
		r->dead = arb_position_dead(pos, nodes);
		if (r->dead == ARB_VERDICT_NOMEM)
			return ANALYSE_NOMEM;
	}
	/* The SAN conversion above is cheap next to the search; it is timed too. */
	r->micros = now_micros() - start;
	return 0;
}

/* ------------------------------------------------------------------------
 * Output
 * ---------------------------------------------------------------------- */

static const char *verdict_name(arb_verdict v)
{
	switch (v) {
	case ARB_WINNABLE:
		return "winnable";
	case ARB_UNWINNABLE:
		return "unwinnable";
	case ARB_UNDETERMINED:
	case ARB_VERDICT_NOMEM: /* not printed: analyse() fails first */
		break;
	}
	return "undetermined";
}

/* The length of a valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	unsigned cp;

	if (s[0] < 0xC2 || s[0] > 0xF4)
		return 0;
	len = s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : 4;
	if (len > n)
		return 0;
	cp = s[0] & (0x7Fu >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3Fu);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
	    (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return len;
}

/* Writes s as a JSON string: quotes, backslashes and control characters are
 * escaped, and bytes that are not valid UTF-8 become U+FFFD. */
static void json_string(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0;

	fputc('"', out);
	while (i < n) {
		unsigned char ch = p[i];

		if (ch == '"' || ch == '\\') {
			fputc('\\', out);
			fputc(ch, out);
		} else if (ch == '\n') {
			fputs("\\n", out);
		} else if (ch == '\t') {
			fputs("\\t", out);
		} else if (ch == '\r') {
			fputs("\\r", out);
		} else if (ch < 0x20 || ch == 0x7F) {
			fprintf(out, "\\u%04x", ch);
		} else if (ch >= 0x80) {
			size_t len = utf8_len(p + i, n - i);

			if (len == 0) {
				fputs("\\ufffd", out);
			} else {
				fwrite(p + i, 1, len, out);
				i += len - 1;
			}
		} else {
			fputc(ch, out);
		}
		i++;
	}
	fputc('"', out);
}

static void json_line(FILE *out, const struct side_result *s)
{
	int i;

	if (!s->asked) {
		fputs("null", out);
		return;
	}
	fputc('[', out);
	for (i = 0; i < s->nsan; i++) {
		if (i > 0)
			fputs(", ", out);
		json_string(out, s->san[i]);
	}
	fputc(']', out);
}

static void print_json(FILE *out, const struct result *r)
{
	static const char *const names[2] = {"white", "black"};
	int c;

	fputc('{', out);
	for (c = 0; c < 2; c++) {
		fprintf(out, "\"%s\": ", names[c]);
		if (r->side[c].asked)
			json_string(out, verdict_name(r->side[c].verdict));
		else
			fputs("null", out);
		fputs(", ", out);
	}
	fputs("\"dead\": ", out);
	if (!r->dead_asked || r->dead == ARB_UNDETERMINED)
		fputs("null", out);
	else
		fputs(r->dead == ARB_UNWINNABLE ? "true" : "false", out);
	fputs(", \"line_white\": ", out);
	json_line(out, &r->side[ARB_WHITE]);
	fputs(", \"line_black\": ", out);
	json_line(out, &r->side[ARB_BLACK]);
	fprintf(out, ", \"nodes\": %ld, \"micros\": %lld}\n", r->nodes, r->micros);
}

/* "1. Qd7+ Kf8 2. Qf7#", or "1... Kd8 2. Qd7#" when black moves first. */
static void text_line(FILE *out, const struct result *r, const struct side_result *s)
{
	int side = r->start_side, number = r->start_number, i;

	if (s->nsan == 0) {
		fputs("(the position is already checkmate)", out);
		return;
	}
	for (i = 0; i < s->nsan; i++) {
		if (i > 0)
			fputc(' ', out);
		if (side == ARB_WHITE)
			fprintf(out, "%d. ", number);
		else if (i == 0)
			fprintf(out, "%d... ", number);
		fputs(s->san[i], out);
		if (side == ARB_BLACK)
			number++;
		side ^= 1;
	}
}

static void print_text(FILE *out, const struct result *r)
{
	static const char *const names[2] = {"white", "black"};
	int c;

	for (c = 0; c < 2; c++) {
		const struct side_result *s = &r->side[c];

		if (!s->asked)
			continue;
		fprintf(out, "%s: %s\n", names[c], verdict_name(s->verdict));
		if (s->verdict == ARB_WINNABLE) {
			fprintf(out, "%s line: ", names[c]);
			text_line(out, r, s);
			fputc('\n', out);
		}
	}
	if (r->dead_asked)
		fprintf(out, "dead: %s\n",
			r->dead == ARB_UNWINNABLE ? "yes" :
			r->dead == ARB_WINNABLE   ? "no" :
						    "undetermined");
	fprintf(out, "nodes: %ld\n", r->nodes);
	fprintf(out, "time: %lld us\n", r->micros);
}

/* ------------------------------------------------------------------------
 * The command
 * ---------------------------------------------------------------------- */

struct analyse_args {
	int which; /* bit 0 white, bit 1 black */
	long nodes;
	int json;
	unsigned mode;
	char **operand; /* argc + 1 entries */
	int noperands;
};

static int parse_side(const char *text, int *which)
{
	if (strcmp(text, "white") == 0)
		*which = 1;
	else if (strcmp(text, "black") == 0)
		*which = 2;
	else if (strcmp(text, "both") == 0)
		*which = 3;
	else {
		cli_error(CMD, "bad --side '%s': expected white, black or both", text);
		return -1;
	}
	return 0;
}

static int parse_nodes(const char *text, long *nodes)
{
	long value = 0;
	const char *p;

	for (p = text; isdigit((unsigned char)*p); p++) {
		value = value * 10 + (*p - '0');
		if (value > CLI_ANALYSE_NODES_MAX)
			break;
	}
	if (p == text || *p != '\0' || value > CLI_ANALYSE_NODES_MAX) {
		cli_error(CMD, "bad --nodes '%s': expected a number from 0 to %ld", text,
			  CLI_ANALYSE_NODES_MAX);
		return -1;
	}
	*nodes = value;
	return 0;
}

/* Returns CLI_OK to go on, CLI_USAGE after a message, or CLI_DONE when --help
 * was answered. */
static int parse(int argc, char **argv, struct analyse_args *a)
{
	cli_argv it;
	const char *arg, *value;
	int m;

	cli_argv_init(&it, argc, argv, a->operand);
	while ((arg = cli_next_option(&it)) != NULL) {
		if (cli_is_help(arg)) {
			cli_analyse_usage(stdout);
			return CLI_DONE;
		}
		m = cli_fen_mode_option(CMD, arg, &a->mode);
		if (m < 0)
			return CLI_USAGE;
		if (m > 0)
			continue;
		if (strcmp(arg, "--json") == 0) {
			a->json = 1;
		} else if ((m = cli_option_value(&it, CMD, "--side", &value)) != 0) {
			if (m < 0 || parse_side(value, &a->which) != 0)
				return CLI_USAGE;
		} else if ((m = cli_option_value(&it, CMD, "--nodes", &value)) != 0) {
			if (m < 0 || parse_nodes(value, &a->nodes) != 0)
				return CLI_USAGE;
		} else {
			cli_error(CMD, "unknown option '%s' (try 'arbiter analyse --help')", arg);
			return CLI_USAGE;
		}
	}
	a->noperands = it.noperands;
	if (a->noperands < 1) {
		cli_error(CMD, "missing FEN (try 'arbiter analyse --help')");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* One FEN from the command line. */
static int run_one(const struct analyse_args *a, const char *fen, struct result *r)
{
	arb_position *pos = arb_position_new();
	int rc = CLI_OK, st;

	if (!pos) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	if (cli_set_fen(CMD, pos, fen, a->mode) != 0)
		rc = CLI_FAIL;
	else if ((st = analyse(pos, a->which, a->nodes, r)) != 0) {
		if (st == ANALYSE_NOMEM)
			cli_error(CMD, "out of memory");
		rc = CLI_FAIL;
	} else if (a->json)
		print_json(stdout, r);
	else
		print_text(stdout, r);
	arb_position_free(pos);
	return rc;
}

static void print_error_json(FILE *out, long line, const char *message)
{
	fputs("{\"error\": ", out);
	json_string(out, message);
	fprintf(out, ", \"line\": %ld}\n", line);
}

/* One FEN per line of standard input, one JSON object per line out. */
static int run_batch(const struct analyse_args *a, struct result *r)
{
	arb_position *pos = arb_position_new();
	char *text = NULL;
	size_t cap = 0;
	ssize_t len;
	long line = 0;
	int rc = CLI_OK;

	if (!pos) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	while ((len = getline(&text, &cap, stdin)) >= 0) {
		arb_error err;
		arb_status st;
		const char *p = text;

		line++;
		while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
			text[--len] = '\0';
		/* Before the blank test: a line that starts with NUL is not blank. */
		if (strlen(text) != (size_t)len) {
			print_error_json(stdout, line, "a NUL byte in the line");
			rc = CLI_FAIL;
			continue;
		}
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\0')
			continue; /* a blank line */
		memset(&err, 0, sizeof err);
		st = arb_position_set_fen(pos, text, a->mode, &err);
		if (st != ARB_OK) {
			print_error_json(stdout, line,
					 err.message[0] ? err.message : arb_status_name(st));
			rc = CLI_FAIL;
			continue;
		}
		int got = analyse(pos, a->which, a->nodes, r);
		if (got != 0) {
			print_error_json(stdout, line,
					 got == ANALYSE_NOMEM ? "out of memory" :
								"internal error: bad mating line");
			rc = CLI_FAIL;
			continue;
		}
		print_json(stdout, r);
		if (fflush(stdout) != 0)
			break; /* main() reports the write error */
	}
	if (ferror(stdin)) {
		cli_error(CMD, "error reading standard input");
		rc = CLI_FAIL;
	}
	free(text);
	arb_position_free(pos);
	return rc;
}

int cli_analyse(int argc, char **argv)
{
	struct analyse_args a;
	struct result *r;
	char *joined = NULL;
	int rc;

	memset(&a, 0, sizeof a);
	a.which = 3;
	a.mode = ARB_FEN_AUTO;
	a.operand = calloc((size_t)argc + 1, sizeof *a.operand);
	r = malloc(sizeof *r);
	if (!a.operand || !r) {
		cli_error(CMD, "out of memory");
		free(a.operand);
		free(r);
		return CLI_FAIL;
	}
	rc = parse(argc, argv, &a);
	if (rc == CLI_OK && a.noperands == 1 && strcmp(a.operand[0], "-") == 0) {
		rc = run_batch(&a, r);
	} else if (rc == CLI_OK) {
		joined = cli_join(CMD, a.operand, a.noperands);
		rc = joined ? run_one(&a, joined, r) : CLI_FAIL;
	}
	free(joined);
	free(r);
	free(a.operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}
