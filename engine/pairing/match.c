/*
 * match.c -- matches with their play-offs, and knockout brackets.
 *
 * A match's schedule is a list of stages: stage 0 the match (N games,
 * colours alternating), then the play-offs a regulation announces for a tie
 * (FIDE C.07 Art. 3: rapid games, blitz games, then Armageddon). Each stage
 * is scored on its own, 1, 1/2, 0 (a draw under draw odds a win for Black),
 * and decides the match as soon as its leader cannot be caught in the games
 * it has left (a sudden-death stage: at its first decisive game); a stage
 * played out level sends the match to the next stage. The state is never
 * stored: arb_match_get replays the games recorded, so it is always the
 * schedule's verdict on them. docs/knockout.md says what the regulations
 * leave open and what was decided here.
 *
 * A knockout bracket places P = n rounded up to a power of two seeds in the
 * standard order (1 v P, 2 v P - 1, ..., seeds 1 and 2 in opposite halves);
 * seeds over n are byes. Winners are kept by seed, place by place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbint.h"

/* ---- the schedule's text ------------------------------------------------- */

/* A token of a stage: [start, end) in the text. Blanks inside braces or
 * quotes belong to it (a profile's options). */
typedef struct token {
	size_t start, end;
} token;

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The tokens of text[from, to) into tk (at most cap); their number, or -1
 * when there are more than cap. */
static int tokens(const char *text, size_t from, size_t to, token *tk, int cap)
{
	int n = 0;
	size_t i = from;
	for (;;) {
		while (i < to && blank(text[i]))
			i++;
		if (i >= to)
			return n;
		if (n == cap)
			return -1;
		tk[n].start = i;
		int depth = 0, quoted = 0;
		while (i < to && (depth > 0 || quoted || !blank(text[i]))) {
			if (text[i] == '"')
				quoted = !quoted;
			else if (!quoted && text[i] == '{')
				depth++;
			else if (!quoted && text[i] == '}' && depth > 0)
				depth--;
			i++;
		}
		tk[n++].end = i;
	}
}

static int is(const char *text, token t, const char *word)
{
	size_t n = strlen(word);
	return t.end - t.start == n && memcmp(text + t.start, word, n) == 0;
}

/* A profile spec: NAME or NAME{OPTIONS}, NAME of letters, digits, '-', '_',
 * '.', the braces balanced and last. 0 and the column of the fault in *bad. */
static int profile_ok(const char *text, token t, size_t *bad)
{
	size_t i = t.start;
	while (i < t.end && (('a' <= (text[i] | 32) && (text[i] | 32) <= 'z') ||
			     ('0' <= text[i] && text[i] <= '9') || text[i] == '-' ||
			     text[i] == '_' || text[i] == '.'))
		i++;
	if (i == t.start) {
		*bad = i;
		return 0;
	}
	if (i == t.end)
		return 1;
	if (text[i] != '{' || text[t.end - 1] != '}') {
		*bad = i;
		return 0;
	}
	int depth = 0, quoted = 0;
	for (size_t k = i; k < t.end; k++) {
		if (text[k] == '"')
			quoted = !quoted;
		else if (!quoted && text[k] == '{')
			depth++;
		else if (!quoted && text[k] == '}' && --depth == 0 && k != t.end - 1) {
			*bad = k + 1;
			return 0;
		}
	}
	if (depth != 0 || quoted) {
		*bad = i;
		return 0;
	}
	return 1;
}

#define SYNTAX(col, ...) arbI_err_report(err, ARB_E_PAIRING, (int)(col) + 1, __VA_ARGS__)

