/*
 * roundpgn.c -- a tournament's rounds as PGN: one game (tags and result, no
 * moves) per board, with the tags tournament software reads (Event, Site,
 * Date, Round, Board, White, Black, their Elo, FideId, Title and Fed) and,
 * in a Chess960 event, the board's start position (FEN, SetUp, Variant).
 *
 * A TRF file keeps no board order; the boards are the ones the Chess960
 * notes record, else a round robin's Berger table when it gives every game
 * of the round with its colours, else unknown (no Board tag; the games in
 * White's pairing-number order). Byes are not games and are left out.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbint.h"

typedef struct rgame {
	int white, black, board;
	char wres, bres;
} rgame;

static arb_status fail(arb_error *err, arb_status code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static arb_status fail(arb_error *err, arb_status code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arb_status st = arbI_err_vreport(err, code, 0, NULL, fmt, ap);
	va_end(ap);
	return st;
}

/* The games of round r (white's cells), in white's id order; their number,
 * or -1 out of memory. */
static int round_games(const arb_tournament *t, int r, rgame **out)
{
	int n = 0, count = arb_tournament_player_count(t);
	rgame *g = malloc(sizeof *g * (size_t)(count / 2 + 1));
	*out = g;
	if (!g)
		return -1;
	for (int i = 0; i < count; i++) {
		arb_tournament_player p;
		arb_tournament_cell c, o;
		arb_tournament_get_player(t, i, &p);
		arb_tournament_get_cell(t, i, r, &c);
		int j = c.opponent ? arb_tournament_player_index(t, c.opponent) : -1;
		if (c.color != 'w' || j < 0 || n > count / 2)
			continue;
		arb_tournament_get_cell(t, j, r, &o);
		g[n++] = (rgame){p.id, c.opponent, 0, c.result, o.result};
	}
	return n;
}

/* Boards from a round robin's table: 1 when every game is on it. */
static int berger_boards(const arb_tournament *t, int r, rgame *g, int n)
{
	static const unsigned flags[] = {0, ARB_PAIR_SWAP_LAST};
	for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++) {
		arb_pairing *p = NULL;
		int found = 0;
		if (arb_tournament_pair(t, r, flags[f], &p, NULL) != ARB_OK)
			return 0;
		for (int k = 0; k < n; k++) {
			g[k].board = 0;
			for (int b = 0; b < arb_pairing_boards(p); b++) {
				arb_board bd;
				arb_pairing_board(p, b, &bd);
				if (bd.white == g[k].white && bd.black == g[k].black)
					g[k].board = b + 1;
			}
			found += g[k].board > 0;
		}
		arb_pairing_free(p);
		if (found == n)
			return 1;
	}
	for (int k = 0; k < n; k++)
		g[k].board = 0;
	return 0;
}

static int by_board(const void *a, const void *b)
{
	const rgame *x = a, *y = b;
	return x->board != y->board ? (x->board > y->board) - (x->board < y->board) :
				      (x->white > y->white) - (x->white < y->white);
}

/* "YYYY.MM.DD" of YYYYMMDD (0: "????.??.??"; 00 month or day as ??). */
static void pgn_date(char *buf, size_t n, int d)
{
	char m[12] = "??", day[12] = "??";
	if (!d) {
		snprintf(buf, n, "????.??.??");
		return;
	}
	if (d / 100 % 100)
		snprintf(m, sizeof m, "%02d", d / 100 % 100);
	if (d % 100)
		snprintf(day, sizeof day, "%02d", d % 100);
	snprintf(buf, n, "%04d.%s.%s", d / 10000, m, day);
}

/* The PGN result of White's and Black's TRF codes, and 1 for a forfeit. */
static const char *pgn_result(char w, char b, int *forfeit)
{
	*forfeit = w == '+' || w == '-' || b == '+' || b == '-';
	if (w == '+' && b == '-')
		return "1-0";
	if (w == '-' && b == '+')
		return "0-1";
	if (*forfeit)
		return "*"; /* both forfeited: no PGN result says 0-0 */
	if (w == '1' || w == 'W')
		return "1-0";
	if (w == '0' || w == 'L')
		return "0-1";
	if (w == '=' || w == 'D')
		return "1/2-1/2";
	return "*";
}

