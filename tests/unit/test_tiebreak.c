/*
 * test_tiebreak.c -- standings and tie-breaks by regulation edition.
 *
 * Every value of tests/data/tournaments/tiebreaks/ (40 finished events) and
 * of real/held-c07-2023-swiss-5 for every code and FIDE edition (2022,
 * 2024, 2026), each tie-break computed alone after points (as the data's
 * DE is: among players tied on points), and the ranks by points and the
 * file's 202 list; per-edition counts are printed and any mismatch fails
 * unless it is in `exceptions` below with the article that says why.
 * Hand-worked examples for uscf (US Chess 34E1-34E3's published examples)
 * and fide2009 (C.02 13.15.2's formula), the rating tables, the code
 * parser and bad input.
 *
 * Everything goes through the public API: the files are read by
 * arb_trf_read, and the hand-worked examples are TRF text read the same
 * way, so what is checked is what a caller of the library gets.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "testutil.h"

/* ------------------------------------------------------------------------
 * Files, read by the library's TRF reader
 * ---------------------------------------------------------------------- */

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(fread(buf, 1, (size_t)n, f), n);
	buf[n] = '\0';
	fclose(f);
	if (len)
		*len = (size_t)n;
	return buf;
}

/* A tournament read from TRF text by arb_trf_read: no error allowed. */
static arb_tournament *read_text(const char *text, size_t len, const char *name)
{
	arb_tournament *t = NULL;
	arb_error err;
	arb_status st = arb_trf_read(text, len, name, 0, &t, &err);
	ck_assert_msg(st == ARB_OK, "%s: %s", name, err.message);
	ck_assert_ptr_nonnull(t);
	return t;
}

static arb_tournament *load_trf(const char *path)
{
	size_t len;
	char *text = slurp(path, &len);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	arb_tournament *t = read_text(text, len, path);
	free(text);
	return t;
}

/* ------------------------------------------------------------------------
 * The reference tables: one row per player, CODE@EDITION columns
 * ---------------------------------------------------------------------- */

#define MAX_COLS 160
#define MAX_ROWS 512

typedef struct table {
	char *text;
	int ncols, nrows;
	char *head[MAX_COLS];
	char *cell[MAX_ROWS][MAX_COLS];
} table;

static table *load_table(const char *path)
{
	table *tb = calloc(1, sizeof *tb);
	ck_assert_ptr_nonnull(tb);
	tb->text = slurp(path, NULL);
	ck_assert_msg(tb->text != NULL, "cannot read %s", path);
	int row = -1;
	for (char *line = tb->text; *line;) {
		size_t len = strcspn(line, "\r\n");
		char *next = line + len;
		while (*next == '\r' || *next == '\n')
			*next++ = '\0';
		line[len] = '\0';
		char **dst = row < 0 ? tb->head : tb->cell[row];
		int n = 0;
		for (char *f = line; f && n < MAX_COLS;) {
			char *tab = strchr(f, '\t');
			if (tab)
				*tab = '\0';
			dst[n++] = f;
			f = tab ? tab + 1 : NULL;
		}
		if (row < 0)
			tb->ncols = n;
		row++;
		ck_assert_int_lt(row, MAX_ROWS);
		line = next;
	}
	tb->nrows = row;
	return tb;
}

static void free_table(table *tb)
{
	free(tb->text);
	free(tb);
}

/* ------------------------------------------------------------------------
 * Exactness over the reference data
 * ---------------------------------------------------------------------- */

/* Reference values this code does not reproduce because the regulation's
 * text says otherwise: FILE CODE@EDITION ID and the article. None so far. */
static const struct {
	const char *file, *column;
	int id;
	const char *why;
} exceptions[] = {
	{NULL, NULL, 0, NULL},
};

static int excepted(const char *file, const char *column, int id)
{
	for (size_t i = 0; exceptions[i].file; i++)
		if (!strcmp(exceptions[i].file, file) && !strcmp(exceptions[i].column, column) &&
		    exceptions[i].id == id)
			return 1;
	return 0;
}

