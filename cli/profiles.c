/*
 * profiles.c -- `arbiter profiles` and `arbiter profile show|diff`: the
 * competition-rule profiles found in the profile path, and their parameters.
 *
 * `profiles` loads every script of the path: one that takes a speed (the
 * FIDE editions, US Chess) is listed once per speed it accepts, as the name
 * to load ("fide2014-blitz"); the others by their own name. `show` prints
 * every parameter in the order of the engine's field table with its value
 * and the article it models (cited in the profile's edition); `diff` prints
 * the two descriptions, then only the parameters whose values differ, the
 * two profiles side by side.
 * Columns are aligned over the whole table, which is small and known before
 * printing.
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicate.h"

void cli_profiles_usage(FILE *out)
{
	fputs("usage: arbiter profiles [--profile-path DIR]\n"
	      "\n"
	      "Lists the competition-rule profiles of the profile path with a one-line\n"
	      "description each, by the names adjudicate, compare and profile take: one\n"
	      "per speed for the editions that have them (fide2014-standard,\n"
	      "fide2014-rapid, fide2014-blitz). Options go in braces after the name:\n"
	      "fide2014-blitz{supervision=full}, uscf-standard{tc=G/90,delay=5},\n"
	      "armageddon{base=fide2023-blitz}, online{autoThreefold=always}.\n"
	      "\n"
	      "  --profile-path DIR  look for profile scripts in DIR first (':' separates);\n"
	      "                      then in each directory D of $ARBITER_PATH (D and\n"
	      "                      D/profiles), the source tree's profiles/ (when run\n"
	      "                      from the build tree), the installed ones\n"
	      "\n"
	      "Exit status: 0 ok, 1 a profile that does not load (listed with its error),\n"
	      "2 bad command line.\n",
	      out);
}

void cli_profile_usage(FILE *out)
{
	fputs("usage: arbiter profile show P [--profile-path DIR] [--verbose]\n"
	      "       arbiter profile diff P1 P2 [--profile-path DIR] [--verbose]\n"
	      "\n"
	      "  show  every parameter of profile P with its value and the article of\n"
	      "        the profile's edition it models\n"
	      "  diff  only the parameters whose values differ, P1 and P2 side by side,\n"
	      "        each value with its article\n"
	      "\n"
	      "P, P1 and P2 are named as 'arbiter profiles' lists them, options in braces\n"
	      "after the name: fide2014-blitz{supervision=full}.\n"
	      "\n"
	      "  --profile-path DIR  look for profile scripts in DIR first (':' separates),\n"
	      "                      then where 'arbiter profiles' looks\n"
	      "  --verbose           what the scripts print() goes to stderr, each line\n"
	      "                      after the script's name and line (without it, nowhere)\n"
	      "\n"
	      "Exit status: 0 ok, 1 a profile that does not load, 2 bad command line.\n",
	      out);
}

void cli_script_print(void *ud, const char *where, const char *text, size_t len)
{
	const cli_prints *to = ud;
	char head[256];
	int n;

	if (to == NULL || to->out == NULL)
		return;
	n = snprintf(head, sizeof head, "%s: ", where[0] ? where : "(script)");
	if (n < 0)
		return;
	/* One buffer, one write: lines of several threads do not mix. */
	size_t k = (size_t)n < sizeof head ? (size_t)n : sizeof head - 1;
	char *line = malloc(k + len + 1);
	if (line == NULL)
		return;
	memcpy(line, head, k);
	memcpy(line + k, text, len);
	line[k + len] = '\n';
	fwrite(line, 1, k + len + 1, to->out);
	free(line);
}

#ifdef ARBITER_HAVE_LUA

arb_profile *cli_profile_open(const char *cmd, const char *spec, const char *path,
			      cli_prints *prints)
{
	arb_profile *p;
	arb_error err;

	memset(&err, 0, sizeof err);
	p = arb_profile_load_print(spec, path, prints ? cli_script_print : NULL, prints, &err);
	if (!p) {
		fprintf(stderr, "arbiter: %s: profile '", cmd);
		cli_put_line(stderr, spec);
		fputs("': ", stderr);
		cli_put_line(stderr, err.code == ARB_E_NOMEM ? "out of memory" :
				     err.message[0]          ? err.message :
							       arb_status_name(err.code));
		fputc('\n', stderr);
	}
	return p;
}

/* ------------------------------------------------------------------------
 * A table of text cells, printed with aligned columns
 * ---------------------------------------------------------------------- */

#define MAX_COLUMNS 5

struct table {
	char *(*row)[MAX_COLUMNS];
	int nrows, cap, ncols;
	int failed; /* out of memory */
};

