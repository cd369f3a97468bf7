/*
 * tournament.c -- the tournament model's life: a new and a freed
 * tournament, players added in id order, cells set in pairs, points counted
 * by the point system, and the public accessors and setters.
 *
 * Arrays grow through helpers that set the sticky t->nomem on failure; the
 * public entry points turn it into ARB_E_NOMEM, and a failed operation
 * leaves the model as it was (growing is done before anything changes).
 * What a setter changes is written back by trf.c, which compares the model
 * with each record's text: the setters only mark the records dirty.
 */
#include "tournament.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Life
 * ---------------------------------------------------------------------- */

void arbI_tpoints_default(tpoints *p)
{
	p->win = p->forfeit_win = p->pab = p->full_bye = 10;
	p->draw = p->half_bye = p->unknown = 5;
	p->loss = p->forfeit_loss = p->zero_bye = 0;
}

arb_tournament *arb_tournament_new(void)
{
	arb_tournament *t = calloc(1, sizeof *t);

	if (!t)
		return NULL;
	arbI_tpoints_default(&t->points);
	t->first_color = ' ';
	t->dialect = ARB_TRF_2026;
	strcpy(t->eol, "\r");
	strcpy(t->file, "(trf)");
	return t;
}

void arb_tournament_free(arb_tournament *t)
{
	int i;

	if (!t)
		return;
	for (i = 0; i < t->nplayers; i++)
		free(t->players[i].cells);
	for (i = 0; i < t->nrecs; i++)
		free(t->recs[i].text);
	for (i = 0; i < t->nprohib; i++)
		free(t->prohib[i].ids);
	free(t->prohib);
	free(t->players);
	free(t->byid);
	free(t->recs);
	free(t->probs);
	free(t);
}

/* ------------------------------------------------------------------------
 * Growing (sticky nomem)
 * ---------------------------------------------------------------------- */

static int grow(struct arb_tournament *t, void **p, int *cap, int need, size_t size)
{
	int n;
	void *q;

	if (need <= *cap)
		return 0;
	n = *cap ? *cap : 8;
	while (n < need)
		n *= 2;
	q = realloc(*p, (size_t)n * size);
	if (!q) {
		t->nomem = 1;
		return -1;
	}
	*p = q;
	*cap = n;
	return 0;
}

int arbI_tournament_reserve_rounds(struct arb_tournament *t, int rounds)
{
	int i, r, cap;

	if (rounds <= t->rounds_cap)
		return 0;
	cap = t->rounds_cap ? t->rounds_cap : 8;
	while (cap < rounds)
		cap *= 2;
	for (i = 0; i < t->nplayers; i++) {
		tcell *c = realloc(t->players[i].cells, (size_t)cap * sizeof *c);

		if (!c) {
			t->nomem = 1;
			return -1; /* the players grown so far keep their larger arrays */
		}
		for (r = t->rounds_cap; r < cap; r++)
			c[r] = (tcell){0, '-', ' '};
		t->players[i].cells = c;
	}
	t->rounds_cap = cap;
	return 0;
}

static void reindex(struct arb_tournament *t)
{
	int i;

	for (i = 0; i < t->byid_cap; i++)
		t->byid[i] = -1;
	for (i = 0; i < t->nplayers; i++) {
		t->byid[t->players[i].id] = i;
		if (t->players[i].line >= 0)
			t->recs[t->players[i].line].ref = i;
	}
}

int arbI_tournament_insert(struct arb_tournament *t, const tplayer *p)
{
	int at, r, old;
	tcell *cells;

	if (p->id < 1 || p->id > ARB_TRF_ID_MAX)
		return -1;
	old = t->byid_cap;
	if (grow(t, (void **)&t->byid, &t->byid_cap, p->id + 1, sizeof *t->byid))
		return -1;
	for (r = old; r < t->byid_cap; r++)
		t->byid[r] = -1;
	if (grow(t, (void **)&t->players, &t->players_cap, t->nplayers + 1, sizeof *t->players))
		return -1;
	cells = malloc((size_t)(t->rounds_cap ? t->rounds_cap : 1) * sizeof *cells);
	if (!cells) {
		t->nomem = 1;
		return -1;
	}
	for (r = 0; r < t->rounds_cap; r++)
		cells[r] = (tcell){0, '-', ' '};
	/* Files are nearly always in id order: search from the end. */
	at = t->nplayers;
	while (at > 0 && t->players[at - 1].id > p->id)
		at--;
	memmove(&t->players[at + 1], &t->players[at],
		(size_t)(t->nplayers - at) * sizeof *t->players);
	t->players[at] = *p;
	t->players[at].cells = cells;
	t->nplayers++;
	if (at == t->nplayers - 1) {
		t->byid[p->id] = at;
		if (p->line >= 0)
			t->recs[p->line].ref = at;
	} else {
		reindex(t);
	}
	return at;
}