static const int editions[3] = {2022, 2024, 2026};

typedef struct tally {
	long values[3], value_miss[3], ranks[3], rank_miss[3], excepted;
	long listed[3], listed_miss[3]; /* the values of the 202 list's run */
} tally;

static int row_of(const arb_standings *s, int id)
{
	for (int i = 0; i < arb_standings_count(s); i++)
		if (arb_standings_row(s, i, NULL, NULL) == id)
			return i;
	return -1;
}

static int column_of(const table *tb, const char *code, const char *suffix)
{
	char name[48];
	snprintf(name, sizeof name, "%s%s", code, suffix);
	for (int col = 0; col < tb->ncols; col++)
		if (!strcmp(tb->head[col], name))
			return col;
	return -1;
}

/* The values of a standings run with the whole record 202 list: each
 * column the same as when computed alone (DE after BH included: its
 * column is among the players tied on points, its ranking among those
 * still tied). */
static void check_listed(const arb_standings *s, const table *tb, const char *suffix,
			 const char *label, int e, tally *y)
{
	for (int k = 0; k < arb_standings_ntiebreaks(s); k++) {
		const char *code = arb_standings_tiebreak(s, k)->code;
		int col = column_of(tb, code, suffix);
		if (col < 0)
			continue;
		for (int r = 0; r < tb->nrows; r++) {
			int id = atoi(tb->cell[r][0]), i = row_of(s, id);
			const char *want = tb->cell[r][col];
			double v;
			ck_assert_int_ge(i, 0);
			int def = arb_standings_value(s, i, k, &v);
			int ok = !strcmp(want, "-0") ? def == 0 :
						       def == 1 && fabs(v - atof(want)) < 1e-9;
			if (ok)
				y->listed[e]++;
			else if (++y->listed_miss[e] <= 40)
				fprintf(stderr,
					"%s: player %d %s in the 202 list: want %s, got %g\n",
					label, id, tb->head[col], want, def == 1 ? v : -0.0);
		}
	}
}

static void check_case(const char *trf, const char *tsv, const char *label, tally *y)
{
	arb_tournament *t = load_trf(trf);
	table *tb = load_table(tsv);
	ck_assert_str_eq(tb->head[0], "id");
	for (int e = 0; e < 3; e++) {
		arb_regulation reg;
		char name[16];
		snprintf(name, sizeof name, "fide%d", editions[e]);
		ck_assert_int_eq(arb_regulation_init(&reg, name, NULL), ARB_OK);
		char suffix[8];
		snprintf(suffix, sizeof suffix, "@%d", editions[e]);
		for (int col = 2; col < tb->ncols; col++) {
			const char *at = strstr(tb->head[col], suffix);
			if (!at || at[strlen(suffix)] != '\0')
				continue;
			char code[32];
			snprintf(code, sizeof code, "%.*s", (int)(at - tb->head[col]),
				 tb->head[col]);
			arb_standings *s = NULL;
			arb_error err;
			if (!strcmp(code, "rank")) {
				ck_assert_msg(arb_standings_compute(t, &reg, NULL, 0, &s, &err) ==
						      ARB_OK,
					      "%s: %s", label, err.message);
			} else {
				arb_tiebreak one;
				ck_assert_msg(arb_tiebreak_parse(&one, code, &err) == ARB_OK,
					      "%s: %s: %s", label, code, err.message);
				ck_assert_msg(arb_standings_compute(t, &reg, &one, 1, &s, &err) ==
						      ARB_OK,
					      "%s: %s", label, err.message);
			}
			for (int r = 0; r < tb->nrows; r++) {
				int id = atoi(tb->cell[r][0]);
				const char *want = tb->cell[r][col];
				int i = row_of(s, id);
				ck_assert_msg(i >= 0, "%s: no player %d", label, id);
				int ok;
				char got[48];
				if (!strcmp(code, "rank")) {
					int rank;
					arb_standings_row(s, i, &rank, NULL);
					ok = rank == atoi(want);
					snprintf(got, sizeof got, "%d", rank);
				} else {
					double v;
					int def = arb_standings_value(s, i, 0, &v);
					if (!strcmp(want, "-0"))
						ok = def == 0;
					else
						ok = def == 1 && fabs(v - atof(want)) < 1e-9;
					if (def)
						snprintf(got, sizeof got, "%g", v);
					else
						snprintf(got, sizeof got, "undefined");
				}
				long *hits = !strcmp(code, "rank") ? y->ranks : y->values;
				long *miss = !strcmp(code, "rank") ? y->rank_miss : y->value_miss;
				if (ok)
					hits[e]++;
				else if (excepted(label, tb->head[col], id))
					y->excepted++;
				else {
					miss[e]++;
					if (miss[e] <= 40)
						fprintf(stderr,
							"%s: player %d %s: want %s, got %s\n",
							label, id, tb->head[col], want, got);
				}
			}
			if (!strcmp(code, "rank"))
				check_listed(s, tb, suffix, label, e, y);
			arb_standings_free(s);
		}
	}
	free_table(tb);
	arb_tournament_free(t);
}