static arb_status side_tags(arb_record *rec, const arb_tournament *t, int id, const char *side)
{
	arb_tournament_player p;
	char tag[32], value[32];
	arb_status st = ARB_OK;
	arb_tournament_get_player(t, arb_tournament_player_index(t, id), &p);
	st = arb_record_set_tag(rec, side, p.name[0] ? p.name : "?");
	snprintf(tag, sizeof tag, "%sElo", side);
	snprintf(value, sizeof value, "%d", p.rating);
	if (st == ARB_OK && p.rating > 0)
		st = arb_record_set_tag(rec, tag, value);
	snprintf(tag, sizeof tag, "%sFideId", side);
	if (st == ARB_OK && p.fide_id[0])
		st = arb_record_set_tag(rec, tag, p.fide_id);
	snprintf(tag, sizeof tag, "%sTitle", side);
	if (st == ARB_OK && p.title[0])
		st = arb_record_set_tag(rec, tag, p.title);
	snprintf(tag, sizeof tag, "%sFed", side);
	if (st == ARB_OK && p.federation[0])
		st = arb_record_set_tag(rec, tag, p.federation);
	return st;
}

/* Round r's games through fn. */
static arb_status write_round(const arb_tournament *t, int r, arb_record *rec, arb_position *pos,
			      arb_write_fn fn, void *ctx, arb_error *err)
{
	arb_tournament_info in;
	arb_tournament_960 c;
	rgame *g;
	int n = round_games(t, r, &g), known = 0;
	char text[160];
	arb_status st = ARB_OK;
	if (n < 0)
		return fail(err, ARB_E_NOMEM, "out of memory");
	arb_tournament_get_info(t, &in);
	st = arb_tournament_get_960(t, &c, err);
	for (int k = 0; k < n; k++)
		known += (g[k].board = arb_tournament_board_of(t, r, g[k].white, g[k].black)) > 0;
	if (known < n && !berger_boards(t, r, g, n))
		known = 0;
	qsort(g, (size_t)n, sizeof *g, by_board);
	for (int k = 0; st == ARB_OK && k < n; k++) {
		int forfeit, wpos, bpos;
		const char *result = pgn_result(g[k].wres, g[k].bres, &forfeit);
		arb_record_clear(rec);
		st = arb_record_set_tag(rec, "Event", in.name[0] ? in.name : "?");
		snprintf(text, sizeof text, "%s%s%s", in.city,
			 in.city[0] && in.federation[0] ? " " : "", in.federation);
		if (st == ARB_OK)
			st = arb_record_set_tag(rec, "Site", text[0] ? text : "?");
		pgn_date(text, sizeof text,
			 arb_tournament_round_date(t, r) ? arb_tournament_round_date(t, r) :
							   in.start_date);
		if (st == ARB_OK)
			st = arb_record_set_tag(rec, "Date", text);
		snprintf(text, sizeof text, "%d", r);
		if (st == ARB_OK)
			st = arb_record_set_tag(rec, "Round", text);
		snprintf(text, sizeof text, "%d", g[k].board);
		if (st == ARB_OK && g[k].board)
			st = arb_record_set_tag(rec, "Board", text);
		if (st == ARB_OK)
			st = side_tags(rec, t, g[k].white, "White");
		if (st == ARB_OK)
			st = side_tags(rec, t, g[k].black, "Black");
		if (st == ARB_OK && forfeit)
			st = arb_record_set_tag(rec, "Termination", "forfeit");
		if (st == ARB_OK && c.on) {
			/* a board the notes do not give: its place in the round's order */
			st = arb_tournament_game_960(t, r, g[k].board ? g[k].board : k + 1,
						     g[k].white, g[k].black, &wpos, &bpos, err);
			if (st == ARB_OK)
				st = arb_chess960_position(pos, wpos, bpos);
			if (st == ARB_OK)
				st = arb_record_set_start(rec, pos);
		}
		arb_record_set_result(rec, result);
		if (st == ARB_OK)
			st = arb_pgn_write(rec, fn, ctx);
		if (st == ARB_E_IO)
			fail(err, st, "the PGN could not be written");
		else if (st == ARB_E_NOMEM)
			fail(err, st, "out of memory");
	}
	free(g);
	return st;
}

arb_status arb_tournament_write_pgn(const arb_tournament *t, int round, arb_write_fn fn, void *ctx,
				    arb_error *err)
{
	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(t && fn, err);
	int played = arb_tournament_rounds_played(t);
	if (round < 0 || round > played)
		return fail(err, ARB_E_ARGUMENT, "round %d is not paired (%d round%s %s)", round,
			    played, played == 1 ? "" : "s", played == 1 ? "is" : "are");
	arb_record *rec = arb_record_new();
	arb_position *pos = arb_position_new();
	arb_status st = rec && pos ? ARB_OK : fail(err, ARB_E_NOMEM, "out of memory");
	for (int r = round ? round : 1; st == ARB_OK && r <= (round ? round : played); r++)
		st = write_round(t, r, rec, pos, fn, ctx, err);
	arb_record_free(rec);
	arb_position_free(pos);
	return st;
}