int arbI_tournament_add_record(struct arb_tournament *t, const char *code, const char *text,
			       size_t len, char eol)
{
	trecord *r;
	char *s;

	if (grow(t, (void **)&t->recs, &t->recs_cap, t->nrecs + 1, sizeof *t->recs))
		return -1;
	s = malloc(len + 1);
	if (!s) {
		t->nomem = 1;
		return -1;
	}
	memcpy(s, text, len);
	s[len] = '\0';
	r = &t->recs[t->nrecs];
	memset(r, 0, sizeof *r);
	memcpy(r->code, code, 3);
	r->text = s;
	r->len = len;
	r->ref = -1;
	r->eol = eol;
	return t->nrecs++;
}

int arbI_tournament_add_prohibit(struct arb_tournament *t, const tprohibit *g)
{
	if (grow(t, (void **)&t->prohib, &t->prohib_cap, t->nprohib + 1, sizeof *t->prohib)) {
		free(g->ids);
		return -1;
	}
	t->prohib[t->nprohib++] = *g;
	return 0;
}

/* ------------------------------------------------------------------------
 * Points
 * ---------------------------------------------------------------------- */

int arb_tournament_result_points(const arb_tournament_points *p, char result)
{
	arbI_api_check(p, 0);
	switch (result) {
	case '1':
	case 'W':
		return p->win;
	case '=':
	case 'D':
		return p->draw;
	case '0':
	case 'L':
		return p->loss;
	case '+':
		return p->forfeit_win;
	case '-':
		return p->forfeit_loss;
	case 'H':
		return p->half_bye;
	case 'F':
		return p->full_bye;
	case 'U':
		return p->pab;
	case 'Z':
		return p->zero_bye;
	default:
		return 0;
	}
}

int arbI_tcell_points(const tpoints *p, const tcell *c)
{
	return arb_tournament_result_points(p, c->result);
}

int arbI_tournament_count_points(const struct arb_tournament *t, int i)
{
	int r, sum = 0;

	for (r = 0; r < t->nrounds && r < t->rounds_cap; r++)
		sum += arbI_tcell_points(&t->points, &t->players[i].cells[r]);
	return sum;
}

/* ------------------------------------------------------------------------
 * Problems
 * ---------------------------------------------------------------------- */

int arb_tournament_problems(const arb_tournament *t)
{
	arbI_api_check(t, 0);
	return t->nprobs;
}

arb_status arb_tournament_problem(const arb_tournament *t, int i, arb_error *out)
{
	const tproblem *p;
	arb_status code;

	arbI_api_check(t && i >= 0 && i < t->nprobs, ARB_E_ARGUMENT);
	p = &t->probs[i];
	code = p->error ? ARB_E_TRF : ARB_OK;
	if (out) {
		memset(out, 0, sizeof *out);
		out->code = code;
		out->line = p->line;
		out->column = p->column;
		if (p->line > 0)
			snprintf(out->message, sizeof out->message, "%s:%ld:%d: %s%s", t->file,
				 p->line, p->column, p->error ? "" : "warning: ", p->why);
		else /* the whole file */
			snprintf(out->message, sizeof out->message, "%s: %s%s", t->file,
				 p->error ? "" : "warning: ", p->why);
	}
	return code;
}

/* ------------------------------------------------------------------------
 * The event
 * ---------------------------------------------------------------------- */

static void copy_points_out(arb_tournament_points *o, const tpoints *p)
{
	o->win = p->win;
	o->draw = p->draw;
	o->loss = p->loss;
	o->forfeit_win = p->forfeit_win;
	o->forfeit_loss = p->forfeit_loss;
	o->pab = p->pab;
	o->full_bye = p->full_bye;
	o->half_bye = p->half_bye;
	o->zero_bye = p->zero_bye;
	o->unknown = p->unknown;
}