START_TEST(reference_data)
{
	char dir[1024], trf[1200], tsv[1200];
	snprintf(dir, sizeof dir, "%s/tournaments", test_data_dir());
	tally y = {0};
	int cases = 0;
	snprintf(tsv, sizeof tsv, "%s/tiebreaks/index.tsv", dir);
	table *index = load_table(tsv);
	for (int r = 0; r < index->nrows; r++) {
		const char *c = index->cell[r][0];
		snprintf(trf, sizeof trf, "%s/tiebreaks/%s.trf", dir, c);
		snprintf(tsv, sizeof tsv, "%s/tiebreaks/%s.tsv", dir, c);
		check_case(trf, tsv, c, &y);
		cases++;
	}
	free_table(index);
	snprintf(trf, sizeof trf, "%s/real/held-c07-2023-swiss-5.trf", dir);
	snprintf(tsv, sizeof tsv, "%s/real/held-c07-2023-swiss-5.tiebreaks.tsv", dir);
	check_case(trf, tsv, "held-c07-2023-swiss-5", &y);
	cases++;
	ck_assert_int_eq(cases, 41);
	long miss = y.excepted * 0;
	for (int e = 0; e < 3; e++) {
		printf("tiebreak: C.07 %d: values %ld/%ld, ranks %ld/%ld\n", editions[e],
		       y.values[e], y.values[e] + y.value_miss[e], y.ranks[e],
		       y.ranks[e] + y.rank_miss[e]);
		printf("tiebreak: C.07 %d: values in the 202 list's run %ld/%ld\n", editions[e],
		       y.listed[e], y.listed[e] + y.listed_miss[e]);
		miss += y.value_miss[e] + y.rank_miss[e] + y.listed_miss[e];
		ck_assert_int_gt(y.listed[e], 0);
		ck_assert_int_gt(y.values[e], 0);
	}
	printf("tiebreak: %d files, %ld excepted\n", cases, y.excepted);
	fflush(stdout);
	ck_assert_int_eq(miss, 0);
}
END_TEST

/* ------------------------------------------------------------------------
 * Hand-worked examples
 * ---------------------------------------------------------------------- */

/* A Swiss from rows of cells "OPPONENT COLOUR RESULT", e.g. "5w=" or
 * "0-H", one row per player (ids 1..n), all rated 2000: written as TRF
 * text (092 a Swiss, 142 the rounds, 001 records) and read by the
 * library's reader, as a file would be. */