/* Parses the stage text[from, to) into *st. */
static arb_status parse_stage(const char *text, size_t from, size_t to, arb_match_stage *st,
			      arb_error *err)
{
	token tk[8];
	int n = tokens(text, from, to, tk, 8);
	memset(st, 0, sizeof *st);
	if (n == 0)
		return SYNTAX(from, "column %zu: an empty stage (expected COUNT games PROFILE TC)",
			      from + 1);
	if (n < 0)
		return SYNTAX(tk[7].start, "column %zu: too many words in a stage",
			      tk[7].start + 1);
	/* COUNT */
	long count = 0;
	size_t i;
	for (i = tk[0].start; i < tk[0].end && '0' <= text[i] && text[i] <= '9' && count < 1000;
	     i++)
		count = count * 10 + (text[i] - '0');
	if (i != tk[0].end || count < 1 || count > ARB_MATCH_STAGE_GAMES_MAX)
		return SYNTAX(tk[0].start,
			      "column %zu: expected the number of games (1 to %d), not '%.*s'",
			      tk[0].start + 1, ARB_MATCH_STAGE_GAMES_MAX,
			      (int)(tk[0].end - tk[0].start), text + tk[0].start);
	st->games = (int)count;
	if (n < 2 || !(is(text, tk[1], "games") || is(text, tk[1], "game")))
		return SYNTAX(n < 2 ? to : tk[1].start, "column %zu: expected 'games' after %ld",
			      (n < 2 ? to : tk[1].start) + 1, count);
	/* PROFILE */
	size_t bad;
	if (n < 3)
		return SYNTAX(to, "column %zu: expected the stage's rule profile", to + 1);
	if (!profile_ok(text, tk[2], &bad))
		return SYNTAX(bad,
			      "column %zu: a rule profile is NAME or NAME{OPTIONS}, not '%.*s'",
			      bad + 1, (int)(tk[2].end - tk[2].start), text + tk[2].start);
	if (tk[2].end - tk[2].start >= sizeof st->profile)
		return SYNTAX(tk[2].start, "column %zu: a profile of more than %zu bytes",
			      tk[2].start + 1, sizeof st->profile - 1);
	memcpy(st->profile, text + tk[2].start, tk[2].end - tk[2].start);
	size_t name = strcspn(st->profile, "{");
	int armageddon = name == 10 && memcmp(st->profile, "armageddon", 10) == 0;
	/* TC */
	if (n < 4)
		return SYNTAX(to, "column %zu: expected the stage's time control after %s", to + 1,
			      st->profile);
	if (tk[3].end - tk[3].start >= sizeof st->tc)
		return SYNTAX(tk[3].start, "column %zu: a time control of more than %zu bytes",
			      tk[3].start + 1, sizeof st->tc - 1);
	memcpy(st->tc, text + tk[3].start, tk[3].end - tk[3].start);
	arb_time_control tc;
	arb_error tce;
	if (arb_tc_parse(st->tc, &tc, &tce) != ARB_OK)
		return SYNTAX(tk[3].start + (size_t)(tce.column > 0 ? tce.column - 1 : 0),
			      "column %zu: time control '%s': %s",
			      tk[3].start + (size_t)(tce.column > 0 ? tce.column : 1), st->tc,
			      tce.message);
	if (tc.kind == ARB_TC_UNKNOWN)
		return SYNTAX(tk[3].start,
			      "column %zu: a stage needs a known time control, not '?'",
			      tk[3].start + 1);
	/* the modifiers; Armageddon's by default */
	int colours_said = 0;
	st->draw_odds = st->sudden_death = armageddon;
	st->colours = armageddon ? ARB_MATCH_BY_LOT : ARB_MATCH_ALTERNATE;
	for (int k = 4; k < n; k++) {
		if (is(text, tk[k], "draw-odds"))
			st->draw_odds = 1;
		else if (is(text, tk[k], "sudden-death"))
			st->sudden_death = 1;
		else if (!colours_said && is(text, tk[k], "white=alternate"))
			st->colours = ARB_MATCH_ALTERNATE, colours_said = 1;
		else if (!colours_said && is(text, tk[k], "white=lot"))
			st->colours = ARB_MATCH_BY_LOT, colours_said = 1;
		else
			return SYNTAX(tk[k].start,
				      "column %zu: '%.*s' is not draw-odds, sudden-death, "
				      "white=alternate or white=lot%s",
				      tk[k].start + 1, (int)(tk[k].end - tk[k].start),
				      text + tk[k].start,
				      colours_said ? " (white= given once)" : "");
	}
	return ARB_OK;
}