arb_status arb_tournament_get_info(const arb_tournament *t, arb_tournament_info *out)
{
	arbI_api_check(t && out, ARB_E_ARGUMENT);
	memset(out, 0, sizeof *out);
	memcpy(out->name, t->name, sizeof out->name);
	memcpy(out->city, t->city, sizeof out->city);
	memcpy(out->federation, t->federation, sizeof out->federation);
	memcpy(out->start, t->start, sizeof out->start);
	memcpy(out->end, t->end, sizeof out->end);
	out->start_date = t->start_date;
	out->end_date = t->end_date;
	memcpy(out->type, t->type, sizeof out->type);
	memcpy(out->chief_arbiter, t->chief_arbiter, sizeof out->chief_arbiter);
	memcpy(out->time_control, t->time_control, sizeof out->time_control);
	memcpy(out->system, t->system, sizeof out->system);
	memcpy(out->tiebreaks, t->tiebreaks, sizeof out->tiebreaks);
	memcpy(out->tc_code, t->tc_code, sizeof out->tc_code);
	out->rounds = t->rounds;
	out->first_color = t->first_color;
	copy_points_out(&out->points, &t->points);
	out->dialect = t->dialect;
	out->team = t->team;
	return ARB_OK;
}

/* 1 when s (of at most n bytes) has no control character. */
static int clean(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i]; i++)
		if ((unsigned char)s[i] < 32 || s[i] == 127)
			return 0;
	return 1;
}

/* Copies src into dst[n], cut, then trims trailing spaces. */
static void set_text(char *dst, size_t n, const char *src, size_t srcn)
{
	size_t k = 0;

	while (k + 1 < n && k < srcn && src[k])
		k++;
	memcpy(dst, src, k);
	while (k > 0 && dst[k - 1] == ' ')
		k--;
	dst[k] = '\0';
}

static int point_ok(int v)
{
	return v >= -999 && v <= 9999;
}

/* The YYYYMMDD of a TRF date as written (arbI_trf_date in trf.c). */
int arbI_trf_date(const char *s);

static void absent_withdrawn(struct arb_tournament *t, int from, int to);

#define SET_TEXT(field) set_text(t->field, sizeof t->field, info->field, sizeof info->field)