static char *copy(const char *s)
{
	size_t n = strlen(s) + 1;
	char *c = malloc(n);

	if (c)
		memcpy(c, s, n);
	return c;
}

/* Adds a row of t->ncols cells (copied). */
static void table_add(struct table *t, const char *const *cells)
{
	int i;

	if (t->nrows == t->cap) {
		int cap = t->cap ? 2 * t->cap : 64;
		void *row = realloc(t->row, (size_t)cap * sizeof *t->row);

		if (!row) {
			t->failed = 1;
			return;
		}
		t->row = row;
		t->cap = cap;
	}
	for (i = 0; i < MAX_COLUMNS; i++) {
		t->row[t->nrows][i] = i < t->ncols ? copy(cells[i]) : NULL;
		if (i < t->ncols && !t->row[t->nrows][i])
			t->failed = 1;
	}
	t->nrows++;
}

/* Every column padded to its widest cell, two blanks apart; the last one
 * not padded. Control bytes print as blanks. */
static void table_print(const struct table *t)
{
	int width[MAX_COLUMNS] = {0};
	int r, c;

	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < t->ncols; c++)
			if (t->row[r][c] && (int)strlen(t->row[r][c]) > width[c])
				width[c] = (int)strlen(t->row[r][c]);
	for (r = 0; r < t->nrows; r++) {
		int last = t->ncols - 1;

		while (last > 0 && (!t->row[r][last] || !*t->row[r][last]))
			last--;
		for (c = 0; c <= last; c++) {
			const char *cell = t->row[r][c] ? t->row[r][c] : "";

			cli_put_line(stdout, cell);
			if (c < last)
				printf("%*s", width[c] - (int)strlen(cell) + 2, "");
		}
		putchar('\n');
	}
}

static void table_free(struct table *t)
{
	int r, c;

	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < MAX_COLUMNS; c++)
			free(t->row[r][c]);
	free(t->row);
	memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------------------
 * Command lines: PATH option and operands
 * ---------------------------------------------------------------------- */

/* Parses "[--profile-path DIR] [--verbose] OPERANDS" (--verbose only with
 * `verbose`). Returns CLI_OK, CLI_USAGE after a message or CLI_DONE when
 * --help was answered. */
static int parse_path(const char *cmd, int argc, char **argv, const char **path, char **operand,
		      int *noperands, void (*usage)(FILE *), int *verbose)
{
	const char *arg;
	cli_argv it;
	int m;

	cli_argv_init(&it, argc, argv, operand);
	while ((arg = cli_next_option(&it)) != NULL) {
		if (cli_is_help(arg)) {
			usage(stdout);
			return CLI_DONE;
		}
		if (verbose != NULL && strcmp(arg, "--verbose") == 0) {
			*verbose = 1;
			continue;
		}
		m = cli_option_value(&it, cmd, "--profile-path", path);
		if (m < 0)
			return CLI_USAGE;
		if (m == 0) {
			cli_error(cmd, "unknown option '%s' (try 'arbiter %s --help')", arg, cmd);
			return CLI_USAGE;
		}
	}
	*noperands = it.noperands;
	return CLI_OK;
}

/* ------------------------------------------------------------------------
 * profiles
 * ---------------------------------------------------------------------- */

struct script {
	char *name, *file;
};

struct script_list {
	struct script *s;
	int n, cap, failed;
};

static void collect(const char *name, const char *file, void *ctx)
{
	struct script_list *l = ctx;

	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 16;
		void *s = realloc(l->s, (size_t)cap * sizeof *l->s);

		if (!s) {
			l->failed = 1;
			return;
		}
		l->s = s;
		l->cap = cap;
	}
	l->s[l->n].name = copy(name);
	l->s[l->n].file = copy(file);
	if (!l->s[l->n].name || !l->s[l->n].file)
		l->failed = 1;
	l->n++;
}

/* The one-line description of a loaded profile. */
static void add_profile_row(struct table *t, const char *name, const arb_profile *p)
{
	const arb_rules *r = arb_profile_rules(p);
	const char *cells[2];

	cells[0] = name;
	cells[1] = r->description[0] ? r->description : r->edition;
	table_add(t, cells);
}

/* Loads `spec` without a message. */
static arb_profile *try_load(const char *spec, const char *path, arb_error *err)
{
	memset(err, 0, sizeof *err);
	return arb_profile_load(spec, path, err);
}

/* The rows of one script: a row per speed it takes, else one row for its
 * own name. Returns 0, or -1 when it does not load at all (reported). */