arb_status arb_match_schedule_add(arb_match_schedule *s, const char *text, arb_error *err)
{
	if (!s || !text)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0, "no schedule or no text");
	if (s->nstages < 0 || s->nstages > ARB_MATCH_STAGES_MAX)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0, "a schedule not initialised");
	arb_match_stage got[ARB_MATCH_STAGES_MAX];
	int n = 0;
	size_t len = strlen(text), from = 0;
	for (;;) {
		/* the stage ends at a ';' outside braces and quotes */
		size_t to = from;
		int depth = 0, quoted = 0;
		while (to < len && (depth > 0 || quoted || text[to] != ';')) {
			if (text[to] == '"')
				quoted = !quoted;
			else if (!quoted && text[to] == '{')
				depth++;
			else if (!quoted && text[to] == '}' && depth > 0)
				depth--;
			to++;
		}
		if (s->nstages + n == ARB_MATCH_STAGES_MAX) {
			while (from < to && blank(text[from]))
				from++;
			return SYNTAX(from, "column %zu: more than %d stages in all", from + 1,
				      ARB_MATCH_STAGES_MAX);
		}
		arb_status st = parse_stage(text, from, to, &got[n], err);
		if (st != ARB_OK)
			return st;
		n++;
		if (to >= len)
			break;
		from = to + 1;
	}
	memcpy(&s->stage[s->nstages], got, sizeof got[0] * (size_t)n);
	s->nstages += n;
	return ARB_OK;
}

size_t arb_match_schedule_format(const arb_match_schedule *s, int first, char *buf, size_t n)
{
	if (!s || first < 0 || first >= s->nstages || s->nstages > ARB_MATCH_STAGES_MAX)
		return 0;
	size_t len = 0;
	for (int i = first; i < s->nstages; i++) {
		const arb_match_stage *st = &s->stage[i];
		size_t name = strcspn(st->profile, "{");
		int armageddon = name == 10 && memcmp(st->profile, "armageddon", 10) == 0;
		char one[ARB_MATCH_PROFILE_MAX + ARB_MATCH_TC_MAX + 96];
		int k = snprintf(one, sizeof one, "%s%d game%s %s %s%s%s%s", i > first ? "; " : "",
				 st->games, st->games == 1 ? "" : "s", st->profile, st->tc,
				 st->draw_odds ? " draw-odds" : "",
				 st->sudden_death ? " sudden-death" : "",
				 st->colours == ARB_MATCH_BY_LOT ? " white=lot" :
				 armageddon                      ? " white=alternate" :
								   "");
		if (k < 0)
			return 0;
		if (n > len)
			snprintf(buf + len, n - len, "%s", one);
		len += (size_t)k;
	}
	if (n > 0 && len >= n)
		buf[n - 1] = '\0';
	return len;
}

/* ---- the match ----------------------------------------------------------- */

#define MATCH_GAMES_MAX (ARB_MATCH_STAGES_MAX * ARB_MATCH_STAGE_GAMES_MAX)

struct arb_match {
	arb_match_schedule s;
	int a, b;
	int lot_white; /* the next game's White by lot (arb_match_set_white); 0 */
	int ngames;
	arb_match_game g[MATCH_GAMES_MAX];
};

static int schedule_ok(const arb_match_schedule *s)
{
	if (s->nstages < 1 || s->nstages > ARB_MATCH_STAGES_MAX)
		return 0;
	for (int i = 0; i < s->nstages; i++) {
		const arb_match_stage *st = &s->stage[i];
		if (st->games < 1 || st->games > ARB_MATCH_STAGE_GAMES_MAX ||
		    !memchr(st->profile, 0, sizeof st->profile) ||
		    !memchr(st->tc, 0, sizeof st->tc) ||
		    (st->colours != ARB_MATCH_ALTERNATE && st->colours != ARB_MATCH_BY_LOT))
			return 0;
	}
	return 1;
}

arb_status arb_match_new(const arb_match_schedule *s, int a, int b, arb_match **out)
{
	if (!out)
		return ARB_E_ARGUMENT;
	*out = NULL;
	if (!s || !schedule_ok(s) || a <= 0 || b <= 0 || a == b)
		return ARB_E_ARGUMENT;
	arb_match *m = calloc(1, sizeof *m);
	if (!m)
		return ARB_E_NOMEM;
	m->s = *s;
	m->a = a;
	m->b = b;
	*out = m;
	return ARB_OK;
}

