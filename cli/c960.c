/*
 * c960.c -- `arbiter 960`: Chess960 start positions by Scharnagl number,
 * random and tournament draws (seeded, or from the operating system),
 * double-960 pairs, the number of a start position, and all 960.
 *
 * The draw is made in full before anything is written, so a failure leaves
 * no partial output. Each chosen position is then written as one line, as a
 * text diagram (--ascii), and/or onto an SVG sheet (--svg FILE). Lines:
 *   N                   FEN
 *   --double W-B        W-B WHITERANK blackrank FEN
 *   --random, --rounds  ROUND N RANK FEN   (double: ROUND W-B WHITERANK blackrank FEN)
 *   --all               N RANK FEN
 *   --id FEN            N, or W-B for a pair (always W-B with --double)
 *   --id RANK [RANK]    the same for back ranks ("RNBQKBNR", "RNBQKBNR bbqnnrkr")
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "svg.h"

#define CMD "960"
#define PAIRS ((long)ARB_CHESS960_COUNT * ARB_CHESS960_COUNT)

void cli_960_usage(FILE *out)
{
	fputs("usage: arbiter 960 N [options]\n"
	      "       arbiter 960 --random [--seed S] [--exclude LIST] [options]\n"
	      "       arbiter 960 --rounds R [--seed S] [--exclude LIST] [--no-twins] [options]\n"
	      "       arbiter 960 --double W-B | --double --random [--seed S] [options]\n"
	      "       arbiter 960 --double --rounds R [--seed S] [--exclude LIST] [options]\n"
	      "       arbiter 960 --id FEN|RANK [RANK] [--double] [options]\n"
	      "       arbiter 960 --all [options]\n"
	      "\n"
	      "Chess960 start positions by Scharnagl number, 0..959 (518 is the standard\n"
	      "array RNBQKBNR, 0 is BBQNNRKR, 959 is RKRNNQBB).\n"
	      "\n"
	      "  N             the X-FEN of position N\n"
	      "  --random      draw one position; prints \"1 N BACKRANK FEN\"\n"
	      "  --rounds R    a tournament draw: R distinct positions, one line per\n"
	      "                round: \"ROUND N BACKRANK FEN\"\n"
	      "  --seed S      make the draw reproducible (S: unsigned 64-bit decimal).\n"
	      "                Without --seed the draw uses the operating system's\n"
	      "                entropy and cannot be reproduced.\n"
	      "  --exclude L   never draw these numbers: a comma-separated list of numbers\n"
	      "                and ranges, e.g. 0-99,518 (may be repeated); with --double\n"
	      "                neither array is one of them\n"
	      "  --no-twins    never draw both a position and its mirror image\n"
	      "  --double      double Chess960, independent arrays: W-B is White's array\n"
	      "                W and Black's array B (518-0: RNBQKBNR against bbqnnrkr).\n"
	      "                Prints \"W-B WHITERANK blackrank FEN\", after the round when\n"
	      "                drawn. A random pair takes x uniform in 0..921599 and\n"
	      "                W = x / 960, B = x % 960; --rounds R draws R distinct\n"
	      "                pairs that way, \"ROUND W-B WHITERANK blackrank FEN\"\n"
	      "                (an excluded array or a pair drawn before: the next x).\n"
	      "  --id FEN      the number of a start position (X-FEN or Shredder-FEN),\n"
	      "                or W-B for a double Chess960 pair (always W-B with\n"
	      "                --double); an error if FEN is not a start position\n"
	      "  --id RANK     the number of a back rank: RNBQKBNR (White's, upper case)\n"
	      "                or rnbqkbnr (Black's, lower case); two ranks, one in each\n"
	      "                case, are a pair: RNBQKBNR bbqnnrkr gives 518-0. An error\n"
	      "                says why a rank is not a Chess960 array\n"
	      "  --all         all 960 positions: \"N BACKRANK FEN\"\n"
	      "\n"
	      "Options for every form:\n"
	      "  --shredder    write FENs as Shredder-FEN (castling as rook files, HFhf)\n"
	      "  --ascii       a text diagram per position instead of the line\n"
	      "  --svg FILE    also write the diagrams to FILE as SVG: one board, or for\n"
	      "                several positions one sheet with a grid of boards (up to\n"
	      "                4 a row, in order), each titled with its number and\n"
	      "                captioned with its FEN; 190 mm wide for A4\n"
	      "\n"
	      "Seeded draws use SplitMix64 with rejection sampling (a number uniform in\n"
	      "0..m-1 is the first output x below 2^64 - (2^64 mod m), taken mod m); a\n"
	      "tournament draw is a partial Fisher-Yates shuffle of the candidates in\n"
	      "increasing order. The same seed and options give the same draw with any\n"
	      "implementation of the algorithm (see README.md).\n"
	      "\n"
	      "Exit status: 1 for a number out of range, a FEN or back rank that is not a\n"
	      "start position, an --exclude list that leaves nothing, or more rounds\n"
	      "than positions left; 2 for a bad command line (a malformed or reversed\n"
	      "--exclude range, with its column).\n",
	      out);
}

/* ---- the command line ---------------------------------------------------- */