static arb_tournament *build(int n, int rounds, const char *const *rows)
{
	size_t cap = 256 + (size_t)n * (100 + 10 * (size_t)rounds), len = 0;
	char *text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	len += (size_t)snprintf(text + len, cap - len,
				"012 Hand-worked example\r092 Individual: Swiss system\r142 %d\r",
				rounds);
	for (int i = 0; i < n; i++) {
		const char *c = rows[i];
		char cells[512] = "";
		size_t at = 0;
		int tenths = 0;
		for (int k = 0; k < rounds; k++) {
			char col, res;
			int opp, used;
			ck_assert_msg(sscanf(c, " %d%c%c%n", &opp, &col, &res, &used) == 3,
				      "row %d round %d: '%s'", i + 1, k + 1, c);
			ck_assert_uint_lt(at + 10, sizeof cells);
			at += (size_t)snprintf(cells + at, sizeof cells - at, "  %04d %c %c", opp,
					       col, res);
			tenths += strchr("1+WFU", res) ? 10 : strchr("=DH", res) ? 5 : 0;
			c += used;
		}
		char name[24]; /* "Player %d" of any int: no truncation warning */
		snprintf(name, sizeof name, "Player %d", i + 1);
		len += (size_t)snprintf(text + len, cap - len,
					"001 %4d m    %-33s %4d %-3s %11s %10s %2d.%d %4s%s\r",
					i + 1, name, 2000, "FID", "", "", tenths / 10, tenths % 10,
					"", cells);
		ck_assert_uint_lt(len, cap);
	}
	arb_tournament *t = read_text(text, len, "(example)");
	free(text);
	ck_assert_int_eq(arb_tournament_player_count(t), n);
	ck_assert_int_eq(arb_tournament_rounds_played(t), rounds);
	return t;
}

/* Sets player id's rating through the public API. */
static void set_rating(arb_tournament *t, int id, int rating)
{
	arb_tournament_player p;
	int i = arb_tournament_player_index(t, id);
	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(arb_tournament_get_player(t, i, &p), ARB_OK);
	p.rating = rating;
	ck_assert_int_eq(arb_tournament_set_player(t, i, &p), ARB_OK);
}

/* Sets the event's record 202 through the public API. */
static void set_202(arb_tournament *t, const char *list)
{
	arb_tournament_info in;
	ck_assert_int_eq(arb_tournament_get_info(t, &in), ARB_OK);
	snprintf(in.tiebreaks, sizeof in.tiebreaks, "%s", list);
	ck_assert_int_eq(arb_tournament_set_info(t, &in), ARB_OK);
}

/* The value of tie-break `code` for player id under regulation `reg`. */
static double value_of(const arb_tournament *t, const char *reg, const char *code, int id)
{
	arb_regulation r;
	arb_tiebreak tb;
	arb_standings *s;
	arb_error err;
	double v = -1;
	ck_assert_int_eq(arb_regulation_init(&r, reg, &err), ARB_OK);
	ck_assert_msg(arb_tiebreak_parse(&tb, code, &err) == ARB_OK, "%s: %s", code, err.message);
	ck_assert_int_eq(arb_standings_compute(t, &r, &tb, 1, &s, &err), ARB_OK);
	int i = row_of(s, id);
	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(arb_standings_value(s, i, 0, &v), 1);
	arb_standings_free(s);
	return v;
}

/*
 * Six players, five rounds. Player 2 wins rounds 1-2, loses round 3 and is
 * absent in rounds 4-5: US Chess 34E1's own example of an adjusted score
 * ("1 + 1 + 0 + 0.5 + 0.5 = 3"). Player 1 draws, wins, wins, takes a
 * half-point bye in round 4 and loses round 5 (3.0 points).
 */
static const char *const six[] = {
	"5w= 6b1 2w1 0-H 3b0", /* 1: 3.0 */
	"3w1 4b1 1b0 0-Z 0-Z", /* 2: 2.0, adjusted 3.0 */
	"2b0 5w= 6b0 4w1 1w1", /* 3: 2.5 */
	"6w= 2w0 5b1 3b0 0-Z", /* 4: 1.5, adjusted 2.0 */
	"1b= 3b= 4w0 6w1 0-U", /* 5: 3.0, adjusted 2.5 (the PAB counts 1/2) */
	"4b= 1w0 3w1 5b0 0-Z", /* 6: 1.5, adjusted 2.0 */
};

