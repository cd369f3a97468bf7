/*
 * pairing.c -- a tournament's round as a pairing: made here for round
 * robins (the Berger tables of berger.c, players by pairing number), read
 * from an external engine's answer (the JaVaFo output convention that
 * JaVaFo, bbpPairings and Swiss-Manager share), written in the `.pairs`
 * form of tests/data/tournaments/ and put into the tournament.
 *
 * A pairing lists, in this order: the boards (white, black) in board
 * order; the pairing-allocated bye; then the byes and absences the round
 * had before it was paired (H, F, Z), by ascending id. Every player of the
 * tournament appears in it exactly once (arb_pairing_check says so when not).
 * The pairing layer reads tournaments through the public API only.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pairing.h"

arb_pairing *arbI_pairing_new(int round, int players)
{
	arb_pairing *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->round = round;
	/* at most a board per two players, a bye each */
	p->boards = malloc(sizeof *p->boards * (size_t)(players / 2 + 1));
	p->result = calloc((size_t)(players / 2 + 1), sizeof *p->result);
	p->byes = malloc(sizeof *p->byes * (size_t)(players + 1));
	if (!p->boards || !p->result || !p->byes) {
		arb_pairing_free(p);
		return NULL;
	}
	return p;
}

void arb_pairing_free(arb_pairing *p)
{
	if (!p)
		return;
	free(p->boards);
	free(p->result);
	free(p->byes);
	free(p);
}

int arb_pairing_round(const arb_pairing *p)
{
	arbI_api_check(p, 0);
	return p->round;
}

int arb_pairing_boards(const arb_pairing *p)
{
	arbI_api_check(p, 0);
	return p->nboards;
}

arb_status arb_pairing_board(const arb_pairing *p, int i, arb_board *out)
{
	arbI_api_check(p && out && i >= 0 && i < p->nboards, ARB_E_ARGUMENT);
	*out = p->boards[i];
	return ARB_OK;
}

arb_status arb_pairing_board_result(const arb_pairing *p, int i, char *white, char *black)
{
	arbI_api_check(p && i >= 0 && i < p->nboards, ARB_E_ARGUMENT);
	/* boards that dutch.c fills leave their result 0: no result */
	if (white)
		*white = p->result[i][0] ? p->result[i][0] : ' ';
	if (black)
		*black = p->result[i][1] ? p->result[i][1] : ' ';
	return ARB_OK;
}

/* A board to play appended. */
static void add_board(arb_pairing *p, int white, int black, char wres, char bres)
{
	p->boards[p->nboards] = (arb_board){white, black};
	p->result[p->nboards][0] = wres;
	p->result[p->nboards++][1] = bres;
}

int arb_pairing_byes(const arb_pairing *p)
{
	arbI_api_check(p, 0);
	return p->nbyes;
}

arb_status arb_pairing_bye(const arb_pairing *p, int i, int *id, char *code)
{
	arbI_api_check(p && i >= 0 && i < p->nbyes, ARB_E_ARGUMENT);
	if (id)
		*id = p->byes[i].id;
	if (code)
		*code = p->byes[i].code;
	return ARB_OK;
}

/* The round a pairing is for: `round`, or the next one for 0. -1 if out of
 * range (after the next). */
static int round_of(const arb_tournament *t, int round)
{
	int next = arb_tournament_rounds_played(t) + 1;
	if (round == 0)
		return next;
	return round >= 1 && round <= next && round <= ARB_TRF_ROUNDS_MAX ? round : -1;
}

void arbI_pairing_known_byes(const arb_tournament *t, int r, arb_pairing *p, const char *taken)
{
	int n = arb_tournament_player_count(t);
	for (int i = 0; i < n; i++) {
		arb_tournament_player pl;
		arb_tournament_cell c;
		arb_tournament_get_player(t, i, &pl);
		if (taken[pl.id] || arb_tournament_get_cell(t, i, r, &c) != ARB_OK)
			continue;
		if (c.opponent == 0 && (c.result == 'H' || c.result == 'F' || c.result == 'Z')) {
			p->byes[p->nbyes].id = pl.id;
			p->byes[p->nbyes++].code = c.result;
		} else if (c.opponent == 0 && c.result == ' ' &&
			   arb_tournament_withdrawn(t, pl.id, r)) {
			/* withdrawn, the round's absence not written yet */
			p->byes[p->nbyes].id = pl.id;
			p->byes[p->nbyes++].code = 'Z';
		}
	}
}

