/*
 * test_trf.c -- the TRF reader and writer (engine/tournament/trf.c) and the
 * tournament model's public API.
 *
 * Every file of data/tournaments/real, tiebreaks and cases is read without
 * an error and written back: in its own dialect with its line ends, the same
 * bytes; with CR line ends, a file that reads back to the same model and
 * writes the same bytes again; in the other dialect, a file that reads back
 * to the same cells, points and event (and back again). The broken files of
 * data/tournaments/bad are listed in bad/expected.tsv with the line, column
 * and message of each error. The API: a tournament made from nothing,
 * players added, games and byes set, written, read back; the contract
 * answers for NULL and out-of-range arguments.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "testutil.h"

/* ---- helpers ---- */

typedef struct buf {
	char *s;
	size_t n, cap;
	int fail_after; /* > 0: the sink fails at that call */
	int calls;
} buf;

static int sink(void *ctx, const char *s, size_t n)
{
	buf *b = ctx;

	if (b->fail_after && ++b->calls >= b->fail_after)
		return 1;
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->s = realloc(b->s, b->cap);
		ck_assert_ptr_nonnull(b->s);
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
	return 0;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *s;
	long n;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(fread(s, 1, (size_t)n, f), (size_t)n);
	s[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return s;
}

static arb_tournament *must_read(const char *text, size_t len, const char *name, unsigned flags)
{
	arb_tournament *t = NULL;
	arb_error err;
	arb_status st = arb_trf_read(text, len, name, flags, &t, &err);

	ck_assert_msg(st == ARB_OK, "%s: %s: %s", name, arb_status_name(st), err.message);
	ck_assert_ptr_nonnull(t);
	return t;
}

static buf must_write(const arb_tournament *t, unsigned flags)
{
	buf b = {0};
	arb_status st = arb_trf_write(t, flags, sink, &b);

	ck_assert_msg(st == ARB_OK, "write: %s", arb_status_name(st));
	if (!b.s) {
		b.s = calloc(1, 1);
		ck_assert_ptr_nonnull(b.s);
	}
	return b;
}

/* The first differing line of two texts, for messages. */
static void first_diff(const char *a, size_t an, const char *b, size_t bn, char *out, size_t n)
{
	size_t i = 0, line = 1, start = 0;

	while (i < an && i < bn && a[i] == b[i]) {
		if (a[i] == '\r' || a[i] == '\n') {
			line++;
			start = i + 1;
		}
		i++;
	}
	snprintf(out, n, "byte %zu (line %zu): want \"%.60s\", got \"%.60s\"", i, line, a + start,
		 b + start);
}

#define ck_assert_same_bytes(a, an, b, bn, what)                                             \
	do {                                                                                 \
		char diff_[300];                                                             \
		first_diff((a), (an), (b), (bn), diff_, sizeof diff_);                       \
		ck_assert_msg((an) == (bn) && memcmp((a), (b), (an)) == 0, "%s: %s", (what), \
			      diff_);                                                        \
	} while (0)

/* text has (or has not) the string. */
#define ck_assert_has(text, str) \
	ck_assert_msg(strstr((text), (str)) != NULL, "no \"%s\" in:\n%s", (str), (text))
#define ck_assert_hasnt(text, str) \
	ck_assert_msg(strstr((text), (str)) == NULL, "\"%s\" in:\n%s", (str), (text))

/* Two tournaments say the same: event fields the dialects share, players,
 * cells of every round (played and later), rounds played. */
static void same_model(const arb_tournament *x, const arb_tournament *y, const char *what)
{
	arb_tournament_info a, b;
	int i, r, n;

	ck_assert_int_eq(arb_tournament_get_info(x, &a), ARB_OK);
	ck_assert_int_eq(arb_tournament_get_info(y, &b), ARB_OK);
	ck_assert_msg(!strcmp(a.name, b.name), "%s: name", what);
	ck_assert_msg(a.rounds == b.rounds, "%s: rounds %d vs %d", what, a.rounds, b.rounds);
	ck_assert_msg(a.first_color == b.first_color, "%s: first colour '%c' vs '%c'", what,
		      a.first_color, b.first_color);
	ck_assert_msg(a.points.win == b.points.win && a.points.draw == b.points.draw &&
			      a.points.loss == b.points.loss && a.points.pab == b.points.pab &&
			      a.points.half_bye == b.points.half_bye &&
			      a.points.zero_bye == b.points.zero_bye,
		      "%s: point systems differ", what);
	ck_assert_msg(!strcmp(a.system, b.system), "%s: system '%s' vs '%s'", what, a.system,
		      b.system);
	ck_assert_int_eq(arb_tournament_rounds_played(x), arb_tournament_rounds_played(y));
	n = arb_tournament_player_count(x);
	ck_assert_int_eq(n, arb_tournament_player_count(y));
	for (i = 0; i < n; i++) {
		arb_tournament_player p, q;

		ck_assert_int_eq(arb_tournament_get_player(x, i, &p), ARB_OK);
		ck_assert_int_eq(arb_tournament_get_player(y, i, &q), ARB_OK);
		ck_assert_msg(p.id == q.id && !strcmp(p.name, q.name) && p.rating == q.rating &&
				      !strcmp(p.title, q.title) && p.rank == q.rank,
			      "%s: player %d", what, p.id);
		ck_assert_msg(p.points == q.points, "%s: player %d: points %d vs %d", what, p.id,
			      p.points, q.points);
		for (r = 1; r <= arb_tournament_rounds_played(x) + 3; r++) {
			arb_tournament_cell c, d;

			ck_assert_int_eq(arb_tournament_get_cell(x, i, r, &c), ARB_OK);
			ck_assert_int_eq(arb_tournament_get_cell(y, i, r, &d), ARB_OK);
			ck_assert_msg(c.opponent == d.opponent && c.color == d.color &&
					      c.result == d.result,
				      "%s: player %d round %d: '%d %c %c' vs '%d %c %c'", what,
				      p.id, r, c.opponent, c.color, c.result, d.opponent, d.color,
				      d.result);
		}
	}
}

/* Every .trf of data/tournaments/DIR, sorted; count in *n. */
static char **list_trf(const char *dir, int *n)
{
	char path[1024], **names = NULL;
	struct dirent *e;
	DIR *d;
	int k = 0, cap = 0;

	snprintf(path, sizeof path, "%s/tournaments/%s", test_data_dir(), dir);
	d = opendir(path);
	ck_assert_msg(d != NULL, "no directory %s", path);
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		if (len < 5 || strcmp(e->d_name + len - 4, ".trf"))
			continue;
		if (k == cap) {
			cap = cap ? 2 * cap : 64;
			names = realloc(names, (size_t)cap * sizeof *names);
			ck_assert_ptr_nonnull(names);
		}
		names[k] = malloc(strlen(path) + len + 2);
		ck_assert_ptr_nonnull(names[k]);
		sprintf(names[k], "%s/%s", path, e->d_name);
		k++;
	}
	closedir(d);
	for (int i = 0; i < k; i++)
		for (int j = i + 1; j < k; j++)
			if (strcmp(names[i], names[j]) > 0) {
				char *s = names[i];
				names[i] = names[j];
				names[j] = s;
			}
	*n = k;
	return names;
}