void arb_match_free(arb_match *m)
{
	free(m);
}

const arb_match_schedule *arb_match_schedule_of(const arb_match *m)
{
	return m ? &m->s : NULL;
}

/* A stage after `played` games with the scores sc (half points of a, b):
 * 1 a has won it, -1 b has, 2 it is over level, 0 it goes on. */
static int stage_verdict(const arb_match_stage *st, int played, const int sc[2])
{
	int rest = st->games - played, lead = sc[0] - sc[1];
	/* C.07 Art. 3: a sudden-death game ends the play-off when decisive */
	if (st->sudden_death && lead != 0)
		return lead > 0 ? 1 : -1;
	/* a game moves at most one point, two halves: the leader cannot be caught */
	if (lead > 2 * rest)
		return 1;
	if (-lead > 2 * rest)
		return -1;
	return rest == 0 ? 2 : 0;
}

/* Replays m's games into *o. */
static void evaluate(const arb_match *m, arb_match_state *o)
{
	int stage = 0, played = 0, sc[2] = {0, 0};
	memset(o, 0, sizeof *o);
	o->games = m->ngames;
	for (int i = 0; i < m->ngames; i++) {
		const arb_match_game *g = &m->g[i];
		int wa = g->white == m->a;
		sc[0] += g->points[wa ? 0 : 1];
		sc[1] += g->points[wa ? 1 : 0];
		played++;
		int v = stage_verdict(&m->s.stage[stage], played, sc);
		if (v == 1 || v == -1) {
			o->status = ARB_MATCH_WON;
			o->winner = v == 1 ? m->a : m->b;
			o->loser = v == 1 ? m->b : m->a;
			o->stage = stage;
			o->score[0] = sc[0];
			o->score[1] = sc[1];
			return;
		}
		if (v == 2) {
			if (stage + 1 == m->s.nstages) {
				o->status = ARB_MATCH_DRAWN;
				o->stage = stage;
				o->score[0] = sc[0];
				o->score[1] = sc[1];
				return;
			}
			stage++;
			played = 0;
			sc[0] = sc[1] = 0;
		}
	}
	o->status = ARB_MATCH_PLAYING;
	o->stage = stage;
	o->score[0] = sc[0];
	o->score[1] = sc[1];
	o->game = played + 1;
	if (m->s.stage[stage].colours == ARB_MATCH_BY_LOT) {
		o->white = m->lot_white;
	} else if (m->ngames == 0) {
		o->white = m->a;
	} else {
		o->white = m->g[m->ngames - 1].black; /* colours alternate */
	}
	o->black = o->white == 0 ? 0 : o->white == m->a ? m->b : m->a;
}

arb_status arb_match_get(const arb_match *m, arb_match_state *out)
{
	if (!m || !out)
		return ARB_E_ARGUMENT;
	evaluate(m, out);
	return ARB_OK;
}

/* "the match is over: 7 won" when it is; 0 when a game is to be played. */
static arb_status refuse_over(const arb_match_state *st, arb_error *err)
{
	if (st->status == ARB_MATCH_WON)
		return arbI_err_report(err, ARB_E_PAIRING, 0,
				       "the match is over: %d won it in stage %d (%d-%d in half "
				       "points) after %d games",
				       st->winner, st->stage + 1, st->score[0], st->score[1],
				       st->games);
	if (st->status == ARB_MATCH_DRAWN)
		return arbI_err_report(err, ARB_E_PAIRING, 0,
				       "the match is over: drawn, every stage level after %d games",
				       st->games);
	return ARB_OK;
}

arb_status arb_match_set_white(arb_match *m, int white, arb_error *err)
{
	if (!m)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0, "no match");
	if (white != m->a && white != m->b)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "%d is not a player of the match %d-%d", white, m->a, m->b);
	arb_match_state st;
	evaluate(m, &st);
	if (refuse_over(&st, err) != ARB_OK)
		return ARB_E_PAIRING;
	if (m->s.stage[st.stage].colours != ARB_MATCH_BY_LOT)
		return arbI_err_report(err, ARB_E_PAIRING, 0,
				       "game %d of stage %d: its colours are not drawn by lot (%d "
				       "has White)",
				       st.game, st.stage + 1, st.white);
	m->lot_white = white;
	return ARB_OK;
}