int arbI_pairing_bars_bye(const arb_tournament_points *points, const arb_tournament_cell *c,
			  arbI_dutch_edition edition)
{
	if (arbI_pairing_is_game(c))
		return 0;
	if (c->result == 'U' || c->result == '+')
		return 1;
	return edition == ARBI_DUTCH_2026 &&
	       arb_tournament_result_points(points, c->result) >= points->win;
}

/* Player i (index) does not play round r: withdrawn from it, or absent
 * (a Z known for it). */
static int out_of_round(const arb_tournament *t, int id, int r)
{
	arb_tournament_cell c;
	int i = arb_tournament_player_index(t, id);

	if (i < 0)
		return 0;
	if (arb_tournament_withdrawn(t, id, r))
		return 1;
	return arb_tournament_get_cell(t, i, r, &c) == ARB_OK && c.opponent == 0 && c.result == 'Z';
}

/* Is the system a round robin, and how many cycles: 1, 2, or 0 (not one). */
static int robin_cycles(const char *system)
{
	if (strncmp(system, "FIDE_DOUBLEROUNDROBIN", 21) == 0)
		return 2;
	if (strncmp(system, "FIDE_ROUNDROBIN", 15) == 0)
		return 1;
	return 0;
}

static int max_id(const arb_tournament *t)
{
	int n = arb_tournament_player_count(t), top = 0;
	for (int i = 0; i < n; i++) {
		arb_tournament_player pl;
		arb_tournament_get_player(t, i, &pl);
		top = pl.id > top ? pl.id : top;
	}
	return top;
}

/* The round `round` asks for (round_of), into *r, and the tournament's
 * data into *info; ARB_E_ARGUMENT with err for one after the next. */
static arb_status round_asked(const arb_tournament *t, int round, arb_tournament_info *info, int *r,
			      arb_error *err)
{
	arb_tournament_get_info(t, info);
	*r = round_of(t, round);
	if (*r < 0)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "round %d: the tournament has %d rounds paired, so the "
				       "next is %d",
				       round, arb_tournament_rounds_played(t),
				       arb_tournament_rounds_played(t) + 1);
	return ARB_OK;
}

/* A Swiss by the Dutch system, FIDE's rated system; also a file that names
 * no system (a TRF-16 file without 092's text). */
static int dutch_system(const arb_tournament_info *info)
{
	return !robin_cycles(info->system) &&
	       (strncmp(info->system, "FIDE_DUTCH", 10) == 0 || !info->system[0]);
}

/* Round r past record 142's rounds: ARB_E_ARGUMENT with err. */
static arb_status past_last(const arb_tournament_info *info, int r, arb_error *err)
{
	return arbI_err_report(err, ARB_E_ARGUMENT, 0,
			       "round %d: the event has %d rounds (record 142/XXR)", r,
			       info->rounds);
}

/* Round `round` of t (0: the next) as a round of a Swiss by the Dutch
 * system, for `what` (explain, compare): its number into *r. ARB_OK, or
 * ARB_E_ARGUMENT with err saying why (a round after the next, another
 * system, past the last round). */
static arb_status dutch_round(const arb_tournament *t, int round, const char *what, int *r,
			      arb_error *err)
{
	arb_tournament_info info;
	if (round_asked(t, round, &info, r, err) != ARB_OK)
		return ARB_E_ARGUMENT;
	if (!dutch_system(&info))
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "%s: the system %s is not a Swiss by the Dutch "
				       "system (a round robin's boards are its table's)",
				       what, info.system);
	if (info.rounds > 0 && *r > info.rounds)
		return past_last(&info, *r, err);
	return ARB_OK;
}