/* One item of an --exclude list: lo..hi (lo == hi for a number), where it
 * was written (the list and the 1-based column of each end in it). */
struct range {
	long lo, hi; /* clamped like parse_long */
	const char *list;
	int lo_column, hi_column, lo_len, hi_len; /* where each is written */
};

struct c960_args {
	int random, all, id, dbl, no_twins, ascii, seeded;
	const char *rounds_text; /* --rounds, NULL if absent */
	long rounds;
	uint64_t seed;
	unsigned fen_flags;
	const char *svg;
	struct range *exclude; /* as given; checked against 0..959 later */
	int nexclude, cap;
	char **operand; /* argc + 1 entries */
	int noperands;
};

/* Reads an optional sign and decimal digits: 0 with *out set (clamped to
 * +-1e9, which is out of every range here), -1 if text is not a number. */
static int parse_long(const char *text, size_t len, long *out)
{
	long value = 0;
	size_t i = 0;
	int negative = 0;

	if (len > 0 && text[0] == '-') {
		negative = 1;
		i = 1;
	}
	if (i == len)
		return -1;
	for (; i < len; i++) {
		if (!isdigit((unsigned char)text[i]))
			return -1;
		if (value < 1000000000L)
			value = value * 10 + (text[i] - '0');
	}
	*out = negative ? -value : value;
	return 0;
}

/* An unsigned 64-bit decimal number: 0, or -1 if malformed or too big. */
static int parse_seed(const char *text, uint64_t *out)
{
	uint64_t value = 0;
	const char *p;

	for (p = text; *p; p++) {
		unsigned digit = (unsigned)(*p - '0');

		if (!isdigit((unsigned char)*p) || value > (UINT64_MAX - digit) / 10)
			return -1;
		value = value * 10 + digit;
	}
	if (p == text)
		return -1;
	*out = value;
	return 0;
}

/* "W-B": 0 with both set, -1 if not of that form. */
static int parse_pair(const char *text, long *white, long *black)
{
	const char *dash = strchr(text, '-');

	if (!dash || dash == text || !isdigit((unsigned char)dash[1]))
		return -1;
	if (parse_long(text, (size_t)(dash - text), white) != 0)
		return -1;
	return parse_long(dash + 1, strlen(dash + 1), black);
}

/* Reads decimal digits at list[*i] (spaces before them skipped) into *n,
 * clamped like parse_long; *column is where they start, *len how many.
 * 0, or -1 if there are none. */
static int read_number(const char *list, size_t *i, long *n, int *column, int *len)
{
	while (list[*i] == ' ')
		(*i)++;
	*column = (int)*i + 1;
	if (!isdigit((unsigned char)list[*i]))
		return -1;
	for (*n = 0; isdigit((unsigned char)list[*i]); (*i)++)
		if (*n < 1000000000L)
			*n = *n * 10 + (list[*i] - '0');
	*len = (int)*i + 1 - *column;
	while (list[*i] == ' ')
		(*i)++;
	return 0;
}