START_TEST(uscf_34e1_median_solkoff)
{
	arb_tournament *t = build(6, 5, six);
	/* 34E2 Solkoff: 2.5 + 2.0 + 3.0 + 0 (own bye: an opponent with 0) + 2.5 */
	ck_assert_double_eq(value_of(t, "uscf", "SOLK", 1), 10.0);
	/* 34E1: a plus score drops the lowest (the bye's 0) */
	ck_assert_double_eq(value_of(t, "uscf", "MM", 1), 10.0);
	/* player 2: 2.5 + 2.0 + 3.0 + 0 + 0 = 7.5; a minus score drops the highest */
	ck_assert_double_eq(value_of(t, "uscf", "SOLK", 2), 7.5);
	ck_assert_double_eq(value_of(t, "uscf", "MM", 2), 4.5);
	/* player 3, an even score (2.5 of 5): both ends dropped; opponents 2
	 * (3.0), 5 (2.5), 6 (2.0), 4 (2.0), 1 (3.0) */
	ck_assert_double_eq(value_of(t, "uscf", "SOLK", 3), 12.5);
	ck_assert_double_eq(value_of(t, "uscf", "MM", 3), 7.5);
	/* under uscf, BH is the Solkoff; the codes keep their own rules under
	 * any regulation */
	ck_assert_double_eq(value_of(t, "uscf", "BH", 1), 10.0);
	ck_assert_double_eq(value_of(t, "fide2024", "SOLK", 1), 10.0);
	arb_tournament_free(t);
}
END_TEST

START_TEST(uscf_34e3_cumulative)
{
	/* 34E3's example: a bye in round 1, then a win, a loss, a draw and a
	 * win: 1 + 2 + 2 + 2.5 + 3.5 - 1 = 10 */
	static const char *const four[] = {
		"0-U 2w1 3b0 4w= 2b1",
		"3w1 1b0 4w1 3b= 1w0",
		"2b0 4w= 1w1 2w= 4b1",
		"0-Z 3b= 2b0 1b= 3w0",
	};
	arb_tournament *t = build(4, 5, four);
	ck_assert_double_eq(value_of(t, "uscf", "CUM", 1), 10.0);
	ck_assert_double_eq(value_of(t, "uscf", "CUM", 2), 9.0); /* 1 1 2 2.5 2.5 */
	ck_assert_double_eq(value_of(t, "uscf", "CUM", 3), 7.0); /* 0 .5 1.5 2 3 */
	ck_assert_double_eq(value_of(t, "uscf", "CUM", 4), 3.0); /* 0 .5 .5 1 1 */
	/* 34E6: the opponents' cumulative scores, game by game: 9 + 7 + 3 + 9 */
	ck_assert_double_eq(value_of(t, "uscf", "OCUM", 1), 28.0);
	arb_tournament_free(t);
}
END_TEST

START_TEST(fide2009_virtual_opponent)
{
	arb_tournament *t = build(6, 5, six);
	/* C.02 (2009) 13.15.2: player 1's bye in round 4 is a game against a
	 * virtual opponent with Svon = SPR + (1 - SfPR) + 0.5 (n - R)
	 * = 2.5 + (1 - 0.5) + 0.5 x (5 - 4) = 3.5; 13.15.1: the opponents'
	 * unplayed games count as draws (2.5, 2.0, 3.0, 2.5) */
	ck_assert_double_eq(value_of(t, "fide2009", "BH", 1), 13.5);
	ck_assert_double_eq(value_of(t, "fide2009", "BH/C1", 1), 11.5);
	/* SB: 2.5 x 0.5 + 2.0 x 1 + 3.0 x 1 + 3.5 x 0.5 + 2.5 x 0 */
	ck_assert_double_eq(value_of(t, "fide2009", "SB", 1), 8.0);
	/* C.07 2024: the dummy has player 1's own 3.0 instead (16.4); the PAB
	 * of player 5 counts its point, the trailing absences of players 6
	 * and 2 count as draws (16.3) */
	ck_assert_double_eq(value_of(t, "fide2024", "BH", 1), 3.0 + 2.0 + 3.0 + 3.0 + 2.5);
	arb_tournament_free(t);
}
END_TEST