arb_status arb_pairing_explain(const arb_tournament *t, int round, unsigned flags, int id,
			       arb_write_fn fn, void *ctx, arb_error *err)
{
	int r;
	arbI_api_check_err(t && fn && round >= 0 && round <= ARB_TRF_ROUNDS_MAX, err);
	if (dutch_round(t, round, "explain", &r, err) != ARB_OK)
		return ARB_E_ARGUMENT;
	return arbI_dutch_explain(t, r, arbI_pairing_edition(flags), id, fn, ctx, err);
}

arb_status arb_pairing_compare(const arb_tournament *t, const arb_pairing *p, unsigned flags,
			       int *differs, arb_write_fn fn, void *ctx, arb_error *err)
{
	int r;
	if (differs)
		*differs = 0;
	arbI_api_check_err(t && p && differs && fn, err);
	if (dutch_round(t, arb_pairing_round(p), "compare", &r, err) != ARB_OK)
		return ARB_E_ARGUMENT;
	return arbI_dutch_compare(t, p, arbI_pairing_edition(flags), differs, fn, ctx, err);
}

arb_status arb_tournament_pair(const arb_tournament *t, int round, unsigned flags,
			       arb_pairing **out, arb_error *err)
{
	arb_tournament_info info;
	int r;
	if (out)
		*out = NULL;
	arbI_api_check_err(t && out && round >= 0 && round <= ARB_TRF_ROUNDS_MAX, err);
	if (round_asked(t, round, &info, &r, err) != ARB_OK)
		return ARB_E_ARGUMENT;
	int cycles = robin_cycles(info.system);
	if (dutch_system(&info)) {
		if (info.rounds > 0 && r > info.rounds)
			return past_last(&info, r, err);
		return arbI_dutch_pair(t, r, arbI_pairing_edition(flags), out, err);
	}
	if (!cycles)
		return arbI_err_report(
			err, ARB_E_ARGUMENT, 0,
			"the pairing system %s%s%s is not one arbiter pairs itself "
			"(round robins: FIDE_ROUNDROBIN, FIDE_DOUBLEROUNDROBIN; the "
			"Dutch system: FIDE_DUTCH_2026, FIDE_DUTCH_2026_BAKU); another "
			"system needs an external pairing engine",
			info.system[0] ? "'" : "", info.system[0] ? info.system : "(none)",
			info.system[0] ? "'" : "");
	int n = arb_tournament_player_count(t);
	/* Berger numbers are the pairing numbers 1..n (C.05: drawn by lot
	 * before the first round); a gap would leave a number unpaired. */
	if (n < 2 || max_id(t) != n)
		return arbI_err_report(
			err, ARB_E_ARGUMENT, 0,
			"a round robin needs its players numbered 1..%d without a gap "
			"(the largest pairing number is %d)",
			n, max_id(t));
	int rounds = arb_berger_rounds(n, cycles);
	if (r > rounds)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0,
				       "round %d: a %s round robin of %d players has %d rounds", r,
				       cycles == 2 ? "double" : "single", n, rounds);
	arb_pairing *p = arbI_pairing_new(r, n);
	arb_board *table = p ? malloc(sizeof *table * (size_t)(n / 2 + 1)) : NULL;
	if (!table) {
		arb_pairing_free(p);
		return arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
	}
	int nb = arb_berger_round(n, cycles, r,
				  flags & ARB_PAIR_SWAP_LAST ? ARB_BERGER_SWAP_LAST : 0u, table,
				  n / 2 + 1);
	for (int b = 0; b < nb; b++) {
		int w = table[b].white, k = table[b].black;
		if (w && k) {
			/* C.05: a withdrawn (or absent) player's game is not played:
			 * a forfeit, fixed now (the table does not move) */
			int ow = out_of_round(t, w, r), ok = out_of_round(t, k, r);
			add_board(p, w, k, ow ? '-' : ok ? '+' : ' ', ok ? '-' : ow ? '+' : ' ');
		} else { /* the dummy's opponent: the pairing-allocated bye */
			int id = w ? w : k;
			p->byes[p->nbyes++] = (bye){id, out_of_round(t, id, r) ? 'Z' : 'U'};
		}
	}
	free(table);
	*out = p;
	return ARB_OK;
}