/* Messages quote an --exclude list up to this many bytes, then "...". */
#define LIST_QUOTED 60

static const char *ellipsis(const char *list)
{
	return strlen(list) > LIST_QUOTED ? "..." : "";
}

/* "column 7: expected a number, found 'x'" for --exclude LIST. */
static int exclude_syntax(const char *list, size_t i, const char *what)
{
	if (list[i] == '\0')
		cli_error(CMD,
			  "--exclude '%.*s%s': column %zu: expected %s, found the end "
			  "(a list is like 0-99,518)",
			  LIST_QUOTED, list, ellipsis(list), i + 1, what);
	else
		cli_error(CMD,
			  "--exclude '%.*s%s': column %zu: expected %s, found '%c' "
			  "(a list is like 0-99,518)",
			  LIST_QUOTED, list, ellipsis(list), i + 1, what,
			  isprint((unsigned char)list[i]) ? list[i] : '?');
	return CLI_USAGE;
}

static int push_range(struct c960_args *a, const struct range *r)
{
	if (a->nexclude == a->cap) {
		int cap = a->cap ? 2 * a->cap : 16;
		struct range *grown = realloc(a->exclude, (size_t)cap * sizeof *grown);

		if (!grown) {
			cli_error(CMD, "out of memory");
			return CLI_FAIL;
		}
		a->exclude = grown;
		a->cap = cap;
	}
	a->exclude[a->nexclude++] = *r;
	return CLI_OK;
}

/* Appends the items of `list` ("518", "0-99,518"; spaces allowed around
 * numbers) to a->exclude. A malformed or reversed item is a usage error
 * naming its column; the range 0..959 is checked when the draw is made. */
static int add_exclusions(struct c960_args *a, const char *list)
{
	size_t i = 0;

	for (;;) {
		struct range r;
		int rc;

		r.list = list;
		if (read_number(list, &i, &r.lo, &r.lo_column, &r.lo_len) != 0)
			return exclude_syntax(list, i, "a position number");
		r.hi = r.lo;
		r.hi_column = r.lo_column;
		r.hi_len = r.lo_len;
		if (list[i] == '-') {
			i++;
			if (read_number(list, &i, &r.hi, &r.hi_column, &r.hi_len) != 0)
				return exclude_syntax(list, i, "the last number of the range");
			if (r.hi < r.lo) {
				cli_error(CMD,
					  "--exclude '%.*s%s': column %d: the range %ld-%ld is "
					  "reversed (write %ld-%ld)",
					  LIST_QUOTED, list, ellipsis(list), r.lo_column, r.lo,
					  r.hi, r.hi, r.lo);
				return CLI_USAGE;
			}
		}
		if (list[i] != ',' && list[i] != '\0')
			return exclude_syntax(list, i, "',' or the end");
		rc = push_range(a, &r);
		if (rc != CLI_OK || list[i] == '\0')
			return rc;
		i++;
	}
}

/* --seed S */
static int set_seed(struct c960_args *a, const char *v)
{
	if (a->seeded) {
		cli_error(CMD, "--seed given twice");
		return CLI_USAGE;
	}
	if (parse_seed(v, &a->seed) != 0) {
		cli_error(CMD, "bad seed '%s': expected a decimal number from 0 to %" PRIu64, v,
			  UINT64_MAX);
		return CLI_USAGE;
	}
	a->seeded = 1;
	return CLI_OK;
}

/* --rounds R */
static int set_rounds(struct c960_args *a, const char *v)
{
	if (a->rounds_text) {
		cli_error(CMD, "--rounds given twice");
		return CLI_USAGE;
	}
	if (parse_long(v, strlen(v), &a->rounds) != 0 || a->rounds < 1) {
		cli_error(CMD, "bad number of rounds '%s': expected a positive number", v);
		return CLI_USAGE;
	}
	a->rounds_text = v;
	return CLI_OK;
}

/* --svg FILE */
static int set_svg(struct c960_args *a, const char *v)
{
	if (a->svg || v[0] == '\0') {
		cli_error(CMD, a->svg ? "--svg given twice" : "--svg needs a file name");
		return CLI_USAGE;
	}
	a->svg = v;
	return CLI_OK;
}