arb_status arb_match_record(arb_match *m, int white, char code, arb_error *err)
{
	if (!m)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0, "no match");
	if (white != m->a && white != m->b)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "%d is not a player of the match %d-%d", white, m->a, m->b);
	arb_match_state st;
	evaluate(m, &st);
	if (refuse_over(&st, err) != ARB_OK)
		return ARB_E_PAIRING;
	const arb_match_stage *stage = &m->s.stage[st.stage];
	if (st.white && white != st.white)
		return arbI_err_report(err, ARB_E_PAIRING, 0,
				       "game %d of stage %d: %d has White by the %s, not %d",
				       st.game, st.stage + 1, st.white,
				       stage->colours == ARB_MATCH_BY_LOT ? "lot" : "alternation",
				       white);
	int pw, pb;
	switch (code) {
	case '1':
	case '+':
		pw = 2, pb = 0;
		break;
	case '0':
	case '-':
		pw = 0, pb = 2;
		break;
	case '=': /* Armageddon: a draw is a win for Black (C.07 Art. 3) */
		pw = stage->draw_odds ? 0 : 1;
		pb = stage->draw_odds ? 2 : 1;
		break;
	default:
		return arbI_err_report(err, ARB_E_PAIRING, 0,
				       "'%c' is not a result for White (1 = 0 + -)",
				       code >= 32 && code < 127 ? code : '?');
	}
	if (m->ngames == MATCH_GAMES_MAX) /* cannot happen: the stages end first */
		return arbI_err_report(err, ARB_E_ARGUMENT, 0, "too many games");
	arb_match_game *g = &m->g[m->ngames++];
	g->stage = st.stage;
	g->number = st.game;
	g->white = white;
	g->black = white == m->a ? m->b : m->a;
	g->code = code;
	g->points[0] = pw;
	g->points[1] = pb;
	m->lot_white = 0;
	return ARB_OK;
}

arb_status arb_match_game_get(const arb_match *m, int i, arb_match_game *out)
{
	if (!m || !out || i < 0 || i >= m->ngames)
		return ARB_E_ARGUMENT;
	*out = m->g[i];
	return ARB_OK;
}

/* ---- the knockout bracket ------------------------------------------------ */

struct arb_knockout {
	int n, size, rounds;
	int *id;    /* id[seed - 1] */
	int *place; /* place[0..size): the seed in that place of round 1 */
	int *won;   /* won[base(r) + i]: the winner of match i of round r, by seed; 0 */
};

/* The first match of round r in won[]. */
static int base(const arb_knockout *k, int r)
{
	int b = 0;
	for (int q = 1; q < r; q++)
		b += k->size >> q;
	return b;
}

arb_status arb_knockout_new(const int *ids, int n, arb_knockout **out)
{
	if (!out)
		return ARB_E_ARGUMENT;
	*out = NULL;
	if (!ids || n < 2 || n > ARB_KNOCKOUT_MAX_PLAYERS)
		return ARB_E_ARGUMENT;
	for (int i = 0; i < n; i++) {
		if (ids[i] <= 0)
			return ARB_E_ARGUMENT;
		for (int j = 0; j < i; j++)
			if (ids[j] == ids[i])
				return ARB_E_ARGUMENT;
	}
	arb_knockout *k = calloc(1, sizeof *k);
	if (!k)
		return ARB_E_NOMEM;
	k->n = n;
	for (k->size = 1; k->size < n; k->size *= 2)
		k->rounds++;
	k->id = malloc(sizeof *k->id * (size_t)n);
	k->place = malloc(sizeof *k->place * (size_t)k->size);
	k->won = calloc((size_t)k->size, sizeof *k->won);
	if (!k->id || !k->place || !k->won) {
		arb_knockout_free(k);
		return ARB_E_NOMEM;
	}
	memcpy(k->id, ids, sizeof *ids * (size_t)n);
	/* The standard order: each place of a bracket of m splits into x and
	 * 2m + 1 - x in a bracket of 2m ([1] [1 2] [1 4 2 3] [1 8 4 5 2 7 3 6]):
	 * round 1 pairs s with P + 1 - s, and the better half of the seeds
	 * never meet before the last rounds. */
	k->place[0] = 1;
	for (int m = 1; m < k->size; m *= 2)
		for (int i = m - 1; i >= 0; i--) {
			int x = k->place[i];
			k->place[2 * i] = x;
			k->place[2 * i + 1] = 2 * m + 1 - x;
		}
	/* a seed without an opponent (P + 1 - s > n) goes through */
	for (int i = 0; i < k->size / 2; i++)
		if (k->place[2 * i + 1] > n)
			k->won[i] = k->place[2 * i];
	*out = k;
	return ARB_OK;
}