START_TEST(rating_tables)
{
	/* TPR = ARO + dp(p) (C.07 10.3; FIDE Rating Regulations 8.1(a)):
	 * player 1 of a two-player match scores 1.5 of 2 (75 %: dp 193) */
	static const char *const two[] = {"2w1 2b=", "1b0 1w="};
	arb_tournament *t = build(2, 2, two);
	set_rating(t, 2, 2100);
	ck_assert_double_eq(value_of(t, "fide2024", "ARO", 1), 2100);
	ck_assert_double_eq(value_of(t, "fide2024", "TPR", 1), 2100 + 193);
	ck_assert_double_eq(value_of(t, "fide2024", "TPR", 2), 2000 - 193);
	/* PTP (10.5): the lowest R with expected score 1.5 against two 2100s:
	 * PD 0.75 (189-197) at R = 2100 + 189 */
	ck_assert_double_eq(value_of(t, "fide2024", "PTP", 1), 2289);
	/* an unrated player makes rating-based tie-breaks undefined (C.07 10),
	 * unless /U rates him */
	set_rating(t, 2, 0);
	arb_regulation r;
	arb_tiebreak tb;
	arb_standings *s;
	double v;
	ck_assert_int_eq(arb_regulation_init(&r, "fide2026", NULL), ARB_OK);
	ck_assert_int_eq(arb_tiebreak_parse(&tb, "ARO", NULL), ARB_OK);
	ck_assert_int_eq(arb_standings_compute(t, &r, &tb, 1, &s, NULL), ARB_OK);
	ck_assert_int_eq(arb_standings_value(s, 0, 0, &v), 0);
	ck_assert_double_eq(v, 0);
	arb_standings_free(s);
	ck_assert_double_eq(value_of(t, "fide2026", "ARO/U1800", 1), 1800);
	arb_tournament_free(t);
}
END_TEST

START_TEST(parse_codes)
{
	arb_tiebreak tb;
	arb_error err;
	ck_assert_int_eq(arb_tiebreak_parse(&tb, "bh/c1", &err), ARB_OK);
	ck_assert_str_eq(tb.code, "BH/C1");
	ck_assert_int_eq(tb.kind, ARB_TB_BH);
	ck_assert_int_eq(tb.cut_low, 1);
	ck_assert_int_eq(tb.cut_high, 0);
	ck_assert_int_eq(arb_tiebreak_parse(&tb, "BH/M2", &err), ARB_OK);
	ck_assert_int_eq(tb.cut_low + tb.cut_high, 4);
	ck_assert_int_eq(arb_tiebreak_parse(&tb, "KS/L60", &err), ARB_OK);
	ck_assert_int_eq(tb.limit, 60);
	ck_assert_int_eq(arb_tiebreak_parse(&tb, "KS/L+1", &err), ARB_OK);
	ck_assert_int_eq(tb.limit_shift, 5);
	ck_assert_int_eq(tb.limit, 50);
	ck_assert_int_eq(arb_tiebreak_parse(&tb, "SB/V2026/R", &err), ARB_OK);
	ck_assert_int_eq(tb.edition, 2026);
	ck_assert_int_eq(tb.reverse, 1);

	static const struct {
		const char *text, *why;
		int column;
	} bad[] = {
		{"XYZ", "unknown tie-break 'XYZ'", 1},
		{"BH/Q1", "unknown modifier '/Q'", 4},
		{"KS/C1", "KS takes no /C modifier", 4},
		{"BH/C", "/C needs a number of rounds", 4},
		{"ARO/V2023", "/V needs an edition", 5},
		{"", "empty tie-break code", 1},
		{"BH/C1x", "unexpected 'X' in a modifier", 6},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(arb_tiebreak_parse(&tb, bad[i].text, &err), ARB_E_ARGUMENT);
		ck_assert_msg(strstr(err.message, bad[i].why) != NULL, "%s: %s", bad[i].text,
			      err.message);
		ck_assert_int_eq(err.column, bad[i].column);
	}
	arb_tiebreak list[4];
	ck_assert_int_eq(arb_tiebreak_parse_list(list, 4, "BH/C1, BH,DE ,WIN", &err), 4);
	ck_assert_int_eq(list[2].kind, ARB_TB_DE);
	ck_assert_int_eq(arb_tiebreak_parse_list(list, 4, "", &err), 0);
	ck_assert_int_eq(arb_tiebreak_parse_list(list, 4, "BH/C1,XX", &err), -1);
	ck_assert_int_eq(err.column, 7);
	ck_assert_int_eq(arb_tiebreak_parse_list(list, 2, "BH,SB,DE", &err), -1);
	ck_assert_ptr_nonnull(strstr(err.message, "more than 2"));
	ck_assert_int_eq(arb_tiebreak_parse_list(list, 4, "BH SB", &err), -1);
	ck_assert_int_eq(arb_tiebreak_parse_list(NULL, 0, "", &err), 0); /* no room, none read */
	ck_assert_int_eq(arb_tiebreak_parse_list(NULL, 0, "BH", &err), -1);
	ck_assert_ptr_nonnull(strstr(err.message, "more than 0"));
	/* (NULL arguments: test_misuse.c) */
}
END_TEST