/* Options with a value. Returns 1 if argv[*i] was one (*rc set), else 0. */
static int parse_valued(cli_argv *it, struct c960_args *a, int *rc)
{
	static const struct {
		const char *name;
		int (*set)(struct c960_args *a, const char *value);
	} options[] = {
		{"--seed", set_seed},
		{"--rounds", set_rounds},
		{"--exclude", add_exclusions},
		{"--svg", set_svg},
	};
	const char *value;
	size_t k;

	for (k = 0; k < sizeof options / sizeof options[0]; k++) {
		int m = cli_option_value(it, CMD, options[k].name, &value);

		if (m == 0)
			continue;
		*rc = m < 0 ? CLI_USAGE : options[k].set(a, value);
		return 1;
	}
	return 0;
}

/* Returns CLI_OK to go on, CLI_USAGE (or CLI_FAIL) after a message, or
 * CLI_DONE when --help was answered. */
static int parse(int argc, char **argv, struct c960_args *a)
{
	cli_argv it;
	const char *arg;
	int rc;

	cli_argv_init(&it, argc, argv, a->operand);
	while ((arg = cli_next_option(&it)) != NULL) {
		if (cli_is_help(arg)) {
			cli_960_usage(stdout);
			return CLI_DONE;
		}
		if (parse_valued(&it, a, &rc)) {
			if (rc != CLI_OK)
				return rc;
		} else if (strcmp(arg, "--random") == 0) {
			a->random = 1;
		} else if (strcmp(arg, "--all") == 0) {
			a->all = 1;
		} else if (strcmp(arg, "--id") == 0) {
			a->id = 1;
		} else if (strcmp(arg, "--double") == 0) {
			a->dbl = 1;
		} else if (strcmp(arg, "--no-twins") == 0) {
			a->no_twins = 1;
		} else if (strcmp(arg, "--ascii") == 0) {
			a->ascii = 1;
		} else if (strcmp(arg, "--shredder") == 0) {
			a->fen_flags |= ARB_FEN_SHREDDER;
		} else {
			cli_error(CMD, "unknown option '%s' (try 'arbiter 960 --help')", arg);
			return CLI_USAGE;
		}
	}
	a->noperands = it.noperands;
	return CLI_OK;
}