void arb_knockout_free(arb_knockout *k)
{
	if (!k)
		return;
	free(k->id);
	free(k->place);
	free(k->won);
	free(k);
}

int arb_knockout_rounds(const arb_knockout *k)
{
	return k ? k->rounds : 0;
}

int arb_knockout_matches(const arb_knockout *k, int round)
{
	if (!k || round < 1 || round > k->rounds)
		return 0;
	return k->size >> round;
}

/* Match i of round r by seeds: *sa, *sb (0 unknown; sb > n a bye). */
static void seeds_of(const arb_knockout *k, int r, int i, int *sa, int *sb)
{
	if (r == 1) {
		*sa = k->place[2 * i];
		*sb = k->place[2 * i + 1];
		return;
	}
	int b = base(k, r - 1);
	*sa = k->won[b + 2 * i];
	*sb = k->won[b + 2 * i + 1];
}

arb_status arb_knockout_match_get(const arb_knockout *k, int round, int i, arb_knockout_match *out)
{
	if (!k || !out || i < 0 || i >= arb_knockout_matches(k, round))
		return ARB_E_ARGUMENT;
	int sa, sb, w = k->won[base(k, round) + i];
	seeds_of(k, round, i, &sa, &sb);
	memset(out, 0, sizeof *out);
	out->bye = round == 1 && sb > k->n;
	if (out->bye)
		sb = 0;
	out->seed_a = sa;
	out->seed_b = sb;
	out->a = sa ? k->id[sa - 1] : 0;
	out->b = sb ? k->id[sb - 1] : 0;
	out->winner = w ? k->id[w - 1] : 0;
	return ARB_OK;
}

int arb_knockout_current_round(const arb_knockout *k)
{
	if (!k)
		return 0;
	for (int r = 1; r <= k->rounds; r++)
		for (int i = 0, b = base(k, r); i < (k->size >> r); i++)
			if (!k->won[b + i])
				return r;
	return k->rounds + 1;
}

int arb_knockout_winner(const arb_knockout *k)
{
	if (!k)
		return 0;
	int w = k->won[base(k, k->rounds)];
	return w ? k->id[w - 1] : 0;
}

arb_status arb_knockout_set_winner(arb_knockout *k, int round, int i, int winner, arb_error *err)
{
	arb_knockout_match m;
	if (arb_knockout_match_get(k, round, i, &m) != ARB_OK)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0, "round %d has no match %d", round,
				       i + 1);
	if (m.bye) {
		if (winner == m.a)
			return ARB_OK;
		return arbI_err_report(err, ARB_E_PAIRING, 0,
				       "round %d, match %d: %d has a bye and goes through", round,
				       i + 1, m.a);
	}
	if (!m.a || !m.b)
		return arbI_err_report(err, ARB_E_PAIRING, 0,
				       "round %d, match %d: its players are not known yet", round,
				       i + 1);
	if (winner != m.a && winner != m.b)
		return arbI_err_report(err, ARB_E_PAIRING, 0,
				       "round %d, match %d: %d is not one of its players (%d, %d)",
				       round, i + 1, winner, m.a, m.b);
	if (m.winner && m.winner != winner)
		return arbI_err_report(err, ARB_E_PAIRING, 0,
				       "round %d, match %d: %d has won it already", round, i + 1,
				       m.winner);
	k->won[base(k, round) + i] = winner == m.a ? m.seed_a : m.seed_b;
	return ARB_OK;
}
