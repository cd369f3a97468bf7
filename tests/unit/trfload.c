/*
 * trfload.c -- a test-only TRF loader for test_regulation.c (test_tiebreak.c
 * reads through arb_trf_read): the columns the tie-breaks need
 * (001 cells, 092, 142/XXR, 162, 192, 202), filling the model of
 * engine/tournament/tournament.h directly; to be replaced by the library's
 * TRF reader. And build(): a Swiss from rows of cells.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "tournament.h"
#include "trfload.h"

/* ------------------------------------------------------------------------
 * A test-only TRF loader
 * ---------------------------------------------------------------------- */

char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		fclose(f);
		return NULL;
	}
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void copy_field(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);
	while (n && (src[n - 1] == ' '))
		n--;
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

static int num_at(const char *line, size_t len, size_t from, size_t to)
{
	char buf[16] = {0};
	size_t k = 0;
	for (size_t i = from; i < to && i < len && k < sizeof buf - 1; i++)
		buf[k++] = line[i];
	return atoi(buf);
}

/* 162's "W 3.0 D 1.0 L 0.0 P 3.0": letter, points. */
static void read_points(tpoints *p, const char *s)
{
	char c;
	double v;
	int used;
	while (sscanf(s, " %c %lf%n", &c, &v, &used) == 2) {
		int t = (int)lround(v * 10);
		if (c == 'W')
			p->win = p->forfeit_win = p->full_bye = t;
		else if (c == 'D')
			p->draw = p->half_bye = t;
		else if (c == 'L')
			p->loss = t;
		else if (c == 'P')
			p->pab = t;
		else if (c == 'Z')
			p->zero_bye = p->forfeit_loss = t;
		s += used;
	}
}

arb_tournament *load_trf(const char *path)
{
	char *text = slurp(path);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	arb_tournament *t = calloc(1, sizeof *t);
	ck_assert_ptr_nonnull(t);
	t->points = (tpoints){10, 5, 0, 10, 0, 10, 10, 5, 0, 5};
	t->rounds_cap = 32;
	t->players_cap = 512;
	t->players = calloc((size_t)t->players_cap, sizeof *t->players);
	ck_assert_ptr_nonnull(t->players);
	int maxid = 0;
	for (char *line = text; *line;) {
		size_t len = strcspn(line, "\r\n");
		char *next = line + len;
		while (*next == '\r' || *next == '\n')
			next++;
		line[len] = '\0';
		const char *v = len > 4 ? line + 4 : "";
		if (!strncmp(line, "001", 3) && len > 8) {
			ck_assert_int_lt(t->nplayers, t->players_cap);
			tplayer *p = &t->players[t->nplayers++];
			p->id = num_at(line, len, 4, 8);
			p->rating = num_at(line, len, 48, 52);
			p->points = (int)lround(atof(len > 80 ? line + 80 : "0") * 10);
			p->cells = calloc((size_t)t->rounds_cap, sizeof *p->cells);
			ck_assert_ptr_nonnull(p->cells);
			for (int k = 0; k < t->rounds_cap; k++) {
				size_t at = 91 + 10 * (size_t)k;
				p->cells[k] = (tcell){0, '-', ' '};
				if (at >= len)
					continue;
				p->cells[k].opponent = num_at(line, len, at, at + 4);
				p->cells[k].color = at + 5 < len ? line[at + 5] : '-';
				p->cells[k].result = at + 7 < len ? line[at + 7] : 'Z';
				if (p->cells[k].result == ' ')
					p->cells[k].result = 'Z'; /* a blank cell: absent */
				if (k + 1 > t->nrounds)
					t->nrounds = k + 1;
			}
			if (p->id > maxid)
				maxid = p->id;
		} else if (!strncmp(line, "092", 3))
			copy_field(t->type, sizeof t->type, v);
		else if (!strncmp(line, "192", 3))
			copy_field(t->system, sizeof t->system, v);
		else if (!strncmp(line, "202", 3))
			copy_field(t->tiebreaks, sizeof t->tiebreaks, v);
		else if (!strncmp(line, "142", 3) || !strncmp(line, "XXR", 3))
			t->rounds = atoi(v);
		else if (!strncmp(line, "162", 3)) {
			read_points(&t->points, v);
			/* kept as a record, as the reader does: the file states its
			 * point system (the regulation's is for files without) */
			if (!t->recs) {
				t->recs = calloc(1, sizeof *t->recs);
				ck_assert_ptr_nonnull(t->recs);
				t->recs_cap = 1;
			}
			if (t->nrecs < t->recs_cap)
				memcpy(t->recs[t->nrecs++].code, "162", 4);
		}
		line = next;
	}
	free(text);
	t->byid_cap = maxid + 1;
	t->byid = malloc((size_t)t->byid_cap * sizeof *t->byid);
	ck_assert_ptr_nonnull(t->byid);
	for (int i = 0; i < t->byid_cap; i++)
		t->byid[i] = -1;
	for (int i = 0; i < t->nplayers; i++)
		t->byid[t->players[i].id] = i;
	return t;
}

void free_trf(arb_tournament *t)
{
	for (int i = 0; i < t->nplayers; i++)
		free(t->players[i].cells);
	free(t->players);
	free(t->byid);
	free(t->recs);
	free(t);
}

/* A Swiss from rows of cells "OPPONENT COLOUR RESULT", e.g. "5w=" or
 * "0-H", one row per player (ids 1..n), all rated 2000 unless told. */
arb_tournament *build(int n, int rounds, const char *const *rows)
{
	arb_tournament *t = calloc(1, sizeof *t);
	ck_assert_ptr_nonnull(t);
	t->points = (tpoints){10, 5, 0, 10, 0, 10, 10, 5, 0, 5};
	strcpy(t->type, "Individual: Swiss system"); /* not a round robin by its size */
	t->rounds = t->nrounds = t->rounds_cap = rounds;
	t->nplayers = t->players_cap = n;
	t->players = calloc((size_t)n, sizeof *t->players);
	t->byid_cap = n + 1;
	t->byid = malloc((size_t)(n + 1) * sizeof *t->byid);
	ck_assert(t->players && t->byid);
	t->byid[0] = -1;
	for (int i = 0; i < n; i++) {
		tplayer *p = &t->players[i];
		p->id = i + 1;
		p->rating = 2000;
		t->byid[i + 1] = i;
		p->cells = calloc((size_t)rounds, sizeof *p->cells);
		ck_assert_ptr_nonnull(p->cells);
		const char *c = rows[i];
		for (int k = 0; k < rounds; k++) {
			char col, res;
			int opp, used;
			ck_assert_msg(sscanf(c, " %d%c%c%n", &opp, &col, &res, &used) == 3,
				      "row %d round %d: '%s'", i + 1, k + 1, c);
			p->cells[k] = (tcell){opp, col, res};
			c += used;
		}
	}
	return t;
}
