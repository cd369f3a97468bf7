/*
 * testutil.h -- small helpers shared by arbiter's test programs: reading the
 * tab-separated data files under tests/data, and locating fields in a FEN
 * string so a test can check that an error's column points inside the field
 * it names. Test code only; nothing here is part of the library.
 */
#ifndef ARBITER_TESTUTIL_H
#define ARBITER_TESTUTIL_H

#include <stddef.h>

#define TSV_MAX_FIELDS 16

/* One data row: fields are NUL-terminated views into the file's text. */
typedef struct tsv_row {
	int line; /* 1-based line number in the file */
	int nfields;
	const char *field[TSV_MAX_FIELDS];
} tsv_row;

/* A whole file: the header row plus the data rows. */
typedef struct tsv_file {
	char *text;
	tsv_row header;
	tsv_row *rows;
	int nrows;
} tsv_file;

/* The directory holding the data files: $ARBITER_TEST_DATA if set, else the
 * compile-time ARB_TEST_DATA. */
const char *test_data_dir(void);

/* Loads dir/name (name relative to test_data_dir() when dir is NULL).
 * Returns 0, or -1 with a message on stderr. */
int tsv_load(const char *dir, const char *name, tsv_file *out);
void tsv_free(tsv_file *f);

/* Index of the header column called `name`, or -1. */
int tsv_column(const tsv_file *f, const char *name);

/* The text of column `col` of `row`, "" when the row is shorter. */
const char *tsv_get(const tsv_row *row, int col);

/*
 * The 1-based byte columns [*first, *last] of whitespace-separated field k
 * (1-based) of `s`. When the field is missing, both are strlen(s) + 1.
 * Returns the number of fields in s.
 */
int fen_field_span(const char *s, int k, int *first, int *last);

/* Copies `fen` into buf (size n) with field k replaced by `repl`. */
void fen_replace_field(const char *fen, int k, const char *repl, char *buf, size_t n);

#endif /* ARBITER_TESTUTIL_H */