static int list_script(struct table *t, const struct script *s, const char *path)
{
	static const char *const speeds[] = {"standard", "rapid", "blitz"};
	char spec[256];
	arb_profile *p;
	arb_error err;
	int i, found = 0;

	for (i = 0; i < 3; i++) {
		snprintf(spec, sizeof spec, "%s-%s", s->name, speeds[i]);
		p = try_load(spec, path, &err);
		if (p) {
			add_profile_row(t, spec, p);
			arb_profile_free(p);
			found++;
		}
	}
	if (found)
		return 0;
	p = try_load(s->name, path, &err);
	if (p) {
		add_profile_row(t, s->name, p);
		arb_profile_free(p);
		return 0;
	}
	{
		const char *cells[2] = {s->name, "(does not load: see the error)"};

		table_add(t, cells);
	}
	fprintf(stderr, "arbiter: profiles: %s: ", s->file);
	cli_put_line(stderr, err.message[0] ? err.message : arb_status_name(err.code));
	fputc('\n', stderr);
	return -1;
}

int cli_profiles(int argc, char **argv)
{
	struct script_list l;
	struct table t;
	const char *path = NULL;
	char **operand;
	int n, i, rc;

	memset(&l, 0, sizeof l);
	memset(&t, 0, sizeof t);
	operand = calloc((size_t)argc + 1, sizeof *operand);
	if (!operand) {
		cli_error("profiles", "out of memory");
		return CLI_FAIL;
	}
	rc = parse_path("profiles", argc, argv, &path, operand, &n, cli_profiles_usage, NULL);
	if (rc == CLI_OK && n > 0) {
		cli_error("profiles", "unexpected argument '%s' (try 'arbiter profile show %s')",
			  operand[0], operand[0]);
		rc = CLI_USAGE;
	}
	if (rc == CLI_OK) {
		arb_profile_list(path, collect, &l);
		if (l.failed) {
			cli_error("profiles", "out of memory");
			rc = CLI_FAIL;
		} else if (l.n == 0) {
			cli_error("profiles", "no profile scripts found in the profile path");
			rc = CLI_FAIL;
		}
	}
	if (rc == CLI_OK) {
		t.ncols = 2;
		for (i = 0; i < l.n; i++)
			if (list_script(&t, &l.s[i], path) != 0)
				rc = CLI_FAIL;
		if (t.failed) {
			cli_error("profiles", "out of memory");
			rc = CLI_FAIL;
		} else {
			table_print(&t);
		}
	}
	for (i = 0; i < l.n; i++) {
		free(l.s[i].name);
		free(l.s[i].file);
	}
	free(l.s);
	table_free(&t);
	free(operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}

/* ------------------------------------------------------------------------
 * profile show / diff
 * ---------------------------------------------------------------------- */

#define CMD "profile"

/* The value of a field as shown: "(none)" for an empty string. */
static void field_value(const arb_rules *r, const char *name, char *buf, size_t n)
{
	if (arb_rules_get(r, name, buf, n) < 0)
		snprintf(buf, n, "?");
	else if (buf[0] == '\0')
		snprintf(buf, n, "(none)");
}

/* The article a field models, cited in the profile's edition ("" for none). */
static void field_article(const arb_rules *r, const arb_rules_field *f, char *buf, size_t n)
{
	buf[0] = '\0';
	if ((unsigned)f->article < ARB_ART_COUNT)
		arb_rules_cite(r, f->article, buf, n);
}

static int show(const arb_profile *p)
{
	const arb_rules *r = arb_profile_rules(p);
	char value[ARB_RULES_VALUE], article[ARB_RULES_TEXT + ARB_RULES_ARTICLE + 8];
	const char *cells[3];
	arb_rules_field f;
	struct table t;
	int i, rc = CLI_OK;

	memset(&t, 0, sizeof t);
	t.ncols = 3;
	cells[0] = "parameter";
	cells[1] = "value";
	cells[2] = "article";
	table_add(&t, cells);
	for (i = 0; arb_rules_field_at(i, &f); i++) {
		field_value(r, f.name, value, sizeof value);
		field_article(r, &f, article, sizeof article);
		cells[0] = f.name;
		cells[1] = value;
		cells[2] = article;
		table_add(&t, cells);
	}
	if (t.failed) {
		cli_error(CMD, "out of memory");
		rc = CLI_FAIL;
	} else {
		printf("# %s (%s)\n", r->name, arb_profile_file(p));
		table_print(&t);
		if (r->on_move || r->on_end)
			printf("hooks: %s%s%s\n", r->on_move ? "on_move" : "",
			       r->on_move && r->on_end ? ", " : "", r->on_end ? "on_end" : "");
	}
	table_free(&t);
	return rc;
}

/* "value  [article]"; an article number alone (articles.KEY), whose
 * citation would only repeat it. */
static void side(const arb_rules *r, const arb_rules_field *f, char *buf, size_t n)
{
	char value[ARB_RULES_VALUE], article[ARB_RULES_TEXT + ARB_RULES_ARTICLE + 8];

	field_value(r, f->name, value, sizeof value);
	field_article(r, f, article, sizeof article);
	if (article[0] && strncmp(f->name, "articles.", 9) != 0)
		snprintf(buf, n, "%s  [%s]", value, article);
	else
		snprintf(buf, n, "%s", value);
}

/* "NAME: DESCRIPTION" */
static void print_description(const char *name, const arb_rules *r)
{
	cli_put_line(stdout, name);
	fputs(": ", stdout);
	cli_put_line(stdout, r->description[0] ? r->description : r->edition);
	putchar('\n');
}

static int diff(const arb_profile *p1, const arb_profile *p2, const char *name1, const char *name2)
{
	const arb_rules *r1 = arb_profile_rules(p1), *r2 = arb_profile_rules(p2);
	char v1[ARB_RULES_VALUE], v2[ARB_RULES_VALUE];
	char s1[2 * ARB_RULES_VALUE], s2[2 * ARB_RULES_VALUE];
	const char *cells[3];
	arb_rules_field f;
	struct table t;
	int i, ndiff = 0, rc = CLI_OK;

	memset(&t, 0, sizeof t);
	t.ncols = 3;
	cells[0] = "parameter";
	cells[1] = name1;
	cells[2] = name2;
	table_add(&t, cells);
	for (i = 0; arb_rules_field_at(i, &f); i++) {
		field_value(r1, f.name, v1, sizeof v1);
		field_value(r2, f.name, v2, sizeof v2);
		/* The names head the columns; the descriptions head the table. */
		if (strcmp(v1, v2) == 0 || strcmp(f.name, "name") == 0 ||
		    strcmp(f.name, "description") == 0)
			continue;
		side(r1, &f, s1, sizeof s1);
		side(r2, &f, s2, sizeof s2);
		cells[0] = f.name;
		cells[1] = s1;
		cells[2] = s2;
		table_add(&t, cells);
		ndiff++;
	}
	if (t.failed) {
		cli_error(CMD, "out of memory");
		rc = CLI_FAIL;
	} else {
		print_description(name1, r1);
		print_description(name2, r2);
		if (ndiff == 0)
			puts("no differences");
		else
			table_print(&t);
	}
	table_free(&t);
	return rc;
}

int cli_profile(int argc, char **argv)
{
	arb_profile *p[2] = {NULL, NULL};
	const char *path = NULL;
	cli_prints prints = {stderr};
	char **operand;
	int n = 0, want, i, rc, verbose = 0;

	if (argc < 1) {
		cli_error(CMD, "missing action: show or diff (try 'arbiter profile --help')");
		return CLI_USAGE;
	}
	if (cli_is_help(argv[0])) {
		cli_profile_usage(stdout);
		return CLI_OK;
	}
	if (strcmp(argv[0], "show") == 0) {
		want = 1;
	} else if (strcmp(argv[0], "diff") == 0) {
		want = 2;
	} else {
		cli_error(CMD, "unknown action '%s': expected show or diff", argv[0]);
		return CLI_USAGE;
	}
	operand = calloc((size_t)argc + 1, sizeof *operand);
	if (!operand) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	rc = parse_path(CMD, argc - 1, argv + 1, &path, operand, &n, cli_profile_usage, &verbose);
	if (rc == CLI_OK && n != want) {
		cli_error(CMD, want == 1 ? "show takes one profile (try 'arbiter profiles')" :
					   "diff takes two profiles (try 'arbiter profiles')");
		rc = CLI_USAGE;
	}
	for (i = 0; rc == CLI_OK && i < want; i++) {
		p[i] = cli_profile_open(CMD, operand[i], path, verbose ? &prints : NULL);
		if (!p[i])
			rc = CLI_FAIL;
	}
	if (rc == CLI_OK)
		rc = want == 1 ? show(p[0]) : diff(p[0], p[1], operand[0], operand[1]);
	arb_profile_free(p[0]);
	arb_profile_free(p[1]);
	free(operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}

#else /* !ARBITER_HAVE_LUA */

int cli_profiles(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("profiles", "this arbiter was built without Lua, so without rule profiles "
			      "(cmake -DARBITER_LUA=ON)");
	return CLI_FAIL;
}

int cli_profile(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("profile", "this arbiter was built without Lua, so without rule profiles "
			     "(cmake -DARBITER_LUA=ON)");
	return CLI_FAIL;
}

#endif
