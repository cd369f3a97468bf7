/*
 * fuzz_pgn.c -- libFuzzer target for the streaming PGN reader and writer.
 *
 * The input is a whole PGN file, read through a memory source (in small
 * reads when the size is odd, to cross buffer refills). Every game read
 * without error is written in export format into memory; that text must
 * read back with as many games and no error, and write again to the same
 * bytes. Games with errors must be counted, and the counts must add up.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

typedef struct src {
	const uint8_t *data;
	size_t len, pos, chunk;
} src;

static size_t src_read(void *ctx, char *buf, size_t n)
{
	src *s = ctx;
	size_t k = s->len - s->pos;
	if (k > n)
		k = n;
	if (s->chunk && k > s->chunk)
		k = s->chunk;
	if (k) {
		memcpy(buf, s->data + s->pos, k);
		s->pos += k;
	}
	return k;
}

typedef struct sink {
	char *data;
	size_t len, cap;
} sink;

static int sink_write(void *ctx, const char *buf, size_t n)
{
	sink *s = ctx;
	if (n == 0)
		return 0;
	if (s->len + n > s->cap) {
		size_t cap = s->cap ? s->cap : 4096;
		while (cap < s->len + n)
			cap *= 2;
		char *q = realloc(s->data, cap);
		if (!q)
			abort();
		s->data = q;
		s->cap = cap;
	}
	memcpy(s->data + s->len, buf, n);
	s->len += n;
	return 0;
}

/* Reads every game, exporting the good ones into *out. Returns the number of
 * good games; *bad gets the number with errors. */
static long read_all(const uint8_t *data, size_t len, size_t chunk, unsigned flags, sink *out,
		     long *bad)
{
	src s = {data, len, 0, chunk};
	arb_pgn_reader *r = arb_pgn_reader_new(src_read, &s, "fuzz", flags);
	arb_record *g;
	arb_error err;
	long good = 0;
	*bad = 0;
	if (!r)
		abort();
	for (;;) {
		arb_status st = arb_pgn_next(r, &g, &err);
		if (st == ARB_OK && !g)
			break;
		if (st == ARB_OK) {
			good++;
			if (arb_pgn_write(g, sink_write, out) != ARB_OK)
				abort();
		} else if (st == ARB_E_PGN) {
			(*bad)++;
			if (err.line < 1 || err.column < 1 ||
			    !memchr(err.message, 0, sizeof err.message))
				abort();
			if ((flags & ARB_PGN_KEEP_PARTIAL) ? g == NULL : g != NULL)
				abort();
		} else {
			abort(); /* memory sources neither fail nor run out here */
		}
	}
	if (arb_pgn_reader_games(r) != good + *bad || arb_pgn_reader_errors(r) != *bad)
		abort();
	arb_pgn_reader_free(r);
	return good;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 1 << 16)
		return 0;
	unsigned flags = size % 3 == 1 ? ARB_PGN_KEEP_PARTIAL :
			 size % 3 == 2 ? ARB_PGN_SKIP_VARIATIONS :
					 0;
	sink a = {0}, b = {0};
	long bad, bad2;
	long good = read_all(data, size, size % 2 ? 7 : 0, flags, &a, &bad);

	/* The export reads back: same number of games, no errors, same bytes. */
	long again = read_all((const uint8_t *)a.data, a.len, 0, 0, &b, &bad2);
	if (again != good || bad2 != 0)
		abort();
	if (a.len != b.len || (a.len && memcmp(a.data, b.data, a.len) != 0))
		abort();
	free(a.data);
	free(b.data);
	return 0;
}