/* ---- an external engine's answer ---------------------------------------- */

/* A decimal number at *s (after blanks), into *v; 0 if none. */
static int read_int(const char **s, const char *end, long *v)
{
	const char *q = *s;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	if (q == end || *q < '0' || *q > '9')
		return 0;
	long x = 0;
	for (; q < end && *q >= '0' && *q <= '9'; q++)
		if ((x = x * 10 + (*q - '0')) > 1000000)
			return 0;
	*v = x;
	*s = q;
	return 1;
}

/* After an id: the word "bye" and blanks (the .pairs form's byes). */
static int bye_word(const char **s, const char *end)
{
	const char *q = *s;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	if (end - q < 4 || memcmp(q, "bye", 3) != 0 || (q[3] != ' ' && q[3] != '\t'))
		return 0;
	q += 4;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	*s = q;
	return 1;
}

/* Does the first non-blank line hold more than one number (the .pairs form)? */
static int first_line_is_pair(const char *text, size_t len)
{
	const char *q = text, *end = text + len;
	long v;
	while (q < end && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n'))
		q++;
	if (!read_int(&q, end, &v))
		return 0;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	return q < end && *q != '\r' && *q != '\n';
}

/* After a board of the .pairs form: a forfeit "+-", "-+" or "--" ending
 * the line, into res. */
static int forfeit(const char **s, const char *end, char *res)
{
	const char *q = *s;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	if (end - q != 2 || !((q[0] == '+' && q[1] == '-') || (q[0] == '-' && q[1] == '+') ||
			      (q[0] == '-' && q[1] == '-')))
		return 0;
	res[0] = q[0];
	res[1] = q[1];
	*s = end;
	return 1;
}

/* The bye of `id` (the pairing-allocated one first). */
static void add_bye(arb_pairing *p, char *taken, int id, char code)
{
	taken[id] = 1;
	if (code == 'U') {
		memmove(p->byes + 1, p->byes, sizeof *p->byes * (size_t)p->nbyes);
		p->byes[0] = (bye){id, 'U'};
	} else {
		p->byes[p->nbyes] = (bye){id, code};
	}
	p->nbyes++;
}

arb_status arb_pairing_from_engine(const arb_tournament *t, int round, const char *text, size_t len,
				   arb_pairing **out, arb_error *err)
{
	if (out)
		*out = NULL;
	arbI_api_check_err(t && out && (text || !len) && round >= 0 && round <= ARB_TRF_ROUNDS_MAX,
			   err);
	int r = round_of(t, round);
	if (r < 0)
		return arbI_err_report(err, ARB_E_ARGUMENT, 0, "round %d is not the next one",
				       round);
	int n = arb_tournament_player_count(t), top = max_id(t);
	arb_pairing *p = arbI_pairing_new(r, n);
	char *taken = p ? calloc((size_t)top + 1, 1) : NULL;
	if (!taken) {
		arb_pairing_free(p);
		return arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
	}
	const char *s = text, *end = text + len;
	long line = 0, want = -1, pairs = 0;
	/* The form: JaVaFo's starts with the number of pairs alone on a line;
	 * the .pairs form starts with a board or a bye. */
	int dotpairs = first_line_is_pair(text, len);
	if (dotpairs)
		want = LONG_MAX;
	arb_status st = ARB_OK;
	while (s < end && st == ARB_OK) {
		const char *eol = memchr(s, '\n', (size_t)(end - s));
		const char *stop = eol ? eol : end, *q = s;
		line++;
		while (stop > q && (stop[-1] == '\r' || stop[-1] == ' ' || stop[-1] == '\t'))
			stop--;
		long a, b;
		char fres[2] = {' ', ' '};
		if (q == stop) {
			/* a blank line */
		} else if (want < 0 && !dotpairs) {
			if (!read_int(&q, stop, &want) || q != stop)
				st = arbI_err_report(
					err, ARB_E_PAIRING, 1,
					"line %ld: the first line must be the number of "
					"pairs",
					line);
		} else if (dotpairs && read_int(&q, stop, &a) && bye_word(&q, stop)) {
			char code = q < stop ? *q++ : 0;
			if (q != stop || !code || !strchr("UHFZ", code))
				st = arbI_err_report(err, ARB_E_PAIRING, (int)(q - s),
						     "line %ld: a bye is 'ID bye U|H|F|Z'", line);
			else if (a < 1 || a > top || arb_tournament_player_index(t, (int)a) < 0)
				st = arbI_err_report(err, ARB_E_PAIRING, 1,
						     "line %ld: no player %ld in the tournament",
						     line, a);
			else if (taken[a])
				st = arbI_err_report(err, ARB_E_PAIRING, 1,
						     "line %ld: player %ld is paired twice", line,
						     a);
			else if (code == 'U' && p->nbyes && p->byes[0].code == 'U')
				st = arbI_err_report(err, ARB_E_PAIRING, 1,
						     "line %ld: a second pairing-allocated bye",
						     line);
			else
				add_bye(p, taken, (int)a, code);
		} else if ((q = s, 0)) {
			/* not a bye: read again as a board */
		} else if (!read_int(&q, stop, &a) || !read_int(&q, stop, &b) ||
			   (q != stop && !(dotpairs && forfeit(&q, stop, fres)))) {
			st = arbI_err_report(err, ARB_E_PAIRING, (int)(q - s) + 1,
					     "line %ld: not a pair of pairing numbers%s", line,
					     dotpairs ? " (with +-, -+ or -- for a forfeit)" : "");
		} else if (a < 1 || a > top || arb_tournament_player_index(t, (int)a) < 0 ||
			   (b && (b > top || arb_tournament_player_index(t, (int)b) < 0))) {
			st = arbI_err_report(err, ARB_E_PAIRING, 1,
					     "line %ld: no player %ld in the tournament", line,
					     arb_tournament_player_index(t, (int)a) < 0 ? a : b);
		} else if (a == b || taken[a] || (b && taken[b])) {
			st = arbI_err_report(err, ARB_E_PAIRING, 1,
					     "line %ld: player %ld is paired twice", line,
					     a == b || taken[a] ? a : b);
		} else if (++pairs > want) { /* (the .pairs form has no count) */
			st = arbI_err_report(err, ARB_E_PAIRING, 1,
					     "line %ld: more pairs than the %ld announced", line,
					     want);
		} else if (b == 0) { /* JaVaFo: "ID 0" is the pairing-allocated bye */
			if (p->nbyes) {
				st = arbI_err_report(err, ARB_E_PAIRING, 1,
						     "line %ld: a second pairing-allocated bye",
						     line);
			} else {
				taken[a] = 1;
				p->byes[p->nbyes++] = (bye){(int)a, 'U'};
			}
		} else {
			taken[a] = taken[b] = 1;
			add_board(p, (int)a, (int)b, fres[0], fres[1]);
		}
		s = eol ? eol + 1 : end;
	}
	if (st == ARB_OK && want < 0)
		st = arbI_err_report(err, ARB_E_PAIRING, 0, "the engine's answer is empty");
	if (st == ARB_OK && !dotpairs && pairs < want)
		st = arbI_err_report(err, ARB_E_PAIRING, 0,
				     "%ld pairs announced, %ld given (the answer is cut short)",
				     want, pairs);
	if (st != ARB_OK) {
		free(taken);
		arb_pairing_free(p);
		return st;
	}
	arbI_pairing_known_byes(t, r, p, taken);
	free(taken);
	*out = p;
	return ARB_OK;
}

/* ---- the .pairs form ---------------------------------------------------- */

arb_status arb_pairing_write(const arb_pairing *p, arb_write_fn fn, void *ctx)
{
	char line[64];
	arbI_api_check(p && fn, ARB_E_ARGUMENT);
	for (int i = 0; i < p->nboards; i++) {
		int k = p->result[i][0] && p->result[i][0] != ' ' ?
				snprintf(line, sizeof line, "%d %d %c%c\n", p->boards[i].white,
					 p->boards[i].black, p->result[i][0], p->result[i][1]) :
				snprintf(line, sizeof line, "%d %d\n", p->boards[i].white,
					 p->boards[i].black);
		if (fn(ctx, line, (size_t)k) != 0)
			return ARB_E_IO;
	}
	for (int i = 0; i < p->nbyes; i++) {
		int k = snprintf(line, sizeof line, "%d bye %c\n", p->byes[i].id, p->byes[i].code);
		if (fn(ctx, line, (size_t)k) != 0)
			return ARB_E_IO;
	}
	return ARB_OK;
}

/* ---- into the tournament ------------------------------------------------ */

arb_status arb_tournament_apply_pairing(arb_tournament *t, const arb_pairing *p)
{
	arbI_api_check(t && p, ARB_E_ARGUMENT);
	if (round_of(t, p->round) != p->round) /* a pairing of another round: the state */
		return ARB_E_ARGUMENT;
	for (int i = 0; i < p->nboards; i++)
		if (arb_tournament_player_index(t, p->boards[i].white) < 0 ||
		    arb_tournament_player_index(t, p->boards[i].black) < 0)
			return ARB_E_ARGUMENT;
	/* A Chess960 event's positions: drawn before anything changes (a draw
	 * that fails leaves t as it was), recorded once the round is in. */
	arb_tournament_960 c;
	int wpos, bpos;
	if (arb_tournament_get_960(t, &c, NULL) != ARB_OK)
		return ARB_E_TRF;
	for (int i = 0; c.on && i < p->nboards; i++) {
		arb_status st = arb_tournament_game_960(t, p->round, i + 1, p->boards[i].white,
							p->boards[i].black, &wpos, &bpos, NULL);
		if (st != ARB_OK)
			return st;
	}
	for (int i = 0; i < p->nboards; i++) {
		arb_status st =
			arb_tournament_set_game(t, p->round, p->boards[i].white, p->boards[i].black,
						p->result[i][0] ? p->result[i][0] : ' ',
						p->result[i][1] ? p->result[i][1] : ' ');
		if (st != ARB_OK)
			return st;
	}
	for (int i = 0; i < p->nbyes; i++) {
		arb_status st = arb_tournament_set_bye(t, p->round, p->byes[i].id, p->byes[i].code);
		if (st != ARB_OK)
			return st;
	}
	/* per round: one note (even for a round of byes only, as before) */
	for (int i = 0; c.on && i < (c.per == ARB_960_PER_ROUND ? 1 : p->nboards); i++) {
		int w = i < p->nboards ? p->boards[i].white : 0;
		int b = i < p->nboards ? p->boards[i].black : 0;
		arb_status st = arb_tournament_record_960(t, p->round, i + 1, w, b, NULL);
		if (st != ARB_OK)
			return st;
	}
	return ARB_OK;
}

/* ---- checking a round --------------------------------------------------- */

typedef struct checker {
	arb_error *out;
	int cap, count;
} checker;

static void problem(checker *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(checker *c, const char *fmt, ...)
{
	if (c->count < c->cap) {
		va_list ap;
		va_start(ap, fmt);
		arbI_err_vreport(&c->out[c->count], ARB_E_PAIRING, 0, NULL, fmt, ap);
		va_end(ap);
	}
	c->count++;
}

/* Player id's colours before round r: the difference (white - black) and
 * the run of one colour at the end (+k whites, -k blacks). Games not
 * played (byes, forfeits) have no colour (C.04.1: colour of games played). */
static void colour_history(const arb_tournament *t, int i, int r, int *diff, int *run)
{
	*diff = *run = 0;
	for (int k = 1; k < r; k++) {
		arb_tournament_cell c;
		if (arb_tournament_get_cell(t, i, k, &c) != ARB_OK || c.opponent == 0 ||
		    c.result == '+' || c.result == '-' || (c.color != 'w' && c.color != 'b'))
			continue;
		int d = c.color == 'w' ? 1 : -1;
		*diff += d;
		*run = (*run > 0) == (d > 0) && *run ? *run + d : d;
	}
}

/* Is tournament player i a topscorer of round r (C.04.3 A.7: when the last
 * round is paired, a score over half the maximum possible, counted as the
 * Dutch pairer counts it: the round's acceleration included)? 0 before the
 * last round. */
static int topscorer(const arb_tournament *t, const arb_tournament_info *info, int i, int id, int r)
{
	int rounds = info->rounds > 0 ? info->rounds : r;
	int win = info->points.win > info->points.draw ? info->points.win : info->points.draw;
	int score = 0, acc = arb_tournament_acceleration(t, id, r);
	if (r - 1 < rounds - 1)
		return 0;
	for (int k = 1; k < r; k++) {
		arb_tournament_cell c;
		if (arb_tournament_get_cell(t, i, k, &c) == ARB_OK)
			score += arb_tournament_result_points(&info->points, c.result);
	}
	return score + (acc > 0 ? acc : 0) > (r - 1) * win / 2;
}

int arb_pairing_check(const arb_tournament *t, const arb_pairing *p, unsigned flags,
		      arb_error *problems, int cap)
{
	arbI_dutch_edition edition = arbI_pairing_edition(flags);
	checker c = {problems, problems ? cap : 0, 0};
	arbI_api_check(t && p && cap >= 0, -1);
	int n = arb_tournament_player_count(t), top = max_id(t), r = p->round;
	arb_tournament_info info;
	arb_tournament_get_info(t, &info);
	int robin = robin_cycles(info.system) != 0;
	int *seen = calloc((size_t)top + 1, sizeof *seen);
	if (!seen)
		return -1;
	/* every player once */
	for (int b = 0; b < p->nboards; b++) {
		int ids[2] = {p->boards[b].white, p->boards[b].black};
		for (int k = 0; k < 2; k++)
			if (ids[k] < 1 || ids[k] > top ||
			    arb_tournament_player_index(t, ids[k]) < 0)
				problem(&c, "board %d: no player %d in the tournament", b + 1,
					ids[k]);
			else if (seen[ids[k]]++)
				problem(&c, "board %d: player %d is paired twice", b + 1, ids[k]);
	}
	for (int k = 0; k < p->nbyes; k++) {
		int id = p->byes[k].id;
		if (id < 1 || id > top || arb_tournament_player_index(t, id) < 0)
			problem(&c, "bye: no player %d in the tournament", id);
		else if (seen[id]++)
			problem(&c, "bye: player %d is paired too", id);
	}
	for (int i = 0; i < n; i++) {
		arb_tournament_player pl;
		arb_tournament_get_player(t, i, &pl);
		if (!seen[pl.id])
			problem(&c, "player %d is neither paired nor given a bye", pl.id);
	}
	/* no rematch (C.04.1 b; a double round robin meets twice by design) */
	int cycles = robin_cycles(info.system);
	for (int b = 0; b < p->nboards; b++) {
		int w = arb_tournament_player_index(t, p->boards[b].white);
		if (w < 0 || arb_tournament_player_index(t, p->boards[b].black) < 0)
			continue;
		int met = 0, first = 0;
		for (int k = 1; k < r; k++) {
			arb_tournament_cell cell;
			if (arb_tournament_get_cell(t, w, k, &cell) == ARB_OK &&
			    cell.opponent == p->boards[b].black && cell.result != '+' &&
			    cell.result != '-') {
				if (!met++)
					first = k;
			}
		}
		if (met >= (cycles == 2 ? 2 : 1))
			problem(&c,
				"board %d: %d and %d met in round %d already (C.04.1 b: no rematch)",
				b + 1, p->boards[b].white, p->boards[b].black, first);
	}
	/* the pairing-allocated bye at most once, and not after a forfeit win
	 * (C.04.1 d; Swiss only) */
	for (int k = 0; k < p->nbyes && !robin; k++) { /* a round robin's is the table's */
		if (p->byes[k].code != 'U')
			continue;
		int i = arb_tournament_player_index(t, p->byes[k].id);
		for (int q = 1; i >= 0 && q < r; q++) {
			arb_tournament_cell cell;
			if (arb_tournament_get_cell(t, i, q, &cell) != ARB_OK)
				continue;
			if (arbI_pairing_bars_bye(&info.points, &cell, edition))
				problem(&c, "bye: player %d had %s in round %d (C.04.1 d: %s)",
					p->byes[k].id,
					cell.result == '+' ? "a forfeit win" :
					cell.result == 'U' ? "the pairing-allocated bye" :
							     "a win's points without playing",
					q,
					cell.result == 'U' ?
						"no second pairing-allocated bye" :
					cell.result == '+' ?
						"no pairing-allocated bye after a forfeit win" :
						"no pairing-allocated bye after a round won "
						"without playing");
		}
	}
	/* colours (Swiss only: a round robin's colours are the table's): no
	 * difference over 2, no colour three times running (C.04.3 C3), but
	 * on a board of a topscorer when the last round is paired (A.7: C3
	 * binds non-topscorers only, so his opponent is free of it too) */
	for (int b = 0; b < p->nboards && !robin; b++) {
		int ids[2] = {p->boards[b].white, p->boards[b].black};
		int iw = arb_tournament_player_index(t, ids[0]);
		int ib = arb_tournament_player_index(t, ids[1]);
		if (iw >= 0 && ib >= 0 &&
		    (topscorer(t, &info, iw, ids[0], r) || topscorer(t, &info, ib, ids[1], r)))
			continue;
		for (int k = 0; k < 2; k++) {
			int i = arb_tournament_player_index(t, ids[k]), diff, run, d = k ? -1 : 1;
			if (i < 0)
				continue;
			colour_history(t, i, r, &diff, &run);
			if (abs(diff + d) > 2)
				problem(&c,
					"board %d: player %d would have a colour difference of %+d "
					"(C.04.3 C3: at most 2)",
					b + 1, ids[k], diff + d);
			else if ((run > 0) == (d > 0) && abs(run) >= 2)
				problem(&c,
					"board %d: player %d would have %s three times running "
					"(C.04.3 C3)",
					b + 1, ids[k], k ? "Black" : "White");
		}
	}
	/* a player with a bye known for the round, absent from it or withdrawn
	 * is not paired (a forfeit board fixed by the pairing is no pairing:
	 * a round robin's, C.05) */
	for (int b = 0; b < p->nboards; b++) {
		int ids[2] = {p->boards[b].white, p->boards[b].black};
		for (int k = 0; k < 2; k++) {
			int i = arb_tournament_player_index(t, ids[k]), wd;
			arb_tournament_cell cell;
			if (i < 0 || p->result[b][k] == '-')
				continue;
			/* a round played in which he lost this board by forfeit */
			if (r <= arb_tournament_rounds_played(t) &&
			    arb_tournament_get_cell(t, i, r, &cell) == ARB_OK &&
			    cell.opponent == ids[1 - k] && cell.result == '-')
				continue;
			if ((wd = arb_tournament_withdrawn(t, ids[k], r)) != 0)
				problem(&c,
					"board %d: player %d is withdrawn from round %d (%s): a "
					"withdrawn player is not paired",
					b + 1, ids[k], r, wd == 2 ? "for good" : "for a time");
			else if (r > arb_tournament_rounds_played(t) &&
				 arb_tournament_get_cell(t, i, r, &cell) == ARB_OK &&
				 cell.opponent == 0 &&
				 (cell.result == 'H' || cell.result == 'F' || cell.result == 'Z'))
				problem(&c, "board %d: player %d has a %s for the round", b + 1,
					ids[k],
					cell.result == 'H' ? "half-point bye" :
					cell.result == 'F' ? "full-point bye" :
							     "zero-point bye (absent, Z)");
		}
	}
	/* prohibited pairings (TRF-2026 260) */
	for (int b = 0; b < p->nboards; b++) {
		int w = p->boards[b].white, k = p->boards[b].black;
		if (arb_tournament_prohibited(t, r, w, k))
			problem(&c,
				"board %d: %d and %d must not meet in round %d (TRF-2026 260: a "
				"prohibited pairing, absolute like C.04.1 b)",
				b + 1, w, k, r);
	}
	free(seen);
	return c.count;
}