START_TEST(bad_arguments)
{
	arb_regulation r;
	arb_error err;
	ck_assert_int_eq(arb_regulation_init(&r, "fide2025", &err), ARB_E_ARGUMENT);
	ck_assert_ptr_nonnull(strstr(err.message, "unknown regulation 'fide2025'"));
	ck_assert_int_eq(arb_regulation_init(&r, "fide2024", NULL), ARB_OK);
	ck_assert_int_eq(r.dummy_cap, 0);
	ck_assert_int_eq(arb_regulation_init(&r, "fide2026", NULL), ARB_OK);
	ck_assert_int_eq(r.dummy_cap, 1);

	/* (NULL objects, ntbs < 0, rows and columns out of range: test_misuse.c) */
	arb_tournament *t = build(6, 5, six);
	arb_standings *s = (arb_standings *)&r;
	/* a bad record 202: the list's column in the message */
	set_202(t, "BH,QQ");
	ck_assert_int_eq(arb_standings_compute(t, &r, NULL, 0, &s, &err), ARB_E_ARGUMENT);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(err.column, 4);
	/* the regulation's default for a Swiss (C.07 13.1) */
	set_202(t, "");
	ck_assert_int_eq(arb_standings_compute(t, &r, NULL, 0, &s, &err), ARB_OK);
	ck_assert_int_eq(arb_standings_ntiebreaks(s), 4);
	ck_assert_str_eq(arb_standings_tiebreak(s, 0)->code, "BH/C1");
	ck_assert_int_eq(arb_standings_count(s), 6);
	int rank;
	double pts;
	/* 1 and 5 on 3.0, BH/C1 decides */
	ck_assert_int_eq(arb_standings_row(s, 0, &rank, &pts), 1);
	ck_assert_int_eq(rank, 1);
	ck_assert_double_eq(pts, 3.0);
	arb_standings_free(s);
	arb_standings_free(NULL);
	arb_tournament_free(t);
}
END_TEST

/* ------------------------------------------------------------------------
 * Main
 * ---------------------------------------------------------------------- */

static Suite *tiebreak_suite(void)
{
	Suite *s = suite_create("tiebreak");
	TCase *tc = tcase_create("reference");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, reference_data);
	suite_add_tcase(s, tc);
	tc = tcase_create("examples");
	tcase_add_test(tc, uscf_34e1_median_solkoff);
	tcase_add_test(tc, uscf_34e3_cumulative);
	tcase_add_test(tc, fide2009_virtual_opponent);
	tcase_add_test(tc, rating_tables);
	suite_add_tcase(s, tc);
	tc = tcase_create("input");
	tcase_add_test(tc, parse_codes);
	tcase_add_test(tc, bad_arguments);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(tiebreak_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