arb_status arb_tournament_set_info(arb_tournament *t, const arb_tournament_info *info)
{
	const arb_tournament_points *p;

	arbI_api_check(t && info, ARB_E_ARGUMENT);
	p = &info->points;
	if (!clean(info->name, sizeof info->name) || !clean(info->city, sizeof info->city) ||
	    !clean(info->federation, sizeof info->federation) ||
	    !clean(info->start, sizeof info->start) || !clean(info->end, sizeof info->end) ||
	    !clean(info->type, sizeof info->type) ||
	    !clean(info->chief_arbiter, sizeof info->chief_arbiter) ||
	    !clean(info->time_control, sizeof info->time_control) ||
	    !clean(info->system, sizeof info->system) ||
	    !clean(info->tiebreaks, sizeof info->tiebreaks) ||
	    !clean(info->tc_code, sizeof info->tc_code))
		return ARB_E_ARGUMENT;
	if (info->rounds < 0 || info->rounds > 999)
		return ARB_E_ARGUMENT;
	if (info->first_color != 'w' && info->first_color != 'b' && info->first_color != ' ')
		return ARB_E_ARGUMENT;
	if (info->rounds > t->rounds && arbI_tournament_reserve_rounds(t, info->rounds) < 0) {
		t->nomem = 0;
		return ARB_E_NOMEM;
	}
	if (!point_ok(p->win) || !point_ok(p->draw) || !point_ok(p->loss) ||
	    !point_ok(p->forfeit_win) || !point_ok(p->forfeit_loss) || !point_ok(p->pab) ||
	    !point_ok(p->full_bye) || !point_ok(p->half_bye) || !point_ok(p->zero_bye) ||
	    !point_ok(p->unknown))
		return ARB_E_ARGUMENT;
	SET_TEXT(name);
	SET_TEXT(city);
	SET_TEXT(federation);
	if (strncmp(t->start, info->start, sizeof t->start) != 0) {
		SET_TEXT(start);
		t->start_date = arbI_trf_date(t->start);
	}
	if (strncmp(t->end, info->end, sizeof t->end) != 0) {
		SET_TEXT(end);
		t->end_date = arbI_trf_date(t->end);
	}
	SET_TEXT(type);
	SET_TEXT(chief_arbiter);
	SET_TEXT(time_control);
	if (strncmp(t->system, info->system, sizeof t->system) != 0) {
		SET_TEXT(system);
		t->system_derived = 0;
	}
	SET_TEXT(tiebreaks);
	SET_TEXT(tc_code);
	if (info->rounds > t->rounds) /* more rounds: the permanently withdrawn are absent */
		absent_withdrawn(t, t->rounds + 1, info->rounds);
	t->rounds = info->rounds;
	t->first_color = info->first_color;
	if (memcmp(&t->points, p, sizeof t->points) != 0) {
		int i;

		t->points.win = p->win;
		t->points.draw = p->draw;
		t->points.loss = p->loss;
		t->points.forfeit_win = p->forfeit_win;
		t->points.forfeit_loss = p->forfeit_loss;
		t->points.pab = p->pab;
		t->points.full_bye = p->full_bye;
		t->points.half_bye = p->half_bye;
		t->points.zero_bye = p->zero_bye;
		t->points.unknown = p->unknown;
		for (i = 0; i < t->nplayers; i++)
			t->players[i].points = arbI_tournament_count_points(t, i);
	}
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Players
 * ---------------------------------------------------------------------- */

int arb_tournament_player_count(const arb_tournament *t)
{
	arbI_api_check(t, 0);
	return t->nplayers;
}

int arb_tournament_player_index(const arb_tournament *t, int id)
{
	arbI_api_check(t, -1);
	if (id < 1 || id >= t->byid_cap) /* an id is input: none is -1 */
		return -1;
	return t->byid[id];
}

arb_status arb_tournament_get_player(const arb_tournament *t, int i, arb_tournament_player *out)
{
	const tplayer *p;

	arbI_api_check(t && out && i >= 0 && i < t->nplayers, ARB_E_ARGUMENT);
	p = &t->players[i];
	memset(out, 0, sizeof *out);
	out->id = p->id;
	out->sex = p->sex;
	memcpy(out->title, p->title, sizeof out->title);
	memcpy(out->name, p->name, sizeof out->name);
	out->rating = p->rating;
	memcpy(out->federation, p->federation, sizeof out->federation);
	memcpy(out->fide_id, p->fide_id, sizeof out->fide_id);
	memcpy(out->birth, p->birth, sizeof out->birth);
	out->points = p->points;
	out->rank = p->rank;
	return ARB_OK;
}

/* Checks *p's data (not its id) and copies it into *q. */
static arb_status player_data(tplayer *q, const arb_tournament_player *p)
{
	size_t k;

	if (!clean(p->title, sizeof p->title) || !clean(p->name, sizeof p->name) ||
	    !clean(p->federation, sizeof p->federation) || !clean(p->fide_id, sizeof p->fide_id) ||
	    !clean(p->birth, sizeof p->birth))
		return ARB_E_ARGUMENT;
	if (p->sex != 'm' && p->sex != 'w' && p->sex != ' ' && p->sex != '\0')
		return ARB_E_ARGUMENT;
	if (p->rating < 0 || p->rating > 9999 || p->rank < 0 || p->rank > 9999)
		return ARB_E_ARGUMENT;
	for (k = 0; k < sizeof p->fide_id && p->fide_id[k]; k++)
		if (p->fide_id[k] < '0' || p->fide_id[k] > '9')
			return ARB_E_ARGUMENT;
	q->sex = p->sex ? p->sex : ' ';
	set_text(q->title, sizeof q->title, p->title, sizeof p->title);
	set_text(q->name, sizeof q->name, p->name, sizeof p->name);
	q->rating = p->rating;
	set_text(q->federation, sizeof q->federation, p->federation, sizeof p->federation);
	set_text(q->fide_id, sizeof q->fide_id, p->fide_id, sizeof p->fide_id);
	set_text(q->birth, sizeof q->birth, p->birth, sizeof p->birth);
	q->rank = p->rank;
	return ARB_OK;
}

arb_status arb_tournament_add_player(arb_tournament *t, const arb_tournament_player *p, int *id_out)
{
	tplayer q;
	int id;

	arbI_api_check(t && p, ARB_E_ARGUMENT);
	id = p->id;
	if (id == 0)
		id = t->nplayers ? t->players[t->nplayers - 1].id + 1 : 1;
	if (id < 1 || id > ARB_TRF_ID_MAX || arb_tournament_player_index(t, id) >= 0)
		return ARB_E_ARGUMENT;
	memset(&q, 0, sizeof q);
	if (player_data(&q, p) != ARB_OK)
		return ARB_E_ARGUMENT;
	q.id = id;
	q.line = -1;
	if (arbI_tournament_insert(t, &q) < 0) {
		t->nomem = 0; /* reported here, the model unchanged */
		return ARB_E_NOMEM;
	}
	if (id_out)
		*id_out = id;
	return ARB_OK;
}

arb_status arb_tournament_set_player(arb_tournament *t, int i, const arb_tournament_player *p)
{
	tplayer q;

	arbI_api_check(t && p && i >= 0 && i < t->nplayers, ARB_E_ARGUMENT);
	q = t->players[i];
	if (player_data(&q, p) != ARB_OK)
		return ARB_E_ARGUMENT;
	t->players[i] = q;
	if (q.line >= 0)
		t->recs[q.line].dirty = 1;
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Rounds
 * ---------------------------------------------------------------------- */

int arb_tournament_rounds_played(const arb_tournament *t)
{
	arbI_api_check(t, 0);
	return t->nrounds;
}

arb_status arb_tournament_get_cell(const arb_tournament *t, int i, int r, arb_tournament_cell *out)
{
	arbI_api_check(t && out && i >= 0 && i < t->nplayers && r >= 1 && r <= ARB_TRF_ROUNDS_MAX,
		       ARB_E_ARGUMENT);
	if (r > t->rounds_cap) {
		*out = (arb_tournament_cell){0, '-', ' '};
		return ARB_OK;
	}
	out->opponent = t->players[i].cells[r - 1].opponent;
	out->color = t->players[i].cells[r - 1].color;
	out->result = t->players[i].cells[r - 1].result;
	return ARB_OK;
}

static void touch(struct arb_tournament *t, int i)
{
	t->players[i].points = arbI_tournament_count_points(t, i);
	if (t->players[i].line >= 0)
		t->recs[t->players[i].line].dirty = 1;
}

/* Empties the cell of player i in round r (0-based), and its opponent's if
 * it points back. */
static void unpair(struct arb_tournament *t, int i, int r)
{
	tcell *c = &t->players[i].cells[r];
	int j = c->opponent ? arb_tournament_player_index(t, c->opponent) : -1;

	if (j >= 0 && t->players[j].cells[r].opponent == t->players[i].id) {
		t->players[j].cells[r] = (tcell){0, '-', ' '};
		touch(t, j);
	}
	*c = (tcell){0, '-', ' '};
}

/* Round r (1-based) becomes paired: everyone's points are recounted (the
 * byes known for it now count). */
static void absent_withdrawn(struct arb_tournament *t, int from, int to);

static void open_round(struct arb_tournament *t, int r)
{
	int i;

	if (r <= t->nrounds)
		return;
	t->nrounds = r;
	for (i = 0; i < t->nplayers; i++)
		touch(t, i);
	/* the next round: the permanently withdrawn are absent from it */
	if (r < t->rounds_cap && (!t->rounds || r < t->rounds))
		absent_withdrawn(t, r + 1, r + 1);
}

static int result_pair(char w, char b)
{
	static const char *const pairs[] = {"  ", "10", "01", "==", "+-",
					    "-+", "--", "WL", "LW", "DD"};
	size_t k;

	for (k = 0; k < sizeof pairs / sizeof pairs[0]; k++)
		if (pairs[k][0] == w && pairs[k][1] == b)
			return 1;
	return 0;
}

arb_status arb_tournament_set_game(arb_tournament *t, int r, int white, int black, char wres,
				   char bres)
{
	int wi, bi;

	arbI_api_check(t && r >= 1 && r <= ARB_TRF_ROUNDS_MAX, ARB_E_ARGUMENT);
	/* ids and results are input; a round after the next one, the state */
	wi = arb_tournament_player_index(t, white);
	bi = arb_tournament_player_index(t, black);
	if (wi < 0 || bi < 0 || wi == bi || r > t->nrounds + 1)
		return ARB_E_ARGUMENT;
	if (!result_pair(wres, bres))
		return ARB_E_ARGUMENT;
	/* r + 1: room for the next round's absences of the withdrawn (open_round) */
	if (arbI_tournament_reserve_rounds(t, r < ARB_TRF_ROUNDS_MAX ? r + 1 : r) < 0) {
		t->nomem = 0;
		return ARB_E_NOMEM;
	}
	unpair(t, wi, r - 1);
	unpair(t, bi, r - 1);
	t->players[wi].cells[r - 1] = (tcell){black, 'w', wres};
	t->players[bi].cells[r - 1] = (tcell){white, 'b', bres};
	open_round(t, r);
	touch(t, wi);
	touch(t, bi);
	return ARB_OK;
}

arb_status arb_tournament_set_bye(arb_tournament *t, int r, int id, char code)
{
	int i;

	arbI_api_check(t && r >= 1 && r <= ARB_TRF_ROUNDS_MAX, ARB_E_ARGUMENT);
	i = arb_tournament_player_index(t, id); /* an id and a code are input */
	if (i < 0)
		return ARB_E_ARGUMENT;
	if (code != 'U' && code != 'H' && code != 'F' && code != 'Z' && code != ' ')
		return ARB_E_ARGUMENT;
	if (code == 'U' && r > t->nrounds + 1)
		return ARB_E_ARGUMENT;
	if (code == ' ' && r <= t->nrounds)
		return ARB_E_ARGUMENT;
	if (arbI_tournament_reserve_rounds(t, r < ARB_TRF_ROUNDS_MAX ? r + 1 : r) < 0) {
		t->nomem = 0;
		return ARB_E_NOMEM;
	}
	unpair(t, i, r - 1);
	t->players[i].cells[r - 1] = (tcell){0, '-', code};
	if (code == 'U')
		open_round(t, r);
	touch(t, i);
	return ARB_OK;
}

/* ---- notes: arbiter's own comment records -------------------------------- */

#define NOTE_PREFIX "### arbiter "

/* The record index of note `key`, or -1. */
static int note_at(const struct arb_tournament *t, const char *key)
{
	size_t p = strlen(NOTE_PREFIX), k = strlen(key);
	for (int i = 0; i < t->nrecs; i++) {
		const trecord *r = &t->recs[i];
		if (r->len > p + k && memcmp(r->text, NOTE_PREFIX, p) == 0 &&
		    memcmp(r->text + p, key, k) == 0 && r->text[p + k] == ':')
			return i;
	}
	return -1;
}

static int note_key_ok(const char *key)
{
	if (!*key || strlen(key) > 64)
		return 0;
	for (const char *s = key; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' ||
		      *s == '.'))
			return 0;
	return 1;
}

const char *arb_tournament_note(const arb_tournament *t, const char *key)
{
	arbI_api_check(t && key, NULL);
	if (!note_key_ok(key)) /* a key's text is input */
		return NULL;
	int i = note_at(t, key);
	if (i < 0)
		return NULL;
	const char *v = t->recs[i].text + strlen(NOTE_PREFIX) + strlen(key) + 1;
	return *v == ' ' ? v + 1 : v;
}

arb_status arb_tournament_set_note(arb_tournament *t, const char *key, const char *value)
{
	arbI_api_check(t && key && value, ARB_E_ARGUMENT);
	if (!note_key_ok(key) || strlen(value) > 200)
		return ARB_E_ARGUMENT;
	for (const char *s = value; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return ARB_E_ARGUMENT;
	int i = note_at(t, key);
	char text[300];
	int len = snprintf(text, sizeof text, "%s%s: %s", NOTE_PREFIX, key, value);
	if (i >= 0) {
		char *s = malloc((size_t)len + 1);
		if (!s)
			return ARB_E_NOMEM;
		memcpy(s, text, (size_t)len + 1);
		free(t->recs[i].text);
		t->recs[i].text = s;
		t->recs[i].len = (size_t)len;
		return ARB_OK;
	}
	/* A new line at the end; the last line gets a line end first. */
	char eol = !strcmp(t->eol, "\r\n") ? 3 : !strcmp(t->eol, "\n") ? 2 : 1;
	if (t->nrecs && t->recs[t->nrecs - 1].eol == 0)
		t->recs[t->nrecs - 1].eol = eol;
	if (arbI_tournament_add_record(t, "###", text, (size_t)len, eol) < 0) {
		t->nomem = 0;
		return ARB_E_NOMEM;
	}
	return ARB_OK;
}

/* ---- withdrawals ------------------------------------------------------------ */

/* A player's withdrawals are the note "withdrawn.ID: A-B C-", ranges of
 * rounds in ascending order, "C-" permanent (to the end). */
#define WD_MAX 32 /* ranges of one player (a note holds 200 bytes) */

typedef struct wrange {
	int from, to; /* to 0: permanent */
} wrange;

static void wd_key(char *key, size_t n, int id)
{
	snprintf(key, n, "withdrawn.%d", id);
}

/* The ranges of player id's note into w[WD_MAX]; their number (a part that
 * does not read as a range is skipped). */
static int wd_read(const struct arb_tournament *t, int id, wrange *w)
{
	char key[32];
	const char *v;
	int n = 0;

	wd_key(key, sizeof key, id);
	v = arb_tournament_note(t, key);
	while (v && *v && n < WD_MAX) {
		char *end;
		long a, b = 0;

		while (*v == ' ')
			v++;
		if (!*v)
			break;
		a = strtol(v, &end, 10);
		if (end == v || *end != '-') {
			while (*v && *v != ' ')
				v++;
			continue;
		}
		v = end + 1;
		if (*v >= '0' && *v <= '9')
			b = strtol(v, &end, 10), v = end;
		if (a >= 1 && a <= ARB_TRF_ROUNDS_MAX &&
		    (b == 0 || (b >= a && b <= ARB_TRF_ROUNDS_MAX)))
			w[n++] = (wrange){(int)a, (int)b};
		while (*v && *v != ' ')
			v++;
	}
	return n;
}

static int cmp_range(const void *a, const void *b)
{
	const wrange *x = a, *y = b;

	return x->from - y->from;
}

/* Sorts and merges ranges (overlapping or adjacent ones become one; a
 * permanent one swallows what follows); their number. */
static int wd_merge(wrange *w, int n)
{
	int k, m = 0;

	qsort(w, (size_t)n, sizeof *w, cmp_range);
	for (k = 0; k < n; k++) {
		if (m && (w[m - 1].to == 0 || w[k].from <= w[m - 1].to + 1)) {
			if (w[m - 1].to != 0 && (w[k].to == 0 || w[k].to > w[m - 1].to))
				w[m - 1].to = w[k].to;
			continue;
		}
		w[m++] = w[k];
	}
	return m;
}

int arb_tournament_withdrawn(const arb_tournament *t, int id, int round)
{
	wrange w[WD_MAX];
	int n, k, any = 0;

	arbI_api_check(t && round >= 0 && round <= ARB_TRF_ROUNDS_MAX, 0);
	if (arb_tournament_player_index(t, id) < 0)
		return 0;
	n = wd_read(t, id, w);
	for (k = 0; k < n; k++) {
		if (round == 0) {
			any = w[k].to == 0 ? 2 : any ? any : 1;
			continue;
		}
		if (round >= w[k].from && (w[k].to == 0 || round <= w[k].to))
			return w[k].to == 0 ? 2 : 1;
	}
	return any;
}

int arb_tournament_withdrawal(const arb_tournament *t, int id, int k, int *from, int *to)
{
	wrange w[WD_MAX];
	int n;

	arbI_api_check(t && k >= 0, 0);
	if (arb_tournament_player_index(t, id) < 0)
		return 0;
	n = wd_merge(w, wd_read(t, id, w));
	if (k >= n)
		return 0;
	if (from)
		*from = w[k].from;
	if (to)
		*to = w[k].to;
	return 1;
}

/* Rounds from..to not paired yet: every player withdrawn permanently by
 * then, with nothing known for the round, is absent (Z). The cells are
 * there (the caller reserved them). */
static void absent_withdrawn(struct arb_tournament *t, int from, int to)
{
	int i, r;

	if (from <= t->nrounds)
		from = t->nrounds + 1;
	if (to > t->rounds_cap)
		to = t->rounds_cap;
	for (i = 0; i < t->nplayers && from <= to; i++) {
		wrange w[WD_MAX];
		int n = wd_read(t, t->players[i].id, w), k, start = 0;

		for (k = 0; k < n; k++)
			if (w[k].to == 0 && (!start || w[k].from < start))
				start = w[k].from;
		if (!start)
			continue;
		for (r = from > start ? from : start; r <= to; r++)
			if (t->players[i].cells[r - 1].result == ' ')
				t->players[i].cells[r - 1] = (tcell){0, '-', 'Z'};
		touch(t, i);
	}
}

arb_status arb_tournament_withdraw(arb_tournament *t, int id, int from, int to)
{
	wrange w[WD_MAX + 1];
	char key[32], value[256];
	size_t len = 0;
	int i, r, last, n, k;
	arb_status st;

	arbI_api_check(t, ARB_E_ARGUMENT);
	i = arb_tournament_player_index(t, id); /* ids and rounds are input */
	if (i < 0 || from < 1 || from > ARB_TRF_ROUNDS_MAX || to < 0 || to > ARB_TRF_ROUNDS_MAX ||
	    (to && to < from) || (t->rounds && (from > t->rounds || to > t->rounds)))
		return ARB_E_ARGUMENT;
	/* the rounds it covers now: to the last one scheduled when permanent */
	last = to ? to : (t->rounds > from ? t->rounds : from);
	for (r = from; r <= last && r <= t->rounds_cap; r++) {
		const tcell *c = &t->players[i].cells[r - 1];

		if (c->opponent != 0)
			return ARB_E_ARGUMENT; /* a game (played or to play): a result, not this */
		if (r <= t->nrounds && c->result != 'Z' && c->result != ' ')
			return ARB_E_ARGUMENT; /* a bye of a round paired */
	}
	n = wd_read(t, id, w);
	w[n++] = (wrange){from, to};
	n = wd_merge(w, n);
	for (k = 0; k < n && len < sizeof value; k++) {
		int m = w[k].to ? snprintf(value + len, sizeof value - len, "%s%d-%d", k ? " " : "",
					   w[k].from, w[k].to) :
				  snprintf(value + len, sizeof value - len, "%s%d-", k ? " " : "",
					   w[k].from);
		len += (size_t)m;
	}
	if (len > 200)
		return ARB_E_ARGUMENT; /* too many ranges for one note */
	if (arbI_tournament_reserve_rounds(t, last) < 0) {
		t->nomem = 0;
		return ARB_E_NOMEM;
	}
	wd_key(key, sizeof key, id);
	st = arb_tournament_set_note(t, key, value);
	if (st != ARB_OK)
		return st;
	for (r = from; r <= last; r++)
		if (r > t->nrounds)
			t->players[i].cells[r - 1] = (tcell){0, '-', 'Z'};
	touch(t, i);
	return ARB_OK;
}

/* ---- prohibited pairings (260) ---------------------------------------------- */

int arb_tournament_prohibited_count(const arb_tournament *t)
{
	arbI_api_check(t, 0);
	return t->nprohib;
}

arb_status arb_tournament_prohibited_get(const arb_tournament *t, int k, int *first, int *last,
					 int *ids, int cap, int *nids)
{
	const tprohibit *g;
	int j;

	arbI_api_check(t && k >= 0 && k < t->nprohib && cap >= 0 && (ids || !cap), ARB_E_ARGUMENT);
	g = &t->prohib[k];
	if (first)
		*first = g->first;
	if (last)
		*last = g->last;
	if (nids)
		*nids = g->nids;
	for (j = 0; j < g->nids && j < cap; j++)
		ids[j] = g->ids[j];
	return ARB_OK;
}

int arb_tournament_prohibited(const arb_tournament *t, int round, int a, int b)
{
	int k, j, ha, hb;

	arbI_api_check(t, 0);
	if (a == b)
		return 0;
	for (k = 0; k < t->nprohib; k++) {
		const tprohibit *g = &t->prohib[k];

		if (round && (round < g->first || round > g->last))
			continue;
		for (j = 0, ha = hb = 0; j < g->nids; j++) {
			ha |= g->ids[j] == a;
			hb |= g->ids[j] == b;
		}
		if (ha && hb)
			return 1;
	}
	return 0;
}

arb_status arb_tournament_prohibited_add(arb_tournament *t, int first, int last, const int *ids,
					 int nids)
{
	char *text;
	size_t len = 0, size;
	tprohibit g;
	int j, k, at;
	char eol, old;

	arbI_api_check(t && (ids || !nids), ARB_E_ARGUMENT);
	if (t->team || nids < 2 || nids > ARB_TRF_ID_MAX || first < 1 || last < first ||
	    last > ARB_TRF_ROUNDS_MAX)
		return ARB_E_ARGUMENT;
	for (j = 0; j < nids; j++) {
		if (arb_tournament_player_index(t, ids[j]) < 0)
			return ARB_E_ARGUMENT;
		for (k = 0; k < j; k++)
			if (ids[k] == ids[j])
				return ARB_E_ARGUMENT;
	}
	size = 16 + 5 * (size_t)nids;
	text = malloc(size);
	g.ids = malloc(sizeof *g.ids * (size_t)nids);
	if (!text || !g.ids) {
		free(text);
		free(g.ids);
		return ARB_E_NOMEM;
	}
	len = (size_t)snprintf(text, size, "260 %3d %3d", first, last);
	for (j = 0; j < nids; j++) {
		len += (size_t)snprintf(text + len, size - len, " %4d", ids[j]);
		g.ids[j] = ids[j];
	}
	g.first = first;
	g.last = last;
	g.nids = nids;
	/* a record at the end of the file, as a new note (groups never change) */
	eol = !strcmp(t->eol, "\r\n") ? 3 : !strcmp(t->eol, "\n") ? 2 : 1;
	old = t->nrecs ? t->recs[t->nrecs - 1].eol : 1;
	if (t->nrecs && old == 0)
		t->recs[t->nrecs - 1].eol = eol;
	at = arbI_tournament_add_record(t, "260", text, len, eol);
	free(text);
	if (at >= 0) {
		g.line = at;
		if (arbI_tournament_add_prohibit(t, &g) == 0)
			return ARB_OK;
		free(t->recs[at].text); /* g.ids freed by it */
		t->nrecs--;
	} else {
		free(g.ids);
	}
	if (t->nrecs)
		t->recs[t->nrecs - 1].eol = old;
	t->nomem = 0;
	return ARB_E_NOMEM;
}
