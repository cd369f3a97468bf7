/*
 * testutil.c -- see testutil.h. Reads whole data files into memory and splits
 * them in place; lines starting with '#' and empty lines are skipped.
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef ARB_TEST_DATA
#define ARB_TEST_DATA "tests/data"
#endif

const char *test_data_dir(void)
{
	const char *env = getenv("ARBITER_TEST_DATA");
	return env && *env ? env : ARB_TEST_DATA;
}

static char *read_all(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char *text = NULL;
	size_t len = 0, cap = 0;

	if (!fp)
		return NULL;
	for (;;) {
		if (cap - len < 4096) {
			char *grown = realloc(text, cap * 2 + 4096);
			if (!grown) {
				free(text);
				fclose(fp);
				return NULL;
			}
			text = grown;
			cap = cap * 2 + 4096;
		}
		size_t got = fread(text + len, 1, cap - len - 1, fp);
		len += got;
		if (got == 0)
			break;
	}
	fclose(fp);
	text[len] = '\0';
	return text;
}

static void split_row(char *line, int lineno, tsv_row *row)
{
	row->line = lineno;
	row->nfields = 0;
	for (char *p = line;;) {
		char *tab = strchr(p, '\t');
		if (row->nfields < TSV_MAX_FIELDS)
			row->field[row->nfields++] = p;
		if (!tab)
			break;
		*tab = '\0';
		p = tab + 1;
	}
}

int tsv_load(const char *dir, const char *name, tsv_file *out)
{
	char path[4096];
	int lineno = 0, cap = 0;

	memset(out, 0, sizeof *out);
	snprintf(path, sizeof path, "%s/%s", dir ? dir : test_data_dir(), name);
	out->text = read_all(path);
	if (!out->text) {
		fprintf(stderr, "cannot read %s\n", path);
		return -1;
	}
	for (char *p = out->text; *p;) {
		char *nl = strchr(p, '\n');
		char *next = nl ? nl + 1 : p + strlen(p);
		if (nl)
			*nl = '\0';
		if (nl && nl > p && nl[-1] == '\r')
			nl[-1] = '\0';
		lineno++;
		if (*p && *p != '#') {
			if (out->header.nfields == 0) {
				split_row(p, lineno, &out->header);
			} else {
				if (out->nrows == cap) {
					cap = cap ? cap * 2 : 64;
					tsv_row *grown =
						realloc(out->rows, (size_t)cap * sizeof *grown);
					if (!grown) {
						tsv_free(out);
						return -1;
					}
					out->rows = grown;
				}
				split_row(p, lineno, &out->rows[out->nrows++]);
			}
		}
		p = next;
	}
	return 0;
}

void tsv_free(tsv_file *f)
{
	free(f->text);
	free(f->rows);
	memset(f, 0, sizeof *f);
}

int tsv_column(const tsv_file *f, const char *name)
{
	for (int i = 0; i < f->header.nfields; i++)
		if (strcmp(f->header.field[i], name) == 0)
			return i;
	return -1;
}

const char *tsv_get(const tsv_row *row, int col)
{
	return col >= 0 && col < row->nfields ? row->field[col] : "";
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

int fen_field_span(const char *s, int k, int *first, int *last)
{
	int n = 0, len = (int)strlen(s);

	*first = *last = len + 1;
	for (int i = 0; i < len;) {
		while (i < len && is_space(s[i]))
			i++;
		if (i == len)
			break;
		int start = i;
		while (i < len && !is_space(s[i]))
			i++;
		if (++n == k) {
			*first = start + 1;
			*last = i;
		}
	}
	return n;
}

void fen_replace_field(const char *fen, int k, const char *repl, char *buf, size_t n)
{
	int first, last;

	fen_field_span(fen, k, &first, &last);
	if (first > (int)strlen(fen)) {
		snprintf(buf, n, "%s", fen);
		return;
	}
	snprintf(buf, n, "%.*s%s%s", first - 1, fen, repl, fen + last);
}
