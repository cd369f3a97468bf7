/*
 * fuzz_trf.c -- libFuzzer target for the TRF reader and writer.
 *
 * The first byte picks the read flags and the dialect to convert to; the
 * rest is a TRF file. Whatever the input, the reader returns ARB_OK or
 * ARB_E_TRF with a message that names a line, and:
 *   - written back in its own dialect with its own line ends, the file is
 *     the same bytes (every line is kept, broken ones too; read without
 *     ARB_TRF_F_AS_PAB, which changes cells);
 *   - written with CR line ends, it reads back to the same model with the
 *     same number of errors and is written the same bytes again;
 *   - without errors, converted to the other dialect and read back, it has
 *     the same players, points, rounds and cells.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An invariant failed: say which, then abort. */
#define broken() (fprintf(stderr, "fuzz_trf: invariant of line %d failed\n", __LINE__), abort())

typedef struct out {
	char *s;
	size_t n, cap;
} out;

static int sink(void *ctx, const char *s, size_t n)
{
	out *o = ctx;

	if (o->n + n > o->cap) {
		size_t cap = (o->n + n) * 2 + 64;
		char *p = realloc(o->s, cap);
		if (!p)
			broken();
		o->s = p;
		o->cap = cap;
	}
	memcpy(o->s + o->n, s, n);
	o->n += n;
	return 0;
}

static int errors(const arb_tournament *t)
{
	int k, n = 0;

	for (k = 0; k < arb_tournament_problems(t); k++)
		if (arb_tournament_problem(t, k, NULL) == ARB_E_TRF)
			n++;
	return n;
}

static arb_tournament *read_or_die(const char *s, size_t n, unsigned flags, arb_status *st)
{
	arb_tournament *t = NULL;
	arb_error err;

	*st = arb_trf_read(s, n, "fuzz", flags, &t, &err);
	if (*st != ARB_OK && *st != ARB_E_TRF)
		broken();
	if (!t || err.code != *st)
		broken();
	if (*st == ARB_E_TRF && (strncmp(err.message, "fuzz:", 5) != 0 || err.line < 0))
		broken();
	return t;
}

static out write_or_die(const arb_tournament *t, unsigned flags)
{
	out o = {0};

	if (arb_trf_write(t, flags, sink, &o) != ARB_OK)
		broken();
	return o;
}

/* The same players, points, rounds played and cells (rounds 1..played+2). */
static void same(const arb_tournament *a, const arb_tournament *b, int events)
{
	arb_tournament_info x, y;
	int i, r, n = arb_tournament_player_count(a);

	if (n != arb_tournament_player_count(b) ||
	    arb_tournament_rounds_played(a) != arb_tournament_rounds_played(b))
		broken();
	arb_tournament_get_info(a, &x);
	arb_tournament_get_info(b, &y);
	if (events && (x.rounds != y.rounds || x.first_color != y.first_color ||
		       x.points.win != y.points.win || x.points.draw != y.points.draw ||
		       x.points.pab != y.points.pab || x.points.half_bye != y.points.half_bye))
		broken();
	for (i = 0; i < n; i++) {
		arb_tournament_player p, q;

		arb_tournament_get_player(a, i, &p);
		arb_tournament_get_player(b, i, &q);
		if (p.id != q.id || p.points != q.points || p.rating != q.rating ||
		    strcmp(p.name, q.name) != 0)
			broken();
		for (r = 1; r <= arb_tournament_rounds_played(a) + 2; r++) {
			arb_tournament_cell c, d;

			arb_tournament_get_cell(a, i, r, &c);
			arb_tournament_get_cell(b, i, r, &d);
			if (c.opponent != d.opponent || c.color != d.color || c.result != d.result)
				broken();
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned flags, other;
	const char *text;
	arb_tournament *t, *u, *v;
	arb_tournament_info info;
	arb_status st, st2;
	out o, o2;

	if (size < 1 || size > 65536)
		return 0;
	flags = data[0] & 1 ? ARB_TRF_F_AS_PAB : 0;
	text = (const char *)data + 1;
	size--;
	/* as read, nothing changed (ARB_TRF_F_AS_PAB changes cells) */
	t = read_or_die(text, size, 0, &st);
	o = write_or_die(t, ARB_TRF_EOL_AS_READ);
	if (o.n != size || (size && memcmp(o.s, text, size) != 0))
		broken();
	free(o.s);
	arb_tournament_free(t);
	t = read_or_die(text, size, flags, &st);

	o = write_or_die(t, 0);
	u = read_or_die(o.s, o.n, flags, &st2);
	if (st2 != st || errors(u) != errors(t))
		broken();
	same(t, u, 1);
	o2 = write_or_die(u, 0);
	if (o2.n != o.n || (o.n && memcmp(o.s, o2.s, o.n) != 0))
		broken();
	free(o.s);
	free(o2.s);
	arb_tournament_free(u);

	arb_tournament_get_info(t, &info);
	if (st == ARB_OK && !info.team) {
		other = (data[0] & 2) || info.dialect == ARB_TRF_2026 ? ARB_TRF_WRITE_16 :
									ARB_TRF_WRITE_2026;
		o = write_or_die(t, other);
		v = read_or_die(o.s, o.n, 0, &st2);
		if (st2 != ARB_OK)
			broken();
		same(t, v, 1);
		free(o.s);
		arb_tournament_free(v);
	}
	arb_tournament_free(t);
	return 0;
}