static void free_list(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* ---- the corpus: read, written back ---- */

static void round_trip(const char *path)
{
	size_t len;
	char *text = slurp(path, &len);
	arb_tournament *t = must_read(text, len, path, 0), *t2, *t3;
	arb_tournament_info info;
	buf same, cr, cr2;

	ck_assert_int_eq(arb_tournament_get_info(t, &info), ARB_OK);
	/* its own dialect and line ends: the bytes read */
	same = must_write(t, ARB_TRF_EOL_AS_READ);
	ck_assert_same_bytes(text, len, same.s, same.n, path);
	/* CR: what arbiter writes reads back the same and is written the same */
	cr = must_write(t, 0);
	ck_assert_ptr_null(memchr(cr.s, '\n', cr.n));
	t2 = must_read(cr.s, cr.n, path, 0);
	same_model(t, t2, path);
	cr2 = must_write(t2, 0);
	ck_assert_same_bytes(cr.s, cr.n, cr2.s, cr2.n, path);
	/* and in both dialects explicitly */
	arb_tournament_free(t3 = must_read(cr.s, cr.n, path, 0));
	free(same.s);
	free(cr.s);
	free(cr2.s);
	arb_tournament_free(t2);
	arb_tournament_free(t);
	free(text);
}

static void corpus(const char *dir, int min)
{
	int n;
	char **names = list_trf(dir, &n);

	ck_assert_int_ge(n, min);
	for (int i = 0; i < n; i++)
		round_trip(names[i]);
	free_list(names, n);
}

START_TEST(test_real)
{
	corpus("real", 5);
}
END_TEST

START_TEST(test_tiebreaks)
{
	corpus("tiebreaks", 20);
}
END_TEST

START_TEST(test_cases)
{
	corpus("cases", 12);
}
END_TEST

/* ---- TRF-16 <-> TRF-2026 ---- */

static void convert(const char *path)
{
	size_t len;
	char *text = slurp(path, &len);
	arb_tournament *t = must_read(text, len, path, 0), *u, *v;
	arb_tournament_info a, b;
	unsigned other;
	buf x, y;

	ck_assert_int_eq(arb_tournament_get_info(t, &a), ARB_OK);
	other = a.dialect == ARB_TRF_2026 ? ARB_TRF_WRITE_16 : ARB_TRF_WRITE_2026;
	x = must_write(t, other);
	u = must_read(x.s, x.n, path, 0);
	ck_assert_int_eq(arb_tournament_get_info(u, &b), ARB_OK);
	if (!a.team && arb_tournament_player_count(t) > 0)
		ck_assert_msg(b.dialect != a.dialect || a.rounds == 0, "%s: still dialect %d", path,
			      a.dialect);
	same_model(t, u, path);
	/* and back */
	y = must_write(u, other == ARB_TRF_WRITE_16 ? ARB_TRF_WRITE_2026 : ARB_TRF_WRITE_16);
	v = must_read(y.s, y.n, path, 0);
	same_model(t, v, path);
	free(x.s);
	free(y.s);
	arb_tournament_free(u);
	arb_tournament_free(v);
	arb_tournament_free(t);
	free(text);
}

START_TEST(test_convert)
{
	static const char *const dirs[] = {"real", "tiebreaks", "cases"};

	for (size_t d = 0; d < 3; d++) {
		int n;
		char **names = list_trf(dirs[d], &n);

		for (int i = 0; i < n; i++)
			convert(names[i]);
		free_list(names, n);
	}
}
END_TEST

/* What the conversion writes, on a small TRF-16 file with a pre-filled
 * round and XXS. */
START_TEST(test_convert_details)
{
	static const char text16[] =
		"012 Small\n"
		"XXR 5\n"
		"XXC black1\n"
		"XXS W=3 D=1\n"
		"001    1      A                                 2000                   "
		"          4.0    1     2 b 1  0000 - H\n"
		"001    2      B                                 1900                   "
		"          0.0    2     1 w 0  0000 - Z\n"
		"001    3      C                                 1800                   "
		"          3.0    3  0000 - U\n";
	arb_tournament *t = must_read(text16, strlen(text16), "small", 0);
	arb_tournament_player p;
	arb_tournament_cell c;
	arb_tournament_info info;
	buf b;

	ck_assert_int_eq(arb_tournament_rounds_played(t), 1);
	ck_assert_int_eq(arb_tournament_get_info(t, &info), ARB_OK);
	ck_assert_int_eq(info.dialect, ARB_TRF_16);
	ck_assert_int_eq(info.rounds, 5);
	ck_assert_int_eq(info.first_color, 'b');
	ck_assert_int_eq(info.points.win, 30);
	ck_assert_int_eq(info.points.draw, 10);
	ck_assert_int_eq(info.points.pab, 30);
	/* the points column counted the pre-filled bye: the model does not */
	ck_assert_int_eq(arb_tournament_get_player(t, 0, &p), ARB_OK);
	ck_assert_int_eq(p.points, 30);
	ck_assert_int_eq(arb_tournament_get_cell(t, 0, 2, &c), ARB_OK);
	ck_assert_int_eq(c.result, 'H');
	b = must_write(t, ARB_TRF_WRITE_2026);
	ck_assert_has(b.s, "142 5\r");
	ck_assert_has(b.s, "152 B\r");
	ck_assert_has(b.s, "162  W 3.0    D 1.0    L 0.0\r");
	ck_assert_has(b.s, "240 H 002    1\r");
	ck_assert_has(b.s, "240 Z 002    2\r");
	ck_assert_hasnt(b.s, "XX");
	ck_assert_hasnt(b.s, "0000 - H");
	/* points without the next round's bye: 3.0 */
	ck_assert_has(b.s, "     3.0    1     2 b 1\r");
	free(b.s);
	arb_tournament_free(t);
}
END_TEST

/* ---- broken files: line, column, message ---- */

START_TEST(test_bad)
{
	char dir[1024];
	tsv_file f;
	int cf, cl, cc, cm, cp;

	snprintf(dir, sizeof dir, "%s/tournaments/bad", test_data_dir());
	ck_assert_int_eq(tsv_load(dir, "expected.tsv", &f), 0);
	cf = tsv_column(&f, "file");
	cl = tsv_column(&f, "line");
	cc = tsv_column(&f, "column");
	cm = tsv_column(&f, "message");
	cp = tsv_column(&f, "players");
	ck_assert(cf >= 0 && cl >= 0 && cc >= 0 && cm >= 0 && cp >= 0);
	ck_assert_int_ge(f.nrows, 15);
	for (int i = 0; i < f.nrows; i++) {
		const tsv_row *row = &f.rows[i];
		char path[1200];
		size_t len;
		char *text;
		arb_tournament *t = NULL;
		arb_error err;
		arb_status st;
		int found = 0, k;
		long line = atol(tsv_get(row, cl));
		int col = atoi(tsv_get(row, cc));
		const char *msg = tsv_get(row, cm);

		snprintf(path, sizeof path, "%s/%s", dir, tsv_get(row, cf));
		text = slurp(path, &len);
		st = arb_trf_read(text, len, tsv_get(row, cf), 0, &t, &err);
		ck_assert_msg(st == ARB_E_TRF, "%s: %s", path, arb_status_name(st));
		ck_assert_ptr_nonnull(t);
		ck_assert_int_eq(err.code, ARB_E_TRF);
		for (k = 0; k < arb_tournament_problems(t); k++) {
			arb_error e;
			char where[64];

			if (arb_tournament_problem(t, k, &e) != ARB_E_TRF)
				continue;
			snprintf(where, sizeof where, "%s:%ld:%d: ", tsv_get(row, cf), line, col);
			if (e.line == line && e.column == col && strstr(e.message, msg) &&
			    !strncmp(e.message, where, strlen(where)))
				found = 1;
		}
		if (!found) {
			for (k = 0; k < arb_tournament_problems(t); k++) {
				arb_error e;
				arb_tournament_problem(t, k, &e);
				fprintf(stderr, "  %s\n", e.message);
			}
		}
		ck_assert_msg(found, "%s: no error %ld:%d '%s'", path, line, col, msg);
		/* the rest is read */
		ck_assert_msg(arb_tournament_player_count(t) == atoi(tsv_get(row, cp)),
			      "%s: %d players", path, arb_tournament_player_count(t));
		/* and the broken line is kept */
		{
			buf b = must_write(t, ARB_TRF_EOL_AS_READ);

			ck_assert_same_bytes(text, len, b.s, b.n, path);
			free(b.s);
		}
		arb_tournament_free(t);
		free(text);
	}
	tsv_free(&f);
}
END_TEST

/* Every problem, not only the first: three broken lines, three errors. */
START_TEST(test_every_problem)
{
	static const char text[] = "012 X\n"
				   "001    1      A                                 20x0\n"
				   "001    2      B\n"
				   "001    2      C\n"
				   "001    3      D                                 1800 GER      "
				   "       1990/01/01  0.5    1     9 w =\n"
				   "142 abc\n";
	arb_tournament *t = NULL;
	arb_error err, e;
	int errors = 0, warnings = 0;

	ck_assert_int_eq(arb_trf_read(text, strlen(text), "x.trf", 0, &t, &err), ARB_E_TRF);
	ck_assert_str_eq(err.message, "x.trf:2:51: bad rating: 'x' is not a digit");
	ck_assert_int_eq(arb_tournament_player_count(t), 2);
	for (int k = 0; k < arb_tournament_problems(t); k++) {
		if (arb_tournament_problem(t, k, &e) == ARB_E_TRF)
			errors++;
		else
			warnings++;
	}
	ck_assert_int_eq(errors, 3);
	ck_assert_int_ge(warnings, 1); /* round 1: no player 9 */
	arb_tournament_free(t);
}
END_TEST

/* ---- dialect traps ---- */

START_TEST(test_traps)
{
	/* lichess: blank opponent fields; TEC: "   0 - H" */
	static const char a[] = "001    1      A                                                 "
				"                 1.5          2 w 1         H\n"
				"001    2      B                                                 "
				"                 0.0          1 b 0     0 - Z\n"
				"XXR 2\n";
	/* F for the pairing-allocated bye (no U anywhere) */
	static const char f[] = "001    1      A                                                 "
				"                 1.0       0000 - F\n"
				"001    2      B                                                 "
				"                 1.0          3 w 1\n"
				"001    3      C                                                 "
				"                 0.0          2 b 0\n";
	/* 162 with A (TRF-2026) and with Z (bbpPairings) */
	static const char pa[] = "162  W 3.0    D 1.0    L 0.0    A 0.5\n";
	static const char pz[] = "162  W 3.0    D 1.0    L 0.0    Z 0.5    P 1.0\n";
	/* the coded type on 092; dates dotted, in words; one-letter titles */
	static const char c[] =
		"042 28. 07. 2005\n"
		"052 May 29, 2020\n"
		"092 FIDE_ROUNDROBIN\n"
		"001    1   wg Old, Title                        2300                 "
		"1969.12.06  0.0    1\n";
	arb_tournament *t;
	arb_tournament_cell cell;
	arb_tournament_info info;
	arb_tournament_player p;
	arb_error e;
	int k, warned = 0;

	t = must_read(a, strlen(a), "a", 0);
	ck_assert_int_eq(arb_tournament_get_cell(t, 0, 2, &cell), ARB_OK);
	ck_assert(cell.opponent == 0 && cell.color == '-' && cell.result == 'H');
	ck_assert_int_eq(arb_tournament_get_cell(t, 1, 2, &cell), ARB_OK);
	ck_assert(cell.opponent == 0 && cell.result == 'Z');
	arb_tournament_free(t);

	t = must_read(f, strlen(f), "f", 0);
	for (k = 0; k < arb_tournament_problems(t); k++) {
		ck_assert_int_eq(arb_tournament_problem(t, k, &e), ARB_OK);
		if (strstr(e.message, "perhaps the pairing-allocated bye"))
			warned = 1;
	}
	ck_assert(warned);
	ck_assert_int_eq(arb_tournament_get_cell(t, 0, 1, &cell), ARB_OK);
	ck_assert_int_eq(cell.result, 'F');
	arb_tournament_free(t);
	t = must_read(f, strlen(f), "f", ARB_TRF_F_AS_PAB);
	ck_assert_int_eq(arb_tournament_get_cell(t, 0, 1, &cell), ARB_OK);
	ck_assert_int_eq(cell.result, 'U');
	{
		buf b = must_write(t, 0);
		ck_assert_has(b.s, "0000 - U");
		free(b.s);
	}
	arb_tournament_free(t);

	t = must_read(pa, strlen(pa), "pa", 0);
	ck_assert_int_eq(arb_tournament_get_info(t, &info), ARB_OK);
	ck_assert_int_eq(info.points.win, 30);
	ck_assert_int_eq(info.points.pab, 30); /* P defaults to W */
	ck_assert_int_eq(info.points.zero_bye, 5);
	ck_assert_int_eq(info.points.forfeit_loss, 5);
	ck_assert_int_eq(info.points.full_bye, 30);
	arb_tournament_free(t);
	t = must_read(pz, strlen(pz), "pz", 0);
	ck_assert_int_eq(arb_tournament_get_info(t, &info), ARB_OK);
	ck_assert_int_eq(info.points.zero_bye, 5);
	ck_assert_int_eq(info.points.pab, 10);
	arb_tournament_free(t);

	t = must_read(c, strlen(c), "c", 0);
	ck_assert_int_eq(arb_tournament_get_info(t, &info), ARB_OK);
	ck_assert_int_eq(info.start_date, 20050728);
	ck_assert_int_eq(info.end_date, 20200529);
	ck_assert_str_eq(info.system, "FIDE_ROUNDROBIN");
	ck_assert_str_eq(info.start, "28. 07. 2005");
	ck_assert_int_eq(arb_tournament_get_player(t, 0, &p), ARB_OK);
	ck_assert_str_eq(p.title, "WGM");
	ck_assert_str_eq(p.birth, "1969.12.06");
	/* written back as it was: the title stays "wg" */
	{
		buf b = must_write(t, ARB_TRF_EOL_AS_READ);
		ck_assert_str_eq(b.s, c);
		free(b.s);
	}
	arb_tournament_free(t);
}
END_TEST

/* ---- the API ---- */

static arb_tournament_player person(const char *name, int rating)
{
	arb_tournament_player p;

	memset(&p, 0, sizeof p);
	snprintf(p.name, sizeof p.name, "%s", name);
	p.rating = rating;
	p.sex = 'm';
	strcpy(p.federation, "NOR");
	return p;
}

START_TEST(test_build)
{
	arb_tournament *t = arb_tournament_new(), *u;
	arb_tournament_info info;
	arb_tournament_player p = person("Carlsen, Magnus", 2830);
	arb_tournament_cell c;
	int id = 0;
	buf b, b2;

	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(arb_tournament_get_info(t, &info), ARB_OK);
	snprintf(info.name, sizeof info.name, "Test Open");
	snprintf(info.start, sizeof info.start, "2026/03/01");
	info.rounds = 3;
	info.first_color = 'w';
	ck_assert_int_eq(arb_tournament_set_info(t, &info), ARB_OK);
	ck_assert_int_eq(arb_tournament_add_player(t, &p, &id), ARB_OK);
	ck_assert_int_eq(id, 1);
	p = person("Nakamura, Hikaru", 2780);
	ck_assert_int_eq(arb_tournament_add_player(t, &p, &id), ARB_OK);
	p = person("Caruana, Fabiano", 2790);
	ck_assert_int_eq(arb_tournament_add_player(t, &p, &id), ARB_OK);
	ck_assert_int_eq(id, 3);
	p.id = 3;
	ck_assert_int_eq(arb_tournament_add_player(t, &p, NULL), ARB_E_ARGUMENT);
	/* round 1: 1-2 drawn, 3 the bye; round 2 not the next but one */
	ck_assert_int_eq(arb_tournament_set_game(t, 2, 1, 2, '1', '0'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_game(t, 1, 1, 2, '=', '='), ARB_OK);
	ck_assert_int_eq(arb_tournament_set_bye(t, 1, 3, 'U'), ARB_OK);
	ck_assert_int_eq(arb_tournament_set_game(t, 1, 1, 1, '=', '='), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_game(t, 1, 1, 2, '1', '1'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_rounds_played(t), 1);
	/* a bye known for round 2 */
	ck_assert_int_eq(arb_tournament_set_bye(t, 2, 2, 'H'), ARB_OK);
	ck_assert_int_eq(arb_tournament_set_bye(t, 3, 2, 'U'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_get_player(t, 0, &p), ARB_OK);
	ck_assert_int_eq(p.points, 5);
	ck_assert_int_eq(arb_tournament_get_player(t, 2, &p), ARB_OK);
	ck_assert_int_eq(p.points, 10);
	b = must_write(t, 0);
	ck_assert_has(b.s, "012 Test Open\r042 2026/03/01\r142 3\r152 W\r");
	ck_assert_has(b.s, "001    1 m    Carlsen, Magnus                   2830 NOR"
			   "                         0.5          2 w =\r");
	ck_assert_has(b.s, "  0000 - U\r");
	ck_assert_has(b.s, "240 H 002    2\r");
	u = must_read(b.s, b.n, "built", 0);
	same_model(t, u, "built");
	b2 = must_write(u, 0);
	ck_assert_same_bytes(b.s, b.n, b2.s, b2.n, "built");
	free(b2.s);
	/* round 2 paired: the bye counts, the others' cells change */
	ck_assert_int_eq(arb_tournament_set_game(u, 2, 3, 1, '1', '0'), ARB_OK);
	ck_assert_int_eq(arb_tournament_rounds_played(u), 2);
	ck_assert_int_eq(arb_tournament_get_player(u, 1, &p), ARB_OK);
	ck_assert_int_eq(p.points, 10);
	ck_assert_int_eq(arb_tournament_get_cell(u, 1, 2, &c), ARB_OK);
	ck_assert_int_eq(c.result, 'H');
	b2 = must_write(u, 0);
	/* the 240 of a round now played agrees with the cell: it stays */
	ck_assert_has(b2.s, "240 H 002    2\r");
	ck_assert_has(b2.s, "1.0          1 b =  0000 - H\r");
	free(b2.s);
	/* TRF-16 */
	b2 = must_write(u, ARB_TRF_WRITE_16);
	ck_assert_has(b2.s, "XXR 3\rXXC white1\r");
	free(b2.s);
	free(b.s);
	arb_tournament_free(u);
	arb_tournament_free(t);
}
END_TEST

/* A model change rewrites only its fields. */
START_TEST(test_edit_in_place)
{
	static const char text[] = "012 Old name   \n"
				   "### a comment\n"
				   "\n"
				   "001    1 m  g Old, Title                        2300 GER      "
				   "       1969.12.06  1.0    1     2 w 1\n"
				   "001    2 m    Other                             2200          "
				   "                   0.0    2     1 b 0\n"
				   "XXR 5\n";
	arb_tournament *t = must_read(text, strlen(text), "e", 0);
	arb_tournament_info info;
	arb_tournament_player p;
	buf b;

	ck_assert_int_eq(arb_tournament_get_info(t, &info), ARB_OK);
	ck_assert_str_eq(info.name, "Old name");
	snprintf(info.name, sizeof info.name, "New name");
	ck_assert_int_eq(arb_tournament_set_info(t, &info), ARB_OK);
	ck_assert_int_eq(arb_tournament_get_player(t, 1, &p), ARB_OK);
	p.rating = 2210;
	ck_assert_int_eq(arb_tournament_set_player(t, 1, &p), ARB_OK);
	b = must_write(t, ARB_TRF_EOL_AS_READ);
	ck_assert_str_eq(b.s, "012 New name\n"
			      "### a comment\n"
			      "\n"
			      "001    1 m  g Old, Title                        2300 GER      "
			      "       1969.12.06  1.0    1     2 w 1\n"
			      "001    2 m    Other                             2210          "
			      "                   0.0    2     1 b 0\n"
			      "XXR 5\n");
	free(b.s);
	arb_tournament_free(t);
}
END_TEST

START_TEST(test_contracts)
{
	/* (NULL objects, indexes and rounds out of range: test_misuse.c) */
	arb_tournament *t = arb_tournament_new(), *out = NULL;
	arb_tournament_info info;
	arb_tournament_player p;
	arb_tournament_cell c;
	buf b = {0};

	arb_tournament_free(NULL);
	ck_assert_int_eq(arb_trf_read(NULL, 0, NULL, 0, &out, NULL), ARB_OK);
	ck_assert_int_eq(arb_tournament_player_count(out), 0);
	arb_tournament_free(out);
	ck_assert_int_eq(arb_trf_write(t, ARB_TRF_WRITE_16 | ARB_TRF_WRITE_2026, sink, &b),
			 ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_get_info(t, &info), ARB_OK);
	info.rounds = -1;
	ck_assert_int_eq(arb_tournament_set_info(t, &info), ARB_E_ARGUMENT);
	info.rounds = 0;
	info.first_color = 'x';
	ck_assert_int_eq(arb_tournament_set_info(t, &info), ARB_E_ARGUMENT);
	info.first_color = ' ';
	strcpy(info.name, "a\tb");
	ck_assert_int_eq(arb_tournament_set_info(t, &info), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_player_index(t, 1), -1);
	ck_assert_int_eq(arb_tournament_player_index(t, -7), -1);
	ck_assert_int_eq(arb_tournament_player_index(t, 1 << 20), -1);
	p = person("X", 10000);
	ck_assert_int_eq(arb_tournament_add_player(t, &p, NULL), ARB_E_ARGUMENT);
	p = person("X", 1000);
	p.id = 10000;
	ck_assert_int_eq(arb_tournament_add_player(t, &p, NULL), ARB_E_ARGUMENT);
	p.id = 0;
	strcpy(p.fide_id, "12a");
	ck_assert_int_eq(arb_tournament_add_player(t, &p, NULL), ARB_E_ARGUMENT);
	p.fide_id[0] = '\0';
	ck_assert_int_eq(arb_tournament_add_player(t, &p, NULL), ARB_OK);
	p.rating = 10000;
	ck_assert_int_eq(arb_tournament_set_player(t, 0, &p), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_get_cell(t, 0, ARB_TRF_ROUNDS_MAX, &c), ARB_OK);
	ck_assert(c.opponent == 0 && c.result == ' ');
	ck_assert_int_eq(arb_tournament_set_game(t, 1, 1, 2, '1', '0'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_game(t, 1, 1, 1, '1', '0'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_bye(t, 1, 1, 'X'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_bye(t, 1, 2, 'H'), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_set_bye(t, 2, 1, 'U'), ARB_E_ARGUMENT); /* after the next */
	/* a sink that fails */
	b.fail_after = 1;
	ck_assert_int_eq(arb_trf_write(t, 0, sink, &b), ARB_E_IO);
	free(b.s);
	arb_tournament_free(t);
}
END_TEST

/* A system set on a TRF-16 file that had none is written as record 192
 * (TRF-16 readers skip records they do not know); a system 092's text
 * implies is not written twice. */
START_TEST(test_system_16)
{
	static const char plain[] = "012 Club\nXXR 3\n"
				    "001    1      A, A                              2000\n";
	static const char typed[] = "012 Club\n092 Round robin\nXXR 3\n"
				    "001    1      A, A                              2000\n";
	arb_tournament *t = must_read(plain, sizeof plain - 1, "plain", 0), *u;
	arb_tournament_info info;
	buf b;

	ck_assert_int_eq(arb_tournament_get_info(t, &info), ARB_OK);
	ck_assert_str_eq(info.system, "");
	snprintf(info.system, sizeof info.system, "FIDE_ROUNDROBIN");
	ck_assert_int_eq(arb_tournament_set_info(t, &info), ARB_OK);
	b = must_write(t, ARB_TRF_WRITE_16);
	ck_assert_has(b.s, "192 FIDE_ROUNDROBIN\r");
	u = must_read(b.s, b.n, "plain16", 0);
	ck_assert_int_eq(arb_tournament_get_info(u, &info), ARB_OK);
	ck_assert_str_eq(info.system, "FIDE_ROUNDROBIN");
	arb_tournament_free(u);
	arb_tournament_free(t);
	free(b.s);

	t = must_read(typed, sizeof typed - 1, "typed", 0);
	ck_assert_int_eq(arb_tournament_get_info(t, &info), ARB_OK);
	ck_assert_str_eq(info.system, "FIDE_ROUNDROBIN");
	b = must_write(t, ARB_TRF_WRITE_16);
	ck_assert_ptr_null(strstr(b.s, "192"));
	arb_tournament_free(t);
	free(b.s);
}
END_TEST

/* Accelerations: 250 ranges (the last record covering a player and round
 * decides), XXA values per round, and broken lines reported with their
 * column and not counted. */
START_TEST(test_acceleration)
{
	static const char text[] = "012 Baku\n142 9\n"
				   "001    1      A, A                              2000\n"
				   "001    2      B, B                              1900\n"
				   "001    3      C, C                              1800\n"
				   "250       1.0   1   3    1    2\n"
				   "250       0.5   4   5    1    2\n"
				   "250       0.5   2   2    2    2\n";
	static const char xxa[] = "012 Old\nXXR 5\n"
				  "001    1      A, A                              2000\n"
				  "XXA    1  1.0  1.0  0.5\n";
	static const struct {
		const char *line;
		int column;
	} bad[] = {
		{"250       1.0   1   3    1", 27},     /* short */
		{"250    1  1.0   1   3    1    2", 5}, /* match points */
		{"250       0.0   1   3    1    2", 10},   {"250       1.0   4   3    1    2", 15},
		{"250       1.0   1   3    5    2", 23},   {"250       1.0   x   3    1    2", 17},
		{"250       1.0   1   3    1    2 z", 32}, {"XXA    1  1.0  1.x", 18},
	};
	arb_tournament *t = must_read(text, sizeof text - 1, "baku", 0);
	size_t k;

	ck_assert_int_eq(arb_tournament_acceleration(t, 1, 1), 10);
	ck_assert_int_eq(arb_tournament_acceleration(t, 2, 2), 5); /* the later record */
	ck_assert_int_eq(arb_tournament_acceleration(t, 2, 3), 10);
	ck_assert_int_eq(arb_tournament_acceleration(t, 1, 5), 5);
	ck_assert_int_eq(arb_tournament_acceleration(t, 1, 6), 0);
	ck_assert_int_eq(arb_tournament_acceleration(t, 3, 1), 0);
	arb_tournament_free(t);

	t = must_read(xxa, sizeof xxa - 1, "xxa", 0);
	ck_assert_int_eq(arb_tournament_acceleration(t, 1, 1), 10);
	ck_assert_int_eq(arb_tournament_acceleration(t, 1, 3), 5);
	ck_assert_int_eq(arb_tournament_acceleration(t, 1, 4), 0);
	arb_tournament_free(t);

	for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		char line[256];
		arb_tournament *u = NULL;
		arb_error e;
		int n;

		n = snprintf(line, sizeof line,
			     "012 X\n001    1      A, A                              2000\n%s\n",
			     bad[k].line);
		ck_assert_int_eq(arb_trf_read(line, (size_t)n, "bad", 0, &u, &e), ARB_E_TRF);
		ck_assert_ptr_nonnull(u);
		ck_assert_int_eq(arb_tournament_problems(u), 1);
		ck_assert_int_eq(arb_tournament_problem(u, 0, &e), ARB_E_TRF);
		ck_assert_msg(e.line == 3 && e.column == bad[k].column,
			      "%s: line %ld column %d (%s), expected column %d", bad[k].line,
			      (long)e.line, e.column, e.message, bad[k].column);
		ck_assert_int_eq(arb_tournament_acceleration(u, 1, 1), 0);
		arb_tournament_free(u);
	}
}
END_TEST

static Suite *trf_suite(void)
{
	Suite *s = suite_create("trf");
	TCase *tc = tcase_create("corpus");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_real);
	tcase_add_test(tc, test_tiebreaks);
	tcase_add_test(tc, test_cases);
	tcase_add_test(tc, test_convert);
	tcase_add_test(tc, test_convert_details);
	tcase_add_test(tc, test_system_16);
	tcase_add_test(tc, test_acceleration);
	suite_add_tcase(s, tc);
	tc = tcase_create("errors");
	tcase_add_test(tc, test_bad);
	tcase_add_test(tc, test_every_problem);
	tcase_add_test(tc, test_traps);
	suite_add_tcase(s, tc);
	tc = tcase_create("api");
	tcase_add_test(tc, test_build);
	tcase_add_test(tc, test_edit_in_place);
	tcase_add_test(tc, test_contracts);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	SRunner *sr;
	int failed;

	if (argc > 1)
		setenv("ARBITER_TEST_DATA", argv[1], 0);
	sr = srunner_create(trf_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