/* The combinations that make sense; a message and CLI_USAGE otherwise. */
static int check_combination(const struct c960_args *a)
{
	int drawing = a->random || a->rounds_text;
	int forms = (a->noperands > 0 && !a->id) + drawing + a->id + a->all;

	if (forms == 0) {
		cli_error(CMD, a->dbl ? "--double needs a pair W-B (e.g. 518-0) or --random" :
					"missing N, --random, --rounds, --id or --all "
					"(try 'arbiter 960 --help')");
		return CLI_USAGE;
	}
	if (forms > 1) {
		cli_error(CMD, "choose one of N, --random/--rounds, --id FEN and --all");
		return CLI_USAGE;
	}
	if (a->id && a->noperands == 0) {
		cli_error(CMD, "--id needs a FEN");
		return CLI_USAGE;
	}
	if (!a->id && a->noperands > 1) {
		cli_error(CMD, "too many arguments: '%s' (a FEN goes with --id)", a->operand[1]);
		return CLI_USAGE;
	}
	if (a->seeded && !drawing) {
		cli_error(CMD, "--seed goes with --random or --rounds");
		return CLI_USAGE;
	}
	if ((a->nexclude > 0 || a->no_twins) && !drawing) {
		cli_error(CMD, "--exclude and --no-twins go with --random or --rounds");
		return CLI_USAGE;
	}
	if (a->no_twins && a->dbl) {
		cli_error(CMD, "--no-twins does not go with --double (a pair has no mirror "
			       "twin to avoid)");
		return CLI_USAGE;
	}
	if (a->dbl && a->all) {
		cli_error(CMD, "--double goes with a pair W-B, --random, --rounds or --id");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* ---- choosing the positions ------------------------------------------------ */

/* One position to write: `round` is 0 outside a draw; `pair` writes the
 * number as W-B. */
struct entry {
	int round, white, black, pair;
};

static int in_range(long n)
{
	return n >= 0 && n < ARB_CHESS960_COUNT;
}

/* N or W-B given on the command line. */
static int choose_given(const struct c960_args *a, struct entry *e)
{
	const char *text = a->operand[0];
	long w, b;

	if (a->dbl) {
		if (parse_pair(text, &w, &b) != 0) {
			cli_error(CMD, "bad pair '%s': --double needs W-B, e.g. 518-0", text);
			return CLI_USAGE;
		}
	} else if (parse_long(text, strlen(text), &w) != 0) {
		if (parse_pair(text, &w, &b) == 0)
			cli_error(CMD, "'%s' is a double Chess960 pair: add --double", text);
		else
			cli_error(CMD, "bad position number '%s': expected 0..959", text);
		return CLI_USAGE;
	} else {
		b = w;
	}
	if (!in_range(w) || !in_range(b)) {
		if (a->dbl)
			cli_error(CMD, "position number %ld is not in 0..959", in_range(w) ? b : w);
		else /* as given: a huge number is clamped when read */
			cli_error(CMD, "position number %s is not in 0..959", text);
		return CLI_FAIL;
	}
	e->white = (int)w;
	e->black = (int)b;
	e->pair = a->dbl;
	return CLI_OK;
}

/* The --exclude ranges as a list of distinct numbers (out[], up to 960;
 * *n set). A number outside 0..959 is an error naming its column, and so is
 * a list that leaves nothing to draw. */
static int collect_exclusions(const struct c960_args *a, int *out, int *n)
{
	char excluded[ARB_CHESS960_COUNT] = {0};
	int i, k;

	*n = 0;
	for (i = 0; i < a->nexclude; i++) {
		const struct range *r = &a->exclude[i];
		int low_bad = !in_range(r->lo), column = low_bad ? r->lo_column : r->hi_column;

		if (low_bad || !in_range(r->hi)) { /* the number as written: not clamped */
			cli_error(CMD,
				  "--exclude '%.*s%s': column %d: %.*s is not a position number "
				  "(0..959)",
				  LIST_QUOTED, r->list, ellipsis(r->list), column,
				  low_bad ? r->lo_len : r->hi_len, r->list + column - 1);
			return CLI_FAIL;
		}
		for (k = (int)r->lo; k <= (int)r->hi; k++)
			excluded[k] = 1;
	}
	for (k = 0; k < ARB_CHESS960_COUNT; k++)
		if (excluded[k])
			out[(*n)++] = k;
	if (*n == ARB_CHESS960_COUNT) {
		cli_error(CMD, "--exclude: every position (0-959) is excluded: nothing is left "
			       "to draw");
		return CLI_FAIL;
	}
	return CLI_OK;
}

/* --double with --random or --rounds: distinct pairs into e[0..rounds-1]. */
static int choose_pairs(const struct c960_args *a, arb_rng *rng, const int *exclude, int nexclude,
			struct entry *e, int rounds)
{
	int *white = malloc((size_t)rounds * sizeof *white);
	int *black = malloc((size_t)rounds * sizeof *black);
	arb_error err;
	int i, rc = CLI_OK;

	memset(&err, 0, sizeof err);
	if (!white || !black) {
		cli_error(CMD, "out of memory");
		rc = CLI_FAIL;
	} else if (arb_chess960_draw_double(rng, rounds, exclude, nexclude, white, black, &err) !=
		   ARB_OK) {
		cli_error(CMD, "%s%s", a->rounds_text ? "--rounds: " : "", err.message);
		rc = CLI_FAIL;
	}
	for (i = 0; rc == CLI_OK && i < rounds; i++) {
		e[i].round = i + 1;
		e[i].white = white[i];
		e[i].black = black[i];
		e[i].pair = 1;
	}
	free(white);
	free(black);
	return rc;
}

/* --random and --rounds: fills e[0..rounds-1]. */
static int choose_drawn(const struct c960_args *a, struct entry *e, int rounds)
{
	arb_rng rng;
	arb_error err;
	int *numbers, exclude[ARB_CHESS960_COUNT], nexclude, i, rc;

	rc = collect_exclusions(a, exclude, &nexclude);
	if (rc != CLI_OK)
		return rc;
	if (a->seeded)
		arb_rng_seed(&rng, a->seed);
	else
		arb_rng_system(&rng);
	if (a->dbl)
		return choose_pairs(a, &rng, exclude, nexclude, e, rounds);
	numbers = malloc((size_t)rounds * sizeof *numbers);
	if (!numbers) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	memset(&err, 0, sizeof err);
	if (arb_chess960_draw(&rng, rounds, exclude, nexclude, a->no_twins, numbers, &err) !=
	    ARB_OK) {
		cli_error(CMD, "%s%s", a->rounds_text ? "--rounds: " : "", err.message);
		rc = CLI_FAIL;
	}
	for (i = 0; rc == CLI_OK && i < rounds; i++) {
		e[i].round = i + 1;
		e[i].white = e[i].black = numbers[i];
		e[i].pair = 0;
	}
	free(numbers);
	return rc;
}

/* One back rank of --id: its number and its colour by case (upper case
 * White's, lower case Black's). A message and CLI_FAIL otherwise. */
static int rank_number(const char *text, int *n, arb_color *color)
{
	int upper = 0, lower = 0;
	arb_error err;
	const char *p;

	for (p = text; *p; p++) {
		upper += isupper((unsigned char)*p) != 0;
		lower += islower((unsigned char)*p) != 0;
	}
	if (*text && strspn(text, "0123456789-") == strlen(text)) {
		cli_error(CMD,
			  "--id: '%.20s' is a number: --id takes a FEN or a back rank "
			  "('arbiter 960 N' or 'arbiter 960 --double W-B' gives the position)",
			  text);
		return CLI_FAIL;
	}
	memset(&err, 0, sizeof err);
	if (arb_chess960_number(text, n, &err) != ARB_OK) {
		cli_error(CMD, "--id: '%.20s%s' is not a Chess960 back rank: %s", text,
			  strlen(text) > 20 ? "..." : "", err.message);
		return CLI_FAIL;
	}
	if (upper > 0 && lower > 0) {
		cli_error(CMD,
			  "--id: '%s' mixes upper and lower case: write White's array in "
			  "upper case (RNBQKBNR) or Black's in lower case (rnbqkbnr)",
			  text);
		return CLI_FAIL;
	}
	*color = upper > 0 ? ARB_WHITE : ARB_BLACK;
	return CLI_OK;
}

/* --id RANK or --id RANK RANK (one argument or two): one array (either
 * colour; Chess960 gives both sides the same) or a pair, one rank in each
 * case, in either order. */
static int identify_ranks(const struct c960_args *a, struct entry *e)
{
	char *text = cli_join(CMD, a->operand, a->noperands), *word[3], *save = NULL;
	arb_color c0, c1;
	int n0, n1, nwords = 0, rc = CLI_FAIL;

	if (!text)
		return CLI_FAIL;
	for (char *w = strtok_r(text, " \t", &save); w && nwords < 3;
	     w = strtok_r(NULL, " \t", &save))
		word[nwords++] = w;
	if (nwords == 0 || nwords > 2) {
		cli_error(CMD,
			  "--id: expected a FEN, a back rank (RNBQKBNR) or White's and "
			  "Black's back ranks (RNBQKBNR bbqnnrkr)%s",
			  nwords ? ", not 3 or more words" : "");
	} else if (rank_number(word[0], &n0, &c0) != CLI_OK) {
		/* said */
	} else if (nwords == 1) {
		e->white = e->black = n0;
		rc = CLI_OK;
	} else if (rank_number(word[1], &n1, &c1) != CLI_OK) {
		/* said */
	} else if (c0 == c1) {
		cli_error(CMD,
			  "--id: '%s %s': write White's array in upper case and Black's in "
			  "lower case (RNBQKBNR bbqnnrkr)",
			  word[0], word[1]);
	} else {
		e->white = c0 == ARB_WHITE ? n0 : n1;
		e->black = c0 == ARB_WHITE ? n1 : n0;
		rc = CLI_OK;
	}
	e->pair = a->dbl || e->white != e->black;
	free(text);
	return rc;
}

/* 1 if the --id operands are back ranks: no '/', which every FEN has. */
static int operands_are_ranks(const struct c960_args *a)
{
	int i;

	for (i = 0; i < a->noperands; i++)
		if (strchr(a->operand[i], '/'))
			return 0;
	return 1;
}

/* --id FEN or --id RANK [RANK]. */
static int choose_identified(const struct c960_args *a, struct entry *e)
{
	arb_position *pos;
	arb_error err;
	char *fen;
	int rc = CLI_OK;

	if (operands_are_ranks(a))
		return identify_ranks(a, e);
	pos = arb_position_new();
	fen = cli_join(CMD, a->operand, a->noperands);
	if (!pos || !fen) {
		if (!pos)
			cli_error(CMD, "out of memory");
		rc = CLI_FAIL;
	} else if (cli_set_fen(CMD, pos, fen, ARB_FEN_CHESS960) != 0) {
		rc = CLI_FAIL;
	} else {
		memset(&err, 0, sizeof err);
		if (arb_chess960_identify(pos, &e->white, &e->black, &err) != ARB_OK) {
			/* The engine says "not a start position: ..." or names the
			 * array that is not a Chess960 array. */
			if (strncmp(err.message, "not a start position", 20) == 0)
				cli_error(CMD, "--id: %s", err.message);
			else
				cli_error(CMD, "--id: not a Chess960 start position: %s",
					  err.message);
			rc = CLI_FAIL;
		}
		e->pair = a->dbl || e->white != e->black;
	}
	free(fen);
	arb_position_free(pos);
	return rc;
}

/* ---- writing ----------------------------------------------------------------- */

/* "518" or "518-0". */
static void format_id(const struct entry *e, char *buf, size_t n)
{
	if (e->pair)
		snprintf(buf, n, "%d-%d", e->white, e->black);
	else
		snprintf(buf, n, "%d", e->white);
}

/* "RNBQKBNR" or "RNBQKBNR bbqnnrkr": White's array, then Black's in lower case. */
static void format_ranks(const struct entry *e, char *buf)
{
	int i;

	arb_chess960_back_rank(e->white, buf);
	if (!e->pair)
		return;
	buf[8] = ' ';
	arb_chess960_back_rank(e->black, buf + 9);
	for (i = 9; i < 17; i++)
		buf[i] = (char)tolower((unsigned char)buf[i]);
}

static void print_line(const struct c960_args *a, const struct entry *e, const char *fen)
{
	char id[16], ranks[18];

	format_id(e, id, sizeof id);
	format_ranks(e, ranks);
	if (a->id) {
		puts(id);
	} else if (e->round > 0) {
		printf("%d %s %s %s\n", e->round, id, ranks, fen);
	} else if (a->all || e->pair) {
		printf("%s %s %s\n", id, ranks, fen);
	} else {
		puts(fen);
	}
}

/* The heading of a diagram: "Round 3: Chess960 518: RNBQKBNR". */
static void print_heading(const struct entry *e, const char *sep)
{
	char id[16], ranks[18];

	format_id(e, id, sizeof id);
	format_ranks(e, ranks);
	if (e->round > 0)
		printf("Round %d%s", e->round, sep);
	printf("%sChess960 %s%s%s\n", e->pair ? "Double " : "", id, sep, ranks);
}

static void print_ascii(const struct entry *e, const arb_position *pos, const char *fen)
{
	int rank, file;

	print_heading(e, ": ");
	puts("  +-----------------+");
	for (rank = 7; rank >= 0; rank--) {
		printf("%d |", rank + 1);
		for (file = 0; file < 8; file++) {
			arb_piece pc = arb_position_piece_at(pos, ARB_SQUARE(file, rank));
			char c = ".PNBRQK"[ARB_PIECE_TYPE(pc)];

			if (pc != ARB_EMPTY && ARB_PIECE_COLOR(pc) == ARB_BLACK)
				c = (char)tolower((unsigned char)c);
			printf(" %c", c);
		}
		puts(" |");
	}
	puts("  +-----------------+");
	puts("    a b c d e f g h");
	printf("FEN %s\n", fen);
}

/* The SVG title: "Round 3 · Chess960 518 · RNBQKBNR" (U+00B7 between the
 * parts); a pair has no ranks in its title: the board shows them. */
static void svg_title(const struct entry *e, char *buf, size_t n)
{
	static const char dot[] = " \xc2\xb7 ";
	char round[32] = "", id[16], ranks[18];

	format_id(e, id, sizeof id);
	format_ranks(e, ranks);
	if (e->round > 0)
		snprintf(round, sizeof round, "Round %d%s", e->round, dot);
	if (e->pair)
		snprintf(buf, n, "%sDouble Chess960 %s", round, id);
	else
		snprintf(buf, n, "%sChess960 %s%s%s", round, id, dot, ranks);
}

static int write_all(const struct c960_args *a, const struct entry *e, int count)
{
	arb_position *pos = arb_position_new();
	cli_svg *svg = NULL;
	char fen[ARB_FEN_MAX + 1], title[96];
	int i, rc = CLI_OK;

	if (!pos) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	if (a->svg) {
		svg = cli_svg_open(CMD, a->svg, count,
				   count > 1 ? "arbiter: Chess960 start positions" :
					       "arbiter: Chess960 start position");
		if (!svg) {
			arb_position_free(pos);
			return CLI_FAIL;
		}
	}
	for (i = 0; i < count; i++) {
		if (arb_chess960_position(pos, e[i].white, e[i].black) != ARB_OK) {
			cli_error(CMD, "internal error: no position %d-%d", e[i].white, e[i].black);
			rc = CLI_FAIL;
			break;
		}
		arb_position_to_fen(pos, fen, sizeof fen, a->fen_flags);
		if (a->ascii) {
			if (i > 0)
				putchar('\n');
			print_ascii(&e[i], pos, fen);
		} else {
			print_line(a, &e[i], fen);
		}
		if (svg) {
			svg_title(&e[i], title, sizeof title);
			cli_svg_board(svg, pos, title, fen, 0);
		}
	}
	if (cli_svg_close(svg) != 0)
		rc = CLI_FAIL;
	arb_position_free(pos);
	return rc;
}

static int run(const struct c960_args *a)
{
	struct entry *e;
	int count = 1, i, rc;

	if (a->all)
		count = ARB_CHESS960_COUNT;
	if (a->rounds_text) {
		long most = a->dbl ? PAIRS : ARB_CHESS960_COUNT;

		if (a->rounds > most) {
			cli_error(CMD, "--rounds: only %ld %s can be drawn for %s rounds", most,
				  a->dbl ? "pairs" : "positions", a->rounds_text);
			return CLI_FAIL;
		}
		count = (int)a->rounds;
	}
	e = calloc((size_t)count, sizeof *e);
	if (!e) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	if (a->all) {
		for (i = 0; i < count; i++)
			e[i].white = e[i].black = i;
		rc = CLI_OK;
	} else if (a->id) {
		rc = choose_identified(a, e);
	} else if (a->random || a->rounds_text) {
		rc = choose_drawn(a, e, count);
	} else {
		rc = choose_given(a, e);
	}
	if (rc == CLI_OK)
		rc = write_all(a, e, count);
	free(e);
	return rc;
}

int cli_960(int argc, char **argv)
{
	struct c960_args a;
	int rc;

	memset(&a, 0, sizeof a);
	a.operand = calloc((size_t)argc + 1, sizeof *a.operand);
	if (!a.operand) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	rc = parse(argc, argv, &a);
	if (rc == CLI_OK)
		rc = check_combination(&a);
	if (rc == CLI_OK)
		rc = run(&a);
	free(a.exclude);
	free(a.operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}
